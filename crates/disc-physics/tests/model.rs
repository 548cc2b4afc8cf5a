//! The crate against a second model of its level-0 physics: `data/model/physics_model.py`,
//! an exact event-driven simulation (50-digit decimals) written from docs/physics.md ("The
//! model (level 0)", the events' and parameters' docs) and shared/design/physics.md, not from
//! the solver's source. Each golden file holds random worlds (its header names the model's
//! arguments and seed): 2 to 12 discs of one or two kinds, a sparse table with four cushions,
//! random restitutions in [0.5, 1], random time steps (1 ms to 1/60 s) and substeps (1 to 16),
//! and the model's answer: the events (kind, discs, cushion or pocket, time, contact speed)
//! and the final state. The crate runs the same world through the public API with
//! `World::step` and must agree event by event, times to 1e-9 s, contact speeds to 1e-9
//! relative, and, where the model marks nothing fragile (near-simultaneous events on one
//! disc, grazing contacts, near misses, chaos: see the model's docstring), the final
//! positions to 1e-9 m and velocities to 1e-9 relative. Without friction the model does not
//! depend on the time step, so those cases run at three clocks each (`free_clocks`), which
//! checks that the crate does not either (docs/physics.md: exact times of impact,
//! continuous collision).
//!
//! * `free.jsonl`: no friction, no pockets (Newton restitution, cushions, time order);
//! * `pockets.jsonl`: no friction, the four corner pockets (`Table::with_corner_pockets`):
//!   a disc is pocketed at the instant its centre enters the circle, once;
//! * `friction.jsonl`: friction (mu in [0.02, 0.3]) by the documented chord model, which
//!   depends on the time step and substeps, with corner pockets: `CameToRest` events too;
//! * `line.jsonl`: every disc on one line, with friction: head-on impacts, discs stopped
//!   dead by them;
//! * `walls.jsonl`: no friction, one to three internal walls and posts.
//!
//! A scratch run over more cases: `python3 physics_model.py --seed 7 --cases 5000 > /tmp/r.jsonl`,
//! then `PHYSICS_MODEL_ROWS=/tmp/r.jsonl cargo test --release -p disc-physics --test integration
//! model:: -- --ignored --nocapture` prints the counts (docs/physics.md, "A second model", has them for
//! 48,367 runs).

use disc_physics::{
    DiscId, DiscKind, DiscStatus, Event, EventKind, Params, PocketId, StepConfig, Table, Vec2,
    World,
};
use serde_json::Value;

/// Times of events, seconds.
const TIME_TOL_S: f64 = 1e-9;
/// Final positions, metres.
const POS_TOL_M: f64 = 1e-9;
/// The solver's contact slop, metres (docs/physics.md, "Internal tolerances").
const SLOP_M: f64 = 1e-9;
/// Contact speeds and final velocities, relative to the fastest initial speed (at least 1 m/s).
const SPEED_TOL: f64 = 1e-9;

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("a number, got {v}"))
}

/// The vector of `v[k]` and `v[k + 1]`.
fn vec2(v: &Value, k: usize) -> Vec2 {
    Vec2::new(f(&v[k]), f(&v[k + 1]))
}

/// How a case is run: `steps` calls of `World::step` of `dt_s` in `substeps` substeps.
#[derive(Clone, Copy, Debug)]
struct Clock {
    dt_s: f64,
    substeps: u32,
    steps: u64,
    /// Run with `World::run_to_rest` instead (its own loop, `Solver::run_lean`), for a case
    /// whose discs the model leaves all at rest.
    to_rest: bool,
}

/// The case's own clock.
fn own_clock(case: &Value) -> Clock {
    Clock {
        dt_s: f(&case["dt"]),
        substeps: case["substeps"].as_u64().unwrap() as u32,
        steps: case["steps"].as_u64().unwrap(),
        to_rest: false,
    }
}

/// With friction: the case's own clock, and `run_to_rest` at it when the model ends with
/// every disc at rest.
fn friction_clocks(case: &Value) -> Vec<Clock> {
    let own = own_clock(case);
    let rest = case["final"]
        .as_array()
        .unwrap()
        .iter()
        .all(|d| f(&d[3]) == 0.0 && f(&d[4]) == 0.0);
    if rest {
        vec![
            own,
            Clock {
                to_rest: true,
                ..own
            },
        ]
    } else {
        vec![own]
    }
}

/// Without friction the model does not depend on the time step: the case's own clock and two
/// others over the same run, steps near 1/60 s with one substep and near 5 ms with seven.
fn free_clocks(case: &Value) -> Vec<Clock> {
    let own = own_clock(case);
    let run = own.dt_s * own.steps as f64;
    let other = |per_s: f64, substeps| {
        let steps = (run * per_s).ceil();
        Clock {
            dt_s: run / steps,
            substeps,
            steps: steps as u64,
            to_rest: false,
        }
    };
    vec![own, other(60.0, 1), other(200.0, 7)]
}

/// The world of a case, built through the public API.
fn world(case: &Value, clock: Clock) -> World {
    let t = &case["table"];
    let mut table = Table::new(f(&t["hw"]), f(&t["hh"])).unwrap();
    if let Some(p) = t["pockets"].as_array() {
        table = table.with_corner_pockets(f(&p[0]), f(&p[1])).unwrap();
    }
    for w in t["walls"].as_array().into_iter().flatten() {
        table = table.with_wall(vec2(w, 0), vec2(w, 2), f(&w[4])).unwrap();
    }
    let params = Params {
        friction_mu: f(&t["mu"]),
        gravity_m_s2: f(&t["g"]),
        restitution_disc: f(&t["e_disc"]),
        restitution_cushion: f(&t["e_cushion"]),
        ..Params::default()
    };
    let table = table.with_params(params).unwrap();
    let config = StepConfig {
        dt_s: clock.dt_s,
        substeps: clock.substeps,
        ..StepConfig::default()
    };
    let mut world = World::new(table, config).unwrap();
    for d in case["discs"].as_array().unwrap() {
        let kind = DiscKind::new(f(&d[0]), f(&d[1])).unwrap();
        world.add_disc(kind, vec2(d, 2), vec2(d, 4)).unwrap();
    }
    world
}

/// An event's identity (what happened to whom) and its contact speed, if any.
fn identity(kind: &EventKind) -> (String, Option<f64>) {
    match *kind {
        EventKind::DiscContact {
            first,
            second,
            speed_m_s,
        } => (
            format!("D{},{}", first.index(), second.index()),
            Some(speed_m_s),
        ),
        EventKind::CushionContact {
            disc,
            cushion,
            speed_m_s,
        } => (
            format!("C{},{}", disc.index(), cushion.index()),
            Some(speed_m_s),
        ),
        EventKind::Pocketed { disc, pocket } => {
            (format!("P{},{}", disc.index(), pocket.index()), None)
        }
        EventKind::CameToRest { disc } => (format!("R{}", disc.index()), None),
        other => (format!("{other:?}"), None),
    }
}

/// The model's event (`[kind, time, disc, ...]`), in the same words.
fn model_identity(e: &Value) -> (String, Option<f64>) {
    let a = &e[2];
    match e[0].as_str().unwrap() {
        "D" => (format!("D{a},{}", e[3]), Some(f(&e[4]))),
        "C" => (format!("C{a},{}", e[3]), Some(f(&e[4]))),
        "P" => (format!("P{a},{}", e[3]), None),
        "R" => (format!("R{a}"), None),
        k => panic!("unknown event kind {k}"),
    }
}

/// Whether to print every event's differences (`PHYSICS_MODEL_TRACE`, for a scratch run).
fn trace() -> bool {
    std::env::var_os("PHYSICS_MODEL_TRACE").is_some()
}

/// What one case gave.
#[derive(Debug, Default)]
struct Verdict {
    /// Events of the model compared and matched.
    matched: usize,
    /// Stops by an impact, which the crate may report or not (see `physics_model.py`).
    optional: usize,
    /// Of those, how many the crate reported.
    optional_reported: usize,
    /// The first disagreement, if any.
    disagreement: Option<String>,
    /// Whether the model marked the case fragile (the comparison stopped there).
    fragile: bool,
    /// Whether the comparison stopped at an impact that the contact slop moved.
    slop: bool,
    /// Largest time, speed and position differences seen where they agreed.
    worst: [f64; 3],
}

/// Runs the crate on a case and compares it with the model's answer.
fn compare(case: &Value, clock: Clock) -> Verdict {
    let mut world = world(case, clock);
    let mut events: Vec<Event> = Vec::new();
    if clock.to_rest {
        let run = world.run_to_rest(&mut events);
        assert!(run.at_rest, "{clock:?}: {run:?}");
    } else {
        for _ in 0..clock.steps {
            world.step(&mut events);
        }
    }
    let speed_scale = case["discs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| vec2(d, 4).length())
        .fold(1.0, f64::max);
    let fragile = case["fragile"].as_f64();
    let cut = fragile.map_or(f64::INFINITY, |t| t - TIME_TOL_S);
    let mut v = Verdict {
        fragile: fragile.is_some(),
        ..Verdict::default()
    };
    let h = clock.dt_s / f64::from(clock.substeps);
    let mut used = vec![false; events.len()];
    let mut next = 0; // the first crate event not yet matched
    for e in case["events"].as_array().unwrap() {
        let t = f(&e[1]);
        if t >= cut {
            break;
        }
        let (id, speed) = model_identity(e);
        if e[0] == "R" && e.get(3).is_some_and(|z| z == 1) {
            // A disc stopped dead by an impact: the crate reports it then, or at the end of
            // that substep, or (its floats not cancelling exactly) not at all.
            let late = t + h + TIME_TOL_S;
            let found = (next..events.len())
                .take_while(|&k| events[k].time_s <= late)
                .find(|&k| {
                    !used[k]
                        && events[k].time_s >= t - TIME_TOL_S
                        && identity(&events[k].kind).0 == id
                });
            if let Some(k) = found {
                v.optional_reported += 1;
                used[k] = true;
                while next < events.len() && used[next] {
                    next += 1;
                }
            }
            v.optional += 1;
            continue;
        }
        // Events of (nearly) one instant may come out in another order: look among the crate's
        // unmatched events within the time tolerance.
        let found = (next..events.len())
            .take_while(|&k| events[k].time_s <= t + TIME_TOL_S)
            .find(|&k| {
                !used[k]
                    && (events[k].time_s - t).abs() <= TIME_TOL_S
                    && identity(&events[k].kind).0 == id
            });
        // The solver's contact slop (docs/physics.md, "Internal tolerances": 1 nm): a contact
        // whose gap is below it at a substep's start happens then, up to 1 nm / speed before
        // the exact instant. Where it did, the exact model no longer holds to the digit
        // afterwards: the comparison stops there.
        let early = speed.map_or(0.0, |s| SLOP_M / s);
        let slid = (next..events.len())
            .take_while(|&k| events[k].time_s < t)
            .find(|&k| {
                !used[k]
                    && events[k].time_s >= t - early - TIME_TOL_S
                    && identity(&events[k].kind).0 == id
            });
        if found.is_none() && slid.is_some() {
            v.slop = true;
            return v;
        }
        let Some(k) = found else {
            let got = events
                .get(next)
                .map(|g| format!("{:?} at {}", g.kind, g.time_s));
            v.disagreement = Some(format!(
                "model event {} ({id} at {t}): crate has {}",
                v.matched,
                got.unwrap_or("nothing more".into())
            ));
            return v;
        };
        used[k] = true;
        while next < events.len() && used[next] {
            next += 1;
        }
        v.worst[0] = v.worst[0].max((events[k].time_s - t).abs());
        if trace() {
            let got = identity(&events[k].kind).1.unwrap_or(0.0);
            println!(
                "{id:>8} t {t:.12} dt {:+.2e} ds {:+.2e}",
                events[k].time_s - t,
                got - speed.unwrap_or(0.0)
            );
        }
        if let (Some(s), (_, Some(got))) = (speed, identity(&events[k].kind)) {
            let diff = (got - s).abs() / speed_scale;
            if diff > SPEED_TOL {
                v.disagreement = Some(format!(
                    "model event {} ({id} at {t}): speed {s}, crate {got}",
                    v.matched
                ));
                return v;
            }
            v.worst[1] = v.worst[1].max(diff);
        }
        v.matched += 1;
    }
    // The crate's events before the cut that the model does not have.
    if let Some(k) = (0..events.len()).find(|&k| !used[k] && events[k].time_s < cut) {
        v.disagreement = Some(format!(
            "crate event {:?} at {} that the model does not have",
            events[k].kind, events[k].time_s
        ));
        return v;
    }
    if fragile.is_some() {
        return v;
    }
    for (i, d) in case["final"].as_array().unwrap().iter().enumerate() {
        let id = DiscId::from_index(i as u32);
        let state = world.disc(id).unwrap();
        let st = d[0].as_str().unwrap();
        let want = match st.strip_prefix('P') {
            Some(p) => DiscStatus::Pocketed(PocketId(p.parse().unwrap())),
            None => DiscStatus::OnTable,
        };
        if state.status != want {
            v.disagreement = Some(format!("disc {i}: status {:?}, model {st}", state.status));
            return v;
        }
        if want != DiscStatus::OnTable {
            continue;
        }
        let dp = (state.position - vec2(d, 1)).length();
        let dv = (state.velocity - vec2(d, 3)).length() / speed_scale;
        if dp > POS_TOL_M || dv > SPEED_TOL {
            v.disagreement = Some(format!(
                "disc {i}: position {:?} velocity {:?}, model {d} (off by {dp:e} m, {dv:e})",
                state.position, state.velocity
            ));
            return v;
        }
        v.worst[2] = v.worst[2].max(dp);
        v.worst[1] = v.worst[1].max(dv);
    }
    v
}

/// Counts over a file of cases.
#[derive(Debug, Default)]
struct Tally {
    /// Runs: a case at one clock.
    cases: usize,
    events: usize,
    full: usize,
    fragile: usize,
    /// Runs whose comparison stopped at an impact that the contact slop moved.
    slop: usize,
    optional: [usize; 2],
    disagree: Vec<(u64, String)>,
    worst: [f64; 3],
}

/// Compares every case of `rows` at each of the clocks `clocks` gives it (a run each).
fn tally(rows: &str, clocks: fn(&Value) -> Vec<Clock>) -> Tally {
    let mut t = Tally::default();
    let cases = rows
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|line| serde_json::from_str::<Value>(line).unwrap());
    for (case, clock) in cases.flat_map(|c| clocks(&c).into_iter().map(move |k| (c.clone(), k))) {
        let v = compare(&case, clock);
        t.cases += 1;
        t.events += v.matched;
        t.optional[0] += v.optional;
        t.optional[1] += v.optional_reported;
        for k in 0..3 {
            t.worst[k] = t.worst[k].max(v.worst[k]);
        }
        match v.disagreement {
            Some(d) => t.disagree.push((case["case"].as_u64().unwrap(), d)),
            None if v.slop => t.slop += 1,
            None if v.fragile => t.fragile += 1,
            None => t.full += 1,
        }
    }
    t
}

fn check_file(name: &str, rows: &str, clocks: fn(&Value) -> Vec<Clock>) -> Tally {
    let t = tally(rows, clocks);
    assert!(
        t.disagree.is_empty(),
        "{name}: {} of {} cases disagree: {:?}",
        t.disagree.len(),
        t.cases,
        t.disagree
    );
    t
}

/// Newton restitution (e_d, e_c), exact times of impact, time order, cushions: no friction,
/// so the answer is the same at every time step and substep count; each case runs at its
/// own clock and at two others (`free_clocks`).
#[test]
fn frictionless_discs_and_cushions_agree_with_the_second_model() {
    let t = check_file(
        "free.jsonl",
        include_str!("data/model/free.jsonl"),
        free_clocks,
    );
    assert!(t.cases >= 90 && t.full >= 30 && t.events >= 1500, "{t:?}");
}

/// Corner pockets: pocketed at the instant the centre enters the circle (docs/physics.md,
/// "Pockets"), off the table from then on; each case at three clocks, as above.
#[test]
fn corner_pockets_agree_with_the_second_model() {
    let rows = include_str!("data/model/pockets.jsonl");
    let t = check_file("pockets.jsonl", rows, free_clocks);
    assert!(t.cases >= 120 && t.full >= 75 && t.events >= 1200, "{t:?}");
    assert!(rows.matches("[\"P\",").count() >= 10, "cases pocket discs");
}

/// Internal walls and posts (`Table::with_wall`: capsules around a segment, lines of zero
/// thickness, posts of zero length), restitution e_c like the cushions (docs/physics.md,
/// "Impacts": swept circles against lines and capsules); no friction, three clocks a case.
#[test]
fn walls_and_posts_agree_with_the_second_model() {
    let rows = include_str!("data/model/walls.jsonl");
    let t = check_file("walls.jsonl", rows, free_clocks);
    assert!(t.cases >= 48 && t.full >= 20 && t.events >= 600, "{t:?}");
    let walls = rows
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .flat_map(|c| c["events"].as_array().unwrap().clone())
        .filter(|e| e[0] == "C" && e[3].as_u64().unwrap() >= 4)
        .count();
    assert!(walls >= 50, "contacts with walls: {walls}");
}

/// Friction, the chord model (docs/physics.md, "Friction, exact sliding"): a moving disc
/// slides each substep at `s - a h / 2` and ends it at `s - a h`, or stops exactly at `s / a`
/// with a `CameToRest` event; after an impact at t into the substep its speed at the end is
/// its new speed less `a (h - t) / 2`. This model depends on the time step and substeps, so
/// the cases draw both. With corner pockets.
#[test]
fn friction_and_pockets_agree_with_the_second_model() {
    let rows = include_str!("data/model/friction.jsonl");
    let t = check_file("friction.jsonl", rows, friction_clocks);
    assert!(t.cases >= 50 && t.full >= 30 && t.events >= 500, "{t:?}");
    assert!(rows.matches("[\"R\",").count() >= 100, "discs come to rest");
}

/// Head-on impacts: every disc on one line, one kind, with friction, half the cases with
/// e_d = 1, where equal masses exchange velocities and the striking disc stops dead
/// (`CameToRest` at the impact, or at that substep's end where the floats leave it a speed of
/// some 1e-16 m/s, after which it stops there: "a disc slower than that stops at the end").
#[test]
fn head_on_impacts_on_a_line_agree_with_the_second_model() {
    let rows = include_str!("data/model/line.jsonl");
    let t = check_file("line.jsonl", rows, friction_clocks);
    assert!(t.cases >= 25 && t.full >= 20 && t.events >= 300, "{t:?}");
    assert!(t.optional[1] >= 50, "discs stopped dead by impacts: {t:?}");
}

/// The scratch comparison over a file named by `PHYSICS_MODEL_ROWS` (see the module docs).
#[test]
#[ignore = "a scratch run over a file the model writes"]
fn scratch_comparison_with_the_second_model() {
    let Ok(path) = std::env::var("PHYSICS_MODEL_ROWS") else {
        return;
    };
    let rows = std::fs::read_to_string(&path).unwrap();
    // Cases without friction at three clocks, with friction at their own (and to rest).
    let t = tally(&rows, |c| {
        if f(&c["table"]["mu"]) == 0.0 {
            free_clocks(c)
        } else {
            friction_clocks(c)
        }
    });
    println!(
        "{path}: {} runs (cases without friction at three clocks), {} events matched (and {} stops by an impact, {} of them reported), {} agree fully, {} agree up to a fragile point, {} up to an impact the contact slop moved, {} disagree; worst time {:e} s, speed {:e}, position {:e} m",
        t.cases,
        t.events,
        t.optional[0],
        t.optional[1],
        t.full,
        t.fragile,
        t.slop,
        t.disagree.len(),
        t.worst[0],
        t.worst[1],
        t.worst[2]
    );
    for (case, d) in t.disagree.iter().take(40) {
        println!("case {case}: {d}");
    }
}
