//! Property tests (section 7 invariants): checkers conserved, one colour per point, encodings
//! round-trip, maximal use of the dice, no panic and no corruption on arbitrary input.

use boardgame_core::{Game, GameRng, Match, MatchConfig, Turn};
use lattjo_backgammon::fibs::FibsBoard;
use lattjo_backgammon::{
    Action, Backgammon, Dice, GnubgId, IdGameState, ImportError, Label, MatchId, MatchIdSetup,
    NotationStyle, Phase, Play, PlayList, Position, ResignLevel, Rules, Side, SingleDiePolicy,
    State, Step, XgDice, Xgid, XgidSetup,
};
use proptest::prelude::*;

/// Regression: `MatchId::rules` lifted a base cube limit to a Match ID's cube, which the
/// format holds up to 2^15, past this crate's 2^12, and failed its own check of the rules it
/// made (a panic with debug assertions on).
#[test]
fn regression_match_id_rules_with_a_cube_above_2_12_made_invalid_rules() {
    for cube_log2 in 0..=15 {
        let id = MatchId::try_from(MatchIdSetup {
            cube_log2,
            cube_owner: (cube_log2 > 0).then_some(Side::Black),
            ..MatchIdSetup::money_start()
        })
        .unwrap();
        let r = id.rules(&Rules::standard().with_max_cube_log2(Some(6)));
        assert_eq!(r.validate(), Ok(()), "cube 2^{cube_log2}");
        assert_eq!(r.max_cube_log2, Some(cube_log2.clamp(6, 12)));
        assert!(Backgammon::new(r).is_ok());
    }
}

/// A state reached by `plies` random actions from the start under `rules`.
fn random_state(rules: Rules, seed: u64, plies: u32) -> State {
    let g = Backgammon::new(rules).unwrap();
    let mut s = g.new_initial_state();
    let mut rng = GameRng::new(seed, 0);
    let mut buf = Vec::new();
    for _ in 0..plies {
        let a = match g.turn(&s) {
            Turn::Terminal => break,
            Turn::Chance => g.sample_chance(&s, &mut rng),
            Turn::Player(_) => g.sample_action(&s, &mut rng, &mut buf),
        };
        g.apply(&mut s, &a.unwrap()).unwrap();
    }
    s
}

fn checker_play() -> Rules {
    Rules::standard().with_cube(false)
}

/// The state of the game in progress after `plies` random actions of a 5-point match.
fn random_match_state(rules: Rules, seed: u64, plies: u32) -> State {
    let g = Match::new(
        Backgammon::new(rules).unwrap(),
        MatchConfig::new(Some(5), None).unwrap(),
    );
    let mut s = g.new_initial_state();
    let mut rng = GameRng::new(seed, 1);
    let mut buf = Vec::new();
    for _ in 0..plies {
        let a = match g.turn(&s) {
            Turn::Terminal => break,
            Turn::Chance => g.sample_chance(&s, &mut rng),
            Turn::Player(_) => g.sample_action(&s, &mut rng, &mut buf),
        };
        g.apply(&mut s, &a.unwrap()).unwrap();
    }
    *s.round()
}

/// A GNUBG ID that reads into a state writes back an ID that reads to the same state (the
/// unswapped ID), or to the same game with the players exchanged (the default ID, with Black
/// on roll).
fn check_gnubg_import(g: &GnubgId) -> Result<(), TestCaseError> {
    if let Ok(st) = State::try_from(g) {
        prop_assert_eq!(State::try_from(&st.to_gnubg_id_unswapped()), Ok(st));
        let back = State::try_from(&st.to_gnubg_id());
        prop_assert!(back.is_ok(), "{:?}", back);
        if st.to_move() == Side::Black {
            prop_assert_eq!(st.to_gnubg_id(), st.to_gnubg_id_unswapped().swap_players());
            prop_assert_eq!(
                back.map(|b| *b.position()),
                Ok(st.position().swap_colours())
            );
        } else {
            prop_assert_eq!(back, Ok(st));
        }
        prop_assert_eq!(st.to_string().parse::<Xgid>().map(|_| ()), Ok(()));
    }
    Ok(())
}

fn assert_valid(p: &Position) {
    for side in Side::ALL {
        let total: u32 = p.checkers(side).iter().map(|&c| u32::from(c)).sum();
        assert_eq!(total, 15, "checkers conserved for {side}");
    }
    for q in 1..=24 {
        assert!(
            p.checkers(Side::White)[q] == 0 || p.checkers(Side::Black)[25 - q] == 0,
            "B10 at {q}"
        );
    }
}

fn arb_action() -> impl Strategy<Value = Action> {
    let step = (0u8..=26, 0u8..=26).prop_filter_map("step", |(a, b)| Step::new(a, b));
    let play = prop::collection::vec(step, 0..=4).prop_map(|v| Play::from_steps(&v).unwrap());
    prop_oneof![
        (0u8..8, 0u8..8).prop_map(|(white, black)| Action::Opening { white, black }),
        (1u8..=6, 1u8..=6).prop_map(|(a, b)| Action::Dice(Dice::new(a, b).unwrap())),
        Just(Action::Roll),
        Just(Action::Double),
        Just(Action::Take),
        Just(Action::Drop),
        Just(Action::Beaver),
        Just(Action::Resign(ResignLevel::Single)),
        Just(Action::AcceptResignation),
        Just(Action::RejectResignation),
        play.prop_map(Action::Play),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(200) })]

    #[test]
    fn no_panic_on_arbitrary_strings(s in ".{0,40}") {
        let _ = Position::from_position_id(&s, Side::White);
        let _ = s.parse::<MatchId>();
        let _ = s.parse::<Xgid>();
        let _ = s.parse::<GnubgId>();
        let _ = s.parse::<State>();
        let _ = State::from_gnubg_id(&s);
        let _ = s.parse::<Label>();
        let _ = format!("XGID={s}").parse::<Xgid>();
        let _ = format!("XGID={s}").parse::<State>();
        let _ = s.parse::<FibsBoard>();
        let _ = State::from_fibs_board(&format!("board:{s}"), Side::Black);
        let p = Position::start(Side::White);
        let _ = p.parse_play(&s, Dice::new(3, 1).unwrap(), SingleDiePolicy::Standard);
    }

    /// Every parser on text shaped like its format: no panic; whatever is accepted writes
    /// back to text that reads back the same, converts to the other formats, and imports
    /// into a state that writes and reads back the same.
    #[test]
    fn id_shaped_text_round_trips_or_is_refused(
        s in "[A-Za-z0-9+/!]{14}", m in "[A-Za-z0-9+/]{12}", x in "[-a-pA-P]{26}",
        cube in "[0-9]{1,2}", owner in "(0|1|-1|2)", turn in "(1|-1|0)", dice in "(00|D|B|[0-7][0-7])",
        s1 in "[0-9]{1,2}", s2 in "[0-9]{1,2}", rules in "[0-4]", len in "[0-9]{1,2}", max in "[0-9]{1,2}",
        seed in 0u64..1000, plies in 0u32..300, real: bool,
    ) {
        // Half the time a reachable position, so that the XGID branch is exercised.
        let x = if real {
            Xgid::money(*random_state(checker_play(), seed, plies).position()).to_string()[5..31].to_string()
        } else {
            x
        };
        if let Ok(p) = Position::from_position_id(&s, Side::Black) {
            assert_valid(&p);
            prop_assert_eq!(p.position_id(), s);
        }
        if let Ok(id) = m.parse::<MatchId>() {
            prop_assert_eq!(id.to_string(), m.clone());
            prop_assert_eq!(MatchId::try_from(id.setup()), Ok(id));
            if let Ok(g) = format!("{}:{m}", Position::start(Side::White).position_id()).parse::<GnubgId>() {
                check_gnubg_import(&g)?;
            }
        }
        let text = format!("XGID={x}:{cube}:{owner}:{turn}:{dice}:{s1}:{s2}:{rules}:{len}:{max}");
        if let Ok(xg) = text.parse::<Xgid>() {
            prop_assert_eq!(xg.to_string().parse::<Xgid>(), Ok(xg));
            prop_assert_eq!(Xgid::try_from(xg.setup()), Ok(xg));
            let m = MatchId::from(&xg);
            prop_assert_eq!(MatchId::try_from(m.setup()), Ok(m), "{}", text);
            let g = GnubgId::from(&xg);
            prop_assert_eq!(g.to_string().parse::<GnubgId>(), Ok(g));
            if xg.dice() != XgDice::Doubled {
                // GNUBG records neither beavers nor the maximum cube, and writes the higher
                // die first.
                let dice = match xg.dice() {
                    XgDice::Rolled(a, b) => XgDice::Rolled(a.max(b), a.min(b)),
                    other => other,
                };
                let expected = Xgid::try_from(XgidSetup {
                    beavers: false,
                    max_cube_log2: xg.cube_log2().max(10),
                    dice,
                    ..xg.setup()
                });
                prop_assert_eq!(Xgid::try_from(&GnubgId::from_xgid_unswapped(&xg)).ok(), expected.clone().ok());
                // With the top player on roll GNUBG swaps the players: the XGID comes back
                // with them exchanged.
                let expected = if xg.gnubg_swaps_players() {
                    expected.map(|e| e.swap_players())
                } else {
                    expected
                };
                prop_assert_eq!(Xgid::try_from(&g).ok(), expected.ok());
            }
            if let Ok(st) = State::try_from(&xg) {
                prop_assert_eq!(st.to_string().parse::<State>(), Ok(st));
                check_gnubg_import(&g)?;
            }
        }
    }

    #[test]
    fn no_panic_on_notation_like_text(s in "((bar|off|[0-9]{1,2})[*]?/(bar|off|[0-9]{1,2})[*]?(\\([0-9]\\))? ?){0,5}", seed in 0u64..1000, plies in 0u32..80) {
        let st = random_state(checker_play(), seed, plies);
        if let Some(d) = st.dice()
            && let Ok(play) = st.position().parse_play(&s, d, SingleDiePolicy::Standard)
        {
            let mut list = PlayList::new();
            list.generate(st.position(), d, SingleDiePolicy::Standard);
            prop_assert!(list.contains(&play) || (list.is_empty() && play.is_none()));
        }
    }

    #[test]
    fn encodings_round_trip(seed in 0u64..10_000, plies in 0u32..200) {
        let s = random_state(checker_play(), seed, plies);
        let p = *s.position();
        assert_valid(&p);
        prop_assert_eq!(Position::from_position_id(&p.position_id(), p.to_move()).unwrap(), p);
        let x = Xgid::money(p);
        prop_assert_eq!(x.to_string().parse::<Xgid>().unwrap(), x);
        prop_assert_eq!(p.swap_colours().swap_colours(), p);
        prop_assert_eq!(p.swap_colours().position_id(), p.position_id());
    }

    /// Every valid set of Match ID fields writes 12 characters that read back the same.
    #[test]
    fn match_id_round_trips(cube in 0u8..17, owner in 0u8..3, roll: bool, crawford: bool, gs in 0u8..5, turn: bool,
                            doubled: bool, resign in 0u8..4, d1 in 1u8..=6, d2 in 1u8..=6, rolled: bool,
                            len in 0u32..70, s0 in 0u32..80, s1 in 0u32..80, jacoby: bool) {
        let side = |v: bool| if v { Side::White } else { Side::Black };
        let setup = MatchIdSetup {
            cube_log2: cube,
            cube_owner: match owner { 0 => Some(Side::White), 1 => Some(Side::Black), _ => None },
            on_roll: side(roll),
            crawford,
            game_state: [IdGameState::NoGame, IdGameState::Playing, IdGameState::Over, IdGameState::Resigned, IdGameState::Dropped][gs as usize],
            turn: side(turn),
            double_offered: doubled,
            resignation: match resign { 0 => None, 1 => Some(ResignLevel::Single), 2 => Some(ResignLevel::Gammon), _ => Some(ResignLevel::Backgammon) },
            dice: if rolled { Dice::new(d1, d2) } else { None },
            match_length: len,
            score: [s0, s1],
            jacoby,
        };
        if let Ok(id) = MatchId::try_from(setup) {
            let text = id.to_string();
            prop_assert_eq!(text.len(), 12);
            prop_assert_eq!(text.parse::<MatchId>().unwrap(), id);
            prop_assert!(len <= 64 && cube <= 15);
            if len > 0 && !id.game_state().is_ended() {
                prop_assert!(s0 < len && s1 < len);
            }
        }
    }

    #[test]
    fn xgid_fields_round_trip(seed in 0u64..1000, plies in 0u32..100, cube in 0u8..14, owner in 0u8..3, d1 in 1u8..=6, d2 in 1u8..=6,
                              crawford: bool, jacoby: bool, beavers: bool, len in 0u32..66, s0 in 0u32..70, s1 in 0u32..70, max in 0u8..15) {
        let p = *random_state(checker_play(), seed, plies).position();
        let setup = XgidSetup {
            position: p,
            cube_log2: cube,
            cube_owner: match owner { 0 => Some(Side::White), 1 => Some(Side::Black), _ => None },
            dice: XgDice::Rolled(d1, d2),
            score: [s0, s1],
            crawford,
            jacoby,
            beavers,
            match_length: len,
            max_cube_log2: max,
        };
        if let Ok(x) = Xgid::try_from(setup) {
            prop_assert_eq!(x.to_string().parse::<Xgid>().unwrap(), x);
        }
    }

    /// A game's XGID reads back the rules it was written under (`Xgid::rules`): the Jacoby
    /// rule and beavers in money play, the maximum cube (no limit writes XG's 10, which
    /// reads as 2^10 unless the cube is above it; a limit of 2^12 reads as 2^12), and the
    /// state it describes is one those rules play (`Backgammon::check_state`); the same for
    /// a GNUBG ID's Jacoby flag.
    #[test]
    fn xgid_rule_fields_round_trip(seed in 0u64..2_000, plies in 1u32..80, jacoby: bool, beavers: bool,
                                   max in proptest::option::of(0u8..=12), in_match: bool) {
        let base = Rules::standard();
        let rules = base.with_jacoby(jacoby).with_beavers(beavers).with_max_cube_log2(max);
        let game = Backgammon::new(rules).unwrap();
        let s = if in_match { random_match_state(rules, seed, plies) } else { random_state(rules, seed, plies) };
        if s.phase() == Phase::Over || s.phase() == Phase::Opening {
            return Ok(());
        }
        let x = game.xgid(&s);
        let read = x.rules(&base);
        let money = s.match_context().is_none();
        prop_assert_eq!(read.jacoby, money && jacoby);
        prop_assert_eq!(read.beavers, money && beavers);
        let written = max.unwrap_or(10).max(x.cube_log2() + u8::from(x.dice() == XgDice::Doubled));
        prop_assert_eq!(read.max_cube_log2, Some(written.min(12)));
        prop_assert!(read.cube);
        let replayed = Backgammon::new(read).unwrap();
        let back = State::try_from(&x).unwrap();
        prop_assert_eq!(replayed.check_state(&back), Ok(()), "{}", x);
        prop_assert_eq!(replayed.xgid(&back), x);
        let id = game.gnubg_id_unswapped(&s);
        let from_id = id.match_id().rules(&base);
        prop_assert_eq!(from_id.jacoby, money && jacoby);
        prop_assert_eq!(from_id.crawford, base.crawford);
    }

    /// A state's FIBS board line, written for either player, reads back as the same line and,
    /// wherever the line records everything (see `FibsBoard::from_state`), as the same state;
    /// elsewhere it reads as the documented nearest state or as a finished game.
    #[test]
    fn fibs_board_lines_round_trip(seed in 0u64..5_000, plies in 0u32..400, preset in 0usize..4) {
        let rules = [Rules::standard(), Rules::lattjo(), checker_play(),
            Rules::standard().with_beavers(true).with_resignations(true).with_automatic_doubles(2).with_jacoby(true).with_resign_when_doubled(true)][preset];
        let game = Backgammon::new(rules).unwrap();
        for s in [random_state(rules, seed, plies), random_match_state(rules, seed, plies)] {
            for you in Side::ALL {
                let line = game.fibs_board(&s, you, ["you", "opponent"]).unwrap();
                let text = line.to_string();
                prop_assert_eq!(text.parse::<FibsBoard>(), Ok(line.clone()));
                let plain = s.to_fibs_board(you, ["you", "opponent"]).unwrap();
                prop_assert_eq!(line.board(), plain.board());
                // Every legal play reads back from its FIBS move text.
                if let (Phase::Moving, Some(d)) = (s.phase(), s.dice()) {
                    let policy = rules.single_die;
                    let mut list = PlayList::new();
                    s.position().legal_plays(d, policy, &mut list);
                    for play in list.plays().take(24) {
                        let text = line.move_text(&play).unwrap();
                        prop_assert_eq!(line.parse_move(&text, policy), Ok(play), "{}", text);
                    }
                }
                let back = line.to_state(you);
                let doubler = s.position().to_move() == you;
                let centred_above_1 = s.cube_owner().is_none() && s.cube_log2() > 0;
                let exact = matches!(s.phase(), Phase::Moving | Phase::BeforeRoll)
                    || (s.phase() == Phase::Doubled && !(doubler && centred_above_1));
                if exact && !s.resign_refused() {
                    prop_assert_eq!(back, Ok(s), "{}", text);
                } else if s.phase() == Phase::Over {
                    prop_assert_eq!(back, Err(ImportError::Finished));
                } else {
                    let b = back.unwrap();
                    for x in Side::ALL {
                        prop_assert_eq!(b.position().checkers(x), s.position().checkers(x));
                    }
                    prop_assert_eq!(b.match_context(), s.match_context());
                }
            }
        }
    }

    /// A real line with one to three fields replaced: no panic; a line that reads writes back
    /// to a line that reads the same, and a state it makes writes a line that reads as it.
    #[test]
    fn fibs_board_lines_with_fields_changed_are_refused_or_read_consistently(
        seed in 0u64..2_000, plies in 0u32..300, edits in prop::collection::vec((0usize..53, "(-?[0-9]{1,2}|9999|[a-z:]{0,2}| 1|)"), 1..4),
    ) {
        let s = random_match_state(Rules::standard(), seed, plies);
        let line = s.to_fibs_board(Side::White, ["a", "b"]).unwrap().to_string();
        let mut fields: Vec<String> = line.split(':').map(str::to_string).collect();
        for (i, v) in edits {
            fields[i] = v;
        }
        let text = fields.join(":");
        if let Ok(b) = text.parse::<FibsBoard>() {
            prop_assert_eq!(b.to_string().parse::<FibsBoard>(), Ok(b.clone()));
            for you in Side::ALL {
                if let Ok(t) = b.to_state(you) {
                    // Written back for either player (the doubler's line differs from the
                    // answerer's; an owned cube at 1 read so and wrote back centred, which is
                    // why it is refused now: `StateError::OwnedCubeAtOne`).
                    for writer in Side::ALL {
                        // The one state a line reads as but cannot be written as for the
                        // doubler (`FibsBoard::from_state`): a double of a centred cube above 1.
                        if t.phase() == Phase::Doubled && t.cube_owner().is_none() && t.cube_log2() > 0
                            && writer == t.position().to_move()
                        {
                            continue;
                        }
                        let again = t.to_fibs_board(writer, b.names()).unwrap();
                        prop_assert_eq!(again.to_state(writer), Ok(t), "{} for {:?}", text, writer);
                    }
                }
            }
        }
    }

    /// A state's XGID and GNUBG ID are valid and read back to the same state wherever the
    /// format records everything (see `State::to_xgid`, `State::to_gnubg_id`).
    #[test]
    fn state_text_round_trips(seed in 0u64..5_000, plies in 0u32..400, preset in 0usize..4) {
        let rules = [Rules::standard(), Rules::lattjo(), checker_play(),
            Rules::standard().with_beavers(true).with_resignations(true).with_automatic_doubles(2).with_jacoby(true).with_resign_when_doubled(true)][preset];
        for s in [random_state(rules, seed, plies), random_match_state(rules, seed, plies)] {
            let game = Backgammon::new(rules).unwrap();
            for x in [s.to_xgid(), game.xgid(&s)] {
                prop_assert_eq!(Xgid::try_from(x.setup()), Ok(x));
            }
            for g in [s.to_gnubg_id(), game.gnubg_id(&s)] {
                prop_assert_eq!(MatchId::try_from(g.match_id().setup()), Ok(*g.match_id()));
                prop_assert_eq!(g.to_string().parse::<GnubgId>(), Ok(g));
            }
            // A refused resignation lives only before the roll, the play or the answer to a
            // double (D6; it is the one field neither format records).
            if s.resign_refused() {
                prop_assert!(matches!(s.phase(), Phase::BeforeRoll | Phase::Moving | Phase::Doubled), "{s:?}");
            }
            let xgid_exact = matches!(s.phase(), Phase::Moving | Phase::Doubled | Phase::BeforeRoll)
                && !s.resign_refused();
            if xgid_exact {
                prop_assert_eq!(s.to_string().parse::<State>(), Ok(s));
            }
            let gnubg_exact = xgid_exact || (matches!(s.phase(), Phase::Opening | Phase::ResignOffered(_) | Phase::ResignOfferedDoubled(_)) && !s.resign_refused());
            if gnubg_exact {
                prop_assert_eq!(State::from_gnubg_id(&s.to_gnubg_id_unswapped().to_string()), Ok(s));
                prop_assert_eq!(State::try_from(&game.gnubg_id_unswapped(&s)), Ok(s));
            }
            // The default IDs number the players as GNUBG does after `set xgid`: swapped with
            // Black (the XGID's top player) on roll, and then what `set xgid` itself gives.
            for (id, plain, x) in [
                (s.to_gnubg_id(), s.to_gnubg_id_unswapped(), s.to_xgid()),
                (game.gnubg_id(&s), game.gnubg_id_unswapped(&s), game.xgid(&s)),
            ] {
                let swaps = s.to_move() == Side::Black;
                prop_assert_eq!(swaps, x.gnubg_swaps_players());
                prop_assert_eq!(id, if swaps { plain.swap_players() } else { plain });
                if matches!(s.phase(), Phase::Moving | Phase::BeforeRoll) {
                    prop_assert_eq!(id, GnubgId::from(&x));
                }
                if xgid_exact {
                    prop_assert_eq!(State::try_from(&id), State::try_from(&if swaps { x.swap_players() } else { x }));
                }
            }
            if s.phase() == Phase::Over && s.position().winner().is_some() {
                prop_assert_eq!(s.to_string().parse::<State>(), Err(ImportError::Finished));
            }
        }
    }

    /// Section 7: maximal use (Standard), never the lower die alone (Lattjo), pip arithmetic,
    /// bar priority, colour symmetry.
    #[test]
    fn play_sets_obey_the_policies(seed in 0u64..10_000, plies in 0u32..200, hi in 1u8..=6, lo in 1u8..=6) {
        let s = random_state(checker_play(), seed, plies);
        let p = *s.position();
        let d = Dice::new(hi, lo).unwrap();
        let mut std = PlayList::new();
        let mut lat = PlayList::new();
        std.generate(&p, d, SingleDiePolicy::Standard);
        lat.generate(&p, d, SingleDiePolicy::Lattjo);
        let me = p.to_move();
        let lens: Vec<usize> = std.plays().map(|x| x.steps().len()).collect();
        prop_assert!(lens.windows(2).all(|w| w[0] == w[1]), "Standard: all plays use the same number of dice");
        for (play, r) in std.plays().zip(std.results()).chain(lat.plays().zip(lat.results())) {
            assert_valid(&r);
            prop_assert_eq!(p.apply_steps(&play).unwrap(), r);
            // Pip arithmetic: each step lowers the mover's count by its length (bear-off: the point).
            let moved: u32 = play.steps().iter().map(|st| u32::from(st.from() - st.to())).sum();
            prop_assert_eq!(p.pip_count(me) - r.pip_count(me), moved);
            // Bar priority: while on the bar, steps start from the bar.
            let bar = usize::from(p.bar(me));
            for (i, st) in play.steps().iter().enumerate() {
                if i < bar { prop_assert_eq!(st.from(), 25); }
            }
        }
        if !d.is_double() {
            for play in lat.plays() {
                let st = play.steps();
                // Lattjo: never the lower die alone.
                if st.len() == 1 && !r_is_over(&p, &play) {
                    let used = st[0].from() - st[0].to();
                    prop_assert!(used == d.high() || (st[0].to() == 0 && used < d.high()), "lower die alone: {:?}", play);
                }
            }
            // Standard: if only one die can be used and some play uses the higher, all do.
            if lens.first() == Some(&1) {
                let hi_used = |pl: &Play| { let s = pl.steps()[0]; s.from() - s.to() == d.high() || (s.to() == 0 && s.from() - s.to() < d.high() && s.from() - s.to() != d.low()) };
                if std.plays().any(|x| hi_used(&x)) {
                    prop_assert!(std.plays().all(|x| hi_used(&x)));
                }
            }
        }
        // Colour symmetry: the mirrored position has the same number of plays.
        let mut m = PlayList::new();
        prop_assert_eq!(m.generate(&p.swap_colours(), d, SingleDiePolicy::Standard), std.len());
        // Notation round trip.
        for play in std.plays() {
            let t = p.format_play(&play, NotationStyle::Compact);
            let back = p.parse_play(&t, d, SingleDiePolicy::Standard).unwrap();
            prop_assert_eq!(p.apply_steps(&back).unwrap(), p.apply_steps(&play).unwrap());
        }
    }

    /// Random actions never corrupt: a refused action leaves the state unchanged; an accepted
    /// one was legal; the invariants hold after every accepted action.
    #[test]
    fn random_actions_never_corrupt(seed in 0u64..10_000, plies in 0u32..300, actions in prop::collection::vec(arb_action(), 1..20)) {
        for rules in [Rules::standard(), Rules::lattjo().with_beavers(true).with_resignations(true).with_automatic_doubles(2)] {
            let g = Backgammon::new(rules).unwrap();
            let mut s = random_state(rules, seed, plies);
            for a in &actions {
                let before = s;
                let legal = g.is_legal(&s, a);
                match g.apply(&mut s, a) {
                    Ok(()) => prop_assert!(legal),
                    Err(_) => { prop_assert!(!legal); prop_assert_eq!(s, before); }
                }
                assert_valid(s.position());
                prop_assert!(s.cube_value().is_power_of_two());
            }
        }
    }

    /// legal <=> generated for plays.
    #[test]
    fn legal_iff_generated(seed in 0u64..10_000, plies in 0u32..200, play in prop::collection::vec((1u8..=25, 0u8..=24), 0..=4)) {
        let g = Backgammon::new(checker_play()).unwrap();
        let s = random_state(checker_play(), seed, plies);
        let steps: Vec<Step> = play.iter().filter_map(|&(a, b)| Step::new(a, b)).collect();
        let a = Action::Play(Play::from_steps(&steps).unwrap());
        let mut v = Vec::new();
        g.legal_actions(&s, &mut v);
        prop_assert_eq!(g.is_legal(&s, &a), v.contains(&a));
        for a in &v {
            prop_assert!(g.is_legal(&s, a));
        }
    }
}

fn r_is_over(p: &Position, play: &Play) -> bool {
    p.apply_steps(play)
        .map(|r| r.has_won(p.to_move()))
        .unwrap_or(false)
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(300) })]

    /// A17: generated results are pairwise distinct under both policies, and the play set is
    /// the same whichever generator shortcut is taken (compared with a brute-force search
    /// over every step order).
    #[test]
    fn results_distinct_and_complete(seed in 0u64..20_000, plies in 0u32..250, hi in 1u8..=6, lo in 1u8..=6) {
        let p = *random_state(checker_play(), seed, plies).position();
        let d = Dice::new(hi, lo).unwrap();
        for policy in [SingleDiePolicy::Standard, SingleDiePolicy::Lattjo] {
            let mut list = PlayList::new();
            list.generate(&p, d, policy);
            let mut r: Vec<Position> = list.results().collect();
            let n = r.len();
            r.sort_by_key(|x| x.position_id());
            r.dedup();
            prop_assert_eq!(r.len(), n, "duplicate results");
            let mut brute = brute_force(&p, d, policy);
            brute.sort_by_key(|x| x.position_id());
            prop_assert_eq!(r, brute);
        }
    }
}

/// Every step sequence, both die orders, no pruning; then the policy filter of A8/A9.
fn brute_force(p: &Position, d: Dice, policy: SingleDiePolicy) -> Vec<Position> {
    let dice: Vec<Vec<u8>> = if d.is_double() {
        vec![vec![d.high(); 4]]
    } else {
        vec![vec![d.high(), d.low()], vec![d.low(), d.high()]]
    };
    // (result, dice used, used the higher die first-and-only)
    let mut leaves: Vec<(Position, usize, bool)> = Vec::new();
    fn rec(
        p: &Position,
        dice: &[u8],
        used: usize,
        first: Option<u8>,
        out: &mut Vec<(Position, usize, bool)>,
        lattjo_hi: Option<u8>,
    ) {
        let me = p.to_move();
        if used == dice.len() || p.has_won(me) {
            out.push((p.with_to_move(me.opponent()), used, false));
            return;
        }
        let mut any = false;
        for from in (1..=25u8).rev() {
            if let Some(step) = step_for(p, from, dice[used]) {
                any = true;
                let next = p
                    .apply_steps(&Play::from_steps(&[step]).unwrap())
                    .unwrap()
                    .with_to_move(me);
                if used == 0 && lattjo_hi == Some(dice[0]) {
                    out.push((next.with_to_move(me.opponent()), 1, true));
                }
                rec(
                    &next,
                    dice,
                    used + 1,
                    first.or(Some(dice[used])),
                    out,
                    lattjo_hi,
                );
            }
        }
        if !any {
            out.push((
                p.with_to_move(me.opponent()),
                used,
                used == 1 && first == Some(dice.iter().copied().max().unwrap_or(0)),
            ));
        }
    }
    let lattjo = policy == SingleDiePolicy::Lattjo;
    for order in &dice {
        rec(
            p,
            order,
            0,
            None,
            &mut leaves,
            if lattjo && !d.is_double() {
                Some(d.high())
            } else {
                None
            },
        );
    }
    let full = if d.is_double() { 4 } else { 2 };
    let keep: Vec<Position> = if lattjo && !d.is_double() {
        // Full plays (game over counts as playing what could be played only via the higher
        // die alone) and higher-die-only plays.
        leaves
            .iter()
            .filter(|l| l.1 == full || l.2)
            .map(|l| l.0)
            .collect()
    } else {
        let max = leaves.iter().map(|l| l.1).max().unwrap_or(0);
        let mut v: Vec<&(Position, usize, bool)> =
            leaves.iter().filter(|l| l.1 == max && max > 0).collect();
        if !d.is_double() && max == 1 && v.iter().any(|l| l.2) {
            v.retain(|l| l.2);
        }
        v.into_iter().map(|l| l.0).collect()
    };
    let mut keep = keep;
    keep.sort_by_key(|x| x.position_id());
    keep.dedup();
    keep
}

/// The legal step from `from` with die `d` for the side on roll, by the rules directly
/// (B13, B9, B18, B20-B23).
fn step_for(p: &Position, from: u8, d: u8) -> Option<Step> {
    let me = p.to_move();
    let mine = p.checkers(me);
    let theirs = p.checkers(me.opponent());
    if mine[from as usize] == 0 || (mine[25] > 0 && from != 25) {
        return None;
    }
    if from > d {
        let to = from - d;
        if theirs[25 - to as usize] >= 2 {
            None
        } else {
            Step::new(from, to)
        }
    } else {
        let all_home = mine[7..=25].iter().all(|&c| c == 0);
        let higher_empty = mine[from as usize + 1..=6].iter().all(|&c| c == 0);
        if all_home && (from == d || higher_empty) {
            Step::new(from, 0)
        } else {
            None
        }
    }
}
