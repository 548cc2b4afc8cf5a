//! Table geometry: every size in one documented place ([`Dimensions`]), points, the four
//! sides of the table, strike zones, the centre circle, pockets, and free-spot searches used
//! to put discs back on the table.
//!
//! Coordinates are metres with the origin at the centre of the playing area; `+y` points from
//! the south cushion to the north cushion, `+x` from west to east.

use core::f64::consts::FRAC_1_SQRT_2;
use core::fmt;
use core::str::FromStr;

use boardgame_core::text::excerpt;

use disc_physics::Vec2;
use disc_physics::limits::plain;

/// One side of the square table: a player's position and the cushion in front of him.
///
/// In singles seat 0 plays from the south and seat 1 from the north. In pairs the four seats
/// sit south, west, north, east, so that turns pass clockwise and partners (seats 0 and 2,
/// seats 1 and 3) face each other (N16, B20).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Compass, Vec2};
/// // The north player's "forward" is south on the board; points shift by the half size.
/// assert_eq!(Compass::North.direction_to_board(Vec2::new(0.0, 1.0)), Vec2::new(-0.0, -1.0));
/// assert_eq!(Compass::South.from_local(0.0, 0.09, 0.5), Vec2::new(0.0, 0.09 - 0.5));
/// assert_eq!(Compass::South.opposite(), Compass::North);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Compass {
    /// The cushion at `y = -H`.
    South,
    /// The cushion at `x = -H`.
    West,
    /// The cushion at `y = +H`.
    North,
    /// The cushion at `x = +H`.
    East,
}

impl Compass {
    /// All four sides, clockwise from the south.
    pub const ALL: [Compass; 4] = [Compass::South, Compass::West, Compass::North, Compass::East];

    /// The side across the table.
    #[must_use]
    pub const fn opposite(self) -> Compass {
        match self {
            Compass::South => Compass::North,
            Compass::West => Compass::East,
            Compass::North => Compass::South,
            Compass::East => Compass::West,
        }
    }

    /// Local coordinates of `p` seen from this side of a table of half size `half`: `u`
    /// along the cushion (from the player's left to his right) and `v`, the distance from
    /// this side's cushion towards the opposite one.
    #[must_use]
    pub fn to_local(self, p: Vec2, half: f64) -> (f64, f64) {
        match self {
            Compass::South => (p.x, p.y + half),
            Compass::North => (-p.x, half - p.y),
            Compass::West => (-p.y, p.x + half),
            Compass::East => (p.y, half - p.x),
        }
    }

    /// The inverse of [`Compass::to_local`].
    #[must_use]
    pub fn from_local(self, u: f64, v: f64, half: f64) -> Vec2 {
        match self {
            Compass::South => Vec2::new(u, v - half),
            Compass::North => Vec2::new(-u, half - v),
            Compass::West => Vec2::new(v - half, -u),
            Compass::East => Vec2::new(half - v, u),
        }
    }

    /// Turns a direction given in this side's player frame (`x` to the player's right along
    /// his cushion, `y` forward) into the board frame (a rotation: exact).
    #[must_use]
    pub const fn direction_to_board(self, d: Vec2) -> Vec2 {
        match self {
            Compass::South => d,
            Compass::North => Vec2::new(-d.x, -d.y),
            Compass::West => Vec2::new(d.y, -d.x),
            Compass::East => Vec2::new(-d.y, d.x),
        }
    }

    /// The inverse of [`Compass::direction_to_board`].
    #[must_use]
    pub const fn direction_to_local(self, d: Vec2) -> Vec2 {
        match self {
            Compass::South => d,
            Compass::North => Vec2::new(-d.x, -d.y),
            Compass::West => Vec2::new(-d.y, d.x),
            Compass::East => Vec2::new(d.y, -d.x),
        }
    }

    /// The unit vector pointing from this side towards the opposite one.
    #[must_use]
    pub const fn inward(self) -> Vec2 {
        match self {
            Compass::South => Vec2::new(0.0, 1.0),
            Compass::North => Vec2::new(0.0, -1.0),
            Compass::West => Vec2::new(1.0, 0.0),
            Compass::East => Vec2::new(-1.0, 0.0),
        }
    }
}

impl fmt::Display for Compass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Compass::South => "south",
            Compass::West => "west",
            Compass::North => "north",
            Compass::East => "east",
        })
    }
}

/// A text that is not a side of the table as [`Compass`]'s `Display` writes it (`south`,
/// `west`, `north` or `east`): the text, at most 64 characters of it
/// ([`boardgame_core::text::excerpt`]).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Compass, ParseCompassError};
/// let err: ParseCompassError = "S".parse::<Compass>().unwrap_err();
/// assert_eq!(err.0, "S");
/// assert_eq!(err.to_string(), "not a side of the table (south, west, north or east): \"S\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a side of the table (south, west, north or east): {0:?}")]
#[non_exhaustive]
pub struct ParseCompassError(
    /// The text, at most 64 characters of it.
    pub String,
);

/// Reads exactly what `Display` writes, `south`, `west`, `north` or `east`: lower case,
/// nothing around it.
///
/// # Errors
///
/// [`ParseCompassError`] for any other text.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::Compass;
/// assert_eq!("west".parse::<Compass>()?, Compass::West);
/// assert_eq!(Compass::East.to_string().parse::<Compass>()?, Compass::East);
/// assert!("North".parse::<Compass>().is_err());
/// # Ok::<(), lattjo_disc_billiards::ParseCompassError>(())
/// ```
impl FromStr for Compass {
    type Err = ParseCompassError;
    fn from_str(s: &str) -> Result<Compass, ParseCompassError> {
        match s {
            "south" => Ok(Compass::South),
            "west" => Ok(Compass::West),
            "north" => Ok(Compass::North),
            "east" => Ok(Compass::East),
            _ => Err(ParseCompassError(excerpt(s))),
        }
    }
}

/// Every size of the table and its pieces, in metres and kilograms, in one place.
///
/// The table, pockets, zone depth and circle are the Latvian Novuss Federation's figures
/// (shared/design/physics.md §1.2). The disc and puck radii and masses, the hole radii, and
/// the half width of the strike zone are **assumptions**: no reachable source gives them.
/// Replace them here when measured values are known; nothing else in the crate hard-codes a
/// size.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Dimensions, Novuss, Rules, Vec2};
/// let d = Dimensions::NOVUSS;
/// assert!(d.in_pocket(Vec2::new(0.435, 0.435)));
/// // A smaller puck is a rule set of its own.
/// let small = Dimensions { puck_radius: 0.025, ..Dimensions::NOVUSS };
/// assert!(Novuss::new(Rules::lattjo().with_dimensions(small)).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Dimensions {
    /// Half the side of the square playing area (LNF: 1 x 1 m, so 0.5).
    pub half_size: f64,
    /// Pocket hole radius (LNF: diameter 100 mm).
    pub pocket_radius: f64,
    /// Distance of each pocket's centre from both cushions (LNF: 15 mm gap plus the 50 mm
    /// radius, so 65 mm).
    pub pocket_inset: f64,
    /// Depth of the strike zone from its cushion (LNF: the edge line 130 mm from the rail).
    pub zone_depth: f64,
    /// Half the width of the strike zone between its side lines. **Assumed** 0.35 m: the
    /// LNF text says side lines limit the zone but gives no figure; 0.35 keeps the zone clear
    /// of the pockets.
    pub zone_half_width: f64,
    /// Radius of the centre circle (LNF: diameter 250 mm).
    pub circle_radius: f64,
    /// Object disc radius. **Assumed** 26 mm (physics.md benchmark value).
    pub disc_radius: f64,
    /// Object disc mass. **Assumed** 10 g.
    pub disc_mass: f64,
    /// Radius of the hole in an object disc, used by the light/dark test (B4). **Assumed**
    /// 6 mm.
    pub disc_hole_radius: f64,
    /// Puck radius. **Assumed** 28.5 mm (physics.md benchmark value; larger than a disc).
    pub puck_radius: f64,
    /// Puck mass. **Assumed** 15 g.
    pub puck_mass: f64,
    /// Radius of the hole in the puck, used by the placement test (B3). **Assumed** 9 mm.
    pub puck_hole_radius: f64,
}

impl Dimensions {
    /// The Novuss table (LNF figures, with the assumptions documented on each field).
    pub const NOVUSS: Dimensions = Dimensions {
        half_size: 0.5,
        pocket_radius: 0.05,
        pocket_inset: 0.065,
        zone_depth: 0.130,
        zone_half_width: 0.35,
        circle_radius: 0.125,
        disc_radius: 0.026,
        disc_mass: 0.010,
        disc_hole_radius: 0.006,
        puck_radius: 0.0285,
        puck_mass: 0.015,
        puck_hole_radius: 0.009,
    };

    /// The four pocket centres: south-west, north-west, north-east, south-east.
    #[must_use]
    pub fn pockets(&self) -> [Vec2; 4] {
        let c = self.half_size - self.pocket_inset;
        [
            Vec2::new(-c, -c),
            Vec2::new(-c, c),
            Vec2::new(c, c),
            Vec2::new(c, -c),
        ]
    }

    /// Whether `p` (a disc centre) lies strictly inside a pocket hole.
    #[must_use]
    pub fn in_pocket(&self, p: Vec2) -> bool {
        let r2 = self.pocket_radius * self.pocket_radius;
        self.pockets().iter().any(|c| c.distance_squared(p) < r2)
    }

    /// Whether a body of radius `r` centred at `p` lies on the playing area, inside the
    /// cushions (touching allowed). A coordinate that is NaN, infinite or subnormal is never
    /// on the table (the physics refuses such a position, [`disc_physics::limits::plain`]).
    #[must_use]
    pub fn on_table(&self, p: Vec2, r: f64) -> bool {
        let lim = self.half_size - r + 1e-12;
        p.is_finite() && plain(p.x) && plain(p.y) && p.x.abs() <= lim && p.y.abs() <= lim
    }

    /// Whether the point `p` lies in the strike zone of `side` (closed rectangle).
    #[must_use]
    pub fn in_zone(&self, side: Compass, p: Vec2) -> bool {
        self.circle_in_zone(side, p, 0.0)
    }

    /// Whether the whole circle of radius `r` about `p` lies inside the strike zone of `side`
    /// (no zone boundary line crosses it).
    #[must_use]
    pub fn circle_in_zone(&self, side: Compass, p: Vec2, r: f64) -> bool {
        let (u, v) = side.to_local(p, self.half_size);
        u.abs() + r <= self.zone_half_width && v - r >= 0.0 && v + r <= self.zone_depth
    }

    /// Whether the whole circle of radius `r` about `p` lies inside the centre circle.
    #[must_use]
    pub fn circle_in_centre(&self, p: Vec2, r: f64) -> bool {
        p.length() + r <= self.circle_radius
    }

    /// Distance from `p` to the nearest line of `side`'s strike zone: its end line, its two
    /// side lines and its middle line (each a segment).
    #[must_use]
    pub fn distance_to_zone_line(&self, side: Compass, p: Vec2) -> f64 {
        let (u, v) = side.to_local(p, self.half_size);
        let (w, d) = (self.zone_half_width, self.zone_depth);
        // Distance to the segment from (a, b0) to (a, b1) along the v axis at u = a.
        let vseg = |a: f64| {
            let dv = if v < 0.0 {
                -v
            } else if v > d {
                v - d
            } else {
                0.0
            };
            ((u - a) * (u - a) + dv * dv).sqrt()
        };
        let du = if u.abs() > w { u.abs() - w } else { 0.0 };
        let end = ((v - d) * (v - d) + du * du).sqrt();
        end.min(vseg(-w)).min(vseg(w)).min(vseg(0.0))
    }
}

impl Default for Dimensions {
    fn default() -> Dimensions {
        Dimensions::NOVUSS
    }
}

/// Sixteen unit directions (every 22.5 degrees) written as constants, so that searches for
/// a free spot use no trigonometric function and give the same result on every machine.
pub(crate) const DIRS16: [Vec2; 16] = [
    Vec2::new(1.0, 0.0),
    Vec2::new(0.923_879_532_511_286_7, 0.382_683_432_365_089_8),
    Vec2::new(FRAC_1_SQRT_2, FRAC_1_SQRT_2),
    Vec2::new(0.382_683_432_365_089_8, 0.923_879_532_511_286_7),
    Vec2::new(0.0, 1.0),
    Vec2::new(-0.382_683_432_365_089_8, 0.923_879_532_511_286_7),
    Vec2::new(-FRAC_1_SQRT_2, FRAC_1_SQRT_2),
    Vec2::new(-0.923_879_532_511_286_7, 0.382_683_432_365_089_8),
    Vec2::new(-1.0, 0.0),
    Vec2::new(-0.923_879_532_511_286_7, -0.382_683_432_365_089_8),
    Vec2::new(-FRAC_1_SQRT_2, -FRAC_1_SQRT_2),
    Vec2::new(-0.382_683_432_365_089_8, -0.923_879_532_511_286_7),
    Vec2::new(0.0, -1.0),
    Vec2::new(0.382_683_432_365_089_8, -0.923_879_532_511_286_7),
    Vec2::new(FRAC_1_SQRT_2, -FRAC_1_SQRT_2),
    Vec2::new(0.923_879_532_511_286_7, -0.382_683_432_365_089_8),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_compass_side_reads_back_from_its_text() {
        for c in Compass::ALL {
            assert_eq!(c.to_string().parse::<Compass>(), Ok(c));
        }
    }

    #[test]
    fn a_text_that_is_no_compass_side_is_refused_without_a_panic() {
        let long = "south".repeat(20_000);
        for bad in [
            "",
            " ",
            "s",
            "S",
            "South",
            "NORTH",
            "south ",
            " west",
            "east\n",
            "eastx",
            "north east",
            "side A",
            "sóuth",
            "ｅast",
            &long,
        ] {
            let err = bad.parse::<Compass>().expect_err(bad);
            assert_eq!(err, ParseCompassError(excerpt(bad)), "{bad:?}");
            assert!(err.0.chars().count() <= boardgame_core::text::EXCERPT_CHARS);
        }
    }

    #[test]
    fn local_coordinates_round_trip() {
        let p = Vec2::new(0.12, -0.31);
        for c in Compass::ALL {
            let (u, v) = c.to_local(p, 0.5);
            let q = c.from_local(u, v, 0.5);
            assert!(p.distance(q) < 1e-12, "{c}: {q}");
            // Directions turn exactly, and consistently with points.
            assert_eq!(c.direction_to_local(c.direction_to_board(p)), p);
            let o = c.from_local(0.0, 0.0, 0.5);
            let d = c.direction_to_board(Vec2::new(u, v));
            assert!(Vec2::new(o.x + d.x, o.y + d.y).distance(p) < 1e-12, "{c}");
        }
        // v is the distance from the cushion of that side.
        assert!((Compass::South.to_local(p, 0.5).1 - 0.19).abs() < 1e-12);
        assert!((Compass::North.to_local(p, 0.5).1 - 0.81).abs() < 1e-12);
        assert!((Compass::West.to_local(p, 0.5).1 - 0.62).abs() < 1e-12);
        assert!((Compass::East.to_local(p, 0.5).1 - 0.38).abs() < 1e-12);
    }

    #[test]
    fn pockets_are_in_the_corners() {
        let d = Dimensions::NOVUSS;
        assert!(d.in_pocket(Vec2::new(0.435, 0.435)));
        assert!(d.in_pocket(Vec2::new(-0.40, -0.45)));
        assert!(!d.in_pocket(Vec2::new(0.0, 0.474)));
        assert!(
            !d.in_pocket(Vec2::new(0.435, 0.3849)),
            "on the rim is not inside"
        );
    }

    #[test]
    fn zone_and_zone_lines() {
        let d = Dimensions::NOVUSS;
        assert!(d.in_zone(Compass::South, Vec2::new(0.0, -0.45)));
        assert!(!d.in_zone(Compass::South, Vec2::new(0.0, -0.36)));
        assert!(!d.in_zone(Compass::North, Vec2::new(0.0, -0.45)));
        assert!(d.in_zone(Compass::East, Vec2::new(0.45, 0.2)));
        // The middle line x = 0 runs through the south zone.
        assert!(d.distance_to_zone_line(Compass::South, Vec2::new(0.004, -0.45)) < 0.0041);
        // The end line at y = -0.37.
        assert!(
            (d.distance_to_zone_line(Compass::South, Vec2::new(0.2, -0.38)) - 0.01).abs() < 1e-9
        );
        assert!(d.circle_in_zone(Compass::South, Vec2::new(0.2, -0.45), 0.009));
        assert!(!d.circle_in_zone(Compass::South, Vec2::new(0.2, -0.375), 0.009));
    }

    #[test]
    fn dirs16_are_unit_vectors() {
        for d in DIRS16 {
            assert!((d.length() - 1.0).abs() < 1e-15);
        }
    }
}
