//! The learning encodings (issue 19) under boardgame-core's conformance kit, for the booklet's
//! rules, the federation's (LNF), mini-novuss, pairs and execution noise, plus hand-made
//! positions whose encoding is known. Games of random play take hundreds of strokes, each a
//! whole simulation, so every check plays two games per preset.

use boardgame_core::conformance::{
    ConformanceConfig, check_observations, check_parametric_actions,
};
use boardgame_core::{Game, IndexedActions, Observe, ParametricActions, Seat, Turn};
use lattjo_disc_billiards::{
    Action, Call, Conduct, NoiseModel, Novuss, PlayError, Rules, Stroke, StrokeError, Vec2,
};
use proptest::prelude::*;

fn presets() -> Vec<(&'static str, Rules)> {
    vec![
        ("booklet", Rules::lattjo()),
        ("LNF", Rules::lnf()),
        ("mini", Rules::mini()),
        ("booklet pairs", Rules::lattjo().with_players(4)),
        (
            "booklet with noise",
            Rules::lattjo().with_noise(Some(NoiseModel {
                direction_sd: 0.02,
                speed_sd: 0.05,
            })),
        ),
    ]
}

fn config(seed: u64) -> ConformanceConfig<Action> {
    ConformanceConfig {
        games: 2,
        seed,
        max_plies: lattjo_disc_billiards::RANDOM_PLAY_BOUND,
        exhaustive_actions: false,
        generated_checks_per_node: 1,
        foreign_checks_per_node: 2,
        ..ConformanceConfig::default()
    }
}

#[test]
fn observations_conform_for_every_preset() {
    for (i, (name, rules)) in presets().into_iter().enumerate() {
        let game = Novuss::new(rules).expect("preset");
        let report = check_observations(&game, &config(300 + i as u64))
            .unwrap_or_else(|v| panic!("{name}: {v}"));
        assert!(report.observations > 50, "{name}: {report:?}");
    }
}

/// `check_parametric_actions` is `check_indexed_actions` for a game whose player actions are
/// partly continuous: at every node each listed action has an index (mapping back to it) or
/// parameters (within the bounds, mapping back to it), never both; the mask is exactly the
/// indexed ones; indices outside the mask and random in-bounds vectors name nothing `apply`
/// accepts wrongly; out-of-bounds and non-finite vectors name nothing. (`check_indexed_actions`
/// alone requires an index for every legal action, which a stroke does not have.)
#[test]
fn indexed_and_parametric_actions_conform_for_every_preset() {
    for (i, (name, rules)) in presets().into_iter().enumerate() {
        let game = Novuss::new(rules).expect("preset");
        let report = check_parametric_actions(&game, &config(500 + i as u64))
            .unwrap_or_else(|v| panic!("{name}: {v}"));
        assert!(report.parametric_actions > 500, "{name}: {report:?}");
    }
}

fn observation(game: &Novuss, state: &lattjo_disc_billiards::State, seat: u8) -> Vec<f32> {
    let mut out = vec![0.0; game.observation_shape().size()];
    game.observe(state, Seat::new(seat), &mut out)
        .expect("sized");
    out
}

/// N2: each player's row lies against the far cushion, so at the opening every seat sees its
/// own eight discs at the far end (y = 1 - r/h in its frame) and the other's at its own end;
/// the table is symmetric, so the two seats' observations differ only in whose stroke it is.
#[test]
fn n2_the_opening_rows_seen_from_both_cushions() {
    let game = Novuss::default();
    let state = game.new_state();
    assert_eq!(game.observation_shape().dims(), &[244]);
    let mine = observation(&game, &state, 0);
    let theirs = observation(&game, &state, 1);
    let d = game.rules().dimensions;
    let far = (1.0 - d.disc_radius / d.half_size) as f32;
    for k in 0..16 {
        let slot = &mine[7 * k..7 * k + 7];
        let (own, y) = if k < 8 { (1.0, far) } else { (0.0, -far) };
        assert_eq!(slot[..3], [own, 1.0 - own, 1.0], "slot {k}");
        assert!((slot[4] - y).abs() < 1e-6, "slot {k}: {}", slot[4]);
        assert_eq!(slot[3..5], slot[5..7], "at home");
    }
    assert!(mine[7 * 16..224].iter().all(|&x| x == 0.0), "no disc 16-31");
    assert_eq!(mine[230], 1.0, "playing");
    assert_eq!(mine[236], 1.0, "the opening series");
    assert_eq!((mine[240], mine[241]), (1.0, 0.0), "seat 0 strikes");
    assert_eq!((theirs[240], theirs[241]), (0.0, 1.0));
    for (i, (a, b)) in mine.iter().zip(&theirs).enumerate() {
        if i != 240 && i != 241 {
            assert_eq!(a, b, "value {i}");
        }
    }
    // A seat out of range observes as seat 0.
    assert_eq!(observation(&game, &state, 9), mine);
}

/// A stroke under execution noise waits at a chance node: the puck's place, direction and
/// speed show in the observer's frame, and the stroke counter moves once the noise is drawn.
#[test]
fn the_stroke_waiting_for_its_noise_is_observed() {
    let rules = Rules::lattjo().with_noise(Some(NoiseModel {
        direction_sd: 0.02,
        speed_sd: 0.05,
    }));
    let game = Novuss::new(rules).unwrap();
    let mut state = game.new_state();
    // B3 (the booklet): a zone line within the puck's hole, here the zone's back line.
    let stroke = Stroke::new(Vec2::new(0.1, 0.125), Vec2::new(0.0, 2.0), 4.0);
    game.apply(&mut state, &Action::Strike(Seat::new(0), stroke))
        .unwrap();
    assert_eq!(game.turn(&state), Turn::Chance);
    assert_eq!(game.num_chance_outcomes(), 0, "the noise is continuous");
    let h = game.rules().dimensions.half_size;
    let mine = observation(&game, &state, 0);
    let puck = &mine[224..230];
    assert_eq!(puck[0], 1.0);
    assert!((puck[1] - (0.1 / h) as f32).abs() < 1e-6);
    assert!((puck[2] - (0.125 / h - 1.0) as f32).abs() < 1e-6);
    assert_eq!(puck[3..5], [0.0, 1.0]);
    assert_eq!(puck[5], (4.0 / game.rules().max_speed) as f32);
    assert_eq!(mine[231], 1.0, "awaiting noise");
    let theirs = observation(&game, &state, 1);
    assert!(
        (theirs[225] + (0.1 / h) as f32).abs() < 1e-6,
        "turned half round"
    );
    assert!((theirs[226] + (0.125 / h - 1.0) as f32).abs() < 1e-6);
}

/// Every player action is a stroke: no index, an empty mask, and a referee's call is neither
/// indexed nor parametric (§5: a referee's decision, not a player's).
#[test]
fn the_discrete_space_is_empty() {
    let game = Novuss::new(Rules::lnf()).unwrap();
    let state = game.new_state();
    assert_eq!(game.num_distinct_actions(), 0);
    game.legal_mask(&state, &mut []).expect("an empty mask");
    assert!(game.legal_mask(&state, &mut [false]).is_err());
    assert_eq!(game.index_action(&state, 0), None);
    let call = Action::Call(Call::Conduct(Seat::new(0), Conduct::Delay));
    assert_eq!(game.action_index(&state, &call), None);
    assert_eq!(
        game.action_parameters(&state, &call, &mut [0.0; 5]),
        Ok(false)
    );
}

/// B3: a stroke is exactly its five fields within the zone's bounds; outside them or not
/// finite it is nothing; within them a stroke that breaks the rules is refused with the state
/// unchanged.
#[test]
fn b3_strokes_round_trip_through_their_parameters() {
    let game = Novuss::default();
    let state = game.new_state();
    let d = game.rules().dimensions;
    let bounds = game.parameter_bounds();
    assert_eq!(bounds.len(), 5);
    assert!(bounds[0].1 >= d.zone_half_width && bounds[0].1 < d.zone_half_width + 1e-6);
    assert!(bounds[1].0 <= 0.0 && bounds[1].1 >= d.zone_depth);
    assert_eq!(bounds[4], (0.0, game.rules().max_speed));
    let stroke = Stroke::new(Vec2::new(0.1, 0.125), Vec2::new(0.6, 0.8), 3.5);
    let strike = Action::Strike(Seat::new(0), stroke);
    assert!(game.is_legal(&state, &strike));
    let mut p = [0.0; 5];
    assert_eq!(game.action_parameters(&state, &strike, &mut p), Ok(true));
    assert_eq!(p, [0.1, 0.125, 0.6, 0.8, 3.5]);
    assert_eq!(game.parameters_action(&state, &p), Some(strike));
    let other = Action::Strike(Seat::new(1), stroke);
    assert_eq!(game.action_parameters(&state, &other, &mut p), Ok(false));
    let long = Action::Strike(
        Seat::new(0),
        Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 4.0), 3.0),
    );
    // A direction longer than the bounds is refused (issue 19), so it never lacks parameters.
    assert!(!game.is_legal(&state, &long));
    assert_eq!(game.action_parameters(&state, &long, &mut p), Ok(false));
    let base = [0.0, 0.09, 0.0, 1.0, 3.0];
    for (i, bad) in [
        (0, 0.4),
        (1, 0.2),
        (1, -0.01),
        (2, f64::NAN),
        (3, 2.5),
        (4, game.rules().max_speed * 1.01),
        (4, f64::NEG_INFINITY),
    ] {
        let mut q = base;
        q[i] = bad;
        assert_eq!(
            game.parameters_action(&state, &q),
            None,
            "parameter {i} = {bad}"
        );
    }
    assert_eq!(game.parameters_action(&state, &[0.0; 6]), None);
    for (q, why) in [
        ([0.0, 0.09, 0.0, 0.0, 3.0], StrokeError::NoDirection),
        (
            [0.0, 0.09, 0.0, 1.0, 0.0],
            StrokeError::Speed {
                speed: 0.0,
                max: lattjo_disc_billiards::MAX_SPEED_LIMIT,
            },
        ),
    ] {
        let a = game.parameters_action(&state, &q).expect("within bounds");
        let mut s = state.clone();
        assert_eq!(game.apply(&mut s, &a), Err(PlayError::Stroke(why)));
        assert_eq!(s, state);
    }
}

/// A match of games (`Novuss::full_match`, a `Match<Novuss>`) is observed as the game
/// followed by the score, with the game's stroke parameters: the kit's checks pass across the
/// first games of a random match.
#[test]
fn a_full_match_conforms() {
    let single = Novuss::new(Rules::lattjo()).expect("preset");
    let game = single.clone().full_match();
    assert_eq!(
        game.observation_shape().size(),
        single.observation_shape().size() + 2 + 2
    );
    let cfg = ConformanceConfig {
        games: 3,
        max_plies: 1_500,
        ..config(700)
    };
    let report = check_observations(&game, &cfg).expect("observations conform");
    assert!(report.observations > 150, "{report:?}");
    let report = check_parametric_actions(&game, &cfg).expect("actions conform");
    assert!(report.parametric_actions > 50, "{report:?}");
}

/// Issue 19 (regression): a stroke `legal_actions` listed, with its direction scaled 10x, was
/// legal and played, yet had no parameters (its direction beyond the +-2 bounds), so a stroke
/// read from a record could have no parameter vector. Such a stroke is now refused with a
/// typed error, by `apply`, the text form and serde alike, the state unchanged; the same
/// stroke written within the bounds plays and round-trips.
#[test]
fn a_stroke_with_a_long_direction_is_refused_not_left_without_parameters() {
    for (name, rules) in presets() {
        let game = Novuss::new(rules).expect("preset");
        let state = game.new_state();
        let mut listed = Vec::new();
        game.legal_actions(&state, &mut listed);
        let mut strokes = 0;
        for action in &listed {
            let Action::Strike(seat, stroke) = *action else {
                continue;
            };
            strokes += 1;
            let mut p = [0.0; 5];
            assert_eq!(
                game.action_parameters(&state, action, &mut p),
                Ok(true),
                "{name}: {action:?}"
            );
            assert_eq!(game.parameters_action(&state, &p), Some(*action), "{name}");
            let d = stroke.direction;
            let long = Stroke::new(
                stroke.place,
                Vec2::new(10.0 * d.x, 10.0 * d.y),
                stroke.speed,
            );
            let long_action = Action::Strike(seat, long);
            assert!(!game.is_legal(&state, &long_action), "{name}: {long:?}");
            let mut s = state.clone();
            assert_eq!(
                game.apply(&mut s, &long_action),
                Err(PlayError::Stroke(StrokeError::LongDirection {
                    x: long.direction.x,
                    y: long.direction.y
                })),
                "{name}: {long:?}"
            );
            assert_eq!(s, state, "{name}");
            assert_eq!(
                game.action_parameters(&state, &long_action, &mut p),
                Ok(false)
            );
            assert!(matches!(
                long.to_string().parse::<Stroke>(),
                Err(lattjo_disc_billiards::ParseStrokeError::Invalid(
                    StrokeError::LongDirection { .. }
                ))
            ));
            #[cfg(feature = "serde")]
            {
                let json = serde_json::to_string(&long).unwrap();
                assert!(serde_json::from_str::<Stroke>(&json).is_err(), "{json}");
                let json = serde_json::to_string(&stroke).unwrap();
                assert_eq!(serde_json::from_str::<Stroke>(&json).unwrap(), stroke);
            }
        }
        assert!(strokes > 10, "{name}: {strokes} strokes listed");
    }
    // On the bound itself a direction is accepted and has parameters.
    let game = Novuss::default();
    let state = game.new_state();
    let edge = Action::Strike(
        Seat::new(0),
        Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(-2.0, 2.0), 3.0),
    );
    assert!(game.is_legal(&state, &edge));
    let mut p = [0.0; 5];
    assert_eq!(game.action_parameters(&state, &edge, &mut p), Ok(true));
    assert_eq!(game.parameters_action(&state, &p), Some(edge));
}

/// A direction written at a scale: a vector in the unit square times 2^k or 10^k for k in
/// -8..=8.
fn scaled_direction() -> impl Strategy<Value = Vec2> {
    (
        -1.0f64..1.0,
        -1.0f64..1.0,
        prop_oneof![Just(2.0f64), Just(10.0f64)],
        -8i32..=8,
    )
        .prop_map(|(x, y, base, k)| Vec2::new(x * base.powi(k), y * base.powi(k)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Issue 19: every stroke `is_legal` accepts (in the opening position, for every preset)
    /// has parameters within the bounds, and they map back to the identical stroke.
    #[test]
    fn every_legal_stroke_has_parameters_within_bounds_that_map_back(
        preset in 0usize..5,
        across in -1.1f64..1.1,
        forward in -0.1f64..1.1,
        direction in scaled_direction(),
        speed in -0.5f64..12.0,
    ) {
        let presets = presets();
        let game = Novuss::new(presets[preset % presets.len()].1).expect("preset");
        let state = game.new_state();
        let d = game.rules().dimensions;
        let place = Vec2::new(across * d.zone_half_width, forward * d.zone_depth);
        let action = Action::Strike(state.to_move(), Stroke::new(place, direction, speed));
        let mut p = [0.0; 5];
        if game.is_legal(&state, &action) {
            prop_assert_eq!(game.action_parameters(&state, &action, &mut p), Ok(true));
            for (v, (lo, hi)) in p.iter().zip(game.parameter_bounds()) {
                prop_assert!(lo <= v && v <= hi, "{} outside {}..={}", v, lo, hi);
            }
            prop_assert_eq!(game.parameters_action(&state, &p), Some(action));
        } else {
            prop_assert!(game.apply(&mut state.clone(), &action).is_err());
        }
    }
}

/// Regression (architecture audit, 6 December 2026): docs/architecture.md, "One dependency
/// line is enough": a game crate re-exports at its root "every item of theirs that its own
/// public signatures use". The learning traits this crate implements (`Observe`,
/// `IndexedActions`, `ParametricActions`) and the types in their signatures (`Shape`,
/// `BufferSizeError`, and `Rounds`'s `RoundContext`) were reachable only through
/// `boardgame_core`; backgammon re-exported them. This module names them from this crate
/// only.
mod regression_the_learning_traits_were_not_reexported_at_the_root {
    use lattjo_disc_billiards::{
        BufferSizeError, Game, IndexedActions, Novuss, Observe, ParametricActions, RoundContext,
        Shape,
    };

    #[test]
    fn regression_the_learning_traits_were_not_reexported_at_the_root() {
        let game = Novuss::default();
        let state = game.new_initial_state();
        let shape: Shape = game.observation_shape();
        let mut out = vec![0.0; shape.size()];
        game.observe(&state, lattjo_disc_billiards::Seat::new(0), &mut out)
            .expect("the right length");
        let short: Result<(), BufferSizeError> =
            game.observe(&state, lattjo_disc_billiards::Seat::new(0), &mut []);
        assert!(short.is_err());
        // Strokes are continuous: the index holds only the discrete actions, if any.
        let _: usize = game.num_distinct_actions();
        assert!(!game.parameter_bounds().is_empty());
        // `Rounds::new_round` takes a `RoundContext`, named from this crate alone.
        let _: Option<&RoundContext<'_, <Novuss as Game>::State>> = None;
    }
}
