//! Stage 4's impulses: the contacts of one round, solved together. One contact by the
//! closed-form Newton law; several by projected Gauss-Seidel on the compression impulse λ
//! (to 10⁻¹⁵ relative, a rounding cycle or its sweep cap: [`compress`]), then Poisson
//! restitution e·λ, which for one contact is Newton's law and for several never adds energy
//! (for mixed coefficients a round that would gain energy is redone with the smaller one).

use super::{Discs, NONE, PGS_MAX_ITERS, PGS_WATCH_FROM};

const _: () = assert!(PGS_WATCH_FROM <= PGS_MAX_ITERS);

#[derive(Clone, Copy, Debug)]
pub(super) struct Contact {
    pub(super) i: u32,
    /// The other disc, or `NONE` for a cushion or wall.
    pub(super) j: u32,
    pub(super) cushion: u16,
    pub(super) nx: f64,
    pub(super) ny: f64,
    pub(super) kinv: f64,
    /// The inverse masses of disc `i` and of disc `j` (0 for a cushion or wall), read once.
    pub(super) im_i: f64,
    pub(super) im_j: f64,
    pub(super) e: f64,
    pub(super) lam: f64,
    pub(super) speed: f64,
}

#[inline]
fn rel_vn(d: &Discs, c: &Contact) -> f64 {
    let i = c.i as usize;
    let (mut wx, mut wy) = (d.k[i].vx, d.k[i].vy);
    if c.j != NONE {
        let j = c.j as usize;
        wx -= d.k[j].vx;
        wy -= d.k[j].vy;
    }
    wx * c.nx + wy * c.ny
}

#[inline]
fn apply(d: &mut Discs, c: &Contact, dl: f64) {
    let i = c.i as usize;
    let k = dl * c.im_i;
    d.k[i].vx += k * c.nx;
    d.k[i].vy += k * c.ny;
    if c.j != NONE {
        let j = c.j as usize;
        let k = dl * c.im_j;
        d.k[j].vx -= k * c.nx;
        d.k[j].vy -= k * c.ny;
    }
}

/// Resolves the contacts of one round: the compression impulse (closed form for one contact,
/// projected Gauss-Seidel for several), then Poisson restitution `e · λ`. Inlined into stage
/// 4 for its common case, one contact (about nine rounds in ten of scene (c)); several go
/// through [`solve_together`].
#[inline]
pub(super) fn solve(
    d: &mut Discs,
    contacts: &mut [Contact],
    involved: &[u32],
    saved: &mut Vec<(f64, f64)>,
) {
    if let [c] = contacts {
        let vn = rel_vn(d, c);
        c.lam = -vn * c.kinv;
        let total = (1.0 + c.e) * c.lam;
        apply(d, c, total);
    } else {
        solve_together(d, contacts, involved, saved);
    }
}

/// [`solve`] for several contacts: projected Gauss-Seidel on the compression, then Poisson
/// restitution (redone with the smallest coefficient if mixed ones gained energy).
#[inline(never)]
fn solve_together(
    d: &mut Discs,
    contacts: &mut [Contact],
    involved: &[u32],
    saved: &mut Vec<(f64, f64)>,
) {
    // The velocities and energy before are kept only where they may be needed: with mixed
    // coefficients.
    let mixed = contacts.iter().any(|c| c.e != contacts[0].e);
    saved.clear();
    let mut ke0 = 0.0;
    if mixed {
        for &i in involved {
            let i = i as usize;
            saved.push((d.k[i].vx, d.k[i].vy));
            ke0 += d.m[i] * (d.k[i].vx * d.k[i].vx + d.k[i].vy * d.k[i].vy);
        }
    }
    compress(d, contacts);
    for c in contacts.iter() {
        apply(d, c, c.e * c.lam);
    }
    if mixed {
        let mut ke1 = 0.0;
        for &i in involved {
            let i = i as usize;
            ke1 += d.m[i] * (d.k[i].vx * d.k[i].vx + d.k[i].vy * d.k[i].vy);
        }
        if ke1 > ke0 {
            // Mixed coefficients gained energy: use the smallest for all (never gains).
            let e_min = contacts.iter().map(|c| c.e).fold(1.0, f64::min);
            for (k, &i) in involved.iter().enumerate() {
                let i = i as usize;
                d.k[i].vx = saved[k].0;
                d.k[i].vy = saved[k].1;
            }
            for c in contacts.iter() {
                apply(d, c, (1.0 + e_min) * c.lam);
            }
        }
    }
}

/// The velocities [`apply`] may change for `c`: disc `i`'s, then disc `j`'s (zeros for a
/// cushion or wall).
#[inline]
fn velocities(d: &Discs, c: &Contact) -> [f64; 4] {
    let i = c.i as usize;
    let (jx, jy) = if c.j != NONE {
        let j = c.j as usize;
        (d.k[j].vx, d.k[j].vy)
    } else {
        (0.0, 0.0)
    };
    [d.k[i].vx, d.k[i].vy, jx, jy]
}

/// [`apply`], and whether it changed any velocity (an impulse below what a velocity's last
/// bit can show leaves it as it was).
#[inline]
fn apply_moved(d: &mut Discs, c: &Contact, dl: f64) -> bool {
    let before = velocities(d, c);
    apply(d, c, dl);
    before != velocities(d, c)
}

/// Projected Gauss-Seidel on the compression phase: λ ≥ 0, post normal velocity ≥ 0,
/// complementary. Leaves the velocities at the end of compression and λ in each contact.
///
/// It stops when the largest change of a sweep is within 10⁻¹⁵ of the largest λ, or, from
/// sweep [`PGS_WATCH_FROM`] on, when a sweep changed no velocity at all, or after
/// [`PGS_MAX_ITERS`] sweeps. A sweep that moves no velocity is a rounding cycle: the next
/// sweep would read the same velocities and find the same approach speeds, so every later
/// sweep would only move λ by amounts too small for any velocity to show, and the relative
/// tolerance alone never ends it (the Novuss break had one round that ran all 500 sweeps for
/// a change of five ulps of its λ; dense inelastic crowds had such rounds by the thousand).
/// Returns the sweeps it made.
fn compress(d: &mut Discs, contacts: &mut [Contact]) -> usize {
    for c in contacts.iter_mut() {
        c.lam = 0.0;
    }
    for n in 0..PGS_WATCH_FROM {
        if sweep::<false>(d, contacts) {
            return n + 1;
        }
    }
    for n in PGS_WATCH_FROM..PGS_MAX_ITERS {
        if sweep::<true>(d, contacts) {
            return n + 1;
        }
    }
    PGS_MAX_ITERS
}

/// One sweep of [`compress`] over the contacts; whether it ends the solve: its largest change
/// is within 10⁻¹⁵ of the largest λ, or (`WATCH`) it changed no velocity.
#[inline(always)]
fn sweep<const WATCH: bool>(d: &mut Discs, contacts: &mut [Contact]) -> bool {
    let mut moved = false;
    let mut max_dl = 0.0f64;
    let mut max_lam = 0.0f64;
    for c in contacts.iter_mut() {
        let vn = rel_vn(d, c);
        let new = c.lam - vn * c.kinv;
        let new = if new > 0.0 { new } else { 0.0 };
        let dl = new - c.lam;
        if dl != 0.0 {
            c.lam = new;
            if WATCH {
                moved |= apply_moved(d, c, dl);
            } else {
                apply(d, c, dl);
            }
        }
        // The largest change and impulse (as `f64::max`: no value here is NaN).
        if dl.abs() > max_dl {
            max_dl = dl.abs();
        }
        if new > max_lam {
            max_lam = new;
        }
    }
    max_dl <= 1e-15 * max_lam || (WATCH && !moved)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn discs(v: &[(f64, f64)], m: &[f64]) -> Discs {
        let mut d = Discs::default();
        for (k, &(vx, vy)) in v.iter().enumerate() {
            d.push(
                (0.0, 0.0),
                super::super::direction_speed(vx, vy),
                0.01,
                m[k],
                crate::DiscStatus::OnTable,
            );
            d.k[k].vx = vx;
            d.k[k].vy = vy;
        }
        d
    }

    fn contact(d: &Discs, i: u32, j: u32, e: f64) -> Contact {
        let kinv = 1.0 / (d.im[i as usize] + d.im[j as usize]);
        Contact {
            i,
            j,
            cushion: 0,
            nx: -1.0,
            ny: 0.0,
            kinv,
            im_i: d.im[i as usize],
            im_j: d.im[j as usize],
            e,
            lam: 0.0,
            speed: 0.0,
        }
    }

    #[test]
    fn one_contact_follows_newtons_law_for_unequal_masses() {
        // Disc 0 (15 g) at 2 m/s hits disc 1 (5.5 g) at rest; the normal points from 1 to 0.
        let (m1, m2, e) = (0.015, 0.0055, 0.9);
        let mut d = discs(&[(2.0, 0.0), (0.0, 0.0)], &[m1, m2]);
        let mut cs = [contact(&d, 0, 1, e)];
        solve(&mut d, &mut cs, &[0, 1], &mut Vec::new());
        let v1 = (m1 - e * m2) / (m1 + m2) * 2.0;
        let v2 = (1.0 + e) * m1 / (m1 + m2) * 2.0;
        assert!((d.k[0].vx - v1).abs() < 1e-12 && (d.k[1].vx - v2).abs() < 1e-12);
    }

    #[test]
    fn a_row_of_three_solved_together_conserves_momentum_and_never_gains_energy() {
        // 0 -> 1 -> 2 touching in a row along x, all 10 g, e = 1: Gauss-Seidel on the
        // compression, then restitution.
        let mut d = discs(&[(1.0, 0.0), (0.0, 0.0), (0.0, 0.0)], &[0.01; 3]);
        let mut cs = [contact(&d, 0, 1, 1.0), contact(&d, 1, 2, 1.0)];
        let ke = |d: &Discs| (0..3).map(|i| d.m[i] * d.k[i].vx * d.k[i].vx).sum::<f64>();
        let ke0 = ke(&d);
        solve(&mut d, &mut cs, &[0, 1, 2], &mut Vec::new());
        let p: f64 = (0..3).map(|i| d.m[i] * d.k[i].vx).sum();
        assert!((p - 0.01).abs() < 1e-15);
        assert!(ke(&d) <= ke0 * (1.0 + 1e-12));
        // Solved together (a round at one instant, not the cradle's sequence of rounds):
        // compressed to a common 1/3 m/s, then the same impulses again.
        for (got, want) in d.k.iter().zip([-1.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0]) {
            assert!((got.vx - want).abs() < 1e-12, "{:?}", d.k);
        }
    }

    /// A round of two contacts along a row of three discs (found among 200,000 random ones)
    /// whose projected Gauss-Seidel falls into a rounding cycle: from some sweep on, each sweep
    /// moves λ by a few ulps and no velocity at all, so the tolerance of 10⁻¹⁵ never ends it.
    /// Such a round ran all 500 sweeps (the Novuss break had one); a sweep that moves no
    /// velocity now ends it, from sweep `PGS_WATCH_FROM` on.
    #[test]
    fn regression_a_rounding_cycle_ran_all_500_sweeps() {
        let f = f64::from_bits;
        let v = [
            (f(13827927870417474104), f(4589345651512955344)),
            (f(4600726355168233972), f(13827194096168962740)),
            (f(4603123315380897888), f(13827969868080636640)),
        ];
        let m = [
            f(4579800533065604792),
            f(4578303124790389440),
            f(4579800533065604792),
        ];
        let d0 = discs(&v, &m);
        let mut c0 = contact(&d0, 0, 1, 0.9);
        (c0.nx, c0.ny) = (f(4603508783146639993), f(4605433507065402377));
        let mut c1 = contact(&d0, 1, 2, 0.9);
        (c1.nx, c1.ny) = (f(4590748443196956285), f(13830522292549303193));
        assert!(rel_vn(&d0, &c0) < 0.0 && rel_vn(&d0, &c1) < 0.0);

        // Without the watch, the tolerance alone never ends it.
        let (mut plain, mut cs) = (d0.clone(), [c0, c1]);
        let ended = (0..PGS_MAX_ITERS).any(|_| sweep::<false>(&mut plain, &mut cs));
        assert!(!ended, "the tolerance ended the plain sweeps");

        let (mut d, mut cs) = (d0.clone(), [c0, c1]);
        let sweeps = compress(&mut d, &mut cs);
        assert!(
            (PGS_WATCH_FROM..PGS_MAX_ITERS).contains(&sweeps),
            "{sweeps} sweeps"
        );
        // It ended in the cycle: a further sweep moves no velocity, and neither contact
        // approaches beyond the roundings.
        let before: Vec<(f64, f64)> = d.k.iter().map(|k| (k.vx, k.vy)).collect();
        assert!(sweep::<true>(&mut d, &mut cs));
        let after: Vec<(f64, f64)> = d.k.iter().map(|k| (k.vx, k.vy)).collect();
        assert_eq!(before, after);
        for c in &cs {
            assert!(rel_vn(&d, c) > -1e-15, "{}", rel_vn(&d, c));
        }
    }
}
