//! Dominoes through boardgame-core's `Game` trait: uniform random 2-player rounds (the deal and
//! every draw are chance events, `boardgame_core::random_playout`) and whole 4-player matches to
//! 100. Each iteration asserts that every round ended with a result.
//!
//! Target (issue 17): at least 500,000 2-player booklet rounds per second of the benchmarking
//! thread's CPU time. OpenSpiel's 2-player block dominoes ran 1,642 random games per
//! CPU-second on the same machine.
//!
//! The same for Five-Up (every double a spinner), whose layouts have up to 16 open ends.
//!
//! Thread CPU time (`benches::CpuTime`).
//!
//! `cargo bench -p benches --bench dominoes_rounds`

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::{Game, GameRng, Match, Turn, random_playout};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_dominoes::{Dominoes, Rules};

const ROUNDS: u64 = 1_000;

fn rounds(c: &mut Criterion<CpuTime>) {
    let game = Dominoes::new(Rules::lattjo()).expect("the booklet's rules are valid");
    let mut buf = Vec::new();
    let mut seed = 0u64;
    let mut group = c.benchmark_group("dominoes");
    group.throughput(Throughput::Elements(ROUNDS));
    group.bench_function("random 2-player rounds (x1000, booklet rules)", |b| {
        b.iter(|| {
            let mut plies = 0u64;
            for _ in 0..ROUNDS {
                seed += 1;
                let mut rng = GameRng::new(seed, 0);
                let mut state = game.new_initial_state();
                plies += u64::from(random_playout(&game, &mut state, &mut rng, &mut buf));
                assert_eq!(game.turn(&state), Turn::Terminal, "a round must end");
                assert!(state.result().is_some());
            }
            // A 2-player round deals 14 tiles and plays at least the 7 tiles of the winner.
            assert!(plies >= ROUNDS * 21);
            black_box(plies)
        })
    });
    // Five-Up: every double a spinner (up to 16 open ends), fives scored after each play.
    let five_up = Dominoes::new(Rules::five_up()).expect("the Five-Up preset is valid");
    group.bench_function("random 2-player rounds (x1000, Five-Up)", |b| {
        b.iter(|| {
            let mut plies = 0u64;
            let mut fives = 0i64;
            for _ in 0..ROUNDS {
                seed += 1;
                let mut rng = GameRng::new(seed, 0);
                let mut state = five_up.new_initial_state();
                plies += u64::from(random_playout(&five_up, &mut state, &mut rng, &mut buf));
                assert_eq!(five_up.turn(&state), Turn::Terminal, "a round must end");
                assert!(state.result().is_some());
                fives += state.fives().as_slice().iter().sum::<i64>();
            }
            // A 2-player Five-Up round deals 10 tiles and plays at least the 5 of the winner.
            assert!(plies >= ROUNDS * 15);
            assert!(
                fives > 0 && fives % 5 == 0,
                "fives are scored in multiples of 5"
            );
            black_box((plies, fives))
        })
    });
    group.finish();
}

fn matches(c: &mut Criterion<CpuTime>) {
    let game = Match::new(
        Dominoes::new(Rules::lattjo().with_players(4)).expect("the booklet's rules are valid"),
        Rules::suggested_match(),
    );
    let mut buf = Vec::new();
    let mut seed = 0u64;
    c.bench_function("dominoes/random 4-player match to 100", |b| {
        b.iter(|| {
            seed += 1;
            let mut rng = GameRng::new(seed, 0);
            let mut state = game.new_initial_state();
            let plies = random_playout(&game, &mut state, &mut rng, &mut buf);
            assert_eq!(game.turn(&state), Turn::Terminal, "a match must end");
            assert!(
                state.totals().as_slice().iter().any(|&p| p >= 100),
                "someone reached 100"
            );
            black_box((plies, state.rounds_played()))
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = rounds, matches
}
criterion_main!(benches);
