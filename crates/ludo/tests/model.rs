//! The crate against a second model of the rules: `data/model/ludo_model.py`, written from the
//! project's rules digest (L1-L17, D1-D10, A1-A16) and not from this crate, for the booklet's
//! rules, Classic and Mensch. `data/model/expected.txt` holds what the model says happens at
//! 875 states drawn from random games (its header says how it was made): after each die at a
//! chance node, which moves are legal at a player node, and what each move leaves. On the
//! 2.42 million transitions of 1,050 random games (150 a preset) the two agreed everywhere (a
//! scratch run, 5 Dec 2026); this file keeps a part.

use boardgame_core::Game;
use lattjo_ludo::{Action, Die, Ludo, State};

fn state(text: &str) -> (Ludo, State) {
    let s: State = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    let game = Ludo::new(*s.rules()).expect("the state's rules are valid");
    (game, s)
}

#[test]
fn the_crate_agrees_with_a_second_model_of_the_rules_on_rolls_moves_and_their_results() {
    let (mut rolls, mut nodes, mut moves) = (0, 0, 0);
    for line in include_str!("data/model/expected.txt").lines() {
        if line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let (game, mut s) = state(f[1]);
        match f[0] {
            // L4-L7, A3, A11, A12, D5: what a roll leads to.
            "C" => {
                let die = Die::new(f[2].parse().unwrap()).unwrap();
                game.apply(&mut s, &Action::Roll(die)).unwrap();
                assert_eq!(s.to_string(), f[3], "{} then {}", f[1], f[2]);
                rolls += 1;
            }
            // L5, L6, L8-L10, L14, L15, D1-D4, A2, A4-A8, A10: the legal moves.
            "P" => {
                let mut legal: Vec<String> =
                    s.legal_moves().iter().map(ToString::to_string).collect();
                legal.sort();
                let model: Vec<&str> = f.get(2).map_or(Vec::new(), |m| {
                    m.split(' ').filter(|w| !w.is_empty()).collect()
                });
                assert_eq!(legal, model, "{}", f[1]);
                nodes += 1;
            }
            // L10, L13, L16, L17, A2, A4, A10, A16: what each move leaves.
            "M" => {
                let action: Action = f[2].parse().unwrap();
                game.apply(&mut s, &action)
                    .unwrap_or_else(|e| panic!("{}: {}: {e}", f[1], f[2]));
                assert_eq!(s.to_string(), f[3], "{} then {}", f[1], f[2]);
                moves += 1;
            }
            k => panic!("unknown row kind {k}"),
        }
    }
    assert_eq!((rolls, nodes, moves), (1890, 560, 1166));
}
