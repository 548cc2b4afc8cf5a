//! A reviewer's pass over the rules file (/work/shared/rules/ludo.md): edge cases of the
//! booklet's rules L1-L17, the presets' deviations D1-D10 and the decisions A1-A16, each
//! expected value worked out from the rules file alone, on positions in the digest's notation.
//!
//! Index conversions (40-dot loop, start dots 10 apart: red 0, green 10, yellow 20, blue 30):
//! a checker of a colour with start dot `s` at path index `k` (1..=40) stands on loop dot
//! `(s + k - 1) mod 40`. On Classic's 52-dot loop the start dots are 13 apart.

use boardgame_core::{Game, Turn};
use lattjo_ludo::{Action, Colour, Die, Ludo, Move, Overshoot, Rules, State};

pub(crate) fn game(rules: Rules, seats: &str) -> Ludo {
    Ludo::new(rules.with_seats(seats.parse().expect("valid seats"))).expect("valid rules")
}

pub(crate) fn at(g: &Ludo, pos: &str) -> State {
    g.state_from_str(pos)
        .unwrap_or_else(|e| panic!("{pos}: {e}"))
}

pub(crate) fn roll(g: &Ludo, st: &mut State, d: u8) {
    g.apply(st, &Action::Roll(Die::new(d).expect("a face")))
        .expect("a roll is legal at a chance node");
}

pub(crate) fn rolled(g: &Ludo, pos: &str, d: u8) -> State {
    let mut st = at(g, pos);
    assert_eq!(g.turn(&st), Turn::Chance, "{pos}");
    roll(g, &mut st, d);
    st
}

pub(crate) fn moves(g: &Ludo, st: &State) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(st, &mut v);
    let mut s: Vec<String> = v.iter().map(ToString::to_string).collect();
    s.sort();
    s
}

pub(crate) fn set(v: &[&str]) -> Vec<String> {
    let mut s: Vec<String> = v.iter().map(|x| (*x).to_string()).collect();
    s.sort();
    s
}

pub(crate) fn play(g: &Ludo, st: &mut State, m: &str) {
    let mv: Move = g
        .parse_move(st, m)
        .unwrap_or_else(|e| panic!("{m}: {e} in {st}"));
    g.apply(st, &Action::Move(mv))
        .unwrap_or_else(|e| panic!("{m}: {e}"));
}

pub(crate) fn lattjo() -> Ludo {
    game(Rules::lattjo(), "RGYB")
}

fn classic2() -> Ludo {
    game(Rules::classic(), "RY")
}

// ---------------------------------------------------------------------------------------------
// L15, A4, A9: the bounce

/// L15, A4: 42 + 6 = 48 counts up to the finishing dot (45) and back by 3: to 42 again. The
/// formula `2F - p - d` gives 42, and A9 makes a bounce an ordinary legal move, here the only
/// one, so it is played (and the 6 rolls again, L7).
#[test]
fn l15_a4_a9_a_bounce_can_end_on_the_dot_it_started_from() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:42,45,45,45 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0",
        6,
    );
    assert_eq!(moves(&g, &st), set(&["R:42>42~"]));
    play(&g, &mut st, "R:42>42");
    assert_eq!(st.position().checkers(Colour::Red), [42, 45, 45, 45]);
    assert_eq!(g.turn(&st), Turn::Chance);
    assert_eq!(
        st.position().to_move(),
        Some(Colour::Red),
        "a 6 rolls again"
    );
}

/// L15, A4: bounces from the loop: 40 + 6 = 46 lands on 44; 39 + 6 = 45 is the exact count
/// and finishes straight from the loop.
#[test]
fn l15_a4_bounces_and_exact_finishes_from_the_last_loop_dots() {
    let g = lattjo();
    let st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:39,40,45,45 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0",
        6,
    );
    assert_eq!(moves(&g, &st), set(&["R:39>45", "R:40>44~"]));
}

/// L9, A4: two bounces onto own checkers on the home track: 41 + 6 = 47 lands on 43 and
/// 43 + 6 = 49 lands on 41; each shares the dot with the checker there.
#[test]
fn l9_a4_a_bounce_onto_an_own_checker_shares_the_dot() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:41,43,45,45 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0",
        6,
    );
    assert_eq!(moves(&g, &st), set(&["R:41>43~", "R:43>41~"]));
    play(&g, &mut st, "R:43>41");
    assert_eq!(st.position().checkers(Colour::Red), [41, 41, 45, 45]);
}

/// A4, L13: a checker that bounced back out onto the loop (index 40) has lost its home-track
/// protection, so an opponent landing there captures it.
#[test]
fn a4_l13_a_checker_bounced_onto_the_loop_can_be_captured() {
    let g = lattjo();
    // Red 40 is loop dot 39; green 27 is loop dot 36, so green's 3 lands on dot 39.
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB G 0 R:0,0,0,40 G:0,0,0,27 Y:0,0,0,0 B:0,0,0,0",
        3,
    );
    assert_eq!(moves(&g, &st), set(&["G:27>30xR"]));
    play(&g, &mut st, "G:27>30");
    assert_eq!(st.position().checkers(Colour::Red), [0; 4]);
}

// ---------------------------------------------------------------------------------------------
// L10, A2, A7: captures

/// L10 across the loop's wrap: green 30 is loop dot 39, and 5 more reach dot 4, where red's
/// index-5 checker stands.
#[test]
fn l10_a_capture_across_the_end_of_the_loop() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB G 0 R:0,0,0,5 G:0,0,0,30 Y:0,0,0,0 B:0,0,0,0",
        5,
    );
    assert_eq!(moves(&g, &st), set(&["G:30>35xR"]));
    play(&g, &mut st, "G:30>35");
    assert_eq!(st.position().checkers(Colour::Red), [0; 4]);
    assert_eq!(st.position().checkers(Colour::Green), [0, 0, 0, 35]);
}

/// L10 on blue's last loop dot (index 40, loop dot 29, just before blue's start dot), where a
/// red checker at index 30 stands.
#[test]
fn l10_a_capture_on_the_last_loop_dot_before_the_home_track() {
    let g = lattjo();
    let st = rolled(
        &g,
        "LUDO 40/40/4 RGYB B 0 R:0,0,0,30 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,37",
        3,
    );
    assert_eq!(moves(&g, &st), set(&["B:37>40xR"]));
}

/// L6, A2, A7: a 6 from the den with a green checker on red's start dot and a yellow one on
/// red's sixth dot: two out captures green (once), one to the sixth dot jumps there and
/// captures yellow but leaves green alone.
#[test]
fn l6_a2_a7_each_den_option_captures_only_where_it_lands() {
    let g = lattjo();
    // Red's start dot is loop dot 0 (green index 31); red's sixth dot is loop dot 5 (yellow
    // index 26).
    let pos = "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,31 Y:0,0,0,26 B:0,0,0,0";
    let mut st = rolled(&g, pos, 6);
    assert_eq!(moves(&g, &st), set(&["R:0>1,0>1xG", "R:0>6xY"]));
    play(&g, &mut st, "R:0>6");
    assert_eq!(st.position().checkers(Colour::Green), [0, 0, 0, 31]);
    assert_eq!(st.position().checkers(Colour::Yellow), [0; 4]);
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 0, 6]);
}

/// L6, L9, A6: a 6 with two checkers in the den, one on the start dot and one further on:
/// every option of the rules file is open, own checkers sharing the start dot.
#[test]
fn l6_l9_a6_every_option_of_a_six_with_own_checkers_out() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,1,6 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0",
        6,
    );
    assert_eq!(
        moves(&g, &st),
        set(&["R:0>1,0>1", "R:0>6", "R:1>7", "R:6>12"])
    );
    play(&g, &mut st, "R:0>1,0>1");
    assert_eq!(st.position().checkers(Colour::Red), [1, 1, 1, 6]);
}

/// A14 with two players: red and yellow sit opposite; yellow's path index k is loop dot
/// (20 + k - 1) mod 40, so yellow 15 (dot 34) + 2 lands on red's 37 (dot 36) and captures it.
#[test]
fn a14_l10_two_players_yellow_captures_red_on_the_far_side() {
    let g = game(Rules::lattjo().with_players(2), "RY");
    let st = rolled(&g, "LUDO 40/40/4 RY Y 0 R:0,0,0,37 Y:0,0,0,15", 2);
    assert_eq!(moves(&g, &st), set(&["Y:15>17xR"]));
}

// ---------------------------------------------------------------------------------------------
// L7, L17, A3, A15, A16: extra rolls and the end

/// L7, A16: a capture or a finish with another number gives no extra roll; the turn passes.
#[test]
fn l7_a16_capturing_or_finishing_with_a_non_six_passes_the_turn() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB G 0 R:0,0,0,5 G:0,0,0,30 Y:0,0,0,0 B:0,0,0,0",
        5,
    );
    play(&g, &mut st, "G:30>35");
    assert_eq!(st.position().to_move(), Some(Colour::Yellow));
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,42 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0",
        3,
    );
    play(&g, &mut st, "R:42>45");
    assert_eq!(st.position().to_move(), Some(Colour::Green));
}

/// L7, A3, T7: a 6 that captures rolls again, and the next roll's move may capture too.
#[test]
fn l7_t7_a_six_that_captures_rolls_again() {
    let g = lattjo();
    // Red 4 (dot 3) + 6 = 10 (dot 9): green 40 is dot 9.
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,0,4 G:0,0,0,40 Y:0,0,0,0 B:0,0,0,0",
        6,
    );
    play(&g, &mut st, "R:4>10");
    assert_eq!(st.position().checkers(Colour::Green), [0; 4]);
    assert_eq!(g.turn(&st), Turn::Chance);
    assert_eq!(st.position().to_move(), Some(Colour::Red));
}

/// L17, A16, A3: a 6 that brings the last checker home wins at once: no further roll.
#[test]
fn l17_a16_a_six_that_finishes_the_last_checker_ends_the_game() {
    let g = lattjo();
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:39,45,45,45 G:0,0,0,12 Y:0,0,0,0 B:0,0,0,0",
        6,
    );
    assert_eq!(moves(&g, &st), set(&["R:39>45"]));
    play(&g, &mut st, "R:39>45");
    assert_eq!(g.turn(&st), Turn::Terminal);
    assert_eq!(st.position().places().as_slice(), &[Colour::Red]);
    let r = g.returns(&st).expect("over");
    assert_eq!(r.as_slice(), &[1.0, -1.0, -1.0, -1.0]);
}

/// A15 option play_out_places: a player who finished with a 6 has no more rolls; the next
/// colour clockwise rolls.
#[test]
fn a15_a16_a_finished_player_does_not_roll_again_when_places_are_played_out() {
    let g = game(Rules::lattjo().with_play_out_places(true), "RGYB");
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:39,45,45,45 G:0,0,0,12 Y:0,0,0,0 B:0,0,0,0",
        6,
    );
    play(&g, &mut st, "R:39>45");
    assert_eq!(g.turn(&st), Turn::Chance);
    assert_eq!(st.position().to_move(), Some(Colour::Green));
    assert_eq!(st.position().places().as_slice(), &[Colour::Red]);
}

// ---------------------------------------------------------------------------------------------
// Classic (D1-D5)

/// D5 Classic: the count of sixes in a row starts again with each turn: two 6s, a 3, the other
/// player's turn, then two more 6s are not three in a row.
#[test]
fn d5_classic_the_six_streak_starts_again_with_each_turn() {
    let g = classic2();
    let mut st = at(&g, "LUDO 52/51/5 RY R 0 R:0,0,0,10 Y:0,0,0,10");
    roll(&g, &mut st, 6);
    play(&g, &mut st, "R:10>16");
    roll(&g, &mut st, 6);
    play(&g, &mut st, "R:16>22");
    roll(&g, &mut st, 3);
    play(&g, &mut st, "R:22>25");
    assert_eq!(st.position().to_move(), Some(Colour::Yellow));
    roll(&g, &mut st, 2);
    play(&g, &mut st, "Y:10>12");
    assert_eq!(st.position().to_move(), Some(Colour::Red));
    roll(&g, &mut st, 6);
    play(&g, &mut st, "R:25>31");
    roll(&g, &mut st, 6);
    play(&g, &mut st, "R:31>37");
    assert_eq!(g.turn(&st), Turn::Chance);
    assert_eq!(
        st.position().to_move(),
        Some(Colour::Red),
        "two 6s this turn: roll again"
    );
    roll(&g, &mut st, 6);
    assert_eq!(
        st.position().to_move(),
        Some(Colour::Yellow),
        "the third forfeits"
    );
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 0, 37]);
}

/// D5 Classic, A3, A11: a 6 that cannot be used still rolls again, and counts towards three in
/// a row; the third ends the turn.
#[test]
fn d5_a3_classic_lost_sixes_roll_again_and_count_towards_three() {
    let g = classic2();
    // Home column 52-56, finish 57: every checker would overshoot with a 6.
    let mut st = at(&g, "LUDO 52/51/5 RY R 0 R:52,53,54,55 Y:0,0,0,10");
    roll(&g, &mut st, 6);
    assert_eq!(st.position().to_move(), Some(Colour::Red));
    assert_eq!(g.turn(&st), Turn::Chance);
    roll(&g, &mut st, 6);
    assert_eq!(st.position().to_move(), Some(Colour::Red));
    roll(&g, &mut st, 6);
    assert_eq!(st.position().to_move(), Some(Colour::Yellow));
}

/// D3 Classic: no move ends on an own checker, so a 6 cannot release onto an own start dot.
#[test]
fn d3_classic_a_six_cannot_release_onto_an_own_checker() {
    let g = classic2();
    let st = rolled(&g, "LUDO 52/51/5 RY R 0 R:0,0,1,30 Y:0,0,0,0", 6);
    assert_eq!(moves(&g, &st), set(&["R:1>7", "R:30>36"]));
}

/// D4 Classic: the exact count into the finish (57); a roll past it is no move, and with no
/// other move the roll is lost and the turn passes.
#[test]
fn d4_classic_overshooting_the_finish_is_no_move() {
    let g = classic2();
    let st = rolled(&g, "LUDO 52/51/5 RY R 0 R:0,0,0,55 Y:0,0,0,0", 3);
    assert_eq!(
        st.position().to_move(),
        Some(Colour::Yellow),
        "the 3 is lost"
    );
    assert_eq!(st.position().checkers(Colour::Red), [0, 0, 0, 55]);
    let st = rolled(&g, "LUDO 52/51/5 RY R 0 R:0,0,0,55 Y:0,0,0,0", 2);
    assert_eq!(moves(&g, &st), set(&["R:55>57"]));
}

/// D1, D2 Classic and A2: a 6 releases one checker onto the start dot, capturing an opponent
/// there; a 1 releases nothing.
#[test]
fn d1_d2_a2_classic_release_on_a_six_captures_on_the_start_square() {
    let g = classic2();
    // Red's start dot is loop dot 0; yellow (start dot 26) reaches it at index 27.
    let st = rolled(&g, "LUDO 52/51/5 RY R 0 R:0,0,0,0 Y:0,0,0,27", 6);
    assert_eq!(moves(&g, &st), set(&["R:0>1xY"]));
    let st = rolled(&g, "LUDO 52/51/5 RY R 0 R:0,0,0,0 Y:0,0,0,27", 1);
    assert_eq!(
        st.position().to_move(),
        Some(Colour::Yellow),
        "a 1 releases nothing"
    );
}

// ---------------------------------------------------------------------------------------------
// Mensch (D1-D4, D10)

/// D1 Mensch: a 6 must bring a checker out while any remain in the den.
#[test]
fn d1_mensch_a_six_must_release() {
    let g = game(Rules::mensch(), "RGYB");
    let st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,5,12 G:0,0,0,1 Y:0,0,0,1 B:0,0,0,1",
        6,
    );
    assert_eq!(moves(&g, &st), set(&["R:0>1"]));
}

/// D3, D10 Mensch: the goal fields (41-44) hold one checker each and need the exact count.
#[test]
fn d3_d10_mensch_goal_fields_hold_one_checker_and_need_the_exact_count() {
    let g = game(Rules::mensch(), "RGYB");
    let st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:38,42,43,44 G:0,0,0,1 Y:0,0,0,1 B:0,0,0,1",
        4,
    );
    // 38 + 4 = 42 is taken, 42 + 4 and the others go past 44.
    assert_eq!(
        st.position().to_move(),
        Some(Colour::Green),
        "no move: the 4 is lost"
    );
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:38,42,43,44 G:0,0,0,1 Y:0,0,0,1 B:0,0,0,1",
        3,
    );
    assert_eq!(moves(&g, &st), set(&["R:38>41"]));
    play(&g, &mut st, "R:38>41");
    assert_eq!(g.turn(&st), Turn::Terminal, "all four in the goal fields");
    assert_eq!(st.position().places().as_slice(), &[Colour::Red]);
}

/// D1, D2, D3 Mensch: a 6 must release, but the own checker on the start field must move off
/// first; when it cannot (an own checker six fields on), any move is allowed.
#[test]
fn d1_d2_mensch_a_blocked_start_field_frees_the_choice_of_move() {
    let g = game(Rules::mensch(), "RGYB");
    let st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,1,7 G:0,0,0,1 Y:0,0,0,1 B:0,0,0,1",
        6,
    );
    assert_eq!(moves(&g, &st), set(&["R:7>13"]));
    // Not blocked: the start field is cleared first, whatever else could move.
    let st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,1,12 G:0,0,0,1 Y:0,0,0,1 B:0,0,0,1",
        3,
    );
    assert_eq!(moves(&g, &st), set(&["R:1>4"]));
}

/// D1 Mensch, A2: the compulsory release captures an opponent on the start field.
#[test]
fn d1_a2_mensch_the_compulsory_release_captures_on_the_start_field() {
    let g = game(Rules::mensch(), "RGYB");
    // Green 31 stands on red's start field (loop dot 0).
    let st = rolled(
        &g,
        "LUDO 40/40/4 RGYB R 0 R:0,0,5,12 G:0,0,1,31 Y:0,0,0,1 B:0,0,0,1",
        6,
    );
    assert_eq!(moves(&g, &st), set(&["R:0>1xG"]));
}

/// L2, A13, L3: only the players tied for the highest opening roll roll again; the winner of
/// the roll-off then starts with a roll of his own, and play goes on clockwise from him.
#[test]
fn l2_a13_l3_the_roll_off_winner_starts_and_play_goes_clockwise_from_him() {
    let g = lattjo();
    let mut st = g.new_initial_state();
    for d in [3, 5, 5, 2] {
        roll(&g, &mut st, d);
    }
    let contenders: Vec<Colour> = st
        .position()
        .opening()
        .expect("still rolling for the start")
        .contenders()
        .collect();
    assert_eq!(contenders, [Colour::Green, Colour::Yellow]);
    roll(&g, &mut st, 4); // green
    roll(&g, &mut st, 6); // yellow
    assert!(st.position().opening().is_none());
    assert_eq!(g.turn(&st), Turn::Chance);
    assert_eq!(st.position().to_move(), Some(Colour::Yellow));
    assert_eq!(
        st.position().checkers(Colour::Yellow),
        [0; 4],
        "the opening roll moves nothing"
    );
    roll(&g, &mut st, 2); // lost: nothing on the board
    assert_eq!(st.position().to_move(), Some(Colour::Blue));
}

/// A15 option with three players: the first to finish leaves the rotation, the other two play
/// on, and the second to finish decides the last place too; returns spread from +1 to -1.
#[test]
fn a15_playing_out_places_with_three_players() {
    let g = game(Rules::lattjo().with_play_out_places(true), "RGY");
    let mut st = rolled(
        &g,
        "LUDO 40/40/4 RGY R 0 R:43,45,45,45 G:0,0,44,45 Y:0,0,0,3",
        2,
    );
    play(&g, &mut st, "R:43>45");
    assert_eq!(st.position().places().as_slice(), &[Colour::Red]);
    assert_eq!(st.position().to_move(), Some(Colour::Green));
    roll(&g, &mut st, 3); // green: 44 + 3 bounces to 43; nothing else can move
    play(&g, &mut st, "G:44>43");
    assert_eq!(st.position().to_move(), Some(Colour::Yellow));
    roll(&g, &mut st, 2);
    play(&g, &mut st, "Y:3>5");
    assert_eq!(
        st.position().to_move(),
        Some(Colour::Green),
        "red is skipped"
    );
    roll(&g, &mut st, 2);
    assert_eq!(g.turn(&st), Turn::Player(boardgame_core::Seat::new(1)));
    play(&g, &mut st, "G:43>45");
    // Green still has two checkers in the den: the game goes on until green is done.
    assert_eq!(st.position().places().as_slice(), &[Colour::Red]);
    let st = rolled(
        &g,
        "LUDO 40/40/4 RGY G 0 R:45,45,45,45 G:43,45,45,45 Y:0,0,0,3 places=R",
        2,
    );
    let mut st = st;
    play(&g, &mut st, "G:43>45");
    assert_eq!(g.turn(&st), Turn::Terminal);
    assert_eq!(
        st.position().places().as_slice(),
        &[Colour::Red, Colour::Green, Colour::Yellow]
    );
    assert_eq!(g.returns(&st).expect("over").as_slice(), &[1.0, 0.0, -1.0]);
}

/// Classic geometry (D10): 51 loop dots, the home column 52-56, the finish 57; a checker turns
/// into its home column after index 51, and blue (start dot 39) captures on its index 51 (loop
/// dot 37), where red's index 38 stands.
#[test]
fn d10_classic_home_column_entry_and_the_last_loop_dot() {
    let g = game(Rules::classic(), "RGYB");
    let st = rolled(
        &g,
        "LUDO 52/51/5 RGYB R 0 R:0,0,0,49 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0",
        4,
    );
    assert_eq!(moves(&g, &st), set(&["R:49>53"]));
    let st = rolled(
        &g,
        "LUDO 52/51/5 RGYB B 0 R:0,0,0,38 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,46",
        5,
    );
    assert_eq!(moves(&g, &st), set(&["B:46>51xR"]));
}

/// L2, D5 Classic: the roll for who starts is not a turn's roll, so a 6 there does not count
/// towards three 6s in a row: the starter's own first two 6s both roll again.
#[test]
fn l2_d5_classic_a_six_in_the_roll_for_the_start_is_not_in_the_streak() {
    let g = classic2();
    let mut st = g.new_initial_state();
    roll(&g, &mut st, 6); // red's opening roll
    roll(&g, &mut st, 2); // yellow's
    assert!(st.position().opening().is_none());
    assert_eq!(st.position().to_move(), Some(Colour::Red));
    assert_eq!(st.position().six_streak(), 0);
    roll(&g, &mut st, 6);
    play(&g, &mut st, "R:0>1");
    roll(&g, &mut st, 6);
    play(&g, &mut st, "R:1>7");
    assert_eq!(
        st.position().to_move(),
        Some(Colour::Red),
        "two 6s: roll again"
    );
    assert_eq!(g.turn(&st), Turn::Chance);
}

// ---------------------------------------------------------------------------------------------
// A second model, written from the rules file, for the booklet, Classic and hybrids of their
// options (release rolls, what a 6 releases, the sixth dot, own stacking, the overshoot, the
// limit of sixes), with a finishing dot, no safe dots and no Mensch duties.

/// The loop dot of a checker of `c` at path index `k` (1..=L).
fn loop_dot(r: &Rules, c: Colour, k: u8) -> u8 {
    let t = r.geometry.loop_len();
    ((c.index() as u16 * u16::from(t / 4) + u16::from(k) - 1) % u16::from(t)) as u8
}

/// The moves the rules file allows colour `c` for die `d`, in the move notation, sorted.
pub(crate) fn model_moves(r: &Rules, st: &State, c: Colour, d: u8) -> Vec<String> {
    let pos = st.position();
    let (l, f) = (r.geometry.last_loop(), r.geometry.finish_index());
    // With Mensch's goal fields the last goal field is the end of the path and nothing leaves
    // play; with a finishing dot the finishing dot is.
    let goals = r.finish == lattjo_ludo::Finish::GoalFields;
    let end = if goals { l + r.geometry.home_len() } else { f };
    let mine = pos.checkers(c);
    let den = mine.iter().filter(|&&k| k == 0).count();
    // Who stands on a loop dot: (colour, how many).
    let on_dot = |dot: u8| -> Vec<Colour> {
        pos.seats()
            .colours()
            .filter(|&o| o != c)
            .filter(|&o| {
                pos.checkers(o)
                    .iter()
                    .any(|&k| k >= 1 && k <= l && loop_dot(r, o, k) == dot)
            })
            .collect()
    };
    // L9/D3: may a checker of `c` end at path index `to` (coming from `from`)?
    let own_ok = |to: u8, from: u8| {
        (to == f && !goals)
            || r.own_stacking
            || !mine.iter().any(|&k| k == to && k != from)
            || (to == from && mine.iter().filter(|&&k| k == to).count() == 1)
    };
    // L10, A10; D7's separate option: nothing is captured on a safe dot.
    let capture = |to: u8| -> String {
        if to >= 1 && to <= l {
            let dot = loop_dot(r, c, to);
            if r.safe_dots.is_safe(r.geometry, dot) {
                return String::new();
            }
            match on_dot(dot).as_slice() {
                [] => String::new(),
                [o] => format!("x{}", o.letter()),
                more => panic!("two colours on an unsafe dot: {more:?}"),
            }
        } else {
            String::new()
        }
    };
    let cl = c.letter();
    let mut out = Vec::new();
    let die = Die::new(d).expect("a face");
    if den > 0 && r.release_rolls.contains(die) {
        if d == 6 && r.six_release == lattjo_ludo::SixRelease::TwoOrSixthDot {
            // L6, A5: two to the start dot (two in the den, sharing it) or one to the sixth dot.
            if den >= 2 && r.own_stacking {
                out.push(format!("{cl}:0>1,0>1{}", capture(1)));
            }
            if own_ok(r.sixth_dot, 0) {
                out.push(format!("{cl}:0>{}{}", r.sixth_dot, capture(r.sixth_dot)));
            }
        } else if own_ok(1, 0) {
            out.push(format!("{cl}:0>1{}", capture(1)));
        }
    }
    let mut seen = Vec::new();
    for &p in &mine {
        if p == 0 || (p == f && !goals) || seen.contains(&p) {
            continue;
        }
        seen.push(p);
        let mut to = p + d;
        let bounce = to > end;
        if bounce {
            if r.overshoot == Overshoot::Illegal {
                continue;
            }
            to = 2 * end - to; // L15, A4
        }
        if !own_ok(to, p) {
            continue;
        }
        let mark = if bounce { "~" } else { "" };
        out.push(format!("{cl}:{p}>{to}{mark}{}", capture(to)));
    }
    let releases: Vec<String> = out.iter().filter(|m| m.contains(":0>")).cloned().collect();
    if r.release_compulsory && !releases.is_empty() {
        // D1 (Mensch): a release roll must release.
        out = releases;
    } else if r.clear_start && den > 0 {
        // D2 (Mensch): the start dot is cleared first while the den is not empty, if it can be.
        let off_start: Vec<String> = out
            .iter()
            .filter(|m| m.starts_with(&format!("{cl}:1>")))
            .cloned()
            .collect();
        if !off_start.is_empty() {
            out = off_start;
        }
    }
    out.sort();
    out
}

/// The next colour clockwise that plays.
/// The next colour clockwise that plays and, when places are played out (A15), has not
/// finished yet.
pub(crate) fn model_next(st: &State, c: Colour) -> Colour {
    let f = st.rules().geometry.finish_index();
    let mut n = c.next();
    while !st.position().seats().contains(n) || st.position().checkers(n) == [f; 4] {
        n = n.next();
    }
    n
}

#[test]
fn l4_l17_d1_d5_a_second_model_agrees_on_random_games_of_every_preset_and_hybrids() {
    use lattjo_ludo::{ReleaseRolls, SixRelease};
    let six = ReleaseRolls::new(&[Die::new(6).expect("6")]).expect("{6}");
    let one_six =
        ReleaseRolls::new(&[Die::new(1).expect("1"), Die::new(6).expect("6")]).expect("{1,6}");
    let all = [
        (Rules::lattjo(), "RGYB"),
        (Rules::lattjo(), "RY"),
        (Rules::lattjo(), "GYB"),
        (Rules::classic(), "RGYB"),
        (Rules::classic(), "GB"),
        (Rules::lattjo().with_max_sixes(Some(3)), "RGYB"),
        (Rules::lattjo().with_max_sixes(Some(2)), "RGY"),
        (Rules::lattjo().with_overshoot(Overshoot::Illegal), "RGYB"),
        (Rules::lattjo().with_sixth_dot(7), "RGYB"),
        (Rules::lattjo().with_release_rolls(six), "RGYB"),
        (
            Rules::lattjo().with_six_release(SixRelease::OneToStart),
            "RY",
        ),
        (Rules::classic().with_overshoot(Overshoot::Bounce), "RGYB"),
        (Rules::classic().with_own_stacking(true), "RGYB"),
        (Rules::classic().with_release_rolls(one_six), "RGY"),
        (
            Rules::classic().with_safe_dots(lattjo_ludo::SafeDots::LUDO_KING),
            "RGYB",
        ),
        (
            Rules::lattjo().with_safe_dots(lattjo_ludo::SafeDots::LUDO_KING),
            "RGY",
        ),
        (Rules::lattjo().with_play_out_places(true), "RGYB"),
        (Rules::classic().with_play_out_places(true), "RGY"),
        (Rules::mensch(), "RGYB"),
        (Rules::mensch(), "RGY"),
        (Rules::mensch(), "RY"),
        (Rules::mensch().with_opening_checker(false), "RGYB"),
        (
            Rules::classic()
                .with_release_compulsory(true)
                .with_clear_start(true),
            "RGYB",
        ),
        (
            Rules::lattjo()
                .with_release_compulsory(true)
                .with_clear_start(true),
            "RGYB",
        ),
        (
            Rules::classic()
                .with_six_release(SixRelease::TwoOrSixthDot)
                .with_own_stacking(true)
                .with_max_sixes(None),
            "RGYB",
        ),
    ];
    let (mut nodes, mut moves_checked) = (0usize, 0usize);
    for (i, (rules, seats)) in all.iter().enumerate() {
        let g = match Ludo::new(rules.with_seats(seats.parse().expect("seats"))) {
            Ok(g) => g,
            Err(e) => panic!("{rules:?} {seats}: {e}"),
        };
        let r = *g.rules();
        let mut rng = lattjo_ludo::GameRng::new(0x1D0, i as u64);
        let mut buf = Vec::new();
        for game_no in 0..12 {
            let mut st = g.new_initial_state();
            while st.position().opening().is_some() {
                let a = g.sample_chance(&st, &mut rng).expect("opening roll");
                g.apply(&mut st, &a).expect("roll");
            }
            let mut streak = 0u8;
            let mut plies = 0;
            while g.turn(&st) != Turn::Terminal && plies < 5_000 {
                plies += 1;
                assert_eq!(g.turn(&st), Turn::Chance);
                let c = st.position().to_move().expect("someone rolls");
                let Some(Action::Roll(die)) = g.sample_chance(&st, &mut rng) else {
                    panic!("a roll");
                };
                let d = die.value();
                let before = st;
                g.apply(&mut st, &Action::Roll(die)).expect("roll");
                let ctx = || format!("{rules:?} {seats} game {game_no}: {before} then {d}");
                streak = if d == 6 { streak + 1 } else { 0 };
                if d == 6 && r.max_sixes.is_some_and(|m| streak >= m) {
                    // D5: the n-th 6 in a row forfeits its roll and ends the turn.
                    assert_eq!(
                        st.position().to_move(),
                        Some(model_next(&st, c)),
                        "{}",
                        ctx()
                    );
                    assert_eq!(st.position().checkers(c), before.position().checkers(c));
                    streak = 0;
                    continue;
                }
                let want = model_moves(&r, &before, c, d);
                nodes += 1;
                if want.is_empty() {
                    // A11, A3: a roll with no move is lost; a 6 still rolls again.
                    assert_eq!(g.turn(&st), Turn::Chance, "{}", ctx());
                    let next = if d == 6 { c } else { model_next(&st, c) };
                    assert_eq!(st.position().to_move(), Some(next), "{}", ctx());
                    if d != 6 {
                        streak = 0;
                    }
                    continue;
                }
                assert_eq!(moves(&g, &st), want, "{}", ctx());
                let Some(Action::Move(m)) = g.sample_action(&st, &mut rng, &mut buf) else {
                    panic!("a move");
                };
                // What the move does (L8, L10, A2, A4, A7, A10, L16).
                let text = m.to_string();
                let body = text.split(':').nth(1).expect("colour").to_owned();
                let (path, cap) = match body.split_once('x') {
                    Some((p, x)) => (p.to_owned(), Colour::from_letter(x.chars().next().unwrap())),
                    None => (body.clone(), None),
                };
                let mut mine = before.position().checkers(c).to_vec();
                for step in path.trim_end_matches('~').split(',') {
                    let (from, to) = step.split_once('>').expect("a step");
                    let (from, to): (u8, u8) = (from.parse().unwrap(), to.parse().unwrap());
                    let i = mine.iter().position(|&k| k == from).expect("from");
                    mine[i] = to;
                }
                mine.sort_unstable();
                let before_pos = *before.position();
                g.apply(&mut st, &Action::Move(m)).expect("legal");
                moves_checked += 1;
                assert_eq!(
                    st.position().checkers(c).to_vec(),
                    mine,
                    "{} then {text}",
                    ctx()
                );
                for o in before_pos.seats().colours().filter(|&o| o != c) {
                    let was = before_pos.checkers(o);
                    let now = st.position().checkers(o);
                    if Some(o) == cap {
                        let home = |k: [u8; 4]| k.iter().filter(|&&x| x == 0).count();
                        assert!(
                            home(now) > home(was),
                            "{} then {text}: a capture sends home",
                            ctx()
                        );
                    } else {
                        assert_eq!(now, was, "{} then {text}: nothing else moves", ctx());
                    }
                }
                let f = r.geometry.finish_index();
                let goals = r.finish == lattjo_ludo::Finish::GoalFields;
                let first_goal = r.geometry.last_loop() + 1;
                if mine
                    .iter()
                    .all(|&k| if goals { k >= first_goal } else { k == f })
                {
                    let left = st
                        .position()
                        .seats()
                        .colours()
                        .filter(|&o| st.position().checkers(o) != [f; 4])
                        .count();
                    if !r.play_out_places || left <= 1 {
                        // L17: the first with all four home wins (A15: or the places are all
                        // decided).
                        assert_eq!(g.turn(&st), Turn::Terminal, "{} then {text}", ctx());
                        break;
                    }
                    // A15, A16: a finished player rolls no more, even after a 6.
                    assert_eq!(
                        st.position().to_move(),
                        Some(model_next(&st, c)),
                        "{}",
                        ctx()
                    );
                    streak = 0;
                    continue;
                }
                let next = if d == 6 { c } else { model_next(&st, c) };
                assert_eq!(st.position().to_move(), Some(next), "{} then {text}", ctx());
                if d != 6 {
                    streak = 0;
                }
            }
            if g.turn(&st) == Turn::Terminal {
                let f = r.geometry.finish_index();
                let first_goal = r.geometry.last_loop() + 1;
                let goals = r.finish == lattjo_ludo::Finish::GoalFields;
                let home = |k: [u8; 4]| {
                    k.iter()
                        .all(|&x| if goals { x >= first_goal } else { x == f })
                };
                let done = st
                    .position()
                    .seats()
                    .colours()
                    .filter(|&o| home(st.position().checkers(o)))
                    .count();
                let want = if r.play_out_places {
                    st.position().seats().len() - 1
                } else {
                    1
                };
                assert_eq!(
                    done, want,
                    "{rules:?} {seats} game {game_no}: one winner (L17): {st}"
                );
            }
        }
    }
    eprintln!("{nodes} rolls with moves or lost, {moves_checked} moves");
    assert!(nodes > 10_000, "{nodes}");
}

/// D8 option (three tries): with nothing on the board a lost roll is tried again, three rolls
/// in all; a release on a try moves as usual (a 1 ends the turn, a 6 rolls again).
#[test]
fn d8_three_tries_with_nothing_on_the_board() {
    let g = game(Rules::lattjo().with_three_tries(true), "RGYB");
    let start = "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0";
    let mut st = at(&g, start);
    for (d, who) in [(3, Colour::Red), (2, Colour::Red), (4, Colour::Green)] {
        roll(&g, &mut st, d);
        assert_eq!(st.position().to_move(), Some(who), "after a {d}");
    }
    let mut st = at(&g, start);
    roll(&g, &mut st, 2);
    roll(&g, &mut st, 1);
    play(&g, &mut st, "R:0>1");
    assert_eq!(st.position().to_move(), Some(Colour::Green));
    // A checker on the board that cannot use the roll (Classic's exact count): the board is
    // not empty, so a lost roll is not tried again.
    let g = game(Rules::classic().with_three_tries(true), "RY");
    let mut st = at(&g, "LUDO 52/51/5 RY R 0 R:0,0,0,56 Y:0,0,0,0");
    roll(&g, &mut st, 3);
    assert_eq!(st.position().to_move(), Some(Colour::Yellow));
}
