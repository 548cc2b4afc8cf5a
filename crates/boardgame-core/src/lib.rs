//! The tiny shared core of the workspace's table games: seats and turns, the [`Game`] trait,
//! the seeded [`GameRng`], game [`Record`]s that replay exactly, [`Match`]es over several
//! rounds, generic drivers ([`random_playout`], [`play_game`], [`Mcts`], [`IsMcts`]), a
//! [`conformance`] kit every game passes, [`text`], how the games' file readers take
//! text that other tools wrote in a Windows code page or in UTF-16, and [`perft`], the depth
//! bound every game's perft shares.
//!
//! ```
//! use boardgame_core::{play_game, Agent, Game, IsMcts, MctsConfig, RandomAgent, Turn};
//! use boardgame_core::race::{Race, RaceRules};
//!
//! // A small dice race with hidden hands: the core's own test game.
//! let game = Race::new(RaceRules::default())?;
//! let mut mcts = IsMcts::new(MctsConfig { iterations: 100, ..MctsConfig::default() });
//! let mut random = RandomAgent;
//! let mut agents: [&mut dyn Agent<Race>; 2] = [&mut mcts, &mut random];
//! let played = play_game(&game, 2024, &mut agents, 10_000)?;
//! assert_eq!(game.turn(&played.state), Turn::Terminal);
//!
//! // The record replays to the same final state without any RNG.
//! let replayed = played.record.replay(&game)?;
//! assert_eq!(replayed, played.state);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Design notes (why chance is explicit, why the driver owns the RNG, how a game plugs in)
//! are in the workspace's `docs/architecture.md`.
//!
//! # Features
//!
//! - `serde` (off by default): `Serialize`/`Deserialize` for [`Seat`], [`Turn`], [`BySeat`],
//!   [`Record`], [`MatchConfig`] (through the checks of [`MatchConfig::new`]), [`MatchState`],
//!   [`GameRng`] (its exact stream position, so a generator continues where it stopped),
//!   [`Shape`], and the [`race`] game's rules (through the checks of `Race::new`), states, views
//!   and actions; the reports a server logs: a search's [`SearchResult`] (only with its action
//!   among the visited ones, [`SearchResultError`]) and a conformance run's
//!   [`conformance::ConformanceReport`] and [`conformance::Violation`] (plain data).

#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod conformance;
mod drivers;
mod game;
mod learning;
mod matches;
mod mcts;
pub mod parallel;
pub mod perft;
pub mod race;
mod record;
mod rng;
mod seat;
pub mod text;

pub use drivers::{
    Agent, PlayError, Played, RandomAgent, agent_rng, chance_rng, play_game, random_playout,
    random_playout_capped,
};
pub use game::{Game, ImperfectInfo, MatchConfig, MatchConfigError, RoundContext, Rounds};
pub use learning::{
    BufferSizeError, IndexedActions, MAX_RANK, Observe, ParametricActions, ParseShapeError, Shape,
    byte_values, write_bits,
};
pub use matches::{MAX_SCORELESS_ROUNDS, Match, MatchState, ResumeError, RoundState};
pub use mcts::{IsMcts, Mcts, MctsConfig, SearchResult, SearchResultError};
pub use record::{ParseRecordError, Record, ReplayError};
pub use rng::GameRng;
pub use seat::{BySeat, MAX_SEATS, ParseSeatError, Returns, Seat, SeatError, Turn};
