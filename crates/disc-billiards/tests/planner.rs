//! The shot planner ([`Planner`]) as an agent: whatever it plays, the game accepts.

use boardgame_core::{Game, GameRng, Turn};
use lattjo_disc_billiards::{NoiseModel, Novuss, Planner, PlannerConfig, Rules};

/// Regression (an audit): under a rule set with a low top stroke speed
/// (`Rules::max_speed`, valid from `MIN_SPEED_LIMIT`), the planner's geometric candidates
/// included soft touches faster than the limit, and its fallback stroke had a fixed 2 m/s;
/// the planner played them and the game refused them (`StrokeError::Speed`).
#[test]
fn regression_the_planner_played_touches_faster_than_the_rules_top_speed() {
    for max_speed in [0.3, 0.6, 1.5] {
        for rules in [Rules::lattjo(), Rules::lnf(), Rules::mini()] {
            let game = Novuss::new(rules.with_max_speed(max_speed)).expect("valid rules");
            let state = game.new_initial_state();
            let mut planner = Planner::default();
            for c in planner.candidates(&game, &state) {
                assert!(c.stroke.speed <= max_speed, "{c:?}");
            }
            if let Some(a) = planner.choose(&game, &state) {
                assert!(game.is_legal(&state, &a), "{max_speed}: {a:?}");
                game.apply(&mut state.clone(), &a).expect("accepted");
            }
        }
    }
}

/// At every player node of seeded games (every preset, singles and pairs, with and without
/// execution noise, full and low top speeds; half the moves the planner's, half random), a
/// fresh planner and one reused across the game choose the same stroke, and the game accepts
/// it (B3 placement, speed within the rules).
#[test]
fn the_planner_is_deterministic_and_plays_only_what_the_game_accepts() {
    let config = PlannerConfig { shots_simulated: 2 };
    let mut checked = 0;
    for rules in [Rules::lattjo(), Rules::lnf(), Rules::mini()] {
        for players in [2, 4] {
            for noise in [
                None,
                Some(NoiseModel {
                    direction_sd: 0.01,
                    speed_sd: 0.03,
                }),
            ] {
                for max_speed in [rules.max_speed, 0.4] {
                    let Ok(game) = Novuss::new(
                        rules
                            .with_players(players)
                            .with_noise(noise)
                            .with_max_speed(max_speed),
                    ) else {
                        continue;
                    };
                    let mut rng = GameRng::new(players as u64, 1);
                    let mut reused = Planner::new(config);
                    let mut buf = Vec::new();
                    let mut s = game.new_initial_state();
                    for _ in 0..16 {
                        let a = match game.turn(&s) {
                            Turn::Terminal => break,
                            Turn::Chance => game.sample_chance(&s, &mut rng),
                            Turn::Player(_) => {
                                let planned = reused.choose(&game, &s);
                                assert_eq!(Planner::new(config).choose(&game, &s), planned);
                                if let Some(p) = planned {
                                    assert!(game.is_legal(&s, &p), "{p:?}");
                                    game.apply(&mut s.clone(), &p).expect("accepted");
                                    checked += 1;
                                }
                                if planned.is_some() && rng.chance(0.5) {
                                    planned
                                } else {
                                    game.sample_action(&s, &mut rng, &mut buf)
                                }
                            }
                        };
                        let Some(a) = a else { break };
                        game.apply(&mut s, &a).expect("legal");
                    }
                }
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

/// A state of another rule set: the planner offers no candidate and no stroke (the game
/// refuses every stroke there).
#[test]
fn the_planner_plays_nothing_in_a_state_of_another_rule_set() {
    let lnf = Novuss::new(Rules::lnf()).expect("valid rules");
    let state = lnf.new_initial_state();
    let game = Novuss::new(Rules::lattjo()).expect("valid rules");
    let mut planner = Planner::default();
    assert!(planner.candidates(&game, &state).is_empty());
    assert_eq!(planner.choose(&game, &state), None);
    assert!(!planner.candidates(&lnf, &state).is_empty());
}
