//! Legal move generation with pins and check masks, a fixed-capacity move list, perft.

use core::ops::Deref;

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::position::{Move, Position};
use crate::types::{CastlingSide, Color, Piece, Rank, Role, Square};

/// The moves of one piece: a role, an origin and a set of destinations (promotions are
/// expanded when the set is turned into moves).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PieceMoves {
    pub(crate) role: Role,
    pub(crate) from: Square,
    pub(crate) to: Bitboard,
}

impl PieceMoves {
    /// Whether these are pawn moves onto the last rank (each destination counts four times).
    #[inline]
    fn promotes(&self) -> bool {
        self.role == Role::Pawn
            && (self.to & (Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth))).any()
    }

    /// The number of moves.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.to.count() as usize * if self.promotes() { 4 } else { 1 }
    }

    /// Calls `f` with every move.
    #[inline]
    pub(crate) fn for_each(&self, mut f: impl FnMut(Move)) {
        if self.promotes() {
            for to in self.to {
                for p in Role::PROMOTIONS {
                    f(Move {
                        from: self.from,
                        to,
                        promotion: Some(p),
                    });
                }
            }
        } else {
            for to in self.to {
                f(Move {
                    from: self.from,
                    to,
                    promotion: None,
                });
            }
        }
    }
}

/// The most moves any position this crate accepts can have (218 is the known maximum for
/// reachable positions; validation bounds the material accordingly).
pub const MAX_MOVES: usize = 256;

/// A list of at most [`MAX_MOVES`] moves on the stack: move generation never allocates.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{MoveList, Position};
///
/// let mut list = MoveList::new();
/// Position::new().legal_moves_into(&mut list);
/// assert_eq!(list.len(), 20);
/// assert!(list.iter().all(|m| m.promotion.is_none()));
/// ```
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl core::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl MoveList {
    /// An empty list.
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square::A1, Square::A1); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends `m`; a full list ignores further moves (cannot happen for the positions
    /// [`Position`] accepts).
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Position {
    /// Every square attacked by `color`'s pawns, knights and king.
    #[inline]
    fn leaper_attacks(&self, color: Color) -> Bitboard {
        let b = &self.board;
        let ours = b.by_color(color);
        let pawns = (b.by_role(Role::Pawn) & ours).0;
        let (not_a, not_h) = (!0x0101_0101_0101_0101u64, !0x8080_8080_8080_8080u64);
        let mut a = match color {
            Color::White => Bitboard(((pawns << 7) & not_h) | ((pawns << 9) & not_a)),
            Color::Black => Bitboard(((pawns >> 9) & not_h) | ((pawns >> 7) & not_a)),
        };
        for n in b.by_role(Role::Knight) & ours {
            a |= knight_attacks(n);
        }
        if let Some(k) = (b.by_role(Role::King) & ours).first() {
            a |= king_attacks(k);
        }
        a
    }

    /// Generates every legal move as per-piece destination sets; `f` returns `true` to stop.
    /// Returns `true` if stopped early.
    ///
    /// Rules: K3/K4 (never onto an own piece, capture an enemy one), K5-K12 (piece moves),
    /// K14/A9 (never leave the own king attacked: pins and check masks), K15 (evasions
    /// only when in check), K17/A6 (en passant), K18-K20/A10 (castling), K7/A8 (promotion).
    #[inline]
    pub(crate) fn generate(&self, f: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate_from(Bitboard::FULL, f)
    }

    /// [`Position::generate`] restricted to the pieces standing on `mask`.
    #[inline]
    pub(crate) fn generate_from(
        &self,
        mask: Bitboard,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let us = self.turn;
        let b = &self.board;
        let our = b.by_color(us);
        let their = b.by_color(!us);
        let occ = our | their;
        let king = self.king(us);

        // King moves: never onto an attacked square (K14); the king is removed from the
        // occupancy so that it cannot hide behind itself from a slider.
        if mask.contains(king) {
            // Every square the enemy attacks with the king lifted off the board (so that it
            // cannot hide behind itself from a slider): leapers set-wise, one lookup per slider.
            let occ_no_king = occ.without(king);
            let candidates = king_attacks(king) & !our & !self.leaper_attacks(!us);
            let diag = b.diagonal_sliders() & their;
            let straight = b.straight_sliders() & their;
            // Whichever needs fewer table lookups: one per enemy slider (an attack map), or
            // up to two per candidate square.
            let kt = if diag.count() + straight.count() < 2 * candidates.count() {
                let mut danger = Bitboard::EMPTY;
                for s in diag {
                    danger |= bishop_attacks(s, occ_no_king);
                }
                for s in straight {
                    danger |= rook_attacks(s, occ_no_king);
                }
                candidates & !danger
            } else {
                let mut safe = Bitboard::EMPTY;
                for to in candidates {
                    if (bishop_attacks(to, occ_no_king) & diag).is_empty()
                        && (rook_attacks(to, occ_no_king) & straight).is_empty()
                    {
                        safe = safe.with(to);
                    }
                }
                safe
            };
            if kt.any()
                && f(PieceMoves {
                    role: Role::King,
                    from: king,
                    to: kt,
                })
            {
                return true;
            }
        }
        let checkers = self.checkers;
        if checkers.more_than_one() {
            return false; // double check: only the king may move (K15)
        }
        let target = match checkers.single() {
            Some(c) => between(king, c).with(c),
            None => !our,
        };
        let pinned = self.pinned;
        let movers = our & mask;

        for from in b.by_role(Role::Knight) & movers & !pinned {
            let to = knight_attacks(from) & target;
            if to.any()
                && f(PieceMoves {
                    role: Role::Knight,
                    from,
                    to,
                })
            {
                return true;
            }
        }
        for (role, diag, straight) in [
            (Role::Bishop, true, false),
            (Role::Rook, false, true),
            (Role::Queen, true, true),
        ] {
            for from in b.by_role(role) & movers {
                let mut to = Bitboard::EMPTY;
                if diag {
                    to |= bishop_attacks(from, occ);
                }
                if straight {
                    to |= rook_attacks(from, occ);
                }
                to &= target;
                if pinned.contains(from) {
                    to &= line(king, from);
                }
                if to.any() && f(PieceMoves { role, from, to }) {
                    return true;
                }
            }
        }
        let (dir, start) = match us {
            Color::White => (8i32, Bitboard::rank(Rank::Second)),
            Color::Black => (-8, Bitboard::rank(Rank::Seventh)),
        };
        for from in b.by_role(Role::Pawn) & movers {
            let mut to = pawn_attacks(us, from) & their;
            let one = Square::from_index_masked((from as i32 + dir) as u32);
            if !occ.contains(one) {
                to = to.with(one);
                if start.contains(from) {
                    let two = Square::from_index_masked((from as i32 + 2 * dir) as u32);
                    if !occ.contains(two) {
                        to = to.with(two);
                    }
                }
            }
            to &= target;
            if pinned.contains(from) {
                to &= line(king, from);
            }
            if to.any()
                && f(PieceMoves {
                    role: Role::Pawn,
                    from,
                    to,
                })
            {
                return true;
            }
        }
        if let Some(ep) = self.ep
            && self.gen_en_passant(ep, mask, f)
        {
            return true;
        }
        if checkers.is_empty() && mask.contains(king) {
            for side in CastlingSide::ALL {
                if let Some(rook) = self.castling[us][side as usize]
                    && self.castling_allowed(king, rook, side, occ)
                    && f(PieceMoves {
                        role: Role::King,
                        from: king,
                        to: Bitboard::from_square(rook),
                    })
                {
                    return true;
                }
            }
        }
        false
    }

    /// En-passant captures onto `ep` (K17, A6), each tested in full: the captured pawn and
    /// the capturing pawn both leave their squares, which is how the horizontal pin (king and
    /// enemy rook on the same rank as both pawns) is caught.
    pub(crate) fn gen_en_passant(
        &self,
        ep: Square,
        mask: Bitboard,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let us = self.turn;
        let b = &self.board;
        let cap = Square::from_index_masked((ep as i32 - us.fold(8, -8)) as u32);
        let their = b.by_color(!us);
        if !(b.by_role(Role::Pawn) & their).contains(cap) || b.occupied().contains(ep) {
            return false;
        }
        let king = self.king(us);
        for from in pawn_attacks(!us, ep)
            & b.by_piece(Piece {
                color: us,
                role: Role::Pawn,
            })
            & mask
        {
            let occ = (b.occupied().without(from).without(cap)).with(ep);
            let their_left = their.without(cap);
            let sliders = (bishop_attacks(king, occ) & b.diagonal_sliders())
                | (rook_attacks(king, occ) & b.straight_sliders());
            let leapers = (knight_attacks(king) & b.by_role(Role::Knight))
                | (pawn_attacks(us, king) & b.by_role(Role::Pawn));
            if ((sliders | leapers) & their_left).is_empty()
                && f(PieceMoves {
                    role: Role::Pawn,
                    from,
                    to: Bitboard::from_square(ep),
                })
            {
                return true;
            }
        }
        false
    }

    /// Castling conditions (K19, A10): the right exists (checked by the caller), the king is
    /// not in check (caller), every square the king and rook travel over or land on is empty
    /// except for the two of them, and no square from the king's start to its destination is
    /// attacked (tested with king and rook lifted off the board, which matters in Chess960).
    fn castling_allowed(
        &self,
        king: Square,
        rook: Square,
        side: CastlingSide,
        occ: Bitboard,
    ) -> bool {
        let rank = self.turn.back_rank();
        let kt = Square::from_coords(side.king_to_file(), rank);
        let rt = Square::from_coords(side.rook_to_file(), rank);
        let lifted = occ.without(king).without(rook);
        let must_be_empty = between(king, kt).with(kt) | between(rook, rt).with(rt);
        if (must_be_empty & lifted).any() {
            return false;
        }
        let path = between(king, kt).with(kt);
        if (path & self.leaper_attacks(!self.turn)).any() {
            return false;
        }
        let their = self.board.by_color(!self.turn);
        let diag = self.board.diagonal_sliders() & their;
        let straight = self.board.straight_sliders() & their;
        for sq in path {
            if (bishop_attacks(sq, lifted) & diag).any()
                || (rook_attacks(sq, lifted) & straight).any()
            {
                return false;
            }
        }
        true
    }

    /// Every legal move.
    ///
    /// # Examples
    ///
    /// ```
    /// let pos = lattjo_chess::Position::new();
    /// assert_eq!(pos.legal_moves().len(), 20);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Clears `list` and fills it with every legal move.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.generate(&mut |pm| {
            pm.for_each(|m| list.push(m));
            false
        });
    }

    /// One legal move chosen by index: `pick(n)` receives the number of legal moves `n > 0`
    /// and returns an index below it (out of range picks nothing). Every legal move has
    /// exactly one index, so a uniform `pick` gives a uniform move; no move list is built.
    ///
    /// # Examples
    ///
    /// ```
    /// let pos = lattjo_chess::Position::new();
    /// let m = pos.choose_legal_move(|n| n - 1).expect("20 moves");
    /// assert!(pos.is_legal(m));
    /// ```
    pub fn choose_legal_move(&self, pick: impl FnOnce(usize) -> usize) -> Option<Move> {
        let empty = PieceMoves {
            role: Role::Pawn,
            from: Square::A1,
            to: Bitboard::EMPTY,
        };
        let mut sets = [empty; 32];
        let mut n = 0;
        let mut total = 0;
        self.generate(&mut |pm| {
            if let Some(slot) = sets.get_mut(n) {
                *slot = pm;
                n += 1;
                total += pm.len();
            }
            false
        });
        if total == 0 {
            return None;
        }
        let mut k = pick(total);
        for pm in &sets[..n] {
            let len = pm.len();
            if k < len {
                return Some(if pm.promotes() {
                    let mut to = pm.to;
                    Move {
                        from: pm.from,
                        to: to.nth(k / 4)?,
                        promotion: Some(Role::PROMOTIONS[k % 4]),
                    }
                } else {
                    let mut to = pm.to;
                    Move {
                        from: pm.from,
                        to: to.nth(k)?,
                        promotion: None,
                    }
                });
            }
            k -= len;
        }
        None
    }

    /// The number of legal moves (bulk-counted, without listing them).
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let mut n = 0;
        self.generate(&mut |pm| {
            n += pm.len();
            false
        });
        n
    }

    /// Whether the side to move has at least one legal move.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        // Other pieces first: the king's moves need an attack test per square.
        let king = Bitboard::from_square(self.king(self.turn));
        (!self.checkers.more_than_one() && self.generate_from(!king, &mut |_| true))
            || self.generate_from(king, &mut |_| true)
    }

    /// Whether `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        let Some(piece) = self.board.piece_at(m.from) else {
            return false;
        };
        if piece.color != self.turn {
            return false;
        }
        let promo_rank = Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth);
        let needs_promotion = piece.role == Role::Pawn && promo_rank.contains(m.to);
        match m.promotion {
            Some(p) if !needs_promotion || matches!(p, Role::Pawn | Role::King) => return false,
            None if needs_promotion => return false,
            _ => {}
        }
        let mut found = false;
        self.generate_from(Bitboard::from_square(m.from), &mut |pm| {
            if pm.from == m.from && pm.to.contains(m.to) {
                found = true;
            }
            found
        });
        found
    }

    /// Whether the side to move is checkmated (in check with no legal move; rule K16, T5).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_chess::Position;
    ///
    /// let mate: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse()?;
    /// assert!(mate.is_checkmate() && !mate.is_stalemate());
    /// # Ok::<(), lattjo_chess::FenError>(())
    /// ```
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated (not in check, no legal move; rule A1).
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }
}

/// Counts the leaf nodes of the legal move tree to `depth` plies, counting the moves at the
/// last ply in bulk.
///
/// # Examples
///
/// ```
/// let start = lattjo_chess::Position::new();
/// assert_eq!(lattjo_chess::perft(&start, 3), 8902);
/// ```
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        _ => {
            let mut nodes = 0;
            position.generate(&mut |pm| {
                pm.for_each(|m| {
                    let mut child = position.clone();
                    child.play_unchecked(m);
                    nodes += perft(&child, depth - 1);
                });
                false
            });
            nodes
        }
    }
}
