//! The learning encodings (issue 19): the position as planes seen from the side to move
//! ([`Observe`]) and every move as one of AlphaZero's 8 x 8 x 73 = 4672 move indices, with
//! an allocation-free legal-action mask ([`IndexedActions`]).
//!
//! Both follow AlphaZero's published encodings (Silver et al., *Science* 2018, and its
//! supplementary materials: the board from the point of view of the player to move, the
//! moves as a from-square and one of 73 move planes), with OpenSpiel's single-position
//! observation in place of AlphaZero's eight-position history; docs/chess.md, "Learning
//! encodings", holds the same tables.
//!
//! "Relative" squares are seen from the side to move: unchanged for White, mirrored top to
//! bottom for Black (a1 <-> a8), so the side to move always plays up the board and its pawns
//! promote on relative rank 8. Files are never mirrored. A relative square's index is
//! `rank * 8 + file` (a1 = 0, h1 = 7, a8 = 56).
//!
//! Observation, shape `[25, 8, 8]` (plane, relative rank, file), the same for both seats
//! (chess has no hidden information):
//!
//! | plane | meaning | range |
//! | --- | --- | --- |
//! | 0-5 | the side to move's pawns, knights, bishops, rooks, queens, king | 0/1 |
//! | 6-11 | the opponent's pawns, knights, bishops, rooks, queens, king | 0/1 |
//! | 12 | the position has occurred at least twice (A3) | 0/1 uniform |
//! | 13 | the position has occurred at least three times (A3, FIDE 9.2) | 0/1 uniform |
//! | 14 | White is to move | 0/1 uniform |
//! | 15-16 | the side to move may still castle king side, queen side (K18, K19, A10) | 0/1 uniform |
//! | 17-18 | the opponent may still castle king side, queen side | 0/1 uniform |
//! | 19 | the square an en-passant capture lands on, when one is legal (K17, A3) | 0/1 |
//! | 20 | halfmove clock (plies since a capture or pawn move) / 150, at most 1 | 0-1 uniform |
//! | 21 | move number / 500, at most 1 | 0-1 uniform |
//! | 22 | the side to move has a draw offer standing (D4) | 0/1 uniform |
//! | 23 | the opponent has a draw offer standing (D4) | 0/1 uniform |
//! | 24 | the game is over | 0/1 uniform |
//!
//! Actions: a move is `from * 73 + plane`, `from` the relative index of its origin and
//! `plane` its relative geometry (`df` files right, `dr` ranks up):
//!
//! | plane | move |
//! | --- | --- |
//! | 0-55 | `direction * 7 + distance - 1`; directions N, NE, E, SE, S, SW, W, NW = 0-7, distance 1-7 |
//! | 56-63 | knight moves `(df, dr)`: (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2) |
//! | 64-72 | underpromotions `64 + 3 * role + df + 1`; role knight 0, bishop 1, rook 2; `dr` = 1 |
//!
//! A promotion to a queen is the pawn's queen-plane move (K7). Castling is the king's move
//! onto its own rook's square, as the crate stores it (A11): `e1h1` is E at distance 3,
//! `e1a1` W at distance 4, and in Chess960 a king beside its rook castles at distance 1,
//! which no other king move can use (K3), so every castling has its own index. With
//! [`crate::Rules::decisions`] the action space grows by four: `Resign` 4672, `OfferDraw`
//! 4673, `AcceptDraw` 4674, `ClaimDraw` 4675; and when the rules also let a draw be claimed
//! with a move (claimable draws on, not automatic), by 4672 more: `ClaimDrawWith(m)` is
//! 4676 plus the index of `Move(m)` (FIDE 9.2.1.1, 9.3.1.1), 9348 in all. Chess has no
//! chance outcomes.

use boardgame_core::{BufferSizeError, IndexedActions, Observe, Seat, Shape};

use crate::bitboard::Bitboard;
use crate::game::{Action, Chess, State};
use crate::movegen::MoveList;
use crate::position::Move;
use crate::types::{CastlingSide, Color, Piece, Rank, Role, Square};

/// Planes of the observation.
const PLANES: usize = 25;
/// The observation's shape.
const SHAPE: Shape = Shape::fixed([PLANES, 8, 8]);
/// Move planes per origin square (AlphaZero).
const MOVE_PLANES: usize = 73;
/// Indices of moves: 64 origins times 73 planes.
const MOVES: usize = 64 * MOVE_PLANES;
/// The decisions after the moves, in index order.
const DECISIONS: [Action; 4] = [
    Action::Resign,
    Action::OfferDraw,
    Action::AcceptDraw,
    Action::ClaimDraw,
];
/// The halfmove clock that plane 20 shows as 1 (the 75-move rule, FIDE 9.6.2).
const HALFMOVE_SCALE: f32 = 150.0;
/// The move number that plane 21 shows as 1.
const FULLMOVE_SCALE: f32 = 500.0;

/// Queen-move directions `(df, dr)`: N, NE, E, SE, S, SW, W, NW.
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
/// Knight moves `(df, dr)`, clockwise from north-north-east.
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The underpromotion roles in plane order.
const UNDERPROMOTIONS: [Role; 3] = [Role::Knight, Role::Bishop, Role::Rook];

/// No plane: a geometry neither a queen nor a knight move has.
const NO_PLANE: u8 = u8::MAX;

/// The queen or knight plane of each geometry, at `(dr + 7) * 15 + df + 7`, or [`NO_PLANE`].
const PLANE_OF: [u8; 225] = {
    let mut table = [NO_PLANE; 225];
    let mut d = 0;
    while d < 8 {
        let (x, y) = DIRECTIONS[d];
        let mut distance = 1;
        while distance <= 7 {
            table[((y * distance + 7) * 15 + x * distance + 7) as usize] =
                (d * 7 + distance as usize - 1) as u8;
            distance += 1;
        }
        let (x, y) = KNIGHT[d];
        table[((y + 7) * 15 + x + 7) as usize] = (56 + d) as u8;
        d += 1;
    }
    table
};

/// The move plane (0..73) of a move from `from` to `to` (relative squares) promoting to
/// `promotion`, by geometry alone; `None` for a geometry no plane has.
#[inline]
fn move_plane(from: Square, to: Square, promotion: Option<Role>) -> Option<usize> {
    let df = to.file().index() as i32 - from.file().index() as i32;
    let dr = to.rank().index() as i32 - from.rank().index() as i32;
    match promotion {
        None | Some(Role::Queen) => {
            let plane = PLANE_OF[((dr + 7) * 15 + df + 7) as usize];
            (plane != NO_PLANE).then_some(usize::from(plane))
        }
        Some(role @ (Role::Knight | Role::Bishop | Role::Rook)) => {
            let r = role as usize - Role::Knight as usize;
            (dr == 1 && df.abs() <= 1).then(|| 64 + 3 * r + (df + 1) as usize)
        }
        Some(Role::Pawn | Role::King) => None,
    }
}

/// The index of move `m` for `turn` to move, by geometry alone (no check that a queen-plane
/// move is a promotion exactly when a pawn reaches the last rank).
fn move_index(turn: Color, m: Move) -> Option<usize> {
    let from = m.from.relative(turn);
    Some(from.index() * MOVE_PLANES + move_plane(from, m.to.relative(turn), m.promotion)?)
}

/// The first index of the claims with a move (with decisions and move claims).
const CLAIMS_WITH: usize = MOVES + DECISIONS.len();

impl Chess {
    /// The number of decision indices after the moves: four with [`crate::Rules::decisions`].
    fn decision_actions(&self) -> usize {
        if self.rules().decisions {
            DECISIONS.len()
        } else {
            0
        }
    }

    /// Whether the claims with a move have indices: with decisions, when the rules have
    /// claims and do not make them automatic ([`Action::ClaimDrawWith`] can be legal).
    fn has_claims_with(&self) -> bool {
        let rules = self.rules();
        rules.decisions && rules.claimable_draws && !rules.auto_claim
    }
}

/// Fills plane `plane` of `out` with `value`.
fn uniform(out: &mut [f32], plane: usize, value: f32) {
    out[plane * 64..(plane + 1) * 64].fill(value);
}

/// Sets a 1 in plane `plane` of `out` on every square of `squares`.
fn mark(out: &mut [f32], plane: usize, squares: Bitboard) {
    for sq in squares {
        out[plane * 64 + sq.index()] = 1.0;
    }
}

/// The position from the side to move (AlphaZero): shape `[25, 8, 8]`, the same for both
/// seats and any seat number, written without allocating. The planes are listed in
/// docs/chess.md, "Learning encodings".
///
/// # Examples
///
/// ```
/// use lattjo_chess::boardgame_core::{Observe, Shape};
/// use lattjo_chess::{Chess, Game, Seat};
///
/// let game = Chess::default();
/// assert_eq!(game.observation_shape(), Shape::fixed([25, 8, 8]));
/// let state = game.new_initial_state();
/// let mut planes = vec![0.0; 25 * 64];
/// game.observe(&state, Seat::new(0), &mut planes)?;
/// let at = |plane: usize, rank: usize, file: usize| planes[(plane * 8 + rank) * 8 + file];
/// assert_eq!(at(0, 1, 4), 1.0); // our pawn on e2
/// assert_eq!(at(11, 7, 4), 1.0); // their king on e8
/// assert_eq!(at(14, 0, 0), 1.0); // White to move
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Observe for Chess {
    fn observation_shape(&self) -> Shape {
        SHAPE
    }

    fn observe(&self, state: &State, _seat: Seat, out: &mut [f32]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(SHAPE.size(), out.len())?;
        out.fill(0.0);
        let pos = state.position();
        let us = pos.turn();
        let board = pos.board();
        let relative = |b: Bitboard| match us {
            Color::White => b,
            Color::Black => b.flip_vertical(),
        };
        for (side, color) in [us, !us].into_iter().enumerate() {
            for role in Role::ALL {
                let squares = relative(board.by_piece(Piece { color, role }));
                mark(out, 6 * side + role.index(), squares);
            }
        }
        let repetitions = state.repetitions();
        uniform(out, 12, f32::from(u8::from(repetitions >= 2)));
        uniform(out, 13, f32::from(u8::from(repetitions >= 3)));
        uniform(out, 14, f32::from(u8::from(us == Color::White)));
        for (side, color) in [us, !us].into_iter().enumerate() {
            for castling in CastlingSide::ALL {
                let right = pos.castling_rook(color, castling).is_some();
                uniform(
                    out,
                    15 + 2 * side + castling as usize,
                    f32::from(u8::from(right)),
                );
            }
        }
        if let Some(ep) = pos.legal_ep_square() {
            out[19 * 64 + ep.relative(us).index()] = 1.0;
        }
        let halfmoves = (pos.halfmoves() as f32 / HALFMOVE_SCALE).min(1.0);
        uniform(out, 20, halfmoves);
        uniform(out, 21, (pos.fullmoves() as f32 / FULLMOVE_SCALE).min(1.0));
        if let Some(offer) = state.draw_offer() {
            uniform(out, if offer == us { 22 } else { 23 }, 1.0);
        }
        uniform(out, 24, f32::from(u8::from(state.outcome().is_some())));
        Ok(())
    }
}

/// AlphaZero's 8 x 8 x 73 = 4672 move indices from the side to move, plus `Resign`,
/// `OfferDraw`, `AcceptDraw` and `ClaimDraw` at 4672-4675 when [`crate::Rules::decisions`]
/// is on, and `ClaimDrawWith(m)` at 4676 plus `m`'s index when the rules also have claims
/// that are not automatic; no chance outcomes. The layout is in docs/chess.md, "Learning
/// encodings".
/// [`IndexedActions::legal_mask`] fills a stack [`MoveList`] and allocates nothing.
///
/// # Examples
///
/// ```
/// use lattjo_chess::boardgame_core::IndexedActions;
/// use lattjo_chess::{Action, Chess, Game, Move, Square};
///
/// let game = Chess::default();
/// let state = game.new_initial_state();
/// assert_eq!(game.num_distinct_actions(), 4672);
/// let e4 = Action::Move(Move::new(Square::E2, Square::E4));
/// // From e2 (relative index 12), north at distance 2 (plane 1).
/// assert_eq!(game.action_index(&state, &e4), Some(12 * 73 + 1));
/// assert_eq!(game.index_action(&state, 12 * 73 + 1), Some(e4));
///
/// let mut mask = vec![false; 4672];
/// game.legal_mask(&state, &mut mask)?;
/// assert_eq!(mask.iter().filter(|&&legal| legal).count(), 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl IndexedActions for Chess {
    fn num_distinct_actions(&self) -> usize {
        MOVES + self.decision_actions() + if self.has_claims_with() { MOVES } else { 0 }
    }

    fn action_index(&self, state: &State, action: &Action) -> Option<usize> {
        match *action {
            Action::Move(m) => {
                let i = move_index(state.position().turn(), m)?;
                // Only the move this index names: a pawn's queen-plane move onto the last
                // rank is the queen promotion, and nothing else.
                (self.index_action(state, i) == Some(*action)).then_some(i)
            }
            Action::ClaimDrawWith(m) => {
                if !self.has_claims_with() {
                    return None;
                }
                let i = move_index(state.position().turn(), m)?;
                (self.index_action(state, i) == Some(Action::Move(m))).then_some(CLAIMS_WITH + i)
            }
            decision => {
                let d = DECISIONS.iter().position(|&a| a == decision)?;
                (d < self.decision_actions()).then_some(MOVES + d)
            }
        }
    }

    fn index_action(&self, state: &State, index: usize) -> Option<Action> {
        if index >= CLAIMS_WITH {
            if !self.has_claims_with() || index >= CLAIMS_WITH + MOVES {
                return None;
            }
            return match self.index_action(state, index - CLAIMS_WITH)? {
                Action::Move(m) => Some(Action::ClaimDrawWith(m)),
                _ => None,
            };
        }
        if index >= MOVES {
            return DECISIONS
                .get(index - MOVES)
                .copied()
                .filter(|_| index < MOVES + self.decision_actions());
        }
        let pos = state.position();
        let us = pos.turn();
        let from = Square::new((index / MOVE_PLANES) as u32)?;
        let plane = index % MOVE_PLANES;
        let (df, dr, mut promotion) = match plane {
            0..56 => {
                let (x, y) = DIRECTIONS[plane / 7];
                let distance = (plane % 7 + 1) as i32;
                (x * distance, y * distance, None)
            }
            56..64 => {
                let (x, y) = KNIGHT[plane - 56];
                (x, y, None)
            }
            _ => {
                let u = plane - 64;
                (u as i32 % 3 - 1, 1, Some(UNDERPROMOTIONS[u / 3]))
            }
        };
        let to = from.offset(df, dr)?;
        let (from, to) = (from.relative(us), to.relative(us));
        if plane < 56
            && to.rank().relative(us) == Rank::Eighth
            && pos
                .board()
                .by_piece(Piece {
                    color: us,
                    role: Role::Pawn,
                })
                .contains(from)
        {
            promotion = Some(Role::Queen);
        }
        Some(Action::Move(Move {
            from,
            to,
            promotion,
        }))
    }

    fn legal_mask(&self, state: &State, out: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.num_distinct_actions(), out.len())?;
        out.fill(false);
        if !self.plays(state) {
            return Ok(()); // over, or a state of other rules (nothing is legal)
        }
        let pos = state.position();
        let us = pos.turn();
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        for &m in moves.iter() {
            if let Some(slot) = move_index(us, m).and_then(|i| out.get_mut(i)) {
                *slot = true;
            }
        }
        if self.rules().decisions {
            for (d, a) in DECISIONS.iter().enumerate() {
                out[MOVES + d] = boardgame_core::Game::is_legal(self, state, a);
            }
        }
        if self.has_claims_with() {
            self.for_each_claimable_move(state, |m, _| {
                if let Some(slot) = move_index(us, m).and_then(|i| out.get_mut(CLAIMS_WITH + i)) {
                    *slot = true;
                }
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use boardgame_core::Game;

    use super::*;
    use crate::game::Rules;

    #[test]
    fn every_move_plane_names_its_geometry_and_back() {
        let game = Chess::default();
        let state = game.new_initial_state();
        for plane in 0..MOVE_PLANES {
            let mut origins = 0;
            for from in 0..64 {
                let i = from * MOVE_PLANES + plane;
                let Some(a) = game.index_action(&state, i) else {
                    continue;
                };
                origins += 1;
                let Action::Move(m) = a else {
                    panic!("a move index names a move")
                };
                assert_eq!(m.from.index(), from);
                assert_eq!(move_plane(m.from, m.to, m.promotion), Some(plane), "{m}");
                assert_eq!(game.action_index(&state, &a), Some(i), "{m}");
            }
            // Every geometry fits on the board from some square.
            assert!(origins > 0, "plane {plane} names no move");
        }
    }

    #[test]
    fn every_index_round_trips_for_both_sides() {
        let game = Chess::new(Rules::fide().with_decisions(true)).unwrap();
        let white = game.new_initial_state();
        let black = game
            .state_after(&[Move::new(Square::E2, Square::E4)])
            .unwrap();
        for state in [white, black] {
            let mut named = 0;
            for i in 0..game.num_distinct_actions() {
                if let Some(a) = game.index_action(&state, i) {
                    named += 1;
                    assert_eq!(game.action_index(&state, &a), Some(i), "{a:?}");
                }
            }
            // On an empty board: 1456 queen moves, 336 knight moves, 3 x 154 underpromotion
            // geometries; the other indices of the 4672 leave the board. Plus 4 decisions,
            // and a claim with each move (FIDE 9.2.1.1, 9.3.1.1).
            assert_eq!(named, 2 * (1456 + 336 + 3 * 154) + 4);
            assert_eq!(game.index_action(&state, game.num_distinct_actions()), None);
        }
    }

    #[test]
    fn decisions_have_no_index_without_the_option() {
        let game = Chess::default();
        let state = game.new_initial_state();
        assert_eq!(game.num_distinct_actions(), 4672);
        assert_eq!(game.num_chance_outcomes(), 0);
        for a in DECISIONS {
            assert_eq!(game.action_index(&state, &a), None);
        }
        assert_eq!(game.index_action(&state, 4672), None);
        let with = Chess::new(Rules::lattjo().with_decisions(true)).unwrap();
        assert_eq!(with.num_distinct_actions(), 4676);
        assert_eq!(with.action_index(&state, &Action::ClaimDraw), Some(4675));
        assert_eq!(with.index_action(&state, 4673), Some(Action::OfferDraw));
    }

    #[test]
    fn malformed_moves_have_no_index() {
        let game = Chess::default();
        let state = game.new_initial_state();
        let bad = [
            Move::new(Square::A1, Square::A1),
            Move::new(Square::A1, Square::B4),
            Move {
                from: Square::E2,
                to: Square::E4,
                promotion: Some(Role::Knight),
            },
            Move {
                from: Square::E7,
                to: Square::E8,
                promotion: Some(Role::King),
            },
            // Not a pawn: a queen promotion needs one.
            Move {
                from: Square::G1,
                to: Square::G2,
                promotion: Some(Role::Queen),
            },
        ];
        for m in bad {
            assert_eq!(game.action_index(&state, &Action::Move(m)), None, "{m}");
        }
    }
}
