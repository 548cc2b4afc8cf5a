//! Uniform random 4-player ludo games to the end through the `Game` trait (the die is a chance
//! node), for the booklet rules and the two presets. Each iteration plays whole games and
//! asserts that every one of them finished; the throughput is games per second.
//!
//! Two timings per rule set: wall-clock (criterion's default) and the CPU time of the
//! benchmarking thread (`/proc/thread-self/schedstat`, Linux), which is the "per core" figure
//! of issue 6 (target: at least 40,000 LATTJO games per CPU-second) and stays meaningful on a
//! shared, overloaded machine where wall-clock time mostly measures waiting.
//!
//! `cargo bench -p benches --bench ludo_playout`

use std::hint::black_box;
use std::time::{Duration, Instant};

use boardgame_core::{Game, GameRng, Turn, random_playout_capped};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_ludo::{Ludo, Rules};

const GAMES: u64 = 100;
const MAX_PLIES: u32 = 200_000;
/// The shortest thread-CPU sample (several scheduler ticks).
const MIN_SAMPLE: Duration = Duration::from_millis(40);

/// CPU time of this thread so far, if the platform tells.
fn thread_cpu() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Plays `GAMES` games from consecutive seeds and checks that each one ended.
fn play_batch(game: &Ludo, seed: &mut u64, buf: &mut Vec<lattjo_ludo::Action>) -> u64 {
    let mut plies = 0u64;
    for _ in 0..GAMES {
        *seed += 1;
        let mut rng = GameRng::new(*seed, 0);
        let mut state = game.new_initial_state();
        plies += u64::from(random_playout_capped(
            game, &mut state, &mut rng, buf, MAX_PLIES,
        ));
        assert_eq!(
            game.turn(&state),
            Turn::Terminal,
            "seed {seed}: the game must finish"
        );
        assert!(game.returns(&state).is_some());
    }
    plies
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("ludo");
    group.throughput(Throughput::Elements(GAMES));
    for (name, rules) in [
        ("lattjo", Rules::lattjo()),
        ("classic", Rules::classic()),
        ("mensch", Rules::mensch()),
    ] {
        let game = Ludo::new(rules).expect("preset rules are valid");
        let mut buf = Vec::new();
        let mut seed = 0u64;
        group.bench_function(format!("{name} 4-player random games, wall clock"), |b| {
            b.iter(|| black_box(play_batch(&game, &mut seed, &mut buf)))
        });
        let mut seed = 0u64;
        group.bench_function(
            format!("{name} 4-player random games, thread cpu time"),
            |b| {
                b.iter_custom(|iters| {
                    // The thread's run time advances at scheduler ticks (a few ms), so a short
                    // sample can read zero: play at least `MIN_SAMPLE` worth of batches and
                    // scale the time to `iters` batches.
                    let (cpu0, wall0) = (thread_cpu(), Instant::now());
                    let mut done = 0u64;
                    while done < iters || wall0.elapsed() < MIN_SAMPLE {
                        black_box(play_batch(&game, &mut seed, &mut buf));
                        done += 1;
                    }
                    let spent = match (cpu0, thread_cpu()) {
                        (Some(a), Some(b)) => b.saturating_sub(a),
                        _ => wall0.elapsed(),
                    };
                    spent.mul_f64(iters as f64 / done as f64)
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
