//! Random draughts games through boardgame-core's `Game` trait and generic driver, with the
//! WCDF draws adjudicated automatically so that every game ends. Target: at least 50,000
//! games per second (OpenSpiel's checkers: 2,422).

use std::hint::black_box;

use boardgame_core::{Game, GameRng, Turn, random_playout};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use draughts::{Draughts, Rules};

fn playouts(c: &mut Criterion) {
    let game = Draughts::new(Rules::wcdf().with_auto_adjudicate());
    let mut buf = Vec::new();
    let mut seed = 0u64;
    let mut g = c.benchmark_group("draughts/random playout");
    g.throughput(Throughput::Elements(1));
    g.bench_function("wcdf auto-adjudicate, one game", |b| {
        b.iter(|| {
            seed += 1;
            let mut rng = GameRng::new(seed, 0);
            let mut state = game.new_initial_state();
            let plies = random_playout(&game, &mut state, &mut rng, &mut buf);
            assert_eq!(
                game.turn(&state),
                Turn::Terminal,
                "a playout must finish the game"
            );
            black_box(plies)
        })
    });
    g.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
