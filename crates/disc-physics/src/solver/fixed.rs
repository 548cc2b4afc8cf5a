//! The table's walls and pockets in a grid of their own ([`FixedIndex`]), when it has more
//! than a few: stage 1 and its clearance then look only at those near a disc.

use super::{SLOP_M, WallGeom};
use crate::table::Pocket;

/// One of the table's fixed objects, by its index among its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fixed {
    Pocket(usize),
    Wall(usize),
}

/// The most walls and pockets together that stage 1 tests one by one; a table with more
/// gets a [`FixedIndex`]. Both games' tables have four pockets and no wall, and keep the
/// tests one by one (the same instructions as before the index).
pub(super) const FIXED_INDEX_AT: usize = 16;

/// The walls and pockets of a table with more than [`FIXED_INDEX_AT`] of them, in a dense
/// grid over the table: each is entered in every cell that its box meets, widened by how far
/// from it a disc's centre must come (a pocket's radius, a wall's half thickness) and
/// `2 SLOP_M`. A look at a box visits each object entered in a cell of the box once (from the
/// first cell the two share). Built once with the solver (a table never changes).
///
/// Before 7 Dec 2026 (the forty-second sitting) stage 1 tested every moving disc whose fixed
/// due had come against every wall and pocket, and computed its clearance from all of them,
/// so a table at the limits (1,000 of each) made 10,000 coins cost 17 times as much a step.
#[derive(Clone, Debug, Default)]
pub(crate) struct FixedIndex {
    /// Whether the index serves (else every object is tested).
    pub on: bool,
    ox: f64,
    oy: f64,
    /// The cells' width, and its inverse.
    cell: f64,
    inv: f64,
    nx: u32,
    ny: u32,
    /// `ids[start[c]..start[c + 1]]` are the objects of cell c (row by row): pockets by
    /// their index, walls by the pockets' count plus theirs.
    start: Vec<u32>,
    ids: Vec<u32>,
    /// Per object: the least cell of its range (for a look to visit it once).
    first: Vec<[u32; 2]>,
    /// The pockets' count (the first object ids).
    pockets: u32,
}

/// An index that does not serve (every object is tested), for the stages' unit tests.
#[cfg(test)]
pub(super) static OFF: FixedIndex = FixedIndex {
    on: false,
    ox: 0.0,
    oy: 0.0,
    cell: 0.0,
    inv: 0.0,
    nx: 0,
    ny: 0,
    start: Vec::new(),
    ids: Vec::new(),
    first: Vec::new(),
    pockets: 0,
};

impl FixedIndex {
    /// The index of a table of half sizes `hx`, `hy` with `pockets` and `walls`, or one that
    /// does not serve when they are at most [`FIXED_INDEX_AT`].
    pub fn new(hx: f64, hy: f64, pockets: &[Pocket], walls: &[WallGeom]) -> FixedIndex {
        let n = pockets.len() + walls.len();
        if n <= FIXED_INDEX_AT {
            return FixedIndex::default();
        }
        // About four cells an object: twice the square root of their count each way.
        let across = 2.0 * (n as f64).sqrt();
        let cell = 2.0 * hx.max(hy) / across.ceil();
        let count = |h: f64| ((2.0 * h / cell).ceil() as u32).clamp(1, 4096);
        let (nx, ny) = (count(hx), count(hy));
        let mut ix = FixedIndex {
            on: true,
            ox: -hx,
            oy: -hy,
            cell,
            inv: 1.0 / cell,
            nx,
            ny,
            start: vec![0; (nx * ny) as usize + 1],
            ids: Vec::new(),
            first: Vec::with_capacity(n),
            pockets: pockets.len() as u32,
        };
        let boxes: Vec<[f64; 4]> = pockets
            .iter()
            .map(|p| {
                let pad = p.radius_m + 2.0 * SLOP_M;
                [
                    p.centre.x - pad,
                    p.centre.y - pad,
                    p.centre.x + pad,
                    p.centre.y + pad,
                ]
            })
            .chain(walls.iter().map(|w| {
                let pad = w.h + 2.0 * SLOP_M;
                let (x0, x1) = if w.ax < w.bx {
                    (w.ax, w.bx)
                } else {
                    (w.bx, w.ax)
                };
                let (y0, y1) = if w.ay < w.by {
                    (w.ay, w.by)
                } else {
                    (w.by, w.ay)
                };
                [x0 - pad, y0 - pad, x1 + pad, y1 + pad]
            }))
            .collect();
        // A counting sort of the objects into the cells of their boxes.
        let mut tally = vec![0u32; (nx * ny) as usize];
        for b in &boxes {
            let ([cx0, cy0], [cx1, cy1]) = ix.cells(b);
            ix.first.push([cx0, cy0]);
            for cy in cy0..=cy1 {
                for cx in cx0..=cx1 {
                    tally[(cy * nx + cx) as usize] += 1;
                }
            }
        }
        let mut acc = 0u32;
        for (c, t) in tally.iter_mut().enumerate() {
            ix.start[c] = acc;
            acc += *t;
            *t = ix.start[c];
        }
        ix.start[(nx * ny) as usize] = acc;
        ix.ids = vec![0; acc as usize];
        for (o, b) in boxes.iter().enumerate() {
            let ([cx0, cy0], [cx1, cy1]) = ix.cells(b);
            for cy in cy0..=cy1 {
                for cx in cx0..=cx1 {
                    let slot = &mut tally[(cy * nx + cx) as usize];
                    ix.ids[*slot as usize] = o as u32;
                    *slot += 1;
                }
            }
        }
        ix
    }

    /// The least and largest cells of the box `[x0, y0, x1, y1]` (clamped to the grid).
    #[inline]
    fn cells(&self, &[x0, y0, x1, y1]: &[f64; 4]) -> ([u32; 2], [u32; 2]) {
        let c = |v: f64, o: f64, n: u32| (((v - o) * self.inv).max(0.0) as u32).min(n - 1);
        (
            [c(x0, self.ox, self.nx), c(y0, self.oy, self.ny)],
            [c(x1, self.ox, self.nx), c(y1, self.oy, self.ny)],
        )
    }

    /// Calls `f` with every pocket and wall entered in a cell that meets the box
    /// `[x0, y0, x1, y1]` (every one whose widened box meets it, and perhaps others), each
    /// once.
    #[inline]
    pub(super) fn for_each_in_box(&self, bx: [f64; 4], mut f: impl FnMut(Fixed)) {
        let ([qx0, qy0], [qx1, qy1]) = self.cells(&bx);
        for cy in qy0..=qy1 {
            for cx in qx0..=qx1 {
                let c = (cy * self.nx + cx) as usize;
                for &o in &self.ids[self.start[c] as usize..self.start[c + 1] as usize] {
                    // Once: from the first cell the object and the box share.
                    let [fx, fy] = self.first[o as usize];
                    if cx != fx.max(qx0) || cy != fy.max(qy0) {
                        continue;
                    }
                    f(if o < self.pockets {
                        Fixed::Pocket(o as usize)
                    } else {
                        Fixed::Wall((o - self.pockets) as usize)
                    });
                }
            }
        }
    }

    /// Calls `f` with the objects entered in the 3 by 3 cells around `(x, y)`'s, each once,
    /// and returns how far `(x, y)` is from every other object's widened box: at least its
    /// distance to the edge of those cells (unbounded on a side where they reach the grid's
    /// edge, beyond which no object is entered).
    pub(super) fn near(&self, (x, y): (f64, f64), f: impl FnMut(Fixed)) -> f64 {
        let ([cx, cy], _) = self.cells(&[x, y, x, y]);
        let (x0, y0) = (cx.saturating_sub(1), cy.saturating_sub(1));
        let (x1, y1) = ((cx + 1).min(self.nx - 1), (cy + 1).min(self.ny - 1));
        let edge = |lo: u32, o: f64| o + f64::from(lo) * self.cell;
        let left = if x0 == 0 {
            f64::INFINITY
        } else {
            x - edge(x0, self.ox)
        };
        let right = if x1 + 1 == self.nx {
            f64::INFINITY
        } else {
            edge(x1 + 1, self.ox) - x
        };
        let below = if y0 == 0 {
            f64::INFINITY
        } else {
            y - edge(y0, self.oy)
        };
        let above = if y1 + 1 == self.ny {
            f64::INFINITY
        } else {
            edge(y1 + 1, self.oy) - y
        };
        let c = self.cell;
        // The box of the 3 by 3 cells (within the grid), narrowed by a thousandth of a cell
        // so that its corners fall in its own cells.
        let (bx0, by0) = (edge(x0, self.ox) + 1e-3 * c, edge(y0, self.oy) + 1e-3 * c);
        let (bx1, by1) = (
            edge(x1 + 1, self.ox) - 1e-3 * c,
            edge(y1 + 1, self.oy) - 1e-3 * c,
        );
        self.for_each_in_box([bx0, by0, bx1, by1], f);
        left.min(right).min(below).min(above)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Table, Vec2};

    /// Every object whose widened box meets a box is visited once, and no other that is not
    /// entered in its cells; `near` visits every object within the distance it returns of
    /// the point, over tables of walls and pockets at random places (and the four corners).
    #[test]
    fn a_look_visits_each_object_near_once_and_every_one_it_must() {
        let mut rng = crate::scenes::SplitMix64(0x5eed_f1c5);
        for round in 0..20 {
            let (hx, hy) = (0.5 + 2.0 * rng.next_unit(), 0.5 + 2.0 * rng.next_unit());
            let mut t = Table::new(hx, hy).unwrap();
            let (np, nw) = (round * 7 % 40, round * 11 % 50);
            for _ in 0..np {
                let at = Vec2::new(
                    hx * (1.9 * rng.next_unit() - 0.95),
                    hy * (1.9 * rng.next_unit() - 0.95),
                );
                t = t.with_pocket(at, 0.001 + 0.05 * rng.next_unit()).unwrap();
            }
            for _ in 0..nw {
                let a = Vec2::new(
                    hx * (1.9 * rng.next_unit() - 0.95),
                    hy * (1.9 * rng.next_unit() - 0.95),
                );
                let b = Vec2::new(
                    a.x + 0.6 * (rng.next_unit() - 0.5),
                    a.y + 0.6 * (rng.next_unit() - 0.5),
                );
                let b = Vec2::new(b.x.clamp(-hx, hx), b.y.clamp(-hy, hy));
                t = t.with_wall(a, b, 0.001 + 0.01 * rng.next_unit()).unwrap();
            }
            let walls = crate::solver::Solver::new(&t).walls;
            let ix = FixedIndex::new(hx, hy, t.pockets(), &walls);
            assert_eq!(ix.on, np + nw > FIXED_INDEX_AT);
            if !ix.on {
                continue;
            }
            let widened = |o: usize| -> [f64; 4] {
                if o < np {
                    let p = &t.pockets()[o];
                    let pad = p.radius_m + 2.0 * SLOP_M;
                    [
                        p.centre.x - pad,
                        p.centre.y - pad,
                        p.centre.x + pad,
                        p.centre.y + pad,
                    ]
                } else {
                    let w = &walls[o - np];
                    let pad = w.h + 2.0 * SLOP_M;
                    [
                        w.ax.min(w.bx) - pad,
                        w.ay.min(w.by) - pad,
                        w.ax.max(w.bx) + pad,
                        w.ay.max(w.by) + pad,
                    ]
                }
            };
            for _ in 0..200 {
                let (x, y) = (
                    hx * (2.2 * rng.next_unit() - 1.1),
                    hy * (2.2 * rng.next_unit() - 1.1),
                );
                let (w, h) = (0.3 * rng.next_unit(), 0.3 * rng.next_unit());
                let bx = [x, y, x + w, y + h];
                let mut seen = vec![0u32; np + nw];
                let at = |o: Fixed| match o {
                    Fixed::Pocket(k) => k,
                    Fixed::Wall(k) => np + k,
                };
                ix.for_each_in_box(bx, |o| seen[at(o)] += 1);
                for (o, &s) in seen.iter().enumerate() {
                    assert!(s <= 1, "round {round}: object {o} visited {s} times");
                    let b = widened(o);
                    let meets = b[0] <= bx[2] && bx[0] <= b[2] && b[1] <= bx[3] && bx[1] <= b[3];
                    if meets {
                        assert_eq!(s, 1, "round {round}: object {o} {b:?} missed by {bx:?}");
                    }
                }
                let mut near = vec![0u32; np + nw];
                let clear = ix.near((x, y), |o| near[at(o)] += 1);
                for (o, &s) in near.iter().enumerate() {
                    assert!(s <= 1, "round {round}: object {o} visited {s} times near");
                    let b = widened(o);
                    let dx = (b[0] - x).max(x - b[2]).max(0.0);
                    let dy = (b[1] - y).max(y - b[3]).max(0.0);
                    if (dx * dx + dy * dy).sqrt() < clear {
                        assert_eq!(
                            s, 1,
                            "round {round}: object {o} within {clear} of ({x}, {y})"
                        );
                    }
                }
            }
        }
    }
}
