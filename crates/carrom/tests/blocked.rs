//! A base line blocked by pieces (C2: the striker stands on the player's own base line and may
//! not overlap a piece). A stroke there is a typed error with the state unchanged; when no spot
//! of the whole line is free the only legal action is `Action::Pass` (library decision: the
//! turn passes as after a turn-ending stroke, a waiting queen goes back, A12).

use crate::common;

use boardgame_core::{Game, GameRng, Seat};
use common::*;
use lattjo_carrom::{
    Action, Carrom, Colour, MAX_STRIKER_OFFSET, Planner, PlayError, QueenState, Rules, State,
    Stroke, StrokeError, Vec2,
};

/// Seat 0 to move with black men lying on its base line at these x positions.
fn with_men_on_south_line(rules: &Rules, xs: &[f64], queen: QueenState) -> State {
    // One white man in pocket, so that a waiting queen is consistent (C7).
    let mut s = setup(rules, &whites(1), queen, [0, 0], 0);
    for (k, &x) in xs.iter().enumerate() {
        s.pieces[black(k as u8).id() as usize] = Some(Vec2::new(x, south_line_y()));
    }
    s.into_state(rules).expect("valid constructed position")
}

#[test]
fn c2_a_stroke_from_a_fully_blocked_base_line_is_a_typed_error_and_changes_nothing() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let state = with_men_on_south_line(game.rules(), &blocking_xs(), QueenState::OnBoard);
    for i in -20..=20 {
        let offset = MAX_STRIKER_OFFSET * f64::from(i) / 20.0;
        let stroke = Stroke::on_base_line(offset, Vec2::new(0.0, 1.0), 3.0);
        let mut s = state.clone();
        assert_eq!(
            game.apply(&mut s, &Action::Strike(Seat::new(0), stroke)),
            Err(PlayError::Stroke(StrokeError::BaseLineBlocked)),
            "offset {offset}"
        );
        assert_eq!(s, state, "state unchanged");
        assert_eq!(
            game.strike(&mut s, &stroke),
            Err(PlayError::Stroke(StrokeError::BaseLineBlocked))
        );
        assert_eq!(s, state, "state unchanged");
        assert!(!game.is_legal(&state, &Action::Strike(Seat::new(0), stroke)));
    }
}

#[test]
fn c2_legal_actions_offer_only_the_pass_when_no_stroke_fits() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let state = with_men_on_south_line(game.rules(), &blocking_xs(), QueenState::OnBoard);
    let mut out = Vec::new();
    game.legal_actions(&state, &mut out);
    assert_eq!(out, vec![Action::Pass(Seat::new(0))]);
    let mut rng = GameRng::new(9, 0);
    for _ in 0..20 {
        assert_eq!(
            game.sample_action(&state, &mut rng, &mut out),
            Some(Action::Pass(Seat::new(0)))
        );
    }
    assert_eq!(
        Planner::default().choose(&game, &state),
        Some(Action::Pass(Seat::new(0)))
    );
    assert!(
        !game.is_legal(&state, &Action::Pass(Seat::new(1))),
        "wrong seat"
    );
}

#[test]
fn c6_a12_a_pass_hands_the_turn_on_and_a_waiting_queen_goes_back() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let mut state = with_men_on_south_line(game.rules(), &blocking_xs(), QueenState::Waiting(0));
    let before = state.clone();
    game.apply(&mut state, &Action::Pass(Seat::new(0))).unwrap();
    assert_eq!(state.to_move(), Seat::new(1));
    assert_eq!(
        state.queen(),
        QueenState::OnBoard,
        "A12: never left waiting"
    );
    assert!(
        state.piece(lattjo_carrom::Piece::QUEEN).is_some(),
        "back on the board"
    );
    assert_eq!(state.strokes(), before.strokes(), "a pass is not a stroke");
    assert_eq!(
        state.pocketed(Colour::White),
        before.pocketed(Colour::White)
    );
    // Seat 1 (north) has a free base line: it may strike, and cannot pass.
    let mut out = Vec::new();
    game.legal_actions(&state, &mut out);
    assert!(out.iter().all(|a| matches!(a, Action::Strike(..))));
    let copy = state.clone();
    assert_eq!(
        game.apply(&mut state, &Action::Pass(Seat::new(1))),
        Err(PlayError::CanStrike)
    );
    assert_eq!(state, copy);
}

#[test]
fn c2_a_free_gap_narrower_than_a_millimetre_is_found_and_playable() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let reach = lattjo_carrom::STRIKER_RADIUS + lattjo_carrom::PIECE_RADIUS;
    // Shadows end at 0.3 mm and start again at 0.7 mm: no millimetre grid point is free.
    let (a, b) = (0.0003 - reach, 0.0007 + reach);
    let xs = [
        a - 0.21,
        a - 0.14,
        a - 0.07,
        a,
        b,
        b + 0.07,
        b + 0.14,
        b + 0.21,
    ];
    let state = with_men_on_south_line(game.rules(), &xs, QueenState::OnBoard);
    assert!(
        game.check_pass(&state, Seat::new(0)) == Err(PlayError::CanStrike),
        "a stroke fits in the gap"
    );
    let mut out = Vec::new();
    game.legal_actions(&state, &mut out);
    assert_eq!(out.len(), 1, "{out:?}");
    let Action::Strike(_, stroke) = out[0] else {
        panic!("a stroke, not a pass: {out:?}")
    };
    assert!(stroke.offset() > 0.0003 - 1e-6 && stroke.offset() < 0.0007 + 1e-6);
    let mut s = state.clone();
    game.apply(&mut s, &out[0]).unwrap();
    assert_eq!(s.strokes(), state.strokes() + 1);
    // Beside the gap the striker overlaps a man: the error names it.
    assert!(matches!(
        game.check_stroke(
            &state,
            Seat::new(0),
            &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 2.0)
        ),
        Err(PlayError::Stroke(StrokeError::OverlapsPiece(_)))
    ));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Any number of men scattered on and near seat 0's base line: `legal_actions` is never
    /// empty, lists only legal actions (a stroke that fits, or the pass exactly when none
    /// fits), and the first of them plays; where the pass is offered, a dense search of the
    /// line finds no place either.
    #[test]
    fn c2_legal_actions_are_placeable_or_the_pass(
        xs in proptest::collection::vec((-0.33f64..0.33, -0.03f64..0.03), 0..9),
    ) {
        let game = Carrom::new(Rules::lattjo()).unwrap();
        let Some(state) = men_near_south_line(&game, xs) else {
            return Ok(()); // a man over a pocket: not a position
        };
        let mut out = Vec::new();
        game.legal_actions(&state, &mut out);
        proptest::prop_assert!(!out.is_empty());
        let blocked = game.check_pass(&state, Seat::new(0)).is_ok();
        for a in &out {
            proptest::prop_assert!(game.is_legal(&state, a), "{:?}", a);
            proptest::prop_assert_eq!(matches!(a, Action::Pass(_)), blocked);
        }
        let mut next = state.clone();
        game.apply(&mut next, &out[0]).unwrap();
        proptest::prop_assert_eq!(dense_check(&game, &state, &out), None);
    }

    /// Rows of men along seat 0's base line, spaced about a striker and a man apart, so that
    /// the line is blocked or left with gaps down to a fraction of a millimetre: the pass is
    /// offered exactly where a dense search finds no place either.
    #[test]
    fn c2_the_pass_is_offered_only_where_no_offset_fits(
        start in -0.36f64..-0.30,
        spacing in 0.068f64..0.076,
        dys in proptest::collection::vec(-0.004f64..0.004, 7..10),
    ) {
        let game = Carrom::new(Rules::lattjo()).unwrap();
        let row = dys.into_iter().enumerate().map(|(k, dy)| (start + spacing * k as f64, dy));
        let Some(state) = men_near_south_line(&game, row) else {
            return Ok(()); // a man over a pocket: not a position
        };
        let mut out = Vec::new();
        game.legal_actions(&state, &mut out);
        proptest::prop_assert!(!out.is_empty());
        proptest::prop_assert_eq!(dense_check(&game, &state, &out), None);
    }
}

/// Seat 0 to move with black men at `(x, dy)`: `x` along the board, `dy` off seat 0's base
/// line; a man that would overlap one placed before is left out. `None` where the rules
/// refuse the position (a man over a pocket).
fn men_near_south_line(game: &Carrom, men: impl IntoIterator<Item = (f64, f64)>) -> Option<State> {
    let rules = game.rules();
    let mut s = setup(rules, &whites(1), QueenState::OnBoard, [0, 0], 0);
    let mut placed: Vec<Vec2> = Vec::new();
    for (k, (x, dy)) in men.into_iter().enumerate() {
        let p = Vec2::new(x, south_line_y() + dy);
        if placed
            .iter()
            .all(|q| q.distance(p) >= 2.0 * lattjo_carrom::PIECE_RADIUS)
        {
            s.pieces[black(k as u8).id() as usize] = Some(p);
            placed.push(p);
        }
    }
    s.into_state(rules).ok()
}

/// The exact search for a free place on seat 0's base line against a dense one: where the
/// pass is offered, no offset on a 0.05 mm grid of the whole line may let the striker stand
/// there; where it is not, the first listed stroke must pass the stroke check. What failed,
/// if anything.
fn dense_check(game: &Carrom, state: &State, listed: &[Action]) -> Option<String> {
    let seat = Seat::new(0);
    let steps = (2.0 * MAX_STRIKER_OFFSET / 5e-5) as i32;
    let fits = (0..=steps)
        .map(|k| -MAX_STRIKER_OFFSET + f64::from(k) * 5e-5)
        .find(|&offset| {
            let stroke = Stroke::on_base_line(offset, Vec2::new(0.0, 1.0), 3.0);
            game.check_stroke(state, seat, &stroke).is_ok()
        });
    match (listed.first(), fits) {
        (Some(Action::Pass(_)), Some(offset)) => {
            Some(format!("the pass is offered, but offset {offset} fits"))
        }
        (Some(Action::Strike(_, stroke)), _) => game
            .check_stroke(state, seat, stroke)
            .err()
            .map(|e| format!("the listed stroke {stroke:?} is refused: {e}")),
        _ => None,
    }
}

/// Regression: with every seat's base line blocked the seats passed in turn without end (a
/// random playout or a search from such a state never finished). A pass moves no piece, so no
/// seat could ever strike again: the board now ends at the first pass, without a winner and
/// without points (`BoardEnd::Blocked`, a library decision: no rule covers it).
#[test]
fn regression_every_base_line_blocked_passed_without_end_c2() {
    for rules in [Rules::lattjo(), Rules::icf()] {
        let game = Carrom::new(rules).unwrap();
        for queen in [QueenState::OnBoard, QueenState::Waiting(0)] {
            let start = both_lines_blocked(game.rules(), queen);
            let mut out = Vec::new();
            game.legal_actions(&start, &mut out);
            assert_eq!(out, vec![Action::Pass(Seat::new(0))]);
            let mut s = start.clone();
            game.apply(&mut s, &Action::Pass(Seat::new(0))).unwrap();
            assert_eq!(s.phase(), lattjo_carrom::Phase::Over, "{queen:?}");
            let r = s.result().expect("the board is over");
            assert_eq!(r.winner, None);
            assert_eq!(r.points, [0, 0]);
            assert_eq!(r.reason, lattjo_carrom::BoardEnd::Blocked);
            assert_eq!(game.turn(&s), boardgame_core::Turn::Terminal);
            assert_eq!(
                game.returns(&s).map(|r| r.as_slice().to_vec()),
                Some(vec![0.0, 0.0]),
                "no one wins"
            );
            game.legal_actions(&s, &mut out);
            assert!(out.is_empty());
            // The men stay where they were; a waiting queen goes back (invariant 4).
            for k in 0..7 {
                let id = black(k).id();
                assert_eq!(s.piece(black(k)), start.piece(black(k)), "man {id}");
            }
            assert_eq!(s.queen(), QueenState::OnBoard);
            assert!(s.piece(lattjo_carrom::Piece::QUEEN).is_some());
            assert_eq!(s.strokes(), start.strokes(), "a pass is not a stroke");
            // The learning observation (offsets of `lattjo_carrom::learning`'s table): the
            // phase is "over" (196); the result's winner (204-205), points (206-207) and
            // reason (208-211) fields are all zero.
            use boardgame_core::Observe;
            for seat in 0..2 {
                let mut obs = vec![0.0; game.observation_shape().size()];
                game.observe(&s, Seat::new(seat), &mut obs).expect("sized");
                assert_eq!(obs[196], 1.0, "phase over");
                assert!(
                    obs[204..212].iter().all(|&v| v == 0.0),
                    "{:?}",
                    &obs[204..212]
                );
            }
        }
    }
}

/// Only a pass while every line is blocked ends the board: with the north line free, the
/// pass hands the turn on (the test above the regression) and the board goes on.
#[test]
fn c2_a_pass_with_another_line_free_does_not_end_the_board() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let mut s = with_men_on_south_line(game.rules(), &blocking_xs(), QueenState::OnBoard);
    game.apply(&mut s, &Action::Pass(Seat::new(0))).unwrap();
    assert_eq!(s.result(), None);
    assert_eq!(s.phase(), lattjo_carrom::Phase::Stroke);
    assert_eq!(s.to_move(), Seat::new(1));
}

/// A random playout from the blocked position ends (what the regression broke), and a whole
/// game goes on to the next board after a blocked one, which counts as a board played and
/// gives no one points; the break goes round (no winner or loser to give it to).
#[test]
fn a_blocked_board_ends_random_play_and_the_game_goes_on() {
    use boardgame_core::{RoundContext, Rounds};
    let game = Carrom::new(Rules::lattjo()).unwrap();
    let start = both_lines_blocked(game.rules(), QueenState::OnBoard);
    let mut rng = GameRng::new(5, 0);
    let mut s = start.clone();
    let mut buf = Vec::new();
    let mut actions = 0;
    while game.turn(&s) != boardgame_core::Turn::Terminal {
        let a = game
            .sample_action(&s, &mut rng, &mut buf)
            .expect("an action");
        game.apply(&mut s, &a).unwrap();
        actions += 1;
        assert!(actions <= 1, "a blocked board ends at its first pass");
    }
    assert_eq!(
        game.round_points(&s).map(|p| p.as_slice().to_vec()),
        Some(vec![0, 0])
    );
    let totals = boardgame_core::BySeat::from_fn(2, |_| 0i64);
    let config = game.match_config();
    let next = game.new_round(&RoundContext {
        round: 1,
        totals: &totals,
        previous: Some(&s),
        config: &config,
    });
    assert_eq!(next.breaker(), s.breaker().next(2));
    assert_eq!(next.result(), None);
    assert_eq!(next.board_number(), 1);
}
