//! English draughts (checkers): the LATTJO booklet's rules with the WCDF draw rules filling
//! its gaps, PDN notation, and a bitboard move generator.
//!
//! ```
//! use draughts::{perft, KingMoves, Position};
//!
//! let mut pos: Position = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12".parse()?;
//! assert_eq!(pos, Position::start());
//! assert_eq!(perft(&pos, 3), 302);
//! let mv = pos.parse_move("11-15", KingMoves::Short)?;
//! pos.play(&mv, KingMoves::Short)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bits;
mod fen;
mod game;
mod movegen;
mod notation;
mod pdn;
mod position;
mod square;
mod svg;

pub use fen::FenError;
pub use game::{Action, Draughts, DrawReason, Draws, Outcome, PlayError, Rules, State, WinReason};
pub use movegen::{KingMoves, MAX_PATH, Move};
pub use notation::MoveTextError;
pub use pdn::{
    GameResult, PdnError, PdnErrorKind, PdnGame, ResultError, read_games, read_games_with,
};
pub use position::{IllegalMoveError, Position, PositionError, Setup, perft, perft_with};
pub use square::{Color, Piece, Role, Square, SquareError};
pub use svg::svg;
