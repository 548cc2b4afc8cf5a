//! The learning encodings (issue 19) under boardgame-core's conformance kit for both presets,
//! flying kings, every draw setting and other draw thresholds, plus a census of capture paths
//! that share their ends (which the index tells apart by rank).

use boardgame_core::conformance::{ConformanceConfig, check_indexed_actions, check_observations};
use boardgame_core::{Game, GameRng, IndexedActions, Turn};
use lattjo_draughts::{Action, Draughts, Draws, KingMoves, Move, Position, Rules};

fn games() -> Vec<Draughts> {
    [
        Rules::wcdf(),
        Rules::lattjo(),
        Rules::wcdf().with_flying_kings(true),
        Rules::wcdf().with_auto_adjudicate(true),
        // The draw thresholds scale the observation's draw fields and gate the claims.
        Rules::wcdf().with_quiet_moves(41).with_repetitions(4),
        Rules::wcdf().with_quiet_moves(8).with_repetitions(2),
        Rules::wcdf()
            .with_quiet_moves(10)
            .with_repetitions(5)
            .with_draws(Draws::Automatic),
        Rules::lattjo()
            .with_draws(Draws::Claim)
            .with_flying_kings(true),
        Rules::wcdf().with_draws(Draws::Agreement),
    ]
    .into_iter()
    .map(|r| Draughts::new(r).expect("rules"))
    .collect()
}

fn config(seed: u64) -> ConformanceConfig<Action> {
    ConformanceConfig {
        games: 6,
        seed,
        max_plies: 2_000,
        ..ConformanceConfig::default()
    }
}

#[test]
fn observations_conform_for_every_preset() {
    for (i, game) in games().iter().enumerate() {
        let report = check_observations(game, &config(500 + i as u64))
            .unwrap_or_else(|v| panic!("{:?}: {v}", game.rules()));
        assert!(report.observations > 0);
    }
}

#[test]
fn indexed_actions_conform_for_every_preset() {
    for (i, game) in games().iter().enumerate() {
        let report = check_indexed_actions(game, &config(600 + i as u64))
            .unwrap_or_else(|v| panic!("{:?}: {v}", game.rules()));
        assert!(report.masks > 0);
    }
}

/// D9/T4: capture paths are whole sequences, and two of them may share their first and last
/// squares; each still has its own index (below the rank bound of eight) in random games with
/// short and flying kings, where kings make long chains.
#[test]
fn d9_t4_capture_paths_sharing_their_ends_have_distinct_indices() {
    let mut shared = 0u32;
    let mut most = 0;
    for game in [
        Draughts::new(Rules::wcdf()).expect("rules"),
        Draughts::new(Rules::wcdf().with_flying_kings(true)).expect("rules"),
    ] {
        let mut buf = Vec::new();
        let mut legal = Vec::new();
        let mut mask = vec![false; game.num_distinct_actions()];
        for seed in 0..300 {
            let mut rng = GameRng::new(seed, 7);
            let mut s = game.new_initial_state();
            for _ in 0..400 {
                if !matches!(game.turn(&s), Turn::Player(_)) {
                    break;
                }
                game.legal_actions(&s, &mut legal);
                game.legal_mask(&s, &mut mask).expect("size");
                assert_eq!(mask.iter().filter(|&&m| m).count(), legal.len());
                most = most.max(most_paths_between_two_squares(&legal));
                for a in &legal {
                    let i = game
                        .action_index(&s, a)
                        .expect("every legal move has an index");
                    shared += u32::from(i < 8192 && i % 8 > 0);
                }
                let a = game.sample_action(&s, &mut rng, &mut buf).expect("a move");
                game.apply(&mut s, &a).expect("legal");
            }
        }
    }
    assert!(
        shared > 0,
        "the seeds reach capture paths that share their ends"
    );
    assert!(
        (2..=8).contains(&most),
        "at most {most} paths share their ends"
    );
}

/// The most legal moves that share their first and last squares.
fn most_paths_between_two_squares(legal: &[Action]) -> usize {
    let mut count = [0usize; 32 * 32];
    for a in legal {
        if let Action::Move(m) = a {
            count[usize::from(m.from().number() - 1) * 32 + usize::from(m.to().number() - 1)] += 1;
        }
    }
    count.into_iter().max().unwrap_or(0)
}

/// The most moves sharing their ends in any position of the tree below `pos`, `depth` plies.
fn most_in_tree(pos: &Position, depth: u32, kings: KingMoves) -> usize {
    let mut moves: Vec<Move> = Vec::new();
    pos.legal_moves(kings, &mut moves);
    let legal: Vec<Action> = moves.iter().copied().map(Action::Move).collect();
    let mut most = most_paths_between_two_squares(&legal);
    if depth > 1 {
        for m in &moves {
            let mut next = *pos;
            next.play(m, kings).expect("a generated move is legal");
            most = most.max(most_in_tree(&next, depth - 1, kings));
        }
    }
    most
}

/// D9, A8: the index keeps eight ranks for the paths between two squares. The positions of
/// the perft golden file (the start to 6 plies, the hand-worked capture positions, among them
/// a king's ring of four men that it goes round either way), with short and flying kings,
/// need no more.
#[test]
fn a8_the_perft_golden_positions_need_at_most_eight_paths_between_two_squares() {
    let data = include_str!("golden/perft.txt");
    let mut most = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fen = line.split(';').next().expect("a FEN").trim();
        let pos: Position = fen.parse().expect("a golden FEN");
        for kings in [KingMoves::Short, KingMoves::Flying] {
            most = most.max(most_in_tree(&pos, 6, kings));
        }
    }
    assert!(
        (2..=8).contains(&most),
        "at most {most} paths share their ends"
    );
}

/// Regression (architecture audit, 6 December 2026): docs/architecture.md, "One dependency
/// line is enough": a game crate re-exports at its root "every item of theirs that its own
/// public signatures use". The learning traits this crate implements (`Observe`,
/// `IndexedActions`) and the types in their signatures (`Shape`,
/// `BufferSizeError`) were reachable only through
/// `boardgame_core`; backgammon re-exported them. This module names them from this crate
/// only.
mod regression_the_learning_traits_were_not_reexported_at_the_root {
    use lattjo_draughts::{BufferSizeError, Draughts, Game, IndexedActions, Observe, Shape};

    #[test]
    fn regression_the_learning_traits_were_not_reexported_at_the_root() {
        let game = Draughts::default();
        let state = game.new_initial_state();
        let shape: Shape = game.observation_shape();
        let mut out = vec![0.0; shape.size()];
        game.observe(&state, lattjo_draughts::Seat::new(0), &mut out)
            .expect("the right length");
        let short: Result<(), BufferSizeError> =
            game.observe(&state, lattjo_draughts::Seat::new(0), &mut []);
        assert!(short.is_err());
        assert!(game.num_distinct_actions() > 0);
    }
}
