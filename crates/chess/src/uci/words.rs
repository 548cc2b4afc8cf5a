//! The words of a UCI line and the error every protocol message reports.

use boardgame_core::text::excerpt;
use core::fmt;

use super::UciMove;
use crate::uci::{UciError, UciPositionError};

/// Why a UCI protocol line did not read as the message asked for.
///
/// Every variant names the word (or the field) at fault; words quoted from the line are
/// shortened to an excerpt.
///
/// # Examples
///
/// ```
/// use lattjo_chess::uci::{Go, UciMessageError};
///
/// assert_eq!(
///     "go wtime -5".parse::<Go>(),
///     Err(UciMessageError::Number {
///         field: "wtime",
///         text: "-5".into(),
///         min: 0,
///         max: u64::MAX.into(),
///     })
/// );
/// assert_eq!(
///     "go depth".parse::<Go>(),
///     Err(UciMessageError::MissingValue("depth"))
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UciMessageError {
    /// The line holds no command word of this direction of the protocol (it is empty, or every
    /// word is unknown and was skipped).
    #[error("no uci command in {0:?}")]
    NoCommand(String),
    /// The line is a command of the protocol, but not the one asked for (`"uciok".parse::<Go>()`).
    #[error("expected a {expected:?} command, found {found:?}")]
    WrongCommand {
        /// The command asked for.
        expected: &'static str,
        /// The command the line holds.
        found: &'static str,
    },
    /// A word the protocol does not define where it stands. The specification says to skip
    /// such words, and the lenient readers do; only the strict readers
    /// ([`GuiCommand::parse_strict`](crate::uci::GuiCommand::parse_strict),
    /// [`EngineMessage::parse_strict`](crate::uci::EngineMessage::parse_strict)) report it.
    #[error("unknown word {token:?} in a {command:?} command")]
    UnknownToken {
        /// The command being read.
        command: &'static str,
        /// The word.
        token: String,
    },
    /// A field the protocol gives a value has none (`go depth` at the end of the line, an
    /// empty option name, `pv` without a move).
    #[error("{0:?} has no value")]
    MissingValue(&'static str),
    /// A field the command needs is not in it at all (`register` without `name`, `option
    /// name Hash` without `type`); a field that is there with nothing after it is
    /// [`UciMessageError::MissingValue`].
    #[error("the {command:?} command has no {field:?} field")]
    MissingField {
        /// The command being read.
        command: &'static str,
        /// The field it needs.
        field: &'static str,
    },
    /// A word that is not one of those allowed here (`debug` takes `on` or `off`).
    #[error("{field:?} takes {expected}, not {found:?}")]
    Expected {
        /// The field or command.
        field: &'static str,
        /// What it takes, in words.
        expected: &'static str,
        /// The word found (empty at the end of the line).
        found: String,
    },
    /// A number that does not read, or that is out of the field's range (never wrapped).
    #[error("{field:?} takes a whole number from {min} to {max}, not {text:?}")]
    Number {
        /// The field.
        field: &'static str,
        /// The word found.
        text: String,
        /// The smallest value allowed.
        min: i128,
        /// The largest value allowed.
        max: i128,
    },
    /// A field given twice in one line (`go depth 5 depth 6`).
    #[error("{0:?} is given twice")]
    Duplicate(&'static str),
    /// A move that is not UCI notation.
    #[error("{field:?}: {error}")]
    Move {
        /// The field holding the move.
        field: &'static str,
        /// Why it was refused.
        error: UciError,
    },
    /// A `position` command that does not read.
    #[error(transparent)]
    Position(#[from] UciPositionError),
}

/// The words of a line, split at ASCII whitespace (the specification allows any run of
/// whitespace between words).
#[derive(Clone, Copy)]
pub(crate) struct Words<'a> {
    rest: &'a str,
}

impl<'a> Words<'a> {
    pub(crate) fn new(line: &'a str) -> Words<'a> {
        Words { rest: line }
    }

    /// What is left of the line, from the next word on.
    pub(crate) fn remaining(&self) -> &'a str {
        self.rest
            .trim_start_matches(|c: char| c.is_ascii_whitespace())
    }

    pub(crate) fn peek(&self) -> Option<&'a str> {
        self.clone().next()
    }

    /// Words up to (not including) the first of `stops`, joined by single spaces.
    pub(crate) fn text_until(&mut self, stops: &[&str]) -> String {
        let mut text = String::new();
        while let Some(w) = self.peek() {
            if stops.contains(&w) {
                break;
            }
            self.next();
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(w);
        }
        text
    }

    /// The rest of the line's words, joined by single spaces.
    pub(crate) fn rest_text(&mut self) -> String {
        self.text_until(&[])
    }

    /// Moves as long as the next word reads as one.
    pub(crate) fn moves(&mut self, field: &'static str) -> Result<Vec<UciMove>, UciMessageError> {
        let mut moves = Vec::new();
        while let Some(m) = self.peek().and_then(|w| w.parse::<UciMove>().ok()) {
            self.next();
            moves.push(m);
        }
        if moves.is_empty() {
            return Err(UciMessageError::MissingValue(field));
        }
        Ok(moves)
    }

    /// One move.
    pub(crate) fn one_move(&mut self, field: &'static str) -> Result<UciMove, UciMessageError> {
        let w = self.value(field)?;
        w.parse()
            .map_err(|error| UciMessageError::Move { field, error })
    }

    /// The next word, which `field` needs as its value.
    pub(crate) fn value(&mut self, field: &'static str) -> Result<&'a str, UciMessageError> {
        self.next().ok_or(UciMessageError::MissingValue(field))
    }

    /// The next word as a number of type `T` (its range checked, never wrapped).
    pub(crate) fn number<T>(&mut self, field: &'static str) -> Result<T, UciMessageError>
    where
        T: TryFrom<i128> + Bounded,
    {
        let text = self.value(field)?;
        number(field, text, T::MIN, T::MAX)
    }

    /// The next word as a number from `min` to `max`.
    pub(crate) fn number_in<T: TryFrom<i128>>(
        &mut self,
        field: &'static str,
        min: i128,
        max: i128,
    ) -> Result<T, UciMessageError> {
        let text = self.value(field)?;
        number(field, text, min, max)
    }
}

impl<'a> Iterator for Words<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        let s = self.remaining();
        if s.is_empty() {
            self.rest = s;
            return None;
        }
        let end = s.find(|c: char| c.is_ascii_whitespace()).unwrap_or(s.len());
        let (word, rest) = s.split_at(end);
        self.rest = rest;
        Some(word)
    }
}

/// `text` as a number from `min` to `max`.
fn number<T: TryFrom<i128>>(
    field: &'static str,
    text: &str,
    min: i128,
    max: i128,
) -> Result<T, UciMessageError> {
    let bad = || UciMessageError::Number {
        field,
        text: excerpt(text),
        min,
        max,
    };
    let n: i128 = text.parse().map_err(|_| bad())?;
    if n < min || n > max {
        return Err(bad());
    }
    T::try_from(n).map_err(|_| bad())
}

/// The range of an integer type, as `i128`.
pub(crate) trait Bounded {
    const MIN: i128;
    const MAX: i128;
}

macro_rules! bounded {
    ($($t:ty),*) => {$(
        impl Bounded for $t {
            const MIN: i128 = <$t>::MIN as i128;
            const MAX: i128 = <$t>::MAX as i128;
        }
    )*};
}
bounded!(u16, u32, u64, i32, i64);

/// Whether `text` has a word as the readers split words, at ASCII whitespace only: a vertical
/// tab or a no-break space is part of a word there, so `str::trim`, which removes them, would
/// call a text of such characters empty and leave out a word the reader keeps (libFuzzer's
/// `chess_uci_protocol`: `id name \u{b}` was written as `id name`).
pub(crate) fn has_words(text: &str) -> bool {
    text.split_ascii_whitespace().next().is_some()
}

/// Writes `text` as words separated by single spaces: what the readers make of it, and never
/// a line break inside a message.
pub(crate) fn write_words(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    for (i, w) in text.split_ascii_whitespace().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        f.write_str(w)?;
    }
    Ok(())
}

/// Writes ` <keyword> <move> <move> ...`.
pub(crate) fn write_moves(
    f: &mut fmt::Formatter<'_>,
    keyword: &str,
    moves: &[UciMove],
) -> fmt::Result {
    if !moves.is_empty() {
        write!(f, " {keyword}")?;
        for m in moves {
            write!(f, " {m}")?;
        }
    }
    Ok(())
}

/// What the readers do with a word they do not know.
pub(crate) fn unknown(
    strict: bool,
    command: &'static str,
    token: &str,
) -> Result<(), UciMessageError> {
    if strict {
        Err(UciMessageError::UnknownToken {
            command,
            token: excerpt(token),
        })
    } else {
        Ok(())
    }
}

/// Stores `value` in `slot`, refusing a second one.
pub(crate) fn set_once<T>(
    slot: &mut Option<T>,
    field: &'static str,
    value: T,
) -> Result<(), UciMessageError> {
    if slot.is_some() {
        return Err(UciMessageError::Duplicate(field));
    }
    *slot = Some(value);
    Ok(())
}
