//! Moves and chance results, and their notation.

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use crate::tile::{End, ParseEndError, ParseTileError, Tile};

/// A player's move or a chance result.
///
/// Written `6-6` (the first tile of the round), `6-4 left` (a tile on an end), `draw`,
/// `pass`, and `deal 6-4` (chance: the next tile taken from the stock, dealt or drawn, is
/// 6-4).
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Action, End, Tile};
/// let a: Action = "4-6 left".parse()?;
/// assert_eq!(a, Action::Play(Tile::new(6, 4).unwrap(), End::Left));
/// assert_eq!(a.to_string(), "6-4 left");
/// assert_eq!("draw".parse::<Action>()?, Action::Draw);
/// assert!("6-4 sideways".parse::<Action>().is_err());
/// # Ok::<(), lattjo_dominoes::ParseActionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The first tile of the round, laid in the middle (D4).
    Open(Tile),
    /// A tile added to an open end (D7).
    Play(Tile, End),
    /// Draw a tile from the stock because no tile fits (D9).
    Draw,
    /// Pass: no tile fits and nothing can be drawn.
    Pass,
    /// Chance: the next tile taken from the stock, by the deal or by a draw.
    Deal(Tile),
}

/// A move string that is not a move.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Action, ParseActionError};
/// assert!(matches!("6-4 north".parse::<Action>(), Err(ParseActionError::End(_))));
/// assert!(matches!("".parse::<Action>(), Err(ParseActionError::Empty)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// Nothing given.
    #[error("empty move")]
    Empty,
    /// A malformed tile.
    #[error(transparent)]
    Tile(#[from] ParseTileError),
    /// An unknown end.
    #[error(transparent)]
    End(#[from] ParseEndError),
    /// Words left over or missing.
    #[error("malformed move {0:?}: expected '6-6', '6-4 left', 'draw', 'pass' or 'deal 6-4'")]
    Malformed(String),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Open(t) => write!(f, "{t}"),
            Action::Play(t, e) => write!(f, "{t} {e}"),
            Action::Draw => f.write_str("draw"),
            Action::Pass => f.write_str("pass"),
            Action::Deal(t) => write!(f, "deal {t}"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let mut words = s.split_whitespace();
        let first = words.next().ok_or(ParseActionError::Empty)?;
        let second = words.next();
        if words.next().is_some() {
            return Err(ParseActionError::Malformed(excerpt(s)));
        }
        match (first, second) {
            ("draw", None) => Ok(Action::Draw),
            ("pass", None) => Ok(Action::Pass),
            ("deal", Some(t)) => Ok(Action::Deal(t.parse()?)),
            ("draw" | "pass" | "deal", _) => Err(ParseActionError::Malformed(excerpt(s))),
            (t, None) => Ok(Action::Open(t.parse()?)),
            (t, Some(e)) => Ok(Action::Play(t.parse()?, e.parse()?)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_examples() {
        let t = |s: &str| s.parse::<Tile>().unwrap();
        assert_eq!("0-0".parse::<Action>(), Ok(Action::Open(t("0-0"))));
        assert_eq!(
            "6-4 left".parse::<Action>(),
            Ok(Action::Play(t("6-4"), End::Left))
        );
        assert_eq!(
            "  6-4   right ".parse::<Action>(),
            Ok(Action::Play(t("6-4"), End::Right))
        );
        assert_eq!("pass".parse::<Action>(), Ok(Action::Pass));
        assert_eq!("deal 3-2".parse::<Action>(), Ok(Action::Deal(t("3-2"))));
        assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
        assert!(matches!(
            "draw 6-4".parse::<Action>(),
            Err(ParseActionError::Malformed(_))
        ));
        assert!(matches!(
            "deal".parse::<Action>(),
            Err(ParseActionError::Malformed(_))
        ));
        assert!(matches!(
            "6-4 left now".parse::<Action>(),
            Err(ParseActionError::Malformed(_))
        ));
        assert!(matches!(
            "6-4 north".parse::<Action>(),
            Err(ParseActionError::End(_))
        ));
        assert!(matches!(
            "6:4".parse::<Action>(),
            Err(ParseActionError::Tile(_))
        ));
    }
}
