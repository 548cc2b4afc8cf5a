//! Perft: count the leaf nodes of the game tree to a depth.
//!
//! ```text
//! cargo run --release --example perft -- <game> <depth> [position] [options]
//! ```
//!
//! With no position, reads one position per line from standard input and prints one count
//! per line; when standard input is a terminal (nothing piped in), counts the game's start
//! position instead, so `perft draughts 10` typed at a prompt does not wait for input. Each
//! game's module parses its own position notation and options; every game takes
//! `--threads N` (or `--threads=N`), which splits the count over N threads with the game's
//! `perft_parallel` (the same count as one thread). The game's name and options are checked
//! before any input is read; `--help` prints the usage.

use std::io::{BufRead, IsTerminal};

use examples::cli::{self, PERFT_USAGE, PerftArgs};

// Each game's module exposes
// `pub fn run(depth: u32, position: Option<&str>, options: &[String]) -> Result<Vec<String>, String>`
// returning the lines to print for one position (usually the count alone).
// A new game adds its module here and an arm in `dispatch`.
mod backgammon;
mod chess;
mod draughts;

fn dispatch(
    game: &str,
    depth: u32,
    position: Option<&str>,
    options: &[String],
) -> Result<Vec<String>, String> {
    let run = match game {
        "draughts" => draughts::run,
        "chess" => chess::run,
        "backgammon" => backgammon::run,
        other => {
            return Err(format!(
                "unknown game {other:?} (games with perft: chess, draughts, backgammon)"
            ));
        }
    };
    run(depth, position, options).map_err(|e| format!("{game}: {e}"))
}

fn main() {
    let PerftArgs {
        game,
        depth,
        position,
        options,
    } = cli::run_or_exit("perft", PERFT_USAGE, cli::perft(std::env::args().skip(1)));
    // The game's name and options are checked before any input is read (a count of the start
    // position to depth 0 reads both and costs nothing), so that a mistyped game or option
    // with positions piped in fails at once instead of once per line, or not at all when no
    // line comes.
    if let Err(e) = dispatch(&game, 0, None, &options) {
        eprintln!("perft: {e}");
        std::process::exit(2);
    }
    let mut failed = false;
    let mut emit = |pos: Option<&str>| match dispatch(&game, depth, pos, &options) {
        Ok(lines) => lines.iter().for_each(|l| println!("{l}")),
        Err(e) => {
            eprintln!("perft: {e}");
            failed = true;
        }
    };
    match position {
        Some(p) => emit(Some(&p)),
        // Each game's module counts its start position for `None`.
        None if std::io::stdin().is_terminal() => emit(None),
        None => {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                let line = line.trim();
                if !line.is_empty() {
                    emit(Some(line));
                }
            }
        }
    }
    if failed {
        std::process::exit(1);
    }
}
