//! Novuss (disc billiards), the cue-and-puck game of the LATTJO booklet, singles and pairs,
//! on the workspace's rigid-disc physics (`disc-physics`).
//!
//! Every rule is implemented under the id it has in the project's rules file; [`rule_ids`]
//! lists each id (N1-N16, F1-F5, P1-P6, B1-B23, section 5) in the project's own words, and the repository's
//! `docs/disc-billiards.md` explains the rules as implemented.
//!
//! A stroke ([`Stroke`]: where the puck is placed, a direction and a speed, in the striking
//! player's own frame, in metres and m/s, as in the carrom crate) is a continuous action.
//! [`Novuss`] validates it, runs it through disc-physics to rest ([`Novuss::simulate`] gives
//! the [`Outcome`]: contacts, cushions, pockets, rest positions) and resolves it in the rules
//! file's reference order ([`Novuss::strike`] gives the [`Resolution`]: fouls F1-F5 with one
//! penalty disc at most, debts, continuing on pocketing own discs, the win).
//! [`Novuss::resolve`] applies a constructed outcome without any physics. [`Planner`] chooses
//! strokes; [`svg::render`] draws a state or a traced stroke ([`Novuss::trace`]).
//! For learners, `Novuss` implements boardgame-core's [`boardgame_core::Observe`] (the table
//! from a seat's cushion as a flat tensor), [`boardgame_core::ParametricActions`] (a stroke as
//! five numbers within [`Novuss::stroke_parameter_bounds`]) and an empty
//! [`boardgame_core::IndexedActions`] (every player action is a stroke); the docs page's
//! "Learning encodings" has the tables.
//!
//! ```
//! use boardgame_core::Seat;
//! use lattjo_disc_billiards::{Novuss, Planner, Rules, Side, Stroke, Vec2};
//!
//! let game = Novuss::new(Rules::lattjo())?;
//! let mut state = game.initial_state(Seat::new(0))?;
//! // Seat 0 drives the puck straight across the table into his own row at 4 m/s.
//! let drive = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0);
//! let resolution = game.strike(&mut state, &drive)?;
//! assert!(resolution.fouls.is_empty());
//! assert_eq!(state.pocketed(Side::A), usize::from(resolution.own_pocketed));
//! // The planner picks the next stroke, checked by simulation.
//! let next = Planner::default().choose(&game, &state).ok_or("no stroke")?;
//! boardgame_core::Game::apply(&game, &mut state, &next)?;
//! assert_eq!(state.strokes(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The rules without physics: a constructed outcome (what happened on the table) resolved.
//!
//! ```
//! use lattjo_disc_billiards::{Body, DiscId, Novuss, Outcome, Side, Vec2};
//!
//! let game = Novuss::default();
//! let mut state = game.new_state();
//! // Seat 0's puck hits his disc 3, which drops into a pocket; the puck stops mid-table.
//! let mut out = Outcome::still(&state, Vec2::new(0.0, 0.1));
//! out.contact(0.25, Body::Puck, Body::Disc(DiscId(3)))
//!     .pocket(0.6, Body::Disc(DiscId(3)));
//! let resolution = game.resolve(&mut state, &out)?;
//! assert!(resolution.continues(), "N6: an own disc dropped, he strikes again");
//! assert_eq!(state.pocketed(Side::A), 1);
//! # Ok::<(), lattjo_disc_billiards::PlayError>(())
//! ```
//!
//! # Features
//!
//! - `serde` (off by default): `Serialize`/`Deserialize` for states (with their rules),
//!   setups, rules, strokes, actions and resolutions; a state deserializes back exactly,
//!   through the same checks as [`Novuss::from_setup`], in a format that keeps every `f64`'s
//!   bits (binary formats do; `serde_json` only with its `float_roundtrip` feature, without
//!   which it may read a disc's coordinate back one unit in the last place off, a different
//!   state that then plays on differently). A stroke's [`Outcome`] (with its
//!   [`StrokeEvent`]s and [`Body`]s) deserializes only when it holds together in any position
//!   ([`Outcome::check_shape`]); a referee call's [`CallReport`] and the planner's
//!   [`Candidate`] shots (only with a finite score, [`CandidateError`]) serialize too.

#![cfg_attr(docsrs, feature(doc_cfg))]

mod conduct;
mod discs;
mod game;
mod geometry;
mod learning;
mod notation;
mod outcome;
mod planner;
mod resolve;
mod rules;
mod shots;
mod sim;
mod state;
mod stroke;
#[doc = include_str!("rule_ids.md")]
pub mod rule_ids {}
pub mod svg;

pub use boardgame_core;
pub use disc_physics;

pub use boardgame_core::{
    Agent, BufferSizeError, BySeat, Game, GameRng, IndexedActions, Match, MatchConfig, MatchState,
    Observe, ParametricActions, ResumeError, Returns, RoundContext, RoundState, Rounds, Seat,
    Shape, Turn,
};
pub use disc_physics::{ConfigError, Params, StepConfig, TableError, Trajectory, Vec2, World};

pub use conduct::{Call, CallError, CallReport, Conduct, ParseConductError};
pub use discs::{Disc, DiscId, MAX_DISCS, ParseDiscIdError, ParseSideError, Side, seat_compass};
pub use game::{Action, Novuss, PlayError, RANDOM_PLAY_BOUND, WEAK_PLAYER, WeakPlayer};
pub use geometry::{Compass, Dimensions, ParseCompassError};
pub use notation::ParseActionError;
pub use outcome::{
    Body, Foul, Fouls, Outcome, OutcomeError, ParseFoulError, Penalty, Resolution, SIMULTANEOUS_S,
    StrokeEvent, StrokeKind, TurnLoss, TurnLosses, UnknownBits,
};
pub use planner::{Planner, PlannerConfig};
pub use rules::{
    DebtSettlement, DirectAtDark, LENGTH_RANGE, MASS_RANGE, MAX_NOISE_SD, MAX_SPEED_LIMIT,
    MIN_NOISE_SD, MIN_SPEED_LIMIT, NextSetStarter, NoiseModel, OffTablePlacement, OwnDiscOffTable,
    PairDiscs, PlacementTest, PuckReturnRule, Rules, RulesError, SideReboundToDark,
    TechniqueBreach,
};
pub use shots::{Candidate, CandidateError, ShotKind};
pub use sim::{MAX_STROKE_SUBSTEPS, PhysicsConfig, PhysicsConfigError, PhysicsError, SimScratch};
pub use state::{Setup, SetupError, State, Status};
pub use stroke::{MAX_DIRECTION, NOISE_LIMIT_SD, Noise, ParseStrokeError, Stroke, StrokeError};
pub use svg::StrokeTrace;
