//! A second reviewer's pass over the rules file (/work/shared/rules/backgammon.md), aimed at
//! what `rules.rs` and `rules_review.rs` leave out: two, three and four checkers on the bar
//! with a double, both entry points blocked, the booklet's voluntary higher die from the bar
//! and at the opening, Black's entry onto a blot, one checker using both dice with and without
//! a hit on the way, three hits by one checker with a double, bearing off where each sub-move
//! sees the highest point the one before it left, a double that plays up and then bears off
//! (the game ending with a move unplayed), the higher die playable only after the lower while
//! bearing in, a hit in the home board while bearing off, duplicate plays merged, Black's
//! entering and bearing off by the booklet's labels, the booklet preset's scoring at the
//! home-board boundary and with the money-play flags, the cube passed back and forth, the Jacoby
//! rule with an automatically doubled cube, a closed-out player who doubles, hybrids of the
//! presets, the Crawford game reached by Black through a gammon, a game replayed from its record
//! (A18), colour symmetry over this file's positions, and refused input (illegal plays, actions
//! out of phase, unreadable or illegal move text) leaving the state unchanged.
//!
//! Every expected value is worked out by hand from the rules file; each test cites the rule
//! ids and the sentence it checks. Points are each side's own numbers (1..=24 towards its own
//! home, bar 25, off 0): White's point q is Black's point 25 - q, so Black's 6 point is White's
//! 19 and a Black checker on White's home points 1..=6 stands on Black's 24..=19.

use boardgame_core::{Game, Match, MatchConfig, Turn};
use lattjo_backgammon::{
    Action, Dice, Label, NotationError, Phase, Play, PlayError, PlayList, Point, Position,
    ResignLevel, Rules, Side, SingleDiePolicy, Step, WinKind,
};

use crate::rules::{plays, set};
use crate::rules_review::{
    LAT, STD, after, apply, assert_results, cubed, dice, game, legal, pos, results,
};

/// Both single-die policies.
const BOTH: [SingleDiePolicy; 2] = [STD, LAT];

/// A play from (from, to) steps.
fn play(steps: &[(u8, u8)]) -> Play {
    let steps: Vec<Step> = steps
        .iter()
        .map(|&(f, t)| Step::new(f, t).unwrap())
        .collect();
    Play::from_steps(&steps).unwrap()
}

// ---------------------------------------------------------------------------------------------
// The bar (B13-B15, B17, A2, A8a, A8b)

/// B13 "A player with a checker on the bar must bring it back in before moving any other
/// checker", B16 "A double is played as four moves of that number", B17 "as many of its moves
/// as possible must be played". White has no checker but those on the bar (the rest borne off);
/// Black stands on its 12 point, out of the way. With 3-3 two checkers enter on White's 22 and
/// the two moves left go to either or both of them: {19, 19} or {22, 16}. Three enter and the
/// fourth 3 moves one of them on to 19; with Black holding White's 19 (its 6 point) the fourth 3
/// is lost. Four on the bar use all four 3s to enter.
#[test]
fn b13_b16_b17_checkers_on_the_bar_enter_with_a_double_before_any_other_move() {
    let black = [(12, 15)];
    let two = pos(&[(25, 2), (0, 13)], &black, Side::White);
    let both_on_19 = after(&two, &[(25, 22), (25, 22), (22, 19), (22, 19)]);
    let one_on_16 = after(&two, &[(25, 22), (25, 22), (22, 19), (19, 16)]);
    assert_eq!(one_on_16.checkers(Side::White)[22], 1);
    assert_eq!(one_on_16.checkers(Side::White)[16], 1);
    for policy in BOTH {
        assert_results(
            &two,
            dice(3, 3),
            policy,
            &[both_on_19, one_on_16],
            "B13, B16: two enter, two moves left",
        );
    }
    let three = pos(&[(25, 3), (0, 12)], &black, Side::White);
    let r = after(&three, &[(25, 22), (25, 22), (25, 22), (22, 19)]);
    let held = pos(&[(25, 3), (0, 12)], &[(6, 2), (12, 13)], Side::White);
    let lost = after(&held, &[(25, 22), (25, 22), (25, 22)]);
    let four = pos(&[(25, 4), (0, 11)], &black, Side::White);
    let all_in = after(&four, &[(25, 22), (25, 22), (25, 22), (25, 22)]);
    for policy in BOTH {
        assert_results(
            &three,
            dice(3, 3),
            policy,
            &[r],
            "three enter, one moves on",
        );
        assert_results(
            &held,
            dice(3, 3),
            policy,
            &[lost],
            "B17: the fourth 3 is lost",
        );
        assert_results(&four, dice(3, 3), policy, &[all_in], "four enter");
    }
    let mut list = PlayList::new();
    list.generate(&held, dice(3, 3), STD);
    assert_eq!(list.get(0).map(|p| p.steps().len()), Some(3));
}

/// B13 with A15 "No legal move: the turn passes": two White checkers on the bar and both entry
/// points of a 6-5 (White's 19 and 20, Black's 6 and 5 points) held. The only action is the
/// empty play, under either preset; moving other checkers instead is refused with the state
/// unchanged; the empty play hands the turn to Black, who may double before rolling (A10, the
/// cube centred), with every checker where it was.
#[test]
fn b13_a15_two_on_the_bar_with_both_entry_points_held_pass_the_turn() {
    let p = pos(
        &[(25, 2), (13, 13)],
        &[(6, 2), (5, 2), (1, 11)],
        Side::White,
    );
    for rules in [Rules::lattjo(), Rules::standard()] {
        let g = game(rules);
        let mut s = g.state_from(p, Some(dice(6, 5))).unwrap();
        assert_eq!(legal(&g, &s), vec![Action::Play(Play::NONE)]);
        let before = s;
        for bad in [
            play(&[(13, 7), (13, 8)]),
            play(&[(25, 19)]),
            play(&[(25, 20), (13, 7)]),
        ] {
            assert_eq!(
                g.apply(&mut s, &Action::Play(bad)),
                Err(PlayError::IllegalPlay(bad)),
                "B13"
            );
            assert_eq!(s, before);
        }
        apply(&g, &mut s, Action::Play(Play::NONE));
        assert_eq!((s.phase(), s.to_move()), (Phase::BeforeRoll, Side::Black));
        assert_eq!(legal(&g, &s), vec![Action::Roll, Action::Double]);
        assert_eq!(s.position().checkers(Side::White), p.checkers(Side::White));
        assert_eq!(s.position().checkers(Side::Black), p.checkers(Side::Black));
    }
}

/// B7 "A player may play the number of only one die, but only the higher one ... allowed even
/// when both could be played" applies to entering too (A8a, A8b: "Every legal higher-die-only
/// play is offered, also when full plays exist"). White, one on the bar and 14 on its 6 point,
/// rolls 6-1 with every point open: the full plays are bar/19/18 (also bar/24/18) and bar/19
/// 6/5 (bar/24 then the 6 has no move: the 6 point cannot bear off with a checker out); the
/// booklet adds bar/19 alone, never bar/24 alone. With two on the bar both enter (bar/19
/// bar/24), and the booklet also lets the 6 enter one alone, leaving the other on the bar.
#[test]
fn b7_b13_a8b_the_booklet_may_enter_with_the_higher_die_alone() {
    let black = [(12, 15)];
    let one = pos(&[(25, 1), (6, 14)], &black, Side::White);
    let through = after(&one, &[(25, 19), (19, 18)]);
    let split = after(&one, &[(25, 19), (6, 5)]);
    let high = after(&one, &[(25, 19)]);
    assert_eq!(after(&one, &[(25, 24), (24, 18)]), through);
    assert_results(&one, dice(6, 1), STD, &[through, split], "A9: both dice");
    assert_results(&one, dice(6, 1), LAT, &[through, split, high], "A8b");
    assert!(!results(&one, dice(6, 1), LAT).contains(&after(&one, &[(25, 24)])));
    let two = pos(&[(25, 2), (6, 13)], &black, Side::White);
    let both = after(&two, &[(25, 19), (25, 24)]);
    let high = after(&two, &[(25, 19)]);
    assert_eq!(high.bar(Side::White), 1);
    assert_results(&two, dice(6, 1), STD, &[both], "B13: both enter");
    assert_results(&two, dice(6, 1), LAT, &[both, high], "A8b: the 6 alone");
}

/// B13 "A player with a checker on the bar must bring it back in before moving any other
/// checker" and B15 "If two checkers are on the bar and only one can enter, the other die is
/// forfeited", with three on the bar and a non-double: 6-5 with White's 19 and 20 open enters
/// two (bar/19 bar/20) and leaves the third on the bar; the booklet may also enter one with the
/// 6 alone (B7). With White's 20 held (Black's 5 point) only bar/19 is legal under both: the 5
/// may neither enter nor move the entered checker (19/14).
#[test]
fn b13_b15_three_on_the_bar_and_a_non_double_enter_two_at_most() {
    let p = pos(&[(25, 3), (6, 12)], &[(12, 15)], Side::White);
    let two = after(&p, &[(25, 19), (25, 20)]);
    let six = after(&p, &[(25, 19)]);
    assert_eq!(two.bar(Side::White), 1);
    assert_results(&p, dice(6, 5), STD, &[two], "B13");
    assert_results(&p, dice(6, 5), LAT, &[two, six], "B13, B7");
    let held = pos(&[(25, 3), (6, 12)], &[(5, 2), (12, 13)], Side::White);
    let six = after(&held, &[(25, 19)]);
    for policy in BOTH {
        assert_results(&held, dice(6, 5), policy, &[six], "B15");
    }
}

/// B14 "Re-entry is on the point in the opponent's home board that matches a die: ... Black
/// [enters] on d" and A2 "Entry is a move; the blot is hit". Black, one on the bar and 14 on its
/// 6 point, rolls 4-3 against a White blot on the point labelled 4 (White's 4, Black's 21).
/// The 4 enters on label 4 hitting the blot, the 3 on label 3 (Black's 22). Full plays:
/// bar/21*/18, bar/21* 6/3, bar/22/18 (no hit: one checker can land on 18 with or without the
/// hit), bar/22 6/2; the booklet adds bar/21* alone (B7).
#[test]
fn b14_a2_black_enters_on_the_point_labelled_with_the_die_hitting_a_blot_there() {
    let label = |s: &str| s.parse::<Label>().unwrap();
    assert_eq!(label("4").to_point(Side::Black), Point::new(21).unwrap());
    assert_eq!(label("3").to_point(Side::Black), Point::new(22).unwrap());
    let p = pos(&[(4, 1), (13, 14)], &[(25, 1), (6, 14)], Side::Black);
    let a = after(&p, &[(25, 21), (21, 18)]);
    let b = after(&p, &[(25, 21), (6, 3)]);
    let c = after(&p, &[(25, 22), (22, 18)]);
    let d = after(&p, &[(25, 22), (6, 2)]);
    let e = after(&p, &[(25, 21)]);
    assert_eq!((a.bar(Side::White), c.bar(Side::White)), (1, 0));
    assert_ne!(a, c, "the same checker on 18, with and without the hit");
    assert_results(&p, dice(4, 3), STD, &[a, b, c, d], "B14, A2");
    assert_results(&p, dice(4, 3), LAT, &[a, b, c, d, e], "B7: bar/21* alone");
    // B11: the hit White checker starts again: its pip count rises by 25 - 4 = 21.
    assert_eq!(a.pip_count(Side::White), p.pip_count(Side::White) + 21);
}

// ---------------------------------------------------------------------------------------------
// One checker, several steps (B5, B6, B12, A4, A17)

/// A4 "It makes two sub-moves. The intermediate landing point must be open (not blocked), and a
/// blot there is hit. Either order may be tried." White's checker on 24 plays 6-5 with a Black
/// blot on White's 18 (Black's 7): 24/18*/13 hits, 24/19/13 does not, so one checker ending on
/// 13 is two plays (A17 merges only equal positions); 24/18* 6/1 is the third (24/19 leaves the 6
/// no move: 6/off needs every checker home). The booklet adds 24/18* alone.
#[test]
fn a4_a17_b12_one_checker_with_both_dice_hits_on_the_way_or_not() {
    let p = pos(&[(24, 1), (6, 14)], &[(7, 1), (2, 14)], Side::White);
    let hit = after(&p, &[(24, 18), (18, 13)]);
    let clean = after(&p, &[(24, 19), (19, 13)]);
    let split = after(&p, &[(24, 18), (6, 1)]);
    let high = after(&p, &[(24, 18)]);
    assert_eq!((hit.bar(Side::Black), clean.bar(Side::Black)), (1, 0));
    assert_eq!(after(&p, &[(6, 1), (24, 18)]), split);
    assert_results(&p, dice(6, 5), STD, &[hit, clean, split], "A4");
    assert_results(&p, dice(6, 5), LAT, &[hit, clean, split, high], "A4, B7");
    assert_eq!(
        plays(&p, 6, 5, STD),
        set(&["24/18*/13", "24/13", "24/18* 6/1"])
    );
    // Section 7: the hit raises Black's pip count by 25 - 7 = 18.
    assert_eq!(hit.pip_count(Side::Black), p.pip_count(Side::Black) + 18);
}

/// B12 "A move made in several steps may hit several opposing checkers, one at each point where
/// it lands", with a double (B16): White's checker on 24 plays 2-2 through Black blots on
/// White's 22, 20 and 18 (Black's 3, 5, 7) to 16, hitting all three. Black's pip count rises by
/// 22 + 20 + 18 = 60.
#[test]
fn b12_b16_one_checker_hits_three_blots_with_a_double() {
    let p = pos(
        &[(24, 1), (6, 14)],
        &[(3, 1), (5, 1), (7, 1), (12, 12)],
        Side::White,
    );
    let r = after(&p, &[(24, 22), (22, 20), (20, 18), (18, 16)]);
    assert_eq!(r.bar(Side::Black), 3);
    assert_eq!(r.pip_count(Side::Black), p.pip_count(Side::Black) + 60);
    assert_eq!(r.pip_count(Side::White), p.pip_count(Side::White) - 8);
    for policy in BOTH {
        let mut list = PlayList::new();
        list.generate(&p, dice(2, 2), policy);
        assert!(list.results().any(|x| x == r), "{policy:?}");
        assert!(list.plays().all(|pl| pl.steps().len() == 4), "B16");
    }
    assert!(plays(&p, 2, 2, STD).contains(&"24/22*/20*/18*/16".to_string()));
}

/// A17 "Remove duplicate plays that reach the same final position ... Keep the sub-move sequence
/// for notation." White on 8 and 6 (13 off) plays 2-1: 8/7/5, 8/6/5 and 8/6 6/5 all leave
/// checkers on 6 and 5; the other results are 8/7 6/4 (7, 4) and 6/4/3 or 6/5/3 (8, 3): three
/// plays. The booklet adds the 2 alone: 8/6 (6, 6) and 6/4 (8, 4): five. Each listed play's
/// steps reach its listed result.
#[test]
fn a17_plays_reaching_the_same_position_are_listed_once() {
    let p = pos(&[(8, 1), (6, 1), (0, 13)], &[(1, 15)], Side::White);
    let x = after(&p, &[(8, 7), (7, 5)]);
    assert_eq!(after(&p, &[(8, 6), (6, 5)]), x);
    let y = after(&p, &[(8, 7), (6, 4)]);
    let z = after(&p, &[(6, 4), (4, 3)]);
    assert_eq!(after(&p, &[(6, 5), (5, 3)]), z);
    let (h1, h2) = (after(&p, &[(8, 6)]), after(&p, &[(6, 4)]));
    assert_results(&p, dice(2, 1), STD, &[x, y, z], "A17: three");
    assert_results(&p, dice(2, 1), LAT, &[x, y, z, h1, h2], "A17, B7: five");
    for policy in BOTH {
        let mut list = PlayList::new();
        list.generate(&p, dice(2, 1), policy);
        for (pl, r) in list.plays().zip(list.results()) {
            assert_eq!(p.apply_steps(&pl).unwrap(), r, "{pl:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Using the dice (B7, B8, D1, A8, A9)

/// B7, A8b (booklet: the higher die alone, voluntarily) and A9 (standard: both dice whenever
/// possible) at the opening roll 6-1. From the start White's 6 alone can go 24/18, 13/7 or 8/2
/// (White's 18, 7 and 2 are Black's empty 7, 18 and 23; 6/off needs every checker home): those
/// three one-step plays are legal under the booklet and none under the standard; no one-step
/// play of the 1 is legal under either (B8). 24/18 alone is refused by the standard game with
/// the state unchanged and played by the booklet's.
#[test]
fn b7_b8_a8b_a9_the_opening_six_alone_only_under_the_booklet() {
    let mut singles = Vec::new();
    for rules in [Rules::lattjo(), Rules::standard()] {
        let g = game(rules);
        let mut s = g.new_initial_state();
        apply(&g, &mut s, Action::Opening { white: 6, black: 1 });
        let mut one_step: Vec<(u8, u8)> = legal(&g, &s)
            .into_iter()
            .filter_map(|a| match a {
                Action::Play(p) if p.steps().len() == 1 => {
                    Some((p.steps()[0].from(), p.steps()[0].to()))
                }
                _ => None,
            })
            .collect();
        one_step.sort_unstable();
        singles.push(one_step);
        let alone = Action::Play(play(&[(24, 18)]));
        if rules.single_die == STD {
            let before = s;
            assert_eq!(
                g.apply(&mut s, &alone),
                Err(PlayError::IllegalPlay(play(&[(24, 18)])))
            );
            assert_eq!(s, before);
        } else {
            apply(&g, &mut s, alone);
            assert_eq!((s.phase(), s.to_move()), (Phase::BeforeRoll, Side::Black));
        }
    }
    assert_eq!(singles, vec![vec![(8, 2), (13, 7), (24, 18)], vec![]]);
}

/// A9 (standard) and A8 (booklet) with A5 while bearing in: White's last outside checker on 7
/// and the 6 blocked from it (Black holds White's 1 point); no checker may bear off before the 7
/// is home. The 6 is playable only after the 1 brings the checker home (7/6), and then bears it
/// off exactly (B20): 7/6/off is the one legal play under both policies, although the 1 alone
/// (7/6 or 5/4) could be played; those are refused, the state unchanged.
#[test]
fn a5_a8_a9_the_higher_die_only_after_the_lower_brings_the_last_checker_home() {
    let p = pos(
        &[(7, 1), (5, 2), (0, 12)],
        &[(24, 2), (13, 13)],
        Side::White,
    );
    let r = after(&p, &[(7, 6), (6, 0)]);
    assert_eq!(r.off(Side::White), 13);
    for rules in [Rules::lattjo(), Rules::standard()] {
        assert_results(&p, dice(6, 1), rules.single_die, &[r], "7/6/off");
        let g = game(rules);
        let mut s = g.state_from(p, Some(dice(6, 1))).unwrap();
        let before = s;
        for bad in [play(&[(7, 6)]), play(&[(5, 4)]), play(&[(5, 4), (7, 1)])] {
            assert_eq!(
                g.apply(&mut s, &Action::Play(bad)),
                Err(PlayError::IllegalPlay(bad))
            );
            assert_eq!(s, before);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Bearing off (B19-B23, A5-A7, A14)

/// A5 "Check before each sub-move" with A6 "It then removes a checker from the highest occupied
/// point": White has checkers on 4 and 2 (13 off) and rolls 6-3. The 6 first bears off the 4
/// (the highest), then the 3 bears off the 2 (now the highest, 3 and above empty): the game is
/// won. The 3 first must play up 4/1 (B22: point 3 empty, 4 occupied; the 2 may not bear off),
/// then the 6 bears off the 2 (the highest), leaving the 1. The booklet adds the 6 alone (4/off,
/// which lowers the pip count by 4, not 6). Played through the standard game, the winning play
/// ends it with a gammon (B32: Black has borne off none, and none is on the bar or in White's
/// home).
#[test]
fn a5_a6_b22_b23_each_move_bears_off_from_the_highest_point_left_by_the_one_before() {
    let p = pos(&[(4, 1), (2, 1), (0, 13)], &[(1, 15)], Side::White);
    let won = after(&p, &[(4, 0), (2, 0)]);
    let one_left = after(&p, &[(4, 1), (2, 0)]);
    let high = after(&p, &[(4, 0)]);
    assert_eq!(won.off(Side::White), 15);
    assert_eq!(one_left.checkers(Side::White)[1], 1);
    assert_eq!(high.pip_count(Side::White), p.pip_count(Side::White) - 4);
    assert_results(&p, dice(6, 3), STD, &[won, one_left], "A5, A6");
    assert_results(&p, dice(6, 3), LAT, &[won, one_left, high], "A5, A6, B7");
    let g = game(Rules::standard());
    let mut s = g.state_from(p, Some(dice(6, 3))).unwrap();
    apply(&g, &mut s, Action::Play(play(&[(4, 0), (2, 0)])));
    let o = s.outcome().expect("B30");
    assert_eq!(
        (o.winner, o.kind, o.points),
        (Side::White, WinKind::Gammon, 2)
    );
    assert_eq!(g.turn(&s), Turn::Terminal);
}

/// B11 "Landing on a point with a single opposing checker hits it" also while bearing off, with
/// B22 and A6: White on 4 and 3 (13 off), a Black blot on White's 1 (Black's 24), roll 3-2. 4/1*
/// then the 2 must play up 3/1 (2 empty, 3 occupied); 3/1* then the 3 plays up 4/1: both leave
/// two White checkers on 1 and Black on the bar. 3/off then 4/2, or 4/2 then 3/off, leave one on
/// 2. The booklet adds the 3 alone: 4/1* or 3/off.
#[test]
fn b11_b22_a6_a_hit_in_the_home_board_while_bearing_off() {
    let p = pos(&[(4, 1), (3, 1), (0, 13)], &[(24, 1), (6, 14)], Side::White);
    let hit = after(&p, &[(4, 1), (3, 1)]);
    let off = after(&p, &[(3, 0), (4, 2)]);
    assert_eq!(after(&p, &[(3, 1), (4, 1)]), hit);
    assert_eq!(after(&p, &[(4, 2), (3, 0)]), off);
    assert_eq!((hit.bar(Side::Black), hit.checkers(Side::White)[1]), (1, 2));
    let (h1, h2) = (after(&p, &[(4, 1)]), after(&p, &[(3, 0)]));
    assert_results(&p, dice(3, 2), STD, &[hit, off], "B11, B22");
    assert_results(&p, dice(3, 2), LAT, &[hit, off, h1, h2], "B11, B22, B7");
}

/// B19 "If the first die brings the last outside checker home, the second die may already bear
/// off", with A6: White's last outside checker on 9, the rest on 2 and 1, rolls 6-5. 9/3 then
/// the 5 bears off from the highest point, 3 (5 and 6 empty); 9/4 then the 6 bears off from 4:
/// both are the same checker borne off, one play. The booklet adds 9/3 alone.
#[test]
fn b19_a5_a6_the_checker_just_brought_home_is_borne_off_by_a_larger_die() {
    let p = pos(&[(9, 1), (2, 7), (1, 7)], &[(1, 15)], Side::White);
    let off = after(&p, &[(9, 3), (3, 0)]);
    assert_eq!(after(&p, &[(9, 4), (4, 0)]), off);
    assert_eq!(off.off(Side::White), 1);
    let high = after(&p, &[(9, 3)]);
    assert_results(&p, dice(6, 5), STD, &[off], "B19, A6");
    assert_results(&p, dice(6, 5), LAT, &[off, high], "B19, A6, B7");
}

/// B22 "if point d is empty and a higher home point is occupied, the die must be played by
/// moving a checker from a higher point" (A7: by exactly the die), B23, A5 and A14 "The game ends
/// the moment the 15th checker is borne off; any remaining dice are not played": White on 6 and
/// 3 (13 off) rolls 5-5. The first 5 must play up 6/1 (5 empty, 6 occupied; the 3 may not bear
/// off); the second bears off the 3 (now the highest), the third the 1; the fourth is not
/// played. One play of three steps under both policies, ending the game with a gammon (B32).
#[test]
fn b22_a7_a14_a_double_plays_up_then_bears_off_and_leaves_a_move_unplayed() {
    let p = pos(&[(6, 1), (3, 1), (0, 13)], &[(6, 15)], Side::White);
    let won = after(&p, &[(6, 1), (3, 0), (1, 0)]);
    assert_eq!(won.off(Side::White), 15);
    for rules in [Rules::lattjo(), Rules::standard()] {
        assert_results(&p, dice(5, 5), rules.single_die, &[won], "B22, B23");
        let mut list = PlayList::new();
        list.generate(&p, dice(5, 5), rules.single_die);
        assert_eq!(list.get(0).unwrap().steps().len(), 3, "A14");
        let g = game(rules);
        let mut s = g.state_from(p, Some(dice(5, 5))).unwrap();
        let before = s;
        // Bearing off the 3 first, or the 6 point checker straight to off, is refused.
        for bad in [play(&[(3, 0), (6, 1), (1, 0)]), play(&[(6, 0), (3, 0)])] {
            assert_eq!(
                g.apply(&mut s, &Action::Play(bad)),
                Err(PlayError::IllegalPlay(bad))
            );
            assert_eq!(s, before);
        }
        apply(&g, &mut s, Action::Play(list.get(0).unwrap()));
        let o = s.outcome().expect("A14");
        assert_eq!(
            (o.winner, o.kind, o.points),
            (Side::White, WinKind::Gammon, 2)
        );
    }
}

/// B20 "A die of d bears off a checker from point d", for Black from the point labelled `dA`
/// (section 1: label `nA` is Black's point n), with A5, A6 and A17: Black on 3A and 1A (13 off)
/// rolls 3-1. 3/off 1/off (either order) wins; 3/2 then the 3 bears off the 2 (the highest,
/// B23) and leaves the 1A checker. The booklet's 3 alone (3/off) leaves that same position, so
/// it is no further play: two plays under both policies.
#[test]
fn b20_b23_a17_black_bears_off_from_the_points_labelled_a() {
    let label = |s: &str| s.parse::<Label>().unwrap().to_point(Side::Black);
    assert_eq!(
        (label("3A"), label("1A")),
        (Point::new(3).unwrap(), Point::new(1).unwrap())
    );
    let p = pos(&[(13, 15)], &[(3, 1), (1, 1), (0, 13)], Side::Black);
    let won = after(&p, &[(3, 0), (1, 0)]);
    let left = after(&p, &[(3, 2), (2, 0)]);
    assert!(won.has_won(Side::Black));
    assert_eq!(after(&p, &[(3, 0)]), left);
    for policy in BOTH {
        assert_results(&p, dice(3, 1), policy, &[won, left], "B20, B23, A17");
    }
}

// ---------------------------------------------------------------------------------------------
// Scoring (B31-B34, D5)

/// B31-B34 under the booklet's preset, for Black winning with the cube at 4 (Black's): B33's
/// "winner's home board" is Black's 1-6, White's 24-19, so a White checker on White's 19 makes a
/// backgammon (3 x 4 = 12) and one on White's 18 a gammon (2 x 4 = 8); a White checker on the
/// bar with one borne off is a single game (B31: the loser has borne off one; 1 x 4 = 4).
#[test]
fn b31_b32_b33_b34_the_booklets_scoring_at_the_edge_of_the_winners_home() {
    let g = game(Rules::lattjo());
    let finish = |white: &[(usize, u8)]| {
        let p = pos(white, &[(1, 1), (0, 14)], Side::Black);
        let mut s = cubed(&g, p, Some(dice(2, 1)), 2, Some(Side::Black));
        apply(&g, &mut s, Action::Play(play(&[(1, 0)])));
        let o = s.outcome().expect("B30");
        (o.winner, o.kind, o.points)
    };
    assert_eq!(
        finish(&[(19, 1), (6, 14)]),
        (Side::Black, WinKind::Backgammon, 12)
    );
    assert_eq!(
        finish(&[(18, 1), (6, 14)]),
        (Side::Black, WinKind::Gammon, 8)
    );
    assert_eq!(
        finish(&[(25, 1), (0, 1), (6, 13)]),
        (Side::Black, WinKind::Single, 4)
    );
}

/// D5 "Jacoby (gammons count only after the cube has been turned)" with D3's automatic doubles.
/// The rules file does not say whether an automatic double turns the cube; docs/backgammon.md
/// says the Jacoby rule counts a gammon single "while the cube is centred", and an automatic
/// double leaves it centred (D3). So a gammon won with the cube centred at 2 after an opening
/// tie scores 1 x 2 = 2, and 2 x 2 = 4 without the Jacoby rule.
#[test]
fn d3_d5_jacoby_with_an_automatically_doubled_centred_cube() {
    for (jacoby, points) in [(true, 2), (false, 4)] {
        let g = game(
            Rules::standard()
                .with_jacoby(jacoby)
                .with_automatic_doubles(1),
        );
        let mut s = g.new_initial_state();
        apply(&g, &mut s, Action::Opening { white: 4, black: 4 });
        assert_eq!((s.cube_value(), s.cube_owner()), (2, None), "D3");
        let p = pos(&[(1, 1), (0, 14)], &[(6, 15)], Side::White);
        let mut setup = s.setup();
        setup.position = p;
        setup.phase = Phase::Moving;
        setup.dice = Some(dice(2, 1));
        let mut s = lattjo_backgammon::State::try_from(setup).unwrap();
        g.check_state(&s).unwrap();
        apply(&g, &mut s, Action::Play(play(&[(1, 0)])));
        assert_eq!(s.outcome().unwrap().points, points, "jacoby {jacoby}");
    }
}

/// D5 "Offer them as flags in both rule sets, default off": the booklet's preset with the Jacoby
/// rule and beavers in money play. A double may be beavered (the answers are take, drop and
/// beaver), and the beaverer owns the cube at 4 once the doubler takes; a gammon won with the
/// cube centred counts single (1), and with the cube turned to 2 counts 2 x 2 = 4.
#[test]
fn d5_the_booklets_preset_takes_the_money_play_flags() {
    let g = game(Rules::lattjo().with_jacoby(true).with_beavers(true));
    let mut s = g.state_from(Position::start(Side::White), None).unwrap();
    apply(&g, &mut s, Action::Double);
    let mut answers = legal(&g, &s);
    answers.sort_by_key(|a| a.to_string());
    assert_eq!(answers, vec![Action::Beaver, Action::Drop, Action::Take]);
    apply(&g, &mut s, Action::Beaver);
    apply(&g, &mut s, Action::Take);
    assert_eq!((s.cube_value(), s.cube_owner()), (4, Some(Side::Black)));
    let gammon = pos(&[(1, 1), (0, 14)], &[(6, 15)], Side::White);
    for (log2, owner, points) in [(0, None, 1), (1, Some(Side::White), 4)] {
        let mut s = cubed(&g, gammon, Some(dice(2, 1)), log2, owner);
        apply(&g, &mut s, Action::Play(play(&[(1, 0)])));
        assert_eq!(s.outcome().unwrap().points, points, "D5 Jacoby");
    }
}

// ---------------------------------------------------------------------------------------------
// Refused input (B26-B28, A10, A14, D1, D5, D6)

/// B3 "each player rolls one die": an opening roll with a die outside 1..=6 is refused with
/// `BadDice`, and a player's action (a play, a double, a roll) while the opening roll is due
/// with `ChanceExpected`, the state unchanged, under either preset.
#[test]
fn b3_an_opening_roll_outside_the_dice_or_a_players_action_before_it_is_refused() {
    for rules in [Rules::lattjo(), Rules::standard()] {
        let g = game(rules);
        let start = g.new_initial_state();
        let mut s = start;
        assert_eq!(s.phase(), Phase::Opening);
        for (white, black) in [(0, 3), (7, 1), (2, 9)] {
            assert!(matches!(
                g.apply(&mut s, &Action::Opening { white, black }),
                Err(PlayError::BadDice(_))
            ));
            assert_eq!(s, start);
        }
        for a in [
            Action::Play(play(&[(24, 18)])),
            Action::Double,
            Action::Roll,
        ] {
            assert_eq!(g.apply(&mut s, &a), Err(PlayError::ChanceExpected), "{a}");
            assert_eq!(s, start);
        }
    }
}

/// A12 "Doubling while on the bar or shut out: allowed, because doubling happens before the
/// roll" and A15 "The turn passes. A double could still have been offered before rolling":
/// White, on the bar against Black's closed board (Black's 1-6, White's 24-19, two each), may
/// roll or double; after Black takes, every roll leaves White only the empty play (entering on
/// a held point is refused, the state unchanged), and Black, owning the cube, is next on roll
/// with the choice to redouble.
#[test]
fn a12_a15_a_closed_out_player_may_double_and_then_passes() {
    let p = pos(
        &[(25, 1), (6, 14)],
        &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 3)],
        Side::White,
    );
    for rules in [Rules::lattjo(), Rules::standard()] {
        let g = game(rules);
        let mut s = g.state_from(p, None).unwrap();
        assert_eq!(legal(&g, &s), vec![Action::Roll, Action::Double], "A12");
        apply(&g, &mut s, Action::Double);
        apply(&g, &mut s, Action::Take);
        assert_eq!((s.cube_value(), s.cube_owner()), (2, Some(Side::Black)));
        for d in Dice::ALL {
            let mut t = s;
            apply(&g, &mut t, Action::Dice(d));
            assert_eq!(legal(&g, &t), vec![Action::Play(Play::NONE)], "{d}");
            let before = t;
            let enter = play(&[(25, 25 - d.high())]);
            assert_eq!(
                g.apply(&mut t, &Action::Play(enter)),
                Err(PlayError::IllegalPlay(enter))
            );
            assert_eq!(t, before);
            apply(&g, &mut t, Action::Play(Play::NONE));
            assert_eq!((t.phase(), t.to_move()), (Phase::BeforeRoll, Side::Black));
            assert_eq!(legal(&g, &t), vec![Action::Roll, Action::Double], "B29");
        }
    }
}

/// A10 "The opponent must answer take or drop before play continues": with a double pending
/// under the booklet's preset, rolling, playing, redoubling, a chance result, a beaver (D5: off)
/// and a resignation instead of an answer (D6: off) are each refused by their error, the state
/// unchanged. After the drop
/// (A14, B27) every action is refused with `GameOver`.
#[test]
fn a10_b27_a_pending_double_must_be_answered_and_a_finished_game_takes_nothing() {
    let g = game(Rules::lattjo());
    let mut s = g.state_from(Position::start(Side::Black), None).unwrap();
    apply(&g, &mut s, Action::Double);
    assert_eq!(s.phase(), Phase::Doubled);
    assert_eq!(legal(&g, &s), vec![Action::Take, Action::Drop]);
    let before = s;
    let not_now = |r: Result<(), PlayError>| {
        matches!(
            r,
            Err(PlayError::NotNow {
                phase: Phase::Doubled,
                ..
            })
        )
    };
    assert!(not_now(g.apply(&mut s, &Action::Roll)));
    assert!(not_now(g.apply(&mut s, &Action::Play(Play::NONE))));
    assert!(not_now(g.apply(&mut s, &Action::Double)));
    assert!(not_now(g.apply(&mut s, &Action::AcceptResignation)));
    assert_eq!(
        g.apply(&mut s, &Action::Dice(dice(6, 5))),
        Err(PlayError::NotChance)
    );
    assert_eq!(
        g.apply(&mut s, &Action::Beaver),
        Err(PlayError::BeaversDisabled)
    );
    // A resignation here would be one instead of an answer (`resign_when_doubled`, off); the
    // booklet's preset has no resignations at all (D6), and the refusal says so.
    assert_eq!(
        g.apply(&mut s, &Action::Resign(ResignLevel::Single)),
        Err(PlayError::ResignationsDisabled)
    );
    assert_eq!(s, before);
    apply(&g, &mut s, Action::Drop);
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.winner, o.kind, o.points),
        (Side::Black, WinKind::Drop, 1),
        "B27: 1 point in the booklet's example"
    );
    let over = s;
    for a in [
        Action::Roll,
        Action::Double,
        Action::Take,
        Action::Drop,
        Action::Dice(dice(6, 5)),
        Action::Opening { white: 6, black: 5 },
        Action::Play(Play::NONE),
    ] {
        assert_eq!(g.apply(&mut s, &a), Err(PlayError::GameOver), "{a}");
        assert_eq!(s, over);
    }
    assert!(legal(&g, &s).is_empty());
}

/// D1 through move text: `Position::parse_play` reads "24/18" with 6-1 from the start as the
/// booklet's higher die alone (B7) and refuses it under the standard (A9) with
/// `NotationError::Illegal`; "24/23", the lower die alone, is refused under both (B8); text that
/// is no move is refused by its own error, whatever the policy.
#[test]
fn d1_b7_b8_move_text_is_read_against_the_policy() {
    let p = Position::start(Side::White);
    let d = dice(6, 1);
    assert_eq!(p.parse_play("24/18", d, LAT), Ok(play(&[(24, 18)])));
    assert!(matches!(
        p.parse_play("24/18", d, STD),
        Err(NotationError::Illegal(_))
    ));
    assert_eq!(
        p.parse_play("13/7 8/7", d, STD),
        p.parse_play("13/7 8/7", d, LAT)
    );
    for policy in BOTH {
        assert!(matches!(
            p.parse_play("24/23", d, policy),
            Err(NotationError::Illegal(_))
        ));
        assert!(matches!(
            p.parse_play("13/15", d, policy),
            Err(NotationError::Backwards(_))
        ));
        assert!(matches!(
            p.parse_play("26/20", d, policy),
            Err(NotationError::BadPoint(_))
        ));
        assert!(matches!(
            p.parse_play("24-18", d, policy),
            Err(NotationError::Syntax(_))
        ));
    }
}

// ---------------------------------------------------------------------------------------------
// More bearing off and doubles (B17, B24, A5, A6, A8c)

/// B24 "A checker hit while its owner is bearing off must come back in and reach the home board
/// before that player bears off again", with A5 (checked before each of a double's four moves)
/// and A6: White's checker that came back in stands on 20, the rest on 5. With 6-6 the first
/// three moves must take it home (20/14/8/2: the 5 point checkers may not bear off before), and
/// the fourth, with every checker home, bears off from the highest point, 5 (6 is empty).
#[test]
fn b24_a5_a6_the_checker_that_came_back_bears_in_and_the_last_six_bears_off() {
    let p = pos(&[(20, 1), (5, 14)], &[(1, 15)], Side::White);
    let r = after(&p, &[(20, 14), (14, 8), (8, 2), (5, 0)]);
    assert_eq!(r.off(Side::White), 1);
    assert_eq!(r.checkers(Side::White)[2], 1);
    for policy in BOTH {
        assert_results(&p, dice(6, 6), policy, &[r], "B24, A5, A6");
    }
}

/// B17 "If a double cannot be used in full, as many of its moves as possible must be played",
/// under both policies (A8c): White's outside checker on 9 is blocked (Black holds White's 5)
/// and, with it outside, no checker bears off; 4-4 plays only 6/2, one move.
#[test]
fn b17_a8c_a_double_of_which_one_move_can_be_played() {
    let p = pos(&[(9, 1), (6, 1), (0, 13)], &[(20, 2), (1, 13)], Side::White);
    let r = after(&p, &[(6, 2)]);
    for policy in BOTH {
        assert_results(&p, dice(4, 4), policy, &[r], "B17");
    }
    assert_eq!(plays(&p, 4, 4, STD), set(&["6/2"]));
}

/// A14 with A9 and A17: White's last checker on 6 rolls 6-5. 6/off uses the 6 alone (the
/// booklet's voluntary higher die, B7); 6/1/off uses both (A9) and reaches the same position,
/// all 15 off. One play is listed under either policy, written as GNU Backgammon writes it
/// (one checker's path is one item, the unopposed point 1 not written), and that text reads
/// back as the listed play.
#[test]
fn a9_a14_a17_the_last_checker_off_is_one_play_whichever_dice_it_uses() {
    let p = pos(&[(6, 1), (0, 14)], &[(6, 15)], Side::White);
    for policy in BOTH {
        let mut list = PlayList::new();
        list.generate(&p, dice(6, 5), policy);
        assert_eq!(list.len(), 1, "{policy:?}");
        assert!(list.result(0).has_won(Side::White));
        assert_eq!(plays(&p, 6, 5, policy), set(&["6/off"]));
        assert_eq!(
            p.parse_play("6/off", dice(6, 5), policy),
            Ok(list.get(0).unwrap())
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The cube (B25-B29, A10, A11)

/// B28 "If the opponent accepts, play continues at twice the stake, and the player who accepted
/// owns the cube", B29 "Only the player who last accepted a double ... may offer the next
/// double", A11: under the booklet's preset White doubles (Black owns 2), Black redoubles (White
/// owns 4), White redoubles (Black owns 8); at each turn the player without the cube is refused
/// with `CubeNotOwned`, the state unchanged. White drops Black's redouble to 16: Black wins the 8
/// the cube showed before that double, not 16.
#[test]
fn b28_b29_a11_the_cube_passes_back_and_forth_under_the_booklet() {
    use crate::rules_review::any_play;
    let g = game(Rules::lattjo());
    let mut s = g.state_from(Position::start(Side::White), None).unwrap();
    let mut doubler = Side::White;
    for value in [2, 4, 8] {
        assert_eq!((s.phase(), s.to_move()), (Phase::BeforeRoll, doubler));
        apply(&g, &mut s, Action::Double);
        apply(&g, &mut s, Action::Take);
        assert_eq!(
            (s.cube_value(), s.cube_owner()),
            (value, Some(doubler.opponent()))
        );
        // The doubler rolls at once and plays; the taker is then on roll and owns the cube.
        apply(&g, &mut s, Action::Dice(dice(2, 1)));
        any_play(&g, &mut s);
        // The same state with the doubler, who no longer owns the cube, on roll.
        let other = lattjo_backgammon::State::try_from({
            let mut up = s.setup();
            up.position = up.position.with_to_move(doubler);
            up
        })
        .unwrap();
        let mut t = other;
        assert_eq!(
            g.apply(&mut t, &Action::Double),
            Err(PlayError::CubeNotOwned)
        );
        assert_eq!(t, other);
        assert_eq!(g.turn(&t), Turn::Chance, "no choice before the roll");
        doubler = doubler.opponent();
    }
    assert_eq!(
        (s.to_move(), s.cube_owner()),
        (Side::Black, Some(Side::Black))
    );
    apply(&g, &mut s, Action::Double);
    apply(&g, &mut s, Action::Drop);
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.winner, o.kind, o.points),
        (Side::Black, WinKind::Drop, 8)
    );
}

/// B25-B29 need the cube; without it (the rules option `cube` off, checker play only) the
/// player on roll has no decision before the roll, and a double is refused with `CubeDisabled`,
/// the state unchanged.
#[test]
fn b26_a10_no_double_without_the_cube() {
    let g = game(Rules::lattjo().with_cube(false));
    let s = g.state_from(Position::start(Side::White), None).unwrap();
    assert_eq!(g.turn(&s), Turn::Chance);
    let mut t = s;
    assert_eq!(
        g.apply(&mut t, &Action::Double),
        Err(PlayError::CubeDisabled)
    );
    assert_eq!(t, s);
}

// ---------------------------------------------------------------------------------------------
// Colour symmetry (B2, section 7)

/// B2 (each side moves along its own route to its own home) and section 7: "swapping the two
/// colours and the side to move (each checker keeps its point number in its owner's numbering)
/// gives the mirrored legal play set". Every position and roll of this file, played by the
/// other colour, reaches the colour-swapped results, under both policies.
#[test]
fn b2_colour_symmetry_every_position_of_this_file_plays_the_same_for_the_other_colour() {
    let cases: Vec<(Position, Dice)> = vec![
        (
            pos(&[(25, 2), (0, 13)], &[(12, 15)], Side::White),
            dice(3, 3),
        ),
        (
            pos(&[(25, 3), (0, 12)], &[(6, 2), (12, 13)], Side::White),
            dice(3, 3),
        ),
        (
            pos(&[(25, 1), (6, 14)], &[(12, 15)], Side::White),
            dice(6, 1),
        ),
        (
            pos(&[(25, 2), (6, 13)], &[(12, 15)], Side::White),
            dice(6, 1),
        ),
        (
            pos(&[(4, 1), (13, 14)], &[(25, 1), (6, 14)], Side::Black),
            dice(4, 3),
        ),
        (
            pos(&[(24, 1), (6, 14)], &[(7, 1), (2, 14)], Side::White),
            dice(6, 5),
        ),
        (
            pos(&[(8, 1), (6, 1), (0, 13)], &[(1, 15)], Side::White),
            dice(2, 1),
        ),
        (
            pos(
                &[(7, 1), (5, 2), (0, 12)],
                &[(24, 2), (13, 13)],
                Side::White,
            ),
            dice(6, 1),
        ),
        (
            pos(&[(4, 1), (2, 1), (0, 13)], &[(1, 15)], Side::White),
            dice(6, 3),
        ),
        (
            pos(&[(9, 1), (2, 7), (1, 7)], &[(1, 15)], Side::White),
            dice(6, 5),
        ),
        (
            pos(&[(6, 1), (3, 1), (0, 13)], &[(6, 15)], Side::White),
            dice(5, 5),
        ),
        (
            pos(&[(20, 1), (5, 14)], &[(1, 15)], Side::White),
            dice(6, 6),
        ),
    ];
    for (p, d) in cases {
        for policy in BOTH {
            let mirrored: Vec<Position> = results(&p, d, policy)
                .iter()
                .map(Position::swap_colours)
                .collect();
            assert!(!mirrored.is_empty());
            assert_results(&p.swap_colours(), d, policy, &mirrored, "section 7");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Hybrids and the record (D1, D4, A18)

/// The rules file's header: "Build both as presets over orthogonal flags ... so that hybrids can
/// be built and tested". The booklet's single-die policy with the Crawford rule (D1, D4): in a
/// 3-point match White reaches 2, the next game is the Crawford game (no double, refused with
/// `CrawfordGame`), and in it White's opening 6-1 may still be played as 24/18 alone (B7). The
/// standard policy without the Crawford rule: the game after 2-0 allows Black's double, and
/// 24/18 alone is refused (A9), the state unchanged.
#[test]
fn d1_d4_hybrids_of_the_presets_combine_the_single_die_policy_and_the_crawford_rule() {
    use crate::rules_review::{totals, white_wins_a_dropped_redouble};
    let alone = Action::Play(play(&[(24, 18)]));
    let m = Match::new(
        game(Rules::lattjo().with_crawford(true)),
        MatchConfig::new(Some(3), None).unwrap(),
    );
    let mut s = m.new_initial_state();
    white_wins_a_dropped_redouble(&m, &mut s);
    assert_eq!(totals(&s), [2, 0]);
    assert!(s.round().match_context().unwrap().is_crawford());
    apply(&m, &mut s, Action::Opening { white: 6, black: 1 });
    assert!(legal(&m, &s).contains(&alone), "B7 in the Crawford game");
    apply(&m, &mut s, alone);
    assert_eq!(s.round().to_move(), Side::Black);
    assert_eq!(m.turn(&s), Turn::Chance, "D4: no decision before the roll");
    assert_eq!(
        m.apply(&mut s.clone(), &Action::Double),
        Err(PlayError::CrawfordGame)
    );

    let m = Match::new(
        game(Rules::standard().with_crawford(false)),
        MatchConfig::new(Some(3), None).unwrap(),
    );
    let mut s = m.new_initial_state();
    white_wins_a_dropped_redouble(&m, &mut s);
    assert_eq!(totals(&s), [2, 0]);
    assert!(!s.round().match_context().unwrap().is_crawford());
    apply(&m, &mut s, Action::Opening { white: 6, black: 1 });
    let before = s.clone();
    assert_eq!(
        m.apply(&mut s, &alone),
        Err(PlayError::IllegalPlay(play(&[(24, 18)])))
    );
    assert_eq!(s, before);
    apply(&m, &mut s, Action::Play(play(&[(13, 7), (8, 7)])));
    assert_eq!(legal(&m, &s), vec![Action::Roll, Action::Double], "no D4");
}

/// D4 "in the one game played right after a player first reaches match length − 1 (the Crawford
/// game), nobody may double. From the next game on ("post-Crawford"), doubling is allowed
/// again", with A16 "Gammons and backgammons always count in matches", for Black in a 4-point
/// match under the standard rules: Black wins a single game (0-1), then a resigned gammon
/// (0-3, match point, reached by a gammon). The next game is the Crawford game: Black's double
/// is refused with `CrawfordGame`, the state unchanged. White wins it (1-3); the game after is
/// post-Crawford and Black, the leader, may double; White drops and Black wins the match 1-4.
#[test]
fn d4_a16_black_reaches_match_point_by_a_gammon_and_the_crawford_game_follows() {
    use crate::rules_review::{any_play, open, totals};
    let m = Match::new(
        game(Rules::standard().with_resignations(true)),
        MatchConfig::new(Some(4), None).unwrap(),
    );
    let mut s = m.new_initial_state();
    // White resigns after Black's play: Black wins the level.
    let black_wins = |s: &mut _, level| {
        open(&m, s);
        apply(&m, s, Action::Roll);
        apply(&m, s, Action::Dice(dice(6, 5)));
        any_play(&m, s);
        apply(&m, s, Action::Resign(level));
        apply(&m, s, Action::AcceptResignation);
    };
    black_wins(&mut s, ResignLevel::Single);
    assert_eq!(totals(&s), [0, 1]);
    assert!(!s.round().match_context().unwrap().is_crawford());
    black_wins(&mut s, ResignLevel::Gammon);
    assert_eq!(totals(&s), [0, 3]);
    let c = s.round().match_context().unwrap();
    assert!(c.is_crawford() && !c.is_post_crawford());
    open(&m, &mut s);
    assert!(!legal(&m, &s).contains(&Action::Double));
    let before = s.clone();
    assert_eq!(
        m.apply(&mut s, &Action::Double),
        Err(PlayError::CrawfordGame)
    );
    assert_eq!(s, before);
    // Black, on roll, resigns the Crawford game.
    apply(&m, &mut s, Action::Resign(ResignLevel::Single));
    apply(&m, &mut s, Action::AcceptResignation);
    assert_eq!(totals(&s), [1, 3]);
    let c = s.round().match_context().unwrap();
    assert!(!c.is_crawford() && c.is_post_crawford());
    open(&m, &mut s);
    assert!(legal(&m, &s).contains(&Action::Double), "post-Crawford");
    apply(&m, &mut s, Action::Double);
    apply(&m, &mut s, Action::Drop);
    assert!(s.is_over());
    assert_eq!(totals(&s), [1, 4]);
}

/// A18 "Drawing both pairs from one seeded stream is equivalent. Always record the dice in the
/// game log so games can be replayed", B4: a game sampled from a seeded stream is a list of
/// actions in which every roll is an action (the opening roll first); each `Dice` action leaves
/// exactly those dice to play; the same seed gives the same list, and the list replays to the
/// same final state with no random stream at all.
#[test]
fn a18_b4_a_game_replays_from_its_record_without_the_random_stream() {
    use boardgame_core::GameRng;
    for rules in [Rules::lattjo(), Rules::standard()] {
        let g = game(rules);
        let record = |seed: u64| {
            let mut s = g.new_initial_state();
            let mut rng = GameRng::new(seed, 0);
            let (mut buf, mut actions) = (Vec::new(), Vec::new());
            while g.turn(&s) != Turn::Terminal {
                let a = match g.sample_chance(&s, &mut rng) {
                    Some(a) => a,
                    None => g.sample_action(&s, &mut rng, &mut buf).unwrap(),
                };
                apply(&g, &mut s, a);
                if let Action::Dice(d) = a {
                    assert_eq!((s.phase(), s.dice()), (Phase::Moving, Some(d)), "A18");
                }
                actions.push(a);
            }
            (actions, s)
        };
        for seed in 0..8 {
            let (actions, end) = record(seed);
            assert!(matches!(actions[0], Action::Opening { .. }), "B3");
            assert_eq!(record(seed), (actions.clone(), end));
            let mut s = g.new_initial_state();
            for a in &actions {
                apply(&g, &mut s, *a);
            }
            assert_eq!(s, end);
            assert!(end.outcome().is_some());
        }
    }
}
