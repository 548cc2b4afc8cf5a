//! A reviewer's pass over the rules file (`carrom.md`): each test is a scenario worked out
//! from the rule it is named after (C-rules, A-decisions, the ICF options of section 5), not
//! from the implementation. Positions are built with [`Setup`] through the common helpers
//! (team 0 plays white; seat 0 sits south) and strokes are fed as constructed [`Outcome`]s.

use crate::common;

use boardgame_core::Seat;
use common::*;
use lattjo_carrom::{
    BoardEnd, Carrom, Colour, Outcome, PIECE_RADIUS, PenaltyPoints, Piece, QueenState,
    QueenWithFirstPiece, Resolution, Rules, Side, State, Vec2,
};

pub(crate) fn game(rules: Rules) -> Carrom {
    Carrom::new(rules).unwrap()
}

pub(crate) fn play(rules: Rules, state: &mut State, outcome: &Outcome) -> Resolution {
    game(rules).resolve(state, outcome).unwrap()
}

pub(crate) fn booklet() -> Rules {
    Rules::lattjo()
}

// ---------------------------------------------------------------------------------------
// Break and void strokes (C4, C5, A5)
// ---------------------------------------------------------------------------------------

#[test]
fn c5_a5_three_missed_breaks_hand_the_break_over_with_colours_kept() {
    let g = game(booklet());
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    let before = s.pieces().to_owned();
    for attempt in 1..=2 {
        let r = g.resolve(&mut s, &Outcome::missed()).unwrap();
        assert!(r.failed_break);
        assert_eq!(s.break_attempts(), attempt);
        assert_eq!(
            s.to_move(),
            Seat::new(0),
            "attempt {attempt}: breaker retries"
        );
        assert!(s.break_pending());
    }
    // A void stroke during the break is a failed attempt too (A5).
    let r = g.resolve(&mut s, &Outcome::void()).unwrap();
    assert!(r.failed_break || r.void);
    assert_eq!(
        s.to_move(),
        Seat::new(1),
        "C5: after three failures the break passes"
    );
    assert!(
        s.break_pending(),
        "A5: the next player breaks the same formation"
    );
    assert_eq!(s.white_team(), 0, "A5: colours do not change");
    assert_eq!(
        s.pieces(),
        &before,
        "invariant 11: the formation is untouched"
    );
}

#[test]
fn a5_striker_pocketed_in_a_failed_break_passes_at_once_and_costs_nothing() {
    let g = game(booklet());
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    let mut miss = Outcome::missed().striker_pocketed();
    miss.touched_piece = false;
    let r = g.resolve(&mut s, &miss).unwrap();
    assert_eq!(r.penalty, 0);
    assert_eq!(s.debt(Colour::White), 0);
    assert_eq!(s.to_move(), Seat::new(1));
    assert!(s.break_pending());
}

#[test]
fn a5_a_break_that_touches_a_piece_but_pockets_the_striker_is_a_c10_foul() {
    // Not a failed attempt: the striker touched a piece. C10 then applies; with nothing in
    // pocket the penalty is a debt (C11).
    let g = game(booklet());
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    let r = g
        .resolve(&mut s, &Outcome::counted().striker_pocketed())
        .unwrap();
    assert!(!r.failed_break);
    assert!(!s.break_pending());
    assert_eq!(r.penalty, 1);
    assert_eq!(s.debt(Colour::White), 1);
    assert_eq!(s.to_move(), Seat::new(1));
}

#[test]
fn c6_a_break_that_pockets_an_own_piece_continues_and_one_that_pockets_nothing_passes() {
    let g = game(booklet());
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    let r = g.resolve(&mut s, &Outcome::counted()).unwrap();
    assert!(!r.turn_continues);
    assert!(!s.break_pending());
    assert_eq!(s.to_move(), Seat::new(1));
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    let r = g
        .resolve(&mut s, &Outcome::counted().pocket(white(0)))
        .unwrap();
    assert!(r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(0));
}

#[test]
fn c4_void_strokes_after_the_break_are_retaken_without_limit_and_change_nothing() {
    let mut s = position(&booklet(), &whites(2), QueenState::Waiting(0), [0, 0], 0);
    let before = s.to_setup();
    for _ in 0..6 {
        let r = play(booklet(), &mut s, &Outcome::void());
        assert!(r.void);
        assert_eq!(s.to_move(), Seat::new(0));
    }
    let after = s.to_setup();
    assert_eq!(after.pieces, before.pieces);
    assert_eq!(
        after.queen,
        QueenState::Waiting(0),
        "a void stroke does not end the turn"
    );
    assert_eq!(after.debt, before.debt);
}

#[test]
fn a5_void_stroke_limit_three_passes_the_turn_and_returns_a_waiting_queen() {
    let rules = booklet().with_void_stroke_limit(Some(3));
    let mut s = position(&rules, &whites(2), QueenState::Waiting(0), [0, 0], 0);
    play(rules, &mut s, &Outcome::void());
    play(rules, &mut s, &Outcome::void());
    assert_eq!(s.to_move(), Seat::new(0));
    let r = play(rules, &mut s, &Outcome::void());
    assert_eq!(s.to_move(), Seat::new(1));
    assert!(!r.turn_continues);
    // Invariant 4 / A12: the turn ended with the queen waiting, so it went back.
    assert_eq!(s.queen(), QueenState::OnBoard);
}

// ---------------------------------------------------------------------------------------
// Turn continuation, debt and penalties (C6, C10-C13, A2-A4, A9, A10)
// ---------------------------------------------------------------------------------------

#[test]
fn c6_a9_a_piece_that_only_pays_a_debt_still_continues_the_turn() {
    let mut s = position(&booklet(), &blacks(1), QueenState::OnBoard, [1, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(white(0)));
    assert_eq!(s.debt(Colour::White), 0);
    assert_eq!(s.pocketed(Colour::White), 0, "C11: it goes straight back");
    assert_eq!(s.on_board(Colour::White), 9);
    assert_eq!(r.returned, [1, 0]);
    assert!(
        r.turn_continues,
        "A9: it still counts as pocketing an own piece"
    );
    assert_eq!(s.to_move(), Seat::new(0));
}

#[test]
fn c11_a4_an_opponent_pocketing_a_debtors_piece_pays_the_debt() {
    // White owes one; black (seat 1) pockets a white man.
    let mut s = position(&booklet(), &blacks(2), QueenState::OnBoard, [1, 0], 1);
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(white(3)));
    assert_eq!(
        s.debt(Colour::White),
        0,
        "A4/A9: the piece pays white's debt"
    );
    assert_eq!(s.pocketed(Colour::White), 0);
    assert_eq!(s.on_board(Colour::White), 9);
    assert_eq!(r.returned, [1, 0]);
    assert_eq!(r.penalty, 0);
    assert_eq!(s.pocketed(Colour::Black), 2, "black is not charged");
    assert!(!r.turn_continues, "C13: an opponent's piece ends the turn");
    assert_eq!(s.to_move(), Seat::new(0));
}

#[test]
fn c10_striker_alone_costs_one_pocketed_piece_placed_by_the_opponent() {
    let mut s = position(&booklet(), &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().striker_pocketed());
    assert_eq!(r.penalty, 1);
    assert_eq!(r.returned, [1, 0]);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert_eq!(s.on_board(Colour::White), 8);
    assert_eq!(
        r.placed_by,
        Some(Seat::new(1)),
        "C10/A6: the opponent places it"
    );
    assert!(!r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(1));
}

#[test]
fn c11_striker_with_nothing_pocketed_becomes_a_debt_paid_by_the_next_piece() {
    let mut s = position(&booklet(), &[], QueenState::OnBoard, [0, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().striker_pocketed());
    assert_eq!(r.penalty, 1);
    assert_eq!(r.returned, [0, 0]);
    assert_eq!(s.debt(Colour::White), 1);
    assert_eq!(s.to_move(), Seat::new(1));
    // Black passes; white's next own piece goes straight back.
    play(booklet(), &mut s, &Outcome::counted());
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(0)).pocket(white(1)),
    );
    assert_eq!(r.returned, [1, 0]);
    assert_eq!(s.debt(Colour::White), 0);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert!(r.turn_continues);
}

#[test]
fn c12_a9_striker_with_an_own_piece_and_nothing_in_pocket_leaves_a_debt_of_one() {
    let mut s = position(&booklet(), &[], QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(0)).striker_pocketed(),
    );
    assert_eq!(r.penalty, 2, "C12: two pieces");
    assert_eq!(
        r.returned,
        [1, 0],
        "A9: the piece just pocketed is the first of the two"
    );
    assert_eq!(s.debt(Colour::White), 1);
    assert_eq!(s.pocketed(Colour::White), 0);
    assert!(r.turn_continues, "C12/A2: the player strikes again");
    assert_eq!(s.to_move(), Seat::new(0));
}

#[test]
fn a10_striker_with_two_own_pieces_costs_three_and_continues() {
    let mut s = position(&booklet(), &whites(1), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted()
            .pocket(white(1))
            .pocket(white(2))
            .striker_pocketed(),
    );
    assert_eq!(r.penalty, 3);
    assert_eq!(r.returned, [3, 0]);
    assert_eq!(s.pocketed(Colour::White), 0);
    assert_eq!(s.debt(Colour::White), 0);
    assert!(r.turn_continues);
}

#[test]
fn a10_striker_with_only_opponent_pieces_costs_one_and_their_pieces_stay_for_them() {
    let mut s = position(&booklet(), &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(black(0)).striker_pocketed(),
    );
    assert_eq!(r.penalty, 1);
    assert_eq!(r.returned, [1, 0]);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert_eq!(s.pocketed(Colour::Black), 1, "A4: it counts for its owner");
    assert!(!r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(1));
}

#[test]
fn a10_striker_with_own_and_opponent_pieces_costs_k_plus_one_and_ends() {
    let mut s = position(&booklet(), &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted()
            .pocket(white(2))
            .pocket(black(0))
            .striker_pocketed(),
    );
    assert_eq!(r.penalty, 2);
    assert_eq!(r.returned, [2, 0]);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert_eq!(s.pocketed(Colour::Black), 1);
    assert!(!r.turn_continues, "A3: the opponent's piece ends the turn");
}

#[test]
fn a10_striker_with_the_queen_returns_it_and_follows_the_row_without_it() {
    // Striker + queen: the row "nothing" -> penalty 1, turn ends.
    let mut s = position(&booklet(), &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(Piece::QUEEN).striker_pocketed(),
    );
    assert!(r.queen_returned);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(r.penalty, 1);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert!(!r.turn_continues);
    // Striker + queen + own piece: the row "k own" -> penalty k + 1, turn continues, and the
    // queen is not covered.
    let mut s = position(&booklet(), &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted()
            .pocket(Piece::QUEEN)
            .pocket(white(2))
            .striker_pocketed(),
    );
    assert!(r.queen_returned);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(r.penalty, 2);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert!(r.turn_continues);
}

#[test]
fn a10_a11_striker_queen_and_first_own_piece_with_nothing_in_pocket() {
    let mut s = position(&booklet(), &[], QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted()
            .pocket(white(0))
            .pocket(Piece::QUEEN)
            .striker_pocketed(),
    );
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(r.penalty, 2);
    assert_eq!(s.debt(Colour::White), 1);
    assert_eq!(s.pocketed(Colour::White), 0);
    assert!(r.turn_continues);
}

#[test]
fn c13_a3_own_and_opponent_piece_ends_the_turn_and_icf_continues() {
    let mut s = position(&booklet(), &whites(1), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(1)).pocket(black(0)),
    );
    assert!(!r.turn_continues);
    assert_eq!(s.pocketed(Colour::White), 2);
    assert_eq!(s.pocketed(Colour::Black), 1);
    let icf = Rules::icf();
    let mut s = position(&icf, &whites(1), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        icf,
        &mut s,
        &Outcome::counted().pocket(white(1)).pocket(black(0)),
    );
    assert!(r.turn_continues, "ICF 21/48");
    // Opponent's piece alone ends the turn under both.
    let mut s = position(&icf, &whites(1), QueenState::OnBoard, [0, 0], 0);
    let r = play(icf, &mut s, &Outcome::counted().pocket(black(0)));
    assert!(!r.turn_continues);
}

// ---------------------------------------------------------------------------------------
// The queen (C7-C9, A11-A13, A16)
// ---------------------------------------------------------------------------------------

#[test]
fn c7_a11_queen_alone_before_any_own_piece_or_while_owing_goes_back_and_ends_the_turn() {
    for debt in [0, 1] {
        let mut s = position(&booklet(), &blacks(1), QueenState::OnBoard, [debt, 0], 0);
        let r = play(booklet(), &mut s, &Outcome::counted().pocket(Piece::QUEEN));
        assert!(r.queen_returned, "debt {debt}");
        assert_eq!(s.queen(), QueenState::OnBoard);
        assert!(!r.turn_continues);
        assert_eq!(s.debt(Colour::White), debt);
    }
}

#[test]
fn c7_a12_queen_alone_after_an_own_piece_waits_and_the_turn_continues() {
    let mut s = position(&booklet(), &whites(1), QueenState::OnBoard, [0, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(Piece::QUEEN));
    assert_eq!(s.queen(), QueenState::Waiting(0));
    assert!(r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(0));
}

#[test]
fn c7_queen_may_be_pocketed_while_the_last_own_piece_is_still_on_the_board() {
    let mut s = position(&booklet(), &whites(8), QueenState::OnBoard, [0, 0], 0);
    play(booklet(), &mut s, &Outcome::counted().pocket(Piece::QUEEN));
    assert_eq!(s.queen(), QueenState::Waiting(0));
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(white(8)));
    assert_eq!(
        s.queen(),
        QueenState::Covered(0),
        "A16: the last piece covers"
    );
    let res = r.board_over.expect("C15: the board is won");
    assert_eq!(res.winner, Some(0));
    assert_eq!(res.reason, BoardEnd::AllPieces);
    assert_eq!(res.points, [9 + 3, 0]);
}

#[test]
fn c8_a13_covering_stroke_rows() {
    let start = || position(&booklet(), &whites(1), QueenState::Waiting(0), [0, 0], 0);
    // At least one own piece: covered, continues.
    let mut s = start();
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(white(1)));
    assert_eq!(s.queen(), QueenState::Covered(0));
    assert!(r.turn_continues);
    // Nothing of own colour: back, ends.
    let mut s = start();
    let r = play(booklet(), &mut s, &Outcome::counted());
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert!(r.queen_returned);
    assert!(!r.turn_continues);
    // Only an opponent's piece: back, ends.
    let mut s = start();
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(black(0)));
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert!(!r.turn_continues);
    // Striker alone: back, penalty 1, ends.
    let mut s = start();
    let r = play(booklet(), &mut s, &Outcome::counted().striker_pocketed());
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(r.penalty, 1);
    assert_eq!(s.pocketed(Colour::White), 0);
    assert!(!r.turn_continues);
    // Striker + own piece: still waiting, penalty 2, continues; the next stroke may cover.
    let mut s = start();
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(1)).striker_pocketed(),
    );
    assert_eq!(s.queen(), QueenState::Waiting(0));
    assert_eq!(r.penalty, 2);
    assert!(r.turn_continues);
    play(booklet(), &mut s, &Outcome::counted().pocket(white(2)));
    assert_eq!(s.queen(), QueenState::Covered(0));
    // Own + opponent's piece: covered, ends.
    let mut s = start();
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(black(0)).pocket(white(1)),
    );
    assert_eq!(s.queen(), QueenState::Covered(0));
    assert!(!r.turn_continues);
    // An own piece that only jumps off the board does not cover.
    let mut s = start();
    let r = play(booklet(), &mut s, &Outcome::counted().jump(white(1)));
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert!(!r.turn_continues);
}

#[test]
fn c9_queen_and_own_piece_in_one_stroke_cover_whichever_dropped_first() {
    for queen_first in [true, false] {
        let mut s = position(&booklet(), &whites(1), QueenState::OnBoard, [0, 0], 0);
        let o = if queen_first {
            Outcome::counted().pocket(Piece::QUEEN).pocket(white(1))
        } else {
            Outcome::counted().pocket(white(1)).pocket(Piece::QUEEN)
        };
        let r = play(booklet(), &mut s, &o);
        assert_eq!(s.queen(), QueenState::Covered(0));
        assert!(r.turn_continues);
    }
}

#[test]
fn c9_a11_queen_with_the_first_own_piece_is_covered_at_once_by_default() {
    let mut s = position(&booklet(), &[], QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(Piece::QUEEN).pocket(white(0)),
    );
    assert_eq!(s.queen(), QueenState::Covered(0));
    assert!(r.turn_continues);
}

#[test]
fn a11_queen_with_own_pieces_while_owing_counts_pieces_left_after_the_debt() {
    // k' = 0: the queen goes back; the own piece paid the debt and still continues the turn.
    let mut s = position(&booklet(), &[], QueenState::OnBoard, [1, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(0)).pocket(Piece::QUEEN),
    );
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(s.debt(Colour::White), 0);
    assert_eq!(s.pocketed(Colour::White), 0);
    assert!(r.turn_continues, "A9");
    // k' = 1: covered at once (default).
    let mut s = position(&booklet(), &[], QueenState::OnBoard, [1, 0], 0);
    play(
        booklet(),
        &mut s,
        &Outcome::counted()
            .pocket(white(0))
            .pocket(white(1))
            .pocket(Piece::QUEEN),
    );
    assert_eq!(s.queen(), QueenState::Covered(0));
    assert_eq!(s.pocketed(Colour::White), 1);
}

#[test]
fn a11_require_next_cover_and_return_queen_options() {
    let rules = booklet().with_queen_with_first_piece(QueenWithFirstPiece::RequireNextCover);
    // k' = 1: the queen waits and the turn continues.
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    let r = play(
        rules,
        &mut s,
        &Outcome::counted().pocket(Piece::QUEEN).pocket(white(0)),
    );
    assert_eq!(s.queen(), QueenState::Waiting(0));
    assert!(r.turn_continues);
    // k' >= 2: covered.
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    play(
        rules,
        &mut s,
        &Outcome::counted()
            .pocket(Piece::QUEEN)
            .pocket(white(0))
            .pocket(white(1)),
    );
    assert_eq!(s.queen(), QueenState::Covered(0));
    // k' = 0 after the debt: back.
    let mut s = position(&rules, &[], QueenState::OnBoard, [1, 0], 0);
    play(
        rules,
        &mut s,
        &Outcome::counted().pocket(Piece::QUEEN).pocket(white(0)),
    );
    assert_eq!(s.queen(), QueenState::OnBoard);
    // ReturnQueen: the queen dropped with the first own piece goes back.
    let rules = booklet().with_queen_with_first_piece(QueenWithFirstPiece::ReturnQueen);
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    let r = play(
        rules,
        &mut s,
        &Outcome::counted().pocket(Piece::QUEEN).pocket(white(0)),
    );
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert!(r.turn_continues);
    // An own piece already in pocket: C9 applies under every option.
    for opt in [
        QueenWithFirstPiece::RequireNextCover,
        QueenWithFirstPiece::ReturnQueen,
    ] {
        let rules = booklet().with_queen_with_first_piece(opt);
        let mut s = position(&rules, &whites(1), QueenState::OnBoard, [0, 0], 0);
        play(
            rules,
            &mut s,
            &Outcome::counted().pocket(Piece::QUEEN).pocket(white(1)),
        );
        assert_eq!(s.queen(), QueenState::Covered(0), "{opt:?}");
    }
}

#[test]
fn icf68_queen_too_early_goes_back_and_the_turn_is_lost() {
    let icf = Rules::icf();
    let mut s = position(&icf, &[], QueenState::OnBoard, [0, 0], 0);
    let r = play(icf, &mut s, &Outcome::counted().pocket(Piece::QUEEN));
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert!(!r.turn_continues);
    // While owing, even with own pieces dropping (ICF 68(b)).
    let mut s = position(&icf, &[], QueenState::OnBoard, [1, 0], 0);
    let r = play(
        icf,
        &mut s,
        &Outcome::counted()
            .pocket(Piece::QUEEN)
            .pocket(white(0))
            .pocket(white(1)),
    );
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert!(!r.turn_continues);
}

#[test]
fn icf71_striker_with_the_queen_returns_it_and_the_turn_continues() {
    let icf = Rules::icf();
    let mut s = position(&icf, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        icf,
        &mut s,
        &Outcome::counted().pocket(Piece::QUEEN).striker_pocketed(),
    );
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert!(r.queen_returned);
    assert!(r.turn_continues);
}

// ---------------------------------------------------------------------------------------
// Jumped pieces and placement (C14, A6-A8)
// ---------------------------------------------------------------------------------------

fn south_is_negative() -> bool {
    Side::South.striker_position(0.0).y < 0.0
}

#[test]
fn c14_a8_a_jumped_piece_goes_on_the_free_centre_spot_and_is_not_pocketed() {
    let mut s = position(&booklet(), &whites(1), QueenState::Covered(0), [0, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().jump(white(3)));
    assert_eq!(r.jumped, 1);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert_eq!(s.on_board(Colour::White), 8);
    let p = s.piece(white(3)).unwrap();
    assert!(p.length() < 1e-9, "on the centre spot: {p:?}");
    assert!(!r.turn_continues, "A8: no own piece pocketed");
    assert_eq!(r.penalty, 0);
}

#[test]
fn c14_a7_a_fully_covered_spot_sends_the_piece_behind_away_from_the_next_striker() {
    // The queen sits on the spot; white's turn ends, so seat 1 (north) strikes next and the
    // piece goes on the south side of the queen.
    let mut su = setup(&booklet(), &whites(1), QueenState::OnBoard, [0, 0], 0);
    su.pieces[0] = Some(Vec2::new(0.0, 0.0));
    let mut s = game(booklet()).from_setup(su.clone()).unwrap();
    let r = play(booklet(), &mut s, &Outcome::counted().jump(black(3)));
    assert_eq!(r.next, Seat::new(1));
    let p = s.piece(black(3)).unwrap();
    assert!(p.x.abs() < 1e-6, "directly behind: {p:?}");
    assert_eq!(p.y < 0.0, south_is_negative(), "away from north: {p:?}");
    assert!(p.length() >= 2.0 * PIECE_RADIUS - 1e-9, "no overlap: {p:?}");
    // Same stroke, but an own piece also dropped: white strikes next, so the jumped piece
    // goes on the north side.
    let mut s = game(booklet()).from_setup(su).unwrap();
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(1)).jump(black(3)),
    );
    assert_eq!(r.next, Seat::new(0));
    let p = s.piece(black(3)).unwrap();
    assert_eq!(p.y > 0.0, south_is_negative(), "away from south: {p:?}");
}

#[test]
fn a7_a_returned_queen_takes_the_spot_before_a_jumped_piece() {
    let mut s = position(&booklet(), &whites(1), QueenState::Waiting(0), [0, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().jump(black(2)));
    assert!(r.queen_returned);
    let q = s.piece(Piece::QUEEN).unwrap();
    assert!(q.length() < 1e-9, "queen on the spot: {q:?}");
    let p = s.piece(black(2)).unwrap();
    assert!((p - q).length() >= 2.0 * PIECE_RADIUS - 1e-9);
}

#[test]
fn a8_striker_leaving_the_board_is_no_foul_by_default_and_c10_with_the_option() {
    let mut o = Outcome::counted();
    o.striker_left_board = true;
    let mut s = position(&booklet(), &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = play(booklet(), &mut s, &o.clone().pocket(white(2)));
    assert_eq!(r.penalty, 0);
    assert!(r.turn_continues);
    let rules = booklet().with_striker_off_board_is_foul(true);
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = play(rules, &mut s, &o);
    assert_eq!(r.penalty, 1);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert!(!r.turn_continues);
}

// ---------------------------------------------------------------------------------------
// End of board and scoring (C15-C19, A1, A14-A17, A24)
// ---------------------------------------------------------------------------------------

#[test]
fn c15_c18_winner_scores_opponent_pieces_plus_queen_when_it_covered() {
    let mut s = position(&booklet(), &both(8, 3), QueenState::Covered(0), [0, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(white(8)));
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, Some(0));
    assert_eq!(res.reason, BoardEnd::AllPieces);
    assert_eq!(res.points, [6 + 3, 0]);
}

#[test]
fn c15_c18_a24_loser_covered_the_queen_so_nobody_gets_its_points() {
    let mut s = position(&booklet(), &both(8, 3), QueenState::Covered(1), [0, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(white(8)));
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, Some(0), "A24: covered by either side");
    assert_eq!(res.reason, BoardEnd::AllPieces);
    assert_eq!(res.points, [6, 0]);
}

#[test]
fn c19_a17_queen_points_with_21_but_not_22_before_the_board() {
    for (before, want) in [(21, 9), (22, 6), (24, 6)] {
        let mut su = setup(&booklet(), &both(8, 3), QueenState::Covered(0), [0, 0], 0);
        su.totals_before = [before, 0];
        let mut s = game(booklet()).from_setup(su).unwrap();
        let r = play(booklet(), &mut s, &Outcome::counted().pocket(white(8)));
        assert_eq!(r.board_over.unwrap().points, [want, 0], "before {before}");
    }
}

#[test]
fn c16_a1_opponents_last_piece_credits_the_victim_its_count_plus_three() {
    // Queen on the board: victim black scores white's pieces on the board (5) + 3.
    let mut s = position(&booklet(), &both(4, 8), QueenState::OnBoard, [0, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(black(8)));
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, Some(1));
    assert_eq!(res.reason, BoardEnd::OpponentsLastPiece);
    assert_eq!(res.points, [0, 5 + 3]);
    // The victim had covered the queen: + 3 queen points.
    let mut s = position(&booklet(), &both(4, 8), QueenState::Covered(1), [0, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(black(8)));
    assert_eq!(r.board_over.unwrap().points, [0, 5 + 3 + 3]);
    // The offender had covered it: no queen points.
    let mut s = position(&booklet(), &both(4, 8), QueenState::Covered(0), [0, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(black(8)));
    assert_eq!(r.board_over.unwrap().points, [0, 5 + 3]);
    // The victim at 22: no queen points, but the 3 penalty points stay (C19 is about the
    // queen only; `penalty_points_respect_22_cap` defaults to false).
    let mut su = setup(&booklet(), &both(4, 8), QueenState::Covered(1), [0, 0], 0);
    su.totals_before = [0, 22];
    let mut s = game(booklet()).from_setup(su).unwrap();
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(black(8)));
    assert_eq!(r.board_over.unwrap().points, [0, 5 + 3]);
}

#[test]
fn c16_the_opponents_last_piece_with_own_pieces_or_the_striker_still_loses() {
    let mut s = position(&booklet(), &both(4, 8), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(4)).pocket(black(8)),
    );
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, Some(1));
    assert_eq!(res.points, [0, 4 + 3]);
    // With the striker: white pays one (back on the board), then C16 on the state after.
    let mut s = position(&booklet(), &both(4, 8), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(black(8)).striker_pocketed(),
    );
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, Some(1));
    assert_eq!(res.reason, BoardEnd::OpponentsLastPiece);
    assert_eq!(res.points, [0, 6 + 3]);
}

#[test]
fn a1_deduct_from_offender_option_makes_the_c16_offender_lose_three() {
    let rules = booklet().with_penalty_points(PenaltyPoints::DeductFromOffender);
    let mut s = position(&rules, &both(4, 8), QueenState::OnBoard, [0, 0], 0);
    let r = play(rules, &mut s, &Outcome::counted().pocket(black(8)));
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, Some(1));
    assert_eq!(res.points, [-3, 5], "victim keeps its normal C18 count");
}

#[test]
fn c17_a1_own_last_piece_before_the_queen_credits_three_plus_the_victims_pieces() {
    let mut s = position(&booklet(), &both(8, 2), QueenState::OnBoard, [0, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(white(8)));
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, Some(1));
    assert_eq!(res.reason, BoardEnd::OwnLastBeforeQueen);
    assert_eq!(res.points, [0, 3 + 7]);
}

#[test]
fn c15_a24_own_last_piece_after_the_opponent_covered_the_queen_wins() {
    // The queen is covered (by black): C15's proviso holds, so this is no C17 loss.
    let mut s = position(&booklet(), &both(8, 2), QueenState::Covered(1), [0, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(white(8)));
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, Some(0));
    assert_eq!(res.reason, BoardEnd::AllPieces);
    assert_eq!(res.points, [7, 0]);
}

#[test]
fn a16_last_own_piece_with_the_queen_is_a_normal_win() {
    let mut s = position(&booklet(), &both(8, 2), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(8)).pocket(Piece::QUEEN),
    );
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, Some(0));
    assert_eq!(res.reason, BoardEnd::AllPieces);
    assert_eq!(res.points, [7 + 3, 0]);
    assert_eq!(s.queen(), QueenState::Covered(0));
}

#[test]
fn a14_last_own_piece_with_the_striker_returns_pieces_and_the_board_goes_on() {
    let mut s = position(&booklet(), &both(8, 2), QueenState::Covered(0), [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(8)).striker_pocketed(),
    );
    assert!(r.board_over.is_none());
    assert_eq!(r.penalty, 2);
    assert_eq!(r.returned, [2, 0]);
    assert_eq!(s.pocketed(Colour::White), 7);
    assert_eq!(s.on_board(Colour::White), 2);
    assert!(r.turn_continues);
    // Queen not yet covered: no C17 either.
    let mut s = position(&booklet(), &both(8, 2), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(8)).striker_pocketed(),
    );
    assert!(r.board_over.is_none());
}

#[test]
fn a14_icf81_last_piece_with_the_striker_loses_the_board_when_the_queen_is_not_covered() {
    let icf = Rules::icf();
    let mut s = position(&icf, &both(8, 2), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        icf,
        &mut s,
        &Outcome::counted().pocket(white(8)).striker_pocketed(),
    );
    let res = r.board_over.expect("ICF 81: the board is lost");
    assert_eq!(res.winner, Some(1));
}

#[test]
fn a15_both_last_pieces_in_one_stroke_the_striker_loses() {
    let mut s = position(&booklet(), &both(8, 8), QueenState::Covered(0), [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(8)).pocket(black(8)),
    );
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, Some(1), "C16 takes precedence");
    assert_eq!(res.reason, BoardEnd::OpponentsLastPiece);
    assert_eq!(res.points, [0, 3]);
}

#[test]
fn icf28_a_board_awards_at_most_the_cap() {
    let rules = booklet().with_max_points_per_board(Some(12));
    // C16 with the victim covering: 9 + 3 + 3 = 15, capped to 12.
    let mut s = position(&rules, &blacks(8), QueenState::Covered(1), [0, 0], 0);
    let r = play(rules, &mut s, &Outcome::counted().pocket(black(8)));
    assert_eq!(r.board_over.unwrap().points, [0, 12]);
    // The ICF preset never awards more than 12 (invariant 6).
    let icf = Rules::icf();
    let mut s = position(&icf, &whites(8), QueenState::Covered(0), [0, 0], 0);
    let r = play(icf, &mut s, &Outcome::counted().pocket(white(8)));
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, Some(0));
    assert_eq!(res.points, [12, 0]);
}

// ---------------------------------------------------------------------------------------
// Pairs (C21)
// ---------------------------------------------------------------------------------------

#[test]
fn c21_pairs_partner_pays_the_partnerships_debt_and_covers_its_queen() {
    let rules = booklet().with_players(4);
    // Team 0 (seats 0 and 2) owes one; seat 2 pockets two white men: one pays the debt.
    let mut s = position(&rules, &[], QueenState::OnBoard, [1, 0], 2);
    let r = play(
        rules,
        &mut s,
        &Outcome::counted().pocket(white(0)).pocket(white(1)),
    );
    assert_eq!(r.returned, [1, 0]);
    assert_eq!(s.debt(Colour::White), 0);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert!(r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(2));
    // The queen, then the turn passes to an opponent (never the partner).
    let r = play(rules, &mut s, &Outcome::counted().pocket(Piece::QUEEN));
    assert_eq!(s.queen(), QueenState::Waiting(0));
    assert!(r.turn_continues);
    let r = play(rules, &mut s, &Outcome::counted().pocket(white(2)));
    assert_eq!(s.queen(), QueenState::Covered(0));
    assert!(r.turn_continues);
    let r = play(rules, &mut s, &Outcome::counted());
    assert!(!r.turn_continues);
    assert_eq!(r.next.index() % 2, 1, "the next striker is an opponent");
}

// ---------------------------------------------------------------------------------------
// Further edge cases
// ---------------------------------------------------------------------------------------

/// No two pieces on the board overlap, and every piece on the board lies on the surface.
fn assert_no_overlap(s: &State) {
    let on: Vec<(usize, Vec2)> = s
        .pieces()
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.map(|p| (i, p)))
        .collect();
    for (k, &(i, p)) in on.iter().enumerate() {
        assert!(p.x.abs() < lattjo_carrom::HALF_SIZE && p.y.abs() < lattjo_carrom::HALF_SIZE);
        for &(j, q) in &on[k + 1..] {
            assert!(
                p.distance(q) >= 2.0 * PIECE_RADIUS - 1e-9,
                "pieces {i} and {j} overlap: {p:?} {q:?}"
            );
        }
    }
}

#[test]
fn a12_a13_striker_own_and_opponent_piece_in_the_covering_stroke_ends_the_turn_so_the_queen_goes_back()
 {
    let mut s = position(&booklet(), &whites(2), QueenState::Waiting(0), [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted()
            .pocket(white(2))
            .pocket(black(0))
            .striker_pocketed(),
    );
    assert!(!r.turn_continues, "A3");
    assert_eq!(s.queen(), QueenState::OnBoard, "A12: never left waiting");
    assert_eq!(r.penalty, 2);
}

#[test]
fn c5_a5_the_break_keeps_passing_until_a_stroke_touches_a_piece() {
    let g = game(booklet());
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    for _ in 0..3 {
        g.resolve(&mut s, &Outcome::missed()).unwrap();
    }
    assert_eq!(s.to_move(), Seat::new(1));
    for _ in 0..3 {
        g.resolve(&mut s, &Outcome::missed()).unwrap();
    }
    assert_eq!(s.to_move(), Seat::new(0), "the break comes back");
    assert!(s.break_pending());
    assert_eq!(s.white_team(), 0);
    // Seat 0 breaks again, now successfully.
    let r = g
        .resolve(&mut s, &Outcome::counted().pocket(white(0)))
        .unwrap();
    assert!(r.turn_continues);
    assert!(!s.break_pending());
}

#[test]
fn a5_a_handed_over_break_by_black_pocketing_a_black_man_continues() {
    let g = game(booklet());
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    for _ in 0..3 {
        g.resolve(&mut s, &Outcome::missed()).unwrap();
    }
    assert_eq!(s.to_move(), Seat::new(1));
    let r = g
        .resolve(&mut s, &Outcome::counted().pocket(black(0)))
        .unwrap();
    assert!(r.turn_continues, "C6: black pocketed its own piece");
    assert_eq!(s.pocketed(Colour::Black), 1);
}

#[test]
fn a19_turn_passes_to_the_right_counter_clockwise_and_left_with_the_option() {
    for (dir, want) in [
        (lattjo_carrom::TurnDirection::CounterClockwise, Side::East),
        (lattjo_carrom::TurnDirection::Clockwise, Side::West),
    ] {
        let rules = booklet().with_players(4).with_turn_direction(dir);
        let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
        assert_eq!(s.side_of(Seat::new(0), dir), Side::South);
        let r = play(rules, &mut s, &Outcome::counted());
        assert_eq!(s.side_of(r.next, dir), want, "{dir:?}");
        assert_eq!(r.next.index() % 2, 1);
    }
}

#[test]
fn c14_a_jumped_queen_goes_back_on_the_spot() {
    let mut s = position(&booklet(), &whites(1), QueenState::OnBoard, [0, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().jump(Piece::QUEEN));
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert!(s.piece(Piece::QUEEN).unwrap().length() < 1e-9);
    assert!(!r.turn_continues);
}

#[test]
fn c14_a_partly_covered_spot_gets_the_piece_as_close_to_it_as_possible() {
    let mut su = setup(&booklet(), &whites(1), QueenState::Covered(0), [0, 0], 0);
    su.pieces[usize::from(black(0).id())] = Some(Vec2::new(0.0, 0.02));
    let mut s = game(booklet()).from_setup(su).unwrap();
    play(booklet(), &mut s, &Outcome::counted().jump(black(3)));
    let p = s.piece(black(3)).unwrap();
    let best = 2.0 * PIECE_RADIUS - 0.02;
    assert!(
        (p.length() - best).abs() < 1e-3,
        "covers as much of the spot as it can: {p:?} (best distance {best})"
    );
    assert_no_overlap(&s);
}

#[test]
fn a6_returned_pieces_go_in_the_centre_without_disturbing_a_crowded_centre() {
    // The queen on the spot and six men around it; white pays three (striker + two own).
    let mut su = setup(&booklet(), &whites(4), QueenState::OnBoard, [0, 0], 0);
    su.pieces[0] = Some(Vec2::new(0.0, 0.0));
    for k in 0..6u8 {
        let a = f64::from(k) * std::f64::consts::PI / 3.0;
        su.pieces[usize::from(black(k).id())] =
            Some(Vec2::new(a.cos(), a.sin()) * (2.0 * PIECE_RADIUS + 1e-4));
    }
    let mut s = game(booklet()).from_setup(su).unwrap();
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted()
            .pocket(white(4))
            .pocket(white(5))
            .striker_pocketed(),
    );
    assert_eq!(r.returned, [3, 0]);
    assert_eq!(s.on_board(Colour::White), 6);
    assert_no_overlap(&s);
    for i in 0..6u8 {
        if let Some(p) = s.piece(white(i)) {
            assert!(
                p.length() + PIECE_RADIUS <= lattjo_carrom::OUTER_CIRCLE_RADIUS + 1e-9,
                "returned man {i} near the centre: {p:?}"
            );
        }
    }
}

#[test]
fn icf62_dues_are_placed_inside_the_outer_circle_off_the_centre_circle() {
    let rules = booklet().with_dues_off_centre_circle(true);
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        rules,
        &mut s,
        &Outcome::counted().pocket(white(3)).striker_pocketed(),
    );
    assert_eq!(r.returned, [2, 0]);
    assert_no_overlap(&s);
    let mut seen = 0;
    for i in 0..4u8 {
        if let Some(p) = s.piece(white(i)) {
            seen += 1;
            assert!(p.length() + PIECE_RADIUS <= lattjo_carrom::OUTER_CIRCLE_RADIUS + 1e-9);
            assert!(
                p.length() >= lattjo_carrom::CENTRE_SPOT_RADIUS + PIECE_RADIUS - 1e-9,
                "not covering the centre circle: {p:?}"
            );
        }
    }
    assert_eq!(seen, 2);
}

#[test]
fn c17_own_last_piece_with_an_opponents_piece_before_the_queen_loses() {
    let mut s = position(&booklet(), &both(8, 2), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(8)).pocket(black(2)),
    );
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, Some(1));
    assert_eq!(res.reason, BoardEnd::OwnLastBeforeQueen);
    assert_eq!(res.points, [0, 3 + 6]);
}

#[test]
fn c11_a9_a_debt_of_two_is_paid_piece_by_piece_and_the_turn_continues() {
    let mut s = position(&booklet(), &[], QueenState::OnBoard, [2, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(white(0)));
    assert_eq!(s.debt(Colour::White), 1);
    assert_eq!(s.pocketed(Colour::White), 0);
    assert_eq!(r.returned, [1, 0]);
    assert!(r.turn_continues);
    play(booklet(), &mut s, &Outcome::counted().pocket(white(1)));
    assert_eq!(s.debt(Colour::White), 0);
    play(booklet(), &mut s, &Outcome::counted().pocket(white(2)));
    assert_eq!(s.pocketed(Colour::White), 1);
}

#[test]
fn a8_striker_off_the_board_with_an_own_piece_under_the_option_is_c12() {
    let rules = booklet().with_striker_off_board_is_foul(true);
    let mut o = Outcome::counted().pocket(white(2));
    o.striker_left_board = true;
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = play(rules, &mut s, &o);
    assert_eq!(r.penalty, 2);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert!(r.turn_continues);
}

#[test]
fn invariant10_singles_players_alternate_after_a_turn_ending_stroke() {
    let mut s = position(&booklet(), &both(1, 1), QueenState::OnBoard, [0, 0], 0);
    for k in 0..6u8 {
        let r = play(booklet(), &mut s, &Outcome::counted());
        assert_eq!(r.next, Seat::new((k + 1) % 2));
        assert_eq!(s.to_move(), r.next);
    }
}

#[test]
fn a7_a_returned_queen_takes_the_spot_before_penalty_men_are_placed() {
    let mut s = position(&booklet(), &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(Piece::QUEEN).striker_pocketed(),
    );
    assert!(r.queen_returned);
    assert_eq!(r.returned, [1, 0]);
    assert!(
        s.piece(Piece::QUEEN).unwrap().length() < 1e-9,
        "queen on the spot"
    );
    assert_no_overlap(&s);
}

#[test]
fn a7_c14_queen_and_two_jumped_pieces_are_placed_without_overlap_away_from_the_striker() {
    let mut s = position(&booklet(), &whites(1), QueenState::Waiting(0), [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().jump(white(3)).jump(black(3)),
    );
    assert!(r.queen_returned);
    assert_eq!(r.jumped, 2);
    assert_eq!(r.next, Seat::new(1));
    assert!(s.piece(Piece::QUEEN).unwrap().length() < 1e-9);
    assert_no_overlap(&s);
    for p in [white(3), black(3)] {
        let at = s.piece(p).unwrap();
        assert_eq!(
            at.y < 0.0,
            south_is_negative(),
            "{p:?} away from north: {at:?}"
        );
        assert!(
            at.length() < 4.0 * PIECE_RADIUS + 1e-9,
            "{p:?} near the spot: {at:?}"
        );
    }
}

#[test]
fn invariant12_the_rules_follow_colours_not_seats() {
    // Seat 0 plays black (white_team 1): pocketing a white man is pocketing the opponent's.
    let mut su = setup(&booklet(), &blacks(2), QueenState::OnBoard, [0, 0], 0);
    su.white_team = 1;
    let mut s = game(booklet()).from_setup(su).unwrap();
    assert_eq!(s.colour_of(0), Colour::Black);
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(white(0)));
    assert!(!r.turn_continues, "C13");
    assert_eq!(s.pocketed(Colour::White), 1);
    let r = play(booklet(), &mut s, &Outcome::counted().striker_pocketed());
    // Seat 1 (white) now: its one pocketed man comes back.
    assert_eq!(r.penalty, 1);
    assert_eq!(s.pocketed(Colour::White), 0);
    assert_eq!(s.pocketed(Colour::Black), 2);
    // C16 with team 1 playing white: seat 0 (black) pockets white's last man.
    let mut su = setup(&booklet(), &both(8, 4), QueenState::OnBoard, [0, 0], 0);
    su.white_team = 1;
    let mut s = game(booklet()).from_setup(su).unwrap();
    let r = play(booklet(), &mut s, &Outcome::counted().pocket(white(8)));
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, Some(1), "team 1 (white) is the victim");
    assert_eq!(res.points, [0, 5 + 3]);
}

#[cfg(feature = "serde")]
#[test]
fn invariant12_a_state_reloaded_mid_turn_plays_on_identically() {
    let mut s = position(&booklet(), &whites(1), QueenState::Waiting(0), [0, 1], 0);
    let json = serde_json::to_string(&s).unwrap();
    let mut back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    let o = Outcome::counted().pocket(white(1)).pocket(black(0));
    let r1 = play(booklet(), &mut s, &o);
    let r2 = play(booklet(), &mut back, &o);
    assert_eq!(r1, r2);
    assert_eq!(s, back);
}

#[test]
fn c1_a21_two_or_four_players_three_refused() {
    assert!(Carrom::new(booklet().with_players(2)).is_ok());
    assert!(Carrom::new(booklet().with_players(4)).is_ok());
    assert!(Carrom::new(booklet().with_players(3)).is_err());
    assert!(Carrom::new(booklet().with_players(1)).is_err());
}

#[test]
fn c2_the_striker_stands_on_the_strikers_own_base_line_only() {
    use lattjo_carrom::{MAX_STRIKER_OFFSET, Stroke};
    let g = game(booklet());
    let s = position(&booklet(), &[], QueenState::OnBoard, [0, 0], 0);
    let up = Vec2::new(0.0, 1.0);
    assert!(
        g.check_stroke(
            &s,
            Seat::new(0),
            &Stroke::on_base_line(MAX_STRIKER_OFFSET, up, 3.0)
        )
        .is_ok()
    );
    assert!(
        g.check_stroke(
            &s,
            Seat::new(0),
            &Stroke::on_base_line(MAX_STRIKER_OFFSET + 0.01, up, 3.0)
        )
        .is_err()
    );
    assert!(
        g.check_stroke(&s, Seat::new(1), &Stroke::on_base_line(0.0, up, 3.0))
            .is_err(),
        "not the seat to move"
    );
}

#[test]
fn c14_a19_in_pairs_the_piece_goes_behind_the_spot_away_from_the_next_seat() {
    // Pairs, counter-clockwise: after seat 0 (south) ends his turn, seat 1 strikes next from
    // the seat on his right. The covered spot sends the jumped piece to the opposite side.
    let rules = booklet().with_players(4);
    let mut su = setup(&rules, &whites(1), QueenState::OnBoard, [0, 0], 0);
    su.pieces[0] = Some(Vec2::new(0.0, 0.0));
    let mut s = game(rules).from_setup(su.clone()).unwrap();
    let r = play(rules, &mut s, &Outcome::counted().jump(black(3)));
    let next_side = s.side_of(r.next, rules.turn_direction);
    let towards_next = next_side.striker_position(0.0);
    let p = s.piece(black(3)).unwrap();
    assert!(
        p.dot(towards_next) < 0.0,
        "away from {next_side:?}: {p:?} (next striker at {towards_next:?})"
    );
    assert!(
        p.x * towards_next.y - p.y * towards_next.x < 1e-6 * p.length().max(1.0),
        "directly behind: {p:?}"
    );
    assert_no_overlap(&s);
}

#[test]
fn c4_through_the_physics_a_stroke_that_stays_on_the_base_line_is_retaken() {
    use lattjo_carrom::{MIN_SPEED, Stroke};
    let g = game(booklet());
    let mut s = position(&booklet(), &whites(1), QueenState::OnBoard, [0, 0], 0);
    let before = s.to_setup();
    let r = g
        .strike(
            &mut s,
            &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), MIN_SPEED),
        )
        .unwrap();
    assert!(r.void);
    assert_eq!(s.to_move(), Seat::new(0));
    assert_eq!(s.to_setup().pieces, before.pieces);
    // At the break it is a failed attempt (A5).
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    let r = g
        .strike(
            &mut s,
            &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), MIN_SPEED),
        )
        .unwrap();
    assert!(r.failed_break);
    assert_eq!(s.break_attempts(), 1);
}

#[test]
fn icf28_debts_are_written_off_when_the_board_ends() {
    let icf = Rules::icf();
    let mut s = position(&icf, &whites(8), QueenState::Covered(0), [0, 2], 0);
    let r = play(icf, &mut s, &Outcome::counted().pocket(white(8)));
    assert!(r.board_over.is_some());
    assert_eq!(s.debt(Colour::Black), 0);
    assert_eq!(s.debt(Colour::White), 0);
}

#[test]
fn icf35_37_a_called_foul_stroke_returns_what_it_pocketed_costs_one_and_ends_the_turn() {
    let icf = Rules::icf();
    let g = game(icf);
    let mut s = position(&icf, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = g
        .resolve_called_foul(
            &mut s,
            &Outcome::counted()
                .pocket(white(2))
                .pocket(black(0))
                .pocket(Piece::QUEEN),
        )
        .unwrap();
    assert!(!r.turn_continues);
    assert_eq!(r.next, Seat::new(1));
    assert!(r.queen_returned);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(r.penalty, 2, "the man it pocketed and one for the foul");
    assert_eq!(r.returned, [2, 1]);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert_eq!(s.pocketed(Colour::Black), 0);
}

#[test]
fn icf36_a_technical_foul_after_the_turn_began_ends_it() {
    use boardgame_core::Game;
    use lattjo_carrom::{Action, Call};
    let icf = Rules::icf();
    let g = game(icf);
    let mut s = position(&icf, &whites(2), QueenState::OnBoard, [0, 0], 0);
    g.resolve(&mut s, &Outcome::counted().pocket(white(2)))
        .unwrap();
    assert_eq!(s.to_move(), Seat::new(0));
    g.apply(&mut s, &Action::Call(Call::TechnicalFoul(Seat::new(0))))
        .unwrap();
    assert_eq!(s.pocketed(Colour::White), 2, "one man back");
    assert_eq!(s.to_move(), Seat::new(1), "the turn ends");
}

#[test]
fn a5_void_stroke_limit_counts_voids_in_a_row_and_a_counted_stroke_restarts_it() {
    let rules = booklet().with_void_stroke_limit(Some(3));
    let mut s = position(&rules, &whites(1), QueenState::OnBoard, [0, 0], 0);
    play(rules, &mut s, &Outcome::void());
    play(rules, &mut s, &Outcome::void());
    let r = play(rules, &mut s, &Outcome::counted().pocket(white(1)));
    assert!(r.turn_continues);
    play(rules, &mut s, &Outcome::void());
    play(rules, &mut s, &Outcome::void());
    assert_eq!(
        s.to_move(),
        Seat::new(0),
        "two voids since the last counted stroke"
    );
    play(rules, &mut s, &Outcome::void());
    assert_eq!(s.to_move(), Seat::new(1));
    // The next player starts his own count.
    play(rules, &mut s, &Outcome::void());
    play(rules, &mut s, &Outcome::void());
    assert_eq!(s.to_move(), Seat::new(1));
}

#[test]
fn a7_after_the_queen_the_striking_sides_pieces_are_placed_touching_it_behind_the_spot() {
    // Black (seat 1) strikes; the queen, a white and a black man jump. A7: the queen first
    // (on the spot), then the striking side's piece touching the queen directly behind it
    // (the crate searches rings 1 mm apart: within 1.5 mm), then the rest. Regression: the
    // men were placed in id order, white first, so with black striking the white man took
    // the place behind the queen.
    for (to_move, own, other) in [(1u8, black(3), white(3)), (0, white(3), black(3))] {
        let mut s = position(
            &booklet(),
            &both(1, 1),
            QueenState::OnBoard,
            [0, 0],
            to_move,
        );
        let r = play(
            booklet(),
            &mut s,
            &Outcome::counted()
                .jump(Piece::QUEEN)
                .jump(white(3))
                .jump(black(3)),
        );
        assert_eq!(r.jumped, 3);
        let q = s.piece(Piece::QUEEN).unwrap();
        assert!(q.length() < 1e-9, "queen on the spot: {q:?}");
        let p = s.piece(own).unwrap();
        assert!(
            p.x.abs() < 1e-6 && (p.distance(q) - 2.0 * PIECE_RADIUS).abs() < 1.5e-3,
            "seat {to_move}: the striking side's man directly behind the queen: {p:?} (other {:?})",
            s.piece(other)
        );
        assert_no_overlap(&s);
    }
}
