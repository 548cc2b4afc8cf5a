//! Runs one benchmark scene of docs/physics.md and prints its checksum: the driver whose
//! instruction counts the performance log quotes (docs/physics-performance-log.md).
//!
//! ```text
//! cargo run --release -p disc-physics --example scene -- a [reps]        # (a) carrom break to rest
//! cargo run --release -p disc-physics --example scene -- b [reps]        # (b) Novuss break to rest
//! cargo run --release -p disc-physics --example scene -- c4096 [reps] [steps]   # (c) scaling box
//! ```
//!
//! Instructions: `valgrind --tool=callgrind target/release/examples/scene a`, then
//! `callgrind_annotate --inclusive=yes callgrind.out.<pid> | grep scene::main`; scene (c)'s
//! figure a disc-step is (`c4096 1 500` − `c4096 1 0`) / (4096 × 500), the set-up taken off.
//! The breaks are cloned from one template built before the runs (as the bench does).

use std::hint::black_box;
use std::process::ExitCode;

use disc_physics::{NoEvents, World, scenes};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: usize| -> Option<usize> {
        args.get(i).map_or(Some(default), |s| s.parse().ok())
    };
    let (Some(mode), Some(reps)) = (args.first().map(String::as_str), number(1, 1)) else {
        eprintln!("usage: scene a|b [reps] | scene c<N> [reps] [steps]");
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
                eprintln!("usage: scene a|b [reps] | scene c<N> [reps] [steps]");
                return ExitCode::FAILURE;
            };
            for _ in 0..reps {
                let mut world = scenes::scaling_box(n);
                for _ in 0..steps {
                    world.step(&mut NoEvents);
                }
                checksum ^= black_box(world.checksum());
            }
            println!("c{n}: {reps} run(s) of {steps} steps, checksum {checksum:#018x}");
        }
    }
    ExitCode::SUCCESS
}
