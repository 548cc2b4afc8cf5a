//! Writes the figures of docs/physics.md: the carrom break (scene a) and the Novuss break
//! (scene b) with their trajectories, as SVG, and prints each run's summary.
//!
//! `cargo run --release -p disc-physics --example figures [output-dir]`
//! (default output directory: `crates/disc-physics/figures`).

use std::error::Error;
use std::path::{Path, PathBuf};

use disc_physics::carrom::{self, CoinColour};
use disc_physics::{DiscStatus, EventKind, SvgOptions, Trajectory, World, render_svg, scenes};

fn run(name: &str, mut world: World, fills: &[&str], dir: &Path) -> Result<(), Box<dyn Error>> {
    let mut traj = Trajectory::new();
    let mut events = Vec::new();
    let run = world.run_to_rest_sampled(&mut events, &mut traj);
    let pocketed = world
        .discs()
        .filter(|d| matches!(d.status, DiscStatus::Pocketed(_)))
        .count();
    let contacts = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::DiscContact { .. }))
        .count();
    let title = format!(
        "{name}: {} steps, {:.3} s to rest, {pocketed} pocketed, {contacts} disc contacts, checksum {:016x}",
        run.steps,
        run.duration_s,
        world.checksum()
    );
    println!("{title}");
    let svg = render_svg(
        &world,
        &SvgOptions {
            width_px: 640.0,
            fills,
            trajectory: Some(&traj),
            show_off_table: true,
            title: Some(&title),
            ..SvgOptions::default()
        },
    );
    let path = dir.join(format!("{name}.svg"));
    std::fs::write(&path, svg)?;
    println!("wrote {}", path.display());
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("figures"));
    std::fs::create_dir_all(&dir)?;
    let mut fills: Vec<&str> = carrom::formation()
        .iter()
        .map(|(_, c)| match c {
            CoinColour::Queen => "#c0392b",
            CoinColour::White => "#fdf6e3",
            CoinColour::Black => "#222222",
        })
        .collect();
    fills.push("#2e86c1");
    run("carrom-break", scenes::carrom_break(), &fills, &dir)?;
    let mut fills = vec!["#e67e22"; 8];
    fills.extend(["#27ae60"; 8]);
    fills.push("#8e44ad");
    run("novuss-break", scenes::novuss_break(), &fills, &dir)?;
    Ok(())
}
