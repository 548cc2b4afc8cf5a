//! Whole boards of carrom between two shot planners (every stroke planned by simulating its
//! candidates, then played on disc-physics and resolved). The planners are deterministic, so
//! the seed only decides the toss: every iteration plays the same eight boards (seeds 1-8), so
//! that each sample measures the same work. Thread CPU time (`benches::CpuTime`).

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::{Agent, play_game};
use criterion::{Criterion, criterion_group, criterion_main};
use lattjo_carrom::{Carrom, Planner, Rules};

fn board(c: &mut Criterion<CpuTime>) {
    let game = Carrom::new(Rules::lattjo()).expect("booklet rules are valid");
    let mut group = c.benchmark_group("carrom");
    group.sample_size(10);
    group.bench_function("eight boards: two planners, booklet rules", |b| {
        b.iter(|| {
            let mut plies = 0;
            for seed in 1..=8 {
                let (mut p0, mut p1) = (Planner::default(), Planner::default());
                let played = play_game(
                    &game,
                    seed,
                    &mut [&mut p0 as &mut dyn Agent<Carrom>, &mut p1],
                    10_000,
                )
                .expect("planners play legal strokes");
                assert!(played.state.result().is_some(), "the board must finish");
                plies += played.plies;
            }
            black_box(plies)
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = board
}
criterion_main!(benches);
