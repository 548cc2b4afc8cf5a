//! SVG pictures of a layout and, optionally, one hand.

use core::fmt::Write;

use crate::layout::{Layout, side_slot};
use crate::tile::{End, Side, Tile, Tiles};

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

/// A compass direction on the picture (y grows downward).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    E,
    S,
    W,
    N,
}

impl Dir {
    fn step(self) -> (i32, i32) {
        match self {
            Dir::E => (1, 0),
            Dir::S => (0, 1),
            Dir::W => (-1, 0),
            Dir::N => (0, -1),
        }
    }

    fn horizontal(self) -> bool {
        matches!(self, Dir::E | Dir::W)
    }

    /// The two directions across this one: toward the spinner's `up` side first (north
    /// for a horizontal arm, west for a vertical one), then `down`.
    fn across(self) -> [Dir; 2] {
        if self.horizontal() {
            [Dir::N, Dir::S]
        } else {
            [Dir::W, Dir::E]
        }
    }
}

/// A rectangle in grid units of half a tile's width (`U / 2`), half-open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
}

impl Rect {
    fn overlaps(&self, o: &Rect) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }
}

/// One tile as drawn.
struct Drawn {
    rect: Rect,
    /// The number on the top (vertical tile) or left (horizontal tile) half.
    a: u8,
    b: u8,
}

/// Where an arm grows from: the middle of the face it starts at, the direction it grows
/// in, and the face's width in grid units.
#[derive(Clone, Copy)]
struct Cursor {
    x: i32,
    y: i32,
    dir: Dir,
    face: i32,
}

/// A tile's centre and the direction of its arm (for a spinner: where its sides go).
type Spot = (i32, i32, Dir);

/// The picture being laid out: tiles placed so far, and where each spinner lies (its
/// centre and the direction of its arm), by number.
struct Picture {
    tiles: Vec<Drawn>,
    spinners: [Option<Spot>; 13],
    mode: Turning,
    /// Arms that found no way without overlaps.
    crowded: u32,
}

/// Which way an arm turns first when the way ahead is taken.
#[derive(Clone, Copy)]
enum Turning {
    /// Away from the first tile, where there is more room.
    Outward,
    /// Toward the spinner's up side (north or west).
    UpFirst,
    /// Toward the down side (south or east).
    DownFirst,
}

impl Picture {
    /// The rectangle of a tile `len` long and `width` wide laid in `dir` from the middle
    /// point (x, y) of its inner edge.
    fn rect(x: i32, y: i32, dir: Dir, len: i32, width: i32) -> Rect {
        let (dx, dy) = dir.step();
        let (ex, ey) = (x + dx * len, y + dy * len);
        let (hx, hy) = (dy.abs() * width / 2, dx.abs() * width / 2);
        Rect {
            x0: x.min(ex) - hx,
            y0: y.min(ey) - hy,
            x1: x.max(ex) + hx,
            y1: y.max(ey) + hy,
        }
    }

    fn free(&self, r: &Rect) -> bool {
        self.tiles.iter().all(|d| !d.rect.overlaps(r))
    }

    /// The three ways to lay a tile at the cursor, straight on first, then turning (the
    /// line may bend in any direction, D8): each as the tile drawn, the cursor after it and
    /// the tile's centre and direction.
    fn options(
        &self,
        at: Cursor,
        inner: u8,
        outer: u8,
        double: bool,
    ) -> [(Drawn, Cursor, Spot); 3] {
        let (len, width) = if double { (2, 4) } else { (4, 2) };
        let [l, r] = at.dir.across();
        let (lx, ly) = l.step();
        let outward = lx * at.x + ly * at.y >= 0;
        let turns = match self.mode {
            Turning::Outward if outward => [at.dir, l, r],
            Turning::Outward => [at.dir, r, l],
            Turning::UpFirst => [at.dir, l, r],
            Turning::DownFirst => [at.dir, r, l],
        };
        turns.map(|dir| {
            // Turning: the tile lies beyond the face, flush with the arm's side.
            let (x, y) = if dir == at.dir {
                (at.x, at.y)
            } else {
                let (dx, dy) = at.dir.step();
                let (tx, ty) = dir.step();
                (
                    at.x + dx * width / 2 - tx * at.face / 2,
                    at.y + dy * width / 2 - ty * at.face / 2,
                )
            };
            // The inner half lies toward the start: first (top or left) when growing east
            // or south.
            let (a, b) = if matches!(dir, Dir::E | Dir::S) {
                (inner, outer)
            } else {
                (outer, inner)
            };
            let (dx, dy) = dir.step();
            (
                Drawn {
                    rect: Picture::rect(x, y, dir, len, width),
                    a,
                    b,
                },
                Cursor {
                    x: x + dx * len,
                    y: y + dy * len,
                    dir,
                    face: width,
                },
                (x + dx * len / 2, y + dy * len / 2, dir),
            )
        })
    }

    /// Lays `tiles` (inner half, outer half, double) from `at` so that none overlaps a tile
    /// already drawn: a depth-first search preferring straight on, within `budget` steps.
    /// On success the tiles are drawn and their spots returned in `spots`.
    fn fit(
        &mut self,
        tiles: &[(u8, u8, bool)],
        at: Cursor,
        budget: &mut u32,
        spots: &mut Vec<Spot>,
    ) -> bool {
        let Some(&(inner, outer, double)) = tiles.first() else {
            return true;
        };
        for (drawn, next, spot) in self.options(at, inner, outer, double) {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            if !self.free(&drawn.rect) {
                continue;
            }
            self.tiles.push(drawn);
            spots.push(spot);
            if self.fit(&tiles[1..], next, budget, spots) {
                return true;
            }
            self.tiles.pop();
            spots.pop();
        }
        false
    }

    /// Lays an arm of the layout from `at`, recording where its spinners lie. If no way
    /// without overlaps is found within the search budget, the arm goes straight on.
    fn arm(&mut self, layout: &Layout, slot: usize, at: Cursor) {
        let mut tiles = Vec::new();
        let mut doubles = Vec::new();
        for (inner, outer, t) in layout.oriented(slot) {
            tiles.push((inner, outer, t.is_double()));
            doubles.push(t);
        }
        let mut spots = Vec::new();
        let mut budget = 20_000;
        if !self.fit(&tiles, at, &mut budget, &mut spots) {
            self.crowded += 1;
            let mut at = at;
            for &(inner, outer, double) in &tiles {
                let [(drawn, next, spot), ..] = self.options(at, inner, outer, double);
                self.tiles.push(drawn);
                spots.push(spot);
                at = next;
            }
        }
        for (t, spot) in doubles.into_iter().zip(spots) {
            if layout.is_spinner(t) {
                self.spinners[usize::from(t.high()) % 13] = Some(spot);
            }
        }
    }
}

impl Picture {
    /// Lays the two sides of the spinner `s`, and with `depth_first` the sides of the
    /// spinners in them at once.
    fn sides(&mut self, layout: &Layout, s: u8, depth_first: bool) {
        let Some((x, y, dir)) = self.spinners[usize::from(s) % 13] else {
            return;
        };
        for (side, out) in Side::BOTH.into_iter().zip(dir.across()) {
            let (dx, dy) = out.step();
            let at = Cursor {
                x: x + dx * 2,
                y: y + dy * 2,
                dir: out,
                face: 2,
            };
            let slot = side_slot(s, side);
            self.arm(layout, slot, at);
            if depth_first {
                for (_, _, t) in layout.oriented(slot) {
                    if layout.is_spinner(t) {
                        self.sides(layout, t.high(), true);
                    }
                }
            }
        }
    }
}

/// Places every tile of the layout on a grid: the first tile in the middle, the line to
/// the left and right, each spinner's sides across its arm (up: north of a horizontal arm,
/// west of a vertical one), an arm turning when the way ahead is taken. Each way of turning,
/// with the spinners' sides laid breadth first and then depth first, is tried until one
/// draws every arm without overlaps (else the one with fewest crowded arms is kept).
fn place(layout: &Layout) -> Vec<Drawn> {
    let mut best: Option<Picture> = None;
    let modes = [Turning::Outward, Turning::UpFirst, Turning::DownFirst];
    for (mode, depth_first) in [false, true]
        .into_iter()
        .flat_map(|d| modes.map(|m| (m, d)))
    {
        let p = place_with(layout, mode, depth_first);
        if p.crowded == 0 {
            return p.tiles;
        }
        if best.as_ref().is_none_or(|b| p.crowded < b.crowded) {
            best = Some(p);
        }
    }
    best.map(|p| p.tiles).unwrap_or_default()
}

fn place_with(layout: &Layout, mode: Turning, depth_first: bool) -> Picture {
    let mut p = Picture {
        tiles: Vec::new(),
        spinners: [None; 13],
        mode,
        crowded: 0,
    };
    let (Some(root), Some(left)) = (layout.first(), layout.root_left()) else {
        return p;
    };
    let right = root.other(left).unwrap_or(left);
    let half = if root.is_double() { 1 } else { 2 };
    let rect = if root.is_double() {
        Rect {
            x0: -1,
            y0: -2,
            x1: 1,
            y1: 2,
        }
    } else {
        Rect {
            x0: -2,
            y0: -1,
            x1: 2,
            y1: 1,
        }
    };
    p.tiles.push(Drawn {
        rect,
        a: left,
        b: right,
    });
    if layout.is_spinner(root) {
        p.spinners[usize::from(root.high()) % 13] = Some((0, 0, Dir::E));
    }
    let face = if root.is_double() { 4 } else { 2 };
    p.arm(
        layout,
        0,
        Cursor {
            x: -half,
            y: 0,
            dir: Dir::W,
            face,
        },
    );
    p.arm(
        layout,
        1,
        Cursor {
            x: half,
            y: 0,
            dir: Dir::E,
            face,
        },
    );
    if depth_first {
        // Each spinner's sides right after the arm holding it, the line's spinners from
        // the left.
        let mut line: Vec<Tile> = layout.arm(End::Left).collect();
        line.reverse();
        line.push(root);
        line.extend(layout.arm(End::Right));
        for t in line {
            if layout.is_spinner(t) {
                p.sides(layout, t.high(), true);
            }
        }
    } else {
        let (order, n) = layout.spinners_in_text_order();
        for &s in &order[..n] {
            p.sides(layout, s, false);
        }
    }
    p
}

/// Draws the layout (doubles crosswise, every spinner's sides across its arm, an arm
/// turning where the way ahead is taken, so that no two tiles overlap in ordinary games)
/// and, when given, a hand in a row below.
///
/// The picture is only a picture: where the line bends has no effect on the rules (D8).
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
    let drawn = place(layout);
    let g = U / 2.0; // one grid unit
    let min_x = drawn.iter().map(|d| d.rect.x0).min().unwrap_or(0);
    let min_y = drawn.iter().map(|d| d.rect.y0).min().unwrap_or(0);
    let max_x = drawn.iter().map(|d| d.rect.x1).max().unwrap_or(0);
    let max_y = drawn.iter().map(|d| d.rect.y1).max().unwrap_or(0);
    let mut body = String::new();
    for d in &drawn {
        let horizontal = d.rect.x1 - d.rect.x0 > d.rect.y1 - d.rect.y0;
        tile(
            &mut body,
            MARGIN + f64::from(d.rect.x0 - min_x) * g,
            MARGIN + f64::from(d.rect.y0 - min_y) * g,
            d.a,
            d.b,
            horizontal,
        );
    }
    let mut width = MARGIN * 2.0 + f64::from(max_x - min_x) * g;
    let mut height = MARGIN * 2.0 + f64::from(max_y - min_y) * g;
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
