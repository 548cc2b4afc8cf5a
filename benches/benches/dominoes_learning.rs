//! Dominoes' learning encodings (issue 19): a seat's observation, the legal-action mask and
//! applying an action, timed over the player nodes of 50 seeded random 2-player booklet rounds
//! (`benches::learning`), with the default compact observation; then the detailed observation
//! (`ObservationKind::Detailed`) over the same nodes. Asserts the documented shapes (94 and 322
//! values, 534 actions) and that each mask agrees with `legal_actions`.
//!
//! Target (issue 19): encoding an observation costs less than applying an action.
//!
//! Thread CPU time (`benches::CpuTime`). `cargo bench -p benches --bench dominoes_learning`

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::{Game, IndexedActions, Observe, Seat, Turn};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_dominoes::{Dominoes, ObservationKind, Rules};

fn learning(c: &mut Criterion<CpuTime>) {
    let game = Dominoes::new(Rules::lattjo()).expect("the booklet's rules are valid");
    assert_eq!(game.observation(), ObservationKind::Compact, "the default");
    assert_eq!(game.observation_shape().size(), 94);
    assert_eq!(game.num_distinct_actions(), 534);
    let nodes = benches::learning::player_nodes(&game, 50);
    benches::learning::bench(c, "dominoes learning", &game, &nodes);

    let detailed = game.with_observation(ObservationKind::Detailed);
    assert_eq!(detailed.observation_shape().size(), 322);
    let mut obs = vec![0.0f32; 322];
    let mut group = c.benchmark_group("dominoes learning, detailed");
    group.throughput(Throughput::Elements(nodes.len() as u64));
    group.bench_function("observe (per state)", |b| {
        b.iter(|| {
            for (s, _) in &nodes {
                let seat = match detailed.turn(s) {
                    Turn::Player(seat) => seat,
                    _ => Seat::new(0),
                };
                detailed.observe(s, seat, &mut obs).expect("sized");
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
