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
use super::{
    KIND_REST, Kin, Motion, NEAR_MARGIN_M, Pending, SLOP_M, Slots, Solver, Substep, WallGeom,
};
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
            pockets: table.pockets(),
            walls: &self.walls,
        };
        let s = &mut self.s;
        let d = &mut self.d;
        let n = d.k.len();
        let vmax2 = friction_pass(
            Kinematics {
                k: &mut d.k[..n],
                clear: &mut d.clear[..n],
                r: &d.r[..n],
                version: &d.version[..n],
            },
            &mut s.moving_mark[..n],
            s.mark,
            &mut s.moving,
            &mut s.fixed,
            &mut s.stops,
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
    k: &'a mut [Kin],
    clear: &'a mut [f64],
    r: &'a [f64],
    version: &'a [u32],
}

/// The fixed objects a disc may meet: the cushions, the walls and the pockets.
struct FixedReach<'a> {
    hx: f64,
    hy: f64,
    pockets: &'a [Pocket],
    walls: &'a [WallGeom],
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
        for p in self.pockets {
            let (qx, qy) = (x - p.centre.x, y - p.centre.y);
            l = l.min((qx * qx + qy * qy).sqrt() - p.radius_m - 2.0 * SLOP_M);
        }
        for w in self.walls {
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
            l = l.min((dx * dx + dy * dy).sqrt() - r - w.h - 2.0 * SLOP_M);
        }
        l - NEAR_MARGIN_M
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
    moving: &mut Slots<u32>,
    fixed: &mut Slots<u32>,
    stops: &mut Slots<(u32, f64)>,
    heap: &mut BinaryHeap<Reverse<Pending>>,
    reach: &FixedReach<'_>,
    mo: &Motion,
    h: f64,
) -> f64 {
    let n = k.k.len();
    // Appended through local cursors (each list has room for n).
    let (moved, fixed_near, stopped) = (
        &mut moving.buf[..n],
        &mut fixed.buf[..n],
        &mut stops.buf[..n],
    );
    let (mut n_moved, mut n_fixed, mut n_stopped) = (0, 0, 0);
    let kin = &mut k.k[..n];
    let (clear, rad, version) = (&mut k.clear[..n], &k.r[..n], &k.version[..n]);
    let moving_mark = &mut moving_mark[..n];
    let ah = mo.a * h;
    let half_ah = mo.half_a * h;
    let mut vmax2 = 0.0f64;
    for i in 0..n {
        let ki = &mut kin[i];
        // A disc off the table has speed zero.
        let s = ki.s;
        if s == 0.0 {
            continue;
        }
        let c = if mo.stops_within(s, h) {
            // Its stop is an event (pushed after the loop, which keeps the loop lean).
            stopped[n_stopped] = (i as u32, s);
            n_stopped += 1;
            ki.s = 0.0;
            0.5 * s
        } else {
            ki.s = s - ah;
            s - half_ah
        };
        let (dx, dy) = (ki.ux, ki.uy);
        ki.vx = dx * c;
        ki.vy = dy * c;
        moved[n_moved] = i as u32;
        n_moved += 1;
        moving_mark[i] = mark;
        // The distance it slides in the substep (at most), against what it may slide before
        // meeting anything fixed (0: not known, recomputed).
        let l = c * h;
        let mut room = clear[i];
        if room <= l {
            room = reach.clearance(ki.px, ki.py, dx, dy, rad[i]);
        }
        clear[i] = if room > l {
            room - l
        } else {
            fixed_near[n_fixed] = i as u32;
            n_fixed += 1;
            0.0
        };
        let c2 = c * c;
        if c2 > vmax2 {
            vmax2 = c2;
        }
    }
    moving.len = n_moved;
    fixed.len = n_fixed;
    stops.len = n_stopped;
    for &(i, s) in stops.as_slice() {
        let at = mo.stop_time(s);
        push(
            heap,
            if at < h { at } else { h },
            KIND_REST,
            i,
            0,
            version[i as usize],
            0,
        );
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
        let mut clear = [0.0; 4];
        let r = [0.01; 4];
        let version = [3u32; 4];
        let pockets = [Pocket {
            centre: Vec2::new(0.45, 0.45),
            radius_m: 0.04,
        }];
        let reach = FixedReach {
            hx: 0.5,
            hy: 0.5,
            pockets: &pockets,
            walls: &[],
        };
        let (mut moving, mut fixed, mut stops) =
            (Slots::default(), Slots::default(), Slots::default());
        moving.reset(4);
        fixed.reset(4);
        stops.reset(4);
        let (mut mark, mut heap) = (vec![0u32; 4], BinaryHeap::new());
        let mo = Motion::new(0.981);
        let h = 0.001;
        let vmax2 = friction_pass(
            Kinematics {
                k: &mut k,
                clear: &mut clear,
                r: &r,
                version: &version,
            },
            &mut mark,
            7,
            &mut moving,
            &mut fixed,
            &mut stops,
            &mut heap,
            &reach,
            &mo,
            h,
        );
        // Disc 0 moves at s - a h / 2 (it slides h (s - a h / 2) in the substep) and ends at
        // s - a h.
        let c = 5.0 - 0.5 * 0.981 * h;
        assert_eq!((k[0].vx, k[0].vy), (0.6 * c, 0.8 * c));
        assert_eq!(k[0].s, 5.0 - 0.981 * h);
        assert_eq!(vmax2, c * c);
        // Disc 1 stops within the substep: s / 2 until s / a, a stop event then.
        assert_eq!((k[1].vx, k[1].s), (0.00025, 0.0));
        let Reverse(stop) = heap.pop().unwrap();
        assert_eq!((stop.kind, stop.a, stop.va), (KIND_REST, 1, 3));
        assert_eq!(f64::from_bits(stop.t), 0.0005 / 0.981);
        assert!(heap.is_empty());
        assert_eq!(moving.as_slice(), [0, 1]);
        assert_eq!((mark[0], mark[1], mark[2]), (7, 7, 0));
        // Nothing fixed within reach of either. Disc 0 may slide 0.45 sqrt 2 - 0.04 m before
        // it can reach the pocket (nearer than the top cushion, 0.49 / 0.8 along its line),
        // less what it slid.
        assert!(fixed.is_empty());
        assert_eq!(stops.as_slice(), [(1, 0.0005)]);
        let room = 0.45 * 2f64.sqrt() - 0.04 - 2.0 * SLOP_M - NEAR_MARGIN_M;
        assert!((clear[0] - (room - c * h)).abs() < 1e-12, "{}", clear[0]);
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
