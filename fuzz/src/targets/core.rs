//! boardgame-core: records (from JSON and from text, and the reports a server logs beside
//! them: search results, conformance reports and violations) and match configurations from
//! JSON, and the race's `apply`.

use boardgame_core::conformance::{ConformanceReport, Violation};
use boardgame_core::race::{Race, RaceAction, RaceRules};
use boardgame_core::{Game, GameRng, ImperfectInfo, MatchConfig, Record, SearchResult, Seat};

use crate::{Bytes, json_round_trip, play_from_bytes, text, text_round_trip};

fn race() -> Race {
    match Race::new(RaceRules::default()) {
        Ok(r) => r,
        Err(e) => panic!("the default race is valid: {e}"),
    }
}

/// A record of race actions from JSON: round trip, and replay refuses or replays cleanly.
/// The same bytes as a search result over race actions (round trip; its action among its
/// visits), a conformance report and a violation (round trips), and as a record's text (of
/// race, chess and backgammon actions).
pub fn record_json(data: &[u8]) {
    if let Some(record) = json_round_trip::<Record<RaceAction>>(data) {
        let game = race();
        if let Ok(state) = record.replay(&game) {
            let again = record.replay(&game).ok();
            assert_eq!(again.as_ref(), Some(&state), "replay is not deterministic");
        }
    }
    if let Some(r) = json_round_trip::<SearchResult<RaceAction>>(data) {
        assert!(
            r.visits.iter().any(|(a, _)| *a == r.action),
            "{r:?}: the action was not visited"
        );
        let _ = r.policy();
    }
    json_round_trip::<ConformanceReport>(data);
    json_round_trip::<Violation>(data);
    // The same bytes as a record's text: round trip, and replay refuses or replays cleanly;
    // with actions of one word (the race's) and of several (chess's claims, backgammon's
    // plays).
    if let Some(s) = text(data) {
        if let Some(record) = text_round_trip::<Record<RaceAction>>(s) {
            let game = race();
            if let Ok(state) = record.replay(&game) {
                assert_eq!(record.replay(&game).ok(), Some(state), "replay differs");
            }
        }
        text_round_trip::<Record<lattjo_chess::Action>>(s);
        text_round_trip::<Record<lattjo_backgammon::Action>>(s);
        // The core's small texts, line by line: a seat (`seat 3`) and a shape (`20x8x8`).
        for line in s.lines().take(64) {
            text_round_trip::<Seat>(line);
            if let Some(shape) = text_round_trip::<boardgame_core::Shape>(line) {
                assert!(shape.size() > 0, "{line:?}: a shape of no element");
            }
        }
    }
}

/// Seeds for [`record_json`].
pub fn record_json_seeds() -> Vec<Vec<u8>> {
    vec![
        br#"{"seed":7,"actions":[{"Deal":1},{"Deal":2},{"Roll":6},"Advance"]}"#.to_vec(),
        b"seed 7\ndeal 1\ndeal 2\nroll 6\nadvance\n".to_vec(),
        br#"{"seed":0,"actions":[]}"#.to_vec(),
        b"seed 0\r\ne2e4\r\n\r\nclaim draw with g1f3\r\nresign\r\n".to_vec(),
        b"seed 18446744073709551615\nopening 3-1\n8/5 6/5\nroll\n".to_vec(),
        b"seat 3\n20x8x8\nseat 256\n0x5\n9\n".to_vec(),
        br#"{"action":"Advance","visits":[["Advance",7],[{"Play":2},3]]}"#.to_vec(),
        br#"{"games":3,"plies":40,"player_nodes":30,"chance_nodes":10,"refusals_checked":5,"determinizations":0,"determinizations_that_differed":0,"observations":0,"masks":0,"parametric_actions":0,"foreign_nodes":0,"foreign_accepted":0}"#.to_vec(),
        br#"{"seed":7,"ply":0,"what":"seat 0 to move has no legal action"}"#.to_vec(),
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
