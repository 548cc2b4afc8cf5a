//! The tiny shared core of the workspace's table games: seats and turns, the [`Game`] trait,
//! the seeded [`GameRng`], game records that replay exactly, matches over several rounds,
//! generic drivers (random playout, MCTS) and a conformance kit every game passes.
//!
//! ```
//! use boardgame_core::{Game, GameRng, Turn, play_game, RandomAgent, Agent};
//! use boardgame_core::race::{Race, RaceRules};
//!
//! // A small dice race with hidden hands, the core's own test game.
//! let game = Race::new(RaceRules::default())?;
//! let mut a = RandomAgent;
//! let mut b = RandomAgent;
//! let mut agents: [&mut dyn Agent<Race>; 2] = [&mut a, &mut b];
//! let played = play_game(&game, 2024, &mut agents, 100_000)?;
//! assert_eq!(game.turn(&played.state), Turn::Terminal);
//!
//! // The record replays to the same final state without any RNG.
//! let replayed = played.record.replay(&game)?;
//! assert_eq!(replayed, played.state);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod game;
mod rng;
mod seat;

pub use game::{Game, ImperfectInfo, MatchConfig, MatchConfigError, RoundContext, Rounds};
pub use rng::GameRng;
pub use seat::{BySeat, MAX_SEATS, Returns, Seat, SeatError, Turn};
