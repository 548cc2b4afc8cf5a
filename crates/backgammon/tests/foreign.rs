//! A state made under other rules or match settings handed to the game (a saved state paired
//! with the wrong game value): boardgame-core's `check_foreign_states` for every pair of rule
//! sets that differ in a dimension the state depends on (the cube and its options, the
//! single-die policy, Crawford, resignations), both ways, and for matches of other lengths
//! and rules.

use boardgame_core::conformance::{
    ConformanceConfig, check_foreign_states, probe_indexed, probe_observe, probe_rounds,
};
use boardgame_core::{Match, MatchConfig, MatchState};
use lattjo_backgammon::{
    Action, Backgammon, Dice, ObservationKind, ResignLevel, Rules, Side, State,
};

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
        determinize_every: 5,
        extra_actions: vec![
            Action::Double,
            Action::Take,
            Action::Beaver,
            Action::Drop,
            Action::Roll,
            Action::Resign(ResignLevel::Gammon),
            Action::AcceptResignation,
            Action::Dice(Dice::new(6, 6).unwrap()),
            Action::Opening { white: 2, black: 2 },
        ],
        ..ConformanceConfig::default()
    }
}

fn rule_sets() -> Vec<Rules> {
    vec![
        Rules::standard(),
        Rules::lattjo(),
        Rules::standard().with_cube(false),
        Rules::standard()
            .with_jacoby(true)
            .with_beavers(true)
            .with_automatic_doubles(3)
            .with_max_cube_log2(Some(2))
            .with_resignations(true),
        Rules::lattjo().with_crawford(true).with_resignations(true),
    ]
}

#[test]
fn every_rule_set_refuses_or_plays_validly_the_states_of_every_other() {
    let mut games: Vec<Backgammon> = rule_sets()
        .into_iter()
        .map(|r| Backgammon::new(r).unwrap())
        .collect();
    games.push(
        Backgammon::new(Rules::standard())
            .unwrap()
            .with_observation(ObservationKind::Compact),
    );
    let cfg = cfg(6);
    let (mut pairs, mut nodes) = (0, 0);
    for a in &games {
        for b in &games {
            let report = check_foreign_states(a, b, &cfg, round_trip::<State>, |s, _| {
                probe_observe(b, s)?;
                probe_indexed(b, s)?;
                let _ = (b.xgid(s), b.gnubg_id(s), b.gnubg_id_unswapped(s));
                for you in [Side::White, Side::Black] {
                    let _ = b.fibs_board(s, you, ["you", "them"]);
                }
                probe_rounds(b, s)
            })
            .unwrap_or_else(|v| panic!("{:?} on a state of {:?}: {v}", b.rules(), a.rules()));
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    println!("backgammon: {pairs} pairs, {nodes} foreign nodes");
    assert_eq!(pairs, 36);
}

#[test]
fn every_match_refuses_or_plays_validly_the_states_of_every_other() {
    let mut matches = Vec::new();
    for rules in [
        Rules::standard(),
        Rules::lattjo(),
        Rules::standard().with_cube(false),
    ] {
        for (target, rounds) in [(Some(1), None), (Some(7), None), (Some(64), Some(3))] {
            let config = MatchConfig::new(target, rounds).unwrap();
            matches.push(Match::new(Backgammon::new(rules).unwrap(), config));
        }
    }
    let cfg = cfg(1);
    let (mut pairs, mut nodes) = (0, 0);
    for a in &matches {
        for b in &matches {
            let report =
                check_foreign_states(a, b, &cfg, round_trip::<MatchState<State>>, |s, _| {
                    probe_observe(b, s)?;
                    probe_indexed(b, s)?;
                    probe_rounds(b.game(), s.round())
                })
                .unwrap_or_else(|v| {
                    panic!(
                        "{:?} {:?} on a state of {:?} {:?}: {v}",
                        b.game().rules(),
                        b.config(),
                        a.game().rules(),
                        a.config()
                    )
                });
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    println!("backgammon matches: {pairs} pairs, {nodes} foreign nodes");
    assert_eq!(pairs, 81);
}
