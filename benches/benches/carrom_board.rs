//! A whole board of carrom between two shot planners (every stroke planned by simulating
//! its candidates, then played on disc-physics and resolved). Thread CPU time
//! (`benches::CpuTime`).

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::{Agent, play_game};
use carrom::{Carrom, Planner, Rules};
use criterion::{Criterion, criterion_group, criterion_main};

fn board(c: &mut Criterion<CpuTime>) {
    let game = Carrom::new(Rules::booklet()).expect("booklet rules are valid");
    let mut seed = 0u64;
    let mut group = c.benchmark_group("carrom");
    group.sample_size(20);
    group.bench_function("board: two planners, booklet rules", |b| {
        b.iter(|| {
            seed += 1;
            let (mut p0, mut p1) = (Planner::default(), Planner::default());
            let played = play_game(
                &game,
                seed,
                &mut [&mut p0 as &mut dyn Agent<Carrom>, &mut p1],
                10_000,
            )
            .expect("planners play legal strokes");
            assert!(played.state.result().is_some(), "the board must finish");
            black_box(played.plies)
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
