//! Stage 5: drift. Every disc that moved in the substep is carried to the substep's end at
//! its velocity, clamped inside the cushions (with exact times of impact the clamp moves a
//! disc by rounding error at most), and every disc touched in the substep gets its local clock
//! back to 0. A disc's speed at the end was set by stage 1 or by its last impact.

use super::{Kin, Solver, Substep, normal_or_zero};

impl Solver {
    /// Stage 5. Returns whether any disc still moves.
    #[inline]
    pub(super) fn drift(&mut self, sub: &Substep) -> bool {
        let s = &mut self.s;
        let d = &mut self.d;
        let n = d.k.len();
        let moving = drift_pass(
            Drift {
                k: &mut d.k[..n],
                r: &d.r[..n],
                on: &d.on[..n],
            },
            s.moving.as_slice(),
            sub.hx,
            sub.hy,
            sub.h,
        );
        // Every disc touched in the substep is at the substep's end now (a disc at rest was
        // only brought to an instant): between steps every local time is 0.
        for &i in &s.paths.touched {
            d.k[i as usize].tl = 0.0;
        }
        s.paths.touched.clear();
        // Every disc moved at most h times the largest speed it had in this substep.
        s.near.disp += sub.h * sub.v_over2.sqrt();
        moving
    }
}

/// The per-disc arrays stage 5 reads and writes, cut to one length.
struct Drift<'a> {
    k: &'a mut [Kin],
    r: &'a [f64],
    on: &'a [bool],
}

/// Stage 5: every disc of `moving` still on the table is carried from its local time to the
/// end of the substep (clamped inside the cushions); one whose speed at the end is zero is
/// left at rest (direction and velocity zero). Returns whether any disc still moves.
fn drift_pass(k: Drift<'_>, moving: &[u32], hx: f64, hy: f64, h: f64) -> bool {
    let n = k.k.len();
    let (kin, on, rad) = (&mut k.k[..n], &k.on[..n], &k.r[..n]);
    let mut any = false;
    for &iu in moving {
        let i = iu as usize;
        if !on[i] {
            continue;
        }
        let ki = &mut kin[i];
        let dt = h - ki.tl;
        let r = rad[i];
        ki.px = normal_or_zero(clamp(ki.px + ki.vx * dt, -hx + r, hx - r));
        ki.py = normal_or_zero(clamp(ki.py + ki.vy * dt, -hy + r, hy - r));
        // A speed below the normal range is a stop.
        if ki.s >= f64::MIN_POSITIVE {
            any = true;
        } else {
            ki.s = 0.0;
            ki.ux = 0.0;
            ki.uy = 0.0;
            ki.vx = 0.0;
            ki.vy = 0.0;
        }
    }
    any
}

/// `x` limited to `[lo, hi]` (`lo <= hi`), as `f64::clamp` but without its check.
#[inline(always)]
fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    let x = if x < lo { lo } else { x };
    if x > hi { hi } else { x }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drift_carries_each_moving_disc_from_its_local_time_and_clamps_it_inside() {
        let h = 0.001;
        let px = [0.0, 0.48, 0.1, -0.2, 0.0];
        let vx = [1.0, 20.0, 0.5, 0.0, -0.1];
        let vy = [-2.0, 0.0, 0.0, 0.0, 0.0];
        // Disc 2 was brought to t = 0.4 ms by an event; disc 3 is off the table; disc 4
        // ends the substep at rest.
        let sp = [2.0, 20.0, 0.5, 0.0, 0.0];
        let tl = [0.0, 0.0, 0.0004, 0.0, 0.0];
        let mut k: Vec<Kin> = (0..5)
            .map(|i| Kin {
                px: px[i],
                py: 0.0,
                vx: vx[i],
                vy: vy[i],
                ux: 1.0,
                uy: 0.0,
                s: sp[i],
                tl: tl[i],
            })
            .collect();
        let r = [0.01; 5];
        let on = [true, true, true, false, true];
        let any = drift_pass(
            Drift {
                k: &mut k,
                r: &r,
                on: &on,
            },
            &[0, 1, 2, 3, 4],
            0.5,
            0.5,
            h,
        );
        assert!(any);
        assert_eq!((k[0].px, k[0].py), (0.001, -0.002));
        // 0.48 + 2 cm would cross x = 0.5 - r: clamped.
        assert_eq!(k[1].px, 0.49);
        assert_eq!(k[2].px, 0.1 + 0.5 * (0.001 - 0.0004));
        assert_eq!(k[3].px, -0.2);
        assert_eq!((k[4].px, k[4].ux, k[4].vx), (-0.0001, 0.0, 0.0));
    }
}
