//! A second reviewer's pass over the rules file (`carrom.md`), aimed at what `rules.rs`,
//! `icf.rs`, `rules_review.rs` and `docs_claims.rs` do not cover: combinations of rules in one
//! stroke (the queen with the striker, a debt paid or grown in the same stroke, jumped pieces
//! beside the last men), the largest awards, the game's end after eight boards, pairs, and
//! single ICF switches against the booklet. Every expected value is worked out by hand from the
//! rules file; the comment before each check names the rule and quotes its sentence. Positions
//! are built through the common helpers (team 0 plays white; seat 0 sits south) and strokes
//! are fed as constructed [`Outcome`]s, so no physics is involved.

use crate::common;

use boardgame_core::{BySeat, Game, ResumeError, RoundContext, Rounds, Seat};
use common::*;
use lattjo_carrom::{
    BoardEnd, BothLastPieces, CarromGame, Colour, EventsError, Outcome, PenaltyPoints, Phase,
    Piece, PlayError, QueenState, QueenWithFirstPiece, Rules, State, TieAfterMaxBoards, Vec2,
};

use crate::rules_review::{booklet, game, play};

fn pairs() -> Rules {
    Rules::lattjo().with_players(4)
}

/// Same position, seat to move and counters (a refused action must leave all of them).
fn same(a: &State, b: &State) -> bool {
    a == b && a.to_setup() == b.to_setup()
}

const SPOT: Vec2 = Vec2 { x: 0.0, y: 0.0 };

// ---------------------------------------------------------------------------------------
// The break (C4, C5, A5)
// ---------------------------------------------------------------------------------------

/// C5: "The breaker gets three attempts to break the formation." A5: a failed attempt is a
/// break stroke that touches no piece, including a void one. A break that touches a piece
/// after two failures is made: the count is gone and, pocketing nothing, the turn passes by C6
/// ("After a stroke that pockets no own piece, the next player takes over").
#[test]
fn c5_a5_a_break_made_at_the_third_attempt_clears_the_count_and_passes_by_c6() {
    let g = game(booklet());
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    g.resolve(&mut s, &Outcome::missed()).unwrap();
    g.resolve(&mut s, &Outcome::void()).unwrap();
    assert_eq!(s.break_attempts(), 2);
    assert_eq!(s.to_move(), Seat::new(0));
    let r = g.resolve(&mut s, &Outcome::counted()).unwrap();
    assert!(!r.failed_break && !r.void && !r.turn_continues);
    assert!(!s.break_pending());
    assert_eq!(s.break_attempts(), 0);
    assert_eq!(s.to_move(), Seat::new(1));
    assert_eq!(s.white_team(), 0);
}

/// C5 and A5 in pairs: "After three failures: the turn passes to the next player, who breaks
/// the same, untouched formation. Colours do not change." With four players the break goes
/// round the table (A19: to the right), each breaker gets three attempts, and white stays with
/// team 0 even while team 1 is breaking.
#[test]
fn c5_a5_c21_in_pairs_failed_breaks_go_round_the_table_and_white_stays_put() {
    let g = game(pairs());
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    let formation = *s.pieces();
    for breaker in 0..4u8 {
        for attempt in 0..3 {
            assert_eq!(s.to_move(), Seat::new(breaker), "attempt {attempt}");
            assert!(s.break_pending());
            let r = g.resolve(&mut s, &Outcome::missed()).unwrap();
            assert!(r.failed_break);
        }
    }
    // Round the table and back to seat 0, still breaking the same formation.
    assert_eq!(s.to_move(), Seat::new(0));
    assert_eq!(s.white_team(), 0);
    assert_eq!(s.pieces(), &formation);
    // Seat 0 now breaks and pockets a white man: the break is made and the turn goes on (C6).
    let r = g
        .resolve(&mut s, &Outcome::counted().pocket(white(0)))
        .unwrap();
    assert!(r.turn_continues);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert!(!s.break_pending());
}

/// A5: "After the break: a stroke in which the striker does not leave the baseline is void
/// and is retaken"; the void-stroke limit option counts those. During the break a void stroke
/// is a failed break attempt instead, so a limit of 1 does not take the break away after one
/// void stroke: the breaker keeps his three attempts.
#[test]
fn a5_the_void_stroke_limit_does_not_shorten_the_breakers_three_attempts() {
    let rules = booklet().with_void_stroke_limit(Some(1));
    let g = game(rules);
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    for attempt in 1..=2u8 {
        let r = g.resolve(&mut s, &Outcome::void()).unwrap();
        assert!(r.void && r.failed_break);
        assert_eq!(s.break_attempts(), attempt);
        assert_eq!(s.to_move(), Seat::new(0));
    }
    g.resolve(&mut s, &Outcome::void()).unwrap();
    assert_eq!(
        s.to_move(),
        Seat::new(1),
        "the third failure passes the break"
    );
    // After the break the limit of one applies at once.
    let mut s = position(&rules, &whites(1), QueenState::OnBoard, [0, 0], 0);
    let r = g.resolve(&mut s, &Outcome::void()).unwrap();
    assert!(r.void && !r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(1));
}

/// A11 on the break: "Queen alone: it goes back to the centre, and the turn ends under C6."
/// The queen went from the spot, which is free again, so it goes back on the spot (C14/A7).
#[test]
fn c7_a11_a_break_that_pockets_only_the_queen_puts_it_back_on_the_spot_and_passes() {
    let g = game(booklet());
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    let r = g
        .resolve(&mut s, &Outcome::counted().pocket(Piece::QUEEN))
        .unwrap();
    assert!(r.queen_returned && !r.turn_continues);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(s.piece(Piece::QUEEN), Some(SPOT));
    assert_eq!(s.to_move(), Seat::new(1));
}

/// A11: with the queen and own men in one stroke and no own man in pocket before it, "k' >= 1
/// after debts, the queen is covered" (booklet, `CoveredAtOnce`); the ICF preset uses
/// `RequireNextCover`: "k' = 1: the queen stands pocketed and must be covered with the next
/// stroke; k' >= 2: the queen is covered". The break is the natural place for it.
#[test]
fn a11_the_break_pockets_the_queen_with_one_or_two_white_men_booklet_and_icf() {
    // Booklet, one man: covered at once; the turn goes on (C6).
    let g = game(booklet());
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    let r = g
        .resolve(
            &mut s,
            &Outcome::counted().pocket(Piece::QUEEN).pocket(white(0)),
        )
        .unwrap();
    assert_eq!(s.queen(), QueenState::Covered(0));
    assert!(r.turn_continues && !r.queen_returned);

    // ICF, one man: waiting. A next stroke that pockets nothing sends it back to the spot and
    // ends the turn (C8: "If he fails, the queen goes back to the centre").
    let icf = game(Rules::icf());
    let mut s = icf.initial_state(Seat::new(0)).unwrap();
    let r = icf
        .resolve(
            &mut s,
            &Outcome::counted().pocket(white(0)).pocket(Piece::QUEEN),
        )
        .unwrap();
    assert_eq!(s.queen(), QueenState::Waiting(0));
    assert!(r.turn_continues);
    let mut covered = s.clone();
    let r = icf.resolve(&mut s, &Outcome::counted()).unwrap();
    assert!(r.queen_returned && !r.turn_continues);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(s.piece(Piece::QUEEN), Some(SPOT));
    assert_eq!(s.to_move(), Seat::new(1));
    // ... and one that pockets a white man covers it.
    let r = icf
        .resolve(&mut covered, &Outcome::counted().pocket(white(1)))
        .unwrap();
    assert_eq!(covered.queen(), QueenState::Covered(0));
    assert!(r.turn_continues);

    // ICF, two men: covered at once.
    let mut s = icf.initial_state(Seat::new(0)).unwrap();
    icf.resolve(
        &mut s,
        &Outcome::counted()
            .pocket(white(0))
            .pocket(Piece::QUEEN)
            .pocket(white(1)),
    )
    .unwrap();
    assert_eq!(s.queen(), QueenState::Covered(0));
}

/// A4: an opponent's piece "stays in the pocket and counts as pocketed for its owner". C10:
/// pocketing the striker costs "one of the player's pocketed pieces". So black's man that
/// white pocketed at the break pays black's next C10 penalty.
#[test]
fn a4_c10_a_man_the_opponent_pocketed_at_the_break_pays_its_owners_striker_penalty() {
    let g = game(booklet());
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    let r = g
        .resolve(&mut s, &Outcome::counted().pocket(black(0)))
        .unwrap();
    // C13: pocketing an opponent's piece ends the turn.
    assert!(!r.turn_continues);
    assert_eq!(s.pocketed(Colour::Black), 1);
    assert_eq!(s.to_move(), Seat::new(1));
    let r = g
        .resolve(&mut s, &Outcome::counted().striker_pocketed())
        .unwrap();
    assert_eq!(r.penalty, 1);
    assert_eq!(r.returned, [0, 1]);
    assert_eq!(s.pocketed(Colour::Black), 0);
    assert_eq!(s.debt(Colour::Black), 0);
    // C10: "the opponent takes one of the player's pocketed pieces and places it".
    assert_eq!(r.placed_by, Some(Seat::new(0)));
    // Back on the board (the queen still holds the spot, so beside the formation).
    assert!(s.piece(black(0)).is_some());
    assert_eq!(s.on_board(Colour::Black), 9);
    assert_eq!(s.to_move(), Seat::new(0));
}

// ---------------------------------------------------------------------------------------
// Debt and the striker (C10-C12, A9, A10)
// ---------------------------------------------------------------------------------------

/// C11: "The next piece of his that is pocketed goes straight back"; A9: "Each piece of colour
/// c that enters a pocket, whoever pocketed it, adds +1 to N(c)". White owes two; black
/// pockets two white men in one stroke: both go back, the debt is paid, and black's turn ends
/// (C13). A6 has the opponent of the debtor place them: here the striker himself.
#[test]
fn c11_a9_a_debt_of_two_paid_at_once_by_two_men_the_opponent_pockets() {
    let mut s = position(&booklet(), &[], QueenState::OnBoard, [2, 0], 1);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(0)).pocket(white(1)),
    );
    assert_eq!(r.returned, [2, 0]);
    assert_eq!(r.penalty, 0);
    assert_eq!(s.debt(Colour::White), 0);
    assert_eq!(s.pocketed(Colour::White), 0);
    assert_eq!(s.on_board(Colour::White), 9);
    assert!(!r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(0));
    assert_eq!(r.placed_by, Some(Seat::new(1)));
}

/// C12 with a debt standing: "Pocketing the striker together with one of one's own pieces
/// costs two pieces ... any shortfall is owed. The player then strikes again." A9: N is
/// -1 + 1 - 2 = -2, so the debt grows to two, the man just pocketed goes back, and the turn
/// goes on (A2).
#[test]
fn c12_a9_striker_and_an_own_man_while_owing_one_leaves_a_debt_of_two() {
    let mut s = position(&booklet(), &[], QueenState::OnBoard, [1, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(4)).striker_pocketed(),
    );
    assert_eq!(r.penalty, 2);
    assert_eq!(r.returned, [1, 0]);
    assert_eq!(s.debt(Colour::White), 2);
    assert_eq!(s.pocketed(Colour::White), 0);
    assert!(r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(0));
}

/// A10: "k >= 1 own pieces: k + 1, continues". Three in pocket, striker with two more: N =
/// 3 + 2 - 3 = 2, so three men come back ("P(before) + pieces pocketed - P(after)" = 3 + 2 - 2).
#[test]
fn a10_a9_striker_with_two_own_men_and_three_in_pocket_returns_three() {
    let mut s = position(&booklet(), &whites(3), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted()
            .pocket(white(3))
            .striker_pocketed()
            .pocket(white(4)),
    );
    assert_eq!(r.penalty, 3);
    assert_eq!(r.returned, [3, 0]);
    assert_eq!(s.pocketed(Colour::White), 2);
    assert_eq!(s.on_board(Colour::White), 7);
    assert!(r.turn_continues);
    // Invariant 3: returned plus the debt's increase equal the penalty charged.
    assert_eq!(r.returned[0] + s.debt(Colour::White), r.penalty);
}

/// A10's "only opponent's pieces: 1 (their pieces stay pocketed for them), ends" with nothing
/// of one's own in pocket: the one is owed (C11), black's men stay pocketed for black (A4).
#[test]
fn a10_c11_striker_with_two_opponents_men_and_nothing_in_pocket() {
    let mut s = position(&booklet(), &[], QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted()
            .pocket(black(0))
            .pocket(black(1))
            .striker_pocketed(),
    );
    assert_eq!(r.penalty, 1);
    assert_eq!(r.returned, [0, 0]);
    assert_eq!(s.debt(Colour::White), 1);
    assert_eq!(s.pocketed(Colour::Black), 2);
    assert!(!r.turn_continues);
}

/// C11's debt has no end in the booklet; the library keeps a debt at nine men
/// (`Resolution::debt_capped`). A striker foul at nine owed changes nothing else.
#[test]
fn c11_a_debt_of_nine_stays_at_nine_and_says_so() {
    let mut s = position(&booklet(), &[], QueenState::OnBoard, [9, 0], 0);
    let r = play(booklet(), &mut s, &Outcome::counted().striker_pocketed());
    assert_eq!(r.penalty, 1);
    assert!(r.debt_capped);
    assert_eq!(s.debt(Colour::White), 9);
    assert_eq!(s.on_board(Colour::White), 9);
    assert_eq!(s.to_move(), Seat::new(1));
}

// ---------------------------------------------------------------------------------------
// The queen with the striker and with the opponent's men (C8, A3, A12, A13)
// ---------------------------------------------------------------------------------------

/// A13: "striker + own piece(s): still waiting; may be covered on the next stroke; k + 1;
/// continues". With one man in pocket the penalty takes both men (N = 1 + 1 - 2 = 0), so the
/// queen waits with nothing in pocket. The next stroke decides: an own man covers it, nothing
/// sends it back and ends the turn.
#[test]
fn a13_striker_and_own_man_in_the_covering_stroke_empties_the_pocket_and_the_queen_waits() {
    let mut s = position(&booklet(), &whites(1), QueenState::Waiting(0), [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted().pocket(white(1)).striker_pocketed(),
    );
    assert_eq!(r.penalty, 2);
    assert_eq!(r.returned, [2, 0]);
    assert_eq!(s.pocketed(Colour::White), 0);
    assert_eq!(s.queen(), QueenState::Waiting(0));
    assert!(r.turn_continues && !r.queen_returned);

    let mut covered = s.clone();
    let r = play(
        booklet(),
        &mut covered,
        &Outcome::counted().pocket(white(2)),
    );
    assert_eq!(covered.queen(), QueenState::Covered(0));
    assert_eq!(covered.pocketed(Colour::White), 1, "invariant 5");
    assert!(r.turn_continues);

    let r = play(booklet(), &mut s, &Outcome::counted());
    assert!(r.queen_returned && !r.turn_continues);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(s.to_move(), Seat::new(1));
}

/// A12: "the turn continues, so the covering stroke can be played"; A3: the opponent's piece
/// ends the turn "even if own pieces also dropped"; "whenever a turn ends while the queen is
/// waiting to be covered, the queen goes back". So the queen with a black man (and no white
/// man) goes back at once in the booklet. With `opponent_piece_ends_turn` off (ICF 21) the
/// queen waits and the turn goes on.
#[test]
fn a3_a12_the_queen_with_an_opponents_man_goes_back_in_the_booklet_and_waits_without_a3() {
    let ev = Outcome::counted().pocket(Piece::QUEEN).pocket(black(0));
    let mut s = position(&booklet(), &whites(1), QueenState::OnBoard, [0, 0], 0);
    let r = play(booklet(), &mut s, &ev);
    assert!(r.queen_returned && !r.turn_continues);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(s.piece(Piece::QUEEN), Some(SPOT));
    assert_eq!(s.pocketed(Colour::Black), 1);
    assert_eq!(s.to_move(), Seat::new(1));

    let no_a3 = booklet().with_opponent_piece_ends_turn(false);
    let mut s = position(&no_a3, &whites(1), QueenState::OnBoard, [0, 0], 0);
    let r = play(no_a3, &mut s, &ev);
    assert!(!r.queen_returned && r.turn_continues);
    assert_eq!(s.queen(), QueenState::Waiting(0));
    assert_eq!(s.to_move(), Seat::new(0));
}

/// A10's queen row: "the queen goes back to the centre; the penalty follows the same row
/// without the queen". Striker + queen + a black man: the "only opponent's pieces" row, one
/// man charged, black's man stays pocketed, the turn ends.
#[test]
fn a10_striker_queen_and_an_opponents_man_follow_the_opponent_row() {
    let mut s = position(&booklet(), &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        booklet(),
        &mut s,
        &Outcome::counted()
            .pocket(Piece::QUEEN)
            .pocket(black(0))
            .striker_pocketed(),
    );
    assert_eq!(r.penalty, 1);
    assert!(r.queen_returned);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert_eq!(s.pocketed(Colour::Black), 1);
    assert!(!r.turn_continues);
    // A7: the queen first (on the free spot), then the penalty man beside it.
    assert_eq!(s.piece(Piece::QUEEN), Some(SPOT));
}

// ---------------------------------------------------------------------------------------
// Jumped pieces beside pocketing and the last men (C14, A8)
// ---------------------------------------------------------------------------------------

/// C14/A8: "a jumped piece is no foul. It goes back to the board (C14) and does not count as
/// pocketed." So black's last man leaving the board is no C16 (B(black) stays 1), and the turn
/// goes on because white pocketed a man (C6). The spot is free, so the man is on it.
#[test]
fn c14_c16_the_opponents_last_man_jumping_off_is_not_pocketing_it() {
    let rules = booklet();
    let mut s = position(&rules, &both(3, 8), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        rules,
        &mut s,
        &Outcome::counted().pocket(white(3)).jump(black(8)),
    );
    assert!(r.board_over.is_none());
    assert_eq!(r.jumped, 1);
    assert_eq!(s.on_board(Colour::Black), 1);
    assert_eq!(s.piece(black(8)), Some(SPOT));
    assert!(r.turn_continues);
}

/// C18: "1 point per opponent piece still on the board"; C14 puts a jumped piece back on the
/// board. White pockets its last man (queen covered by white) while a black man jumps: black
/// keeps 6 men on the board, so white scores 6 + 3.
#[test]
fn c14_c18_a_loser_man_that_jumps_in_the_winning_stroke_still_counts() {
    let rules = booklet();
    let mut s = position(&rules, &both(8, 3), QueenState::Covered(0), [0, 0], 0);
    let r = play(
        rules,
        &mut s,
        &Outcome::counted().pocket(white(8)).jump(black(5)),
    );
    let result = r.board_over.expect("C15: white pocketed its ninth man");
    assert_eq!(result.winner, Some(0));
    assert_eq!(result.reason, BoardEnd::AllPieces);
    assert_eq!(result.points, [9, 0]);
    assert_eq!(s.on_board(Colour::Black), 6);
    assert!(s.piece(black(5)).is_some());
}

/// C14 with an own last man: white has one man left and it jumps off in the stroke that
/// pockets the queen (white has men in pocket, C7). The jumped man is not pocketed, so B(white)
/// stays 1 and there is no C17; the queen waits (A12) and the man is back on the spot, which
/// the pocketed queen left free.
#[test]
fn c14_a12_an_own_last_man_jumping_with_the_queen_pocketed_keeps_the_board_going() {
    let rules = booklet();
    let mut s = position(&rules, &whites(8), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        rules,
        &mut s,
        &Outcome::counted().pocket(Piece::QUEEN).jump(white(8)),
    );
    assert!(r.board_over.is_none());
    assert_eq!(s.on_board(Colour::White), 1);
    assert_eq!(s.piece(white(8)), Some(SPOT));
    assert_eq!(s.queen(), QueenState::Waiting(0));
    assert!(r.turn_continues);
    // A16: the covering stroke pockets the last man: a normal win, black's 9 + the queen's 3.
    let r = play(rules, &mut s, &Outcome::counted().pocket(white(8)));
    let result = r.board_over.unwrap();
    assert_eq!(result.winner, Some(0));
    assert_eq!(result.points, [12, 0]);
}

/// C14 beside C16 and C17: jumped pieces go back on the board before the end is counted
/// (A8: "does not count as pocketed"). White pockets black's last man while a white man
/// jumps: black scores white's 6 men on the board (the jumped one included) + 3. White
/// pockets its own last man while the queen jumps: the queen is back on the board, not
/// covered, so C17: black scores 3 + its 5 men.
#[test]
fn c14_c16_c17_jumped_pieces_are_on_the_board_when_the_end_is_counted() {
    let rules = booklet();
    let mut s = position(&rules, &both(3, 8), QueenState::OnBoard, [0, 0], 0);
    let result = play(
        rules,
        &mut s,
        &Outcome::counted().jump(white(5)).pocket(black(8)),
    )
    .board_over
    .unwrap();
    assert_eq!(result.winner, Some(1));
    assert_eq!(result.reason, BoardEnd::OpponentsLastPiece);
    assert_eq!(result.points, [0, 9]);
    assert!(s.piece(white(5)).is_some());

    let mut s = position(&rules, &both(8, 4), QueenState::OnBoard, [0, 0], 0);
    let result = play(
        rules,
        &mut s,
        &Outcome::counted().pocket(white(8)).jump(Piece::QUEEN),
    )
    .board_over
    .unwrap();
    assert_eq!(result.winner, Some(1));
    assert_eq!(result.reason, BoardEnd::OwnLastBeforeQueen);
    assert_eq!(result.points, [0, 8]);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(s.piece(Piece::QUEEN), Some(SPOT));
}

/// C14 with a striker foul (A10's k + 1 row): a black man jumps while white pockets the
/// striker and a white man with two in pocket: 2 charged (N = 2 + 1 - 2 = 1), two white men
/// come back, the jumped man goes back on the board (C14) and the dues "without disturbing
/// other pieces" (A6), so no two pieces overlap; white strikes again (A2).
#[test]
fn c14_a10_a_jumped_man_beside_a_striker_foul_all_pieces_placed_apart() {
    let rules = booklet();
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        rules,
        &mut s,
        &Outcome::counted()
            .pocket(white(2))
            .jump(black(0))
            .striker_pocketed(),
    );
    assert_eq!(r.penalty, 2);
    assert_eq!(r.returned, [2, 0]);
    assert_eq!(r.jumped, 1);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert_eq!(s.on_board(Colour::Black), 9);
    assert!(r.turn_continues);
    let on: Vec<Vec2> = s.pieces().iter().flatten().copied().collect();
    assert_eq!(on.len(), 18, "17 men and the queen");
    for (i, a) in on.iter().enumerate() {
        for b in &on[i + 1..] {
            let d = ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
            assert!(d >= 2.0 * lattjo_carrom::PIECE_RADIUS - 1e-9, "{a:?} {b:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Board ends (C15-C19, A1, A14-A17)
// ---------------------------------------------------------------------------------------

/// A1 for C16: "the victim scores the normal winner count from C18, plus 3 penalty points ...
/// the offender's pieces on the board, plus the queen bonus if the victim covered it".
/// Invariant 6: "at most 15 for an A1/C16 award". White owes a man (so all nine are on the
/// board, invariant 1) and pockets black's last man after black covered the queen: 9 + 3 + 3.
/// With the ICF cap of 12 (an option alone) the award is 12.
#[test]
fn c16_a1_invariant6_the_largest_booklet_award_is_fifteen_and_the_cap_cuts_it() {
    for (cap, expected) in [(None, 15), (Some(12), 12)] {
        let rules = booklet().with_max_points_per_board(cap);
        let mut s = position(&rules, &blacks(8), QueenState::Covered(1), [1, 0], 0);
        let r = play(rules, &mut s, &Outcome::counted().pocket(black(8)));
        let result = r.board_over.unwrap();
        assert_eq!(result.winner, Some(1));
        assert_eq!(result.reason, BoardEnd::OpponentsLastPiece);
        assert_eq!(result.points, [0, expected], "cap {cap:?}");
    }
}

/// C19: "Once a side's score has reached 22, it no longer receives the 3 queen points";
/// A17: checked "on the winner's score before the board". For a C16 victim that is the
/// victim's score: on 21 it gets 9 + 3 + 3, on 22 only 9 + 3 (the 3 penalty points are not
/// queen points, A1: `penalty_points_respect_22_cap` is off). With that option on, a victim on
/// 22 gets 9 + 1.
#[test]
fn c16_c19_a17_a_victim_on_22_loses_the_queen_points_but_keeps_the_penalty() {
    for (totals, cap_option, expected) in [
        ([0, 21], false, 15),
        ([0, 22], false, 12),
        ([24, 22], false, 12),
        ([0, 22], true, 10),
        ([0, 21], true, 15),
    ] {
        let rules = booklet().with_penalty_points_respect_22_cap(cap_option);
        let mut su = setup(&rules, &blacks(8), QueenState::Covered(1), [0, 0], 0);
        su.totals_before = totals;
        let mut s = su.into_state(&rules).unwrap();
        let r = play(rules, &mut s, &Outcome::counted().pocket(black(8)));
        assert_eq!(
            r.board_over.unwrap().points,
            [0, expected],
            "{totals:?} cap option {cap_option}"
        );
    }
}

/// C17 and A1: "the victim scores 0 ... plus 3 + the number of the victim's own pieces still
/// on the board"; `DeductFromOffender`: "the victim still scores its normal C18 count" (0, the
/// offender has no man left) and the offender loses the points. With
/// `penalty_points_respect_22_cap` ("ICF reduces these awards when the victim has 22 or
/// more"), a victim on 22 gets 1 + its 5 men.
#[test]
fn c17_a1_own_last_man_before_the_queen_credited_or_deducted() {
    for (mode, cap, victim_total, expected) in [
        (PenaltyPoints::CreditVictim, false, 22, [0, 8]),
        (PenaltyPoints::DeductFromOffender, false, 0, [-8, 0]),
        (PenaltyPoints::CreditVictim, true, 22, [0, 6]),
        (PenaltyPoints::CreditVictim, true, 21, [0, 8]),
    ] {
        let rules = booklet()
            .with_penalty_points(mode)
            .with_penalty_points_respect_22_cap(cap);
        let mut su = setup(&rules, &both(8, 4), QueenState::OnBoard, [0, 0], 0);
        su.totals_before = [0, victim_total];
        let mut s = su.into_state(&rules).unwrap();
        let r = play(rules, &mut s, &Outcome::counted().pocket(white(8)));
        let result = r.board_over.unwrap();
        assert_eq!(result.winner, Some(1));
        assert_eq!(result.reason, BoardEnd::OwnLastBeforeQueen);
        assert_eq!(
            result.points, expected,
            "{mode:?} cap {cap} on {victim_total}"
        );
    }
}

/// A15: "C16 takes precedence: the striker loses" when both last men drop; A16: "the queen is
/// covered" when it drops with the last own man (C9). All three in one stroke: the striker
/// covered the queen and lost, so (C18: "If the loser covered it, nobody gets those 3 points")
/// black scores 0 men + 3 penalty. With `ByQueenState` the covered queen gives white the board:
/// 0 men + 3 queen points.
#[test]
fn a15_a16_both_last_men_and_the_queen_in_one_stroke() {
    let ev = Outcome::counted()
        .pocket(white(8))
        .pocket(Piece::QUEEN)
        .pocket(black(8));
    let rules = booklet();
    let mut s = position(&rules, &both(8, 8), QueenState::OnBoard, [0, 0], 0);
    let result = play(rules, &mut s, &ev).board_over.unwrap();
    assert_eq!(result.winner, Some(1));
    assert_eq!(result.reason, BoardEnd::OpponentsLastPiece);
    assert_eq!(result.points, [0, 3]);

    let rules = booklet().with_both_last_pieces(BothLastPieces::ByQueenState);
    let mut s = position(&rules, &both(8, 8), QueenState::OnBoard, [0, 0], 0);
    let result = play(rules, &mut s, &ev).board_over.unwrap();
    assert_eq!(result.winner, Some(0));
    assert_eq!(result.reason, BoardEnd::AllPieces);
    assert_eq!(result.points, [3, 0]);
}

/// A15 with `ByQueenState` and the queen still on the board: the striker loses (C16), and
/// black scores no men plus the 3 penalty points.
#[test]
fn a15_both_last_men_with_the_queen_on_the_board_lose_under_either_option() {
    for both_last in [BothLastPieces::StrikerLoses, BothLastPieces::ByQueenState] {
        let rules = booklet().with_both_last_pieces(both_last);
        let mut s = position(&rules, &both(8, 8), QueenState::OnBoard, [0, 0], 0);
        let r = play(
            rules,
            &mut s,
            &Outcome::counted().pocket(black(8)).pocket(white(8)),
        );
        let result = r.board_over.unwrap();
        assert_eq!(result.winner, Some(1), "{both_last:?}");
        assert_eq!(result.points, [0, 3], "{both_last:?}");
    }
}

/// C16 in the covering stroke. With an own man too, the queen is covered first (A13 row "own
/// piece + opponent's piece: covered") and then C16 ends the board: the loser covered it, so
/// black scores white's 6 men + 3. With no own man the queen goes back (C8) and black scores
/// white's 7 men + 3.
#[test]
fn c16_a13_the_opponents_last_man_in_the_covering_stroke() {
    let rules = booklet();
    let mut s = position(&rules, &both(2, 8), QueenState::Waiting(0), [0, 0], 0);
    let r = play(
        rules,
        &mut s,
        &Outcome::counted().pocket(white(2)).pocket(black(8)),
    );
    let result = r.board_over.unwrap();
    assert_eq!(result.winner, Some(1));
    assert_eq!(result.points, [0, 9]);
    assert_eq!(s.queen(), QueenState::Covered(0));

    let mut s = position(&rules, &both(2, 8), QueenState::Waiting(0), [0, 0], 0);
    let r = play(rules, &mut s, &Outcome::counted().pocket(black(8)));
    let result = r.board_over.unwrap();
    assert_eq!(result.winner, Some(1));
    assert_eq!(result.points, [0, 10]);
    assert!(r.queen_returned);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert!(s.piece(Piece::QUEEN).is_some());
}

/// A14: "All end-of-board checks use the state after penalties". The last own man with the
/// striker after white covered the queen: 2 charged, N = 8 + 1 - 2 = 7, two men come back,
/// the board goes on and (A2) white strikes again.
#[test]
fn a14_the_last_man_with_the_striker_after_covering_the_queen_brings_two_men_back() {
    let rules = booklet();
    let mut s = position(&rules, &both(8, 5), QueenState::Covered(0), [0, 0], 0);
    let r = play(
        rules,
        &mut s,
        &Outcome::counted().pocket(white(8)).striker_pocketed(),
    );
    assert!(r.board_over.is_none());
    assert_eq!(r.penalty, 2);
    assert_eq!(r.returned, [2, 0]);
    assert_eq!(s.on_board(Colour::White), 2);
    assert_eq!(s.queen(), QueenState::Covered(0));
    assert!(r.turn_continues);
}

/// A24: "A side wins normally when B(side) = 0 after resolution and the queen is covered by
/// either side". Black covered the queen; white's last man then wins the board for white,
/// and (C18) nobody gets the queen's points: white scores black's men only.
#[test]
fn a24_c18_a_win_after_the_opponent_covered_the_queen_counts_men_only() {
    let rules = booklet();
    let mut s = position(&rules, &both(8, 4), QueenState::Covered(1), [0, 0], 0);
    let result = play(rules, &mut s, &Outcome::counted().pocket(white(8)))
        .board_over
        .unwrap();
    assert_eq!(result.winner, Some(0));
    assert_eq!(result.reason, BoardEnd::AllPieces);
    assert_eq!(result.points, [5, 0]);
}

// ---------------------------------------------------------------------------------------
// The game (C19, C20, A17, A18, A22)
// ---------------------------------------------------------------------------------------

fn totals(a: i64, b: i64) -> BySeat<i64> {
    BySeat::from_fn(2, |s| if s.index() == 0 { a } else { b })
}

/// C20: "A game lasts at most 8 boards. The first side to reach 25 points wins. If nobody
/// reaches 25, the side with more points after the 8th board wins." A18: on a tie, "play extra
/// boards until the scores differ". An extra board that ends without points (a blocked board,
/// the library's decision) leaves the tie, so another is played; any board that ends the tie
/// ends the game, and so does 25 reached on the 8th board or an extra one.
#[test]
fn c20_a18_a22_the_game_ends_after_eight_boards_only_when_the_scores_differ() {
    let g = game(booklet());
    let cfg = g.match_config();
    assert!(!g.match_over(&cfg, &totals(24, 24), 8), "A18: a tie at 24");
    assert!(!g.match_over(&cfg, &totals(24, 24), 9), "still tied");
    assert!(!g.match_over(&cfg, &totals(0, 0), 12), "still tied");
    assert!(g.match_over(&cfg, &totals(24, 25), 8), "C20: 25 on board 8");
    assert!(
        g.match_over(&cfg, &totals(24, 30), 9),
        "25 on an extra board"
    );
    assert!(g.match_over(&cfg, &totals(3, 4), 10), "the tie is broken");
    assert!(!g.match_over(&cfg, &totals(24, 3), 7), "board 8 is played");
    // DeductFromOffender: scores may be negative; a tie at 0 after eight boards plays on, a
    // difference ends the game.
    let deduct = game(booklet().with_penalty_points(PenaltyPoints::DeductFromOffender));
    assert!(!deduct.match_over(&cfg, &totals(0, 0), 8));
    assert!(deduct.match_over(&cfg, &totals(-3, 0), 8));
    assert!(!deduct.match_over(&cfg, &totals(-3, 24), 7));
    // Draw: a tie after the last board ends the game.
    let draw = game(booklet().with_tie_after_max_boards(TieAfterMaxBoards::Draw));
    assert!(draw.match_over(&cfg, &totals(24, 24), 8));
    assert!(!draw.match_over(&cfg, &totals(24, 24), 7));
}

/// A18: "Before each extra board, a toss decides only who breaks"; boards up to the 8th have
/// no toss (A20: the break rotates). Round numbers count from 0, so round 8 is the 9th board.
/// A17: every board carries the totals before it, which C19's cut-off reads.
#[test]
fn a18_a20_only_boards_after_the_eighth_start_with_a_toss() {
    let g = game(booklet());
    let cfg = g.match_config();
    let prev = g.initial_state(Seat::new(1)).unwrap();
    for (round, toss) in [(1, false), (7, false), (8, true), (9, true)] {
        let t = totals(20, 20);
        let next = g.new_round(&RoundContext {
            round,
            totals: &t,
            previous: Some(&prev),
            config: &cfg,
        });
        assert_eq!(next.phase() == Phase::Toss, toss, "round {round}");
        assert_eq!(next.totals_before(), [20, 20]);
        if !toss {
            // A20: the next seat after the previous breaker breaks and plays white.
            assert_eq!(next.to_move(), Seat::new(0));
            assert_eq!(next.white_team(), 0);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Pairs (C21, A6, A19)
// ---------------------------------------------------------------------------------------

/// C21: "Pocketed pieces, debt, the queen and the score all belong to the partnership". Seat 1
/// (black) fouls with the striker and nothing in pocket: black owes one. Seat 2 (white) misses;
/// seat 3, seat 1's partner, pockets a black man and the striker: N = -1 + 1 - 2 = -2, so
/// black owes two, the man comes back placed by the opponent who strikes next (seat 0, A6),
/// and seat 3 strikes again (A2).
#[test]
fn c21_a6_a2_a_partnership_debt_grows_by_a_partners_foul_and_the_partner_strikes_again() {
    let rules = pairs();
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 1);
    let r = play(rules, &mut s, &Outcome::counted().striker_pocketed());
    assert_eq!(s.debt(Colour::Black), 1);
    assert_eq!(r.next, Seat::new(2));
    play(rules, &mut s, &Outcome::counted());
    assert_eq!(s.to_move(), Seat::new(3));
    let r = play(
        rules,
        &mut s,
        &Outcome::counted().pocket(black(0)).striker_pocketed(),
    );
    assert_eq!(r.penalty, 2);
    assert_eq!(r.returned, [0, 1]);
    assert_eq!(s.debt(Colour::Black), 2);
    assert_eq!(r.placed_by, Some(Seat::new(0)));
    assert!(r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(3));
}

/// C21 and C15: a partner finishes the partnership's board, and the queen that the other
/// partner covered counts for the partnership (C18: "plus 3 points for the queen if the winner
/// covered it"). Seat 2 (team 0) pockets white's last man; team 0 covered the queen; black
/// has 7 men on the board: 7 + 3 for team 0, whose seats 0 and 2 both get the points.
#[test]
fn c21_c18_the_partner_who_finishes_scores_the_queen_his_partner_covered() {
    let rules = pairs();
    let g = game(rules);
    let mut s = position(&rules, &both(8, 2), QueenState::Covered(0), [0, 0], 2);
    let result = g
        .resolve(&mut s, &Outcome::counted().pocket(white(8)))
        .unwrap()
        .board_over
        .unwrap();
    assert_eq!(result.winner, Some(0));
    assert_eq!(result.points, [10, 0]);
    let p = g.round_points(&s).unwrap();
    assert_eq!(p[Seat::new(0)], 10);
    assert_eq!(p[Seat::new(2)], 10);
    assert_eq!(p[Seat::new(1)], 0);
    assert_eq!(p[Seat::new(3)], 0);
}

/// A12 in pairs: the queen waits only for the striker's own next stroke; when that stroke
/// fails the queen goes back and the opponent on the right (A19) strikes, not the partner.
#[test]
fn c21_a12_a19_in_pairs_a_failed_cover_returns_the_queen_and_passes_to_the_right() {
    let rules = pairs();
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 2);
    let r = play(rules, &mut s, &Outcome::counted().pocket(Piece::QUEEN));
    assert!(r.turn_continues);
    assert_eq!(s.queen(), QueenState::Waiting(0));
    let r = play(rules, &mut s, &Outcome::counted());
    assert!(r.queen_returned);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(s.to_move(), Seat::new(3));
}

// ---------------------------------------------------------------------------------------
// Single ICF switches against the booklet (section 5)
// ---------------------------------------------------------------------------------------

/// `opponent_piece_ends_turn` off alone (ICF 21, 48: "the turn continues if own pieces also
/// dropped"): the striker with an own and an opponent's man is A10's k + 1 row and continues;
/// the striker with only an opponent's man still ends the turn (no own piece, C6).
#[test]
fn a3_a10_without_c13_the_striker_with_own_and_opponents_men_continues() {
    let rules = booklet().with_opponent_piece_ends_turn(false);
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        rules,
        &mut s,
        &Outcome::counted()
            .pocket(white(2))
            .pocket(black(0))
            .striker_pocketed(),
    );
    assert_eq!(r.penalty, 2);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert_eq!(s.pocketed(Colour::Black), 1);
    assert!(r.turn_continues);

    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = play(
        rules,
        &mut s,
        &Outcome::counted().pocket(black(0)).striker_pocketed(),
    );
    assert_eq!(r.penalty, 1);
    assert!(!r.turn_continues);
}

/// `queen_with_first_piece: ReturnQueen` alone: "The queen always goes back to the centre"
/// when it drops with the first own men; the men stay pocketed and the turn goes on (C6).
/// With a man already in pocket the option does not apply: C9 covers the queen.
#[test]
fn a11_return_queen_applies_only_without_an_own_man_in_pocket_before() {
    let rules = booklet().with_queen_with_first_piece(QueenWithFirstPiece::ReturnQueen);
    let ev = Outcome::counted()
        .pocket(Piece::QUEEN)
        .pocket(white(1))
        .pocket(white(2));
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    let r = play(rules, &mut s, &ev);
    assert!(r.queen_returned && r.turn_continues);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(s.pocketed(Colour::White), 2);

    let mut s = position(&rules, &whites(1), QueenState::OnBoard, [0, 0], 0);
    let r = play(rules, &mut s, &ev);
    assert!(!r.queen_returned && r.turn_continues);
    assert_eq!(s.queen(), QueenState::Covered(0));
}

/// `striker_with_queen_continues` alone (ICF 71-72): the striker with only the queen returns
/// the queen, charges one (A10's first row) and the turn goes on; in the booklet the same
/// stroke ends the turn (step 9: no own piece dropped).
#[test]
fn icf71_striker_with_the_queen_alone_continues_only_under_the_option() {
    for (continues, rules) in [
        (false, booklet()),
        (true, booklet().with_striker_with_queen_continues(true)),
    ] {
        let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
        let r = play(
            rules,
            &mut s,
            &Outcome::counted().pocket(Piece::QUEEN).striker_pocketed(),
        );
        assert_eq!(r.penalty, 1);
        assert!(r.queen_returned);
        assert_eq!(s.pocketed(Colour::White), 2);
        assert_eq!(r.turn_continues, continues);
    }
}

/// `striker_with_own_piece_continues` off (A2's option): the striker with an own man then ends
/// the turn (k + 1 still charged, A10), and A12 sends a waiting queen back: "whenever a turn
/// ends while the queen is waiting to be covered, the queen goes back to the centre".
#[test]
fn a2_a12_without_a2_the_striker_and_own_man_in_the_covering_stroke_return_the_queen() {
    let rules = booklet().with_striker_with_own_piece_continues(false);
    let mut s = position(&rules, &whites(3), QueenState::Waiting(0), [0, 0], 0);
    let r = play(
        rules,
        &mut s,
        &Outcome::counted().pocket(white(3)).striker_pocketed(),
    );
    assert_eq!(r.penalty, 2);
    assert_eq!(s.pocketed(Colour::White), 2);
    assert!(!r.turn_continues && r.queen_returned);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(s.to_move(), Seat::new(1));
}

/// `break_attempts` (A5, C5's "three attempts") at 1: the first failure passes the break,
/// and the next breaker again has one attempt.
#[test]
fn c5_a5_one_break_attempt_passes_the_break_at_the_first_failure() {
    let g = game(booklet().with_break_attempts(1));
    let mut s = g.initial_state(Seat::new(0)).unwrap();
    g.resolve(&mut s, &Outcome::missed()).unwrap();
    assert_eq!(s.to_move(), Seat::new(1));
    assert!(s.break_pending());
    g.resolve(&mut s, &Outcome::void()).unwrap();
    assert_eq!(s.to_move(), Seat::new(0));
    assert!(s.break_pending());
    assert_eq!(s.break_attempts(), 0);
}

/// `dues_may_be_declined` alone in the booklet (ICF 60: "The player may decline to place a
/// due, all or nothing"). A14 brings the last man and the penalty man back (8 + 1 - 2 = 7 in
/// pocket, two on the board): declining both would leave white no man, so no choice is
/// offered. One more man on the board (7 in pocket, striker + one man: 6 stay, 3 on the
/// board) gives black the choice; declining keeps both in the pocket and writes nothing off
/// (no debt stands).
#[test]
fn icf60_a14_a_due_choice_that_would_clear_the_side_is_not_offered() {
    use lattjo_carrom::{Action, DueChoice};
    let rules = booklet().with_dues_may_be_declined(true);
    let g = game(rules);
    let mut s = position(&rules, &both(8, 4), QueenState::Covered(0), [0, 0], 0);
    let r = g
        .resolve(
            &mut s,
            &Outcome::counted().pocket(white(8)).striker_pocketed(),
        )
        .unwrap();
    assert_eq!(r.returned, [2, 0]);
    assert_eq!(s.phase(), Phase::Stroke);
    assert_eq!(s.on_board(Colour::White), 2);

    let mut s = position(&rules, &both(7, 4), QueenState::Covered(0), [0, 0], 0);
    let r = g
        .resolve(
            &mut s,
            &Outcome::counted().pocket(white(7)).striker_pocketed(),
        )
        .unwrap();
    assert_eq!(r.returned, [2, 0]);
    assert_eq!(s.on_board(Colour::White), 3);
    assert!(matches!(s.phase(), Phase::Dues { placer, .. } if placer == Seat::new(1)));
    g.apply(&mut s, &Action::Dues(Seat::new(1), DueChoice::Decline))
        .unwrap();
    assert_eq!(s.phase(), Phase::Stroke);
    assert_eq!(s.on_board(Colour::White), 1);
    assert_eq!(s.pocketed(Colour::White), 8);
    assert_eq!(s.debt(Colour::White), 0);
    // A2: the striker with an own man strikes again.
    assert_eq!(s.to_move(), Seat::new(0));
}

// ---------------------------------------------------------------------------------------
// Hostile input on the calls used above
// ---------------------------------------------------------------------------------------

/// A refused stroke leaves the state as it was: on a finished board, while a due choice is
/// pending (ICF 60), and with a pocketed man that is already in the pocket.
#[test]
fn refused_strokes_leave_the_state_unchanged() {
    // A finished board.
    let rules = booklet();
    let g = game(rules);
    let mut s = position(&rules, &both(8, 4), QueenState::Covered(0), [0, 0], 0);
    g.resolve(&mut s, &Outcome::counted().pocket(white(8)))
        .unwrap();
    let before = s.clone();
    assert_eq!(
        g.resolve(&mut s, &Outcome::counted()),
        Err(PlayError::BoardOver)
    );
    assert!(same(&s, &before));

    // A due choice pending under ICF 60: white's striker penalty returns a man.
    let icf = Rules::icf();
    let gi = game(icf);
    let mut s = position(&icf, &whites(3), QueenState::OnBoard, [0, 0], 0);
    gi.resolve(&mut s, &Outcome::counted().striker_pocketed())
        .unwrap();
    assert!(matches!(s.phase(), Phase::Dues { .. }));
    let before = s.clone();
    assert_eq!(
        gi.resolve(&mut s, &Outcome::counted()),
        Err(PlayError::DuesPending)
    );
    assert!(same(&s, &before));

    // A man already pocketed cannot drop again.
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    let before = s.clone();
    assert_eq!(
        g.resolve(&mut s, &Outcome::counted().pocket(white(0))),
        Err(PlayError::Events(EventsError::NotOnBoard(white(0).id())))
    );
    assert!(same(&s, &before));
    // Nor can a covered queen.
    let mut s = position(&rules, &whites(3), QueenState::Covered(0), [0, 0], 0);
    let before = s.clone();
    assert_eq!(
        g.resolve(&mut s, &Outcome::counted().pocket(Piece::QUEEN)),
        Err(PlayError::Events(EventsError::NotOnBoard(0)))
    );
    assert!(same(&s, &before));
}

/// C21: "Pocketed pieces, debt, the queen and the score all belong to the partnership." A pairs
/// game or match taken up part-way (`Match::resume`, `Match::check_state`) accepted totals in
/// which partners differed (seat 0 on 10, its partner seat 2 on 3), and the game's returns then
/// gave seat 0 a win and its partner a loss. Such totals are refused now, and the returns of a
/// game or match are by side.
#[test]
fn regression_a_pairs_match_took_up_partners_with_different_totals_c21() {
    let rules = pairs();
    let g = game(rules);
    let board = |totals_before: [i64; 2]| {
        let mut su = setup(&rules, &[], QueenState::OnBoard, [0, 0], 0);
        su.totals_before = totals_before;
        su.into_state(&rules).unwrap()
    };
    let by_seat = |t: [i64; 4]| BySeat::from_fn(4, |s| t[s.index()]);
    let boards = g.clone().full_game();
    let refused = boards.resume(board([10, 5]), by_seat([10, 5, 3, 7]));
    assert!(
        refused
            == Err(ResumeError::Partners {
                seat: Seat::new(0),
                partner: Seat::new(2)
            }),
        "{refused:?}"
    );
    // Partners level: taken up, and the state checks.
    let state = boards
        .resume(board([10, 5]), by_seat([10, 5, 10, 5]))
        .unwrap();
    assert_eq!(boards.check_state(&state), Ok(()));
    // The returns go by side: a side's seats share its result.
    assert_eq!(
        g.match_returns(&by_seat([10, 5, 10, 5])).as_slice(),
        &[1.0, -1.0, 1.0, -1.0]
    );
    assert_eq!(
        g.match_returns(&by_seat([3, 9, 3, 9])).as_slice(),
        &[-1.0, 1.0, -1.0, 1.0]
    );
    assert_eq!(
        g.match_returns(&by_seat([4, 4, 4, 4])).as_slice(),
        &[0.0; 4]
    );
    // Singles keep the plain comparison.
    let singles = game(booklet());
    assert_eq!(
        singles
            .match_returns(&BySeat::from_fn(2, |s| [25, 7][s.index()]))
            .as_slice(),
        &[1.0, -1.0]
    );

    // A match of games (games won per seat; the ICF's best of three) refuses partners on
    // different counts too.
    let icf_pairs = game(Rules::icf().with_players(4));
    let matches = icf_pairs.clone().full_match();
    let first_game = CarromGame::new(icf_pairs).new_initial_state();
    let refused = matches.resume(first_game.clone(), by_seat([1, 0, 0, 0]));
    assert!(
        refused
            == Err(ResumeError::Partners {
                seat: Seat::new(0),
                partner: Seat::new(2)
            }),
        "{refused:?}"
    );
    assert!(matches.resume(first_game, by_seat([1, 0, 1, 0])).is_ok());
}

/// C20 ("A game lasts at most 8 boards"): a game taken up from a record at its eighth board
/// must end after that board. `Match::resume` counts boards from the board it is given, so
/// such a game ran on to a ninth and later boards; `Match::resume_after` takes the boards
/// already played (the second review's open question, found with the C21 regression above).
#[test]
fn c20_a_game_taken_up_at_its_eighth_board_ends_after_it() {
    let rules = booklet();
    let g = game(rules);
    let board = |totals_before: [i64; 2]| {
        let mut su = setup(&rules, &[], QueenState::OnBoard, [0, 0], 0);
        su.totals_before = totals_before;
        su.into_state(&rules).unwrap()
    };
    let by_seat = |t: [i64; 2]| BySeat::from_fn(2, |s| t[s.index()]);
    let boards = g.clone().full_game();
    assert_eq!(boards.config().max_rounds(), Some(8));
    // Seven boards played at 20-3: the eighth is in play and the last.
    let state = boards
        .resume_after(board([20, 3]), by_seat([20, 3]), 7)
        .unwrap();
    assert_eq!(state.rounds_played(), 7);
    assert_eq!(boards.check_state(&state), Ok(()));
    // Eight boards played and the sides apart: the game is over, nothing to take up.
    assert_eq!(
        boards.resume_after(board([20, 3]), by_seat([20, 3]), 8),
        Err(ResumeError::Decided)
    );
    // A18: level after eight boards, the game plays on.
    assert!(
        boards
            .resume_after(board([12, 12]), by_seat([12, 12]), 8)
            .is_ok()
    );
}
