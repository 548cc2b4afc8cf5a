//! Running a stroke through disc-physics and turning its events into an [`Outcome`].

use disc_physics::{
    CushionId, DiscKind, DiscStatus, Event, EventKind, StepConfig, Table, Trajectory, Vec2, World,
};

use crate::geometry::{Compass, Point};
use crate::position::{DiscId, MAX_DISCS, Position};
use crate::resolve::{Body, Outcome, StrokeEvent};
use crate::rules::Rules;
use crate::stroke::Stroke;

/// The physics refused the table or the stroke (it should not, for a validated position and
/// stroke; the message says what it refused).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("the physics refused the stroke: {0}")]
pub struct PhysicsError(pub String);

fn err(e: impl core::fmt::Display) -> PhysicsError {
    PhysicsError(e.to_string())
}

/// Reusable buffers for simulating strokes (the event list and the id map).
#[derive(Clone, Debug, Default)]
pub struct SimScratch {
    events: Vec<Event>,
    /// Physics id -> our disc index (the puck is the last physics disc).
    map: Vec<u8>,
}

/// The physics table of `rules`: square, corner pockets, the physics parameters.
pub(crate) fn table(rules: &Rules) -> Result<Table, PhysicsError> {
    let d = &rules.dimensions;
    Table::new(d.half_size, d.half_size)
        .and_then(|t| t.with_corner_pockets(d.half_size - d.pocket_inset, d.pocket_radius))
        .and_then(|t| t.with_params(rules.physics))
        .map_err(err)
}

/// A physics world holding the discs of `pos` and the puck at `puck` (at rest). Returns the
/// world and the puck's physics id; `map` receives the physics-id-to-disc-index map.
pub(crate) fn world(
    rules: &Rules,
    pos: &Position,
    puck: Point,
    map: &mut Vec<u8>,
) -> Result<(World, disc_physics::DiscId), PhysicsError> {
    let d = &rules.dimensions;
    let mut world = World::new(table(rules)?, StepConfig::default()).map_err(err)?;
    let disc = DiscKind::new(d.disc_radius, d.disc_mass).map_err(err)?;
    let puck_kind = DiscKind::new(d.puck_radius, d.puck_mass).map_err(err)?;
    map.clear();
    for (i, x) in pos.discs().iter().enumerate() {
        if let Some(p) = x.at {
            world
                .add_disc(disc, Vec2::new(p.x, p.y), Vec2::ZERO)
                .map_err(err)?;
            map.push(i as u8);
        }
    }
    let puck_id = world
        .add_disc(puck_kind, Vec2::new(puck.x, puck.y), Vec2::ZERO)
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
    velocity: Point,
    scratch: &mut SimScratch,
    out: &mut Outcome,
    trajectory: Option<&mut Trajectory>,
) -> Result<(), PhysicsError> {
    let SimScratch { events, map } = scratch;
    world
        .strike(puck_id, Vec2::new(velocity.x, velocity.y))
        .map_err(err)?;
    let t0 = world.time_s();
    events.clear();
    match trajectory {
        Some(t) => world.run_to_rest_sampled(events, t),
        None => world.run_to_rest(events),
    };
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
                    at: Point::new(p.x, p.y),
                }
            }
            _ => continue,
        };
        out.events.push(ev);
    }
    for (k, &i) in map.iter().enumerate() {
        let id = disc_physics::DiscId::from_index(k as u32);
        if let Some(s) = world.disc(id)
            && s.status == DiscStatus::OnTable
        {
            out.rest[usize::from(i)] = Some(Point::new(s.position.x, s.position.y));
        }
    }
    out.puck_rest = world
        .disc(puck_id)
        .filter(|s| s.status == DiscStatus::OnTable)
        .map(|s| Point::new(s.position.x, s.position.y));
    Ok(())
}

/// Simulates `stroke` (its puck place and its velocity) on `pos` into `out`.
pub(crate) fn simulate(
    rules: &Rules,
    pos: &Position,
    stroke: &Stroke,
    scratch: &mut SimScratch,
    out: &mut Outcome,
) -> Result<(), PhysicsError> {
    let v = stroke
        .velocity()
        .ok_or_else(|| PhysicsError("the stroke has no velocity".into()))?;
    let (mut w, puck) = world(rules, pos, stroke.puck, &mut scratch.map)?;
    run(&mut w, puck, v, scratch, out, None)
}
