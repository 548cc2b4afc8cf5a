//! Backgammon perft: `perft backgammon <depth> <GNUBG Position ID> [--rules lattjo|standard] [--divide] [--threads N]`.
//!
//! The side on roll is the one the Position ID encodes as on roll. Each ply takes all 21
//! rolls unweighted, each expanded into its distinct resulting positions; a roll with no
//! legal play counts once. The default rules are `standard` for this tool, since the
//! published counts (447, 202,782, 116,154,993 from the start) are standard.

use lattjo_backgammon::{Position, Side, SingleDiePolicy, perft_divide, perft_parallel};

pub fn run(depth: u32, position: Option<&str>, options: &[String]) -> Result<Vec<String>, String> {
    let mut policy = SingleDiePolicy::Standard;
    let mut divide = false;
    let mut threads = 1;
    // Options may also sit on a standard-input line beside the Position ID.
    let mut words: Vec<String> = options.to_vec();
    let mut id = None;
    let mut line = position.unwrap_or("").split_whitespace().peekable();
    while let Some(w) = line.next() {
        if w == "--rules" {
            words.push(w.to_string());
            if let Some(v) = line.next() {
                words.push(v.to_string());
            }
        } else if w == "--threads" {
            words.push(format!("--threads={}", line.next().unwrap_or("")));
        } else if w.starts_with("--") {
            words.push(w.to_string());
        } else if id.is_none() {
            id = Some(w);
        } else {
            return Err(format!("unexpected {w:?} after the position id"));
        }
    }
    let mut it = words.iter();
    while let Some(o) = it.next() {
        match o.as_str() {
            "--rules" => match it.next().map(String::as_str) {
                Some("standard") => policy = SingleDiePolicy::Standard,
                Some("lattjo") => policy = SingleDiePolicy::Lattjo,
                other => return Err(format!("--rules takes lattjo or standard, got {other:?}")),
            },
            "--divide" => divide = true,
            other => match other.strip_prefix("--threads=") {
                Some(v) => match v.parse::<usize>() {
                    Ok(n) if n > 0 => threads = n,
                    _ => return Err(format!("--threads takes a positive number, got {v:?}")),
                },
                None => {
                    return Err(format!(
                        "unknown option {other:?} (known: --rules, --divide, --threads=N)"
                    ));
                }
            },
        }
    }
    let pos = match id {
        None => Position::start(Side::White),
        Some(id) => {
            Position::from_position_id(id, Side::White).map_err(|e| format!("{id:?}: {e}"))?
        }
    };
    if divide {
        let rows = perft_divide(&pos, depth.max(1), policy);
        let total: u64 = rows.iter().map(|r| r.1).sum();
        let mut out: Vec<String> = rows.iter().map(|(d, n)| format!("{d} {n}")).collect();
        out.push(format!("total {total}"));
        Ok(out)
    } else {
        Ok(vec![
            perft_parallel(&pos, depth, policy, threads).to_string(),
        ])
    }
}
