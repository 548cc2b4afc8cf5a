//! Perft speed: start position to depth 6 and Kiwipete to depth 5, single-threaded with bulk
//! counting at the leaves. Each iteration asserts the published node count (Chess
//! Programming Wiki, "Perft Results").

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use lattjo_chess::{Position, perft};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("chess_perft");
    g.sample_size(10);
    let start = Position::new();
    g.bench_function("startpos_perft6", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 6), 119_060_324))
    });
    let kiwipete: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        .parse()
        .expect("kiwipete");
    g.bench_function("kiwipete_perft5", |b| {
        b.iter(|| assert_eq!(perft(black_box(&kiwipete), 5), 193_690_690))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
