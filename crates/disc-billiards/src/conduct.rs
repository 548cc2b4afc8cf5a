//! Referee calls: a stroke played with a breach of technique (N4, B21: a foul stroke) and the
//! LNF's calls on conduct (rules file §5): the federation's penalties that no stroke carries
//! (refusing to strike, a double stroke, touching discs or a moving puck, moving discs in the
//! opponent's turn, delaying, the puck breaking) and the loss of turn for leaving one's zone. A
//! call is charged through the same penalty and debt machinery as the fouls of a stroke (N9,
//! N10, B16).

use core::fmt;
use core::str::FromStr;

use boardgame_core::Seat;
use boardgame_core::text::excerpt;

use crate::discs::Side;
use crate::outcome::{Penalty, Resolution};
use crate::resolve::{charge, settle};
use crate::rules::{Rules, TechniqueBreach};
use crate::state::{State, Status};
use crate::stroke::{Stroke, StrokeError};

/// What the referee saw (rules file §5, "Longer penalty list" and "Extra losses of turn").
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_disc_billiards::{Call, Conduct, Novuss, Rules};
/// let game = Novuss::new(Rules::lnf())?;
/// let mut state = game.new_state();
/// // Leaving one's zone costs the turn, no penalty disc.
/// let report = game.call(&mut state, &Call::Conduct(Seat::new(0), Conduct::LeftZone))?;
/// assert!(report.turn_passed && !Conduct::LeftZone.is_penalty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Conduct {
    /// The player to strike refused to strike: a penalty disc and the turn passes.
    RefusedToStrike,
    /// The player to strike struck the puck twice in one stroke: a penalty disc and the
    /// turn passes.
    DoubleStroke,
    /// The player to strike touched discs, or a moving puck, by hand or cue: a penalty disc
    /// and the turn passes (the referee puts the discs back; the position given is the one
    /// after that).
    TouchedDisc,
    /// A player of the side **not** striking moved discs during the opponent's turn: the
    /// penalty is immediate and charged to him, the disc is restored (the position given is
    /// the restored one) and the striker keeps his turn.
    MovedDiscInOpponentsTurn,
    /// The player to strike delayed more than 30 s after a warning: a penalty disc and the
    /// turn passes.
    Delay,
    /// The puck broke during the player's stroke: a penalty disc and the turn passes (the
    /// stroke's effect on the discs is whatever the position shows).
    PuckBroke,
    /// The player to strike crossed the border of his own zone: the turn passes, no
    /// penalty disc.
    LeftZone,
}

impl Conduct {
    /// Every call.
    pub const ALL: [Conduct; 7] = [
        Conduct::RefusedToStrike,
        Conduct::DoubleStroke,
        Conduct::TouchedDisc,
        Conduct::MovedDiscInOpponentsTurn,
        Conduct::Delay,
        Conduct::PuckBroke,
        Conduct::LeftZone,
    ];

    /// Whether the call costs a penalty disc (every call but [`Conduct::LeftZone`]).
    #[must_use]
    pub const fn is_penalty(self) -> bool {
        !matches!(self, Conduct::LeftZone)
    }

    /// Whether the striker loses the turn (every call but
    /// [`Conduct::MovedDiscInOpponentsTurn`], which is the other side's breach).
    #[must_use]
    pub const fn loses_turn(self) -> bool {
        !matches!(self, Conduct::MovedDiscInOpponentsTurn)
    }

    /// Whether the offender is the player to strike (else a player of the other side).
    #[must_use]
    pub const fn by_striker(self) -> bool {
        !matches!(self, Conduct::MovedDiscInOpponentsTurn)
    }

    /// Whether `rules` sanction this call ([`Rules::conduct_penalties`] for the penalties,
    /// [`Rules::zone_exit_turn_loss`] for [`Conduct::LeftZone`]).
    #[must_use]
    pub const fn enabled(self, rules: &Rules) -> bool {
        match self {
            Conduct::LeftZone => rules.zone_exit_turn_loss,
            _ => rules.conduct_penalties,
        }
    }
}

impl Conduct {
    /// The phrase `Display` writes and `FromStr` reads.
    const fn phrase(self) -> &'static str {
        match self {
            Conduct::RefusedToStrike => "refused to strike",
            Conduct::DoubleStroke => "double stroke",
            Conduct::TouchedDisc => "touched discs or a moving puck",
            Conduct::MovedDiscInOpponentsTurn => "moved discs during the opponent's turn",
            Conduct::Delay => "delayed more than 30 s after a warning",
            Conduct::PuckBroke => "the puck broke during the stroke",
            Conduct::LeftZone => "crossed the border of his own zone",
        }
    }
}

/// A phrase: `refused to strike`, `double stroke`, `touched discs or a moving puck`, `moved
/// discs during the opponent's turn`, `delayed more than 30 s after a warning`, `the puck
/// broke during the stroke`, `crossed the border of his own zone`. (An [`Action`](crate::Action)'s
/// text names a call by a word of its own instead, `refused-to-strike`, ...)
impl fmt::Display for Conduct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.phrase())
    }
}

/// A text that is not one of the phrases [`Conduct`]'s `Display` writes: the text, at most 64
/// characters of it ([`boardgame_core::text::excerpt`]).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Conduct, ParseConductError};
/// let err: ParseConductError = "delay".parse::<Conduct>().unwrap_err();
/// assert_eq!(err.0, "delay");
/// assert_eq!(
///     err.to_string(),
///     "not a breach of conduct (a phrase such as \"refused to strike\"): \"delay\""
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a breach of conduct (a phrase such as \"refused to strike\"): {0:?}")]
#[non_exhaustive]
pub struct ParseConductError(
    /// The text, at most 64 characters of it.
    pub String,
);

/// Reads exactly the phrase `Display` writes (see there): lower case, single spaces, nothing
/// around it. The action words (`delay`, `left-zone`, ...) are [`Action`](crate::Action)'s to
/// read, within `call conduct <seat> <word>`.
///
/// # Errors
///
/// [`ParseConductError`] for any other text.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::Conduct;
/// let c: Conduct = "double stroke".parse()?;
/// assert_eq!(c, Conduct::DoubleStroke);
/// assert_eq!(Conduct::LeftZone.to_string().parse::<Conduct>()?, Conduct::LeftZone);
/// assert!("Double stroke".parse::<Conduct>().is_err());
/// assert!("double-stroke".parse::<Conduct>().is_err());
/// # Ok::<(), lattjo_disc_billiards::ParseConductError>(())
/// ```
impl FromStr for Conduct {
    type Err = ParseConductError;
    fn from_str(s: &str) -> Result<Conduct, ParseConductError> {
        Conduct::ALL
            .into_iter()
            .find(|c| c.phrase() == s)
            .ok_or_else(|| ParseConductError(excerpt(s)))
    }
}

/// A referee's call: who breached and how. Never generated by `legal_actions` or
/// `sample_action` (a referee's decision, not a move a player chooses); `is_legal` and
/// `apply` accept it through [`crate::Action::Call`] when [`crate::Novuss::check_call`]
/// does. The same two kinds as carrom's calls: a called foul stroke, and a foul away from a
/// stroke.
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_disc_billiards::{Call, Conduct, Novuss, Penalty, Rules, Side};
/// let game = Novuss::new(Rules::lnf())?;
/// let mut state = game.new_state();
/// // Seat 0 refuses to strike: nothing of his is pocketed, so he owes a disc (N10) and the
/// // turn passes.
/// let report = game.call(&mut state, &Call::Conduct(Seat::new(0), Conduct::RefusedToStrike))?;
/// assert_eq!(report.penalty, Penalty::Debt);
/// assert_eq!(state.debt(Side::A), 1);
/// assert_eq!(state.to_move(), Seat::new(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Call {
    /// N4, B21: the seat to strike played this stroke with a breach of technique (a hand on
    /// the playing surface, the wrong end of the cue, striking from outside his position). It
    /// is simulated exactly (no noise node) and resolved with the foul
    /// ([`crate::Foul::Technique`], one penalty disc with the stroke's other fouls, B9).
    /// Possible under [`TechniqueBreach::Foul`] (every preset); refused under `Ignore`.
    FoulStroke(Seat, Stroke),
    /// Rules file §5: a breach of conduct by the seat named (see [`Conduct`]).
    Conduct(Seat, Conduct),
}

impl Call {
    /// The seat called.
    #[must_use]
    pub const fn offender(&self) -> Seat {
        match *self {
            Call::FoulStroke(seat, _) | Call::Conduct(seat, _) => seat,
        }
    }
}

/// Why a call was refused; the state is then unchanged.
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_disc_billiards::{Call, CallError, Conduct, Novuss, PlayError, Rules};
/// // The booklet has no conduct calls.
/// let game = Novuss::new(Rules::lattjo())?;
/// let mut state = game.new_state();
/// let err = game.call(&mut state, &Call::Conduct(Seat::new(0), Conduct::Delay));
/// assert_eq!(err, Err(PlayError::Call(CallError::Disabled(Conduct::Delay))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum CallError {
    /// A foul stroke under rules that ignore breaches of technique (B21 `Ignore`).
    #[error("the rules ignore breaches of technique")]
    TechniqueIgnored,
    /// The stroke of a called foul stroke cannot be played here.
    #[error("the called stroke cannot be played: {0}")]
    Stroke(StrokeError),
    /// The rule set does not sanction this conduct.
    #[error("the rules do not sanction \"{0}\"")]
    Disabled(Conduct),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A stroke's execution noise is awaited: calls come before a stroke or after it is
    /// resolved.
    #[error("a call is not possible while the execution noise of a stroke is awaited")]
    AwaitingNoise,
    /// The offender is not a seat of the game.
    #[error("seat {0} is not a player of this game")]
    Seat(usize),
    /// The offender cannot have committed this breach now.
    #[error("{offender} cannot be called for \"{conduct}\": {why}")]
    WrongOffender {
        /// The seat called.
        offender: Seat,
        /// The conduct.
        conduct: Conduct,
        /// Who may be called for it.
        why: &'static str,
    },
}

/// What a call did.
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_disc_billiards::{Call, Novuss, Stroke, Vec2};
/// let game = Novuss::default();
/// let mut state = game.new_state();
/// // A breach of technique called on seat 0's stroke: played, then a foul (B21).
/// let stroke = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0);
/// let report = game.call(&mut state, &Call::FoulStroke(Seat::new(0), stroke))?;
/// assert!(report.turn_passed);
/// assert!(report.stroke.is_some_and(|r| !r.fouls.is_empty()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it serializes and deserializes as plain data (a report: every
/// field is public; the call and the resolution through their own checks).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CallReport {
    /// For a called foul stroke, what the stroke did (its penalty, turn and winner are the
    /// fields below too).
    pub stroke: Option<Resolution>,
    /// The call.
    pub call: Call,
    /// The penalty charged to the offender's side (N9, N10).
    pub penalty: Penalty,
    /// Whether the turn passed.
    pub turn_passed: bool,
    /// The penalty was a debt but the offender's side already owed as many discs as it has
    /// ([`Rules::discs_per_side`]), so the debt stayed at that cap.
    pub debt_capped: bool,
    /// Debt discs of the striker's side placed because his turn ended (B16).
    pub debt_paid: u8,
    /// The winner, when the call ended the LNF answering series (the side that cleared
    /// first wins).
    pub winner: Option<Side>,
}

/// Checks `call` at `pos` under `rules`.
pub(crate) fn check(rules: &Rules, pos: &State, call: &Call) -> Result<(), CallError> {
    let (offender, conduct) = match *call {
        Call::FoulStroke(seat, ref stroke) => {
            if rules.technique_breach != TechniqueBreach::Foul {
                return Err(CallError::TechniqueIgnored);
            }
            return pos.check_stroke(seat, stroke).map_err(|e| match e {
                StrokeError::GameOver => CallError::GameOver,
                StrokeError::WrongNode(_) => CallError::AwaitingNoise,
                e => CallError::Stroke(e),
            });
        }
        Call::Conduct(offender, conduct) => (offender, conduct),
    };
    if !conduct.enabled(rules) {
        return Err(CallError::Disabled(conduct));
    }
    match pos.status {
        Status::Won(_) | Status::Drawn => return Err(CallError::GameOver),
        Status::AwaitingNoise => return Err(CallError::AwaitingNoise),
        Status::Playing => {}
    }
    if offender.index() >= rules.players {
        return Err(CallError::Seat(offender.index()));
    }
    let striker_side = Side::of_seat(pos.to_move);
    if conduct.by_striker() && offender != pos.to_move {
        return Err(CallError::WrongOffender {
            offender,
            conduct,
            why: "only the player to strike can be called for it",
        });
    }
    if !conduct.by_striker() && Side::of_seat(offender) == striker_side {
        return Err(CallError::WrongOffender {
            offender,
            conduct,
            why: "only a player of the side not striking can be called for it",
        });
    }
    Ok(())
}

/// Applies a checked call on conduct (a called foul stroke is played by the game).
pub(crate) fn apply(
    rules: &Rules,
    pos: &mut State,
    call: &Call,
    offender: Seat,
    conduct: Conduct,
) -> CallReport {
    let mut next = pos.clone();
    let offender_side = Side::of_seat(offender);
    let striker = pos.to_move;
    // The penalty, through the stroke's machinery: a pocketed disc of the offender's side
    // on the penalty spot opposite him (N9, B14), else a debt (N10).
    let (penalty, debt_capped) = if conduct.is_penalty() {
        charge(rules, &mut next, offender)
    } else {
        (Penalty::None, false)
    };
    // A side that cleared in the opening series and is waiting for the answer has discs
    // (or a debt) again: the equaliser no longer applies, play goes on normally.
    if penalty != Penalty::None && next.answering == Some(offender_side) {
        next.answering = None;
    }
    let mut debt_paid = 0u8;
    let mut winner = None;
    let turn_passed = conduct.loses_turn();
    if turn_passed {
        // The end of the striker's turn: his side's debt is settled (B16).
        debt_paid = settle(rules, &mut next, striker);
        next.to_move = striker.next(rules.players);
        next.opening = false;
        if rules.opening_equaliser
            && let Some(x) = next.answering
        {
            // The answering series ended without clearing: the side that cleared wins.
            winner = Some(x);
            next.status = Status::Won(x);
            next.answering = None;
        }
    }
    next.last = None;
    *pos = next;
    CallReport {
        stroke: None,
        call: *call,
        penalty,
        turn_passed,
        debt_paid,
        debt_capped,
        winner,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_conduct_reads_back_from_its_phrase() {
        for c in Conduct::ALL {
            assert_eq!(c.to_string().parse::<Conduct>(), Ok(c));
        }
    }

    #[test]
    fn a_text_that_is_no_conduct_phrase_is_refused_without_a_panic() {
        let long = "double stroke".repeat(8_000);
        for bad in [
            "",
            " ",
            "delay",
            "left-zone",
            "Refused to strike",
            "DOUBLE STROKE",
            "double stroke ",
            " double stroke",
            "double stroke\n",
            "double  stroke",
            "double stroke!",
            "moved discs during the opponent’s turn",
            "doublé stroke",
            &long,
        ] {
            let err = bad.parse::<Conduct>().expect_err(bad);
            assert_eq!(err, ParseConductError(excerpt(bad)), "{bad:?}");
            assert!(err.0.chars().count() <= boardgame_core::text::EXCERPT_CHARS);
        }
    }
}
