//! Memory of the streaming PGN reader on a large file (issue 14), run by hand, not in CI:
//!
//! ```text
//! cargo test --release -p lattjo-chess --test pgn_memory -- --ignored write_large_pgn
//! /usr/bin/time -v target/release/deps/pgn_memory-<hash> --ignored read_large_pgn
//! ```
//!
//! `write_large_pgn` writes about 50 MB of seeded random games to `$LATTJO_PGN`
//! (default `/tmp/lattjo-chess-50mb.pgn`); `read_large_pgn` reads it back game by game
//! through a `BufReader` and checks the count. The peak resident size `time -v` reports is
//! what docs/chess.md quotes.

use std::io::{BufReader, BufWriter, Write};

use boardgame_core::GameRng;
use lattjo_chess::pgn::{PgnGame, PgnReader};
use lattjo_chess::{GameResult, Position};

const TARGET_BYTES: u64 = 50_000_000;

fn path() -> String {
    std::env::var("LATTJO_PGN").unwrap_or_else(|_| "/tmp/lattjo-chess-50mb.pgn".to_owned())
}

fn game(seed: u64) -> String {
    let mut rng = GameRng::new(seed, 2);
    let mut pos = Position::new();
    let mut moves = Vec::new();
    for _ in 0..20 + rng.index(161) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.index(legal.len())];
        pos.play(m).expect("legal");
        moves.push(m);
    }
    let round = seed.to_string();
    let mut g = PgnGame::new(
        &[("Event", "Memory probe"), ("Round", round.as_str())],
        Position::new(),
        moves,
        GameResult::Unknown,
    );
    g.comments.push((1, format!("game {seed}")));
    g.to_string()
}

#[test]
#[ignore = "writes a 50 MB file; run by hand"]
fn write_large_pgn() {
    let mut out = BufWriter::new(std::fs::File::create(path()).expect("create"));
    let (mut bytes, mut seed) = (0u64, 0u64);
    while bytes < TARGET_BYTES {
        let text = game(seed);
        out.write_all(text.as_bytes()).expect("write");
        out.write_all(b"\n").expect("write");
        bytes += text.len() as u64 + 1;
        seed += 1;
    }
    out.flush().expect("flush");
    println!("{bytes} bytes, {seed} games");
    std::fs::write(format!("{}.count", path()), seed.to_string()).expect("write the count");
}

#[test]
#[ignore = "reads the file write_large_pgn wrote; run by hand under /usr/bin/time -v"]
fn read_large_pgn() {
    let expected: usize = std::fs::read_to_string(format!("{}.count", path()))
        .expect("run write_large_pgn first")
        .trim()
        .parse()
        .expect("a count");
    let file = std::fs::File::open(path()).expect("open");
    let start = std::time::Instant::now();
    let mut games = 0;
    for g in PgnReader::new(BufReader::new(file)) {
        g.expect("every game reads");
        games += 1;
    }
    assert_eq!(games, expected);
    println!("{games} games in {:.2?}", start.elapsed());
}
