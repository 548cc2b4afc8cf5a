//! The stroke (where the puck is placed, the direction and the speed the cue gives it), its
//! text form, and execution noise.

use boardgame_core::text::excerpt;
use core::fmt;
use disc_physics::Vec2;
use disc_physics::limits::plain;

use boardgame_core::Seat;

use crate::discs::DiscId;
use crate::rules::MAX_SPEED_LIMIT;

/// Execution noise draws are normal-like (a sum of 12 uniforms) and cut at this many standard
/// deviations; a draw beyond it is refused.
pub const NOISE_LIMIT_SD: f64 = 6.0;

/// The largest size of a direction component a stroke may have (its parameter bounds,
/// [`crate::Novuss::stroke_parameter_bounds`]). Only the direction's unit vector matters, so
/// any direction can be written within it (`(0, 1)` straight across the table); a longer one
/// is refused ([`StrokeError::LongDirection`]) so that every stroke the game accepts has
/// parameters.
pub const MAX_DIRECTION: f64 = 2.0;

/// One stroke (N3-N5), in the striking player's own frame: `place` is where the puck's centre
/// stands, in metres, `x` to the player's right of the middle of his cushion and `y` forward
/// from it into the table (his strike zone is `0 <= y <= zone_depth`, `|x| <= zone_half_width`,
/// see [`crate::Dimensions`]); `direction` is the way the cue sends the puck (any non-zero
/// vector in the same frame with both components within +-[`MAX_DIRECTION`]: `(0, 1)` is
/// straight across the table); `speed` is the puck's
/// speed right after the cue's impulse, in m/s, in `(0, max_speed]`
/// ([`crate::Rules::max_speed`]). The same fields, frame and units as a carrom stroke.
///
/// A breach of technique (N4, B21) is not part of the stroke: the referee calls the stroke a
/// foul stroke ([`crate::Call::FoulStroke`]).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Stroke, Vec2};
/// // The puck on the middle line of the zone, 9 cm from the cushion, straight ahead at 3 m/s.
/// let s = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 3.0);
/// assert_eq!(s.velocity(), Some(Vec2::new(0.0, 3.0)));
/// assert!(s.check_shape().is_ok());
/// // Its text form reads back to the same bits.
/// assert_eq!(s.to_string(), "0,0.09 0,1 3");
/// assert_eq!("0,0.09 0,1 3".parse::<Stroke>()?, s);
/// # Ok::<(), lattjo_disc_billiards::ParseStrokeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "StrokeData", into = "StrokeData"))]
pub struct Stroke {
    /// The puck's centre before the stroke, metres, in the player's frame.
    pub place: Vec2,
    /// The direction of the stroke in the player's frame (normalised when played; components
    /// within +-[`MAX_DIRECTION`]).
    pub direction: Vec2,
    /// The puck's initial speed in m/s.
    pub speed: f64,
}

impl Stroke {
    /// A stroke from its parts (not checked; see [`Stroke::check_shape`]).
    #[must_use]
    pub const fn new(place: Vec2, direction: Vec2, speed: f64) -> Stroke {
        Stroke {
            place,
            direction,
            speed,
        }
    }

    /// The puck's initial velocity in the player's frame, or `None` when the direction is
    /// zero or not finite or the speed is not finite.
    #[must_use]
    pub fn velocity(&self) -> Option<Vec2> {
        let len = self.direction.length();
        if !(len.is_finite() && len > 0.0 && self.speed.is_finite()) {
            return None;
        }
        Some(Vec2::new(
            self.direction.x / len * self.speed,
            self.direction.y / len * self.speed,
        ))
    }

    /// Checks what does not depend on the rules or the position: finite values, a non-zero
    /// direction, a speed in `(0, MAX_SPEED_LIMIT]`.
    ///
    /// # Errors
    ///
    /// The first [`StrokeError`] found.
    pub fn check_shape(&self) -> Result<(), StrokeError> {
        if !(self.place.is_finite() && self.direction.is_finite() && self.speed.is_finite()) {
            return Err(StrokeError::NotFinite);
        }
        let values = [
            self.place.x,
            self.place.y,
            self.direction.x,
            self.direction.y,
            self.speed,
        ];
        if let Some(&v) = values.iter().find(|&&v| !plain(v)) {
            return Err(StrokeError::Subnormal(v));
        }
        if self.direction.x.abs() > MAX_DIRECTION || self.direction.y.abs() > MAX_DIRECTION {
            return Err(StrokeError::LongDirection {
                x: self.direction.x,
                y: self.direction.y,
            });
        }
        let len = self.direction.length();
        if !(len > 0.0 && len.is_finite()) {
            return Err(StrokeError::NoDirection);
        }
        if !(self.speed > 0.0 && self.speed <= MAX_SPEED_LIMIT) {
            return Err(StrokeError::Speed {
                speed: self.speed,
                max: MAX_SPEED_LIMIT,
            });
        }
        Ok(())
    }

    /// This stroke as the cue really played it: the direction turned by `atan(noise.slip)`
    /// towards the player's left, the speed scaled by `1 + noise.speed_error` and kept in
    /// `[1 mm/s, max_speed]` (as `f64::clamp`, but a `max_speed` below 1 mm/s or NaN does
    /// not panic: the stroke's own check refuses what comes out). Only `+ - * /` and `sqrt`.
    #[must_use]
    pub fn perturbed(&self, noise: &Noise, max_speed: f64) -> Stroke {
        let len = self.direction.length();
        let (ux, uy) = if len > 0.0 && len.is_finite() {
            (self.direction.x / len, self.direction.y / len)
        } else {
            (0.0, 1.0)
        };
        let direction = Vec2::new(ux - noise.slip * uy, uy + noise.slip * ux);
        let speed = self.speed * (1.0 + noise.speed_error);
        let speed = if speed < crate::MIN_SPEED_LIMIT {
            crate::MIN_SPEED_LIMIT
        } else if speed > max_speed {
            max_speed
        } else {
            speed
        };
        Stroke {
            place: self.place,
            direction,
            speed,
        }
    }
}

/// One draw of execution noise (see [`crate::NoiseModel`]): recorded as a chance outcome, so
/// a record replays without any RNG. The same fields as a carrom noise draw.
///
/// With the `serde` feature it deserializes only with finite values.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Noise, Stroke, Vec2};
/// let s = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 3.0);
/// let played = s.perturbed(&Noise { slip: 0.0, speed_error: 0.1 }, 8.0);
/// assert!((played.speed - 3.3).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "NoiseData", into = "NoiseData"))]
pub struct Noise {
    /// Tangent of the direction error, positive turning the stroke to the player's left.
    pub slip: f64,
    /// Relative speed error (0.05 = 5 % faster).
    pub speed_error: f64,
}

/// Stroke notation: `x,y dx,dy speed`, the place and the direction in the player's frame and
/// the speed, e.g. `0,0.09 0.2,1 3.5`. Numbers print in Rust's shortest round-trip form, so
/// `parse(display(x)) == x` exactly.
impl fmt::Display for Stroke {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{} {},{} {}",
            self.place.x, self.place.y, self.direction.x, self.direction.y, self.speed
        )
    }
}

/// Why a stroke's notation could not be read.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{ParseStrokeError, Stroke};
/// assert!(matches!("0,0.09 inf,1 3".parse::<Stroke>(), Err(ParseStrokeError::NotFinite(_))));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseStrokeError {
    /// Not three space-separated fields, the first two of them `a,b` pairs.
    #[error("expected `x,y dx,dy speed`, got {0:?}")]
    Shape(String),
    /// A field that is not a number.
    #[error("not a number: {0:?}")]
    Number(String),
    /// A field that reads as NaN or an infinity.
    #[error("not a finite number: {0:?}")]
    NotFinite(String),
    /// Numbers that make no stroke ([`Stroke::check_shape`]).
    #[error("not a stroke: {0}")]
    Invalid(#[from] StrokeError),
}

impl core::str::FromStr for Stroke {
    type Err = ParseStrokeError;

    /// Reads the notation of [`Stroke`]'s `Display`: finite numbers that make a stroke of the
    /// right shape ([`Stroke::check_shape`]). Whether the puck's place is valid for the
    /// player is checked when the stroke is played.
    fn from_str(s: &str) -> Result<Stroke, ParseStrokeError> {
        let shape = || ParseStrokeError::Shape(excerpt(s));
        let mut fields = s.split_whitespace();
        let (Some(p), Some(d), Some(v), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(shape());
        };
        let num = |t: &str| {
            let clip = || excerpt(t);
            match t.parse::<f64>() {
                Ok(x) if x.is_finite() => Ok(x),
                Ok(_) => Err(ParseStrokeError::NotFinite(clip())),
                Err(_) => Err(ParseStrokeError::Number(clip())),
            }
        };
        let pair = |t: &str| -> Result<Vec2, ParseStrokeError> {
            let (a, b) = t.split_once(',').ok_or_else(shape)?;
            Ok(Vec2::new(num(a)?, num(b)?))
        };
        let stroke = Stroke::new(pair(p)?, pair(d)?, num(v)?);
        stroke.check_shape()?;
        Ok(stroke)
    }
}

/// Why a stroke (or a noise draw) was refused; the state is then unchanged.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Stroke, StrokeError, Vec2};
/// let s = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 0.0), 3.0);
/// assert_eq!(s.check_shape(), Err(StrokeError::NoDirection));
/// ```
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
    /// A coordinate, the direction or the speed is NaN or infinite.
    #[error("stroke values must be finite")]
    NotFinite,
    /// A coordinate, the direction or the speed is subnormal (nonzero and below
    /// `f64::MIN_POSITIVE` in size), which the physics refuses
    /// ([`disc_physics::limits::plain`]).
    #[error(
        "stroke value {0:e} is subnormal: too close to zero to be a position, direction or speed"
    )]
    Subnormal(f64),
    /// The direction is the zero vector.
    #[error("the stroke's direction is the zero vector")]
    NoDirection,
    /// A direction component beyond +-[`MAX_DIRECTION`] (only the direction's unit vector
    /// matters: scale it down).
    #[error(
        "direction {x},{y} has a component beyond +-{MAX_DIRECTION} (only its unit vector matters: scale it down)"
    )]
    LongDirection {
        /// The direction's `x` given.
        x: f64,
        /// The direction's `y` given.
        y: f64,
    },
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
    /// The puck would overlap a disc, or under the LNF's placement test
    /// ([`crate::PlacementTest::LnfHoleInside`]) touch one.
    #[error("the puck would lie on or touch {0}")]
    OnDisc(DiscId),
    /// A noise draw outside the range the rules' noise can produce: a value not finite, or
    /// beyond [`NOISE_LIMIT_SD`] standard deviations of the rules' [`crate::NoiseModel`]
    /// (any value but 0 under rules without noise).
    #[error(
        "noise draw out of range: slip and speed error must be finite and within {NOISE_LIMIT_SD} standard deviations of the rules' noise (0 without noise)"
    )]
    Noise,
}

/// The plain data of a [`Stroke`], for serde: a stroke deserializes only when
/// [`Stroke::check_shape`] accepts it.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct StrokeData {
    place: Vec2,
    direction: Vec2,
    speed: f64,
}

#[cfg(feature = "serde")]
impl TryFrom<StrokeData> for Stroke {
    type Error = StrokeError;
    fn try_from(d: StrokeData) -> Result<Stroke, StrokeError> {
        let s = Stroke::new(d.place, d.direction, d.speed);
        s.check_shape()?;
        Ok(s)
    }
}

#[cfg(feature = "serde")]
impl From<Stroke> for StrokeData {
    fn from(s: Stroke) -> StrokeData {
        StrokeData {
            place: s.place,
            direction: s.direction,
            speed: s.speed,
        }
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct NoiseData {
    slip: f64,
    speed_error: f64,
}

#[cfg(feature = "serde")]
impl TryFrom<NoiseData> for Noise {
    type Error = StrokeError;
    fn try_from(d: NoiseData) -> Result<Noise, StrokeError> {
        if d.slip.is_finite() && d.speed_error.is_finite() {
            Ok(Noise {
                slip: d.slip,
                speed_error: d.speed_error,
            })
        } else {
            Err(StrokeError::Noise)
        }
    }
}

#[cfg(feature = "serde")]
impl From<Noise> for NoiseData {
    fn from(n: Noise) -> NoiseData {
        NoiseData {
            slip: n.slip,
            speed_error: n.speed_error,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The noise error's message names the limit, [`NOISE_LIMIT_SD`].
    #[test]
    fn the_noise_error_names_the_limit() {
        let limit = format!("within {NOISE_LIMIT_SD} standard deviations");
        assert!(StrokeError::Noise.to_string().contains(&limit));
    }

    #[test]
    fn perturbed_with_a_top_speed_below_the_floor_or_nan_does_not_panic() {
        // `f64::clamp` asserts min <= max; `perturbed` is public and takes any top speed.
        let s = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 3.0);
        let noise = Noise {
            slip: 0.0,
            speed_error: 0.1,
        };
        assert_eq!(s.perturbed(&noise, 0.0).speed, 0.0);
        assert!(s.perturbed(&noise, f64::NAN).speed == 3.0 * 1.1);
        // In range it is the clamp: the floor, the top, and the value between.
        let slow = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 1e-4);
        assert_eq!(slow.perturbed(&noise, 8.0).speed, crate::MIN_SPEED_LIMIT);
        assert_eq!(s.perturbed(&noise, 2.0).speed, 2.0);
        assert_eq!(s.perturbed(&noise, 8.0).speed, 3.0 * 1.1);
    }
}
