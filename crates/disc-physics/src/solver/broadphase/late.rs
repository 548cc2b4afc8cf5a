//! The discs made fast within a substep ([`Late`]): a disc of the grid that an impact sends
//! far faster than the list serves is entered here for the rest of the substep, instead of
//! widening every later look of the substep to its travel.

use super::{Grid, NONE, corners, hash_cell, rows_along};
use crate::solver::NEAR_MARGIN_M;

/// The travel levels of [`Late`]: level k holds the discs whose travel in the rest of the
/// substep is at most `unit` doubled k times (more than doubled k − 1 times); the last one
/// every longer travel too (its `spread` then grows to the longest).
const LEVELS: usize = 32;

/// A disc that is not in [`Late`] (its `level`).
const NOT_LATE: u8 = u8::MAX;

/// The discs whose path changed within the substep to one far faster than the pair list
/// serves, and the fast discs the list keeps apart once their path changes (stage 4; see
/// [`Near::enter_late`](super::Near::enter_late)), each at its position when its path last
/// changed or at its last horizon, in a hashed grid per travel level.
///
/// Before 7 Dec 2026 (UTC, the forty-second sitting) such a path widened every look of the
/// rest of the substep by its travel: a struck coin as fast as the striker that struck it
/// made every later re-prediction in the substep visit every disc within a striker's travel,
/// so that many strikers among many coins cost about the coins for every impact. Here a disc
/// is found only by the looks that pass within its own travel of where it was entered.
///
/// A disc's position lies within its travel of the point it was entered at for the stretch
/// it was entered for (a stretch's length, before and after, or the rest of the substep
/// when that is shorter), since its path is straight until it changes, and a change or a
/// horizon enters it again. A level's `spread` is at least the travel of every disc entered
/// in it, its `wider` the most any of them is larger than the grid's discs, and its cells
/// the grid's largest diameter plus the spread wide, hashed into buckets shared by every
/// level; a look widens its reach by each level's spread and `wider`. A disc of the grid
/// stays in it too (at its build position, which it may now be far from), as a fast disc
/// does in the fast discs' grids and a large disc in its list or class: a look that finds it
/// there as well tests the same pair twice, and the round's events are deduplicated by their
/// discs (stage 4).
///
/// Entered discs are chained per bucket (each disc once, so the memory is the discs', however
/// many times their paths change), and the whole is cleared at the end of the substep, which
/// then marks the pair list for a rebuild if a disc of the grid was entered (the list's
/// displacement bound no longer holds for it).
#[derive(Clone, Debug, Default)]
pub(super) struct Late {
    /// Bit k: level k has been set up in this substep (its grid and spread).
    made: u32,
    /// The discs entered per level.
    counts: [u32; LEVELS],
    /// Per level: how far any of its discs can be from where it was entered.
    spread: [f64; LEVELS],
    /// Per level: how much larger than the grid's discs its largest disc is (0 when none
    /// is; a look's reach holds a partner of the grid's largest radius).
    wider: [f64; LEVELS],
    grids: [Grid; LEVELS],
    /// The travel of level 0 (the pair list's skin, or more), metres.
    unit: f64,
    /// The table's half sizes and the grid's largest radius, for the levels' grids.
    dims: [f64; 3],
    /// The discs entered in this substep, each once.
    ids: Vec<u32>,
    /// Per disc: its level, or [`NOT_LATE`].
    level: Vec<u8>,
    /// Per disc entered: the substep time up to which its last look went along its path.
    until: Vec<f64>,
    /// Per disc entered: its cell in its level's grid, its bucket and its neighbours in the
    /// bucket's chain ([`NONE`] at an end).
    cell: Vec<[u32; 2]>,
    bucket: Vec<u32>,
    next: Vec<u32>,
    prev: Vec<u32>,
    /// Per bucket: the first disc of its chain, or [`NONE`].
    head: Vec<u32>,
}

impl Late {
    /// Whether any disc is entered.
    #[inline(always)]
    pub fn any(&self) -> bool {
        !self.ids.is_empty()
    }

    /// Whether disc `i` is entered.
    #[inline]
    pub fn has(&self, i: usize) -> bool {
        self.level.get(i).is_some_and(|&l| l != NOT_LATE)
    }

    /// The substep time up to which disc `i`'s last look went along its path, if it is
    /// entered.
    #[inline]
    pub fn until(&self, i: usize) -> Option<f64> {
        if self.has(i) {
            Some(self.until[i])
        } else {
            None
        }
    }

    /// Enters disc `i` (of `n` discs; radius `r`), at `(x, y)` with at most `travel` metres to
    /// go in the substep until substep time `until` (the end of the stretch its look covers),
    /// or moves it there if it is entered already. The first disc of a substep sets
    /// the levels' `unit` and the table's and grid's sizes (`dims`: half width, half height,
    /// the grid's largest radius); the first ever sizes the buffers for every disc, once.
    pub fn enter(
        &mut self,
        (i, n, r): (usize, usize, f64),
        (x, y): (f64, f64),
        (travel, until): (f64, f64),
        unit: f64,
        dims: [f64; 3],
    ) {
        if self.ids.is_empty() {
            self.begin(n, unit, dims);
        }
        if self.level[i] == NOT_LATE {
            self.ids.push(i as u32);
        } else {
            self.unlink(i);
        }
        // The level: the least whose travel holds this one's (the last holds any).
        let (mut lim, mut k) = (self.unit, 0usize);
        while lim < travel && k + 1 < LEVELS {
            lim *= 2.0;
            k += 1;
        }
        if self.made & (1 << k) == 0 {
            let [hx, hy, r_grid] = self.dims;
            let want = 2.0 * r_grid + lim + NEAR_MARGIN_M;
            let want = if want.is_finite() && want > 0.0 {
                want
            } else {
                2.0 * hx.max(hy)
            };
            self.grids[k] = Grid::hashed(hx, hy, want, self.head.len());
            self.spread[k] = lim;
            self.wider[k] = 0.0;
            self.counts[k] = 0;
            self.made |= 1 << k;
        }
        if travel > self.spread[k] {
            self.spread[k] = travel;
        }
        let w = r - self.dims[2];
        if w > self.wider[k] {
            self.wider[k] = w;
        }
        let (cx, cy) = self.grids[k].cell_coords(x, y);
        let b = bucket_of(k, cx, cy, self.grids[k].mask);
        self.level[i] = k as u8;
        self.until[i] = until;
        self.cell[i] = [cx, cy];
        self.bucket[i] = b;
        let first = self.head[b as usize];
        self.next[i] = first;
        self.prev[i] = NONE;
        if first != NONE {
            self.prev[first as usize] = i as u32;
        }
        self.head[b as usize] = i as u32;
        self.counts[k] += 1;
    }

    /// The first disc of a substep: its `unit`, `dims`, and the buffers' room (once).
    #[cold]
    fn begin(&mut self, n: usize, unit: f64, dims: [f64; 3]) {
        if self.level.len() < n {
            self.level.resize(n, NOT_LATE);
            self.until.resize(n, 0.0);
            self.cell.resize(n, [0; 2]);
            self.bucket.resize(n, 0);
            self.next.resize(n, NONE);
            self.prev.resize(n, NONE);
            let buckets = (2 * n).next_power_of_two().max(16);
            self.head.clear();
            self.head.resize(buckets, NONE);
            self.ids.reserve(n);
        }
        self.unit = unit;
        self.dims = dims;
        self.made = 0;
    }

    /// Takes entered disc `i` out of its bucket's chain and its level's count.
    fn unlink(&mut self, i: usize) {
        let (p, q) = (self.prev[i], self.next[i]);
        if p == NONE {
            self.head[self.bucket[i] as usize] = q;
        } else {
            self.next[p as usize] = q;
        }
        if q != NONE {
            self.prev[q as usize] = p;
        }
        self.counts[self.level[i] as usize] -= 1;
    }

    /// Takes every disc out (the end of the substep).
    pub fn clear(&mut self) {
        for &i in &self.ids {
            let i = i as usize;
            self.head[self.bucket[i] as usize] = NONE;
            self.level[i] = NOT_LATE;
        }
        self.ids.clear();
        self.made = 0;
    }

    /// Calls `f` with every entered disc whose position in the rest of the substep may come
    /// within `reach` (which holds a partner of the grid's largest radius) of the segment
    /// from `a` to `b` (and perhaps others), each once: those entered in a cell of their
    /// level that meets the segment widened by `reach`, the level's spread and its `wider`.
    /// A level whose cells in the box of that are as many as the entered discs or more reads
    /// every entered disc instead, and visits those of the level.
    pub fn for_each_along(&self, a: [f64; 2], b: [f64; 2], reach: f64, f: &mut impl FnMut(u32)) {
        let ([x0, y0], [x1, y1]) = corners(a, b);
        for k in self.levels() {
            let w = reach + self.spread[k] + self.wider[k];
            // The cells of the widened segment's box: at least those along it.
            if self.box_cells(k, [x0, y0, x1, y1], w).is_none() {
                self.each_of_level(k, f);
                continue;
            }
            rows_along(&self.grids[k], a, b, w, |cy, cx0, cx1| {
                for cx in cx0..=cx1 {
                    self.each_in_cell(k, [cx, cy], f);
                }
            });
        }
    }

    /// [`Late::for_each_along`] for the box `[x0, x1] x [y0, y1]`: every entered disc whose
    /// position in the rest of the substep may lie in it (and perhaps others), each once
    /// (the cells of each level that meet the box widened by its spread and `wider`, or the
    /// level's discs among all entered as there).
    pub fn for_each_in_box(&self, bx: [f64; 4], f: &mut impl FnMut(u32)) {
        for k in self.levels() {
            let Some(([cx0, cy0], [cx1, cy1])) =
                self.box_cells(k, bx, self.spread[k] + self.wider[k])
            else {
                self.each_of_level(k, f);
                continue;
            };
            for cy in cy0..=cy1 {
                for cx in cx0..=cx1 {
                    self.each_in_cell(k, [cx, cy], f);
                }
            }
        }
    }

    /// The levels that hold entered discs.
    #[inline]
    fn levels(&self) -> impl Iterator<Item = usize> + '_ {
        (0..LEVELS).filter(|&k| self.made & (1 << k) != 0 && self.counts[k] != 0)
    }

    /// Level `k`'s least and largest cells of the box `[x0, y0, x1, y1]` widened by `w`, or
    /// `None` when they are as many as the entered discs or more (reading every disc then
    /// costs less).
    #[inline]
    fn box_cells(
        &self,
        k: usize,
        [x0, y0, x1, y1]: [f64; 4],
        w: f64,
    ) -> Option<([u32; 2], [u32; 2])> {
        let g = &self.grids[k];
        let (cx0, cy0) = g.cell_coords(x0 - w, y0 - w);
        let (cx1, cy1) = g.cell_coords(x1 + w, y1 + w);
        let (cx1, cy1) = (cx1.max(cx0), cy1.max(cy0));
        let cells = (u64::from(cx1 - cx0) + 1) * (u64::from(cy1 - cy0) + 1);
        (cells < self.ids.len() as u64).then_some(([cx0, cy0], [cx1, cy1]))
    }

    /// Calls `f` with every disc of level `k`.
    fn each_of_level(&self, k: usize, f: &mut impl FnMut(u32)) {
        for &j in &self.ids {
            if usize::from(self.level[j as usize]) == k {
                f(j);
            }
        }
    }

    /// Calls `f` with every disc of level `k` entered in `cell`.
    #[inline]
    fn each_in_cell(&self, k: usize, cell: [u32; 2], f: &mut impl FnMut(u32)) {
        let mut j = self.head[bucket_of(k, cell[0], cell[1], self.grids[k].mask) as usize];
        while j != NONE {
            let ju = j as usize;
            if usize::from(self.level[ju]) == k && self.cell[ju] == cell {
                f(j);
            }
            j = self.next[ju];
        }
    }

    /// Heap bytes held (capacity).
    pub fn capacity_bytes(&self) -> usize {
        4 * (self.ids.capacity()
            + self.bucket.capacity()
            + self.next.capacity()
            + self.prev.capacity()
            + self.head.capacity())
            + 8 * (self.cell.capacity() + self.until.capacity())
            + self.level.capacity()
    }
}

/// The bucket of cell (cx, cy) of level `k` among `mask + 1` buckets shared by the levels.
#[inline(always)]
fn bucket_of(k: usize, cx: u32, cy: u32, mask: u32) -> u32 {
    hash_cell(cx ^ ((k as u32) << 26), cy, mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The distance from point `p` to the segment from `a` to `b`.
    fn to_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let l2 = dx * dx + dy * dy;
        let u = if l2 > 0.0 {
            (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let (qx, qy) = (a[0] + u * dx - p[0], a[1] + u * dy - p[1]);
        (qx * qx + qy * qy).sqrt()
    }

    /// Every entered disc whose entry lies within a look's reach plus its own travel of the
    /// segment looked along (or of the box) is visited, and no disc twice, after discs are
    /// entered, moved (entered again elsewhere with another travel) and the whole cleared
    /// and refilled; travels span the levels, from none to more than the last level's.
    #[test]
    fn a_look_visits_every_entered_disc_that_may_come_within_its_reach() {
        let mut rng = crate::scenes::SplitMix64(0x2545_f491_4f6c_dd1d);
        let mut next = move || rng.next_unit();
        let (hx, hy, r_grid, unit) = (1.0, 0.6, 0.005, 0.01);
        let n = 300;
        let mut late = Late::default();
        for round in 0..6 {
            let mut at = vec![None; n];
            for _ in 0..400 {
                let i = (next() * n as f64) as usize;
                let p = (2.0 * hx * (next() - 0.5), 2.0 * hy * (next() - 0.5));
                // Travels from 0 to far beyond the last level (2^31 units).
                let travel = match (next() * 4.0) as u32 {
                    0 => 0.0,
                    1 => unit * next(),
                    2 => unit * 64.0 * next(),
                    _ => unit * 4e9 * next(),
                };
                late.enter((i, n, r_grid), p, (travel, 1.0), unit, [hx, hy, r_grid]);
                at[i] = Some(([p.0, p.1], travel));
            }
            assert!(late.any());
            for _ in 0..200 {
                let a = [2.0 * hx * (next() - 0.5), 2.0 * hy * (next() - 0.5)];
                let b = if next() < 0.3 {
                    a
                } else {
                    [a[0] + 0.4 * (next() - 0.5), a[1] + 0.4 * (next() - 0.5)]
                };
                let reach = 0.02 * next();
                let mut seen = vec![0u32; n];
                late.for_each_along(a, b, reach, &mut |j| seen[j as usize] += 1);
                let (x0, x1) = (a[0].min(b[0]) - reach, a[0].max(b[0]) + reach);
                let (y0, y1) = (a[1].min(b[1]) - reach, a[1].max(b[1]) + reach);
                let mut in_box = vec![0u32; n];
                late.for_each_in_box([x0, y0, x1, y1], &mut |j| in_box[j as usize] += 1);
                for (j, entry) in at.iter().enumerate() {
                    assert!(
                        seen[j] <= 1 && in_box[j] <= 1,
                        "round {round}: disc {j} twice"
                    );
                    let Some((p, travel)) = entry else {
                        assert_eq!(seen[j] + in_box[j], 0, "disc {j} was never entered");
                        continue;
                    };
                    assert!(late.has(j));
                    if to_segment(*p, a, b) <= reach + travel {
                        assert_eq!(seen[j], 1, "round {round}: disc {j} at {p:?} ({travel})");
                    }
                    let dx = (x0 - p[0]).max(p[0] - x1).max(0.0);
                    let dy = (y0 - p[1]).max(p[1] - y1).max(0.0);
                    if dx.max(dy) <= *travel {
                        assert_eq!(in_box[j], 1, "round {round}: disc {j} in the box");
                    }
                }
            }
            late.clear();
            assert!(!late.any() && (0..n).all(|j| !late.has(j)));
            let mut none = 0;
            late.for_each_in_box([-hx, -hy, hx, hy], &mut |_| none += 1);
            assert_eq!(none, 0);
        }
    }
}
