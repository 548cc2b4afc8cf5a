//! Sampled positions of every disc over a run, for pictures.

use crate::{DiscId, Vec2, World};

/// The path of every disc, sampled by [`record`](Trajectory::record) (once per step by
/// [`World::run_to_rest_sampled`]). A sample equal to the previous one is not stored, so a
/// disc at rest costs nothing; a pocketed disc's path ends where it fell in.
///
/// # Examples
///
/// ```
/// use disc_physics::{NoEvents, Trajectory, scenes};
/// let mut world = scenes::carrom_break();
/// let mut traj = Trajectory::new();
/// world.run_to_rest_sampled(&mut NoEvents, &mut traj);
/// let striker = scenes::CARROM_STRIKER;
/// assert!(traj.path(striker).len() > 10);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trajectory {
    paths: Vec<Vec<Vec2>>,
}

impl Trajectory {
    /// An empty recording.
    #[must_use]
    pub fn new() -> Trajectory {
        Trajectory::default()
    }

    /// Appends the current position of every disc whose position changed since the last
    /// sample.
    pub fn record(&mut self, world: &World) {
        if self.paths.len() < world.len() {
            self.paths.resize(world.len(), Vec::new());
        }
        for d in world.discs() {
            let path = &mut self.paths[d.id.index()];
            if path.last() != Some(&d.position) {
                path.push(d.position);
            }
        }
    }

    /// The sampled path of a disc (empty for an unknown id).
    #[must_use]
    pub fn path(&self, id: DiscId) -> &[Vec2] {
        self.paths.get(id.index()).map_or(&[], Vec::as_slice)
    }

    /// Every path, indexed by disc id.
    #[must_use]
    pub fn paths(&self) -> &[Vec<Vec2>] {
        &self.paths
    }
}
