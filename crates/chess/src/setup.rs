//! Unvalidated positions ([`Setup`]) and their validation into a [`Position`], with every
//! problem reported and recovery from the defects common in real files.

use core::fmt;

use crate::attacks::{king_attacks, line};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::position::{CastlingMode, Position};
use crate::types::{ByColor, CastlingSide, Color, File, Piece, Rank, Role, Square};

/// A position whose fields have not been checked: the input to [`Position::from_setup`],
/// and what FEN parsing produces ([`Setup::from_fen`]).
///
/// # Examples
///
/// ```
/// use lattjo_chess::{CastlingMode, Position, Setup};
///
/// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
/// let pos = Position::from_setup(setup, CastlingMode::Standard)?;
/// assert_eq!(pos.legal_moves().len(), 15);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The placement.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The squares of the rooks that may still castle.
    pub castling_rooks: Bitboard,
    /// The square a pawn skipped over on the last move (FEN's en-passant field).
    pub ep_square: Option<Square>,
    /// Plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number, starting at 1 and increased after Black's move.
    pub fullmoves: u32,
}

impl Default for Setup {
    /// The standard starting position.
    fn default() -> Setup {
        Setup {
            board: Board::standard(),
            turn: Color::White,
            castling_rooks: Bitboard(0x8100_0000_0000_0081),
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

/// One problem of a [`Setup`] (rules A12, A13).
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Position, PositionErrorKind, Setup, Square};
///
/// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w - e6 0 1")?;
/// let err = Position::try_from(setup).unwrap_err();
/// for kind in err.kinds() {
///     match kind {
///         PositionErrorKind::BadEnPassant(sq) => assert_eq!(*sq, Square::E6),
///         other => panic!("{other}"),
///     }
/// }
/// # Ok::<(), lattjo_chess::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PositionErrorKind {
    /// A side has no king.
    #[error("{0} has no king")]
    MissingKing(Color),
    /// A side has more than one king.
    #[error("{0} has more than one king")]
    TooManyKings(Color),
    /// A pawn stands on rank 1 or 8.
    #[error("pawn on the first or last rank ({0})")]
    PawnOnBackRank(Square),
    /// A side has more than 16 pieces, more than 8 pawns, or more promoted pieces than missing
    /// pawns.
    #[error("{0} has impossible material")]
    ImpossibleMaterial(Color),
    /// The kings stand on adjacent squares (rule K13).
    #[error("the kings are adjacent")]
    AdjacentKings,
    /// The side not to move is in check (rule K14).
    #[error("the side not to move is in check")]
    OppositeCheck,
    /// The side to move is in check in a way no legal last move explains: three or more
    /// checkers, two checkers on one line through the king, or two checkers neither of
    /// which is a bishop, rook or queen.
    #[error("the side to move is checked in a way no move can have caused")]
    ImpossibleCheck,
    /// A castling right without its king and rook in place (the square of the rook the
    /// right names); recoverable with [`PositionError::ignore_invalid_castling_rights`].
    #[error("castling right for the rook on {0} does not match the pieces")]
    BadCastlingRights(Square),
    /// An en-passant square that no double step of the side not to move explains, or that
    /// contradicts the check the side to move is in; recoverable with
    /// [`PositionError::ignore_invalid_ep_square`].
    #[error("en-passant square {0} does not fit a pawn's double step")]
    BadEnPassant(Square),
    /// A move number of zero (it starts at 1).
    #[error("the move number must be at least 1")]
    ZeroFullmoves,
}

/// Why a [`Setup`] is not a valid position: every problem found, not only the first.
///
/// Real files often carry two harmless defects: castling rights that the pieces contradict
/// (the king or rook has moved) and an en-passant square that no double step explains.
/// [`PositionError::ignore_invalid_castling_rights`] and
/// [`PositionError::ignore_invalid_ep_square`] drop them and return the position if nothing
/// else is wrong (as shakmaty's setup validation offers).
///
/// # Examples
///
/// ```
/// use lattjo_chess::{CastlingMode, Position, PositionError, PositionErrorKind, Setup, Square};
///
/// // The white king has left e1, yet the FEN still grants White both castling rights.
/// let setup = Setup::from_fen("r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1")?;
/// let err = Position::from_setup(setup, CastlingMode::Standard).unwrap_err();
/// assert_eq!(
///     err.kinds(),
///     [PositionErrorKind::BadCastlingRights(Square::A1), PositionErrorKind::BadCastlingRights(Square::H1)]
/// );
/// let pos = err.ignore_invalid_castling_rights()?;
/// assert_eq!(pos.to_string(), "r3k2r/8/8/8/8/8/8/R4K1R w kq - 0 1");
///
/// // Several problems at once are all reported.
/// let bad = Setup::from_fen("4k3/8/8/8/8/8/8/P3K2k w K - 0 1")?;
/// let err = Position::from_setup(bad, CastlingMode::Standard).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "black has more than one king; pawn on the first or last rank (a1); \
///      castling right for the rook on h1 does not match the pieces"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub struct PositionError {
    setup: Setup,
    mode: CastlingMode,
    ignore: Ignore,
    kinds: Vec<PositionErrorKind>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, k) in self.kinds.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{k}")?;
        }
        Ok(())
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Ignore {
    castling: bool,
    ep: bool,
    check: bool,
}

impl PositionError {
    /// Every problem found, in a fixed order: kings, pawns on the back ranks, material,
    /// adjacent kings or the side not to move in check, en passant, an impossible check,
    /// castling rights (by square), the move number. Never empty. Checks are only looked
    /// at when each side has exactly one king.
    #[must_use]
    pub fn kinds(&self) -> &[PositionErrorKind] {
        &self.kinds
    }

    /// Whether `kind` is among the problems.
    #[must_use]
    pub fn contains(&self, kind: PositionErrorKind) -> bool {
        self.kinds.contains(&kind)
    }

    /// The setup that was refused.
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Drops the castling rights the pieces contradict and validates again.
    ///
    /// # Errors
    ///
    /// The remaining problems, if any (chain the other `ignore_` methods to drop those).
    pub fn ignore_invalid_castling_rights(self) -> Result<Position, PositionError> {
        validate(
            self.setup,
            self.mode,
            Ignore {
                castling: true,
                ..self.ignore
            },
        )
    }

    /// Drops an en-passant square that no double step explains and validates again.
    ///
    /// # Errors
    ///
    /// The remaining problems, if any.
    pub fn ignore_invalid_ep_square(self) -> Result<Position, PositionError> {
        validate(
            self.setup,
            self.mode,
            Ignore {
                ep: true,
                ..self.ignore
            },
        )
    }

    /// Accepts a check that no legal last move explains (move generation is correct for any
    /// number of checkers) and validates again.
    ///
    /// # Errors
    ///
    /// The remaining problems, if any.
    pub fn ignore_impossible_check(self) -> Result<Position, PositionError> {
        validate(
            self.setup,
            self.mode,
            Ignore {
                check: true,
                ..self.ignore
            },
        )
    }
}

/// The pieces of `attacker` attacking `sq` on `board` with occupancy `occ`.
fn attackers(board: &Board, sq: Square, attacker: Color, occ: Bitboard) -> Bitboard {
    use crate::attacks::{bishop_attacks, knight_attacks, pawn_attacks, rook_attacks};
    ((pawn_attacks(!attacker, sq) & board.by_role(Role::Pawn))
        | (knight_attacks(sq) & board.by_role(Role::Knight))
        | (king_attacks(sq) & board.by_role(Role::King))
        | (bishop_attacks(sq, occ) & board.diagonal_sliders())
        | (rook_attacks(sq, occ) & board.straight_sliders()))
        & board.by_color(attacker)
}

/// Validates `setup`; the `ignore` flags drop recoverable defects instead of reporting them.
fn validate(setup: Setup, mode: CastlingMode, ignore: Ignore) -> Result<Position, PositionError> {
    let mut kinds = Vec::new();
    let board = setup.board;
    let king_of = |c: Color| {
        board.by_piece(Piece {
            color: c,
            role: Role::King,
        })
    };
    for c in Color::ALL {
        let kings = king_of(c);
        if kings.is_empty() {
            kinds.push(PositionErrorKind::MissingKing(c));
        } else if kings.more_than_one() {
            kinds.push(PositionErrorKind::TooManyKings(c));
        }
    }
    for sq in
        board.by_role(Role::Pawn) & (Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth))
    {
        kinds.push(PositionErrorKind::PawnOnBackRank(sq));
    }
    for c in Color::ALL {
        let ours = board.by_color(c);
        let count = |r: Role| (board.by_role(r) & ours).count() as i32;
        let pawns = count(Role::Pawn);
        let promoted = (count(Role::Queen) - 1).max(0)
            + (count(Role::Rook) - 2).max(0)
            + (count(Role::Bishop) - 2).max(0)
            + (count(Role::Knight) - 2).max(0);
        if ours.count() > 16 || pawns > 8 || promoted > 8 - pawns {
            kinds.push(PositionErrorKind::ImpossibleMaterial(c));
        }
    }
    let wk = king_of(Color::White).single();
    let bk = king_of(Color::Black).single();
    let occ = board.occupied();
    let us = setup.turn;
    let them = !us;
    let our_king = us.fold(wk, bk);
    // Checks need both kings; without exactly one each they mean nothing.
    let mut checkers = Bitboard::EMPTY;
    if let (Some(wk), Some(bk)) = (wk, bk) {
        if king_attacks(wk).contains(bk) {
            kinds.push(PositionErrorKind::AdjacentKings);
        } else if attackers(&board, us.fold(bk, wk), us, occ).any() {
            kinds.push(PositionErrorKind::OppositeCheck);
        }
        checkers = attackers(&board, us.fold(wk, bk), them, occ);
    }

    // En passant (A13): on the mover's opponent's third rank, empty, the double-stepped pawn
    // in front of it and its start square empty; and any check must come from that pawn or
    // have been uncovered by its leaving the start square.
    let mut ep = None;
    if let Some(sq) = setup.ep_square {
        let pushed = sq.offset(0, them.fold(1, -1));
        let origin = sq.offset(0, them.fold(-1, 1));
        let ok = match (pushed, origin) {
            (Some(pushed), Some(origin)) => {
                let before = occ.without(pushed).with(origin);
                sq.rank() == Rank::Third.relative(them)
                    && !occ.contains(sq)
                    && !occ.contains(origin)
                    && board
                        .by_piece(Piece {
                            color: them,
                            role: Role::Pawn,
                        })
                        .contains(pushed)
                    && !checkers.more_than_one()
                    && (checkers.first() == Some(pushed)
                        || our_king.is_none_or(|k| attackers(&board, k, them, before).is_empty()))
            }
            _ => false,
        };
        if ok {
            ep = Some(sq);
        } else if !ignore.ep {
            kinds.push(PositionErrorKind::BadEnPassant(sq));
        }
    }
    if !ignore.check && ep.is_none() {
        let impossible = match (checkers.first(), checkers.count(), our_king) {
            (Some(a), 2, Some(king)) => {
                let b = checkers.without(a).first().unwrap_or(a);
                let sliders = board.diagonal_sliders() | board.straight_sliders();
                line(a, b).contains(king) || (checkers & sliders).is_empty()
            }
            (_, n, _) => n > 2,
        };
        if impossible {
            kinds.push(PositionErrorKind::ImpossibleCheck);
        }
    }

    // Castling rights (A13, A10).
    let mut castling = ByColor {
        white: [None; 2],
        black: [None; 2],
    };
    let mut castle_mask = Bitboard::EMPTY;
    for rook in setup.castling_rooks {
        let color = match rook.rank() {
            Rank::First => Some(Color::White),
            Rank::Eighth => Some(Color::Black),
            _ => None,
        };
        let right = color.and_then(|color| {
            let king = color.fold(wk, bk)?;
            let side = if rook.file() > king.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            let pieces_ok = board
                .by_piece(Piece {
                    color,
                    role: Role::Rook,
                })
                .contains(rook)
                && king.rank() == color.back_rank()
                && king.file() != rook.file();
            let mode_ok = match mode {
                CastlingMode::Standard => {
                    king.file() == File::E
                        && rook.file()
                            == match side {
                                CastlingSide::KingSide => File::H,
                                CastlingSide::QueenSide => File::A,
                            }
                }
                CastlingMode::Chess960 => !matches!(king.file(), File::A | File::H),
            };
            (pieces_ok && mode_ok && castling[color][side as usize].is_none())
                .then_some((color, side))
        });
        match right {
            Some((color, side)) => {
                castling[color][side as usize] = Some(rook);
                castle_mask = castle_mask.with(rook);
            }
            None if ignore.castling => {}
            None => kinds.push(PositionErrorKind::BadCastlingRights(rook)),
        }
    }
    if setup.fullmoves == 0 {
        kinds.push(PositionErrorKind::ZeroFullmoves);
    }
    if !kinds.is_empty() {
        return Err(PositionError {
            setup,
            mode,
            ignore,
            kinds,
        });
    }
    let mut pos = Position {
        board,
        turn: us,
        castling,
        castle_mask,
        ep,
        halfmoves: setup.halfmoves,
        fullmoves: setup.fullmoves,
        hash: 0,
        checkers: Bitboard::EMPTY,
        pinned: Bitboard::EMPTY,
        mode,
    };
    pos.hash = pos.compute_hash();
    pos.update_check_info();
    Ok(pos)
}

impl Position {
    /// Validates a setup (rules A12, A13).
    ///
    /// Checks: one king per side, no pawn on rank 1 or 8, possible material, kings not
    /// adjacent, the side not to move not in check, a check on the side to move that a
    /// legal last move can explain, castling rights that match the king and rook squares (in
    /// [`CastlingMode::Standard`]: king on e1/e8 and rooks in the corners; in Chess960: the
    /// king between its files b and g), an en-passant square behind a pawn that has just
    /// double-stepped, a move number of at least 1. The placement itself is consistent by
    /// construction of [`Board`].
    ///
    /// # Errors
    ///
    /// [`PositionError`] listing every problem found.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{CastlingMode, Position, PositionErrorKind, Setup};
    ///
    /// assert_eq!(Position::from_setup(Setup::default(), CastlingMode::Standard)?, Position::new());
    /// let no_kings = Setup { board: lattjo_chess::Board::empty(), ..Setup::default() };
    /// let err = Position::from_setup(no_kings, CastlingMode::Standard).unwrap_err();
    /// assert!(err.contains(PositionErrorKind::MissingKing(lattjo_chess::Color::White)));
    /// # Ok::<(), lattjo_chess::PositionError>(())
    /// ```
    pub fn from_setup(setup: Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        validate(setup, mode, Ignore::default())
    }

    /// [`Position::from_setup`] accepting a check that no legal last move explains, as
    /// [`PositionError::ignore_impossible_check`] does: for a setup made from a position,
    /// which may have been accepted so.
    pub(crate) fn from_setup_of_a_position(
        setup: Setup,
        mode: CastlingMode,
    ) -> Result<Position, PositionError> {
        let ignore = Ignore {
            check: true,
            ..Ignore::default()
        };
        validate(setup, mode, ignore)
    }

    /// The unvalidated fields of this position.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling_rooks: self.castle_mask,
            ep_square: self.ep,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;
    /// [`Position::from_setup`] in [`CastlingMode::Standard`].
    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup(setup, CastlingMode::Standard)
    }
}

impl From<Position> for Setup {
    fn from(p: Position) -> Setup {
        p.to_setup()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> Vec<PositionErrorKind> {
        let setup = Setup::from_fen(fen).expect("fields parse");
        Position::from_setup(setup, CastlingMode::Standard)
            .expect_err(fen)
            .kinds()
            .to_vec()
    }

    #[test]
    fn impossible_checks_are_refused_and_possible_double_checks_accepted() {
        use PositionErrorKind::ImpossibleCheck;
        // Two knights, three checkers, two rooks on one file through the king: no move gives
        // these checks.
        assert_eq!(err("4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1"), [ImpossibleCheck]);
        assert_eq!(err("4k3/8/3N4/1B6/8/8/8/4RK2 b - - 0 1"), [ImpossibleCheck]);
        assert_eq!(err("3R4/8/8/8/3k4/8/8/3R3K b - - 0 1"), [ImpossibleCheck]);
        // Rook and knight (a discovered check): fine.
        let ok = Setup::from_fen("4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1").expect("fields");
        assert!(Position::from_setup(ok, CastlingMode::Standard).is_ok());
        // Recoverable on request.
        let e = Position::from_setup(
            Setup::from_fen("4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1").expect("fields"),
            CastlingMode::Standard,
        )
        .expect_err("two knights");
        assert!(e.ignore_impossible_check().is_ok());
    }

    #[test]
    fn ep_square_must_explain_the_check() {
        // Black's d7-d5 cannot have given check to the king on a1 from the bishop on g7
        // (the d-pawn was never on that diagonal).
        let kinds = err("4k3/6b1/8/3p4/8/8/8/K7 w - d6 0 2");
        assert_eq!(kinds, [PositionErrorKind::BadEnPassant(Square::D6)]);
        // But leaving d7 uncovers the bishop on e8 against the king on a4: explained.
        let ok = Setup::from_fen("4b2k/8/8/3p4/K7/8/8/8 w - d6 0 2").expect("fields");
        assert!(Position::from_setup(ok, CastlingMode::Standard).is_ok());
    }
}
