//! Every game's state from postcard bytes: a compact binary serde format that, unlike JSON,
//! does not describe itself (no field names, no types on the wire), as game servers store
//! states. The first byte picks the game; whatever reads must write back to the same bytes'
//! value and pass the same checks and play-on as the JSON targets.

use serde::Serialize;
use serde::de::DeserializeOwned;

use boardgame_core::Game;

use crate::{joined, random_states, seed_bytes, split};

/// The games, in the order of the first byte.
const GAMES: u8 = 7;

/// Reads `head` as a postcard `T`; what reads writes back to a value that reads equal.
fn read<T: Serialize + DeserializeOwned + PartialEq + core::fmt::Debug>(head: &[u8]) -> Option<T> {
    let value: T = postcard::from_bytes(head).ok()?;
    let bytes = match postcard::to_allocvec(&value) {
        Ok(b) => b,
        Err(e) => panic!("a value read from postcard does not write: {e}"),
    };
    match postcard::from_bytes::<T>(&bytes) {
        Ok(again) => assert_eq!(again, value, "postcard round trip changed the value"),
        Err(e) => panic!("postcard bytes this crate wrote do not read: {e}"),
    }
    Some(value)
}

/// A state of the game the first byte picks, from postcard bytes, checked and played on.
pub fn postcard_state(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let (head, tail) = split(rest);
    match which % GAMES {
        0 => {
            if let Some(s) = read::<lattjo_chess::State>(head) {
                super::chess::checked_state(s, tail);
            }
        }
        1 => {
            if let Some(s) = read::<lattjo_draughts::State>(head) {
                super::draughts::checked_state(s, tail);
            }
        }
        2 => {
            if let Some(s) = read::<lattjo_backgammon::State>(head) {
                super::backgammon::checked_state(s, tail);
            }
        }
        3 => {
            if let Some(s) = read::<lattjo_ludo::State>(head) {
                super::ludo::checked_state(s, tail);
            }
        }
        4 => {
            if let Some(s) = read::<lattjo_dominoes::State>(head) {
                super::dominoes::checked_state(s, tail);
            }
        }
        5 => {
            if let Some(s) = read::<lattjo_carrom::State>(head) {
                super::carrom::checked_state(s, tail);
            }
        }
        _ => {
            if let Some(s) = read::<lattjo_disc_billiards::State>(head) {
                super::disc_billiards::checked_state(s, tail);
            }
        }
    }
}

/// The postcard bytes of states met in seeded random games, tagged with their game.
fn tagged<G: Game>(which: u8, game: &G, max_plies: u32, every: u32) -> Vec<Vec<u8>>
where
    G::State: Serialize,
{
    random_states(game, &game.new_initial_state(), 0..3, max_plies, every)
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let bytes = postcard::to_allocvec(s).ok()?;
            let mut out = vec![which];
            out.extend(joined(&bytes, &seed_bytes(i as u64, 32)));
            Some(out)
        })
        .collect()
}

/// Seeds for [`postcard_state`]: states of random games of all seven games.
pub fn postcard_state_seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    out.extend(tagged(0, &lattjo_chess::Chess::default(), 120, 40));
    out.extend(tagged(1, &lattjo_draughts::Draughts::default(), 120, 40));
    out.extend(tagged(
        2,
        &lattjo_backgammon::Backgammon::default(),
        200,
        50,
    ));
    out.extend(tagged(3, &lattjo_ludo::Ludo::default(), 300, 100));
    out.extend(tagged(4, &lattjo_dominoes::Dominoes::default(), 60, 20));
    out.extend(tagged(5, &lattjo_carrom::Carrom::default(), 6, 3));
    out.extend(tagged(6, &lattjo_disc_billiards::Novuss::default(), 6, 3));
    out
}
