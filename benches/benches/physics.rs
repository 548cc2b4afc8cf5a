//! disc-physics benchmark scenes of docs/physics.md: (a) the carrom break and (b) the Novuss
//! break run to rest (construction excluded), (c) the scaling box, 500 steps at
//! N = 256 .. 262,144, the clustered box (scene (c)'s discs in a corner of a 20 km table,
//! issue 18) at N = 500 .. 4,000, and the step's stages one by one (the world's stage
//! profile). Each bench asserts its outcome: the breaks end at rest with the golden checksum;
//! the box ends with its golden checksum, keeps every disc inside the cushions and loses the
//! expected share of its kinetic energy; the clustered box does the broadphase work per disc
//! that scene (c) does.
//!
//! Times are thread CPU time (from /proc/thread-self/schedstat, ns), not wall time: the
//! machine is shared, and the figure the issue sets is CPU per shot. Run with
//! `cargo bench -p benches --bench physics`.
//! Throughput is shots per second for (a) and (b) (ms per shot = 1000 / throughput) and
//! disc-steps per second for (c) (ns per disc-step = 1e9 / throughput).

use std::hint::black_box;

use benches::CpuTime;
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use disc_physics::{NoEvents, World, scenes};

/// Golden checksums of the final states (crates/disc-physics/tests/validation.rs, V7).
const GOLDEN_CARROM_BREAK: u64 = 0x0116_9ebf_366a_7c8c;
const GOLDEN_NOVUSS_BREAK: u64 = 0xbad7_8391_efcd_0a55;

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
/// 0.0502 at 4096, 0.0568 at 262,144; the physics.md SoA probe gives 0.038 / 0.052 / 0.057 for
/// N = 256 / 4096 / 65536, rapier 0.032 / 0.045 / 0.052).
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
    for n in [256usize, 1024, 4096, 16384, 65536, 262_144] {
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

/// Scene (c)'s discs in a corner of a 20 km table: the cost per disc-step must be that of
/// scene (c), whatever N (issue 18 measured 474 to 3,541 ns from N = 500 to 4,000).
fn clustered(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("physics/clustered box on a 20 km table, 500 steps");
    g.sample_size(10);
    g.measurement_time(std::time::Duration::from_secs(1));
    g.warm_up_time(std::time::Duration::from_millis(100));
    for n in [500usize, 1000, 2000, 4000] {
        let reps = (16384 / n).max(1);
        let template = scenes::clustered_box(n);
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
                        let st = w.stats();
                        let per_build =
                            st.broadphase_pairs as f64 / st.broadphase_builds as f64 / n as f64;
                        assert!(per_build < 3.0, "N={n}: {per_build} pairs per disc");
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

/// The step's five stages, each alone, from the world's stage profile (monotonic clock read
/// around each stage of every substep; reported per disc-step for scene (c) at N = 4096 and
/// per shot for the carrom break). The clock costs tens of ns per read, which the small break
/// feels; the split between the stages is what this is for. Since 2 Dec 2026 the drift does
/// the next substep's stage 1 for the discs still moving, so its time counts in "drift" and
/// "friction" is mostly the scheduling of the stops.
fn stages(c: &mut Criterion<CpuTime>) {
    type Stage = fn(&disc_physics::StepProfile) -> std::time::Duration;
    let stages: [(&str, Stage); 5] = [
        ("friction", |p| p.friction),
        ("broadphase", |p| p.broadphase),
        ("prediction", |p| p.prediction),
        ("events", |p| p.events),
        ("drift", |p| p.drift),
    ];
    let mut g = c.benchmark_group("physics/stages (profile, ns per disc-step or per shot)");
    g.sample_size(10);
    g.measurement_time(std::time::Duration::from_secs(1));
    g.warm_up_time(std::time::Duration::from_millis(100));
    let box_4096 = scenes::scaling_box(4096);
    let carrom = scenes::carrom_break();
    for (name, stage) in stages {
        g.throughput(Throughput::Elements(4096 * 100));
        g.bench_function(format!("(c) N=4096 100 steps: {name}"), |b| {
            b.iter_custom(|iters| {
                let mut ns = 0u64;
                for _ in 0..iters {
                    let mut w = box_4096.clone();
                    w.set_profiling(true);
                    for _ in 0..100 {
                        w.step(&mut NoEvents);
                    }
                    ns += stage(&w.profile().expect("profiling is on")).as_nanos() as u64;
                }
                ns.max(1)
            })
        });
        g.throughput(Throughput::Elements(1));
        g.bench_function(format!("(a) carrom break: {name}"), |b| {
            b.iter_custom(|iters| {
                let mut ns = 0u64;
                for _ in 0..iters {
                    let mut w = carrom.clone();
                    w.set_profiling(true);
                    let run = w.run_to_rest(&mut NoEvents);
                    assert!(run.at_rest);
                    ns += stage(&w.profile().expect("profiling is on")).as_nanos() as u64;
                }
                ns.max(1)
            })
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
    targets = breaks, scaling_box, clustered, stages
}
criterion_main!(benches);
