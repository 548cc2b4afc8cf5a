//! A [`World`] as data (feature `serde`): the table, the step configuration, the clock and
//! every disc, serialized exactly and deserialized through [`SnapshotError`]'s checks.
//!
//! Between steps a world's state is all in these fields: the solver keeps nothing from one
//! step to the next that changes what it computes (its broadphase and scratch buffers are
//! rebuilt on demand, and the results do not depend on them), so a world read back continues
//! bit-identically to the one written, events included.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::World;
use crate::{
    DiscId, DiscKind, DiscStatus, PLACEMENT_TOLERANCE_M, PocketId, SolverStats, StepConfig, Table,
    Vec2, limits,
};

/// Why a serialized [`World`] was refused.
///
/// # Examples
///
/// A snapshot whose clock runs backwards is refused with [`SnapshotError::Time`]'s message:
///
/// ```
/// use disc_physics::{carrom, StepConfig, Vec2, World};
/// let mut world = World::new(carrom::table()?, StepConfig::default())?;
/// world.add_disc(carrom::COIN, Vec2::ZERO, Vec2::ZERO)?;
/// let json = serde_json::to_string(&world)?;
/// let bad = json.replace(r#""time_s":0.0"#, r#""time_s":-1.0"#);
/// assert_ne!(bad, json);
/// let err = serde_json::from_str::<World>(&bad).unwrap_err();
/// assert!(err.to_string().starts_with("world time must be finite, non-negative"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SnapshotError {
    /// The clock is negative, not finite or subnormal, or so large that a step would not
    /// move it by the configuration's `dt_s` within half of `dt_s` (the clock would stall or
    /// lurch: a world stepping on from a valid clock needs about 2⁵¹ steps to get there).
    #[error(
        "world time must be finite, non-negative, not subnormal and small enough for a step to advance it, got {0}"
    )]
    Time(f64),
    /// The step count or a solver counter is above [`limits::MAX_COUNT`], so counting on
    /// from it could overflow.
    #[error("the {0} count is above 2^62")]
    Count(&'static str),
    /// More than [`limits::MAX_DISCS`] discs.
    #[error("too many discs")]
    TooManyDiscs,
    /// A disc's position is not finite or has a subnormal coordinate, or a disc on the table
    /// lies outside the cushions (beyond [`PLACEMENT_TOLERANCE_M`]).
    #[error("{0} has an invalid position")]
    Position(DiscId),
    /// A disc's speed is negative, not finite, subnormal, above
    /// [`limits::MAX_STATE_SPEED_M_S`] or not zero for a disc off the table, or its direction
    /// is not a unit vector (zero at rest).
    #[error("{0} has an invalid direction or speed")]
    Velocity(DiscId),
    /// A disc is in a pocket the table does not have, or left the table over something
    /// other than an outer cushion.
    #[error("{0} has a status the table cannot give")]
    Status(DiscId),
    /// A disc on the table has its centre inside this pocket's circle by more than
    /// [`PLACEMENT_TOLERANCE_M`]: a run takes a disc off the table the instant its centre
    /// enters a pocket, and [`World::add_disc`] and [`World::place`] refuse such a centre
    /// ([`crate::PlaceError::InPocket`]). (Before the API audit of 5 Dec 2026 it was
    /// accepted, and the disc lay in the pocket, on the table, until it moved.)
    #[error("{0} is on the table with its centre inside {1}")]
    InPocket(DiscId, PocketId),
}

/// One disc as the solver holds it: a position, a unit direction and a speed (at rest both
/// zero), so that the numbers read back are the numbers written (a velocity would be split
/// into them again, with rounding).
#[derive(Serialize, Deserialize)]
struct DiscRecord {
    kind: DiscKind,
    position: Vec2,
    direction: Vec2,
    speed_m_s: f64,
    status: DiscStatus,
}

#[derive(Serialize)]
struct SnapshotRef<'a> {
    table: &'a Table,
    config: &'a StepConfig,
    time_s: f64,
    steps: u64,
    stats: SolverStats,
    discs: Vec<DiscRecord>,
}

#[derive(Deserialize)]
struct Snapshot {
    table: Table,
    config: StepConfig,
    time_s: f64,
    steps: u64,
    stats: SolverStats,
    discs: Vec<DiscRecord>,
}

/// Whether a snapshot's clock `t` is one [`SnapshotError::Time`] accepts: finite,
/// non-negative, not subnormal, and small enough that a step of `dt` moves it by `dt` within
/// half of `dt`.
fn clock_readable(t: f64, dt: f64) -> bool {
    limits::plain(t) && t >= 0.0 && ((t + dt) - t - dt).abs() <= 0.5 * dt
}

/// A world serializes as its table, step configuration, clock (`time_s`, `steps`), solver
/// counters (both as [`World::steps`] and [`World::stats`] report them, saturating at
/// [`limits::MAX_COUNT`], so that what a world writes it reads back) and every disc in creation order (kind, position, the velocity as a unit
/// direction and a speed, status).
///
/// A world whose clock stepped past what a snapshot holds ([`SnapshotError::Time`]: from a
/// snapshot read in just below that edge, since a world built new needs about 2⁵¹ steps to
/// get there) is not written: serializing it fails with that error's message, so that
/// everything a world writes reads back.
impl Serialize for World {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if !clock_readable(self.time_s, self.config.dt_s) {
            return Err(serde::ser::Error::custom(SnapshotError::Time(self.time_s)));
        }
        SnapshotRef {
            table: &self.table,
            config: &self.config,
            time_s: self.time_s,
            steps: self.steps(),
            stats: self.stats(),
            discs: self
                .discs()
                .map(|st| {
                    let (d, i) = (&self.sv.d, st.id.index());
                    DiscRecord {
                        kind: st.kind,
                        position: st.position,
                        direction: Vec2::new(d.k[i].ux, d.k[i].uy),
                        speed_m_s: d.k[i].s,
                        status: st.status,
                    }
                })
                .collect(),
        }
        .serialize(serializer)
    }
}

/// A world deserializes through the checks of its parts ([`Table`], [`StepConfig`],
/// [`DiscKind`]) and of [`SnapshotError`].
impl<'de> Deserialize<'de> for World {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<World, D::Error> {
        let snap = Snapshot::deserialize(deserializer)?;
        World::from_snapshot(snap).map_err(serde::de::Error::custom)
    }
}

impl World {
    fn from_snapshot(snap: Snapshot) -> Result<World, SnapshotError> {
        let (t, dt) = (snap.time_s, snap.config.dt_s);
        if !clock_readable(t, dt) {
            return Err(SnapshotError::Time(t));
        }
        let st = &snap.stats;
        for (name, count) in [
            ("step", snap.steps),
            ("substep", st.substeps),
            ("round", st.rounds),
            ("impact", st.impacts),
            ("multi-contact round", st.multi_contact_rounds),
            ("broadphase build", st.broadphase_builds),
            ("broadphase pair", st.broadphase_pairs),
            ("pair test", st.pair_tests),
            ("capped substep", st.capped_substeps),
        ] {
            if count > limits::MAX_COUNT {
                return Err(SnapshotError::Count(name));
            }
        }
        if snap.discs.len() > limits::MAX_DISCS {
            return Err(SnapshotError::TooManyDiscs);
        }
        // The table and configuration were checked by their own deserializers.
        let mut w = World::new(snap.table, snap.config).map_err(|_| SnapshotError::Time(0.0))?;
        let hx = w.table.half_width_m();
        let hy = w.table.half_height_m();
        let pockets = w.table.pockets().len();
        for (i, rec) in snap.discs.iter().enumerate() {
            let id = DiscId(i as u32);
            let (p, u, s, r) = (
                rec.position,
                rec.direction,
                rec.speed_m_s,
                rec.kind.radius_m(),
            );
            if !(limits::plain(p.x) && limits::plain(p.y)) {
                return Err(SnapshotError::Position(id));
            }
            let unit = (u.length_squared() - 1.0).abs() <= 1e-9;
            let direction_ok = limits::plain(u.x)
                && limits::plain(u.y)
                && if s == 0.0 { u == Vec2::ZERO } else { unit };
            if !(limits::plain(s)
                && (0.0..=limits::MAX_STATE_SPEED_M_S).contains(&s)
                && direction_ok)
            {
                return Err(SnapshotError::Velocity(id));
            }
            match rec.status {
                DiscStatus::OnTable => {
                    let inside = p.x.abs() <= hx - r + PLACEMENT_TOLERANCE_M
                        && p.y.abs() <= hy - r + PLACEMENT_TOLERANCE_M;
                    if !inside {
                        return Err(SnapshotError::Position(id));
                    }
                    // Inside a pocket by more than the tolerance (rounding on a run's own
                    // states is far below it: a disc is pocketed as its centre enters).
                    for (k, pocket) in w.table.pockets().iter().enumerate() {
                        let deep = pocket.radius_m - PLACEMENT_TOLERANCE_M;
                        if deep > 0.0 && (p - pocket.centre).length_squared() < deep * deep {
                            return Err(SnapshotError::InPocket(id, PocketId(k as u16)));
                        }
                    }
                }
                off => {
                    if s != 0.0 {
                        return Err(SnapshotError::Velocity(id));
                    }
                    let ok = match off {
                        DiscStatus::Pocketed(k) => k.index() < pockets,
                        DiscStatus::LeftTable(c) => c.is_outer(),
                        _ => true,
                    };
                    if !ok {
                        return Err(SnapshotError::Status(id));
                    }
                }
            }
        }
        for rec in snap.discs {
            let u = rec.direction;
            w.push_disc(
                rec.kind,
                rec.position,
                (u.x, u.y, rec.speed_m_s),
                rec.status,
            );
        }
        w.time_s = snap.time_s;
        w.steps = snap.steps;
        w.sv.stats = snap.stats;
        Ok(w)
    }
}
