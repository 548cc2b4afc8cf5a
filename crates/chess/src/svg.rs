//! SVG diagrams of a position, written by hand (no dependency): the board, the pieces drawn
//! as shapes (paths, circles and lines, so no font is needed for them and every viewer
//! shows the same picture), file and rank labels (the only text), and optional last-move and
//! check highlights.
//!
//! The piece shapes are this crate's own, drawn on a 45 x 45 grid per square in the manner
//! of the usual diagram sets (python-chess's diagrams are the model for the layout).

use core::fmt::Write as _;

use crate::position::{Move, Position};
use crate::types::{Color, File, Rank, Role, Square};

/// Drawing options.
///
/// # Examples
///
/// ```
/// use lattjo_chess::svg::{self, Options};
/// use lattjo_chess::{Move, Position, Square};
///
/// let options = Options {
///     flipped: true,
///     last_move: Some(Move::new(Square::E2, Square::E4)),
///     ..Options::default()
/// };
/// let picture = svg::render(&Position::new(), &options);
/// assert_eq!(picture.matches("class=\"last\"").count(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Side length of one square in pixels (default 45, the size of common diagrams; taken
    /// as at least 8 and at most [`MAX_SQUARE_PX`]).
    pub square_px: u32,
    /// Squares of the last move to highlight (default none).
    pub last_move: Option<Move>,
    /// Mark the king of the side to move when it is in check (default on).
    pub check: bool,
    /// Draw from Black's side (default off: White at the bottom).
    pub flipped: bool,
    /// Draw file letters and rank digits around the board (default on).
    pub coordinates: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            square_px: 45,
            last_move: None,
            check: true,
            flipped: false,
            coordinates: true,
        }
    }
}

/// A base plate shared by most pieces: a low trapezoid on the bottom of the square.
const BASE: &str = "M9.5 39.5h26l-1.5-4.5h-23z";

/// The outline paths of each piece (filled with the piece colour, stroked black), then the
/// detail lines (stroked in the contrasting colour), on a 45 x 45 grid.
fn shape(role: Role) -> (&'static [&'static str], &'static [&'static str]) {
    match role {
        Role::Pawn => (
            &[
                "M22.5 8.5a5 5 0 1 0 0.01 0z",
                "M17.5 20.5h10l1 2h-12z",
                "M18.5 22.5h8c0.5 4 2.5 8 5 12.5h-18c2.5-4.5 4.5-8.5 5-12.5z",
                BASE,
            ],
            &[],
        ),
        Role::Knight => (
            &[
                "M14 35c0.5-6 3-9.5 7-12.5c-2 0.5-4 1.5-6 3l-2.5-0.5l-3.5 2.5l-1.5-2.5\
                 c0-3 1.5-6.5 4-9.5l1-4.5l2.5 2.5l1-3.5l3 3c6 0.5 11 5 12.5 12\
                 c1 5 1 10 0.5 13.5z",
                BASE,
            ],
            &[
                "M14 17.5a1.2 1.2 0 1 0 0.01 0",
                "M24.5 16.5c3 2.5 4.5 7 4.5 13",
            ],
        ),
        Role::Bishop => (
            &[
                "M22.5 5.5a2.5 2.5 0 1 0 0.01 0z",
                "M22.5 10.5c-5 4-8 9-8 14c0 3.5 2 6 3.5 7.5h9c1.5-1.5 3.5-4 3.5-7.5\
                 c0-5-3-10-8-14z",
                "M16.5 32h12l1 3h-14z",
                BASE,
            ],
            &["M25 16.5l-5 5", "M18 32h9"],
        ),
        Role::Rook => (
            &[
                "M11 9h4v3h5v-3h5v3h5v-3h4v7h-23z",
                "M14 16h17v3h-17z",
                "M15 19h15l1 13h-17z",
                "M12 32h21l1.5 3h-24z",
                BASE,
            ],
            &["M15 19h15", "M14 32h17"],
        ),
        Role::Queen => (
            &[
                "M10.5 31.5l-2.5-17l6.5 9.5l1-12l7 11l7-11l1 12l6.5-9.5l-2.5 17z",
                "M8 12.5a2 2 0 1 0 0.01 0z",
                "M15.5 9.5a2 2 0 1 0 0.01 0z",
                "M22.5 8a2 2 0 1 0 0.01 0z",
                "M29.5 9.5a2 2 0 1 0 0.01 0z",
                "M37 12.5a2 2 0 1 0 0.01 0z",
                "M10.5 31.5h24l1 3.5h-26z",
                BASE,
            ],
            &["M11.5 28.5h22"],
        ),
        Role::King => (
            &[
                "M22.5 2.5v9.5M18 6.5h9",
                "M22.5 15c-2 0-3 1.5-3 3.5c0 2.5 3 5.5 3 5.5s3-3 3-5.5c0-2-1-3.5-3-3.5z",
                "M11 35l1-6c-5-3.5-5.5-11 0.5-13c4-1.5 8 1 10 8.5c2-7.5 6-10 10-8.5\
                 c6 2 5.5 9.5 0.5 13l1 6z",
                BASE,
            ],
            &["M12 29c6-2 15-2 21 0", "M12.5 32c6-1.5 14-1.5 20 0"],
        ),
    }
}

/// The largest square [`render`] draws, in pixels (2^20); a larger [`Options::square_px`] is
/// taken as this.
pub const MAX_SQUARE_PX: u32 = 1 << 20;

/// Draws `pos` as a standalone SVG document.
///
/// # Examples
///
/// ```
/// use lattjo_chess::svg::{self, Options};
///
/// let picture = svg::render(&lattjo_chess::Position::new(), &Options::default());
/// assert!(picture.starts_with("<svg"));
/// assert_eq!(picture.matches("<g class=\"piece").count(), 32);
/// assert_eq!(picture.matches("<text").count(), 16, "only the coordinates are text");
/// ```
#[must_use]
pub fn render(pos: &Position, opts: &Options) -> String {
    // Clamped so that the picture's size, 9 squares with the margins, fits a `u32` (a larger
    // square overflowed it: a panic in a debug build, a wrong picture in a release build).
    let sq = opts.square_px.clamp(8, MAX_SQUARE_PX);
    let margin = if opts.coordinates { sq / 2 } else { 0 };
    let size = 8 * sq + 2 * margin;
    let mut s = String::with_capacity(32_768);
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{size}\" \
height=\"{size}\" viewBox=\"0 0 {size} {size}\">\
<rect width=\"{size}\" height=\"{size}\" fill=\"#ffffff\"/>"
    );
    let xy = |square: Square| {
        let (f, r) = (square.file().index() as u32, square.rank().index() as u32);
        let (col, row) = if opts.flipped { (7 - f, r) } else { (f, 7 - r) };
        (margin + col * sq, margin + row * sq)
    };
    for square in Square::ALL {
        let (x, y) = xy(square);
        let (class, fill) = if square.is_light() {
            ("light", "#f0d9b5")
        } else {
            ("dark", "#b58863")
        };
        let _ = write!(
            s,
            "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{sq}\" height=\"{sq}\" fill=\"{fill}\"/>"
        );
    }
    if let Some(m) = opts.last_move {
        for square in [m.from, m.to] {
            let (x, y) = xy(square);
            let _ = write!(
                s,
                "<rect class=\"last\" x=\"{x}\" y=\"{y}\" width=\"{sq}\" height=\"{sq}\" \
fill=\"#cdd26a\" fill-opacity=\"0.8\"/>"
            );
        }
    }
    if opts.check && pos.is_check() {
        let (x, y) = xy(pos.king(pos.turn()));
        let _ = write!(
            s,
            "<circle class=\"check\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#e03030\" fill-opacity=\"0.7\"/>",
            x + sq / 2,
            y + sq / 2,
            sq * 9 / 20
        );
    }
    let scale = f64::from(sq) / 45.0;
    for square in pos.board().occupied() {
        if let Some(p) = pos.board().piece_at(square) {
            let (x, y) = xy(square);
            let (name, fill, detail) = match p.color {
                Color::White => ("white", "#ffffff", "#000000"),
                Color::Black => ("black", "#000000", "#ffffff"),
            };
            let _ = write!(
                s,
                "<g class=\"piece {name} {role:?}\" transform=\"translate({x} {y}) scale({scale})\" \
fill=\"{fill}\" stroke=\"#000000\" stroke-width=\"1.5\" stroke-linejoin=\"round\" stroke-linecap=\"round\">",
                role = p.role
            );
            let (outline, details) = shape(p.role);
            for d in outline {
                let _ = write!(s, "<path d=\"{d}\"/>");
            }
            for d in details {
                let _ = write!(s, "<path d=\"{d}\" fill=\"none\" stroke=\"{detail}\"/>");
            }
            s.push_str("</g>");
        }
    }
    if opts.coordinates {
        for i in 0..8u32 {
            let file = File::ALL[if opts.flipped { 7 - i } else { i } as usize];
            let rank = Rank::ALL[if opts.flipped { i } else { 7 - i } as usize];
            let c = margin + i * sq + sq / 2;
            let style = format!(
                "font-family=\"sans-serif\" font-size=\"{}\" text-anchor=\"middle\" \
dominant-baseline=\"central\" fill=\"#444444\"",
                sq * 3 / 10
            );
            let _ = write!(
                s,
                "<text class=\"coord\" x=\"{c}\" y=\"{}\" {style}>{}</text>",
                size - margin / 2,
                file.char()
            );
            let _ = write!(
                s,
                "<text class=\"coord\" x=\"{}\" y=\"{c}\" {style}>{}</text>",
                margin / 2,
                rank.char()
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regression_a_huge_square_px_overflowed_the_picture_size() {
        let pos = Position::default();
        for square_px in [u32::MAX, u32::MAX / 8, MAX_SQUARE_PX + 1] {
            let picture = render(
                &pos,
                &Options {
                    square_px,
                    ..Options::default()
                },
            );
            let want = 9 * MAX_SQUARE_PX; // 8 squares and two half-square margins
            assert!(
                picture.contains(&format!("width=\"{want}\"")),
                "{square_px}"
            );
        }
        let small = render(
            &pos,
            &Options {
                square_px: 0,
                ..Options::default()
            },
        );
        assert!(small.contains("width=\"72\""), "at least 8 px a square");
    }

    #[test]
    fn svg_highlights_last_move_and_check() {
        let mut pos = Position::new();
        for san in ["e4", "f5", "Qh5"] {
            let m = pos.parse_san(san).expect("legal");
            pos.play(m).expect("legal");
        }
        let last = Move::new(Square::D1, Square::H5);
        let out = render(
            &pos,
            &Options {
                last_move: Some(last),
                ..Options::default()
            },
        );
        assert_eq!(out.matches("class=\"last\"").count(), 2);
        assert_eq!(out.matches("class=\"check\"").count(), 1);
        assert_eq!(out.matches("<g class=\"piece").count(), 32);
        let quiet = render(
            &Position::new(),
            &Options {
                coordinates: false,
                flipped: true,
                ..Options::default()
            },
        );
        assert_eq!(quiet.matches("class=\"check\"").count(), 0);
        assert_eq!(quiet.matches("class=\"coord\"").count(), 0);
        assert_eq!(quiet.matches("<rect class=").count(), 64);
    }

    /// Issue 16: pieces are shapes, not glyphs in a font: no text but the coordinates, no
    /// font family but for them, and every element opened is closed.
    #[test]
    fn svg_pieces_are_shapes_needing_no_font() {
        let out = render(&Position::new(), &Options::default());
        assert_eq!(out.matches("<text").count(), 16);
        assert_eq!(out.matches("font-family").count(), 16);
        assert!(!out.contains('\u{265a}') && !out.contains("DejaVu"));
        for role in ["Pawn", "Knight", "Bishop", "Rook", "Queen", "King"] {
            assert!(out.contains(&format!("piece white {role}")), "{role}");
            assert!(out.contains(&format!("piece black {role}")), "{role}");
        }
        assert_eq!(out.matches("<g ").count(), out.matches("</g>").count());
        assert_eq!(out.matches("<text").count(), out.matches("</text>").count());
        let no_text = render(
            &Position::new(),
            &Options {
                coordinates: false,
                ..Options::default()
            },
        );
        assert!(!no_text.contains("<text"));
    }
}
