//! Random playouts of the core's test game through the generic `Game` driver: the cost of
//! the trait and the driver themselves.

use std::hint::black_box;

use boardgame_core::race::{Race, RaceRules};
use boardgame_core::{Game, GameRng, Turn, random_playout};
use criterion::{Criterion, criterion_group, criterion_main};

fn playouts(c: &mut Criterion) {
    let game = Race::new(RaceRules::default()).expect("default rules are valid");
    let mut buf = Vec::new();
    let mut seed = 0u64;
    c.bench_function("core/race random playout (2 players)", |b| {
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
}

criterion_group!(benches, playouts);
criterion_main!(benches);
