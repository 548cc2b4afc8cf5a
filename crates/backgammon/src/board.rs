//! Sides, points, booklet labels and the validated [`Position`].

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use boardgame_core::Seat;

/// Number of checkers each side owns (B1).
pub const CHECKERS: u8 = 15;

/// Index of the bar in a side's checker array (standard numbering: bar = 25).
pub const BAR: usize = 25;

/// Index of the borne-off tray in a side's checker array (standard numbering: off = 0).
pub const OFF: usize = 0;

/// One of the two players. White is seat 0, the bottom player of an XGID and of the SVG board,
/// and therefore GNU Backgammon's **player 1** (GNUBG's `set xgid` imports the XGID's bottom
/// player as its player 1; see [`Side::gnubg_player`]).
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_backgammon::Side;
/// assert_eq!(Side::White.opponent(), Side::Black);
/// assert_eq!(Side::from_seat(Seat::new(1)), Some(Side::Black));
/// assert_eq!(Side::White.gnubg_player(), 1);
/// assert_eq!(Side::from_gnubg_player(0), Some(Side::Black));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Side {
    /// Seat 0. Home board `6 … 1` in booklet labels.
    White = 0,
    /// Seat 1. Home board `6A … 1A` in booklet labels.
    Black = 1,
}

impl Side {
    /// Both sides, White first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The core seat of this side (White = seat 0).
    #[must_use]
    pub const fn seat(self) -> Seat {
        Seat::new(self as u8)
    }

    /// The side sitting in `seat`, if the seat is 0 or 1.
    #[must_use]
    pub const fn from_seat(seat: Seat) -> Option<Side> {
        match seat.index() {
            0 => Some(Side::White),
            1 => Some(Side::Black),
            _ => None,
        }
    }

    /// GNU Backgammon's number for this side in its Match ID and `matchstate`: White, the
    /// XGID's bottom player, is GNUBG's player 1, and Black (the top player) its player 0.
    /// This is what GNUBG's own `set xgid` does: it reads the upper-case checkers, the turn
    /// `1`, the cube position `1` and the first score field as player 1's (and, with the top
    /// player on roll, by default then swaps the players: see `MatchId::from(&Xgid)`).
    #[must_use]
    pub const fn gnubg_player(self) -> u8 {
        match self {
            Side::White => 1,
            Side::Black => 0,
        }
    }

    /// The side GNU Backgammon numbers `player` (0 or 1); see [`Side::gnubg_player`].
    #[must_use]
    pub const fn from_gnubg_player(player: u8) -> Option<Side> {
        match player {
            1 => Some(Side::White),
            0 => Some(Side::Black),
            _ => None,
        }
    }
}

impl From<Side> for Seat {
    fn from(side: Side) -> Seat {
        side.seat()
    }
}

impl TryFrom<Seat> for Side {
    type Error = SideError;
    fn try_from(seat: Seat) -> Result<Side, SideError> {
        Side::from_seat(seat).ok_or(SideError(seat.index()))
    }
}

/// A seat other than 0 and 1: backgammon has two players.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Seat, Side, SideError};
/// assert_eq!(Side::try_from(Seat::new(2)).unwrap_err().0, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seat {0} does not play backgammon (seats 0 and 1 do)")]
#[non_exhaustive]
pub struct SideError(pub usize);

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "white",
            Side::Black => "black",
        })
    }
}

/// A text that is not a side as [`Side`]'s `Display` writes it (`white` or `black`): the
/// text, at most 64 characters of it ([`boardgame_core::text::excerpt`]).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{ParseSideError, Side};
/// let err: ParseSideError = "White".parse::<Side>().unwrap_err();
/// assert_eq!(err.0, "White");
/// assert_eq!(err.to_string(), "not a side (white or black): \"White\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a side (white or black): {0:?}")]
#[non_exhaustive]
pub struct ParseSideError(
    /// The text, at most 64 characters of it.
    pub String,
);

/// Reads exactly what `Display` writes, `white` or `black`: lower case, nothing around it.
///
/// # Errors
///
/// [`ParseSideError`] for any other text.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::Side;
/// assert_eq!("black".parse::<Side>()?, Side::Black);
/// assert_eq!(Side::White.to_string().parse::<Side>()?, Side::White);
/// assert!("Black".parse::<Side>().is_err());
/// assert!("white ".parse::<Side>().is_err());
/// # Ok::<(), lattjo_backgammon::ParseSideError>(())
/// ```
impl FromStr for Side {
    type Err = ParseSideError;
    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        match s {
            "white" => Ok(Side::White),
            "black" => Ok(Side::Black),
            _ => Err(ParseSideError(excerpt(s))),
        }
    }
}

/// A point `1..=24` in some side's own numbering (standard per-player numbering: each side
/// counts towards its own home, point 1 is the deepest home point).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::Point;
/// let p = Point::new(6).unwrap();
/// assert_eq!(p.flip().get(), 19);
/// assert!(Point::new(0).is_none() && Point::new(25).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Point(u8);

/// A number that is not a point `1..=24`.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Point, PointError};
/// let e: PointError = Point::try_from(25).unwrap_err();
/// assert_eq!(e.0, 25);
/// assert!(Point::try_from(24).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a point (1..=24)")]
#[non_exhaustive]
pub struct PointError(pub u8);

impl TryFrom<u8> for Point {
    type Error = PointError;
    fn try_from(n: u8) -> Result<Point, PointError> {
        Point::new(n).ok_or(PointError(n))
    }
}

impl From<Point> for u8 {
    fn from(p: Point) -> u8 {
        p.0
    }
}

impl Point {
    /// The point `n` if `1 <= n <= 24`.
    #[must_use]
    pub const fn new(n: u8) -> Option<Point> {
        if n >= 1 && n <= 24 {
            Some(Point(n))
        } else {
            None
        }
    }

    /// The point number, `1..=24`.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The same physical point in the opponent's numbering (`25 - n`).
    #[must_use]
    pub const fn flip(self) -> Point {
        Point(25 - self.0)
    }
}

/// A booklet point label: `1 … 12` or `1A … 12A` (section 1 of the rules file).
///
/// White's home board is `6 … 1`, Black's `6A … 1A`.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Label, Point, Side};
/// let l: Label = "4A".parse()?;
/// // White enters with a 4 on 4A, which is White's point 21 and Black's point 4 (B14).
/// assert_eq!(l.to_point(Side::White).get(), 21);
/// assert_eq!(l.to_point(Side::Black).get(), 4);
/// assert_eq!(Label::from_point(Side::White, Point::new(21).unwrap()), l);
/// assert_eq!(l.to_string(), "4A");
/// # Ok::<(), lattjo_backgammon::LabelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Label {
    number: u8,
    a: bool,
}

impl TryFrom<String> for Label {
    type Error = LabelError;
    fn try_from(s: String) -> Result<Label, LabelError> {
        s.parse()
    }
}

impl From<Label> for String {
    fn from(l: Label) -> String {
        l.to_string()
    }
}

/// A string that is not a booklet label.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Label, LabelError};
/// assert!(matches!("13A".parse::<Label>(), Err(LabelError::Invalid(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LabelError {
    /// The number is missing, not a number or outside `1..=12`.
    #[error("booklet label {0:?} is not 1..12 or 1A..12A")]
    Invalid(String),
}

impl Label {
    /// The label `number` (1..=12) on the plain side (`a == false`) or the `A` side.
    #[must_use]
    pub const fn new(number: u8, a: bool) -> Option<Label> {
        if number >= 1 && number <= 12 {
            Some(Label { number, a })
        } else {
            None
        }
    }

    /// The number `1..=12`.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.number
    }

    /// Whether this is an `A` label.
    #[must_use]
    pub const fn is_a(self) -> bool {
        self.a
    }

    /// The point in `side`'s own numbering: for White `n` is n and `nA` is 25 - n; for Black
    /// the reverse (the table in section 1).
    #[must_use]
    pub const fn to_point(self, side: Side) -> Point {
        let white = if self.a {
            25 - self.number
        } else {
            self.number
        };
        match side {
            Side::White => Point(white),
            Side::Black => Point(25 - white),
        }
    }

    /// The label of `point` in `side`'s numbering.
    #[must_use]
    pub const fn from_point(side: Side, point: Point) -> Label {
        let white = match side {
            Side::White => point.0,
            Side::Black => 25 - point.0,
        };
        if white <= 12 {
            Label {
                number: white,
                a: false,
            }
        } else {
            Label {
                number: 25 - white,
                a: true,
            }
        }
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number, if self.a { "A" } else { "" })
    }
}

impl FromStr for Label {
    type Err = LabelError;
    fn from_str(s: &str) -> Result<Label, LabelError> {
        let bad = || LabelError::Invalid(excerpt(s));
        let (digits, a) = match s.strip_suffix(['A', 'a']) {
            Some(rest) => (rest, true),
            None => (s, false),
        };
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let n: u8 = digits.parse().map_err(|_| bad())?;
        Label::new(n, a).ok_or_else(bad)
    }
}

/// Why a checker layout is not a backgammon position.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Position, PositionError, Side};
/// let mut white = [0u8; 26];
/// white[6] = 16;
/// match Position::new(Side::White, white, [0; 26]) {
///     Err(PositionError::WrongCount { side: Side::White, count: 16 }) => {}
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A side has more than 15 checkers on the board and bar (or the counts do not add up to 15).
    #[error("{side} has {count} checkers, expected 15 in total")]
    WrongCount {
        /// The side.
        side: Side,
        /// How many checkers were found (including borne off).
        count: u32,
    },
    /// Both colours on one point (B10).
    #[error("white's point {point} holds checkers of both colours")]
    SharedPoint {
        /// The point in White's numbering.
        point: u8,
    },
    /// Both sides have borne off all 15 checkers: no game reaches this layout, since it ends
    /// when the first side is off (B30, A14).
    #[error("both sides have borne off all their checkers")]
    BothBorneOff,
}

/// A validated checker layout plus the side on roll.
///
/// Each side's checkers are stored in its own standard numbering: index 0 is borne off,
/// 1..=24 the points, 25 the bar. Invariants: 15 checkers per side, never both colours on one
/// point (B10).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Position, Side};
/// let p = Position::start(Side::White);
/// assert_eq!(p.pip_count(Side::White), 167);
/// assert_eq!(p.position_id(), "4HPwATDgc/ABMA");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "PositionSetup", into = "PositionSetup")
)]
pub struct Position {
    pub(crate) board: [[u8; 26]; 2],
    pub(crate) to_move: Side,
}

/// An unvalidated position: the raw counts, as (de)serialized. Turn it into a [`Position`]
/// with `Position::try_from`.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Position, PositionSetup, Side};
/// let mut setup = PositionSetup::from(Position::start(Side::White));
/// setup.white[24] = 0; // White's back checkers are off
/// let p = Position::try_from(setup)?;
/// assert_eq!(p.off(Side::White), 2);
/// # Ok::<(), lattjo_backgammon::PositionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PositionSetup {
    /// White's checkers by White's point number (0 = borne off, 25 = bar).
    pub white: [u8; 26],
    /// Black's checkers by Black's point number (0 = borne off, 25 = bar).
    pub black: [u8; 26],
    /// The side on roll.
    pub to_move: Side,
}

impl TryFrom<PositionSetup> for Position {
    type Error = PositionError;
    fn try_from(s: PositionSetup) -> Result<Position, PositionError> {
        Position::new(s.to_move, s.white, s.black)
    }
}

impl From<Position> for PositionSetup {
    fn from(p: Position) -> PositionSetup {
        PositionSetup {
            white: p.board[0],
            black: p.board[1],
            to_move: p.to_move,
        }
    }
}

impl Position {
    /// The standard starting layout (section 1: 24:2, 13:5, 8:3, 6:5 for each side).
    #[must_use]
    pub const fn start(to_move: Side) -> Position {
        let mut side = [0u8; 26];
        side[24] = 2;
        side[13] = 5;
        side[8] = 3;
        side[6] = 5;
        Position {
            board: [side, side],
            to_move,
        }
    }

    /// A position from each side's counts in its own numbering (index 0 = borne off,
    /// 1..=24 points, 25 = bar). The borne-off entry is ignored and recomputed from the rest.
    ///
    /// # Errors
    ///
    /// [`PositionError`] when a side has more than 15 checkers in play, a point holds both
    /// colours, or both sides have borne off everything.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Position, PositionError, Side};
    /// let mut white = [0u8; 26];
    /// white[6] = 15; // all fifteen on White's 6 point
    /// let mut black = [0u8; 26];
    /// black[24] = 2; // two on Black's 24 point, the rest borne off
    /// let p = Position::new(Side::White, white, black)?;
    /// assert_eq!(p.off(Side::Black), 13);
    /// black[19] = 1; // Black's 19 is White's 6
    /// assert!(matches!(Position::new(Side::White, white, black),
    ///     Err(PositionError::SharedPoint { point: 6 })));
    /// # Ok::<(), PositionError>(())
    /// ```
    pub fn new(to_move: Side, white: [u8; 26], black: [u8; 26]) -> Result<Position, PositionError> {
        let mut board = [white, black];
        for side in Side::ALL {
            let b = &mut board[side.index()];
            let in_play: u32 = b[1..].iter().map(|&c| u32::from(c)).sum();
            if in_play > u32::from(CHECKERS) {
                return Err(PositionError::WrongCount {
                    side,
                    count: in_play,
                });
            }
            b[OFF] = CHECKERS - in_play as u8;
        }
        for p in 1..=24 {
            if board[0][p] > 0 && board[1][25 - p] > 0 {
                return Err(PositionError::SharedPoint { point: p as u8 });
            }
        }
        if board[0][OFF] == CHECKERS && board[1][OFF] == CHECKERS {
            return Err(PositionError::BothBorneOff);
        }
        Ok(Position { board, to_move })
    }

    /// The side on roll.
    #[must_use]
    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// The same layout with `side` on roll.
    #[must_use]
    pub const fn with_to_move(mut self, side: Side) -> Position {
        self.to_move = side;
        self
    }

    /// The checker counts of `side` in its own numbering (0 = off, 25 = bar).
    #[must_use]
    pub const fn checkers(&self, side: Side) -> &[u8; 26] {
        &self.board[side as usize]
    }

    /// Checkers of `side` on its own point `point`.
    #[must_use]
    pub const fn count(&self, side: Side, point: Point) -> u8 {
        self.board[side as usize][point.0 as usize]
    }

    /// Checkers of `side` on the bar.
    #[must_use]
    pub const fn bar(&self, side: Side) -> u8 {
        self.board[side as usize][BAR]
    }

    /// Checkers of `side` borne off.
    #[must_use]
    pub const fn off(&self, side: Side) -> u8 {
        self.board[side as usize][OFF]
    }

    /// The pip count of `side`: the sum over its checkers of their point number (bar = 25).
    #[must_use]
    pub fn pip_count(&self, side: Side) -> u32 {
        self.board[side.index()]
            .iter()
            .enumerate()
            .map(|(p, &c)| p as u32 * u32::from(c))
            .sum()
    }

    /// The same game with colours swapped: each checker keeps its point number in its
    /// owner's numbering and the other colour is on roll (section 7, colour symmetry).
    #[must_use]
    pub const fn swap_colours(&self) -> Position {
        Position {
            board: [self.board[1], self.board[0]],
            to_move: self.to_move.opponent(),
        }
    }

    /// Whether `side` is closed out: it has a checker on the bar and the opponent holds all
    /// six points of its home board (two or more checkers on each of the opponent's points 1
    /// to 6), so no die lets it enter (B9) and, with a checker on the bar, it may move no
    /// other (B13): it cannot move at all.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Position, Side};
    /// let mut white = [0u8; 26];
    /// white[25] = 1; // on the bar
    /// white[13] = 14;
    /// let mut black = [0u8; 26];
    /// for p in 1..=6 {
    ///     black[p] = 2; // Black's home board closed
    /// }
    /// black[13] = 3;
    /// let p = Position::new(Side::White, white, black)?;
    /// assert!(p.closed_out(Side::White) && !p.closed_out(Side::Black));
    /// # Ok::<(), lattjo_backgammon::PositionError>(())
    /// ```
    #[must_use]
    pub const fn closed_out(&self, side: Side) -> bool {
        let home = &self.board[side.opponent() as usize];
        self.board[side as usize][BAR] > 0
            && home[1] >= 2
            && home[2] >= 2
            && home[3] >= 2
            && home[4] >= 2
            && home[5] >= 2
            && home[6] >= 2
    }

    /// Whether `side` has borne off all 15 checkers (B30).
    #[must_use]
    pub const fn has_won(&self, side: Side) -> bool {
        self.board[side as usize][OFF] == CHECKERS
    }

    /// The side that has borne off all 15 checkers, if one has: the game is over (B30).
    #[must_use]
    pub const fn winner(&self) -> Option<Side> {
        if self.has_won(Side::White) {
            Some(Side::White)
        } else if self.has_won(Side::Black) {
            Some(Side::Black)
        } else {
            None
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position({} {:?} to move)",
            self.position_id(),
            self.to_move
        )
    }
}

/// A text diagram: the 24 points in White's numbering (`W3` = three white checkers,
/// `B2` = two black), then the bars and the borne-off counts.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in [
            (13..=24).collect::<Vec<u8>>(),
            (1..=12).rev().collect::<Vec<u8>>(),
        ] {
            for p in row {
                let w = self.board[0][p as usize];
                let b = self.board[1][25 - p as usize];
                if w > 0 {
                    write!(f, " W{w:<2}")?;
                } else if b > 0 {
                    write!(f, " B{b:<2}")?;
                } else {
                    write!(f, "  . ")?;
                }
            }
            writeln!(f)?;
        }
        write!(
            f,
            "bar W{} B{}  off W{} B{}  {} to move",
            self.bar(Side::White),
            self.bar(Side::Black),
            self.off(Side::White),
            self.off(Side::Black),
            self.to_move
        )
    }
}

/// A text that is not a position as [`Position`]'s `Display` writes it.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{ParsePositionError, Position, PositionError, Side};
/// let text = Position::start(Side::White).to_string();
/// let err = text.replace("W5 ", "W6 ").parse::<Position>().unwrap_err();
/// assert!(matches!(err, ParsePositionError::Position(PositionError::WrongCount { .. })));
/// let err = text.replace("off W0", "off W1").parse::<Position>().unwrap_err();
/// assert!(matches!(err, ParsePositionError::BorneOff { side: Side::White, written: 1, counted: 0 }));
/// let err = text.replace(" to move", " on roll").parse::<Position>().unwrap_err();
/// assert!(matches!(err, ParsePositionError::Diagram { line: 3, .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// A line that is not as `Display` writes it: the first such (counted from 1: the points
    /// 13 to 24, the points 12 to 1, the bars, borne-off counts and side on roll; 4 for text
    /// after them) and its text, at most 64 characters of it
    /// ([`boardgame_core::text::excerpt`]; empty for a line that is missing).
    #[error("line {line} of a position diagram is not as Position's Display writes it: {text:?}")]
    Diagram {
        /// The line, counted from 1.
        line: usize,
        /// The line's text, at most 64 characters of it.
        text: String,
    },
    /// Checker counts that make no position ([`Position::new`]'s error).
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A borne-off count that is not 15 less the side's checkers on the points and the bar.
    #[error(
        "{side} has {written} checkers borne off in the diagram, but {counted} by its other checkers"
    )]
    BorneOff {
        /// The side.
        side: Side,
        /// The count written after `off`.
        written: u8,
        /// 15 less the side's checkers on the points and the bar.
        counted: u8,
    },
}

/// Reads exactly what `Display` writes: the points 13 to 24, then 12 to 1, in White's
/// numbering, each ` Wn` or ` Bn` with `n` left-aligned in two columns, or `  . ` for an empty
/// point; then `bar W<n> B<n>  off W<n> B<n>  <side> to move`; lines ending in `\n` but the
/// last, which ends the text. `parse(p.to_string()) == p` for every position. The shorter
/// texts of a position are its Position ID ([`Position::position_id`]) and the XGID of a
/// state ([`crate::Xgid`]).
///
/// # Errors
///
/// [`ParsePositionError::Diagram`] for a line that is not as `Display` writes it,
/// [`ParsePositionError::Position`] for counts that make no position, and
/// [`ParsePositionError::BorneOff`] for a borne-off count that does not add up.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Position, Side};
/// let start = Position::start(Side::Black);
/// let text = start.to_string();
/// assert!(text.ends_with("bar W0 B0  off W0 B0  black to move"));
/// assert_eq!(text.parse::<Position>()?, start);
/// assert!(format!("{text}\n").parse::<Position>().is_err());
/// # Ok::<(), lattjo_backgammon::ParsePositionError>(())
/// ```
impl FromStr for Position {
    type Err = ParsePositionError;
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let bad = |line: usize, text: &str| ParsePositionError::Diagram {
            line,
            text: excerpt(text),
        };
        let mut white = [0u8; 26];
        let mut black = [0u8; 26];
        let mut lines = s.split_inclusive('\n');
        for (i, points) in [[13, 24], [12, 1]].into_iter().enumerate() {
            let line = lines.next().unwrap_or("");
            let row = line.strip_suffix('\n').map(str::as_bytes);
            let Some(row) = row.filter(|r| r.len() == 48) else {
                return Err(bad(i + 1, line));
            };
            for (j, cell) in row.chunks_exact(4).enumerate() {
                // The point in White's numbering: 13 to 24 on the first line, 12 to 1 on the
                // second.
                let p = if points[0] < points[1] {
                    13 + j
                } else {
                    12 - j
                };
                let count = match *cell {
                    [b' ', b' ', b'.', b' '] => continue,
                    [b' ', _, d @ b'1'..=b'9', b' '] => d - b'0',
                    [b' ', _, d @ b'1'..=b'9', e @ b'0'..=b'9'] => (d - b'0') * 10 + (e - b'0'),
                    _ => return Err(bad(i + 1, line)),
                };
                match cell[1] {
                    b'W' => white[p] = count,
                    b'B' => black[25 - p] = count,
                    _ => return Err(bad(i + 1, line)),
                }
            }
        }
        let last = lines.next().unwrap_or("");
        if let Some(extra) = lines.next() {
            return Err(bad(4, extra));
        }
        let (bar_white, bar_black, off_white, off_black, to_move) =
            read_last_line(last).ok_or_else(|| bad(3, last))?;
        white[BAR] = bar_white;
        black[BAR] = bar_black;
        let position = Position::new(to_move, white, black)?;
        for (side, written) in [(Side::White, off_white), (Side::Black, off_black)] {
            let counted = position.off(side);
            if written != counted {
                return Err(ParsePositionError::BorneOff {
                    side,
                    written,
                    counted,
                });
            }
        }
        Ok(position)
    }
}

/// `bar W<n> B<n>  off W<n> B<n>  <side> to move`: the bars, the borne-off counts and the
/// side on roll, each number in digits without a sign or a leading zero.
fn read_last_line(line: &str) -> Option<(u8, u8, u8, u8, Side)> {
    fn number<'a>(s: &'a str, until: &str) -> Option<(u8, &'a str)> {
        let (digits, rest) = s.split_once(until)?;
        Some((boardgame_core::text::decimal(digits)?, rest))
    }
    let rest = line.strip_prefix("bar W")?;
    let (bar_white, rest) = number(rest, " B")?;
    let (bar_black, rest) = number(rest, "  off W")?;
    let (off_white, rest) = number(rest, " B")?;
    let (off_black, rest) = number(rest, "  ")?;
    let to_move = rest.strip_suffix(" to move")?.parse().ok()?;
    Some((bar_white, bar_black, off_white, off_black, to_move))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Any position: each side's 15 checkers anywhere in its own numbering (off, a point or
    /// the bar), a black checker on a point White holds moved to the bar.
    fn any_position() -> impl Strategy<Value = Position> {
        let side = proptest::collection::vec(0usize..26, 15);
        (side.clone(), side, any::<bool>()).prop_filter_map("a position", |(w, b, black)| {
            let mut white = [0u8; 26];
            let mut blacks = [0u8; 26];
            for p in w {
                white[p] += 1;
            }
            for p in b {
                let taken = (1..=24).contains(&p) && white[25 - p] > 0;
                blacks[if taken { BAR } else { p }] += 1;
            }
            let to_move = if black { Side::Black } else { Side::White };
            Position::new(to_move, white, blacks).ok()
        })
    }

    proptest! {
        #[test]
        fn every_position_reads_back_from_its_diagram(p in any_position()) {
            prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p));
        }
    }

    #[test]
    fn the_extreme_positions_read_back_from_their_diagrams() {
        let mut all_on_bar = [0u8; 26];
        all_on_bar[BAR] = 15;
        let mut all_on_one = [0u8; 26];
        all_on_one[24] = 15;
        let mut all_off = [0u8; 26];
        all_off[OFF] = 15;
        for (white, black) in [
            (all_on_bar, all_on_one),
            (all_on_one, all_on_bar),
            (all_off, all_on_one),
            (all_on_one, all_off),
        ] {
            for side in Side::ALL {
                let p = Position::new(side, white, black).expect("a position");
                assert_eq!(p.to_string().parse::<Position>(), Ok(p), "{p}");
            }
        }
    }

    #[test]
    fn a_text_that_is_no_position_diagram_names_what_is_wrong_without_a_panic() {
        let good = Position::start(Side::White).to_string();
        let long = "W".repeat(100_000);
        // Texts not as `Display` writes them, and the line each is wrong on.
        let cases: Vec<(String, usize)> = vec![
            (String::new(), 1),
            (" ".into(), 1),
            (long, 1),
            (good.repeat(1_000), 4),
            (format!("{good}\n"), 3),
            (format!("{good} "), 3),
            (format!(" {good}"), 1),
            (good.replacen('\n', "\r\n", 1), 1),
            (good.replacen("W5 ", "w5 ", 1), 1),
            (good.replacen("W5 ", "X5 ", 1), 1),
            (good.replacen("W5 ", "W05", 1), 1),
            (good.replacen("W5 ", "W0 ", 1), 1),
            (good.replacen("W5 ", "W 5", 1), 1),
            (good.replacen("W5 ", "W５", 1), 1),
            (good.replacen("W2 ", "Wé", 1), 1),
            (good.replacen("B2 ", "Bé", 1), 2),
            (good.replacen("bar W0", "bar W00", 1), 3),
            (good.replacen("bar W0", "bar W+0", 1), 3),
            (good.replacen("bar W0", "bar W256", 1), 3),
            (good.replacen("white", "White", 1), 3),
            (good.replacen("  off", " off", 1), 3),
            (good.replacen(" to move", "", 1), 3),
        ];
        for (bad, line) in cases {
            match bad.parse::<Position>() {
                Err(ParsePositionError::Diagram { line: l, text }) => {
                    assert_eq!(l, line, "{bad:?}");
                    assert!(text.chars().count() <= boardgame_core::text::EXCERPT_CHARS);
                }
                other => panic!("{bad:?}: {other:?}"),
            }
        }
        // A diagram of counts that make no position, and one whose borne-off count is wrong.
        assert!(matches!(
            good.replacen("bar W0", "bar W1", 1).parse::<Position>(),
            Err(ParsePositionError::Position(
                PositionError::WrongCount { .. }
            ))
        ));
        assert_eq!(
            good.replacen("off W0 B0", "off W0 B2", 1)
                .parse::<Position>(),
            Err(ParsePositionError::BorneOff {
                side: Side::Black,
                written: 2,
                counted: 0,
            })
        );
    }

    #[test]
    fn both_sides_read_back_from_their_text() {
        for side in Side::ALL {
            assert_eq!(side.to_string().parse::<Side>(), Ok(side));
        }
    }

    #[test]
    fn a_text_that_is_no_side_is_refused_without_a_panic() {
        let long = "white".repeat(20_000);
        for bad in [
            "",
            " ",
            "White",
            "BLACK",
            "w",
            "b",
            "white ",
            " black",
            "white\n",
            "whitex",
            "white black",
            "0",
            "seat 0",
            "whité",
            "ｗhite",
            &long,
        ] {
            let err = bad.parse::<Side>().expect_err(bad);
            assert_eq!(err, ParseSideError(excerpt(bad)), "{bad:?}");
            assert!(err.0.chars().count() <= boardgame_core::text::EXCERPT_CHARS);
        }
    }

    #[test]
    fn start_position_pip_count_167_each_side() {
        let p = Position::start(Side::White);
        assert_eq!(p.pip_count(Side::White), 167);
        assert_eq!(p.pip_count(Side::Black), 167);
        assert_eq!(p.off(Side::White), 0);
    }

    // B2, B14, section 1 table: labels and standard numbers convert both ways.
    #[test]
    fn b2_b14_booklet_labels_map_to_points_both_ways() {
        for side in Side::ALL {
            for n in 1..=24 {
                let p = Point::new(n).unwrap();
                let l = Label::from_point(side, p);
                assert_eq!(l.to_point(side), p);
                assert_eq!(l.to_string().parse::<Label>().unwrap(), l);
            }
        }
        // White's home board is 6..1, Black's is 6A..1A (B2).
        assert_eq!("6".parse::<Label>().unwrap().to_point(Side::White).get(), 6);
        assert_eq!(
            "6A".parse::<Label>().unwrap().to_point(Side::Black).get(),
            6
        );
        // White's start: 2 on 1A, 5 on 12A, 3 on 8, 5 on 6 (section 1).
        let s = Position::start(Side::White);
        for (label, n) in [("1A", 2), ("12A", 5), ("8", 3), ("6", 5)] {
            let l: Label = label.parse().unwrap();
            assert_eq!(s.count(Side::White, l.to_point(Side::White)), n, "{label}");
        }
        for (label, n) in [("1", 2), ("12", 5), ("8A", 3), ("6A", 5)] {
            let l: Label = label.parse().unwrap();
            assert_eq!(s.count(Side::Black, l.to_point(Side::Black)), n, "{label}");
        }
        for bad in ["", "0", "13", "A", "1B", "123A", "-1", "+1"] {
            assert!(bad.parse::<Label>().is_err(), "{bad}");
        }
    }

    // B10: a point never holds both colours; B1: 15 checkers each.
    #[test]
    fn b1_b10_position_validation() {
        let mut w = [0u8; 26];
        let mut b = [0u8; 26];
        w[6] = 15;
        b[19] = 1; // Black's 19 is White's 6
        assert_eq!(
            Position::new(Side::White, w, b),
            Err(PositionError::SharedPoint { point: 6 })
        );
        b[19] = 0;
        b[25] = 16;
        assert!(matches!(
            Position::new(Side::White, w, b),
            Err(PositionError::WrongCount {
                side: Side::Black,
                ..
            })
        ));
        b[25] = 2;
        let p = Position::new(Side::White, w, b).unwrap();
        assert_eq!(p.off(Side::Black), 13);
    }

    /// Issue 15.5: the empty board (both sides borne off) is no position of any game (B30,
    /// A14: a game ends when the first side is off), so no text or serde input can build it.
    #[test]
    fn regression_empty_board_is_not_a_position() {
        assert_eq!(
            Position::new(Side::White, [0; 26], [0; 26]),
            Err(PositionError::BothBorneOff)
        );
        // One side off is a final position and stays representable.
        let mut b = [0u8; 26];
        b[3] = 1;
        let p = Position::new(Side::Black, [0; 26], b).unwrap();
        assert_eq!(p.winner(), Some(Side::White));
    }

    #[test]
    fn gnubg_player_numbers_are_the_reverse_of_seats() {
        for side in Side::ALL {
            assert_eq!(Side::from_gnubg_player(side.gnubg_player()), Some(side));
            assert_ne!(usize::from(side.gnubg_player()), side.index());
        }
        assert_eq!(Side::from_gnubg_player(2), None);
    }
}
