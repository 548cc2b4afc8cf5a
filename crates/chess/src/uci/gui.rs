//! Commands from the GUI to the engine.

use core::fmt;
use core::str::FromStr;

use super::words::{
    UciMessageError, Words, has_words, set_once, unknown, write_moves, write_words,
};
use super::{UciMove, UciPosition};
use crate::position::CastlingMode;
use boardgame_core::text::excerpt;

/// A command from the GUI to the engine, one line of the protocol.
///
/// [`GuiCommand::parse`] reads it as the specification says an engine should: words
/// separated by any whitespace, unknown words skipped (`joho debug on` is `debug on`), the
/// rest of a line that holds no command refused ([`UciMessageError::NoCommand`]).
/// [`GuiCommand::parse_strict`] refuses unknown words instead. `FromStr` is `parse` in standard
/// chess. `Display` writes the command's canonical line, which reads back as the same value
/// (a Chess960 `position` command through `parse` in [`CastlingMode::Chess960`]).
///
/// # Examples
///
/// ```
/// use lattjo_chess::uci::{Go, GuiCommand, SetOption};
///
/// let cmd: GuiCommand = "setoption name Clear Hash".parse()?;
/// assert_eq!(cmd, GuiCommand::SetOption(SetOption { name: "Clear Hash".into(), value: None }));
/// let go: GuiCommand = "go wtime 30000 btime 29000 winc 500 binc 500".parse()?;
/// let GuiCommand::Go(Go { wtime: Some(30_000), binc: Some(500), .. }) = go else { panic!() };
/// assert_eq!(go.to_string(), "go wtime 30000 btime 29000 winc 500 binc 500");
/// // The specification: skip what is not known, then read the rest.
/// assert_eq!("joho debug on".parse::<GuiCommand>()?, GuiCommand::Debug(true));
/// assert!(GuiCommand::parse_strict("joho debug on", Default::default()).is_err());
/// # Ok::<(), lattjo_chess::uci::UciMessageError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuiCommand {
    /// `uci`: the engine is to identify itself, list its options and answer `uciok`.
    Uci,
    /// `debug on` / `debug off`.
    Debug(bool),
    /// `isready`: the engine answers `readyok` once it is.
    IsReady,
    /// `setoption name <id> [value <x>]`.
    SetOption(SetOption),
    /// `register later` / `register name <x> code <y>`.
    Register(Register),
    /// `ucinewgame`: the next search is in a new game.
    UciNewGame,
    /// `position startpos|fen <FEN> [moves ...]` ([`UciPosition`]).
    Position(UciPosition),
    /// `go ...`: start searching.
    Go(Go),
    /// `stop`: stop searching and answer `bestmove`.
    Stop,
    /// `ponderhit`: the opponent played the move the engine was pondering on.
    PonderHit,
    /// `quit`.
    Quit,
}

impl GuiCommand {
    /// The command word (`"go"`, `"setoption"`, ...).
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            GuiCommand::Uci => "uci",
            GuiCommand::Debug(_) => "debug",
            GuiCommand::IsReady => "isready",
            GuiCommand::SetOption(_) => "setoption",
            GuiCommand::Register(_) => "register",
            GuiCommand::UciNewGame => "ucinewgame",
            GuiCommand::Position(_) => "position",
            GuiCommand::Go(_) => "go",
            GuiCommand::Stop => "stop",
            GuiCommand::PonderHit => "ponderhit",
            GuiCommand::Quit => "quit",
        }
    }

    /// Reads a command as an engine does, `mode` saying how castling moves in a `position`
    /// command are read (the engine's `UCI_Chess960` option, see [`UciPosition::parse`]).
    ///
    /// Leniencies, from the specification ("if the engine or the GUI receives an unknown
    /// command or token it should just ignore it and try to parse the rest of the string"):
    /// words before the command word are skipped, and so are unknown words where a keyword
    /// is expected (between the fields of `go`, after `uci`, ...). A value that does not
    /// read (a word after `depth` that is not a number in range, a move that is not UCI) is an
    /// error, never skipped; `position` commands are read by [`UciPosition::parse`], which
    /// skips nothing.
    ///
    /// # Errors
    ///
    /// [`UciMessageError`] naming the word or field at fault.
    pub fn parse(line: &str, mode: CastlingMode) -> Result<GuiCommand, UciMessageError> {
        parse(line, mode, false)
    }

    /// Reads a command as [`GuiCommand::parse`] does, but refuses unknown words
    /// ([`UciMessageError::UnknownToken`], or [`UciMessageError::NoCommand`] for an unknown
    /// first word): for a GUI or a test that wants to know its engine wrote nothing it did not
    /// mean.
    ///
    /// # Errors
    ///
    /// [`UciMessageError`] naming the word or field at fault.
    pub fn parse_strict(line: &str, mode: CastlingMode) -> Result<GuiCommand, UciMessageError> {
        parse(line, mode, true)
    }
}

fn parse(line: &str, mode: CastlingMode, strict: bool) -> Result<GuiCommand, UciMessageError> {
    let mut words = Words::new(line);
    loop {
        let from_here = words.remaining();
        let Some(word) = words.next() else {
            return Err(UciMessageError::NoCommand(excerpt(line.trim())));
        };
        let cmd = match word {
            "uci" => GuiCommand::Uci,
            "isready" => GuiCommand::IsReady,
            "ucinewgame" => GuiCommand::UciNewGame,
            "stop" => GuiCommand::Stop,
            "ponderhit" => GuiCommand::PonderHit,
            "quit" => GuiCommand::Quit,
            "debug" => {
                let on = match words.next() {
                    Some("on") => true,
                    Some("off") => false,
                    other => {
                        return Err(UciMessageError::Expected {
                            field: "debug",
                            expected: "\"on\" or \"off\"",
                            found: excerpt(other.unwrap_or("")),
                        });
                    }
                };
                GuiCommand::Debug(on)
            }
            "setoption" => GuiCommand::SetOption(SetOption::read(&mut words, strict)?),
            "register" => GuiCommand::Register(Register::read(&mut words, strict)?),
            // The position reader takes the rest of the line, and skips nothing.
            "position" => return Ok(GuiCommand::Position(UciPosition::parse(from_here, mode)?)),
            "go" => GuiCommand::Go(Go::read(&mut words, strict)?),
            _ if strict => return Err(UciMessageError::NoCommand(excerpt(line.trim()))),
            _ => continue,
        };
        for w in words {
            unknown(strict, cmd.name(), w)?;
        }
        return Ok(cmd);
    }
}

impl FromStr for GuiCommand {
    type Err = UciMessageError;
    /// [`GuiCommand::parse`] in standard chess.
    fn from_str(s: &str) -> Result<GuiCommand, UciMessageError> {
        GuiCommand::parse(s, CastlingMode::Standard)
    }
}

impl fmt::Display for GuiCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuiCommand::Debug(on) => write!(f, "debug {}", if *on { "on" } else { "off" }),
            GuiCommand::SetOption(s) => s.fmt(f),
            GuiCommand::Register(r) => r.fmt(f),
            GuiCommand::Position(p) => p.fmt(f),
            GuiCommand::Go(g) => g.fmt(f),
            other => f.write_str(other.name()),
        }
    }
}

/// Implements `FromStr` for the type of one command, through [`GuiCommand::parse`].
macro_rules! from_gui_command {
    ($t:ty, $variant:ident, $word:literal) => {
        impl FromStr for $t {
            type Err = UciMessageError;
            /// Reads the command's line as [`GuiCommand::parse`] does (standard chess).
            fn from_str(s: &str) -> Result<$t, UciMessageError> {
                match s.parse::<GuiCommand>()? {
                    GuiCommand::$variant(x) => Ok(x),
                    other => Err(UciMessageError::WrongCommand {
                        expected: $word,
                        found: other.name(),
                    }),
                }
            }
        }
    };
}

/// `setoption name <id> [value <x>]`: sets one of the engine's options.
///
/// The name runs to the word `value` (so it may hold spaces, but not the word `value`); the
/// value is the rest of the line. Both are kept as words separated by single spaces, and
/// `Display` writes them so. Unknown words before `name` are skipped (by the lenient reader).
/// A button option is pressed with no value.
///
/// # Examples
///
/// ```
/// use lattjo_chess::uci::SetOption;
/// let s: SetOption = "setoption name UCI_Chess960 value true".parse()?;
/// assert_eq!((s.name.as_str(), s.value.as_deref()), ("UCI_Chess960", Some("true")));
/// let path: SetOption = "setoption   name SyzygyPath value /tb/a b  ".parse()?;
/// assert_eq!(path.to_string(), "setoption name SyzygyPath value /tb/a b");
/// # Ok::<(), lattjo_chess::uci::UciMessageError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SetOption {
    /// The option's name (`Hash`, `Clear Hash`).
    pub name: String,
    /// The value, if any (`None` for a button; `Some("")` for `value` with nothing after it).
    pub value: Option<String>,
}

impl SetOption {
    fn read(words: &mut Words<'_>, strict: bool) -> Result<SetOption, UciMessageError> {
        loop {
            match words.next() {
                Some("name") => break,
                Some(w) => unknown(strict, "setoption", w)?,
                None => {
                    return Err(UciMessageError::MissingField {
                        command: "setoption",
                        field: "name",
                    });
                }
            }
        }
        let name = words.text_until(&["value"]);
        if name.is_empty() {
            return Err(UciMessageError::MissingValue("name"));
        }
        // `value` (the only word that can end the name), then the rest of the line.
        let value = words.next().map(|_| words.rest_text());
        Ok(SetOption { name, value })
    }
}

from_gui_command!(SetOption, SetOption, "setoption");

impl fmt::Display for SetOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("setoption name ")?;
        write_words(f, &self.name)?;
        if let Some(v) = &self.value {
            f.write_str(" value")?;
            if has_words(v) {
                f.write_str(" ")?;
                write_words(f, v)?;
            }
        }
        Ok(())
    }
}

/// `register later` or `register name <x> code <y>`, the GUI's answer to an engine that asks
/// to be registered.
///
/// The name runs to the word `code`, the code to the end of the line (the lenient reader
/// also takes `code` before `name`). Both are needed.
///
/// # Examples
///
/// ```
/// use lattjo_chess::uci::Register;
/// let r: Register = "register name Stefan MK code 4359874324".parse()?;
/// assert_eq!(r, Register::Now { name: "Stefan MK".into(), code: "4359874324".into() });
/// assert_eq!("register later".parse::<Register>()?, Register::Later);
/// # Ok::<(), lattjo_chess::uci::UciMessageError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Register {
    /// `register later`: the user will register later.
    Later,
    /// `register name <x> code <y>`.
    Now {
        /// The user's name.
        name: String,
        /// The registration code.
        code: String,
    },
}

impl Register {
    fn read(words: &mut Words<'_>, strict: bool) -> Result<Register, UciMessageError> {
        let (mut name, mut code) = (None, None);
        while let Some(w) = words.next() {
            match w {
                "later" if name.is_none() && code.is_none() => return Ok(Register::Later),
                "name" => set_once(&mut name, "name", words.text_until(&["code"]))?,
                "code" => set_once(&mut code, "code", words.text_until(&["name"]))?,
                _ => unknown(strict, "register", w)?,
            }
        }
        let missing = |field| UciMessageError::MissingField {
            command: "register",
            field,
        };
        match (name, code) {
            (None, _) => Err(missing("name")),
            (Some(name), _) if name.is_empty() => Err(UciMessageError::MissingValue("name")),
            (_, None) => Err(missing("code")),
            (_, Some(code)) if code.is_empty() => Err(UciMessageError::MissingValue("code")),
            (Some(name), Some(code)) => Ok(Register::Now { name, code }),
        }
    }
}

from_gui_command!(Register, Register, "register");

impl fmt::Display for Register {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Register::Later => f.write_str("register later"),
            Register::Now { name, code } => {
                f.write_str("register name ")?;
                write_words(f, name)?;
                f.write_str(" code ")?;
                write_words(f, code)
            }
        }
    }
}

/// `go ...`: start searching the position of the last `position` command, with every
/// parameter of the specification. Times are in milliseconds; absent parameters are `None`
/// (or empty, or `false`).
///
/// `Display` writes the parameters in the specification's order, except `searchmoves`, which
/// it writes last as the specification's example does (`go infinite searchmoves e2e4 d2d4`):
/// Stockfish reads every word after `searchmoves` as a move. Reading refuses a
/// parameter given twice and a number out of its type's range (a negative time, say); the
/// lenient reader skips unknown words (Stockfish's `go perft 3` reads as a plain `go`, its
/// `perft` and `3` skipped: use the strict reader to see them).
///
/// # Examples
///
/// ```
/// use lattjo_chess::uci::Go;
/// let go: Go = "go infinite searchmoves e2e4 d2d4".parse()?;
/// assert!(go.infinite);
/// assert_eq!(go.searchmoves.len(), 2);
/// assert_eq!(go.to_string(), "go infinite searchmoves e2e4 d2d4");
/// let go = Go { depth: Some(12), ..Go::default() };
/// assert_eq!(go.to_string(), "go depth 12");
/// # Ok::<(), lattjo_chess::uci::UciMessageError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Go {
    /// `searchmoves <move> ...`: search only these moves (empty: all).
    pub searchmoves: Vec<UciMove>,
    /// `ponder`: search in pondering mode (on the move the engine suggested).
    pub ponder: bool,
    /// `wtime <ms>`: White's time left.
    pub wtime: Option<u64>,
    /// `btime <ms>`: Black's time left.
    pub btime: Option<u64>,
    /// `winc <ms>`: White's increment a move.
    pub winc: Option<u64>,
    /// `binc <ms>`: Black's increment a move.
    pub binc: Option<u64>,
    /// `movestogo <n>`: moves to the next time control.
    pub movestogo: Option<u32>,
    /// `depth <plies>`: search this deep only.
    pub depth: Option<u32>,
    /// `nodes <n>`: search this many nodes only.
    pub nodes: Option<u64>,
    /// `mate <moves>`: search for a mate in this many moves.
    pub mate: Option<u32>,
    /// `movetime <ms>`: search exactly this long.
    pub movetime: Option<u64>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

impl Go {
    fn read(words: &mut Words<'_>, strict: bool) -> Result<Go, UciMessageError> {
        let mut go = Go::default();
        while let Some(w) = words.next() {
            match w {
                "searchmoves" => {
                    if !go.searchmoves.is_empty() {
                        return Err(UciMessageError::Duplicate("searchmoves"));
                    }
                    go.searchmoves = words.moves("searchmoves")?;
                }
                "ponder" | "infinite" => {
                    let flag = if w == "ponder" {
                        &mut go.ponder
                    } else {
                        &mut go.infinite
                    };
                    if *flag {
                        return Err(UciMessageError::Duplicate(if w == "ponder" {
                            "ponder"
                        } else {
                            "infinite"
                        }));
                    }
                    *flag = true;
                }
                "wtime" => set_once(&mut go.wtime, "wtime", words.number("wtime")?)?,
                "btime" => set_once(&mut go.btime, "btime", words.number("btime")?)?,
                "winc" => set_once(&mut go.winc, "winc", words.number("winc")?)?,
                "binc" => set_once(&mut go.binc, "binc", words.number("binc")?)?,
                "movestogo" => {
                    set_once(&mut go.movestogo, "movestogo", words.number("movestogo")?)?;
                }
                "depth" => set_once(&mut go.depth, "depth", words.number("depth")?)?,
                "nodes" => set_once(&mut go.nodes, "nodes", words.number("nodes")?)?,
                "mate" => set_once(&mut go.mate, "mate", words.number("mate")?)?,
                "movetime" => set_once(&mut go.movetime, "movetime", words.number("movetime")?)?,
                _ => unknown(strict, "go", w)?,
            }
        }
        Ok(go)
    }
}

from_gui_command!(Go, Go, "go");

impl fmt::Display for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        if self.ponder {
            f.write_str(" ponder")?;
        }
        let numbers = [
            ("wtime", self.wtime),
            ("btime", self.btime),
            ("winc", self.winc),
            ("binc", self.binc),
            ("movestogo", self.movestogo.map(u64::from)),
            ("depth", self.depth.map(u64::from)),
            ("nodes", self.nodes),
            ("mate", self.mate.map(u64::from)),
            ("movetime", self.movetime),
        ];
        for (word, n) in numbers {
            if let Some(n) = n {
                write!(f, " {word} {n}")?;
            }
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        // Last: Stockfish (15.1) takes every word after `searchmoves` as a move, so a
        // parameter written after the list would be lost (and `depth` with it).
        write_moves(f, "searchmoves", &self.searchmoves)
    }
}
