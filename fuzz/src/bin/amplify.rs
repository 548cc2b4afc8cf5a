//! How much memory each text and JSON target holds at most while it reads a large hostile
//! input: runs of one separator or bracket, a seed followed by such a run, and a seed
//! repeated. A counting allocator follows the live heap; the peak above the heap before the
//! call, over the input's length, is the target's amplification. A reader that lists every
//! word or field of its input before refusing it holds some 16 bytes for each (the FEN
//! reader's list of fields held 8 times its input before the audit of 7 Dec 2026, which this
//! run fails); one that reads word by word holds little beyond its result. A reader only
//! reaches its large inputs here where its target passes them on: the FIBS target reads its
//! tail as a move only on a board with dice, which these inputs seldom give, so the FIBS
//! move reader's list of that audit is left to its regression test.
//!
//! The targets themselves keep what the input reads as and write it back (their round-trip
//! check), and may decode a copy of the text, so a few times the input is their floor; the
//! limit is [`MAX_TIMES`] the input plus [`SLACK_BYTES`] ([`OWN_COPIES`] lists the targets
//! that keep more copies of their own). Inputs that repeat a seed are mostly valid, and what
//! a target holds for them is what it read (all of a PGN file's games, say): reported in the
//! `repeated` column, not limited. The `*_apply`, `*_resolve`, physics and binary targets
//! are left out: their input is actions and numbers, not text.
//!
//! ```text
//! cargo run --release --manifest-path fuzz/Cargo.toml --bin amplify [-- <MB> [target ...]]
//! ```

use std::alloc::{GlobalAlloc, Layout, System};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use lattjo_fuzz::targets::ALL;

/// Follows the live heap and its peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every method forwards its arguments unchanged to `System`, which upholds the
// `GlobalAlloc` contract; the counters are atomics with no other effect.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        // SAFETY: same layout as received, forwarded to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` was returned by `System` for this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        // SAFETY: as `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size >= layout.size() {
            grew(new_size - layout.size());
        } else {
            LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        // SAFETY: `ptr` was returned by `System` for `layout`; the caller upholds the rest.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The most a target may hold, in times its input, beyond [`SLACK_BYTES`], unless
/// [`OWN_COPIES`] allows it more.
const MAX_TIMES: usize = 4;
/// Targets that keep copies of their input of their own, and how many times the input they
/// may hold: the PGN and PDN targets read the text again as UTF-16 files (two bytes a
/// character, with and without a byte-order mark) beside the text itself.
const OWN_COPIES: &[(&str, usize)] = &[("chess_pgn", 8), ("draughts_pdn", 8)];
/// What a target may hold whatever its input's length.
const SLACK_BYTES: usize = 1 << 20;

/// The characters of the runs: the separators and brackets of the workspace's notations.
const RUNS: &[&str] = &[
    "/",
    ":",
    "-",
    " ",
    ",",
    ";",
    ".",
    "(",
    ")",
    "{",
    "[",
    "]",
    "\"",
    "\n",
    "1",
    "a",
    "é",
    "x ",
    "1-",
    "0:",
    "[[",
    "{\"a\":",
    "\"\\u00e9",
];

fn leaves_out(name: &str) -> bool {
    name.ends_with("_apply")
        || name.ends_with("_resolve")
        || name.starts_with("physics_")
        || name == "core_postcard_state"
        || name == "chess_polyglot"
}

/// `unit` repeated up to about `len` bytes.
fn run_of(unit: &[u8], len: usize) -> Vec<u8> {
    unit.repeat((len / unit.len().max(1)).max(1))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mb = args
        .first()
        .and_then(|a| a.parse::<usize>().ok())
        .unwrap_or(2);
    let only: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
    let len = mb << 20;
    let start = Instant::now();
    let mut worst_fail = false;
    println!(
        "{:<30} {:>6} {:>10} {:>10}  worst input",
        "target", "inputs", "peak/len", "repeated"
    );
    for target in ALL {
        if leaves_out(target.name) || (!only.is_empty() && !only.contains(&target.name)) {
            continue;
        }
        let t0 = Instant::now();
        let seeds = (target.seeds)();
        let mut inputs: Vec<(String, Vec<u8>)> = Vec::new();
        for unit in RUNS {
            inputs.push((format!("{unit:?} run"), run_of(unit.as_bytes(), len)));
        }
        for (k, seed) in seeds.iter().take(3).enumerate() {
            inputs.push((format!("seed {k} repeated"), run_of(seed, len)));
            for unit in RUNS.iter().take(8) {
                let mut v = seed.clone();
                v.extend(run_of(unit.as_bytes(), len));
                inputs.push((format!("seed {k} then {unit:?}"), v));
            }
        }
        let allowed = OWN_COPIES
            .iter()
            .find(|(name, _)| *name == target.name)
            .map_or(MAX_TIMES, |&(_, times)| times);
        let mut worst = (0.0f64, String::new());
        let mut repeated = 0.0f64;
        let count = inputs.len();
        for (what, input) in inputs {
            let base = LIVE.load(Ordering::Relaxed);
            PEAK.store(base, Ordering::Relaxed);
            (target.run)(&input);
            let peak = PEAK.load(Ordering::Relaxed) - base;
            let times = peak as f64 / input.len() as f64;
            // A seed repeated is mostly valid text: what the target holds is then what it
            // read (a whole PGN file's games, say), reported but not limited.
            if what.ends_with("repeated") {
                repeated = repeated.max(times);
                continue;
            }
            if times > worst.0 {
                worst = (times, what.clone());
            }
            if peak > allowed * input.len() + SLACK_BYTES {
                worst_fail = true;
                println!(
                    "  {}: {what}: {peak} bytes held for {} of input ({times:.1}x): FAIL",
                    target.name,
                    input.len()
                );
            }
        }
        println!(
            "{:<30} {:>6} {:>9.2}x {:>9.2}x  {} ({:.1} s)",
            target.name,
            count,
            worst.0,
            repeated,
            worst.1,
            t0.elapsed().as_secs_f64()
        );
    }
    println!("{:.1} s", start.elapsed().as_secs_f64());
    if worst_fail {
        eprintln!("a target held more than it may (see above)");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
