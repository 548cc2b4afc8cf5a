//! The bounded fuzz run CI does on stable Rust: every target of `lattjo_fuzz::targets::ALL`
//! on its seeds and on mutations of them (bit flips, byte and token substitutions, cuts,
//! splices), for a share of a time budget, with overflow checks and debug assertions on
//! (see this crate's release profile). A panic is a finding: the input is printed (as text
//! and as hex) and written to `fuzz/findings/<target>-<n>`, and the run exits with status 1.
//!
//! ```text
//! cargo run --release --manifest-path fuzz/Cargo.toml --bin smoke -- [--seconds S] [--runs N] [--seed X] [target ...]
//! cargo run --release --manifest-path fuzz/Cargo.toml --bin smoke -- --write-corpus [target ...]
//! cargo run --release --manifest-path fuzz/Cargo.toml --bin smoke -- --replay <file> <target>
//! ```
//!
//! `--seconds` is the whole run's budget (default 90), shared equally by the targets;
//! `--runs` caps the inputs per target instead (both may be given; the first reached
//! stops a target). The mutations come from a fixed-seed generator, so a run is
//! reproducible for the same budget in inputs. `--write-corpus` writes the seeds to
//! `fuzz/corpus/<target>/` for a libFuzzer campaign to start from, and runs nothing.
//! `--replay` runs the named target(s) once on a saved input (a finding, a libFuzzer
//! artifact) and lets a panic report itself.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use lattjo_fuzz::Target;
use lattjo_fuzz::targets::ALL;

/// Tokens that break parsers: numbers at the edges, non-finite floats, separators, and
/// characters that are whitespace to `str::trim` but not to `split_ascii_whitespace` (a
/// vertical tab, NEL, no-break and em spaces: a writer and a reader that disagree on them
/// lose a word, as UCI's `id name \u{b}` did) or the reverse (a tab, a form feed).
const TOKENS: &[&str] = &[
    "\u{b}",
    "\u{c}",
    "\t",
    "\u{85}",
    "\u{a0}",
    "\u{2003}",
    "\u{3000}",
    "0",
    "-1",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "-9223372036854775808",
    "1e308",
    "1e-320",
    "-0",
    "NaN",
    "nan",
    "inf",
    "-inf",
    "\u{feff}",
    " ",
    "\n",
    "\r\n",
    ":",
    "/",
    ",",
    "-",
    "[",
    "]",
    "{",
    "}",
    "\"",
    "null",
    "true",
    "\u{0}",
    "é",
    "999999999999",
];

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

fn mutate(rng: &mut Rng, seeds: &[Vec<u8>], out: &mut Vec<u8>) {
    out.clear();
    out.extend_from_slice(&seeds[rng.below(seeds.len())]);
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        let len = out.len();
        match rng.below(9) {
            0 if len > 0 => {
                let i = rng.below(len);
                out[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let i = rng.below(len);
                out[i] = rng.next() as u8;
            }
            2 => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                let i = rng.below(len + 1);
                out.splice(i..i, t.iter().copied());
            }
            3 if len > 0 => {
                // Replace a run of digits or letters with a token.
                let i = rng.below(len);
                let mut j = i;
                while j < len && out[j].is_ascii_alphanumeric() {
                    j += 1;
                }
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                out.splice(i..j.max(i + 1).min(len), t.iter().copied());
            }
            4 if len > 0 => {
                let i = rng.below(len);
                let j = (i + 1 + rng.below(8)).min(len);
                out.drain(i..j);
            }
            5 if len > 0 => {
                let i = rng.below(len);
                let j = (i + 1 + rng.below(16)).min(len);
                let chunk: Vec<u8> = out[i..j].to_vec();
                let k = rng.below(len + 1);
                out.splice(k..k, chunk);
            }
            6 => {
                let other = &seeds[rng.below(seeds.len())];
                let cut = rng.below(len + 1);
                let from = rng.below(other.len() + 1);
                out.truncate(cut);
                out.extend_from_slice(&other[from..]);
            }
            7 => {
                let n = rng.below(12);
                for _ in 0..n {
                    out.push(rng.next() as u8);
                }
            }
            _ if len > 0 => {
                let i = rng.below(len);
                let d = (rng.below(5) as u8).wrapping_sub(2);
                out[i] = out[i].wrapping_add(d);
            }
            _ => {}
        }
    }
}

struct Args {
    seconds: f64,
    runs: Option<u64>,
    seed: u64,
    only: Vec<String>,
    write_corpus: bool,
    replay: Vec<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        seconds: 90.0,
        runs: None,
        seed: 0x5eed,
        only: Vec::new(),
        write_corpus: false,
        replay: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--seconds" => {
                args.seconds = value("--seconds")?
                    .parse()
                    .map_err(|e| format!("--seconds: {e}"))?;
            }
            "--runs" => {
                args.runs = Some(
                    value("--runs")?
                        .parse()
                        .map_err(|e| format!("--runs: {e}"))?,
                );
            }
            "--seed" => {
                args.seed = value("--seed")?
                    .parse()
                    .map_err(|e| format!("--seed: {e}"))?;
            }
            "--write-corpus" => args.write_corpus = true,
            "--replay" => args.replay.push(value("--replay")?),
            "--list" => {
                for t in ALL {
                    println!("{}", t.name);
                }
                std::process::exit(0);
            }
            name if !name.starts_with("--") => args.only.push(name.to_owned()),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(args)
}

fn show(input: &[u8]) -> String {
    let hex: String = input.iter().map(|b| format!("{b:02x}")).collect();
    format!("text {:?}\nhex  {hex}", String::from_utf8_lossy(input))
}

/// Runs one target; returns the inputs tried, or the failing input.
fn run_target(t: &Target, budget: Duration, runs: Option<u64>, seed: u64) -> Result<u64, Vec<u8>> {
    let seeds = (t.seeds)();
    let start = Instant::now();
    let mut tried = 0u64;
    let mut input = Vec::new();
    let mut rng =
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15 ^ t.name.len() as u64 ^ u64::from(t.name.as_bytes()[0]));
    let check = |input: &[u8]| catch_unwind(AssertUnwindSafe(|| (t.run)(input))).is_ok();
    for s in &seeds {
        tried += 1;
        if !check(s) {
            return Err(s.clone());
        }
    }
    for empty in [&b""[..], &[0u8][..], &[0xff; 64][..]] {
        tried += 1;
        if !check(empty) {
            return Err(empty.to_vec());
        }
    }
    loop {
        if runs.is_some_and(|r| tried >= r) {
            break;
        }
        if tried.is_multiple_of(64) && start.elapsed() >= budget {
            break;
        }
        mutate(&mut rng, &seeds, &mut input);
        tried += 1;
        if !check(&input) {
            return Err(input);
        }
    }
    Ok(tried)
}

/// Writes each target's seeds to `fuzz/corpus/<target>/seed-<n>`, the corpus cargo-fuzz
/// starts from.
fn write_corpus(targets: &[&Target]) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for t in targets {
        let dir = root.join(t.name);
        let seeds = (t.seeds)();
        let written = std::fs::create_dir_all(&dir).and_then(|()| {
            for (i, s) in seeds.iter().enumerate() {
                std::fs::write(dir.join(format!("seed-{i}")), s)?;
            }
            Ok(())
        });
        match written {
            Ok(()) => println!("{:<32} {} seeds in {}", t.name, seeds.len(), dir.display()),
            Err(e) => {
                eprintln!("smoke: writing {}: {e}", dir.display());
                std::process::exit(2);
            }
        }
    }
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("smoke: {e}");
            std::process::exit(2);
        }
    };
    let targets: Vec<&Target> = ALL
        .iter()
        .filter(|t| args.only.is_empty() || args.only.iter().any(|o| o == t.name))
        .collect();
    if targets.is_empty() {
        eprintln!("smoke: no target matches {:?}", args.only);
        std::process::exit(2);
    }
    if args.write_corpus {
        write_corpus(&targets);
        return;
    }
    if !args.replay.is_empty() {
        // Replays saved inputs (a finding, an artifact) with the default panic report.
        for file in &args.replay {
            let input = match std::fs::read(file) {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("smoke: reading {file}: {e}");
                    std::process::exit(2);
                }
            };
            for t in &targets {
                println!("{} on {file}", t.name);
                (t.run)(&input);
            }
        }
        println!("no panic");
        return;
    }
    // Quiet the default hook: a panic is reported once, with its input, below.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let per_target = Duration::from_secs_f64(args.seconds.max(0.0) / targets.len() as f64);
    let mut failed = 0;
    for t in targets {
        let started = Instant::now();
        match run_target(t, per_target, args.runs, args.seed) {
            Ok(n) => println!(
                "{:<32} {n:>10} inputs in {:>6.1} s, no finding",
                t.name,
                started.elapsed().as_secs_f64()
            ),
            Err(input) => {
                failed += 1;
                println!("{:<32} FINDING\n{}", t.name, show(&input));
                let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("findings");
                let _ = std::fs::create_dir_all(&dir);
                let _ = std::fs::write(dir.join(format!("{}-{failed}", t.name)), &input);
                // Run it once more to report the panic's message.
                let msg = catch_unwind(AssertUnwindSafe(|| (t.run)(&input)))
                    .err()
                    .and_then(|p| {
                        p.downcast_ref::<String>()
                            .cloned()
                            .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    })
                    .unwrap_or_default();
                println!("panic: {msg}");
            }
        }
    }
    std::panic::set_hook(default_hook);
    if failed > 0 {
        eprintln!("smoke: {failed} target(s) with a finding");
        std::process::exit(1);
    }
}
