//! FEN: Forsyth-Edwards Notation, parsed into a [`Setup`] and written from a [`Position`].
//!
//! Castling fields: standard `KQkq`, X-FEN (`K`/`Q` mean the outermost rook on that side)
//! and Shredder-FEN (`A`-`H`, `a`-`h` name the rook's file) are all accepted; Chess960
//! positions are written in X-FEN, or in Shredder-FEN where X-FEN would read back as standard
//! chess. A Chess960 position with no castling right left has the FEN of a standard chess
//! position: it reads back as Chess960 through [`Position::from_fen`] with
//! [`CastlingMode::Chess960`].

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::position::{CastlingMode, Position};
use crate::setup::{PositionError, PositionErrorKind, Setup};
use crate::types::{CastlingSide, Color, File, Piece, Rank, Role, Square};

/// How the en-passant field is written (section 6 of the rules).
///
/// # Examples
///
/// ```
/// use lattjo_chess::{EpMode, Position};
///
/// let pos: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse()?;
/// assert!(pos.to_fen(EpMode::Always).contains(" e3 "));
/// assert!(pos.to_fen(EpMode::Legal).contains(" - ")); // no black pawn can take
/// # Ok::<(), lattjo_chess::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EpMode {
    /// After every double step, as the PGN standard records it (the default).
    #[default]
    Always,
    /// Only when an en-passant capture is legal.
    Legal,
}

/// Why a FEN string was refused: one variant per field, then position validation.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{FenError, Position, PositionErrorKind};
///
/// match "8/8/8/8/8/8/8/K6k x - - 0 1".parse::<Position>() {
///     Err(FenError::Turn(t)) => assert_eq!(t, "x"),
///     other => panic!("{other:?}"),
/// }
/// match "8/8/8/8/8/8/8/K6K w - - 0 1".parse::<Position>() {
///     Err(FenError::Position(e)) => assert!(e.contains(PositionErrorKind::MissingKing(lattjo_chess::Color::Black))),
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    #[error("expected 4 to 6 fields, found {0}")]
    FieldCount(usize),
    /// The placement field does not have 8 ranks.
    #[error("board field: expected 8 ranks, found {0}")]
    RankCount(usize),
    /// A rank of the placement field does not describe 8 squares.
    #[error("board field: rank {rank} describes {squares} squares, not 8")]
    RankLength {
        /// The rank, as written on the board (`'8'` for the first one in the field).
        rank: char,
        /// How many squares it described.
        squares: usize,
    },
    /// A character that is neither a piece letter nor a digit 1-8.
    #[error("board field: unexpected character {0:?}")]
    BoardChar(char),
    /// The side to move is not `w` or `b`.
    #[error("side to move: expected w or b, found {0:?}")]
    Turn(String),
    /// The castling field is malformed or names a rook that does not exist.
    #[error("castling field: invalid {0:?}")]
    Castling(String),
    /// The en-passant field is not `-` or a square.
    #[error("en-passant field: invalid {0:?}")]
    EnPassant(String),
    /// The half-move clock is not a whole number from 0 to 4294967295; the text is the field
    /// (at most [`EXCERPT_CHARS`](boardgame_core::text::EXCERPT_CHARS) characters of it).
    #[error("half-move clock: expected a whole number from 0 to 4294967295, found {0:?}")]
    Halfmoves(String),
    /// The move number is not a whole number from 1 to 4294967295; the text is the field (at
    /// most [`EXCERPT_CHARS`](boardgame_core::text::EXCERPT_CHARS) characters of it).
    #[error("move number: expected a whole number from 1 to 4294967295, found {0:?}")]
    Fullmoves(String),
    /// The fields parse but the position is not valid.
    #[error("invalid position: {0}")]
    Position(#[from] PositionError),
}

fn parse_board(field: &str) -> Result<Board, FenError> {
    // Counted before anything is kept, so that a field of millions of `/` costs no list of
    // them (before the audit of 7 Dec 2026: 16 bytes of list a byte of input).
    let count = field.split('/').count();
    if count != 8 {
        return Err(FenError::RankCount(count));
    }
    let mut board = Board::empty();
    for (i, text) in field.split('/').enumerate() {
        let rank = Rank::ALL[7 - i];
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as usize;
            } else if let Some(p) = Piece::from_char(c) {
                if file < 8 {
                    board.set_piece_at(Square::from_coords(File::ALL[file], rank), p);
                }
                file += 1;
            } else {
                return Err(FenError::BoardChar(c));
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(FenError::RankLength {
                rank: rank.char(),
                squares: file,
            });
        }
    }
    Ok(board)
}

/// Reads the castling field leniently: each letter names a rook square, whether or not the
/// pieces agree (validation reports rights the pieces contradict, and
/// [`crate::PositionError::ignore_invalid_castling_rights`] drops them). `K`/`Q` name the
/// outermost rook on that side of the king, or the corner when there is none; `A`-`H` name
/// the file (Shredder-FEN).
fn parse_castling(field: &str, board: &Board) -> Result<Bitboard, FenError> {
    let bad = || FenError::Castling(excerpt(field));
    if field == "-" {
        return Ok(Bitboard::EMPTY);
    }
    if field.is_empty() || field.len() > 4 {
        return Err(bad());
    }
    let mut rooks = Bitboard::EMPTY;
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = color.back_rank();
        let own_rooks = board.by_piece(Piece {
            color,
            role: Role::Rook,
        }) & Bitboard::rank(rank);
        let king = board.king_of(color).filter(|k| k.rank() == rank);
        let sq = match c.to_ascii_lowercase() {
            'k' => king
                .and_then(|k| own_rooks.filter(|r| r.file() > k.file()).last())
                .unwrap_or(Square::from_coords(File::H, rank)),
            'q' => king
                .and_then(|k| own_rooks.into_iter().find(|r| r.file() < k.file()))
                .unwrap_or(Square::from_coords(File::A, rank)),
            l => File::from_char(l)
                .map(|f| Square::from_coords(f, rank))
                .ok_or_else(bad)?,
        };
        if rooks.contains(sq) {
            return Err(bad());
        }
        rooks = rooks.with(sq);
    }
    Ok(rooks)
}

/// Whether a castling field names rooks by file (Shredder-FEN), which only Chess960 needs.
fn is_shredder(field: &str) -> bool {
    field
        .chars()
        .any(|c| File::from_char(c.to_ascii_lowercase()).is_some())
}

impl Setup {
    /// Parses the fields of a FEN (4 to 6 fields; missing clocks default to `0 1`) without
    /// validating the position: castling rights the pieces contradict and an impossible
    /// en-passant square are left for [`Position::from_setup`] to report (and to recover
    /// from, see [`crate::PositionError`]).
    ///
    /// # Errors
    ///
    /// [`FenError`] naming the first malformed field (never [`FenError::Position`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{FenError, Setup, Square};
    ///
    /// let setup = Setup::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1")?;
    /// assert_eq!(setup.ep_square, Some(Square::E3));
    /// assert!(matches!(Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w Z - 0 1"), Err(FenError::Castling(_))));
    /// # Ok::<(), FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        // Counted before they are kept (as the ranks are).
        let count = fen.split_ascii_whitespace().count();
        if !(4..=6).contains(&count) {
            return Err(FenError::FieldCount(count));
        }
        let mut fields = [""; 6];
        for (slot, field) in fields.iter_mut().zip(fen.split_ascii_whitespace()) {
            *slot = field;
        }
        let fields = &fields[..count];
        let board = parse_board(fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Turn(excerpt(other))),
        };
        let castling_rooks = parse_castling(fields[2], &board)?;
        let ep_square = match fields[3] {
            "-" => None,
            s => Some(
                s.parse::<Square>()
                    .map_err(|_| FenError::EnPassant(excerpt(s)))?,
            ),
        };
        let halfmoves = match fields.get(4) {
            Some(s) => s
                .parse::<u32>()
                .map_err(|_| FenError::Halfmoves(excerpt(s)))?,
            None => 0,
        };
        let fullmoves = match fields.get(5) {
            Some(s) => s
                .parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| FenError::Fullmoves(excerpt(s)))?,
            None => 1,
        };
        Ok(Setup {
            board,
            turn,
            castling_rooks,
            ep_square,
            halfmoves,
            fullmoves,
        })
    }
}

impl Position {
    /// Parses and validates a FEN in the given castling mode.
    ///
    /// # Errors
    ///
    /// [`FenError`] for a malformed field or an invalid position.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{CastlingMode, Position};
    /// let pos = Position::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1", CastlingMode::Standard)?;
    /// assert_eq!(pos.legal_moves().len(), 3);
    /// assert!(Position::from_fen("8/8/8/8/8/8/8/K6k x - - 0 1", CastlingMode::Standard).is_err());
    /// # Ok::<(), lattjo_chess::FenError>(())
    /// ```
    pub fn from_fen(fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
        Ok(Position::from_setup(Setup::from_fen(fen)?, mode)?)
    }

    /// Writes the FEN of the position.
    #[must_use]
    pub fn to_fen(&self, ep: EpMode) -> String {
        Fen::from_position(self, ep).to_string()
    }
}

impl FromStr for Position {
    type Err = FenError;

    /// Parses a FEN as standard chess, or as Chess960 when the castling field names rooks
    /// by file (Shredder-FEN) or its rights only make sense in Chess960 (X-FEN with rooks
    /// off the corners). When neither mode accepts it, the error is standard chess's.
    fn from_str(s: &str) -> Result<Position, FenError> {
        let setup = Setup::from_fen(s)?;
        if s.split_ascii_whitespace().nth(2).is_some_and(is_shredder) {
            return Ok(Position::from_setup(setup, CastlingMode::Chess960)?);
        }
        match Position::from_setup(setup, CastlingMode::Standard) {
            Err(e)
                if e.kinds()
                    .iter()
                    .any(|k| matches!(k, PositionErrorKind::BadCastlingRights(_))) =>
            {
                Position::from_setup(setup, CastlingMode::Chess960).map_err(|_| e.into())
            }
            other => Ok(other?),
        }
    }
}

impl fmt::Display for Position {
    /// The FEN, en-passant square written [`EpMode::Always`]. A Chess960 position is
    /// written in X-FEN, or in Shredder-FEN when X-FEN would read back as standard chess
    /// (king on the e-file, castling rooks in the corners), so that parsing gives the same
    /// position back. A Chess960 position with no castling right left is written as the
    /// standard chess position with that board, which `FromStr` reads (the same board and
    /// keys, another [`Position::castling_mode`]); [`Position::from_fen`] with
    /// [`CastlingMode::Chess960`] reads it back exactly.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Fen::from_position(self, EpMode::Always), f)
    }
}

/// A position formatted as FEN (see [`Position::to_fen`]).
///
/// # Examples
///
/// ```
/// use lattjo_chess::fen::Fen;
/// use lattjo_chess::{EpMode, Position};
///
/// let pos = Position::new();
/// let text = format!("{}", Fen::from_position(&pos, EpMode::Legal));
/// assert_eq!(text, pos.to_string());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Fen<'a> {
    pos: &'a Position,
    ep: EpMode,
}

impl<'a> Fen<'a> {
    /// Formats `pos` with the given en-passant convention.
    #[must_use]
    pub fn from_position(pos: &'a Position, ep: EpMode) -> Fen<'a> {
        Fen { pos, ep }
    }
}

impl fmt::Display for Fen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.pos;
        write!(f, "{} {} ", p.board.board_fen(), p.turn.char())?;
        let looks_standard = { p.castle_mask }.all(|rook| {
            let king = p.king(if rook.rank() == Rank::First {
                Color::White
            } else {
                Color::Black
            });
            king.file() == File::E && matches!(rook.file(), File::A | File::H)
        });
        let shredder = p.mode == CastlingMode::Chess960 && looks_standard;
        let mut any = false;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let Some(rook) = p.castling[color][side as usize] else {
                    continue;
                };
                any = true;
                let rank_rooks = p.board.by_piece(Piece {
                    color,
                    role: Role::Rook,
                }) & Bitboard::rank(color.back_rank());
                let king = p.king(color);
                let outermost = match side {
                    CastlingSide::KingSide => rank_rooks.filter(|r| r.file() > king.file()).last(),
                    CastlingSide::QueenSide => {
                        rank_rooks.into_iter().find(|r| r.file() < king.file())
                    }
                };
                let c =
                    if !shredder && (p.mode == CastlingMode::Standard || outermost == Some(rook)) {
                        side_char(side)
                    } else {
                        rook.file().char().to_ascii_uppercase()
                    };
                write!(
                    f,
                    "{}",
                    if color == Color::White {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    }
                )?;
            }
        }
        if !any {
            write!(f, "-")?;
        }
        let ep = match self.ep {
            EpMode::Always => p.ep,
            EpMode::Legal => p.legal_ep_square(),
        };
        match ep {
            Some(sq) => write!(f, " {sq}")?,
            None => write!(f, " -")?,
        }
        write!(f, " {} {}", p.halfmoves, p.fullmoves)
    }
}

fn side_char(side: CastlingSide) -> char {
    match side {
        CastlingSide::KingSide => 'K',
        CastlingSide::QueenSide => 'Q',
    }
}
