//! Draughts perft from the start position, bulk counted at the leaves, single-threaded.
//! Depth 12 must give 388,623,673 leaves (OEIS A133046); the target is at least
//! 100 million leaves per second. Timed twice: wall time, and the thread's CPU time (the
//! machine is shared; see `CpuTime`).

use std::hint::black_box;
use std::time::Duration;

use benches::CpuTime;
use criterion::measurement::Measurement;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_draughts::{Position, perft};

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

fn cpu(c: &mut Criterion<CpuTime>) {
    start_perft(c, "draughts/perft start (cpu time)", &[(12, 388_623_673)]);
}

criterion_group!(benches, wall);
criterion_group! {
    name = cpu_benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = cpu
}
criterion_main!(benches, cpu_benches);
