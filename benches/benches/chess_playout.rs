//! Random playouts: uniformly random legal moves from the start position to the end of the
//! game under the FIDE preset (fivefold repetition and the 75-move rule on, so every game
//! ends). Each iteration plays 100 seeded games and asserts that all of them ended and the
//! total number of plies (a pinned value: the same seeds give the same games). Time is the
//! benchmarking thread's CPU time (the machine is shared; see `benches::CpuTime`).

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::{Game, GameRng, Turn, random_playout};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_chess::{Chess, Rules};

const GAMES: u64 = 100;

fn playouts(game: &Chess) -> u64 {
    let mut buf = Vec::new();
    let mut plies = 0;
    for seed in 0..GAMES {
        let mut state = game.new_initial_state();
        let mut rng = GameRng::new(seed, 0);
        plies += u64::from(random_playout(game, &mut state, &mut rng, &mut buf));
        assert_eq!(game.turn(&state), Turn::Terminal);
    }
    plies
}

fn bench(c: &mut Criterion<CpuTime>) {
    let game = Chess::new(Rules::fide()).expect("valid rules");
    let expected = playouts(&game);
    assert!(expected > GAMES * 20, "games of a sensible length");
    let mut g = c.benchmark_group("chess_playout");
    g.throughput(Throughput::Elements(GAMES));
    g.bench_function("random_games_fide_100", |b| {
        b.iter(|| assert_eq!(playouts(black_box(&game)), expected))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = bench
}
criterion_main!(benches);
