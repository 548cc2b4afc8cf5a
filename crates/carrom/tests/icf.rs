//! The ICF preset's section 5 options that go beyond the first ICF switches: the extra point
//! "if demanded" (ICF 75-85), dues placed off the centre circle (ICF 62(b)), declining dues
//! (ICF 60), referee calls for foul strokes and technical fouls (ICF 35-37), best-of-three
//! matches (ICF 29-33). Each on a constructed situation, each option alone and in the preset.

mod common;

use boardgame_core::{Agent, Game, Match, RoundContext, Rounds, Seat, Turn, play_game};
use carrom::{
    Action, ApplyError, BoardEnd, Call, Carrom, CarromGame, Colour, DueChoice, Phase, Planner,
    QueenState, Rules, State, Stroke, StrokeEvents, Vec2, resolve,
};
use common::*;

fn ev() -> StrokeEvents {
    StrokeEvents::counted()
}

/// Rules with only the named ICF 60/62(b)/75-85/35-37 option switched on.
fn booklet_with(f: impl FnOnce(&mut Rules)) -> Rules {
    let mut r = Rules::booklet();
    f(&mut r);
    r
}

// ---- ICF 75-85: the extra point "if demanded" ----

#[test]
fn icf_81_extra_point_when_the_last_man_drops_with_the_striker() {
    // White (team 0) has one man left and pockets it with the striker: ICF 81 loses the board.
    // Team 1 scores white's men back on the board after the penalty (2) + 3 penalty points,
    // and with the extra point "if demanded" one more.
    let run = |rules: Rules| {
        let mut s = position(&rules, &both(8, 4), QueenState::OnBoard, [0, 0], 0);
        let r = resolve(&rules, &mut s, &ev().pocket(white(8)).striker_pocketed()).unwrap();
        r.board_over.unwrap()
    };
    let mut without = Rules::icf();
    without.extra_point_if_demanded = false;
    let plain = run(without);
    assert_eq!(
        (plain.winner, plain.reason),
        (1, BoardEnd::LastPieceWithStriker)
    );
    assert_eq!(plain.points, [0, 2 + 3]);
    let icf = run(Rules::icf());
    assert_eq!(icf.points, [0, 2 + 3 + 1], "ICF 81: + 1 if demanded");
}

#[test]
fn icf_76_extra_point_on_the_opponents_last_man_with_the_striker_booklet_option_alone() {
    // Booklet C16 with the striker also pocketed: the victim (team 1) wins; the option alone
    // adds the extra point for the pocketed striker, and only when the striker dropped.
    let rules = booklet_with(|r| r.extra_point_if_demanded = true);
    let mut s = position(&rules, &both(6, 8), QueenState::OnBoard, [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(black(8)).striker_pocketed()).unwrap();
    let res = r.board_over.unwrap();
    assert_eq!((res.winner, res.reason), (1, BoardEnd::OpponentsLastPiece));
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
    // Team 1 covered the queen (3) and white still has 8 men on the board when white pockets
    // black's last man with the striker: 8 + 1 returned + 3 + 3 + 1 = 16, capped at 12.
    let rules = Rules::icf();
    let mut s = position(&rules, &both(1, 8), QueenState::Covered(1), [0, 0], 0);
    let r = resolve(&rules, &mut s, &ev().pocket(black(8)).striker_pocketed()).unwrap();
    let res = r.board_over.unwrap();
    assert_eq!(res.winner, 1);
    assert_eq!(res.points, [0, 12]);
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
    let outside = carrom::CENTRE_SPOT_RADIUS + carrom::PIECE_RADIUS;
    // Booklet: the due man goes on the free centre spot (C10, A6).
    let rules = Rules::booklet();
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
    assert!(d + carrom::PIECE_RADIUS <= carrom::OUTER_CIRCLE_RADIUS);
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
    game.play_events(&mut s, &ev().striker_pocketed()).unwrap();
    let Phase::Dues { placer, men } = s.phase() else {
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
    let stroke = Action::Strike(Seat::new(1), Stroke::new(0.0, Vec2::new(0.0, 1.0), 2.0));
    assert_eq!(game.apply(&mut s, &stroke), Err(ApplyError::DuesPending));
    assert_eq!(
        game.apply(&mut s, &Action::Dues(Seat::new(0), DueChoice::Decline)),
        Err(ApplyError::NoDuesChoice)
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
    game.play_events(&mut s, &ev().pocket(white(4))).unwrap();
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
    game.play_events(&mut s, &ev().striker_pocketed()).unwrap();
    assert_eq!((s.phase(), s.debt(Colour::White)), (Phase::Stroke, 1));
}

#[test]
fn icf_60_no_choice_when_declining_would_clear_the_side_and_none_in_the_booklet() {
    // Booklet A14 (penalties first) with the decline option: white pockets its last man with
    // the striker, two men come back; declining would leave white no man, so no choice opens.
    let rules = booklet_with(|r| r.dues_may_be_declined = true);
    let game = Carrom::new(rules).unwrap();
    let mut s = position(&rules, &both(8, 4), QueenState::Covered(0), [0, 0], 0);
    game.play_events(&mut s, &ev().pocket(white(8)).striker_pocketed())
        .unwrap();
    assert_eq!(s.phase(), Phase::Stroke);
    assert_eq!(s.on_board(Colour::White), 2);
    // The booklet alone never opens the choice.
    let rules = Rules::booklet();
    let game = Carrom::new(rules).unwrap();
    let mut s = position(&rules, &whites(3), QueenState::OnBoard, [0, 0], 0);
    game.play_events(&mut s, &ev().striker_pocketed()).unwrap();
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
    let start = game.opening(Seat::new(0)).unwrap();
    let brk = Stroke::new(0.0, Vec2::new(0.0, 1.0), 8.0);
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
    let booklet = Carrom::new(Rules::booklet()).unwrap();
    let mut b = booklet.opening(Seat::new(0)).unwrap();
    let copy = b.clone();
    assert_eq!(
        booklet.apply(&mut b, &Action::Call(Call::FoulStroke(Seat::new(0), brk))),
        Err(ApplyError::NoCalls)
    );
    assert_eq!(b, copy);
    let mut s = start.clone();
    assert!(matches!(
        game.apply(&mut s, &Action::Call(Call::FoulStroke(Seat::new(1), brk))),
        Err(ApplyError::WrongSeat { .. })
    ));
    assert_eq!(s, start);
    // Never generated for players.
    let mut out = Vec::new();
    game.legal_actions(&start, &mut out);
    assert!(!out.iter().any(|a| matches!(a, Action::Call(_))));
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
    let mut s = game.opening(Seat::new(0)).unwrap();
    game.play_events(&mut s, &StrokeEvents::missed()).unwrap();
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
    game.play_events(&mut s, &ev().pocket(white(3))).unwrap();
    assert!(s.turn_started());
    game.play_events(&mut s, &ev()).unwrap();
    assert!(!s.turn_started(), "a new turn");
}

// ---- ICF 29-33: best of three ----

#[test]
fn icf_30_31_later_games_are_broken_first_by_the_other_side_without_a_toss() {
    let cg = CarromGame::new(Rules::icf()).unwrap();
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
    let m: Match<CarromGame> = Carrom::full_match(rules).unwrap();
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
        Carrom::full_match(Rules::booklet())
            .unwrap()
            .config()
            .target(),
        Some(1)
    );
    let mut even = Rules::icf();
    even.games_per_match = 2;
    assert!(Carrom::full_match(even).is_err());
}
