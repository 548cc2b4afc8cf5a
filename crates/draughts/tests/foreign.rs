//! A state made under other rules handed to the game (a saved state paired with the wrong
//! game value): boardgame-core's `check_foreign_states` for every pair of rule sets that
//! differ in a dimension the state depends on (short or flying kings, how draws happen, the
//! repetition count, the 40-move rule's length), both ways.

use boardgame_core::conformance::{
    ConformanceConfig, check_foreign_states, probe_indexed, probe_observe,
};
use lattjo_draughts::{Draughts, DrawReason, Draws, Rules, State};

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
    let rules = [
        Rules::wcdf(),
        Rules::lattjo(),
        Rules::wcdf().with_auto_adjudicate(true),
        Rules::wcdf().with_flying_kings(true),
        Rules::lattjo()
            .with_flying_kings(true)
            .with_draws(Draws::Automatic),
        Rules::wcdf().with_repetitions(2).with_quiet_moves(1),
        Rules::wcdf()
            .with_auto_adjudicate(true)
            .with_repetitions(9)
            .with_quiet_moves(3),
    ];
    let games: Vec<Draughts> = rules.iter().map(|&r| Draughts::new(r).unwrap()).collect();
    let cfg = ConformanceConfig {
        games: 3,
        max_plies: 50_000,
        determinize_every: 7,
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
                probe_indexed(b, s)?;
                // The crate's own state methods: claims and agreement, refused or valid.
                for reason in [DrawReason::Repetition, DrawReason::FortyMoveRule] {
                    let _ = b.can_claim(s, reason);
                    let mut copy = s.clone();
                    match b.claim_draw(&mut copy, reason) {
                        Ok(()) => valid(&copy)?,
                        Err(_) if copy != *s => {
                            return Err("claim_draw refused but changed the state".into());
                        }
                        Err(_) => {}
                    }
                }
                let mut copy = s.clone();
                match b.agree_draw(&mut copy) {
                    Ok(()) => valid(&copy),
                    Err(_) if copy != *s => Err("agree_draw refused but changed the state".into()),
                    Err(_) => Ok(()),
                }
            })
            .unwrap_or_else(|v| panic!("{:?} on a state of {:?}: {v}", b.rules(), a.rules()));
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    println!("draughts: {pairs} pairs, {nodes} foreign nodes");
    assert_eq!(pairs, 42);
}
