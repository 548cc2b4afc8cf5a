//! A state made under other rules or from another start handed to the game (a saved state
//! paired with the wrong game value): boardgame-core's `check_foreign_states` for every pair
//! of games that differ in a dimension the state depends on (the draw rules, decisions
//! listed or not, Chess960 against the standard start, a position set up from a FEN), both
//! ways.

use boardgame_core::conformance::{
    ConformanceConfig, check_foreign_states, probe_indexed, probe_observe,
};
use lattjo_chess::{Action, Chess, Game, Move, PlayError, Position, Rules, Square, State};

/// The crate's own check of a state: a serde round trip (deserialization validates).
fn valid(s: &State) -> Result<(), String> {
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(s).map_err(|e| e.to_string())?;
        let back: State = serde_json::from_str(&json).map_err(|e| e.to_string())?;
        if back != *s {
            return Err("the state reads back different".into());
        }
    }
    let _ = s;
    Ok(())
}

#[test]
fn every_game_refuses_or_plays_validly_the_states_of_every_other() {
    let c960 = |n| Position::chess960(n).expect("a valid number");
    let fen: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 95 60".parse().unwrap();
    let games = [
        Chess::new(Rules::fide()).unwrap(),
        Chess::new(Rules::lattjo()).unwrap(),
        Chess::new(Rules::fide().with_decisions(true)).unwrap(),
        Chess::new(Rules::fide().with_auto_claim(true)).unwrap(),
        Chess::new(Rules::fide()).unwrap().with_start(c960(0)),
        Chess::new(Rules::lattjo().with_decisions(true))
            .unwrap()
            .with_start(c960(959)),
        Chess::new(Rules::fide().with_decisions(true))
            .unwrap()
            .with_start(fen),
    ];
    let cfg = ConformanceConfig {
        games: 2,
        max_plies: 20_000,
        determinize_every: 11,
        extra_actions: vec![
            Action::Move(Move::new(Square::E1, Square::G1)),
            Action::Move(Move::new(Square::E1, Square::H1)),
            Action::Resign,
            Action::OfferDraw,
            Action::AcceptDraw,
            Action::ClaimDraw,
            Action::ClaimDrawWith(Move::new(Square::E1, Square::F1)),
            Action::ClaimDrawWith(Move::new(Square::G8, Square::F6)),
        ],
        ..ConformanceConfig::default()
    };
    let (mut pairs, mut nodes) = (0, 0);
    for a in &games {
        for b in &games {
            if a == b {
                continue;
            }
            let report = check_foreign_states(a, b, &cfg, valid, |s, _| {
                probe_observe(b, s)?;
                let _ = b.claimable_draws(s);
                probe_indexed(b, s)
            })
            .unwrap_or_else(|v| panic!("{b:?} on a state of {a:?}: {v}"));
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    println!("chess: {pairs} pairs, {nodes} foreign nodes");
    assert_eq!(pairs, 42);
}

/// The rule sets the tests below pair: the presets, and the options a state depends on
/// (decisions, auto-claiming, the agreement and resignation rules).
fn rule_sets() -> [Rules; 7] {
    [
        Rules::fide(),
        Rules::lattjo(),
        Rules::fide().with_decisions(true),
        Rules::lattjo().with_decisions(true),
        Rules::fide().with_auto_claim(true),
        Rules::fide().with_auto_claim(true).with_decisions(true),
        Rules::fide()
            .with_decisions(true)
            .with_agreement_needs_moves(false)
            .with_resignation_needs_mating_material(false),
    ]
}

/// Everything public that plays a state refuses, or finds nothing in, a state of other rules,
/// and leaves it unchanged: `apply` ([`PlayError::OtherRules`], before anything else),
/// `is_legal`, `legal_actions`, `sample_action`, the claims and the learning mask.
fn assert_refused(game: &Chess, state: &State, actions: &[Action]) {
    use boardgame_core::IndexedActions;
    assert_ne!(game.rules(), state.rules());
    assert_eq!(game.check_state(state), Err(PlayError::OtherRules));
    let mut buf = Vec::new();
    game.legal_actions(state, &mut buf);
    assert!(buf.is_empty(), "{:?} lists {buf:?}", game.rules());
    let mut rng = lattjo_chess::GameRng::new(1, 0);
    assert_eq!(game.sample_action(state, &mut rng, &mut buf), None);
    assert!(!game.claimable_draws(state).any());
    assert_eq!(game.claimable_moves(state).count(), 0);
    let mut mask = vec![true; game.num_distinct_actions()];
    game.legal_mask(state, &mut mask).expect("sized");
    assert!(mask.iter().all(|&legal| !legal));
    let mut copy = state.clone();
    for a in actions {
        assert!(!game.is_legal(state, a), "{a:?}");
        if let Action::Move(m) | Action::ClaimDrawWith(m) = a {
            assert!(!game.claimable_draws_with(state, *m).any());
        }
        assert_eq!(
            game.apply(&mut copy, a),
            Err(PlayError::OtherRules),
            "{a:?}"
        );
        assert_eq!(&copy, state, "refused, the state is unchanged");
    }
}

/// The gap (noticed 5 Dec 2026): `State` did not carry its rules, so a game played on any
/// state as if it were its own. A booklet state past the 75-move mark got FIDE's automatic
/// draw (FIDE 9.6.2) from the FIDE game's next move, though the booklet has none (D3); a
/// draw offer standing under rules with decisions (D4) was declined by a move of a game
/// without them, and a state of auto-claiming rules (A4) was played past its threefold
/// repetition. Now each state carries the rules of the game that made it, and every other
/// game refuses it with `PlayError::OtherRules`, the state unchanged.
#[test]
fn a_state_of_other_rules_is_refused_not_played_on() {
    let moves = |state: &State| -> Vec<Action> {
        state
            .position()
            .legal_moves()
            .iter()
            .map(|&m| Action::Move(m))
            .collect()
    };
    let decisions = [
        Action::Resign,
        Action::OfferDraw,
        Action::AcceptDraw,
        Action::ClaimDraw,
    ];
    let fide = Chess::new(Rules::fide()).unwrap();

    // A booklet game from 149 half-moves without a pawn move or capture: its next move is
    // the 75th, which ends a FIDE game (FIDE 9.6.2) and not the booklet's (D3).
    let late: Position = "4k3/8/8/8/8/8/8/R3K3 w - - 149 100".parse().unwrap();
    let booklet = Chess::new(Rules::lattjo())
        .unwrap()
        .with_start(late.clone());
    let mut state = booklet.new_initial_state();
    assert_eq!(state.rules(), &Rules::lattjo());
    let mut all = moves(&state);
    all.extend(decisions);
    assert_refused(&fide, &state, &all);
    let ra2 = Action::Move(Move::new(Square::A1, Square::A2));
    booklet
        .apply(&mut state, &ra2)
        .expect("the booklet plays on");
    assert_eq!(state.outcome(), None, "no 75-move rule in the booklet (D3)");
    let fide_late = fide.clone().with_start(late);
    let mut under_fide = fide_late.new_initial_state();
    fide_late.apply(&mut under_fide, &ra2).unwrap();
    assert!(
        under_fide.outcome().is_some(),
        "the 75th move ends a FIDE game"
    );
    assert_ne!(
        under_fide, state,
        "the same moves under other rules: other states"
    );

    // A draw offer standing under FIDE with decisions (D4), refused by the plain FIDE game
    // (which has no decisions) and by the booklet's with decisions.
    let with_decisions = Chess::new(Rules::fide().with_decisions(true)).unwrap();
    let mut offered = with_decisions.new_initial_state();
    let e4 = Action::Move(offered.position().parse_san("e4").unwrap());
    with_decisions.apply(&mut offered, &e4).unwrap();
    with_decisions
        .apply(&mut offered, &Action::OfferDraw)
        .unwrap();
    assert!(offered.draw_offer().is_some());
    let mut all = moves(&offered);
    all.extend(decisions);
    assert_refused(&fide, &offered, &all);
    let booklet_decisions = Chess::new(Rules::lattjo().with_decisions(true)).unwrap();
    assert_refused(&booklet_decisions, &offered, &all);

    // A repetition the auto-claiming rules end (A4) and a claim the FIDE game with decisions
    // would make on a state of the booklet's rules with decisions (D3: no claims).
    let dance = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut repeated = booklet_decisions.new_initial_state();
    for uci in dance.iter().cycle().take(8) {
        let m = repeated.position().parse_uci(uci).unwrap();
        booklet_decisions
            .apply(&mut repeated, &Action::Move(m))
            .unwrap();
    }
    assert_eq!((repeated.repetitions(), repeated.outcome()), (3, None));
    let claim_with = Action::ClaimDrawWith(repeated.position().parse_uci("g1f3").unwrap());
    let mut all = moves(&repeated);
    all.extend(decisions);
    all.push(claim_with);
    assert_refused(&with_decisions, &repeated, &all);
    let auto = Chess::new(Rules::fide().with_auto_claim(true)).unwrap();
    assert_refused(&auto, &repeated, &all);

    // Every pair of rule sets, both ways, at the start and after some moves.
    for a in rule_sets() {
        let ga = Chess::new(a).unwrap();
        let mut s = ga.new_initial_state();
        for san in ["e4", "e5", "Nf3"] {
            let m = s.position().parse_san(san).unwrap();
            ga.apply(&mut s, &Action::Move(m)).unwrap();
        }
        let mut all = moves(&s);
        all.extend(decisions);
        for b in rule_sets().into_iter().filter(|&b| b != a) {
            assert_refused(&Chess::new(b).unwrap(), &s, &all);
            assert_refused(&Chess::new(b).unwrap(), &ga.new_initial_state(), &all);
        }
        assert_eq!(ga.check_state(&s), Ok(()));
    }
}

mod random {
    use super::*;
    use lattjo_chess::GameRng;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// A state of a random game under each rule set carries them, reads back with them
        /// (feature `serde`), and is refused by every other rule set's game, unchanged.
        #[test]
        fn random_states_carry_their_rules_and_other_games_refuse_them(
            seed in any::<u64>(),
            plies in 0u32..400,
            which in 0usize..7,
        ) {
            let rules = rule_sets()[which];
            let start = if seed % 4 == 0 {
                Position::chess960((seed % 960) as u32).expect("0..960")
            } else {
                Position::new()
            };
            let game = Chess::new(rules).expect("valid").with_start(start);
            let mut state = game.new_initial_state();
            let mut rng = GameRng::new(seed, 0);
            let mut buf = Vec::new();
            boardgame_core::random_playout_capped(&game, &mut state, &mut rng, &mut buf, plies);
            prop_assert_eq!(state.rules(), &rules);
            prop_assert_eq!(game.check_state(&state), Ok(()));
            prop_assert_eq!(
                game.replay(state.start().clone(), state.moves()).map(|r| r.position().clone()),
                Ok(state.position().clone())
            );
            valid(&state).map_err(TestCaseError::fail)?;
            let mut all: Vec<Action> = Vec::new();
            game.legal_actions(&state, &mut all);
            all.truncate(24);
            all.extend([Action::Resign, Action::OfferDraw, Action::AcceptDraw, Action::ClaimDraw]);
            for other in rule_sets().into_iter().filter(|&b| b != rules) {
                assert_refused(&Chess::new(other).expect("valid"), &state, &all);
            }
        }
    }
}
