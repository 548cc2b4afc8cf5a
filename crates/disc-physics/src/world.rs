//! The world: discs on a table, stepped with a fixed time step.
//!
//! See [`World`] for the stages of a step.

#[cfg(feature = "serde")]
mod snapshot;

#[cfg(feature = "serde")]
pub use snapshot::SnapshotError;

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::grid::{NONE, Near, PlaceIndex};
use crate::{
    CushionId, DiscId, DiscKind, DiscState, DiscStatus, Event, EventKind, EventSink, Pocket,
    PocketId, Table, Trajectory, Vec2, limits,
};

/// Discs may touch: an overlap of up to this many metres is accepted on placement.
pub const PLACEMENT_TOLERANCE_M: f64 = 1e-9;

/// In the step, two surfaces closer than this (metres) are in contact.
const SLOP_M: f64 = 1e-9;
/// A contact whose normal approach speed is below this (m/s) is not an impact.
const APPROACH_EPS: f64 = 1e-9;
/// Events within this fraction of the substep of the earliest one are resolved together.
const WINDOW_REL: f64 = 1e-9;
/// Below this many (moving × on-table) disc pairs a substep re-predicts a disc whose path
/// changed against every disc directly, not through the grid (a carrom or Novuss break).
const BRUTE_FORCE_PAIRS: usize = 1024;
/// Safety margin (metres) of the broadphase's distance bounds, far above rounding error.
const NEAR_MARGIN_M: f64 = 1e-7;
/// In a small world (see [`BRUTE_FORCE_PAIRS`]) with at most this many moving discs, stage 3
/// tests the moving discs against every disc instead of walking the pair list.
const DIRECT_MOVERS: usize = 1;
/// Projected Gauss-Seidel iteration cap for a round with several contacts.
const PGS_MAX_ITERS: usize = 500;

/// The time step: `dt_s` per call of [`World::step`], split into `substeps` equal substeps.
///
/// Every field has a range in [`limits`], checked by [`StepConfig::validate`] when a world is
/// built and when the configuration is deserialized.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "StepConfigRaw"))]
pub struct StepConfig {
    /// Seconds per step. Default 1 ms (physics.md §2); a game may use 1/60 s, collisions are
    /// continuous so nothing tunnels. Range: [`limits::DT_S`].
    pub dt_s: f64,
    /// Substeps per step (friction is applied once per substep). Default 1. Range:
    /// [`limits::SUBSTEPS`].
    pub substeps: u32,
    /// The longest run that [`World::run_to_rest`] simulates, in seconds. Default 60 s
    /// (physics.md §2). Range: [`limits::MAX_TIME_S`], and a run of at most
    /// [`limits::MAX_RUN_SUBSTEPS`] substeps (⌈`max_time_s` / `dt_s`⌉ × `substeps`).
    pub max_time_s: f64,
}

impl Default for StepConfig {
    fn default() -> StepConfig {
        StepConfig {
            dt_s: 0.001,
            substeps: 1,
            max_time_s: 60.0,
        }
    }
}

/// Why a [`StepConfig`] is invalid.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The time step is outside [`limits::DT_S`] (1 µs to 1 s).
    #[error("time step must be in [1e-6, 1] s, got {0}")]
    Dt(f64),
    /// The substep count is outside [`limits::SUBSTEPS`] (1 to 10000).
    #[error("substeps must be in 1..=10000, got {0}")]
    Substeps(u32),
    /// The run cap is outside [`limits::MAX_TIME_S`] (1 µs to 10⁶ s).
    #[error("maximum run time must be in [1e-6, 1e6] s, got {0}")]
    MaxTime(f64),
    /// A run to the cap would take more than [`limits::MAX_RUN_SUBSTEPS`] substeps
    /// (⌈`max_time_s` / `dt_s`⌉ × `substeps`, given here).
    #[error("a run of max_time_s / dt_s x substeps = {0} substeps exceeds the cap of 1e8")]
    RunTooLong(f64),
}

impl StepConfig {
    /// Checks every field against its range in [`limits`], and the run's length against
    /// [`limits::MAX_RUN_SUBSTEPS`].
    ///
    /// # Errors
    ///
    /// The [`ConfigError`] naming the first field out of range.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !limits::within(self.dt_s, &limits::DT_S) {
            return Err(ConfigError::Dt(self.dt_s));
        }
        if !limits::SUBSTEPS.contains(&self.substeps) {
            return Err(ConfigError::Substeps(self.substeps));
        }
        if !limits::within(self.max_time_s, &limits::MAX_TIME_S) {
            return Err(ConfigError::MaxTime(self.max_time_s));
        }
        let substeps = self.max_steps() as f64 * f64::from(self.substeps);
        if substeps > limits::MAX_RUN_SUBSTEPS as f64 {
            return Err(ConfigError::RunTooLong(substeps));
        }
        Ok(())
    }

    /// The most steps a run to rest takes: ⌈`max_time_s` / `dt_s`⌉, plus one for the
    /// rounding of the accumulated time (the run stops at the first step whose accumulated
    /// time reaches `max_time_s`; this bounds it whatever the rounding).
    fn max_steps(&self) -> u64 {
        // Both in range: the quotient is at most 1e12, exact as an integer after ceil.
        (self.max_time_s / self.dt_s).ceil() as u64 + 1
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct StepConfigRaw {
    dt_s: f64,
    substeps: u32,
    max_time_s: f64,
}

#[cfg(feature = "serde")]
impl TryFrom<StepConfigRaw> for StepConfig {
    type Error = ConfigError;
    fn try_from(raw: StepConfigRaw) -> Result<StepConfig, ConfigError> {
        let c = StepConfig {
            dt_s: raw.dt_s,
            substeps: raw.substeps,
            max_time_s: raw.max_time_s,
        };
        c.validate()?;
        Ok(c)
    }
}

/// Why a disc could not be added or placed. The world is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PlaceError {
    /// No disc has this id.
    #[error("no disc has id {0:?}")]
    UnknownDisc(DiscId),
    /// A coordinate of the position is NaN or infinite.
    #[error("position must be finite")]
    NonFinitePosition,
    /// A component of the velocity is NaN or infinite.
    #[error("velocity must be finite")]
    NonFiniteVelocity,
    /// A coordinate of the position is subnormal (nonzero and below 2.2e-308 in magnitude).
    #[error("position must not have a subnormal coordinate, got {0}")]
    SubnormalPosition(f64),
    /// A component of the velocity is subnormal.
    #[error("velocity must not have a subnormal component, got {0}")]
    SubnormalVelocity(f64),
    /// The speed exceeds [`Params::max_speed_m_s`](crate::Params).
    #[error("speed {0} m/s exceeds the table's maximum speed")]
    TooFast(f64),
    /// The disc would cross or lie beyond a cushion.
    #[error("disc would lie outside the cushions")]
    OutsideCushions,
    /// The disc would overlap an internal wall.
    #[error("disc would overlap wall {0:?}")]
    OverlapsWall(CushionId),
    /// The disc's centre would lie inside a pocket circle.
    #[error("disc centre would lie inside pocket {0:?}")]
    InPocket(PocketId),
    /// The disc would overlap another disc on the table.
    #[error("disc would overlap disc {0:?}")]
    Overlaps(DiscId),
    /// The world already holds 2³¹ discs.
    #[error("too many discs")]
    TooManyDiscs,
}

/// Why a strike was refused. The world is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum StrikeError {
    /// No disc has this id.
    #[error("no disc has id {0:?}")]
    UnknownDisc(DiscId),
    /// The disc is not on the table.
    #[error("disc {0:?} is not on the table")]
    NotOnTable(DiscId),
    /// The velocity is NaN or infinite.
    #[error("velocity must be finite")]
    NonFiniteVelocity,
    /// A component of the velocity is subnormal.
    #[error("velocity must not have a subnormal component, got {0}")]
    SubnormalVelocity(f64),
    /// The speed exceeds [`Params::max_speed_m_s`](crate::Params).
    #[error("speed {0} m/s exceeds the table's maximum speed")]
    TooFast(f64),
}

/// Why a disc could not be removed. The world is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RemoveError {
    /// No disc has this id.
    #[error("no disc has id {0:?}")]
    UnknownDisc(DiscId),
    /// The disc is already off the table.
    #[error("disc {0:?} is not on the table")]
    NotOnTable(DiscId),
}

/// What a call of [`World::run_to_rest`] did.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RunSummary {
    /// Steps taken.
    pub steps: u64,
    /// Simulated seconds.
    pub duration_s: f64,
    /// Whether every disc on the table ended with velocity exactly zero (false if the run hit
    /// [`StepConfig::max_time_s`]).
    pub at_rest: bool,
}

/// Counters of the solver's work since the world was built (diagnostics).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SolverStats {
    /// Substeps simulated.
    pub substeps: u64,
    /// Event rounds resolved.
    pub rounds: u64,
    /// Disc-disc and disc-cushion impacts resolved.
    pub impacts: u64,
    /// Rounds with more than one contact solved together.
    pub multi_contact_rounds: u64,
    /// Broadphase builds (grid and pair list; see the step's stage 2).
    pub broadphase_builds: u64,
    /// Substeps that hit the round cap and drifted without resolving the remaining events (a
    /// safety valve that has never fired in the test scenes).
    pub capped_substeps: u64,
}

const KIND_POCKET: u8 = 0;
const KIND_CUSHION: u8 = 1;
const KIND_DISC: u8 = 2;

/// A predicted event; ordered by time, then kind, then disc indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Pending {
    t: u64,
    kind: u8,
    a: u32,
    b: u32,
    va: u32,
    vb: u32,
}

#[derive(Clone, Copy, Debug)]
struct Contact {
    i: u32,
    /// The other disc, or `NONE` for a cushion or wall.
    j: u32,
    cushion: u16,
    nx: f64,
    ny: f64,
    kinv: f64,
    e: f64,
    lam: f64,
    speed: f64,
}

/// Per-disc data, structure of arrays, in creation order.
#[derive(Clone, Debug, Default)]
struct Discs {
    px: Vec<f64>,
    py: Vec<f64>,
    vx: Vec<f64>,
    vy: Vec<f64>,
    /// Local time within the current substep at which (px, py) holds.
    tl: Vec<f64>,
    r: Vec<f64>,
    m: Vec<f64>,
    im: Vec<f64>,
    on: Vec<bool>,
    status: Vec<DiscStatus>,
    version: Vec<u32>,
}

/// Mutable views of the per-disc arrays used by the step's passes (disjoint borrows, so the
/// compiler knows no store to one array changes another).
struct DiscSlices<'a> {
    px: &'a mut [f64],
    py: &'a mut [f64],
    vx: &'a mut [f64],
    vy: &'a mut [f64],
    tl: &'a mut [f64],
    r: &'a [f64],
    on: &'a [bool],
    version: &'a mut [u32],
}

impl Discs {
    /// The first `n` entries of every array (`n` = the number of discs).
    fn slices(&mut self, n: usize) -> DiscSlices<'_> {
        DiscSlices {
            px: &mut self.px[..n],
            py: &mut self.py[..n],
            vx: &mut self.vx[..n],
            vy: &mut self.vy[..n],
            tl: &mut self.tl[..n],
            r: &self.r[..n],
            on: &self.on[..n],
            version: &mut self.version[..n],
        }
    }

    #[inline]
    fn pos_at(&self, i: usize, t: f64) -> (f64, f64) {
        let dt = t - self.tl[i];
        (self.px[i] + self.vx[i] * dt, self.py[i] + self.vy[i] * dt)
    }

    #[inline]
    fn advance(&mut self, i: usize, t: f64) {
        let dt = t - self.tl[i];
        if dt != 0.0 {
            self.px[i] += self.vx[i] * dt;
            self.py[i] += self.vy[i] * dt;
            self.tl[i] = t;
        }
    }
}

/// Geometry of an internal wall, precomputed.
#[derive(Clone, Copy, Debug)]
struct WallGeom {
    ax: f64,
    ay: f64,
    bx: f64,
    by: f64,
    /// Unit direction a→b (zero for a post).
    tx: f64,
    ty: f64,
    len: f64,
    h: f64,
}

/// The straight path of each disc within the current substep: position (x, y) at substep
/// time t. A disc whose `mark` is not the substep's mark has not been touched in this substep:
/// its path is its position at the substep's start (time 0).
#[derive(Clone, Debug, Default)]
struct Paths {
    x: Vec<f64>,
    y: Vec<f64>,
    t: Vec<f64>,
    mark: Vec<u32>,
    /// The discs marked in this substep, in the order first touched.
    touched: Vec<u32>,
}

impl Paths {
    /// Disc i's path (x, y, t).
    #[inline]
    fn get(&self, d: &Discs, i: usize, mark: u32) -> (f64, f64, f64) {
        if self.mark[i] == mark {
            (self.x[i], self.y[i], self.t[i])
        } else {
            (d.px[i], d.py[i], 0.0)
        }
    }

    /// Keeps disc i's path before it is first advanced within the substep.
    #[inline]
    fn keep(&mut self, d: &Discs, i: usize, mark: u32) {
        if self.mark[i] != mark {
            self.set(i, d.px[i], d.py[i], 0.0, mark);
            self.touched.push(i as u32);
        }
    }

    #[inline]
    fn set(&mut self, i: usize, x: f64, y: f64, t: f64, mark: u32) {
        self.x[i] = x;
        self.y[i] = y;
        self.t[i] = t;
        self.mark[i] = mark;
    }
}

#[derive(Clone, Debug, Default)]
struct Scratch {
    moving: Vec<u32>,
    fixed: Vec<u32>,
    moving_mark: Vec<u32>,
    mark: u32,
    near: Near,
    paths: Paths,
    heap: BinaryHeap<Reverse<Pending>>,
    round: Vec<Pending>,
    contacts: Vec<Contact>,
    changed: Vec<u32>,
    changed_mark: Vec<u32>,
    round_mark: u32,
    saved_v: Vec<(f64, f64)>,
}

/// A table with discs on it, stepped with a fixed time step.
///
/// See the [crate docs](crate) for an example.
///
/// # The step
///
/// Each step of `dt` is split into `substeps` equal substeps of length `h`. A substep runs
/// these stages, in this order:
///
/// 1. **Friction.** Every moving disc loses speed μg·h, clamped at zero:
///    `v ← v · max(0, |v| − μgh) / |v|`. A disc whose speed reaches zero comes to rest.
/// 2. **Broadphase.** Large worlds keep a uniform grid of the discs and the list of pairs
///    closer than a skin distance (a Verlet list), and rebuild both only when some disc may
///    have moved half the skin since the last build; small worlds with few moving discs test
///    every moving disc against every disc instead.
/// 3. **Prediction.** For every moving disc, the exact time of impact with each cushion and
///    wall, and the time its centre enters a pocket; for every listed pair with a moving
///    disc, the time of impact. Those within the substep go into an event queue ordered by
///    (time, kind, disc indices), so the order in which they are found does not matter.
/// 4. **Events.** The earliest event and every event within 10⁻⁹·h of it form a round. The
///    discs involved are moved to that instant; pocket entries are applied first; the contacts
///    still approaching are solved together (a single contact by the closed-form Newton law;
///    several by projected Gauss-Seidel to convergence for the compression impulse, then
///    Poisson restitution, which for one contact is Newton's law and for several never adds
///    energy). Every disc whose velocity changed gets its events predicted anew (against the
///    discs of the grid cells around its new path); stale events are recognised by per-disc
///    version numbers. Contacts created by a round (a touching row) are resolved in the next
///    round at the same instant, so an impulse travels down a row of touching discs.
/// 5. **Drift.** Every disc that moved is carried to the end of the substep.
///
/// Only `+ - * /` and `sqrt` are used, in a fixed order: the result is bit-identical across
/// runs and processes.
///
/// # Snapshots
///
/// With the `serde` feature a world serializes as data (its table, step configuration,
/// clock, solver counters and every disc's kind, position, velocity and status) and
/// deserializes through the same checks as its parts' constructors plus those of
/// `SnapshotError` (times, positions, speeds, statuses).
/// Between steps nothing else determines the future, so a world read back continues
/// bit-identically, events included ([`Event`] serializes too).
#[derive(Clone, Debug)]
pub struct World {
    table: Table,
    config: StepConfig,
    walls: Vec<WallGeom>,
    /// Bounds of the pocket-free strips along the axes (see [`FixedReach`]).
    pocket_free: (f64, f64),
    d: Discs,
    time_s: f64,
    steps: u64,
    stats: SolverStats,
    /// The largest radius ever added.
    r_max: f64,
    /// Discs on the table.
    n_on: usize,
    place: PlaceIndex,
    s: Scratch,
}

impl World {
    /// An empty world on `table`, stepped as `config` says.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] if the time step, substep count or run cap is outside its range in
    /// [`limits`] (see [`StepConfig::validate`]).
    pub fn new(table: Table, config: StepConfig) -> Result<World, ConfigError> {
        config.validate()?;
        let walls = table
            .walls()
            .iter()
            .map(|w| {
                let ab = w.b - w.a;
                let len = ab.length();
                let (tx, ty) = if len > 0.0 {
                    (ab.x / len, ab.y / len)
                } else {
                    (0.0, 0.0)
                };
                WallGeom {
                    ax: w.a.x,
                    ay: w.a.y,
                    bx: w.b.x,
                    by: w.b.y,
                    tx,
                    ty,
                    len,
                    h: w.half_thickness_m,
                }
            })
            .collect();
        Ok(World {
            pocket_free: pocket_free(table.pockets()),
            table,
            config,
            walls,
            d: Discs::default(),
            time_s: 0.0,
            steps: 0,
            stats: SolverStats::default(),
            r_max: 0.0,
            n_on: 0,
            place: PlaceIndex::default(),
            s: Scratch::default(),
        })
    }

    /// The table.
    #[must_use]
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The time step configuration.
    #[must_use]
    pub fn config(&self) -> &StepConfig {
        &self.config
    }

    /// Simulated seconds since the world was built.
    #[must_use]
    pub fn time_s(&self) -> f64 {
        self.time_s
    }

    /// Steps taken since the world was built.
    #[must_use]
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Solver counters.
    #[must_use]
    pub fn stats(&self) -> SolverStats {
        self.stats
    }

    /// Bytes of heap the solver's reusable scratch buffers hold (capacity, not length). After
    /// the first step of a scene this stays constant from step to step: the step allocates
    /// nothing (see `crates/disc-physics/alloc-check` for the counting-allocator proof).
    #[must_use]
    pub fn scratch_capacity_bytes(&self) -> usize {
        let s = &self.s;
        4 * (s.moving.capacity()
            + s.fixed.capacity()
            + s.moving_mark.capacity()
            + s.changed.capacity()
            + s.changed_mark.capacity()
            + s.paths.mark.capacity()
            + s.paths.touched.capacity())
            + 8 * (s.paths.x.capacity() + s.paths.y.capacity() + s.paths.t.capacity())
            + s.near.capacity_bytes()
            + size_of::<Pending>() * (s.heap.capacity() + s.round.capacity())
            + size_of::<Contact>() * s.contacts.capacity()
            + 16 * s.saved_v.capacity()
    }

    /// The number of discs ever added (on the table or not).
    #[must_use]
    pub fn len(&self) -> usize {
        self.d.px.len()
    }

    /// Whether no disc was ever added.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.d.px.is_empty()
    }

    /// Checks that a disc of `kind` could be placed at `position` without crossing a cushion,
    /// overlapping a wall or another disc on the table (ignoring `ignore`), or having its
    /// centre in a pocket. Touching is allowed (overlaps up to [`PLACEMENT_TOLERANCE_M`]).
    ///
    /// # Errors
    ///
    /// The [`PlaceError`] that says what is in the way.
    pub fn check_placement(
        &self,
        kind: DiscKind,
        position: Vec2,
        ignore: Option<DiscId>,
    ) -> Result<(), PlaceError> {
        self.check_static(kind, position)?;
        let r = kind.radius_m;
        let skip = ignore.map_or(usize::MAX, DiscId::index);
        if self.place.valid && self.d.px.len() > 64 {
            let reach = r + self.place.r_max;
            let (x0, y0) = self.place.cell_of(position.x - reach, position.y - reach);
            let (x1, y1) = self.place.cell_of(position.x + reach, position.y + reach);
            for cy in y0..=y1 {
                for cx in x0..=x1 {
                    let mut j = self.place.head[cy * self.place.nx + cx];
                    while j != NONE {
                        let ju = j as usize;
                        if ju != skip && self.d.on[ju] {
                            self.check_pair(ju, r, position)?;
                        }
                        j = self.place.next[ju];
                    }
                }
            }
        } else {
            for j in 0..self.d.px.len() {
                if j != skip && self.d.on[j] {
                    self.check_pair(j, r, position)?;
                }
            }
        }
        Ok(())
    }

    fn check_pair(&self, j: usize, r: f64, p: Vec2) -> Result<(), PlaceError> {
        let dx = p.x - self.d.px[j];
        let dy = p.y - self.d.py[j];
        let rr = r + self.d.r[j] - PLACEMENT_TOLERANCE_M;
        if dx * dx + dy * dy < rr * rr {
            return Err(PlaceError::Overlaps(DiscId(j as u32)));
        }
        Ok(())
    }

    fn check_static(&self, kind: DiscKind, p: Vec2) -> Result<(), PlaceError> {
        if !p.is_finite() {
            return Err(PlaceError::NonFinitePosition);
        }
        for c in [p.x, p.y] {
            if !limits::plain(c) {
                return Err(PlaceError::SubnormalPosition(c));
            }
        }
        let r = kind.radius_m;
        let hx = self.table.half_width_m() - r + PLACEMENT_TOLERANCE_M;
        let hy = self.table.half_height_m() - r + PLACEMENT_TOLERANCE_M;
        if !(p.x.abs() <= hx && p.y.abs() <= hy) {
            return Err(PlaceError::OutsideCushions);
        }
        for (k, w) in self.table.walls().iter().enumerate() {
            let cp = w.closest_point(p);
            let rr = r + w.half_thickness_m - PLACEMENT_TOLERANCE_M;
            if rr > 0.0 && (p - cp).length_squared() < rr * rr {
                return Err(PlaceError::OverlapsWall(CushionId::wall(k as u16)));
            }
        }
        if let Some(pk) = self.table.pocket_at(p) {
            return Err(PlaceError::InPocket(pk));
        }
        Ok(())
    }

    fn check_velocity(&self, v: Vec2) -> Result<(), PlaceError> {
        if !v.is_finite() {
            return Err(PlaceError::NonFiniteVelocity);
        }
        for c in [v.x, v.y] {
            if !limits::plain(c) {
                return Err(PlaceError::SubnormalVelocity(c));
            }
        }
        let s = v.length();
        if s > self.table.params().max_speed_m_s {
            return Err(PlaceError::TooFast(s));
        }
        Ok(())
    }

    fn ensure_place_index(&mut self) {
        if self.place.valid || self.d.px.len() < 64 {
            return;
        }
        let n = self.d.px.len();
        let r_max = self.d.r.iter().copied().fold(0.0, f64::max);
        let cell = 2.0 * r_max;
        self.place.reset(
            self.table.half_width_m(),
            self.table.half_height_m(),
            cell,
            4 * n + 64,
        );
        self.place.r_max = r_max;
        for i in 0..n {
            if self.d.on[i] {
                self.place
                    .insert(i as u32, self.d.px[i], self.d.py[i], self.d.r[i]);
            }
        }
    }

    /// Adds a disc of `kind` at `position` moving with `velocity` (m/s) and returns its id
    /// (creation order).
    ///
    /// # Errors
    ///
    /// [`PlaceError`] for a non-finite position or velocity, a speed above the table's
    /// maximum, a disc crossing a cushion, overlapping a wall or a disc, or centred in a
    /// pocket. The world is unchanged.
    pub fn add_disc(
        &mut self,
        kind: DiscKind,
        position: Vec2,
        velocity: Vec2,
    ) -> Result<DiscId, PlaceError> {
        if self.d.px.len() >= limits::MAX_DISCS {
            return Err(PlaceError::TooManyDiscs);
        }
        self.check_velocity(velocity)?;
        // Keep the index fresh (grows with the world, so rebuilds are amortised).
        if self.place.valid && self.d.px.len() + 1 > self.place.head.len() {
            self.place.valid = false;
        }
        self.ensure_place_index();
        self.check_placement(kind, position, None)?;
        let i = self.push_disc(kind, position, velocity, DiscStatus::OnTable);
        if self.place.valid {
            self.place.insert(i, position.x, position.y, kind.radius_m);
        }
        Ok(DiscId(i))
    }

    /// Appends a disc without checks (they were made by the caller) and returns its index.
    fn push_disc(&mut self, kind: DiscKind, p: Vec2, v: Vec2, status: DiscStatus) -> u32 {
        let i = self.d.px.len() as u32;
        let on = status == DiscStatus::OnTable;
        let d = &mut self.d;
        d.px.push(p.x);
        d.py.push(p.y);
        d.vx.push(v.x);
        d.vy.push(v.y);
        d.tl.push(0.0);
        d.r.push(kind.radius_m);
        d.m.push(kind.mass_kg);
        d.im.push(1.0 / kind.mass_kg);
        d.on.push(on);
        d.status.push(status);
        d.version.push(0);
        self.s.near.valid = false;
        self.r_max = self.r_max.max(kind.radius_m);
        self.n_on += usize::from(on);
        i
    }

    /// Sets the velocity (m/s) of a disc on the table: a strike.
    ///
    /// # Errors
    ///
    /// [`StrikeError`] for an unknown disc, a disc off the table, a non-finite velocity or a
    /// speed above the table's maximum. The world is unchanged.
    pub fn strike(&mut self, id: DiscId, velocity: Vec2) -> Result<(), StrikeError> {
        let i = id.index();
        if i >= self.d.px.len() {
            return Err(StrikeError::UnknownDisc(id));
        }
        if !self.d.on[i] {
            return Err(StrikeError::NotOnTable(id));
        }
        match self.check_velocity(velocity) {
            Err(PlaceError::TooFast(s)) => return Err(StrikeError::TooFast(s)),
            Err(PlaceError::SubnormalVelocity(c)) => return Err(StrikeError::SubnormalVelocity(c)),
            Err(_) => return Err(StrikeError::NonFiniteVelocity),
            Ok(()) => {}
        }
        self.d.vx[i] = velocity.x;
        self.d.vy[i] = velocity.y;
        self.d.version[i] = self.d.version[i].wrapping_add(1);
        Ok(())
    }

    /// Takes a disc off the table (status [`DiscStatus::Removed`]); its id stays valid and it
    /// can be put back with [`place`](Self::place).
    ///
    /// # Errors
    ///
    /// [`RemoveError`] for an unknown disc or one already off the table.
    pub fn remove(&mut self, id: DiscId) -> Result<(), RemoveError> {
        let i = id.index();
        if i >= self.d.px.len() {
            return Err(RemoveError::UnknownDisc(id));
        }
        if !self.d.on[i] {
            return Err(RemoveError::NotOnTable(id));
        }
        self.take_off(i, DiscStatus::Removed);
        Ok(())
    }

    fn take_off(&mut self, i: usize, status: DiscStatus) {
        self.n_on -= 1;
        self.d.on[i] = false;
        self.d.status[i] = status;
        self.d.vx[i] = 0.0;
        self.d.vy[i] = 0.0;
        self.d.version[i] = self.d.version[i].wrapping_add(1);
    }

    /// Puts a disc (on or off the table) at `position`, at rest: re-spotting a pocketed or
    /// jumped piece, or moving one.
    ///
    /// # Errors
    ///
    /// [`PlaceError`] as for [`add_disc`](Self::add_disc) (the disc itself is ignored in the
    /// overlap test). The world is unchanged.
    pub fn place(&mut self, id: DiscId, position: Vec2) -> Result<(), PlaceError> {
        let i = id.index();
        if i >= self.d.px.len() {
            return Err(PlaceError::UnknownDisc(id));
        }
        let kind = DiscKind {
            radius_m: self.d.r[i],
            mass_kg: self.d.m[i],
        };
        self.ensure_place_index();
        self.check_placement(kind, position, Some(id))?;
        self.d.px[i] = position.x;
        self.d.py[i] = position.y;
        self.d.vx[i] = 0.0;
        self.d.vy[i] = 0.0;
        if !self.d.on[i] {
            self.n_on += 1;
        }
        self.d.on[i] = true;
        self.d.status[i] = DiscStatus::OnTable;
        self.d.version[i] = self.d.version[i].wrapping_add(1);
        self.place.valid = false;
        self.s.near.valid = false;
        Ok(())
    }

    /// A snapshot of one disc, or `None` for an unknown id.
    #[must_use]
    pub fn disc(&self, id: DiscId) -> Option<DiscState> {
        let i = id.index();
        if i >= self.d.px.len() {
            return None;
        }
        Some(DiscState {
            id,
            kind: DiscKind {
                radius_m: self.d.r[i],
                mass_kg: self.d.m[i],
            },
            position: Vec2::new(self.d.px[i], self.d.py[i]),
            velocity: Vec2::new(self.d.vx[i], self.d.vy[i]),
            status: self.d.status[i],
        })
    }

    /// Every disc in creation order.
    pub fn discs(&self) -> impl Iterator<Item = DiscState> + '_ {
        (0..self.d.px.len() as u32).filter_map(|i| self.disc(DiscId(i)))
    }

    /// The centre of a disc in metres, or `None` for an unknown id.
    #[must_use]
    pub fn position(&self, id: DiscId) -> Option<Vec2> {
        let i = id.index();
        (i < self.d.px.len()).then(|| Vec2::new(self.d.px[i], self.d.py[i]))
    }

    /// The velocity of a disc in m/s, or `None` for an unknown id.
    #[must_use]
    pub fn velocity(&self, id: DiscId) -> Option<Vec2> {
        let i = id.index();
        (i < self.d.px.len()).then(|| Vec2::new(self.d.vx[i], self.d.vy[i]))
    }

    /// Whether every disc on the table has velocity exactly zero.
    #[must_use]
    pub fn is_at_rest(&self) -> bool {
        (0..self.d.px.len()).all(|i| !self.d.on[i] || (self.d.vx[i] == 0.0 && self.d.vy[i] == 0.0))
    }

    /// Total kinetic energy of the discs on the table, joules.
    #[must_use]
    pub fn kinetic_energy_j(&self) -> f64 {
        let d = &self.d;
        (0..d.px.len())
            .filter(|&i| d.on[i])
            .map(|i| 0.5 * d.m[i] * (d.vx[i] * d.vx[i] + d.vy[i] * d.vy[i]))
            .sum()
    }

    /// Total momentum of the discs on the table, kg·m/s.
    #[must_use]
    pub fn momentum(&self) -> Vec2 {
        let d = &self.d;
        (0..d.px.len())
            .filter(|&i| d.on[i])
            .fold(Vec2::ZERO, |acc, i| {
                acc + Vec2::new(d.vx[i], d.vy[i]) * d.m[i]
            })
    }

    /// A 64-bit FNV-1a hash of every disc's status, position and velocity bits, in creation
    /// order: equal checksums mean bit-identical states (the determinism contract's witness).
    #[must_use]
    pub fn checksum(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |x: u64| {
            for k in 0..8 {
                h ^= (x >> (8 * k)) & 0xff;
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        for i in 0..self.d.px.len() {
            let code = match self.d.status[i] {
                DiscStatus::OnTable => 0u64,
                DiscStatus::Pocketed(p) => 0x100 | u64::from(p.0),
                DiscStatus::LeftTable(c) => 0x2_0000 | c.index() as u64,
                DiscStatus::Removed => 0x30_0000,
            };
            eat(code);
            eat(self.d.px[i].to_bits());
            eat(self.d.py[i].to_bits());
            eat(self.d.vx[i].to_bits());
            eat(self.d.vy[i].to_bits());
        }
        h
    }

    /// Runs steps until every disc on the table is at rest or [`StepConfig::max_time_s`] of
    /// simulated time has passed, sending events to `events`. The run always ends: it takes
    /// at most ⌈`max_time_s` / `dt_s`⌉ + 1 steps, which [`StepConfig::validate`] keeps within
    /// [`limits::MAX_RUN_SUBSTEPS`] substeps.
    pub fn run_to_rest<S: EventSink>(&mut self, events: &mut S) -> RunSummary {
        self.run_inner(events, None)
    }

    /// As [`run_to_rest`](Self::run_to_rest), and samples every disc's position into
    /// `trajectory` before the first step and after every step.
    pub fn run_to_rest_sampled<S: EventSink>(
        &mut self,
        events: &mut S,
        trajectory: &mut Trajectory,
    ) -> RunSummary {
        self.run_inner(events, Some(trajectory))
    }

    fn run_inner<S: EventSink>(
        &mut self,
        events: &mut S,
        mut trajectory: Option<&mut Trajectory>,
    ) -> RunSummary {
        let start = self.time_s;
        let mut steps = 0u64;
        if let Some(t) = trajectory.as_deref_mut() {
            t.record(self);
        }
        let mut at_rest = self.is_at_rest();
        // The time test ends the run; the step count bounds it whatever the rounding of the
        // accumulated time (StepConfig::validate keeps it within limits::MAX_RUN_SUBSTEPS).
        let max_steps = self.config.max_steps();
        while !at_rest && steps < max_steps && self.time_s - start < self.config.max_time_s {
            at_rest = self.step_inner(events);
            steps += 1;
            if let Some(t) = trajectory.as_deref_mut() {
                t.record(self);
            }
        }
        RunSummary {
            steps,
            duration_s: self.time_s - start,
            at_rest,
        }
    }

    /// Advances the world by one step of [`StepConfig::dt_s`], sending events to `events`.
    pub fn step<S: EventSink>(&mut self, events: &mut S) {
        self.step_inner(events);
    }

    /// One step; returns whether the world is at rest afterwards.
    fn step_inner<S: EventSink>(&mut self, events: &mut S) -> bool {
        let n = self.config.substeps;
        let h = self.config.dt_s / f64::from(n);
        let t0 = self.time_s;
        let mut any_moving = false;
        for k in 0..n {
            let ts = t0 + h * f64::from(k);
            any_moving = self.substep(ts, h, events);
        }
        self.steps += 1;
        self.time_s = t0 + self.config.dt_s;
        self.place.valid = false;
        !any_moving
    }

    /// One substep of length `h` starting at world time `ts`; returns whether any disc is
    /// moving at its end.
    fn substep<S: EventSink>(&mut self, ts: f64, h: f64, events: &mut S) -> bool {
        self.stats.substeps += 1;
        let n = self.d.px.len();
        let s = &mut self.s;
        if s.moving_mark.len() < n {
            s.moving_mark.resize(n, 0);
            s.changed_mark.resize(n, 0);
            s.paths.x.resize(n, 0.0);
            s.paths.y.resize(n, 0.0);
            s.paths.t.resize(n, 0.0);
            s.paths.mark.resize(n, 0);
        }
        s.mark = s.mark.wrapping_add(1);
        if s.mark == 0 {
            s.moving_mark.iter_mut().for_each(|m| *m = 0);
            s.paths.mark.iter_mut().for_each(|m| *m = 0);
            s.mark = 1;
        }
        s.moving.clear();
        if s.moving.capacity() < n {
            // Reserve once for the world's size, generously, so that later steps reuse the
            // buffers without growing them.
            s.moving.reserve(n);
            s.fixed.reserve(n);
            s.paths.touched.reserve(n);
            s.heap.reserve(2 * n + 256);
            s.round.reserve(64);
            s.contacts.reserve(64);
            s.changed.reserve(64);
            s.saved_v.reserve(64);
            let r_min = self.d.r.iter().copied().fold(f64::INFINITY, f64::min);
            s.near.reserve(n, n, self.r_max, r_min, self.r_max);
        }

        if self.n_on == 0 {
            return false;
        }
        let hx = self.table.half_width_m();
        let hy = self.table.half_height_m();

        // Stage 1: friction, clamped at zero; the moving discs, and those that may meet a
        // cushion, wall or pocket.
        let dec = self.table.params().friction_decel_m_s2() * h;
        let reach = FixedReach {
            hx,
            hy,
            pocket_free_x: self.pocket_free.0,
            pocket_free_y: self.pocket_free.1,
            pockets: self.table.pockets(),
            walls: &self.walls,
        };
        let d = &mut self.d;
        s.fixed.clear();
        let vmax2 = friction_pass(
            d.slices(n),
            &mut s.moving_mark[..n],
            s.mark,
            &mut s.moving,
            &mut s.fixed,
            &reach,
            dec,
            h,
            ts,
            events,
        );
        if s.moving.is_empty() {
            return false;
        }
        // Stage 2: the broadphase, rebuilt when a disc may have moved half the skin since
        // the last build (see `Near`). `vstep` bounds every speed in this substep unless a
        // round raises one (then `dallow` widens).
        let vstep = vmax2.sqrt();
        // A small world with a few moving discs tests them against every disc directly: the
        // pair list would mostly hold pairs at rest (a soft stroke, the end of a break).
        // Few moving discs in a small world: a disc whose path changes is re-predicted
        // against every disc directly.
        let brute = s.moving.len().saturating_mul(self.n_on) <= BRUTE_FORCE_PAIRS;
        let direct = brute && s.moving.len() <= DIRECT_MOVERS;
        if !direct
            && (!s.near.valid || 2.0 * (s.near.disp + h * vstep) + NEAR_MARGIN_M >= s.near.skin)
        {
            // A skin of one radius measured fastest on scene (c) (0.5 to 3 radii tried): a
            // smaller one rebuilds too often, a larger one lists too many pairs. At least
            // 2.5 h vstep plus twice the margin, so that the list always serves the
            // substep it is built for (2 h vstep + margin < skin).
            let skin = self.r_max.max(2.5 * h * vstep + 2.0 * NEAR_MARGIN_M);
            s.near.build(hx, hy, skin, &d.px, &d.py, &d.r, &d.on);
            self.stats.broadphase_builds += 1;
        }
        let mut dallow = s.near.disp + h * vstep;
        // The largest squared speed so far in this substep.
        let mut v_over2 = vmax2;

        // Stage 3: prediction: cushions, walls and pockets of every moving disc, then every
        // pair of neighbouring paths with at least one moving disc.
        s.heap.clear();
        let ctx = Ctx {
            hx,
            hy,
            h,
            window: h * WINDOW_REL,
            table: &self.table,
            walls: &self.walls,
        };
        for k in 0..s.fixed.len() {
            let i = s.fixed[k] as usize;
            predict_fixed(&ctx, d, &mut s.heap, i, 0.0);
        }
        if direct {
            direct_pairs(d, &s.moving, &s.moving_mark, s.mark, &mut s.heap, h);
        } else {
            near_pairs(d, &s.near.pairs, &mut s.heap, h);
        }

        // Stage 4: events in time order.
        let cap = 10_000 + 1_000 * s.moving.len() as u64;
        let mut rounds = 0u64;
        while let Some(Reverse(first)) = s.heap.pop() {
            if !valid(d, &first) {
                continue;
            }
            rounds += 1;
            if rounds > cap {
                self.stats.capped_substeps += 1;
                break;
            }
            let t = f64::from_bits(first.t);
            s.round.clear();
            s.round.push(first);
            while let Some(Reverse(next)) = s.heap.peek() {
                if f64::from_bits(next.t) <= t + ctx.window {
                    let next = *next;
                    s.heap.pop();
                    if valid(d, &next) {
                        s.round.push(next);
                    }
                } else {
                    break;
                }
            }
            s.round.sort_unstable_by_key(|p| (p.kind, p.a, p.b, p.t));
            s.round.dedup_by_key(|p| (p.kind, p.a, p.b));
            self.stats.rounds += 1;
            s.round_mark = s.round_mark.wrapping_add(1);
            if s.round_mark == 0 {
                s.changed_mark.iter_mut().for_each(|m| *m = 0);
                s.round_mark = 1;
            }
            s.contacts.clear();
            s.changed.clear();
            for ri in 0..s.round.len() {
                let ev = s.round[ri];
                let a = ev.a as usize;
                if !d.on[a] {
                    continue;
                }
                match ev.kind {
                    KIND_POCKET => {
                        s.paths.keep(d, a, s.mark);
                        d.advance(a, t);
                        d.on[a] = false;
                        self.n_on -= 1;
                        d.vx[a] = 0.0;
                        d.vy[a] = 0.0;
                        d.status[a] = DiscStatus::Pocketed(PocketId(ev.b as u16));
                        d.version[a] = d.version[a].wrapping_add(1);
                        events.record(Event {
                            time_s: ts + t,
                            kind: EventKind::Pocketed {
                                disc: DiscId(ev.a),
                                pocket: PocketId(ev.b as u16),
                            },
                        });
                    }
                    KIND_CUSHION => {
                        s.paths.keep(d, a, s.mark);
                        d.advance(a, t);
                        if let Some(c) = cushion_contact(&ctx, d, a, ev.b as u16) {
                            s.contacts.push(c);
                        }
                    }
                    _ => {
                        let b = ev.b as usize;
                        if !d.on[b] {
                            continue;
                        }
                        s.paths.keep(d, a, s.mark);
                        s.paths.keep(d, b, s.mark);
                        d.advance(a, t);
                        d.advance(b, t);
                        if let Some(c) = disc_contact(&ctx, d, a, b) {
                            s.contacts.push(c);
                        }
                    }
                }
            }
            if s.contacts.is_empty() {
                continue;
            }
            // Jumps: a disc hitting an outer cushion too hard leaves the table.
            if let Some(jump) = self.table.params().jump_speed_m_s {
                for ci in 0..s.contacts.len() {
                    let c = s.contacts[ci];
                    let i = c.i as usize;
                    if c.j == NONE && c.cushion < 4 && c.speed > jump && d.on[i] {
                        d.on[i] = false;
                        self.n_on -= 1;
                        d.vx[i] = 0.0;
                        d.vy[i] = 0.0;
                        d.status[i] = DiscStatus::LeftTable(CushionId::OUTER[c.cushion as usize]);
                        d.version[i] = d.version[i].wrapping_add(1);
                        events.record(Event {
                            time_s: ts + t,
                            kind: EventKind::LeftTable {
                                disc: DiscId(c.i),
                                cushion: CushionId::OUTER[c.cushion as usize],
                            },
                        });
                    }
                }
                s.contacts
                    .retain(|c| d.on[c.i as usize] && (c.j == NONE || d.on[c.j as usize]));
                if s.contacts.is_empty() {
                    continue;
                }
            }
            // The discs involved, in order of first appearance.
            for ci in 0..s.contacts.len() {
                let c = s.contacts[ci];
                for x in [c.i, c.j] {
                    if x != NONE && s.changed_mark[x as usize] != s.round_mark {
                        s.changed_mark[x as usize] = s.round_mark;
                        s.changed.push(x);
                    }
                }
            }
            self.stats.impacts += s.contacts.len() as u64;
            if s.contacts.len() > 1 {
                self.stats.multi_contact_rounds += 1;
            }
            solve(d, &mut s.contacts, &s.changed, &mut s.saved_v);
            for c in &s.contacts {
                let kind = if c.j == NONE {
                    EventKind::CushionContact {
                        disc: DiscId(c.i),
                        cushion: CushionId::wall_or_outer(c.cushion),
                        speed_m_s: c.speed,
                    }
                } else {
                    let (lo, hi) = if c.i < c.j { (c.i, c.j) } else { (c.j, c.i) };
                    EventKind::DiscContact {
                        first: DiscId(lo),
                        second: DiscId(hi),
                        speed_m_s: c.speed,
                    }
                };
                events.record(Event {
                    time_s: ts + t,
                    kind,
                });
            }
            // New paths: version, path, then predictions.
            for k in 0..s.changed.len() {
                let i = s.changed[k] as usize;
                d.version[i] = d.version[i].wrapping_add(1);
                if s.moving_mark[i] != s.mark {
                    s.moving_mark[i] = s.mark;
                    s.moving.push(i as u32);
                }
                s.paths.set(i, d.px[i], d.py[i], t, s.mark);
                let sp2 = d.vx[i] * d.vx[i] + d.vy[i] * d.vy[i];
                if sp2 > v_over2 {
                    // Faster than any disc so far: every disc stays within the wider
                    // bound for the rest of the substep.
                    v_over2 = sp2;
                    dallow = s.near.disp + h * sp2.sqrt();
                }
                if d.vx[i] == 0.0 && d.vy[i] == 0.0 {
                    events.record(Event {
                        time_s: ts + t,
                        kind: EventKind::CameToRest {
                            disc: DiscId(i as u32),
                        },
                    });
                }
            }
            for k in 0..s.changed.len() {
                let i = s.changed[k] as usize;
                let mark = s.round_mark;
                let cm = &s.changed_mark;
                predict_fixed(&ctx, d, &mut s.heap, i, t);
                if brute {
                    brute_neighbours(d, &mut s.heap, i, t, h, |j| {
                        j == i || (j < i && cm[j] == mark)
                    });
                } else {
                    let near = Neighbours {
                        near: &s.near,
                        paths: &s.paths,
                        mark: s.mark,
                        dallow,
                    };
                    near.predict(&ctx, d, &mut s.heap, i, t, |j| {
                        j == i || (j < i && cm[j] == mark)
                    });
                }
            }
        }

        // Stage 5: drift to the end of the substep; keep every disc inside the cushions.
        let v2 = drift_pass(d.slices(n), &s.moving, hx, hy, h);
        // Every disc touched in the substep is at the substep's end now (a disc at rest was
        // only brought to an instant): between steps every local time is 0.
        for &i in &s.paths.touched {
            d.tl[i as usize] = 0.0;
        }
        s.paths.touched.clear();
        // Every disc moved at most h times the largest speed it had in this substep.
        s.near.disp += h * v_over2.sqrt();
        v2 > 0.0
    }
}

impl CushionId {
    fn wall_or_outer(code: u16) -> CushionId {
        if code < 4 {
            CushionId::OUTER[code as usize]
        } else {
            CushionId::wall(code - 4)
        }
    }
}

/// Whether a disc's swept box over a substep stays clear of every cushion, wall and pocket
/// (then stage 3 skips its fixed-object tests).
struct FixedReach<'a> {
    hx: f64,
    hy: f64,
    /// A swept box with |x| < `pocket_free_x` everywhere (or |y| < `pocket_free_y`) misses
    /// every pocket; a pocket straddling an axis makes its bound negative (no shortcut).
    pocket_free_x: f64,
    pocket_free_y: f64,
    pockets: &'a [Pocket],
    walls: &'a [WallGeom],
}

/// `(pocket_free_x, pocket_free_y)` of [`FixedReach`] for these pockets.
fn pocket_free(pockets: &[Pocket]) -> (f64, f64) {
    let x = pockets
        .iter()
        .map(|p| p.centre.x.abs() - p.radius_m - 2.0 * SLOP_M)
        .fold(f64::INFINITY, f64::min);
    let y = pockets
        .iter()
        .map(|p| p.centre.y.abs() - p.radius_m - 2.0 * SLOP_M)
        .fold(f64::INFINITY, f64::min);
    (x, y)
}

impl FixedReach<'_> {
    /// Whether a disc of radius `r` moving from (x, y) to (ex, ey) certainly meets nothing
    /// fixed (a conservative filter, margin `2 SLOP_M`).
    #[inline]
    fn clear(&self, x: f64, y: f64, ex: f64, ey: f64, r: f64) -> bool {
        let lim_x = self.hx - r - 2.0 * SLOP_M;
        let lim_y = self.hy - r - 2.0 * SLOP_M;
        // min/max (branch-free; every value is finite, and ±0 compare and subtract alike
        // below).
        let x0 = ex.min(x);
        let y0 = ey.min(y);
        let x1 = ex.max(x);
        let y1 = ey.max(y);
        x.abs() < lim_x
            && ex.abs() < lim_x
            && y.abs() < lim_y
            && ey.abs() < lim_y
            && ((x.abs() < self.pocket_free_x && ex.abs() < self.pocket_free_x)
                || (y.abs() < self.pocket_free_y && ey.abs() < self.pocket_free_y)
                || self.pockets.iter().all(|p| {
                    let reach = p.radius_m + 2.0 * SLOP_M;
                    x1 < p.centre.x - reach
                        || x0 > p.centre.x + reach
                        || y1 < p.centre.y - reach
                        || y0 > p.centre.y + reach
                }))
            && self.walls.iter().all(|w| {
                let reach = r + w.h + 2.0 * SLOP_M;
                x1 + reach < w.ax.min(w.bx)
                    || x0 - reach > w.ax.max(w.bx)
                    || y1 + reach < w.ay.min(w.by)
                    || y0 - reach > w.ay.max(w.by)
            })
    }
}

/// Stage 1: every moving disc loses speed `dec`, clamped at zero (an event when it comes to
/// rest); the discs still moving go to `moving` (marked), those whose swept box may meet
/// something fixed also to `fixed`. Returns the largest squared speed after friction.
#[allow(clippy::too_many_arguments)]
fn friction_pass<S: EventSink>(
    d: DiscSlices<'_>,
    moving_mark: &mut [u32],
    mark: u32,
    moving: &mut Vec<u32>,
    fixed: &mut Vec<u32>,
    reach: &FixedReach<'_>,
    dec: f64,
    h: f64,
    ts: f64,
    events: &mut S,
) -> f64 {
    // Every slice cut to the same length, so one bounds check covers them all.
    let n = d.px.len();
    let (px, py, vx_all, vy_all) = (&d.px[..n], &d.py[..n], &mut d.vx[..n], &mut d.vy[..n]);
    let (on, rad, version) = (&d.on[..n], &d.r[..n], &mut d.version[..n]);
    let moving_mark = &mut moving_mark[..n];
    let mut vmax2 = 0.0f64;
    for i in 0..n {
        let mut vx = vx_all[i];
        let mut vy = vy_all[i];
        if !on[i] || (vx == 0.0 && vy == 0.0) {
            continue;
        }
        if dec > 0.0 {
            let sp = (vx * vx + vy * vy).sqrt();
            let ns = sp - dec;
            if ns <= 0.0 {
                vx_all[i] = 0.0;
                vy_all[i] = 0.0;
                version[i] = version[i].wrapping_add(1);
                events.record(Event {
                    time_s: ts,
                    kind: EventKind::CameToRest {
                        disc: DiscId(i as u32),
                    },
                });
                continue;
            }
            let k = ns / sp;
            vx *= k;
            vy *= k;
            vx_all[i] = vx;
            vy_all[i] = vy;
        }
        moving.push(i as u32);
        moving_mark[i] = mark;
        let (x, y) = (px[i], py[i]);
        if !reach.clear(x, y, x + vx * h, y + vy * h, rad[i]) {
            fixed.push(i as u32);
        }
        let sp2 = vx * vx + vy * vy;
        if sp2 > vmax2 {
            vmax2 = sp2;
        }
    }
    vmax2
}

/// Stage 5: every disc of `moving` still on the table is carried to the end of the substep
/// (clamped inside the cushions). Returns the largest squared speed.
fn drift_pass(d: DiscSlices<'_>, moving: &[u32], hx: f64, hy: f64, h: f64) -> f64 {
    // Every slice cut to the same length, so one bounds check covers them all.
    let n = d.px.len();
    let (px, py, vx_all, vy_all) = (&mut d.px[..n], &mut d.py[..n], &d.vx[..n], &d.vy[..n]);
    let (tl, on, rad) = (&mut d.tl[..n], &d.on[..n], &d.r[..n]);
    let mut v2 = 0.0f64;
    for &iu in moving {
        let i = iu as usize;
        if i >= n {
            continue;
        }
        if !on[i] {
            tl[i] = 0.0;
            continue;
        }
        let dt = h - tl[i];
        let r = rad[i];
        let vx = vx_all[i];
        let vy = vy_all[i];
        px[i] = clamp(px[i] + vx * dt, -hx + r, hx - r);
        py[i] = clamp(py[i] + vy * dt, -hy + r, hy - r);
        tl[i] = 0.0;
        let sp2 = vx * vx + vy * vy;
        if sp2 > v2 {
            v2 = sp2;
        }
    }
    v2
}

/// `x` limited to `[lo, hi]` (`lo <= hi`), as `f64::clamp` but without its check.
#[inline(always)]
fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

/// Read-only context of one substep.
struct Ctx<'a> {
    hx: f64,
    hy: f64,
    h: f64,
    window: f64,
    table: &'a Table,
    walls: &'a [WallGeom],
}

#[inline]
fn valid(d: &Discs, p: &Pending) -> bool {
    let a = p.a as usize;
    if !d.on[a] || d.version[a] != p.va {
        return false;
    }
    if p.kind == KIND_DISC {
        let b = p.b as usize;
        return d.on[b] && d.version[b] == p.vb;
    }
    true
}

#[inline]
fn push(
    heap: &mut BinaryHeap<Reverse<Pending>>,
    t: f64,
    kind: u8,
    a: u32,
    b: u32,
    va: u32,
    vb: u32,
) {
    // `t` is never negative; +0.0 keeps the bit order equal to the numeric order.
    let t = if t > 0.0 { t } else { 0.0 };
    heap.push(Reverse(Pending {
        t: t.to_bits(),
        kind,
        a,
        b,
        va,
        vb,
    }));
}

/// Pushes the contact of discs `i` and `j` at substep time `t` (the lower index first, with
/// both discs' versions).
#[inline]
fn push_pair(heap: &mut BinaryHeap<Reverse<Pending>>, t: f64, d: &Discs, i: usize, j: usize) {
    let (a, b) = if i < j { (i, j) } else { (j, i) };
    push(
        heap,
        t,
        KIND_DISC,
        a as u32,
        b as u32,
        d.version[a],
        d.version[b],
    );
}

/// Earliest s in [0, rem] at which two circles at relative position (dx, dy), relative
/// velocity (wx, wy) and summed radius `rr` touch while approaching.
#[inline]
fn toi_circle(dx: f64, dy: f64, wx: f64, wy: f64, rr: f64, rem: f64) -> Option<f64> {
    let b = dx * wx + dy * wy;
    if b >= 0.0 {
        return None;
    }
    let c = dx * dx + dy * dy - rr * rr;
    if c <= 2.0 * rr * SLOP_M {
        // Touching or overlapping: an impact now if approaching fast enough.
        let dist = (dx * dx + dy * dy).sqrt();
        return if b < -APPROACH_EPS * dist {
            Some(0.0)
        } else {
            None
        };
    }
    let a = wx * wx + wy * wy;
    let ft = c + rem * (2.0 * b + a * rem);
    if ft > 0.0 && -b >= a * rem {
        return None;
    }
    let disc = b * b - a * c;
    if ft > 0.0 && disc < 0.0 {
        return None;
    }
    let disc = if disc > 0.0 { disc } else { 0.0 };
    let s = c / (-b + disc.sqrt());
    if s <= rem { Some(s) } else { None }
}

/// Whether [`toi_circle`] certainly returns `None` for these arguments: the same
/// expressions, evaluated without branches (the approach test `b >= 0` is a coin toss in a
/// box of moving discs, and almost every pair misses), so that only the rare candidate pays
/// for the branchy exact test. A pair of paths at rest relative to each other (`w = 0`) has
/// `b = ±0` and misses.
#[inline(always)]
fn toi_circle_misses(dx: f64, dy: f64, wx: f64, wy: f64, rr: f64, rem: f64) -> bool {
    let b = dx * wx + dy * wy;
    let c = dx * dx + dy * dy - rr * rr;
    let a = wx * wx + wy * wy;
    let ft = c + rem * (2.0 * b + a * rem);
    let disc = b * b - a * c;
    (b >= 0.0) | ((c > 2.0 * rr * SLOP_M) & (ft > 0.0) & ((-b >= a * rem) | (disc < 0.0)))
}

/// Predicts the cushion, wall and pocket events of disc `i` from substep time `t`.
fn predict_fixed(
    ctx: &Ctx<'_>,
    d: &Discs,
    heap: &mut BinaryHeap<Reverse<Pending>>,
    i: usize,
    t: f64,
) {
    let (x, y) = d.pos_at(i, t);
    let vx = d.vx[i];
    let vy = d.vy[i];
    let r = d.r[i];
    let rem = ctx.h - t;
    let vi = d.version[i];
    let iu = i as u32;

    if vx == 0.0 && vy == 0.0 {
        return;
    }
    // The swept box of the centre over the rest of the substep: every test below is skipped
    // when the box cannot reach its object (a conservative filter, margin SLOP_M).
    let ex = x + vx * rem;
    let ey = y + vy * rem;
    let (x0, x1) = if ex < x { (ex, x) } else { (x, ex) };
    let (y0, y1) = if ey < y { (ey, y) } else { (y, ey) };
    let lim_x = ctx.hx - r - 2.0 * SLOP_M;
    let lim_y = ctx.hy - r - 2.0 * SLOP_M;
    if x0 <= -lim_x || x1 >= lim_x || y0 <= -lim_y || y1 >= lim_y {
        // Outer cushions: 0 bottom (y = -hy), 1 right, 2 top, 3 left.
        let gaps = [
            (y + ctx.hy - r, -vy),
            (ctx.hx - x - r, vx),
            (ctx.hy - y - r, vy),
            (x + ctx.hx - r, -vx),
        ];
        for (k, &(gap, approach)) in gaps.iter().enumerate() {
            if approach <= 0.0 {
                continue;
            }
            let s = if gap <= SLOP_M {
                if approach > APPROACH_EPS {
                    0.0
                } else {
                    continue;
                }
            } else {
                gap / approach
            };
            if s <= rem {
                push(heap, t + s, KIND_CUSHION, iu, k as u32, vi, 0);
            }
        }
    }
    // Internal walls (capsules).
    for (k, w) in ctx.walls.iter().enumerate() {
        let reach = r + w.h + 2.0 * SLOP_M;
        if x1 + reach < w.ax.min(w.bx)
            || x0 - reach > w.ax.max(w.bx)
            || y1 + reach < w.ay.min(w.by)
            || y0 - reach > w.ay.max(w.by)
        {
            continue;
        }
        if let Some(s) = toi_wall(w, x, y, vx, vy, r, rem) {
            push(heap, t + s, KIND_CUSHION, iu, 4 + k as u32, vi, 0);
        }
    }
    // Pockets: the centre entering the circle.
    for (k, p) in ctx.table.pockets().iter().enumerate() {
        let reach = p.radius_m + 2.0 * SLOP_M;
        if x1 < p.centre.x - reach
            || x0 > p.centre.x + reach
            || y1 < p.centre.y - reach
            || y0 > p.centre.y + reach
        {
            continue;
        }
        let qx = x - p.centre.x;
        let qy = y - p.centre.y;
        let cc = qx * qx + qy * qy - p.radius_m * p.radius_m;
        if cc < 0.0 {
            push(heap, t, KIND_POCKET, iu, k as u32, vi, 0);
            continue;
        }
        let b = qx * vx + qy * vy;
        if b >= 0.0 {
            continue;
        }
        let a = vx * vx + vy * vy;
        let disc = b * b - a * cc;
        if disc <= 0.0 {
            continue;
        }
        let s = cc / (-b + disc.sqrt());
        if s <= rem {
            push(heap, t + s, KIND_POCKET, iu, k as u32, vi, 0);
        }
    }
}

/// The broadphase as the round loop's re-prediction sees it: the grid and pairs of [`Near`],
/// each disc's path in this substep, and how far a disc can be from where the grid has it.
struct Neighbours<'a> {
    near: &'a Near,
    paths: &'a Paths,
    mark: u32,
    /// How far any disc can be from where the grid has it, metres: the displacement bound
    /// of the build plus the substep's length times the largest speed so far in it.
    dallow: f64,
}

impl Neighbours<'_> {
    /// Predicts the disc-disc events of disc `i` from substep time `t` against every disc
    /// whose path can meet its own (except those `skip` rejects): the discs of the grid cells
    /// around its path, widened by how far a disc can be from its cell.
    fn predict(
        &self,
        ctx: &Ctx<'_>,
        d: &Discs,
        heap: &mut BinaryHeap<Reverse<Pending>>,
        i: usize,
        t: f64,
        skip: impl Fn(usize) -> bool,
    ) {
        let (x, y) = d.pos_at(i, t);
        let vx = d.vx[i];
        let vy = d.vy[i];
        let r = d.r[i];
        let rem = ctx.h - t;
        let ex = x + vx * rem;
        let ey = y + vy * rem;
        let (x0, x1) = if ex < x { (ex, x) } else { (x, ex) };
        let (y0, y1) = if ey < y { (ey, y) } else { (y, ey) };
        let reach = r + self.near.r_max + self.dallow + NEAR_MARGIN_M;
        let mut test = |j: usize| {
            if !d.on[j] || skip(j) {
                return;
            }
            let (jx, jy, jt) = self.paths.get(d, j, self.mark);
            let (jvx, jvy) = (d.vx[j], d.vy[j]);
            let dt = t - jt;
            let jx = jx + jvx * dt;
            let jy = jy + jvy * dt;
            if let Some(s) = toi_circle(x - jx, y - jy, vx - jvx, vy - jvy, r + d.r[j], rem) {
                push_pair(heap, t + s, d, i, j);
            }
        };
        self.near
            .for_each_in_box(x0 - reach, y0 - reach, x1 + reach, y1 + reach, |j| {
                test(j as usize)
            });
    }
}

/// Stage 3 with the broadphase: every listed pair with a moving disc, from the substep's
/// start. A pair at rest relative to each other (both discs at rest, say) is rejected by
/// [`toi_circle_misses`] like any other miss.
fn near_pairs(d: &Discs, pairs: &[[u32; 2]], heap: &mut BinaryHeap<Reverse<Pending>>, h: f64) {
    let n = d.px.len();
    let (px, py, vx, vy, r, on) = (
        &d.px[..n],
        &d.py[..n],
        &d.vx[..n],
        &d.vy[..n],
        &d.r[..n],
        &d.on[..n],
    );
    for &[i, j] in pairs {
        let (iu, ju) = (i as usize, j as usize);
        let dx = px[iu] - px[ju];
        let dy = py[iu] - py[ju];
        let wx = vx[iu] - vx[ju];
        let wy = vy[iu] - vy[ju];
        let rr = r[iu] + r[ju];
        if toi_circle_misses(dx, dy, wx, wy, rr, h) | !(on[iu] & on[ju]) {
            continue;
        }
        if let Some(s) = toi_circle(dx, dy, wx, wy, rr, h) {
            push_pair(heap, s, d, iu, ju);
        }
    }
}

/// Stage 3 without the pair list: every moving disc against every disc on the table, each
/// pair once (a pair of moving discs from the one with the smaller index).
fn direct_pairs(
    d: &Discs,
    moving: &[u32],
    moving_mark: &[u32],
    mark: u32,
    heap: &mut BinaryHeap<Reverse<Pending>>,
    h: f64,
) {
    let n = d.px.len();
    let (px, py, vx, vy, r, on) = (
        &d.px[..n],
        &d.py[..n],
        &d.vx[..n],
        &d.vy[..n],
        &d.r[..n],
        &d.on[..n],
    );
    let moving_mark = &moving_mark[..n];
    for &iu in moving {
        let i = iu as usize;
        for j in 0..n {
            if !on[j] || j == i || (j < i && moving_mark[j] == mark) {
                continue;
            }
            let dx = px[i] - px[j];
            let dy = py[i] - py[j];
            let wx = vx[i] - vx[j];
            let wy = vy[i] - vy[j];
            let rr = r[i] + r[j];
            if toi_circle_misses(dx, dy, wx, wy, rr, h) {
                continue;
            }
            if let Some(s) = toi_circle(dx, dy, wx, wy, rr, h) {
                push_pair(heap, s, d, i, j);
            }
        }
    }
}

/// The round loop's re-prediction without the grid: disc `i` from time `t` against every
/// disc on the table (except those `skip` rejects).
fn brute_neighbours(
    d: &Discs,
    heap: &mut BinaryHeap<Reverse<Pending>>,
    i: usize,
    t: f64,
    h: f64,
    skip: impl Fn(usize) -> bool,
) {
    let (x, y) = d.pos_at(i, t);
    let (vx, vy, r) = (d.vx[i], d.vy[i], d.r[i]);
    let rem = h - t;
    for j in 0..d.px.len() {
        if !d.on[j] || skip(j) {
            continue;
        }
        let (jx, jy) = d.pos_at(j, t);
        if let Some(s) = toi_circle(x - jx, y - jy, vx - d.vx[j], vy - d.vy[j], r + d.r[j], rem) {
            push_pair(heap, t + s, d, i, j);
        }
    }
}

/// Earliest contact within `rem` of a moving disc with a capsule wall.
fn toi_wall(w: &WallGeom, x: f64, y: f64, vx: f64, vy: f64, r: f64, rem: f64) -> Option<f64> {
    let rr = r + w.h;
    if w.len > 0.0 {
        // Flat sides: normal (-ty, tx).
        let nx = -w.ty;
        let ny = w.tx;
        let qx = x - w.ax;
        let qy = y - w.ay;
        let dist = qx * nx + qy * ny;
        let sign = if dist >= 0.0 { 1.0 } else { -1.0 };
        let gap = sign * dist - rr;
        let approach = -sign * (vx * nx + vy * ny);
        if approach > 0.0 {
            let s = if gap <= SLOP_M {
                if approach > APPROACH_EPS {
                    Some(0.0)
                } else {
                    None
                }
            } else {
                Some(gap / approach)
            };
            if let Some(s) = s
                && s <= rem
            {
                let along = (qx + vx * s) * w.tx + (qy + vy * s) * w.ty;
                if (0.0..=w.len).contains(&along) {
                    return Some(s);
                }
            }
        }
    }
    let ea = toi_circle(x - w.ax, y - w.ay, vx, vy, rr, rem);
    let eb = toi_circle(x - w.bx, y - w.by, vx, vy, rr, rem);
    match (ea, eb) {
        (Some(a), Some(b)) => Some(if a <= b { a } else { b }),
        (a, b) => a.or(b),
    }
}

/// The contact of disc `a` with cushion `code` at the current instant, if approaching.
fn cushion_contact(ctx: &Ctx<'_>, d: &Discs, a: usize, code: u16) -> Option<Contact> {
    let x = d.px[a];
    let y = d.py[a];
    let r = d.r[a];
    let (nx, ny, gap) = match code {
        0 => (0.0, 1.0, y + ctx.hy - r),
        1 => (-1.0, 0.0, ctx.hx - x - r),
        2 => (0.0, -1.0, ctx.hy - y - r),
        3 => (1.0, 0.0, x + ctx.hx - r),
        _ => {
            let w = &ctx.walls[(code - 4) as usize];
            let wall = crate::table::Wall {
                a: Vec2::new(w.ax, w.ay),
                b: Vec2::new(w.bx, w.by),
                half_thickness_m: w.h,
            };
            let cp = wall.closest_point(Vec2::new(x, y));
            let dx = x - cp.x;
            let dy = y - cp.y;
            let dist = (dx * dx + dy * dy).sqrt();
            if dist <= 0.0 {
                return None;
            }
            (dx / dist, dy / dist, dist - r - w.h)
        }
    };
    let vn = d.vx[a] * nx + d.vy[a] * ny;
    if vn >= -APPROACH_EPS || gap > SLOP_M - 2.0 * vn * ctx.window {
        return None;
    }
    Some(Contact {
        i: a as u32,
        j: NONE,
        cushion: code,
        nx,
        ny,
        kinv: d.m[a],
        e: ctx.table.params().restitution_cushion,
        lam: 0.0,
        speed: -vn,
    })
}

/// The contact of discs `a` and `b` at the current instant, if approaching.
fn disc_contact(ctx: &Ctx<'_>, d: &Discs, a: usize, b: usize) -> Option<Contact> {
    let dx = d.px[a] - d.px[b];
    let dy = d.py[a] - d.py[b];
    let dist = (dx * dx + dy * dy).sqrt();
    if dist <= 0.0 {
        return None;
    }
    let nx = dx / dist;
    let ny = dy / dist;
    let vn = (d.vx[a] - d.vx[b]) * nx + (d.vy[a] - d.vy[b]) * ny;
    let gap = dist - d.r[a] - d.r[b];
    if vn >= -APPROACH_EPS || gap > SLOP_M - 2.0 * vn * ctx.window {
        return None;
    }
    Some(Contact {
        i: a as u32,
        j: b as u32,
        cushion: 0,
        nx,
        ny,
        kinv: 1.0 / (d.im[a] + d.im[b]),
        e: ctx.table.params().restitution_disc,
        lam: 0.0,
        speed: -vn,
    })
}

#[inline]
fn rel_vn(d: &Discs, c: &Contact) -> f64 {
    let i = c.i as usize;
    let (mut wx, mut wy) = (d.vx[i], d.vy[i]);
    if c.j != NONE {
        let j = c.j as usize;
        wx -= d.vx[j];
        wy -= d.vy[j];
    }
    wx * c.nx + wy * c.ny
}

#[inline]
fn apply(d: &mut Discs, c: &Contact, dl: f64) {
    let i = c.i as usize;
    let k = dl * d.im[i];
    d.vx[i] += k * c.nx;
    d.vy[i] += k * c.ny;
    if c.j != NONE {
        let j = c.j as usize;
        let k = dl * d.im[j];
        d.vx[j] -= k * c.nx;
        d.vy[j] -= k * c.ny;
    }
}

/// Resolves the contacts of one round: the compression impulse (closed form for one contact,
/// projected Gauss-Seidel for several), then Poisson restitution `e · λ`.
fn solve(d: &mut Discs, contacts: &mut [Contact], involved: &[u32], saved: &mut Vec<(f64, f64)>) {
    if let [c] = contacts {
        let vn = rel_vn(d, c);
        c.lam = -vn * c.kinv;
        let total = (1.0 + c.e) * c.lam;
        apply(d, c, total);
        return;
    }
    saved.clear();
    let mut ke0 = 0.0;
    for &i in involved {
        let i = i as usize;
        saved.push((d.vx[i], d.vy[i]));
        ke0 += d.m[i] * (d.vx[i] * d.vx[i] + d.vy[i] * d.vy[i]);
    }
    compress(d, contacts);
    let mixed = contacts.iter().any(|c| c.e != contacts[0].e);
    for c in contacts.iter() {
        apply(d, c, c.e * c.lam);
    }
    if mixed {
        let mut ke1 = 0.0;
        for &i in involved {
            let i = i as usize;
            ke1 += d.m[i] * (d.vx[i] * d.vx[i] + d.vy[i] * d.vy[i]);
        }
        if ke1 > ke0 {
            // Mixed coefficients gained energy: use the smallest for all (never gains).
            let e_min = contacts.iter().map(|c| c.e).fold(1.0, f64::min);
            for (k, &i) in involved.iter().enumerate() {
                let i = i as usize;
                d.vx[i] = saved[k].0;
                d.vy[i] = saved[k].1;
            }
            for c in contacts.iter() {
                apply(d, c, (1.0 + e_min) * c.lam);
            }
        }
    }
}

/// Projected Gauss-Seidel on the compression phase: λ ≥ 0, post normal velocity ≥ 0,
/// complementary. Leaves the velocities at the end of compression and λ in each contact.
fn compress(d: &mut Discs, contacts: &mut [Contact]) {
    for c in contacts.iter_mut() {
        c.lam = 0.0;
    }
    for _ in 0..PGS_MAX_ITERS {
        let mut max_dl = 0.0f64;
        let mut max_lam = 0.0f64;
        for c in contacts.iter_mut() {
            let vn = rel_vn(d, c);
            let new = c.lam - vn * c.kinv;
            let new = if new > 0.0 { new } else { 0.0 };
            let dl = new - c.lam;
            if dl != 0.0 {
                c.lam = new;
                apply(d, c, dl);
            }
            max_dl = max_dl.max(dl.abs());
            max_lam = max_lam.max(new);
        }
        if max_dl <= 1e-15 * max_lam {
            break;
        }
    }
}
