//! Messages from the engine to the GUI.

use core::fmt;
use core::str::FromStr;

use super::option::EngineOption;
use super::words::{
    UciMessageError, Words, has_words, set_once, unknown, write_moves, write_words,
};
use super::{UciError, UciMove};
use crate::position::{Move, Position};
use boardgame_core::text::excerpt;

/// A message from the engine to the GUI, one line of the protocol.
///
/// [`EngineMessage::parse`] (and `FromStr`) reads it as the specification says a GUI should:
/// words separated by any whitespace, unknown words skipped. Lines that hold no message (an
/// engine's greeting such as `Stockfish 15.1 by the Stockfish developers (see AUTHORS file)`,
/// an empty line) are [`UciMessageError::NoCommand`]. [`EngineMessage::parse_strict`] refuses
/// unknown words too. `Display` writes the canonical line, which reads back as the same value
/// (and, for the lines Stockfish writes, is the line it wrote).
///
/// # Examples
///
/// ```
/// use lattjo_chess::uci::{BestMove, EngineMessage, ScoreValue};
/// use lattjo_chess::Position;
///
/// let line = "info depth 8 seldepth 9 multipv 1 score cp -16 wdl 4 976 20 nodes 12357 \
///             nps 353057 hashfull 5 tbhits 0 time 35 pv c7c5 g1f3 b8c6 d2d4 c5d4";
/// let EngineMessage::Info(info) = line.parse()? else { panic!() };
/// assert_eq!(info.depth, Some(8));
/// assert_eq!(info.score.map(|s| s.value), Some(ScoreValue::Cp(-16)));
/// assert_eq!(info.to_string(), line);
/// // The pv, played out from the position searched (after 1. e4).
/// let pos = Position::new();
/// let pos = { let mut p = pos; p.play(p.parse_uci("e2e4")?)?; p };
/// assert_eq!(info.resolve_pv(&pos)?.len(), 5);
///
/// let best: BestMove = "bestmove c7c5 ponder g1f3".parse()?;
/// assert_eq!(best.ponder.map(|m| m.to_string()).as_deref(), Some("g1f3"));
/// assert_eq!("bestmove (none)".parse::<BestMove>()?.best, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineMessage {
    /// `id name <x>` / `id author <x>`.
    Id(Id),
    /// `uciok`: the engine has sent its id and options.
    UciOk,
    /// `readyok`: the answer to `isready`.
    ReadyOk,
    /// `bestmove <move> [ponder <move>]`: the search has ended.
    BestMove(BestMove),
    /// `copyprotection checking|ok|error`.
    CopyProtection(Status),
    /// `registration checking|ok|error`.
    Registration(Status),
    /// `info ...`: what the search found.
    Info(Info),
    /// `option name <id> type <t> ...`: an option the engine has.
    Option(EngineOption),
}

impl EngineMessage {
    /// The message word (`"info"`, `"bestmove"`, ...).
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            EngineMessage::Id(_) => "id",
            EngineMessage::UciOk => "uciok",
            EngineMessage::ReadyOk => "readyok",
            EngineMessage::BestMove(_) => "bestmove",
            EngineMessage::CopyProtection(_) => "copyprotection",
            EngineMessage::Registration(_) => "registration",
            EngineMessage::Info(_) => "info",
            EngineMessage::Option(_) => "option",
        }
    }

    /// Reads a message as a GUI does. Leniencies, from the specification ("if the engine or
    /// the GUI receives an unknown command or token it should just ignore it and try to parse
    /// the rest of the string"): words before the message word are skipped, and so are
    /// unknown words where a keyword is expected (between the fields of `info`, before `name`
    /// in `option`, ...). A value that does not read (a word after `depth` that is not a
    /// number in range, a `bestmove` that is not UCI) is an error, never skipped.
    ///
    /// # Errors
    ///
    /// [`UciMessageError`] naming the word or field at fault.
    pub fn parse(line: &str) -> Result<EngineMessage, UciMessageError> {
        parse(line, false)
    }

    /// Reads a message as [`EngineMessage::parse`] does, but refuses unknown words
    /// ([`UciMessageError::UnknownToken`], or [`UciMessageError::NoCommand`] for an unknown
    /// first word).
    ///
    /// # Errors
    ///
    /// [`UciMessageError`] naming the word or field at fault.
    pub fn parse_strict(line: &str) -> Result<EngineMessage, UciMessageError> {
        parse(line, true)
    }
}

fn parse(line: &str, strict: bool) -> Result<EngineMessage, UciMessageError> {
    let mut words = Words::new(line);
    loop {
        let Some(word) = words.next() else {
            return Err(UciMessageError::NoCommand(excerpt(line.trim())));
        };
        let msg = match word {
            "uciok" => EngineMessage::UciOk,
            "readyok" => EngineMessage::ReadyOk,
            "id" => EngineMessage::Id(Id::read(&mut words, strict)?),
            "bestmove" => EngineMessage::BestMove(BestMove::read(&mut words, strict)?),
            "copyprotection" => {
                EngineMessage::CopyProtection(Status::read(&mut words, "copyprotection")?)
            }
            "registration" => {
                EngineMessage::Registration(Status::read(&mut words, "registration")?)
            }
            "info" => EngineMessage::Info(Info::read(&mut words, strict)?),
            "option" => EngineMessage::Option(EngineOption::read(&mut words, strict)?),
            _ if strict => return Err(UciMessageError::NoCommand(excerpt(line.trim()))),
            _ => continue,
        };
        for w in words {
            unknown(strict, msg.name(), w)?;
        }
        return Ok(msg);
    }
}

impl FromStr for EngineMessage {
    type Err = UciMessageError;
    /// [`EngineMessage::parse`].
    fn from_str(s: &str) -> Result<EngineMessage, UciMessageError> {
        EngineMessage::parse(s)
    }
}

impl fmt::Display for EngineMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineMessage::Id(id) => id.fmt(f),
            EngineMessage::BestMove(b) => b.fmt(f),
            EngineMessage::CopyProtection(s) | EngineMessage::Registration(s) => {
                write!(f, "{} {s}", self.name())
            }
            EngineMessage::Info(i) => i.fmt(f),
            EngineMessage::Option(o) => o.fmt(f),
            other => f.write_str(other.name()),
        }
    }
}

/// Implements `FromStr` for the type of one message, through [`EngineMessage::parse`].
macro_rules! from_engine_message {
    ($t:ty, $variant:ident, $word:literal) => {
        impl FromStr for $t {
            type Err = UciMessageError;
            /// Reads the message's line as [`EngineMessage::parse`] does.
            fn from_str(s: &str) -> Result<$t, UciMessageError> {
                match s.parse::<EngineMessage>()? {
                    EngineMessage::$variant(x) => Ok(x),
                    other => Err(UciMessageError::WrongCommand {
                        expected: $word,
                        found: other.name(),
                    }),
                }
            }
        }
    };
}

/// `id name <x>` or `id author <x>`: the rest of the line, as words separated by single
/// spaces.
///
/// # Examples
///
/// ```
/// use lattjo_chess::uci::Id;
/// let id: Id = "id author the Stockfish developers (see AUTHORS file)".parse()?;
/// assert_eq!(id, Id::Author("the Stockfish developers (see AUTHORS file)".into()));
/// # Ok::<(), lattjo_chess::uci::UciMessageError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Id {
    /// The engine's name and version.
    Name(String),
    /// Its author.
    Author(String),
}

impl Id {
    fn read(words: &mut Words<'_>, strict: bool) -> Result<Id, UciMessageError> {
        loop {
            match words.next() {
                Some("name") => return Ok(Id::Name(words.rest_text())),
                Some("author") => return Ok(Id::Author(words.rest_text())),
                Some(w) => unknown(strict, "id", w)?,
                None => {
                    return Err(UciMessageError::Expected {
                        field: "id",
                        expected: "\"name\" or \"author\"",
                        found: String::new(),
                    });
                }
            }
        }
    }
}

from_engine_message!(Id, Id, "id");

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (word, text) = match self {
            Id::Name(t) => ("name", t),
            Id::Author(t) => ("author", t),
        };
        write!(f, "id {word}")?;
        if has_words(text) {
            f.write_str(" ")?;
            write_words(f, text)?;
        }
        Ok(())
    }
}

/// The state of a `copyprotection` or `registration` check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// `checking`: the engine is checking.
    Checking,
    /// `ok`: passed.
    Ok,
    /// `error`: failed.
    Error,
}

impl Status {
    fn read(words: &mut Words<'_>, field: &'static str) -> Result<Status, UciMessageError> {
        match words.next() {
            Some("checking") => Ok(Status::Checking),
            Some("ok") => Ok(Status::Ok),
            Some("error") => Ok(Status::Error),
            other => Err(UciMessageError::Expected {
                field,
                expected: "\"checking\", \"ok\" or \"error\"",
                found: excerpt(other.unwrap_or("")),
            }),
        }
    }
}

impl FromStr for Status {
    type Err = UciMessageError;
    /// Reads `checking`, `ok` or `error` (the word after `copyprotection` or
    /// `registration`).
    fn from_str(s: &str) -> Result<Status, UciMessageError> {
        let mut words = Words::new(s);
        let status = Status::read(&mut words, "status")?;
        match words.next() {
            None => Ok(status),
            Some(w) => Err(UciMessageError::UnknownToken {
                command: "status",
                token: excerpt(w),
            }),
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Checking => "checking",
            Status::Ok => "ok",
            Status::Error => "error",
        })
    }
}

/// `bestmove <move> [ponder <move>]`: the move the engine plays, and the reply it would
/// like to ponder on.
///
/// An engine with no move to play (mate or stalemate on the board) writes `bestmove (none)`
/// (Stockfish) or `bestmove 0000` (the specification's null move): the first reads as
/// `best: None`, the second as `Some(UciMove::Null)`, and each writes back as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BestMove {
    /// The move, `None` for `(none)`.
    pub best: Option<UciMove>,
    /// The expected reply, if the engine gives one.
    pub ponder: Option<UciMove>,
}

impl BestMove {
    fn read(words: &mut Words<'_>, strict: bool) -> Result<BestMove, UciMessageError> {
        let best = match words.value("bestmove")? {
            "(none)" => None,
            w => Some(w.parse().map_err(|error| UciMessageError::Move {
                field: "bestmove",
                error,
            })?),
        };
        let mut ponder = None;
        while let Some(w) = words.next() {
            match w {
                "ponder" => set_once(&mut ponder, "ponder", words.one_move("ponder")?)?,
                _ => unknown(strict, "bestmove", w)?,
            }
        }
        Ok(BestMove { best, ponder })
    }
}

from_engine_message!(BestMove, BestMove, "bestmove");

impl fmt::Display for BestMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.best {
            Some(m) => write!(f, "bestmove {m}")?,
            None => f.write_str("bestmove (none)")?,
        }
        if let Some(p) = self.ponder {
            write!(f, " ponder {p}")?;
        }
        Ok(())
    }
}

/// A score, from the engine's point of view: `cp <x>` or `mate <y>`, and whether it is only
/// a bound.
///
/// # Examples
///
/// ```
/// use lattjo_chess::uci::{Score, ScoreBound, ScoreValue};
/// let s: Score = "mate -3 upperbound".parse()?;
/// assert_eq!(s, Score { value: ScoreValue::Mate(-3), bound: Some(ScoreBound::Upper) });
/// assert_eq!(s.to_string(), "mate -3 upperbound");
/// # Ok::<(), lattjo_chess::uci::UciMessageError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    /// The value.
    pub value: ScoreValue,
    /// `lowerbound` or `upperbound`, if the value is only a bound.
    pub bound: Option<ScoreBound>,
}

/// The value of a [`Score`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreValue {
    /// `cp <x>`: centipawns.
    Cp(i32),
    /// `mate <y>`: mate in `y` moves (not plies); negative when the engine is mated, `0` when
    /// it is mated on the board.
    Mate(i32),
}

/// Which bound a [`Score`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreBound {
    /// `lowerbound`: the score is at least this.
    Lower,
    /// `upperbound`: the score is at most this.
    Upper,
}

impl ScoreBound {
    fn word(self) -> &'static str {
        match self {
            ScoreBound::Lower => "lowerbound",
            ScoreBound::Upper => "upperbound",
        }
    }
}

impl ScoreValue {
    fn read(words: &mut Words<'_>) -> Result<ScoreValue, UciMessageError> {
        match words.next() {
            Some("cp") => Ok(ScoreValue::Cp(words.number("cp")?)),
            Some("mate") => Ok(ScoreValue::Mate(words.number("mate")?)),
            other => Err(UciMessageError::Expected {
                field: "score",
                expected: "\"cp\" or \"mate\"",
                found: excerpt(other.unwrap_or("")),
            }),
        }
    }
}

impl fmt::Display for ScoreValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreValue::Cp(x) => write!(f, "cp {x}"),
            ScoreValue::Mate(y) => write!(f, "mate {y}"),
        }
    }
}

impl FromStr for ScoreValue {
    type Err = UciMessageError;
    /// Reads `cp <x>` or `mate <y>`.
    fn from_str(s: &str) -> Result<ScoreValue, UciMessageError> {
        let score: Score = s.parse()?;
        match score.bound {
            None => Ok(score.value),
            Some(b) => Err(unknown_in_score(b.word())),
        }
    }
}

impl FromStr for Score {
    type Err = UciMessageError;
    /// Reads `cp <x>` or `mate <y>`, then optionally `lowerbound` or `upperbound`.
    fn from_str(s: &str) -> Result<Score, UciMessageError> {
        let mut words = Words::new(s);
        let value = ScoreValue::read(&mut words)?;
        let bound = match words.next() {
            None => None,
            Some("lowerbound") => Some(ScoreBound::Lower),
            Some("upperbound") => Some(ScoreBound::Upper),
            Some(w) => return Err(unknown_in_score(w)),
        };
        if let Some(w) = words.next() {
            return Err(unknown_in_score(w));
        }
        Ok(Score { value, bound })
    }
}

fn unknown_in_score(token: &str) -> UciMessageError {
    UciMessageError::UnknownToken {
        command: "score",
        token: excerpt(token),
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)?;
        if let Some(b) = self.bound {
            write!(f, " {}", b.word())?;
        }
        Ok(())
    }
}

/// `wdl <w> <d> <l>`: win, draw and loss chances in per mille from the engine's point of
/// view, as Stockfish writes them with `UCI_ShowWDL` (not in the specification).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wdl {
    /// Win chance, per mille.
    pub win: u32,
    /// Draw chance, per mille.
    pub draw: u32,
    /// Loss chance, per mille.
    pub loss: u32,
}

/// `currline [cpunr] <move> ...`: the line a CPU is searching.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CurrLine {
    /// The CPU's number (from 1), absent with one CPU.
    pub cpu: Option<u32>,
    /// The line.
    pub moves: Vec<UciMove>,
}

/// `info ...`: what the engine's search found, every field of the specification and
/// Stockfish's `wdl`. Absent fields are `None` (or empty).
///
/// Reading: the lenient reader skips unknown words between fields; a field given twice is
/// an error ([`UciMessageError::Duplicate`]); a move list (`pv`, `refutation`, `currline`)
/// runs while the words read as UCI moves and needs one move at least (`currline` none);
/// `string` takes the rest of the line. `hashfull` and `cpuload` are per mille, so above
/// 1000 is an error. `lowerbound` and `upperbound` belong to the score and may stand
/// anywhere after it (Stockfish writes `wdl` between).
///
/// `Display` writes the fields in the order Stockfish 15.1 does (`depth seldepth multipv
/// score wdl bound nodes nps hashfull tbhits sbhits cpuload time`), then `currmove
/// currmovenumber`, the move lists and `string` last; Stockfish's lines write back as they
/// were.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Info {
    /// `depth <plies>`: search depth.
    pub depth: Option<u32>,
    /// `seldepth <plies>`: selective search depth.
    pub seldepth: Option<u32>,
    /// `multipv <n>`: which of the best lines this is (from 1).
    pub multipv: Option<u32>,
    /// `score ...`.
    pub score: Option<Score>,
    /// `wdl <w> <d> <l>` (Stockfish).
    pub wdl: Option<Wdl>,
    /// `nodes <n>`: nodes searched.
    pub nodes: Option<u64>,
    /// `nps <n>`: nodes a second.
    pub nps: Option<u64>,
    /// `hashfull <permill>`: how full the hash table is, 0 to 1000.
    pub hashfull: Option<u16>,
    /// `tbhits <n>`: tablebase hits.
    pub tbhits: Option<u64>,
    /// `sbhits <n>`: Shredder endgame database hits.
    pub sbhits: Option<u64>,
    /// `cpuload <permill>`: CPU usage, 0 to 1000.
    pub cpuload: Option<u16>,
    /// `time <ms>`: time searched.
    pub time: Option<u64>,
    /// `currmove <move>`: the move being searched.
    pub currmove: Option<UciMove>,
    /// `currmovenumber <n>`: its number (from 1).
    pub currmovenumber: Option<u32>,
    /// `pv <move> ...`: the best line found (empty: none given).
    pub pv: Vec<UciMove>,
    /// `refutation <move> <move> ...`: a move and the line refuting it (a move alone: no
    /// refutation found).
    pub refutation: Vec<UciMove>,
    /// `currline [cpunr] <move> ...`.
    pub currline: Option<CurrLine>,
    /// `string <text>`: text to show, the rest of the line as words separated by single spaces.
    pub string: Option<String>,
}

impl Info {
    fn read(words: &mut Words<'_>, strict: bool) -> Result<Info, UciMessageError> {
        let mut i = Info::default();
        while let Some(w) = words.next() {
            match w {
                "depth" => set_once(&mut i.depth, "depth", words.number("depth")?)?,
                "seldepth" => set_once(&mut i.seldepth, "seldepth", words.number("seldepth")?)?,
                "multipv" => set_once(&mut i.multipv, "multipv", words.number("multipv")?)?,
                "score" => {
                    let value = ScoreValue::read(words)?;
                    set_once(&mut i.score, "score", Score { value, bound: None })?;
                }
                "lowerbound" | "upperbound" => {
                    let bound = if w == "lowerbound" {
                        ScoreBound::Lower
                    } else {
                        ScoreBound::Upper
                    };
                    match &mut i.score {
                        Some(Score {
                            bound: b @ None, ..
                        }) => *b = Some(bound),
                        Some(_) => return Err(UciMessageError::Duplicate("score bound")),
                        None => unknown(strict, "info", w)?,
                    }
                }
                "wdl" => {
                    let wdl = Wdl {
                        win: words.number("wdl")?,
                        draw: words.number("wdl")?,
                        loss: words.number("wdl")?,
                    };
                    set_once(&mut i.wdl, "wdl", wdl)?;
                }
                "nodes" => set_once(&mut i.nodes, "nodes", words.number("nodes")?)?,
                "nps" => set_once(&mut i.nps, "nps", words.number("nps")?)?,
                "hashfull" => {
                    let n = words.number_in("hashfull", 0, 1000)?;
                    set_once(&mut i.hashfull, "hashfull", n)?;
                }
                "tbhits" => set_once(&mut i.tbhits, "tbhits", words.number("tbhits")?)?,
                "sbhits" => set_once(&mut i.sbhits, "sbhits", words.number("sbhits")?)?,
                "cpuload" => {
                    let n = words.number_in("cpuload", 0, 1000)?;
                    set_once(&mut i.cpuload, "cpuload", n)?;
                }
                "time" => set_once(&mut i.time, "time", words.number("time")?)?,
                "currmove" => set_once(&mut i.currmove, "currmove", words.one_move("currmove")?)?,
                "currmovenumber" => {
                    let n = words.number("currmovenumber")?;
                    set_once(&mut i.currmovenumber, "currmovenumber", n)?;
                }
                "pv" => {
                    if !i.pv.is_empty() {
                        return Err(UciMessageError::Duplicate("pv"));
                    }
                    i.pv = words.moves("pv")?;
                }
                "refutation" => {
                    if !i.refutation.is_empty() {
                        return Err(UciMessageError::Duplicate("refutation"));
                    }
                    i.refutation = words.moves("refutation")?;
                }
                "currline" => {
                    // A CPU number is digits that are not the null move `0000`.
                    let cpu = match words.peek() {
                        Some(w) if w.bytes().all(|b| b.is_ascii_digit()) && w != "0000" => {
                            Some(words.number("currline")?)
                        }
                        _ => None,
                    };
                    let moves = words.moves("currline").unwrap_or_default();
                    set_once(&mut i.currline, "currline", CurrLine { cpu, moves })?;
                }
                "string" => i.string = Some(words.rest_text()),
                _ => unknown(strict, "info", w)?,
            }
        }
        Ok(i)
    }

    /// The `pv` played out from `position`, the position searched: each move read where it
    /// stands ([`Position::parse_uci`], castling as the position's mode writes it).
    ///
    /// # Errors
    ///
    /// [`LineError`] with the index (from 0) of the first move that is not legal.
    pub fn resolve_pv(&self, position: &Position) -> Result<Vec<Move>, LineError> {
        resolve_line(position, &self.pv)
    }
}

from_engine_message!(Info, Info, "info");

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        let field = |f: &mut fmt::Formatter<'_>, word: &str, n: Option<u64>| match n {
            Some(n) => write!(f, " {word} {n}"),
            None => Ok(()),
        };
        field(f, "depth", self.depth.map(u64::from))?;
        field(f, "seldepth", self.seldepth.map(u64::from))?;
        field(f, "multipv", self.multipv.map(u64::from))?;
        if let Some(s) = self.score {
            write!(f, " score {}", s.value)?;
        }
        if let Some(Wdl { win, draw, loss }) = self.wdl {
            write!(f, " wdl {win} {draw} {loss}")?;
        }
        if let Some(b) = self.score.and_then(|s| s.bound) {
            write!(f, " {}", b.word())?;
        }
        field(f, "nodes", self.nodes)?;
        field(f, "nps", self.nps)?;
        field(f, "hashfull", self.hashfull.map(u64::from))?;
        field(f, "tbhits", self.tbhits)?;
        field(f, "sbhits", self.sbhits)?;
        field(f, "cpuload", self.cpuload.map(u64::from))?;
        field(f, "time", self.time)?;
        if let Some(m) = self.currmove {
            write!(f, " currmove {m}")?;
        }
        field(f, "currmovenumber", self.currmovenumber.map(u64::from))?;
        write_moves(f, "pv", &self.pv)?;
        write_moves(f, "refutation", &self.refutation)?;
        if let Some(c) = &self.currline {
            f.write_str(" currline")?;
            if let Some(cpu) = c.cpu {
                write!(f, " {cpu}")?;
            }
            for m in &c.moves {
                write!(f, " {m}")?;
            }
        }
        if let Some(s) = &self.string {
            f.write_str(" string")?;
            if has_words(s) {
                f.write_str(" ")?;
                write_words(f, s)?;
            }
        }
        Ok(())
    }
}

/// A line of UCI moves that is not legal from its position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {index} of the line ({uci}): {error}")]
#[non_exhaustive]
pub struct LineError {
    /// The index of the first illegal move in the line, from 0.
    pub index: usize,
    /// That move.
    pub uci: UciMove,
    /// Why it was refused ([`UciError::Illegal`], or [`UciError::Null`] for `0000`).
    pub error: UciError,
}

/// The UCI moves `line` played out from `position` (a `pv`, a `refutation`, a `currline`):
/// the moves in the crate's encoding.
///
/// # Errors
///
/// [`LineError`] with the index (from 0) of the first move that is not legal where it stands.
///
/// # Examples
///
/// ```
/// use lattjo_chess::uci::{resolve_line, UciMove};
/// use lattjo_chess::Position;
/// let line: Vec<UciMove> = ["e2e4", "e7e5", "e1e2", "e1e2"].iter().map(|m| m.parse().unwrap()).collect();
/// let err = resolve_line(&Position::new(), &line).unwrap_err();
/// assert_eq!(err.index, 3);
/// assert_eq!(resolve_line(&Position::new(), &line[..3]).map(|l| l.len()), Ok(3));
/// ```
pub fn resolve_line(position: &Position, line: &[UciMove]) -> Result<Vec<Move>, LineError> {
    let mut pos = position.clone();
    let mut moves = Vec::with_capacity(line.len());
    for (index, &uci) in line.iter().enumerate() {
        let m = pos
            .uci_move(uci)
            .map_err(|error| LineError { index, uci, error })?;
        pos.play_unchecked(m);
        moves.push(m);
    }
    Ok(moves)
}
