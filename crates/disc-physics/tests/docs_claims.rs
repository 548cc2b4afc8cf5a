//! One black-box test for each checkable claim of `docs/physics.md` and of the crate's public
//! API docs that no other test already checks exactly. Each test is named after its claim and
//! cites the page's section. Public API only.

use disc_physics::{
    CushionId, DiscId, DiscKind, DiscStatus, Event, EventKind, NoEvents, PLACEMENT_TOLERANCE_M,
    Params, PlaceError, PocketId, StepConfig, SvgOptions, Table, TableError, Trajectory, Vec2,
    World, carrom, limits, novuss, render_svg, scenes, settle_discs,
};

fn board() -> World {
    World::new(carrom::table().unwrap(), StepConfig::default()).unwrap()
}

/// A table of half size `half` with `params`, stepped as `config` says.
fn world_on(half: f64, params: Params, config: StepConfig) -> World {
    let t = Table::new(half, half).unwrap().with_params(params).unwrap();
    World::new(t, config).unwrap()
}

fn frictionless() -> Params {
    Params {
        friction_mu: 0.0,
        ..Params::default()
    }
}

fn step_config(dt_s: f64, substeps: u32) -> StepConfig {
    StepConfig {
        dt_s,
        substeps,
        ..StepConfig::default()
    }
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// Adds a carrom coin at `p` with velocity `v`.
fn add_coin(w: &mut World, p: Vec2, v: Vec2) -> DiscId {
    w.add_disc(carrom::COIN, p, v).unwrap()
}

/// A frictionless 1 m square table with one pocket.
fn frictionless_with_pocket(centre: Vec2, radius_m: f64) -> Table {
    Table::new(0.5, 0.5)
        .unwrap()
        .with_params(frictionless())
        .unwrap()
        .with_pocket(centre, radius_m)
        .unwrap()
}

/// Asserts that `t`'s pockets are centred at (−c, −c), (c, −c), (c, c), (−c, c), in that
/// order.
fn assert_corner_pockets(t: &Table, c: f64) {
    let centres: Vec<Vec2> = t.pockets().iter().map(|p| p.centre).collect();
    assert_eq!(
        centres,
        vec![
            Vec2::new(-c, -c),
            Vec2::new(c, -c),
            Vec2::new(c, c),
            Vec2::new(-c, c)
        ]
    );
}

// ------------------------------------------------------------------ "Dimensions", presets

/// "Dimensions": the ICF board 0.74 m, pockets Ø 4.45 cm tangent to both rails, coins
/// r = 1.59 cm and 5.5 g, striker r = 2.065 cm and 15 g, striker centre 11.74 cm from its rail;
/// "API in one table": `with_corner_pockets` adds (−,−), (+,−), (+,+), (−,+).
#[test]
fn carrom_preset_dimensions_match_the_page() {
    assert_eq!(carrom::HALF_SIZE_M * 2.0, 0.74);
    assert_eq!(carrom::POCKET_RADIUS_M * 2.0, 0.0445);
    assert!(close(
        carrom::POCKET_CENTRE_M + carrom::POCKET_RADIUS_M,
        carrom::HALF_SIZE_M,
        1e-15
    ));
    assert_eq!(
        (carrom::COIN.radius_m(), carrom::COIN.mass_kg()),
        (0.0159, 0.0055)
    );
    assert_eq!(
        (carrom::STRIKER.radius_m(), carrom::STRIKER.mass_kg()),
        (0.02065, 0.015)
    );
    assert!(close(
        carrom::STRIKER_Y_M + carrom::HALF_SIZE_M,
        0.1174,
        1e-15
    ));
    assert!(close(carrom::STRIKER_Y_M, -0.2526, 1e-15));
    let t = carrom::table().unwrap();
    assert_eq!((t.half_width_m(), t.half_height_m()), (0.37, 0.37));
    let c = carrom::POCKET_CENTRE_M;
    assert_corner_pockets(&t, c);
    assert!(close(c, 0.34775, 1e-15));
    // physics.md §1.1, "the one place for dimensions": base lines, circles, the break speed.
    assert_eq!(
        (
            carrom::BASE_LINE_LENGTH_M,
            carrom::BASE_LINE_GAP_M,
            carrom::BASE_LINE_OUTER_FROM_CUSHION_M,
            carrom::BASE_CIRCLE_DIAMETER_M,
        ),
        (0.47, 0.0318, 0.1015, 0.0318)
    );
    assert_eq!(
        (
            carrom::CENTRE_CIRCLE_DIAMETER_M,
            carrom::OUTER_CIRCLE_DIAMETER_M,
            carrom::BREAK_SPEED_M_S,
        ),
        (0.0318, 0.17, 6.0)
    );
    assert!(
        t.pockets()
            .iter()
            .all(|p| p.radius_m == carrom::POCKET_RADIUS_M)
    );
    assert_eq!(t.params(), &Params::default());
}

/// "Dimensions": Novuss 1 × 1 m, pockets Ø 100 mm centred at ±0.435 m, 130 mm zones, centre
/// circle Ø 250 mm; discs r = 26 mm, 10 g and puck r = 28.5 mm, 15 g.
#[test]
fn novuss_preset_dimensions_match_the_page() {
    let t = novuss::table().unwrap();
    assert_eq!((t.half_width_m(), t.half_height_m()), (0.5, 0.5));
    let c = 0.435;
    assert_corner_pockets(&t, c);
    assert!(t.pockets().iter().all(|p| p.radius_m * 2.0 == 0.1));
    assert_eq!(novuss::ZONE_DEPTH_M, 0.13);
    assert_eq!(novuss::CENTRE_CIRCLE_DIAMETER_M, 0.25);
    assert_eq!(
        (novuss::DISC.radius_m(), novuss::DISC.mass_kg()),
        (0.026, 0.010)
    );
    assert_eq!(
        (novuss::PUCK.radius_m(), novuss::PUCK.mass_kg()),
        (0.0285, 0.015)
    );
}

/// "API in one table", presets: `novuss::row(side)`: 8 discs touching their rail (+1 the
/// top, −1 the bottom) and each other, x = ±0.026, ±0.078, ±0.130, ±0.182 (physics.md §3 (b)).
#[test]
fn novuss_rows_touch_their_rail_and_each_other() {
    for (side, y) in [(1.0, 0.474), (-1.0, -0.474)] {
        let row = novuss::row(side);
        for (p, x) in row
            .iter()
            .zip([-0.182, -0.130, -0.078, -0.026, 0.026, 0.078, 0.130, 0.182])
        {
            assert!(close(p.x, x, 1e-12) && close(p.y, y, 1e-12), "{p}");
            assert!(close(p.y.abs() + novuss::DISC_RADIUS_M, 0.5, 1e-15));
        }
        for w in row.windows(2) {
            assert!(close(
                w[0].distance(w[1]),
                2.0 * novuss::DISC_RADIUS_M,
                1e-15
            ));
        }
        // The rows can be placed as given (touching is allowed).
        let mut world = World::new(novuss::table().unwrap(), StepConfig::default()).unwrap();
        for p in row {
            world.add_disc(novuss::DISC, p, Vec2::ZERO).unwrap();
        }
    }
}

/// "Dimensions": the 19-coin formation with the white "Y" (physics.md §3 (a): all neighbours
/// touch exactly, the pack within the 8.5 cm outer circle; `formation` docs: mirrored coins
/// have exactly opposite x).
#[test]
fn the_carrom_formation_is_19_touching_coins_within_the_outer_circle() {
    use carrom::CoinColour;
    let coins = carrom::formation();
    assert_eq!(coins.len(), 19);
    assert_eq!(coins[0], (Vec2::ZERO, CoinColour::Queen));
    let d = 2.0 * carrom::COIN_RADIUS_M;
    for (i, (a, _)) in coins.iter().enumerate() {
        assert!(a.length() + carrom::COIN_RADIUS_M <= 0.085, "coin {i}");
        let touching = coins
            .iter()
            .filter(|(b, _)| close(a.distance(*b), d, 1e-12))
            .count();
        assert!(touching >= 2, "coin {i} touches {touching}");
        for (b, _) in &coins[i + 1..] {
            assert!(a.distance(*b) >= d - 1e-12, "coins overlap");
        }
        assert!(
            coins.iter().any(|(b, _)| b.x == -a.x && b.y == a.y),
            "coin {i} has no mirror image"
        );
    }
    // Ring 1 (1-6) touches the queen, the white rays are 90°, 210°, 330°.
    for (p, _) in &coins[1..7] {
        assert!(close(p.length(), d, 1e-15));
    }
    let whites = |range: std::ops::Range<usize>| {
        coins[range]
            .iter()
            .filter(|(_, c)| *c == CoinColour::White)
            .count()
    };
    assert_eq!((whites(1..7), whites(7..13), whites(13..19)), (3, 3, 3));
    let up = coins[1..7]
        .iter()
        .find(|(p, _)| p.x == 0.0 && p.y > 0.0)
        .unwrap();
    assert_eq!(up.1, CoinColour::White);
}

/// "Parameters": the defaults of `Params` and `StepConfig`, and "enters only as μg =
/// 0.981 m/s²".
#[test]
fn params_and_step_config_defaults_match_the_parameter_table() {
    let p = Params::default();
    assert_eq!(p.friction_mu, 0.10);
    assert_eq!(p.gravity_m_s2, 9.81);
    assert_eq!(p.restitution_disc, 0.90);
    assert_eq!(p.restitution_cushion, 0.75);
    assert_eq!(p.jump_speed_m_s, None);
    assert_eq!(p.max_speed_m_s, 100.0);
    assert!(close(p.friction_decel_m_s2(), 0.981, 1e-15));
    let c = StepConfig::default();
    assert_eq!((c.dt_s, c.substeps, c.max_time_s), (0.001, 1, 60.0));
    assert_eq!(Table::new(1.0, 2.0).unwrap().params(), &p);
}

/// "Parameters", `friction_mu`: "a 1 m/s coin slides ≈ 0.5 m" (exactly v²/2μg = 0.5097 m).
#[test]
fn a_1_m_s_coin_slides_about_half_a_metre() {
    let mut w = board();
    let coin = add_coin(&mut w, Vec2::new(-0.3, 0.0), Vec2::new(1.0, 0.0));
    assert!(w.run_to_rest(&mut NoEvents).at_rest);
    let slid = w.position(coin).unwrap().x + 0.3;
    assert!(close(slid, 1.0 / (2.0 * 0.981), 1e-9), "{slid}");
    assert!((0.45..0.55).contains(&slid));
}

// ------------------------------------------------------------------ "Parameter ranges"

/// "Parameter ranges": each range's ends are accepted (the tests of `tests/limits.rs` check
/// the values outside): table sizes, pocket radius, wall thickness, μ, g, restitution, speeds,
/// `dt_s`, `substeps`, `max_time_s`.
#[test]
fn every_range_end_is_accepted() {
    for h in [1e-3, 1e4] {
        assert!(Table::new(h, h).is_ok(), "{h}");
    }
    let t = Table::new(1e4, 1e4).unwrap();
    for r in [1e-4, 1e4] {
        assert!(t.clone().with_pocket(Vec2::ZERO, r).is_ok(), "{r}");
    }
    for th in [0.0, 1e-6, 1e4] {
        assert!(
            t.clone()
                .with_wall(Vec2::ZERO, Vec2::new(1.0, 0.0), th)
                .is_ok(),
            "{th}"
        );
    }
    let d = Params::default();
    let ends = [
        Params {
            friction_mu: 1e-6,
            ..d
        },
        Params {
            friction_mu: 10.0,
            ..d
        },
        Params {
            gravity_m_s2: 1e-3,
            ..d
        },
        Params {
            gravity_m_s2: 100.0,
            ..d
        },
        Params {
            restitution_disc: 1e-6,
            restitution_cushion: 1e-6,
            ..d
        },
        Params {
            restitution_disc: 1.0,
            restitution_cushion: 1.0,
            ..d
        },
        Params {
            jump_speed_m_s: Some(1e-3),
            max_speed_m_s: 1e-3,
            ..d
        },
        Params {
            jump_speed_m_s: Some(1e3),
            max_speed_m_s: 1e3,
            ..d
        },
    ];
    for p in ends {
        assert_eq!(p.validate(), Ok(()), "{p:?}");
    }
    for c in [
        StepConfig {
            dt_s: 1e-6,
            substeps: 1,
            max_time_s: 1e-6,
        },
        StepConfig {
            dt_s: 1.0,
            substeps: 1,
            max_time_s: 1e6,
        },
        StepConfig {
            dt_s: 1.0,
            substeps: 10_000,
            max_time_s: 1.0,
        },
    ] {
        assert_eq!(c.validate(), Ok(()), "{c:?}");
    }
}

/// "Parameter ranges": "at most 1000 pockets, 1000 walls" (`TableError::TooMany` beyond).
#[test]
fn a_table_holds_at_most_1000_pockets_and_1000_walls() {
    let mut t = Table::new(1.0, 1.0).unwrap();
    for k in 0..1000 {
        let x = -0.9 + 0.0018 * f64::from(k);
        t = t
            .with_pocket(Vec2::new(x, 0.5), 1e-4)
            .unwrap()
            .with_wall(Vec2::new(x, -0.5), Vec2::new(x, -0.6), 0.0)
            .unwrap();
    }
    assert_eq!((t.pockets().len(), t.walls().len()), (1000, 1000));
    assert_eq!(
        t.clone().with_pocket(Vec2::ZERO, 0.01),
        Err(TableError::TooMany)
    );
    assert_eq!(
        t.with_wall(Vec2::ZERO, Vec2::new(0.1, 0.0), 0.0),
        Err(TableError::TooMany)
    );
}

/// "Parameter ranges", positions and velocities: "a speed given at most `max_speed_m_s`"
/// (exactly the limit is accepted, by `add_disc` and `strike`).
#[test]
fn a_speed_of_exactly_the_maximum_may_be_given() {
    let mut w = board();
    let a = add_coin(&mut w, Vec2::ZERO, Vec2::new(0.0, 100.0));
    assert_eq!(w.strike(a, Vec2::new(-100.0, 0.0)), Ok(()));
    assert!(w.velocity(a).unwrap().length() <= 100.0 * (1.0 + 1e-15));
}

/// "Parameter ranges": pocket centres and wall ends "inside the cushions" (on a cushion line
/// counts as inside; beyond it is refused).
#[test]
fn pocket_centres_and_wall_ends_may_lie_on_the_cushions_but_not_beyond() {
    let t = Table::new(0.5, 0.4).unwrap();
    assert!(t.clone().with_pocket(Vec2::new(0.5, -0.4), 0.05).is_ok());
    assert_eq!(
        t.clone().with_pocket(Vec2::new(0.5, 0.41), 0.05),
        Err(TableError::PocketCentre)
    );
    assert!(
        t.clone()
            .with_wall(Vec2::new(-0.5, 0.4), Vec2::new(0.5, -0.4), 0.01)
            .is_ok()
    );
    assert_eq!(
        t.with_wall(Vec2::new(-0.51, 0.0), Vec2::ZERO, 0.01),
        Err(TableError::WallEnd)
    );
}

// ------------------------------------------------------------------ Placement and its errors

/// Below the API table: "Discs may touch: overlaps up to `PLACEMENT_TOLERANCE_M` = 1 nm are
/// accepted"; the limits table: "a centre inside the cushions (1 nm tolerance)".
#[test]
fn placement_accepts_overlaps_up_to_1_nm_and_refuses_deeper_ones() {
    assert_eq!(PLACEMENT_TOLERANCE_M, 1e-9);
    let mut w = board();
    let a = w.add_disc(carrom::COIN, Vec2::ZERO, Vec2::ZERO).unwrap();
    let d = 2.0 * carrom::COIN_RADIUS_M;
    assert_eq!(
        w.add_disc(carrom::COIN, Vec2::new(d - 1.1e-9, 0.0), Vec2::ZERO),
        Err(PlaceError::Overlaps(a))
    );
    w.add_disc(carrom::COIN, Vec2::new(d - 0.9e-9, 0.0), Vec2::ZERO)
        .unwrap();
    let edge = 0.37 - carrom::COIN_RADIUS_M;
    assert_eq!(
        w.check_placement(carrom::COIN, Vec2::new(0.0, edge + 1.1e-9), None),
        Err(PlaceError::OutsideCushions)
    );
    w.add_disc(carrom::COIN, Vec2::new(0.0, edge + 0.9e-9), Vec2::ZERO)
        .unwrap();
}

/// "API in one table", re-spotting: `check_placement(kind, position, ignore)` says what is in
/// the way (a cushion, a wall, a pocket, a disc), ignores the disc named and changes nothing;
/// below the table: `PlaceError` (... overlapping a wall or a disc, centre in a pocket).
#[test]
fn check_placement_names_what_is_in_the_way_and_ignores_the_disc_given() {
    let t = Table::new(0.5, 0.5)
        .unwrap()
        .with_wall(Vec2::new(-0.1, 0.3), Vec2::new(0.1, 0.3), 0.01)
        .unwrap()
        .with_wall(Vec2::new(0.3, -0.3), Vec2::new(0.3, -0.3), 0.02)
        .unwrap()
        .with_pocket(Vec2::new(-0.3, -0.3), 0.05)
        .unwrap();
    let mut w = World::new(t, StepConfig::default()).unwrap();
    let coin = carrom::COIN;
    let a = w.add_disc(coin, Vec2::ZERO, Vec2::ZERO).unwrap();
    let before = w.checksum();
    assert_eq!(
        w.check_placement(coin, Vec2::new(0.02, 0.0), None),
        Err(PlaceError::Overlaps(a))
    );
    assert_eq!(
        w.check_placement(coin, Vec2::new(0.02, 0.0), Some(a)),
        Ok(())
    );
    assert_eq!(
        w.check_placement(coin, Vec2::new(0.0, 0.3 - 0.02), None),
        Err(PlaceError::OverlapsWall(CushionId::wall(0)))
    );
    assert_eq!(
        w.check_placement(coin, Vec2::new(0.3, -0.27), None),
        Err(PlaceError::OverlapsWall(CushionId::wall(1)))
    );
    // A disc overlapping a pocket with its centre outside is fine; its centre inside is not.
    assert_eq!(
        w.check_placement(coin, Vec2::new(-0.3, -0.3 + 0.06), None),
        Ok(())
    );
    assert_eq!(
        w.check_placement(coin, Vec2::new(-0.3, -0.3 + 0.04), None),
        Err(PlaceError::InPocket(PocketId(0)))
    );
    assert_eq!(
        w.check_placement(coin, Vec2::new(0.49, 0.0), None),
        Err(PlaceError::OutsideCushions)
    );
    assert_eq!(w.checksum(), before);
    assert_eq!(w.len(), 1);
}

/// Below the API table, `PlaceError`: "an overlap is reported only where no cushion, wall or
/// pocket is in the way, and names the lowest-indexed disc in the way", in a small world
/// (below the placement index's 64 discs) and a large one, of discs of several sizes; and the
/// docs of `PlaceError::Overlaps`: "depends on nothing else".
#[test]
fn an_overlap_names_the_lowest_indexed_disc_in_the_way() {
    let t = Table::new(2.0, 2.0)
        .unwrap()
        .with_pocket(Vec2::new(1.0, 1.0), 0.05)
        .unwrap();
    let big = DiscKind::new(0.5, 1.0).unwrap();
    let wide = DiscKind::new(0.25, 1.0).unwrap();
    let coin = DiscKind::new(0.005, 0.001).unwrap();
    let overlaps = |a: Vec2, ra: f64, b: Vec2, rb: f64| {
        let rr = ra + rb - PLACEMENT_TOLERANCE_M;
        (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y) < rr * rr
    };
    for coins in [10, 300] {
        let mut w = World::new(t.clone(), StepConfig::default()).unwrap();
        // A row of coins along y = 0.3, then a large disc just below it.
        let at = |k: usize| Vec2::new(-1.9 + 3.8 * k as f64 / coins as f64, 0.3);
        for k in 0..coins {
            w.add_disc(coin, at(k), Vec2::ZERO).unwrap();
        }
        let large = w.add_disc(big, Vec2::new(0.0, -0.21), Vec2::ZERO).unwrap();
        assert_eq!(large.index(), coins);
        // The lowest-indexed coin in the way of a disc of radius `r` at `q`.
        let first = |q: Vec2, r: f64| {
            (0..coins)
                .find(|&k| overlaps(at(k), 0.005, q, r))
                .map(|k| DiscId::from_index(k as u32))
        };
        // A large disc over the row names the first coin under it.
        let q = Vec2::new(1.0, 0.3);
        assert_eq!(
            w.check_placement(big, q, None),
            Err(PlaceError::Overlaps(first(q, 0.5).unwrap())),
            "{coins}"
        );
        // A coin in the way of the large disc and of coins of the row names a coin.
        let q = Vec2::new(0.0, 0.293);
        assert!(overlaps(Vec2::new(0.0, -0.21), 0.5, q, 0.005));
        assert_eq!(
            w.add_disc(coin, q, Vec2::ZERO),
            Err(PlaceError::Overlaps(first(q, 0.005).unwrap())),
            "{coins}"
        );
        // A disc in the way of a coin with its centre in a pocket: the pocket is named.
        let beside = w.add_disc(coin, Vec2::new(1.0, 0.94), Vec2::ZERO).unwrap();
        let q = Vec2::new(1.0, 0.99);
        assert!(overlaps(w.position(beside).unwrap(), 0.005, q, 0.25));
        assert_eq!(
            w.add_disc(wide, q, Vec2::ZERO),
            Err(PlaceError::InPocket(PocketId(0))),
            "{coins}"
        );
    }
}

/// Below the API table: "Bad input never panics and leaves the world unchanged": a refused
/// `place` of a pocketed disc keeps it pocketed, and an unknown id is `UnknownDisc`.
#[test]
fn a_refused_place_leaves_a_pocketed_disc_pocketed() {
    let t = Table::new(0.5, 0.5)
        .unwrap()
        .with_pocket(Vec2::new(0.3, 0.0), 0.05)
        .unwrap();
    let mut w = World::new(t, StepConfig::default()).unwrap();
    let a = add_coin(&mut w, Vec2::ZERO, Vec2::new(2.0, 0.0));
    let b = add_coin(&mut w, Vec2::new(0.0, 0.3), Vec2::ZERO);
    w.run_to_rest(&mut NoEvents);
    assert_eq!(w.disc(a).unwrap().status, DiscStatus::Pocketed(PocketId(0)));
    let before = w.checksum();
    for (p, err) in [
        (Vec2::new(0.3, 0.0), PlaceError::InPocket(PocketId(0))),
        (Vec2::new(0.0, 0.29), PlaceError::Overlaps(b)),
        (Vec2::new(f64::INFINITY, 0.0), PlaceError::NonFinitePosition),
        (Vec2::new(0.5, 0.0), PlaceError::OutsideCushions),
    ] {
        assert_eq!(w.place(a, p), Err(err));
        assert_eq!(w.checksum(), before);
        assert_eq!(w.disc(a).unwrap().status, DiscStatus::Pocketed(PocketId(0)));
    }
    let ghost = DiscId::from_index(9);
    assert_eq!(
        w.place(ghost, Vec2::ZERO),
        Err(PlaceError::UnknownDisc(ghost))
    );
    assert_eq!(w.checksum(), before);
}

/// "API in one table", re-spotting: `place(id, position)` puts a disc there at rest; "works
/// for pocketed, jumped, removed or on-table discs".
#[test]
fn place_puts_jumped_removed_and_moving_discs_back_at_rest() {
    let p = Params {
        jump_speed_m_s: Some(1.0),
        ..Params::default()
    };
    let mut w = world_on(0.5, p, StepConfig::default());
    let jumper = add_coin(&mut w, Vec2::ZERO, Vec2::new(3.0, 0.0));
    let removed = add_coin(&mut w, Vec2::new(0.0, 0.3), Vec2::ZERO);
    let mover = add_coin(&mut w, Vec2::new(0.0, -0.3), Vec2::new(-0.5, 0.0));
    w.remove(removed).unwrap();
    for _ in 0..300 {
        w.step(&mut NoEvents);
    }
    assert_eq!(
        w.disc(jumper).unwrap().status,
        DiscStatus::LeftTable(CushionId::RIGHT)
    );
    assert_eq!(w.disc(removed).unwrap().status, DiscStatus::Removed);
    assert_ne!(w.velocity(mover).unwrap(), Vec2::ZERO);
    for (id, at) in [
        (jumper, Vec2::new(0.2, 0.2)),
        (removed, Vec2::new(-0.2, 0.2)),
        (mover, Vec2::new(0.2, -0.2)),
    ] {
        w.place(id, at).unwrap();
        let d = w.disc(id).unwrap();
        assert_eq!(
            (d.status, d.position, d.velocity),
            (DiscStatus::OnTable, at, Vec2::ZERO)
        );
    }
    assert!(w.is_at_rest());
    assert_eq!(w.kinetic_energy_j(), 0.0);
}

/// "API in one table", discs: `add_disc(...) -> DiscId` "(creation order, never reused)";
/// `DiscId` docs: a pocketed or removed disc keeps its id.
#[test]
fn disc_ids_follow_creation_order_and_are_never_reused() {
    let mut w = board();
    let ids: Vec<DiscId> = (0..3)
        .map(|k| {
            w.add_disc(
                carrom::COIN,
                Vec2::new(-0.2 + 0.1 * f64::from(k), 0.0),
                Vec2::ZERO,
            )
            .unwrap()
        })
        .collect();
    assert_eq!(
        ids.iter().map(|i| i.index()).collect::<Vec<_>>(),
        vec![0, 1, 2]
    );
    w.remove(ids[1]).unwrap();
    let next = add_coin(&mut w, Vec2::new(0.0, 0.2), Vec2::ZERO);
    assert_eq!(next, DiscId::from_index(3));
    assert_eq!(w.len(), 4);
    assert_eq!(w.disc(ids[1]).unwrap().id, ids[1]);
    let order: Vec<DiscId> = w.discs().map(|d| d.id).collect();
    assert_eq!(order, vec![ids[0], ids[1], ids[2], next]);
    w.place(ids[1], Vec2::new(0.0, -0.2)).unwrap();
    assert_eq!(w.len(), 4);
}

// ------------------------------------------------------------------ State

/// "API in one table", state: `disc(id) -> Option<DiscState>`, `position(id)`, `velocity(id)`
/// (None for an unknown id); `DiscState` docs: off the table, the velocity is zero and the
/// position is where the disc last was on it.
#[test]
fn state_reads_agree_and_say_none_for_an_unknown_id() {
    let mut w = board();
    assert!(w.is_empty() && w.is_at_rest());
    let a = add_coin(&mut w, Vec2::new(0.1, 0.0), Vec2::new(0.0, 0.5));
    let d = w.disc(a).unwrap();
    assert_eq!(
        (d.kind, d.position, d.status),
        (carrom::COIN, Vec2::new(0.1, 0.0), DiscStatus::OnTable)
    );
    assert!(close(d.velocity.y, 0.5, 1e-15) && d.velocity.x == 0.0);
    assert_eq!(w.position(a), Some(d.position));
    assert_eq!(w.velocity(a), Some(d.velocity));
    assert!(!w.is_at_rest());
    let ghost = DiscId::from_index(1);
    assert_eq!(
        (w.disc(ghost), w.position(ghost), w.velocity(ghost)),
        (None, None, None)
    );
    w.step(&mut NoEvents);
    let at = w.position(a).unwrap();
    w.remove(a).unwrap();
    let off = w.disc(a).unwrap();
    assert_eq!(
        (off.position, off.velocity, off.status),
        (at, Vec2::ZERO, DiscStatus::Removed)
    );
    assert!(w.is_at_rest());
}

/// "API in one table", state: `kinetic_energy_j()` and `momentum()` count the discs on the
/// table.
#[test]
fn kinetic_energy_and_momentum_count_the_discs_on_the_table() {
    let mut w = board();
    let m = carrom::COIN_MASS_KG;
    w.add_disc(carrom::COIN, Vec2::new(-0.1, 0.0), Vec2::new(1.0, 0.0))
        .unwrap();
    let b = add_coin(&mut w, Vec2::new(0.1, 0.0), Vec2::new(0.0, -2.0));
    assert!(close(w.kinetic_energy_j(), 0.5 * m * 5.0, 1e-15));
    let p = w.momentum();
    assert!(close(p.x, m, 1e-15) && close(p.y, -2.0 * m, 1e-15));
    w.remove(b).unwrap();
    assert!(close(w.kinetic_energy_j(), 0.5 * m, 1e-15));
    let p = w.momentum();
    assert!(close(p.x, m, 1e-15) && p.y == 0.0);
}

/// `deepest_overlap` docs: "a run's states at most rounding in the benchmark scenes": after
/// every step of the two breaks (to rest) and of scene (c) at N = 256 (500 steps).
#[test]
fn the_benchmark_scenes_overlap_at_most_by_rounding() {
    for (mut w, steps) in [
        (scenes::carrom_break(), 3000),
        (scenes::novuss_break(), 3000),
        (scenes::scaling_box(256), 500),
    ] {
        for _ in 0..steps {
            w.step(&mut NoEvents);
            if let Some((depth, a, b)) = w.deepest_overlap() {
                assert!(depth <= 1e-16, "{a:?} and {b:?} overlap by {depth:e}");
            }
            if w.is_at_rest() {
                break;
            }
        }
    }
}

/// "API in one table", state: `deepest_overlap()` "the deepest pair of overlapping discs, if
/// any"; its docs: "Discs placed touching read at most `PLACEMENT_TOLERANCE_M`".
#[test]
fn deepest_overlap_reports_the_deepest_pair_or_none() {
    let mut w = board();
    assert_eq!(w.deepest_overlap(), None);
    let d = 2.0 * carrom::COIN_RADIUS_M;
    let a = w.add_disc(carrom::COIN, Vec2::ZERO, Vec2::ZERO).unwrap();
    w.add_disc(carrom::COIN, Vec2::new(0.0, d), Vec2::ZERO)
        .unwrap();
    assert!(
        w.deepest_overlap()
            .is_none_or(|(depth, _, _)| depth <= 1e-9)
    );
    let b = add_coin(&mut w, Vec2::new(d - 0.8e-9, 0.0), Vec2::ZERO);
    let c = add_coin(&mut w, Vec2::new(0.2, 0.2), Vec2::ZERO);
    w.add_disc(carrom::COIN, Vec2::new(0.2 + d - 0.3e-9, 0.2), Vec2::ZERO)
        .unwrap();
    let (depth, x, y) = w.deepest_overlap().unwrap();
    assert!(close(depth, 0.8e-9, 1e-12), "{depth}");
    assert_eq!((x.min(y), x.max(y)), (a, b));
    assert_ne!(x, c);
    w.remove(b).unwrap();
    let (depth, ..) = w.deepest_overlap().unwrap();
    assert!(close(depth, 0.3e-9, 1e-12), "{depth}");
}

// ------------------------------------------------------------------ Cushions, walls, pockets

/// Below the API table: "Cushions are `CushionId::{BOTTOM (y = −H, the breaker's side), RIGHT,
/// TOP, LEFT}` and `CushionId::wall(k)`".
#[test]
fn cushion_ids_name_the_four_sides_and_the_walls() {
    let t = Table::new(0.5, 0.4)
        .unwrap()
        .with_params(frictionless())
        .unwrap()
        .with_wall(Vec2::new(-0.45, 0.3), Vec2::new(-0.45, 0.35), 0.0)
        .unwrap()
        .with_wall(Vec2::new(0.2, 0.3), Vec2::new(0.3, 0.3), 0.01)
        .unwrap();
    let cases = [
        (Vec2::new(0.0, -1.0), CushionId::BOTTOM),
        (Vec2::new(1.0, 0.0), CushionId::RIGHT),
        (Vec2::new(0.0, 1.0), CushionId::TOP),
        (Vec2::new(-1.0, 0.0), CushionId::LEFT),
        (Vec2::new(0.5, 0.6), CushionId::wall(1)),
    ];
    for (v, want) in cases {
        let mut w = World::new(t.clone(), StepConfig::default()).unwrap();
        let a = w.add_disc(carrom::COIN, Vec2::ZERO, v).unwrap();
        let mut ev = Vec::new();
        for _ in 0..600 {
            w.step(&mut ev);
        }
        let first = ev.iter().find_map(|e| match e.kind {
            EventKind::CushionContact { disc, cushion, .. } => Some((disc, cushion)),
            _ => None,
        });
        assert_eq!(first, Some((a, want)), "{v}");
    }
    assert_eq!(
        CushionId::OUTER,
        [
            CushionId::BOTTOM,
            CushionId::RIGHT,
            CushionId::TOP,
            CushionId::LEFT
        ]
    );
    assert_eq!(CushionId::wall(1).wall_index(), Some(1));
    assert_eq!(CushionId::LEFT.wall_index(), None);
}

/// "API in one table", a table: `.with_wall(a, b, half_thickness_m)` "(an internal capsule
/// wall; zero length = a fixed post)": a disc sent at a post bounces back off it.
#[test]
fn a_wall_of_zero_length_is_a_fixed_post() {
    let t = Table::new(0.5, 0.5)
        .unwrap()
        .with_wall(Vec2::new(0.2, 0.0), Vec2::new(0.2, 0.0), 0.01)
        .unwrap();
    let mut w = World::new(t, StepConfig::default()).unwrap();
    let a = add_coin(&mut w, Vec2::new(-0.2, 0.0), Vec2::new(1.5, 0.0));
    let mut ev = Vec::new();
    w.run_to_rest(&mut ev);
    let hit = ev
        .iter()
        .find(|e| matches!(e.kind, EventKind::CushionContact { .. }))
        .unwrap();
    assert!(matches!(
        hit.kind,
        EventKind::CushionContact { disc, cushion, .. } if disc == a && cushion == CushionId::wall(0)
    ));
    let x = w.position(a).unwrap().x;
    assert!(x < 0.2 - 0.01 - carrom::COIN_RADIUS_M, "{x}");
}

/// "The model", impacts: Newton restitution `e_rail` on the normal approach velocity for a
/// cushion, contacts frictionless (the tangential velocity is kept); `CushionContact`'s
/// `speed_m_s` is the normal approach speed.
#[test]
fn a_cushion_reverses_the_normal_velocity_times_e_rail_and_keeps_the_tangential() {
    let mut w = world_on(0.5, frictionless(), StepConfig::default());
    let a = add_coin(&mut w, Vec2::new(0.3, 0.0), Vec2::new(1.0, 0.5));
    let mut ev = Vec::new();
    for _ in 0..300 {
        w.step(&mut ev);
    }
    let v = w.velocity(a).unwrap();
    assert!(close(v.x, -0.75, 1e-12) && close(v.y, 0.5, 1e-12), "{v}");
    assert_eq!(ev.len(), 1);
    match ev[0].kind {
        EventKind::CushionContact {
            disc,
            cushion,
            speed_m_s,
        } => {
            assert_eq!((disc, cushion), (a, CushionId::RIGHT));
            assert!(close(speed_m_s, 1.0, 1e-12));
        }
        other => panic!("{other:?}"),
    }
    let t_hit = (0.5 - carrom::COIN_RADIUS_M - 0.3) / 1.0;
    assert!(close(ev[0].time_s, t_hit, 1e-9), "{}", ev[0].time_s);
}

/// "The model": "Discs translate only; contacts are frictionless, so impulses act through the
/// centres": a struck disc leaves along the line of centres at the impact, with Newton's
/// 1-D formula on the normal component (unequal masses, e = 0.9).
#[test]
fn a_disc_impulse_acts_along_the_line_of_centres() {
    let mut w = world_on(0.5, frictionless(), StepConfig::default());
    let s = w
        .add_disc(carrom::STRIKER, Vec2::new(-0.2, 0.0), Vec2::new(1.0, 0.0))
        .unwrap();
    let c = add_coin(&mut w, Vec2::new(0.0, 0.02), Vec2::ZERO);
    let mut ev = Vec::new();
    while !ev
        .iter()
        .any(|e: &Event| matches!(e.kind, EventKind::DiscContact { .. }))
    {
        w.step(&mut ev);
    }
    let (ps, pc) = (w.position(s).unwrap(), w.position(c).unwrap());
    let (vs, vc) = (w.velocity(s).unwrap(), w.velocity(c).unwrap());
    // Both have moved on a little since the impact; go back along their paths to the impact.
    let t_imp = ev.last().unwrap().time_s;
    let back = w.time_s() - t_imp;
    let n = ((pc - vc * back) - (ps - vs * back)).normalized().unwrap();
    let cross = vc.x * n.y - vc.y * n.x;
    assert!(cross.abs() <= 1e-9 * vc.length(), "{vc} vs {n}");
    let (m1, m2, e) = (carrom::STRIKER_MASS_KG, carrom::COIN_MASS_KG, 0.9);
    let un = n.x; // the striker's normal approach speed (velocity (1, 0))
    let want = (1.0 + e) * m1 / (m1 + m2) * un;
    assert!(close(vc.length(), want, 1e-9), "{} vs {want}", vc.length());
    // The striker keeps its tangential component.
    let tangent = Vec2::new(-n.y, n.x);
    assert!(close(
        vs.dot(tangent),
        Vec2::new(1.0, 0.0).dot(tangent),
        1e-9
    ));
}

/// "The model", pockets: "a disc is pocketed at the instant its centre enters a pocket
/// circle", exactly once, and off the table from then on; `DiscState` docs: its position is
/// where it was last on the table, its velocity zero.
#[test]
fn a_disc_is_pocketed_at_the_instant_its_centre_enters_the_circle() {
    let t = frictionless_with_pocket(Vec2::new(0.3, 0.0), 0.05);
    let mut w = World::new(t, step_config(1.0 / 60.0, 1)).unwrap();
    let a = add_coin(&mut w, Vec2::ZERO, Vec2::new(1.0, 0.0));
    let mut ev = Vec::new();
    let run = w.run_to_rest(&mut ev);
    assert!(run.at_rest);
    assert_eq!(ev.len(), 1);
    assert_eq!(
        ev[0].kind,
        EventKind::Pocketed {
            disc: a,
            pocket: PocketId(0)
        }
    );
    assert!(close(ev[0].time_s, 0.25, 1e-9), "{}", ev[0].time_s);
    let d = w.disc(a).unwrap();
    assert_eq!(d.status, DiscStatus::Pocketed(PocketId(0)));
    assert_eq!(d.velocity, Vec2::ZERO);
    assert!(
        d.position.distance(Vec2::new(0.25, 0.0)) <= 1e-9,
        "{}",
        d.position
    );
    assert_eq!(w.kinetic_energy_j(), 0.0);
}

/// "The model", pockets: taking the exact instant "means a fast disc cannot cross a pocket
/// within one step, and nothing it would have touched later in that step is touched".
#[test]
fn a_fast_disc_cannot_cross_a_pocket_within_one_step() {
    let t = frictionless_with_pocket(Vec2::ZERO, 0.01);
    let mut w = World::new(t, step_config(1.0 / 60.0, 1)).unwrap();
    let a = add_coin(&mut w, Vec2::new(-0.3, 0.0), Vec2::new(30.0, 0.0));
    let behind = add_coin(&mut w, Vec2::new(0.15, 0.0), Vec2::ZERO);
    let mut ev = Vec::new();
    w.step(&mut ev);
    assert_eq!(
        ev.iter().map(|e| e.kind).collect::<Vec<_>>(),
        vec![EventKind::Pocketed {
            disc: a,
            pocket: PocketId(0)
        }]
    );
    assert!(close(ev[0].time_s, 0.29 / 30.0, 1e-9));
    assert_eq!(w.velocity(behind), Some(Vec2::ZERO));
    assert!(w.disc(behind).unwrap().on_table());
}

/// "The model", pockets: "The rails run continuously past the pockets": a coin whose centre
/// passes beside a corner pocket meets the cushion at the pocket's mouth and comes back.
#[test]
fn the_rails_run_on_past_the_pockets() {
    let mut w = world_on(0.37, frictionless(), StepConfig::default());
    let mut w_pockets = World::new(
        carrom::table()
            .unwrap()
            .with_params(frictionless())
            .unwrap(),
        StepConfig::default(),
    )
    .unwrap();
    let mut ends = Vec::new();
    for world in [&mut w, &mut w_pockets] {
        let a = add_coin(world, Vec2::new(0.0, 0.31), Vec2::new(1.0, 0.0));
        let mut ev = Vec::new();
        for _ in 0..500 {
            world.step(&mut ev);
        }
        assert_eq!(
            ev.iter().map(|e| e.kind).collect::<Vec<_>>(),
            vec![EventKind::CushionContact {
                disc: a,
                cushion: CushionId::RIGHT,
                speed_m_s: 1.0
            }]
        );
        ends.push(world.disc(a).unwrap());
    }
    assert_eq!(ends[0].position, ends[1].position);
    assert_eq!(ends[1].status, DiscStatus::OnTable);
}

/// "The model", pockets: "strictly: a centre path that passes outside the circle does not
/// count, however near" (1 nm and 1 pm outside here); one tangent to the last bit may count by
/// rounding, and then its centre lies on the circle to rounding. (The page said "a centre path
/// tangent to the circle does not count" before this audit; the exactly tangent case below
/// was pocketed 0.6 ns before the point of tangency.)
#[test]
fn a_centre_path_passing_outside_a_pocket_circle_is_not_pocketed() {
    let t = frictionless_with_pocket(Vec2::new(0.25, 0.0), 0.0625);
    let run = |y: f64| {
        let mut w = World::new(t.clone(), StepConfig::default()).unwrap();
        let a = add_coin(&mut w, Vec2::new(0.0, y), Vec2::new(1.0, 0.0));
        let mut ev = Vec::new();
        for _ in 0..400 {
            w.step(&mut ev);
        }
        (w.disc(a).unwrap(), ev)
    };
    for gap in [1e-9, 1e-12] {
        let (d, ev) = run(0.0625 + gap);
        assert!(d.on_table(), "{gap}: {ev:?}");
        assert!(ev.is_empty(), "{gap}: {ev:?}");
    }
    let (d, ev) = run(0.0625);
    if !d.on_table() {
        assert_eq!(ev.len(), 1);
        let off = d.position.distance(Vec2::new(0.25, 0.0)) - 0.0625;
        assert!(off.abs() <= 1e-15, "{off:e}");
        assert!(close(ev[0].time_s, 0.25, 1e-9), "{:?}", ev[0]);
    }
}

/// "The model", leaving the table: a jump needs "a normal speed above" the jump speed: exactly
/// the jump speed (no friction, so the impact is at the speed given) stays on the table.
#[test]
fn a_normal_speed_of_exactly_the_jump_speed_does_not_jump() {
    let p = Params {
        jump_speed_m_s: Some(2.0),
        ..frictionless()
    };
    let mut w = world_on(0.5, p, StepConfig::default());
    let a = add_coin(&mut w, Vec2::ZERO, Vec2::new(2.0, 0.0));
    let b = w
        .add_disc(
            carrom::COIN,
            Vec2::new(0.0, 0.2),
            Vec2::new(-2.0000001, 0.0),
        )
        .unwrap();
    let mut ev = Vec::new();
    for _ in 0..300 {
        w.step(&mut ev);
    }
    assert!(w.disc(a).unwrap().on_table());
    assert!(ev.iter().any(|e| matches!(
        e.kind,
        EventKind::CushionContact { disc, speed_m_s, .. } if disc == a && speed_m_s == 2.0
    )));
    assert_eq!(
        w.disc(b).unwrap().status,
        DiscStatus::LeftTable(CushionId::LEFT)
    );
}

/// `Table::pocket_at`: "The pocket whose circle strictly contains `p`, if any (the first in
/// index order)".
#[test]
fn pocket_at_is_strict_and_takes_the_first_pocket() {
    let t = Table::new(1.0, 1.0)
        .unwrap()
        .with_pocket(Vec2::ZERO, 0.25)
        .unwrap()
        .with_pocket(Vec2::new(0.125, 0.0), 0.25)
        .unwrap();
    assert_eq!(t.pocket_at(Vec2::new(0.0625, 0.0)), Some(PocketId(0)));
    // On a circle (exactly, in binary) is not inside it.
    assert_eq!(t.pocket_at(Vec2::new(-0.25, 0.0)), None);
    assert_eq!(t.pocket_at(Vec2::new(0.3125, 0.0)), Some(PocketId(1)));
    assert_eq!(t.pocket_at(Vec2::new(0.375, 0.0)), None);
}

/// "The model", leaving the table: a disc jumps "an outer cushion with a normal speed above"
/// `jump_speed_m_s` (the normal speed, not the speed), and only an outer cushion.
#[test]
fn a_jump_needs_a_normal_speed_above_the_jump_speed_at_an_outer_cushion() {
    let p = Params {
        jump_speed_m_s: Some(2.0),
        ..Params::default()
    };
    let t = Table::new(0.5, 0.5)
        .unwrap()
        .with_params(p)
        .unwrap()
        .with_wall(Vec2::new(0.0, -0.45), Vec2::new(0.0, -0.25), 0.01)
        .unwrap();
    let mut w = World::new(t, StepConfig::default()).unwrap();
    // Speed 3.35 m/s, but 1.5 m/s into the right cushion: stays; then 2.9 m/s into the top.
    let a = add_coin(&mut w, Vec2::new(0.4, -0.3), Vec2::new(1.5, 3.0));
    // 2.5 m/s into the wall: a wall is never jumped (and 1.9 m/s back into the left cushion).
    let b = add_coin(&mut w, Vec2::new(-0.2, -0.35), Vec2::new(2.5, 0.0));
    let mut ev = Vec::new();
    w.run_to_rest(&mut ev);
    let contacts: Vec<(DiscId, CushionId)> = ev
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::CushionContact { disc, cushion, .. } => Some((disc, cushion)),
            _ => None,
        })
        .collect();
    assert!(contacts.contains(&(a, CushionId::RIGHT)), "{contacts:?}");
    assert!(contacts.contains(&(b, CushionId::wall(0))), "{contacts:?}");
    assert_eq!(
        w.disc(a).unwrap().status,
        DiscStatus::LeftTable(CushionId::TOP)
    );
    assert!(ev.iter().any(|e| e.kind
        == EventKind::LeftTable {
            disc: a,
            cushion: CushionId::TOP
        }));
    assert!(w.disc(b).unwrap().on_table());
}

// ------------------------------------------------------------------ Friction, exact sliding

/// "The model", friction: a moving disc slides a substep `h (s − a h / 2)` and ends it "at
/// speed `s − a h`", exactly, whatever the time step (here one step of 0.1 s).
#[test]
fn a_substep_slides_h_times_the_chord_speed_and_ends_at_s_minus_a_h() {
    let mut w = world_on(0.5, Params::default(), step_config(0.1, 1));
    let a = add_coin(&mut w, Vec2::new(-0.3, 0.0), Vec2::new(1.0, 0.0));
    w.step(&mut NoEvents);
    let (acc, h) = (0.981, 0.1);
    assert!(close(
        w.position(a).unwrap().x,
        -0.3 + h * (1.0 - acc * h / 2.0),
        1e-12
    ));
    assert!(close(w.velocity(a).unwrap().x, 1.0 - acc * h, 1e-12));
}

/// "The model", friction: "impulses act on the substep's velocity; after an impact at time t
/// the disc's speed at the substep's end is its new speed less `a (h − t) / 2`". One substep of
/// 0.1 s: a coin at the chord speed c = s − a h / 2 meets a coin at rest (e = 1, equal masses),
/// which takes c and ends the substep at c − a (h − t) / 2, having moved c (h − t).
#[test]
fn after_an_impact_at_t_the_speed_at_the_substep_end_is_the_new_speed_less_a_h_minus_t_over_2() {
    let p = Params {
        restitution_disc: 1.0,
        ..Params::default()
    };
    let mut w = world_on(0.5, p, step_config(0.1, 1));
    let d = 2.0 * carrom::COIN_RADIUS_M;
    let gap = 0.05;
    let a = add_coin(&mut w, Vec2::new(-0.2, 0.0), Vec2::new(1.0, 0.0));
    let xb = -0.2 + d + gap;
    let b = add_coin(&mut w, Vec2::new(xb, 0.0), Vec2::ZERO);
    let mut ev = Vec::new();
    w.step(&mut ev);
    let (acc, h) = (0.981, 0.1);
    let c = 1.0 - acc * h / 2.0;
    let t = gap / c;
    let contact = ev
        .iter()
        .find_map(|e| match e.kind {
            EventKind::DiscContact {
                first,
                second,
                speed_m_s,
            } => Some((e.time_s, first, second, speed_m_s)),
            _ => None,
        })
        .unwrap();
    assert_eq!((contact.1, contact.2), (a, b));
    assert!(close(contact.0, t, 1e-9), "{} vs {t}", contact.0);
    assert!(close(contact.3, c, 1e-9), "{}", contact.3);
    let vb = w.velocity(b).unwrap();
    assert!(close(vb.x, c - acc * (h - t) / 2.0, 1e-9), "{vb}");
    assert!(close(w.position(b).unwrap().x, xb + c * (h - t), 1e-9));
    assert_eq!(w.velocity(a), Some(Vec2::ZERO));
}

// ------------------------------------------------------------------ Events

/// "API in one table", events: "in time order, also across substeps and steps"; `EventKind`
/// docs: an event's time lies in its step; `first` has the smaller index; every event passes
/// `Event::validate`.
#[test]
fn events_come_in_time_order_within_their_steps_and_validate() {
    for (mut w, config) in [
        (scenes::carrom_break(), None),
        (scenes::novuss_break(), Some(step_config(1.0 / 60.0, 3))),
    ] {
        if let Some(c) = config {
            let mut v = World::new(w.table().clone(), c).unwrap();
            for d in w.discs() {
                v.add_disc(d.kind, d.position, d.velocity).unwrap();
            }
            w = v;
        }
        let mut all: Vec<Event> = Vec::new();
        let mut steps = 0;
        while !w.is_at_rest() && steps < 5000 {
            let t0 = w.time_s();
            let mut ev = Vec::new();
            w.step(&mut ev);
            steps += 1;
            for e in &ev {
                assert!(
                    t0 <= e.time_s && e.time_s <= w.time_s(),
                    "{e:?} outside [{t0}, {}]",
                    w.time_s()
                );
                assert_eq!(e.validate(), Ok(()), "{e:?}");
                if let EventKind::DiscContact { first, second, .. } = e.kind {
                    assert!(first < second);
                }
            }
            all.extend(ev);
        }
        assert!(all.len() > 20);
        assert!(all.windows(2).all(|p| p[0].time_s <= p[1].time_s));
    }
}

/// `EventKind` docs: "Events of the same instant come out in the order the solver resolved
/// them (pocketing first, then contacts by disc index)": a disc that meets two discs at once
/// reports the contact with the lower index first.
#[test]
fn contacts_of_one_instant_come_by_disc_index() {
    let mut w = world_on(0.5, frictionless(), StepConfig::default());
    let l = add_coin(&mut w, Vec2::new(-0.02, 0.0), Vec2::ZERO);
    let r = add_coin(&mut w, Vec2::new(0.02, 0.0), Vec2::ZERO);
    let s = add_coin(&mut w, Vec2::new(0.0, 0.2), Vec2::new(0.0, -1.0));
    let mut ev = Vec::new();
    for _ in 0..200 {
        w.step(&mut ev);
    }
    let contacts: Vec<(f64, DiscId, DiscId)> = ev
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::DiscContact { first, second, .. } => Some((e.time_s, first, second)),
            _ => None,
        })
        .collect();
    assert!(contacts.len() >= 2, "{contacts:?}");
    assert_eq!(contacts[0].0, contacts[1].0);
    assert_eq!(
        (contacts[0].1, contacts[0].2, contacts[1].1, contacts[1].2),
        (l, s, r, s)
    );
    let (vl, vr) = (w.velocity(l).unwrap(), w.velocity(r).unwrap());
    assert!(close(vl.x, -vr.x, 1e-12) && close(vl.y, vr.y, 1e-12));
}

/// `EventKind` docs: events of the same instant come "pocketing first, then contacts": a
/// coin entering a pocket at the instant another meets a cushion is reported first, though
/// its index is the larger, at the same time.
#[test]
fn a_pocketing_comes_before_a_contact_of_the_same_instant() {
    let t = frictionless_with_pocket(Vec2::new(0.3, 0.3), 0.05);
    let mut w = World::new(t, StepConfig::default()).unwrap();
    // The cushion at x = 0.5 - r = 0.4841 after 0.4841 s; the pocket's edge (x = 0.25) too.
    let cushion = add_coin(&mut w, Vec2::new(0.0, -0.2), Vec2::new(1.0, 0.0));
    let pocket = w
        .add_disc(
            carrom::COIN,
            Vec2::new(0.25 - 0.4841, 0.3),
            Vec2::new(1.0, 0.0),
        )
        .unwrap();
    let mut ev = Vec::new();
    for _ in 0..600 {
        w.step(&mut ev);
    }
    assert_eq!(
        ev.iter().map(|e| e.kind).take(2).collect::<Vec<_>>(),
        vec![
            EventKind::Pocketed {
                disc: pocket,
                pocket: PocketId(0)
            },
            EventKind::CushionContact {
                disc: cushion,
                cushion: CushionId::RIGHT,
                speed_m_s: 1.0
            }
        ]
    );
    assert_eq!(ev[0].time_s, ev[1].time_s);
    assert!(close(ev[0].time_s, 0.4841, 1e-12));
}

/// `Event` docs: `time_s` is "World time in seconds" (since the world was built), so the
/// events of a second run come after the first's; `RunSummary` says the run's steps and
/// simulated seconds.
#[test]
fn event_times_are_world_time_and_a_run_summary_counts_its_own_steps() {
    let mut w = board();
    let a = add_coin(&mut w, Vec2::ZERO, Vec2::new(0.0, 0.5));
    let mut ev = Vec::new();
    let first = w.run_to_rest(&mut ev);
    let t1 = w.time_s();
    assert_eq!(first.steps, w.steps());
    assert!(close(first.duration_s, t1, 1e-12));
    w.strike(a, Vec2::new(0.0, -0.5)).unwrap();
    let n = ev.len();
    let second = w.run_to_rest(&mut ev);
    assert!(second.at_rest);
    assert_eq!(first.steps + second.steps, w.steps());
    assert!(close(second.duration_s, w.time_s() - t1, 1e-12));
    assert!(ev.len() > n);
    assert!(
        ev[n..]
            .iter()
            .all(|e| e.time_s >= t1 && e.time_s <= w.time_s())
    );
    assert_eq!(
        ev[n..].last().map(|e| e.kind),
        Some(EventKind::CameToRest { disc: a })
    );
}

// ------------------------------------------------------------------ The run to rest

/// "The model", rest: `run_to_rest` stops when every disc on the table has velocity exactly
/// zero (a world already at rest takes no step), "or at `max_time_s` (60 s)".
#[test]
fn run_to_rest_stops_at_exact_rest_or_at_the_default_60_s() {
    let mut w = board();
    w.add_disc(carrom::COIN, Vec2::ZERO, Vec2::ZERO).unwrap();
    let run = w.run_to_rest(&mut NoEvents);
    assert_eq!((run.steps, run.duration_s, run.at_rest), (0, 0.0, true));
    w.strike(DiscId::from_index(0), Vec2::new(0.3, 0.2))
        .unwrap();
    assert!(w.run_to_rest(&mut NoEvents).at_rest);
    assert!(w.discs().all(|d| d.velocity == Vec2::ZERO));
    let mut slick = world_on(0.5, frictionless(), StepConfig::default());
    add_coin(&mut slick, Vec2::ZERO, Vec2::new(0.7, 0.3));
    let run = slick.run_to_rest(&mut NoEvents);
    assert!(!run.at_rest);
    assert!(run.duration_s >= 60.0 - 1e-9 && run.duration_s < 60.0 + 0.0011);
    assert!(run.steps <= 60_001, "{run:?}");
}

/// "API in one table", run: `run_to_rest_sampled(&mut sink, &mut trajectory)`; "The step":
/// "`run_to_rest_sampled` takes every step the ordinary way" and computes what `run_to_rest`
/// computes, bit for bit; `Trajectory` docs: sampled before the first step and after every
/// step, a sample equal to the one before is not stored, "a pocketed disc's path ends where it
/// fell in".
#[test]
fn run_to_rest_sampled_computes_what_run_to_rest_does_and_samples_every_path() {
    let mut plain = scenes::carrom_break();
    let mut sampled = plain.clone();
    let mut stepped = plain.clone();
    let start: Vec<Vec2> = plain.discs().map(|d| d.position).collect();
    let (mut ev_plain, mut ev_sampled) = (Vec::new(), Vec::new());
    let mut traj = Trajectory::new();
    let a = plain.run_to_rest(&mut ev_plain);
    let b = sampled.run_to_rest_sampled(&mut ev_sampled, &mut traj);
    assert_eq!(a, b);
    assert_eq!(plain.checksum(), sampled.checksum());
    assert_eq!(ev_plain, ev_sampled);
    // And what `step` computes, step by step until the world is at rest.
    let mut ev_stepped = Vec::new();
    let mut n = 0;
    while !stepped.is_at_rest() {
        stepped.step(&mut ev_stepped);
        n += 1;
    }
    assert_eq!((n, stepped.checksum()), (a.steps, plain.checksum()));
    assert_eq!(ev_stepped, ev_plain);
    assert_eq!(traj.paths().len(), 20);
    let mut pocketed = 0;
    for d in sampled.discs() {
        let path = traj.path(d.id);
        assert_eq!(path.first(), Some(&start[d.id.index()]));
        assert_eq!(path.last(), Some(&d.position));
        assert!(path.windows(2).all(|w| w[0] != w[1]));
        assert!(path.len() <= b.steps as usize + 1);
        pocketed += usize::from(matches!(d.status, DiscStatus::Pocketed(_)));
    }
    assert_eq!(pocketed, 2);
    assert!(traj.path(scenes::CARROM_STRIKER).len() > 100);
    assert!(traj.path(DiscId::from_index(99)).is_empty());
}

/// "Determinism contract", golden checksums: "scene (a) carrom break (1666 steps, 1.666 s, 2
/// pocketed), scene (b) Novuss break (1473 steps, 1.473 s, 2 pocketed)".
#[test]
fn the_golden_breaks_take_the_documented_steps_and_pocket_two() {
    for (mut w, steps) in [
        (scenes::carrom_break(), 1666u64),
        (scenes::novuss_break(), 1473),
    ] {
        let mut ev = Vec::new();
        let run = w.run_to_rest(&mut ev);
        assert!(run.at_rest);
        assert_eq!(run.steps, steps);
        assert!(close(run.duration_s, steps as f64 / 1000.0, 1e-9));
        let pocketed = ev
            .iter()
            .filter(|e| matches!(e.kind, EventKind::Pocketed { .. }))
            .count();
        assert_eq!(pocketed, 2);
        assert_eq!(
            w.discs()
                .filter(|d| matches!(d.status, DiscStatus::Pocketed(_)))
                .count(),
            2
        );
    }
}

/// "Determinism contract": "Same inputs (the same calls in the same order) → bit-identical
/// states and events": the same world built twice gives the same checksum and events;
/// `checksum` docs: it covers every disc's position bits.
#[test]
fn the_same_world_built_twice_gives_the_same_checksum_and_events() {
    let build = || {
        let mut w = World::new(novuss::table().unwrap(), step_config(1.0 / 60.0, 2)).unwrap();
        for p in novuss::row(1.0) {
            w.add_disc(novuss::DISC, p, Vec2::ZERO).unwrap();
        }
        let puck = w
            .add_disc(novuss::PUCK, Vec2::new(-0.1, -0.3), Vec2::ZERO)
            .unwrap();
        w.strike(puck, Vec2::new(0.4, 4.0)).unwrap();
        w
    };
    let (mut a, mut b) = (build(), build());
    assert_eq!(a.checksum(), b.checksum());
    let (mut ea, mut eb) = (Vec::new(), Vec::new());
    a.run_to_rest(&mut ea);
    b.run_to_rest(&mut eb);
    assert_eq!(a.checksum(), b.checksum());
    assert_eq!(ea, eb);
    // One ulp in one coordinate changes the checksum.
    let mut c = build();
    let p = c.position(DiscId::from_index(0)).unwrap();
    c.place(
        DiscId::from_index(0),
        Vec2::new(f64::from_bits(p.x.to_bits() - 1), p.y),
    )
    .unwrap();
    assert_ne!(c.checksum(), build().checksum());
}

// ------------------------------------------------------------------ settle_discs

/// Below the API table: `settle_discs` "moves apart discs of one radius that overlap by more
/// than half the tolerance" and "leaves positions that need no move bit for bit".
#[test]
fn settle_discs_moves_only_overlaps_deeper_than_half_the_tolerance() {
    let t = Table::new(0.5, 0.5).unwrap();
    let r = 0.026;
    let shallow = [
        Some(Vec2::new(0.0, 0.0)),
        Some(Vec2::new(2.0 * r - 0.4e-9, 0.0)),
    ];
    let mut at = shallow;
    assert!(settle_discs(&mut at, r, &t));
    assert_eq!(at, shallow);
    let mut at = [
        Some(Vec2::new(0.0, 0.0)),
        Some(Vec2::new(2.0 * r - 50e-9, 0.0)),
    ];
    assert!(settle_discs(&mut at, r, &t));
    let (a, b) = (at[0].unwrap(), at[1].unwrap());
    assert!(a.distance(b) >= 2.0 * r - 0.5e-9);
    assert_eq!((a.y, b.y), (0.0, 0.0));
}

/// Below the API table: `settle_discs` "answers `false` (leaving the positions as they were)
/// for [...] a centre that is not finite or has a subnormal coordinate" (the radius half is
/// `regression_settle_discs_panicked_on_a_radius_wider_than_the_table`'s), even with other
/// discs that it would move.
#[test]
fn settle_discs_says_false_and_moves_nothing_for_a_centre_not_finite_or_subnormal() {
    let t = Table::new(0.5, 0.5).unwrap();
    let pressed = [
        Some(Vec2::new(0.0, 0.0)),
        Some(Vec2::new(0.05, 0.0)),
        Some(Vec2::new(0.49, 0.3)),
    ];
    for bad in [f64::NAN, f64::NEG_INFINITY, 1e-320] {
        let mut at = pressed;
        at[1] = Some(Vec2::new(0.05, bad));
        let before = at;
        assert!(!settle_discs(&mut at, 0.026, &t), "{bad}");
        assert_eq!(format!("{at:?}"), format!("{before:?}"));
    }
}

/// Below the API table: on a table without internal walls, "whatever it answers `true` for
/// can be placed", pockets included ("It tests a pocket as the placement check does"): a
/// crowd pressed together by 30 nm at a pocket's edge and against a cushion.
#[test]
fn positions_settle_discs_accepts_can_all_be_placed() {
    let t = Table::new(0.5, 0.5)
        .unwrap()
        .with_pocket(Vec2::new(0.0, -0.2), 0.05)
        .unwrap();
    let r = novuss::DISC_RADIUS_M;
    let step = 2.0 * r - 30e-9;
    let mut at: Vec<Option<Vec2>> = (0..8)
        .map(|k| Some(Vec2::new(-0.5 + r - 20e-9 + step * f64::from(k), 0.474)))
        .chain((0..4).map(|k| Some(Vec2::new(0.05 + 1e-10 + step * f64::from(k), -0.2))))
        .collect();
    at.push(None);
    assert!(settle_discs(&mut at, r, &t));
    let mut w = World::new(t, StepConfig::default()).unwrap();
    for p in at.into_iter().flatten() {
        w.add_disc(novuss::DISC, p, Vec2::ZERO).unwrap();
    }
    assert_eq!(w.len(), 12);
}

// ------------------------------------------------------------------ Scenes and pictures

/// "API in one table", benchmark scenes: `scaling_box(n)` (n = 0 an empty world) and
/// `scaling_box_on(table, n)`, which gives the `PlaceError` of the first disc that does not
/// fit a table smaller than the scene's box.
#[test]
fn scaling_boxes_hold_n_discs_and_a_small_table_is_refused() {
    assert!(scenes::scaling_box(0).is_empty());
    let w = scenes::scaling_box(16);
    assert_eq!(w.len(), 16);
    let half = scenes::scaling_box_side_m(16) / 2.0;
    assert!(close(half * 2.0, 0.22546, 1e-5));
    assert_eq!(w.table().half_width_m(), half);
    assert!(w.table().pockets().is_empty());
    for d in w.discs() {
        assert!(d.position.x.abs() <= half - d.kind.radius_m());
        assert!(d.position.y.abs() <= half - d.kind.radius_m());
    }
    let small = Table::new(0.05, 0.05).unwrap();
    assert!(matches!(
        scenes::scaling_box_on(small, 16),
        Err(PlaceError::OutsideCushions | PlaceError::Overlaps(_))
    ));
    let same = scenes::scaling_box_on(w.table().clone(), 16).unwrap();
    assert_eq!(same.checksum(), w.checksum());
}

/// `SvgOptions::width_px` docs: "A width that is not finite, not positive, or so large that
/// the picture's width or height is not a finite number of pixels draws at the default 600";
/// `show_off_table` draws off-table discs as dashed outlines; `render_svg`: "+y is drawn
/// upwards".
#[test]
fn svg_falls_back_to_600_px_draws_y_upwards_and_off_table_discs_only_when_asked() {
    let mut w = board();
    let up = add_coin(&mut w, Vec2::new(0.0, 0.2), Vec2::ZERO);
    let down = add_coin(&mut w, Vec2::new(0.0, -0.2), Vec2::ZERO);
    for bad in [f64::NAN, -10.0, 0.0, f64::INFINITY, f64::MAX] {
        let svg = render_svg(
            &w,
            &SvgOptions {
                width_px: bad,
                ..SvgOptions::default()
            },
        );
        assert!(svg.contains(r#"width="600""#), "{bad}: {}", &svg[..120]);
    }
    let cy = |svg: &str, fill: &str| -> f64 {
        let line = svg
            .lines()
            .find(|l| l.starts_with("<circle") && l.contains(&format!(r#"fill="{fill}""#)))
            .unwrap();
        let at = line.find("cy=\"").unwrap() + 4;
        line[at..].split('"').next().unwrap().parse().unwrap()
    };
    let opts = SvgOptions {
        fills: &["red", "blue"],
        ..SvgOptions::default()
    };
    let svg = render_svg(&w, &opts);
    assert_eq!((up.index(), down.index()), (0, 1));
    assert!(cy(&svg, "red") < cy(&svg, "blue"));
    w.remove(down).unwrap();
    let hidden = render_svg(&w, &opts);
    assert!(!hidden.contains(r#"fill="blue""#));
    let shown = render_svg(
        &w,
        &SvgOptions {
            show_off_table: true,
            ..opts
        },
    );
    let blue = shown
        .lines()
        .find(|l| l.contains(r#"fill="blue""#))
        .unwrap();
    assert!(blue.contains("stroke-dasharray"));
}

/// `SolverStats` docs: counters "since the world was built"; `substeps`: "Substeps
/// simulated" (steps × substeps); `World::is_empty`: "Whether no disc was ever added".
#[test]
fn solver_stats_count_every_substep_since_the_world_was_built() {
    let mut w = World::new(novuss::table().unwrap(), step_config(0.004, 3)).unwrap();
    assert_eq!(w.stats().substeps, 0);
    let (p, v) = scenes::novuss_break_shot();
    let puck = w.add_disc(novuss::PUCK, p, v).unwrap();
    for side in [1.0, -1.0] {
        for q in novuss::row(side) {
            w.add_disc(novuss::DISC, q, Vec2::ZERO).unwrap();
        }
    }
    let first = w.run_to_rest(&mut NoEvents);
    w.step(&mut NoEvents);
    assert_eq!(w.stats().substeps, 3 * (first.steps + 1));
    assert_eq!(w.stats().substeps, 3 * w.steps());
    assert!(w.stats().impacts > 0 && w.stats().rounds >= 1);
    let _ = w.remove(puck);
    let mut empty = World::new(novuss::table().unwrap(), StepConfig::default()).unwrap();
    assert!(empty.is_empty());
    let only = empty
        .add_disc(novuss::DISC, Vec2::ZERO, Vec2::ZERO)
        .unwrap();
    empty.remove(only).unwrap();
    assert!(!empty.is_empty());
}

/// "The step", stage 2: "A small world (at most `COMPLETE_PAIRS` = 512 pairs of discs on the
/// table: the carrom break has 190, the Novuss break 136) lists every pair instead, once, and
/// never rebuilds until a disc is added or put back" (`SolverStats::broadphase_builds` and
/// `broadphase_pairs`), pocketings included.
#[test]
fn a_small_world_lists_every_pair_once_and_never_rebuilds() {
    for (mut w, pairs) in [(scenes::carrom_break(), 190), (scenes::novuss_break(), 136)] {
        w.run_to_rest(&mut NoEvents);
        let s = w.stats();
        assert_eq!((s.broadphase_builds, s.broadphase_pairs), (1, pairs));
        // A disc put back makes it list the pairs again, once.
        let gone = w.discs().find(|d| !d.on_table()).map(|d| d.id).unwrap();
        let spot = [Vec2::new(0.0, 0.1), Vec2::new(0.1, 0.0), Vec2::ZERO]
            .into_iter()
            .find(|&p| {
                w.check_placement(w.disc(gone).unwrap().kind, p, Some(gone))
                    .is_ok()
            })
            .unwrap();
        w.place(gone, spot).unwrap();
        w.strike(gone, Vec2::new(0.0, -1.0)).unwrap();
        w.run_to_rest(&mut NoEvents);
        assert_eq!(w.stats().broadphase_builds, 2);
    }
}

/// "The step", stage 2: "scene (c) rebuilds about every 15 steps (33 builds in 500 steps at
/// N = 1024 and 4096)". (The page said "about every 8 steps" before this audit.)
#[test]
fn scene_c_rebuilds_its_pair_list_about_every_15_steps() {
    for n in [1024, 4096] {
        let mut w = scenes::scaling_box(n);
        for _ in 0..500 {
            w.step(&mut NoEvents);
        }
        let builds = w.stats().broadphase_builds;
        assert_eq!(builds, 33, "N = {n}");
        assert!(
            (12..=18).contains(&(500 / builds)),
            "N = {n}: {builds} builds"
        );
    }
}

/// "A second model": "The golden files (161 cases: 30 free, 40 with pockets, 50 with friction
/// and pockets, 25 head-on on a line, 16 with walls; 288 KB, each with the model's command
/// line as its header)". (The page said 186 cases before this audit: `free.jsonl` was cut
/// from 55 cases to 30 when the walls came.)
#[test]
fn the_second_models_golden_files_hold_the_documented_cases() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/model");
    let mut total = (0, 0);
    for (file, cases, flags) in [
        ("free.jsonl", 30, ""),
        ("pockets.jsonl", 40, "--pockets"),
        ("friction.jsonl", 50, "--friction --pockets"),
        ("line.jsonl", 25, "--line"),
        ("walls.jsonl", 16, "--walls"),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let header = text.lines().next().unwrap();
        assert!(
            header.starts_with("# generated by physics_model.py"),
            "{file}"
        );
        assert!(header.contains(&format!("--cases {cases}")) && header.contains(flags));
        let rows = text.lines().filter(|l| !l.starts_with('#')).count();
        assert_eq!(rows, cases, "{file}");
        total = (total.0 + rows, total.1 + text.len());
    }
    assert_eq!(total.0, 161);
    assert!((287_500..289_500).contains(&total.1), "{} bytes", total.1);
}

// ------------------------------------------------------------------ Kinds

/// "API in one table", discs: `DiscKind::new(radius_m, mass_kg)?` keeps what it is given.
#[test]
fn a_disc_kind_keeps_its_radius_and_mass() {
    let k = DiscKind::new(0.03, 0.02).unwrap();
    assert_eq!((k.radius_m(), k.mass_kg()), (0.03, 0.02));
    assert_eq!(limits::MAX_DISCS, 1 << 31);
    assert_eq!(limits::MAX_POCKETS_OR_WALLS, 1000);
}

/// `settle_discs` docs: "Returns whether every disc could then be placed: `false` when the
/// passes ran out (discs packed tighter than the table holds), [...] Positions are then left
/// as they are".
#[test]
fn settle_discs_leaves_the_positions_as_they_were_when_its_passes_run_out() {
    let t = Table::new(0.05, 0.05).unwrap();
    let crowded: Vec<Option<Vec2>> = (0..9)
        .map(|k| {
            Some(Vec2::new(
                -0.02 + 0.005 * f64::from(k),
                0.001 * f64::from(k),
            ))
        })
        .collect();
    let mut at = crowded.clone();
    assert!(!settle_discs(&mut at, 0.026, &t));
    assert_eq!(at, crowded);
}

// ------------------------------------------------------------------ Validation figures

/// "Validation": "KE_end/KE₀ after 500 steps of scene (c): 0.0152 / 0.0380 / 0.0502 for
/// N = 16 / 256 / 4096" (V10's row: 0.0152 at N = 16).
#[test]
fn scene_c_keeps_the_documented_share_of_its_energy_after_500_steps() {
    for (n, want) in [(16, 0.0152), (256, 0.0380), (4096, 0.0502)] {
        let mut w = scenes::scaling_box(n);
        let k0 = w.kinetic_energy_j();
        for _ in 0..500 {
            w.step(&mut NoEvents);
        }
        let ratio = w.kinetic_energy_j() / k0;
        assert!(close(ratio, want, 0.00005), "N = {n}: {ratio}");
    }
}

/// "Validation", V9: the straight carrom break's "mean mirror deviation ≈ 1e−11 m (limit
/// 1 mm)".
#[test]
fn the_straight_break_ends_mirror_symmetric_to_about_1e_11_m() {
    let mut w = scenes::carrom_break();
    w.run_to_rest(&mut NoEvents);
    let f = carrom::formation();
    let mut sum = 0.0;
    for (i, (p, _)) in f.iter().enumerate() {
        let j = f
            .iter()
            .position(|(q, _)| q.x == -p.x && q.y == p.y)
            .unwrap();
        let a = w.position(DiscId::from_index(i as u32)).unwrap();
        let b = w.position(DiscId::from_index(j as u32)).unwrap();
        sum += (a - Vec2::new(-b.x, b.y)).length();
    }
    let mean = sum / 19.0;
    assert!(mean < 1e-10, "mean mirror deviation {mean} m");
}

// ------------------------------------------------------------------ Small types

/// `Vec2::length` docs: a vector whose squares leave the normal range "is scaled by a power of
/// two first, exactly, so that the result is still correctly rounded; other vectors give
/// `self.length_squared().sqrt()` bit for bit"; `normalized`: `None` for a zero or non-finite
/// vector, a unit vector to rounding however short or long; `Display`: four decimals.
#[test]
fn vec2_lengths_are_exact_for_tiny_and_huge_vectors() {
    for scale in [2f64.powi(-700), 2f64.powi(-520), 1.0, 2f64.powi(600)] {
        let v = Vec2::new(3.0 * scale, -4.0 * scale);
        assert_eq!(v.length(), 5.0 * scale, "{scale:e}");
        let u = v.normalized().unwrap();
        assert_eq!((u.x, u.y), (0.6, -0.8), "{scale:e}");
    }
    let v = Vec2::new(0.1, 0.7);
    assert_eq!(v.length(), v.length_squared().sqrt());
    for bad in [
        Vec2::ZERO,
        Vec2::new(f64::NAN, 1.0),
        Vec2::new(f64::INFINITY, 0.0),
    ] {
        assert_eq!(bad.normalized(), None);
    }
    let tiny = Vec2::new(5e-324, 1e-320).normalized().unwrap();
    assert!(close(tiny.length(), 1.0, 1e-6));
    assert_eq!(Vec2::new(0.125, -0.3).to_string(), "(0.1250, -0.3000)");
}

/// `scenes::cos_sin` docs: reduced up to |θ| = `COS_SIN_MAX_THETA` (2⁵⁰); "A larger or
/// non-finite θ gives `(NaN, NaN)`".
#[test]
fn cos_sin_refuses_angles_past_2_pow_50_and_non_finite_ones() {
    assert_eq!(scenes::COS_SIN_MAX_THETA, 2f64.powi(50));
    for theta in [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        2f64.powi(50) * (1.0 + f64::EPSILON),
        -1e20,
    ] {
        let (c, s) = scenes::cos_sin(theta);
        assert!(c.is_nan() && s.is_nan(), "{theta}");
    }
    for theta in [0.0, 1.0, -2.5, 2f64.powi(50), -(2f64.powi(50))] {
        let (c, s) = scenes::cos_sin(theta);
        assert!(close(c * c + s * s, 1.0, 1e-12), "{theta}");
    }
    assert_eq!(scenes::cos_sin(0.0), (1.0, 0.0));
}

/// `Params::validate` and `StepConfig::validate` docs: the error names "the first parameter
/// out of range" (in the order of the fields), and `DiscKind::new` checks the radius first.
#[test]
fn validation_names_the_first_field_out_of_range() {
    let all_bad = Params {
        friction_mu: -1.0,
        gravity_m_s2: -1.0,
        restitution_disc: 2.0,
        restitution_cushion: 2.0,
        jump_speed_m_s: Some(0.0),
        max_speed_m_s: 0.0,
    };
    assert_eq!(all_bad.validate(), Err(TableError::Friction(-1.0)));
    let later = Params {
        friction_mu: 0.1,
        gravity_m_s2: 9.81,
        ..all_bad
    };
    assert_eq!(later.validate(), Err(TableError::Restitution(2.0)));
    let config = StepConfig {
        dt_s: 0.0,
        substeps: 0,
        max_time_s: 0.0,
    };
    assert_eq!(config.validate(), Err(disc_physics::ConfigError::Dt(0.0)));
    assert_eq!(
        StepConfig {
            dt_s: 0.001,
            ..config
        }
        .validate(),
        Err(disc_physics::ConfigError::Substeps(0))
    );
    assert_eq!(
        DiscKind::new(0.0, 0.0),
        Err(disc_physics::KindError::Radius(0.0))
    );
}

// ------------------------------------------------------------------ Snapshots (serde)

#[cfg(feature = "serde")]
mod snapshots {
    use super::*;
    use serde_json::{Value, json};

    /// "Determinism contract", snapshots: "`World` serializes as its table, step
    /// configuration, clock (`time_s`, `steps`), solver counters and every disc (kind,
    /// position, velocity, status)"; the velocity is written as its unit direction and speed.
    #[test]
    fn a_world_serializes_as_table_config_clock_counters_and_discs() {
        let mut w = board();
        let a = add_coin(&mut w, Vec2::new(0.1, 0.0), Vec2::new(0.3, 0.4));
        w.step(&mut NoEvents);
        let v = serde_json::to_value(&w).unwrap();
        let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            vec!["config", "discs", "stats", "steps", "table", "time_s"]
        );
        assert_eq!(v["steps"], json!(1));
        assert_eq!(v["time_s"], json!(w.time_s()));
        assert_eq!(v["table"], serde_json::to_value(w.table()).unwrap());
        assert_eq!(v["config"], serde_json::to_value(w.config()).unwrap());
        let disc = &v["discs"][0];
        assert_eq!(disc["kind"], serde_json::to_value(carrom::COIN).unwrap());
        assert_eq!(disc["status"], json!("OnTable"));
        let p = w.position(a).unwrap();
        assert_eq!(disc["position"], serde_json::to_value(p).unwrap());
        let dir: Vec2 = serde_json::from_value(disc["direction"].clone()).unwrap();
        let speed = disc["speed_m_s"].as_f64().unwrap();
        let vel = w.velocity(a).unwrap();
        assert_eq!(Vec2::new(dir.x * speed, dir.y * speed), vel);
    }

    /// "Determinism contract", snapshots: "Between steps the solver keeps nothing else that
    /// changes what it computes [...] so a world read back continues bit-identically, events
    /// included", also between strokes: written after a run to rest and a new strike, at
    /// 1/60 s in 4 substeps.
    #[test]
    fn a_world_written_between_strokes_plays_the_next_stroke_identically() {
        let config = step_config(1.0 / 60.0, 4);
        let mut w = World::new(novuss::table().unwrap(), config).unwrap();
        for side in [1.0, -1.0] {
            for p in novuss::row(side) {
                w.add_disc(novuss::DISC, p, Vec2::ZERO).unwrap();
            }
        }
        let (p, v) = scenes::novuss_break_shot();
        let puck = w.add_disc(novuss::PUCK, p, v).unwrap();
        w.run_to_rest(&mut NoEvents);
        if !w.disc(puck).unwrap().on_table() {
            w.place(puck, Vec2::new(0.0, -0.3)).unwrap();
        }
        w.strike(puck, Vec2::new(1.0, 3.0)).unwrap();
        let text = serde_json::to_string(&w).unwrap();
        let mut back: World = serde_json::from_str(&text).unwrap();
        assert_eq!(back.checksum(), w.checksum());
        let (mut ea, mut eb) = (Vec::new(), Vec::new());
        let ra = w.run_to_rest(&mut ea);
        let rb = back.run_to_rest(&mut eb);
        assert_eq!(ra, rb);
        assert!(ea.len() > 3);
        assert_eq!(ea, eb);
        assert_eq!(w.checksum(), back.checksum());
        assert_eq!(w.stats(), back.stats());
    }

    /// "Determinism contract", snapshots: speeds "at most `limits::MAX_STATE_SPEED_M_S` =
    /// 10¹² m/s (a run may make a disc faster than the caller's `max_speed_m_s` [...])": a
    /// snapshot of a disc at 500 m/s on a table whose limit is 100 m/s reads back, 10¹³ m/s
    /// does not.
    #[test]
    fn a_snapshot_may_hold_speeds_above_the_callers_limit_up_to_1e12() {
        let mut w = world_on(1e4, frictionless(), StepConfig::default());
        w.add_disc(carrom::COIN, Vec2::ZERO, Vec2::new(50.0, 0.0))
            .unwrap();
        let mut v: Value = serde_json::to_value(&w).unwrap();
        assert_eq!(limits::MAX_STATE_SPEED_M_S, 1e12);
        for (speed, ok) in [(500.0, true), (1e12, true), (1e13, false)] {
            v["discs"][0]["speed_m_s"] = json!(speed);
            let back = serde_json::from_value::<World>(v.clone());
            assert_eq!(back.is_ok(), ok, "{speed}");
            if let Ok(b) = back {
                assert_eq!(
                    b.velocity(DiscId::from_index(0)),
                    Some(Vec2::new(speed, 0.0))
                );
            }
        }
    }

    /// "Determinism contract", snapshots: "Overlaps are not refused" (a run's own states can
    /// hold discs pressed some 0.1 µm together), and such a world plays on.
    #[test]
    fn a_snapshot_with_overlapping_discs_is_accepted() {
        let mut w = board();
        w.add_disc(carrom::COIN, Vec2::ZERO, Vec2::ZERO).unwrap();
        w.add_disc(carrom::COIN, Vec2::new(0.1, 0.0), Vec2::ZERO)
            .unwrap();
        let mut v: Value = serde_json::to_value(&w).unwrap();
        v["discs"][1]["position"]["x"] = json!(2.0 * carrom::COIN_RADIUS_M - 1e-7);
        let mut back: World = serde_json::from_value(v).unwrap();
        let (depth, ..) = back.deepest_overlap().unwrap();
        assert!(close(depth, 1e-7, 1e-12));
        back.strike(DiscId::from_index(0), Vec2::new(-0.5, 0.0))
            .unwrap();
        assert!(back.run_to_rest(&mut NoEvents).at_rest);
    }

    /// "Parameter ranges": `Table` deserializes "through its builders", so through the same
    /// checks: more than 1000 pockets is `TooMany`, a wall end outside the cushions is refused.
    #[test]
    fn a_table_deserializes_through_its_builders() {
        let t = Table::new(1.0, 1.0)
            .unwrap()
            .with_pocket(Vec2::new(0.5, 0.5), 0.01)
            .unwrap()
            .with_wall(Vec2::ZERO, Vec2::new(0.1, 0.0), 0.01)
            .unwrap();
        let v = serde_json::to_value(&t).unwrap();
        assert_eq!(serde_json::from_value::<Table>(v.clone()).unwrap(), t);
        let mut many = v.clone();
        many["pockets"] = Value::Array(vec![v["pockets"][0].clone(); 1001]);
        let err = serde_json::from_value::<Table>(many).unwrap_err();
        assert_eq!(err.to_string(), TableError::TooMany.to_string());
        let mut out = v.clone();
        out["walls"][0]["b"]["x"] = json!(1.5);
        let err = serde_json::from_value::<Table>(out).unwrap_err();
        assert_eq!(err.to_string(), TableError::WallEnd.to_string());
        let mut thick = v;
        thick["walls"][0]["half_thickness_m"] = json!(5e-7);
        assert!(serde_json::from_value::<Table>(thick).is_err());
    }
}
