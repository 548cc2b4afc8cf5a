//! The command lines of the runnable programs in `examples/` (`tour`, `selfplay`, `perft`),
//! parsed here so that what they accept and refuse is tested (`cargo test -p examples`).
//!
//! Every program answers `--help` (or `-h`) with its usage on standard output. A bad argument
//! is a message that names it, before any work starts: never a panic, and never a run that
//! quietly does nothing (before the thirty-ninth sitting `selfplay --seed 18446744073709551615
//! --games 2` reported two games and wrote none, `selfplay --threads 0` ran on "0 threads",
//! and a failing `--out` was found only after every game had been played).

use std::path::PathBuf;

/// What a command line asks for: a run with these arguments, or the usage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command<T> {
    /// Run with these arguments.
    Run(T),
    /// Print the usage and stop (`--help` or `-h`).
    Help,
}

/// The arguments of a [`Command::Run`], for a program's `main`: on [`Command::Help`] prints
/// `usage` on standard output and exits with status 0; on an error prints
/// `<program>: <message>` on standard error and exits with status 2.
pub fn run_or_exit<T>(program: &str, usage: &str, parsed: Result<Command<T>, String>) -> T {
    match parsed {
        Ok(Command::Run(args)) => args,
        Ok(Command::Help) => {
            println!("{usage}");
            std::process::exit(0);
        }
        Err(e) => {
            eprintln!("{program}: {e}");
            std::process::exit(2);
        }
    }
}

/// Whether `arg` asks for the usage.
fn is_help(arg: &str) -> bool {
    arg == "--help" || arg == "-h"
}

/// The tour's usage line.
pub const TOUR_USAGE: &str = "usage: tour [--seed N] [--pictures DIR]";

/// The tour's arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourArgs {
    /// The seed every game is played from (default 2026).
    pub seed: u64,
    /// A folder to draw each game's final picture into (it must exist).
    pub pictures: Option<PathBuf>,
}

/// Parses the tour's arguments (without the program's name).
///
/// # Errors
///
/// A message naming the bad argument: an unknown one, a missing value, a seed that is not a
/// number from 0 to 2⁶⁴ − 1, or a `--pictures` path that is not a folder.
pub fn tour(args: impl IntoIterator<Item = String>) -> Result<Command<TourArgs>, String> {
    let mut args = args.into_iter();
    let mut run = TourArgs {
        seed: 2026,
        pictures: None,
    };
    while let Some(a) = args.next() {
        match a.as_str() {
            "--seed" => {
                let v = args.next().ok_or("--seed needs a number")?;
                run.seed = v
                    .parse()
                    .map_err(|_| format!("--seed: not a number: {v:?}"))?;
            }
            "--pictures" => {
                let dir = PathBuf::from(args.next().ok_or("--pictures needs a folder")?);
                if !dir.is_dir() {
                    return Err(format!("--pictures: not a folder: {}", dir.display()));
                }
                run.pictures = Some(dir);
            }
            help if is_help(help) => return Ok(Command::Help),
            other => return Err(format!("unknown argument {other:?} ({TOUR_USAGE})")),
        }
    }
    Ok(Command::Run(run))
}

/// The self-play example's usage.
pub const SELFPLAY_USAGE: &str = "usage: selfplay [--game NAME]... [--games N] \
     [--iterations K] [--max-plies P] [--threads T] [--seed S] [--out FILE]";

/// The games the self-play example plays.
pub const SELFPLAY_GAMES: [&str; 6] = [
    "backgammon",
    "chess",
    "dominoes",
    "draughts",
    "ludo",
    "race",
];

/// The self-play example's arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfplayArgs {
    /// The games to play, each one of [`SELFPLAY_GAMES`] (default chess and dominoes).
    pub games: Vec<String>,
    /// How many games of each (default 4), from seeds `seed`, `seed + 1`, ...
    pub count: u64,
    /// The search's iterations per decision (default 100).
    pub iterations: u32,
    /// The most plies a game is played (default 200).
    pub max_plies: u32,
    /// Threads, at least 1 (default: every core).
    pub threads: usize,
    /// The first game's seed (default 0).
    pub seed: u64,
    /// The JSON-lines file written (default `selfplay.jsonl`).
    pub out: String,
}

/// Parses the self-play example's arguments (without the program's name); `threads` is the
/// default thread count.
///
/// # Errors
///
/// A message naming the bad argument: an unknown one or game, a missing value, a number that
/// does not parse, `--threads 0`, or seeds that would run past 2⁶⁴ − 1 (`--seed` plus
/// `--games` must fit in a `u64`).
pub fn selfplay(
    args: impl IntoIterator<Item = String>,
    threads: usize,
) -> Result<Command<SelfplayArgs>, String> {
    let mut run = SelfplayArgs {
        games: Vec::new(),
        count: 4,
        iterations: 100,
        max_plies: 200,
        threads,
        seed: 0,
        out: "selfplay.jsonl".into(),
    };
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--game" => {
                let name = value()?;
                if !SELFPLAY_GAMES.contains(&name.as_str()) {
                    return Err(format!(
                        "--game: unknown game {name:?} ({})",
                        SELFPLAY_GAMES.join(", ")
                    ));
                }
                run.games.push(name);
            }
            "--games" => run.count = number(&a, &value()?)?,
            "--iterations" => run.iterations = number(&a, &value()?)?,
            "--max-plies" => run.max_plies = number(&a, &value()?)?,
            "--threads" => {
                run.threads = number(&a, &value()?)?;
                if run.threads == 0 {
                    return Err("--threads: at least 1".into());
                }
            }
            "--seed" => run.seed = number(&a, &value()?)?,
            "--out" => run.out = value()?,
            help if is_help(help) => return Ok(Command::Help),
            other => return Err(format!("unknown argument {other:?} ({SELFPLAY_USAGE})")),
        }
    }
    if run.seed.checked_add(run.count).is_none() {
        return Err(format!(
            "--seed {} with --games {}: the seeds would run past {}",
            run.seed,
            run.count,
            u64::MAX
        ));
    }
    if run.games.is_empty() {
        run.games = vec!["chess".into(), "dominoes".into()];
    }
    Ok(Command::Run(run))
}

/// `text` as the number option `name` takes.
fn number<T: std::str::FromStr>(name: &str, text: &str) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e| format!("{name}: {text:?} is not a number here ({e})"))
}

/// The perft example's usage, with each game's position notation and options.
pub const PERFT_USAGE: &str = "usage: perft <chess|draughts|backgammon> <depth> [position] \
     [--options]
  no position: one per line from standard input, or the start when nothing is piped in
  every game: --threads N (the same count over N threads), --divide (the count below each move)
  chess:      position as FEN; --chess960 (castling read as Chess960)
  draughts:   position as PDN FEN; --flying (flying kings)
  backgammon: position as GNUBG Position ID; --rules lattjo|standard (default standard)";

/// The deepest count the perft example runs: the games' own limit,
/// [`boardgame_core::perft::MAX_PERFT_DEPTH`] (their `perft` functions walk the tree one
/// stack frame a ply, and a tree a few dozen plies deep already takes years to count). The
/// program refuses a deeper one with a message before it reads the position.
pub const MAX_PERFT_DEPTH: u32 = boardgame_core::perft::MAX_PERFT_DEPTH;

/// The perft example's command line: the game, the depth, the position (the words after the
/// depth, joined by spaces) and the options, each `--name` or `--name=value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftArgs {
    /// The game's name.
    pub game: String,
    /// The depth to count to.
    pub depth: u32,
    /// The position's text, if given on the command line (else standard input is read).
    pub position: Option<String>,
    /// The options, for the game's module to read (`--threads N` as `--threads=N`).
    pub options: Vec<String>,
}

/// Parses the perft example's arguments (without the program's name). Options may stand
/// anywhere on the line; `--rules` and `--threads` take the next word as their value. The
/// game's own module reads the options and the position.
///
/// # Errors
///
/// The usage, when the game or the depth is missing, or a message when the depth is not a
/// number.
pub fn perft(args: impl IntoIterator<Item = String>) -> Result<Command<PerftArgs>, String> {
    let mut options = Vec::new();
    let mut words = Vec::new();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        if is_help(&a) {
            return Ok(Command::Help);
        } else if a == "--rules" {
            options.push(a);
            if let Some(v) = it.next() {
                options.push(v);
            }
        } else if a == "--threads" {
            options.push(format!("--threads={}", it.next().unwrap_or_default()));
        } else if a.starts_with("--") {
            options.push(a);
        } else {
            words.push(a);
        }
    }
    let mut words = words.into_iter();
    let (Some(game), Some(depth)) = (words.next(), words.next()) else {
        return Err(PERFT_USAGE.into());
    };
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("depth must be a number, got {depth:?}\n{PERFT_USAGE}"))?;
    if depth > MAX_PERFT_DEPTH {
        return Err(format!(
            "depth must be at most {MAX_PERFT_DEPTH}, got {depth}: the count walks the tree one \
             stack frame a ply, and a tree a few dozen plies deep already takes years\n{PERFT_USAGE}"
        ));
    }
    let rest: Vec<String> = words.collect();
    Ok(Command::Run(PerftArgs {
        game,
        depth,
        position: (!rest.is_empty()).then(|| rest.join(" ")),
        options,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn every_program_answers_help_with_its_usage() {
        for help in ["--help", "-h"] {
            assert_eq!(tour(words(help)), Ok(Command::Help));
            assert_eq!(selfplay(words(help), 2), Ok(Command::Help));
            assert_eq!(perft(words(help)), Ok(Command::Help));
            // Anywhere on the line, before a bad argument is looked at.
            assert_eq!(perft(words(&format!("chess x {help}"))), Ok(Command::Help));
        }
    }

    #[test]
    fn tour_takes_a_seed_and_refuses_what_is_not_one() {
        let Ok(Command::Run(a)) = tour(words("--seed 18446744073709551615")) else {
            panic!("the largest seed is a seed");
        };
        assert_eq!((a.seed, a.pictures), (u64::MAX, None));
        assert_eq!(tour(words("")).map(|c| c == Command::Help), Ok(false));
        for (line, says) in [
            ("--seed", "--seed needs a number"),
            ("--seed -1", "--seed: not a number: \"-1\""),
            ("--seed 18446744073709551616", "not a number"),
            (
                "--pictures /no/such/folder/here",
                "--pictures: not a folder",
            ),
            ("--games 2", "unknown argument \"--games\" (usage: tour"),
        ] {
            let e = tour(words(line)).expect_err(line);
            assert!(e.contains(says), "{line}: {e}");
        }
    }

    #[test]
    fn selfplay_defaults_and_values() {
        let Ok(Command::Run(a)) = selfplay(words(""), 3) else {
            panic!("no arguments is a run");
        };
        assert_eq!(a.games, ["chess", "dominoes"]);
        assert_eq!((a.count, a.iterations, a.max_plies), (4, 100, 200));
        assert_eq!(
            (a.threads, a.seed, a.out.as_str()),
            (3, 0, "selfplay.jsonl")
        );
        let line = "--game ludo --game race --games 7 --iterations 9 --max-plies 11 \
                    --threads 1 --seed 18446744073709551608 --out x.jsonl";
        let Ok(Command::Run(a)) = selfplay(words(line), 3) else {
            panic!("{line}");
        };
        assert_eq!(a.games, ["ludo", "race"]);
        assert_eq!((a.count, a.iterations, a.max_plies), (7, 9, 11));
        assert_eq!(
            (a.threads, a.seed, a.out.as_str()),
            (1, u64::MAX - 7, "x.jsonl")
        );
    }

    /// `--seed S --games N` played the seeds `S..S + N`, which wrapped past 2⁶⁴ − 1 to an
    /// empty range in a release build: the run reported N games and wrote no sample (a debug
    /// build panicked on the overflow).
    #[test]
    fn regression_seeds_past_the_largest_wrapped_to_no_games() {
        for line in [
            "--seed 18446744073709551615 --games 2",
            "--games 18446744073709551615 --seed 5",
            "--seed 18446744073709551615 --games 1",
        ] {
            let e = selfplay(words(line), 2).expect_err(line);
            assert!(
                e.contains("the seeds would run past 18446744073709551615"),
                "{e}"
            );
        }
        // The last seeds that fit.
        assert!(selfplay(words("--seed 18446744073709551614 --games 1"), 2).is_ok());
        assert!(selfplay(words("--seed 0 --games 18446744073709551615"), 2).is_ok());
    }

    /// `--threads 0` ran (on one thread) and reported "0 threads".
    #[test]
    fn regression_selfplay_ran_on_zero_threads() {
        assert_eq!(
            selfplay(words("--threads 0"), 2),
            Err("--threads: at least 1".into())
        );
    }

    /// An unknown `--game` was found only after the games before it had been played.
    #[test]
    fn regression_selfplay_refused_an_unknown_game_only_after_playing_the_others() {
        let e = selfplay(words("--game chess --game nosuch"), 2).unwrap_err();
        assert!(
            e.starts_with("--game: unknown game \"nosuch\" (backgammon, chess"),
            "{e}"
        );
    }

    #[test]
    fn selfplay_names_the_bad_argument() {
        for (line, says) in [
            ("--games", "--games needs a value"),
            ("--games many", "--games: \"many\" is not a number here"),
            (
                "--iterations -1",
                "--iterations: \"-1\" is not a number here",
            ),
            ("--max-plies 4294967296", "--max-plies: \"4294967296\""),
            ("--seed 1.5", "--seed: \"1.5\""),
            ("--threads x", "--threads: \"x\""),
            ("--out", "--out needs a value"),
            ("--bogus", "unknown argument \"--bogus\" (usage: selfplay"),
        ] {
            let e = selfplay(words(line), 2).expect_err(line);
            assert!(e.contains(says), "{line}: {e}");
        }
    }

    #[test]
    fn perft_splits_the_position_from_the_options() {
        let line = "chess 3 --threads 2 8/8/8/8/8/8/8/K6k w - - --divide 0 1";
        let Ok(Command::Run(a)) = perft(words(line)) else {
            panic!("{line}");
        };
        assert_eq!((a.game.as_str(), a.depth), ("chess", 3));
        assert_eq!(a.position.as_deref(), Some("8/8/8/8/8/8/8/K6k w - - 0 1"));
        assert_eq!(a.options, ["--threads=2", "--divide"]);
        let Ok(Command::Run(a)) = perft(words("backgammon 2 --rules lattjo")) else {
            panic!("no position");
        };
        assert_eq!((a.position, a.options), (None, words("--rules lattjo")));
        assert_eq!(perft(words("chess")), Err(PERFT_USAGE.to_string()));
        let e = perft(words("chess -1")).unwrap_err();
        assert!(e.starts_with("depth must be a number, got \"-1\""), "{e}");
    }

    /// Regression (6 December 2026): `perft chess 100000 8/8/8/8/8/8/8/K6k w - - 0 1` overflowed
    /// the stack and aborted the process instead of answering with a message.
    #[test]
    fn regression_a_huge_perft_depth_overflowed_the_stack() {
        let e = perft(words("chess 100000 8/8/8/8/8/8/8/K6k w - - 0 1")).unwrap_err();
        assert!(e.starts_with("depth must be at most 64, got 100000"), "{e}");
        let line = format!("draughts {MAX_PERFT_DEPTH}");
        assert!(matches!(perft(words(&line)), Ok(Command::Run(_))));
    }
}
