//! Stage 5: drift. Every disc that moved in the substep is carried to the substep's end,
//! clamped inside the cushions (with exact times of impact the clamp moves a disc by rounding
//! error at most), and every disc touched in the substep gets its local clock back to 0.

use super::{DiscSlices, Solver, Substep};

impl Solver {
    /// Stage 5. Returns whether any disc still moves.
    #[inline]
    pub(super) fn drift(&mut self, sub: &Substep) -> bool {
        let n = self.d.px.len();
        let s = &mut self.s;
        let d = &mut self.d;
        let v2 = drift_pass(d.slices(n), &s.moving, sub.hx, sub.hy, sub.h);
        // Every disc touched in the substep is at the substep's end now (a disc at rest was
        // only brought to an instant): between steps every local time is 0.
        for &i in &s.paths.touched {
            d.tl[i as usize] = 0.0;
        }
        s.paths.touched.clear();
        // Every disc moved at most h times the largest speed it had in this substep.
        s.near.disp += sub.h * sub.v_over2.sqrt();
        v2 > 0.0
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drift_carries_each_moving_disc_from_its_local_time_and_clamps_it_inside() {
        let mut px = [0.0, 0.48, 0.1, -0.2];
        let mut py = [0.0, 0.0, 0.1, 0.0];
        let vx = [1.0, 20.0, 0.5, 0.0];
        let vy = [-2.0, 0.0, 0.0, 0.0];
        // Disc 2 was brought to t = 0.4 ms by an event; disc 3 is off the table.
        let mut tl = [0.0, 0.0, 0.0004, 0.0];
        let r = [0.01; 4];
        let on = [true, true, true, false];
        let mut version = [0u32; 4];
        let mut vx_m = vx;
        let mut vy_m = vy;
        let v2 = drift_pass(
            DiscSlices {
                px: &mut px,
                py: &mut py,
                vx: &mut vx_m,
                vy: &mut vy_m,
                tl: &mut tl,
                r: &r,
                on: &on,
                version: &mut version,
            },
            &[0, 1, 2, 3],
            0.5,
            0.5,
            0.001,
        );
        assert_eq!((px[0], py[0]), (0.001, -0.002));
        // 0.48 + 2 cm would cross x = 0.5 - r: clamped.
        assert_eq!(px[1], 0.49);
        assert_eq!(px[2], 0.1 + 0.5 * (0.001 - 0.0004));
        assert_eq!(px[3], -0.2);
        assert_eq!(tl, [0.0; 4]);
        assert_eq!(v2, 400.0);
    }
}
