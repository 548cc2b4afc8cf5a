//! Hostile input (issue 15, items 1 and 8, and their class): every counter and number that
//! enters through a `Setup`, a stroke, the rules or serde is checked; nothing that is
//! accepted can panic later.

use boardgame_core::conformance::{ConformanceConfig, check_game};
use boardgame_core::{Game, GameRng, Seat, Turn};
use lattjo_disc_billiards::{
    MAX_SPEED_LIMIT, MIN_NOISE_SD, MIN_SPEED_LIMIT, NoiseModel, Novuss, PlacementTest, Rules,
    RulesError, Setup, SetupError, Side, State, Status, Stroke, Vec2,
};
use proptest::prelude::*;

/// Every invariant a position must keep, whatever built it.
fn check_valid(game: &Novuss, pos: &State) {
    let per_side = usize::from(game.rules().discs_per_side());
    for side in Side::BOTH {
        assert_eq!(pos.on_table(side) + pos.pocketed(side), per_side);
        assert!(usize::from(pos.debt(side)) <= per_side);
    }
    assert!(pos.to_move().index() < game.num_players());
    for d in pos.discs() {
        assert!(d.at.is_none_or(|p| p.is_finite()));
    }
}

fn setup(game: &Novuss) -> Setup {
    let mut su = game.new_state().to_setup();
    su.discs[0].at = None;
    su.discs[9].at = None;
    su
}

/// Issue 15.1's class here: a setup with `strokes = u32::MAX` plays on; the count stops at
/// `u32::MAX` (and a stroke limit draws at once).
#[test]
fn issue_15_1_u32_max_strokes_in_a_setup_do_not_overflow() {
    let game = Novuss::new(Rules::lattjo()).unwrap();
    let mut su = setup(&game);
    su.strokes = u32::MAX;
    let mut pos = game.from_setup(su.clone()).unwrap();
    game.strike(
        &mut pos,
        &Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0),
    )
    .unwrap();
    assert_eq!(pos.strokes(), u32::MAX);
    // Under a stroke limit, a game at the limit is drawn and only such a game is.
    let mut rules = Rules::lattjo();
    rules.stroke_limit = Some(10);
    let limited = Novuss::new(rules).unwrap();
    let mut su = setup(&limited);
    su.strokes = 10;
    assert_eq!(
        limited.from_setup(su.clone()),
        Err(SetupError::Strokes { strokes: 10 })
    );
    su.status = Status::Drawn;
    assert!(limited.from_setup(su.clone()).is_ok());
    su.strokes = 9;
    assert_eq!(
        limited.from_setup(su.clone()),
        Err(SetupError::Strokes { strokes: 9 })
    );
}

/// The class of 15.1: a pending stroke (awaiting its noise) is checked like any stroke.
#[test]
fn issue_15_1_class_a_pending_stroke_with_nan_is_refused() {
    let mut rules = Rules::lattjo();
    rules.noise = Some(lattjo_disc_billiards::NoiseModel {
        direction_sd: 0.01,
        speed_sd: 0.02,
    });
    let game = Novuss::new(rules).unwrap();
    let mut su = setup(&game);
    su.status = Status::AwaitingNoise;
    su.pending = Some(Stroke::new(
        Vec2::new(0.0, 0.09),
        Vec2::new(f64::NAN, 1.0),
        4.0,
    ));
    assert!(matches!(
        game.from_setup(su.clone()),
        Err(SetupError::PendingStroke(_))
    ));
    su.pending = Some(Stroke::new(Vec2::new(0.0, 0.3), Vec2::new(0.0, 1.0), 4.0));
    assert!(matches!(
        game.from_setup(su.clone()),
        Err(SetupError::PendingStroke(_))
    ));
    su.pending = Some(Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0));
    assert!(game.from_setup(su.clone()).is_ok());
}

/// The class of 15.1 and 15.6 in the rules: every number has a documented range (a top speed
/// of at most 20 m/s, lengths from 1 mm to 10 m, masses from 0.1 g to 10 kg).
/// Regression (fuzz finding `disc_billiards_json`, 2 Dec 2026): a rule set with a subnormal
/// `max_speed` (8.1e-320) was accepted, and the game then listed a stroke of that speed that
/// its own `apply` refused as subnormal. A top speed below 1 mm/s is refused, so every speed
/// the game generates (down to `max_speed` x 2^-53) is a normal number.
#[test]
fn a_tiny_or_subnormal_max_speed_is_refused() {
    for v in [8.1e-320, 1e-300, 0.0, -1.0, 9.9e-4, f64::NAN] {
        let r = Rules::lattjo().with_max_speed(v);
        assert!(matches!(r.validate(), Err(RulesError::MaxSpeed(_))), "{v}");
        assert!(Novuss::new(r).is_err(), "{v}");
    }
    for v in [MIN_SPEED_LIMIT, 0.5, MAX_SPEED_LIMIT] {
        let game = Novuss::new(Rules::lattjo().with_max_speed(v)).unwrap();
        // Every listed action of the opening is accepted by apply.
        let state = game.new_initial_state();
        let mut listed = Vec::new();
        game.legal_actions(&state, &mut listed);
        for a in &listed {
            let mut s = state.clone();
            assert!(game.apply(&mut s, a).is_ok(), "{v}: {a:?}");
        }
        let mut rng = GameRng::new(3, 0);
        let mut buf = Vec::new();
        if let Some(a) = game.sample_action(&state, &mut rng, &mut buf) {
            let mut s = state.clone();
            assert!(game.apply(&mut s, &a).is_ok(), "{v}: {a:?}");
        }
    }
}

#[test]
fn issue_15_1_class_rules_numbers_out_of_range_are_refused() {
    let out = |f: fn(&mut Rules)| {
        let mut r = Rules::lattjo();
        f(&mut r);
        r.validate()
    };
    assert!(matches!(
        out(|r| r.max_speed = 1e300),
        Err(RulesError::MaxSpeed(_))
    ));
    assert!(matches!(
        out(|r| r.max_speed = 21.0),
        Err(RulesError::MaxSpeed(_))
    ));
    assert!(matches!(
        out(|r| r.dimensions.disc_mass = 1e-320),
        Err(RulesError::Dimensions(_))
    ));
    assert!(matches!(
        out(|r| r.dimensions.half_size = 1e30),
        Err(RulesError::Dimensions(_))
    ));
    assert!(matches!(
        out(|r| r.dimensions.puck_mass = f64::NAN),
        Err(RulesError::Dimensions(_))
    ));
    assert_eq!(
        out(|r| r.stroke_limit = Some(0)),
        Err(RulesError::StrokeLimit)
    );
}

/// Issue 15.8's class through serde: a stroke and a noise draw deserialize only with finite
/// values, a non-zero aim and a speed in range.
#[cfg(feature = "serde")]
#[test]
fn issue_15_8_serde_refuses_invalid_strokes_and_noise() {
    let good = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0);
    let text = serde_json::to_string(&good).unwrap();
    assert_eq!(serde_json::from_str::<Stroke>(&text).unwrap(), good);
    for bad in [
        text.replace("4.0", "1e999"),
        text.replace("4.0", "0.0"),
        text.replace("4.0", "25.0"),
        text.replace("\"y\":1.0", "\"y\":0.0"),
        text.replace("0.09", "null"),
    ] {
        assert!(serde_json::from_str::<Stroke>(&bad).is_err(), "{bad}");
    }
    assert!(
        serde_json::from_str::<lattjo_disc_billiards::Noise>(r#"{"slip":1e999,"speed_error":0}"#)
            .is_err()
    );
}

/// Issue 15.8 for the Novuss stroke's text form (new with the shared stroke vocabulary): NaN
/// and infinities are refused in every spelling, and numbers that make no stroke.
#[test]
fn issue_15_8_stroke_notation_refuses_nan_and_infinities() {
    use lattjo_disc_billiards::{ParseStrokeError, StrokeError};
    for text in [
        "0,-nan 0,1 5",
        "nan,0.09 0,1 5",
        "0,0.09 inf,1 5",
        "0,0.09 0,1 +infinity",
        "0,0.09 0,1 1e999",
    ] {
        assert!(
            matches!(text.parse::<Stroke>(), Err(ParseStrokeError::NotFinite(_))),
            "{text}"
        );
    }
    assert_eq!(
        "0,0.09 0,0 5".parse::<Stroke>(),
        Err(ParseStrokeError::Invalid(StrokeError::NoDirection))
    );
    assert!(matches!(
        "0,0.09 0,1 25".parse::<Stroke>(),
        Err(ParseStrokeError::Invalid(StrokeError::Speed { .. }))
    ));
    assert!(matches!(
        "0 0,1 5".parse::<Stroke>(),
        Err(ParseStrokeError::Shape(_))
    ));
    let s: Stroke = "-0.1,0.09 0.2,1 3.5".parse().unwrap();
    assert_eq!(
        s,
        Stroke::new(Vec2::new(-0.1, 0.09), Vec2::new(0.2, 1.0), 3.5)
    );
    assert_eq!(s.to_string(), "-0.1,0.09 0.2,1 3.5");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Arbitrary text never panics the stroke reader; what it accepts has the right shape and
    /// reads back from its own text to the same bits.
    #[test]
    fn stroke_text_arbitrary_strings(text in prop_oneof![
        ".{0,40}",
        "[-+0-9.eEinfatyINFATY]{1,6},[-+0-9.eEinfaty]{1,6} [-+0-9.eEinfaty]{1,6},[-+0-9.eEinfaty]{1,6} [-+0-9.eEinfaty]{1,6}",
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
    /// text; any other is refused.
    #[test]
    fn stroke_text_round_trips_exactly(
        x in prop_oneof![any::<f64>(), -0.4f64..0.4],
        y in prop_oneof![any::<f64>(), 0.0f64..0.2],
        dx in prop_oneof![any::<f64>(), -1.0f64..1.0],
        dy in prop_oneof![any::<f64>(), -1.0f64..1.0],
        v in prop_oneof![any::<f64>(), 0.0f64..9.0],
    ) {
        let s = Stroke::new(Vec2::new(x, y), Vec2::new(dx, dy), v);
        match s.to_string().parse::<Stroke>() {
            Ok(back) => {
                prop_assert!(s.check_shape().is_ok());
                prop_assert_eq!(back.place.x.to_bits(), x.to_bits());
                prop_assert_eq!(back.place.y.to_bits(), y.to_bits());
                prop_assert_eq!(back.direction.x.to_bits(), dx.to_bits());
                prop_assert_eq!(back.direction.y.to_bits(), dy.to_bits());
                prop_assert_eq!(back.speed.to_bits(), v.to_bits());
            }
            Err(_) => prop_assert!(s.check_shape().is_err()),
        }
    }
}

fn extreme_u32() -> impl Strategy<Value = u32> {
    prop_oneof![Just(0u32), Just(1), Just(u32::MAX), any::<u32>()]
}

fn extreme_u8() -> impl Strategy<Value = u8> {
    prop_oneof![
        Just(0u8),
        Just(1),
        Just(8),
        Just(16),
        Just(17),
        Just(u8::MAX),
        any::<u8>()
    ]
}

fn extreme_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::MAX),
        Just(5e-324),
        -0.6f64..0.6,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Arbitrary counters and numbers in a setup (one field at a time): never a panic; what
    /// is accepted is a valid position that saves and reloads to itself and plays on.
    #[test]
    fn setups_with_extreme_numbers_are_checked(
        which in 0usize..6,
        n32 in extreme_u32(),
        n8 in extreme_u8(),
        x in extreme_f64(),
        y in extreme_f64(),
        disc in 0usize..16,
        limit in proptest::option::of(1u32..50),
        seed in any::<u64>(),
    ) {
        let mut rules = Rules::lattjo();
        rules.stroke_limit = limit;
        let game = Novuss::new(rules).unwrap();
        let mut su = setup(&game);
        match which {
            0 => su.strokes = n32,
            1 => su.debt[Seat::new(0)] = n8,
            2 => su.discs[disc].at = Some(Vec2::new(x, y)),
            3 => su.discs[disc].home = Vec2::new(x, y),
            4 => su.to_move = Seat::new(n8),
            _ => {
                su.status = Status::Drawn;
                su.strokes = n32;
            }
        }
        let Ok(mut pos) = game.from_setup(su.clone()) else { return Ok(()) };
        check_valid(&game, &pos);
        prop_assert_eq!(game.from_setup(pos.to_setup()).unwrap().to_setup(), pos.to_setup());
        let mut buf = Vec::new();
        let mut rng = GameRng::new(seed, 0);
        for _ in 0..3 {
            let a = match game.turn(&pos) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&pos, &mut rng),
                Turn::Player(_) => game.sample_action(&pos, &mut rng, &mut buf),
            };
            let Some(a) = a else { break };
            game.apply(&mut pos, &a).unwrap();
            check_valid(&game, &pos);
        }
    }
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Arbitrary JSON where a setup, a stroke, an action, the rules or a saved game are
    /// expected: never a panic; what reads and validates is valid.
    #[test]
    fn arbitrary_json_never_panics(text in ".{0,80}") {
        let _ = serde_json::from_str::<Stroke>(&text);
        let _ = serde_json::from_str::<lattjo_disc_billiards::Action>(&text);
        let _ = serde_json::from_str::<Rules>(&text);
        let _ = serde_json::from_str::<lattjo_disc_billiards::State>(&text);
        if let Ok(su) = serde_json::from_str::<Setup>(&text) {
            let game = Novuss::new(Rules::lattjo()).unwrap();
            if let Ok(pos) = game.from_setup(su.clone()) {
                check_valid(&game, &pos);
            }
        }
    }

    /// A valid setup's JSON with one number replaced by an extreme one: never a panic; an
    /// accepted setup is a valid position.
    #[test]
    fn setup_json_with_one_number_mutated(
        field in prop_oneof![Just("strokes"), Just("to_move"), Just("debt")],
        value in prop_oneof![
            Just(serde_json::json!(-1)),
            Just(serde_json::json!(u64::MAX)),
            Just(serde_json::json!(u32::MAX)),
            Just(serde_json::json!([255, 255])),
            Just(serde_json::json!([1, 0])),
            Just(serde_json::json!(1.5)),
            Just(serde_json::json!(null)),
            (0u64..6).prop_map(|v| serde_json::json!(v)),
        ],
    ) {
        let game = Novuss::new(Rules::lattjo()).unwrap();
        let mut json = serde_json::to_value(setup(&game)).unwrap();
        json[field] = value;
        if let Ok(back) = serde_json::from_value::<Setup>(json)
            && let Ok(pos) = game.from_setup(back.clone())
        {
            check_valid(&game, &pos);
        }
    }
}

/// Regression (found after disc-physics began refusing subnormal coordinates): a setup with a
/// subnormal disc coordinate was accepted and a stroke with a subnormal place passed the
/// legality check, and the physics then refused them (`SubnormalPosition(5e-324)`). Setups
/// and strokes now refuse every coordinate the physics refuses.
#[test]
fn regression_a_subnormal_coordinate_was_accepted_and_refused_by_the_physics_later() {
    use lattjo_disc_billiards::StrokeError;
    let game = Novuss::new(Rules::lattjo()).unwrap();
    let mut su = setup(&game);
    su.discs[2].at = Some(Vec2::new(5e-324, 5e-324));
    assert!(matches!(game.from_setup(su), Err(SetupError::OffTable(_))));
    let stroke = Stroke::new(
        Vec2::new(-8.022098915644006e-309, 0.09),
        Vec2::new(0.0, 1.0),
        3.0,
    );
    assert_eq!(
        stroke.check_shape(),
        Err(StrokeError::Subnormal(-8.022098915644006e-309))
    );
}

/// Regression (an audit's left-alone list): `from_setup` accepted an LNF pairs state in an
/// answering series, which no game reaches: in pairs, clearing every disc in the opening
/// series loses the set (LNF doubles, `Rules::opening_equaliser`), so no side ever waits for
/// an answering series. The same setup in singles is a state of the game.
#[test]
fn regression_from_setup_accepted_an_lnf_pairs_answering_series() {
    for (players, accepted) in [(2, true), (4, false)] {
        let game = Novuss::new(Rules::lnf().with_players(players)).unwrap();
        assert!(game.rules().opening_equaliser);
        let mut su = game.new_state().to_setup();
        for d in su.discs.iter_mut().filter(|d| d.side == Side::A) {
            d.at = None;
        }
        su.answering = Some(Side::A);
        su.opening = false;
        su.to_move = Seat::new(1);
        let result = game.from_setup(su);
        assert_eq!(result.is_ok(), accepted, "{players} players: {result:?}");
        if !accepted {
            assert!(
                result
                    .unwrap_err()
                    .to_string()
                    .contains("pairs play no answering series")
            );
        }
    }
}

/// Fuzz finding (`disc_billiards_resolve`): under the LNF opening equaliser, when the
/// answering series ended without clearing, the game was won but the state kept its
/// answering side, a state its own setup (and serde) refuses ("an answering series belongs to
/// a game in progress"). The class: every way a game ends (a stroke, a referee's call, the
/// stroke limit) clears the answering series.
#[test]
fn fuzz_a_finished_game_keeps_no_answering_series() {
    use lattjo_disc_billiards::{Action, Call, Conduct, Outcome};
    let game = Novuss::new(Rules::lnf()).unwrap();
    assert!(game.rules().opening_equaliser);
    let mut su = game.new_state().to_setup();
    for d in su.discs.iter_mut().filter(|d| d.side == Side::A) {
        d.at = None;
    }
    su.answering = Some(Side::A);
    su.opening = false;
    su.to_move = Seat::new(1);
    let start = game.from_setup(su).unwrap();
    // A stroke that ends B's answering series without clearing: A wins.
    let mut buf = Vec::new();
    game.legal_actions(&start, &mut buf);
    let Some(Action::Strike(seat, stroke)) = buf.first().copied() else {
        panic!("no stroke for B")
    };
    let (puck, _) = game.stroke_on_board(seat, &stroke);
    let mut s = start.clone();
    game.resolve(&mut s, &Outcome::still(&start, puck)).unwrap();
    assert_eq!(s.status(), Status::Won(Side::A));
    assert_eq!(s.answering(), None);
    check_valid(&game, &s);
    assert_eq!(
        game.from_setup(s.to_setup()).unwrap().to_setup(),
        s.to_setup()
    );
    // A referee's call that ends B's turn ends the series the same way.
    let mut s = start.clone();
    game.apply(
        &mut s,
        &Action::Call(Call::Conduct(Seat::new(1), Conduct::Delay)),
    )
    .unwrap();
    if s.status() == Status::Won(Side::A) {
        assert_eq!(s.answering(), None);
        assert_eq!(
            game.from_setup(s.to_setup()).unwrap().to_setup(),
            s.to_setup()
        );
    }
}

/// Fuzz finding (`disc_billiards_json`, second campaign sitting): under a physics
/// configuration with a high friction (`friction_mu` 8.1, read from JSON), `legal_actions`
/// listed a shot aimed at 11.2 m/s, over the rules' 8 m/s, and `apply` refused it. Every
/// listed stroke must be playable whatever the physics parameters.
#[test]
fn fuzz_listed_strokes_keep_to_the_rules_top_speed_under_any_physics() {
    use lattjo_disc_billiards::PhysicsConfig;
    let mut physics = PhysicsConfig::default();
    physics.params.friction_mu = 8.1;
    physics.params.max_speed_m_s = 100.0;
    let game = Novuss::default().with_physics(physics).unwrap();
    every_listed_stroke_plays(&game);
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
        let game = Novuss::new(Rules::lattjo().with_noise(Some(noise))).unwrap();
        let cfg = ConformanceConfig {
            games: 1,
            seed: 11,
            max_plies: lattjo_disc_billiards::RANDOM_PLAY_BOUND,
            exhaustive_actions: false,
            generated_checks_per_node: 1,
            ..ConformanceConfig::default()
        };
        let report = check_game(&game, &cfg).unwrap_or_else(|e| panic!("{v}: {e}"));
        assert!(report.chance_nodes > 0, "{v}: noise draws were played");
    }
}

/// Regression (libFuzzer, `disc_billiards_json`, 4 Dec 2026): a physics whose top speed
/// (`max_speed_m_s` 1 m/s) was below the rules' top stroke speed (8 m/s) was accepted, and
/// `apply` then refused a stroke `legal_actions` listed ("speed 6 m/s exceeds the table's
/// maximum speed"). `with_physics` now refuses such a physics, by name; at the rules' speed it
/// is accepted and every listed stroke plays.
#[test]
fn fuzz_a_physics_slower_than_the_rules_strokes_is_refused() {
    use lattjo_disc_billiards::{PhysicsConfig, PhysicsConfigError};
    let mut physics = PhysicsConfig::default();
    physics.params.max_speed_m_s = 1.0;
    let top = Novuss::default().rules().max_speed;
    assert!(matches!(
        Novuss::default().with_physics(physics),
        Err(PhysicsConfigError::MaxSpeed { physics: p, strokes: s }) if p == 1.0 && s == top
    ));
    physics.params.max_speed_m_s = top;
    let game = Novuss::default().with_physics(physics).unwrap();
    every_listed_stroke_plays(&game);
}

/// At the start of `game`, strokes are listed and every one of them plays.
fn every_listed_stroke_plays(game: &Novuss) {
    every_listed_stroke_plays_at(game, &game.new_state());
}

/// In `s`, strokes are listed and every one of them plays.
fn every_listed_stroke_plays_at(game: &Novuss, s: &State) {
    let mut legal = Vec::new();
    game.legal_actions(s, &mut legal);
    assert!(!legal.is_empty());
    for a in &legal {
        let mut t = s.clone();
        assert!(game.apply(&mut t, a).is_ok(), "{a:?}");
    }
}

/// The striker's side of the table as `game` sees it, and a puck placement test written
/// here from the rules (B3, N3), not from the crate's code: `test` takes a board point.
fn clear_of_discs(game: &Novuss, setup: &Setup, p: Vec2) -> bool {
    let d = &game.rules().dimensions;
    d.on_table(p, d.puck_radius)
        && !d.in_pocket(p)
        && setup
            .discs
            .iter()
            .filter_map(|x| x.at)
            .all(|q| q.distance(p) >= d.puck_radius + d.disc_radius)
}

/// Moves discs one at a time onto the first board point (on a 5 mm grid over the striker's
/// zone) that passes `test`, until none does or the discs run out. Whether a point is left.
fn fill(
    game: &Novuss,
    setup: &mut Setup,
    moved: &mut usize,
    test: impl Fn(&Setup, Vec2) -> bool,
) -> bool {
    let d = game.rules().dimensions;
    let grid = || {
        (0..=((d.zone_depth / 0.005) as i32)).flat_map(move |iv| {
            (-70..=70).map(move |iu| {
                Vec2::new(f64::from(iu) * 0.005, f64::from(iv) * 0.005 - d.half_size)
            })
        })
    };
    while let Some(p) = grid().find(|&p| test(setup, p)) {
        let Some(disc) = setup.discs.get_mut(*moved) else {
            return true;
        };
        disc.at = Some(p);
        *moved += 1;
    }
    false
}

/// B3's gap, decided: the booklet and the LNF rules do not say what happens when the discs
/// leave the striker no place for the puck. Such a position, reached in play or built, had
/// no legal action at a player node (the `Game` contract broken, random play stuck). Now
/// the placement test relaxes, a level at a time and only while the level before leaves no
/// place: first anywhere in the strike zone clear of the discs, then anywhere in the
/// striker's half. Every listed stroke plays, and the rules' test still decides wherever it
/// leaves a place.
#[test]
fn regression_discs_that_take_every_placement_left_the_striker_no_stroke_b3() {
    let game = Novuss::new(Rules::lattjo().with_players(4)).expect("a preset");
    let d = game.rules().dimensions;
    let south = lattjo_disc_billiards::Compass::South;
    // Every disc parked in the north half, clear of all zones.
    let mut setup = south_position(&game, &[]).to_setup();
    let line_visible = |su: &Setup, p: Vec2| {
        d.in_zone(south, p)
            && d.distance_to_zone_line(south, p) <= d.puck_hole_radius
            && clear_of_discs(&game, su, p)
    };
    let in_zone = |su: &Setup, p: Vec2| d.in_zone(south, p) && clear_of_discs(&game, su, p);
    let stroke_places = |su: &Setup| -> Vec<Vec2> {
        let pos = game.from_setup(su.clone()).expect("a valid position");
        let mut actions = Vec::new();
        // The sampler of random play finds a stroke too, and it plays.
        for seed in 0..4 {
            let mut rng = GameRng::new(seed, 0);
            let sampled = game.sample_action(&pos, &mut rng, &mut actions);
            let mut after = pos.clone();
            game.apply(&mut after, &sampled.expect("a sampled stroke"))
                .expect("a sampled stroke plays");
        }
        listed_places(&game, &pos)
            .into_iter()
            .map(|l| south.from_local(l.x, l.y, d.half_size))
            .collect()
    };
    let mut moved = 0;
    // The booklet's test leaves no place: the strokes are placed in the zone.
    assert!(
        !fill(&game, &mut setup, &mut moved, line_visible),
        "discs to spare"
    );
    assert!(stroke_places(&setup).iter().all(|&p| in_zone(&setup, p)));
    // Nor anywhere in the zone: the strokes are placed in the striker's half.
    assert!(
        !fill(&game, &mut setup, &mut moved, in_zone),
        "discs to spare"
    );
    let places = stroke_places(&setup);
    assert!(
        places
            .iter()
            .all(|&p| !d.in_zone(south, p) && p.y <= 0.0 && clear_of_discs(&game, &setup, p))
    );
    // Where the rules' test leaves a place, it decides: the discs on the zone's inner line
    // taken back out open the line again, and the listed strokes are on a zone line.
    for disc in &mut setup.discs {
        if disc
            .at
            .is_some_and(|q| d.in_zone(south, q) && q.y > -d.half_size + d.zone_depth - 0.03)
        {
            disc.at = None;
        }
    }
    let places = stroke_places(&setup);
    assert!(!places.is_empty());
    assert!(places.iter().all(|&p| line_visible(&setup, p)));
}

/// A position of `game` with seat 0 (south) to strike and the discs at `places` (in his
/// frame: `u` along his cushion, `v` from it), the rest parked in the north half.
fn south_position(game: &Novuss, places: &[(f64, f64)]) -> State {
    let d = game.rules().dimensions;
    let south = lattjo_disc_billiards::Compass::South;
    let mut setup = game.new_state().to_setup();
    setup.to_move = Seat::new(0);
    setup.status = Status::Playing;
    setup.opening = false;
    setup.answering = None;
    assert!(places.len() <= setup.discs.len());
    for (i, disc) in setup.discs.iter_mut().enumerate() {
        disc.at = Some(match places.get(i) {
            Some(&(u, v)) => south.from_local(u, v, d.half_size),
            None => {
                let (col, row) = (
                    ((i - places.len()) % 11) as f64,
                    ((i - places.len()) / 11) as f64,
                );
                Vec2::new(-0.35 + 0.07 * col, 0.1 + 0.07 * row)
            }
        });
    }
    game.from_setup(setup).expect("a valid position")
}

/// The places of the strokes `game` lists at `pos` (in the striker's frame), each played.
fn listed_places(game: &Novuss, pos: &State) -> Vec<Vec2> {
    let mut actions = Vec::new();
    game.legal_actions(pos, &mut actions);
    assert!(!actions.is_empty(), "the striker has a stroke");
    actions
        .iter()
        .map(|a| {
            let mut after = pos.clone();
            game.apply(&mut after, a).expect("a listed stroke plays");
            match a {
                lattjo_disc_billiards::Action::Strike(_, s) => s.place,
                other => panic!("a stroke, not {other:?}"),
            }
        })
        .collect()
}

/// Whether the puck at `(u, v)` in the south striker's frame is clear of every disc (the
/// test written here from the rules, B3).
fn clear_at(game: &Novuss, pos: &State, u: f64, v: f64) -> bool {
    let d = game.rules().dimensions;
    let p = lattjo_disc_billiards::Compass::South.from_local(u, v, d.half_size);
    pos.discs()
        .iter()
        .filter_map(|x| x.at)
        .all(|q| q.distance(p) >= d.puck_radius + d.disc_radius)
}

/// B3, N3 (the booklet's `LineVisible`): whether the rules' test leaves any place was
/// decided on a grid, and for this test only on points exactly on the zone's lines. Discs
/// lying 5 mm beyond the end line, 10.8 cm apart, and three more on the side and middle
/// lines take every point of every line, but between each two of them the band of the
/// hole's radius beside the end line has room for the puck (7 mm inside the line). The
/// test was relaxed to "anywhere in the zone", so a placement the rules refuse was
/// accepted. The search is now exact: the band place is found, the rules' test decides,
/// and the listed strokes are placed in the band.
#[test]
fn regression_a_place_beside_the_zone_line_was_missed_and_the_rules_test_relaxed_b3_n3() {
    let game = Novuss::new(Rules::lattjo()).expect("a preset");
    let d = game.rules().dimensions;
    let (w, depth, h) = (d.zone_half_width, d.zone_depth, d.puck_hole_radius);
    let mut places: Vec<(f64, f64)> = [-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0]
        .iter()
        .map(|k| (k * 0.108, depth + 0.005))
        .collect();
    places.extend([(0.0, 0.06), (-0.36, 0.045), (0.36, 0.045)]);
    let pos = south_position(&game, &places);
    let s0 = Seat::new(0);
    // Every point of the zone's lines (1 mm apart) is taken: the old grid found nothing.
    let steps = |a: f64, b: f64| {
        let n = ((b - a) / 0.001) as i32;
        (0..=n).map(move |k| a + (b - a) * f64::from(k) / f64::from(n))
    };
    for u in steps(-w, w) {
        assert!(!clear_at(&game, &pos, u, depth), "end line at {u}");
    }
    for line in [-w, 0.0, w] {
        for v in steps(d.puck_radius, depth) {
            assert!(!clear_at(&game, &pos, line, v), "line {line} at {v}");
        }
    }
    // The band beside the end line has room between the discs.
    let band = Vec2::new(0.054, depth - 0.007);
    assert!(clear_at(&game, &pos, band.x, band.y));
    assert!(pos.placement_ok(s0, band), "the rules' test accepts it");
    // So the test is not relaxed: a place in the zone clear of the discs but away from the
    // lines is refused (it was accepted).
    assert!(clear_at(&game, &pos, 0.2, 0.06));
    assert!(!pos.placement_ok(s0, Vec2::new(0.2, 0.06)));
    // The listed strokes are placed where the rules' test allows: in the zone, within the
    // hole's radius of a line (here the end line), clear of the discs.
    let listed = listed_places(&game, &pos);
    for p in listed {
        assert!(
            p.x.abs() <= w && p.y <= depth && p.y >= depth - h - 1e-9,
            "{p}"
        );
        assert!(clear_at(&game, &pos, p.x, p.y), "{p}");
        assert!(pos.placement_ok(s0, p));
    }
}

/// B3, N3 (`Lenient` and `LnfHoleInside`): the grid of 2 cm by 1 cm decided whether the
/// zone had a place. Two staggered rows of discs, 8 cm apart in a row and 9.3 cm between
/// rows, cover the zone but for a hole of some 1.4 mm at the centre of each triangle of
/// three discs, 0.6 mm more than the puck needs, none on a grid point. The test was relaxed
/// to "anywhere in the striker's half". The search is now exact: the holes are found and
/// the rules' test decides.
#[test]
fn regression_a_gap_narrower_than_the_grid_step_was_missed_and_the_zone_relaxed_b3_n3() {
    for test in [PlacementTest::Lenient, PlacementTest::LnfHoleInside] {
        let rules = Rules::lattjo().with_players(4).with_placement_test(test);
        let game = Novuss::new(rules).expect("valid rules");
        let d = game.rules().dimensions;
        let (w, depth, r, h) = (
            d.zone_half_width,
            d.zone_depth,
            d.puck_radius,
            d.puck_hole_radius,
        );
        // Rows at `va` and `va + t`, `s` apart in a row: every triangle of three discs has
        // the circumradius `reach + 0.6 mm`.
        let reach = d.puck_radius + d.disc_radius;
        let (s, rc, va) = (0.08, reach + 0.0006, d.disc_radius);
        let t = (2.0 * rc + (4.0 * rc * rc - s * s).sqrt()) / 2.0;
        let mut places: Vec<(f64, f64)> = (-4..=4).map(|k| (s * f64::from(k), va)).collect();
        places.extend((-5..=4).map(|k| (s / 2.0 + s * f64::from(k), va + t)));
        let pos = south_position(&game, &places);
        let s0 = Seat::new(0);
        // The grid the game searched (clamped to the hole's radius inside the zone) is
        // taken.
        for k in 0..=((2.0 * w / 0.02) as i32) {
            for j in 0..=(((depth - r) / 0.01) as i32) {
                let u = (-w + 0.02 * f64::from(k)).clamp(-w + h, w - h);
                let v = (r + 0.01 * f64::from(j)).clamp(h, depth - h);
                assert!(
                    !clear_at(&game, &pos, u, v),
                    "{test:?}: grid point {u}, {v}"
                );
            }
        }
        // The centre of the triangle of discs at -4 cm and +4 cm in the far row and 0 in
        // the near one is 0.6 mm farther from each than the puck needs.
        let hole = Vec2::new(0.0, va + t - (t * t - s * s / 4.0) / (2.0 * t));
        assert!(clear_at(&game, &pos, hole.x, hole.y));
        assert!(
            pos.placement_ok(s0, hole),
            "{test:?}: the rules' test accepts it"
        );
        // So the test is not relaxed: a place in the striker's half outside the zone is
        // refused (it was accepted).
        assert!(!pos.placement_ok(s0, Vec2::new(0.0, 0.3)), "{test:?}");
        for p in listed_places(&game, &pos) {
            assert!(p.x.abs() <= w && p.y <= depth, "{test:?}: {p}");
            assert!(clear_at(&game, &pos, p.x, p.y), "{test:?}: {p}");
            assert!(pos.placement_ok(s0, p));
        }
    }
}

/// libFuzzer (`disc_billiards_json`, 633 k runs): with a physics without friction and with
/// soft discs, one stroke ran to the 60 s cap with the rows still pressing on one another
/// and left discs 27-32 nm deep in each other. The state's own setup refused it ("disc 8 and
/// disc 9 overlap"), and every stroke after it failed to build its world ("disc would
/// overlap disc"), so the game could not go on. The positions a stroke leaves are now
/// settled (`disc_physics::settle_discs`) to within the placement tolerance.
#[cfg(feature = "serde")]
#[test]
fn fuzz_a_frictionless_stroke_left_discs_pressed_together_and_every_next_stroke_failed() {
    use lattjo_disc_billiards::{Action, PhysicsConfig};
    let json = r#"{"params":{"friction_mu":0.0,"gravity_m_s2":8.91,"restitution_disc":0.1,"restitution_cushion":0.75,"jump_speed_m_s":null,"max_speed_m_s":100.0},"step":{"dt_s":0.001,"substeps":1,"max_time_s":60.0}}"#;
    let physics: PhysicsConfig = serde_json::from_str(json).unwrap();
    let game = Novuss::default().with_physics(physics).unwrap();
    let mut s = game.new_state();
    let stroke = Stroke::new(
        Vec2::new(0.0, 0.1285),
        Vec2::new(0.030736505702853016, 0.9995275219908547),
        2.5,
    );
    game.apply(&mut s, &Action::Strike(Seat::new(0), stroke))
        .unwrap();
    let r = game.rules().dimensions.disc_radius;
    let on: Vec<Vec2> = s.discs().iter().filter_map(|d| d.at).collect();
    for (i, a) in on.iter().enumerate() {
        for b in &on[i + 1..] {
            assert!(a.distance(*b) > 2.0 * r - 1e-9, "{a:?} and {b:?} overlap");
        }
    }
    let back = game.from_setup(s.to_setup()).expect("its own setup");
    assert_eq!(back.discs(), s.discs());
    every_listed_stroke_plays_at(&game, &s);
}
