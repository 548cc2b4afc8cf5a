//! Standard Algebraic Notation (FIDE Appendix C, the PGN standard): `Nf3`, `exd5`, `e8=Q+`,
//! `O-O-O#`, with minimal disambiguation.
//!
//! [`San`] is a move as SAN describes it (parsed, not yet matched against a position) and
//! [`SanPlus`] adds the check or mate suffix; both implement `Display` and `FromStr`.
//! Parsing is tolerant of common variants: `0-0` for `O-O`, a missing or extra `+`/`#`,
//! annotation marks (`!`, `?`), `e.p.` or `ep`, a missing `x` (`ed5`), `:` or `X` for
//! captures, long algebraic (`Ng1-f3`, `e2e4`), coordinates as UCI writes them (`g1f3`,
//! `e1g1`, `e7e8q`) and a promotion without `=` (`e8Q`, `e8q`). A pawn capture needs the
//! capturing pawn's file: `d5` is an advance, never `exd5`.

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::position::{Move, Position};
use crate::types::{CastlingSide, File, Piece, Rank, Role, Square};

/// Why a SAN string was refused.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Position, SanError};
///
/// let pos = Position::new();
/// assert!(matches!(pos.parse_san("Zz9"), Err(SanError::Syntax(_))));
/// assert!(matches!(pos.parse_san("Nf4"), Err(SanError::Illegal(_))));
/// let two_knights: Position = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1".parse()?;
/// assert!(matches!(two_knights.parse_san("Nd2"), Err(SanError::Ambiguous(_))));
/// assert!(two_knights.parse_san("Nbd2").is_ok());
/// # Ok::<(), lattjo_chess::FenError>(())
/// ```
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

/// A move in SAN, without check or mate suffix: what the text says, not yet checked against
/// a position ([`San::to_move`] finds the legal move it names).
///
/// # Examples
///
/// ```
/// use lattjo_chess::san::San;
/// use lattjo_chess::{Position, Role, Square};
///
/// let san: San = "Nbd2".parse()?;
/// assert_eq!(
///     san,
///     San::Normal {
///         role: Role::Knight,
///         file: Some(lattjo_chess::File::B),
///         rank: None,
///         capture: false,
///         to: Square::D2,
///         promotion: None,
///     }
/// );
/// assert_eq!(san.to_string(), "Nbd2");
/// assert_eq!("0-0".parse::<San>()?.to_string(), "O-O");
///
/// let pos = Position::new();
/// let m = "e4".parse::<San>()?.to_move(&pos)?;
/// assert_eq!(San::from_move(&pos, m).to_string(), "e4");
/// # Ok::<(), lattjo_chess::SanError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum San {
    /// A piece or pawn move.
    Normal {
        /// The moving piece's role: [`Role::Pawn`] when no piece letter is written, which
        /// for coordinates with the origin's file and rank (`g1f3`) [`San::to_move`] reads
        /// as the move of whatever piece stands there.
        role: Role,
        /// The origin's file, when written (disambiguation, or a pawn capture's file).
        file: Option<File>,
        /// The origin's rank, when written (disambiguation).
        rank: Option<Rank>,
        /// Whether written as a capture (`x`).
        capture: bool,
        /// The destination.
        to: Square,
        /// The promotion role (`=Q`).
        promotion: Option<Role>,
    },
    /// Castling (`O-O` king side, `O-O-O` queen side).
    Castle(CastlingSide),
}

/// The check or mate suffix of a SAN move.
///
/// # Examples
///
/// ```
/// use lattjo_chess::san::{SanPlus, Suffix};
///
/// assert_eq!("Qh4#".parse::<SanPlus>()?.suffix, Some(Suffix::Checkmate));
/// assert_eq!("Bb5+".parse::<SanPlus>()?.suffix, Some(Suffix::Check));
/// # Ok::<(), lattjo_chess::SanError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Suffix {
    /// `+`: the move gives check.
    Check,
    /// `#`: the move gives checkmate.
    Checkmate,
}

/// A SAN move with its check or mate suffix, as PGN writes it (`Qxf7#`).
///
/// # Examples
///
/// ```
/// use lattjo_chess::san::{SanPlus, Suffix};
///
/// let mut pos = lattjo_chess::Position::new();
/// for san in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"] {
///     let m = pos.parse_san(san)?;
///     pos.play(m)?;
/// }
/// let mate = pos.parse_san("Qxf7")?;
/// let plus = SanPlus::from_move(&pos, mate);
/// assert_eq!(plus.suffix, Some(Suffix::Checkmate));
/// assert_eq!(plus.to_string(), "Qxf7#");
/// assert_eq!("Qxf7#".parse::<SanPlus>()?, plus);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// `+` or `#`, if written.
    pub suffix: Option<Suffix>,
}

/// Why [`San::resolve`] found no move: [`SanError`] without the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unresolved {
    /// No legal move matches.
    Illegal,
    /// Several legal moves match.
    Ambiguous,
}

/// The longest SAN body this parser looks at (`Qa1xb2=Q` is 8; long algebraic is longer).
const MAX_SAN: usize = 10;

/// `t` without its trailing check, mate and annotation marks (`+`, `#`, `!`, `?`).
fn without_marks(mut t: &[u8]) -> &[u8] {
    while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = t {
        t = rest;
    }
    t
}

impl San {
    /// Parses SAN from bytes (tolerant of the variants listed in the module docs; a check,
    /// mate or annotation suffix is ignored).
    pub(crate) fn parse_bytes(s: &[u8]) -> Option<San> {
        // The common forms (`e4`, `Nf3`, `Nxe5`, `exd5`, with `+` or `#`) at once; they read
        // the same below.
        let mut short = s;
        while let [rest @ .., b'+' | b'#'] = short {
            short = rest;
        }
        let fast = match *short {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some((Role::Pawn, None, false, f, r)),
            [
                p @ (b'N' | b'B' | b'R' | b'Q' | b'K'),
                f @ b'a'..=b'h',
                r @ b'1'..=b'8',
            ] => Some((Role::from_char(char::from(p))?, None, false, f, r)),
            [
                p @ (b'N' | b'B' | b'R' | b'Q' | b'K'),
                b'x',
                f @ b'a'..=b'h',
                r @ b'1'..=b'8',
            ] => Some((Role::from_char(char::from(p))?, None, true, f, r)),
            [from @ b'a'..=b'h', b'x', f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
                Some((Role::Pawn, File::from_char(char::from(from)), true, f, r))
            }
            _ => None,
        };
        if let Some((role, file, capture, f, r)) = fast {
            return Some(San::Normal {
                role,
                file,
                rank: None,
                capture,
                to: Square::from_coords(
                    File::from_char(char::from(f))?,
                    Rank::from_char(char::from(r))?,
                ),
                promotion: None,
            });
        }
        // An en-passant mark (`e.p.`, or `ep` as pgn-extract's enhanced long algebraic
        // writes it) before or after the check and annotation marks: no SAN ends in either.
        let mut t = without_marks(s.trim_ascii());
        if let Some(rest) = t.strip_suffix(b"e.p.").or_else(|| t.strip_suffix(b"ep")) {
            t = without_marks(rest.trim_ascii_end());
        }
        match t {
            b"O-O" | b"0-0" | b"o-o" => return Some(San::Castle(CastlingSide::KingSide)),
            b"O-O-O" | b"0-0-0" | b"o-o-o" => {
                return Some(San::Castle(CastlingSide::QueenSide));
            }
            _ => {}
        }
        if t.is_empty() || t.len() > MAX_SAN {
            return None;
        }
        let mut buf = [0u8; MAX_SAN];
        let mut n = 0;
        let mut capture = false;
        for &c in t {
            match c {
                b'x' | b'X' | b':' => capture = true,
                b'-' => {}
                _ => {
                    buf[n] = c;
                    n += 1;
                }
            }
        }
        let mut chars = &buf[..n];
        let role = match chars.first() {
            Some(&c @ (b'N' | b'B' | b'R' | b'Q' | b'K' | b'P')) => {
                chars = &chars[1..];
                Role::from_char(char::from(c))?
            }
            _ => Role::Pawn,
        };
        let mut promotion = None;
        if let Some(&last) = chars.last()
            && !last.is_ascii_digit()
        {
            let before = chars.len().checked_sub(2).map_or(0, |i| chars[i]);
            let p = match last {
                b'P' | b'N' | b'B' | b'R' | b'Q' | b'K' => Role::from_char(char::from(last)),
                // Lower case only straight after the rank digit or `=` (`e8q`, `e8=q`): a
                // file letter never stands there.
                b'n' | b'b' | b'r' | b'q' if before.is_ascii_digit() || before == b'=' => {
                    Role::from_char(char::from(last))
                }
                _ => None,
            }?;
            promotion = Some(p);
            chars = &chars[..chars.len() - 1];
            if let [r @ .., b'='] = chars {
                chars = r;
            }
        }
        let [prefix @ .., f, r] = chars else {
            return None;
        };
        let to = Square::from_coords(
            File::from_char(char::from(*f))?,
            Rank::from_char(char::from(*r))?,
        );
        let (file, rank) = match prefix {
            [] => (None, None),
            [c] if c.is_ascii_digit() => (None, Some(Rank::from_char(char::from(*c))?)),
            [c] => (Some(File::from_char(char::from(*c))?), None),
            [f, r] => (
                Some(File::from_char(char::from(*f))?),
                Some(Rank::from_char(char::from(*r))?),
            ),
            _ => return None,
        };
        Some(San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }

    /// The SAN of `m` in `pos` (without suffix), with minimal disambiguation: file, else
    /// rank, else both. `m` should be legal in `pos`; for an illegal move the result is well
    /// formed but meaningless.
    #[must_use]
    pub fn from_move(pos: &Position, m: Move) -> San {
        if pos.is_castling(m) {
            return San::Castle(if m.to.file() > m.from.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            });
        }
        let role = pos.board.role_at(m.from).unwrap_or(Role::Pawn);
        let capture = pos.is_capture(m);
        let (mut file, mut rank) = (None, None);
        if role == Role::Pawn {
            if capture {
                file = Some(m.from.file());
            }
        } else if role != Role::King {
            // The other pieces of the same role that can reach the same square.
            let mine = pos.board.by_piece(Piece {
                color: pos.turn,
                role,
            });
            let mut others = Bitboard::EMPTY;
            pos.generate_from(mine.without(m.from), &mut |pm| {
                if pm.role == role && pm.to.contains(m.to) {
                    others = others.with(pm.from);
                }
                false
            });
            if others.any() {
                if (others & Bitboard::file(m.from.file())).is_empty() {
                    file = Some(m.from.file());
                } else if (others & Bitboard::rank(m.from.rank())).is_empty() {
                    rank = Some(m.from.rank());
                } else {
                    file = Some(m.from.file());
                    rank = Some(m.from.rank());
                }
            }
        }
        San::Normal {
            role,
            file,
            rank,
            capture,
            to: m.to,
            promotion: m.promotion,
        }
    }

    /// The legal move of `pos` that this SAN names.
    ///
    /// # Errors
    ///
    /// [`SanError::Illegal`] when no legal move matches, [`SanError::Ambiguous`] when
    /// several do. A missing promotion does not match a promoting move (promotion is
    /// compulsory, rule A8); the capture mark is not checked (a missing `x` is tolerated,
    /// as in `ed5`), but a pawn move without the origin's file (`d5`) is an advance and
    /// never matches a capture. Coordinates without a piece letter (`g1f3`, `e1g1`) name
    /// whatever piece stands on the origin square.
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        self.resolve(pos).map(|(m, _)| m).map_err(|e| match e {
            Unresolved::Illegal => SanError::Illegal(self.to_string()),
            Unresolved::Ambiguous => SanError::Ambiguous(self.to_string()),
        })
    }

    /// [`San::to_move`] with the role of the piece that moves (for
    /// [`Position::play_role`]), and the error without the text (the PGN reader writes its
    /// own).
    pub(crate) fn resolve(&self, pos: &Position) -> Result<(Move, Role), Unresolved> {
        match *self {
            San::Castle(side) => {
                let king = pos.king(pos.turn);
                pos.castling_rook(pos.turn, side)
                    .map(|rook| Move::new(king, rook))
                    .filter(|&m| pos.is_legal(m))
                    .map(|m| (m, Role::King))
                    .ok_or(Unresolved::Illegal)
            }
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            } => {
                // Coordinates without a piece letter (`g1f3`, `e1g1`, UCI as some programs
                // write movetext) name the piece on the origin square, whatever it is.
                if let (Role::Pawn, Some(f), Some(r)) = (role, file, rank) {
                    let from = Square::from_coords(f, r);
                    let piece = pos.board.piece_at(from);
                    if let Some(p) = piece
                        && p.color == pos.turn
                        && p.role != Role::Pawn
                    {
                        let m = pos.coordinate_move(from, to, promotion);
                        return if pos.is_legal(m) {
                            Ok((m, p.role))
                        } else {
                            Err(Unresolved::Illegal)
                        };
                    }
                }
                // Only pieces that could reach `to` at all are generated for.
                let occ = pos.board.occupied();
                let reach = match role {
                    Role::Pawn => {
                        let back = pos.turn.fold(-1, 1);
                        // A pawn capture names the capturing pawn's file (`exd5`); without
                        // it the SAN names an advance (`d5`), never a capture.
                        let mut r = if file.is_some() {
                            crate::attacks::pawn_attacks(!pos.turn, to)
                        } else {
                            Bitboard::EMPTY
                        };
                        for k in 1..=2 {
                            if let Some(s) = to.offset(0, k * back) {
                                r = r.with(s);
                            }
                        }
                        r
                    }
                    Role::Knight => crate::attacks::knight_attacks(to),
                    Role::Bishop => crate::attacks::bishop_attacks(to, occ),
                    Role::Rook => crate::attacks::rook_attacks(to, occ),
                    Role::Queen => crate::attacks::queen_attacks(to, occ),
                    Role::King => crate::attacks::king_attacks(to),
                };
                let mut from = reach
                    & pos.board.by_piece(Piece {
                        color: pos.turn,
                        role,
                    });
                if let Some(f) = file {
                    from &= Bitboard::file(f);
                }
                if let Some(r) = rank {
                    from &= Bitboard::rank(r);
                }
                let own = pos.board.by_color(pos.turn);
                let promotes = role == Role::Pawn
                    && (Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth)).contains(to);
                if promotes != promotion.is_some()
                    || promotion.is_some_and(|p| matches!(p, Role::Pawn | Role::King))
                    || own.contains(to)
                {
                    return Err(Unresolved::Illegal);
                }
                // The common cases without generating: one piece that may make the move,
                // whose legality is then a matter of pins or of the king's target square.
                // The generator below decides the rest (checks, en passant, several
                // candidates, moves that are not legal) as before.
                match role {
                    // A king's step (K12): legal when no enemy piece attacks its target with
                    // the king gone from its square (K14; castling is `San::Castle`, and its
                    // rook's square is refused above as our own).
                    Role::King => {
                        if let Some(sq) = from.single() {
                            let attacked = pos.attackers_to(to, !pos.turn, occ.without(sq)).any();
                            return Self::found(!attacked, sq, to, promotion, role);
                        }
                    }
                    _ if pos.checkers.any() => {}
                    // A pawn's advance (K5) or capture of a piece (K6) out of check: legal
                    // unless pinned off its line (A9).
                    Role::Pawn => {
                        if let Some(sq) = pawn_origin(pos, file, rank, to) {
                            return Self::found(pos.may_leave(sq, to), sq, to, promotion, role);
                        }
                    }
                    // One knight, bishop, rook or queen reaches `to` (`reach` holds the
                    // squares from which one attacks it: a slider's attacks are symmetric),
                    // out of check: legal unless pinned off its line (A9; a pinned knight
                    // never stays on it).
                    _ => {
                        if let Some(sq) = from.single() {
                            let free = role != Role::Knight || !pos.pinned.contains(sq);
                            return Self::found(
                                free && pos.may_leave(sq, to),
                                sq,
                                to,
                                promotion,
                                role,
                            );
                        }
                    }
                }
                let mut found: Option<Square> = None;
                let mut ambiguous = false;
                pos.generate_from(from, &mut |pm| {
                    if pm.role == role && pm.to.contains(to) {
                        ambiguous |= found.is_some();
                        found = Some(pm.from);
                    }
                    ambiguous
                });
                match found {
                    _ if ambiguous => Err(Unresolved::Ambiguous),
                    Some(from) => Ok((
                        Move {
                            from,
                            to,
                            promotion,
                        },
                        role,
                    )),
                    None => Err(Unresolved::Illegal),
                }
            }
        }
    }

    /// The move from `from` to `to` when `legal`, for [`San::resolve`].
    fn found(
        legal: bool,
        from: Square,
        to: Square,
        promotion: Option<Role>,
        role: Role,
    ) -> Result<(Move, Role), Unresolved> {
        if legal {
            Ok((
                Move {
                    from,
                    to,
                    promotion,
                },
                role,
            ))
        } else {
            Err(Unresolved::Illegal)
        }
    }
}

/// The one pawn that may play a pawn SAN without a rank (`e4`, `exd5`) to `to`, for
/// [`San::resolve`]'s shortcut: the pawn one square behind an empty `to` (or two, from its
/// start rank over an empty square), or the pawn of the given file capturing a piece on
/// `to`. `None` when the generator must decide (en passant, an occupied or unreachable
/// target, a file of no capture).
fn pawn_origin(
    pos: &Position,
    file: Option<File>,
    rank: Option<Rank>,
    to: Square,
) -> Option<Square> {
    if rank.is_some() {
        return None;
    }
    let us = pos.turn;
    let pawns = pos.board.by_piece(Piece {
        color: us,
        role: Role::Pawn,
    });
    let occ = pos.board.occupied();
    match file {
        None => {
            if occ.contains(to) {
                return None;
            }
            let back = us.fold(-1, 1);
            let one = to.offset(0, back)?;
            if pawns.contains(one) {
                return Some(one);
            }
            let double = to.rank() == us.fold(Rank::Fourth, Rank::Fifth);
            let two = to.offset(0, 2 * back)?;
            (double && !occ.contains(one) && pawns.contains(two)).then_some(two)
        }
        Some(f) => {
            if !pos.board.by_color(!us).contains(to) {
                return None;
            }
            (crate::attacks::pawn_attacks(!us, to) & pawns & Bitboard::file(f)).single()
        }
    }
}

impl Position {
    /// Whether the piece on `from` may go to `to` as far as pins go: it is not pinned, or
    /// `to` is on its pin line (A9).
    #[inline]
    fn may_leave(&self, from: Square, to: Square) -> bool {
        !self.pinned.contains(from) || crate::attacks::line(self.king(self.turn), from).contains(to)
    }
}

impl SanPlus {
    /// The SAN of `m` in `pos` with `+` or `#` when it gives check or mate (for a legal
    /// `m`; an illegal one gets no suffix).
    #[must_use]
    pub fn from_move(pos: &Position, m: Move) -> SanPlus {
        let san = San::from_move(pos, m);
        let mut suffix = None;
        if pos.is_legal(m) {
            let mut after = pos.clone();
            after.play_unchecked(m);
            if after.is_check() {
                suffix = Some(if after.has_legal_moves() {
                    Suffix::Check
                } else {
                    Suffix::Checkmate
                });
            }
        }
        SanPlus { san, suffix }
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Castle(CastlingSide::KingSide) => f.write_str("O-O"),
            San::Castle(CastlingSide::QueenSide) => f.write_str("O-O-O"),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    write!(f, "{}", role.upper_char())?;
                }
                if let Some(file) = file {
                    write!(f, "{file}")?;
                }
                if let Some(rank) = rank {
                    write!(f, "{rank}")?;
                }
                if capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={}", p.upper_char())?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.san)?;
        match self.suffix {
            Some(Suffix::Check) => f.write_str("+"),
            Some(Suffix::Checkmate) => f.write_str("#"),
            None => Ok(()),
        }
    }
}

impl FromStr for San {
    type Err = SanError;
    /// Parses SAN (tolerant; suffixes and annotations are ignored).
    fn from_str(s: &str) -> Result<San, SanError> {
        San::parse_bytes(s.as_bytes()).ok_or_else(|| SanError::Syntax(excerpt(s)))
    }
}

impl FromStr for SanPlus {
    type Err = SanError;
    /// Parses SAN with its last `+` or `#` (annotations such as `!?` after it are ignored).
    fn from_str(s: &str) -> Result<SanPlus, SanError> {
        let san: San = s.parse()?;
        let body = s.trim_end().trim_end_matches(['!', '?']);
        let suffix = if body.ends_with('#') {
            Some(Suffix::Checkmate)
        } else if body.ends_with('+') {
            Some(Suffix::Check)
        } else {
            None
        };
        Ok(SanPlus { san, suffix })
    }
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
        match San::parse_bytes(s.as_bytes()) {
            Some(san) => san.to_move(self).map_err(|e| match e {
                SanError::Illegal(_) => SanError::Illegal(excerpt(s)),
                SanError::Ambiguous(_) => SanError::Ambiguous(excerpt(s)),
                other => other,
            }),
            None => Err(SanError::Syntax(excerpt(s))),
        }
    }

    /// Writes `m` in SAN with its check or mate suffix ([`SanPlus::from_move`]). `m` should
    /// be legal here; for an illegal move the text is well formed but meaningless.
    #[must_use]
    pub fn san(&self, m: Move) -> String {
        SanPlus::from_move(self, m).to_string()
    }

    /// `m` in SAN without `+` or `#` ([`San::from_move`]).
    #[must_use]
    pub fn san_without_suffix(&self, m: Move) -> String {
        San::from_move(self, m).to_string()
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

    /// Differential test against python-chess 1.11.2: we read `d5` as `exd5` when only a
    /// capture reached d5, python-chess refused it. SAN (rules section 6, the PGN standard)
    /// writes a pawn capture with the capturing pawn's file, so `d5` names an advance.
    /// The positions are python-chess's own test vectors (`test_pawn_capture_san_without_file`).
    #[test]
    fn san_pawn_capture_without_file_is_not_a_capture() {
        use super::SanError;
        let p = pos("2rq1rk1/pb2bppp/1p2p3/n1ppPn2/2PP4/PP3N2/1B1NQPPP/RB3RK1 b - - 4 13");
        assert!(matches!(p.parse_san("c4"), Err(SanError::Illegal(_))));
        assert_eq!(
            p.to_uci(p.parse_san("dxc4").expect("capture")).to_string(),
            "d5c4"
        );
        assert_eq!(
            p.parse_san("dc4"),
            p.parse_san("dxc4"),
            "a missing x is tolerated"
        );
        // En passant too (K17): `f6` is not `exf6`.
        let ep = pos("4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2");
        assert!(matches!(ep.parse_san("f6"), Err(SanError::Illegal(_))));
        assert!(ep.parse_san("exf6").is_ok());
        // Two pawns that could take on d5 made `d5` ambiguous before; it is illegal.
        let two = pos("rn1q1b1r/2p2k2/6pn/p2p1p1p/2P1PPbP/pP1P2P1/1B4B1/RN2K1N1 w Q - 1 29");
        assert!(matches!(two.parse_san("d5"), Err(SanError::Illegal(_))));
        // A promotion by capture (K7, A8) needs the file as well.
        let promo = pos("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert!(matches!(promo.parse_san("b8=Q"), Err(SanError::Illegal(_))));
        assert!(promo.parse_san("axb8=Q").is_ok());
        // The advance itself still reads.
        assert!(Position::new().parse_san("d4").is_ok());
    }

    /// Differential test against python-chess 1.11.2: python-chess reads movetext written
    /// as UCI coordinates (its `data/pgn/uci-moves.pgn`, `1. g1f3 c7c5 ...`); we refused
    /// `g1f3` because a SAN without a piece letter is a pawn move. Coordinates name the
    /// piece on the origin square; castling as the king's two-square move (A11).
    #[test]
    fn san_coordinates_of_pieces_name_the_piece_on_the_origin() {
        use super::SanError;
        let start = Position::new();
        assert_eq!(start.parse_san("g1f3"), start.parse_san("Nf3"));
        assert_eq!(start.parse_san("g1-f3"), start.parse_san("Nf3"));
        assert!(matches!(start.parse_san("g1g3"), Err(SanError::Illegal(_))));
        assert!(matches!(start.parse_san("d1d3"), Err(SanError::Illegal(_))));
        let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(castle.parse_san("e1g1"), castle.parse_san("O-O"));
        assert_eq!(castle.parse_san("e1c1"), castle.parse_san("O-O-O"));
        assert_eq!(castle.parse_san("e1h1"), castle.parse_san("O-O"));
        assert_eq!(castle.parse_san("a1d1"), castle.parse_san("Rd1"));
        let promo = pos("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(promo.parse_san("a7b8q"), promo.parse_san("axb8=Q"));
        // An opponent's piece on the origin square is no move of ours.
        assert!(matches!(start.parse_san("g8f6"), Err(SanError::Illegal(_))));
    }

    #[test]
    fn san_promotion_capture_en_passant_and_mate() {
        let p = pos("1r2k3/P7/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let ep = p.parse_san("exd6").expect("en passant");
        assert_eq!(p.parse_san("exd6 e.p."), Ok(ep));
        // The en-passant marks as files write them, before or after a check or annotation
        // mark: `ep` is pgn-extract's (`e5d6ep+`).
        for text in [
            "exd6e.p.",
            "exd6ep",
            "e5d6ep",
            "e5xd6ep",
            "e5-d6ep",
            "exd6 ep",
            "exd6ep+",
            "exd6+ep",
            "exd6e.p.+",
            "exd6+e.p.",
            "exd6ep!?",
        ] {
            assert_eq!(p.parse_san(text), Ok(ep), "{text}");
        }
        // `X` for the capture, as pgn-extract reads it.
        assert_eq!(p.parse_san("eXd6"), Ok(ep));
        assert_eq!(p.parse_san("e5Xd6ep"), Ok(ep));
        assert!(matches!(p.parse_san("ep"), Err(super::SanError::Syntax(_))));
        assert!(matches!(
            p.parse_san("e.p."),
            Err(super::SanError::Syntax(_))
        ));
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
