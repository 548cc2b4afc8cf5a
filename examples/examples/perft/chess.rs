//! Chess perft: `perft chess <depth> "<FEN>"` prints the node count (bulk-counted). With no
//! FEN, main reads one FEN per line from standard input. Options: `--divide` prints the count
//! below each legal move (UCI) before the total; `--chess960` parses castling as Chess960.

use lattjo_chess::{CastlingMode, Position, perft};

pub fn run(depth: u32, position: Option<&str>, options: &[String]) -> Result<Vec<String>, String> {
    let mut divide = false;
    let mut mode = None;
    for o in options {
        match o.as_str() {
            "--divide" => divide = true,
            "--chess960" => mode = Some(CastlingMode::Chess960),
            other => return Err(format!("chess: unknown option {other}")),
        }
    }
    let pos = match (position, mode) {
        (None, _) => Position::new(),
        (Some(fen), Some(m)) => Position::from_fen(fen, m).map_err(|e| format!("chess: {e}"))?,
        (Some(fen), None) => fen.parse::<Position>().map_err(|e| format!("chess: {e}"))?,
    };
    let mut lines = Vec::new();
    if divide && depth > 0 {
        let mut total = 0;
        for &m in pos.legal_moves().iter() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let n = perft(&child, depth - 1);
            total += n;
            lines.push(format!("{} {n}", pos.to_uci(m)));
        }
        lines.push(total.to_string());
    } else {
        lines.push(perft(&pos, depth).to_string());
    }
    Ok(lines)
}
