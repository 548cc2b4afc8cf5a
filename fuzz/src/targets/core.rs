//! boardgame-core: records and match configurations from JSON, and the race's `apply`.

use boardgame_core::race::{Race, RaceAction, RaceRules};
use boardgame_core::{Game, GameRng, ImperfectInfo, MatchConfig, Record, Seat};

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
    let end = play_from_bytes(
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
    // A determinization from each seat's view shows the seat what the state shows it, and the
    // same generator gives the same one from any state of that view (the race's determinize
    // once depended on the hidden cards' order).
    let seed = u64::from(bytes.u32());
    for i in 0..game.num_players() {
        let seat = Seat::new(i as u8);
        let d = game.determinize(&end, seat, &mut GameRng::new(seed, 1));
        assert_eq!(
            game.view(&d, Some(seat)),
            game.view(&end, Some(seat)),
            "{end:?}: a determinization for seat {i} shows the seat something else"
        );
        let again = game.determinize(&d, seat, &mut GameRng::new(seed, 1));
        assert_eq!(
            again, d,
            "{end:?}: seat {i}'s determinization depends on hidden cards"
        );
    }
}

/// Seeds for [`race_apply`].
pub fn race_apply_seeds() -> Vec<Vec<u8>> {
    vec![(0u8..=255).cycle().take(600).collect(), vec![0; 64]]
}
