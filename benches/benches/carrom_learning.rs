//! Carrom's learning encodings (issue 19): a seat's observation, the legal-action mask and a
//! stroke's parameter vector (to and from), each timed over the player nodes of seeded random
//! boards (`benches::learning::bench_parametric`), beside applying the action played there (a
//! stroke is a whole simulation to rest). Asserts the shapes (222 floats, 3 discrete actions,
//! 5 stroke parameters for the booklet's singles), that every mask marks the discrete actions
//! `legal_actions` lists, and that every listed stroke's parameters map back to it.
//!
//! Target (issue 19): encoding an observation costs less than applying an action.
//!
//! Thread CPU time (`benches::CpuTime`).
//!
//! `cargo bench -p benches --bench carrom_learning`

use benches::CpuTime;
use boardgame_core::{IndexedActions, Observe, ParametricActions};
use criterion::{Criterion, criterion_group, criterion_main};
use lattjo_carrom::{Carrom, Rules};

fn learning(c: &mut Criterion<CpuTime>) {
    let game = Carrom::new(Rules::lattjo()).expect("the booklet's rules are valid");
    assert_eq!(
        game.observation_shape().size(),
        222,
        "the documented shape of singles"
    );
    assert_eq!(game.num_distinct_actions(), 3);
    assert_eq!(game.parameter_bounds().len(), 5);
    // At most 40 player nodes from each of 4 seeded random boards.
    let nodes = benches::learning::player_nodes_capped(&game, 4, 40);
    benches::learning::bench_parametric(c, "carrom learning", &game, &nodes);
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = learning
}
criterion_main!(benches);
