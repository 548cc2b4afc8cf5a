//! A stroke traced for pictures: the physics world at rest and every body's path, drawn as
//! SVG by disc-physics.

use disc_physics::{SvgOptions, Trajectory, World, render_svg};

use crate::Novuss;
use crate::game::PlayError;
use crate::position::{Position, Side};
use crate::resolve::Outcome;
use crate::sim::{self, SimScratch};
use crate::stroke::Stroke;

/// A simulated stroke with its trajectories, for pictures.
#[derive(Clone, Debug)]
pub struct StrokeTrace {
    /// What happened.
    pub outcome: Outcome,
    /// The physics world after the stroke (discs at rest).
    pub world: World,
    /// Every body's sampled path (the puck is the last body).
    pub trajectory: Trajectory,
    fills: Vec<&'static str>,
}

impl StrokeTrace {
    /// The table after the stroke with every path, as a standalone SVG document (side A's
    /// discs blue, side B's black, the puck red).
    #[must_use]
    pub fn svg(&self, title: &str) -> String {
        let opts = SvgOptions {
            fills: &self.fills,
            trajectory: Some(&self.trajectory),
            show_off_table: true,
            title: Some(title),
            ..SvgOptions::default()
        };
        render_svg(&self.world, &opts)
    }
}

impl Novuss {
    /// Simulates `stroke` by the player to move (no noise) and records the trajectories,
    /// without changing `pos`.
    ///
    /// # Errors
    ///
    /// [`PlayError::Stroke`] when the stroke is not legal here.
    pub fn trace(&self, pos: &Position, stroke: &Stroke) -> Result<StrokeTrace, PlayError> {
        self.check_stroke(pos, pos.to_move(), stroke)?;
        let mut scratch = SimScratch::default();
        let mut map = Vec::new();
        let (mut world, puck) = sim::world(&self.rules, pos, stroke.puck, &mut map)?;
        let mut fills: Vec<&'static str> = map
            .iter()
            .map(|&i| {
                if pos.discs()[usize::from(i)].side == Side::A {
                    "#2e86c1"
                } else {
                    "#222222"
                }
            })
            .collect();
        fills.push("#c0392b");
        let mut trajectory = Trajectory::new();
        let mut outcome = Outcome::still(pos, stroke.puck);
        let v = stroke.velocity().ok_or(crate::StrokeError::NoDirection)?;
        sim::run(
            &mut world,
            puck,
            v,
            &mut scratch,
            &mut outcome,
            Some(&mut trajectory),
        )?;
        Ok(StrokeTrace {
            outcome,
            world,
            trajectory,
            fills,
        })
    }
}
