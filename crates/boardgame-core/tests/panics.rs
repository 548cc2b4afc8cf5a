//! Numbers a caller passes through from a client never panic unchecked (the panic audit).

use boardgame_core::parallel::{TooManyResults, try_for_seeds, try_map_indexed};
use boardgame_core::race::{Race, RaceRules};

/// Regression (panic audit): `for_seeds` (and `map_indexed`, `random_games`,
/// `agent_games`) over a seed range such as `0..u64::MAX` gathered one result per seed in a
/// `Vec` of `usize::MAX` elements and panicked with "capacity overflow", with no checked
/// twin and a `# Panics` section that said it panics only if the closure does. The checked
/// twins refuse such a range at once, before any game.
#[test]
fn regression_a_huge_seed_range_panicked_with_capacity_overflow() {
    let game = Race::new(RaceRules::default()).expect("the default race");
    let err = try_for_seeds(&game, 0..u64::MAX, 2, |_, seed| seed).unwrap_err();
    let bytes = size_of::<Option<u64>>();
    assert_eq!((err.count, err.bytes), (usize::MAX, bytes));
    for threads in [1, 2] {
        let err: TooManyResults = try_map_indexed(usize::MAX / 4, threads, |i| i).unwrap_err();
        assert_eq!(err.count, usize::MAX / 4);
    }
    assert_eq!(
        try_for_seeds(&game, 3..6, 2, |_, seed| seed),
        Ok(vec![3, 4, 5])
    );
    assert_eq!(try_for_seeds(&game, 6..6, 2, |_, seed| seed), Ok(vec![]));
    // Zero-sized results take no memory: any count fits (checked without running).
    assert!(try_map_indexed(0, 2, |_| ()).is_ok());
}
