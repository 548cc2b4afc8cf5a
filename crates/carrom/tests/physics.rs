//! The rules through real physics: constructed positions, strokes simulated by disc-physics
//! to rest, then resolved. Each test names the rule it checks.

use crate::common;

use boardgame_core::{Game, Seat};
use common::{black, white};
use lattjo_carrom::{
    Action, BoardEnd, Carrom, Colour, PIECES, Piece, PlayError, QueenState, Rules, Setup, State,
    Stroke, StrokeError, Vec2, aimed_shots, pocket_centres,
};

/// A position with only the listed pieces on the board (the rest pocketed), team 0 white,
/// seat 0 (south) to strike, the queen as given.
fn only(game: &Carrom, on: &[(Piece, Vec2)], queen: QueenState) -> State {
    let mut su = Setup::opening(game.rules(), Seat::new(0));
    su.pieces = [None; PIECES];
    for (p, at) in on {
        su.pieces[p.id() as usize] = Some(*at);
    }
    su.queen = queen;
    su.break_pending = false;
    game.from_setup(su).expect("valid position")
}

/// The aimed shot at `target` into pocket `k`.
fn aim(game: &Carrom, s: &State, target: Piece, k: usize) -> Stroke {
    let mut shots = Vec::new();
    aimed_shots(game, s, &mut shots);
    shots
        .iter()
        .find(|a| a.target == target && a.pocket == k)
        .expect("an aimed shot exists")
        .stroke
}

fn near_pocket(k: usize, dist: f64) -> Vec2 {
    let c = pocket_centres()[k];
    let n = c.distance(Vec2::default());
    Vec2::new(c.x - c.x / n * dist, c.y - c.y / n * dist)
}

// T21: every pocket counts for every piece.
#[test]
fn a23_a_piece_sent_at_any_of_the_four_pockets_counts() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    // South (seat 0, white) shoots at the far pockets 2 and 3; north (seat 1, black) at
    // pockets 0 and 1, which are far from him.
    for k in 0..4 {
        let seat = if k < 2 { 1 } else { 0 };
        let target = if seat == 0 { white(0) } else { black(0) };
        let other = if seat == 0 { black(0) } else { white(0) };
        let mut su = Setup::opening(game.rules(), Seat::new(0));
        su.pieces = [None; PIECES];
        su.pieces[target.id() as usize] = Some(near_pocket(k, 0.09));
        su.pieces[other.id() as usize] = Some(Vec2::new(-0.05, 0.0));
        su.pieces[white(1).id() as usize] = Some(Vec2::new(0.05, 0.0));
        su.pieces[black(1).id() as usize] = Some(Vec2::new(0.0, 0.06));
        su.queen = QueenState::Covered(1 - seat as usize);
        su.break_pending = false;
        su.to_move = Seat::new(seat);
        let mut s = game.from_setup(su).unwrap();
        let stroke = aim(&game, &s, target, k);
        let r = game.strike(&mut s, &stroke).unwrap();
        assert!(s.piece(target).is_none(), "pocket {k}: the target dropped");
        assert_eq!(s.pocketed(target.colour().unwrap()), 8, "pocket {k}");
        assert!(r.turn_continues, "C6: own piece pocketed, pocket {k}");
    }
}

#[test]
fn c4_a_stroke_that_never_leaves_the_base_line_is_void() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let s0 = only(
        &game,
        &[
            (white(0), Vec2::new(0.1, 0.1)),
            (black(0), Vec2::new(-0.1, 0.1)),
            (Piece::QUEEN, Vec2::default()),
        ],
        QueenState::OnBoard,
    );
    let mut s = s0.clone();
    let slow = Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), lattjo_carrom::MIN_SPEED);
    let r = game.strike(&mut s, &slow).unwrap();
    assert!(r.void && r.turn_continues);
    assert_eq!(s.pieces(), s0.pieces());
    assert_eq!(s.to_move(), Seat::new(0));
}

#[test]
fn c5_a5_break_attempts_that_miss_the_formation() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let s0 = game.initial_state(Seat::new(0)).unwrap();
    let mut s = s0.clone();
    // Far right of the base line, aimed at 80 degrees to the right: misses the formation.
    let miss = Stroke::at_angle(0.2, 80.0, 1.0);
    for attempt in 1..=3 {
        let r = game.strike(&mut s, &miss).unwrap();
        assert!(r.failed_break, "attempt {attempt}");
    }
    assert_eq!(
        s.to_move(),
        Seat::new(1),
        "after three failures the break passes"
    );
    assert_eq!(s.pieces(), s0.pieces(), "formation untouched");
    assert!(s.break_pending());
    // The opponent breaks the same formation: a hard straight break touches it.
    let side = s.side_of(Seat::new(1), game.rules().turn_direction);
    let at = side.from_board(side.striker_position(0.0));
    let r = game
        .strike(
            &mut s,
            &Stroke::on_base_line(0.0, Vec2::new(-at.x, -at.y), 7.0),
        )
        .unwrap();
    assert!(!r.failed_break);
    assert!(!s.break_pending());
}

#[test]
fn c10_striker_straight_into_a_pocket_costs_a_piece() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    // Two whites pocketed... the rest parked away from the striker's path to pocket 2.
    let mut on: Vec<(Piece, Vec2)> = Vec::new();
    for i in 2..9 {
        on.push((white(i), Vec2::new(-0.25 + 0.04 * f64::from(i), 0.32)));
    }
    on.push((black(0), Vec2::new(-0.2, 0.0)));
    let mut s = only(&game, &on, QueenState::Covered(1));
    let start = Vec2::new(0.15, -0.37 + lattjo_carrom::BASE_LINE_INSET);
    let p = pocket_centres()[2];
    let stroke = Stroke::on_base_line(0.15, Vec2::new(p.x - start.x, p.y - start.y), 4.0);
    let r = game.strike(&mut s, &stroke).unwrap();
    assert_eq!(r.penalty, 1);
    assert_eq!(s.pocketed(Colour::White), 1);
    assert!(!r.turn_continues);
}

#[test]
fn c12_a2_striker_following_its_piece_in_costs_two_and_continues() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    // White(0) sits on the line from the striker to pocket 2, close to the pocket; a straight
    // hit sends it in and the heavier striker follows.
    let start = Vec2::new(0.15, -0.37 + lattjo_carrom::BASE_LINE_INSET);
    let p = pocket_centres()[2];
    let d = Vec2::new(p.x - start.x, p.y - start.y);
    let len = d.distance(Vec2::default());
    let u = Vec2::new(d.x / len, d.y / len);
    let piece_at = Vec2::new(p.x - u.x * 0.06, p.y - u.y * 0.06);
    let mut on = vec![(white(0), piece_at), (black(0), Vec2::new(-0.2, 0.0))];
    for i in 4..9 {
        on.push((white(i), Vec2::new(-0.25 + 0.04 * f64::from(i), -0.05)));
    }
    let mut s = only(&game, &on, QueenState::Covered(0));
    let ev = game
        .simulate(&s, &Stroke::on_base_line(0.15, d, 5.0))
        .unwrap();
    assert!(
        ev.striker_pocketed && ev.pocketed() == [white(0).id()],
        "{ev:?}"
    );
    let r = game
        .strike(&mut s, &Stroke::on_base_line(0.15, d, 5.0))
        .unwrap();
    assert_eq!(r.penalty, 2);
    assert!(r.turn_continues);
    // 3 in pocket before + 1 - 2 = 2.
    assert_eq!(s.pocketed(Colour::White), 2);
}

#[test]
fn c13_opponents_piece_pocketed_through_physics_ends_the_turn() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let s0 = only(
        &game,
        &[
            (black(0), near_pocket(3, 0.09)),
            (white(0), Vec2::new(0.2, 0.0)),
            (black(1), Vec2::new(0.1, 0.0)),
            (Piece::QUEEN, Vec2::default()),
        ],
        QueenState::OnBoard,
    );
    // Aim at the black man as if it were white: use a copy where black plays.
    let mut su_game_state = s0.clone();
    let stroke = {
        let mut su = Setup::opening(game.rules(), Seat::new(0));
        su.pieces = *s0.pieces();
        su.white_team = 1;
        su.break_pending = false;
        let mirrored = game.from_setup(su).unwrap();
        aim(&game, &mirrored, black(0), 3)
    };
    let r = game.strike(&mut su_game_state, &stroke).unwrap();
    assert_eq!(su_game_state.pocketed(Colour::Black), 8);
    assert!(!r.turn_continues);
    assert_eq!(su_game_state.to_move(), Seat::new(1));
}

#[test]
fn c14_a8_a_piece_driven_into_the_frame_jumps_and_returns_to_the_centre() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let mut s = only(
        &game,
        &[
            (white(0), Vec2::new(0.0, 0.2)),
            (black(0), Vec2::new(-0.2, 0.0)),
            (white(1), Vec2::new(0.2, -0.05)),
        ],
        QueenState::Covered(1),
    );
    let ev = game
        .simulate(&s, &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 8.0))
        .unwrap();
    println!("{ev:?}");
    let r = game
        .strike(&mut s, &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 8.0))
        .unwrap();
    assert_eq!(r.jumped, 1, "{r:?}");
    assert_eq!(
        s.piece(white(0)),
        Some(Vec2::default()),
        "C14: back on the free centre spot"
    );
    assert_eq!(
        s.pocketed(Colour::White),
        7,
        "A8: a jumped piece is not pocketed"
    );
    assert!(!r.turn_continues);
}

#[test]
fn c7_c9_queen_through_physics() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    // White has pocketed men (7 of 9); the queen sits near pocket 3: it waits (A12).
    let mut s = only(
        &game,
        &[
            (Piece::QUEEN, near_pocket(3, 0.09)),
            (white(0), Vec2::new(0.2, 0.1)),
            (white(1), Vec2::new(0.25, 0.1)),
            (black(0), Vec2::new(-0.05, -0.1)),
        ],
        QueenState::OnBoard,
    );
    let stroke = aim(&game, &s, Piece::QUEEN, 3);
    let r = game.strike(&mut s, &stroke).unwrap();
    assert_eq!(s.queen(), QueenState::Waiting(0));
    assert!(r.turn_continues);
}

#[test]
fn c15_planner_clears_a_board_and_the_score_follows_c18() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let mut s = game.initial_state(Seat::new(0)).unwrap();
    let mut planner = lattjo_carrom::Planner::default();
    let mut strokes = 0;
    while s.result().is_none() && strokes < 400 {
        let a = planner.choose(&game, &s).unwrap();
        game.apply(&mut s, &a).unwrap();
        strokes += 1;
    }
    let r = s.result().expect("the board ends");
    let winner = r.winner.expect("a played board has a winner");
    let loser_colour = s.colour_of(1 - winner);
    // C18: the winner counts the loser's men on the board (plus the queen if covered).
    if r.reason == BoardEnd::AllPieces {
        let queen = if s.queen() == QueenState::Covered(winner) {
            3
        } else {
            0
        };
        assert_eq!(
            r.points[winner],
            i64::from(s.on_board(loser_colour)) + queen
        );
    }
    assert_eq!(r.points[1 - winner], 0, "A1: the loser scores nothing");
}

// T3: the striker lies on and covers the player's own base line; anywhere else is refused.
#[test]
fn c2_bad_strokes_are_refused_with_the_state_unchanged() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let s0 = game.initial_state(Seat::new(0)).unwrap();
    let cases = [
        (
            Action::Strike(
                Seat::new(1),
                Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 5.0),
            ),
            "wrong seat",
        ),
        (
            Action::Strike(
                Seat::new(0),
                Stroke::on_base_line(f64::NAN, Vec2::new(0.0, 1.0), 5.0),
            ),
            "nan",
        ),
        (
            Action::Strike(
                Seat::new(0),
                Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), f64::INFINITY),
            ),
            "inf",
        ),
        (
            Action::Strike(
                Seat::new(0),
                Stroke::on_base_line(0.3, Vec2::new(0.0, 1.0), 5.0),
            ),
            "off the line",
        ),
        (
            Action::Strike(
                Seat::new(0),
                Stroke::on_base_line(0.0, Vec2::new(0.0, -1.0), 5.0),
            ),
            "backwards",
        ),
        (
            Action::Strike(
                Seat::new(0),
                Stroke::on_base_line(0.0, Vec2::new(1.0, 0.0), 5.0),
            ),
            "sideways",
        ),
        (
            Action::Strike(
                Seat::new(0),
                Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 9.0),
            ),
            "too fast",
        ),
        (
            Action::Strike(
                Seat::new(0),
                Stroke::on_base_line(0.0, Vec2::new(0.0, 0.0), 5.0),
            ),
            "no direction",
        ),
        (Action::Toss(Seat::new(0)), "toss at a player node"),
    ];
    for (a, what) in cases {
        let mut s = s0.clone();
        assert!(!game.is_legal(&s, &a), "{what}");
        assert!(game.apply(&mut s, &a).is_err(), "{what}");
        assert_eq!(s, s0, "{what}");
    }
    let mut s = s0.clone();
    let err = game.apply(
        &mut s,
        &Action::Strike(
            Seat::new(1),
            Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 5.0),
        ),
    );
    assert_eq!(
        err,
        Err(PlayError::WrongSeat {
            expected: Seat::new(0),
            got: Seat::new(1)
        })
    );
    // A striker overlapping a piece.
    let su = {
        let mut su = Setup::opening(game.rules(), Seat::new(0));
        su.pieces[5] = Some(Vec2::new(0.0, -0.37 + lattjo_carrom::BASE_LINE_INSET));
        su.break_pending = false;
        su
    };
    let s = game.from_setup(su).unwrap();
    let e = game.check_stroke(
        &s,
        Seat::new(0),
        &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 5.0),
    );
    assert_eq!(e, Err(PlayError::Stroke(StrokeError::OverlapsPiece(5))));
    assert!(
        game.check_stroke(
            &s,
            Seat::new(0),
            &Stroke::on_base_line(0.1, Vec2::new(0.0, 1.0), 5.0)
        )
        .is_ok()
    );
}

/// The aimed shot at `target` as if the striking side owned its colour (to pocket an
/// opponent's man on purpose).
fn aim_as_owner(game: &Carrom, s: &State, target: Piece, k: usize) -> Stroke {
    let mut su = Setup::opening(game.rules(), s.to_move());
    su.pieces = *s.pieces();
    su.queen = s.queen();
    su.white_team = if target.colour() == Some(Colour::White) {
        0
    } else {
        1
    };
    su.to_move = s.to_move();
    su.break_pending = false;
    // (The striking seat is on team 0 in these tests: give team 0 the target's colour.)
    let mirrored = game.from_setup(su).unwrap();
    aim(game, &mirrored, target, k)
}

#[test]
fn c16_pocketing_the_opponents_last_man_through_physics_loses_the_board() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    // Black's last man near pocket 2; white (seat 0) has 3 men on the board and pockets it.
    let mut s = only(
        &game,
        &[
            (black(8), near_pocket(2, 0.09)),
            (white(0), Vec2::new(-0.2, 0.1)),
            (white(1), Vec2::new(-0.25, 0.0)),
            (white(2), Vec2::new(-0.15, -0.05)),
            (Piece::QUEEN, Vec2::default()),
        ],
        QueenState::OnBoard,
    );
    let stroke = aim_as_owner(&game, &s, black(8), 2);
    let r = game.strike(&mut s, &stroke).unwrap();
    let res = r.board_over.expect("the board ends");
    assert_eq!(
        (res.winner, res.reason, res.points),
        (Some(1), BoardEnd::OpponentsLastPiece, [0, 3 + 3])
    );
}

#[test]
fn c17_own_last_man_before_the_queen_through_physics_loses_the_board() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let mut s = only(
        &game,
        &[
            (white(8), near_pocket(3, 0.09)),
            (black(0), Vec2::new(0.2, 0.1)),
            (black(1), Vec2::new(0.25, 0.0)),
            (Piece::QUEEN, Vec2::default()),
        ],
        QueenState::OnBoard,
    );
    let stroke = aim(&game, &s, white(8), 3);
    let r = game.strike(&mut s, &stroke).unwrap();
    let res = r.board_over.expect("the board ends");
    assert_eq!(
        (res.winner, res.reason, res.points),
        (Some(1), BoardEnd::OwnLastBeforeQueen, [0, 3 + 2])
    );
}

#[test]
fn c11_debt_paid_by_the_next_man_through_physics() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let mut su = Setup::opening(game.rules(), Seat::new(0));
    su.pieces = [None; PIECES];
    for i in 0..9 {
        su.pieces[white(i).id() as usize] = Some(Vec2::new(-0.24 + 0.06 * f64::from(i), 0.0));
        su.pieces[black(i).id() as usize] = Some(Vec2::new(-0.24 + 0.06 * f64::from(i), -0.1));
    }
    su.pieces[white(0).id() as usize] = Some(near_pocket(2, 0.09));
    su.pieces[0] = Some(Vec2::new(0.0, 0.15));
    su.debt = [1, 0];
    su.break_pending = false;
    let mut s = game.from_setup(su).unwrap();
    let stroke = aim(&game, &s, white(0), 2);
    let r = game.strike(&mut s, &stroke).unwrap();
    assert_eq!(r.returned, [1, 0], "the man goes straight back");
    assert_eq!((s.debt(Colour::White), s.pocketed(Colour::White)), (0, 0));
    assert!(r.turn_continues, "A9: it still counts for C6");
    assert_eq!(r.placed_by, Some(Seat::new(1)), "A6");
}

#[test]
fn regression_bank_shots_skipped_when_no_direct_cut() {
    // A man level with the base line near the striker's own pocket: no forward cut reaches
    // it, so only a bank shot off the far cushion can; it used to be skipped whenever the
    // direct cut was impossible.
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let mut s = only(
        &game,
        &[
            (
                white(0),
                Vec2::new(-0.3287518724762627, -0.27006238115570397),
            ),
            (black(0), Vec2::new(0.1, 0.1)),
            (black(1), Vec2::new(0.2, 0.15)),
        ],
        QueenState::Covered(0),
    );
    let mut shots = Vec::new();
    aimed_shots(&game, &s, &mut shots);
    let bank = shots
        .iter()
        .find(|a| a.bank && a.pocket == 0 && a.target == white(0))
        .expect("a bank shot");
    assert!(
        !shots.iter().any(|a| !a.bank && a.pocket == 0),
        "no direct cut exists"
    );
    let r = game.strike(&mut s, &bank.stroke).unwrap();
    let res = r.board_over.expect("the last man drops: C15");
    assert_eq!((res.winner, res.reason), (Some(0), BoardEnd::AllPieces));
    assert_eq!(res.points, [2 + 3, 0], "C18: two black men and the queen");
}

#[test]
fn c8_a_waiting_queen_is_covered_by_the_next_stroke_through_physics() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let mut s = only(
        &game,
        &[
            (white(0), near_pocket(2, 0.09)),
            (white(1), Vec2::new(-0.2, 0.1)),
            (black(0), Vec2::new(-0.05, -0.1)),
        ],
        QueenState::Waiting(0),
    );
    let stroke = aim(&game, &s, white(0), 2);
    let r = game.strike(&mut s, &stroke).unwrap();
    assert_eq!(s.queen(), QueenState::Covered(0));
    assert!(r.turn_continues);
    // A miss instead sends the queen back to the centre and ends the turn.
    let mut s = only(
        &game,
        &[
            (white(0), near_pocket(2, 0.09)),
            (white(1), Vec2::new(-0.2, 0.1)),
            (black(0), Vec2::new(-0.05, -0.1)),
        ],
        QueenState::Waiting(0),
    );
    let r = game
        .strike(&mut s, &Stroke::at_angle(0.2, 60.0, 0.8))
        .unwrap();
    assert!(r.queen_returned && !r.turn_continues);
    assert_eq!(s.piece(Piece::QUEEN), Some(Vec2::default()));
}

#[test]
fn c21_a19_pairs_partner_pockets_for_the_partnership_through_physics() {
    let game = Carrom::new(Rules::lattjo().with_players(4)).unwrap();
    // Seat 2 (north, team 0 = white) shoots at pocket 0, far from him.
    let mut su = Setup::opening(game.rules(), Seat::new(0));
    su.pieces = [None; PIECES];
    su.pieces[white(0).id() as usize] = Some(near_pocket(0, 0.09));
    su.pieces[white(1).id() as usize] = Some(Vec2::new(0.2, 0.1));
    su.pieces[black(0).id() as usize] = Some(Vec2::new(0.05, 0.1));
    su.pieces[0] = Some(Vec2::default());
    su.to_move = Seat::new(2);
    su.break_pending = false;
    let mut s = game.from_setup(su).unwrap();
    let stroke = aim(&game, &s, white(0), 0);
    let r = game.strike(&mut s, &stroke).unwrap();
    assert_eq!(s.pocketed(Colour::White), 8, "the partnership's man");
    assert!(r.turn_continues);
    // A miss passes the turn to the right: seat 3.
    let r = game
        .strike(&mut s, &Stroke::at_angle(0.0, 0.0, 0.3))
        .unwrap();
    assert!(!r.turn_continues);
    assert_eq!(s.to_move(), Seat::new(3));
}
