//! Pictures: a state, or a stroke traced with every body's path ([`StrokeTrace`]), as a
//! standalone SVG document drawn by disc-physics, with the strike zones and the centre circle,
//! side A's discs blue, side B's black and the puck red. Discs are circles: no font is needed
//! but for the title.
//!
//! # Examples
//!
//! ```
//! use lattjo_disc_billiards::{svg, Novuss, Stroke, Vec2};
//! let game = Novuss::default();
//! let state = game.new_state();
//! let trace = game.trace(&state, &Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0))?;
//! let picture = svg::render(&trace, &svg::Options::default());
//! assert!(picture.starts_with("<svg") && picture.contains("<polyline"));
//! let board = svg::render(&state, &svg::Options { title: Some("the start".into()) });
//! assert!(board.contains("the start"));
//! # Ok::<(), lattjo_disc_billiards::PlayError>(())
//! ```

use disc_physics::{Params, StepConfig, SvgOptions, Trajectory, Vec2, World, render_svg};

use crate::discs::Side;
use crate::game::{Novuss, PlayError};
use crate::geometry::{Compass, Dimensions};
use crate::outcome::Outcome;
use crate::sim::{self, PhysicsError};
use crate::state::State;
use crate::stroke::Stroke;

/// Side A's discs.
const SIDE_A: &str = "#2e86c1";
/// Side B's discs.
const SIDE_B: &str = "#222222";
/// The puck.
const PUCK: &str = "#c0392b";

/// What to draw besides the table.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{svg, Novuss};
/// let state = Novuss::default().new_state();
/// let picture = svg::render(&state, &svg::Options { title: Some("the start".into()) });
/// assert!(picture.contains("the start"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// A title written above the table.
    pub title: Option<String>,
}

/// Something [`render`] can draw: a [`State`] or a [`StrokeTrace`].
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{svg::{self, Subject}, Novuss};
/// let state = Novuss::default().new_state();
/// assert_eq!(state.svg(&svg::Options::default()), svg::render(&state, &svg::Options::default()));
/// ```
pub trait Subject {
    /// The SVG document.
    fn svg(&self, options: &Options) -> String;
}

/// The picture of `subject` as a standalone SVG document (600 px wide).
#[must_use]
pub fn render(subject: &impl Subject, options: &Options) -> String {
    subject.svg(options)
}

/// A simulated stroke with its trajectories, for pictures ([`Novuss::trace`]).
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Novuss, Stroke, Vec2};
/// let game = Novuss::default();
/// let state = game.new_state();
/// let trace = game.trace(&state, &Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0))?;
/// assert!(!trace.outcome.events.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct StrokeTrace {
    /// What happened.
    pub outcome: Outcome,
    /// The physics world after the stroke (discs at rest).
    pub world: World,
    /// Every body's sampled path (the puck is the last body).
    pub trajectory: Trajectory,
    fills: Vec<&'static str>,
    dims: Dimensions,
}

impl Subject for StrokeTrace {
    /// The table after the stroke with every path.
    fn svg(&self, options: &Options) -> String {
        draw(
            &self.world,
            &self.fills,
            Some(&self.trajectory),
            &self.dims,
            options,
        )
    }
}

impl Subject for State {
    /// The table as it stands.
    fn svg(&self, options: &Options) -> String {
        let rules = self.rules();
        let mut map = Vec::new();
        let built = sim::table(rules, Params::default())
            .map_err(|e| PhysicsError(e.to_string()))
            .and_then(|t| {
                let mut world = World::new(t, StepConfig::default())
                    .map_err(|e| PhysicsError(e.to_string()))?;
                let d = &rules.dimensions;
                let kind = disc_physics::DiscKind::new(d.disc_radius, d.disc_mass)
                    .map_err(|e| PhysicsError(e.to_string()))?;
                for (i, x) in self.discs().iter().enumerate() {
                    if let Some(p) = x.at {
                        world
                            .add_disc(kind, p, Vec2::ZERO)
                            .map_err(|e| PhysicsError(e.to_string()))?;
                        map.push(i as u8);
                    }
                }
                Ok(world)
            });
        match built {
            Ok(world) => draw(
                &world,
                &fills(self, &map, false),
                None,
                &rules.dimensions,
                options,
            ),
            // A validated state always fits its table; draw an empty document otherwise.
            Err(_) => String::from("<svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
        }
    }
}

/// The fill of each physics disc: by side, the puck last when `puck`.
fn fills(state: &State, map: &[u8], puck: bool) -> Vec<&'static str> {
    let mut f: Vec<&'static str> = map
        .iter()
        .map(
            |&i| match state.discs().get(usize::from(i)).map(|d| d.side) {
                Some(Side::A) => SIDE_A,
                _ => SIDE_B,
            },
        )
        .collect();
    if puck {
        f.push(PUCK);
    }
    f
}

fn draw(
    world: &World,
    fills: &[&str],
    trajectory: Option<&Trajectory>,
    dims: &Dimensions,
    options: &Options,
) -> String {
    let opts = SvgOptions {
        fills,
        trajectory,
        show_off_table: true,
        title: options.title.as_deref(),
        ..SvgOptions::default()
    };
    with_markings(render_svg(world, &opts), dims)
}

/// Draws the strike zones (end, side and middle lines) and the centre circle on the playing
/// surface, just after disc-physics's surface rectangle. The transform is disc-physics's: a
/// frame of 6 % of the half size around the table, +y drawn upwards, 600 px wide. If the
/// surface is not found the picture is returned unchanged.
fn with_markings(svg: String, d: &Dimensions) -> String {
    let h = d.half_size;
    let frame = 0.06 * h;
    let k = 600.0 / (2.0 * (h + frame));
    let sx = |x: f64| (x + h + frame) * k;
    let sy = |y: f64| (h + frame - y) * k;
    let mut marks = String::new();
    let line = |m: &mut String, a: Vec2, b: Vec2| {
        m.push_str(&format!(
            "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"#3b2410\" stroke-width=\"0.8\"/>\n",
            sx(a.x),
            sy(a.y),
            sx(b.x),
            sy(b.y)
        ));
    };
    for c in Compass::ALL {
        let p = |u: f64, v: f64| c.from_local(u, v, h);
        let (w, z) = (d.zone_half_width, d.zone_depth);
        line(&mut marks, p(-w, z), p(w, z));
        line(&mut marks, p(-w, 0.0), p(-w, z));
        line(&mut marks, p(w, 0.0), p(w, z));
        line(&mut marks, p(0.0, 0.0), p(0.0, z));
    }
    marks.push_str(&format!(
        "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{:.2}\" fill=\"none\" stroke=\"#3b2410\" stroke-width=\"0.8\"/>\n",
        sx(0.0),
        sy(0.0),
        d.circle_radius * k
    ));
    let Some(at) = svg
        .find("fill=\"#f3e3c3\"")
        .and_then(|i| svg[i..].find('\n').map(|j| i + j + 1))
    else {
        return svg;
    };
    let mut out = String::with_capacity(svg.len() + marks.len());
    out.push_str(&svg[..at]);
    out.push_str(&marks);
    out.push_str(&svg[at..]);
    out
}

impl Novuss {
    /// Simulates `stroke` by the player to strike (no noise) and records every body's path,
    /// without changing `state`: for pictures ([`render`]).
    ///
    /// # Errors
    ///
    /// [`PlayError`] when the stroke is not legal here.
    pub fn trace(&self, state: &State, stroke: &Stroke) -> Result<StrokeTrace, PlayError> {
        self.check_stroke(state, state.to_move(), stroke)?;
        let rules = self.rules();
        let mut events = Vec::new();
        let mut map = Vec::new();
        let (place, v) = sim::board_stroke(rules, state, stroke)?;
        let (mut world, puck) = sim::world(rules, self.physics(), state, place, &mut map)?;
        let fills = fills(state, &map, true);
        let mut trajectory = Trajectory::new();
        let mut outcome = Outcome::still(state, place);
        sim::run(
            &mut world,
            puck,
            v,
            &mut events,
            &map,
            &mut outcome,
            sim::Sampling::Trajectory(&mut trajectory),
        )?;
        Ok(StrokeTrace {
            outcome,
            world,
            trajectory,
            fills,
            dims: rules.dimensions,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    #[test]
    fn the_picture_has_zones_circle_and_trajectories() {
        let g = Novuss::new(Rules::lattjo()).unwrap();
        let pos = g.new_state();
        let s = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0);
        let trace = g.trace(&pos, &s).unwrap();
        let svg = render(
            &trace,
            &Options {
                title: Some("opening".into()),
            },
        );
        assert!(svg.starts_with("<svg"));
        assert_eq!(svg.matches("<line").count(), 16, "4 lines per zone");
        assert!(svg.contains("<polyline"), "trajectories");
        // The centre circle: radius 0.125 m at 566.04 px/m.
        assert!(svg.contains(r#"r="70.75" fill="none""#), "{svg}");
        assert!(trace.outcome.events.len() > 5);
        // Both sides' colours and the puck's.
        for c in [SIDE_A, SIDE_B, PUCK] {
            assert!(svg.contains(c), "{c}");
        }
        let board = render(&pos, &Options::default());
        assert!(board.contains(SIDE_A) && !board.contains("<polyline"));
    }
}
