//! Property tests for the invariants of section 6 of the rules file, notation round trips,
//! and parsers that never panic.

use boardgame_core::{Game, GameRng, ImperfectInfo, Seat, Turn};
use lattjo_dominoes::{
    Action, BlockedTie, Dominoes, DrawRule, End, Layout, NoDouble, PlayError, RoundEnd,
    RoundRecord, Rules, ScoreBasis, Scoring, Setup, Side, SpinnerRule, State, Tile, Tiles,
};
use proptest::prelude::*;

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (
        2usize..=5,
        0usize..4,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        0usize..3,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(players, draw, must, closed, tie, basis, fives, spinner, nodouble, partners)| {
                Rules::lattjo()
                    .with_players(players)
                    .with_draw_rule(
                        [
                            DrawRule::DrawOne,
                            DrawRule::DrawUntilPlayable,
                            DrawRule::DrawUntilPlayableLeaveTwo,
                            DrawRule::NoDraw,
                        ][draw],
                    )
                    .with_must_play_if_able(must)
                    .with_closed_layout_ends_round(closed)
                    .with_blocked_tie(if tie {
                        BlockedTie::NoScore
                    } else {
                        BlockedTie::LightestTile
                    })
                    .with_score_basis(if basis {
                        ScoreBasis::OthersMinusOwn
                    } else {
                        ScoreBasis::OthersOnly
                    })
                    .with_scoring(if fives {
                        Scoring::Fives
                    } else {
                        Scoring::Block
                    })
                    .with_spinner(
                        [
                            SpinnerRule::None,
                            SpinnerRule::FirstDouble,
                            SpinnerRule::EveryDouble,
                        ][spinner],
                    )
                    .with_no_double(if nodouble {
                        NoDouble::Redeal
                    } else {
                        NoDouble::HighestTileLeads
                    })
                    .with_partnerships(partners && players == 4)
            },
        )
}

/// Five-Up (every double a spinner), 2-4 players, with partnerships and with the larger
/// double-nine set (ten spinners possible).
fn five_up_strategy() -> impl Strategy<Value = Rules> {
    (2usize..=4, any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |(players, partners, big, leave_two)| {
            Rules::five_up()
                .with_players(players)
                .with_partnerships(partners && players == 4)
                .with_highest(if big { 9 } else { 6 })
                .with_hand_size(Some(if big { 7 } else { 5 }))
                .with_draw_rule(if leave_two {
                    DrawRule::DrawUntilPlayableLeaveTwo
                } else {
                    DrawRule::DrawUntilPlayable
                })
        },
    )
}

/// Every option set, a third of the cases Five-Up.
fn any_rules() -> impl Strategy<Value = Rules> {
    prop_oneof![2 => rules_strategy(), 1 => five_up_strategy()]
}

/// Plays a seeded random round, calling `check` before every action with the action to come.
fn play(
    game: &Dominoes,
    seed: u64,
    mut check: impl FnMut(&State, &Action),
) -> (State, RoundRecord) {
    let mut s = game.new_initial_state();
    let mut rng = GameRng::new(seed, 1);
    let mut buf = Vec::new();
    let mut record = RoundRecord::default();
    for _ in 0..10_000 {
        let a = match game.turn(&s) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Player(_) => game.sample_action(&s, &mut rng, &mut buf),
        }
        .expect("a live node has an action");
        check(&s, &a);
        game.apply(&mut s, &a).expect("generated actions are legal");
        record.actions.push(a);
    }
    assert_eq!(game.turn(&s), Turn::Terminal, "the round ends");
    (s, record)
}

fn hands(game: &Dominoes, s: &State) -> Vec<Tiles> {
    Seat::all(game.num_players())
        .map(|p| s.hand(p).expect("seat"))
        .collect()
}

/// Every candidate action: all tiles of the set on all ends, openings, draw, pass, deals.
fn candidates(game: &Dominoes) -> Vec<Action> {
    let mut v = vec![Action::Draw, Action::Pass];
    for t in game.set().iter() {
        v.push(Action::Open(t));
        v.push(Action::Deal(t));
        for e in End::ALL {
            v.push(Action::Play(t, e));
        }
        for d in game.set().iter().filter(|d| d.is_double()) {
            for side in Side::BOTH {
                v.push(Action::Play(t, End::Side(d, side)));
            }
        }
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Invariant 1: hands, stock and layout always split the set exactly; invariant 3: the
    /// layout is consistent (its text re-parses, so neighbours match); invariant 5: each
    /// player action changes the state in one of the four allowed ways; invariant 8: after
    /// the end no action is accepted; invariant 9: the score.
    #[test]
    fn tiles_are_conserved_and_turns_change_the_state_lawfully(rules in any_rules(), seed in any::<u64>()) {
        let game = Dominoes::new(rules).expect("rules");
        let set = game.set();
        let check_conservation = |s: &State| {
            let mut seen = Tiles::EMPTY;
            let mut total = 0;
            for part in hands(&game, s).into_iter().chain([s.stock(), s.layout().tiles()]) {
                assert!(part.intersection(seen).is_empty(), "a tile in two places");
                seen = seen.union(part);
                total += part.len();
            }
            assert_eq!(seen, set);
            assert_eq!(total, set.len());
            assert_eq!(seen.pips(), set.pips());
        };
        let (end, _) = play(&game, seed, |s, a| {
            check_conservation(s);
            let text = s.layout().to_string();
            assert_eq!(text.parse::<Layout>().as_ref(), Ok(s.layout()), "{}", text);
            if let (Turn::Player(seat), Action::Play(..)) = (game.turn(s), a) {
                let mut next = s.clone();
                game.apply(&mut next, a).expect("legal");
                assert_eq!(next.layout().len(), s.layout().len() + 1);
                let lost = s.hand(seat).expect("h").len() - next.hand(seat).expect("h").len();
                assert_eq!(lost, 1);
                assert_eq!(next.stock(), s.stock());
            }
            // Invariant 2 (D4): the first tile of a round dealt with the highest-double rule
            // is the highest double dealt, from its holder.
            if let (Turn::Player(seat), Action::Open(t)) = (game.turn(s), a)
                && rules.no_double == NoDouble::Redeal
            {
                assert!(t.is_double());
                assert!(s.hand(seat).expect("h").contains(*t));
                for p in Seat::all(game.num_players()) {
                    let higher = s.hand(p).expect("h").iter().any(|x| x.is_double() && x.high() > t.high());
                    assert!(!higher, "{p} holds a double above the opening {t}");
                }
            }
            // Invariant 7 (D6, E9): after a play or a pass the next seat clockwise moves,
            // unless the round is over or a drawn tile is pending.
            if let (Turn::Player(seat), Action::Play(..) | Action::Open(_) | Action::Pass) = (game.turn(s), a) {
                let mut next = s.clone();
                game.apply(&mut next, a).expect("legal");
                let t = game.turn(&next);
                assert!(t == Turn::Terminal || t == Turn::Player(seat.next(game.num_players())), "{t:?}");
            }
            if let (Turn::Player(seat), Action::Pass) = (game.turn(s), a) {
                let mut next = s.clone();
                game.apply(&mut next, a).expect("legal");
                assert_eq!(next.hand(seat), s.hand(seat));
                assert_eq!(next.layout(), s.layout());
                assert_eq!(next.stock(), s.stock());
            }
        });
        check_conservation(&end);
        let r = end.result().expect("over");
        let pips: Vec<u32> = hands(&game, &end).iter().map(|h| h.pips()).collect();
        assert_eq!(r.pips.as_slice(), &pips[..]);
        match r.end {
            RoundEnd::Out(p) => assert!(end.hand(p).expect("h").is_empty()),
            RoundEnd::Blocked => {
                assert!(hands(&game, &end).iter().all(|h| !h.is_empty()));
                let mut v = Vec::new();
                // Nobody could play: no hand holds a tile fitting an open end.
                for h in hands(&game, &end) {
                    for t in h.iter() {
                        for e in end.layout().open_ends() {
                            v.push(end.layout().end_value(e).is_some_and(|n| t.has(n)));
                        }
                    }
                }
                assert!(v.iter().all(|x| !x));
            }
        }
        if rules.scoring == Scoring::Block {
            let scorers = r.points.as_slice().iter().filter(|&&p| p != 0).count();
            let team_size = if rules.partnerships { 2 } else { 1 };
            assert!(scorers == 0 || scorers == team_size, "one player (or team) scores");
            assert!(r.points.as_slice().iter().all(|&p| p >= 0));
            if let Some(w) = r.winner {
                assert!(Seat::all(game.num_players()).filter(|&p| game.team(p) != game.team(w)).all(|p| r.pips[p] >= r.pips[w]) || rules.partnerships);
            }
        }
        for a in candidates(&game) {
            assert!(!game.is_legal(&end, &a));
            let mut after = end.clone();
            assert!(game.apply(&mut after, &a).is_err());
            assert_eq!(after, end);
        }
    }

    /// Legal <=> generated, at every node of random rounds; refused actions leave the
    /// state unchanged.
    #[test]
    fn legal_iff_generated(rules in any_rules(), seed in any::<u64>()) {
        let game = Dominoes::new(rules).expect("rules");
        let all = candidates(&game);
        let mut listed_actions = Vec::new();
        let mut outcomes = Vec::new();
        let mut node = 0u32;
        play(&game, seed, |s, _| {
            node += 1;
            if !node.is_multiple_of(3) {
                return;
            }
            game.legal_actions(s, &mut listed_actions);
            game.chance_outcomes(s, &mut outcomes);
            for a in &all {
                let listed = listed_actions.contains(a) || outcomes.iter().any(|(o, _)| o == a);
                assert_eq!(game.is_legal(s, a), listed, "{a}");
                let mut t = s.clone();
                assert_eq!(game.apply(&mut t, a).is_ok(), listed, "{a}");
                if !listed {
                    assert_eq!(&t, s);
                }
            }
            // E4: two listed placements of the same tile never lead to the same position
            // (in the line game: the same pair of open ends).
            let line_game = rules.spinner == SpinnerRule::None && rules.scoring == Scoring::Block;
            for (i, x) in listed_actions.iter().enumerate() {
                for y in &listed_actions[i + 1..] {
                    assert_ne!(x, y);
                    if let (Action::Play(tx, _), Action::Play(ty, _), true) = (x, y, line_game) {
                        if tx != ty {
                            continue;
                        }
                        let ends = |a: &Action| {
                            let mut t = s.clone();
                            game.apply(&mut t, a).expect("legal");
                            let mut e = [t.layout().end_value(End::Left), t.layout().end_value(End::Right)];
                            e.sort();
                            e
                        };
                        assert_ne!(ends(x), ends(y), "{x} and {y} are the same play (E4)");
                    }
                }
            }
        });
    }

    /// Invariant 11 / E11 / D3: a seat's view does not change when the tiles it cannot see
    /// are moved between the other hands and the stock; the spectator sees no hand.
    #[test]
    fn a_view_never_shows_another_seats_tiles(rules in any_rules(), seed in any::<u64>(), shuffle in any::<u64>()) {
        let game = Dominoes::new(rules.with_partnerships(false)).expect("rules");
        let mut checked = 0;
        play(&game, seed, |s, _| {
            let Turn::Player(_) = game.turn(s) else { return };
            if s.layout().is_empty() || s.drawn().is_some() || checked > 3 {
                return;
            }
            let me = Seat::new((shuffle % game.num_players() as u64) as u8);
            let mut hidden: Vec<Tile> = game.set().difference(s.layout().tiles()).difference(s.hand(me).expect("h")).iter().collect();
            GameRng::new(shuffle, 2).shuffle(&mut hidden);
            let mut it = hidden.into_iter();
            let mut new_hands = Vec::new();
            for p in Seat::all(game.num_players()) {
                let h = s.hand(p).expect("h");
                new_hands.push(if p == me { h } else { it.by_ref().take(h.len()).collect() });
            }
            let stock: Tiles = it.collect();
            let to_move = game.turn(s).seat().expect("player");
            let original = Setup { hands: hands(&game, s), stock: s.stock(), layout: *s.layout(), to_move };
            let moved = Setup { hands: new_hands, stock, layout: *s.layout(), to_move };
            let (Ok(a), Ok(b)) = (game.setup(original), game.setup(moved)) else { panic!("valid setups") };
            if game.turn(&a) != game.turn(&b) {
                return; // the moved tiles blocked the round: a different position
            }
            checked += 1;
            assert_eq!(game.view(&a, Some(me)), game.view(&b, Some(me)));
            assert_eq!(game.view(&a, None), game.view(&b, None));
            assert_eq!(game.view(&a, None).hand, None);
            assert_eq!(game.view(&a, Some(me)).hand, s.hand(me));
        });
    }

    /// A determinization keeps the seat's view and conserves the tiles.
    #[test]
    fn determinize_is_consistent(rules in any_rules(), seed in any::<u64>()) {
        let game = Dominoes::new(rules).expect("rules");
        let mut rng = GameRng::new(seed, 3);
        play(&game, seed, |s, _| {
            for me in Seat::all(game.num_players()) {
                let d = game.determinize(s, me, &mut rng);
                assert_eq!(game.view(&d, Some(me)), game.view(s, Some(me)));
                assert_eq!(game.turn(&d), game.turn(s));
                let all = hands(&game, &d).into_iter().fold(d.stock().union(d.layout().tiles()), Tiles::union);
                assert_eq!(all, game.set());
            }
        });
    }

    /// Invariant 12: the same seed and moves give the same state; the round's text replays it.
    #[test]
    fn replay_and_round_text_round_trip(rules in any_rules(), seed in any::<u64>()) {
        let game = Dominoes::new(rules).expect("rules");
        let (end, record) = play(&game, seed, |_, _| {});
        let (again, _) = play(&game, seed, |_, _| {});
        assert_eq!(&again, &end);
        let text = record.to_string();
        let parsed: RoundRecord = text.parse().expect("parses");
        assert_eq!(&parsed, &record);
        assert_eq!(game.replay_round(&game.new_initial_state(), &parsed).expect("replays"), end);
        for a in &record.actions {
            assert_eq!(a.to_string().parse::<Action>().as_ref(), Ok(a));
        }
    }

    /// E4 / FU5: a placement refused as the same play as on its twin end really gives the
    /// same position: the same count, the same numbers showing, and for every tile still
    /// to come the same counts after it on each end it fits.
    #[test]
    fn fu5_dropped_twins_give_the_same_position(rules in five_up_strategy(), seed in any::<u64>()) {
        let game = Dominoes::new(rules).expect("rules");
        let rule = rules.spinner;
        let profile = |l: &Layout| {
            let mut ends: Vec<u8> = l.open_ends().filter_map(|e| l.end_value(e)).collect();
            ends.sort_unstable();
            let mut next: Vec<(Tile, u32)> = Vec::new();
            for u in game.set().difference(l.tiles()).iter() {
                for e in l.open_ends() {
                    let mut x = *l;
                    if x.place(u, e, rule).is_ok() {
                        next.push((u, x.ends_total()));
                    }
                }
            }
            next.sort_unstable();
            (l.ends_total(), ends, next)
        };
        play(&game, seed, |s, _| {
            let Turn::Player(seat) = game.turn(s) else { return };
            if s.layout().is_empty() {
                return;
            }
            for t in s.hand(seat).expect("hand").iter() {
                for e in s.layout().open_ends() {
                    if let Err(PlayError::SamePlay { same_as, .. }) = game.check(s, &Action::Play(t, e)) {
                        let (mut x, mut y) = (*s.layout(), *s.layout());
                        x.place(t, e, rule).expect("fits");
                        y.place(t, same_as, rule).expect("fits");
                        assert_eq!(profile(&x), profile(&y), "{t} {e} vs {same_as} on {}", s.layout());
                    }
                }
            }
        });
    }

    #[test]
    fn tile_and_tiles_round_trip(a in 0u8..=12, b in 0u8..=12, bits in any::<u128>()) {
        let t = Tile::new(a, b).expect("tile");
        assert_eq!(t.to_string().parse::<Tile>(), Ok(t));
        // Ends and moves on them, the sides of a double (FU4) included.
        let d = Tile::new(a, a).expect("double");
        for e in End::ALL.into_iter().chain(Side::BOTH.map(|side| End::Side(d, side))) {
            assert_eq!(e.to_string().parse::<End>(), Ok(e));
            let m = Action::Play(t, e);
            assert_eq!(m.to_string().parse::<Action>(), Ok(m));
        }
        let set: Tiles = Tiles::full_set(12).expect("set").iter().filter(|t| bits & (1u128 << ((t.high() * 13 + t.low()) % 128)) != 0).collect();
        assert_eq!(set.to_string().parse::<Tiles>(), Ok(set));
    }

    #[test]
    fn parsers_never_panic(s in "\\PC{0,40}") {
        let _ = s.parse::<Tile>();
        let _ = s.parse::<Tiles>();
        let _ = s.parse::<Action>();
        let _ = s.parse::<Layout>();
        let _ = s.parse::<RoundRecord>();
        let _ = Layout::parse_in_set(&s, 6);
    }

    #[test]
    fn parsers_never_panic_on_near_misses(s in "[\\[\\]*+:/0-9 -]{0,30}|(up|down|left|right|deal|draw|pass| |/|[0-9]{1,2}-[0-9]{1,2}[*+]?|[0-9]-[0-9]:(up|down)|\\[[0-9]-[0-9]\\]\\*?){0,12}") {
        let _ = s.parse::<Tile>();
        let _ = s.parse::<Action>();
        if let Ok(l) = s.parse::<Layout>() {
            assert_eq!(l.to_string().parse::<Layout>(), Ok(l));
        }
    }
}
