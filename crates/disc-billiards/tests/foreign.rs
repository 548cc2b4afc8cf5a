//! A state made under other rules, physics or match settings handed to the game (a saved
//! state paired with the wrong game value): boardgame-core's `check_foreign_states` for
//! pairs of games that differ in a dimension the state depends on (2 or 4 seats, the
//! booklet, LNF and mini boards, noise, a stroke limit, the physics), both ways, and for
//! matches of other settings. Strokes are simulated, so each pair plays short games.

use boardgame_core::MatchState;
use boardgame_core::conformance::{
    ConformanceConfig, check_foreign_states, probe_indexed, probe_observe, probe_parametric,
    probe_rounds,
};
use boardgame_core::{Game, Seat};
use lattjo_disc_billiards::{
    Action, NoiseModel, Novuss, PhysicsConfig, RANDOM_PLAY_BOUND, Rules, State,
};

/// The crate's own state methods of `b` on a state `a` made: the stroke check, a simulation,
/// and `b` resolving what `a` simulated (refused, or a valid state).
fn probe_state_methods(
    a: &Novuss,
    b: &Novuss,
    s: &State,
    rng: &mut boardgame_core::GameRng,
) -> Result<(), String> {
    let mut buf = Vec::new();
    let Some(Action::Strike(_, stroke)) = a.sample_action(s, rng, &mut buf) else {
        return Ok(());
    };
    for seat in Seat::all(b.num_players().max(4)) {
        let _ = b.check_stroke(s, seat, &stroke);
    }
    let _ = b.simulate(s, &stroke);
    let mut copy = s.clone();
    match b.strike(&mut copy, &stroke) {
        Ok(_) => round_trip(&copy)?,
        Err(_) if copy != *s => return Err("strike refused but changed the state".into()),
        Err(_) => {}
    }
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
        games: 1,
        seed,
        max_plies: RANDOM_PLAY_BOUND,
        exhaustive_actions: false,
        generated_checks_per_node: 2,
        foreign_checks_per_node: 1,
        determinize_every: 4,
        ..ConformanceConfig::default()
    }
}

fn games() -> Vec<Novuss> {
    let mut physics = PhysicsConfig::default();
    physics.params.friction_mu *= 2.0;
    physics.params.restitution_disc *= 0.7;
    vec![
        Novuss::new(Rules::lattjo()).unwrap(),
        Novuss::new(Rules::lattjo().with_players(4)).unwrap(),
        Novuss::new(Rules::lnf()).unwrap(),
        Novuss::new(Rules::mini()).unwrap(),
        Novuss::new(Rules::lattjo().with_noise(Some(NoiseModel {
            direction_sd: 0.02,
            speed_sd: 0.05,
        })))
        .unwrap(),
        Novuss::new(Rules::lattjo().with_stroke_limit(Some(30))).unwrap(),
        Novuss::new(Rules::lattjo())
            .unwrap()
            .with_physics(physics)
            .unwrap(),
    ]
}

#[test]
fn every_set_refuses_or_plays_validly_the_states_of_every_other() {
    let games = games();
    let (mut pairs, mut nodes) = (0, 0);
    for (i, a) in games.iter().enumerate() {
        for (j, b) in games.iter().enumerate() {
            let report =
                check_foreign_states(a, b, &cfg(i as u64), round_trip::<State>, |s, rng| {
                    probe_observe(b, s)?;
                    probe_indexed(b, s)?;
                    probe_parametric(b, s, rng)?;
                    probe_state_methods(a, b, s, rng)?;
                    probe_rounds(b, s)
                })
                .unwrap_or_else(|v| panic!("game {j} on a state of game {i}: {v}"));
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    println!("disc-billiards sets: {pairs} pairs, {nodes} foreign nodes");
    assert_eq!(pairs, 49);
}

#[test]
fn every_match_refuses_or_plays_validly_the_states_of_every_other() {
    let matches: Vec<_> = [
        Rules::lattjo().with_sets_to_win(1),
        Rules::lattjo().with_players(4).with_sets_to_win(2),
        Rules::mini().with_sets_to_win(1),
    ]
    .into_iter()
    .map(|r| Novuss::new(r).unwrap().full_match())
    .collect();
    let (mut pairs, mut nodes) = (0, 0);
    for (i, a) in matches.iter().enumerate() {
        for (j, b) in matches.iter().enumerate() {
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
            .unwrap_or_else(|v| panic!("match {j} on a state of match {i}: {v}"));
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    println!("disc-billiards matches: {pairs} pairs, {nodes} foreign nodes");
    assert_eq!(pairs, 9);
}

/// Regression: a match took up a set made under other rules (`Match::resume` checked only
/// its own fields); the core's `Rounds::check_round` now asks the game, which refuses it.
#[test]
fn a_match_takes_up_no_set_of_other_rules() {
    use boardgame_core::{BySeat, Match, MatchConfig, ResumeError};
    let lattjo = Novuss::new(Rules::lattjo()).unwrap();
    let lnf = Novuss::new(Rules::lnf()).unwrap();
    let sets = Match::new(lattjo.clone(), MatchConfig::new(Some(2), None).unwrap());
    let totals = BySeat::new(2, 0);
    assert!(sets.resume(lattjo.new_initial_state(), totals).is_ok());
    assert_eq!(
        sets.resume(lnf.new_initial_state(), totals),
        Err(ResumeError::Round(
            "the set was made under other rules than the game's"
        ))
    );
}

/// The core contract for a state of other rules: `check_state` names it, nothing is
/// listed or sampled, and the stroke its own game would play is refused, the state
/// unchanged (`probe_refused`).
#[test]
fn a_set_of_other_rules_lists_and_samples_nothing() {
    use boardgame_core::GameRng;
    use boardgame_core::conformance::probe_refused;
    use lattjo_disc_billiards::PlayError;
    let lattjo = Novuss::new(Rules::lattjo()).unwrap();
    let lnf = Novuss::new(Rules::lnf()).unwrap();
    let s = lnf.new_initial_state();
    let mut rng = GameRng::new(7, 0);
    let own = lnf.sample_action(&s, &mut rng, &mut Vec::new()).unwrap();
    assert_eq!(lattjo.check_state(&s), Err(PlayError::OtherRules));
    assert_eq!(probe_refused(&lattjo, &s, &[own], &mut rng), Ok(()));
    // The state's own game does offer it.
    assert!(probe_refused(&lnf, &s, &[own], &mut rng).is_err());
}
