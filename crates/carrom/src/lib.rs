//! Carrom on rigid-disc physics: the LATTJO booklet's rules (majority reading) and the ICF
//! laws as a preset, singles and pairs, boards to 25 points or 8 boards.
//!
//! A stroke ([`Stroke`]: where the striker stands on the player's base line, a direction and
//! a speed) is a continuous action. [`Carrom`] validates it, runs it through `disc-physics` to
//! rest, boils the physics events down to [`StrokeEvents`] (what was pocketed and in which
//! order, what left the board, whether the striker left the base line) and resolves them in
//! the rules file's reference order ([`resolve`]). `Carrom` is one board as a
//! [`boardgame_core::Game`]; [`Carrom::full_game`] adds boards up to a game through the
//! core's `Match`, and [`Carrom::full_match`] games up to a match (best of three under the
//! ICF laws, over [`CarromGame`] rounds). The coin toss and optional execution noise are
//! chance nodes, so a game record replays exactly. Under the ICF preset boards are scored by
//! ICF 75-85 ([`BoardEndScoring::Icf`]), the placer of due men (always an opponent of their
//! colour) may decline them ([`Action::Dues`]) and a referee may call foul strokes and
//! technical fouls ([`Action::Call`]). When pieces block a player's whole base line, passing
//! ([`Action::Pass`]) is his only legal action. [`Planner`] is an agent that aims cut shots.
//!
//! ```
//! use boardgame_core::{Game, Seat};
//! use lattjo_carrom::{Carrom, Colour, Planner, Rules, Stroke, Vec2};
//!
//! let game = Carrom::new(Rules::booklet())?;
//! let mut state = game.opening(Seat::new(0))?;
//! // The break: straight at the queen at 6 m/s, simulated to rest and resolved.
//! let outcome = game.strike(&mut state, &Stroke::new(0.0, Vec2::new(0.0, 1.0), 6.0))?;
//! assert!(!state.break_pending());
//! assert!(outcome.turn_continues == (state.to_move() == Seat::new(0)));
//! // Every man is on the board or in a pocket.
//! assert_eq!(state.on_board(Colour::White) + state.pocketed(Colour::White), 9);
//! // The planner aims the next stroke.
//! let next = Planner::default().choose(&game, &state).ok_or("no stroke due")?;
//! assert!(game.is_legal(&state, &next));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Rules can also be fed constructed situations without physics:
//!
//! ```
//! use lattjo_carrom::{resolve, Colour, Piece, Rules, Setup, StrokeEvents};
//! use boardgame_core::Seat;
//!
//! let rules = Rules::booklet();
//! let mut state = Setup::opening(&rules, Seat::new(0)).into_state(&rules)?;
//! // A break that pockets a white man: the breaker (white) strikes again (C6).
//! let white = Piece::man(Colour::White, 0).ok_or("no such man")?;
//! let r = resolve(&rules, &mut state, &StrokeEvents::counted().pocket(white))?;
//! assert!(r.turn_continues);
//! assert_eq!(state.pocketed(Colour::White), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod actions;
mod game;
mod geometry;
mod matches;
mod planner;
mod resolve;
mod rules;
mod sim;
mod state;
mod stroke;

pub use actions::{AimedShot, aimed_shots};
pub use disc_physics::Vec2;

pub use game::{Action, ApplyError, Call, Carrom, CarromError, DueChoice, RANDOM_PLAY_BOUND};
pub use geometry::{
    BASE_CIRCLE_RADIUS, BASE_LINE_INSET, BASE_LINE_LENGTH, BASE_STRIP_WIDTH, CENTRE_SPOT_RADIUS,
    HALF_SIZE, MAX_STRIKER_OFFSET, OUTER_CIRCLE_RADIUS, PIECE_RADIUS, POCKET_RADIUS,
    STRIKER_RADIUS, Side, formation_breaker_frame, pocket_centres,
};
pub use matches::CarromGame;
pub use planner::{Planner, PlannerConfig};
pub use resolve::{EventsError, Resolution, StrokeEvents, resolve, resolve_called_foul};
pub use rules::{
    BoardEndScoring, BothLastPieces, BreakRotation, MAX_BOARDS, MAX_NOISE_SD, MAX_POINTS,
    NoiseModel, PenaltyPoints, QueenWithFirstPiece, Rules, RulesError, TieAfterMaxBoards,
    TurnDirection,
};
pub use sim::{PhysicsConfig, PhysicsError};
pub use state::{
    BoardEnd, BoardResult, Colour, MEN_PER_COLOUR, PIECES, Phase, Piece, PieceError, QueenState,
    Setup, SetupError, State, side_of, team_of,
};
pub use stroke::{
    MAX_SPEED, MIN_FORWARD, MIN_SPEED, Noise, NoiseError, ParseStrokeError, Stroke, StrokeError,
};
