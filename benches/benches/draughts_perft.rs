//! Draughts perft from the start position, bulk counted at the leaves, single-threaded.
//! Depth 12 must give 388,623,673 leaves (OEIS A133046); the target is at least
//! 100 million leaves per second.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use draughts::{Position, perft};

fn start_perft(c: &mut Criterion) {
    let start = Position::start();
    let mut g = c.benchmark_group("draughts/perft start");
    g.sample_size(10).measurement_time(Duration::from_secs(40));
    for (depth, leaves) in [(10, 18_391_564u64), (12, 388_623_673)] {
        g.throughput(Throughput::Elements(leaves));
        g.bench_function(format!("depth {depth}"), |b| {
            b.iter(|| {
                let n = perft(black_box(&start), depth);
                assert_eq!(n, leaves, "perft({depth}) from the start position");
                n
            })
        });
    }
    g.finish();
}

criterion_group!(benches, start_perft);
criterion_main!(benches);
