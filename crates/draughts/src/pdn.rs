//! PDN games: a streaming reader over any `BufRead` (tags, comments, variations skipped,
//! bad games reported with their line and skipped) and writing.

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;
use std::borrow::Cow;
use std::io::{self, BufRead};

use boardgame_core::text::{Utf16AsUtf8, decode};

use crate::fen::FenError;
use crate::movegen::{KingMoves, Move};
use crate::notation::MoveTextError;
use crate::position::{IllegalMoveError, Position};
use crate::square::Color;

/// A game's result as PDN writes it (A10): `1-0` means **White** won, `0-1` Black, even
/// though Black moves first. PDN 3.0 adds `0-0`, a game declared lost for both players.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Color, GameResult};
/// let r: GameResult = "1-0".parse()?;
/// assert_eq!(r, GameResult::WhiteWins);
/// assert_eq!(GameResult::from_winner(Some(Color::Black)).to_string(), "0-1");
/// assert_eq!("2-0".parse::<GameResult>()?.to_string(), "1-0"); // points form, read only
/// # Ok::<(), lattjo_draughts::ResultError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameResult {
    /// `1-0` (also read: `2-0`).
    WhiteWins,
    /// `0-1` (also read: `0-2`).
    BlackWins,
    /// `1/2-1/2` (also read: `1-1`).
    Draw,
    /// `*`: unfinished or unknown.
    Unfinished,
    /// `0-0`: a double forfeit, the game declared lost for both players (PDN 3.0's
    /// default result type). Never a result of play: [`GameResult::from_winner`] does not
    /// give it.
    DoubleForfeit,
}

impl GameResult {
    /// The PDN token.
    #[must_use]
    pub const fn as_pdn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
            GameResult::DoubleForfeit => "0-0",
        }
    }

    /// The result of a finished game won by `winner`, or drawn (`None`).
    #[must_use]
    pub const fn from_winner(winner: Option<Color>) -> GameResult {
        match winner {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_pdn())
    }
}

/// Text that is not a PDN result token.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{GameResult, ResultError};
/// let err: ResultError = "1:0".parse::<GameResult>().unwrap_err();
/// assert_eq!(err.to_string(), "not a pdn result: \"1:0\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a pdn result: {0:?}")]
#[non_exhaustive]
pub struct ResultError(pub String);

impl GameResult {
    /// The result a token names, without allocating an error: the reader tries every word
    /// of the movetext as a result first.
    fn from_token(s: &str) -> Option<GameResult> {
        match s.trim() {
            "1-0" | "2-0" => Some(GameResult::WhiteWins),
            "0-1" | "0-2" => Some(GameResult::BlackWins),
            "1/2-1/2" | "1-1" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unfinished),
            "0-0" => Some(GameResult::DoubleForfeit),
            _ => None,
        }
    }
}

impl FromStr for GameResult {
    type Err = ResultError;
    fn from_str(s: &str) -> Result<GameResult, ResultError> {
        GameResult::from_token(s).ok_or_else(|| ResultError(excerpt(s.trim())))
    }
}

/// One game of a PDN file: its tags, start position, moves (each legal in turn), comments
/// and result.
///
/// Read games from a file with [`PdnReader`] (or [`read_games`]), build one with
/// [`PdnGame::new`] and [`PdnGame::push_move`], write one with `Display` (and read it back
/// with `FromStr`: the same game, for short kings; PDN has no tag for flying kings, so a
/// game of [`KingMoves::Flying`] reads back with [`read_games_with`] or
/// [`PdnReader::with_king_moves`]).
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{GameResult, KingMoves, PdnGame, Position};
///
/// let mut game = PdnGame::new(Position::start(), KingMoves::Short);
/// for text in ["11-15", "23-19", "8-11"] {
///     let mv = game.final_position().parse_move(text, KingMoves::Short)?;
///     game.push_move(mv)?;
/// }
/// game.push_comment("the Old Fourteenth begins");
/// game.set_result(GameResult::Unfinished);
/// game.set_tag("Event", "club night")?;
/// let text = game.to_string();
/// assert!(text.contains("1. 11-15 23-19 2. 8-11 {the Old Fourteenth begins} *"));
/// assert_eq!(text.parse::<PdnGame>()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PdnGame {
    tags: Vec<(String, String)>,
    start: Position,
    kings: KingMoves,
    moves: Vec<Move>,
    end: Position,
    comments: Vec<(usize, String)>,
    result: GameResult,
    /// Derived (not part of equality or `Debug`): where the first tag of each key stands in
    /// `tags`, by the key in ASCII lower case, once [`PdnGame::set_tag`] (or the result) has
    /// looked a key up among more than [`SEARCHED_TAGS`] tags; `None` before. A search
    /// through the tags at every call made setting n tags cost O(n^2) (80,000 distinct
    /// keys took 18 s).
    tag_index: Option<Box<TagIndex>>,
}

/// [`PdnGame::tag_index`]: the index of the first tag of each key (ASCII lower case).
type TagIndex = std::collections::HashMap<String, usize>;

/// Up to this many tags, a key is looked for by a search through them (cheaper than hashing
/// for the dozen or so tags of a real game); beyond, in [`PdnGame::tag_index`].
const SEARCHED_TAGS: usize = 32;

impl PartialEq for PdnGame {
    fn eq(&self, o: &PdnGame) -> bool {
        // `tag_index` is derived from `tags`.
        self.tags == o.tags
            && self.start == o.start
            && self.kings == o.kings
            && self.moves == o.moves
            && self.end == o.end
            && self.comments == o.comments
            && self.result == o.result
    }
}

impl Eq for PdnGame {}

impl fmt::Debug for PdnGame {
    /// As a derived `Debug` writes the game's fields (the derived `tag_index` left out).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PdnGame")
            .field("tags", &self.tags)
            .field("start", &self.start)
            .field("kings", &self.kings)
            .field("moves", &self.moves)
            .field("end", &self.end)
            .field("comments", &self.comments)
            .field("result", &self.result)
            .finish()
    }
}

/// What went wrong in a PDN text.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{PdnErrorKind, read_games};
/// let err = read_games("1. 11-15 {never closed").unwrap_err();
/// assert_eq!(err.kind, PdnErrorKind::UnterminatedComment);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PdnErrorKind {
    /// A `[` without its `]` on the same line (a tag pair is one line), or a tag without a
    /// quoted value: its text, shortened to an excerpt (`boardgame_core::text::excerpt`).
    #[error("bad tag pair {0:?}")]
    BadTag(String),
    /// A `{` without its `}`: at the end of the input, or where a line starting with a tag
    /// pair (`[Name "`) follows a blank line (the next game's tags, read next).
    #[error("unterminated comment")]
    UnterminatedComment,
    /// A `(` without its `)`, likewise.
    #[error("unterminated variation")]
    UnterminatedVariation,
    /// The `GameType` tag names another game (English draughts is 21).
    #[error("game type {0:?} is not english draughts (21)")]
    UnsupportedGameType(String),
    /// The `FEN` tag does not parse.
    #[error("bad FEN tag: {0}")]
    Fen(FenError),
    /// A move that does not parse or is not legal.
    #[error("move {ply} {text:?}: {source}")]
    Move {
        /// 1-based ply number in the game.
        ply: usize,
        /// The move text.
        text: String,
        /// Why it was refused.
        source: MoveTextError,
    },
    /// A word of movetext that is not a move, a move number or a result.
    #[error("unexpected {0:?} in the movetext")]
    Unexpected(String),
    /// A word of movetext that is not UTF-8 (tag values and comments that are not UTF-8 are
    /// read as Windows-1252 instead: see [`PdnReader`]).
    #[error("a word of movetext that is not utf-8")]
    InvalidUtf8,
    /// A game of more than [`MAX_PDN_GAME_BYTES`] bytes or [`MAX_PDN_GAME_TOKENS`] tokens
    /// (tags, moves, move numbers, comments), or a single tag, comment or word longer than
    /// [`MAX_PDN_GAME_BYTES`]: a comment running on through a stream, say, or millions of
    /// comments. The game is read on to its end without keeping its text, so that memory
    /// stays bounded whatever the source sends.
    #[error("game longer than {MAX_PDN_GAME_BYTES} bytes or {MAX_PDN_GAME_TOKENS} tokens")]
    GameTooLong,
    /// Reading failed; the reader stops.
    #[error("reading failed: {message}")]
    Io {
        /// The kind of the I/O error.
        kind: io::ErrorKind,
        /// Its message.
        message: String,
    },
    /// A game without its result token (`1-0`, `0-1`, `1/2-1/2`, `*`, ..., which PDN 3.0,
    /// as PGN, requires at the end of every game's movetext): the input ended (a file cut
    /// off, a download interrupted) or the next game's tags began first. It holds the game
    /// as read so far, its result from its `Result` tag (else `*`):
    /// [`PdnError::ignore_unterminated`] takes it. The error's line is the game's first
    /// (where its first tag pair, comment or move stands).
    #[error("game not terminated: no result token after move {}", .0.moves().len())]
    UnterminatedGame(Box<PdnGame>),
    /// Text that should hold one game ([`PdnGame`]'s `FromStr`) holds none.
    #[error("no game in the text")]
    NoGame,
    /// Text that should hold one game holds more.
    #[error("more than one game in the text")]
    ExtraGame,
}

/// A PDN game that could not be read: which game of the input (1-based), the line of the
/// problem (1-based) and what it was.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{PdnErrorKind, read_games};
/// let err = read_games("1. 11-15 23-19 *\n\n1. 11-15\n   11-15 *").unwrap_err();
/// assert_eq!((err.game, err.line), (2, 4));
/// assert!(matches!(err.kind, PdnErrorKind::Move { ply: 2, .. }));
/// assert_eq!(err.to_string(), "pdn game 2, line 4: move 2 \"11-15\": 11-15 is not a legal move here");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("pdn game {game}, line {line}: {kind}")]
#[non_exhaustive]
pub struct PdnError {
    /// Which game of the input (1-based, counting bad games too).
    pub game: usize,
    /// The line of the problem (1-based; a line ends at `\n`, `\r\n` or a `\r` alone).
    pub line: usize,
    /// What was wrong.
    pub kind: PdnErrorKind,
}

impl PdnError {
    /// The game read so far when the error is [`PdnErrorKind::UnterminatedGame`] (a game
    /// whose text ends without a result token, as a file cut off in its last game does),
    /// else the error itself: for files known to leave the result token out.
    ///
    /// # Errors
    ///
    /// The error itself, when it is of another kind.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_draughts::{PdnErrorKind, PdnGame};
    ///
    /// let err = "[Event \"cut\"]\n1. 11-15 23-19 2. 8-".parse::<PdnGame>().unwrap_err();
    /// assert!(matches!(err.kind, PdnErrorKind::Move { ply: 3, .. }), "a move cut off");
    /// let err = "[Event \"cut\"]\n1. 11-15 23-19 2. 8-11".parse::<PdnGame>().unwrap_err();
    /// assert_eq!((err.game, err.line), (1, 1));
    /// assert_eq!(err.to_string(), "pdn game 1, line 1: game not terminated: no result token after move 3");
    /// let game = err.ignore_unterminated()?;
    /// assert_eq!((game.tag("Event"), game.moves().len()), (Some("cut"), 3));
    /// # Ok::<(), lattjo_draughts::PdnError>(())
    /// ```
    // The error given back is the reader's own, as `PdnGame::from_str` gives it.
    #[allow(clippy::result_large_err)]
    pub fn ignore_unterminated(self) -> Result<PdnGame, PdnError> {
        match self.kind {
            PdnErrorKind::UnterminatedGame(game) => Ok(*game),
            _ => Err(self),
        }
    }
}

/// A tag that [`PdnGame::set_tag`] refuses.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{KingMoves, PdnGame, Position, TagError};
/// let mut game = PdnGame::new(Position::start(), KingMoves::Short);
/// assert_eq!(game.set_tag("Black Player", "x"), Err(TagError::BadKey("Black Player".into())));
/// assert_eq!(game.set_tag("event", "x"), Err(TagError::BadKey("event".into())));
/// assert_eq!(game.set_tag("FEN", "W:W18:B14"), Err(TagError::Reserved("FEN".into())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TagError {
    /// A key that does not start with an ASCII capital letter or has characters other than
    /// ASCII letters, digits and `_` (the PDN grammar's `IDENTIFIER`, `[A-Z][a-zA-Z0-9_]*`).
    #[error("a tag key is an ASCII capital letter, then letters, digits and '_', got {0:?}")]
    BadKey(String),
    /// `FEN` or `GameType`: they describe the start and the game, fixed by
    /// [`PdnGame::new`].
    #[error("the {0} tag is set by PdnGame::new")]
    Reserved(String),
    /// A value with a line break (`\n` or `\r`): a tag pair is one line.
    #[error("a tag value cannot hold a line break")]
    LineBreak,
}

/// A key the reader accepts: ASCII letters, digits and `_` (more than the grammar allows, as
/// files write).
fn valid_key(key: &str) -> bool {
    !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// A key the writer may write: the PDN grammar's `IDENTIFIER`, `[A-Z][a-zA-Z0-9_]*`.
fn writable_key(key: &str) -> bool {
    valid_key(key) && key.bytes().next().is_some_and(|b| b.is_ascii_uppercase())
}

/// Parses the inside of `[...]`: a key, spaces, a quoted value with `\` escapes.
fn parse_tag(inner: &str) -> Result<(String, String), PdnErrorKind> {
    let bad = || PdnErrorKind::BadTag(excerpt(&format!("[{inner}]")));
    let trimmed = inner.trim();
    // The key ends at white space or at the value's quote: the PDN grammar puts nothing
    // between its tokens, so `[Event"x"]` is a tag pair too.
    let end = trimmed
        .find(|c: char| c.is_whitespace() || c == '"')
        .ok_or_else(bad)?;
    let (key, value) = trimmed.split_at(end);
    let value = value.trim();
    let value = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(bad)?;
    if !valid_key(key) {
        return Err(bad());
    }
    let mut out = String::with_capacity(value.len());
    let mut escaped = false;
    for ch in value.chars() {
        if escaped || ch != '\\' {
            out.push(ch);
            escaped = false;
        } else {
            escaped = true;
        }
    }
    Ok((key.to_string(), out))
}

/// The key of a malformed tag pair as [`PdnErrorKind::BadTag`] quotes it (`[Event x]`): the
/// text after its `[` up to white space, a quote or a bracket.
fn bad_tag_key(text: &str) -> &str {
    let inner = text.strip_prefix('[').unwrap_or(text);
    let end = inner
        .find(|c: char| c.is_whitespace() || matches!(c, '"' | '[' | ']'))
        .unwrap_or(inner.len());
    &inner[..end]
}

/// Strips a leading move number (`12.`, `12...`) from a word; `None` if it is only that.
fn strip_number(word: &str) -> Option<&str> {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = &word[digits..];
    let dots = after.len() - after.trim_start_matches('.').len();
    if digits > 0 && dots > 0 {
        let rest = &after[dots..];
        if rest.is_empty() { None } else { Some(rest) }
    } else {
        Some(word)
    }
}

/// The most bytes one game's tokens may hold, a byte counted for the space after each
/// ([`PdnErrorKind::GameTooLong`] beyond): 16 MiB, as the backgammon crate's match files.
/// Real games are a few kilobytes.
pub const MAX_PDN_GAME_BYTES: usize = 16 << 20;

/// The most tokens (tags, moves, move numbers, comments) one game may hold
/// ([`PdnErrorKind::GameTooLong`] beyond): what is kept of each costs some tens of bytes,
/// whatever its length.
pub const MAX_PDN_GAME_TOKENS: usize = 1 << 20;

/// A token of PDN text, borrowing the lexer's buffer.
enum Tok<'a> {
    /// A tag pair, or why `[...]` is not one.
    Tag(Result<(String, String), PdnErrorKind>),
    /// A tag, comment or word longer than [`MAX_PDN_GAME_BYTES`] (its text not kept).
    TooLong,
    /// A `{...}` comment, trimmed (read as Windows-1252 where it is not UTF-8).
    Comment(Cow<'a, str>),
    /// A word of movetext.
    Word(&'a str),
    /// A word of movetext that is not UTF-8.
    BadWord,
    /// A comment or variation that runs to the end of the input.
    Unterminated(PdnErrorKind),
}

/// A byte lexer over a `BufRead`: holds one token at a time.
struct Lexer<R> {
    input: R,
    line: usize,
    buf: Vec<u8>,
    /// The token under way had more bytes than `buf` keeps ([`MAX_PDN_GAME_BYTES`] + 1).
    overflow: bool,
    /// Whether the last byte read was a carriage return: a `\n` after it ends no second line.
    after_cr: bool,
    /// An unclosed comment or variation ran into a line starting with a tag pair after a
    /// blank line: the next token is that tag pair, whose `[Name "` was read (this, after
    /// the `[`).
    pending_tag: Option<Vec<u8>>,
    /// Bytes to read again before the source's next ones, from `replay_at` on: the text of
    /// an unclosed comment or variation from a line that may start a game ([`Lexer::rec`]).
    replay: Vec<u8>,
    replay_at: usize,
    /// While a comment or variation is read: the bytes read since its first line that starts
    /// with `[` and a capital letter after a blank line (a game whose first tag pair is
    /// malformed, `[Event x]`), and that line's number. Should the comment or variation prove
    /// unclosed, they are read again ([`Lexer::replay`]). A line in replayed bytes starts no
    /// record, so that no byte is read more than twice.
    rec: Option<(Vec<u8>, usize)>,
}

/// What [`Lexer::resync`] found at a line start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Resync {
    /// `[Name "`: the next game's tag pair.
    Tag,
    /// `[` and something else (read).
    Bracket,
    /// Anything else (not read).
    No,
}

/// The bytes to read next: those left to replay (`replay[at..]`), else the source's.
#[inline]
fn chunk<'a, R: BufRead>(replay: &'a [u8], at: usize, input: &'a mut R) -> io::Result<&'a [u8]> {
    if at < replay.len() {
        Ok(&replay[at..])
    } else {
        fill(input)
    }
}

/// The reader's buffered bytes, retrying when interrupted.
fn fill<R: BufRead>(input: &mut R) -> io::Result<&[u8]> {
    loop {
        match input.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    input.fill_buf()
}

/// Appends `bytes` to a [`Lexer::rec`] record; one too long to read again is dropped (the
/// comment or variation then ends as it did without one).
#[cold]
fn record(rec: &mut Option<(Vec<u8>, usize)>, bytes: &[u8]) {
    if let Some((r, _)) = rec {
        r.extend_from_slice(bytes);
        if r.len() > MAX_PDN_GAME_BYTES {
            *rec = None;
        }
    }
}

impl<R: BufRead> Lexer<R> {
    /// Counts the line breaks of `bytes`, just read: `\n`, `\r\n` and a `\r` alone (classic
    /// Mac OS files) each end a line, as editors count them.
    fn count_lines(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if b == b'\r' || (b == b'\n' && !self.after_cr) {
                self.line += 1;
            }
            self.after_cr = b == b'\r';
        }
    }

    /// Consumes one byte already seen.
    fn bump(&mut self, byte: u8) {
        self.count_lines(&[byte]);
        if self.rec.is_some() {
            record(&mut self.rec, &[byte]);
        }
        self.consume(1);
    }

    /// Consumes `n` bytes of [`chunk`]'s: replayed ones, else the source's.
    #[inline]
    fn consume(&mut self, n: usize) {
        if self.replay_at < self.replay.len() {
            self.consume_replayed(n);
        } else {
            self.input.consume(n);
        }
    }

    /// [`Lexer::consume`] of replayed bytes.
    #[cold]
    fn consume_replayed(&mut self, n: usize) {
        self.replay_at += n;
        if self.replay_at >= self.replay.len() {
            self.replay = Vec::new();
            self.replay_at = 0;
        }
    }

    /// Consumes the bytes of a comment or a skipped variation up to (not including) the
    /// first of `stops` or a line break, keeping them when `keep`; returns the byte it
    /// stopped at (`None` at the end of the input) and whether the text it passed was
    /// blank.
    ///
    /// A comment or variation left unclosed would run on through the next games (to the
    /// next `}` or `)` anywhere in the file), so a line that starts with a tag pair (`[Name "`,
    /// the name starting with a capital letter) after a blank line is taken as the next
    /// game's first tag pair (PDN, as PGN, puts a game's tags after the previous game's empty
    /// line): [`Lexer::resync`] finds it.
    fn scan_line(&mut self, keep: bool, stops: &[u8]) -> io::Result<(Option<u8>, bool)> {
        let mut blank = true;
        let stop = self.scan(keep, |b| {
            let stop = b == b'\n' || b == b'\r' || stops.contains(&b);
            blank &= stop || b.is_ascii_whitespace();
            stop
        })?;
        Ok((stop, blank))
    }

    /// At the start of a line inside a comment or skipped variation after a blank line:
    /// whether the line starts with a tag pair, `[Name "` with a name starting with a capital
    /// letter (read, and the tag pair is then the next token), or with `[` and something
    /// else (read, and kept in a comment), or neither.
    fn resync(&mut self, keep: bool) -> io::Result<Resync> {
        let fresh = self.replay_at >= self.replay.len();
        if chunk(&self.replay, self.replay_at, &mut self.input)?.first() != Some(&b'[') {
            return Ok(Resync::No);
        }
        let line = self.line;
        self.bump(b'[');
        // What follows the `[`, while it may be a tag pair's start: the name's capital
        // (phase 0), the rest of the name (1), white space (2), then the quote. A name is
        // short: what is held is bounded.
        let mut start = Vec::new();
        let mut phase = 0;
        while start.len() < 256 {
            let Some(&c) = chunk(&self.replay, self.replay_at, &mut self.input)?.first() else {
                break;
            };
            phase = match (phase, c) {
                (0, b'A'..=b'Z') | (1, b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_') => 1,
                (1 | 2, b' ' | b'\t') => 2,
                (1 | 2, b'"') => {
                    self.bump(c);
                    start.push(c);
                    self.pending_tag = Some(start);
                    return Ok(Resync::Tag);
                }
                _ => break,
            };
            self.bump(c);
            start.push(c);
        }
        if phase > 0 && fresh && self.rec.is_none() {
            // `[` and a capital letter: perhaps a game whose first tag pair is malformed.
            let mut rec = vec![b'['];
            rec.extend_from_slice(&start);
            self.rec = Some((rec, line));
        }
        if keep {
            self.keep(b'[');
            for b in start {
                self.keep(b);
            }
        }
        Ok(Resync::Bracket)
    }

    /// Reads the rest of a comment (kept in `buf`) or a variation (skipped, with the
    /// comments and variations inside it), after its `{` or `(`: `Ok(true)` when it is
    /// closed, `Ok(false)` when it is not (at the end of the input, or where the next game's
    /// tags begin: see [`Lexer::scan_line`]).
    fn skip_to_close(&mut self, comment: bool) -> io::Result<bool> {
        self.rec = None;
        let closed = self.skip_to_close_inner(comment)?;
        if let Some((mut bytes, line)) = self.rec.take()
            && !closed
        {
            // Unclosed, with a line that may start a game after a blank line in it: the text
            // from that line on is read again (the tag pair it ran into, if any, with it).
            bytes.extend_from_slice(&self.replay[self.replay_at.min(self.replay.len())..]);
            self.replay = bytes;
            self.replay_at = 0;
            self.pending_tag = None;
            self.line = line;
            self.after_cr = false;
        }
        Ok(closed)
    }

    /// [`Lexer::skip_to_close`]'s reading.
    fn skip_to_close_inner(&mut self, comment: bool) -> io::Result<bool> {
        let mut depth = 1usize;
        let mut in_comment = comment;
        // Whether the line being read is blank so far (the line of the `{` or `(` is not),
        // and whether the line before it was, at a line start.
        let mut blank = false;
        let mut at_start: Option<bool> = None;
        let mut last_after_blank = false;
        loop {
            if let Some(after_blank) = at_start.take() {
                blank = true;
                if after_blank {
                    match self.resync(comment)? {
                        Resync::Tag => return Ok(false),
                        Resync::Bracket => blank = false,
                        Resync::No => {}
                    }
                }
            }
            let stops: &[u8] = if in_comment { b"}" } else { b"{()" };
            let (stop, passed_blank) = self.scan_line(comment, stops)?;
            blank &= passed_blank;
            match stop {
                None => return Ok(false),
                Some(b @ (b'\n' | b'\r')) => {
                    // The `\n` of a `\r\n` is the same line break as its `\r`.
                    let crlf_tail = b == b'\n' && self.after_cr && blank;
                    if !crlf_tail {
                        last_after_blank = blank;
                    }
                    if comment {
                        self.keep(b);
                    }
                    self.bump(b);
                    at_start = Some(last_after_blank);
                }
                Some(b'}') if comment => {
                    self.bump(b'}');
                    return Ok(true);
                }
                Some(b) => {
                    self.bump(b);
                    blank = false;
                    match b {
                        b'}' => in_comment = false,
                        b'{' => in_comment = true,
                        b'(' => depth += 1,
                        _ => {
                            depth -= 1;
                            if depth == 0 {
                                return Ok(true);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Consumes bytes until one for which `stop` holds (left unconsumed and returned),
    /// keeping them in `buf` when `keep`; `None` at the end of input.
    fn scan(&mut self, keep: bool, mut stop: impl FnMut(u8) -> bool) -> io::Result<Option<u8>> {
        loop {
            let chunk = chunk(&self.replay, self.replay_at, &mut self.input)?;
            if chunk.is_empty() {
                return Ok(None);
            }
            let (taken, found) = match chunk.iter().position(|&b| stop(b)) {
                Some(i) => (i, Some(chunk[i])),
                None => (chunk.len(), None),
            };
            // Line breaks as [`Lexer::count_lines`] counts them.
            let mut lines = 0;
            for &b in &chunk[..taken] {
                if b == b'\r' || (b == b'\n' && !self.after_cr) {
                    lines += 1;
                }
                self.after_cr = b == b'\r';
            }
            if keep {
                let room = (MAX_PDN_GAME_BYTES + 1).saturating_sub(self.buf.len());
                self.buf.extend_from_slice(&chunk[..taken.min(room)]);
                self.overflow |= taken > room;
            }
            if self.rec.is_some() {
                record(&mut self.rec, &chunk[..taken]);
            }
            self.line += lines;
            self.consume(taken);
            if found.is_some() {
                return Ok(found);
            }
        }
    }

    /// Keeps one byte of the token under way (see [`Lexer::scan`]'s bound).
    fn keep(&mut self, byte: u8) {
        if self.buf.len() <= MAX_PDN_GAME_BYTES {
            self.buf.push(byte);
        } else {
            self.overflow = true;
        }
    }

    /// Reads a tag pair after its `[`.
    fn tag(&mut self, mut quoted: bool) -> io::Result<Result<(String, String), PdnErrorKind>> {
        loop {
            let stop = self.scan(true, |b| {
                b == b'"' || b == b'\n' || b == b'\r' || if quoted { b == b'\\' } else { b == b']' }
            })?;
            match stop {
                Some(b']') => {
                    self.bump(b']');
                    break;
                }
                Some(b'"') => {
                    self.keep(b'"');
                    self.bump(b'"');
                    quoted = !quoted;
                }
                Some(b'\\') => {
                    self.keep(b'\\');
                    self.bump(b'\\');
                    match chunk(&self.replay, self.replay_at, &mut self.input)?.first() {
                        Some(&b) if b != b'\n' && b != b'\r' => {
                            self.keep(b);
                            self.bump(b);
                        }
                        _ => {}
                    }
                }
                // A new line or the end before `]`: a tag pair is one line (the new line
                // is left for the next token).
                _ => {
                    let text = String::from_utf8_lossy(&self.buf);
                    return Ok(Err(PdnErrorKind::BadTag(excerpt(&format!(
                        "[{}",
                        text.trim_end()
                    )))));
                }
            }
        }
        Ok(parse_tag(&decode(&self.buf)))
    }

    /// The next token, the line it starts on, and whether a blank line came before it;
    /// `None` at the end of input.
    fn next(&mut self) -> io::Result<Option<(Tok<'_>, usize, bool)>> {
        loop {
            let before = self.line;
            let pending = self.pending_tag.take();
            let c = if pending.is_some() {
                // The start of the tag pair an unclosed comment or variation ran into was
                // read.
                b'['
            } else {
                let Some(c) = self.scan(false, |b| !b.is_ascii_whitespace())? else {
                    return Ok(None);
                };
                self.bump(c);
                c
            };
            // Two line breaks since the last token: a line with nothing on it.
            let blank = self.line >= before + 2;
            let line = self.line;
            self.buf.clear();
            self.overflow = false;
            match c {
                b'[' => {
                    let quoted = pending.is_some_and(|start| {
                        self.buf = start;
                        true
                    });
                    let tag = self.tag(quoted)?;
                    if self.overflow {
                        return Ok(Some((Tok::TooLong, line, blank)));
                    }
                    return Ok(Some((Tok::Tag(tag), line, blank)));
                }
                b'{' => {
                    if !self.skip_to_close(true)? {
                        let e = PdnErrorKind::UnterminatedComment;
                        return Ok(Some((Tok::Unterminated(e), line, blank)));
                    }
                    if self.overflow {
                        return Ok(Some((Tok::TooLong, line, blank)));
                    }
                    let tok = match decode(&self.buf) {
                        Cow::Borrowed(text) => Tok::Comment(Cow::Borrowed(text.trim())),
                        Cow::Owned(text) => Tok::Comment(Cow::Owned(text.trim().to_owned())),
                    };
                    return Ok(Some((tok, line, blank)));
                }
                b'(' => {
                    // A variation: skipped, with its nested variations and comments.
                    if !self.skip_to_close(false)? {
                        let e = PdnErrorKind::UnterminatedVariation;
                        return Ok(Some((Tok::Unterminated(e), line, blank)));
                    }
                }
                b';' | b'%' => {
                    // A comment or an escape to the end of the line: `\n`, or `\r` alone as
                    // classic Mac OS files end their lines (where a `;` comment ran on to the
                    // end of the input, swallowing every later move and game).
                    self.scan(false, |b| b == b'\n' || b == b'\r')?;
                }
                _ => {
                    self.keep(c);
                    self.scan(true, |b| b.is_ascii_whitespace() || b"{([;".contains(&b))?;
                    if self.overflow {
                        return Ok(Some((Tok::TooLong, line, blank)));
                    }
                    // A byte-order mark (files written by Windows tools) is not text: at the
                    // start of the input, or of a file concatenated into it, before any token.
                    let marks = self
                        .buf
                        .chunks(3)
                        .take_while(|c| *c == b"\xEF\xBB\xBF")
                        .count();
                    if marks > 0 {
                        self.buf.drain(..3 * marks);
                        if self.buf.is_empty() {
                            continue;
                        }
                        // A `%` escape line right after the mark (the file's first line):
                        // skipped to the end of the line, as without the mark.
                        if self.buf[0] == b'%' {
                            self.scan(false, |b| b == b'\n' || b == b'\r')?;
                            continue;
                        }
                    }
                    let tok = match core::str::from_utf8(&self.buf) {
                        Ok(word) => Tok::Word(word),
                        Err(_) => Tok::BadWord,
                    };
                    return Ok(Some((tok, line, blank)));
                }
            }
        }
    }
}

/// The game being read.
struct Builder {
    tags: Vec<(String, String)>,
    tag_lines: Vec<usize>,
    board: Option<(Position, Position)>,
    moves: Vec<Move>,
    comments: Vec<(usize, String)>,
    touched: bool,
    /// Bytes and tokens of the game so far ([`MAX_PDN_GAME_BYTES`], [`MAX_PDN_GAME_TOKENS`]).
    bytes: usize,
    tokens: usize,
    /// The line of the game's first token.
    first_line: usize,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            first_line: 0,
            tags: Vec::new(),
            tag_lines: Vec::new(),
            board: None,
            moves: Vec::new(),
            comments: Vec::new(),
            touched: false,
            bytes: 0,
            tokens: 0,
        }
    }

    /// Counts a token of `len` bytes into the game: whether it stays within
    /// [`MAX_PDN_GAME_BYTES`] and [`MAX_PDN_GAME_TOKENS`].
    fn count(&mut self, len: usize) -> bool {
        self.bytes = self.bytes.saturating_add(len).saturating_add(1);
        self.tokens += 1;
        self.bytes <= MAX_PDN_GAME_BYTES && self.tokens <= MAX_PDN_GAME_TOKENS
    }

    fn tag_line(&self, key: &str) -> Option<(usize, &str)> {
        self.tags
            .iter()
            .zip(&self.tag_lines)
            .find(|((k, _), _)| k.eq_ignore_ascii_case(key))
            .map(|((_, v), &l)| (l, v.as_str()))
    }

    /// The start and current positions, set up from the tags on first use.
    fn board(&mut self) -> Result<&mut (Position, Position), (usize, PdnErrorKind)> {
        if self.board.is_none() {
            if let Some((line, t)) = self.tag_line("GameType") {
                let code = t.split(',').next().unwrap_or("").trim();
                if code != "21" {
                    return Err((line, PdnErrorKind::UnsupportedGameType(excerpt(t))));
                }
            }
            let start = match self.tag_line("FEN") {
                Some((line, fen)) => fen.parse().map_err(|e| (line, PdnErrorKind::Fen(e)))?,
                None => Position::start(),
            };
            self.board = Some((start, start));
        }
        Ok(self
            .board
            .get_or_insert((Position::start(), Position::start())))
    }

    fn finish(
        mut self,
        kings: KingMoves,
        result: Option<GameResult>,
    ) -> Result<PdnGame, (usize, PdnErrorKind)> {
        let (start, end) = *self.board()?;
        let tag_result = self
            .tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("Result"))
            .and_then(|(_, v)| v.parse().ok());
        let mut game = PdnGame {
            tags: self.tags,
            start,
            kings,
            moves: self.moves,
            end,
            comments: self.comments,
            result: result.or(tag_result).unwrap_or(GameResult::Unfinished),
            tag_index: None,
        };
        game.decide_result();
        if result.is_none() {
            // No result token: cut off at the end of the input, or before the next game's
            // tags.
            let line = self.first_line;
            return Err((line, PdnErrorKind::UnterminatedGame(Box::new(game))));
        }
        Ok(game)
    }
}

/// Where the reader is between games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Reading a game (or between games).
    Normal,
    /// Skipping the rest of a bad game: until its result token, or a tag after movetext or
    /// after a blank line.
    Skipping { movetext: bool },
    /// The input is finished (or failed).
    Done,
}

/// The reader's game-level state (apart from the lexer, which the current token borrows).
struct Games {
    kings: KingMoves,
    game: usize,
    mode: Mode,
    builder: Builder,
    pending: Option<PdnError>,
}

type Item = Option<Result<PdnGame, PdnError>>;

impl Games {
    fn error(&self, line: usize, kind: PdnErrorKind) -> PdnError {
        PdnError {
            game: self.game,
            line,
            kind,
        }
    }

    /// Notes that a token on `line` belongs to the game being read (the first one begins
    /// it).
    fn touch(&mut self, line: usize) {
        if !self.builder.touched {
            self.builder.touched = true;
            self.builder.first_line = line;
            self.game += 1;
        }
    }

    /// Drops the game being read after an error in it; its rest is skipped.
    fn fail(&mut self, line: usize, kind: PdnErrorKind, movetext: bool) -> PdnError {
        self.touch(line);
        let e = self.error(line, kind);
        self.builder = Builder::new();
        self.mode = Mode::Skipping { movetext };
        e
    }

    /// Ends the game being read.
    fn finish(&mut self, result: Option<GameResult>) -> Result<PdnGame, PdnError> {
        let builder = core::mem::replace(&mut self.builder, Builder::new());
        builder
            .finish(self.kings, result)
            .map_err(|(l, k)| self.error(l, k))
    }

    fn token(&mut self, tok: Tok<'_>, line: usize, blank: bool) -> Item {
        match (self.mode, tok) {
            (Mode::Done, _) => None,
            (Mode::Skipping { movetext }, tok @ Tok::Tag(_)) if movetext || blank => {
                // The bad game ended without a result token (or was cut off in its tags,
                // then a blank line): this tag begins the next.
                self.mode = Mode::Normal;
                self.token(tok, line, false)
            }
            (Mode::Skipping { .. }, Tok::Tag(_) | Tok::Comment(_) | Tok::TooLong) => None,
            (Mode::Skipping { .. }, Tok::Word(w)) => {
                self.mode = if GameResult::from_token(w).is_some() {
                    Mode::Normal
                } else {
                    Mode::Skipping { movetext: true }
                };
                None
            }
            (Mode::Skipping { .. }, Tok::BadWord) => {
                self.mode = Mode::Skipping { movetext: true };
                None
            }
            (Mode::Skipping { .. }, Tok::Unterminated(_)) => {
                // At the end of the input, or where the next game's tags begin.
                self.mode = Mode::Skipping { movetext: true };
                None
            }
            (Mode::Normal, Tok::TooLong) => {
                let movetext = self.builder.board.is_some();
                Some(Err(self.fail(line, PdnErrorKind::GameTooLong, movetext)))
            }
            (Mode::Normal, Tok::Tag(tag)) => {
                // A tag after movetext begins the next game; so does one after a blank line
                // that names the game's first tag again (the next game's `Event`): the game
                // before it was cut off before its movetext (a truncated file, then the
                // next one), and the next game is read as if it were absent.
                let cut_off = blank
                    && self
                        .builder
                        .tags
                        .first()
                        .is_some_and(|(first, _)| match &tag {
                            Ok((k, _)) => k == first,
                            // A malformed tag pair is read for its key (`[Event x]`).
                            Err(PdnErrorKind::BadTag(text)) => bad_tag_key(text) == first,
                            Err(_) => false,
                        });
                let finished = (self.builder.board.is_some() || cut_off).then(|| self.finish(None));
                let within = match &tag {
                    Ok((k, v)) => self.builder.count(k.len() + v.len()),
                    Err(_) => true,
                };
                let tag = if within {
                    tag
                } else {
                    Err(PdnErrorKind::GameTooLong)
                };
                let e = match tag {
                    Ok(pair) => {
                        self.touch(line);
                        self.builder.tags.push(pair);
                        self.builder.tag_lines.push(line);
                        return finished;
                    }
                    Err(kind) => self.fail(line, kind, false),
                };
                match finished {
                    Some(done) => {
                        self.pending = Some(e);
                        Some(done)
                    }
                    None => Some(Err(e)),
                }
            }
            (Mode::Normal, Tok::Comment(c)) => {
                if !self.builder.count(c.len()) {
                    let e = PdnErrorKind::GameTooLong;
                    return Some(Err(self.fail(line, e, true)));
                }
                self.touch(line);
                let at = self.builder.moves.len();
                self.builder.comments.push((at, c.to_string()));
                None
            }
            (Mode::Normal, Tok::BadWord) => {
                Some(Err(self.fail(line, PdnErrorKind::InvalidUtf8, true)))
            }
            (Mode::Normal, Tok::Unterminated(kind)) => {
                // It ran to the end of the input, or into the next game's tags
                // ([`Lexer::scan_line`]): the game ends here and the next one reads.
                Some(Err(self.fail(line, kind, true)))
            }
            (Mode::Normal, Tok::Word(w)) => {
                if !self.builder.count(w.len()) {
                    let e = PdnErrorKind::GameTooLong;
                    return Some(Err(self.fail(line, e, true)));
                }
                self.word(w, line)
            }
        }
    }

    fn word(&mut self, word: &str, line: usize) -> Item {
        if let Some(r) = GameResult::from_token(word) {
            self.touch(line);
            return Some(self.finish(Some(r)));
        }
        if word.len() > 1 && word.starts_with('$') && word[1..].bytes().all(|b| b.is_ascii_digit())
        {
            return None; // a NAG
        }
        // After a move number: the reading grammar's ellipsis `...`, which stands for the
        // other side's move (`1. ... 22-18`), alone or joined to the move; after the move,
        // strength marks (`!`, `?`, and `*`, the forced move of draughts publications) and
        // `+` or `#`.
        let w = strip_number(word)?
            .trim_start_matches('.')
            .trim_end_matches(['!', '?', '*', '+', '#']);
        if w.is_empty() {
            return None;
        }
        if !w.contains(['-', 'x', 'X', ':']) {
            let e = PdnErrorKind::Unexpected(excerpt(w));
            return Some(Err(self.fail(line, e, true)));
        }
        self.touch(line);
        let ply = self.builder.moves.len() + 1;
        let kings = self.kings;
        let parsed = match self.builder.board() {
            Ok((_, pos)) => match pos.parse_move(w, kings) {
                Ok(mv) => {
                    *pos = pos.after(&mv);
                    Ok(mv)
                }
                Err(source) => Err((
                    line,
                    PdnErrorKind::Move {
                        ply,
                        text: excerpt(w),
                        source,
                    },
                )),
            },
            Err(e) => Err(e),
        };
        match parsed {
            Ok(mv) => {
                self.builder.moves.push(mv);
                None
            }
            Err((l, kind)) => Some(Err(self.fail(l, kind, true))),
        }
    }

    fn end(&mut self) -> Item {
        let mode = core::mem::replace(&mut self.mode, Mode::Done);
        (mode == Mode::Normal && self.builder.touched).then(|| self.finish(None))
    }
}

/// Reads PDN games one at a time from any [`BufRead`]: an iterator of
/// `Result<PdnGame, PdnError>`. Memory holds one game (and one token of it), never the
/// whole input, so archives of any size stream through.
///
/// Read: tag pairs, numbered movetext (`1.`, `1...`, and the ellipsis of `1. ... 22-18`),
/// comments `{...}` (kept, with the ply they follow), variations `(...)`, `;` comments, `%`
/// escapes, NAGs `$n` and strength marks joined to a move (`!`, `?`, the forced move's `*`;
/// skipped), a `FEN` tag for a set-up position, and the result token that ends each game
/// (A10; every token of the PDN 3.0 reading grammar, `0-0` too); a game also ends where tags
/// follow its movetext. `GameType` must be 21 (English draughts) when present. Every move is
/// checked against the position. A UTF-8 byte-order mark is skipped at the start of the
/// input and before any token (files concatenated into one each bring theirs); words are
/// separated by ASCII white space. A file in UTF-16 (which starts with its byte-order mark:
/// Windows PowerShell's `>` writes so, and Notepad's "Unicode"; or without one, as
/// `iconv -t UTF-16LE` writes, recognised by its first characters) is read as its text
/// ([`boardgame_core::text::Utf16AsUtf8`]). A tag value or comment that is not UTF-8 is
/// read as Windows-1252 ([`boardgame_core::text::decode`]): PDN comes from PGN, whose text
/// is Latin-1, and older checkers programs write it so; the writer writes UTF-8.
///
/// A bad game is reported as an `Err` with its number and the line of the problem (a line
/// ends at `\n`, `\r\n` or a `\r` alone), and the reader goes on with the next game, read
/// as if the bad one were absent. A game ends at its result token, at a tag pair after its
/// movetext, and at a tag pair after a blank line that names its first tag again, well-formed
/// or not (a game cut off in its tags, then the next); a game that ends other than at its
/// result token (which PDN 3.0, as PGN, requires: a file cut off in its last game, say) is
/// [`PdnErrorKind::UnterminatedGame`], holding the game as read
/// ([`PdnError::ignore_unterminated`]). An unclosed `{` or `(` ends where a line starting
/// with a tag pair (`[Name "`, the name starting with a capital letter) follows a blank line;
/// if a line starting with `[` and a capital letter followed a blank line in it before that
/// (a game whose first tag pair is malformed, `[Event x]`), it ends there instead and that
/// line is read as the next game's. An I/O error is reported once and ends the iteration.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{GameResult, PdnReader};
/// use std::io::BufReader;
///
/// let file = "\u{feff}[Event \"a\"]\n1. 11-15 23-19 1-0\n\n[Event \"b\"]\n1. 11-15 11-15 *\n\n\
///             [Event \"c\"]\n1. 9-13 {a comment} 22-18 0-1\n";
/// let mut finished = 0;
/// let mut bad = Vec::new();
/// for game in PdnReader::new(BufReader::new(file.as_bytes())) {
///     match game {
///         Ok(g) => finished += usize::from(g.result() != GameResult::Unfinished),
///         Err(e) => bad.push((e.game, e.line)),
///     }
/// }
/// assert_eq!((finished, bad), (2, vec![(2, 5)]));
/// ```
pub struct PdnReader<R> {
    /// The lexer over the source, read as UTF-8 when it is a UTF-16 file.
    lexer: Lexer<Utf16AsUtf8<R>>,
    games: Games,
}

/// The source, the line reached, the number of games begun and the king moves read with.
/// Like chess's `PgnReader`, the reader is `Debug` when its source is.
impl<R: fmt::Debug> fmt::Debug for PdnReader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PdnReader")
            .field("input", &self.lexer.input)
            .field("line", &self.lexer.line)
            .field("games", &self.games.game)
            .field("kings", &self.games.kings)
            .finish_non_exhaustive()
    }
}

impl<R: BufRead> PdnReader<R> {
    /// A reader of English draughts games (short kings).
    pub fn new(input: R) -> PdnReader<R> {
        PdnReader {
            lexer: Lexer {
                input: Utf16AsUtf8::new(input),
                line: 1,
                buf: Vec::new(),
                overflow: false,
                after_cr: false,
                pending_tag: None,
                replay: Vec::new(),
                replay_at: 0,
                rec: None,
            },
            games: Games {
                kings: KingMoves::Short,
                game: 0,
                mode: Mode::Normal,
                builder: Builder::new(),
                pending: None,
            },
        }
    }

    /// The same reader checking moves with `kings` (flying kings, V2).
    #[must_use]
    pub fn with_king_moves(mut self, kings: KingMoves) -> PdnReader<R> {
        self.games.kings = kings;
        self
    }

    /// The line the reader has reached (1-based).
    #[must_use]
    pub fn line(&self) -> usize {
        self.lexer.line
    }
}

impl<R: BufRead> Iterator for PdnReader<R> {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Item {
        if let Some(e) = self.games.pending.take() {
            return Some(Err(e));
        }
        while self.games.mode != Mode::Done {
            let item = match self.lexer.next() {
                Ok(Some((tok, line, blank))) => self.games.token(tok, line, blank),
                Ok(None) => self.games.end(),
                Err(e) => {
                    let g = &mut self.games;
                    g.mode = Mode::Done;
                    g.touch(self.lexer.line);
                    let kind = PdnErrorKind::Io {
                        kind: e.kind(),
                        message: e.to_string(),
                    };
                    Some(Err(g.error(self.lexer.line, kind)))
                }
            };
            if item.is_some() {
                return item;
            }
        }
        None
    }
}

impl<R: BufRead> core::iter::FusedIterator for PdnReader<R> {}

/// Reads every game of a PDN text with short kings. See [`read_games_with`].
///
/// # Errors
///
/// The first [`PdnError`].
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{GameResult, read_games};
/// let games = read_games("[Event \"x\"]\n1. 11-15 23-19 {Old Fourteenth?} 2. 8-11 1-0\n\n1. 9-13 *")?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].moves().len(), 3);
/// assert_eq!(games[0].result(), GameResult::WhiteWins); // A10: 1-0 is a White win
/// assert_eq!(games[0].tag("Event"), Some("x"));
/// # Ok::<(), lattjo_draughts::PdnError>(())
/// ```
pub fn read_games(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    read_games_with(text, KingMoves::Short)
}

/// Reads every game of a PDN text held in memory, with `kings`, stopping at the first bad
/// game. [`PdnReader`] streams from a file and goes on after bad games.
///
/// # Errors
///
/// The first [`PdnError`]: a bad tag, an unterminated comment or variation, a game type
/// other than 21, a bad FEN, a move that does not parse or is not legal, or a game without
/// its result token.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{KingMoves, read_games_with};
/// let text = "[SetUp \"1\"]\n[FEN \"B:W18:BK29\"]\n1. 29x4 0-1";
/// assert_eq!(read_games_with(text, KingMoves::Flying)?[0].moves().len(), 1);
/// assert!(read_games_with(text, KingMoves::Short).is_err());
/// # Ok::<(), lattjo_draughts::PdnError>(())
/// ```
pub fn read_games_with(text: &str, kings: KingMoves) -> Result<Vec<PdnGame>, PdnError> {
    PdnReader::new(text.as_bytes())
        .with_king_moves(kings)
        .collect()
}

impl FromStr for PdnGame {
    type Err = PdnError;

    /// Reads exactly one game (short kings), as `Display` writes it; a game without its
    /// result token is [`PdnErrorKind::UnterminatedGame`] ([`PdnError::ignore_unterminated`]
    /// takes it).
    fn from_str(s: &str) -> Result<PdnGame, PdnError> {
        let mut reader = PdnReader::new(s.as_bytes());
        let game = match reader.next() {
            Some(g) => g?,
            None => {
                return Err(PdnError {
                    game: 1,
                    line: reader.line(),
                    kind: PdnErrorKind::NoGame,
                });
            }
        };
        match reader.next() {
            None => Ok(game),
            Some(_) => Err(PdnError {
                game: 2,
                line: reader.line(),
                kind: PdnErrorKind::ExtraGame,
            }),
        }
    }
}

impl PdnGame {
    /// A game from `start` with no moves yet, moves checked with `kings`: the seven
    /// standard tags set to unknown (`Event`, `Site`, `Date`, `Round`, `Black`, `White`,
    /// `Result` = `*`), `GameType` 21, and `SetUp` / `FEN` when `start` is not the start
    /// position.
    #[must_use]
    pub fn new(start: Position, kings: KingMoves) -> PdnGame {
        let mut tags: Vec<(String, String)> = [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "?"),
            ("Black", "?"),
            ("White", "?"),
            ("Result", "*"),
            ("GameType", "21"),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
        .collect();
        if start != Position::start() {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), start.to_string()));
        }
        let mut game = PdnGame {
            tags,
            start,
            kings,
            moves: Vec::new(),
            end: start,
            comments: Vec::new(),
            result: GameResult::Unfinished,
            tag_index: None,
        };
        game.decide_result();
        game
    }

    /// Plays `mv` at the end of the game.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] when `mv` is not legal in [`PdnGame::final_position`] (with
    /// the game's king moves); the game is then unchanged.
    pub fn push_move(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        self.end.play(&mv, self.kings)?;
        self.moves.push(mv);
        self.decide_result();
        Ok(())
    }

    /// Adds a comment after the moves so far. It is kept as PDN reads it back: trimmed,
    /// with any `}` (which would end it) turned into `)`, and without blank lines (lines of
    /// spaces, tabs and form feeds only), its line breaks written `\n`. A reader takes a
    /// blank line and then a line starting like a tag pair (`[Event "`) inside a comment for
    /// the next game's tags after a comment left open, so a comment holding both would not
    /// read back (`regression_a_comment_with_a_blank_line_before_a_tag_did_not_read_back`).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_draughts::{KingMoves, PdnGame, Position};
    /// let mut game = PdnGame::new(Position::start(), KingMoves::Short);
    /// game.push_comment(" first\r\n\n[Event \"x\"] then } ");
    /// assert!(game.to_string().contains("{first\n[Event \"x\"] then )}"));
    /// assert_eq!(game.to_string().parse::<PdnGame>()?, game);
    /// # Ok::<(), lattjo_draughts::PdnError>(())
    /// ```
    pub fn push_comment(&mut self, text: &str) {
        let text = text.replace('}', ")");
        let lines: Vec<&str> = text
            .split(['\n', '\r'])
            .filter(|line| !line.bytes().all(|b| b.is_ascii_whitespace()))
            .collect();
        self.comments
            .push((self.moves.len(), lines.join("\n").trim().to_string()));
    }

    /// Sets the result (the termination marker) and the `Result` tag. A game whose final
    /// position leaves the side to move without a legal move is lost by that side (D14, A7):
    /// that result stands whatever is given.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_draughts::{GameResult, KingMoves, PdnGame, Position};
    ///
    /// // Black to move has no piece left: White has won, whatever the caller says.
    /// let mut game = PdnGame::new("B:W18:B".parse::<Position>()?, KingMoves::Short);
    /// game.set_result(GameResult::Draw);
    /// assert_eq!(game.result(), GameResult::WhiteWins);
    /// assert_eq!(game.tag("Result"), Some("1-0"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_result(&mut self, result: GameResult) {
        self.result = result;
        self.replace_tag("Result", result.as_pdn());
        self.decide_result();
    }

    /// Where the final position decides the game by itself (the side to move has no legal
    /// move and has lost, D14, A7), the result and any `Result` tag say so.
    fn decide_result(&mut self) {
        if self.end.count_moves(self.kings) == 0 {
            let won = GameResult::from_winner(Some(self.end.turn().opponent()));
            if self.result != won {
                self.result = won;
                if self.tag("Result").is_some() {
                    self.replace_tag("Result", won.as_pdn());
                }
            }
        }
    }

    /// Sets tag `key` (replacing the first with that key, in any case, else appending).
    ///
    /// # Errors
    ///
    /// [`TagError`] for a key or value that PDN cannot hold, or for `FEN` and `GameType`,
    /// which [`PdnGame::new`] sets from the start position and the game.
    pub fn set_tag(&mut self, key: &str, value: &str) -> Result<(), TagError> {
        if key.eq_ignore_ascii_case("FEN") || key.eq_ignore_ascii_case("GameType") {
            return Err(TagError::Reserved(excerpt(key)));
        }
        if !writable_key(key) {
            return Err(TagError::BadKey(excerpt(key)));
        }
        // A carriage return alone ends a line too (classic Mac OS files): the reader ends
        // the tag pair there.
        if value.contains(['\n', '\r']) {
            return Err(TagError::LineBreak);
        }
        self.replace_tag(key, value);
        Ok(())
    }

    fn replace_tag(&mut self, key: &str, value: &str) {
        match self.first_tag(key) {
            Some(i) => self.tags[i].1 = value.to_string(),
            None => {
                if let Some(index) = &mut self.tag_index {
                    index.insert(key.to_ascii_lowercase(), self.tags.len());
                }
                self.tags.push((key.to_string(), value.to_string()));
            }
        }
    }

    /// Where the first tag `key` (case-insensitive) stands, searched among a few tags, else
    /// looked up in [`PdnGame::tag_index`] (built here on first use; the tags only grow, and
    /// [`PdnGame::replace_tag`] keeps it).
    fn first_tag(&mut self, key: &str) -> Option<usize> {
        if self.tags.len() <= SEARCHED_TAGS {
            return self
                .tags
                .iter()
                .position(|(k, _)| k.eq_ignore_ascii_case(key));
        }
        let tags = &self.tags;
        let index = self.tag_index.get_or_insert_with(|| {
            let mut index = TagIndex::with_capacity(tags.len());
            for (i, (k, _)) in tags.iter().enumerate() {
                index.entry(k.to_ascii_lowercase()).or_insert(i);
            }
            Box::new(index)
        });
        index.get(&key.to_ascii_lowercase()).copied()
    }

    /// The value of the first tag `key` (case-insensitive), if present.
    #[must_use]
    pub fn tag(&self, key: &str) -> Option<&str> {
        if let Some(index) = &self.tag_index {
            return index
                .get(&key.to_ascii_lowercase())
                .map(|&i| self.tags[i].1.as_str());
        }
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }

    /// The tag pairs in file order (`Event`, `Black`, `FEN`, ...), duplicates kept.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The position before the first move (from the `FEN` tag, or the start position).
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// How kings move in this game (the moves were checked with it).
    #[must_use]
    pub fn king_moves(&self) -> KingMoves {
        self.kings
    }

    /// The moves, each legal in turn.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Comments, each with the number of moves played before it.
    #[must_use]
    pub fn comments(&self) -> &[(usize, String)] {
        &self.comments
    }

    /// The game termination marker (or the `Result` tag when the movetext had none).
    #[must_use]
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// The position after every move.
    #[must_use]
    pub fn final_position(&self) -> Position {
        self.end
    }
}

impl fmt::Display for PdnGame {
    /// Writes the game as PDN: tags, a blank line, numbered movetext (short capture form
    /// when unambiguous, every landing square otherwise) with comments, the result, lines
    /// under 80 characters (a comment too long for one stands on a line of its own: breaking
    /// it would change it). Reading it back with the game's king moves gives the same game
    /// (`FromStr` reads short kings: see [`PdnGame`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, v) in &self.tags {
            writeln!(
                f,
                "[{k} \"{}\"]",
                v.replace('\\', "\\\\").replace('"', "\\\"")
            )?;
        }
        writeln!(f)?;
        let mut line = 0;
        let mut put = |f: &mut fmt::Formatter<'_>, w: &dyn fmt::Display| -> fmt::Result {
            let w = w.to_string();
            if line > 0 && line + 1 + w.len() > 79 {
                writeln!(f)?;
                line = 0;
            } else if line > 0 {
                f.write_str(" ")?;
                line += 1;
            }
            f.write_str(&w)?;
            line += w.len();
            Ok(())
        };
        let mut pos = self.start;
        let mut number = 1;
        let mut comments = self.comments.iter().peekable();
        for (i, mv) in self.moves.iter().enumerate() {
            let mut commented = false;
            while let Some((_, c)) = comments.next_if(|(at, _)| *at <= i) {
                put(f, &format_args!("{{{}}}", c.replace('}', ")")))?;
                commented = true;
            }
            match pos.turn() {
                Color::Black => put(f, &format_args!("{number}."))?,
                Color::White if i == 0 || commented => put(f, &format_args!("{number}..."))?,
                Color::White => {}
            }
            put(f, &pos.move_text(mv, self.kings))?;
            if pos.turn() == Color::White {
                number += 1;
            }
            pos = pos.after(mv);
        }
        for (_, c) in comments {
            put(f, &format_args!("{{{}}}", c.replace('}', ")")))?;
        }
        put(f, &self.result.as_pdn())?;
        writeln!(f)
    }
}
