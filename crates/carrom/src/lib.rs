//! Carrom on rigid-disc physics: the LATTJO booklet's rules (majority reading) and the ICF
//! laws as a preset, singles and pairs, boards to 25 points or 8 boards, best-of-three
//! matches.
//!
//! Every rule is implemented under the id it has in the project's rules file; [`rule_ids`]
//! lists each id (C1-C21, T1-T23, A1-A24, the ICF laws of section 5, the invariants of
//! section 6) in the project's own words, and the repository's
//! `docs/carrom.md` explains the rules as implemented.
//!
//! A stroke ([`Stroke`]: where the striker stands on the player's base line, a direction and
//! a speed, in the striking player's own frame, in metres and m/s, as in the disc-billiards
//! crate) is a continuous action. [`Carrom`] validates it, runs it through `disc-physics` to
//! rest ([`Carrom::simulate`] gives the [`Outcome`]: what was pocketed and in which order,
//! what left the board, whether the striker left the base line) and resolves it in the rules
//! file's reference order ([`Carrom::strike`] gives the [`Resolution`]). [`Carrom::resolve`]
//! applies a constructed outcome without any physics. `Carrom` is one board as a
//! [`boardgame_core::Game`]; [`Carrom::full_game`] adds boards up to a game through the
//! core's `Match`, and [`Carrom::full_match`] games up to a match (best of three under the
//! ICF laws, over [`CarromGame`] rounds). The coin toss and optional execution noise are
//! chance nodes, so a game record replays exactly. Under the ICF preset boards are scored by
//! ICF 75-85 ([`BoardEndScoring::Icf`]), the placer of due men (always an opponent of their
//! colour) may decline them ([`Action::Dues`]) and a referee may call foul strokes and
//! technical fouls ([`Action::Call`]). When pieces block a player's whole base line, passing
//! ([`Action::Pass`]) is his only legal action. [`Planner`] is an agent that aims cut shots;
//! [`svg::render`] draws a board or a traced stroke ([`Carrom::trace`]).
//! For learners, `Carrom` implements boardgame-core's [`boardgame_core::Observe`] (the board
//! from a seat's chair as a flat tensor), [`boardgame_core::IndexedActions`] (the pass and the
//! due choice as indices, the toss as a chance index) and [`boardgame_core::ParametricActions`]
//! (a stroke as five numbers within [`STROKE_PARAMETER_BOUNDS`]); the docs page's "Learning
//! encodings" has the tables.
//!
//! ```
//! use boardgame_core::{Game, Seat};
//! use lattjo_carrom::{Carrom, Colour, Planner, Rules, Stroke, Vec2};
//!
//! let game = Carrom::new(Rules::lattjo())?;
//! let mut state = game.initial_state(Seat::new(0))?;
//! // The break: straight at the queen at 6 m/s, simulated to rest and resolved.
//! let resolution = game.strike(&mut state, &Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 6.0))?;
//! assert!(!state.break_pending());
//! assert!(resolution.turn_continues == (state.to_move() == Seat::new(0)));
//! // Every man is on the board or in a pocket.
//! assert_eq!(state.on_board(Colour::White) + state.pocketed(Colour::White), 9);
//! // The planner aims the next stroke.
//! let next = Planner::default().choose(&game, &state).ok_or("no stroke due")?;
//! assert!(game.is_legal(&state, &next));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The rules without physics: a constructed outcome resolved.
//!
//! ```
//! use boardgame_core::Seat;
//! use lattjo_carrom::{Carrom, Colour, Outcome, Piece, Rules, Setup};
//!
//! let game = Carrom::new(Rules::lattjo())?;
//! let mut state = game.initial_state(Seat::new(0))?;
//! // A break that pockets a white man: the breaker (white) strikes again (C6).
//! let white = Piece::man(Colour::White, 0).ok_or("no such man")?;
//! let r = game.resolve(&mut state, &Outcome::counted().pocket(white))?;
//! assert!(r.turn_continues);
//! assert_eq!(state.pocketed(Colour::White), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! - `serde` (off by default): `Serialize`/`Deserialize` for states (with their rules),
//!   setups, rules, strokes and actions; a state deserializes back exactly, through the same
//!   checks as [`Carrom::from_setup`], in a format that keeps every `f64`'s bits (binary
//!   formats do; `serde_json` only with its `float_roundtrip` feature, without which it may
//!   read a piece's coordinate back one unit in the last place off, a different state that
//!   then plays on differently). The reports of a stroke serialize too: its
//!   [`Outcome`] (deserialized only with its pieces listed once each, [`EventsError`]), its
//!   [`Resolution`] and an [`AimedShot`] (deserialized only with a pocket 0-3 and a finite cut,
//!   [`AimedShotError`]).

#![cfg_attr(docsrs, feature(doc_cfg))]

mod actions;
mod game;
mod geometry;
mod learning;
mod matches;
mod notation;
mod planner;
mod resolve;
mod rules;
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
pub use disc_physics::{
    ConfigError, Params, PlaceError, StepConfig, Table, TableError, Trajectory, Vec2, World,
};

pub use actions::{AimedShot, AimedShotError, aimed_shots};
pub use game::{Action, Call, Carrom, DueChoice, PlayError, RANDOM_PLAY_BOUND};
pub use geometry::{
    BASE_CIRCLE_RADIUS, BASE_LINE_INSET, BASE_LINE_LENGTH, BASE_LINE_TOLERANCE, BASE_STRIP_WIDTH,
    CENTRE_SPOT_RADIUS, HALF_SIZE, MAX_STRIKER_OFFSET, OUTER_CIRCLE_RADIUS, PIECE_RADIUS,
    POCKET_RADIUS, STRIKER_RADIUS, Side, formation_breaker_frame, pocket_centres,
};
pub use learning::{DUES_DECLINE_INDEX, DUES_PLACE_INDEX, PASS_INDEX, STROKE_PARAMETER_BOUNDS};
pub use matches::CarromGame;
pub use notation::ParseActionError;
pub use planner::{Planner, PlannerConfig};
pub use resolve::{EventsError, Outcome, Resolution};
pub use rules::{
    BoardEndScoring, BothLastPieces, BreakRotation, MAX_BOARDS, MAX_NOISE_SD, MAX_POINTS,
    MIN_NOISE_SD, NoiseModel, PenaltyPoints, QueenWithFirstPiece, Rules, RulesError,
    TieAfterMaxBoards, TurnDirection,
};
pub use sim::{
    JUMP_SPEED_M_S, MAX_STROKE_SUBSTEPS, PhysicsConfig, PhysicsConfigError, PhysicsError,
};
pub use state::{
    BoardEnd, BoardResult, Colour, MEN_PER_COLOUR, PIECES, Phase, Piece, PieceError, QueenState,
    Setup, SetupError, State, side_of, team_of,
};
pub use stroke::{
    MAX_DIRECTION, MAX_SPEED, MIN_FORWARD, MIN_SPEED, NOISE_LIMIT_SD, Noise, NoiseError,
    ParseStrokeError, Stroke, StrokeError,
};
pub use svg::StrokeTrace;
