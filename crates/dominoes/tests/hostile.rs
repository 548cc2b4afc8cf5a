//! Issue 15: hostile input never panics and never makes an invalid state. Every text parser
//! and every deserializer is fed arbitrary and near-miss input; whatever is accepted prints
//! and reads back to itself, and an accepted state or setup plays to the end with every
//! generated action accepted and every state along the way passing `Dominoes::check_state`.

use boardgame_core::{Game, GameRng, ImperfectInfo, Seat, Turn};
use lattjo_dominoes::{
    Action, Dominoes, DrawRule, End, Layout, RoundRecord, Rules, Setup, SetupError, SpinnerRule,
    State, Tile, Tiles,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// The presets and a few hybrids, 2 to 6 players, the three sets.
fn games() -> Vec<Dominoes> {
    [
        Rules::lattjo(),
        Rules::lattjo().with_players(4),
        Rules::block().with_players(3),
        Rules::draw(),
        Rules::all_fives().with_players(3),
        Rules::muggins(),
        Rules::five_up(),
        Rules::partnership(),
        Rules::five_up().with_players(4).with_partnerships(true),
        Rules::double_nine().with_players(4).with_hand_size(Some(7)),
        Rules::double_twelve()
            .with_players(6)
            .with_hand_size(Some(10)),
        Rules::lattjo()
            .with_players(3)
            .with_must_play_if_able(false)
            .with_closed_layout_ends_round(false)
            .with_draw_rule(DrawRule::DrawUntilPlayableLeaveTwo)
            .with_no_double(lattjo_dominoes::NoDouble::HighestTileLeads)
            .with_next_round_leader(lattjo_dominoes::NextRoundLeader::NextClockwise),
    ]
    .into_iter()
    .map(|r| Dominoes::new(r).expect("valid rules"))
    .collect()
}

/// A state reached by up to `plies` random actions.
fn reach(g: &Dominoes, seed: u64, plies: u32) -> State {
    let mut s = g.new_initial_state();
    let mut rng = GameRng::new(seed, 0);
    let mut buf = Vec::new();
    for _ in 0..plies {
        let a = match g.turn(&s) {
            Turn::Terminal => break,
            Turn::Chance => g.sample_chance(&s, &mut rng),
            Turn::Player(_) => g.sample_action(&s, &mut rng, &mut buf),
        };
        g.apply(&mut s, &a.expect("a live node has an action"))
            .expect("generated actions are legal");
    }
    s
}

/// Plays an accepted state to the end: every generated action is accepted, every state on
/// the way passes `check_state`, views and determinizations never panic, and the round ends.
fn play_on(g: &Dominoes, mut s: State, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = GameRng::new(seed, 5);
    let mut buf = Vec::new();
    for _ in 0..5_000 {
        prop_assert_eq!(g.check_state(&s), Ok(()), "{}", g.describe_state(&s));
        let a = match g.turn(&s) {
            Turn::Terminal => {
                prop_assert!(g.returns(&s).is_some());
                return Ok(());
            }
            Turn::Chance => g.sample_chance(&s, &mut rng),
            Turn::Player(seat) => {
                let _ = g.view(&s, Some(seat));
                let d = g.determinize(&s, seat, &mut rng);
                prop_assert_eq!(g.view(&d, Some(seat)), g.view(&s, Some(seat)));
                prop_assert_eq!(g.check_state(&d), Ok(()), "a determinization");
                g.sample_action(&s, &mut rng, &mut buf)
            }
        };
        let a = a.ok_or_else(|| TestCaseError::fail(format!("no action: {s:?}")))?;
        g.apply(&mut s, &a)
            .map_err(|e| TestCaseError::fail(format!("{a}: {e} in {s:?}")))?;
    }
    Err(TestCaseError::fail("no end after 5,000 actions"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every state of random rounds passes `check_state` (the validation refuses nothing
    /// that play makes), and is refused by every game of other rules.
    #[test]
    fn states_of_play_pass_the_checks(gi in 0usize..12, seed in any::<u64>(), plies in 0u32..200) {
        let games = games();
        let g = &games[gi];
        let s = reach(g, seed, plies);
        prop_assert_eq!(g.check_state(&s), Ok(()));
        for (j, other) in games.iter().enumerate() {
            if j != gi {
                prop_assert_eq!(other.check_state(&s), Err(lattjo_dominoes::StateError::OtherRules));
            }
        }
        play_on(g, s, seed)?;
    }

    /// Text: arbitrary strings into every parser never panic; what parses prints and parses
    /// back to itself.
    #[test]
    fn arbitrary_text_is_refused_or_round_trips(s in "\\PC{0,60}") {
        if let Ok(t) = s.parse::<Tile>() { prop_assert_eq!(t.to_string().parse::<Tile>(), Ok(t)); }
        if let Ok(t) = s.parse::<Tiles>() { prop_assert_eq!(t.to_string().parse::<Tiles>(), Ok(t)); }
        if let Ok(e) = s.parse::<End>() { prop_assert_eq!(e.to_string().parse::<End>(), Ok(e)); }
        if let Ok(a) = s.parse::<Action>() { prop_assert_eq!(a.to_string().parse::<Action>(), Ok(a)); }
        if let Ok(l) = s.parse::<Layout>() { prop_assert_eq!(l.to_string().parse::<Layout>(), Ok(l)); }
        if let Ok(r) = s.parse::<RoundRecord>() { prop_assert_eq!(r.to_string().parse::<RoundRecord>(), Ok(r)); }
        let _ = Layout::parse_in_set(&s, 6);
    }

    /// Near-miss layouts (random chains of touching halves with random spinner marks and
    /// side arms) parse or are refused; an accepted layout in a setup with the rest of the
    /// set dealt at random is refused by the game with a typed error or plays to the end.
    #[test]
    fn near_miss_layouts_in_setups_are_refused_or_playable(
        root in (0u8..7, 0u8..7),
        right in prop::collection::vec(0u8..7, 0..6),
        left in prop::collection::vec(0u8..7, 0..6),
        side in prop::option::of((prop::sample::select(vec!["up", "down", "2-2:up", "5-5:down", "3-3:up"]), prop::collection::vec(0u8..7, 1..4))),
        marks in prop::collection::vec(0u8..4, 20),
        set in prop::sample::select(vec!["", "", "", "double-6 ", "double-9 ", "double-3 ", "double-13 ", "double-x ", "double- "]),
        gi in 0usize..9,
        seed in any::<u64>(),
        to_move in 0u8..3,
    ) {
        // A tile word `a-b` with a mark on doubles: none, `*` or `+`.
        let mut k = 0;
        let mut word = |a: u8, b: u8| {
            k += 1;
            let mark = match (a == b, marks[k % marks.len()]) {
                (true, 1) => "*",
                (true, 2) => "+",
                _ => "",
            };
            format!("{a}-{b}{mark}")
        };
        let mut line = Vec::new();
        let mut prev = root.0;
        for &c in &left {
            line.insert(0, word(c, prev));
            prev = c;
        }
        let root_word = word(root.0, root.1);
        line.push(format!("[{}]{}", &root_word[..3], &root_word[3..]));
        let mut prev = root.1;
        for &c in &right {
            line.push(word(prev, c));
            prev = c;
        }
        let mut text = format!("{set}{}", line.join(" "));
        if let Some((end, tiles)) = side {
            let mut prev: u8 = match end { "up" | "down" => root.0, e => e.as_bytes()[0] - b'0' };
            text.push_str(&format!(" / {end}"));
            for c in tiles {
                text.push_str(&format!(" {}", word(prev, c)));
                prev = c;
            }
        }
        let Ok(layout) = text.parse::<Layout>() else { return Ok(()) };
        prop_assert_eq!(layout.to_string().parse::<Layout>(), Ok(layout));
        let g = &games()[gi];
        let rest: Vec<Tile> = g.set().difference(layout.tiles()).iter().collect();
        let mut rng = GameRng::new(seed, 2);
        let mut ids: Vec<usize> = (0..rest.len()).collect();
        rng.shuffle(&mut ids);
        let n = g.num_players();
        let mut hands = vec![Tiles::EMPTY; n];
        let mut stock = Tiles::EMPTY;
        for (k, &i) in ids.iter().enumerate() {
            if k < 5 * n { hands[k % n].insert(rest[i]); } else { stock.insert(rest[i]); }
        }
        let setup = Setup { hands, stock, layout, to_move: Seat::new(to_move) };
        match g.setup(setup) {
            Ok(s) => play_on(g, s, seed)?,
            Err(SetupError::Spinners(rule)) => prop_assert_eq!(rule, g.rules().spinner),
            Err(_) => {}
        }
    }
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Serde: a random mid-round state survives a JSON round trip and play continues
    /// identically.
    #[test]
    fn serde_json_round_trip_continues_identically(gi in 0usize..12, seed in any::<u64>(), plies in 0u32..200) {
        let g = &games()[gi];
        let s = reach(g, seed, plies);
        let json = serde_json::to_string(&s).expect("serializes");
        let back: State = serde_json::from_str(&json).expect("deserializes");
        prop_assert_eq!(&back, &s);
        let (mut a, mut b) = (s, back);
        boardgame_core::random_playout(g, &mut a, &mut GameRng::new(seed, 8), &mut Vec::new());
        boardgame_core::random_playout(g, &mut b, &mut GameRng::new(seed, 8), &mut Vec::new());
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(g.turn(&a), Turn::Terminal);
        let game: Dominoes = serde_json::from_str(&serde_json::to_string(g).expect("game")).expect("game back");
        prop_assert_eq!(&game, g);
    }

    /// Serde: one field of a real state's JSON replaced, by the same field of another real
    /// state (right shape, wrong content) or by a hostile value; never a panic, and an
    /// accepted state plays to the end.
    #[test]
    fn hostile_state_json_is_refused_or_playable(
        gi in 0usize..12,
        seed in any::<u64>(),
        plies in 0u32..200,
        other_seed in any::<u64>(),
        other_plies in 0u32..200,
        field in 0usize..13,
        hostile in prop_oneof![
            3 => Just(None),
            1 => prop::sample::select(vec![
                "255", "0", "-5", "9223372036854775807", "-9223372036854775808", "\"Over\"",
                "\"Dealing\"", "{\"Turn\":7}", "{\"Drawing\":0}", "{\"Drawn\":[0,\"6-6\"]}",
                "{\"Opening\":{\"seat\":0,\"forced\":null}}", "[0,0]", "[9223372036854775807,5]",
                "\"-\"", "\"6-6 5-5\"", "\"empty\"", "\"[6-6]* 6-1 / up 6-2\"", "null",
                "{\"Seat\":1}", "{\"Seat\":200}", "[{\"n\":7,\"count\":[1,1,1,1,1,1],\"lacks\":[0,0,0,0,0,0],\"dealt\":[true,true,true,true,true,true]}]",
                "{\"end\":\"Blocked\",\"winner\":null,\"pips\":[0,0],\"points\":[0,0]}",
            ]).prop_map(|s| Some(s.to_string())),
        ],
        wrap in any::<bool>(),
    ) {
        let g = &games()[gi];
        let s = reach(g, seed, plies);
        let donor = reach(g, other_seed, other_plies);
        let mut v = serde_json::to_value(&s).expect("serializes");
        let d = serde_json::to_value(&donor).expect("serializes");
        let obj = v.as_object_mut().expect("a state is an object");
        let key = obj.keys().nth(field % obj.len()).expect("a field").clone();
        obj[&key] = match &hostile {
            None => d[&key].clone(),
            Some(h) => serde_json::from_str(h).expect("valid JSON"),
        };
        if wrap {
            // Also: one seat more or less in the per-seat lists.
            if let Some(list) = obj[&key].as_array_mut() {
                if list.len() > 2 { list.pop(); } else if let Some(x) = list.first().cloned() { list.push(x); }
            }
        }
        if let Ok(st) = serde_json::from_value::<State>(v) {
            let game = Dominoes::new(*st.rules()).expect("accepted with its rules");
            play_on(&game, st, seed)?;
        }
    }

    /// Serde: arbitrary JSON text into every deserializer never panics.
    #[test]
    fn arbitrary_json_never_panics(text in "[\\[\\]{}\",:0-9a-zA-Z_ *+/-]{0,60}") {
        let _ = serde_json::from_str::<State>(&text);
        let _ = serde_json::from_str::<Rules>(&text);
        let _ = serde_json::from_str::<Dominoes>(&text);
        let _ = serde_json::from_str::<Layout>(&text);
        let _ = serde_json::from_str::<Tile>(&text);
        let _ = serde_json::from_str::<Tiles>(&text);
        let _ = serde_json::from_str::<Action>(&text);
        let _ = serde_json::from_str::<End>(&text);
        let _ = serde_json::from_str::<RoundRecord>(&text);
        // A record of shown tiles stands alone too: what is read is one play could make.
        if let Ok(shown) = serde_json::from_str::<lattjo_dominoes::Shown>(&text) {
            let _ = (shown.total(), shown.groups().count());
        }
    }
}

/// Found by `near_miss_layouts_in_setups_are_refused_or_playable`: in the block game a
/// determinization could put every tile that fits into the dead stock, a blocked round whose
/// phase said play goes on (the true round was not blocked: a hidden hand held 6-2).
#[test]
fn determinize_never_blocks_a_round_in_play() {
    let g = Dominoes::new(Rules::block()).expect("rules");
    let hands: Vec<Tiles> = vec![
        "5-5 4-4 3-3 1-1".parse().expect("hand"),
        "6-2 4-0 2-2 3-1".parse().expect("hand"),
    ];
    let layout: Layout = "[6-6]".parse().expect("layout");
    let used = layout.tiles().union(hands[0]).union(hands[1]);
    let setup = Setup {
        hands,
        stock: g.set().difference(used),
        layout,
        to_move: Seat::new(0),
    };
    let s = g.setup(setup).expect("a position");
    assert_eq!(g.turn(&s), Turn::Player(Seat::new(0)));
    for seed in 0..200 {
        let d = g.determinize(&s, Seat::new(0), &mut GameRng::new(seed, 0));
        assert_eq!(g.check_state(&d), Ok(()), "seed {seed}");
        assert_eq!(g.turn(&d), Turn::Player(Seat::new(0)));
    }
}

#[cfg(feature = "serde")]
/// Issue 15, the class of 15.1/15.2 in dominoes: counters and scores that play could
/// never make are refused on the way in instead of overflowing later (`dealt = 255` in the
/// deal overflowed `dealt += 1`; fives of `i64::MAX` overflowed the next fives score).
#[test]
fn issue15_counters_out_of_reach_are_refused_on_the_way_in() {
    let g = Dominoes::new(Rules::all_fives()).expect("rules");
    let s = g.new_initial_state();
    let mut v = serde_json::to_value(&s).expect("serializes");
    v["dealt"] = serde_json::json!(255);
    assert!(
        serde_json::from_value::<State>(v).is_err(),
        "dealt 255 in the deal"
    );
    let s = reach(&g, 3, 40);
    let mut v = serde_json::to_value(&s).expect("serializes");
    v["fives"] = serde_json::json!([i64::MAX, 0]);
    assert!(
        serde_json::from_value::<State>(v).is_err(),
        "fives of i64::MAX"
    );
    let mut v = serde_json::to_value(&s).expect("serializes");
    v["fives"] = serde_json::json!([3, 0]);
    assert!(
        serde_json::from_value::<State>(v).is_err(),
        "fives not a multiple of 5"
    );
    // A block game's state with fives is another game's.
    let booklet = Dominoes::default();
    let s = reach(&booklet, 3, 40);
    let mut v = serde_json::to_value(&s).expect("serializes");
    v["fives"] = serde_json::json!([5, 0]);
    assert!(
        serde_json::from_value::<State>(v).is_err(),
        "fives under block scoring"
    );
}

/// Issue 15: a hand-built position with a spinner in a game without spinners (D8) was
/// accepted; the layout's spinners must follow the rules' spinner rule.
#[test]
fn issue15_a_layout_with_a_spinner_is_refused_by_a_game_without_spinners() {
    let booklet = Dominoes::default();
    let layout: Layout = "[5-5]* 5-1".parse().expect("layout");
    let set = booklet.set();
    let hands = vec![
        "6-6 6-5".parse().expect("hand"),
        "4-4 3-3".parse().expect("hand"),
    ];
    let used = layout.tiles().union(hands[0]).union(hands[1]);
    let setup = Setup {
        hands,
        stock: set.difference(used),
        layout,
        to_move: Seat::new(0),
    };
    assert_eq!(
        booklet.setup(setup.clone()),
        Err(SetupError::Spinners(SpinnerRule::None))
    );
    assert!(
        Dominoes::new(Rules::all_fives())
            .expect("rules")
            .setup(setup)
            .is_ok()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Issue 14: a layout's text in its set (`double-N` first) reads back to the same layout
    /// through `FromStr` and `Layout::parse_in_set`, and the plain text through both too.
    #[test]
    fn layouts_round_trip_with_and_without_their_set(gi in 0usize..12, seed in any::<u64>(), plies in 0u32..200) {
        let g = &games()[gi];
        let s = reach(g, seed, plies);
        let layout = *s.layout();
        let highest = g.rules().highest;
        let plain = layout.to_string();
        let named = layout.in_set(highest).to_string();
        prop_assert_eq!(plain.parse::<Layout>(), Ok(layout));
        prop_assert_eq!(named.parse::<Layout>(), Ok(layout));
        prop_assert_eq!(Layout::parse_in_set(&plain, highest), Ok(layout));
        prop_assert_eq!(Layout::parse_in_set(&named, highest), Ok(layout));
        if let Some(top) = layout.highest_number().filter(|&h| h > 0) {
            prop_assert!(layout.in_set(top - 1).to_string().parse::<Layout>().is_err());
        }
    }
}

/// Fuzz finding (`dominoes_setup`): a setup with tiles on the table and three empty hands was
/// accepted and ended the round as won by the first of them, a state `check_state` (and so
/// serde) refuses. D11: a round ends when the first player goes out, so a setup holds at
/// most one empty hand; with exactly one the round is over, won by that player.
#[test]
fn fuzz_setup_with_several_empty_hands_is_refused() {
    use lattjo_dominoes::{Dominoes, Game, RoundEnd, Rules, Seat, Setup, SetupError, Tiles, Turn};
    let game = Dominoes::new(Rules::partnership()).unwrap();
    let layout: lattjo_dominoes::Layout = "[6-6]".parse().unwrap();
    let rest = game.set().difference(layout.tiles());
    let all_in_one = Setup {
        hands: vec![rest, Tiles::EMPTY, Tiles::EMPTY, Tiles::EMPTY],
        stock: Tiles::EMPTY,
        layout,
        to_move: Seat::new(0),
    };
    assert_eq!(game.setup(all_in_one), Err(SetupError::EmptyHands(3)));
    let mut hands = vec![Tiles::EMPTY; 4];
    for (i, t) in rest.iter().enumerate() {
        hands[i % 3].insert(t);
    }
    let one_out = Setup {
        hands,
        stock: Tiles::EMPTY,
        layout,
        to_move: Seat::new(0),
    };
    let s = game.setup(one_out).unwrap();
    assert_eq!(game.turn(&s), Turn::Terminal);
    assert_eq!(s.result().map(|r| r.end), Some(RoundEnd::Out(Seat::new(3))));
    assert_eq!(game.check_state(&s), Ok(()));
}

/// Fuzz finding (`dominoes_setup`, libFuzzer, 4 Dec 2026): with nothing on the table a setup
/// refused only mismatched tiles, so a hand could be empty before the first tile. Two
/// players, all 28 tiles in seat 0: the opening was laid and play passed to seat 1, which
/// holds nothing (a state `check_state` refused as a round already over). Seat 0 holding
/// only 0-0: it went out and left two empty hands (a result `check_state` refused). D2:
/// every player is dealt tiles, so no round opens with an empty hand, whoever holds the
/// rest.
#[test]
fn fuzz_setup_with_an_empty_hand_before_the_first_tile_is_refused() {
    use lattjo_dominoes::{Dominoes, Rules, Seat, Setup, SetupError, Tiles};
    let game = Dominoes::new(Rules::lattjo().with_players(2)).unwrap();
    let all = game.set();
    let zero: Tiles = "0-0".parse().unwrap();
    for (hands, stock, seat) in [
        (vec![all, Tiles::EMPTY], Tiles::EMPTY, 1),
        (vec![Tiles::EMPTY, all], Tiles::EMPTY, 0),
        (vec![zero, Tiles::EMPTY], all.difference(zero), 1),
    ] {
        let setup = Setup {
            hands,
            stock,
            layout: Layout::EMPTY,
            to_move: Seat::new(0),
        };
        assert_eq!(
            game.setup(setup),
            Err(SetupError::EmptyHandAtOpening(Seat::new(seat)))
        );
    }
    // Every hand holding tiles still opens (seat 0 all but one, seat 1 that one).
    let six: Tiles = "6-6".parse().unwrap();
    let fine = Setup {
        hands: vec![all.difference(six), six],
        stock: Tiles::EMPTY,
        layout: Layout::EMPTY,
        to_move: Seat::new(0),
    };
    let s = game.setup(fine).unwrap();
    assert_eq!(game.check_state(&s), Ok(()));
}

/// The same finding through serde (`dominoes_json`): a saved state in the opening phase with
/// an empty hand (as the unfixed `setup` made it) loaded, and play went on from it. It is
/// refused now, with the reason.
#[cfg(feature = "serde")]
#[test]
fn fuzz_saved_opening_with_an_empty_hand_is_refused() {
    let json = r#"{"rules":{"players":2,"highest":6,"hand_size":null,"draw_rule":"DrawOne","must_play_if_able":true,"closed_layout_ends_round":true,"blocked_tie":"NoScore","score_basis":"OthersMinusOwn","next_round_leader":"HighestDouble","no_double":"Redeal","partnerships":false,"scoring":"Block","spinner":"None"},"phase":{"Opening":{"seat":0,"forced":"6-6"}},"hands":["0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2 3-3 4-0 4-1 4-2 4-3 4-4 5-0 5-1 5-2 5-3 5-4 5-5 6-0 6-1 6-2 6-3 6-4 6-5 6-6","-"],"stock":"-","layout":"empty","dealt":28,"redeals":0,"lead":"HighestDouble","opener":null,"shown":[{"n":1,"count":[27,0,0,0,0,0],"lacks":[0,0,0,0,0,0],"dealt":[true,false,false,false,false,false]},{"n":0,"count":[0,0,0,0,0,0],"lacks":[0,0,0,0,0,0],"dealt":[false,false,false,false,false,false]}],"not_dealt":"-","fives":[0,0],"result":null}"#;
    let err = serde_json::from_str::<State>(json).expect_err("an empty hand at the opening");
    assert!(
        err.to_string()
            .contains("a hand is empty before the first tile"),
        "{err}"
    );
}

/// Regression (an audit against the rules file, invariant 12): a round opened by
/// `Dominoes::initial_state(seat)` under rules whose rounds open with the highest double
/// (the booklet's, `block`, `draw`, `partnership`) failed `check_state` ("a seat that is not
/// at the table"), so such a state could not be serialized and read back. Every state of a
/// round opened by any seat now passes it, under every preset of `games()`.
#[test]
fn regression_a_round_opened_by_a_chosen_seat_failed_check_state_under_the_highest_double() {
    for (gi, g) in games().iter().enumerate() {
        for seat in 0..g.num_players() as u8 {
            for seed in 0..3 {
                let s = g
                    .initial_state(Seat::new(seat))
                    .expect("a seat at the table");
                play_on(g, s, seed)
                    .unwrap_or_else(|e| panic!("game {gi}, seat {seat}, seed {seed}: {e}"));
            }
        }
    }
}

/// Regression (found on a second read of this sitting's E3 change): a determinization of a
/// state where a drawer waits to pass a tile that does not fit could deal the hands so that
/// nobody could play, a blocked round (E1) that `check_state` refuses, while the true round
/// goes on. Every determinization at every such node of random rounds under E3's option
/// passes `check_state` (228,244 of them in 12,000 rounds when written).
#[test]
fn regression_a_determinization_while_a_drawn_tile_waits_could_block_the_round_e1_e3() {
    let mut checked = 0;
    for rules in [
        Rules::lattjo().with_must_play_if_able(false),
        Rules::lattjo()
            .with_must_play_if_able(false)
            .with_players(4),
        Rules::draw().with_must_play_if_able(false),
        Rules::lattjo()
            .with_must_play_if_able(false)
            .with_draw_rule(DrawRule::DrawUntilPlayableLeaveTwo)
            .with_players(3),
    ] {
        let g = Dominoes::new(rules).expect("rules");
        for seed in 0..3000u64 {
            let mut s = g.new_initial_state();
            let mut rng = GameRng::new(seed, 1);
            let mut buf = Vec::new();
            loop {
                let a = match g.turn(&s) {
                    Turn::Terminal => break,
                    Turn::Chance => g.sample_chance(&s, &mut rng),
                    Turn::Player(_) => {
                        if s.drawn().is_some() {
                            for o in 0..g.num_players() as u8 {
                                let d = g.determinize(&s, Seat::new(o), &mut rng);
                                assert_eq!(g.check_state(&d), Ok(()), "seed {seed}, seat {o}");
                                checked += 1;
                            }
                        }
                        g.sample_action(&s, &mut rng, &mut buf)
                    }
                };
                g.apply(&mut s, &a.expect("an action")).expect("generated");
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}
