//! One carrom stroke simulated by disc-physics to rest and resolved by the rules: the break
//! (19 pieces, the hardest stroke of a board) and a quiet aimed cut shot late in a board,
//! beside the solver alone on the same break and a soft stroke (51 solver steps) that shows
//! the carrom layer's own per-stroke cost: world set-up, event reduction, resolution. Thread
//! CPU time (`benches::CpuTime`).

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::{Game, Seat};
use criterion::{Criterion, criterion_group, criterion_main};
use lattjo_carrom::{Carrom, Colour, Planner, Rules, Stroke, Vec2};

fn strokes(c: &mut Criterion<CpuTime>) {
    let game = Carrom::new(Rules::lattjo()).expect("booklet rules are valid");
    let opening = game.initial_state(Seat::new(0)).expect("seat 0 plays");
    let brk = Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 6.0);
    c.bench_function(
        "carrom/stroke: the break at 6 m/s, simulated and resolved",
        |b| {
            b.iter(|| {
                let mut s = opening.clone();
                let r = game
                    .strike(&mut s, black_box(&brk))
                    .expect("a legal stroke");
                assert_eq!(s.strokes(), 1);
                assert!(
                    !r.void && !s.break_pending(),
                    "the break touches the formation"
                );
                black_box(r)
            })
        },
    );

    // Reference in the same sitting: disc-physics alone on its own carrom break scene (the
    // same 19 coins and a 6 m/s striker), without the rules layer.
    c.bench_function(
        "carrom/stroke: reference, disc-physics break scene alone",
        |b| {
            b.iter(|| {
                let mut world = disc_physics::scenes::carrom_break();
                let run = world.run_to_rest(&mut disc_physics::NoEvents);
                assert!(run.at_rest);
                black_box(run.steps)
            })
        },
    );

    // A soft stroke (0.05 m/s, the slowest allowed) beside the formation: 51 solver steps
    // with 20 discs, so what is left is mostly the carrom layer's own cost per stroke.
    let soft = Stroke::on_base_line(0.1, Vec2::new(0.0, 1.0), 0.05);
    c.bench_function(
        "carrom/stroke: a soft stroke (51 steps), simulated and resolved",
        |b| {
            b.iter(|| {
                let mut s = opening.clone();
                let r = game
                    .strike(&mut s, black_box(&soft))
                    .expect("a legal stroke");
                assert!(r.failed_break, "a soft stroke touches nothing");
                black_box(r)
            })
        },
    );

    // A position after the break and a few planner strokes: an aimed shot at rest.
    let mut mid = opening.clone();
    let mut planner = Planner::default();
    for _ in 0..4 {
        if mid.result().is_some() {
            break;
        }
        let a = planner.choose(&game, &mid).expect("a stroke is due");
        game.apply(&mut mid, &a)
            .expect("the planner plays legal strokes");
    }
    let Some(lattjo_carrom::Action::Strike(_, shot)) = planner.choose(&game, &mid) else {
        panic!("a stroke is due")
    };
    let men = mid.on_board(Colour::White) + mid.on_board(Colour::Black);
    c.bench_function(
        "carrom/stroke: an aimed shot mid-board, simulated and resolved",
        |b| {
            b.iter(|| {
                let mut s = mid.clone();
                let r = game
                    .strike(&mut s, black_box(&shot))
                    .expect("a legal stroke");
                assert!(s.on_board(Colour::White) + s.on_board(Colour::Black) <= men + r.penalty);
                black_box(r)
            })
        },
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = strokes
}
criterion_main!(benches);
