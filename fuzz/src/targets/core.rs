//! boardgame-core: records and match configurations from JSON, and the race's `apply`.

use boardgame_core::race::{Race, RaceAction, RaceRules};
use boardgame_core::{Game, MatchConfig, Record};

use crate::{Bytes, json_round_trip, play_from_bytes};

fn race() -> Race {
    match Race::new(RaceRules::default()) {
        Ok(r) => r,
        Err(e) => panic!("the default race is valid: {e}"),
    }
}

/// A record of race actions from JSON: round trip, and replay refuses or replays cleanly.
pub fn record_json(data: &[u8]) {
    if let Some(record) = json_round_trip::<Record<RaceAction>>(data) {
        let game = race();
        if let Ok(state) = record.replay(&game) {
            let again = record.replay(&game).ok();
            assert_eq!(again.as_ref(), Some(&state), "replay is not deterministic");
        }
    }
}

/// Seeds for [`record_json`].
pub fn record_json_seeds() -> Vec<Vec<u8>> {
    vec![
        br#"{"seed":7,"actions":[{"Deal":1},{"Deal":2},{"Roll":6},"Advance"]}"#.to_vec(),
        br#"{"seed":0,"actions":[]}"#.to_vec(),
    ]
}

/// A match configuration from JSON: round trip; an accepted one has a target or a limit.
pub fn match_config_json(data: &[u8]) {
    if let Some(cfg) = json_round_trip::<MatchConfig>(data) {
        assert!(
            cfg.target().is_some() || cfg.max_rounds().is_some(),
            "{cfg:?} has neither a target nor a round limit"
        );
        if let Some(t) = cfg.target() {
            assert!(t > 0, "{cfg:?} has a target of {t}");
        }
    }
}

/// Seeds for [`match_config_json`].
pub fn match_config_json_seeds() -> Vec<Vec<u8>> {
    vec![
        br#"{"target":100,"max_rounds":null}"#.to_vec(),
        br#"{"target":null,"max_rounds":3}"#.to_vec(),
    ]
}

/// The race played from the fuzzer's bytes, with arbitrary actions mixed in.
pub fn race_apply(data: &[u8]) {
    let game = race();
    let mut bytes = Bytes::new(data);
    play_from_bytes(
        &game,
        game.new_initial_state(),
        &mut bytes,
        400,
        |b| match b.u8() % 4 {
            0 => RaceAction::Deal(b.u8()),
            1 => RaceAction::Roll(b.u8()),
            2 => RaceAction::Advance,
            _ => RaceAction::Play(b.u8()),
        },
    );
}

/// Seeds for [`race_apply`].
pub fn race_apply_seeds() -> Vec<Vec<u8>> {
    vec![(0u8..=255).cycle().take(600).collect(), vec![0; 64]]
}
