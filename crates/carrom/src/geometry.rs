//! Board geometry: ICF dimensions, the four sides, base lines and the opening formation.
//!
//! Coordinates are metres in the board frame: the origin is the centre spot, `+x` points east
//! and `+y` north. The seat at [`Side::South`] sits at `y = -HALF_SIZE` and faces `+y`. A
//! stroke is given in the striking player's own frame (`x` to his right along the base line,
//! `y` forward), which [`Side::to_board`] turns into board coordinates.
//!
//! The dimensions are disc-physics's ICF constants (`disc_physics::carrom`). Only `+ - * /`
//! and `sqrt` are used, so positions are bit-identical on every platform. Points and vectors
//! are disc-physics's [`Vec2`] (re-exported by this crate).

use disc_physics::Vec2;

/// Half the side of the ICF playing surface (74 cm square), in metres.
pub const HALF_SIZE: f64 = disc_physics::carrom::HALF_SIZE_M;
/// Radius of a carrom man and of the queen (ICF: diameter 3.02-3.18 cm), in metres.
pub const PIECE_RADIUS: f64 = disc_physics::carrom::COIN_RADIUS_M;
/// Radius of the striker (ICF: diameter at most 4.13 cm), in metres.
pub const STRIKER_RADIUS: f64 = disc_physics::carrom::STRIKER_RADIUS_M;
/// Radius of a corner pocket (ICF: diameter 4.45 cm), in metres.
pub const POCKET_RADIUS: f64 = disc_physics::carrom::POCKET_RADIUS_M;
/// Distance from the frame to the middle of the base-line strip: the outer line is 10.15 cm
/// from the frame and the strip is 3.18 cm wide, so the striker centre sits 11.74 cm in.
pub const BASE_LINE_INSET: f64 = disc_physics::carrom::STRIKER_FROM_CUSHION_M;
/// Width of the base-line strip between the two parallel lines (3.18 cm), in metres.
pub const BASE_STRIP_WIDTH: f64 = disc_physics::carrom::BASE_LINE_GAP_M;
/// Length of a base line (47 cm), in metres.
pub const BASE_LINE_LENGTH: f64 = disc_physics::carrom::BASE_LINE_LENGTH_M;
/// Radius of a base circle closing each end of a base line (diameter 3.18 cm), in metres.
pub const BASE_CIRCLE_RADIUS: f64 = disc_physics::carrom::BASE_CIRCLE_DIAMETER_M / 2.0;
/// The largest offset of the striker centre from the middle of the base line: centred on a
/// base circle (which it then covers completely, as ICF allows), 21.91 cm.
pub const MAX_STRIKER_OFFSET: f64 = BASE_LINE_LENGTH / 2.0 - BASE_CIRCLE_RADIUS;
/// How far the striker's centre may stand from the middle of the base-line strip, across it,
/// and still touch both lines (ICF: the striker must touch both base lines): the striker's
/// radius less half the strip, 4.75 mm.
pub const BASE_LINE_TOLERANCE: f64 = STRIKER_RADIUS - BASE_STRIP_WIDTH / 2.0;
/// Radius of the centre circle (the queen's spot, diameter 3.18 cm), in metres.
pub const CENTRE_SPOT_RADIUS: f64 = disc_physics::carrom::CENTRE_CIRCLE_DIAMETER_M / 2.0;
/// Radius of the outer circle around the formation (diameter 17 cm), in metres.
pub const OUTER_CIRCLE_RADIUS: f64 = disc_physics::carrom::OUTER_CIRCLE_DIAMETER_M / 2.0;

/// One of the four sides of the board, where a player sits.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{Side, Vec2};
/// // Forward for the north player is south on the board.
/// assert_eq!(Side::North.to_board(Vec2::new(0.0, 1.0)), Vec2::new(-0.0, -1.0));
/// let p = Vec2::new(0.1, -0.2);
/// assert_eq!(Side::East.from_board(Side::East.to_board(p)), p);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// `y = -HALF_SIZE`, facing north (the first seat).
    South,
    /// `x = +HALF_SIZE`, facing west.
    East,
    /// `y = +HALF_SIZE`, facing south.
    North,
    /// `x = -HALF_SIZE`, facing east.
    West,
}

impl Side {
    /// Turns a vector given in this side's player frame (`x` to the player's right, `y`
    /// forward) into the board frame.
    #[must_use]
    pub fn to_board(self, v: Vec2) -> Vec2 {
        match self {
            Side::South => v,
            Side::North => Vec2::new(-v.x, -v.y),
            Side::East => Vec2::new(-v.y, v.x),
            Side::West => Vec2::new(v.y, -v.x),
        }
    }

    /// Turns a board vector into this side's player frame (the inverse of [`Side::to_board`]).
    #[must_use]
    pub fn from_board(self, v: Vec2) -> Vec2 {
        match self {
            Side::South => v,
            Side::North => Vec2::new(-v.x, -v.y),
            Side::East => Vec2::new(v.y, -v.x),
            Side::West => Vec2::new(-v.y, v.x),
        }
    }

    /// The board position of a striker placed at `offset` metres to the player's right of
    /// the middle of this side's base line.
    #[must_use]
    pub fn striker_position(self, offset: f64) -> Vec2 {
        self.to_board(Vec2::new(offset, -HALF_SIZE + BASE_LINE_INSET))
    }

    /// The board point of `place` given in this side's player frame (`x` to the player's
    /// right of the middle of his side, `y` forward from the edge of the playing surface), as
    /// a [`crate::Stroke`]'s place is.
    #[must_use]
    pub fn place_to_board(self, place: Vec2) -> Vec2 {
        self.to_board(Vec2::new(place.x, place.y - HALF_SIZE))
    }

    /// The inverse of [`Side::place_to_board`].
    #[must_use]
    pub fn place_from_board(self, p: Vec2) -> Vec2 {
        let q = self.from_board(p);
        Vec2::new(q.x, q.y + HALF_SIZE)
    }

    /// Whether a disc of radius `r` at board point `p` overlaps this side's base-line strip
    /// (the rectangle between the two parallel lines, 47 cm long).
    #[must_use]
    pub fn disc_overlaps_base_strip(self, p: Vec2, r: f64) -> bool {
        let q = self.from_board(p);
        let cy = -HALF_SIZE + BASE_LINE_INSET;
        let hx = BASE_LINE_LENGTH / 2.0;
        let hy = BASE_STRIP_WIDTH / 2.0;
        let dx = (q.x.abs() - hx).max(0.0);
        let dy = ((q.y - cy).abs() - hy).max(0.0);
        dx * dx + dy * dy < r * r
    }
}

/// The four corner pocket centres (each pocket circle touches both rails).
#[must_use]
pub fn pocket_centres() -> [Vec2; 4] {
    let c = HALF_SIZE - POCKET_RADIUS;
    [
        Vec2::new(-c, -c),
        Vec2::new(c, -c),
        Vec2::new(c, c),
        Vec2::new(-c, c),
    ]
}

/// The ICF opening formation in the breaker's frame (ICF 14(a), physics design scene (a)):
/// queen on the centre spot, a touching ring of six alternating white and black, a second ring
/// of twelve where the three whites outside the first-ring whites form the "Y". The Y's stem
/// points away from the breaker and its arms towards the breaker's corner pockets.
///
/// Index 0 is the queen, 1-9 the white men, 10-18 the black men.
#[must_use]
pub fn formation_breaker_frame() -> [Vec2; 19] {
    let d = 2.0 * PIECE_RADIUS;
    let s3 = 3.0f64.sqrt();
    let h = s3 / 2.0;
    // Unit vectors at 90 + 60k degrees (ring 1 and ring 2a) and at 60k (ring 2b).
    let ray = |k: usize| -> Vec2 {
        match k % 6 {
            0 => Vec2::new(0.0, 1.0),
            1 => Vec2::new(-h, 0.5),
            2 => Vec2::new(-h, -0.5),
            3 => Vec2::new(0.0, -1.0),
            4 => Vec2::new(h, -0.5),
            _ => Vec2::new(h, 0.5),
        }
    };
    let mid = |k: usize| -> Vec2 {
        match k % 6 {
            0 => Vec2::new(1.0, 0.0),
            1 => Vec2::new(0.5, h),
            2 => Vec2::new(-0.5, h),
            3 => Vec2::new(-1.0, 0.0),
            4 => Vec2::new(-0.5, -h),
            _ => Vec2::new(0.5, -h),
        }
    };
    let scale = |p: Vec2, f: f64| Vec2::new(p.x * f, p.y * f);
    let mut out = [Vec2::default(); 19];
    // White rays: 90, 210, 330 degrees = k = 0, 2, 4. Black rays: k = 1, 3, 5.
    let mut w = 1;
    let mut b = 10;
    for k in 0..6 {
        let (slot, next) = if k % 2 == 0 { (&mut w, 1) } else { (&mut b, 1) };
        out[*slot] = scale(ray(k), d);
        out[*slot + 1] = scale(ray(k), 2.0 * d);
        *slot += 2 * next;
    }
    // Ring 2b: white at 0, 120, 240 degrees (k = 0, 2, 4), black at 60, 180, 300.
    for k in 0..6 {
        let p = scale(mid(k), s3 * d);
        if k % 2 == 0 {
            out[w] = p;
            w += 1;
        } else {
            out[b] = p;
            b += 1;
        }
    }
    out
}

/// Sine and cosine of any angle `a`, radians, with [`sin_cos`]'s accuracy: `a` is brought to
/// `[-pi, pi]` (less a rounded multiple of 2 pi) and then to `[-pi/2, pi/2]` (`sin(pi - x) =
/// sin x`, `cos(pi - x) = -cos x`), with `+ - * /` and rounding only; NaN for a non-finite `a`.
pub(crate) fn sin_cos_any(a: f64) -> (f64, f64) {
    use core::f64::consts::{FRAC_PI_2, PI, TAU};
    if !a.is_finite() {
        return (f64::NAN, f64::NAN);
    }
    let a = a - TAU * (a / TAU).round();
    if a > FRAC_PI_2 {
        let (s, c) = sin_cos(PI - a);
        (s, -c)
    } else if a < -FRAC_PI_2 {
        let (s, c) = sin_cos(-PI - a);
        (s, -c)
    } else {
        sin_cos(a)
    }
}

/// Sine and cosine of `a` (|a| <= pi/2 for full accuracy) by their Taylor series, using only
/// `+ - * /` so that the result is the same on every platform (libm's `sin`/`cos` are not).
pub(crate) fn sin_cos(a: f64) -> (f64, f64) {
    let a2 = a * a;
    let mut s = 0.0;
    let mut c = 0.0;
    let mut term_s = a;
    let mut term_c = 1.0;
    for k in 0..12 {
        s += term_s;
        c += term_c;
        let k2 = 2.0 * f64::from(k);
        term_s = -term_s * a2 / ((k2 + 2.0) * (k2 + 3.0));
        term_c = -term_c * a2 / ((k2 + 1.0) * (k2 + 2.0));
    }
    (s, c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formation_has_nine_of_each_colour_touching_and_inside_the_outer_circle() {
        let f = formation_breaker_frame();
        let d = 2.0 * PIECE_RADIUS;
        assert_eq!(f[0], Vec2::new(0.0, 0.0), "queen on the centre spot (T1)");
        for i in 0..19 {
            assert!(f[i].distance(Vec2::default()) + PIECE_RADIUS <= OUTER_CIRCLE_RADIUS);
            for j in 0..i {
                assert!(f[i].distance(f[j]) >= d - 1e-12, "{i} and {j} overlap");
            }
        }
        // Every piece touches at least two others (a compact formation).
        for i in 0..19 {
            let touching = (0..19)
                .filter(|&j| j != i && (f[i].distance(f[j]) - d).abs() < 1e-9)
                .count();
            assert!(touching >= 2, "piece {i} touches {touching}");
        }
    }

    #[test]
    fn white_y_arms_point_at_the_breakers_corner_pockets_t2() {
        let f = formation_breaker_frame();
        // The outer whites of the arms lie towards the lower corners (x<0,y<0) and (x>0,y<0).
        let arms: Vec<Vec2> = (1..=9)
            .map(|i| f[i])
            .filter(|p| p.y < -0.01 && p.x.abs() > 0.04)
            .collect();
        assert_eq!(arms.len(), 2);
        assert!(arms.iter().any(|p| p.x < 0.0) && arms.iter().any(|p| p.x > 0.0));
        // The Y: three whites in ring 1 and three directly behind them.
        let d = 2.0 * PIECE_RADIUS;
        let inner = (1..=9)
            .filter(|&i| (f[i].distance(Vec2::default()) - d).abs() < 1e-9)
            .count();
        let outer = (1..=9)
            .filter(|&i| (f[i].distance(Vec2::default()) - 2.0 * d).abs() < 1e-9)
            .count();
        assert_eq!((inner, outer), (3, 3));
    }

    #[test]
    fn side_frames_round_trip_and_face_the_centre() {
        for side in [Side::South, Side::East, Side::North, Side::West] {
            let p = Vec2::new(0.1, -0.2);
            assert_eq!(side.from_board(side.to_board(p)), p);
            let s = side.striker_position(0.0);
            let fwd = side.to_board(Vec2::new(0.0, 1.0));
            // Forward points from the base line towards the centre.
            assert!(s.x * fwd.x + s.y * fwd.y < 0.0);
            assert!((s.distance(Vec2::default()) - (HALF_SIZE - BASE_LINE_INSET)).abs() < 1e-12);
            assert!(side.disc_overlaps_base_strip(s, STRIKER_RADIUS));
        }
    }

    #[test]
    fn sin_cos_any_matches_libm_closely_at_every_angle() {
        for k in -1440..=1440 {
            let a = f64::from(k) * 0.25_f64.to_radians();
            let (s, c) = sin_cos_any(a);
            assert!(
                (s - a.sin()).abs() < 1e-12 && (c - a.cos()).abs() < 1e-12,
                "{a}: {s}, {c}"
            );
        }
        assert!(sin_cos_any(f64::NAN).0.is_nan() && sin_cos_any(f64::INFINITY).1.is_nan());
    }

    #[test]
    fn sin_cos_matches_libm_closely() {
        for deg in [0.0f64, 5.0, 20.0, 40.0, 60.0, 89.0] {
            let a = deg.to_radians();
            let (s, c) = sin_cos(a);
            assert!(
                (s - a.sin()).abs() < 1e-12 && (c - a.cos()).abs() < 1e-12,
                "{deg}"
            );
        }
    }

    #[test]
    fn formation_matches_disc_physics_icf_formation() {
        use disc_physics::carrom::{CoinColour, formation};
        let ours = formation_breaker_frame();
        for (p, colour) in formation() {
            let found = ours
                .iter()
                .position(|q| (q.x - p.x).abs() < 1e-12 && (q.y - p.y).abs() < 1e-12);
            let i = found.expect("same coin positions");
            let expected = match colour {
                CoinColour::Queen => 0..1,
                CoinColour::White => 1..10,
                CoinColour::Black => 10..19,
            };
            assert!(expected.contains(&i), "colour of coin at {p:?}");
        }
    }
}
