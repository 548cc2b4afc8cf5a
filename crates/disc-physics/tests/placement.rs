//! `World::add_disc`, `place`, `remove` and `check_placement` against a brute-force model
//! of the placement rules: the static checks of an empty world on the same table, then every
//! disc on the table in index order. `PlaceError::Overlaps` names the lowest-indexed disc in
//! the way (its docs), in small worlds (passed over plainly) and large ones (the placement
//! index, from 64 discs), for any mix of radii.

use disc_physics::{
    DiscId, DiscKind, NoEvents, PLACEMENT_TOLERANCE_M, PlaceError, RemoveError, StepConfig, Table,
    Vec2, World,
};
use proptest::prelude::*;

/// Radii over several size classes (binary exponents), two in one class, and one large.
const RADII: [f64; 8] = [0.0003, 0.002, 0.005, 0.0071, 0.012, 0.03, 0.2, 0.5];

fn kind(k: usize) -> DiscKind {
    DiscKind::new(RADII[k], 0.01).unwrap()
}

/// The kind of a generated index: mostly coins of 5 mm (so that their class outgrows the
/// plain pass of 64 discs and is looked up by its cells, and by coarser levels for the
/// large discs), the other small radii often, the large ones rarely.
fn kind_of(g: u8) -> usize {
    match g {
        0..=23 => 2,
        24..=41 => usize::from(g) % 6,
        42..=46 => 6,
        _ => 7,
    }
}

fn table() -> Table {
    Table::new(1.5, 1.2)
        .unwrap()
        .with_wall(Vec2::new(-0.3, 0.9), Vec2::new(0.3, 0.9), 0.01)
        .unwrap()
        .with_pocket(Vec2::new(1.2, -0.9), 0.05)
        .unwrap()
}

/// A disc of the model: radius, centre, on the table.
#[derive(Clone, Copy)]
struct Disc {
    r: f64,
    p: Vec2,
    on: bool,
}

/// What `check_placement` must say: the empty world's static checks, then the lowest-indexed
/// disc on the table (but `ignore`) that a disc of radius `r` at `p` overlaps.
fn reference(
    model: &[Disc],
    empty: &World,
    k: DiscKind,
    p: Vec2,
    ignore: Option<usize>,
) -> Result<(), PlaceError> {
    empty.check_placement(k, p, None)?;
    for (j, d) in model.iter().enumerate() {
        if Some(j) == ignore || !d.on {
            continue;
        }
        let (dx, dy) = (p.x - d.p.x, p.y - d.p.y);
        let rr = k.radius_m() + d.r - PLACEMENT_TOLERANCE_M;
        if dx * dx + dy * dy < rr * rr {
            return Err(PlaceError::Overlaps(DiscId::from_index(j as u32)));
        }
    }
    Ok(())
}

/// One generated operation: what (0-4 add, 5-7 place, 8 remove, 9 step), the kind, a disc,
/// and a position: near that disc (`near`) or anywhere on (and a little beyond) the table.
type Op = (u8, u8, u32, bool, f64, f64);

fn ops(len: std::ops::Range<usize>) -> impl Strategy<Value = Vec<Op>> {
    prop::collection::vec(
        (
            0u8..10,
            0u8..50,
            any::<u32>(),
            any::<bool>(),
            -1.0f64..1.0,
            -1.0f64..1.0,
        ),
        len,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every call's `Result` is the model's (which disc `Overlaps` names included), and the
    /// world's discs are the model's after every call.
    #[test]
    fn placement_matches_a_brute_force_model(fill in ops(0..300), run in ops(0..300)) {
        let empty = World::new(table(), StepConfig::default()).unwrap();
        let mut w = World::new(table(), StepConfig::default()).unwrap();
        let mut model: Vec<Disc> = Vec::new();
        // The fill only adds; the run adds, places, removes and steps.
        let fill = fill.into_iter().map(|(_, g, id, near, x, y)| (0, g, id, near, x, y));
        for (step, (what, g, id, near, x, y)) in fill.chain(run).enumerate() {
            let k = kind(kind_of(g));
            let p = match (near, model.len()) {
                (true, n) if n > 0 => model[id as usize % n].p + Vec2::new(0.03 * x, 0.03 * y),
                _ => Vec2::new(1.6 * x, 1.3 * y),
            };
            // Now and then an unknown id.
            let n = model.len();
            let target = id as usize % (n + 2);
            match what {
                0..=4 => {
                    let want = reference(&model, &empty, k, p, None)
                        .map(|()| DiscId::from_index(n as u32));
                    prop_assert_eq!(w.add_disc(k, p, Vec2::ZERO), want, "step {}", step);
                    if want.is_ok() {
                        model.push(Disc { r: k.radius_m(), p, on: true });
                    }
                }
                5..=7 => {
                    let id = DiscId::from_index(target as u32);
                    let want = if target >= n {
                        Err(PlaceError::UnknownDisc(id))
                    } else {
                        let own = DiscKind::new(model[target].r, 0.01).unwrap();
                        reference(&model, &empty, own, p, Some(target))
                    };
                    prop_assert_eq!(w.place(id, p), want, "step {}", step);
                    if want.is_ok() {
                        model[target].p = p;
                        model[target].on = true;
                    }
                }
                8 => {
                    let id = DiscId::from_index(target as u32);
                    let want = if target >= n {
                        Err(RemoveError::UnknownDisc(id))
                    } else if !model[target].on {
                        Err(RemoveError::NotOnTable(id))
                    } else {
                        Ok(())
                    };
                    prop_assert_eq!(w.remove(id), want, "step {}", step);
                    if want.is_ok() {
                        model[target].on = false;
                    }
                }
                _ => w.step(&mut NoEvents),
            }
            // A probe of another kind that changes nothing, ignoring a disc now and then.
            let (k, q) = (kind(kind_of((g + 17) % 50)), p + Vec2::new(0.01 * y, 0.01 * x));
            let ignore = (target < model.len() && what % 2 == 0).then_some(target);
            prop_assert_eq!(
                w.check_placement(k, q, ignore.map(|i| DiscId::from_index(i as u32))),
                reference(&model, &empty, k, q, ignore),
                "step {}, probe", step
            );
            prop_assert_eq!(w.len(), model.len());
            for (d, m) in w.discs().zip(&model) {
                prop_assert_eq!(d.on_table(), m.on, "step {}", step);
                prop_assert_eq!(d.position, m.p, "step {}", step);
                prop_assert_eq!(d.kind.radius_m(), m.r);
            }
        }
    }
}
