//! Every C-rule and A-decision of the rules file on constructed situations: pieces placed by
//! hand, then the stroke's events fed to the resolution (rules file, section 4's reference
//! order). Expected values are worked out from the rules text, not from the implementation.

use crate::common;

use boardgame_core::Seat;
use common::*;
use lattjo_carrom::{
    BoardEnd, BothLastPieces, Colour, Outcome, PenaltyPoints, QueenState, QueenWithFirstPiece,
    Rules, RulesError, Setup, SetupError, Vec2,
};

fn ev() -> Outcome {
    Outcome::counted()
}

#[test]
fn c1_a21_two_or_four_players_and_three_rejected() {
    let mut r = Rules::lattjo();
    assert!(r.validate().is_ok());
    r.players = 4;
    assert!(r.validate().is_ok());
    r.players = 3;
    assert_eq!(r.validate(), Err(RulesError::Players(3)));
}

// T22: partners sit opposite.
#[test]
fn c1_c21_partners_sit_opposite_and_share_a_team() {
    use lattjo_carrom::{Side, TurnDirection, side_of, team_of};
    assert_eq!(
        side_of(2, Seat::new(0), TurnDirection::CounterClockwise),
        Side::South
    );
    assert_eq!(
        side_of(2, Seat::new(1), TurnDirection::CounterClockwise),
        Side::North
    );
    assert_eq!(
        side_of(4, Seat::new(2), TurnDirection::CounterClockwise),
        Side::North
    );
    assert_eq!(team_of(Seat::new(0)), team_of(Seat::new(2)));
    assert_eq!(team_of(Seat::new(1)), team_of(Seat::new(3)));
    assert_ne!(team_of(Seat::new(0)), team_of(Seat::new(1)));
}

#[test]
fn a19_counter_clockwise_turn_passes_to_the_right() {
    use lattjo_carrom::{Side, TurnDirection, side_of};
    // Seat 0 sits south facing north: his right hand is east.
    assert_eq!(
        side_of(4, Seat::new(1), TurnDirection::CounterClockwise),
        Side::East
    );
    assert_eq!(
        side_of(4, Seat::new(1), TurnDirection::Clockwise),
        Side::West
    );
    let rules = Rules::lattjo().with_players(4);
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    for expected in [1, 2, 3, 0] {
        let r = resolve(&rules, &mut s, &Outcome::missed()).unwrap();
        assert_eq!(r.next, Seat::new(expected));
    }
}

// T4: a void stroke is one whose striker does not leave the base line.
#[test]
fn c4_void_stroke_changes_nothing_and_the_player_strikes_again() {
    let rules = Rules::lattjo();
    let s0 = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let mut s = s0.clone();
    let r = resolve(&rules, &mut s, &Outcome::void()).unwrap();
    assert!(r.void && r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(0));
    assert_eq!(s.pieces(), s0.pieces());
    assert_eq!(s.strokes(), 1);
}

// T5: the FI/ES/HU reading (three void strokes pass the turn) is this option.
#[test]
fn a5_void_stroke_limit_option_passes_the_turn_after_three() {
    let mut rules = Rules::lattjo();
    rules.void_stroke_limit = Some(3);
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    for _ in 0..2 {
        resolve(&rules, &mut s, &Outcome::void()).unwrap();
        assert_eq!(s.to_move(), Seat::new(0));
    }
    let r = resolve(&rules, &mut s, &Outcome::void()).unwrap();
    assert!(!r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(1));
}

// T5: the three attempts belong to the break.
#[test]
fn c5_a5_three_failed_breaks_pass_the_break_and_keep_colours() {
    let rules = Rules::lattjo();
    let s0 = Setup::opening(&rules, Seat::new(0))
        .into_state(&rules)
        .unwrap();
    let mut s = s0.clone();
    // A miss and a void stroke are both failed attempts.
    resolve(&rules, &mut s, &Outcome::missed()).unwrap();
    resolve(&rules, &mut s, &Outcome::void()).unwrap();
    assert_eq!((s.to_move(), s.break_attempts()), (Seat::new(0), 2));
    let r = resolve(&rules, &mut s, &Outcome::missed()).unwrap();
    assert!(r.failed_break && !r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(1));
    assert!(s.break_pending());
    assert_eq!(s.break_attempts(), 0);
    assert_eq!(s.white_team(), 0, "colours do not change (ICF 18(b))");
    assert_eq!(
        s.pieces(),
        s0.pieces(),
        "the formation is untouched (invariant 11)"
    );
}

#[test]
fn a5_striker_pocketed_in_a_failed_break_passes_at_once_without_penalty() {
    let rules = Rules::lattjo();
    let mut s = Setup::opening(&rules, Seat::new(0))
        .into_state(&rules)
        .unwrap();
    let mut e = Outcome::missed().striker_pocketed();
    e.touched_piece = false;
    let r = resolve(&rules, &mut s, &e).unwrap();
    assert_eq!((r.penalty, s.debt(Colour::White)), (0, 0));
    assert_eq!(s.to_move(), Seat::new(1));
    assert!(s.break_pending());
}

#[test]
fn a5_break_that_touches_a_piece_ends_the_break() {
    let rules = Rules::lattjo();
    let mut s = Setup::opening(&rules, Seat::new(0))
        .into_state(&rules)
        .unwrap();
    let r = resolve(&rules, &mut s, &ev()).unwrap();
    assert!(!s.break_pending());
    assert!(!r.turn_continues, "nothing pocketed: C6");
}

#[test]
fn c6_turn_continues_only_while_own_pieces_drop() {
    let rules = Rules::lattjo();
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(0))).unwrap();
    assert!(r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(0));
    let r = resolve(&rules, &mut s, &ev()).unwrap();
    assert!(!r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(1));
    // Black (team 1) now plays: a black man continues its turn.
    let r = resolve(&rules, &mut s, &ev().pocket(black(0))).unwrap();
    assert!(r.turn_continues);
    assert_eq!(s.pocketed(Colour::Black), 1);
}

// T6: the queen may not be pocketed before the first own man.
#[test]
fn c7_a11_queen_alone_before_any_own_piece_goes_back_and_turn_ends() {
    let rules = Rules::lattjo();
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(lattjo_carrom::Piece::QUEEN)).unwrap();
    assert!(r.queen_returned && !r.turn_continues);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(
        s.piece(lattjo_carrom::Piece::QUEEN),
        Some(Vec2::new(0.0, 0.0)),
        "C14 spot free: on the spot"
    );
}

// T6: the queen may be pocketed after the first own man.
#[test]
fn c7_a12_queen_after_own_piece_waits_and_the_turn_continues() {
    let rules = Rules::lattjo();
    let mut s = position(&rules, &whites(1), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(lattjo_carrom::Piece::QUEEN)).unwrap();
    assert!(r.turn_continues && !r.queen_returned);
    assert_eq!(s.queen(), QueenState::Waiting(0));
    assert_eq!(s.piece(lattjo_carrom::Piece::QUEEN), None);
}

// T7, T8: the cover comes with the next stroke, and only an own man covers.
#[test]
fn c8_a13_cover_with_next_stroke_or_queen_goes_back() {
    let rules = Rules::lattjo();
    // Covered: at least one own piece with the next stroke.
    let mut s = position(&rules, &whites(1), QueenState::Waiting(0), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(1))).unwrap();
    assert_eq!(s.queen(), QueenState::Covered(0));
    assert!(r.turn_continues);
    // Not covered: nothing of own colour; queen back, turn ends.
    let mut s = position(&rules, &whites(1), QueenState::Waiting(0), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev()).unwrap();
    assert!(r.queen_returned && !r.turn_continues);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert!(s.piece(lattjo_carrom::Piece::QUEEN).is_some());
    // C8 says "own piece": an opponent's piece does not cover.
    let mut s = position(&rules, &whites(1), QueenState::Waiting(0), [0, 0], 0);
    resolve(&rules, &mut s, &ev().pocket(black(0))).unwrap();
    assert_eq!(s.queen(), QueenState::OnBoard);
}

#[test]
fn a13_covering_stroke_with_the_striker() {
    let rules = Rules::lattjo();
    // Striker alone: queen back, penalty 1, turn ends.
    let mut s = position(&rules, &whites(2), QueenState::Waiting(0), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().striker_pocketed()).unwrap();
    assert!(r.queen_returned && !r.turn_continues);
    assert_eq!((r.penalty, s.pocketed(Colour::White)), (1, 1));
    // Striker + own piece: penalty 2, the queen still waits, the turn continues.
    let mut s = position(&rules, &whites(2), QueenState::Waiting(0), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(5)).striker_pocketed()).unwrap();
    assert_eq!(r.penalty, 2);
    assert_eq!(s.queen(), QueenState::Waiting(0));
    assert!(r.turn_continues);
    assert_eq!(s.pocketed(Colour::White), 1);
    // Then a covering stroke covers it.
    resolve(&rules, &mut s, &ev().pocket(white(6))).unwrap();
    assert_eq!(s.queen(), QueenState::Covered(0));
    // Own + opponent's piece: covered, but the turn ends (A3).
    let mut s = position(&rules, &whites(2), QueenState::Waiting(0), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(5)).pocket(black(0))).unwrap();
    assert_eq!(s.queen(), QueenState::Covered(0));
    assert!(!r.turn_continues);
}

// T9: the queen and an own man in one stroke, in either order, cover it.
#[test]
fn c9_queen_and_own_piece_together_cover_whichever_first() {
    let rules = Rules::lattjo();
    for queen_first in [true, false] {
        let mut s = position(&rules, &whites(1), QueenState::OnBoard, [0, 0], 0);
        let e = if queen_first {
            ev().pocket(lattjo_carrom::Piece::QUEEN).pocket(white(3))
        } else {
            ev().pocket(white(3)).pocket(lattjo_carrom::Piece::QUEEN)
        };
        let r = resolve(&rules, &mut s, &e).unwrap();
        assert_eq!(s.queen(), QueenState::Covered(0));
        assert!(r.turn_continues);
    }
}

// T10, T11: pocketing the striker costs one man and the turn.
#[test]
fn c10_striker_alone_costs_one_pocketed_piece_and_the_turn() {
    let rules = Rules::lattjo();
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().striker_pocketed()).unwrap();
    assert_eq!((r.penalty, r.returned), (1, [1, 0]));
    assert_eq!(s.pocketed(Colour::White), 2);
    assert!(!r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(1));
    // A6: placed by the opponent, inside the outer circle (the centre spot is free here).
    assert_eq!(r.placed_by, Some(Seat::new(1)));
    let back: Vec<_> = (0..3).filter_map(|i| s.piece(white(i))).collect();
    assert_eq!(back.len(), 1);
    assert!(back[0].distance(Vec2::default()) <= lattjo_carrom::OUTER_CIRCLE_RADIUS);
}

// T11: with no man in pocket the penalty is a debt.
#[test]
fn c11_a9_debt_then_next_own_piece_goes_straight_back() {
    let rules = Rules::lattjo();
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().striker_pocketed()).unwrap();
    assert_eq!(r.returned, [0, 0]);
    assert_eq!(s.debt(Colour::White), 1);
    // Black plays and misses; white pockets a man: it pays the debt (returned), and the turn
    // continues (A9: a debt-paying piece counts for C6).
    resolve(&rules, &mut s, &ev()).unwrap();
    let r = resolve(&rules, &mut s, &ev().pocket(white(4))).unwrap();
    assert_eq!(r.returned, [1, 0]);
    assert_eq!((s.debt(Colour::White), s.pocketed(Colour::White)), (0, 0));
    assert!(r.turn_continues);
    assert!(s.piece(white(4)).is_some());
}

// T12, T13, T14: the two-man penalty is for the striker with an own man; the player strikes
// again; a shortfall is counted as a net debt.
#[test]
fn c12_a2_a9_striker_with_own_piece_costs_two_and_strikes_again() {
    let rules = Rules::lattjo();
    // With 3 in pocket: 3 + 1 - 2 = 2 stay, 2 physically returned.
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(5)).striker_pocketed()).unwrap();
    assert_eq!((r.penalty, r.returned), (2, [2, 0]));
    assert_eq!(s.pocketed(Colour::White), 2);
    assert!(r.turn_continues);
    // With nothing in pocket: the piece just pocketed is the first of the two; debt 1.
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(5)).striker_pocketed()).unwrap();
    assert_eq!(
        (r.returned, s.debt(Colour::White), s.pocketed(Colour::White)),
        ([1, 0], 1, 0)
    );
    assert!(r.turn_continues);
}

#[test]
fn a2_option_striker_with_own_piece_ends_the_turn() {
    let mut rules = Rules::lattjo();
    rules.striker_with_own_piece_continues = false;
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(5)).striker_pocketed()).unwrap();
    assert!(!r.turn_continues);
}

#[test]
fn a10_striker_table_rows() {
    let rules = Rules::lattjo();
    // k = 2 own men: penalty 3, continues.
    let mut s = position(&rules, &whites(4), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(
        &rules,
        &mut s,
        &ev().pocket(white(5)).pocket(white(6)).striker_pocketed(),
    )
    .unwrap();
    assert_eq!((r.penalty, s.pocketed(Colour::White)), (3, 3));
    assert!(r.turn_continues);
    // Only an opponent's man: penalty 1, it stays pocketed for its owner, turn ends.
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(black(2)).striker_pocketed()).unwrap();
    assert_eq!(
        (
            r.penalty,
            s.pocketed(Colour::White),
            s.pocketed(Colour::Black)
        ),
        (1, 1, 1)
    );
    assert!(!r.turn_continues);
    // Own and opponent's: k + 1, ends (A3).
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(
        &rules,
        &mut s,
        &ev().pocket(black(2)).pocket(white(4)).striker_pocketed(),
    )
    .unwrap();
    assert_eq!((r.penalty, s.pocketed(Colour::White)), (2, 1));
    assert!(!r.turn_continues);
    // With the queen: the queen goes back, the same row without the queen decides.
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(
        &rules,
        &mut s,
        &ev()
            .pocket(lattjo_carrom::Piece::QUEEN)
            .pocket(white(4))
            .striker_pocketed(),
    )
    .unwrap();
    assert!(r.queen_returned && r.turn_continues);
    assert_eq!((r.penalty, s.queen()), (2, QueenState::OnBoard));
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(
        &rules,
        &mut s,
        &ev().pocket(lattjo_carrom::Piece::QUEEN).striker_pocketed(),
    )
    .unwrap();
    assert!(r.queen_returned && !r.turn_continues);
}

// T17: pocketing an opponent's man ends the turn.
#[test]
fn c13_a3_a4_opponents_piece_ends_turn_and_counts_for_its_owner() {
    let rules = Rules::lattjo();
    let mut s = position(&rules, &whites(1), QueenState::OnBoard, [0, 1], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(3)).pocket(black(0))).unwrap();
    assert!(!r.turn_continues);
    // A4: black's man pays black's debt (A9) and is returned.
    assert_eq!(
        (s.debt(Colour::Black), s.pocketed(Colour::Black), r.returned),
        (0, 0, [0, 1])
    );
    assert_eq!(s.pocketed(Colour::White), 2);
    // Without a debt the black man stays pocketed for black.
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    resolve(&rules, &mut s, &ev().pocket(black(0))).unwrap();
    assert_eq!(s.pocketed(Colour::Black), 1);
}

#[test]
fn a3_icf_option_opponents_piece_with_own_continues() {
    let mut rules = Rules::lattjo();
    rules.opponent_piece_ends_turn = false;
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(3)).pocket(black(0))).unwrap();
    assert!(r.turn_continues);
    let r = resolve(&rules, &mut s, &ev().pocket(black(1))).unwrap();
    assert!(
        !r.turn_continues,
        "an opponent's piece alone still passes the turn (C6)"
    );
}

// T15, T16: a jumped piece covers the centre spot as far as it can, else goes directly behind
// it; who places it changes nothing.
#[test]
fn c14_a8_jumped_piece_returns_to_the_spot_or_behind_it() {
    let rules = Rules::lattjo();
    // Queen still on the spot: a jumped man goes directly behind it, away from the next
    // striker. White (south) pockets nothing, so black (north) strikes next: "behind" is
    // south of the spot, touching the queen.
    let mut su = setup(&rules, &whites(1), QueenState::OnBoard, [0, 0], 0);
    su.pieces[0] = Some(Vec2::new(0.0, 0.0));
    let mut s = su.into_state(&rules).unwrap();
    let r = resolve(&rules, &mut s, &ev().jump(black(3))).unwrap();
    assert_eq!((r.jumped, r.returned, r.penalty), (1, [0, 0], 0));
    assert!(
        !r.turn_continues,
        "A8: not a foul, but no own piece: turn passes"
    );
    let p = s.piece(black(3)).unwrap();
    assert!(
        p.x.abs() < 1e-9 && p.y < 0.0,
        "behind the spot from north's view: {p:?}"
    );
    assert!((p.distance(Vec2::default()) - 2.0 * lattjo_carrom::PIECE_RADIUS).abs() < 0.0011);
    assert_eq!(
        s.pocketed(Colour::Black),
        0,
        "a jumped piece is not pocketed"
    );
    // Spot free: the piece goes on the spot.
    let mut s = position(&rules, &[], QueenState::Covered(0), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(0)).jump(white(1))).unwrap();
    assert!(r.turn_continues);
    assert_eq!(
        (r.returned, s.pocketed(Colour::White)),
        ([0, 0], 1),
        "regression: a jumped man was counted as pocketed"
    );
    assert_eq!(s.piece(white(1)), Some(Vec2::default()));
}

#[test]
fn a7_queen_is_placed_before_other_pieces() {
    let rules = Rules::lattjo();
    let mut su = setup(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    su.pieces[0] = Some(Vec2::new(0.2, -0.2));
    let mut s = su.into_state(&rules).unwrap();
    let r = resolve(
        &rules,
        &mut s,
        &ev().jump(lattjo_carrom::Piece::QUEEN).jump(white(2)),
    )
    .unwrap();
    assert_eq!(r.jumped, 2);
    assert_eq!(s.piece(lattjo_carrom::Piece::QUEEN), Some(Vec2::default()));
    assert!(s.piece(white(2)).unwrap().distance(Vec2::default()) > 0.03);
}

#[test]
fn a8_option_striker_off_the_board_is_a_foul() {
    let rules = Rules::lattjo();
    let mut e = ev();
    e.striker_left_board = true;
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &e).unwrap();
    assert_eq!(r.penalty, 0);
    let mut foul_rules = Rules::lattjo();
    foul_rules.striker_off_board_is_foul = true;
    let mut s = position(&foul_rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&foul_rules, &mut s, &e).unwrap();
    assert_eq!(r.penalty, 1);
}

#[test]
fn a11_queen_with_first_pieces_three_options() {
    for (opt, k_prime_1, k_prime_2) in [
        (
            QueenWithFirstPiece::CoveredAtOnce,
            QueenState::Covered(0),
            QueenState::Covered(0),
        ),
        (
            QueenWithFirstPiece::RequireNextCover,
            QueenState::Waiting(0),
            QueenState::Covered(0),
        ),
        (
            QueenWithFirstPiece::ReturnQueen,
            QueenState::OnBoard,
            QueenState::OnBoard,
        ),
    ] {
        let mut rules = Rules::lattjo();
        rules.queen_with_first_piece = opt;
        let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
        resolve(
            &rules,
            &mut s,
            &ev().pocket(lattjo_carrom::Piece::QUEEN).pocket(white(0)),
        )
        .unwrap();
        assert_eq!(s.queen(), k_prime_1, "{opt:?} k'=1");
        let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
        resolve(
            &rules,
            &mut s,
            &ev()
                .pocket(white(1))
                .pocket(lattjo_carrom::Piece::QUEEN)
                .pocket(white(0)),
        )
        .unwrap();
        assert_eq!(s.queen(), k_prime_2, "{opt:?} k'=2");
        // k' = 0: the own piece only paid a debt: the queen goes back in every option.
        let mut s = position(&rules, &[], QueenState::OnBoard, [1, 0], 0);
        let r = resolve(
            &rules,
            &mut s,
            &ev().pocket(lattjo_carrom::Piece::QUEEN).pocket(white(0)),
        )
        .unwrap();
        assert_eq!(s.queen(), QueenState::OnBoard, "{opt:?} k'=0");
        assert!(r.turn_continues, "A9: the debt-paying piece keeps the turn");
    }
}

#[test]
fn a11_icf_queen_too_early_loses_the_turn() {
    let rules = Rules::icf();
    let mut s = position(&rules, &[], QueenState::OnBoard, [1, 0], 0);
    let r = resolve(
        &rules,
        &mut s,
        &ev().pocket(lattjo_carrom::Piece::QUEEN).pocket(white(0)),
    )
    .unwrap();
    assert!(r.queen_returned && !r.turn_continues);
}

#[test]
fn icf_striker_with_queen_continues() {
    let rules = Rules::icf();
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(
        &rules,
        &mut s,
        &ev().pocket(lattjo_carrom::Piece::QUEEN).striker_pocketed(),
    )
    .unwrap();
    assert!(r.queen_returned && r.turn_continues);
    assert_eq!(r.penalty, 1);
}

// T20: the board's winner counts the opponent's men left on the board.
#[test]
fn c15_c18_a24_win_with_queen_covered_scores_opponents_men_plus_three() {
    let rules = Rules::lattjo();
    // White has 8 in pocket and covered the queen; black has 4 in pocket (5 on the board).
    let mut s = position(&rules, &both(8, 4), QueenState::Covered(0), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(8))).unwrap();
    let res = r.board_over.unwrap();
    assert_eq!(
        (res.winner, res.reason, res.points),
        (Some(0), BoardEnd::AllPieces, [8, 0])
    );
    // C18: the loser covered the queen, so nobody gets the 3 points.
    let mut s = position(&rules, &both(8, 4), QueenState::Covered(1), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(8))).unwrap();
    assert_eq!(r.board_over.unwrap().points, [5, 0]);
}

// T20, C21: in pairs the board's winners count the other team's men left on the board, the
// same as in singles (C15, C18), whichever partner pockets the last man.
#[test]
fn t20_c21_in_pairs_the_winners_count_the_other_teams_men() {
    let rules = Rules::lattjo().with_players(4);
    for seat in [0, 2] {
        // White's team has 8 in pocket and covered the queen; black's has 4 (5 on the board).
        let mut s = position(&rules, &both(8, 4), QueenState::Covered(0), [0, 0], seat);
        let r = resolve(&rules, &mut s, &ev().pocket(white(8))).unwrap();
        let res = r.board_over.unwrap();
        assert_eq!(
            (res.winner, res.reason, res.points),
            (Some(0), BoardEnd::AllPieces, [8, 0]),
            "seat {seat} pockets the last white man"
        );
    }
}

#[test]
fn a16_last_piece_with_queen_is_a_normal_win() {
    let rules = Rules::lattjo();
    let mut s = position(&rules, &both(8, 6), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(
        &rules,
        &mut s,
        &ev().pocket(lattjo_carrom::Piece::QUEEN).pocket(white(8)),
    )
    .unwrap();
    let res = r.board_over.unwrap();
    assert_eq!(
        (res.winner, res.reason, res.points),
        (Some(0), BoardEnd::AllPieces, [6, 0])
    );
    // A waiting queen is covered by the stroke that pockets the last piece.
    let mut s = position(&rules, &both(8, 6), QueenState::Waiting(0), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(8))).unwrap();
    assert_eq!(r.board_over.unwrap().points, [6, 0]);
}

// T18: pocketing the opponent's last man loses the board and 3 points.
#[test]
fn c16_a1_pocketing_the_opponents_last_piece_loses_the_board_and_3() {
    let rules = Rules::lattjo();
    // White (striking) has 3 men on the board; black's last man drops.
    let mut s = position(&rules, &both(6, 8), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(black(8))).unwrap();
    let res = r.board_over.unwrap();
    assert_eq!(
        (res.winner, res.reason),
        (Some(1), BoardEnd::OpponentsLastPiece)
    );
    assert_eq!(
        res.points,
        [0, 3 + 3],
        "victim: offender's 3 men + 3 penalty"
    );
    // The victim covered the queen earlier: + 3 queen points.
    let mut s = position(&rules, &both(6, 8), QueenState::Covered(1), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(black(8))).unwrap();
    assert_eq!(r.board_over.unwrap().points, [0, 9]);
}

#[test]
fn a1_deduct_from_offender_option() {
    let mut rules = Rules::lattjo();
    rules.penalty_points = PenaltyPoints::DeductFromOffender;
    let mut s = position(&rules, &both(6, 8), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(black(8))).unwrap();
    assert_eq!(r.board_over.unwrap().points, [-3, 3]);
    let mut s = position(&rules, &both(8, 4), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(8))).unwrap();
    assert_eq!(r.board_over.unwrap().points, [-(3 + 5), 0]);
}

// T19: the own last man before the queen loses as C17.
#[test]
fn c17_a1_own_last_piece_before_the_queen_loses() {
    let rules = Rules::lattjo();
    // Black has 5 men on the board; white pockets its last with the queen on the board.
    let mut s = position(&rules, &both(8, 4), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(8))).unwrap();
    let res = r.board_over.unwrap();
    assert_eq!(
        (res.winner, res.reason, res.points),
        (Some(1), BoardEnd::OwnLastBeforeQueen, [0, 3 + 5])
    );
}

#[test]
fn c19_a17_queen_points_stop_at_22_checked_before_the_board() {
    let rules = Rules::lattjo();
    for (before, expected) in [(21, 5 + 3), (22, 5), (24, 5)] {
        let mut su = setup(&rules, &both(8, 4), QueenState::Covered(0), [0, 0], 0);
        su.totals_before = [before, 0];
        let mut s = su.into_state(&rules).unwrap();
        let r = resolve(&rules, &mut s, &ev().pocket(white(8))).unwrap();
        assert_eq!(
            r.board_over.unwrap().points[0],
            expected,
            "score before {before}"
        );
    }
}

#[test]
fn a1_penalty_points_respect_cap_option() {
    let mut rules = Rules::lattjo();
    rules.penalty_points_respect_22_cap = true;
    let mut su = setup(&rules, &both(6, 8), QueenState::OnBoard, [0, 0], 0);
    su.totals_before = [0, 23];
    let mut s = su.into_state(&rules).unwrap();
    let r = resolve(&rules, &mut s, &ev().pocket(black(8))).unwrap();
    assert_eq!(r.board_over.unwrap().points, [0, 3 + 1]);
}

#[test]
fn a14_last_piece_with_striker_returns_pieces_and_the_board_goes_on() {
    let rules = Rules::lattjo();
    let mut s = position(&rules, &both(8, 4), QueenState::Covered(0), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(8)).striker_pocketed()).unwrap();
    assert!(r.board_over.is_none());
    assert_eq!((r.penalty, s.on_board(Colour::White)), (2, 2));
    assert!(r.turn_continues);
    // ICF 81 option: lost board, when it leaves the queen on the board.
    let mut icf = Rules::lattjo();
    icf.last_piece_with_striker_loses = true;
    let mut s = position(&icf, &both(8, 4), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&icf, &mut s, &ev().pocket(white(8)).striker_pocketed()).unwrap();
    let res = r.board_over.unwrap();
    assert_eq!(
        (res.winner, res.reason),
        (Some(1), BoardEnd::LastPieceWithStriker)
    );
    // With the queen covered, ICF 46 (not 81) applies: the man and a due come back.
    let mut s = position(&icf, &both(8, 4), QueenState::Covered(0), [0, 0], 0);
    let r = resolve(&icf, &mut s, &ev().pocket(white(8)).striker_pocketed()).unwrap();
    assert!(r.board_over.is_none());
    // Both last men with the striker and a covered queen still lose (ICF 83, 85).
    let mut s = position(&icf, &both(8, 8), QueenState::Covered(0), [0, 0], 0);
    let r = resolve(
        &icf,
        &mut s,
        &ev().pocket(white(8)).pocket(black(8)).striker_pocketed(),
    )
    .unwrap();
    assert_eq!(r.board_over.unwrap().reason, BoardEnd::LastPieceWithStriker);
}

#[test]
fn a15_both_last_pieces_striker_loses_or_by_queen_state() {
    let rules = Rules::lattjo();
    let mut s = position(&rules, &both(8, 8), QueenState::Covered(0), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(8)).pocket(black(8))).unwrap();
    let res = r.board_over.unwrap();
    assert_eq!(
        (res.winner, res.reason, res.points),
        (Some(1), BoardEnd::OpponentsLastPiece, [0, 3])
    );
    let mut q = Rules::lattjo();
    q.both_last_pieces = BothLastPieces::ByQueenState;
    let mut s = position(&q, &both(8, 8), QueenState::Covered(0), [0, 0], 0);
    let r = resolve(&q, &mut s, &ev().pocket(white(8)).pocket(black(8))).unwrap();
    // The striker wins: no man of black's is left, 3 for the queen white covered (C18).
    let res = r.board_over.unwrap();
    assert_eq!(
        (res.winner, res.reason, res.points),
        (Some(0), BoardEnd::AllPieces, [3, 0])
    );
    // The queen on the board: C16 decides under either option.
    let mut s = position(&q, &both(8, 8), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&q, &mut s, &ev().pocket(white(8)).pocket(black(8))).unwrap();
    assert_eq!(r.board_over.unwrap().winner, Some(1));
}

#[test]
fn icf_board_cap_12_points() {
    let rules = Rules::icf();
    // White (8 men on the board) pockets black's last man after black covered the queen.
    let mut su = setup(&rules, &both(1, 8), QueenState::Covered(1), [0, 0], 0);
    su.totals_before = [0, 0];
    let mut s = su.into_state(&rules).unwrap();
    let r = resolve(&rules, &mut s, &ev().pocket(black(8))).unwrap();
    // ICF 79 by analogy, ICF 26(b): 8 men + 3 for the queen black covered = 11 (no 3
    // penalty points on top, unlike the booklet's C16).
    assert_eq!(r.board_over.unwrap().points, [0, 11]);
    // All nine white men on the board: 9 + 3 = 12, the cap (ICF 28); the booklet's count
    // (9 + 3 + 3 = 15) capped at 12 too.
    let mut s = position(&rules, &blacks(8), QueenState::Covered(1), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(black(8))).unwrap();
    assert_eq!(r.board_over.unwrap().points, [0, 12]);
    let mut capped = Rules::lattjo();
    capped.max_points_per_board = Some(12);
    let mut s = position(&capped, &blacks(8), QueenState::Covered(1), [0, 0], 0);
    let r = resolve(&capped, &mut s, &ev().pocket(black(8))).unwrap();
    assert_eq!(r.board_over.unwrap().points, [0, 12]);
}

#[test]
fn c21_pairs_share_colour_debt_and_queen() {
    let rules = Rules::lattjo().with_players(4);
    // Seat 0 pockets a white man and misses the next stroke; seat 1 (black) misses; seat 2
    // (white, seat 0's partner) pockets the queen: it waits for team 0 because the partnership
    // has a man in pocket.
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    resolve(&rules, &mut s, &ev().pocket(white(0))).unwrap();
    resolve(&rules, &mut s, &ev()).unwrap();
    resolve(&rules, &mut s, &ev()).unwrap();
    assert_eq!(s.to_move(), Seat::new(2));
    let r = resolve(&rules, &mut s, &ev().pocket(lattjo_carrom::Piece::QUEEN)).unwrap();
    assert_eq!(s.queen(), QueenState::Waiting(0));
    assert!(r.turn_continues);
}

#[test]
fn setup_rejects_malformed_positions() {
    let rules = Rules::lattjo();
    let mut su = setup(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    su.pieces[3] = Some(Vec2::new(f64::NAN, 0.0));
    assert_eq!(su.into_state(&rules), Err(SetupError::NotFinite(3)));
    let mut su = setup(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    su.pieces[3] = su.pieces[4];
    assert_eq!(su.into_state(&rules), Err(SetupError::Overlap(3, 4)));
    let su = setup(&rules, &whites(1), QueenState::OnBoard, [1, 0], 0);
    assert_eq!(su.into_state(&rules), Err(SetupError::Debt(Colour::White)));
    let su = setup(&rules, &whites(9), QueenState::OnBoard, [0, 0], 0);
    assert_eq!(su.into_state(&rules), Err(SetupError::NoMen(Colour::White)));
    let su = setup(&rules, &[], QueenState::Waiting(1), [0, 0], 0);
    assert_eq!(su.into_state(&rules), Err(SetupError::Queen));
    let su = setup(&rules, &[], QueenState::OnBoard, [0, 0], 2);
    assert_eq!(su.into_state(&rules), Err(SetupError::Seat(2)));
    let mut su = setup(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    su.pieces[5] = Some(Vec2::new(0.5, 0.0));
    assert_eq!(su.into_state(&rules), Err(SetupError::OffBoard(5)));
}

#[test]
fn events_that_cannot_happen_are_refused_with_the_state_unchanged() {
    let rules = Rules::lattjo();
    let s0 = position(&rules, &whites(1), QueenState::OnBoard, [0, 0], 0);
    let mut s = s0.clone();
    assert!(resolve(&rules, &mut s, &ev().pocket(white(0))).is_err());
    assert!(resolve(&rules, &mut s, &ev().pocket(white(2)).jump(white(2))).is_err());
    assert_eq!(s, s0);
}

#[test]
fn a6_in_pairs_the_opponent_to_the_right_places_even_when_the_turn_continues() {
    let rules = Rules::lattjo().with_players(4);
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 2);
    let r = resolve(&rules, &mut s, &ev().pocket(white(5)).striker_pocketed()).unwrap();
    assert!(r.turn_continues);
    assert_eq!(
        r.placed_by,
        Some(Seat::new(3)),
        "seat 2's right-hand opponent"
    );
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 2);
    let r = resolve(&rules, &mut s, &ev().pocket(white(5))).unwrap();
    assert_eq!(r.placed_by, None, "nothing to place");
}

#[test]
fn regression_queen_covered_by_a_debt_paying_man() {
    // White has nothing in pocket and owes one (striker + own man with the queen waiting,
    // A13 row 4); the next stroke pockets one white man, which only pays the debt: the queen
    // cannot be covered by it (invariant 5) and goes back; the turn continues (A9).
    let rules = Rules::lattjo();
    let mut s = position(&rules, &[], QueenState::Waiting(0), [0, 0], 0);
    resolve(&rules, &mut s, &ev().pocket(white(5)).striker_pocketed()).unwrap();
    assert_eq!((s.pocketed(Colour::White), s.debt(Colour::White)), (0, 1));
    assert_eq!(s.queen(), QueenState::Waiting(0));
    let r = resolve(&rules, &mut s, &ev().pocket(white(6))).unwrap();
    assert_eq!((s.pocketed(Colour::White), s.debt(Colour::White)), (0, 0));
    assert!(r.queen_returned);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert!(r.turn_continues);
}

/// A5's `void_stroke_limit` passes the turn after the limit's void strokes; a waiting queen
/// then goes back (A12), placed by the opponent who strikes next (A6). The resolution used to
/// say nobody placed anything (`placed_by: None`) although the queen went back.
#[test]
fn regression_a_void_stroke_limit_that_returns_a_waiting_queen_says_who_places_it() {
    let mut rules = Rules::lattjo();
    rules.void_stroke_limit = Some(1);
    let mut s = position(&rules, &whites(2), QueenState::Waiting(0), [0, 0], 0);
    let r = resolve(&rules, &mut s, &Outcome::void()).unwrap();
    assert!(r.void && r.queen_returned && !r.turn_continues);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(r.placed_by, Some(Seat::new(1)));
}
