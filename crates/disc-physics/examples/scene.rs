//! Runs one benchmark scene of docs/physics.md and prints its checksum: the driver whose
//! instruction counts the performance log quotes (docs/physics-performance-log.md).
//!
//! ```text
//! cargo run --release -p disc-physics --example scene -- a [reps]        # (a) carrom break to rest
//! cargo run --release -p disc-physics --example scene -- b [reps]        # (b) Novuss break to rest
//! cargo run --release -p disc-physics --example scene -- c4096 [reps] [steps]   # (c) scaling box
//! cargo run --release -p disc-physics --example scene -- c4096 [reps] [steps] profile
//! ```
//!
//! Instructions: `valgrind --tool=callgrind target/release/examples/scene a`, then
//! `callgrind_annotate --inclusive=yes callgrind.out.<pid> | grep scene::main`; scene (c)'s
//! figure a disc-step is (`c4096 1 500` − `c4096 1 0`) / (4096 × 500), the set-up taken off.
//! The breaks are cloned from one template built before the runs (as the bench does).
//!
//! `profile` after scene (c)'s steps switches on [`World::set_profiling`] and prints, summed
//! over the runs, the time of each stage a disc-step ([`StepProfile`](disc_physics::StepProfile);
//! the clock's reads make the run slower, the split is what it is for) and the last run's
//! [`SolverStats`](disc_physics::SolverStats): builds, rounds and pair tests do not depend
//! on the host.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Duration;

use disc_physics::{NoEvents, Table, World, scenes};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: usize| -> Option<usize> {
        args.get(i).map_or(Some(default), |s| s.parse().ok())
    };
    let usage = "usage: scene a|b [reps] | scene c<N> [reps] [steps] [profile]";
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{usage}");
        return ExitCode::SUCCESS;
    }
    let (Some(mode), Some(reps)) = (args.first().map(String::as_str), number(1, 1)) else {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    };
    let mut checksum = 0u64;
    match mode {
        "a" | "b" => {
            let template = if mode == "a" {
                scenes::carrom_break()
            } else {
                scenes::novuss_break()
            };
            let mut steps = 0;
            for _ in 0..reps {
                let mut world: World = template.clone();
                let run = world.run_to_rest(&mut NoEvents);
                if !run.at_rest {
                    eprintln!("{mode}: not at rest after {run:?}");
                    return ExitCode::FAILURE;
                }
                steps += run.steps;
                checksum ^= world.checksum();
            }
            println!("{mode}: {reps} run(s), {steps} steps, checksum {checksum:#018x}");
        }
        _ => {
            let (Some(n), Some(steps)) = (
                mode.strip_prefix('c').and_then(|n| n.parse::<usize>().ok()),
                number(2, 500),
            ) else {
                eprintln!("{usage}");
                return ExitCode::FAILURE;
            };
            // `scenes::scaling_box` panics on a box wider than the largest table or too many
            // discs; its checked twin says which.
            let l = scenes::scaling_box_side_m(n.max(1));
            let table = match Table::new(l / 2.0, l / 2.0) {
                Ok(table) => table,
                Err(e) => {
                    eprintln!("{mode}: no table holds the box: {e}");
                    return ExitCode::FAILURE;
                }
            };

            let profile = match args.get(3).map(String::as_str) {
                None => false,
                Some("profile") => true,
                Some(other) => {
                    eprintln!("unknown option {other:?} (expected `profile`)");
                    return ExitCode::FAILURE;
                }
            };
            // Each stage's time, summed over the runs, and the last run's counts.
            let mut stages = [Duration::ZERO; 5];
            let mut stats = None;
            for _ in 0..reps {
                let mut world = match scenes::scaling_box_on(table.clone(), n) {
                    Ok(world) => world,
                    Err(e) => {
                        eprintln!("{mode}: {e}");
                        return ExitCode::FAILURE;
                    }
                };
                world.set_profiling(profile);
                for _ in 0..steps {
                    world.step(&mut NoEvents);
                }
                checksum ^= black_box(world.checksum());
                if let Some(p) = world.profile() {
                    let each = [p.friction, p.broadphase, p.prediction, p.events, p.drift];
                    for (sum, t) in stages.iter_mut().zip(each) {
                        *sum += t;
                    }
                    stats = Some(world.stats());
                }
            }
            println!("c{n}: {reps} run(s) of {steps} steps, checksum {checksum:#018x}");
            if let Some(stats) = stats {
                let disc_steps = (n * reps * steps).max(1) as f64;
                let names = ["friction", "broadphase", "prediction", "events", "drift"];
                for (name, t) in names.iter().zip(stages) {
                    println!(
                        "  {name:<10} {:6.2} ns a disc-step",
                        t.as_secs_f64() * 1e9 / disc_steps
                    );
                }
                let all: Duration = stages.iter().sum();
                println!(
                    "  {:<10} {:6.2} ns a disc-step",
                    "all",
                    all.as_secs_f64() * 1e9 / disc_steps
                );
                println!("  last run: {stats:?}");
            }
        }
    }
    ExitCode::SUCCESS
}
