//! Serde (feature `serde`): a state survives a JSON round trip exactly and play continues
//! identically; every deserializer runs the constructor's checks (issue 15.4, 16).
#![cfg(feature = "serde")]

use boardgame_core::{Game, GameRng, Match, MatchConfig, Turn};
use lattjo_backgammon::fibs::FibsBoard;
use lattjo_backgammon::{
    Action, Backgammon, Dice, GnubgId, Label, MatchContext, MatchId, Phase, Play, Point, Position,
    Rules, Side, State, StateError, StateSetup, Step, Xgid,
};
use proptest::prelude::*;

/// The state after `plies` random actions of a 5-point match (the game in progress) or of a
/// money game.
fn random_state(rules: Rules, seed: u64, plies: u32, in_match: bool) -> State {
    let game = Backgammon::new(rules).unwrap();
    let mut rng = GameRng::new(seed, 0);
    let mut buf = Vec::new();
    if in_match {
        let m = Match::new(game, MatchConfig::new(Some(5), None).unwrap());
        let mut s = m.new_initial_state();
        for _ in 0..plies {
            let a = match m.turn(&s) {
                Turn::Terminal => break,
                Turn::Chance => m.sample_chance(&s, &mut rng),
                Turn::Player(_) => m.sample_action(&s, &mut rng, &mut buf),
            };
            m.apply(&mut s, &a.unwrap()).unwrap();
        }
        *s.round()
    } else {
        let mut s = game.new_initial_state();
        for _ in 0..plies {
            let a = match game.turn(&s) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&s, &mut rng),
                Turn::Player(_) => game.sample_action(&s, &mut rng, &mut buf),
            };
            game.apply(&mut s, &a.unwrap()).unwrap();
        }
        s
    }
}

/// Plays both states on with the same seed; the records and the ends must be identical.
fn continue_both(game: &Backgammon, a: State, b: State, seed: u64) -> (State, State) {
    let mut out = [a, b];
    for s in &mut out {
        let mut rng = GameRng::new(seed, 7);
        let mut buf = Vec::new();
        for _ in 0..2_000 {
            let act = match game.turn(s) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(s, &mut rng),
                Turn::Player(_) => game.sample_action(s, &mut rng, &mut buf),
            };
            game.apply(s, &act.unwrap()).unwrap();
        }
    }
    (out[0], out[1])
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(64) })]

    /// Issue 16: a random mid-game state survives a JSON round trip and play continues
    /// identically.
    #[test]
    fn serde_json_round_trip_of_a_random_state(seed in 0u64..100_000, plies in 0u32..300, in_match: bool, preset in 0usize..3) {
        let rules = [Rules::standard(), Rules::lattjo(), Rules::standard().with_beavers(true).with_resignations(true).with_automatic_doubles(2)][preset];
        let game = Backgammon::new(rules).unwrap();
        let s = random_state(rules, seed, plies, in_match);
        let json = serde_json::to_string(&s).unwrap();
        let back: State = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, s);
        let (a, b) = continue_both(&game, s, back, seed);
        prop_assert_eq!(a, b);
        // The rules, the IDs and the parts round-trip too.
        let r: Rules = serde_json::from_str(&serde_json::to_string(&rules).unwrap()).unwrap();
        prop_assert_eq!(r, rules);
        let id = s.to_gnubg_id();
        prop_assert_eq!(serde_json::from_str::<GnubgId>(&serde_json::to_string(&id).unwrap()).unwrap(), id);
        let m = *id.match_id();
        prop_assert_eq!(serde_json::from_str::<MatchId>(&serde_json::to_string(&m).unwrap()).unwrap(), m);
        let x = s.to_xgid();
        prop_assert_eq!(serde_json::from_str::<Xgid>(&serde_json::to_string(&x).unwrap()).unwrap(), x);
        let f = s.to_fibs_board(Side::Black, ["a", "b"]).unwrap();
        let json = serde_json::to_string(&f).unwrap();
        prop_assert_eq!(&json, &format!("{:?}", f.to_string()));
        prop_assert_eq!(serde_json::from_str::<FibsBoard>(&json).unwrap(), f);
    }

    /// No panic on mutated JSON: every number of a serialized state replaced by another.
    #[test]
    fn mutated_json_never_panics(seed in 0u64..10_000, plies in 0u32..200, which in 0usize..200, value in prop_oneof![Just(-5i64), Just(0), Just(1), Just(6), Just(7), Just(12), Just(13), Just(15), Just(16), Just(25), Just(26), Just(64), Just(65), Just(255), Just(256), Just(40_000), Just(i64::MAX)]) {
        let s = random_state(Rules::standard().with_resignations(true), seed, plies, seed % 2 == 0);
        let json = serde_json::to_string(&s).unwrap();
        let mut n = 0;
        let mut out = String::new();
        let mut chars = json.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                let mut digits = String::from(c);
                while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    digits.push(*d);
                    chars.next();
                }
                out.push_str(&if n == which { value.to_string() } else { digits });
                n += 1;
            } else {
                out.push(c);
            }
        }
        if let Ok(st) = serde_json::from_str::<State>(&out) {
            // Anything accepted is a state the game can continue from, and serializes back.
            prop_assert_eq!(State::try_from(st.setup()), Ok(st));
            let game = Backgammon::new(Rules::standard().with_resignations(true)).unwrap();
            let _ = continue_both(&game, st, st, seed);
            let _ = st.to_string();
            let _ = st.to_gnubg_id().to_string();
        }
    }
}

/// Issue 15.4: a serde `State` whose match context is over or impossible is refused.
#[test]
fn regression_serde_match_context_is_validated() {
    let s = Backgammon::default().new_game(Some(MatchContext::new(5, [1, 2], false).unwrap()));
    let json = serde_json::to_string(&s).unwrap();
    assert!(json.contains("\"length\":5"), "{json}");
    for (from, to) in [
        ("\"length\":5", "\"length\":-5"),
        ("\"length\":5", "\"length\":0"),
        ("\"length\":5", "\"length\":65"),
        ("\"length\":5", "\"length\":2"),
        ("\"score\":[1,2]", "\"score\":[5,0]"),
        ("\"crawford\":false", "\"crawford\":true"),
    ] {
        let bad = json.replace(from, to);
        assert_ne!(bad, json);
        assert!(serde_json::from_str::<State>(&bad).is_err(), "{bad}");
    }
    assert_eq!(serde_json::from_str::<State>(&json).unwrap(), s);
}

/// Deserializers of the parts run their constructors' checks: no value that would panic
/// later (a point 0 flipped, a label 200, a die 9, a play of 200 steps) gets in.
#[test]
fn regression_serde_parts_are_validated() {
    assert!(serde_json::from_str::<Point>("0").is_err());
    assert!(serde_json::from_str::<Point>("200").is_err());
    assert_eq!(serde_json::from_str::<Point>("24").unwrap().flip().get(), 1);
    assert!(serde_json::from_str::<Label>("\"13A\"").is_err());
    assert_eq!(
        serde_json::from_str::<Label>("\"12A\"")
            .unwrap()
            .to_string(),
        "12A"
    );
    assert!(serde_json::from_str::<Dice>(r#"{"high":9,"low":0}"#).is_err());
    assert_eq!(
        serde_json::from_str::<Dice>(r#"{"high":6,"low":1}"#).unwrap(),
        Dice::new(6, 1).unwrap()
    );
    assert!(serde_json::from_str::<Step>(r#"{"from":3,"to":9}"#).is_err());
    let five = r#"[{"from":6,"to":5},{"from":6,"to":5},{"from":6,"to":5},{"from":6,"to":5},{"from":6,"to":5}]"#;
    assert!(serde_json::from_str::<Play>(five).is_err());
    assert!(serde_json::from_str::<Action>(&format!(r#"{{"Play":{five}}}"#)).is_err());
    assert!(serde_json::from_str::<GnubgId>("\"AAAAAAAAAAAAAA:cAkAAAAAAAAA\"").is_err());
    // A FIBS line whose borne-off field disagrees with its board.
    let line = Backgammon::default()
        .fibs_board(
            &Backgammon::default()
                .state_from(Position::start(Side::White), None)
                .unwrap(),
            Side::White,
            ["a", "b"],
        )
        .unwrap()
        .to_string();
    assert!(serde_json::from_str::<FibsBoard>(&format!("{line:?}")).is_ok());
    let bad = line.replace(":0:25:0:0:", ":0:25:1:0:");
    assert_ne!(bad, line);
    assert!(serde_json::from_str::<FibsBoard>(&format!("{bad:?}")).is_err());
    // A position whose counts overflow or put both colours on a point.
    let p = serde_json::to_string(&Position::start(Side::White)).unwrap();
    assert!(serde_json::from_str::<Position>(&p.replacen("2,", "16,", 1)).is_err());
}

/// Every state-level invariant refused through serde names its cause.
#[test]
fn serde_state_invariants() {
    let game = Backgammon::default();
    let s = game
        .state_from(Position::start(Side::White), Dice::new(3, 1))
        .unwrap();
    let setup = s.setup();
    let bad = [
        (
            StateSetup {
                cube_log2: 13,
                ..setup
            },
            StateError::Cube(13),
        ),
        (
            StateSetup {
                dice: None,
                ..setup
            },
            StateError::Dice(Phase::Moving),
        ),
        (
            StateSetup {
                phase: Phase::Over,
                dice: None,
                ..setup
            },
            StateError::OutcomePhase(Phase::Over),
        ),
    ];
    for (b, e) in bad {
        assert_eq!(State::try_from(b), Err(e));
        let json = serde_json::to_string(&b).unwrap();
        let err = serde_json::from_str::<State>(&json)
            .unwrap_err()
            .to_string();
        assert!(err.contains(&e.to_string()), "{err}");
    }
}

/// `Rules::resign_when_doubled` (D6, A10): JSON written before the option existed reads with
/// it off; with it on but resignations off the rules are refused, as `Backgammon::new`
/// refuses them; a state with the doubled player's offer pending, and the double waiting
/// again after a refusal, round-trip.
#[test]
fn resign_when_doubled_rules_and_states_round_trip() {
    let rules = Rules::standard().with_resignations(true);
    let mut v = serde_json::to_value(rules).unwrap();
    assert_eq!(v["resign_when_doubled"], serde_json::Value::Bool(false));
    v.as_object_mut().unwrap().remove("resign_when_doubled");
    assert_eq!(serde_json::from_value::<Rules>(v.clone()).unwrap(), rules);
    v["resign_when_doubled"] = serde_json::Value::Bool(true);
    v["resignations"] = serde_json::Value::Bool(false);
    assert!(serde_json::from_value::<Rules>(v).is_err());
    let rules = rules.with_resign_when_doubled(true);
    let game = Backgammon::new(rules).unwrap();
    let mut s = game.new_initial_state();
    let d31 = lattjo_backgammon::Dice::new(3, 1).unwrap();
    game.apply(&mut s, &Action::Opening { white: 3, black: 1 })
        .unwrap();
    let play = s
        .position()
        .parse_play("8/5 6/5", d31, rules.single_die)
        .unwrap();
    for a in [
        Action::Play(play),
        Action::Double,
        Action::Resign(lattjo_backgammon::ResignLevel::Single),
    ] {
        game.apply(&mut s, &a).unwrap();
    }
    let mut refused = s;
    game.apply(&mut refused, &Action::RejectResignation)
        .unwrap();
    for st in [s, refused] {
        let json = serde_json::to_string(&st).unwrap();
        assert_eq!(serde_json::from_str::<State>(&json).unwrap(), st, "{json}");
    }
    assert!(refused.resign_refused());
}
