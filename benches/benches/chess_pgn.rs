//! PGN reading speed: a generated multi-game PGN text (seeded random legal games of 20 to
//! 180 plies with the Seven Tag Roster and two more tags, comments, NAGs and one-move
//! variations, as `write_pgn` writes them) read game by game through the streaming
//! `PgnReader`. Throughput is in bytes, so criterion reports MB/s; each iteration asserts the
//! number of games read and that none failed. Time is the benchmarking thread's CPU time
//! (the machine is shared; see `benches::CpuTime`).

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::GameRng;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_chess::pgn::{PgnGame, PgnReader, Variation, write_pgn};
use lattjo_chess::{GameResult, Position};

const GAMES: u64 = 2_000;

/// Game `seed` of the generated file, as PGN text.
fn game_text(seed: u64) -> String {
    let mut rng = GameRng::new(seed, 1);
    let plies = 20 + rng.index(161);
    let mut pos = Position::new();
    let mut moves = Vec::new();
    let mut comments = Vec::new();
    let mut nags = Vec::new();
    let mut variations = Vec::new();
    for ply in 1..=plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.index(legal.len())];
        if rng.index(12) == 0 {
            let alt = legal[rng.index(legal.len())];
            variations.push(Variation {
                ply,
                moves: vec![alt],
                variations: Vec::new(),
            });
        }
        pos.play(m).expect("a generated move is legal");
        moves.push(m);
        if rng.index(10) == 0 {
            comments.push((ply, format!("comment {seed} at ply {ply}, an idea")));
        }
        if rng.index(15) == 0 {
            nags.push((ply, 1 + rng.index(6) as u8));
        }
    }
    let round = seed.to_string();
    let mut game = PgnGame::new(
        &[
            ("Event", "Generated benchmark"),
            ("Site", "Lattjo"),
            ("Date", "2026.01.01"),
            ("Round", round.as_str()),
            ("White", "Random, A."),
            ("Black", "Random, B."),
            ("WhiteElo", "1500"),
            ("ECO", "A00"),
        ],
        Position::new(),
        moves,
        GameResult::Unknown,
    );
    game.comments = comments;
    game.nags = nags;
    game.variations = variations;
    write_pgn(&game)
}

/// Reads `text` and returns the number of games (asserting that none failed).
fn read(text: &[u8]) -> u64 {
    let mut n = 0;
    for g in PgnReader::new(text) {
        let g = g.expect("every generated game reads");
        n += u64::from(!g.moves.is_empty());
    }
    n
}

fn bench(c: &mut Criterion<CpuTime>) {
    let mut text = String::new();
    for seed in 0..GAMES {
        text.push_str(&game_text(seed));
        text.push('\n');
    }
    let bytes = text.into_bytes();
    assert_eq!(read(&bytes), GAMES);
    let mut g = c.benchmark_group("chess_pgn");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("read_generated_2000_games", |b| {
        b.iter(|| assert_eq!(read(black_box(&bytes)), GAMES))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = bench
}
criterion_main!(benches);
