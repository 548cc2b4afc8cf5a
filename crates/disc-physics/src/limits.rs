//! The sane range of every physical quantity that disc-physics accepts, in one place.
//!
//! Every entry point checks these ranges: the constructors ([`DiscKind::new`],
//! [`Table::new`] and its `with_*` builders, [`World::new`]), the setters
//! ([`World::add_disc`], [`World::strike`], [`World::place`]) and deserialization (feature
//! `serde`), which goes through the same checks. A value outside its range is refused with a
//! typed error that names it, and nothing is changed.
//!
//! The ranges are generous for table games (a carrom coin is 1.59 cm and 5.5 g, a hard break
//! 4-8 m/s) and tight enough that every product the solver forms stays finite:
//!
//! * no NaN, no infinity and no subnormal number is ever accepted (a subnormal mass would make
//!   `1 / m` infinite, issue 15.6); a quantity that may be zero (friction, restitution, a wall's
//!   thickness, a coordinate) is either exactly zero or a normal number in its range. Products
//!   of accepted tiny components (a direction `(1, 1e-300)` meeting another disc) can still
//!   fall below the normal range during a run, so a step leaves every direction, position and
//!   speed, and every event's speed, zero or normal (a subnormal result becomes zero of its
//!   sign): whatever a world holds between steps reads back from its snapshot;
//! * the ratio of the largest to the smallest mass is at most 10¹², and a disc's radius is at
//!   least 10⁵ times the contact slop (10⁻⁹ m);
//! * a run is bounded: (⌈[`StepConfig::max_time_s`] / [`StepConfig::dt_s`]⌉ + 1) ×
//!   [`StepConfig::substeps`] is at most [`MAX_RUN_SUBSTEPS`], so
//!   [`World::run_to_rest`] always ends after a bounded number of substeps, whatever the
//!   friction (issue 15.7).
//!
//! Positions and velocities: every component finite and zero or normal; a disc's centre
//! within the cushions (to [`PLACEMENT_TOLERANCE_M`]); a speed given to a disc at most the
//! table's [`Params::max_speed_m_s`].
//!
//! [`DiscKind::new`]: crate::DiscKind::new
//! [`Table::new`]: crate::Table::new
//! [`World::new`]: crate::World::new
//! [`World::add_disc`]: crate::World::add_disc
//! [`World::strike`]: crate::World::strike
//! [`World::place`]: crate::World::place
//! [`World::run_to_rest`]: crate::World::run_to_rest
//! [`StepConfig::max_time_s`]: crate::StepConfig::max_time_s
//! [`StepConfig::dt_s`]: crate::StepConfig::dt_s
//! [`StepConfig::substeps`]: crate::StepConfig::substeps
//! [`PLACEMENT_TOLERANCE_M`]: crate::PLACEMENT_TOLERANCE_M
//! [`Params::max_speed_m_s`]: crate::Params::max_speed_m_s

use std::ops::RangeInclusive;

/// A disc's radius, metres: 0.1 mm to 100 m.
pub const RADIUS_M: RangeInclusive<f64> = 1e-4..=100.0;
/// A disc's mass, kilograms: 1 mg to 1000 t.
pub const MASS_KG: RangeInclusive<f64> = 1e-6..=1e6;
/// Half the width or height of a table, metres: 1 mm to 10 km.
pub const HALF_SIZE_M: RangeInclusive<f64> = 1e-3..=1e4;
/// A pocket's radius, metres: 0.1 mm to 10 km.
pub const POCKET_RADIUS_M: RangeInclusive<f64> = 1e-4..=1e4;
/// Half the thickness of an internal wall, metres: zero (a line) or 1 µm to 10 km.
pub const WALL_HALF_THICKNESS_M: RangeInclusive<f64> = 1e-6..=1e4;
/// The friction coefficient μ: zero (no friction) or 10⁻⁶ to 10.
pub const FRICTION_MU: RangeInclusive<f64> = 1e-6..=10.0;
/// Gravity, m/s²: zero or 10⁻³ to 100.
pub const GRAVITY_M_S2: RangeInclusive<f64> = 1e-3..=100.0;
/// A restitution coefficient: zero (perfectly inelastic) or 10⁻⁶ to 1 (elastic).
pub const RESTITUTION: RangeInclusive<f64> = 1e-6..=1.0;
/// A speed limit or jump speed, m/s: 1 mm/s to 1 km/s.
pub const SPEED_M_S: RangeInclusive<f64> = 1e-3..=1e3;
/// The time step, seconds: 1 µs to 1 s.
pub const DT_S: RangeInclusive<f64> = 1e-6..=1.0;
/// Substeps per step.
pub const SUBSTEPS: RangeInclusive<u32> = 1..=10_000;
/// The run cap of [`World::run_to_rest`](crate::World::run_to_rest), seconds: 1 µs to
/// 10⁶ s (11.6 days), and at most [`MAX_RUN_SUBSTEPS`] substeps.
pub const MAX_TIME_S: RangeInclusive<f64> = 1e-6..=1e6;
/// The most substeps one run to rest may take: (⌈max_time_s / dt_s⌉ + 1) × substeps ≤ 10⁸
/// (a run takes at most one step more than ⌈max_time_s / dt_s⌉, for the rounding of its
/// accumulated time: 0.01 s steps add up to 0.09999999999999999 s after ten).
pub const MAX_RUN_SUBSTEPS: u64 = 100_000_000;
/// The largest speed, m/s, that a disc of a deserialized world or an event may have: 10¹².
///
/// A run can make a disc faster than [`SPEED_M_S`] allows a caller to set (a heavy disc gives
/// a light one up to twice its speed, a chain of ever lighter discs more), so a snapshot is
/// not held to the caller's limit. Energy bounds what a run can reach: one strike gives at
/// most ½ · 10⁶ kg · (10³ m/s)², and the lightest disc holding all of it moves at 10⁹ m/s; a
/// million such strikes, all funnelled into one disc, would be needed for 10¹² m/s. Up to this
/// speed every square the solver forms is finite.
pub const MAX_STATE_SPEED_M_S: f64 = 1e12;
/// The largest step count, and the largest solver counter ([`crate::SolverStats`]), that a
/// deserialized world may hold: 2⁶², a quarter of `u64`'s range, so that counting on from it
/// cannot overflow (a step adds one to the count, a substep at most a few per disc pair to a
/// counter: 3 · 2⁶² more would take longer than any run). Counting on from it, a world
/// reports ([`crate::World::steps`], [`crate::World::stats`]) and writes this limit, so that
/// every world it writes reads back.
pub const MAX_COUNT: u64 = 1 << 62;
/// The most pockets, and the most internal walls, a table may have.
pub const MAX_POCKETS_OR_WALLS: usize = 1000;
/// The most discs a world may hold (2³¹).
pub const MAX_DISCS: usize = 1 << 31;

/// Whether `v` lies in `range` (false for NaN; the ranges start above the subnormals).
#[inline]
pub(crate) fn within(v: f64, range: &RangeInclusive<f64>) -> bool {
    range.contains(&v)
}

/// Whether `v` is exactly zero or lies in `range`.
#[inline]
pub(crate) fn zero_or_within(v: f64, range: &RangeInclusive<f64>) -> bool {
    v == 0.0 || range.contains(&v)
}

/// Whether `v` is finite and not subnormal (zero allowed): what a coordinate or velocity
/// component must be for the solver ([`crate::PlaceError::SubnormalPosition`]). The games on
/// the solver check their own positions and strokes with it, so that nothing they accept is
/// refused by the physics later.
///
/// # Examples
///
/// ```
/// use disc_physics::limits::plain;
/// assert!(plain(0.0) && plain(-0.25) && plain(f64::MIN_POSITIVE));
/// assert!(!plain(5e-324) && !plain(f64::NAN) && !plain(f64::INFINITY));
/// ```
#[inline]
#[must_use]
pub fn plain(v: f64) -> bool {
    v == 0.0 || v.is_normal()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_range_starts_above_the_subnormals_and_ends_finite() {
        for r in [
            RADIUS_M,
            MASS_KG,
            HALF_SIZE_M,
            POCKET_RADIUS_M,
            WALL_HALF_THICKNESS_M,
            FRICTION_MU,
            GRAVITY_M_S2,
            RESTITUTION,
            SPEED_M_S,
            DT_S,
            MAX_TIME_S,
        ] {
            assert!(r.start().is_normal() && *r.start() > 0.0, "{r:?}");
            assert!(r.end().is_finite() && r.start() < r.end(), "{r:?}");
            assert!(!within(f64::NAN, &r) && !within(1e-320, &r) && !within(f64::INFINITY, &r));
            assert!(zero_or_within(0.0, &r) && !zero_or_within(-1e-320, &r));
        }
        assert!(plain(0.0) && plain(-0.0) && plain(1.0) && plain(-1e-300));
        assert!(!plain(1e-320) && !plain(f64::NAN) && !plain(f64::NEG_INFINITY));
    }
}
