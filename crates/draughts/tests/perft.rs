//! Perft against published figures and hand-worked positions.

use lattjo_draughts::{Color, KingMoves, Move, Position, Role, perft, perft_with};

/// Leaves above this are left to the benches (`benches/benches/draughts_perft.rs`).
const NODE_LIMIT: u64 = 20_000_000;

fn moves(fen: &str) -> (Position, Vec<Move>) {
    let pos: Position = fen.parse().unwrap();
    let mut v = Vec::new();
    pos.legal_moves(KingMoves::Short, &mut v);
    (pos, v)
}

fn texts(v: &[Move]) -> Vec<String> {
    let mut t: Vec<String> = v.iter().map(ToString::to_string).collect();
    t.sort();
    t
}

#[test]
fn golden_file_section_7_perft() {
    let data = include_str!("golden/perft.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut fields = line.split(';');
        let pos: Position = fields.next().unwrap().parse().unwrap();
        for f in fields {
            let mut it = f.split_whitespace();
            let depth: u32 = it.next().unwrap().parse().unwrap();
            let want: u64 = it.next().unwrap().parse().unwrap();
            if want > NODE_LIMIT {
                continue;
            }
            assert_eq!(perft(&pos, depth), want, "{pos} depth {depth}");
            checked += 1;
        }
    }
    assert!(checked >= 16);
}

#[test]
fn a8_start_position_perft_to_depth_10_both_presets() {
    // §7: 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564 (A133046).
    // Both presets share the move rules, so one generator serves both.
    let want = [
        7, 49, 302, 1469, 7361, 36768, 179_740, 845_931, 3_963_680, 18_391_564,
    ];
    let start = Position::start();
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(perft(&start, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn v2_flying_kings_do_not_change_shallow_start_perft() {
    // §7: no king can appear within 8 plies, so flying kings give the same counts.
    let want = [7, 49, 302, 1469, 7361, 36768, 179_740, 845_931];
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(
            perft_with(&Position::start(), d as u32 + 1, KingMoves::Flying),
            n
        );
    }
}

#[test]
fn a4_d10_crowning_in_mid_capture_ends_the_move() {
    // Black man on 22 jumps 26 and lands on 31, White's back row: crowned there. As a king
    // it could go on over 27 to 24, but crowning ends the move (D10, A4).
    let (pos, v) = moves("B:W26,27:B22");
    assert_eq!(texts(&v), ["22x31"]);
    assert_eq!(
        v[0].captured().map(|s| s.number()).collect::<Vec<_>>(),
        [26]
    );
    assert!(pos.crowns(&v[0]));
    let mut after = pos;
    after.play(&v[0], KingMoves::Short).unwrap();
    let king = after.piece_at("31".parse().unwrap()).unwrap();
    assert_eq!((king.color, king.role), (Color::Black, Role::King));
    // White's man on 27 only steps forward (to 23 or 24); it may not take the king behind it.
    assert_eq!(perft(&after, 1), 2);
    assert_eq!(perft(&pos, 2), 2);
}

#[test]
fn d12_d7_a_king_already_crowned_continues_the_capture() {
    // The same board with a king on 22: it takes 26 and then 27 (D7, D12).
    let (_, v) = moves("B:W26,27:BK22");
    assert_eq!(texts(&v), ["22x31x24"]);
    assert_eq!(v[0].num_captured(), 2);
}

#[test]
fn a8_king_loop_reaches_the_same_square_by_two_paths() {
    // Black king on 6 inside a ring of White men on 9, 10, 17, 18: it can go round either
    // way, 6-15-22-13-6 or 6-13-22-15-6, landing back on its (vacated) start square. The
    // two paths are two moves (A8), each taking all four men.
    let (pos, v) = moves("B:W9,10,17,18:BK6");
    assert_eq!(texts(&v), ["6x13x22x15x6", "6x15x22x13x6"]);
    for m in &v {
        assert_eq!(m.from(), m.to());
        assert_eq!(m.num_captured(), 4);
    }
    // White has nothing left: no moves at all below (D14).
    assert_eq!(perft(&pos, 2), 0);
}

#[test]
fn a8_same_start_and_end_with_different_captured_pieces() {
    // Black man on 6 reaches 22 over 10 and 18 (via 15) or over 9 and 17 (via 13).
    let (pos, v) = moves("B:W9,10,17,18:B6");
    assert_eq!(texts(&v), ["6x13x22", "6x15x22"]);
    let caps: Vec<Vec<u8>> = v
        .iter()
        .map(|m| m.captured().map(|s| s.number()).collect())
        .collect();
    assert!(caps.contains(&vec![10, 18]) && caps.contains(&vec![9, 17]));
    // Either way White keeps two men that step forward twice each; none can take the man on
    // 22 behind them (A2): 4 + 4 leaves.
    assert_eq!(perft(&pos, 2), 8);
}

#[test]
fn d9_a5_free_choice_between_complete_sequences() {
    // 6x15x24 takes two, 6x13 takes one: both legal (no majority rule, D9); stopping at
    // 15 is not (A5).
    let (pos, v) = moves("B:W9,10,19:B6");
    assert_eq!(texts(&v), ["6x13", "6x15x24"]);
    assert!(pos.parse_move("6x15", KingMoves::Short).is_err());
}

#[test]
fn parallel_perft_gives_the_same_counts_on_1_2_and_4_threads() {
    use lattjo_draughts::perft_parallel;
    let positions = [
        Position::start(),
        "B:W9,10,17,18:BK6,K1".parse().unwrap(),
        "W:WK1,18,22,K3:B7,K30,11".parse().unwrap(),
        "B:W10,22:BK29".parse().unwrap(),
    ];
    for pos in positions {
        for kings in [KingMoves::Short, KingMoves::Flying] {
            for depth in 0..=7 {
                let serial = perft_with(&pos, depth, kings);
                for threads in [1, 2, 4] {
                    assert_eq!(
                        perft_parallel(&pos, depth, kings, threads),
                        serial,
                        "{pos} depth {depth} {kings:?} {threads} threads"
                    );
                }
            }
        }
    }
    // The published figure, split over threads (§7).
    assert_eq!(
        perft_parallel(&Position::start(), 10, KingMoves::Short, 4),
        18_391_564
    );
}

/// Regression: a deep perft walked the tree one stack frame a ply until the stack overflowed,
/// which aborts the process (300 to 600 plies from the start in a debug build). A depth above
/// `MAX_PERFT_DEPTH` is refused before any move is generated, and the limit itself is taken.
#[test]
fn regression_a_deep_perft_overflowed_the_stack() {
    use lattjo_draughts::{MAX_PERFT_DEPTH, try_perft, try_perft_parallel, try_perft_with};
    let start = Position::start();
    for depth in [MAX_PERFT_DEPTH + 1, 600, 100_000, u32::MAX] {
        assert_eq!(try_perft(&start, depth).map_err(|e| e.depth), Err(depth));
        for kings in [KingMoves::Short, KingMoves::Flying] {
            let with = try_perft_with(&start, depth, kings);
            assert_eq!(with.map_err(|e| e.depth), Err(depth));
            let parallel = try_perft_parallel(&start, depth, kings, 2);
            assert_eq!(parallel.map_err(|e| e.depth), Err(depth));
        }
    }
    // White to move with no piece that can move: every depth up to the limit counts 0.
    let stuck: Position = "W:W29:B25,22".parse().unwrap();
    assert_eq!(perft(&stuck, 1), 0);
    assert_eq!(try_perft(&stuck, MAX_PERFT_DEPTH), Ok(0));
    assert_eq!(try_perft(&start, 4), Ok(1469));
}

/// `perft` is `try_perft`'s panicking twin (its `# Panics`).
#[test]
#[should_panic(expected = "perft depth 65 is above the limit of 64 plies")]
fn perft_panics_above_the_depth_limit() {
    let _ = perft(&Position::start(), 65);
}

/// `perft_with` is `try_perft_with`'s panicking twin.
#[test]
#[should_panic(expected = "perft depth 1000 is above the limit of 64 plies")]
fn perft_with_panics_above_the_depth_limit() {
    let _ = perft_with(&Position::start(), 1_000, KingMoves::Flying);
}

/// `perft_parallel` is `try_perft_parallel`'s panicking twin.
#[test]
#[should_panic(expected = "perft depth 4294967295 is above the limit of 64 plies")]
fn perft_parallel_panics_above_the_depth_limit() {
    let _ = lattjo_draughts::perft_parallel(&Position::start(), u32::MAX, KingMoves::Short, 2);
}
