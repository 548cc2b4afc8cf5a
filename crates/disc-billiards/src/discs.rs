//! The pieces: the two sides, where each seat plays from, and the object discs.

use core::fmt;
use core::str::FromStr;
use disc_physics::Vec2;

use boardgame_core::text::excerpt;

use boardgame_core::Seat;

use crate::geometry::Compass;

/// The most discs a table can hold: 8 per player, 4 players.
pub const MAX_DISCS: usize = 32;

/// One of the two sides: a player in singles, a pair in pairs (one colour each).
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_disc_billiards::Side;
/// assert_eq!(Side::of_seat(Seat::new(2)), Side::A, "partners share a side (N16)");
/// assert_eq!(Side::A.other(), Side::B);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Side {
    /// Seat 0's side (and seat 2's in pairs): light-coloured discs.
    A,
    /// Seat 1's side (and seat 3's in pairs): dark-coloured discs.
    B,
}

impl Side {
    /// Both sides.
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    /// The side a seat plays for: partners (seats 0 and 2, seats 1 and 3) share one.
    #[must_use]
    pub const fn of_seat(seat: Seat) -> Side {
        if seat.index().is_multiple_of(2) {
            Side::A
        } else {
            Side::B
        }
    }

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// 0 for A, 1 for B.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "side A",
            Side::B => "side B",
        })
    }
}

/// A text that is not a side as [`Side`]'s `Display` writes it (`side A` or `side B`): the
/// text, at most 64 characters of it ([`boardgame_core::text::excerpt`]).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{ParseSideError, Side};
/// let err: ParseSideError = "side a".parse::<Side>().unwrap_err();
/// assert_eq!(err.0, "side a");
/// assert_eq!(err.to_string(), "not a side (side A or side B): \"side a\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a side (side A or side B): {0:?}")]
#[non_exhaustive]
pub struct ParseSideError(
    /// The text, at most 64 characters of it.
    pub String,
);

/// Reads exactly what `Display` writes, `side A` or `side B`: `side` in lower case, one
/// space, the letter in upper case, nothing around it.
///
/// # Errors
///
/// [`ParseSideError`] for any other text.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::Side;
/// assert_eq!("side B".parse::<Side>()?, Side::B);
/// assert_eq!(Side::A.to_string().parse::<Side>()?, Side::A);
/// assert!("A".parse::<Side>().is_err());
/// assert!("side b".parse::<Side>().is_err());
/// # Ok::<(), lattjo_disc_billiards::ParseSideError>(())
/// ```
impl FromStr for Side {
    type Err = ParseSideError;
    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        match s {
            "side A" => Ok(Side::A),
            "side B" => Ok(Side::B),
            _ => Err(ParseSideError(excerpt(s))),
        }
    }
}

/// Where a seat plays from: singles south and north; pairs south, west, north, east
/// (clockwise, partners opposite, N16).
///
/// A seat that does not play still gets an answer, never a panic: in singles every seat
/// but 0 is north, in pairs seat `n` sits where seat `n % 4` does. So a seat taken from
/// outside (a client's message) is checked against the game first
/// ([`Game::num_players`](boardgame_core::Game::num_players)); the same holds for
/// [`Novuss::stroke_from_board`](crate::Novuss::stroke_from_board) and
/// [`Novuss::stroke_on_board`](crate::Novuss::stroke_on_board), which convert in this
/// seat's frame.
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_disc_billiards::{Compass, seat_compass};
/// assert_eq!(seat_compass(Seat::new(1), 2), Compass::North);
/// assert_eq!(seat_compass(Seat::new(3), 4), Compass::East);
/// assert_eq!(seat_compass(Seat::new(7), 2), Compass::North); // no player of singles
/// assert_eq!(seat_compass(Seat::new(5), 4), Compass::West); // seat 1's place
/// ```
#[must_use]
pub const fn seat_compass(seat: Seat, players: usize) -> Compass {
    if players == 4 {
        Compass::ALL[seat.index() % 4]
    } else if seat.index() == 0 {
        Compass::South
    } else {
        Compass::North
    }
}

/// Names one disc by its index in the position (0-based, fixed for the whole game).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{DiscId, Novuss, Side};
/// let state = Novuss::default().new_state();
/// let disc = state.disc(DiscId(3)).ok_or("no disc 3")?;
/// assert_eq!(disc.side, Side::A);
/// assert!(state.disc(DiscId(99)).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DiscId(pub u8);

impl DiscId {
    /// The index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for DiscId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "disc {}", self.0)
    }
}

/// A text that is not a disc as [`DiscId`]'s `Display` writes it (`disc 0` to `disc 255`):
/// the text, at most 64 characters of it ([`boardgame_core::text::excerpt`]).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{DiscId, ParseDiscIdError};
/// let err: ParseDiscIdError = "disc 256".parse::<DiscId>().unwrap_err();
/// assert_eq!(err.0, "disc 256");
/// assert_eq!(err.to_string(), "not a disc (disc <n>, n from 0 to 255): \"disc 256\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a disc (disc <n>, n from 0 to 255): {0:?}")]
#[non_exhaustive]
pub struct ParseDiscIdError(
    /// The text, at most 64 characters of it.
    pub String,
);

/// Reads exactly what `Display` writes: `disc`, one space and the index in decimal digits
/// without a sign or a leading zero, from `disc 0` to `disc 255` (any index a [`DiscId`]
/// holds; whether a state has that disc is the state's to say, [`crate::State::disc`]).
/// Lower case only, nothing around it.
///
/// # Errors
///
/// [`ParseDiscIdError`] for any other text.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::DiscId;
/// assert_eq!("disc 7".parse::<DiscId>()?, DiscId(7));
/// assert_eq!(DiscId(31).to_string().parse::<DiscId>()?, DiscId(31));
/// assert!("disc 07".parse::<DiscId>().is_err());
/// assert!("Disc 7".parse::<DiscId>().is_err());
/// # Ok::<(), lattjo_disc_billiards::ParseDiscIdError>(())
/// ```
impl FromStr for DiscId {
    type Err = ParseDiscIdError;
    fn from_str(s: &str) -> Result<DiscId, ParseDiscIdError> {
        // ASCII digits only (Rust's integer parser also takes a sign), no leading zero.
        s.strip_prefix("disc ")
            .and_then(boardgame_core::text::decimal)
            .map(DiscId)
            .ok_or_else(|| ParseDiscIdError(excerpt(s)))
    }
}

/// One object disc.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Novuss, Side};
/// let state = Novuss::default().new_state();
/// let on_the_north_cushion = state
///     .discs()
///     .iter()
///     .filter(|d| d.side == Side::A && d.at == Some(d.home))
///     .count();
/// assert_eq!(on_the_north_cushion, 8, "seat 0's row starts opposite him (B1)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Disc {
    /// Its owner.
    pub side: Side,
    /// Its place in the starting row.
    pub home: Vec2,
    /// Its centre on the table, or `None` when it is in a pocket.
    pub at: Option<Vec2>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_core::text::EXCERPT_CHARS;

    #[test]
    fn sides_and_discs_read_back_from_their_text() {
        for side in Side::BOTH {
            assert_eq!(side.to_string().parse::<Side>(), Ok(side));
        }
        for i in 0..=u8::MAX {
            assert_eq!(DiscId(i).to_string().parse::<DiscId>(), Ok(DiscId(i)));
        }
    }

    #[test]
    fn a_text_that_is_no_side_or_disc_is_refused_without_a_panic() {
        let long = "side A".repeat(20_000);
        for bad in [
            "", " ", "A", "B", "side", "side ", "side a", "SIDE A", "Side A", "side A ", " side A",
            "side A\n", "side  A", "side\tA", "side AB", "side C", "sidé A", "side Ａ", &long,
        ] {
            let err = bad.parse::<Side>().expect_err(bad);
            assert_eq!(err, ParseSideError(excerpt(bad)), "{bad:?}");
            assert!(err.0.chars().count() <= EXCERPT_CHARS);
        }
        let long = format!("disc {}", "1".repeat(100_000));
        for bad in [
            "", " ", "3", "disc", "disc ", "Disc 3", "DISC 3", "disc 3 ", " disc 3", "disc 3\n",
            "disc  3", "disc\t3", "disc 3x", "disc +3", "disc -3", "disc 03", "disc 256", "disc ٣",
            "dïsc 3", &long,
        ] {
            let err = bad.parse::<DiscId>().expect_err(bad);
            assert_eq!(err, ParseDiscIdError(excerpt(bad)), "{bad:?}");
            assert!(err.0.chars().count() <= EXCERPT_CHARS);
        }
    }
}
