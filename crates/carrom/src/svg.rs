//! Pictures: a board, or a stroke traced with every disc's path ([`StrokeTrace`]), as a
//! standalone SVG document drawn by disc-physics, with the pieces' colours (white and black
//! men, the red queen, a blue striker). Pieces are circles: no font is needed but for the
//! title.
//!
//! # Examples
//!
//! ```
//! use boardgame_core::Seat;
//! use lattjo_carrom::{svg, Carrom, Stroke, Vec2};
//! let game = Carrom::default();
//! let state = game.initial_state(Seat::new(0))?;
//! let trace = game.trace(&state, &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 6.0))?;
//! let picture = svg::render(&trace, &svg::Options { title: Some("the break".into()) });
//! assert!(picture.starts_with("<svg") && picture.contains("<polyline"));
//! let board = svg::render(&state, &svg::Options::default());
//! assert!(board.contains(svg::QUEEN));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use disc_physics::{StepConfig, SvgOptions, Trajectory, Vec2, World, render_svg};

use crate::resolve::Outcome;
use crate::state::{PIECES, Piece, State};

/// The queen's colour.
pub const QUEEN: &str = "#c0392b";
/// The white men's colour.
pub const WHITE: &str = "#f3ead7";
/// The black men's colour.
pub const BLACK: &str = "#2b2b2b";
/// The striker's colour.
pub const STRIKER: &str = "#3b73c9";

/// What to draw besides the board.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{svg, Carrom};
/// use boardgame_core::Seat;
/// let state = Carrom::default().initial_state(Seat::new(0))?;
/// let picture = svg::render(&state, &svg::Options { title: Some("the formation".into()) });
/// assert!(picture.contains("the formation"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// A title written above the board.
    pub title: Option<String>,
}

/// Something [`render`] can draw: a [`State`] or a [`StrokeTrace`].
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{svg::{self, Subject}, Carrom};
/// use boardgame_core::Seat;
/// let state = Carrom::default().initial_state(Seat::new(0))?;
/// assert_eq!(state.svg(&svg::Options::default()), svg::render(&state, &svg::Options::default()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
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

/// A simulated stroke with every disc's path, for pictures ([`crate::Carrom::trace`]).
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{Carrom, Stroke, Vec2};
/// use boardgame_core::Seat;
/// let game = Carrom::default();
/// let state = game.initial_state(Seat::new(0))?;
/// let trace = game.trace(&state, &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 6.0))?;
/// assert!(trace.outcome.touched_piece);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct StrokeTrace {
    /// What happened.
    pub outcome: Outcome,
    /// The physics world after the stroke (pieces at rest; the striker is the last disc).
    pub world: World,
    /// Every disc's sampled path.
    pub trajectory: Trajectory,
    fills: Vec<&'static str>,
}

impl StrokeTrace {
    /// The trace of a stroke played on `state` (whose pieces on the board were added to the
    /// world in id order, then the striker).
    pub(crate) fn new(
        outcome: Outcome,
        world: World,
        trajectory: Trajectory,
        state: &State,
    ) -> StrokeTrace {
        let mut fills = piece_fills(state);
        fills.push(STRIKER);
        StrokeTrace {
            outcome,
            world,
            trajectory,
            fills,
        }
    }
}

/// The colour of each piece on the board, in id order (the order they enter a world).
fn piece_fills(state: &State) -> Vec<&'static str> {
    (0..PIECES as u8)
        .filter_map(Piece::new)
        .filter(|p| state.piece(*p).is_some())
        .map(|p| match p.colour() {
            None => QUEEN,
            Some(crate::Colour::White) => WHITE,
            Some(crate::Colour::Black) => BLACK,
        })
        .collect()
}

fn draw(
    world: &World,
    fills: &[&str],
    trajectory: Option<&Trajectory>,
    options: &Options,
) -> String {
    render_svg(
        world,
        &SvgOptions {
            fills,
            trajectory,
            show_off_table: true,
            title: options.title.as_deref(),
            ..SvgOptions::default()
        },
    )
}

impl Subject for StrokeTrace {
    /// The board after the stroke with every path.
    fn svg(&self, options: &Options) -> String {
        draw(&self.world, &self.fills, Some(&self.trajectory), options)
    }
}

impl Subject for State {
    /// The board as it stands.
    fn svg(&self, options: &Options) -> String {
        let world = disc_physics::carrom::table()
            .ok()
            .and_then(|t| World::new(t, StepConfig::default()).ok())
            .map(|mut world| {
                for p in self.pieces().iter().flatten() {
                    // Pieces of a validated state lie on the board without overlapping.
                    let _ = world.add_disc(disc_physics::carrom::COIN, *p, Vec2::ZERO);
                }
                world
            });
        match world {
            Some(world) => draw(&world, &piece_fills(self), None, options),
            None => String::from("<svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Carrom, Stroke};
    use boardgame_core::Seat;

    #[test]
    fn the_break_is_drawn_with_the_pieces_colours_and_paths() {
        let game = Carrom::default();
        let state = game.initial_state(Seat::new(0)).unwrap();
        let trace = game
            .trace(&state, &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 6.0))
            .unwrap();
        let svg = render(&trace, &Options::default());
        for c in [QUEEN, WHITE, BLACK, STRIKER] {
            assert!(svg.contains(c), "{c}");
        }
        assert!(svg.contains("<polyline"));
        // The same events as the plain simulation.
        let plain = game
            .simulate(&state, &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 6.0))
            .unwrap();
        assert_eq!(plain, trace.outcome);
        let board = render(&state, &Options::default());
        assert_eq!(board.matches(WHITE).count(), 9);
        assert_eq!(board.matches(BLACK).count(), 9);
        assert!(!board.contains("<polyline"));
    }
}
