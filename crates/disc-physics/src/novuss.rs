//! The Novuss table (Latvian Novuss Federation rules, 2017), as physics.md §1.2 gives it: the
//! one documented place for its dimensions. The disc and puck sizes and masses are
//! **assumptions** (no official figure was found); replace them here when confirmed.

use crate::{DiscKind, Table, TableError, Vec2};

/// Half the side of the square 1 × 1 m playing area inside the rails.
pub const HALF_SIZE_M: f64 = 0.5;
/// Radius of the corner pocket holes (Ø 100 mm).
pub const POCKET_RADIUS_M: f64 = 0.05;
/// |x| = |y| of each pocket centre (holes 15 mm from both rails: 65 mm to the centre).
pub const POCKET_CENTRE_M: f64 = 0.435;
/// Depth of each player's edge (striker) zone from the rail (130 mm).
pub const ZONE_DEPTH_M: f64 = 0.13;
/// Diameter of the centre circle (250 mm).
pub const CENTRE_CIRCLE_DIAMETER_M: f64 = 0.25;
/// Radius of an object disc ("kauliņš"): **assumed**.
pub const DISC_RADIUS_M: f64 = 0.026;
/// Mass of an object disc: **assumed**.
pub const DISC_MASS_KG: f64 = 0.010;
/// Radius of the puck ("ripa", "mamma"): **assumed**, larger than a disc.
pub const PUCK_RADIUS_M: f64 = 0.0285;
/// Mass of the puck: **assumed**.
pub const PUCK_MASS_KG: f64 = 0.015;
/// |y| of the centres of the two starting rows (touching their rail).
pub const ROW_Y_M: f64 = HALF_SIZE_M - DISC_RADIUS_M;
/// The benchmark break speed, m/s (an estimate).
pub const BREAK_SPEED_M_S: f64 = 6.0;

/// An object disc.
pub const DISC: DiscKind = DiscKind {
    radius_m: DISC_RADIUS_M,
    mass_kg: DISC_MASS_KG,
};
/// The puck.
pub const PUCK: DiscKind = DiscKind {
    radius_m: PUCK_RADIUS_M,
    mass_kg: PUCK_MASS_KG,
};

/// The table: rails at ±[`HALF_SIZE_M`], four corner pockets (ids 0-3 counter-clockwise from
/// the bottom-left), default [`Params`](crate::Params).
///
/// # Errors
///
/// Never with these constants; the `Result` keeps the checked constructor's shape.
pub fn table() -> Result<Table, TableError> {
    Table::new(HALF_SIZE_M, HALF_SIZE_M)?.with_corner_pockets(POCKET_CENTRE_M, POCKET_RADIUS_M)
}

/// The 8 disc centres of a starting row touching the rail at y = `side` · [`ROW_Y_M`]
/// (`side` = +1 for the top row, −1 for the bottom), each touching its neighbours, in order of
/// increasing x.
#[must_use]
pub fn row(side: f64) -> [Vec2; 8] {
    let y = if side < 0.0 { -ROW_Y_M } else { ROW_Y_M };
    let d = 2.0 * DISC_RADIUS_M;
    let mut out = [Vec2::ZERO; 8];
    for (k, p) in out.iter_mut().enumerate() {
        // x = ±r, ±3r, ±5r, ±7r.
        let x = (k as f64 - 3.5) * d;
        *p = Vec2::new(x, y);
    }
    out
}
