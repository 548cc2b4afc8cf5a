//! The targets, one module per crate. [`ALL`] lists every one; the smoke run and the
//! libFuzzer binaries (`fuzz_targets/<name>.rs`) both take them from here.

use crate::Target;

pub mod backgammon;
pub mod binary;
pub mod carrom;
pub mod chess;
pub mod core;
pub mod disc_billiards;
pub mod dominoes;
pub mod draughts;
pub mod ludo;
pub mod physics;

const fn t(name: &'static str, run: fn(&[u8]), seeds: fn() -> Vec<Vec<u8>>) -> Target {
    Target { name, run, seeds }
}

/// Every target of the workspace.
pub const ALL: &[Target] = &[
    t(
        "core_record_json",
        core::record_json,
        core::record_json_seeds,
    ),
    t(
        "core_match_config_json",
        core::match_config_json,
        core::match_config_json_seeds,
    ),
    t("core_race_apply", core::race_apply, core::race_apply_seeds),
    t(
        "core_postcard_state",
        binary::postcard_state,
        binary::postcard_state_seeds,
    ),
    t("chess_fen", chess::fen, chess::fen_seeds),
    t("chess_san", chess::san, chess::san_seeds),
    t("chess_uci", chess::uci, chess::uci_seeds),
    t(
        "chess_uci_protocol",
        chess::uci_protocol,
        chess::uci_protocol_seeds,
    ),
    t("chess_polyglot", chess::polyglot, chess::polyglot_seeds),
    t("chess_pgn", chess::pgn, chess::pgn_seeds),
    t(
        "chess_pgn_commands",
        chess::pgn_commands,
        chess::pgn_commands_seeds,
    ),
    t("chess_epd", chess::epd, chess::epd_seeds),
    t(
        "chess_position_json",
        chess::position_json,
        chess::position_json_seeds,
    ),
    t(
        "chess_setup_json",
        chess::setup_json,
        chess::setup_json_seeds,
    ),
    t(
        "chess_state_json",
        chess::state_json,
        chess::state_json_seeds,
    ),
    t(
        "chess_types_json",
        chess::types_json,
        chess::types_json_seeds,
    ),
    t("chess_apply", chess::apply, chess::apply_seeds),
    t("draughts_fen", draughts::fen, draughts::fen_seeds),
    t(
        "draughts_move_text",
        draughts::move_text,
        draughts::move_text_seeds,
    ),
    t("draughts_pdn", draughts::pdn, draughts::pdn_seeds),
    t(
        "draughts_position_json",
        draughts::position_json,
        draughts::position_json_seeds,
    ),
    t(
        "draughts_setup_json",
        draughts::setup_json,
        draughts::setup_json_seeds,
    ),
    t(
        "draughts_state_json",
        draughts::state_json,
        draughts::state_json_seeds,
    ),
    t(
        "draughts_types_json",
        draughts::types_json,
        draughts::types_json_seeds,
    ),
    t("draughts_apply", draughts::apply, draughts::apply_seeds),
    t("backgammon_xgid", backgammon::xgid, backgammon::xgid_seeds),
    t("backgammon_fibs", backgammon::fibs, backgammon::fibs_seeds),
    t(
        "backgammon_gnubg_id",
        backgammon::gnubg_id,
        backgammon::gnubg_id_seeds,
    ),
    t(
        "backgammon_notation",
        backgammon::notation,
        backgammon::notation_seeds,
    ),
    t(
        "backgammon_state_json",
        backgammon::state_json,
        backgammon::state_json_seeds,
    ),
    t(
        "backgammon_types_json",
        backgammon::types_json,
        backgammon::types_json_seeds,
    ),
    t(
        "backgammon_apply",
        backgammon::apply,
        backgammon::apply_seeds,
    ),
    t("backgammon_mat", backgammon::mat, backgammon::mat_seeds),
    t("backgammon_sgf", backgammon::sgf, backgammon::sgf_seeds),
    t("ludo_state_text", ludo::state_text, ludo::state_text_seeds),
    t("ludo_notation", ludo::notation, ludo::notation_seeds),
    t("ludo_json", ludo::json, ludo::json_seeds),
    t("ludo_apply", ludo::apply, ludo::apply_seeds),
    t(
        "dominoes_text",
        dominoes::text_forms,
        dominoes::text_forms_seeds,
    ),
    t("dominoes_json", dominoes::json, dominoes::json_seeds),
    t("dominoes_setup", dominoes::setup, dominoes::setup_seeds),
    t("dominoes_apply", dominoes::apply, dominoes::apply_seeds),
    t(
        "dominoes_match_state_json",
        dominoes::match_state_json,
        dominoes::match_state_json_seeds,
    ),
    t(
        "carrom_stroke_text",
        carrom::stroke_text,
        carrom::stroke_text_seeds,
    ),
    t("carrom_json", carrom::json, carrom::json_seeds),
    t("carrom_resolve", carrom::resolve, carrom::resolve_seeds),
    t("carrom_apply", carrom::apply, carrom::apply_seeds),
    t(
        "disc_billiards_stroke_text",
        disc_billiards::stroke_text,
        disc_billiards::stroke_text_seeds,
    ),
    t(
        "disc_billiards_json",
        disc_billiards::json,
        disc_billiards::json_seeds,
    ),
    t(
        "disc_billiards_resolve",
        disc_billiards::resolve,
        disc_billiards::resolve_seeds,
    ),
    t(
        "disc_billiards_apply",
        disc_billiards::apply,
        disc_billiards::apply_seeds,
    ),
    t("physics_json", physics::json, physics::json_seeds),
    t("physics_world", physics::world, physics::world_seeds),
    t("physics_crowd", physics::crowd, physics::crowd_seeds),
];

/// The target called `name`.
#[must_use]
pub fn by_name(name: &str) -> Option<&'static Target> {
    ALL.iter().find(|t| t.name == name)
}

#[cfg(test)]
mod tests {
    use super::ALL;

    #[test]
    fn names_are_unique() {
        for (i, a) in ALL.iter().enumerate() {
            assert!(ALL[i + 1..].iter().all(|b| b.name != a.name), "{}", a.name);
        }
    }

    #[test]
    fn every_seed_passes() {
        for t in ALL {
            let seeds = (t.seeds)();
            assert!(!seeds.is_empty(), "{} has no seed", t.name);
            for s in seeds {
                (t.run)(&s);
            }
        }
    }
}
