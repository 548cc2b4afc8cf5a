//! The Universal Chess Interface: its move notation, `e2e4`, `e7e8q`, castling as a king
//! move (`e1g1`, or `e1h1` "king takes rook" in Chess960) and the null move `0000`
//! ([`UciMove`]), and the protocol's messages in both directions, typed.
//!
//! - GUI to engine: [`GuiCommand`] (`uci`, `debug`, `isready`, [`SetOption`], [`Register`],
//!   `ucinewgame`, `position` as [`UciPosition`], [`Go`], `stop`, `ponderhit`, `quit`);
//! - engine to GUI: [`EngineMessage`] ([`Id`], `uciok`, `readyok`, [`BestMove`],
//!   `copyprotection` and `registration` with their [`Status`], [`Info`] with its [`Score`],
//!   [`Wdl`] and [`CurrLine`], [`EngineOption`] with its [`OptionKind`]).
//!
//! Each reads a line with `FromStr` and writes its canonical line with `Display`, which
//! reads back as the same value. The readers follow the protocol's specification
//! ("Description of the universal chess interface (UCI)", Stefan Meyer-Kahlen, April 2006):
//! any run of whitespace separates words, and unknown words are skipped ("joho debug on" is
//! `debug on`); [`GuiCommand::parse_strict`] and [`EngineMessage::parse_strict`] refuse them
//! instead. Values that do not read are errors ([`UciMessageError`]), never skipped, and
//! numbers out of their field's range are refused, never wrapped. Text fields (option names
//! and values, `info string`, `id name`) are kept as words separated by single spaces, and
//! written so: `Display` never writes a line break. Moves stay as [`UciMove`]s, as written;
//! [`resolve_line`] and [`Info::resolve_pv`] play them out from a [`Position`].
//!
//! # Examples
//!
//! An engine's answer to `go`, read and checked against the position searched:
//!
//! ```
//! use lattjo_chess::uci::{EngineMessage, Go, GuiCommand, UciPosition};
//!
//! let position: UciPosition = "position startpos moves e2e4".parse()?;
//! let go = GuiCommand::Go(Go { depth: Some(8), ..Go::default() });
//! assert_eq!(go.to_string(), "go depth 8");
//! let transcript = "\
//! info string NNUE evaluation using nn-ad9b42354671.nnue enabled
//! info depth 8 seldepth 9 multipv 1 score cp -16 nodes 12357 nps 353057 hashfull 5 tbhits 0 time 35 pv c7c5 g1f3 b8c6 d2d4 c5d4
//! bestmove c7c5 ponder g1f3";
//! for line in transcript.lines() {
//!     let message: EngineMessage = line.parse()?;
//!     assert_eq!(message.to_string(), line);
//!     match message {
//!         EngineMessage::Info(info) => {
//!             let pv = info.resolve_pv(position.position())?;
//!             assert_eq!(pv.len(), info.pv.len());
//!         }
//!         EngineMessage::BestMove(best) => {
//!             let m = best.best.expect("a move");
//!             position.position().parse_uci(&m.to_string())?;
//!         }
//!         _ => {}
//!     }
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use crate::position::{CastlingMode, Move, Position};
use crate::types::{CastlingSide, File, Role, Square};

mod engine;
mod gui;
mod option;
mod words;

pub use engine::{
    BestMove, CurrLine, EngineMessage, Id, Info, LineError, Score, ScoreBound, ScoreValue, Status,
    Wdl, resolve_line,
};
pub use gui::{Go, GuiCommand, Register, SetOption};
pub use option::{EngineOption, OptionKind};
pub use words::UciMessageError;

/// A move in UCI notation, parsed but not yet checked against a position.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Square, UciMove};
///
/// let m: UciMove = "e7e8q".parse()?;
/// assert!(matches!(m, UciMove::Normal { from: Square::E7, to: Square::E8, promotion: Some(_) }));
/// assert_eq!(m.to_string(), "e7e8q");
/// assert_eq!("0000".parse::<UciMove>()?, UciMove::Null);
/// # Ok::<(), lattjo_chess::UciError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// A piece move (`e2e4`, `e7e8q`).
    Normal {
        /// Origin square.
        from: Square,
        /// Destination square.
        to: Square,
        /// Promotion role, if any.
        promotion: Option<Role>,
    },
    /// The null move `0000` (no move; refused by [`Position::parse_uci`]).
    Null,
}

/// Why a UCI move was refused.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Position, UciError};
///
/// let pos = Position::new();
/// assert!(matches!(pos.parse_uci("e2e9"), Err(UciError::Syntax(_))));
/// assert!(matches!(pos.parse_uci("e2e5"), Err(UciError::Illegal(_))));
/// assert_eq!(pos.parse_uci("0000"), Err(UciError::Null));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UciError {
    /// Not of the form `<square><square>[qrbn]` or `0000`.
    #[error("invalid uci move {0:?}")]
    Syntax(String),
    /// Well formed, but not a legal move in the position.
    #[error("illegal uci move {0:?} in this position")]
    Illegal(String),
    /// The null move, which is not a legal move.
    #[error("the null move 0000 cannot be played")]
    Null,
}

impl FromStr for UciMove {
    type Err = UciError;
    fn from_str(s: &str) -> Result<UciMove, UciError> {
        if s == "0000" {
            return Ok(UciMove::Null);
        }
        let bad = || UciError::Syntax(excerpt(s));
        if !s.is_ascii() || !(4..=5).contains(&s.len()) {
            return Err(bad());
        }
        let from: Square = s.get(0..2).ok_or_else(bad)?.parse().map_err(|_| bad())?;
        let to: Square = s.get(2..4).ok_or_else(bad)?.parse().map_err(|_| bad())?;
        let promotion = match s.get(4..5) {
            None | Some("") => None,
            Some(p) => match p {
                "q" => Some(Role::Queen),
                "r" => Some(Role::Rook),
                "b" => Some(Role::Bishop),
                "n" => Some(Role::Knight),
                _ => return Err(bad()),
            },
        };
        Ok(UciMove::Normal {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMove::Null => f.write_str("0000"),
            UciMove::Normal {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(p) = promotion {
                    write!(f, "{}", p.char())?;
                }
                Ok(())
            }
        }
    }
}

impl Position {
    /// The UCI form of `m` (castling as `e1g1` in standard chess, `e1h1` in Chess960;
    /// [`Move::NULL`] as `0000`).
    #[must_use]
    pub fn to_uci(&self, m: Move) -> UciMove {
        if m.is_null() {
            return UciMove::Null;
        }
        let to = if self.mode == CastlingMode::Standard && self.is_castling(m) {
            let side = if m.to.file() > m.from.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            Square::from_coords(side.king_to_file(), m.from.rank())
        } else {
            m.to
        };
        UciMove::Normal {
            from: m.from,
            to,
            promotion: m.promotion,
        }
    }

    /// Parses a UCI move and checks it is legal here. Castling is accepted both as the
    /// king's two-square move (`e1g1`, standard chess) and as "king takes rook" (`e1h1`).
    ///
    /// # Errors
    ///
    /// [`UciError`]: bad syntax, the null move, or an illegal move.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut pos = lattjo_chess::Position::new();
    /// let m = pos.parse_uci("g1f3")?;
    /// pos.play(m)?;
    /// assert!(pos.parse_uci("e2e5").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_uci(&self, s: &str) -> Result<Move, UciError> {
        self.uci_move(s.parse::<UciMove>()?)
    }

    /// The legal move `uci` names here, as [`Position::parse_uci`] reads it.
    pub(crate) fn uci_move(&self, uci: UciMove) -> Result<Move, UciError> {
        match uci {
            UciMove::Null => Err(UciError::Null),
            UciMove::Normal {
                from,
                to,
                promotion,
            } => {
                let m = self.coordinate_move(from, to, promotion);
                if self.is_legal(m) {
                    Ok(m)
                } else {
                    Err(UciError::Illegal(uci.to_string()))
                }
            }
        }
    }

    /// The move from `from` to `to` in this crate's encoding: the king's two-square move
    /// from the e-file (`e1g1`, `e1c1`) of standard chess becomes castling (the king onto
    /// its rook), anything else is taken as written. Not checked for legality.
    pub(crate) fn coordinate_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Move {
        let mut m = Move {
            from,
            to,
            promotion,
        };
        if from == self.king(self.turn)
            && self.mode == CastlingMode::Standard
            && from.file() == File::E
            && to.rank() == from.rank()
            && matches!(to.file(), File::G | File::C)
            && promotion.is_none()
        {
            let side = if to.file() == File::G {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            if let Some(rook) = self.castling_rook(self.turn, side) {
                m.to = rook;
            }
        }
        m
    }
}

/// The longest move list a `position` command may carry: above any game's length, so that a
/// hostile line cannot make the reader hold more moves than a game could have. Under the
/// 75-move rule a FIDE game has at most 126 captures and pawn moves (30 captures, 96 pawn
/// steps) with at most 150 plies before each and after the last, under 19,100 plies in all.
pub const MAX_POSITION_MOVES: usize = 20_000;

/// A UCI `position` command, as a chess GUI sends it to an engine: the start (`startpos` or a
/// FEN) and the moves played from it (`position startpos moves e2e4 e7e5`).
///
/// `FromStr` reads a command in standard chess ([`UciPosition::parse`] takes the castling
/// mode, for an engine told `UCI_Chess960`); `Display` writes `position startpos` for the
/// standard start in standard chess and `position fen <FEN>` otherwise (the FEN as
/// [`Position::to_fen`] writes it, which Stockfish reads in both modes), then ` moves` and the
/// moves when there are any, castling as the mode writes it ([`Position::to_uci`]).
///
/// # Examples
///
/// ```
/// use lattjo_chess::uci::UciPosition;
/// let cmd: UciPosition = "position startpos moves e2e4 e7e5 g1f3".parse()?;
/// assert_eq!(cmd.moves().len(), 3);
/// assert_eq!(cmd.position().to_string(),
///     "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
/// assert_eq!(cmd.to_string(), "position startpos moves e2e4 e7e5 g1f3");
/// // The game it describes under FIDE's rules, with its repetition history.
/// let state = cmd.to_state(&lattjo_chess::Chess::default())?;
/// assert_eq!(state.moves().len(), 3);
/// assert_eq!(lattjo_chess::uci::UciPosition::from_state(&state), cmd);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciPosition {
    start: Position,
    moves: Vec<Move>,
    position: Position,
}

/// A UCI `position` command that does not read.
///
/// # Examples
///
/// ```
/// use lattjo_chess::uci::{UciPosition, UciPositionError};
/// use lattjo_chess::UciError;
/// assert_eq!("position start".parse::<UciPosition>(), Err(UciPositionError::Start("start".into())));
/// assert!(matches!(
///     "position startpos moves e2e4 e2e4".parse::<UciPosition>(),
///     Err(UciPositionError::Move { ply: 2, error: UciError::Illegal(_) })
/// ));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UciPositionError {
    /// The line is not a `position` command (its first word).
    #[error("not a uci position command: {0:?}")]
    NotPosition(String),
    /// Neither `startpos` nor `fen <FEN>` follows `position`.
    #[error("a position command goes on with \"startpos\" or \"fen\", not {0:?}")]
    Start(String),
    /// A word other than `moves` after the start.
    #[error("expected \"moves\" after the start, found {0:?}")]
    Moves(String),
    /// The FEN did not read.
    #[error("fen: {0}")]
    Fen(#[from] crate::fen::FenError),
    /// A move is not UCI or not legal where it stands (`ply` counts from 1).
    #[error("move {ply}: {error}")]
    Move {
        /// The 1-based ply of the move.
        ply: usize,
        /// Why it was refused.
        error: UciError,
    },
    /// More than [`MAX_POSITION_MOVES`] moves.
    #[error("more than {MAX_POSITION_MOVES} moves")]
    TooManyMoves,
}

impl UciPosition {
    /// The command for `start` and `moves` played from it.
    ///
    /// # Errors
    ///
    /// [`UciPositionError::Move`] for a move that is not legal where it stands (with
    /// [`UciError::Null`] for [`Move::NULL`], as [`UciPosition::parse`] refuses `0000`),
    /// [`UciPositionError::TooManyMoves`] for more than [`MAX_POSITION_MOVES`].
    pub fn new(start: Position, moves: &[Move]) -> Result<UciPosition, UciPositionError> {
        if moves.len() > MAX_POSITION_MOVES {
            return Err(UciPositionError::TooManyMoves);
        }
        let mut position = start.clone();
        for (i, &m) in moves.iter().enumerate() {
            position.play(m).map_err(|_| UciPositionError::Move {
                ply: i + 1,
                // As the text `0000` is refused (`UciPosition::parse`): no position has it.
                error: if m.is_null() {
                    UciError::Null
                } else {
                    UciError::Illegal(position.to_uci(m).to_string())
                },
            })?;
        }
        Ok(UciPosition {
            start,
            moves: moves.to_vec(),
            position,
        })
    }

    /// The command that gives `state`'s position: its start and its moves.
    #[must_use]
    pub fn from_state(state: &crate::State) -> UciPosition {
        UciPosition {
            start: state.start().clone(),
            moves: state.moves().to_vec(),
            position: state.position().clone(),
        }
    }

    /// Reads a `position` command, `mode` saying how the engine was told to read castling
    /// (`UCI_Chess960`): words separated by any whitespace, `position` first, then `startpos`
    /// (the standard start, in either mode) or `fen` and the FEN's four to six fields, then
    /// optionally `moves` and the moves, each legal where it stands. In standard chess castling
    /// is read both as the king's two-square move and as "king takes rook"; in Chess960 only as
    /// "king takes rook", as UCI has it ([`Position::parse_uci`]).
    ///
    /// # Errors
    ///
    /// [`UciPositionError`] naming the first word or move that does not read.
    pub fn parse(text: &str, mode: CastlingMode) -> Result<UciPosition, UciPositionError> {
        let mut words = text.split_ascii_whitespace();
        match words.next() {
            Some("position") => {}
            other => return Err(UciPositionError::NotPosition(excerpt(other.unwrap_or("")))),
        }
        let start = match words.next() {
            Some("startpos") => {
                let start = Position::new();
                match mode {
                    CastlingMode::Standard => start,
                    CastlingMode::Chess960 => Position::from_setup(start.to_setup(), mode)
                        .map_err(crate::fen::FenError::from)?,
                }
            }
            Some("fen") => {
                let mut fen = String::new();
                for w in words.by_ref().take_while(|&w| w != "moves") {
                    if !fen.is_empty() {
                        fen.push(' ');
                    }
                    fen.push_str(w);
                }
                let start = Position::from_fen(&fen, mode)?;
                return UciPosition::after(start, words);
            }
            other => return Err(UciPositionError::Start(excerpt(other.unwrap_or("")))),
        };
        match words.next() {
            None => UciPosition::new(start, &[]),
            Some("moves") => UciPosition::after(start, words),
            Some(w) => Err(UciPositionError::Moves(excerpt(w))),
        }
    }

    /// The command for `start` and the UCI moves `words`.
    fn after<'a>(
        start: Position,
        words: impl Iterator<Item = &'a str>,
    ) -> Result<UciPosition, UciPositionError> {
        let mut position = start.clone();
        let mut moves = Vec::new();
        for (i, w) in words.enumerate() {
            if moves.len() == MAX_POSITION_MOVES {
                return Err(UciPositionError::TooManyMoves);
            }
            let m = position
                .parse_uci(w)
                .map_err(|error| UciPositionError::Move { ply: i + 1, error })?;
            position.play_unchecked(m);
            moves.push(m);
        }
        Ok(UciPosition {
            start,
            moves,
            position,
        })
    }

    /// The starting position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played from the start.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position after the moves: the one the engine is to think about.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The game from the start through the moves under `game`'s rules
    /// ([`crate::Chess::replay`]: the state carries them, [`crate::State::rules`]), with the
    /// repetition history an engine needs for draws by repetition. The command's start is
    /// the state's, whatever `game`'s start is.
    ///
    /// # Errors
    ///
    /// [`crate::StateError::MoveAfterEnd`] when a move follows a position that had already
    /// ended the game: by insufficient material ([`Position::play`] still plays such moves),
    /// or by a draw the rules make automatic (under [`crate::Rules::fide`], the 75-move
    /// rule and fivefold repetition, which a GUI playing other rules may pass).
    pub fn to_state(&self, game: &crate::Chess) -> Result<crate::State, crate::StateError> {
        game.replay(self.start.clone(), &self.moves)
    }
}

impl FromStr for UciPosition {
    type Err = UciPositionError;
    /// [`UciPosition::parse`] in standard chess.
    fn from_str(s: &str) -> Result<UciPosition, UciPositionError> {
        UciPosition::parse(s, CastlingMode::Standard)
    }
}

impl fmt::Display for UciPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let start = &self.start;
        if start.castling_mode() == CastlingMode::Standard && *start == Position::new() {
            f.write_str("position startpos")?;
        } else {
            write!(f, "position fen {}", start.to_fen(crate::EpMode::Always))?;
        }
        if !self.moves.is_empty() {
            f.write_str(" moves")?;
            let mut p = start.clone();
            for &m in &self.moves {
                write!(f, " {}", p.to_uci(m))?;
                p.play_unchecked(m);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::FenError;

    fn cmd(text: &str) -> UciPosition {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn position_commands_in_the_forms_guis_send_them_read() {
        // Without moves, with an empty move list, with tabs and line ends around the words.
        let start = cmd("position startpos");
        assert_eq!(start.position(), &Position::new());
        assert_eq!(cmd("position startpos moves"), start);
        assert_eq!(cmd(" position\tstartpos  moves \r\n"), start);
        assert_eq!(start.to_string(), "position startpos");
        // A FEN of four fields (no clocks) and of six, then moves.
        let four = cmd("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - moves e2e4");
        let six = cmd("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4");
        assert_eq!(four.position(), six.position());
        assert_eq!(
            six.to_string(),
            "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4"
        );
        // The standard start written as a FEN reads as the start and writes as `startpos`.
        let fen = "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(cmd(fen).to_string(), "position startpos");
    }

    #[test]
    fn castling_reads_in_both_forms_and_writes_in_the_modes_own() {
        let opening = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6";
        let king_two = cmd(&format!("{opening} e1g1"));
        let king_takes_rook = cmd(&format!("{opening} e1h1"));
        assert_eq!(king_two, king_takes_rook);
        assert_eq!(king_takes_rook.to_string(), format!("{opening} e1g1"));
        // Told UCI_Chess960, the same game writes castling as king takes rook, from a FEN.
        // There the king's two-square move is a king move like any other, so castling is e1h1.
        assert!(UciPosition::parse(&format!("{opening} e1g1"), CastlingMode::Chess960).is_err());
        let c960 = UciPosition::parse(&format!("{opening} e1h1"), CastlingMode::Chess960).unwrap();
        assert_eq!(c960.position().zobrist(), king_two.position().zobrist());
        let text = c960.to_string();
        assert!(
            text.starts_with("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "),
            "{text}"
        );
        assert!(text.ends_with(" e1h1"), "{text}");
        assert_eq!(
            UciPosition::parse(&text, CastlingMode::Chess960).unwrap(),
            c960
        );
    }

    #[test]
    fn commands_that_do_not_read_name_the_word_or_the_move() {
        let err = |t: &str| t.parse::<UciPosition>().unwrap_err();
        assert_eq!(err(""), UciPositionError::NotPosition(String::new()));
        assert_eq!(
            err("go depth 3"),
            UciPositionError::NotPosition("go".into())
        );
        assert_eq!(err("position"), UciPositionError::Start(String::new()));
        assert_eq!(
            err("position startpos e2e4"),
            UciPositionError::Moves("e2e4".into())
        );
        assert_eq!(
            err("position fen moves e2e4"),
            UciPositionError::Fen(FenError::FieldCount(0))
        );
        assert!(matches!(
            err("position fen 8/8/8/8/8/8/8/8 w - - 0 1"),
            UciPositionError::Fen(_)
        ));
        assert_eq!(
            err("position startpos moves e2e4 e7e5 e1e3"),
            UciPositionError::Move {
                ply: 3,
                error: UciError::Illegal("e1e3".into())
            }
        );
        assert_eq!(
            err("position startpos moves e2e4 x"),
            UciPositionError::Move {
                ply: 2,
                error: UciError::Syntax("x".into())
            }
        );
        assert_eq!(
            err("position startpos moves 0000"),
            UciPositionError::Move {
                ply: 1,
                error: UciError::Null
            }
        );
        // A move list longer than any game: refused before it is held.
        let long = format!(
            "position startpos moves{}",
            " g1f3 g8f6 f3g1 f6g8".repeat(MAX_POSITION_MOVES / 4 + 1)
        );
        assert_eq!(err(&long), UciPositionError::TooManyMoves);
        let at_limit = format!(
            "position startpos moves{}",
            " g1f3 g8f6 f3g1 f6g8".repeat(MAX_POSITION_MOVES / 4)
        );
        assert_eq!(cmd(&at_limit).moves().len(), MAX_POSITION_MOVES);
    }

    /// K2: `UciPosition::new` refused `Move::NULL` as `UciError::Illegal("0000")`, "illegal
    /// move 0000 in this position", where the same move as text in `UciPosition::parse` (and
    /// `Position::parse_uci`) is `UciError::Null`: no position has a null move. Both now say
    /// `Null`, naming the ply.
    #[test]
    fn regression_k2_a_null_move_in_a_uci_position_was_called_illegal_here() {
        let start = Position::new();
        let e4 = start.parse_uci("e2e4").unwrap();
        let null = Err(UciPositionError::Move {
            ply: 2,
            error: UciError::Null,
        });
        assert_eq!(UciPosition::new(start.clone(), &[e4, Move::NULL]), null);
        assert_eq!(
            UciPosition::parse("position startpos moves e2e4 0000", CastlingMode::Standard),
            null
        );
    }

    #[test]
    fn new_checks_the_moves_and_to_state_the_games_end() {
        let start = Position::new();
        let e4 = start.parse_uci("e2e4").unwrap();
        assert_eq!(
            UciPosition::new(start.clone(), &[e4, e4]),
            Err(UciPositionError::Move {
                ply: 2,
                error: UciError::Illegal("e2e4".into())
            })
        );
        // A bare-kings position still has legal moves, but the game ended there (K17).
        let dead = cmd("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1e2");
        let game = crate::Chess::default();
        assert_eq!(
            dead.to_state(&game),
            Err(crate::StateError::MoveAfterEnd(1))
        );
        // The fifth occurrence of the start ends a FIDE game, not the booklet's.
        let dances = cmd(&format!(
            "position startpos moves{}",
            " g1f3 g8f6 f3g1 f6g8".repeat(5)
        ));
        assert_eq!(
            dances.to_state(&game),
            Err(crate::StateError::MoveAfterEnd(17))
        );
        let booklet = crate::Chess::new(crate::Rules::lattjo()).unwrap();
        let state = dances.to_state(&booklet).unwrap();
        assert_eq!(state.rules(), booklet.rules());
        assert_eq!(state.moves().len(), 20);
    }
}
