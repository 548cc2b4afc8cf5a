//! Uniform random 4-player ludo games to the end through the `Game` trait (the die as a chance
//! node), for the booklet rules and the two presets. Each iteration plays `GAMES` whole games and
//! asserts that every one of them finished; criterion's throughput is games per second.
//!
//! Target (issue 6): at least 40,000 LATTJO games per second per core.
//! `cargo bench -p benches --bench ludo_playout`

use std::hint::black_box;

use boardgame_core::{Game, GameRng, Turn, random_playout_capped};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ludo::{Ludo, Rules, Seats};

const GAMES: u64 = 100;
const MAX_PLIES: u32 = 200_000;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("ludo");
    group.throughput(Throughput::Elements(GAMES));
    for (name, rules) in [
        ("lattjo", Rules::lattjo()),
        ("classic", Rules::classic()),
        ("mensch", Rules::mensch()),
    ] {
        let game = Ludo::new(rules, Seats::FOUR).expect("preset rules are valid");
        let mut buf = Vec::new();
        let mut seed = 0u64;
        group.bench_function(format!("{name} random games (4 players)"), |b| {
            b.iter(|| {
                let mut plies = 0u64;
                for _ in 0..GAMES {
                    seed += 1;
                    let mut rng = GameRng::new(seed, 0);
                    let mut state = game.new_initial_state();
                    plies += u64::from(random_playout_capped(
                        &game, &mut state, &mut rng, &mut buf, MAX_PLIES,
                    ));
                    assert_eq!(
                        game.turn(&state),
                        Turn::Terminal,
                        "seed {seed}: the game must finish"
                    );
                    assert!(game.returns(&state).is_some());
                }
                black_box(plies)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
