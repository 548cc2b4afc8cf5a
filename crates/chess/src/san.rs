//! Standard Algebraic Notation (FIDE Appendix C, the PGN standard): `Nf3`, `exd5`, `e8=Q+`,
//! `O-O-O#`, with minimal disambiguation.
//!
//! Parsing is tolerant of common variants: `0-0` for `O-O`, a missing or extra `+`/`#`,
//! annotation marks (`!`, `?`), `e.p.`, a missing `x`, `:` for captures, long algebraic
//! (`Ng1-f3`, `e2e4`) and a promotion without `=` (`e8Q`).

use crate::position::{Move, Position};
use crate::types::{File, Rank, Role, Square};

/// Why a SAN string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SanError {
    /// Not SAN at all.
    #[error("invalid san {0:?}")]
    Syntax(String),
    /// Well formed, but no legal move matches it.
    #[error("illegal san move {0:?} in this position")]
    Illegal(String),
    /// Several legal moves match it.
    #[error("ambiguous san move {0:?} in this position")]
    Ambiguous(String),
}

#[derive(Debug)]
enum Parsed {
    Castle {
        king_side: bool,
    },
    Normal {
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
        promotion: Option<Role>,
    },
}

fn parse_syntax(s: &str) -> Option<Parsed> {
    let mut t = s.trim();
    if let Some(stripped) = t.strip_suffix("e.p.") {
        t = stripped.trim_end();
    }
    let t = t.trim_end_matches(['+', '#', '!', '?']);
    match t {
        "O-O" | "0-0" | "o-o" => return Some(Parsed::Castle { king_side: true }),
        "O-O-O" | "0-0-0" | "o-o-o" => return Some(Parsed::Castle { king_side: false }),
        _ => {}
    }
    if !t.is_ascii() || t.is_empty() || t.len() > 10 {
        return None;
    }
    let mut chars: Vec<char> = t
        .chars()
        .filter(|c| !matches!(c, 'x' | ':' | '-'))
        .collect();
    let role = match chars.first() {
        Some(&c) if matches!(c, 'N' | 'B' | 'R' | 'Q' | 'K') => {
            chars.remove(0);
            Role::from_char(c)?
        }
        Some('P') => {
            chars.remove(0);
            Role::Pawn
        }
        _ => Role::Pawn,
    };
    let mut promotion = None;
    if let Some(&last) = chars.last()
        && !last.is_ascii_digit()
    {
        let p = Role::from_char(last)
            .filter(|r| matches!(r, Role::Queen | Role::Rook | Role::Bishop | Role::Knight))?;
        // Lower-case promotion letters only when unambiguous with a file (`e8q`).
        if last.is_ascii_lowercase() && last == 'b' && chars.len() == 3 {
            return None;
        }
        promotion = Some(p);
        chars.pop();
        if chars.last() == Some(&'=') {
            chars.pop();
        }
    }
    if chars.len() < 2 {
        return None;
    }
    let n = chars.len();
    let to = Square::from_coords(
        File::from_char(chars[n - 2])?,
        Rank::from_char(chars[n - 1])?,
    );
    let (file, rank) = match &chars[..n - 2] {
        [] => (None, None),
        [c] if c.is_ascii_digit() => (None, Some(Rank::from_char(*c)?)),
        [c] => (Some(File::from_char(*c)?), None),
        [f, r] => (Some(File::from_char(*f)?), Some(Rank::from_char(*r)?)),
        _ => return None,
    };
    Some(Parsed::Normal {
        role,
        file,
        rank,
        to,
        promotion,
    })
}

impl Position {
    /// Parses a SAN move and finds the legal move it names.
    ///
    /// # Errors
    ///
    /// [`SanError`]: not SAN, no legal move matches, or several do.
    ///
    /// # Examples
    ///
    /// ```
    /// let pos = lattjo_chess::Position::new();
    /// let m = pos.parse_san("Nf3")?;
    /// assert_eq!(pos.san(m), "Nf3");
    /// assert!(pos.parse_san("Nf4").is_err());
    /// # Ok::<(), lattjo_chess::SanError>(())
    /// ```
    pub fn parse_san(&self, s: &str) -> Result<Move, SanError> {
        let parsed = parse_syntax(s).ok_or_else(|| SanError::Syntax(s.to_owned()))?;
        let moves = self.legal_moves();
        let mut found: Option<Move> = None;
        let mut count = 0;
        for &m in moves.iter() {
            let ok = match &parsed {
                Parsed::Castle { king_side } => {
                    self.is_castling(m) && (m.to.file() > m.from.file()) == *king_side
                }
                Parsed::Normal {
                    role,
                    file,
                    rank,
                    to,
                    promotion,
                } => {
                    !self.is_castling(m)
                        && self.board.role_at(m.from) == Some(*role)
                        && m.to == *to
                        && file.is_none_or(|f| m.from.file() == f)
                        && rank.is_none_or(|r| m.from.rank() == r)
                        && m.promotion == *promotion
                }
            };
            if ok {
                count += 1;
                found = Some(m);
            }
        }
        match (count, found) {
            (1, Some(m)) => Ok(m),
            (0, _) => Err(SanError::Illegal(s.to_owned())),
            _ => Err(SanError::Ambiguous(s.to_owned())),
        }
    }

    /// Writes `m` in SAN with its check or mate suffix. `m` should be legal here; for an
    /// illegal move the text is well formed but meaningless.
    #[must_use]
    pub fn san(&self, m: Move) -> String {
        let mut s = self.san_without_suffix(m);
        if self.is_legal(m) {
            let mut after = self.clone();
            after.play_unchecked(m);
            if after.is_check() {
                s.push(if after.has_legal_moves() { '+' } else { '#' });
            }
        }
        s
    }

    /// `m` in SAN without `+` or `#`.
    #[must_use]
    pub fn san_without_suffix(&self, m: Move) -> String {
        let mut s = String::with_capacity(8);
        if self.is_castling(m) {
            s.push_str(if m.to.file() > m.from.file() {
                "O-O"
            } else {
                "O-O-O"
            });
            return s;
        }
        let role = self.board.role_at(m.from).unwrap_or(Role::Pawn);
        let capture = self.is_capture(m);
        if role == Role::Pawn {
            if capture {
                s.push(m.from.file().char());
            }
        } else {
            s.push(role.upper_char());
            if role != Role::King {
                // Minimal disambiguation: file, else rank, else both.
                let mut others = Vec::new();
                for &o in self.legal_moves().iter() {
                    if o.to == m.to
                        && o.from != m.from
                        && !self.is_castling(o)
                        && self.board.role_at(o.from) == Some(role)
                    {
                        others.push(o.from);
                    }
                }
                if !others.is_empty() {
                    if others.iter().all(|o| o.file() != m.from.file()) {
                        s.push(m.from.file().char());
                    } else if others.iter().all(|o| o.rank() != m.from.rank()) {
                        s.push(m.from.rank().char());
                    } else {
                        s.push(m.from.file().char());
                        s.push(m.from.rank().char());
                    }
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&m.to.to_string());
        if let Some(p) = m.promotion {
            s.push('=');
            s.push(p.upper_char());
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use crate::{CastlingMode, Position};

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, CastlingMode::Standard).expect("valid fen")
    }

    #[test]
    fn san_disambiguates_by_file_then_rank_then_both() {
        // Rooks a1/h1 both reach d1 (file), rooks a1/a5 reach a3 (rank).
        let p = pos("4k3/8/8/R7/8/8/6K1/R6R w - - 0 1");
        assert_eq!(p.san(p.parse_san("Rad1").expect("legal")), "Rad1");
        assert_eq!(p.san(p.parse_san("R1a3").expect("legal")), "R1a3");
        assert!(matches!(
            p.parse_san("Rd1"),
            Err(super::SanError::Ambiguous(_))
        ));
        assert!(matches!(
            p.parse_san("Ra3"),
            Err(super::SanError::Ambiguous(_))
        ));
        // Three queens: a1, a3, c1 all reach b2 -> the a1 queen needs file and rank.
        let q = pos("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
        let m = q.parse_san("Qa1b2").expect("legal");
        assert_eq!(q.san(m), "Qa1b2");
    }

    #[test]
    fn san_tolerant_variants_parse() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let oo = p.parse_san("O-O").expect("castle");
        assert_eq!(p.parse_san("0-0"), Ok(oo));
        assert_eq!(p.parse_san("O-O+"), Ok(oo));
        assert_eq!(p.san(oo), "O-O");
        let ooo = p.parse_san("0-0-0").expect("castle");
        assert_eq!(p.san(ooo), "O-O-O");
        let check = pos("3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert_eq!(
            check.san(check.parse_san("O-O-O").expect("castle")),
            "O-O-O+"
        );
        let start = Position::new();
        let e4 = start.parse_san("e4").expect("e4");
        assert_eq!(start.parse_san("e2e4"), Ok(e4));
        assert_eq!(start.parse_san("e2-e4"), Ok(e4));
        assert_eq!(start.parse_san("Pe4"), Ok(e4));
        assert_eq!(start.parse_san("e4!?"), Ok(e4));
        assert_eq!(start.parse_san("Ng1f3"), start.parse_san("Nf3"));
        assert!(start.parse_san("").is_err());
        assert!(start.parse_san("Zf3").is_err());
        assert!(start.parse_san("e5").is_err());
    }

    #[test]
    fn san_promotion_capture_en_passant_and_mate() {
        let p = pos("1r2k3/P7/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let ep = p.parse_san("exd6").expect("en passant");
        assert_eq!(p.parse_san("exd6 e.p."), Ok(ep));
        assert_eq!(p.san(ep), "exd6");
        let promo = p.parse_san("axb8=N").expect("promotion");
        assert_eq!(p.parse_san("axb8N"), Ok(promo));
        assert_eq!(p.san(promo), "axb8=N");
        assert_eq!(p.san(p.parse_san("a8=Q").expect("promotion")), "a8=Q");
        assert!(p.parse_san("axb8").is_err(), "promotion is compulsory (A8)");
        let mate = pos("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1");
        assert_eq!(mate.san(mate.parse_san("Ra8").expect("mate")), "Ra8#");
    }
}
