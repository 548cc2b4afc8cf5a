//! Ludo for 2 to 4 players: the LATTJO booklet's rules (the default), Classic Ludo and Schmidt's
//! Mensch ärgere dich nicht, built from orthogonal options so that hybrids can be played.
//!
//! The die is an explicit chance node of [`boardgame_core::Game`]: a state is either waiting
//! for a roll ([`Turn::Chance`](boardgame_core::Turn::Chance), six outcomes of 1/6) or for the
//! player to choose a move for the rolled die. A roll without a legal move is lost at once.
//!
//! ```
//! use boardgame_core::{Game, GameRng, Turn};
//! use lattjo_ludo::{Action, Ludo, Rules, Seats};
//!
//! let game = Ludo::new(Rules::lattjo())?;
//! let mut state = game.new_initial_state();
//! let mut rng = GameRng::new(7, 0);
//! let mut buf = Vec::new();
//! while game.turn(&state) != Turn::Terminal {
//!     let action = match game.turn(&state) {
//!         Turn::Chance => game.sample_chance(&state, &mut rng),
//!         _ => game.sample_action(&state, &mut rng, &mut buf),
//!     };
//!     game.apply(&mut state, &action.ok_or("no action")?)?;
//! }
//! let winner = state.position().places().as_slice()[0];
//! assert_eq!(state.position().checkers(winner), [45; 4]);
//!
//! // Positions and moves have a text notation.
//! let s = game.state_from_str("LUDO 40/40/4 RGYB G 1 R:0,0,0,0 G:0,0,1,44 Y:0,0,0,0 B:0,0,0,0 die=6")?;
//! let m = game.parse_move(&s, "G:44>40")?;
//! assert_eq!(m.to_string(), "G:44>40~");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod colour;
mod die;
mod game;
mod moves;
mod position;
mod rules;
pub mod svg;

pub use colour::{ByColour, Colour, ColourError, Seats, SeatsError};
pub use die::{Die, DieError, ParseDieError};
pub use game::{Ludo, ParseMoveError, ParseStateError, PlayError, State, StateError};
pub use moves::{Action, ActionParseError, Move, MoveKind, MoveParseError};
pub use position::{Dot, DotError, Opening, PlaceError, Places, Position, PositionError};
pub use rules::{
    Finish, Geometry, GeometryError, MAX_FINISH, MAX_LOOP, Overshoot, ParseRulesError, Preset,
    ReleaseRolls, ReleaseRollsError, Rules, RulesError, SixRelease,
};
