//! [`World::deepest_overlap`](super::World::deepest_overlap)'s search: the discs in a grid
//! per size class, so that its cost depends on the discs near each other, not on the largest.

use crate::DiscState;

/// The discs of [`World::deepest_overlap`](super::World::deepest_overlap) in a grid per size class: the class of a disc is
/// the binary exponent of its radius (radii within a factor of two share one), and a class's
/// cells are as wide as its largest diameter, so that a cell holds a bounded number of discs
/// that do not overlap. A disc is compared with the discs of its own class and of the larger
/// classes in the cells around it, which finds every pair that overlaps once (a pair of one
/// class from its disc first in the sweep's order, other pairs from the smaller disc).
pub(super) struct OverlapGrids {
    /// The size classes, smallest first.
    classes: Vec<SizeClass>,
    /// Per disc (index in the sorted discs): its class's index in `classes`.
    class_of: Vec<usize>,
}

/// One size class of [`OverlapGrids`].
struct SizeClass {
    /// The largest radius.
    r_max: f64,
    /// The cells' width: the largest diameter.
    width: f64,
    /// The discs as (cell row, cell column, index in the sorted discs), sorted.
    cells: Vec<(i64, i64, usize)>,
}

impl OverlapGrids {
    /// The binary exponent of a radius (radii are normal numbers, [`crate::limits::RADIUS_M`]).
    fn exponent(r: f64) -> u64 {
        (r.to_bits() >> 52) & 0x7ff
    }

    fn cell(v: f64, width: f64) -> i64 {
        // `as` saturates: a far coordinate lands in an end cell, which only adds candidates.
        (v / width).floor() as i64
    }

    pub(super) fn new(on: &[DiscState]) -> OverlapGrids {
        let mut exps: Vec<u64> = on
            .iter()
            .map(|d| Self::exponent(d.kind.radius_m()))
            .collect();
        exps.sort_unstable();
        exps.dedup();
        let mut classes: Vec<SizeClass> = exps
            .iter()
            .map(|_| SizeClass {
                r_max: 0.0,
                width: 0.0,
                cells: Vec::new(),
            })
            .collect();
        let mut class_of = Vec::with_capacity(on.len());
        for d in on {
            let c = exps
                .binary_search(&Self::exponent(d.kind.radius_m()))
                .unwrap_or_else(|_| unreachable!("every exponent is listed"));
            class_of.push(c);
            classes[c].r_max = f64::max(classes[c].r_max, d.kind.radius_m());
        }
        for class in &mut classes {
            class.width = 2.0 * class.r_max;
        }
        for (i, d) in on.iter().enumerate() {
            let class = &mut classes[class_of[i]];
            let (p, w) = (d.position, class.width);
            class
                .cells
                .push((Self::cell(p.y, w), Self::cell(p.x, w), i));
        }
        for class in &mut classes {
            class.cells.sort_unstable();
        }
        OverlapGrids { classes, class_of }
    }

    /// Calls `f(i, j)`, `i < j`, once for every pair of discs whose centres are closer along
    /// both axes than the sum of their radii (and for some pairs a little further apart).
    pub(super) fn for_each_near_pair(&self, on: &[DiscState], mut f: impl FnMut(usize, usize)) {
        for (i, d) in on.iter().enumerate() {
            let own = self.class_of[i];
            let (p, r) = (d.position, d.kind.radius_m());
            for (c, class) in self.classes.iter().enumerate().skip(own) {
                // A margin far above rounding: a pair that overlaps is never missed.
                let reach = (r + class.r_max) * (1.0 + 1e-6);
                let w = class.width;
                let (x0, x1) = (Self::cell(p.x - reach, w), Self::cell(p.x + reach, w));
                let (y0, y1) = (Self::cell(p.y - reach, w), Self::cell(p.y + reach, w));
                let cells = &class.cells;
                for y in y0..=y1 {
                    let from = cells.partition_point(|&(cy, cx, _)| (cy, cx) < (y, x0));
                    let to = cells.partition_point(|&(cy, cx, _)| (cy, cx) <= (y, x1));
                    for &(_, _, j) in &cells[from..to] {
                        // A pair of one class is met from both discs: taken from the first.
                        if c != own || j > i {
                            f(i.min(j), i.max(j));
                        }
                    }
                }
            }
        }
    }
}
