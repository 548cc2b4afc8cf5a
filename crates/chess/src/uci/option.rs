//! The engine's `option` message.

use core::fmt;
use core::str::FromStr;

use super::engine::EngineMessage;
use super::words::{UciMessageError, Words, set_once, unknown, write_words};
use boardgame_core::text::excerpt;

/// `option name <id> type <t> [default <x>] [min <x>] [max <x>] [var <x>]*`: an option the
/// engine has, sent after `uci`.
///
/// The name runs to the word `type` (it may hold spaces). A `combo`'s default and vars each
/// run to the next keyword (`default`, `min`, `max`, `var`); a `string`'s default is the
/// rest of the line. Texts are kept as words separated by single spaces, verbatim otherwise:
/// the specification's `<empty>` (an empty string, as Stockfish's `SyzygyPath` has it) stays
/// `"<empty>"`, and `default` with nothing after it (Stockfish's `Debug Log File`) reads as
/// `Some("")` and writes back as `default ` with its space. Reading does not check that a
/// spin's default lies within its bounds.
///
/// # Examples
///
/// ```
/// use lattjo_chess::uci::{EngineOption, OptionKind};
/// let o: EngineOption = "option name Hash type spin default 16 min 1 max 33554432".parse()?;
/// assert_eq!(o.kind, OptionKind::Spin { default: Some(16), min: Some(1), max: Some(33554432) });
/// let style: EngineOption = "option name Style type combo default Normal var Solid var Normal var Risky".parse()?;
/// let OptionKind::Combo { vars, .. } = &style.kind else { panic!() };
/// assert_eq!(vars.len(), 3);
/// assert_eq!(style.to_string(), "option name Style type combo default Normal var Solid var Normal var Risky");
/// # Ok::<(), lattjo_chess::uci::UciMessageError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EngineOption {
    /// The option's name.
    pub name: String,
    /// Its type, with its default and bounds.
    pub kind: OptionKind,
}

/// The type of an [`EngineOption`], with what the engine says of its values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// `check`: on or off.
    Check {
        /// `default true|false`.
        default: Option<bool>,
    },
    /// `spin`: a whole number in a range.
    Spin {
        /// `default <n>`.
        default: Option<i64>,
        /// `min <n>`.
        min: Option<i64>,
        /// `max <n>`.
        max: Option<i64>,
    },
    /// `combo`: one of the `var` texts.
    Combo {
        /// `default <text>`.
        default: Option<String>,
        /// The `var <text>` choices, in order.
        vars: Vec<String>,
    },
    /// `button`: a command, set without a value.
    Button,
    /// `string`: a text.
    String {
        /// `default <text>` (`<empty>` in the specification for the empty string).
        default: Option<String>,
    },
}

impl OptionKind {
    fn word(&self) -> &'static str {
        match self {
            OptionKind::Check { .. } => "check",
            OptionKind::Spin { .. } => "spin",
            OptionKind::Combo { .. } => "combo",
            OptionKind::Button => "button",
            OptionKind::String { .. } => "string",
        }
    }
}

const OPTION_KEYWORDS: [&str; 4] = ["default", "min", "max", "var"];

impl EngineOption {
    pub(crate) fn read(
        words: &mut Words<'_>,
        strict: bool,
    ) -> Result<EngineOption, UciMessageError> {
        loop {
            match words.next() {
                Some("name") => break,
                Some(w) => unknown(strict, "option", w)?,
                None => {
                    return Err(UciMessageError::MissingField {
                        command: "option",
                        field: "name",
                    });
                }
            }
        }
        let name = words.text_until(&["type"]);
        if name.is_empty() {
            return Err(UciMessageError::MissingValue("name"));
        }
        if words.next().is_none() {
            return Err(UciMessageError::MissingField {
                command: "option",
                field: "type",
            });
        }
        let mut kind = match words.next() {
            Some("check") => OptionKind::Check { default: None },
            Some("spin") => OptionKind::Spin {
                default: None,
                min: None,
                max: None,
            },
            Some("combo") => OptionKind::Combo {
                default: None,
                vars: Vec::new(),
            },
            Some("button") => OptionKind::Button,
            Some("string") => OptionKind::String { default: None },
            other => {
                return Err(UciMessageError::Expected {
                    field: "type",
                    expected: "\"check\", \"spin\", \"combo\", \"button\" or \"string\"",
                    found: excerpt(other.unwrap_or("")),
                });
            }
        };
        while let Some(w) = words.next() {
            match (&mut kind, w) {
                (OptionKind::Check { default }, "default") => {
                    let b = match words.value("default")? {
                        "true" => true,
                        "false" => false,
                        other => {
                            return Err(UciMessageError::Expected {
                                field: "default",
                                expected: "\"true\" or \"false\"",
                                found: excerpt(other),
                            });
                        }
                    };
                    set_once(default, "default", b)?;
                }
                (OptionKind::Spin { default, .. }, "default") => {
                    set_once(default, "default", words.number("default")?)?;
                }
                (OptionKind::Spin { min, .. }, "min") => {
                    set_once(min, "min", words.number("min")?)?;
                }
                (OptionKind::Spin { max, .. }, "max") => {
                    set_once(max, "max", words.number("max")?)?;
                }
                (OptionKind::Combo { default, .. }, "default") => {
                    set_once(default, "default", words.text_until(&OPTION_KEYWORDS))?;
                }
                (OptionKind::Combo { vars, .. }, "var") => {
                    vars.push(words.text_until(&OPTION_KEYWORDS));
                }
                (OptionKind::String { default }, "default") => {
                    set_once(default, "default", words.rest_text())?;
                }
                _ => unknown(strict, "option", w)?,
            }
        }
        Ok(EngineOption { name, kind })
    }
}

impl FromStr for EngineOption {
    type Err = UciMessageError;
    /// Reads the message's line as [`EngineMessage::parse`] does.
    fn from_str(s: &str) -> Result<EngineOption, UciMessageError> {
        match s.parse::<EngineMessage>()? {
            EngineMessage::Option(x) => Ok(x),
            other => Err(UciMessageError::WrongCommand {
                expected: "option",
                found: other.name(),
            }),
        }
    }
}

impl fmt::Display for EngineOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("option name ")?;
        write_words(f, &self.name)?;
        write!(f, " type {}", self.kind.word())?;
        let text = |f: &mut fmt::Formatter<'_>, word: &str, t: &str| {
            write!(f, " {word} ")?;
            write_words(f, t)
        };
        match &self.kind {
            OptionKind::Check { default } => {
                if let Some(d) = default {
                    write!(f, " default {d}")?;
                }
            }
            OptionKind::Spin { default, min, max } => {
                for (word, n) in [("default", default), ("min", min), ("max", max)] {
                    if let Some(n) = n {
                        write!(f, " {word} {n}")?;
                    }
                }
            }
            OptionKind::Combo { default, vars } => {
                if let Some(d) = default {
                    text(f, "default", d)?;
                }
                for v in vars {
                    text(f, "var", v)?;
                }
            }
            OptionKind::Button => {}
            OptionKind::String { default } => {
                if let Some(d) = default {
                    text(f, "default", d)?;
                }
            }
        }
        Ok(())
    }
}
