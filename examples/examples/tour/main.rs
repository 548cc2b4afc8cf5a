//! The tour: one seeded game of every game the workspace implements, with who won, the
//! score, the moves played, the time taken and the seed to replay it.
//!
//! `cargo run --release --example tour [-- --seed N] [--pictures DIR]`
//!
//! Each game's picture (SVG) goes to the system's temporary folder, or with `--pictures DIR`
//! to `DIR/<game>.svg`: `--seed 1 --pictures docs/img` writes the pictures README.md shows,
//! and CI checks that they match what the code draws now.
//!
//! Each game's record goes to the temporary folder as text, `<game>-record-<seed>.txt` (a
//! line `seed <n>`, then one action a line), and is read back and replayed there.

use boardgame_core::{Game, Played, Record};
use examples::cli::{self, TOUR_USAGE, TourArgs};
use std::error::Error;
use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

// Each game's module exposes `pub fn play(seed: u64) -> Result<Summary, Box<dyn Error>>`;
// a new game adds its module here and an entry in `GAMES`.
mod backgammon;
mod carrom;
mod chess;
mod disc_billiards;
mod dominoes;
mod draughts;
mod ludo;
mod race;

/// What one game of the tour reports.
pub struct Summary {
    /// Who won, or that it was drawn.
    pub result: String,
    /// The score or final material, in the game's own terms.
    pub score: String,
    /// Actions played (chance results included where the game has them).
    pub moves: usize,
    /// Any further lines worth printing (a file written, a match's rounds).
    pub notes: Vec<String>,
}

/// The folder given with `--pictures`, if any.
static PICTURES: OnceLock<Option<PathBuf>> = OnceLock::new();

/// Where the picture called `name` of the game played from `seed` is written:
/// `DIR/<name>.svg` with `--pictures DIR`, else `<temp>/<name>-<seed>.svg`.
pub fn picture_path(name: &str, seed: u64) -> PathBuf {
    match PICTURES.get().and_then(Option::as_ref) {
        Some(dir) => dir.join(format!("{name}.svg")),
        None => std::env::temp_dir().join(format!("{name}-{seed}.svg")),
    }
}

/// Writes one of a game's files (its picture or record), with the path in the error.
pub fn write_file(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), Box<dyn Error>> {
    std::fs::write(path, contents).map_err(|e| format!("writing {}: {e}", path.display()).into())
}

/// Writes the game's record as text (`seed <n>`, then one action a line) to
/// `<temp>/<name>-record-<seed>.txt`, reads the file back, checks that it is the same record
/// and that it replays to the game's final state, and returns the line to print.
pub fn record_text<G: Game>(
    name: &str,
    seed: u64,
    game: &G,
    played: &Played<G>,
) -> Result<String, Box<dyn Error>>
where
    G::Action: Display + FromStr + PartialEq,
    <G::Action as FromStr>::Err: Error + 'static,
    G::State: PartialEq,
    G::Error: Error + 'static,
{
    let path = std::env::temp_dir().join(format!("{name}-record-{seed}.txt"));
    write_file(&path, played.record.to_string())?;
    let text =
        std::fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    let back: Record<G::Action> = text.parse()?;
    if back != played.record {
        return Err(format!("{} reads back as another record", path.display()).into());
    }
    if back.replay(game)? != played.state {
        return Err(format!("{} replays to another state", path.display()).into());
    }
    Ok(format!(
        "record as text: {} ({} actions; read back and replayed)",
        path.display(),
        back.actions.len()
    ))
}

type Player = fn(u64) -> Result<Summary, Box<dyn Error>>;

const GAMES: &[(&str, Player)] = &[
    ("race (the core's test game)", race::play),
    ("chess", chess::play),
    ("draughts", draughts::play),
    ("backgammon", backgammon::play),
    ("ludo", ludo::play),
    ("dominoes", dominoes::play),
    ("carrom", carrom::play),
    ("disc-billiards", disc_billiards::play),
];

fn main() {
    let TourArgs { seed, pictures } =
        cli::run_or_exit("tour", TOUR_USAGE, cli::tour(std::env::args().skip(1)));
    PICTURES.get_or_init(|| pictures);
    println!("tour of the workspace's games, seed {seed} (replay with --seed {seed})\n");
    let mut failed = false;
    let mut total = Duration::ZERO;
    for (name, play) in GAMES {
        let start = Instant::now();
        let outcome = play(seed);
        let took = start.elapsed();
        total += took;
        println!("== {name}");
        match outcome {
            Ok(s) => {
                println!("   result: {}", s.result);
                println!("   score:  {}", s.score);
                println!("   moves:  {}", s.moves);
                println!("   time:   {:.1} ms", took.as_secs_f64() * 1e3);
                for n in &s.notes {
                    println!("   {n}");
                }
            }
            Err(e) => {
                failed = true;
                println!("   error: {e}");
            }
        }
        println!();
    }
    println!(
        "{} games in {:.2} s, seed {seed}",
        GAMES.len(),
        total.as_secs_f64()
    );
    if failed {
        std::process::exit(1);
    }
}
