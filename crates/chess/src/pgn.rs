//! PGN: reading games from real-world files and writing them.
//!
//! The reader takes several games per file, the tag pairs (Seven Tag Roster and any
//! others, `SetUp`/`FEN` for other starts), SAN movetext with move numbers, comments (`{..}`
//! and `;` to the end of the line), `%` escape lines, NAGs (`$1`) and the suffixes `!`, `?`,
//! `!!`, `??`, `!?`, `?!` (read as NAGs 1-6), variations nested to any depth (checked move
//! by move; comments and NAGs inside variations are skipped) and the result tokens. A
//! game with an error is reported with its line and skipped; the rest are still read.

use core::fmt::Write as _;

use crate::fen::FenError;
use crate::position::{CastlingMode, Move, Position};
use crate::san::SanError;

/// One game read from PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The starting position (from the `FEN` tag, else the standard start).
    pub start: Position,
    /// The main line.
    pub moves: Vec<Move>,
    /// Comments, each after the given number of main-line plies (0: before the first move).
    pub comments: Vec<(usize, String)>,
    /// NAGs, each attached to the main-line ply with the given number (1 = first move).
    pub nags: Vec<(usize, u8)>,
    /// Variations of the main line (each may hold nested ones).
    pub variations: Vec<Variation>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2` or `*`), if the game had one.
    pub result: Option<String>,
    /// The line of the file where the game starts (1-based).
    pub line: usize,
}

impl PgnGame {
    /// The value of a tag, if present.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position after the main line.
    #[must_use]
    pub fn end_position(&self) -> Position {
        let mut p = self.start.clone();
        for &m in &self.moves {
            p.play_unchecked(m);
        }
        p
    }
}

/// A variation: an alternative to one move of the line it hangs from, with its own nested
/// variations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The move of the parent line it replaces (1 = the parent line's first move).
    pub ply: usize,
    /// Its moves, starting from the position before that move.
    pub moves: Vec<Move>,
    /// Variations of this variation.
    pub variations: Vec<Variation>,
}

/// What went wrong in one game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// A tag pair that is not `[Name "value"]`.
    #[error("malformed tag pair")]
    Tag,
    /// A `{` comment without its `}`.
    #[error("comment not closed")]
    UnclosedComment,
    /// A `(` without its `)`, or a `)` without its `(`.
    #[error("unbalanced variation parentheses")]
    Parentheses,
    /// A variation before any move.
    #[error("variation before any move")]
    VariationWithoutMove,
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
}

/// A game that could not be read, with the line of the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
#[non_exhaustive]
pub struct PgnError {
    /// The 1-based line of the problem.
    pub line: usize,
    /// What was wrong.
    pub kind: PgnErrorKind,
}

/// Everything read from a PGN text: the good games and the errors of the skipped ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnRead {
    /// Games read successfully, in file order.
    pub games: Vec<PgnGame>,
    /// One error per skipped game, in file order.
    pub errors: Vec<PgnError>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Tag(String, String),
    Comment(String),
    Nag(u8),
    Open,
    Close,
    Result(String),
    San(String),
    Bad(PgnErrorKind),
}

fn tokenize(text: &str) -> Vec<(usize, Tok)> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut line = 1;
    let mut at_line_start = true;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            at_line_start = true;
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start_line = line;
        if c == '%' && at_line_start {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        at_line_start = false;
        match c {
            '[' => {
                let mut j = i + 1;
                let mut body = String::new();
                let mut in_str = false;
                while j < chars.len() && chars[j] != '\n' && (in_str || chars[j] != ']') {
                    if chars[j] == '\\' && in_str && j + 1 < chars.len() {
                        body.push(chars[j + 1]);
                        j += 2;
                        continue;
                    }
                    if chars[j] == '"' {
                        in_str = !in_str;
                        body.push('\u{0}');
                    } else {
                        body.push(chars[j]);
                    }
                    j += 1;
                }
                let closed = j < chars.len() && chars[j] == ']';
                i = if closed { j + 1 } else { j };
                let parts: Vec<&str> = body.split('\u{0}').collect();
                let tok = match (closed, parts.as_slice()) {
                    (true, [name, value, rest])
                        if rest.trim().is_empty()
                            && !name.trim().is_empty()
                            && !name.trim().contains(' ') =>
                    {
                        Tok::Tag(name.trim().to_owned(), (*value).to_owned())
                    }
                    _ => Tok::Bad(PgnErrorKind::Tag),
                };
                out.push((start_line, tok));
            }
            '{' => {
                let mut j = i + 1;
                let mut s = String::new();
                while j < chars.len() && chars[j] != '}' {
                    if chars[j] == '\n' {
                        line += 1;
                    }
                    s.push(chars[j]);
                    j += 1;
                }
                if j >= chars.len() {
                    out.push((start_line, Tok::Bad(PgnErrorKind::UnclosedComment)));
                    i = j;
                } else {
                    // Line breaks inside a comment are layout, not content.
                    let text = s.split_whitespace().collect::<Vec<_>>().join(" ");
                    out.push((start_line, Tok::Comment(text)));
                    i = j + 1;
                }
            }
            ';' => {
                let mut j = i + 1;
                let mut s = String::new();
                while j < chars.len() && chars[j] != '\n' {
                    s.push(chars[j]);
                    j += 1;
                }
                out.push((start_line, Tok::Comment(s.trim().to_owned())));
                i = j;
            }
            '(' => {
                out.push((line, Tok::Open));
                i += 1;
            }
            ')' => {
                out.push((line, Tok::Close));
                i += 1;
            }
            '$' => {
                let mut j = i + 1;
                let mut n: u32 = 0;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    n = n
                        .saturating_mul(10)
                        .saturating_add(chars[j].to_digit(10).unwrap_or(0));
                    j += 1;
                }
                out.push((line, Tok::Nag(u8::try_from(n).unwrap_or(u8::MAX))));
                i = j;
            }
            _ => {
                let mut j = i;
                let mut s = String::new();
                while j < chars.len()
                    && !chars[j].is_whitespace()
                    && !matches!(chars[j], '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$')
                {
                    s.push(chars[j]);
                    j += 1;
                }
                if j == i {
                    // A stray `]` or `}`: skip it.
                    i += 1;
                    continue;
                }
                i = j;
                push_word(&mut out, line, &s);
            }
        }
    }
    out
}

fn push_word(out: &mut Vec<(usize, Tok)>, line: usize, word: &str) {
    if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
        out.push((line, Tok::Result(word.to_owned())));
        return;
    }
    // Strip a move number prefix: `12.`, `12...`, `12.e4`.
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = if rest.len() < word.len() && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        word
    };
    if rest.is_empty() {
        return;
    }
    let body = rest.trim_end_matches(['!', '?']);
    let suffix = &rest[body.len()..];
    if !body.is_empty() {
        out.push((line, Tok::San(body.to_owned())));
    }
    let nag = match suffix {
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => None,
    };
    if let Some(n) = nag {
        out.push((line, Tok::Nag(n)));
    }
}

/// Reads every game of a PGN text. Never fails as a whole: a game with an error is
/// skipped and its error (with the line) is listed in [`PgnRead::errors`].
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
    let tokens = tokenize(text);
    let mut read = PgnRead::default();
    // Split into games: a game ends at a result token outside variations, or when a tag
    // follows movetext.
    let mut start = 0;
    let mut depth = 0i32;
    let mut seen_moves = false;
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i].1 {
            Tok::Tag(..) if seen_moves => {
                finish_game(&tokens[start..i], &mut read);
                start = i;
                seen_moves = false;
                depth = 0;
            }
            Tok::Open => depth += 1,
            Tok::Close => depth -= 1,
            Tok::San(_) => seen_moves = true,
            Tok::Result(_) if depth <= 0 => {
                finish_game(&tokens[start..=i], &mut read);
                start = i + 1;
                seen_moves = false;
                depth = 0;
            }
            _ => {}
        }
        i += 1;
    }
    if tokens[start..]
        .iter()
        .any(|(_, t)| !matches!(t, Tok::Comment(_)))
    {
        finish_game(&tokens[start..], &mut read);
    }
    read
}

fn finish_game(tokens: &[(usize, Tok)], read: &mut PgnRead) {
    if tokens.is_empty() {
        return;
    }
    match parse_game(tokens) {
        Ok(g) => read.games.push(g),
        Err(e) => read.errors.push(e),
    }
}

fn parse_game(tokens: &[(usize, Tok)]) -> Result<PgnGame, PgnError> {
    let line = tokens[0].0;
    let mut tags = Vec::new();
    let mut i = 0;
    while let Some((_, Tok::Tag(n, v))) = tokens.get(i) {
        tags.push((n.clone(), v.clone()));
        i += 1;
    }
    let start = match tags.iter().find(|(n, _)| n == "FEN") {
        Some((_, fen)) => {
            let mode = if tags
                .iter()
                .any(|(n, v)| n == "Variant" && v.to_ascii_lowercase().contains("960"))
            {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            match Position::from_fen(fen, mode) {
                Ok(p) => p,
                Err(_) if mode == CastlingMode::Standard => {
                    fen.parse::<Position>().map_err(|e| PgnError {
                        line,
                        kind: PgnErrorKind::Fen(e),
                    })?
                }
                Err(e) => {
                    return Err(PgnError {
                        line,
                        kind: PgnErrorKind::Fen(e),
                    });
                }
            }
        }
        None => Position::new(),
    };
    let mut game = PgnGame {
        tags,
        start: start.clone(),
        moves: Vec::new(),
        comments: Vec::new(),
        nags: Vec::new(),
        variations: Vec::new(),
        result: None,
        line,
    };
    let mut pos = start;
    let mut before_last: Option<Position> = None;
    while i < tokens.len() {
        let (l, tok) = &tokens[i];
        match tok {
            Tok::Tag(..) => {}
            Tok::Bad(kind) => {
                return Err(PgnError {
                    line: *l,
                    kind: kind.clone(),
                });
            }
            Tok::Comment(c) => game.comments.push((game.moves.len(), c.clone())),
            Tok::Nag(n) => {
                if !game.moves.is_empty() {
                    game.nags.push((game.moves.len(), *n));
                }
            }
            Tok::Result(r) => game.result = Some(r.clone()),
            Tok::Close => {
                return Err(PgnError {
                    line: *l,
                    kind: PgnErrorKind::Parentheses,
                });
            }
            Tok::Open => {
                let Some(base) = before_last.clone() else {
                    return Err(PgnError {
                        line: *l,
                        kind: PgnErrorKind::VariationWithoutMove,
                    });
                };
                let (moves, variations, next) = parse_variation(tokens, i + 1, base, *l)?;
                game.variations.push(Variation {
                    ply: game.moves.len(),
                    moves,
                    variations,
                });
                i = next;
            }
            Tok::San(s) => {
                let ply = game.moves.len() + 1;
                let m = pos.parse_san(s).map_err(|error| PgnError {
                    line: *l,
                    kind: PgnErrorKind::Move {
                        san: s.clone(),
                        ply,
                        error,
                    },
                })?;
                before_last = Some(pos.clone());
                pos.play_unchecked(m);
                game.moves.push(m);
            }
        }
        i += 1;
    }
    Ok(game)
}

/// Parses a variation starting at token `i` (after its `(`) from `pos`; returns its moves,
/// its nested variations and the index of its `)`.
fn parse_variation(
    tokens: &[(usize, Tok)],
    mut i: usize,
    mut pos: Position,
    open_line: usize,
) -> Result<(Vec<Move>, Vec<Variation>, usize), PgnError> {
    let mut moves = Vec::new();
    let mut children = Vec::new();
    let mut before_last: Option<Position> = None;
    while i < tokens.len() {
        let (l, tok) = &tokens[i];
        match tok {
            Tok::Close => return Ok((moves, children, i)),
            Tok::Bad(kind) => {
                return Err(PgnError {
                    line: *l,
                    kind: kind.clone(),
                });
            }
            Tok::Open => {
                let Some(base) = before_last.clone() else {
                    return Err(PgnError {
                        line: *l,
                        kind: PgnErrorKind::VariationWithoutMove,
                    });
                };
                let (sub, subvars, next) = parse_variation(tokens, i + 1, base, *l)?;
                children.push(Variation {
                    ply: moves.len(),
                    moves: sub,
                    variations: subvars,
                });
                i = next;
            }
            Tok::San(s) => {
                let ply = moves.len() + 1;
                let m = pos.parse_san(s).map_err(|error| PgnError {
                    line: *l,
                    kind: PgnErrorKind::Move {
                        san: s.clone(),
                        ply,
                        error,
                    },
                })?;
                before_last = Some(pos.clone());
                pos.play_unchecked(m);
                moves.push(m);
            }
            Tok::Tag(..) | Tok::Result(_) => {
                return Err(PgnError {
                    line: *l,
                    kind: PgnErrorKind::Parentheses,
                });
            }
            Tok::Comment(_) | Tok::Nag(_) => {}
        }
        i += 1;
    }
    Err(PgnError {
        line: open_line,
        kind: PgnErrorKind::Parentheses,
    })
}

/// Writes one game as PGN: the Seven Tag Roster first (with `?` for missing values), the
/// other tags, `SetUp`/`FEN` for a non-standard start, then SAN movetext with comments,
/// NAGs and variations, wrapped at 80 columns, ending with the result.
#[must_use]
pub fn write_pgn(game: &PgnGame) -> String {
    const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    let result = game.result.clone().unwrap_or_else(|| "*".to_owned());
    let mut out = String::new();
    for name in ROSTER {
        let value = if name == "Result" {
            result.clone()
        } else {
            game.tag(name).unwrap_or("?").to_owned()
        };
        let _ = writeln!(out, "[{name} \"{}\"]", escape(&value));
    }
    let standard = game.start == Position::new();
    for (n, v) in &game.tags {
        if ROSTER.contains(&n.as_str()) || n == "SetUp" || n == "FEN" {
            continue;
        }
        let _ = writeln!(out, "[{n} \"{}\"]", escape(v));
    }
    if !standard {
        let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{}\"]", game.start);
    }
    out.push('\n');
    let mut words: Vec<String> = Vec::new();
    let mut pos = game.start.clone();
    for (_, c) in game.comments.iter().filter(|(p, _)| *p == 0) {
        words.push(format!("{{{c}}}"));
    }
    for (idx, &m) in game.moves.iter().enumerate() {
        let ply = idx + 1;
        words.push(move_text(&pos, m, idx == 0));
        for (_, n) in game.nags.iter().filter(|(p, _)| *p == ply) {
            words.push(format!("${n}"));
        }
        for (_, c) in game.comments.iter().filter(|(p, _)| *p == ply) {
            words.push(format!("{{{c}}}"));
        }
        for var in game.variations.iter().filter(|v| v.ply == ply) {
            variation_words(&pos, var, &mut words);
        }
        pos.play_unchecked(m);
    }
    words.push(result);
    let mut line_len = 0;
    for w in words {
        if line_len > 0 && line_len + 1 + w.len() > 80 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += w.len();
        out.push_str(&w);
    }
    out.push('\n');
    out
}

/// Appends a variation (from `pos`, the position before the move it replaces) as words,
/// `(` on its first word and `)` on its last.
fn variation_words(pos: &Position, var: &Variation, words: &mut Vec<String>) {
    let first = words.len();
    let mut vp = pos.clone();
    let mut renumber = true;
    for (k, &vm) in var.moves.iter().enumerate() {
        words.push(move_text(&vp, vm, renumber));
        renumber = false;
        for sub in var.variations.iter().filter(|v| v.ply == k + 1) {
            variation_words(&vp, sub, words);
            renumber = true;
        }
        vp.play_unchecked(vm);
    }
    if let Some(w) = words.get_mut(first) {
        w.insert(0, '(');
    }
    if let Some(w) = words.last_mut() {
        w.push(')');
    }
}

fn move_text(pos: &Position, m: Move, first: bool) -> String {
    let san = pos.san(m);
    match pos.turn() {
        crate::types::Color::White => format!("{}. {san}", pos.fullmoves()),
        crate::types::Color::Black if first => format!("{}... {san}", pos.fullmoves()),
        crate::types::Color::Black => san,
    }
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}
