//! A state made under other rules, physics or match settings handed to the game (a saved
//! state paired with the wrong game value): boardgame-core's `check_foreign_states` for
//! pairs of games that differ in a dimension the state depends on (2 or 4 seats, the ICF or
//! the booklet's rules, noise, the physics), both ways, and for whole games and matches of
//! other settings. Carrom's strokes are simulated, so each pair plays three short games.

use boardgame_core::conformance::{
    ConformanceConfig, check_foreign_states, probe_indexed, probe_observe, probe_parametric,
    probe_rounds,
};
use boardgame_core::{Game, MatchState, Seat};
use lattjo_carrom::{
    Action, Carrom, DueChoice, NoiseModel, PhysicsConfig, Rules, State, Stroke, Vec2,
};

/// The crate's own state methods of `b` on a state `a` made: the checks, a simulation and a
/// trace, and `b` resolving what `a` simulated (refused, or a valid state).
fn probe_state_methods(a: &Carrom, b: &Carrom, s: &State) -> Result<(), String> {
    let stroke = Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 3.0);
    for seat in Seat::all(b.num_players().max(4)) {
        let _ = b.check_pass(s, seat);
        let _ = b.check_stroke(s, seat, &stroke);
        for choice in [DueChoice::Place, DueChoice::Decline] {
            let _ = b.check_dues(s, seat, choice);
        }
    }
    let _ = b.simulate(s, &stroke);
    let _ = b.trace(s, &stroke);
    if let Ok(outcome) = a.simulate(s, &stroke) {
        for called in [false, true] {
            let mut copy = s.clone();
            let r = if called {
                b.resolve_called_foul(&mut copy, &outcome)
            } else {
                b.resolve(&mut copy, &outcome)
            };
            match r {
                Ok(_) => round_trip(&copy)?,
                Err(_) if copy != *s => return Err("resolve refused but changed the state".into()),
                Err(_) => {}
            }
        }
    }
    Ok(())
}

/// The crate's own check of a state: a serde round trip (deserialization validates).
#[cfg(feature = "serde")]
fn round_trip<T>(s: &T) -> Result<(), String>
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq,
{
    let json = serde_json::to_string(s).map_err(|e| e.to_string())?;
    let back: T = serde_json::from_str(&json).map_err(|e| e.to_string())?;
    if back != *s {
        return Err("the state reads back different".into());
    }
    Ok(())
}

#[cfg(not(feature = "serde"))]
fn round_trip<T>(_: &T) -> Result<(), String> {
    Ok(())
}

fn cfg(seed: u64) -> ConformanceConfig<Action> {
    ConformanceConfig {
        games: 3,
        seed,
        max_plies: 20_000,
        exhaustive_actions: false,
        generated_checks_per_node: 2,
        foreign_checks_per_node: 1,
        determinize_every: 4,
        ..ConformanceConfig::default()
    }
}

fn short(mut rules: Rules) -> Rules {
    rules.target_points = 3;
    rules.max_boards = 1;
    rules
}

fn games() -> Vec<Carrom> {
    let mut physics = PhysicsConfig::default();
    physics.params.friction_mu = 0.2;
    physics.params.restitution_disc = 0.6;
    vec![
        Carrom::new(short(Rules::lattjo())).unwrap(),
        Carrom::new(short(Rules::icf().with_players(4))).unwrap(),
        Carrom::new(short(Rules::icf()).with_noise(Some(NoiseModel::default()))).unwrap(),
        Carrom::new(short(Rules::lattjo()))
            .unwrap()
            .with_physics(physics)
            .unwrap(),
    ]
}

#[test]
fn every_board_refuses_or_plays_validly_the_states_of_every_other() {
    let games = games();
    let (mut pairs, mut nodes) = (0, 0);
    for (i, a) in games.iter().enumerate() {
        for (j, b) in games.iter().enumerate() {
            let report =
                check_foreign_states(a, b, &cfg(i as u64), round_trip::<State>, |s, rng| {
                    probe_observe(b, s)?;
                    probe_indexed(b, s)?;
                    probe_parametric(b, s, rng)?;
                    probe_state_methods(a, b, s)?;
                    probe_rounds(b, s)
                })
                .unwrap_or_else(|v| panic!("game {j} on a state of game {i}: {v}"));
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    println!("carrom boards: {pairs} pairs, {nodes} foreign nodes");
    assert_eq!(pairs, 16);
}

#[test]
fn every_whole_game_and_match_refuses_or_plays_validly_the_states_of_every_other() {
    let games = games();
    let whole: Vec<_> = games
        .iter()
        .take(2)
        .map(|g| g.clone().full_game())
        .collect();
    let (mut pairs, mut nodes) = (0, 0);
    for (i, a) in whole.iter().enumerate() {
        for (j, b) in whole.iter().enumerate() {
            let report = check_foreign_states(
                a,
                b,
                &cfg(10 + i as u64),
                round_trip::<MatchState<State>>,
                |s, rng| {
                    probe_observe(b, s)?;
                    probe_indexed(b, s)?;
                    probe_parametric(b, s, rng)?;
                    probe_rounds(b.game(), s.round())
                },
            )
            .unwrap_or_else(|v| panic!("whole game {j} on a state of whole game {i}: {v}"));
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    let matches: Vec<_> = games
        .iter()
        .take(2)
        .map(|g| g.clone().full_match())
        .collect();
    for (i, a) in matches.iter().enumerate() {
        for (j, b) in matches.iter().enumerate() {
            let report = check_foreign_states(
                a,
                b,
                &cfg(20 + i as u64),
                round_trip,
                // A match of games has the `Game` methods (checked by the kit); its game
                // plays rounds.
                |s, _| probe_rounds(b.game(), s.round()),
            )
            .unwrap_or_else(|v| panic!("match {j} on a state of match {i}: {v}"));
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    println!("carrom whole games and matches: {pairs} pairs, {nodes} foreign nodes");
    assert_eq!(pairs, 8);
}

/// Regression: a match took up a board, or a whole game of boards, made under other rules
/// (`Match::resume` checked only its own fields); the core's `Rounds::check_round` now asks
/// the game, which refuses it (C20's match of boards and games alike).
#[test]
fn a_match_takes_up_no_board_or_game_of_other_rules() {
    use boardgame_core::{BySeat, Match, MatchConfig, ResumeError};
    use lattjo_carrom::CarromGame;
    let lattjo = Carrom::new(Rules::lattjo()).unwrap();
    let icf = Carrom::new(Rules::icf()).unwrap();
    let boards = Match::new(lattjo.clone(), MatchConfig::new(Some(25), None).unwrap());
    let totals = BySeat::new(2, 0);
    assert!(boards.resume(lattjo.new_initial_state(), totals).is_ok());
    assert!(matches!(
        boards.resume(icf.new_initial_state(), totals),
        Err(ResumeError::Round(_))
    ));
    let games = Match::new(
        CarromGame::new(lattjo),
        MatchConfig::new(Some(2), None).unwrap(),
    );
    let own = CarromGame::new(Carrom::new(Rules::lattjo()).unwrap()).new_initial_state();
    assert!(games.resume(own, totals).is_ok());
    let other = CarromGame::new(icf).new_initial_state();
    assert!(matches!(
        games.resume(other, totals),
        Err(ResumeError::Round(_))
    ));
}

/// The core contract for a state of other rules: `check_state` names it, nothing is
/// listed or sampled, and the toss and the stroke its own game would play are refused, the
/// state unchanged (`probe_refused`).
#[test]
fn a_board_of_other_rules_lists_and_samples_nothing() {
    use boardgame_core::conformance::probe_refused;
    use boardgame_core::{GameRng, Turn};
    use lattjo_carrom::PlayError;
    let lattjo = Carrom::new(Rules::lattjo()).unwrap();
    let icf = Carrom::new(Rules::icf()).unwrap();
    let mut s = icf.new_initial_state();
    let mut rng = GameRng::new(7, 0);
    assert_eq!(icf.turn(&s), Turn::Chance);
    let toss = icf.sample_chance(&s, &mut rng).unwrap();
    assert_eq!(probe_refused(&lattjo, &s, &[toss], &mut rng), Ok(()));
    icf.apply(&mut s, &toss).unwrap();
    let own = icf.sample_action(&s, &mut rng, &mut Vec::new()).unwrap();
    assert_eq!(lattjo.check_state(&s), Err(PlayError::OtherRules));
    assert_eq!(probe_refused(&lattjo, &s, &[own], &mut rng), Ok(()));
    assert!(probe_refused(&icf, &s, &[own], &mut rng).is_err());
}

/// Regression (architecture audit, 6 December 2026): `Match::resume` and `Match::check_state`
/// took up a board built at 0-0 in a match at 23-4. A board records the scores before it
/// (C19: a side on 22 or more gets no queen points), so the queen would have counted for a
/// side past the cut-off; `Rounds::check_round` now refuses a board of another score.
#[test]
fn regression_a_match_took_up_a_board_built_for_another_score() {
    use boardgame_core::{BySeat, Game, ResumeError};
    let board = Carrom::new(Rules::lattjo()).unwrap();
    let game = board.clone().full_game();
    let at_0_0 = game.new_initial_state().round().clone();
    let at_23_4 = BySeat::from_fn(2, |s| [23, 4][s.index()]);
    assert_eq!(
        game.resume(at_0_0.clone(), at_23_4),
        Err(ResumeError::Round(
            "the board was built for another score than the match's totals"
        ))
    );
    assert!(game.resume(at_0_0, BySeat::new(2, 0)).is_ok());
    // A board of a match played to 23-4 is taken up there (built by the match itself).
    let mut s = game.new_initial_state();
    let mut rng = boardgame_core::GameRng::new(4, 0);
    while !s.is_over() && s.totals().as_slice().iter().all(|&t| t == 0) {
        let a = match game.turn(&s) {
            boardgame_core::Turn::Chance => game.sample_chance(&s, &mut rng),
            _ => game.sample_action(&s, &mut rng, &mut Vec::new()),
        };
        game.apply(&mut s, &a.unwrap()).unwrap();
    }
    if !s.is_over() {
        assert_eq!(game.check_state(&s), Ok(()));
        assert_eq!(
            game.resume(s.round().clone(), *s.totals()).map(|_| ()),
            Ok(())
        );
    }
}
