//! The validated position: placement, side to move, castling rights, en passant, clocks.

use boardgame_core::text::excerpt;
use core::fmt;

use crate::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
    rook_rays,
};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::setup::{PositionError, Setup};
use crate::types::{ByColor, CastlingSide, Color, File, Piece, Rank, Role, Square};
use crate::zobrist;

/// How castling is written and which rook placements are allowed.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{CastlingMode, Position};
///
/// let c960 = Position::chess960(518).expect("the standard start as Chess960");
/// assert_eq!(c960.castling_mode(), CastlingMode::Chess960);
/// let castle = c960.parse_uci("e1h1"); // king takes rook in Chess960 notation
/// assert!(castle.is_err(), "the pieces between still block it");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CastlingMode {
    /// Standard chess: king on the e-file, rooks in the corners; UCI writes castling as the
    /// king's two-square move (`e1g1`).
    #[default]
    Standard,
    /// Chess960: king between the rooks anywhere on the back rank; UCI writes castling as
    /// "king takes own rook" (`e1h1`) and FEN may use Shredder/X-FEN castling letters.
    Chess960,
}

/// A move: from, to and an optional promotion role (rule K7).
///
/// Castling is encoded as the king moving onto its own rook's square ("king takes rook"), the
/// same for standard chess and Chess960; notation converts at the edge ([`crate::uci`] writes
/// `e1g1` in standard chess). En passant is the pawn's diagonal move to the empty
/// en-passant square.
///
/// As text (`Display`, `FromStr`) a move is its UCI form in this encoding: `e2e4`, `e7e8q`,
/// and castling as king takes rook (`e1h1`, UCI's Chess960 form). [`Position::to_uci`] and
/// [`Position::parse_uci`] convert castling to and from standard chess's `e1g1`.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Move, Role, Square};
///
/// let m: Move = "e7e8q".parse()?;
/// assert_eq!(m, Move { from: Square::E7, to: Square::E8, promotion: Some(Role::Queen) });
/// assert_eq!(m.to_string(), "e7e8q");
/// assert_eq!(Move::new(Square::G1, Square::F3).to_string(), "g1f3");
/// # Ok::<(), lattjo_chess::UciError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// The square the moving piece leaves.
    pub from: Square,
    /// The destination (the castling rook's square for castling).
    pub to: Square,
    /// The promotion role for a pawn reaching the last rank.
    pub promotion: Option<Role>,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "{}", p.char())?;
        }
        Ok(())
    }
}

impl core::str::FromStr for Move {
    type Err = crate::uci::UciError;
    /// Parses `<from><to>[promotion]` (any role letter is read as the promotion, so that
    /// every `Move` value reads back from its text) or `0000`, [`Move::NULL`].
    fn from_str(s: &str) -> Result<Move, crate::uci::UciError> {
        let bad = || crate::uci::UciError::Syntax(excerpt(s));
        if s == "0000" {
            return Ok(Move::NULL);
        }
        if !s.is_ascii() || !(4..=5).contains(&s.len()) {
            return Err(bad());
        }
        let from: Square = s[0..2].parse().map_err(|_| bad())?;
        let to: Square = s[2..4].parse().map_err(|_| bad())?;
        let promotion = match s.as_bytes().get(4) {
            None => None,
            Some(&c) if c.is_ascii_lowercase() => {
                Some(Role::from_char(char::from(c)).ok_or_else(bad)?)
            }
            Some(_) => return Err(bad()),
        };
        Ok(Move {
            from,
            to,
            promotion,
        })
    }
}

impl Move {
    /// The null move: no piece moves and the turn passes. It is no chess move: game records
    /// written by hand or by analysis tools use it, as ChessBase's and python-chess's PGN
    /// do (`--`), to show a threat. [`Position::play`] and [`crate::Chess`] refuse it;
    /// [`Position::play_null`] plays it where it is allowed, and [`crate::pgn`] reads and
    /// writes it. As text it is UCI's `0000`; its squares (a1 to a1) are those of no move.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Move, Position};
    ///
    /// assert_eq!(Move::NULL.to_string(), "0000");
    /// assert_eq!("0000".parse::<Move>()?, Move::NULL);
    /// let mut pos = Position::new();
    /// assert!(pos.play(Move::NULL).is_err(), "not a chess move");
    /// pos.play_null()?;
    /// assert_eq!(pos.turn(), lattjo_chess::Color::Black);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const NULL: Move = Move {
        from: Square::A1,
        to: Square::A1,
        promotion: None,
    };

    /// Whether this is [`Move::NULL`].
    #[must_use]
    pub fn is_null(self) -> bool {
        self == Move::NULL
    }

    /// A move without promotion.
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
        }
    }
}

/// A legal chess position: placement, side to move, castling rights, en-passant square and
/// clocks, with the checkers, pinned pieces and Polyglot hash kept up to date.
///
/// Built by [`Position::new`] (the standard start), [`Position::from_setup`] (validates), or
/// FEN parsing ([`Position::from_fen`]). Moves are played with [`Position::play`] (checked, the
/// position is unchanged on error) or [`Position::play_unchecked`].
///
/// `==` compares every field: the placement, the side to move, the castling rights and mode,
/// the clocks, and the en-passant square as recorded, which a move sets after every double
/// step while tools such as Stockfish and python-chess write a FEN's square only when the
/// capture is legal. Positions that count as the same for repetitions (A3, FIDE 9.2.3) have
/// the same [`Position::repetition_key`], whichever way their FEN was written.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Color, Position};
///
/// let mut pos: Position = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2".parse()?;
/// assert_eq!(pos.turn(), Color::White);
/// assert_eq!(pos.legal_moves().len(), 29);
/// pos.play(pos.parse_san("Qh5")?)?;
/// assert_eq!(pos.fullmoves(), 2);
/// assert!(!pos.is_check());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castling: ByColor<[Option<Square>; 2]>,
    pub(crate) castle_mask: Bitboard,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
    pub(crate) checkers: Bitboard,
    pub(crate) pinned: Bitboard,
    pub(crate) mode: CastlingMode,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

/// A move refused by [`Position::play`].
///
/// # Examples
///
/// ```
/// use lattjo_chess::{Move, Position, Square};
///
/// let mut pos = Position::new();
/// let err = pos.play(Move::new(Square::E2, Square::E5)).unwrap_err();
/// assert_eq!(err.to_string(), "illegal move e2e5 in this position");
/// assert_eq!(pos, Position::new(), "unchanged");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {} in this position", Move { from: *from, to: *to, promotion: *promotion })]
#[non_exhaustive]
pub struct IllegalMoveError {
    /// The move's origin.
    pub from: Square,
    /// The move's destination.
    pub to: Square,
    /// The move's promotion role.
    pub promotion: Option<Role>,
}

impl Position {
    /// The standard starting position (rules section 1; White to move, rule K2).
    #[must_use]
    pub fn new() -> Position {
        // Built and validated once: the PGN reader asks for it at every game.
        static START: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
        START
            .get_or_init(
                || match Position::from_setup(Setup::default(), CastlingMode::Standard) {
                    Ok(p) => p,
                    Err(_) => unreachable!("the standard start is valid"),
                },
            )
            .clone()
    }

    /// The placement.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The castling notation mode.
    #[must_use]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// The square of the rook that `color` may still castle with on `side`, if any.
    #[must_use]
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.castling[color][side as usize]
    }

    /// The squares of all rooks that keep a castling right.
    #[must_use]
    pub fn castling_rooks(&self) -> Bitboard {
        self.castle_mask
    }

    /// The en-passant square as FEN's `Always` convention records it: the square skipped by
    /// a double step on the last move, whether or not a capture is possible.
    #[must_use]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// The en-passant square only if an en-passant capture is legal now (FEN's `Legal`
    /// convention; rule A3 uses it for position identity).
    #[must_use]
    #[inline]
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep?;
        self.legal_ep_capture(ep)
    }

    /// `Some(ep)` if an en-passant capture onto `ep` is legal.
    fn legal_ep_capture(&self, ep: Square) -> Option<Square> {
        let mut found = false;
        self.gen_en_passant::<crate::attacks::Magic>(ep, Bitboard::FULL, &mut |_| {
            found = true;
            true
        });
        found.then_some(ep)
    }

    /// Plies since the last capture or pawn move (the 50- and 75-move rules).
    #[must_use]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number: 1 at the start, increased after each move of Black.
    #[must_use]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The pieces giving check to the side to move.
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// The side to move's pieces pinned to their king.
    #[must_use]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }

    /// The square of `color`'s king.
    #[inline]
    #[must_use]
    pub fn king(&self, color: Color) -> Square {
        // A position always has exactly one king per side.
        (self.board.by_role(Role::King) & self.board.by_color(color))
            .first()
            .unwrap_or(Square::A1)
    }

    /// The pieces of `attacker` that attack `sq`, with the given occupancy.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Color, Position, Square};
    ///
    /// let pos = Position::new();
    /// let defenders = pos.attackers_to(Square::F3, Color::White, pos.board().occupied());
    /// assert_eq!(defenders.count(), 3); // e2 and g2 pawns, g1 knight
    /// ```
    #[inline]
    #[must_use]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let b = &self.board;
        let them = b.by_color(attacker);
        ((pawn_attacks(!attacker, sq) & b.by_role(Role::Pawn))
            | (knight_attacks(sq) & b.by_role(Role::Knight))
            | (king_attacks(sq) & b.by_role(Role::King))
            | (bishop_attacks(sq, occupied) & b.diagonal_sliders())
            | (rook_attacks(sq, occupied) & b.straight_sliders()))
            & them
    }

    /// The Polyglot Zobrist key of the position: pieces, castling rights, side to move, and
    /// the en-passant file only when a pawn of the side to move stands beside the pawn that
    /// just double-stepped (the Polyglot convention).
    ///
    /// # Examples
    ///
    /// ```
    /// let pos = lattjo_chess::Position::new();
    /// assert_eq!(pos.zobrist(), 0x463b_9618_1691_fc9c); // Polyglot's published start key
    /// ```
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        match self.ep {
            Some(ep)
                if (pawn_attacks(!self.turn, ep)
                    & self.board.by_piece(Piece {
                        color: self.turn,
                        role: Role::Pawn,
                    }))
                .any() =>
            {
                self.hash ^ zobrist::ep_key(ep.file())
            }
            _ => self.hash,
        }
    }

    /// The key of the position's identity for repetitions (rule A3, FIDE 9.2.3): the
    /// Polyglot key except that the en-passant file counts only when an en-passant capture
    /// is legal.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::Position;
    ///
    /// // After 1. e4 no black pawn can take en passant, so the e3 square does not count.
    /// let with_ep: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse()?;
    /// let without: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse()?;
    /// assert_eq!(with_ep.repetition_key(), without.repetition_key());
    /// # Ok::<(), lattjo_chess::FenError>(())
    /// ```
    #[must_use]
    pub fn repetition_key(&self) -> u64 {
        match self.legal_ep_square() {
            Some(ep) => self.hash ^ zobrist::ep_key(ep.file()),
            None => self.hash,
        }
    }

    /// The [`Position::repetition_key`] of the position after `m`, a legal move of a piece
    /// of `role` that neither captures nor moves a pawn (castling included), without
    /// playing it: the incremental hash updates of [`Position::play_role`] for such a move.
    /// After it no en-passant capture can be legal, so the key is the hash itself. Draw
    /// claims with a move (FIDE 9.2.1.1) test every legal move with it.
    #[inline]
    pub(crate) fn key_after_quiet(&self, m: Move, role: Role) -> u64 {
        let us = self.turn;
        let mover = Piece { color: us, role };
        let mut h = self.hash ^ zobrist::WHITE_TO_MOVE;
        if role == Role::King {
            if self.board.by_color(us).contains(m.to) {
                // Castling (A11): the king onto its own rook, both to the c/g, d/f files.
                let (kt, rt) = castling_targets(us, m);
                let rook = Piece {
                    color: us,
                    role: Role::Rook,
                };
                h ^= zobrist::piece_key(mover, m.from)
                    ^ zobrist::piece_key(mover, kt)
                    ^ zobrist::piece_key(rook, m.to)
                    ^ zobrist::piece_key(rook, rt);
            } else {
                h ^= zobrist::piece_key(mover, m.from) ^ zobrist::piece_key(mover, m.to);
            }
            for side in CastlingSide::ALL {
                if self.castling[us][side as usize].is_some() {
                    h ^= zobrist::castling_key(us, side);
                }
            }
            return h;
        }
        h ^= zobrist::piece_key(mover, m.from) ^ zobrist::piece_key(mover, m.to);
        for sq in Bitboard::from_square(m.from).with(m.to) & self.castle_mask {
            for c in Color::ALL {
                for side in CastlingSide::ALL {
                    if self.castling[c][side as usize] == Some(sq) {
                        h ^= zobrist::castling_key(c, side);
                    }
                }
            }
        }
        h
    }

    /// The hash recomputed from scratch (tests compare it with the incremental one).
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.board.occupied() {
            if let Some(p) = self.board.piece_at(sq) {
                h ^= zobrist::piece_key(p, sq);
            }
        }
        for c in Color::ALL {
            for side in CastlingSide::ALL {
                if self.castling[c][side as usize].is_some() {
                    h ^= zobrist::castling_key(c, side);
                }
            }
        }
        if self.turn == Color::White {
            h ^= zobrist::WHITE_TO_MOVE;
        }
        h
    }

    /// Recomputes the checkers and the pinned pieces of the side to move.
    #[inline]
    pub(crate) fn update_check_info(&mut self) {
        let us = self.turn;
        let king = self.king(us);
        let b = &self.board;
        let their = b.by_color(!us);
        let our = b.by_color(us);
        let occ = our | their;
        let snipers = ((bishop_rays(king) & b.diagonal_sliders())
            | (rook_rays(king) & b.straight_sliders()))
            & their;
        let mut checkers = (knight_attacks(king) & b.by_role(Role::Knight)
            | pawn_attacks(us, king) & b.by_role(Role::Pawn))
            & their;
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = between(king, s) & occ;
            if blockers.is_empty() {
                checkers = checkers.with(s);
            } else if !blockers.more_than_one() {
                pinned |= blockers & our;
            }
        }
        self.checkers = checkers;
        self.pinned = pinned;
    }

    /// Whether `m` is a castling move in this position (the king moving onto its own rook).
    #[must_use]
    pub fn is_castling(&self, m: Move) -> bool {
        let our = self.board.by_color(self.turn);
        our.contains(m.to) && (self.board.by_role(Role::King) & our).contains(m.from)
    }

    /// Whether `m` is an en-passant capture in this position.
    #[must_use]
    pub fn is_en_passant(&self, m: Move) -> bool {
        Some(m.to) == self.ep
            && m.from.file() != m.to.file()
            && (self.board.by_piece(Piece {
                color: self.turn,
                role: Role::Pawn,
            }))
            .contains(m.from)
    }

    /// Whether `m` captures (en passant included; castling is not a capture).
    #[must_use]
    pub fn is_capture(&self, m: Move) -> bool {
        self.board.by_color(!self.turn).contains(m.to) || self.is_en_passant(m)
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] when `m` is not a legal move here; the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMoveError {
                from: m.from,
                to: m.to,
                promotion: m.promotion,
            })
        }
    }

    /// Plays the null move ([`Move::NULL`]): the turn passes, the en-passant square is
    /// cleared, the halfmove clock and (after Black) the move number advance, as
    /// python-chess plays it.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] (of [`Move::NULL`]) when the side to move is in check: passing
    /// would leave a king in check with its opponent to move, which is no position. The
    /// position is unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::Position;
    ///
    /// let mut pos: Position = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1".parse()?;
    /// assert_eq!(pos.play_null().unwrap_err().to_string(), "illegal move 0000 in this position");
    /// # Ok::<(), lattjo_chess::FenError>(())
    /// ```
    pub fn play_null(&mut self) -> Result<(), IllegalMoveError> {
        if self.checkers.any() {
            return Err(IllegalMoveError {
                from: Move::NULL.from,
                to: Move::NULL.to,
                promotion: None,
            });
        }
        self.ep = None;
        self.halfmoves = self.halfmoves.saturating_add(1);
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !self.turn;
        self.hash ^= zobrist::WHITE_TO_MOVE;
        self.update_check_info();
        Ok(())
    }

    /// Plays `m` without checking that it is legal.
    ///
    /// Never panics and never causes undefined behaviour, but an illegal `m` leaves the
    /// position in a state that may break the crate's invariants (use [`Position::play`]
    /// unless `m` came from the move generator for this very position).
    ///
    /// # Examples
    ///
    /// ```
    /// let mut pos = lattjo_chess::Position::new();
    /// let first = pos.legal_moves()[0]; // generated here, so legal here
    /// pos.play_unchecked(first);
    /// assert_eq!(pos.turn(), lattjo_chess::Color::Black);
    /// ```
    pub fn play_unchecked(&mut self, m: Move) {
        if let Some(role) = self.board.role_at(m.from) {
            self.play_role::<true>(m, role);
        }
    }

    /// [`Position::play_unchecked`] for a move of a piece of `role`, updating the Zobrist
    /// hash only if `HASH` (perft's throw-away children skip it).
    #[inline(always)]
    pub(crate) fn play_role<const HASH: bool>(&mut self, m: Move, role: Role) {
        let us = self.turn;
        let them = !us;
        let prev_ep = self.ep.take();
        self.halfmoves = self.halfmoves.saturating_add(1);
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        let mover = Piece { color: us, role };
        if role == Role::King && self.board.by_color(us).contains(m.to) {
            // Castling (rules K18-K20, A11): king to the c/g file, rook beside it.
            let (kt, rt) = castling_targets(us, m);
            let rook = Piece {
                color: us,
                role: Role::Rook,
            };
            self.board.toggle(m.from, us, Role::King);
            self.board.toggle(m.to, us, Role::Rook);
            self.board.toggle(kt, us, Role::King);
            self.board.toggle(rt, us, Role::Rook);
            if HASH {
                self.hash ^= zobrist::piece_key(mover, m.from)
                    ^ zobrist::piece_key(mover, kt)
                    ^ zobrist::piece_key(rook, m.to)
                    ^ zobrist::piece_key(rook, rt);
            }
            self.clear_castling::<HASH>(us);
        } else {
            if self.board.by_color(them).contains(m.to) {
                if let Some(cap) = self.board.role_at(m.to) {
                    self.board.toggle(m.to, them, cap);
                    if HASH {
                        self.hash ^= zobrist::piece_key(
                            Piece {
                                color: them,
                                role: cap,
                            },
                            m.to,
                        );
                    }
                }
                self.halfmoves = 0;
            }
            self.board.toggle(m.from, us, role);
            if HASH {
                self.hash ^= zobrist::piece_key(mover, m.from);
            }
            let mut placed = role;
            if role == Role::Pawn {
                self.halfmoves = 0;
                let dir = us.fold(8i32, -8);
                let delta = m.to as i32 - m.from as i32;
                if delta == 2 * dir {
                    self.ep = Square::new((m.from as i32 + dir) as u32);
                } else if Some(m.to) == prev_ep && delta != dir {
                    // En passant (rule K17): the captured pawn stands behind the target.
                    let cap = Square::from_index_masked((m.to as i32 - dir) as u32);
                    self.board.toggle(cap, them, Role::Pawn);
                    if HASH {
                        self.hash ^= zobrist::piece_key(
                            Piece {
                                color: them,
                                role: Role::Pawn,
                            },
                            cap,
                        );
                    }
                }
                if let Some(p) = m.promotion {
                    // Promotion (rule K7, A8): compulsory and part of the same move.
                    placed = p;
                }
            } else if role == Role::King {
                self.clear_castling::<HASH>(us);
            }
            self.board.toggle(m.to, us, placed);
            if HASH {
                self.hash ^= zobrist::piece_key(
                    Piece {
                        color: us,
                        role: placed,
                    },
                    m.to,
                );
            }
            let touched = Bitboard::from_square(m.from).with(m.to) & self.castle_mask;
            if touched.any() {
                // A rook moved from, or was captured on, its home square (A10).
                for sq in touched {
                    for c in Color::ALL {
                        for side in CastlingSide::ALL {
                            if self.castling[c][side as usize] == Some(sq) {
                                self.castling[c][side as usize] = None;
                                if HASH {
                                    self.hash ^= zobrist::castling_key(c, side);
                                }
                            }
                        }
                    }
                    self.castle_mask = self.castle_mask.without(sq);
                }
            }
        }
        self.turn = them;
        if HASH {
            self.hash ^= zobrist::WHITE_TO_MOVE;
        }
        self.update_check_info();
    }

    #[inline]
    fn clear_castling<const HASH: bool>(&mut self, color: Color) {
        for side in CastlingSide::ALL {
            if let Some(sq) = self.castling[color][side as usize].take() {
                if HASH {
                    self.hash ^= zobrist::castling_key(color, side);
                }
                self.castle_mask = self.castle_mask.without(sq);
            }
        }
    }

    /// The position with colours swapped and the board mirrored (perft is unchanged, section
    /// 7 of the rules).
    ///
    /// # Panics
    ///
    /// On a position whose invariants [`Position::play_unchecked`] broke with an illegal move
    /// (a king captured, kings side by side): its mirror is no valid position.
    /// [`Position::try_mirror`] is the checked twin. Every position built by validation (a
    /// FEN, a setup, the `ignore_` methods of [`PositionError`]) and every legal move keep
    /// the invariants.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{perft, Position};
    ///
    /// let kiwipete: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
    /// assert_eq!(perft(&kiwipete.mirror(), 2), perft(&kiwipete, 2));
    /// # Ok::<(), lattjo_chess::FenError>(())
    /// ```
    #[must_use]
    pub fn mirror(&self) -> Position {
        match self.try_mirror() {
            Ok(p) => p,
            Err(e) => panic!(
                "no mirror of a position whose invariants an illegal move broke \
                 (Position::play_unchecked): {e}"
            ),
        }
    }

    /// [`Position::mirror`], checked: the mirrored position, or the problems of its setup
    /// for a position whose invariants [`Position::play_unchecked`] broke with an illegal
    /// move.
    ///
    /// # Errors
    ///
    /// [`PositionError`] listing what the mirrored setup breaks (never for a position built
    /// by validation or reached by legal moves).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::{Move, Position, PositionErrorKind, Square};
    ///
    /// let start = Position::new();
    /// assert_eq!(start.try_mirror()?.to_string(), start.mirror().to_string());
    /// // The white queen "captures" her own king: no longer a position.
    /// let mut broken = start.clone();
    /// broken.play_unchecked(Move { from: Square::D1, to: Square::E1, promotion: None });
    /// let err = broken.try_mirror().unwrap_err();
    /// assert!(err.contains(PositionErrorKind::MissingKing(lattjo_chess::Color::Black)));
    /// # Ok::<(), lattjo_chess::PositionError>(())
    /// ```
    pub fn try_mirror(&self) -> Result<Position, PositionError> {
        let setup = Setup {
            board: self.board.mirror(),
            turn: !self.turn,
            castling_rooks: self.castle_mask.flip_vertical(),
            ep_square: self.ep.map(Square::flip_vertical),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        };
        // With the leniency a position may have been accepted with (an impossible check,
        // `PositionError::ignore_impossible_check`): every other check is symmetric under the
        // mirror. Regression (panic audit): checked strictly, such a position panicked.
        Position::from_setup_of_a_position(setup, self.mode)
    }

    /// Start position `number` of Chess960 in Scharnagl numbering (`518` is the standard
    /// start), in [`CastlingMode::Chess960`]; `None` when `number >= 960`.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::Position;
    ///
    /// let pos = Position::chess960(0).expect("0..960");
    /// assert_eq!(pos.to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert!(Position::chess960(960).is_none());
    /// ```
    #[must_use]
    pub fn chess960(number: u32) -> Option<Position> {
        if number >= 960 {
            return None;
        }
        let mut files: [Option<Role>; 8] = [None; 8];
        let mut n = number;
        files[(n % 4 * 2 + 1) as usize] = Some(Role::Bishop);
        n /= 4;
        files[(n % 4 * 2) as usize] = Some(Role::Bishop);
        n /= 4;
        let place_nth_free = |files: &mut [Option<Role>; 8], mut k: u32, role: Role| {
            for f in files.iter_mut() {
                if f.is_none() {
                    if k == 0 {
                        *f = Some(role);
                        return;
                    }
                    k -= 1;
                }
            }
        };
        place_nth_free(&mut files, n % 6, Role::Queen);
        n /= 6;
        let (a, b) = [
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 3),
            (2, 4),
            (3, 4),
        ][n as usize];
        place_nth_free(&mut files, b, Role::Knight);
        place_nth_free(&mut files, a, Role::Knight);
        for role in [Role::Rook, Role::King, Role::Rook] {
            place_nth_free(&mut files, 0, role);
        }
        let mut board = Board::empty();
        let mut rooks = Bitboard::EMPTY;
        for (i, r) in files.iter().enumerate() {
            let role = (*r)?;
            let f = File::ALL[i];
            board.set_piece_at(
                Square::from_coords(f, Rank::First),
                Piece {
                    color: Color::White,
                    role,
                },
            );
            board.set_piece_at(
                Square::from_coords(f, Rank::Eighth),
                Piece {
                    color: Color::Black,
                    role,
                },
            );
            board.set_piece_at(
                Square::from_coords(f, Rank::Second),
                Piece {
                    color: Color::White,
                    role: Role::Pawn,
                },
            );
            board.set_piece_at(
                Square::from_coords(f, Rank::Seventh),
                Piece {
                    color: Color::Black,
                    role: Role::Pawn,
                },
            );
            if role == Role::Rook {
                rooks = rooks
                    .with(Square::from_coords(f, Rank::First))
                    .with(Square::from_coords(f, Rank::Eighth));
            }
        }
        let setup = Setup {
            board,
            castling_rooks: rooks,
            ..Setup::default()
        };
        Position::from_setup(setup, CastlingMode::Chess960).ok()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position({})",
            crate::fen::Fen::from_position(self, crate::fen::EpMode::Always)
        )
    }
}

/// Serialized as `{"fen": "...", "castling_mode": "Standard"}`: the FEN (en-passant square
/// written `Always`) and the castling mode, which the FEN alone does not always decide.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct PositionRepr {
    fen: String,
    castling_mode: CastlingMode,
}

#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PositionRepr {
            fen: self.to_string(),
            castling_mode: self.mode,
        }
        .serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    /// Parses the FEN and validates it in the given castling mode, like
    /// [`Position::from_fen`].
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let r = PositionRepr::deserialize(d)?;
        Position::from_fen(&r.fen, r.castling_mode).map_err(serde::de::Error::custom)
    }
}

/// Where castling `m` of `us` (the king onto its own rook, A11) puts the king and the rook:
/// the g and f files on the king's side, the c and d files on the queen's.
#[inline]
fn castling_targets(us: Color, m: Move) -> (Square, Square) {
    let side = if m.to.file() > m.from.file() {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    };
    let rank = us.back_rank();
    (
        Square::from_coords(side.king_to_file(), rank),
        Square::from_coords(side.rook_to_file(), rank),
    )
}

#[cfg(test)]
mod tests {
    use super::{Move, Position};

    #[test]
    fn the_null_move_passes_the_turn_as_python_chess_plays_it() {
        // python-chess's test_null_moves: the en-passant square goes, the halfmove clock
        // advances.
        let mut pos: Position = "rnbqkbnr/ppp1pppp/8/2Pp4/8/8/PP1PPPPP/RNBQKBNR w KQkq d6 0 2"
            .parse()
            .expect("valid fen");
        pos.play_null().expect("not in check");
        let expected: Position = "rnbqkbnr/ppp1pppp/8/2Pp4/8/8/PP1PPPPP/RNBQKBNR b KQkq - 1 2"
            .parse()
            .expect("valid fen");
        assert_eq!(pos, expected);
        assert_eq!(pos.zobrist(), expected.zobrist(), "the hash follows");
        pos.play_null().expect("not in check");
        assert_eq!(pos.fullmoves(), 3, "after Black's pass");
    }

    #[test]
    fn the_null_move_is_refused_in_check_and_by_play() {
        let mut pos: Position = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1".parse().expect("fen");
        let before = pos.clone();
        assert!(pos.play_null().is_err());
        assert_eq!(pos, before, "unchanged");
        let mut start = Position::new();
        assert!(start.play(Move::NULL).is_err());
        assert!(!start.is_legal(Move::NULL));
        assert!(Move::NULL.is_null());
        assert!(!Move::new(super::Square::E2, super::Square::E4).is_null());
    }
}
