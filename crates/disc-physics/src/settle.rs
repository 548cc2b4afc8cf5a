//! Settling the positions a run left, so that a world can be built on them again.

use crate::place::PlaceIndex;
use crate::{PLACEMENT_TOLERANCE_M, Table, Vec2, limits};

/// At most this many passes of [`settle_discs`].
pub const MAX_SETTLE_PASSES: usize = 4096;

/// Moves apart discs of one radius that overlap by more than half of
/// [`PLACEMENT_TOLERANCE_M`], back inside the cushions any that cross one by more than that,
/// and out to the edge of a pocket any centre that a move took into it, so that every disc
/// can be placed again where it lies ([`crate::World::add_disc`]).
///
/// A run can leave overlaps of a few hundredths of a micrometre: soft contacts pressed
/// together, or a run stopped by its time cap while discs still push on one another (on a
/// table without friction, say). A caller that builds a new world from the positions a run
/// left (a game between strokes) settles them first. Each pass moves the two discs of every
/// such pair apart along the line of their centres, each by half the overlap, in index
/// order (a cushion that stops one disc leaves the whole move to the other), then pulls
/// each disc inside the cushions; passes repeat until nothing overlaps, at most
/// [`MAX_SETTLE_PASSES`] (a unit test settles a row of 16 discs pressed 30 nm deep into one
/// another against a cushion). Positions that need no move keep their bits, so a run that
/// left no overlap changes nothing. `None` entries (discs off the table) are skipped. The
/// table's walls are not looked at (the carrom and Novuss tables have none).
///
/// A pass finds the overlapping pairs through a grid of the discs, so it costs each disc's
/// neighbours, not every other disc: 20,000 discs in pairs pressed together settle in two
/// passes and some 8 ms (release build), where testing every pair took 0.85 s. Discs piled
/// so that each overlaps hundreds of others cost at most about twice what testing every
/// pair would, and more discs than the table's area could hold at all are refused at once.
///
/// Returns whether every disc could then be placed: `false` when the discs' areas add up to
/// more than the table's, when the passes ran out (discs packed tighter than the table
/// holds, or piled far deeper than a run leaves them: see below), when a disc's centre is not finite or has a subnormal coordinate (which
/// [`crate::World::add_disc`] refuses), or when `radius_m` is not a disc's radius on this
/// table (outside [`crate::limits::RADIUS_M`], or wider than half the table:
/// no disc of it fits). Positions are then left as they are; nothing panics. With no disc
/// at all (every entry `None`) the answer is `true` whatever the radius (a caller may pass
/// 0 then, having no disc to take it from).
///
/// It untangles what a run leaves, not any pile: two discs on one spot are pushed apart
/// along x, so discs piled on one point spread into a row along x, and a row longer than
/// the table never settles. Twenty discs of 2.6 cm on one point of a 1 m table (4% of its
/// area) run out of passes and give `false`; spread even slightly over both axes, they
/// settle:
///
/// ```
/// use disc_physics::{Table, Vec2, settle_discs};
/// let table = Table::new(0.5, 0.5)?;
/// let mut piled = [Some(Vec2::ZERO); 20];
/// assert!(!settle_discs(&mut piled, 0.026, &table));
/// assert_eq!(piled, [Some(Vec2::ZERO); 20], "left as they were");
/// let grid = |i: u32| Vec2::new(0.001 * f64::from(i % 5), 0.001 * f64::from(i / 5));
/// let mut spread: Vec<_> = (0..20).map(|i| Some(grid(i))).collect();
/// assert!(settle_discs(&mut spread, 0.026, &table));
/// # Ok::<(), disc_physics::TableError>(())
/// ```
///
/// A centre counts as in a pocket exactly when [`Table::pocket_at`] says so (the test
/// [`crate::World::add_disc`] makes), so a position settled here is never refused as
/// [`crate::PlaceError::InPocket`].
///
/// # Examples
///
/// ```
/// use disc_physics::{PLACEMENT_TOLERANCE_M, Table, Vec2, settle_discs};
/// let table = Table::new(0.5, 0.5)?;
/// // Two discs of 2.6 cm pressed 30 nm into each other, and one 20 nm past the west cushion.
/// let mut at = [Some(Vec2::new(0.0, 0.0)), Some(Vec2::new(0.052 - 3e-8, 0.0)), None,
///               Some(Vec2::new(-0.5 + 0.026 - 2e-8, 0.3))];
/// assert!(settle_discs(&mut at, 0.026, &table));
/// let (a, b) = (at[0].unwrap(), at[1].unwrap());
/// assert!(a.distance(b) >= 0.052 - PLACEMENT_TOLERANCE_M);
/// assert!(at[3].unwrap().x >= -0.5 + 0.026 - PLACEMENT_TOLERANCE_M);
/// assert_eq!(at[2], None);
/// # Ok::<(), disc_physics::TableError>(())
/// ```
pub fn settle_discs(positions: &mut [Option<Vec2>], radius_m: f64, table: &Table) -> bool {
    // Nothing to settle (every entry `None`, as when every disc was pocketed): whatever the
    // radius, every disc there is can be placed.
    if positions.iter().all(Option::is_none) {
        return true;
    }
    // A radius no disc can have, or one too wide for the table, leaves no place (and would
    // give the clamps below bounds in the wrong order: f64::clamp panics on those).
    let fits = limits::within(radius_m, &limits::RADIUS_M)
        && radius_m <= table.half_width_m()
        && radius_m <= table.half_height_m();
    if !fits {
        return false;
    }
    // No world holds more discs ([`limits::MAX_DISCS`]); the index below numbers them in
    // 32 bits.
    if positions.len() > limits::MAX_DISCS {
        return false;
    }
    let settle = Settle::new(radius_m, table);
    if !settle.room_for(positions.iter().flatten().count()) {
        return false;
    }
    if positions
        .iter()
        .flatten()
        .any(|p| !(limits::plain(p.x) && limits::plain(p.y)))
    {
        return false;
    }
    let mut index = PlaceIndex::default();
    settle.passes(positions, table, |at| settle.pairs_pass(at, &mut index))
}

/// What a pass of [`settle_discs`] needs to know of the radius and the table.
struct Settle {
    radius_m: f64,
    /// The distance of two centres that touch.
    contact: f64,
    /// How far a centre may lie from the table's middle, across and along.
    hx: f64,
    hy: f64,
}

impl Settle {
    /// For a radius that fits the table (checked by the caller: the clamps below need
    /// bounds in order, and `f64::clamp` panics on others).
    fn new(radius_m: f64, table: &Table) -> Settle {
        Settle {
            radius_m,
            contact: 2.0 * radius_m,
            hx: table.half_width_m() - radius_m,
            hy: table.half_height_m() - radius_m,
        }
    }

    /// Whether `n` discs could lie on the table as the passes would leave them: each pair at
    /// least its contact less half the tolerance apart (so discs of the radius less a
    /// quarter of the tolerance do not overlap) and each centre within half the tolerance
    /// of the cushions. Those smaller discs then lie within the cushions widened by half the
    /// tolerance, and their areas cannot add up to more than that rectangle's (with a
    /// margin for rounding). When they would, no pass can end with nothing moved, and the
    /// answer is `false` without the passes, as after them.
    fn room_for(&self, n: usize) -> bool {
        let r = self.radius_m - 0.25 * PLACEMENT_TOLERANCE_M;
        let w = 2.0 * (self.hx + self.radius_m + 0.5 * PLACEMENT_TOLERANCE_M);
        let h = 2.0 * (self.hy + self.radius_m + 0.5 * PLACEMENT_TOLERANCE_M);
        (n as f64) * std::f64::consts::PI * r * r <= 1.0001 * w * h
    }

    /// Passes until one moves nothing (`true`), at most [`MAX_SETTLE_PASSES`]: each moves
    /// the overlapping pairs apart by `pairs` (which says whether it moved any), then each
    /// disc onto the table. When the passes run out (`false`) the positions are given back
    /// as they were, as for the refusals before them. (Before the audit of docs/physics.md
    /// of 6 Dec 2026 they were left as the last pass left them.)
    fn passes(
        &self,
        positions: &mut [Option<Vec2>],
        table: &Table,
        mut pairs: impl FnMut(&mut [Option<Vec2>]) -> bool,
    ) -> bool {
        let original = positions.to_vec();
        for _ in 0..MAX_SETTLE_PASSES {
            let mut moved = pairs(positions);
            for p in positions.iter_mut().flatten() {
                moved |= self.onto_the_table(p, table);
            }
            if !moved {
                return true;
            }
        }
        positions.copy_from_slice(&original);
        false
    }

    /// The nearest point to `p` where a disc's centre lies within the cushions.
    fn inside(&self, p: Vec2) -> Vec2 {
        Vec2::new(p.x.clamp(-self.hx, self.hx), p.y.clamp(-self.hy, self.hy))
    }

    /// Whether discs at `a` and `b` overlap by more than half the tolerance, and if so the
    /// distance of their centres. Half the tolerance: what is left stays clear of the
    /// placement check's edge.
    fn overlap(&self, a: Vec2, b: Vec2) -> Option<f64> {
        let d = a.distance(b);
        (d < self.contact - 0.5 * PLACEMENT_TOLERANCE_M).then_some(d)
    }

    /// Where two overlapping discs at `a` and `b`, `d` apart, are moved to: apart along the
    /// line of centres (along x for two discs on one spot), each by half the overlap and a
    /// quarter of the tolerance, so that rounding leaves the pair touching within it; a
    /// cushion that stops one disc leaves the whole move to the other.
    fn separate(&self, a: Vec2, b: Vec2, d: f64) -> (Vec2, Vec2) {
        let tolerance = PLACEMENT_TOLERANCE_M;
        let contact = self.contact;
        let n = if d > 0.0 {
            (b - a) * (1.0 / d)
        } else {
            Vec2::new(1.0, 0.0)
        };
        let push = 0.5 * (contact - d) + 0.25 * tolerance;
        let (a1, b1) = (a - n * push, b + n * push);
        let (mut a2, mut b2) = (self.inside(a1), self.inside(b1));
        let apart = contact + 0.25 * tolerance;
        if a2.distance(b2) < contact - 0.5 * tolerance {
            if a2 == a1 {
                a2 = self.inside(b2 - n * apart);
            } else {
                b2 = self.inside(a2 + n * apart);
            }
        }
        (a2, b2)
    }

    /// One pass over the pairs: for each disc `i` in index order, and for each `j < i` in
    /// index order, the pair is moved apart if it overlaps where the pass has left the two
    /// so far. Returns whether it moved any.
    ///
    /// The pairs are found through `index` (the placement index, emptied and filled here),
    /// which is kept up to date as discs move: for disc `i`, the next pair is the lowest
    /// `j` above the last one moved that overlaps `i` where `i` now is. A pair's move moves
    /// only its two discs, so this is exactly the pair the plain double loop over every
    /// `j < i` would move next, and the positions are the same bits; the cost is each
    /// disc's neighbours, not every disc. (Before the audit of 7 Dec 2026 the pass was that
    /// double loop: 20,000 discs took 0.4 s a pass, and a pass may repeat
    /// [`MAX_SETTLE_PASSES`] times.)
    fn pairs_pass(&self, positions: &mut [Option<Vec2>], index: &mut PlaceIndex) -> bool {
        index.reset(self.hx + self.radius_m, self.hy + self.radius_m);
        for (k, p) in positions.iter().enumerate() {
            if let Some(p) = p {
                // At most `limits::MAX_DISCS` (2^31) discs: the number fits.
                index.move_disc(k as u32, p.x, p.y, self.radius_m);
            }
        }
        let mut moved = false;
        let mut near = Vec::new();
        for i in 0..positions.len() {
            // The lowest `j` that may still be moved against `i`.
            let mut from = 0;
            // How many discs the looks for `i` have been shown.
            let mut shown = 0;
            'look: while let Some(at) = positions[i] {
                if shown > i / 4 {
                    // The looks have shown a quarter of the discs the plain pass tests for
                    // `i` (discs piled up, `i` moved far at each pair): the rest of `i`'s
                    // pairs are tested plainly, so that a pass costs at most about twice
                    // the plain one (1.4-1.8 times, measured, for discs piled on a line).
                    for j in from..i {
                        if let (Some(a), Some(b)) = (positions[j], positions[i])
                            && let Some(d) = self.overlap(a, b)
                        {
                            self.apart(positions, index, (j, a), (i, b), d);
                            moved = true;
                        }
                    }
                    break;
                }
                // Every disc `from <= j < i` within three radii of `at`: while `i` stays
                // within a radius of `at`, every disc it can overlap (centres within two
                // radii) is among them, and none of them moves but by a pair with `i`.
                near.clear();
                index.for_each_near(at.x, at.y, 2.0 * self.radius_m, |j| {
                    shown += 1;
                    if from <= j && j < i {
                        near.push(j);
                    }
                });
                near.sort_unstable();
                near.dedup();
                for &j in &near {
                    let (Some(a), Some(b)) = (positions[j], positions[i]) else {
                        continue;
                    };
                    if let Some(d) = self.overlap(a, b) {
                        self.apart(positions, index, (j, a), (i, b), d);
                        moved = true;
                        from = j + 1;
                        if positions[i].is_some_and(|b| b.distance(at) > self.radius_m) {
                            continue 'look;
                        }
                    }
                }
                break;
            }
        }
        moved
    }

    /// Moves disc `j` at `a` and disc `i` at `b`, `d` apart, apart ([`Self::separate`]),
    /// in `positions` and in `index`.
    fn apart(
        &self,
        positions: &mut [Option<Vec2>],
        index: &mut PlaceIndex,
        (j, a): (usize, Vec2),
        (i, b): (usize, Vec2),
        d: f64,
    ) {
        let (a2, b2) = self.separate(a, b, d);
        positions[j] = Some(a2);
        positions[i] = Some(b2);
        // At most `limits::MAX_DISCS` (2^31) discs: the numbers fit.
        index.move_disc(j as u32, a2.x, a2.y, self.radius_m);
        index.move_disc(i as u32, b2.x, b2.y, self.radius_m);
    }

    /// Pulls a disc at `p` back inside the cushions if it crosses one by more than half the
    /// tolerance, and out to the edge of a pocket its centre lies in. Returns whether it
    /// moved it.
    fn onto_the_table(&self, p: &mut Vec2, table: &Table) -> bool {
        let tolerance = PLACEMENT_TOLERANCE_M;
        let mut moved = false;
        let q = self.inside(*p);
        if (q.x - p.x).abs().max((q.y - p.y).abs()) > 0.5 * tolerance {
            *p = q;
            moved = true;
        }
        // A move that took a centre into a pocket (a disc resting at its very edge) takes
        // it back out to the edge: a centre inside a pocket is not a place on the table.
        // Inside exactly as `Table::pocket_at` (and so the placement check) tests it: the
        // squared distance below the squared radius. (`distance < radius` missed a centre
        // whose distance rounds up to the radius.)
        for pocket in table.pockets() {
            let d2 = (*p - pocket.centre).length_squared();
            if d2 < pocket.radius_m * pocket.radius_m {
                let d = d2.sqrt();
                let out = if d > 0.0 {
                    (*p - pocket.centre) * (1.0 / d)
                } else {
                    Vec2::new(1.0, 0.0)
                };
                *p = pocket.centre + out * (pocket.radius_m + 0.25 * tolerance);
                moved = true;
            }
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row pressed together along a cushion (as a frictionless run leaves it): settled in a
    /// few passes, every pair then within the tolerance and every disc inside the cushions.
    #[test]
    fn a_pressed_row_against_a_cushion_settles() {
        let table = Table::new(0.5, 0.5).expect("a table");
        let r = 0.026;
        let mut at: Vec<Option<Vec2>> = (0..16)
            .map(|k| {
                Some(Vec2::new(
                    -0.5 + r + f64::from(k) * (2.0 * r - 3e-8),
                    -0.474,
                ))
            })
            .collect();
        assert!(settle_discs(&mut at, r, &table));
        for (i, a) in at.iter().flatten().enumerate() {
            assert!(
                a.x >= -0.5 + r - PLACEMENT_TOLERANCE_M,
                "disc {i} past the cushion"
            );
            for b in at.iter().flatten().skip(i + 1) {
                assert!(a.distance(*b) >= 2.0 * r - 0.5 * PLACEMENT_TOLERANCE_M);
            }
        }
    }

    /// Two discs pressed together at a pocket's edge: the one pushed into the pocket is
    /// taken back out to its edge, and the pair no longer overlaps.
    #[test]
    fn a_move_into_a_pocket_is_taken_back_to_its_edge() {
        let table = Table::new(0.5, 0.5)
            .and_then(|t| t.with_pocket(Vec2::new(0.0, 0.0), 0.05))
            .expect("a table with a pocket");
        let r = 0.026;
        let edge = 0.05 + 1e-9;
        let mut at = [
            Some(Vec2::new(edge, 0.0)),
            Some(Vec2::new(edge + 2.0 * r - 3e-8, 0.0)),
        ];
        assert!(settle_discs(&mut at, r, &table));
        let (a, b) = (at[0].expect("on the table"), at[1].expect("on the table"));
        assert!(a.distance(Vec2::ZERO) >= 0.05);
        assert!(a.distance(b) >= 2.0 * r - 0.5 * PLACEMENT_TOLERANCE_M);
    }

    #[test]
    fn positions_that_need_no_move_keep_their_bits() {
        let table = Table::new(0.5, 0.5).expect("a table");
        let before = [
            Some(Vec2::new(0.1, 0.2)),
            Some(Vec2::new(0.1 + 0.052, 0.2)),
            None,
        ];
        let mut at = before;
        assert!(settle_discs(&mut at, 0.026, &table));
        assert_eq!(at, before);
    }

    /// The pass as it was before the audit of 7 Dec 2026: every pair, in index order. The
    /// grid's pass must move the same pairs in the same order, to the same bits.
    fn plain_pairs_pass(settle: &Settle, positions: &mut [Option<Vec2>]) -> bool {
        let mut moved = false;
        for i in 0..positions.len() {
            for j in 0..i {
                let (Some(a), Some(b)) = (positions[j], positions[i]) else {
                    continue;
                };
                if let Some(d) = settle.overlap(a, b) {
                    let (a2, b2) = settle.separate(a, b, d);
                    positions[j] = Some(a2);
                    positions[i] = Some(b2);
                    moved = true;
                }
            }
        }
        moved
    }

    /// `settle_discs` with the plain pass: the reference the grid's pass is held to.
    fn plain_settle(positions: &mut [Option<Vec2>], radius_m: f64, table: &Table) -> bool {
        let settle = Settle::new(radius_m, table);
        settle.passes(positions, table, |at| plain_pairs_pass(&settle, at))
    }

    /// Random crowds: `n` discs of radius `r` dropped into a square of `spread` half-size
    /// (some outside the cushions, some `None`, some on one spot), on a table with a pocket
    /// in the middle and one in a corner.
    fn crowd(seed: u64, n: usize, r: f64, spread: f64) -> Vec<Option<Vec2>> {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut unit = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        (0..n)
            .map(|k| {
                let u = unit();
                if u < 0.05 {
                    None
                } else if u < 0.1 && k > 0 {
                    // On a spot another disc was dropped on (or its pressed neighbour).
                    let along = (k as f64 * 0.37).fract();
                    Some(Vec2::new(along * spread, along * spread - 2.0 * r + 3e-8))
                } else {
                    Some(Vec2::new(
                        (2.0 * unit() - 1.0) * spread,
                        (2.0 * unit() - 1.0) * spread,
                    ))
                }
            })
            .collect()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// The grid's pass moves the same pairs as every pair in index order: the same bits,
        /// the same answer, for crowds loose, pressed and packed tighter than the table holds.
        #[test]
        fn the_grid_settles_to_the_bits_of_the_plain_pass(
            seed in proptest::prelude::any::<u64>(),
            n in 0usize..160,
            r in 0.004f64..0.03,
            spread in 0.05f64..0.6,
        ) {
            let table = Table::new(0.5, 0.4)
                .and_then(|t| t.with_pocket(Vec2::new(0.0, 0.0), 0.03))
                .and_then(|t| t.with_pocket(Vec2::new(0.5, 0.4), 0.05))
                .expect("a table");
            let start = crowd(seed, n, r, spread);
            let (mut grid, mut plain) = (start.clone(), start);
            let answer = settle_discs(&mut grid, r, &table);
            proptest::prop_assert_eq!(answer, plain_settle(&mut plain, r, &table));
            let bits = |v: &[Option<Vec2>]| -> Vec<Option<(u64, u64)>> {
                v.iter().map(|p| p.map(|p| (p.x.to_bits(), p.y.to_bits()))).collect()
            };
            proptest::prop_assert_eq!(bits(&grid), bits(&plain));
        }
    }

    /// Before the audit of 7 Dec 2026 a pass tested every pair: 20,000 discs took seconds a
    /// pass (as a quadratic). Now a pass costs each disc's neighbours: 10,000 pairs pressed
    /// 30 nm into each other settle in two passes, every pair then clear.
    #[test]
    fn regression_settle_discs_tested_every_pair_each_pass() {
        let table = Table::new(10.0, 10.0).expect("a table");
        let r = 0.02;
        let mut at: Vec<Option<Vec2>> = (0..20_000)
            .map(|k| {
                let (row, col) = (k / 200, k % 200);
                let pressed = if col % 2 == 1 { 2.0 * r - 3e-8 } else { 0.0 };
                Some(Vec2::new(
                    -9.0 + f64::from(col / 2) * 5.0 * r + pressed,
                    -9.0 + f64::from(row) * 3.0 * r,
                ))
            })
            .collect();
        assert!(settle_discs(&mut at, r, &table));
        for pair in at.chunks(2) {
            let (Some(a), Some(b)) = (pair[0], pair[1]) else {
                panic!("every disc is on the table");
            };
            assert!(a.distance(b) >= 2.0 * r - 0.5 * PLACEMENT_TOLERANCE_M);
        }
    }

    /// Discs whose areas add up to more than the table's are refused before any pass (the
    /// passes could never settle them): 200,000 on one spot would take the passes hours.
    /// A table filled edge to edge with touching discs is not refused by that test.
    #[test]
    fn more_discs_than_the_tables_area_holds_are_refused_at_once() {
        let table = Table::new(0.5, 0.5).expect("a table");
        let before = vec![Some(Vec2::new(0.1, -0.2)); 200_000];
        let mut at = before.clone();
        assert!(!settle_discs(&mut at, 0.026, &table));
        assert_eq!(at, before);

        // 20 by 20 touching discs of 2.5 cm fill the square of 1 m exactly (the area bound
        // refuses 510 of them).
        let r = 0.025;
        let before: Vec<Option<Vec2>> = (0..400)
            .map(|k| {
                let (row, col) = (f64::from(k / 20), f64::from(k % 20));
                Some(Vec2::new(
                    -0.5 + r + col * 2.0 * r,
                    -0.5 + r + row * 2.0 * r,
                ))
            })
            .collect();
        let mut at = before.clone();
        assert!(settle_discs(&mut at, r, &table));
        assert_eq!(at, before);
    }

    #[test]
    fn more_discs_than_fit_or_a_centre_not_finite_is_reported() {
        let table = Table::new(0.05, 0.05).expect("a table");
        let mut crowded = [Some(Vec2::ZERO); 9];
        assert!(!settle_discs(&mut crowded, 0.026, &table));
        let mut bad = [Some(Vec2::new(f64::NAN, 0.0))];
        assert!(!settle_discs(&mut bad, 0.026, &table));
    }
}
