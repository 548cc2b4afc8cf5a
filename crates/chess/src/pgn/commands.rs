//! Commands embedded in PGN comments: `{ [%eval 0.17] [%clk 0:03:00] }`.
//!
//! The PGN Specification Supplement (Cowderoy et al., 2001, with ChessBase and DGT) puts
//! data in comments as commands: `[%`, a name of letters and digits, a space, operands
//! separated by commas, `]` (section 3.2). It defines the clock commands `%clk` (the time
//! left on the player's clock after the move, 4.2), `%egt` (elapsed game time, 4.3), `%emt`
//! (elapsed move time, 4.4) and `%mct` (a mechanical clock's time, 4.5); ChessBase added
//! `%csl` (coloured squares) and `%cal` (coloured arrows), and engines and lichess `%eval`
//! (an evaluation in pawns from White's point of view, or `#n` for mate in n, with an
//! optional `,depth`). Real archives carry them on every move (the lichess database: `%clk`
//! since April 2017, `%eval` on analysed games; chess.com: `%clk` with tenths).
//!
//! [`commands`] reads the commands of a comment's text, one [`Command`] (or the
//! [`CommandError`] of a malformed one) at a time; [`text_without_commands`] is the text
//! around them; [`PgnGame::ply_commands`] reads every main-line comment of a game once.
//! Each command writes (`Display`) as python-chess writes it and reads back equal.
//!
//! # How commands are read
//!
//! - The typed commands (`%clk`, `%egt`, `%emt`, `%mct`, `%eval`, `%csl`, `%cal`) take their
//!   operands exactly as python-chess 1.11 reads them (its regular expressions): one
//!   whitespace character after the name, nothing before the `]`, a time `h:mm:ss` with the
//!   hours required and the seconds optionally fractional (`0:02:59.9`, `0:00:05.`; minutes
//!   and seconds are not range-checked: `0:75:00` is 4,500 seconds), an evaluation
//!   `[+-]` with at most ten digits before the point and two after (`0.17`, `+1`, `-.5`,
//!   `5.`) or `#` and a signed mate count, `,depth`, and squares and arrows as a colour
//!   letter (`R`, `G`, `Y`, `B`) and one or two squares, separated by commas without spaces.
//!   Anything else is a [`CommandError`] that names the command and the text it could not
//!   read, never a panic.
//! - Where python-chess reads a value this module cannot hold, it refuses it instead:
//!   an evaluation beyond ±21,474,836.47 pawns or a mate count beyond 32 bits
//!   ([`CommandErrorKind::EvalOutOfRange`]), a depth beyond 32 bits
//!   ([`CommandErrorKind::DepthOutOfRange`]), a time beyond `u64` seconds
//!   ([`CommandErrorKind::TimeOutOfRange`]); and digits other than ASCII ones (Python's
//!   `\d` takes any script's). Digits of a fraction past the ninth (below a nanosecond) are
//!   dropped. A `%csl` item must be one square and a `%cal` item two (python-chess takes
//!   either in either).
//! - A command ends at its first `]` outside a double-quoted operand (3.2.4; an unclosed
//!   quote is ignored); a `[%` before that starts the next command, and the one before is
//!   [`CommandErrorKind::Unterminated`] and stays part of the text. A name that is not
//!   letters and digits followed by whitespace or `]` is [`CommandErrorKind::Name`].
//!   Other commands (`%evp`, `%clkc`, `%timestamp`, ...) are kept as [`Command::Other`]
//!   (the supplement asks software to pass commands it does not know through unchanged,
//!   3.2.3).
//!
//! Reading is strict or lenient as the caller chooses: [`commands`] gives every command and
//! every error, in order (collect it into a `Result<Vec<_>, _>` to refuse a comment with a
//! malformed command); [`PlyCommands`] keeps, as python-chess's `clock()`, `emt()`,
//! `eval()` and `arrows()` do, the first valid clock, elapsed times and evaluation and every
//! valid square and arrow, skipping the rest (listed in [`PlyCommands::errors`]).
//!
//! # Examples
//!
//! ```
//! use std::time::Duration;
//! use lattjo_chess::pgn::commands::{commands, text_without_commands, Command, Eval, Score};
//!
//! let comment = "Best [%eval -0.35,22] [%clk 0:02:59.9] [%cal Ge2e4,Rd7d5]";
//! let read: Vec<Command> = commands(comment).collect::<Result<_, _>>()?;
//! assert_eq!(read[0], Command::Eval(Eval { score: Score::Centipawns(-35), depth: Some(22) }));
//! assert_eq!(read[1], Command::Clock(Duration::from_millis(179_900)));
//! assert_eq!(read[2].to_string(), "[%cal Ge2e4,Rd7d5]");
//! assert_eq!(text_without_commands(comment), "Best");
//!
//! let bad = commands("[%clk 3:00]").next().unwrap().unwrap_err();
//! assert_eq!(bad.to_string(), "%clk \"3:00\": not a time h:mm:ss (the seconds may have a fraction)");
//! # Ok::<(), lattjo_chess::pgn::commands::CommandError>(())
//! ```

use core::fmt;
use core::ops::Range;
use core::str::FromStr;
use std::time::Duration;

use boardgame_core::text::excerpt;

use super::PgnGame;
use crate::types::Square;

/// One command of a comment.
///
/// `Display` writes it as python-chess writes it (`[%clk 0:02:59.9]`, `[%eval -0.35,22]`,
/// `[%eval #-3]`, `[%csl Gd4]`, `[%cal Ge2e4,Bg1f3]`), and [`commands`] reads that back
/// equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Command {
    /// `%clk`: the time left on the player's clock after the move, to the next time
    /// control (supplement 4.2).
    Clock(Duration),
    /// `%egt`: the time the player has used in the game so far (supplement 4.3).
    ElapsedGame(Duration),
    /// `%emt`: the time the player used for the move (supplement 4.4).
    ElapsedMove(Duration),
    /// `%mct`: the time shown on a mechanical clock (supplement 4.5).
    MechanicalClock(Duration),
    /// `%eval`: an evaluation and its search depth.
    Eval(Eval),
    /// `%csl`: coloured squares (ChessBase, lichess).
    Squares(Vec<(MarkColor, Square)>),
    /// `%cal`: coloured arrows, from and to (ChessBase, lichess).
    Arrows(Vec<(MarkColor, Square, Square)>),
    /// Any other command, kept as read: its name and its operands' text (after the one
    /// whitespace character that follows the name).
    Other {
        /// The name (letters and digits).
        name: String,
        /// The operands as written.
        args: String,
    },
}

impl Command {
    /// The command's name: `clk`, `egt`, `emt`, `mct`, `eval`, `csl`, `cal` or
    /// [`Command::Other`]'s.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Command::Clock(_) => "clk",
            Command::ElapsedGame(_) => "egt",
            Command::ElapsedMove(_) => "emt",
            Command::MechanicalClock(_) => "mct",
            Command::Eval(_) => "eval",
            Command::Squares(_) => "csl",
            Command::Arrows(_) => "cal",
            Command::Other { name, .. } => name,
        }
    }
}

/// An evaluation (`%eval`): a score from White's point of view (as lichess and python-chess
/// write it) and the depth of the search, if given.
///
/// # Examples
///
/// ```
/// use lattjo_chess::pgn::commands::{Eval, Score};
///
/// let e: Eval = "#-3,20".parse()?;
/// assert_eq!(e, Eval { score: Score::Mate(-3), depth: Some(20) });
/// assert_eq!(e.to_string(), "#-3,20");
/// assert_eq!("+0.5".parse::<Eval>()?.to_string(), "0.50");
/// # Ok::<(), lattjo_chess::pgn::commands::CommandError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Eval {
    /// The score, from White's point of view.
    pub score: Score,
    /// The depth of the search (`,20`), if given.
    pub depth: Option<u32>,
}

/// A score from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns (`0.17` is 17): positive when White is better.
    Centipawns(i32),
    /// Mate in that many moves (`#3`): positive when White mates, negative when Black does.
    /// `#0` (written by some tools when the side to move is checkmated) is `Mate(0)`: who is
    /// mated is the side to move, as python-chess reads it.
    Mate(i32),
}

/// The colour of a square or arrow mark: the letter before it (`G` in `Ge4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkColor {
    /// `R`.
    Red,
    /// `G`.
    Green,
    /// `Y`.
    Yellow,
    /// `B` (lichess's fourth colour).
    Blue,
}

impl MarkColor {
    /// All four, in the order R, G, Y, B.
    pub const ALL: [MarkColor; 4] = [
        MarkColor::Red,
        MarkColor::Green,
        MarkColor::Yellow,
        MarkColor::Blue,
    ];

    /// The colour of a letter, `R`, `G`, `Y` or `B` (upper case only, as python-chess and
    /// lichess write them).
    #[must_use]
    pub const fn from_char(c: char) -> Option<MarkColor> {
        match c {
            'R' => Some(MarkColor::Red),
            'G' => Some(MarkColor::Green),
            'Y' => Some(MarkColor::Yellow),
            'B' => Some(MarkColor::Blue),
            _ => None,
        }
    }

    /// The letter.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            MarkColor::Red => 'R',
            MarkColor::Green => 'G',
            MarkColor::Yellow => 'Y',
            MarkColor::Blue => 'B',
        }
    }
}

/// A command that could not be read: its name (empty when it has none), the text that was
/// wrong (shortened to an excerpt) and what was wrong with it.
///
/// # Examples
///
/// ```
/// use lattjo_chess::pgn::commands::{commands, CommandErrorKind};
///
/// let err = commands("[%cal Ge2e4,Xd7d5]").next().unwrap().unwrap_err();
/// assert_eq!((err.command.as_str(), err.text.as_str()), ("cal", "Xd7d5"));
/// assert_eq!(err.kind, CommandErrorKind::MarkColor);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{:?}: {}", label(.command), .text, .kind)]
#[non_exhaustive]
pub struct CommandError {
    /// The command's name (`clk`, `eval`, ...), empty when none could be read.
    pub command: String,
    /// The text that could not be read (an excerpt of it when long).
    pub text: String,
    /// What was wrong.
    pub kind: CommandErrorKind,
}

/// What was wrong with a command ([`CommandError`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CommandErrorKind {
    /// A `[%` without its `]` before the end of the comment or the next `[%`.
    #[error("command not closed by ]")]
    Unterminated,
    /// `[%` not followed by a name of letters and digits, then whitespace or `]`.
    #[error("no command name (letters and digits after [%, then a space)")]
    Name,
    /// A `%clk`, `%egt`, `%emt` or `%mct` operand that is not `h:mm:ss`.
    #[error("not a time h:mm:ss (the seconds may have a fraction)")]
    Time,
    /// A time of more seconds than a `u64` holds.
    #[error("time out of range")]
    TimeOutOfRange,
    /// A `%eval` operand that is not a score (pawns with at most ten digits before the point
    /// and two after, or `#` and a mate count), optionally followed by `,depth`.
    #[error("not an evaluation (pawns such as -0.35, or #mate such as #-3, then ,depth)")]
    Eval,
    /// A score beyond ±21,474,836.47 pawns, or a mate count beyond 32 bits.
    #[error("evaluation out of range (32-bit centipawns or mate count)")]
    EvalOutOfRange,
    /// A depth beyond 32 bits.
    #[error("depth out of range (32 bits)")]
    DepthOutOfRange,
    /// A `%csl` or `%cal` item whose first letter is not `R`, `G`, `Y` or `B`.
    #[error("colour letter not R, G, Y or B")]
    MarkColor,
    /// A `%csl` item that is not a colour and one square, or a `%cal` item that is not a
    /// colour and two squares (`Ge4`, `Ge2e4`; lower-case files, no spaces).
    #[error("not a colour letter and a square (csl) or two squares (cal)")]
    Mark,
    /// [`Command`]'s `FromStr` was given text that is not exactly one command.
    #[error("not exactly one command")]
    NotOne,
}

/// How [`CommandError`] names its command: `%clk `, or nothing when it has no name.
fn label(command: &str) -> String {
    if command.is_empty() {
        String::new()
    } else {
        format!("%{command} ")
    }
}

fn error(command: &str, text: &str, kind: CommandErrorKind) -> CommandError {
    CommandError {
        command: excerpt(command),
        text: excerpt(text),
        kind,
    }
}

// ---------------------------------------------------------------------------------------
// Scanning a comment.

/// Whitespace as Python's regular expressions read `\s` (`str.isspace`): Unicode white
/// space and the separators U+001C to U+001F.
fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// One command found in a comment: where it stands (from `[%` to its `]`, or to where an
/// unterminated one stops) and what it reads as.
struct Found {
    span: Range<usize>,
    /// Whether it was closed by `]` (an unterminated one stays part of the text).
    closed: bool,
    read: Result<Command, CommandError>,
}

/// The commands of a comment, in order: the [`Command`] of each, or its [`CommandError`].
///
/// Made by [`commands`].
#[derive(Clone, Debug)]
pub struct Commands<'a> {
    text: &'a str,
    at: usize,
}

/// The commands of a comment's text, in order, each read or refused ([`Command`],
/// [`CommandError`]); the text around them is not looked at ([`text_without_commands`]).
///
/// # Examples
///
/// ```
/// use lattjo_chess::pgn::commands::{commands, Command, CommandErrorKind};
///
/// let mut read = commands("[%clk 0:01:00] [%clk 1:00] [%evp 0,24,19] [%eval 0.3");
/// assert!(matches!(read.next(), Some(Ok(Command::Clock(_)))));
/// assert_eq!(read.next().unwrap().unwrap_err().kind, CommandErrorKind::Time);
/// assert_eq!(read.next().unwrap()?.name(), "evp");
/// assert_eq!(read.next().unwrap().unwrap_err().kind, CommandErrorKind::Unterminated);
/// assert!(read.next().is_none());
/// # Ok::<(), lattjo_chess::pgn::commands::CommandError>(())
/// ```
#[must_use]
pub fn commands(comment: &str) -> Commands<'_> {
    Commands {
        text: comment,
        at: 0,
    }
}

impl Iterator for Commands<'_> {
    type Item = Result<Command, CommandError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_found().map(|f| f.read)
    }
}

impl Commands<'_> {
    fn next_found(&mut self) -> Option<Found> {
        let rest = self.text.get(self.at..)?;
        let start = self.at + rest.find("[%")?;
        let found = scan_command(self.text, start);
        // After an unterminated command, the search goes on right after its `[%`.
        self.at = if found.closed {
            found.span.end
        } else {
            start + 2
        };
        Some(found)
    }
}

/// Reads the command whose `[%` is at `start` of `text`.
fn scan_command(text: &str, start: usize) -> Found {
    let body_start = start + 2;
    let body = &text[body_start..];
    let name_len = body.bytes().take_while(u8::is_ascii_alphanumeric).count();
    let name = &body[..name_len];
    let after_name = &body[name_len..];
    // The one whitespace character between the name and the operands, if any.
    let (args_at, name_ok) = match after_name.chars().next() {
        Some(']') => (name_len, name_len > 0),
        Some(c) if is_space(c) => (name_len + c.len_utf8(), name_len > 0),
        _ => (name_len, false),
    };
    let Some(close) = closing_bracket(&body[args_at..]) else {
        // No `]` before the end or the next `[%`: not a command; its text stays text.
        let end = body[args_at..]
            .find("[%")
            .map_or(text.len(), |n| body_start + args_at + n);
        return Found {
            span: start..end,
            closed: false,
            read: Err(error(
                name,
                &text[start..end],
                CommandErrorKind::Unterminated,
            )),
        };
    };
    let end = body_start + args_at + close + 1;
    let read = if name_ok {
        read_command(name, &body[args_at..args_at + close])
    } else {
        Err(error(name, &text[start..end], CommandErrorKind::Name))
    };
    Found {
        span: start..end,
        closed: true,
        read,
    }
}

/// Where the `]` that closes a command's operands `args` is, looking no further than the
/// next `[%` (which starts a command wherever it stands, 3.2.3): the first `]` outside
/// double quotes (3.2.4), else the first of all (a quote left open); `None` when there is
/// none.
fn closing_bracket(args: &str) -> Option<usize> {
    let region = &args.as_bytes()[..args.find("[%").unwrap_or(args.len())];
    let mut quoted = false;
    for (i, &c) in region.iter().enumerate() {
        match c {
            b'"' => quoted = !quoted,
            b']' if !quoted => return Some(i),
            _ => {}
        }
    }
    region.iter().position(|&c| c == b']')
}

/// A command from its name and operands.
fn read_command(name: &str, args: &str) -> Result<Command, CommandError> {
    let time = |make: fn(Duration) -> Command| parse_time(args).map(make);
    match name {
        "clk" => time(Command::Clock),
        "egt" => time(Command::ElapsedGame),
        "emt" => time(Command::ElapsedMove),
        "mct" => time(Command::MechanicalClock),
        "eval" => parse_eval(args).map(Command::Eval),
        "csl" => parse_marks(args, false)
            .map(|m| Command::Squares(m.into_iter().map(|(c, from, _)| (c, from)).collect())),
        "cal" => parse_marks(args, true).map(Command::Arrows),
        _ => Ok(Command::Other {
            name: name.to_owned(),
            args: args.to_owned(),
        }),
    }
    .map_err(|(text, kind)| error(name, text, kind))
}

/// An error before it is given its command's name: the text and the kind.
type Bad<'a> = (&'a str, CommandErrorKind);

/// `h:mm:ss` with optional fraction (`\d+:\d+:\d+(\.\d*)?`, python-chess's reading).
fn parse_time(args: &str) -> Result<Duration, Bad<'_>> {
    let bad = (args, CommandErrorKind::Time);
    let mut parts = args.splitn(3, ':');
    let (Some(h), Some(m), Some(s)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(bad);
    };
    let (whole, fraction) = match s.split_once('.') {
        Some((w, f)) => (w, f),
        None => (s, ""),
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
    if !digits(h) || !digits(m) || !digits(whole) || !(fraction.is_empty() || digits(fraction)) {
        return Err(bad);
    }
    let range = (args, CommandErrorKind::TimeOutOfRange);
    let number = |t: &str| t.parse::<u64>().map_err(|_| range);
    let secs = number(h)?
        .checked_mul(3600)
        .and_then(|x| x.checked_add(number(m).ok()?.checked_mul(60)?))
        .and_then(|x| x.checked_add(number(whole).ok()?))
        .ok_or(range)?;
    // Nanoseconds: the first nine digits of the fraction (the rest are below a nanosecond).
    let nanos = fraction
        .bytes()
        .chain(core::iter::repeat(b'0'))
        .take(9)
        .fold(0u32, |n, c| n * 10 + u32::from(c - b'0'));
    Ok(Duration::new(secs, nanos))
}

/// `#[+-]?\d+` or `[+-]?(\d{0,10}\.\d{1,2}|\d{1,10}\.?)`, then `(,\d+)?` (python-chess's
/// reading).
fn parse_eval(args: &str) -> Result<Eval, Bad<'_>> {
    let bad = (args, CommandErrorKind::Eval);
    let (score, depth) = match args.split_once(',') {
        Some((s, d)) => (s, Some(d)),
        None => (args, None),
    };
    let all_digits = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
    let depth = match depth {
        None => None,
        Some(d) if all_digits(d) => Some(
            d.parse::<u32>()
                .map_err(|_| (args, CommandErrorKind::DepthOutOfRange))?,
        ),
        Some(_) => return Err(bad),
    };
    let out_of_range = (args, CommandErrorKind::EvalOutOfRange);
    let score = if let Some(mate) = score.strip_prefix('#') {
        let (negative, digits) = split_sign(mate);
        if !all_digits(digits) {
            return Err(bad);
        }
        Score::Mate(signed(negative, digits, 1, 0).ok_or(out_of_range)?)
    } else {
        let (negative, number) = split_sign(score);
        let (int, frac) = match number.split_once('.') {
            Some((i, f)) => (i, Some(f)),
            None => (number, None),
        };
        let int_ok = int.len() <= 10 && int.bytes().all(|c| c.is_ascii_digit());
        let ok = match frac {
            // `\d{1,10}` alone.
            None => int_ok && !int.is_empty(),
            // `\d{1,10}\.`
            Some("") => int_ok && !int.is_empty(),
            // `\d{0,10}\.\d{1,2}`
            Some(f) => int_ok && f.len() <= 2 && f.bytes().all(|c| c.is_ascii_digit()),
        };
        if !ok {
            return Err(bad);
        }
        let cents = frac.unwrap_or("");
        let cents_value = cents
            .bytes()
            .chain(core::iter::repeat(b'0'))
            .take(2)
            .fold(0i64, |acc, c| acc * 10 + i64::from(c - b'0'));
        let int = if int.is_empty() { "0" } else { int };
        Score::Centipawns(signed(negative, int, 100, cents_value).ok_or(out_of_range)?)
    };
    Ok(Eval { score, depth })
}

/// A leading `+` or `-` and the rest.
fn split_sign(t: &str) -> (bool, &str) {
    match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    }
}

/// `digits * scale + extra`, negated when `negative`, if it fits an `i32` (`digits` is
/// ASCII digits, at most a few dozen of them).
fn signed(negative: bool, digits: &str, scale: i64, extra: i64) -> Option<i32> {
    let magnitude = digits
        .bytes()
        .try_fold(0i64, |acc, c| {
            acc.checked_mul(10)?.checked_add(i64::from(c - b'0'))
        })?
        .checked_mul(scale)?
        .checked_add(extra)?;
    i32::try_from(if negative { -magnitude } else { magnitude }).ok()
}

/// The items of `%csl` (one square each) or `%cal` (two each): `[RGYB][a-h][1-8]` and a
/// second square for an arrow, separated by commas. No items at all (`[%csl ]`) is an
/// empty list (python-chess reads no arrows from it either).
fn parse_marks(args: &str, arrows: bool) -> Result<Vec<(MarkColor, Square, Square)>, Bad<'_>> {
    if args.is_empty() {
        return Ok(Vec::new());
    }
    args.split(',')
        .map(|item| {
            let mut chars = item.chars();
            let color = chars.next().map(MarkColor::from_char);
            let squares = chars.as_str();
            let want = if arrows { 4 } else { 2 };
            if squares.len() != want || !squares.is_ascii() {
                // A wrong letter is named as such when the rest has the right shape.
                return Err((item, CommandErrorKind::Mark));
            }
            let square = |t: &str| {
                t.parse::<Square>()
                    .map_err(|_| (item, CommandErrorKind::Mark))
            };
            let from = square(&squares[..2])?;
            let to = if arrows { square(&squares[2..])? } else { from };
            match color {
                Some(Some(c)) => Ok((c, from, to)),
                _ => Err((item, CommandErrorKind::MarkColor)),
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Writing.

impl fmt::Display for MarkColor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Reads exactly what `Display` writes: one letter `R`, `G`, `Y` or `B`, upper case (as
/// [`MarkColor::from_char`] reads it), nothing around it.
///
/// # Errors
///
/// A [`CommandError`] of kind [`CommandErrorKind::MarkColor`], with no command name, for
/// any other text.
///
/// # Examples
///
/// ```
/// use lattjo_chess::pgn::commands::{CommandErrorKind, MarkColor};
/// assert_eq!("G".parse::<MarkColor>()?, MarkColor::Green);
/// assert_eq!(MarkColor::Blue.to_string().parse::<MarkColor>()?, MarkColor::Blue);
/// let err = "g".parse::<MarkColor>().unwrap_err();
/// assert_eq!((err.kind, err.text.as_str()), (CommandErrorKind::MarkColor, "g"));
/// # Ok::<(), lattjo_chess::pgn::commands::CommandError>(())
/// ```
impl FromStr for MarkColor {
    type Err = CommandError;
    fn from_str(s: &str) -> Result<MarkColor, CommandError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => MarkColor::from_char(c),
            _ => None,
        }
        .ok_or_else(|| error("", s, CommandErrorKind::MarkColor))
    }
}

impl fmt::Display for Score {
    /// `0.17`, `-0.40`, `1.00` (pawns with two decimals, as python-chess writes them),
    /// `#3`, `#-3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

impl fmt::Display for Eval {
    /// The score, then `,depth` if there is one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.score)?;
        if let Some(d) = self.depth {
            write!(f, ",{d}")?;
        }
        Ok(())
    }
}

impl FromStr for Eval {
    type Err = CommandError;
    /// A `%eval` operand (`0.17`, `-0.5`, `#-3`, `0.17,20`).
    fn from_str(s: &str) -> Result<Eval, CommandError> {
        parse_eval(s).map_err(|(text, kind)| error("eval", text, kind))
    }
}

/// Reads what `Display` writes (`0.17`, `-0.40`, `#3`, `#-3`), and every score a `%eval`
/// operand reads as [`Eval`]'s `FromStr` reads it (`+0.5`, `.5`, `2`, `#+3`), without the
/// depth: `parse(s.to_string()) == s` for every score. Nothing around it.
///
/// # Errors
///
/// A [`CommandError`] named `eval` of kind [`CommandErrorKind::Eval`] for a text that is no
/// score (a depth after a comma included), [`CommandErrorKind::EvalOutOfRange`] for one
/// beyond 32 bits.
///
/// # Examples
///
/// ```
/// use lattjo_chess::pgn::commands::{CommandErrorKind, Score};
/// assert_eq!("-0.40".parse::<Score>()?, Score::Centipawns(-40));
/// assert_eq!(Score::Mate(-3).to_string().parse::<Score>()?, Score::Mate(-3));
/// assert_eq!("0.17,20".parse::<Score>().unwrap_err().kind, CommandErrorKind::Eval);
/// assert_eq!("#9999999999".parse::<Score>().unwrap_err().kind, CommandErrorKind::EvalOutOfRange);
/// # Ok::<(), lattjo_chess::pgn::commands::CommandError>(())
/// ```
impl FromStr for Score {
    type Err = CommandError;
    fn from_str(s: &str) -> Result<Score, CommandError> {
        match parse_eval(s) {
            Ok(Eval { score, depth: None }) => Ok(score),
            Ok(Eval { depth: Some(_), .. }) => Err(error("eval", s, CommandErrorKind::Eval)),
            Err((text, kind)) => Err(error("eval", text, kind)),
        }
    }
}

/// A time as `h:mm:ss`, with the fraction of a second when there is one (trailing zeros
/// dropped): python-chess's form for whole milliseconds (`0:03:00`, `0:02:59.9`).
struct Time(Duration);

impl fmt::Display for Time {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.0.as_secs();
        write!(
            f,
            "{}:{:02}:{:02}",
            secs / 3600,
            secs % 3600 / 60,
            secs % 60
        )?;
        let nanos = self.0.subsec_nanos();
        if nanos > 0 {
            let digits = format!("{nanos:09}");
            write!(f, ".{}", digits.trim_end_matches('0'))?;
        }
        Ok(())
    }
}

impl fmt::Display for Command {
    /// `[%name operands]`, as python-chess and lichess write the typed commands.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Clock(t)
            | Command::ElapsedGame(t)
            | Command::ElapsedMove(t)
            | Command::MechanicalClock(t) => write!(f, "[%{} {}]", self.name(), Time(*t)),
            Command::Eval(e) => write!(f, "[%eval {e}]"),
            Command::Squares(marks) => {
                write!(f, "[%csl ")?;
                for (i, (c, sq)) in marks.iter().enumerate() {
                    let comma = if i > 0 { "," } else { "" };
                    write!(f, "{comma}{c}{sq}")?;
                }
                write!(f, "]")
            }
            Command::Arrows(marks) => {
                write!(f, "[%cal ")?;
                for (i, (c, from, to)) in marks.iter().enumerate() {
                    let comma = if i > 0 { "," } else { "" };
                    write!(f, "{comma}{c}{from}{to}")?;
                }
                write!(f, "]")
            }
            Command::Other { name, args } if args.is_empty() => write!(f, "[%{name}]"),
            Command::Other { name, args } => write!(f, "[%{name} {args}]"),
        }
    }
}

impl FromStr for Command {
    type Err = CommandError;
    /// Exactly one command, `[%` to `]`, with nothing around it.
    fn from_str(s: &str) -> Result<Command, CommandError> {
        let found = s.starts_with("[%").then(|| scan_command(s, 0));
        match found {
            Some(f) if !f.closed || f.span.end == s.len() => f.read,
            _ => Err(error("", s, CommandErrorKind::NotOne)),
        }
    }
}

/// A comment's text without its commands (those closed by `]`, read or not): the text
/// between them trimmed and joined by single spaces (none at the ends). An unterminated
/// `[%` stays, as text.
///
/// # Examples
///
/// ```
/// use lattjo_chess::pgn::commands::text_without_commands;
///
/// assert_eq!(text_without_commands("Start [%clk 0:10:10] comment [%egt 0:10:10] up to end"),
///            "Start comment up to end");
/// assert_eq!(text_without_commands("[%clk 1:00:00][%eval +0.3] Solid"), "Solid");
/// ```
#[must_use]
pub fn text_without_commands(comment: &str) -> String {
    let mut out = String::with_capacity(comment.len());
    let mut at = 0;
    let mut it = commands(comment);
    while let Some(found) = it.next_found() {
        if found.closed {
            push_piece(&mut out, &comment[at..found.span.start]);
            at = found.span.end;
        }
    }
    push_piece(&mut out, &comment[at..]);
    out
}

/// Appends a piece of text between commands: trimmed, after one space when both sides have
/// text.
fn push_piece(out: &mut String, piece: &str) {
    let piece = piece.trim_matches(is_space);
    if piece.is_empty() {
        return;
    }
    if !out.is_empty() {
        out.push(' ');
    }
    out.push_str(piece);
}

/// A comment of `text` and `commands`: the text, then each command, separated by single
/// spaces (lichess's order: `{ Inaccuracy. d4 was best. [%eval 0.39] [%clk 0:05:05] }`).
/// Reading it gives the commands back, and [`text_without_commands`] the text trimmed
/// (text that holds `[%` reads as a command: the format has no escape for it).
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use lattjo_chess::pgn::commands::{write_comment, Command};
///
/// let c = write_comment("Time trouble", &[Command::Clock(Duration::from_secs(9))]);
/// assert_eq!(c, "Time trouble [%clk 0:00:09]");
/// ```
#[must_use]
pub fn write_comment(text: &str, commands: &[Command]) -> String {
    let mut out = String::new();
    push_piece(&mut out, text);
    for c in commands {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&c.to_string());
    }
    out
}

/// `comment` with `command` in place of the first command of the same name (read or
/// malformed), and any other command of that name removed; appended after a space when
/// there was none (as python-chess's `set_clock`, `set_emt` and `set_eval` do).
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use lattjo_chess::pgn::commands::{set_command, Command};
///
/// let clock = Command::Clock(Duration::from_secs(170));
/// assert_eq!(set_command("[%eval 0.2] [%clk 0:03:00] ok", &clock), "[%eval 0.2] [%clk 0:02:50] ok");
/// assert_eq!(set_command("ok", &clock), "ok [%clk 0:02:50]");
/// ```
#[must_use]
pub fn set_command(comment: &str, command: &Command) -> String {
    replace_named(comment, command.name(), Some(command))
}

/// `comment` without its commands named `name` (read or malformed), the whitespace where
/// each stood joined as [`text_without_commands`] joins it.
///
/// A `[%` left unterminated because the next `[%` came first (`[%clk 0[%clk 0:01:00]:01:00]`)
/// runs on to the next `]` once that next command is removed (here it becomes
/// `[%clk 0:01:00]`): the format has no escape for `[%`. [`set_command`], which removes the
/// other commands of its name, shares this. A `[` just before a removed command and a `%`
/// just after it are kept apart by a space, so that they make no new command.
///
/// # Examples
///
/// ```
/// use lattjo_chess::pgn::commands::remove_commands;
///
/// assert_eq!(remove_commands("[%eval 0.2] [%clk 0:03:00] ok", "clk"), "[%eval 0.2] ok");
/// assert_eq!(remove_commands("[[%clk 0:03:00]%x]", "clk"), "[ %x]");
/// ```
#[must_use]
pub fn remove_commands(comment: &str, name: &str) -> String {
    replace_named(comment, name, None)
}

/// [`set_command`] (`Some`) and [`remove_commands`] (`None`).
fn replace_named(comment: &str, name: &str, with: Option<&Command>) -> String {
    let mut out = String::with_capacity(comment.len() + 16);
    let mut at = 0;
    let mut placed = false;
    let mut it = commands(comment);
    while let Some(found) = it.next_found() {
        if !found.closed || command_name(comment, found.span.clone()) != name {
            continue;
        }
        out.push_str(&comment[at..found.span.start]);
        at = found.span.end;
        match with {
            Some(c) if !placed => {
                out.push_str(&c.to_string());
                placed = true;
            }
            _ => {
                // Removed: the whitespace on either side becomes one space between text,
                // none at the ends.
                let kept = out.trim_end_matches(is_space).len();
                let rest = comment[at..].trim_start_matches(is_space);
                let gap = kept < out.len() || rest.len() < comment.len() - at;
                out.truncate(kept);
                at = comment.len() - rest.len();
                // A `[` just before the command and a `%` just after it would make a new
                // command of the text that follows: a space keeps them apart.
                let joins = out.ends_with('[') && rest.starts_with('%');
                if (gap || joins) && !out.is_empty() && !rest.is_empty() {
                    out.push(' ');
                }
            }
        }
    }
    out.push_str(&comment[at..]);
    if let Some(c) = with
        && !placed
    {
        let kept = out.trim_end_matches(is_space).len();
        out.truncate(kept);
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&c.to_string());
    }
    out
}

/// The name of the command at `span` of `comment` (its letters and digits after `[%`).
fn command_name(comment: &str, span: Range<usize>) -> &str {
    let body = &comment[span.start + 2..span.end];
    let n = body.bytes().take_while(u8::is_ascii_alphanumeric).count();
    &body[..n]
}

// ---------------------------------------------------------------------------------------
// The commands of a game's plies.

/// What the comments after one main-line ply (or before the first move) say, read leniently
/// as python-chess reads a node's comment: the first valid `%clk`, `%egt`, `%emt`, `%mct`
/// and `%eval`, every valid `%csl` square and `%cal` arrow in order; the errors of the
/// commands that could not be read are listed, not fatal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlyCommands {
    /// `%clk`: the time left on the clock of the player who made the move.
    pub clock: Option<Duration>,
    /// `%egt`: the time that player has used in the game.
    pub elapsed_game: Option<Duration>,
    /// `%emt`: the time the move took.
    pub elapsed_move: Option<Duration>,
    /// `%mct`: a mechanical clock's time.
    pub mechanical_clock: Option<Duration>,
    /// `%eval`: the evaluation after the move.
    pub eval: Option<Eval>,
    /// `%csl`: the coloured squares.
    pub squares: Vec<(MarkColor, Square)>,
    /// `%cal`: the coloured arrows.
    pub arrows: Vec<(MarkColor, Square, Square)>,
    /// The other commands (`%evp`, `%clkc`, ...), in order.
    pub others: Vec<Command>,
    /// The commands that could not be read, in order.
    pub errors: Vec<CommandError>,
}

impl PlyCommands {
    /// Reads the commands of `comments` (one ply's, in order) into one.
    #[must_use]
    pub fn read<'a>(comments: impl IntoIterator<Item = &'a str>) -> PlyCommands {
        let mut p = PlyCommands::default();
        for comment in comments {
            for c in commands(comment) {
                p.add(c);
            }
        }
        p
    }

    fn add(&mut self, c: Result<Command, CommandError>) {
        let first = |slot: &mut Option<Duration>, t| {
            slot.get_or_insert(t);
        };
        match c {
            Ok(Command::Clock(t)) => first(&mut self.clock, t),
            Ok(Command::ElapsedGame(t)) => first(&mut self.elapsed_game, t),
            Ok(Command::ElapsedMove(t)) => first(&mut self.elapsed_move, t),
            Ok(Command::MechanicalClock(t)) => first(&mut self.mechanical_clock, t),
            Ok(Command::Eval(e)) => {
                self.eval.get_or_insert(e);
            }
            Ok(Command::Squares(s)) => self.squares.extend(s),
            Ok(Command::Arrows(a)) => self.arrows.extend(a),
            Ok(other) => self.others.push(other),
            Err(e) => self.errors.push(e),
        }
    }

    /// Whether no command was found.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == PlyCommands::default()
    }
}

impl PgnGame {
    /// The commands of the main line's comments, read once: entry 0 from the comments before
    /// the first move, entry `k` from those after ply `k` (one entry per position, so
    /// `moves.len() + 1` of them; comments a hand-built game attaches beyond the last ply
    /// are not read). Comments are read only here, never while a file is read, so reading
    /// games costs nothing more for them.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use lattjo_chess::pgn::PgnGame;
    /// use lattjo_chess::pgn::commands::Score;
    ///
    /// let game: PgnGame = "1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... c5 { [%clk 0:02:58] } *".parse()?;
    /// let plies = game.ply_commands();
    /// assert_eq!(plies.len(), 3);
    /// assert_eq!(plies[1].eval.map(|e| e.score), Some(Score::Centipawns(17)));
    /// let clocks: Vec<_> = plies.iter().map(|p| p.clock).collect();
    /// assert_eq!(clocks, [None, Some(Duration::from_secs(180)), Some(Duration::from_secs(178))]);
    /// # Ok::<(), lattjo_chess::pgn::PgnError>(())
    /// ```
    #[must_use]
    pub fn ply_commands(&self) -> Vec<PlyCommands> {
        let mut plies = vec![PlyCommands::default(); self.moves.len() + 1];
        for (ply, text) in &self.comments {
            if let Some(p) = plies.get_mut(*ply) {
                for c in commands(text) {
                    p.add(c);
                }
            }
        }
        plies
    }

    /// The commands of the comments after main-line ply `ply` (0: before the first move), in
    /// order, as [`commands`] reads them (errors included).
    ///
    /// Each call looks through all the game's comments (the public `comments` may hold them
    /// in any order), so asking every ply in turn costs the square of the game's length: read
    /// every ply's commands with [`PgnGame::ply_commands`], in one pass, instead.
    pub fn commands_at(
        &self,
        ply: usize,
    ) -> impl Iterator<Item = Result<Command, CommandError>> + '_ {
        self.comments
            .iter()
            .filter(move |(p, _)| *p == ply)
            .flat_map(|(_, text)| commands(text))
    }

    /// Puts `command` in the comments after main-line ply `ply` (0: before the first move),
    /// in place of the first command of the same name there (any other of that name at the
    /// ply is removed), else at the end of the ply's last comment, else in a new comment
    /// after the ply's others: as python-chess's `set_clock`, `set_eval` and the like set a
    /// node's comment.
    ///
    /// Each call looks through all the game's comments, as [`PgnGame::commands_at`] does:
    /// setting a command at every ply of a game of n plies costs some n² comparisons (80,000
    /// plies, one comment each, took 8 s on the 6 December 2026 audit's machine; a few
    /// hundred plies take microseconds).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use lattjo_chess::pgn::PgnGame;
    /// use lattjo_chess::pgn::commands::Command;
    ///
    /// let mut game: PgnGame = "1. e4 { [%clk 0:03:00] } e5 *".parse()?;
    /// game.set_command(1, &Command::Clock(Duration::from_secs(175)))?;
    /// game.set_command(2, &Command::Clock(Duration::from_secs(179)))?;
    /// assert!(game.to_string().contains("1. e4 {[%clk 0:02:55]} 1... e5 {[%clk 0:02:59]} *"));
    /// // The game has two plies: there is no ply 3, and the game is unchanged.
    /// let before = game.clone();
    /// let err = game.set_command(3, &Command::Clock(Duration::from_secs(170))).unwrap_err();
    /// assert_eq!(err.to_string(), "ply 3 is beyond the game's 2 main-line plies");
    /// assert_eq!(game, before);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`PlyOutOfRange`] for a ply beyond the main line's moves; the game is unchanged.
    pub fn set_command(&mut self, ply: usize, command: &Command) -> Result<(), PlyOutOfRange> {
        if ply > self.moves.len() {
            return Err(PlyOutOfRange {
                ply,
                plies: self.moves.len(),
            });
        }
        let name = command.name();
        let has = |text: &str| {
            let mut it = commands(text);
            while let Some(f) = it.next_found() {
                if f.closed && command_name(text, f.span) == name {
                    return true;
                }
            }
            false
        };
        let at_ply: Vec<usize> = (0..self.comments.len())
            .filter(|&i| self.comments[i].0 == ply)
            .collect();
        let target = at_ply
            .iter()
            .copied()
            .find(|&i| has(&self.comments[i].1))
            .or(at_ply.last().copied());
        match target {
            Some(t) => {
                for &i in &at_ply {
                    if i != t && has(&self.comments[i].1) {
                        self.comments[i].1 = remove_commands(&self.comments[i].1, name);
                    }
                }
                self.comments[t].1 = set_command(&self.comments[t].1, command);
            }
            None => {
                // After the comments of earlier plies (the reader keeps them in ply order).
                let at = self.comments.partition_point(|(p, _)| *p <= ply);
                self.comments.insert(at, (ply, command.to_string()));
            }
        }
        Ok(())
    }
}

/// A ply that the game does not have: [`PgnGame::set_command`]'s error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply} is beyond the game's {plies} main-line plies")]
#[non_exhaustive]
pub struct PlyOutOfRange {
    /// The ply asked for (0: before the first move).
    pub ply: usize,
    /// How many plies the main line has.
    pub plies: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_core::text::EXCERPT_CHARS;
    use proptest::prelude::*;

    #[test]
    fn every_mark_colour_reads_back_from_its_letter() {
        for c in MarkColor::ALL {
            assert_eq!(c.to_string().parse::<MarkColor>(), Ok(c));
        }
    }

    #[test]
    fn a_text_that_is_no_mark_colour_is_refused_without_a_panic() {
        let long = "G".repeat(100_000);
        for bad in [
            "", " ", "r", "g", "X", "GG", "G ", " G", "G\n", "Ge4", "Ĝ", "Ｇ", &long,
        ] {
            let err = bad.parse::<MarkColor>().expect_err(bad);
            assert_eq!(err.kind, CommandErrorKind::MarkColor, "{bad:?}");
            assert_eq!((err.command.as_str(), err.text.clone()), ("", excerpt(bad)));
            assert!(err.text.chars().count() <= EXCERPT_CHARS);
        }
    }

    #[test]
    fn the_extreme_scores_read_back_from_their_text() {
        for s in [
            Score::Centipawns(0),
            Score::Centipawns(-1),
            Score::Centipawns(i32::MIN),
            Score::Centipawns(i32::MAX),
            Score::Mate(0),
            Score::Mate(i32::MIN),
            Score::Mate(i32::MAX),
        ] {
            assert_eq!(s.to_string().parse::<Score>(), Ok(s), "{s}");
        }
    }

    #[test]
    fn a_text_that_is_no_score_is_refused_with_its_kind_without_a_panic() {
        let long = "1".repeat(100_000);
        let long_mate = format!("#{long}");
        for (bad, kind) in [
            ("", CommandErrorKind::Eval),
            (" ", CommandErrorKind::Eval),
            ("0.17 ", CommandErrorKind::Eval),
            (" 0.17", CommandErrorKind::Eval),
            ("0.17\n", CommandErrorKind::Eval),
            ("0.17,20", CommandErrorKind::Eval),
            ("0.17x", CommandErrorKind::Eval),
            ("0.175", CommandErrorKind::Eval),
            ("#", CommandErrorKind::Eval),
            ("M3", CommandErrorKind::Eval),
            ("#-", CommandErrorKind::Eval),
            ("--1", CommandErrorKind::Eval),
            ("٣", CommandErrorKind::Eval),
            ("0.1７", CommandErrorKind::Eval),
            ("21474836.48", CommandErrorKind::EvalOutOfRange),
            ("#2147483648", CommandErrorKind::EvalOutOfRange),
            (long.as_str(), CommandErrorKind::Eval),
            (long_mate.as_str(), CommandErrorKind::EvalOutOfRange),
        ] {
            let err = bad.parse::<Score>().expect_err(bad);
            assert_eq!(err.kind, kind, "{bad:?}");
            assert_eq!(err.command, "eval");
            assert!(err.text.chars().count() <= EXCERPT_CHARS);
        }
    }

    proptest! {
        #[test]
        fn every_score_reads_back_from_its_text(cp in any::<i32>(), mate in any::<i32>()) {
            for s in [Score::Centipawns(cp), Score::Mate(mate)] {
                prop_assert_eq!(s.to_string().parse::<Score>(), Ok(s));
            }
        }
    }
}
