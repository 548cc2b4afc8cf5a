//! Chess perft: `perft chess <depth> "<FEN>"` prints the node count (bulk-counted). With no
//! FEN, main reads one FEN per line from standard input. Options: `--divide` prints the count
//! below each legal move (UCI) before the total; `--chess960` parses castling as Chess960;
//! `--threads=N` splits the count over N threads (`perft_parallel`: the same count).

use lattjo_chess::{CastlingMode, Position, perft_parallel};

pub fn run(depth: u32, position: Option<&str>, options: &[String]) -> Result<Vec<String>, String> {
    let mut divide = false;
    let mut mode = None;
    let mut threads = 1;
    for o in options {
        match o.as_str() {
            "--divide" => divide = true,
            "--chess960" => mode = Some(CastlingMode::Chess960),
            other => match other.strip_prefix("--threads=") {
                Some(v) => match v.parse::<usize>() {
                    Ok(n) if n > 0 => threads = n,
                    _ => return Err(format!("--threads takes a positive number, got {v:?}")),
                },
                None => {
                    return Err(format!(
                        "unknown option {other:?} (known: --divide, --chess960, --threads=N)"
                    ));
                }
            },
        }
    }
    let pos = match (position, mode) {
        (None, _) => Position::new(),
        (Some(fen), Some(m)) => Position::from_fen(fen, m).map_err(|e| e.to_string())?,
        (Some(fen), None) => fen.parse::<Position>().map_err(|e| e.to_string())?,
    };
    let mut lines = Vec::new();
    if divide && depth > 0 {
        let mut total = 0;
        for &m in pos.legal_moves().iter() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let n = perft_parallel(&child, depth - 1, threads);
            total += n;
            lines.push(format!("{} {n}", pos.to_uci(m)));
        }
        lines.push(total.to_string());
    } else {
        lines.push(perft_parallel(&pos, depth, threads).to_string());
    }
    Ok(lines)
}
