//! UCI long algebraic notation: `e2e4`, `e7e8q`, castling as a king move (`e1g1`, or
//! `e1h1` "king takes rook" in Chess960), and the null move `0000`.

use core::fmt;
use core::str::FromStr;

use crate::position::{CastlingMode, Move, Position};
use crate::types::{CastlingSide, File, Role, Square};

/// A move in UCI notation, parsed but not yet checked against a position.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Square, UciMove};
///
/// let m: UciMove = "e7e8q".parse()?;
/// assert!(matches!(m, UciMove::Normal { from: Square::E7, to: Square::E8, promotion: Some(_) }));
/// assert_eq!(m.to_string(), "e7e8q");
/// assert_eq!("0000".parse::<UciMove>()?, UciMove::Null);
/// # Ok::<(), lattjo_chess::UciError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// A piece move (`e2e4`, `e7e8q`).
    Normal {
        /// Origin square.
        from: Square,
        /// Destination square.
        to: Square,
        /// Promotion role, if any.
        promotion: Option<Role>,
    },
    /// The null move `0000` (no move; refused by [`Position::parse_uci`]).
    Null,
}

/// Why a UCI move was refused.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Position, UciError};
///
/// let pos = Position::new();
/// assert!(matches!(pos.parse_uci("e2e9"), Err(UciError::Syntax(_))));
/// assert!(matches!(pos.parse_uci("e2e5"), Err(UciError::Illegal(_))));
/// assert_eq!(pos.parse_uci("0000"), Err(UciError::Null));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UciError {
    /// Not of the form `<square><square>[qrbn]` or `0000`.
    #[error("invalid uci move {0:?}")]
    Syntax(String),
    /// Well formed, but not a legal move in the position.
    #[error("illegal uci move {0:?} in this position")]
    Illegal(String),
    /// The null move, which is not a legal move.
    #[error("the null move 0000 cannot be played")]
    Null,
}

impl FromStr for UciMove {
    type Err = UciError;
    fn from_str(s: &str) -> Result<UciMove, UciError> {
        if s == "0000" {
            return Ok(UciMove::Null);
        }
        let bad = || UciError::Syntax(s.to_owned());
        if !s.is_ascii() || !(4..=5).contains(&s.len()) {
            return Err(bad());
        }
        let from: Square = s.get(0..2).ok_or_else(bad)?.parse().map_err(|_| bad())?;
        let to: Square = s.get(2..4).ok_or_else(bad)?.parse().map_err(|_| bad())?;
        let promotion = match s.get(4..5) {
            None | Some("") => None,
            Some(p) => match p {
                "q" => Some(Role::Queen),
                "r" => Some(Role::Rook),
                "b" => Some(Role::Bishop),
                "n" => Some(Role::Knight),
                _ => return Err(bad()),
            },
        };
        Ok(UciMove::Normal {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMove::Null => f.write_str("0000"),
            UciMove::Normal {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(p) = promotion {
                    write!(f, "{}", p.char())?;
                }
                Ok(())
            }
        }
    }
}

impl Position {
    /// The UCI form of `m` (castling as `e1g1` in standard chess, `e1h1` in Chess960;
    /// [`Move::NULL`] as `0000`).
    #[must_use]
    pub fn to_uci(&self, m: Move) -> UciMove {
        if m.is_null() {
            return UciMove::Null;
        }
        let to = if self.mode == CastlingMode::Standard && self.is_castling(m) {
            let side = if m.to.file() > m.from.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            Square::from_coords(side.king_to_file(), m.from.rank())
        } else {
            m.to
        };
        UciMove::Normal {
            from: m.from,
            to,
            promotion: m.promotion,
        }
    }

    /// Parses a UCI move and checks it is legal here. Castling is accepted both as the
    /// king's two-square move (`e1g1`, standard chess) and as "king takes rook" (`e1h1`).
    ///
    /// # Errors
    ///
    /// [`UciError`]: bad syntax, the null move, or an illegal move.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut pos = lattjo_chess::Position::new();
    /// let m = pos.parse_uci("g1f3")?;
    /// pos.play(m)?;
    /// assert!(pos.parse_uci("e2e5").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_uci(&self, s: &str) -> Result<Move, UciError> {
        match s.parse::<UciMove>()? {
            UciMove::Null => Err(UciError::Null),
            UciMove::Normal {
                from,
                to,
                promotion,
            } => {
                let m = self.coordinate_move(from, to, promotion);
                if self.is_legal(m) {
                    Ok(m)
                } else {
                    Err(UciError::Illegal(s.to_owned()))
                }
            }
        }
    }

    /// The move from `from` to `to` in this crate's encoding: the king's two-square move
    /// from the e-file (`e1g1`, `e1c1`) of standard chess becomes castling (the king onto
    /// its rook), anything else is taken as written. Not checked for legality.
    pub(crate) fn coordinate_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Move {
        let mut m = Move {
            from,
            to,
            promotion,
        };
        if from == self.king(self.turn)
            && self.mode == CastlingMode::Standard
            && from.file() == File::E
            && to.rank() == from.rank()
            && matches!(to.file(), File::G | File::C)
            && promotion.is_none()
        {
            let side = if to.file() == File::G {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            if let Some(rook) = self.castling_rook(self.turn, side) {
                m.to = rook;
            }
        }
        m
    }
}
