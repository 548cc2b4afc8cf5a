//! A reviewer's pass over the rules file (/work/shared/rules/dominoes.md): edge cases of the
//! booklet's rules D1-D15, the decisions E1-E13 and the standard presets of its section 5,
//! each expected value worked out from the rules file alone, on hand-built positions and
//! dealt rounds.

use boardgame_core::{
    Game, GameRng, ImperfectInfo, MatchConfig, RoundContext, Rounds, Seat, Turn, random_playout,
};
use lattjo_dominoes::{
    Action, BlockedTie, Dominoes, DrawRule, NextRoundLeader, PlayError, RoundEnd, Rules, State,
    Tile, Tiles,
};

use crate::common::{a, game, legal, pos, refused, seat, t};

/// The closed layout of E1 (b): both ends show 6 and all seven 6-tiles are down.
const CLOSED_AT_6: &str = "6-1 1-3 3-6 [6-6] 6-2 2-5 5-6 6-4 4-0 0-6";

/// One tile short of `CLOSED_AT_6`: the ends show 6 (left) and 0 (right); 6-0 is missing.
const ALMOST_CLOSED: &str = "6-1 1-3 3-6 [6-6] 6-2 2-5 5-6 6-4 4-0";

/// Deals by chance with `rng` until a player is to move.
fn deal(g: &Dominoes, s: &mut State, rng: &mut GameRng) {
    while g.turn(s) == Turn::Chance {
        let tile = g.sample_chance(s, rng).expect("a tile");
        g.apply(s, &tile).expect("deal");
    }
}

pub(crate) fn points(s: &State) -> Vec<i64> {
    s.result()
        .expect("the round is over")
        .points
        .as_slice()
        .to_vec()
}

// ---------------------------------------------------------------------------------------------
// D2, D4, D5, E9: the deal and the opening

/// D4 on real deals: whoever holds the highest double dealt is to move, and that double is the
/// only legal opening, for every table size of the booklet (D1: 2-5 players).
#[test]
fn d4_after_any_deal_the_highest_dealt_double_is_the_only_opening() {
    for players in 2..=5 {
        let g = game(Rules::lattjo().with_players(players));
        let mut rng = GameRng::new(0xD4, players as u64);
        for _ in 0..40 {
            let mut s = g.new_initial_state();
            deal(&g, &mut s, &mut rng);
            let holder = Seat::all(players)
                .filter_map(|p| {
                    let top = s
                        .hand(p)?
                        .iter()
                        .filter(|t| t.is_double())
                        .max_by_key(|t| t.pips());
                    top.map(|d| (d, p))
                })
                .max_by_key(|(d, _)| d.pips())
                .expect("a double was dealt (D5 redeals otherwise)");
            assert_eq!(g.turn(&s), Turn::Player(holder.1), "{players} players");
            let mut v = Vec::new();
            g.legal_actions(&s, &mut v);
            assert_eq!(v, [Action::Open(holder.0)], "{players} players");
        }
    }
}

/// D5 and its note: with 5 players only 3 tiles stay undealt, so a double is always dealt and
/// no redeal ever happens; the hands are 5 tiles each and the stock 3 (D2).
#[test]
fn d5_d2_five_players_never_need_a_redeal() {
    let g = game(Rules::lattjo().with_players(5));
    let mut rng = GameRng::new(55, 0);
    for _ in 0..200 {
        let mut s = g.new_initial_state();
        deal(&g, &mut s, &mut rng);
        assert_eq!(s.redeals(), 0);
        assert_eq!(s.stock().len(), 3);
        for p in Seat::all(5) {
            assert_eq!(s.hand(p).map(Tiles::len), Some(5));
        }
    }
}

/// D5: a hand-built opening with no double in any hand is dealt again, not opened.
#[test]
fn d5_no_double_in_any_hand_means_the_tiles_are_dealt_again() {
    let g = game(Rules::lattjo());
    let s = pos(
        &g,
        &["6-5 6-4 6-3 6-2 6-1 6-0 5-4", "5-3 5-2 5-1 5-0 4-3 4-2 4-1"],
        "empty",
        0,
    );
    assert_eq!(g.turn(&s), Turn::Chance, "the tiles are dealt again");
    assert_eq!(s.redeals(), 1);
    assert!(s.layout().is_empty());
}

/// D6, E9 with three players: the opener is the last seat, so seat 0 plays next (clockwise
/// wraps round the table).
#[test]
fn e9_d6_an_opener_in_the_last_seat_passes_the_turn_to_seat_0() {
    let g = game(Rules::lattjo().with_players(3));
    let mut s = pos(&g, &["5-5 1-0", "4-4 2-0", "6-6 3-0"], "empty", 0);
    assert_eq!(g.turn(&s), Turn::Player(seat(2)));
    g.apply(&mut s, &a("6-6")).expect("the opening");
    assert_eq!(s.hand(seat(2)).map(Tiles::len), Some(1), "it left his hand");
    assert_eq!(g.turn(&s), Turn::Player(seat(0)));
}

/// Block game hand table (section 5, learnplaywin): 7 tiles for 2 players, 5 for 3 or 4; and
/// the block game never draws, so the rest of the set is dead.
#[test]
fn s5_block_game_deals_five_each_to_three_players_and_never_draws() {
    let g = game(Rules::block().with_players(3));
    let mut rng = GameRng::new(3, 0);
    let mut s = g.new_initial_state();
    deal(&g, &mut s, &mut rng);
    for p in Seat::all(3) {
        assert_eq!(s.hand(p).map(Tiles::len), Some(5));
    }
    assert_eq!(s.stock().len(), 13);
    let stock = s.stock();
    random_playout(&g, &mut s, &mut rng, &mut Vec::new());
    assert_eq!(s.stock(), stock, "nothing is ever drawn in the block game");
}

// ---------------------------------------------------------------------------------------------
// D7-D10, E2-E4: a turn

/// D7: a blank goes against a blank, and nothing else does.
#[test]
fn d7_a_blank_goes_against_a_blank() {
    let g = game(Rules::lattjo());
    let s = pos(&g, &["0-3 1-2", "5-5"], "6-0 [0-0]", 0);
    // Ends: 6 (left) and 0 (right).
    assert_eq!(legal(&g, &s), ["3-0 right"]);
}

/// E4: a tile that matches two different numbers at the two ends may go on either end, and
/// the two placements are different plays.
#[test]
fn e4_a_tile_matching_two_different_ends_has_two_placements() {
    let g = game(Rules::lattjo());
    let s = pos(&g, &["5-2 0-0", "1-1"], "2-6 [6-6] 6-5", 0);
    assert_eq!(legal(&g, &s), ["5-2 left", "5-2 right"]);
}

/// D9, E3, E4: a drawn tile that fits both (different) ends may go on either, the player
/// choosing, and nothing else is allowed.
#[test]
fn e3_e4_a_drawn_tile_fitting_both_ends_goes_on_either() {
    let g = game(Rules::lattjo());
    let mut s = pos(&g, &["1-1 0-0", "4-4"], "2-6 [6-6] 6-5", 0);
    assert_eq!(legal(&g, &s), ["draw"]);
    g.apply(&mut s, &a("draw")).expect("stuck: draw");
    g.apply(&mut s, &a("deal 5-2"))
        .expect("the stock holds 5-2");
    assert_eq!(legal(&g, &s), ["5-2 left", "5-2 right"]);
    refused(&g, &mut s, "pass", PlayError::MustPlayDrawn(t("5-2")));
    refused(&g, &mut s, "1-1 left", PlayError::MustPlayDrawn(t("5-2")));
}

/// E2 (DrawOne): a drawn tile that does not fit ends the turn (the pass is implied); no second
/// draw, and the next player, stuck too, draws for himself.
#[test]
fn d9_e2_one_draw_then_the_turn_passes() {
    let g = game(Rules::lattjo());
    let mut s = pos(&g, &["1-1 0-0", "4-4"], "2-6 [6-6] 6-5", 0);
    g.apply(&mut s, &a("draw")).expect("stuck: draw");
    g.apply(&mut s, &a("deal 3-3"))
        .expect("the stock holds 3-3");
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
    assert_eq!(legal(&g, &s), ["draw"], "seat 1 holds no 2 or 5");
    assert_eq!(
        s.hand(seat(0)).map(Tiles::len),
        Some(3),
        "the drawn tile is kept"
    );
}

/// E2 option DrawUntilPlayable: a player whose drawing empties the stock without a fit passes.
#[test]
fn e2_draw_until_playable_passes_when_the_stock_runs_out() {
    let g = game(Rules::draw());
    let layout =
        "[6-6] 6-5 5-4 4-6 6-2 2-5 5-3 3-4 4-2 2-3 3-3 3-1 1-6 6-0 0-5 5-1 1-4 4-0 0-2 2-2 2-1 1-1";
    // Ends: 6 and 1. Seat 0 holds neither; the stock's one tile, 3-0, does not fit.
    let mut s = pos(&g, &["5-5 0-0", "4-4 6-3 1-0"], layout, 0);
    assert_eq!(s.stock().len(), 1);
    assert_eq!(legal(&g, &s), ["draw"]);
    g.apply(&mut s, &a("draw")).expect("draw");
    g.apply(&mut s, &a("deal 3-0")).expect("the last tile");
    assert!(s.stock().is_empty());
    assert_eq!(
        g.turn(&s),
        Turn::Player(seat(1)),
        "nothing left to draw: the turn passes"
    );
    assert_eq!(legal(&g, &s), ["1-0 right", "6-3 left"]);
    assert_eq!(s.hand(seat(0)).map(Tiles::len), Some(3));
}

/// E2 option DrawUntilPlayableLeaveTwo: with three tiles in the stock a stuck player may draw
/// one; the last two are never drawn, so a miss is followed by a pass.
#[test]
fn e2_leave_two_draws_down_to_two_and_then_passes() {
    let g = game(Rules::draw().with_draw_rule(DrawRule::DrawUntilPlayableLeaveTwo));
    let layout =
        "[6-6] 6-5 5-4 4-6 6-2 2-5 5-3 3-4 4-2 2-3 3-3 3-1 1-6 6-0 0-5 5-1 1-4 4-0 0-2 2-2 2-1 1-1";
    let mut s = pos(&g, &["5-5", "4-4 6-3"], layout, 0);
    assert_eq!(s.stock().len(), 3);
    assert_eq!(legal(&g, &s), ["draw"]);
    g.apply(&mut s, &a("draw")).expect("draw");
    g.apply(&mut s, &a("deal 3-0")).expect("in the stock");
    assert_eq!(s.stock().len(), 2);
    assert_eq!(
        g.turn(&s),
        Turn::Player(seat(1)),
        "the last two tiles stay in the stock: the turn passes"
    );
}

// ---------------------------------------------------------------------------------------------
// D11, E1, E12: the end of a round

/// E12 before E1: the tile that closes the layout is also the player's last, so he went out.
#[test]
fn e12_going_out_with_the_tile_that_closes_the_layout_is_going_out() {
    let g = game(Rules::lattjo());
    let mut s = pos(&g, &["6-0", "1-1 2-2"], ALMOST_CLOSED, 0);
    g.apply(&mut s, &a("6-0 right")).expect("last tile");
    let r = s.result().expect("over");
    assert_eq!(r.end, RoundEnd::Out(seat(0)));
    assert_eq!(r.winner, Some(seat(0)));
    assert_eq!(points(&s), [6, 0], "D13 with own pips 0");
}

/// E1 (b), E3: a drawn tile, played at once, closes the layout: the round is blocked then,
/// though tiles remain in the stock.
#[test]
fn e1b_a_drawn_tile_that_closes_the_layout_blocks_the_round_at_once() {
    let g = game(Rules::lattjo());
    let mut s = pos(&g, &["1-1", "2-2 3-3"], ALMOST_CLOSED, 0);
    assert_eq!(legal(&g, &s), ["draw"]);
    g.apply(&mut s, &a("draw")).expect("draw");
    g.apply(&mut s, &a("deal 6-0")).expect("in the stock");
    g.apply(&mut s, &a("6-0 right"))
        .expect("the drawn tile fits");
    assert!(!s.stock().is_empty());
    let r = s.result().expect("blocked");
    assert_eq!(r.end, RoundEnd::Blocked);
    assert_eq!(r.pips.as_slice(), &[2, 10]);
    assert_eq!(points(&s), [8, 0], "10 - 2, the booklet's example");
}

/// E1 (a) under LeaveTwo: the only tiles that fit are the two that can never be drawn and no
/// hand fits, so nothing can be drawn and nobody can place: blocked, though the layout is not
/// closed.
#[test]
fn e1a_leave_two_blocks_when_only_the_two_undrawable_tiles_fit() {
    let layout = "1-2 2-6 [6-6] 6-3 3-1 1-1 1-4 4-5 5-1";
    let stock: Tiles = "1-0 6-1".parse().expect("tiles");
    let g = game(Rules::draw().with_draw_rule(DrawRule::DrawUntilPlayableLeaveTwo));
    let s0: Tiles = "0-0 0-2".parse().expect("tiles");
    let lay: lattjo_dominoes::Layout = layout.parse().expect("layout");
    let s1 = g
        .set()
        .difference(lay.tiles())
        .difference(stock)
        .difference(s0);
    let setup = |g: &Dominoes| {
        g.setup(lattjo_dominoes::Setup {
            hands: vec![s0, s1],
            stock,
            layout: lay,
            to_move: seat(0),
        })
        .expect("setup")
    };
    let s = setup(&g);
    assert!(!s.layout().is_closed(g.set()));
    let r = s
        .result()
        .expect("blocked: nothing can be drawn and nothing fits");
    assert_eq!(r.end, RoundEnd::Blocked);
    assert_eq!(r.pips.as_slice(), &[2, 100]);
    assert_eq!(
        points(&s),
        [100, 0],
        "the draw game scores the others' pips"
    );
    // The booklet draws one tile at a time down to the last: not blocked, seat 0 draws.
    let g = game(Rules::lattjo());
    let s = setup(&g);
    assert!(s.result().is_none());
    assert_eq!(legal(&g, &s), ["draw"]);
}

/// E1 (a) in the block game: the stock is dead, so a round in which nobody can place is over
/// even with 14 tiles left undealt.
#[test]
fn e1a_block_game_ends_when_nobody_fits_though_the_dead_stock_would() {
    let g = game(Rules::block());
    let s = pos(&g, &["5-1 2-0", "3-1 4-2"], "[6-6]", 0);
    let r = s.result().expect("blocked at once");
    assert_eq!(r.end, RoundEnd::Blocked);
    assert_eq!(r.winner, Some(seat(0)));
    assert_eq!(points(&s), [10, 0], "block: the others' pips");
}

// ---------------------------------------------------------------------------------------------
// D12, D13, E5, E6: scoring with 3-5 players

/// D12, E5: only a tie for the *lowest* total matters; a tie between the others does not.
#[test]
fn d12_e5_a_tie_between_the_losers_does_not_stop_the_lowest_from_winning() {
    let g = game(Rules::lattjo().with_players(3));
    let s = pos(&g, &["2-0", "3-2", "4-1"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.winner, Some(seat(0)));
    assert_eq!(points(&s), [8, 0, 0], "(5 + 5) - 2");
}

/// E5 with three players: a tie for the lowest scores nothing, however much the third holds.
#[test]
fn e5_a_tie_for_the_lowest_among_three_scores_nothing() {
    let g = game(Rules::lattjo().with_players(3));
    let s = pos(&g, &["3-0", "2-1", "5-5 4-4"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.winner, None);
    assert_eq!(points(&s), [0, 0, 0]);
}

/// E5 option LightestTile with the booklet's scoring and three players: the tied player with
/// the lighter single tile wins and scores all the others' pips minus his own, once (E6).
#[test]
fn e5_e6_lightest_tile_winner_scores_others_minus_own_once() {
    let g = game(
        Rules::lattjo()
            .with_players(3)
            .with_blocked_tie(BlockedTie::LightestTile),
    );
    let s = pos(&g, &["3-0", "1-0 2-0", "5-4"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.winner, Some(seat(1)), "1-0 is lighter than 3-0");
    assert_eq!(points(&s), [0, 9, 0], "(3 + 9) - 3");
}

/// E5 option: the double blank weighs nothing, so it is the lightest tile of all.
#[test]
fn e5_lightest_tile_the_double_blank_wins_a_tie() {
    let g = game(Rules::block());
    let s = pos(&g, &["3-0", "0-0 2-1"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.winner, Some(seat(1)));
    assert_eq!(points(&s), [0, 3], "block scoring: the others' pips");
}

/// D13, E6 with four players (no partnerships): going out scores every other hand's pips.
#[test]
fn d13_e6_going_out_at_a_table_of_four_scores_every_other_hand() {
    let g = game(Rules::lattjo().with_players(4));
    let mut s = pos(&g, &["6-1", "5-5", "2-1", "3-2"], "[6-6]", 0);
    g.apply(&mut s, &a("6-1 left")).expect("out");
    assert_eq!(points(&s), [18, 0, 0, 0], "10 + 3 + 5");
}

/// E6 option OthersOnly with three players, blocked: the winner's own pips are not taken off.
#[test]
fn e6_others_only_with_three_players_keeps_the_winners_pips() {
    let g = game(Rules::draw().with_players(3));
    let s = pos(&g, &["1-0", "3-2", "4-3 1-1"], CLOSED_AT_6, 0);
    assert_eq!(points(&s), [14, 0, 0], "5 + 9");
}

// ---------------------------------------------------------------------------------------------
// E13: partnerships

/// E13, E5: the team totals tie, so a blocked partnership round scores nothing (seat 1 alone
/// holding the fewest pips does not matter).
#[test]
fn e13_e5_a_tie_between_the_team_totals_scores_nothing() {
    let g = game(Rules::partnership());
    let s = pos(&g, &["2-1", "1-0", "3-0", "5-0"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.winner, None, "6 against 6");
    assert_eq!(points(&s), [0, 0, 0, 0]);
}

/// E13, D13: a player who goes out wins for his team; the team scores the opponents' pips
/// minus the partner's, and both partners carry it.
#[test]
fn e13_going_out_scores_the_opponents_minus_the_partner() {
    let g = game(Rules::partnership());
    let mut s = pos(&g, &["6-1", "5-5", "2-1", "3-2"], "[6-6]", 0);
    g.apply(&mut s, &a("6-1 left")).expect("out");
    assert_eq!(points(&s), [12, 0, 12, 0], "(10 + 5) - 3");
}

// ---------------------------------------------------------------------------------------------
// D14, D15, E7, E10: rounds and the match

/// E10: reaching the target exactly wins; one short does not.
#[test]
fn d14_e10_reaching_the_target_exactly_ends_the_match() {
    let g = game(Rules::lattjo());
    let to_100 = MatchConfig::new(Some(100), None).expect("config");
    let at = |p: [i64; 2]| lattjo_dominoes::BySeat::from_fn(2, |s| p[s.index()]);
    assert!(g.match_over(&to_100, &at([100, 12]), 3));
    assert!(!g.match_over(&to_100, &at([99, 98]), 3));
    let r = g.match_returns(&at([100, 12]));
    assert_eq!(r.as_slice(), &[1.0, -1.0]);
}

/// E7 option NextClockwise: the seat after the previous round's leader leads the next round
/// (with any tile).
#[test]
fn e7_next_clockwise_leads_from_the_seat_after_the_previous_leader() {
    for players in [2usize, 3, 5] {
        let g = game(
            Rules::lattjo()
                .with_players(players)
                .with_next_round_leader(NextRoundLeader::NextClockwise),
        );
        let config = MatchConfig::new(Some(100), None).expect("config");
        for seed in 0..10 {
            let mut rng = GameRng::new(seed, players as u64);
            let mut prev = g.new_initial_state();
            random_playout(&g, &mut prev, &mut rng, &mut Vec::new());
            let leader = prev.opener().expect("someone opened");
            let totals = lattjo_dominoes::BySeat::new(players, 0);
            let ctx = RoundContext {
                round: 1,
                totals: &totals,
                previous: Some(&prev),
                config: &config,
            };
            let mut s = g.new_round(&ctx);
            deal(&g, &mut s, &mut rng);
            let next = Seat::new(((leader.index() + 1) % players) as u8);
            assert_eq!(
                g.turn(&s),
                Turn::Player(next),
                "{players} players, seed {seed}"
            );
            let mut v = Vec::new();
            g.legal_actions(&s, &mut v);
            assert_eq!(
                v.len(),
                s.hand(next).map(Tiles::len).unwrap_or(0),
                "any tile opens"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Section 5: fives scoring and spinners

/// All Fives: the first double opens; 5-5 is 10 at once ("after each play", the opening
/// included).
#[test]
fn s5_all_fives_an_opening_double_five_scores_ten() {
    let g = game(Rules::all_fives());
    let mut s = pos(&g, &["5-5 2-1", "4-4 3-2"], "empty", 1);
    assert_eq!(
        g.turn(&s),
        Turn::Player(seat(0)),
        "5-5 is the highest double dealt"
    );
    g.apply(&mut s, &a("5-5")).expect("open");
    assert_eq!(s.fives()[seat(0)], 10);
}

/// All Fives: once both in-line sides of the spinner are covered it counts nothing; a tile on
/// its side then adds its outer end.
#[test]
fn s5_all_fives_a_covered_spinner_stops_counting_and_its_sides_add_their_ends() {
    let g = game(Rules::all_fives());
    let mut s = pos(&g, &["5-0 5-2 1-1", "5-3 4-4 2-2"], "[5-5]*", 0);
    g.apply(&mut s, &a("5-0 left")).expect("play");
    assert_eq!(s.fives()[seat(0)], 10, "0 + both halves of the spinner");
    g.apply(&mut s, &a("5-3 right")).expect("play");
    assert_eq!(s.fives()[seat(1)], 0, "0 + 3");
    g.apply(&mut s, &a("5-2 up")).expect("play");
    assert_eq!(s.fives()[seat(0)], 15, "10 before, now 0 + 3 + 2");
}

/// Fives, going out with three players: the opponents' pips (5 + 9 = 14) rounded to the
/// nearest 5 give 15.
#[test]
fn s5_fives_going_out_scores_the_opponents_total_rounded_to_five() {
    let g = game(Rules::muggins().with_players(3));
    let mut s = pos(&g, &["6-4", "3-2", "5-4"], "[6-6]", 0);
    g.apply(&mut s, &a("6-4 left")).expect("out");
    // The play: 4 + both halves of 6-6 = 16, no multiple of 5.
    assert_eq!(points(&s), [15, 0, 0]);
}

/// E5 option LightestTile with a three-way tie: seats 0 and 1 both have a lightest tile of
/// 2 pips (seat 0 its 0-2, seat 1 its 1-1), lighter than seat 2's only tile: the lightest
/// tiles tie, so nobody scores, however heavy the third player's lightest tile is.
#[test]
fn e5_lightest_tile_tie_among_three_falls_back_to_no_score() {
    let g = game(Rules::block().with_players(3));
    let s = pos(&g, &["2-0 3-0", "1-1 2-1", "5-0"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.pips.as_slice(), &[5, 5, 5]);
    assert_eq!(r.winner, None);
    assert_eq!(points(&s), [0, 0, 0]);
    // With seat 1's 1-1 swapped for the 0-1 (lightest 1), seat 1 wins and scores 10.
    let s = pos(&g, &["2-0 3-0", "1-0 2-2", "5-0"], CLOSED_AT_6, 0);
    assert_eq!(s.result().and_then(|r| r.winner), Some(seat(1)));
    assert_eq!(points(&s), [0, 10, 0]);
}

/// E11: a drawn tile is seen by its drawer only: while seat 0 decides where to lay the tile
/// he drew, seat 1 cannot tell which fitting tile it was.
#[test]
fn e11_a_drawn_tile_is_hidden_from_the_other_seats() {
    let g = game(Rules::lattjo());
    let drawn = |tile: &str| {
        let mut s = pos(&g, &["1-1 0-0", "4-4"], "2-6 [6-6] 6-5", 0);
        g.apply(&mut s, &a("draw")).expect("draw");
        g.apply(&mut s, &a(&format!("deal {tile}")))
            .expect("in the stock");
        s
    };
    let (x, y) = (drawn("5-2"), drawn("2-2"));
    assert_ne!(g.view(&x, Some(seat(0))), g.view(&y, Some(seat(0))));
    assert_eq!(g.view(&x, Some(seat(1))), g.view(&y, Some(seat(1))));
    assert_eq!(g.view(&x, None), g.view(&y, None));
}

/// All Fives (section 5): "the first double is a spinner", also when it is not the first tile
/// (a later round led with any tile). Here 3-3 is laid on 5-3; once a tile lies beyond it, its
/// sides open, and every open end counts: 5 + 1 + 4 = 10 scores.
#[test]
fn s5_all_fives_the_first_double_is_the_spinner_when_it_comes_later() {
    let g = game(Rules::all_fives());
    let mut s = pos(&g, &["3-3 4-3 0-6", "3-1 0-0"], "[5-3]", 0);
    assert_eq!(s.layout().spinner(), None);
    g.apply(&mut s, &a("3-3 right")).expect("play");
    assert_eq!(s.layout().spinner(), Some(t("3-3")));
    assert_eq!(s.fives()[seat(0)], 0, "5 + both halves of 3-3 = 11");
    g.apply(&mut s, &a("3-1 right")).expect("play");
    assert_eq!(s.fives()[seat(1)], 0, "5 + 1 = 6");
    let l = legal(&g, &s);
    assert!(l.iter().any(|m| m == "4-3 up"), "{l:?}");
    g.apply(&mut s, &a("4-3 up")).expect("the spinner's side");
    assert_eq!(s.fives()[seat(0)], 10, "5 + 1 + 4");
}

// ---------------------------------------------------------------------------------------------
// A second model of the line games (no spinner), written from the rules file

/// What the rules file says a player may do, from the hands, the layout and the stock alone
/// (D4, D7-D10, E2-E4), for rules without a spinner.
///
/// `doubles` says whether the tile at each end (left, right) is a double: with fives scoring
/// two ends showing the same number are two different plays when they count differently (E4
/// merges only placements that give the same state).
fn model_legal(r: &Rules, s: &State, p: Seat, doubles: [bool; 2]) -> Vec<String> {
    let hand = s.hand(p).expect("a seat");
    let layout = s.layout();
    let mut out = Vec::new();
    if layout.is_empty() {
        // D4: the first round opens with the highest double dealt (D5 redeals otherwise).
        let top = Seat::all(r.players)
            .flat_map(|q| s.hand(q).expect("a seat").iter())
            .filter(|t| t.is_double())
            .max_by_key(|t| t.pips())
            .expect("a double was dealt");
        assert!(hand.contains(top), "D4: the holder of {top} opens");
        return vec![Action::Open(top).to_string()];
    }
    let ends: Vec<(lattjo_dominoes::End, u8)> = layout
        .open_ends()
        .map(|e| (e, layout.end_value(e).expect("open")))
        .collect();
    let same = ends.len() == 2
        && ends[0].1 == ends[1].1
        && (r.scoring == lattjo_dominoes::Scoring::Block || doubles[0] == doubles[1]);
    let placements = |t: Tile, out: &mut Vec<String>| {
        for (i, &(e, v)) in ends.iter().enumerate() {
            // E4: equal ends are one placement (the first).
            if t.has(v) && !(same && i == 1) {
                out.push(Action::Play(t, e).to_string());
            }
        }
    };
    if let Some(t) = s.drawn() {
        // E3: the drawn tile, which fits, is the play.
        placements(t, &mut out);
    } else {
        for t in hand.iter() {
            placements(t, &mut out);
        }
        if out.is_empty() {
            let stock = s.stock().len();
            let can_draw = match r.draw_rule {
                DrawRule::NoDraw => false,
                DrawRule::DrawUntilPlayableLeaveTwo => stock > 2,
                _ => stock > 0,
            };
            out.push(if can_draw { "draw" } else { "pass" }.to_owned());
        }
    }
    out.sort();
    out
}

/// E1, E12: whether the round is over, by the rules file.
fn model_over(r: &Rules, s: &State) -> bool {
    let seats = || Seat::all(r.players);
    if seats().any(|p| s.hand(p).is_some_and(Tiles::is_empty)) {
        return true;
    }
    let layout = s.layout();
    if layout.is_empty() {
        return false;
    }
    let values: Vec<u8> = layout
        .open_ends()
        .filter_map(|e| layout.end_value(e))
        .collect();
    let fits = |t: Tile| values.iter().any(|&v| t.has(v));
    let anyone_fits = seats().any(|p| s.hand(p).is_some_and(|h| h.iter().any(fits)));
    if anyone_fits {
        return false;
    }
    let drawable = match r.draw_rule {
        DrawRule::NoDraw => false,
        DrawRule::DrawUntilPlayableLeaveTwo => s.stock().len() > 2,
        _ => !s.stock().is_empty(),
    };
    // E1 (b): "no tile anywhere, stock included, can ever be played again". In a double-six
    // line both ends then show the same number (each number is on eight halves); with a
    // double-nine set (eleven halves a number) the two ends of a closed line differ.
    let closed = Tiles::full_set(r.highest)
        .expect("a set")
        .iter()
        .filter(|&t| fits(t))
        .all(|t| layout.tiles().contains(t));
    if r.highest == 6 && r.spinner == lattjo_dominoes::SpinnerRule::None && closed {
        assert!(values.len() == 2 && values[0] == values[1], "E1 parity");
    }
    !drawable || (r.closed_layout_ends_round && closed)
}

/// D12, D13, E5, E6, E13: the points of a finished round of block scoring, by the rules file.
fn model_points(r: &Rules, s: &State) -> Vec<i64> {
    let n = r.players;
    let unit = |p: usize| if r.partnerships { p % 2 } else { p };
    let units = if r.partnerships { 2 } else { n };
    let mut pips = vec![0i64; units];
    let mut all: Vec<Tiles> = vec![Tiles::EMPTY; units];
    for p in Seat::all(n) {
        let h = s.hand(p).expect("a seat");
        pips[unit(p.index())] += i64::from(h.pips());
        all[unit(p.index())] = all[unit(p.index())].union(h);
    }
    let out = Seat::all(n).find(|&p| s.hand(p).is_some_and(Tiles::is_empty));
    let winner = match out {
        Some(p) => Some(unit(p.index())),
        None => {
            let low = *pips.iter().min().expect("units");
            let tied: Vec<usize> = (0..units).filter(|&u| pips[u] == low).collect();
            if tied.len() == 1 {
                Some(tied[0])
            } else if r.blocked_tie == BlockedTie::LightestTile {
                let light = |u: usize| all[u].iter().map(Tile::pips).min().unwrap_or(u32::MAX);
                let best = tied.iter().map(|&u| light(u)).min().expect("tied");
                let at: Vec<usize> = tied.iter().copied().filter(|&u| light(u) == best).collect();
                (at.len() == 1).then(|| at[0])
            } else {
                None
            }
        }
    };
    let mut points = vec![0i64; n];
    // Fives scored in play: partners carry their team's (E13, "team scores add up").
    for (p, pt) in points.iter_mut().enumerate() {
        *pt = Seat::all(n)
            .filter(|q| unit(q.index()) == unit(p))
            .map(|q| s.fives()[q])
            .sum();
    }
    if let Some(w) = winner {
        let others: i64 = (0..units).filter(|&u| u != w).map(|u| pips[u]).sum();
        let mut score = match r.score_basis {
            lattjo_dominoes::ScoreBasis::OthersMinusOwn => (others - pips[w]).max(0),
            lattjo_dominoes::ScoreBasis::OthersOnly => others,
            other => panic!("no model for {other:?}"),
        };
        if r.scoring == lattjo_dominoes::Scoring::Fives {
            // Section 5: the pips rounded to the nearest 5 (a pip count ends in 0-4 or 5-9:
            // 1, 2, 6, 7 round down, 3, 4, 8, 9 up).
            score = (score + 2) / 5 * 5;
        }
        for (p, pt) in points.iter_mut().enumerate() {
            if unit(p) == w {
                *pt += score;
            }
        }
    }
    points
}

/// The crate against the model above on random rounds of the line games with block scoring:
/// the booklet (2-5 players), block (2-4), draw, draw leaving two, the booklet with the
/// lightest-tile tie and with the closed-layout rule off, and partnerships.
#[test]
fn d4_d13_e1_e6_e13_a_second_model_agrees_on_random_rounds_of_the_line_games() {
    let presets = [
        Rules::lattjo(),
        Rules::lattjo().with_players(3),
        Rules::lattjo().with_players(4),
        Rules::lattjo().with_players(5),
        Rules::block(),
        Rules::block().with_players(3),
        Rules::block().with_players(4),
        Rules::draw(),
        Rules::draw().with_players(3),
        Rules::draw().with_draw_rule(DrawRule::DrawUntilPlayableLeaveTwo),
        Rules::lattjo()
            .with_players(3)
            .with_blocked_tie(BlockedTie::LightestTile),
        Rules::lattjo().with_closed_layout_ends_round(false),
        Rules::partnership(),
        Rules::partnership()
            .with_draw_rule(DrawRule::NoDraw)
            .with_blocked_tie(BlockedTie::LightestTile),
        Rules::double_nine().with_players(4).with_hand_size(Some(7)),
        Rules::double_twelve()
            .with_players(6)
            .with_hand_size(Some(9)),
        Rules::muggins(),
        Rules::muggins().with_players(3),
        Rules::muggins().with_players(4).with_partnerships(true),
    ];
    let mut buf = Vec::new();
    let (mut nodes, mut blocked) = (0usize, 0usize);
    for (i, r) in presets.iter().enumerate() {
        let g = game(*r);
        let mut rng = GameRng::new(0x5EED, i as u64);
        for round in 0..150 {
            let mut s = g.new_initial_state();
            // Fives (section 5): whether the tile at each end (left, right) is a double, and
            // whether the first tile lies alone.
            let (mut doubles, mut lone) = ([false; 2], true);
            loop {
                match g.turn(&s) {
                    Turn::Terminal => break,
                    Turn::Chance => {
                        let c = g.sample_chance(&s, &mut rng).expect("chance");
                        g.apply(&mut s, &c).expect("chance");
                    }
                    Turn::Player(p) => {
                        assert!(
                            !model_over(r, &s),
                            "{r:?} round {round}: over by E1/E12\n{}",
                            g.describe_state(&s)
                        );
                        let mut v = Vec::new();
                        g.legal_actions(&s, &mut v);
                        let mut got: Vec<String> = v.iter().map(ToString::to_string).collect();
                        got.sort();
                        assert_eq!(
                            got,
                            model_legal(r, &s, p, doubles),
                            "{r:?} round {round}\n{}",
                            g.describe_state(&s)
                        );
                        nodes += 1;
                        let act = g.sample_action(&s, &mut rng, &mut buf).expect("a move");
                        let before = s.fives()[p];
                        g.apply(&mut s, &act).expect("legal");
                        let laid = match act {
                            Action::Open(t) => {
                                (doubles, lone) = ([t.is_double(); 2], true);
                                Some(t)
                            }
                            Action::Play(t, e) => {
                                doubles[usize::from(e != lattjo_dominoes::End::Left)] =
                                    t.is_double();
                                lone = false;
                                Some(t)
                            }
                            _ => None,
                        };
                        if let Some(t) = laid
                            && r.scoring == lattjo_dominoes::Scoring::Fives
                        {
                            // After each play the open ends add up; a double at an end counts
                            // both halves; a lone first tile counts its pips.
                            let layout = s.layout();
                            let total = if lone {
                                t.pips()
                            } else {
                                [lattjo_dominoes::End::Left, lattjo_dominoes::End::Right]
                                    .iter()
                                    .zip(doubles)
                                    .map(|(&e, dbl)| {
                                        let v = u32::from(layout.end_value(e).expect("open"));
                                        if dbl { 2 * v } else { v }
                                    })
                                    .sum()
                            };
                            let gain = if total % 5 == 0 { i64::from(total) } else { 0 };
                            assert_eq!(
                                s.fives()[p] - before,
                                gain,
                                "{r:?} round {round}: {act} counts {total}\n{}",
                                g.describe_state(&s)
                            );
                        }
                    }
                }
            }
            assert!(
                model_over(r, &s),
                "{r:?} round {round}: ended early\n{}",
                g.describe_state(&s)
            );
            blocked += usize::from(s.result().is_some_and(|x| x.end == RoundEnd::Blocked));
            let want = model_points(r, &s);
            assert_eq!(
                points(&s),
                want,
                "{r:?} round {round}\n{}",
                g.describe_state(&s)
            );
        }
    }
    eprintln!("{nodes} player nodes, {blocked} blocked rounds");
    assert!(
        nodes > 20_000 && blocked > 300,
        "{nodes} nodes, {blocked} blocked"
    );
}

/// E7 option PreviousWinner (All Fives' rule): the winner of the round before leads the next
/// round with any tile of his hand, double or not; play then goes clockwise from him (E9).
#[test]
fn e7_previous_winner_leads_the_next_round_with_any_tile() {
    let g = game(Rules::lattjo().with_next_round_leader(NextRoundLeader::PreviousWinner));
    let prev = pos(&g, &["5-4 1-0", "2-0"], CLOSED_AT_6, 0);
    assert_eq!(prev.result().and_then(|r| r.winner), Some(seat(1)));
    let config = MatchConfig::new(Some(100), None).expect("config");
    let totals = lattjo_dominoes::BySeat::from_fn(2, |s| if s.index() == 1 { 8 } else { 0 });
    for seed in 0..20 {
        let ctx = RoundContext {
            round: 1,
            totals: &totals,
            previous: Some(&prev),
            config: &config,
        };
        let mut s = g.new_round(&ctx);
        deal(&g, &mut s, &mut GameRng::new(seed, 7));
        assert_eq!(g.turn(&s), Turn::Player(seat(1)));
        let hand = s.hand(seat(1)).expect("seat 1");
        let mut want: Vec<String> = hand.iter().map(|t| Action::Open(t).to_string()).collect();
        want.sort();
        let mut got = legal(&g, &s);
        got.sort();
        assert_eq!(got, want, "any tile leads");
        let first = hand.iter().find(|t| !t.is_double()).expect("a non-double");
        g.apply(&mut s, &Action::Open(first)).expect("lead");
        assert_eq!(g.turn(&s), Turn::Player(seat(0)));
    }
}

/// E1 (b) with a double-nine set (section 5, larger sets): each number is on eleven halves, so
/// a line can be closed with two different numbers showing. Every 2 and every 3 is down:
/// nothing can ever be played again, so the round is blocked though tiles are left to draw.
#[test]
fn e1b_a_double_nine_line_closes_with_two_different_ends() {
    let g = game(Rules::double_nine().with_players(4).with_hand_size(Some(7)));
    let layout = "2-2 2-6 6-1 1-1 1-2 2-7 7-3 3-8 8-7 7-6 6-6 6-5 5-2 2-8 8-4 4-2 2-9 9-7 [7-7] \
                  7-1 1-3 3-5 5-9 9-3 3-2 2-0 0-0 0-8 8-5 5-4 4-1 1-9 9-9 9-6 6-4 4-9 9-8 8-8 \
                  8-6 6-3 3-4 4-4 4-0 0-3 3-3";
    let s = pos(&g, &["6-0 7-5", "5-0 5-5 7-0", "1-0 9-0", "5-1"], layout, 0);
    assert_eq!(s.stock().len(), 2, "7-4 and the tile nobody was dealt");
    let l = s.layout();
    assert_eq!(
        (
            l.end_value(lattjo_dominoes::End::Left),
            l.end_value(lattjo_dominoes::End::Right)
        ),
        (Some(2), Some(3))
    );
    let r = s.result().expect("closed: blocked at once");
    assert_eq!(r.end, RoundEnd::Blocked);
    assert_eq!(r.winner, Some(seat(3)), "6 pips, the lowest");
    assert_eq!(points(&s), [0, 0, 0, 44], "(18 + 22 + 10) - 6");
}

/// D14, D15, E10 played out: booklet matches to 50 with 2-5 players end after the first round
/// in which someone reaches the target; exactly one player has reached it (one scorer a
/// round), and he alone wins the match.
#[test]
fn d14_d15_e10_a_booklet_match_ends_with_one_player_at_or_over_the_target() {
    use boardgame_core::Match;
    let mut rounds = 0;
    for players in 2..=5 {
        let m = Match::new(
            game(Rules::lattjo().with_players(players)),
            MatchConfig::new(Some(50), None).expect("config"),
        );
        for seed in 0..20 {
            let mut s = m.new_initial_state();
            random_playout(&m, &mut s, &mut GameRng::new(seed, 50), &mut Vec::new());
            let totals = s.totals().as_slice().to_vec();
            let over: Vec<usize> = (0..players).filter(|&p| totals[p] >= 50).collect();
            assert_eq!(over.len(), 1, "{players} players, seed {seed}: {totals:?}");
            // Nobody was over before the last round, which scores at most 168 - 2 x 0.
            assert!(totals.iter().all(|&t| t < 50 + 168));
            rounds += s.rounds_played();
            let r = m.returns(&s).expect("over");
            for p in 0..players {
                let want = if p == over[0] { 1.0 } else { -1.0 };
                assert_eq!(r.as_slice()[p], want, "{players} players, seed {seed}");
            }
        }
    }
    assert!(rounds > 80 * 2, "{rounds} rounds");
}

/// E1, E12 and the scores of section 5 with spinners: random rounds of All Fives and Five-Up
/// end exactly when a hand is empty or nothing fits any open end with nothing to draw (or
/// every tile that would fit is down), and the winner scores the others' pips rounded to the
/// nearest 5 on top of the fives made in play.
#[test]
fn e1_e12_s5_spinner_rounds_end_and_score_as_the_rules_file_says() {
    let presets = [
        Rules::all_fives(),
        Rules::all_fives().with_players(3),
        Rules::five_up(),
        Rules::five_up().with_players(4).with_partnerships(true),
    ];
    let mut buf = Vec::new();
    let mut nodes = 0;
    for (i, r) in presets.iter().enumerate() {
        let g = game(*r);
        let mut rng = GameRng::new(0xF1FE, i as u64);
        for round in 0..150 {
            let mut s = g.new_initial_state();
            while g.turn(&s) != Turn::Terminal {
                if let Turn::Player(_) = g.turn(&s) {
                    nodes += 1;
                    assert!(
                        !model_over(r, &s),
                        "{r:?} round {round}\n{}",
                        g.describe_state(&s)
                    );
                    let act = g.sample_action(&s, &mut rng, &mut buf).expect("a move");
                    g.apply(&mut s, &act).expect("legal");
                } else {
                    let c = g.sample_chance(&s, &mut rng).expect("chance");
                    g.apply(&mut s, &c).expect("chance");
                }
            }
            assert!(
                model_over(r, &s),
                "{r:?} round {round}\n{}",
                g.describe_state(&s)
            );
            assert_eq!(
                points(&s),
                model_points(r, &s),
                "{r:?} round {round}\n{}",
                g.describe_state(&s)
            );
        }
    }
    assert!(nodes > 5_000, "{nodes}");
}
