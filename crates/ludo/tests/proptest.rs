//! Property tests: notation round trips, no panic on arbitrary input, illegal actions refused
//! with the state unchanged, and the invariants of rules file section 7 (checkers conserved,
//! no mixed dots, home track protected, finished checkers stay finished, releases only on
//! release rolls), on the presets, a hybrid and each preset with D7's safe stars (where
//! colours share only the stars and nothing on a star is captured).

use boardgame_core::{Game, GameRng, Turn};
use lattjo_ludo::{
    Action, Colour, Die, Dot, Finish, Ludo, Move, MoveKind, PlayError, Position, Rules, SafeDots,
    Seats, State,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

fn games() -> Vec<Ludo> {
    let hybrid = Rules::lattjo()
        .with_must_move(false)
        .with_max_sixes(Some(3))
        .with_three_tries(true)
        .with_play_out_places(true);
    vec![
        Ludo::new(Rules::lattjo()).unwrap(),
        Ludo::new(Rules::lattjo().with_seats("RY".parse().unwrap())).unwrap(),
        Ludo::new(Rules::classic().with_seats("GYB".parse().unwrap())).unwrap(),
        Ludo::new(Rules::mensch()).unwrap(),
        Ludo::new(hybrid.with_seats("RGB".parse().unwrap())).unwrap(),
        // D7's separate option: Ludo King's stars on each preset.
        Ludo::new(Rules::lattjo().with_safe_dots(SafeDots::LUDO_KING)).unwrap(),
        Ludo::new(Rules::classic().with_safe_dots(SafeDots::LUDO_KING)).unwrap(),
        Ludo::new(Rules::mensch().with_safe_dots(SafeDots::LUDO_KING)).unwrap(),
    ]
}

/// The number of games in [`games`].
const GAMES: usize = 8;

/// Plays on from an accepted state with random actions: nothing panics, no move is listed
/// twice, every generated action is accepted, the state string round-trips (checked for the first plies, where the accepted
/// state's oddities are), and the game ends. Hybrid rules can make long random games (one
/// seed of a 24/20/3 goal-field hybrid took 54,000 plies), hence the generous cap.
fn play_on(g: &Ludo, mut st: State, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = GameRng::new(seed, 3);
    let mut buf = Vec::new();
    for ply in 0..2_000_000 {
        let a = match g.turn(&st) {
            Turn::Terminal => {
                prop_assert!(g.returns(&st).is_some());
                prop_assert_eq!(st.to_string().parse::<State>().unwrap(), st);
                return Ok(());
            }
            Turn::Chance => g.sample_chance(&st, &mut rng),
            Turn::Player(_) => g.sample_action(&st, &mut rng, &mut buf),
        };
        let a = a.ok_or_else(|| TestCaseError::fail(format!("no action in {st}")))?;
        // Equal neighbours are one move (L9), with or without own stacking (D3): no move is
        // listed twice.
        let moves = st.legal_moves();
        prop_assert!(
            moves
                .iter()
                .enumerate()
                .all(|(i, m)| !moves[..i].contains(m)),
            "a move listed twice in {}",
            st
        );
        g.apply(&mut st, &a)
            .map_err(|e| TestCaseError::fail(format!("{a} in {st}: {e}")))?;
        if ply < 200 {
            prop_assert_eq!(st.to_string().parse::<State>().unwrap(), st);
        }
    }
    Err(TestCaseError::fail(format!(
        "no end after 2,000,000 plies: {st}"
    )))
}

/// A state reached by `plies` random actions from the start.
fn reach(g: &Ludo, seed: u64, plies: u32) -> State {
    let mut rng = GameRng::new(seed, 0);
    let mut st = g.new_initial_state();
    let mut buf = Vec::new();
    for _ in 0..plies {
        let a = match g.turn(&st) {
            Turn::Terminal => break,
            Turn::Chance => g.sample_chance(&st, &mut rng),
            Turn::Player(_) => g.sample_action(&st, &mut rng, &mut buf),
        };
        g.apply(&mut st, &a.unwrap()).unwrap();
    }
    st
}

fn arb_colour() -> impl Strategy<Value = Colour> {
    (0usize..4).prop_map(|i| Colour::from_index(i).unwrap())
}

fn arb_move() -> impl Strategy<Value = Move> {
    (
        arb_colour(),
        0u8..5,
        any::<u8>(),
        any::<u8>(),
        any::<bool>(),
        proptest::option::of(arb_colour()),
    )
        .prop_map(|(c, k, a, b, bounce, cap)| {
            let kind = match k {
                0 => MoveKind::Enter { to: a },
                1 => MoveKind::EnterTwo,
                2 => MoveKind::Pass,
                _ => MoveKind::Step {
                    from: a,
                    to: b,
                    bounce,
                },
            };
            Move::new(c, kind, cap)
        })
}

fn arb_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (1u8..=6).prop_map(|d| Action::Roll(Die::new(d).unwrap())),
        arb_move().prop_map(Action::Move),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn state_and_position_strings_round_trip(gi in 0usize..GAMES, seed in any::<u64>(), plies in 0u32..1500) {
        let g = &games()[gi];
        let st = reach(g, seed, plies);
        // The state string: parse(display(s)) == s, with the rules it carries.
        let text = st.to_string();
        let back: State = text.parse().unwrap();
        prop_assert_eq!(back, st);
        prop_assert_eq!(back.rules(), g.rules());
        // The position alone, read for the game.
        let ptext = st.position().to_string();
        let pos: Position = ptext.parse().unwrap();
        prop_assert_eq!(pos.to_string(), ptext.clone());
        prop_assert_eq!(&pos, st.position());
        prop_assert_eq!(g.state_from_str(&ptext).unwrap(), st);
        prop_assert_eq!(g.state_from_str(&text).unwrap(), st);
        prop_assert_eq!(g.state(pos).unwrap(), st);
    }

    /// Issue 16: a random mid-game state survives a JSON round trip and play continues
    /// identically (the same seed gives the same rest of the game).
    #[cfg(feature = "serde")]
    #[test]
    fn serde_json_round_trip_continues_identically(gi in 0usize..GAMES, seed in any::<u64>(), plies in 0u32..1500) {
        let g = &games()[gi];
        let st = reach(g, seed, plies);
        let json = serde_json::to_string(&st).unwrap();
        let back: State = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, st);
        let (mut a, mut b) = (st, back);
        let (mut ra, mut rb) = (GameRng::new(seed, 9), GameRng::new(seed, 9));
        boardgame_core::random_playout(g, &mut a, &mut ra, &mut Vec::new());
        boardgame_core::random_playout(g, &mut b, &mut rb, &mut Vec::new());
        prop_assert_eq!(a, b);
        prop_assert_eq!(g.turn(&a), Turn::Terminal);
        // Position and rules alone too.
        let pos: Position = serde_json::from_str(&serde_json::to_string(st.position()).unwrap()).unwrap();
        prop_assert_eq!(&pos, st.position());
        let rules: Rules = serde_json::from_str(&serde_json::to_string(g.rules()).unwrap()).unwrap();
        prop_assert_eq!(&rules, g.rules());
    }

    /// Issue 15: a state of one game is refused by every other game, with the state unchanged.
    #[test]
    fn other_games_refuse_a_state(gi in 0usize..GAMES, step in 1usize..GAMES, seed in any::<u64>(), plies in 0u32..600, d in 1u8..=6) {
        // Another game by construction (no rejected cases: at many cases the rejects of an
        // assumed `gi != gj` ran out).
        let games = games();
        let (g, other) = (&games[gi], &games[(gi + step) % GAMES]);
        let st = reach(g, seed, plies);
        let mut after = st;
        let mut list = Vec::new();
        g.legal_actions(&st, &mut list);
        for a in list.iter().copied().chain([Action::Roll(Die::new(d).unwrap())]) {
            prop_assert_eq!(other.apply(&mut after, &a), Err(PlayError::OtherRules));
            prop_assert!(!other.is_legal(&st, &a));
            prop_assert_eq!(after, st);
        }
        let mut none = Vec::new();
        other.legal_actions(&st, &mut none);
        prop_assert!(none.is_empty());
        prop_assert!(other.state_from_str(&st.to_string()).is_err());
    }

    #[test]
    fn move_notation_round_trips(gi in 0usize..GAMES, seed in any::<u64>(), plies in 0u32..1500) {
        let g = &games()[gi];
        let st = reach(g, seed, plies);
        for m in st.legal_moves() {
            let back: Move = m.to_string().parse().unwrap();
            prop_assert_eq!(&back, m);
            let a = Action::Move(*m);
            prop_assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
            prop_assert_eq!(g.parse_move(&st, &m.to_string()).unwrap(), *m);
        }
    }

    #[test]
    fn arbitrary_moves_round_trip_when_well_formed(m in arb_move()) {
        let text = m.to_string();
        // Moves the notation can express (a step from 0 reads as an entry, an entry to 0 and a
        // self-capture are refused) parse back to themselves; nothing panics.
        if let Ok(back) = text.parse::<Move>() {
            prop_assert_eq!(back.to_string(), text);
        }
    }

    /// Issue 15: arbitrary text into every parser never panics, and whatever is accepted
    /// prints and parses back to itself.
    #[test]
    fn arbitrary_strings_never_panic(s in "\\PC{0,80}", gi in 0usize..GAMES) {
        let g = &games()[gi];
        if let Ok(p) = s.parse::<Position>() {
            prop_assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
        }
        if let Ok(st) = s.parse::<State>() {
            prop_assert_eq!(st.to_string().parse::<State>().unwrap(), st);
        }
        if let Ok(m) = s.parse::<Move>() {
            prop_assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
        }
        if let Ok(a) = s.parse::<Action>() {
            prop_assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
        }
        if let Ok(d) = s.parse::<Die>() {
            prop_assert_eq!(d.to_string().parse::<Die>().unwrap(), d);
        }
        if let Ok(c) = s.parse::<Colour>() {
            prop_assert_eq!(c.to_string().parse::<Colour>().unwrap(), c);
        }
        if let Ok(seats) = s.parse::<Seats>() {
            prop_assert_eq!(seats.to_string().parse::<Seats>().unwrap(), seats);
        }
        let _ = g.state_from_str(&s);
        let st = g.new_initial_state();
        let _ = g.parse_move(&st, &s);
    }

    #[test]
    fn mutated_positions_never_panic(gi in 0usize..GAMES, seed in any::<u64>(), plies in 0u32..800,
                                     at in any::<prop::sample::Index>(), ch in "[ -~]{0,3}", cut in any::<bool>()) {
        let g = &games()[gi];
        let text = reach(g, seed, plies).to_string();
        let i = at.index(text.len() + 1);
        prop_assume!(text.is_char_boundary(i));
        let mut t = text[..i].to_string();
        t.push_str(&ch);
        if !cut {
            t.push_str(&text[i..]);
        }
        if let Ok(p) = t.parse::<Position>() {
            // Whatever parses displays and parses back to the same position.
            prop_assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
            if let Ok(st) = g.state(p) {
                prop_assert_eq!(g.state_from_str(&st.to_string()).unwrap(), st);
                play_on(g, st, seed)?;
            }
        }
        if let Ok(st) = t.parse::<State>() {
            prop_assert_eq!(st.to_string().parse::<State>().unwrap(), st);
            play_on(&Ludo::new(*st.rules()).unwrap(), st, seed)?;
        }
    }

    #[test]
    fn random_actions_are_refused_with_the_state_unchanged(gi in 0usize..GAMES, seed in any::<u64>(),
                                                          plies in 0u32..1500, a in arb_action()) {
        let g = &games()[gi];
        let st = reach(g, seed, plies);
        let legal = g.is_legal(&st, &a);
        let mut after = st;
        match g.apply(&mut after, &a) {
            Ok(()) => prop_assert!(legal, "{} applied but is_legal said no in {}", a, st),
            Err(_) => {
                prop_assert!(!legal, "{} refused but is_legal said yes in {}", a, st);
                prop_assert_eq!(after, st);
            }
        }
        let mut listed = Vec::new();
        g.legal_actions(&st, &mut listed);
        if let Action::Move(_) = a {
            prop_assert_eq!(listed.contains(&a), legal);
        }
    }

    #[test]
    fn invariants_hold_through_random_games(gi in 0usize..GAMES, seed in any::<u64>()) {
        let g = &games()[gi];
        let r = *g.rules();
        let l = r.geometry.last_loop();
        let mut rng = GameRng::new(seed, 1);
        let mut st = g.new_initial_state();
        let mut buf = Vec::new();
        let mut plies = 0;
        while g.turn(&st) != Turn::Terminal {
            plies += 1;
            prop_assert!(plies < 100_000);
            let before = st;
            let a = match g.turn(&st) {
                Turn::Chance => g.sample_chance(&st, &mut rng).unwrap(),
                _ => g.sample_action(&st, &mut rng, &mut buf).unwrap(),
            };
            g.apply(&mut st, &a).unwrap();
            // No mixed dots: two colours share a loop dot only on a safe dot (D7's separate
            // option; none in the presets).
            let geo = r.geometry;
            for d in 0..geo.loop_len() {
                let colours = st.position().on_loop_dot(d).count();
                prop_assert!(colours <= 1 || r.safe_dots.is_safe(geo, d), "{} shares dot {}", st, d);
            }
            for c in g.seats().colours() {
                let (b, n) = (before.position().checkers(c), st.position().checkers(c));
                prop_assert_eq!(n.len(), 4);
                prop_assert!(n.iter().all(|&k| k <= r.end_index()));
                // Protection: no checker leaves the home track for the den.
                let home_before = b.iter().filter(|&&k| k > l).count();
                let den_after_from_home = home_before > n.iter().filter(|&&k| k > l).count() + 1;
                prop_assert!(!den_after_from_home, "{} lost home-track checkers: {:?} -> {:?}", c, b, n);
                // Finished checkers stay finished.
                if r.finish == Finish::CentreDot {
                    let fin = |x: &[u8; 4]| x.iter().filter(|&&k| k == r.end_index()).count();
                    prop_assert!(fin(&n) >= fin(&b));
                }
            }
            if let Action::Move(m) = a {
                let die = before.position().die().unwrap().value();
                if m.is_release() {
                    // Releases only on a release roll, to the start dot or the sixth dot.
                    prop_assert!(r.release_rolls.contains(Die::new(die).unwrap()));
                    prop_assert!(m.target() == Some(1) || (die == 6 && m.target() == Some(r.sixth_dot)));
                }
                if let MoveKind::Step { from, to, bounce } = m.kind() {
                    // Monotonic progress, or the bounce formula 2E - p - d.
                    if bounce {
                        prop_assert_eq!(u16::from(to), 2 * u16::from(r.end_index()) - u16::from(from) - u16::from(die));
                    } else {
                        prop_assert_eq!(to, from + die);
                    }
                }
                // Captured checkers go to the den of their colour and nowhere else.
                if let Some(o) = m.capture() {
                    let dens = |s: &State| s.position().checkers(o).iter().filter(|&&k| k == 0).count();
                    prop_assert!(dens(&st) > dens(&before));
                }
                // The other colours' checkers are conserved: they change only by a capture, which
                // sends exactly those on the landing dot home, and never on a safe dot (D7).
                let landing = m.target().and_then(|t| geo.dot(m.colour(), t));
                for o in g.seats().colours().filter(|&o| o != m.colour()) {
                    let (b, n) = (before.position().checkers(o), st.position().checkers(o));
                    if m.capture() == Some(o) {
                        let Some(Dot::Loop(d)) = landing else {
                            return Err(TestCaseError::fail(format!("{m} captures off the loop")));
                        };
                        prop_assert!(!r.safe_dots.is_safe(geo, d), "{} captured on star {}", m, d);
                        let k = geo.path_index(o, Dot::Loop(d)).unwrap();
                        let mut want = b.map(|x| if x == k { 0 } else { x });
                        want.sort_unstable();
                        prop_assert_eq!(n, want);
                    } else {
                        prop_assert_eq!(n, b, "{} moved {}'s checkers", m, o);
                    }
                }
            }
        }
        prop_assert!(g.returns(&st).is_some());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// Issue 15: state strings in the notation's own alphabet, with random counters, indices
    /// and fields, never panic; an accepted state is valid: it round-trips and plays to the
    /// end with every generated action accepted.
    #[test]
    fn grammar_shaped_state_strings_are_refused_or_playable(
        geo in prop_oneof![4 => Just("40/40/4"), 1 => prop::sample::select(vec!["52/51/5", "24/24/3", "8/8/1", "128/120/1"])],
        seats in prop_oneof![4 => prop::sample::select(vec!["RGYB", "RY", "RGY", "GB", "RGB"]).prop_map(String::from), 1 => "[RGYB]{1,5}"],
        mover in prop_oneof![4 => 0usize..4, 1 => Just(9usize)],
        streak in prop_oneof![4 => 0u16..3, 1 => 250u16..300],
        idx in prop::collection::vec(prop_oneof![6 => Just(0u8), 3 => 1u8..12, 1 => 30u8..46, 1 => any::<u8>()], 16),
        die in prop_oneof![2 => Just(None), 1 => (0u8..8).prop_map(Some)],
        tries in prop_oneof![4 => Just(None), 1 => (0u8..5).prop_map(Some)],
        places in prop_oneof![4 => Just(None), 1 => "[RGYB]{0,4}".prop_map(Some)],
        opening in prop_oneof![4 => Just(None), 1 => "[RGYB]{0,4}:[0-7]{0,3}".prop_map(Some)],
        rules in prop::sample::select(vec![
            " rules=lattjo", " rules=lattjo", " rules=classic", " rules=mensch", "",
            " rules=lattjo,max_sixes=1", " rules=lattjo,three_tries=yes",
            " rules=classic,play_out_places=yes,must_move=no",
            " rules=mensch,opening_checker=no,sixth_dot=2", " rules=lattjo,release=2",
            " rules=lattjo,max_sixes=0", " rules=lattjo,finish=goals", " rules=x",
            " rules=classic,safe_dots=0+8", " rules=lattjo,safe_dots=0+8", " rules=mensch,safe_dots=0+8",
            " rules=lattjo,safe_dots=1+3+5+7+9", " rules=lattjo,safe_dots=8+0",
        ]),
        seed in any::<u64>(),
    ) {
        let to_move = seats.chars().nth(mover).map_or("-".to_string(), |c| c.to_string());
        let mut t = format!("LUDO {geo} {seats} {to_move} {streak}");
        let mut k = 0;
        for c in seats.chars() {
            t.push_str(&format!(" {c}:{},{},{},{}", idx[k], idx[k + 1], idx[k + 2], idx[k + 3]));
            k = (k + 4) % 16;
        }
        if let Some(d) = die { t.push_str(&format!(" die={d}")); }
        if let Some(n) = tries { t.push_str(&format!(" tries={n}")); }
        if let Some(p) = places { t.push_str(&format!(" places={p}")); }
        if let Some(o) = opening { t.push_str(&format!(" opening={o}")); }
        t.push_str(rules);
        if let Ok(st) = t.parse::<State>() {
            prop_assert_eq!(st.to_string().parse::<State>().unwrap(), st);
            let g = Ludo::new(*st.rules()).unwrap();
            prop_assert_eq!(g.state_from_str(&t).unwrap(), st);
            play_on(&g, st, seed)?;
        }
        for g in games() {
            if let Ok(st) = g.state_from_str(&t) {
                play_on(&g, st, seed)?;
            }
        }
    }


    /// Issue 15: rules built from arbitrary option values are refused by `Ludo::new` with a
    /// typed error or make a game whose random games end.
    #[test]
    fn arbitrary_rules_are_refused_or_playable(r in arb_rules(), seed in any::<u64>()) {
        if let Ok(g) = Ludo::new(r) {
            play_on(&g, g.new_initial_state(), seed)?;
        }
    }
}

fn arb_rules() -> impl Strategy<Value = Rules> {
    use lattjo_ludo::{Geometry, Overshoot, Preset, ReleaseRolls, SixRelease};
    let geometry = prop::sample::select(vec![
        (40u8, 40u8, 4u8),
        (52, 51, 5),
        (8, 8, 1),
        (128, 100, 19),
        (12, 2, 1),
        (24, 20, 3),
    ])
    .prop_map(|(t, l, h)| Geometry::new(t, l, h).unwrap());
    let seats = prop_oneof![
        Just(None),
        prop::sample::select(vec!["RY", "GB", "RGB", "RGYB", "BY"])
            .prop_map(|s| Some(s.parse::<Seats>().unwrap()))
    ];
    let faces = prop::collection::vec(1u8..=6, 1..4).prop_map(|v| {
        ReleaseRolls::new(&v.iter().map(|&d| Die::new(d).unwrap()).collect::<Vec<_>>()).unwrap()
    });
    (
        (
            0usize..3,
            0usize..6,
            seats,
            geometry,
            any::<bool>(),
            0u8..45,
            faces,
            any::<bool>(),
        ),
        (
            any::<[bool; 8]>(),
            any::<bool>(),
            prop::option::of(0u8..5),
            prop::collection::vec(0u8..60, 0..4),
        ),
    )
        .prop_map(
            |((p, players, seats, g, goals, sixth, faces, one), (b, illegal, max, safe))| {
                let mut r = Rules::preset(Preset::ALL[p])
                    .with_players(players)
                    .with_geometry(g)
                    .with_sixth_dot(sixth)
                    .with_release_rolls(faces)
                    .with_finish(if goals {
                        Finish::GoalFields
                    } else {
                        Finish::CentreDot
                    })
                    .with_six_release(if one {
                        SixRelease::OneToStart
                    } else {
                        SixRelease::TwoOrSixthDot
                    })
                    .with_release_compulsory(b[0])
                    .with_clear_start(b[1])
                    .with_own_stacking(b[2])
                    .with_overshoot(if illegal {
                        Overshoot::Illegal
                    } else {
                        Overshoot::Bounce
                    })
                    .with_max_sixes(max)
                    .with_three_tries(b[3])
                    .with_must_move(b[4])
                    .with_opening_checker(b[5])
                    .with_roll_for_start(b[6])
                    .with_play_out_places(b[7])
                    // D7's separate option: offsets up to 59, some past the smaller loops.
                    .with_safe_dots(SafeDots::new(&safe).unwrap());
                if let Some(s) = seats {
                    r = r.with_seats(s);
                }
                r
            },
        )
}

/// Renames every colour to the next one clockwise (red -> green -> yellow -> blue -> red).
fn rotate(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'R' => 'G',
            'G' => 'Y',
            'Y' => 'B',
            'B' => 'R',
            x => x,
        })
        .collect()
}

fn rotated_move(m: &Move) -> String {
    rotate(&m.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Rules file section 7, seat rotation: relabelling the colours by a rotation (path indices
    /// are relative to each colour's start dot, so the start offsets rotate with them) gives the
    /// same legal moves, relabelled.
    #[test]
    fn seat_rotation_gives_isomorphic_move_sets(gi in prop::sample::select(vec![0usize, 3, 4, 5, 6, 7]), seed in any::<u64>(),
                                                plies in 0u32..1500, d in 1u8..=6) {
        let games = games();
        let g = &games[gi];
        if g.seats().len() != 4 {
            return Ok(());
        }
        let st = reach(g, seed, plies);
        if st.position().opening().is_some() || g.turn(&st) == Turn::Terminal {
            return Ok(());
        }
        let rot = g.state_from_str(&rotate(&st.position().to_string())).unwrap();
        let (mut a, mut b) = (st, rot);
        if g.turn(&a) == Turn::Chance {
            g.apply(&mut a, &Action::Roll(Die::new(d).unwrap())).unwrap();
            g.apply(&mut b, &Action::Roll(Die::new(d).unwrap())).unwrap();
        }
        let mut left: Vec<String> = a.legal_moves().iter().map(rotated_move).collect();
        let mut right: Vec<String> = b.legal_moves().iter().map(|m| m.to_string()).collect();
        left.sort();
        right.sort();
        prop_assert_eq!(left, right);
        prop_assert_eq!(rotate(&a.position().to_string()).parse::<Position>().unwrap(), *b.position());
    }
}

#[test]
fn same_seed_same_game() {
    let g = &games()[0];
    let a = reach(g, 42, 100_000);
    let b = reach(g, 42, 100_000);
    assert_eq!(a, b);
    assert_eq!(g.turn(&a), Turn::Terminal);
    assert_ne!(
        reach(g, 43, 100_000),
        a,
        "different seeds give different games"
    );
}

/// A JSON value for hostile-input tests: numbers at the edges of every integer type, strings,
/// lists and the literals.
#[cfg(feature = "serde")]
fn arb_json() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::{Value, json};
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        prop_oneof![
            Just(0i64),
            Just(-1),
            Just(255),
            Just(256),
            Just(i64::MAX),
            Just(i64::MIN),
            -10i64..300
        ]
        .prop_map(|n| json!(n)),
        "[a-zA-Z0-9 :,=/-]{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(2, 8, 4, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(Value::Array)
    })
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Issue 15: hostile serde input never panics; accepted rules either make a game that
    /// plays to the end or are refused by `Ludo::new`; accepted states are valid.
    #[test]
    fn hostile_serde_input_is_refused_or_valid(
        preset in 0usize..3,
        field in 0usize..18,
        value in arb_json(),
        raw in "[\\[\\]{}\",:0-9a-z -]{0,40}",
        seed in any::<u64>(),
    ) {
        let rules = Rules::preset(lattjo_ludo::Preset::ALL[preset]);
        let mut v = serde_json::to_value(rules).unwrap();
        let key = v.as_object().unwrap().keys().nth(field % 18).unwrap().clone();
        v[&key] = value.clone();
        if let Ok(r) = serde_json::from_value::<Rules>(v)
            && let Ok(g) = Ludo::new(r)
        {
            play_on(&g, g.new_initial_state(), seed)?;
        }
        for text in [raw.as_str(), &value.to_string()] {
            let _ = serde_json::from_str::<Rules>(text);
            let _ = serde_json::from_str::<Position>(text);
            let _ = serde_json::from_str::<Move>(text);
            let _ = serde_json::from_str::<Action>(text);
            let _ = serde_json::from_str::<Die>(text);
            let _ = serde_json::from_str::<Seats>(text);
            let _ = serde_json::from_str::<lattjo_ludo::Geometry>(text);
            let _ = serde_json::from_str::<lattjo_ludo::ReleaseRolls>(text);
            let _ = serde_json::from_str::<SafeDots>(text);
            if let Ok(st) = serde_json::from_str::<State>(text) {
                play_on(&Ludo::new(*st.rules()).unwrap(), st, seed)?;
            }
        }
    }
}

/// Issue 15.2 through serde: the reported position in a serde `Position` and as a `State`.
#[cfg(feature = "serde")]
#[test]
fn issue15_2_serde_six_streak_255_is_played_without_overflow() {
    let text = "LUDO 40/40/4 RY Y 255 R:0,3,24,31 Y:0,9,16,21";
    let g = Ludo::new(Rules::lattjo().with_players(2)).unwrap();
    let p: Position = serde_json::from_str(&format!("{text:?}")).unwrap();
    let mut st = g.state(p).unwrap();
    g.apply(&mut st, &Action::Roll(Die::new(6).unwrap()))
        .unwrap();
    assert_eq!(st.position().six_streak(), 255);
    let mut st: State = serde_json::from_str(&format!("\"{text} rules=lattjo\"")).unwrap();
    g.apply(&mut st, &Action::Roll(Die::new(6).unwrap()))
        .unwrap();
    assert_eq!(st.position().six_streak(), 255);
    // Under a limit of sixes the same streak is refused on the way in.
    assert!(serde_json::from_str::<State>(&format!("\"{text} rules=classic\"")).is_err());
    // ReleaseRolls: an empty set of faces is refused, faces out of range too.
    assert!(serde_json::from_str::<lattjo_ludo::ReleaseRolls>("[]").is_err());
    assert!(serde_json::from_str::<lattjo_ludo::ReleaseRolls>("[7]").is_err());
    assert_eq!(
        serde_json::to_string(&lattjo_ludo::ReleaseRolls::ONE_AND_SIX).unwrap(),
        "[1,6]"
    );
}

/// D7's separate option through serde: rules serialized before the option existed (no
/// `safe_dots` field) read as off; the stars serialize as their offsets and read back; an
/// offset no loop has is refused; a state with colours sharing a star round-trips.
#[cfg(feature = "serde")]
#[test]
fn d7_serde_safe_dots_default_off_round_trip_and_validate() {
    for p in lattjo_ludo::Preset::ALL {
        let rules = Rules::preset(p);
        let mut v = serde_json::to_value(rules).unwrap();
        assert_eq!(v["safe_dots"], serde_json::json!([]));
        v.as_object_mut().unwrap().remove("safe_dots");
        let old: Rules = serde_json::from_value(v).unwrap();
        assert_eq!(old, rules, "old JSON without the field");
        let stars = rules.with_safe_dots(SafeDots::LUDO_KING);
        let json = serde_json::to_string(&stars).unwrap();
        assert!(json.contains(r#""safe_dots":[0,8]"#), "{json}");
        assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), stars);
    }
    let mut v = serde_json::to_value(Rules::classic()).unwrap();
    v["safe_dots"] = serde_json::json!([0, 128]);
    assert!(serde_json::from_value::<Rules>(v.clone()).is_err());
    // An offset the loop does not have: refused by the rules' JSON as by the game.
    v["safe_dots"] = serde_json::json!([52]);
    assert!(serde_json::from_value::<Rules>(v).is_err());
    assert!(Ludo::new(Rules::classic().with_safe_dots(SafeDots::new(&[52]).unwrap())).is_err());
    let text = "LUDO 52/51/5 RGYB R 0 R:0,0,0,9 G:0,0,0,48 Y:0,0,0,0 B:0,0,0,0";
    let st: State =
        serde_json::from_str(&format!("\"{text} rules=classic,safe_dots=0+8\"")).unwrap();
    let back: State = serde_json::from_str(&serde_json::to_string(&st).unwrap()).unwrap();
    assert_eq!(back, st);
    assert!(serde_json::from_str::<State>(&format!("\"{text} rules=classic\"")).is_err());
    // The rules-free position reads; a game without stars refuses it.
    let p: Position = serde_json::from_str(&format!("{text:?}")).unwrap();
    assert!(Ludo::new(Rules::classic()).unwrap().state(p).is_err());
}
