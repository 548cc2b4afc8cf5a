//! Perft against published node counts (golden files in `tests/data`, each with its source).
//! Counts above `NODE_LIMIT` are left to the benches (`benches/benches/chess_perft.rs`).

use lattjo_chess::{CastlingMode, EpMode, Position, perft};

const NODE_LIMIT: u64 = 5_000_000;

struct Case {
    id: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn parse(data: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for line in data
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (key, rest) = line.split_once(' ').expect("key and value");
        match key {
            "id" => cases.push(Case {
                id: rest.to_owned(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "fen" => cases.last_mut().expect("id first").fen = rest.to_owned(),
            "perft" => {
                let (d, n) = rest.split_once(' ').expect("depth and count");
                cases
                    .last_mut()
                    .expect("id first")
                    .counts
                    .push((d.parse().expect("depth"), n.parse().expect("count")));
            }
            other => panic!("unknown key {other}"),
        }
    }
    cases
}

fn run(data: &str, mode: CastlingMode) {
    let cases = parse(data);
    assert!(!cases.is_empty());
    for case in cases {
        let pos =
            Position::from_fen(&case.fen, mode).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        let mut checked = 0;
        for &(depth, expected) in &case.counts {
            if expected <= NODE_LIMIT {
                assert_eq!(perft(&pos, depth), expected, "{} depth {depth}", case.id);
                checked += 1;
            }
        }
        assert!(checked > 0, "{}: no depth under the node limit", case.id);
    }
}

/// Rules K3-K20 and A6-A10 together: the standard perft positions.
#[test]
fn perft_chess_programming_wiki_positions() {
    run(include_str!("data/cpw.perft"), CastlingMode::Standard);
}

/// Rules K14/A9 (pins, the horizontal en-passant pin), K17 (en passant), K19 (castling
/// conditions), K7 (promotion and under-promotion), A1 (stalemate).
#[test]
fn perft_tricky_positions() {
    run(include_str!("data/tricky.perft"), CastlingMode::Standard);
}

/// Chess960 castling (king and rook anywhere on the back rank).
#[test]
fn perft_chess960_positions() {
    run(include_str!("data/chess960.perft"), CastlingMode::Chess960);
}

/// Section 7: colour-mirroring preserves perft.
#[test]
fn perft_is_preserved_by_colour_mirroring() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    ] {
        let pos: Position = fen.parse().expect("valid");
        let mirrored = pos.mirror();
        for d in 1..=3 {
            assert_eq!(perft(&pos, d), perft(&mirrored, d), "{fen} depth {d}");
        }
    }
}

/// Issue 17: parallel perft gives the published counts for 1, 2 and 4 threads (split two
/// plies below the root), on every standard and Chess960 case up to the node limit.
#[test]
fn perft_parallel_counts_equal_serial_for_1_2_4_threads() {
    for (data, mode) in [
        (include_str!("data/cpw.perft"), CastlingMode::Standard),
        (include_str!("data/chess960.perft"), CastlingMode::Chess960),
    ] {
        for case in parse(data) {
            let pos = Position::from_fen(&case.fen, mode).expect("valid");
            for &(depth, expected) in case.counts.iter().filter(|c| c.1 <= NODE_LIMIT / 4) {
                for threads in [1, 2, 4] {
                    assert_eq!(
                        lattjo_chess::perft_parallel(&pos, depth, threads),
                        expected,
                        "{} depth {depth}, {threads} threads",
                        case.id
                    );
                }
            }
        }
    }
}

/// Stockfish 15.1's `go perft 3` on 390 positions of random play, 120 of them from Chess960
/// starts (`data/stockfish_perft.txt`, its header says how they were made): per position
/// every legal move, written in UCI, leads to the number of nodes Stockfish counts below it.
/// An engine's own move generator, so it checks the rules from outside; Stockfish read each
/// FEN as this crate writes it, and this crate reads each FEN Stockfish writes, Chess960
/// castling rights included.
#[test]
fn stockfish_divides_at_depth_3_on_random_standard_and_chess960_positions() {
    let data = include_str!("data/stockfish_perft.txt");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [mode, fen, total, divide, stockfish_fen] = fields[..] else {
            panic!("five fields: {line}");
        };
        let mode = match mode {
            "0" => CastlingMode::Standard,
            _ => CastlingMode::Chess960,
        };
        let pos = Position::from_fen(fen, mode).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut ours: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut after = pos.clone();
                after.play(m).expect("legal");
                format!("{}:{}", pos.to_uci(m), perft(&after, 2))
            })
            .collect();
        ours.sort();
        let mut theirs: Vec<String> = divide.split(' ').map(str::to_owned).collect();
        theirs.sort();
        assert_eq!(ours, theirs, "{fen}");
        assert_eq!(perft(&pos, 3).to_string(), total, "{fen}");
        // Stockfish's own FEN (en passant only when legal, Shredder-FEN castling rights in
        // Chess960) reads to the same position for repetitions (A3), and in standard chess
        // it is the FEN this crate writes with `EpMode::Legal`.
        let theirs = Position::from_fen(stockfish_fen, mode)
            .unwrap_or_else(|e| panic!("{stockfish_fen}: {e}"));
        assert_eq!(
            theirs.repetition_key(),
            pos.repetition_key(),
            "{stockfish_fen}"
        );
        assert_eq!(theirs.to_fen(EpMode::Legal), pos.to_fen(EpMode::Legal));
        if mode == CastlingMode::Standard {
            assert_eq!(pos.to_fen(EpMode::Legal), stockfish_fen);
        }
        checked += 1;
    }
    assert_eq!(checked, 390);
}

/// Regression: a deep perft walked the tree one stack frame a ply until the stack overflowed,
/// which aborts the process (a few thousand plies from the start). A depth above
/// `MAX_PERFT_DEPTH` is refused before any move is generated, and the limit itself is taken.
#[test]
fn regression_a_deep_perft_overflowed_the_stack() {
    use lattjo_chess::{MAX_PERFT_DEPTH, try_perft, try_perft_parallel};
    let start = Position::new();
    for depth in [MAX_PERFT_DEPTH + 1, 5_000, 100_000, u32::MAX] {
        assert_eq!(try_perft(&start, depth).map_err(|e| e.depth), Err(depth));
        let parallel = try_perft_parallel(&start, depth, 2);
        assert_eq!(parallel.map_err(|e| e.depth), Err(depth));
    }
    // Fool's mate: no move, so every depth from 1 to the limit counts 0 leaves.
    let mated: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
        .parse()
        .unwrap();
    assert_eq!(try_perft(&mated, MAX_PERFT_DEPTH), Ok(0));
    assert_eq!(try_perft_parallel(&mated, MAX_PERFT_DEPTH, 2), Ok(0));
    assert_eq!(try_perft(&start, 3), Ok(perft(&start, 3)));
}

/// `perft` is `try_perft`'s panicking twin (its `# Panics`).
#[test]
#[should_panic(expected = "perft depth 65 is above the limit of 64 plies")]
fn perft_panics_above_the_depth_limit() {
    let _ = perft(&Position::new(), 65);
}

/// `perft_parallel` is `try_perft_parallel`'s panicking twin (its `# Panics`).
#[test]
#[should_panic(expected = "perft depth 4294967295 is above the limit of 64 plies")]
fn perft_parallel_panics_above_the_depth_limit() {
    let _ = lattjo_chess::perft_parallel(&Position::new(), u32::MAX, 2);
}
