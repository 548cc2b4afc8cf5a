//! An audit of `docs/dominoes.md` against the crate, from outside: every concrete, checkable
//! claim of the page (and of the crate's public API docs) about behaviour, each as a
//! black-box test through the public API. Each test cites the page's section and the rule id
//! (the rules digest: ../shared/rules/dominoes.md). Performance figures and history are not
//! claims here.

use boardgame_core::{IndexedActions, MatchState, Observe, random_playout};
use lattjo_dominoes::{
    Action, BlockedTie, BySeat, Dominoes, DrawRule, End, Game, GameRng, HandTable, ImperfectInfo,
    Layout, Match, MatchConfig, NextRoundLeader, NoDouble, ObservationKind, ParseLayoutError,
    ParseTileError, ParseTilesError, PlaceError, PlayError, RoundContext, RoundEnd, RoundRecord,
    Rounds, Rules, RulesError, ScoreBasis, Scoring, Seat, Setup, SetupError, Side, SpinnerRule,
    State, Step, Tile, Tiles, Turn, svg,
};
use proptest::prelude::*;

use crate::common;
use common::{a, game, layout, legal, pos, refused, seat, t};

/// Deals by chance with `seed` until a player is to move.
fn deal(g: &Dominoes, s: &mut State, seed: u64) {
    let mut rng = GameRng::new(seed, 0);
    while g.turn(s) == Turn::Chance {
        let tile = g.sample_chance(s, &mut rng).expect("a tile");
        g.apply(s, &tile).expect("deal");
    }
}

/// Plays `s` to its end with random actions from `seed`.
fn play_out(g: &Dominoes, s: &mut State, seed: u64) {
    random_playout(g, s, &mut GameRng::new(seed, 0), &mut Vec::new());
}

/// Applies every move of `moves` in turn.
fn play(g: &Dominoes, s: &mut State, moves: &[&str]) {
    for m in moves {
        g.apply(s, &a(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn points(s: &State) -> Vec<i64> {
    s.result().expect("round over").points.as_slice().to_vec()
}

/// Samples a chance outcome or an action of `s` from `rng`, applies it and returns it.
fn random_step<G: Game>(
    g: &G,
    s: &mut G::State,
    rng: &mut GameRng,
    buf: &mut Vec<G::Action>,
) -> G::Action {
    let act = match g.turn(s) {
        Turn::Chance => g.sample_chance(s, rng),
        _ => g.sample_action(s, rng, buf),
    }
    .expect("action");
    g.apply(s, &act).expect("apply");
    act
}

/// Plays `s` to its end with [`random_step`], calling `visit` (with `rng`) on each state before
/// its action is chosen, the terminal state not included; returns the actions applied.
fn walk<G: Game>(
    g: &G,
    s: &mut G::State,
    rng: &mut GameRng,
    mut visit: impl FnMut(&G::State, &mut GameRng),
) -> Vec<G::Action> {
    let mut buf = Vec::new();
    let mut actions = Vec::new();
    while g.turn(s) != Turn::Terminal {
        visit(s, rng);
        actions.push(random_step(g, s, rng, &mut buf));
    }
    actions
}

/// The round after `previous` (round 1 of a match under `config`, every total 0).
fn round_after(g: &Dominoes, previous: &State, config: &MatchConfig) -> State {
    let totals = BySeat::new(g.num_players(), 0i64);
    g.new_round(&RoundContext {
        round: 1,
        totals: &totals,
        previous: Some(previous),
        config,
    })
}

/// A tile's index in the encodings: `high (high + 1) / 2 + low`.
fn tile_index(tile: Tile) -> usize {
    usize::from(tile.high()) * (usize::from(tile.high()) + 1) / 2 + usize::from(tile.low())
}

/// The step's one-hot slot in the encodings and the seat it names.
fn step_slot(step: &Step) -> (usize, Option<Seat>) {
    match *step {
        Step::Dealing => (0, None),
        Step::Opening { seat, .. } => (1, Some(seat)),
        Step::Turn(seat) => (2, Some(seat)),
        Step::Drawing(seat) => (3, Some(seat)),
        Step::Drawn { seat, .. } => (4, Some(seat)),
        _ => (5, None),
    }
}

/// Over seeded rounds (`GameRng::new(seed, stream)` for seeds 0 to 7) of the booklet's
/// 2-player game, observes every state, the last included, for each seat `o` into a buffer of
/// `len` values and calls `check(state, o, observation)`.
fn observe_booklet_rounds(
    g: &Dominoes,
    stream: u64,
    len: usize,
    mut check: impl FnMut(&State, u8, &[f32]),
) {
    let mut out = vec![0.0f32; len];
    for seed in 0..8u64 {
        let mut s = g.new_initial_state();
        let mut observe_all = |s: &State| {
            for o in 0..2u8 {
                g.observe(s, seat(o), &mut out).expect("observe");
                check(s, o, &out);
            }
        };
        walk(g, &mut s, &mut GameRng::new(seed, stream), |s, _| {
            observe_all(s)
        });
        observe_all(&s);
    }
}

/// `PlayError::SamePlay`: `tile` on `end` is the same play as on `same_as`.
fn same_play(tile: &str, end: &str, same_as: &str) -> PlayError {
    PlayError::SamePlay {
        tile: t(tile),
        end: end.parse().expect("end"),
        same_as: same_as.parse().expect("end"),
    }
}

/// `PlaceError::Mismatch`: `tile` does not match the 6 that the left end shows.
fn mismatch_at_left_six(tile: &str) -> PlayError {
    PlayError::Place(PlaceError::Mismatch {
        tile: t(tile),
        end: End::Left,
        shows: 6,
    })
}

/// `PlayError::WrongOpening`: `tile` laid first where the rules name `required`.
fn wrong_opening(tile: &str, required: &str) -> PlayError {
    PlayError::WrongOpening {
        tile: t(tile),
        required: t(required),
    }
}

/// What reading `text` as a layout refuses it with (a text that reads is a failure).
fn layout_error(text: &str) -> ParseLayoutError {
    text.parse::<Layout>().expect_err(text)
}

/// Seat 0 to play on `[6-6]` holding 6-1 and 2-2 (only `6-1 left` fits); seat 1 holds 3-3.
fn six_one_fits(g: &Dominoes) -> State {
    pos(g, &["6-1 2-2", "3-3"], "[6-6]", 0)
}

/// Seat 0 to play on `[6-6]` holding 2-2 and 1-1 (nothing fits); seat 1 holds 6-1 and 3-3.
fn nothing_fits(g: &Dominoes) -> State {
    pos(g, &["2-2 1-1", "6-1 3-3"], "[6-6]", 0)
}

/// Closed at 6 (E1 b): every 6-tile is on the table; both ends show 6.
const CLOSED_AT_6: &str = "6-1 1-3 3-6 [6-6] 6-2 2-5 5-6 6-4 4-0 0-6";

/// A booklet position with an empty stock: seat 0 holds no 5 or 6, seat 1 the rest.
fn empty_stock_position(g: &Dominoes) -> State {
    pos(
        g,
        &[
            "0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2 3-3 4-0 4-1 4-2 4-3 4-4",
            "5-0 5-1 5-2 5-3 5-4 5-5 6-0 6-1 6-2 6-3 6-4",
        ],
        "[6-6] 6-5",
        0,
    )
}

// =============================================================================================
// "Using it"

/// "Using it": the snippet's four games build, the round starts with the deal as chance
/// events, and `Match::new(game, Rules::suggested_match())` is a match to 100 (D14).
#[test]
fn using_it_snippet_games_build_and_the_deal_is_chance() {
    let booklet = Dominoes::new(Rules::lattjo()).expect("booklet");
    Dominoes::new(Rules::lattjo().with_players(4)).expect("four players");
    Dominoes::new(Rules::five_up().with_players(4).with_partnerships(true)).expect("five-up");
    let round = booklet.new_initial_state();
    assert_eq!(booklet.turn(&round), Turn::Chance);
    assert_eq!(round.stock().len(), 28);
    let to_100 = Match::new(booklet, Rules::suggested_match());
    assert_eq!(to_100.config().target(), Some(100));
}

/// "Using it": `Rules::lattjo().with_players(4) // 2 to 8 players` and the options table's
/// "`players` ... 2-8 accepted": every count from 2 to 8 passes the player check, but the
/// booklet's double-six set deals 5 each to 6 or more players only with smaller hands or a
/// larger set (D1, D2, section 5 "Larger sets").
#[test]
fn using_it_two_to_eight_players_with_hands_the_set_can_deal() {
    for players in 2..=5 {
        assert!(Dominoes::new(Rules::lattjo().with_players(players)).is_ok());
    }
    for players in 6..=8 {
        let r = Rules::lattjo().with_players(players);
        assert_eq!(
            Dominoes::new(r),
            Err(RulesError::HandSize {
                hand: 5,
                players,
                tiles: 28
            })
        );
        assert!(Dominoes::new(r.with_hand_size(Some(3))).is_ok());
        assert!(Dominoes::new(r.with_highest(9)).is_ok());
    }
    assert_eq!(
        Dominoes::new(Rules::lattjo().with_players(1)),
        Err(RulesError::Players(1))
    );
    assert_eq!(
        Dominoes::new(Rules::lattjo().with_players(9).with_highest(12)),
        Err(RulesError::Players(9))
    );
}

/// "Using it": `Dominoes::new` refuses players outside 2-8, a set above double-twelve, a hand
/// size of zero or more tiles dealt than the set has, partnerships without four players
/// (`RulesError`).
#[test]
fn using_it_rules_error_for_each_bad_combination() {
    let r = Rules::lattjo();
    assert_eq!(
        Dominoes::new(r.with_players(9)),
        Err(RulesError::Players(9))
    );
    assert_eq!(
        Dominoes::new(r.with_highest(13)),
        Err(RulesError::SetTooLarge(13))
    );
    assert!(matches!(
        Dominoes::new(r.with_hand_size(Some(0))),
        Err(RulesError::HandSize { hand: 0, .. })
    ));
    assert!(matches!(
        Dominoes::new(r.with_hand_size(Some(15))),
        Err(RulesError::HandSize {
            hand: 15,
            players: 2,
            tiles: 28
        })
    ));
    // Exactly the whole set is not more than the set has.
    assert!(Dominoes::new(r.with_hand_size(Some(14))).is_ok());
    for players in [2, 3, 5] {
        assert_eq!(
            Dominoes::new(r.with_players(players).with_partnerships(true)),
            Err(RulesError::Partnerships(players))
        );
    }
}

/// "Using it": `Dominoes::default()` is the booklet for two.
#[test]
fn using_it_default_is_the_booklet_for_two() {
    let g = Dominoes::default();
    assert_eq!(*g.rules(), Rules::lattjo());
    assert_eq!(g.num_players(), 2);
    assert_eq!(Rules::default(), Rules::lattjo());
}

/// "Using it": a game plays only its own states: another game's state is refused
/// (`PlayError::OtherRules`), lists no legal action and has no returns.
#[test]
fn using_it_another_games_state_is_refused_lists_nothing_and_has_no_returns() {
    let booklet = Dominoes::default();
    let block = game(Rules::block());
    let mut live = booklet.new_initial_state();
    deal(&booklet, &mut live, 3);
    let mut over = booklet.new_initial_state();
    play_out(&booklet, &mut over, 3);
    assert!(booklet.returns(&over).is_some());
    for s in [&live, &over] {
        let mut v = vec![Action::Draw];
        block.legal_actions(s, &mut v);
        assert!(v.is_empty());
        assert_eq!(block.returns(s), None);
        let mut copy = s.clone();
        let mut own = Vec::new();
        booklet.legal_actions(s, &mut own);
        for act in own.iter().chain([&Action::Draw, &Action::Pass]) {
            assert_eq!(block.apply(&mut copy, act), Err(PlayError::OtherRules));
            assert_eq!(copy, *s);
        }
    }
}

/// "Using it": a `State` carries the rules it is played under.
#[test]
fn using_it_a_state_carries_its_rules() {
    let g = game(Rules::five_up().with_players(3));
    assert_eq!(*g.new_initial_state().rules(), *g.rules());
}

/// "Using it": `Dominoes::initial_state(seat)` starts a round that `seat` opens with any tile
/// (E7's options' opening).
#[test]
fn using_it_initial_state_seat_opens_with_any_tile() {
    let g = game(Rules::lattjo().with_players(3));
    let mut s = g.initial_state(seat(2)).expect("seat 2 is at the table");
    deal(&g, &mut s, 8);
    assert_eq!(g.turn(&s), Turn::Player(seat(2)));
    let hand = s.hand(seat(2)).expect("hand");
    let mut v = Vec::new();
    g.legal_actions(&s, &mut v);
    let opens: Vec<Action> = hand.iter().map(Action::Open).collect();
    assert_eq!(v, opens, "any of its 7 tiles");
    assert_eq!(g.initial_state(seat(3)), Err(SetupError::Seat(3)));
}

/// "Using it": `Dominoes::setup(Setup)` builds a hand-built position.
#[test]
fn using_it_setup_builds_a_hand_built_position() {
    let g = Dominoes::default();
    let s = pos(&g, &["6-4 2-1", "5-5 3-0"], "[6-6]", 1);
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
    assert_eq!(s.layout().to_string(), "[6-6]");
    assert_eq!(s.hand(seat(0)), Some("6-4 2-1".parse().expect("tiles")));
    assert_eq!(s.stock().len(), 28 - 5);
}

// =============================================================================================
// "The rules as implemented": equipment and deal (D1, D2, D3)

/// "Equipment and deal" (D1): a double-six set, the 28 tiles a-b with 0 <= a <= b <= 6, 168
/// pips.
#[test]
fn d1_the_set_is_28_tiles_a_b_with_168_pips() {
    let set = Dominoes::default().set();
    assert_eq!(set.len(), 28);
    assert_eq!(set.pips(), 168);
    for a in 0..=6u8 {
        for b in a..=6 {
            assert!(set.contains(Tile::new(a, b).expect("tile")));
        }
    }
    assert_eq!(Tiles::full_set(6), Some(set));
}

/// "Equipment and deal" (D2): 7 tiles each with 2 or 3 players, 5 with 4 or 5; the stock
/// is 14, 7, 8 or 3 tiles.
#[test]
fn d2_hands_of_7_or_5_and_stocks_of_14_7_8_3() {
    for (players, hand, stock) in [(2usize, 7usize, 14usize), (3, 7, 7), (4, 5, 8), (5, 5, 3)] {
        let g = game(Rules::lattjo().with_players(players));
        assert_eq!(g.rules().hand_size(), hand);
        let mut s = g.new_initial_state();
        deal(&g, &mut s, players as u64);
        for p in Seat::all(players) {
            let held = s.hand(p).expect("hand").len();
            // The opener has already been asked to lay its double: nothing is laid yet.
            assert_eq!(held, hand, "{players} players");
        }
        assert_eq!(s.stock().len(), stock);
    }
}

/// "Equipment and deal": the deal is a series of chance events, one tile at a time, each
/// drawn uniformly from what is left.
#[test]
fn deal_one_tile_at_a_time_uniform_over_what_is_left() {
    let g = Dominoes::default();
    let mut s = g.new_initial_state();
    let mut outcomes = Vec::new();
    for dealt in 0..14 {
        assert_eq!(g.turn(&s), Turn::Chance);
        assert!(g.chance_outcomes(&s, &mut outcomes));
        assert_eq!(outcomes.len(), 28 - dealt);
        let p = 1.0 / (28 - dealt) as f64;
        for (act, q) in &outcomes {
            assert!(matches!(act, Action::Deal(tile) if s.stock().contains(*tile)));
            assert!((q - p).abs() < 1e-12);
        }
        let first = outcomes[0].0;
        g.apply(&mut s, &first).expect("deal");
        let held: usize = Seat::all(2).map(|p| s.hand(p).expect("hand").len()).sum();
        assert_eq!(held, dealt + 1, "one tile a chance event");
    }
}

/// "Equipment and deal" (D3) and "Hidden information" (E11): a seat's view shows its own hand,
/// never another seat's tiles; a spectator sees no hand.
#[test]
fn d3_hands_are_hidden_from_the_other_seats() {
    let g = Dominoes::default();
    let one = pos(&g, &["6-4 2-1", "5-5 3-0"], "[6-6]", 0);
    let two = pos(&g, &["6-4 2-1", "4-4 1-0"], "[6-6]", 0);
    let v = g.view(&one, Some(seat(0)));
    assert_eq!(v.hand, one.hand(seat(0)));
    assert_eq!(v, g.view(&two, Some(seat(0))), "seat 1's tiles do not show");
    assert_ne!(g.view(&one, Some(seat(1))), g.view(&two, Some(seat(1))));
    assert_eq!(g.view(&one, None).hand, None);
    assert_eq!(g.view(&one, None), g.view(&two, None));
}

// =============================================================================================
// "Opening" (D4, D5, D6, E8, E9)

/// "Opening" (D4): the holder of the highest double lays that double; it is the only legal
/// opening.
#[test]
fn d4_the_highest_double_is_the_only_opening() {
    let g = game(Rules::lattjo().with_players(3));
    let mut s = pos(&g, &["4-4 6-1", "2-2 6-0", "5-5 3-0"], "empty", 0);
    assert_eq!(g.turn(&s), Turn::Player(seat(2)));
    assert_eq!(legal(&g, &s), ["5-5"]);
    refused(&g, &mut s, "3-0", wrong_opening("3-0", "5-5"));
    play(&g, &mut s, &["5-5"]);
    assert_eq!(s.opener(), Some(seat(2)));
}

/// "Opening" (D5): nobody holds a double, so everything is collected and dealt again
/// (`State::redeals` counts it).
#[test]
fn d5_no_double_deals_again() {
    let g = Dominoes::default();
    let s = pos(&g, &["1-0 2-0 3-0", "2-1 3-1 4-1"], "empty", 0);
    assert_eq!(g.turn(&s), Turn::Chance);
    assert_eq!(s.stock().len(), 28);
    assert_eq!(s.redeals(), 1);
    for p in Seat::all(2) {
        assert_eq!(s.hand(p), Some(Tiles::EMPTY));
    }
}

/// "Opening" (D6, E9): laying the first tile is the opener's turn; play goes on clockwise
/// (seat + 1) from him.
#[test]
fn d6_e9_the_opening_is_the_openers_turn_and_play_goes_clockwise() {
    let g = game(Rules::lattjo().with_players(4));
    let mut s = pos(
        &g,
        &["6-1 1-1", "6-2 2-2", "6-6 3-3", "6-3 4-4"],
        "empty",
        0,
    );
    assert_eq!(g.turn(&s), Turn::Player(seat(2)));
    play(&g, &mut s, &["6-6"]);
    assert_eq!(g.turn(&s), Turn::Player(seat(3)));
    play(&g, &mut s, &["6-3 left"]);
    assert_eq!(
        g.turn(&s),
        Turn::Player(seat(0)),
        "after seat 3 comes seat 0"
    );
    play(&g, &mut s, &["6-1 right"]);
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
}

// =============================================================================================
// "A turn" (D7-D10, E2, E3)

/// "A turn" (D7): one tile on an open end, the touching halves equal, a blank against a
/// blank (`PlaceError::Mismatch`).
#[test]
fn d7_touching_halves_equal_and_blank_on_blank() {
    let g = Dominoes::default();
    let mut s = pos(&g, &["5-4 6-1", "3-3"], "[6-6]", 0);
    refused(&g, &mut s, "5-4 left", mismatch_at_left_six("5-4"));
    let mut s = pos(&g, &["3-0 2-1", "3-3"], "[0-0]", 0);
    play(&g, &mut s, &["3-0 left"]);
    assert_eq!(s.layout().to_string(), "3-0 [0-0]");
    assert_eq!(s.layout().end_value(End::Left), Some(3));
}

/// "A turn" (D8): the layout is a line with two ends; a double offers its number like any
/// tile and is no spinner.
#[test]
fn d8_a_line_with_two_ends_and_a_double_is_no_spinner() {
    let g = Dominoes::default();
    let mut s = pos(&g, &["4-1 2-1", "3-3 5-0"], "[6-6] 6-4 4-4", 0);
    assert_eq!(
        s.layout().open_ends().collect::<Vec<_>>(),
        [End::Left, End::Right]
    );
    assert_eq!(s.layout().end_value(End::Right), Some(4));
    assert_eq!(s.layout().spinner(), None);
    assert_eq!(legal(&g, &s), ["4-1 right"]);
    refused(
        &g,
        &mut s,
        "4-1 up",
        PlayError::Place(PlaceError::EndNotOpen(End::Up)),
    );
}

/// "A turn" (D10): a player who can place a tile must (`PlayError::MustPlay`).
#[test]
fn d10_a_player_who_can_place_must() {
    let g = Dominoes::default();
    let mut s = six_one_fits(&g);
    assert_eq!(legal(&g, &s), ["6-1 left"]);
    refused(&g, &mut s, "draw", PlayError::MustPlay);
    refused(&g, &mut s, "pass", PlayError::MustPlay);
}

/// "A turn" (D9, E2): a player who cannot place draws exactly one tile; if it does not fit
/// the turn passes.
#[test]
fn d9_e2_a_stuck_player_draws_exactly_one_and_the_turn_passes() {
    let g = Dominoes::default();
    let mut s = nothing_fits(&g);
    assert_eq!(legal(&g, &s), ["draw"]);
    play(&g, &mut s, &["draw"]);
    assert_eq!(g.turn(&s), Turn::Chance);
    play(&g, &mut s, &["deal 5-5"]);
    assert_eq!(
        g.turn(&s),
        Turn::Player(seat(1)),
        "one tile, then the turn passes"
    );
    assert_eq!(s.hand(seat(0)).map(Tiles::len), Some(3));
    assert_eq!(s.stock().len(), 28 - 1 - 4 - 1);
}

/// "A turn" (E3): a drawn tile that fits must be played at once, on an end of his choice.
#[test]
fn e3_a_drawn_tile_that_fits_is_played_at_once_on_either_end() {
    let g = Dominoes::default();
    let mut s = pos(&g, &["2-2 1-1", "6-1 3-3"], "[6-6] 6-2 2-5", 0);
    play(&g, &mut s, &["draw", "deal 5-6"]);
    assert_eq!(g.turn(&s), Turn::Player(seat(0)));
    assert_eq!(s.drawn(), Some(t("6-5")));
    assert_eq!(legal(&g, &s), ["6-5 left", "6-5 right"]);
    refused(&g, &mut s, "pass", PlayError::MustPlayDrawn(t("6-5")));
    refused(&g, &mut s, "draw", PlayError::MustPlayDrawn(t("6-5")));
    play(&g, &mut s, &["6-5 right"]);
    assert_eq!(s.layout().to_string(), "[6-6] 6-2 2-5 5-6");
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
}

/// "A turn" (E2): with nothing left to draw he passes.
#[test]
fn e2_with_nothing_left_to_draw_he_passes() {
    let g = Dominoes::default();
    let mut s = empty_stock_position(&g);
    assert!(s.stock().is_empty());
    assert_eq!(legal(&g, &s), ["pass"]);
    refused(&g, &mut s, "draw", PlayError::StockEmpty);
    play(&g, &mut s, &["pass"]);
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
}

// =============================================================================================
// "Duplicate placements (E4)"

/// "Duplicate placements (E4)": when both ends show the same number move generation lists
/// only `left`, and the `right` twin is refused with `PlayError::SamePlay`, naming the end.
#[test]
fn e4_equal_ends_list_left_only_and_the_twin_is_same_play() {
    let g = Dominoes::default();
    let mut s = pos(&g, &["6-4 2-1", "3-3"], "[6-6]", 0);
    assert_eq!(legal(&g, &s), ["6-4 left"]);
    refused(&g, &mut s, "6-4 right", same_play("6-4", "right", "left"));
    // Different numbers at the ends: both ends are moves.
    let s = pos(&g, &["6-5 5-4", "3-3"], "[6-6] 6-4", 0);
    assert_eq!(legal(&g, &s), ["5-4 right", "6-5 left"]);
}

/// E4 (rules index: "legal" and "generated" stay the same set): every generated action is
/// accepted and every refused one is absent, over seeded rounds of several presets.
#[test]
fn e4_legal_and_generated_are_the_same_set() {
    for (i, rules) in [Rules::lattjo(), Rules::all_fives(), Rules::five_up()]
        .into_iter()
        .enumerate()
    {
        let g = game(rules);
        for seed in 0..6u64 {
            let mut s = g.new_initial_state();
            walk(
                &g,
                &mut s,
                &mut GameRng::new(seed * 7 + i as u64, 0),
                |s, _| {
                    if let Turn::Player(_) = g.turn(s) {
                        let mut listed = Vec::new();
                        g.legal_actions(s, &mut listed);
                        let tiles: Vec<Tile> = g.set().iter().collect();
                        let ends: Vec<End> = s.layout().open_ends().collect();
                        for &tile in &tiles {
                            for &end in &ends {
                                let act = Action::Play(tile, end);
                                assert_eq!(g.is_legal(s, &act), listed.contains(&act), "{act}");
                            }
                        }
                    }
                },
            );
        }
    }
}

// =============================================================================================
// "End of the round (D11)" (E1, E12)

/// "End of the round" (D11, E12): a player who places his last tile ends the round at once.
#[test]
fn d11_e12_going_out_ends_the_round_at_once() {
    let g = Dominoes::default();
    let mut s = pos(&g, &["6-1", "5-5 4-4"], "[6-6]", 0);
    play(&g, &mut s, &["6-1 left"]);
    assert_eq!(g.turn(&s), Turn::Terminal);
    let r = s.result().expect("over");
    assert_eq!(r.end, RoundEnd::Out(seat(0)));
    assert_eq!(r.winner, Some(seat(0)));
    assert_eq!(r.points.as_slice(), [18, 0], "the winner's own pips are 0");
    refused(&g, &mut s, "pass", PlayError::RoundOver);
}

/// "End of the round" (E1 a): nobody holds a tile that fits and nothing can be drawn.
#[test]
fn e1a_blocked_when_nobody_fits_and_nothing_can_be_drawn() {
    let g = game(Rules::block());
    let mut s = pos(&g, &["6-1 2-2", "3-3 4-4"], "[6-6]", 0);
    play(&g, &mut s, &["6-1 left"]);
    let r = s.result().expect("blocked");
    assert_eq!(r.end, RoundEnd::Blocked);
    assert_eq!(r.pips.as_slice(), [4, 14]);
    assert_eq!(r.winner, Some(seat(0)));
    // Under the booklet the stock is still there to draw from: not blocked.
    let g = Dominoes::default();
    let mut s = pos(&g, &["6-1 2-2", "3-3 4-4"], "[6-6]", 0);
    play(&g, &mut s, &["6-1 left"]);
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
    assert_eq!(legal(&g, &s), ["draw"]);
}

/// "End of the round" (E1 b): the layout is closed (every tile showing an open end's number is
/// down), so the round is blocked though the stock has tiles; both ends show the same number.
#[test]
fn e1b_a_closed_layout_blocks_the_round_with_tiles_in_the_stock() {
    let g = Dominoes::default();
    let s = pos(&g, &["2-0", "5-4 1-0"], CLOSED_AT_6, 0);
    assert!(!s.stock().is_empty());
    assert_eq!(s.result().map(|r| r.end), Some(RoundEnd::Blocked));
    let l = layout(CLOSED_AT_6);
    assert_eq!(l.end_value(End::Left), l.end_value(End::Right));
    assert!(l.is_closed(g.set()));
}

/// "End of the round" (E1 b) with spinners: the open ends need not be equal, and E1 (b) is
/// checked on every open end.
#[test]
fn e1b_with_spinners_every_open_end_is_checked() {
    // Open ends 6 (left), 5 (right), 6 (up) and 5 (the empty down side); every 5 and 6 is down.
    const CLOSED: &str = "6-1 1-0 0-6 6-6 6-5 [5-5]* 5-0 0-2 2-6 6-3 3-5 5-1 1-2 2-5 / up 5-4 4-6";
    let l = layout(CLOSED);
    let shown: Vec<Option<u8>> = l.open_ends().map(|e| l.end_value(e)).collect();
    assert_eq!(shown, [Some(6), Some(5), Some(6), Some(5)]);
    let g = game(Rules::all_fives());
    assert!(l.is_closed(g.set()));
    let s = pos(&g, &["1-1", "2-2"], CLOSED, 0);
    assert!(!s.stock().is_empty());
    let r = s.result().expect("closed: blocked");
    assert_eq!((r.end, r.winner), (RoundEnd::Blocked, Some(seat(0))));
    // Without the down side's 5s all down (5-1 back in a hand) the round goes on.
    const OPEN: &str = "6-1 1-0 0-6 6-6 6-5 [5-5]* 5-0 0-2 2-6 6-3 3-5 / up 5-4 4-6";
    let s = pos(&g, &["1-1", "2-2"], OPEN, 0);
    assert_eq!(g.turn(&s), Turn::Player(seat(0)));
}

// =============================================================================================
// "Score (D12, D13, E5, E6)"

/// "Score" (D12, D13): 10 - 2 = 8 in the booklet's example.
#[test]
fn d13_the_booklets_example_ten_minus_two_is_eight() {
    let g = Dominoes::default();
    let s = pos(&g, &["1-1", "5-5"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.pips.as_slice(), [2, 10]);
    assert_eq!(r.winner, Some(seat(0)));
    assert_eq!(r.points.as_slice(), [8, 0]);
}

/// "Score" (E6): (5 + 7) - 2 = 10 with three players, his own pips counted once.
#[test]
fn e6_three_players_five_plus_seven_minus_two_is_ten() {
    let g = game(Rules::lattjo().with_players(3));
    let s = pos(&g, &["4-3", "2-0", "3-2"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.pips.as_slice(), [7, 2, 5]);
    assert_eq!(r.winner, Some(seat(1)));
    assert_eq!(r.points.as_slice(), [0, 10, 0]);
}

/// "Score" (D12, E5): a tie for the strictly lowest total scores nothing.
#[test]
fn e5_a_tie_for_the_lowest_total_scores_nothing() {
    let g = game(Rules::lattjo().with_players(3));
    let s = pos(&g, &["3-0", "2-1", "5-5"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.winner, None);
    assert_eq!(r.points.as_slice(), [0, 0, 0]);
    assert_eq!(
        g.returns(&s).map(|x| x.as_slice().to_vec()),
        Some(vec![0.0; 3])
    );
}

/// "Score" (E5, `LightestTile`, the block preset): the page's example, pips [8, 12, 9, 8],
/// seat 0 holding 5-3 and seat 3 holding 3-1 and 4-0: seat 3 wins and scores 8 + 12 + 9 = 29.
#[test]
fn e5_lightest_tile_the_pages_example_scores_29() {
    const CLOSED: &str = "6-1 1-2 2-6 [6-6] 6-3 3-4 4-6 6-5 5-0 0-6";
    let g = game(Rules::block().with_players(4));
    let s = pos(&g, &["5-3", "5-5 2-0", "4-4 1-0", "3-1 4-0"], CLOSED, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.pips.as_slice(), [8, 12, 9, 8]);
    assert_eq!(r.winner, Some(seat(3)));
    assert_eq!(r.points.as_slice(), [0, 0, 0, 29]);
}

/// "Score" (E5, `LightestTile`): if the lightest weights tie too (1-2 against 0-3), nobody
/// scores.
#[test]
fn e5_lightest_tiles_tied_one_two_against_zero_three_nobody_scores() {
    let g = game(Rules::block());
    let s = pos(&g, &["2-1", "3-0"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.winner, None);
    assert_eq!(r.points.as_slice(), [0, 0]);
    // A lighter single tile wins: 0-0 and 3-2 (5) against 5-0 (5).
    let s = pos(&g, &["5-0", "3-2 0-0"], CLOSED_AT_6, 0);
    assert_eq!(s.result().and_then(|r| r.winner), Some(seat(1)));
}

/// "Score" (E5, E13): in partnerships the teams compare the lightest tile either partner
/// holds.
#[test]
fn e5_e13_partnership_teams_compare_the_lightest_tile_of_either_partner() {
    let g = game(
        Rules::partnership()
            .with_blocked_tie(BlockedTie::LightestTile)
            .with_score_basis(ScoreBasis::OthersOnly),
    );
    // Team 0: 5-3 and 1-0 (9); team 1: 4-3 and 2-0 (9). Team 0's 1-0 is the lightest.
    let s = pos(&g, &["5-3", "4-3", "1-0", "2-0"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(
        r.winner,
        Some(seat(2)),
        "team 0, its member with fewer pips"
    );
    assert_eq!(r.points.as_slice(), [9, 0, 9, 0]);
}

// =============================================================================================
// "Match (D14, D15, E10)"

/// "Match" (D14, E10): rounds add up to a target; the match ends after the first round in
/// which someone reaches it, and in the booklet's game the winner is unique.
#[test]
fn d14_e10_the_match_ends_after_the_first_round_reaching_the_target() {
    for seed in 0..12u64 {
        let g = Dominoes::default();
        let m = Match::new(g, MatchConfig::new(Some(100), None).expect("config"));
        let mut s = m.new_initial_state();
        let mut rounds = 0;
        let mut before = BySeat::new(2, 0i64);
        // Checked after every action: on each state the match passes through, the last included
        // (the first, before any round is played, checks nothing).
        let mut after_action = |s: &MatchState<State>| {
            if s.rounds_played() != rounds {
                rounds = s.rounds_played();
                let scored = Seat::all(2).filter(|&p| s.totals()[p] != before[p]).count();
                assert!(scored <= 1, "at most one player scores a round");
                if !s.is_over() {
                    assert!(s.totals().as_slice().iter().all(|&p| p < 100));
                }
                before = *s.totals();
            }
        };
        walk(&m, &mut s, &mut GameRng::new(seed, 1), |s, _| {
            after_action(s)
        });
        after_action(&s);
        assert!(s.is_over());
        let reached = s.totals().as_slice().iter().filter(|&&p| p >= 100).count();
        assert_eq!(reached, 1, "seed {seed}: a unique winner");
    }
}

/// "Match" (E10): `Rules::suggested_match()` is first to 100; "Five-Up" (FU6):
/// `Rules::five_up_match()` is 61 fives, 305 points.
#[test]
fn e10_fu6_the_suggested_matches() {
    assert_eq!(Rules::suggested_match().target(), Some(100));
    assert_eq!(Rules::five_up_match().target(), Some(305));
    assert_eq!(Rules::FIVE_UP_TARGET, 61 * 5);
}

/// "Match" (D15): rounds start again from the deal (`Rounds::new_round`).
#[test]
fn d15_each_round_starts_again_from_the_deal() {
    let g = Dominoes::default();
    let mut prev = g.new_initial_state();
    play_out(&g, &mut prev, 2);
    let s = round_after(&g, &prev, &Rules::suggested_match());
    assert_eq!(g.turn(&s), Turn::Chance);
    assert_eq!(s.stock(), g.set());
    assert!(s.layout().is_empty());
}

/// "Fives": match points are checked at the end of each round, not in the middle of one.
#[test]
fn fives_match_points_are_checked_at_the_end_of_a_round_only() {
    let mut seen_mid_round = false;
    for seed in 0..10u64 {
        let m = Match::new(
            game(Rules::muggins()),
            MatchConfig::new(Some(5), None).expect("config"),
        );
        let mut s = m.new_initial_state();
        // Checked after every action: on each state the match passes through, the last included
        // (nobody has scored in the first).
        let mut after_action = |s: &MatchState<State>| {
            if s.round().result().is_none() && s.round().fives().as_slice().iter().any(|&f| f >= 5)
            {
                seen_mid_round = true;
                assert!(
                    !s.is_over(),
                    "a fives score mid-round does not end the match"
                );
                assert_eq!(s.totals().as_slice(), [0, 0]);
            }
        };
        walk(&m, &mut s, &mut GameRng::new(seed, 2), |s, _| {
            after_action(s)
        });
        after_action(&s);
        assert!(s.totals().as_slice().iter().any(|&p| p >= 5));
    }
    assert!(seen_mid_round);
}

// =============================================================================================
// "Hidden information (E11, D3)"

/// "Hidden information" (E11): a seat's view shows its own hand, the layout, every hand's
/// size, the stock's size, the step of the round and what play has shown.
#[test]
fn e11_a_seats_view_holds_what_the_page_lists() {
    let g = game(Rules::lattjo().with_players(3));
    let s = pos(&g, &["6-4 2-1", "5-5 3-0 1-0", "2-2"], "[6-6]", 1);
    let v = g.view(&s, Some(seat(1)));
    assert_eq!(v.viewer, Some(seat(1)));
    assert_eq!(v.hand, s.hand(seat(1)));
    assert_eq!(v.hand_sizes.as_slice(), [2, 3, 1]);
    assert_eq!(v.stock_size, 28 - 1 - 6);
    assert_eq!(v.layout, *s.layout());
    assert_eq!(v.step, Step::Turn(seat(1)));
    assert_eq!(v.shown, *s.shown());
}

/// "Hidden information" (E11): a drawn tile is shown only to its drawer.
#[test]
fn e11_a_drawn_tile_is_shown_only_to_its_drawer() {
    let g = Dominoes::default();
    let mut s = nothing_fits(&g);
    play(&g, &mut s, &["draw", "deal 6-5"]);
    assert_eq!(
        g.view(&s, Some(seat(0))).step,
        Step::Drawn {
            seat: seat(0),
            tile: Some(t("6-5"))
        }
    );
    for viewer in [Some(seat(1)), None] {
        assert_eq!(
            g.view(&s, viewer).step,
            Step::Drawn {
                seat: seat(0),
                tile: None
            }
        );
    }
}

/// "Hidden information" (E11): `determinize` keeps hand and stock sizes, the seat's own hand,
/// the layout, and the numbers a player has shown he lacks (a player who draws because nothing
/// fits holds nothing showing an open end's number, and a kept drawn tile did not fit either).
#[test]
fn e11_determinize_keeps_sizes_and_the_numbers_shown_lacking() {
    let g = Dominoes::default();
    let mut s = pos(&g, &["6-1 6-2 1-1", "2-1 3-2 4-3"], "[6-6]", 1);
    play(&g, &mut s, &["draw", "deal 5-0"]);
    assert_eq!(g.turn(&s), Turn::Player(seat(0)));
    let mut rng = GameRng::new(9, 0);
    for _ in 0..40 {
        let d = g.determinize(&s, seat(0), &mut rng);
        assert_eq!(d.hand(seat(0)), s.hand(seat(0)));
        assert_eq!(d.layout(), s.layout());
        assert_eq!(d.stock().len(), s.stock().len());
        let other = d.hand(seat(1)).expect("hand");
        assert_eq!(other.len(), 4);
        assert!(other.iter().all(|tile| !tile.has(6)), "{other}");
        assert_eq!(g.view(&d, Some(seat(0))), g.view(&s, Some(seat(0))));
        assert_eq!(g.check_state(&d), Ok(()));
    }
}

/// "Hidden information" (E11): `determinize` keeps a tile just drawn that fits (the drawer must
/// hold a fitting tile).
#[test]
fn e11_determinize_keeps_a_drawn_tile_that_fits() {
    let g = Dominoes::default();
    let mut s = pos(&g, &["6-1 6-2 1-1", "2-1 3-2 4-3"], "[6-6]", 1);
    play(&g, &mut s, &["draw", "deal 6-5"]);
    let mut rng = GameRng::new(10, 0);
    for _ in 0..40 {
        let d = g.determinize(&s, seat(0), &mut rng);
        let drawn = d.drawn().expect("still the drawer's placement");
        assert!(drawn.has(6), "{drawn} fits the 6 at both ends");
        assert!(d.hand(seat(1)).is_some_and(|h| h.contains(drawn)));
        assert_eq!(g.turn(&d), Turn::Player(seat(1)));
    }
}

/// "Hidden information" (E11): the opening: nobody was dealt a double above the one that
/// opened (`View::not_dealt`), and a named opening tile stays with its holder.
#[test]
fn e11_determinize_keeps_the_opening() {
    let g = Dominoes::default();
    let s = pos(
        &g,
        &["5-5 1-0 2-0 3-0 4-0 5-0 6-0", "2-1 3-1 4-1 5-1 6-1 3-2 4-2"],
        "empty",
        0,
    );
    assert_eq!(
        g.view(&s, Some(seat(1))).not_dealt,
        "6-6".parse::<Tiles>().expect("tiles")
    );
    let mut rng = GameRng::new(11, 0);
    for _ in 0..40 {
        let from_opener = g.determinize(&s, seat(0), &mut rng);
        assert!(!from_opener.hand(seat(1)).expect("hand").contains(t("6-6")));
        assert!(from_opener.stock().contains(t("6-6")));
        let from_other = g.determinize(&s, seat(1), &mut rng);
        assert!(from_other.hand(seat(0)).expect("hand").contains(t("5-5")));
        assert!(!from_other.hand(seat(0)).expect("hand").contains(t("6-6")));
        assert_eq!(legal(&g, &from_other), ["5-5"]);
    }
}

// =============================================================================================
// "Partnerships (E13)" and the options' partnership paragraph

/// "Options" (E13): partnerships with 4 players, seats 0 and 2 against 1 and 3.
#[test]
fn e13_partners_sit_opposite() {
    let g = game(Rules::partnership());
    assert_eq!(g.num_players(), 4);
    assert_eq!(g.team(seat(0)), g.team(seat(2)));
    assert_eq!(g.team(seat(1)), g.team(seat(3)));
    assert_ne!(g.team(seat(0)), g.team(seat(1)));
}

/// "Options", partnerships: team pip totals decide blocked rounds; the winning team scores
/// the opponents' pips minus its own; both partners carry the team's points and get equal
/// returns.
#[test]
fn e13_team_totals_decide_a_blocked_round_and_partners_share_it() {
    let g = game(Rules::partnership());
    // Seat 0 alone holds the fewest pips (1), but team 1 holds 2 + 6 = 8 against 1 + 10.
    let s = pos(&g, &["1-0", "2-0", "5-5", "3-3"], CLOSED_AT_6, 0);
    let r = s.result().expect("blocked");
    assert_eq!(r.winner, Some(seat(1)));
    assert_eq!(r.points.as_slice(), [0, 3, 0, 3], "11 - 8");
    assert_eq!(
        g.returns(&s).map(|x| x.as_slice().to_vec()),
        Some(vec![-1.0, 1.0, -1.0, 1.0])
    );
}

/// "Options", partnerships: the winning team's score is never below 0 (a partner of the
/// player who went out may hold more than the opponents).
#[test]
fn e13_the_winning_teams_score_is_never_below_zero() {
    let g = game(Rules::partnership());
    let mut s = pos(&g, &["6-1", "1-0", "5-5 4-4", "2-0"], "[6-6]", 0);
    play(&g, &mut s, &["6-1 left"]);
    let r = s.result().expect("out");
    assert_eq!(r.winner, Some(seat(0)));
    assert_eq!(r.points.as_slice(), [0, 0, 0, 0], "3 - 18 is 0, not -15");
    let mut s = pos(&g, &["6-1", "5-5", "1-1", "4-4"], "[6-6]", 0);
    play(&g, &mut s, &["6-1 left"]);
    assert_eq!(points(&s), [16, 0, 16, 0], "18 - 2");
}

// =============================================================================================
// "Fives" (section 5)

/// "Fives": after every play, the opening included, a multiple of 5 scores that sum; a lone
/// first tile counts its pips.
#[test]
fn fives_the_opening_counts_too() {
    let g = game(Rules::muggins());
    let mut s = pos(&g, &["5-5 1-0", "4-4 2-0"], "empty", 1);
    play(&g, &mut s, &["5-5"]);
    assert_eq!(s.fives().as_slice(), [10, 0]);
    let g = game(Rules::all_fives());
    let mut s = pos(&g, &["5-5 1-0", "4-4 2-0"], "empty", 1);
    play(&g, &mut s, &["5-5"]);
    assert_eq!(s.fives().as_slice(), [10, 0]);
}

/// "Fives": a double lying at an end counts both halves; a sum that is no multiple of 5 scores
/// nothing.
#[test]
fn fives_a_double_at_an_end_counts_both_halves() {
    let g = game(Rules::muggins());
    let mut s = pos(&g, &["3-3 1-0", "2-2 2-0"], "[4-3]", 0);
    play(&g, &mut s, &["3-3 right"]);
    assert_eq!(s.fives().as_slice(), [10, 0], "4 + 3 + 3");
    let mut s = pos(&g, &["4-4 1-0", "2-2 2-0"], "[4-3]", 0);
    play(&g, &mut s, &["4-4 left"]);
    assert_eq!(s.fives().as_slice(), [0, 0], "8 + 3 = 11");
}

/// "Fives" (FU3): an empty spinner side counts nothing, and a spinner with both in-line sides
/// covered no longer counts.
#[test]
fn fives_an_empty_spinner_side_counts_nothing() {
    let g = game(Rules::all_fives());
    let mut s = pos(&g, &["6-4 1-0", "2-2 2-0"], "[6-6]* 6-1", 0);
    play(&g, &mut s, &["6-4 left"]);
    assert!(s.layout().is_open(End::Up));
    assert_eq!(s.layout().ends_total(), 5);
    assert_eq!(s.fives().as_slice(), [5, 0], "4 + 1, not 4 + 1 + 6 + 6");
}

/// "Fives": the round winner's score from the hands is rounded to the nearest 5.
#[test]
fn fives_the_winners_score_is_rounded_to_the_nearest_five() {
    let g = game(Rules::muggins());
    for (other, expected) in [
        ("5-5 1-1", 10),
        ("5-5 2-1", 15),
        ("4-4 3-1", 10),
        ("5-4 4-4", 15),
    ] {
        let mut s = pos(&g, &["6-1", other], "[6-6]", 0);
        play(&g, &mut s, &["6-1 left"]);
        assert_eq!(s.fives().as_slice(), [0, 0], "1 + 12 = 13");
        assert_eq!(points(&s), [expected, 0], "{other}");
    }
}

/// "Options" (`spinner`): `FirstDouble`: the first double played opens its two long sides once
/// tiles lie on both of its in-line sides (All Fives).
#[test]
fn spinner_first_double_opens_up_and_down_after_both_in_line_sides() {
    let g = game(Rules::all_fives());
    let mut s = pos(&g, &["5-5 5-0 1-1", "5-3 2-2 3-3"], "empty", 0);
    play(&g, &mut s, &["5-5"]);
    assert_eq!(s.layout().spinner(), Some(t("5-5")));
    assert!(!s.layout().is_open(End::Up));
    play(&g, &mut s, &["5-3 left"]);
    assert!(!s.layout().is_open(End::Up));
    play(&g, &mut s, &["5-0 right"]);
    assert!(s.layout().is_open(End::Up) && s.layout().is_open(End::Down));
    assert_eq!(s.layout().end_value(End::Up), Some(5));
    // Only the first double is a spinner.
    play(&g, &mut s, &["3-3 left"]);
    assert_eq!(
        s.layout().spinners(),
        "5-5".parse::<Tiles>().expect("tiles")
    );
}

// =============================================================================================
// "Presets, side by side" and the options table

/// "Presets, side by side": every row of the table.
#[test]
fn presets_table_rows() {
    use BlockedTie::{LightestTile, NoScore};
    use DrawRule::{DrawOne, DrawUntilPlayable, NoDraw};
    use NextRoundLeader::{HighestDouble, PreviousWinner};
    use ScoreBasis::{OthersMinusOwn, OthersOnly};
    // rules, players, draw, tie, score, leader, scoring, spinner
    #[rustfmt::skip]
    let rows = [
        (Rules::lattjo(), 2, DrawOne, NoScore, OthersMinusOwn, HighestDouble, Scoring::Block, SpinnerRule::None),
        (Rules::block(), 2, NoDraw, LightestTile, OthersOnly, HighestDouble, Scoring::Block, SpinnerRule::None),
        (Rules::draw(), 2, DrawUntilPlayable, NoScore, OthersOnly, HighestDouble, Scoring::Block, SpinnerRule::None),
        (Rules::all_fives(), 2, DrawUntilPlayable, NoScore, OthersOnly, PreviousWinner, Scoring::Fives, SpinnerRule::FirstDouble),
        (Rules::muggins(), 2, DrawUntilPlayable, NoScore, OthersOnly, PreviousWinner, Scoring::Fives, SpinnerRule::None),
        (Rules::five_up(), 2, DrawUntilPlayable, NoScore, OthersOnly, PreviousWinner, Scoring::Fives, SpinnerRule::EveryDouble),
        (Rules::partnership(), 4, DrawOne, NoScore, OthersMinusOwn, HighestDouble, Scoring::Block, SpinnerRule::None),
    ];
    for (r, players, draw, tie, score, leader, scoring, spinner) in rows {
        assert_eq!(r.players, players, "{r:?}");
        assert_eq!(r.draw_rule, draw, "{r:?}");
        assert_eq!(r.blocked_tie, tie, "{r:?}");
        assert_eq!(r.score_basis, score, "{r:?}");
        assert_eq!(r.next_round_leader, leader, "{r:?}");
        assert_eq!(r.scoring, scoring, "{r:?}");
        assert_eq!(r.spinner, spinner, "{r:?}");
        // Every preset: the duty to play, a closed layout ends the round, a redeal (options
        // table, `Rules` field docs).
        assert!(r.must_play_if_able && r.closed_layout_ends_round);
        assert_eq!(r.no_double, NoDouble::Redeal);
        assert_eq!(r.partnerships, players == 4);
        assert!(Dominoes::new(r).is_ok());
    }
    assert_eq!(Rules::five_up().hand_size(), 5, "5 tiles each");
    assert!(Rules::partnership().partnerships);
}

/// "Presets": `Rules::double_nine()` and `Rules::double_twelve()` are the booklet with a larger
/// set (55 and 91 tiles), the hand size set with `with_hand_size`.
#[test]
fn presets_double_nine_and_double_twelve_are_the_booklet_with_a_larger_set() {
    for (rules, highest, tiles) in [
        (Rules::double_nine(), 9u8, 55usize),
        (Rules::double_twelve(), 12, 91),
    ] {
        assert_eq!(rules.with_highest(6), Rules::lattjo());
        assert_eq!(rules.highest, highest);
        let g = game(rules.with_players(4).with_hand_size(Some(9)));
        assert_eq!(g.set().len(), tiles);
        let mut s = g.new_initial_state();
        deal(&g, &mut s, 4);
        assert_eq!(s.hand(seat(0)).map(Tiles::len), Some(9));
        assert_eq!(s.stock().len(), tiles - 36);
    }
}

/// "The digest's other sections" and the options table (`hand_table`): the block game deals 7
/// tiles each to 2 players and 5 to 3 or more (`HandTable::Block`); the booklet's table deals 7
/// for 2-3 players and 5 for 4+.
#[test]
fn hand_tables_block_and_booklet() {
    for (players, block, booklet) in [(2, 7, 7), (3, 5, 7), (4, 5, 5), (5, 5, 5)] {
        assert_eq!(Rules::block().with_players(players).hand_size(), block);
        assert_eq!(Rules::lattjo().with_players(players).hand_size(), booklet);
    }
    assert_eq!(Rules::block().hand_table, HandTable::Block);
    assert_eq!(Rules::lattjo().hand_table, HandTable::Booklet);
    assert_eq!(
        Rules::block()
            .with_players(3)
            .with_hand_size(Some(6))
            .hand_size(),
        6
    );
}

/// Options table (`draw_rule`, E2): `DrawUntilPlayable` draws until a tile fits.
#[test]
fn option_draw_until_playable_draws_until_a_tile_fits() {
    let g = game(Rules::draw());
    let mut s = nothing_fits(&g);
    play(&g, &mut s, &["draw", "deal 5-5"]);
    assert_eq!(g.turn(&s), Turn::Chance, "draws again");
    play(&g, &mut s, &["deal 4-4"]);
    assert_eq!(g.turn(&s), Turn::Chance);
    play(&g, &mut s, &["deal 6-3"]);
    assert_eq!(s.drawn(), Some(t("6-3")));
    assert_eq!(legal(&g, &s), ["6-3 left"]);
}

/// Options table (`draw_rule`, E2): `DrawUntilPlayableLeaveTwo` never draws the last two
/// tiles of the stock.
#[test]
fn option_leave_two_never_draws_the_last_two_tiles() {
    let g = game(Rules::draw().with_draw_rule(DrawRule::DrawUntilPlayableLeaveTwo));
    let hands = [
        "1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2 3-3 4-0 4-1 4-2 4-3",
        "5-0 5-1 5-2 5-3 5-4 5-5 6-0 6-1 6-2 6-3 6-4",
    ];
    let mut s = pos(&g, &hands, "[6-6] 6-5", 0);
    assert_eq!(s.stock().len(), 2);
    assert_eq!(legal(&g, &s), ["pass"]);
    refused(&g, &mut s, "draw", PlayError::StockKept { left: 2 });
    // Three in the stock: one may be drawn.
    let hands = [
        "1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2 3-3 4-0 4-1 4-2",
        "5-0 5-1 5-2 5-3 5-4 5-5 6-0 6-1 6-2 6-3 6-4",
    ];
    let mut s = pos(&g, &hands, "[6-6] 6-5", 0);
    assert_eq!(legal(&g, &s), ["draw"]);
    play(&g, &mut s, &["draw", "deal 0-0"]);
    assert_eq!(s.stock().len(), 2);
    assert_eq!(
        g.turn(&s),
        Turn::Player(seat(1)),
        "the last two stay in the stock"
    );
}

/// Options table (`draw_rule`, E2): `NoDraw` (the block game): a stuck player passes, and
/// drawing is `PlayError::NoDrawing`.
#[test]
fn option_no_draw_passes_and_drawing_is_refused() {
    let g = game(Rules::block());
    let mut s = nothing_fits(&g);
    assert_eq!(legal(&g, &s), ["pass"]);
    refused(&g, &mut s, "draw", PlayError::NoDrawing);
    play(&g, &mut s, &["pass"]);
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
}

/// Options table (`must_play_if_able` false, E3): a player may draw while able to play and may
/// keep a drawn tile (`pass`).
#[test]
fn option_must_play_off_may_draw_while_able_and_keep_a_drawn_tile() {
    let g = game(Rules::lattjo().with_must_play_if_able(false));
    let mut s = six_one_fits(&g);
    assert_eq!(legal(&g, &s), ["6-1 left", "draw"]);
    play(&g, &mut s, &["draw", "deal 6-5"]);
    assert_eq!(legal(&g, &s), ["6-5 left", "pass"]);
    play(&g, &mut s, &["pass"]);
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
    assert!(s.hand(seat(0)).is_some_and(|h| h.contains(t("6-5"))));
}

/// Options table (`must_play_if_able` false, E3, E11): the last draw of a turn ends at the
/// drawer's pass whether its tile fits or not, so the others cannot tell.
#[test]
fn option_must_play_off_a_last_draw_that_does_not_fit_also_ends_at_a_pass() {
    let g = game(Rules::lattjo().with_must_play_if_able(false));
    let start = six_one_fits(&g);
    let mut fits = start.clone();
    play(&g, &mut fits, &["draw", "deal 6-5"]);
    let mut misses = start;
    play(&g, &mut misses, &["draw", "deal 5-5"]);
    assert_eq!(g.turn(&misses), Turn::Player(seat(0)));
    assert_eq!(legal(&g, &misses), ["pass"]);
    assert_eq!(
        g.view(&fits, Some(seat(1))).step,
        g.view(&misses, Some(seat(1))).step
    );
}

/// Options table (`closed_layout_ends_round` false, E1 b): players draw out the stock, then
/// E1 (a) ends it.
#[test]
fn option_closed_layout_off_players_draw_out_the_stock() {
    let g = game(Rules::lattjo().with_closed_layout_ends_round(false));
    let mut s = pos(&g, &["2-0", "5-4 1-0"], CLOSED_AT_6, 0);
    assert_eq!(g.turn(&s), Turn::Player(seat(0)));
    assert_eq!(legal(&g, &s), ["draw"]);
    play_out(&g, &mut s, 1);
    let r = s.result().expect("over");
    assert_eq!(r.end, RoundEnd::Blocked);
    assert!(s.stock().is_empty(), "the stock was drawn out");
    let held: usize = Seat::all(2).map(|p| s.hand(p).expect("hand").len()).sum();
    assert_eq!(held, 28 - 10);
}

/// Options table (`score_basis`, E6): `OthersOnly` scores the others' pips.
#[test]
fn option_score_basis_others_only() {
    let g = game(Rules::lattjo().with_score_basis(ScoreBasis::OthersOnly));
    let s = pos(&g, &["1-1", "5-5"], CLOSED_AT_6, 0);
    assert_eq!(points(&s), [10, 0]);
}

/// Options table (`next_round_leader`, E7): `PreviousWinner` and `NextClockwise` open with any
/// tile; the booklet's highest double opens every round.
#[test]
fn option_next_round_leader_previous_winner_or_next_clockwise() {
    let base = Rules::lattjo().with_players(3);
    let g = game(base);
    // Seat 1 opens with 6-6, seat 2 plays, seat 0 goes out.
    let mut prev = pos(&g, &["6-1", "6-6 4-4", "6-2 3-0"], "empty", 0);
    play(&g, &mut prev, &["6-6", "6-2 left", "6-1 right"]);
    assert_eq!(prev.opener(), Some(seat(1)));
    assert_eq!(prev.result().and_then(|r| r.winner), Some(seat(0)));
    let cfg = Rules::suggested_match();
    for (leader, opener) in [
        (NextRoundLeader::PreviousWinner, 0u8),
        (NextRoundLeader::NextClockwise, 2),
    ] {
        let g = game(base.with_next_round_leader(leader));
        let mut s = round_after(&g, &prev, &cfg);
        deal(&g, &mut s, 12);
        assert_eq!(g.turn(&s), Turn::Player(seat(opener)), "{leader:?}");
        assert_eq!(legal(&g, &s).len(), 7, "any tile");
    }
    let mut s = round_after(&g, &prev, &cfg);
    deal(&g, &mut s, 12);
    assert_eq!(legal(&g, &s).len(), 1, "the booklet: the highest double");
}

/// Options table (`no_double`, E8): `HighestTileLeads`: most pips, then the higher half.
#[test]
fn option_no_double_highest_tile_leads_most_pips_then_higher_half() {
    let g = game(Rules::lattjo().with_no_double(NoDouble::HighestTileLeads));
    // 6-5 and 6-4 are in the stock: 6-3 and 5-4 (9 pips each) are the heaviest dealt.
    let s = pos(
        &g,
        &["5-4 1-0 2-0 3-0 4-0 5-0 6-0", "6-3 2-1 3-1 4-1 5-1 6-1 3-2"],
        "empty",
        0,
    );
    assert_eq!(g.turn(&s), Turn::Player(seat(1)));
    assert_eq!(legal(&g, &s), ["6-3"]);
    assert_eq!(s.redeals(), 0);
}

// =============================================================================================
// "Five-Up" and FU1-FU7

/// FU1: every double laid is a spinner, the first tile too when it is a double; the first one
/// laid is `Layout::spinner()`, `Layout::spinners()` lists them all.
#[test]
fn fu1_every_double_is_a_spinner() {
    let mut l = Layout::EMPTY;
    l.open(t("5-5"), SpinnerRule::EveryDouble).expect("open");
    assert_eq!(l.spinner(), Some(t("5-5")));
    for (tile, end) in [("5-2", End::Left), ("5-1", End::Right), ("2-2", End::Left)] {
        l.place(t(tile), end, SpinnerRule::EveryDouble).expect(tile);
    }
    l.place(t("1-1"), End::Right, SpinnerRule::EveryDouble)
        .expect("1-1");
    assert_eq!(l.spinner(), Some(t("5-5")));
    assert_eq!(l.spinners(), "5-5 2-2 1-1".parse::<Tiles>().expect("tiles"));
    assert_eq!(l.to_string(), "2-2+ 2-5 [5-5]* 5-1 1-1+");
}

/// FU2: a spinner's sides open once tiles lie on both of its in-line sides: for a double laid
/// in an arm, the next tile laid beyond it.
#[test]
fn fu2_a_later_spinners_sides_open_with_the_next_tile_beyond_it() {
    let mut l = layout("[6-4] 4-4*");
    assert!(!l.is_open(End::Up));
    l.place(t("4-1"), End::Right, SpinnerRule::EveryDouble)
        .expect("4-1");
    assert!(l.is_open(End::Up) && l.is_open(End::Down));
    l.place(t("1-1"), End::Right, SpinnerRule::EveryDouble)
        .expect("1-1");
    let side: End = "1-1:up".parse().expect("end");
    assert!(!l.is_open(side));
    l.place(t("1-0"), End::Right, SpinnerRule::EveryDouble)
        .expect("1-0");
    assert_eq!(l.end_value(side), Some(1));
    assert_eq!(l.end_value("1-1:down".parse().expect("end")), Some(1));
}

/// FU3: the page's count: `0-5 [5-5]* 5-1 / up 5-3 3-3+` counts 0 + 1 + 6 = 7, and after `3-2`
/// beyond 3-3, 0 + 1 + 2 = 3.
#[test]
fn fu3_the_pages_count_seven_then_three() {
    let mut l = layout("0-5 [5-5]* 5-1 / up 5-3 3-3+");
    assert_eq!(l.ends_total(), 7);
    l.place(t("3-2"), End::Up, SpinnerRule::EveryDouble)
        .expect("3-2");
    assert_eq!(l.ends_total(), 3);
    assert_eq!(l.to_string(), "0-5 [5-5]* 5-1 / up 5-3 3-3+ 3-2");
}

/// FU4: the first spinner's sides are `up` and `down`, a later one's `2-2:up`, `2-2:down`;
/// naming the first spinner by its double is `PlaceError::FirstSpinnerSide`.
#[test]
fn fu4_side_names_and_the_first_spinner_named_by_its_double_is_refused() {
    let l = layout("0-5 [5-5]* 5-1 / up 5-2 2-2+ 2-4");
    let ends: Vec<String> = l.open_ends().map(|e| e.to_string()).collect();
    assert_eq!(ends, ["left", "right", "2-2:up", "2-2:down", "up", "down"]);
    assert_eq!(
        l.check(t("5-3"), "5-5:up".parse().expect("end")),
        Err(PlaceError::FirstSpinnerSide(t("5-5")))
    );
    assert_eq!(l.check(t("5-3"), End::Down), Ok(3));
    assert_eq!(
        "2-2:down".parse::<End>(),
        Ok(End::Side(t("2-2"), Side::Down))
    );
}

/// FU4: in a layout the first spinner is marked `*`, every later one `+`; the sides follow as
/// ` / <end> <tiles>` parts, each after the part that holds its spinner (breadth first from the
/// line, left to right).
#[test]
fn fu4_layout_text_marks_and_side_parts_in_order() {
    let mut l = Layout::EMPTY;
    let r = SpinnerRule::EveryDouble;
    l.open(t("6-6"), r).expect("open");
    for (tile, end) in [
        ("6-3", End::Right),
        ("6-2", End::Left),
        ("2-2", End::Left),
        ("3-3", End::Right),
        ("2-1", End::Left),
        ("3-0", End::Right),
        ("6-5", End::Up),
        ("6-4", End::Down),
    ] {
        l.place(t(tile), end, r).expect(tile);
    }
    for (tile, end) in [("2-5", "2-2:down"), ("3-4", "3-3:up"), ("0-0", "right")] {
        l.place(t(tile), end.parse().expect("end"), r).expect(tile);
    }
    assert_eq!(
        l.to_string(),
        "1-2 2-2+ 2-6 [6-6]* 6-3 3-3+ 3-0 0-0+ / 2-2:down 2-5 / up 6-5 / down 6-4 / 3-3:up 3-4"
    );
    assert_eq!(l.to_string().parse::<Layout>(), Ok(l));
}

/// The "Five-Up" worked example (FU3, FU4, FU5): 2 players, seat 0 to play on
/// `1-6 [6-4] 4-4* 4-2`; the three plays, their layouts and counts; `5-2 2-2:down` refused as
/// the same play as `5-2 2-2:up`, `4-3 4-4:up` as a misnamed `up`.
#[test]
fn five_up_the_pages_worked_example() {
    let g = game(Rules::five_up());
    let mut s = pos(&g, &["2-2 5-2 4-3 0-0", "3-2 6-6"], "1-6 [6-4] 4-4* 4-2", 0);
    play(&g, &mut s, &["2-2 right"]);
    assert_eq!(s.layout().to_string(), "1-6 [6-4] 4-4* 4-2 2-2+");
    assert_eq!(s.layout().ends_total(), 5);
    assert_eq!(s.fives().as_slice(), [5, 0], "count 1 + 4 = 5: scores 5");
    play(&g, &mut s, &["2-3 right"]);
    assert_eq!(s.layout().to_string(), "1-6 [6-4] 4-4* 4-2 2-2+ 2-3");
    assert!(
        s.layout().is_open("2-2:up".parse().expect("end")),
        "2-2 opens"
    );
    assert_eq!(s.layout().ends_total(), 4);
    assert_eq!(s.fives().as_slice(), [5, 0]);
    refused(
        &g,
        &mut s,
        "5-2 2-2:down",
        same_play("5-2", "2-2:down", "2-2:up"),
    );
    refused(
        &g,
        &mut s,
        "4-3 4-4:up",
        PlayError::Place(PlaceError::FirstSpinnerSide(t("4-4"))),
    );
    play(&g, &mut s, &["5-2 2-2:up"]);
    assert_eq!(
        s.layout().to_string(),
        "1-6 [6-4] 4-4* 4-2 2-2+ 2-3 / 2-2:up 2-5"
    );
    assert_eq!(s.layout().ends_total(), 9);
    assert_eq!(s.fives().as_slice(), [5, 0]);
}

/// FU5: equal ends of different arms stay separate moves; a mirror twin that gives the same
/// play is dropped.
#[test]
fn fu5_equal_ends_of_different_arms_stay_separate_moves() {
    let g = game(Rules::all_fives());
    let s = pos(&g, &["5-4 1-0", "0-0"], "3-5 [5-5]* 5-1 1-2 2-5", 0);
    let moves = legal(&g, &s);
    assert!(moves.contains(&"5-4 right".to_owned()), "{moves:?}");
    assert!(moves.contains(&"5-4 up".to_owned()), "{moves:?}");
    assert!(!moves.contains(&"5-4 down".to_owned()), "{moves:?}");
}

/// FU6: Five-Up deals five tiles each, draws until a tile fits, scores the others' pips
/// rounded to 5, a tied block scores nothing, the previous winner leads later rounds; 2-4
/// players, 4 in partnerships; the first round opens with the highest double (D4).
#[test]
fn fu6_the_five_up_preset() {
    for players in 2..=4 {
        let g = game(Rules::five_up().with_players(players));
        let mut s = g.new_initial_state();
        deal(&g, &mut s, players as u64 + 20);
        for p in Seat::all(players) {
            assert_eq!(s.hand(p).map(Tiles::len), Some(5));
        }
        let moves = legal(&g, &s);
        assert_eq!(moves.len(), 1);
        assert!(a(&moves[0]) == Action::Open(t(&moves[0])) && t(&moves[0]).is_double());
    }
    assert!(Dominoes::new(Rules::five_up().with_players(4).with_partnerships(true)).is_ok());
}

/// FU7: at most 16 open ends with double-six (28 with double-twelve), over seeded Five-Up
/// rounds.
#[test]
fn fu7_open_ends_are_bounded() {
    for (rules, bound) in [
        (Rules::five_up(), 16),
        (
            Rules::five_up()
                .with_highest(12)
                .with_players(4)
                .with_hand_size(Some(12)),
            28,
        ),
    ] {
        let g = game(rules);
        for seed in 0..20u64 {
            let mut s = g.new_initial_state();
            walk(&g, &mut s, &mut GameRng::new(seed, 3), |s, _| {
                assert!(s.layout().open_ends().count() <= bound);
            });
        }
    }
}

// =============================================================================================
// "Notation"

/// "Notation": tiles `6-4`: either order is read, the higher half is written first.
#[test]
fn notation_tiles_either_order_read_higher_half_written_first() {
    assert_eq!(t("4-6"), t("6-4"));
    assert_eq!(t("4-6").to_string(), "6-4");
    assert_eq!(t("0-0").to_string(), "0-0");
    assert_eq!(t("12-11").to_string(), "12-11");
}

/// "Notation": a half above 12 is `ParseTileError::NumberTooLarge`, a number of more than
/// three digits `ParseTileError::Malformed` (the page said every half above 12 was
/// `NumberTooLarge`; the crate's unit test pins `99999-0` as malformed).
#[test]
fn notation_a_half_above_twelve_is_number_too_large() {
    for s in ["13-0", "0-13", "99-1", "255-0", "999-12"] {
        assert!(
            matches!(s.parse::<Tile>(), Err(ParseTileError::NumberTooLarge(_))),
            "{s}"
        );
    }
    for s in ["6:4", "6-", "a-1", "1000-0", "0-99999"] {
        assert!(
            matches!(s.parse::<Tile>(), Err(ParseTileError::Malformed(_))),
            "{s}"
        );
    }
}

/// "Notation": a tile outside the set in play is refused by the game (`PlayError::NotInSet`,
/// `SetupError::NotInSet`) or by a layout text naming its set.
#[test]
fn notation_a_tile_outside_the_set_is_refused_by_the_game() {
    let g = Dominoes::default();
    let mut s = six_one_fits(&g);
    refused(&g, &mut s, "9-6 left", PlayError::NotInSet(t("9-6")));
    let mut dealing = g.new_initial_state();
    refused(&g, &mut dealing, "deal 7-0", PlayError::NotInSet(t("7-0")));
    let setup = Setup {
        hands: vec!["7-7".parse().expect("tiles"), Tiles::EMPTY],
        stock: g.set(),
        layout: Layout::EMPTY,
        to_move: seat(0),
    };
    assert_eq!(g.setup(setup), Err(SetupError::NotInSet(t("7-7"))));
    assert_eq!(
        layout_error("double-6 [7-7]"),
        ParseLayoutError::NotInSet {
            tile: t("7-7"),
            highest: 6
        }
    );
}

/// "Notation": hands and other sets `6-6 5-4 0-0`, `-` when empty; a duplicate tile is
/// `ParseTilesError::Duplicate`.
#[test]
fn notation_sets_of_tiles() {
    let h: Tiles = "6-6 5-4 0-0".parse().expect("tiles");
    assert_eq!(h.len(), 3);
    assert_eq!(h.to_string().parse::<Tiles>(), Ok(h));
    assert_eq!(Tiles::EMPTY.to_string(), "-");
    assert_eq!("-".parse::<Tiles>(), Ok(Tiles::EMPTY));
    assert_eq!(
        "6-6 4-5 5-4".parse::<Tiles>(),
        Err(ParseTilesError::Duplicate(t("5-4")))
    );
}

/// "Notation": moves `6-6`, `6-4 left` (`right`, `up`, `down`, `5-2 2-2:up`), `draw`, `pass`;
/// chance results `deal 6-4`.
#[test]
fn notation_moves_and_chance_results() {
    let cases = [
        ("6-6", Action::Open(t("6-6"))),
        ("6-4 left", Action::Play(t("6-4"), End::Left)),
        ("6-4 right", Action::Play(t("6-4"), End::Right)),
        ("6-4 up", Action::Play(t("6-4"), End::Up)),
        ("6-4 down", Action::Play(t("6-4"), End::Down)),
        (
            "5-2 2-2:up",
            Action::Play(t("5-2"), End::Side(t("2-2"), Side::Up)),
        ),
        ("draw", Action::Draw),
        ("pass", Action::Pass),
        ("deal 6-4", Action::Deal(t("6-4"))),
    ];
    for (text, act) in cases {
        assert_eq!(text.parse::<Action>(), Ok(act), "{text}");
        assert_eq!(act.to_string(), text);
    }
    assert_eq!(a("2-5 2-2:up").to_string(), "5-2 2-2:up");
}

/// "Notation": a layout is the line left to right, the first tile in brackets, `*` and `+`
/// marks, ` / <end> <tiles>` parts, `empty`; the page's examples read and print back.
#[test]
fn notation_the_pages_layouts_read_and_print_back() {
    for text in [
        "3-5 5-6 [6-6] 6-2 2-2",
        "3-5 [5-5]* 5-0 / up 5-2",
        "0-5 [5-5]* 5-1 / up 5-3 3-3+ 3-2 / 3-3:down 3-6",
        "empty",
    ] {
        let l = layout(text);
        assert_eq!(l.to_string(), text);
    }
    assert_eq!(layout("empty"), Layout::EMPTY);
    let l = layout("3-5 5-6 [6-6] 6-2 2-2");
    assert_eq!(l.first(), Some(t("6-6")));
    assert_eq!(l.end_value(End::Left), Some(3));
    assert_eq!(l.end_value(End::Right), Some(2));
}

/// "Notation": halves that do not match are `ParseLayoutError::Mismatch`, a repeated tile
/// `Duplicate`, marks that no spinner rule gives `Spinner`, a side that comes before its
/// spinner `Arm`.
#[test]
fn notation_layout_parse_errors() {
    assert_eq!(
        layout_error("[6-6] 5-1"),
        ParseLayoutError::Mismatch { left: 6, right: 5 }
    );
    assert_eq!(
        layout_error("[6-6] 6-1 1-6"),
        ParseLayoutError::Duplicate(t("6-1"))
    );
    for text in ["[6-5]*", "[6-6] 6-5 5-5*", "[6-6]+", "[6-6]* 6-5 5-5* 5-1"] {
        assert!(
            matches!(layout_error(text), ParseLayoutError::Spinner(_)),
            "{text}"
        );
    }
    for text in [
        "0-5 [5-5]* 5-1 / 3-3:down 3-6 / up 5-3 3-3+ 3-2",
        "3-5 [5-5]* 5-0 / up 5-2 / up 5-3",
    ] {
        assert!(
            matches!(layout_error(text), ParseLayoutError::Arm(_)),
            "{text}"
        );
    }
}

/// "Notation": a side of a spinner whose sides are not open yet is `ParseLayoutError::Spinner`,
/// a side of a double that is no spinner `ParseLayoutError::Arm` (the page and the type's doc
/// said `Arm` for both; the crate's unit test pins the first as `Spinner`).
#[test]
fn notation_a_side_not_open_yet_is_spinner_and_a_side_of_no_spinner_arm() {
    // The spinner's left side is still free: its sides are not open.
    let e = layout_error("[6-6]* 6-1 / up 6-2");
    assert!(matches!(e, ParseLayoutError::Spinner(_)), "{e:?}");
    // 4-4 is no spinner: it has no sides.
    let e = layout_error("[6-6] 6-4 4-4 4-1 / 4-4:up 4-2");
    assert!(matches!(e, ParseLayoutError::Arm(_)), "{e:?}");
}

/// "Notation", a layout in its set: `FromStr` reads tiles up to double-twelve; `double-N` first
/// refuses a tile outside that set (`NotInSet`) and a second set word (`SetNotFirst`);
/// `Layout::in_set(9)` writes that form; `Layout::parse_in_set` refuses a text naming another
/// set (`OtherSet`).
#[test]
fn notation_a_layout_in_its_set() {
    let l = layout("[12-12] 12-11");
    assert_eq!(l.highest_number(), Some(12));
    assert!(matches!(
        layout_error("[13-13]"),
        ParseLayoutError::Tile(ParseTileError::NumberTooLarge(_))
    ));
    let nine = layout("double-9 [9-9] 9-4");
    assert_eq!(nine, layout("[9-9] 9-4"));
    assert_eq!(nine.to_string(), "[9-9] 9-4", "Display writes no set");
    assert_eq!(nine.in_set(9).to_string(), "double-9 [9-9] 9-4");
    assert!(matches!(
        layout_error("double-6 [9-9] 9-4"),
        ParseLayoutError::NotInSet { .. }
    ));
    let deep = format!("{}[6-6]", "double-6 ".repeat(50_000));
    for text in [
        "double-9 double-9 [9-9]",
        "[9-9] double-9",
        "double-9 [9-9] 9-4 double-6",
        deep.as_str(),
    ] {
        assert!(
            matches!(layout_error(text), ParseLayoutError::SetNotFirst(_)),
            "{}",
            &text[..text.len().min(40)]
        );
    }
    assert_eq!(Layout::parse_in_set("double-9 [9-9] 9-4", 9), Ok(nine));
    assert_eq!(
        Layout::parse_in_set("double-9 [6-6]", 6),
        Err(ParseLayoutError::OtherSet {
            named: 9,
            highest: 6
        })
    );
}

/// "Notation": the game checks the set where a layout enters it; a `Setup` whose layout has
/// spinners the rules do not make is `SetupError::Spinners`.
#[test]
fn notation_a_setup_with_spinners_the_rules_do_not_make() {
    let booklet = Dominoes::default();
    let l = layout("[5-5]* 5-1");
    let hands: Vec<Tiles> = vec!["6-6".parse().expect("t"), "4-4".parse().expect("t")];
    let stock = booklet
        .set()
        .difference(l.tiles())
        .difference(hands[0])
        .difference(hands[1]);
    let setup = Setup {
        hands: hands.clone(),
        stock,
        layout: l,
        to_move: seat(0),
    };
    assert_eq!(
        booklet.setup(setup),
        Err(SetupError::Spinners(SpinnerRule::None))
    );
    let five_up = game(Rules::five_up());
    let l = layout("[6-6]* 6-5 5-5");
    let stock = five_up
        .set()
        .difference(l.tiles())
        .difference("4-4 1-0".parse().expect("t"))
        .difference("2-2 3-0".parse().expect("t"));
    let setup = Setup {
        hands: vec!["4-4 1-0".parse().expect("t"), "2-2 3-0".parse().expect("t")],
        stock,
        layout: l,
        to_move: seat(0),
    };
    assert_eq!(
        five_up.setup(setup),
        Err(SetupError::Spinners(SpinnerRule::EveryDouble))
    );
}

/// "Notation": a round is one action per line (`RoundRecord`), replayed with
/// `Dominoes::replay_round`; `#` lines are comments.
#[test]
fn notation_a_round_record_replays_with_comments() {
    let g = Dominoes::default();
    let mut s = g.new_initial_state();
    let record = RoundRecord {
        actions: walk(&g, &mut s, &mut GameRng::new(4, 0), |_, _| {}),
    };
    let text = record.to_string();
    assert_eq!(text.lines().count(), record.actions.len());
    let commented = format!(
        "# a round\n\n{}# the end\n",
        text.replace('\n', "\n# note\n")
    );
    let back: RoundRecord = commented.parse().expect("record");
    assert_eq!(back, record);
    assert_eq!(g.replay_round(&g.new_initial_state(), &back), Ok(s));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// "Notation": all of these round-trip through `Display`/`FromStr`, and no string makes a
    /// parser panic.
    #[test]
    fn notation_no_string_makes_a_parser_panic(text in "\\PC{0,40}") {
        let _ = text.parse::<Tile>();
        let _ = text.parse::<Tiles>();
        let _ = text.parse::<End>();
        let _ = text.parse::<Action>();
        let _ = text.parse::<RoundRecord>();
        let _ = Layout::parse_in_set(&text, 6);
        if let Ok(l) = text.parse::<Layout>() {
            prop_assert_eq!(l.to_string().parse::<Layout>(), Ok(l));
        }
        if let Ok(act) = text.parse::<Action>() {
            prop_assert_eq!(act.to_string().parse::<Action>(), Ok(act));
        }
    }

    /// "Notation": the layouts of seeded Five-Up and booklet rounds, the round's actions and
    /// the hands, printed, read back to themselves.
    #[test]
    fn notation_played_positions_round_trip(seed in 0u64..10_000, five_up in any::<bool>()) {
        let g = game(if five_up { Rules::five_up() } else { Rules::lattjo() });
        let mut s = g.new_initial_state();
        let mut rng = GameRng::new(seed, 5);
        let mut buf = Vec::new();
        while g.turn(&s) != Turn::Terminal {
            let act = random_step(&g, &mut s, &mut rng, &mut buf);
            prop_assert_eq!(act.to_string().parse::<Action>(), Ok(act));
            prop_assert_eq!(s.layout().to_string().parse::<Layout>(), Ok(*s.layout()));
            for p in Seat::all(2) {
                let h = s.hand(p).expect("hand");
                prop_assert_eq!(h.to_string().parse::<Tiles>(), Ok(h));
            }
        }
    }
}

/// "Layouts built by hand": a double laid under a rule the spinners already down do not follow
/// is `PlaceError::OtherSpinnerRule` and the layout is unchanged: the first spinner laid after
/// another double, a double laid as no spinner once a later spinner is down, a later spinner
/// beside a double that is none; `[6-6] 6-5` then `5-5` as the first spinner.
#[test]
fn layouts_built_by_hand_keep_one_spinner_rule() {
    let cases = [
        ("[6-6] 6-5", "5-5", SpinnerRule::FirstDouble),
        ("[6-6] 6-5", "5-5", SpinnerRule::EveryDouble),
        ("[6-6]* 6-3 3-3+ 3-1", "1-1", SpinnerRule::None),
        ("[6-6]* 6-3 3-3+ 3-1", "1-1", SpinnerRule::FirstDouble),
        ("[6-6]* 6-3 3-3 3-1", "1-1", SpinnerRule::EveryDouble),
    ];
    for (text, tile, rule) in cases {
        let mut l = layout(text);
        let before = l;
        assert_eq!(
            l.place(t(tile), End::Right, rule),
            Err(PlaceError::OtherSpinnerRule {
                tile: t(tile),
                rule
            }),
            "{text} + {tile} under {rule:?}"
        );
        assert_eq!(l, before);
    }
    // Laid under one rule each, the layouts print texts the parser reads back.
    let mut l = layout("[6-6] 6-5");
    l.place(t("5-5"), End::Right, SpinnerRule::None)
        .expect("5-5");
    assert_eq!(l.to_string().parse::<Layout>(), Ok(l));
}

/// "States on the way in" (D2): a `Setup` with nothing on the table and an empty hand is
/// `SetupError::EmptyHandAtOpening`.
#[test]
fn states_on_the_way_in_an_empty_hand_at_the_opening_is_refused() {
    let g = Dominoes::default();
    let setup = Setup {
        hands: vec!["6-6".parse().expect("t"), Tiles::EMPTY],
        stock: g.set().difference("6-6".parse().expect("t")),
        layout: Layout::EMPTY,
        to_move: seat(0),
    };
    assert_eq!(g.setup(setup), Err(SetupError::EmptyHandAtOpening(seat(1))));
}

/// "States on the way in": `check_state` holds at every step of played rounds.
#[test]
fn states_on_the_way_in_played_states_pass_check_state() {
    for rules in [
        Rules::lattjo(),
        Rules::five_up().with_players(3),
        Rules::partnership(),
    ] {
        let g = game(rules);
        let mut s = g.new_initial_state();
        walk(&g, &mut s, &mut GameRng::new(6, 0), |s, _| {
            assert_eq!(g.check_state(s), Ok(()));
        });
        assert_eq!(g.check_state(&s), Ok(()));
    }
}

// =============================================================================================
// "Errors"

/// "Errors": every refused action is a `PlayError` and leaves the state unchanged, each
/// variant in the situation the page names.
#[test]
fn errors_each_refusal_in_its_situation_leaves_the_state_unchanged() {
    let g = Dominoes::default();
    let mut turn = six_one_fits(&g);
    refused(
        &g,
        &mut turn,
        "6-5 left",
        PlayError::NotHeld {
            tile: t("6-5"),
            seat: seat(0),
        },
    );
    refused(&g, &mut turn, "2-2 left", mismatch_at_left_six("2-2"));
    refused(&g, &mut turn, "draw", PlayError::MustPlay);
    refused(
        &g,
        &mut turn,
        "6-1 right",
        same_play("6-1", "right", "left"),
    );
    refused(&g, &mut turn, "6-1", PlayError::AlreadyOpen);
    refused(&g, &mut turn, "8-1 left", PlayError::NotInSet(t("8-1")));
    refused(&g, &mut turn, "deal 5-5", PlayError::NotChance);

    let mut stuck = nothing_fits(&g);
    refused(&g, &mut stuck, "pass", PlayError::MustDraw);
    play(&g, &mut stuck, &["draw"]);
    refused(&g, &mut stuck, "pass", PlayError::ChanceToAct);
    refused(&g, &mut stuck, "deal 6-1", PlayError::NotInStock(t("6-1")));
    play(&g, &mut stuck, &["deal 6-5"]);
    refused(&g, &mut stuck, "pass", PlayError::MustPlayDrawn(t("6-5")));

    let mut empty = empty_stock_position(&g);
    refused(&g, &mut empty, "draw", PlayError::StockEmpty);

    let block = game(Rules::block());
    let mut no_draw = nothing_fits(&block);
    refused(&block, &mut no_draw, "draw", PlayError::NoDrawing);

    let mut opening = pos(&g, &["6-6 2-1", "5-5 3-0"], "empty", 0);
    refused(&g, &mut opening, "6-6 left", PlayError::MustOpen);
    refused(&g, &mut opening, "2-1", wrong_opening("2-1", "6-6"));

    let mut over = pos(&g, &["1-1", "5-5"], CLOSED_AT_6, 0);
    refused(&g, &mut over, "pass", PlayError::RoundOver);

    let mut other = block.new_initial_state();
    refused(&g, &mut other, "deal 6-6", PlayError::OtherRules);
}

// =============================================================================================
// "Learning encodings"

/// "Learning encodings": 94 values (compact, the default) and 322 (detailed) for the booklet's
/// 2-player game; 534 actions; only the encoding changes, never the rules.
#[test]
fn learning_sizes_of_the_booklets_encodings_and_actions() {
    let g = Dominoes::default();
    assert_eq!(g.observation(), ObservationKind::Compact);
    assert_eq!(g.observation_shape().size(), 94);
    let d = g.with_observation(ObservationKind::Detailed);
    assert_eq!(d.observation_shape().size(), 322);
    assert_eq!(d.rules(), g.rules());
    assert_eq!(g.num_distinct_actions(), 534);
    assert_eq!(g.num_chance_outcomes(), 28);
}

/// "Learning encodings": the actions are `Open(t)` for each of the T tiles, `Play(t, end)`
/// for each tile at each of the E slots, then `Draw` at `T (1 + E)` and `Pass`: T (1 + E) + 2
/// in all. (The observation sizes by the tables are
/// `learning::both_encodings_have_their_documented_lengths`.)
#[test]
fn learning_action_count_follows_the_table() {
    for rules in [
        Rules::lattjo().with_players(5),
        Rules::all_fives().with_players(3),
        Rules::five_up().with_players(4),
        Rules::double_nine().with_players(4).with_hand_size(Some(7)),
        Rules::five_up()
            .with_highest(12)
            .with_players(6)
            .with_hand_size(Some(12)),
    ] {
        let n = usize::from(rules.highest) + 1;
        let (tiles, e) = (n * (n + 1) / 2, 4 + 2 * n);
        assert_eq!(
            game(rules).num_distinct_actions(),
            tiles * (1 + e) + 2,
            "{rules:?}"
        );
    }
}

/// "Learning encodings": `Open(t)` is t's tile index, `Play(t, end)` is
/// `T + index(t) * E + slot(end)` with `left` 0, `right` 1, `up` 2, `down` 3 and `d-d`'s sides
/// `4 + 2d` and `5 + 2d`; `Draw` is `T (1 + E)` and `Pass` the next; `Deal(t)` is t's index.
#[test]
fn learning_action_indices() {
    let g = game(Rules::five_up());
    let s = g.new_initial_state();
    let (tiles, e) = (28, 18);
    for tile in g.set().iter() {
        assert_eq!(
            g.action_index(&s, &Action::Open(tile)),
            Some(tile_index(tile))
        );
        assert_eq!(
            g.chance_index(&s, &Action::Deal(tile)),
            Some(tile_index(tile))
        );
        for (end, slot) in [
            (End::Left, 0),
            (End::Right, 1),
            (End::Up, 2),
            (End::Down, 3),
        ] {
            let i = tiles + tile_index(tile) * e + slot;
            assert_eq!(g.action_index(&s, &Action::Play(tile, end)), Some(i));
            assert_eq!(g.index_action(&s, i), Some(Action::Play(tile, end)));
        }
        for d in 0..=6u8 {
            for (side, slot) in [(Side::Up, 4 + 2 * d), (Side::Down, 5 + 2 * d)] {
                let end = End::Side(Tile::new(d, d).expect("double"), side);
                let i = tiles + tile_index(tile) * e + usize::from(slot);
                assert_eq!(g.action_index(&s, &Action::Play(tile, end)), Some(i));
            }
        }
    }
    assert_eq!(g.action_index(&s, &Action::Draw), Some(tiles * (1 + e)));
    assert_eq!(g.action_index(&s, &Action::Pass), Some(tiles * (1 + e) + 1));
}

/// "Learning encodings": the mask marks exactly the actions `legal_actions` lists (a twin
/// placement, E4 and FU5, once).
#[test]
fn learning_the_mask_marks_exactly_the_listed_actions() {
    for rules in [
        Rules::lattjo(),
        Rules::five_up(),
        Rules::all_fives().with_players(3),
    ] {
        let g = game(rules);
        let mut s = g.new_initial_state();
        let mut mask = vec![false; g.num_distinct_actions()];
        walk(&g, &mut s, &mut GameRng::new(13, 0), |s, _| {
            g.legal_mask(s, &mut mask).expect("mask");
            let mut listed = Vec::new();
            if let Turn::Player(_) = g.turn(s) {
                g.legal_actions(s, &mut listed);
            }
            let marked: Vec<Action> = (0..mask.len())
                .filter(|&i| mask[i])
                .map(|i| g.index_action(s, i).expect("action"))
                .collect();
            assert_eq!(marked.len(), listed.len());
            for act in &listed {
                assert!(marked.contains(act), "{act}");
            }
        });
    }
}

/// "Learning encodings": a seat out of range observes as a spectator from seat 0 (no hand).
#[test]
fn learning_a_seat_out_of_range_observes_as_a_spectator() {
    for kind in [ObservationKind::Compact, ObservationKind::Detailed] {
        let g = Dominoes::default().with_observation(kind);
        let s = pos(&g, &["6-4 2-1 5-5", "3-3 1-0"], "[6-6]", 0);
        let len = g.observation_shape().size();
        let (mut own, mut outside) = (vec![0.0; len], vec![1.0; len]);
        g.observe(&s, seat(0), &mut own).expect("observe");
        g.observe(&s, seat(5), &mut outside).expect("observe");
        assert!(own[..28].contains(&1.0), "seat 0's hand");
        assert!(outside[..28].iter().all(|&v| v == 0.0), "{kind:?}: no hand");
    }
}

// =============================================================================================
// "Pictures"

/// "Pictures": `svg::render` draws tiles and pips as shapes (10 to 12 pips too: no font is
/// needed), with an optional hand below; everything is deterministic.
#[test]
fn pictures_render_draws_shapes_without_a_font_and_is_deterministic() {
    let l = layout("0-5 [5-5]* 5-1 / up 5-3 3-3+ 3-2 / 3-3:down 3-6");
    let hand: Tiles = "4-1 0-0".parse().expect("tiles");
    let picture = svg::render(&l, &svg::Options::default().with_hand(hand));
    assert!(picture.contains("<svg"));
    assert!(!picture.contains("<text"));
    assert_eq!(
        picture,
        svg::render(&l, &svg::Options::default().with_hand(hand))
    );
    assert_ne!(picture, svg::render(&l, &svg::Options::default()));
    let big = svg::render(&layout("[12-12] 12-11 11-10"), &svg::Options::default());
    assert!(!big.contains("<text") && !big.contains("font"));
}

// =============================================================================================
// serde ("Using it", "Records of shown tiles on the way in", "States on the way in")

/// "Using it": with the `serde` feature a `State` serializes with its rules and deserializes
/// through `Dominoes::check_state`; a game serializes as its rules.
#[cfg(feature = "serde")]
#[test]
fn serde_a_state_round_trips_with_its_rules() {
    let g = game(Rules::five_up().with_players(3));
    let mut s = g.new_initial_state();
    deal(&g, &mut s, 2);
    let json = serde_json::to_string(&s).expect("serialize");
    let back: State = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, s);
    let game_json = serde_json::to_string(&g).expect("serialize");
    assert_eq!(game_json, serde_json::to_string(g.rules()).expect("rules"));
    let bad = serde_json::to_string(&Rules::lattjo().with_players(9)).expect("serialize");
    assert!(serde_json::from_str::<Rules>(&bad).is_err());
    assert!(serde_json::from_str::<Dominoes>(&bad).is_err());
}

/// "States on the way in": a counter the old deserializer accepted (`dealt = 255` during the
/// deal, fives of `i64::MAX`) is refused.
#[cfg(feature = "serde")]
#[test]
fn serde_states_with_hostile_counters_are_refused() {
    let g = game(Rules::muggins());
    let s = g.new_initial_state();
    let mut v = serde_json::to_value(&s).expect("value");
    v["dealt"] = serde_json::json!(255);
    assert!(serde_json::from_value::<State>(v).is_err());
    let mut s = g.new_initial_state();
    deal(&g, &mut s, 1);
    let mut v = serde_json::to_value(&s).expect("value");
    v["fives"] = serde_json::json!([i64::MAX, 0]);
    assert!(serde_json::from_value::<State>(v).is_err());
}

/// "Records of shown tiles on the way in": a `Shown` of more groups than it holds is refused;
/// an `End` deserializes only as a double's side.
#[cfg(feature = "serde")]
#[test]
fn serde_shown_and_end_only_in_their_canonical_forms() {
    let json = r#"{"n":200,"count":[0,0,0,0,0,0],"lacks":[0,0,0,0,0,0],"dealt":[false,false,false,false,false,false]}"#;
    assert!(serde_json::from_str::<lattjo_dominoes::Shown>(json).is_err());
    assert!(serde_json::from_str::<End>(r#"{"Side":["2-1","Up"]}"#).is_err());
    assert_eq!(
        serde_json::from_str::<End>(r#"{"Side":["2-2","Up"]}"#).expect("end"),
        End::Side(t("2-2"), Side::Up)
    );
}

// =============================================================================================
// Further claims of the page and of the public API docs

/// "Errors" (every refused action is a `PlayError` and leaves the state unchanged) and
/// `Dominoes::check` ("the `PlayError` that `Game::apply` would return"): at every node of
/// seeded rounds of many presets, for every tile on every end and every other kind of action,
/// `check` and `apply` agree, a refused action changes nothing, and the accepted player
/// actions are exactly the listed ones (E4: "legal" and "generated" are the same set).
#[test]
fn errors_check_and_apply_agree_and_refusals_change_nothing() {
    let presets = [
        Rules::lattjo(),
        Rules::lattjo()
            .with_players(3)
            .with_must_play_if_able(false),
        Rules::block().with_players(3),
        Rules::draw().with_draw_rule(DrawRule::DrawUntilPlayableLeaveTwo),
        Rules::all_fives(),
        Rules::muggins().with_must_play_if_able(false),
        Rules::five_up().with_players(3),
        Rules::partnership().with_closed_layout_ends_round(false),
        Rules::lattjo().with_no_double(NoDouble::HighestTileLeads),
    ];
    let mut n = 0;
    for (i, rules) in presets.into_iter().enumerate() {
        let g = game(rules);
        for seed in 0..3u64 {
            let mut s = if seed == 2 {
                g.initial_state(seat(1)).expect("seat")
            } else {
                g.new_initial_state()
            };
            // Every state of the round, the last included.
            let mut check = |s: &State| {
                let mut listed = Vec::new();
                g.legal_actions(s, &mut listed);
                let mut candidates = vec![Action::Draw, Action::Pass];
                let mut ends: Vec<End> = End::ALL.to_vec();
                ends.extend(s.layout().open_ends());
                ends.push(End::Side(t("3-3"), Side::Up));
                for tile in g.set().iter().chain([t("9-9")]) {
                    candidates.push(Action::Open(tile));
                    candidates.push(Action::Deal(tile));
                    for &end in &ends {
                        candidates.push(Action::Play(tile, end));
                    }
                }
                for act in &candidates {
                    let mut copy = s.clone();
                    let applied = g.apply(&mut copy, act);
                    assert_eq!(g.check(s, act), applied, "{act} in {}", g.describe_state(s));
                    if applied.is_err() {
                        assert_eq!(copy, *s, "{act}");
                    }
                    if let Turn::Player(_) = g.turn(s) {
                        assert_eq!(applied.is_ok(), listed.contains(act), "{act}");
                    }
                    n += 1;
                }
            };
            walk(
                &g,
                &mut s,
                &mut GameRng::new(seed + 100 * i as u64, 4),
                |s, _| {
                    check(s);
                },
            );
            check(&s);
        }
    }
    assert!(n > 100_000);
}

/// `PlayError::PlayDrawnOrPass` (the `must_play_if_able` option, E3): after a draw the turn is
/// to play the drawn tile, if it fits, or to pass: nothing else.
#[test]
fn option_must_play_off_after_a_draw_only_the_drawn_tile_or_a_pass() {
    let g = game(Rules::lattjo().with_must_play_if_able(false));
    let mut s = six_one_fits(&g);
    play(&g, &mut s, &["draw", "deal 6-5"]);
    refused(&g, &mut s, "6-1 left", PlayError::PlayDrawnOrPass(t("6-5")));
    refused(&g, &mut s, "draw", PlayError::PlayDrawnOrPass(t("6-5")));
}

/// `NextRoundLeader::PreviousWinner`: the highest double opens when the previous round had no
/// winner (E7).
#[test]
fn option_previous_winner_without_a_winner_the_highest_double_opens() {
    let g = game(Rules::all_fives());
    let prev = pos(
        &g,
        &["3-0", "2-1"],
        CLOSED_AT_6.replace("[6-6]", "[6-6]*").as_str(),
        0,
    );
    assert_eq!(prev.result().map(|r| r.winner), Some(None));
    let mut s = round_after(&g, &prev, &Rules::five_up_match());
    deal(&g, &mut s, 5);
    let moves = legal(&g, &s);
    assert_eq!(moves.len(), 1);
    assert!(t(&moves[0]).is_double());
}

/// `RoundResult::winner`: in partnerships, the winning team's member with fewer pips, the lower
/// seat if both hold as many.
#[test]
fn e13_the_winner_of_a_blocked_partnership_round_is_the_lighter_partner_or_the_lower_seat() {
    let g = game(Rules::partnership());
    let s = pos(&g, &["2-0", "5-5", "1-1", "4-4"], CLOSED_AT_6, 0);
    assert_eq!(s.result().and_then(|r| r.winner), Some(seat(0)));
    let s = pos(&g, &["5-5", "2-0", "4-4", "1-1"], CLOSED_AT_6, 0);
    assert_eq!(s.result().and_then(|r| r.winner), Some(seat(1)));
    let s = pos(&g, &["5-5", "3-0", "4-4", "2-1"], CLOSED_AT_6, 0);
    assert_eq!(
        s.result().and_then(|r| r.winner),
        Some(seat(1)),
        "3 and 3: the lower seat"
    );
}

/// FU3 ("a lone first tile counts its pips"): a first tile that is no double, laid by a seat
/// that opens with any tile, scores its pips when they are a multiple of 5.
#[test]
fn fives_a_lone_first_tile_counts_its_pips() {
    let g = game(Rules::muggins());
    let mut s = g.initial_state(seat(0)).expect("seat");
    let deal_order = [
        "4-1", "6-6", "5-5", "3-0", "2-2", "6-2", "5-3", // seat 0
        "6-0", "1-1", "5-0", "4-4", "3-3", "6-4", "2-0", // seat 1
    ];
    for tile in deal_order {
        play(&g, &mut s, &[&format!("deal {tile}")]);
    }
    assert_eq!(s.hand(seat(0)).map(Tiles::len), Some(7));
    assert!(s.hand(seat(0)).is_some_and(|h| h.contains(t("4-1"))));
    play(&g, &mut s, &["4-1"]);
    assert_eq!(s.fives().as_slice(), [5, 0]);
}

/// `Layout::open`: the first tile is laid with its higher half to the left; `Layout::check`
/// returns the number the tile will show outward; `Layout::arm` lists an arm's tiles outward.
#[test]
fn layout_open_check_and_arm_as_documented() {
    let mut l = Layout::EMPTY;
    l.open(t("4-6"), SpinnerRule::None).expect("open");
    assert_eq!(l.to_string(), "[6-4]");
    assert_eq!(l.end_value(End::Left), Some(6));
    assert_eq!(
        l.open(t("3-3"), SpinnerRule::None),
        Err(PlaceError::AlreadyOpened)
    );
    assert_eq!(l.check(t("4-2"), End::Right), Ok(2));
    assert_eq!(
        Layout::EMPTY.check(t("4-2"), End::Right),
        Err(PlaceError::Empty)
    );
    assert_eq!(
        l.check(t("6-4"), End::Left),
        Err(PlaceError::AlreadyPlaced(t("6-4")))
    );
    let l = layout("0-5 [5-5]* 5-1 / up 5-3 3-3+ 3-2 / 3-3:down 3-6");
    let arm = |e: &str| -> Vec<String> {
        l.arm(e.parse().expect("end"))
            .map(|x| x.to_string())
            .collect()
    };
    assert_eq!(arm("left"), ["5-0"]);
    assert_eq!(arm("up"), ["5-3", "3-3", "3-2"]);
    assert_eq!(arm("3-3:down"), ["6-3"]);
    assert!(arm("down").is_empty());
    assert!(arm("2-2:up").is_empty());
}

/// "Learning encodings", the compact table for the booklet's 2-player game: the observer's hand
/// and the table as tile planes (offsets 0 and 32), per seat from the observer a byte of the
/// numbers it lacks and whether the step names it (64), the step one-hot and how the round
/// ended (80), the two end slots as (number + 1) / N (88), per seat its hand size / T and its
/// points / 100 (90).
#[test]
fn learning_compact_booklet_fields_read_back() {
    let g = Dominoes::default();
    observe_booklet_rounds(&g, 6, 94, |s, o, out| {
        let bit = |v: f32| v == 1.0;
        let hand = s.hand(seat(o)).expect("hand");
        for tile in g.set().iter() {
            let i = tile_index(tile);
            assert_eq!(bit(out[i]), hand.contains(tile));
            assert_eq!(bit(out[32 + i]), s.layout().tiles().contains(tile));
        }
        assert!(out[28..32].iter().chain(&out[60..64]).all(|&v| v == 0.0));
        let (step, named) = step_slot(&g.view(s, None).step);
        for k in 0..6 {
            assert_eq!(bit(out[80 + k]), k == step, "step {k}");
        }
        let end = s.result().map(|r| r.end);
        assert_eq!(bit(out[86]), matches!(end, Some(RoundEnd::Out(_))));
        assert_eq!(bit(out[87]), end == Some(RoundEnd::Blocked));
        for (k, e) in [End::Left, End::Right].into_iter().enumerate() {
            let v = s
                .layout()
                .end_value(e)
                .map_or(0.0, |n| f32::from(n + 1) / 7.0);
            assert_eq!(out[88 + k], v);
        }
        for r in 0..2u8 {
            let other = seat((o + r) % 2);
            assert_eq!(bit(out[64 + 8 * usize::from(r) + 7]), named == Some(other));
            let size = s.hand(other).expect("hand").len() as f32 / 28.0;
            assert_eq!(
                out[90 + 2 * usize::from(r)],
                size,
                "seat {other}'s hand size"
            );
            let pts = match s.result() {
                Some(res) => res.points[other],
                None => s.fives()[other],
            };
            assert_eq!(out[91 + 2 * usize::from(r)], pts as f32 / 100.0);
        }
    });
}

/// "Learning encodings", compact: per seat, its hand size / T, for every preset and both
/// kinds of named tile (a forced opening, a drawn tile, kept or not without the duty to play).
#[test]
fn learning_compact_hand_sizes_for_every_seat_and_step() {
    for rules in [
        Rules::lattjo().with_players(3),
        Rules::lattjo().with_must_play_if_able(false),
        Rules::draw().with_must_play_if_able(false).with_players(4),
        Rules::five_up().with_players(4),
        Rules::double_nine().with_players(4).with_hand_size(Some(7)),
    ] {
        let g = game(rules);
        let p = rules.players;
        let len = g.observation_shape().size();
        let tiles = g.set().len() as f32;
        let mut out = vec![0.0f32; len];
        for seed in 0..6u64 {
            let mut s = g.new_initial_state();
            walk(&g, &mut s, &mut GameRng::new(seed, 7), |s, _| {
                for o in 0..p {
                    g.observe(s, seat(o as u8), &mut out).expect("observe");
                    for r in 0..p {
                        let other = seat(((o + r) % p) as u8);
                        let size = s.hand(other).expect("hand").len() as f32 / tiles;
                        assert_eq!(
                            out[len - 2 * p + 2 * r],
                            size,
                            "{rules:?}: seat {other} seen by {o} at {}",
                            g.describe_state(s)
                        );
                    }
                }
            });
        }
    }
}

/// "Records of shown tiles on the way in": a `Shown` deserializes only in canonical form: the
/// first `n` groups non-empty, nested (older groups lack at least what newer ones lack), only
/// the oldest dealt.
#[cfg(feature = "serde")]
#[test]
fn serde_shown_only_in_canonical_form() {
    let shown = |n: u8, count: [u8; 2], lacks: [u16; 2], dealt: [bool; 2]| {
        format!(
            r#"{{"n":{n},"count":[{},{},0,0,0,0],"lacks":[{},{},0,0,0,0],"dealt":[{},{},false,false,false,false]}}"#,
            count[0], count[1], lacks[0], lacks[1], dealt[0], dealt[1]
        )
    };
    let read = |json: String| serde_json::from_str::<lattjo_dominoes::Shown>(&json);
    assert!(read(shown(2, [3, 1], [0b110, 0b100], [true, false])).is_ok());
    for (json, why) in [
        (
            shown(2, [3, 1], [0b100, 0b110], [true, false]),
            "not nested",
        ),
        (shown(2, [3, 0], [0, 0], [true, false]), "an empty group"),
        (shown(1, [3, 1], [0, 0], [true, false]), "a group past n"),
        (shown(2, [3, 1], [0, 0], [true, true]), "two dealt groups"),
    ] {
        assert!(read(json).is_err(), "{why}");
    }
}

/// "Learning encodings": a game serializes as its rules, so a deserialized game observes with
/// the default encoding.
#[cfg(feature = "serde")]
#[test]
fn serde_a_deserialized_game_observes_with_the_default() {
    let g = Dominoes::default().with_observation(ObservationKind::Detailed);
    let json = serde_json::to_string(&g).expect("serialize");
    let back: Dominoes = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back.observation(), ObservationKind::Compact);
    assert_eq!(back.rules(), g.rules());
}

/// "Learning encodings", the detailed table (322 values for the booklet's 2-player game): the
/// observer's hand (0), the tile it drew and must place, its own draw only (T), the table (2T),
/// the tiles the opening showed nobody was dealt (3T), the tile the rules name for the opening
/// (4T), per end slot open and the number one-hot (5T), per seat from the observer its hand
/// size / T, fives / 100, ..., opened, won, pips left / the set's pips, points / 100, then the
/// step one-hot, the seat it names, the stock size / T, redeals / 10 and how the round ended.
#[test]
fn learning_detailed_booklet_fields_read_back() {
    let g = Dominoes::default().with_observation(ObservationKind::Detailed);
    let (tt, n, e, p) = (28usize, 7usize, 18usize, 2usize);
    observe_booklet_rounds(&g, 8, 322, |s, o, out| {
        let view = g.view(s, Some(seat(o)));
        let plane = |at: usize, tiles: Tiles| {
            for tile in g.set().iter() {
                assert_eq!(
                    out[at + tile_index(tile)] == 1.0,
                    tiles.contains(tile),
                    "{at} {tile}"
                );
            }
        };
        plane(0, s.hand(seat(o)).expect("hand"));
        let own_draw = match view.step {
            Step::Drawn { tile: Some(d), .. } => Tiles::from_iter([d]),
            _ => Tiles::EMPTY,
        };
        plane(tt, own_draw);
        plane(2 * tt, s.layout().tiles());
        plane(3 * tt, view.not_dealt);
        let named = match view.step {
            Step::Opening { tile: Some(d), .. } => Tiles::from_iter([d]),
            _ => Tiles::EMPTY,
        };
        plane(4 * tt, named);
        for (slot, end) in [End::Left, End::Right].into_iter().enumerate() {
            let at = 5 * tt + slot * (1 + n);
            match s.layout().end_value(end) {
                Some(v) => {
                    assert_eq!(out[at], 1.0);
                    for k in 0..n {
                        assert_eq!(out[at + 1 + k] == 1.0, k == usize::from(v));
                    }
                }
                None => assert!(out[at..at + 1 + n].iter().all(|&x| x == 0.0)),
            }
        }
        for slot in 2..e {
            let at = 5 * tt + slot * (1 + n);
            assert!(out[at..at + 1 + n].iter().all(|&x| x == 0.0));
        }
        let seats_at = 5 * tt + e * (1 + n);
        for r in 0..p {
            let other = seat(((usize::from(o) + r) % p) as u8);
            let at = seats_at + r * (n + 6);
            let size = s.hand(other).expect("hand").len() as f32 / tt as f32;
            assert_eq!(out[at], size, "hand size of {other}");
            assert_eq!(out[at + 1], s.fives()[other] as f32 / 100.0);
            let tail = &out[at + 2 + n..at + n + 6];
            assert_eq!(tail[0] == 1.0, s.opener() == Some(other), "opened");
            let winner = s.result().and_then(|r| r.winner);
            assert_eq!(tail[1] == 1.0, winner == Some(other), "won");
            let pips = s.hand(other).expect("hand").pips() as f32 / 168.0;
            let left = s.result().map_or(tail[2], |_| pips);
            assert_eq!(tail[2], left, "pips left");
            let pts = s.result().map_or(0, |r| r.points[other]) as f32 / 100.0;
            assert_eq!(tail[3], pts, "points");
        }
        let step_at = seats_at + p * (n + 6);
        let (step, whose) = step_slot(&view.step);
        for k in 0..6 {
            assert_eq!(out[step_at + k] == 1.0, k == step);
        }
        for r in 0..p {
            let other = seat(((usize::from(o) + r) % p) as u8);
            assert_eq!(out[step_at + 6 + r] == 1.0, whose == Some(other));
        }
        let rest = step_at + 6 + p;
        assert_eq!(out[rest], s.stock().len() as f32 / tt as f32);
        assert_eq!(out[rest + 1], (f32::from(s.redeals()) / 10.0).min(1.0));
        let end = s.result().map(|r| r.end);
        assert_eq!(out[rest + 2] == 1.0, matches!(end, Some(RoundEnd::Out(_))));
        assert_eq!(out[rest + 3] == 1.0, end == Some(RoundEnd::Blocked));
        assert_eq!(rest + 4, 322);
    });
}

/// "Pictures": tiles and pips as shapes: one rectangle a tile (and the background), one circle
/// a pip, the hand below included.
#[test]
fn pictures_one_shape_a_tile_and_a_pip() {
    let l = layout("0-5 [5-5]* 5-1 / up 5-3 3-3+ 3-2 / 3-3:down 3-6");
    let hand: Tiles = "4-1 0-0 6-6".parse().expect("tiles");
    let picture = svg::render(&l, &svg::Options::default().with_hand(hand));
    assert_eq!(picture.matches("<rect").count(), l.len() + hand.len() + 1);
    assert_eq!(
        picture.matches("<circle").count() as u32,
        l.tiles().pips() + hand.pips()
    );
    let big = layout("[12-12] 12-11 11-10 10-9");
    let picture = svg::render(&big, &svg::Options::default());
    assert_eq!(
        picture.matches("<circle").count() as u32,
        big.tiles().pips()
    );
}

/// The crate docs ("Features"): with `serde`, tiles, sets of tiles, actions and layouts
/// serialize as their text, an `End` and a `RoundRecord` in serde's derived form (the docs said
/// every notation type as its text).
#[cfg(feature = "serde")]
#[test]
fn serde_notation_types_as_their_text() {
    let json = |v: serde_json::Value| v;
    assert_eq!(json(serde_json::to_value(t("4-6")).expect("tile")), "6-4");
    let hand: Tiles = "6-6 0-0".parse().expect("tiles");
    assert_eq!(json(serde_json::to_value(hand).expect("tiles")), "0-0 6-6");
    assert_eq!(
        json(serde_json::to_value(a("6-4 left")).expect("action")),
        "6-4 left"
    );
    let l = layout("3-5 [5-5]* 5-0 / up 5-2");
    assert_eq!(
        json(serde_json::to_value(l).expect("layout")),
        "3-5 [5-5]* 5-0 / up 5-2"
    );
    assert_eq!(json(serde_json::to_value(End::Left).expect("end")), "Left");
    let side = End::Side(t("2-2"), Side::Up);
    assert_eq!(
        json(serde_json::to_value(side).expect("end")),
        serde_json::json!({"Side": ["2-2", "Up"]})
    );
    let record: RoundRecord = "deal 6-6\ndeal 5-5\n".parse().expect("record");
    assert_eq!(
        json(serde_json::to_value(&record).expect("record")),
        serde_json::json!({"actions": ["deal 6-6", "deal 5-5"]})
    );
}

/// "States on the way in": fives are multiples of 5, none under block scoring; one hand,
/// record and fives count per seat; hands, stock and layout hold the set exactly once.
#[cfg(feature = "serde")]
#[test]
fn serde_states_that_the_rules_could_not_reach_are_refused() {
    let read = |v: serde_json::Value| serde_json::from_value::<State>(v);
    let g = game(Rules::muggins());
    let mut s = g.new_initial_state();
    deal(&g, &mut s, 3);
    let good = serde_json::to_value(&s).expect("value");
    assert_eq!(read(good.clone()).expect("state"), s);
    let mut v = good.clone();
    v["fives"] = serde_json::json!([3, 0]);
    assert!(read(v).is_err(), "not a multiple of 5");
    let mut v = good.clone();
    v["fives"] = serde_json::json!([0, 0, 0]);
    assert!(read(v).is_err(), "one fives count per seat");
    let mut v = good.clone();
    v["stock"] = serde_json::json!("-");
    assert!(read(v).is_err(), "tiles missing");
    let booklet = Dominoes::default();
    let mut s = booklet.new_initial_state();
    deal(&booklet, &mut s, 3);
    let mut v = serde_json::to_value(&s).expect("value");
    v["fives"] = serde_json::json!([5, 0]);
    assert!(read(v).is_err(), "no fives under block scoring");
}

/// `Game::sample_action` of `Dominoes` (its doc): the same action, from the same draw, as the
/// trait's default (the `k`-th action of `legal_actions` for `k = rng.index(len)`), leaving the
/// generator in the same state; `sample_chance` draws a tile of the stock.
#[test]
fn sample_action_picks_what_the_traits_default_picks() {
    for rules in [
        Rules::lattjo(),
        Rules::lattjo().with_must_play_if_able(false),
        Rules::block().with_players(3),
        Rules::muggins(),
        Rules::all_fives(),
        Rules::five_up().with_players(4),
        Rules::double_nine().with_players(3).with_hand_size(Some(9)),
        Rules::draw().with_must_play_if_able(false),
    ] {
        let g = game(rules);
        for seed in 0..5u64 {
            let mut s = if seed % 2 == 1 {
                g.initial_state(seat(0)).expect("seat")
            } else {
                g.new_initial_state()
            };
            let mut rng = GameRng::new(seed, 9);
            let mut buf = Vec::new();
            while g.turn(&s) != Turn::Terminal {
                let act = match g.turn(&s) {
                    Turn::Chance => {
                        let tile = g.sample_chance(&s, &mut rng).expect("a tile");
                        assert!(matches!(tile, Action::Deal(x) if s.stock().contains(x)));
                        tile
                    }
                    _ => {
                        let mut mine = rng.clone();
                        let mut theirs = rng.clone();
                        let picked = g.sample_action(&s, &mut mine, &mut buf).expect("action");
                        let mut listed = Vec::new();
                        g.legal_actions(&s, &mut listed);
                        let k = theirs.index(listed.len());
                        assert_eq!(picked, listed[k], "{rules:?} at {}", g.describe_state(&s));
                        assert_eq!(mine.next_u64(), theirs.next_u64());
                        rng = mine;
                        picked
                    }
                };
                g.apply(&mut s, &act).expect("apply");
            }
        }
    }
}

/// "Hidden information" (E11): `determinize` deals again what a seat cannot see while keeping
/// everything it has observed: the seat's view of the determinized state is its view of the
/// true one, the state is one the rules can reach (`check_state`), and the seat to move has
/// the same legal actions.
#[test]
fn e11_determinize_keeps_everything_the_seat_has_observed() {
    for rules in [
        Rules::lattjo().with_players(3),
        Rules::lattjo().with_must_play_if_able(false),
        Rules::block(),
        Rules::five_up().with_players(4).with_partnerships(true),
        Rules::all_fives(),
        Rules::lattjo().with_no_double(NoDouble::HighestTileLeads),
    ] {
        let g = game(rules);
        let p = rules.players;
        for seed in 0..4u64 {
            let mut s = g.new_initial_state();
            walk(&g, &mut s, &mut GameRng::new(seed, 10), |s, rng| {
                for o in 0..p {
                    let me = seat(o as u8);
                    let d = g.determinize(s, me, rng);
                    assert_eq!(g.view(&d, Some(me)), g.view(s, Some(me)), "{rules:?}");
                    assert_eq!(g.check_state(&d), Ok(()), "{rules:?}");
                    // A number every group of a seat's hidden tiles lacks (it drew or passed
                    // with it open) shows on none of its hidden tiles.
                    let named = match g.view(&d, None).step {
                        Step::Opening { tile, .. } => tile,
                        _ => d.drawn(),
                    };
                    for other in Seat::all(p).filter(|&x| x != me) {
                        let shown = d.shown()[other];
                        let lacks = shown.groups().fold(u16::MAX, |m, grp| m & grp.lacks);
                        for tile in d.hand(other).expect("hand").iter() {
                            let numbers = (1u16 << tile.high()) | (1u16 << tile.low());
                            if shown.total() > 0 && Some(tile) != named {
                                assert_eq!(numbers & lacks, 0, "{tile} of {other}: {shown:?}");
                            }
                        }
                    }
                    if g.turn(s) == Turn::Player(me) {
                        assert_eq!(legal(&g, &d), legal(&g, s));
                    }
                }
            });
        }
    }
}

/// "Learning encodings": every value is written (the compact encoding "each written once, no
/// zeroing first"): observing into a buffer full of other values gives the same observation.
#[test]
fn learning_every_value_of_an_observation_is_written() {
    for rules in [
        Rules::lattjo(),
        Rules::five_up().with_players(3),
        Rules::double_nine().with_players(4).with_hand_size(Some(7)),
    ] {
        for kind in [ObservationKind::Compact, ObservationKind::Detailed] {
            let g = game(rules).with_observation(kind);
            let len = g.observation_shape().size();
            let mut s = g.new_initial_state();
            walk(&g, &mut s, &mut GameRng::new(3, 11), |s, _| {
                for o in 0..rules.players {
                    let (mut clean, mut dirty) = (vec![0.0f32; len], vec![7.5f32; len]);
                    g.observe(s, seat(o as u8), &mut clean).expect("observe");
                    g.observe(s, seat(o as u8), &mut dirty).expect("observe");
                    assert_eq!(clean, dirty, "{rules:?} {kind:?}");
                }
            });
        }
    }
}

/// "Notation" ("the game checks the set where a layout enters it"): a `Setup` whose layout
/// holds a tile outside the set is `SetupError::NotInSet`.
#[test]
fn notation_a_setup_layout_outside_the_set_is_refused() {
    let g = Dominoes::default();
    let l = layout("[7-7] 7-6");
    let setup = Setup {
        hands: vec!["1-1".parse().expect("t"), "2-2".parse().expect("t")],
        stock: g.set().difference("1-1 2-2 6-6".parse().expect("t")),
        layout: l,
        to_move: seat(0),
    };
    assert!(matches!(g.setup(setup), Err(SetupError::NotInSet(x)) if x.high() == 7));
}

/// `Shown` (its doc): the hand is kept as groups by when the tiles were taken, the dealt group
/// first; a player who draws because nothing fits lacks the open ends' numbers; more than six
/// groups merge, and the groups account for every hidden tile.
#[test]
fn shown_groups_by_draw_at_most_six_accounting_for_every_hidden_tile() {
    let g = game(Rules::draw());
    let mut s = nothing_fits(&g);
    play(&g, &mut s, &["draw"]);
    for tile in ["5-5", "4-4", "0-0", "1-0", "2-0", "3-0", "4-0", "5-0"] {
        play(&g, &mut s, &[&format!("deal {tile}")]);
        let shown = s.shown()[seat(0)];
        assert!(shown.groups().count() <= 6);
        assert_eq!(shown.total(), s.hand(seat(0)).expect("hand").len());
        assert!(
            shown.groups().all(|grp| grp.lacks & (1 << 6) != 0),
            "{shown:?}"
        );
        assert!(shown.groups().next().is_some_and(|grp| grp.dealt));
        assert!(shown.groups().skip(1).all(|grp| !grp.dealt));
    }
    assert_eq!(s.hand(seat(0)).map(Tiles::len), Some(10));
    play(&g, &mut s, &["deal 6-2", "6-2 left"]);
    assert_eq!(s.shown()[seat(0)].total(), 10);
}

/// `End::ALL` and `Layout::open_ends` (their docs): move generation tries the line's ends,
/// then the spinners' sides by the spinners' numbers, the first spinner's `up` and `down` at
/// its number's place (the page's `open_ends` example: `2-2:up` before `up`).
#[test]
fn move_generation_tries_the_sides_by_the_spinners_numbers() {
    let g = game(Rules::five_up());
    let s = pos(
        &g,
        &["4-2 0-0", "6-6"],
        "0-5 [5-5]* 5-1 / up 5-2 2-2+ 2-3 3-4",
        0,
    );
    let ends: Vec<String> = s.layout().open_ends().map(|e| e.to_string()).collect();
    assert_eq!(ends, ["left", "right", "2-2:up", "2-2:down", "up", "down"]);
    assert_eq!(legal(&g, &s), ["0-0 left", "4-2 2-2:up", "4-2 up"]);
}

/// `State::drawn` and `Step::Drawn`: the tile just drawn that the drawer places next (E3), or,
/// without the duty to play, the last drawn tile of a turn, fitting or not, before its pass.
#[test]
fn drawn_is_the_tile_the_drawer_places_or_keeps_next() {
    let g = Dominoes::default();
    let mut s = nothing_fits(&g);
    play(&g, &mut s, &["draw", "deal 5-5"]);
    assert_eq!(
        s.drawn(),
        None,
        "under the duty to play a tile that does not fit passes on"
    );
    let mut s = nothing_fits(&g);
    play(&g, &mut s, &["draw", "deal 6-5"]);
    assert_eq!(s.drawn(), Some(t("6-5")));
    let g = game(Rules::lattjo().with_must_play_if_able(false));
    let mut s = nothing_fits(&g);
    play(&g, &mut s, &["draw", "deal 5-5"]);
    assert_eq!(s.drawn(), Some(t("5-5")), "kept at the pass that follows");
    assert_eq!(legal(&g, &s), ["pass"]);
    assert_eq!(
        g.view(&s, Some(seat(0))).step,
        Step::Drawn {
            seat: seat(0),
            tile: Some(t("5-5"))
        }
    );
}

/// `Rules::hand_table` (its doc): missing from serialized rules of earlier versions, it reads
/// as the booklet's.
#[cfg(feature = "serde")]
#[test]
fn serde_rules_without_a_hand_table_read_as_the_booklets() {
    let mut v = serde_json::to_value(Rules::block()).expect("rules");
    v.as_object_mut().expect("object").remove("hand_table");
    let r: Rules = serde_json::from_value(v).expect("rules");
    assert_eq!(r.hand_table, HandTable::Booklet);
    assert_eq!(r.with_hand_table(HandTable::Block), Rules::block());
}

/// "Notation", a layout in its set: a second set word anywhere after the first is
/// `ParseLayoutError::SetNotFirst`, whatever white space stands before it (the tiles are read
/// between any white space, a no-break space included).
#[test]
fn notation_a_second_set_word_after_any_white_space_is_set_not_first() {
    for text in [
        "double-9 [9-9]\u{a0}double-9",
        "[9-9] 9-4\u{2003}double-9",
        "double-6 [6-6] 6-5 / up\u{a0}double-6",
    ] {
        let e = layout_error(text);
        assert!(
            matches!(e, ParseLayoutError::SetNotFirst(_)),
            "{text:?}: {e:?}"
        );
    }
    // The tiles themselves are read between such white space.
    assert_eq!(layout("[9-9]\u{a0}9-4"), layout("[9-9] 9-4"));
}

/// FU6 ("every score is a multiple of 5", so 305 points is 61 fives) and the options'
/// partnership paragraph ("both partners carry the team's points"), over seeded Five-Up rounds,
/// alone and in partnerships.
#[test]
fn fu6_five_up_scores_are_multiples_of_five_and_partners_carry_the_teams() {
    for rules in [
        Rules::five_up(),
        Rules::five_up().with_players(4).with_partnerships(true),
    ] {
        let g = game(rules);
        for seed in 0..30u64 {
            let mut s = g.new_initial_state();
            play_out(&g, &mut s, seed);
            let pts = points(&s);
            assert!(pts.iter().all(|p| p % 5 == 0), "{pts:?}");
            assert!(s.fives().as_slice().iter().all(|f| f % 5 == 0));
            if rules.partnerships {
                assert_eq!((pts[0], pts[1]), (pts[2], pts[3]));
                let r = g.returns(&s).expect("returns");
                assert_eq!((r[seat(0)], r[seat(1)]), (r[seat(2)], r[seat(3)]));
            }
        }
    }
}

/// "Pictures": the canvas grows to fit.
#[test]
fn pictures_the_canvas_grows_to_fit() {
    let size = |text: &str| {
        let picture = svg::render(&layout(text), &svg::Options::default());
        let attr = |name: &str| -> f64 {
            let at = picture.find(&format!("{name}=\"")).expect("attribute") + name.len() + 2;
            let end = picture[at..].find('"').expect("quote") + at;
            picture[at..end].parse().expect("number")
        };
        (attr("width"), attr("height"))
    };
    let (w1, h1) = size("[6-6]");
    let (w2, h2) = size("3-5 5-6 [6-6] 6-2 2-2 2-1 1-0 0-0");
    let (w3, h3) = size("0-5 [5-5]* 5-1 / up 5-3 3-3+ 3-2 / 3-3:down 3-6 6-6+ 6-4");
    assert!(w2 > w1 && h2 >= h1);
    assert!(w3 > w1 && h3 > h1);
}

// =============================================================================================
// Regressions found by this audit

/// "Notation": a second set word anywhere after the first is `ParseLayoutError::SetNotFirst`.
/// The check split the text at ASCII white space only, while the tiles are read between any
/// white space: after a no-break space the set word was read as a tile, and refused as
/// `ParseLayoutError::Tile(Malformed("double-9"))`.
#[test]
fn regression_a_set_word_after_non_ascii_white_space_was_read_as_a_malformed_tile() {
    for (text, word) in [
        ("double-9 [9-9]\u{a0}double-9", "double-9"),
        ("[9-9] 9-4\u{2003}double-6", "double-6"),
    ] {
        assert_eq!(
            layout_error(text),
            ParseLayoutError::SetNotFirst(word.to_owned())
        );
    }
}

/// "Notation": a text can carry its set with a leading `double-N` word. Read at ASCII white
/// space only, a set word followed by a no-break space (the tiles are read between any white
/// space) was taken whole as a bad set word, `ParseLayoutError::Set("double-9\u{a0}[9-9]")`,
/// by `FromStr` and `Layout::parse_in_set` alike.
#[test]
fn regression_a_leading_set_word_before_non_ascii_white_space_was_a_bad_set() {
    let nine = layout("[9-9] 9-4");
    for space in ["\u{a0}", "\u{2003}", "\u{3000}"] {
        let text = format!("double-9{space}[9-9] 9-4");
        assert_eq!(text.parse::<Layout>(), Ok(nine), "{text:?}");
        assert_eq!(Layout::parse_in_set(&text, 9), Ok(nine), "{text:?}");
        assert_eq!(
            Layout::parse_in_set(&text, 12),
            Err(ParseLayoutError::OtherSet {
                named: 9,
                highest: 12
            })
        );
        let outside = format!("double-6{space}[9-9]");
        assert!(matches!(
            layout_error(&outside),
            ParseLayoutError::NotInSet { .. }
        ));
    }
}
