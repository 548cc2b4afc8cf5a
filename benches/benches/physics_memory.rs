//! The memory floor under scene (c)'s figures (issue 18): one pass over a 64-byte record per
//! disc, read and written, with three multiplications and four additions a record and nothing
//! else, at the scene's sizes. It is not the solver: it is what the machine charges for
//! streaming the solver's per-disc record (`Kin`, one cache line) once, which the drift pass
//! of every substep does at least. At N = 4096 the records sit in the first two cache levels;
//! at N = 262,144 (16 MB) they come from the shared last level or memory, and the difference
//! per record is a lower bound on what scene (c) loses per disc-step at the larger size.
//!
//! Times are thread CPU time ([`benches::CpuTime`]); ns per record = 1e9 / throughput. Run
//! with `cargo bench -p benches --bench physics_memory`.

use std::hint::black_box;

use benches::CpuTime;
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};

/// One cache line, the size and alignment of the solver's per-disc record.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C, align(64))]
struct Record {
    px: f64,
    py: f64,
    vx: f64,
    vy: f64,
    ux: f64,
    uy: f64,
    s: f64,
    tl: f64,
}

/// Passes over the records per measured iteration: about 8 M records, tens of ms of CPU.
fn passes(n: usize) -> usize {
    (8 << 20) / n
}

fn stream(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("physics memory floor/64-byte record read and written");
    g.sample_size(20);
    for n in [4096usize, 262_144] {
        let template = vec![
            Record {
                vx: 0.5,
                vy: -0.25,
                s: 1.0,
                ..Record::default()
            };
            n
        ];
        let passes = passes(n);
        g.throughput(Throughput::Elements((n * passes) as u64));
        g.bench_function(format!("N={n} (x{passes} passes)"), |b| {
            b.iter_batched_ref(
                || template.clone(),
                |records| {
                    for _ in 0..passes {
                        for r in records.iter_mut() {
                            r.px += r.vx * 0.125;
                            r.py += r.vy * 0.125;
                            r.s = r.s * 0.5 + 0.5;
                        }
                    }
                    // Exact in binary: every record moved by passes/8 and passes/16 metres.
                    let last = records[n - 1];
                    assert_eq!(last.px, passes as f64 / 16.0);
                    assert_eq!(last.py, -(passes as f64) / 32.0);
                    black_box(last)
                },
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}

fn config() -> Criterion<CpuTime> {
    Criterion::default().with_measurement(CpuTime::new())
}

criterion_group! {
    name = benches;
    config = config();
    targets = stream
}
criterion_main!(benches);
