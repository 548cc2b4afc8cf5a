//! disc-physics: the JSON of every deserializable type (a `World` snapshot, `StepConfig`,
//! `Params`, `Table`, `DiscKind`, events) and worlds built from the fuzzer's numbers through
//! the checked constructors (`Table::new`, pockets, walls, `Params`, `StepConfig`,
//! `DiscKind::new`, `add_disc`, `strike`, `place`, `remove`), then run.

use disc_physics::{
    DiscId, DiscKind, DiscState, DiscStatus, Event, NoEvents, Params, RunSummary, StepConfig,
    Table, Trajectory, Vec2, World, carrom, limits, novuss, scenes,
};

use crate::{Bytes, json_round_trip, to_json};

/// The most substeps one input may run (a world may take up to 10⁴ substeps a step).
const SUBSTEP_BUDGET: u64 = 30_000;

/// The most impact rounds one input may run. A substep may take up to 10,000 rounds plus
/// 1,000 a moving disc (the solver's cap): a light disc trapped between a disc 70,000 times
/// heavier and a cushion rattles there for a million rounds in 384 substeps (2.6 s in a release
/// build). That is the model's cost, bounded by the cap, not a fault; under libFuzzer's
/// sanitizer it passed its 10 s timeout, so a run stops here.
const ROUND_BUDGET: u64 = 100_000;

/// The crowd's budget is lower: a dense, perfectly inelastic lattice of 181 discs at 1/60 s
/// took 26,000 rounds a substep (0.4 s a step in a release build), so a run stops once one such
/// step has been taken.
const CROWD_ROUND_BUDGET: u64 = 20_000;

/// Runs `w` for up to `steps` steps within the substep budget and checks what a run keeps:
/// finite states, kinetic energy that never grows (no energy enters after the strikes),
/// discs on the table inside it, a clock that advances; then the snapshot round trip.
fn run_and_check(mut w: World, steps: u64) {
    let per_step = u64::from(w.config().substeps.max(1));
    let steps = steps.min(SUBSTEP_BUDGET / per_step);
    let mut energy = w.kinetic_energy_j();
    assert!(energy.is_finite(), "kinetic energy {energy} at the start");
    let mut events: Vec<Event> = Vec::new();
    let mut last = f64::NEG_INFINITY;
    for _ in 0..steps {
        let t = w.time_s();
        events.clear();
        w.step(&mut events);
        assert!(
            w.time_s() > t || w.time_s() == t && w.is_at_rest(),
            "the clock did not advance"
        );
        let e = w.kinetic_energy_j();
        assert!(
            e.is_finite(),
            "kinetic energy {e} after {} steps",
            w.steps()
        );
        assert!(
            e <= energy * (1.0 + 1e-9) + 1e-12,
            "kinetic energy grew from {energy} to {e} at step {}",
            w.steps()
        );
        energy = e;
        // Events come out in time order, within the step (event.rs's contract; a contact at
        // the end of a substep was once reported a rounding step after the next substep's
        // first, and the games refused the run).
        for ev in &events {
            assert!(ev.time_s.is_finite(), "{ev:?}");
            assert!(
                ev.time_s >= last && ev.time_s >= t && ev.time_s <= w.time_s(),
                "{ev:?} out of time order (after {last}, in the step from {t} to {})",
                w.time_s()
            );
            last = ev.time_s;
        }
        check_discs(&w);
        if w.is_at_rest() || w.stats().rounds > ROUND_BUDGET {
            break;
        }
    }
    snapshot_round_trip(&w);
}

fn check_discs(w: &World) {
    let (hw, hh) = (w.table().half_width_m(), w.table().half_height_m());
    for d in w.discs() {
        let (p, v) = (d.position, d.velocity);
        assert!(
            p.x.is_finite() && p.y.is_finite() && v.x.is_finite() && v.y.is_finite(),
            "{d:?}: not finite"
        );
        if d.status == DiscStatus::OnTable {
            let r = d.kind.radius_m();
            let slack = 1e-6 + r * 1e-6;
            assert!(
                p.x.abs() <= hw - r + slack + disc_physics::PLACEMENT_TOLERANCE_M
                    && p.y.abs() <= hh - r + slack + disc_physics::PLACEMENT_TOLERANCE_M,
                "{d:?} is on the table but crosses a cushion ({hw} x {hh})"
            );
        }
    }
}

/// A world written as JSON reads back, writes the same text, has the same checksum. The one
/// world that does not write is one whose clock stepped past what a snapshot holds (read in
/// just below that edge): it refuses with the reader's error, which the reader gives for the
/// same clock.
fn snapshot_round_trip(w: &World) {
    let text = match serde_json::to_string(w) {
        Ok(t) => t,
        Err(e) => {
            let e = e.to_string();
            assert!(
                e.starts_with("world time must be finite"),
                "a world does not serialize: {e}"
            );
            let (t, dt) = (w.time_s(), w.config().dt_s);
            assert!(
                ((t + dt) - t - dt).abs() > 0.5 * dt,
                "a world whose clock a snapshot holds ({t}) does not serialize: {e}"
            );
            return;
        }
    };
    let back: World = match serde_json::from_str(&text) {
        Ok(b) => b,
        Err(e) => panic!("a world's snapshot does not read back ({e}): {text}"),
    };
    assert_eq!(
        back.checksum(),
        w.checksum(),
        "checksum after the round trip"
    );
    match serde_json::to_string(&back) {
        Ok(t) => assert_eq!(
            t, text,
            "the snapshot is written differently the second time"
        ),
        Err(e) => panic!("{e}"),
    }
}

/// The JSON of every deserializable type, chosen by the first byte; what is accepted is
/// within its documented limits, and a world read is run.
pub fn json(data: &[u8]) {
    let Some((&which, head)) = data.split_first() else {
        return;
    };
    match which % 7 {
        0 => {
            let Ok(w) = serde_json::from_slice::<World>(head) else {
                return;
            };
            snapshot_round_trip(&w);
            if let Err(e) = w.config().validate() {
                panic!("a snapshot with an invalid step configuration: {e}");
            }
            if let Err(e) = w.table().params().validate() {
                panic!("a snapshot with invalid parameters: {e}");
            }
            check_discs(&w);
            run_and_check(w, 400);
        }
        1 => {
            if let Some(c) = json_round_trip::<StepConfig>(head)
                && let Err(e) = c.validate()
            {
                panic!("{c:?} deserialized but is invalid: {e}");
            }
        }
        2 => {
            if let Some(p) = json_round_trip::<Params>(head)
                && let Err(e) = p.validate()
            {
                panic!("{p:?} deserialized but is invalid: {e}");
            }
        }
        3 => {
            if let Some(t) = json_round_trip::<Table>(head) {
                if let Err(e) = t.params().validate() {
                    panic!("a table deserialized with invalid parameters: {e}");
                }
                assert!(
                    limits::HALF_SIZE_M.contains(&t.half_width_m())
                        && limits::HALF_SIZE_M.contains(&t.half_height_m()),
                    "{t:?}: size out of range"
                );
                if let Ok(w) = World::new(t, StepConfig::default()) {
                    run_and_check(w, 10);
                }
            }
        }
        4 => {
            if let Some(k) = json_round_trip::<DiscKind>(head) {
                assert_eq!(
                    DiscKind::new(k.radius_m(), k.mass_kg()),
                    Ok(k),
                    "a disc kind the constructor refuses"
                );
            }
        }
        5 => {
            if let Some(e) = json_round_trip::<Event>(head) {
                assert!(e.time_s.is_finite() && e.time_s >= 0.0, "{e:?}");
            }
            json_round_trip::<Vec<Event>>(head);
        }
        _ => {
            json_round_trip::<Vec2>(head);
            json_round_trip::<DiscStatus>(head);
            json_round_trip::<DiscState>(head);
            json_round_trip::<RunSummary>(head);
            json_round_trip::<carrom::CoinColour>(head);
        }
    }
}

/// Seeds for [`json`]: snapshots of the scenes before and during a run, and every type.
pub fn json_seeds() -> Vec<Vec<u8>> {
    let tagged = |k: u8, v: Vec<u8>| {
        let mut x = vec![k];
        x.extend(v);
        x
    };
    let mut out = Vec::new();
    for (i, build) in [scenes::carrom_break as fn() -> World, scenes::novuss_break]
        .into_iter()
        .enumerate()
    {
        let mut w = build();
        for at in [0, 60, 300] {
            while w.steps() < at {
                w.step(&mut NoEvents);
            }
            out.push(tagged(0, to_json(&w)));
        }
        let mut events: Vec<Event> = Vec::new();
        for _ in 0..200 {
            w.step(&mut events);
        }
        out.push(tagged(5, to_json(&events)));
        if let Some(e) = events.first() {
            out.push(tagged(5, to_json(e)));
        }
        out.push(tagged(3, to_json(w.table())));
        out.push(tagged(2, to_json(w.table().params())));
        if let Some(d) = w.discs().next() {
            out.push(tagged(4, to_json(&d.kind)));
            out.push(tagged(6, to_json(&d.position)));
            out.push(tagged(6, to_json(&d.status)));
            out.push(tagged(6, to_json(&d)));
        }
        let _ = i;
    }
    out.push(tagged(0, to_json(&scenes::scaling_box(12))));
    // The edges of what a snapshot holds: counts at 2^62, and a clock one step below the edge
    // where a step no longer moves it by dt (6 December 2026: such worlds wrote snapshots that
    // did not read back).
    let mut edge = serde_json::to_value(scenes::carrom_break()).unwrap_or_default();
    edge["steps"] = serde_json::json!(limits::MAX_COUNT);
    edge["stats"]["substeps"] = serde_json::json!(limits::MAX_COUNT);
    out.push(tagged(0, to_json(&edge)));
    let dt = StepConfig::default().dt_s;
    let mut clock = 1.0f64;
    while ((clock + dt) - clock - dt).abs() <= 0.5 * dt {
        clock *= 2.0;
    }
    edge["time_s"] = serde_json::json!(f64::from_bits(clock.to_bits() - 1));
    out.push(tagged(0, to_json(&edge)));
    out.push(tagged(1, to_json(&StepConfig::default())));
    out.push(tagged(
        1,
        br#"{"dt_s":0.001,"substeps":1,"max_time_s":1e30}"#.to_vec(),
    ));
    out.push(tagged(4, br#"{"radius_m":2.0,"mass_kg":1e-320}"#.to_vec()));
    out
}

fn num(b: &mut Bytes<'_>, typical: f64) -> f64 {
    match b.u8() % 8 {
        0 => b.f64(),
        1 => f64::from(b.u16()) / 65536.0 * typical * 1e3,
        _ => f64::from(b.u16()) / 65536.0 * typical * 2.0,
    }
}

/// A world built from the fuzzer's numbers through every checked constructor, struck and
/// run: whatever the constructors accept runs without a panic, a NaN, energy from nowhere
/// or a disc through a cushion.
pub fn world(data: &[u8]) {
    let mut b = Bytes::new(data);
    let table = match b.u8() % 4 {
        0 => carrom::table(),
        1 => novuss::table(),
        _ => Table::new(num(&mut b, 1.0), num(&mut b, 1.0)),
    };
    let Ok(mut table) = table else { return };
    for _ in 0..b.u8() % 4 {
        let (hw, hh) = (table.half_width_m(), table.half_height_m());
        let next = match b.u8() % 3 {
            0 => table.clone().with_pocket(
                Vec2::new(
                    (b.f64_mostly_sane() / 8.0) * hw,
                    (b.f64_mostly_sane() / 8.0) * hh,
                ),
                num(&mut b, 0.05),
            ),
            1 => table
                .clone()
                .with_corner_pockets(num(&mut b, hw.min(hh)), num(&mut b, 0.05)),
            _ => table.clone().with_wall(
                Vec2::new(
                    (b.f64_mostly_sane() / 8.0) * hw,
                    (b.f64_mostly_sane() / 8.0) * hh,
                ),
                Vec2::new(
                    (b.f64_mostly_sane() / 8.0) * hw,
                    (b.f64_mostly_sane() / 8.0) * hh,
                ),
                num(&mut b, 0.01),
            ),
        };
        if let Ok(t) = next {
            table = t;
        }
    }
    if b.bool() {
        let p = Params {
            friction_mu: num(&mut b, 0.1),
            gravity_m_s2: num(&mut b, 10.0),
            restitution_disc: num(&mut b, 0.5),
            restitution_cushion: num(&mut b, 0.5),
            jump_speed_m_s: if b.bool() {
                Some(num(&mut b, 5.0))
            } else {
                None
            },
            max_speed_m_s: num(&mut b, 50.0),
        };
        if let Ok(t) = table.clone().with_params(p) {
            table = t;
        }
    }
    let config = if b.bool() {
        StepConfig {
            dt_s: num(&mut b, 0.005),
            substeps: u32::from(b.u8() % 16) + 1,
            max_time_s: num(&mut b, 10.0),
        }
    } else {
        StepConfig::default()
    };
    let Ok(mut w) = World::new(table, config) else {
        return;
    };
    let (hw, hh) = (w.table().half_width_m(), w.table().half_height_m());
    let mut ids: Vec<DiscId> = Vec::new();
    for _ in 0..b.u8() % 24 {
        let Ok(kind) = DiscKind::new(num(&mut b, 0.02), num(&mut b, 0.01)) else {
            continue;
        };
        let at = Vec2::new(
            (b.f64_mostly_sane() / 8.0) * hw,
            (b.f64_mostly_sane() / 8.0) * hh,
        );
        let v = if b.u8().is_multiple_of(4) {
            Vec2::new(b.f64_mostly_sane(), b.f64_mostly_sane())
        } else {
            Vec2::new(0.0, 0.0)
        };
        let before = w.checksum();
        match w.add_disc(kind, at, v) {
            Ok(id) => ids.push(id),
            Err(_) => assert_eq!(w.checksum(), before, "a refused disc changed the world"),
        }
    }
    check_discs(&w);
    for _ in 0..b.u8() % 4 {
        let id = if ids.is_empty() || b.u8().is_multiple_of(8) {
            DiscId::from_index(u32::from(b.u8()))
        } else {
            ids[usize::from(b.u8()) % ids.len()]
        };
        let before = w.checksum();
        let refused = match b.u8() % 4 {
            0 | 1 => {
                let v = Vec2::new(num(&mut b, 3.0) - 3.0, num(&mut b, 3.0) - 3.0);
                w.strike(id, v).is_err()
            }
            2 => {
                let p = Vec2::new(
                    (b.f64_mostly_sane() / 8.0) * hw,
                    (b.f64_mostly_sane() / 8.0) * hh,
                );
                w.place(id, p).is_err()
            }
            _ => w.remove(id).is_err(),
        };
        if refused {
            assert_eq!(w.checksum(), before, "a refused change altered the world");
        }
    }
    check_discs(&w);
    snapshot_round_trip(&w);
    lean_run_matches_sampled(&w);
    run_and_check(w, 300);
}

/// `run_to_rest`, which runs lean steps back to back inside the solver, against
/// `run_to_rest_sampled`, which takes every step through the step loop: the same run, state,
/// counters and events, bit for bit. Only for runs of at most 5,000 substeps (the fuzzer's
/// coarse or short configurations), within the input's budget.
fn lean_run_matches_sampled(w: &World) {
    let c = w.config();
    if (c.max_time_s / c.dt_s).ceil() * f64::from(c.substeps) > 5_000.0 {
        return;
    }
    let (mut lean, mut sampled) = (w.clone(), w.clone());
    let (mut ev_lean, mut ev_sampled): (Vec<Event>, Vec<Event>) = (Vec::new(), Vec::new());
    let got = lean.run_to_rest(&mut ev_lean);
    let want = sampled.run_to_rest_sampled(&mut ev_sampled, &mut Trajectory::new());
    assert_eq!(
        (got.steps, got.duration_s.to_bits(), got.at_rest),
        (want.steps, want.duration_s.to_bits(), want.at_rest),
        "run_to_rest's summary differs from the sampled run's"
    );
    assert_eq!(
        lean.checksum(),
        sampled.checksum(),
        "run_to_rest's world differs"
    );
    assert_eq!(
        lean.stats(),
        sampled.stats(),
        "run_to_rest's counters differ"
    );
    assert_eq!(ev_lean, ev_sampled, "run_to_rest's events differ");
}

/// Seeds for [`world`].
pub fn world_seeds() -> Vec<Vec<u8>> {
    (0..16u64)
        .map(|i| {
            let mut v = vec![(i % 4) as u8, 128, 128, 0, 0, 0, 12];
            v.extend(crate::seed_bytes(i, 400));
            v
        })
        .collect()
}

/// A crowd of 33 to 200 discs: more pairs than the broadphase lists all at once, so that
/// its grid (dense, or hashed on a table many times wider than the crowd), its pair list and
/// the checks of the discs' true displacements that let a list serve longer all run. One to
/// three sizes on a jittered lattice, most discs slow and some fast (the case where the
/// displacement bound follows a few discs), now and then a strike mid-run. Besides what
/// [`world`] checks at every step (finite states, energy that never grows, discs inside the
/// cushions), no two discs on the table ever overlap: a pair the broadphase failed to list
/// would pass through.
pub fn crowd(data: &[u8]) {
    let mut b = Bytes::new(data);
    let n = 33 + usize::from(b.u8()) % 168;
    let kinds: Vec<DiscKind> = (0..1 + b.u8() % 3)
        .filter_map(|_| {
            let r = 0.004 + f64::from(b.u16()) / 65536.0 * 0.03;
            DiscKind::new(r, 0.002 + f64::from(b.u8()) / 255.0 * 0.02).ok()
        })
        .collect();
    let Some(r_max) = kinds.iter().map(|k| k.radius_m()).reduce(f64::max) else {
        return;
    };
    // A lattice of k x k cells of side s (touching discs at the densest), its square
    // centred on the table.
    let k = (1..).find(|k| k * k >= n).unwrap_or(n);
    let s = 2.0 * r_max * (1.0 + f64::from(b.u8()) / 64.0) + 1e-6;
    let side = k as f64 * s;
    let half = if b.u8().is_multiple_of(4) {
        side * 40.0
    } else {
        side / 2.0
    };
    let Ok(mut table) = Table::new(half, half) else {
        return;
    };
    if b.bool() {
        let p = Params {
            restitution_disc: f64::from(b.u8()) / 255.0,
            restitution_cushion: f64::from(b.u8()) / 255.0,
            ..Params::default()
        };
        if let Ok(t) = table.clone().with_params(p) {
            table = t;
        }
    }
    let config = StepConfig {
        dt_s: b.pick(&[0.001, 1.0 / 60.0, 0.005]),
        substeps: u32::from(b.u8() % 3) + 1,
        ..StepConfig::default()
    };
    let Ok(mut w) = World::new(table, config) else {
        return;
    };
    let fast_one_in = 1 + usize::from(b.u8() % 32);
    let (slow, fast) = (
        f64::from(b.u8()) / 255.0 * 0.5,
        f64::from(b.u8()) / 255.0 * 6.0,
    );
    // Now and then the largest kind only every sixth of the crowd, the smallest elsewhere: a
    // few large discs among many small ones, which the broadphase keeps out of its grid
    // (6 December 2026) when they are more than twice the smallest.
    let few_large = kinds.len() > 1 && b.u8().is_multiple_of(3);
    let by_radius = |a: &&DiscKind, c: &&DiscKind| a.radius_m().total_cmp(&c.radius_m());
    let (Some(&smallest), Some(&largest)) = (
        kinds.iter().min_by(by_radius),
        kinds.iter().max_by(by_radius),
    ) else {
        return;
    };
    let mut ids = Vec::with_capacity(n);
    for i in 0..n {
        let kind = match (few_large, i % (n / 6).max(1) == 0) {
            (true, true) => largest,
            (true, false) => smallest,
            (false, _) => b.pick(&kinds),
        };
        let room = (s / 2.0 - kind.radius_m()).max(0.0) * 0.9;
        let jitter = |b: &mut Bytes<'_>| (f64::from(b.u8()) / 255.0 * 2.0 - 1.0) * room;
        let x = -side / 2.0 + ((i % k) as f64 + 0.5) * s + jitter(&mut b);
        let y = -side / 2.0 + ((i / k) as f64 + 0.5) * s + jitter(&mut b);
        let top = if i % fast_one_in == 0 { fast } else { slow };
        let (dx, dy) = (f64::from(b.u8()) - 127.5, f64::from(b.u8()) - 127.5);
        let speed = top * f64::from(b.u8()) / 255.0 / dx.hypot(dy);
        if let Ok(id) = w.add_disc(kind, Vec2::new(x, y), Vec2::new(dx * speed, dy * speed)) {
            ids.push(id);
        }
    }
    let depth = w.deepest_overlap().map_or(0.0, |(depth, _, _)| depth);
    assert!(depth <= 1e-9, "the lattice overlaps by {depth} m");
    let strike_at = usize::from(b.u8());
    let mut energy = w.kinetic_energy_j();
    for step in 0..200 {
        if step == strike_at && !ids.is_empty() {
            let id = ids[usize::from(b.u8()) % ids.len()];
            let v = Vec2::new(
                f64::from(b.u8()) / 32.0 - 4.0,
                f64::from(b.u8()) / 32.0 - 4.0,
            );
            if w.strike(id, v).is_ok() {
                energy = w.kinetic_energy_j();
            }
        }
        w.step(&mut NoEvents);
        let e = w.kinetic_energy_j();
        assert!(
            e.is_finite() && e <= energy * (1.0 + 1e-9) + 1e-12,
            "kinetic energy went from {energy} to {e} at step {step}"
        );
        energy = e;
        check_discs(&w);
        let depth = w.deepest_overlap().map_or(0.0, |(depth, _, _)| depth);
        assert!(
            depth <= 1e-7,
            "two discs overlap by {depth} m after step {step}"
        );
        if (w.is_at_rest() && step > strike_at) || w.stats().rounds > CROWD_ROUND_BUDGET {
            break;
        }
    }
}

/// Seeds for [`crowd`]: dense and sparse crowds, one to three sizes, a few fast discs.
pub fn crowd_seeds() -> Vec<Vec<u8>> {
    (0..16u64)
        .map(|i| {
            let mut v = vec![(i * 37) as u8, (i % 3) as u8];
            v.extend(crate::seed_bytes(i + 100, 600));
            v
        })
        .collect()
}
