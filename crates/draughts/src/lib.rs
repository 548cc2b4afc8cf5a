//! English draughts (checkers): the LATTJO booklet's rules with the WCDF draw rules filling
//! its gaps, PDN notation read from any `BufRead`, SVG pictures, and a bitboard move
//! generator.
//!
//! ```
//! use lattjo_draughts::{perft, KingMoves, Position};
//!
//! let mut pos: Position = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12".parse()?;
//! assert_eq!(pos, Position::start());
//! assert_eq!(perft(&pos, 3), 302);
//! let mv = pos.parse_move("11-15", KingMoves::Short)?;
//! pos.play(&mv, KingMoves::Short)?;
//! assert_eq!(pos.to_string(), "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is here
//!
//! - [`Position`]: a validated board (at most 12 pieces a side, no man on its crowning row)
//!   and the side to move; its text is the PDN FEN (`Display`, `FromStr`). [`Setup`] is its
//!   unvalidated twin. Squares ([`Square`]) use the standard 1-32 numbering everywhere; the
//!   bitboards stay private.
//! - Moves ([`Move`]) are full paths with their captured squares (A8): every distinct capture
//!   path is its own move, as the published perft figures count them. Their text is the
//!   full path (`15x24x31`); [`Position::parse_move`] also reads the short form `15x31`.
//!   [`perft`] counts leaves with bulk counting and no allocation; [`perft_parallel`] splits
//!   the tree over threads with the same counts.
//! - [`Rules`]: a preset ([`Rules::wcdf`], the default, draws as claims; [`Rules::lattjo`],
//!   the booklet's agreement only) and options set by `with_<option>(value)`:
//!   [`Rules::with_auto_adjudicate`], [`Rules::with_flying_kings`] (V2),
//!   [`Rules::with_draws`], [`Rules::with_repetitions`], [`Rules::with_quiet_moves`].
//! - [`Draughts`]: boardgame-core's [`Game`] (seat 0 Black, who moves first; seat 1 White),
//!   built by [`Draughts::new`], which checks the rules ([`RulesError`]); its [`State`]
//!   carries the game's rules ([`State::rules`]) and keeps the draw bookkeeping, and a game
//!   refuses a state of other rules ([`PlayError::OtherRules`]). An [`Action`]'s text is its
//!   move's (`11-15`) or a claim's words (`claim draw repetition`, `claim draw forty-move`).
//! - PDN games: [`PdnReader`] streams games from any [`std::io::BufRead`], one at a time,
//!   reporting bad games with their line and going on; [`PdnGame`] writes a game back
//!   (`Display`) and reads one (`FromStr`). [`GameResult`] is the result token (A10).
//! - SVG pictures: [`svg::render`] with [`svg::Options`]; men and kings are shapes.
//! - This crate re-exports [`boardgame_core`] and the items of it that its API uses
//!   ([`Game`], [`GameRng`], [`Seat`], [`Turn`], ...): one dependency line is enough.
//!
//! # Features
//!
//! - `serde`: `Serialize` and `Deserialize` for [`State`] (its rules included), [`Position`]
//!   (as its FEN), [`Move`], [`Rules`] and the small types. Deserializing checks what it
//!   reads through the same checks as the constructors ([`StateError`], [`MoveError`],
//!   [`FenError`], [`RulesError`]), so an impossible state, or one its rules cannot reach,
//!   never gets in.
//!
//! # Rule ids
//!
//! Docs and tests cite the ids of the rules file that this crate implements. [`rule_ids`]
//! states each one in full, in the project's own words (the repository's `docs/draughts.md`
//! holds the same list with the rest of the documentation). In short:
//!
//! | id | rule or decision |
//! | --- | --- |
//! | D1, D2 | two players, 12 men each on the dark squares of their three nearest rows |
//! | D3 | Black moves first, then the players alternate |
//! | D4 | a man steps one square diagonally forward to an empty square |
//! | D5, D6 | a capture jumps an adjacent opposing piece onto the empty square beyond; never an own piece |
//! | D7 | one move may chain several jumps by one piece, all made in that move |
//! | D8 | capturing is compulsory |
//! | D9 | free choice between capture sequences (no majority rule) |
//! | D10 | the move ends when nothing more can be taken, or on crowning |
//! | D11 | a man reaching the far row is crowned at once |
//! | D12, D13 | a king steps and captures both ways, one square; it is captured like a man |
//! | D14 | no piece or no legal move: that player loses |
//! | T1-T7 | how the booklet's translations differ, and which reading is kept |
//! | V1 | draws: WCDF agreement, third repetition, 40-move rule ([`Draws`]) |
//! | V2 | flying kings, as an option ([`KingMoves::Flying`]) |
//! | V3 | no other deviation from WCDF; opening ballots are not rules |
//! | A1 | repetition identity; the 40-move count (80 plies without a man move or capture) |
//! | A2, A3 | men never capture backwards; kings are short |
//! | A4 | crowning mid-capture ends the move |
//! | A5 | a capture sequence is never stopped early |
//! | A6 | a piece is captured at most once; captured pieces go at the end of the move |
//! | A7 | no legal move is a loss, not a draw |
//! | A8 | a move is its full path; every distinct path is its own move |
//! | A9 | colour names: the booklet's black is the dark side, PDN `B` |
//! | A10 | result tokens: `1-0` is a White win |
//!
//! A game through the `Game` trait:
//!
//! ```
//! use lattjo_draughts::{Draughts, Game, GameResult, GameRng, Outcome, Rules, Turn};
//! use lattjo_draughts::boardgame_core::random_playout;
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

#![cfg_attr(docsrs, feature(doc_cfg))]

pub use boardgame_core;
pub use boardgame_core::{
    BufferSizeError, BySeat, Game, GameRng, IndexedActions, Observe, Returns, Seat, SeatError,
    Shape, Turn,
};

mod bits;
mod fen;
mod game;
mod learning;
mod movegen;
mod notation;
mod pdn;
mod position;
#[doc = include_str!("rule_ids.md")]
pub mod rule_ids {}
mod square;
pub mod svg;

pub use boardgame_core::perft::{MAX_PERFT_DEPTH, PerftDepthError};
pub use fen::FenError;
pub use game::{
    Action, CapturesError, Draughts, DrawReason, Draws, FirstSeatError, Outcome, ParseActionError,
    PlayError, Rules, RulesError, State, StateError, WinReason,
};
pub use movegen::{KingMoves, MAX_PATH, Move, MoveError, ParseMoveError};
pub use notation::MoveTextError;
pub use pdn::{
    GameResult, MAX_PDN_GAME_BYTES, MAX_PDN_GAME_TOKENS, PdnError, PdnErrorKind, PdnGame,
    PdnReader, ResultError, TagError, read_games, read_games_with,
};
pub use position::{
    IllegalMoveError, Position, PositionError, Setup, perft, perft_parallel, perft_with, try_perft,
    try_perft_parallel, try_perft_with,
};
pub use square::{Color, ParseColorError, Piece, Role, Square, SquareError};
