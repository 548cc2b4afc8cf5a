//! A state made under other rules or match settings handed to the game (a saved state paired
//! with the wrong game value): boardgame-core's `check_foreign_states` for every pair of rule
//! sets that differ in a dimension the state depends on (seat count, set size, hand size,
//! scoring, spinners, partnerships, the draw rule, the observation kind), both ways, and for
//! matches of other settings.

use boardgame_core::conformance::{
    ConformanceConfig, check_foreign_states, probe_imperfect, probe_indexed, probe_observe,
    probe_rounds,
};
use boardgame_core::{Match, MatchConfig, MatchState};
use lattjo_dominoes::{Action, Dominoes, DrawRule, ObservationKind, Rules, State};

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

fn cfg(games: u32) -> ConformanceConfig<Action> {
    ConformanceConfig {
        games,
        determinize_every: 4,
        extra_actions: ["9-9 left", "draw", "pass", "deal 12-12", "6-6 6-6:up"]
            .iter()
            .map(|s| s.parse().expect("action"))
            .collect(),
        ..ConformanceConfig::default()
    }
}

fn games() -> Vec<Dominoes> {
    let rules = [
        Rules::lattjo(),
        Rules::lattjo().with_players(5),
        Rules::block(),
        Rules::draw().with_players(3),
        Rules::all_fives(),
        Rules::muggins().with_players(4),
        Rules::partnership(),
        Rules::five_up().with_players(4).with_partnerships(true),
        Rules::double_nine().with_players(4).with_hand_size(Some(7)),
        Rules::double_twelve()
            .with_players(6)
            .with_hand_size(Some(10)),
        Rules::all_fives()
            .with_players(3)
            .with_draw_rule(DrawRule::DrawUntilPlayableLeaveTwo),
    ];
    let mut games: Vec<Dominoes> = rules.iter().map(|&r| Dominoes::new(r).unwrap()).collect();
    for players in [2, 4] {
        games.push(
            Dominoes::new(Rules::lattjo().with_players(players))
                .unwrap()
                .with_observation(ObservationKind::Detailed),
        );
    }
    games
}

#[test]
fn every_rule_set_refuses_or_plays_validly_the_states_of_every_other() {
    let games = games();
    let cfg = cfg(2);
    let (mut pairs, mut nodes) = (0, 0);
    for (i, a) in games.iter().enumerate() {
        for (j, b) in games.iter().enumerate() {
            let report = check_foreign_states(a, b, &cfg, round_trip::<State>, |s, rng| {
                probe_imperfect(b, s, rng)?;
                probe_observe(b, s)?;
                probe_indexed(b, s)?;
                probe_rounds(b, s)?;
                b.check_state(s).ok();
                let _ = b.describe_state(s);
                for a in &cfg.extra_actions {
                    let _ = b.check(s, a);
                }
                Ok(())
            })
            .unwrap_or_else(|v| panic!("game {j} on a state of game {i}: {v}"));
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    println!("dominoes: {pairs} pairs, {nodes} foreign nodes");
    assert_eq!(pairs, 169);
}

#[test]
fn every_match_refuses_or_plays_validly_the_states_of_every_other() {
    let mut matches = Vec::new();
    for rules in [
        Rules::lattjo(),
        Rules::all_fives().with_players(3),
        Rules::five_up(),
    ] {
        for config in [
            Rules::suggested_match(),
            MatchConfig::new(Some(5), None).unwrap(),
            MatchConfig::new(None, Some(2)).unwrap(),
        ] {
            matches.push(Match::new(Dominoes::new(rules).unwrap(), config));
        }
    }
    let cfg = cfg(1);
    let (mut pairs, mut nodes) = (0, 0);
    for (i, a) in matches.iter().enumerate() {
        for (j, b) in matches.iter().enumerate() {
            let report =
                check_foreign_states(a, b, &cfg, round_trip::<MatchState<State>>, |s, rng| {
                    probe_imperfect(b, s, rng)?;
                    probe_observe(b, s)?;
                    probe_indexed(b, s)?;
                    probe_rounds(b.game(), s.round())
                })
                .unwrap_or_else(|v| panic!("match {j} on a state of match {i}: {v}"));
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    println!("dominoes matches: {pairs} pairs, {nodes} foreign nodes");
    assert_eq!(pairs, 81);
}

/// Regression: a match took up a round made under other rules (`Match::resume` checked only
/// its own fields); the core's `Rounds::check_round` now asks the game, which refuses it.
#[test]
fn a_match_takes_up_no_round_of_other_rules() {
    use boardgame_core::{BySeat, Game, ResumeError};
    let block = Dominoes::new(Rules::block()).unwrap();
    let five_up = Dominoes::new(Rules::five_up()).unwrap();
    let rounds = Match::new(block, MatchConfig::new(Some(100), None).unwrap());
    let totals = BySeat::new(2, 0);
    assert!(rounds.resume(block.new_initial_state(), totals).is_ok());
    assert_eq!(
        rounds.resume(five_up.new_initial_state(), totals),
        Err(ResumeError::Round(
            "the round was made under other rules than the game's"
        ))
    );
}
