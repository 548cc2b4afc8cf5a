//! Dominoes' learning encodings (issue 19): a seat's observation, the legal-action mask and
//! applying an action, timed over the player nodes of 50 seeded random 2-player booklet rounds
//! (`benches::learning`). Asserts the documented shape (322 values, 534 actions) and that each
//! mask agrees with `legal_actions`.
//!
//! Target (issue 19): encoding an observation costs less than applying an action.
//!
//! Thread CPU time (`benches::CpuTime`). `cargo bench -p benches --bench dominoes_learning`

use benches::CpuTime;
use boardgame_core::{IndexedActions, Observe};
use criterion::{Criterion, criterion_group, criterion_main};
use lattjo_dominoes::{Dominoes, Rules};

fn learning(c: &mut Criterion<CpuTime>) {
    let game = Dominoes::new(Rules::lattjo()).expect("the booklet's rules are valid");
    assert_eq!(game.observation_shape().size(), 322);
    assert_eq!(game.num_distinct_actions(), 534);
    let nodes = benches::learning::player_nodes(&game, 50);
    benches::learning::bench(c, "dominoes learning", &game, &nodes);
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = learning
}
criterion_main!(benches);
