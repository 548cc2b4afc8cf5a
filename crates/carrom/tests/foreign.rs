//! A state made under other rules, physics or match settings handed to the game (a saved
//! state paired with the wrong game value): boardgame-core's `check_foreign_states` for
//! pairs of games that differ in a dimension the state depends on (2 or 4 seats, the ICF or
//! the booklet's rules, noise, the physics), both ways, and for whole games and matches of
//! other settings. Carrom's strokes are simulated, so each pair plays three short games.

use boardgame_core::conformance::{
    ConformanceConfig, check_foreign_states, probe_indexed, probe_observe, probe_parametric,
    probe_rounds,
};
use boardgame_core::{Game, MatchState};
use lattjo_carrom::{Action, Carrom, NoiseModel, PhysicsConfig, Rules, State};

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
            let report = check_foreign_states(a, b, &cfg(i as u64), round_trip::<State>, |s, rng| {
                probe_observe(b, s)?;
                probe_indexed(b, s)?;
                probe_parametric(b, s, rng)?;
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
    let whole: Vec<_> = games.iter().take(2).map(|g| g.clone().full_game()).collect();
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
                    probe_parametric(b, s, rng)
                },
            )
            .unwrap_or_else(|v| panic!("whole game {j} on a state of whole game {i}: {v}"));
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    let matches: Vec<_> = games.iter().take(2).map(|g| g.clone().full_match()).collect();
    for (i, a) in matches.iter().enumerate() {
        for (j, b) in matches.iter().enumerate() {
            let report = check_foreign_states(
                a,
                b,
                &cfg(20 + i as u64),
                |s| round_trip(s),
                |s, _| {
                    let _ = b.num_players();
                    let _ = s;
                    Ok(())
                },
            )
            .unwrap_or_else(|v| panic!("match {j} on a state of match {i}: {v}"));
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    println!("carrom whole games and matches: {pairs} pairs, {nodes} foreign nodes");
    assert_eq!(pairs, 8);
}
