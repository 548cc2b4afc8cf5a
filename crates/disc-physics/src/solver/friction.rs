//! Stage 1: friction. Every moving disc loses speed μg·h, clamped at zero (an event when it
//! comes to rest); the discs still moving are listed, and among them those whose swept box
//! over the substep may meet a cushion, wall or pocket (the only ones stage 3 tests against
//! fixed objects).

use super::{DiscSlices, SLOP_M, Solver, Substep, WallGeom};
use crate::{DiscId, Event, EventKind, EventSink, Pocket, Table};

impl Solver {
    /// Stage 1 for a substep of length `h` at world time `ts`. Returns what the later stages
    /// need, or `None` when no disc moves.
    #[inline]
    pub(super) fn friction<S: EventSink>(
        &mut self,
        table: &Table,
        ts: f64,
        h: f64,
        events: &mut S,
    ) -> Option<Substep> {
        let n = self.d.px.len();
        let hx = table.half_width_m();
        let hy = table.half_height_m();
        let dec = table.params().friction_decel_m_s2() * h;
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
        let vmax2 = friction_pass(
            self.d.slices(n),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Vec2;

    #[test]
    fn friction_slows_each_disc_by_mu_g_h_and_stops_it_exactly() {
        // Three discs: fast, about to stop, at rest; one off the table.
        let mut px = [0.0, 0.1, 0.2, 0.3];
        let mut py = [0.0; 4];
        let mut vx = [3.0, 0.0005, 0.0, 1.0];
        let mut vy = [4.0, 0.0, 0.0, 0.0];
        let mut tl = [0.0; 4];
        let r = [0.01; 4];
        let on = [true, true, true, false];
        let mut version = [0u32; 4];
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
        let mut events = Vec::new();
        let dec = 0.981 * 0.001;
        let vmax2 = friction_pass(
            DiscSlices {
                px: &mut px,
                py: &mut py,
                vx: &mut vx,
                vy: &mut vy,
                tl: &mut tl,
                r: &r,
                on: &on,
                version: &mut version,
            },
            &mut mark,
            7,
            &mut moving,
            &mut fixed,
            &reach,
            dec,
            0.001,
            2.5,
            &mut events,
        );
        // |v| = 5 loses dec along its direction.
        let k = (5.0 - dec) / 5.0;
        assert_eq!((vx[0], vy[0]), (3.0 * k, 4.0 * k));
        assert_eq!(vmax2, vx[0] * vx[0] + vy[0] * vy[0]);
        // The slow one stopped exactly, with an event at the substep's start and a new
        // version; the one at rest and the one off the table are untouched.
        assert_eq!((vx[1], vy[1]), (0.0, 0.0));
        assert_eq!(version, [0, 1, 0, 0]);
        assert_eq!(
            events,
            vec![Event {
                time_s: 2.5,
                kind: EventKind::CameToRest { disc: DiscId(1) }
            }]
        );
        assert_eq!(moving, vec![0]);
        assert_eq!(mark[0], 7);
        // Disc 0 moves 5 mm from the centre: nothing fixed within reach.
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
