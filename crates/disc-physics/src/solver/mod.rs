//! The solver: one substep of the level-0 model, as five stages with a module each (as
//! Box2D v3 names its solver stages), run in this order:
//!
//! 1. [`friction`]: every moving disc gets the velocity that carries it, in a straight line
//!    over the substep, exactly where sliding under the constant deceleration μg takes it:
//!    the chord `s − μg h / 2` of its path (so its speed falls by μg h), or `s / 2` until it
//!    stops, at `s / μg`, which is an event. The moving discs are listed, and those whose swept
//!    box may reach a cushion, wall or pocket.
//! 2. [`broadphase`]: large worlds keep a uniform grid of the discs and the list of pairs
//!    closer than a skin distance (a Verlet list), rebuilt only when some disc may have moved
//!    half the skin since the last build; small worlds with few moving discs test every moving
//!    disc against every disc instead.
//! 3. [`predict`]: for every listed disc, the exact time of impact with each cushion and wall
//!    and the time its centre enters a pocket; for every listed pair with a moving disc, the
//!    time of impact. Those within the substep go into an event queue ordered by (time, kind,
//!    disc indices), so the order in which they are found does not matter, and a time is a
//!    function of the two paths alone, so it does not matter either which broadphase found
//!    the pair.
//! 4. [`events`] (with [`impulse`]): the earliest event and every event within 10⁻⁹·h of it
//!    form a round. The discs involved are moved to that instant (one whose contact is no
//!    longer approaching gets its record back, so that a record changes only with its path);
//!    pocket entries are applied first; the contacts still approaching are solved together
//!    (one contact by the closed-form Newton law; several by projected Gauss-Seidel for the
//!    compression impulse, then Poisson restitution, which for one contact is Newton's law
//!    and for several never adds energy). Every disc whose velocity changed gets its events
//!    predicted anew (a disc far faster than the pair list serves along a stretch of its
//!    path at a time, looking again at a horizon halfway along it); stale events are
//!    recognised by per-disc version numbers. Contacts created by a round (a
//!    touching row) are resolved in the next round at the same instant, so an impulse travels
//!    down a row of touching discs.
//! 5. [`drift`]: every disc that moved is carried to the end of the substep and given its
//!    speed there; a disc still moving goes through the next substep's stage 1 in the same
//!    pass, so that stage 1 only schedules the stops when the substeps follow each other.
//!
//! Each stage is a method of [`Solver`] in its module, with its own unit tests; with
//! [`World::set_profiling`](crate::World::set_profiling) the time spent in each is counted
//! ([`StepProfile`]), which the benches report stage by stage.

mod broadphase;
mod drift;
mod events;
mod fixed;
mod friction;
mod impulse;
mod predict;
mod prefetch;
mod queue;

use std::time::{Duration, Instant};

pub(crate) use broadphase::NONE;
use broadphase::Near;
use friction::{Prepared, SlideCtx};
use prefetch::prefetch;
use queue::Queue;

use impulse::Contact;

use crate::{DiscStatus, EventSink, Table};

/// In the step, two surfaces closer than this (metres) are in contact.
pub(crate) const SLOP_M: f64 = 1e-9;
/// A contact whose normal approach speed is below this (m/s) is not an impact.
pub(crate) const APPROACH_EPS: f64 = 1e-9;
/// Events within this fraction of the substep of the earliest one are resolved together.
pub(crate) const WINDOW_REL: f64 = 1e-9;
/// Below this many (moving × on-table) disc pairs a substep re-predicts a disc whose path
/// changed against every disc directly, not through the grid (a carrom or Novuss break),
/// and not through the pair list either when at most one disc moved at the substep's start
/// or a disc became faster than any then (see `Solver::events`).
pub(crate) const BRUTE_FORCE_PAIRS: usize = 1024;
/// Safety margin (metres) of the broadphase's distance bounds, far above rounding error.
pub(crate) const NEAR_MARGIN_M: f64 = 1e-7;
/// A world with at most this many pairs of discs on the table lists them all in the
/// broadphase (a carrom break has 190, a Novuss break 136), so that the list is built once
/// instead of whenever a disc may have crossed the skin.
pub(crate) const COMPLETE_PAIRS: usize = 512;
/// In a small world (see [`BRUTE_FORCE_PAIRS`]) with at most this many moving discs, stage 3
/// tests the moving discs against every disc instead of walking the pair list. Zero since
/// the pair dues of 2 Dec 2026 made a lone moving disc cheaper through the list (the Novuss
/// break's puck alone for 622 substeps: -20 % instructions for the break); the direct path
/// stays as a tuning that the tests run (`how_pairs_are_found_never_changes_what_is_computed`).
pub(crate) const DIRECT_MOVERS: usize = 0;
/// In a world of more discs than this, stage 4 asks for what a round's re-predictions will
/// read before it needs it, so that the cache misses overlap (`events::warm_changed`, with
/// the pair index of the next rounds' discs since the sixth sitting); stage 3 lists its due
/// pairs first and asks for each pair's entry and records ahead of its test
/// (`predict::near_pairs_ahead`, decided at the pair list's build), and the pair tests of a
/// list whose discs all have one radius take the sum from the build. Since the tenth
/// sitting the requests are prefetches ([`prefetch()`]), the first dues of a build ask for
/// records ahead too, and the drift keeps the moving list in index order
/// (`drift::merge_tail`). It pays
/// where the world outgrows the last-level cache (scene (c) at N = 262,144: 3 to 17 % less
/// CPU time in five alternated sittings); at 16,384 and 65,536 discs it measured neither gain
/// nor loss, and in smaller worlds, whose discs stay in the caches, it would only cost
/// instructions.
pub(crate) const WARM_DISCS: usize = 16_384;
/// Projected Gauss-Seidel iteration cap for a round with several contacts.
pub(crate) const PGS_MAX_ITERS: usize = 500;
/// The sweep of projected Gauss-Seidel from which a sweep that moves no velocity ends the
/// round's solve (`impulse::compress`). The breaks' rounds end by the tolerance within 34
/// sweeps (the carrom formation's first rounds, up to 19 contacts; most take 2), so they never
/// pay for the watch's few instructions an update.
pub(crate) const PGS_WATCH_FROM: usize = 64;

/// Safety cap of rounds per substep: this many plus [`ROUND_CAP_PER_MOVING`] per moving disc.
/// An inelastic collapse reaches it every substep and then costs up to seconds a step
/// (docs/physics.md, "What a step can cost"); a cap of 2,000 plus 100 was tried on 5 Dec 2026
/// and dropped, because it left a crowd that this cap resolves overlapping by 0.1 mm.
pub(crate) const ROUND_CAP: u64 = 10_000;

/// The rounds each moving disc adds to [`ROUND_CAP`].
pub(crate) const ROUND_CAP_PER_MOVING: u64 = 1_000;

/// Counters of the solver's work since the world was built (diagnostics).
///
/// # Examples
///
/// ```
/// use disc_physics::{scenes, NoEvents};
/// let mut world = scenes::novuss_break();
/// let run = world.run_to_rest(&mut NoEvents);
/// let stats = world.stats();
/// assert_eq!(stats.substeps, run.steps); // one substep per step by default
/// assert!(stats.impacts > 0);
/// assert_eq!(stats.capped_substeps, 0);
/// ```
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
    /// Pairs listed by the broadphase builds, in all (over `broadphase_builds`: pairs per
    /// build; a measure of the broadphase's work that does not depend on the machine).
    pub broadphase_pairs: u64,
    /// Pair tests in stage 3 (listed pairs found due; over the substeps and discs: the tests
    /// per disc and substep).
    pub pair_tests: u64,
    /// Substeps that hit the round cap and drifted without resolving the remaining events: a
    /// safety valve that never fires in the benchmark scenes or the games' breaks, but does in
    /// an inelastic collapse (`an_inelastic_collapse_in_a_box_is_bounded_by_the_round_cap` in
    /// `tests/limits.rs`; docs/physics.md, "What a step can cost").
    pub capped_substeps: u64,
}

impl SolverStats {
    /// Every counter at most [`limits::MAX_COUNT`](crate::limits::MAX_COUNT), the most a
    /// snapshot holds. The solver counts on past it (from a world read in at the limit; a
    /// world built new would need centuries), and reports and writes the limit.
    #[must_use]
    pub(crate) fn saturated(self) -> SolverStats {
        let at_most = |c: u64| c.min(crate::limits::MAX_COUNT);
        SolverStats {
            substeps: at_most(self.substeps),
            rounds: at_most(self.rounds),
            impacts: at_most(self.impacts),
            multi_contact_rounds: at_most(self.multi_contact_rounds),
            broadphase_builds: at_most(self.broadphase_builds),
            broadphase_pairs: at_most(self.broadphase_pairs),
            pair_tests: at_most(self.pair_tests),
            capped_substeps: at_most(self.capped_substeps),
        }
    }
}

/// Time spent in each stage of the step since profiling was switched on
/// ([`World::set_profiling`](crate::World::set_profiling)), measured with the monotonic
/// clock around each stage of every substep. Reading the clock costs tens of nanoseconds, so a
/// profiled run is slower than an unprofiled one; the split between the stages is what it is
/// for. Profiling never changes what the solver computes.
///
/// # Examples
///
/// ```
/// use disc_physics::{scenes, NoEvents};
/// let mut world = scenes::novuss_break();
/// assert!(world.profile().is_none()); // off by default
/// world.set_profiling(true);
/// for _ in 0..10 {
///     world.step(&mut NoEvents);
/// }
/// let profile = world.profile().ok_or("profiling is on")?;
/// assert_eq!(profile.substeps, 10);
/// let first_three = profile.friction + profile.broadphase + profile.prediction;
/// assert_eq!(profile.total(), first_three + profile.events + profile.drift);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepProfile {
    /// Substeps profiled.
    pub substeps: u64,
    /// Stage 1, friction and the lists of moving discs: when the drift of the substep before
    /// did them ahead (substeps that follow each other), only the scheduling of the stops.
    pub friction: Duration,
    /// Stage 2, the broadphase (grid and pair list builds).
    pub broadphase: Duration,
    /// Stage 3, the first predictions of the substep.
    pub prediction: Duration,
    /// Stage 4, the event rounds: impulses and re-predictions.
    pub events: Duration,
    /// Stage 5, the drift to the end of the substep, with the next substep's stage 1 for the
    /// discs still moving.
    pub drift: Duration,
}

impl StepProfile {
    /// The time of all five stages (at most [`Duration::MAX`]: a profile built by hand whose
    /// stages add up to more saturates rather than panicking).
    #[must_use]
    pub fn total(&self) -> Duration {
        self.friction
            .saturating_add(self.broadphase)
            .saturating_add(self.prediction)
            .saturating_add(self.events)
            .saturating_add(self.drift)
    }
}

const KIND_POCKET: u8 = 0;
const KIND_CUSHION: u8 = 1;
const KIND_DISC: u8 = 2;
/// A disc's stop: its speed reaches zero under friction alone.
const KIND_REST: u8 = 3;
/// The end of the stretch of a fast disc's path that its last look covered
/// ([`Near::enter_late`](broadphase::Near::enter_late)): it is entered again where it is, and
/// looked for its pairs along the next stretch. Changes no disc.
const KIND_HORIZON: u8 = 4;

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

/// The friction deceleration `a` = μg (0 without friction).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Motion {
    a: f64,
    /// `a / 2`.
    half_a: f64,
}

impl Motion {
    fn new(a: f64) -> Motion {
        Motion { a, half_a: 0.5 * a }
    }

    /// Whether a disc of speed `s` stops within time `tau` (`a τ ≥ s`).
    #[inline(always)]
    fn stops_within(&self, s: f64, tau: f64) -> bool {
        self.a * tau >= s
    }

    /// The time a disc of speed `s` takes to stop, `s / a`.
    #[inline]
    fn stop_time(&self, s: f64) -> f64 {
        s / self.a
    }
}

/// The unit direction and the speed of a velocity; `(0, 0, 0)` for a zero velocity or one
/// slower than the smallest normal `f64`. A component of the direction below the normal
/// range is zero (see [`normal_or_zero`]).
///
/// A velocity whose squared length falls below the normal range (below about 1.5e-154
/// m/s) is scaled by 2^600 first, exactly: its squares lost most of their bits, so the
/// direction came out up to 0.1 % off unit and its world's snapshot did not read back (fuzz
/// finding `physics_world`, 4 Dec 2026: a disc added at 2.1e-161 m/s). Every other velocity
/// gives the same bits as before.
#[inline]
pub(crate) fn direction_speed(vx: f64, vy: f64) -> (f64, f64, f64) {
    let q = vx * vx + vy * vy;
    if q >= f64::MIN_POSITIVE {
        let s = q.sqrt();
        (normal_or_zero(vx / s), normal_or_zero(vy / s), s)
    } else if vx == 0.0 && vy == 0.0 {
        (0.0, 0.0, 0.0)
    } else {
        tiny_direction_speed(vx, vy)
    }
}

/// [`direction_speed`] of a velocity whose squared length is below the normal range:
/// [`Vec2::length`](crate::Vec2::length) and [`Vec2::normalized`](crate::Vec2::normalized),
/// which scale such a vector by a power of two first.
#[cold]
#[inline(never)]
fn tiny_direction_speed(vx: f64, vy: f64) -> (f64, f64, f64) {
    let v = crate::Vec2::new(vx, vy);
    let s = v.length();
    match v.normalized() {
        Some(u) if s >= f64::MIN_POSITIVE => (normal_or_zero(u.x), normal_or_zero(u.y), s),
        _ => (0.0, 0.0, 0.0),
    }
}

/// `x`, or zero of its sign when `x` is subnormal. Every input is zero or normal
/// ([`crate::limits::plain`]), but products of accepted tiny components can fall below the
/// normal range (a direction `(1, 1e-300)` meeting another disc); the state a step leaves
/// (directions, positions, speeds) and the events' speeds go through this, so that a world's
/// snapshot and its events always read back (fuzz finding `physics_world`, 2 Dec 2026). Zero
/// and normal values pass unchanged, bit for bit.
#[inline(always)]
pub(crate) fn normal_or_zero(x: f64) -> f64 {
    if x.abs() < f64::MIN_POSITIVE {
        0.0f64.copysign(x)
    } else {
        x
    }
}

/// The per-disc fields that every stage reads or writes, together in one 64-byte record (one
/// cache line), so that a pass over the moving discs or a pair test touches one line per disc
/// and one base address instead of eight arrays.
///
/// Between steps a disc's state is its position `(px, py)`, its unit direction `(ux, uy)` and
/// its speed `s` (at rest both exactly zero); its velocity is `s · (ux, uy)`. Within a
/// substep a disc moves at the constant velocity `(vx, vy)`, the chord of its sliding path
/// (stage 1), from its position at local time `tl`, and `s` already holds its speed at the
/// substep's end.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C, align(64))]
pub(crate) struct Kin {
    pub(crate) px: f64,
    pub(crate) py: f64,
    /// The velocity within the current substep (zero at rest).
    pub(crate) vx: f64,
    pub(crate) vy: f64,
    pub(crate) ux: f64,
    pub(crate) uy: f64,
    pub(crate) s: f64,
    /// Local time within the current substep at which the position holds (0 between steps).
    pub(crate) tl: f64,
}

/// Two small per-disc fields of stage 4, together in one 8-byte record: for each disc whose
/// path changes, stage 4 reads and writes both (and the drift reads the path mark of a disc
/// stage 4 touched), so that in a world larger than the caches (scene (c) at N = 262,144)
/// they are one miss at a random place instead of two, in two pages. Fields read for every
/// moving disc or every partner keep arrays of their own ([`Discs::fixed_due`], the touched
/// and round marks of [`Scratch`]): the drift's stream reads no more bytes a disc, and 8 bytes
/// (not 16) keep a record's address one scaled index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(8))]
pub(crate) struct Tag {
    /// The disc's version: raised whenever its path changes or it leaves or comes back to the
    /// table, so that the events predicted before are recognised as stale.
    pub(crate) version: u32,
    /// The substep's mark ([`Scratch::mark`]) for a disc whose path stage 4 changed: its
    /// speed `s` then holds the speed at the substep's end (otherwise the speed at its start,
    /// until the drift). 0 for a new disc (no substep's mark is 0).
    path: u32,
}

/// Per-disc data in creation order: the hot kinematic fields as one array of [`Kin`], stage
/// 4's small fields as one of [`Tag`], the rest as arrays of their own.
#[derive(Clone, Debug, Default)]
pub(crate) struct Discs {
    pub(crate) k: Vec<Kin>,
    pub(crate) tag: Vec<Tag>,
    /// The substep (counted as [`SolverStats::substeps`]) from which stage 1 looks again for
    /// anything fixed the disc may reach: before it, what the disc slides on its path cannot
    /// reach a cushion, wall or pocket (stage 1's scratch; 0, at once, after any change of its
    /// path).
    fixed_due: Vec<u64>,
    pub(crate) r: Vec<f64>,
    pub(crate) m: Vec<f64>,
    pub(crate) im: Vec<f64>,
    pub(crate) on: Vec<bool>,
    pub(crate) status: Vec<DiscStatus>,
    /// The radius, mass and inverse mass of every disc, when all have the same bits (as in
    /// scene (c), a world of one kind of disc; `None` from the first disc that differs, for
    /// good). Stage 4 reads an event's discs' radii and masses through [`Discs::radius`],
    /// [`Discs::mass`] and [`Discs::inv_mass`], which take them from here when set: in a
    /// world larger than the caches each array read at a round's random disc is a miss of
    /// its own (the same values, so the same bits).
    pub(crate) same: Option<(f64, f64, f64)>,
    /// Tests' counter: the records [`Discs::unadvance`] gave back.
    #[cfg(test)]
    pub(crate) unadvanced: u64,
}

/// The discs [`Discs::push`] makes room for at the first disc: a table game's world (the
/// carrom board's 20, Novuss's 21) is then built with one allocation an array, where growing
/// by doubling from four took five (a world built for every stroke made some 30 allocations
/// on its discs' arrays alone). Capacity never changes a result.
const FIRST_CAPACITY: usize = 32;

impl Discs {
    /// Appends a disc at `p` moving along the unit direction `(ux, uy)` at speed `s` (both
    /// zero at rest).
    pub(crate) fn push(
        &mut self,
        p: (f64, f64),
        (ux, uy, s): (f64, f64, f64),
        r: f64,
        m: f64,
        status: DiscStatus,
    ) {
        if self.k.capacity() == 0 {
            self.reserve(FIRST_CAPACITY);
        }
        self.k.push(Kin {
            px: p.0,
            py: p.1,
            ux,
            uy,
            s,
            ..Kin::default()
        });
        self.fixed_due.push(0);
        self.tag.push(Tag::default());
        let im = 1.0 / m;
        self.same = if self.r.is_empty() {
            Some((r, m, im))
        } else {
            self.same.filter(|&(r0, m0, im0)| {
                r0.to_bits() == r.to_bits()
                    && m0.to_bits() == m.to_bits()
                    && im0.to_bits() == im.to_bits()
            })
        };
        self.r.push(r);
        self.m.push(m);
        self.im.push(im);
        self.on.push(status == DiscStatus::OnTable);
        self.status.push(status);
    }

    /// Room for `n` more discs in every array.
    fn reserve(&mut self, n: usize) {
        self.k.reserve(n);
        self.tag.reserve(n);
        self.fixed_due.reserve(n);
        self.r.reserve(n);
        self.m.reserve(n);
        self.im.reserve(n);
        self.on.reserve(n);
        self.status.reserve(n);
    }

    /// Sets disc i's direction and speed from a velocity, between steps (at rest: both zero).
    #[inline]
    pub(crate) fn set_velocity(&mut self, i: usize, vx: f64, vy: f64) {
        let (ux, uy, s) = direction_speed(vx, vy);
        let k = &mut self.k[i];
        k.ux = ux;
        k.uy = uy;
        k.s = s;
        self.fixed_due[i] = 0;
    }

    /// Sets disc i at rest: direction, speed and substep velocity zero.
    #[inline]
    pub(crate) fn stop(&mut self, i: usize) {
        let k = &mut self.k[i];
        k.s = 0.0;
        k.ux = 0.0;
        k.uy = 0.0;
        k.vx = 0.0;
        k.vy = 0.0;
        self.fixed_due[i] = 0;
    }

    /// Disc i's radius.
    #[inline(always)]
    pub(crate) fn radius(&self, i: usize) -> f64 {
        match self.same {
            Some((r, _, _)) => r,
            None => self.r[i],
        }
    }

    /// Disc i's mass.
    #[inline(always)]
    pub(crate) fn mass(&self, i: usize) -> f64 {
        match self.same {
            Some((_, m, _)) => m,
            None => self.m[i],
        }
    }

    /// Disc i's inverse mass.
    #[inline(always)]
    pub(crate) fn inv_mass(&self, i: usize) -> f64 {
        match self.same {
            Some((_, _, im)) => im,
            None => self.im[i],
        }
    }

    /// Disc i's velocity between steps.
    #[inline]
    pub(crate) fn velocity(&self, i: usize) -> (f64, f64) {
        let k = &self.k[i];
        (k.ux * k.s, k.uy * k.s)
    }

    /// Disc i's position at substep time `t` (≥ its local time): the one formula every stage
    /// uses.
    #[inline(always)]
    fn pos_at(&self, i: usize, t: f64) -> (f64, f64) {
        self.k[i].pos_at(t)
    }

    /// [`Discs::advance`] in a round of stage 4: returns the record's position and local time
    /// before, if it moved, for [`Discs::unadvance`] (which the round notes only for a disc
    /// whose contact is no longer approaching: every disc of a contact changes its path).
    #[inline]
    fn advance_noting(&mut self, i: usize, t: f64) -> Option<(u32, [f64; 3])> {
        let k = &self.k[i];
        let before = (t - k.tl != 0.0).then_some((i as u32, [k.px, k.py, k.tl]));
        self.advance(i, t);
        before
    }

    /// Gives each disc of `kept` ([`Discs::advance_noting`]) that is on the table and not
    /// marked `mark` in `changed` (its path did not change in the round) its record's position
    /// and local time back, and empties `kept`. A disc's record then changes in a substep only
    /// where its path does, so that its position at any instant is computed from the record
    /// of its last change, as every prediction of its pairs since was: a pair's prediction
    /// has the same bits however late it is made, from the later of the two changes
    /// (`predict::Neighbours::predict_stretch`). (No scene of the benchmarks has such a
    /// disc: an event whose contact is no longer approaching.)
    #[inline]
    fn unadvance(&mut self, kept: &mut Vec<(u32, [f64; 3])>, changed: &[u32], mark: u32) {
        for (i, [px, py, tl]) in kept.drain(..) {
            let i = i as usize;
            if self.on[i] && changed[i] != mark {
                #[cfg(test)]
                {
                    self.unadvanced += 1;
                }
                let k = &mut self.k[i];
                k.px = px;
                k.py = py;
                k.tl = tl;
            }
        }
    }

    /// Brings disc i along its path to substep time `t` (≥ its local time).
    #[inline]
    fn advance(&mut self, i: usize, t: f64) {
        let k = &mut self.k[i];
        let dt = t - k.tl;
        if dt != 0.0 {
            k.px = normal_or_zero(k.px + k.vx * dt);
            k.py = normal_or_zero(k.py + k.vy * dt);
            k.tl = t;
        }
    }
}

impl Kin {
    /// The position at substep time `t` (≥ the local time): the one formula every stage uses
    /// (through [`Discs::pos_at`]).
    #[inline(always)]
    fn pos_at(&self, t: f64) -> (f64, f64) {
        let dt = t - self.tl;
        if dt == 0.0 {
            return (self.px, self.py);
        }
        (self.px + self.vx * dt, self.py + self.vy * dt)
    }
}

/// Geometry of an internal wall, precomputed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WallGeom {
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

/// Which discs were touched (brought to an instant) in the current substep: a disc whose
/// `mark` is the substep's mark is in `touched`.
#[derive(Clone, Debug, Default)]
struct Paths {
    mark: Vec<u32>,
    /// The discs marked in this substep, in the order first touched.
    touched: Vec<u32>,
}

impl Paths {
    /// Notes that disc i is brought to an instant within the substep, and makes stage 1 look
    /// again for the fixed things it may reach (`fixed_due`: 0, as after any change of its
    /// path). So the drift's long pass takes every disc brought to an instant out of its
    /// common case by the fixed due it reads anyway (`drift::keep_long`), without reading the
    /// mark of each disc.
    #[inline]
    fn keep(&mut self, i: usize, mark: u32, fixed_due: &mut [u64]) {
        fixed_due[i] = 0;
        if self.mark[i] != mark {
            self.mark[i] = mark;
            self.touched.push(i as u32);
        }
    }
}

/// A list of at most n items (n: the discs of the world) in a buffer sized once, written
/// through a cursor, so that the passes over the discs append without a capacity check.
#[derive(Clone, Debug, Default)]
pub(crate) struct Slots<T> {
    buf: Vec<T>,
    len: usize,
}

impl<T: Copy + Default> Slots<T> {
    /// Room for `n` items.
    #[inline]
    fn reserve(&mut self, n: usize) {
        if self.buf.len() < n {
            self.grow(n);
        }
    }

    /// Room for `n` items (once for a world's size: kept out of the passes' code).
    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) {
        self.buf.resize(n, T::default());
    }

    /// Appends `x` (the caller appends at most n items after a reset).
    #[inline]
    fn push(&mut self, x: T) {
        self.buf[self.len] = x;
        self.len += 1;
    }

    #[inline]
    fn as_slice(&self) -> &[T] {
        &self.buf[..self.len]
    }

    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Heap bytes held.
    fn capacity_bytes(&self) -> usize {
        size_of::<T>() * self.buf.capacity()
    }
}

/// The solver's reusable buffers (reserved once for the world's size, so a step allocates
/// nothing).
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    moving: Slots<u32>,
    /// How many discs stage 4 appended to the moving list since the drift last merged them
    /// into the list's index order (a large world's, `drift::merge_tail`): at most this many
    /// of its last entries are out of order.
    appended: usize,
    /// The moving list's second buffer, for that merge (room for every disc).
    moving_spare: Vec<u32>,
    fixed: Slots<u32>,
    /// Stage 1's discs that stop within the substep, with their speeds.
    stops: Slots<(u32, f64)>,
    /// The substep's mark for a disc of the moving list, written only when stage 3 reads it
    /// ([`Scratch::mark_moving_for`]), so that the passes over the moving discs do not write
    /// it.
    moving_mark: Vec<u32>,
    /// The substep's mark, for the marks of the moving list, the paths (touched discs) and
    /// the discs' tags ([`Tag`]'s path mark).
    mark: u32,
    /// The next substep's stage 1, when the drift has done it.
    prepared: Option<Prepared>,
    pub(crate) near: Near,
    paths: Paths,
    heap: Queue,
    round: Vec<Pending>,
    contacts: Vec<Contact>,
    changed: Vec<u32>,
    changed_mark: Vec<u32>,
    round_mark: u32,
    saved_v: Vec<(f64, f64)>,
    /// The round's discs brought to its instant for a contact no longer approaching
    /// ([`Discs::advance_noting`]), each with its record's position and local time before, so
    /// that a disc whose path the round does not change gets them back
    /// ([`Discs::unadvance`]).
    advanced: Vec<(u32, [f64; 3])>,
    /// The cost of each stage since profiling was switched on, if it is.
    profile: Option<StepProfile>,
}

impl Scratch {
    /// Advances the substep's mark (every mark given before, here and in the discs' `tags`,
    /// differs from it).
    #[inline(always)]
    fn next_mark(&mut self, tags: &mut [Tag]) {
        self.mark = self.mark.wrapping_add(1);
        if self.mark == 0 {
            self.moving_mark.iter_mut().for_each(|m| *m = 0);
            self.paths.mark.iter_mut().for_each(|m| *m = 0);
            tags.iter_mut().for_each(|t| t.path = 0);
            self.mark = 1;
        }
    }

    /// Marks the discs of the moving list with the substep's mark (`moving_mark`) when stage
    /// 3 reads the marks: when it tests the moving discs directly, few of them.
    #[inline]
    fn mark_moving_for(&mut self, sub: &Substep) {
        if sub.direct {
            for &i in self.moving.as_slice() {
                self.moving_mark[i as usize] = self.mark;
            }
        }
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
    /// The walls and pockets in a grid, when the table has many ([`fixed::FixedIndex`]).
    fixed: &'a fixed::FixedIndex,
}

/// What one substep's stages hand on to the next.
struct Substep {
    /// World time at the substep's start.
    ts: f64,
    /// World time at its end, computed as the next substep's start (or the step's end) is,
    /// so that an event at the end, `ts + h` rounded, is reported no later than one at the
    /// next substep's start: every event time is at most this.
    te: f64,
    /// The substep's length.
    h: f64,
    hx: f64,
    hy: f64,
    /// The largest squared speed after friction (below every one, from stage 2 on, when
    /// the pair list keeps fast discs apart: see `broadphase::KEPT_APART`).
    vmax2: f64,
    /// Re-predict a disc whose path changed against every disc (a small world).
    brute: bool,
    /// Stage 3 tests the few moving discs against every disc, without the pair list.
    direct: bool,
    /// How far any disc can be from where the grid has it, metres.
    dallow: f64,
    /// The largest squared speed so far in this substep.
    v_over2: f64,
}

/// The broadphase's choices: how the solver finds the pairs to test. They change how fast a
/// step is, never what it computes (every time of impact is a function of the two paths
/// alone; a unit test runs the same worlds under several tunings).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tuning {
    /// See [`BRUTE_FORCE_PAIRS`].
    pub(crate) brute_force_pairs: usize,
    /// See [`DIRECT_MOVERS`].
    pub(crate) direct_movers: usize,
    /// See [`COMPLETE_PAIRS`].
    pub(crate) complete_pairs: usize,
    /// The pair list's skin in largest radii (at least 2.5 times the fastest disc's travel).
    /// Two radii measured fewest instructions on scenes (a)-(c) (one to six tried, with the
    /// pairs' due substeps): a thinner skin rebuilds more often, a thicker one lists and
    /// re-predicts against more discs.
    pub(crate) skin_radii: f64,
    /// See [`WARM_DISCS`].
    pub(crate) warm_discs: usize,
    /// A batch of at least this many events is sorted when stage 4 starts (see
    /// [`queue::SETTLE`]); 0 sorts every batch, `usize::MAX` none (the tests compare the
    /// two).
    pub(crate) settle_events: usize,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            brute_force_pairs: BRUTE_FORCE_PAIRS,
            direct_movers: DIRECT_MOVERS,
            complete_pairs: COMPLETE_PAIRS,
            skin_radii: 2.0,
            warm_discs: WARM_DISCS,
            settle_events: queue::SETTLE,
        }
    }
}

/// The run loop's clock for steps run back to back by [`Solver::run_lean`]: after each step
/// the run goes on while `steps < max_steps` and `time_s − start < max_time_s` (the tests of
/// `World::run_to_rest`'s loop), the latter tested as `time_s < time_limit`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RunClock {
    /// World time, advanced by `dt_s` a step (as a step does: `t0 + dt_s`).
    pub(crate) time_s: f64,
    dt_s: f64,
    /// The least world time `t` with `t − start ≥ max_time_s` (see [`RunClock::new`]).
    pub(crate) time_limit: f64,
    /// Steps of the run so far.
    pub(crate) steps: u64,
    max_steps: u64,
    /// Whether every disc is at rest after the last step.
    pub(crate) at_rest: bool,
}

impl RunClock {
    /// The clock of a run that started at world time `start`, now at `time_s` after `steps`
    /// steps of `dt_s`; `None` if the run's time limit cannot be found (see below).
    ///
    /// `t − start` rounds monotonically in `t`, so the times at which the run goes on,
    /// `t − start < max_time_s`, are exactly those below the least `t` at which it does not:
    /// `time_limit`, found from `start + max_time_s` a few ulps at a time, so that each step
    /// tests one comparison with the same outcome.
    pub(crate) fn new(
        time_s: f64,
        dt_s: f64,
        (start, max_time_s): (f64, f64),
        (steps, max_steps): (u64, u64),
    ) -> Option<RunClock> {
        // (No value here is NaN: `start` and `max_time_s` are finite.)
        let stops = |t: f64| t - start >= max_time_s;
        let mut t = start + max_time_s;
        let mut walk = 0;
        while !stops(t) && walk < 64 {
            t = t.next_up();
            walk += 1;
        }
        while stops(t.next_down()) && walk < 64 {
            t = t.next_down();
            walk += 1;
        }
        (walk < 64 && t.is_finite()).then_some(RunClock {
            time_s,
            dt_s,
            time_limit: t,
            steps,
            max_steps,
            at_rest: false,
        })
    }

    /// One step more; whether the run goes on after it (unless the world is at rest).
    #[inline(always)]
    pub(super) fn tick(&mut self) -> bool {
        self.time_s += self.dt_s;
        self.steps += 1;
        (self.steps < self.max_steps) & (self.time_s < self.time_limit)
    }
}

/// The discs and everything the step keeps between calls; [`World`](crate::World) holds one
/// beside the table.
#[derive(Clone, Debug)]
pub(crate) struct Solver {
    pub(crate) walls: Vec<WallGeom>,
    /// The walls and pockets in a grid, when the table has more than a few.
    pub(crate) fixed: fixed::FixedIndex,
    pub(crate) d: Discs,
    /// The table's friction deceleration.
    pub(crate) mo: Motion,
    pub(crate) stats: SolverStats,
    /// The largest radius ever added.
    pub(crate) r_max: f64,
    /// Discs on the table.
    pub(crate) n_on: usize,
    pub(crate) s: Scratch,
    pub(crate) tuning: Tuning,
}

impl Solver {
    /// A solver for `table` with no discs.
    pub(crate) fn new(table: &Table) -> Solver {
        let walls: Vec<WallGeom> = table
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
        let fixed = fixed::FixedIndex::new(
            table.half_width_m(),
            table.half_height_m(),
            table.pockets(),
            &walls,
        );
        Solver {
            walls,
            fixed,
            mo: Motion::new(table.params().friction_decel_m_s2()),
            d: Discs::default(),
            stats: SolverStats::default(),
            r_max: 0.0,
            n_on: 0,
            s: Scratch::default(),
            tuning: Tuning::default(),
        }
    }

    /// Switches the stage profile on (from zero) or off.
    pub(crate) fn set_profiling(&mut self, on: bool) {
        self.s.profile = on.then(StepProfile::default);
    }

    /// The stage profile, if profiling is on.
    pub(crate) fn profile(&self) -> Option<StepProfile> {
        self.s.profile
    }

    /// One substep of length `h` from world time `ts` to `te` (see [`Substep::te`]); returns
    /// whether any disc is moving at its end.
    pub(crate) fn substep<S: EventSink>(
        &mut self,
        table: &Table,
        ts: f64,
        te: f64,
        h: f64,
        events: &mut S,
    ) -> bool {
        self.stats.substeps += 1;
        self.begin();
        if self.n_on == 0 {
            self.s.prepared = None;
            return false;
        }
        if self.s.profile.is_some() {
            return self.substep_profiled(table, ts, te, h, events);
        }
        let Some(mut sub) = self.friction(table, ts, te, h) else {
            return false;
        };
        self.broadphase(&mut sub);
        self.s.mark_moving_for(&sub);
        self.predict(table, &sub);
        // Most substeps have no event pending: no stage 4.
        if !self.s.heap.is_empty() {
            self.events(table, &mut sub, events);
        }
        self.drift(table, &sub)
    }

    /// Runs steps of one substep of length `run.dt_s` back to back while each is lean (see
    /// [`lean`](Self::lean)) and `run` goes on; returns how many ran (0 if the next is not
    /// lean) and sets `run.at_rest` after the last.
    ///
    /// A lean substep computes what [`substep`](Self::substep) computes, by the same stage
    /// functions, but skips what has nothing to do: stage 1 was done ahead with no stop and no
    /// disc near anything fixed, and stage 2 keeps the complete pair list, so the substep is
    /// stage 3's due pair tests if any pair is due ([`predict`](Self::predict)), then stage
    /// 4 if they found an event, and the drift. Most substeps of the breaks are lean, and most
    /// of those find no event: they are their drift alone, run back to back
    /// ([`drift::quiet_stretch`]). Called from the run loop, so that such steps pay neither the
    /// stages' set-up nor the loop's call of a step.
    #[inline(never)]
    pub(crate) fn run_lean<S: EventSink>(
        &mut self,
        table: &Table,
        run: &mut RunClock,
        events: &mut S,
    ) -> u64 {
        let h = run.dt_s;
        let mut ran = 0;
        // The moving discs' spread, when the last stretch ended with a block and nothing
        // changed the discs since (see `drift::quiet_stretch`).
        let mut known = None;
        while let Some(vmax2) = self.lean(h) {
            self.s.heap.clear();
            let started = self.s.near.next_due <= self.s.near.tick(self.stats.substeps + 1);
            if started {
                // Stage 3's pair tests, at the substep's start as `substep` and `begin` make
                // it (the buffers were sized by the substep before, whose drift did this
                // one's stage 1; a step's one substep starts at its time plus 0 h).
                self.stats.substeps += 1;
                self.s.next_mark(&mut self.d.tag);
                let ts = run.time_s + h * 0.0;
                // The end as `run.tick` computes the next step's start.
                let te = run.time_s + run.dt_s;
                let Some(mut sub) = self.friction(table, ts, te, h) else {
                    // (Not for a lean substep, which has moving discs.)
                    ran += 1;
                    run.tick();
                    run.at_rest = true;
                    break;
                };
                self.predict(table, &sub);
                if !self.s.heap.is_empty() {
                    // Stage 2 changes nothing stage 3 read (the complete list serves on,
                    // and stage 3 walks it): its values for stage 4.
                    self.broadphase(&mut sub);
                    self.events(table, &mut sub, events);
                    let moving = self.drift(table, &sub);
                    known = None;
                    ran += 1;
                    let go_on = run.tick();
                    if !moving {
                        run.at_rest = true;
                        break;
                    }
                    if !go_on {
                        break;
                    }
                    continue;
                }
            }
            // No stop, nothing fixed, no event: the substep's drift, and the quiet substeps
            // after it.
            let walls =
                drift::Cushions::new(table.half_width_m(), table.half_height_m(), self.r_max);
            let cx = SlideCtx::new(table, (&self.walls, &self.fixed), &self.mo, h, 0);
            let (k, go_on) = drift::quiet_stretch(
                &mut self.d,
                &mut self.s,
                (&mut self.stats.substeps, &mut known),
                (&cx, &walls),
                run,
                (vmax2, h),
                (started, self.tuning.direct_movers),
            );
            ran += k;
            if self.s.moving.is_empty() {
                // (Not after a quiet substep, in which no disc stops: it would have been
                // listed as a stop.)
                run.at_rest = true;
                break;
            }
            if !go_on {
                break;
            }
        }
        ran
    }

    /// Whether the next substep, of length `h`, is lean ([`run_lean`](Self::run_lean)): the
    /// drift of the substep before did its stage 1 (for the same length) with no disc that
    /// stops in it and none that may reach anything fixed (stage 1's stop and fixed lists are
    /// empty), and the pair list is the complete one (never rebuilt while it is valid) and
    /// stage 3 walks it (not the moving discs directly). Returns the substep's largest
    /// squared speed if so.
    #[inline(always)]
    fn lean(&self, h: f64) -> Option<f64> {
        let s = &self.s;
        let p = s.prepared?;
        let lean = (p.h.to_bits() == h.to_bits())
            & s.stops.is_empty()
            & s.fixed.is_empty()
            & (s.moving.len() > self.tuning.direct_movers)
            & s.near.valid
            & s.near.complete
            & (self.n_on != 0)
            & s.profile.is_none();
        lean.then_some(p.vmax2)
    }

    /// [`substep`](Self::substep), checking stage 1's lists (tests): a moving disc not listed
    /// for the fixed tests meets nothing fixed in the substep; and after stage 4 every disc on
    /// the table that moves is on the moving list, no disc twice (the drift would carry it
    /// twice).
    #[cfg(test)]
    pub(crate) fn substep_checking_the_lists(&mut self, table: &Table, ts: f64, te: f64, h: f64) {
        self.stats.substeps += 1;
        self.begin();
        if self.n_on == 0 {
            self.s.prepared = None;
            return;
        }
        let Some(mut sub) = self.friction(table, ts, te, h) else {
            return;
        };
        let ctx = Ctx {
            hx: sub.hx,
            hy: sub.hy,
            h,
            window: h * WINDOW_REL,
            table,
            walls: &self.walls,
            fixed: &self.fixed,
        };
        let mut fixed = vec![false; self.d.k.len()];
        for &i in self.s.fixed.as_slice() {
            fixed[i as usize] = true;
        }
        let mut found = Queue::default();
        for &i in self.s.moving.as_slice() {
            if !fixed[i as usize] {
                predict::predict_fixed(&ctx, &self.d, &mut found, i as usize, 0.0);
                assert!(found.is_empty(), "disc {i} not listed, meets {found:?}");
            }
        }
        self.broadphase(&mut sub);
        self.s.mark_moving_for(&sub);
        self.predict(table, &sub);
        if !self.s.heap.is_empty() {
            self.events(table, &mut sub, &mut crate::NoEvents);
        }
        let mut listed = vec![false; self.d.k.len()];
        for &i in self.s.moving.as_slice() {
            assert!(!listed[i as usize], "disc {i} listed twice");
            listed[i as usize] = true;
        }
        for (i, k) in self.d.k.iter().enumerate() {
            let moves = k.s != 0.0 || k.vx != 0.0 || k.vy != 0.0;
            assert!(
                !self.d.on[i] || !moves || listed[i],
                "disc {i} moves, not listed"
            );
        }
        self.drift(table, &sub);
    }

    /// [`substep`](Self::substep)'s stages with the clock read around each.
    #[inline(never)]
    fn substep_profiled<S: EventSink>(
        &mut self,
        table: &Table,
        ts: f64,
        te: f64,
        h: f64,
        events: &mut S,
    ) -> bool {
        let mut start = Instant::now();
        let mut lap = |s: &mut Scratch, field: fn(&mut StepProfile) -> &mut Duration| {
            let now = Instant::now();
            if let Some(p) = s.profile.as_mut() {
                *field(p) += now - start;
            }
            start = now;
        };
        let sub = self.friction(table, ts, te, h);
        lap(&mut self.s, |p| &mut p.friction);
        let moving = if let Some(mut sub) = sub {
            self.broadphase(&mut sub);
            self.s.mark_moving_for(&sub);
            lap(&mut self.s, |p| &mut p.broadphase);
            self.predict(table, &sub);
            lap(&mut self.s, |p| &mut p.prediction);
            if !self.s.heap.is_empty() {
                self.events(table, &mut sub, events);
            }
            lap(&mut self.s, |p| &mut p.events);
            let moving = self.drift(table, &sub);
            lap(&mut self.s, |p| &mut p.drift);
            moving
        } else {
            false
        };
        if let Some(p) = self.s.profile.as_mut() {
            p.substeps += 1;
        }
        moving
    }

    /// Sizes the per-disc marks and paths for the discs there are, advances the substep's
    /// mark, and reserves the buffers once for the world's size.
    #[inline]
    fn begin(&mut self) {
        let n = self.d.k.len();
        let s = &mut self.s;
        if s.moving_mark.len() < n {
            s.moving_mark.resize(n, 0);
            s.changed_mark.resize(n, 0);
            s.paths.mark.resize(n, 0);
            // Stage 1's lists: room for every disc, which its passes take as given.
            s.moving.reserve(n);
            s.moving_spare.resize(n, 0);
            s.fixed.reserve(n);
            s.stops.reserve(n);
        }
        s.next_mark(&mut self.d.tag);
        // Stage 1 (or the drift before it) empties and fills the moving, fixed and stop lists.
        s.heap.clear();
        if s.paths.touched.capacity() < n {
            // Reserve once for the world's size, generously, so that later steps reuse the
            // buffers without growing them.
            s.paths.touched.reserve(n);
            s.heap.reserve(2 * n + 256);
            s.round.reserve(64);
            s.contacts.reserve(64);
            s.changed.reserve(64);
            s.saved_v.reserve(64);
            s.advanced.reserve(64);
            let r_min = self.d.r.iter().copied().fold(f64::INFINITY, f64::min);
            let skin = self.tuning.skin_radii * self.r_max;
            s.near.reserve(n, n, self.r_max, r_min, skin);
        }
    }

    /// Bytes of heap the scratch buffers hold (capacity).
    pub(crate) fn scratch_capacity_bytes(&self) -> usize {
        let s = &self.s;
        s.moving.capacity_bytes()
            + s.fixed.capacity_bytes()
            + s.stops.capacity_bytes()
            + 4 * (s.moving_mark.capacity()
                + s.changed.capacity()
                + s.changed_mark.capacity()
                + s.paths.mark.capacity()
                + s.paths.touched.capacity())
            + s.near.capacity_bytes()
            + size_of::<Pending>() * (s.heap.capacity() + s.round.capacity())
            + size_of::<Contact>() * s.contacts.capacity()
            + 16 * s.saved_v.capacity()
    }

    /// Marks the broadphase stale (a disc was added or moved between steps), and the next
    /// substep's stage 1 with it.
    pub(crate) fn invalidate_broadphase(&mut self) {
        self.s.near.valid = false;
        self.forget_prepared();
    }

    /// Drops the next substep's stage 1 that the drift did (a disc changed between steps), so
    /// that the next substep does it over every disc.
    pub(crate) fn forget_prepared(&mut self) {
        self.s.prepared = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn push(d: &mut Discs, r: f64, m: f64) {
        d.push((0.0, 0.0), (0.0, 0.0, 0.0), r, m, DiscStatus::OnTable);
    }

    /// A round gives back the records of the discs it brought to its instant whose paths
    /// it did not change (a contact no longer approaching), so that a disc's record changes
    /// in a substep only with its path; a disc whose path changed, or that left the table,
    /// keeps its new record, and a disc already at the instant notes nothing.
    #[test]
    fn a_round_gives_back_the_records_of_discs_whose_paths_it_did_not_change() {
        let mut d = Discs::default();
        for k in 0..4 {
            push(&mut d, 0.02, 0.005);
            d.k[k].vx = 1.0 + k as f64;
            d.k[k].vy = -0.5;
            d.k[k].px = 0.1 * k as f64;
            d.k[k].tl = 0.0;
        }
        let before: Vec<Kin> = d.k.clone();
        let mut kept = Vec::new();
        for k in 0..4 {
            kept.extend(d.advance_noting(k, 0.003));
        }
        assert_eq!(kept.len(), 4);
        // A disc at the instant already: nothing to give back.
        assert_eq!(d.advance_noting(0, 0.003), None);
        // Disc 1's path changed (marked), disc 2 left the table.
        let (mut changed, mark) = (vec![0u32; 4], 7);
        changed[1] = mark;
        d.on[2] = false;
        d.unadvance(&mut kept, &changed, mark);
        assert!(kept.is_empty());
        assert_eq!(d.unadvanced, 2);
        for k in [0, 3] {
            assert_eq!(
                (d.k[k].px.to_bits(), d.k[k].py.to_bits(), d.k[k].tl),
                (before[k].px.to_bits(), before[k].py.to_bits(), 0.0),
                "disc {k}"
            );
        }
        for k in [1, 2] {
            assert_eq!(d.k[k].tl, 0.003, "disc {k}");
            assert_eq!(d.k[k].px, before[k].px + before[k].vx * 0.003, "disc {k}");
        }
    }

    /// `Discs::same` holds while every disc has the first's radius and mass, bit for bit,
    /// and is gone for good once one differs; the accessors give each disc's own values
    /// either way.
    #[test]
    fn one_radius_and_mass_for_all_is_kept_only_while_every_disc_has_them() {
        let mut d = Discs::default();
        assert_eq!(d.same, None);
        push(&mut d, 0.02, 0.005);
        push(&mut d, 0.02, 0.005);
        assert_eq!(d.same, Some((0.02, 0.005, 1.0 / 0.005)));
        // The same radius, another mass (and so another inverse mass).
        let mut mass = d.clone();
        push(&mut mass, 0.02, 0.015);
        assert_eq!(mass.same, None);
        push(&mut mass, 0.02, 0.005);
        assert_eq!(
            mass.same, None,
            "a later disc like the first does not bring it back"
        );
        // Another radius, the same mass.
        let mut radius = d.clone();
        push(&mut radius, 0.0201, 0.005);
        assert_eq!(radius.same, None);
        // -0.0 and 0.0 compare equal but are other bits: not the same.
        let mut zero = Discs::default();
        push(&mut zero, 0.0, 1.0);
        push(&mut zero, -0.0, 1.0);
        assert_eq!(zero.same, None);
        for w in [&d, &mass, &radius] {
            for i in 0..w.k.len() {
                assert_eq!(w.radius(i).to_bits(), w.r[i].to_bits());
                assert_eq!(w.mass(i).to_bits(), w.m[i].to_bits());
                assert_eq!(w.inv_mass(i).to_bits(), w.im[i].to_bits());
            }
        }
    }
}
