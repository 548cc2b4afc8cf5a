//! A state made under other rules or from another start handed to the game (a saved state
//! paired with the wrong game value): boardgame-core's `check_foreign_states` for every pair
//! of games that differ in a dimension the state depends on (the draw rules, decisions
//! listed or not, Chess960 against the standard start, a position set up from a FEN), both
//! ways.

use boardgame_core::conformance::{
    ConformanceConfig, check_foreign_states, probe_indexed, probe_observe,
};
use lattjo_chess::{Action, Chess, Move, Position, Rules, Square, State};

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
fn every_game_refuses_or_plays_validly_the_states_of_every_other() {
    let c960 = |n| Position::chess960(n).expect("a valid number");
    let fen: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 95 60".parse().unwrap();
    let games = [
        Chess::new(Rules::fide()).unwrap(),
        Chess::new(Rules::lattjo()).unwrap(),
        Chess::new(Rules::fide().with_decisions(true)).unwrap(),
        Chess::new(Rules::fide().with_auto_claim(true)).unwrap(),
        Chess::new(Rules::fide()).unwrap().with_start(c960(0)),
        Chess::new(Rules::lattjo().with_decisions(true))
            .unwrap()
            .with_start(c960(959)),
        Chess::new(Rules::fide().with_decisions(true))
            .unwrap()
            .with_start(fen),
    ];
    let cfg = ConformanceConfig {
        games: 2,
        max_plies: 20_000,
        determinize_every: 11,
        extra_actions: vec![
            Action::Move(Move::new(Square::E1, Square::G1)),
            Action::Move(Move::new(Square::E1, Square::H1)),
            Action::Resign,
            Action::OfferDraw,
            Action::AcceptDraw,
            Action::ClaimDraw,
            Action::ClaimDrawWith(Move::new(Square::E1, Square::F1)),
            Action::ClaimDrawWith(Move::new(Square::G8, Square::F6)),
        ],
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
                let _ = b.claimable_draws(s);
                probe_indexed(b, s)
            })
            .unwrap_or_else(|v| panic!("{b:?} on a state of {a:?}: {v}"));
            pairs += 1;
            nodes += report.foreign_nodes;
        }
    }
    println!("chess: {pairs} pairs, {nodes} foreign nodes");
    assert_eq!(pairs, 42);
}
