//! The rules file's D1-D15 and decisions E1-E13, and the section 5 options, each checked on
//! hand-built positions worked out from the rules (../shared/rules/dominoes.md), not from
//! this implementation's output.

use boardgame_core::{
    BySeat, Game, GameRng, ImperfectInfo, Match, MatchConfig, RoundContext, Rounds, Seat, Turn,
    random_playout,
};
use lattjo_dominoes::{
    Action, BlockedTie, Dominoes, DrawRule, End, NextRoundLeader, NoDouble, PlaceError, PlayError,
    RoundEnd, Rules, ScoreBasis, State, Step, Tile, Tiles,
};

use crate::common;
use common::{a, game, legal, pos, refused, seat, t};

/// Deals by chance with `seed` until a player is to move.
fn deal(g: &Dominoes, s: &mut State, seed: u64) {
    let mut rng = GameRng::new(seed, 0);
    while g.turn(s) == Turn::Chance {
        let tile = g.sample_chance(s, &mut rng).expect("a tile");
        g.apply(s, &tile).expect("deal");
    }
}

/// The closed layout of E1 (b): both ends show 6 and all seven 6-tiles are down.
const CLOSED_AT_6: &str = "6-1 1-3 3-6 [6-6] 6-2 2-5 5-6 6-4 4-0 0-6";

// ---------------------------------------------------------------------------------------------
// D1-D3: equipment, deal, hidden hands

// T1: 7 tiles for 2-3 players and 5 for 4-5, in every version.
#[test]
fn d1_d2_deal_gives_7_or_5_tiles_from_28_and_the_rest_is_the_stock() {
    for (players, hand, stock) in [(2usize, 7usize, 14usize), (3, 7, 7), (4, 5, 8), (5, 5, 3)] {
        let g = game(Rules::lattjo().with_players(players));
        assert_eq!(g.set().len(), 28);
        for seed in 0..20 {
            let mut s = g.new_initial_state();
            assert_eq!(g.turn(&s), Turn::Chance, "the deal is chance");
            deal(&g, &mut s, seed);
            for p in Seat::all(players) {
                assert_eq!(s.hand(p).map(Tiles::len), Some(hand));
            }
            assert_eq!(s.stock().len(), stock);
        }
    }
}

#[test]
fn d3_e11_a_seat_sees_its_own_hand_and_only_counts_of_the_others() {
    let g = game(Rules::lattjo().with_players(3));
    let mut s = g.new_initial_state();
    deal(&g, &mut s, 5);
    let v = g.view(&s, Some(seat(1)));
    assert_eq!(v.hand, s.hand(seat(1)));
    assert_eq!(v.hand_sizes.as_slice(), &[7, 7, 7]);
    assert_eq!(v.stock_size, 7);
    assert_eq!(g.view(&s, None).hand, None, "a spectator sees no hand");
    // Moving tiles between seat 0, seat 2 and the stock is invisible to seat 1 ...
    let one = pos(&g, &["5-1 2-0", "4-3 1-1", "3-0 5-5"], "[6-6]", 1);
    let two = pos(&g, &["3-0 2-0", "4-3 1-1", "5-1 5-5"], "[6-6]", 1);
    let three = pos(&g, &["3-0 6-0", "4-3 1-1", "5-1 5-5"], "[6-6]", 1);
    assert_eq!(g.view(&one, Some(seat(1))), g.view(&two, Some(seat(1))));
    assert_eq!(g.view(&one, Some(seat(1))), g.view(&three, Some(seat(1))));
    assert_eq!(g.view(&one, None), g.view(&three, None));
    // ... but not to the seats concerned.
    assert_ne!(g.view(&one, Some(seat(0))), g.view(&two, Some(seat(0))));
    assert_ne!(g.view(&two, Some(seat(0))), g.view(&three, Some(seat(0))));
}

// ---------------------------------------------------------------------------------------------
// D4, D5, D6, E8, E9: opening and turn order

// T4: the holder of the highest double lays that double itself, not any tile.
#[test]
fn d4_highest_double_opens_and_must_be_that_double() {
    let g = game(Rules::lattjo().with_players(3));
    let mut s = pos(&g, &["3-3 6-1", "5-5 2-0", "4-4 1-0"], "empty", 0);
    assert_eq!(
        g.turn(&s),
        Turn::Player(seat(1)),
        "5-5 is the highest double dealt"
    );
    assert_eq!(legal(&g, &s), ["5-5"]);
    refused(
        &g,
        &mut s,
        "2-0",
        PlayError::WrongOpening {
            tile: t("2-0"),
            required: t("5-5"),
        },
    );
    refused(&g, &mut s, "5-5 left", PlayError::MustOpen);
    g.apply(&mut s, &a("5-5")).expect("open");
    assert_eq!(s.layout().to_string(), "[5-5]");
    assert_eq!(s.opener(), Some(seat(1)));
}

// T5: with no double dealt every version deals again.
#[test]
fn d5_e8_no_double_means_a_redeal() {
    let g = game(Rules::lattjo());
    let s = pos(
        &g,
        &["1-0 2-0 3-0 4-0 5-0 6-0 2-1", "3-1 4-1 5-1 6-1 3-2 4-2 5-2"],
        "empty",
        0,
    );
    assert_eq!(
        g.turn(&s),
        Turn::Chance,
        "all tiles return and are dealt again"
    );
    assert_eq!(s.stock().len(), 28);
    assert_eq!(s.redeals(), 1);
    assert!(s.hand(seat(0)).is_some_and(Tiles::is_empty));
}

#[test]
fn e8_option_highest_tile_leads_when_no_double() {
    let g = game(Rules::lattjo().with_no_double(NoDouble::HighestTileLeads));
    let s = pos(
        &g,
        &["1-0 2-0 3-0 4-0 5-0 6-0 2-1", "3-1 4-1 5-1 6-1 3-2 4-2 6-5"],
        "empty",
        0,
    );
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
    assert_eq!(legal(&g, &s), ["6-5"]);
}

// T6: play goes clockwise in every version.
#[test]
fn d6_e9_opening_counts_as_the_turn_and_play_goes_clockwise() {
    let g = game(Rules::lattjo().with_players(3));
    let mut s = pos(
        &g,
        &["6-6 6-1 1-0", "6-2 2-0 5-5", "6-3 3-0 4-4"],
        "empty",
        2,
    );
    assert_eq!(g.turn(&s), Turn::Player(seat(0)));
    g.apply(&mut s, &a("6-6")).expect("open");
    assert_eq!(
        s.hand(seat(0)).map(Tiles::len),
        Some(2),
        "the double left the opener's hand"
    );
    assert_eq!(
        g.turn(&s),
        Turn::Player(seat(1)),
        "E9: the next seat plays after the opener"
    );
    g.apply(&mut s, &a("6-2 left")).expect("play");
    assert_eq!(g.turn(&s), Turn::Player(seat(2)));
    g.apply(&mut s, &a("6-3 right")).expect("play");
    assert_eq!(g.turn(&s), Turn::Player(seat(0)));
}

// ---------------------------------------------------------------------------------------------
// D7, D8, E4: placing tiles

#[test]
fn d7_one_tile_on_an_open_end_with_matching_halves() {
    let g = game(Rules::lattjo());
    let mut s = pos(&g, &["6-4 4-0", "2-1 3-3"], "[6-6]", 0);
    refused(
        &g,
        &mut s,
        "4-0 left",
        PlayError::Place(PlaceError::Mismatch {
            tile: t("4-0"),
            end: End::Left,
            shows: 6,
        }),
    );
    g.apply(&mut s, &a("6-4 left")).expect("6 against 6");
    assert_eq!(s.layout().to_string(), "4-6 [6-6]");
    assert_eq!(s.layout().end_value(End::Left), Some(4));
}

// T9: doubles laid crosswise or in line play the same; a double offers its number on one end.
#[test]
fn d8_a_double_offers_its_number_and_there_is_no_spinner() {
    let g = game(Rules::lattjo());
    let mut s = pos(&g, &["4-1 0-0", "5-2 3-3"], "[6-6] 6-4 4-4", 0);
    refused(
        &g,
        &mut s,
        "4-1 up",
        PlayError::Place(PlaceError::EndNotOpen(End::Up)),
    );
    assert_eq!(legal(&g, &s), ["4-1 right"]);
}

#[test]
fn e4_same_number_at_both_ends_gives_one_placement() {
    let g = game(Rules::lattjo());
    // Both ends show 6 after the opening double.
    let mut s = pos(&g, &["6-4 6-1", "2-1 3-3"], "[6-6]", 0);
    assert_eq!(legal(&g, &s), ["6-1 left", "6-4 left"]);
    refused(
        &g,
        &mut s,
        "6-4 right",
        PlayError::SamePlay {
            tile: t("6-4"),
            end: End::Right,
            same_as: End::Left,
        },
    );
    // Different numbers at the ends: a tile matching both may go on either.
    let s = pos(&g, &["4-2 1-1", "3-3 5-5"], "4-6 [6-6] 6-2", 0);
    assert_eq!(legal(&g, &s), ["4-2 left", "4-2 right"]);
}

// ---------------------------------------------------------------------------------------------
// D9, D10, E2, E3: drawing

// T7: a stuck player draws one tile, and the turn passes if it does not fit either.
#[test]
fn d9_e2_a_stuck_player_draws_exactly_one_and_the_turn_passes_if_it_does_not_fit() {
    let g = game(Rules::lattjo());
    let mut s = pos(&g, &["2-1 3-0", "6-5 4-4"], "[6-6]", 0);
    assert_eq!(legal(&g, &s), ["draw"]);
    let stock = s.stock().len();
    g.apply(&mut s, &a("draw")).expect("draw");
    assert_eq!(g.turn(&s), Turn::Chance, "the drawn tile is a chance event");
    refused(&g, &mut s, "pass", PlayError::ChanceToAct);
    g.apply(&mut s, &a("deal 5-1"))
        .expect("5-1 is in the stock");
    assert_eq!(
        g.turn(&s),
        Turn::Player(seat(1)),
        "one draw only: the turn passes"
    );
    assert_eq!(s.hand(seat(0)).map(Tiles::len), Some(3));
    assert_eq!(s.stock().len(), stock - 1);
}

/// T2: the versions pile the stock differently, which changes nothing: a draw is a chance
/// event over every tile of the stock, each as likely as the others.
#[test]
fn t2_a_draw_is_any_tile_of_the_stock_each_as_likely() {
    let g = game(Rules::lattjo());
    let mut s = pos(&g, &["2-1 3-0", "6-5 4-4"], "[6-6]", 0);
    g.apply(&mut s, &a("draw")).expect("draw");
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    let stock: Vec<Tile> = s.stock().iter().collect();
    assert_eq!(stock.len(), 28 - 4 - 1);
    let dealt: Vec<Tile> = outcomes
        .iter()
        .map(|(o, _)| match o {
            Action::Deal(t) => *t,
            other => panic!("a draw's outcome is a tile, not {other}"),
        })
        .collect();
    assert_eq!(dealt, stock);
    for (_, p) in &outcomes {
        assert_eq!(*p, 1.0 / stock.len() as f64);
    }
}

#[test]
fn e3_a_drawn_tile_that_fits_must_be_played() {
    let g = game(Rules::lattjo());
    let mut s = pos(&g, &["2-1 3-0", "6-5 4-4"], "4-6 [6-6]", 0);
    g.apply(&mut s, &a("draw")).expect("draw");
    g.apply(&mut s, &a("deal 6-3")).expect("deal");
    assert_eq!(g.turn(&s), Turn::Player(seat(0)));
    assert_eq!(s.drawn(), Some(t("6-3")));
    assert_eq!(legal(&g, &s), ["6-3 right"]);
    refused(&g, &mut s, "pass", PlayError::MustPlayDrawn(t("6-3")));
    refused(&g, &mut s, "draw", PlayError::MustPlayDrawn(t("6-3")));
    g.apply(&mut s, &a("6-3 right"))
        .expect("play the drawn tile");
    assert_eq!(
        s.hand(seat(0)).map(Tiles::len),
        Some(2),
        "draw then play: hand size unchanged"
    );
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
}

#[test]
fn e3_option_a_drawn_tile_may_be_kept() {
    let g = game(Rules::lattjo().with_must_play_if_able(false));
    let mut s = pos(&g, &["6-2 3-0", "6-5 4-4"], "[6-6]", 0);
    // Able to play, but may draw under this option.
    assert_eq!(legal(&g, &s), ["6-2 left", "draw"]);
    g.apply(&mut s, &a("draw")).expect("draw");
    g.apply(&mut s, &a("deal 6-3")).expect("deal");
    assert_eq!(legal(&g, &s), ["6-3 left", "pass"]);
    g.apply(&mut s, &a("pass")).expect("keep it");
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
}

/// Regression (an audit against the rules file, E11 and invariant 11): under E3's option a
/// last draw whose tile did not fit passed the turn at once, while one that fitted left the
/// drawer to play or pass, so the other players saw which it was, and knew that a tile kept
/// by the pass shows an open end's number. The last draw now ends at the drawer's pass
/// either way, and the others' views (and their determinizations) cannot tell the two apart.
#[test]
fn regression_e3_option_the_others_saw_whether_a_kept_drawn_tile_fits_e11() {
    use boardgame_core::ImperfectInfo;
    let g = game(Rules::lattjo().with_must_play_if_able(false));
    let s0 = pos(&g, &["6-4 1-0", "2-1 3-0"], "[6-6]", 0);
    let mut drew = s0.clone();
    g.apply(&mut drew, &a("draw"))
        .expect("may draw though able to play");
    let (mut fits, mut misses) = (drew.clone(), drew);
    g.apply(&mut fits, &a("deal 6-5")).expect("deal");
    g.apply(&mut misses, &a("deal 2-2")).expect("deal");
    assert_eq!(legal(&g, &fits), ["6-5 left", "pass"]);
    assert_eq!(legal(&g, &misses), ["pass"], "the pass is the drawer's own");
    assert_eq!(misses.drawn(), Some(t("2-2")));
    refused(
        &g,
        &mut misses,
        "draw",
        PlayError::PlayDrawnOrPass(t("2-2")),
    );
    refused(
        &g,
        &mut misses,
        "6-4 left",
        PlayError::PlayDrawnOrPass(t("2-2")),
    );
    refused(
        &g,
        &mut fits,
        "1-0 left",
        PlayError::PlayDrawnOrPass(t("6-5")),
    );
    let other = Some(seat(1));
    assert_eq!(
        g.view(&fits, other),
        g.view(&misses, other),
        "after the deal"
    );
    for s in [&mut fits, &mut misses] {
        assert_eq!(g.check_state(s), Ok(()));
        g.apply(s, &a("pass")).expect("keep it");
        assert_eq!(g.turn(s), Turn::Player(seat(1)));
    }
    assert_eq!(
        g.view(&fits, other),
        g.view(&misses, other),
        "after the pass"
    );
    // A determinization for seat 1 deals seat 0 a drawn tile that may or may not fit.
    let mut rng = boardgame_core::GameRng::new(5, 0);
    let mut kinds = [false; 2];
    let mut s = s0;
    g.apply(&mut s, &a("draw")).expect("draw");
    g.apply(&mut s, &a("deal 2-2")).expect("deal");
    for _ in 0..200 {
        let d = g.determinize(&s, seat(1), &mut rng);
        assert_eq!(g.check_state(&d), Ok(()));
        let drawn = d.drawn().expect("still the drawer's pass");
        assert!(d.hand(seat(0)).is_some_and(|h| h.contains(drawn)));
        // Seat 0's actions: the pass alone, or the drawn tile's play and the pass.
        kinds[usize::from(legal(&g, &d).len() > 1)] = true;
    }
    assert_eq!(
        kinds,
        [true, true],
        "both a tile that fits and one that does not"
    );
    // Under the duty to play, a drawn tile that does not fit still passes at once (the
    // others know it: one that fits would have been played).
    let g = game(Rules::lattjo());
    let mut s = pos(&g, &["2-1 3-0", "6-5 4-4"], "[6-6]", 0);
    g.apply(&mut s, &a("draw")).expect("draw");
    g.apply(&mut s, &a("deal 2-2")).expect("deal");
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
}

/// Regression (libFuzzer's `dominoes_apply`, on the fix above): under E3's option a last
/// draw whose tile did not fit waited for the drawer's pass even when nobody could play any
/// more, a state `check_state` refuses (the round is blocked, E1). The round now ends at once
/// there, as before the fix.
#[test]
fn regression_e3_option_a_last_draw_that_blocks_the_round_waited_for_a_pass_e1() {
    let g = game(
        Rules::lattjo()
            .with_must_play_if_able(false)
            .with_closed_layout_ends_round(false),
    );
    let mut s = pos(
        &g,
        &["2-1 2-2 3-0 6-1 6-2 6-6", "1-1 6-3"],
        "5-3 3-3 3-1 1-4 4-4 4-3 3-2 2-0 0-5 5-4 4-2 2-5 [5-5] 5-6 6-4 4-0 0-0 0-1 1-5",
        0,
    );
    assert_eq!(legal(&g, &s), ["draw"]);
    g.apply(&mut s, &a("draw")).expect("draw");
    g.apply(&mut s, &a("deal 6-0"))
        .expect("the last tile of the stock");
    assert_eq!(g.check_state(&s), Ok(()));
    assert_eq!(g.turn(&s), Turn::Terminal, "blocked: nobody holds a 5 (E1)");
}

#[test]
fn d10_a_player_who_can_place_must() {
    let g = game(Rules::lattjo());
    let mut s = pos(&g, &["6-2 3-0", "6-5 4-4"], "[6-6]", 0);
    refused(&g, &mut s, "draw", PlayError::MustPlay);
    refused(&g, &mut s, "pass", PlayError::MustPlay);
    assert_eq!(legal(&g, &s), ["6-2 left"]);
}

// ---------------------------------------------------------------------------------------------
// D11, E1, E12: the end of a round

// T8: the round ends when a player is out (or, below and in E1's tests, when nobody can lay).
#[test]
fn d11_e12_going_out_ends_the_round_at_once() {
    let g = game(Rules::lattjo());
    let mut s = pos(&g, &["6-1", "6-2 5-5"], "[6-6]", 0);
    g.apply(&mut s, &a("6-1 left")).expect("last tile");
    assert_eq!(
        g.turn(&s),
        Turn::Terminal,
        "seat 1 could still play 6-2, but the round is over"
    );
    let r = s.result().expect("result");
    assert_eq!(r.end, RoundEnd::Out(seat(0)));
    assert_eq!(r.winner, Some(seat(0)));
    // D13 with own pips 0: 8 + 10.
    assert_eq!(r.points.as_slice(), &[18, 0]);
    refused(&g, &mut s, "6-2 right", PlayError::RoundOver);
}

// T8, T10, T11: nobody can lay, so the round ends; the winner's own pips are subtracted, the
// booklet's 10 - 2 = 8 of every version.
#[test]
fn e1b_a_closed_layout_ends_the_round_though_the_stock_has_tiles() {
    let g = game(Rules::lattjo());
    // One step from closed: the right end shows 0; 0-6 closes it at 6.
    let mut s = pos(
        &g,
        &["0-6 2-0", "5-4 1-0"],
        "6-1 1-3 3-6 [6-6] 6-2 2-5 5-6 6-4 4-0",
        0,
    );
    assert!(!s.stock().is_empty());
    g.apply(&mut s, &a("6-0 right")).expect("play");
    assert!(s.layout().is_closed(g.set()));
    let r = s.result().expect("blocked at once");
    assert_eq!(r.end, RoundEnd::Blocked);
    // D12, D13: the booklet's example: the winner holds 2, the other 10, the winner scores 8.
    assert_eq!(r.pips.as_slice(), &[2, 10]);
    assert_eq!(r.winner, Some(seat(0)));
    assert_eq!(r.points.as_slice(), &[8, 0]);
}

#[test]
fn e1b_option_off_players_draw_out_the_stock_then_e1a_ends_it() {
    let g = game(Rules::lattjo().with_closed_layout_ends_round(false));
    let mut s = pos(&g, &["2-0", "5-4 1-0"], CLOSED_AT_6, 0);
    assert_eq!(
        g.turn(&s),
        Turn::Player(seat(0)),
        "closed, but the option keeps the round going"
    );
    let stock = s.stock().len();
    let mut draws = 0;
    let mut rng = GameRng::new(1, 0);
    let mut buf = Vec::new();
    while g.turn(&s) != Turn::Terminal {
        let act = match g.turn(&s) {
            Turn::Chance => g.sample_chance(&s, &mut rng),
            _ => {
                assert_eq!(legal(&g, &s), ["draw"], "nothing ever fits a closed layout");
                draws += 1;
                g.sample_action(&s, &mut rng, &mut buf)
            }
        };
        g.apply(&mut s, &act.expect("action")).expect("apply");
    }
    assert_eq!(draws, stock, "one tile per turn until the stock is empty");
    assert_eq!(s.result().map(|r| r.end), Some(RoundEnd::Blocked));
}

#[test]
fn e1a_nobody_fits_and_nothing_can_be_drawn_ends_the_round() {
    // Block game (no drawing): the dead stock holds 5s and 6s, but no hand does.
    let g = game(Rules::block());
    let mut s = pos(&g, &["6-5 2-0", "3-1 4-2"], "[6-6]", 0);
    g.apply(&mut s, &a("6-5 left")).expect("play");
    let r = s.result().expect("blocked");
    assert_eq!(r.end, RoundEnd::Blocked);
    assert_eq!(r.winner, Some(seat(0)));
    assert_eq!(
        r.points.as_slice(),
        &[10, 0],
        "block scoring: the others' pips"
    );
}

#[test]
fn e1a_a_stuck_player_with_an_empty_stock_passes_while_another_can_play() {
    let g = game(Rules::lattjo());
    let layout = "[6-6] 6-5 5-4 4-6 6-2 2-5 5-3 3-4 4-2 2-3 3-3 3-1 1-6 6-0 0-5 5-1 1-4 4-0 0-2 2-2 2-1 1-1 1-0 0-0 0-3";
    let mut s = pos(&g, &["5-5", "4-4 6-3"], layout, 0);
    assert!(s.stock().is_empty());
    refused(&g, &mut s, "draw", PlayError::StockEmpty);
    assert_eq!(legal(&g, &s), ["pass"]);
    g.apply(&mut s, &a("pass")).expect("pass");
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
    assert_eq!(
        legal(&g, &s),
        ["6-3 left", "6-3 right"],
        "6-3 fits both ends, 6 and 3"
    );
}

// ---------------------------------------------------------------------------------------------
// D12, D13, E5, E6: scoring

#[test]
fn e5_tied_lowest_pips_score_nothing() {
    let g = game(Rules::lattjo());
    let s = pos(&g, &["3-0", "2-1"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.winner, None);
    assert_eq!(r.points.as_slice(), &[0, 0]);
    assert_eq!(
        g.returns(&s).map(|x| x.as_slice().to_vec()),
        Some(vec![0.0, 0.0])
    );
}

#[test]
fn e5_option_lightest_tile_breaks_the_tie() {
    let rules = Rules::lattjo()
        .with_blocked_tie(BlockedTie::LightestTile)
        .with_score_basis(ScoreBasis::OthersOnly);
    let g = game(rules);
    let s = pos(&g, &["5-0", "3-2 0-0"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.pips.as_slice(), &[5, 5]);
    assert_eq!(r.winner, Some(seat(1)), "0-0 is the lightest tile");
    assert_eq!(r.points.as_slice(), &[0, 5]);
    // The lightest tiles tie too (1-2 against 0-3): nobody scores.
    let s = pos(&g, &["3-0", "2-1"], CLOSED_AT_6, 0);
    assert_eq!(s.result().map(|r| r.winner), Some(None));
}

/// Issue 15.10: E5 compares the tied players' lightest tiles; a player holding two tiles of
/// the same lightest weight still has that weight as its lightest. The issue's example: a
/// blocked round with pips [8, 12, 9, 8], seats 0 and 3 tied, seat 0 holding 5-3 and seat 3
/// holding 3-1 and 4-0: seat 3's lightest tile (4 pips) beats seat 0's (8), and under the
/// block preset (the others' pips, E6) it scores 8 + 12 + 9 = 29. The crate scored nothing.
#[test]
fn issue15_10_e5_a_player_with_two_equally_light_tiles_still_has_the_lightest() {
    // Closed at 6 (every 6-tile down), without 5-3, 3-1 or 4-0.
    const CLOSED: &str = "6-1 1-2 2-6 [6-6] 6-3 3-4 4-6 6-5 5-0 0-6";
    let g = game(Rules::block().with_players(4));
    let s = pos(&g, &["5-3", "5-5 2-0", "4-4 1-0", "3-1 4-0"], CLOSED, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.end, RoundEnd::Blocked);
    assert_eq!(r.pips.as_slice(), &[8, 12, 9, 8]);
    assert_eq!(r.winner, Some(seat(3)));
    assert_eq!(r.points.as_slice(), &[0, 0, 0, 29]);
    // The player whose lightest tile is lighter wins whichever of the tied holds two.
    let s = pos(&g, &["3-1 4-0", "5-5 2-0", "4-4 1-0", "5-3"], CLOSED, 0);
    let r = s.result().expect("blocked");
    assert_eq!(
        (r.winner, r.points.as_slice()),
        (Some(seat(0)), &[29, 0, 0, 0][..])
    );
    // Three tied at 8: the unique lightest tile (0-0) wins, 8 + 8 + 9 = 25.
    let s = pos(&g, &["2-0 3-3", "0-0 4-4", "5-3", "4-2 3-0"], CLOSED, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.pips.as_slice(), &[8, 8, 8, 9]);
    assert_eq!(
        (r.winner, r.points.as_slice()),
        (Some(seat(1)), &[0, 25, 0, 0][..])
    );
    // Three tied, two of them sharing the lightest weight (2-0 against 1-1): nobody scores
    // (E5's fallback).
    let s = pos(&g, &["2-0 3-3", "1-1 4-2", "5-3", "4-4 3-0"], CLOSED, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.pips.as_slice(), &[8, 8, 8, 11]);
    assert_eq!((r.winner, r.points.as_slice()), (None, &[0, 0, 0, 0][..]));
}

/// E5 with partnerships (E13): the tied teams compare the lightest tile either partner
/// holds; two equally light tiles on one team are no tie.
#[test]
fn e5_e13_partnerships_compare_the_teams_lightest_tiles() {
    const CLOSED: &str = "6-1 1-2 2-6 [6-6] 6-3 3-4 4-6 6-5 5-0 0-6";
    let g = game(
        Rules::partnership()
            .with_draw_rule(DrawRule::NoDraw)
            .with_blocked_tie(BlockedTie::LightestTile),
    );
    // Team 0 (seats 0, 2): 5-3 and 1-0, 9 pips; team 1 (seats 1, 3): 3-2 2-0 and 1-1, 9
    // pips. Team 0's 1-0 (1 pip) is lighter than team 1's 2-0 and 1-1 (2 each).
    let s = pos(&g, &["5-3", "3-2 2-0", "1-0", "1-1"], CLOSED, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.pips.as_slice(), &[8, 7, 1, 2]);
    assert_eq!(
        r.winner,
        Some(seat(2)),
        "team 0; its member with fewer pips"
    );
    // Team 1's two 2-pip tiles (1-1, 2-0) are its lightest, no tie: they beat team 0's 3-0.
    let s = pos(&g, &["5-3", "1-1 5-2", "3-0", "2-0"], CLOSED, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.pips.as_slice(), &[8, 9, 3, 2]);
    assert_eq!(r.winner, Some(seat(3)));
}

#[test]
fn d12_d13_e6_three_players_winner_pips_subtracted_once() {
    let g = game(Rules::lattjo().with_players(3));
    let s = pos(&g, &["2-0", "3-2", "4-3"], CLOSED_AT_6, 1);
    let r = s.result().expect("blocked");
    assert_eq!(r.pips.as_slice(), &[2, 5, 7]);
    assert_eq!(r.winner, Some(seat(0)), "lowest pip total");
    assert_eq!(
        r.points.as_slice(),
        &[10, 0, 0],
        "(5 + 7) - 2, not (5-2) + (7-2)"
    );
    let g = game(
        Rules::lattjo()
            .with_players(3)
            .with_score_basis(ScoreBasis::OthersOnly),
    );
    let s = pos(&g, &["2-0", "3-2", "4-3"], CLOSED_AT_6, 1);
    assert_eq!(
        s.result().map(|r| r.points.as_slice().to_vec()),
        Some(vec![12, 0, 0])
    );
}

// ---------------------------------------------------------------------------------------------
// D14, D15, E7, E10: rounds and the match

#[test]
fn d15_e7_each_round_starts_from_the_deal_with_the_highest_double() {
    let g = game(Rules::lattjo());
    let prev = pos(&g, &["6-1", "6-2 5-5"], "[6-6]", 0);
    let totals = BySeat::new(2, 0i64);
    let cfg = Rules::suggested_match();
    let ctx = RoundContext {
        round: 1,
        totals: &totals,
        previous: Some(&prev),
        config: &cfg,
    };
    let mut s = g.new_round(&ctx);
    assert_eq!(g.turn(&s), Turn::Chance);
    assert_eq!(s.stock().len(), 28);
    deal(&g, &mut s, 11);
    let mut v = Vec::new();
    g.legal_actions(&s, &mut v);
    assert!(matches!(v[..], [Action::Open(d)] if d.is_double()));
}

#[test]
fn e7_options_previous_winner_or_next_clockwise_leads_with_any_tile() {
    let base = Rules::lattjo().with_players(3);
    let g = game(base);
    let mut prev = pos(&g, &["6-6 2-1", "6-2 5-5", "6-3 4-4"], "empty", 0);
    for m in ["6-6", "6-2 left", "6-3 right", "2-1 left"] {
        g.apply(&mut prev, &a(m)).expect(m);
    }
    assert_eq!(prev.result().and_then(|r| r.winner), Some(seat(0)));
    assert_eq!(prev.opener(), Some(seat(0)));
    let totals = BySeat::new(3, 0i64);
    let cfg = Rules::suggested_match();
    let ctx = RoundContext {
        round: 1,
        totals: &totals,
        previous: Some(&prev),
        config: &cfg,
    };
    for (leader, expected) in [
        (NextRoundLeader::PreviousWinner, 0u8),
        (NextRoundLeader::NextClockwise, 1),
    ] {
        let g = game(base.with_next_round_leader(leader));
        let mut s = g.new_round(&ctx);
        deal(&g, &mut s, 4);
        assert_eq!(g.turn(&s), Turn::Player(seat(expected)), "{leader:?}");
        assert_eq!(legal(&g, &s).len(), 7, "any of the 7 tiles may open");
    }
}

// T12: the target is agreed before play; 50, 75 and 100 are the versions' examples.
#[test]
fn d14_e10_the_match_ends_at_the_first_round_that_reaches_the_target() {
    for seed in 0..30u64 {
        let target = [50, 75, 100][(seed % 3) as usize];
        let g = game(Rules::lattjo().with_players(3));
        let m = Match::new(g, MatchConfig::new(Some(target), None).expect("config"));
        let mut s = m.new_initial_state();
        let mut rng = GameRng::new(seed, 0);
        let mut buf = Vec::new();
        let mut last_totals = BySeat::new(3, 0i64);
        let mut rounds = 0;
        while m.turn(&s) != Turn::Terminal {
            let act = match m.turn(&s) {
                Turn::Chance => m.sample_chance(&s, &mut rng),
                _ => m.sample_action(&s, &mut rng, &mut buf),
            }
            .expect("action");
            m.apply(&mut s, &act).expect("apply");
            if s.rounds_played() != rounds {
                // Scores never decrease and at most one seat scores per round (E10).
                let changed = Seat::all(3)
                    .filter(|&p| s.totals()[p] != last_totals[p])
                    .count();
                assert!(changed <= 1);
                assert!(Seat::all(3).all(|p| s.totals()[p] >= last_totals[p]));
                assert!(
                    last_totals.as_slice().iter().all(|&x| x < target),
                    "the match went on past the target"
                );
                last_totals = *s.totals();
                rounds = s.rounds_played();
            }
        }
        let winners: Vec<_> = Seat::all(3).filter(|&p| s.totals()[p] >= target).collect();
        assert_eq!(winners.len(), 1, "exactly one seat reaches the target");
        let ret = m.returns(&s).expect("returns");
        assert_eq!(ret[winners[0]], 1.0);
    }
}

// ---------------------------------------------------------------------------------------------
// E11: hidden information and determinization

#[test]
fn e11_determinize_respects_numbers_a_player_showed_he_lacks() {
    let g = game(Rules::lattjo());
    // Seat 1 is stuck on ends 4 and 6, draws, and the drawn tile does not fit either.
    let mut s = pos(&g, &["6-1 1-1 2-0", "2-1 3-0 5-5"], "4-6 [6-6]", 1);
    g.apply(&mut s, &a("draw")).expect("draw");
    g.apply(&mut s, &a("deal 3-2")).expect("deal");
    assert_eq!(g.turn(&s), Turn::Player(seat(0)));
    let mut rng = GameRng::new(1, 0);
    let mut differed = 0;
    for _ in 0..200 {
        let d = g.determinize(&s, seat(0), &mut rng);
        assert_eq!(g.view(&d, Some(seat(0))), g.view(&s, Some(seat(0))));
        let h1 = d.hand(seat(1)).expect("hand");
        assert_eq!(h1.len(), 4);
        for tile in h1.iter() {
            assert!(
                !tile.has(4) && !tile.has(6),
                "seat 1 showed it holds no 4 and no 6, got {tile}"
            );
        }
        // Conservation in the determinized state.
        let all = d
            .hand(seat(0))
            .expect("h")
            .union(h1)
            .union(d.stock())
            .union(d.layout().tiles());
        assert_eq!(all, g.set());
        if d != s {
            differed += 1;
        }
    }
    assert!(differed > 100, "the hidden tiles are really resampled");
}

#[test]
fn e11_determinize_keeps_the_opening_information() {
    let g = game(Rules::lattjo());
    // 5-5 opened: 6-6 was dealt to nobody, so no determinization may give it to a hand
    // dealt at the start.
    let mut s = pos(
        &g,
        &["5-5 2-1 3-0 4-1 6-2 1-0 0-0", "4-3 5-2 6-1 6-0 3-1 2-0 5-0"],
        "empty",
        0,
    );
    g.apply(&mut s, &a("5-5")).expect("open");
    let mut rng = GameRng::new(2, 0);
    for _ in 0..100 {
        let d = g.determinize(&s, seat(0), &mut rng);
        assert!(!d.hand(seat(1)).expect("hand").contains(t("6-6")));
    }
    assert!(g.view(&s, Some(seat(1))).not_dealt.contains(t("6-6")));
    assert!(matches!(g.view(&s, Some(seat(1))).step, Step::Turn(_)));
}

// ---------------------------------------------------------------------------------------------
// E13 and section 5: options

#[test]
fn e13_partners_opposite_share_the_score() {
    let g = game(Rules::partnership());
    assert_eq!(g.team(seat(0)), g.team(seat(2)));
    assert_ne!(g.team(seat(0)), g.team(seat(1)));
    let mut s = pos(&g, &["6-1", "5-2", "4-0", "3-2"], "[6-6]", 0);
    g.apply(&mut s, &a("6-1 left")).expect("out");
    let r = s.result().expect("over");
    // Team 0 scores the opponents' 7 + 5 minus partner's 4, both partners carry it.
    assert_eq!(r.points.as_slice(), &[8, 0, 8, 0]);
    let ret = g.returns(&s).expect("returns");
    assert_eq!(ret.as_slice(), &[1.0, -1.0, 1.0, -1.0]);
}

#[test]
fn e13_partner_heavier_than_the_opponents_scores_zero_not_negative() {
    let g = game(Rules::partnership());
    let mut s = pos(&g, &["6-1", "1-0", "6-5 5-5", "2-0"], "[6-6]", 0);
    g.apply(&mut s, &a("6-1 left")).expect("out");
    let r = s.result().expect("over");
    assert_eq!(r.winner, Some(seat(0)));
    // Opponents 1 + 2 = 3, partner 21: the team wins the round and scores 0.
    assert_eq!(r.points.as_slice(), &[0, 0, 0, 0]);
    assert_eq!(g.returns(&s).map(|x| x[seat(2)]), Some(1.0));
}

#[test]
fn e13_blocked_partnership_goes_by_team_totals() {
    let g = game(Rules::partnership());
    // Seat 1 alone has the fewest pips (1), but team 0 (3 + 3) beats team 1 (1 + 13).
    let s = pos(&g, &["2-1", "1-0", "3-0", "5-3 4-1"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.winner.map(|w| g.team(w)), Some(0));
    assert_eq!(r.points.as_slice(), &[8, 0, 8, 0], "14 - 6");
}

#[test]
fn option_draw_until_playable() {
    let g = game(Rules::draw());
    let mut s = pos(&g, &["2-1 3-0", "6-5 4-4"], "[6-6]", 0);
    g.apply(&mut s, &a("draw")).expect("draw");
    g.apply(&mut s, &a("deal 5-1")).expect("no fit");
    assert_eq!(g.turn(&s), Turn::Chance, "keeps drawing");
    g.apply(&mut s, &a("deal 3-3")).expect("no fit");
    g.apply(&mut s, &a("deal 6-2")).expect("fits");
    assert_eq!(legal(&g, &s), ["6-2 left"]);
}

#[test]
fn option_leave_two_and_block_game_pass() {
    let g = game(Rules::lattjo().with_draw_rule(DrawRule::DrawUntilPlayableLeaveTwo));
    let layout =
        "[6-6] 6-5 5-4 4-6 6-2 2-5 5-3 3-4 4-2 2-3 3-3 3-1 1-6 6-0 0-5 5-1 1-4 4-0 0-2 2-2 2-1 1-1";
    // Two tiles (1-0 and 0-0) left in the stock: they are never drawn.
    let mut s = pos(&g, &["5-5", "4-4 6-3 0-3"], layout, 0);
    assert_eq!(s.stock().len(), 2);
    refused(&g, &mut s, "draw", PlayError::StockKept { left: 2 });
    assert_eq!(legal(&g, &s), ["pass"]);
    let g = game(Rules::block());
    let mut s = pos(&g, &["2-1 3-0", "6-5 4-4"], "[6-6]", 0);
    refused(&g, &mut s, "draw", PlayError::NoDrawing);
    assert_eq!(legal(&g, &s), ["pass"]);
}

#[test]
fn option_fives_scoring_counts_ends_and_doubles() {
    let g = game(Rules::muggins());
    let mut s = pos(&g, &["6-3 1-0 4-4", "6-2 0-0 5-5"], "[6-6]", 0);
    g.apply(&mut s, &a("6-3 left")).expect("play");
    assert_eq!(s.fives()[seat(0)], 15, "3 + both halves of 6-6");
    g.apply(&mut s, &a("6-2 right")).expect("play");
    assert_eq!(s.fives()[seat(1)], 5, "3 + 2");
    assert_eq!(s.layout().ends_total(), 5);
}

#[test]
fn option_fives_going_out_rounds_to_the_nearest_five() {
    let g = game(Rules::muggins());
    let mut s = pos(&g, &["6-3", "5-3 4-1"], "[6-6]", 0);
    g.apply(&mut s, &a("6-3 left")).expect("out");
    // 15 for the play, 13 in the other hand rounds to 15.
    assert_eq!(
        s.result().map(|r| r.points.as_slice().to_vec()),
        Some(vec![30, 0])
    );
}

#[test]
fn option_spinner_opens_up_and_down_after_both_sides() {
    let g = game(Rules::all_fives());
    let mut s = pos(&g, &["5-0 5-2 1-1", "5-3 5-1 2-2"], "[5-5]*", 0);
    assert_eq!(
        legal(&g, &s),
        ["5-0 left", "5-2 left"],
        "E4: the two sides of a lone spinner are alike"
    );
    g.apply(&mut s, &a("5-0 left")).expect("play");
    assert_eq!(s.fives()[seat(0)], 10, "0 + the spinner's 10");
    g.apply(&mut s, &a("5-3 right")).expect("play");
    assert_eq!(legal(&g, &s), ["5-2 up"], "up and down open and alike");
    g.apply(&mut s, &a("5-2 up")).expect("play");
    assert_eq!(
        s.layout().ends_total(),
        5,
        "0 + 3 + 2; the empty down side counts nothing"
    );
    assert_eq!(s.fives()[seat(0)], 15);
}

#[test]
fn option_larger_sets_with_configurable_hands() {
    for (rules, set, hand) in [
        (
            Rules::double_nine().with_players(4).with_hand_size(Some(7)),
            55,
            7,
        ),
        (
            Rules::double_twelve()
                .with_players(6)
                .with_hand_size(Some(12)),
            91,
            12,
        ),
    ] {
        let g = game(rules);
        assert_eq!(g.set().len(), set);
        let mut s = g.new_initial_state();
        deal(&g, &mut s, 3);
        let players = rules.players;
        for p in Seat::all(players) {
            assert_eq!(s.hand(p).map(Tiles::len), Some(hand));
        }
        assert_eq!(s.stock().len(), set - players * hand);
        let mut st = s.clone();
        random_playout(&g, &mut st, &mut GameRng::new(5, 0), &mut Vec::new());
        assert_eq!(g.turn(&st), Turn::Terminal);
    }
}

// ---------------------------------------------------------------------------------------------
// Bad input

#[test]
fn bad_input_is_a_typed_error_and_the_state_is_unchanged() {
    let g = game(Rules::lattjo());
    let mut s = pos(&g, &["6-4 2-1", "5-5 3-0"], "[6-6]", 0);
    refused(
        &g,
        &mut s,
        "5-5 left",
        PlayError::NotHeld {
            tile: t("5-5"),
            seat: seat(0),
        },
    );
    refused(&g, &mut s, "9-9 left", PlayError::NotInSet(t("9-9")));
    refused(
        &g,
        &mut s,
        "2-1 left",
        PlayError::Place(PlaceError::Mismatch {
            tile: t("2-1"),
            end: End::Left,
            shows: 6,
        }),
    );
    refused(&g, &mut s, "draw", PlayError::MustPlay);
    refused(&g, &mut s, "deal 4-4", PlayError::NotChance);
    refused(&g, &mut s, "6-4", PlayError::AlreadyOpen);
    assert!("6-x left".parse::<Action>().is_err());
    assert!("7".parse::<Tile>().is_err());
    let mut s = pos(&g, &["2-1 3-0", "6-5 4-4"], "[6-6]", 0);
    g.apply(&mut s, &a("draw")).expect("draw");
    refused(&g, &mut s, "deal 6-5", PlayError::NotInStock(t("6-5")));
}

#[test]
fn a_state_of_another_game_is_refused_not_a_panic() {
    let five = game(Rules::lattjo().with_players(5));
    let mut s = five.new_initial_state();
    deal(&five, &mut s, 1);
    let two = game(Rules::lattjo());
    let mut v = Vec::new();
    two.legal_actions(&s, &mut v);
    assert!(v.is_empty());
    refused(&two, &mut s, "draw", PlayError::OtherRules);
    // The same number of players but other rules is another game too (issue 15: a state
    // carries its rules and is checked against them).
    let block = game(Rules::block());
    let mut s = two.new_initial_state();
    deal(&two, &mut s, 1);
    let mut v = Vec::new();
    block.legal_actions(&s, &mut v);
    assert!(v.is_empty());
    let mut listed = Vec::new();
    two.legal_actions(&s, &mut listed);
    let first = listed[0].to_string();
    refused(&block, &mut s, &first, PlayError::OtherRules);
    assert!(block.returns(&s).is_none());
}

/// Regression (configuration sweep, 5 December 2026): rules under which no round can score
/// made a match that never ended. All Fives with a double-one set and one tile each: the
/// layout's ends never add up to 5 and the pips left in hand (at most 2) round to 0 (section 5, All Fives: "rounded to the nearest 5"), so
/// a match to 61 played 33,333 rounds in 100,000 plies at 0-0. boardgame-core's `Match` now
/// ends after `MAX_SCORELESS_ROUNDS` scoreless rounds in a row, a draw.
#[test]
fn regression_a_match_whose_rounds_could_never_score_never_ended_all_fives() {
    use boardgame_core::MAX_SCORELESS_ROUNDS;
    let g = Dominoes::new(Rules::all_fives().with_highest(1).with_hand_size(Some(1))).unwrap();
    let m = Match::new(g, MatchConfig::new(Some(61), None).unwrap());
    let mut s = m.new_initial_state();
    let plies = boardgame_core::random_playout_capped(
        &m,
        &mut s,
        &mut GameRng::new(1, 3),
        &mut Vec::new(),
        100_000,
    );
    assert_eq!(m.turn(&s), Turn::Terminal, "after {plies} plies");
    assert_eq!(s.totals().as_slice(), &[0, 0]);
    assert_eq!(s.rounds_played(), MAX_SCORELESS_ROUNDS);
    assert_eq!(m.returns(&s).unwrap().as_slice(), &[0.0, 0.0]);
}

/// Regression (architecture audit, 6 December 2026; E11): when no greedy fill fitted (a
/// constrained ending of the 3-player draw game), `determinize` returned the true state, so
/// a determinization depended on the hidden hands and IS-MCTS decided differently on two
/// states its seat could not tell apart. A determinization is now a function of what the
/// seat sees and of the generator: from the true state and from any state of the same view,
/// the same generator gives the same state.
#[test]
fn regression_determinize_returned_the_true_hands_when_no_greedy_fill_fitted_e11() {
    use boardgame_core::Turn;
    let game = Dominoes::new(Rules::draw().with_players(3)).unwrap();
    let mut rng = GameRng::new(13, 0);
    let mut s = game.new_initial_state();
    let mut checked = 0;
    while game.turn(&s) != Turn::Terminal {
        if let Turn::Player(seat) = game.turn(&s) {
            let other = game.determinize(&s, seat, &mut GameRng::new(13, 100));
            for k in 0..40 {
                let a = game.determinize(&s, seat, &mut GameRng::new(k, 9));
                let b = game.determinize(&other, seat, &mut GameRng::new(k, 9));
                assert_eq!(a, b, "generator {k} at {s:?}");
            }
            checked += 1;
        }
        let a = match game.turn(&s) {
            Turn::Chance => game.sample_chance(&s, &mut rng),
            _ => game.sample_action(&s, &mut rng, &mut Vec::new()),
        };
        game.apply(&mut s, &a.unwrap()).unwrap();
    }
    assert!(checked > 10);
}

/// E2 (`DrawRule::NoDraw`, the block game): drawing is no action of the rules at all, and on a
/// turn it was refused as `NoDrawing`, but before the round was open it was refused as
/// `MustOpen`, "the round opens with a first tile", as if a draw could come once it was.
/// Now `NoDrawing` wherever a player acts; under the booklet's drawing a draw before the
/// opening is still `MustOpen`, and the deal (chance) and the end of the round come first.
/// The state is unchanged each time.
#[test]
fn regression_drawing_in_the_block_game_was_refused_as_must_open_before_the_opening() {
    let block = game(Rules::block());
    let mut opening = pos(&block, &["6-6 2-1", "5-5 3-0"], "empty", 0);
    assert_eq!(block.turn(&opening), Turn::Player(seat(0)));
    refused(&block, &mut opening, "draw", PlayError::NoDrawing);
    let mut turn = pos(&block, &["2-1 3-0", "6-5 4-4"], "[6-6]", 0);
    refused(&block, &mut turn, "draw", PlayError::NoDrawing);
    // Drawing exists in the booklet: before the opening it is only not yet.
    let g = game(Rules::lattjo());
    let mut opening = pos(&g, &["6-6 2-1", "5-5 3-0"], "empty", 0);
    refused(&g, &mut opening, "draw", PlayError::MustOpen);
    // The deal and the end of the round first.
    let mut dealing = block.new_initial_state();
    assert_eq!(block.turn(&dealing), Turn::Chance);
    refused(&block, &mut dealing, "draw", PlayError::ChanceToAct);
    let mut over = pos(&block, &["1-1", "5-5"], CLOSED_AT_6, 0);
    refused(&block, &mut over, "draw", PlayError::RoundOver);
}

/// E2 (`DrawRule::DrawUntilPlayableLeaveTwo`): a draw with one or two tiles left in the stock
/// was refused as `StockEmpty`, "the stock is empty", which was false: the tiles are there and
/// the rules keep them. Now `StockKept { left }`; a stock that is really empty is still
/// `StockEmpty`, and the same stock under `DrawUntilPlayable` may be drawn from. The state is
/// unchanged each time.
#[test]
fn regression_a_draw_from_the_last_two_tiles_was_refused_as_an_empty_stock() {
    let leave_two = game(Rules::lattjo().with_draw_rule(DrawRule::DrawUntilPlayableLeaveTwo));
    let layout = "[6-6] 6-5 5-4 4-6 6-2 2-5 5-3 3-4 4-2 2-3 3-3 3-1 1-6 6-0 0-5 5-1 1-4 4-0 0-2 2-2 2-1 1-1 1-0";
    // 0-0 alone in the stock; seat 0's 5-5 fits neither end (6 and 0).
    let mut one = pos(&leave_two, &["5-5", "4-4 6-3 0-3"], layout, 0);
    assert_eq!(one.stock().len(), 1);
    refused(
        &leave_two,
        &mut one,
        "draw",
        PlayError::StockKept { left: 1 },
    );
    assert_eq!(
        PlayError::StockKept { left: 1 }.to_string(),
        "the stock is down to its last two tiles, which these rules never draw (1 left)"
    );
    assert_eq!(legal(&leave_two, &one), ["pass"]);
    // Nothing in the stock: empty it is.
    let mut empty = pos(&leave_two, &["5-5", "4-4 6-3 0-3 0-0"], layout, 0);
    assert!(empty.stock().is_empty());
    refused(&leave_two, &mut empty, "draw", PlayError::StockEmpty);
    // The same tile under the rules that draw to the last one.
    let until = game(Rules::lattjo().with_draw_rule(DrawRule::DrawUntilPlayable));
    let mut s = pos(&until, &["5-5", "4-4 6-3 0-3"], layout, 0);
    assert_eq!(legal(&until, &s), ["draw"]);
    until
        .apply(&mut s, &a("draw"))
        .expect("the last tile is drawn");
}

/// D2 (the deal, with the hand-size option of section 5): a hand size of 0 was refused as
/// "cannot deal 0 tiles to each of 2 players from a set of 28", a deal any set allows; the
/// message now names the empty hand. A player count outside 2-8 read "1 players: dominoes
/// needs 2 to 8" and now names the count as the value refused.
#[test]
fn regression_a_hand_size_of_zero_was_reported_as_too_many_tiles_to_deal_d2() {
    use lattjo_dominoes::RulesError;
    let e = Dominoes::new(Rules::lattjo().with_hand_size(Some(0))).unwrap_err();
    assert_eq!(
        e,
        RulesError::HandSize {
            hand: 0,
            players: 2,
            tiles: 28
        }
    );
    assert_eq!(
        e.to_string(),
        "a hand size of 0: every player is dealt at least one tile (D2)"
    );
    assert_eq!(
        Dominoes::new(Rules::lattjo().with_players(6))
            .unwrap_err()
            .to_string(),
        "cannot deal 5 tiles to each of 6 players from a set of 28"
    );
    assert_eq!(
        Dominoes::new(Rules::lattjo().with_players(1))
            .unwrap_err()
            .to_string(),
        "dominoes needs 2 to 8 players, not 1"
    );
}
