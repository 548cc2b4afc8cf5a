//! The learning encodings (issue 19) under boardgame-core's conformance kit, for the default
//! (FIDE draws), the booklet, decisions on, each draw and resignation option flipped from
//! either preset, and Chess960 starts; plus hand-made positions
//! whose planes and move indices are known from AlphaZero's published layout.

use boardgame_core::conformance::{ConformanceConfig, check_indexed_actions, check_observations};
use boardgame_core::{Game, IndexedActions, Observe, Seat};
use lattjo_chess::{Action, CastlingMode, Chess, Move, Position, Role, Rules, Square, State};

/// The games checked: the presets, decisions on, each draw and resignation option flipped,
/// and four Chess960 starts.
fn games() -> Vec<(String, Chess)> {
    let mut all: Vec<(String, Chess)> = [
        ("fide", Rules::fide()),
        ("lattjo", Rules::lattjo()),
        ("fide + decisions", Rules::fide().with_decisions(true)),
        ("lattjo + decisions", Rules::lattjo().with_decisions(true)),
        ("fide + auto claim", Rules::fide().with_auto_claim(true)),
        // Each option that changes the draw and resignation part of the mask or the
        // observation, flipped from either preset with decisions on (D3, D4, A4, A14).
        (
            "fide + decisions, no claimable draws",
            Rules::fide()
                .with_decisions(true)
                .with_claimable_draws(false),
        ),
        (
            "fide + decisions, no automatic draws",
            Rules::fide()
                .with_decisions(true)
                .with_automatic_draws(false),
        ),
        (
            "fide + decisions + auto claim",
            Rules::fide().with_decisions(true).with_auto_claim(true),
        ),
        (
            "fide + decisions, agreement at once",
            Rules::fide()
                .with_decisions(true)
                .with_agreement_needs_moves(false),
        ),
        (
            "fide + decisions, every resignation decisive",
            Rules::fide()
                .with_decisions(true)
                .with_resignation_needs_mating_material(false),
        ),
        (
            "lattjo + decisions + claimable draws",
            Rules::lattjo()
                .with_decisions(true)
                .with_claimable_draws(true),
        ),
        (
            "lattjo + decisions + automatic draws",
            Rules::lattjo()
                .with_decisions(true)
                .with_automatic_draws(true),
        ),
        (
            "lattjo + decisions, agreement needs moves",
            Rules::lattjo()
                .with_decisions(true)
                .with_agreement_needs_moves(true),
        ),
        (
            "lattjo + decisions, resignation needs mating material",
            Rules::lattjo()
                .with_decisions(true)
                .with_resignation_needs_mating_material(true),
        ),
    ]
    .into_iter()
    .map(|(name, rules)| (name.to_owned(), Chess::new(rules).expect("valid rules")))
    .collect();
    for n in [0, 359, 518, 959] {
        let start = Position::chess960(n).expect("0..960");
        all.push((format!("chess960 #{n}"), Chess::default().with_start(start)));
    }
    all
}

fn config(seed: u64) -> ConformanceConfig<Action> {
    ConformanceConfig {
        games: 3,
        seed,
        max_plies: 20_000,
        generated_checks_per_node: 4,
        ..ConformanceConfig::default()
    }
}

/// Observations have the documented shape, are deterministic and finite, overwrite the whole
/// buffer, refuse a wrong-sized one, and change with every action (a move, an offer, a
/// resignation or claim, D4) in random games of every rule set.
#[test]
fn observations_conform_for_every_rule_set() {
    for (i, (name, game)) in games().into_iter().enumerate() {
        let report = check_observations(&game, &config(40 + i as u64))
            .unwrap_or_else(|v| panic!("{name}: {v}"));
        assert!(report.observations > 0, "{name}");
    }
}

/// Every legal action has an index that maps back to it, distinct actions have distinct
/// indices and the mask equals `legal_actions`, at every node of random games (castling
/// included, as king takes rook in Chess960, A11).
#[test]
fn indexed_actions_conform_for_every_rule_set() {
    for (i, (name, game)) in games().into_iter().enumerate() {
        let report = check_indexed_actions(&game, &config(140 + i as u64))
            .unwrap_or_else(|v| panic!("{name}: {v}"));
        assert!(report.masks > 0, "{name}");
    }
}

fn observe(game: &Chess, state: &State) -> Vec<f32> {
    let mut out = vec![f32::NAN; game.observation_shape().size()];
    game.observe(state, Seat::new(0), &mut out).expect("sized");
    let mut other = vec![f32::NAN; out.len()];
    game.observe(state, Seat::new(1), &mut other)
        .expect("sized");
    assert_eq!(out, other, "perfect information: both seats see the same");
    out
}

/// The squares (as "e2") where `plane` is 1, in relative coordinates.
fn squares(obs: &[f32], plane: usize) -> Vec<String> {
    (0..64)
        .filter(|&i| obs[plane * 64 + i] == 1.0)
        .map(|i| Square::ALL[i].to_string())
        .collect()
}

/// The value of a uniform plane (asserting that it is uniform).
fn uniform(obs: &[f32], plane: usize) -> f32 {
    let v = obs[plane * 64];
    assert!(obs[plane * 64..(plane + 1) * 64].iter().all(|&x| x == v));
    v
}

fn state_after(game: &Chess, sans: &[&str]) -> State {
    let mut state = game.new_initial_state();
    for san in sans {
        let m = state.position().parse_san(san).expect("legal SAN");
        game.apply(&mut state, &Action::Move(m)).expect("legal");
    }
    state
}

fn index(game: &Chess, state: &State, m: Move) -> usize {
    let i = game
        .action_index(state, &Action::Move(m))
        .unwrap_or_else(|| panic!("{m} has an index"));
    assert_eq!(game.index_action(state, i), Some(Action::Move(m)));
    i
}

/// K1, K2: the start seen by White: its pawns on rank 2 and pieces on rank 1, Black's
/// mirrored on ranks 7 and 8, White to move, all four castling rights, clocks at 0 and 1.
#[test]
fn k1_the_start_position_planes() {
    let game = Chess::default();
    let obs = observe(&game, &game.new_initial_state());
    assert_eq!(obs.len(), 25 * 64);
    let rank = |r: char| ["a", "b", "c", "d", "e", "f", "g", "h"].map(|f| format!("{f}{r}"));
    assert_eq!(squares(&obs, 0), rank('2'));
    assert_eq!(squares(&obs, 1), ["b1", "g1"]);
    assert_eq!(squares(&obs, 2), ["c1", "f1"]);
    assert_eq!(squares(&obs, 3), ["a1", "h1"]);
    assert_eq!(squares(&obs, 4), ["d1"]);
    assert_eq!(squares(&obs, 5), ["e1"]);
    assert_eq!(squares(&obs, 6), rank('7'));
    assert_eq!(squares(&obs, 10), ["d8"]);
    assert_eq!(squares(&obs, 11), ["e8"]);
    assert_eq!(squares(&obs, 19), Vec::<String>::new(), "no en passant");
    let planes: Vec<f32> = (12..25)
        .filter(|&p| p != 19)
        .map(|p| uniform(&obs, p))
        .collect();
    // Repetitions 12-13: seen once. 14: White to move. 15-18: castling both ways, both
    // sides. 20: no plies since a pawn move. 21: move 1. 22-24: no offer, not over.
    let move_1 = 1.0 / 500.0;
    let expected = [
        0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, move_1, 0.0, 0.0, 0.0,
    ];
    assert_eq!(planes, expected);
    // Each piece is on exactly one plane.
    let pieces: f32 = obs[..12 * 64].iter().sum();
    assert_eq!(pieces, 32.0);
}

/// K2, K5: after 1.e4 Black is to move and sees the board mirrored: its own pawns on
/// relative rank 2, White's e-pawn on relative e5, its own king on relative e1. The colour
/// plane is 0, and the double step gives no en-passant plane since no capture is possible
/// (A3).
#[test]
fn k5_black_sees_the_board_mirrored() {
    let game = Chess::default();
    let obs = observe(&game, &state_after(&game, &["e4"]));
    assert_eq!(squares(&obs, 0).len(), 8);
    assert!(squares(&obs, 0).iter().all(|s| s.ends_with('2')));
    assert_eq!(squares(&obs, 5), ["e1"]);
    assert_eq!(squares(&obs, 4), ["d1"]);
    let theirs = squares(&obs, 6);
    assert!(theirs.contains(&"e5".to_owned()) && !theirs.contains(&"e7".to_owned()));
    assert_eq!(squares(&obs, 11), ["e8"]);
    assert_eq!(uniform(&obs, 14), 0.0);
    assert_eq!(squares(&obs, 19), Vec::<String>::new());
    assert_eq!(uniform(&obs, 20), 0.0);
}

/// K17, A6: the en-passant plane marks the square the capture lands on, for either side.
#[test]
fn k17_en_passant_square_is_marked_from_the_side_to_move() {
    let game = Chess::default();
    // 1.e4 a6 2.e5 d5: White may take on d6.
    let obs = observe(&game, &state_after(&game, &["e4", "a6", "e5", "d5"]));
    assert_eq!(squares(&obs, 19), ["d6"]);
    // 1.a3 e5 2.a4 e4 3.d4: Black may take on d3, relative d6.
    let obs = observe(&game, &state_after(&game, &["a3", "e5", "a4", "e4", "d4"]));
    assert_eq!(squares(&obs, 19), ["d6"]);
    // A6: one move later the right is gone.
    let obs = observe(
        &game,
        &state_after(&game, &["e4", "a6", "e5", "d5", "a3", "h6"]),
    );
    assert_eq!(squares(&obs, 19), Vec::<String>::new());
}

/// A3 (FIDE 9.2): the repetition planes count occurrences of the current position; the
/// halfmove clock plane counts the plies without a pawn move or capture.
#[test]
fn a3_repetition_planes_and_the_halfmove_clock() {
    let game = Chess::default();
    let out_and_back = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let once = observe(&game, &state_after(&game, &out_and_back));
    assert_eq!((uniform(&once, 12), uniform(&once, 13)), (1.0, 0.0));
    assert_eq!(uniform(&once, 20), 4.0 / 150.0);
    let twice = observe(&game, &state_after(&game, &out_and_back.repeat(2)));
    assert_eq!((uniform(&twice, 12), uniform(&twice, 13)), (1.0, 1.0));
    assert_eq!(uniform(&twice, 21), 5.0 / 500.0);
}

/// A10: a castling right lost shows on the side's own planes, and on the opponent's once the
/// turn passes.
#[test]
fn a10_castling_planes_follow_the_rights() {
    let game = Chess::default();
    // 1.Nf3 Nf6 2.Rg1: White loses the king-side right; Black sees it as the opponent's.
    let obs = observe(&game, &state_after(&game, &["Nf3", "Nf6", "Rg1"]));
    let planes: Vec<f32> = (15..19).map(|p| uniform(&obs, p)).collect();
    assert_eq!(planes, [1.0, 1.0, 0.0, 1.0]);
    let obs = observe(&game, &state_after(&game, &["Nf3", "Nf6", "Rg1", "Ng8"]));
    let planes: Vec<f32> = (15..19).map(|p| uniform(&obs, p)).collect();
    assert_eq!(planes, [0.0, 1.0, 1.0, 1.0]);
}

/// K5: 1.e4 is from e2 (index 12) north at distance 2 (plane 1), 877; Black's 1...e5 is the
/// same move seen from its side, so the same index.
#[test]
fn k5_e2e4_and_e7e5_share_index_877() {
    let game = Chess::default();
    let start = game.new_initial_state();
    assert_eq!(index(&game, &start, Move::new(Square::E2, Square::E4)), 877);
    assert_eq!(index(&game, &start, Move::new(Square::E2, Square::E3)), 876);
    let after = state_after(&game, &["e4"]);
    assert_eq!(index(&game, &after, Move::new(Square::E7, Square::E5)), 877);
    // The same index names different moves for the two sides.
    assert_eq!(
        game.index_action(&start, 877),
        Some(Action::Move(Move::new(Square::E2, Square::E4)))
    );
}

/// K8: a knight's move uses the knight planes 56-63: g1-f3 is (-1 file, +2 ranks), plane 63,
/// and b1-c3 is (+1, +2), plane 56.
#[test]
fn k8_knight_moves_use_the_knight_planes() {
    let game = Chess::default();
    let start = game.new_initial_state();
    assert_eq!(
        index(&game, &start, Move::new(Square::G1, Square::F3)),
        6 * 73 + 63
    );
    assert_eq!(
        index(&game, &start, Move::new(Square::B1, Square::C3)),
        73 + 56
    );
    let after = state_after(&game, &["e4"]);
    assert_eq!(
        index(&game, &after, Move::new(Square::G8, Square::F6)),
        6 * 73 + 63
    );
}

/// K7, T9, A8: a promotion to a queen is the pawn's queen-plane move; the three
/// underpromotions have planes 64-72 (role x direction); all are in the mask, and a pawn move
/// to the last rank without a promotion has no index.
#[test]
fn k7_promotions_and_underpromotions() {
    let start = Position::from_fen(
        "r1n1k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1",
        CastlingMode::Standard,
    )
    .expect("valid FEN");
    let game = Chess::default().with_start(start);
    let state = game.new_initial_state();
    let b7 = 49;
    let promote = |to, role| Move {
        from: Square::B7,
        to,
        promotion: Some(role),
    };
    assert_eq!(
        index(&game, &state, promote(Square::B8, Role::Queen)),
        b7 * 73
    );
    assert_eq!(
        index(&game, &state, promote(Square::A8, Role::Queen)),
        b7 * 73 + 7 * 7
    );
    assert_eq!(
        index(&game, &state, promote(Square::C8, Role::Queen)),
        b7 * 73 + 7
    );
    assert_eq!(
        index(&game, &state, promote(Square::A8, Role::Knight)),
        b7 * 73 + 64
    );
    assert_eq!(
        index(&game, &state, promote(Square::B8, Role::Bishop)),
        b7 * 73 + 68
    );
    assert_eq!(
        index(&game, &state, promote(Square::C8, Role::Rook)),
        b7 * 73 + 72
    );
    assert_eq!(
        game.action_index(&state, &Action::Move(Move::new(Square::B7, Square::B8))),
        None,
        "A8: no promotion, no move"
    );
    let mut mask = vec![false; game.num_distinct_actions()];
    game.legal_mask(&state, &mut mask).expect("sized");
    let promotions = (b7 * 73..b7 * 73 + 73).filter(|&i| mask[i]).count();
    assert_eq!(promotions, 12, "three destinations, four roles each");

    // Black's g2 pawn promotes to a bishop on g1: relative g7 (54), straight, plane 68.
    let after = {
        let mut s = state.clone();
        let m = Move::new(Square::H1, Square::H2);
        game.apply(&mut s, &Action::Move(m)).expect("legal");
        s
    };
    let g1b = Move {
        from: Square::G2,
        to: Square::G1,
        promotion: Some(Role::Bishop),
    };
    assert_eq!(index(&game, &after, g1b), 54 * 73 + 68);
}

/// A11, K20: castling is the king's move onto its own rook: e1-h1 is east at distance 3
/// (plane 16), e1-a1 west at distance 4 (plane 45); in Chess960 a king beside its rook
/// castles at distance 1, an index no ordinary king move can have there (K3).
#[test]
fn a11_castling_has_its_own_index_in_standard_chess_and_chess960() {
    let start = Position::from_fen(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        CastlingMode::Standard,
    )
    .expect("valid FEN");
    let game = Chess::default().with_start(start);
    let state = game.new_initial_state();
    assert_eq!(
        index(&game, &state, Move::new(Square::E1, Square::H1)),
        4 * 73 + 16
    );
    assert_eq!(
        index(&game, &state, Move::new(Square::E1, Square::A1)),
        4 * 73 + 45
    );
    let mut mask = vec![false; 4672];
    game.legal_mask(&state, &mut mask).expect("sized");
    assert!(mask[4 * 73 + 16] && mask[4 * 73 + 45]);
    assert!(!mask[4 * 73 + 15], "e1-g1 is not a move of this encoding");

    // Chess960: king b1 beside the rook on a1, king f1 beside the rook on g1.
    for (fen, castle, king_step) in [
        (
            "4k3/8/8/8/8/8/8/RK6 w A - 0 1",
            Move::new(Square::B1, Square::A1),
            Move::new(Square::B1, Square::C1),
        ),
        (
            "4k3/8/8/8/8/8/8/5KR1 w G - 0 1",
            Move::new(Square::F1, Square::G1),
            Move::new(Square::F1, Square::E1),
        ),
    ] {
        let start = Position::from_fen(fen, CastlingMode::Chess960).expect("valid FEN");
        let game = Chess::default().with_start(start);
        let state = game.new_initial_state();
        assert!(game.is_legal(&state, &Action::Move(castle)), "{fen}");
        let i = index(&game, &state, castle);
        let j = index(&game, &state, king_step);
        assert_eq!(i % 73 % 7, 0, "distance 1");
        assert_ne!(i, j);
        let mut mask = vec![false; 4672];
        game.legal_mask(&state, &mut mask).expect("sized");
        assert!(mask[i] && mask[j]);
        let mut listed = Vec::new();
        game.legal_actions(&state, &mut listed);
        assert_eq!(mask.iter().filter(|&&m| m).count(), listed.len());
    }
}

/// D4: decisions take the indices after the moves, and an offer, a resignation or a claim
/// shows in the planes.
#[test]
fn d4_decisions_are_indexed_after_the_moves_and_observed() {
    let game = Chess::new(Rules::fide().with_decisions(true)).expect("valid rules");
    // 4672 moves, 4 decisions, and as many claims with a move as moves (FIDE 9.2.1.1).
    assert_eq!(game.num_distinct_actions(), 9348);
    let mut state = state_after(&game, &["e4"]);
    let mut mask = vec![false; 9348];
    game.legal_mask(&state, &mut mask).expect("sized");
    assert_eq!(&mask[4672..4676], [true, true, false, false]); // resign, offer
    assert!(mask[4676..].iter().all(|&m| !m), "no claim with a move");
    game.apply(&mut state, &Action::OfferDraw).expect("legal");
    let obs = observe(&game, &state);
    assert_eq!((uniform(&obs, 22), uniform(&obs, 23)), (1.0, 0.0));
    let e5 = state.position().parse_san("e5").expect("legal");
    game.apply(&mut state, &Action::Move(e5)).expect("legal");
    let obs = observe(&game, &state);
    assert_eq!((uniform(&obs, 22), uniform(&obs, 23)), (0.0, 1.0));
    game.legal_mask(&state, &mut mask).expect("sized");
    assert_eq!(&mask[4672..4676], [true, false, true, false]); // resign, accept
    assert_eq!(game.index_action(&state, 4674), Some(Action::AcceptDraw));
    game.apply(&mut state, &Action::AcceptDraw).expect("legal");
    let obs = observe(&game, &state);
    assert_eq!(uniform(&obs, 24), 1.0);
    game.legal_mask(&state, &mut mask).expect("sized");
    assert!(
        mask.iter().all(|&m| !m),
        "nothing is legal once the game is over"
    );
}

/// Buffers of the wrong size are refused and left untouched.
#[test]
fn wrong_sized_buffers_are_refused_untouched() {
    let game = Chess::default();
    let state = game.new_initial_state();
    let mut obs = vec![0.5f32; 25 * 64 - 1];
    assert!(game.observe(&state, Seat::new(0), &mut obs).is_err());
    assert!(obs.iter().all(|&x| x == 0.5));
    let mut mask = vec![true; 4676];
    assert!(game.legal_mask(&state, &mut mask).is_err());
    assert!(mask.iter().all(|&m| m));
}

/// Regression (architecture audit, 6 December 2026): docs/architecture.md, "One dependency
/// line is enough": a game crate re-exports at its root "every item of theirs that its own
/// public signatures use". The learning traits this crate implements (`Observe`,
/// `IndexedActions`) and the types in their signatures (`Shape`,
/// `BufferSizeError`) were reachable only through
/// `boardgame_core`; backgammon re-exported them. This module names them from this crate
/// only.
mod regression_the_learning_traits_were_not_reexported_at_the_root {
    use lattjo_chess::{BufferSizeError, Chess, Game, IndexedActions, Observe, Shape};

    #[test]
    fn regression_the_learning_traits_were_not_reexported_at_the_root() {
        let game = Chess::default();
        let state = game.new_initial_state();
        let shape: Shape = game.observation_shape();
        let mut out = vec![0.0; shape.size()];
        game.observe(&state, lattjo_chess::Seat::new(0), &mut out)
            .expect("the right length");
        let short: Result<(), BufferSizeError> =
            game.observe(&state, lattjo_chess::Seat::new(0), &mut []);
        assert!(short.is_err());
        assert!(game.num_distinct_actions() > 0);
    }
}
