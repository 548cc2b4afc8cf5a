//! Serde (feature `serde`): a state survives a JSON round trip exactly and plays on
//! identically; deserializing validates through the same checks as the constructors, so no
//! impossible state, position, move or counter gets in, whatever the JSON says.
#![cfg(feature = "serde")]

use boardgame_core::{Game, GameRng, random_playout_capped};
use lattjo_draughts::{
    Action, Draughts, KingMoves, Move, Position, Rules, RulesError, State, read_games,
};
use proptest::prelude::*;
use serde_json::{Value, json};

fn rules() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::wcdf()),
        Just(Rules::lattjo()),
        Just(Rules::wcdf().with_auto_adjudicate(true)),
        Just(Rules::wcdf().with_flying_kings(true)),
        Just(Rules::wcdf().with_repetitions(2).with_quiet_moves(3)),
    ]
}

/// A state after up to `plies` random actions from the start or from a king ending (so
/// that repetition histories and draw claims come up).
fn mid_game(game: &Draughts, seed: u64, plies: u32, kings_only: bool) -> State {
    let mut state = if kings_only {
        game.state_from("B:WK25,K30,K32:BK1,K3".parse().unwrap())
    } else {
        game.new_initial_state()
    };
    let mut buf = Vec::new();
    random_playout_capped(
        game,
        &mut state,
        &mut GameRng::new(seed, 1),
        &mut buf,
        plies,
    );
    state
}

fn to_json(s: &State) -> Value {
    serde_json::to_value(s).unwrap()
}

fn from_json(v: Value) -> Result<State, String> {
    serde_json::from_value(v).map_err(|e| e.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn random_mid_game_state_round_trips_and_plays_on_identically(
        r in rules(), seed in any::<u64>(), plies in 0u32..160, kings_only in any::<bool>()
    ) {
        let game = Draughts::new(r).unwrap();
        let state = mid_game(&game, seed, plies, kings_only);
        let text = serde_json::to_string(&state).unwrap();
        let back: State = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(&back, &state);
        prop_assert_eq!(serde_json::to_string(&back).unwrap(), text);
        // Play on from both with the same generator: the same game.
        let (mut a, mut b) = (state, back);
        let (mut ra, mut rb) = (GameRng::new(seed, 2), GameRng::new(seed, 2));
        let (mut ba, mut bb) = (Vec::new(), Vec::new());
        for _ in 0..200 {
            let x = game.sample_action(&a, &mut ra, &mut ba);
            let y = game.sample_action(&b, &mut rb, &mut bb);
            prop_assert_eq!(x, y);
            let Some(x) = x else { break };
            game.apply(&mut a, &x).unwrap();
            game.apply(&mut b, &x).unwrap();
            prop_assert_eq!(&a, &b);
        }
    }

    #[test]
    fn mutated_state_json_is_refused_or_valid(
        seed in any::<u64>(), plies in 0u32..120, edits in prop::collection::vec((0u8..4, any::<prop::sample::Index>(), 0u32..40), 1..4)
    ) {
        let game = Draughts::default();
        let state = mid_game(&game, seed, plies, seed.is_multiple_of(2));
        let mut v = to_json(&state);
        for (op, at, n) in edits {
            mutate(&mut v, op, at, n);
        }
        if let Ok(s) = from_json(v) {
            // Accepted: it writes back to itself and play goes on without panicking.
            let again = from_json(to_json(&s)).unwrap();
            prop_assert_eq!(&again, &s);
            let mut s = s;
            random_playout_capped(&game, &mut s, &mut GameRng::new(seed, 3), &mut Vec::new(), 300);
        }
    }
}

/// One edit of a serialized state: a counter changed, a history entry dropped or
/// duplicated, a last move or an outcome replaced.
fn mutate(v: &mut Value, op: u8, at: prop::sample::Index, n: u32) {
    let obj = v.as_object_mut().unwrap();
    match op {
        0 => {
            let key = ["plies", "quiet_plies"][at.index(2)];
            obj[key] = json!(n);
        }
        1 => {
            let h = obj["history"].as_array_mut().unwrap();
            if !h.is_empty() {
                let i = at.index(h.len());
                if n.is_multiple_of(2) {
                    h.remove(i);
                } else {
                    let x = h[i].clone();
                    h.insert(i, x);
                }
            }
        }
        2 => {
            let moves = [
                json!(null),
                json!({"path": [11, 15], "captured": []}),
                json!({"path": [22, 18], "captured": []}),
                json!({"path": [15, 24], "captured": [19]}),
            ];
            obj["last_move"] = moves[at.index(moves.len())].clone();
        }
        _ => {
            let outcomes = [
                json!(null),
                json!({"Draw": "Agreement"}),
                json!({"Draw": "Repetition"}),
                json!({"Draw": "FortyMoveRule"}),
                json!({"Win": {"winner": "White", "reason": "NoMoves"}}),
                json!({"Win": {"winner": "Black", "reason": "NoPieces"}}),
            ];
            obj["outcome"] = outcomes[at.index(outcomes.len())].clone();
        }
    }
}

/// A state after a king shuffle: 1-6 32-27 6-1 27-32 1-6 (the start stood twice).
fn shuffled() -> (Draughts, State) {
    let game = Draughts::default();
    let mut s = game.state_from("B:WK32:BK1".parse().unwrap());
    for t in ["1-6", "32-27", "6-1", "27-32", "1-6"] {
        let mv = s.position().parse_move(t, KingMoves::Short).unwrap();
        game.apply(&mut s, &Action::Move(mv)).unwrap();
    }
    (game, s)
}

#[test]
fn the_serialized_form_is_plain_and_readable() {
    let (_, s) = shuffled();
    let v = to_json(&s);
    assert_eq!(v["position"], json!("W:WK32:BK6"));
    assert_eq!(
        v["history"],
        json!([
            "B:WK32:BK1",
            "W:WK32:BK6",
            "B:WK27:BK6",
            "W:WK27:BK1",
            "B:WK32:BK1"
        ])
    );
    assert_eq!(v["quiet_plies"], json!(5));
    assert_eq!(v["last_move"], json!({"path": [1, 6], "captured": []}));
    assert_eq!(v["outcome"], json!(null));
    assert_eq!(from_json(v).unwrap(), s);
}

#[test]
fn deserializing_refuses_every_impossible_state() {
    let (_, s) = shuffled();
    let good = to_json(&s);
    let refused = |edit: &dyn Fn(&mut Value), why: &str| {
        let mut v = good.clone();
        edit(&mut v);
        let err = from_json(v).expect_err(why);
        assert!(err.contains(why), "{err} should say {why}");
    };
    // A history entry that is not one king move before the next.
    refused(
        &|v| v["history"][2] = json!("B:WK27:BK10"),
        "history entry 1 is not one king move",
    );
    refused(
        &|v| v["history"][0] = json!("B:WK32:B1,K5"),
        "history entry 0 is not one king move",
    );
    // Counters that disagree with the history or with each other.
    refused(
        &|v| v["quiet_plies"] = json!(4),
        "quiet_plies is 4 but the history holds 5",
    );
    refused(
        &|v| v["plies"] = json!(4),
        "plies (4) is below quiet_plies (5)",
    );
    // A last move that did not lead here.
    refused(
        &|v| v["last_move"] = json!(null),
        "the last move does not fit",
    );
    refused(
        &|v| v["last_move"] = json!({"path": [5, 9], "captured": []}),
        "the last move does not fit",
    );
    // Outcomes the position does not show.
    refused(
        &|v| v["outcome"] = json!({"Win": {"winner": "Black", "reason": "NoPieces"}}),
        "does not fit the position",
    );
    // Impossible positions and moves, through their own checks.
    refused(
        &|v| v["position"] = json!("W:W1:BK6"),
        "a White man stands on its crowning row",
    );
    refused(
        &|v| v["last_move"] = json!({"path": [1, 6, 10], "captured": []}),
        "a move that captures nothing has 2 squares",
    );
    refused(
        &|v| v["last_move"] = json!({"path": [1, 33], "captured": []}),
        "out of range",
    );
    // A lost position must be over.
    let lost = json!({"position": "B:W9,14:B5", "history": [], "quiet_plies": 0, "plies": 0,
                      "last_move": null, "outcome": null});
    assert!(
        from_json(lost)
            .unwrap_err()
            .contains("does not fit the position")
    );
}

#[test]
fn a1_a_forty_move_draw_needs_quiet_plies_and_a_repetition_draw_a_repeat() {
    let (_, s) = shuffled();
    let mut v = to_json(&s);
    v["outcome"] = json!({"Draw": "Repetition"});
    assert!(
        from_json(v.clone()).is_ok(),
        "5 quiet plies: a return is possible"
    );
    v["outcome"] = json!({"Draw": "FortyMoveRule"});
    assert!(
        from_json(v).is_ok(),
        "5 quiet plies: a 40-move rule of 1 or 2 moves"
    );
    let fresh = to_json(&Draughts::default().new_initial_state());
    for outcome in [
        json!({"Draw": "Repetition"}),
        json!({"Draw": "FortyMoveRule"}),
    ] {
        let mut v = fresh.clone();
        v["outcome"] = outcome;
        assert!(from_json(v).is_err());
    }
}

#[test]
fn regression_plies_counter_at_u32_max_saturates_instead_of_overflowing() {
    // A state whose ply counter is at its largest is valid (a very long Lattjo game); the
    // next move must not overflow it (debug builds panicked on `plies += 1`).
    let game = Draughts::default();
    let mut v = to_json(&game.new_initial_state());
    v["plies"] = json!(u32::MAX);
    v["last_move"] = json!({"path": [22, 18], "captured": []});
    v["position"] = json!("B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    let mut s = from_json(v).unwrap();
    let mv = s.position().parse_move("11-15", KingMoves::Short).unwrap();
    game.apply(&mut s, &Action::Move(mv)).unwrap();
    assert_eq!(s.plies(), u32::MAX);
    // The quiet counter saturates the same way; it is bounded by the history in a valid
    // state, so it cannot come in at its maximum.
    let mut v = to_json(&s);
    v["quiet_plies"] = json!(u32::MAX);
    assert!(from_json(v).is_err());
}

/// Rules deserialization checks `Rules::validate`, as `Draughts::new` does (it read rules
/// no game accepts as data before, 5 December 2026).
#[test]
fn rules_deserialization_and_the_constructor_validate_alike() {
    let bad = json!({"king_moves": "Short", "draws": "Claim", "repetitions": 1, "quiet_moves": 40});
    let e = serde_json::from_value::<Rules>(bad).expect_err("one repetition is refused");
    assert!(
        e.to_string()
            .contains(&RulesError::Repetitions(1).to_string()),
        "{e}"
    );
    let mut r = Rules::wcdf();
    r.repetitions = 1;
    assert_eq!(Draughts::new(r), Err(RulesError::Repetitions(1)));
    let r: Rules = serde_json::from_value(serde_json::to_value(Rules::lattjo()).unwrap()).unwrap();
    assert_eq!(r, Rules::lattjo());
}

#[test]
fn positions_and_moves_round_trip_and_validate() {
    let p: Position = serde_json::from_value(json!("W:W18,K2:B7,K10")).unwrap();
    assert_eq!(serde_json::to_value(p).unwrap(), json!("W:WK2,18:B7,K10"));
    assert!(serde_json::from_value::<Position>(json!("B:W1-13:B30")).is_err());
    let mv: Move = "6x15x22x13x6".parse().unwrap();
    let v = serde_json::to_value(mv).unwrap();
    assert_eq!(
        v,
        json!({"path": [6, 15, 22, 13, 6], "captured": [9, 10, 17, 18]})
    );
    assert_eq!(serde_json::from_value::<Move>(v).unwrap(), mv);
    for bad in [
        json!({"path": [15, 24], "captured": [18]}),
        json!({"path": [15, 24], "captured": [19, 19]}),
        json!({"path": [15], "captured": []}),
        json!({"path": [15, 17], "captured": []}),
        json!({"path": [15, 24, 31], "captured": [19]}),
    ] {
        assert!(
            serde_json::from_value::<Move>(bad.clone()).is_err(),
            "{bad}"
        );
    }
    // A game's moves from PDN serialize move by move.
    let g = &read_games("1. 11-15 23-19 2. 8-11 *").unwrap()[0];
    let moves: Vec<Move> =
        serde_json::from_value(serde_json::to_value(g.moves()).unwrap()).unwrap();
    assert_eq!(moves, g.moves());
}

/// Found by a hostile-input sweep (4 Dec 2026): deserializing counted each history entry's
/// repetitions by a search through the entries before it, O(h^2) in the history's length,
/// which the JSON sets (40,000 positions took 0.25 s; a 16 MB state, minutes). The counts
/// are now kept in one pass. This replays a 20,000-ply king shuffle (draws are claims
/// under the default rules, so nothing ends it) and checks that the deserialized state
/// has exactly the counts play gave it (A1).
#[test]
fn regression_a_long_repetition_history_deserializes_with_the_counts_play_gave_it() {
    let game = Draughts::default();
    let mut s = game.state_from("B:WK32:BK1".parse().unwrap());
    let cycle = ["1-6", "32-27", "6-1", "27-32"];
    for i in 0..20_000 {
        let mv = s
            .position()
            .parse_move(cycle[i % 4], KingMoves::Short)
            .unwrap();
        game.apply(&mut s, &Action::Move(mv)).unwrap();
    }
    assert_eq!(s.history().len(), 20_001);
    assert_eq!(s.repetitions(), 5_001);
    let back = from_json(to_json(&s)).unwrap();
    assert_eq!(back.repetitions(), 5_001);
    assert_eq!(back, s, "derived counts included");
}
