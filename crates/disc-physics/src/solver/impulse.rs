//! Stage 4's impulses: the contacts of one round, solved together. One contact by the
//! closed-form Newton law; several by projected Gauss-Seidel on the compression impulse λ
//! (to 10⁻¹⁵ relative), then Poisson restitution e·λ, which for one contact is Newton's law and
//! for several never adds energy (for mixed coefficients a round that would gain energy is
//! redone with the smaller one).

use super::{Discs, NONE, PGS_MAX_ITERS};

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
            // The largest change and impulse (as `f64::max`: no value here is NaN).
            if dl.abs() > max_dl {
                max_dl = dl.abs();
            }
            if new > max_lam {
                max_lam = new;
            }
        }
        if max_dl <= 1e-15 * max_lam {
            break;
        }
    }
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
}
