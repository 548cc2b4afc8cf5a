//! Draughts perft from the start position, bulk counted at the leaves, single-threaded.
//! Depth 12 must give 388,623,673 leaves (OEIS A133046); the target is at least
//! 100 million leaves per second. Timed twice: wall time, and the thread's CPU time (the
//! machine is shared; see `CpuTime`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use draughts::{Position, perft};

/// Criterion measurement of this thread's CPU time (`/proc/thread-self/schedstat`, in
/// nanoseconds; wall time where that file does not exist). The machine is shared by many
/// jobs, and wall time then measures them too; CPU time is what this code costs.
struct CpuTime {
    wall: WallTime,
    epoch: Instant,
}

impl CpuTime {
    fn new() -> CpuTime {
        CpuTime {
            wall: WallTime,
            epoch: Instant::now(),
        }
    }

    fn now_ns(&self) -> u64 {
        std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|s| s.split_whitespace().next().and_then(|t| t.parse().ok()))
            .unwrap_or_else(|| self.epoch.elapsed().as_nanos() as u64)
    }
}

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        self.now_ns()
    }
    fn end(&self, start: u64) -> u64 {
        self.now_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        self.wall.formatter()
    }
}

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
