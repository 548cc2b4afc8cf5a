//! A second reviewer's pass over the rules file (/work/shared/rules/ludo.md), aimed at what
//! `rules.rs` and `rules_review.rs` do not cover: stacks of own checkers split and captured,
//! captures of stacked opponents by every kind of move, the shared finishing dot, Classic's
//! loop whose last index is not the dot before the start, the places and returns by seat with
//! 2 and 4 players, the roll for who starts with 2 players, Mensch's duties from its first
//! roll and without a den, the pass of D9 on a 6, and refused input leaving the state
//! unchanged. Every expected value is worked out by hand from the rules file; each test cites
//! the rule ids and the sentence it checks.
//!
//! Index conversions (40-dot loop, start dots 10 apart: red 0, green 10, yellow 20, blue 30):
//! a checker of a colour with start dot `s` at path index `k` (1..=40) stands on loop dot
//! `(s + k - 1) mod 40`. On Classic's 52-dot loop the start dots are 13 apart (red 0, green
//! 13, yellow 26, blue 39) and the last loop index is 51, so loop dot `s - 1` is never
//! visited by that colour.

use boardgame_core::{Game, Seat, Turn};
use lattjo_ludo::{
    Action, Colour, Move, ParseLegalMoveError, ParseStateError, PlayError, PositionError, Rules,
    State, StateError,
};

use crate::rules_review::{at, game, lattjo, moves, play, roll, rolled, set};

// ---------------------------------------------------------------------------------------------
// L9, L10, A10: stacks of own checkers and of opponents

/// L9 "Any number of the player's own checkers may share a dot", L10 "A move that ends on a
/// dot holding an opponent's checker sends that checker back to its den": two red checkers
/// share red 12 (loop dot 11); a 3 moves one of them (one move for the pair) to red 15 (dot
/// 14). The one left behind is still on dot 11: green landing there (green 2) captures it and
/// only it; green landing on dot 14 (green 5) captures the moved one and only it.
#[test]
fn l9_l10_moving_one_of_a_stacked_pair_leaves_the_other_on_its_dot() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,12,12 G:0,0,0,1 Y:0,0,0,0 B:0,0,0,0",
        3,
    );
    assert_eq!(moves(&g, &st), set(&["R:12>15"]), "one move for the pair");
    play(&g, &mut st, "R:12>15");
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 12, 15]);
    assert_eq!(st.position().to_move(), Some(Colour::Green));

    // Green 1 + 1 = green 2, loop dot 11: the red checker left at red 12.
    let mut left = st;
    roll(&g, &mut left, 1);
    assert_eq!(moves(&g, &left), set(&["G:0>1", "G:1>2xR"]));
    play(&g, &mut left, "G:1>2");
    assert_eq!(left.position().checkers(Colour::Red), [0, 0, 0, 15]);
    assert_eq!(left.position().checkers(Colour::Green), [0, 0, 0, 2]);

    // Green 1 + 4 = green 5, loop dot 14: the red checker that moved to red 15.
    let mut moved = st;
    roll(&g, &mut moved, 4);
    assert_eq!(moves(&g, &moved), set(&["G:1>5xR"]));
    play(&g, &mut moved, "G:1>5");
    assert_eq!(moved.position().checkers(Colour::Red), [0, 0, 0, 12]);
}

/// L9, L10: when both checkers of a stacked pair leave the dot one after the other (a 6 and
/// the extra roll, L7), the dot is empty: green landing there afterwards captures nothing,
/// and the checkers elsewhere are untouched.
#[test]
fn l9_l7_a_dot_emptied_by_both_checkers_of_a_pair_captures_nothing() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,12,12 G:0,0,0,1 Y:0,0,0,0 B:0,0,0,0",
        6,
    );
    assert_eq!(
        moves(&g, &st),
        set(&["R:0>1,0>1", "R:0>6", "R:12>18"]),
        "the pair is one move (L9), the den gives L6's two options"
    );
    play(&g, &mut st, "R:12>18");
    roll(&g, &mut st, 6);
    play(&g, &mut st, "R:12>18");
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 18, 18]);
    roll(&g, &mut st, 2);
    // Red 18 + 2 = 20 (dot 19): nothing there. Green's turn next.
    play(&g, &mut st, "R:18>20");
    assert_eq!(st.position().to_move(), Some(Colour::Green));
    roll(&g, &mut st, 1);
    // Green 1 + 1 = green 2, loop dot 11 (red 12): empty now, so no capture mark.
    assert_eq!(moves(&g, &st), set(&["G:0>1", "G:1>2"]));
    play(&g, &mut st, "G:1>2");
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 18, 20]);
}

/// L6, A2, A10: "When two checkers enter on a 6 this counts as one capture event" and
/// "Send them all back to their den": two green checkers on red's start dot (green 31, loop
/// dot 0) both go home when red brings two out, with one capture mark.
#[test]
fn a2_a10_two_entering_capture_a_stacked_pair_on_the_start_dot_at_once() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,31,31 Y:0,0,0,0 B:0,0,0,0",
        6,
    );
    assert_eq!(moves(&g, &st), set(&["R:0>1,0>1xG", "R:0>6"]));
    play(&g, &mut st, "R:0>1,0>1");
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 1, 1]);
    assert_eq!(st.position().checkers(Colour::Green), [0; 4]);
    assert_eq!(st.position().to_move(), Some(Colour::Red), "L7: a 6");
}

/// L6, A7, A10: "An opponent on the sixth dot is captured", all of them: two yellow checkers
/// on red's sixth dot (loop dot 5, yellow 26) go home when red enters there.
#[test]
fn a7_a10_entering_on_the_sixth_dot_captures_a_stacked_pair() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,9,26,26 B:0,0,0,0",
        6,
    );
    assert_eq!(moves(&g, &st), set(&["R:0>1,0>1", "R:0>6xY"]));
    play(&g, &mut st, "R:0>6");
    assert_eq!(st.position().checkers(Colour::Yellow), [0, 0, 0, 9]);
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 0, 6]);
}

/// A4, A10: "If the bounce comes back out onto the loop ... an opponent's checker there is
/// captured as in L10": red 44 + 6 = 50 > 45 bounces to 2*45 - 50 = 40 (loop dot 39), where
/// two blue checkers (blue 10) stand: both go home.
#[test]
fn a4_a10_a_bounce_back_onto_the_loop_captures_a_stacked_pair() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:44,45,45,45 G:0,0,0,0 Y:0,0,0,0 B:0,3,10,10",
        6,
    );
    assert_eq!(moves(&g, &st), set(&["R:44>40~xB"]));
    play(&g, &mut st, "R:44>40");
    assert_eq!(st.position().checkers(Colour::Blue), [0, 0, 0, 3]);
    assert_eq!(st.position().checkers(Colour::Red), [40, 45, 45, 45]);
    assert_eq!(st.position().to_move(), Some(Colour::Red), "A3: a 6");
}

/// L5, L9, L10: a 1 brings a red checker onto its start dot, where two red checkers already
/// stand: the three share it (L9) and nothing is captured.
#[test]
fn l5_l9_a_one_enters_onto_an_own_pair_on_the_start_dot() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,1,1 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0",
        1,
    );
    assert_eq!(moves(&g, &st), set(&["R:0>1", "R:1>2"]));
    play(&g, &mut st, "R:0>1");
    assert_eq!(st.position().checkers(Colour::Red), [0, 1, 1, 1]);
}

/// L6, L9: the sixth dot holding an own checker is no obstacle in the booklet: the checker
/// entering there shares it.
#[test]
fn l6_l9_entering_on_the_sixth_dot_onto_an_own_checker_shares_it() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,6 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0",
        6,
    );
    assert_eq!(moves(&g, &st), set(&["R:0>1,0>1", "R:0>6", "R:6>12"]));
    play(&g, &mut st, "R:0>6");
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 6, 6]);
}

// ---------------------------------------------------------------------------------------------
// L12, L13, L16, A16: the home tracks and the finishing dot

/// L16 "A checker that reaches the finishing dot is taken out of play", A16 "It cannot be
/// captured or blocked there, and more than one checker can finish": the finishing dot is
/// shared by all colours, so red finishing while green has two checkers there captures
/// nothing, and such a position is not refused as two colours sharing a dot.
#[test]
fn l16_a16_the_finishing_dot_is_shared_by_colours_and_captures_nothing() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,44 G:0,0,45,45 Y:0,0,0,45 B:0,0,0,0",
        1,
    );
    assert_eq!(moves(&g, &st), set(&["R:0>1", "R:44>45"]));
    play(&g, &mut st, "R:44>45");
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 0, 45]);
    assert_eq!(st.position().checkers(Colour::Green), [0, 0, 45, 45]);
    assert_eq!(st.position().checkers(Colour::Yellow), [0, 0, 0, 45]);
}

/// L12 "The finishing dot is reached only through the home track in the checker's own
/// colour", L13: the home tracks are one per colour, so red 42 and green 42 are different dots
/// (no shared dot), and red landing on its 42 leaves green's checker on green's 42 alone.
#[test]
fn l12_l13_equal_home_indices_of_two_colours_are_different_dots() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,40 G:0,0,0,42 Y:0,0,0,0 B:0,0,0,0",
        2,
    );
    assert_eq!(moves(&g, &st), set(&["R:40>42"]), "no capture mark");
    play(&g, &mut st, "R:40>42");
    assert_eq!(st.position().checkers(Colour::Green), [0, 0, 0, 42]);
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 0, 42]);
}

/// D10 Classic (T = 52, L = 51, H = 5), L12, L13: a checker's last loop index is 51, one dot
/// before its start dot, so the loop dot just before a start dot belongs to every path but
/// its own colour's. Red 50 + 2 turns into the home column (52) and does not capture the
/// green checker on loop dot 51 (green 39); red 50 + 1 = red 51 is loop dot 50, not 51.
/// And a green checker on green's first home dot (52) is not on loop dot 12 (the dot before
/// green's start dot 13), so red landing on red 13 (loop dot 12) captures nothing.
#[test]
fn d10_l13_classic_the_dot_before_a_start_dot_is_not_on_that_colours_path() {
    let g = game(Rules::classic(), "RGYB");
    let pos = "LUDO 52/51/5 RGYB R 0 R:0,0,0,50 G:0,0,0,39 Y:0,0,0,0 B:0,0,0,0";
    assert_eq!(moves(&g, &rolled(&g, pos, 2)), set(&["R:50>52"]));
    assert_eq!(moves(&g, &rolled(&g, pos, 1)), set(&["R:50>51"]));
    // Green 38 is loop dot 50: red 50 + 1 lands there and captures.
    let pos = "LUDO 52/51/5 RGYB R 0 R:0,0,0,50 G:0,0,0,38 Y:0,0,0,0 B:0,0,0,0";
    assert_eq!(moves(&g, &rolled(&g, pos, 1)), set(&["R:50>51xG"]));

    let mut st = rolled(
        &g,
        "LUDO 52/51/5 RGYB R 0 R:0,0,0,10 G:0,0,0,52 Y:0,0,0,0 B:0,0,0,0",
        3,
    );
    assert_eq!(moves(&g, &st), set(&["R:10>13"]));
    play(&g, &mut st, "R:10>13");
    assert_eq!(st.position().checkers(Colour::Green), [0, 0, 0, 52]);
}

/// D3 Classic "A player may not end on their own occupied dot" with L16/A16 "more than one
/// checker can finish": the rule binds in the home column (red 52 + 2 onto red 54 is no move)
/// but not on the finishing dot, which takes checkers out of play: red 56 + 1 joins two red
/// checkers already finished.
#[test]
fn d3_a16_classic_no_sharing_in_the_home_column_but_the_finish_takes_any_number() {
    let g = game(Rules::classic(), "RY");
    let st = rolled(&g, "LUDO 52/51/5 RY R 0 R:0,0,52,54 Y:0,0,0,0", 2);
    assert_eq!(moves(&g, &st), set(&["R:54>56"]));
    let mut st = rolled(&g, "LUDO 52/51/5 RY R 0 R:0,56,57,57 Y:0,0,0,0", 1);
    assert_eq!(moves(&g, &st), set(&["R:56>57"]));
    play(&g, &mut st, "R:56>57");
    assert_eq!(st.position().checkers(Colour::Red), [0, 57, 57, 57]);
    assert_eq!(st.position().to_move(), Some(Colour::Yellow));
}

// ---------------------------------------------------------------------------------------------
// L2, L17, A13, A15: who starts, who wins, the places and the returns by seat

/// L2, A13 with two players: "The tied highest players roll again, until one is highest":
/// red and yellow tie twice, then yellow rolls higher and starts (with a roll of its own,
/// the opening roll moving nothing).
#[test]
fn l2_a13_two_players_tie_repeatedly_until_one_is_highest() {
    let g = game(Rules::lattjo(), "RY");
    let mut st = g.new_initial_state();
    for (d, next) in [(4, Colour::Yellow), (4, Colour::Red), (6, Colour::Yellow)] {
        roll(&g, &mut st, d);
        let o = st
            .position()
            .opening()
            .expect("still rolling for the start");
        assert_eq!(
            o.contenders().collect::<Vec<_>>(),
            [Colour::Red, Colour::Yellow]
        );
        assert_eq!(st.position().to_move(), Some(next));
    }
    roll(&g, &mut st, 6); // yellow ties red's 6
    assert!(st.position().opening().is_some(), "6 and 6: again");
    roll(&g, &mut st, 3); // red
    roll(&g, &mut st, 5); // yellow
    assert!(st.position().opening().is_none());
    assert_eq!(st.position().to_move(), Some(Colour::Yellow));
    assert_eq!(g.turn(&st), Turn::Chance);
    assert_eq!(st.position().six_streak(), 0);
    assert_eq!(st.position().checkers(Colour::Yellow), [0; 4]);
}

/// L2, A13 with four players all tied: all four roll again, in seat order.
#[test]
fn l2_a13_four_players_all_tied_all_roll_again() {
    let g = lattjo();
    let mut st = g.new_initial_state();
    for _ in 0..4 {
        roll(&g, &mut st, 2);
    }
    let o = st.position().opening().expect("a tie of all four");
    assert_eq!(o.contenders().collect::<Vec<_>>(), Colour::ALL);
    assert_eq!(st.position().to_move(), Some(Colour::Red));
    for d in [1, 3, 2, 1] {
        roll(&g, &mut st, d);
    }
    assert!(st.position().opening().is_none());
    assert_eq!(st.position().to_move(), Some(Colour::Green));
}

/// L2, A13 "The tied highest players roll again, until one is highest": a three-way tie
/// narrows to two on the re-roll (the lowest of the re-roll drops out), and those two roll
/// once more; the rolls of a round are kept in contender order.
#[test]
fn l2_a13_a_three_way_tie_narrows_round_by_round() {
    let g = lattjo();
    let mut st = g.new_initial_state();
    for d in [5, 5, 5, 2] {
        roll(&g, &mut st, d);
    }
    let o = st.position().opening().expect("a tie");
    assert_eq!(
        o.contenders().collect::<Vec<_>>(),
        [Colour::Red, Colour::Green, Colour::Yellow]
    );
    roll(&g, &mut st, 4); // red
    roll(&g, &mut st, 4); // green
    assert_eq!(st.position().opening().expect("a round").rolls(), [4, 4]);
    assert_eq!(st.position().to_move(), Some(Colour::Yellow));
    roll(&g, &mut st, 1); // yellow drops out
    let o = st.position().opening().expect("red and green tie again");
    assert_eq!(
        o.contenders().collect::<Vec<_>>(),
        [Colour::Red, Colour::Green]
    );
    assert_eq!(st.position().to_move(), Some(Colour::Red));
    roll(&g, &mut st, 2);
    roll(&g, &mut st, 3);
    assert!(st.position().opening().is_none());
    assert_eq!(st.position().to_move(), Some(Colour::Green));
}

/// L17, A14 with two players seated green and blue: seat 0 is green and seat 1 is blue, and
/// blue bringing its fourth checker home wins: the returns are -1 for seat 0, +1 for seat 1.
#[test]
fn l17_a14_green_and_blue_returns_follow_the_seats() {
    let g = game(Rules::lattjo(), "GB");
    assert_eq!(g.colour_of(Seat::new(0)), Some(Colour::Green));
    assert_eq!(g.colour_of(Seat::new(1)), Some(Colour::Blue));
    let mut st = rolled(&g, "LUDO 40/40/4 GB B 0 G:0,0,0,3 B:0,44,45,45", 1);
    assert_eq!(g.turn(&st), Turn::Player(Seat::new(1)));
    assert_eq!(moves(&g, &st), set(&["B:0>1", "B:44>45"]));
    play(&g, &mut st, "B:44>45");
    assert_eq!(
        g.turn(&st),
        Turn::Chance,
        "one blue checker is still in its den"
    );
    assert_eq!(st.position().to_move(), Some(Colour::Green));
    let mut st = rolled(&g, "LUDO 40/40/4 GB B 0 G:0,0,0,3 B:44,45,45,45", 1);
    play(&g, &mut st, "B:44>45");
    assert_eq!(g.turn(&st), Turn::Terminal);
    assert_eq!(st.position().places().as_slice(), [Colour::Blue]);
    assert_eq!(g.returns(&st).expect("over").as_slice(), [-1.0, 1.0]);
}

fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12)
}

/// A15 with four players (`play_out_places`): "play on to rank the other places"; the docs'
/// returns "spread evenly from +1 (first) to -1 (last)": +1, +1/3, -1/3, -1. Blue finished
/// first and red second; yellow finishes third, which leaves green last at once. The returns
/// are by seat (red, green, yellow, blue).
#[test]
fn a15_four_players_played_out_places_and_returns_by_seat() {
    let g = game(Rules::lattjo().with_play_out_places(true), "RGYB");
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB Y 0 R:45,45,45,45 G:0,0,0,3 Y:44,45,45,45 B:45,45,45,45 places=BR",
        1,
    );
    play(&g, &mut st, "Y:44>45");
    assert_eq!(g.turn(&st), Turn::Terminal);
    assert_eq!(
        st.position().places().as_slice(),
        [Colour::Blue, Colour::Red, Colour::Yellow, Colour::Green]
    );
    let r = g.returns(&st).expect("over");
    assert!(
        close(r.as_slice(), &[1.0 / 3.0, -1.0, -1.0 / 3.0, 1.0]),
        "{:?}",
        r.as_slice()
    );
}

/// A15, L3: with places played out, the turn skips every finished colour: after blue come red
/// and green, both finished, so yellow rolls next; a 6 keeps blue rolling (L7).
#[test]
fn a15_l3_two_finished_colours_in_a_row_are_skipped() {
    let g = game(Rules::lattjo().with_play_out_places(true), "RGYB");
    let pos = "LUDO 40/40/4 RGYB B 0 R:45,45,45,45 G:45,45,45,45 Y:0,0,0,3 B:0,0,0,5 places=RG";
    let mut st = rolled(&g, pos, 2);
    play(&g, &mut st, "B:5>7");
    assert_eq!(st.position().to_move(), Some(Colour::Yellow));
    let mut st = rolled(&g, pos, 6);
    play(&g, &mut st, "B:5>11");
    assert_eq!(st.position().to_move(), Some(Colour::Blue));
    // A lost roll passes the same way: blue's 3 with nothing but the den and 45s... here blue
    // has a checker out, so use yellow: a lost 4 (nothing on the board) goes to blue.
    let mut st = at(
        &g,
        "LUDO 40/40/4 RGYB Y 0 R:45,45,45,45 G:45,45,45,45 Y:0,0,0,0 B:0,0,0,5 places=RG",
    );
    roll(&g, &mut st, 4);
    assert_eq!(st.position().to_move(), Some(Colour::Blue));
}

// ---------------------------------------------------------------------------------------------
// Mensch (D1, D2, D3): the duties from the first roll, and without a den

/// Mensch "Schmidt puts one piece on the start field from the beginning", D2 "the start field
/// ... must then be cleared", D1 "a 6 *must* release a checker while any remain in the den",
/// D3 "One piece per field": at the start the own checker holds the start field, so a 6
/// cannot release (the field is taken by an own piece) and the start field is cleared first
/// (1 > 7); the 6 rolls again, and now a 6 must release onto the free start field, while any
/// other number moves the checker on 7 (the start field is empty: nothing to clear).
#[test]
fn d1_d2_mensch_the_opening_checker_is_cleared_before_a_release() {
    let g = game(Rules::mensch(), "RGYB");
    let first = g.initial_state(Seat::new(0)).expect("red starts");
    assert_eq!(first.position().checkers(Colour::Red), [0, 0, 0, 1]);
    let mut st = first;
    roll(&g, &mut st, 3);
    assert_eq!(moves(&g, &st), set(&["R:1>4"]), "D2 on the first roll");
    let mut st = first;
    roll(&g, &mut st, 6);
    assert_eq!(
        moves(&g, &st),
        set(&["R:1>7"]),
        "cannot release onto itself"
    );
    play(&g, &mut st, "R:1>7");
    assert_eq!(
        st.position().to_move(),
        Some(Colour::Red),
        "a 6 rolls again"
    );
    let mut six = st;
    roll(&g, &mut six, 6);
    assert_eq!(moves(&g, &six), set(&["R:0>1"]), "D1: the 6 must release");
    let mut two = st;
    roll(&g, &mut two, 2);
    assert_eq!(moves(&g, &two), set(&["R:7>9"]));
}

/// Mensch D1, D2 concern the den: with no checker left in the den, a 6 need not release
/// (nothing can) and the start field need not be cleared, so every checker may move.
#[test]
fn d1_d2_mensch_no_duties_with_an_empty_den() {
    let g = game(Rules::mensch(), "RGYB");
    let pos = "LUDO 40/40/4 RGYB R 0 R:1,10,20,30 G:0,0,0,1 Y:0,0,0,1 B:0,0,0,1";
    assert_eq!(
        moves(&g, &rolled(&g, pos, 3)),
        set(&["R:1>4", "R:10>13", "R:20>23", "R:30>33"])
    );
    assert_eq!(
        moves(&g, &rolled(&g, pos, 6)),
        set(&["R:1>7", "R:10>16", "R:20>26", "R:30>36"])
    );
}

/// Mensch D3 "One piece per field", D4 "That move is illegal" (the exact count) in the goal
/// fields (41-44): a checker moves on inside them onto a free field with the exact count (41 +
/// 1 = 42), not onto a taken one (41 + 2 = 43) and not past the last (43 + 2, 44 + anything).
/// (No move here passes over a checker in the goal fields: whether that is allowed, D4's
/// "pieces enter the goal fields one by one", is left open; see the report.)
#[test]
fn d3_d4_mensch_moves_inside_the_goal_fields() {
    let g = game(Rules::mensch(), "RGYB");
    let pos = "LUDO 40/40/4 RGYB R 0 R:25,41,43,44 G:0,0,0,1 Y:0,0,0,1 B:0,0,0,1";
    assert_eq!(moves(&g, &rolled(&g, pos, 1)), set(&["R:25>26", "R:41>42"]));
    assert_eq!(moves(&g, &rolled(&g, pos, 2)), set(&["R:25>27"]));
}

// ---------------------------------------------------------------------------------------------
// A3, A11, D9: a pass and a lost roll

/// D9 (must_move off), A3 "Every 6 gives another roll, whichever option was used, and even if
/// the 6 could not be used at all": a player who passes on a 6 still rolls again.
#[test]
fn d9_a3_a_pass_on_a_six_still_rolls_again() {
    let g = game(Rules::lattjo().with_must_move(false), "RGYB");
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,10 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0",
        6,
    );
    assert_eq!(
        moves(&g, &st),
        set(&["R:-", "R:0>1,0>1", "R:0>6", "R:10>16"])
    );
    play(&g, &mut st, "R:-");
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 0, 10]);
    assert_eq!(g.turn(&st), Turn::Chance);
    assert_eq!(st.position().to_move(), Some(Colour::Red));
    assert_eq!(st.position().six_streak(), 1);
    // No legal move: no pass is offered either, the roll is lost (A11).
    let st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0",
        4,
    );
    assert!(moves(&g, &st).is_empty());
    assert_eq!(st.position().to_move(), Some(Colour::Green));
}

// ---------------------------------------------------------------------------------------------
// Hostile input: typed errors, the state unchanged

/// A refused move leaves the state as it was, whatever is wrong with it: a wrong capture
/// mark, a single checker to the start dot on a 6 (A5, T8: exactly two options), two out on a
/// 1, a step of the wrong length, a move on a finished game.
#[test]
fn refused_moves_are_typed_and_change_nothing() {
    let g = lattjo();
    let st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,10 G:0,0,0,3 Y:0,0,0,0 B:0,0,0,0",
        6,
    );
    // Red 10 + 6 = red 16, loop dot 15; green 3 is loop dot 12: no capture there.
    assert_eq!(moves(&g, &st), set(&["R:0>1,0>1", "R:0>6", "R:10>16"]));
    for bad in ["R:0>1", "R:10>16xG", "R:10>15", "R:0>6xG"] {
        let mv: Move = bad.parse().expect("well formed");
        let mut s = st;
        assert!(
            matches!(
                g.apply(&mut s, &Action::Move(mv)),
                Err(PlayError::Illegal { .. })
            ),
            "{bad}"
        );
        assert_eq!(s, st, "{bad}");
        assert!(
            matches!(
                g.parse_move(&st, bad),
                Err(ParseLegalMoveError::Play(PlayError::Illegal { .. }))
            ),
            "{bad}"
        );
    }
    // A release to a dot that no release reaches is no move of these rules at all.
    let mut s = st;
    assert!(matches!(
        g.apply(&mut s, &Action::Move("R:0>7".parse().expect("ok"))),
        Err(PlayError::NotInRules { .. })
    ));
    assert_eq!(s, st);
    let st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,10 G:0,0,0,3 Y:0,0,0,0 B:0,0,0,0",
        1,
    );
    let mut s = st;
    assert!(matches!(
        g.apply(&mut s, &Action::Move("R:0>1,0>1".parse().expect("ok"))),
        Err(PlayError::Illegal { .. })
    ));
    assert_eq!(s, st);
    // A finished game refuses a move as well as a roll.
    let mut over = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:44,45,45,45 G:0,0,0,3 Y:0,0,0,0 B:0,0,0,0",
        1,
    );
    play(&g, &mut over, "R:44>45");
    let done = over;
    assert_eq!(
        g.apply(&mut over, &Action::Move("G:3>4".parse().expect("ok"))),
        Err(PlayError::GameOver)
    );
    assert_eq!(over, done);
}

/// A15, L3: a colour that has finished never moves again, so a played-out game's position with
/// a finished colour to move is refused (already by the notation); and a finished game with a
/// colour to move, or a game going on after its first place (without A15's option), is not
/// one these rules can have either.
#[test]
fn a15_l17_turns_that_contradict_the_places_are_refused() {
    let g = game(Rules::lattjo().with_play_out_places(true), "RGY");
    let e = g
        .state_from_str("LUDO 40/40/4 RGY R 0 R:45,45,45,45 G:0,0,0,3 Y:0,0,0,5 places=R")
        .expect_err("red has finished");
    assert!(
        matches!(e, ParseStateError::Position(PositionError::Turn(_))),
        "{e:?}"
    );
    // L17 without A15's option: red has finished, so the game is over and nobody moves.
    let g = game(Rules::lattjo(), "RGY");
    let e = g
        .state_from_str("LUDO 40/40/4 RGY G 0 R:45,45,45,45 G:0,0,0,3 Y:0,0,0,5 places=R")
        .expect_err("the game is over");
    assert!(
        matches!(e, ParseStateError::State(StateError::Turn(_))),
        "{e:?}"
    );
    // Red has finished but is not placed.
    let e = g
        .state_from_str("LUDO 40/40/4 RGY G 0 R:45,45,45,45 G:0,0,0,3 Y:0,0,0,5")
        .expect_err("red has finished");
    assert!(
        matches!(e, ParseStateError::State(StateError::Places)),
        "{e:?}"
    );
}

/// The move notation (section 6): "`R:43>41~` a bounce". `Ludo::parse_move` lets the marks be
/// left out, but a mark that is given must be right, as a capture mark of the wrong colour
/// already was: `R:10>13~` names a bounce, and red 10 + 3 = 13 is no bounce (L15: a bounce
/// happens only when the roll is too high), so it names no legal move, just as `apply` refuses
/// the same move.
#[test]
fn regression_parse_move_accepted_a_bounce_mark_on_a_move_that_is_no_bounce() {
    let g = lattjo();
    // Green 3 is loop dot 12, red 13 is loop dot 12: the move captures.
    let st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,10 G:0,0,0,3 Y:0,0,0,0 B:0,0,0,0",
        3,
    );
    assert_eq!(moves(&g, &st), set(&["R:10>13xG"]));
    for bad in ["R:10>13~", "R:10>13~xG"] {
        assert!(
            matches!(
                g.parse_move(&st, bad),
                Err(ParseLegalMoveError::Play(PlayError::Illegal { .. }))
            ),
            "{bad}"
        );
        let mut s = st;
        let mv: Move = bad.parse().expect("well formed");
        assert!(matches!(
            g.apply(&mut s, &Action::Move(mv)),
            Err(PlayError::Illegal { .. })
        ));
        assert_eq!(s, st);
    }
    // The marks may still be left out, or given right.
    for good in ["R:10>13", "R:10>13xG"] {
        assert_eq!(
            g.parse_move(&st, good).expect(good).to_string(),
            "R:10>13xG"
        );
    }
    // A real bounce (L15: 44 + 3 = 47 > 45 comes back to 43) with or without its mark.
    let st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,44 G:0,0,0,3 Y:0,0,0,0 B:0,0,0,0",
        3,
    );
    for text in ["R:44>43", "R:44>43~"] {
        assert_eq!(g.parse_move(&st, text).expect(text).to_string(), "R:44>43~");
    }
}

// ---------------------------------------------------------------------------------------------
// A4 on a longer home track, D3 with a bounce, D8 and L3 with three players

/// A4 "If the bounce comes back out onto the loop (possible only when H <= 4 ...)": with
/// Classic's five home dots (52-56, F = 57) and the bounce turned on, no bounce leaves the
/// home column: 56 + 6 = 62 comes back to 2*57 - 62 = 52, the first home dot; 52 + 6 = 58
/// comes back to 56; 51 + 6 = 57 is the exact count from the last loop index.
#[test]
fn a4_with_five_home_dots_a_bounce_never_reaches_the_loop() {
    let g = game(
        Rules::classic().with_overshoot(lattjo_ludo::Overshoot::Bounce),
        "RY",
    );
    assert_eq!(
        moves(
            &g,
            &rolled(&g, "LUDO 52/51/5 RY R 0 R:0,0,51,56 Y:0,0,0,0", 6)
        ),
        set(&["R:0>1", "R:51>57", "R:56>52~"])
    );
    assert_eq!(
        moves(
            &g,
            &rolled(&g, "LUDO 52/51/5 RY R 0 R:0,0,0,52 Y:0,0,0,0", 6)
        ),
        set(&["R:0>1", "R:52>56~"])
    );
}

/// D3 (no sharing) with A4's bounce: a bounce that would end on an own checker is no move
/// like any other move onto one. Red 52 + 6 bounces to 56 and red 56 + 6 to 52, each onto the
/// other: no legal move, the 6 is lost (A11) and still rolls again (A3).
#[test]
fn d3_a4_a3_a_bounce_onto_an_own_checker_without_sharing_is_no_move() {
    let g = game(
        Rules::classic().with_overshoot(lattjo_ludo::Overshoot::Bounce),
        "RY",
    );
    let st = rolled(&g, "LUDO 52/51/5 RY R 0 R:52,56,57,57 Y:0,0,0,0", 6);
    assert!(moves(&g, &st).is_empty());
    assert_eq!(st.position().checkers(Colour::Red), [52, 56, 57, 57]);
    assert_eq!(g.turn(&st), Turn::Chance);
    assert_eq!(
        st.position().to_move(),
        Some(Colour::Red),
        "a 6 rolls again"
    );
    // With a 5 the same checkers can move: 52 + 5 = 57 finishes; 56 + 5 = 61 bounces to 53.
    let st = rolled(&g, "LUDO 52/51/5 RY R 0 R:52,56,57,57 Y:0,0,0,0", 5);
    assert_eq!(moves(&g, &st), set(&["R:52>57", "R:56>53~"]));
}

/// D8 (three tries, an option) with L6 and L7: after two failed tries a 6 on the third
/// releases as usual (here to the sixth dot) and rolls again, the failed tries forgotten; the
/// checker now on the board means a lost roll would no longer be tried again.
#[test]
fn d8_l7_a_six_on_the_third_try_releases_and_rolls_again() {
    let g = game(Rules::lattjo().with_three_tries(true), "RGYB");
    let mut st = at(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0",
    );
    roll(&g, &mut st, 3);
    roll(&g, &mut st, 4);
    assert_eq!(st.position().tries(), 2);
    roll(&g, &mut st, 6);
    assert_eq!(moves(&g, &st), set(&["R:0>1,0>1", "R:0>6"]));
    play(&g, &mut st, "R:0>6");
    assert_eq!(st.position().to_move(), Some(Colour::Red));
    assert_eq!(st.position().tries(), 0);
    assert_eq!(st.position().six_streak(), 1);
    roll(&g, &mut st, 2);
    play(&g, &mut st, "R:6>8");
    assert_eq!(st.position().to_move(), Some(Colour::Green));
}

/// L1, L3, A14 with three players and red absent: the colours are green, yellow and blue;
/// the roll for who starts goes green, yellow, blue; after blue comes green; red's start dot
/// (loop dot 0) is an ordinary dot, where blue's checker (blue 11) may stand and be captured.
#[test]
fn l3_a14_three_players_without_red() {
    let g = game(Rules::lattjo(), "GYB");
    assert_eq!(g.colour_of(Seat::new(0)), Some(Colour::Green));
    assert_eq!(g.colour_of(Seat::new(2)), Some(Colour::Blue));
    let mut st = g.new_initial_state();
    assert_eq!(st.position().to_move(), Some(Colour::Green));
    roll(&g, &mut st, 2);
    assert_eq!(st.position().to_move(), Some(Colour::Yellow));
    roll(&g, &mut st, 3);
    assert_eq!(st.position().to_move(), Some(Colour::Blue));
    roll(&g, &mut st, 5);
    assert!(st.position().opening().is_none());
    assert_eq!(
        st.position().to_move(),
        Some(Colour::Blue),
        "blue rolled highest"
    );
    // Blue 10 is loop dot 39; a 1 takes it to blue 11, loop dot 0, red's (absent) start dot.
    let mut st = rolled(&g, "LUDO 40/40/4 GYB B 0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,10", 1);
    assert_eq!(moves(&g, &st), set(&["B:0>1", "B:10>11"]));
    play(&g, &mut st, "B:10>11");
    assert_eq!(
        st.position().to_move(),
        Some(Colour::Green),
        "after blue, green"
    );
    // Yellow 21 is loop dot 0 too (20 + 21 - 1 = 40): yellow landing there captures blue.
    let st = rolled(
        &g,
        "LUDO 40/40/4 GYB Y 0 G:0,0,0,0 Y:0,0,0,19 B:0,0,0,11",
        2,
    );
    assert_eq!(moves(&g, &st), set(&["Y:19>21xB"]));
}

// ---------------------------------------------------------------------------------------------
// D8 and D9 through whole games: the options the second model of `rules_review.rs` leaves out

/// D8 "Three rolls when nothing is on the board": whether nothing of `c` can move except by
/// leaving the den: every checker in the den or finished; with goal fields, the checkers in
/// them closed up at the top (one a field from the last down, each unable to move on).
fn nothing_on_the_board(r: &Rules, st: &State, c: Colour) -> bool {
    let ch = st.position().checkers(c);
    if r.finish == lattjo_ludo::Finish::GoalFields {
        let end = r.geometry.last_loop() + r.geometry.home_len();
        let out: Vec<u8> = ch.iter().copied().filter(|&k| k != 0).rev().collect();
        out.iter()
            .enumerate()
            .all(|(i, &k)| usize::from(end - k) == if r.own_stacking { 0 } else { i })
    } else {
        ch.iter().all(|&k| k == 0 || k == r.geometry.finish_index())
    }
}

/// D8 (three tries) and D9 (no duty to move) under every preset, with D5's limit where the
/// preset has one, through random games: at each roll the moves are the second model's
/// (`rules_review::model_moves`), plus a pass (`X:-`) exactly when `must_move` is off and some
/// move exists; a roll with no move is tried again exactly while nothing is on the board and
/// fewer than three rolls were made (a 6 rolls again anyway, A3), and a retried roll ends a
/// row of sixes (D5); a pass on a 6 rolls again.
#[test]
fn d8_d9_three_tries_and_the_pass_agree_with_the_rules_file_through_whole_games() {
    use crate::rules_review::{model_moves, model_next};
    let all = [
        (Rules::lattjo().with_three_tries(true), "RGYB"),
        (Rules::lattjo().with_three_tries(true), "RY"),
        (Rules::classic().with_three_tries(true), "RGYB"),
        (Rules::mensch().with_three_tries(true), "RGYB"),
        (
            Rules::mensch()
                .with_three_tries(true)
                .with_opening_checker(false),
            "RGY",
        ),
        (Rules::lattjo().with_must_move(false), "RGYB"),
        (
            Rules::classic()
                .with_must_move(false)
                .with_three_tries(true),
            "RGYB",
        ),
        (Rules::mensch().with_must_move(false), "RY"),
    ];
    let (mut retried, mut passed, mut nodes) = (0, 0, 0);
    for (i, (rules, seats)) in all.iter().enumerate() {
        let g = game(*rules, seats);
        let r = *g.rules();
        let mut rng = lattjo_ludo::GameRng::new(0xD8D9, i as u64);
        let mut buf = Vec::new();
        for game_no in 0..10 {
            let mut st = g.new_initial_state();
            while st.position().opening().is_some() {
                let a = g.sample_chance(&st, &mut rng).expect("a roll");
                g.apply(&mut st, &a).expect("a roll");
            }
            let mut plies = 0;
            while g.turn(&st) != Turn::Terminal && plies < 20_000 {
                plies += 1;
                let c = st.position().to_move().expect("someone rolls");
                let Some(Action::Roll(die)) = g.sample_chance(&st, &mut rng) else {
                    panic!("a roll");
                };
                let d = die.value();
                let before = st;
                let (streak, tries) = (before.position().six_streak(), before.position().tries());
                g.apply(&mut st, &Action::Roll(die)).expect("a roll");
                let ctx = || format!("{rules:?} {seats} game {game_no}: {before} then {d}");
                if d == 6 && r.max_sixes.is_some_and(|m| streak + 1 >= m) {
                    // D5: forfeited.
                    assert_eq!(
                        st.position().to_move(),
                        Some(model_next(&st, c)),
                        "{}",
                        ctx()
                    );
                    continue;
                }
                nodes += 1;
                let mut want = model_moves(&r, &before, c, d);
                if !r.must_move && !want.is_empty() {
                    want.push(format!("{}:-", c.letter()));
                    want.sort();
                }
                if want.is_empty() {
                    let retry = d != 6
                        && r.three_tries
                        && tries + 1 < 3
                        && nothing_on_the_board(&r, &before, c);
                    retried += usize::from(retry);
                    let next = if d == 6 || retry {
                        c
                    } else {
                        model_next(&st, c)
                    };
                    assert_eq!(st.position().to_move(), Some(next), "{}", ctx());
                    assert_eq!(g.turn(&st), Turn::Chance, "{}", ctx());
                    assert_eq!(
                        st.position().tries(),
                        if retry { tries + 1 } else { 0 },
                        "{}",
                        ctx()
                    );
                    let streak_now = if d == 6 { streak + 1 } else { 0 };
                    assert_eq!(st.position().six_streak(), streak_now, "{}", ctx());
                    continue;
                }
                assert_eq!(moves(&g, &st), want, "{}", ctx());
                let Some(Action::Move(m)) = g.sample_action(&st, &mut rng, &mut buf) else {
                    panic!("a move");
                };
                g.apply(&mut st, &Action::Move(m)).expect("legal");
                if m.kind() == lattjo_ludo::MoveKind::Pass {
                    passed += 1;
                    assert_eq!(st.position().checkers(c), before.position().checkers(c));
                    let next = if d == 6 { c } else { model_next(&st, c) };
                    assert_eq!(st.position().to_move(), Some(next), "{} then a pass", ctx());
                }
            }
            assert_eq!(
                g.turn(&st),
                Turn::Terminal,
                "{rules:?} {seats} game {game_no}"
            );
        }
    }
    assert!(
        nodes > 5_000 && retried > 100 && passed > 100,
        "{nodes} {retried} {passed}"
    );
}
