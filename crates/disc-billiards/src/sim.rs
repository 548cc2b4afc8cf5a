//! Running a stroke through disc-physics and turning its events into an [`Outcome`].

use disc_physics::{
    CushionId, DiscKind, DiscStatus, Event, EventKind, Params, StepConfig, Table, Trajectory, Vec2,
    World,
};

use crate::discs::{DiscId, MAX_DISCS, seat_compass};
use crate::geometry::Compass;
use crate::outcome::{Body, Outcome, StrokeEvent};
use crate::rules::Rules;
use crate::state::State;
use crate::stroke::Stroke;

/// The physical model a game runs its strokes on (what is not a rule): friction, restitution,
/// the jump speed above which a disc leaves the table, the time step. Set with
/// [`crate::Novuss::with_physics`]; the same type as carrom's.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Novuss, Params, PhysicsConfig, Rules};
/// let flying = PhysicsConfig {
///     params: Params { jump_speed_m_s: Some(3.0), ..Params::default() },
///     ..PhysicsConfig::default()
/// };
/// let game = Novuss::new(Rules::lattjo())?.with_physics(flying)?;
/// assert_eq!(game.physics().params.jump_speed_m_s, Some(3.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PhysicsConfig {
    /// disc-physics's parameters (its defaults: mu = 0.10, restitution 0.90 between discs and
    /// 0.75 at the cushions, no jumping: the planar model, where nothing leaves the table).
    pub params: Params,
    /// Time step and simulated-time cap.
    pub step: StepConfig,
}

/// The most substeps one stroke's run to rest may take under a game's [`PhysicsConfig`]:
/// (⌈`max_time_s` / `dt_s`⌉ + 1) × `substeps` ([`StepConfig::run_substeps`]) at most
/// 1,000,000, 16 times the default's 60,001 (1 ms steps for 60 s; 0.1 ms steps for 60 s, or
/// 16 substeps of the default step, still fit). The same bound as carrom's.
///
/// disc-physics accepts runs of up to 10⁸ substeps, and a stroke runs to that cap when its
/// discs keep moving (a table without friction): with a run of 10⁸ substeps one such stroke
/// costs seconds, and a traced stroke ([`crate::Novuss::trace`]), which keeps a sample per
/// moving disc per step, gigabytes (the carrom crate's `MAX_STROKE_SUBSTEPS` gives the figures
/// measured there).
pub const MAX_STROKE_SUBSTEPS: u64 = 1_000_000;

/// Why a physics configuration was refused.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Novuss, PhysicsConfig, PhysicsConfigError};
/// let mut bad = PhysicsConfig::default();
/// bad.params.friction_mu = f64::NAN;
/// assert!(matches!(Novuss::default().with_physics(bad), Err(PhysicsConfigError::Table(_))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PhysicsConfigError {
    /// Parameters disc-physics refuses.
    #[error("invalid physical parameters: {0}")]
    Table(#[from] disc_physics::TableError),
    /// An invalid time step.
    #[error("invalid time step: {0}")]
    Step(#[from] disc_physics::ConfigError),
    /// A top speed ([`Params::max_speed_m_s`](disc_physics::Params)) below the rules' top
    /// stroke speed ([`crate::Rules::max_speed`]): the physics would refuse strokes the
    /// rules allow.
    #[error("the physics' top speed {physics} m/s is below the strokes' {strokes} m/s")]
    MaxSpeed {
        /// The physics' top speed, m/s.
        physics: f64,
        /// The rules' top stroke speed, m/s.
        strokes: f64,
    },
    /// A time step whose run to rest could take more than [`MAX_STROKE_SUBSTEPS`] substeps
    /// (disc-physics accepts up to 10⁸, which makes one stroke cost seconds and a traced
    /// stroke gigabytes).
    #[error(
        "a stroke could run (ceil(max_time_s / dt_s) + 1) x substeps = {substeps} substeps, more than the game's {max}"
    )]
    RunTooLong {
        /// The run's substeps ([`StepConfig::run_substeps`]).
        substeps: u64,
        /// [`MAX_STROKE_SUBSTEPS`].
        max: u64,
    },
}

/// The physics refused the table or the stroke (it should not, for a validated state and
/// stroke; the message says what it refused).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::PlayError;
/// // What the physics refused, from a stroke's error.
/// fn refused(e: &PlayError) -> Option<&str> {
///     match e {
///         PlayError::Physics(p) => Some(p.0.as_str()),
///         _ => None,
///     }
/// }
/// assert_eq!(refused(&PlayError::OtherRules), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the physics refused the stroke: {0}")]
#[non_exhaustive]
pub struct PhysicsError(pub String);

fn err(e: impl core::fmt::Display) -> PhysicsError {
    PhysicsError(e.to_string())
}

/// Reusable buffers for simulating strokes: the event list, the id map and (for the
/// planner's look-ahead) a physics world kept between simulations.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Novuss, Outcome, SimScratch, Stroke, Vec2};
/// let game = Novuss::default();
/// let (mut scratch, mut out) = (SimScratch::default(), Outcome::still(&game.new_state(), Vec2::ZERO));
/// let stroke = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0);
/// for _ in 0..2 {
///     let mut state = game.new_state();
///     game.strike_with(&mut state, &stroke, &mut scratch, &mut out)?;
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct SimScratch {
    events: Vec<Event>,
    /// Physics id -> our disc index (the puck is the last physics disc).
    map: Vec<u8>,
    /// A world holding one physics disc per disc of the position (same index) and the puck,
    /// reused by [`simulate_reusing`].
    cache: Option<Cache>,
}

#[derive(Clone, Debug)]
struct Cache {
    world: World,
    puck: disc_physics::DiscId,
    n: usize,
    dims: crate::geometry::Dimensions,
    physics: PhysicsConfig,
}

/// The physics table of `rules` with `params`: square, corner pockets, the parameters.
pub(crate) fn table(rules: &Rules, params: Params) -> Result<Table, disc_physics::TableError> {
    let d = &rules.dimensions;
    Table::new(d.half_size, d.half_size)
        .and_then(|t| t.with_corner_pockets(d.half_size - d.pocket_inset, d.pocket_radius))
        .and_then(|t| t.with_params(params))
}

/// The puck's board position and velocity for `stroke` by the player to move in `pos`.
pub(crate) fn board_stroke(
    rules: &Rules,
    pos: &State,
    stroke: &Stroke,
) -> Result<(Vec2, Vec2), PhysicsError> {
    let side = seat_compass(pos.to_move, rules.players);
    let v = stroke
        .velocity()
        .ok_or_else(|| PhysicsError("the stroke has no velocity".into()))?;
    let d = &rules.dimensions;
    Ok((
        side.from_local(stroke.place.x, stroke.place.y, d.half_size),
        side.direction_to_board(v),
    ))
}

/// `v` with subnormal components flushed to zero. The physics refuses subnormal coordinates
/// and velocities (disc-physics `limits`), while a state, a setup or a stroke may hold any
/// finite number: every number the rules accept reaches the physics as a number it takes
/// (a subnormal is below a femtometre, so nothing visible changes).
fn plain(v: Vec2) -> Vec2 {
    let f = |x: f64| if x.is_subnormal() { 0.0 } else { x };
    Vec2::new(f(v.x), f(v.y))
}

/// A physics world holding the discs of `pos` and the puck at `puck` (at rest). Returns the
/// world and the puck's physics id; `map` receives the physics-id-to-disc-index map.
pub(crate) fn world(
    rules: &Rules,
    physics: &PhysicsConfig,
    pos: &State,
    puck: Vec2,
    map: &mut Vec<u8>,
) -> Result<(World, disc_physics::DiscId), PhysicsError> {
    let d = &rules.dimensions;
    let mut world =
        World::new(table(rules, physics.params).map_err(err)?, physics.step).map_err(err)?;
    let disc = DiscKind::new(d.disc_radius, d.disc_mass).map_err(err)?;
    let puck_kind = DiscKind::new(d.puck_radius, d.puck_mass).map_err(err)?;
    map.clear();
    for (i, x) in pos.discs().iter().enumerate() {
        if let Some(p) = x.at {
            world.add_disc(disc, plain(p), Vec2::ZERO).map_err(err)?;
            map.push(i as u8);
        }
    }
    let puck_id = world
        .add_disc(puck_kind, plain(puck), Vec2::ZERO)
        .map_err(err)?;
    Ok((world, puck_id))
}

fn compass(c: CushionId) -> Option<Compass> {
    match c {
        CushionId::BOTTOM => Some(Compass::South),
        CushionId::RIGHT => Some(Compass::East),
        CushionId::TOP => Some(Compass::North),
        CushionId::LEFT => Some(Compass::West),
        _ => None,
    }
}

/// Strikes the puck of a world built by [`world`], runs it to rest and fills `out`.
pub(crate) fn run(
    world: &mut World,
    puck_id: disc_physics::DiscId,
    velocity: Vec2,
    events: &mut Vec<Event>,
    map: &[u8],
    out: &mut Outcome,
    sampling: Sampling<'_>,
) -> Result<(), PhysicsError> {
    world.strike(puck_id, plain(velocity)).map_err(err)?;
    let t0 = world.time_s();
    events.clear();
    let mut crossed = false;
    match sampling {
        Sampling::Trajectory(t) => {
            world.run_to_rest_sampled(events, t);
        }
        Sampling::EdgeLine(line) => {
            // The loop of `run_to_rest`, step by step, watching the puck's centre after every
            // step: once it has been beyond the striker's edge line, being back on the zone's
            // side of it is a crossing (a step moves the puck at most `max_speed * dt`, 8 mm:
            // only a dip shallower than that, knocked back out within the step, is missed).
            let max = world.config().max_time_s;
            let mut beyond = false;
            while !world.is_at_rest() && world.time_s() - t0 < max {
                world.step(events);
                let Some(p) = world
                    .disc(puck_id)
                    .filter(|s| s.status == DiscStatus::OnTable)
                    .map(|s| s.position)
                else {
                    continue;
                };
                let (_, v) = line.side.to_local(p, line.half_size);
                if v > line.depth {
                    beyond = true;
                } else if beyond {
                    crossed = true;
                }
            }
        }
        Sampling::Plain => {
            world.run_to_rest(events);
        }
    }
    let body = |id: disc_physics::DiscId| -> Body {
        if id == puck_id {
            Body::Puck
        } else {
            Body::Disc(DiscId(map.get(id.index()).copied().unwrap_or(u8::MAX)))
        }
    };
    out.events.clear();
    out.rest = [None; MAX_DISCS];
    for e in events.iter() {
        let time = e.time_s - t0;
        let ev = match e.kind {
            EventKind::DiscContact { first, second, .. } => StrokeEvent::Contact {
                time,
                a: body(first),
                b: body(second),
            },
            EventKind::CushionContact { disc, cushion, .. } => match compass(cushion) {
                Some(c) => StrokeEvent::Cushion {
                    time,
                    body: body(disc),
                    cushion: c,
                },
                None => continue,
            },
            EventKind::Pocketed { disc, .. } => StrokeEvent::Pocketed {
                time,
                body: body(disc),
            },
            EventKind::LeftTable { disc, .. } => {
                let p = world.position(disc).unwrap_or(Vec2::ZERO);
                StrokeEvent::LeftTable {
                    time,
                    body: body(disc),
                    at: p,
                }
            }
            _ => continue,
        };
        out.events.push(ev);
    }
    let mut radius = 0.0;
    for (k, &i) in map.iter().enumerate() {
        let id = disc_physics::DiscId::from_index(k as u32);
        if let Some(s) = world.disc(id)
            && s.status == DiscStatus::OnTable
        {
            out.rest[usize::from(i)] = Some(s.position);
            radius = s.kind.radius_m();
        }
    }
    // A run can leave discs pressed a few hundredths of a micrometre into one another (soft
    // contacts, or the time cap while discs still push, as on a table without friction). The
    // state must hold positions the next stroke's world can be built on and that its own
    // setup accepts, so they are settled to within the placement tolerance (a no-op, bit for
    // bit, where nothing overlaps).
    if !disc_physics::settle_discs(&mut out.rest, radius, world.table()) {
        return Err(PhysicsError(
            "the discs came to rest pressed tighter than the table holds".to_owned(),
        ));
    }
    out.puck_rest = world
        .disc(puck_id)
        .filter(|s| s.status == DiscStatus::OnTable)
        .map(|s| s.position);
    out.own_line_crossed = crossed;
    Ok(())
}

/// What [`run`] watches besides the events.
pub(crate) enum Sampling<'a> {
    /// Nothing.
    Plain,
    /// Every disc's path, for pictures.
    Trajectory(&'a mut Trajectory),
    /// Whether the puck crosses back over the striker's edge line.
    EdgeLine(EdgeLine),
}

impl Sampling<'_> {
    fn for_stroke(rules: &Rules, pos: &State) -> Sampling<'static> {
        EdgeLine::watch(rules, pos).map_or(Sampling::Plain, Sampling::EdgeLine)
    }
}

/// The striker's own edge line (the front line of his strike zone, across the table), for
/// [`Rules::own_edge_line_loss`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct EdgeLine {
    side: Compass,
    half_size: f64,
    depth: f64,
}

impl EdgeLine {
    /// The line to watch for the player to move, when the rules ask for it.
    pub(crate) fn watch(rules: &Rules, pos: &State) -> Option<EdgeLine> {
        rules.own_edge_line_loss.then(|| EdgeLine {
            side: seat_compass(pos.to_move(), rules.players),
            half_size: rules.dimensions.half_size,
            depth: rules.dimensions.zone_depth,
        })
    }
}

/// Simulates `stroke` (its puck place and its velocity) on `pos` into `out`.
pub(crate) fn simulate(
    rules: &Rules,
    physics: &PhysicsConfig,
    pos: &State,
    stroke: &Stroke,
    scratch: &mut SimScratch,
    out: &mut Outcome,
) -> Result<(), PhysicsError> {
    let (place, v) = board_stroke(rules, pos, stroke)?;
    let (mut w, puck) = world(rules, physics, pos, place, &mut scratch.map)?;
    run(
        &mut w,
        puck,
        v,
        &mut scratch.events,
        &scratch.map,
        out,
        Sampling::for_stroke(rules, pos),
    )
}

/// A world with physics disc `i` for disc `i` of `pos` (pocketed ones added at a free spot and
/// taken off) and the puck last.
fn build_cache(rules: &Rules, physics: &PhysicsConfig, pos: &State) -> Result<Cache, PhysicsError> {
    let d = &rules.dimensions;
    let mut world =
        World::new(table(rules, physics.params).map_err(err)?, physics.step).map_err(err)?;
    let disc = DiscKind::new(d.disc_radius, d.disc_mass).map_err(err)?;
    let puck_kind = DiscKind::new(d.puck_radius, d.puck_mass).map_err(err)?;
    let spare = |world: &World, kind: DiscKind| -> Result<Vec2, PhysicsError> {
        let lim = d.half_size - kind.radius_m();
        let steps = 20;
        for a in 0..=steps {
            for b in 0..=steps {
                let p = Vec2::new(
                    -lim + 2.0 * lim * f64::from(a) / f64::from(steps),
                    -lim + 2.0 * lim * f64::from(b) / f64::from(steps),
                );
                if world.check_placement(kind, p, None).is_ok() {
                    return Ok(p);
                }
            }
        }
        Err(PhysicsError("no free spot to park a disc".into()))
    };
    for x in pos.discs() {
        let p = match x.at {
            Some(p) => p,
            None => spare(&world, disc)?,
        };
        let id = world.add_disc(disc, plain(p), Vec2::ZERO).map_err(err)?;
        if x.at.is_none() {
            world.remove(id).map_err(err)?;
        }
    }
    let p = spare(&world, puck_kind)?;
    let puck = world.add_disc(puck_kind, p, Vec2::ZERO).map_err(err)?;
    world.remove(puck).map_err(err)?;
    Ok(Cache {
        world,
        puck,
        n: pos.discs().len(),
        dims: *d,
        physics: *physics,
    })
}

/// As [`simulate`], but reuses the physics world kept in `scratch` (no allocation once warm).
/// The world's clock keeps running between strokes, so results can differ from a fresh world
/// in the last bits: the planner's look-ahead uses this; playing a stroke uses [`simulate`].
pub(crate) fn simulate_reusing(
    rules: &Rules,
    physics: &PhysicsConfig,
    pos: &State,
    stroke: &Stroke,
    scratch: &mut SimScratch,
    out: &mut Outcome,
) -> Result<(), PhysicsError> {
    let (place, v) = board_stroke(rules, pos, stroke)?;
    let n = pos.discs().len();
    let fits = scratch
        .cache
        .as_ref()
        .is_some_and(|c| c.n == n && c.dims == rules.dimensions && c.physics == *physics);
    if !fits {
        scratch.cache = Some(build_cache(rules, physics, pos)?);
    }
    let SimScratch { cache, map, events } = scratch;
    let Some(cache) = cache.as_mut() else {
        return Err(PhysicsError("no world".into()));
    };
    let world = &mut cache.world;
    for k in 0..=n {
        let id = disc_physics::DiscId::from_index(k as u32);
        if world
            .disc(id)
            .is_some_and(|s| s.status == DiscStatus::OnTable)
        {
            world.remove(id).map_err(err)?;
        }
    }
    map.clear();
    for (i, x) in pos.discs().iter().enumerate() {
        map.push(i as u8);
        if let Some(p) = x.at {
            world
                .place(disc_physics::DiscId::from_index(i as u32), plain(p))
                .map_err(err)?;
        }
    }
    let puck = cache.puck;
    world.place(puck, plain(place)).map_err(err)?;
    run(
        world,
        puck,
        v,
        events,
        map,
        out,
        Sampling::for_stroke(rules, pos),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Novuss, Rules};
    use boardgame_core::Game;

    #[test]
    fn a_reused_world_gives_the_same_strokes_as_fresh_ones() {
        let g = Novuss::new(Rules::lattjo()).unwrap();
        let rules = *g.rules();
        let physics = *g.physics();
        let mut pos = g.new_initial_state();
        let mut reuse = SimScratch::default();
        let strokes = [
            Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0),
            Stroke::new(Vec2::new(0.1, 0.13), Vec2::new(-0.1, 1.0), 3.0),
            Stroke::new(Vec2::new(-0.2, 0.13), Vec2::new(0.3, 1.0), 5.0),
        ];
        for s in strokes {
            if g.check_stroke(&pos, pos.to_move(), &s).is_err() {
                continue;
            }
            let mut fresh_out = Outcome::still(&pos, Vec2::ZERO);
            simulate(
                &rules,
                &physics,
                &pos,
                &s,
                &mut SimScratch::default(),
                &mut fresh_out,
            )
            .unwrap();
            let mut reused_out = Outcome::still(&pos, Vec2::ZERO);
            simulate_reusing(&rules, &physics, &pos, &s, &mut reuse, &mut reused_out).unwrap();
            // Same pockets and rests to within rounding (the reused world's clock runs on).
            assert_eq!(fresh_out.events.len(), reused_out.events.len());
            for i in 0..MAX_DISCS {
                match (fresh_out.rest[i], reused_out.rest[i]) {
                    (Some(a), Some(b)) => assert!(a.distance(b) < 1e-6, "disc {i}: {a} vs {b}"),
                    (a, b) => assert_eq!(a.is_some(), b.is_some(), "disc {i}"),
                }
            }
            g.strike(&mut pos, &s).unwrap();
        }
        assert!(
            pos.pocketed(crate::Side::A) > 0,
            "later strokes ran with pocketed discs parked"
        );
    }

    /// disc-physics accepts runs of up to 10⁸ substeps; with such a time step a stroke whose
    /// discs kept moving (no friction) ran for seconds, and a traced one kept gigabytes of
    /// samples. The game now refuses a step whose run could exceed [`MAX_STROKE_SUBSTEPS`],
    /// whether built or read from JSON, and takes every step up to it.
    #[test]
    fn regression_a_time_step_could_make_one_stroke_run_1e8_substeps() {
        let step = |dt_s: f64, substeps: u32, max_time_s: f64| PhysicsConfig {
            step: StepConfig {
                dt_s,
                substeps,
                max_time_s,
            },
            ..PhysicsConfig::default()
        };
        // 99,999 s of 1 ms steps: 10⁸ substeps at most, which disc-physics takes.
        let long = step(0.001, 1, 99_999.0);
        assert_eq!(long.step.validate(), Ok(()));
        let substeps = long.step.run_substeps();
        assert!(substeps > 99_000_000, "{substeps}");
        assert_eq!(
            Novuss::default().with_physics(long),
            Err(PhysicsConfigError::RunTooLong {
                substeps,
                max: MAX_STROKE_SUBSTEPS,
            })
        );
        // The default step with 17 substeps is just over the bound, with 16 just under it.
        let over = step(0.001, 17, 60.0);
        assert!(matches!(
            Novuss::default().with_physics(over),
            Err(PhysicsConfigError::RunTooLong {
                substeps: 1_020_017,
                ..
            })
        ));
        assert!(
            Novuss::default()
                .with_physics(step(0.001, 16, 60.0))
                .is_ok()
        );
        // Exactly the bound: 100 steps of 10,000 substeps.
        let edge = step(1.0, 10_000, 99.0);
        assert_eq!(edge.step.run_substeps(), MAX_STROKE_SUBSTEPS);
        assert!(Novuss::default().with_physics(edge).is_ok());
        assert!(
            Novuss::default()
                .with_physics(PhysicsConfig::default())
                .is_ok()
        );
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&long).unwrap();
            let read: PhysicsConfig = serde_json::from_str(&json).unwrap();
            assert!(matches!(
                Novuss::default().with_physics(read),
                Err(PhysicsConfigError::RunTooLong { .. })
            ));
        }
    }
}
