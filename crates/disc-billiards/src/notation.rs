//! An action's text: [`Action`]'s `Display` and `FromStr`, in the same words as a carrom
//! action's (a seat as its bare index, a stroke in its own notation).

use core::fmt;
use core::str::FromStr;

use boardgame_core::Seat;
use boardgame_core::text::excerpt;

use crate::conduct::{Call, Conduct};
use crate::game::Action;
use crate::stroke::{Noise, ParseStrokeError, Stroke};

/// The most words an action's text has: `call foul-stroke <seat> x,y dx,dy speed`. The reader
/// looks at one more, so that a text of any length costs no more than that to refuse.
const MAX_WORDS: usize = 6;

/// The first words of the actions.
const KINDS: &str = "strike, noise or call";
/// The words after `call`.
const CALLS: &str = "foul-stroke or conduct";
/// The words after `call conduct <seat>`.
const CONDUCTS: &str = "refused-to-strike, double-stroke, touched-disc, \
                        moved-disc-in-opponents-turn, delay, puck-broke or left-zone";

/// A breach of conduct's word in an action's text ([`Conduct`]'s `Display` is a phrase).
const fn conduct_word(c: Conduct) -> &'static str {
    match c {
        Conduct::RefusedToStrike => "refused-to-strike",
        Conduct::DoubleStroke => "double-stroke",
        Conduct::TouchedDisc => "touched-disc",
        Conduct::MovedDiscInOpponentsTurn => "moved-disc-in-opponents-turn",
        Conduct::Delay => "delay",
        Conduct::PuckBroke => "puck-broke",
        Conduct::LeftZone => "left-zone",
    }
}

/// An action's text: `strike <seat> <stroke>`, `noise <slip> <speed_error>`,
/// `call foul-stroke <seat> <stroke>` and `call conduct <seat> <conduct>`, words separated by
/// single spaces. A seat is its bare index (`0`, not `Seat`'s own `seat 0`), a stroke its own
/// notation `x,y dx,dy speed` ([`Stroke`]'s `Display`), a [`Conduct`] its variant's name in
/// lower case with hyphens (`refused-to-strike`, `double-stroke`, `touched-disc`,
/// `moved-disc-in-opponents-turn`, `delay`, `puck-broke`, `left-zone`), and numbers print in
/// Rust's shortest round-trip form, so the text reads back to the same action, bit for bit
/// ([`Action`]'s `FromStr`). A carrom action of the same kind is written in the same words.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Action, Call, Conduct, Noise, Seat, Stroke, Vec2};
/// let stroke = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.2, 1.0), 3.5);
/// assert_eq!(Action::Strike(Seat::new(0), stroke).to_string(), "strike 0 0,0.09 0.2,1 3.5");
/// let noise = Noise { slip: -0.01, speed_error: 0.05 };
/// assert_eq!(Action::Noise(noise).to_string(), "noise -0.01 0.05");
/// let foul = Action::Call(Call::FoulStroke(Seat::new(1), stroke));
/// assert_eq!(foul.to_string(), "call foul-stroke 1 0,0.09 0.2,1 3.5");
/// let delay = Action::Call(Call::Conduct(Seat::new(3), Conduct::Delay));
/// assert_eq!(delay.to_string(), "call conduct 3 delay");
/// ```
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Strike(seat, stroke) => write!(f, "strike {} {stroke}", seat.index()),
            Action::Noise(n) => write!(f, "noise {} {}", n.slip, n.speed_error),
            Action::Call(Call::FoulStroke(seat, stroke)) => {
                write!(f, "call foul-stroke {} {stroke}", seat.index())
            }
            Action::Call(Call::Conduct(seat, conduct)) => {
                let word = conduct_word(*conduct);
                write!(f, "call conduct {} {word}", seat.index())
            }
        }
    }
}

/// An action's text that is not an action: what [`Action`]'s `FromStr` refuses, quoting the
/// text (at most 64 characters of it, [`boardgame_core::text::excerpt`]). The same variants
/// as a carrom action's.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Action, ParseActionError, ParseStrokeError};
/// assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
/// assert_eq!(
///     "call conduct 256 delay".parse::<Action>(),
///     Err(ParseActionError::Seat("256".into()))
/// );
/// assert_eq!("noise nan 0".parse::<Action>(), Err(ParseActionError::NotFinite("nan".into())));
/// assert!(matches!("cue 0".parse::<Action>(), Err(ParseActionError::Unknown { .. })));
/// assert!(matches!("strike 0".parse::<Action>(), Err(ParseActionError::Missing { .. })));
/// assert!(matches!("noise 0 0 0".parse::<Action>(), Err(ParseActionError::TooManyWords { .. })));
/// assert!(matches!(
///     "strike 0 0,0.09 0,0 3".parse::<Action>(),
///     Err(ParseActionError::Stroke(ParseStrokeError::Invalid(_)))
/// ));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// Nothing but white space.
    #[error("empty action")]
    Empty,
    /// A word that is not one of those that may stand there: the action's first word, the
    /// kind of call, or the conduct.
    #[error("unknown word {word:?}: expected {expected}")]
    Unknown {
        /// The word given (at most 64 characters of it).
        word: String,
        /// The words that may stand there.
        expected: &'static str,
    },
    /// Fewer words than the action's form has.
    #[error("too few words in {text:?}: expected `{form}`")]
    Missing {
        /// The text given (at most 64 characters of it).
        text: String,
        /// The form of the action named by the first words.
        form: &'static str,
    },
    /// More words than the action's form has.
    #[error("too many words in {text:?}: expected `{form}`")]
    TooManyWords {
        /// The text given (at most 64 characters of it).
        text: String,
        /// The form of the action named by the first words.
        form: &'static str,
    },
    /// A seat that is not a number from 0 to 255 written in digits.
    #[error("not a seat number from 0 to 255: {0:?}")]
    Seat(String),
    /// A noise value that is not a number.
    #[error("not a number: {0:?}")]
    Number(String),
    /// A noise value that reads as NaN or an infinity: a noise draw holds finite numbers
    /// (as serde requires when one deserializes).
    #[error("not a finite number: {0:?}")]
    NotFinite(String),
    /// The three words of a stroke that are not a stroke ([`Stroke`]'s `FromStr`).
    #[error(transparent)]
    Stroke(#[from] ParseStrokeError),
}

/// Reads what [`Action`]'s `Display` writes (see there for the forms), with any white space
/// between the words: `parse(a.to_string()) == a` for every action, bit for bit. A seat is
/// any index a [`Seat`] holds (0 to 255, in digits); a stroke must have the shape
/// [`Stroke`]'s `FromStr` (and serde) require ([`Stroke::check_shape`]), and noise finite
/// numbers, as serde requires. Whether the action is legal in a position is the game's to say
/// ([`boardgame_core::Game::is_legal`]).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Action, Call, Conduct, Seat, Stroke, Vec2};
/// let left = Action::Call(Call::Conduct(Seat::new(1), Conduct::LeftZone));
/// assert_eq!("call conduct 1 left-zone".parse(), Ok(left));
/// let stroke = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 3.0);
/// assert_eq!("strike\t0  0,0.09 0,1 3\n".parse(), Ok(Action::Strike(Seat::new(0), stroke)));
/// let foul = Action::Call(Call::FoulStroke(Seat::new(0), stroke));
/// assert_eq!(foul.to_string().parse(), Ok(foul));
/// ```
impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let (words, n) = boardgame_core::text::words::<{ MAX_WORDS + 1 }>(s);
        let words = &words[..n];
        let Some((&kind, rest)) = words.split_first() else {
            return Err(ParseActionError::Empty);
        };
        match kind {
            "strike" => {
                let [seat, p, d, v] = fields(s, rest, "strike <seat> x,y dx,dy speed")?;
                Ok(Action::Strike(read_seat(seat)?, read_stroke(p, d, v)?))
            }
            "noise" => {
                let [slip, speed_error] = fields(s, rest, "noise <slip> <speed_error>")?;
                Ok(Action::Noise(Noise {
                    slip: read_number(slip)?,
                    speed_error: read_number(speed_error)?,
                }))
            }
            "call" => match rest.split_first() {
                None => Err(ParseActionError::Missing {
                    text: excerpt(s),
                    form: "call foul-stroke|conduct <seat> ...",
                }),
                Some((&"foul-stroke", rest)) => {
                    let form = "call foul-stroke <seat> x,y dx,dy speed";
                    let [seat, p, d, v] = fields(s, rest, form)?;
                    let call = Call::FoulStroke(read_seat(seat)?, read_stroke(p, d, v)?);
                    Ok(Action::Call(call))
                }
                Some((&"conduct", rest)) => {
                    let [seat, word] = fields(s, rest, "call conduct <seat> <conduct>")?;
                    let seat = read_seat(seat)?;
                    let conduct = Conduct::ALL
                        .into_iter()
                        .find(|&c| conduct_word(c) == word)
                        .ok_or_else(|| unknown(word, CONDUCTS))?;
                    Ok(Action::Call(Call::Conduct(seat, conduct)))
                }
                Some((&w, _)) => Err(unknown(w, CALLS)),
            },
            w => Err(unknown(w, KINDS)),
        }
    }
}

/// The `N` words after an action's first words, or the error naming its form.
fn fields<'a, const N: usize>(
    text: &str,
    words: &[&'a str],
    form: &'static str,
) -> Result<[&'a str; N], ParseActionError> {
    <[&str; N]>::try_from(words).map_err(|_| {
        let text = excerpt(text);
        if words.len() < N {
            ParseActionError::Missing { text, form }
        } else {
            ParseActionError::TooManyWords { text, form }
        }
    })
}

fn unknown(word: &str, expected: &'static str) -> ParseActionError {
    ParseActionError::Unknown {
        word: excerpt(word),
        expected,
    }
}

/// A seat's bare index: digits only (no sign), at most 255.
fn read_seat(word: &str) -> Result<Seat, ParseActionError> {
    match word.parse::<u8>() {
        Ok(i) if word.bytes().all(|b| b.is_ascii_digit()) => Ok(Seat::new(i)),
        _ => Err(ParseActionError::Seat(excerpt(word))),
    }
}

/// A finite number (a noise value).
fn read_number(word: &str) -> Result<f64, ParseActionError> {
    match word.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        Ok(_) => Err(ParseActionError::NotFinite(excerpt(word))),
        Err(_) => Err(ParseActionError::Number(excerpt(word))),
    }
}

/// A stroke from its three words, through [`Stroke`]'s own reader.
fn read_stroke(place: &str, direction: &str, speed: &str) -> Result<Stroke, ParseStrokeError> {
    [place, direction, speed].join(" ").parse()
}

#[cfg(test)]
mod tests {
    use super::*;
    use disc_physics::Vec2;

    fn stroke() -> Stroke {
        Stroke::new(Vec2::new(-0.05, 0.09), Vec2::new(0.2, 1.0), 3.5)
    }

    /// One action of every kind, with the extreme seats.
    fn every_kind() -> Vec<Action> {
        let mut out = Vec::new();
        for seat in [0, 1, 3, 255].map(Seat::new) {
            out.push(Action::Strike(seat, stroke()));
            out.push(Action::Call(Call::FoulStroke(seat, stroke())));
            for c in Conduct::ALL {
                out.push(Action::Call(Call::Conduct(seat, c)));
            }
        }
        for (slip, speed_error) in [
            (0.0, -0.0),
            (-0.0, 0.0),
            (f64::MAX, f64::MIN),
            (f64::MIN_POSITIVE, -5e-324),
            (0.1 + 0.2, -1.0 / 3.0),
        ] {
            out.push(Action::Noise(Noise { slip, speed_error }));
        }
        out
    }

    fn same_bits(a: &Action, b: &Action) -> bool {
        match (a, b) {
            (Action::Noise(x), Action::Noise(y)) => {
                x.slip.to_bits() == y.slip.to_bits()
                    && x.speed_error.to_bits() == y.speed_error.to_bits()
            }
            _ => a == b,
        }
    }

    #[test]
    fn every_kind_reads_back_bit_for_bit() {
        for a in every_kind() {
            let text = a.to_string();
            let back: Action = text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert!(same_bits(&back, &a), "{a:?} -> {text:?} -> {back:?}");
            assert_eq!(back.to_string(), text);
        }
    }

    #[test]
    fn conduct_words_are_distinct_single_words() {
        for (i, c) in Conduct::ALL.into_iter().enumerate() {
            let w = conduct_word(c);
            assert_eq!(w.split_whitespace().collect::<Vec<_>>(), [w]);
            assert!(CONDUCTS.contains(w), "{w}");
            for d in &Conduct::ALL[..i] {
                assert_ne!(conduct_word(*d), w);
            }
        }
    }

    #[test]
    fn the_forms() {
        assert_eq!(
            Action::Noise(Noise {
                slip: -0.0,
                speed_error: 1e-3
            })
            .to_string(),
            "noise -0 0.001"
        );
        assert_eq!(
            Action::Strike(Seat::new(1), stroke()).to_string(),
            "strike 1 -0.05,0.09 0.2,1 3.5"
        );
        assert_eq!(
            Action::Call(Call::Conduct(
                Seat::new(2),
                Conduct::MovedDiscInOpponentsTurn
            ))
            .to_string(),
            "call conduct 2 moved-disc-in-opponents-turn"
        );
    }

    #[test]
    fn bad_texts_give_their_errors() {
        let err = |t: &str| t.parse::<Action>().unwrap_err();
        for t in ["", " ", "\t\n "] {
            assert_eq!(err(t), ParseActionError::Empty);
        }
        for t in [
            "call conduct -1 delay",
            "call conduct 256 delay",
            "call conduct +1 delay",
            "strike x 0,0.09 0,1 3",
            "strike 1.0 0,0.09 0,1 3",
            "call foul-stroke ٣ 0,0.09 0,1 3",
        ] {
            assert!(matches!(err(t), ParseActionError::Seat(_)), "{t}");
        }
        assert_eq!(
            err("Strike 0 0,0.09 0,1 3"),
            ParseActionError::Unknown {
                word: "Strike".into(),
                expected: KINDS
            }
        );
        assert!(matches!(
            err("call technical-foul 0"),
            ParseActionError::Unknown {
                expected: CALLS,
                ..
            }
        ));
        assert!(matches!(
            err("call conduct 0 refused to strike"),
            ParseActionError::TooManyWords { .. }
        ));
        assert!(matches!(
            err("call conduct 0 Delay"),
            ParseActionError::Unknown {
                expected: CONDUCTS,
                ..
            }
        ));
        for t in [
            "strike",
            "strike 0 0,0.09 0,1",
            "noise 0",
            "call",
            "call conduct 0",
            "call foul-stroke 0 0,0.09",
        ] {
            assert!(matches!(err(t), ParseActionError::Missing { .. }), "{t}");
        }
        for t in [
            "strike 0 0,0.09 0,1 3 4",
            "noise 0 0 0",
            "call conduct 0 delay now",
            "call foul-stroke 0 0,0.09 0,1 3 4",
            &"noise 0 ".repeat(10_000),
        ] {
            assert!(
                matches!(err(t), ParseActionError::TooManyWords { .. }),
                "{t}"
            );
        }
        for t in [
            "noise nan 0",
            "noise 0 inf",
            "noise -infinity 0",
            "noise 1e309 0",
        ] {
            assert!(matches!(err(t), ParseActionError::NotFinite(_)), "{t}");
        }
        for t in ["noise 0x1 0", "noise 0 1,5", "noise - 0"] {
            assert!(matches!(err(t), ParseActionError::Number(_)), "{t}");
        }
        assert!(matches!(
            err("strike 0 0,0.09 nan,1 3"),
            ParseActionError::Stroke(ParseStrokeError::NotFinite(_))
        ));
        assert!(matches!(
            err("call foul-stroke 0 0,0.09 0,1 99"),
            ParseActionError::Stroke(ParseStrokeError::Invalid(_))
        ));
        assert!(matches!(
            err("strike 0 0 0,1 3"),
            ParseActionError::Stroke(ParseStrokeError::Shape(_))
        ));
    }

    #[test]
    fn errors_quote_at_most_64_characters_and_read_as_sentences() {
        let long = "é".repeat(100_000);
        for t in [
            long.clone(),
            format!("call conduct {long} delay"),
            format!("noise {long} 0"),
            format!("{long} 0 0 0 0 0 0 0 0"),
            format!("call conduct 0 {long}"),
        ] {
            let e = t.parse::<Action>().unwrap_err();
            let msg = e.to_string();
            assert!(msg.chars().count() < 250, "{msg}");
            assert!(!msg.ends_with('.'), "{msg}");
            assert!(msg.starts_with(char::is_lowercase), "{msg}");
        }
    }
}
