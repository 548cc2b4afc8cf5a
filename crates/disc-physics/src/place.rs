//! The placement index: discs on the table by size class and by the cell of their centre, for
//! the overlap check of [`World::add_disc`](crate::World::add_disc) and
//! [`World::place`](crate::World::place) in large worlds. Not part of the step.
//!
//! The class of a disc is the binary exponent of its radius (radii within a factor of two
//! share one, as in `deepest_overlap`'s grids). A class's cells at its level 0 are as wide as
//! the diameter of the first disc entered in it (since the index was emptied): at least every
//! radius of the class and at most four times any, so a cell holds a bounded number of the
//! class's discs that do not overlap, whatever the other classes hold, and one large disc
//! among many small ones leaves the small ones in small cells. (Before the audit of 7 Dec
//! 2026 every cell was as wide as the largest diameter.) Which disc an overlap names does not
//! depend on the cells, nor on which disc came first.
//!
//! A query reaching far beyond a class's cells (a large disc looked up among small ones)
//! would span many of them, most perhaps empty; so a class also has coarser levels, each
//! with cells four times as wide as the one below, made when a query first needs one (see
//! [`PlaceIndex::prepare`]) and kept up to date from then on. A query visits, in each class,
//! the finest level whose cells within its reach are at most [`MAX_CELLS`]: the discs it is
//! shown lie within a few times its reach, however the radii are mixed. A class of at most
//! [`PLAIN_MEMBERS`] discs is passed over plainly.
//!
//! Each level hashes its cells into buckets that grow with the class, so a cluster of discs
//! on a huge table costs what it would on a small one. The caller takes the lowest index
//! among all the discs it is shown that are in the way.

use crate::solver::NONE;

/// No class: the disc was never entered since the index was emptied.
const NO_CLASS: u16 = u16::MAX;

/// The most cells a query visits at one level of a class (else it looks at a coarser level).
const MAX_CELLS: u64 = 64;

/// A class of at most this many discs is passed over plainly, without its cells.
const PLAIN_MEMBERS: usize = 64;

/// The most levels of a class: level 15's cells are 4^15 (10^9) times as wide as level 0's,
/// wider than the largest table is for the smallest class.
const MAX_LEVELS: usize = 16;

#[derive(Clone, Debug, Default)]
pub(crate) struct PlaceIndex {
    /// Whether the index holds every disc on the table where it is (else it is rebuilt
    /// before it is used).
    pub valid: bool,
    ox: f64,
    oy: f64,
    /// The size classes, in the order they were first met.
    classes: Vec<SizeClass>,
    /// Per disc: its class's index in `classes`, or `NO_CLASS`.
    class_of: Vec<u16>,
    /// Per disc: its slot in its class.
    slot_of: Vec<u32>,
}

/// One size class of a [`PlaceIndex`]. Its discs are known by their slot: the order in which
/// they were entered.
#[derive(Clone, Debug)]
struct SizeClass {
    /// The binary exponent of its radii (the bits of the `f64`).
    exp: u64,
    /// The largest radius entered: how far beyond a query's own radius its discs may reach.
    r_max: f64,
    /// Per slot: the disc. Every disc entered since the index was emptied (some may have
    /// been taken out of the lists since): the plain pass over the class.
    members: Vec<u32>,
    /// Per slot: where the disc was entered (to make a level or grow one's buckets).
    pos: Vec<(f64, f64)>,
    /// Level 0 (always made) and the coarser levels made so far.
    levels: Vec<Level>,
}

/// One level of a [`SizeClass`]: its discs' slots by the cell of their centre, hashed into
/// buckets, each bucket a doubly linked list.
#[derive(Clone, Debug)]
struct Level {
    /// One over the cells' width.
    inv_cell: f64,
    mask: usize,
    /// Per bucket: the first slot of its list (in no particular order).
    head: Vec<u32>,
    /// Per slot: the next slot in its bucket's list.
    next: Vec<u32>,
    /// Per slot: the previous slot in its bucket's list, or `NONE` for the first.
    prev: Vec<u32>,
    /// Per slot: the bucket whose list holds it, or `NONE`.
    bucket_of: Vec<u32>,
}

impl Level {
    fn new(inv_cell: f64, slots: usize) -> Level {
        let buckets = Self::buckets_for(slots);
        Level {
            inv_cell,
            mask: buckets - 1,
            head: vec![NONE; buckets],
            next: vec![NONE; slots],
            prev: vec![NONE; slots],
            bucket_of: vec![NONE; slots],
        }
    }

    /// The buckets of a level of `slots` slots: about four for each, so that a list seldom
    /// holds another cell's slots (a level is rehashed when its slots outnumber a quarter of
    /// its buckets).
    fn buckets_for(slots: usize) -> usize {
        (4 * slots + 64).next_power_of_two()
    }

    fn bucket(&self, (cx, cy): (u64, u64)) -> usize {
        let h = cx.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ cy.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        ((h >> 32) as usize) & self.mask
    }

    /// Puts `slot` (in no list) at the head of the list of cell `cell`'s bucket.
    fn link(&mut self, slot: u32, cell: (u64, u64)) {
        let b = self.bucket(cell);
        let s = slot as usize;
        let first = self.head[b];
        self.next[s] = first;
        self.prev[s] = NONE;
        if first != NONE {
            self.prev[first as usize] = slot;
        }
        self.head[b] = slot;
        self.bucket_of[s] = b as u32;
    }

    /// Takes `slot` out of its bucket's list, if it is in one.
    fn unlink(&mut self, slot: u32) {
        let s = slot as usize;
        let b = self.bucket_of[s];
        if b == NONE {
            return;
        }
        let (p, q) = (self.prev[s], self.next[s]);
        if p == NONE {
            self.head[b as usize] = q;
        } else {
            self.next[p as usize] = q;
        }
        if q != NONE {
            self.prev[q as usize] = p;
        }
        self.bucket_of[s] = NONE;
    }
}

impl PlaceIndex {
    /// The binary exponent of a radius (radii are normal numbers, [`crate::limits::RADIUS_M`]).
    fn exponent(r: f64) -> u64 {
        (r.to_bits() >> 52) & 0x7ff
    }

    /// The cell of a point (coordinates from the table's corner) in cells `1 / inv_cell` wide.
    fn cell_of(&self, x: f64, y: f64, inv_cell: f64) -> (u64, u64) {
        cell_at((self.ox, self.oy), (x, y), inv_cell)
    }

    /// The first and last cells of the box within `reach` of (x, y), and how many cells it
    /// spans (saturating).
    fn box_cells(
        &self,
        (x, y): (f64, f64),
        reach: f64,
        inv_cell: f64,
    ) -> ((u64, u64), (u64, u64), u64) {
        let lo = self.cell_of(x - reach, y - reach, inv_cell);
        let hi = self.cell_of(x + reach, y + reach, inv_cell);
        let w = hi.0.saturating_sub(lo.0).saturating_add(1);
        let h = hi.1.saturating_sub(lo.1).saturating_add(1);
        (lo, hi, w.saturating_mul(h))
    }

    /// Empties the index for a table of half sizes `hx`, `hy`.
    pub fn reset(&mut self, hx: f64, hy: f64) {
        self.ox = -hx;
        self.oy = -hy;
        self.classes.clear();
        self.class_of.clear();
        self.slot_of.clear();
        self.valid = true;
    }

    /// Drops the index: the next look that uses it rebuilds it.
    pub fn invalidate(&mut self) {
        self.valid = false;
    }

    /// The class of radius `r`, made if it is new.
    fn class_for(&mut self, r: f64) -> usize {
        let exp = Self::exponent(r);
        if let Some(c) = self.classes.iter().position(|c| c.exp == exp) {
            return c;
        }
        // The diameter of the class's first disc: at least every radius of the class (they
        // lie in [2^e, 2^(e+1))), and the class's only one in a world of one size per class.
        let width = 2.0 * r;
        self.classes.push(SizeClass {
            exp,
            r_max: 0.0,
            members: Vec::new(),
            pos: Vec::new(),
            levels: vec![Level::new(1.0 / width, 0)],
        });
        self.classes.len() - 1
    }

    /// Enters disc `disc` of radius `r` at (x, y), or moves it there if it is entered: out
    /// of its buckets' lists and into those of its new cells, at every level its class has.
    /// Amortised O(levels) (the lists are doubly linked; a level's buckets double as its
    /// class grows), where a rebuild costs every disc.
    pub fn move_disc(&mut self, disc: u32, x: f64, y: f64, r: f64) {
        let i = disc as usize;
        if self.class_of.len() <= i {
            self.class_of.resize(i + 1, NO_CLASS);
            self.slot_of.resize(i + 1, NONE);
        }
        let (c, slot) = if self.class_of[i] == NO_CLASS {
            let c = self.class_for(r);
            let class = &mut self.classes[c];
            let slot = class.members.len() as u32;
            class.members.push(disc);
            class.pos.push((x, y));
            for level in &mut class.levels {
                level.next.push(NONE);
                level.prev.push(NONE);
                level.bucket_of.push(NONE);
            }
            self.class_of[i] = c as u16;
            self.slot_of[i] = slot;
            (c, slot)
        } else {
            (usize::from(self.class_of[i]), self.slot_of[i])
        };
        let (ox, oy) = (self.ox, self.oy);
        let class = &mut self.classes[c];
        if r > class.r_max {
            class.r_max = r;
        }
        class.pos[slot as usize] = (x, y);
        let slots = class.members.len();
        for l in 0..class.levels.len() {
            if slots > class.levels[l].head.len() / 4 {
                Self::grow(ox, oy, class, l);
            }
            let level = &mut class.levels[l];
            level.unlink(slot);
            let cell = cell_at((ox, oy), (x, y), level.inv_cell);
            level.link(slot, cell);
        }
    }

    /// Rehashes level `l` of `class` into twice as many buckets as its slots need.
    fn grow(ox: f64, oy: f64, class: &mut SizeClass, l: usize) {
        let slots = class.members.len();
        let old = &class.levels[l];
        let mut level = Level::new(old.inv_cell, slots);
        for s in 0..slots.min(old.bucket_of.len()) {
            if old.bucket_of[s] != NONE {
                let cell = cell_at((ox, oy), class.pos[s], level.inv_cell);
                level.link(s as u32, cell);
            }
        }
        class.levels[l] = level;
    }

    /// Takes disc `disc` out of its buckets' lists, if it is in them (it stays a member of
    /// its class). O(levels).
    pub fn unlink(&mut self, disc: u32) {
        let i = disc as usize;
        let Some(&c) = self.class_of.get(i) else {
            return;
        };
        if c == NO_CLASS {
            return;
        }
        let slot = self.slot_of[i];
        for level in &mut self.classes[usize::from(c)].levels {
            level.unlink(slot);
        }
    }

    /// The level of `class` that a query reaching `reach` beyond its own radius from
    /// (x, y) visits: the finest whose box spans at most [`MAX_CELLS`] cells, counted
    /// whether or not it is made yet (at most [`MAX_LEVELS`] - 1).
    fn level_for(&self, class: &SizeClass, p: (f64, f64), reach: f64) -> usize {
        let mut inv = class.levels[0].inv_cell;
        for l in 0..MAX_LEVELS - 1 {
            if self.box_cells(p, reach, inv).2 <= MAX_CELLS {
                return l;
            }
            inv *= 0.25;
        }
        MAX_LEVELS - 1
    }

    /// Makes, in every class too large to be passed over plainly, the level that a query
    /// for a disc of radius `r` at (x, y) visits ([`for_each_near`](Self::for_each_near)).
    /// A level is made once, from the class's discs (and kept up to date from then on), so
    /// its cost is amortised as a rebuild's is.
    pub fn prepare(&mut self, x: f64, y: f64, r: f64) {
        let (ox, oy) = (self.ox, self.oy);
        for c in 0..self.classes.len() {
            let class = &self.classes[c];
            if class.members.len() <= PLAIN_MEMBERS {
                continue;
            }
            let want = self.level_for(class, (x, y), r + class.r_max);
            let class = &mut self.classes[c];
            while class.levels.len() <= want {
                let inv = 0.25 * class.levels[class.levels.len() - 1].inv_cell;
                let slots = class.members.len();
                let mut level = Level::new(inv, slots);
                for s in 0..slots {
                    if class.levels[0].bucket_of[s] != NONE {
                        level.link(s as u32, cell_at((ox, oy), class.pos[s], inv));
                    }
                }
                class.levels.push(level);
            }
        }
    }

    /// Calls `f` with every disc entered whose centre may lie within `r` plus its own radius
    /// of (x, y) (and perhaps others), in no particular order. In each class it visits the
    /// cells within `r` plus the class's largest radius of the point at the finest level
    /// where they are at most [`MAX_CELLS`] (or, if that level is not made, the coarsest
    /// made when it spans no more cells than the class has discs), else the class's discs
    /// one by one: after [`prepare`](Self::prepare) for the same query, the discs it is shown
    /// lie within a few times its reach. A look never spans more cells of a class than the
    /// class has discs (before the API audit of 5 Dec 2026 a disc of 3 m among 70 of 0.1 mm
    /// visited 2·10⁹ cells, 4 s; of 100 m, hours).
    pub fn for_each_near(&self, x: f64, y: f64, r: f64, mut f: impl FnMut(usize)) {
        for class in &self.classes {
            let reach = r + class.r_max;
            let members = class.members.len();
            let plain = if members <= PLAIN_MEMBERS {
                true
            } else {
                let want = self.level_for(class, (x, y), reach);
                let level = &class.levels[want.min(class.levels.len() - 1)];
                let (lo, hi, cells) = self.box_cells((x, y), reach, level.inv_cell);
                if cells > members as u64 {
                    true
                } else {
                    for cy in lo.1..=hi.1 {
                        for cx in lo.0..=hi.0 {
                            let mut s = level.head[level.bucket((cx, cy))];
                            while s != NONE {
                                f(class.members[s as usize] as usize);
                                s = level.next[s as usize];
                            }
                        }
                    }
                    false
                }
            };
            if plain {
                for &j in &class.members {
                    f(j as usize);
                }
            }
        }
    }
}

/// The cell of a point in cells `1 / inv_cell` wide counted from the corner (ox, oy).
fn cell_at((ox, oy): (f64, f64), (x, y): (f64, f64), inv_cell: f64) -> (u64, u64) {
    let fx = (x - ox) * inv_cell;
    let fy = (y - oy) * inv_cell;
    // A point left of or below the table (a query box's corner) counts as column or row 0;
    // `as` saturates a huge value.
    (
        if fx > 0.0 { fx as u64 } else { 0 },
        if fy > 0.0 { fy as u64 } else { 0 },
    )
}
