//! Serde support (feature `serde`): notation types as their text, the game as its rules, and
//! states through a checked representation. Deserialization validates.

use boardgame_core::BySeat;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::action::Action;
use crate::game::{Dominoes, Lead, Phase, RoundResult, State, StateError};
use crate::layout::Layout;
use crate::rules::{Rules, RulesError};
use crate::shown::Shown;
use crate::tile::{Tile, Tiles};

macro_rules! as_text {
    ($t:ty) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let text = String::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

as_text!(Tile);
as_text!(Tiles);
as_text!(Action);
as_text!(Layout);

impl TryFrom<Rules> for Dominoes {
    type Error = RulesError;
    fn try_from(rules: Rules) -> Result<Dominoes, RulesError> {
        Dominoes::new(rules)
    }
}

impl From<Dominoes> for Rules {
    fn from(game: Dominoes) -> Rules {
        *game.rules()
    }
}

/// The fields of a [`State`] as read, before they are checked.
#[derive(Deserialize)]
pub(crate) struct StateRepr {
    rules: Rules,
    phase: Phase,
    hands: BySeat<Tiles>,
    stock: Tiles,
    layout: Layout,
    dealt: u8,
    redeals: u16,
    lead: Lead,
    opener: Option<boardgame_core::Seat>,
    shown: BySeat<Shown>,
    not_dealt: Tiles,
    fives: BySeat<i64>,
    result: Option<RoundResult>,
}

impl TryFrom<StateRepr> for State {
    type Error = StateError;
    /// Builds the game of the state's rules and runs [`Dominoes::check_state`].
    fn try_from(r: StateRepr) -> Result<State, StateError> {
        let game = Dominoes::new(r.rules)?;
        let state = State {
            rules: r.rules,
            key: r.rules.key(),
            phase: r.phase,
            hands: r.hands,
            stock: r.stock,
            layout: r.layout,
            dealt: r.dealt,
            redeals: r.redeals,
            lead: r.lead,
            opener: r.opener,
            shown: r.shown,
            not_dealt: r.not_dealt,
            fives: r.fives,
            result: r.result,
        };
        game.check_state(&state)?;
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::IntoDeserializer;
    use serde::de::value::{Error as ValueError, StrDeserializer};

    fn from_str<'a, T: Deserialize<'a>>(s: &'a str) -> Result<T, ValueError> {
        let d: StrDeserializer<'a, ValueError> = s.into_deserializer();
        T::deserialize(d)
    }

    #[test]
    fn text_types_deserialize_with_validation() {
        assert_eq!(from_str::<Tile>("4-6"), Ok(Tile::new(6, 4).unwrap()));
        assert!(from_str::<Tile>("6-13").is_err());
        assert!(from_str::<Tiles>("6-6 6-6").is_err());
        assert_eq!(from_str::<Action>("draw"), Ok(Action::Draw));
        assert!(from_str::<Layout>("[6-6] 5-1").is_err());
        assert_eq!(from_str::<Layout>("[6-6] 6-1").map(|l| l.len()), Ok(2));
    }

    #[test]
    fn the_game_deserializes_through_its_rules() {
        assert!(Dominoes::try_from(Rules::lattjo().with_players(1)).is_err());
        let g = Dominoes::try_from(Rules::lattjo()).unwrap();
        assert_eq!(Rules::from(g), Rules::lattjo());
    }
}
