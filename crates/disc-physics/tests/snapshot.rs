//! Issue 16: a `World` snapshot and its events serialize and deserialize back exactly
//! (JSON, with serde_json's exact float round trip), validated on the way in, and a world read
//! back continues bit-identically (states and events) to the one written.
#![cfg(feature = "serde")]

use disc_physics::{
    DiscId, DiscKind, Event, EventKind, NoEvents, Params, PocketId, SnapshotError, StepConfig,
    Table, Vec2, World, carrom, scenes,
};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Writes `w` as JSON, reads it back, checks the text and state are the same.
fn round_trip(w: &World) -> World {
    let text = serde_json::to_string(w).unwrap();
    let back: World = serde_json::from_str(&text).unwrap();
    assert_eq!(serde_json::to_string(&back).unwrap(), text, "text differs");
    assert_eq!(back.checksum(), w.checksum());
    assert_eq!(back.time_s().to_bits(), w.time_s().to_bits());
    assert_eq!(back.steps(), w.steps());
    assert_eq!(back.stats(), w.stats());
    assert_eq!(back.len(), w.len());
    back
}

/// Events compared bit for bit (Debug shows every float exactly, as does JSON).
fn bits(events: &[Event]) -> String {
    serde_json::to_string(events).unwrap()
}

/// Runs `steps` steps of the original and of its round-tripped copy; states and events
/// must be identical. Returns the number of events seen.
fn continues_identically(mut w: World, steps: usize) -> usize {
    let mut copy = round_trip(&w);
    let (mut ea, mut eb) = (Vec::new(), Vec::new());
    for _ in 0..steps {
        w.step(&mut ea);
        copy.step(&mut eb);
    }
    assert_eq!(w.checksum(), copy.checksum());
    assert_eq!(bits(&ea), bits(&eb));
    // The events themselves round-trip too.
    let back: Vec<Event> = serde_json::from_str(&bits(&ea)).unwrap();
    assert_eq!(bits(&back), bits(&ea));
    ea.len()
}

#[test]
fn a_break_snapshot_mid_run_continues_bit_identically() {
    for (name, build) in [
        ("carrom", scenes::carrom_break as fn() -> World),
        ("novuss", scenes::novuss_break),
    ] {
        for at in [0, 1, 37, 400] {
            let mut w = build();
            for _ in 0..at {
                w.step(&mut NoEvents);
            }
            let n = continues_identically(w, 2000);
            assert!(n > 10, "{name} at {at}: only {n} events");
        }
    }
}

#[test]
fn a_scaling_box_snapshot_continues_bit_identically() {
    // Through the broadphase's pair list (the round trip rebuilds it at another moment).
    let mut w = scenes::scaling_box(1024);
    for _ in 0..123 {
        w.step(&mut NoEvents);
    }
    continues_identically(w, 150);
}

#[test]
fn pocketed_jumped_and_removed_discs_round_trip() {
    let p = Params {
        jump_speed_m_s: Some(3.0),
        ..Params::default()
    };
    let table = carrom::table().unwrap().with_params(p).unwrap();
    let mut w = World::new(table, StepConfig::default()).unwrap();
    for (pos, _) in carrom::formation() {
        w.add_disc(carrom::COIN, pos, Vec2::ZERO).unwrap();
    }
    let s = w
        .add_disc(
            carrom::STRIKER,
            Vec2::new(0.05, carrom::STRIKER_Y_M),
            Vec2::ZERO,
        )
        .unwrap();
    w.strike(s, Vec2::new(-0.6, 7.5)).unwrap();
    w.remove(DiscId::from_index(3)).unwrap();
    let mut events = Vec::new();
    w.run_to_rest(&mut events);
    let off: Vec<_> = w
        .discs()
        .filter(|d| !d.on_table())
        .map(|d| d.status)
        .collect();
    assert!(
        off.iter()
            .any(|s| matches!(s, disc_physics::DiscStatus::Pocketed(_)))
            && off
                .iter()
                .any(|s| matches!(s, disc_physics::DiscStatus::LeftTable(_))),
        "want pocketed and jumped discs: {off:?}"
    );
    // A stroke after the round trip plays the same.
    let mut copy = round_trip(&w);
    let back: Vec<Event> = serde_json::from_str(&bits(&events)).unwrap();
    assert_eq!(bits(&back), bits(&events));
    for world in [&mut w, &mut copy] {
        world.place(DiscId::from_index(3), Vec2::ZERO).unwrap();
        world.strike(s, Vec2::new(0.3, 4.0)).unwrap();
    }
    let (mut ea, mut eb) = (Vec::new(), Vec::new());
    w.run_to_rest(&mut ea);
    copy.run_to_rest(&mut eb);
    assert_eq!(w.checksum(), copy.checksum());
    assert_eq!(bits(&ea), bits(&eb));
}

/// A change to a snapshot's JSON.
type Edit = Box<dyn Fn(&mut Value)>;

fn valid_snapshot() -> Value {
    let mut w = World::new(carrom::table().unwrap(), StepConfig::default()).unwrap();
    w.add_disc(carrom::COIN, Vec2::ZERO, Vec2::new(0.5, 0.0))
        .unwrap();
    w.add_disc(carrom::COIN, Vec2::new(0.1, 0.1), Vec2::ZERO)
        .unwrap();
    w.step(&mut NoEvents);
    serde_json::to_value(&w).unwrap()
}

#[test]
fn invalid_snapshots_are_refused() {
    let ok = valid_snapshot();
    assert!(serde_json::from_value::<World>(ok.clone()).is_ok());
    let cases: Vec<(&str, Edit)> = vec![
        ("negative time", Box::new(|v| v["time_s"] = json!(-1.0))),
        ("subnormal time", Box::new(|v| v["time_s"] = json!(1e-320))),
        ("null (NaN) time", Box::new(|v| v["time_s"] = Value::Null)),
        (
            "outside the cushions",
            Box::new(|v| v["discs"][0]["position"]["x"] = json!(0.37)),
        ),
        (
            "subnormal coordinate",
            Box::new(|v| v["discs"][1]["position"]["y"] = json!(-1e-310)),
        ),
        (
            "subnormal speed",
            Box::new(|v| v["discs"][0]["speed_m_s"] = json!(4e-320)),
        ),
        (
            "negative speed",
            Box::new(|v| v["discs"][0]["speed_m_s"] = json!(-0.5)),
        ),
        (
            "absurd speed",
            Box::new(|v| v["discs"][0]["speed_m_s"] = json!(1e13)),
        ),
        (
            "direction not a unit vector",
            Box::new(|v| v["discs"][0]["direction"]["x"] = json!(0.9)),
        ),
        (
            "subnormal direction",
            Box::new(|v| v["discs"][0]["direction"]["y"] = json!(1e-310)),
        ),
        (
            "a direction at rest",
            Box::new(|v| v["discs"][1]["direction"]["x"] = json!(1.0)),
        ),
        (
            "moving off the table",
            Box::new(|v| {
                v["discs"][1]["status"] = json!({"Pocketed": 0});
                v["discs"][1]["speed_m_s"] = json!(0.1);
                v["discs"][1]["direction"]["x"] = json!(1.0);
            }),
        ),
        (
            "unknown pocket",
            Box::new(|v| v["discs"][1]["status"] = json!({"Pocketed": 4})),
        ),
        (
            "jumped a wall",
            Box::new(|v| v["discs"][1]["status"] = json!({"LeftTable": 4})),
        ),
        (
            "subnormal mass",
            Box::new(|v| v["discs"][1]["kind"]["mass_kg"] = json!(1e-320)),
        ),
        (
            "run cap 1e30",
            Box::new(|v| v["config"]["max_time_s"] = json!(1e30)),
        ),
        (
            "friction NaN",
            Box::new(|v| v["table"]["params"]["friction_mu"] = Value::Null),
        ),
        (
            "pocket off the table",
            Box::new(|v| v["table"]["pockets"][0]["centre"]["x"] = json!(1.0)),
        ),
    ];
    for (what, edit) in cases {
        let mut v = ok.clone();
        edit(&mut v);
        assert!(
            serde_json::from_value::<World>(v).is_err(),
            "{what} was accepted"
        );
    }
}

/// Regression (fuzz finding `physics_json`, 2 Dec 2026: "the clock did not advance"): a
/// snapshot read back with a clock of 1.8e19 s, where adding the 1 ms step changes nothing,
/// stepped without its clock moving. The clock must leave a step room to advance it; the
/// counters that a step adds to must leave room to count on (same cause: the edge of a
/// number's range read from outside).
#[test]
fn a_snapshot_whose_clock_a_step_cannot_advance_is_refused() {
    let ok = valid_snapshot();
    for t in [1.8446744073709552e19, 1e15, 1e13] {
        let mut v = ok.clone();
        v["time_s"] = json!(t);
        let err = serde_json::from_value::<World>(v).unwrap_err().to_string();
        assert!(
            err.contains("small enough for a step to advance it"),
            "{t}: {err}"
        );
    }
    // Large clocks that a 1 ms step still moves by about its length read back and step on.
    for t in [1e6, 1e9, 1e11] {
        let mut v = ok.clone();
        v["time_s"] = json!(t);
        let mut w: World = serde_json::from_value(v).unwrap();
        w.step(&mut NoEvents);
        assert!(w.time_s() > t, "{t}");
    }
}

/// Regression (fuzz finding `physics_world`, 2 Dec 2026: "a world's snapshot does not read
/// back"): inputs are zero or normal, but a run's products of tiny accepted components fell
/// below the normal range (a direction component of -1.9e-308 after an impact), and the
/// snapshot, which refuses subnormal numbers, refused the world's own state. Directions,
/// positions, speeds and event speeds now leave a step zero or normal.
#[test]
fn a_world_whose_numbers_underflow_still_reads_back() {
    // A strike whose direction's y component underflows: -1.5e-307 / 7.97 = -1.9e-308.
    let mut w = World::new(carrom::table().unwrap(), StepConfig::default()).unwrap();
    let a = w
        .add_disc(carrom::COIN, Vec2::new(0.0, 0.1), Vec2::ZERO)
        .unwrap();
    w.strike(a, Vec2::new(7.96875, -1.5e-307)).unwrap();
    // A disc whose y moves by 1e-305 m/s x 1 ms from 0: a subnormal position after a step.
    let b = w
        .add_disc(carrom::COIN, Vec2::new(-0.2, 0.0), Vec2::ZERO)
        .unwrap();
    w.strike(b, Vec2::new(-5.0, 1e-305)).unwrap();
    let mut events: Vec<Event> = Vec::new();
    for _ in 0..400 {
        w.step(&mut events);
        let json = serde_json::to_string(&w).unwrap();
        let back: World = serde_json::from_str(&json).expect("a world's own state reads back");
        assert_eq!(back.checksum(), w.checksum());
        for d in w.discs() {
            for v in [d.position.x, d.position.y, d.velocity.x, d.velocity.y] {
                assert!(v == 0.0 || v.is_normal(), "{v:e} in {d:?}");
            }
        }
    }
    for e in &events {
        let back: Event = serde_json::from_str(&serde_json::to_string(e).unwrap()).unwrap();
        assert_eq!(&back, e);
    }
}

#[test]
fn a_snapshot_whose_counts_could_overflow_is_refused() {
    let ok = valid_snapshot();
    let edits: Vec<(&str, Edit)> = vec![
        ("step", Box::new(|v| v["steps"] = json!(u64::MAX))),
        (
            "substep",
            Box::new(|v| v["stats"]["substeps"] = json!(u64::MAX)),
        ),
        (
            "pair test",
            Box::new(|v| v["stats"]["pair_tests"] = json!((1u64 << 62) + 1)),
        ),
        (
            "impact",
            Box::new(|v| v["stats"]["impacts"] = json!(u64::MAX - 1)),
        ),
    ];
    for (name, edit) in edits {
        let mut v = ok.clone();
        edit(&mut v);
        let err = serde_json::from_value::<World>(v).unwrap_err().to_string();
        assert!(err.contains(&format!("the {name} count")), "{name}: {err}");
    }
    // At the limit itself a world reads back and steps on.
    let mut v = ok.clone();
    v["steps"] = json!(1u64 << 62);
    v["stats"]["rounds"] = json!(1u64 << 62);
    let mut w: World = serde_json::from_value(v).unwrap();
    w.step(&mut NoEvents);
    assert_eq!(w.steps(), 1u64 << 62, "the count saturates at the limit");
}

/// Regression (6 December 2026): a world read in at the counts' limit (2^62) counted on past
/// it, and after one step wrote a snapshot that its own reader refused ("the step count is
/// above 2^62"): a server that loaded, stepped and saved such a world could not load it again.
/// The counts now saturate at the limit as reported and written, and the world read back
/// plays on bit-identically.
#[test]
fn regression_a_world_at_the_count_limit_wrote_a_snapshot_it_could_not_read_back() {
    let limit = disc_physics::limits::MAX_COUNT;
    let mut w = scenes::carrom_break();
    w.step(&mut NoEvents);
    let mut v = serde_json::to_value(&w).unwrap();
    v["steps"] = json!(limit);
    for counter in [
        "substeps",
        "rounds",
        "impacts",
        "multi_contact_rounds",
        "broadphase_builds",
        "broadphase_pairs",
        "pair_tests",
        "capped_substeps",
    ] {
        v["stats"][counter] = json!(limit - 1);
    }
    let mut w: World = serde_json::from_value(v).unwrap();
    for _ in 0..30 {
        w.step(&mut NoEvents);
    }
    let stats = w.stats();
    assert_eq!(w.steps(), limit);
    assert_eq!((stats.substeps, stats.pair_tests), (limit, limit));
    let events = continues_identically(w, 200);
    assert!(events > 0, "the break still runs");
}

#[test]
fn invalid_events_are_refused() {
    let ok = Event {
        time_s: 0.25,
        kind: EventKind::DiscContact {
            first: DiscId::from_index(1),
            second: DiscId::from_index(2),
            speed_m_s: 1.5,
        },
    };
    let v = serde_json::to_value(ok).unwrap();
    assert_eq!(serde_json::from_value::<Event>(v.clone()).unwrap(), ok);
    let mut bad = vec![];
    let mut e = v.clone();
    e["time_s"] = json!(-0.5);
    bad.push(e);
    let mut e = v.clone();
    e["kind"]["DiscContact"]["first"] = json!(2);
    bad.push(e);
    let mut e = v.clone();
    e["kind"]["DiscContact"]["speed_m_s"] = json!(-1.0);
    bad.push(e);
    let mut e = v.clone();
    e["kind"]["DiscContact"]["speed_m_s"] = json!(1e-315);
    bad.push(e);
    bad.push(json!({"time_s": 1.0, "kind": {"LeftTable": {"disc": 0, "cushion": 7}}}));
    bad.push(json!({"time_s": 1.0, "kind": {"CushionContact": {"disc": 0, "cushion": 1, "speed_m_s": 2e12}}}));
    for e in bad {
        assert!(serde_json::from_value::<Event>(e.clone()).is_err(), "{e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn a_random_world_mid_run_survives_a_json_round_trip_and_plays_on_identically(
        discs in proptest::collection::vec((-0.3f64..0.3, -0.3f64..0.3, -4.0f64..4.0, -4.0f64..4.0, any::<bool>()), 1..24),
        coarse in any::<bool>(),
        before in 0usize..300,
        jump in proptest::option::of(2.0f64..5.0),
    ) {
        let p = Params { jump_speed_m_s: jump, ..Params::default() };
        let table = carrom::table().unwrap().with_params(p).unwrap();
        let dt = if coarse { 1.0 / 60.0 } else { 0.001 };
        let mut w = World::new(table, StepConfig { dt_s: dt, ..StepConfig::default() }).unwrap();
        let striker = DiscKind::new(0.02065, 0.015).unwrap();
        for &(x, y, vx, vy, big) in &discs {
            let kind = if big { striker } else { carrom::COIN };
            let _ = w.add_disc(kind, Vec2::new(x, y), Vec2::new(vx, vy));
        }
        for _ in 0..before {
            w.step(&mut NoEvents);
        }
        continues_identically(w, 400);
    }
}

#[test]
fn a_table_with_walls_round_trips() {
    let t = Table::new(0.5, 0.4)
        .unwrap()
        .with_wall(Vec2::new(-0.1, 0.0), Vec2::new(0.1, 0.05), 0.004)
        .unwrap()
        .with_pocket(Vec2::new(0.45, 0.35), 0.04)
        .unwrap();
    let mut w = World::new(t, StepConfig::default()).unwrap();
    w.add_disc(carrom::COIN, Vec2::new(0.0, -0.2), Vec2::new(0.2, 2.0))
        .unwrap();
    continues_identically(w, 800);
}

/// Regression (API audit, 5 Dec 2026): a hand-edited snapshot with a disc on the table whose
/// centre lay inside a pocket was accepted. At rest the disc then stayed on the table inside
/// the pocket (the world "at rest", the game's piece neither on the board nor pocketed);
/// `add_disc` and `place` refuse such a centre, and a run never leaves one (a disc falls in
/// the instant its centre enters). It is now refused as `SnapshotError::InPocket`, naming
/// the disc and the pocket, for every pocket and any depth past the placement tolerance;
/// a centre on the circle, or within the tolerance of it, still reads back.
#[test]
fn regression_a_snapshot_with_a_disc_on_the_table_inside_a_pocket_was_accepted() {
    let ok = valid_snapshot();
    let table = carrom::table().unwrap();
    for (k, pocket) in table.pockets().iter().enumerate() {
        let c = pocket.centre;
        let toward_middle =
            Vec2::new(-c.x.signum(), -c.y.signum()) * std::f64::consts::FRAC_1_SQRT_2;
        for depth in [pocket.radius_m, 0.5 * pocket.radius_m, 1e-6, 2e-9] {
            let p = c + toward_middle * (pocket.radius_m - depth);
            for moving in [false, true] {
                let mut v = ok.clone();
                v["discs"][1]["position"] = json!({"x": p.x, "y": p.y});
                if moving {
                    v["discs"][1]["speed_m_s"] = json!(0.25);
                    v["discs"][1]["direction"] = json!({"x": 1.0, "y": 0.0});
                }
                let err = serde_json::from_value::<World>(v).unwrap_err().to_string();
                let want = SnapshotError::InPocket(DiscId::from_index(1), PocketId(k as u16));
                assert_eq!(err, want.to_string(), "pocket {k}, depth {depth}");
            }
        }
        // On the circle, and within the tolerance inside it: a run's own states.
        for depth in [0.0, 0.5e-9] {
            let p = c + toward_middle * (pocket.radius_m - depth);
            let mut v = ok.clone();
            v["discs"][1]["position"] = json!({"x": p.x, "y": p.y});
            let w: World = serde_json::from_value(v).unwrap();
            assert!(w.disc(DiscId::from_index(1)).unwrap().on_table());
        }
    }
    // Off the table, a disc's last position may lie in its pocket.
    let mut v = ok.clone();
    v["discs"][1]["position"] = json!({"x": 0.34775, "y": 0.34775});
    v["discs"][1]["status"] = json!({"Pocketed": 2});
    assert!(serde_json::from_value::<World>(v).is_ok());
}

/// Regression (6 December 2026), the same class as the counts': a world read in with its
/// clock just below the edge a snapshot's clock must stay under (one step of `dt` must move it
/// by `dt` within half of `dt`) crossed it in one step, and wrote a snapshot its own reader
/// refused. Such a world now refuses to be written, with the reader's message, so that
/// everything a world writes reads back; below the edge it writes and reads as before.
#[test]
fn regression_a_world_stepped_past_the_clocks_edge_wrote_a_snapshot_it_could_not_read_back() {
    let w = scenes::carrom_break();
    let dt = w.config().dt_s;
    // The last clock of the first binade whose spacing exceeds 1.5 dt lies just below it.
    let mut edge = 1.0f64;
    while ((edge + dt) - edge - dt).abs() <= 0.5 * dt {
        edge *= 2.0;
    }
    let below = f64::from_bits(edge.to_bits() - 1);
    let mut v = serde_json::to_value(&w).unwrap();
    v["time_s"] = json!(below);
    let mut w: World = serde_json::from_value(v).unwrap();
    assert_eq!(w.time_s(), below);
    round_trip(&w);
    w.step(&mut NoEvents);
    assert!(w.time_s() >= edge, "one step crosses the edge");
    let err = serde_json::to_string(&w).unwrap_err().to_string();
    assert!(err.starts_with("world time must be finite"), "{err}");
    // The refusal is the reader's: the same clock written by hand is refused on the way in.
    let mut v = serde_json::to_value(scenes::carrom_break()).unwrap();
    v["time_s"] = json!(w.time_s());
    assert!(serde_json::from_value::<World>(v).is_err());
}
