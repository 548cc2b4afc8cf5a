//! The placement index: discs on the table by the cell of their centre, for the overlap
//! check of [`World::add_disc`](crate::World::add_disc) in large worlds. Not part of the step.
//!
//! Cells are sized from the discs (twice the largest radius) and hashed into buckets, so a
//! cluster of discs on a huge table costs what it would on a small one.

use crate::solver::NONE;

#[derive(Clone, Debug, Default)]
pub(crate) struct PlaceIndex {
    pub valid: bool,
    ox: f64,
    oy: f64,
    inv_cell: f64,
    mask: usize,
    pub r_max: f64,
    /// `r_max` when the cells were sized (`reset`): while the two are equal, and the index
    /// holds as many buckets as `reset` gives the world's discs now, a rebuild would give
    /// the same cells and buckets (see [`PlaceIndex::sized_as_rebuilt`]).
    cell_r_max: f64,
    /// The disc count `reset` sized the buckets for.
    sized_for: usize,
    /// Per bucket: the first disc of its list. Every list runs from the highest disc index
    /// to the lowest, as a rebuild (which enters the discs in index order) leaves it.
    head: Vec<u32>,
    /// Per disc: the next disc in its bucket's list.
    next: Vec<u32>,
    /// Per disc: the bucket whose list holds it, or `NONE`.
    bucket_of: Vec<u32>,
    /// Set (with `valid` false) when [`World::place`](crate::World::place) moved a disc in
    /// the index instead of dropping it: the lists are those a rebuild would make, but the
    /// index is not used until the next rebuild would be made, which then only sets `valid`
    /// (see [`PlaceIndex::sized_as_rebuilt`]). So every look finds what it found when each
    /// `place` dropped the index.
    pub kept: bool,
}

impl PlaceIndex {
    /// The cell of a point (coordinates from the table's corner).
    pub fn cell_of(&self, x: f64, y: f64) -> (u64, u64) {
        let fx = (x - self.ox) * self.inv_cell;
        let fy = (y - self.oy) * self.inv_cell;
        // A point left of or below the table (a query box's corner) counts as column or row
        // 0; `as` saturates a huge value.
        (
            if fx > 0.0 { fx as u64 } else { 0 },
            if fy > 0.0 { fy as u64 } else { 0 },
        )
    }

    fn bucket(&self, cx: u64, cy: u64) -> usize {
        let h = cx.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ cy.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        ((h >> 32) as usize) & self.mask
    }

    /// Empties the index for a table of half sizes `hx`, `hy`, cells of `cell` metres and
    /// about `n` discs.
    pub fn reset(&mut self, hx: f64, hy: f64, cell: f64, n: usize) {
        self.ox = -hx;
        self.oy = -hy;
        self.inv_cell = if cell > 0.0 { 1.0 / cell } else { 0.0 };
        let buckets = Self::buckets_for(n);
        self.mask = buckets - 1;
        self.head.clear();
        self.head.resize(buckets, NONE);
        self.next.clear();
        self.bucket_of.clear();
        self.cell_r_max = 0.5 * cell;
        self.sized_for = n;
        self.valid = true;
        self.kept = false;
    }

    /// Drops the index: the next look that uses it rebuilds it.
    pub fn invalidate(&mut self) {
        self.valid = false;
        self.kept = false;
    }

    /// The buckets of an index for about `n` discs.
    fn buckets_for(n: usize) -> usize {
        (2 * n + 64).next_power_of_two()
    }

    /// Whether the index has the cells and buckets that a rebuild for `n` discs (about
    /// `about` as `reset` is given it) would give it, its largest radius unchanged since it
    /// was sized: then moving a disc in it ([`PlaceIndex::move_disc`]) leaves the lists a
    /// rebuild would make (but for discs taken off the table since, which every look skips).
    pub fn sized_as_rebuilt(&self, about: usize, cell: f64) -> bool {
        self.cell_r_max == 0.5 * cell
            && Self::buckets_for(about) == Self::buckets_for(self.sized_for)
    }

    /// Enters disc `disc` at (x, y) with radius `r`.
    pub fn insert(&mut self, disc: u32, x: f64, y: f64, r: f64) {
        let (cx, cy) = self.cell_of(x, y);
        let b = self.bucket(cx, cy);
        let i = disc as usize;
        if self.next.len() <= i {
            self.next.resize(i + 1, NONE);
            self.bucket_of.resize(i + 1, NONE);
        }
        self.next[i] = self.head[b];
        self.head[b] = disc;
        self.bucket_of[i] = b as u32;
        if r > self.r_max {
            self.r_max = r;
        }
    }

    /// Moves disc `disc` (entered or not) to (x, y): out of its bucket's list, into the list
    /// of its new cell's bucket at its place in index order. Costs the length of the two
    /// lists, where a rebuild costs every disc.
    pub fn move_disc(&mut self, disc: u32, x: f64, y: f64) {
        let i = disc as usize;
        if self.next.len() <= i {
            self.next.resize(i + 1, NONE);
            self.bucket_of.resize(i + 1, NONE);
        }
        let old = self.bucket_of[i];
        if old != NONE {
            let old = old as usize;
            if self.head[old] == disc {
                self.head[old] = self.next[i];
            } else {
                let mut prev = self.head[old];
                while self.next[prev as usize] != disc {
                    prev = self.next[prev as usize];
                }
                self.next[prev as usize] = self.next[i];
            }
        }
        let (cx, cy) = self.cell_of(x, y);
        let b = self.bucket(cx, cy);
        if self.head[b] == NONE || self.head[b] < disc {
            self.next[i] = self.head[b];
            self.head[b] = disc;
        } else {
            let mut prev = self.head[b];
            while self.next[prev as usize] != NONE && self.next[prev as usize] > disc {
                prev = self.next[prev as usize];
            }
            self.next[i] = self.next[prev as usize];
            self.next[prev as usize] = disc;
        }
        self.bucket_of[i] = b as u32;
    }

    /// Whether more discs were added than the index was sized for (then it is rebuilt).
    pub fn is_full(&self, n: usize) -> bool {
        n > self.head.len() / 2
    }

    /// How many cells the box `[x0, x1] x [y0, y1]` spans (saturating): the buckets that
    /// [`try_for_each_in_box`](Self::try_for_each_in_box) would visit.
    pub fn cells_in_box(&self, (x0, y0): (f64, f64), (x1, y1): (f64, f64)) -> u64 {
        let (cx0, cy0) = self.cell_of(x0, y0);
        let (cx1, cy1) = self.cell_of(x1, y1);
        let w = cx1.saturating_sub(cx0).saturating_add(1);
        let h = cy1.saturating_sub(cy0).saturating_add(1);
        w.saturating_mul(h)
    }

    /// Calls `f` with every disc entered in a cell of the box `[x0, x1] x [y0, y1]` (and
    /// perhaps others that share a bucket), stopping at the first error.
    pub fn try_for_each_in_box<E>(
        &self,
        (x0, y0): (f64, f64),
        (x1, y1): (f64, f64),
        mut f: impl FnMut(usize) -> Result<(), E>,
    ) -> Result<(), E> {
        let (cx0, cy0) = self.cell_of(x0, y0);
        let (cx1, cy1) = self.cell_of(x1, y1);
        for cy in cy0..=cy1 {
            for cx in cx0..=cx1 {
                let mut j = self.head[self.bucket(cx, cy)];
                while j != NONE {
                    f(j as usize)?;
                    j = self.next[j as usize];
                }
            }
        }
        Ok(())
    }
}
