//! Issue 15, items 6 and 7, and their class: every physical parameter has a documented range
//! (`disc_physics::limits`), enforced at every entry point (constructors, setters, serde);
//! NaN, infinities, subnormals and absurd values are refused with a typed error; a run to
//! rest always ends within a bounded number of steps. Proptests: arbitrary parameters are
//! either refused or give finite results.

use disc_physics::{
    ConfigError, DiscKind, KindError, NoEvents, Params, PlaceError, StepConfig, StrikeError, Table,
    TableError, Vec2, World, limits,
};
use proptest::prelude::*;

/// Values outside every range: NaN, infinities, subnormals, negatives, absurdly large.
const HOSTILE: [f64; 9] = [
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    1e-320,
    -1e-320,
    f64::MIN_POSITIVE / 2.0,
    -1.0,
    1e300,
    f64::MAX,
];

fn table() -> Table {
    Table::new(0.5, 0.5).unwrap()
}

fn config(dt_s: f64, substeps: u32, max_time_s: f64) -> StepConfig {
    StepConfig {
        dt_s,
        substeps,
        max_time_s,
    }
}

#[test]
fn regression_a_subnormal_mass_was_accepted_and_gave_nan_positions() {
    // Issue 15.6: DiscKind::new(2.0, 1e-320) was accepted; 1 / m is infinite, and a run then
    // produced NaN positions and velocities.
    assert_eq!(
        DiscKind::new(2.0, 1e-320),
        Err(KindError::Mass(1e-320)),
        "a subnormal mass"
    );
    // The lightest and heaviest discs allowed, at the speed limit, collide finitely.
    let p = Params {
        max_speed_m_s: *limits::SPEED_M_S.end(),
        ..Params::default()
    };
    let t = Table::new(10.0, 10.0).unwrap().with_params(p).unwrap();
    let mut w = World::new(t, StepConfig::default()).unwrap();
    let light = DiscKind::new(*limits::RADIUS_M.start(), *limits::MASS_KG.start()).unwrap();
    let heavy = DiscKind::new(1.0, *limits::MASS_KG.end()).unwrap();
    let v = *limits::SPEED_M_S.end();
    w.add_disc(light, Vec2::new(0.0, 0.0), Vec2::new(-v, 0.0))
        .unwrap();
    w.add_disc(heavy, Vec2::new(-5.0, 0.0), Vec2::new(v, 0.0))
        .unwrap();
    w.add_disc(light, Vec2::new(3.0, 0.5), Vec2::new(0.0, -v))
        .unwrap();
    for _ in 0..2000 {
        w.step(&mut NoEvents);
        assert_finite(&w);
    }
    assert!(w.stats().impacts > 0, "the discs never met");
}

#[test]
fn regression_a_run_cap_of_1e30_s_was_accepted_and_ran_1e33_steps() {
    // Issue 15.7: StepConfig { max_time_s: 1e30, .. } was accepted; with zero friction
    // run_to_rest then ran about 10^33 steps.
    let c = config(0.001, 1, 1e30);
    assert_eq!(
        World::new(table(), c).unwrap_err(),
        ConfigError::MaxTime(1e30)
    );
    // In range each, too long together: 1e6 s at 1 us is 1e12 steps.
    let c = config(1e-6, 1, 1e6);
    assert!(matches!(
        World::new(table(), c),
        Err(ConfigError::RunTooLong(_))
    ));
    // Substeps count towards the cap: 1e5 steps of 10000 substeps each.
    let c = config(0.001, 10_000, 100.0);
    assert!(matches!(c.validate(), Err(ConfigError::RunTooLong(_))));
    // The longest run allowed at 1 ms is just under 1e5 s; at 1 s, the whole range.
    assert!(config(0.001, 1, 99_999.0).validate().is_ok());
    assert!(config(0.001, 1, 1e5).validate().is_err());
    assert!(config(1.0, 99, 1e6).validate().is_ok());
    // Zero friction, nothing to stop the discs: the run ends at the cap.
    let p = Params {
        friction_mu: 0.0,
        ..Params::default()
    };
    let t = table().with_params(p).unwrap();
    let mut w = World::new(t, config(0.001, 1, 2.0)).unwrap();
    let coin = DiscKind::new(0.0159, 0.0055).unwrap();
    w.add_disc(coin, Vec2::ZERO, Vec2::new(0.7, 0.3)).unwrap();
    let run = w.run_to_rest(&mut NoEvents);
    assert!(!run.at_rest);
    assert!((2000..=2001).contains(&run.steps), "{run:?}");
}

#[test]
fn every_disc_kind_value_outside_its_range_is_refused() {
    for bad in HOSTILE.into_iter().chain([0.0, 5e-5, 101.0]) {
        assert!(
            matches!(DiscKind::new(bad, 0.01), Err(KindError::Radius(_))),
            "radius {bad}"
        );
    }
    for bad in HOSTILE.into_iter().chain([0.0, 5e-7, 2e6]) {
        assert!(
            matches!(DiscKind::new(0.01, bad), Err(KindError::Mass(_))),
            "mass {bad}"
        );
    }
    for r in [*limits::RADIUS_M.start(), *limits::RADIUS_M.end()] {
        for m in [*limits::MASS_KG.start(), *limits::MASS_KG.end()] {
            assert!(DiscKind::new(r, m).is_ok(), "{r} {m}");
        }
    }
}

#[test]
fn every_table_value_outside_its_range_is_refused() {
    for bad in HOSTILE.into_iter().chain([0.0, 5e-4, 2e4]) {
        assert!(
            matches!(Table::new(bad, 1.0), Err(TableError::HalfSize(_))),
            "{bad}"
        );
        assert!(
            matches!(Table::new(1.0, bad), Err(TableError::HalfSize(_))),
            "{bad}"
        );
    }
    for bad in HOSTILE.into_iter().chain([0.0, 5e-5]) {
        assert!(
            matches!(
                table().with_pocket(Vec2::ZERO, bad),
                Err(TableError::PocketRadius(_))
            ),
            "{bad}"
        );
    }
    for bad in HOSTILE.into_iter().chain([5e-7, 2e4]) {
        assert!(
            matches!(
                table().with_wall(Vec2::ZERO, Vec2::new(0.1, 0.0), bad),
                Err(TableError::WallThickness(_))
            ),
            "{bad}"
        );
    }
    // Coordinates: NaN, infinite, subnormal or outside the cushions.
    for bad in HOSTILE.into_iter().chain([0.6]) {
        if bad == -1.0 {
            continue; // inside the cushions
        }
        assert_eq!(
            table().with_pocket(Vec2::new(bad, 0.0), 0.05),
            Err(TableError::PocketCentre),
            "{bad}"
        );
        assert_eq!(
            table().with_wall(Vec2::new(0.0, bad), Vec2::ZERO, 0.01),
            Err(TableError::WallEnd),
            "{bad}"
        );
    }
    assert!(
        table()
            .with_wall(Vec2::ZERO, Vec2::new(0.1, 0.0), 0.0)
            .is_ok()
    );
}

/// Whether an error is the right one.
type IsRight = fn(&TableError) -> bool;

/// Each field of `Params` set to `bad`, with the error it must give.
fn params_with(bad: f64) -> Vec<(Params, IsRight)> {
    let d = Params::default();
    vec![
        (
            Params {
                friction_mu: bad,
                ..d
            },
            |e| matches!(e, TableError::Friction(_)),
        ),
        (
            Params {
                gravity_m_s2: bad,
                ..d
            },
            |e| matches!(e, TableError::Gravity(_)),
        ),
        (
            Params {
                restitution_disc: bad,
                ..d
            },
            |e| matches!(e, TableError::Restitution(_)),
        ),
        (
            Params {
                restitution_cushion: bad,
                ..d
            },
            |e| matches!(e, TableError::CushionRestitution(_)),
        ),
        (
            Params {
                jump_speed_m_s: Some(bad),
                ..d
            },
            |e| matches!(e, TableError::JumpSpeed(_)),
        ),
        (
            Params {
                max_speed_m_s: bad,
                ..d
            },
            |e| matches!(e, TableError::MaxSpeed(_)),
        ),
    ]
}

#[test]
fn every_parameter_outside_its_range_is_refused() {
    for bad in HOSTILE {
        for (p, is_right) in params_with(bad) {
            let err = table().with_params(p).unwrap_err();
            assert!(is_right(&err), "{p:?} gave {err:?}");
            assert_eq!(
                format!("{:?}", p.validate()),
                format!("{:?}", Err::<(), _>(err))
            );
        }
    }
    // Beyond the top of each range.
    for (p, _) in params_with(11.0).into_iter().take(1) {
        assert!(p.validate().is_err(), "{p:?}");
    }
    for (p, _) in params_with(2000.0).into_iter().skip(1) {
        assert!(p.validate().is_err(), "{p:?}");
    }
    // Zero is a value for friction, gravity and restitution, never for the speeds.
    let zeros = params_with(0.0);
    for (p, _) in &zeros[..4] {
        assert!(p.validate().is_ok(), "{p:?}");
    }
    for (p, _) in &zeros[4..] {
        assert!(p.validate().is_err(), "{p:?}");
    }
}

#[test]
fn every_step_config_value_outside_its_range_is_refused() {
    for bad in HOSTILE.into_iter().chain([0.0, 5e-7, 2.0]) {
        assert!(
            matches!(
                World::new(table(), config(bad, 1, 60.0)),
                Err(ConfigError::Dt(_))
            ),
            "dt {bad}"
        );
    }
    for bad in HOSTILE.into_iter().chain([0.0, 5e-7, 2e6]) {
        assert!(
            matches!(
                World::new(table(), config(0.001, 1, bad)),
                Err(ConfigError::MaxTime(_))
            ),
            "max time {bad}"
        );
    }
    for bad in [0, 10_001, u32::MAX] {
        assert_eq!(
            config(0.001, bad, 1.0).validate(),
            Err(ConfigError::Substeps(bad))
        );
    }
}

#[test]
fn positions_and_velocities_outside_their_ranges_are_refused_and_change_nothing() {
    let mut w = World::new(table(), StepConfig::default()).unwrap();
    let coin = DiscKind::new(0.0159, 0.0055).unwrap();
    let id = w.add_disc(coin, Vec2::ZERO, Vec2::ZERO).unwrap();
    let before = w.checksum();
    for bad in [1e-320, -1e-320, f64::MIN_POSITIVE / 4.0] {
        let p = Vec2::new(0.2, bad);
        assert_eq!(
            w.add_disc(coin, p, Vec2::ZERO),
            Err(PlaceError::SubnormalPosition(bad))
        );
        assert_eq!(w.place(id, p), Err(PlaceError::SubnormalPosition(bad)));
        assert_eq!(
            w.check_placement(coin, p, None),
            Err(PlaceError::SubnormalPosition(bad))
        );
        let v = Vec2::new(bad, 1.0);
        assert_eq!(
            w.add_disc(coin, Vec2::new(0.2, 0.2), v),
            Err(PlaceError::SubnormalVelocity(bad))
        );
        assert_eq!(w.strike(id, v), Err(StrikeError::SubnormalVelocity(bad)));
    }
    for bad in [f64::NAN, f64::INFINITY] {
        assert_eq!(
            w.strike(id, Vec2::new(0.0, bad)),
            Err(StrikeError::NonFiniteVelocity)
        );
        assert_eq!(
            w.add_disc(coin, Vec2::new(bad, 0.0), Vec2::ZERO),
            Err(PlaceError::NonFinitePosition)
        );
    }
    assert!(matches!(
        w.strike(id, Vec2::new(0.0, 101.0)),
        Err(StrikeError::TooFast(_))
    ));
    assert_eq!(w.checksum(), before);
    assert_eq!(w.len(), 1);
}

fn assert_finite(w: &World) {
    let (hx, hy) = (w.table().half_width_m(), w.table().half_height_m());
    for d in w.discs() {
        assert!(
            d.position.is_finite() && d.velocity.is_finite(),
            "disc {:?} not finite: {d:?}",
            d.id
        );
        if d.on_table() {
            assert!(
                d.position.x.abs() <= hx && d.position.y.abs() <= hy,
                "disc {:?} outside: {d:?}",
                d.id
            );
        }
    }
    assert!(w.kinetic_energy_j().is_finite() && w.momentum().is_finite());
}

/// A number: anything at all, or one inside (or at the edge of) a range.
fn number(range: std::ops::RangeInclusive<f64>) -> impl Strategy<Value = f64> {
    let (lo, hi) = (*range.start(), *range.end());
    prop_oneof![
        1 => any::<f64>(),
        1 => Just(lo),
        1 => Just(hi),
        1 => Just(0.0),
        1 => Just(1e-320),
        6 => lo..=hi,
        // Log-uniform over the range, so small values are drawn too.
        6 => (lo.ln()..=hi.ln()).prop_map(f64::exp),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_parameters_are_refused_or_give_finite_results(
        half in (number(limits::HALF_SIZE_M), number(limits::HALF_SIZE_M)),
        mu in number(limits::FRICTION_MU),
        g in number(limits::GRAVITY_M_S2),
        e in (number(limits::RESTITUTION), number(limits::RESTITUTION)),
        speeds in (number(limits::SPEED_M_S), proptest::option::of(number(limits::SPEED_M_S))),
        step in (number(limits::DT_S), prop_oneof![6 => 1u32..4, 1 => any::<u32>()], number(limits::MAX_TIME_S)),
        discs in proptest::collection::vec(
            (number(limits::RADIUS_M), number(limits::MASS_KG), any::<(f64, f64)>(), -1.0f64..1.0, -1.0f64..1.0, number(limits::SPEED_M_S)),
            1..6,
        ),
    ) {
        let params = Params {
            friction_mu: mu,
            gravity_m_s2: g,
            restitution_disc: e.0,
            restitution_cushion: e.1,
            jump_speed_m_s: speeds.1,
            max_speed_m_s: speeds.0,
        };
        let Ok(t) = Table::new(half.0, half.1).and_then(|t| t.with_params(params)) else {
            prop_assert!(params.validate().is_err() || Table::new(half.0, half.1).is_err());
            return Ok(());
        };
        let config = StepConfig { dt_s: step.0, substeps: step.1, max_time_s: step.2 };
        let Ok(mut w) = World::new(t, config) else {
            prop_assert!(config.validate().is_err());
            return Ok(());
        };
        for &(r, m, (fx, fy), ux, uy, s) in &discs {
            let Ok(kind) = DiscKind::new(r, m) else { continue };
            // Anywhere on the table (or a hostile coordinate), any direction.
            let pos = |f: f64, h: f64| if f.is_finite() { (f % 1.0) * h } else { f };
            let p = Vec2::new(pos(fx, half.0), pos(fy, half.1));
            let _ = w.add_disc(kind, p, Vec2::new(ux * s, uy * s));
        }
        let steps = (w.config().max_time_s / w.config().dt_s).ceil() as u64 + 1;
        // Few substeps per case: at most 400 steps, fewer when they have many substeps.
        let budget = (2000 / u64::from(w.config().substeps)).clamp(1, 400);
        for _ in 0..steps.min(budget) {
            w.step(&mut NoEvents);
        }
        assert_finite(&w);
    }

    #[test]
    fn a_run_to_rest_never_takes_more_than_its_cap(
        dt in 1e-4f64..0.05,
        substeps in 1u32..4,
        max_time in 1e-4f64..0.5,
        mu in prop_oneof![Just(0.0), 1e-6f64..0.2],
        vx in -3.0f64..3.0,
    ) {
        let p = Params { friction_mu: mu, ..Params::default() };
        let t = table().with_params(p).unwrap();
        let c = StepConfig { dt_s: dt, substeps, max_time_s: max_time };
        let mut w = World::new(t, c).unwrap();
        let coin = DiscKind::new(0.0159, 0.0055).unwrap();
        w.add_disc(coin, Vec2::ZERO, Vec2::new(vx, 0.5)).unwrap();
        let run = w.run_to_rest(&mut NoEvents);
        prop_assert!(run.steps <= (max_time / dt).ceil() as u64 + 1, "{:?}", run);
        prop_assert!(run.at_rest || run.duration_s >= max_time, "{:?}", run);
    }
}

#[cfg(feature = "serde")]
mod serde_checks {
    //! Deserialization goes through the same checks as the constructors.

    use super::*;
    use serde_json::{Value, json};

    /// `json` with `field` replaced by `value` (a JSON number, or null for NaN/infinity,
    /// which JSON cannot hold).
    fn with(mut v: Value, path: &[&str], value: f64) -> String {
        let mut at = &mut v;
        for p in path {
            at = &mut at[*p];
        }
        *at = serde_json::Number::from_f64(value).map_or(Value::Null, Value::Number);
        v.to_string()
    }

    #[test]
    fn deserialized_parameters_are_checked_like_the_constructors() {
        let kind = json!({"radius_m": 0.0159, "mass_kg": 0.0055});
        let params = serde_json::to_value(Params::default()).unwrap();
        let step = serde_json::to_value(StepConfig::default()).unwrap();
        let t =
            serde_json::to_value(table().with_pocket(Vec2::new(0.4, 0.4), 0.05).unwrap()).unwrap();
        for bad in HOSTILE {
            for f in ["radius_m", "mass_kg"] {
                let s = with(kind.clone(), &[f], bad);
                assert!(serde_json::from_str::<DiscKind>(&s).is_err(), "{s}");
            }
            for f in [
                "friction_mu",
                "gravity_m_s2",
                "restitution_disc",
                "restitution_cushion",
                "jump_speed_m_s",
                "max_speed_m_s",
            ] {
                if f == "jump_speed_m_s" && !bad.is_finite() {
                    continue; // null is `None`, a valid jump speed
                }
                let s = with(params.clone(), &[f], bad);
                assert!(serde_json::from_str::<Params>(&s).is_err(), "{s}");
            }
            for f in ["dt_s", "max_time_s"] {
                let s = with(step.clone(), &[f], bad);
                assert!(serde_json::from_str::<StepConfig>(&s).is_err(), "{s}");
            }
            for path in [
                &["half_width_m"][..],
                &["params", "friction_mu"],
                &["pockets", "0", "radius_m"],
            ] {
                let mut v = t.clone();
                if path[0] == "pockets" {
                    v["pockets"][0]["radius_m"] =
                        serde_json::Number::from_f64(bad).map_or(Value::Null, Value::Number);
                    let s = v.to_string();
                    assert!(serde_json::from_str::<Table>(&s).is_err(), "{s}");
                } else {
                    let s = with(v, path, bad);
                    assert!(serde_json::from_str::<Table>(&s).is_err(), "{s}");
                }
            }
        }
        let s = with(step.clone(), &["max_time_s"], 1e30);
        assert!(serde_json::from_str::<StepConfig>(&s).is_err(), "{s}");
        let mut v = t.clone();
        v["pockets"][0]["centre"]["x"] = json!(0.6);
        assert!(serde_json::from_str::<Table>(&v.to_string()).is_err());
        // The valid values come back exactly.
        let t2: Table = serde_json::from_value(t.clone()).unwrap();
        assert_eq!(serde_json::to_value(&t2).unwrap(), t);
        let p2: Params = serde_json::from_value(params.clone()).unwrap();
        assert_eq!(p2, Params::default());
        let c2: StepConfig = serde_json::from_value(step).unwrap();
        assert_eq!(c2, StepConfig::default());
    }
}

/// Found by libFuzzer (`physics_world`, 4 Dec 2026): a disc added at 2.1e-161 m/s (both
/// components normal, so accepted) got a direction 0.1 % off unit, because the squares of
/// its components fell below the normal range and lost most of their bits; the world's
/// snapshot then did not read back. Velocities that slow are now scaled by a power of two
/// before their length is taken: the direction is a unit vector to rounding, the snapshot
/// reads back, and the world runs on. Its class: `Vec2::length` and `Vec2::normalized` of
/// very short (or very long) vectors.
#[test]
fn regression_a_disc_added_at_2e_161_m_s_got_a_direction_off_unit() {
    let mut w = World::new(table(), StepConfig::default()).unwrap();
    for v in [
        Vec2::new(2.6e-146, -2.1e-161),
        Vec2::new(0.0, -2.1e-161),
        Vec2::new(3e-170, 4e-170),
        Vec2::new(-1e-300, 1e-300),
    ] {
        let id = w
            .add_disc(DiscKind::new(0.01, 0.005).unwrap(), Vec2::ZERO, v)
            .unwrap();
        let d = w.disc(id).unwrap();
        let speed = d.velocity.length();
        assert!(
            (speed / v.length() - 1.0).abs() < 1e-15,
            "{v:?}: speed {speed:e}"
        );
        #[cfg(feature = "serde")]
        {
            let text = serde_json::to_string(&w).unwrap();
            let back: World = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{v:?}: {e}"));
            assert_eq!(back.checksum(), w.checksum());
        }
        w.remove(id).unwrap();
    }
    w.run_to_rest(&mut NoEvents);

    for (v, len) in [
        (Vec2::new(3e-170, 4e-170), 5e-170),
        (Vec2::new(3e200, 4e200), 5e200),
        (Vec2::new(3e-320, 4e-320), 5e-320),
    ] {
        let got = v.length();
        assert!((got / len - 1.0).abs() < 1e-3, "{v:?}: {got:e}");
        let u = v.normalized().unwrap();
        assert!((u.length_squared() - 1.0).abs() < 1e-15, "{v:?}: {u:?}");
    }
    // Vectors in the normal range give the same bits as before.
    let v = Vec2::new(0.3, -0.4);
    assert_eq!(v.length().to_bits(), v.length_squared().sqrt().to_bits());
}

/// A box that just holds a touching lattice of 36 perfectly inelastic discs (restitution 0,
/// elastic walls), started at random speeds: an inelastic collapse, ever more impacts at ever
/// shorter intervals, so a substep runs to the round cap (10,000 plus 1,000 a moving disc:
/// 46,000 here). The cap bounds the step's work, counted in rounds, not timed; the state stays
/// finite. docs/physics.md, "What a step can cost".
#[test]
fn an_inelastic_collapse_in_a_box_is_bounded_by_the_round_cap() {
    let kind = DiscKind::new(0.01, 0.01).unwrap();
    let (k, s) = (6usize, 0.02 + 1e-6);
    let half = k as f64 * s / 2.0 + 0.001;
    let p = Params {
        restitution_disc: 0.0,
        restitution_cushion: 1.0,
        ..Params::default()
    };
    let table = Table::new(half, half).unwrap().with_params(p).unwrap();
    let mut w = World::new(table, config(1.0 / 60.0, 1, 60.0)).unwrap();
    let mut x = 12345u64;
    for i in 0..k * k {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let vx = ((x % 1000) as f64 / 1000.0 - 0.5) * 2.0;
        let vy = (((x / 1000) % 1000) as f64 / 1000.0 - 0.5) * 2.0;
        let at = Vec2::new(
            -half + 0.001 + ((i % k) as f64 + 0.5) * s,
            -half + 0.001 + ((i / k) as f64 + 0.5) * s,
        );
        w.add_disc(kind, at, Vec2::new(vx, vy)).unwrap();
    }
    w.step(&mut NoEvents);
    assert_eq!(
        w.stats().rounds,
        10_000 + 1_000 * 36,
        "the first step runs to the cap"
    );
    assert_eq!(w.stats().capped_substeps, 1);
    assert_finite(&w);
}

/// Regression (API audit, 5 Dec 2026): the run cap was documented as "⌈max_time_s / dt_s⌉ ×
/// substeps ≤ 10⁸" (`limits::MAX_RUN_SUBSTEPS`, `StepConfig::max_time_s`,
/// `ConfigError::RunTooLong` and docs/physics.md), but `StepConfig::validate` counts the one
/// step more that a run can take for the rounding of its accumulated time, as it must for
/// the cap to hold: 1 s steps of 100 substeps for 10⁶ s are 10⁸ substeps by the documented
/// formula and were refused with 100000100 "= max_time_s / dt_s x substeps". The texts now
/// give (⌈max_time_s / dt_s⌉ + 1) × substeps, which is what is checked.
#[test]
fn regression_the_run_cap_was_documented_without_its_extra_step() {
    // The boundary, exactly: (999,999 + 1) x 100 = 1e8 passes, (1e6 + 1) x 100 does not.
    assert_eq!(config(1.0, 100, 999_999.0).validate(), Ok(()));
    let err = config(1.0, 100, 1e6).validate().unwrap_err();
    assert_eq!(err, ConfigError::RunTooLong(100_000_100.0));
    let message = err.to_string();
    assert!(
        message.contains("(ceil(max_time_s / dt_s) + 1) x substeps = 100000100"),
        "{message}"
    );
    // Why the extra step counts: ten steps of 0.01 s add up to 0.09999999999999999 s, so a
    // run capped at 0.1 s without friction takes ceil(0.1 / 0.01) + 1 = 11 steps.
    assert_eq!((0.1f64 / 0.01).ceil(), 10.0);
    let p = Params {
        friction_mu: 0.0,
        ..Params::default()
    };
    let mut w = World::new(table().with_params(p).unwrap(), config(0.01, 1, 0.1)).unwrap();
    let coin = DiscKind::new(0.0159, 0.0055).unwrap();
    w.add_disc(coin, Vec2::ZERO, Vec2::new(0.3, 0.1)).unwrap();
    let run = w.run_to_rest(&mut NoEvents);
    assert_eq!((run.steps, run.at_rest), (11, false), "{run:?}");
}
