//! The targets, one module per crate. [`ALL`] lists every one; the smoke run and the
//! libFuzzer binaries (`fuzz_targets/<name>.rs`) both take them from here.

use crate::Target;

pub mod core;

/// Every target of the workspace.
pub const ALL: &[Target] = &[
    Target {
        name: "core_record_json",
        run: core::record_json,
        seeds: core::record_json_seeds,
    },
    Target {
        name: "core_match_config_json",
        run: core::match_config_json,
        seeds: core::match_config_json_seeds,
    },
    Target {
        name: "core_race_apply",
        run: core::race_apply,
        seeds: core::race_apply_seeds,
    },
];

/// The target called `name`.
#[must_use]
pub fn by_name(name: &str) -> Option<&'static Target> {
    ALL.iter().find(|t| t.name == name)
}
