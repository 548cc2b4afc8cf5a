//! Numbers a caller passes through from a client never panic (the panic audit).

use lattjo_ludo::context_inputs;

/// Regression (panic audit): `context_inputs(players)` computed `5 * players + 12` unchecked,
/// so a player count above `usize::MAX / 5` overflowed and panicked in a debug build.
#[test]
fn regression_context_inputs_overflowed_on_a_huge_player_count() {
    assert_eq!(context_inputs(4), 32);
    assert_eq!(context_inputs(0), 12);
    for players in [usize::MAX, usize::MAX / 5, usize::MAX / 5 + 1] {
        assert_eq!(context_inputs(players), usize::MAX, "{players}");
    }
    let largest = (usize::MAX - 12) / 5;
    assert_eq!(context_inputs(largest), largest * 5 + 12);
}
