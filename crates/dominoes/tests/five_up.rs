//! Five-Up (rules file section 5: "Five-Up makes every double a spinner"; fives scoring as
//! in All Fives) and the decisions FU1-FU7 of `docs/dominoes.md` that the rules file leaves
//! open, each checked on hand-built positions whose legal moves and counts are worked out
//! by hand from the rules, not taken from this implementation's output.

use boardgame_core::{Game, GameRng, Match, Seat, Turn, random_playout};
use lattjo_dominoes::{
    Action, DrawRule, End, Layout, ParseLayoutError, PlaceError, PlayError, Rules, Scoring, Side,
    SpinnerRule, Tiles,
};

use crate::common;
use common::{a, game, layout, legal, pos, refused, seat, t};

fn side(d: &str, side: Side) -> End {
    End::Side(t(d), side)
}

// ---------------------------------------------------------------------------------------------
// The preset (FU6)

/// FU6: Five-Up is All Fives (fives scoring, draw until a tile fits, the previous winner
/// leads) with every double a spinner (section 5) and five tiles each (gambiter's Five Up).
#[test]
fn fu6_five_up_preset_is_all_fives_with_every_double_a_spinner_and_five_tiles() {
    let r = Rules::five_up();
    assert_eq!(r.spinner, SpinnerRule::EveryDouble);
    assert_eq!(r.scoring, Scoring::Fives);
    assert_eq!(r.draw_rule, DrawRule::DrawUntilPlayable);
    assert_eq!(
        r.with_spinner(SpinnerRule::FirstDouble)
            .with_hand_size(None),
        Rules::all_fives()
    );
    for players in 2..=4 {
        let g = game(Rules::five_up().with_players(players));
        let mut s = g.new_initial_state();
        let mut rng = GameRng::new(players as u64, 0);
        while g.turn(&s) == Turn::Chance {
            let d = g.sample_chance(&s, &mut rng).expect("deal");
            g.apply(&mut s, &d).expect("deal");
        }
        for p in Seat::all(players) {
            assert_eq!(s.hand(p).map(Tiles::len), Some(5), "{players} players");
        }
        assert_eq!(s.stock().len(), 28 - 5 * players);
    }
    assert!(
        Rules::five_up()
            .with_players(4)
            .with_partnerships(true)
            .validate()
            .is_ok()
    );
}

/// FU6: the match is to 61 points of five pips (305 in this crate's points); every score
/// in fives is a multiple of 5, and the match ends at the first round reaching the target.
#[test]
fn fu6_a_five_up_match_is_first_to_61_fives() {
    assert_eq!(Rules::five_up_match().target(), Some(305));
    let m = Match::new(game(Rules::five_up()), Rules::five_up_match());
    for seed in 0..4 {
        let mut s = m.new_initial_state();
        random_playout(&m, &mut s, &mut GameRng::new(seed, 0), &mut Vec::new());
        assert_eq!(m.turn(&s), Turn::Terminal);
        let totals = s.totals();
        assert!(totals.as_slice().iter().all(|p| p % 5 == 0), "{totals:?}");
        assert!(totals.as_slice().iter().any(|&p| p >= 305), "{totals:?}");
        assert!(s.rounds_played() > 1, "a match to 305 takes several rounds");
    }
}

// ---------------------------------------------------------------------------------------------
// Every double a spinner (section 5, FU1, FU2) and naming the sides (FU4)

/// Section 5 / FU1: in Five-Up the opening double is the first spinner (`up`, `down`) and
/// a later double is a spinner too; FU2: its sides open once the next tile lies beyond it;
/// FU4: they are named `2-2:up` and `2-2:down`; FU5: the down side is the up side's twin.
#[test]
fn section5_fu1_fu2_fu4_every_double_is_a_spinner_opening_after_its_outer_side() {
    let g = game(Rules::five_up());
    // The first tile 6-4 (a previous winner may lead any tile, E7); 4-4 is the first
    // spinner, open on both sides since 4-2 lies beyond it.
    let mut s = pos(
        &g,
        &["1-1 2-2 4-3 5-2", "2-3 6-6 0-0"],
        "1-6 [6-4] 4-4* 4-2",
        0,
    );
    // Ends: left 1, right 2, up 4, down 4; down is the twin of up (both empty sides of 4-4).
    assert_eq!(
        legal(&g, &s),
        ["1-1 left", "2-2 right", "4-3 up", "5-2 right"]
    );
    refused(
        &g,
        &mut s,
        "4-3 down",
        PlayError::SamePlay {
            tile: t("4-3"),
            end: End::Down,
            same_as: End::Up,
        },
    );
    refused(
        &g,
        &mut s,
        "4-3 4-4:up",
        PlayError::Place(PlaceError::FirstSpinnerSide(t("4-4"))),
    );
    // 2-2 on the right: a spinner at the end of its arm, counting both halves:
    // left 1 + right 2 + 2 = 5 scores 5.
    g.apply(&mut s, &a("2-2 right")).expect("play");
    assert_eq!(s.fives()[seat(0)], 5);
    assert_eq!(s.layout().to_string(), "1-6 [6-4] 4-4* 4-2 2-2+");
    assert_eq!(s.layout().spinners(), "4-4 2-2".parse().expect("tiles"));
    assert!(
        !s.layout().is_open(side("2-2", Side::Up)),
        "FU2: one side free"
    );
    refused(
        &g,
        &mut s,
        "2-3 2-2:up",
        PlayError::Place(PlaceError::EndNotOpen(side("2-2", Side::Up))),
    );
    // 2-3 beyond it opens 2-2's sides; 2-2 no longer counts: 1 + 3 = 4, no score.
    g.apply(&mut s, &a("2-3 right")).expect("play");
    assert_eq!(s.fives()[seat(1)], 0);
    assert_eq!(s.layout().ends_total(), 4);
    let ends: Vec<String> = s.layout().open_ends().map(|e| e.to_string()).collect();
    assert_eq!(ends, ["left", "right", "2-2:up", "2-2:down", "up", "down"]);
    assert_eq!(
        legal(&g, &s),
        ["1-1 left", "4-3 right", "4-3 up", "5-2 2-2:up"]
    );
    refused(
        &g,
        &mut s,
        "5-2 2-2:down",
        PlayError::SamePlay {
            tile: t("5-2"),
            end: side("2-2", Side::Down),
            same_as: side("2-2", Side::Up),
        },
    );
    // 1 + 3 + 5 (2-2:up) = 9: no score.
    g.apply(&mut s, &a("5-2 2-2:up")).expect("play");
    assert_eq!(s.fives()[seat(0)], 5);
    assert_eq!(s.layout().ends_total(), 9);
    assert_eq!(
        s.layout().to_string(),
        "1-6 [6-4] 4-4* 4-2 2-2+ 2-3 / 2-2:up 2-5"
    );
    assert_eq!(s.layout().to_string().parse::<Layout>(), Ok(*s.layout()));
    // Seat 1 (6-6 0-0) fits none of 1, 3, 5, 2, 4, 4: it draws.
    assert_eq!(legal(&g, &s), ["draw"]);
}

/// Section 5: the same position under All Fives: only the first double is a spinner, so
/// 2-2 never opens sides, and after 2-3 the ends are left, right, up and down only.
#[test]
fn section5_all_fives_has_one_spinner_five_up_every_double() {
    let g = game(Rules::all_fives());
    let mut s = pos(
        &g,
        &["1-1 2-2 4-3 5-2", "2-3 6-6 0-0"],
        "1-6 [6-4] 4-4* 4-2",
        0,
    );
    g.apply(&mut s, &a("2-2 right")).expect("play");
    g.apply(&mut s, &a("2-3 right")).expect("play");
    assert_eq!(s.layout().to_string(), "1-6 [6-4] 4-4* 4-2 2-2 2-3");
    assert_eq!(s.layout().open_ends().count(), 4);
    assert_eq!(legal(&g, &s), ["1-1 left", "4-3 right", "4-3 up"]);
}

/// FU1: under Five-Up an opening double is the first spinner; its sides open once both
/// in-line sides are covered (FU2), as in All Fives.
#[test]
fn fu1_fu2_the_opening_double_is_the_first_spinner() {
    let g = game(Rules::five_up());
    let mut s = pos(&g, &["5-0 5-2 1-1", "5-3 5-1 2-2"], "[5-5]*", 0);
    // E4 / FU5: the two in-line sides of a lone spinner are mirror twins.
    assert_eq!(legal(&g, &s), ["5-0 left", "5-2 left"]);
    g.apply(&mut s, &a("5-0 left")).expect("play");
    assert_eq!(s.fives()[seat(0)], 10, "0 + both halves of 5-5");
    assert!(!s.layout().is_open(End::Up));
    g.apply(&mut s, &a("5-3 right")).expect("play");
    assert!(s.layout().is_open(End::Up) && s.layout().is_open(End::Down));
    assert_eq!(legal(&g, &s), ["5-2 up"]);

    // Opening through the Game trait marks the double.
    let mut s = pos(&g, &["6-6 1-0", "5-3 2-1"], "empty", 0);
    g.apply(&mut s, &a("6-6")).expect("open");
    assert_eq!(s.layout().spinner(), Some(t("6-6")));
    assert_eq!(s.layout().to_string(), "[6-6]*");
}

// ---------------------------------------------------------------------------------------------
// The count (section 5, FU3)

/// Section 5 / FU3: the open ends add up; a double lying at the end of an arm (one in-line
/// side free) counts both halves; an empty spinner side counts nothing; a spinner with both
/// in-line sides covered no longer counts; a lone first tile counts its pips.
#[test]
fn section5_fu3_what_the_fives_count_adds_up() {
    for (text, total) in [
        ("[5-5]*", 10),
        ("0-5 [5-5]*", 10),                      // 0 + 5-5 at the right end
        ("0-5 [5-5]* 5-1", 1),                   // 0 + 1; sides empty
        ("0-5 [5-5]* 5-1 / up 5-3 3-3+", 7),     // 0 + 1 + 3-3 at an end
        ("0-5 [5-5]* 5-1 / up 5-3 3-3+ 3-2", 3), // 3-3's sides open, empty
        ("0-5 [5-5]* 5-1 / up 5-3 3-3+ 3-2 / down 5-4", 7), // + 4
        (
            "0-5 [5-5]* 5-1 / up 5-3 3-3+ 3-2 / down 5-4 / 3-3:down 3-6",
            13,
        ), // + 6
        ("6-6+ 6-0 [0-4] 4-4* 4-1", 12 + 1),     // 6-6 at the left end
    ] {
        let l = layout(text);
        assert_eq!(l.ends_total(), total, "{text}");
        assert_eq!(l.to_string(), text, "the text is canonical");
    }
}

/// Section 5: going out scores the others' pips rounded to the nearest 5, on top of the
/// fives made in play.
#[test]
fn section5_going_out_in_five_up_rounds_to_the_nearest_five() {
    let g = game(Rules::five_up());
    let mut s = pos(&g, &["2-0", "6-5 4-3"], "0-5 [5-5]* 5-1 / up 5-2", 0);
    // 2-0 on the up side: 0 + 1 + 0 = 1, no score; out with 18 pips against: 20.
    g.apply(&mut s, &a("2-0 up")).expect("out");
    assert_eq!(
        s.result().map(|r| r.points.as_slice().to_vec()),
        Some(vec![20, 0])
    );
}

// ---------------------------------------------------------------------------------------------
// Duplicate placements with spinners (E4, FU5)

/// E4 / FU5: a spinner's down side is dropped as the twin of its up side only when the two
/// give the same position. With fives an empty side (counting nothing) and a side showing
/// the same number (counting it) differ; in the block game they are alike.
#[test]
fn e4_fu5_spinner_side_twins_depend_on_what_counts() {
    let text = "0-5 [5-5]* 5-1 / up 5-2 2-4 4-5";
    // Up shows 5 (after 4-5), down shows 5 (empty).
    let g = game(Rules::five_up());
    let s = pos(&g, &["6-5 6-6", "2-2 3-3"], text, 0);
    assert_eq!(legal(&g, &s), ["6-5 up", "6-5 down"]);
    let counts: Vec<u32> = ["6-5 up", "6-5 down"]
        .iter()
        .map(|m| {
            let mut x = s.clone();
            g.apply(&mut x, &a(m)).expect("play");
            x.layout().ends_total()
        })
        .collect();
    assert_eq!(
        counts,
        [6 + 1, 1 + 5 + 6],
        "not the same position (the empty down side counts 0)"
    );
    let block = game(Rules::five_up().with_scoring(Scoring::Block));
    let s = pos(&block, &["6-5 6-6", "2-2 3-3"], text, 0);
    assert_eq!(legal(&block, &s), ["6-5 up"]);
}

/// E4 / FU5: the two line ends are twins only if covering them has the same effect: with
/// the first spinner 3-3 lying at the right end, covering it opens its sides, so left and
/// right (both showing 3) are two different plays. Once it is covered, its up and down
/// sides are twins, but the left end and the up side (both 3) stay two moves: FU5 pairs
/// only mirror twins.
#[test]
fn e4_fu5_covering_a_spinner_is_not_the_same_play_as_covering_a_plain_end() {
    let g = game(Rules::five_up());
    let s = pos(&g, &["3-0 6-6", "1-1 2-2"], "3-4 [4-6] 6-2 2-3 3-3*", 0);
    assert_eq!(legal(&g, &s), ["3-0 left", "3-0 right"]);
    let l = layout("3-4 [4-6] 6-2 2-3 3-3* 3-5");
    assert_eq!(l.open_ends().count(), 4);
    let s = pos(
        &g,
        &["5-0 3-0 6-6", "1-1 2-2"],
        "3-4 [4-6] 6-2 2-3 3-3* 3-5",
        0,
    );
    // Left 3, right 5, up 3, down 3.
    assert_eq!(legal(&g, &s), ["3-0 left", "3-0 up", "5-0 right"]);
}

// ---------------------------------------------------------------------------------------------
// The bound on open ends (FU7) and the notation (FU4)

/// FU7: at most 2 + 2 x 7 = 16 ends are open with a double-six set: every double a spinner
/// with both sides open, all at once.
#[test]
fn fu7_every_double_open_gives_sixteen_ends() {
    let text = "6-5 5-5+ 5-4 4-4+ 4-3 3-3+ 3-2 2-2+ 2-1 1-1+ 1-0 0-0+ 0-6 [6-6]* 6-2";
    let l = layout(text);
    assert_eq!(l.open_ends().count(), 16);
    assert_eq!(l.spinners().len(), 7);
    assert_eq!(l.to_string(), text);
    // 6 (left) + 2 (right); the fourteen sides are empty.
    assert_eq!(l.ends_total(), 8);
}

/// FU4: side ends are written `<double>:up` / `<double>:down`, in moves and layouts; the
/// text round-trips with spinners nested in sides of sides.
#[test]
fn fu4_side_notation_round_trips() {
    let m = a("2-5 2-2:up");
    assert_eq!(m, Action::Play(t("5-2"), side("2-2", Side::Up)));
    assert_eq!(m.to_string(), "5-2 2-2:up");
    assert_eq!(
        "6-1 1-1:down".parse::<Action>().map(|x| x.to_string()),
        Ok("6-1 1-1:down".to_owned())
    );
    for bad in [
        "5-2 2-1:up",
        "5-2 2-2:left",
        "5-2 2-2:",
        "5-2 :up",
        "5-2 2-2 up",
    ] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
    let nested = "0-5 [5-5]* 5-1 / up 5-3 3-3+ 3-2 / down 5-4 4-4+ 4-6 \
                  / 3-3:up 3-6 6-6+ 6-2 / 4-4:down 4-1 / 6-6:up 6-0";
    let l = layout(nested);
    assert_eq!(
        l.to_string(),
        nested.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    assert_eq!(l.spinners().len(), 4);
    assert_eq!(l.arm(side("6-6", Side::Up)).collect::<Vec<_>>(), [t("6-0")]);
}

/// FU4: marks that no spinner rule gives, and sides named before their spinner, are typed
/// errors.
#[test]
fn fu4_bad_spinner_marks_and_sides_are_typed_errors() {
    let spinner = |s: &str| matches!(s.parse::<Layout>(), Err(ParseLayoutError::Spinner(_)));
    let arm = |s: &str| matches!(s.parse::<Layout>(), Err(ParseLayoutError::Arm(_)));
    assert!(spinner("[6-4] 4-4+"), "a later spinner without a first");
    assert!(spinner("[5-5]* 5-1+"), "a spinner that is not a double");
    assert!(
        spinner("[5-5]* 5-1 1-1 1-2 2-2+"),
        "1-1 unmarked beside a later spinner"
    );
    assert!(
        spinner("[5-5]+ 5-1 1-1*"),
        "a double before the first spinner"
    );
    assert!(
        spinner("[5-5]* 5-1 1-1+ / 1-1:up 1-2"),
        "1-1's sides are still closed"
    );
    assert!(
        arm("[5-5]* 5-1 / 5-5:up 5-2"),
        "the first spinner's sides are up and down"
    );
    assert!(
        arm("0-5 [5-5]* 5-1 / 2-2:up 2-4 / up 5-2 2-2+ 2-3"),
        "a side before its spinner"
    );
    assert!(
        arm("0-5 [5-5]* 5-1 / up 5-2 / up 5-3"),
        "a side given twice"
    );
    assert!(
        arm("0-5 [5-5]* 5-1 / up 5-2 2-2*"),
        "a second first spinner"
    );
    assert!(layout("0-5 [5-5]* 5-1 / up 5-2 2-2+ 2-3 / 2-2:up 2-4").len() == 7);
    assert!(arm("[6-6] 6-1 / up 6-2"), "no spinner, no sides");
    // Regression: a part naming an end of the line was an arithmetic underflow.
    assert!(
        arm("1-6 [6-6]* 6-2 / left 1-3"),
        "the line's ends are not sides"
    );
    assert!(
        arm("1-6 [6-6]* 6-2 / right 2-3"),
        "the line's ends are not sides"
    );
}

/// The layout API refuses the first spinner named by its double and ends of non-spinners,
/// leaving the layout unchanged.
#[test]
fn place_refuses_closed_or_misnamed_sides() {
    let mut l = layout("0-5 [5-5]* 5-1 / up 5-2 2-2+");
    let before = l;
    assert_eq!(
        l.place(t("5-3"), side("5-5", Side::Down), SpinnerRule::EveryDouble),
        Err(PlaceError::FirstSpinnerSide(t("5-5")))
    );
    assert_eq!(
        l.place(t("2-3"), side("2-2", Side::Up), SpinnerRule::EveryDouble),
        Err(PlaceError::EndNotOpen(side("2-2", Side::Up)))
    );
    assert_eq!(
        l.place(t("1-3"), side("1-1", Side::Up), SpinnerRule::EveryDouble),
        Err(PlaceError::EndNotOpen(side("1-1", Side::Up)))
    );
    assert_eq!(l, before);
    l.place(t("2-3"), End::Up, SpinnerRule::EveryDouble)
        .expect("beyond 2-2");
    assert_eq!(l.end_value(side("2-2", Side::Down)), Some(2));
}

/// E1 (b) with spinners: every open end (the line's two, the first spinner's sides) shows 6
/// and all seven 6-tiles are down, so the round is blocked though the stock has tiles; the
/// lower hand wins (D12) and scores the other's pips rounded to the nearest 5 (section 5).
#[test]
fn e1b_a_closed_five_up_layout_blocks_the_round() {
    let g = game(Rules::five_up());
    let text = "6-2 2-1 1-6 [6-6]* 6-3 3-4 4-6 / up 6-0 0-5 5-6";
    let l = layout(text);
    assert!(l.open_ends().all(|e| l.end_value(e) == Some(6)));
    assert!(l.is_closed(g.set()));
    let s = pos(&g, &["5-5 4-0", "3-3 2-0"], text, 0);
    assert!(!s.stock().is_empty());
    let r = s.result().expect("blocked at once");
    assert_eq!(r.end, lattjo_dominoes::RoundEnd::Blocked);
    assert_eq!(r.winner, Some(seat(1)));
    assert_eq!(r.points.as_slice(), [0, 15], "14 pips round to 15");
}
