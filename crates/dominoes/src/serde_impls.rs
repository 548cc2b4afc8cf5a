//! Serde support (feature `serde`): notation types as their text, the game as its rules, and
//! states through a checked representation. Deserialization validates.

use boardgame_core::BySeat;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::action::Action;
use crate::game::{Dominoes, Lead, Phase, RoundResult, State};
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

/// A serialized state that cannot be a state.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// A tile in two places.
    #[error("tile {0} appears twice")]
    Duplicate(Tile),
    /// Hands, stock and layout do not make a whole set.
    #[error("hands, stock and layout are not a whole set")]
    NotASet,
    /// A seat out of range, or per-seat data of different lengths.
    #[error("seats do not match: {0}")]
    Seats(&'static str),
    /// Knowledge records that are not in canonical form.
    #[error("malformed record of what play has shown")]
    Shown,
}

impl TryFrom<StateRepr> for State {
    type Error = StateError;
    fn try_from(r: StateRepr) -> Result<State, StateError> {
        let n = r.hands.len();
        if n < 2 || r.shown.len() != n || r.fives.len() != n {
            return Err(StateError::Seats("per-seat data of different lengths"));
        }
        let mut seen = Tiles::EMPTY;
        for part in r
            .hands
            .as_slice()
            .iter()
            .copied()
            .chain([r.stock, r.layout.tiles()])
        {
            if let Some(t) = part.intersection(seen).iter().next() {
                return Err(StateError::Duplicate(t));
            }
            seen = seen.union(part);
        }
        if !(0..=crate::tile::MAX_NUMBER).any(|h| Tiles::full_set(h) == Some(seen)) {
            return Err(StateError::NotASet);
        }
        let seat_ok = |s: boardgame_core::Seat| s.index() < n;
        let phase_ok = match r.phase {
            Phase::Dealing | Phase::Over => true,
            Phase::Opening { seat, forced } => {
                seat_ok(seat) && forced.is_none_or(|t| r.hands[seat].contains(t))
            }
            Phase::Turn(seat) | Phase::Drawing(seat) => seat_ok(seat),
            Phase::Drawn(seat, t) => seat_ok(seat) && r.hands[seat].contains(t),
        };
        let lead_ok = match r.lead {
            Lead::HighestDouble => true,
            Lead::Seat(s) => seat_ok(s),
        };
        if !phase_ok || !lead_ok || !r.opener.is_none_or(seat_ok) {
            return Err(StateError::Seats("a seat is not at the table"));
        }
        if matches!(r.phase, Phase::Over) != r.result.is_some() {
            return Err(StateError::Seats("a result exactly when the round is over"));
        }
        if !r.shown.as_slice().iter().all(Shown::is_canonical) {
            return Err(StateError::Shown);
        }
        Ok(State {
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
        })
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
        assert!(Dominoes::try_from(Rules::lattjo(1)).is_err());
        let g = Dominoes::try_from(Rules::lattjo(2)).unwrap();
        assert_eq!(Rules::from(g), Rules::lattjo(2));
    }
}
