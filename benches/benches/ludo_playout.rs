//! Uniform random 4-player ludo games to the end through the `Game` trait with
//! `boardgame_core::random_playout` (the die is a chance node), for the booklet rules, the
//! Classic and Mensch presets and Classic with D7's safe stars. Each iteration plays 100 whole games from consecutive seeds and
//! asserts that every one of them finished with returns; the throughput is games per second of
//! the benchmarking thread's CPU time (`benches::CpuTime`).
//!
//! Target (issue 17): at least 50,000 games per second for each preset.
//!
//! `cargo bench -p benches --bench ludo_playout`

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::{Game, GameRng, Turn, random_playout};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_ludo::{Ludo, Rules, SafeDots};

const GAMES: u64 = 100;

/// Plays `GAMES` games from consecutive seeds and checks that each one ended.
fn play_batch(game: &Ludo, seed: &mut u64, buf: &mut Vec<lattjo_ludo::Action>) -> u64 {
    let mut plies = 0u64;
    for _ in 0..GAMES {
        *seed += 1;
        let mut rng = GameRng::new(*seed, 0);
        let mut state = game.new_initial_state();
        plies += u64::from(random_playout(game, &mut state, &mut rng, buf));
        assert_eq!(
            game.turn(&state),
            Turn::Terminal,
            "seed {seed}: the game must finish"
        );
        assert!(game.returns(&state).is_some());
    }
    // A 4-player game takes at least 4 x 4 moves and a roll before each.
    assert!(plies >= GAMES * 32);
    plies
}

fn playouts(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("ludo");
    group.throughput(Throughput::Elements(GAMES));
    for (name, rules) in [
        ("lattjo", Rules::lattjo()),
        ("classic", Rules::classic()),
        ("mensch", Rules::mensch()),
        // D7's separate option: Ludo King's stars (the same move generation, other tables).
        (
            "classic stars",
            Rules::classic().with_safe_dots(SafeDots::LUDO_KING),
        ),
    ] {
        let game = Ludo::new(rules).expect("preset rules are valid");
        assert_eq!(game.num_players(), 4);
        let mut buf = Vec::new();
        let mut seed = 0u64;
        group.bench_function(format!("{name} 4-player random games (x100)"), |b| {
            b.iter(|| black_box(play_batch(&game, &mut seed, &mut buf)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = playouts
}
criterion_main!(benches);
