//! Stage 5: drift. Every disc that moved in the substep is carried to the substep's end at
//! its velocity, clamped inside the cushions (with exact times of impact the clamp moves a
//! disc by rounding error at most), gets its speed at the end (stage 4's when its path
//! changed, its slide's otherwise), and every disc touched in the substep gets its local clock
//! back to 0. A disc still moving then gets the next substep's stage 1 in the same pass
//! ([`slide`]), so that each moving disc is visited once per substep.

use super::friction::{ListBufs, Prepared, SlideCtx, slide};
use super::{Discs, Kin, Scratch, Solver, Substep, normal_or_zero};
use crate::Table;

impl Solver {
    /// Stage 5, with the next substep's stage 1. Returns whether any disc still moves.
    /// Inlined into the substep (a call and set-up a substep saved; the pass itself is not).
    #[inline(always)]
    pub(super) fn drift(&mut self, table: &Table, sub: &Substep) -> bool {
        // The next substep's stage 1.
        let next = SlideCtx::new(table, &self.walls, &self.mo, sub.h, self.stats.substeps + 1);
        // The disc records and the scratch go by reference: the pass reads their fields
        // itself (no argument records written and read back every substep).
        let vmax2 = drift_pass(&mut self.d, &mut self.s, &next, (sub.hx, sub.hy));
        let (s, d) = (&mut self.s, &mut self.d);
        s.prepared = Some(Prepared { h: sub.h, vmax2 });
        // Every disc touched in the substep is at the substep's end now (a disc at rest was
        // only brought to an instant): between steps every local time is 0.
        for &i in &s.paths.touched {
            d.k[i as usize].tl = 0.0;
        }
        s.paths.touched.clear();
        // Every disc moved at most h times the largest speed it had in this substep.
        s.near.disp += sub.h * sub.v_over2.sqrt();
        !s.moving.is_empty()
    }
}

/// Stage 5: every disc of the moving list (`s.moving`) still on the table is carried from its
/// local time to the end of the substep (clamped inside the cushions) and given its speed at
/// the end; one whose speed at the end is zero is left at rest (direction and velocity zero),
/// one still moving goes through the next substep's stage 1 into the lists: the moving list is
/// filtered in place. Returns the next substep's largest squared speed.
///
/// A disc stage 4 touched (brought to an instant: taken off the table, given a new path or
/// moved to a local time other than 0) has `s.paths.mark` equal to `s.mark`; one whose path it
/// changed has `s.path_mark` equal to `s.mark` too (its speed `s` is then the one at the
/// substep's end).
fn drift_pass(d: &mut Discs, s: &mut Scratch, cx: &SlideCtx<'_>, (hx, hy): (f64, f64)) -> f64 {
    let mark = s.mark;
    let n = d.k.len();
    // Cut to one length: no bounds checks per disc after its record's.
    let (kin, on, rad) = (&mut d.k[..n], &d.on[..n], &d.r[..n]);
    let (fixed_due, path_mark, touched_mark) =
        (&mut d.fixed_due[..n], &s.path_mark[..n], &s.paths.mark[..n]);
    let out = ListBufs {
        moving: &mut s.moving,
        fixed: &mut s.fixed,
        stops: &mut s.stops,
    };
    out.refill(|to, listed| {
        for at in 0..listed {
            let i = to.moving_at(at) as usize;
            let ki = &mut kin[i];
            let r = rad[i];
            // Carried from its local time to the end; its speed at the end (`None`: it stops).
            let end = if touched_mark[i] != mark {
                // Untouched by stage 4 (most discs): on the table, at local time 0, on the
                // path stage 1 gave it (`h - 0` is `h`).
                carry(ki, cx.h, r, (hx, hy));
                cx.end_speed(ki.s)
            } else if !on[i] {
                continue;
            } else {
                carry(ki, cx.h - ki.tl, r, (hx, hy));
                if path_mark[i] == mark {
                    // Stage 4's speed at the end: one below the normal range is a stop.
                    Some(ki.s).filter(|&s| s >= f64::MIN_POSITIVE)
                } else {
                    cx.end_speed(ki.s)
                }
            };
            if let Some(s) = end {
                ki.s = s;
                slide(i, ki, s, &mut fixed_due[i], r, to, cx);
            } else {
                ki.s = 0.0;
                ki.ux = 0.0;
                ki.uy = 0.0;
                ki.vx = 0.0;
                ki.vy = 0.0;
            }
        }
    })
}

/// Carries disc `k` of radius `r` over the time `dt` at its velocity, clamped inside the
/// cushions `(hx, hy)`.
#[inline(always)]
fn carry(k: &mut Kin, dt: f64, r: f64, (hx, hy): (f64, f64)) {
    k.px = normal_or_zero(clamp(k.px + k.vx * dt, -hx + r, hx - r));
    k.py = normal_or_zero(clamp(k.py + k.vy * dt, -hy + r, hy - r));
}

/// `x` limited to `[lo, hi]` (`lo <= hi`), as `f64::clamp` but without its check.
#[inline(always)]
fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    let x = if x < lo { lo } else { x };
    if x > hi { hi } else { x }
}

#[cfg(test)]
mod tests {
    use super::super::Motion;
    use super::*;
    use crate::{DiscStatus, PocketId, Table};

    #[test]
    fn drift_carries_each_moving_disc_to_the_end_and_prepares_the_next_substep() {
        let h = 0.001;
        let a = 0.1 * 9.81;
        let px = [0.0, 0.48, 0.1, -0.2, 0.0];
        let vx = [1.0, 20.0, 0.5, 0.0, -0.1];
        // Disc 2 was brought to t = 0.4 ms by an event that gave it a new path (mark 5: its
        // speed is the one at the end); disc 3 left the table in the substep (touched, mark
        // 5); disc 4 stops in the substep.
        let sp = [1.0, 20.0, 0.5, 0.0, 0.0001];
        let tl = [0.0, 0.0, 0.0004, 0.0, 0.0];
        let mut d = Discs::default();
        for i in 0..5 {
            let status = if i == 3 {
                DiscStatus::Pocketed(PocketId(0))
            } else {
                DiscStatus::OnTable
            };
            d.push((px[i], 0.0), (1.0, 0.0, sp[i]), 0.01, 1.0, status);
            d.k[i].vx = vx[i];
            d.k[i].vy = if i == 0 { -2.0 } else { 0.0 };
            d.k[i].tl = tl[i];
        }
        let mut s = Scratch {
            mark: 5,
            path_mark: vec![4, 4, 5, 4, 4],
            ..Scratch::default()
        };
        s.paths.mark = vec![4, 4, 5, 5, 4];
        let table = Table::new(0.5, 0.5).unwrap();
        let mo = Motion::new(table.params().friction_decel_m_s2());
        s.moving.reserve(5);
        s.fixed.reserve(5);
        s.stops.reserve(5);
        for i in 0..5 {
            s.moving.push(i);
        }
        let vmax2 = drift_pass(
            &mut d,
            &mut s,
            &SlideCtx::new(&table, &[], &mo, h, 6),
            (0.5, 0.5),
        );
        let k = &d.k;
        assert_eq!((k[0].px, k[0].py), (0.001, -0.002));
        // 0.48 + 2 cm would cross x = 0.5 - r: clamped.
        assert_eq!(k[1].px, 0.49);
        assert_eq!(k[2].px, 0.1 + 0.5 * (0.001 - 0.0004));
        assert_eq!(k[3].px, -0.2);
        assert_eq!(
            (k[4].px, k[4].ux, k[4].vx, k[4].s),
            (-0.0001, 0.0, 0.0, 0.0)
        );
        // The speeds at the end: friction's, or the event's for disc 2.
        assert_eq!((k[0].s, k[1].s, k[2].s), (1.0 - a * h, 20.0 - a * h, 0.5));
        // The next substep's stage 1: velocities and the lists.
        let c0 = (1.0 - a * h) - 0.5 * a * h;
        assert_eq!((k[0].vx, k[0].vy), (c0, 0.0));
        assert_eq!(k[2].vx, 0.5 - 0.5 * a * h);
        assert_eq!(s.moving.as_slice(), [0, 1, 2]);
        // Disc 1 against the right cushion is listed for the fixed tests.
        assert_eq!(s.fixed.as_slice(), [1]);
        assert!(s.stops.is_empty());
        let c1 = 20.0 - 1.5 * a * h;
        assert_eq!(vmax2, c1 * c1);
    }
}
