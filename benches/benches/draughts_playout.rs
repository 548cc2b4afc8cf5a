//! Random draughts games through boardgame-core's `Game` trait and generic driver
//! (`random_playout`): the default rules (WCDF draws as claims, which the random player
//! picks among the legal actions when they are valid) and WCDF with the draws adjudicated
//! automatically. Asserts that every game ends. Target (issue 17): at least 150,000 games
//! per second with the default rules (OpenSpiel's checkers: 2,422). Timed twice: wall time,
//! and the thread's CPU time (the machine is shared; see `CpuTime`).

use std::hint::black_box;
use std::time::Duration;

use benches::CpuTime;
use boardgame_core::{Game, GameRng, Turn, random_playout};
use criterion::measurement::Measurement;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_draughts::{Draughts, Rules};

fn playouts<M: Measurement>(c: &mut Criterion<M>, group: &str) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(1));
    // Samples of 100 ms and more: the CPU clock read from /proc advances in scheduler ticks.
    g.sample_size(20).measurement_time(Duration::from_secs(20));
    let cases = [
        ("default rules (wcdf claims), one game", Rules::default()),
        (
            "wcdf auto-adjudicate, one game",
            Rules::wcdf().with_auto_adjudicate(true),
        ),
    ];
    for (name, rules) in cases {
        let game = Draughts::new(rules).expect("valid rules");
        let mut buf = Vec::new();
        let mut seed = 0u64;
        g.bench_function(name, |b| {
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
    g.finish();
}

fn wall(c: &mut Criterion) {
    playouts(c, "draughts/random playout");
}

fn cpu(c: &mut Criterion<CpuTime>) {
    playouts(c, "draughts/random playout (cpu time)");
}

criterion_group!(benches, wall);
criterion_group! {
    name = cpu_benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = cpu
}
criterion_main!(benches, cpu_benches);
