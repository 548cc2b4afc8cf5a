//! The stroke: where the striker stands, where it goes, how fast; and execution noise.

use crate::geometry::MAX_STRIKER_OFFSET;
use disc_physics::Vec2;

/// The slowest stroke accepted, in m/s (the striker then slides about 1.3 mm: a void stroke).
pub const MIN_SPEED: f64 = 0.05;
/// The fastest stroke accepted, in m/s: the top of the "hard break" range (4-8 m/s) of the
/// physics design notes.
pub const MAX_SPEED: f64 = 8.0;
/// The smallest forward component of the unit direction: the striker must be flicked
/// forward, away from the player's own frame (C2); at most about 89.4 degrees off straight
/// ahead.
pub const MIN_FORWARD: f64 = 0.01;

/// One flick of the striker, in the striking player's own frame.
///
/// `offset` is where the striker centre stands on the player's base line, in metres to his
/// right of the line's middle (at most [`MAX_STRIKER_OFFSET`] either way, so that the striker
/// lies between the base circles or covers one). `direction` is the direction of travel (any
/// length, `y` forward, `x` to the player's right) and `speed` the striker's initial speed in
/// m/s.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{Vec2, Stroke};
/// let straight = Stroke::new(0.0, Vec2::new(0.0, 1.0), 6.0);
/// assert!(straight.check_shape().is_ok());
/// let backwards = Stroke::new(0.0, Vec2::new(0.0, -1.0), 6.0);
/// assert!(backwards.check_shape().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "StrokeData", into = "StrokeData"))]
pub struct Stroke {
    /// Striker centre along the base line, metres to the player's right of the middle.
    pub offset: f64,
    /// Direction of travel in the player's frame (need not be a unit vector).
    pub direction: Vec2,
    /// Initial striker speed, m/s.
    pub speed: f64,
}

/// Why a stroke was refused.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum StrokeError {
    /// NaN or infinite value.
    #[error("the stroke's {0} is not a finite number")]
    NotFinite(&'static str),
    /// The striker is not between the base circles (C2, T3).
    #[error("striker offset {offset} m is off the base line (at most {max} m either way)")]
    OffBaseLine {
        /// The offset given.
        offset: f64,
        /// The largest allowed.
        max: f64,
    },
    /// A zero direction.
    #[error("the stroke has no direction")]
    NoDirection,
    /// Not forward of the base line (C2).
    #[error("the stroke is not directed forward of the base line")]
    NotForward,
    /// Speed outside [`MIN_SPEED`]..=[`MAX_SPEED`].
    #[error("speed {0} m/s is outside {MIN_SPEED}..={MAX_SPEED} m/s")]
    Speed(f64),
    /// The striker would overlap a piece.
    #[error("the striker overlaps piece {0}")]
    OverlapsPiece(u8),
    /// Pieces cover the whole base line: the striker fits nowhere, so no stroke is possible
    /// and the player passes ([`crate::Action::Pass`]).
    #[error("pieces block the whole base line; the striker fits nowhere")]
    BaseLineBlocked,
}

impl Stroke {
    /// A stroke from its parts (not checked; see [`Stroke::check_shape`]).
    #[must_use]
    pub const fn new(offset: f64, direction: Vec2, speed: f64) -> Stroke {
        Stroke {
            offset,
            direction,
            speed,
        }
    }

    /// A stroke aimed `degrees` to the right of straight ahead (negative: to the left).
    /// Uses `sin`/`cos` once to build the direction; the stroke then stores the vector, so a
    /// recorded game replays exactly.
    #[must_use]
    pub fn at_angle(offset: f64, degrees: f64, speed: f64) -> Stroke {
        let a = degrees.to_radians();
        Stroke::new(offset, Vec2::new(a.sin(), a.cos()), speed)
    }

    /// The unit direction, or `None` if the direction is zero or not finite.
    #[must_use]
    pub fn unit_direction(&self) -> Option<Vec2> {
        let d = self.direction;
        let len = (d.x * d.x + d.y * d.y).sqrt();
        if len.is_finite() && len > 1e-12 {
            Some(Vec2::new(d.x / len, d.y / len))
        } else {
            None
        }
    }

    /// Checks everything that does not depend on the pieces: finite values, the striker on
    /// the base line, a forward direction, the speed range.
    ///
    /// # Errors
    ///
    /// The first [`StrokeError`] found.
    pub fn check_shape(&self) -> Result<(), StrokeError> {
        if !self.offset.is_finite() {
            return Err(StrokeError::NotFinite("offset"));
        }
        if !self.direction.is_finite() {
            return Err(StrokeError::NotFinite("direction"));
        }
        if !self.speed.is_finite() {
            return Err(StrokeError::NotFinite("speed"));
        }
        if self.offset.abs() > MAX_STRIKER_OFFSET {
            return Err(StrokeError::OffBaseLine {
                offset: self.offset,
                max: MAX_STRIKER_OFFSET,
            });
        }
        let Some(u) = self.unit_direction() else {
            return Err(StrokeError::NoDirection);
        };
        if u.y < MIN_FORWARD {
            return Err(StrokeError::NotForward);
        }
        if !(MIN_SPEED..=MAX_SPEED).contains(&self.speed) {
            return Err(StrokeError::Speed(self.speed));
        }
        Ok(())
    }

    /// This stroke disturbed by `noise`: the direction turned by `atan(noise.slip)`, the
    /// speed scaled by `1 + noise.speed_error` and clamped to the speed range, and a direction
    /// pushed behind [`MIN_FORWARD`] clamped back to it. Only `+ - * /` and `sqrt`.
    #[must_use]
    pub fn perturbed(&self, noise: &Noise) -> Stroke {
        let Some(u) = self.unit_direction() else {
            return *self;
        };
        // Rotate counter-clockwise (to the player's left) by atan(slip): d + slip * perp.
        let perp = Vec2::new(-u.y, u.x);
        let mut d = Vec2::new(u.x + noise.slip * perp.x, u.y + noise.slip * perp.y);
        let len = (d.x * d.x + d.y * d.y).sqrt();
        d = Vec2::new(d.x / len, d.y / len);
        if d.y < MIN_FORWARD {
            let side = if d.x < 0.0 { -1.0 } else { 1.0 };
            d = Vec2::new(side * (1.0 - MIN_FORWARD * MIN_FORWARD).sqrt(), MIN_FORWARD);
        }
        let speed = (self.speed * (1.0 + noise.speed_error)).clamp(MIN_SPEED, MAX_SPEED);
        Stroke {
            offset: self.offset,
            direction: d,
            speed,
        }
    }
}

/// The plain data of a [`Stroke`], for serde: a stroke deserializes only when
/// [`Stroke::check_shape`] accepts it.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct StrokeData {
    offset: f64,
    direction: Vec2,
    speed: f64,
}

#[cfg(feature = "serde")]
impl TryFrom<StrokeData> for Stroke {
    type Error = StrokeError;
    fn try_from(d: StrokeData) -> Result<Stroke, StrokeError> {
        let s = Stroke::new(d.offset, d.direction, d.speed);
        s.check_shape()?;
        Ok(s)
    }
}

#[cfg(feature = "serde")]
impl From<Stroke> for StrokeData {
    fn from(s: Stroke) -> StrokeData {
        StrokeData {
            offset: s.offset,
            direction: s.direction,
            speed: s.speed,
        }
    }
}

/// One draw of execution noise (see [`crate::NoiseModel`]): recorded as a chance outcome.
/// With the `serde` feature it deserializes only with finite values.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "NoiseData", into = "NoiseData"))]
pub struct Noise {
    /// Tangent of the direction error, positive turning the stroke to the player's left.
    pub slip: f64,
    /// Relative speed error (0.05 = 5 % faster).
    pub speed_error: f64,
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct NoiseData {
    slip: f64,
    speed_error: f64,
}

/// A noise draw with a value that is not a finite number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a noise draw must hold finite numbers")]
pub struct NoiseError;

#[cfg(feature = "serde")]
impl TryFrom<NoiseData> for Noise {
    type Error = NoiseError;
    fn try_from(d: NoiseData) -> Result<Noise, NoiseError> {
        if d.slip.is_finite() && d.speed_error.is_finite() {
            Ok(Noise {
                slip: d.slip,
                speed_error: d.speed_error,
            })
        } else {
            Err(NoiseError)
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

/// Stroke notation: `offset dx,dy speed`, e.g. `-0.05 0.2,1 6.5` (metres to the player's
/// right, the direction in his frame, m/s). Numbers print in Rust's shortest round-trip form,
/// so `parse(display(x)) == x` exactly.
impl core::fmt::Display for Stroke {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} {},{} {}",
            self.offset, self.direction.x, self.direction.y, self.speed
        )
    }
}

/// Why a stroke's notation could not be read.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseStrokeError {
    /// Not three space-separated fields.
    #[error("expected `offset dx,dy speed`, got {0:?}")]
    Shape(String),
    /// A field that is not a number.
    #[error("not a number: {0:?}")]
    Number(String),
    /// A field that reads as NaN or an infinity.
    #[error("not a finite number: {0:?}")]
    NotFinite(String),
    /// Numbers that do not make a stroke ([`Stroke::check_shape`]).
    #[error("not a stroke: {0}")]
    Invalid(#[from] StrokeError),
}

impl core::str::FromStr for Stroke {
    type Err = ParseStrokeError;

    /// Reads the notation of [`Stroke`]'s `Display`: three fields of finite numbers that make
    /// a stroke of the right shape ([`Stroke::check_shape`]: on the base line, forward, in the
    /// speed range). Whether the striker fits among the pieces is checked when it is played.
    fn from_str(s: &str) -> Result<Stroke, ParseStrokeError> {
        let shape = || ParseStrokeError::Shape(s.chars().take(80).collect());
        let mut fields = s.split_whitespace();
        let (Some(o), Some(d), Some(v), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(shape());
        };
        let (dx, dy) = d.split_once(',').ok_or_else(shape)?;
        let num = |t: &str| {
            let clip = || t.chars().take(40).collect();
            match t.parse::<f64>() {
                Ok(x) if x.is_finite() => Ok(x),
                Ok(_) => Err(ParseStrokeError::NotFinite(clip())),
                Err(_) => Err(ParseStrokeError::Number(clip())),
            }
        };
        let stroke = Stroke::new(num(o)?, Vec2::new(num(dx)?, num(dy)?), num(v)?);
        stroke.check_shape()?;
        Ok(stroke)
    }
}
