//! SVG pictures of a layout and, optionally, one hand.

use core::fmt::Write;

use crate::layout::Layout;
use crate::tile::{End, Tile, Tiles};

const U: f64 = 24.0; // half a tile: a tile is 2U by U (the usual 2:1 shape)
const MARGIN: f64 = 12.0;

/// Pip positions on a 3x3 grid (0..=2 each way) for 0 to 9 pips; 10 to 12 use two columns
/// of up to 6 more.
fn pips(n: u8) -> &'static [(u8, u8)] {
    match n {
        0 => &[],
        1 => &[(1, 1)],
        2 => &[(0, 0), (2, 2)],
        3 => &[(0, 0), (1, 1), (2, 2)],
        4 => &[(0, 0), (2, 0), (0, 2), (2, 2)],
        5 => &[(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6 => &[(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)],
        7 => &[(0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)],
        8 => &[
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 0),
            (1, 2),
            (2, 0),
            (2, 1),
            (2, 2),
        ],
        _ => &[
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 0),
            (1, 1),
            (1, 2),
            (2, 0),
            (2, 1),
            (2, 2),
        ],
    }
}

/// One half-square of a tile: a square of side `U` at (x, y) showing `n`.
fn half(out: &mut String, x: f64, y: f64, n: u8) {
    let step = U / 4.0;
    for &(i, j) in pips(n) {
        let _ = write!(
            out,
            r#"<circle cx="{:.1}" cy="{:.1}" r="2.2"/>"#,
            x + step * (f64::from(i) + 1.0),
            y + step * (f64::from(j) + 1.0)
        );
    }
    if n > 9 {
        // Ten to twelve: the nine-grid plus a small numeral.
        let _ = write!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="7" fill="#c00">{n}</text>"##,
            x + 1.0,
            y + 7.0
        );
    }
}

/// A tile with its first half (`a`) at (x, y), lying along x when `horizontal`.
fn tile(out: &mut String, x: f64, y: f64, a: u8, b: u8, horizontal: bool) {
    let (w, h) = if horizontal {
        (2.0 * U, U)
    } else {
        (U, 2.0 * U)
    };
    let _ = write!(
        out,
        r##"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" rx="3" fill="#fffdf5" stroke="#222"/>"##
    );
    let (x2, y2) = if horizontal { (x + U, y) } else { (x, y + U) };
    let _ = if horizontal {
        write!(
            out,
            r##"<line x1="{x2:.1}" y1="{:.1}" x2="{x2:.1}" y2="{:.1}" stroke="#222"/>"##,
            y + 3.0,
            y + U - 3.0
        )
    } else {
        write!(
            out,
            r##"<line x1="{:.1}" y1="{y2:.1}" x2="{:.1}" y2="{y2:.1}" stroke="#222"/>"##,
            x + 3.0,
            x + U - 3.0
        )
    };
    half(out, x, y, a);
    half(out, x2, y2, b);
}

/// One tile as drawn: its position along the main line and orientation.
struct Laid {
    a: u8,
    b: u8,
    double: bool,
}

fn laid_arm(prev: u8, tiles: impl Iterator<Item = Tile>) -> Vec<Laid> {
    let mut prev = prev;
    let mut out = Vec::new();
    for t in tiles {
        let o = t.other(prev).unwrap_or(t.low());
        out.push(Laid {
            a: prev,
            b: o,
            double: t.is_double(),
        });
        prev = o;
    }
    out
}

/// Draws the layout as a straight line (doubles crosswise, the spinner's arms up and down)
/// and, when given, a hand in a row below.
///
/// The picture is only a picture: the line does not bend (D8 says bending has no effect).
///
/// # Examples
///
/// ```
/// let layout: dominoes::Layout = "3-5 5-6 [6-6] 6-2".parse()?;
/// let hand: dominoes::Tiles = "4-1 0-0".parse()?;
/// let svg = dominoes::svg::render(&layout, Some(&hand));
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("<rect").count(), 4 + 2 + 1); // tiles plus the background
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn render(layout: &Layout, hand: Option<&Tiles>) -> String {
    let mut body = String::new();
    // Build the main line from left to right as (a, b, double) in display order.
    let mut line: Vec<Laid> = Vec::new();
    let mut spinner_index = None;
    if let Some(first) = layout.first() {
        let left_arm: Vec<Tile> = layout.arm(End::Left).collect();
        let root_left = layout.root_left().unwrap_or(first.high());
        let mut l = laid_arm(root_left, left_arm.into_iter());
        l.reverse();
        for x in l {
            line.push(Laid {
                a: x.b,
                b: x.a,
                double: x.double,
            });
        }
        let right = first.other(root_left).unwrap_or(root_left);
        line.push(Laid {
            a: root_left,
            b: right,
            double: first.is_double(),
        });
        line.extend(laid_arm(right, layout.arm(End::Right)));
        if let Some(sp) = layout.spinner() {
            spinner_index = line.iter().position(|x| x.double && x.a == sp.high());
        }
    }
    let up = layout
        .spinner()
        .map(|sp| laid_arm(sp.high(), layout.arm(End::Up)))
        .unwrap_or_default();
    let down = layout
        .spinner()
        .map(|sp| laid_arm(sp.high(), layout.arm(End::Down)))
        .unwrap_or_default();
    let top = MARGIN + 2.0 * U * up.len() as f64 + U / 2.0;
    let line_y = top + U / 2.0; // centre line of the main row
    let mut x = MARGIN;
    let mut spinner_x = x;
    for (i, t) in line.iter().enumerate() {
        if t.double {
            tile(&mut body, x, line_y - U, t.a, t.b, false);
            if Some(i) == spinner_index {
                spinner_x = x;
            }
            x += U;
        } else {
            tile(&mut body, x, line_y - U / 2.0, t.a, t.b, true);
            x += 2.0 * U;
        }
    }
    let mut width = x + MARGIN;
    for (k, t) in up.iter().enumerate() {
        tile(
            &mut body,
            spinner_x,
            line_y - U - 2.0 * U * (k as f64 + 1.0),
            t.b,
            t.a,
            false,
        );
    }
    for (k, t) in down.iter().enumerate() {
        tile(
            &mut body,
            spinner_x,
            line_y + U + 2.0 * U * k as f64,
            t.a,
            t.b,
            false,
        );
    }
    let mut height = line_y + U + 2.0 * U * down.len() as f64 + MARGIN;
    if let Some(h) = hand {
        let y = height + U / 2.0;
        let mut hx = MARGIN;
        for t in h.iter() {
            tile(&mut body, hx, y, t.high(), t.low(), false);
            hx += U + 6.0;
        }
        width = width.max(hx + MARGIN);
        height = y + 2.0 * U + MARGIN;
    }
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.1} {height:.1}"><rect width="100%" height="100%" fill="#2e6b3f"/><g fill="#111">{body}</g></svg>"##
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_every_tile_once() {
        let layout: Layout = "3-5 [5-5]* 5-0 / up 5-2 2-2 / down 5-6".parse().unwrap();
        let svg = render(&layout, None);
        assert_eq!(svg.matches("<rect").count(), layout.len() + 1);
        // 3+5 + 5+5 + 5+0 + 5+2 + 2+2 + 5+6 pips, each drawn as a circle.
        assert_eq!(svg.matches("<circle").count(), 8 + 10 + 5 + 7 + 4 + 11);
        let empty = render(&Layout::EMPTY, None);
        assert_eq!(empty.matches("<rect").count(), 1);
    }
}
