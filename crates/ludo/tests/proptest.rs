//! Property tests: notation round trips, no panic on arbitrary input, illegal actions refused
//! with the state unchanged, and the invariants of rules file section 7 (checkers conserved,
//! no mixed dots, home track protected, finished checkers stay finished, releases only on
//! release rolls).

use boardgame_core::{Game, GameRng, Turn};
use lattjo_ludo::{
    Action, Colour, Die, Finish, Ludo, Move, MoveKind, Position, Rules, Seats, State,
};
use proptest::prelude::*;

fn games() -> Vec<Ludo> {
    let mut hybrid = Rules::lattjo();
    hybrid.must_move = false;
    hybrid.max_sixes = Some(3);
    hybrid.three_tries = true;
    hybrid.play_out_places = true;
    vec![
        Ludo::new(Rules::lattjo(), Seats::FOUR).unwrap(),
        Ludo::new(Rules::lattjo(), "RY".parse().unwrap()).unwrap(),
        Ludo::new(Rules::classic(), "GYB".parse().unwrap()).unwrap(),
        Ludo::new(Rules::mensch(), Seats::FOUR).unwrap(),
        Ludo::new(hybrid, "RGB".parse().unwrap()).unwrap(),
    ]
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
    fn position_notation_round_trips(gi in 0usize..5, seed in any::<u64>(), plies in 0u32..1500) {
        let g = &games()[gi];
        let st = reach(g, seed, plies);
        let text = st.to_string();
        let pos: Position = text.parse().unwrap();
        prop_assert_eq!(pos.to_string(), text.clone());
        prop_assert_eq!(&pos, st.position());
        let back = g.state_from_str(&text).unwrap();
        prop_assert_eq!(back, st);
    }

    #[test]
    fn move_notation_round_trips(gi in 0usize..5, seed in any::<u64>(), plies in 0u32..1500) {
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

    #[test]
    fn arbitrary_strings_never_panic(s in "\\PC{0,80}") {
        let g = &games()[0];
        let _ = s.parse::<Position>();
        let _ = s.parse::<Move>();
        let _ = s.parse::<Action>();
        let _ = s.parse::<Die>();
        let _ = s.parse::<Seats>();
        let _ = g.state_from_str(&s);
        let st = g.new_initial_state();
        let _ = g.parse_move(&st, &s);
    }

    #[test]
    fn mutated_positions_never_panic(gi in 0usize..5, seed in any::<u64>(), plies in 0u32..800,
                                     at in any::<prop::sample::Index>(), ch in "[ -~]{0,3}", cut in any::<bool>()) {
        let g = &games()[gi];
        let text = reach(g, seed, plies).to_string();
        let i = at.index(text.len() + 1);
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
            }
        }
    }

    #[test]
    fn random_actions_are_refused_with_the_state_unchanged(gi in 0usize..5, seed in any::<u64>(),
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
    fn invariants_hold_through_random_games(gi in 0usize..5, seed in any::<u64>()) {
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
            // No mixed dots: the notation refuses two colours on one loop dot.
            prop_assert!(st.to_string().parse::<Position>().is_ok());
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
            }
        }
        prop_assert!(g.returns(&st).is_some());
    }
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
    fn seat_rotation_gives_isomorphic_move_sets(gi in prop::sample::select(vec![0usize, 3, 4]), seed in any::<u64>(),
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
        let rot = g.state_from_str(&rotate(&st.to_string())).unwrap();
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
        prop_assert_eq!(rotate(&a.to_string()).parse::<Position>().unwrap(), *b.position());
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
