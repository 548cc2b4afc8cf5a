//! Draughts perft: `perft draughts <depth> ["<PDN FEN>"] [--flying] [--divide]`.
//!
//! With no position on the command line, reads one PDN FEN per line from standard input.
//! `--flying` counts with flying kings (V2); `--divide` prints each root move's count first.

use lattjo_draughts::{KingMoves, Position, perft_with};

pub fn run(depth: u32, position: Option<&str>, options: &[String]) -> Result<Vec<String>, String> {
    let mut kings = KingMoves::Short;
    let mut divide = false;
    for o in options {
        match o.as_str() {
            "--flying" => kings = KingMoves::Flying,
            "--divide" => divide = true,
            other => {
                return Err(format!(
                    "draughts: unknown option {other:?} (known: --flying, --divide)"
                ));
            }
        }
    }
    let pos: Position = match position {
        Some(text) => text
            .parse()
            .map_err(|e| format!("draughts: bad PDN FEN {text:?}: {e}"))?,
        None => Position::start(),
    };
    let mut lines = Vec::new();
    if divide && depth > 0 {
        let mut moves = Vec::new();
        pos.legal_moves(kings, &mut moves);
        for mv in &moves {
            let mut child = pos;
            child.play(mv, kings).map_err(|e| e.to_string())?;
            lines.push(format!("{mv}: {}", perft_with(&child, depth - 1, kings)));
        }
    }
    lines.push(perft_with(&pos, depth, kings).to_string());
    Ok(lines)
}
