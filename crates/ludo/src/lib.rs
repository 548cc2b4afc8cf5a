//! Ludo for 2 to 4 players: the LATTJO booklet's rules (the default), Classic Ludo and Schmidt's
//! Mensch ärgere dich nicht, built from orthogonal options so that hybrids can be played.
//!
//! The die is an explicit chance node of [`Game`]: a state is either waiting for a roll
//! ([`Turn::Chance`], six outcomes of 1/6) or for the player to choose a move for the rolled
//! die. A roll without a legal move is lost at once.
//!
//! ```
//! use lattjo_ludo::{Game, GameRng, Ludo, Rules, State, Turn};
//!
//! let game = Ludo::new(Rules::lattjo())?; // four players; Rules::lattjo().with_players(2) for two
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
//! // A state prints as its state string and reads back; moves have a notation.
//! let s: State = "LUDO 40/40/4 RGYB G 1 R:0,0,0,0 G:0,0,1,44 Y:0,0,0,0 B:0,0,0,0 die=6 rules=lattjo".parse()?;
//! let m = game.parse_move(&s, "G:44>40")?;
//! assert_eq!(m.to_string(), "G:44>40~");
//! assert_eq!(s.to_string().parse::<State>()?, s);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rules and their ids
//!
//! Rule ids in these docs and the tests (L1-L17 for the booklet, T1-T10 for the translation
//! notes, D1-D10 for the deviations between the presets, A1-A16 for the decisions) are listed
//! with what the crate does for each in [`rule_ids`] (the repository's `docs/ludo.md` holds
//! the same list with the rest of the documentation). Every rule difference is an option of
//! [`Rules`]; D7's separate option, Ludo King's safe stars, is [`Rules::safe_dots`]
//! ([`SafeDots`]), off in every preset.
//!
//! # Text
//!
//! - [`State`]: the state string, the position notation with the rules (`... rules=lattjo`);
//!   `Display` and `FromStr` round-trip. [`Ludo::state_from_str`] reads a bare position string
//!   for a game.
//! - [`Position`]: the position notation alone; [`Move`] and [`Action`]: the move notation.
//!
//! # Features
//!
//! - `serde`: `Serialize`/`Deserialize` for the rules and every notation type; a [`State`] or
//!   [`Position`] as its string, read back through the same checks as [`Ludo::state`].

#![cfg_attr(docsrs, feature(doc_cfg))]

mod colour;
mod die;
mod game;
mod learning;
mod moves;
mod position;
#[doc = include_str!("rule_ids.md")]
pub mod rule_ids {}
mod rules;
pub mod svg;

pub use boardgame_core;
pub use boardgame_core::{
    BufferSizeError, BySeat, Game, GameRng, IndexedActions, Observe, Returns, Seat, Shape, Turn,
};

pub use colour::{ByColour, Colour, ParseColourError, Seats, SeatsError};
pub use die::{Die, DieError, ParseDieError};
pub use game::{Ludo, ParseLegalMoveError, ParseStateError, PlayError, State, StateError};
pub use learning::{ObservationKind, context_inputs};
pub use moves::{Action, Move, MoveKind, ParseActionError, ParseMoveError};
pub use position::{Dot, DotError, Opening, PlaceError, Places, Position, PositionError};
pub use rules::{
    Finish, Geometry, GeometryError, MAX_FINISH, MAX_LOOP, Overshoot, ParseGeometryError,
    ParseReleaseRollsError, ParseRulesError, ParseSafeDotsError, Preset, ReleaseRolls,
    ReleaseRollsError, Rules, RulesError, SafeDots, SafeDotsError, SixRelease,
};
