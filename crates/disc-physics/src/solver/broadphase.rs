//! Stage 2: the broadphase. Large worlds keep a uniform grid of the discs and the list of
//! pairs of discs closer than a skin distance (a Verlet list), both built at one instant and
//! kept over many substeps; small worlds with few moving discs skip it (stage 3 then tests the
//! moving discs against every disc).

use super::{NEAR_MARGIN_M, Solver, Substep};

/// No disc (the end of a list, a cushion instead of a disc).
pub(crate) const NONE: u32 = u32::MAX;

impl Solver {
    /// Stage 2: decides how this substep finds pairs, and rebuilds the grid and pair list
    /// when a disc may have moved half the skin since the last build (see [`Near`]).
    #[inline]
    pub(super) fn broadphase(&mut self, sub: &mut Substep) {
        let s = &mut self.s;
        let d = &self.d;
        let h = sub.h;
        // `vstep` bounds every speed in this substep unless a round raises one (then
        // `dallow` widens).
        let vstep = sub.vmax2.sqrt();
        // Few moving discs in a small world: a disc whose path changes is re-predicted
        // against every disc directly; with a single moving disc, stage 3 tests it against
        // every disc too (the pair list would mostly hold pairs at rest: a soft stroke, the
        // end of a break).
        let tu = &self.tuning;
        sub.brute = s.moving.len().saturating_mul(self.n_on) <= tu.brute_force_pairs;
        sub.direct = sub.brute && s.moving.len() <= tu.direct_movers;
        if !sub.direct
            && (!s.near.valid || 2.0 * (s.near.disp + h * vstep) + NEAR_MARGIN_M >= s.near.skin)
        {
            // A skin of one radius measured fastest on scene (c) (0.5 to 3 radii tried): a
            // smaller one rebuilds too often, a larger one lists too many pairs. At least
            // 2.5 h vstep plus twice the margin, so that the list always serves the
            // substep it is built for (2 h vstep + margin < skin).
            let skin = (tu.skin_radii * self.r_max).max(2.5 * h * vstep + 2.0 * NEAR_MARGIN_M);
            s.near
                .build(sub.hx, sub.hy, skin, &d.px, &d.py, &d.r, &d.on);
            self.stats.broadphase_builds += 1;
        }
        sub.dallow = s.near.disp + h * vstep;
    }
}

/// The broadphase: a uniform grid of the discs' positions and the list of pairs of discs
/// closer than a skin distance `skin` (a Verlet list), both built at one instant and kept
/// over many substeps.
///
/// The world tracks `disp`, an upper bound of how far any disc has moved since the build (the
/// sum over substeps of the substep length times the largest speed any disc had in it). While
/// `2 * disp < skin`, two discs that are not a listed pair are still more than their radii
/// apart, so the pairs are the only candidates for a contact at the start of a substep. A
/// disc whose path changes within a substep is tested against the grid cells around its new
/// path, widened by `disp`: every other disc lies within `disp` of the position it was
/// entered at.
#[derive(Clone, Debug, Default)]
pub(crate) struct Near {
    /// Whether the grid and pairs describe the discs now (false after a disc is added or put
    /// on the table elsewhere).
    pub valid: bool,
    /// The skin distance: pairs whose surfaces were closer than this at the build are listed.
    pub skin: f64,
    /// An upper bound of any disc's displacement since the build, metres.
    pub disp: f64,
    /// The largest radius of any disc at the build.
    pub r_max: f64,
    ox: f64,
    oy: f64,
    inv_cell: f64,
    nx: usize,
    ny: usize,
    /// `start[c]..start[c + 1]` are the discs (by index, creation order) of cell c in `items`.
    start: Vec<u32>,
    items: Vec<u32>,
    /// Position and radius of each entry of `items` (parallel to it), so that the pair
    /// search reads them in order instead of gathering them by disc index.
    item_xyr: Vec<[f64; 3]>,
    /// Per disc: its cell at the build (scratch of the counting sort).
    cell: Vec<u32>,
    /// Pairs of discs on the table whose surfaces were closer than `skin` at the build, in
    /// cell order, each pair once.
    pub pairs: Vec<[u32; 2]>,
}

impl Near {
    /// Rebuilds the grid and the pairs from the discs' positions now, with skin `skin`.
    /// `on[i]` says whether disc i is on the table.
    #[allow(clippy::too_many_arguments)]
    pub fn build(
        &mut self,
        hx: f64,
        hy: f64,
        skin: f64,
        px: &[f64],
        py: &[f64],
        r: &[f64],
        on: &[bool],
    ) {
        let n = px.len();
        let (px, py, r, on) = (&px[..n], &py[..n], &r[..n], &on[..n]);
        let mut r_max = 0.0f64;
        let mut r_min = f64::INFINITY;
        let mut n_on = 0usize;
        for i in 0..n {
            if on[i] {
                r_max = r_max.max(r[i]);
                r_min = r_min.min(r[i]);
                n_on += 1;
            }
        }
        let max_cells = 2 * n_on + 16;
        let (nx, ny, cw) = grid_layout(hx, hy, 2.0 * r_max + skin, max_cells);
        self.valid = true;
        self.skin = skin;
        self.disp = 0.0;
        self.r_max = r_max;
        self.ox = -hx;
        self.oy = -hy;
        self.inv_cell = 1.0 / cw;
        self.nx = nx;
        self.ny = ny;
        let cells = nx * ny;
        self.reserve(n, n_on, r_max, r_min, skin);
        // Counting sort by cell: start[c + 1] counts cell c, then prefix sums.
        self.start.clear();
        self.start.resize(cells + 1, 0);
        self.cell.resize(n, 0);
        for i in 0..n {
            if on[i] {
                let c = self.cell_index(px[i], py[i]);
                self.cell[i] = c as u32;
                self.start[c + 1] += 1;
            }
        }
        let mut acc = 0u32;
        for s in &mut self.start[1..] {
            acc += *s;
            *s = acc;
        }
        self.items.resize(acc as usize, 0);
        self.item_xyr.resize(acc as usize, [0.0; 3]);
        // Scatter with start[c] as the cursor of cell c, then shift back.
        for (i, &c) in self.cell.iter().enumerate() {
            if on[i] {
                let c = c as usize;
                let slot = self.start[c] as usize;
                self.items[slot] = i as u32;
                self.item_xyr[slot] = [px[i], py[i], r[i]];
                self.start[c] += 1;
            }
        }
        for c in (1..=cells).rev() {
            self.start[c] = self.start[c - 1];
        }
        self.start[0] = 0;
        // Pairs: each disc against the later discs of its cell, the next cell of its row and
        // the three cells of the next row (each pair of neighbouring cells once).
        // Every candidate is written at `k` and kept (k advances) only if close enough: no
        // branch to mispredict. `pairs` is lengthened ahead of the writes (it only grows to
        // the largest candidate count seen) and cut to `k` at the end.
        let mut k = 0usize;
        for cy in 0..ny {
            for cx in 0..nx {
                let c = cy * nx + cx;
                let (lo, hi) = (self.start[c] as usize, self.start[c + 1] as usize);
                let right = self.start[if cx + 1 < nx { c + 2 } else { c + 1 }] as usize;
                let (from, to) = if cy + 1 < ny {
                    let up = c + nx;
                    (
                        self.start[up - usize::from(cx > 0)] as usize,
                        self.start[if cx + 1 < nx { up + 2 } else { up + 1 }] as usize,
                    )
                } else {
                    (0, 0)
                };
                for a in lo..hi {
                    let room = k + (right - a - 1) + (to - from);
                    if self.pairs.len() < room {
                        self.pairs.resize(room, [0, 0]);
                    }
                    let i = self.items[a];
                    let [x, y, ri] = self.item_xyr[a];
                    for b in (a + 1..right).chain(from..to) {
                        let [xj, yj, rj] = self.item_xyr[b];
                        let dx = x - xj;
                        let dy = y - yj;
                        let reach = ri + rj + skin;
                        self.pairs[k] = [i, self.items[b]];
                        k += usize::from(dx * dx + dy * dy < reach * reach);
                    }
                }
            }
        }
        self.pairs.truncate(k);
    }

    /// Reserves the buffers for a build over `n` discs, `n_on` of them on the table, with
    /// radii in `[r_min, r_max]` and skin `skin`, so that builds after the first allocate
    /// nothing (the world calls this before its first substep too, since the first build may
    /// come later).
    ///
    /// Discs do not overlap, so the discs whose centres lie within 2 r_max + skin of a disc's
    /// centre fit in a circle of radius 2 r_max + skin + r_min: at most
    /// ((2 r_max + skin + r_min) / r_min)^2 of them. The pair buffer also holds the
    /// candidates of one disc before they are filtered, so it gets that many per disc
    /// (capped for extreme radius ratios, where it may grow).
    pub fn reserve(&mut self, n: usize, n_on: usize, r_max: f64, r_min: f64, skin: f64) {
        fn at_least<T>(v: &mut Vec<T>, k: usize) {
            if v.capacity() < k {
                v.reserve(k.saturating_sub(v.len()));
            }
        }
        let span = (2.0 * r_max + skin + r_min) / r_min;
        let per_disc = span * span;
        let per_disc = if per_disc.is_finite() {
            (per_disc.ceil() as usize).min(128)
        } else {
            1
        };
        at_least(&mut self.start, 2 * n_on + 17);
        at_least(&mut self.cell, n);
        at_least(&mut self.items, n_on);
        at_least(&mut self.item_xyr, n_on);
        at_least(&mut self.pairs, per_disc * n_on);
    }

    #[inline]
    fn cell_index(&self, x: f64, y: f64) -> usize {
        self.cy(y) * self.nx + self.cx(x)
    }

    #[inline]
    fn cx(&self, x: f64) -> usize {
        let f = (x - self.ox) * self.inv_cell;
        // Clamped first, so the conversion is a plain truncation (NaN would give 0).
        f.clamp(0.0, (self.nx - 1) as f64) as u32 as usize
    }

    #[inline]
    fn cy(&self, y: f64) -> usize {
        let f = (y - self.oy) * self.inv_cell;
        f.clamp(0.0, (self.ny - 1) as f64) as u32 as usize
    }

    /// Calls `f` with every disc entered in a cell that meets the box
    /// `[x0, x1] x [y0, y1]`, in cell order.
    #[inline]
    pub fn for_each_in_box(&self, x0: f64, y0: f64, x1: f64, y1: f64, mut f: impl FnMut(u32)) {
        let (cx0, cx1) = (self.cx(x0), self.cx(x1));
        for cy in self.cy(y0)..=self.cy(y1) {
            let row = cy * self.nx;
            let lo = self.start[row + cx0] as usize;
            let hi = self.start[row + cx1 + 1] as usize;
            for &j in &self.items[lo..hi] {
                f(j);
            }
        }
    }

    /// Heap bytes held (capacity).
    pub fn capacity_bytes(&self) -> usize {
        4 * (self.start.capacity() + self.items.capacity() + self.cell.capacity())
            + 8 * self.pairs.capacity()
            + 24 * self.item_xyr.capacity()
    }
}

/// The layout of a grid over a table of half sizes `hx`, `hy`: `(nx, ny, cell width)` with
/// cells of at least `cell` metres and at most `max_cells` cells. The grid spans the table
/// with `nx` x `ny` square cells.
pub(crate) fn grid_layout(hx: f64, hy: f64, cell: f64, max_cells: usize) -> (usize, usize, f64) {
    // A degenerate request (no disc yet, NaN) gets one cell per table; the loop below
    // always terminates because the cell grows to the table's size.
    let mut cell = if cell.is_finite() && cell > 1e-9 * (hx + hy) {
        cell
    } else {
        2.0 * hx.max(hy)
    };
    let (mut nx, mut ny);
    loop {
        nx = ((2.0 * hx / cell) as usize).clamp(1, 1 << 15);
        ny = ((2.0 * hy / cell) as usize).clamp(1, 1 << 15);
        if nx * ny <= max_cells.max(1) {
            break;
        }
        cell *= 1.25;
    }
    let cw = (2.0 * hx / nx as f64).max(2.0 * hy / ny as f64).max(cell);
    (nx, ny, cw)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discs on a 0.5 m table at pseudo-random places (overlaps do not matter here).
    fn discs(n: usize, seed: u64) -> (Vec<f64>, Vec<f64>, Vec<f64>, Vec<bool>) {
        let mut z = seed;
        let mut unit = || {
            z = z
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (z >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut out = (vec![], vec![], vec![], vec![]);
        for i in 0..n {
            out.0.push(unit() - 0.5);
            out.1.push(unit() - 0.5);
            out.2.push(0.005 + 0.02 * unit());
            out.3.push(i % 7 != 3);
        }
        out
    }

    #[test]
    fn build_lists_exactly_the_pairs_closer_than_the_skin() {
        for (n, skin, seed) in [(10, 0.01, 1), (300, 0.02, 2), (2000, 0.005, 3), (1, 0.1, 4)] {
            let (px, py, r, on) = discs(n, seed);
            let mut near = Near::default();
            near.build(0.5, 0.5, skin, &px, &py, &r, &on);
            let mut got: Vec<(u32, u32)> = near
                .pairs
                .iter()
                .map(|&[a, b]| (a.min(b), a.max(b)))
                .collect();
            got.sort_unstable();
            let mut want = vec![];
            for i in 0..n {
                for j in i + 1..n {
                    let (dx, dy) = (px[i] - px[j], py[i] - py[j]);
                    let reach = r[i] + r[j] + skin;
                    if on[i] && on[j] && dx * dx + dy * dy < reach * reach {
                        want.push((i as u32, j as u32));
                    }
                }
            }
            assert_eq!(got, want, "n = {n}, skin = {skin}");
        }
    }

    #[test]
    fn a_box_query_returns_every_disc_entered_inside_it() {
        let (px, py, r, on) = discs(500, 9);
        let mut near = Near::default();
        near.build(0.5, 0.5, 0.01, &px, &py, &r, &on);
        let (x0, y0, x1, y1) = (-0.1, 0.05, 0.2, 0.3);
        let mut got = vec![];
        near.for_each_in_box(x0, y0, x1, y1, |j| got.push(j));
        for i in 0..px.len() {
            let inside = (x0..=x1).contains(&px[i]) && (y0..=y1).contains(&py[i]);
            if on[i] && inside {
                assert!(got.contains(&(i as u32)), "disc {i} missing");
            }
            if !on[i] {
                assert!(!got.contains(&(i as u32)), "disc {i} is off the table");
            }
        }
    }
}
