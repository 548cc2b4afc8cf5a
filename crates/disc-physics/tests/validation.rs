//! The validation tests V1-V10 of physics.md §5, each its own test with the tolerances given
//! there. Expected values come from the closed-form mechanics (1-D impact formulas, stopping
//! distance v₀²/2μg), never from this solver's own output, except the V7 golden checksums,
//! which pin the frozen model.

use disc_physics::{
    CushionId, DiscId, DiscKind, DiscStatus, Event, EventKind, NoEvents, Params, StepConfig, Table,
    Vec2, World, carrom, novuss, scenes,
};

const G: f64 = 9.81;

fn params(mu: f64, e: f64, e_rail: f64) -> Params {
    Params {
        friction_mu: mu,
        restitution_disc: e,
        restitution_cushion: e_rail,
        ..Params::default()
    }
}

fn world(half: f64, p: Params, dt: f64) -> World {
    let table = Table::new(half, half).unwrap().with_params(p).unwrap();
    World::new(
        table,
        StepConfig {
            dt_s: dt,
            ..StepConfig::default()
        },
    )
    .unwrap()
}

fn coin() -> DiscKind {
    carrom::COIN
}

/// Steps until the first disc-disc contact has been resolved; returns the events.
fn step_until_contact(w: &mut World) -> Vec<Event> {
    let mut ev = Vec::new();
    for _ in 0..10_000 {
        w.step(&mut ev);
        if ev
            .iter()
            .any(|e| matches!(e.kind, EventKind::DiscContact { .. }))
        {
            return ev;
        }
    }
    panic!("no contact happened");
}

// ---------------------------------------------------------------- V1

#[test]
fn v1_stopping_distance_and_time_match_constant_deceleration() {
    // Issue 18: free sliding does not depend on the time step. physics.md asks for the
    // distance within v0 dt and the stop within one step; the exact sliding of every substep
    // gives both to 0.1 % (in fact to rounding) at 1 ms and at 1/60 s, with any substeps,
    // and a disc launched at an odd time within a step too.
    let mu = 0.10;
    for (dt, substeps) in [(0.001, 1), (1.0 / 60.0, 1), (1.0 / 60.0, 3), (0.0137, 2)] {
        for v0 in [0.5, 2.0, 6.0] {
            let table = Table::new(50.0, 50.0)
                .unwrap()
                .with_params(params(mu, 0.9, 0.75))
                .unwrap();
            let c = StepConfig {
                dt_s: dt,
                substeps,
                ..StepConfig::default()
            };
            let mut w = World::new(table, c).unwrap();
            let id = w
                .add_disc(coin(), Vec2::new(-20.0, 0.0), Vec2::new(v0, 0.0))
                .unwrap();
            let mut ev = Vec::new();
            let run = w.run_to_rest(&mut ev);
            assert!(run.at_rest);
            let d = w.position(id).unwrap().x + 20.0;
            let expect = v0 * v0 / (2.0 * mu * G);
            assert!(
                (d - expect).abs() <= 1e-3 * expect && (d - expect).abs() <= v0 * dt,
                "dt {dt} v0 {v0}: distance {d} vs {expect}"
            );
            assert!(
                (d - expect).abs() <= 1e-12 * expect,
                "dt {dt} v0 {v0}: distance {d} vs {expect}: not exact"
            );
            let stop = ev
                .iter()
                .find_map(|e| match e.kind {
                    EventKind::CameToRest { disc } if disc == id => Some(e.time_s),
                    _ => None,
                })
                .expect("a came-to-rest event");
            let t_expect = v0 / (mu * G);
            assert!(
                (stop - t_expect).abs() <= 1e-3 * t_expect && (stop - t_expect).abs() <= 1e-12,
                "dt {dt} v0 {v0}: stop {stop} vs {t_expect}"
            );
            assert_eq!(w.velocity(id).unwrap(), Vec2::ZERO, "exact rest");
        }
    }
}

#[test]
fn v1_regression_a_disc_sliding_to_rest_stopped_short_by_v0_dt_over_2() {
    // Issue 18: friction was applied before the move in each substep, so a disc sliding to
    // rest stopped short by v0 dt / 2: 3.2 % at 0.5 m/s and 0.8 % at 2 m/s at dt = 1/60 s.
    // The same slide at 1 ms and at 1/60 s now ends at the same place to 1e-12.
    let mu = 0.10;
    for v0 in [0.5, 2.0] {
        let mut ends = Vec::new();
        for dt in [0.001, 1.0 / 60.0] {
            let mut w = world(5.0, params(mu, 0.9, 0.75), dt);
            let id = w.add_disc(coin(), Vec2::ZERO, Vec2::new(0.0, v0)).unwrap();
            w.run_to_rest(&mut NoEvents);
            ends.push(w.position(id).unwrap().y);
        }
        let expect = v0 * v0 / (2.0 * mu * G);
        for y in &ends {
            assert!(
                (y - expect).abs() <= 1e-12 * expect,
                "v0 {v0}: {ends:?} vs {expect}"
            );
        }
    }
}

// ---------------------------------------------------------------- V2

#[test]
fn v2_head_on_equal_masses_follow_the_1d_formulas() {
    for e in [1.0, 0.9, 0.5] {
        let mut w = world(2.0, params(0.0, e, 0.75), 0.001);
        let a = w
            .add_disc(coin(), Vec2::new(-0.2, 0.0), Vec2::new(1.0, 0.0))
            .unwrap();
        let b = w.add_disc(coin(), Vec2::new(0.1, 0.0), Vec2::ZERO).unwrap();
        step_until_contact(&mut w);
        let va = w.velocity(a).unwrap();
        let vb = w.velocity(b).unwrap();
        assert!((va.x - (1.0 - e) / 2.0).abs() < 1e-5, "e {e}: v1' {va:?}");
        assert!((vb.x - (1.0 + e) / 2.0).abs() < 1e-5, "e {e}: v2' {vb:?}");
        assert!(va.y.abs() < 1e-12 && vb.y.abs() < 1e-12);
    }
}

#[test]
fn v2_striker_onto_coin_follows_the_1d_formulas() {
    let (m1, m2) = (carrom::STRIKER_MASS_KG, carrom::COIN_MASS_KG);
    for e in [1.0, 0.9, 0.5] {
        let mut w = world(2.0, params(0.0, e, 0.75), 0.001);
        let s = w
            .add_disc(carrom::STRIKER, Vec2::new(-0.3, 0.0), Vec2::new(3.0, 0.0))
            .unwrap();
        let c = w.add_disc(coin(), Vec2::new(0.0, 0.0), Vec2::ZERO).unwrap();
        step_until_contact(&mut w);
        let v1 = (m1 - e * m2) / (m1 + m2) * 3.0;
        let v2 = (1.0 + e) * m1 / (m1 + m2) * 3.0;
        assert!((w.velocity(s).unwrap().x - v1).abs() < 1e-5, "e {e}");
        assert!((w.velocity(c).unwrap().x - v2).abs() < 1e-5, "e {e}");
    }
}

// ---------------------------------------------------------------- V3

#[test]
fn v3_equal_mass_elastic_oblique_impact_leaves_at_right_angles() {
    for offset in [0.3, 0.5, 0.8] {
        let mut w = world(2.0, params(0.0, 1.0, 0.75), 0.001);
        let rr = 2.0 * carrom::COIN_RADIUS_M;
        let a = w
            .add_disc(coin(), Vec2::new(-0.2, offset * rr), Vec2::new(1.5, 0.0))
            .unwrap();
        let b = w.add_disc(coin(), Vec2::ZERO, Vec2::ZERO).unwrap();
        step_until_contact(&mut w);
        let va = w.velocity(a).unwrap();
        let vb = w.velocity(b).unwrap();
        let cos = va.dot(vb) / (va.length() * vb.length());
        let angle = cos.clamp(-1.0, 1.0).acos().to_degrees();
        assert!(
            (angle - 90.0).abs() <= 0.01,
            "offset {offset}: {angle} degrees"
        );
    }
}

// ---------------------------------------------------------------- V4

/// A cluster of discs colliding in the middle of a large frictionless table, far from its
/// cushions.
fn cluster(e: f64) -> World {
    let mut w = world(5.0, params(0.0, e, 0.75), 0.001);
    let mut rng = scenes::SplitMix64(7);
    let mut placed = 0;
    while placed < 30 {
        let p = Vec2::new(rng.next_unit() * 0.4 - 0.2, rng.next_unit() * 0.4 - 0.2);
        let v = Vec2::new(rng.next_unit() * 2.0 - 1.0, rng.next_unit() * 2.0 - 1.0);
        let kind = if placed % 3 == 0 {
            carrom::STRIKER
        } else {
            coin()
        };
        if w.add_disc(kind, p, v).is_ok() {
            placed += 1;
        }
    }
    w
}

#[test]
fn v4_momentum_is_conserved_in_free_collisions() {
    for e in [1.0, 0.9, 0.5] {
        let mut w = cluster(e);
        let p0 = w.momentum();
        let mut ev = Vec::new();
        for _ in 0..300 {
            w.step(&mut ev);
        }
        assert!(
            ev.iter()
                .any(|e| matches!(e.kind, EventKind::DiscContact { .. }))
        );
        assert!(
            !ev.iter()
                .any(|e| matches!(e.kind, EventKind::CushionContact { .. }))
        );
        let p1 = w.momentum();
        let rel = (p1 - p0).length() / p0.length().max(1e-3);
        assert!(rel <= 1e-6, "e {e}: momentum drift {rel}");
    }
}

#[test]
fn v4_kinetic_energy_is_conserved_when_elastic() {
    let mut w = cluster(1.0);
    let k0 = w.kinetic_energy_j();
    let mut ev = Vec::new();
    for _ in 0..300 {
        w.step(&mut ev);
    }
    assert!(
        ev.iter()
            .filter(|e| matches!(e.kind, EventKind::DiscContact { .. }))
            .count()
            > 10
    );
    let k1 = w.kinetic_energy_j();
    assert!(((k1 - k0) / k0).abs() <= 1e-6, "KE {k0} -> {k1}");
}

#[test]
fn v4_kinetic_energy_never_increases_when_inelastic() {
    for mut w in [cluster(0.9), scenes::carrom_break(), scenes::novuss_break()] {
        let mut k = w.kinetic_energy_j();
        for _ in 0..600 {
            w.step(&mut NoEvents);
            let k1 = w.kinetic_energy_j();
            assert!(k1 <= k * (1.0 + 1e-12), "KE rose from {k} to {k1}");
            k = k1;
        }
    }
}

// ---------------------------------------------------------------- V5

#[test]
fn v5_elastic_box_of_256_keeps_its_energy() {
    let side = scenes::scaling_box_side_m(256);
    let table = Table::new(side / 2.0, side / 2.0)
        .unwrap()
        .with_params(params(0.0, 1.0, 1.0))
        .unwrap();
    let mut w = scenes::scaling_box_on(table, 256).unwrap();
    let k0 = w.kinetic_energy_j();
    for _ in 0..1000 {
        w.step(&mut NoEvents);
    }
    let k1 = w.kinetic_energy_j();
    assert!(((k1 - k0) / k0).abs() <= 0.005, "KE {k0} -> {k1}");
    assert!(w.stats().impacts > 1000);
}

// ---------------------------------------------------------------- V6

fn wall_world(dt: f64) -> World {
    // A 2 mm wall (half thickness 1 mm) across the table at x = 0.
    let table = Table::new(0.5, 0.5)
        .unwrap()
        .with_wall(Vec2::new(0.0, -0.5), Vec2::new(0.0, 0.5), 0.001)
        .unwrap();
    World::new(
        table,
        StepConfig {
            dt_s: dt,
            ..StepConfig::default()
        },
    )
    .unwrap()
}

fn posts_world(dt: f64) -> World {
    // Two fixed coins (zero-length walls of coin radius) with a 3 cm gap between them.
    let y = 0.015 + carrom::COIN_RADIUS_M;
    let table = Table::new(0.5, 0.5)
        .unwrap()
        .with_wall(Vec2::new(0.0, y), Vec2::new(0.0, y), carrom::COIN_RADIUS_M)
        .unwrap()
        .with_wall(
            Vec2::new(0.0, -y),
            Vec2::new(0.0, -y),
            carrom::COIN_RADIUS_M,
        )
        .unwrap();
    World::new(
        table,
        StepConfig {
            dt_s: dt,
            ..StepConfig::default()
        },
    )
    .unwrap()
}

#[test]
fn v6_no_tunnelling_through_a_2mm_wall_or_a_3cm_gap() {
    for (speed, dt) in [(30.0, 0.001), (6.0, 1.0 / 60.0)] {
        for mut w in [wall_world(dt), posts_world(dt)] {
            let s = w
                .add_disc(carrom::STRIKER, Vec2::new(-0.3, 0.0), Vec2::new(speed, 0.0))
                .unwrap();
            let mut ev = Vec::new();
            for _ in 0..200 {
                w.step(&mut ev);
                let p = w.position(s).unwrap();
                assert!(p.x < 0.0, "speed {speed} dt {dt}: striker crossed to {p:?}");
            }
            assert!(ev.iter().any(|e| matches!(
                e.kind,
                EventKind::CushionContact { cushion, .. } if cushion.wall_index().is_some()
            )));
        }
    }
}

fn assert_inside(w: &World) {
    let hx = w.table().half_width_m();
    let hy = w.table().half_height_m();
    for d in w.discs().filter(|d| d.on_table()) {
        let r = d.kind.radius_m();
        assert!(
            d.position.x.abs() <= hx - r + 1e-12 && d.position.y.abs() <= hy - r + 1e-12,
            "disc {:?} outside the cushions at {:?}",
            d.id,
            d.position
        );
        assert!(d.position.is_finite() && d.velocity.is_finite());
    }
}

#[test]
fn v6_no_disc_ever_ends_outside_the_cushions() {
    for mut w in [
        scenes::carrom_break(),
        scenes::novuss_break(),
        scenes::scaling_box(256),
    ] {
        for _ in 0..3000 {
            w.step(&mut NoEvents);
            assert_inside(&w);
            if w.is_at_rest() {
                break;
            }
        }
    }
    // Hard shots into a corner at a coarse step.
    for dt in [0.001, 1.0 / 60.0] {
        let mut w = world(0.37, Params::default(), dt);
        w.add_disc(carrom::STRIKER, Vec2::new(0.0, 0.0), Vec2::new(29.0, 31.0))
            .unwrap();
        for _ in 0..2000 {
            w.step(&mut NoEvents);
            assert_inside(&w);
        }
    }
}

// ---------------------------------------------------------------- V7

/// Golden checksums of the final state of scenes (a) and (b): re-pinned for issue 18's exact
/// sliding (each substep moves a disc along the chord of its exact sliding path and stops it
/// at the exact instant; the state is a direction and a speed), which changed every run.
/// Scene (b) pinned again on 7 Dec 2026 when projected Gauss-Seidel learnt to stop at a sweep
/// that moves no velocity (from its 64th sweep on): one round of its break had run all 500
/// sweeps for a change of λ of five ulps a sweep, which the restitution then carried into the
/// velocities' last bits (it was `0x1459_68f6_4ca6_9963`; scene (a) never meets such a
/// round).
const GOLDEN_CARROM_BREAK: u64 = 0x0116_9ebf_366a_7c8c;
const GOLDEN_NOVUSS_BREAK: u64 = 0xbad7_8391_efcd_0a55;

#[test]
fn v7_golden_checksums_of_the_breaks_are_bit_identical() {
    for _ in 0..3 {
        let mut a = scenes::carrom_break();
        a.run_to_rest(&mut NoEvents);
        assert_eq!(
            a.checksum(),
            GOLDEN_CARROM_BREAK,
            "carrom break: {:#x}",
            a.checksum()
        );
        let mut b = scenes::novuss_break();
        b.run_to_rest(&mut NoEvents);
        assert_eq!(
            b.checksum(),
            GOLDEN_NOVUSS_BREAK,
            "novuss break: {:#x}",
            b.checksum()
        );
    }
}

#[test]
fn v7_a_cloned_world_continues_bit_identically() {
    let mut a = scenes::carrom_break();
    for _ in 0..7 {
        a.step(&mut NoEvents);
    }
    let mut b = a.clone();
    let mut ea = Vec::new();
    let mut eb = Vec::new();
    a.run_to_rest(&mut ea);
    b.run_to_rest(&mut eb);
    assert_eq!(a.checksum(), b.checksum());
    assert_eq!(ea, eb);
    assert_eq!(a.checksum(), GOLDEN_CARROM_BREAK);
}

#[test]
fn v7_events_do_not_depend_on_the_sink() {
    let mut a = scenes::novuss_break();
    let mut b = scenes::novuss_break();
    let mut ev = Vec::new();
    a.run_to_rest(&mut ev);
    b.run_to_rest(&mut NoEvents);
    assert_eq!(a.checksum(), b.checksum());
    // Events come out in time order.
    assert!(ev.windows(2).all(|w| w[0].time_s <= w[1].time_s));
}

// ---------------------------------------------------------------- V8

#[test]
fn v8_newtons_cradle_passes_the_impulse_down_the_row() {
    let mut w = world(1.0, params(0.0, 1.0, 1.0), 0.001);
    let d = 2.0 * carrom::COIN_RADIUS_M;
    let ids: Vec<DiscId> = (0..5)
        .map(|k| {
            let v = if k == 0 {
                Vec2::new(1.0, 0.0)
            } else {
                Vec2::ZERO
            };
            w.add_disc(coin(), Vec2::new(-0.2 + k as f64 * d, 0.0), v)
                .unwrap()
        })
        .collect();
    w.step(&mut NoEvents);
    for (k, id) in ids.iter().enumerate() {
        let v = w.velocity(*id).unwrap();
        if k == 4 {
            assert!(v.x >= 0.99, "last disc leaves at {v:?}");
        } else {
            assert!(v.length() <= 0.01, "disc {k} moves at {v:?}");
        }
    }
}

#[test]
fn v8_a_novuss_row_struck_end_on_sends_the_far_disc_fastest() {
    let mut w = World::new(novuss::table().unwrap(), StepConfig::default()).unwrap();
    let d = 2.0 * novuss::DISC_RADIUS_M;
    let row: Vec<DiscId> = (0..8)
        .map(|k| {
            w.add_disc(
                novuss::DISC,
                Vec2::new(-0.2 + k as f64 * d, 0.0),
                Vec2::ZERO,
            )
            .unwrap()
        })
        .collect();
    let puck = w
        .add_disc(novuss::PUCK, Vec2::new(-0.35, 0.0), Vec2::new(3.0, 0.0))
        .unwrap();
    let p0 = w.momentum();
    let t0 = w.time_s();
    step_until_contact(&mut w);
    w.step(&mut NoEvents);
    let steps = ((w.time_s() - t0) / 0.001).round();
    let speeds: Vec<f64> = row.iter().map(|id| w.velocity(*id).unwrap().x).collect();
    let last = speeds[7];
    assert!(speeds[..7].iter().all(|&s| s < last), "{speeds:?}");
    assert!(last > 1.5, "far disc {last}");
    assert!(w.velocity(puck).unwrap().x < last);
    // Momentum is conserved by the chain; friction takes at most μg·dt·M per step.
    let p1 = w.momentum();
    let lost = steps * 0.981 * 0.001 * (novuss::PUCK_MASS_KG + 8.0 * novuss::DISC_MASS_KG);
    assert!((p1.x - p0.x).abs() <= lost, "{p0:?} -> {p1:?}");
}

// ---------------------------------------------------------------- V9

#[test]
fn v9_the_straight_carrom_break_stays_mirror_symmetric() {
    let mut w = scenes::carrom_break();
    w.run_to_rest(&mut NoEvents);
    let f = carrom::formation();
    let mut sum = 0.0;
    let mut pairs = 0;
    for (i, (p, _)) in f.iter().enumerate() {
        let j = f
            .iter()
            .position(|(q, _)| q.x == -p.x && q.y == p.y)
            .expect("the formation is mirror-symmetric");
        let a = w.disc(DiscId::from_index(i as u32)).unwrap();
        let b = w.disc(DiscId::from_index(j as u32)).unwrap();
        assert_eq!(
            matches!(a.status, DiscStatus::OnTable),
            matches!(b.status, DiscStatus::OnTable)
        );
        let mirrored = Vec2::new(-b.position.x, b.position.y);
        sum += (a.position - mirrored).length();
        pairs += 1;
    }
    let mean = sum / f64::from(pairs);
    assert!(mean <= 0.001, "mean mirror deviation {mean} m");
    let s = w.position(scenes::CARROM_STRIKER).unwrap();
    assert!(s.x.abs() <= 0.001, "striker drifted sideways to {s:?}");
}

// ---------------------------------------------------------------- V10

/// A 1 m table with one pocket of radius 3 cm centred at (0.3, 0).
fn one_pocket_world() -> World {
    let table = Table::new(0.5, 0.5)
        .unwrap()
        .with_pocket(Vec2::new(0.3, 0.0), 0.03)
        .unwrap();
    World::new(table, StepConfig::default()).unwrap()
}

fn pocketed_events(ev: &[Event]) -> usize {
    ev.iter()
        .filter(|e| matches!(e.kind, EventKind::Pocketed { .. }))
        .count()
}

#[test]
fn v10_a_disc_entering_a_pocket_is_removed_exactly_once() {
    let mut w = one_pocket_world();
    let a = w
        .add_disc(coin(), Vec2::new(0.0, 0.0), Vec2::new(2.0, 0.0))
        .unwrap();
    let mut ev = Vec::new();
    let run = w.run_to_rest(&mut ev);
    assert!(run.at_rest);
    let pocketed: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Pocketed { .. }))
        .collect();
    assert_eq!(pocketed.len(), 1);
    // Entered the circle (x = 0.27) at t ≈ 0.27 / 2 s (friction slows it slightly).
    assert!(
        (pocketed[0].time_s - 0.137).abs() < 0.003,
        "{:?}",
        pocketed[0]
    );
    assert!(matches!(w.disc(a).unwrap().status, DiscStatus::Pocketed(_)));
    // Further steps change nothing.
    for _ in 0..10 {
        w.step(&mut ev);
    }
    assert_eq!(pocketed_events(&ev), 1);
}

#[test]
fn v10_a_disc_grazing_a_pocket_with_its_centre_outside_stays() {
    let mut w = one_pocket_world();
    // The centre passes 0.1 mm outside the pocket circle.
    let a = w
        .add_disc(coin(), Vec2::new(0.0, 0.0301), Vec2::new(2.0, 0.0))
        .unwrap();
    let mut ev = Vec::new();
    w.run_to_rest(&mut ev);
    assert_eq!(pocketed_events(&ev), 0);
    assert!(w.disc(a).unwrap().on_table());
}

#[test]
fn v10_the_breaks_end_with_every_velocity_exactly_zero() {
    for mut w in [scenes::carrom_break(), scenes::novuss_break()] {
        let run = w.run_to_rest(&mut NoEvents);
        assert!(run.at_rest && run.duration_s < 10.0, "{run:?}");
        for d in w.discs() {
            assert_eq!(d.velocity, Vec2::ZERO);
        }
    }
}

#[test]
fn v10_scaling_box_of_16_matches_rapiers_energy_ratio() {
    let mut w = scenes::scaling_box(16);
    let k0 = w.kinetic_energy_j();
    for _ in 0..500 {
        w.step(&mut NoEvents);
    }
    let ratio = w.kinetic_energy_j() / k0;
    assert!((ratio - 0.006).abs() <= 0.01, "KE_end/KE0 = {ratio}");
}

#[test]
fn scene_c_layout_matches_the_check_values() {
    let mut rng = scenes::SplitMix64(42);
    assert_eq!(rng.next_u64(), 0xbdd7_3226_2feb_6e95);
    for (n, x, y) in [(16, -0.079206, -0.092065), (4096, -1.770127, -1.782986)] {
        let w = scenes::scaling_box(n);
        let d = w.disc(DiscId::from_index(0)).unwrap();
        assert!(
            (d.position.x - x).abs() < 1e-6 && (d.position.y - y).abs() < 1e-6,
            "{d:?}"
        );
        assert!((d.velocity.x + 0.233135).abs() < 1e-6 && (d.velocity.y - 0.346828).abs() < 1e-6);
    }
    for (n, l) in [
        (16, 0.22546),
        (256, 0.90182),
        (4096, 3.60730),
        (65536, 14.42919),
    ] {
        assert!((scenes::scaling_box_side_m(n) - l).abs() < 1e-5);
    }
}

#[test]
fn scene_b_puck_velocity_matches_physics_md() {
    let (p, v) = scenes::novuss_break_shot();
    assert_eq!(p, Vec2::new(0.30, -0.435));
    assert!(
        (v.x + 0.772397).abs() < 1e-6 && (v.y - 5.950076).abs() < 1e-6,
        "{v:?}"
    );
}

#[test]
fn scene_a_first_contact_is_the_striker_on_the_ring_2a_coin() {
    let mut w = scenes::carrom_break();
    let ev = step_until_contact(&mut w);
    let first = ev
        .iter()
        .find(|e| matches!(e.kind, EventKind::DiscContact { .. }))
        .unwrap();
    // Ring 2a at 270 degrees is formation index 7 + 3 = 10.
    assert_eq!(
        first.kind,
        EventKind::DiscContact {
            first: DiscId::from_index(10),
            second: scenes::CARROM_STRIKER,
            speed_m_s: match first.kind {
                EventKind::DiscContact { speed_m_s, .. } => speed_m_s,
                _ => unreachable!(),
            }
        }
    );
    // The striker travels 0.2526 - 2d - (r_s + r_c) at ~6 m/s.
    let gap = 0.2526 - 2.0 * 0.0318 - (0.02065 + 0.0159);
    assert!((first.time_s - gap / 6.0).abs() < 0.001);
    let _ = CushionId::TOP;
}

#[test]
fn scene_c_launch_directions_use_no_libm_and_agree_with_it_to_an_ulp() {
    // Known values: cos and sin of the doubles nearest 0, pi/2, pi, 3pi/2, correctly rounded.
    let pi = std::f64::consts::PI;
    assert_eq!(scenes::cos_sin(0.0), (1.0, 0.0));
    assert_eq!(scenes::cos_sin(pi / 2.0), (6.123233995736766e-17, 1.0));
    assert_eq!(scenes::cos_sin(pi), (-1.0, 1.2246467991473532e-16));
    assert_eq!(scenes::cos_sin(1.5 * pi), (-1.8369701987210297e-16, -1.0));
    // Every draw of scene (c) up to N = 262,144, against this platform's libm.
    let ulp = |x: f64| x.abs().to_bits() as i64;
    let mut rng = scenes::SplitMix64(42);
    let mut differ = 0;
    for _ in 0..262_144 {
        for _ in 0..3 {
            rng.next_unit();
        }
        let angle = 2.0 * pi * rng.next_unit();
        let (c, s) = scenes::cos_sin(angle);
        for (got, want) in [(c, angle.cos()), (s, angle.sin())] {
            assert!(
                got.signum() == want.signum() && (ulp(got) - ulp(want)).abs() <= 1,
                "angle {angle}: {got} vs libm {want}"
            );
            differ += usize::from(got != want);
        }
    }
    // cos_sin is correctly rounded; a libm need not be: glibc 2.35 on x86-64 gives 721 of
    // these 524,288 values one ulp off (checked against 200-bit mpmath), which is why the
    // scene does not use it.
    println!("{differ} of 524288 values differ from this platform's libm by an ulp");
}

/// Regression (API audit, 5 Dec 2026): `scenes::cos_sin` is public and said that angles
/// outside [0, 2π] are "reduced the same way, less precisely", but past about 10¹⁶ one
/// rounding of θ·2/π put the reduced angle far outside the series' range:
/// `cos_sin(1e20)` gave (9.8e50, -2.5e52) and `cos_sin(1e301)` NaN. Up to
/// `COS_SIN_MAX_THETA` (2⁵⁰) it now agrees with the platform's libm to a few units of
/// 10⁻¹⁶ (the libm reduces exactly), and beyond it gives (NaN, NaN), as for a non-finite θ.
#[test]
fn regression_cos_sin_of_1e20_was_not_a_cosine() {
    let max = scenes::COS_SIN_MAX_THETA;
    assert_eq!(max, 2f64.powi(50));
    // Angles from 2π to the largest, geometrically spaced, both signs, and near the top.
    let mut thetas = Vec::new();
    let mut t = 2.0 * std::f64::consts::PI;
    while t <= max {
        thetas.extend([t, -t, t * 1.000_000_1, t + 0.5]);
        t *= 1.37;
    }
    thetas.extend([max, -max, max - 1.0, max - 0.125, 1e15, 7.0e14 + 0.3]);
    for theta in thetas.into_iter().filter(|t| t.abs() <= max) {
        let (c, s) = scenes::cos_sin(theta);
        for (got, want) in [(c, theta.cos()), (s, theta.sin())] {
            assert!(
                (got - want).abs() <= 1e-15,
                "theta {theta}: {got} against libm {want}"
            );
        }
    }
    let mut beyond = vec![f64::NAN, f64::INFINITY, f64::NEG_INFINITY, f64::MAX, 1e301];
    beyond.extend([1e16, 1e20, 1e22, 1e100, -1e20]);
    beyond.push(f64::from_bits(max.to_bits() + 1));
    for theta in beyond {
        let (c, s) = scenes::cos_sin(theta);
        assert!(c.is_nan() && s.is_nan(), "theta {theta}: ({c}, {s})");
    }
}
