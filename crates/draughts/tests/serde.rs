//! Serde (feature `serde`): a state survives a JSON round trip exactly and plays on
//! identically; deserializing validates through the same checks as the constructors, so no
//! impossible state, position, move or counter gets in, whatever the JSON says.
#![cfg(feature = "serde")]

use boardgame_core::{Game, GameRng, random_playout_capped};
use lattjo_draughts::{
    Action, Draughts, DrawReason, KingMoves, Move, Position, Rules, RulesError, State, StateError,
    read_games,
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
    assert_eq!(
        v["rules"],
        json!({"king_moves": "Short", "draws": "Claim", "repetitions": 3, "quiet_moves": 40})
    );
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
        "a white man stands on its crowning row",
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
    let lost = json!({"rules": good["rules"], "position": "B:W9,14:B5", "history": [],
                      "quiet_plies": 0, "plies": 0, "last_move": null, "outcome": null});
    assert!(
        from_json(lost)
            .unwrap_err()
            .contains("does not fit the position")
    );
}

/// The JSON of a default game's (WCDF claims) king shuffle after `plies` plies of the cycle
/// 1-6 32-27 6-1 27-32, with `rules` and `outcome` put in.
fn shuffle_json(plies: usize, rules: Rules, outcome: Value) -> Value {
    let game = Draughts::default();
    let mut s = game.state_from("B:WK32:BK1".parse().unwrap());
    let cycle = ["1-6", "32-27", "6-1", "27-32"];
    for t in cycle.iter().cycle().take(plies) {
        let mv = s.position().parse_move(t, KingMoves::Short).unwrap();
        game.apply(&mut s, &Action::Move(mv)).unwrap();
    }
    let mut v = to_json(&s);
    v["rules"] = serde_json::to_value(rules).unwrap();
    v["outcome"] = outcome;
    v
}

/// Asserts that `v` is refused with `why`'s message.
fn refused_with(v: Value, why: &StateError) {
    let err = from_json(v).expect_err("refused");
    assert!(err.contains(&why.to_string()), "{err} should say {why}");
}

const NONE: Value = Value::Null;

fn draw(reason: &str) -> Value {
    json!({ "Draw": reason })
}

/// V1, A1: a draw by repetition or by the 40-move rule deserializes only where the state's
/// own rules give it: never under the booklet's (agreement only); under claims, only when
/// the player to move could claim it in that very state; under automatic adjudication, only
/// on reaching the threshold (the repetition first). Before states carried their rules, any
/// such draw after 3 (repetition) or 2 (40-move rule) quiet plies was accepted.
#[test]
fn v1_a1_a_draw_deserializes_only_where_the_states_rules_give_it() {
    use DrawReason::{FortyMoveRule as Forty, Repetition};
    let wcdf = Rules::wcdf();
    let auto = Rules::wcdf().with_auto_adjudicate(true);
    // 5 plies: 1-6 32-27 6-1 27-32 1-6, White to move in a position standing twice.
    let shuffle = |rules, outcome| shuffle_json(5, rules, outcome);
    refused_with(
        shuffle(wcdf, draw("Repetition")),
        &StateError::DrawNotGiven(Repetition),
    );
    refused_with(
        shuffle(wcdf, draw("FortyMoveRule")),
        &StateError::DrawNotGiven(Forty),
    );
    assert!(from_json(shuffle(wcdf, draw("Agreement"))).is_ok());
    // A claim that was valid: the second occurrence under a repetition number of 2; 5
    // quiet plies under a 40-move rule of 2 moves (4 plies).
    assert!(from_json(shuffle(wcdf.with_repetitions(2), draw("Repetition"))).is_ok());
    assert!(from_json(shuffle(wcdf.with_quiet_moves(2), draw("FortyMoveRule"))).is_ok());
    refused_with(
        shuffle(wcdf.with_quiet_moves(3), draw("FortyMoveRule")),
        &StateError::DrawNotGiven(Forty),
    );
    // The booklet: agreement only.
    let lattjo = Rules::lattjo().with_repetitions(2).with_quiet_moves(1);
    refused_with(
        shuffle(lattjo, draw("Repetition")),
        &StateError::DrawNotGiven(Repetition),
    );
    refused_with(
        shuffle(lattjo, draw("FortyMoveRule")),
        &StateError::DrawNotGiven(Forty),
    );
    assert!(from_json(shuffle(lattjo, draw("Agreement"))).is_ok());
    assert!(from_json(shuffle(lattjo, NONE)).is_ok());
    // Automatic adjudication, below both thresholds: in play; no draw but agreement.
    assert!(from_json(shuffle(auto, NONE)).is_ok());
    refused_with(
        shuffle(auto, draw("Repetition")),
        &StateError::DrawNotGiven(Repetition),
    );
    // 4 plies: the start stands for the second time, 4 quiet plies.
    let four = |rules, outcome| shuffle_json(4, rules, outcome);
    assert!(from_json(four(auto.with_repetitions(2), draw("Repetition"))).is_ok());
    assert!(from_json(four(auto.with_quiet_moves(2), draw("FortyMoveRule"))).is_ok());
    // Both thresholds at once: the repetition is adjudicated.
    let both = auto.with_repetitions(2).with_quiet_moves(2);
    assert!(from_json(four(both, draw("Repetition"))).is_ok());
    refused_with(
        four(both, draw("FortyMoveRule")),
        &StateError::DrawNotGiven(Forty),
    );
    // A fresh state has nothing to draw by.
    for rules in [wcdf, auto, wcdf.with_repetitions(2).with_quiet_moves(1)] {
        let fresh = shuffle_json(0, rules, draw("FortyMoveRule"));
        refused_with(fresh, &StateError::DrawNotGiven(Forty));
    }
}

/// V1 (automatic adjudication), A1: a state of rules that adjudicate draws never stands
/// past one: not in play on the threshold's ply, nor with an earlier position that reached
/// it (the repetition number, or more quiet plies than the 40-move rule's).
#[test]
fn v1_a1_an_adjudicated_state_never_stands_past_its_draw() {
    use DrawReason::{FortyMoveRule as Forty, Repetition};
    let auto = Rules::wcdf().with_auto_adjudicate(true);
    // 4 plies: the start stands for the second time, 4 quiet plies, in play.
    refused_with(
        shuffle_json(4, auto.with_repetitions(2), NONE),
        &StateError::PlayedPastDraw(Repetition),
    );
    refused_with(
        shuffle_json(4, auto.with_quiet_moves(2), NONE),
        &StateError::PlayedPastDraw(Forty),
    );
    refused_with(
        shuffle_json(4, auto.with_quiet_moves(2), draw("Agreement")),
        &StateError::PlayedPastDraw(Forty),
    );
    // 5 plies: the position before the last stood twice; 5 quiet plies.
    refused_with(
        shuffle_json(5, auto.with_repetitions(2), NONE),
        &StateError::PlayedPastDraw(Repetition),
    );
    refused_with(
        shuffle_json(5, auto.with_repetitions(2), draw("Repetition")),
        &StateError::PlayedPastDraw(Repetition),
    );
    refused_with(
        shuffle_json(5, auto.with_quiet_moves(2), draw("FortyMoveRule")),
        &StateError::PlayedPastDraw(Forty),
    );
    // The same states under claims (nobody claimed) and the booklet's rules are valid.
    for rules in [
        Rules::wcdf().with_repetitions(2).with_quiet_moves(2),
        Rules::lattjo().with_repetitions(2).with_quiet_moves(2),
    ] {
        assert!(from_json(shuffle_json(5, rules, NONE)).is_ok());
        assert!(from_json(shuffle_json(4, rules, NONE)).is_ok());
    }
    // A 40-move rule run to its end under claims, read as automatic: refused.
    let long = shuffle_json(81, Rules::wcdf(), NONE);
    assert!(from_json(long.clone()).is_ok());
    let mut v = long;
    v["rules"] = serde_json::to_value(auto.with_repetitions(255)).unwrap();
    refused_with(v, &StateError::PlayedPastDraw(Forty));
}

/// D12, V2: under short kings, a state whose history or last move holds a flying king's
/// move is refused, naming the move.
#[test]
fn d12_v2_a_short_kings_state_with_a_flying_move_is_refused() {
    let flying = Draughts::new(Rules::wcdf().with_flying_kings(true)).unwrap();
    let short = serde_json::to_value(Rules::wcdf()).unwrap();
    // A slide 1-10 (two squares), then White's step back and forth.
    let start: Position = "B:WK32:BK1".parse().unwrap();
    let mut s = flying.state_from(start);
    for t in ["1-10", "32-27"] {
        let mv = s.position().parse_move(t, KingMoves::Flying).unwrap();
        flying.play(&mut s, &mv).unwrap();
    }
    let mut v = to_json(&s);
    assert!(from_json(v.clone()).is_ok());
    v["rules"] = short.clone();
    refused_with(v, &StateError::FlyingMove("1-10".parse().unwrap()));
    // A long capture: 1 over 15 to 19 (the last move; the history starts again after it).
    let mut s = flying.state_from("B:W15,K32:BK1".parse().unwrap());
    let long = s.position().parse_move("1x19", KingMoves::Flying).unwrap();
    flying.play(&mut s, &long).unwrap();
    let mut v = to_json(&s);
    assert!(from_json(v.clone()).is_ok());
    v["rules"] = short;
    refused_with(v, &StateError::FlyingMove(long));
}

/// D4: a man steps one square, under any rules; a last move of two squares by a man that
/// made no capture does not fit (it was read before, 5 December 2026).
#[test]
fn d4_a_last_move_of_a_man_over_two_squares_is_refused() {
    let game = Draughts::default();
    let mut s = game.new_initial_state();
    game.play(&mut s, &"11-15".parse().unwrap()).unwrap();
    let mut v = to_json(&s);
    assert!(from_json(v.clone()).is_ok());
    // 8-11-15 is one diagonal: a two-square "step" onto 15.
    v["last_move"] = json!({"path": [8, 15], "captured": []});
    refused_with(v.clone(), &StateError::LastMove);
    v["rules"] = serde_json::to_value(Rules::wcdf().with_flying_kings(true)).unwrap();
    refused_with(v, &StateError::LastMove);
}

/// The serialized state carries its rules: a round trip keeps them, the rules are checked
/// as `Draughts::new` checks them, and a state without them (the form before 5 December
/// 2026) is refused.
#[test]
fn a_state_round_trips_with_its_rules_and_they_are_checked() {
    for rules in [
        Rules::wcdf(),
        Rules::lattjo().with_flying_kings(true),
        Rules::wcdf()
            .with_auto_adjudicate(true)
            .with_repetitions(5)
            .with_quiet_moves(7),
    ] {
        let game = Draughts::new(rules).unwrap();
        let s = mid_game(&game, 3, 40, true);
        let v = to_json(&s);
        assert_eq!(v["rules"], serde_json::to_value(rules).unwrap());
        let back = from_json(v).unwrap();
        assert_eq!(back.rules(), &rules);
        assert_eq!(back, s);
    }
    let mut v = to_json(&Draughts::default().new_initial_state());
    v["rules"]["repetitions"] = json!(1);
    let err = from_json(v.clone()).unwrap_err();
    assert!(
        err.contains(&RulesError::Repetitions(1).to_string()),
        "{err}"
    );
    v.as_object_mut().unwrap().remove("rules");
    assert!(from_json(v).unwrap_err().contains("missing field `rules`"));
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
