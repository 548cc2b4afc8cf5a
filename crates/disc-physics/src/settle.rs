//! Settling the positions a run left, so that a world can be built on them again.

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
/// table's walls are not looked at (the carrom and Novuss tables have none). Each pass costs
/// O(n²): this is for the few discs of a table game, not for a large world.
///
/// Returns whether every disc could then be placed: `false` when the passes ran out (discs
/// packed tighter than the table holds), a disc's centre is not finite or has a subnormal
/// coordinate (which [`crate::World::add_disc`] refuses), or `radius_m` is not a disc's
/// radius on this table (outside [`crate::limits::RADIUS_M`], or wider than half the table:
/// no disc of it fits). Positions are then left as they are; nothing panics. With no disc
/// at all (every entry `None`) the answer is `true` whatever the radius (a caller may pass
/// 0 then, having no disc to take it from).
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
    let contact = 2.0 * radius_m;
    let (hx, hy) = (
        table.half_width_m() - radius_m,
        table.half_height_m() - radius_m,
    );
    let tolerance = PLACEMENT_TOLERANCE_M;
    let inside = |p: Vec2| Vec2::new(p.x.clamp(-hx, hx), p.y.clamp(-hy, hy));
    if positions
        .iter()
        .flatten()
        .any(|p| !(limits::plain(p.x) && limits::plain(p.y)))
    {
        return false;
    }
    // The passes may run out having moved discs: the caller then gets its positions back as
    // they were, as for the refusals above. (Before the audit of docs/physics.md of 6 Dec
    // 2026 it got them as the last pass left them.)
    let original = positions.to_vec();
    for _ in 0..MAX_SETTLE_PASSES {
        let mut moved = false;
        for i in 0..positions.len() {
            for j in 0..i {
                let (Some(a), Some(b)) = (positions[j], positions[i]) else {
                    continue;
                };
                // Half the tolerance: what is left stays clear of the placement check's edge.
                let d = a.distance(b);
                if d >= contact - 0.5 * tolerance {
                    continue;
                }
                // Apart along the line of centres (along x for two discs on one spot), each
                // by half the overlap and a quarter of the tolerance, so that rounding leaves
                // the pair touching within it.
                let n = if d > 0.0 {
                    (b - a) * (1.0 / d)
                } else {
                    Vec2::new(1.0, 0.0)
                };
                let push = 0.5 * (contact - d) + 0.25 * tolerance;
                let (a1, b1) = (a - n * push, b + n * push);
                let (mut a2, mut b2) = (inside(a1), inside(b1));
                // A cushion that stops one disc leaves the whole move to the other.
                let apart = contact + 0.25 * tolerance;
                if a2.distance(b2) < contact - 0.5 * tolerance {
                    if a2 == a1 {
                        a2 = inside(b2 - n * apart);
                    } else {
                        b2 = inside(a2 + n * apart);
                    }
                }
                positions[j] = Some(a2);
                positions[i] = Some(b2);
                moved = true;
            }
        }
        for p in positions.iter_mut().flatten() {
            let q = inside(*p);
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
        }
        if !moved {
            return true;
        }
    }
    positions.copy_from_slice(&original);
    false
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

    #[test]
    fn more_discs_than_fit_or_a_centre_not_finite_is_reported() {
        let table = Table::new(0.05, 0.05).expect("a table");
        let mut crowded = [Some(Vec2::ZERO); 9];
        assert!(!settle_discs(&mut crowded, 0.026, &table));
        let mut bad = [Some(Vec2::new(f64::NAN, 0.0))];
        assert!(!settle_discs(&mut bad, 0.026, &table));
    }
}
