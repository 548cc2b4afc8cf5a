//! SVG pictures of a position: the loop of dots, the dens, the home tracks, the finishing dot,
//! the checkers and the last move.
//!
//! The board is drawn for any geometry: the `T` loop dots on a circle (clockwise from red's
//! start dot at the top), each colour's `H` home-track dots on a spoke towards the centre, the
//! dens outside the circle next to their start dots, a star on each safe loop dot (D7's separate
//! option, [`crate::Rules::safe_dots`]). Everything is drawn as shapes, checkers sharing a dot
//! as a small stack of discs (colours sharing a safe dot side by side, a stack each), so no
//! font is needed.
//!
//! ```
//! use lattjo_ludo::{svg, Ludo};
//! let game = Ludo::default();
//! let state = game.state_from_str("LUDO 40/40/4 RGYB G 0 R:0,0,6,45 G:0,1,1,42 Y:0,0,0,0 B:0,0,0,0")?;
//! let options = svg::Options::default().with_last_move("R:0>6".parse()?);
//! let picture = svg::render(&state, &options);
//! assert!(picture.starts_with("<svg"));
//! assert!(picture.contains("class=\"last-move\""));
//! assert!(!picture.contains("<text"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt::Write;

use crate::{Colour, Dot, Finish, Move, State};

/// What to draw besides the position.
///
/// # Examples
///
/// ```
/// let plain = lattjo_ludo::svg::Options::default();
/// assert_eq!(plain.last_move, None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The move that led to the position, drawn as an arrow from where the checker left to
    /// where it landed.
    pub last_move: Option<Move>,
}

impl Options {
    /// These options with `last_move` drawn as an arrow.
    #[must_use]
    pub const fn with_last_move(mut self, last_move: Move) -> Options {
        self.last_move = Some(last_move);
        self
    }
}

const SIZE: f64 = 480.0;
const CENTRE: f64 = SIZE / 2.0;
const RING: f64 = 160.0;

fn fill(c: Colour) -> &'static str {
    match c {
        Colour::Red => "#d62828",
        Colour::Green => "#2a9d3f",
        Colour::Yellow => "#f2c12e",
        Colour::Blue => "#1f5fbf",
    }
}

fn polar(angle_turns: f64, radius: f64) -> (f64, f64) {
    let a = (angle_turns - 0.25) * core::f64::consts::TAU;
    (CENTRE + radius * a.cos(), CENTRE + radius * a.sin())
}

struct Layout {
    loop_len: f64,
    last_loop: u8,
    home_len: u8,
}

impl Layout {
    fn loop_angle(&self, dot: f64) -> f64 {
        dot / self.loop_len
    }

    fn den(&self, c: Colour) -> (f64, f64) {
        let start = self.loop_len / 4.0 * c.index() as f64;
        polar(self.loop_angle(start) - 0.06, RING + 48.0)
    }

    fn home_angle(&self, c: Colour) -> f64 {
        let start = self.loop_len / 4.0 * c.index() as f64;
        let last = start + f64::from(self.last_loop) - 1.0;
        self.loop_angle(last + 0.5)
    }

    fn point(&self, dot: Dot) -> (f64, f64) {
        match dot {
            Dot::Den(c) => self.den(c),
            Dot::Loop(d) => polar(self.loop_angle(f64::from(d)), RING),
            Dot::Home(c, h) => {
                let step = (RING - 40.0) / (f64::from(self.home_len) + 1.0);
                polar(self.home_angle(c), RING - step * f64::from(h))
            }
            Dot::Finish => (CENTRE, CENTRE),
        }
    }
}

/// The position of `state` as a standalone SVG document (drawn for the state's own rules), with
/// what `options` asks for.
#[must_use]
pub fn render(state: &State, options: &Options) -> String {
    let pos = state.position();
    let rules = state.rules();
    let last = options.last_move.as_ref();
    let g = pos.geometry();
    let lay = Layout {
        loop_len: f64::from(g.loop_len()),
        last_loop: g.last_loop(),
        home_len: g.home_len(),
    };
    let mut s = String::with_capacity(16 * 1024);
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {SIZE} {SIZE}\" width=\"{SIZE}\" height=\"{SIZE}\">"
    );
    let _ = writeln!(s, "<title>{pos}</title>");
    let _ = writeln!(
        s,
        "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"black\"/></marker></defs>"
    );
    let _ = writeln!(
        s,
        "<rect width=\"{SIZE}\" height=\"{SIZE}\" fill=\"#fbf6e9\"/>"
    );
    // The loop; start dots and sixth dots in their colour.
    let sixth = rules.sixth_dot;
    for d in 0..g.loop_len() {
        let (x, y) = lay.point(Dot::Loop(d));
        let mut colour = "white";
        for c in pos.seats().colours() {
            if g.loop_dot(c, 1) == Some(d) || g.loop_dot(c, sixth) == Some(d) {
                colour = fill(c);
            }
        }
        let _ = writeln!(
            s,
            "<circle class=\"dot\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"8\" fill=\"{colour}\" stroke=\"#555\" fill-opacity=\"0.45\"/>"
        );
    }
    // D7's separate option: a star on each safe loop dot.
    for d in rules.safe_dots.loop_dots(g) {
        let (x, y) = lay.point(Dot::Loop(d));
        let mut points = String::new();
        for i in 0..10 {
            let r = if i % 2 == 0 { 7.0 } else { 3.0 };
            let a = (f64::from(i) / 10.0 - 0.25) * core::f64::consts::TAU;
            let _ = write!(points, "{:.1},{:.1} ", x + r * a.cos(), y + r * a.sin());
        }
        let _ = writeln!(
            s,
            "<polygon class=\"star\" points=\"{}\" fill=\"#555\" fill-opacity=\"0.6\"/>",
            points.trim_end()
        );
    }
    // Dens and home tracks of the playing colours.
    for c in pos.seats().colours() {
        let (x, y) = lay.den(c);
        let _ = writeln!(
            s,
            "<circle class=\"den\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"30\" fill=\"{}\" fill-opacity=\"0.35\" stroke=\"{}\"/>",
            fill(c),
            fill(c)
        );
        for h in 1..=g.home_len() {
            let (x, y) = lay.point(Dot::Home(c, h));
            let _ = writeln!(
                s,
                "<circle class=\"home\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"8\" fill=\"{}\" fill-opacity=\"0.45\" stroke=\"#555\"/>",
                fill(c)
            );
        }
    }
    if rules.finish == Finish::CentreDot {
        let _ = writeln!(
            s,
            "<circle class=\"finish\" cx=\"{CENTRE}\" cy=\"{CENTRE}\" r=\"22\" fill=\"white\" stroke=\"#555\"/>"
        );
    }
    // Checkers: a disc per checker, several on one dot stacked with a small offset.
    for c in pos.seats().colours() {
        let ch = pos.checkers(c);
        let mut i = 0;
        while i < 4 {
            let k = ch[i];
            let n = ch[i..].iter().take_while(|&&x| x == k).count();
            i += n;
            let Some(dot) = g.dot(c, k) else { continue };
            if k == 0 {
                let (x, y) = lay.den(c);
                for j in 0..n {
                    let dx = if j % 2 == 0 { -10.0 } else { 10.0 };
                    let dy = if j < 2 { -10.0 } else { 10.0 };
                    let _ = writeln!(
                        s,
                        "<circle class=\"checker\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"7\" fill=\"{}\" stroke=\"black\"/>",
                        x + dx,
                        y + dy,
                        fill(c)
                    );
                }
                continue;
            }
            let (mut x, mut y) = lay.point(dot);
            if let Dot::Loop(d) = dot {
                // Colours sharing a safe dot (D7's separate option): side by side.
                let (mut rank, mut colours) = (0, 0);
                for (o, _) in pos.on_loop_dot(d) {
                    if o == c {
                        rank = colours;
                    }
                    colours += 1;
                }
                x += 9.0 * (f64::from(rank) - f64::from(colours - 1) / 2.0);
            }
            if dot == Dot::Finish {
                let (ox, oy) = polar(lay.home_angle(c), 11.0);
                x = ox;
                y = oy;
            }
            for j in 0..n {
                let lift = 3.0 * j as f64;
                let _ = writeln!(
                    s,
                    "<circle class=\"checker\" cx=\"{x:.1}\" cy=\"{:.1}\" r=\"7\" fill=\"{}\" stroke=\"black\"/>",
                    y - lift,
                    fill(c)
                );
            }
        }
    }
    if let Some(m) = last
        && let (Some(from), Some(to)) = (m.source(), m.target())
        && let (Some(a), Some(b)) = (g.dot(m.colour(), from), g.dot(m.colour(), to))
    {
        let (x1, y1) = lay.point(a);
        let (x2, y2) = lay.point(b);
        let _ = writeln!(
            s,
            "<line class=\"last-move\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"black\" stroke-width=\"2\" marker-end=\"url(#arrow)\"><title>{m}</title></line>"
        );
    }
    let _ = writeln!(s, "</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Ludo, Rules};

    #[test]
    fn draws_every_dot_checker_and_the_last_move() {
        let game = Ludo::new(Rules::classic().with_players(2)).unwrap();
        let st = game
            .state_from_str("LUDO 52/51/5 RY R 0 R:0,1,20,57 Y:0,0,0,53")
            .unwrap();
        let last = Options::default().with_last_move("R:16>20".parse().unwrap());
        let svg = render(&st, &last);
        assert_eq!(svg.matches("class=\"dot\"").count(), 52);
        assert_eq!(
            svg.matches("class=\"home\"").count(),
            10,
            "two colours x 5 home dots"
        );
        assert_eq!(
            svg.matches("class=\"den\"").count(),
            2,
            "inactive colours are absent"
        );
        assert_eq!(svg.matches("class=\"checker\"").count(), 8);
        assert_eq!(svg.matches("class=\"finish\"").count(), 1);
        assert_eq!(svg.matches("class=\"last-move\"").count(), 1);
        assert!(svg.trim_end().ends_with("</svg>"));
        let none = render(&st, &Options::default());
        assert!(!none.contains("last-move"));
    }

    /// T4: every version lays the start dot beside the den, in the den's colour. The SVG
    /// draws each start dot in its colour's fill, and each den nearer to its own start dot
    /// than to any other colour's.
    #[test]
    fn t4_the_start_dot_is_drawn_beside_its_den_in_the_dens_colour() {
        use boardgame_core::Game;
        for rules in [Rules::lattjo(), Rules::classic(), Rules::mensch()] {
            let game = Ludo::new(rules).unwrap();
            let st = game.new_initial_state();
            let g = st.position().geometry();
            let lay = Layout {
                loop_len: f64::from(g.loop_len()),
                last_loop: g.last_loop(),
                home_len: g.home_len(),
            };
            let svg = render(&st, &Options::default());
            let colours: Vec<Colour> = st.position().seats().colours().collect();
            assert_eq!(colours.len(), 4);
            for &c in &colours {
                let start = g.loop_dot(c, 1).unwrap();
                let (sx, sy) = lay.point(Dot::Loop(start));
                let drawn = format!("cx=\"{sx:.1}\" cy=\"{sy:.1}\" r=\"8\" fill=\"{}\"", fill(c));
                assert!(svg.contains(&drawn), "{c:?}'s start dot in its colour");
                let (dx, dy) = lay.den(c);
                let from_den = |d: u8| {
                    let (x, y) = lay.point(Dot::Loop(d));
                    (x - dx).hypot(y - dy)
                };
                for &o in colours.iter().filter(|&&o| o != c) {
                    assert!(
                        from_den(start) < from_den(g.loop_dot(o, 1).unwrap()),
                        "{c:?} {o:?}"
                    );
                }
            }
        }
    }

    /// D7's separate option: a star on each safe loop dot, and colours sharing one drawn side
    /// by side, each visible.
    #[test]
    fn d7_stars_and_colours_sharing_a_star_are_drawn() {
        let text = "LUDO 52/51/5 RGYB R 0 R:0,0,0,9 G:0,0,0,48 Y:0,0,0,0 B:0,0,0,0";
        let plain = Ludo::new(Rules::classic()).unwrap();
        let free = plain
            .state_from_str("LUDO 52/51/5 RGYB R 0 R:0,0,0,9 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0")
            .unwrap();
        assert_eq!(
            render(&free, &Options::default())
                .matches("class=\"star\"")
                .count(),
            0
        );
        let game = Ludo::new(Rules::classic().with_safe_dots(crate::SafeDots::LUDO_KING)).unwrap();
        let st = game.state_from_str(text).unwrap();
        let svg = render(&st, &Options::default());
        assert_eq!(svg.matches("class=\"star\"").count(), 8);
        assert_eq!(svg.matches("class=\"checker\"").count(), 16);
        // The red and the green checker on loop dot 8 are at different places.
        let (x, y) = Layout {
            loop_len: 52.0,
            last_loop: 51,
            home_len: 5,
        }
        .point(Dot::Loop(8));
        let at = |dx: f64| format!("cx=\"{:.1}\" cy=\"{y:.1}\"", x + dx);
        let checker = |c: Colour, dx: f64| {
            svg.lines().any(|l| {
                l.contains("class=\"checker\"") && l.contains(fill(c)) && l.contains(&at(dx))
            })
        };
        assert!(checker(Colour::Red, -4.5), "{svg}");
        assert!(checker(Colour::Green, 4.5), "{svg}");
    }

    #[test]
    fn stacked_checkers_are_drawn_as_a_stack_of_discs_without_text() {
        let game = Ludo::default();
        let st = game
            .state_from_str("LUDO 40/40/4 RGYB R 0 R:1,1,1,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0")
            .unwrap();
        let svg = render(&st, &Options::default());
        assert!(!svg.contains("<text"), "no font needed");
        assert_eq!(svg.matches("class=\"checker\"").count(), 16);
        // The three on red's start dot (loop dot 0, at the top) are lifted 3 units each.
        let start = svg
            .lines()
            .filter(|l| l.contains("class=\"checker\"") && l.contains("cx=\"240.0\""))
            .count();
        assert_eq!(start, 3);
    }
}
