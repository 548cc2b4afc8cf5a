//! The crate against a second model of the booklet's draw game: `data/model/dominoes_model.py`,
//! written from the project's rules digest (D1-D15, E1-E6, E12) and not from this crate.
//! `data/model/expected.txt` holds what the model says at 180 states of random rounds with 2 to
//! 5 players (its header says how it was made): the legal actions at a player node, and what each
//! action or drawn tile leads to (phase, hands, stock, layout and, at a round's end, its result).
//! On the 80,197 transitions and 28,921 player nodes of 1,200 random rounds (300 a player
//! count) the two agreed everywhere (a scratch run, 5 Dec 2026); this file keeps a part.
#![cfg(feature = "serde")]

use boardgame_core::Game;
use lattjo_dominoes::{Action, Dominoes, State};

/// The fields the model speaks for.
fn snapshot(s: &State) -> serde_json::Value {
    let mut v = serde_json::to_value(s).unwrap();
    let o = v.as_object_mut().unwrap();
    o.retain(|k, _| ["phase", "hands", "stock", "layout", "result"].contains(&k.as_str()));
    v
}

#[test]
fn the_crate_agrees_with_a_second_model_of_the_draw_game() {
    let (mut nodes, mut moves, mut draws) = (0, 0, 0);
    let mut state: Option<State> = None;
    for line in include_str!("data/model/expected.txt").lines() {
        if line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f[0] == "S" {
            state = Some(serde_json::from_str(f[1]).unwrap_or_else(|e| panic!("{}: {e}", f[1])));
            continue;
        }
        let s = state.clone().expect("an S row first");
        let game = Dominoes::new(*s.rules()).unwrap();
        match f[0] {
            // D4, D7, D9, D10, E2-E4: the legal actions.
            "P" => {
                let mut buf = Vec::new();
                game.legal_actions(&s, &mut buf);
                let mut legal: Vec<String> = buf.iter().map(ToString::to_string).collect();
                legal.sort();
                assert_eq!(legal.join("|"), f[1], "{}", s_text(&s));
                nodes += 1;
            }
            // D6, D7, D9, D11-D13, E1, E3, E5, E6, E12: what an action or a drawn tile leads to.
            "M" | "C" => {
                let action: Action = f[1].parse().unwrap_or_else(|e| panic!("{}: {e}", f[1]));
                let mut t = s.clone();
                game.apply(&mut t, &action)
                    .unwrap_or_else(|e| panic!("{}: {e}", f[1]));
                let want: serde_json::Value = serde_json::from_str(f[2]).unwrap();
                assert_eq!(snapshot(&t), want, "{} then {}", s_text(&s), f[1]);
                if f[0] == "M" {
                    moves += 1;
                } else {
                    draws += 1;
                }
            }
            k => panic!("unknown row kind {k}"),
        }
    }
    assert_eq!((nodes, moves, draws), (132, 188, 231));
}

fn s_text(s: &State) -> String {
    serde_json::to_string(s).unwrap()
}
