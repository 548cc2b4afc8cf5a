//! Chess's learning encodings (issue 19): the observation planes, the legal-action mask and
//! applying a move, timed over the player nodes of 10 seeded random games under the FIDE
//! preset (`benches::learning`), plus `action_index` over the same nodes. Asserts the
//! documented shape (25 x 8 x 8 planes, 4672 actions), that each mask agrees with
//! `legal_actions`, and that every move played has an index the mask marks.
//!
//! Target (issue 19): encoding an observation costs less than applying an action.
//!
//! Thread CPU time (`benches::CpuTime`). `cargo bench -p benches --bench chess_learning`

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::{IndexedActions, Observe};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_chess::{Chess, Rules};

fn learning(c: &mut Criterion<CpuTime>) {
    let game = Chess::new(Rules::fide()).expect("the FIDE preset is valid");
    assert_eq!(game.observation_shape().dims(), &[25, 8, 8]);
    assert_eq!(game.num_distinct_actions(), 8 * 8 * 73);
    let nodes = benches::learning::player_nodes(&game, 10);
    assert!(nodes.len() > 1_000, "ten random games of a sensible length");
    let mut mask = vec![false; game.num_distinct_actions()];
    for (s, a) in &nodes {
        game.legal_mask(s, &mut mask).expect("sized");
        let i = game.action_index(s, a).expect("a legal move has an index");
        assert!(mask[i] && game.index_action(s, i).as_ref() == Some(a));
    }
    benches::learning::bench(c, "chess learning", &game, &nodes);

    let mut group = c.benchmark_group("chess learning");
    group.throughput(Throughput::Elements(nodes.len() as u64));
    group.bench_function("action index (per state)", |b| {
        b.iter(|| {
            for (s, a) in &nodes {
                black_box(game.action_index(s, a));
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
