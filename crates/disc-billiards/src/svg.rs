//! A stroke traced for pictures: the physics world at rest and every body's path, drawn as
//! SVG by disc-physics.

use disc_physics::Vec2;
use disc_physics::{SvgOptions, Trajectory, World, render_svg};

use crate::Novuss;
use crate::game::PlayError;
use crate::geometry::{Compass, Dimensions};
use crate::position::{Position, Side};
use crate::resolve::Outcome;
use crate::sim;
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
    dims: Dimensions,
}

impl StrokeTrace {
    /// The table after the stroke with every path, the strike zones and the centre circle,
    /// as a standalone 600 px SVG document (side A's discs blue, side B's black, the puck red).
    #[must_use]
    pub fn svg(&self, title: &str) -> String {
        let opts = SvgOptions {
            fills: &self.fills,
            trajectory: Some(&self.trajectory),
            show_off_table: true,
            title: Some(title),
            ..SvgOptions::default()
        };
        let svg = render_svg(&self.world, &opts);
        self.with_markings(svg)
    }

    /// Draws the strike zones (end, side and middle lines) and the centre circle on the
    /// playing surface, just after disc-physics's surface rectangle. The transform is
    /// disc-physics's: a frame of 6 % of the half size around the table, +y drawn upwards,
    /// 600 px wide. If the surface is not found the picture is returned unchanged.
    fn with_markings(&self, svg: String) -> String {
        let d = &self.dims;
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
        let mut events = Vec::new();
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
            dims: self.rules.dimensions,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::{Novuss, Rules, Stroke, Vec2};

    #[test]
    fn the_picture_has_zones_circle_and_trajectories() {
        let g = Novuss::new(Rules::booklet()).unwrap();
        let pos = g.start();
        let s = Stroke::new(Vec2::new(0.0, -0.41), Vec2::new(0.0, 1.0), 4.0);
        let trace = g.trace(&pos, &s).unwrap();
        let svg = trace.svg("opening");
        assert!(svg.starts_with("<svg"));
        assert_eq!(svg.matches("<line").count(), 16, "4 lines per zone");
        assert!(svg.contains("<polyline"), "trajectories");
        // The centre circle: radius 0.125 m at 566.04 px/m.
        assert!(svg.contains(r#"r="70.75" fill="none""#), "{svg}");
        assert!(trace.outcome.events.len() > 5);
    }
}
