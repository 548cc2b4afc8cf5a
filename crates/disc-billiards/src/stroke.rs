//! The stroke: where the puck is placed, the direction and the speed the cue gives it.

use core::fmt;
use disc_physics::Vec2;

use boardgame_core::Seat;

use crate::position::{DiscId, PlacementFault, Position, Status};
use crate::rules::Rules;

/// One stroke (N3-N5): the puck's place in the striker's zone, the direction of the cue
/// (any non-zero vector; only its direction counts) and the puck's speed right after the
/// cue's impulse, in m/s, in `(0, max_speed]` ([`Rules::max_speed`]).
///
/// `technique_breach` reports a breach of N4 (hand on the surface, wrong end of the cue,
/// striking from outside one's position): a foul under the default rules (B21).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Vec2, Stroke};
/// let s = Stroke::new(Vec2::new(0.0, -0.44), Vec2::new(0.0, 1.0), 3.0);
/// assert_eq!(s.velocity(), Some(Vec2::new(0.0, 3.0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "StrokeData", into = "StrokeData"))]
pub struct Stroke {
    /// The puck's centre before the stroke.
    pub puck: Vec2,
    /// The direction of the stroke (normalised when played).
    pub aim: Vec2,
    /// The puck's initial speed in m/s.
    pub speed: f64,
    /// A breach of technique (N4, B21).
    pub technique_breach: bool,
}

impl Stroke {
    /// A clean stroke.
    #[must_use]
    pub const fn new(puck: Vec2, aim: Vec2, speed: f64) -> Stroke {
        Stroke {
            puck,
            aim,
            speed,
            technique_breach: false,
        }
    }

    /// The puck's initial velocity, or `None` when the aim is zero or not finite or the
    /// speed is not finite.
    #[must_use]
    pub fn velocity(&self) -> Option<Vec2> {
        let len = self.aim.length();
        if !(len.is_finite() && len > 0.0 && self.speed.is_finite()) {
            return None;
        }
        Some(Vec2::new(
            self.aim.x / len * self.speed,
            self.aim.y / len * self.speed,
        ))
    }
}

/// The plain data of a [`Stroke`], for serde: it deserializes only with finite values, a
/// non-zero aim and a speed in `(0, MAX_SPEED_LIMIT]`.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct StrokeData {
    puck: Vec2,
    aim: Vec2,
    speed: f64,
    technique_breach: bool,
}

/// Values that make no stroke at all, whatever the position: a number that is not finite,
/// a zero aim, or a speed outside `(0, MAX_SPEED_LIMIT]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a stroke needs finite values, a non-zero aim and a speed in (0, 20] m/s")]
pub struct StrokeDataError;

impl Stroke {
    /// Whether the values make a stroke at all (finite, a non-zero aim, a speed in
    /// `(0, MAX_SPEED_LIMIT]`); whether it is legal depends on the rules and the position
    /// ([`crate::Novuss::check_stroke`]).
    ///
    /// # Errors
    ///
    /// [`StrokeDataError`] otherwise.
    pub fn check_values(&self) -> Result<(), StrokeDataError> {
        let len = self.aim.length();
        if self.puck.is_finite()
            && len.is_finite()
            && len > 0.0
            && self.speed.is_finite()
            && self.speed > 0.0
            && self.speed <= crate::rules::MAX_SPEED_LIMIT
        {
            Ok(())
        } else {
            Err(StrokeDataError)
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<StrokeData> for Stroke {
    type Error = StrokeDataError;
    fn try_from(d: StrokeData) -> Result<Stroke, StrokeDataError> {
        let s = Stroke {
            puck: d.puck,
            aim: d.aim,
            speed: d.speed,
            technique_breach: d.technique_breach,
        };
        s.check_values()?;
        Ok(s)
    }
}

#[cfg(feature = "serde")]
impl From<Stroke> for StrokeData {
    fn from(s: Stroke) -> StrokeData {
        StrokeData {
            puck: s.puck,
            aim: s.aim,
            speed: s.speed,
            technique_breach: s.technique_breach,
        }
    }
}

impl fmt::Display for Stroke {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "puck {} aim {} at {:.3} m/s",
            self.puck, self.aim, self.speed
        )?;
        if self.technique_breach {
            f.write_str(" (technique breach)")?;
        }
        Ok(())
    }
}

/// Why a stroke (or a noise draw) was refused; the position is then unchanged.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum StrokeError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Not this seat's stroke.
    #[error("it is {expected}'s stroke, not {got}'s")]
    WrongSeat {
        /// Who is to strike.
        expected: Seat,
        /// Who tried.
        got: Seat,
    },
    /// A stroke while the noise of the previous one is awaited, or a noise draw without a
    /// stroke to perturb.
    #[error("expected {0}")]
    WrongNode(&'static str),
    /// A coordinate, the aim or the speed is NaN or infinite.
    #[error("stroke values must be finite")]
    NotFinite,
    /// The aim is the zero vector.
    #[error("the aim direction is the zero vector")]
    NoDirection,
    /// The speed is not in `(0, max]`.
    #[error("speed {speed} m/s is outside (0, {max}]")]
    Speed {
        /// The speed asked for.
        speed: f64,
        /// The largest accepted.
        max: f64,
    },
    /// The puck is not inside the playing area or lies over a pocket.
    #[error("the puck is not on the playing area")]
    PuckOffTable,
    /// The puck is not placed in the striker's zone as the placement test requires (B3).
    #[error("the puck is not placed in the striker's zone as the placement test requires")]
    NotInZone,
    /// The puck would overlap a disc.
    #[error("the puck would lie on {0}")]
    OnDisc(DiscId),
    /// A noise draw outside the range the rules' noise can produce.
    #[error("noise draw out of range")]
    Noise,
}

/// Checks every value of `stroke` for `seat` at `pos` (not the turn).
pub(crate) fn validate(
    rules: &Rules,
    pos: &Position,
    seat: Seat,
    stroke: &Stroke,
) -> Result<(), StrokeError> {
    if !(stroke.puck.is_finite() && stroke.aim.is_finite() && stroke.speed.is_finite()) {
        return Err(StrokeError::NotFinite);
    }
    let len = stroke.aim.length();
    if !(len > 0.0 && len.is_finite()) {
        return Err(StrokeError::NoDirection);
    }
    if !(stroke.speed > 0.0 && stroke.speed <= rules.max_speed) {
        return Err(StrokeError::Speed {
            speed: stroke.speed,
            max: rules.max_speed,
        });
    }
    pos.placement_check(rules, seat, stroke.puck)
        .map_err(|f| match f {
            PlacementFault::OffTable => StrokeError::PuckOffTable,
            PlacementFault::Zone => StrokeError::NotInZone,
            PlacementFault::OnDisc(d) => StrokeError::OnDisc(d),
        })
}

/// Checks that `seat` may strike now.
pub(crate) fn check_turn(pos: &Position, seat: Seat) -> Result<(), StrokeError> {
    match pos.status {
        Status::Won(_) | Status::Drawn => Err(StrokeError::GameOver),
        Status::AwaitingNoise => Err(StrokeError::WrongNode(
            "the execution noise of the last stroke",
        )),
        Status::Playing if seat != pos.to_move => Err(StrokeError::WrongSeat {
            expected: pos.to_move,
            got: seat,
        }),
        Status::Playing => Ok(()),
    }
}
