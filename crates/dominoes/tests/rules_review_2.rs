//! A second reviewer's pass over the rules file (/work/shared/rules/dominoes.md), aimed at the
//! corners the first pass (`rules_review.rs`), `rules.rs` and `docs_claims.rs` leave out: the
//! double blank as the only double dealt, the heaviest-tile opening with its tie-break and the
//! heaviest tile left in the stock, five players, a hand of nothing but the double blank, a
//! layout closed at blanks, E4 under fives scoring, the rounding of small pip counts, a going
//! out that also scores fives, all four arms of a spinner, partnership scoring and matches,
//! the partner's hidden hand, the block game's hand table, and refusals on a spinner layout.
//! Every expected value is worked out by hand from the rules file; each test cites the rule.

use boardgame_core::{Game, GameRng, ImperfectInfo, Match, MatchConfig, Turn, random_playout};
use lattjo_dominoes::{
    Dominoes, End, NoDouble, PlaceError, PlayError, RoundEnd, Rules, State, Tiles,
};

use crate::common::{a, game, legal, pos, refused, seat, t};

/// The closed layout of E1 (b): both ends show 6 and all seven 6-tiles are down.
const CLOSED_AT_6: &str = "6-1 1-3 3-6 [6-6] 6-2 2-5 5-6 6-4 4-0 0-6";

/// E1 (b) at the other end of the numbers: both ends show 0 and all seven 0-tiles (0-0, 0-1,
/// 0-2, 0-3, 0-4, 0-5, 0-6) are down.
const CLOSED_AT_0: &str = "0-1 1-2 2-0 [0-0] 0-3 3-4 4-0 0-5 5-6 6-0";

fn points(s: &State) -> Vec<i64> {
    s.result()
        .expect("the round is over")
        .points
        .as_slice()
        .to_vec()
}

/// Deals by chance with `rng` until a player is to move.
fn deal(g: &Dominoes, s: &mut State, rng: &mut GameRng) {
    while g.turn(s) == Turn::Chance {
        let tile = g.sample_chance(s, rng).expect("a tile");
        g.apply(s, &tile).expect("deal");
    }
}

// ---------------------------------------------------------------------------------------------
// D4, D5, E8, E9: the opening

/// D4 ("The player holding the highest double begins the round by placing that double"): when
/// the only double dealt is the double blank, it is the highest double dealt, and its holder,
/// the last of three seats, opens with it; the six heavier doubles lie in the stock. E9, D6: the
/// turn then wraps round to seat 0, who holds no blank and must draw (D9).
#[test]
fn d4_the_double_blank_opens_when_it_is_the_only_double_dealt() {
    let g = game(Rules::lattjo().with_players(3));
    let mut s = pos(&g, &["6-5 4-1", "5-3 2-1", "0-0 6-4"], "empty", 0);
    assert_eq!(s.redeals(), 0, "a double was dealt: no redeal (D5)");
    assert_eq!(g.turn(&s), Turn::Player(seat(2)));
    assert_eq!(legal(&g, &s), ["0-0"]);
    refused(
        &g,
        &mut s,
        "6-4",
        PlayError::WrongOpening {
            tile: t("6-4"),
            required: t("0-0"),
        },
    );
    g.apply(&mut s, &a("0-0")).expect("the opening");
    assert_eq!(s.opener(), Some(seat(2)));
    assert_eq!(g.turn(&s), Turn::Player(seat(0)));
    assert_eq!(legal(&g, &s), ["draw"], "6-5 and 4-1 show no blank");
}

/// E8 option HighestTileLeads ("the player with the highest tile starts"; the crate's reading:
/// most pips, then the higher half): the heaviest tiles of the set, 6-5 and 6-4, lie in the
/// stock, so the heaviest *dealt* tiles are 6-3 and 5-4 with 9 pips each; 6-3 has the higher
/// half and opens. Under the booklet's D5 the same deal is dealt again.
#[test]
fn e8_the_heaviest_dealt_tile_leads_and_the_higher_half_breaks_equal_pips() {
    let hands = ["5-4 2-1", "6-3 1-0"];
    let g = game(Rules::lattjo().with_no_double(NoDouble::HighestTileLeads));
    let mut s = pos(&g, &hands, "empty", 0);
    assert!(s.stock().contains(t("6-5")) && s.stock().contains(t("6-4")));
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
    assert_eq!(legal(&g, &s), ["6-3"]);
    refused(
        &g,
        &mut s,
        "1-0",
        PlayError::WrongOpening {
            tile: t("1-0"),
            required: t("6-3"),
        },
    );
    g.apply(&mut s, &a("6-3")).expect("the opening");
    // E9: the next seat; the ends show 6 and 3, which seat 0's 5-4 and 2-1 do not.
    assert_eq!(g.turn(&s), Turn::Player(seat(0)));
    assert_eq!(legal(&g, &s), ["draw"]);

    let g = game(Rules::lattjo());
    let s = pos(&g, &hands, "empty", 0);
    assert_eq!(g.turn(&s), Turn::Chance, "D5: no double dealt, deal again");
    assert_eq!(s.redeals(), 1);
}

// ---------------------------------------------------------------------------------------------
// D12, D13, E6: scores at the larger tables and with the lightest hands

/// D12, D13, E6 at a table of five (D1: 2-5 players): blocked, the lowest total wins and
/// scores the four other hands minus his own, once: (3 + 5 + 7 + 9) - 1 = 23. Under the draw
/// game's OthersOnly (E6 option) the winner keeps his pip: 24.
#[test]
fn d12_d13_e6_five_players_blocked_the_lowest_scores_the_four_others_minus_own() {
    let hands = ["1-0", "2-1", "3-2", "4-3", "5-4"];
    let g = game(Rules::lattjo().with_players(5));
    let s = pos(&g, &hands, CLOSED_AT_6, 0);
    let r = s.result().expect("closed: blocked (E1 b)");
    assert_eq!(r.end, RoundEnd::Blocked);
    assert_eq!(r.pips.as_slice(), &[1, 3, 5, 7, 9]);
    assert_eq!(r.winner, Some(seat(0)));
    assert_eq!(points(&s), [23, 0, 0, 0, 0]);
    let g = game(Rules::draw().with_players(5));
    let s = pos(&g, &hands, CLOSED_AT_6, 0);
    assert_eq!(points(&s), [24, 0, 0, 0, 0]);
}

/// D12 ("the player with the lowest pip total in hand"): a hand of nothing but the double blank
/// holds 0 pips and wins a blocked round, scoring 1 - 0 = 1 (D13). But when the other player
/// goes out, the one with no tiles is the winner (D12, E12), and the double blank's 0 pips give
/// him 0 points: a won round worth nothing.
#[test]
fn d12_a_hand_of_only_the_double_blank_wins_a_block_but_not_against_going_out() {
    let g = game(Rules::lattjo());
    let s = pos(&g, &["1-0", "0-0"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.pips.as_slice(), &[1, 0]);
    assert_eq!(r.winner, Some(seat(1)));
    assert_eq!(points(&s), [0, 1]);

    let mut s = pos(&g, &["6-1", "0-0"], "[6-6]", 0);
    g.apply(&mut s, &a("6-1 left")).expect("his last tile");
    let r = s.result().expect("out");
    assert_eq!(r.end, RoundEnd::Out(seat(0)));
    assert_eq!(r.winner, Some(seat(0)));
    assert_eq!(points(&s), [0, 0]);
    assert_eq!(g.returns(&s).expect("over").as_slice(), &[1.0, -1.0]);
}

/// E1 (b) closed at blanks ("both open ends show the same number n and all seven n-tiles are
/// already in the layout", n = 0): blocked at once with 15 tiles still in the stock. The hands
/// tie at 12 pips: E5 gives nobody anything; under the block preset (E5 option LightestTile)
/// seat 1's 1-1 (2 pips) is lighter than seat 0's 6-6, and seat 1 scores the others' 12 (E6
/// option OthersOnly).
#[test]
fn e1b_e5_a_layout_closed_at_blanks_ties_in_the_booklet_and_goes_to_the_lightest_tile_in_block() {
    let g = game(Rules::lattjo());
    let s = pos(&g, &["6-6", "5-5 1-1"], CLOSED_AT_0, 0);
    assert!(s.layout().is_closed(g.set()));
    assert_eq!(s.stock().len(), 15);
    let r = s.result().expect("closed: blocked");
    assert_eq!(r.end, RoundEnd::Blocked);
    assert_eq!(r.pips.as_slice(), &[12, 12]);
    assert_eq!(r.winner, None);
    assert_eq!(points(&s), [0, 0]);

    let g = game(Rules::block());
    let s = pos(&g, &["6-6", "5-5 1-1"], CLOSED_AT_0, 0);
    assert_eq!(s.result().and_then(|r| r.winner), Some(seat(1)));
    assert_eq!(points(&s), [0, 12]);
}

// ---------------------------------------------------------------------------------------------
// Section 5: fives scoring

/// E4 ("When both ends show the same number, the two placements lead to the same game state")
/// holds under block scoring only. Both ends of `[3-3] 3-1 1-2 2-3` show 3, the left one on the
/// double 3-3. In the booklet 4-3 is one play (its twin is `SamePlay`); in Muggins ("a crosswise
/// double at an end counts both halves") the two placements count differently, 4 + 3 = 7
/// on the left and 3 + 3 + 4 = 10 on the right, so they are two plays, and only the right one
/// scores.
#[test]
fn e4_s5_equal_ends_one_on_a_double_are_two_plays_only_under_fives() {
    let layout = "[3-3] 3-1 1-2 2-3";
    let g = game(Rules::lattjo());
    let mut s = pos(&g, &["4-3 0-0", "5-5"], layout, 0);
    assert_eq!(legal(&g, &s), ["4-3 left"]);
    refused(
        &g,
        &mut s,
        "4-3 right",
        PlayError::SamePlay {
            tile: t("4-3"),
            end: End::Right,
            same_as: End::Left,
        },
    );

    let g = game(Rules::muggins());
    let s = pos(&g, &["4-3 0-0", "5-5"], layout, 0);
    assert_eq!(legal(&g, &s), ["4-3 left", "4-3 right"]);
    let mut left = s.clone();
    g.apply(&mut left, &a("4-3 left")).expect("legal");
    assert_eq!(left.layout().ends_total(), 7);
    assert_eq!(left.fives()[seat(0)], 0);
    let mut right = s;
    g.apply(&mut right, &a("4-3 right")).expect("legal");
    assert_eq!(right.layout().ends_total(), 10);
    assert_eq!(right.fives()[seat(0)], 10);
}

/// Section 5 ("Going out scores the opponents' pips rounded to the nearest 5") at the small
/// counts: 0 -> 0, 2 -> 0, 3 -> 5, 8 -> 10 and 23 -> 25. A count of 2 rounds to nothing, yet
/// the player who went out is still the round's winner (D12). The play itself, 6-1 on 6-6,
/// counts 1 + 12 = 13 and scores nothing.
#[test]
fn s5_fives_small_pip_counts_round_to_the_nearest_five() {
    let g = game(Rules::muggins());
    for (other, pips, expected) in [
        ("0-0", 0, 0),
        ("2-0", 2, 0),
        ("2-1", 3, 5),
        ("5-3", 8, 10),
        ("5-5 4-4 5-0", 23, 25),
    ] {
        let mut s = pos(&g, &["6-1", other], "[6-6]", 0);
        g.apply(&mut s, &a("6-1 left")).expect("out");
        let r = s.result().expect("over");
        assert_eq!(r.winner, Some(seat(0)), "{other}");
        assert_eq!(r.pips.as_slice(), &[0, pips], "{other}");
        assert_eq!(s.fives().as_slice(), &[0, 0], "{other}: 13 scores nothing");
        assert_eq!(points(&s), [expected, 0], "{other}");
    }
}

/// Section 5: the last tile's play is a play like any other ("After each play, if the open ends
/// add up to a multiple of 5, the player scores that sum"), and going out then scores the
/// opponent's pips rounded. 0-0 on the blank end of `0-5 [5-5]` counts 0 + 5 + 5 = 10 (the
/// double at the right end counts both halves), and 6-6 4-3 = 19 rounds to 20: 30 in all. The
/// same in All Fives, where the lone spinner with one in-line side free still lies at the end
/// of its arm and counts both halves.
#[test]
fn s5_fives_going_out_with_a_scoring_play_scores_both() {
    for (rules, layout) in [
        (Rules::muggins(), "0-5 [5-5]"),
        (Rules::all_fives(), "0-5 [5-5]*"),
    ] {
        let g = game(rules);
        let mut s = pos(&g, &["0-0", "6-6 4-3"], layout, 0);
        assert_eq!(legal(&g, &s), ["0-0 left"], "{layout}");
        g.apply(&mut s, &a("0-0 left")).expect("his last tile");
        assert_eq!(s.fives().as_slice(), &[10, 0], "{layout}");
        assert_eq!(s.result().map(|r| r.end), Some(RoundEnd::Out(seat(0))));
        assert_eq!(points(&s), [30, 0], "{layout}");
    }
}

/// Section 5 ("The first double is a spinner, open on four sides"), all four arms: on `[6-6]*`
/// seat 0 lays 6-1 left (1 + 12 = 13), seat 1 6-4 right (1 + 4 = 5, the covered spinner no
/// longer counts, its empty sides nothing), seat 0 6-3 up (1 + 4 + 3 = 8), seat 1 6-2 down
/// (1 + 4 + 3 + 2 = 10). Seat 1 has scored 5 + 10 = 15, seat 0 nothing; and seat 0's 0-0 fits
/// none of the four ends, so he draws.
#[test]
fn s5_all_fives_the_spinners_four_arms_all_count() {
    let g = game(Rules::all_fives());
    let mut s = pos(&g, &["6-1 6-3 0-0", "6-4 6-2 2-2"], "[6-6]*", 0);
    assert_eq!(
        legal(&g, &s),
        ["6-1 left", "6-3 left"],
        "E4: left and right alike"
    );
    g.apply(&mut s, &a("6-1 left")).expect("play");
    assert_eq!(s.layout().ends_total(), 13);
    assert_eq!(legal(&g, &s), ["6-2 right", "6-4 right"]);
    g.apply(&mut s, &a("6-4 right")).expect("play");
    assert_eq!(s.layout().ends_total(), 5);
    assert_eq!(legal(&g, &s), ["6-3 up"], "E4: up and down alike");
    g.apply(&mut s, &a("6-3 up")).expect("play");
    assert_eq!(s.layout().ends_total(), 8);
    assert_eq!(legal(&g, &s), ["6-2 down"]);
    g.apply(&mut s, &a("6-2 down")).expect("play");
    assert_eq!(s.layout().ends_total(), 10);
    assert_eq!(s.fives().as_slice(), &[0, 15]);
    assert_eq!(legal(&g, &s), ["draw"]);
    assert_eq!(s.layout().open_ends().count(), 4);
}

// ---------------------------------------------------------------------------------------------
// E13: partnerships

/// Section 5, partnerships in Five-Up ("Team pip totals decide blocked rounds, and team scores
/// add up"; "Going out scores the opponents' pips rounded to the nearest 5"): seat 0 goes out;
/// the opponents (seats 1 and 3) hold 5 + 7 = 12, rounded to 10, which both partners carry.
/// The partner's own 12 pips are not taken off (the preset's OthersOnly). 5-1 on the lone
/// spinner counts 1 + 10 = 11: no fives.
#[test]
fn e13_s5_five_up_partners_going_out_score_the_opponents_pips_rounded() {
    let g = game(Rules::five_up().with_players(4).with_partnerships(true));
    let mut s = pos(&g, &["5-1", "3-2", "6-6", "4-3"], "[5-5]*", 0);
    assert_eq!(legal(&g, &s), ["5-1 left"]);
    g.apply(&mut s, &a("5-1 left")).expect("out");
    assert_eq!(s.fives().as_slice(), &[0, 0, 0, 0]);
    let r = s.result().expect("over");
    assert_eq!(r.winner, Some(seat(0)));
    assert_eq!(points(&s), [10, 0, 10, 0]);
}

/// D3 ("A player's tiles are hidden from the other players"), E11, E13: a partner is one of the
/// other players, so seat 0 cannot see seat 2's hand: two positions that differ only there look
/// the same to seats 0, 1 and 3, not to seat 2.
#[test]
fn d3_e13_a_partners_hand_is_hidden_too() {
    let g = game(Rules::partnership());
    let one = pos(&g, &["6-4 2-1", "3-3", "5-5 3-0", "1-1"], "[6-6]", 0);
    let two = pos(&g, &["6-4 2-1", "3-3", "4-4 1-0", "1-1"], "[6-6]", 0);
    for viewer in [0, 1, 3] {
        assert_eq!(
            g.view(&one, Some(seat(viewer))),
            g.view(&two, Some(seat(viewer))),
            "seat {viewer}"
        );
    }
    assert_ne!(g.view(&one, Some(seat(2))), g.view(&two, Some(seat(2))));
    assert_eq!(g.view(&one, Some(seat(0))).hand, one.hand(seat(0)));
}

/// D14, E10, E13 played out: a partnership match to 50 ends after the first round in which a
/// team reaches the target; the partners always hold the same total (both carry the team's
/// points), exactly one team is at or over the target, and both of its players win.
#[test]
fn d14_e10_e13_a_partnership_match_is_won_by_both_partners() {
    let m = Match::new(
        game(Rules::partnership()),
        MatchConfig::new(Some(50), None).expect("config"),
    );
    for seed in 0..20 {
        let mut s = m.new_initial_state();
        random_playout(&m, &mut s, &mut GameRng::new(seed, 0xE13), &mut Vec::new());
        let totals = s.totals().as_slice().to_vec();
        assert_eq!(totals[0], totals[2], "seed {seed}: {totals:?}");
        assert_eq!(totals[1], totals[3], "seed {seed}: {totals:?}");
        let (a_over, b_over) = (totals[0] >= 50, totals[1] >= 50);
        assert!(a_over != b_over, "seed {seed}: {totals:?}");
        let r = m.returns(&s).expect("over");
        let win = if a_over { 1.0 } else { -1.0 };
        assert_eq!(r.as_slice(), &[win, -win, win, -win], "seed {seed}");
    }
}

// ---------------------------------------------------------------------------------------------
// Section 5: the block game's hands

/// Section 5 ("Block game ... no drawing at all; a stuck player passes. The stock tiles are
/// dead. ... Hands: 7 for 2 players, 5 for 3-4 players"): 2 players hold 7 each over a dead
/// stock of 14, 4 players 5 each over 8, and no tile of the stock is ever drawn.
#[test]
fn s5_block_game_deals_seven_to_two_and_five_to_four_and_the_stock_stays_dead() {
    for (players, hand, stock) in [(2usize, 7usize, 14usize), (4, 5, 8)] {
        let g = game(Rules::block().with_players(players));
        for seed in 0..10 {
            let mut rng = GameRng::new(seed, players as u64);
            let mut s = g.new_initial_state();
            deal(&g, &mut s, &mut rng);
            for p in boardgame_core::Seat::all(players) {
                assert_eq!(s.hand(p).map(Tiles::len), Some(hand));
            }
            let dead = s.stock();
            assert_eq!(dead.len(), stock);
            random_playout(&g, &mut s, &mut rng, &mut Vec::new());
            assert_eq!(s.stock(), dead, "{players} players, seed {seed}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Refusals on a spinner layout

/// Applies `action` expecting an error `check` accepts; the state is unchanged and the action
/// not legal.
fn refused_as(g: &Dominoes, s: &mut State, action: &str, check: impl Fn(&PlayError) -> bool) {
    let before = s.clone();
    let e = g.apply(s, &a(action)).expect_err(action);
    assert!(check(&e), "{action}: {e:?}");
    assert_eq!(*s, before, "{action} changed the state");
    assert!(!g.is_legal(s, &a(action)));
}

/// Hostile actions on `[6-6]* 6-1` in All Fives, seat 0 holding 6-3 and 2-2: the spinner's
/// sides are not open while its right side is free (rules file: a spinner is "open on four
/// sides" only as the crate's FU2 decision opens them), a first spinner named by its double
/// (FU4), a tile of another seat, a tile outside the set, drawing or passing while 6-3 fits
/// (D10), a chance result where a player acts, a second opening: each is a typed error and
/// leaves the state as it was. After the round is over, every action is `RoundOver`.
#[test]
fn hostile_actions_on_a_spinner_layout_are_typed_errors_and_change_nothing() {
    let g = game(Rules::all_fives());
    let mut s = pos(&g, &["6-3 2-2", "4-4"], "[6-6]* 6-1", 0);
    assert_eq!(legal(&g, &s), ["6-3 left"], "6-1 lies on the right");
    refused(
        &g,
        &mut s,
        "6-3 up",
        PlayError::Place(PlaceError::EndNotOpen(End::Up)),
    );
    refused(
        &g,
        &mut s,
        "6-3 down",
        PlayError::Place(PlaceError::EndNotOpen(End::Down)),
    );
    refused_as(&g, &mut s, "6-3 6-6:up", |e| {
        matches!(e, PlayError::Place(PlaceError::FirstSpinnerSide(_)))
    });
    refused_as(&g, &mut s, "2-2 right", |e| {
        matches!(e, PlayError::Place(PlaceError::Mismatch { .. }))
    });
    refused(
        &g,
        &mut s,
        "4-4 right",
        PlayError::NotHeld {
            tile: t("4-4"),
            seat: seat(0),
        },
    );
    refused(&g, &mut s, "7-1 left", PlayError::NotInSet(t("7-1")));
    refused(&g, &mut s, "draw", PlayError::MustPlay);
    refused(&g, &mut s, "pass", PlayError::MustPlay);
    refused(&g, &mut s, "deal 5-5", PlayError::NotChance);
    refused(&g, &mut s, "2-2", PlayError::AlreadyOpen);

    // 6-3 left: 3 + 1 = 4; then seat 1's 4-4 fits nothing (3, 1, 6 and 6 show) and he draws.
    g.apply(&mut s, &a("6-3 left")).expect("legal");
    assert_eq!(s.fives().as_slice(), &[0, 0]);
    assert_eq!(s.layout().ends_total(), 4);
    assert_eq!(legal(&g, &s), ["draw"]);
    refused(&g, &mut s, "pass", PlayError::MustDraw);

    let mut over_hands = pos(&g, &["6-1", "4-4"], "[6-6]*", 0);
    g.apply(&mut over_hands, &a("6-1 left")).expect("out");
    assert!(over_hands.result().is_some());
    for action in ["draw", "pass", "6-6", "deal 5-5", "4-4 right"] {
        refused(&g, &mut over_hands, action, PlayError::RoundOver);
    }
}
