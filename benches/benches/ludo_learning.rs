//! Ludo's learning encodings (issue 19): a seat's observation, the legal-action mask and
//! applying an action, timed over the player nodes of 10 seeded random 4-player booklet games
//! (`benches::learning`), for the default compact observation (48 values); then the planes
//! observation (216 values, `ObservationKind::Planes`) over the same nodes. Asserts the
//! documented shapes (48 and 216 values, 91 actions) and that each mask agrees with
//! `legal_actions`.
//!
//! Target (issue 19): encoding an observation costs less than applying an action.
//!
//! Thread CPU time (`benches::CpuTime`). `cargo bench -p benches --bench ludo_learning`

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::{Game, IndexedActions, Observe, Turn};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_ludo::{Ludo, ObservationKind, Rules};

fn learning(c: &mut Criterion<CpuTime>) {
    let game = Ludo::new(Rules::lattjo()).expect("the booklet's rules are valid");
    assert_eq!(game.observation(), ObservationKind::Compact);
    assert_eq!(game.observation_shape().size(), 4 * 4 + 32);
    assert_eq!(game.num_distinct_actions(), 91);
    let nodes = benches::learning::player_nodes(&game, 10);
    benches::learning::bench(c, "ludo learning", &game, &nodes);

    // The planes: the same nodes (the kind changes the encoding only, never the play).
    let planes = game.with_observation(ObservationKind::Planes);
    assert_eq!(planes.observation_shape().size(), 4 * 46 + 32);
    let mut obs = vec![0.0f32; planes.observation_shape().size()];
    let mut group = c.benchmark_group("ludo learning (planes)");
    group.throughput(Throughput::Elements(nodes.len() as u64));
    group.bench_function("observe (per state)", |b| {
        b.iter(|| {
            for (s, _) in &nodes {
                let Turn::Player(seat) = planes.turn(s) else {
                    unreachable!("player nodes")
                };
                planes.observe(s, seat, &mut obs).expect("sized");
                black_box(&obs);
            }
        });
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = learning
}
criterion_main!(benches);
