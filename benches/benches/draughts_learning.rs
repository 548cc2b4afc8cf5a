//! Draughts' learning encodings (issue 19): a seat's observation, the legal-action mask and
//! applying an action, timed over the player nodes of 20 seeded random games under the
//! default WCDF rules (`benches::learning`). Asserts the documented shape (135 values, 8194
//! actions) and that each mask agrees with `legal_actions`.
//!
//! Target (issue 19): encoding an observation costs less than applying an action.
//!
//! Thread CPU time (`benches::CpuTime`). `cargo bench -p benches --bench draughts_learning`

use benches::CpuTime;
use boardgame_core::{IndexedActions, Observe};
use criterion::{Criterion, criterion_group, criterion_main};
use lattjo_draughts::{Draughts, Rules};

fn learning(c: &mut Criterion<CpuTime>) {
    let game = Draughts::new(Rules::wcdf()).expect("the WCDF rules are valid");
    assert_eq!(game.observation_shape().size(), 135);
    assert_eq!(game.num_distinct_actions(), 8194);
    let nodes = benches::learning::player_nodes(&game, 20);
    benches::learning::bench(c, "draughts learning", &game, &nodes);
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = learning
}
criterion_main!(benches);
