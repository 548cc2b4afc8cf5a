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
    Action, Dominoes, End, NextRoundLeader, NoDouble, PlaceError, PlayError, RoundEnd, Rules, Side,
    SpinnerRule, State, Tile, Tiles,
};

use crate::common::{a, game, legal, pos, refused, seat, t};

/// The closed layout of E1 (b): both ends show 6 and all seven 6-tiles are down.
const CLOSED_AT_6: &str = "6-1 1-3 3-6 [6-6] 6-2 2-5 5-6 6-4 4-0 0-6";

/// E1 (b) at the other end of the numbers: both ends show 0 and all seven 0-tiles (0-0, 0-1,
/// 0-2, 0-3, 0-4, 0-5, 0-6) are down.
const CLOSED_AT_0: &str = "0-1 1-2 2-0 [0-0] 0-3 3-4 4-0 0-5 5-6 6-0";

use crate::rules_review::points;

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

/// Section 1 ("With 2 players a redeal is needed in about 0.29 % of deals (C(21,14)/C(28,14))")
/// and D5: over 20,000 two-player deals the redeals number about 58 (C(21,14)/C(28,14) =
/// 116,280 / 40,116,600 = 0.290 %; the standard deviation is about 7.6), and every deal ends
/// with the highest double dealt to open. With 3 players no double is missing from 21 dealt
/// tiles but once in 1,184,040 deals: none in 5,000.
#[test]
fn d5_two_player_deals_are_dealt_again_about_0_29_percent_of_the_time() {
    let g = game(Rules::lattjo());
    let mut rng = GameRng::new(0xD5, 2);
    let mut redeals = 0u32;
    for _ in 0..20_000 {
        let mut s = g.new_initial_state();
        deal(&g, &mut s, &mut rng);
        redeals += u32::from(s.redeals());
        let mut v = Vec::new();
        g.legal_actions(&s, &mut v);
        assert!(matches!(v.as_slice(), [Action::Open(d)] if d.is_double()));
    }
    eprintln!("{redeals} redeals in 20,000 two-player deals");
    assert!((30..=90).contains(&redeals), "{redeals} redeals");

    let g = game(Rules::lattjo().with_players(3));
    let mut total = 0u32;
    for _ in 0..5_000 {
        let mut s = g.new_initial_state();
        deal(&g, &mut s, &mut rng);
        total += u32::from(s.redeals());
    }
    assert_eq!(total, 0);
}

/// E7 option PreviousWinner ("the previous round's winner (pagat All Fives)" leads): the
/// leader is named by the round before, not by a double, so a deal without any double is
/// played, not dealt again as D5 does when the highest double must open. Seat 1 won the round
/// before (a block, 1 pip against 5); the next deal gives seat 0 and seat 1 seven tiles each,
/// none a double: seat 1 opens with any of his, and the opening 6-4 (10) scores 10.
#[test]
fn e7_a_previous_winner_leads_a_deal_without_doubles() {
    let g = game(Rules::all_fives());
    let prev = pos(
        &g,
        &["5-0", "1-0"],
        &CLOSED_AT_6.replace("[6-6]", "[6-6]*"),
        0,
    );
    assert_eq!(prev.result().and_then(|r| r.winner), Some(seat(1)));
    let config = Rules::five_up_match();
    let totals = lattjo_dominoes::BySeat::from_fn(2, |p| if p.index() == 1 { 5 } else { 0 });
    let ctx = boardgame_core::RoundContext {
        round: 1,
        totals: &totals,
        previous: Some(&prev),
        config: &config,
    };
    let mut s = boardgame_core::Rounds::new_round(&g, &ctx);
    let order = [
        "1-0", "2-0", "3-0", "4-0", "5-0", "6-0", "2-1", // seat 0
        "3-1", "4-1", "5-1", "6-1", "6-4", "4-2", "5-2", // seat 1
    ];
    for tile in order {
        g.apply(&mut s, &a(&format!("deal {tile}")))
            .expect("in the stock");
    }
    assert_eq!(s.redeals(), 0);
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
    let mut opens = legal(&g, &s);
    opens.sort();
    assert_eq!(
        opens,
        ["3-1", "4-1", "4-2", "5-1", "5-2", "6-1", "6-4"],
        "any tile of seat 1's hand"
    );
    g.apply(&mut s, &a("6-4")).expect("the lead");
    assert_eq!(s.fives().as_slice(), &[0, 10], "a lone 6-4 counts 10");
    assert_eq!(g.turn(&s), Turn::Player(seat(0)));

    // The booklet's rule (the highest double opens every round, E7) deals the same again.
    let g = game(Rules::lattjo());
    let mut s = g.new_initial_state();
    for tile in order {
        g.apply(&mut s, &a(&format!("deal {tile}")))
            .expect("in the stock");
    }
    assert_eq!(g.turn(&s), Turn::Chance);
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

/// E5 option LightestTile ("the round to the tied player holding the lightest single tile"):
/// only the players tied for the lowest total compare tiles. Seats 0 and 1 hold 5 pips each,
/// seat 2 holds 6 with the lightest tile on the table (1-0), but seat 2 is not tied, so seat
/// 0's 2-0 beats seat 1's 4-1 and seat 0 scores the others' 5 + 6 = 11 (block: OthersOnly).
#[test]
fn e5_lightest_tile_a_lighter_tile_outside_the_tie_does_not_count() {
    let g = game(Rules::block().with_players(3));
    let s = pos(&g, &["2-0 3-0", "4-1", "1-0 5-0"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.pips.as_slice(), &[5, 5, 6]);
    assert_eq!(r.winner, Some(seat(0)));
    assert_eq!(points(&s), [11, 0, 0]);
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

/// E11 ("a per-player view: own hand, the layout, and tile counts of the other hands"), E13:
/// a determinization for seat 0 in a partnership deals the partner's hand again like the
/// opponents': over 40 samples each of seats 1, 2 and 3 is given other tiles than it holds at
/// least once, while seat 0's hand, the layout and the hand sizes stay.
#[test]
fn e11_e13_a_determinization_deals_the_partners_hand_again_too() {
    let g = game(Rules::partnership());
    let s = pos(
        &g,
        &["6-4 2-1", "3-3 5-1", "5-5 3-0", "1-1 4-2"],
        "[6-6]",
        0,
    );
    let mut rng = GameRng::new(0xE11, 13);
    let mut moved = [false; 4];
    for _ in 0..40 {
        let d = g.determinize(&s, seat(0), &mut rng);
        assert_eq!(d.hand(seat(0)), s.hand(seat(0)));
        assert_eq!(d.layout(), s.layout());
        for p in 1..4u8 {
            assert_eq!(d.hand(seat(p)).map(Tiles::len), Some(2));
            moved[usize::from(p)] |= d.hand(seat(p)) != s.hand(seat(p));
        }
    }
    assert_eq!(moved, [false, true, true, true]);
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

// ---------------------------------------------------------------------------------------------
// A model of the spinner games, written from the rules file's section 5 and the crate's
// stated decisions FU1-FU5 (docs/dominoes.md), not from the layout code

/// One arm of the layout: the line's `left` and `right` (from the first tile) or a spinner's
/// two sides, with its tiles outward and the number showing at its outer end.
#[derive(Clone, Debug)]
struct Arm {
    end: End,
    tiles: Vec<Tile>,
    open: bool,
    outer: u8,
}

/// A spinner: its double, the arm it lies in (`None`: it is the first tile) and its sides.
#[derive(Clone, Debug)]
struct Spin {
    double: Tile,
    arm: Option<usize>,
    sides: [usize; 2],
    opened: bool,
}

#[derive(Clone, Debug)]
struct SpinnerModel {
    rule: SpinnerRule,
    first: Option<Tile>,
    arms: Vec<Arm>,
    spins: Vec<Spin>,
}

impl SpinnerModel {
    fn new(rule: SpinnerRule) -> Self {
        SpinnerModel {
            rule,
            first: None,
            arms: Vec::new(),
            spins: Vec::new(),
        }
    }

    fn tiles(&self) -> usize {
        usize::from(self.first.is_some()) + self.arms.iter().map(|a| a.tiles.len()).sum::<usize>()
    }

    /// FU1: under `FirstDouble` only the first double laid is a spinner; under `EveryDouble`
    /// every double is.
    fn makes_spinner(&self, t: Tile) -> bool {
        t.is_double()
            && match self.rule {
                SpinnerRule::FirstDouble => self.spins.is_empty(),
                SpinnerRule::EveryDouble => true,
                _ => false,
            }
    }

    /// Adds a spinner's two (closed) sides; the first spinner's are `up` and `down` (FU4).
    fn add_spinner(&mut self, d: Tile, arm: Option<usize>) {
        let names = if self.spins.is_empty() {
            [End::Up, End::Down]
        } else {
            [End::Side(d, Side::Up), End::Side(d, Side::Down)]
        };
        let n = self.arms.len();
        for end in names {
            self.arms.push(Arm {
                end,
                tiles: Vec::new(),
                open: false,
                outer: d.high(),
            });
        }
        self.spins.push(Spin {
            double: d,
            arm,
            sides: [n, n + 1],
            opened: false,
        });
    }

    fn open_sides(&mut self, i: usize) {
        self.spins[i].opened = true;
        for a in self.spins[i].sides {
            self.arms[a].open = true;
        }
    }

    fn lay_first(&mut self, t: Tile) {
        // The first tile lies with its higher half to the left.
        self.first = Some(t);
        for (end, outer) in [(End::Left, t.high()), (End::Right, t.low())] {
            self.arms.push(Arm {
                end,
                tiles: Vec::new(),
                open: true,
                outer,
            });
        }
        if self.makes_spinner(t) {
            self.add_spinner(t, None);
        }
    }

    fn arm_of(&self, end: End) -> usize {
        self.arms
            .iter()
            .position(|a| a.end == end)
            .expect("the model knows the end")
    }

    fn lay(&mut self, t: Tile, end: End) {
        let i = self.arm_of(end);
        let arm = &mut self.arms[i];
        assert!(arm.open, "{end} is not open in the model");
        let before = arm.tiles.last().copied();
        arm.outer = t.other(arm.outer).expect("the tile fits the end");
        arm.tiles.push(t);
        // FU2: a spinner laid in an arm opens its sides with the next tile beyond it; the
        // first tile, once both of its in-line sides hold a tile.
        for k in 0..self.spins.len() {
            let s = &self.spins[k];
            if s.opened {
                continue;
            }
            let opens = match s.arm {
                Some(a) => a == i && before == Some(s.double),
                None => !self.arms[0].tiles.is_empty() && !self.arms[1].tiles.is_empty(),
            };
            if opens {
                self.open_sides(k);
            }
        }
        if self.makes_spinner(t) {
            self.add_spinner(t, Some(i));
        }
    }

    fn apply(&mut self, action: &Action) {
        match *action {
            Action::Open(t) => self.lay_first(t),
            Action::Play(t, e) => self.lay(t, e),
            _ => {}
        }
    }

    /// Section 5 and FU3: the sum of the open ends, a double at an arm's end counting both
    /// halves, an empty spinner side nothing, a lone first tile its pips.
    fn count(&self) -> u32 {
        let first = self.first.expect("a tile is down");
        if self.tiles() == 1 {
            return first.pips();
        }
        self.arms
            .iter()
            .filter(|a| a.open)
            .map(|a| {
                let v = u32::from(a.outer);
                match a.tiles.last() {
                    Some(o) if o.is_double() => 2 * v,
                    Some(_) => v,
                    // An empty line arm ends at the first tile; an empty side counts nothing.
                    None if matches!(a.end, End::Left | End::Right) => {
                        if first.is_double() {
                            2 * v
                        } else {
                            v
                        }
                    }
                    None => 0,
                }
            })
            .sum()
    }

    fn open_ends(&self) -> Vec<(End, u8)> {
        let mut v: Vec<(End, u8)> = self
            .arms
            .iter()
            .filter(|a| a.open)
            .map(|a| (a.end, a.outer))
            .collect();
        v.sort_by_key(|(e, n)| (e.to_string(), *n));
        v
    }
}

fn mirror(e: End) -> End {
    match e {
        End::Left => End::Right,
        End::Right => End::Left,
        End::Up => End::Down,
        End::Down => End::Up,
        End::Side(d, Side::Up) => End::Side(d, Side::Down),
        End::Side(d, Side::Down) => End::Side(d, Side::Up),
        other => other,
    }
}

/// Section 5 (All Fives, Muggins, Five-Up) against the model above on random rounds, openings
/// by the highest double (D4) and by any tile (E7's options): after every play the open ends
/// and the numbers showing are the model's, the fives the player scores are the model's count
/// when it is a multiple of 5, and every placement the rules allow (each tile that fits, on
/// each open end showing its number) is either legal or refused as `SamePlay` for its mirror
/// twin (E4, FU5), which is legal and which the model counts the same.
#[test]
fn s5_fu1_fu5_a_spinner_model_agrees_on_ends_counts_and_placements() {
    let presets = [
        Rules::all_fives(),
        Rules::all_fives().with_players(3),
        Rules::all_fives().with_players(4).with_partnerships(true),
        Rules::muggins(),
        Rules::five_up(),
        Rules::five_up().with_players(3),
        Rules::five_up().with_players(4).with_partnerships(true),
        Rules::lattjo().with_spinner(SpinnerRule::EveryDouble),
    ];
    let mut buf = Vec::new();
    let (mut plays, mut twins, mut scored, mut side_plays) = (0usize, 0usize, 0usize, 0usize);
    for (i, r) in presets.iter().enumerate() {
        let g = game(*r);
        let mut rng = GameRng::new(0x5917, i as u64);
        for round in 0..200u32 {
            let mut s = if round % 2 == 0 {
                g.new_initial_state()
            } else {
                let opener = boardgame_core::Seat::new((round / 2 % r.players as u32) as u8);
                g.initial_state(opener).expect("a seat at the table")
            };
            let mut model = SpinnerModel::new(r.spinner);
            while g.turn(&s) != Turn::Terminal {
                let Turn::Player(p) = g.turn(&s) else {
                    let c = g.sample_chance(&s, &mut rng).expect("chance");
                    g.apply(&mut s, &c).expect("chance");
                    continue;
                };
                if !s.layout().is_empty() {
                    let hand = s.hand(p).expect("a seat");
                    let tiles: Vec<Tile> = match s.drawn() {
                        Some(t) => vec![t],
                        None => hand.iter().collect(),
                    };
                    let legal_now = legal(&g, &s);
                    for t in tiles {
                        for (e, v) in model.open_ends() {
                            if !t.has(v) {
                                continue;
                            }
                            let act = Action::Play(t, e);
                            match g.check(&s, &act) {
                                Ok(()) => {
                                    assert!(legal_now.contains(&act.to_string()), "{act}")
                                }
                                Err(PlayError::SamePlay { same_as, .. }) => {
                                    twins += 1;
                                    assert_eq!(same_as, mirror(e), "{act}");
                                    let twin = Action::Play(t, same_as);
                                    assert!(legal_now.contains(&twin.to_string()), "{twin}");
                                    let (mut m1, mut m2) = (model.clone(), model.clone());
                                    m1.apply(&act);
                                    m2.apply(&twin);
                                    if r.scoring == lattjo_dominoes::Scoring::Fives {
                                        assert_eq!(
                                            m1.count(),
                                            m2.count(),
                                            "{r:?} round {round}: {act} / {twin}\n{}",
                                            g.describe_state(&s)
                                        );
                                    }
                                    let values = |m: &SpinnerModel| {
                                        let mut v: Vec<u8> =
                                            m.open_ends().iter().map(|x| x.1).collect();
                                        v.sort_unstable();
                                        v
                                    };
                                    assert_eq!(values(&m1), values(&m2), "{act} / {twin}");
                                }
                                Err(e) => panic!(
                                    "{r:?} round {round}: {act} fits by the model: {e}\n{}",
                                    g.describe_state(&s)
                                ),
                            }
                        }
                    }
                    // No legal play the model does not know.
                    let model_ends = model.open_ends();
                    for m in &legal_now {
                        if let Ok(Action::Play(t, e)) = m.parse::<Action>() {
                            let v = model_ends.iter().find(|x| x.0 == e).map(|x| x.1);
                            assert!(v.is_some_and(|v| t.has(v)), "{m} not by the model");
                        }
                    }
                }
                let act = g.sample_action(&s, &mut rng, &mut buf).expect("a move");
                let before = s.fives()[p];
                g.apply(&mut s, &act).expect("legal");
                model.apply(&act);
                if let Action::Open(_) | Action::Play(..) = act {
                    plays += 1;
                    if let Action::Play(_, End::Up | End::Down | End::Side(..)) = act {
                        side_plays += 1;
                    }
                    let mut crate_ends: Vec<(End, u8)> = s
                        .layout()
                        .open_ends()
                        .map(|e| (e, s.layout().end_value(e).expect("open")))
                        .collect();
                    crate_ends.sort_by_key(|(e, n)| (e.to_string(), *n));
                    assert_eq!(
                        crate_ends,
                        model.open_ends(),
                        "{r:?} round {round} after {act}\n{}",
                        g.describe_state(&s)
                    );
                    let count = model.count();
                    let fives = r.scoring == lattjo_dominoes::Scoring::Fives;
                    let gain = if fives && count.is_multiple_of(5) {
                        i64::from(count)
                    } else {
                        0
                    };
                    scored += usize::from(gain > 0);
                    assert_eq!(
                        s.fives()[p] - before,
                        gain,
                        "{r:?} round {round}: {act} counts {count} by the model\n{}",
                        g.describe_state(&s)
                    );
                    if fives {
                        assert_eq!(s.layout().ends_total(), count, "{act}");
                    }
                }
            }
        }
    }
    eprintln!("{plays} plays, {side_plays} on spinner sides, {scored} scoring, {twins} twins");
    assert!(plays > 10_000 && side_plays > 500 && scored > 1_000 && twins > 100);
}

/// E7 and its options through whole matches (`Match`, D15): the first round opens with the
/// highest double dealt (D4); every later round is opened by the booklet's highest double
/// again, by the previous round's winner with any tile (the highest double when nobody won),
/// or by the seat after the previous round's opener. The finished round is rebuilt from the
/// state before its last action, since the match deals the next round at once.
#[test]
fn e7_d15_who_opens_each_round_of_a_match() {
    let presets = [
        Rules::lattjo(),
        Rules::lattjo().with_players(3),
        Rules::all_fives(),
        Rules::all_fives().with_players(3),
        Rules::lattjo()
            .with_players(4)
            .with_next_round_leader(NextRoundLeader::NextClockwise),
        Rules::five_up().with_players(4).with_partnerships(true),
    ];
    let mut later_rounds = 0;
    for (i, r) in presets.iter().enumerate() {
        let g = game(*r);
        let m = Match::new(g, MatchConfig::new(Some(150), None).expect("config"));
        let mut rng = GameRng::new(0xE7, i as u64);
        let mut buf = Vec::new();
        for _ in 0..5 {
            let mut s = m.new_initial_state();
            // What the finished round before says: its winner and its opener.
            let mut previous: Option<(Option<boardgame_core::Seat>, boardgame_core::Seat)> = None;
            let mut checked = false;
            while m.turn(&s) != Turn::Terminal {
                let round = s.round().clone();
                if let (Turn::Player(p), false) = (g.turn(&round), checked) {
                    checked = true;
                    // The round's first player action: the opening.
                    let mut v = Vec::new();
                    g.legal_actions(&round, &mut v);
                    let hand = round.hand(p).expect("a seat");
                    let top_double = |st: &State| {
                        boardgame_core::Seat::all(r.players)
                            .flat_map(|q| st.hand(q).expect("a seat").iter())
                            .filter(|t| t.is_double())
                            .max_by_key(|t| t.pips())
                    };
                    let by_double = || {
                        let d = top_double(&round).expect("a double (D5)");
                        assert!(hand.contains(d), "{r:?}: the holder of {d} opens");
                        assert_eq!(v, [Action::Open(d)]);
                    };
                    match (previous, r.next_round_leader) {
                        (None, _) | (_, NextRoundLeader::HighestDouble) => by_double(),
                        (Some((None, _)), NextRoundLeader::PreviousWinner) => by_double(),
                        (Some((Some(w), _)), NextRoundLeader::PreviousWinner) => {
                            later_rounds += 1;
                            assert_eq!(p, w, "{r:?}: the previous winner leads");
                            assert_eq!(v.len(), hand.len(), "any tile");
                        }
                        (Some((_, opener)), NextRoundLeader::NextClockwise) => {
                            later_rounds += 1;
                            assert_eq!(p, opener.next(r.players), "{r:?}");
                            assert_eq!(v.len(), hand.len(), "any tile");
                        }
                        (_, other) => panic!("{other:?}"),
                    }
                }
                let before = s.rounds_played();
                let act = m
                    .sample_action(&s, &mut rng, &mut buf)
                    .or_else(|| m.sample_chance(&s, &mut rng));
                let act = act.expect("an action");
                m.apply(&mut s, &act).expect("legal");
                if s.rounds_played() > before {
                    let mut done = round;
                    g.apply(&mut done, &act).expect("the same action");
                    let res = done.result().expect("the round is over");
                    previous = Some((res.winner, done.opener().expect("opened")));
                    checked = false;
                }
            }
        }
    }
    eprintln!("{later_rounds} later rounds opened by a named seat");
    assert!(later_rounds > 20, "{later_rounds}");
}

/// E10 ("A player who reaches at least the target at the end of a round wins at once. At most
/// one player scores per round, so two players cannot cross the target together") holds for
/// the booklet's block scoring only: under fives (section 5) every play can score, so two
/// players can end one round both at or over the target. The crate then gives the match to
/// the higher total (boardgame-core's `Rounds::match_returns`), seats tied at the top share
/// the win, and a match in which every seat ends on the same total is a draw (0 each);
/// docs/dominoes.md says so. Random All Fives matches to 50 between three
/// players must meet such a round and end that way.
#[test]
fn e10_s5_two_players_over_the_target_after_one_fives_round_the_higher_total_wins() {
    let m = Match::new(
        game(Rules::all_fives().with_players(3)),
        MatchConfig::new(Some(50), None).expect("config"),
    );
    let mut crossed_together = 0;
    for seed in 0..300 {
        let mut s = m.new_initial_state();
        random_playout(&m, &mut s, &mut GameRng::new(seed, 0xE10), &mut Vec::new());
        let totals = s.totals().as_slice().to_vec();
        let over = totals.iter().filter(|&&p| p >= 50).count();
        assert!(over >= 1, "seed {seed}: {totals:?}");
        let best = *totals.iter().max().expect("three seats");
        let r = m.returns(&s).expect("over");
        let all_tied = totals.iter().all(|&p| p == best);
        for (seat, &p) in totals.iter().enumerate() {
            let want = match (all_tied, p == best) {
                (true, _) => 0.0,
                (false, true) => 1.0,
                (false, false) => -1.0,
            };
            assert_eq!(r.as_slice()[seat], want, "seed {seed}: {totals:?}");
        }
        if over >= 2 {
            crossed_together += 1;
        }
    }
    assert!(
        crossed_together > 0,
        "no match had two players over the target at its end"
    );
}

/// E13 ("team scores add up": a partnership scores as one) makes the partners' totals equal
/// in every match the rules can reach; a match taken up (`Match::resume`, `check_state`) at
/// totals on which two partners differ was accepted, and the default returns then gave the
/// partners opposite results. Found by the cause of carrom's
/// `regression_a_pairs_match_took_up_partners_with_different_totals_c21`.
#[test]
fn regression_a_partnership_match_took_up_partners_with_different_totals_e13() {
    let g = game(Rules::partnership());
    let m = Match::new(g, MatchConfig::new(Some(100), None).expect("config"));
    let by_seat = |t: [i64; 4]| boardgame_core::BySeat::from_fn(4, |s| t[s.index()]);
    let refused = m.resume(g.new_initial_state(), by_seat([10, 5, 3, 7]));
    assert!(
        refused
            == Err(boardgame_core::ResumeError::Partners {
                seat: seat(0),
                partner: seat(2)
            }),
        "{refused:?}"
    );
    let state = m
        .resume(g.new_initial_state(), by_seat([10, 5, 10, 5]))
        .expect("partners level");
    assert_eq!(m.check_state(&state), Ok(()));
    // Without partnerships every seat scores alone: any totals.
    let singles = game(Rules::lattjo().with_players(4));
    let m = Match::new(singles, MatchConfig::new(Some(100), None).expect("config"));
    assert!(
        m.resume(singles.new_initial_state(), by_seat([10, 5, 3, 7]))
            .is_ok()
    );
}
