//! Random full games from the start through boardgame-core's `Game` trait and generic
//! driver (`random_playout`), the path search and self-play use. "no cube" is checker play
//! only (as OpenSpiel's backgammon and bkgm); the presets include the cube, whose random
//! doubles and drops shorten games.

use std::hint::black_box;

use boardgame_core::{Game, GameRng, Turn, random_playout};
use criterion::{Criterion, criterion_group, criterion_main};
use lattjo_backgammon::{Backgammon, Rules};

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("backgammon");
    for (name, rules) in [
        ("booklet rules, no cube", Rules::lattjo().with_cube(false)),
        (
            "standard rules, no cube",
            Rules::standard().with_cube(false),
        ),
        ("standard preset", Rules::standard()),
        ("lattjo preset", Rules::lattjo()),
    ] {
        let game = Backgammon::new(rules).expect("valid rules");
        let mut buf = Vec::new();
        let mut seed = 0u64;
        group.bench_function(format!("random game, {name}"), |b| {
            b.iter(|| {
                seed += 1;
                let mut rng = GameRng::new(seed, 0);
                let mut state = game.new_initial_state();
                let plies = random_playout(&game, &mut state, &mut rng, &mut buf);
                assert_eq!(
                    game.turn(&state),
                    Turn::Terminal,
                    "a random game must finish"
                );
                assert!(state.outcome().is_some());
                black_box(plies)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
