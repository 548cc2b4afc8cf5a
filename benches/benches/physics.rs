//! disc-physics benchmark scenes of docs/physics.md: (a) the carrom break and (b) the Novuss
//! break run to rest (construction excluded), and (c) the scaling box, 500 steps at
//! N = 256 .. 65536. Each bench asserts its outcome: the breaks end at rest with the golden
//! checksum; the box ends with its golden checksum, keeps every disc inside the cushions and
//! loses the expected share of its kinetic energy.
//!
//! Times are thread CPU time (from /proc/thread-self/schedstat, ns), not wall time: the
//! machine is shared, and the figure the issue sets is CPU per shot. Run with
//! `CARGO_TARGET_DIR=/work/target-disc-physics cargo bench -p benches --bench physics`.
//! Throughput is shots per second for (a) and (b) (ms per shot = 1000 / throughput) and
//! disc-steps per second for (c) (ns per disc-step = 1e9 / throughput).

use std::hint::black_box;

use benches::CpuTime;
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use disc_physics::{NoEvents, World, scenes};

/// Golden checksums of the final states (crates/disc-physics/tests/validation.rs, V7).
const GOLDEN_CARROM_BREAK: u64 = 0x0116_9ebf_366a_7c8c;
const GOLDEN_NOVUSS_BREAK: u64 = 0x1459_68f6_4ca6_9963;

/// Checksums of scene (c) after 500 steps (the same in crates/disc-physics/tests/broadphase.rs
/// up to N = 4096), with the scene's launch directions from `scenes::cos_sin` (correctly
/// rounded, no libm).
fn golden_box(n: usize) -> u64 {
    match n {
        256 => 0x8328_315d_fcc7_c6ea,
        1024 => 0xe3d5_ed7a_07d4_1a5d,
        4096 => 0xce25_01d1_46b4_3567,
        16384 => 0xc3ac_a2df_ff98_33a4,
        65536 => 0x42dc_6d0c_aace_af2d,
        262_144 => 0xdb5b_3c99_8699_7b13,
        _ => unreachable!("no golden checksum for N = {n}"),
    }
}

/// Shots per measured iteration of the break benches: the CPU clock advances in scheduler
/// ticks (a few ms), so one measurement must last tens of milliseconds.
const SHOTS: usize = 50;

fn breaks(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("physics/break to rest (50 shots per iteration)");
    g.sample_size(20);
    g.throughput(Throughput::Elements(SHOTS as u64));
    for (name, build, golden) in [
        (
            "carrom (a)",
            scenes::carrom_break as fn() -> World,
            GOLDEN_CARROM_BREAK,
        ),
        ("novuss (b)", scenes::novuss_break, GOLDEN_NOVUSS_BREAK),
    ] {
        let template = build();
        g.bench_function(name, |b| {
            b.iter_batched(
                || vec![template.clone(); SHOTS],
                |worlds| {
                    let mut steps = 0;
                    for mut w in worlds {
                        let run = w.run_to_rest(&mut NoEvents);
                        assert!(run.at_rest, "{name}: not at rest after {run:?}");
                        assert_eq!(w.checksum(), golden, "{name}: checksum changed");
                        steps += run.steps;
                    }
                    black_box(steps)
                },
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}

/// KE_end/KE0 of scene (c) after 500 steps, as this solver gives it (0.0380 at N = 256,
/// 0.0502 at 4096; the physics.md SoA probe gives 0.038 / 0.052 / 0.057 for N = 256 / 4096 /
/// 65536, rapier 0.032 / 0.045 / 0.052).
fn expected_ratio(n: usize) -> (f64, f64) {
    match n {
        256 => (0.030, 0.046),
        1024 => (0.035, 0.060),
        _ => (0.040, 0.067),
    }
}

fn scaling_box(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("physics/scaling box 500 steps");
    g.sample_size(10);
    g.measurement_time(std::time::Duration::from_secs(1));
    g.warm_up_time(std::time::Duration::from_millis(100));
    for n in [256usize, 1024, 4096, 16384, 65536] {
        // Enough boxes per iteration for ~8M disc-steps (tens of ms of CPU).
        let reps = (16384 / n).max(1);
        let template = scenes::scaling_box(n);
        let ke0 = template.kinetic_energy_j();
        g.throughput(Throughput::Elements((reps * 500 * n) as u64));
        g.bench_function(format!("N={n} (x{reps} boxes)"), |b| {
            b.iter_batched(
                || vec![template.clone(); reps],
                |worlds| {
                    let mut steps = 0u64;
                    for mut w in worlds {
                        for _ in 0..500 {
                            w.step(&mut NoEvents);
                        }
                        let ratio = w.kinetic_energy_j() / ke0;
                        let (lo, hi) = expected_ratio(n);
                        assert!((lo..=hi).contains(&ratio), "N={n}: KE ratio {ratio}");
                        let h = w.table().half_width_m();
                        assert!(
                            w.discs()
                                .all(|d| d.position.x.abs() <= h && d.position.y.abs() <= h)
                        );
                        assert_eq!(w.checksum(), golden_box(n), "N={n}: checksum changed");
                        steps += w.steps();
                    }
                    black_box(steps)
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
    targets = breaks, scaling_box
}
criterion_main!(benches);
