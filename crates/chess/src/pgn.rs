//! PGN: reading games from real-world files of any size, and writing them.
//!
//! [`PgnReader`] reads from any [`std::io::BufRead`] one game at a time, so memory stays
//! bounded by the largest single game, not the file; [`read_pgn`] reads a string. The
//! reader takes several games per file, the tag pairs (Seven Tag Roster and any others,
//! `SetUp`/`FEN` for other starts, `Variant` naming chess or Chess960, whose start without a
//! `FEN` tag is the standard array in Chess960's castling mode: a game of another variant is
//! refused, [`PgnErrorKind::Variant`]), SAN movetext with move numbers (`12.`,
//! `12...`, `12.e4`, and as import format allows, `12` and `12 ...`), `e.p.` or `ep` after
//! an en-passant capture, null moves (`--`, `Z0`, `0000`, `@@@@` as [`Move::NULL`], refused in
//! check, written `--`; see [`Position::play_null`]), comments (`{..}` and `;` to the end of
//! the line), `%` escape lines, NAGs (`$0` to `$255`; any other is [`PgnErrorKind::Nag`])
//! and the suffixes `!`, `?`, `!!`, `??`, `!?`, `?!` (read as NAGs
//! 1-6), variations nested up to [`MAX_VARIATION_DEPTH`] deep (checked move by move;
//! comments and NAGs inside variations are skipped) and the result tokens. A byte-order
//! mark (as Windows tools write) is skipped. A file in UTF-16 (which starts with its
//! byte-order mark: Windows PowerShell's `>` writes so, and Notepad's "Unicode"; or without
//! one, as `iconv -t UTF-16LE` writes, recognised by its first characters) is read as its
//! text ([`boardgame_core::text::Utf16AsUtf8`]). A tag value or comment that is not
//! UTF-8 is read as Windows-1252 (the standard's own character set is Latin-1, which
//! Windows-1252 extends; see [`boardgame_core::text`]), so the names in files that Scid,
//! ChessBase and older tools write in Latin-1 keep their letters; the writer writes UTF-8. A
//! game with an error is reported with its number in the file and its line (a line ends at
//! `\n`, `\r\n` or a `\r` alone) and skipped; the rest are still read as if it were absent.
//! A game ends at its result, at a tag pair after its movetext, and at a tag pair after a
//! blank line that names its first tag again, well-formed or not (a game cut off in its
//! tags, then the next); a game that ends other than at its result (the termination marker
//! the standard requires, 8.2.6: a file cut off in its last game, say) is
//! [`PgnErrorKind::UnterminatedGame`], which holds the game as read
//! ([`PgnError::ignore_unterminated`]). A `{` comment left unclosed ends where a line
//! starting with a tag pair (`[Name "`, the name starting with a capital letter) follows a
//! blank line (the next game's tags), and its game is [`PgnErrorKind::UnclosedComment`]; if
//! a line starting with `[` and a capital letter followed a blank line in it before that
//! (a game whose first tag pair is malformed, `[Event x]`), the comment ends there instead
//! and that line is read as the next game's.
//!
//! What is read is normalised so that writing and reading again gives the same game
//! (`read(write(read(s))) == read(s)`): the Seven Tag Roster comes first (`?` for a missing
//! value, `????.??.??` for the date), a tag given twice keeps its last value, the `Result`
//! tag holds the game's result (the termination token's, else the tag's; but a main line
//! that ends in checkmate, stalemate or insufficient material decides the result itself,
//! K16, A1, A2, and a contradicting or unknown `*` result is replaced by it), a Chess960
//! game without a `Variant` tag gets `[Variant "Chess960"]` (as python-chess and lichess
//! write it), `SetUp`/`FEN` follow the other tags when the start is not the standard one,
//! a tab or other control character in a tag value or comment becomes a space (the export
//! format has none), comments lose the whitespace at their ends and each line break (with
//! the spaces around it) becomes one space, and empty variations are dropped.
//!
//! The commands that archives embed in comments (`[%clk 0:03:00]`, `[%eval 0.17]`,
//! `[%cal Ge2e4]`) stay in the comments' text; [`commands`] reads them, typed, on demand
//! ([`PgnGame::ply_commands`]).
//!
//! # Examples
//!
//! ```
//! use lattjo_chess::pgn::PgnReader;
//!
//! let file = "\u{feff}[Event \"a\"]\n\n1. e4 e5 2. Nf3 {develops} Nc6 (2... d6) 1-0\n\n\
//!             [Event \"b\"]\n\n1. e4 e4 *\n";
//! let mut games = PgnReader::new(file.as_bytes());
//! let first = games.next().expect("a game")?;
//! assert_eq!(first.moves.len(), 4);
//! assert_eq!(first.tag("Event"), Some("a"));
//! let second = games.next().expect("another game").unwrap_err();
//! assert_eq!(second.line, 7);
//! assert!(games.next().is_none());
//! # Ok::<(), lattjo_chess::pgn::PgnError>(())
//! ```

use boardgame_core::text::excerpt;
use boardgame_core::text::{Utf16AsUtf8, decode};
use core::fmt;
use core::str::FromStr;
use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};
use std::io::BufRead;

use crate::fen::FenError;
use crate::outcome::GameResult;
use crate::position::{CastlingMode, Move, Position};
use crate::san::{San, SanError, SanPlus, Unresolved};
use crate::setup::Setup;
use crate::types::Color;

pub mod commands;

/// The null move's spellings the reader takes (python-chess's set).
const NULL_MOVES: [&[u8]; 4] = [b"--", b"Z0", b"0000", b"@@@@"];
/// The null move as the writer spells it (as ChessBase and python-chess do).
const NULL_MOVE_WRITTEN: &str = "--";

/// The result of a game whose main line ends at `end`: what the position decides by itself
/// (checkmate, stalemate or insufficient material, [`Position::outcome`]) under any rule
/// set, else `given`.
fn decided_result(end: &Position, given: GameResult) -> GameResult {
    end.outcome().map_or(given, |o| o.result())
}

/// Plays a move of a line read from PGN, [`Move::NULL`] included
/// ([`Position::play_null`]); whether it was legal (else `pos` is unchanged).
fn play_line_move(pos: &mut Position, m: Move) -> bool {
    if m.is_null() {
        pos.play_null().is_ok()
    } else {
        pos.play(m).is_ok()
    }
}

/// What a `Variant` tag names: standard chess (`Some(false)`), Chess960 (`Some(true)`) or
/// a game this crate does not play (`None`). Case, spaces, `-` and `_` are ignored; the
/// names are python-chess's and lichess's for the two games.
fn variant_is_chess960(value: &str) -> Option<bool> {
    let name: String = value
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect();
    match name.as_str() {
        "" | "standard" | "chess" | "classical" | "normal" | "fromposition" => Some(false),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" | "frc" => {
            Some(true)
        }
        _ => None,
    }
}

/// The Seven Tag Roster, in the order PGN writes it.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// One game read from PGN.
///
/// Two games are equal when their content is: the line a game was read from
/// ([`PgnGame::line`]) is not compared.
///
/// # Examples
///
/// ```
/// use lattjo_chess::pgn::PgnGame;
/// use lattjo_chess::{Color, GameResult};
///
/// let game: PgnGame = "[White \"Ann\"]\n1. f3 e5 2. g4 Qh4# 0-1".parse()?;
/// assert_eq!(game.tag("White"), Some("Ann"));
/// assert_eq!(game.tag("Event"), Some("?"));
/// assert_eq!(game.result, GameResult::Win(Color::Black));
/// assert!(game.end_position().is_checkmate());
/// let text = game.to_string();
/// assert!(text.ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"));
/// assert_eq!(text.parse::<PgnGame>()?, game);
/// # Ok::<(), lattjo_chess::pgn::PgnError>(())
/// ```
#[derive(Clone, Debug, Eq)]
pub struct PgnGame {
    /// Tag pairs: the Seven Tag Roster, then the others in file order (and `Variant` for a
    /// Chess960 game that has none), then `SetUp`/`FEN` for a non-standard start (see the
    /// module docs).
    pub tags: Vec<(String, String)>,
    /// The starting position (from the `FEN` tag, else the standard start).
    pub start: Position,
    /// The main line: legal moves, and [`Move::NULL`] where the text has a null move
    /// (play it with [`Position::play_null`]).
    pub moves: Vec<Move>,
    /// Comments, each after the given number of main-line plies (0: before the first move;
    /// the writer writes none past the last move it writes).
    pub comments: Vec<(usize, String)>,
    /// NAGs, each attached to the main-line ply with the given number (1 = first move; the
    /// writer writes none at 0 or past the last move it writes).
    pub nags: Vec<(usize, u8)>,
    /// Variations of the main line (each may hold nested ones).
    pub variations: Vec<Variation>,
    /// The result (`*` when the game has none). When the main line ends in checkmate,
    /// stalemate or insufficient material that decides it: the reader, [`PgnGame::new`] and
    /// the writer replace a contradicting or unknown result by it.
    pub result: GameResult,
    /// The line of the file where the game starts (1-based); not part of equality.
    pub line: usize,
}

impl PartialEq for PgnGame {
    fn eq(&self, o: &PgnGame) -> bool {
        self.tags == o.tags
            && self.start == o.start
            && self.moves == o.moves
            && self.comments == o.comments
            && self.nags == o.nags
            && self.variations == o.variations
            && self.result == o.result
    }
}

impl PgnGame {
    /// A game from `start` with `moves`, the given tags (normalised as the reader does:
    /// roster first, duplicates merged) and result (or the result the end of the main line
    /// decides, see [`PgnGame::result`]); no comments, NAGs or variations.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::pgn::PgnGame;
    /// use lattjo_chess::{Color, GameResult, Position};
    ///
    /// let mut pos = Position::new();
    /// let mut moves = Vec::new();
    /// for san in ["f3", "e5", "g4", "Qh4#"] {
    ///     let m = pos.parse_san(san)?;
    ///     pos.play(m)?;
    ///     moves.push(m);
    /// }
    /// // The mate decides: not a draw, and not unknown.
    /// let game = PgnGame::new(&[], Position::new(), moves, GameResult::Draw);
    /// assert_eq!(game.result, GameResult::Win(Color::Black));
    /// assert!(game.to_string().ends_with("Qh4# 0-1\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(
        tags: &[(&str, &str)],
        start: Position,
        moves: Vec<Move>,
        result: GameResult,
    ) -> PgnGame {
        let raw: Vec<(String, String)> = tags
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect();
        let mut game = PgnGame {
            tags: Vec::new(),
            start,
            moves,
            comments: Vec::new(),
            nags: Vec::new(),
            variations: Vec::new(),
            result,
            line: 1,
        };
        game.result = decided_result(&game.end_position(), result);
        game.tags = canonical_tags(&raw, &game.start, game.result);
        game
    }

    /// The value of a tag, if present.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position after the main line (after its last legal move, should the list hold
    /// an illegal one; a null move passes the turn).
    #[must_use]
    pub fn end_position(&self) -> Position {
        let mut p = self.start.clone();
        for &m in &self.moves {
            if !play_line_move(&mut p, m) {
                break;
            }
        }
        p
    }
}

/// A variation: an alternative to one move of the line it hangs from, with its own nested
/// variations.
///
/// # Examples
///
/// ```
/// let game: lattjo_chess::pgn::PgnGame = "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *".parse()?;
/// let sicilian = &game.variations[0];
/// assert_eq!(sicilian.ply, 2, "replaces the main line's second move");
/// assert_eq!(sicilian.moves.len(), 2);
/// # Ok::<(), lattjo_chess::pgn::PgnError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The move of the parent line it replaces (1 = the parent line's first move).
    pub ply: usize,
    /// Its moves, starting from the position before that move ([`Move::NULL`] for a null
    /// move, as in [`PgnGame::moves`]).
    pub moves: Vec<Move>,
    /// Variations of this variation.
    pub variations: Vec<Variation>,
}

/// What went wrong in one game.
///
/// # Examples
///
/// ```
/// use lattjo_chess::pgn::{read_pgn, PgnErrorKind};
///
/// let read = read_pgn("1. e4 {unclosed\n");
/// assert_eq!(read.errors[0].kind, PgnErrorKind::UnclosedComment);
/// let read = read_pgn("1. e4 Ke2 *");
/// assert!(matches!(&read.errors[0].kind, PgnErrorKind::Move { ply: 2, .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// A tag pair that is not `[Name "value"]`: its text, shortened to an excerpt
    /// (`boardgame_core::text::excerpt`).
    #[error("malformed tag pair {0:?}: not [Name \"value\"]")]
    Tag(String),
    /// A `{` comment without its `}`.
    #[error("comment not closed")]
    UnclosedComment,
    /// A `(` without its `)`, a `)` without its `(`, or a result inside a variation.
    #[error("unbalanced variation parentheses")]
    Parentheses,
    /// A variation before any move.
    #[error("variation before any move")]
    VariationWithoutMove,
    /// Variations nested more than [`MAX_VARIATION_DEPTH`] deep. A game's variations are a
    /// tree that writing, comparing, cloning and dropping walk recursively, so the reader
    /// does not build one deep enough to exhaust a thread's stack (100,000 levels in a
    /// 1 MB file did).
    #[error("variations nested more than {MAX_VARIATION_DEPTH} deep")]
    VariationsTooDeep,
    /// The `Variant` tag names a game other than chess and Chess960 (Crazyhouse,
    /// Antichess, Three-check, ...): its moves would be misread as chess moves. The text is
    /// the tag's value (at most [`EXCERPT_CHARS`](boardgame_core::text::EXCERPT_CHARS)
    /// characters of it).
    #[error("unsupported variant {0:?} (only chess and Chess960 are read)")]
    Variant(String),
    /// The `FEN` tag is not a valid position.
    #[error("bad fen tag: {0}")]
    Fen(FenError),
    /// A move that is not legal (or not SAN) where it stands.
    #[error("move {san:?} at ply {ply}: {error}")]
    Move {
        /// The text of the move.
        san: String,
        /// The ply number in its line (1 = first move).
        ply: usize,
        /// Why it was refused.
        error: SanError,
    },
    /// A game of more than [`MAX_GAME_BYTES`] bytes or [`MAX_GAME_TOKENS`] tokens (tags,
    /// moves, comments, NAGs, parentheses): an unclosed comment running on through a
    /// stream, say, or millions of comments. It is read on to its end without keeping its
    /// text, so that memory stays bounded whatever the source sends.
    #[error("game longer than {MAX_GAME_BYTES} bytes or {MAX_GAME_TOKENS} tokens")]
    GameTooLong,
    /// A NAG that is not `$` followed by a number from 0 to 255 (the PGN standard, 8.2.4):
    /// `$` alone, or `$256` and above (the text as read, a number past `u32` cut to its
    /// maximum).
    #[error("NAG {0:?} is not $ followed by a number from 0 to 255")]
    Nag(String),
    /// Reading the source failed; the reader stops.
    #[error("read error: {0}")]
    Io(String),
    /// A game without its termination marker (`1-0`, `0-1`, `1/2-1/2` or `*`, which the PGN
    /// standard requires at the end of every game's movetext, 8.2.6): the input ended (a
    /// file cut off, a download interrupted) or the next game's tags began first. It holds
    /// the game as read so far, its result from its `Result` tag (else `*`):
    /// [`PgnError::ignore_unterminated`] takes it. The error's line is the game's first
    /// (where its first tag pair or move stands).
    #[error("game not terminated: no result (1-0, 0-1, 1/2-1/2 or *) after ply {}", .0.moves.len())]
    UnterminatedGame(Box<PgnGame>),
    /// [`PgnGame`]'s `FromStr` found no game in the text.
    #[error("no game in the text")]
    NoGame,
    /// [`PgnGame`]'s `FromStr` found more than one game in the text.
    #[error("more than one game in the text")]
    MoreThanOneGame,
}

/// A game that could not be read: which game of the input (1-based), the line of the
/// problem (1-based) and what it was.
///
/// # Examples
///
/// ```
/// let err = "[Event \"x\"]\n\n1. e4 e4 *".parse::<lattjo_chess::pgn::PgnGame>().unwrap_err();
/// assert_eq!((err.game, err.line), (1, 3));
/// assert_eq!(err.to_string(), "pgn game 1, line 3: move \"e4\" at ply 2: illegal san move \"e4\" in this position");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("pgn game {game}, line {line}: {kind}")]
#[non_exhaustive]
pub struct PgnError {
    /// Which game of the input (1-based, counting the games that could not be read too:
    /// the number of the item [`PgnReader`] gives).
    pub game: usize,
    /// The 1-based line of the problem. Lines end at `\n`, `\r\n` or a `\r` alone (as
    /// classic Mac OS files end them), as editors count them.
    pub line: usize,
    /// What was wrong.
    pub kind: PgnErrorKind,
}

impl PgnError {
    /// The game read so far when the error is [`PgnErrorKind::UnterminatedGame`] (a game
    /// whose text ends without a result, as a file cut off in its last game does), else the
    /// error itself: for files known to leave the termination marker out.
    ///
    /// # Errors
    ///
    /// The error itself, when it is of another kind.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::pgn::{PgnErrorKind, PgnGame};
    ///
    /// let err = "[Event \"cut\"]\n\n1. e4 e5 2. Nf".parse::<PgnGame>().unwrap_err();
    /// assert!(matches!(err.kind, PgnErrorKind::Move { .. }), "a move cut off: not SAN");
    /// let err = "[Event \"cut\"]\n\n1. e4 e5 2. Nf3".parse::<PgnGame>().unwrap_err();
    /// assert_eq!((err.game, err.line), (1, 1));
    /// assert_eq!(err.to_string(), "pgn game 1, line 1: game not terminated: no result (1-0, 0-1, 1/2-1/2 or *) after ply 3");
    /// let game = err.ignore_unterminated()?;
    /// assert_eq!((game.tag("Event"), game.moves.len()), (Some("cut"), 3));
    /// # Ok::<(), lattjo_chess::pgn::PgnError>(())
    /// ```
    // The error given back is the reader's own, as `PgnGame::from_str` gives it.
    #[allow(clippy::result_large_err)]
    pub fn ignore_unterminated(self) -> Result<PgnGame, PgnError> {
        match self.kind {
            PgnErrorKind::UnterminatedGame(game) => Ok(*game),
            _ => Err(self),
        }
    }
}

/// Everything read from a PGN text: the good games and the errors of the skipped ones.
///
/// # Examples
///
/// ```
/// let read = lattjo_chess::pgn::read_pgn("1. e4 *\n\n1. e5 *\n");
/// assert_eq!((read.games.len(), read.errors.len()), (1, 1));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnRead {
    /// Games read successfully, in file order.
    pub games: Vec<PgnGame>,
    /// One error per skipped game, in file order.
    pub errors: Vec<PgnError>,
}

/// Reads every game of a PGN text ([`PgnReader`] over the string). Never fails as a whole:
/// a game with an error is skipped and its error (with the line) is listed in
/// [`PgnRead::errors`].
///
/// # Examples
///
/// ```
/// let text = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 {develops} Nc6 (2... d6) 1-0\n\n[Event \"b\"]\n\n1. e4 e4 *\n";
/// let read = lattjo_chess::pgn::read_pgn(text);
/// assert_eq!(read.games.len(), 1);
/// assert_eq!(read.games[0].moves.len(), 4);
/// assert_eq!(read.errors.len(), 1);
/// assert_eq!(read.errors[0].line, 7);
/// ```
#[must_use]
pub fn read_pgn(text: &str) -> PgnRead {
    let mut read = PgnRead::default();
    for g in PgnReader::new(text.as_bytes()) {
        match g {
            Ok(g) => read.games.push(g),
            Err(e) => read.errors.push(e),
        }
    }
    read
}

/// A streaming PGN reader: an iterator over the games of any [`BufRead`], one at a time.
///
/// Each item is a game or the error of a game that was skipped (with its line); reading
/// goes on after an error. A failure of the source itself ends the iteration with a
/// [`PgnErrorKind::Io`] item. Memory is bounded by the largest single game (a game whose
/// error was found keeps nothing more while it is skipped).
///
/// # Examples
///
/// ```no_run
/// use std::io::BufReader;
/// use lattjo_chess::pgn::PgnReader;
///
/// let file = std::fs::File::open("games.pgn")?;
/// let mut mates = 0;
/// for game in PgnReader::new(BufReader::new(file)) {
///     match game {
///         Ok(g) if g.end_position().is_checkmate() => mates += 1,
///         Ok(_) => {}
///         Err(e) => eprintln!("skipped: {e}"),
///     }
/// }
/// println!("{mates} games end in checkmate");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct PgnReader<R> {
    /// The source, read as UTF-8 when it is a UTF-16 file.
    src: Utf16AsUtf8<R>,
    lexer: Lexer,
    builder: Builder,
    done: bool,
}

impl<R: BufRead> PgnReader<R> {
    /// A reader over `src`.
    pub fn new(src: R) -> PgnReader<R> {
        PgnReader {
            src: Utf16AsUtf8::new(src),
            lexer: Lexer::default(),
            builder: Builder::default(),
            done: false,
        }
    }

    /// The underlying source. From a UTF-16 source, text it gave up that the reader had
    /// not reached yet is lost ([`Utf16AsUtf8::into_inner`]).
    pub fn into_inner(self) -> R {
        self.src.into_inner()
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(g) = self.builder.finished.pop_front() {
                return Some(g);
            }
            // The text of an unclosed comment from a line that may start a game on, if any,
            // is read before the source's next bytes ([`Lexer::weak`]).
            let replay = core::mem::take(&mut self.lexer.replay);
            let at = self.lexer.replay_at;
            let replaying = at < replay.len();
            if self.done && !replaying {
                return None;
            }
            let buf = if replaying {
                &replay[at..]
            } else {
                match self.src.fill_buf() {
                    Ok(b) => b,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => {
                        self.done = true;
                        return Some(Err(PgnError {
                            game: self.builder.games + 1,
                            line: self.lexer.line,
                            kind: PgnErrorKind::Io(e.to_string()),
                        }));
                    }
                }
            };
            if buf.is_empty() {
                self.done = true;
                self.lexer.finish(&mut self.builder);
                self.builder.finish(true);
                continue;
            }
            self.lexer.replaying = replaying;
            let used = self.lexer.feed(buf, &mut self.builder);
            if replaying {
                self.lexer
                    .replayed(replay, at + used, self.done, &mut self.builder);
            } else {
                self.src.consume(used);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// The lexer: bytes to tokens, one byte at a time, resumable at any byte.

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum LexState {
    #[default]
    Ground,
    Word,
    Comment,
    LineComment,
    Escape,
    Tag {
        quoted: bool,
        escaped: bool,
    },
    Nag,
    /// Inside a possible byte-order mark: how many of its bytes were seen.
    Bom(u8),
}

const BOM: [u8; 3] = [0xef, 0xbb, 0xbf];

/// How much of a tag pair's start (`[Name "`) a comment's line has shown ([`CommentLine`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TagStart {
    /// `[`.
    Bracket,
    /// `[` and a name that starts with a capital letter (the PGN standard, 8.1.1).
    Name,
    /// The name and white space.
    Space,
}

/// Where the lexer is in the lines of a `{` comment, to find where an unclosed one ran into
/// the next game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CommentLine {
    /// At the start of a line after a line break inside the comment; whether the line
    /// before it was blank.
    Start { after_blank: bool },
    /// Inside what may be the start of a tag pair (`[Name "`) on a line after a blank one,
    /// its `[` at `at` in the comment's text.
    Tag { at: usize, part: TagStart },
    /// Inside a line (the comment's first line counts as not blank); whether it is blank so
    /// far.
    Rest { blank: bool },
}

#[derive(Debug)]
struct Lexer {
    state: LexState,
    buf: Vec<u8>,
    line: usize,
    tok_line: usize,
    at_line_start: bool,
    /// The digits of the NAG being read (`None` until the first one).
    nag: Option<u32>,
    /// Whether the last byte read was a carriage return: a `\n` after it ends no second line.
    after_cr: bool,
    /// Where the comment being read is in its lines.
    cline: CommentLine,
    /// The first line of the comment being read that starts with `[` and a capital letter
    /// after a blank line (its `[` at this index of `buf`, and its line), unless the comment
    /// began in replayed bytes: should the comment prove unclosed, the text from there on is
    /// read again as the next game's (a malformed tag pair, `[Event x]`, starting it).
    weak: Option<(usize, usize)>,
    /// Whether the comment being read may note [`Lexer::weak`].
    weak_ok: bool,
    /// Bytes to read again before the source's next ones, from `replay_at` on
    /// ([`Lexer::weak`]).
    replay: Vec<u8>,
    replay_at: usize,
    /// Whether the bytes being fed are replayed ones: a comment begun in them notes no
    /// [`Lexer::weak`], so that no byte is read more than twice.
    replaying: bool,
}

impl Default for Lexer {
    fn default() -> Lexer {
        Lexer {
            state: LexState::Ground,
            buf: Vec::new(),
            line: 1,
            tok_line: 1,
            at_line_start: true,
            nag: None,
            after_cr: false,
            cline: CommentLine::Rest { blank: false },
            weak: None,
            weak_ok: false,
            replay: Vec::new(),
            replay_at: 0,
            replaying: false,
        }
    }
}

enum Tok<'a> {
    Tag(&'a [u8]),
    Comment(&'a [u8]),
    Nag(u8),
    /// A `$` without digits (`None`) or with a number above 255.
    BadNag(Option<u32>),
    Open,
    Close,
    Word(&'a [u8]),
    UnclosedComment,
}

/// Bytes that end a word: ASCII whitespace and `{ } ( ) [ ] ; $`.
static DELIMITER: [bool; 256] = {
    let mut t = [false; 256];
    let bytes = b" \t\n\r\x0c{}()[];$";
    let mut i = 0;
    while i < bytes.len() {
        t[bytes[i] as usize] = true;
        i += 1;
    }
    t
};

fn is_delimiter(b: u8) -> bool {
    DELIMITER[b as usize]
}

/// Where the first of the bytes `needles` is in `hay`: eight bytes at a time (each compared
/// as one `u64`), for the long runs of comment text.
fn find_any<const N: usize>(hay: &[u8], needles: [u8; N]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let (chunks, tail) = hay.as_chunks::<8>();
    for (k, chunk) in chunks.iter().enumerate() {
        let word = u64::from_le_bytes(*chunk);
        // A byte equal to a needle is zero in `word ^ needle`; the lowest flagged byte is
        // the first zero byte (a borrow only flags bytes above a zero one).
        let mut zeros = 0;
        for &n in &needles {
            let x = word ^ (ONES * u64::from(n));
            zeros |= x.wrapping_sub(ONES) & !x & HIGHS;
        }
        if zeros != 0 {
            return Some(k * 8 + zeros.trailing_zeros() as usize / 8);
        }
    }
    let at = chunks.len() * 8;
    tail.iter()
        .position(|d| needles.contains(d))
        .map(|n| at + n)
}

impl Lexer {
    /// Lexes bytes until the builder has a finished game; returns how many were used.
    /// Words, comments and escape lines are scanned in bulk; the rest byte by byte.
    fn feed(&mut self, bytes: &[u8], b: &mut Builder) -> usize {
        let mut i = 0;
        while i < bytes.len() {
            let rest = &bytes[i..];
            let before = i;
            match self.state {
                LexState::Ground => {
                    let c = rest[0];
                    // A line ends at `\n`, `\r\n`, or a carriage return alone (as classic Mac
                    // OS files end their lines), so that a `%` after it starts an escape line
                    // and the lines of errors are those an editor shows.
                    if c == b'\n' || c == b'\r' {
                        if c == b'\r' || !self.after_cr {
                            self.line += 1;
                            // A line with nothing on it.
                            b.blank |= self.at_line_start;
                        }
                        self.at_line_start = true;
                    } else if c.is_ascii_whitespace() {
                        // A run of spaces, tabs and form feeds does nothing but end a line's
                        // `\r` (below): skipped at once.
                        let n = rest[1..]
                            .iter()
                            .position(|&d| !matches!(d, b' ' | b'\t' | b'\x0c'))
                            .unwrap_or(rest.len() - 1);
                        i += n;
                    } else if c == b'{'
                        && let Some(n) = find_any(&rest[1..], [b'}', b'\n', b'\r'])
                        && rest[1 + n] == b'}'
                    {
                        // A comment on one line, whole in `bytes` (nearly all): read in
                        // place, as `Comment` would read it without copying it to `buf`.
                        self.at_line_start = false;
                        b.token(Tok::Comment(&rest[1..=n]), self.line);
                        i += n + 2;
                        self.after_cr = false;
                        if !b.finished.is_empty() {
                            return i;
                        }
                        continue;
                    } else if is_delimiter(c) || c == b'%' || c == BOM[0] {
                        self.step(c, b);
                    } else {
                        self.at_line_start = false;
                        match rest.iter().position(|&d| is_delimiter(d)) {
                            Some(n) => {
                                b.token(Tok::Word(&rest[..n]), self.line);
                                // The space after a word, read as Ground reads it (nothing
                                // but `after_cr` cleared, below).
                                i += if rest[n] == b' ' { n + 1 } else { n };
                            }
                            None => {
                                self.start(LexState::Word);
                                self.keep(rest);
                                i = bytes.len();
                            }
                        }
                        self.after_cr = false;
                        if !b.finished.is_empty() {
                            return i;
                        }
                        continue;
                    }
                    i += 1;
                }
                LexState::Word => match rest.iter().position(|&d| is_delimiter(d)) {
                    Some(n) => {
                        self.keep(&rest[..n]);
                        b.token(Tok::Word(&self.buf), self.tok_line);
                        self.state = LexState::Ground;
                        i += n;
                    }
                    None => {
                        self.keep(rest);
                        i = bytes.len();
                    }
                },
                LexState::Comment => i += self.comment(rest, b),
                LexState::Tag { quoted, .. } => {
                    // Up to the next byte the tag's state machine acts on, kept at once;
                    // any other byte ends an escape (a `\` before it).
                    let n = rest
                        .iter()
                        .position(|&d| matches!(d, b'"' | b'\\' | b']' | b'\n' | b'\r'))
                        .unwrap_or(rest.len());
                    if n == 0 {
                        self.step(rest[0], b);
                        i += 1;
                    } else {
                        self.keep(&rest[..n]);
                        self.state = LexState::Tag {
                            quoted,
                            escaped: false,
                        };
                        self.at_line_start = false;
                        i += n;
                    }
                }
                LexState::LineComment | LexState::Escape => {
                    // Up to the line break, which Ground then counts: `\n`, or `\r` (alone in
                    // classic Mac OS files, where a `;` comment ran on to the end of the file).
                    let n = rest.iter().position(|&d| d == b'\n' || d == b'\r');
                    if self.state == LexState::LineComment {
                        self.keep(&rest[..n.unwrap_or(rest.len())]);
                    }
                    match n {
                        Some(n) => {
                            if self.state == LexState::LineComment {
                                b.token(Tok::Comment(&self.buf), self.tok_line);
                            }
                            self.state = LexState::Ground;
                            i += n;
                        }
                        None => i = bytes.len(),
                    }
                }
                _ => {
                    self.step(rest[0], b);
                    i += 1;
                }
            }
            if i > before {
                self.after_cr = bytes[i - 1] == b'\r';
            }
            if !b.finished.is_empty() {
                return i;
            }
        }
        bytes.len()
    }

    /// Reads `rest` (not empty) inside a `{` comment, up to its `}` or the end of `rest`;
    /// returns how many bytes were used.
    ///
    /// A comment does not end at a line break (the PGN standard, 8.2.5), so one left
    /// unclosed would run on through the next games to the next `}` anywhere in the file,
    /// taking them with it without a word (python-chess does so), or to the end of a
    /// gigabyte archive. A line that starts with a tag pair (`[Name "`, the name starting
    /// with a capital letter, 8.1.1) after a blank line is where the next game starts (its
    /// tag pair section follows the previous game's empty line, 8.1 and 8.2): there, the
    /// comment is read as unclosed ([`PgnErrorKind::UnclosedComment`] for its game) and the
    /// tag is read as the start of the next game. A closed comment holding a blank line and
    /// then a line starting with a tag pair is the price, and no writer writes one. An
    /// unclosed comment that holds, before that, a line starting with `[` and a capital
    /// letter after a blank line ([`Lexer::weak`]: a game whose first tag pair is malformed,
    /// `[Event x]`) ends there instead, and the text from that line on is read again.
    fn comment(&mut self, rest: &[u8], b: &mut Builder) -> usize {
        let c = rest[0];
        match self.cline {
            CommentLine::Start { after_blank } => {
                if c == b'\n' && self.after_cr {
                    // The `\n` of a `\r\n`: the same line break.
                    self.keep_byte(c);
                    return 1;
                }
                // Only while the comment is whole in `buf`, so that the tag's start is there.
                if c == b'[' && after_blank && self.buf.len() < MAX_GAME_BYTES {
                    self.cline = CommentLine::Tag {
                        at: self.buf.len(),
                        part: TagStart::Bracket,
                    };
                    self.keep_byte(c);
                    return 1;
                }
                self.cline = CommentLine::Rest { blank: true };
                0
            }
            CommentLine::Tag { at, part } => {
                let next = match (part, c) {
                    (TagStart::Bracket, b'A'..=b'Z') => {
                        if self.weak_ok && self.weak.is_none() {
                            self.weak = Some((at, self.line));
                        }
                        Some(TagStart::Name)
                    }
                    (TagStart::Name, b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_') => {
                        Some(TagStart::Name)
                    }
                    (TagStart::Name | TagStart::Space, b' ' | b'\t') => Some(TagStart::Space),
                    (TagStart::Name | TagStart::Space, b'"') if self.buf.len() < MAX_GAME_BYTES => {
                        // `[Name "`: the next game's first tag pair. The comment was not
                        // closed; the tag is read on from here, inside its quotes.
                        let mut tag = self.buf.split_off(at);
                        tag.push(c);
                        b.token(Tok::UnclosedComment, self.tok_line);
                        if self.replay_from_weak(&tag) {
                            return 1;
                        }
                        self.start(LexState::Tag {
                            quoted: true,
                            escaped: false,
                        });
                        self.buf = tag;
                        self.at_line_start = false;
                        return 1;
                    }
                    _ => None,
                };
                match next {
                    Some(part) => {
                        self.keep_byte(c);
                        self.cline = CommentLine::Tag { at, part };
                        1
                    }
                    None => {
                        self.cline = CommentLine::Rest { blank: false };
                        0
                    }
                }
            }
            CommentLine::Rest { blank } => {
                let n = find_any(rest, [b'}', b'\n', b'\r']);
                let body = &rest[..n.unwrap_or(rest.len())];
                let blank = blank && body.iter().all(u8::is_ascii_whitespace);
                self.keep(body);
                match n {
                    Some(n) if rest[n] == b'}' => {
                        b.token(Tok::Comment(&self.buf), self.tok_line);
                        self.state = LexState::Ground;
                        self.at_line_start = false;
                        n + 1
                    }
                    Some(n) => {
                        let d = rest[n];
                        if d == b'\r' || n > 0 || !self.after_cr {
                            self.line += 1;
                        }
                        self.keep_byte(d);
                        self.cline = CommentLine::Start { after_blank: blank };
                        n + 1
                    }
                    None => {
                        self.cline = CommentLine::Rest { blank };
                        rest.len()
                    }
                }
            }
        }
    }

    /// After an unclosed comment, when it holds a [`Lexer::weak`] line: the comment's text
    /// from that line on, then `more`, are read again from the start of that line (the
    /// bytes go before any left to replay); whether it did so.
    #[cold]
    fn replay_from_weak(&mut self, more: &[u8]) -> bool {
        let Some((at, line)) = self.weak.take() else {
            return false;
        };
        // A comment longer than `buf` keeps was not kept whole: nothing to read again.
        if self.buf.len() > MAX_GAME_BYTES {
            return false;
        }
        let mut bytes = self.buf.split_off(at);
        bytes.extend_from_slice(more);
        bytes.extend_from_slice(self.replay.get(self.replay_at..).unwrap_or_default());
        self.replay = bytes;
        self.replay_at = 0;
        self.state = LexState::Ground;
        self.buf.clear();
        self.line = line;
        self.at_line_start = true;
        self.after_cr = false;
        true
    }

    /// After `replay` was fed up to `end`: the rest is left to replay, and at the end of the
    /// input (`done`) without more, the input is finished.
    #[cold]
    fn replayed(&mut self, mut replay: Vec<u8>, end: usize, done: bool, b: &mut Builder) {
        self.replaying = false;
        if self.replay.is_empty() {
            self.replay_at = end;
        } else {
            // (No comment begun in replayed bytes sets a replay; should one, its bytes come
            // first.)
            self.replay.extend_from_slice(&replay[end..]);
            replay = core::mem::take(&mut self.replay);
        }
        if self.replay_at >= replay.len() {
            replay = Vec::new();
            self.replay_at = 0;
        }
        self.replay = replay;
        if done && self.replay.is_empty() {
            self.finish(b);
            b.finish(true);
        }
    }

    /// One byte through the state machine, with the line bookkeeping.
    fn step(&mut self, c: u8, b: &mut Builder) {
        // A byte of a byte-order mark leaves the line's start as it was, so that a `%` right
        // after a mark at the start of a line (a file, or a file concatenated after another,
        // whose first line is an escape) begins an escape line.
        let mark = match self.state {
            LexState::Ground => c == BOM[0],
            LexState::Bom(n) => c == BOM[n as usize],
            _ => false,
        };
        self.byte(c, b);
        if mark {
            return;
        }
        if c == b'\r' || (c == b'\n' && !self.after_cr) {
            self.line += 1;
            self.at_line_start = true;
        } else if c == b'\n' {
            self.at_line_start = true;
        } else if !matches!(self.state, LexState::Ground | LexState::Bom(_))
            || !c.is_ascii_whitespace()
        {
            self.at_line_start = false;
        }
    }

    /// Appends to the token under way, up to one byte more than [`MAX_GAME_BYTES`]: a token
    /// that long fails its game ([`Builder::count`]), so the rest need not be kept.
    fn keep(&mut self, bytes: &[u8]) {
        let room = (MAX_GAME_BYTES + 1).saturating_sub(self.buf.len());
        self.buf.extend_from_slice(&bytes[..bytes.len().min(room)]);
    }

    /// [`Lexer::keep`] for one byte.
    #[inline]
    fn keep_byte(&mut self, c: u8) {
        if self.buf.len() <= MAX_GAME_BYTES {
            self.buf.push(c);
        }
    }

    fn start(&mut self, state: LexState) {
        self.state = state;
        self.tok_line = self.line;
        self.buf.clear();
    }

    fn byte(&mut self, c: u8, b: &mut Builder) {
        match self.state {
            LexState::Ground => self.ground(c, b),
            LexState::Bom(n) => {
                if c == BOM[n as usize] {
                    self.state = if n == 2 {
                        LexState::Ground
                    } else {
                        LexState::Bom(n + 1)
                    };
                } else {
                    // Not a byte-order mark after all: the bytes start a word.
                    let line = self.tok_line;
                    self.start(LexState::Word);
                    self.tok_line = line;
                    self.keep(&BOM[..n as usize]);
                    self.byte(c, b);
                }
            }
            LexState::Word => {
                if is_delimiter(c) {
                    b.token(Tok::Word(&self.buf), self.tok_line);
                    self.state = LexState::Ground;
                    self.ground(c, b);
                } else {
                    self.keep_byte(c);
                }
            }
            LexState::Comment => {
                if c == b'}' {
                    b.token(Tok::Comment(&self.buf), self.tok_line);
                    self.state = LexState::Ground;
                } else {
                    self.keep_byte(c);
                }
            }
            LexState::LineComment => {
                if c == b'\n' || c == b'\r' {
                    b.token(Tok::Comment(&self.buf), self.tok_line);
                    self.state = LexState::Ground;
                } else {
                    self.keep_byte(c);
                }
            }
            LexState::Escape => {
                if c == b'\n' || c == b'\r' {
                    self.state = LexState::Ground;
                }
            }
            LexState::Tag { quoted, escaped } => {
                if c == b'\n' || c == b'\r' {
                    // A tag pair ends on its line. A `]` read inside quotes (a value with an
                    // odd number of unescaped quotes, `[Event "5" board"]`) closes it there.
                    b.token(Tok::Tag(tag_at_line_end(&self.buf)), self.tok_line);
                    self.state = LexState::Ground;
                } else if c == b']' && !quoted {
                    self.keep_byte(c);
                    b.token(Tok::Tag(&self.buf), self.tok_line);
                    self.state = LexState::Ground;
                } else {
                    self.keep_byte(c);
                    self.state = LexState::Tag {
                        quoted: if c == b'"' && !escaped {
                            !quoted
                        } else {
                            quoted
                        },
                        escaped: quoted && c == b'\\' && !escaped,
                    };
                }
            }
            LexState::Nag => {
                if c.is_ascii_digit() {
                    self.nag = Some(
                        self.nag
                            .unwrap_or(0)
                            .saturating_mul(10)
                            .saturating_add(u32::from(c - b'0')),
                    );
                } else {
                    b.token(nag_token(self.nag), self.tok_line);
                    self.state = LexState::Ground;
                    self.ground(c, b);
                }
            }
        }
    }

    fn ground(&mut self, c: u8, b: &mut Builder) {
        match c {
            _ if c.is_ascii_whitespace() => {}
            b'%' if self.at_line_start => self.start(LexState::Escape),
            b'[' => {
                self.start(LexState::Tag {
                    quoted: false,
                    escaped: false,
                });
                self.keep_byte(c);
            }
            b'{' => {
                self.start(LexState::Comment);
                self.cline = CommentLine::Rest { blank: false };
                self.weak = None;
                self.weak_ok = !self.replaying;
            }
            b';' => self.start(LexState::LineComment),
            b'(' => b.token(Tok::Open, self.line),
            b')' => b.token(Tok::Close, self.line),
            b'$' => {
                self.start(LexState::Nag);
                self.nag = None;
            }
            // A stray `]` or `}`: skipped.
            b']' | b'}' => {}
            0xef => self.start(LexState::Bom(1)),
            _ => {
                self.start(LexState::Word);
                self.keep_byte(c);
            }
        }
    }

    /// The end of the input: completes the token under way.
    fn finish(&mut self, b: &mut Builder) {
        match self.state {
            LexState::Word => b.token(Tok::Word(&self.buf), self.tok_line),
            LexState::Bom(n) => b.token(Tok::Word(&BOM[..n as usize]), self.tok_line),
            LexState::LineComment => b.token(Tok::Comment(&self.buf), self.tok_line),
            LexState::Comment => {
                b.token(Tok::UnclosedComment, self.tok_line);
                if self.replay_from_weak(&[]) {
                    return;
                }
            }
            LexState::Tag { .. } => b.token(Tok::Tag(tag_at_line_end(&self.buf)), self.tok_line),
            LexState::Nag => b.token(nag_token(self.nag), self.tok_line),
            LexState::Ground | LexState::Escape => {}
        }
        self.state = LexState::Ground;
    }
}

/// The token of a NAG read as `$` and `digits`: the standard's NAGs are 0 to 255 (8.2.4), so
/// a `$` without digits or a larger number is no NAG (it used to be read as `$0` or `$255`).
fn nag_token<'a>(digits: Option<u32>) -> Tok<'a> {
    match digits.map(u8::try_from) {
        Some(Ok(n)) => Tok::Nag(n),
        _ => Tok::BadNag(digits),
    }
}

// ---------------------------------------------------------------------------------------
// The builder: tokens to games, move by move.

#[derive(Clone, Debug)]
struct Frame {
    pos: Position,
    before_last: Option<Position>,
    moves: Vec<Move>,
    variations: Vec<Variation>,
    ply: usize,
    open_line: usize,
}

/// The most bytes one game's tokens may hold, a byte counted for the space after each
/// ([`PgnErrorKind::GameTooLong`] beyond): 16 MiB, as the backgammon crate's match files.
/// The largest games of real archives (lichess's, with a clock comment on every move) are
/// a few tens of kilobytes.
pub const MAX_GAME_BYTES: usize = 16 << 20;

/// The most tokens (tags, moves, comments, NAGs, parentheses, move numbers) one game may
/// hold ([`PgnErrorKind::GameTooLong`] beyond): what is kept of each costs some tens of
/// bytes, whatever its length.
pub const MAX_GAME_TOKENS: usize = 1 << 20;

/// How deep the reader lets variations nest ([`PgnErrorKind::VariationsTooDeep`] beyond):
/// 1 for a variation of the main line, 2 for a variation of that variation, and so on.
/// Annotated games rarely go beyond a handful of levels.
pub const MAX_VARIATION_DEPTH: usize = 64;

#[derive(Debug, Default)]
struct Builder {
    /// Any token seen in the current game.
    active: bool,
    /// Any token other than a comment seen in the current game.
    substantial: bool,
    line: usize,
    tags: Vec<(String, String)>,
    seen_moves: bool,
    depth: i64,
    error: Option<PgnError>,
    comments: Vec<(usize, String)>,
    nags: Vec<(usize, u8)>,
    start: Option<Position>,
    frames: Vec<Frame>,
    result_token: Option<GameResult>,
    finished: VecDeque<Result<PgnGame, PgnError>>,
    /// Bytes and tokens of the game so far ([`MAX_GAME_BYTES`], [`MAX_GAME_TOKENS`]).
    bytes: usize,
    tokens: usize,
    /// How many games (read or failed) were finished before this one.
    games: usize,
    /// Whether a blank line came since the last token.
    blank: bool,
    /// The main line's move list of the last game read, emptied: the next game collects its
    /// moves there and its [`PgnGame::moves`] gets an allocation of its exact size, instead
    /// of growing one move by move.
    spare_moves: Vec<Move>,
}

impl Builder {
    fn fail(&mut self, line: usize, kind: PgnErrorKind) {
        if self.error.is_none() {
            // The game's number is set when it is finished.
            self.error = Some(PgnError {
                game: 0,
                line,
                kind,
            });
            // Nothing more of this game is kept while it is skipped.
            self.frames = Vec::new();
            self.comments = Vec::new();
            self.nags = Vec::new();
            self.tags = Vec::new();
        }
    }

    /// Counts a token of `len` bytes into the game; past [`MAX_GAME_BYTES`] or
    /// [`MAX_GAME_TOKENS`] the game fails.
    fn count(&mut self, len: usize, line: usize) {
        self.bytes = self.bytes.saturating_add(len).saturating_add(1);
        self.tokens += 1;
        if self.bytes > MAX_GAME_BYTES || self.tokens > MAX_GAME_TOKENS {
            self.begin(line, true);
            self.fail(line, PgnErrorKind::GameTooLong);
        }
    }

    fn begin(&mut self, line: usize, substantial: bool) {
        if !self.active {
            self.active = true;
            self.line = line;
        }
        self.substantial |= substantial;
    }

    /// The start position from the tags, computed at the first movetext token.
    #[inline]
    fn ensure_start(&mut self) {
        if self.start.is_none() && self.error.is_none() {
            self.compute_start();
        }
    }

    /// [`Builder::ensure_start`]'s work, once a game.
    #[cold]
    fn compute_start(&mut self) {
        let variant = self.tags.iter().rev().find(|(n, _)| n == "Variant");
        let chess960 = match variant.map(|(_, v)| (v, variant_is_chess960(v))) {
            None => false,
            Some((_, Some(chess960))) => chess960,
            Some((v, None)) => {
                let (line, v) = (self.line, excerpt(v));
                self.fail(line, PgnErrorKind::Variant(v));
                return;
            }
        };
        let parsed = match self.tags.iter().rev().find(|(n, _)| n == "FEN") {
            Some((_, fen)) if chess960 => Position::from_fen(fen, CastlingMode::Chess960),
            Some((_, fen)) => fen.parse::<Position>(),
            // Chess960 without a `FEN` tag (as python-chess writes its standard array, number
            // 518): the standard start, in Chess960's castling mode.
            None if chess960 => {
                Position::from_setup(Setup::default(), CastlingMode::Chess960).map_err(Into::into)
            }
            None => Ok(Position::new()),
        };
        let start = match parsed {
            Ok(p) => p,
            Err(e) => {
                let line = self.line;
                self.fail(line, PgnErrorKind::Fen(e));
                return;
            }
        };
        self.frames.clear();
        self.frames.push(Frame {
            pos: start.clone(),
            before_last: None,
            moves: core::mem::take(&mut self.spare_moves),
            variations: Vec::new(),
            ply: 0,
            open_line: 0,
        });
        self.start = Some(start);
    }

    fn token(&mut self, tok: Tok<'_>, line: usize) {
        let blank = core::mem::take(&mut self.blank);
        match &tok {
            // A tag may begin the next game: counted below.
            Tok::Tag(_) => {}
            Tok::Comment(b) | Tok::Word(b) => self.count(b.len(), line),
            _ => self.count(1, line),
        }
        match tok {
            Tok::Tag(body) => {
                let tag = parse_tag(body);
                // A tag after movetext begins the next game; so does one after a blank line
                // that names the game's first tag again (the next game's `Event`) or follows
                // a game already failed: the game before it was cut off before its movetext
                // (a truncated file, then the next), and the next game is read as if it were
                // absent. (One blank line inside a tag pair section, as python-chess reads it,
                // still joins the tags of one game.)
                let cut_off = blank
                    && self.active
                    && (self.error.is_some()
                        || self.tags.first().is_some_and(|(first, _)| match &tag {
                            Some((n, _)) => n == first,
                            // A malformed tag pair closed on its line is read for its
                            // name (`[Event x]`).
                            None => body.ends_with(b"]") && tag_name(body) == first.as_bytes(),
                        }));
                if self.seen_moves || cut_off {
                    self.finish(false);
                }
                self.count(body.len(), line);
                self.begin(line, true);
                match tag {
                    Some(_) if self.error.is_some() => {}
                    Some((name, value)) if self.start.is_none() => self.tags.push((name, value)),
                    // A tag after the movetext began is out of place but harmless.
                    Some(_) => {}
                    None => self.fail(line, PgnErrorKind::Tag(tag_excerpt(body))),
                }
            }
            Tok::Comment(text) => {
                self.begin(line, false);
                if self.error.is_none() && self.frames.len() <= 1 {
                    let ply = self.frames.first().map_or(0, |f| f.moves.len());
                    self.comments.push((ply, fold_comment(text)));
                }
            }
            Tok::UnclosedComment => {
                // It ran to the end of the input or into the next game's tags: this game
                // ends here.
                self.begin(line, true);
                self.fail(line, PgnErrorKind::UnclosedComment);
                self.finish(false);
            }
            Tok::Nag(n) => {
                self.begin(line, true);
                self.ensure_start();
                if self.error.is_none()
                    && let [main] = self.frames.as_slice()
                    && !main.moves.is_empty()
                {
                    self.nags.push((main.moves.len(), n));
                }
            }
            Tok::BadNag(digits) => {
                self.begin(line, true);
                let text = digits.map_or_else(|| "$".to_owned(), |n| format!("${n}"));
                self.fail(line, PgnErrorKind::Nag(text));
            }
            Tok::Open => {
                self.begin(line, true);
                self.depth += 1;
                self.ensure_start();
                if self.error.is_some() {
                    return;
                }
                // `frames` holds the main line and the variations open around this one.
                if self.frames.len() > MAX_VARIATION_DEPTH {
                    self.fail(line, PgnErrorKind::VariationsTooDeep);
                    return;
                }
                let Some(parent) = self.frames.last() else {
                    return;
                };
                match parent.before_last.clone() {
                    Some(base) => {
                        let ply = parent.moves.len();
                        self.frames.push(Frame {
                            pos: base,
                            before_last: None,
                            moves: Vec::new(),
                            variations: Vec::new(),
                            ply,
                            open_line: line,
                        });
                    }
                    None => self.fail(line, PgnErrorKind::VariationWithoutMove),
                }
            }
            Tok::Close => {
                self.begin(line, true);
                self.depth -= 1;
                self.ensure_start();
                if self.error.is_some() {
                    return;
                }
                if self.frames.len() <= 1 {
                    self.fail(line, PgnErrorKind::Parentheses);
                    return;
                }
                if let Some(f) = self.frames.pop()
                    && !f.moves.is_empty()
                    && let Some(parent) = self.frames.last_mut()
                {
                    parent.variations.push(Variation {
                        ply: f.ply,
                        moves: f.moves,
                        variations: f.variations,
                    });
                }
            }
            Tok::Word(word) => self.word(word, line),
        }
    }

    fn word(&mut self, word: &[u8], line: usize) {
        self.begin(line, true);
        let result = match word {
            // `½-½` in UTF-8 and in Latin-1, and `1/2` (a draw, as pgn-extract reads it).
            b"1-0" | b"0-1" | b"1/2-1/2" | b"*" | b"\xc2\xbd-\xc2\xbd" | b"\xbd-\xbd" | b"1/2" => {
                GameResult::from_token(&decode(word))
            }
            _ => None,
        };
        if let Some(r) = result {
            if self.depth <= 0 {
                self.ensure_start();
                self.result_token = Some(r);
                self.finish(false);
            } else {
                self.fail(line, PgnErrorKind::Parentheses);
            }
            return;
        }
        // A move number indication: digits and any number of periods, zero included, with or
        // without spaces between them (`12.`, `12...`, `12`, `12 .`; the PGN standard,
        // 8.2.2.1), or glued to the move (`12.e4`). A period is a token of its own (7). Only
        // the null move `0000` is all digits and a move.
        let digits = word.iter().take_while(|c| c.is_ascii_digit()).count();
        let dots = word[digits..].iter().take_while(|&&c| c == b'.').count();
        let number = if digits > 0 {
            dots > 0 || digits == word.len()
        } else {
            dots == word.len()
        };
        let rest = if number && !NULL_MOVES.contains(&word) {
            &word[digits + dots..]
        } else {
            word
        };
        if rest.is_empty() {
            return;
        }
        let marks = rest
            .iter()
            .rev()
            .take_while(|&&c| c == b'!' || c == b'?')
            .count();
        let (body, suffix) = rest.split_at(rest.len() - marks);
        let nag = match suffix {
            b"!" => Some(1),
            b"?" => Some(2),
            b"!!" => Some(3),
            b"??" => Some(4),
            b"!?" => Some(5),
            b"?!" => Some(6),
            _ => None,
        };
        // `e.p.` after an en-passant capture, as FIDE's notation writes it (rule digest,
        // section 6: accepted on input), or `ep`, is no move of its own.
        let ep_mark =
            matches!(body, b"e.p." | b"ep") && self.error.is_none() && self.last_was_en_passant();
        if !body.is_empty() && !ep_mark {
            self.seen_moves = true;
            self.ensure_start();
            if self.error.is_none() {
                self.play(body, line);
            }
        }
        if let Some(n) = nag {
            self.token(Tok::Nag(n), line);
        }
    }

    /// Whether the last move of the line being read was an en-passant capture.
    fn last_was_en_passant(&self) -> bool {
        self.frames.last().is_some_and(|f| {
            matches!((&f.before_last, f.moves.last()), (Some(before), Some(&m)) if before.is_en_passant(m))
        })
    }

    fn play(&mut self, body: &[u8], line: usize) {
        let Some(frame) = self.frames.last_mut() else {
            return;
        };
        // No null move is SAN (`San::parse_bytes` refuses each), so SAN is tried first. On
        // an error the game fails and its frames are dropped: `before_last` is set first.
        let found = match San::parse_bytes(body) {
            Some(san) => match san.resolve(&frame.pos) {
                Ok((m, role)) => {
                    frame.before_last = Some(frame.pos.clone());
                    frame.pos.play_role::<true>(m, role);
                    Ok(m)
                }
                Err(Unresolved::Illegal) => Err(SanError::Illegal(String::new())),
                Err(Unresolved::Ambiguous) => Err(SanError::Ambiguous(String::new())),
            },
            // The null move (`--` as ChessBase writes it): no move, refused in check.
            None if NULL_MOVES.contains(&body) => {
                let before = frame.pos.clone();
                match frame.pos.play_null() {
                    Ok(()) => {
                        frame.before_last = Some(before);
                        Ok(Move::NULL)
                    }
                    Err(_) => Err(SanError::Illegal(String::new())),
                }
            }
            None => Err(SanError::Syntax(String::new())),
        };
        match found {
            Ok(m) => frame.moves.push(m),
            Err(e) => {
                let ply = frame.moves.len() + 1;
                let san = excerpt(&String::from_utf8_lossy(body));
                let error = match e {
                    SanError::Syntax(_) => SanError::Syntax(san.clone()),
                    SanError::Illegal(_) => SanError::Illegal(san.clone()),
                    SanError::Ambiguous(_) => SanError::Ambiguous(san.clone()),
                };
                self.fail(line, PgnErrorKind::Move { san, ply, error });
            }
        }
    }

    /// Ends the current game (at its result, before the tag of the next one, or at the end
    /// of the input) and queues it.
    fn finish(&mut self, at_end: bool) {
        if at_end && !self.substantial {
            *self = Builder {
                finished: core::mem::take(&mut self.finished),
                games: self.games,
                ..Builder::default()
            };
            return;
        }
        if !self.active {
            return;
        }
        self.ensure_start();
        if self.error.is_none()
            && let [_, .., inner] = self.frames.as_slice()
        {
            let line = inner.open_line;
            self.fail(line, PgnErrorKind::Parentheses);
        }
        let mut done = core::mem::take(self);
        self.finished = done.finished;
        self.games = done.games + 1;
        // The buffers of this game, emptied, are the next one's (see `spare_moves`).
        let main = (!done.frames.is_empty()).then(|| done.frames.swap_remove(0));
        done.frames.clear();
        self.frames = done.frames;
        let item = match (done.error, done.start, main) {
            (Some(e), _, _) => Err(PgnError {
                game: self.games,
                ..e
            }),
            (None, Some(start), Some(main)) => {
                let terminated = done.result_token.is_some();
                let tag_result = done
                    .tags
                    .iter()
                    .rev()
                    .find(|(n, _)| n == "Result")
                    .and_then(|(_, v)| GameResult::from_token(v));
                let given = done
                    .result_token
                    .or(tag_result)
                    .unwrap_or(GameResult::Unknown);
                let result = decided_result(&main.pos, given);
                let moves = main.moves.clone();
                self.spare_moves = main.moves;
                self.spare_moves.clear();
                let comments = done.comments.drain(..).collect();
                self.comments = done.comments;
                self.tags = done.tags;
                let game = PgnGame {
                    tags: canonical_tags_owned(&mut self.tags, &start, result),
                    start,
                    moves,
                    comments,
                    nags: done.nags,
                    variations: main.variations,
                    result,
                    line: done.line,
                };
                if terminated {
                    Ok(game)
                } else {
                    // No termination marker (8.2.6): cut off at the end of the input, or
                    // before the next game's tags.
                    Err(PgnError {
                        game: self.games,
                        line: done.line,
                        kind: PgnErrorKind::UnterminatedGame(Box::new(game)),
                    })
                }
            }
            (None, _, _) => Err(PgnError {
                game: self.games,
                line: done.line,
                kind: PgnErrorKind::NoGame,
            }),
        };
        self.finished.push_back(item);
    }
}

/// A tag pair still open at the end of its line, its line end trimmed: a tag pair when the
/// line ends in `]` (a value with an odd number of unescaped quotes left the lexer inside
/// quotes), else a malformed one ([`parse_tag`] refuses it, and [`PgnErrorKind::Tag`]
/// quotes it).
fn tag_at_line_end(buf: &[u8]) -> &[u8] {
    buf.trim_ascii_end()
}

/// The name a tag pair starts with, read leniently from a malformed one: the bytes after its
/// `[` up to white space, a quote or a bracket.
fn tag_name(body: &[u8]) -> &[u8] {
    let inner = body.strip_prefix(b"[").unwrap_or(body);
    let end = inner
        .iter()
        .position(|&c| c.is_ascii_whitespace() || matches!(c, b'"' | b'[' | b']'))
        .unwrap_or(inner.len());
    &inner[..end]
}

/// A malformed tag pair's text as [`PgnErrorKind::Tag`] quotes it: an excerpt, the line end
/// and any bytes that are not UTF-8 replaced.
fn tag_excerpt(body: &[u8]) -> String {
    excerpt(String::from_utf8_lossy(body).trim_end())
}

/// `[Name "value"]` to its parts (escapes `\"` and `\\` undone). A value whose quotes
/// inside are not escaped (`[Event "The "Big" Open"]`, as python-chess and other tools
/// write it) reads up to the last quote of the line.
fn parse_tag(body: &[u8]) -> Option<(String, String)> {
    let inner = body.strip_prefix(b"[")?.strip_suffix(b"]")?;
    let q = inner.iter().position(|&c| c == b'"')?;
    let name = String::from_utf8_lossy(inner[..q].trim_ascii());
    if name.is_empty() || name.chars().any(bad_name_char) {
        return None;
    }
    let rest = &inner[q + 1..];
    // The string token as the standard has it: up to the first unescaped quote.
    let mut end = 0;
    while let Some(&c) = rest.get(end) {
        match c {
            b'"' => break,
            b'\\' if matches!(rest.get(end + 1), Some(b'"' | b'\\')) => end += 2,
            _ => end += 1,
        }
    }
    let value = if end < rest.len() && rest[end + 1..].trim_ascii().is_empty() {
        &rest[..end]
    } else {
        rest.trim_ascii_end().strip_suffix(b"\"")?
    };
    // Nearly every value has no escape and no carriage return: copied whole.
    let plain = !value.iter().any(|&c| c == b'\\' || c == b'\r');
    let mut out = Vec::with_capacity(value.len());
    let mut i = if plain {
        out.extend_from_slice(value);
        value.len()
    } else {
        0
    };
    while let Some(&c) = value.get(i) {
        match c {
            b'\\' if matches!(value.get(i + 1), Some(b'"' | b'\\')) => {
                out.push(value[i + 1]);
                i += 2;
            }
            b'\r' => i += 1,
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    // UTF-8 without control characters (nearly every value) is kept as it is, not copied.
    let value = match String::from_utf8(out) {
        Ok(v) if !has_control(v.as_bytes()) => v,
        Ok(v) => printing(&v),
        Err(e) => printing(&decode(e.as_bytes())),
    };
    Some((name.into_owned(), value))
}

/// Whether UTF-8 text holds a control character ([`char::is_control`]: U+0000 to U+001F
/// and U+007F to U+009F), read from its bytes: one below 0x20, 0x7F, or 0xC2 then 0x80 to
/// 0x9F (U+0080 to U+009F; in UTF-8, 0xC2 only starts a character).
fn has_control(utf8: &[u8]) -> bool {
    utf8.iter().enumerate().any(|(i, &c)| {
        c < 0x20
            || c == 0x7f
            || (c == 0xc2 && utf8.get(i + 1).is_some_and(|n| (0x80..=0x9f).contains(n)))
    })
}

/// `text` with each control character (tab, vertical tab, form feed, NUL, DEL, ...) as a
/// space: the export format has no tab (the PGN standard, 4.2) and no non-printing
/// character in a string (7), so the reader reads them as the writer writes them.
fn printing(text: &str) -> String {
    // Nearly every text has none: copied whole, not char by char.
    if !text.chars().any(char::is_control) {
        return text.to_owned();
    }
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// A comment's text: the ends trimmed, each line break with the whitespace around it as one
/// space (the writer wraps long comments at single spaces, so this reads them back equal).
fn fold_comment(text: &[u8]) -> String {
    // Printable ASCII (nearly every comment: no line break, control character or other
    // script) is only trimmed. Checked without an early exit, so that it is vectorised.
    let printable = text
        .iter()
        .fold(true, |all, &c| all & (b' '..=b'~').contains(&c));
    if printable && let Ok(ascii) = core::str::from_utf8(text.trim_ascii()) {
        return ascii.to_owned();
    }
    let decoded = decode(text);
    let other_control = |c: char| c.is_control() && c != '\n' && c != '\r';
    // Nearly every comment has no control character but line breaks: not copied here.
    let text: Cow<'_, str> = if decoded.chars().any(other_control) {
        Cow::Owned(
            decoded
                .chars()
                .map(|c| if other_control(c) { ' ' } else { c })
                .collect(),
        )
    } else {
        decoded
    };
    let text = text.trim();
    if !text.contains(['\n', '\r']) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    for (i, piece) in text.split(['\n', '\r']).enumerate() {
        let piece = piece.trim_matches(|c: char| c.is_ascii_whitespace());
        if piece.is_empty() {
            continue;
        }
        if i > 0 && !out.is_empty() {
            out.push(' ');
        }
        out.push_str(piece);
    }
    out
}

/// The tags as the reader normalises them: the roster first (`?` when missing, the date as
/// `????.??.??`, the result from `result`), then the other tags in the order of their first
/// appearance with their last value, `Variant` for a Chess960 game that names none, then
/// `SetUp`/`FEN` for a non-standard start.
fn canonical_tags(
    raw: &[(String, String)],
    start: &Position,
    result: GameResult,
) -> Vec<(String, String)> {
    let (roster, others) = tag_plan(raw);
    build_tags(
        &roster,
        &others,
        |i, name| if name { &raw[i].0 } else { &raw[i].1 }.clone(),
        start,
        result,
    )
}

/// [`canonical_tags`] moving the names and values out of `raw` instead of copying them (the
/// reader's own tags), leaving `raw` empty for the next game.
fn canonical_tags_owned(
    raw: &mut Vec<(String, String)>,
    start: &Position,
    result: GameResult,
) -> Vec<(String, String)> {
    let (roster, others) = tag_plan(raw);
    // Each name and value is taken at most once: a roster tag's name and value at its last
    // appearance, another tag's name at its first and its value at its last (the roster
    // names are not among the others).
    let tags = build_tags(
        &roster,
        &others,
        |i, name| core::mem::take(if name { &mut raw[i].0 } else { &mut raw[i].1 }),
        start,
        result,
    );
    raw.clear();
    tags
}

/// Where [`canonical_tags`] takes its tags from in `raw`: the index of the last value of each
/// roster tag, and for each other tag (not `SetUp` or `FEN`) in the order of first appearance
/// the indices of its first appearance (its name) and its last (its value).
fn tag_plan(raw: &[(String, String)]) -> ([Option<usize>; 7], Vec<(usize, usize)>) {
    // A game's few tags are searched; many are indexed, so that a game of n tags costs
    // O(n), not O(n^2) (a hostile file of 40,000 tags took 18 s).
    let index = (raw.len() > SEARCHED_TAGS).then(|| TagIndex::new(raw));
    let last = |name: &str| match &index {
        Some(ix) => ix.last.get(name).copied(),
        None => raw.iter().rposition(|(n, _)| n == name),
    };
    let roster = ROSTER.map(last);
    let mut others = Vec::new();
    for (i, (n, _)) in raw.iter().enumerate() {
        let n = n.as_str();
        if ROSTER.contains(&n) || n == "SetUp" || n == "FEN" {
            continue;
        }
        // Each name once, where it first appears.
        let first = match &index {
            Some(ix) => ix.first.get(n) == Some(&i),
            None => !raw[..i].iter().any(|(t, _)| t == n),
        };
        if first && let Some(v) = last(n) {
            others.push((i, v));
        }
    }
    (roster, others)
}

/// The tags of a [`tag_plan`], the names and values at its indices from `field` (given the
/// index and whether the name is wanted).
fn build_tags(
    roster: &[Option<usize>; 7],
    others: &[(usize, usize)],
    mut field: impl FnMut(usize, bool) -> String,
    start: &Position,
    result: GameResult,
) -> Vec<(String, String)> {
    let mut tags: Vec<(String, String)> = Vec::with_capacity(ROSTER.len() + others.len() + 2);
    for (&tag, &at) in ROSTER.iter().zip(roster) {
        // The name as read when there is one (no new string; the same text).
        let name = at.map_or_else(|| tag.to_owned(), |i| field(i, true));
        let v = match (tag, at) {
            ("Result", _) => result.to_string(),
            (_, Some(i)) => field(i, false),
            ("Date", None) => "????.??.??".to_owned(),
            (_, None) => "?".to_owned(),
        };
        tags.push((name, v));
    }
    let mut names_variant = false;
    for &(n, v) in others {
        let name = field(n, true);
        names_variant |= name == "Variant";
        tags.push((name, field(v, false)));
    }
    // A Chess960 game says so, as python-chess and lichess write it, so that its start reads
    // back in Chess960's castling mode, also where its FEN alone reads as standard chess (the
    // standard array, or a start with no castling right left).
    if start.castling_mode() == CastlingMode::Chess960 && !names_variant {
        tags.push(("Variant".to_owned(), "Chess960".to_owned()));
    }
    if *start != Position::new() {
        tags.push(("SetUp".to_owned(), "1".to_owned()));
        tags.push(("FEN".to_owned(), start.to_string()));
    }
    tags
}

/// Up to this many tags, [`canonical_tags`] searches the list (cheaper than hashing for
/// the dozen or so tags of a real game).
const SEARCHED_TAGS: usize = 32;

/// Where each tag name first and last stands in a game's tags ([`canonical_tags`]).
struct TagIndex<'a> {
    first: HashMap<&'a str, usize>,
    last: HashMap<&'a str, usize>,
}

impl<'a> TagIndex<'a> {
    fn new(raw: &'a [(String, String)]) -> TagIndex<'a> {
        let mut first = HashMap::with_capacity(raw.len());
        let mut last = HashMap::with_capacity(raw.len());
        for (i, (n, _)) in raw.iter().enumerate() {
            first.entry(n.as_str()).or_insert(i);
            last.insert(n.as_str(), i);
        }
        TagIndex { first, last }
    }
}

/// The indices of `items` in the order of their plies (`ply_of`), those of one ply in their
/// own order: the writer walks them with a cursor beside the moves, so that a line of m
/// moves with k comments, NAGs or variations costs O(m + k log k), not O(m k).
fn by_ply<T>(items: &[T], ply_of: impl Fn(&T) -> usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&i| ply_of(&items[i])); // stable: one ply's items keep their order
    order
}

/// Calls `f` on the items of ply `ply`, taking them from `order` (see [`by_ply`]) and
/// skipping any of an earlier ply (a hand-built game may attach some to a ply its line does
/// not reach).
fn each_at_ply<T>(
    items: &[T],
    order: &mut core::iter::Peekable<core::slice::Iter<'_, usize>>,
    ply_of: impl Fn(&T) -> usize,
    ply: usize,
    mut f: impl FnMut(&T),
) {
    while let Some(&&i) = order.peek() {
        let p = ply_of(&items[i]);
        if p > ply {
            break;
        }
        order.next();
        if p == ply {
            f(&items[i]);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Writing.

/// Writes one game as PGN ([`PgnGame`]'s `Display`).
#[must_use]
pub fn write_pgn(game: &PgnGame) -> String {
    game.to_string()
}

/// The longest movetext line written: the export format's lines have fewer than 80
/// characters (the PGN standard, 8.2.1).
const MAX_LINE: usize = 79;

/// Collects the words of the movetext; `;` comments end their line.
struct Words {
    out: String,
    line_len: usize,
    force_break: bool,
}

impl Words {
    fn push(&mut self, w: &str) {
        let len = w.chars().count();
        if self.line_len > 0 && (self.force_break || self.line_len + 1 + len > MAX_LINE) {
            self.out.push('\n');
            self.line_len = 0;
        } else if self.line_len > 0 {
            self.out.push(' ');
            self.line_len += 1;
        }
        self.out.push_str(w);
        self.line_len += len;
        self.force_break = false;
    }

    /// A comment: `{text}` split at single spaces so that long ones wrap, or a `;` comment
    /// when the text holds a `}`.
    fn comment(&mut self, text: &str) {
        let text = printing(text);
        if text.contains('}') {
            self.push(&format!(";{text}"));
            self.force_break = true;
            return;
        }
        let mut pieces: Vec<String> = Vec::new();
        let chars: Vec<char> = text.chars().collect();
        let mut cur = String::from("{");
        for (i, &c) in chars.iter().enumerate() {
            let single = c == ' '
                && i > 0
                && !chars[i - 1].is_whitespace()
                && chars.get(i + 1).is_some_and(|n| !n.is_whitespace());
            if single {
                pieces.push(core::mem::take(&mut cur));
            } else {
                cur.push(c);
            }
        }
        cur.push('}');
        pieces.push(cur);
        for p in pieces {
            self.push(&p);
        }
    }
}

/// Characters a tag name cannot hold: whitespace, quotes, brackets.
fn bad_name_char(c: char) -> bool {
    c.is_whitespace() || matches!(c, '"' | '[' | ']')
}

/// A tag name as PGN allows it ([`bad_name_char`]s replaced by `_`).
fn clean_name(n: &str) -> String {
    let s: String = n
        .chars()
        .map(|c| if bad_name_char(c) { '_' } else { c })
        .collect();
    if s.is_empty() { "_".to_owned() } else { s }
}

/// A tag value as the writer writes it: a line break (`\r\n`, `\n` or `\r`) as one space, as
/// every other control character ([`printing`]; a tag pair is one line), then `\` and `"`
/// escaped.
fn escape(s: &str) -> String {
    printing(&s.replace("\r\n", " "))
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

impl fmt::Display for PgnGame {
    /// The game as PGN: the tags normalised as the reader does (the Seven Tag Roster first,
    /// the `Result` tag from [`PgnGame::result`] or what the end of the main line decides,
    /// `SetUp`/`FEN` from [`PgnGame::start`]),
    /// a blank line, then SAN movetext with comments, NAGs and variations, in lines of fewer
    /// than 80 characters where words allow (the export format, 8.2.1), ending with the result and a newline. Moves are written up
    /// to the first one that is not legal (a hand-built game may hold one), and with them
    /// what is attached to the plies written: a hand-built game's comment, NAG or variation
    /// at a later ply (past its last move, or past that illegal one) is not written, nor is a
    /// NAG or variation at ply 0, which has no move to mark or replace (the reader keeps
    /// none there either).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let raw: Vec<(String, String)> = self.tags.clone();
        let result = decided_result(&self.end_position(), self.result);
        for (n, v) in canonical_tags(&raw, &self.start, result) {
            writeln!(f, "[{} \"{}\"]", clean_name(&n), escape(&v))?;
        }
        writeln!(f)?;
        let mut words = Words {
            out: String::new(),
            line_len: 0,
            force_break: false,
        };
        let comment_order = by_ply(&self.comments, |c| c.0);
        let nag_order = by_ply(&self.nags, |n| n.0);
        let variation_order = by_ply(&self.variations, |v| v.ply);
        let mut comments = comment_order.iter().peekable();
        let mut nags = nag_order.iter().peekable();
        let mut variations = variation_order.iter().peekable();
        each_at_ply(
            &self.comments,
            &mut comments,
            |c| c.0,
            0,
            |(_, c)| {
                words.comment(c);
            },
        );
        let mut pos = self.start.clone();
        // A Black move takes its number (`5... Nf6`) first in the game and after a comment or
        // a variation (the PGN standard's export format, 8.2.2.2).
        let mut renumber = true;
        for (idx, &m) in self.moves.iter().enumerate() {
            let mut next = pos.clone();
            if !play_line_move(&mut next, m) {
                break;
            }
            let ply = idx + 1;
            words.push(&move_text(&pos, m, renumber));
            renumber = false;
            each_at_ply(
                &self.nags,
                &mut nags,
                |n| n.0,
                ply,
                |(_, n)| {
                    words.push(&format!("${n}"));
                },
            );
            each_at_ply(
                &self.comments,
                &mut comments,
                |c| c.0,
                ply,
                |(_, c)| {
                    words.comment(c);
                    renumber = true;
                },
            );
            each_at_ply(
                &self.variations,
                &mut variations,
                |v| v.ply,
                ply,
                |var| {
                    let mut vw = Vec::new();
                    variation_words(&pos, var, &mut vw);
                    renumber |= !vw.is_empty();
                    for w in vw {
                        words.push(&w);
                    }
                },
            );
            pos = next;
        }
        words.push(result.as_str());
        writeln!(f, "{}", words.out)
    }
}

impl FromStr for PgnGame {
    type Err = PgnError;
    /// Reads exactly one game.
    ///
    /// # Errors
    ///
    /// The game's [`PgnError`] ([`PgnErrorKind::UnterminatedGame`] for a game without its
    /// result: [`PgnError::ignore_unterminated`] takes it), or [`PgnErrorKind::NoGame`] /
    /// [`PgnErrorKind::MoreThanOneGame`].
    fn from_str(s: &str) -> Result<PgnGame, PgnError> {
        let mut r = PgnReader::new(s.as_bytes());
        let first = r.next().ok_or(PgnError {
            game: 1,
            line: 1,
            kind: PgnErrorKind::NoGame,
        })??;
        match r.next() {
            None => Ok(first),
            Some(Ok(g)) => Err(PgnError {
                game: 2,
                line: g.line,
                kind: PgnErrorKind::MoreThanOneGame,
            }),
            Some(Err(e)) => Err(PgnError {
                game: 2,
                line: e.line,
                kind: PgnErrorKind::MoreThanOneGame,
            }),
        }
    }
}

/// Appends a variation (from `pos`, the position before the move it replaces) as words,
/// `(` on its first word and `)` on its last (after any nested variations); moves stop at
/// the first illegal one, and a variation without a legal move is not written.
fn variation_words(pos: &Position, var: &Variation, words: &mut Vec<String>) {
    let first = words.len();
    let mut vp = pos.clone();
    let mut renumber = true;
    let order = by_ply(&var.variations, |v| v.ply);
    let mut subs = order.iter().peekable();
    for (k, &vm) in var.moves.iter().enumerate() {
        let mut next = vp.clone();
        if !play_line_move(&mut next, vm) {
            break;
        }
        words.push(move_text(&vp, vm, renumber));
        renumber = false;
        each_at_ply(
            &var.variations,
            &mut subs,
            |v| v.ply,
            k + 1,
            |sub| {
                let before = words.len();
                variation_words(&vp, sub, words);
                renumber |= words.len() > before;
            },
        );
        vp = next;
    }
    if words.len() > first {
        words[first].insert(0, '(');
        if let Some(w) = words.last_mut() {
            w.push(')');
        }
    }
}

fn move_text(pos: &Position, m: Move, first: bool) -> String {
    let san = if m.is_null() {
        NULL_MOVE_WRITTEN.to_owned()
    } else {
        SanPlus::from_move(pos, m).to_string()
    };
    match pos.turn() {
        Color::White => format!("{}. {san}", pos.fullmoves()),
        Color::Black if first => format!("{}... {san}", pos.fullmoves()),
        Color::Black => san.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{find_any, has_control};

    /// The byte-level control check the tag reader uses says what `char::is_control` says, for
    /// every character alone and between others (the export format has no control character
    /// in a string, PGN standard 7).
    #[test]
    fn has_control_agrees_with_char_is_control_on_every_char() {
        for c in (0..=0x10_ffff).filter_map(char::from_u32) {
            for text in [c.to_string(), format!("a{c}\u{e9}"), format!("\u{c2a0}{c}")] {
                assert_eq!(
                    has_control(text.as_bytes()),
                    text.chars().any(char::is_control),
                    "{text:?}"
                );
            }
        }
    }

    /// The eight-bytes-at-a-time search finds the first needle wherever it stands.
    #[test]
    fn find_any_finds_the_first_needle_at_every_offset() {
        for len in 0..40 {
            for at in 0..=len {
                let mut hay = vec![b'x'; len];
                if at < len {
                    hay[at] = b'}';
                }
                if at + 3 < len {
                    hay[at + 3] = b'\n';
                }
                let want = (at < len).then_some(at);
                assert_eq!(find_any(&hay, [b'}', b'\n', b'\r']), want, "{len} {at}");
                // Every byte value below, at and above a needle (borrows between bytes).
                for other in 0..=255u8 {
                    if !matches!(other, b'}' | b'\n' | b'\r') {
                        hay.iter_mut().take(at).for_each(|b| *b = other);
                        assert_eq!(
                            find_any(&hay, [b'}', b'\n', b'\r']),
                            want,
                            "{len} {at} {other}"
                        );
                    }
                }
            }
        }
    }
}
