//! Draughts perft: `perft draughts <depth> ["<PDN FEN>"] [--flying] [--divide] [--threads=N]`.
//!
//! With no position on the command line, reads one PDN FEN per line from standard input.
//! `--flying` counts with flying kings (V2); `--divide` prints each root move's count first;
//! `--threads=N` splits the count over N threads (`perft_parallel`: the same count).

use lattjo_draughts::{KingMoves, Position, perft_parallel, perft_with};

pub fn run(depth: u32, position: Option<&str>, options: &[String]) -> Result<Vec<String>, String> {
    let mut kings = KingMoves::Short;
    let mut divide = false;
    let mut threads = 1;
    for o in options {
        match o.as_str() {
            "--flying" => kings = KingMoves::Flying,
            "--divide" => divide = true,
            other => match other.strip_prefix("--threads=") {
                Some(v) => match v.parse::<usize>() {
                    Ok(n) if n > 0 => threads = n,
                    _ => return Err(format!("--threads takes a positive number, got {v:?}")),
                },
                None => {
                    return Err(format!(
                        "unknown option {other:?} (known: --flying, --divide, --threads=N)"
                    ));
                }
            },
        }
    }
    let pos: Position = match position {
        Some(text) => text
            .parse()
            .map_err(|e| format!("bad PDN FEN {text:?}: {e}"))?,
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
    lines.push(perft_parallel(&pos, depth, kings, threads).to_string());
    Ok(lines)
}
