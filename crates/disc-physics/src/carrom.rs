//! The ICF carrom board (International Carrom Federation, Laws of Carrom, Section I), as
//! physics.md §1.1 gives it: the one documented place for its dimensions. Lengths in metres,
//! masses in kilograms, the origin at the board centre, +y away from the breaking player.

use crate::{DiscKind, Table, TableError, Vec2};

/// Half the side of the square playing surface (ICF 73.5-74.0 cm; benchmark 0.74 m).
pub const HALF_SIZE_M: f64 = 0.37;
/// Radius of the four corner pockets (ICF Ø 4.45 cm ± 0.15).
pub const POCKET_RADIUS_M: f64 = 0.02225;
/// |x| = |y| of each pocket centre: the pocket circle is tangent to both cushions.
pub const POCKET_CENTRE_M: f64 = HALF_SIZE_M - POCKET_RADIUS_M;
/// Radius of a carromman (coin) and of the queen (ICF Ø 3.02-3.18 cm).
pub const COIN_RADIUS_M: f64 = 0.0159;
/// Mass of a coin and of the queen (ICF 5.25-5.50 g).
pub const COIN_MASS_KG: f64 = 0.0055;
/// Radius of the striker (ICF Ø ≤ 4.13 cm).
pub const STRIKER_RADIUS_M: f64 = 0.02065;
/// Mass of the striker (ICF ≤ 15 g).
pub const STRIKER_MASS_KG: f64 = 0.015;
/// Distance of the outer base line from the frame (ICF 10.15 cm).
pub const BASE_LINE_OUTER_FROM_CUSHION_M: f64 = 0.1015;
/// Distance between the two base lines of a pair (ICF 3.18 cm): the striker sits between
/// them.
pub const BASE_LINE_GAP_M: f64 = 0.0318;
/// Length of a base line (ICF 47 cm).
pub const BASE_LINE_LENGTH_M: f64 = 0.47;
/// Diameter of the base circles closing each pair of base lines (ICF 3.18 cm).
pub const BASE_CIRCLE_DIAMETER_M: f64 = 0.0318;
/// Distance of the striker's centre on its base line from the cushion: 10.15 + 1.59 cm.
pub const STRIKER_FROM_CUSHION_M: f64 = BASE_LINE_OUTER_FROM_CUSHION_M + BASE_LINE_GAP_M / 2.0;
/// y of the breaking player's striker centre: −H + 0.1174 = −0.2526 m.
pub const STRIKER_Y_M: f64 = -HALF_SIZE_M + STRIKER_FROM_CUSHION_M;
/// Diameter of the centre circle (the queen's spot, ICF 3.18 cm).
pub const CENTRE_CIRCLE_DIAMETER_M: f64 = 0.0318;
/// Diameter of the outer circle that holds the opening formation (ICF 17 cm).
pub const OUTER_CIRCLE_DIAMETER_M: f64 = 0.17;
/// The benchmark break speed, m/s (an estimate: hard breaks are 4-8 m/s).
pub const BREAK_SPEED_M_S: f64 = 6.0;

/// A coin (carromman or queen).
pub const COIN: DiscKind = DiscKind {
    radius_m: COIN_RADIUS_M,
    mass_kg: COIN_MASS_KG,
};
/// The striker.
pub const STRIKER: DiscKind = DiscKind {
    radius_m: STRIKER_RADIUS_M,
    mass_kg: STRIKER_MASS_KG,
};

/// The ICF board: cushions at ±[`HALF_SIZE_M`], four corner pockets (ids 0-3 counter-clockwise
/// from the bottom-left), default [`Params`](crate::Params).
///
/// # Errors
///
/// Never with these constants; the `Result` keeps the checked constructor's shape.
pub fn table() -> Result<Table, TableError> {
    Table::new(HALF_SIZE_M, HALF_SIZE_M)?.with_corner_pockets(POCKET_CENTRE_M, POCKET_RADIUS_M)
}

/// Which colour a formation coin has (cosmetic for the physics; the rules decide).
///
/// # Examples
///
/// ```
/// use disc_physics::carrom::{formation, CoinColour};
/// let coins = formation();
/// assert_eq!(coins[0].1, CoinColour::Queen);
/// let count = |colour| coins.iter().filter(|(_, c)| *c == colour).count();
/// assert_eq!((count(CoinColour::White), count(CoinColour::Black)), (9, 9));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CoinColour {
    /// The queen (red), in the centre.
    Queen,
    /// A white carromman.
    White,
    /// A black carromman.
    Black,
}

/// The opening formation of physics.md §3 (a): 19 coin centres with their colours, all
/// neighbours touching exactly. Order: the queen at the origin; ring 1 at 90° + 60°k
/// (k = 0..5, distance d = 2r); ring 2a at 2d on the same rays; ring 2b at √3·d at 60°k.
/// The white rays (90°, 210°, 330°) form the "Y"; ring 2b is white at 0°, 120°, 240°.
///
/// Computed with `+ - * /` and `sqrt` only, so mirrored coins have exactly opposite x.
#[must_use]
pub fn formation() -> [(Vec2, CoinColour); 19] {
    use CoinColour::{Black, Queen, White};
    let d = 2.0 * COIN_RADIUS_M;
    let h = 3.0f64.sqrt() / 2.0;
    // Ring 1 rays at 90, 150, 210, 270, 330, 30 degrees.
    let ray = [
        (0.0, 1.0),
        (-h, 0.5),
        (-h, -0.5),
        (0.0, -1.0),
        (h, -0.5),
        (h, 0.5),
    ];
    let ring1_colour = [White, Black, White, Black, White, Black];
    // Ring 2b at 0, 60, 120, 180, 240, 300 degrees, distance sqrt(3)·d.
    let s3 = 3.0f64.sqrt();
    let ring2b = [
        (s3, 0.0),
        (h, 1.5),
        (-h, 1.5),
        (-s3, 0.0),
        (-h, -1.5),
        (h, -1.5),
    ];
    let ring2b_colour = [White, Black, White, Black, White, Black];
    let mut out = [(Vec2::ZERO, Queen); 19];
    for k in 0..6 {
        out[1 + k] = (Vec2::new(ray[k].0 * d, ray[k].1 * d), ring1_colour[k]);
        out[7 + k] = (
            Vec2::new(ray[k].0 * 2.0 * d, ray[k].1 * 2.0 * d),
            ring1_colour[k],
        );
        out[13 + k] = (
            Vec2::new(ring2b[k].0 * d, ring2b[k].1 * d),
            ring2b_colour[k],
        );
    }
    out
}
