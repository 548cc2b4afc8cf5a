//! The placement index: discs on the table by the cell of their centre, for the overlap
//! check of [`World::add_disc`](crate::World::add_disc) in large worlds. Not part of the step.

use crate::solver::{NONE, grid_layout};

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
