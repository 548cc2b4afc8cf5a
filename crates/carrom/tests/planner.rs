//! The shot planner ([`Planner`]) as an agent: whatever it plays, the game accepts.

use boardgame_core::{Game, GameRng, Turn};
use lattjo_carrom::{Carrom, NoiseModel, Phase, Planner, PlannerConfig, PlayError, Rules, State};

/// A state of `game` where a due choice (ICF 60) is pending, reached by seeded random play.
fn a_pending_due(game: &Carrom) -> State {
    let mut buf = Vec::new();
    for seed in 0..200 {
        let mut rng = GameRng::new(seed, 0);
        let mut s = game.new_initial_state();
        for _ in 0..400 {
            if matches!(s.phase(), Phase::Dues { .. }) {
                return s;
            }
            let a = match game.turn(&s) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&s, &mut rng),
                Turn::Player(_) => game.sample_action(&s, &mut rng, &mut buf),
            }
            .expect("an action at a non-terminal node");
            game.apply(&mut s, &a).expect("a sampled action is legal");
        }
    }
    panic!("no due choice in 200 random games");
}

/// Regression (an audit): given a state of another rule set with a due choice pending
/// (ICF 60), the planner answered `Dues(placer, Place)`, which the game refuses with
/// `PlayError::OtherRules`; in a stroke it already found nothing. It now plays nothing in a
/// state of another rule set.
#[test]
fn regression_the_planner_answered_a_due_of_another_rule_set_with_an_action_apply_refused() {
    let icf = Carrom::new(Rules::icf()).expect("valid rules");
    let due = a_pending_due(&icf);
    // The planner of the state's own game lets the penalty stand, and the game accepts it.
    let own = Planner::default().choose(&icf, &due).expect("a due choice");
    icf.apply(&mut due.clone(), &own).expect("accepted");
    for other in [
        Rules::lattjo(),
        Rules::icf().with_players(4),
        Rules::icf().with_dues_may_be_declined(false),
    ] {
        let game = Carrom::new(other).expect("valid rules");
        assert_eq!(Planner::default().choose(&game, &due), None, "{other:?}");
        // What the game says of the due choice itself.
        let Phase::Dues { placer, .. } = due.phase() else {
            unreachable!()
        };
        assert_eq!(
            game.apply(
                &mut due.clone(),
                &lattjo_carrom::Action::Dues(placer, lattjo_carrom::DueChoice::Place)
            ),
            Err(PlayError::OtherRules)
        );
        // A stroke of another rule set: nothing either.
        let start = icf
            .initial_state(boardgame_core::Seat::new(0))
            .expect("a start");
        assert_eq!(Planner::default().choose(&game, &start), None);
    }
}

/// At every player node of seeded games (both presets, singles and doubles, with and without
/// execution noise; half the moves the planner's, half random), a fresh planner and one
/// reused across the game choose the same action, and the game accepts it (C2 for strokes,
/// ICF 60 for dues; the pass only where no stroke fits).
#[test]
fn the_planner_is_deterministic_and_plays_only_what_the_game_accepts() {
    let config = PlannerConfig {
        shots_simulated: 2,
        bank_shots_simulated: 1,
        grid_stride: 60,
    };
    let mut checked = 0;
    for rules in [Rules::lattjo(), Rules::icf()] {
        for players in [2, 4] {
            for noise in [None, Some(NoiseModel::default())] {
                let game = Carrom::new(rules.with_players(players).with_noise(noise))
                    .expect("valid rules");
                let mut rng = GameRng::new(u64::from(players as u8), 1);
                let mut reused = Planner::new(config);
                let mut buf = Vec::new();
                let mut s = game.new_initial_state();
                for _ in 0..30 {
                    let a = match game.turn(&s) {
                        Turn::Terminal => break,
                        Turn::Chance => game.sample_chance(&s, &mut rng),
                        Turn::Player(_) => {
                            let planned = reused.choose(&game, &s).expect("a player node");
                            assert_eq!(Planner::new(config).choose(&game, &s), Some(planned));
                            assert!(game.is_legal(&s, &planned), "{planned:?}");
                            game.apply(&mut s.clone(), &planned).expect("accepted");
                            checked += 1;
                            if rng.chance(0.5) {
                                Some(planned)
                            } else {
                                game.sample_action(&s, &mut rng, &mut buf)
                            }
                        }
                    }
                    .expect("an action at a non-terminal node");
                    game.apply(&mut s, &a).expect("legal");
                }
            }
        }
    }
    assert!(checked > 40, "{checked}");
}
