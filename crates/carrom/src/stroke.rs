//! The stroke: where the striker stands, where it goes, how fast; its text form; and
//! execution noise.

use crate::geometry::{BASE_LINE_INSET, BASE_LINE_TOLERANCE, MAX_STRIKER_OFFSET};
use boardgame_core::text::excerpt;
use disc_physics::Vec2;
use disc_physics::limits::plain;

/// Execution noise draws are normal-like (a sum of 12 uniforms) and cut at this many standard
/// deviations; a draw beyond it is refused.
pub const NOISE_LIMIT_SD: f64 = 6.0;

/// The slowest stroke accepted, in m/s (the striker then slides about 1.3 mm: a void stroke).
pub const MIN_SPEED: f64 = 0.05;
/// The fastest stroke accepted, in m/s: the top of the "hard break" range (4-8 m/s) of the
/// physics design notes.
pub const MAX_SPEED: f64 = 8.0;
/// The smallest forward component of the unit direction: the striker must be flicked
/// forward, away from the player's own frame (C2); at most about 89.4 degrees off straight
/// ahead.
pub const MIN_FORWARD: f64 = 0.01;
/// The largest size of a direction component a stroke may have (its parameter bounds,
/// [`crate::STROKE_PARAMETER_BOUNDS`]). Only the direction's unit vector matters, so any
/// direction can be written within it (`(0, 1)` straight ahead); a longer one is refused
/// ([`StrokeError::LongDirection`]) so that every stroke the game accepts has parameters.
pub const MAX_DIRECTION: f64 = 2.0;

/// One flick of the striker (C2), in the striking player's own frame: `place` is where the
/// striker's centre stands, in metres, `x` to the player's right of the middle of his side and
/// `y` forward from the edge of the playing surface at his side; it must be on his base line:
/// `|x|` at most [`MAX_STRIKER_OFFSET`] (between the base circles, or covering one) and `y`
/// within [`BASE_LINE_TOLERANCE`] of [`BASE_LINE_INSET`] (touching both lines).
/// `direction` is the direction of travel in the same frame (any length with both components
/// within +-[`MAX_DIRECTION`], `(0, 1)` straight ahead), `speed` the striker's initial speed
/// in m/s. The same fields, frame and units as a Novuss stroke.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{BASE_LINE_INSET, Stroke, Vec2};
/// let straight = Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 6.0);
/// assert_eq!(straight.place, Vec2::new(0.0, BASE_LINE_INSET));
/// assert!(straight.check_shape().is_ok());
/// let backwards = Stroke::on_base_line(0.0, Vec2::new(0.0, -1.0), 6.0);
/// assert!(backwards.check_shape().is_err());
/// // Its text form reads back to the same bits.
/// let text = straight.to_string();
/// assert_eq!(text, "0,0.1174 0,1 6");
/// assert_eq!(text.parse::<Stroke>()?, straight);
/// # Ok::<(), lattjo_carrom::ParseStrokeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "StrokeData", into = "StrokeData"))]
pub struct Stroke {
    /// Striker centre in the player's frame, metres: `x` along the base line to his right of
    /// its middle, `y` forward from the edge of the playing surface.
    pub place: Vec2,
    /// Direction of travel in the player's frame (need not be a unit vector; components
    /// within +-[`MAX_DIRECTION`]).
    pub direction: Vec2,
    /// Initial striker speed, m/s.
    pub speed: f64,
}

/// Why a stroke was refused.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{Stroke, StrokeError, Vec2};
/// let s = Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 9.0);
/// assert_eq!(s.check_shape(), Err(StrokeError::Speed(9.0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum StrokeError {
    /// NaN or infinite value.
    #[error("the stroke's {0} is not a finite number")]
    NotFinite(&'static str),
    /// A subnormal value (nonzero and below `f64::MIN_POSITIVE` in size), which the physics
    /// refuses ([`disc_physics::limits::plain`]).
    #[error("the stroke's {0} has a subnormal component (too close to zero)")]
    Subnormal(&'static str),
    /// The striker is not on the base line between the base circles, touching both lines
    /// (C2, T3).
    #[error(
        "striker at {x}, {y} m is off the base line (|x| at most {max} m, y within {tolerance} m of {line} m)"
    )]
    OffBaseLine {
        /// The striker's `x` given.
        x: f64,
        /// The striker's `y` given.
        y: f64,
        /// The largest `|x|`.
        max: f64,
        /// The base line's `y`.
        line: f64,
        /// How far `y` may be from it.
        tolerance: f64,
    },
    /// A zero direction.
    #[error("the stroke has no direction")]
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
    pub const fn new(place: Vec2, direction: Vec2, speed: f64) -> Stroke {
        Stroke {
            place,
            direction,
            speed,
        }
    }

    /// A stroke with the striker on the middle of the base-line strip, `offset` metres to the
    /// player's right of the line's middle.
    #[must_use]
    pub const fn on_base_line(offset: f64, direction: Vec2, speed: f64) -> Stroke {
        Stroke::new(Vec2::new(offset, BASE_LINE_INSET), direction, speed)
    }

    /// The striker's offset to the player's right of the base line's middle (`place.x`).
    #[must_use]
    pub const fn offset(&self) -> f64 {
        self.place.x
    }

    /// A stroke from the middle of the base-line strip at `offset`, aimed `degrees` to the
    /// right of straight ahead (negative: to the left). The direction's sine and cosine are
    /// the crate's own (`+ - * /` only, within about an ulp of the exact values), so the same
    /// angle gives the same stroke, bit for bit, on every platform; the stroke stores the
    /// vector, so a recorded game replays exactly.
    #[must_use]
    pub fn at_angle(offset: f64, degrees: f64, speed: f64) -> Stroke {
        let (sin, cos) = crate::geometry::sin_cos_any(degrees.to_radians());
        Stroke::on_base_line(offset, Vec2::new(sin, cos), speed)
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
    /// the base line (C2), a forward direction with components within +-[`MAX_DIRECTION`],
    /// the speed range.
    ///
    /// # Errors
    ///
    /// The first [`StrokeError`] found.
    pub fn check_shape(&self) -> Result<(), StrokeError> {
        if !self.place.is_finite() {
            return Err(StrokeError::NotFinite("place"));
        }
        if !self.direction.is_finite() {
            return Err(StrokeError::NotFinite("direction"));
        }
        if !self.speed.is_finite() {
            return Err(StrokeError::NotFinite("speed"));
        }
        for (name, v) in [
            ("place", self.place.x),
            ("place", self.place.y),
            ("direction", self.direction.x),
            ("direction", self.direction.y),
            ("speed", self.speed),
        ] {
            if !plain(v) {
                return Err(StrokeError::Subnormal(name));
            }
        }
        if self.place.x.abs() > MAX_STRIKER_OFFSET
            || (self.place.y - BASE_LINE_INSET).abs() > BASE_LINE_TOLERANCE
        {
            return Err(StrokeError::OffBaseLine {
                x: self.place.x,
                y: self.place.y,
                max: MAX_STRIKER_OFFSET,
                line: BASE_LINE_INSET,
                tolerance: BASE_LINE_TOLERANCE,
            });
        }
        if self.direction.x.abs() > MAX_DIRECTION || self.direction.y.abs() > MAX_DIRECTION {
            return Err(StrokeError::LongDirection {
                x: self.direction.x,
                y: self.direction.y,
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
            place: self.place,
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

/// One draw of execution noise (see [`crate::NoiseModel`]): recorded as a chance outcome.
/// With the `serde` feature it deserializes only with finite values.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{Noise, Stroke, Vec2};
/// let s = Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 4.0);
/// let played = s.perturbed(&Noise { slip: 0.0, speed_error: 0.05 });
/// assert!((played.speed - 4.2).abs() < 1e-12);
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

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct NoiseData {
    slip: f64,
    speed_error: f64,
}

/// A noise draw with a value that is not a finite number (deserializing a [`Noise`]).
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use lattjo_carrom::Noise;
/// use serde::Deserialize;
/// use serde::de::value::{Error, MapDeserializer};
/// let draw = [("slip", f64::NAN), ("speed_error", 0.0)];
/// let e = Noise::deserialize(MapDeserializer::<_, Error>::new(draw.into_iter())).unwrap_err();
/// assert!(e.to_string().contains("a noise draw must hold finite numbers"));
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a noise draw must hold finite numbers")]
#[non_exhaustive]
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

/// Stroke notation: `x,y dx,dy speed`, the place and the direction in the player's frame and
/// the speed, e.g. `-0.05,0.1174 0.2,1 6.5` (the striker 5 cm left of the middle of the base
/// line, aimed 0.2 to the right per 1 forward, at 6.5 m/s). Numbers print in Rust's shortest
/// round-trip form, so `parse(display(x)) == x` exactly.
impl core::fmt::Display for Stroke {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
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
/// use lattjo_carrom::{ParseStrokeError, Stroke};
/// assert!(matches!("0,0.1174 nan,1 5".parse::<Stroke>(), Err(ParseStrokeError::NotFinite(_))));
/// assert!(matches!("0 0,1 5".parse::<Stroke>(), Err(ParseStrokeError::Shape(_))));
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
