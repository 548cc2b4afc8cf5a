//! The fast discs' own grids ([`FastGrid`]), when a build keeps more of them apart than
//! [`big_discs_at_most`](super::big_discs_at_most): built afresh in every substep from their
//! positions at its start, so that a query visits the fast discs in the cells its box meets,
//! not every fast disc.

use super::{Grid, hash_cell};
use crate::solver::{Kin, NEAR_MARGIN_M};

/// The speed levels of [`FastGrid`]: level k holds the fast discs whose travel in the
/// substep is at most the fastest one's halved k times and more than halved k + 1 times
/// (the last level: every slower one).
const LEVELS: usize = 8;

/// One speed level of [`FastGrid`]: a hashed grid of its own cells.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    grid: Grid,
    /// How far any disc of the level can be from where the level has it in the substep.
    spread: f64,
    /// The level's buckets are `base..base + grid.mask + 1` of [`FastGrid`]'s.
    base: u32,
    /// The discs entered in it.
    count: u32,
    /// Those of them not since entered among the discs made fast in the substep
    /// ([`FastGrid::gone`]), which a query visits where they are entered there instead.
    left: u32,
    /// How much larger than the grid's discs (`r_grid`) its largest disc is (0 when none is):
    /// a query's reach holds a partner of radius `r_grid`, and is widened by this for the
    /// level.
    wider: f64,
}

/// The fast discs ([`Near::fast`](super::Near::fast)) in hashed grids of their own, when
/// they are more than [`big_discs_at_most`](super::big_discs_at_most) (`on`); else unused,
/// and every query visits the list `fast` whole (as before it).
///
/// Built in every substep in which stage 2 finds the fast discs' pairs (`Solver::fast_pairs`)
/// from their positions at the substep's start. The fast discs are split by their travel in
/// the substep into [`LEVELS`] levels, each halving the fastest one's, so that a swarm of
/// discs just fast enough to be kept apart is not gridded by one disc a hundred times faster;
/// each fast disc on the table is entered at its cell in its level, whose cells are the
/// largest diameter of the grid's discs plus the level's `spread` wide (or wider: a whole
/// number across the table), hashed into about twice as many buckets as the level's discs.
/// A level's `spread` bounds how far any of its discs can be from where it was entered
/// while its path is the one it started the substep with: the substep's length times the
/// speed the level starts at (a disc's path is straight between its changes). A fast disc
/// whose path changes is entered among the discs made fast in the substep and visited
/// there ([`FastGrid::gone`]; in a small world, whose re-predictions test every disc
/// directly, the grid is not looked at again in the substep). A query widens its box by
/// each level's `spread` on top of its reach.
#[derive(Clone, Debug, Default)]
pub(super) struct FastGrid {
    /// Whether the last build keeps more fast discs apart than the cap (the grids serve).
    pub on: bool,
    /// The [`LEVELS`] levels (a vector, so that a world that never keeps more fast discs
    /// apart than the cap carries no more than its header in [`Near`](super::Near)).
    levels: Vec<Level>,
    /// `start[b]..start[b + 1]` are the entries of bucket b in `ids` and `cells`.
    start: Vec<u32>,
    /// The fast discs entered (on the table at the substep's start), by bucket (the levels'
    /// buckets one after the other), index order within one.
    ids: Vec<u32>,
    /// The cell of each entry of `ids` (a bucket may hold several cells).
    cells: Vec<[u32; 2]>,
    /// The counting sort's tallies (all zeros between builds).
    tally: Vec<u32>,
    /// Per fast disc, parallel to `fast`: its bucket (scratch).
    bucket_of: Vec<u32>,
    /// Per disc: its level, when it is fast (else stale).
    level_of: Vec<u8>,
}

impl FastGrid {
    /// Room for the grids of up to `n` fast discs among `n` discs, once (the first build that
    /// keeps more than the cap apart), so that no later substep allocates.
    pub fn reserve(&mut self, n: usize) {
        let buckets = 4 * n + 4 * LEVELS;
        if self.start.capacity() < buckets + 1 || self.level_of.capacity() < n {
            self.start
                .reserve((buckets + 1).saturating_sub(self.start.len()));
            self.tally.reserve(buckets.saturating_sub(self.tally.len()));
            self.ids.reserve(n.saturating_sub(self.ids.len()));
            self.cells.reserve(n.saturating_sub(self.cells.len()));
            self.bucket_of
                .reserve(n.saturating_sub(self.bucket_of.len()));
            self.level_of.reserve(n.saturating_sub(self.level_of.len()));
            self.levels.reserve(LEVELS);
        }
    }

    /// Enters the `fast` discs on the table (`on`; records `kin` at the substep's start, radii
    /// `r`) for a substep of length `h` on a table of half sizes `hx`, `hy`, with `r_grid`
    /// the largest radius of the grid's discs (a level holding a larger fast disc widens its
    /// queries by the difference).
    pub fn build(
        &mut self,
        fast: &[u32],
        (kin, r, on): (&[Kin], &[f64], &[bool]),
        (h, hx, hy, r_grid): (f64, f64, f64, f64),
    ) {
        let n = kin.len();
        self.levels.resize(LEVELS, Level::default());
        if self.level_of.len() < n {
            self.level_of.resize(n, 0);
        }
        let mut v2 = 0.0f64;
        for &i in fast {
            let k = &kin[i as usize];
            let w2 = k.vx * k.vx + k.vy * k.vy;
            v2 = if w2 > v2 { w2 } else { v2 };
        }
        // Each fast disc's level (travel at most the fastest's halved `level` times), and the
        // levels' counts.
        let top = h * v2.sqrt();
        let mut counts = [0u32; LEVELS];
        let mut wider = [0.0f64; LEVELS];
        for &i in fast {
            let i = i as usize;
            let k = &kin[i];
            let travel = h * (k.vx * k.vx + k.vy * k.vy).sqrt();
            let (mut lim, mut level) = (top, 0usize);
            while level + 1 < LEVELS && travel <= 0.5 * lim {
                lim *= 0.5;
                level += 1;
            }
            self.level_of[i] = level as u8;
            counts[level] += u32::from(on[i]);
            let w = r[i] - r_grid;
            wider[level] = if w > wider[level] { w } else { wider[level] };
        }
        // The levels' grids and buckets.
        let mut base = 0u32;
        let mut spread = top;
        for ((level, &count), &wider) in self.levels.iter_mut().zip(&counts).zip(&wider) {
            let want = 2.0 * r_grid + spread + NEAR_MARGIN_M;
            let want = if want.is_finite() && want > 0.0 {
                want
            } else {
                2.0 * hx.max(hy)
            };
            let buckets = (2 * count).next_power_of_two().max(4);
            *level = Level {
                grid: Grid::hashed(hx, hy, want, buckets as usize),
                spread,
                base,
                count,
                left: count,
                wider,
            };
            base += buckets;
            spread *= 0.5;
        }
        let buckets = base as usize;
        if self.tally.len() < buckets {
            self.tally.resize(buckets, 0);
        }
        self.start.resize(buckets + 1, 0);
        self.bucket_of.resize(fast.len(), 0);
        let tally = &mut self.tally[..buckets];
        for (b, &i) in self.bucket_of.iter_mut().zip(fast) {
            let i = i as usize;
            if on[i] {
                let l = &self.levels[self.level_of[i] as usize];
                let (cx, cy) = l.grid.cell_coords(kin[i].px, kin[i].py);
                *b = l.base + hash_cell(cx, cy, l.grid.mask);
                tally[*b as usize] += 1;
            }
        }
        let m = super::begins_and_clear(tally, &mut self.start[..buckets + 1]);
        self.ids.resize(m, 0);
        self.cells.resize(m, [0; 2]);
        let cursor = &mut self.start[1..];
        for (&b, &i) in self.bucket_of.iter().zip(fast) {
            if on[i as usize] {
                let k = &kin[i as usize];
                let l = &self.levels[self.level_of[i as usize] as usize];
                let slot = cursor[b as usize] as usize;
                self.ids[slot] = i;
                let (cx, cy) = l.grid.cell_coords(k.px, k.py);
                self.cells[slot] = [cx, cy];
                cursor[b as usize] += 1;
            }
        }
    }

    /// Fast disc `i` (on the table) is now entered among the discs made fast in the substep,
    /// whose queries visit it there (once for each disc): a level left with none of its
    /// discs is no longer visited.
    #[inline]
    pub fn gone(&mut self, i: usize) {
        if let Some(&level) = self.level_of.get(i) {
            let l = &mut self.levels[level as usize];
            l.left = l.left.saturating_sub(1);
        }
    }

    /// Calls `f` with every fast disc entered in a cell of its level that meets the box
    /// `[x0, x1] x [y0, y1]` widened by the level's `spread` and `wider` (and perhaps
    /// others), each once: every fast disc whose position in the substep may lie in the box
    /// (widened by its radius beyond `r_grid`). A level whose box
    /// has as many cells as it has entries or more visits every entry.
    pub fn for_each_in_box(&self, [x0, y0, x1, y1]: [f64; 4], f: &mut impl FnMut(u32)) {
        for l in &self.levels {
            if l.left == 0 {
                continue;
            }
            let (s, g) = (l.spread + l.wider, l.grid);
            let (cx0, cy0) = g.cell_coords(x0 - s, y0 - s);
            let (cx1, cy1) = g.cell_coords(x1 + s, y1 + s);
            let (cx1, cy1) = (cx1.max(cx0), cy1.max(cy0));
            let cells = (cx1 - cx0 + 1) as usize * (cy1 - cy0 + 1) as usize;
            if cells >= l.count as usize {
                let lo = self.start[l.base as usize] as usize;
                let hi = self.start[(l.base + g.mask + 1) as usize] as usize;
                for &j in &self.ids[lo..hi] {
                    f(j);
                }
                continue;
            }
            for cy in cy0..=cy1 {
                for cx in cx0..=cx1 {
                    let b = (l.base + hash_cell(cx, cy, g.mask)) as usize;
                    let (lo, hi) = (self.start[b] as usize, self.start[b + 1] as usize);
                    for (cell, &j) in self.cells[lo..hi].iter().zip(&self.ids[lo..hi]) {
                        if *cell == [cx, cy] {
                            f(j);
                        }
                    }
                }
            }
        }
    }

    /// Heap bytes held (capacity).
    pub fn capacity_bytes(&self) -> usize {
        4 * (self.start.capacity()
            + self.ids.capacity()
            + self.tally.capacity()
            + self.bucket_of.capacity())
            + 8 * self.cells.capacity()
            + self.level_of.capacity()
            + size_of::<Level>() * self.levels.capacity()
    }
}
