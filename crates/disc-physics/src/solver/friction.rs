//! Stage 1: friction. Every moving disc gets the constant velocity that carries it, in a
//! straight line over the substep, exactly where sliding under the constant deceleration
//! `a` = μg takes it: the chord of its path. From speed `s` it slides `h (s − a h / 2)` in a
//! substep of length h, so its velocity in the substep is `s − a h / 2` along its direction
//! and its speed at the end `s − a h`; or, when `s ≤ a h`, it stops after `s² / 2a` at
//! `s / a`, so it moves at `s / 2` until then and its stop is an event at that instant (its
//! `CameToRest` comes out in time order with the contacts). Free sliding is thus exact at
//! every substep's end and at the stop, whatever the time step (V1); within a substep the
//! disc keeps to the straight line of its path, ahead of or behind the exact timing by at most
//! `a h² / 8` (0.12 µm at 1 ms), and impulses act on the substep's velocity.
//!
//! The stage lists the moving discs, and among them those whose swept box over the substep
//! may meet a cushion, wall or pocket (the only ones stage 3 tests against fixed objects). No
//! square root or division per disc: a disc's direction and speed are kept, not its velocity.
//!
//! One pass per moving disc and substep: the drift (stage 5) of a substep does the next
//! substep's stage 1 for each disc it carries to the end ([`slide`] and [`glide`], the
//! functions that compute a disc's substep velocity, for the whole pass and the drift alike;
//! the drift's common path takes its chord from [`SlideCtx::slides_on`], which gives
//! `slide`'s value bit for bit), so a substep that follows another of the same length
//! finds its moving discs ready and only schedules their stops. A whole pass over the discs
//! runs only after something changed between steps (a disc added, struck, placed or removed)
//! or in a world's first substep; both compute the same values.
//! The speed a disc ends its substep with (`s − a h`, or zero) is written by the drift, so that
//! between steps `s` is what the API reads.

use super::fixed::{Fixed, FixedIndex};
use super::predict::push;
use super::{KIND_REST, Kin, Motion, NEAR_MARGIN_M, SLOP_M, Slots, Solver, Substep, WallGeom};
use crate::{Pocket, Table};

/// A substep's stage 1 done ahead, by the drift of the substep before it: the moving discs,
/// their lists and their velocities are in place (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Prepared {
    /// The substep length it was done for (a substep of another length does it again).
    pub(crate) h: f64,
    /// The largest squared speed of the moving discs in the substep.
    pub(crate) vmax2: f64,
}

impl Solver {
    /// Stage 1 for a substep of length `h` from world time `ts` to `te` (the next substep's
    /// `ts`, or the step's end: the events' times are kept within). Returns what the later stages
    /// need, or `None` when no disc moves. Inlined into the substep: when the drift did the
    /// stage ahead, its call and set-up were most of its cost.
    #[inline(always)]
    pub(super) fn friction(&mut self, table: &Table, ts: f64, te: f64, h: f64) -> Option<Substep> {
        let hx = table.half_width_m();
        let hy = table.half_height_m();
        let s = &mut self.s;
        let vmax2 = match s.prepared.take() {
            Some(p) if p.h.to_bits() == h.to_bits() => p.vmax2,
            _ => {
                let d = &mut self.d;
                let n = d.k.len();
                // The list is filled in index order.
                s.appended = 0;
                friction_pass(
                    Kinematics {
                        k: &mut d.k[..n],
                        fixed_due: &mut d.fixed_due[..n],
                        r: &d.r[..n],
                    },
                    &mut s.moving,
                    ListBufs {
                        fixed: &mut s.fixed,
                        stops: &mut s.stops,
                    },
                    &SlideCtx::new(
                        table,
                        (&self.walls, &self.fixed),
                        &self.mo,
                        h,
                        self.stats.substeps,
                    ),
                )
            }
        };
        // The stops, into the substep's event queue.
        let tag = &self.d.tag;
        for &(i, speed) in s.stops.as_slice() {
            let at = self.mo.stop_time(speed);
            push(
                &mut s.heap,
                if at < h { at } else { h },
                KIND_REST,
                i,
                0,
                tag[i as usize].version,
                0,
            );
        }
        if s.moving.is_empty() {
            return None;
        }
        Some(Substep {
            ts,
            te,
            h,
            hx,
            hy,
            vmax2,
            brute: false,
            direct: false,
            dallow: 0.0,
            v_over2: vmax2,
        })
    }
}

/// The per-disc arrays stage 1 reads and writes, cut to one length.
struct Kinematics<'a> {
    k: &'a mut [Kin],
    fixed_due: &'a mut [u64],
    r: &'a [f64],
}

/// The fixed objects a disc may meet: the cushions, the walls and the pockets.
pub(super) struct FixedReach<'a> {
    hx: f64,
    hy: f64,
    pockets: &'a [Pocket],
    walls: &'a [WallGeom],
    /// The walls and pockets in a grid, when the table has many.
    fixed: &'a FixedIndex,
}

impl FixedReach<'_> {
    /// How far a disc of radius `r` at (x, y) can slide along the unit direction (ux, uy)
    /// before it can meet a cushion, a wall or a pocket (a lower bound, less a margin): the
    /// distance along its line to each cushion's contact line, and the straight distance from
    /// its centre to each pocket circle and to each wall's reach. While the disc keeps its
    /// direction, what it slides is taken off this distance, so stage 3 tests a disc against
    /// the fixed objects only in the substeps where the distance runs out (a disc moving
    /// along a cushion or near a pocket, say) instead of every substep. Rarely needed, so
    /// kept out of stage 1's loop (which then keeps its values in registers).
    #[cold]
    #[inline(never)]
    fn clearance(&self, x: f64, y: f64, ux: f64, uy: f64, r: f64) -> f64 {
        // Within the slop of a contact line counts as touching it.
        let mut l = f64::INFINITY;
        let (gx, gy) = (self.hx - r - 2.0 * SLOP_M, self.hy - r - 2.0 * SLOP_M);
        if ux > 0.0 {
            l = l.min((gx - x) / ux);
        } else if ux < 0.0 {
            l = l.min((gx + x) / -ux);
        }
        if uy > 0.0 {
            l = l.min((gy - y) / uy);
        } else if uy < 0.0 {
            l = l.min((gy + y) / -uy);
        }
        if self.fixed.on {
            l = l.min(self.near_objects(x, y, r));
        } else {
            for p in self.pockets {
                l = l.min(to_pocket(p, x, y));
            }
            for w in self.walls {
                l = l.min(to_wall(w, x, y, r));
            }
        }
        l - NEAR_MARGIN_M
    }

    /// [`FixedReach::clearance`]'s walls and pockets through the index (out of line, so that a
    /// table without it keeps the clearance's registers): the least distance to those near
    /// `(x, y)`, and a bound for the others. A pocket is at least as far as its widened box,
    /// a wall's reach at least that less the disc's radius `r` (less a millionth for the
    /// roundings of the cells' edges). A lower bound, as the clearance is: a disc far from
    /// every object looks again sooner, and finds nothing.
    #[inline(never)]
    fn near_objects(&self, x: f64, y: f64, r: f64) -> f64 {
        let mut near = f64::INFINITY;
        let rest = self.fixed.near((x, y), |o| {
            near = near.min(match o {
                Fixed::Pocket(k) => to_pocket(&self.pockets[k], x, y),
                Fixed::Wall(k) => to_wall(&self.walls[k], x, y, r),
            });
        });
        near.min(rest * (1.0 - 1e-6) - r)
    }
}

/// The clearance of a disc's centre at `(x, y)` from pocket `p` (less `2 SLOP_M`).
#[inline(always)]
fn to_pocket(p: &Pocket, x: f64, y: f64) -> f64 {
    let (qx, qy) = (x - p.centre.x, y - p.centre.y);
    (qx * qx + qy * qy).sqrt() - p.radius_m - 2.0 * SLOP_M
}

/// The clearance of a disc of radius `r` at `(x, y)` from wall `w` (less `2 SLOP_M`).
#[inline(always)]
fn to_wall(w: &WallGeom, x: f64, y: f64, r: f64) -> f64 {
    let (ax, ay) = (x - w.ax, y - w.ay);
    let along = ax * w.tx + ay * w.ty;
    let along = if along < 0.0 {
        0.0
    } else if along > w.len {
        w.len
    } else {
        along
    };
    let (dx, dy) = (ax - along * w.tx, ay - along * w.ty);
    (dx * dx + dy * dy).sqrt() - r - w.h - 2.0 * SLOP_M
}

/// What stage 1 needs of a substep of length `h`: the fixed objects and the friction.
pub(super) struct SlideCtx<'a> {
    reach: FixedReach<'a>,
    mo: Motion,
    /// The substep's length.
    pub(super) h: f64,
    /// The substep, counted as [`SolverStats::substeps`](super::SolverStats::substeps).
    pub(super) now: u64,
    /// `a h`, the speed a disc loses in the substep.
    ah: f64,
    /// `a h / 2`, its substep velocity's shortfall of its speed at the start.
    half_ah: f64,
    /// `2 a h` (exact): a disc faster than this at a substep's start stops neither within it
    /// nor within the next (see [`slides_on`](Self::slides_on)).
    two_ah: f64,
}

impl SlideCtx<'_> {
    pub(super) fn new<'a>(
        table: &'a Table,
        (walls, fixed): (&'a [WallGeom], &'a FixedIndex),
        mo: &Motion,
        h: f64,
        now: u64,
    ) -> SlideCtx<'a> {
        SlideCtx {
            reach: FixedReach {
                hx: table.half_width_m(),
                hy: table.half_height_m(),
                pockets: table.pockets(),
                walls,
                fixed,
            },
            mo: *mo,
            h,
            now,
            ah: mo.a * h,
            half_ah: mo.half_a * h,
            two_ah: 2.0 * (mo.a * h),
        }
    }

    /// For a disc of radius `r` (its record `k`) moving at the chord speed `c` in this substep:
    /// how many substeps, from this one on, it can slide along its path without reaching
    /// anything fixed (0: it may reach something in this one). Its chord speed only falls
    /// along its path (by `a h` a substep, and to half its speed in the substep it stops), so
    /// it slides at most `c h` a substep, and `k` substeps of that fit within its
    /// [`clearance`](FixedReach::clearance) `L` when `k ≤ L / (c h)` (the clearance's margin is
    /// far above the rounding of the division). Rarely needed: out of line.
    #[cold]
    #[inline(never)]
    fn substeps_clear(&self, k: &Kin, r: f64, c: f64) -> u64 {
        let clear = self.reach.clearance(k.px, k.py, k.ux, k.uy, r);
        let substeps = clear / (c * self.h);
        // At least 1, or below 1 (NaN included: never for finite states) for none.
        if substeps >= 1.0 { substeps as u64 } else { 0 }
    }

    /// For a disc of speed `s` at the substep's start, undisturbed in it: when it stops
    /// neither within this substep nor within the next (the common case), its speed at the
    /// end `e = s − a h` and its chord speed in the next substep `e − a h / 2`, the values
    /// [`end_speed`](Self::end_speed) and [`slide`] give; otherwise `None`. One comparison,
    /// `s > 2 a h`, instead of their two, `s > a h` and `e > a h`, with the same outcome bit for
    /// bit: rounding is monotonic, so `s ≤ 2 a h` gives `fl(s − a h) ≤ fl(2 a h − a h) = a h`
    /// (it stops in one of the two), and `s > 2 a h` means `s ≥ 2 a h + ulp(2 a h)`, so
    /// `fl(s − a h) ≥ fl(a h + ulp(2 a h)) > a h` (and `s > a h`). The test
    /// `one_comparison_tells_a_disc_that_stops_in_neither_substep` checks it at the edges.
    #[inline(always)]
    pub(super) fn slides_on(&self, s: f64) -> Option<(f64, f64)> {
        if s > self.two_ah {
            let e = s - self.ah;
            Some((e, e - self.half_ah))
        } else {
            None
        }
    }

    /// Whether a disc of speed `s` at the substep's start stops neither within this substep
    /// nor within the next: [`slides_on`](Self::slides_on)'s test, `s > 2 a h`.
    #[inline(always)]
    pub(super) fn fast(&self, s: f64) -> bool {
        s > self.two_ah
    }

    /// [`slides_on`](Self::slides_on)'s values for a speed `s > 2 a h` (which a quiet block
    /// knows ahead, [`passes_sliding_on`](Self::passes_sliding_on)): the speed at the end
    /// `s − a h` and the next chord speed, by the same operations, without the test.
    #[inline(always)]
    pub(super) fn slide_on(&self, s: f64) -> (f64, f64) {
        debug_assert!(
            s > self.two_ah,
            "a disc in a quiet block stops within two substeps"
        );
        let e = s - self.ah;
        (e, e - self.half_ah)
    }

    /// A number of substeps such that a disc at speed `s` now, losing `a h` a substep
    /// (`s ← fl(s − a h)`, as [`slides_on`](Self::slides_on) computes it), is still faster
    /// than `2 a h` at the start of each of them (so each takes `slides_on`'s common path);
    /// 0 if `s ≤ 2 a h`. A lower bound without a loop, one division: each subtraction rounds
    /// by at most `u (s − a h) ≤ u s` (u = 2⁻⁵³), so after `j` substeps the speed is at
    /// least `s − j (a h + u s)`, above `2 a h` for every `j < Q = (s − 2 a h) / (a h + 2⁻⁵²
    /// s)`; the quotient `K` computed here, less 2⁻³⁰ of itself, rounds (three operations of
    /// relative error u each) to below `Q`, so every `j ≤ K` keeps the speed above `2 a h`:
    /// `K + 1` substeps. A slower disc (less `s`) reaches `2 a h` no later than a faster one
    /// (rounding is monotonic), so the slowest disc's bound holds for all. Once a block
    /// (rarely needed: out of line).
    #[inline(never)]
    pub(super) fn passes_sliding_on(&self, s: f64) -> u64 {
        /// 2⁻⁵², exact.
        const U2: f64 = f64::EPSILON;
        /// 1 − 2⁻³⁰, exact.
        const LESS: f64 = 1.0 - 1.0 / (1u64 << 30) as f64;
        if s > self.two_ah {
            let q = (s - self.two_ah) / (self.ah + s * U2);
            // (A large one saturates.)
            ((q * LESS) as u64).saturating_add(1)
        } else {
            0
        }
    }

    /// The speed at the substep's end of a disc that slid through it from speed `s` > 0
    /// undisturbed: `s − a h`, or `None` when it stops within it. A speed returned is in the
    /// normal range: within [`limits`](crate::limits) `a h` is (at least 10⁻¹⁹), and `s > a h`
    /// differs from it by at least an ulp of `a h`, far above `f64::MIN_POSITIVE`.
    #[inline(always)]
    pub(super) fn end_speed(&self, s: f64) -> Option<f64> {
        if self.mo.stops_within(s, self.h) {
            None
        } else {
            Some(s - self.ah)
        }
    }
}

/// The buffers of stage 1's lists of the discs near something fixed and of the stops (see
/// [`Lists`]).
pub(super) struct ListBufs<'a> {
    pub(super) fixed: &'a mut Slots<u32>,
    pub(super) stops: &'a mut Slots<(u32, f64)>,
}

impl ListBufs<'_> {
    /// Fills the lists with `pass` (through local cursors, which a loop keeps in registers);
    /// returns the largest squared speed. The buffers have room for every disc
    /// ([`Slots::reserve`]).
    #[inline(always)]
    pub(super) fn fill(self, pass: impl FnOnce(&mut Lists<'_>)) -> f64 {
        let ListBufs { fixed, stops } = self;
        let mut to = Lists::new(fixed, stops);
        pass(&mut to);
        let (n_fixed, n_stops, vmax2) = to.finish();
        fixed.len = n_fixed;
        stops.len = n_stops;
        vmax2
    }
}

/// Stage 1's lists of a substep (the moving discs near something fixed, the stops with their
/// speeds) appended through cursors into buffers with room for every disc, and the largest
/// squared speed. The moving list itself is the caller's: the whole pass builds it, the drift
/// keeps it and only drops the discs that stopped.
pub(super) struct Lists<'a> {
    fixed: &'a mut [u32],
    n_fixed: usize,
    stops: &'a mut [(u32, f64)],
    n_stops: usize,
    /// The largest substep (chord) speed: squared at the end, which gives the largest squared
    /// speed bit for bit (squaring is monotonic on speeds, which are never negative).
    vmax: f64,
}

impl<'a> Lists<'a> {
    /// Empty lists in these buffers, which have room for every disc (the substep's set-up
    /// sizes them once for the world's size: no check or cut per pass).
    #[inline(always)]
    fn new(fixed: &'a mut Slots<u32>, stops: &'a mut Slots<(u32, f64)>) -> Lists<'a> {
        Lists {
            fixed: &mut fixed.buf,
            n_fixed: 0,
            stops: &mut stops.buf,
            n_stops: 0,
            vmax: 0.0,
        }
    }

    /// Counts the chord speeds of a pass's discs whose largest is `vmax` in the largest
    /// speed (the largest of several is the same in any order).
    #[inline(always)]
    pub(super) fn widen(&mut self, vmax: f64) {
        self.vmax = faster(self.vmax, vmax);
    }

    /// The lengths of the two lists and the largest squared speed.
    #[inline(always)]
    fn finish(self) -> (usize, usize, f64) {
        (self.n_fixed, self.n_stops, self.vmax * self.vmax)
    }
}

/// Stage 1 for disc `i` (its record `k`), at speed `s` > 0 at the substep's start: its chord
/// speed in the substep (its stop listed when it stops within it), then [`glide`], which gives
/// it its velocity; used by the whole pass and by the drift alike (the drift's common path, a
/// disc that stops in neither substep, takes the same chord `s − a h / 2` from
/// [`SlideCtx::slides_on`] and goes to [`glide`] directly). Its speed `k.s` is left as it is
/// (the drift writes the speed at the end). The caller lists it as moving. `due`: the disc's
/// `fixed_due` and the substep it is for, counted as
/// [`SolverStats::substeps`](super::SolverStats::substeps) (`cx.now`, unless a caller runs
/// several substeps with one context).
#[inline(always)]
pub(super) fn slide(
    i: usize,
    k: &mut Kin,
    s: f64,
    due: (&mut u64, u64),
    r: &f64,
    to: &mut Lists<'_>,
    cx: &SlideCtx<'_>,
) {
    let c = if cx.mo.stops_within(s, cx.h) {
        // Its stop is an event (pushed at the substep's start, which keeps this lean).
        to.stops[to.n_stops] = (i as u32, s);
        to.n_stops += 1;
        0.5 * s
    } else {
        s - cx.half_ah
    };
    glide(i, k, c, due, r, to, cx);
}

/// Disc `i` (its record `k`, radius `r`, read only when needed) moves at the chord speed `c`
/// along its direction in the substep: its velocity, listed as near something fixed when what
/// it slides may reach it (looked at again only from its `fixed_due` substep on), and the
/// largest speed. `due`: as for [`slide`].
#[inline(always)]
pub(super) fn glide(
    i: usize,
    k: &mut Kin,
    c: f64,
    (fixed_due, now): (&mut u64, u64),
    r: &f64,
    to: &mut Lists<'_>,
    cx: &SlideCtx<'_>,
) {
    // Whether what it slides may reach anything fixed: known until its due substep.
    if *fixed_due <= now {
        let clear = cx.substeps_clear(k, *r, c);
        if clear > 0 {
            *fixed_due = now.saturating_add(clear);
        } else {
            // Within reach in this substep; looked at again in the next.
            to.fixed[to.n_fixed] = i as u32;
            to.n_fixed += 1;
        }
    }
    glide_clear(k, c, &mut to.vmax);
}

/// [`glide`] for a disc whose fixed due is later than the substep it is for (its clearance
/// is not looked at): its velocity at the chord speed `c` along its direction, and the
/// largest chord speed `vmax`.
#[inline(always)]
pub(super) fn glide_clear(k: &mut Kin, c: f64, vmax: &mut f64) {
    let (dx, dy) = (k.ux, k.uy);
    k.vx = dx * c;
    k.vy = dy * c;
    *vmax = faster(*vmax, c);
}

/// The larger of two chord speeds (a select, `maxsd`: no speed is NaN, so `f64::max`'s
/// value).
#[inline(always)]
fn faster(a: f64, b: f64) -> f64 {
    if a > b { a } else { b }
}

/// Stage 1 over every disc (see [`slide`]): the moving list built anew. Returns the largest
/// squared speed.
fn friction_pass(
    k: Kinematics<'_>,
    moving: &mut Slots<u32>,
    out: ListBufs<'_>,
    cx: &SlideCtx<'_>,
) -> f64 {
    let n = k.k.len();
    let kin = &mut k.k[..n];
    let (fixed_due, rad) = (&mut k.fixed_due[..n], &k.r[..n]);
    let listed = &mut moving.buf;
    let mut n_moving = 0;
    let vmax2 = out.fill(|to| {
        for i in 0..n {
            let ki = &mut kin[i];
            // A disc off the table has speed zero.
            let s = ki.s;
            if s == 0.0 {
                continue;
            }
            listed[n_moving] = i as u32;
            n_moving += 1;
            // Its path may have changed between steps: its clearance is looked at again.
            fixed_due[i] = 0;
            slide(i, ki, s, (&mut fixed_due[i], cx.now), &rad[i], to, cx);
        }
    });
    moving.len = n_moving;
    vmax2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Vec2;

    /// A world-free stage 1 over `k` on a 1 m table with a pocket at (0.45, 0.45), in
    /// substep 7: returns the largest squared speed and the moving, fixed and stop lists.
    #[allow(clippy::type_complexity)]
    fn stage1(
        k: &mut [Kin],
        fixed_due: &mut [u64],
        h: f64,
    ) -> (f64, Vec<u32>, Vec<u32>, Vec<(u32, f64)>) {
        let table = Table::new(0.5, 0.5)
            .and_then(|t| t.with_pocket(Vec2::new(0.45, 0.45), 0.04))
            .unwrap();
        let mo = Motion::new(table.params().friction_decel_m_s2());
        let r = vec![0.01; k.len()];
        let (mut moving, mut fixed, mut stops) =
            (Slots::default(), Slots::default(), Slots::default());
        moving.reserve(k.len());
        fixed.reserve(k.len());
        stops.reserve(k.len());
        let vmax2 = friction_pass(
            Kinematics {
                k,
                fixed_due,
                r: &r,
            },
            &mut moving,
            ListBufs {
                fixed: &mut fixed,
                stops: &mut stops,
            },
            &SlideCtx::new(&table, (&[], &super::super::fixed::OFF), &mo, h, 7),
        );
        (
            vmax2,
            moving.as_slice().to_vec(),
            fixed.as_slice().to_vec(),
            stops.as_slice().to_vec(),
        )
    }

    #[test]
    fn friction_gives_each_disc_the_chord_of_its_slide_and_lists_the_stops() {
        // Three discs: fast, about to stop, at rest; one off the table.
        let px = [0.0, 0.1, 0.2, 0.3];
        let ux = [0.6, 1.0, 0.0, 1.0];
        let uy = [0.8, 0.0, 0.0, 0.0];
        // Disc 3 is off the table: speed zero.
        let sp = [5.0, 0.0005, 0.0, 0.0];
        let mut k: Vec<Kin> = (0..4)
            .map(|i| Kin {
                px: px[i],
                ux: ux[i],
                uy: uy[i],
                s: sp[i],
                ..Kin::default()
            })
            .collect();
        // Disc 0's due is past (the whole pass looks again at every disc anyway).
        let mut due = [3, 0, 0, 0];
        let h = 0.001;
        let a = 0.1 * 9.81;
        let (vmax2, moving, fixed, stops) = stage1(&mut k, &mut due, h);
        // Disc 0 moves at s - a h / 2 (it slides h (s - a h / 2) in the substep); its speed
        // stays the one at the start until the drift gives it s - a h.
        let c = 5.0 - 0.5 * a * h;
        assert_eq!((k[0].vx, k[0].vy), (0.6 * c, 0.8 * c));
        assert_eq!(k[0].s, 5.0);
        assert_eq!(vmax2, c * c);
        // Disc 1 stops within the substep: s / 2 until s / a, its stop listed.
        assert_eq!((k[1].vx, k[1].s), (0.00025, 0.0005));
        assert_eq!(stops, [(1, 0.0005)]);
        assert_eq!(moving, [0, 1]);
        // Nothing fixed within reach of either. Disc 0 may slide 0.45 sqrt 2 - 0.04 m before
        // it can reach the pocket (nearer than the top cushion, 0.49 / 0.8 along its line):
        // that many substeps of c h (its chord only falls), from substep 7 on.
        assert!(fixed.is_empty());
        let room = 0.45 * 2f64.sqrt() - 0.04 - 2.0 * SLOP_M - NEAR_MARGIN_M;
        let substeps = (room / (c * h)).floor() as u64;
        assert!(substeps > 100);
        assert!(due[0].abs_diff(7 + substeps) <= 1, "{}", due[0]);
        assert!(due[0] as f64 - 7.0 <= room / (c * h));
        // Disc 1 stops within 0.13 mm: clear for thousands of substeps.
        assert!(due[1] > 7 + 1000);
    }

    #[test]
    fn a_disc_whose_slide_may_reach_the_pocket_is_listed_for_the_fixed_tests() {
        // 1 cm from the pocket's edge, at 20 m/s toward it: 2 cm in a substep of 1 ms.
        let mut k = [Kin {
            px: 0.45 - 0.05 / 2f64.sqrt(),
            py: 0.45 - 0.05 / 2f64.sqrt(),
            ux: 1.0 / 2f64.sqrt(),
            uy: 1.0 / 2f64.sqrt(),
            s: 20.0,
            ..Kin::default()
        }];
        let mut due = [0];
        let (_, moving, fixed, stops) = stage1(&mut k, &mut due, 0.001);
        assert_eq!((moving, fixed, stops), (vec![0], vec![0], vec![]));
        // Looked at again in the next substep.
        assert!(due[0] <= 8);
    }

    #[test]
    fn the_end_speed_is_the_start_speed_less_a_h_or_zero() {
        let table = Table::new(0.5, 0.5).unwrap();
        let mo = Motion::new(table.params().friction_decel_m_s2());
        let h = 0.001;
        let cx = SlideCtx::new(&table, (&[], &super::super::fixed::OFF), &mo, h, 0);
        let a = 0.1 * 9.81;
        assert_eq!(cx.end_speed(5.0), Some(5.0 - a * h));
        assert_eq!(cx.end_speed(a * h), None);
        assert_eq!(cx.end_speed(0.0005), None);
        // The smallest a h within the limits: a speed just above it ends in the normal range.
        let table = Table::new(0.5, 0.5)
            .and_then(|t| {
                t.with_params(crate::Params {
                    friction_mu: *crate::limits::FRICTION_MU.start(),
                    gravity_m_s2: *crate::limits::GRAVITY_M_S2.start(),
                    ..crate::Params::default()
                })
            })
            .unwrap();
        let mo = Motion::new(table.params().friction_decel_m_s2());
        let h = *crate::limits::DT_S.start() / f64::from(*crate::limits::SUBSTEPS.end());
        let cx = SlideCtx::new(&table, (&[], &super::super::fixed::OFF), &mo, h, 0);
        let ah = mo.a * h;
        let end = cx.end_speed(ah.next_up()).unwrap();
        assert!(end >= f64::MIN_POSITIVE && end.is_normal(), "{end:e}");
    }

    /// The (deceleration a, substep h) pairs the sliding tests run: the table's friction at
    /// 1 ms and 1/60 s, a h a power of two (where the spacing of the doubles changes) and not
    /// one, and the smallest a h within the limits.
    fn sliding_cases(table: &Table) -> [(f64, f64); 5] {
        let mu_g = table.params().friction_decel_m_s2();
        let smallest =
            (*crate::limits::FRICTION_MU.start()) * (*crate::limits::GRAVITY_M_S2.start());
        let h_min = *crate::limits::DT_S.start() / f64::from(*crate::limits::SUBSTEPS.end());
        [
            (mu_g, 0.001),
            (mu_g, 1.0 / 60.0),
            (1.0, 0.0009765625),
            (0.75, 1.0 / 3.0),
            (smallest, h_min),
        ]
    }

    #[test]
    fn a_block_s_bound_on_the_substeps_that_slide_on_holds_and_is_close() {
        // `passes_sliding_on` against the speeds themselves (`s ← s − a h` as `slides_on`
        // computes them): at least its bound of substeps start faster than 2 a h, and it
        // falls short of them by at most 1; near 2 a h and
        // for speeds up to ten thousand a h, for a h a power of two and not, the smallest
        // a h within the limits, and without friction (no substep stops: a bound far above
        // any block).
        let table = Table::new(0.5, 0.5).unwrap();
        let cases = sliding_cases(&table);
        let mut rng = crate::scenes::SplitMix64(0x51ed_2701_8c3a_44b5_u64);
        let mut next = move || rng.next_unit();
        let mut exact = 0;
        for (a, h) in cases {
            let mo = Motion::new(a);
            let cx = SlideCtx::new(&table, (&[], &super::super::fixed::OFF), &mo, h, 0);
            let ah = a * h;
            let mut speeds = vec![0.0, ah, 2.0 * ah, 3.0 * ah];
            let mut up = 2.0 * ah;
            for _ in 0..40 {
                speeds.push(up);
                up = up.next_up();
            }
            speeds.extend((0..300).map(|_| ah * (2.0 + 10.0 * next())));
            speeds.extend((0..100).map(|_| ah * (2.0 + 10_000.0 * next())));
            for s in speeds {
                let bound = cx.passes_sliding_on(s);
                // The substeps that start faster than 2 a h, one after another.
                let (mut v, mut sliding) = (s, 0u64);
                while v > cx.two_ah {
                    let (e, _) = cx.slides_on(v).unwrap();
                    v = e;
                    sliding += 1;
                }
                assert!(
                    bound <= sliding,
                    "a {a:e}, h {h:e}, s {s:e}: {bound} of {sliding}"
                );
                assert!(
                    bound + 1 >= sliding,
                    "a {a:e}, h {h:e}, s {s:e}: {bound} of {sliding}"
                );
                exact += usize::from(bound == sliding);
            }
        }
        assert!(exact > 1000, "{exact}");
        let mo = Motion::new(0.0);
        let cx = SlideCtx::new(&table, (&[], &super::super::fixed::OFF), &mo, 0.001, 0);
        assert!(cx.passes_sliding_on(1.0) > 1 << 40);
        assert_eq!(cx.passes_sliding_on(0.0), 0);
    }

    #[test]
    fn one_comparison_tells_a_disc_that_stops_in_neither_substep() {
        // `slides_on` against `end_speed` and `slide`'s own stop test, bit for bit: at the
        // edges (2 a h, a h and the ulps around them), for a h a power of two (the spacing of
        // the doubles changes there) and not, the smallest a h within the limits, and without
        // friction.
        let table = Table::new(0.5, 0.5).unwrap();
        let mu_g = table.params().friction_decel_m_s2();
        let [default_1ms, default_60, power_of_two, not_power, smallest] = sliding_cases(&table);
        let cases = [
            default_1ms,
            default_60,
            (mu_g, 1.0 / 6000.0),
            power_of_two,
            not_power,
            smallest,
            (0.0, 0.001),
        ];
        let mut rng = crate::scenes::SplitMix64(0x2545_f491_4f6c_dd1d_u64);
        let mut next = move || rng.next_unit();
        let mut went_on = 0;
        for (a, h) in cases {
            let mo = Motion::new(a);
            let cx = SlideCtx::new(&table, (&[], &super::super::fixed::OFF), &mo, h, 0);
            let ah = a * h;
            let mut speeds = vec![0.0, 1.0, 3.0];
            for edge in [2.0 * ah, ah] {
                let (mut up, mut down) = (edge, edge);
                for _ in 0..40 {
                    speeds.extend([up, down]);
                    up = up.next_up();
                    down = down.next_down();
                }
            }
            speeds.extend((0..2000).map(|_| 4.0 * ah * next()));
            for s in speeds.into_iter().filter(|&s| s > 0.0) {
                let want = match cx.end_speed(s) {
                    Some(e) if !mo.stops_within(e, h) => Some((e, e - mo.half_a * h)),
                    _ => None,
                };
                let got = cx.slides_on(s);
                let bits = |x: Option<(f64, f64)>| x.map(|(e, c)| (e.to_bits(), c.to_bits()));
                assert_eq!(bits(got), bits(want), "a {a:e}, h {h:e}, s {s:e}");
                went_on += usize::from(got.is_some());
            }
        }
        assert!(went_on > 5000, "{went_on}");
    }

    #[test]
    fn the_clearance_is_the_distance_to_the_nearest_fixed_object() {
        let pockets = [Pocket {
            centre: Vec2::new(0.45, 0.45),
            radius_m: 0.04,
        }];
        let walls = [WallGeom {
            ax: -0.2,
            ay: -0.3,
            bx: 0.2,
            by: -0.3,
            tx: 1.0,
            ty: 0.0,
            len: 0.4,
            h: 0.005,
        }];
        let reach = FixedReach {
            hx: 0.5,
            hy: 0.5,
            pockets: &pockets,
            walls: &walls,
            fixed: &super::super::fixed::OFF,
        };
        let r = 0.01;
        let m = NEAR_MARGIN_M + 2.0 * SLOP_M;
        // Towards the right cushion: 0.49 along the line, but the wall's reach is 0.285 below.
        let l = reach.clearance(0.0, 0.0, 1.0, 0.0, r);
        assert!((l - (0.3 - 0.005 - 0.01 - m)).abs() < 1e-15, "{l}");
        // Above the wall, moving up: the top cushion 0.49 - 0.15 = 0.34 along its line is
        // nearer than the pocket and the wall (0.45 - 0.015 behind it).
        let l = reach.clearance(0.0, 0.15, 0.0, 1.0, r);
        assert!((l - (0.34 - m)).abs() < 1e-15, "{l}");
        // Touching a cushion: no room at all.
        assert!(reach.clearance(0.49, 0.0, 0.0, 1.0, r) > 0.0);
        assert!(reach.clearance(0.49, 0.0, 1e-12, 1.0, r) < 0.0);
    }
}
