//! Piece placement: which piece stands on which square.

use core::fmt;
use core::str::FromStr;

use boardgame_core::text::excerpt;

use crate::bitboard::Bitboard;
use crate::types::{ByColor, Color, File, Piece, Rank, Role, Square};

/// The pieces on the board, as one bitboard per role and one per colour.
///
/// A `Board` is only a placement: any number of pieces anywhere. It is always consistent,
/// though: every occupied square holds exactly one role and one colour, whichever way the
/// board was built (the methods keep it so, [`Board::from_bitboards`] and deserialization
/// check it). [`crate::Position`] adds the side to move and the rest, and is always valid.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Board, Color, Piece, Role, Square};
///
/// let mut board = Board::empty();
/// board.set_piece_at(Square::E1, Piece { color: Color::White, role: Role::King });
/// board.set_piece_at(Square::E8, Piece { color: Color::Black, role: Role::King });
/// assert_eq!(board.board_fen(), "4k3/8/8/8/8/8/8/4K3");
/// assert_eq!(board.piece_at(Square::E1).map(|p| p.role), Some(Role::King));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: ByColor<Bitboard>,
}

impl Default for Board {
    fn default() -> Board {
        Board::standard()
    }
}

/// Bitboards that do not describe a placement (see [`Board::from_bitboards`]): each set
/// names the squares with that defect.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Bitboard, Board, ByColor, Square};
///
/// let mut roles = [Bitboard::EMPTY; 6];
/// roles[5] = Bitboard::from_square(Square::E1);
/// let colors = ByColor { white: Bitboard::EMPTY, black: Bitboard::EMPTY };
/// let err = Board::from_bitboards(roles, colors).unwrap_err();
/// assert_eq!(err.without_color, Bitboard::from_square(Square::E1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("inconsistent bitboards: {}", describe(self))]
#[non_exhaustive]
pub struct BoardError {
    /// Squares that are in two or more role sets.
    pub overlapping_roles: Bitboard,
    /// Squares that are in both colour sets.
    pub overlapping_colors: Bitboard,
    /// Squares with a role but no colour.
    pub without_color: Bitboard,
    /// Squares with a colour but no role.
    pub without_role: Bitboard,
}

fn describe(e: &BoardError) -> String {
    let mut parts = Vec::new();
    for (set, what) in [
        (e.overlapping_roles, "in two role sets"),
        (e.overlapping_colors, "in both colour sets"),
        (e.without_color, "with a role but no colour"),
        (e.without_role, "with a colour but no role"),
    ] {
        if set.any() {
            let squares: Vec<String> = set.map(|s| s.to_string()).collect();
            parts.push(format!("{} {what}", squares.join(" ")));
        }
    }
    parts.join(", ")
}

impl Board {
    /// A board from one bitboard per role (`Role::index` order: pawns, knights, bishops,
    /// rooks, queens, kings) and one per colour.
    ///
    /// # Errors
    ///
    /// [`BoardError`] when a square is in two role sets or both colour sets, or has a role
    /// but no colour, or a colour but no role.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Bitboard, Board, ByColor};
    ///
    /// let kings = Bitboard(0x1000_0000_0000_0010); // e1 and e8
    /// let colors = ByColor { white: Bitboard(0x10), black: Bitboard(0x1000_0000_0000_0000) };
    /// let mut roles = [Bitboard::EMPTY; 6];
    /// roles[5] = kings;
    /// assert!(Board::from_bitboards(roles, colors).is_ok());
    /// roles[1] = Bitboard(0x10); // e1 is also a knight
    /// assert!(Board::from_bitboards(roles, colors).is_err());
    /// ```
    pub fn from_bitboards(
        by_role: [Bitboard; 6],
        by_color: ByColor<Bitboard>,
    ) -> Result<Board, BoardError> {
        let mut seen = Bitboard::EMPTY;
        let mut overlapping_roles = Bitboard::EMPTY;
        for r in by_role {
            overlapping_roles |= seen & r;
            seen |= r;
        }
        let colored = by_color.white | by_color.black;
        let err = BoardError {
            overlapping_roles,
            overlapping_colors: by_color.white & by_color.black,
            without_color: seen & !colored,
            without_role: colored & !seen,
        };
        if (err.overlapping_roles | err.overlapping_colors | err.without_color | err.without_role)
            .any()
        {
            Err(err)
        } else {
            Ok(Board { by_role, by_color })
        }
    }

    /// An empty board.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: ByColor {
                white: Bitboard::EMPTY,
                black: Bitboard::EMPTY,
            },
        }
    }

    /// The standard starting placement (section 1 of the rules).
    #[must_use]
    pub const fn standard() -> Board {
        Board {
            by_role: [
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
            by_color: ByColor {
                white: Bitboard(0xffff),
                black: Bitboard(0xffff_0000_0000_0000),
            },
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.by_color.white.contains(sq) {
            Color::White
        } else if self.by_color.black.contains(sq) {
            Color::Black
        } else {
            return None;
        };
        self.role_at(sq).map(|role| Piece { color, role })
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|&r| self.by_role[r as usize].contains(sq))
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        self.discard_piece_at(sq);
        self.by_role[piece.role as usize] = self.by_role[piece.role as usize].with(sq);
        self.by_color[piece.color] = self.by_color[piece.color].with(sq);
    }

    /// Removes and returns the piece on `sq`, if any.
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let p = self.piece_at(sq);
        self.discard_piece_at(sq);
        p
    }

    #[inline]
    pub(crate) fn discard_piece_at(&mut self, sq: Square) {
        let m = !Bitboard::from_square(sq);
        for b in &mut self.by_role {
            *b &= m;
        }
        self.by_color.white &= m;
        self.by_color.black &= m;
    }

    /// Toggles `piece` on `sq` (adds it if absent, removes it if present). Low level: the
    /// caller keeps the board consistent.
    #[inline]
    pub(crate) fn toggle(&mut self, sq: Square, color: Color, role: Role) {
        let b = Bitboard::from_square(sq);
        self.by_role[role as usize] ^= b;
        self.by_color[color] ^= b;
    }

    /// Squares occupied by `color`.
    #[inline]
    #[must_use]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color]
    }

    /// Squares occupied by pieces of `role`, either colour.
    #[inline]
    #[must_use]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role as usize]
    }

    /// Squares occupied by `piece`.
    #[inline]
    #[must_use]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role[piece.role as usize] & self.by_color[piece.color]
    }

    /// Every occupied square.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.by_color.white | self.by_color.black
    }

    /// The square of `color`'s king, if there is exactly one.
    #[must_use]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.by_role(Role::King) & self.by_color(color)).single()
    }

    /// Bishops and queens.
    #[inline]
    pub(crate) fn diagonal_sliders(&self) -> Bitboard {
        self.by_role[Role::Bishop as usize] | self.by_role[Role::Queen as usize]
    }

    /// Rooks and queens.
    #[inline]
    pub(crate) fn straight_sliders(&self) -> Bitboard {
        self.by_role[Role::Rook as usize] | self.by_role[Role::Queen as usize]
    }

    /// The same placement with colours swapped and the board mirrored top to bottom.
    #[must_use]
    pub fn mirror(&self) -> Board {
        let mut b = Board::empty();
        for r in Role::ALL {
            b.by_role[r as usize] = self.by_role[r as usize].flip_vertical();
        }
        b.by_color.white = self.by_color.black.flip_vertical();
        b.by_color.black = self.by_color.white.flip_vertical();
        b
    }

    /// The FEN placement field (`rnbqkbnr/pppppppp/8/...`).
    #[must_use]
    pub fn board_fen(&self) -> String {
        let mut s = String::with_capacity(72);
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank != Rank::First {
                s.push('/');
            }
        }
        s
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Board {
    /// The same fields as serialization writes, checked by [`Board::from_bitboards`].
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        #[derive(serde::Deserialize)]
        struct Repr {
            by_role: [Bitboard; 6],
            by_color: ByColor<Bitboard>,
        }
        let r = Repr::deserialize(d)?;
        Board::from_bitboards(r.by_role, r.by_color).map_err(serde::de::Error::custom)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.board_fen())
    }
}

impl fmt::Display for Board {
    /// Eight lines, rank 8 first, `.` for an empty square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            for file in File::ALL {
                let c = self
                    .piece_at(Square::from_coords(file, rank))
                    .map_or('.', Piece::char);
                write!(f, "{c}")?;
                if file != File::H {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A text that is not a board as [`Board`]'s `Display` writes it: the first line that is
/// wrong (counted from 1, rank 8's; 9 for text after the eighth line) and that line, at most
/// 64 characters of it ([`boardgame_core::text::excerpt`]; empty for a line that is missing).
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Board, ParseBoardError};
/// let text = Board::standard().to_string().replacen("P P P P", "P P X P", 1);
/// let err: ParseBoardError = text.parse::<Board>().unwrap_err();
/// assert_eq!((err.line, err.text.as_str()), (7, "P P X P P P P P\n"));
/// assert_eq!(
///     err.to_string(),
///     "line 7 of a board diagram is not eight pieces or dots separated by single spaces \
///      and a line feed: \"P P X P P P P P\\n\""
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "line {line} of a board diagram is not eight pieces or dots separated by single spaces \
     and a line feed: {text:?}"
)]
#[non_exhaustive]
pub struct ParseBoardError {
    /// The line, counted from 1 (rank 8's); 9 for text after the eighth line.
    pub line: usize,
    /// The line's text with its line feed, at most 64 characters of it.
    pub text: String,
}

/// Reads exactly what `Display` writes: eight lines, rank 8 first, each the eight squares
/// from the a-file to the h-file, a square as its piece's FEN letter (upper case for White)
/// or `.` for an empty one, separated by single spaces, each line ending in `\n`, and
/// nothing else. `parse(b.to_string()) == b` for every board. The FEN of a board, which is
/// shorter, is [`Board::board_fen`] (read within a FEN by [`crate::Position`]'s `FromStr`).
///
/// # Errors
///
/// [`ParseBoardError`] naming the first line that is not such a line.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Board, Color, Piece, Role, Square};
/// let text = "\
/// . . . . k . . .
/// . . . . . . . .
/// . . . . . . . .
/// . . . . . . . .
/// . . . . . . . .
/// . . . . . . . .
/// . . . . . . . .
/// . . . . K . . .
/// ";
/// let board: Board = text.parse()?;
/// assert_eq!(board.board_fen(), "4k3/8/8/8/8/8/8/4K3");
/// assert_eq!(board.to_string(), text);
/// assert_eq!(Board::standard().to_string().parse::<Board>()?, Board::standard());
/// assert!(text.trim_end().parse::<Board>().is_err()); // the last line feed is missing
/// # Ok::<(), lattjo_chess::ParseBoardError>(())
/// ```
impl FromStr for Board {
    type Err = ParseBoardError;
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        let bad = |line: usize, text: &str| ParseBoardError {
            line,
            text: excerpt(text),
        };
        let mut board = Board::empty();
        let mut lines = s.split_inclusive('\n');
        for (i, rank) in Rank::ALL.into_iter().rev().enumerate() {
            let line = lines.next().unwrap_or("");
            let row = line.strip_suffix('\n').map(str::as_bytes);
            let Some(row) = row.filter(|r| r.len() == 15) else {
                return Err(bad(i + 1, line));
            };
            for (j, file) in File::ALL.into_iter().enumerate() {
                if j > 0 && row[2 * j - 1] != b' ' {
                    return Err(bad(i + 1, line));
                }
                match row[2 * j] {
                    b'.' => {}
                    c => {
                        // A byte of a multi-byte character is no letter of a piece.
                        let piece = Piece::from_char(char::from(c))
                            .filter(|_| c.is_ascii())
                            .ok_or_else(|| bad(i + 1, line))?;
                        board.set_piece_at(Square::from_coords(file, rank), piece);
                    }
                }
            }
        }
        match lines.next() {
            Some(extra) => Err(bad(9, extra)),
            None => Ok(board),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A board of any placement: each square empty or any of the twelve pieces.
    fn any_board() -> impl Strategy<Value = Board> {
        proptest::collection::vec(0usize..13, 64).prop_map(|squares| {
            let mut board = Board::empty();
            for (sq, k) in Square::ALL.into_iter().zip(squares) {
                if k > 0 {
                    let color = if k > 6 { Color::Black } else { Color::White };
                    let role = Role::ALL[(k - 1) % 6];
                    board.set_piece_at(sq, Piece { color, role });
                }
            }
            board
        })
    }

    proptest! {
        #[test]
        fn every_board_reads_back_from_its_diagram(board in any_board()) {
            prop_assert_eq!(board.to_string().parse::<Board>(), Ok(board));
        }
    }

    #[test]
    fn the_empty_and_the_standard_board_read_back() {
        for board in [Board::empty(), Board::standard()] {
            assert_eq!(board.to_string().parse::<Board>(), Ok(board));
        }
    }

    #[test]
    fn a_text_that_is_no_board_diagram_names_its_first_bad_line_without_a_panic() {
        let good = Board::standard().to_string();
        let long = "r".repeat(100_000);
        let many_lines = good.repeat(1_000);
        let cases: Vec<(String, usize)> = vec![
            (String::new(), 1),
            (" ".into(), 1),
            (good.trim_end().into(), 8),
            (format!("{good}\n"), 9),
            (format!("{good} "), 9),
            (format!(" {good}"), 1),
            (good.replace('\n', "\r\n"), 1),
            (good.replacen("r n b", "r  n b", 1), 1),
            (good.replacen("r n b", "r,n b", 1), 1),
            (good.replacen('r', "x", 1), 1),
            (good.replacen('P', "é", 1), 7),
            (good.replacen('P', "Ｐ", 1), 7),
            (good.replacen(". . . . . . . .\n", "", 1), 8),
            (good.replacen('.', "-", 1), 3),
            (good.replacen(". . . . . . . .\n", "........\n", 1), 3),
            (long.clone(), 1),
            (many_lines, 9),
        ];
        for (bad, line) in cases {
            let err = bad.parse::<Board>().expect_err(&bad);
            assert_eq!(err.line, line, "{bad:?}");
            assert!(err.text.chars().count() <= boardgame_core::text::EXCERPT_CHARS);
        }
    }
}
