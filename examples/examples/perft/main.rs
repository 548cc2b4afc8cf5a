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
//! `perft_parallel` (the same count as one thread).

use std::io::{BufRead, IsTerminal};

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
    match game {
        "draughts" => draughts::run(depth, position, options),
        "chess" => chess::run(depth, position, options),
        "backgammon" => backgammon::run(depth, position, options),
        other => Err(format!(
            "unknown game {other:?} (games with perft: chess, draughts, backgammon)"
        )),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (options, words): (Vec<String>, Vec<String>) = split_options(&args);
    let usage = "usage: perft <game> <depth> [position] [--options]";
    let (Some(game), Some(depth)) = (words.first(), words.get(1)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("perft: depth must be a number, got {depth:?}\n{usage}");
        std::process::exit(2);
    };
    let position = if words.len() > 2 {
        Some(words[2..].join(" "))
    } else {
        None
    };
    let mut failed = false;
    let mut emit = |pos: Option<&str>| match dispatch(game, depth, pos, &options) {
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

/// Splits `--name value` / `--flag` options (anywhere on the line) from the positional words.
/// Options that take a value: `--rules` and `--threads` (`--threads N` is passed on as
/// `--threads=N`, the form every game's module reads). Everything else starting with `--` is a
/// flag.
fn split_options(args: &[String]) -> (Vec<String>, Vec<String>) {
    let mut options = Vec::new();
    let mut words = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--rules" {
            options.push(a.clone());
            if let Some(v) = it.next() {
                options.push(v.clone());
            }
        } else if a == "--threads" {
            options.push(format!(
                "--threads={}",
                it.next().map_or("", String::as_str)
            ));
        } else if a.starts_with("--") {
            options.push(a.clone());
        } else {
            words.push(a.clone());
        }
    }
    (options, words)
}
