//! Legal-play rules (B5-B24, A1-A9, D1, D7) on hand-worked positions, and the single-die
//! scenario vectors of the rules file, section 7 (S1-S3), under both policies.

use lattjo_backgammon::{
    Dice, Label, NotationStyle, PlayList, Point, Position, Side, SingleDiePolicy, Xgid,
};

const STD: SingleDiePolicy = SingleDiePolicy::Standard;
const LAT: SingleDiePolicy = SingleDiePolicy::Lattjo;

/// A position from (point, count) lists in each side's own numbering; 25 = bar.
fn pos(white: &[(usize, u8)], black: &[(usize, u8)]) -> Position {
    let mut w = [0u8; 26];
    let mut b = [0u8; 26];
    for &(p, n) in white {
        w[p] += n;
    }
    for &(p, n) in black {
        b[p] += n;
    }
    Position::new(Side::White, w, b).expect("valid test position")
}

fn xg(x: &str) -> Position {
    *x.parse::<Xgid>().expect("valid xgid").position()
}

/// The plays as sorted GNUBG notation.
pub(crate) fn plays(p: &Position, hi: u8, lo: u8, policy: SingleDiePolicy) -> Vec<String> {
    let mut list = PlayList::new();
    list.generate(p, Dice::new(hi, lo).unwrap(), policy);
    let mut v: Vec<String> = list
        .plays()
        .map(|pl| p.format_play(&pl, NotationStyle::Compact))
        .collect();
    v.sort();
    v
}

pub(crate) fn set(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

// ---- Section 7 single-die scenario vectors (D1, A8, A9) ----

// T3: the lower die alone is forbidden under the booklet's policy.
#[test]
fn s1_only_the_lower_die_playable_d1_a8d_a9_b8() {
    let p = xg("XGID=-bb-----A----------ef-----:0:0:1:61:0:0:0:0:10");
    assert_eq!(
        plays(&p, 6, 1, STD),
        set(&["8/7"]),
        "A9: only the lower can be used, so it must be"
    );
    assert_eq!(
        plays(&p, 6, 1, LAT),
        set(&[]),
        "B8, A8(d): the lower die never alone: no move"
    );
}

#[test]
fn s2_either_die_but_not_both_a9_b7() {
    let p = xg("XGID=-b------A----------efb----:0:0:1:61:0:0:0:0:10");
    assert_eq!(
        plays(&p, 6, 1, STD),
        set(&["8/2"]),
        "A9: the higher when either"
    );
    assert_eq!(
        plays(&p, 6, 1, LAT),
        set(&["8/2"]),
        "B7: the higher alone is allowed"
    );
}

// T3: the higher die alone is a permission under the booklet's policy.
#[test]
fn s3_both_dice_playable_b7_voluntary_higher_alone_a8b() {
    let p = xg("XGID=--------A----------efd----:0:0:1:61:0:0:0:0:10");
    assert_eq!(
        plays(&p, 6, 1, STD),
        set(&["8/1"]),
        "A9: both dice must be used"
    );
    assert_eq!(
        plays(&p, 6, 1, LAT),
        set(&["8/1", "8/2"]),
        "B7, A8(b): the higher alone, voluntarily"
    );
    // Both orders reach 8/1; one canonical play (A17).
    let mut list = PlayList::new();
    list.generate(&p, Dice::new(6, 1).unwrap(), STD);
    assert_eq!(list.len(), 1);
}

// ---- Home boards and direction (B2) ----

/// B2: White's home board is the points labelled 6 to 1 and Black's 6A to 1A, and each side's
/// checkers move only forward along its own route, towards that home board: from the booklet's
/// 8 and 8A, a 3-2 takes White's checker on to 3 (through 5 or 6) and Black's to 3A, never
/// back.
#[test]
fn b2_home_boards_6_to_1_and_6a_to_1a_checkers_only_move_forward() {
    let label = |s: &str| s.parse::<Label>().unwrap();
    for n in 1..=6 {
        let (white, black) = (label(&n.to_string()), label(&format!("{n}A")));
        assert_eq!(white.to_point(Side::White), Point::new(n).unwrap());
        assert_eq!(black.to_point(Side::Black), Point::new(n).unwrap());
    }
    for side in [Side::White, Side::Black] {
        let own = |l: &str| usize::from(label(l).to_point(side).get());
        let start = if side == Side::White { "8" } else { "8A" };
        // One checker each on the route, the rest borne off (point 0).
        let (mut w, mut b) = ([0u8; 26], [0u8; 26]);
        w[0] = 14;
        b[0] = 14;
        let mine = if side == Side::White { &mut w } else { &mut b };
        mine[own(start)] = 1;
        let theirs = if side == Side::White { &mut b } else { &mut w };
        theirs[24] = 1;
        let p = Position::new(side, w, b).unwrap();
        let mut list = PlayList::new();
        list.generate(&p, Dice::new(3, 2).unwrap(), STD);
        let mut reached: Vec<String> = list
            .results()
            .map(|r| {
                let at = (1..=24).find(|&q| r.checkers(side)[q] == 1).unwrap() as u8;
                Label::from_point(side, Point::new(at).unwrap()).to_string()
            })
            .collect();
        reached.sort();
        let want: &[&str] = if side == Side::White { &["3"] } else { &["3A"] };
        assert_eq!(reached, want, "{side:?}: both dice from {start}");
        // Each step of every play lowers the checker's own point number.
        for play in list.plays() {
            assert!(play.steps().iter().all(|s| s.to() < s.from()), "{side:?}");
        }
    }
}

// ---- Bar (B13-B15, A2, A8a) ----

#[test]
fn b13_bar_first_every_step_starts_from_the_bar() {
    let p = pos(&[(25, 2), (6, 13)], &[(6, 5), (8, 3), (13, 5), (24, 2)]);
    let mut list = PlayList::new();
    for d in Dice::ALL {
        for policy in [STD, LAT] {
            list.generate(&p, d, policy);
            for play in list.plays() {
                let steps = play.steps();
                let from_bar = steps.iter().take(2).filter(|s| s.from() == 25).count();
                assert_eq!(from_bar, steps.len().min(2), "{d}: {play:?}");
            }
        }
    }
}

// T8: entry is on the point matching the die.
#[test]
fn b14_entry_point_matches_the_die_4_2_enters_on_4a_and_2a() {
    // The booklet's example: White with two on the bar rolls 4-2 and enters on 4A and 2A,
    // White's points 21 and 23.
    let p = pos(&[(25, 2), (6, 13)], &[(6, 15)]);
    assert_eq!(plays(&p, 4, 2, STD), set(&["bar/23 bar/21"]));
    let l4: lattjo_backgammon::Label = "4A".parse().unwrap();
    let l2: lattjo_backgammon::Label = "2A".parse().unwrap();
    assert_eq!(
        (
            l4.to_point(Side::White).get(),
            l2.to_point(Side::White).get()
        ),
        (21, 23)
    );
}

#[test]
fn b15_two_on_the_bar_one_enters_the_other_die_is_forfeited() {
    // White 2 on the bar; Black holds White's 19 (its 6) so the 6 cannot enter; the 1 can.
    let p = pos(&[(25, 2), (6, 13)], &[(6, 2), (13, 13)]);
    assert_eq!(
        plays(&p, 6, 1, STD),
        set(&["bar/24"]),
        "B15: the 6 may not move another checker"
    );
    // A8(a): under the booklet the lower die never enters alone.
    assert_eq!(plays(&p, 6, 1, LAT), set(&[]));
    // Only the higher enters: both policies enter with it.
    let p = pos(&[(25, 2), (6, 13)], &[(1, 2), (13, 13)]);
    assert_eq!(plays(&p, 6, 1, STD), set(&["bar/19"]));
    assert_eq!(plays(&p, 6, 1, LAT), set(&["bar/19"]));
}

// T2, T9: a point held by one opposing checker does not block entry, and the checker landing
// there hits it in every play (hitting is not optional).
#[test]
fn a2_b11_entering_onto_a_blot_hits_it() {
    let p = pos(&[(25, 1), (6, 14)], &[(3, 1), (13, 14)]);
    let mut list = PlayList::new();
    list.generate(&p, Dice::new(3, 3).unwrap(), STD);
    assert!(
        list.results().all(|r| r.bar(Side::Black) == 1),
        "the blot on 22 is always hit"
    );
    // B11: the hit checker restarts: its pip count rises by 25 - 3 = 22 (section 7).
    let before = p.pip_count(Side::Black);
    assert!(
        list.results()
            .all(|r| r.pip_count(Side::Black) == before + 22)
    );
}

// ---- Moving (B5, B6, B9-B12, A1, A4) ----

// T1: only a lone opposing checker can be hit; two or more block the point.
#[test]
fn b9_a1_two_checkers_block_one_is_a_blot() {
    // White 8 -> 2 with a 6: Black has 2 on White's 2 (blocked), then 1 (a blot: open).
    let blocked = pos(&[(8, 1), (6, 14)], &[(23, 2), (13, 13)]);
    assert!(!plays(&blocked, 6, 1, STD).iter().any(|t| t.contains("8/2")));
    let blot = pos(&[(8, 1), (6, 14)], &[(23, 1), (13, 14)]);
    assert!(
        plays(&blot, 6, 1, STD)
            .iter()
            .any(|t| t.starts_with("8/2*"))
    );
}

#[test]
fn b10_generated_results_never_share_a_point() {
    let p = Position::start(Side::White);
    let mut list = PlayList::new();
    for d in Dice::ALL {
        list.generate(&p, d, STD);
        for r in list.results() {
            for q in 1..=24usize {
                assert!(r.checkers(Side::White)[q] == 0 || r.checkers(Side::Black)[25 - q] == 0);
            }
        }
    }
}

// T4: the two dice are two moves, so one checker using both needs an open intermediate point.
#[test]
fn b5_b6_a4_one_checker_both_dice_needs_an_open_intermediate_point() {
    // Start, 6-5: 24/18/13 is open (18 is empty), 24/19 is blocked (Black's 6 point).
    let start = Position::start(Side::White);
    assert!(plays(&start, 6, 5, STD).contains(&"24/13".to_string()));
    // Block both White 18 and 19: one checker cannot use both dice from 24.
    let p = pos(&[(24, 2), (13, 13)], &[(6, 2), (7, 2), (3, 11)]);
    assert!(!plays(&p, 6, 5, STD).iter().any(|t| t.starts_with("24/13")));
    // B6: the two moves may also be made by two checkers.
    assert!(plays(&start, 6, 5, STD).iter().any(|t| t == "24/18 13/8"));
}

#[test]
fn b12_one_checker_hits_twice() {
    let p = pos(&[(24, 1), (6, 14)], &[(7, 1), (12, 1), (2, 13)]);
    // Black blots on White's 18 (Black 7) and 13 (Black 12).
    assert!(plays(&p, 6, 5, STD).contains(&"24/18*/13*".to_string()));
    let mut list = PlayList::new();
    list.generate(&p, Dice::new(6, 5).unwrap(), STD);
    assert!(list.results().any(|r| r.bar(Side::Black) == 2));
}

// ---- Doubles (B16, B17) ----

#[test]
fn b16_doubles_are_played_four_times() {
    let start = Position::start(Side::White);
    let mut list = PlayList::new();
    for d in 1..=6 {
        list.generate(&start, Dice::new(d, d).unwrap(), STD);
        for (play, r) in list.plays().zip(list.results()) {
            assert_eq!(play.steps().len(), 4);
            assert_eq!(
                start.pip_count(Side::White) - r.pip_count(Side::White),
                4 * u32::from(d)
            );
        }
    }
    // The booklet's 3-3 examples on an open board: 1x12, 4x3, 2x6, 6+3+3, 9+3 (written as
    // GNU Backgammon writes them: the highest checker's path first).
    let p = pos(&[(24, 4), (6, 11)], &[(3, 15)]);
    let all = plays(&p, 3, 3, STD);
    for want in [
        "24/12",
        "24/21(4)",
        "24/18(2)",
        "24/18 24/21(2)",
        "24/15 24/21",
    ] {
        assert!(
            all.contains(&want.to_string()),
            "{want} missing from {all:?}"
        );
    }
}

#[test]
fn b17_a_double_is_played_as_far_as_possible() {
    // 6-6: 24/18 is open, 18/12 is blocked, nothing else can move (no bearing off with a
    // checker outside).
    let p = pos(&[(24, 1), (6, 14)], &[(13, 2), (3, 13)]);
    assert_eq!(plays(&p, 6, 6, STD), set(&["24/18"]));
    assert_eq!(
        plays(&p, 6, 6, LAT),
        set(&["24/18"]),
        "A8(c): doubles as far as possible"
    );
}

// ---- Bearing off (B18-B24, A5-A7) ----

#[test]
fn b18_no_bearing_off_with_a_checker_outside() {
    let p = pos(&[(7, 1), (6, 14)], &[(24, 15)]);
    let mut list = PlayList::new();
    list.generate(&p, Dice::new(6, 5).unwrap(), STD);
    // 7/1 or 7/2 first makes all home; the other die may then bear off (A5), but no play
    // bears off two checkers.
    assert!(list.results().all(|r| r.off(Side::White) <= 1));
    list.generate(&p, Dice::new(1, 1).unwrap(), STD);
    assert!(list.results().all(|r| r.off(Side::White) <= 1));
}

#[test]
fn b19_a5_first_die_brings_the_last_checker_home_second_bears_off() {
    let p = pos(&[(8, 1), (5, 14)], &[(24, 15)]);
    let all = plays(&p, 5, 3, STD);
    assert!(
        all.contains(&"8/off".to_string()) || all.contains(&"8/5 5/off".to_string()),
        "{all:?}"
    );
    let mut list = PlayList::new();
    list.generate(&p, Dice::new(5, 3).unwrap(), STD);
    assert!(list.results().any(|r| r.off(Side::White) == 1));
    // Doubles: after the first move brings the checker home the rest may bear off.
    list.generate(&p, Dice::new(5, 5).unwrap(), STD);
    assert!(list.results().any(|r| r.off(Side::White) == 3));
}

#[test]
fn b20_b21_exact_bear_off_is_allowed_and_never_compulsory() {
    let p = pos(&[(6, 10), (3, 5)], &[(24, 15)]);
    let all = plays(&p, 3, 1, STD);
    assert!(
        all.contains(&"3/off 3/2".to_string()) || all.contains(&"3/2 3/off".to_string()),
        "{all:?}"
    );
    assert!(
        all.contains(&"6/5 6/3".to_string()),
        "B21: moving inside the home board is legal"
    );
}

// T5, T7: playing up moves a checker by exactly the die's number, never straight onto point 1
// or off.
#[test]
fn b22_a7_playing_up_moves_exactly_the_die() {
    // Point 5 empty, 6 occupied: a 5 moves 6/1, never bears off.
    let p = pos(&[(6, 15)], &[(1, 15)]);
    assert_eq!(plays(&p, 5, 5, STD), set(&["6/1(4)"]));
    // T5: a 4 moves 6/2, not straight onto point 1 and not off from the lower point.
    assert_eq!(plays(&p, 4, 4, STD), set(&["6/2(4)"]));
    assert_eq!(plays(&p, 4, 4, LAT), set(&["6/2(4)"]));
    let p = pos(&[(6, 14), (2, 1)], &[(1, 15)]);
    assert!(plays(&p, 5, 4, STD).iter().all(|t| !t.contains("off")));
}

// T6, T7: the booklet's "re-moves" is bearing off, from the highest occupied point.
#[test]
fn b23_a6_larger_die_bears_off_from_the_highest_point_only() {
    let p = pos(&[(3, 1), (2, 14)], &[(24, 15)]);
    assert_eq!(plays(&p, 6, 5, STD), set(&["3/off 2/off"]));
    let mut list = PlayList::new();
    list.generate(&p, Dice::new(6, 5).unwrap(), STD);
    // Never from a lower point while the highest is occupied.
    assert!(list.results().all(|r| r.checkers(Side::White)[3] == 0));
    // D7: the same bearing-off rule in both rule sets; the booklet adds its voluntary
    // higher-die-only play (B7).
    assert_eq!(plays(&p, 6, 5, LAT), set(&["3/off", "3/off 2/off"]));
}

#[test]
fn b24_a_hit_checker_must_come_home_before_bearing_off_again() {
    let p = pos(&[(25, 1), (6, 14)], &[(24, 15)]);
    let mut list = PlayList::new();
    for d in Dice::ALL {
        list.generate(&p, d, STD);
        assert!(list.results().all(|r| r.off(Side::White) == 0), "{d}");
    }
}

#[test]
fn a15_no_legal_play_is_an_empty_list() {
    // Closed board, White on the bar: no roll enters.
    let p = pos(
        &[(25, 1), (6, 14)],
        &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 3)],
    );
    let mut list = PlayList::new();
    for d in Dice::ALL {
        assert_eq!(list.generate(&p, d, STD), 0);
    }
    assert_eq!(lattjo_backgammon::perft(&p, 1, STD), 21);
}

/// Found by cross-checking against bkgm: bearing off the last checker with one die while a
/// play using both dice exists (2/1* then 1/off) is not a legal standard play (A9, A14: the
/// most dice must be used; the game then ends with nothing left to play).
#[test]
fn regression_a9_a14_last_checker_must_use_both_dice_when_possible() {
    // White's last checker on 2, a Black blot on White's 1.
    let p = pos(&[(2, 1)], &[(24, 1), (13, 14)]);
    assert_eq!(plays(&p, 2, 1, STD), set(&["2/1*/off"]));
    // Booklet: both dice, or the higher alone (2/off); never the lower alone.
    assert_eq!(plays(&p, 2, 1, LAT), set(&["2/1*/off", "2/off"]));
}

/// Regression (architecture audit, 6 December 2026): docs/architecture.md, "Actions and
/// errors": "A panicking convenience exists only beside its checked twin". `PlayList::result`
/// panics past the end, and the one checked way to the same position was
/// `results().nth(i)`, which computes every position before it (`Position::after` is not
/// public). `PlayList::get_result` is the checked twin, as `get` is `plays`'s.
#[test]
fn regression_play_list_result_had_no_checked_twin() {
    let mut list = PlayList::new();
    let start = Position::start(Side::White);
    list.generate(&start, Dice::new(3, 1).expect("dice"), STD);
    assert!(!list.is_empty());
    for (i, after) in list.results().enumerate() {
        assert_eq!(list.get_result(i), Some(after));
        assert_eq!(list.result(i), after);
    }
    assert_eq!(list.get_result(list.len()), None);
    assert_eq!(list.get_result(usize::MAX), None);
}
