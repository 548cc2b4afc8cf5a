//! Squares in standard 1-32 checkers numbering, and the two colours.

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

/// One of the 32 dark squares, in the standard checkers (WCDF / PDN) numbering.
///
/// Square 1 is b8 and 4 is h8 (Black's back row), 29 is a1 and 32 is g1 (White's back row);
/// numbers run row by row, left to right as seen from White.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::Square;
/// let s: Square = "29".parse()?;
/// assert_eq!(s.number(), 29);
/// assert_eq!(s.to_string(), "29");
/// assert_eq!(format!("{s:?}"), "Square(29)"); // the number, also in Debug
/// assert!(Square::new(33).is_none());
/// # Ok::<(), lattjo_draughts::SquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Square(u8);

impl fmt::Debug for Square {
    /// `Square(n)` with the square's number 1-32, as every other form shows it (the
    /// internal 0-31 index stays private).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({})", self.number())
    }
}

/// A square number outside 1-32, or text that is not a number.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Square, SquareError};
/// assert_eq!("33".parse::<Square>(), Err(SquareError::OutOfRange(33)));
/// assert!(matches!("b8".parse::<Square>(), Err(SquareError::NotANumber(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SquareError {
    /// A number, but not in 1-32.
    #[error("square {0} is out of range (squares are numbered 1-32)")]
    OutOfRange(u32),
    /// Not a decimal number at all.
    #[error("not a square number: {0:?}")]
    NotANumber(String),
}

impl Square {
    /// Square `number` (1-32), or `None` outside that range.
    #[must_use]
    pub const fn new(number: u8) -> Option<Square> {
        if number >= 1 && number <= 32 {
            Some(Square(number - 1))
        } else {
            None
        }
    }

    /// Square with internal index `index` (0-31); the caller guarantees the range.
    pub(crate) const fn from_index(index: u32) -> Square {
        Square((index & 31) as u8)
    }

    /// The square's number, 1-32.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// Index 0-31 (the bit in the internal bitboards).
    pub(crate) const fn index(self) -> u32 {
        self.0 as u32
    }

    /// The bit of this square in the internal bitboards.
    pub(crate) const fn bit(self) -> u32 {
        1 << self.0
    }

    /// Row 0-7 counted from Black's back row (squares 1-4) to White's (29-32).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 4
    }

    /// Column 0-7 (file a-h) as seen from White.
    #[must_use]
    pub const fn column(self) -> u8 {
        let c = self.0 % 4;
        if self.row().is_multiple_of(2) {
            2 * c + 1
        } else {
            2 * c
        }
    }

    /// All 32 squares in numbering order.
    pub fn all() -> impl Iterator<Item = Square> + Clone {
        (0..32).map(Square)
    }
}

impl TryFrom<u8> for Square {
    type Error = SquareError;
    fn try_from(n: u8) -> Result<Square, SquareError> {
        Square::new(n).ok_or(SquareError::OutOfRange(u32::from(n)))
    }
}

impl From<Square> for u8 {
    fn from(s: Square) -> u8 {
        s.number()
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl FromStr for Square {
    type Err = SquareError;
    fn from_str(s: &str) -> Result<Square, SquareError> {
        let t = s.trim();
        if t.is_empty() || t.len() > 9 || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(SquareError::NotANumber(excerpt(s)));
        }
        let n: u32 = t.parse().map_err(|_| SquareError::NotANumber(excerpt(s)))?;
        u8::try_from(n)
            .ok()
            .and_then(Square::new)
            .ok_or(SquareError::OutOfRange(n))
    }
}

/// A side. Black (the dark pieces, PDN `B`, WCDF's red) moves first (D3, A9).
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Color, Position, Seat};
/// let pos = Position::start();
/// assert_eq!(pos.turn(), Color::Black);
/// assert_eq!(Color::Black.opponent(), Color::White);
/// assert_eq!(Color::White.letter(), 'W');
/// assert_eq!(Seat::from(Color::White), Seat::new(1));
/// // Written in lower case, as chess's and backgammon's sides are, and read back.
/// assert_eq!(pos.turn().to_string(), "black");
/// assert_eq!("white".parse::<Color>(), Ok(Color::White));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Color {
    /// The dark pieces, on squares 1-12 at the start; they move first.
    Black = 0,
    /// The light pieces, on squares 21-32 at the start.
    White = 1,
}

impl Color {
    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The PDN letter, `B` or `W`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// The seat that plays this colour: Black is seat 0 (it moves first), White seat 1.
    #[must_use]
    pub const fn seat(self) -> boardgame_core::Seat {
        boardgame_core::Seat::new(self as u8)
    }

    /// The row (0-7) on which this side's men are crowned: row 7 (29-32) for Black, row 0
    /// (1-4) for White.
    #[must_use]
    pub const fn crowning_row(self) -> u8 {
        match self {
            Color::Black => 7,
            Color::White => 0,
        }
    }
}

impl From<Color> for boardgame_core::Seat {
    /// [`Color::seat`]: Black is seat 0, White seat 1.
    fn from(c: Color) -> boardgame_core::Seat {
        c.seat()
    }
}

impl TryFrom<boardgame_core::Seat> for Color {
    type Error = boardgame_core::SeatError;

    /// Seat 0 plays Black, seat 1 White.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_draughts::{Color, Seat};
    /// assert_eq!(Color::try_from(Seat::new(1)), Ok(Color::White));
    /// assert!(Color::try_from(Seat::new(2)).is_err());
    /// ```
    fn try_from(seat: boardgame_core::Seat) -> Result<Color, boardgame_core::SeatError> {
        match boardgame_core::Seat::checked(seat.index(), 2)?.index() {
            0 => Ok(Color::Black),
            _ => Ok(Color::White),
        }
    }
}

impl fmt::Display for Color {
    /// `black` or `white`, in lower case as every crate writes its sides (before 7 December
    /// 2026 draughts alone wrote `Black` and `White`); the PDN letters `B` and `W` are
    /// [`Color::letter`]'s.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// Text that names no colour: [`Color`]'s `FromStr` reads `black` or `white` only.
///
/// # Examples
///
/// ```
/// let err = "Black".parse::<lattjo_draughts::Color>().unwrap_err();
/// assert_eq!(err.0, "Black");
/// assert_eq!(err.to_string(), "invalid color \"Black\" (expected black or white)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid color {0:?} (expected black or white)")]
#[non_exhaustive]
pub struct ParseColorError(pub String);

/// Reads what `Display` writes: `black` or `white`, in lower case (the PDN letters `B` and
/// `W` are [`Color::letter`]'s, not this text's).
impl std::str::FromStr for Color {
    type Err = ParseColorError;
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s {
            "black" => Ok(Color::Black),
            "white" => Ok(Color::White),
            _ => Err(ParseColorError(boardgame_core::text::excerpt(s))),
        }
    }
}

/// A man (uncrowned) or a king.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Color, Position, Role};
/// let pos: Position = "W:W18,K2:B7,K10".parse()?;
/// assert_eq!(pos.count_role(Color::White, Role::King), 1);
/// assert_eq!(pos.count_role(Color::Black, Role::Man), 1);
/// # Ok::<(), lattjo_draughts::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Role {
    /// An uncrowned piece: steps and captures forward only (D4, A2).
    Man,
    /// A crowned piece: steps and captures both ways (D11, D12).
    King,
}

/// A piece: its colour and role.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Color, Piece, Position, Role, Square};
/// let pos = Position::start();
/// let s = Square::new(12).unwrap();
/// assert_eq!(pos.piece_at(s), Some(Piece { color: Color::Black, role: Role::Man }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_matches_section_1() {
        // §1: square 1 is b8, 4 is h8, 5 is a7, 29 is a1, 32 is g1.
        let coord = |n: u8| {
            let s = Square::new(n).unwrap();
            (s.column(), 8 - s.row())
        };
        assert_eq!(coord(1), (1, 8));
        assert_eq!(coord(4), (7, 8));
        assert_eq!(coord(5), (0, 7));
        assert_eq!(coord(29), (0, 1));
        assert_eq!(coord(32), (6, 1));
    }

    #[test]
    fn d2_only_dark_squares_are_numbered() {
        // D2: the 32 numbered squares are exactly the dark squares: a1 is dark, so a square
        // is dark when file + rank (both from 0) is even.
        for s in Square::all() {
            let file = u32::from(s.column());
            let rank = u32::from(7 - s.row());
            assert_eq!((file + rank) % 2, 0, "{s}");
        }
        assert_eq!(Square::all().count(), 32);
    }

    #[test]
    fn square_parse_errors() {
        assert_eq!("33".parse::<Square>(), Err(SquareError::OutOfRange(33)));
        assert_eq!("0".parse::<Square>(), Err(SquareError::OutOfRange(0)));
        assert!(matches!(
            "x".parse::<Square>(),
            Err(SquareError::NotANumber(_))
        ));
        assert!(matches!(
            "".parse::<Square>(),
            Err(SquareError::NotANumber(_))
        ));
        assert!(matches!(
            "-1".parse::<Square>(),
            Err(SquareError::NotANumber(_))
        ));
    }
}
