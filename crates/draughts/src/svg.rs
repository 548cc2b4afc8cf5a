//! SVG pictures of a position.

use core::fmt::Write;

use crate::movegen::Move;
use crate::position::Position;
use crate::square::{Color, Role, Square};

const CELL: u32 = 50;

fn centre(s: Square) -> (u32, u32) {
    (
        u32::from(s.column()) * CELL + CELL / 2,
        u32::from(s.row()) * CELL + CELL / 2,
    )
}

/// Draws `position` as a standalone SVG image, White at the bottom as in the standard
/// diagrams: the board with the dark squares numbered 1-32, men as discs, kings as discs
/// with a ring and a `K`, and (when given) the last move as a line through its path with the
/// captured squares crossed.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{svg, Position};
/// let image = svg(&Position::start(), None);
/// assert!(image.starts_with("<svg"));
/// assert_eq!(image.matches("class=\"man black\"").count(), 12);
/// ```
#[must_use]
pub fn svg(position: &Position, last_move: Option<&Move>) -> String {
    let size = CELL * 8;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size} {size}\" width=\"{size}\" height=\"{size}\">"
    );
    out.push_str(
        "<style>.light{fill:#f0d9b5}.dark{fill:#8b5a2b}.num{font:10px sans-serif;fill:#f0d9b5}\
         .black{fill:#222;stroke:#000}.white{fill:#fafafa;stroke:#555}.crown{fill:none;stroke:#d4a017;stroke-width:3}\
         .k{font:bold 16px sans-serif;text-anchor:middle;dominant-baseline:central}\
         .last{stroke:#2a7fff;stroke-width:5;fill:none;opacity:0.7}.taken{stroke:#d00;stroke-width:4}</style>\n",
    );
    for row in 0..8u32 {
        for col in 0..8u32 {
            let class = if (row + col) % 2 == 1 {
                "dark"
            } else {
                "light"
            };
            let _ = writeln!(
                out,
                "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>",
                col * CELL,
                row * CELL
            );
        }
    }
    for s in Square::all() {
        let (x, y) = centre(s);
        let _ = writeln!(
            out,
            "<text class=\"num\" x=\"{}\" y=\"{}\">{s}</text>",
            x - CELL / 2 + 2,
            y - CELL / 2 + 11
        );
    }
    if let Some(mv) = last_move {
        let points: Vec<String> = mv
            .path()
            .map(|s| {
                let (x, y) = centre(s);
                format!("{x},{y}")
            })
            .collect();
        let _ = writeln!(
            out,
            "<polyline class=\"last\" points=\"{}\"/>",
            points.join(" ")
        );
        for s in mv.captured() {
            let (x, y) = centre(s);
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
        let (x, y) = centre(s);
        let colour = match p.color {
            Color::Black => "black",
            Color::White => "white",
        };
        let r = CELL * 2 / 5;
        match p.role {
            Role::Man => {
                let _ = writeln!(
                    out,
                    "<circle class=\"man {colour}\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\"/>"
                );
            }
            Role::King => {
                let _ = writeln!(
                    out,
                    "<circle class=\"king {colour}\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\"/>"
                );
                let _ = writeln!(
                    out,
                    "<circle class=\"crown\" cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
                    r - 6
                );
                let fill = if p.color == Color::Black {
                    "#d4a017"
                } else {
                    "#8b5a2b"
                };
                let _ = writeln!(
                    out,
                    "<text class=\"k\" x=\"{x}\" y=\"{y}\" fill=\"{fill}\">K</text>"
                );
            }
        }
    }
    let _ = writeln!(out, "<title>{position}</title>");
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
        let image = svg(&after, Some(&mv));
        assert_eq!(image.matches("<text class=\"num\"").count(), 32);
        assert_eq!(image.matches("class=\"king black\"").count(), 1);
        assert_eq!(image.matches("class=\"man white\"").count(), 0);
        assert_eq!(image.matches("class=\"taken\"").count(), 4);
        // The path: 6, 15, 22, 13, 6 (square 6 is b... row 1 column 2 -> centre 125,75).
        assert!(
            image.contains("points=\"125,75 225,175 125,275 25,175 125,75\""),
            "{image}"
        );
        assert_eq!(image.matches("<rect class=\"dark\"").count(), 32);
        // Dark squares are exactly the numbered ones: square 1's rect is at x 50, y 0.
        assert!(image.contains("<rect class=\"dark\" x=\"50\" y=\"0\""));
    }
}
