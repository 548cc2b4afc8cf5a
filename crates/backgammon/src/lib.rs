//! Backgammon for the lattjo-games workspace: the LATTJO booklet's rules by default, the
//! modern standard one call away, the doubling cube, match play, the standard encodings
//! (GNU Backgammon Position ID and Match ID, XGID), GNUBG/XG move notation, fast legal-play
//! generation and perft.
//!
//! **The default rule set is the booklet ([`Rules::lattjo`]), not the standard.** The two
//! differ in two places: under the booklet a player may voluntarily play the higher die alone
//! and may never play the lower die alone, not even when it is the only legal move
//! ([`SingleDiePolicy::Lattjo`], rules B7/B8, decision A8), and there is no Crawford rule in
//! match play (D4). [`Rules::standard`] uses as many dice as possible, the higher when only
//! one can be used ([`SingleDiePolicy::Standard`], A9), and applies the Crawford rule; every
//! analysis tool (GNUBG, XG) and the published perft figures assume it.
//!
//! ```
//! use lattjo_backgammon::{Action, Backgammon, Dice, Position, Rules, Side, SingleDiePolicy, perft};
//! use boardgame_core::{Game, GameRng, Turn, random_playout};
//!
//! // Legal plays and perft from the start (standard rules: the published figures).
//! let start = Position::start(Side::White);
//! assert_eq!(start.position_id(), "4HPwATDgc/ABMA");
//! assert_eq!(perft(&start, 1, SingleDiePolicy::Standard), 447);
//! let play = start.parse_play("13/11 24/18", Dice::new(6, 2).unwrap(), SingleDiePolicy::Standard)?;
//!
//! // A game through boardgame-core: the opening roll is a chance node, then a play.
//! let game = Backgammon::new(Rules::standard());
//! let mut state = game.new_initial_state();
//! game.apply(&mut state, &Action::Opening { white: 6, black: 2 })?;
//! game.apply(&mut state, &Action::Play(play))?;
//! assert_eq!(state.position().to_move(), Side::Black);
//!
//! // ... and played to the end by a generic driver.
//! random_playout(&game, &mut state, &mut GameRng::new(7, 0), &mut Vec::new());
//! assert_eq!(game.turn(&state), Turn::Terminal);
//! assert!(state.outcome().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Conventions: each side counts points 1..=24 towards its own home (bar = 25, off = 0);
//! White is seat 0, the bottom player of XGID and GNUBG's player 0. The booklet's labels
//! (`12 … 1`, `12A … 1A`) convert with [`Label`].

mod board;
mod game;
mod ids;
mod movegen;
mod notation;
mod svg;

pub use board::{
    BAR, CHECKERS, Label, LabelError, OFF, Point, Position, PositionError, PositionSetup, Side,
};
pub use game::{
    Action, ActionError, Backgammon, CUBE_LOG2_HARD_LIMIT, ImportError, MatchContext, Outcome,
    Phase, Rules, State, StateError, WinKind,
};
pub use ids::{
    IdGameState, MatchId, MatchIdError, PositionIdError, ResignLevel, XgDice, Xgid, XgidError,
};
pub use movegen::{Dice, Play, PlayList, SingleDiePolicy, Step, StepError, perft, perft_divide};
pub use notation::{NotationError, NotationStyle};
pub use svg::render_svg;
