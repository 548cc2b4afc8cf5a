//! SVG pictures of a position: [`render`] with its [`Options`].
//!
//! Men and kings are drawn as shapes (discs, a second disc stacked on a king as D11 says,
//! and a crown outline), so a picture looks the same in every viewer; text is used only for
//! the square numbers, which can be turned off.
//!
//! ```
//! use lattjo_draughts::{KingMoves, Position, svg};
//!
//! let before: Position = "B:W9,10,17,18:BK6".parse()?;
//! let mv = before.parse_move("6x15x22x13x6", KingMoves::Short)?;
//! let mut after = before;
//! after.play(&mv, KingMoves::Short)?;
//! let picture = svg::render(&after, &svg::Options::default().with_last_move(Some(mv)));
//! assert!(picture.starts_with("<svg"));
//! assert_eq!(picture.matches("class=\"king black\"").count(), 1);
//! assert_eq!(picture.matches("class=\"taken\"").count(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt::Write;

use crate::movegen::Move;
use crate::position::Position;
use crate::square::{Color, Role, Square};

/// Width of a square in the picture's own units (the view box is 8 squares wide).
const CELL: i32 = 50;

/// What to draw besides the pieces.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Position, svg};
/// let options = svg::Options::default().with_numbers(false).with_flipped(true).with_size(240);
/// let picture = svg::render(&Position::start(), &options);
/// assert!(picture.contains("width=\"240\""));
/// assert!(!picture.contains("<text"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// A move to show: a line through its path, its captured squares crossed. `None` by
    /// default.
    pub last_move: Option<Move>,
    /// Number the 32 playing squares (1-32, the only text in the picture). `true` by
    /// default.
    pub numbers: bool,
    /// Black at the bottom instead of White (the standard diagrams have White at the
    /// bottom). `false` by default.
    pub flipped: bool,
    /// The picture's width and height in pixels. 400 by default.
    pub size: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            last_move: None,
            numbers: true,
            flipped: false,
            size: 400,
        }
    }
}

impl Options {
    /// The same options showing `last_move`.
    #[must_use]
    pub const fn with_last_move(self, last_move: Option<Move>) -> Options {
        Options { last_move, ..self }
    }

    /// The same options with or without the square numbers.
    #[must_use]
    pub const fn with_numbers(self, numbers: bool) -> Options {
        Options { numbers, ..self }
    }

    /// The same options with Black at the bottom (`true`) or White (`false`).
    #[must_use]
    pub const fn with_flipped(self, flipped: bool) -> Options {
        Options { flipped, ..self }
    }

    /// The same options at `size` pixels square.
    #[must_use]
    pub const fn with_size(self, size: u32) -> Options {
        Options { size, ..self }
    }
}

/// The top-left corner of square (`row`, `col`) as drawn.
fn corner(row: i32, col: i32, flipped: bool) -> (i32, i32) {
    if flipped {
        ((7 - col) * CELL, (7 - row) * CELL)
    } else {
        (col * CELL, row * CELL)
    }
}

fn centre(s: Square, flipped: bool) -> (i32, i32) {
    let (x, y) = corner(i32::from(s.row()), i32::from(s.column()), flipped);
    (x + CELL / 2, y + CELL / 2)
}

/// A disc with a ridge (the look of a draughts piece), centred on (`x`, `y`).
fn disc(out: &mut String, class: &str, x: i32, y: i32) {
    let r = CELL * 2 / 5;
    let _ = writeln!(
        out,
        "<g class=\"{class}\"><circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\"/>\
         <circle class=\"ridge\" cx=\"{x}\" cy=\"{y}\" r=\"{}\"/></g>",
        r - 6
    );
}

/// Draws `position` as a standalone SVG image: the board with its dark playing squares
/// (numbered 1-32 unless [`Options::numbers`] is off), men as discs, kings as two stacked
/// discs with a crown, and [`Options::last_move`] as a line through its path with the
/// captured squares crossed. White is at the bottom unless [`Options::flipped`].
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Position, svg};
/// let picture = svg::render(&Position::start(), &svg::Options::default());
/// assert_eq!(picture.matches("class=\"man black\"").count(), 12);
/// assert_eq!(picture.matches("class=\"man white\"").count(), 12);
/// ```
#[must_use]
pub fn render(position: &Position, options: &Options) -> String {
    let flipped = options.flipped;
    let view = CELL * 8;
    let size = options.size;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {view} {view}\" width=\"{size}\" height=\"{size}\">"
    );
    let _ = writeln!(out, "<title>{position}</title>");
    out.push_str(
        "<style>.light{fill:#f0d9b5}.dark{fill:#8b5a2b}\
         .num{font:10px sans-serif;fill:#f0d9b5}\
         .black circle{fill:#2b2b2b;stroke:#000;stroke-width:1.5}\
         .white circle{fill:#fafafa;stroke:#555;stroke-width:1.5}\
         .black .ridge{fill:none;stroke:#555}.white .ridge{fill:none;stroke:#bbb}\
         .crown{fill:#d4a017;stroke:#7a5a00;stroke-width:1}\
         .last{stroke:#2a7fff;stroke-width:5;fill:none;opacity:0.7;stroke-linejoin:round}\
         .taken{stroke:#d00;stroke-width:4}</style>\n",
    );
    for row in 0..8 {
        for col in 0..8 {
            let class = if (row + col) % 2 == 1 {
                "dark"
            } else {
                "light"
            };
            let (x, y) = corner(row, col, flipped);
            let _ = writeln!(
                out,
                "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>"
            );
        }
    }
    if options.numbers {
        for s in Square::all() {
            let (x, y) = centre(s, flipped);
            let _ = writeln!(
                out,
                "<text class=\"num\" x=\"{}\" y=\"{}\">{s}</text>",
                x - CELL / 2 + 2,
                y - CELL / 2 + 11
            );
        }
    }
    if let Some(mv) = &options.last_move {
        let mut points = String::new();
        for s in mv.path() {
            let (x, y) = centre(s, flipped);
            let _ = write!(
                points,
                "{}{x},{y}",
                if points.is_empty() { "" } else { " " }
            );
        }
        let _ = writeln!(out, "<polyline class=\"last\" points=\"{points}\"/>");
        for s in mv.captured() {
            let (x, y) = centre(s, flipped);
            let d = CELL / 4;
            let _ = writeln!(
                out,
                "<path class=\"taken\" d=\"M{} {}L{} {}M{} {}L{} {}\"/>",
                x - d,
                y - d,
                x + d,
                y + d,
                x + d,
                y - d,
                x - d,
                y + d
            );
        }
    }
    for (s, p) in position.pieces() {
        let (x, y) = centre(s, flipped);
        let colour = match p.color {
            Color::Black => "black",
            Color::White => "white",
        };
        match p.role {
            Role::Man => disc(&mut out, &format!("man {colour}"), x, y),
            Role::King => {
                // D11: a second piece stacked on the first, and a crown on top.
                let _ = writeln!(out, "<g class=\"king {colour}\">");
                disc(&mut out, colour, x, y + 3);
                disc(&mut out, colour, x, y - 3);
                let (w, h) = (CELL / 5, CELL / 8);
                let (l, r, b, t) = (x - w, x + w, y + h - 3, y - h - 3);
                let _ = writeln!(
                    out,
                    "<path class=\"crown\" d=\"M{l} {b}L{l} {t}L{} {}L{x} {t}L{} {}L{r} {t}L{r} {b}Z\"/>",
                    x - w / 2,
                    y - 3,
                    x + w / 2,
                    y - 3
                );
                out.push_str("</g>\n");
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::KingMoves;

    #[test]
    fn pieces_numbers_and_last_move_are_drawn() {
        let pos: Position = "B:W9,10,17,18:BK6".parse().unwrap();
        let mv = pos.parse_move("6x15x22x13x6", KingMoves::Short).unwrap();
        let mut after = pos;
        after.play(&mv, KingMoves::Short).unwrap();
        let image = render(&after, &Options::default().with_last_move(Some(mv)));
        assert_eq!(image.matches("<text class=\"num\"").count(), 32);
        assert_eq!(image.matches("class=\"king black\"").count(), 1);
        assert_eq!(image.matches("class=\"crown\"").count(), 1);
        assert_eq!(image.matches("class=\"man white\"").count(), 0);
        assert_eq!(image.matches("class=\"taken\"").count(), 4);
        // The path: 6, 15, 22, 13, 6 (square 6 is row 1 column 2 -> centre 125,75).
        assert!(
            image.contains("points=\"125,75 225,175 125,275 25,175 125,75\""),
            "{image}"
        );
        assert_eq!(image.matches("<rect class=\"dark\"").count(), 32);
        // Dark squares are exactly the numbered ones: square 1's rect is at x 50, y 0.
        assert!(image.contains("<rect class=\"dark\" x=\"50\" y=\"0\""));
    }

    #[test]
    fn no_text_but_the_numbers_pieces_are_shapes() {
        let pos: Position = "W:WK1,18:B7,K30".parse().unwrap();
        let image = render(&pos, &Options::default().with_numbers(false));
        assert!(!image.contains("<text"), "{image}");
        assert_eq!(image.matches("class=\"crown\"").count(), 2);
        assert_eq!(image.matches("<circle").count(), 2 * (2 + 2 * 2));
    }

    #[test]
    fn flipped_puts_black_at_the_bottom() {
        // Square 1 (b8) is drawn at the bottom right when flipped: column 6, row 7.
        let image = render(&Position::start(), &Options::default().with_flipped(true));
        assert!(
            image.contains("<text class=\"num\" x=\"302\" y=\"361\">1</text>"),
            "{image}"
        );
        let plain = render(&Position::start(), &Options::default());
        assert!(plain.contains("<text class=\"num\" x=\"52\" y=\"11\">1</text>"));
        assert_eq!(image.matches("<rect class=\"dark\"").count(), 32);
    }
}
