//! A state made under other rules handed to the game (a saved state paired with the wrong
//! game value): boardgame-core's `check_foreign_states` for every pair of rule sets that
//! differ in a dimension the state depends on (seat count and colours, board geometry, the
//! finish, safe dots, the release, stacking and six rules), both ways.

use boardgame_core::conformance::{
    ConformanceConfig, check_foreign_states, probe_indexed, probe_observe,
};
use lattjo_ludo::{Ludo, Overshoot, Rules, SafeDots, State};

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
fn every_rule_set_refuses_or_plays_validly_the_states_of_every_other() {
    let mut hybrid = Rules::lattjo();
    hybrid.overshoot = Overshoot::Illegal;
    hybrid.max_sixes = Some(2);
    hybrid.three_tries = true;
    hybrid.must_move = false;
    hybrid.play_out_places = true;
    hybrid.own_stacking = false;
    hybrid.clear_start = true;
    let rules = [
        Rules::lattjo(),
        Rules::lattjo().with_seats("RY".parse().unwrap()),
        Rules::lattjo().with_seats("GYB".parse().unwrap()),
        Rules::classic(),
        Rules::classic().with_players(2),
        Rules::mensch(),
        Rules::mensch().with_safe_dots(SafeDots::LUDO_KING),
        hybrid.with_seats("RYB".parse().unwrap()),
        hybrid.with_safe_dots(SafeDots::new(&[0, 3, 8]).unwrap()),
    ];
    let games: Vec<Ludo> = rules.iter().map(|&r| Ludo::new(r).unwrap()).collect();
    let cfg = ConformanceConfig {
        games: 6,
        max_plies: 100_000,
        determinize_every: 3,
        ..ConformanceConfig::default()
    };
    let (mut pairs, mut nodes) = (0, 0);
    for (i, a) in games.iter().enumerate() {
        for (j, b) in games.iter().enumerate() {
            if i == j {
                continue;
            }
            let report = check_foreign_states(a, b, &cfg, valid, |s, _| {
                probe_observe(b, s)?;
                for text in ["R:0>2", "G:-", "Y:3>9", "B:44>45", "R:40>41xG", "R:51>56"] {
                    let _ = b.parse_move(s, text);
                }
                probe_indexed(b, s)
            })
            .unwrap_or_else(|v| panic!("rules {j} on a state of rules {i}: {v}"));
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    println!("ludo: {pairs} pairs, {nodes} foreign nodes");
    assert_eq!(pairs, 72);
}

/// The core contract for a state of other rules: `check_state` names it, nothing is
/// listed or sampled, and the roll and the move its own game would play are refused, the
/// state unchanged (`probe_refused`).
#[test]
fn a_state_of_other_rules_lists_and_samples_nothing() {
    use boardgame_core::conformance::probe_refused;
    use boardgame_core::{Game, GameRng, Turn};
    use lattjo_ludo::PlayError;
    let lattjo = Ludo::new(Rules::lattjo()).unwrap();
    let mensch = Ludo::new(Rules::mensch()).unwrap();
    let mut s = mensch.new_initial_state();
    let mut rng = GameRng::new(3, 0);
    let mut buf = Vec::new();
    let mut moves_seen = 0;
    // Through the first rolls and moves, each refused by the other game.
    for _ in 0..40 {
        let own = match mensch.turn(&s) {
            Turn::Terminal => break,
            Turn::Chance => mensch.sample_chance(&s, &mut rng).unwrap(),
            Turn::Player(_) => {
                moves_seen += 1;
                mensch.sample_action(&s, &mut rng, &mut buf).unwrap()
            }
        };
        assert_eq!(lattjo.check_state(&s), Err(PlayError::OtherRules));
        assert_eq!(probe_refused(&lattjo, &s, &[own], &mut rng), Ok(()));
        mensch.apply(&mut s, &own).unwrap();
    }
    assert!(moves_seen > 0);
}
