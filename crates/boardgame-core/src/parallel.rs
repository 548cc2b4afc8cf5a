//! Deterministic parallel drivers: many seeded games (or any indexed work, such as the root
//! moves of a perft) spread over threads, with results returned in index order and identical
//! for every thread count.
//!
//! Determinism comes from the work, never from scheduling: game `i` draws all its randomness
//! from its own seed (chance from stream 0, seat `k`'s agent from stream `1 + k`, as
//! [`play_game`] does), so which thread plays it and when changes nothing. Threads (the
//! calling thread among them) take the next indices from a shared counter, a few at a time
//! (an uneven mix of long and short games keeps every core busy), and the results are put
//! back in index order before they are returned.
//!
//! ```
//! use boardgame_core::parallel::{random_games, available_threads};
//! use boardgame_core::race::{Race, RaceRules};
//!
//! let game = Race::new(RaceRules::default())?;
//! // Plies of the random games from seeds 100..164, on every core and on one.
//! let many = random_games(&game, 100..164, available_threads(), |_seed, _state, plies| plies);
//! let one = random_games(&game, 100..164, 1, |_seed, _state, plies| plies);
//! assert_eq!(many, one);
//! assert_eq!(many.len(), 64);
//! # Ok::<(), boardgame_core::race::RaceError>(())
//! ```
//!
//! A run larger than one machine splits the same way: hand each machine a range of seeds
//! (`0..1_000_000`, `1_000_000..2_000_000`, ...); each range's results are a pure function of
//! the game, the seeds and the agents' configuration, so the ranges can run anywhere, in any
//! order, and be concatenated afterwards.

use core::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::{Agent, Game, GameRng, PlayError, Played, play_game, random_playout_capped};

/// The number of threads the machine offers (`std::thread::available_parallelism`), at
/// least 1.
#[must_use]
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Computes `f(0), f(1), ..., f(n - 1)` on up to `threads` threads (scoped: `f` may borrow)
/// and returns the results in index order. With `threads <= 1`, or `n <= 1`, everything runs
/// on the calling thread. The result never depends on `threads` as long as `f(i)` depends
/// only on `i` (and what it borrows immutably).
///
/// # Panics
///
/// If `f` panics (the panic is propagated to the caller once the threads have stopped), and
/// at once, before `f` is called, when `n` results are more than a `Vec` can hold
/// ([`TooManyResults`]: more than `isize::MAX` bytes). [`try_map_indexed`] is the checked
/// twin.
///
/// # Examples
///
/// ```
/// use boardgame_core::parallel::map_indexed;
/// let squares = map_indexed(10, 4, |i| i * i);
/// assert_eq!(squares, (0..10).map(|i| i * i).collect::<Vec<_>>());
/// ```
pub fn map_indexed<R, F>(n: usize, threads: usize, f: F) -> Vec<R>
where
    R: Send,
    F: Fn(usize) -> R + Sync,
{
    match try_map_indexed(n, threads, f) {
        Ok(results) => results,
        Err(e) => panic!("{e}"),
    }
}

/// The results of a run that no `Vec` can hold: `count` results of `bytes` bytes each (as
/// they are gathered) are more than `isize::MAX` bytes. A seed range such as `0..u64::MAX`
/// asks for that many.
///
/// # Examples
///
/// ```
/// use boardgame_core::parallel::{try_map_indexed, TooManyResults};
/// let err = try_map_indexed(usize::MAX, 1, |i| i as u64).unwrap_err();
/// assert_eq!(err.count, usize::MAX);
/// assert!(err.to_string().contains("more than a Vec can hold"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{count} results of {bytes} bytes each are more than a Vec can hold")]
#[non_exhaustive]
pub struct TooManyResults {
    /// The number of results asked for.
    pub count: usize,
    /// The bytes of one result as it is gathered.
    pub bytes: usize,
}

/// `Ok` when `n` results of type `R` fit in a `Vec` (as `Option<R>`, the larger of the two
/// forms they are gathered in).
fn check_count<R>(n: usize) -> Result<(), TooManyResults> {
    let bytes = size_of::<Option<R>>();
    match n.checked_mul(bytes) {
        Some(total) if total <= isize::MAX.unsigned_abs() => Ok(()),
        _ => Err(TooManyResults { count: n, bytes }),
    }
}

/// [`map_indexed`], checked: the same results, or [`TooManyResults`] at once, before `f` is
/// called, when `n` results are more than a `Vec` can hold.
///
/// # Errors
///
/// [`TooManyResults`] when `n` results would take more than `isize::MAX` bytes.
///
/// # Panics
///
/// Only if `f` panics (the panic is propagated to the caller once the threads have stopped).
///
/// # Examples
///
/// ```
/// use boardgame_core::parallel::try_map_indexed;
/// assert_eq!(try_map_indexed(4, 2, |i| i * i), Ok(vec![0, 1, 4, 9]));
/// assert!(try_map_indexed(usize::MAX, 2, |i| i).is_err());
/// ```
pub fn try_map_indexed<R, F>(n: usize, threads: usize, f: F) -> Result<Vec<R>, TooManyResults>
where
    R: Send,
    F: Fn(usize) -> R + Sync,
{
    check_count::<R>(n)?;
    Ok(map_indexed_unchecked(n, threads, f))
}

/// [`map_indexed`] once the results are known to fit in a `Vec`.
fn map_indexed_unchecked<R, F>(n: usize, threads: usize, f: F) -> Vec<R>
where
    R: Send,
    F: Fn(usize) -> R + Sync,
{
    let threads = threads.clamp(1, n.max(1));
    if threads == 1 {
        return (0..n).map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let batch = batch_size(n, threads);
    // One worker's loop: take the next batch of indices until none is left, keeping each
    // result with its index.
    let work = || {
        let mut done = Vec::new();
        loop {
            let start = next.fetch_add(batch, Ordering::Relaxed);
            if start >= n {
                break done;
            }
            for i in start..(start + batch).min(n) {
                done.push((i, f(i)));
            }
        }
    };
    let mut slots: Vec<Option<R>> = (0..n).map(|_| None).collect();
    let mut put = |done: Vec<(usize, R)>| {
        for (i, r) in done {
            slots[i] = Some(r);
        }
    };
    std::thread::scope(|scope| {
        // The calling thread is one of the workers: `threads - 1` are spawned.
        let workers: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        put(work());
        for worker in workers {
            match worker.join() {
                Ok(done) => put(done),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    // Every index below `n` was taken by exactly one worker, and every worker returned.
    slots.into_iter().flatten().collect()
}

/// How many indices a thread takes from the shared counter at a time: one when the work is
/// short (each index may be a long game), more for long runs, so that thousands of quick
/// games do not pass the counter's cache line between cores for every game, while the last
/// batches stay small against the whole (at least 64 batches per thread, at most 64 indices
/// each).
fn batch_size(n: usize, threads: usize) -> usize {
    (n / threads.max(1) / 64).clamp(1, 64)
}

/// The seed of the `i`-th game of `seeds`.
fn nth_seed(seeds: &Range<u64>, i: usize) -> u64 {
    seeds.start.wrapping_add(i as u64)
}

/// The number of seeds in `seeds` (saturating at `usize::MAX`).
fn seed_count(seeds: &Range<u64>) -> usize {
    usize::try_from(seeds.end.saturating_sub(seeds.start)).unwrap_or(usize::MAX)
}

/// Calls `per_game(game, seed)` for every seed of `seeds` on up to `threads` threads and
/// returns the results in seed order: the general form of the drivers below, for a caller
/// that plays its own way.
///
/// # Panics
///
/// If `per_game` panics, and at once, before any game, when the seeds are more results than
/// a `Vec` can hold ([`TooManyResults`]; `0..u64::MAX` is). [`try_for_seeds`] is the checked
/// twin.
pub fn for_seeds<G, R, F>(game: &G, seeds: Range<u64>, threads: usize, per_game: F) -> Vec<R>
where
    G: Sync,
    R: Send,
    F: Fn(&G, u64) -> R + Sync,
{
    match try_for_seeds(game, seeds, threads, per_game) {
        Ok(results) => results,
        Err(e) => panic!("{e}"),
    }
}

/// [`for_seeds`], checked: the same results, or [`TooManyResults`] at once, before any
/// game, when the seeds are more results than a `Vec` can hold.
///
/// # Errors
///
/// [`TooManyResults`] when one result per seed would take more than `isize::MAX` bytes.
///
/// # Panics
///
/// Only if `per_game` panics.
///
/// # Examples
///
/// ```
/// use boardgame_core::parallel::try_for_seeds;
/// use boardgame_core::race::{Race, RaceRules};
/// let game = Race::new(RaceRules::default())?;
/// let seeds = try_for_seeds(&game, 5..8, 2, |_, seed| seed)?;
/// assert_eq!(seeds, [5, 6, 7]);
/// assert!(try_for_seeds(&game, 0..u64::MAX, 2, |_, seed| seed).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_for_seeds<G, R, F>(
    game: &G,
    seeds: Range<u64>,
    threads: usize,
    per_game: F,
) -> Result<Vec<R>, TooManyResults>
where
    G: Sync,
    R: Send,
    F: Fn(&G, u64) -> R + Sync,
{
    try_map_indexed(seed_count(&seeds), threads, |i| {
        per_game(game, nth_seed(&seeds, i))
    })
}

/// Plays one uniformly random game ([`crate::random_playout`]) from every seed of `seeds`,
/// on up to `threads` threads, and returns what `collect(seed, final state, plies)` makes
/// of each, in seed order. Game `seed` draws from `GameRng::new(seed, 0)`, exactly as a
/// serial loop calling `random_playout` with that generator would.
///
/// A game that contradicts itself stops early (see [`crate::random_playout`]); `collect`
/// sees its last state.
///
/// # Panics
///
/// If `collect` (or the game) panics, and at once, before any game, when the seeds are more
/// results than a `Vec` can hold ([`TooManyResults`], as [`for_seeds`]; for a range from
/// elsewhere, check its length or call [`try_for_seeds`] with a closure that plays the game).
pub fn random_games<G, R, F>(game: &G, seeds: Range<u64>, threads: usize, collect: F) -> Vec<R>
where
    G: Game + Sync,
    R: Send,
    F: Fn(u64, &G::State, u32) -> R + Sync,
{
    for_seeds(game, seeds, threads, |game, seed| {
        let mut state = game.new_initial_state();
        let mut buf = Vec::new();
        let plies = random_playout_capped(
            game,
            &mut state,
            &mut GameRng::new(seed, 0),
            &mut buf,
            u32::MAX,
        );
        collect(seed, &state, plies)
    })
}

/// Plays one whole game between agents ([`play_game`]) from every seed of `seeds`, on up to
/// `threads` threads, and returns what `collect(seed, result)` makes of each, in seed order.
///
/// `make_agents(seed)` builds the agents of one game, one per seat, on the thread that plays
/// it (agents hold search trees and need not be `Send`); an agent's randomness comes from the
/// stream [`play_game`] hands it, so the records are the same for any `threads`.
///
/// # Panics
///
/// If `make_agents`, `collect`, an agent or the game panics, and at once, before any game,
/// when the seeds are more results than a `Vec` can hold ([`TooManyResults`], as
/// [`for_seeds`]; for a range from elsewhere, check its length or call [`try_for_seeds`] with
/// a closure that calls [`play_game`]).
///
/// # Examples
///
/// ```
/// use boardgame_core::parallel::agent_games;
/// use boardgame_core::race::{Race, RaceRules};
/// use boardgame_core::{Agent, Game, IsMcts, MctsConfig, RandomAgent};
///
/// let game = Race::new(RaceRules::default())?;
/// let config = MctsConfig { iterations: 50, ..MctsConfig::default() };
/// let records = agent_games(
///     &game,
///     0..8,
///     2,
///     10_000,
///     |_seed| -> Vec<Box<dyn Agent<Race>>> { vec![Box::new(IsMcts::new(config)), Box::new(RandomAgent)] },
///     |_seed, played| played.map(|p| p.record),
/// );
/// assert_eq!(records.len(), 8);
/// for record in records {
///     let record = record?;
///     assert!(game.returns(&record.replay(&game)?).is_some());
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn agent_games<G, R, M, F>(
    game: &G,
    seeds: Range<u64>,
    threads: usize,
    max_plies: u32,
    make_agents: M,
    collect: F,
) -> Vec<R>
where
    G: Game + Sync,
    R: Send,
    M: Fn(u64) -> Vec<Box<dyn Agent<G>>> + Sync,
    F: Fn(u64, Result<Played<G>, PlayError<G::Error>>) -> R + Sync,
{
    for_seeds(game, seeds, threads, |game, seed| {
        let mut agents = make_agents(seed);
        let mut refs: Vec<&mut dyn Agent<G>> = agents
            .iter_mut()
            .map(|a| &mut **a as &mut dyn Agent<G>)
            .collect();
        collect(seed, play_game(game, seed, &mut refs, max_plies))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race::{Race, RaceRules};
    use crate::{IsMcts, MctsConfig, RandomAgent, random_playout};

    #[test]
    fn map_indexed_is_in_order_for_any_thread_count() {
        let want: Vec<u64> = (0..1000u64).map(|i| i * 7 + 1).collect();
        for threads in [0, 1, 2, 3, 4, 8, 2000] {
            assert_eq!(map_indexed(1000, threads, |i| i as u64 * 7 + 1), want);
        }
        assert!(map_indexed(0, 4, |i| i).is_empty());
        assert_eq!(map_indexed(1, 4, |i| i + 5), vec![5]);
    }

    #[test]
    fn map_indexed_in_batches_keeps_order_and_the_tail() {
        // Long runs are handed out 64 indices at a time; the last batch is cut at `n`.
        assert_eq!(batch_size(100_003, 3), 64);
        assert_eq!(batch_size(20, 2), 1);
        let want: Vec<usize> = (0..100_003).map(|i| i ^ 0x5a5a).collect();
        for threads in [2, 3, 4] {
            assert_eq!(map_indexed(100_003, threads, |i| i ^ 0x5a5a), want);
        }
    }

    #[test]
    fn map_indexed_runs_every_index_once() {
        let hits = AtomicUsize::new(0);
        let out = map_indexed(513, 4, |i| {
            hits.fetch_add(1, Ordering::Relaxed);
            i
        });
        assert_eq!(hits.load(Ordering::Relaxed), 513);
        assert_eq!(out, (0..513).collect::<Vec<_>>());
    }

    #[test]
    #[should_panic(expected = "index 3")]
    fn map_indexed_propagates_a_panic() {
        map_indexed(10, 2, |i| assert!(i != 3, "index {i}"));
    }

    #[test]
    fn random_games_equal_the_serial_loop() {
        let game = Race::new(RaceRules::default()).unwrap();
        let serial: Vec<(u32, bool)> = (40..90u64)
            .map(|seed| {
                let mut state = game.new_initial_state();
                let plies = random_playout(
                    &game,
                    &mut state,
                    &mut GameRng::new(seed, 0),
                    &mut Vec::new(),
                );
                (plies, game.returns(&state).is_some())
            })
            .collect();
        for threads in [1, 2, 4] {
            let par = random_games(&game, 40..90, threads, |_, state, plies| {
                (plies, game.returns(state).is_some())
            });
            assert_eq!(par, serial, "{threads} threads");
        }
    }

    #[test]
    fn agent_games_records_are_identical_for_1_2_and_4_threads() {
        let game = Race::new(RaceRules::default()).unwrap();
        let config = MctsConfig {
            iterations: 30,
            ..MctsConfig::default()
        };
        let run = |threads| {
            agent_games(
                &game,
                7..19,
                threads,
                10_000,
                |_| -> Vec<Box<dyn Agent<Race>>> {
                    vec![Box::new(IsMcts::new(config)), Box::new(RandomAgent)]
                },
                |seed, played| {
                    let played = played.unwrap();
                    assert_eq!(played.record.seed, seed);
                    played.record
                },
            )
        };
        let one = run(1);
        assert_eq!(one.len(), 12);
        assert_eq!(run(2), one);
        assert_eq!(run(4), one);
    }

    #[test]
    fn seed_ranges_split_and_concatenate() {
        let game = Race::new(RaceRules::default()).unwrap();
        let whole = random_games(&game, 0..60, 2, |seed, _, plies| (seed, plies));
        let mut parts = random_games(&game, 0..25, 1, |seed, _, plies| (seed, plies));
        parts.extend(random_games(&game, 25..60, 2, |seed, _, plies| {
            (seed, plies)
        }));
        assert_eq!(parts, whole);
    }

    #[test]
    fn an_empty_or_reversed_range_plays_nothing() {
        let game = Race::new(RaceRules::default()).unwrap();
        assert!(random_games(&game, 5..5, 2, |_, _, p| p).is_empty());
        #[allow(clippy::reversed_empty_ranges)]
        let reversed = random_games(&game, 9..3, 2, |_, _, p| p);
        assert!(reversed.is_empty());
    }
}
