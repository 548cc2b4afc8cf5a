//! PDN games: reading (tags, comments, variations skipped, several games per text) and
//! writing.

use core::fmt;
use core::str::FromStr;

use crate::fen::FenError;
use crate::movegen::{KingMoves, Move};
use crate::notation::MoveTextError;
use crate::position::Position;
use crate::square::Color;

/// A game's result as PDN writes it (A10): `1-0` means **White** won, `0-1` Black, even
/// though Black moves first.
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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a pdn result: {0:?}")]
#[non_exhaustive]
pub struct ResultError(pub String);

impl FromStr for GameResult {
    type Err = ResultError;
    fn from_str(s: &str) -> Result<GameResult, ResultError> {
        match s.trim() {
            "1-0" | "2-0" => Ok(GameResult::WhiteWins),
            "0-1" | "0-2" => Ok(GameResult::BlackWins),
            "1/2-1/2" | "1-1" => Ok(GameResult::Draw),
            "*" => Ok(GameResult::Unfinished),
            other => Err(ResultError(other.to_string())),
        }
    }
}

/// One game of a PDN file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// The tag pairs in file order (`Event`, `Black`, `FEN`, ...).
    pub tags: Vec<(String, String)>,
    /// The position before the first move (from the `FEN` tag, or the start position).
    pub start: Position,
    /// The moves, every one legal in turn.
    pub moves: Vec<Move>,
    /// Comments, each with the number of moves played before it.
    pub comments: Vec<(usize, String)>,
    /// The game termination marker (or the `Result` tag when the movetext has none).
    pub result: GameResult,
}

/// What went wrong in a PDN text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PdnErrorKind {
    /// A `[` without its `]`, or a tag without a quoted value.
    #[error("bad tag pair {0:?}")]
    BadTag(String),
    /// A `{` without its `}`.
    #[error("unterminated comment")]
    UnterminatedComment,
    /// A `(` without its `)`.
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
}

/// A PDN text that could not be read, with the (1-based) game it happened in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("pdn game {game}: {kind}")]
#[non_exhaustive]
pub struct PdnError {
    /// Which game of the text (1-based).
    pub game: usize,
    /// What was wrong.
    pub kind: PdnErrorKind,
}

enum Token<'a> {
    Tag(String, String),
    Comment(&'a str),
    Word(&'a str),
}

struct Lexer<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Lexer<'a> {
    fn rest(&self) -> &'a str {
        self.text.get(self.pos..).unwrap_or("")
    }

    fn next_token(&mut self) -> Option<Result<Token<'a>, PdnErrorKind>> {
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            self.pos += rest.len() - trimmed.len();
            let c = trimmed.chars().next()?;
            match c {
                '[' => {
                    let Some(end) = find_tag_end(trimmed) else {
                        let line = trimmed.lines().next().unwrap_or("");
                        self.pos = self.text.len();
                        return Some(Err(PdnErrorKind::BadTag(line.to_string())));
                    };
                    self.pos += end + 1;
                    return Some(parse_tag(&trimmed[1..end]));
                }
                '{' => {
                    let Some(end) = trimmed.find('}') else {
                        self.pos = self.text.len();
                        return Some(Err(PdnErrorKind::UnterminatedComment));
                    };
                    self.pos += end + 1;
                    return Some(Ok(Token::Comment(trimmed[1..end].trim())));
                }
                '(' => {
                    // A variation: skipped, with its nested variations and comments.
                    let mut depth = 0usize;
                    let mut in_comment = false;
                    let mut end = None;
                    for (i, ch) in trimmed.char_indices() {
                        match (in_comment, ch) {
                            (true, '}') => in_comment = false,
                            (true, _) => {}
                            (false, '{') => in_comment = true,
                            (false, '(') => depth += 1,
                            (false, ')') => {
                                depth -= 1;
                                if depth == 0 {
                                    end = Some(i);
                                    break;
                                }
                            }
                            _ => {}
                        }
                    }
                    let Some(end) = end else {
                        self.pos = self.text.len();
                        return Some(Err(PdnErrorKind::UnterminatedVariation));
                    };
                    self.pos += end + 1;
                }
                ';' | '%' => {
                    // A comment or an escape to the end of the line.
                    let end = trimmed.find('\n').unwrap_or(trimmed.len());
                    self.pos += end;
                }
                _ => {
                    let end = trimmed
                        .find(|ch: char| ch.is_whitespace() || "{([;".contains(ch))
                        .unwrap_or(trimmed.len());
                    self.pos += end;
                    return Some(Ok(Token::Word(&trimmed[..end])));
                }
            }
        }
    }
}

/// The index of the `]` closing a tag pair, skipping a quoted value.
fn find_tag_end(s: &str) -> Option<usize> {
    let mut in_quotes = false;
    let mut escaped = false;
    for (i, ch) in s.char_indices().skip(1) {
        match ch {
            '\n' if !in_quotes => return None,
            _ if escaped => escaped = false,
            '\\' if in_quotes => escaped = true,
            '"' => in_quotes = !in_quotes,
            ']' if !in_quotes => return Some(i),
            _ => {}
        }
    }
    None
}

fn parse_tag<'a>(inner: &str) -> Result<Token<'a>, PdnErrorKind> {
    let bad = || PdnErrorKind::BadTag(format!("[{inner}]"));
    let inner = inner.trim();
    let (key, value) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
    let value = value.trim();
    let value = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(bad)?;
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
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
    Ok(Token::Tag(key.to_string(), out))
}

#[derive(Default)]
struct Builder {
    tags: Vec<(String, String)>,
    position: Option<(Position, Position)>,
    moves: Vec<Move>,
    comments: Vec<(usize, String)>,
    touched: bool,
}

impl Builder {
    fn board(&mut self) -> Result<&mut (Position, Position), PdnErrorKind> {
        if self.position.is_none() {
            if let Some((_, t)) = self
                .tags
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case("GameType"))
            {
                let code = t.split(',').next().unwrap_or("").trim();
                if code != "21" {
                    return Err(PdnErrorKind::UnsupportedGameType(t.clone()));
                }
            }
            let start = match self
                .tags
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case("FEN"))
            {
                Some((_, fen)) => fen.parse().map_err(PdnErrorKind::Fen)?,
                None => Position::start(),
            };
            self.position = Some((start, start));
        }
        Ok(self
            .position
            .get_or_insert((Position::start(), Position::start())))
    }

    fn finish(mut self, result: Option<GameResult>) -> Result<PdnGame, PdnErrorKind> {
        let (start, _) = *self.board()?;
        let tag_result = self
            .tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("Result"))
            .and_then(|(_, v)| v.parse().ok());
        Ok(PdnGame {
            tags: self.tags,
            start,
            moves: self.moves,
            comments: self.comments,
            result: result.or(tag_result).unwrap_or(GameResult::Unfinished),
        })
    }
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

/// Reads every game of a PDN text with short kings. See [`read_games_with`].
///
/// # Errors
///
/// The first [`PdnError`].
pub fn read_games(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    read_games_with(text, KingMoves::Short)
}

/// Reads every game of a PDN text: tag pairs, movetext with move numbers, comments `{..}`
/// (kept), variations `(..)`, `;` comments, NAGs `$n` and `!?` marks (skipped), and a result
/// token ending each game (A10). Every move is checked for legality against the game's
/// position (the `FEN` tag, or the start position).
///
/// # Errors
///
/// The first [`PdnError`]: a bad tag, an unterminated comment or variation, a game type
/// other than 21, a bad FEN, or a move that does not parse or is not legal.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{GameResult, read_games};
/// let games = read_games("[Event \"x\"]\n1. 11-15 23-19 {Old Fourteenth?} 2. 8-11 1-0\n\n1. 9-13 *")?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].moves.len(), 3);
/// assert_eq!(games[0].result, GameResult::WhiteWins); // A10: 1-0 is a White win
/// assert_eq!(games[0].tag("Event"), Some("x"));
/// # Ok::<(), lattjo_draughts::PdnError>(())
/// ```
pub fn read_games_with(text: &str, kings: KingMoves) -> Result<Vec<PdnGame>, PdnError> {
    let mut games = Vec::new();
    let mut lexer = Lexer { text, pos: 0 };
    let mut cur = Builder::default();
    let fail = |games: &Vec<PdnGame>, kind| PdnError {
        game: games.len() + 1,
        kind,
    };
    while let Some(token) = lexer.next_token() {
        let token = token.map_err(|k| fail(&games, k))?;
        match token {
            Token::Tag(k, v) => {
                if cur.position.is_some() {
                    // Tags after movetext begin the next game (no result token in between).
                    let done = std::mem::take(&mut cur)
                        .finish(None)
                        .map_err(|k| fail(&games, k))?;
                    games.push(done);
                }
                cur.tags.push((k, v));
                cur.touched = true;
            }
            Token::Comment(c) => {
                cur.comments.push((cur.moves.len(), c.to_string()));
                cur.touched = true;
            }
            Token::Word(w) => {
                if let Ok(r) = w.parse::<GameResult>() {
                    let done = std::mem::take(&mut cur)
                        .finish(Some(r))
                        .map_err(|k| fail(&games, k))?;
                    games.push(done);
                    continue;
                }
                if w.starts_with('$') && w.len() > 1 && w[1..].bytes().all(|b| b.is_ascii_digit()) {
                    continue;
                }
                let Some(w) = strip_number(w) else { continue };
                let w = w.trim_end_matches(['!', '?', '+', '#']);
                if w.is_empty() {
                    continue;
                }
                if !w.contains(['-', 'x', 'X']) {
                    return Err(fail(&games, PdnErrorKind::Unexpected(w.to_string())));
                }
                cur.touched = true;
                let ply = cur.moves.len() + 1;
                let (_, pos) = cur.board().map_err(|k| fail(&games, k))?;
                let mv = pos.parse_move(w, kings).map_err(|source| {
                    fail(
                        &games,
                        PdnErrorKind::Move {
                            ply,
                            text: w.to_string(),
                            source,
                        },
                    )
                })?;
                *pos = pos.after(&mv);
                cur.moves.push(mv);
            }
        }
    }
    if cur.touched {
        games.push(cur.finish(None).map_err(|k| fail(&games, k))?);
    }
    Ok(games)
}

impl PdnGame {
    /// A game from `start` with `moves` (which the caller has checked are legal in turn),
    /// with the seven standard tags set to unknown, `GameType` 21, `Result`, and `SetUp` /
    /// `FEN` when `start` is not the start position.
    #[must_use]
    pub fn new(start: Position, moves: Vec<Move>, result: GameResult) -> PdnGame {
        let mut tags: Vec<(String, String)> = [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "?"),
            ("Black", "?"),
            ("White", "?"),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
        .collect();
        tags.push(("Result".into(), result.as_pdn().into()));
        tags.push(("GameType".into(), "21".into()));
        if start != Position::start() {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), start.to_string()));
        }
        PdnGame {
            tags,
            start,
            moves,
            comments: Vec::new(),
            result,
        }
    }

    /// The value of tag `key` (case-insensitive), if present.
    #[must_use]
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `key` (replacing an existing one, else appending).
    pub fn set_tag(&mut self, key: &str, value: &str) {
        match self
            .tags
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
        {
            Some((_, v)) => *v = value.to_string(),
            None => self.tags.push((key.to_string(), value.to_string())),
        }
    }

    /// The position after every move.
    #[must_use]
    pub fn final_position(&self) -> Position {
        self.moves.iter().fold(self.start, |p, m| p.after(m))
    }
}

impl fmt::Display for PdnGame {
    /// Writes the game as PDN: tags, a blank line, numbered movetext (short capture form
    /// when unambiguous, every landing square otherwise) with comments (any `}` in a
    /// comment becomes `)`), the result, lines under 80 characters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, v) in &self.tags {
            writeln!(
                f,
                "[{k} \"{}\"]",
                v.replace('\\', "\\\\").replace('"', "\\\"")
            )?;
        }
        if self.tag("FEN").is_none() && self.start != Position::start() {
            writeln!(f, "[SetUp \"1\"]")?;
            writeln!(f, "[FEN \"{}\"]", self.start)?;
        }
        writeln!(f)?;
        let mut words: Vec<String> = Vec::new();
        let mut pos = self.start;
        let mut number = 1;
        let comments_at = |i: usize, words: &mut Vec<String>| {
            for (_, c) in self.comments.iter().filter(|(at, _)| *at == i) {
                words.push(format!("{{{}}}", c.replace('}', ")")));
            }
        };
        for (i, mv) in self.moves.iter().enumerate() {
            comments_at(i, &mut words);
            match pos.turn() {
                Color::Black => words.push(format!("{number}.")),
                Color::White if i == 0 || self.comments.iter().any(|(at, _)| *at == i) => {
                    words.push(format!("{number}..."));
                }
                Color::White => {}
            }
            words.push(pos.move_text(mv, KingMoves::Short));
            if pos.turn() == Color::White {
                number += 1;
            }
            pos = pos.after(mv);
        }
        comments_at(self.moves.len(), &mut words);
        words.push(self.result.as_pdn().to_string());
        let mut line = 0;
        for w in words {
            if line > 0 && line + 1 + w.len() > 79 {
                writeln!(f)?;
                line = 0;
            } else if line > 0 {
                f.write_str(" ")?;
                line += 1;
            }
            f.write_str(&w)?;
            line += w.len();
        }
        writeln!(f)
    }
}
