//! Novuss (disc billiards), the cue-and-puck game of the LATTJO booklet, singles and pairs,
//! on the workspace's rigid-disc physics.
//!
//! A stroke ([`Stroke`]) places the puck in the striker's zone and gives it a direction and
//! a speed. The crate validates it, and [`Novuss::resolve`] applies what happened on the
//! table (an [`Outcome`]: contacts, cushions, pockets, rest positions) following the rules
//! file's reference resolution order: fouls F1-F5 with one penalty disc at most, debts,
//! continuing on pocketing own discs, the win.
//!
//! ```
//! use lattjo_disc_billiards::{Body, Compass, DiscId, Novuss, Outcome, Vec2, Rules, Stroke, Foul};
//!
//! let game = Novuss::new(Rules::booklet())?;
//! let mut pos = game.start();
//! // Seat 0 strikes from the south; his discs (0-7) stand along the north cushion.
//! let stroke = Stroke::new(Vec2::new(0.0, -0.41), Vec2::new(0.0, 1.0), 4.0);
//! game.check_stroke(&pos, pos.to_move(), &stroke)?;
//! // The puck hits his disc 3, which drops into a pocket; the puck stops mid-table.
//! let mut out = Outcome::still(&pos, Vec2::new(0.0, 0.1));
//! out.contact(0.25, Body::Puck, Body::Disc(DiscId(3)))
//!     .pocket(0.6, Body::Disc(DiscId(3)));
//! let report = game.resolve(&mut pos, &stroke, &out)?;
//! assert!(report.fouls.is_empty());
//! assert!(report.continues(), "N6: an own disc dropped, he strikes again");
//! assert_eq!(pos.pocketed(lattjo_disc_billiards::Side::A), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Through the physics: [`Novuss::play`] runs a stroke through disc-physics to rest and
//! resolves it; [`ShotPlanner`] chooses strokes.
//!
//! ```
//! use lattjo_disc_billiards::{Novuss, Vec2, Rules, ShotPlanner, Stroke};
//!
//! let game = Novuss::new(Rules::booklet())?;
//! let mut pos = game.start();
//! // Seat 0 drives the puck up the centre line into his own row at 4 m/s.
//! let drive = Stroke::new(Vec2::new(0.0, -0.41), Vec2::new(0.0, 1.0), 4.0);
//! let report = game.play(&mut pos, &drive)?;
//! assert!(report.fouls.is_empty());
//! // A shot planner picks the next stroke, checked by simulation.
//! let (next, _) = ShotPlanner::new(6).choose(&game, &pos).ok_or("no stroke")?;
//! game.play(&mut pos, &next)?;
//! assert_eq!(pos.strokes(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod conduct;
mod game;
mod geometry;
mod planner;
mod position;
mod resolve;
mod rules;
mod saved;
mod sim;
mod stroke;
mod svg;

pub use conduct::{Call, CallError, CallReport, Conduct};
pub use game::{
    Action, NOISE_LIMIT_SD, NoiseDraw, PlayError, RANDOM_PLAY_BOUND, WEAK_PLAYER, WeakPlayer,
};
pub use planner::{Candidate, ShotKind, ShotPlanner};
pub use saved::{SavedGame, SavedGameData, SavedGameError};
pub use sim::{PhysicsError, SimScratch};
pub use svg::StrokeTrace;

pub use disc_physics::Vec2;

pub use geometry::{Compass, Dimensions};
pub use position::{
    Disc, DiscId, MAX_DISCS, Position, PositionError, Setup, Side, Status, seat_compass,
};
pub use resolve::{
    Body, Foul, Fouls, Outcome, OutcomeError, Penalty, SIMULTANEOUS_S, StrokeEvent, StrokeKind,
    StrokeReport, TurnLoss, TurnLosses,
};
pub use rules::{
    DebtSettlement, DirectAtDark, LENGTH_RANGE, MASS_RANGE, MAX_SPEED_LIMIT, NextSetStarter, Noise,
    OffTablePlacement, OwnDiscOffTable, PairDiscs, PlacementTest, PuckReturnRule, Rules,
    RulesError, SideReboundToDark, TechniqueBreach,
};
pub use stroke::{Stroke, StrokeDataError, StrokeError};

use boardgame_core::Seat;

/// The game: a validated rule set. It builds and checks positions, validates strokes and
/// resolves them.
#[derive(Clone, Debug, PartialEq)]
pub struct Novuss {
    rules: Rules,
}

/// Why [`Novuss::resolve`] refused to apply an outcome; the position is then unchanged.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ResolveError {
    /// The stroke itself is not legal here.
    #[error(transparent)]
    Stroke(#[from] StrokeError),
    /// The outcome does not fit the position.
    #[error(transparent)]
    Outcome(#[from] OutcomeError),
}

impl Novuss {
    /// The game under `rules`.
    ///
    /// # Errors
    ///
    /// [`RulesError`] when the options do not fit together.
    pub fn new(rules: Rules) -> Result<Novuss, RulesError> {
        rules.validate()?;
        Ok(Novuss { rules })
    }

    /// The rule set.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The starting position (N2, B1) with [`Rules::first_player`] to strike (B2).
    #[must_use]
    pub fn start(&self) -> Position {
        Position::start(&self.rules, self.rules.first_player)
    }

    /// The starting position with `first` to strike (B2: the caller's coin toss or lag).
    ///
    /// # Errors
    ///
    /// [`PositionError::Seat`] when `first` is not a seat of the game.
    pub fn start_with(&self, first: Seat) -> Result<Position, PositionError> {
        if first.index() >= usize::from(self.rules.players) {
            return Err(PositionError::Seat(first.index()));
        }
        Ok(Position::start(&self.rules, first))
    }

    /// Validates a hand-built position.
    ///
    /// # Errors
    ///
    /// [`PositionError`] naming what is wrong: disc counts, discs off the table, in a pocket
    /// or overlapping, a bad seat, a status that does not match the discs.
    pub fn position(&self, setup: &Setup) -> Result<Position, PositionError> {
        Position::from_setup(&self.rules, setup)
    }

    /// Checks that `seat` may play `stroke` now: his turn, finite values, a direction, a
    /// speed in `(0, max_speed]`, the puck placed in his zone (B3) and not on a disc.
    ///
    /// # Errors
    ///
    /// [`StrokeError`] naming the first problem.
    pub fn check_stroke(
        &self,
        pos: &Position,
        seat: Seat,
        stroke: &Stroke,
    ) -> Result<(), StrokeError> {
        stroke::check_turn(pos, seat)?;
        stroke::validate(&self.rules, pos, seat, stroke)
    }

    /// Applies a stroke by the player to move whose effect on the table is `outcome`,
    /// following the reference resolution order, and reports what happened. This is the
    /// physics-free entry point: constructed situations and external simulators use it.
    ///
    /// # Errors
    ///
    /// [`ResolveError`] when the stroke is not legal or the outcome does not fit the
    /// position; `pos` is then unchanged.
    pub fn resolve(
        &self,
        pos: &mut Position,
        stroke: &Stroke,
        outcome: &Outcome,
    ) -> Result<StrokeReport, ResolveError> {
        self.check_stroke(pos, pos.to_move(), stroke)?;
        Ok(resolve::resolve(&self.rules, pos, stroke, outcome)?)
    }

    /// Checks that the referee's `call` is possible now: the rules sanction it
    /// ([`Rules::conduct_penalties`], [`Rules::zone_exit_turn_loss`]), a stroke is awaited,
    /// and the offender is the player to strike (or, for
    /// [`Conduct::MovedDiscInOpponentsTurn`], a player of the other side).
    ///
    /// # Errors
    ///
    /// [`CallError`] naming the first problem.
    pub fn check_call(&self, pos: &Position, call: &Call) -> Result<(), CallError> {
        conduct::check(&self.rules, pos, call)
    }

    /// Applies a referee's call on conduct (rules file §5): the federation penalty through
    /// the same machinery as a stroke's fouls (a pocketed disc of the offender's side on the
    /// penalty spot opposite him, N9, or a debt when none is pocketed, N10) and the loss of
    /// turn where the rules give one, with the striker's debt settled at the end of his turn
    /// (B16). No stroke is counted and [`Position::last_report`] is cleared.
    ///
    /// # Errors
    ///
    /// [`CallError`] when the call is not possible (see [`Novuss::check_call`]); `pos` is
    /// then unchanged.
    pub fn call(&self, pos: &mut Position, call: &Call) -> Result<CallReport, CallError> {
        self.check_call(pos, call)?;
        Ok(conduct::apply(&self.rules, pos, call))
    }
}
