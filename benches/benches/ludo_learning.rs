//! Ludo's learning encodings (issue 19): a seat's observation, the legal-action mask and
//! applying an action, timed over the player nodes of 10 seeded random 4-player booklet games
//! (`benches::learning`). Asserts the documented shape (216 values, 91 actions) and that each
//! mask agrees with `legal_actions`.
//!
//! Target (issue 19): encoding an observation costs less than applying an action.
//!
//! Thread CPU time (`benches::CpuTime`). `cargo bench -p benches --bench ludo_learning`

use benches::CpuTime;
use boardgame_core::{IndexedActions, Observe};
use criterion::{Criterion, criterion_group, criterion_main};
use lattjo_ludo::{Ludo, Rules};

fn learning(c: &mut Criterion<CpuTime>) {
    let game = Ludo::new(Rules::lattjo()).expect("the booklet's rules are valid");
    assert_eq!(game.observation_shape().size(), 216);
    assert_eq!(game.num_distinct_actions(), 91);
    let nodes = benches::learning::player_nodes(&game, 10);
    benches::learning::bench(c, "ludo learning", &game, &nodes);
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = learning
}
criterion_main!(benches);
