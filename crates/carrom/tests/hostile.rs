//! Hostile input (issue 15, items 1 and 8, and their class): every counter and number that
//! enters through a `Setup`, a stroke's notation, the rules or serde is checked; nothing that
//! is accepted can panic later; the text form refuses NaN and infinities and reads back what
//! it wrote.

use crate::common;

use boardgame_core::conformance::{ConformanceConfig, check_game};
use boardgame_core::{Game, GameRng, Seat, Turn};
use common::{position, setup, whites};
use lattjo_carrom::{
    Action, Call, Carrom, Colour, MAX_POINTS, MEN_PER_COLOUR, MIN_NOISE_SD, NoiseModel, PIECES,
    ParseStrokeError, QueenState, Rules, RulesError, Setup, SetupError, State, Stroke, StrokeError,
    Vec2,
};
use proptest::prelude::*;

/// Every invariant a state must keep, whatever built it.
fn check_valid(game: &Carrom, s: &State) {
    for c in [Colour::White, Colour::Black] {
        assert_eq!(s.on_board(c) + s.pocketed(c), MEN_PER_COLOUR);
        assert!(s.debt(c) <= MEN_PER_COLOUR);
        assert!(s.debt(c) == 0 || s.pocketed(c) == 0);
    }
    assert!(s.to_move().index() < game.num_players());
    for p in s.pieces().iter().flatten() {
        assert!(p.is_finite());
    }
}

/// Issue 15.1: a `Setup` with `strokes = u32::MAX` used to be accepted, and the next stroke
/// panicked on `strokes += 1`. The count now stops at `u32::MAX` (documented on
/// `State::strokes`).
#[test]
fn issue_15_1_u32_max_strokes_in_a_setup_do_not_overflow() {
    let rules = Rules::lattjo();
    let game = Carrom::new(rules).unwrap();
    let mut su = setup(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    su.strokes = u32::MAX;
    let mut s = game.from_setup(su).unwrap();
    let r = game
        .strike(&mut s, &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 3.0))
        .unwrap();
    assert!(!r.void);
    assert_eq!(s.strokes(), u32::MAX);
    // A void stroke counts too, and stops at the same place.
    let seat = s.to_move();
    if s.result().is_none() {
        let mut buf = Vec::new();
        let a = game
            .sample_action(&s, &mut GameRng::new(1, 0), &mut buf)
            .unwrap();
        game.apply(&mut s, &a).unwrap();
        assert_eq!(s.strokes(), u32::MAX, "{seat}");
    }
}

/// Issue 15.1 through serde: the same setup read from JSON.
#[cfg(feature = "serde")]
#[test]
fn issue_15_1_u32_max_strokes_through_serde_do_not_overflow() {
    let rules = Rules::lattjo();
    let game = Carrom::new(rules).unwrap();
    let su = setup(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    let mut json: serde_json::Value = serde_json::to_value(&su).unwrap();
    json["strokes"] = serde_json::json!(u32::MAX);
    let back: Setup = serde_json::from_value(json).unwrap();
    let mut s = game.from_setup(back).unwrap();
    game.strike(&mut s, &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 3.0))
        .unwrap();
    assert_eq!(s.strokes(), u32::MAX);
}

/// The class of 15.1: the other counters of a setup are checked against the rules.
#[test]
fn issue_15_1_class_setup_counters_out_of_range_are_refused() {
    let rules = Rules::lattjo();
    // Void strokes are counted only under a void-stroke limit, and stay below it.
    let mut su = setup(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    su.void_strokes = 255;
    assert_eq!(su.into_state(&rules), Err(SetupError::VoidStrokes(255)));
    let mut limited = Rules::lattjo();
    limited.void_stroke_limit = Some(3);
    let mut su = setup(&limited, &[], QueenState::OnBoard, [0, 0], 0);
    su.void_strokes = 2;
    assert!(su.clone().into_state(&limited).is_ok());
    su.void_strokes = 3;
    assert_eq!(su.into_state(&limited), Err(SetupError::VoidStrokes(3)));
    // Break attempts stay below the rules' number.
    let mut su = Setup::opening(&rules, Seat::new(0));
    su.break_attempts = u8::MAX;
    assert_eq!(su.into_state(&rules), Err(SetupError::Break));
    // Scores before a board: not negative when only winners score, below the target.
    for value in [-1, 25, i64::MAX, i64::MIN] {
        let mut su = setup(&rules, &[], QueenState::OnBoard, [0, 0], 0);
        su.totals_before = [0, value];
        assert_eq!(
            su.into_state(&rules),
            Err(SetupError::Totals { team: 1, value })
        );
    }
    // A debt above nine men.
    let su = setup(&rules, &[], QueenState::OnBoard, [u8::MAX, 0], 0);
    assert_eq!(su.into_state(&rules), Err(SetupError::Debt(Colour::White)));
}

/// The class of 15.1 in the rules: every numeric option has a documented range, so that no
/// sum of points can overflow and every game can end.
#[test]
fn issue_15_1_class_rules_numbers_out_of_range_are_refused() {
    let out = |f: fn(&mut Rules)| {
        let mut r = Rules::lattjo();
        f(&mut r);
        r.validate()
    };
    assert!(matches!(
        out(|r| r.queen_points = i64::MAX),
        Err(RulesError::OutOfRange {
            option: "queen_points",
            ..
        })
    ));
    assert!(matches!(
        out(|r| r.target_points = MAX_POINTS + 1),
        Err(RulesError::OutOfRange {
            option: "target_points",
            ..
        })
    ));
    assert!(matches!(
        out(|r| r.max_boards = u32::MAX),
        Err(RulesError::OutOfRange {
            option: "max_boards",
            ..
        })
    ));
    assert!(matches!(
        out(|r| r.queen_bonus_cutoff = -1),
        Err(RulesError::OutOfRange { .. })
    ));
    assert!(matches!(
        out(|r| r.max_points_per_board = Some(0)),
        Err(RulesError::OutOfRange { .. })
    ));
    for (d, v) in [
        (f64::NAN, 0.05),
        (1e300, 0.05),
        (-0.01, 0.05),
        (0.02, 0.5),
        (0.02, f64::INFINITY),
    ] {
        let r = Rules::lattjo().with_noise(Some(NoiseModel {
            direction_sd: d,
            speed_sd: v,
        }));
        assert!(
            matches!(r.validate(), Err(RulesError::Noise { .. })),
            "{d} {v}"
        );
    }
    assert!(Carrom::new(Rules::lattjo().with_noise(Some(NoiseModel::default()))).is_ok());
}

/// The class of 15.1 in play: a debt never grows past the nine men a side has, however many
/// penalties come (technical fouls one after another before the seat strikes, ICF 36).
#[test]
fn issue_15_1_class_debt_stops_at_nine_men() {
    let rules = Rules::icf();
    let game = Carrom::new(rules).unwrap();
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    for _ in 0..300 {
        game.apply(&mut s, &Action::Call(Call::TechnicalFoul(Seat::new(0))))
            .unwrap();
        assert!(s.debt(Colour::White) <= MEN_PER_COLOUR);
        assert_eq!(game.from_setup(s.to_setup()).unwrap(), s);
    }
    assert_eq!(s.debt(Colour::White), MEN_PER_COLOUR);
    // Through a stroke too: the striker pocketed with nothing in pocket, at a debt of nine.
    let mut s = position(&rules, &[], QueenState::OnBoard, [9, 0], 0);
    let ev = lattjo_carrom::Outcome::counted().striker_pocketed();
    let r = game.resolve(&mut s, &ev).unwrap();
    assert!(r.debt_capped);
    assert_eq!(s.debt(Colour::White), MEN_PER_COLOUR);
}

/// Issue 15.8: `"0 -nan,0 5"` was accepted and printed back as `NaN`. Every text form refuses
/// NaN and infinities in every spelling Rust's float parser takes (the notation is now
/// `x,y dx,dy speed`, the place a pair as in Novuss; the old text is refused for its shape).
#[test]
fn issue_15_8_stroke_notation_refuses_nan_and_infinities() {
    assert!(matches!(
        "0 -nan,0 5".parse::<Stroke>(),
        Err(ParseStrokeError::Shape(_))
    ));
    for text in [
        "0,0.1174 -nan,0 5",
        "0,0.1174 nan,1 5",
        "NaN,0.1174 0,1 5",
        "0,inf 0,1 5",
        "0,0.1174 0,1 inf",
        "0,0.1174 0,+infinity 5",
        "-inf,0.1174 0,1 5",
        "0,0.1174 0,1 Infinity",
        "0,0.1174 0,1 1e999",
    ] {
        assert!(
            matches!(text.parse::<Stroke>(), Err(ParseStrokeError::NotFinite(_))),
            "{text}"
        );
    }
    // Finite numbers that make no stroke are refused with the reason.
    assert_eq!(
        "0,0.1174 0,-1 5".parse::<Stroke>(),
        Err(ParseStrokeError::Invalid(StrokeError::NotForward))
    );
    assert_eq!(
        "0,0.1174 0,1 9".parse::<Stroke>(),
        Err(ParseStrokeError::Invalid(StrokeError::Speed(9.0)))
    );
    assert!(matches!(
        "0.5,0.1174 0,1 5".parse::<Stroke>(),
        Err(ParseStrokeError::Invalid(StrokeError::OffBaseLine { .. }))
    ));
    // Off the base line across it: the striker must touch both lines (4.75 mm either way).
    assert!("0,0.122 0,1 5".parse::<Stroke>().is_ok());
    assert!(matches!(
        "0,0.123 0,1 5".parse::<Stroke>(),
        Err(ParseStrokeError::Invalid(StrokeError::OffBaseLine { .. }))
    ));
    assert_eq!(
        "0,0.1174 0,0 5".parse::<Stroke>(),
        Err(ParseStrokeError::Invalid(StrokeError::NoDirection))
    );
}

/// Issue 15.8 through serde: a stroke and a noise draw deserialize only when valid.
#[cfg(feature = "serde")]
#[test]
fn issue_15_8_serde_refuses_invalid_strokes_and_noise() {
    let bad = [
        r#"{"offset":0.0,"direction":{"x":0.0,"y":-1.0},"speed":5.0}"#,
        r#"{"offset":0.0,"direction":{"x":0.0,"y":1.0},"speed":1e999}"#,
        r#"{"offset":0.0,"direction":{"x":null,"y":1.0},"speed":5.0}"#,
        r#"{"offset":3.0,"direction":{"x":0.0,"y":1.0},"speed":5.0}"#,
    ];
    for text in bad {
        assert!(serde_json::from_str::<Stroke>(text).is_err(), "{text}");
    }
    let good = Stroke::on_base_line(-0.05, Vec2::new(0.2, 1.0), 6.5);
    let text = serde_json::to_string(&good).unwrap();
    assert_eq!(serde_json::from_str::<Stroke>(&text).unwrap(), good);
    assert!(
        serde_json::from_str::<lattjo_carrom::Noise>(r#"{"slip":1e999,"speed_error":0}"#).is_err()
    );
    // A piece number beyond 18 cannot be read (it would index past the pieces).
    assert!(serde_json::from_str::<lattjo_carrom::Piece>("19").is_err());
    assert_eq!(
        serde_json::from_str::<lattjo_carrom::Piece>("18")
            .unwrap()
            .id(),
        18
    );
}

fn extreme_u32() -> impl Strategy<Value = u32> {
    prop_oneof![
        Just(0u32),
        Just(1),
        Just(u32::MAX),
        Just(u32::MAX - 1),
        any::<u32>()
    ]
}

fn extreme_u8() -> impl Strategy<Value = u8> {
    prop_oneof![
        Just(0u8),
        Just(1),
        Just(2),
        Just(9),
        Just(10),
        Just(u8::MAX),
        any::<u8>()
    ]
}

fn extreme_i64() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(0i64),
        Just(-1),
        Just(24),
        Just(25),
        Just(i64::MAX),
        Just(i64::MIN),
        -30i64..30
    ]
}

fn extreme_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(f64::MAX),
        Just(f64::MIN_POSITIVE),
        Just(5e-324),
        -0.4f64..0.4,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Arbitrary text never panics the stroke reader; what it accepts is a stroke of the right
    /// shape and prints back to the same text, which reads back to the same bits.
    #[test]
    fn stroke_text_arbitrary_strings(text in prop_oneof![
        ".{0,40}",
        "[-+0-9.eEinfatyINFATY]{1,8},(0.1174|0.12|[-+0-9.eEinfaty]{1,6}) [-+0-9.eEinfatyINFATY]{1,8},[-+0-9.eEinfatyINFATY]{1,8} [-+0-9.eEinfatyINFATY]{1,8}",
    ]) {
        if let Ok(s) = text.parse::<Stroke>() {
            prop_assert!(s.check_shape().is_ok());
            let back: Stroke = s.to_string().parse().unwrap();
            prop_assert_eq!(back.place.x.to_bits(), s.place.x.to_bits());
            prop_assert_eq!(back.place.y.to_bits(), s.place.y.to_bits());
            prop_assert_eq!(back.direction.x.to_bits(), s.direction.x.to_bits());
            prop_assert_eq!(back.direction.y.to_bits(), s.direction.y.to_bits());
            prop_assert_eq!(back.speed.to_bits(), s.speed.to_bits());
        }
    }

    /// Arbitrary numbers: a stroke of the right shape round-trips bit for bit through its
    /// text; any other is refused by the reader, never printed into something it accepts as a
    /// different stroke.
    #[test]
    fn stroke_text_round_trips_exactly(
        o in prop_oneof![any::<f64>(), -0.25f64..0.25],
        y in prop_oneof![any::<f64>(), 0.11f64..0.125],
        dx in prop_oneof![any::<f64>(), -1.0f64..1.0],
        dy in prop_oneof![any::<f64>(), 0.0f64..1.0],
        v in prop_oneof![any::<f64>(), 0.0f64..9.0],
    ) {
        let s = Stroke::new(Vec2::new(o, y), Vec2::new(dx, dy), v);
        match s.to_string().parse::<Stroke>() {
            Ok(back) => {
                prop_assert!(s.check_shape().is_ok());
                prop_assert_eq!(back.place.x.to_bits(), o.to_bits());
                prop_assert_eq!(back.place.y.to_bits(), y.to_bits());
                prop_assert_eq!(back.direction.x.to_bits(), dx.to_bits());
                prop_assert_eq!(back.direction.y.to_bits(), dy.to_bits());
                prop_assert_eq!(back.speed.to_bits(), v.to_bits());
            }
            Err(_) => prop_assert!(s.check_shape().is_err()),
        }
    }

    /// Arbitrary counters and numbers in a setup (one field at a time, so that most setups
    /// are otherwise valid): never a panic; what is accepted is a valid state that saves and
    /// reloads to itself and plays on without a panic.
    #[test]
    fn setups_with_extreme_numbers_are_checked(
        which in 0usize..8,
        n32 in extreme_u32(),
        n8 in extreme_u8(),
        n64 in extreme_i64(),
        x in extreme_f64(),
        y in extreme_f64(),
        piece in 0usize..PIECES,
        pairs in any::<bool>(),
        limit in proptest::option::of(1u8..4),
        seed in any::<u64>(),
    ) {
        let mut rules = if pairs { Rules::lattjo().with_players(4) } else { Rules::lattjo() };
        rules.void_stroke_limit = limit;
        let game = Carrom::new(rules).unwrap();
        let mut su = setup(&rules, &whites(2), QueenState::OnBoard, [0, 0], 1);
        match which {
            0 => su.strokes = n32,
            1 => su.board = n32,
            2 => su.void_strokes = n8,
            3 => su.break_attempts = n8,
            4 => su.debt = [0, n8],
            5 => su.totals_before = [n64, 3],
            6 => su.pieces[piece] = Some(Vec2::new(x, y)),
            _ => su.white_team = usize::from(n8),
        }
        let Ok(mut s) = game.from_setup(su) else { return Ok(()) };
        check_valid(&game, &s);
        prop_assert_eq!(game.from_setup(s.to_setup()).unwrap(), s.clone());
        let mut buf = Vec::new();
        let mut rng = GameRng::new(seed, 0);
        for _ in 0..3 {
            let a = match game.turn(&s) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&s, &mut rng),
                Turn::Player(_) => game.sample_action(&s, &mut rng, &mut buf),
            };
            let Some(a) = a else { break };
            game.apply(&mut s, &a).unwrap();
            check_valid(&game, &s);
        }
    }
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Arbitrary JSON where a setup, a stroke, an action or the rules are expected: never a
    /// panic; a setup that reads and validates is a valid state.
    #[test]
    fn arbitrary_json_never_panics(text in ".{0,80}") {
        let _ = serde_json::from_str::<Stroke>(&text);
        let _ = serde_json::from_str::<Action>(&text);
        let _ = serde_json::from_str::<Rules>(&text);
        if let Ok(su) = serde_json::from_str::<Setup>(&text) {
            let game = Carrom::new(Rules::lattjo()).unwrap();
            if let Ok(s) = game.from_setup(su) {
                check_valid(&game, &s);
            }
        }
    }

    /// A valid setup's JSON with one number replaced by an extreme one: never a panic; an
    /// accepted setup is a valid state.
    #[test]
    fn setup_json_with_one_number_mutated(
        field in prop_oneof![
            Just("strokes"), Just("board"), Just("void_strokes"), Just("break_attempts"),
            Just("white_team"), Just("to_move"), Just("breaker"), Just("first_breaker"),
        ],
        value in prop_oneof![
            Just(serde_json::json!(-1)),
            Just(serde_json::json!(u64::MAX)),
            Just(serde_json::json!(u32::MAX)),
            Just(serde_json::json!(256)),
            Just(serde_json::json!(1.5)),
            Just(serde_json::json!(null)),
            Just(serde_json::json!("9")),
            (0u64..6).prop_map(|v| serde_json::json!(v)),
        ],
    ) {
        let rules = Rules::lattjo();
        let game = Carrom::new(rules).unwrap();
        let su = setup(&rules, &whites(1), QueenState::OnBoard, [0, 0], 0);
        let mut json = serde_json::to_value(&su).unwrap();
        json[field] = value;
        if let Ok(back) = serde_json::from_value::<Setup>(json)
            && let Ok(s) = game.from_setup(back)
        {
            check_valid(&game, &s);
            let mut s2 = s.clone();
            let _ = game.strike(&mut s2, &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 4.0));
        }
    }
}

/// Regression (found after disc-physics began refusing subnormal coordinates): a setup with a
/// subnormal piece coordinate was accepted, and the physics then refused the next stroke
/// (`Physics(SubnormalPosition(5e-324))`). Setups, strokes and resolved outcomes now refuse
/// every coordinate the physics refuses.
#[test]
fn regression_a_subnormal_coordinate_was_accepted_and_refused_by_the_physics_later() {
    let rules = Rules::lattjo();
    let game = Carrom::new(rules).unwrap();
    let mut su = setup(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    let i = su.pieces.iter().position(Option::is_some).unwrap();
    su.pieces[i] = Some(Vec2::new(2.2250738585072014e-308, 5e-324));
    assert_eq!(game.from_setup(su), Err(SetupError::Subnormal(i as u8)));
    let stroke = Stroke::on_base_line(5e-324, Vec2::new(0.0, 1.0), 3.0);
    assert_eq!(stroke.check_shape(), Err(StrokeError::Subnormal("place")));
    let stroke = Stroke::on_base_line(0.0, Vec2::new(1e-310, 1.0), 3.0);
    assert_eq!(
        stroke.check_shape(),
        Err(StrokeError::Subnormal("direction"))
    );
    // The smallest normal numbers are fine.
    let stroke = Stroke::on_base_line(f64::MIN_POSITIVE, Vec2::new(0.0, 1.0), 3.0);
    assert_eq!(stroke.check_shape(), Ok(()));
}

/// Fuzz finding (`carrom_resolve`): `Carrom::resolve` accepted an outcome whose final
/// positions overlapped two pieces, and the state it made was refused by its own setup (and
/// so by serde). The class: the rest positions of a constructed outcome pass the same checks
/// as a setup's pieces (on the surface, not centred in a pocket, no overlap); a refused
/// outcome leaves the state unchanged.
#[test]
fn fuzz_resolve_refuses_rest_positions_a_setup_refuses() {
    use lattjo_carrom::{EventsError, Outcome, PlayError, pocket_centres};
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let start = game.initial_state(Seat::new(0)).unwrap();
    let (a, b) = (1, 2);
    let on_b = start.pieces()[b].unwrap();
    let mut overlap = Outcome::counted();
    overlap.final_positions[a] = Some(Vec2::new(on_b.x + 0.001, on_b.y));
    let mut in_pocket = Outcome::counted();
    in_pocket.final_positions[a] = Some(pocket_centres()[0]);
    for (o, want) in [
        (
            overlap,
            PlayError::Events(EventsError::Overlap(a as u8, b as u8)),
        ),
        (
            in_pocket,
            PlayError::Events(EventsError::BadPosition(a as u8)),
        ),
    ] {
        let mut s = start.clone();
        let got = game.resolve(&mut s, &o).unwrap_err();
        assert_eq!(got.to_string(), want.to_string());
        assert_eq!(s, start);
    }
    // Moving a piece to a free spot is still accepted, and the state reads back.
    let mut moved = Outcome::counted();
    moved.final_positions[a] = Some(Vec2::new(0.3, 0.3));
    let mut s = start.clone();
    game.resolve(&mut s, &moved).unwrap();
    check_valid(&game, &s);
    assert!(game.from_setup(s.to_setup()).is_ok());
}

/// Regression (fuzz, 2 Dec 2026, the class of disc-billiards' subnormal `max_speed`): a noise
/// deviation of 1e-320 was accepted, and a drawn error (deviation times draw) below the
/// normal range would turn a straight stroke's direction subnormal, which the stroke check
/// refuses. A nonzero deviation is now at least `MIN_NOISE_SD`; at that floor the game's own
/// noisy strokes play.
#[test]
fn a_noise_deviation_below_the_floor_is_refused() {
    for v in [1e-320, 1e-300, 1e-10, -0.01, f64::NAN] {
        for noise in [
            NoiseModel {
                direction_sd: v,
                speed_sd: 0.05,
            },
            NoiseModel {
                direction_sd: 0.01,
                speed_sd: v,
            },
        ] {
            let r = Rules::lattjo().with_noise(Some(noise));
            assert!(matches!(r.validate(), Err(RulesError::Noise { .. })), "{v}");
        }
    }
    for v in [0.0, MIN_NOISE_SD] {
        let noise = NoiseModel {
            direction_sd: v,
            speed_sd: v,
        };
        // A whole seeded game through the conformance kit: every generated stroke and
        // noise draw is accepted by `apply`.
        let game = Carrom::new(Rules::lattjo().with_noise(Some(noise))).unwrap();
        let cfg = ConformanceConfig {
            games: 1,
            seed: 11,
            max_plies: 20_000,
            exhaustive_actions: false,
            generated_checks_per_node: 1,
            ..ConformanceConfig::default()
        };
        let report = check_game(&game, &cfg).unwrap_or_else(|e| panic!("{v}: {e}"));
        assert!(report.chance_nodes > 0, "{v}: noise draws were played");
    }
}

/// Regression (the class of disc-billiards' libFuzzer finding of 4 Dec 2026): a physics whose
/// top speed (`max_speed_m_s`) was below the fastest stroke (`MAX_SPEED`, 8 m/s) was
/// accepted, though disc-physics refuses to strike a disc faster than that top speed, so
/// strokes the game lists would have been refused. `with_physics` now refuses
/// such a physics, by name; at `MAX_SPEED` it is accepted and every listed stroke plays.
#[test]
fn fuzz_a_physics_slower_than_the_strokes_is_refused() {
    use lattjo_carrom::{Carrom, MAX_SPEED, PhysicsConfig, PhysicsConfigError};
    let mut physics = PhysicsConfig::default();
    physics.params.max_speed_m_s = 1.0;
    assert!(matches!(
        Carrom::default().with_physics(physics),
        Err(PhysicsConfigError::MaxSpeed { physics: p, strokes: s }) if p == 1.0 && s == MAX_SPEED
    ));
    physics.params.max_speed_m_s = MAX_SPEED;
    let game = Carrom::default().with_physics(physics).unwrap();
    let mut s = game.new_initial_state();
    let mut rng = GameRng::new(1, 0);
    while game.turn(&s) == Turn::Chance {
        let a = game.sample_chance(&s, &mut rng).unwrap();
        game.apply(&mut s, &a).unwrap();
    }
    assert!(matches!(game.turn(&s), Turn::Player(_)));
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    assert!(!legal.is_empty());
    for a in &legal {
        let mut t = s.clone();
        assert!(game.apply(&mut t, a).is_ok(), "{a:?}");
    }
}

/// The class of the disc-billiards finding below in carrom: on a board without friction and
/// with soft pieces, a stroke runs to the time cap with pieces still pressing on one
/// another, and a run can leave them a few hundredths of a micrometre deep in each other.
/// Every stroke builds its world from the state's positions and refuses discs that overlap
/// by more than 1 nm, so such a state had no stroke left that played. The positions a
/// stroke leaves are now settled (`disc_physics::settle_discs`): each state reached accepts
/// its own setup and every listed stroke plays.
#[test]
fn fuzz_a_frictionless_soft_board_left_pieces_pressed_together_and_no_stroke_played() {
    use lattjo_carrom::{Carrom, PhysicsConfig};
    let mut physics = PhysicsConfig::default();
    physics.params.friction_mu = 0.0;
    physics.params.restitution_disc = 0.1;
    physics.step.max_time_s = 20.0;
    let game = Carrom::default().with_physics(physics).unwrap();
    for seed in 0..3 {
        let mut s = game.new_initial_state();
        let mut rng = GameRng::new(seed, 0);
        let mut buf = Vec::new();
        for _ in 0..6 {
            let a = match game.turn(&s) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&s, &mut rng),
                Turn::Player(_) => {
                    game.legal_actions(&s, &mut buf);
                    for a in &buf {
                        let mut t = s.clone();
                        assert!(game.apply(&mut t, a).is_ok(), "seed {seed}: {a:?}");
                    }
                    game.sample_action(&s, &mut rng, &mut buf)
                }
            };
            game.apply(&mut s, &a.unwrap()).unwrap();
            assert_eq!(
                game.from_setup(s.to_setup()).as_ref(),
                Ok(&s),
                "seed {seed}"
            );
        }
    }
}
