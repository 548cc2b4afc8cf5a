//! Draughts perft from the start position, bulk counted at the leaves. Depth 12 must give
//! 388,623,673 leaves (OEIS A133046); the target (issue 17) is depth 12 in at most 3.1 s on
//! one thread of the project's machine. Timed twice: wall time, and the thread's CPU time
//! (the machine is shared; see `CpuTime`). `perft_parallel` is timed in wall time on 1 to
//! all of the machine's threads (depth 11, 85,242,128 leaves), the same count each time.

use std::hint::black_box;
use std::time::Duration;

use benches::CpuTime;
use criterion::measurement::Measurement;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_draughts::boardgame_core::parallel::available_threads;
use lattjo_draughts::{KingMoves, Position, perft, perft_parallel};

fn start_perft<M: Measurement>(c: &mut Criterion<M>, group: &str, depths: &[(u32, u64)]) {
    let start = Position::start();
    let mut g = c.benchmark_group(group);
    g.sample_size(10).measurement_time(Duration::from_secs(40));
    for &(depth, leaves) in depths {
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

fn wall(c: &mut Criterion) {
    start_perft(
        c,
        "draughts/perft start",
        &[(10, 18_391_564), (12, 388_623_673)],
    );
}

fn parallel(c: &mut Criterion) {
    let start = Position::start();
    let mut g = c.benchmark_group("draughts/perft start parallel");
    g.sample_size(10).measurement_time(Duration::from_secs(30));
    g.throughput(Throughput::Elements(85_242_128));
    for threads in 1..=available_threads() {
        g.bench_function(format!("depth 11, {threads} threads"), |b| {
            b.iter(|| {
                let n = perft_parallel(black_box(&start), 11, KingMoves::Short, threads);
                assert_eq!(n, 85_242_128, "perft(11) on {threads} threads");
                n
            })
        });
    }
    g.finish();
}

fn cpu(c: &mut Criterion<CpuTime>) {
    start_perft(c, "draughts/perft start (cpu time)", &[(12, 388_623_673)]);
}

criterion_group!(benches, wall, parallel);
criterion_group! {
    name = cpu_benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = cpu
}
criterion_main!(benches, cpu_benches);
