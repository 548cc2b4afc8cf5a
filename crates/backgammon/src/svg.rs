//! Pictures: [`render`] draws a [`State`] or a [`Position`] as a standalone SVG document.
//!
//! Points, checkers, the bar, the borne-off trays, the cube and the dice are shapes; text is
//! used only for labels (the cube's face, the count on a stack of more than five, and point
//! numbers when [`Options::point_numbers`] asks for them), so a viewer without fonts still
//! shows the whole position.
//!
//! ```
//! use lattjo_backgammon::{svg, Backgammon, Dice, Position, Side};
//! let game = Backgammon::default();
//! let state = game.state_from(Position::start(Side::White), Dice::new(3, 1))?;
//! let picture = svg::render(&state, &svg::Options::default());
//! assert!(picture.starts_with("<svg"));
//! assert_eq!(picture.matches("class=\"checker white\"").count(), 15);
//! assert_eq!(picture.matches("class=\"pip\"").count(), 4); // a 3 and a 1
//! # Ok::<(), lattjo_backgammon::StateError>(())
//! ```

use core::fmt::Write;

use crate::board::{BAR, OFF, Position, Side};
use crate::game::State;
use crate::movegen::Dice;

const W: f64 = 600.0;
const H: f64 = 440.0;
const MARGIN: f64 = 20.0;
const BAR_W: f64 = 40.0;
const TRAY_W: f64 = 50.0;
const PT_W: f64 = (W - 2.0 * MARGIN - BAR_W - TRAY_W) / 12.0;
const R: f64 = PT_W * 0.45;

/// What a picture shows: the checkers, the cube and the dice. Built from a [`State`] (its
/// position, cube and, while a play is due, its dice) or a [`Position`] (a centred cube, no
/// dice).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{svg, Dice, Position, Side};
/// let scene = svg::Scene { dice: Dice::new(6, 6), ..svg::Scene::from(&Position::start(Side::Black)) };
/// let picture = svg::render(scene, &svg::Options::default());
/// assert_eq!(picture.matches("class=\"pip\"").count(), 12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scene {
    /// The checkers.
    pub position: Position,
    /// Log2 of the cube value.
    pub cube_log2: u8,
    /// The cube owner (`None`: centred, drawn on the bar showing 64).
    pub cube_owner: Option<Side>,
    /// The dice to draw.
    pub dice: Option<Dice>,
}

impl From<&State> for Scene {
    fn from(s: &State) -> Scene {
        Scene {
            position: *s.position(),
            cube_log2: s.cube_log2(),
            cube_owner: s.cube_owner(),
            // The dice to play, also while a resignation offered after the roll is pending.
            dice: s.dice(),
        }
    }
}

impl From<&Position> for Scene {
    fn from(p: &Position) -> Scene {
        Scene {
            position: *p,
            cube_log2: 0,
            cube_owner: None,
            dice: None,
        }
    }
}

/// How to draw.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{svg, Position, Side};
/// let o = svg::Options::default().with_point_numbers(true);
/// let picture = svg::render(&Position::start(Side::White), &o);
/// assert_eq!(picture.matches("class=\"point-number\"").count(), 24);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Options {
    /// Write White's point numbers (1..=24) beside the points. Off by default.
    pub point_numbers: bool,
}

impl Options {
    /// These options with point numbers on or off.
    #[must_use]
    pub const fn with_point_numbers(mut self, on: bool) -> Options {
        self.point_numbers = on;
        self
    }
}

/// Draws `subject` (a [`State`], a [`Position`] or a [`Scene`]) as a standalone SVG
/// document, White at the bottom moving counter-clockwise to its home board at the bottom
/// right.
#[must_use]
pub fn render(subject: impl Into<Scene>, options: &Options) -> String {
    let Scene {
        position,
        cube_log2,
        cube_owner,
        dice,
    } = subject.into();
    draw(&position, (cube_log2, cube_owner), dice, options)
}

fn draw(
    position: &Position,
    cube: (u8, Option<Side>),
    dice: Option<Dice>,
    options: &Options,
) -> String {
    let mut s = String::with_capacity(8192);
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">"##
    );
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{W}" height="{H}" fill="#6b4226"/>"##
    );
    let board_w = W - 2.0 * MARGIN - TRAY_W;
    let _ = writeln!(
        s,
        r##"<rect x="{MARGIN}" y="{MARGIN}" width="{board_w}" height="{}" fill="#e8d5a9"/>"##,
        H - 2.0 * MARGIN
    );
    let bar_x = MARGIN + 6.0 * PT_W;
    let _ = writeln!(
        s,
        r##"<rect class="bar" x="{bar_x}" y="{MARGIN}" width="{BAR_W}" height="{}" fill="#4a2d18"/>"##,
        H - 2.0 * MARGIN
    );
    // White point p (1..=24): 1..=12 along the bottom from right to left, 13..=24 along the
    // top from left to right.
    let x_of = |p: usize| -> f64 {
        let col = if p <= 12 { 12 - p } else { p - 13 };
        let mut x = MARGIN + col as f64 * PT_W;
        if col >= 6 {
            x += BAR_W;
        }
        x
    };
    let tri_h = (H - 2.0 * MARGIN) * 0.4;
    for p in 1..=24 {
        let x = x_of(p);
        let fill = if p % 2 == 0 { "#a0522d" } else { "#f5f5dc" };
        let (y0, y1) = if p <= 12 {
            (H - MARGIN, H - MARGIN - tri_h)
        } else {
            (MARGIN, MARGIN + tri_h)
        };
        let _ = writeln!(
            s,
            r##"<polygon class="point" data-point="{p}" points="{x},{y0} {},{y0} {},{y1}" fill="{fill}" stroke="#333" stroke-width="0.5"/>"##,
            x + PT_W,
            x + PT_W / 2.0
        );
        let (side, n) = if position.board[0][p] > 0 {
            (Side::White, position.board[0][p])
        } else {
            (Side::Black, position.board[1][25 - p])
        };
        for i in 0..n {
            let k = f64::from(i.min(4));
            let cy = if p <= 12 {
                H - MARGIN - R - 2.0 * R * k
            } else {
                MARGIN + R + 2.0 * R * k
            };
            checker(&mut s, x + PT_W / 2.0, cy, side);
            if i == 4 && n > 5 {
                let _ = writeln!(
                    s,
                    r##"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="red">{n}</text>"##,
                    x + PT_W / 2.0,
                    cy + 4.0
                );
                break;
            }
        }
    }
    // Bar: White's checkers in the lower half, Black's in the upper.
    for side in Side::ALL {
        let n = position.board[side.index()][BAR];
        for i in 0..n.min(4) {
            let k = f64::from(i);
            let cy = match side {
                Side::White => H / 2.0 + R + 4.0 + 2.0 * R * k,
                Side::Black => H / 2.0 - R - 4.0 - 2.0 * R * k,
            };
            checker(&mut s, bar_x + BAR_W / 2.0, cy, side);
        }
        if n > 0 {
            let y = if side == Side::White {
                H / 2.0 + 14.0
            } else {
                H / 2.0 - 6.0
            };
            let _ = writeln!(
                s,
                r##"<text class="bar-count" x="{}" y="{y}" font-size="11" text-anchor="middle" fill="red">{n}</text>"##,
                bar_x + BAR_W / 2.0
            );
        }
    }
    // Borne-off trays on the right: White bottom, Black top.
    let tray_x = W - MARGIN - TRAY_W + 5.0;
    for side in Side::ALL {
        let n = position.board[side.index()][OFF];
        let (y, fill) = match side {
            Side::White => (H - MARGIN - 4.0 * f64::from(n), "#fafafa"),
            Side::Black => (MARGIN, "#222"),
        };
        for i in 0..n {
            let yy = match side {
                Side::White => y + 4.0 * f64::from(i),
                Side::Black => y + 4.0 * f64::from(i),
            };
            let _ = writeln!(
                s,
                r##"<rect class="off {side}" x="{tray_x}" y="{yy}" width="{}" height="3.5" fill="{fill}" stroke="#555" stroke-width="0.5"/>"##,
                TRAY_W - 10.0
            );
        }
    }
    // The cube: centred on the bar (showing 64), or on the owner's side.
    let (log2, owner) = cube;
    let face = if owner.is_none() && log2 == 0 {
        64
    } else {
        1u128 << log2.min(120)
    };
    let cy = match owner {
        None => H / 2.0,
        Some(Side::White) => H - MARGIN - 30.0,
        Some(Side::Black) => MARGIN + 30.0,
    };
    let _ = writeln!(
        s,
        r##"<rect class="cube" x="{}" y="{}" width="30" height="30" rx="4" fill="#fff" stroke="#000"/><text x="{}" y="{}" font-size="13" text-anchor="middle">{face}</text>"##,
        tray_x + 2.0,
        cy - 15.0,
        tray_x + 17.0,
        cy + 5.0
    );
    if let Some(d) = dice {
        let x0 = bar_x + BAR_W + 2.0 * PT_W;
        for (i, v) in [d.high(), d.low()].into_iter().enumerate() {
            let x = x0 + i as f64 * 40.0;
            let y = H / 2.0 - 15.0;
            let _ = writeln!(
                s,
                r##"<rect class="die" x="{x}" y="{y}" width="30" height="30" rx="5" fill="#fff" stroke="#000"/>"##
            );
            // Pips as dots on a 3 x 3 grid: no font needed.
            for &(col, row) in pips(v) {
                let _ = writeln!(
                    s,
                    r##"<circle class="pip" cx="{}" cy="{}" r="2.6" fill="#000"/>"##,
                    x + 7.0 + 8.0 * f64::from(col),
                    y + 7.0 + 8.0 * f64::from(row)
                );
            }
        }
    }
    if options.point_numbers {
        for p in 1..=24usize {
            let y = if p <= 12 { H - 6.0 } else { 14.0 };
            let _ = writeln!(
                s,
                r##"<text class="point-number" x="{}" y="{y}" font-size="10" text-anchor="middle" fill="#fff">{p}</text>"##,
                x_of(p) + PT_W / 2.0
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

/// The pip cells (column, row on a 3 x 3 grid) of a die showing `v`.
fn pips(v: u8) -> &'static [(u8, u8)] {
    match v {
        1 => &[(1, 1)],
        2 => &[(0, 0), (2, 2)],
        3 => &[(0, 0), (1, 1), (2, 2)],
        4 => &[(0, 0), (2, 0), (0, 2), (2, 2)],
        5 => &[(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        _ => &[(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }
}

fn checker(s: &mut String, cx: f64, cy: f64, side: Side) {
    let (fill, stroke) = match side {
        Side::White => ("#fafafa", "#333"),
        Side::Black => ("#222", "#ddd"),
    };
    let _ = writeln!(
        s,
        r##"<circle class="checker {side}" cx="{cx:.1}" cy="{cy:.1}" r="{R:.1}" fill="{fill}" stroke="{stroke}"/>"##
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_draws_every_checker_point_and_the_cube() {
        let o = Options::default();
        let scene = |cube_log2, cube_owner, dice| Scene {
            position: Position::start(Side::White),
            cube_log2,
            cube_owner,
            dice,
        };
        let svg = render(scene(0, None, Dice::new(6, 5)), &o);
        assert_eq!(svg.matches("class=\"point\"").count(), 24);
        assert_eq!(svg.matches("class=\"checker white\"").count(), 15);
        assert_eq!(svg.matches("class=\"checker black\"").count(), 15);
        assert!(
            svg.contains(">64</text>"),
            "a centred cube shows 64 (B25, D2)"
        );
        assert_eq!(svg.matches("class=\"die\"").count(), 2);
        assert_eq!(svg.matches("class=\"pip\"").count(), 11);
        // Text only for labels: the cube's face here.
        assert_eq!(svg.matches("<text").count(), 1);
        let svg = render(scene(3, Some(Side::Black), None), &o);
        assert!(svg.contains(">8</text>"));
        assert!(svg.ends_with("</svg>\n"));
    }
}
