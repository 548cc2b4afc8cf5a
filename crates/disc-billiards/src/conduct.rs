//! Referee calls on conduct (LNF, rules file §5): the federation's penalties that no stroke
//! carries (refusing to strike, a double stroke, touching discs or a moving puck, moving
//! discs in the opponent's turn, delaying, the puck breaking) and the loss of turn for
//! leaving one's zone. A call is charged through the same penalty and debt machinery as the
//! fouls of a stroke (N9, N10, B16).

use core::fmt;

use boardgame_core::Seat;

use crate::position::{Position, Side, Status};
use crate::resolve::{Penalty, charge, settle};
use crate::rules::Rules;

/// What the referee saw (rules file §5, "Longer penalty list" and "Extra losses of turn").
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

impl fmt::Display for Conduct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Conduct::RefusedToStrike => "refused to strike",
            Conduct::DoubleStroke => "double stroke",
            Conduct::TouchedDisc => "touched discs or a moving puck",
            Conduct::MovedDiscInOpponentsTurn => "moved discs during the opponent's turn",
            Conduct::Delay => "delayed more than 30 s after a warning",
            Conduct::PuckBroke => "the puck broke during the stroke",
            Conduct::LeftZone => "crossed the border of his own zone",
        })
    }
}

/// A referee's call: who breached and how.
///
/// # Examples
///
/// ```
/// use boardgame_core::Seat;
/// use lattjo_disc_billiards::{Call, Conduct, Novuss, Penalty, Rules, Side};
/// let game = Novuss::new(Rules::lnf())?;
/// let mut pos = game.start();
/// // Seat 0 refuses to strike: nothing of his is pocketed, so he owes a disc (N10) and the
/// // turn passes.
/// let report = game.call(&mut pos, &Call::new(Seat::new(0), Conduct::RefusedToStrike))?;
/// assert_eq!(report.penalty, Penalty::Debt);
/// assert_eq!(pos.debt(Side::A), 1);
/// assert_eq!(pos.to_move(), Seat::new(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Call {
    /// The player who breached.
    pub offender: Seat,
    /// What he did.
    pub conduct: Conduct,
}

impl Call {
    /// A call on `offender`.
    #[must_use]
    pub const fn new(offender: Seat, conduct: Conduct) -> Call {
        Call { offender, conduct }
    }
}

/// Why a call was refused; the position is then unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CallError {
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CallReport {
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
pub(crate) fn check(rules: &Rules, pos: &Position, call: &Call) -> Result<(), CallError> {
    if !call.conduct.enabled(rules) {
        return Err(CallError::Disabled(call.conduct));
    }
    match pos.status {
        Status::Won(_) | Status::Drawn => return Err(CallError::GameOver),
        Status::AwaitingNoise => return Err(CallError::AwaitingNoise),
        Status::Playing => {}
    }
    if call.offender.index() >= usize::from(rules.players) {
        return Err(CallError::Seat(call.offender.index()));
    }
    let striker_side = Side::of_seat(pos.to_move);
    if call.conduct.by_striker() && call.offender != pos.to_move {
        return Err(CallError::WrongOffender {
            offender: call.offender,
            conduct: call.conduct,
            why: "only the player to strike can be called for it",
        });
    }
    if !call.conduct.by_striker() && Side::of_seat(call.offender) == striker_side {
        return Err(CallError::WrongOffender {
            offender: call.offender,
            conduct: call.conduct,
            why: "only a player of the side not striking can be called for it",
        });
    }
    Ok(())
}

/// Applies a checked call.
pub(crate) fn apply(rules: &Rules, pos: &mut Position, call: &Call) -> CallReport {
    let mut next = pos.clone();
    let offender_side = Side::of_seat(call.offender);
    let striker = pos.to_move;
    // The penalty, through the stroke's machinery: a pocketed disc of the offender's side
    // on the penalty spot opposite him (N9, B14), else a debt (N10).
    let (penalty, debt_capped) = if call.conduct.is_penalty() {
        charge(rules, &mut next, call.offender)
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
    let turn_passed = call.conduct.loses_turn();
    if turn_passed {
        // The end of the striker's turn: his side's debt is settled (B16).
        debt_paid = settle(rules, &mut next, striker);
        next.to_move = striker.next(usize::from(rules.players));
        next.opening = false;
        if rules.opening_equaliser
            && let Some(x) = next.answering
        {
            // The answering series ended without clearing: the side that cleared wins.
            winner = Some(x);
            next.status = Status::Won(x);
        }
    }
    next.last = None;
    *pos = next;
    CallReport {
        call: *call,
        penalty,
        turn_passed,
        debt_paid,
        debt_capped,
        winner,
    }
}
