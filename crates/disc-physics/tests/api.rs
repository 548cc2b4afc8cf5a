//! Bad input, state preservation, events, re-spotting, trajectories and SVG; proptest
//! invariants (no panic, no NaN, discs stay inside the cushions, pieces conserved).

use disc_physics::{
    ConfigError, CushionId, DiscId, DiscKind, DiscStatus, Event, EventKind, KindError, NoEvents,
    Params, PlaceError, PocketId, RemoveError, StepConfig, StrikeError, SvgOptions, Table,
    TableError, Trajectory, Vec2, World, carrom, novuss, render_svg, scenes,
};
use proptest::prelude::*;

fn board() -> World {
    World::new(carrom::table().unwrap(), StepConfig::default()).unwrap()
}

#[test]
fn disc_kinds_reject_bad_radius_and_mass() {
    for r in [0.0, -0.01, f64::NAN, f64::INFINITY, 1e9] {
        assert!(
            matches!(DiscKind::new(r, 0.01), Err(KindError::Radius(_))),
            "{r}"
        );
    }
    for m in [0.0, -1.0, f64::NAN, f64::NEG_INFINITY] {
        assert!(
            matches!(DiscKind::new(0.01, m), Err(KindError::Mass(_))),
            "{m}"
        );
    }
    assert_eq!(DiscKind::new(0.0159, 0.0055).unwrap(), carrom::COIN);
}

#[test]
fn tables_reject_bad_sizes_pockets_walls_and_parameters() {
    assert!(matches!(Table::new(0.0, 1.0), Err(TableError::HalfSize(_))));
    assert!(matches!(
        Table::new(1.0, f64::NAN),
        Err(TableError::HalfSize(_))
    ));
    let t = Table::new(0.5, 0.5).unwrap();
    assert_eq!(
        t.clone().with_pocket(Vec2::new(0.6, 0.0), 0.05),
        Err(TableError::PocketCentre)
    );
    assert!(matches!(
        t.clone().with_pocket(Vec2::ZERO, -1.0),
        Err(TableError::PocketRadius(_))
    ));
    assert_eq!(
        t.clone()
            .with_wall(Vec2::ZERO, Vec2::new(f64::NAN, 0.0), 0.001),
        Err(TableError::WallEnd)
    );
    assert!(matches!(
        t.clone().with_wall(Vec2::ZERO, Vec2::new(0.1, 0.0), -0.001),
        Err(TableError::WallThickness(_))
    ));
    let bad = [
        Params {
            friction_mu: -0.1,
            ..Params::default()
        },
        Params {
            gravity_m_s2: f64::INFINITY,
            ..Params::default()
        },
        Params {
            restitution_disc: 1.1,
            ..Params::default()
        },
        Params {
            restitution_cushion: f64::NAN,
            ..Params::default()
        },
        Params {
            jump_speed_m_s: Some(0.0),
            ..Params::default()
        },
        Params {
            max_speed_m_s: f64::INFINITY,
            ..Params::default()
        },
    ];
    for p in bad {
        assert!(t.clone().with_params(p).is_err(), "{p:?}");
    }
    assert_eq!(t.params(), &Params::default());
}

#[test]
fn step_configs_reject_non_positive_or_non_finite_time_steps() {
    let t = carrom::table().unwrap();
    for dt in [0.0, -0.001, f64::NAN, f64::INFINITY] {
        let c = StepConfig {
            dt_s: dt,
            ..StepConfig::default()
        };
        assert!(matches!(World::new(t.clone(), c), Err(ConfigError::Dt(_))));
    }
    let c = StepConfig {
        substeps: 0,
        ..StepConfig::default()
    };
    assert_eq!(
        World::new(t.clone(), c).unwrap_err(),
        ConfigError::Substeps(0)
    );
    let c = StepConfig {
        max_time_s: -1.0,
        ..StepConfig::default()
    };
    assert!(matches!(World::new(t, c), Err(ConfigError::MaxTime(_))));
}

#[test]
fn bad_placements_are_refused_and_leave_the_world_unchanged() {
    let mut w = board();
    let a = w.add_disc(carrom::COIN, Vec2::ZERO, Vec2::ZERO).unwrap();
    let before = w.checksum();
    let cases = [
        (
            Vec2::new(f64::NAN, 0.0),
            Vec2::ZERO,
            PlaceError::NonFinitePosition,
        ),
        (
            Vec2::new(0.1, 0.0),
            Vec2::new(0.0, f64::INFINITY),
            PlaceError::NonFiniteVelocity,
        ),
        (
            Vec2::new(0.37, 0.0),
            Vec2::ZERO,
            PlaceError::OutsideCushions,
        ),
        (
            Vec2::new(0.0, -0.36),
            Vec2::ZERO,
            PlaceError::OutsideCushions,
        ),
        (Vec2::new(0.02, 0.0), Vec2::ZERO, PlaceError::Overlaps(a)),
        (
            Vec2::new(carrom::POCKET_CENTRE_M, carrom::POCKET_CENTRE_M),
            Vec2::ZERO,
            PlaceError::InPocket(PocketId(2)),
        ),
        (
            Vec2::new(0.1, 0.0),
            Vec2::new(200.0, 0.0),
            PlaceError::TooFast(200.0),
        ),
    ];
    for (p, v, err) in cases {
        assert_eq!(w.add_disc(carrom::COIN, p, v), Err(err));
        assert_eq!(w.checksum(), before);
        assert_eq!(w.len(), 1);
    }
    // Touching is allowed (the formation touches exactly).
    assert!(
        w.add_disc(carrom::COIN, Vec2::new(0.0318, 0.0), Vec2::ZERO)
            .is_ok()
    );
}

#[test]
fn bad_strikes_are_refused_and_leave_the_world_unchanged() {
    let mut w = board();
    let a = w.add_disc(carrom::COIN, Vec2::ZERO, Vec2::ZERO).unwrap();
    let before = w.checksum();
    assert_eq!(
        w.strike(a, Vec2::new(f64::NAN, 1.0)),
        Err(StrikeError::NonFiniteVelocity)
    );
    assert_eq!(
        w.strike(a, Vec2::new(0.0, 101.0)),
        Err(StrikeError::TooFast(101.0))
    );
    let ghost = DiscId::from_index(7);
    assert_eq!(
        w.strike(ghost, Vec2::ZERO),
        Err(StrikeError::UnknownDisc(ghost))
    );
    w.remove(a).unwrap();
    let removed = w.checksum();
    assert_eq!(
        w.strike(a, Vec2::new(1.0, 0.0)),
        Err(StrikeError::NotOnTable(a))
    );
    assert_eq!(w.remove(a), Err(RemoveError::NotOnTable(a)));
    assert_eq!(w.checksum(), removed);
    assert_ne!(before, removed);
}

#[test]
fn a_pocketed_piece_can_be_re_spotted_and_plays_again() {
    let table = Table::new(0.5, 0.5)
        .unwrap()
        .with_pocket(Vec2::new(0.3, 0.0), 0.03)
        .unwrap();
    let mut w = World::new(table, StepConfig::default()).unwrap();
    let a = w
        .add_disc(carrom::COIN, Vec2::ZERO, Vec2::new(2.0, 0.0))
        .unwrap();
    let b = w
        .add_disc(carrom::COIN, Vec2::new(-0.2, 0.2), Vec2::ZERO)
        .unwrap();
    w.run_to_rest(&mut NoEvents);
    assert_eq!(w.disc(a).unwrap().status, DiscStatus::Pocketed(PocketId(0)));
    // Placing it on top of `b` fails; beside it works, at rest.
    assert_eq!(
        w.place(a, Vec2::new(-0.2, 0.2)),
        Err(PlaceError::Overlaps(b))
    );
    w.place(a, Vec2::new(0.0, -0.2)).unwrap();
    let d = w.disc(a).unwrap();
    assert!(d.on_table() && d.velocity == Vec2::ZERO && d.position == Vec2::new(0.0, -0.2));
    w.strike(a, Vec2::new(0.0, 1.0)).unwrap();
    let mut ev = Vec::new();
    assert!(w.run_to_rest(&mut ev).at_rest);
    assert!(
        ev.iter()
            .any(|e| e.kind == EventKind::CameToRest { disc: a })
    );
    // A disc on the table may be moved too (the disc itself is not "in the way").
    let p = w.position(b).unwrap();
    w.place(b, p + Vec2::new(0.001, 0.0)).unwrap();
}

#[test]
fn events_name_the_cushion_and_the_first_disc_touched() {
    let mut w = board();
    let s = w
        .add_disc(
            carrom::STRIKER,
            Vec2::new(0.0, carrom::STRIKER_Y_M),
            Vec2::new(0.0, 3.0),
        )
        .unwrap();
    let c = w
        .add_disc(carrom::COIN, Vec2::new(0.1, 0.0), Vec2::ZERO)
        .unwrap();
    let mut ev = Vec::new();
    w.run_to_rest(&mut ev);
    let first = ev
        .iter()
        .find(|e| {
            matches!(
                e.kind,
                EventKind::CushionContact { .. } | EventKind::DiscContact { .. }
            )
        })
        .unwrap();
    assert!(matches!(
        first.kind,
        EventKind::CushionContact { disc, cushion: CushionId::TOP, .. } if disc == s
    ));
    // Straight up: it meets the top cushion at (0.37 - r - y0) / 3 s, friction aside.
    let t = (0.37 - carrom::STRIKER_RADIUS_M - carrom::STRIKER_Y_M) / 3.0;
    assert!((first.time_s - t).abs() < 0.02, "{first:?}");
    assert!(
        !ev.iter()
            .any(|e| matches!(e.kind, EventKind::DiscContact { .. }))
    );
    assert!(w.disc(c).unwrap().on_table());
}

#[test]
fn a_jump_speed_makes_hard_hits_leave_the_table() {
    let p = Params {
        jump_speed_m_s: Some(4.0),
        ..Params::default()
    };
    let t = carrom::table().unwrap().with_params(p).unwrap();
    let mut w = World::new(t, StepConfig::default()).unwrap();
    let hard = w
        .add_disc(carrom::COIN, Vec2::new(-0.2, 0.0), Vec2::new(5.0, 0.0))
        .unwrap();
    let soft = w
        .add_disc(carrom::COIN, Vec2::new(-0.2, 0.2), Vec2::new(-2.0, 0.0))
        .unwrap();
    let mut ev = Vec::new();
    w.run_to_rest(&mut ev);
    assert_eq!(
        w.disc(hard).unwrap().status,
        DiscStatus::LeftTable(CushionId::RIGHT)
    );
    assert!(ev.iter().any(|e| e.kind
        == EventKind::LeftTable {
            disc: hard,
            cushion: CushionId::RIGHT
        }));
    assert!(w.disc(soft).unwrap().on_table());
}

#[test]
fn dt_of_a_sixtieth_and_substeps_still_conserve_the_rules() {
    for (dt, sub) in [(1.0 / 60.0, 1), (1.0 / 60.0, 4), (0.001, 2)] {
        let mut w = World::new(
            novuss::table().unwrap(),
            StepConfig {
                dt_s: dt,
                substeps: sub,
                ..StepConfig::default()
            },
        )
        .unwrap();
        for side in [1.0, -1.0] {
            for p in novuss::row(side) {
                w.add_disc(novuss::DISC, p, Vec2::ZERO).unwrap();
            }
        }
        let (p, v) = scenes::novuss_break_shot();
        w.add_disc(novuss::PUCK, p, v).unwrap();
        let run = w.run_to_rest(&mut NoEvents);
        assert!(run.at_rest, "dt {dt} substeps {sub}");
        for d in w.discs().filter(|d| d.on_table()) {
            assert!(d.position.x.abs() <= 0.5 - d.kind.radius_m() + 1e-12);
            assert!(d.position.y.abs() <= 0.5 - d.kind.radius_m() + 1e-12);
        }
    }
}

#[test]
fn scratch_buffers_stop_growing_after_the_first_step() {
    // The counting-allocator proof lives in crates/disc-physics/alloc-check (the workspace
    // forbids `unsafe`, which a global allocator needs); this is its safe witness.
    let mut w = scenes::scaling_box(4096);
    w.step(&mut NoEvents);
    let bytes = w.scratch_capacity_bytes();
    assert!(bytes > 0);
    for _ in 1..500 {
        w.step(&mut NoEvents);
        assert_eq!(w.scratch_capacity_bytes(), bytes);
    }
}

#[test]
fn trajectories_and_svg_show_the_break() {
    let mut w = scenes::carrom_break();
    let mut traj = Trajectory::new();
    let run = w.run_to_rest_sampled(&mut NoEvents, &mut traj);
    assert_eq!(traj.paths().len(), 20);
    let striker = traj.path(scenes::CARROM_STRIKER);
    assert_eq!(striker[0], Vec2::new(0.0, carrom::STRIKER_Y_M));
    assert_eq!(
        *striker.last().unwrap(),
        w.position(scenes::CARROM_STRIKER).unwrap()
    );
    assert!(striker.len() as u64 <= run.steps + 1);
    let fills = ["red", "white", "black"];
    let svg = render_svg(
        &w,
        &SvgOptions {
            trajectory: Some(&traj),
            fills: &fills,
            title: Some("carrom <break>"),
            ..SvgOptions::default()
        },
    );
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("<polyline") && svg.contains("carrom &lt;break&gt;"));
    let on = w.discs().filter(|d| d.on_table()).count();
    // Board and pockets plus one circle per disc on the table.
    assert_eq!(svg.matches("<circle").count(), 4 + on);
}

fn arb_world_input() -> impl Strategy<Value = Vec<(f64, f64, f64, f64, bool)>> {
    proptest::collection::vec(
        (
            -0.6f64..0.6,
            -0.6f64..0.6,
            -12.0f64..12.0,
            -12.0f64..12.0,
            any::<bool>(),
        ),
        1..25,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_shots_never_panic_never_nan_and_keep_discs_inside(input in arb_world_input(), coarse in any::<bool>()) {
        let dt = if coarse { 1.0 / 60.0 } else { 0.001 };
        let mut w = World::new(carrom::table().unwrap(), StepConfig { dt_s: dt, ..StepConfig::default() }).unwrap();
        let mut added = 0usize;
        for (x, y, vx, vy, big) in input {
            let kind = if big { carrom::STRIKER } else { carrom::COIN };
            let before = w.checksum();
            match w.add_disc(kind, Vec2::new(x, y), Vec2::new(vx, vy)) {
                Ok(_) => added += 1,
                Err(_) => prop_assert_eq!(w.checksum(), before),
            }
        }
        let mut ev = Vec::new();
        let run = w.run_to_rest(&mut ev);
        prop_assert!(run.at_rest);
        prop_assert_eq!(w.len(), added);
        let mut pocketed = 0;
        for d in w.discs() {
            prop_assert!(d.position.is_finite() && d.velocity.is_finite());
            match d.status {
                DiscStatus::OnTable => {
                    let lim = carrom::HALF_SIZE_M - d.kind.radius_m() + 1e-12;
                    prop_assert!(d.position.x.abs() <= lim && d.position.y.abs() <= lim);
                    prop_assert_eq!(d.velocity, Vec2::ZERO);
                }
                DiscStatus::Pocketed(_) => pocketed += 1,
                other => prop_assert!(false, "unexpected status {:?}", other),
            }
        }
        // Each pocketing is reported exactly once; events come in time order.
        let reported = ev.iter().filter(|e| matches!(e.kind, EventKind::Pocketed { .. })).count();
        prop_assert_eq!(reported, pocketed);
        prop_assert!(ev.windows(2).all(|p| p[0].time_s <= p[1].time_s));
    }

    #[test]
    fn arbitrary_numbers_never_panic_the_constructors(r in any::<f64>(), m in any::<f64>(), x in any::<f64>(), y in any::<f64>(), vx in any::<f64>()) {
        let _ = DiscKind::new(r, m);
        let _ = Table::new(r, m);
        let mut w = board();
        let _ = w.add_disc(carrom::COIN, Vec2::new(x, y), Vec2::new(vx, 0.0));
        let first = w.discs().next().map(|d| d.id);
        if let Some(id) = first {
            let _ = w.strike(id, Vec2::new(vx, m));
        }
        w.step(&mut NoEvents);
        for d in w.discs() {
            prop_assert!(d.position.is_finite() && d.velocity.is_finite());
        }
    }
}

#[test]
fn regression_stepping_an_empty_world_hung_in_the_grid_reset() {
    // A world without discs asked for zero-width cells and the coarsening loop never ended.
    let mut w = board();
    for _ in 0..3 {
        w.step(&mut NoEvents);
    }
    assert!(w.run_to_rest(&mut NoEvents).at_rest);
    let a = w
        .add_disc(carrom::COIN, Vec2::ZERO, Vec2::new(1.0, 0.0))
        .unwrap();
    w.remove(a).unwrap();
    w.step(&mut NoEvents);
    assert!((w.time_s() - 0.004).abs() < 1e-12);
}

#[test]
fn profiling_counts_every_stage_and_changes_nothing() {
    let mut plain = scenes::carrom_break();
    let mut profiled = scenes::carrom_break();
    assert_eq!(profiled.profile(), None);
    profiled.set_profiling(true);
    let (mut ea, mut eb) = (Vec::new(), Vec::new());
    let run = plain.run_to_rest(&mut ea);
    profiled.run_to_rest(&mut eb);
    assert_eq!(plain.checksum(), profiled.checksum());
    assert_eq!(ea, eb);
    let p = profiled.profile().unwrap();
    assert_eq!(p.substeps, run.steps);
    assert!(p.friction > std::time::Duration::ZERO && p.events > std::time::Duration::ZERO);
    assert_eq!(
        p.total(),
        p.friction + p.broadphase + p.prediction + p.events + p.drift
    );
    profiled.set_profiling(false);
    assert_eq!(profiled.profile(), None);
}

/// Events come out in time order (`Event`'s contract), across substeps and steps too. Found
/// by libFuzzer through the Novuss game: soft discs (restitution 0.1) pressed together by a
/// stroke for thousands of contacts at nine substeps a step, and a contact at the very end of
/// a substep (its start plus `h`, rounded) was reported one rounding step after the next
/// substep's first contact (the step's start plus `(k + 1) h`). Each substep now reports its
/// events no later than the next one's start.
#[test]
fn regression_events_at_a_substep_boundary_came_out_of_time_order() {
    let params = Params {
        friction_mu: 0.1,
        gravity_m_s2: 8.91,
        restitution_disc: 0.1,
        ..Params::default()
    };
    let table = novuss::table().unwrap().with_params(params).unwrap();
    let config = StepConfig {
        dt_s: 0.001,
        substeps: 9,
        max_time_s: 60.0,
    };
    let mut w = World::new(table, config).unwrap();
    for side in [1.0, -1.0] {
        for p in novuss::row(side) {
            w.add_disc(novuss::DISC, p, Vec2::ZERO).unwrap();
        }
    }
    let dir = Vec2::new(0.030736505702853016, 0.9995275219908547);
    w.add_disc(
        novuss::PUCK,
        Vec2::new(0.0, 0.1285 - 0.5),
        Vec2::new(6.0 * dir.x, 6.0 * dir.y),
    )
    .unwrap();
    let mut events: Vec<Event> = Vec::new();
    w.run_to_rest(&mut events);
    assert!(events.len() > 20_000, "{} events", events.len());
    for (k, pair) in events.windows(2).enumerate() {
        assert!(
            pair[1].time_s >= pair[0].time_s,
            "event {} at {} after one at {}",
            k + 1,
            pair[1].time_s,
            pair[0].time_s
        );
    }
}

/// Regression (API audit, 5 Dec 2026): `render_svg` wrote each fill into its attribute as
/// given, so a fill holding a quote (`red" onload="x`) or `<` or `&` broke the document (or
/// added attributes to it), and a `width_px` of `f64::MAX` wrote `width="inf"`. Any strings
/// and any width now give a well-formed document with finite sizes.
#[test]
fn regression_an_svg_fill_with_a_quote_broke_the_document() {
    let mut w = scenes::carrom_break();
    let mut traj = Trajectory::new();
    for _ in 0..50 {
        w.step(&mut NoEvents);
        traj.record(&w);
    }
    let hostile = [r#"red" onload="alert(1)"#, "<b>&", "it's", "#fff"];
    for width_px in [600.0, f64::MAX, 1e300, f64::INFINITY, f64::NAN, -5.0, 0.0] {
        for default_fill in hostile {
            let svg = render_svg(
                &w,
                &SvgOptions {
                    width_px,
                    fills: &hostile,
                    default_fill,
                    trajectory: Some(&traj),
                    show_off_table: true,
                    title: Some(r#"a "title" <&> 'x'"#),
                },
            );
            assert!(!svg.contains("onload=\""), "{svg}");
            assert!(svg.contains("red&quot; onload=&quot;alert(1)"));
            assert!(!svg.contains("<b>") && svg.contains("&lt;b&gt;&amp;"));
            assert!(
                !svg.contains("inf") && !svg.contains("NaN"),
                "width {width_px}"
            );
            // Every tag is one of the few the renderer writes, and every attribute value is
            // quoted with no quote inside.
            for tag in svg.split('<').skip(1) {
                let name = tag.split([' ', '>', '/']).next().unwrap_or("");
                assert!(
                    ["svg", "rect", "text", "circle", "line", "polyline", ""].contains(&name),
                    "tag {name:?} in {tag:?}"
                );
                let head = tag.split('>').next().unwrap_or("");
                assert_eq!(head.matches('"').count() % 2, 0, "{head}");
                for attr in head.split('"').skip(1).step_by(2) {
                    assert!(!attr.contains('<') && !attr.contains('>'), "{attr}");
                }
            }
        }
    }
    // A plain width still draws at that width.
    let svg = render_svg(
        &w,
        &SvgOptions {
            width_px: 300.0,
            ..SvgOptions::default()
        },
    );
    assert!(svg.contains(r#"width="300""#));
}

/// Regression (API audit, 5 Dec 2026): a bad disc-disc and a bad cushion restitution gave
/// the same error, `TableError::Restitution(x)` ("restitution must be ..."), which did not
/// say which was wrong. The cushion's is now `TableError::CushionRestitution`, through every
/// entry point (`Params::validate`, `Table::with_params`).
#[test]
fn regression_a_bad_cushion_restitution_was_reported_as_the_discs() {
    for bad in [1.5, -0.1, f64::NAN, 1e-320, f64::INFINITY] {
        let disc = Params {
            restitution_disc: bad,
            ..Params::default()
        };
        let cushion = Params {
            restitution_cushion: bad,
            ..Params::default()
        };
        let (d, c) = (
            disc.validate().unwrap_err(),
            cushion.validate().unwrap_err(),
        );
        assert!(matches!(d, TableError::Restitution(x) if x.to_bits() == bad.to_bits()));
        assert!(matches!(c, TableError::CushionRestitution(x) if x.to_bits() == bad.to_bits()));
        assert!(d.to_string().starts_with("disc-disc restitution"), "{d}");
        assert!(c.to_string().starts_with("cushion restitution"), "{c}");
        let table = Table::new(0.5, 0.5).unwrap();
        assert_eq!(
            format!("{:?}", table.clone().with_params(cushion)),
            format!("{:?}", Err::<Table, _>(c))
        );
    }
}

/// Regression (API audit, 5 Dec 2026): `Table::with_corner_pockets` documents its pockets
/// in the order (−,−), (+,−), (+,+), (−,+), but a negative offset was accepted and mirrored
/// every centre, so pocket 0 lay at (+,+) and a game keyed on pocket ids named the wrong
/// corner. A negative or NaN offset is now refused with `TableError::CornerOffset`; every
/// offset accepted gives the documented order.
#[test]
fn regression_a_negative_corner_pocket_offset_put_pocket_0_at_the_top_right() {
    let table = || Table::new(0.5, 0.5).unwrap();
    for bad in [-0.4, -1e-300, f64::NEG_INFINITY, f64::NAN] {
        let err = table().with_corner_pockets(bad, 0.05).unwrap_err();
        assert!(
            matches!(err, TableError::CornerOffset(x) if x.to_bits() == bad.to_bits()),
            "{bad}: {err:?}"
        );
    }
    for c in [0.0, -0.0, 0.2, 0.435, 0.5] {
        let t = table().with_corner_pockets(c, 0.05).unwrap();
        let signs: Vec<(bool, bool)> = t
            .pockets()
            .iter()
            .map(|p| (p.centre.x > 0.0, p.centre.y > 0.0))
            .collect();
        if c > 0.0 {
            assert_eq!(
                signs,
                [(false, false), (true, false), (true, true), (false, true)],
                "{c}"
            );
        }
        assert_eq!(t.pockets().len(), 4);
    }
    // Past the cushions it is still the pocket centre that is refused.
    assert_eq!(
        table().with_corner_pockets(0.6, 0.05),
        Err(TableError::PocketCentre)
    );
}

/// Regression (API audit, 5 Dec 2026): `EventKind::DiscContact`'s `speed_m_s` was documented
/// as within `mu g dt / 2` of the approach speed at the instant. Each disc's velocity over
/// the substep is within `mu g h / 2` of its own at the instant, so when both discs slide
/// towards each other the deviations add: two coins head-on at 1 m/s at 1/60 s reported up
/// to 0.01630 m/s off, against the 0.00818 documented. The text now gives `mu g h` for a
/// disc contact (`mu g h / 2` for a cushion contact, one disc), which this checks over
/// contact instants spread through the substep, at 1 and 3 substeps.
#[test]
fn regression_a_disc_contact_speed_was_documented_within_mu_g_dt_over_2() {
    let a = 0.981; // mu g
    for substeps in [1u32, 3] {
        let dt = 1.0 / 60.0;
        let h = dt / f64::from(substeps);
        let (mut worst_pair, mut worst_cushion) = (0.0f64, 0.0f64);
        for k in 0..120 {
            let gap = 0.02 + 0.0005 * f64::from(k);
            let config = StepConfig {
                dt_s: dt,
                substeps,
                ..StepConfig::default()
            };
            let mut w = World::new(carrom::table().unwrap(), config).unwrap();
            let r = carrom::COIN_RADIUS_M;
            w.add_disc(
                carrom::COIN,
                Vec2::new(-r - gap / 2.0, 0.0),
                Vec2::new(1.0, 0.0),
            )
            .unwrap();
            w.add_disc(
                carrom::COIN,
                Vec2::new(r + gap / 2.0, 0.0),
                Vec2::new(-1.0, 0.0),
            )
            .unwrap();
            // A third coin straight at the top cushion, from a gap that varies too.
            w.add_disc(carrom::COIN, Vec2::new(0.2, 0.3 - gap), Vec2::new(0.0, 1.0))
                .unwrap();
            let mut events = Vec::new();
            for _ in 0..30 {
                w.step(&mut events);
            }
            for e in &events {
                match e.kind {
                    EventKind::DiscContact { speed_m_s, .. } => {
                        let instant = 2.0 * (1.0 - a * e.time_s);
                        worst_pair = worst_pair.max((speed_m_s - instant).abs());
                    }
                    EventKind::CushionContact { speed_m_s, .. } => {
                        let instant = 1.0 - a * e.time_s;
                        worst_cushion = worst_cushion.max((speed_m_s - instant).abs());
                    }
                    _ => {}
                }
            }
        }
        assert!(worst_pair <= a * h + 1e-12, "{substeps}: {worst_pair}");
        assert!(
            worst_pair > 0.9 * a * h,
            "{substeps}: {worst_pair} (the bound is reached)"
        );
        assert!(
            worst_cushion <= a * h / 2.0 + 1e-12,
            "{substeps}: {worst_cushion}"
        );
    }
}

/// Regression (API audit, 5 Dec 2026): `CushionId::wall(k)` computed `4 + k` in `u16`, so
/// `wall(65_535)` panicked in a debug build and gave `CushionId::LEFT`, an outer cushion, in
/// a release build (`wall(65_532)` gave `BOTTOM`). Every `k` now names a wall id, never an
/// outer cushion; the ids a table can have (at most 1000 walls) are unchanged.
#[test]
fn regression_cushion_id_wall_of_65535_overflowed_to_an_outer_cushion() {
    for k in [65_531u16, 65_532, 65_533, 65_534, 65_535] {
        let id = CushionId::wall(k);
        assert!(!id.is_outer(), "wall({k}) is {id:?}");
        assert!(id.wall_index().is_some(), "wall({k})");
    }
    assert_eq!(CushionId::wall(65_531).index(), 65_535);
    for k in 0..1000u16 {
        let id = CushionId::wall(k);
        assert_eq!(
            (id.index(), id.wall_index()),
            (4 + k as usize, Some(k as usize))
        );
    }
}

/// Regression (API audit, 5 Dec 2026): `scenes::scaling_box_on(table, n)`, "the checked
/// twin" of `scaling_box`, added discs one by one until the world refused the 2³¹st, so an
/// `n` above `limits::MAX_DISCS` on a table large enough took some 200 GB before its
/// `PlaceError::TooManyDiscs` (and `n` near `usize::MAX` overflowed `k * k` first). It is
/// now refused at once.
#[test]
fn regression_scaling_box_on_with_more_discs_than_a_world_holds_added_2_31_first() {
    let big = Table::new(1e4, 1e4).unwrap();
    for n in [disc_physics::limits::MAX_DISCS + 1, 1 << 40, usize::MAX] {
        let started = std::time::Instant::now();
        let result = scenes::scaling_box_on(big.clone(), n);
        assert_eq!(result.err(), Some(PlaceError::TooManyDiscs), "{n}");
        assert!(started.elapsed().as_secs() < 5, "{n}");
    }
    // Within the limit it still builds the scene.
    assert_eq!(scenes::scaling_box_on(big, 16).unwrap().len(), 16);
}

/// Regression (API audit, 5 Dec 2026): in a world of more than 64 discs, the overlap test of
/// `add_disc`, `place` and `check_placement` walks a grid whose cells are sized from the
/// discs it held when it was built, over a box as wide as the new disc and the largest
/// disc. A disc of 3 m added among 70 discs of 0.1 mm took 4.3 s (2·10⁹ cells), one of
/// 100 m would have taken hours, and so would every small disc added after it. Each test
/// now visits at most as many cells as there are discs (else it checks the discs one by
/// one), and still finds what is in the way.
#[test]
fn regression_a_large_disc_among_tiny_ones_made_placement_walk_billions_of_cells() {
    let table = Table::new(1e4, 1e4).unwrap();
    let mut w = World::new(table, StepConfig::default()).unwrap();
    let tiny = DiscKind::new(1e-4, 1e-3).unwrap();
    for i in 0..70 {
        w.add_disc(tiny, Vec2::new(f64::from(i) * 0.001, 0.0), Vec2::ZERO)
            .unwrap();
    }
    let huge = DiscKind::new(100.0, 1.0).unwrap();
    let started = std::time::Instant::now();
    // In the way: the huge disc would cover the row of tiny ones.
    assert!(matches!(
        w.check_placement(huge, Vec2::new(50.0, 0.0), None),
        Err(PlaceError::Overlaps(_))
    ));
    let big = w
        .add_disc(huge, Vec2::new(500.0, 500.0), Vec2::ZERO)
        .unwrap();
    // Tiny discs after it: clear of it, and in its way.
    w.add_disc(tiny, Vec2::new(700.0, 700.0), Vec2::ZERO)
        .unwrap();
    assert_eq!(
        w.add_disc(tiny, Vec2::new(550.0, 500.0), Vec2::ZERO),
        Err(PlaceError::Overlaps(big))
    );
    assert_eq!(
        w.place(DiscId::from_index(0), Vec2::new(450.0, 500.0)),
        Err(PlaceError::Overlaps(big))
    );
    assert!(
        started.elapsed().as_secs_f64() < 1.0,
        "{:?}",
        started.elapsed()
    );
}

/// Regression (architecture audit, 6 Dec 2026): docs/architecture.md, "Actions and
/// errors": "A panicking convenience exists only beside its checked twin". `scenes::
/// clustered_box(n)` panics for `n` above `limits::MAX_DISCS` (with the message "the
/// lattice never overlaps") and had no checked twin, where `scaling_box` has
/// `scaling_box_on`. `scenes::try_clustered_box` is the twin.
#[test]
fn regression_clustered_box_had_no_checked_twin() {
    for n in [disc_physics::limits::MAX_DISCS + 1, usize::MAX] {
        assert_eq!(
            scenes::try_clustered_box(n).err(),
            Some(PlaceError::TooManyDiscs),
            "{n}"
        );
    }
    let w = scenes::try_clustered_box(16).unwrap();
    assert_eq!(w.len(), 16);
    assert_eq!(w.len(), scenes::clustered_box(16).len());
}

/// Regression (thirty-ninth sitting): `scenes::scaling_box(n)` for `n` above
/// `limits::MAX_DISCS` (a box that still fits the largest table) panicked with "the lattice
/// never overlaps", which names a cause that cannot happen instead of the one that did. Its
/// `# Panics` section says the message names the cause.
#[test]
#[should_panic(expected = "no scaling box of 2147483649 discs: ")]
fn regression_scaling_box_of_too_many_discs_blamed_an_overlap() {
    let _ = scenes::scaling_box(disc_physics::limits::MAX_DISCS + 1);
}

/// `scenes::scaling_box(n)` for a box wider than the largest table names the table.
#[test]
#[should_panic(expected = "no table holds a scaling box of 200000000000 discs: ")]
fn a_scaling_box_wider_than_the_largest_table_names_the_table() {
    let _ = scenes::scaling_box(200_000_000_000);
}

/// Regression (panic audit): `StepProfile::total` added the five stages' `Duration`s with
/// `+`, so a profile built by hand (its fields are public) whose stages sum past
/// `Duration::MAX` panicked ("overflow when adding durations"); it saturates now.
#[test]
fn regression_step_profile_total_overflowed_on_huge_stages() {
    use std::time::Duration;
    let huge = disc_physics::StepProfile {
        friction: Duration::MAX,
        drift: Duration::from_secs(1),
        ..disc_physics::StepProfile::default()
    };
    assert_eq!(huge.total(), Duration::MAX);
    let small = disc_physics::StepProfile {
        friction: Duration::from_millis(1),
        events: Duration::from_millis(2),
        ..disc_physics::StepProfile::default()
    };
    assert_eq!(small.total(), Duration::from_millis(3));
}

/// `World::place` dropped the placement index, so the next `place` (or `add_disc`) rebuilt
/// it over every disc: moving each disc of a world once cost O(n²) (16,000 discs in 3.4 s in
/// a release build; these 150,000 had not finished after 10 minutes in the test profile, and
/// take 0.2 s now). `place` now moves the disc in the index when the index is as a rebuild
/// would make it, and the next look takes it up.
#[test]
fn regression_place_rebuilt_the_placement_index_over_every_disc() {
    let side = 388;
    let n = 150_000;
    let mut w = World::new(Table::new(6.0, 6.0).unwrap(), StepConfig::default()).unwrap();
    let coin = DiscKind::new(0.01, 0.005).unwrap();
    let at = |k: usize| {
        Vec2::new(
            -5.8 + 0.03 * (k % side) as f64,
            -5.8 + 0.03 * (k / side) as f64,
        )
    };
    let ids: Vec<DiscId> = (0..n)
        .map(|k| w.add_disc(coin, at(k), Vec2::ZERO).unwrap())
        .collect();
    // Each disc 5 mm to the right: clear of its neighbours, the one on its right not moved yet.
    let shift = Vec2::new(0.005, 0.0);
    for (k, &id) in ids.iter().enumerate() {
        w.place(id, at(k) + shift).unwrap();
    }
    for k in [0, 1, side, 77_777, n - 1] {
        assert_eq!(w.position(ids[k]), Some(at(k) + shift));
        // In the way: a coin where the moved disc was, and one where it is.
        assert_eq!(
            w.add_disc(coin, at(k), Vec2::ZERO),
            Err(PlaceError::Overlaps(ids[k]))
        );
        assert_eq!(
            w.check_placement(coin, at(k) + shift, None),
            Err(PlaceError::Overlaps(ids[k]))
        );
    }
    // Clear: the middle of four discs' square.
    let gap = at(side + 1) + shift + Vec2::new(0.015, 0.015);
    assert!(w.add_disc(coin, gap, Vec2::ZERO).is_ok());
}

/// Regression (complexity audit of hostile input, 7 Dec 2026): the placement index's cells
/// were as wide as the largest disc's diameter, so one disc of 1 m radius put every coin of
/// 5 mm beside it in a few cells and each `add_disc` or `place` tested thousands of them:
/// 16,000 coins took 0.53-0.57 s to add (6.4 ms without the large disc), and adding and then
/// moving these 265,000 took 77 s of CPU (103 s on a shared host) in a release build; 0.4 s
/// now that each size class has cells of its own diameter. Also pinned:
/// `PlaceError::Overlaps` names the lowest-indexed disc in the way, where the index named
/// the first it found in its cells (the old code named disc 1002 for 1001 below).
#[test]
fn regression_add_disc_beside_one_large_disc_was_quadratic() {
    let mut w = World::new(Table::new(3.0, 3.0).unwrap(), StepConfig::default()).unwrap();
    let coin = DiscKind::new(0.005, 0.001).unwrap();
    let big = w
        .add_disc(DiscKind::new(1.0, 1.0).unwrap(), Vec2::ZERO, Vec2::ZERO)
        .unwrap();
    // Every point of an 11 mm lattice over the table: those within 1.005 m of the large
    // disc's centre are refused naming it, the others accepted.
    let (side, pitch) = (540, 0.011);
    let at = |i: usize, j: usize| {
        Vec2::new(
            -2.97 + pitch * i as f64 + 1e-4,
            -2.97 + pitch * j as f64 + 1e-4,
        )
    };
    let mut added = Vec::new();
    let mut refused = 0;
    for j in 0..side {
        for i in 0..side {
            let p = at(i, j);
            match w.add_disc(coin, p, Vec2::ZERO) {
                Ok(id) => {
                    assert!(p.length() > 1.005 - 1e-6, "{p:?}");
                    added.push((id, p));
                }
                Err(e) => {
                    assert_eq!(e, PlaceError::Overlaps(big), "{p:?}");
                    assert!(p.length() < 1.005 + 1e-6, "{p:?}");
                    refused += 1;
                }
            }
        }
    }
    assert_eq!(added.len() + refused, side * side);
    assert!(added.len() > 250_000, "{}", added.len());
    assert_eq!(w.len(), added.len() + 1);
    // Moving every coin 0.5 mm away from the large disc's centre: each clear of its
    // neighbours (1 mm apart) and of the large disc.
    for (id, p) in &mut added {
        *p = *p * (1.0 + 0.0005 / p.length());
        w.place(*id, *p).unwrap();
    }
    // A coin half way between two lattice neighbours overlaps both: the lower is named.
    let (a, pa) = added[1000];
    let (b, pb) = added[1001];
    assert!(a < b);
    let between = (pa + pb) * 0.5;
    assert_eq!(
        w.add_disc(coin, between, Vec2::ZERO),
        Err(PlaceError::Overlaps(a))
    );
    // A coin overlapping the large disc and a coin names the large disc (index 0), and a
    // disc of 0.1 m over many coins names the lowest of them.
    let near = added.iter().find(|(_, p)| p.length() < 1.012).unwrap().1;
    let edge = near * (1.003 / near.length());
    assert!(overlaps(near, 0.005, edge, 0.005) && overlaps(Vec2::ZERO, 1.0, edge, 0.005));
    assert_eq!(
        w.check_placement(coin, edge, None),
        Err(PlaceError::Overlaps(big))
    );
    let lowest_under = |added: &[(DiscId, Vec2)], q: Vec2, r: f64| {
        added
            .iter()
            .find(|&&(_, p)| overlaps(p, 0.005, q, r))
            .map(|&(id, _)| id)
    };
    let centre = Vec2::new(2.0, 2.0);
    let under = lowest_under(&added, centre, 0.1).unwrap();
    assert_eq!(
        w.add_disc(DiscKind::new(0.1, 1.0).unwrap(), centre, Vec2::ZERO),
        Err(PlaceError::Overlaps(under))
    );
    // The large disc 10 cm to the right overlaps the coins on its right: the lowest named.
    let q = Vec2::new(0.1, 0.0);
    let under = lowest_under(&added, q, 1.0).unwrap();
    assert_eq!(w.place(big, q), Err(PlaceError::Overlaps(under)));
    assert_eq!(w.position(big), Some(Vec2::ZERO));
    assert_eq!(w.position(added[7].0), Some(added[7].1));
}

/// Whether discs of radii `ra` at `a` and `rb` at `b` overlap by more than
/// `PLACEMENT_TOLERANCE_M` (the test of `World::check_placement`).
fn overlaps(a: Vec2, ra: f64, b: Vec2, rb: f64) -> bool {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let rr = ra + rb - disc_physics::PLACEMENT_TOLERANCE_M;
    dx * dx + dy * dy < rr * rr
}
