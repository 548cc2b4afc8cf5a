//! SVG diagrams of a position, written by hand (no dependency): the board, the pieces as
//! Unicode chess symbols, file and rank labels, and optional last-move and check highlights.

use core::fmt::Write as _;

use crate::position::{Move, Position};
use crate::types::{Color, File, Rank, Role, Square};

/// Drawing options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Side length of one square in pixels (default 45, the size of common diagrams).
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

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            square_px: 45,
            last_move: None,
            check: true,
            flipped: false,
            coordinates: true,
        }
    }
}

fn glyph(color: Color, role: Role) -> char {
    match (color, role) {
        (Color::White, Role::King) => '\u{2654}',
        (Color::White, Role::Queen) => '\u{2655}',
        (Color::White, Role::Rook) => '\u{2656}',
        (Color::White, Role::Bishop) => '\u{2657}',
        (Color::White, Role::Knight) => '\u{2658}',
        (Color::White, Role::Pawn) => '\u{2659}',
        (Color::Black, Role::King) => '\u{265a}',
        (Color::Black, Role::Queen) => '\u{265b}',
        (Color::Black, Role::Rook) => '\u{265c}',
        (Color::Black, Role::Bishop) => '\u{265d}',
        (Color::Black, Role::Knight) => '\u{265e}',
        (Color::Black, Role::Pawn) => '\u{265f}',
    }
}

/// Draws `pos` as a standalone SVG document.
///
/// # Examples
///
/// ```
/// let svg = lattjo_chess::svg::svg(&lattjo_chess::Position::new(), &lattjo_chess::svg::SvgOptions::default());
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("<text class=\"piece").count(), 32);
/// ```
#[must_use]
pub fn svg(pos: &Position, opts: &SvgOptions) -> String {
    let sq = opts.square_px.max(8);
    let margin = if opts.coordinates { sq / 2 } else { 0 };
    let size = 8 * sq + 2 * margin;
    let mut s = String::with_capacity(8192);
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" viewBox=\"0 0 {size} {size}\">\
<style>.light{{fill:#f0d9b5}}.dark{{fill:#b58863}}.last{{fill:#cdd26a;opacity:0.8}}.check{{fill:#e03030;opacity:0.7}}\
.piece{{font-family:'DejaVu Sans',sans-serif;text-anchor:middle;dominant-baseline:central}}\
.coord{{font-family:sans-serif;font-size:{}px;text-anchor:middle;dominant-baseline:central;fill:#444}}</style>\
<rect width=\"{size}\" height=\"{size}\" fill=\"#fff\"/>",
        sq * 3 / 10
    );
    let xy = |square: Square| {
        let (f, r) = (square.file().index() as u32, square.rank().index() as u32);
        let (col, row) = if opts.flipped { (7 - f, r) } else { (f, 7 - r) };
        (margin + col * sq, margin + row * sq)
    };
    for square in Square::ALL {
        let (x, y) = xy(square);
        let class = if square.is_light() { "light" } else { "dark" };
        let _ = write!(
            s,
            "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{sq}\" height=\"{sq}\"/>"
        );
    }
    if let Some(m) = opts.last_move {
        for square in [m.from, m.to] {
            let (x, y) = xy(square);
            let _ = write!(
                s,
                "<rect class=\"last\" x=\"{x}\" y=\"{y}\" width=\"{sq}\" height=\"{sq}\"/>"
            );
        }
    }
    if opts.check && pos.is_check() {
        let (x, y) = xy(pos.king(pos.turn()));
        let _ = write!(
            s,
            "<circle class=\"check\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
            x + sq / 2,
            y + sq / 2,
            sq * 9 / 20
        );
    }
    for square in pos.board().occupied() {
        if let Some(p) = pos.board().piece_at(square) {
            let (x, y) = xy(square);
            let _ = write!(
                s,
                "<text class=\"piece {}\" x=\"{}\" y=\"{}\" font-size=\"{}\">{}</text>",
                if p.color == Color::White {
                    "white"
                } else {
                    "black"
                },
                x + sq / 2,
                y + sq / 2,
                sq * 4 / 5,
                glyph(p.color, p.role)
            );
        }
    }
    if opts.coordinates {
        for i in 0..8u32 {
            let file = File::ALL[if opts.flipped { 7 - i } else { i } as usize];
            let rank = Rank::ALL[if opts.flipped { i } else { 7 - i } as usize];
            let c = margin + i * sq + sq / 2;
            let _ = write!(
                s,
                "<text class=\"coord\" x=\"{c}\" y=\"{}\">{}</text>",
                size - margin / 2,
                file.char()
            );
            let _ = write!(
                s,
                "<text class=\"coord\" x=\"{}\" y=\"{c}\">{}</text>",
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
    fn svg_highlights_last_move_and_check() {
        let mut pos = Position::new();
        for san in ["e4", "f5", "Qh5"] {
            let m = pos.parse_san(san).expect("legal");
            pos.play(m).expect("legal");
        }
        let last = Move::new(Square::D1, Square::H5);
        let out = svg(
            &pos,
            &SvgOptions {
                last_move: Some(last),
                ..SvgOptions::default()
            },
        );
        assert_eq!(out.matches("class=\"last\"").count(), 2);
        assert_eq!(out.matches("class=\"check\"").count(), 1);
        assert_eq!(out.matches("<text class=\"piece").count(), 32);
        let quiet = svg(
            &Position::new(),
            &SvgOptions {
                coordinates: false,
                flipped: true,
                ..SvgOptions::default()
            },
        );
        assert_eq!(quiet.matches("class=\"check\"").count(), 0);
        assert_eq!(quiet.matches("class=\"coord\"").count(), 0);
        assert_eq!(quiet.matches("<rect class=").count(), 64);
    }
}
