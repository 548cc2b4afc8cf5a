//! Every integration test of `examples` builds into this one binary; each file beside it
//! is a module. One binary per crate links once, where a binary per file made CI compile
//! and link over a hundred (docs/architecture.md, "How a new game plugs in"); a file no
//! target declares would never run, and `.ci/check-test-modules.sh` fails on one.

mod arch_conventions;
mod arch_core;
mod arch_learning;
mod auto_traits;
mod crate_readmes;
mod defaults_read_back;
mod docs_pages;
mod error_excerpts;
mod error_types;
mod rule_citations;
mod rules_extremes;
mod serde_formats;
