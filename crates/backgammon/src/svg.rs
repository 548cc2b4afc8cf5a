//! SVG rendering of a position: points, checkers, bar, borne-off trays, the cube, the dice.

use core::fmt::Write;

use crate::board::{BAR, OFF, Position, Side};
use crate::movegen::Dice;

const W: f64 = 600.0;
const H: f64 = 440.0;
const MARGIN: f64 = 20.0;
const BAR_W: f64 = 40.0;
const TRAY_W: f64 = 50.0;
const PT_W: f64 = (W - 2.0 * MARGIN - BAR_W - TRAY_W) / 12.0;
const R: f64 = PT_W * 0.45;

/// Draws `position` as a standalone SVG document, White at the bottom moving
/// counter-clockwise to its home board at the bottom right. `cube` is (log2 value, owner;
/// `None` = centred, drawn as 64); `dice` are drawn on the right half when given.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{render_svg, Dice, Position, Side};
/// let svg = render_svg(&Position::start(Side::White), (0, None), Dice::new(3, 1));
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("class=\"checker white\"").count(), 15);
/// ```
#[must_use]
pub fn render_svg(position: &Position, cube: (u8, Option<Side>), dice: Option<Dice>) -> String {
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
            let _ = writeln!(
                s,
                r##"<rect class="die" x="{x}" y="{}" width="30" height="30" rx="5" fill="#fff" stroke="#000"/><text x="{}" y="{}" font-size="16" text-anchor="middle">{v}</text>"##,
                H / 2.0 - 15.0,
                x + 15.0,
                H / 2.0 + 6.0
            );
        }
    }
    s.push_str("</svg>\n");
    s
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
        let svg = render_svg(&Position::start(Side::White), (0, None), Dice::new(6, 5));
        assert_eq!(svg.matches("class=\"point\"").count(), 24);
        assert_eq!(svg.matches("class=\"checker white\"").count(), 15);
        assert_eq!(svg.matches("class=\"checker black\"").count(), 15);
        assert!(
            svg.contains(">64</text>"),
            "a centred cube shows 64 (B25, D2)"
        );
        assert_eq!(svg.matches("class=\"die\"").count(), 2);
        let svg = render_svg(&Position::start(Side::White), (3, Some(Side::Black)), None);
        assert!(svg.contains(">8</text>"));
        assert!(svg.ends_with("</svg>\n"));
    }
}
