//! Uniform grids over the table: the per-step broadphase and the placement index.
//!
//! Both are dense arrays of cell heads with singly linked entry lists, rebuilt in place so
//! that after the first step no memory is allocated. Cell coordinates are clamped to the grid,
//! so a point outside it (never the case for a disc on the table) still lands in a cell.

pub(crate) const NONE: u32 = u32::MAX;

/// A disc's straight path as entered in the broadphase: position (x, y) at substep time `t`,
/// velocity (vx, vy). Valid while the disc's version equals `version`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry {
    pub x: f64,
    pub y: f64,
    pub vx: f64,
    pub vy: f64,
    pub t: f64,
    pub r: f64,
    pub disc: u32,
    pub version: u32,
}

/// Broadphase for one substep: each disc on the table is entered once, under the cell of the
/// lower-left corner of its swept box, by a counting sort (entries of one row of cells are
/// contiguous). A disc whose velocity changes within the substep is entered again, in a
/// per-cell overflow list, for its new path; the old entry is then stale (version).
#[derive(Clone, Debug, Default)]
pub(crate) struct StepGrid {
    pub ox: f64,
    pub oy: f64,
    pub inv_cell: f64,
    pub nx: usize,
    pub ny: usize,
    /// The largest extent (width or height) of any swept box entered so far.
    pub extent: f64,
    /// `start[c]..start[c + 1]` are the sorted entries of cell c (`cells + 2` slots: while
    /// counting, `start[c + 2]` holds the count of cell c, so that the scatter of
    /// [`StepGrid::finish`] can use `start[c + 1]` as the cursor of cell c and leave it at the
    /// start of cell c + 1; no separate cursor array is copied).
    pub start: Vec<u32>,
    cell: Vec<u32>,
    pub entries: Vec<Entry>,
    /// The cell of each sorted entry (parallel to `entries`).
    pub entry_cell: Vec<u32>,
    pub extra: Vec<Entry>,
    pub extra_next: Vec<u32>,
    pub extra_head: Vec<u32>,
    extra_cells: Vec<u32>,
}

impl StepGrid {
    /// Resets the grid for a table of half sizes `hx`, `hy` with cells of at least `cell`
    /// metres and at most `max_cells` cells, for `n` discs.
    pub fn reset(&mut self, hx: f64, hy: f64, cell: f64, max_cells: usize, n: usize) {
        let (nx, ny, cw) = grid_layout(hx, hy, cell, max_cells);
        self.ox = -hx;
        self.oy = -hy;
        self.inv_cell = 1.0 / cw;
        self.nx = nx;
        self.ny = ny;
        // Every swept box of the substep fits in a cell (`cell` bounds them all).
        self.extent = cw;
        let cells = nx * ny;
        // Reserve for the largest grid this world can ask for, once, so that a grid that
        // grows as discs slow down reuses the same memory.
        let most = max_cells.max(1) + 2;
        if self.start.capacity() < most {
            self.start.reserve(most - self.start.len());
            self.extra_head.reserve(most - self.extra_head.len());
        }
        // Clear the overflow lists of the previous substep.
        for &c in &self.extra_cells {
            if let Some(h) = self.extra_head.get_mut(c as usize) {
                *h = NONE;
            }
        }
        self.extra_cells.clear();
        if self.extra_head.len() != cells {
            self.extra_head.clear();
            self.extra_head.resize(cells, NONE);
        }
        self.extra.clear();
        self.extra_next.clear();
        self.start.clear();
        self.start.resize(cells + 2, 0);
        // Every disc on the table is counted (its cell written) before `finish` reads it; the
        // slots of discs off the table are never read, so they need no clearing.
        self.cell.resize(n, 0);
    }

    /// Counts disc `i` (on the table) under the cell of (`min_x`, `min_y`).
    #[inline]
    pub fn count(&mut self, i: usize, min_x: f64, min_y: f64) {
        let c = self.cy(min_y) * self.nx + self.cx(min_x);
        self.start[c + 2] += 1;
        self.cell[i] = c as u32;
    }

    /// Sorts the counted discs by cell (stable: creation order within a cell) into entries.
    #[allow(clippy::too_many_arguments)]
    pub fn finish(
        &mut self,
        px: &[f64],
        py: &[f64],
        vx: &[f64],
        vy: &[f64],
        r: &[f64],
        version: &[u32],
        on: &[bool],
    ) {
        let cells = self.nx * self.ny;
        // Prefix sums: afterwards start[c + 1] is the first slot of cell c.
        let mut acc = 0u32;
        for s in &mut self.start[2..cells + 2] {
            acc += *s;
            *s = acc;
        }
        // Every slot 0..acc is written exactly once below, so stale entries of the previous
        // substep need no clearing (resize only touches a length change).
        self.entries.resize(acc as usize, Entry::default());
        self.entry_cell.resize(acc as usize, 0);
        let n = self.cell.len();
        let (px, py, vx, vy, r, version, on) = (
            &px[..n],
            &py[..n],
            &vx[..n],
            &vy[..n],
            &r[..n],
            &version[..n],
            &on[..n],
        );
        for i in 0..n {
            if !on[i] {
                continue;
            }
            let c = self.cell[i] as usize;
            let p = self.start[c + 1] as usize;
            self.start[c + 1] += 1;
            self.entry_cell[p] = c as u32;
            self.entries[p] = Entry {
                x: px[i],
                y: py[i],
                vx: vx[i],
                vy: vy[i],
                t: 0.0,
                r: r[i],
                disc: i as u32,
                version: version[i],
            };
        }
    }

    pub fn reserve_extra(&mut self, k: usize) {
        self.extra.reserve(k);
        self.extra_next.reserve(k);
        self.extra_cells.reserve(k);
    }

    pub fn cell_capacity(&self) -> usize {
        self.cell.capacity() + self.extra_cells.capacity()
    }

    #[inline]
    pub fn cx(&self, x: f64) -> usize {
        let f = (x - self.ox) * self.inv_cell;
        // Clamped first, so the conversion is a plain truncation (NaN would give 0).
        f.clamp(0.0, (self.nx - 1) as f64) as u32 as usize
    }

    #[inline]
    pub fn cy(&self, y: f64) -> usize {
        let f = (y - self.oy) * self.inv_cell;
        // Clamped first, so the conversion is a plain truncation (NaN would give 0).
        f.clamp(0.0, (self.ny - 1) as f64) as u32 as usize
    }

    /// Enters a new path of a disc during the substep (overflow list of its cell).
    #[inline]
    pub fn insert_extra(&mut self, e: Entry, min_x: f64, min_y: f64, extent: f64) {
        let c = self.cy(min_y) * self.nx + self.cx(min_x);
        let k = self.extra.len() as u32;
        self.extra.push(e);
        self.extra_next.push(self.extra_head[c]);
        if self.extra_head[c] == NONE {
            self.extra_cells.push(c as u32);
        }
        self.extra_head[c] = k;
        if extent > self.extent {
            self.extent = extent;
        }
    }
}

/// Placement index: discs on the table by the cell of their centre, for the overlap check of
/// [`World::add_disc`](crate::World::add_disc) in large worlds. Rebuilt lazily after any
/// step or move.
#[derive(Clone, Debug, Default)]
pub(crate) struct PlaceIndex {
    pub valid: bool,
    pub ox: f64,
    pub oy: f64,
    pub inv_cell: f64,
    pub nx: usize,
    pub ny: usize,
    pub r_max: f64,
    pub head: Vec<u32>,
    /// Per disc: the next disc in its cell's list.
    pub next: Vec<u32>,
}

impl PlaceIndex {
    pub fn cell_of(&self, x: f64, y: f64) -> (usize, usize) {
        let fx = (x - self.ox) * self.inv_cell;
        let fy = (y - self.oy) * self.inv_cell;
        let cx = if fx >= (self.nx - 1) as f64 {
            self.nx - 1
        } else if fx > 0.0 {
            fx as usize
        } else {
            0
        };
        let cy = if fy >= (self.ny - 1) as f64 {
            self.ny - 1
        } else if fy > 0.0 {
            fy as usize
        } else {
            0
        };
        (cx, cy)
    }

    pub fn reset(&mut self, hx: f64, hy: f64, cell: f64, max_cells: usize) {
        let (nx, ny, cw) = grid_layout(hx, hy, cell, max_cells);
        self.ox = -hx;
        self.oy = -hy;
        self.inv_cell = 1.0 / cw;
        self.nx = nx;
        self.ny = ny;
        self.head.clear();
        self.head.resize(nx * ny, NONE);
        self.next.clear();
        self.valid = true;
    }

    pub fn insert(&mut self, disc: u32, x: f64, y: f64, r: f64) {
        let (cx, cy) = self.cell_of(x, y);
        let c = cy * self.nx + cx;
        let i = disc as usize;
        if self.next.len() <= i {
            self.next.resize(i + 1, NONE);
        }
        self.next[i] = self.head[c];
        self.head[c] = disc;
        if r > self.r_max {
            self.r_max = r;
        }
    }
}

/// The layout of a grid over a table of half sizes `hx`, `hy`: `(nx, ny, cell width)` with
/// cells of at least `cell` metres and at most `max_cells` cells. The grid spans the table
/// with `nx` x `ny` square cells.
fn grid_layout(hx: f64, hy: f64, cell: f64, max_cells: usize) -> (usize, usize, f64) {
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
