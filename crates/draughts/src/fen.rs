//! PDN FEN: `B:W21,22,...:B1,2,...` (side to move, then each colour's squares; `K` marks a
//! king; ranges such as `1-12` are accepted).

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use crate::position::{Position, PositionError, Setup};
use crate::square::{Color, Piece, Role, Square};

/// Why a PDN FEN could not be read.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{FenError, Position, Square};
/// assert_eq!("B:W33:B1".parse::<Position>(), Err(FenError::SquareOutOfRange(33)));
/// assert_eq!(
///     "B:W5:B5".parse::<Position>(),
///     Err(FenError::DuplicateSquare(Square::new(5).unwrap()))
/// );
/// assert!(matches!("B:W1-13:B30".parse::<Position>(), Err(FenError::Invalid(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    /// Nothing but spaces.
    #[error("empty fen")]
    Empty,
    /// The first field is not `B` or `W`.
    #[error("the side to move must be B or W, got {0:?}")]
    BadTurn(String),
    /// A piece list that does not start with `B` or `W`.
    #[error("a piece list must start with B or W, got {0:?}")]
    BadColor(String),
    /// The same colour's list given twice.
    #[error("the {0} pieces are listed twice")]
    RepeatedColor(Color),
    /// More than the side to move and two piece lists.
    #[error("too many ':'-separated fields")]
    TooManyFields,
    /// A list item that is not a square number, `K` and a number, or a range.
    #[error("not a square: {0:?}")]
    BadSquare(String),
    /// A square number outside 1-32.
    #[error("square {0} is out of range (squares are numbered 1-32)")]
    SquareOutOfRange(u32),
    /// A range whose end is below its start.
    #[error("bad square range {0:?}")]
    BadRange(String),
    /// A square given two pieces.
    #[error("square {0} is given more than one piece")]
    DuplicateSquare(Square),
    /// Well formed, but not a possible position.
    #[error(transparent)]
    Invalid(#[from] PositionError),
}

fn parse_number(item: &str) -> Result<u32, FenError> {
    let t = item.trim();
    if t.is_empty() || t.len() > 9 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FenError::BadSquare(excerpt(item)));
    }
    t.parse().map_err(|_| FenError::BadSquare(excerpt(item)))
}

fn square(n: u32) -> Result<Square, FenError> {
    u8::try_from(n)
        .ok()
        .and_then(Square::new)
        .ok_or(FenError::SquareOutOfRange(n))
}

fn parse_color(t: &str) -> Option<Color> {
    match t {
        "B" | "b" => Some(Color::Black),
        "W" | "w" => Some(Color::White),
        _ => None,
    }
}

impl FromStr for Position {
    type Err = FenError;

    /// Reads a PDN FEN. Spaces anywhere, surrounding quotes, a trailing `.`, either colour
    /// order, and square ranges (`K1-3`) are accepted.
    fn from_str(s: &str) -> Result<Position, FenError> {
        let mut t = s.trim();
        if let Some(inner) = t.strip_prefix('"').and_then(|x| x.strip_suffix('"')) {
            t = inner.trim();
        }
        t = t.strip_suffix('.').unwrap_or(t).trim();
        if t.is_empty() {
            return Err(FenError::Empty);
        }
        let mut fields = t.split(':');
        let turn_field = fields.next().unwrap_or("").trim();
        let turn = parse_color(turn_field).ok_or_else(|| FenError::BadTurn(excerpt(turn_field)))?;
        let mut setup = Setup::empty(turn);
        let mut seen = [false; 2];
        for (k, field) in fields.enumerate() {
            if k >= 2 {
                return Err(FenError::TooManyFields);
            }
            let field = field.trim();
            let (head, list) =
                field.split_at(field.char_indices().nth(1).map_or(field.len(), |(i, _)| i));
            let color = parse_color(head).ok_or_else(|| FenError::BadColor(excerpt(field)))?;
            if seen[color as usize] {
                return Err(FenError::RepeatedColor(color));
            }
            seen[color as usize] = true;
            for item in list.split(',') {
                let item = item.trim();
                if item.is_empty() {
                    continue;
                }
                let (role, rest) = match item.strip_prefix(['K', 'k']) {
                    Some(r) => (Role::King, r.trim()),
                    None => (Role::Man, item),
                };
                // A malformed part is reported with its whole item (`K`, `21-`), not the
                // empty or partial text around the `-`.
                let number =
                    |t: &str| parse_number(t).map_err(|_| FenError::BadSquare(excerpt(item)));
                let (lo, hi) = match rest.split_once('-') {
                    Some((a, b)) => {
                        let (a, b) = (number(a)?, number(b)?);
                        if b < a {
                            return Err(FenError::BadRange(excerpt(item)));
                        }
                        (a, b)
                    }
                    None => {
                        let n = number(rest)?;
                        (n, n)
                    }
                };
                // Checks both ends before walking the range, so a huge range costs nothing.
                square(lo)?;
                square(hi)?;
                for n in lo..=hi {
                    let sq = square(n)?;
                    if setup.get(sq).is_some() {
                        return Err(FenError::DuplicateSquare(sq));
                    }
                    setup.set(sq, Some(Piece { color, role }));
                }
            }
        }
        Ok(Position::try_from(setup)?)
    }
}

impl fmt::Display for Position {
    /// Writes the PDN FEN, White's list first, squares in ascending order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.turn.letter())?;
        for color in [Color::White, Color::Black] {
            write!(f, ":{}", color.letter())?;
            let mut first = true;
            for (s, p) in self.pieces().filter(|(_, p)| p.color == color) {
                if !first {
                    f.write_str(",")?;
                }
                first = false;
                if p.role == Role::King {
                    f.write_str("K")?;
                }
                write!(f, "{s}")?;
            }
        }
        Ok(())
    }
}

impl TryFrom<String> for Position {
    type Error = FenError;
    fn try_from(s: String) -> Result<Position, FenError> {
        s.parse()
    }
}

impl From<Position> for String {
    fn from(p: Position) -> String {
        p.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

    #[test]
    fn start_round_trip_section_6() {
        let p: Position = START.parse().unwrap();
        assert_eq!(p, Position::start());
        assert_eq!(p.to_string(), START);
    }

    #[test]
    fn either_order_spaces_ranges_and_kings() {
        let a: Position = " B : B1-12 : W 21 - 32 ".parse().unwrap();
        assert_eq!(a, Position::start());
        let k: Position = "W:W18,K2:B7,K10".parse().unwrap();
        assert_eq!(k.turn(), Color::White);
        assert_eq!(
            k.piece_at(Square::new(2).unwrap()),
            Some(Piece {
                color: Color::White,
                role: Role::King
            })
        );
        assert_eq!(k.to_string(), "W:WK2,18:B7,K10");
        assert_eq!("\"W:W18,K2:B7,K10.\"".parse::<Position>(), Ok(k));
    }

    #[test]
    fn typed_errors() {
        let e = |s: &str| s.parse::<Position>().unwrap_err();
        assert_eq!(e("B:W33:B1"), FenError::SquareOutOfRange(33));
        assert_eq!(e("B:W0:B1"), FenError::SquareOutOfRange(0));
        assert_eq!(
            e("B:W5:B5"),
            FenError::DuplicateSquare(Square::new(5).unwrap())
        );
        assert_eq!(
            e("B:W5,K5:B1"),
            FenError::DuplicateSquare(Square::new(5).unwrap())
        );
        assert_eq!(
            e("B:W1-13:B30"),
            FenError::Invalid(PositionError::ManOnCrowningRow {
                color: Color::White,
                square: Square::new(1).unwrap()
            })
        );
        assert_eq!(
            e("B:WK1-13:BK30"),
            FenError::Invalid(PositionError::TooManyPieces {
                color: Color::White,
                count: 13
            })
        );
        assert_eq!(
            e("W:W20:B29"),
            FenError::Invalid(PositionError::ManOnCrowningRow {
                color: Color::Black,
                square: Square::new(29).unwrap()
            })
        );
        assert_eq!(e(""), FenError::Empty);
        assert_eq!(e("X:W1"), FenError::BadTurn("X".into()));
        assert_eq!(e("B:Q1"), FenError::BadColor("Q1".into()));
        assert_eq!(e("B:W21:W22"), FenError::RepeatedColor(Color::White));
        assert_eq!(e("B:W21:B1:B2"), FenError::TooManyFields);
        assert_eq!(e("B:W2x:B1"), FenError::BadSquare("2x".into()));
        assert_eq!(e("B:W1,K2x:B1"), FenError::BadSquare("K2x".into()));
        assert_eq!(e("B:W9-5:B1"), FenError::BadRange("9-5".into()));
        assert_eq!(
            e("B:W1-99999999:B1"),
            FenError::SquareOutOfRange(99_999_999)
        );
    }

    /// Regression (notation audit, 5 Dec 2026): a list item with a missing number (`K`,
    /// `21-`, `-21`, `K-3`) was `BadSquare("")`, naming only the empty text beside its `K`
    /// or `-`; the error now names the whole item.
    #[test]
    fn fen_error_named_the_empty_part_of_an_item_not_the_item() {
        let e = |s: &str| s.parse::<Position>().unwrap_err();
        for item in ["K", "21-", "-21", "K-3", "K 1 -", "1--2", "k"] {
            assert_eq!(
                e(&format!("B:W{item}:B1")),
                FenError::BadSquare(item.trim().to_string()),
                "{item}"
            );
        }
        assert_eq!(
            e("B:W21,K:B1").to_string(),
            "not a square: \"K\"",
            "the message names the item"
        );
    }
}
