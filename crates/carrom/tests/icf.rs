//! The ICF preset's section 5 options that go beyond the first ICF switches: the extra point
//! "if demanded" (ICF 75-85), dues placed off the centre circle (ICF 62(b)), declining dues
//! (ICF 60), referee calls for foul strokes and technical fouls (ICF 35-37), best-of-three
//! matches (ICF 29-33). Each on a constructed situation, each option alone and in the preset.

use crate::common;

use boardgame_core::{Agent, Game, Match, RoundContext, Rounds, Seat, Turn, play_game};
use common::*;
use lattjo_carrom::{
    Action, BoardEnd, BoardResult, Call, Carrom, CarromGame, Colour, DueChoice, Outcome, Phase,
    Piece, Planner, PlayError, QueenState, Rules, State, Stroke, Vec2,
};

fn ev() -> Outcome {
    Outcome::counted()
}

/// Rules with only the named ICF 60/62(b)/75-85/35-37 option switched on.
fn booklet_with(f: impl FnOnce(&mut Rules)) -> Rules {
    let mut r = Rules::lattjo();
    f(&mut r);
    r
}

// ---- ICF 75-85: board ends (BoardEndScoring::Icf) and the extra points "if demanded" ----

/// The position the ICF 75-85 cases start from: white (team 0, seat 0) strikes with `pocketed`
/// off the board, the queen as given, team scores `totals` before the board.
fn icf_position(rules: &Rules, pocketed: &[Piece], queen: QueenState, totals: [i64; 2]) -> State {
    let mut su = setup(rules, pocketed, queen, [0, 0], 0);
    su.totals_before = totals;
    su.into_state(rules).unwrap()
}

/// The board's result after the stroke `e`, proper (`improper == false`) or a called foul.
fn board_end(
    rules: &Rules,
    pocketed: &[Piece],
    queen: QueenState,
    totals: [i64; 2],
    e: Outcome,
    improper: bool,
) -> BoardResult {
    let mut s = icf_position(rules, pocketed, queen, totals);
    let r = if improper {
        resolve_called_foul(rules, &mut s, &e)
    } else {
        resolve(rules, &mut s, &e)
    }
    .unwrap();
    r.board_over
        .unwrap_or_else(|| panic!("the board ends: {r:?}"))
}

/// One ICF 75-85 case: the winner and its points for (a) the proper stroke and (b) the
/// improper one, each against an opponent below 22 and on 22 or more (the score checked is
/// the winner's, the "opponent" of the laws when the striker loses).
struct Case {
    law: &'static str,
    pocketed: Vec<Piece>,
    queen: QueenState,
    stroke: Outcome,
    winner: usize,
    /// (a) below 22, (a) from 22, (b) below 22, (b) from 22.
    points: [i64; 4],
}

fn check(rules: &Rules, c: &Case) {
    for (i, (improper, high)) in [(false, false), (false, true), (true, false), (true, true)]
        .into_iter()
        .enumerate()
    {
        let mut totals = [0, 0];
        totals[c.winner] = if high { 23 } else { 21 };
        let res = board_end(
            rules,
            &c.pocketed,
            c.queen,
            totals,
            c.stroke.clone(),
            improper,
        );
        let mut expected = [0, 0];
        expected[c.winner] = c.points[i];
        assert_eq!(
            (res.winner, res.points),
            (Some(c.winner), expected),
            "{} ({}), winner's score before {}",
            c.law,
            if improper { "b" } else { "a" },
            totals[c.winner]
        );
    }
}

#[test]
fn icf_75_to_85_every_board_end_scores_by_the_laws() {
    let rules = Rules::icf();
    let q = Piece::QUEEN;
    let cases = [
        // ICF 75: while covering the queen, both last men: (a) the striker wins by 3, by 1 from
        // 22; (b) the opponent wins by 3 (1 from 22), + 1 if demanded.
        Case {
            law: "ICF 75",
            pocketed: both(8, 8),
            queen: QueenState::Waiting(0),
            stroke: ev().pocket(white(8)).pocket(black(8)),
            winner: 0,
            points: [3, 1, 0, 0],
        },
        // ICF 76: while covering the queen, the opponent's last man: the striker's 3 men on
        // the board + 3 for the queen (men only from 22), + 1 if demanded for (b).
        Case {
            law: "ICF 76",
            pocketed: both(6, 8),
            queen: QueenState::Waiting(0),
            stroke: ev().pocket(black(8)),
            winner: 1,
            points: [3 + 3, 3, 3 + 3 + 1, 3 + 1],
        },
        // ICF 77: the queen with both last men: (a) the striker wins by 3 (1 from 22).
        Case {
            law: "ICF 77",
            pocketed: both(8, 8),
            queen: QueenState::OnBoard,
            stroke: ev().pocket(q).pocket(white(8)).pocket(black(8)),
            winner: 0,
            points: [3, 1, 0, 0],
        },
        // ICF 78: both last men, the queen on the board: the opponent 3 (1 from 22), + 1.
        Case {
            law: "ICF 78",
            pocketed: both(8, 8),
            queen: QueenState::OnBoard,
            stroke: ev().pocket(white(8)).pocket(black(8)),
            winner: 1,
            points: [3, 1, 4, 2],
        },
        // ICF 79: the opponent's last man, the queen on the board: 3 men + 3 (men only from
        // 22: "by the number of C/m only"), + 1.
        Case {
            law: "ICF 79",
            pocketed: both(6, 8),
            queen: QueenState::OnBoard,
            stroke: ev().pocket(black(8)),
            winner: 1,
            points: [6, 3, 7, 4],
        },
        // ICF 80: the own last man leaving the queen on the board: by 3 (1 from 22), + 1.
        Case {
            law: "ICF 80",
            pocketed: both(8, 4),
            queen: QueenState::OnBoard,
            stroke: ev().pocket(white(8)),
            winner: 1,
            points: [3, 1, 4, 2],
        },
        // ICF 81: the own last man with the striker: by 3 (1 from 22), + 1 for the striker,
        // (b) + 2.
        Case {
            law: "ICF 81",
            pocketed: both(8, 4),
            queen: QueenState::OnBoard,
            stroke: ev().pocket(white(8)).striker_pocketed(),
            winner: 1,
            points: [4, 2, 5, 3],
        },
        // ICF 82: the queen, both last men and the striker: by 3 (1 from 22), + 1, (b) + 2.
        Case {
            law: "ICF 82",
            pocketed: both(8, 8),
            queen: QueenState::OnBoard,
            stroke: ev()
                .pocket(q)
                .pocket(white(8))
                .pocket(black(8))
                .striker_pocketed(),
            winner: 1,
            points: [4, 2, 5, 3],
        },
        // ICF 83: both last men with the striker, the queen covered by the striker: by 1,
        // + 1, (b) + 2 (no 22-point clause).
        Case {
            law: "ICF 83",
            pocketed: both(8, 8),
            queen: QueenState::Covered(0),
            stroke: ev().pocket(white(8)).pocket(black(8)).striker_pocketed(),
            winner: 1,
            points: [2, 2, 3, 3],
        },
        // ICF 84: the opponent's last man with the striker, the queen on the board: 3 men
        // (the striker's due written off, ICF 28) + 3 (men only from 22), + 1, (b) + 2.
        Case {
            law: "ICF 84",
            pocketed: both(6, 8),
            queen: QueenState::OnBoard,
            stroke: ev().pocket(black(8)).striker_pocketed(),
            winner: 1,
            points: [7, 4, 8, 5],
        },
        // ICF 85: both last men with the striker, the queen covered by the opponent: by 3,
        // + 1, (b) + 2 (no 22-point clause in ICF 85; ICF 27 gives 1 from 22).
        Case {
            law: "ICF 85",
            pocketed: both(8, 8),
            queen: QueenState::Covered(1),
            stroke: ev().pocket(white(8)).pocket(black(8)).striker_pocketed(),
            winner: 1,
            points: [4, 2, 5, 3],
        },
    ];
    for c in &cases {
        if c.winner == 0 {
            // (a) only: the (b) halves of 75 and 77 give the board to the opponent.
            for (high, pts) in [(false, c.points[0]), (true, c.points[1])] {
                let res = board_end(
                    &rules,
                    &c.pocketed,
                    c.queen,
                    [if high { 23 } else { 21 }, 0],
                    c.stroke.clone(),
                    false,
                );
                assert_eq!(
                    (res.winner, res.points),
                    (Some(0), [pts, 0]),
                    "{} (a)",
                    c.law
                );
            }
        } else {
            check(&rules, c);
        }
    }
    // ICF 75(b), 77(b): the improper stroke gives the opponent 3 (1 from 22), + 1.
    for (law, stroke) in [
        ("ICF 75(b)", ev().pocket(white(8)).pocket(black(8))),
        (
            "ICF 77(b)",
            ev().pocket(q).pocket(white(8)).pocket(black(8)),
        ),
    ] {
        let queen = if law == "ICF 75(b)" {
            QueenState::Waiting(0)
        } else {
            QueenState::OnBoard
        };
        for (total, pts) in [(21, 4), (23, 2)] {
            let res = board_end(&rules, &both(8, 8), queen, [0, total], stroke.clone(), true);
            assert_eq!(
                (res.winner, res.points),
                (Some(1), [0, pts]),
                "{law}, {total}"
            );
        }
    }
}

#[test]
fn icf_25_26_a_normal_win_and_the_extra_point_off() {
    let rules = Rules::icf();
    // ICF 25, 26(a), 26(b): black's 5 men on the board + 3 for the queen white covered; from
    // 22 the queen's points are gone (ICF 27).
    for (total, pts) in [(21, 8), (22, 5)] {
        let res = board_end(
            &rules,
            &both(8, 4),
            QueenState::Covered(0),
            [total, 0],
            ev().pocket(white(8)),
            false,
        );
        assert_eq!(
            (res.winner, res.reason, res.points),
            (Some(0), BoardEnd::AllPieces, [pts, 0])
        );
    }
    // ICF 26(c): the loser covered the queen: the men only.
    let res = board_end(
        &rules,
        &both(8, 4),
        QueenState::Covered(1),
        [0, 0],
        ev().pocket(white(8)),
        false,
    );
    assert_eq!(res.points, [5, 0]);
    // The extra points are an option: without it ICF 81 is 3, ICF 84 is 6.
    let mut without = Rules::icf();
    without.extra_point_if_demanded = false;
    let res = board_end(
        &without,
        &both(8, 4),
        QueenState::OnBoard,
        [0, 0],
        ev().pocket(white(8)).striker_pocketed(),
        false,
    );
    assert_eq!(
        (res.winner, res.reason, res.points),
        (Some(1), BoardEnd::LastPieceWithStriker, [0, 3])
    );
    let res = board_end(
        &without,
        &both(6, 8),
        QueenState::OnBoard,
        [0, 0],
        ev().pocket(black(8)).striker_pocketed(),
        false,
    );
    assert_eq!(
        (res.reason, res.points),
        (BoardEnd::OpponentsLastPiece, [0, 6])
    );
}

#[test]
fn icf_28_dues_are_written_off_at_the_board_end() {
    // ICF 84 + 28: white (3 men on the board) pockets black's last man with the striker: the
    // due is not returned, white keeps 6 in pocket and owes nothing; the board counts 3 men.
    let rules = Rules::icf();
    let mut s = icf_position(&rules, &both(6, 8), QueenState::OnBoard, [0, 0]);
    let r = resolve(&rules, &mut s, &ev().pocket(black(8)).striker_pocketed()).unwrap();
    assert_eq!(r.board_over.unwrap().points, [0, 3 + 3 + 1]);
    assert_eq!(r.returned, [0, 0]);
    assert_eq!((s.on_board(Colour::White), s.debt(Colour::White)), (3, 0));
    // A debt standing before the stroke is written off as well.
    let mut s = icf_position(&rules, &blacks(8), QueenState::OnBoard, [0, 0]);
    s = {
        let mut su = s.to_setup();
        su.debt = [1, 0];
        su.into_state(&rules).unwrap()
    };
    let r = resolve(&rules, &mut s, &ev().pocket(black(8))).unwrap();
    // ICF 79: white's 9 men on the board + 3 for the queen = 12 (the cap).
    assert_eq!(r.board_over.unwrap().points, [0, 12]);
    assert_eq!(s.debt(Colour::White), 0);
    // The booklet keeps its count after the penalty (A14): 3 + 1 returned + 3 + 3 = 10.
    let booklet = Rules::lattjo();
    let mut s = icf_position(&booklet, &both(6, 8), QueenState::OnBoard, [0, 0]);
    let r = resolve(&booklet, &mut s, &ev().pocket(black(8)).striker_pocketed()).unwrap();
    assert_eq!(r.board_over.unwrap().points, [0, 4 + 3]);
}

#[test]
fn icf_84_extra_point_option_alone_on_the_booklets_c16_with_the_striker() {
    // The ICF 84 situation (the opponent's last man with the striker) under the booklet's
    // scoring (C16, A1) with only the extra-point option on: the victim (team 1) wins; the
    // option adds the extra point for the pocketed striker, and only when the striker dropped.
    let rules = booklet_with(|r| r.extra_point_if_demanded = true);
    let mut s = position(&rules, &both(6, 8), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(black(8)).striker_pocketed()).unwrap();
    let res = r.board_over.unwrap();
    assert_eq!(
        (res.winner, res.reason),
        (Some(1), BoardEnd::OpponentsLastPiece)
    );
    // Offender's men on the board after the striker's penalty (3 + 1 returned) + 3 + 1.
    assert_eq!(res.points, [0, 4 + 3 + 1]);
    let mut s = position(&rules, &both(6, 8), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(black(8))).unwrap();
    assert_eq!(
        r.board_over.unwrap().points,
        [0, 3 + 3],
        "no striker, no extra"
    );
    // A normal win (C15) on a clean stroke: no extra point either.
    let mut s = position(&rules, &both(8, 4), QueenState::Covered(0), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(white(8))).unwrap();
    assert_eq!(r.board_over.unwrap().points, [5 + 3, 0]);
}

#[test]
fn icf_28_the_extra_point_stays_within_12_a_board() {
    // Team 1 covered the queen (3) and white has all 9 men on the board when white pockets
    // black's last man with the striker: 9 + 3 + 1 = 13, capped at 12.
    let rules = Rules::icf();
    let mut s = position(&rules, &blacks(8), QueenState::Covered(1), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(black(8)).striker_pocketed()).unwrap();
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, Some(1));
    assert_eq!(res.points, [0, 12]);
}

#[test]
fn icf_46_the_last_man_with_the_striker_after_the_queen_is_covered_goes_back() {
    // ICF 81 needs the queen on the board: with the queen covered (by either side) and
    // black's men left, ICF 46 returns the man with a due and the board goes on.
    let rules = Rules::icf();
    for queen in [QueenState::Covered(0), QueenState::Covered(1)] {
        let mut s = position(&rules, &both(8, 4), queen, [0, 0], 0);
        let r = resolve(&rules, &mut s, &ev().pocket(white(8)).striker_pocketed()).unwrap();
        assert!(r.board_over.is_none(), "{queen:?}");
        assert_eq!((r.penalty, s.on_board(Colour::White)), (2, 2));
    }
}

// ---- ICF 62(b): dues off the centre circle ----

fn returned_white(s: &State, before: &[u8]) -> Vec<Vec2> {
    (0..9)
        .filter(|i| before.contains(i))
        .filter_map(|i| s.piece(white(i)))
        .collect()
}

#[test]
fn icf_62b_due_men_do_not_cover_the_centre_circle_jumped_men_still_do() {
    let outside = lattjo_carrom::CENTRE_SPOT_RADIUS + lattjo_carrom::PIECE_RADIUS;
    // Booklet: the due man goes on the free centre spot (C10, A6).
    let rules = Rules::lattjo();
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    resolve(&rules, &mut s, &ev().striker_pocketed()).unwrap();
    assert_eq!(returned_white(&s, &[0, 1, 2]), vec![Vec2::default()]);
    // ICF 62(b), the option alone: off the centre circle, inside the outer circle.
    let rules = booklet_with(|r| r.dues_off_centre_circle = true);
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    resolve(&rules, &mut s, &ev().striker_pocketed()).unwrap();
    let back = returned_white(&s, &[0, 1, 2]);
    assert_eq!(back.len(), 1);
    let d = back[0].distance(Vec2::default());
    assert!(d >= outside - 1e-9, "covers the centre circle: {d}");
    assert!(d + lattjo_carrom::PIECE_RADIUS <= lattjo_carrom::OUTER_CIRCLE_RADIUS);
    assert!(d < outside + 0.002, "on the nearest free ring: {d}");
    // Two dues (striker + own man, A10) both off the circle and apart.
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    resolve(&rules, &mut s, &ev().pocket(white(5)).striker_pocketed()).unwrap();
    // (The grid's men lie 10 cm or more from the centre; the dues lie within 9 cm.)
    let back: Vec<Vec2> = (0..9)
        .filter_map(|i| s.piece(white(i)))
        .filter(|p| p.distance(Vec2::default()) < 0.09)
        .collect();
    assert_eq!(back.len(), 2);
    for p in &back {
        assert!(p.distance(Vec2::default()) >= outside - 1e-9);
    }
    // A jumped man is no due: it still goes on the centre spot (C14, ICF "placing").
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    resolve(&rules, &mut s, &ev().jump(black(2))).unwrap();
    assert_eq!(s.piece(black(2)), Some(Vec2::default()));
}

// ---- ICF 60: declining dues ----

#[test]
fn icf_60_the_placer_declines_the_due_the_men_stay_pocketed() {
    let rules = Rules::icf();
    let game = Carrom::new(rules).unwrap();
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    game.resolve(&mut s, &ev().striker_pocketed()).unwrap();
    let Phase::Dues { placer, men, .. } = s.phase() else {
        panic!("a due choice is open: {:?}", s.phase())
    };
    assert_eq!(placer, Seat::new(1), "A6: the opponent places");
    assert_eq!(men.count_ones(), 1);
    assert_eq!(game.turn(&s), Turn::Player(Seat::new(1)));
    let mut out = Vec::new();
    game.legal_actions(&s, &mut out);
    assert_eq!(
        out,
        vec![
            Action::Dues(placer, DueChoice::Place),
            Action::Dues(placer, DueChoice::Decline)
        ]
    );
    // Nothing else is accepted meanwhile, and the state stays unchanged.
    let before = s.clone();
    let stroke = Action::Strike(
        Seat::new(1),
        Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 2.0),
    );
    assert_eq!(game.apply(&mut s, &stroke), Err(PlayError::DuesPending));
    assert_eq!(
        game.apply(&mut s, &Action::Dues(Seat::new(0), DueChoice::Decline)),
        Err(PlayError::NoDuesChoice)
    );
    assert_eq!(s, before);
    // Decline: all the dues stay in the pocket.
    let mut d = s.clone();
    game.apply(&mut d, &Action::Dues(placer, DueChoice::Decline))
        .unwrap();
    assert_eq!(d.phase(), Phase::Stroke);
    assert_eq!((d.pocketed(Colour::White), d.debt(Colour::White)), (3, 0));
    assert_eq!(d.to_move(), Seat::new(1));
    // Place: the penalty stands.
    game.apply(&mut s, &Action::Dues(placer, DueChoice::Place))
        .unwrap();
    assert_eq!((s.pocketed(Colour::White), s.phase()), (2, Phase::Stroke));
}

#[test]
fn icf_60_declining_a_debt_payment_writes_the_debt_off() {
    let rules = booklet_with(|r| r.dues_may_be_declined = true);
    let game = Carrom::new(rules).unwrap();
    // White owes two (C11, A9) and pockets one man: it pays one, still owes one.
    let mut s = position(&rules, &[], QueenState::OnBoard, [2, 0], 0);
    game.resolve(&mut s, &ev().pocket(white(4))).unwrap();
    let Phase::Dues { placer, .. } = s.phase() else {
        panic!("the paid man is a due: {:?}", s.phase())
    };
    assert_eq!(s.debt(Colour::White), 1);
    game.apply(&mut s, &Action::Dues(placer, DueChoice::Decline))
        .unwrap();
    // All or nothing: the man stays pocketed and the rest of the debt is gone too.
    assert_eq!((s.pocketed(Colour::White), s.debt(Colour::White)), (1, 0));
    // A debt that returns no man offers no choice.
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    game.resolve(&mut s, &ev().striker_pocketed()).unwrap();
    assert_eq!((s.phase(), s.debt(Colour::White)), (Phase::Stroke, 1));
}

#[test]
fn icf_60_no_choice_when_declining_would_clear_the_side_and_none_in_the_booklet() {
    // Booklet A14 (penalties first) with the decline option: white pockets its last man with
    // the striker, two men come back; declining would leave white no man, so no choice opens.
    let rules = booklet_with(|r| r.dues_may_be_declined = true);
    let game = Carrom::new(rules).unwrap();
    let mut s = position(&rules, &both(8, 4), QueenState::Covered(0), [0, 0], 0);
    game.resolve(&mut s, &ev().pocket(white(8)).striker_pocketed())
        .unwrap();
    assert_eq!(s.phase(), Phase::Stroke);
    assert_eq!(s.on_board(Colour::White), 2);
    // The booklet alone never opens the choice.
    let rules = Rules::lattjo();
    let game = Carrom::new(rules).unwrap();
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    game.resolve(&mut s, &ev().striker_pocketed()).unwrap();
    assert_eq!(s.phase(), Phase::Stroke);
    let mut out = Vec::new();
    game.legal_actions(&s, &mut out);
    assert!(!out.iter().any(|a| matches!(a, Action::Dues(..))));
}

// ---- ICF 35-37: referee calls ----

#[test]
fn icf_35_37_a_called_foul_stroke_returns_its_pockets_costs_a_man_and_ends_the_turn() {
    let rules = Rules::icf();
    let game = Carrom::new(rules).unwrap();
    // A simulated shot from a constructed position that pockets white men when clean.
    let start = game.initial_state(Seat::new(0)).unwrap();
    let brk = Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 8.0);
    let mut clean = start.clone();
    game.strike(&mut clean, &brk).unwrap();
    let mut s = start.clone();
    game.apply(&mut s, &Action::Call(Call::FoulStroke(Seat::new(0), brk)))
        .unwrap();
    // Whatever it pocketed is back on the board; one man owed (nothing in pocket, C11).
    assert_eq!(s.on_board(Colour::White) + s.on_board(Colour::Black), 18);
    assert_eq!(s.queen(), QueenState::OnBoard);
    assert_eq!(s.debt(Colour::White), 1);
    assert_eq!(s.to_move(), Seat::new(1), "the turn ends");
    assert!(!s.break_pending(), "the stroke broke the formation");
    assert_eq!(s.strokes(), 1);
    // The same stroke unfouled pockets men (so the call really put them back).
    let dropped = clean.pocketed(Colour::White) + clean.pocketed(Colour::Black);
    assert!(dropped >= 1, "the clean break pockets {dropped}");
    // Refused: without referee calls (the booklet), by the wrong seat, from an overlapping
    // place; the state is unchanged.
    let booklet = Carrom::new(Rules::lattjo()).unwrap();
    let mut b = booklet.initial_state(Seat::new(0)).unwrap();
    let copy = b.clone();
    assert_eq!(
        booklet.apply(&mut b, &Action::Call(Call::FoulStroke(Seat::new(0), brk))),
        Err(PlayError::NoCalls)
    );
    assert_eq!(b, copy);
    let mut s = start.clone();
    assert!(matches!(
        game.apply(&mut s, &Action::Call(Call::FoulStroke(Seat::new(1), brk))),
        Err(PlayError::WrongSeat { .. })
    ));
    assert_eq!(s, start);
    // Never generated for players.
    let mut out = Vec::new();
    game.legal_actions(&start, &mut out);
    assert!(!out.iter().any(|a| matches!(a, Action::Call(_))));
}

/// Regression (an audit against the rules file, C4, invariant 13, ICF 36): a void stroke
/// (the striker never left the base line) set `turn_started`, so a technical foul called
/// after it ended the turn as after a real stroke, though a void stroke "does not count" and
/// changes nothing but the counters. It now leaves the flag as it was, in the play and during
/// the break.
#[test]
fn regression_a_void_stroke_began_the_turn_for_a_technical_foul_c4_icf_36() {
    let rules = Rules::icf();
    let game = Carrom::new(rules).unwrap();
    let call = Action::Call(Call::TechnicalFoul(Seat::new(0)));
    let place_dues = |s: &mut State| {
        if let Phase::Dues { placer, .. } = s.phase() {
            game.apply(s, &Action::Dues(placer, DueChoice::Place))
                .unwrap();
        }
    };
    let start = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let mut s = start.clone();
    game.resolve(&mut s, &Outcome::void()).unwrap();
    assert!(!s.turn_started(), "a void stroke does not count (C4)");
    assert_eq!(s.to_setup().turn_started, start.to_setup().turn_started);
    game.apply(&mut s, &call).unwrap();
    place_dues(&mut s);
    assert_eq!(s.to_move(), Seat::new(0), "ICF 36: before the first stroke");
    // After a stroke that counted and kept the turn, a void stroke keeps it begun.
    let mut s = start.clone();
    game.resolve(&mut s, &ev().pocket(Piece::man(Colour::White, 3).unwrap()))
        .unwrap();
    assert!(s.turn_started());
    game.resolve(&mut s, &Outcome::void()).unwrap();
    assert!(s.turn_started());
    game.apply(&mut s, &call).unwrap();
    assert_eq!(s.to_move(), Seat::new(1), "after a stroke: the turn ends");
    // During the break: a void attempt counts as an attempt (A5) and begins nothing.
    let mut s = game.initial_state(Seat::new(0)).unwrap();
    game.resolve(&mut s, &Outcome::void()).unwrap();
    assert_eq!((s.break_attempts(), s.turn_started()), (1, false));
    game.apply(&mut s, &call).unwrap();
    place_dues(&mut s);
    assert_eq!(s.to_move(), Seat::new(0));
    assert!(s.break_pending());
    assert_eq!(
        game.from_setup(s.to_setup()).unwrap(),
        s,
        "a valid position"
    );
}

#[test]
fn icf_36_a_technical_foul_before_the_first_stroke_keeps_the_turn_after_it_ends_it() {
    let rules = Rules::icf();
    let game = Carrom::new(rules).unwrap();
    // Before the turn's first stroke: one man back (off the centre circle), turn goes on.
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    assert!(!s.turn_started());
    game.apply(&mut s, &Action::Call(Call::TechnicalFoul(Seat::new(0))))
        .unwrap();
    assert_eq!(s.pocketed(Colour::White), 1);
    assert_eq!(s.to_move(), Seat::new(0));
    assert_eq!(s.strokes(), 0, "a call is not a stroke");
    // The man brought out (white 0 or 1) lies off the centre circle (ICF 62(b)), inside the
    // outer circle.
    let back = returned_white(&s, &[0, 1]);
    assert_eq!(back.len(), 1);
    let d = back[0].distance(Vec2::default());
    assert!(
        d >= lattjo_carrom::CENTRE_SPOT_RADIUS + lattjo_carrom::PIECE_RADIUS - 1e-9,
        "{d}"
    );
    assert!(
        d + lattjo_carrom::PIECE_RADIUS <= lattjo_carrom::OUTER_CIRCLE_RADIUS,
        "{d}"
    );
    // ICF 60: the opponent may decline the due; he places it, and seat 0 strikes on.
    let Phase::Dues { placer, .. } = s.phase() else {
        panic!("due choice expected")
    };
    game.apply(&mut s, &Action::Dues(placer, DueChoice::Place))
        .unwrap();
    assert_eq!((s.phase(), s.to_move()), (Phase::Stroke, Seat::new(0)));
    // After a stroke in the same turn: the foul ends the turn; a waiting queen goes back (A12).
    let mut setup = setup(&rules, &whites(2), QueenState::Waiting(0), [0, 0], 0);
    setup.turn_started = true;
    let mut s = setup.into_state(&rules).unwrap();
    game.apply(&mut s, &Action::Call(Call::TechnicalFoul(Seat::new(0))))
        .unwrap();
    assert_eq!(s.to_move(), Seat::new(1));
    assert_eq!(s.queen(), QueenState::OnBoard);
    // With nothing pocketed the man is owed (C11).
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    game.apply(&mut s, &Action::Call(Call::TechnicalFoul(Seat::new(0))))
        .unwrap();
    assert_eq!((s.debt(Colour::White), s.to_move()), (1, Seat::new(0)));
    // After a failed break attempt the break passes, its attempts start afresh (A5).
    let mut s = game.initial_state(Seat::new(0)).unwrap();
    game.resolve(&mut s, &Outcome::missed()).unwrap();
    assert_eq!((s.break_attempts(), s.turn_started()), (1, true));
    game.apply(&mut s, &Action::Call(Call::TechnicalFoul(Seat::new(0))))
        .unwrap();
    assert_eq!(s.to_move(), Seat::new(1));
    assert_eq!((s.break_attempts(), s.break_pending()), (0, true));
    assert_eq!(s.debt(Colour::White), 1, "owed: nothing in pocket (C11)");
    assert_eq!(
        game.from_setup(s.to_setup()).unwrap(),
        s,
        "a valid position"
    );
    // The turn flag follows the strokes: a stroke that keeps the turn sets it.
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    game.resolve(&mut s, &ev().pocket(white(3))).unwrap();
    assert!(s.turn_started());
    game.resolve(&mut s, &ev()).unwrap();
    assert!(!s.turn_started(), "a new turn");
}

// ---- ICF 29-33: best of three ----

#[test]
fn icf_30_31_later_games_are_broken_first_by_the_other_side_without_a_toss() {
    let cg = CarromGame::new(Carrom::new(Rules::icf()).unwrap());
    let first = cg.new_initial_state();
    assert_eq!(
        cg.turn(&first),
        Turn::Chance,
        "game 1 opens with the toss (C3)"
    );
    let mut prev = first.clone();
    cg.apply(&mut prev, &Action::Toss(Seat::new(0))).unwrap();
    let totals = boardgame_core::BySeat::new(2, 0i64);
    let config = boardgame_core::MatchConfig::new(Some(2), None).unwrap();
    let ctx = RoundContext {
        round: 1,
        totals: &totals,
        previous: Some(&prev),
        config: &config,
    };
    let second = cg.new_round(&ctx);
    assert_eq!(cg.turn(&second), Turn::Player(Seat::new(1)));
    assert_eq!(second.round().breaker(), Seat::new(1));
    assert_eq!(
        second.round().white_team(),
        1,
        "the breaker plays white (A20)"
    );
    let ctx = RoundContext {
        round: 2,
        totals: &totals,
        previous: Some(&second),
        config: &config,
    };
    assert_eq!(cg.new_round(&ctx).round().breaker(), Seat::new(0));
}

#[test]
fn icf_29_33_a_best_of_three_match_between_planners_ends_at_two_games() {
    let mut rules = Rules::icf();
    // Short games keep the test quick: 5 points or 2 boards a game.
    rules.target_points = 5;
    rules.max_boards = 2;
    let m: Match<CarromGame> = Carrom::new(rules).unwrap().full_match();
    assert_eq!(m.config().target(), Some(2));
    let (mut a, mut b) = (Planner::default(), Planner::default());
    let played = play_game(
        &m,
        17,
        &mut [&mut a as &mut dyn Agent<Match<CarromGame>>, &mut b],
        100_000,
    )
    .unwrap();
    let wins = played.state.totals();
    let (w0, w1) = (wins[Seat::new(0)], wins[Seat::new(1)]);
    assert!(w0.max(w1) == 2 && w0.min(w1) <= 1, "{w0} - {w1}");
    assert!((2..=3).contains(&played.state.rounds_played()));
    let r = m.returns(&played.state).unwrap();
    let winner = if w0 == 2 { Seat::new(0) } else { Seat::new(1) };
    assert!(r[winner] > 0.0);
    // The record replays.
    let replay = boardgame_core::Record {
        seed: played.record.seed,
        actions: played.record.actions.clone(),
    }
    .replay(&m)
    .unwrap();
    assert_eq!(replay, played.state);
    // Best of one (the booklet): one game decides.
    assert_eq!(
        Carrom::new(Rules::lattjo())
            .unwrap()
            .full_match()
            .config()
            .target(),
        Some(1)
    );
    let mut even = Rules::icf();
    even.games_per_match = 2;
    assert!(Carrom::new(even).is_err());
}

// ---- ICF 51(b), 60: who decides about a due ----

const WHITE_MEN: u32 = 0x3fe;
const BLACK_MEN: u32 = 0x7fc00;

#[test]
fn icf_51b_ii_60_the_striker_decides_about_the_opponents_due_never_the_debtor() {
    // The review's S1: black (seat 1) owes a man; white (seat 0) pockets a white man and a
    // black one (legal, ICF 21, 48). The black man pays black's due and comes out for placing:
    // by white himself (ICF 51(b)(ii)), so only white may decline it (ICF 60); black cannot
    // write off its own debt.
    let rules = Rules::icf();
    let game = Carrom::new(rules).unwrap();
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 1], 0);
    let r = game
        .resolve(&mut s, &ev().pocket(white(3)).pocket(black(0)))
        .unwrap();
    assert_eq!(r.returned, [0, 1]);
    assert_eq!(r.placed_by, Some(Seat::new(0)), "ICF 51(b)(ii)");
    assert!(r.turn_continues, "ICF 21, 48");
    let Phase::Dues { placer, men, then } = s.phase() else {
        panic!("a due choice: {:?}", s.phase())
    };
    assert_eq!((placer, men & WHITE_MEN, then), (Seat::new(0), 0, None));
    assert_eq!(men.count_ones(), 1);
    assert_eq!(game.turn(&s), Turn::Player(Seat::new(0)));
    let before = s.clone();
    assert_eq!(
        game.apply(&mut s, &Action::Dues(Seat::new(1), DueChoice::Decline)),
        Err(PlayError::NoDuesChoice),
        "the debtor never decides"
    );
    assert_eq!(s, before);
    let mut d = s.clone();
    game.apply(&mut d, &Action::Dues(Seat::new(0), DueChoice::Decline))
        .unwrap();
    assert_eq!((d.pocketed(Colour::Black), d.debt(Colour::Black)), (1, 0));
    game.apply(&mut s, &Action::Dues(Seat::new(0), DueChoice::Place))
        .unwrap();
    assert_eq!((s.pocketed(Colour::Black), s.debt(Colour::Black)), (0, 0));
    assert_eq!((s.phase(), s.to_move()), (Phase::Stroke, Seat::new(0)));
}

#[test]
fn icf_51b_60_both_sides_dues_in_one_stroke_two_choices_each_by_an_opponent() {
    // White has 2 in pocket, black owes 1. White pockets a black man and the striker: white's
    // due (A10) is placed by black (A6, ICF 45(a)), black's (paid by the black man) by white
    // (ICF 51(b)(ii)); black chooses first, then white.
    let rules = Rules::icf();
    let game = Carrom::new(rules).unwrap();
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 1], 0);
    let r = game
        .resolve(&mut s, &ev().pocket(black(4)).striker_pocketed())
        .unwrap();
    assert_eq!(r.returned, [1, 1]);
    let Phase::Dues { placer, men, then } = s.phase() else {
        panic!("a due choice: {:?}", s.phase())
    };
    assert_eq!((placer, men & BLACK_MEN), (Seat::new(1), 0));
    let (then_placer, then_men) = then.unwrap();
    assert_eq!((then_placer, then_men & WHITE_MEN), (Seat::new(0), 0));
    game.apply(&mut s, &Action::Dues(Seat::new(1), DueChoice::Place))
        .unwrap();
    assert_eq!(
        s.phase(),
        Phase::Dues {
            placer: Seat::new(0),
            men: then_men,
            then: None
        }
    );
    assert_eq!(game.turn(&s), Turn::Player(Seat::new(0)));
    game.apply(&mut s, &Action::Dues(Seat::new(0), DueChoice::Decline))
        .unwrap();
    assert_eq!(s.phase(), Phase::Stroke);
    assert_eq!(
        (s.pocketed(Colour::White), s.pocketed(Colour::Black)),
        (1, 1)
    );
    assert_eq!(s.to_move(), Seat::new(1), "ICF 47: the turn is lost");
}

#[test]
fn icf_51b_ii_in_pairs_the_striker_places_the_opponents_due() {
    let rules = Rules::icf().with_players(4);
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 1], 2);
    let r = resolve(&rules, &mut s, &ev().pocket(white(3)).pocket(black(0))).unwrap();
    assert_eq!(r.placed_by, Some(Seat::new(2)));
    assert!(matches!(s.phase(), Phase::Dues { placer, .. } if placer == Seat::new(2)));
    // The striker's own due goes to the opponent on his right (ICF 51(b)(i)).
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 2);
    let r = resolve(&rules, &mut s, &ev().striker_pocketed()).unwrap();
    assert_eq!(r.placed_by, Some(Seat::new(3)));
    assert!(matches!(s.phase(), Phase::Dues { placer, .. } if placer == Seat::new(3)));
}

// ---- ICF 68(b), 68(d), 71(a): the queen ----

#[test]
fn icf_68b_the_queen_pocketed_while_owing_goes_back_and_the_turn_is_lost() {
    // The review's S2: white owes one and pockets the queen with 2 or 3 own men.
    let q = Piece::QUEEN;
    for rules in [
        Rules::icf(),
        booklet_with(|r| r.queen_while_owing_goes_back = true),
        Rules::lattjo(),
    ] {
        for extra in [1u8, 2] {
            let mut s = position(&rules, &[], QueenState::OnBoard, [1, 0], 0);
            let mut e = ev().pocket(q);
            for i in 0..=extra {
                e = e.pocket(white(i));
            }
            let r = resolve(&rules, &mut s, &e).unwrap();
            // The debt is paid either way: extra men stay in pocket.
            assert_eq!(
                (s.pocketed(Colour::White), s.debt(Colour::White)),
                (extra, 0)
            );
            if rules.queen_while_owing_goes_back {
                assert_eq!(s.queen(), QueenState::OnBoard, "ICF 68(b)");
                assert!(r.queen_returned);
                // The turn: lost under ICF 68 (queen_too_early_loses_turn), C6 otherwise.
                assert_eq!(r.turn_continues, !rules.queen_too_early_loses_turn);
            } else {
                // A11 ("including while he owes"), booklet CoveredAtOnce: k' >= 1 covers.
                assert_eq!(s.queen(), QueenState::Covered(0), "A11");
                assert!(r.turn_continues);
            }
        }
    }
}

#[test]
fn icf_68d_the_queen_with_the_striker_and_nine_men_on_the_board_loses_the_turn() {
    // The review's S3.
    let rules = Rules::icf();
    let q = Piece::QUEEN;
    let mut s = position(&rules, &[], QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(q).striker_pocketed()).unwrap();
    assert!(r.queen_returned && !r.turn_continues);
    assert_eq!(
        (r.penalty, s.debt(Colour::White)),
        (1, 1),
        "a due is declared"
    );
    assert_eq!(s.to_move(), Seat::new(1));
    // ICF 72(a): with an own man in pocket the turn continues.
    let mut s = position(&rules, &whites(1), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(q).striker_pocketed()).unwrap();
    assert!(r.queen_returned && r.turn_continues);
}

#[test]
fn icf_71a_queen_own_man_and_striker_queen_and_men_out_with_a_due_turn_continues() {
    let rules = Rules::icf();
    let q = Piece::QUEEN;
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(
        &rules,
        &mut s,
        &ev().pocket(q).pocket(white(5)).striker_pocketed(),
    )
    .unwrap();
    assert!(r.queen_returned && r.turn_continues);
    assert_eq!(s.queen(), QueenState::OnBoard);
    // The man pocketed and one more as the due come out: 2 + 1 - 2 = 1 in pocket.
    assert_eq!((r.penalty, r.returned), (2, [2, 0]));
    assert_eq!(s.pocketed(Colour::White), 1);
    assert!(s.piece(q).is_some());
}

// ---- ICF 18(c), 37, 50, 62(b), 75(b)-85(b): called foul strokes ----

#[test]
fn icf_18c_a_called_foul_at_the_break_that_touches_nothing_loses_the_turn_without_a_due() {
    // The review's S10.
    let rules = Rules::icf();
    let game = Carrom::new(rules).unwrap();
    for e in [Outcome::missed(), Outcome::void()] {
        let mut s = game.initial_state(Seat::new(0)).unwrap();
        let before = s.pieces().to_vec();
        let r = resolve_called_foul(&rules, &mut s, &e).unwrap();
        assert!(r.failed_break && !r.turn_continues);
        assert_eq!(s.to_move(), Seat::new(1));
        assert!(s.break_pending());
        assert_eq!((s.break_attempts(), s.debt(Colour::White)), (0, 0));
        assert_eq!(
            s.pieces().to_vec(),
            before,
            "the formation is untouched (ICF 18(b))"
        );
    }
    // Through the referee's call on a simulated stroke that misses everything.
    let mut s = game.initial_state(Seat::new(0)).unwrap();
    let miss = Stroke::on_base_line(0.2, Vec2::new(1.0, 1.0), 1.0);
    let e = game.simulate(&s, &miss).unwrap();
    assert!(!e.touched_piece);
    game.apply(&mut s, &Action::Call(Call::FoulStroke(Seat::new(0), miss)))
        .unwrap();
    assert_eq!((s.to_move(), s.debt(Colour::White)), (Seat::new(1), 0));
    // After the break, a called foul on a stroke that never left the base line is still a
    // foul (ICF 37(a)): one man, turn lost.
    let mut s = position(&rules, &whites(2), QueenState::OnBoard, [0, 0], 0);
    let r = resolve_called_foul(&rules, &mut s, &Outcome::void()).unwrap();
    assert!(!r.void && !r.turn_continues);
    assert_eq!((r.penalty, s.pocketed(Colour::White)), (1, 1));
}

#[test]
fn icf_37b_50a_62b_foul_pocketed_men_come_out_for_placing_off_the_centre_circle() {
    let rules = Rules::icf();
    let game = Carrom::new(rules).unwrap();
    // White has 3 in pocket; a called foul stroke pockets white 5 and black 2.
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    let r = resolve_called_foul(&rules, &mut s, &ev().pocket(white(5)).pocket(black(2))).unwrap();
    // ICF 37(b), 50(a): the man pocketed and one for the foul come out; the black man goes
    // back too (section 5).
    assert_eq!((r.penalty, r.returned), (2, [2, 1]));
    assert_eq!(
        (s.pocketed(Colour::White), s.pocketed(Colour::Black)),
        (2, 0)
    );
    assert_eq!(s.to_move(), Seat::new(1));
    // The three men brought out (any two white, men are alike; black 2) lie off the centre
    // circle (the grid's men lie 10 cm or more from the centre).
    let outside = lattjo_carrom::CENTRE_SPOT_RADIUS + lattjo_carrom::PIECE_RADIUS - 1e-9;
    let near: Vec<f64> = s
        .pieces()
        .iter()
        .flatten()
        .map(|p| p.distance(Vec2::default()))
        .filter(|&d| d < 0.09)
        .collect();
    assert_eq!(near.len(), 3);
    assert!(near.iter().all(|&d| d >= outside), "ICF 62(b): {near:?}");
    assert!(s.piece(black(2)).is_some());
    // Both are dues: black decides about white's men, then white about the black man
    // (declining leaves it pocketed, as ICF 49 has it).
    let Phase::Dues { placer, men, then } = s.phase() else {
        panic!("due choice expected: {:?}", s.phase())
    };
    assert_eq!(placer, Seat::new(1));
    assert_eq!((men.count_ones(), men & BLACK_MEN), (2, 0));
    assert_eq!(then, Some((Seat::new(0), 1 << black(2).id())));
    game.apply(&mut s, &Action::Dues(Seat::new(1), DueChoice::Decline))
        .unwrap();
    game.apply(&mut s, &Action::Dues(Seat::new(0), DueChoice::Decline))
        .unwrap();
    assert_eq!(
        (s.pocketed(Colour::White), s.pocketed(Colour::Black)),
        (4, 1)
    );
    assert!(s.piece(black(2)).is_none());
    assert_eq!(s.phase(), Phase::Stroke);
}

#[test]
fn icf_80b_a_called_foul_stroke_that_pockets_the_last_man_ends_the_board() {
    // The review's S11 on constructed events: white's last man by an improper stroke with the
    // queen on the board: lost by 3, + 1 if demanded (ICF 80(b)).
    let rules = Rules::icf();
    let mut s = position(&rules, &both(8, 4), QueenState::OnBoard, [0, 0], 0);
    let r = resolve_called_foul(&rules, &mut s, &ev().pocket(white(8))).unwrap();
    let res = r.board_over.unwrap();
    assert_eq!(
        (res.winner, res.reason, res.points),
        (Some(1), BoardEnd::OwnLastBeforeQueen, [0, 4])
    );
    assert_eq!(s.phase(), Phase::Over);
    // The same through the referee's call on a simulated stroke (the review's S11 stroke,
    // which cleanly pockets white 8 alone): clean, ICF 80(a) by 3; called, 80(b) by 3 + 1.
    let game = Carrom::new(rules).unwrap();
    let start = position(&rules, &both(8, 4), QueenState::OnBoard, [0, 0], 0);
    let stroke = Stroke::on_base_line(
        -0.2,
        Vec2::new(-0.743_144_825_477_394_2, 0.669_130_606_358_858_2),
        3.5,
    );
    let e = game.simulate(&start, &stroke).unwrap();
    assert_eq!(
        (e.pocketed(), e.striker_pocketed),
        (&[white(8).id()][..], false)
    );
    let mut clean = start.clone();
    game.strike(&mut clean, &stroke).unwrap();
    assert_eq!(clean.result().unwrap().points, [0, 3]);
    let mut called = start.clone();
    game.apply(
        &mut called,
        &Action::Call(Call::FoulStroke(Seat::new(0), stroke)),
    )
    .unwrap();
    let res = called.result().unwrap();
    assert_eq!((res.winner, res.points), (Some(1), [0, 4]));
    // With the queen covered there is no (b) law: ICF 50(a), the man comes out with a due and
    // the board goes on.
    let mut s = position(&rules, &both(8, 4), QueenState::Covered(0), [0, 0], 0);
    let r = resolve_called_foul(&rules, &mut s, &ev().pocket(white(8))).unwrap();
    assert!(r.board_over.is_none());
    assert_eq!(s.on_board(Colour::White), 2);
    // Under the booklet's scoring a called foul returns what it pocketed and never ends a
    // board (section 5's wording).
    let rules = booklet_with(|r| r.referee_calls = true);
    let mut s = position(&rules, &both(8, 4), QueenState::OnBoard, [0, 0], 0);
    let r = resolve_called_foul(&rules, &mut s, &ev().pocket(white(8))).unwrap();
    assert!(r.board_over.is_none());
    assert_eq!(s.on_board(Colour::White), 2);
}

// ---- Regressions found by the second model (tests/model.rs) ----

/// A8's option makes the striker leaving the board count as pocketing it (C10). A called foul
/// stroke (ICF 35-37) charges the striker's own due on top of the foul's man when the striker
/// dropped (A10), so with the option on a striker off the board is charged the same; at the
/// break (A5, ICF 18(c)) it passes the break at once, as a pocketed striker does. The called
/// foul and the failed break used to look at the pocketed striker only.
#[test]
fn regression_the_striker_off_the_board_counts_as_pocketed_in_called_fouls_and_failed_breaks() {
    let rules = Rules::icf().with_striker_off_board_is_foul(true);
    let off = || {
        let mut e = ev();
        e.striker_left_board = true;
        e
    };
    // A8, A10, ICF 35-37: white (3 in pocket) fouls with the striker off the board: the
    // foul's man and the striker's due, two men back, as with the striker pocketed.
    for e in [off(), ev().striker_pocketed()] {
        let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
        let r = resolve_called_foul(&rules, &mut s, &e).unwrap();
        assert_eq!((r.penalty, r.returned), (2, [2, 0]), "{e:?}");
        assert_eq!(s.pocketed(Colour::White), 1);
    }
    // ICF 75(b)-85(b): the own last man by a called foul with the striker off the board and
    // the queen on the board is ICF 81(b): 3 + 2 "if demanded" (striker and improper stroke).
    let mut s = icf_position(&rules, &both(8, 4), QueenState::OnBoard, [0, 0]);
    let r = resolve_called_foul(&rules, &mut s, &{
        let mut e = off();
        e = e.pocket(white(8));
        e
    })
    .unwrap();
    let res = r.board_over.unwrap();
    assert_eq!(
        (res.winner, res.points, res.reason),
        (Some(1), [0, 5], BoardEnd::LastPieceWithStriker)
    );
    // A5: a failed break attempt with the striker off the board passes the break at once.
    let game = Carrom::new(rules).unwrap();
    let mut s = game.initial_state(Seat::new(0)).unwrap();
    let mut e = Outcome::missed();
    e.striker_left_board = true;
    let r = game.resolve(&mut s, &e).unwrap();
    assert!(r.failed_break && !r.turn_continues);
    assert_eq!((s.to_move(), s.break_attempts()), (Seat::new(1), 0));
}

/// ICF 35-37 and 60 as options (`referee_calls`, `dues_may_be_declined`): a call under rules
/// without calls was refused as `DuesPending` while a due choice was open, as if it could
/// come after it; a due choice under rules without one (the booklet) was refused as
/// `NoDuesChoice`, "no such choice about due men is open", as if one could open later; and a
/// call at the coin toss was `NotThisChance`, as if it were a chance outcome. Now an action
/// the rules lack says so wherever a player acts (`NoCalls`, `DuesChoiceDisabled`), a chance
/// node is `ChanceDue` first and the end of the board `BoardOver` first. The state is
/// unchanged each time.
#[test]
fn regression_a_call_or_due_choice_the_rules_lack_was_refused_as_not_now() {
    let refused = |game: &Carrom, s: &State, a: Action, want: PlayError| {
        let mut t = s.clone();
        assert_eq!(
            game.apply(&mut t, &a),
            Err(want),
            "{a:?} at {:?}",
            s.phase()
        );
        assert_eq!(&t, s);
        match a {
            Action::Call(c) => assert_eq!(game.check_call(s, &c), Err(want)),
            Action::Dues(seat, c) => assert_eq!(game.check_dues(s, seat, c), Err(want)),
            _ => {}
        }
    };
    let call = Action::Call(Call::TechnicalFoul(Seat::new(1)));
    let place = Action::Dues(Seat::new(1), DueChoice::Place);
    let decline = Action::Dues(Seat::new(1), DueChoice::Decline);
    // Declining on, calls off: a call while a due choice is open.
    let rules = booklet_with(|r| r.dues_may_be_declined = true);
    let game = Carrom::new(rules).unwrap();
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    game.resolve(&mut s, &ev().striker_pocketed()).unwrap();
    assert!(matches!(s.phase(), Phase::Dues { .. }));
    refused(&game, &s, call, PlayError::NoCalls);
    // The booklet: no due choice ever, in the stroke phase as anywhere a player acts.
    let rules = Rules::lattjo();
    let game = Carrom::new(rules).unwrap();
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    game.resolve(&mut s, &ev().striker_pocketed()).unwrap();
    assert_eq!(s.phase(), Phase::Stroke);
    for a in [place, decline] {
        refused(&game, &s, a, PlayError::DuesChoiceDisabled);
    }
    refused(&game, &s, call, PlayError::NoCalls);
    // The toss is chance's, whatever the rules.
    let toss = game.new_initial_state();
    assert_eq!(toss.phase(), Phase::Toss);
    for a in [call, place, decline] {
        refused(&game, &toss, a, PlayError::ChanceDue);
    }
    // Under ICF both exist: only the moment is wrong.
    let rules = Rules::icf();
    let game = Carrom::new(rules).unwrap();
    let s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    refused(&game, &s, decline, PlayError::NoDuesChoice);
    assert_eq!(
        PlayError::DuesChoiceDisabled.to_string(),
        "these rules have no choice about due men: they are always placed"
    );
}
