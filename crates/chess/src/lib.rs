//! Chess: the rules of the LATTJO booklet and FIDE's Laws, Chess960, FEN, SAN, UCI, PGN, EPD,
//! Polyglot hashing and opening books ([`polyglot`]), SVG diagrams, and fast legal move
//! generation on bitboards.
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
//! - [`Position`]: a validated position (built from [`Setup`] or FEN, with every problem
//!   reported and common defects recoverable, see [`PositionError`]); [`Position::play`]
//!   refuses illegal moves and leaves the position unchanged, [`Position::play_unchecked`]
//!   is the fast path for generated moves; [`Position::legal_moves`] returns a stack
//!   [`MoveList`] ([`Position::legal_moves_into`] refills one); [`Position::outcome`] tells
//!   checkmate, stalemate and insufficient material; [`perft`] and [`perft_parallel`] count
//!   leaf nodes.
//! - [`Chess`]: the [`Game`] implementation with [`Rules::fide`] (the default) and
//!   [`Rules::lattjo`], configured by `with_` builders; its [`State`] keeps the rules it is
//!   played under (a game refuses a state of other rules), the start and the moves, and the
//!   repetition keys since the last pawn move or capture.
//! - Text at the edge, each type with `Display` and `FromStr` that read back what they
//!   write (in the value's castling mode where the text cannot carry it: see
//!   [`UciPosition::parse`] and [`Position::from_fen`]): [`Position`] as FEN ([`fen`]),
//!   [`san::San`] and [`san::SanPlus`], [`Move`] and
//!   [`UciMove`] as UCI, [`Action`] as its move's UCI or its words (`resign`,
//!   `claim draw with e7e8q`, ...), [`UciPosition`] as a UCI `position` command and every other
//!   message of the UCI protocol, both ways ([`uci::GuiCommand`], [`uci::EngineMessage`]),
//!   [`GameResult`] (`1-0`, `0-1`, `1/2-1/2`, `*`), [`pgn::PgnGame`], [`epd::Epd`] (a test
//!   suite's line), [`Board`] as its eight-line diagram, and the commands of PGN comments
//!   ([`pgn::commands`]); [`pgn::PgnReader`] streams games from any `BufRead`. [`svg::render`]
//!   draws diagrams with the pieces as shapes.
//!
//! # Features
//!
//! - `serde`: `Serialize`/`Deserialize` for the vocabulary types, [`Setup`], [`Position`]
//!   (as FEN plus castling mode), [`Rules`], [`Action`], [`Outcome`] and [`State`] (as its
//!   rules, start and moves). Deserialization goes through the same checks as the
//!   constructors: a [`Board`] whose bitboards contradict each other, a position
//!   [`Position::from_setup`] refuses, or a history with an illegal move, a move its rules
//!   would not have played, or an outcome or offer its rules and history do not support are
//!   all refused.
//!
//! # Rules
//!
//! Rule ids (K1-K22 of the booklet, T1-T11, D1-D5 and A1-A14 of the project's rules digest)
//! are cited in the docs and the tests; [`rule_ids`] lists each of them in the project's own
//! words, with the decisions this crate takes (the repository's `docs/chess.md` holds the
//! same list with the rest of the docs).

#![cfg_attr(docsrs, feature(doc_cfg))]

mod attacks;
mod bitboard;
mod board;
pub mod epd;
pub mod fen;
mod game;
mod learning;
mod magics;
mod movegen;
mod outcome;
pub mod pgn;
pub mod polyglot;
mod position;
#[doc = include_str!("rule_ids.md")]
pub mod rule_ids {}
pub mod san;
mod setup;
pub mod svg;
mod types;
pub mod uci;
mod zobrist;

/// The crate this one builds on, re-exported so that one dependency line is enough.
pub use boardgame_core;
pub use boardgame_core::{
    BufferSizeError, BySeat, Game, GameRng, IndexedActions, Observe, Returns, Seat, SeatError,
    Shape, Turn,
};

pub use attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
pub use bitboard::Bitboard;
pub use board::{Board, BoardError, ParseBoardError};
pub use boardgame_core::perft::{MAX_PERFT_DEPTH, PerftDepthError};
pub use fen::{EpMode, FenError};
pub use game::{
    Action, Chess, ClaimableMoves, DrawClaims, ParseActionError, PlayError, Rules, RulesError,
    State, StateError,
};
pub use movegen::{MAX_MOVES, MoveList, perft, perft_parallel, try_perft, try_perft_parallel};
pub use outcome::{
    DrawReason, GameResult, Outcome, ParseGameResultError, WinReason, insufficient_material,
};
pub use position::{CastlingMode, IllegalMoveError, Move, Position};
pub use san::SanError;
pub use setup::{PositionError, PositionErrorKind, Setup};
pub use types::{
    ByColor, CastlingSide, Color, File, ParseColorError, ParseFileError, ParseRankError,
    ParseSquareError, Piece, Rank, Role, Square,
};
pub use uci::{UciError, UciMove, UciPosition, UciPositionError};
