//! The learning encodings (issue 19) under boardgame-core's conformance kit, for the booklet's
//! rules, the ICF laws (with referee calls and declinable dues) and pairs, plus hand-made
//! positions whose encoding is known. Boards of random play take a few hundred strokes, each a
//! whole simulation, so every check plays two boards per preset.

use crate::common;

use boardgame_core::conformance::{
    ConformanceConfig, check_observations, check_parametric_actions,
};
use boardgame_core::{Game, IndexedActions, Observe, ParametricActions, Seat, Turn};
use common::*;
use lattjo_carrom::{
    Action, BASE_LINE_INSET, Call, Carrom, DueChoice, MAX_STRIKER_OFFSET, NoiseModel, Phase,
    PlayError, QueenState, Rules, STROKE_PARAMETER_BOUNDS, Side, Stroke, StrokeError, Vec2,
};
use proptest::prelude::*;

fn presets() -> Vec<(&'static str, Rules)> {
    vec![
        ("booklet", Rules::lattjo()),
        ("ICF", Rules::icf()),
        ("booklet pairs", Rules::lattjo().with_players(4)),
        (
            "ICF pairs with noise",
            Rules::icf()
                .with_players(4)
                .with_noise(Some(NoiseModel::default())),
        ),
    ]
}

fn config(seed: u64) -> ConformanceConfig<Action> {
    ConformanceConfig {
        games: 2,
        seed,
        max_plies: 20_000,
        exhaustive_actions: false,
        generated_checks_per_node: 1,
        foreign_checks_per_node: 2,
        ..ConformanceConfig::default()
    }
}

#[test]
fn observations_conform_for_every_preset() {
    for (i, (name, rules)) in presets().into_iter().enumerate() {
        let game = Carrom::new(rules).expect("preset");
        let report = check_observations(&game, &config(300 + i as u64))
            .unwrap_or_else(|v| panic!("{name}: {v}"));
        assert!(report.observations > 100, "{name}: {report:?}");
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
        let game = Carrom::new(rules).expect("preset");
        let report = check_parametric_actions(&game, &config(500 + i as u64))
            .unwrap_or_else(|v| panic!("{name}: {v}"));
        assert!(report.parametric_actions > 1_000, "{name}: {report:?}");
    }
}

fn observation(game: &Carrom, state: &lattjo_carrom::State, seat: u8) -> Vec<f32> {
    let mut out = vec![0.0; game.observation_shape().size()];
    game.observe(state, Seat::new(seat), &mut out)
        .expect("sized");
    out
}

/// Slot `k`'s values (9 a slot: kind x4, on board, x, y, due now, due next).
fn slot(obs: &[f32], k: usize) -> &[f32] {
    &obs[9 * k..9 * k + 9]
}

/// C1, C3, A20: at the break the breaker's nine white men face it; in singles the other seat
/// sits opposite and sees the same board turned half round, with the colours swapped.
#[test]
fn c1_c3_the_opening_seen_from_both_chairs() {
    let game = Carrom::default();
    let state = game.initial_state(Seat::new(0)).expect("opening");
    assert_eq!(game.observation_shape().dims(), &[222]);
    let mine = observation(&game, &state, 0);
    let theirs = observation(&game, &state, 1);
    for k in 0..9 {
        // Slots 0-8 are the observer's men, 9-17 the opponent's: seat 0's own are white.
        assert_eq!(&slot(&mine, k)[..5], &[1.0, 0.0, 0.0, 0.0, 1.0]);
        assert_eq!(&slot(&mine, 9 + k)[..5], &[0.0, 1.0, 0.0, 0.0, 1.0]);
        // Seat 1 sees white as the opponent's, at the point reflected through the centre.
        let (w0, w1) = (slot(&mine, k), slot(&theirs, 9 + k));
        assert_eq!((w1[5], w1[6]), (-w0[5], -w0[6]));
    }
    // The queen on the centre spot (C3), the striker nowhere until a stroke is chosen.
    assert_eq!(slot(&mine, 18)[..7], [0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0]);
    assert_eq!(slot(&mine, 19)[..5], [0.0, 0.0, 0.0, 1.0, 0.0]);
    let f = 180;
    assert_eq!(mine[f + 7], 1.0, "queen on the board");
    assert_eq!(mine[f + 12 + 1], 1.0, "phase: stroke");
    assert_eq!(
        (mine[f + 17], theirs[f + 17]),
        (1.0, 0.0),
        "seat 0's team plays white"
    );
    assert_eq!(mine[f + 18], 1.0, "the break is pending");
    // Seats from the observer: seat 0 is to move and breaks.
    let seats = 212;
    assert_eq!((mine[seats], mine[seats + 1]), (1.0, 0.0));
    assert_eq!((theirs[seats], theirs[seats + 1]), (0.0, 1.0));
    assert_eq!((mine[seats + 6], theirs[seats + 7]), (1.0, 1.0), "breaker");
    // A seat out of range observes as seat 0.
    assert_eq!(observation(&game, &state, 7), mine);
}

/// A stroke chosen under execution noise waits at a chance node: the striker's place,
/// direction and speed show, in each observer's frame.
#[test]
fn the_stroke_waiting_for_its_noise_is_observed() {
    let game = Carrom::new(Rules::lattjo().with_noise(Some(NoiseModel::default()))).unwrap();
    let mut state = game.initial_state(Seat::new(0)).expect("opening");
    let stroke = Stroke::on_base_line(0.1, Vec2::new(0.0, 2.0), 4.0);
    game.apply(&mut state, &Action::Strike(Seat::new(0), stroke))
        .expect("legal break");
    assert_eq!(game.turn(&state), Turn::Chance);
    assert_eq!(game.num_chance_outcomes(), 2);
    assert_eq!(
        game.chance_index(&state, &Action::Toss(Seat::new(1))),
        Some(1)
    );
    let mine = observation(&game, &state, 0);
    let theirs = observation(&game, &state, 1);
    let half = lattjo_carrom::HALF_SIZE;
    let y = ((BASE_LINE_INSET - half) / half) as f32;
    assert_eq!(slot(&mine, 19)[3..7], [1.0, 1.0, (0.1 / half) as f32, y]);
    assert_eq!(
        slot(&theirs, 19)[3..7],
        [1.0, 1.0, (-0.1 / half) as f32, -y]
    );
    assert_eq!(mine[180..183], [0.0, 1.0, 0.5]);
    assert_eq!(theirs[180..183], [-0.0, -1.0, 0.5]);
    assert_eq!(mine[192 + 2], 1.0, "phase: noise");
}

/// C2: with the whole base line blocked, the pass is the one legal action and its index is
/// the only one in the mask; where the striker fits, no index is legal (strokes are
/// parametric).
#[test]
fn c2_the_pass_is_index_0_and_masked_only_when_the_base_line_is_blocked() {
    let game = Carrom::default();
    let mut setup = setup(game.rules(), &whites(1), QueenState::OnBoard, [0, 0], 0);
    let line = Side::South.striker_position(0.0).y;
    for k in 0..7u8 {
        setup.pieces[black(k).id() as usize] = Some(Vec2::new(-0.21 + 0.07 * f64::from(k), line));
    }
    let blocked = game.from_setup(setup).expect("valid position");
    let mut mask = [false; 3];
    game.legal_mask(&blocked, &mut mask).expect("sized");
    assert_eq!(mask, [true, false, false]);
    assert_eq!(
        game.index_action(&blocked, 0),
        Some(Action::Pass(Seat::new(0)))
    );
    assert_eq!(
        game.action_index(&blocked, &Action::Pass(Seat::new(0))),
        Some(0)
    );
    assert_eq!(
        game.action_index(&blocked, &Action::Pass(Seat::new(1))),
        None
    );
    // Every stroke is refused there, whatever its parameters.
    let p = [0.0, BASE_LINE_INSET, 0.0, 1.0, 3.0];
    let strike = game.parameters_action(&blocked, &p).expect("within bounds");
    let mut s = blocked.clone();
    assert_eq!(
        game.apply(&mut s, &strike),
        Err(PlayError::Stroke(StrokeError::BaseLineBlocked))
    );
    assert_eq!(s, blocked);

    let open = position(game.rules(), &whites(1), QueenState::OnBoard, [0, 0], 0);
    game.legal_mask(&open, &mut mask).expect("sized");
    assert_eq!(mask, [false; 3]);
    assert_eq!(game.index_action(&open, 1), None, "no due choice is open");
    assert_eq!(game.index_action(&open, 3), None);
}

/// ICF 60: after the striker drops with a man owed back, the opponent (A6) chooses to place
/// or decline the due: indices 1 and 2, both in the mask; the observation marks the due man.
/// The booklet has no such choice.
#[test]
fn icf_60_the_due_choice_is_indices_1_and_2() {
    let rules = Rules::icf();
    let game = Carrom::new(rules).unwrap();
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    game.resolve(
        &mut s,
        &lattjo_carrom::Outcome::counted().striker_pocketed(),
    )
    .unwrap();
    let Phase::Dues { placer, men, .. } = s.phase() else {
        panic!("a due choice is open: {:?}", s.phase())
    };
    assert_eq!(placer, Seat::new(1));
    let mut mask = [false; 3];
    game.legal_mask(&s, &mut mask).expect("sized");
    assert_eq!(mask, [false, true, true]);
    assert_eq!(
        game.index_action(&s, 2),
        Some(Action::Dues(placer, DueChoice::Decline))
    );
    assert_eq!(
        game.action_index(&s, &Action::Dues(placer, DueChoice::Place)),
        Some(1)
    );
    assert_eq!(
        game.action_index(&s, &Action::Dues(Seat::new(0), DueChoice::Place)),
        None
    );
    // The placer sees the returned man among the opponent's men (slots 9-17), marked "due now".
    let obs = observation(&game, &s, 1);
    let due: Vec<usize> = (0..20).filter(|&k| slot(&obs, k)[7] == 1.0).collect();
    assert_eq!(due.len(), men.count_ones() as usize);
    assert!(due.iter().all(|k| (9..18).contains(k)), "{due:?}");
    assert_eq!(obs[192 + 3], 1.0, "phase: dues");
    assert_eq!(
        (obs[212 + 2], obs[212 + 3]),
        (1.0, 0.0),
        "the placer is the observer"
    );
}

/// A stroke is exactly its five fields; out of bounds or not finite is nothing; a stroke whose
/// direction is longer than the bounds allow is not legal.
#[test]
fn c2_strokes_round_trip_through_their_parameters() {
    let game = Carrom::default();
    let state = game.initial_state(Seat::new(0)).unwrap();
    let stroke = Stroke::on_base_line(-0.05, Vec2::new(0.3, 0.9), 6.5);
    let strike = Action::Strike(Seat::new(0), stroke);
    let mut p = [0.0; 5];
    assert_eq!(game.action_parameters(&state, &strike, &mut p), Ok(true));
    assert_eq!(p, [-0.05, BASE_LINE_INSET, 0.3, 0.9, 6.5]);
    assert_eq!(game.parameters_action(&state, &p), Some(strike));
    assert_eq!(game.parameter_bounds(), &STROKE_PARAMETER_BOUNDS);
    assert_eq!(
        STROKE_PARAMETER_BOUNDS[0],
        (-MAX_STRIKER_OFFSET, MAX_STRIKER_OFFSET)
    );
    // The other seat's stroke, a pass, a call: no parameters.
    let other = Action::Strike(Seat::new(1), stroke);
    for a in [
        other,
        Action::Pass(Seat::new(0)),
        Action::Call(Call::FoulStroke(Seat::new(0), stroke)),
    ] {
        assert_eq!(
            game.action_parameters(&state, &a, &mut p),
            Ok(false),
            "{a:?}"
        );
    }
    // A direction longer than the bounds is refused (issue 19), so it never lacks parameters.
    let long = Action::Strike(
        Seat::new(0),
        Stroke::on_base_line(0.0, Vec2::new(0.0, 3.0), 2.0),
    );
    assert!(!game.is_legal(&state, &long));
    assert_eq!(game.action_parameters(&state, &long, &mut p), Ok(false));
    let base = [0.0, BASE_LINE_INSET, 0.0, 1.0, 3.0];
    for (i, bad) in [
        (0, 0.25),
        (1, 0.2),
        (2, f64::NAN),
        (3, -0.5),
        (4, 9.0),
        (4, f64::INFINITY),
    ] {
        let mut q = base;
        q[i] = bad;
        assert_eq!(
            game.parameters_action(&state, &q),
            None,
            "parameter {i} = {bad}"
        );
    }
    assert_eq!(game.parameters_action(&state, &base[..4]), None);
    // C2: within the bounds but not forward of the base line: refused, state unchanged.
    let sideways = game
        .parameters_action(&state, &[0.0, BASE_LINE_INSET, 1.0, 0.0, 3.0])
        .unwrap();
    let mut s = state.clone();
    assert_eq!(
        game.apply(&mut s, &sideways),
        Err(PlayError::Stroke(StrokeError::NotForward))
    );
    assert_eq!(s, state);
    assert!(
        game.action_parameters(&state, &strike, &mut [0.0; 4])
            .is_err()
    );
}

/// A whole game of boards (`Carrom::full_game`, a `Match<Carrom>`, C17) is observed as the
/// board followed by the score, with the board's indices and stroke parameters: the kit's
/// checks pass across the first boards of a random game.
#[test]
fn a_full_game_of_boards_conforms() {
    let board = Carrom::new(Rules::lattjo()).expect("preset");
    let game = board.clone().full_game();
    assert_eq!(
        game.observation_shape().size(),
        board.observation_shape().size() + 2 + 2
    );
    let cfg = ConformanceConfig {
        games: 1,
        max_plies: 1_500,
        ..config(700)
    };
    let report = check_observations(&game, &cfg).expect("observations conform");
    assert!(report.observations > 100, "{report:?}");
    let report = check_parametric_actions(&game, &cfg).expect("actions conform");
    assert!(report.parametric_actions > 100, "{report:?}");
}

/// Issue 19 (regression): a stroke `legal_actions` listed after the toss, with its direction
/// scaled 10x, was legal and played, yet had no parameters (its direction beyond the +-2
/// bounds), so a stroke read from a record could have no parameter vector. Such a stroke is
/// now refused with a typed error, by `apply`, the text form and serde alike, the state
/// unchanged; the same stroke written within the bounds plays and round-trips.
#[test]
fn a_stroke_with_a_long_direction_is_refused_not_left_without_parameters() {
    for (name, rules) in presets() {
        let game = Carrom::new(rules).expect("preset");
        let state = game.initial_state(Seat::new(0)).unwrap();
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
                Err(lattjo_carrom::ParseStrokeError::Invalid(
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
    let game = Carrom::default();
    let state = game.initial_state(Seat::new(0)).unwrap();
    let edge = Action::Strike(
        Seat::new(0),
        Stroke::on_base_line(0.0, Vec2::new(-2.0, 2.0), 3.0),
    );
    assert!(game.is_legal(&state, &edge));
    let mut p = [0.0; 5];
    assert_eq!(game.action_parameters(&state, &edge, &mut p), Ok(true));
    assert_eq!(game.parameters_action(&state, &p), Some(edge));
}

/// A direction written at a scale: a unit-ish vector times 2^k or 10^k for k in -8..=8.
fn scaled_direction() -> impl Strategy<Value = Vec2> {
    (
        -1.0f64..1.0,
        -0.2f64..1.0,
        prop_oneof![Just(2.0f64), Just(10.0f64)],
        -8i32..=8,
    )
        .prop_map(|(x, y, base, k)| Vec2::new(x * base.powi(k), y * base.powi(k)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Issue 19: every stroke `is_legal` accepts (after the toss, for every preset) has
    /// parameters within the bounds, and they map back to the identical stroke.
    #[test]
    fn every_legal_stroke_has_parameters_within_bounds_that_map_back(
        preset in 0usize..4,
        x in -0.25f64..0.25,
        y in 0.11f64..0.125,
        direction in scaled_direction(),
        speed in 0.0f64..9.0,
        first in 0u8..2,
    ) {
        let game = Carrom::new(presets()[preset].1).expect("preset");
        let state = game.initial_state(Seat::new(first)).unwrap();
        let action = Action::Strike(state.to_move(), Stroke::new(Vec2::new(x, y), direction, speed));
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
    use lattjo_carrom::{
        BufferSizeError, Carrom, Game, IndexedActions, Observe, ParametricActions, RoundContext,
        Shape,
    };

    #[test]
    fn regression_the_learning_traits_were_not_reexported_at_the_root() {
        let game = Carrom::default();
        let state = game.new_initial_state();
        let shape: Shape = game.observation_shape();
        let mut out = vec![0.0; shape.size()];
        game.observe(&state, lattjo_carrom::Seat::new(0), &mut out)
            .expect("the right length");
        let short: Result<(), BufferSizeError> =
            game.observe(&state, lattjo_carrom::Seat::new(0), &mut []);
        assert!(short.is_err());
        assert!(game.num_distinct_actions() > 0);
        assert!(!game.parameter_bounds().is_empty());
        // `Rounds::new_round` takes a `RoundContext`, named from this crate alone.
        let _: Option<&RoundContext<'_, <Carrom as Game>::State>> = None;
    }
}
