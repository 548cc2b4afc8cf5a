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

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::predict::push;
use super::{KIND_REST, Motion, Pending, SLOP_M, Solver, Substep, WallGeom};
use crate::{Pocket, Table};

impl Solver {
    /// Stage 1 for a substep of length `h` at world time `ts`. Returns what the later stages
    /// need, or `None` when no disc moves.
    #[inline]
    pub(super) fn friction(&mut self, table: &Table, ts: f64, h: f64) -> Option<Substep> {
        let hx = table.half_width_m();
        let hy = table.half_height_m();
        let reach = FixedReach {
            hx,
            hy,
            pocket_free_x: self.pocket_free.0,
            pocket_free_y: self.pocket_free.1,
            pockets: table.pockets(),
            walls: &self.walls,
        };
        let s = &mut self.s;
        s.fixed.clear();
        let d = &mut self.d;
        let n = d.px.len();
        let vmax2 = friction_pass(
            Kinematics {
                px: &d.px[..n],
                py: &d.py[..n],
                ux: &d.ux[..n],
                uy: &d.uy[..n],
                s: &mut d.s[..n],
                vx: &mut d.vx[..n],
                vy: &mut d.vy[..n],
                r: &d.r[..n],
                on: &d.on[..n],
                version: &d.version[..n],
            },
            &mut s.moving_mark[..n],
            s.mark,
            &mut s.moving,
            &mut s.fixed,
            &mut s.heap,
            &reach,
            &self.mo,
            h,
        );
        if s.moving.is_empty() {
            return None;
        }
        Some(Substep {
            ts,
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
    px: &'a [f64],
    py: &'a [f64],
    ux: &'a [f64],
    uy: &'a [f64],
    s: &'a mut [f64],
    vx: &'a mut [f64],
    vy: &'a mut [f64],
    r: &'a [f64],
    on: &'a [bool],
    version: &'a [u32],
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
pub(super) fn pocket_free(pockets: &[Pocket]) -> (f64, f64) {
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

/// Stage 1: every moving disc's velocity in the substep (its stop an event when it stops
/// within it) and its speed at the substep's end; the moving discs go to `moving` (marked),
/// those whose swept box may meet something fixed also to `fixed`. Returns the largest
/// squared speed in the substep (until a collision).
#[allow(clippy::too_many_arguments)]
fn friction_pass(
    k: Kinematics<'_>,
    moving_mark: &mut [u32],
    mark: u32,
    moving: &mut Vec<u32>,
    fixed: &mut Vec<u32>,
    heap: &mut BinaryHeap<Reverse<Pending>>,
    reach: &FixedReach<'_>,
    mo: &Motion,
    h: f64,
) -> f64 {
    let n = k.px.len();
    let (px, py, ux, uy) = (&k.px[..n], &k.py[..n], &k.ux[..n], &k.uy[..n]);
    let (sp, vx, vy) = (&mut k.s[..n], &mut k.vx[..n], &mut k.vy[..n]);
    let (on, rad, version) = (&k.on[..n], &k.r[..n], &k.version[..n]);
    let moving_mark = &mut moving_mark[..n];
    let ah = mo.a * h;
    let half_ah = mo.half_a * h;
    let mut vmax2 = 0.0f64;
    for i in 0..n {
        let s = sp[i];
        if !on[i] || s == 0.0 {
            continue;
        }
        let c = if mo.stops_within(s, h) {
            let at = mo.stop_time(s);
            push(
                heap,
                if at < h { at } else { h },
                KIND_REST,
                i as u32,
                0,
                version[i],
                0,
            );
            sp[i] = 0.0;
            0.5 * s
        } else {
            sp[i] = s - ah;
            s - half_ah
        };
        let (wx, wy) = (ux[i] * c, uy[i] * c);
        vx[i] = wx;
        vy[i] = wy;
        moving.push(i as u32);
        moving_mark[i] = mark;
        let (x, y) = (px[i], py[i]);
        if !reach.clear(x, y, x + wx * h, y + wy * h, rad[i]) {
            fixed.push(i as u32);
        }
        let c2 = c * c;
        if c2 > vmax2 {
            vmax2 = c2;
        }
    }
    vmax2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Vec2;

    #[test]
    fn friction_gives_each_disc_the_chord_of_its_slide_and_schedules_the_stops() {
        // Three discs: fast, about to stop, at rest; one off the table.
        let px = [0.0, 0.1, 0.2, 0.3];
        let py = [0.0; 4];
        let ux = [0.6, 1.0, 0.0, 1.0];
        let uy = [0.8, 0.0, 0.0, 0.0];
        let mut sp = [5.0, 0.0005, 0.0, 1.0];
        let (mut vx, mut vy) = ([0.0; 4], [0.0; 4]);
        let r = [0.01; 4];
        let on = [true, true, true, false];
        let version = [3u32; 4];
        let pockets = [Pocket {
            centre: Vec2::new(0.45, 0.45),
            radius_m: 0.04,
        }];
        let reach = FixedReach {
            hx: 0.5,
            hy: 0.5,
            pocket_free_x: pocket_free(&pockets).0,
            pocket_free_y: pocket_free(&pockets).1,
            pockets: &pockets,
            walls: &[],
        };
        let (mut moving, mut fixed, mut mark) = (vec![], vec![], vec![0u32; 4]);
        let mut heap = BinaryHeap::new();
        let mo = Motion::new(0.981);
        let h = 0.001;
        let vmax2 = friction_pass(
            Kinematics {
                px: &px,
                py: &py,
                ux: &ux,
                uy: &uy,
                s: &mut sp,
                vx: &mut vx,
                vy: &mut vy,
                r: &r,
                on: &on,
                version: &version,
            },
            &mut mark,
            7,
            &mut moving,
            &mut fixed,
            &mut heap,
            &reach,
            &mo,
            h,
        );
        // Disc 0 moves at s - a h / 2 (it slides h (s - a h / 2) in the substep) and ends at
        // s - a h.
        let c = 5.0 - 0.5 * 0.981 * h;
        assert_eq!((vx[0], vy[0]), (0.6 * c, 0.8 * c));
        assert_eq!(sp[0], 5.0 - 0.981 * h);
        assert_eq!(vmax2, c * c);
        // Disc 1 stops within the substep: s / 2 until s / a, a stop event then.
        assert_eq!((vx[1], sp[1]), (0.00025, 0.0));
        let Reverse(stop) = heap.pop().unwrap();
        assert_eq!((stop.kind, stop.a, stop.va), (KIND_REST, 1, 3));
        assert_eq!(f64::from_bits(stop.t), 0.0005 / 0.981);
        assert!(heap.is_empty());
        assert_eq!(moving, vec![0, 1]);
        assert_eq!((mark[0], mark[1], mark[2]), (7, 7, 0));
        // Nothing fixed within reach of either.
        assert!(fixed.is_empty());
    }

    #[test]
    fn the_reach_filter_keeps_every_disc_that_can_meet_something_fixed() {
        let pockets = [Pocket {
            centre: Vec2::new(0.45, 0.45),
            radius_m: 0.04,
        }];
        let reach = FixedReach {
            hx: 0.5,
            hy: 0.5,
            pocket_free_x: pocket_free(&pockets).0,
            pocket_free_y: pocket_free(&pockets).1,
            pockets: &pockets,
            walls: &[],
        };
        let r = 0.01;
        // Clear: the centre region.
        assert!(reach.clear(0.0, 0.0, 0.1, 0.05, r));
        // Reaching the right cushion (0.5 - r).
        assert!(!reach.clear(0.40, 0.0, 0.495, 0.0, r));
        // Towards the pocket (its circle's box), though clear of the cushions.
        assert!(!reach.clear(0.35, 0.35, 0.42, 0.42, r));
        // Along the pocket's row but outside its box.
        assert!(reach.clear(0.30, 0.0, 0.30, 0.30, r));
    }
}
