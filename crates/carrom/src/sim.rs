//! Running a stroke through disc-physics and boiling the physics events down to the
//! [`Outcome`] the rules need.

use disc_physics::{
    DiscId, EventKind, EventSink, Params, PlaceError, StepConfig, Table, TableError, Trajectory,
    Vec2, World,
};

use crate::geometry::{PIECE_RADIUS, STRIKER_RADIUS, Side};
use crate::resolve::Outcome;
use crate::state::{PIECES, Piece, State};
use crate::stroke::Stroke;

/// The physical model a game runs its strokes on (what is not a rule): friction, restitution,
/// the jump speed above which a coin leaves the board, the time step. Set with
/// [`crate::Carrom::with_physics`]; the same type as Novuss's.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{Carrom, Params, PhysicsConfig, Rules};
/// let flat = PhysicsConfig {
///     params: Params { jump_speed_m_s: None, ..PhysicsConfig::default().params },
///     ..PhysicsConfig::default()
/// };
/// let game = Carrom::new(Rules::lattjo())?.with_physics(flat)?;
/// assert_eq!(game.physics().params.jump_speed_m_s, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PhysicsConfig {
    /// Friction, restitution, jump speed (disc-physics's parameters).
    pub params: Params,
    /// Time step and simulated-time cap.
    pub step: StepConfig,
}

/// The calibrated jump speed, m/s: a coin that meets the frame faster than this (normal
/// approach speed) leaves the board (C14). Nothing published measures it; docs/carrom.md
/// ("Calibration") gives the reasoning: clearing a 1.90-2.54 cm frame takes an upward speed
/// of 0.61-0.71 m/s, a ramp contact turning 10-12 % of the horizontal speed upward gives
/// 6 m/s, and with it a coin leaves the board on 0 % of breaks at 6.5 m/s or slower, 3 % at
/// 7 m/s and 10 % at the 8 m/s cap (the reports call jumps occasional, not routine).
pub const JUMP_SPEED_M_S: f64 = 6.0;

impl Default for PhysicsConfig {
    /// disc-physics's defaults (the benchmark values of the physics notes: mu = 0.10,
    /// restitution 0.90 between discs and 0.75 at the frame, all inside the published
    /// brackets) plus the calibrated jump speed [`JUMP_SPEED_M_S`] (6 m/s).
    fn default() -> PhysicsConfig {
        PhysicsConfig {
            params: Params {
                jump_speed_m_s: Some(JUMP_SPEED_M_S),
                ..Params::default()
            },
            step: StepConfig::default(),
        }
    }
}

impl PhysicsConfig {
    /// The ICF table with these parameters.
    ///
    /// # Errors
    ///
    /// disc-physics's [`TableError`] for parameters out of range.
    pub fn table(&self) -> Result<Table, TableError> {
        disc_physics::carrom::table()?.with_params(self.params)
    }
}

/// The most substeps one stroke's run to rest may take under a game's [`PhysicsConfig`]:
/// (⌈`max_time_s` / `dt_s`⌉ + 1) × `substeps` ([`StepConfig::run_substeps`]) at most
/// 1,000,000, 16 times the default's 60,001 (1 ms steps for 60 s; 0.1 ms steps for 60 s, or
/// 16 substeps of the default step, still fit).
///
/// disc-physics accepts runs of up to 10⁸ substeps, and a stroke runs to that cap when its
/// discs keep moving (a table without friction): one stroke then took 0.9-1.0 s with the
/// striker alone moving (twenty frictionless coins in a disc-physics world: 13 s), and a
/// traced stroke ([`crate::Carrom::trace`]), which keeps a sample per moving disc per step,
/// 11 s and 1.6 GB for the striker alone (release build, 7 Dec 2026; the default step: 0.2
/// ms and 0.6 ms for the break). At this bound a run of twenty moving coins takes about
/// 0.14 s and a trace at most 16 MB a moving disc (320 MB for twenty), and the planner's
/// choice on a frictionless, elastic board 1.4 s (15 ms under the default physics): a cost
/// proportional to the bound, a hundred times less than at disc-physics's 10⁸.
pub const MAX_STROKE_SUBSTEPS: u64 = 1_000_000;

/// Why a physics configuration was refused.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{Carrom, PhysicsConfig, PhysicsConfigError};
/// let mut bad = PhysicsConfig::default();
/// bad.step.dt_s = 0.0;
/// assert!(matches!(Carrom::default().with_physics(bad), Err(PhysicsConfigError::Step(_))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PhysicsConfigError {
    /// Parameters disc-physics refuses.
    #[error("invalid physical parameters: {0}")]
    Table(#[from] TableError),
    /// An invalid time step.
    #[error("invalid time step: {0}")]
    Step(#[from] disc_physics::ConfigError),
    /// A top speed ([`Params::max_speed_m_s`](disc_physics::Params)) below the fastest stroke
    /// the rules allow ([`crate::MAX_SPEED`]): the physics would refuse strokes that
    /// [`Carrom::legal_actions`](boardgame_core::Game::legal_actions) lists.
    #[error("the physics' top speed {physics} m/s is below the strokes' {strokes} m/s")]
    MaxSpeed {
        /// The physics' top speed, m/s.
        physics: f64,
        /// The fastest stroke, m/s.
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

/// Events of one run, reduced as they arrive (no allocation).
struct Reduce {
    striker: DiscId,
    piece_of: [u8; PIECES + 1],
    out: Outcome,
    striker_hit_cushion: bool,
}

impl EventSink for Reduce {
    fn record(&mut self, event: disc_physics::Event) {
        let piece = |d: DiscId| self.piece_of.get(d.index()).copied();
        match event.kind {
            EventKind::DiscContact { first, second, .. }
                if first == self.striker || second == self.striker =>
            {
                self.out.touched_piece = true;
            }
            EventKind::CushionContact { disc, .. } if disc == self.striker => {
                self.striker_hit_cushion = true
            }
            EventKind::Pocketed { disc, .. } => {
                if disc == self.striker {
                    self.out.striker_pocketed = true;
                } else if let Some(p) = piece(disc).and_then(Piece::new) {
                    self.out.push_pocketed(p);
                }
            }
            EventKind::LeftTable { disc, .. } => {
                if disc == self.striker {
                    self.out.striker_left_board = true;
                } else if let Some(p) = piece(disc).and_then(Piece::new) {
                    self.out.push_jumped(p);
                }
            }
            _ => {}
        }
    }
}

/// `v` with subnormal components flushed to zero. The physics refuses subnormal coordinates
/// and velocities (disc-physics `limits`), while a state, a setup or a stroke may hold any
/// finite number: every number the rules accept reaches the physics as a number it takes
/// (a subnormal is below a femtometre, so nothing visible changes).
fn plain(v: Vec2) -> Vec2 {
    let f = |x: f64| if x.is_subnormal() { 0.0 } else { x };
    Vec2::new(f(v.x), f(v.y))
}

/// Why a stroke could not be set up in the physics world (a position the physics refuses).
pub type PhysicsError = PlaceError;

/// Simulates `stroke` by the player at `side` to rest and reports the events. With `trace`
/// the discs' paths are sampled every step; the world at rest is returned for pictures.
pub(crate) fn simulate(
    table: &Table,
    step: StepConfig,
    state: &State,
    side: Side,
    stroke: &Stroke,
    trace: Option<&mut Trajectory>,
) -> Result<(Outcome, World), PhysicsError> {
    // A valid table and step never fail here (checked when the game was built).
    let mut world = World::new(table.clone(), step).map_err(|_| PlaceError::NonFinitePosition)?;
    let mut piece_of = [u8::MAX; PIECES + 1];
    for (i, p) in state.pieces.iter().enumerate() {
        if let Some(p) = *p {
            let id = world.add_disc(disc_physics::carrom::COIN, plain(p), Vec2::ZERO)?;
            piece_of[id.index()] = i as u8;
        }
    }
    let start = plain(side.place_to_board(stroke.place));
    let striker = world.add_disc(disc_physics::carrom::STRIKER, start, Vec2::ZERO)?;
    let u = stroke.unit_direction().unwrap_or(Vec2::new(0.0, 1.0));
    let v = plain(side.to_board(Vec2::new(u.x * stroke.speed, u.y * stroke.speed)));
    world
        .strike(striker, v)
        .map_err(|_| PlaceError::NonFiniteVelocity)?;
    let mut sink = Reduce {
        striker,
        piece_of,
        out: Outcome::missed(),
        striker_hit_cushion: false,
    };
    sink.out.left_base_line = false;
    match trace {
        Some(t) => world.run_to_rest_sampled(&mut sink, t),
        None => world.run_to_rest(&mut sink),
    };
    let mut out = sink.out;
    for d in world.discs() {
        if d.on_table()
            && let Some(&pid) = sink.piece_of.get(d.id.index())
            && (pid as usize) < PIECES
        {
            out.final_positions[pid as usize] = Some(d.position);
        }
    }
    // A run can leave pieces pressed a few hundredths of a micrometre into one another (soft
    // contacts, or the time cap while pieces still push, as on a board without friction).
    // The state must hold positions the next stroke's world can be built on and that its
    // own setup accepts, so they are settled to within the placement tolerance (a no-op, bit
    // for bit, where nothing overlaps).
    if !disc_physics::settle_discs(&mut out.final_positions, PIECE_RADIUS, world.table()) {
        // The world still holds the run's positions: name a disc of its deepest overlap.
        let pressed = world.deepest_overlap().map_or(striker, |(_, _, disc)| disc);
        return Err(PlaceError::Overlaps(pressed));
    }
    let end = world.position(striker).unwrap_or(start);
    out.left_base_line = out.touched_piece
        || out.striker_pocketed
        || out.striker_left_board
        || sink.striker_hit_cushion
        || !side.disc_overlaps_base_strip(end, STRIKER_RADIUS);
    Ok((out, world))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Carrom;

    /// disc-physics accepts runs of up to 10⁸ substeps; with such a time step a stroke whose
    /// discs kept moving (no friction) ran for a second, and a traced one kept gigabytes of
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
            Carrom::default().with_physics(long),
            Err(PhysicsConfigError::RunTooLong {
                substeps,
                max: MAX_STROKE_SUBSTEPS,
            })
        );
        // The default step with 17 substeps is just over the bound, with 16 just under it.
        let over = step(0.001, 17, 60.0);
        assert!(matches!(
            Carrom::default().with_physics(over),
            Err(PhysicsConfigError::RunTooLong {
                substeps: 1_020_017,
                ..
            })
        ));
        assert!(
            Carrom::default()
                .with_physics(step(0.001, 16, 60.0))
                .is_ok()
        );
        // Exactly the bound: 100 steps of 10,000 substeps.
        let edge = step(1.0, 10_000, 99.0);
        assert_eq!(edge.step.run_substeps(), MAX_STROKE_SUBSTEPS);
        assert!(Carrom::default().with_physics(edge).is_ok());
        assert!(
            Carrom::default()
                .with_physics(PhysicsConfig::default())
                .is_ok()
        );
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&long).unwrap();
            let read: PhysicsConfig = serde_json::from_str(&json).unwrap();
            assert!(matches!(
                Carrom::default().with_physics(read),
                Err(PhysicsConfigError::RunTooLong { .. })
            ));
        }
    }
}
