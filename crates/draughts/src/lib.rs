//! English draughts (checkers): the LATTJO booklet's rules with the WCDF draw rules filling
//! its gaps, PDN notation, and a bitboard move generator.
//!
//! ```
//! use lattjo_draughts::{perft, KingMoves, Position};
//!
//! let mut pos: Position = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12".parse()?;
//! assert_eq!(pos, Position::start());
//! assert_eq!(perft(&pos, 3), 302);
//! let mv = pos.parse_move("11-15", KingMoves::Short)?;
//! pos.play(&mv, KingMoves::Short)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is here
//!
//! - [`Position`]: a validated board (at most 12 pieces a side, no man on its crowning row)
//!   and the side to move, read and written as PDN FEN; [`Setup`] is its unvalidated twin.
//!   Squares ([`Square`]) use the standard 1-32 numbering everywhere; the bitboards stay
//!   private.
//! - Moves ([`Move`]) are full paths with their captured squares (A8): every distinct capture
//!   path is its own move, as the published perft figures count them. [`perft`] counts
//!   leaves with bulk counting and no allocation.
//! - [`Rules`]: the booklet's play rules with short kings; draws per [`Draws`]
//!   ([`Rules::wcdf`], the default, with claims; [`Rules::lattjo`], agreement only;
//!   [`Rules::with_auto_adjudicate`] for engines); flying kings as an option
//!   ([`Rules::with_flying_kings`], V2).
//! - [`Draughts`]: boardgame-core's [`Game`](boardgame_core::Game) (seat 0 Black, who moves
//!   first; seat 1 White) with its [`State`] keeping the draw bookkeeping.
//! - PDN games ([`read_games`], [`PdnGame`]'s `Display`) and SVG pictures ([`svg`]).
//!
//! A game through the `Game` trait:
//!
//! ```
//! use boardgame_core::{random_playout, Game, GameRng, Turn};
//! use lattjo_draughts::{Draughts, GameResult, Outcome, Rules};
//!
//! let game = Draughts::new(Rules::wcdf().with_auto_adjudicate(true))?;
//! let mut state = game.new_initial_state();
//! random_playout(&game, &mut state, &mut GameRng::new(42, 0), &mut Vec::new());
//! assert_eq!(game.turn(&state), Turn::Terminal);
//! let winner = match state.outcome() {
//!     Some(Outcome::Win { winner, .. }) => Some(winner),
//!     _ => None,
//! };
//! assert!(GameResult::from_winner(winner) != GameResult::Unfinished);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use boardgame_core;
pub use boardgame_core::{BySeat, Game, GameRng, Returns, Seat, SeatError, Turn};

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
pub use game::{
    Action, Draughts, DrawReason, Draws, FirstSeatError, Outcome, PlayError, Rules, RulesError,
    State, StateError, WinReason,
};
pub use movegen::{KingMoves, MAX_PATH, Move, MoveError, ParseMoveError};
pub use notation::MoveTextError;
pub use pdn::{
    GameResult, PdnError, PdnErrorKind, PdnGame, PdnReader, ResultError, TagError, read_games,
    read_games_with,
};
pub use position::{IllegalMoveError, Position, PositionError, Setup, perft, perft_with};
pub use square::{Color, Piece, Role, Square, SquareError};
pub use svg::svg;
