//! The learning encodings (issue 19) under boardgame-core's conformance kit for every preset,
//! 2 to 4 players, the option hybrid, no roll for the start, other sixth dots, release rolls
//! and uses of a 6, other board geometries and D7's safe stars (each with both observation
//! kinds), plus
//! positions whose encoding is known.

use boardgame_core::conformance::{ConformanceConfig, check_indexed_actions, check_observations};
use boardgame_core::{Game, IndexedActions, Observe, Seat};
use lattjo_ludo::{
    Action, Die, Finish, Geometry, Ludo, ObservationKind, Overshoot, ReleaseRolls, Rules, SafeDots,
    Seats, SixRelease, State,
};

fn games() -> Vec<Ludo> {
    let mut hybrid = Rules::lattjo();
    hybrid.overshoot = Overshoot::Illegal;
    hybrid.max_sixes = Some(2);
    hybrid.three_tries = true;
    hybrid.must_move = false;
    hybrid.play_out_places = true;
    hybrid.own_stacking = false;
    hybrid.clear_start = true;
    let mut rules: Vec<Rules> = ["RY", "GYB", "RGYB"]
        .iter()
        .map(|s| Rules::lattjo().with_seats(s.parse::<Seats>().expect("seats")))
        .collect();
    let release = |faces: &[u8]| {
        let faces: Vec<Die> = faces
            .iter()
            .map(|&v| Die::new(v).expect("a face"))
            .collect();
        ReleaseRolls::new(&faces).expect("a face")
    };
    let geometry = |t, l, h| Geometry::new(t, l, h).expect("a geometry");
    rules.extend([
        Rules::classic(),
        Rules::mensch(),
        hybrid.with_seats("RYB".parse().expect("seats")),
        // L2, A13: the first seat starts without a roll for it.
        Rules::lattjo().with_roll_for_start(false),
        Rules::classic()
            .with_roll_for_start(false)
            .with_seats("GB".parse().expect("seats")),
        Rules::mensch().with_roll_for_start(false).with_players(3),
        // A7, T2: the sixth dot elsewhere on the loop, at either end of its range.
        Rules::lattjo().with_sixth_dot(2),
        Rules::lattjo().with_sixth_dot(40).with_players(2),
        Rules::lattjo().with_sixth_dot(13),
        // D1, D2: other release rolls and one checker out on a 6.
        Rules::lattjo().with_six_release(SixRelease::OneToStart),
        Rules::lattjo().with_release_rolls(release(&[6])),
        Rules::lattjo().with_release_rolls(release(&[1, 3, 5])),
        Rules::classic()
            .with_release_rolls(release(&[5, 6]))
            .with_six_release(SixRelease::TwoOrSixthDot),
        // D10, A1: other boards, the smallest, a large one and goal fields on a short loop.
        Rules::lattjo()
            .with_geometry(geometry(8, 8, 1))
            .with_sixth_dot(3),
        Rules::classic().with_geometry(geometry(12, 11, 2)),
        Rules::lattjo()
            .with_geometry(geometry(128, 100, 19))
            .with_sixth_dot(100)
            .with_players(3),
        Rules::mensch().with_geometry(geometry(20, 20, 4)),
        Rules::mensch()
            .with_geometry(geometry(16, 14, 2))
            .with_finish(Finish::GoalFields)
            .with_own_stacking(true)
            .with_seats("RY".parse().expect("seats")),
        // D7's separate option: Ludo King's stars on every preset, other offsets on another
        // board.
        Rules::lattjo().with_safe_dots(SafeDots::LUDO_KING),
        Rules::classic().with_safe_dots(SafeDots::LUDO_KING),
        Rules::mensch()
            .with_safe_dots(SafeDots::LUDO_KING)
            .with_players(3),
        Rules::lattjo()
            .with_geometry(geometry(24, 24, 3))
            .with_safe_dots(SafeDots::new(&[1, 4]).expect("offsets")),
    ]);
    // Every rule set with each observation kind.
    rules
        .into_iter()
        .flat_map(|r| {
            let game = Ludo::new(r).expect("rules");
            [game.clone(), game.with_observation(ObservationKind::Planes)]
        })
        .collect()
}

fn config(seed: u64) -> ConformanceConfig<Action> {
    ConformanceConfig {
        games: 4,
        seed,
        max_plies: 100_000,
        ..ConformanceConfig::default()
    }
}

#[test]
fn observations_conform_for_every_preset() {
    for (i, game) in games().iter().enumerate() {
        let report = check_observations(game, &config(300 + i as u64))
            .unwrap_or_else(|v| panic!("{game:?}: {v}"));
        assert!(report.observations > 0);
    }
}

#[test]
fn indexed_actions_conform_for_every_preset() {
    for (i, game) in games().iter().enumerate() {
        let report = check_indexed_actions(game, &config(400 + i as u64))
            .unwrap_or_else(|v| panic!("{game:?}: {v}"));
        assert!(report.masks > 0);
    }
}

/// L6/L7 with the booklet's rules: on a 6 red may bring a checker out to the sixth dot or two
/// to the start dot, or move its checker on dot 10; each move has its documented index and
/// the observation shows red's checkers from red's seat and from yellow's.
#[test]
fn l6_a_six_lists_entries_and_a_step_under_their_indices() {
    let game = Ludo::new(Rules::lattjo().with_seats("RY".parse().expect("seats"))).expect("rules");
    let mut state: State = "LUDO 40/40/4 RY R 0 R:0,0,0,10 Y:0,0,0,0 rules=lattjo"
        .parse()
        .expect("state");
    game.apply(&mut state, &Action::Roll(Die::new(6).expect("die")))
        .expect("roll");
    let mut mask = vec![false; game.num_distinct_actions()];
    game.legal_mask(&state, &mut mask).expect("size");
    let on: Vec<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
    let mut listed = Vec::new();
    game.legal_actions(&state, &mut listed);
    assert_eq!(on.len(), listed.len());
    for a in &listed {
        let i = game.action_index(&state, a).expect("indexed");
        assert_eq!(game.index_action(&state, i).as_ref(), Some(a));
    }
    // The step from path index 10 has index 10.
    assert!(on.contains(&10), "{on:?} {listed:?}");

    let planes = game.clone().with_observation(ObservationKind::Planes);
    let mut obs = vec![0.0; planes.observation_shape().size()];
    planes
        .observe(&state, Seat::new(0), &mut obs)
        .expect("size");
    // Red (the observer) has three checkers in the den and one on path index 10.
    assert_eq!((obs[0], obs[10]), (0.75, 0.25));
    let mut yellow = vec![0.0; obs.len()];
    planes
        .observe(&state, Seat::new(1), &mut yellow)
        .expect("size");
    // Seen from yellow, red is the next seat: its block starts at E + 1 = 46.
    assert_eq!((yellow[46], yellow[46 + 10]), (0.75, 0.25));
    assert_eq!(yellow[0], 1.0, "yellow's four checkers in its den");

    // The compact kind (the default): per seat the four path indices / E, ascending.
    let mut compact = vec![0.0; game.observation_shape().size()];
    assert_eq!(compact.len(), 2 * 4 + 2 * 5 + 12);
    game.observe(&state, Seat::new(0), &mut compact)
        .expect("size");
    assert_eq!(
        compact[..8],
        [0.0, 0.0, 0.0, 10.0 / 45.0, 0.0, 0.0, 0.0, 0.0]
    );
    game.observe(&state, Seat::new(1), &mut compact)
        .expect("size");
    assert_eq!(
        compact[..8],
        [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 10.0 / 45.0]
    );
    // The context is the same for both kinds: red (seat 0 from red) to move with a 6.
    game.observe(&state, Seat::new(0), &mut compact)
        .expect("size");
    assert_eq!(compact[8..], obs[2 * 46..]);
    assert_eq!(compact[8..10], [1.0, 0.0], "red to move");
    assert_eq!(compact[10 + 5], 1.0, "the die shows 6");
}

/// Regression (architecture audit, 6 December 2026): docs/architecture.md, "One dependency
/// line is enough": a game crate re-exports at its root "every item of theirs that its own
/// public signatures use". The learning traits this crate implements (`Observe`,
/// `IndexedActions`) and the types in their signatures (`Shape`,
/// `BufferSizeError`) were reachable only through
/// `boardgame_core`; backgammon re-exported them. This module names them from this crate
/// only.
mod regression_the_learning_traits_were_not_reexported_at_the_root {
    use lattjo_ludo::{BufferSizeError, Game, IndexedActions, Ludo, Observe, Shape};

    #[test]
    fn regression_the_learning_traits_were_not_reexported_at_the_root() {
        let game = Ludo::default();
        let state = game.new_initial_state();
        let shape: Shape = game.observation_shape();
        let mut out = vec![0.0; shape.size()];
        game.observe(&state, lattjo_ludo::Seat::new(0), &mut out)
            .expect("the right length");
        let short: Result<(), BufferSizeError> =
            game.observe(&state, lattjo_ludo::Seat::new(0), &mut []);
        assert!(short.is_err());
        assert!(game.num_distinct_actions() > 0);
    }
}
