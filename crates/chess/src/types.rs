//! Vocabulary types: colours, piece roles, pieces, files, ranks and squares.

use boardgame_core::text::excerpt;
use core::fmt;
use core::ops::{Index, IndexMut, Not};
use core::str::FromStr;

/// A side: White moves first (rule K2).
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Color, Rank};
///
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::Black.back_rank(), Rank::Eighth);
/// assert_eq!(Color::White.to_string(), "white");
/// assert_eq!(Color::Black.fold("w", "b"), "b");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The side that moves second.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `0` for White, `1` for Black.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat that plays this colour: White is seat 0 (it moves first, K2), Black seat 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Color, Seat};
    /// assert_eq!(Color::Black.seat(), Seat::new(1));
    /// assert_eq!(Seat::from(Color::White), Seat::new(0));
    /// assert_eq!(Color::try_from(Seat::new(1)), Ok(Color::Black));
    /// assert!(Color::try_from(Seat::new(2)).is_err());
    /// ```
    #[must_use]
    pub const fn seat(self) -> boardgame_core::Seat {
        boardgame_core::Seat::new(self as u8)
    }

    /// The lower-case FEN letter: `w` or `b`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `fold_wb(white, black)`: picks by colour.
    #[must_use]
    pub const fn fold<T: Copy>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// The rank on which this colour's pieces start (rank 1 or 8).
    #[must_use]
    pub const fn back_rank(self) -> Rank {
        self.fold(Rank::First, Rank::Eighth)
    }
}

impl From<Color> for boardgame_core::Seat {
    /// [`Color::seat`]: White is seat 0, Black seat 1.
    fn from(c: Color) -> boardgame_core::Seat {
        c.seat()
    }
}

impl TryFrom<boardgame_core::Seat> for Color {
    type Error = boardgame_core::SeatError;

    /// Seat 0 plays White, seat 1 Black; any other seat is a [`boardgame_core::SeatError`].
    fn try_from(seat: boardgame_core::Seat) -> Result<Color, boardgame_core::SeatError> {
        match boardgame_core::Seat::checked(seat.index(), 2)?.index() {
            0 => Ok(Color::White),
            _ => Ok(Color::Black),
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.fold("white", "black"))
    }
}

/// A string that does not name a colour.
///
/// # Examples
///
/// ```
/// let err = "White".parse::<lattjo_chess::Color>().unwrap_err();
/// assert_eq!(err.0, "White");
/// assert_eq!(err.to_string(), "invalid color \"White\" (expected white or black)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid color {0:?} (expected white or black)")]
#[non_exhaustive]
pub struct ParseColorError(pub String);

/// Reads what `Display` writes: `white` or `black`, in lower case (the FEN letters `w` and
/// `b` are [`Color::char`]'s, not this text's).
///
/// # Examples
///
/// ```
/// use lattjo_chess::Color;
/// assert_eq!("black".parse(), Ok(Color::Black));
/// assert!("w".parse::<Color>().is_err());
/// ```
impl FromStr for Color {
    type Err = ParseColorError;
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            _ => Err(ParseColorError(excerpt(s))),
        }
    }
}

/// One value per colour.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{ByColor, Color};
///
/// let mut moved = ByColor::new_with(|c| c == Color::White);
/// moved[Color::Black] = true;
/// assert_eq!(moved, ByColor { white: true, black: true });
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// Builds from a function of the colour.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            white: f(Color::White),
            black: f(Color::Black),
        }
    }

    /// The value of `color`.
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The value of `color`, mutably.
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, c: Color) -> &T {
        self.get(c)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, c: Color) -> &mut T {
        self.get_mut(c)
    }
}

/// The kind of a piece, regardless of colour.
///
/// # Examples
///
/// ```
/// use lattjo_chess::Role;
///
/// assert_eq!(Role::from_char('N'), Some(Role::Knight));
/// assert_eq!(Role::Queen.upper_char(), 'Q');
/// assert_eq!(Role::PROMOTIONS.len(), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Role {
    /// Pawn (rules K5, K6, K7, K17).
    Pawn = 0,
    /// Knight (rule K8).
    Knight = 1,
    /// Bishop (rule K9).
    Bishop = 2,
    /// Rook (rule K10).
    Rook = 3,
    /// Queen (rule K11).
    Queen = 4,
    /// King (rule K12).
    King = 5,
}

impl Role {
    /// All six roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to (rule K7), queen first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// `0` (pawn) to `5` (king).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case letter (`p n b r q k`).
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The upper-case SAN letter (`P N B R Q K`).
    #[must_use]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The role of a letter in either case, if any.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }
}

/// A piece: a colour and a role.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Color, Piece, Role};
///
/// let black_knight = Piece { color: Color::Black, role: Role::Knight };
/// assert_eq!(black_knight.char(), 'n');
/// assert_eq!(Piece::from_char('n'), Some(black_knight));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece of a FEN letter, if any.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }
}

macro_rules! enum8 {
    ($(#[$m:meta])* $name:ident, $first:literal, [$($v:ident),*]) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum $name { $($v),* }

        impl $name {
            /// All eight, in order.
            pub const ALL: [$name; 8] = [$($name::$v),*];

            /// The index `0..8`.
            #[must_use]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The value of index `i`, if `i < 8`.
            #[must_use]
            pub const fn new(i: u32) -> Option<$name> {
                if i < 8 { Some($name::ALL[i as usize]) } else { None }
            }

            /// The letter or digit naming it.
            #[must_use]
            pub const fn char(self) -> char {
                ((($first as u32) + self as u32) as u8) as char
            }

            /// The value named by a letter or digit, if any.
            #[must_use]
            pub const fn from_char(c: char) -> Option<$name> {
                let first = $first as u32;
                let c = c as u32;
                if c >= first && c < first + 8 { $name::new(c - first) } else { None }
            }

            /// The value `delta` steps away, if still on the board (`None` for any `delta`
            /// that leaves it, however large).
            #[must_use]
            pub const fn offset(self, delta: i32) -> Option<$name> {
                // In `i64`: `i32::MAX` steps off the board is `None`, not an overflow.
                let i = self as i64 + delta as i64;
                if i >= 0 && i < 8 { Some($name::ALL[i as usize]) } else { None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.char())
            }
        }
    };
}

enum8!(
    /// A file (column), `a` to `h` from White's left.
    File, 'a', [A, B, C, D, E, F, G, H]
);
enum8!(
    /// A rank (row), `1` to `8` from White's side.
    Rank, '1', [First, Second, Third, Fourth, Fifth, Sixth, Seventh, Eighth]
);

/// A string that does not name a file.
///
/// # Examples
///
/// ```
/// let err = "E".parse::<lattjo_chess::File>().unwrap_err();
/// assert_eq!(err.0, "E");
/// assert_eq!(err.to_string(), "invalid file \"E\" (expected a letter a-h)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid file {0:?} (expected a letter a-h)")]
#[non_exhaustive]
pub struct ParseFileError(pub String);

/// Reads what `Display` writes: one lower-case letter `a` to `h`.
///
/// # Examples
///
/// ```
/// use lattjo_chess::File;
/// assert_eq!("e".parse(), Ok(File::E));
/// assert!("i".parse::<File>().is_err());
/// ```
impl FromStr for File {
    type Err = ParseFileError;
    fn from_str(s: &str) -> Result<File, ParseFileError> {
        one_char(s, File::from_char).ok_or_else(|| ParseFileError(excerpt(s)))
    }
}

/// A string that does not name a rank.
///
/// # Examples
///
/// ```
/// let err = "9".parse::<lattjo_chess::Rank>().unwrap_err();
/// assert_eq!(err.0, "9");
/// assert_eq!(err.to_string(), "invalid rank \"9\" (expected a digit 1-8)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid rank {0:?} (expected a digit 1-8)")]
#[non_exhaustive]
pub struct ParseRankError(pub String);

/// Reads what `Display` writes: one digit `1` to `8`.
///
/// # Examples
///
/// ```
/// use lattjo_chess::Rank;
/// assert_eq!("4".parse(), Ok(Rank::Fourth));
/// assert!("0".parse::<Rank>().is_err());
/// ```
impl FromStr for Rank {
    type Err = ParseRankError;
    fn from_str(s: &str) -> Result<Rank, ParseRankError> {
        one_char(s, Rank::from_char).ok_or_else(|| ParseRankError(excerpt(s)))
    }
}

/// What a text of exactly one character names, by `from_char` (`File`'s and `Rank`'s
/// `FromStr`).
fn one_char<T>(s: &str, from_char: impl Fn(char) -> Option<T>) -> Option<T> {
    let mut it = s.chars();
    match (it.next(), it.next()) {
        (Some(c), None) => from_char(c),
        _ => None,
    }
}

impl Rank {
    /// The same rank seen from `color`'s side (`First` for Black is rank 8).
    #[must_use]
    pub const fn relative(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }
}

/// A square of the board, `A1 = 0` to `H8 = 63`, rank by rank.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Color, File, Rank, Square};
///
/// let e4: Square = "e4".parse()?;
/// assert_eq!(e4, Square::from_coords(File::E, Rank::Fourth));
/// assert_eq!(e4.to_string(), "e4");
/// assert_eq!(e4.offset(1, 1), Some(Square::F5));
/// assert_eq!(Square::E2.relative(Color::Black), Square::E7);
/// assert!(Square::H1.is_light());
/// # Ok::<(), lattjo_chess::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
#[rustfmt::skip]
#[allow(missing_docs)]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

#[rustfmt::skip]
const ALL_SQUARES: [Square; 64] = {
    use Square::*;
    [
        A1, B1, C1, D1, E1, F1, G1, H1, A2, B2, C2, D2, E2, F2, G2, H2,
        A3, B3, C3, D3, E3, F3, G3, H3, A4, B4, C4, D4, E4, F4, G4, H4,
        A5, B5, C5, D5, E5, F5, G5, H5, A6, B6, C6, D6, E6, F6, G6, H6,
        A7, B7, C7, D7, E7, F7, G7, H7, A8, B8, C8, D8, E8, F8, G8, H8,
    ]
};

/// A string that does not name a square.
///
/// # Examples
///
/// ```
/// let err = "z9".parse::<lattjo_chess::Square>().unwrap_err();
/// assert_eq!(err.0, "z9");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid square {0:?} (expected a file a-h and a rank 1-8, such as e4)")]
#[non_exhaustive]
pub struct ParseSquareError(pub String);

impl Square {
    /// All 64 squares, `A1` first.
    pub const ALL: [Square; 64] = ALL_SQUARES;

    /// The square of index `i` (`0..64`), if in range.
    #[must_use]
    pub const fn new(i: u32) -> Option<Square> {
        if i < 64 {
            Some(Square::from_index_masked(i))
        } else {
            None
        }
    }

    /// The square of index `i & 63` (total: never fails, used where the index is known).
    #[must_use]
    pub(crate) const fn from_index_masked(i: u32) -> Square {
        use Square::*;
        // A match, not an index into `ALL_SQUARES`: the compiler sees that every index maps
        // to the square of that discriminant and emits no table load (bitboard iteration,
        // so every move generator, goes through here once per square).
        #[rustfmt::skip]
        let sq = match i & 63 {
            0 => A1, 1 => B1, 2 => C1, 3 => D1, 4 => E1, 5 => F1, 6 => G1, 7 => H1,
            8 => A2, 9 => B2, 10 => C2, 11 => D2, 12 => E2, 13 => F2, 14 => G2, 15 => H2,
            16 => A3, 17 => B3, 18 => C3, 19 => D3, 20 => E3, 21 => F3, 22 => G3, 23 => H3,
            24 => A4, 25 => B4, 26 => C4, 27 => D4, 28 => E4, 29 => F4, 30 => G4, 31 => H4,
            32 => A5, 33 => B5, 34 => C5, 35 => D5, 36 => E5, 37 => F5, 38 => G5, 39 => H5,
            40 => A6, 41 => B6, 42 => C6, 43 => D6, 44 => E6, 45 => F6, 46 => G6, 47 => H6,
            48 => A7, 49 => B7, 50 => C7, 51 => D7, 52 => E7, 53 => F7, 54 => G7, 55 => H7,
            56 => A8, 57 => B8, 58 => C8, 59 => D8, 60 => E8, 61 => F8, 62 => G8, _ => H8,
        };
        sq
    }

    /// The square on `file` and `rank`.
    #[must_use]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::from_index_masked(rank as u32 * 8 + file as u32)
    }

    /// The index `0..64`.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file.
    #[must_use]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    /// The rank.
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// The square `df` files and `dr` ranks away, if on the board (`None` for any step that
    /// leaves it, however large).
    #[must_use]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        // In `i64`: `i32::MAX` files off the board is `None`, not an overflow.
        let f = (self as i64 & 7) + df as i64;
        let r = (self as i64 >> 3) + dr as i64;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square::from_index_masked((r * 8 + f) as u32))
        } else {
            None
        }
    }

    /// The square mirrored top to bottom (a1 <-> a8).
    #[must_use]
    pub const fn flip_vertical(self) -> Square {
        Square::from_index_masked(self as u32 ^ 56)
    }

    /// Whether it is a light square (h1 and a8 are light, section 1 of the rules).
    #[must_use]
    pub const fn is_light(self) -> bool {
        ((self as usize >> 3) + (self as usize & 7)) % 2 == 1
    }

    /// The same square seen from `color`'s side.
    #[must_use]
    pub const fn relative(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_vertical(),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut it = s.chars();
        match (
            it.next().and_then(File::from_char),
            it.next().and_then(Rank::from_char),
            it.next(),
        ) {
            (Some(f), Some(r), None) => Ok(Square::from_coords(f, r)),
            _ => Err(ParseSquareError(excerpt(s))),
        }
    }
}

/// The two sides a king may castle to (rules K18-K20).
///
/// # Examples
///
/// ```
/// use lattjo_chess::{CastlingSide, File};
///
/// assert_eq!(CastlingSide::KingSide.king_to_file(), File::G);
/// assert_eq!(CastlingSide::QueenSide.rook_to_file(), File::D);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CastlingSide {
    /// Towards the h-file: the king ends on g, the rook on f (`O-O`).
    KingSide = 0,
    /// Towards the a-file: the king ends on c, the rook on d (`O-O-O`).
    QueenSide = 1,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The file the king ends on.
    #[must_use]
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook ends on.
    #[must_use]
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_parse_display_round_trip() {
        for sq in Square::ALL {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("a".parse::<Square>().is_err());
        assert!("a1x".parse::<Square>().is_err());
    }

    #[test]
    fn setup_h1_and_a8_are_light_and_queens_on_own_colour() {
        // Section 1: light square in the right-hand corner; the queen on its own colour.
        assert!(Square::H1.is_light());
        assert!(Square::A8.is_light());
        assert!(!Square::A1.is_light());
        assert!(Square::D1.is_light());
        assert!(!Square::D8.is_light());
    }

    #[test]
    fn from_index_masked_gives_the_square_of_that_index_and_masks_the_rest() {
        // The match in `from_index_masked` replaced a table lookup: every index must still
        // map to the square with that discriminant, in file-then-rank order.
        for (i, sq) in Square::ALL.into_iter().enumerate() {
            let i = i as u32;
            assert_eq!(Square::from_index_masked(i), sq);
            assert_eq!(
                Square::from_index_masked(i + 64),
                sq,
                "only the low 6 bits count"
            );
            assert_eq!(Square::new(i), Some(sq));
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
            assert_eq!(sq.flip_vertical().flip_vertical(), sq);
        }
        assert_eq!(Square::from_index_masked(28), Square::E4);
        assert_eq!(Square::new(64), None);
        assert_eq!(Square::A2.flip_vertical(), Square::A7);
    }
}
