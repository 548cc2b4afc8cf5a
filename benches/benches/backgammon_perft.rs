//! Backgammon perft from the start under the standard rules: the published figures
//! perft(2) = 202,782 and perft(3) = 116,154,993.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use lattjo_backgammon::{Position, Side, SingleDiePolicy, perft};

fn perft_start(c: &mut Criterion) {
    let start = Position::start(Side::White);
    let mut group = c.benchmark_group("backgammon");
    group.bench_function("perft(2) start", |b| {
        b.iter(|| {
            let n = perft(black_box(&start), 2, SingleDiePolicy::Standard);
            assert_eq!(n, 202_782);
            n
        })
    });
    group.sample_size(10);
    group.bench_function("perft(3) start", |b| {
        b.iter(|| {
            let n = perft(black_box(&start), 3, SingleDiePolicy::Standard);
            assert_eq!(n, 116_154_993);
            n
        })
    });
    group.finish();
}

criterion_group!(benches, perft_start);
criterion_main!(benches);
