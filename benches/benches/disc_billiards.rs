//! Novuss: one stroke simulated by disc-physics to rest and resolved by the rules, and a
//! whole singles game between two shot planners.
//!
//! Times are thread CPU time (from /proc/thread-self/schedstat, ns), as in the physics
//! benches, because the machine is shared and the figures are CPU. Run with
//! `CARGO_TARGET_DIR=/work/target-disc-billiards cargo bench -p benches --bench disc_billiards`.

use std::hint::black_box;

use benches::CpuTime;
use criterion::{Criterion, criterion_group, criterion_main};
use lattjo_disc_billiards::{
    Action, Novuss, Outcome, Planner, PlannerConfig, Rules, SimScratch, Status, Stroke, Vec2,
};

fn stroke(c: &mut Criterion<CpuTime>) {
    let game = Novuss::new(Rules::lattjo()).expect("booklet rules are valid");
    let start = game.new_state();
    let opening = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0);
    let mut scratch = SimScratch::default();
    let mut out = Outcome::still(&start, Vec2::ZERO);
    c.bench_function(
        "disc-billiards/stroke: opening drive into the own row at 4 m/s",
        |b| {
            b.iter(|| {
                let mut s = start.clone();
                let r = game
                    .strike_with(&mut s, black_box(&opening), &mut scratch, &mut out)
                    .expect("legal");
                assert!(r.own_pocketed >= 1 && r.continues() && r.fouls.is_empty());
                black_box(r)
            })
        },
    );

    // A planner's pot a few strokes into a game.
    let mut mid = start.clone();
    let mut planner = Planner::new(PlannerConfig { shots_simulated: 6 });
    for _ in 0..3 {
        let (s, _) = planner.plan(&game, &mid).expect("a stroke");
        game.strike(&mut mid, &s).expect("legal");
    }
    let (shot, _) = planner.plan(&game, &mid).expect("a stroke");
    let total =
        mid.on_table(lattjo_disc_billiards::Side::A) + mid.on_table(lattjo_disc_billiards::Side::B);
    c.bench_function("disc-billiards/stroke: a planner's shot mid-game", |b| {
        b.iter(|| {
            let mut s = mid.clone();
            let r = game
                .strike_with(&mut s, black_box(&shot), &mut scratch, &mut out)
                .expect("legal");
            assert!(
                s.on_table(lattjo_disc_billiards::Side::A)
                    + s.on_table(lattjo_disc_billiards::Side::B)
                    <= total + 1
            );
            black_box(r)
        })
    });
}

fn whole_game(c: &mut Criterion<CpuTime>) {
    let game = Novuss::new(Rules::lattjo()).expect("booklet rules are valid");
    let mut group = c.benchmark_group("disc-billiards/game");
    group.sample_size(10);
    group.bench_function(
        "two planners (6 simulated candidates each), singles to the end",
        |b| {
            b.iter(|| {
                let mut pos = game.new_state();
                let mut planner = Planner::new(PlannerConfig { shots_simulated: 6 });
                let mut strokes = 0;
                while pos.status() == Status::Playing {
                    let a = planner.choose(&game, &pos).expect("a stroke");
                    assert!(matches!(a, Action::Strike(..)));
                    boardgame_core::Game::apply(&game, &mut pos, &a).expect("legal");
                    strokes += 1;
                    assert!(strokes < 1000);
                }
                assert!(matches!(pos.status(), Status::Won(_)), "the game finished");
                black_box(strokes)
            })
        },
    );
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = stroke, whole_game
}
criterion_main!(benches);
