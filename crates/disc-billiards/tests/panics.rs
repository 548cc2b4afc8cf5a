//! Numbers a caller passes through from a client never panic (the panic audit).

use lattjo_disc_billiards::{PairDiscs, Rules, RulesError};

/// Regression (panic audit): `Rules::discs_per_side` doubled the row in `u8`, so rules for
/// four players with 128 or more discs a player (the fields are public, and a server may
/// fill them from a client before it validates) overflowed and panicked in a debug build.
/// The rules are still refused by `validate`.
#[test]
fn regression_discs_per_side_overflowed_on_a_huge_row() {
    for n in [128u8, 200, 255] {
        let mut rules = Rules::lattjo();
        rules.players = 4;
        rules.pair_discs = PairDiscs::EightPerPlayer;
        rules.discs_per_player = n;
        assert_eq!(rules.discs_per_side(), 255, "{n}");
        assert_eq!(rules.validate(), Err(RulesError::Discs(n)));
    }
    let mut pairs = Rules::lattjo();
    pairs.players = 4;
    pairs.pair_discs = PairDiscs::EightPerPlayer;
    assert_eq!(pairs.discs_per_side(), 2 * Rules::lattjo().discs_per_side());
}
