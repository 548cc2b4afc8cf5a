//! The cost of a draw from `GameRng`, the generator every game with dice or draws calls:
//! 10,000 `next_u32`, `next_u64`, `below(6)` (a die) and `below(n)` for `n` cycling through
//! 1..=97 (move choices, the dominoes stock) from a fresh generator per iteration (so the
//! 64-word refills, one per 64 words, are included). Each iteration asserts the sum of its
//! draws against the value pinned for seed 1, stream 0 (the stream itself is pinned by
//! boardgame-core's value-stability tests); the throughput is draws per second of CPU time.
//!
//! `cargo bench -p benches --bench rng`

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::GameRng;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const DRAWS: u64 = 10_000;

/// One workload: a name, the sum of its `DRAWS` draws from `GameRng::new(1, 0)`, and a draw.
type Workload = (&'static str, u64, fn(&mut GameRng, u64) -> u64);

const WORKLOADS: [Workload; 4] = [
    ("next_u32", 21_438_729_892_497, |r, _| {
        u64::from(r.next_u32())
    }),
    ("next_u64", 21_206_327_359_093, |r, _| r.next_u64() >> 32),
    ("below(6)", 24_891, |r, _| u64::from(r.below(6))),
    ("below(1..=97)", 239_157, |r, i| {
        u64::from(r.below((i % 97) as u32 + 1))
    }),
];

fn draws(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("rng");
    group.throughput(Throughput::Elements(DRAWS));
    for (name, pinned, draw) in WORKLOADS {
        group.bench_function(format!("{name} (x{DRAWS})"), |b| {
            b.iter(|| {
                let mut rng = GameRng::new(black_box(1), 0);
                let sum: u64 = (0..DRAWS).map(|i| draw(&mut rng, i)).sum();
                assert_eq!(sum, pinned, "{name}: the stream of seed 1 changed");
                sum
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = draws
}
criterion_main!(benches);
