//! Dominoes: the LATTJO booklet's draw game for 2 to 5 players (a double-six set, hidden
//! hands, a stock to draw from, rounds to a target), with the standard block, draw, All
//! Fives / Muggins / Five-Up, partnership and larger-set games as options.
//!
//! | preset | game |
//! |---|---|
//! | [`Rules::lattjo`] | the booklet (default, 2 players; [`Rules::with_players`] for 2-5, up to 8 with [`Rules::with_hand_size`] or a larger set): draw one tile when stuck, others' pips minus own |
//! | [`Rules::block`], [`Rules::draw`] | the standard block and draw games |
//! | [`Rules::all_fives`] | fives scoring, the first double a spinner ([`SpinnerRule::FirstDouble`]) |
//! | [`Rules::muggins`] | fives scoring, no spinner |
//! | [`Rules::five_up`] | fives scoring, every double a spinner ([`SpinnerRule::EveryDouble`]), 5 tiles each, to 61 fives ([`Rules::five_up_match`]) |
//! | [`Rules::partnership`] | the booklet for two teams of two |
//! | [`Rules::double_nine`], [`Rules::double_twelve`] | the booklet with a larger set |
//!
//! The game implements boardgame-core's [`Game`] (dealing and every draw are chance events, so
//! the stock has no hidden order to leak), [`ImperfectInfo`] (a seat sees its own hand, the
//! layout and the sizes of the other hands and the stock) and [`Rounds`] (round points adding
//! up to a target, played as a [`Match`]); this crate re-exports them.
//!
//! ```
//! use lattjo_dominoes::{Action, Dominoes, Game, GameRng, Rounds, Rules, Turn};
//!
//! let game = Dominoes::new(Rules::lattjo())?;
//! let mut state = game.new_initial_state();
//!
//! // Deal: chance events, one tile at a time from the stock.
//! let mut rng = GameRng::new(2026, 0);
//! while game.turn(&state) == Turn::Chance {
//!     let tile = game.sample_chance(&state, &mut rng).expect("the deal goes on");
//!     game.apply(&mut state, &tile)?;
//! }
//! // The holder of the highest double opens with it (D4).
//! let mut moves = Vec::new();
//! game.legal_actions(&state, &mut moves);
//! assert!(matches!(moves[..], [Action::Open(t)] if t.is_double()));
//!
//! // Moves are typed; text goes through FromStr and refused moves leave the state alone.
//! game.apply(&mut state, &moves[0])?;
//! let before = state.clone();
//! assert!(game.apply(&mut state, &"9-9 left".parse()?).is_err());
//! assert_eq!(state, before);
//! assert!(game.round_points(&state).is_none()); // the round is still on
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! In Five-Up the sides of later spinners are ends of their own, named by the double:
//!
//! ```
//! use lattjo_dominoes::{Action, End, Layout, Side, SpinnerRule, Tile};
//!
//! let mut layout: Layout = "0-5 [5-5]* 5-1 / up 5-2 2-2+".parse()?;
//! layout.place("2-3".parse()?, End::Up, SpinnerRule::EveryDouble)?; // 2-2's sides open
//! let side: End = "2-2:down".parse()?;
//! assert_eq!(side, End::Side(Tile::new(2, 2).ok_or("tile")?, Side::Down));
//! assert_eq!(layout.end_value(side), Some(2));
//! let play: Action = "2-6 2-2:down".parse()?;
//! assert_eq!(play.to_string(), "6-2 2-2:down");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rules and their ids
//!
//! Rule ids in these docs and the tests (D1-D15 for the booklet, T1-T13 for the translation
//! notes, E1-E13 for the decisions, FU1-FU7 for the Five-Up decisions) are listed with what
//! the crate does for each in [`rule_ids`] (the repository's `docs/dominoes.md` holds the same
//! list with the rest of the documentation).
//!
//! # Text
//!
//! Tiles (`6-4`), sets of tiles, ends (`left`, `2-2:up`), a spinner's sides (`up`, `down`),
//! actions (`6-4 left`, `deal 3-2`), layouts (`3-5 5-6 [6-6] 6-2`, optionally in their set:
//! `double-6 ...`) and round records implement `Display` and `FromStr`, and read back what
//! they print.
//!
//! # Features
//!
//! - `serde`: `Serialize`/`Deserialize` for the rules, the game (as its rules), the notation
//!   types (tiles, sets of tiles, actions and layouts as their text; an [`End`] and a
//!   [`RoundRecord`] in serde's derived form, `"Left"` or `{"Side": ["2-2", "Up"]}` and
//!   `{"actions": ["deal 6-6", ...]}`) and [`State`], which deserializes through
//!   [`Dominoes::check_state`].

#![cfg_attr(docsrs, feature(doc_cfg))]

mod action;
mod game;
mod layout;
mod learning;
mod record;
#[doc = include_str!("rule_ids.md")]
pub mod rule_ids {}
mod rules;
#[cfg(feature = "serde")]
mod serde_impls;
mod shown;
pub mod svg;
mod tile;
mod view;

pub use boardgame_core;
pub use boardgame_core::{
    BufferSizeError, BySeat, Game, GameRng, ImperfectInfo, IndexedActions, Match, MatchConfig,
    MatchState, Observe, ResumeError, Returns, RoundContext, RoundState, Rounds, Seat, Shape, Turn,
};

pub use action::{Action, ParseActionError};
pub use game::{Dominoes, PlayError, RoundEnd, RoundResult, Setup, SetupError, State, StateError};
pub use layout::{InSet, Layout, ParseLayoutError, PlaceError};
pub use learning::ObservationKind;
pub use record::{ParseRoundError, ReplayRoundError, RoundRecord};
pub use rules::{
    BlockedTie, DrawRule, HandTable, NextRoundLeader, NoDouble, Rules, RulesError, ScoreBasis,
    Scoring, SpinnerRule,
};
pub use shown::{Group, Shown};
pub use tile::{
    End, MAX_NUMBER, ParseEndError, ParseSideError, ParseTileError, ParseTilesError, Side, Tile,
    Tiles,
};
pub use view::{Step, View};
