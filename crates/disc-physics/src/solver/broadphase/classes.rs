//! The broadphase's size classes: when more discs are larger than [`Near::r_grid`] than
//! [`big_discs_at_most`](super::big_discs_at_most) allows, they are kept in a grid per size
//! class ([`Classes`]) instead of a list that every search reads whole ([`Near::big`]).

use super::{Grid, Item, Near, begins_and_clear, grow_zeroed, hash_cell, lengthen};
use crate::solver::Kin;

/// The binary exponent of a radius: radii within a factor of two share one or two, so that a
/// class holds radii within a factor of two of each other (as `World::deepest_overlap`'s grids
/// class them).
#[inline]
fn exponent(r: f64) -> usize {
    ((r.to_bits() >> 52) & 0x7ff) as usize
}

/// The most classes that discs of radii in `[r_min, r_max]` can fill (one per binary exponent).
fn classes_at_most(r_max: f64, r_min: f64) -> usize {
    if r_max.is_finite() && r_min > 0.0 && r_max >= r_min {
        exponent(r_max) - exponent(r_min) + 1
    } else {
        1
    }
}

/// The discs on the table at a build that are larger than [`Near::r_grid`] (not in the grid),
/// when there are more of them than [`big_discs_at_most`](super::big_discs_at_most): a hashed
/// grid per size class (the binary exponent of the radius), smallest radii first, each with
/// cells of its largest diameter plus the skin. A pair is found once: within a class by the
/// search of its grid (each disc against the later discs of its cell and the discs of the
/// next cell of its row and of the three cells of the next row), across two classes (or the
/// grid of [`Near`] and a class) by the smaller disc, in the cells of the larger disc's class
/// within its reach, which are at most three across and along since the cells are at least as
/// wide as that reach. A build therefore costs about the discs times the classes (a few
/// bucket reads each), whatever the radii; no search sweeps the cells of a large disc's area.
#[derive(Clone, Debug, Default)]
pub(super) struct Classes {
    /// The classes, smallest radii first; empty when the build keeps no disc in them.
    pub levels: Vec<Level>,
    /// The discs in the classes, in index order.
    discs: Vec<u32>,
    /// Per entry of `discs`: its class (an index into `levels`).
    class_of: Vec<u32>,
    /// Per entry of `discs`: its bucket at the build (scratch of the counting sort).
    bucket_of: Vec<u32>,
    /// Per binary exponent from the smallest of the discs' on: its class, or `u32::MAX`
    /// (scratch of [`Classes::enter`]).
    by_exponent: Vec<u32>,
    /// `start[b]..start[b + 1]` are the entries of bucket b in `items` (every class's
    /// buckets, one range of them per class, in the classes' order).
    start: Vec<u32>,
    /// The discs' entries, bucket by bucket: a class's entries are one range.
    items: Vec<Item>,
    /// The cell of each entry of `items`.
    cells: Vec<[u32; 2]>,
    /// The counting sort's tallies, all zeros between builds.
    tally: Vec<u32>,
}

/// One size class of [`Classes`].
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Level {
    /// The largest radius of its discs.
    pub r_max: f64,
    /// Its discs.
    count: u32,
    /// Its grid: hashed cells of `2 r_max + skin` (or wider), `mask + 1` buckets.
    grid: Grid,
    /// Its first bucket in [`Classes::start`].
    bucket0: u32,
    /// Its entries: `items[first..end]`.
    first: u32,
    end: u32,
    /// The least and greatest coordinates of its entries (so that a query far from every
    /// one of them reads no bucket).
    lo: [f64; 2],
    hi: [f64; 2],
}

/// One grid's cells as a search reads them: `grid`'s bucket b holds the entries
/// `items[start[bucket0 + b]..start[bucket0 + b + 1]]`, each of the cell beside it in
/// `cells` (a hashed bucket holds the entries of several cells; a dense one of one).
#[derive(Clone, Copy)]
struct Cells<'a> {
    grid: Grid,
    bucket0: usize,
    start: &'a [u32],
    items: &'a [Item],
    cells: &'a [[u32; 2]],
}

impl Cells<'_> {
    /// Calls `f` with the slot and entry of every disc of cell (cx, cy), from slot `from` of
    /// its bucket on.
    #[inline]
    fn cell_from(&self, cx: u32, cy: u32, from: usize, mut f: impl FnMut(usize, &Item)) {
        let b = self.bucket0 + self.grid.bucket(cx, cy) as usize;
        let (lo, hi) = (self.start[b] as usize, self.start[b + 1] as usize);
        for a in lo.max(from)..hi {
            if self.cells[a] == [cx, cy] {
                f(a, &self.items[a]);
            }
        }
    }

    /// Calls `f` with every entry of a cell that meets the box `[x0, x1] x [y0, y1]`, each
    /// once, or with every entry of `items[first..end]` (the grid's) when the box has more
    /// cells than that.
    #[inline]
    fn in_box(
        &self,
        [x0, y0, x1, y1]: [f64; 4],
        [first, end]: [usize; 2],
        mut f: impl FnMut(&Item),
    ) {
        let g = &self.grid;
        let (cx0, cx1, cy0, cy1) = (g.cx(x0), g.cx(x1), g.cy(y0), g.cy(y1));
        let cells = (u64::from(cx1 - cx0) + 1) * (u64::from(cy1 - cy0) + 1);
        if cells > (end - first) as u64 {
            // Only the entries inside the box: those outside are the "perhaps others" of a
            // cell that meets it, which no caller needs, and a test here is far cheaper than
            // a caller's (a class of small discs spread over the table, queried around a
            // large disc: its few entries near the disc among thousands).
            for item in &self.items[first..end] {
                if x0 <= item.x && item.x <= x1 && y0 <= item.y && item.y <= y1 {
                    f(item);
                }
            }
            return;
        }
        for cy in cy0..=cy1 {
            for cx in cx0..=cx1 {
                self.cell_from(cx, cy, 0, |_, item| f(item));
            }
        }
    }

    /// The pairs of entry `a` (disc `me`, radius `ri`) with the later entries of its cell and
    /// the entries of the next cell of its row and of the three cells of the next row (each
    /// pair of one grid once), closer than `ri + r_j + skin`, written from `pairs[k]` on.
    /// Returns the new count.
    #[inline]
    fn forward_pairs(
        &self,
        a: usize,
        (ri, skin, r): (f64, f64, &[f64]),
        pairs: &mut Vec<[u32; 2]>,
        mut k: usize,
    ) -> usize {
        let me = self.items[a];
        let [cx, cy] = self.cells[a];
        let (nx, ny) = (self.grid.nx, self.grid.ny);
        let mut test = |_: usize, item: &Item| {
            let (dx, dy) = (item.x - me.x, item.y - me.y);
            let reach = ri + r[item.id as usize] + skin;
            if dx * dx + dy * dy < reach * reach {
                put(pairs, &mut k, [me.id, item.id]);
            }
        };
        self.cell_from(cx, cy, a + 1, &mut test);
        if cx + 1 < nx {
            self.cell_from(cx + 1, cy, 0, &mut test);
        }
        if cy + 1 < ny {
            if cx > 0 {
                self.cell_from(cx - 1, cy + 1, 0, &mut test);
            }
            self.cell_from(cx, cy + 1, 0, &mut test);
            if cx + 1 < nx {
                self.cell_from(cx + 1, cy + 1, 0, &mut test);
            }
        }
        k
    }
}

/// Writes `pair` at `pairs[k]`, lengthening the buffer first if it is full, and advances `k`.
#[inline]
fn put(pairs: &mut Vec<[u32; 2]>, k: &mut usize, pair: [u32; 2]) {
    if pairs.len() <= *k {
        lengthen(pairs, *k + 1);
    }
    pairs[*k] = pair;
    *k += 1;
}

impl Classes {
    /// Forgets the classes (a build that keeps no disc in them).
    pub fn clear(&mut self) {
        self.levels.clear();
        self.discs.clear();
        self.items.clear();
    }

    /// The discs entered in the classes' grids at the build (none without classes).
    #[inline]
    pub fn entries(&self) -> usize {
        self.items.len()
    }

    /// Takes the discs on the table (`on`) larger than `r_grid` into their classes (radii
    /// `r`; the positions come at each build, [`Classes::sort`]).
    pub fn enter(&mut self, r: &[f64], on: &[bool], r_grid: f64) {
        self.clear();
        self.class_of.clear();
        let (mut e_lo, mut e_hi) = (usize::MAX, 0);
        for i in 0..r.len().min(on.len()) {
            if on[i] && r[i] > r_grid {
                self.discs.push(i as u32);
                let e = exponent(r[i]);
                e_lo = e_lo.min(e);
                e_hi = e_hi.max(e);
            }
        }
        if self.discs.is_empty() {
            return;
        }
        self.by_exponent.clear();
        self.by_exponent.resize(e_hi - e_lo + 1, u32::MAX);
        for &i in &self.discs {
            self.by_exponent[exponent(r[i as usize]) - e_lo] = 0;
        }
        let mut classes = 0;
        for c in &mut self.by_exponent {
            if *c != u32::MAX {
                *c = classes;
                classes += 1;
            }
        }
        self.levels.resize(classes as usize, Level::default());
        for &i in &self.discs {
            let ri = r[i as usize];
            let c = self.by_exponent[exponent(ri) - e_lo];
            self.class_of.push(c);
            let level = &mut self.levels[c as usize];
            level.r_max = level.r_max.max(ri);
            level.count += 1;
        }
    }

    /// The build's counting sort of the discs in the classes into their grids, each with
    /// cells at least `2 r_max + skin` wide, the table's half sizes `hx`, `hy`; keeps each
    /// disc's position in `home` ([`Near::recheck`] reads it).
    pub fn sort(&mut self, (hx, hy, skin): (f64, f64, f64), kin: &[Kin], home: &mut [[f64; 2]]) {
        let mut buckets = 0usize;
        for level in &mut self.levels {
            let want = 2.0 * level.r_max + skin;
            let n_buckets = (2 * level.count as usize).next_power_of_two().max(16);
            level.grid = Grid::hashed(hx, hy, want, n_buckets);
            level.bucket0 = buckets as u32;
            buckets += n_buckets;
            level.lo = [f64::INFINITY; 2];
            level.hi = [f64::NEG_INFINITY; 2];
        }
        grow_zeroed(&mut self.tally, buckets);
        self.start.resize(buckets + 1, 0);
        let d = self.discs.len();
        self.bucket_of.resize(d, 0);
        for s in 0..d {
            let i = self.discs[s] as usize;
            let level = &mut self.levels[self.class_of[s] as usize];
            let (x, y) = (kin[i].px, kin[i].py);
            let (cx, cy) = level.grid.cell_coords(x, y);
            let bucket = level.bucket0 + hash_cell(cx, cy, level.grid.mask);
            self.bucket_of[s] = bucket;
            self.tally[bucket as usize] += 1;
            home[i] = [x, y];
            level.lo = [level.lo[0].min(x), level.lo[1].min(y)];
            level.hi = [level.hi[0].max(x), level.hi[1].max(y)];
        }
        let m = begins_and_clear(&mut self.tally[..buckets], &mut self.start[..buckets + 1]);
        self.items.resize(m, Item::default());
        self.cells.resize(m, [0; 2]);
        for s in 0..d {
            let i = self.discs[s] as usize;
            let level = &self.levels[self.class_of[s] as usize];
            let ([x, y], bucket) = (home[i], self.bucket_of[s]);
            let cursor = &mut self.start[bucket as usize + 1];
            let slot = *cursor as usize;
            *cursor += 1;
            self.items[slot] = Item {
                x,
                y,
                id: i as u32,
                bucket,
            };
            let (cx, cy) = level.grid.cell_coords(x, y);
            self.cells[slot] = [cx, cy];
        }
        for level in &mut self.levels {
            let buckets = level.grid.mask as usize + 1;
            level.first = self.start[level.bucket0 as usize];
            level.end = self.start[level.bucket0 as usize + buckets];
        }
    }

    /// Class `c`'s grid as a search reads it.
    #[inline]
    fn cells_of(&self, c: usize) -> Cells<'_> {
        let level = &self.levels[c];
        Cells {
            grid: level.grid,
            bucket0: level.bucket0 as usize,
            start: &self.start,
            items: &self.items,
            cells: &self.cells,
        }
    }

    /// Calls `f` with every entry of class `c` in a cell that meets the box
    /// `[x0, x1] x [y0, y1]` (and perhaps others), each once; none if the box is clear of
    /// every entry of the class.
    #[inline]
    fn class_in_box(&self, c: usize, [x0, y0, x1, y1]: [f64; 4], f: impl FnMut(&Item)) {
        let level = &self.levels[c];
        if x1 < level.lo[0] || y1 < level.lo[1] || x0 > level.hi[0] || y0 > level.hi[1] {
            return;
        }
        // Every entry inside the box is inside its overlap with the entries' bounds (a class
        // of small discs in a corner, queried around a large disc: the cells of the overlap).
        let (x0, y0) = (x0.max(level.lo[0]), y0.max(level.lo[1]));
        let (x1, y1) = (x1.min(level.hi[0]), y1.min(level.hi[1]));
        let range = [level.first as usize, level.end as usize];
        self.cells_of(c).in_box([x0, y0, x1, y1], range, f);
    }

    /// The pairs of disc `me` (radius `ri`) with the discs of the classes from `from` on
    /// whose centres were closer than the two radii and the skin, `me` first, written from
    /// `pairs[k]` on. Returns the new count.
    #[inline]
    fn up_pairs(
        &self,
        from: usize,
        me: &Item,
        (ri, skin, r): (f64, f64, &[f64]),
        pairs: &mut Vec<[u32; 2]>,
        mut k: usize,
    ) -> usize {
        for c in from..self.levels.len() {
            let reach = ri + self.levels[c].r_max + skin;
            let bx = [me.x - reach, me.y - reach, me.x + reach, me.y + reach];
            self.class_in_box(c, bx, |item| {
                let (dx, dy) = (item.x - me.x, item.y - me.y);
                let reach = ri + r[item.id as usize] + skin;
                if dx * dx + dy * dy < reach * reach {
                    put(pairs, &mut k, [me.id, item.id]);
                }
            });
        }
        k
    }

    /// Calls `f` with every disc of the classes whose entry is in a cell meeting the box
    /// `[x0, x1] x [y0, y1]` widened by its class's largest radius (and perhaps others).
    #[cold]
    #[inline(never)]
    pub fn for_each_in_box(&self, [x0, y0, x1, y1]: [f64; 4], mut f: impl FnMut(u32)) {
        for c in 0..self.levels.len() {
            let w = self.levels[c].r_max;
            self.class_in_box(c, [x0 - w, y0 - w, x1 + w, y1 + w], |item| f(item.id));
        }
    }

    /// Reserves the buffers for builds over `n` discs of radii in `[r_min, r_max]`.
    pub fn reserve(&mut self, n: usize, r_max: f64, r_min: f64) {
        fn at_least<T>(v: &mut Vec<T>, k: usize) {
            if v.capacity() < k {
                v.reserve(k.saturating_sub(v.len()));
            }
        }
        let classes = classes_at_most(r_max, r_min);
        // Each class has at most max(16, 4 m) buckets for its m discs.
        let buckets = 4 * n + 16 * classes;
        at_least(&mut self.levels, classes);
        at_least(&mut self.by_exponent, classes);
        at_least(&mut self.discs, n);
        at_least(&mut self.class_of, n);
        at_least(&mut self.bucket_of, n);
        at_least(&mut self.items, n);
        at_least(&mut self.cells, n);
        at_least(&mut self.start, buckets + 1);
        at_least(&mut self.tally, buckets);
    }

    /// Heap bytes held (capacity).
    pub fn capacity_bytes(&self) -> usize {
        size_of::<Level>() * self.levels.capacity()
            + 4 * (self.discs.capacity()
                + self.class_of.capacity()
                + self.bucket_of.capacity()
                + self.by_exponent.capacity()
                + self.start.capacity()
                + self.tally.capacity())
            + size_of::<Item>() * self.items.capacity()
            + 8 * self.cells.capacity()
    }
}

impl Near {
    /// [`Near::list_pairs`]' search when some discs are in size classes ([`Near::classes`]):
    /// the grid's entries (its `m` discs, of radius at most [`Near::r_grid`]) and then each
    /// class's, each against the later discs of its own grid around it and against the
    /// discs of every larger class within its reach, so that each disc's pairs listing it
    /// first are one range (`own`). Sorts the classes' discs into their grids first (`hx`,
    /// `hy`: the table's half sizes). Returns the number of pairs.
    #[cold]
    #[inline(never)]
    pub(super) fn class_pairs(
        &mut self,
        (hx, hy, skin): (f64, f64, f64),
        kin: &[Kin],
        r: &[f64],
    ) -> usize {
        let m = self.items.len();
        let grid = self.grid;
        self.item_cell.resize(m, [0; 2]);
        for slot in 0..m {
            let (cx, cy) = grid.cell_coords(self.items[slot].x, self.items[slot].y);
            self.item_cell[slot] = [cx, cy];
        }
        self.classes.sort((hx, hy, skin), kin, &mut self.home);
        let (mut pairs, mut own) = (
            std::mem::take(&mut self.pairs),
            std::mem::take(&mut self.own),
        );
        let mut k = 0usize;
        let base = Cells {
            grid,
            bucket0: 0,
            start: &self.start,
            items: &self.items,
            cells: &self.item_cell,
        };
        let classes = &self.classes;
        for a in 0..m {
            let me = &base.items[a];
            let ri = r[me.id as usize];
            let first = k;
            k = base.forward_pairs(a, (ri, skin, r), &mut pairs, k);
            k = classes.up_pairs(0, me, (ri, skin, r), &mut pairs, k);
            own[me.id as usize] = [first as u32, k as u32];
        }
        for c in 0..classes.levels.len() {
            let cells = classes.cells_of(c);
            let level = &classes.levels[c];
            for a in level.first as usize..level.end as usize {
                let me = &classes.items[a];
                let ri = r[me.id as usize];
                let first = k;
                k = cells.forward_pairs(a, (ri, skin, r), &mut pairs, k);
                k = classes.up_pairs(c + 1, me, (ri, skin, r), &mut pairs, k);
                own[me.id as usize] = [first as u32, k as u32];
            }
        }
        (self.pairs, self.own) = (pairs, own);
        k
    }

    /// [`Near::recheck`]'s look at the discs in size classes (not in the grid) for escapee
    /// `e`: `slack` lowered to half the gap (less the margin) of each not listed with it and
    /// closer than `near_gap` now, found in each class's cells within the escapee's reach
    /// (every disc is within `disp` of its entry).
    #[cold]
    #[inline(never)]
    pub(super) fn class_slack(
        &self,
        e: usize,
        (kin, r, on): (&[Kin], &[f64], &[bool]),
        near_gap: f64,
        mut slack: f64,
    ) -> f64 {
        let (ex, ey, re) = (kin[e].px, kin[e].py, r[e]);
        let classes = &self.classes;
        for c in 0..classes.levels.len() {
            let reach = re + classes.levels[c].r_max + near_gap + self.disp;
            let far2 = {
                let far = reach * (1.0 + 1e-9);
                far * far
            };
            let bx = [ex - reach, ey - reach, ex + reach, ey + reach];
            classes.class_in_box(c, bx, |item| {
                let (hx, hy) = (ex - item.x, ey - item.y);
                if hx * hx + hy * hy > far2 {
                    return;
                }
                slack = self.slack_with(e, item.id as usize, (kin, r, on), near_gap, slack);
            });
        }
        slack
    }
}
