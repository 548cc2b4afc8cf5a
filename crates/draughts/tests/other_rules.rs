//! A state carries the rules of the game that made it (`State::rules`), and a game of other
//! rules refuses it (`PlayError::OtherRules`), the state unchanged: a saved state paired with
//! the wrong game value is never played by draw rules (V1, A1) or king moves (D12, V2) that
//! did not make it.

use boardgame_core::{Game, GameRng};
use lattjo_draughts::{
    Action, Draughts, DrawReason, KingMoves, Outcome, PlayError, Position, Rules, State,
};
use proptest::prelude::*;

/// Rule sets that differ in every dimension a state depends on: king moves (D12, V2), how
/// draws happen (V1), the repetition number and the 40-move rule's length (A1).
fn presets() -> Vec<Rules> {
    vec![
        Rules::wcdf(),
        Rules::lattjo(),
        Rules::wcdf().with_auto_adjudicate(true),
        Rules::wcdf().with_flying_kings(true),
        Rules::lattjo().with_flying_kings(true),
        Rules::wcdf()
            .with_auto_adjudicate(true)
            .with_flying_kings(true),
        Rules::wcdf().with_repetitions(4).with_quiet_moves(25),
        Rules::wcdf()
            .with_auto_adjudicate(true)
            .with_repetitions(2)
            .with_quiet_moves(3),
    ]
}

/// Every state of `games` seeded random games of `game` (up to 400 plies each), half of them
/// from a king ending, so that repetitions, the 40-move rule and claims come up.
fn states(game: &Draughts, seeds: core::ops::Range<u64>) -> Vec<State> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for seed in seeds {
        let mut s = if seed % 2 == 0 {
            game.new_initial_state()
        } else {
            game.state_from("B:WK25,K30,K32:BK1,K3".parse().unwrap())
        };
        let mut rng = GameRng::new(seed, 11);
        out.push(s.clone());
        for _ in 0..400 {
            let Some(a) = game.sample_action(&s, &mut rng, &mut buf) else {
                break;
            };
            game.apply(&mut s, &a).unwrap();
            out.push(s.clone());
        }
    }
    out
}

/// `other` refuses `s` (a state of other rules) in every way it can play it: no action
/// listed, sampled, legal or claimable, and every action (those the state's own game lists,
/// both claims, agreement) refused with `OtherRules`, the state unchanged. Returns how many
/// refusals were checked.
fn refuses(other: &Draughts, s: &State) -> usize {
    let own = Draughts::new(*s.rules()).expect("a state's rules are valid");
    assert_ne!(own, *other);
    assert_eq!(other.check_state(s), Err(PlayError::OtherRules));
    assert_eq!(own.check_state(s), Ok(()));
    let mut listed = Vec::new();
    other.legal_actions(s, &mut listed);
    assert!(listed.is_empty(), "{:?} lists {listed:?}", other.rules());
    assert_eq!(
        other.sample_action(s, &mut GameRng::new(1, 1), &mut listed),
        None
    );
    own.legal_actions(s, &mut listed);
    listed.push(Action::ClaimDraw(DrawReason::Repetition));
    listed.push(Action::ClaimDraw(DrawReason::FortyMoveRule));
    let mut n = 0;
    for a in &listed {
        assert!(!other.is_legal(s, a), "{a:?}");
        let mut copy = s.clone();
        assert_eq!(
            other.apply(&mut copy, a),
            Err(PlayError::OtherRules),
            "{a:?}"
        );
        assert_eq!(copy, *s);
        if let Action::Move(m) = a {
            assert_eq!(other.play(&mut copy, m), Err(PlayError::OtherRules));
        }
        n += 1;
    }
    for reason in [DrawReason::Repetition, DrawReason::FortyMoveRule] {
        assert!(!other.can_claim(s, reason));
        let mut copy = s.clone();
        assert_eq!(
            other.claim_draw(&mut copy, reason),
            Err(PlayError::OtherRules)
        );
        assert_eq!(copy, *s);
    }
    let mut copy = s.clone();
    assert_eq!(other.agree_draw(&mut copy), Err(PlayError::OtherRules));
    assert_eq!(copy, *s);
    n
}

/// The gap. A game played any state, whatever rules made it. On the code before the fix
/// (the states of 30 random games under each of these eight rule sets, each state handed to
/// the seven other games) every state in play was played on. The moves listed were right
/// (the cached mobility does not depend on the rules), but the draw rules and the king
/// moves were mixed:
///
/// - in 2,889 state and game pairs a game adjudicating draws (V1,
///   `with_auto_adjudicate`) played on from a state of other rules that stood at or past
///   its repetition number or its 40-move rule: a game its own rules had drawn went on
///   (and, after a man move, never ended by that rule);
/// - in 2,595 a short-kings game (D12) played on from a state whose last move was a flying
///   king's (V2), so one game's record mixed both king moves;
/// - in 175 a state drawn by repetition or by the 40-move rule was over for a game whose
///   rules never give that draw there (the booklet's agreement-only rules, or a higher
///   threshold).
///
/// Every game now refuses a state of other rules (`PlayError::OtherRules`) before anything
/// else, and the game of the state's own rules (`Draughts::new(*state.rules())`) plays it.
#[test]
fn regression_a_state_made_under_other_rules_was_played_by_the_wrong_draw_rules_and_kings() {
    let games: Vec<Draughts> = presets()
        .into_iter()
        .map(|r| Draughts::new(r).unwrap())
        .collect();
    let (mut pairs, mut refusals, mut ended) = (0, 0, 0);
    for a in &games {
        for s in states(a, 0..12) {
            assert_eq!(s.rules(), a.rules(), "a game's states carry its rules");
            ended += usize::from(matches!(
                s.outcome(),
                Some(Outcome::Draw(
                    DrawReason::Repetition | DrawReason::FortyMoveRule
                ))
            ));
            for b in games.iter().filter(|b| *b != a) {
                refusals += refuses(b, &s);
                pairs += 1;
            }
        }
    }
    println!("{pairs} pairs, {refusals} refusals, {ended} states drawn by a rule");
    assert!(
        pairs > 10_000 && refusals > 50_000 && ended > 10,
        "{pairs} {refusals} {ended}"
    );
}

/// V1, A1 (automatic adjudication): the witness of the first gap. A claim game's king
/// shuffle reaches the third occurrence of its start (the player to move may claim); the
/// game adjudicating draws refuses it, where it used to play on.
#[test]
fn v1_an_adjudicating_game_refuses_a_claim_games_third_repetition() {
    let claims = Draughts::default();
    let auto = Draughts::new(Rules::wcdf().with_auto_adjudicate(true)).unwrap();
    let mut s = claims.state_from("B:WK32:BK1".parse().unwrap());
    for t in [
        "1-6", "32-27", "6-1", "27-32", "1-6", "32-27", "6-1", "27-32",
    ] {
        let mv = s.position().parse_move(t, KingMoves::Short).unwrap();
        claims.play(&mut s, &mv).unwrap();
    }
    assert_eq!((s.repetitions(), s.outcome()), (3, None));
    assert!(claims.can_claim(&s, DrawReason::Repetition));
    let step = s.position().parse_move("1-6", KingMoves::Short).unwrap();
    let before = s.clone();
    assert_eq!(auto.play(&mut s, &step), Err(PlayError::OtherRules));
    assert_eq!(s, before);
    // The same shuffle under the adjudicating game ends on the third occurrence.
    let mut t = auto.state_from("B:WK32:BK1".parse().unwrap());
    for m in [
        "1-6", "32-27", "6-1", "27-32", "1-6", "32-27", "6-1", "27-32",
    ] {
        let mv = t.position().parse_move(m, KingMoves::Short).unwrap();
        auto.play(&mut t, &mv).unwrap();
    }
    assert_eq!(t.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// D12, V2: the witness of the second gap. A flying king's slide, then a short-kings game:
/// refused, where it used to play on after the flying move.
#[test]
fn d12_v2_a_short_kings_game_refuses_a_state_after_a_flying_move() {
    let flying = Draughts::new(Rules::wcdf().with_flying_kings(true)).unwrap();
    let start: Position = "B:WK32:BK1".parse().unwrap();
    let mut s = flying.state_from(start);
    let slide = start.parse_move("1-10", KingMoves::Flying).unwrap();
    assert!(!start.is_legal(&slide, KingMoves::Short));
    flying.play(&mut s, &slide).unwrap();
    let short = Draughts::default();
    let reply = s.position().parse_move("32-27", KingMoves::Short).unwrap();
    let before = s.clone();
    assert_eq!(short.play(&mut s, &reply), Err(PlayError::OtherRules));
    assert_eq!(s, before);
    flying.play(&mut s, &reply).unwrap();
}

/// Every way to make a state gives it the rules of the game that makes it; the one
/// constructor without a game, `State::from_position`, the default game's (`Rules::wcdf`).
#[test]
fn every_constructor_gives_the_state_its_games_rules() {
    let pos: Position = "W:W18,K2:B7,K10".parse().unwrap();
    for rules in presets() {
        let game = Draughts::new(rules).unwrap();
        assert_eq!(*game.new_initial_state().rules(), rules);
        assert_eq!(
            *game
                .initial_state(lattjo_draughts::Seat::new(0))
                .unwrap()
                .rules(),
            rules
        );
        assert_eq!(*game.state_from(pos).rules(), rules);
        let mut s = game.new_initial_state();
        random_steps(&game, &mut s, 30);
        assert_eq!(*s.rules(), rules, "play keeps the rules");
        assert_eq!(*s.clone().rules(), rules, "a copy keeps them");
    }
    assert_eq!(*State::from_position(pos).rules(), Rules::wcdf());
    assert_eq!(
        State::from_position(pos),
        Draughts::default().state_from(pos)
    );
}

fn random_steps(game: &Draughts, s: &mut State, n: u32) {
    let mut rng = GameRng::new(5, 5);
    let mut buf = Vec::new();
    for _ in 0..n {
        let Some(a) = game.sample_action(s, &mut rng, &mut buf) else {
            break;
        };
        game.apply(s, &a).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// States of random games under each preset are refused by every other preset's game,
    /// and (feature `serde`) round-trip with their rules, still refused after reading back.
    #[test]
    fn random_states_of_each_preset_round_trip_and_every_other_preset_refuses_them(
        which in 0usize..8, seed in any::<u64>(), plies in 0u32..300, kings in any::<bool>()
    ) {
        let rules = presets();
        let game = Draughts::new(rules[which]).unwrap();
        let mut s = if kings {
            game.state_from("B:WK25,K30,K32:BK1,K3".parse().unwrap())
        } else {
            game.new_initial_state()
        };
        let mut rng = GameRng::new(seed, 4);
        let mut buf = Vec::new();
        boardgame_core::random_playout_capped(&game, &mut s, &mut rng, &mut buf, plies);
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&s).unwrap();
            let back: State = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(&back, &s);
            prop_assert_eq!(back.rules(), game.rules());
        }
        for (i, &other) in rules.iter().enumerate() {
            if i != which {
                refuses(&Draughts::new(other).unwrap(), &s);
            }
        }
    }
}
