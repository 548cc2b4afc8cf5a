//! Shared helpers of the criterion benches in `benches/` (the benches themselves are the
//! files there, one per `[[bench]]`).
//!
//! The machines these benches run on are shared, so wall time also measures everyone else's
//! work. [`CpuTime`] measures what the benchmarked code costs: the CPU time of the
//! benchmarking thread.

use std::time::Instant;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};

/// This thread's CPU time in nanoseconds, from Linux's `/proc/thread-self/schedstat`; `None`
/// where that file does not exist or cannot be read.
#[must_use]
pub fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|t| t.parse().ok()))
}

/// A criterion [`Measurement`] of the benchmarking thread's CPU time in nanoseconds.
///
/// Where the kernel does not report thread CPU time it falls back to wall time, so figures
/// stay meaningful. The CPU clock advances at scheduler ticks, so a sample should last tens
/// of milliseconds; a sample that reads zero counts as 1 ns so that criterion's statistics
/// stay defined.
///
/// # Examples
///
/// ```
/// use benches::CpuTime;
/// use criterion::Criterion;
/// let _c: Criterion<CpuTime> = Criterion::default().with_measurement(CpuTime::new());
/// ```
pub struct CpuTime {
    wall: WallTime,
    epoch: Instant,
}

impl CpuTime {
    /// A thread-CPU-time measurement.
    #[must_use]
    pub fn new() -> CpuTime {
        CpuTime {
            wall: WallTime,
            epoch: Instant::now(),
        }
    }

    fn now_ns(&self) -> u64 {
        thread_cpu_ns().unwrap_or_else(|| self.epoch.elapsed().as_nanos() as u64)
    }
}

impl Default for CpuTime {
    fn default() -> CpuTime {
        CpuTime::new()
    }
}

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        self.now_ns()
    }
    fn end(&self, start: u64) -> u64 {
        self.now_ns().saturating_sub(start).max(1)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        self.wall.formatter()
    }
}

/// The learning-encoding benches (issue 19), shared by every game: the player nodes of seeded
/// random games, and a criterion group timing `observe`, `legal_mask`, (for the stroke games)
/// the parameter round trip, and `apply` over them.
pub mod learning {
    use std::hint::black_box;

    use boardgame_core::{Game, GameRng, IndexedActions, Observe, ParametricActions, Seat, Turn};
    use criterion::{BatchSize, BenchmarkGroup, Criterion, Throughput};

    use crate::CpuTime;

    /// Every player node of `games` seeded random games (seeds `0..games`), each with the
    /// action the random player chose there.
    ///
    /// # Panics
    ///
    /// If a sampled action is refused (a bench asserts its game is consistent).
    #[must_use]
    pub fn player_nodes<G: Game>(game: &G, games: u64) -> Vec<(G::State, G::Action)> {
        player_nodes_capped(game, games, usize::MAX)
    }

    /// The first `per_game` player nodes of each of `games` seeded random games (seeds
    /// `0..games`), each with the action the random player chose there: for games whose
    /// actions are slow (a stroke is a simulation to rest).
    ///
    /// # Panics
    ///
    /// If a sampled action is refused (a bench asserts its game is consistent).
    #[must_use]
    pub fn player_nodes_capped<G: Game>(
        game: &G,
        games: u64,
        per_game: usize,
    ) -> Vec<(G::State, G::Action)> {
        let mut out = Vec::new();
        let mut buf = Vec::new();
        for seed in 0..games {
            let mut rng = GameRng::new(seed, 0);
            let mut state = game.new_initial_state();
            let mut taken = 0;
            while taken < per_game {
                let action = match game.turn(&state) {
                    Turn::Terminal => break,
                    Turn::Chance => game.sample_chance(&state, &mut rng),
                    Turn::Player(_) => game.sample_action(&state, &mut rng, &mut buf),
                };
                let Some(action) = action else { break };
                if matches!(game.turn(&state), Turn::Player(_)) {
                    out.push((state.clone(), action.clone()));
                    taken += 1;
                }
                assert!(
                    game.apply(&mut state, &action).is_ok(),
                    "sampled actions are legal"
                );
            }
        }
        out
    }

    /// Times, per state of `nodes`: the observation of the seat to move, zeroing a buffer of
    /// its size, the legal-action mask, applying the chosen action in place and to a clone
    /// of the state, and the clone alone.
    /// Asserts first that every mask marks as many actions as `legal_actions` lists.
    ///
    /// # Panics
    ///
    /// If `nodes` is empty, a buffer is refused, or a mask disagrees with `legal_actions`.
    pub fn bench<G: Observe + IndexedActions>(
        c: &mut Criterion<CpuTime>,
        name: &str,
        game: &G,
        nodes: &[(G::State, G::Action)],
    ) {
        check_masks(game, nodes, |_, _| false);
        let mut group = c.benchmark_group(name);
        time_encodings(&mut group, game, nodes);
        time_apply(&mut group, game, nodes);
        group.finish();
    }

    /// [`bench()`] for a game with continuous actions (the stroke games): the mask check counts
    /// only the listed actions without parameters, every listed continuous action must map to
    /// its parameters and back, and a stroke's round trip through its parameters is timed too.
    /// Applying is timed over 10 samples (each stroke is a simulation to rest).
    ///
    /// # Panics
    ///
    /// As [`bench()`], and if a listed action's parameters do not map back to it.
    pub fn bench_parametric<G>(
        c: &mut Criterion<CpuTime>,
        name: &str,
        game: &G,
        nodes: &[(G::State, G::Action)],
    ) where
        G: Observe + IndexedActions + ParametricActions,
        G::Action: PartialEq,
    {
        let mut params = vec![0.0f64; game.parameter_bounds().len()];
        check_masks(game, nodes, |s, a| {
            let continuous = game.action_parameters(s, a, &mut params).expect("sized");
            if continuous {
                assert!(game.parameters_action(s, &params).as_ref() == Some(a));
            }
            continuous
        });
        let mut group = c.benchmark_group(name);
        time_encodings(&mut group, game, nodes);
        group.bench_function("stroke to parameters and back (per state)", |b| {
            b.iter(|| {
                for (s, a) in nodes {
                    if game.action_parameters(s, a, &mut params).expect("sized") {
                        black_box(game.parameters_action(s, black_box(&params)));
                    }
                }
            });
        });
        group.sample_size(10);
        time_apply(&mut group, game, nodes);
        group.finish();
    }

    /// Asserts that every node's mask marks exactly the listed actions for which
    /// `continuous` is false.
    fn check_masks<G: IndexedActions>(
        game: &G,
        nodes: &[(G::State, G::Action)],
        mut continuous: impl FnMut(&G::State, &G::Action) -> bool,
    ) {
        assert!(!nodes.is_empty(), "no player nodes to time");
        let mut mask = vec![false; game.num_distinct_actions()];
        let mut listed = Vec::new();
        for (s, _) in nodes {
            game.legal_mask(s, &mut mask).expect("a right-sized mask");
            game.legal_actions(s, &mut listed);
            let indexed = listed.iter().filter(|a| !continuous(s, a)).count();
            assert_eq!(mask.iter().filter(|&&m| m).count(), indexed);
        }
    }

    /// Times the observation of the seat to move, the zeroing of a buffer of its size (the
    /// floor under any encoding of that shape) and the legal mask, per state.
    fn time_encodings<G: Observe + IndexedActions>(
        group: &mut BenchmarkGroup<'_, CpuTime>,
        game: &G,
        nodes: &[(G::State, G::Action)],
    ) {
        let mut obs = vec![0.0f32; game.observation_shape().size()];
        let mut mask = vec![false; game.num_distinct_actions()];
        let to_move = |s: &G::State| match game.turn(s) {
            Turn::Player(seat) => seat,
            _ => Seat::new(0),
        };
        group.throughput(Throughput::Elements(nodes.len() as u64));
        group.bench_function("observe (per state)", |b| {
            b.iter(|| {
                for (s, _) in nodes {
                    game.observe(s, to_move(s), &mut obs).expect("sized");
                    black_box(&obs);
                }
            });
        });
        // The floor under any observe of this shape: only zeroing the buffer.
        group.bench_function("zero the observation buffer (per state)", |b| {
            b.iter(|| {
                for _ in nodes {
                    black_box(&mut obs).fill(0.0);
                    black_box(&obs);
                }
            });
        });
        group.bench_function("legal mask (per state)", |b| {
            b.iter(|| {
                for (s, _) in nodes {
                    game.legal_mask(s, &mut mask).expect("sized");
                    black_box(&mask);
                }
            });
        });
    }

    /// Times applying each node's action in place (to a copy of the node states made
    /// before the clock starts), applying it to a clone of its state, and the clone alone.
    ///
    /// The in-place figure is what an `apply` costs on its own; the clone-included one
    /// less the clone alone is no substitute for it, because a clone and an apply run in
    /// the same iteration overlap in the processor.
    fn time_apply<G: Game>(
        group: &mut BenchmarkGroup<'_, CpuTime>,
        game: &G,
        nodes: &[(G::State, G::Action)],
    ) {
        group.bench_function("apply one action in place (per state)", |b| {
            b.iter_batched(
                || nodes.iter().map(|(s, _)| s.clone()).collect::<Vec<_>>(),
                |mut states| {
                    for (state, (_, a)) in states.iter_mut().zip(nodes) {
                        assert!(game.apply(state, a).is_ok());
                    }
                    states
                },
                BatchSize::PerIteration,
            );
        });
        group.bench_function("apply one action (per state, clone included)", |b| {
            b.iter(|| {
                for (s, a) in nodes {
                    let mut next = s.clone();
                    assert!(game.apply(&mut next, a).is_ok());
                    black_box(&next);
                }
            });
        });
        group.bench_function("clone a state (per state)", |b| {
            b.iter(|| {
                for (s, _) in nodes {
                    black_box(s.clone());
                }
            });
        });
    }
}
