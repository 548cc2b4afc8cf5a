//! Perft speed: start position to depth 6 and Kiwipete to depth 5, with bulk counting at the
//! leaves. Each iteration asserts the published node count (Chess Programming Wiki, "Perft
//! Results").
//!
//! - `chess_perft`: single-threaded `perft`, in the benchmarking thread's CPU time (the
//!   machine is shared; see `benches::CpuTime`).
//! - `chess_perft_parallel`: `perft_parallel` from 1 thread to every core, in wall time (the
//!   point is the elapsed time). On 2 cores the target is at least 1.8x from 1 thread to 2;
//!   compare `threads/1` and `threads/2` of one sitting on a quiet machine.

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::parallel::available_threads;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use lattjo_chess::{Position, perft, perft_parallel};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn serial(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("chess_perft");
    g.sample_size(10);
    let start = Position::new();
    g.bench_function("startpos_perft6", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 6), 119_060_324))
    });
    let kiwipete: Position = KIWIPETE.parse().expect("kiwipete");
    g.bench_function("kiwipete_perft5", |b| {
        b.iter(|| assert_eq!(perft(black_box(&kiwipete), 5), 193_690_690))
    });
    g.finish();
}

/// The thread counts to time: 1, 2, 4, ... up to the machine's cores.
fn thread_counts() -> Vec<usize> {
    let mut out = vec![1];
    while out[out.len() - 1] * 2 <= available_threads() {
        out.push(out[out.len() - 1] * 2);
    }
    if out[out.len() - 1] != available_threads() {
        out.push(available_threads());
    }
    out
}

fn parallel(c: &mut Criterion) {
    let mut g = c.benchmark_group("chess_perft_parallel/startpos_perft6");
    g.sample_size(10);
    let start = Position::new();
    for threads in thread_counts() {
        g.bench_with_input(BenchmarkId::new("threads", threads), &threads, |b, &t| {
            b.iter(|| assert_eq!(perft_parallel(black_box(&start), 6, t), 119_060_324))
        });
    }
    g.finish();
    let mut g = c.benchmark_group("chess_perft_parallel/kiwipete_perft5");
    g.sample_size(10);
    let kiwipete: Position = KIWIPETE.parse().expect("kiwipete");
    for threads in thread_counts() {
        g.bench_with_input(BenchmarkId::new("threads", threads), &threads, |b, &t| {
            b.iter(|| assert_eq!(perft_parallel(black_box(&kiwipete), 5, t), 193_690_690))
        });
    }
    g.finish();
}

criterion_group! {
    name = serial_benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = serial
}
criterion_group!(parallel_benches, parallel);
criterion_main!(serial_benches, parallel_benches);
