//! Backgammon perft from the start under the standard rules: the published figures
//! perft(2) = 202,782 and perft(3) = 116,154,993, serial and split over threads (the same
//! count for any number of threads; the scaling from 1 to the machine's cores).

use std::hint::black_box;

use boardgame_core::parallel::available_threads;
use criterion::{Criterion, criterion_group, criterion_main};
use lattjo_backgammon::{Position, Side, SingleDiePolicy, perft, perft_parallel};

fn perft_start(c: &mut Criterion) {
    let start = Position::start(Side::White);
    let std = SingleDiePolicy::Standard;
    let mut group = c.benchmark_group("backgammon");
    group.bench_function("perft(2) start", |b| {
        b.iter(|| {
            let n = perft(black_box(&start), 2, std);
            assert_eq!(n, 202_782);
            n
        })
    });
    group.sample_size(10);
    group.bench_function("perft(3) start", |b| {
        b.iter(|| {
            let n = perft(black_box(&start), 3, std);
            assert_eq!(n, 116_154_993);
            n
        })
    });
    let cores = available_threads();
    for threads in [1, cores] {
        group.bench_function(format!("perft(3) start, {threads} thread(s)"), |b| {
            b.iter(|| {
                let n = perft_parallel(black_box(&start), 3, std, threads);
                assert_eq!(n, 116_154_993);
                n
            })
        });
        if cores == 1 {
            break;
        }
    }
    group.finish();
}

criterion_group!(benches, perft_start);
criterion_main!(benches);
