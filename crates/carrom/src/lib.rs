//! Carrom on rigid-disc physics: the LATTJO booklet's rules (majority reading) and the ICF
//! laws as a preset, singles and pairs, boards to 25 points or 8 boards.
//!
//! ```
//! use carrom::{resolve, Colour, Piece, Rules, Setup, StrokeEvents};
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
mod planner;
mod resolve;
mod rules;
mod sim;
mod state;
mod stroke;

pub use actions::{AimedShot, aimed_shots};
pub use game::{Action, ApplyError, Carrom, CarromError};
pub use geometry::{
    BASE_CIRCLE_RADIUS, BASE_LINE_INSET, BASE_LINE_LENGTH, BASE_STRIP_WIDTH, CENTRE_SPOT_RADIUS,
    HALF_SIZE, MAX_STRIKER_OFFSET, OUTER_CIRCLE_RADIUS, PIECE_RADIUS, POCKET_RADIUS, Point,
    STRIKER_RADIUS, Side, formation_breaker_frame, pocket_centres,
};
pub use planner::{Planner, PlannerConfig};
pub use resolve::{EventsError, Resolution, StrokeEvents, resolve};
pub use rules::{
    BothLastPieces, BreakRotation, NoiseModel, PenaltyPoints, QueenWithFirstPiece, Rules,
    RulesError, TieAfterMaxBoards, TurnDirection,
};
pub use sim::{PhysicsConfig, PhysicsError};
pub use state::{
    BoardEnd, BoardResult, Colour, MEN_PER_COLOUR, PIECES, Phase, Piece, QueenState, Setup,
    SetupError, State, side_of, team_of,
};
pub use stroke::{MAX_SPEED, MIN_FORWARD, MIN_SPEED, Noise, Stroke, StrokeError};
