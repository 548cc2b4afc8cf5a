//! Legal move generation with pins and check masks, a fixed-capacity move list, perft.

use boardgame_core::perft::{PerftDepthError, check_depth};
use core::ops::Deref;

use crate::attacks::{
    Magic, Sliders, SmallTables, between, bishop_rays, king_attacks, knight_attacks, line,
    pawn_attacks, rook_rays,
};
use crate::bitboard::Bitboard;
use crate::position::{CastlingMode, Move, Position};
use crate::types::{CastlingSide, Color, Piece, Rank, Role, Square};

/// The moves of one piece: a role, an origin and a set of destinations (promotions are
/// expanded when the set is turned into moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
        let n = if self.role == Role::Queen {
            self.to.count()
        } else {
            // At most 14: a rook's 14, a bishop's 13, a king's or a knight's 8, a pawn's 4.
            self.to.count_at_most_15()
        };
        n as usize * if self.promotes() { 4 } else { 1 }
    }

    /// Move `k` (`k < len`) in the order of [`PieceMoves::for_each`].
    #[inline]
    fn nth(&self, k: usize) -> Option<Move> {
        let mut to = self.to;
        Some(if self.promotes() {
            Move {
                from: self.from,
                to: to.nth(k / 4)?,
                promotion: Some(Role::PROMOTIONS[k % 4]),
            }
        } else {
            Move {
                from: self.from,
                to: to.nth(k)?,
                promotion: None,
            }
        })
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

/// The most destination sets one position can produce: the king, fifteen other pieces, two
/// castling rooks and two en-passant captures.
const MAX_SETS: usize = 20;

/// Every legal move of a position, kept by the game state so that one generation per ply
/// serves the terminal test, the random choice, the legality check of the move played and
/// the list of legal actions: per-piece destination sets for the pieces, and the pawns'
/// pushes and captures set-wise ([`PawnSets`]) between the queens and en passant, which
/// lists the moves in the same order as [`Position::generate`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct LegalSets {
    sets: [PieceMoves; MAX_SETS],
    /// The number of moves of each set (promotions count four).
    lens: [u8; MAX_SETS],
    n: u8,
    /// The sets before the pawns' moves (the king and the pieces; en passant and castling
    /// come after them).
    split: u8,
    pawns: PawnSets,
    pawn_total: u16,
    total: u16,
}

impl LegalSets {
    /// The legal moves of `pos`.
    pub(crate) fn of(pos: &Position) -> LegalSets {
        let empty = PieceMoves {
            role: Role::Pawn,
            from: Square::A1,
            to: Bitboard::EMPTY,
        };
        let mut l = LegalSets {
            sets: [empty; MAX_SETS],
            lens: [0; MAX_SETS],
            n: 0,
            split: 0,
            pawns: PawnSets::none(pos.turn()),
            pawn_total: 0,
            total: 0,
        };
        l.fill(pos);
        l
    }

    /// Replaces the contents with the legal moves of `pos` (in place: no copy of the sets).
    pub(crate) fn fill(&mut self, pos: &Position) {
        let n = core::cell::Cell::new(0usize);
        let mut total = 0u16;
        let mut split = None;
        let mut pawns = PawnSets::none(pos.turn());
        let (sets, lens) = (&mut self.sets, &mut self.lens);
        // Random playouts visit unrelated positions: sliders without the large rook table.
        pos.generate_parts::<SmallTables, _>(
            Bitboard::FULL,
            &mut |pm| {
                // Validation bounds the pieces, so the sets always fit.
                let i = n.get();
                if i < MAX_SETS {
                    let len = pm.len();
                    sets[i] = pm;
                    lens[i] = len as u8;
                    n.set(i + 1);
                    total += len as u16;
                }
                false
            },
            |_, target| {
                split = Some(n.get());
                pawns = PawnSets::of(pos, target);
                false
            },
        );
        let pawn_total = pawns.len() as u16;
        self.n = n.get() as u8;
        // In double check the pawns are never reached.
        self.split = split.unwrap_or(n.get()) as u8;
        self.pawns = pawns;
        self.pawn_total = pawn_total;
        self.total = total + pawn_total;
    }

    /// The sets before the pawns' moves and the sets after them.
    fn sets(&self) -> (&[PieceMoves], &[PieceMoves]) {
        self.sets[..self.n as usize].split_at(self.split as usize)
    }

    /// The number of legal moves.
    #[inline]
    pub(crate) fn total(&self) -> usize {
        self.total as usize
    }

    /// Move `k` (`k < total`) in generation order.
    #[inline]
    pub(crate) fn nth(&self, mut k: usize) -> Option<Move> {
        let (n, split) = (usize::from(self.n), usize::from(self.split));
        let in_sets = |range: core::ops::Range<usize>, k: &mut usize| {
            for i in range {
                let len = usize::from(self.lens[i]);
                if *k < len {
                    return self.sets[i].nth(*k);
                }
                *k -= len;
            }
            None
        };
        if let Some(m) = in_sets(0..split, &mut k) {
            return Some(m);
        }
        let pawn_total = usize::from(self.pawn_total);
        if k < pawn_total {
            return self.pawns.nth(k);
        }
        k -= pawn_total;
        in_sets(split..n, &mut k)
    }

    /// The moving piece's role if `m` is legal.
    #[inline]
    pub(crate) fn role_of(&self, m: Move) -> Option<Role> {
        let n = usize::from(self.n);
        let (role, promotes) = match self.sets[..n]
            .iter()
            .find(|pm| pm.from == m.from && pm.to.contains(m.to))
        {
            Some(pm) => (
                pm.role,
                pm.role == Role::Pawn && matches!(m.to.rank(), Rank::First | Rank::Eighth),
            ),
            None => (Role::Pawn, self.pawns.promotes_from(m)?),
        };
        let ok = match m.promotion {
            None => !promotes,
            Some(p) => promotes && Role::PROMOTIONS.contains(&p),
        };
        ok.then_some(role)
    }

    /// Calls `f` with every legal move, in generation order.
    pub(crate) fn for_each(&self, mut f: impl FnMut(Move)) {
        let (before, after) = self.sets();
        for pm in before {
            pm.for_each(&mut f);
        }
        self.pawns.for_each(&mut f);
        for pm in after {
            pm.for_each(&mut f);
        }
    }
}

/// The pushes and captures (not en passant) of all the pawns of one side, set-wise: for each
/// kind of pawn move, the squares of the pawns that have it. The kinds are in the order of
/// their destinations ([`PawnSets::offsets`]), so walking the pawns square by square and
/// each pawn's kinds in order gives the order of the per-pawn sets of
/// [`Position::generate`].
#[derive(Clone, Copy, PartialEq, Eq)]
struct PawnSets {
    from: [Bitboard; 4],
    color: Color,
}

impl PawnSets {
    /// No pawn move.
    const fn none(color: Color) -> PawnSets {
        PawnSets {
            from: [Bitboard::EMPTY; 4],
            color,
        }
    }

    /// How far each kind moves, in increasing order: White's captures towards the a-file,
    /// single steps, captures towards the h-file and double steps; Black's double steps,
    /// captures towards the a-file, single steps and captures towards the h-file.
    const fn offsets(color: Color) -> [i32; 4] {
        match color {
            Color::White => [7, 8, 9, 16],
            Color::Black => [-16, -9, -8, -7],
        }
    }

    /// The rank that the side's pawns promote from (K7): all their moves promote.
    const fn promoting(color: Color) -> Bitboard {
        color.fold(Bitboard::rank(Rank::Seventh), Bitboard::rank(Rank::Second))
    }

    /// The pushes and captures of the side to move's pawns onto `target` (the check mask):
    /// the pawns that are not pinned set-wise, the pinned ones one by one along their pin
    /// lines.
    #[inline]
    fn of(pos: &Position, target: Bitboard) -> PawnSets {
        let us = pos.turn();
        let b = pos.board();
        let pawns = b.by_piece(Piece {
            color: us,
            role: Role::Pawn,
        });
        if pawns.is_empty() {
            return PawnSets::none(us); // a quarter of the plies of random games
        }
        let free = (pawns & !pos.pinned()).0;
        let empty = !b.occupied().0;
        let their = b.by_color(!us).0 & target.0;
        let t = target.0;
        let (not_a, not_h) = (!0x0101_0101_0101_0101u64, !0x8080_8080_8080_8080u64);
        let from = match us {
            Color::White => {
                let one = (free << 8) & empty;
                let two = ((one & 0x0000_0000_00ff_0000) << 8) & empty & t;
                [
                    (((free & not_a) << 7) & their) >> 7,
                    (one & t) >> 8,
                    (((free & not_h) << 9) & their) >> 9,
                    two >> 16,
                ]
            }
            Color::Black => {
                let one = (free >> 8) & empty;
                let two = ((one & 0x0000_ff00_0000_0000) >> 8) & empty & t;
                [
                    two << 16,
                    (((free & not_a) >> 9) & their) << 9,
                    (one & t) << 8,
                    (((free & not_h) >> 7) & their) << 7,
                ]
            }
        };
        let mut sets = PawnSets {
            from: from.map(Bitboard),
            color: us,
        };
        for sq in pawns & pos.pinned() {
            let to = pos.pawn_targets(sq, target);
            for (set, off) in sets.from.iter_mut().zip(Self::offsets(us)) {
                if (to & Bitboard::from_square(sq).shifted(off)).any() {
                    *set = set.with(sq);
                }
            }
        }
        sets
    }

    /// The number of moves (promotions count four).
    #[inline]
    fn len(&self) -> u32 {
        let [a, b, c, d] = self.from;
        let any = a | b | c | d;
        if any.is_empty() {
            return 0;
        }
        let n = a.count() + b.count() + c.count() + d.count();
        let promoting = Self::promoting(self.color);
        if (any & promoting).is_empty() {
            n
        } else {
            // Each promotion counts four (no double step starts on the promoting rank).
            n + 3 * [a, b, c, d]
                .map(|s| (s & promoting).count())
                .iter()
                .sum::<u32>()
        }
    }

    /// The kinds of move the pawn on `from` has, as bits in the order of the kinds.
    #[inline]
    fn kinds(&self, from: Square) -> usize {
        let [a, b, c, d] = self.from.map(|s| (s.0 >> from as u32) as usize & 1);
        a | b << 1 | c << 2 | d << 3
    }

    /// The move of kind `kind` from `from`, promoting to the `k % 4`-th role when `from`
    /// is on the promoting rank.
    fn make(&self, from: Square, kind: usize, promotes: bool, k: usize) -> Move {
        Move {
            from,
            to: Square::from_index_masked((from as i32 + Self::offsets(self.color)[kind]) as u32),
            promotion: promotes.then(|| Role::PROMOTIONS[k % 4]),
        }
    }

    /// Move `k` in generation order.
    fn nth(&self, mut k: usize) -> Option<Move> {
        let [a, b, c, d] = self.from;
        let promoting = Self::promoting(self.color);
        for from in a | b | c | d {
            let kinds = self.kinds(from);
            let promotes = promoting.contains(from);
            let per = if promotes { 4 } else { 1 };
            // The number of kinds: the bits of a 4-bit number.
            const BITS: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
            let len = usize::from(BITS[kinds]) * per;
            if k < len {
                let mut rest = kinds;
                for _ in 0..k / per {
                    rest &= rest - 1;
                }
                return Some(self.make(from, rest.trailing_zeros() as usize, promotes, k));
            }
            k -= len;
        }
        None
    }

    /// Calls `f` with every move, in generation order.
    fn for_each(&self, f: &mut impl FnMut(Move)) {
        let [a, b, c, d] = self.from;
        let promoting = Self::promoting(self.color);
        for from in a | b | c | d {
            let promotes = promoting.contains(from);
            let kinds = self.kinds(from);
            for kind in 0..4 {
                if kinds & 1 << kind != 0 {
                    for k in 0..if promotes { 4 } else { 1 } {
                        f(self.make(from, kind, promotes, k));
                    }
                }
            }
        }
    }

    /// Whether the pawn move `m` (promotion aside) is here: `Some(promotes)` if it is.
    fn promotes_from(&self, m: Move) -> Option<bool> {
        let delta = m.to as i32 - m.from as i32;
        let kind = Self::offsets(self.color).iter().position(|&o| o == delta)?;
        self.from[kind]
            .contains(m.from)
            .then(|| Self::promoting(self.color).contains(m.from))
    }
}

impl core::fmt::Debug for LegalSets {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut list = f.debug_list();
        self.for_each(|m| {
            list.entry(&format_args!("{m}"));
        });
        list.finish()
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

/// Two lists are equal when they hold the same moves in the same order (the unused slots
/// past the length are not compared).
impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

impl core::hash::Hash for MoveList {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        (**self).hash(h);
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

    /// [`Position::generate_from`] with the magic-table sliders.
    #[inline]
    pub(crate) fn generate_from(
        &self,
        mask: Bitboard,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        self.generate_with::<Magic, _>(mask, f)
    }

    /// [`Position::generate`] restricted to the pieces standing on `mask`, with the
    /// sliding attacks of `S`.
    #[inline]
    pub(crate) fn generate_with<S: Sliders, F: FnMut(PieceMoves) -> bool>(
        &self,
        mask: Bitboard,
        f: &mut F,
    ) -> bool {
        self.generate_parts::<S, F>(mask, f, |f, target| self.pawn_moves(mask, target, f))
    }

    /// [`Position::generate_with`] with the pawns' pushes and captures handed to `pawns`
    /// (with `f` and the check mask) between the queens and en passant, so that a caller
    /// can take them set-wise instead of pawn by pawn.
    #[inline]
    fn generate_parts<S: Sliders, F: FnMut(PieceMoves) -> bool>(
        &self,
        mask: Bitboard,
        f: &mut F,
        pawns: impl FnOnce(&mut F, Bitboard) -> bool,
    ) -> bool {
        let us = self.turn;
        let b = &self.board;
        let our = b.by_color(us);
        let their = b.by_color(!us);
        let occ = our | their;
        let king = self.king(us);

        // King moves (K12, K14) and castling (K18-K20), computed together: they share the
        // enemy's leaper attacks. Castling is handed out last.
        let mut castles = Bitboard::EMPTY;
        if mask.contains(king) {
            let (kt, c) = self.king_moves::<S>();
            castles = c;
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
        // Bishops, rooks and queens, in that order.
        let bishop = |sq| S::bishop(sq, occ);
        let rook = |sq| S::rook(sq, occ);
        let queen = |sq| S::bishop(sq, occ) | S::rook(sq, occ);
        if self.slider_moves(Role::Bishop, movers, target, king, bishop, f)
            || self.slider_moves(Role::Rook, movers, target, king, rook, f)
            || self.slider_moves(Role::Queen, movers, target, king, queen, f)
        {
            return true;
        }
        if pawns(f, target) {
            return true;
        }
        if let Some(ep) = self.ep
            && self.gen_en_passant::<S>(ep, mask, f)
        {
            return true;
        }
        if castles.any() {
            for side in CastlingSide::ALL {
                if let Some(rook) = self.castling[us][side as usize]
                    && castles.contains(rook)
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

    /// Hands `f` the moves of the pieces of `role` on `movers` (K9-K11) that `attacks`
    /// gives from their squares, onto `target` (the check mask); pinned ones keep to the
    /// line through `king` (A9). Returns `true` if `f` stopped.
    #[inline(always)]
    fn slider_moves(
        &self,
        role: Role,
        movers: Bitboard,
        target: Bitboard,
        king: Square,
        attacks: impl Fn(Square) -> Bitboard,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        for from in self.board.by_role(role) & movers {
            let mut to = attacks(from) & target;
            if self.pinned.contains(from) {
                to &= line(king, from);
            }
            if to.any() && f(PieceMoves { role, from, to }) {
                return true;
            }
        }
        false
    }

    /// The legal pushes and captures (not en passant) of the pawn on `from` (K5, K6, T11,
    /// A7), onto `target` (the check mask) and, when it is pinned, along the pin line (A9).
    #[inline]
    fn pawn_targets(&self, from: Square, target: Bitboard) -> Bitboard {
        let us = self.turn;
        let occ = self.board.occupied();
        let (dir, start) = match us {
            Color::White => (8i32, Bitboard::rank(Rank::Second)),
            Color::Black => (-8, Bitboard::rank(Rank::Seventh)),
        };
        let mut to = pawn_attacks(us, from) & self.board.by_color(!us);
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
        if self.pinned.contains(from) {
            to &= line(self.king(us), from);
        }
        to
    }

    /// Hands `f` the pushes and captures of the pawns on `mask`, pawn by pawn (K7: the
    /// promotions are expanded from the sets).
    #[inline]
    fn pawn_moves(
        &self,
        mask: Bitboard,
        target: Bitboard,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let pawns = self.board.by_piece(Piece {
            color: self.turn,
            role: Role::Pawn,
        });
        for from in pawns & mask {
            let to = self.pawn_targets(from, target);
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
        false
    }

    /// The king's legal destinations (K12, K14: never onto a square the enemy attacks, with
    /// the king lifted off the board so that it cannot hide behind itself from a slider),
    /// and the squares of the rooks it may castle with now (K18-K20, A10).
    #[inline]
    fn king_moves<S: Sliders>(&self) -> (Bitboard, Bitboard) {
        let us = self.turn;
        let b = &self.board;
        let our = b.by_color(us);
        let their = b.by_color(!us);
        let occ = our | their;
        let king = self.king(us);
        // Rooks whose castling squares are empty (K19 c): cheap, and usually none.
        let mut castle_rooks = Bitboard::EMPTY;
        if self.checkers.is_empty() && (self.castle_mask & our).any() {
            for side in CastlingSide::ALL {
                if let Some(rook) = self.castling[us][side as usize]
                    && self.castling_path_empty(king, rook, side, occ)
                {
                    castle_rooks = castle_rooks.with(rook);
                }
            }
        }
        let steps = king_attacks(king) & !our;
        if steps.is_empty() && castle_rooks.is_empty() {
            return (Bitboard::EMPTY, Bitboard::EMPTY);
        }
        let occ_no_king = occ.without(king);
        let leapers = self.leaper_attacks(!us);
        let candidates = steps & !leapers;
        let diag = b.diagonal_sliders() & their;
        let straight = b.straight_sliders() & their;
        let may_castle = castle_rooks.any();
        let standard = self.mode == CastlingMode::Standard;
        // Three ways, by cost. An attack map costs an occupancy lookup per enemy slider (two
        // for a queen); it is the cheapest when castling in standard chess shares it, and
        // with magic lookups when there is at most one slider. Without occupancy lookups,
        // a slider attacks a square on a line with it (from the small empty-board ray
        // tables) when nothing but the king stands between them: with magic lookups, square
        // by square (two ray loads per candidate); with the small-table rooks,
        // slider by slider (one ray load per slider).
        let sees = |to: Square, s: Square| (between(to, s) & occ_no_king).is_empty();
        let sliders = diag | straight;
        let mut danger = None;
        let kt = if (may_castle && standard) || (S::ONE_READ && !sliders.more_than_one()) {
            let mut d = leapers;
            for s in diag {
                d |= S::bishop(s, occ_no_king);
            }
            for s in straight {
                d |= S::rook(s, occ_no_king);
            }
            danger = Some(d);
            candidates & !d
        } else if S::ONE_READ {
            let mut safe = Bitboard::EMPTY;
            for to in candidates {
                let aligned = (bishop_rays(to) & diag) | (rook_rays(to) & straight);
                if aligned.into_iter().all(|s| !sees(to, s)) {
                    safe = safe.with(to);
                }
            }
            safe
        } else {
            let mut attacked = Bitboard::EMPTY;
            let mut sweep = |sliders: Bitboard, rays: fn(Square) -> Bitboard| {
                for s in sliders {
                    for to in candidates & rays(s) & !attacked {
                        if sees(to, s) {
                            attacked = attacked.with(to);
                        }
                    }
                }
            };
            sweep(diag, bishop_rays);
            sweep(straight, rook_rays);
            candidates & !attacked
        };
        let mut castles = Bitboard::EMPTY;
        for rook in castle_rooks {
            // The king-side rook stands on the king's h-file side (Chess960 too).
            let side = if rook > king {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            if self.castling_safe::<S>(king, rook, side, occ, leapers, danger) {
                castles = castles.with(rook);
            }
        }
        (kt, castles)
    }

    /// En-passant captures onto `ep` (K17, A6), each tested in full: the captured pawn and
    /// the capturing pawn both leave their squares, which is how the horizontal pin (king and
    /// enemy rook on the same rank as both pawns) is caught.
    #[inline]
    pub(crate) fn gen_en_passant<S: Sliders>(
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
            let sliders = (S::bishop(king, occ) & b.diagonal_sliders())
                | (S::rook(king, occ) & b.straight_sliders());
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
    #[inline]
    fn castling_path_empty(
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
        (must_be_empty & lifted).is_empty()
    }

    /// The attack half of the castling conditions (see [`Position::castling_path_empty`]
    /// for the other): no square from the king's start to its destination attacked.
    #[inline]
    fn castling_safe<S: Sliders>(
        &self,
        king: Square,
        rook: Square,
        side: CastlingSide,
        occ: Bitboard,
        leapers: Bitboard,
        danger: Option<Bitboard>,
    ) -> bool {
        let kt = Square::from_coords(side.king_to_file(), self.turn.back_rank());
        let lifted = occ.without(king).without(rook);
        let path = between(king, kt).with(kt);
        if (path & leapers).any() {
            return false;
        }
        if let Some(d) = danger {
            // Standard chess: with the rook in its corner, lifting it opens no line onto
            // the king's path, so the attack map with the king lifted decides.
            return (path & d).is_empty();
        }
        let their = self.board.by_color(!self.turn);
        let diag = self.board.diagonal_sliders() & their;
        let straight = self.board.straight_sliders() & their;
        for sq in path {
            if (S::bishop(sq, lifted) & diag).any() || (S::rook(sq, lifted) & straight).any() {
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
        let sets = LegalSets::of(self);
        match sets.total() {
            0 => None,
            n => sets.nth(pick(n)),
        }
    }

    /// The number of legal moves (bulk-counted, without listing them: pawns set-wise,
    /// the other pieces by the size of their destination sets).
    ///
    /// # Examples
    ///
    /// ```
    /// let pos = lattjo_chess::Position::new();
    /// assert_eq!(pos.count_legal_moves(), pos.legal_moves().len());
    /// ```
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let us = self.turn;
        let b = &self.board;
        let our = b.by_color(us);
        let their = b.by_color(!us);
        let occ = our | their;
        let king = self.king(us);
        let (kt, castles) = self.king_moves::<Magic>();
        // The king's and the pieces' sets hold at most 14 squares each (a queen's moves are
        // counted as a bishop's and a rook's; the king's steps and its castling rooks, own
        // pieces, are disjoint): `count_at_most_15` saves a step of the bit count.
        let mut n = (kt | castles).count_at_most_15();
        let checkers = self.checkers;
        if checkers.more_than_one() {
            return n as usize; // double check: only the king may move (K15)
        }
        let target = match checkers.single() {
            Some(c) => between(king, c).with(c),
            None => !our,
        };
        let pinned = self.pinned;
        for from in b.by_role(Role::Knight) & our & !pinned {
            n += (knight_attacks(from) & target).count_at_most_15();
        }
        for from in b.diagonal_sliders() & our {
            let mut to = Magic::bishop(from, occ) & target;
            if pinned.contains(from) {
                to &= line(king, from);
            }
            n += to.count_at_most_15();
        }
        for from in b.straight_sliders() & our {
            let mut to = Magic::rook(from, occ) & target;
            if pinned.contains(from) {
                to &= line(king, from);
            }
            n += to.count_at_most_15();
        }
        // Pawns that are not pinned, all at once: pushes, double steps, captures to either
        // side; moves onto the last rank count four times (K7).
        let pawns = b.by_role(Role::Pawn) & our;
        let free = (pawns & !pinned).0;
        let empty = !occ.0;
        let (not_a, not_h) = (!0x0101_0101_0101_0101u64, !0x8080_8080_8080_8080u64);
        let (single, double, left, right, last) = match us {
            Color::White => {
                let single = (free << 8) & empty;
                let double = ((single & 0x0000_0000_00ff_0000) << 8) & empty;
                (
                    single,
                    double,
                    ((free & not_a) << 7) & their.0,
                    ((free & not_h) << 9) & their.0,
                    0xff00_0000_0000_0000u64,
                )
            }
            Color::Black => {
                let single = (free >> 8) & empty;
                let double = ((single & 0x0000_ff00_0000_0000) >> 8) & empty;
                (
                    single,
                    double,
                    ((free & not_a) >> 9) & their.0,
                    ((free & not_h) >> 7) & their.0,
                    0x0000_0000_0000_00ffu64,
                )
            }
        };
        for set in [single, left, right] {
            let set = set & target.0;
            n += (set & !last).count_ones() + 4 * (set & last).count_ones();
        }
        n += (double & target.0).count_ones();
        // Pinned pawns one by one, along the pin line.
        let dir = us.fold(8i32, -8);
        let start = us.fold(Bitboard::rank(Rank::Second), Bitboard::rank(Rank::Seventh));
        for from in pawns & pinned {
            let mut to = pawn_attacks(us, from) & their;
            let one = Square::from_index_masked((from as i32 + dir) as u32);
            if !occ.contains(one) {
                to = to.with(one);
                let two = Square::from_index_masked((from as i32 + 2 * dir) as u32);
                if start.contains(from) && !occ.contains(two) {
                    to = to.with(two);
                }
            }
            to &= target & line(king, from);
            n += to.count() * if (to.0 & last) != 0 { 4 } else { 1 };
        }
        if let Some(ep) = self.ep {
            self.gen_en_passant::<Magic>(ep, Bitboard::FULL, &mut |_| {
                n += 1;
                false
            });
        }
        n as usize
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
/// The tree is walked depth-first, one stack frame a ply, so the depth is bounded by
/// [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) (64; no tree that deep could
/// be counted, and chess's passes `u64` by depth 14 from the start): a depth of a few
/// thousand used to overflow the stack and abort the process.
///
/// # Panics
///
/// If `depth` is above `MAX_PERFT_DEPTH`; [`try_perft`] returns the error instead.
///
/// # Examples
///
/// ```
/// let start = lattjo_chess::Position::new();
/// assert_eq!(lattjo_chess::perft(&start, 3), 8902);
/// ```
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    match try_perft(position, depth) {
        Ok(n) => n,
        Err(e) => panic!("{e}"),
    }
}

/// [`perft`], with a depth above
/// [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) returned as an error.
///
/// # Errors
///
/// [`PerftDepthError`] for a depth above 64, before any move is generated.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{try_perft, Position};
/// let start = Position::new();
/// assert_eq!(try_perft(&start, 2), Ok(400));
/// assert_eq!(try_perft(&start, 1_000).map_err(|e| e.depth), Err(1_000));
/// ```
pub fn try_perft(position: &Position, depth: u32) -> Result<u64, PerftDepthError> {
    Ok(count_leaves(position, check_depth(depth)?))
}

/// [`perft`]'s walk, the depth checked.
fn count_leaves(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        _ => {
            let mut nodes = 0;
            position.generate(&mut |pm| {
                pm.for_each(|m| {
                    // A throw-away child: its hash is never read, so it is not kept.
                    let mut child = position.clone();
                    child.play_role::<false>(m, pm.role);
                    nodes += count_leaves(&child, depth - 1);
                });
                false
            });
            nodes
        }
    }
}

/// [`perft`] on up to `threads` threads: the tree is split two plies below the root (the
/// children of each root move are the units of work, taken from a shared counter so that
/// uneven subtrees keep every thread busy), and the counts are the same as [`perft`]'s for
/// any number of threads.
///
/// # Panics
///
/// If `depth` is above [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) (64);
/// [`try_perft_parallel`] returns the error instead.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{perft, perft_parallel, Position};
///
/// let start = Position::new();
/// assert_eq!(perft_parallel(&start, 4, 2), 197_281);
/// assert_eq!(perft_parallel(&start, 4, 2), perft(&start, 4));
/// ```
#[must_use]
pub fn perft_parallel(position: &Position, depth: u32, threads: usize) -> u64 {
    match try_perft_parallel(position, depth, threads) {
        Ok(n) => n,
        Err(e) => panic!("{e}"),
    }
}

/// [`perft_parallel`], with a depth above
/// [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) returned as an error.
///
/// # Errors
///
/// [`PerftDepthError`] for a depth above 64, before any move is generated or any thread
/// started.
///
/// # Examples
///
/// ```
/// use lattjo_chess::{try_perft_parallel, Position};
/// let start = Position::new();
/// assert_eq!(try_perft_parallel(&start, 3, 2), Ok(8902));
/// assert_eq!(try_perft_parallel(&start, 65, 2).map_err(|e| e.depth), Err(65));
/// ```
pub fn try_perft_parallel(
    position: &Position,
    depth: u32,
    threads: usize,
) -> Result<u64, PerftDepthError> {
    let depth = check_depth(depth)?;
    if depth < 3 || threads <= 1 {
        return Ok(count_leaves(position, depth));
    }
    // Every position two plies down, in generation order.
    let mut grandchildren: Vec<Position> = Vec::new();
    position.generate(&mut |pm| {
        pm.for_each(|m| {
            let mut child = position.clone();
            child.play_role::<false>(m, pm.role);
            child.generate(&mut |cpm| {
                cpm.for_each(|cm| {
                    let mut grandchild = child.clone();
                    grandchild.play_role::<false>(cm, cpm.role);
                    grandchildren.push(grandchild);
                });
                false
            });
        });
        false
    });
    Ok(
        boardgame_core::parallel::map_indexed(grandchildren.len(), threads, |i| {
            count_leaves(&grandchildren[i], depth - 2)
        })
        .iter()
        .sum(),
    )
}
