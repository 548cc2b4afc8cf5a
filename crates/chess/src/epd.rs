//! EPD: Extended Position Description (section 16.2 of the PGN standard), the line format of
//! chess test suites (perft suites, tactical suites) and of engines' analysis: the first four
//! FEN fields, then operations `opcode operand;`.
//!
//! Read as python-chess reads it (`Board.set_epd`), which most tools follow:
//!
//! - an operation is an opcode (starting with a letter), then at most one operand, ended by
//!   `;` or the end of the line; a lone `;` or `-` is skipped, so the perft suites' layout
//!   `... w KQkq - ;D1 20 ;D2 400` reads too;
//! - an operand in double quotes is text (`\"`, `\\`, `\n`, `\r` and `\t` escape), one that
//!   starts with a digit, `+`, `-` or `.` a number (an integer, or a finite float when it
//!   holds `.`, `e` or `E`), any other moves in SAN (or UCI) in the position: a `pv` is a
//!   variation, each move played after the one before; `am` and `bm` a list of moves in the
//!   position; any other opcode one move;
//! - beyond python-chess: an operand without quotes of an opcode whose operand the standard
//!   makes a string (`c0`-`c9`, `v0`-`v9`, `id`, `eco`, `nic`, `tcgs`, `tcri`, `tcsi`)
//!   that reads as no number and no one legal move is its text, as pgn-extract's `-Wepd`
//!   writes the tags and result (`c0 ?-? Event Site ????.??.??; c1 1-0;`);
//! - `hmvc` and `fmvn` set the position's clocks (a halfmove count and a move number); without
//!   them the clocks are 0 and 1. They stay among the operations too;
//! - the castling mode comes from the castling field (`FromStr`), or from the caller
//!   ([`Epd::from_epd`], for a Chess960 suite).
//!
//! Written back with the en-passant square after every double step (as FEN, so that the
//! position reads back the same) and each operation as `opcode operand;`, moves in SAN, so
//! `parse(write(x)) == x` (for a Chess960 position with no castling right left, whose FEN is
//! a standard chess position's, with [`Epd::from_epd`] in [`CastlingMode::Chess960`]).
//!
//! # Examples
//!
//! ```
//! use lattjo_chess::epd::{Epd, Value};
//!
//! // A line of a perft suite.
//! let epd: Epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400".parse()?;
//! assert_eq!(epd.get("D2"), Some(&Value::Integer(400)));
//!
//! // A test position with its best move.
//! let epd: Epd = r#"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id "back rank";"#.parse()?;
//! let Some(Value::Moves(best)) = epd.get("bm") else { panic!() };
//! assert_eq!(epd.position().san(best[0]), "Ra8#");
//! assert_eq!(epd.get("id"), Some(&Value::Text("back rank".into())));
//! assert_eq!(epd.to_string(), r#"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id "back rank";"#);
//! # Ok::<(), lattjo_chess::epd::EpdError>(())
//! ```

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use crate::fen::{EpMode, FenError};
use crate::position::CastlingMode;
use crate::position::Move;
use crate::position::Position;

/// One operand of an EPD operation.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// No operand (`opcode;`).
    Empty,
    /// An integer (`acd 20;`, `D1 20`).
    Integer(i64),
    /// A finite number with a point or an exponent (`ce 0.5;`).
    Float(f64),
    /// Text in double quotes (`id "WAC.001";`).
    Text(String),
    /// One move in the position (any opcode but `pv`, `am` and `bm`; `sm e4;`).
    Move(Move),
    /// `am` and `bm`: moves in the position; `pv`: a variation, each move played after the
    /// ones before it.
    Moves(Vec<Move>),
}

/// An operation: an opcode and its operand.
#[derive(Clone, Debug, PartialEq)]
pub struct Operation {
    opcode: String,
    value: Value,
}

impl Operation {
    /// The opcode (`bm`, `id`, `D1`).
    #[must_use]
    pub fn opcode(&self) -> &str {
        &self.opcode
    }

    /// The operand.
    #[must_use]
    pub fn value(&self) -> &Value {
        &self.value
    }
}

/// A position with its EPD operations, in the order written. The position's clocks are
/// always those its last `hmvc` and `fmvn` give (0 and 1 without them), so that the text
/// reads back to the same value.
///
/// # Examples
///
/// ```
/// use lattjo_chess::epd::{Epd, Value};
/// use lattjo_chess::Position;
///
/// let mut epd = Epd::new(Position::new());
/// let e4 = epd.position().parse_san("e4")?;
/// epd.push("bm", Value::Moves(vec![e4]))?;
/// epd.push("hmvc", Value::Integer(3))?;
/// assert_eq!(epd.position().halfmoves(), 3);
/// assert_eq!(epd.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; hmvc 3;");
/// assert_eq!(epd.to_string().parse::<Epd>()?, epd);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Epd {
    position: Position,
    operations: Vec<Operation>,
}

/// Why an EPD line was refused, or an operation not added.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EpdError {
    /// The four position fields (or the clocks `hmvc` and `fmvn` give) do not make a position.
    #[error("position: {0}")]
    Fen(#[from] FenError),
    /// An opcode that does not start with a letter, or holds a space or a `;`.
    #[error("{0:?} is not an opcode (a letter first, then no space or `;`)")]
    Opcode(String),
    /// A numeric operand that is not an integer or a finite number.
    #[error("operation {opcode}: {text:?} is not a number")]
    Number {
        /// The opcode (at most [`EXCERPT_CHARS`](boardgame_core::text::EXCERPT_CHARS) characters
        /// of it).
        opcode: String,
        /// The operand.
        text: String,
    },
    /// A move that is not legal where it stands (in the position, or for `pv` after the
    /// moves before it).
    #[error("operation {opcode}: {text:?} is not a legal move there")]
    Move {
        /// The opcode (at most [`EXCERPT_CHARS`](boardgame_core::text::EXCERPT_CHARS) characters
        /// of it).
        opcode: String,
        /// The move as written (SAN or UCI), or in UCI for a move given to [`Epd::push`].
        text: String,
    },
    /// An opcode other than `pv`, `am` and `bm` with more than one move.
    #[error("operation {opcode}: one move expected, found {found}")]
    MoveCount {
        /// The opcode (at most [`EXCERPT_CHARS`](boardgame_core::text::EXCERPT_CHARS) characters
        /// of it).
        opcode: String,
        /// The number of moves written.
        found: usize,
    },
    /// Something after a text operand before the `;` (one operand an operation).
    #[error("operation {opcode}: {text:?} after its text operand")]
    AfterText {
        /// The opcode (at most [`EXCERPT_CHARS`](boardgame_core::text::EXCERPT_CHARS) characters
        /// of it).
        opcode: String,
        /// What followed (at most [`EXCERPT_CHARS`](boardgame_core::text::EXCERPT_CHARS)
        /// characters of it).
        text: String,
    },
    /// `hmvc` that is not an integer from 0 to 2^32 - 1, or `fmvn` from 1.
    #[error("operation {opcode}: not a clock value")]
    Clock {
        /// `hmvc` or `fmvn`.
        opcode: String,
    },
}

fn is_opcode(s: &str) -> bool {
    s.chars().next().is_some_and(char::is_alphabetic)
        && !s.chars().any(|c| c.is_whitespace() || c == ';')
}

impl Epd {
    /// The position, with the operations `hmvc` and `fmvn` that keep its clocks when they
    /// are not 0 and 1 (EPD has no other place for them), else none.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::epd::Epd;
    /// use lattjo_chess::Position;
    ///
    /// let pos: Position = "4k3/8/8/8/8/8/8/4K3 w - - 7 60".parse()?;
    /// let epd = Epd::new(pos.clone());
    /// assert_eq!(epd.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - hmvc 7; fmvn 60;");
    /// assert_eq!(epd.to_string().parse::<Epd>()?.position(), &pos);
    /// assert!(Epd::new(Position::new()).operations().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(position: Position) -> Epd {
        let mut operations = Vec::new();
        if (position.halfmoves(), position.fullmoves()) != (0, 1) {
            for (opcode, n) in [
                ("hmvc", position.halfmoves()),
                ("fmvn", position.fullmoves()),
            ] {
                operations.push(Operation {
                    opcode: opcode.to_owned(),
                    value: Value::Integer(i64::from(n)),
                });
            }
        }
        Epd {
            position,
            operations,
        }
    }

    /// The position, its clocks from `hmvc` and `fmvn` (0 and 1 without them).
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position, taken out.
    #[must_use]
    pub fn into_position(self) -> Position {
        self.position
    }

    /// Every operation, in the order written.
    #[must_use]
    pub fn operations(&self) -> &[Operation] {
        &self.operations
    }

    /// The operand of the last operation with this opcode.
    #[must_use]
    pub fn get(&self, opcode: &str) -> Option<&Value> {
        self.operations
            .iter()
            .rev()
            .find(|o| o.opcode == opcode)
            .map(|o| &o.value)
    }

    /// Adds an operation after the others, checked as a parsed one is: the opcode, the
    /// moves (legal in the position, or for `pv` one after the other; one move but for `pv`,
    /// `am` and `bm`), a finite float, and `hmvc` and `fmvn` as clocks, which they then set.
    ///
    /// # Errors
    ///
    /// [`EpdError`] saying what was wrong; the value is then unchanged.
    pub fn push(&mut self, opcode: &str, value: Value) -> Result<(), EpdError> {
        if !is_opcode(opcode) {
            return Err(EpdError::Opcode(excerpt(opcode)));
        }
        let bad_move = |m: &Move| EpdError::Move {
            opcode: excerpt(opcode),
            text: m.to_string(),
        };
        let list = matches!(opcode, "pv" | "am" | "bm");
        // One form for each opcode, as a line reads back: lists for `pv`, `am` and `bm`, one
        // move for the others.
        let value = match value {
            Value::Empty if list => Value::Moves(Vec::new()),
            Value::Move(m) if list => Value::Moves(vec![m]),
            Value::Moves(ms) if !list => match ms.as_slice() {
                [m] => Value::Move(*m),
                _ => {
                    return Err(EpdError::MoveCount {
                        opcode: excerpt(opcode),
                        found: ms.len(),
                    });
                }
            },
            v => v,
        };
        match &value {
            Value::Float(x) if !x.is_finite() => {
                return Err(EpdError::Number {
                    opcode: excerpt(opcode),
                    text: x.to_string(),
                });
            }
            Value::Move(m) if !self.position.is_legal(*m) => return Err(bad_move(m)),
            Value::Moves(ms) if opcode == "pv" => {
                let mut p = self.position.clone();
                for m in ms {
                    p.play(*m).map_err(|_| bad_move(m))?;
                }
            }
            Value::Moves(ms) => {
                if let Some(m) = ms.iter().find(|m| !self.position.is_legal(**m)) {
                    return Err(bad_move(m));
                }
            }
            _ => {}
        }
        if matches!(opcode, "hmvc" | "fmvn") {
            let Value::Integer(n) = value else {
                return Err(EpdError::Clock {
                    opcode: excerpt(opcode),
                });
            };
            let p = &self.position;
            let (h, f) = if opcode == "hmvc" {
                (n, i64::from(p.fullmoves()))
            } else {
                (i64::from(p.halfmoves()), n)
            };
            self.position = with_clocks(p, h, f)?;
        }
        self.operations.push(Operation {
            opcode: excerpt(opcode),
            value,
        });
        Ok(())
    }
}

/// `position` with the clocks `h` (`hmvc`) and `f` (`fmvn`), in its own castling mode.
fn with_clocks(position: &Position, h: i64, f: i64) -> Result<Position, EpdError> {
    let clock = |opcode: &str| EpdError::Clock {
        opcode: excerpt(opcode),
    };
    let mut setup = position.to_setup();
    setup.halfmoves = u32::try_from(h).map_err(|_| clock("hmvc"))?;
    setup.fullmoves = u32::try_from(f)
        .ok()
        .filter(|&f| f > 0)
        .ok_or_else(|| clock("fmvn"))?;
    Position::from_setup(setup, position.castling_mode())
        .map_err(|e| EpdError::Fen(FenError::from(e)))
}

/// Reads the operations part of a line: raw operations, operands not yet read as moves.
fn operations(text: &str) -> Result<Vec<(String, Raw)>, EpdError> {
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ';');
        if rest.is_empty() {
            return Ok(out);
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == ';')
            .unwrap_or(rest.len());
        let (opcode, after) = rest.split_at(end);
        rest = after;
        if opcode == "-" {
            continue;
        }
        if !is_opcode(opcode) {
            return Err(EpdError::Opcode(excerpt(opcode)));
        }
        rest = rest.trim_start();
        let raw = if let Some(quoted) = rest.strip_prefix('"') {
            let (s, after) = text_operand(quoted);
            let after = after.trim_start();
            let tail_end = after.find(';').unwrap_or(after.len());
            if !after[..tail_end].trim().is_empty() {
                return Err(EpdError::AfterText {
                    opcode: excerpt(opcode),
                    text: excerpt(after[..tail_end].trim()),
                });
            }
            rest = &after[tail_end..];
            Raw::Text(s)
        } else {
            let end = rest.find(';').unwrap_or(rest.len());
            let (operand, after) = rest.split_at(end);
            rest = after;
            let operand = operand.trim();
            if operand.is_empty() {
                Raw::Empty
            } else if operand.starts_with(|c: char| c.is_ascii_digit() || "+-.".contains(c)) {
                Raw::Number(operand.to_owned())
            } else {
                Raw::Moves(operand.to_owned())
            }
        };
        out.push((opcode.to_owned(), raw));
    }
}

/// Whether the PGN standard (16.2.5) makes `opcode`'s operand a string: `c0` to `c9`
/// (comments), `v0` to `v9` (variation names), `id`, `eco`, `nic`, `tcgs`, `tcri` and
/// `tcsi`. Written without its quotes (as pgn-extract's `-Wepd` writes `c0 ?-? Event Site
/// ????.??.??;` and `c1 1-0;`), such an operand that reads as no number and no one legal
/// move is taken as its text.
fn is_text_opcode(opcode: &str) -> bool {
    match opcode.as_bytes() {
        [b'c' | b'v', d] => d.is_ascii_digit(),
        _ => matches!(opcode, "id" | "eco" | "nic" | "tcgs" | "tcri" | "tcsi"),
    }
}

/// An operand as read, before its moves are read in the position.
enum Raw {
    Empty,
    Number(String),
    Text(String),
    Moves(String),
}

/// A quoted operand after its opening quote: the text (escapes read) and what follows the
/// closing quote (nothing when the line ends first, which python-chess also accepts).
fn text_operand(s: &str) -> (String, &str) {
    let mut out = String::new();
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (out, &s[i + 1..]),
            '\\' => match chars.next() {
                Some((_, 'n')) => out.push('\n'),
                Some((_, 'r')) => out.push('\r'),
                Some((_, 't')) => out.push('\t'),
                Some((_, other)) => out.push(other),
                None => {}
            },
            c => out.push(c),
        }
    }
    (out, "")
}

/// A move written in SAN or UCI, in `pos`.
fn read_move(pos: &Position, token: &str) -> Option<Move> {
    pos.parse_san(token)
        .ok()
        .or_else(|| pos.parse_uci(token).ok())
        .filter(|m| pos.is_legal(*m))
}

fn number(opcode: &str, text: &str) -> Result<Value, EpdError> {
    let bad = || EpdError::Number {
        opcode: excerpt(opcode),
        text: excerpt(text),
    };
    if text.contains(['.', 'e', 'E']) {
        let x: f64 = text.parse().map_err(|_| bad())?;
        if x.is_finite() {
            Ok(Value::Float(x))
        } else {
            Err(bad())
        }
    } else {
        text.parse().map(Value::Integer).map_err(|_| bad())
    }
}

impl FromStr for Epd {
    type Err = EpdError;

    /// Reads one EPD line (see the module docs). The castling mode comes from the castling
    /// field, as `Position`'s `FromStr` decides it: Chess960 when the field uses file letters
    /// or only makes sense there ([`Epd::from_epd`] takes it from the caller).
    fn from_str(s: &str) -> Result<Epd, EpdError> {
        read_epd(s, None)
    }
}

impl Epd {
    /// Reads one EPD line (see the module docs) in the castling mode given, as
    /// [`Position::from_fen`] reads a FEN: for the lines of a Chess960 suite, whose positions
    /// with the king on e1 and the rooks on a1 and h1 read as standard chess from their
    /// field alone (`KQkq`). The mode decides how the position writes its castling moves in
    /// UCI (king takes rook in Chess960) and so how an engine is told them.
    ///
    /// # Errors
    ///
    /// As `FromStr`, and [`EpdError::Fen`] when the castling field does not fit the mode
    /// (file letters of rooks that standard chess cannot castle with).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::epd::{Epd, Value};
    /// use lattjo_chess::CastlingMode;
    ///
    /// let line = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O;";
    /// let epd = Epd::from_epd(line, CastlingMode::Chess960)?;
    /// let Some(Value::Moves(best)) = epd.get("bm") else { panic!() };
    /// assert_eq!(epd.position().to_uci(best[0]).to_string(), "e1h1");
    /// // From the field alone, standard chess: the same move, written as standard UCI.
    /// let epd: Epd = line.parse()?;
    /// let Some(Value::Moves(best)) = epd.get("bm") else { panic!() };
    /// assert_eq!(epd.position().to_uci(best[0]).to_string(), "e1g1");
    /// # Ok::<(), lattjo_chess::epd::EpdError>(())
    /// ```
    pub fn from_epd(line: &str, mode: CastlingMode) -> Result<Epd, EpdError> {
        read_epd(line, Some(mode))
    }
}

/// [`Epd`]'s `FromStr` (`mode` `None`: from the castling field) and [`Epd::from_epd`].
fn read_epd(s: &str, mode: Option<CastlingMode>) -> Result<Epd, EpdError> {
    let s = s.trim();
    let mut fields = Vec::with_capacity(4);
    let mut rest = s;
    while fields.len() < 4 {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        fields.push(&rest[..end]);
        rest = &rest[end..];
    }
    if fields.len() < 4 {
        return Err(FenError::FieldCount(fields.len()).into());
    }
    let raw = operations(rest)?;
    // The clocks, from the last `hmvc` and `fmvn` (as python-chess has them).
    let mut clocks = [0i64, 1];
    for (opcode, r) in &raw {
        let i = match opcode.as_str() {
            "hmvc" => 0,
            "fmvn" => 1,
            _ => continue,
        };
        clocks[i] = match r {
            Raw::Number(t) => match number(opcode, t)? {
                Value::Integer(n) => n,
                _ => {
                    return Err(EpdError::Clock {
                        opcode: excerpt(opcode),
                    });
                }
            },
            _ => {
                return Err(EpdError::Clock {
                    opcode: excerpt(opcode),
                });
            }
        };
    }
    let fen = format!("{} 0 1", fields.join(" "));
    let base = match mode {
        Some(mode) => Position::from_fen(&fen, mode)?,
        None => fen.parse()?,
    };
    let position = with_clocks(&base, clocks[0], clocks[1])?;
    let mut operations = Vec::with_capacity(raw.len());
    for (opcode, r) in raw {
        let bad = |text: &str| EpdError::Move {
            opcode: excerpt(&opcode),
            text: excerpt(text),
        };
        let value = match r {
            Raw::Empty if matches!(opcode.as_str(), "pv" | "am" | "bm") => Value::Moves(Vec::new()),
            Raw::Empty => Value::Empty,
            Raw::Text(t) => Value::Text(t),
            Raw::Number(t) => match number(&opcode, &t) {
                Err(_) if is_text_opcode(&opcode) => Value::Text(t),
                read => read?,
            },
            Raw::Moves(t) if opcode == "pv" => {
                let mut p = position.clone();
                let mut line = Vec::new();
                for token in t.split_whitespace() {
                    let m = read_move(&p, token).ok_or_else(|| bad(token))?;
                    p.play(m).map_err(|_| bad(token))?;
                    line.push(m);
                }
                Value::Moves(line)
            }
            Raw::Moves(t) if matches!(opcode.as_str(), "am" | "bm") => Value::Moves(
                t.split_whitespace()
                    .map(|token| read_move(&position, token).ok_or_else(|| bad(token)))
                    .collect::<Result<_, _>>()?,
            ),
            Raw::Moves(t) => {
                // The one token, if there is exactly one: the tokens are not kept in a list
                // (16 bytes each, before the audit of 7 Dec 2026), only counted for the error.
                let mut tokens = t.split_whitespace();
                let one = match (tokens.next(), tokens.next()) {
                    (Some(token), None) => Some(token),
                    _ => None,
                };
                match (one, is_text_opcode(&opcode)) {
                    (Some(token), text) => match read_move(&position, token) {
                        Some(m) => Value::Move(m),
                        None if text => Value::Text(t),
                        None => return Err(bad(token)),
                    },
                    (None, true) => Value::Text(t),
                    (None, false) => {
                        return Err(EpdError::MoveCount {
                            opcode: excerpt(&opcode),
                            found: t.split_whitespace().count(),
                        });
                    }
                }
            }
        };
        operations.push(Operation { opcode, value });
    }
    Ok(Epd {
        position,
        operations,
    })
}

impl fmt::Display for Epd {
    /// The four position fields (the en-passant square after every double step, as FEN),
    /// then each operation as `opcode operand;`, moves in SAN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = self.position.to_fen(EpMode::Always);
        let mut fields = fen.split(' ').take(4);
        for (i, field) in fields.by_ref().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(field)?;
        }
        for op in &self.operations {
            write!(f, " {}", op.opcode)?;
            match &op.value {
                Value::Empty => {}
                Value::Integer(n) => write!(f, " {n}")?,
                // Debug keeps a point or an exponent, so that it reads back as a float.
                Value::Float(x) => write!(f, " {x:?}")?,
                Value::Text(t) => {
                    f.write_str(" \"")?;
                    for c in t.chars() {
                        match c {
                            '\\' => f.write_str("\\\\")?,
                            '"' => f.write_str("\\\"")?,
                            '\n' => f.write_str("\\n")?,
                            '\r' => f.write_str("\\r")?,
                            '\t' => f.write_str("\\t")?,
                            c => write!(f, "{c}")?,
                        }
                    }
                    f.write_str("\"")?;
                }
                Value::Move(m) => write!(f, " {}", self.position.san(*m))?,
                Value::Moves(ms) if op.opcode == "pv" => {
                    let mut p = self.position.clone();
                    for m in ms {
                        write!(f, " {}", p.san(*m))?;
                        if p.play(*m).is_err() {
                            break;
                        }
                    }
                }
                Value::Moves(ms) => {
                    for m in ms {
                        write!(f, " {}", self.position.san(*m))?;
                    }
                }
            }
            f.write_str(";")?;
        }
        Ok(())
    }
}
