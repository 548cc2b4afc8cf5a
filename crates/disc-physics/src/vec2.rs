//! A plain two-component vector in metres (positions) or metres per second (velocities).

use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// 2^-500 and 2^500: a vector whose larger component lies outside them has squares outside
/// (or near the edges of) the normal range of `f64`, which [`Vec2::length`] scales away.
const SMALL: f64 = f64::from_bits((1023 - 500) << 52);
const LARGE: f64 = f64::from_bits((1023 + 500) << 52);
/// 2^600 and 2^-600, the exact scales.
const UP: f64 = f64::from_bits((1023 + 600) << 52);
const DOWN: f64 = f64::from_bits((1023 - 600) << 52);

/// A 2-D vector of `f64`: a position in metres or a velocity in m/s.
///
/// The origin is the table centre, `+x` points right and `+y` points away from the breaking
/// player (towards [`CushionId::TOP`](crate::CushionId::TOP)).
///
/// # Examples
///
/// ```
/// use disc_physics::Vec2;
/// let v = Vec2::new(3.0, 4.0);
/// assert_eq!(v.length(), 5.0);
/// assert_eq!(v - Vec2::new(1.0, 1.0), Vec2::new(2.0, 3.0));
/// assert_eq!(v * 2.0, Vec2::new(6.0, 8.0));
/// assert_eq!(v.normalized(), Some(Vec2::new(0.6, 0.8)));
/// assert_eq!(Vec2::ZERO.normalized(), None);
/// assert_eq!(v.to_string(), "(3.0000, 4.0000)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Vec2 {
    /// The x component.
    pub x: f64,
    /// The y component.
    pub y: f64,
}

impl Vec2 {
    /// The zero vector.
    pub const ZERO: Vec2 = Vec2 { x: 0.0, y: 0.0 };

    /// A vector from its components.
    #[must_use]
    pub const fn new(x: f64, y: f64) -> Vec2 {
        Vec2 { x, y }
    }

    /// The dot product.
    #[must_use]
    pub fn dot(self, other: Vec2) -> f64 {
        self.x * other.x + self.y * other.y
    }

    /// The squared length.
    #[must_use]
    pub fn length_squared(self) -> f64 {
        self.dot(self)
    }

    /// The length (uses `sqrt` only). A vector so short or so long that its squared
    /// components leave the normal range (below about 1e-151 or above 1e151) is scaled by a
    /// power of two first, exactly, so that the result is still correctly rounded; other
    /// vectors give `self.length_squared().sqrt()` bit for bit.
    #[must_use]
    pub fn length(self) -> f64 {
        let (v, back) = self.in_range();
        v.length_squared().sqrt() * back
    }

    /// `self` scaled by a power of two into the range where its squares are normal, and the
    /// power of two that undoes the scale (`(self, 1.0)` when none is needed). Exact: only
    /// the exponents change.
    fn in_range(self) -> (Vec2, f64) {
        let big = self.x.abs().max(self.y.abs());
        if big < SMALL {
            (Vec2::new(self.x * UP, self.y * UP), DOWN)
        } else if big > LARGE {
            (Vec2::new(self.x * DOWN, self.y * DOWN), UP)
        } else {
            (self, 1.0)
        }
    }

    /// The squared distance to `other`: `(self - other).length_squared()`.
    #[must_use]
    pub fn distance_squared(self, other: Vec2) -> f64 {
        (self - other).length_squared()
    }

    /// The distance to `other` (uses `sqrt` only).
    #[must_use]
    pub fn distance(self, other: Vec2) -> f64 {
        self.distance_squared(other).sqrt()
    }

    /// Whether both components are finite (neither NaN nor infinite).
    #[must_use]
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    /// The unit vector in the same direction, or `None` for a zero or non-finite vector.
    /// However short or long the vector, the result is a unit vector to rounding (the
    /// vector is scaled as [`Vec2::length`] scales it).
    #[must_use]
    pub fn normalized(self) -> Option<Vec2> {
        let (v, _) = self.in_range();
        let len = v.length_squared().sqrt();
        if len > 0.0 && len.is_finite() {
            Some(Vec2::new(v.x / len, v.y / len))
        } else {
            None
        }
    }
}

/// `(x, y)` with four decimals, e.g. `(0.1250, -0.3000)`.
impl fmt::Display for Vec2 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({:.4}, {:.4})", self.x, self.y)
    }
}

impl Add for Vec2 {
    type Output = Vec2;
    fn add(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x + o.x, self.y + o.y)
    }
}

impl AddAssign for Vec2 {
    fn add_assign(&mut self, o: Vec2) {
        self.x += o.x;
        self.y += o.y;
    }
}

impl Sub for Vec2 {
    type Output = Vec2;
    fn sub(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }
}

impl SubAssign for Vec2 {
    fn sub_assign(&mut self, o: Vec2) {
        self.x -= o.x;
        self.y -= o.y;
    }
}

impl Mul<f64> for Vec2 {
    type Output = Vec2;
    fn mul(self, k: f64) -> Vec2 {
        Vec2::new(self.x * k, self.y * k)
    }
}

impl Neg for Vec2 {
    type Output = Vec2;
    fn neg(self) -> Vec2 {
        Vec2::new(-self.x, -self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_is_the_length_of_the_difference() {
        let a = Vec2::new(1.0, 2.0);
        let b = Vec2::new(4.0, 6.0);
        assert_eq!(a.distance_squared(b), 25.0);
        assert_eq!(a.distance(b), 5.0);
        assert_eq!(b.distance(a), 5.0);
    }

    #[test]
    fn display_has_four_decimals() {
        assert_eq!(Vec2::new(0.125, -0.3).to_string(), "(0.1250, -0.3000)");
    }
}
