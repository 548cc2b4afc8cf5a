//! Helpers shared by the hand-built-position tests (`rules.rs`, `five_up.rs`).
#![allow(dead_code)]

use boardgame_core::{Game, Seat};
use lattjo_dominoes::{Action, Dominoes, Layout, PlayError, Rules, Setup, State, Tile, Tiles};

pub fn game(r: Rules) -> Dominoes {
    Dominoes::new(r).expect("valid rules")
}

pub fn t(s: &str) -> Tile {
    s.parse().expect("tile")
}

pub fn a(s: &str) -> Action {
    s.parse().expect("action")
}

pub fn seat(i: u8) -> Seat {
    Seat::new(i)
}

pub fn layout(s: &str) -> Layout {
    s.parse().expect("layout")
}

/// A hand-built position: the stock is every tile not in a hand or the layout.
pub fn pos(g: &Dominoes, hands: &[&str], text: &str, to_move: u8) -> State {
    let hands: Vec<Tiles> = hands.iter().map(|h| h.parse().expect("hand")).collect();
    let layout = layout(text);
    let mut stock = g.set().difference(layout.tiles());
    for h in &hands {
        stock = stock.difference(*h);
    }
    g.setup(Setup {
        hands,
        stock,
        layout,
        to_move: seat(to_move),
    })
    .expect("setup")
}

/// The legal actions of `s`, as text.
pub fn legal(g: &Dominoes, s: &State) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v.iter().map(ToString::to_string).collect()
}

/// Applies `action` expecting `err`, and checks the state did not change.
pub fn refused(g: &Dominoes, s: &mut State, action: &str, err: PlayError) {
    let before = s.clone();
    assert_eq!(g.apply(s, &a(action)), Err(err), "{action}");
    assert_eq!(*s, before, "{action} changed the state");
    assert!(!g.is_legal(s, &a(action)));
}
