//! Game records (the core's `Record`: the seed and every action, chance results included)
//! against the determinism invariant of section 6 of the rules file (the same seed and
//! actions reproduce the same state; a serialise/reload round trip changes nothing) and
//! of `docs/disc-billiards.md` ("A stroke", "Saving and loading"): a record of a game and a
//! match, in progress and finished,
//! reads back from its JSON bit for bit and replays to the states it recorded. Hostile
//! actions (seats out of range, noise out of range, every variant at every kind of node) and
//! hostile records (an action replaced, another rule set or seat count) are refused with a
//! typed error and the state unchanged.
#![cfg(feature = "serde")]

use boardgame_core::{Game, GameRng, Record, Seat, Turn};
use lattjo_disc_billiards::{
    Action, Call, Conduct, Noise, NoiseModel, Novuss, Rules, State, Stroke, Vec2,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde::Serialize;
use serde::de::DeserializeOwned;

fn boards() -> Vec<Novuss> {
    vec![
        Novuss::new(Rules::lattjo()).expect("rules"),
        Novuss::new(Rules::lattjo().with_players(4)).expect("rules"),
        Novuss::new(Rules::lnf()).expect("rules"),
        Novuss::new(Rules::mini().with_noise(Some(NoiseModel {
            direction_sd: 0.02,
            speed_sd: 0.05,
        })))
        .expect("rules"),
    ]
}

/// Up to `n` random actions of `game` from its initial state: the record and every state
/// along it (the initial state first).
fn play<G: Game>(game: &G, seed: u64, n: usize) -> (Record<G::Action>, Vec<G::State>) {
    let mut s = game.new_initial_state();
    let mut rng = GameRng::new(seed, 0);
    let mut buf = Vec::new();
    let mut record = Record::new(seed);
    let mut states = vec![s.clone()];
    while record.actions.len() < n {
        let a = match game.turn(&s) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Player(_) => game.sample_action(&s, &mut rng, &mut buf),
        };
        let Some(a) = a else { break };
        game.apply(&mut s, &a).expect("a sampled action is legal");
        record.actions.push(a);
        states.push(s.clone());
    }
    (record, states)
}

/// JSON text of a value (compared as text: every float to the same bits).
fn json<T: Serialize>(x: &T) -> String {
    serde_json::to_string(x).expect("serializes")
}

/// The record cut at `k` and whole: its JSON reads back to the same JSON and replays to the
/// state it recorded, which reads back from its own JSON.
fn check_record<G>(
    game: &G,
    record: &Record<G::Action>,
    states: &[G::State],
    k: usize,
) -> Result<(), TestCaseError>
where
    G: Game,
    G::Action: Serialize + DeserializeOwned,
    G::State: Serialize + DeserializeOwned,
    G::Error: core::fmt::Debug,
{
    for cut in [k, record.actions.len()] {
        let r = Record {
            seed: record.seed,
            actions: record.actions[..cut].to_vec(),
        };
        let text = json(&r);
        let back: Record<G::Action> = serde_json::from_str(&text).expect("a record reads back");
        prop_assert_eq!(json(&back), text.clone());
        let end = back
            .replay(game)
            .map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        prop_assert_eq!(json(&end), json(&states[cut]));
        let state: G::State = serde_json::from_str(&json(&end)).expect("the state reads back");
        prop_assert_eq!(json(&state), json(&end));
    }
    Ok(())
}

/// Actions of every variant, for seats 0 to 7 and beyond (200, 255), with noise in and out
/// of range.
fn hostile_actions() -> Vec<Action> {
    let stroke = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 3.0);
    let mut out = Vec::new();
    for seat in (0..8).chain([200, 255]).map(Seat::new) {
        out.extend([
            Action::Strike(seat, stroke),
            Action::Call(Call::FoulStroke(seat, stroke)),
        ]);
        out.extend(Conduct::ALL.map(|c| Action::Call(Call::Conduct(seat, c))));
    }
    for (slip, speed_error) in [
        (0.0, 0.0),
        (0.01, -0.02),
        (1e300, -1e300),
        (-0.5, 0.9),
        (5e-324, -5e-324),
        (f64::MAX, f64::MIN),
    ] {
        out.push(Action::Noise(Noise { slip, speed_error }));
    }
    out
}

/// Every hostile action at `s`: accepted, then the state still reads back from its JSON;
/// or refused with the state unchanged.
fn try_hostile(game: &Novuss, s: &State) -> Result<(), TestCaseError> {
    let before = json(s);
    for a in hostile_actions() {
        let mut t = s.clone();
        match game.apply(&mut t, &a) {
            Ok(()) => {
                let back: State = serde_json::from_str(&json(&t))
                    .expect("an accepted action leaves a valid state");
                prop_assert_eq!(json(&back), json(&t));
            }
            Err(_) => prop_assert_eq!(json(&t), before.clone(), "{:?} half-applied", a),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Section 6's determinism: a game's record, in progress and finished (or as far as 150
    /// actions go), reads back and replays to the same states, bit for bit; each stroke's
    /// notation reads back to the same bits.
    #[test]
    fn a_game_record_round_trips_in_progress_and_finished(
        which in 0usize..4,
        seed in any::<u64>(),
        cut in any::<prop::sample::Index>(),
    ) {
        let game = &boards()[which];
        let (record, states) = play(game, seed, 150);
        check_record(game, &record, &states, cut.index(record.actions.len() + 1))?;
        for a in &record.actions {
            if let Action::Strike(_, s) | Action::Call(Call::FoulStroke(_, s)) = a {
                let back: Stroke = s.to_string().parse().expect("a played stroke reads back");
                prop_assert_eq!(json(&back), json(s));
            }
        }
    }

    /// The same for a match of sets.
    #[test]
    fn a_match_record_round_trips(which in 0usize..4, seed in any::<u64>(), cut in any::<prop::sample::Index>()) {
        let m = boards()[which].clone().full_match();
        let (record, states) = play(&m, seed, 60);
        check_record(&m, &record, &states, cut.index(record.actions.len() + 1))?;
    }

    /// Hostile actions at the states of a random game: refused with nothing changed, or
    /// accepted into a valid state.
    #[test]
    fn hostile_actions_are_refused_with_nothing_half_applied(which in 0usize..4, seed in any::<u64>(), cut in any::<prop::sample::Index>()) {
        let game = &boards()[which];
        let (_, states) = play(game, seed, 40);
        try_hostile(game, &states[0])?;
        try_hostile(game, &states[cut.index(states.len())])?;
        try_hostile(game, states.last().expect("a state"))?;
    }

    /// A record with one action replaced by a hostile one: refused at that action or
    /// later, with the state left at the position before the refused action.
    #[test]
    fn a_record_with_an_action_replaced_is_refused_where_it_fails(
        which in 0usize..4,
        seed in any::<u64>(),
        cut in any::<prop::sample::Index>(),
        pick in any::<prop::sample::Index>(),
    ) {
        let game = &boards()[which];
        let (mut record, states) = play(game, seed, 40);
        prop_assume!(!record.actions.is_empty());
        let k = cut.index(record.actions.len());
        record.actions[k] = *pick.get(&hostile_actions());
        let mut s = game.new_initial_state();
        if let Err(e) = record.replay_from(game, &mut s) {
            prop_assert!(e.index >= k);
            if e.index == k {
                prop_assert_eq!(json(&s), json(&states[k]));
            }
            let before = Record { seed, actions: record.actions[..e.index].to_vec() };
            let at = before.replay(game).expect("the actions before the refused one replay");
            prop_assert_eq!(json(&s), json(&at));
        }
    }

    /// A record of one rule set or seat count replayed under another: refused with a typed
    /// error, or accepted into a valid state; never a panic.
    #[test]
    fn a_record_of_another_rule_set_or_seat_count_is_refused_or_valid(a in 0usize..4, b in 0usize..4, seed in any::<u64>()) {
        let (record, states) = play(&boards()[a], seed, 30);
        if let Ok(end) = record.replay(&boards()[b]) {
            let back: State = serde_json::from_str(&json(&end)).expect("valid");
            prop_assert_eq!(json(&back), json(&end));
        }
        // A state of one rule set is refused by a game of another, unchanged.
        if boards()[a].rules() != boards()[b].rules() {
            for s in [&states[0], states.last().expect("a state")] {
                for x in record.actions.iter().chain(&hostile_actions()) {
                    let mut t = s.clone();
                    prop_assert_eq!(boards()[b].apply(&mut t, x), Err(lattjo_disc_billiards::PlayError::OtherRules));
                    prop_assert_eq!(json(&t), json(s));
                }
            }
        }
    }
}

/// Hostile JSON for records, actions, strokes and noise: malformed, deeply nested, numbers
/// out of range, a field twice or missing, a seat beyond `u8`, non-UTF-8. Always an error
/// that says what was wrong; never a panic.
#[test]
fn hostile_record_json_is_refused_with_the_reason() {
    let nested = "[".repeat(100_000) + &"]".repeat(100_000);
    let stroke = r#"{"place":{"x":0.0,"y":0.09},"direction":{"x":0.0,"y":1.0},"speed":3.0}"#;
    assert!(
        serde_json::from_str::<Stroke>(stroke).is_ok(),
        "the base case reads"
    );
    for (text, says) in [
        (String::new(), "EOF"),
        (nested.clone(), "expected u64"),
        (
            format!(r#"{{"seed":0,"actions":[{{"Strike":[256,{stroke}]}}]}}"#),
            "u8",
        ),
        (
            format!(r#"{{"seed":0,"actions":[{{"Strike":[-1,{stroke}]}}]}}"#),
            "u8",
        ),
        (
            r#"{"seed":0,"actions":[{"Call":{"Conduct":[0,"Dancing"]}}]}"#.into(),
            "unknown variant",
        ),
        (
            r#"{"seed":0,"actions":[{"Fly":0}]}"#.into(),
            "unknown variant",
        ),
        (
            r#"{"seed":0,"seed":1,"actions":[]}"#.into(),
            "duplicate field",
        ),
        (r#"{"seed":0}"#.into(), "missing field `actions`"),
        (
            format!(
                r#"{{"seed":0,"actions":[{{"Strike":[0,{}]}}]}}"#,
                stroke.replace("3.0", "1e999")
            ),
            "number out of range",
        ),
        (
            format!(
                r#"{{"seed":0,"actions":[{{"Strike":[0,{}]}}]}}"#,
                stroke.replace("3.0", "99.0")
            ),
            "speed",
        ),
        (
            format!(
                r#"{{"seed":0,"actions":[{{"Strike":[0,{}]}}]}}"#,
                stroke.replace("\"speed\":3.0", "\"speed\":3.0,\"speed\":3.0")
            ),
            "duplicate field `speed`",
        ),
        (
            format!(
                r#"{{"seed":0,"actions":[{{"Strike":[0,{}]}}]}}"#,
                stroke.replace(",\"speed\":3.0", "")
            ),
            "missing field `speed`",
        ),
        (
            r#"{"seed":0,"actions":[{"Noise":{"slip":0.0}}]}"#.into(),
            "missing field `speed_error`",
        ),
    ] {
        let e = serde_json::from_str::<Record<Action>>(&text)
            .expect_err(&text[..text.len().min(80)])
            .to_string();
        assert!(e.contains(says), "{}: {e}", &text[..text.len().min(80)]);
    }
    assert!(
        serde_json::from_slice::<Record<Action>>(b"{\"seed\":0,\"actions\":[\"\xff\"]}").is_err()
    );
    assert!(serde_json::from_str::<State>(&nested).is_err());
    assert!(serde_json::from_str::<Rules>(&nested).is_err());
}

/// The stroke notation's corners as the docs write it (`x,y dx,dy speed`, numbers in
/// Rust's shortest round-trip form): any run of whitespace between the fields and around
/// them, signs, exponents, `-0`, the largest and smallest speeds and direction components;
/// refused: a missing or extra field, a space inside a pair, another separator, NaN and
/// infinities in every spelling, numbers that overflow. An error quotes at most a clipped
/// part of the input, so a huge input makes a small error.
#[test]
fn stroke_notation_corners_read_as_documented() {
    let ok = |text: &str| {
        text.parse::<Stroke>()
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    };
    let base = ok(&String::from("0,0.09 0,1 3"));
    for text in [
        String::from("\t0,0.09 0,1 3\n"),
        String::from("  0,0.09   0,1\t3 "),
        String::from("0,+0.09 +0,+1 +3"),
        String::from("0,0.09 0e0,1e0 3e0"),
        String::from("0,0.09 -0,1 3.0"),
    ] {
        let s = ok(&text);
        assert_eq!(s.place, base.place, "{text}");
        assert_eq!(s.speed, base.speed, "{text}");
    }
    let neg_zero = ok(&String::from("0,0.09 -0,1 3"));
    assert!(neg_zero.direction.x.is_sign_negative());
    assert_eq!(neg_zero.to_string(), String::from("0,0.09 -0,1 3"));
    for text in [
        String::from("0,0.09 2,2 20"),
        String::from("0,0.09 -2,2 20"),
        String::from("0,0.09 0,1 0.001"),
    ] {
        let s = ok(&text);
        assert_eq!(
            s.to_string().parse::<Stroke>().map(|b| b.to_string()),
            Ok(s.to_string()),
            "{text}"
        );
    }
    for bad in [
        String::new(),
        "   ".into(),
        String::from("0,0.09 0,1"),
        String::from("0,0.09 0,1 3 4"),
        String::from("0, 0.09 0,1 3"),
        String::from("0;0.09 0,1 3"),
        String::from("0,0.09,0 0,1 3"),
        String::from("0,0.09 0,1 NaN"),
        String::from("0,0.09 inf,1 3"),
        String::from("0,0.09 0,-Infinity 3"),
        String::from("0,0.09 0,1 1e400"),
        String::from("0,0.09 0,1 20.000000000000004"),
        String::from("0,0.09 0,1 0"),
        String::from("0,0.09 0,1 -3"),
        String::from("0,0.09 2.0000000000000004,1 3"),
        String::from("0,0.09 0,0 3"),
        String::from("0,0.09 5e-324,1 3"),
        String::from("0,0.09 0x1,1 3"),
        String::from("0,0.09 0,1 3m/s"),
    ] {
        assert!(bad.parse::<Stroke>().is_err(), "{bad:?}");
    }
    let huge = "9".repeat(1 << 20) + " ";
    for text in [huge.repeat(3), huge.repeat(4), format!("{huge},1 0,1 3")] {
        let e = text.parse::<Stroke>().expect_err("refused");
        assert!(e.to_string().len() < 200, "{}", e.to_string().len());
    }
}
