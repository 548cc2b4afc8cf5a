//! Chess: the rules of the LATTJO booklet and FIDE's Laws, Chess960, FEN, SAN, UCI, PGN,
//! Polyglot hashing, SVG diagrams, and fast legal move generation on bitboards.
//!
//! ```
//! use lattjo_chess::{perft, Position, Move, Square};
//!
//! let mut pos = Position::new();
//! assert_eq!(perft(&pos, 2), 400);
//! let m = pos.parse_san("e4")?;
//! pos.play(m)?;
//! assert_eq!(pos.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! assert_eq!(pos.zobrist(), 0x823c_9b50_fd11_4196);
//! assert!(pos.play(Move::new(Square::E2, Square::E4)).is_err()); // refused, unchanged
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! - [`Position`]: a validated position (built from [`Setup`] or FEN); [`Position::play`]
//!   refuses illegal moves and leaves the position unchanged, [`Position::play_unchecked`]
//!   is the fast path for generated moves; [`Position::legal_moves`] fills a stack
//!   [`MoveList`]; [`perft`] counts leaf nodes.
//! - [`Chess`]: the [`boardgame_core::Game`] implementation with [`Rules::fide`] (default)
//!   and [`Rules::lattjo`]; [`ChessState`] keeps the history for repetition draws.
//! - Notation at the edge: [`fen`], [`san`], [`uci`], [`pgn`]; [`svg`] draws diagrams.
//!
//! Rule ids (K1-K22, T1-T11, D1-D5, A1-A14) refer to `shared/rules/chess.md`; the crate's
//! tests cite them.

mod attacks;
mod bitboard;
mod board;
pub mod fen;
mod game;
mod magics;
mod movegen;
mod outcome;
pub mod pgn;
mod position;
pub mod san;
mod setup;
pub mod svg;
mod types;
pub mod uci;
mod zobrist;

pub use attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
pub use bitboard::Bitboard;
pub use board::{Board, BoardError};
pub use fen::{EpMode, FenError};
pub use game::{Action, ActionError, Chess, ChessState, DrawClaims, Rules};
pub use movegen::{MAX_MOVES, MoveList, perft};
pub use outcome::{
    DrawReason, GameResult, Outcome, ParseGameResultError, WinReason, insufficient_material,
};
pub use position::{CastlingMode, IllegalMoveError, Move, Position};
pub use san::SanError;
pub use setup::{PositionError, PositionErrorKind, Setup};
pub use types::{ByColor, CastlingSide, Color, File, ParseSquareError, Piece, Rank, Role, Square};
pub use uci::{UciError, UciMove};
