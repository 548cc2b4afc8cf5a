//! Backgammon for the lattjo-games workspace: the LATTJO booklet's rules by default, the
//! modern standard one call away, the doubling cube, match play, GNU Backgammon's Position
//! ID, Match ID and combined ID and eXtreme Gammon's XGID exactly as those programs write
//! them, GNUBG/XG move notation, Jellyfish `.mat` match files ([`mat`]: read, replayed
//! through [`Match`] and written as GNUBG reads them) and GNUBG's own SGF match files
//! ([`sgf`]: the same), FIBS board lines as FIBS sends them and GNU Backgammon's `external`
//! interface reads them ([`fibs`]), fast legal-play generation ([`Position::legal_plays`]
//! into a reusable [`PlayList`]), perft,
//! SVG pictures, and the encodings learners use (boardgame-core's [`Observe`] with
//! TD-Gammon's 198 inputs or a compact board, [`ObservationKind`]; [`IndexedActions`] with
//! one index per legal play).
//!
//! **The default rule set is the booklet ([`Rules::lattjo`]), not the standard.** The two
//! differ in two places: under the booklet a player may voluntarily play the higher die alone
//! and may never play the lower die alone, not even when it is the only legal move
//! ([`SingleDiePolicy::Lattjo`], rules B7/B8, decision A8), and there is no Crawford rule in
//! match play (D4). [`Rules::standard`] uses as many dice as possible, the higher when only
//! one can be used ([`SingleDiePolicy::Standard`], A9), and applies the Crawford rule; every
//! analysis tool (GNUBG, XG) and the published perft figures assume it.
//!
//! Rule ids (B1-B35 for the booklet, D1-D7 for deviations, A1-A18 for decisions, T1-T13 for
//! translation differences) are listed with the rule each names in [`rule_ids`], the same
//! list as the repository's `docs/backgammon.md`, which explains the rules as implemented.
//!
//! ```
//! use lattjo_backgammon::{perft, Action, Backgammon, Dice, Position, Rules, Side, SingleDiePolicy, State};
//! use lattjo_backgammon::{random_playout, Game, GameRng, Turn};
//!
//! // Legal plays and perft from the start (standard rules: the published figures).
//! let start = Position::start(Side::White);
//! assert_eq!(start.position_id(), "4HPwATDgc/ABMA");
//! assert_eq!(perft(&start, 1, SingleDiePolicy::Standard), 447);
//! let play = start.parse_play("13/11 24/18", Dice::new(6, 2).unwrap(), SingleDiePolicy::Standard)?;
//!
//! // A game through boardgame-core: the opening roll is a chance node, then a play.
//! let game = Backgammon::new(Rules::standard())?;
//! let mut state = game.new_initial_state();
//! game.apply(&mut state, &Action::Opening { white: 6, black: 2 })?;
//! game.apply(&mut state, &Action::Play(play))?;
//! assert_eq!(state.to_move(), Side::Black);
//!
//! // A state reads and writes as an XGID, and as GNU Backgammon's ID: `to_gnubg_id` numbers
//! // the players as GNUBG does after `set xgid` (Black on roll here, so swapped to GNUBG's
//! // player 1), `to_gnubg_id_unswapped` keeps White as player 1 and reads back as the state.
//! let again: State = state.to_string().parse()?;
//! assert_eq!(again, state);
//! assert_eq!(State::from_gnubg_id(&state.to_gnubg_id_unswapped().to_string())?, state);
//! assert_eq!(state.to_gnubg_id(), state.to_gnubg_id_unswapped().swap_players());
//!
//! // ... and is played to the end by a generic driver.
//! random_playout(&game, &mut state, &mut GameRng::new(7, 0), &mut Vec::new());
//! assert_eq!(game.turn(&state), Turn::Terminal);
//! assert!(state.outcome().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Conventions: each side counts points 1..=24 towards its own home (bar = 25, off = 0).
//! White is seat 0 and the bottom player of an XGID, which GNU Backgammon imports as its
//! player 1 ([`Side::gnubg_player`]). The booklet's labels (`12 … 1`, `12A … 1A`) convert with
//! [`Label`].
//!
//! Feature `serde`: `Serialize`/`Deserialize` for the states, positions, actions, rules and
//! IDs; every deserializer runs the checks of the matching constructor.

#![cfg_attr(docsrs, feature(doc_cfg))]

mod board;
pub mod fibs;
mod game;
mod ids;
mod interop;
mod learning;
pub mod mat;
mod movegen;
mod notation;
pub mod rule_ids;
pub mod sgf;
pub mod svg;

pub use boardgame_core;
pub use boardgame_core::{
    BufferSizeError, BySeat, Game, GameRng, IndexedActions, Match, MatchConfig, MatchState,
    Observe, ResumeError, Returns, RoundContext, RoundState, Rounds, Seat, Shape, Turn,
    random_playout,
};

pub use board::{
    BAR, CHECKERS, Label, LabelError, OFF, ParsePositionError, ParseSideError, Point, PointError,
    Position, PositionError, PositionSetup, Side, SideError,
};
pub use boardgame_core::perft::{MAX_PERFT_DEPTH, PerftDepthError};
pub use game::{
    Action, Backgammon, MatchContext, MatchContextError, OtherRulesError, Outcome,
    ParseActionError, ParseMatchContextError, Phase, PlayError, Rules, RulesError, State,
    StateError, StateSetup, WinKind,
};
pub use ids::{
    GnubgId, GnubgIdError, IdGameState, MAX_CUBE_LOG2, MAX_MATCH_LENGTH, MatchId, MatchIdError,
    MatchIdSetup, PositionIdError, ResignLevel, ToXgidError, XgDice, Xgid, XgidError, XgidSetup,
};
pub use interop::ImportError;
pub use learning::{
    CONTEXT_INPUTS, NUM_ACTIONS, NUM_CHANCE_OUTCOMES, ObservationKind, TD_GAMMON_INPUTS,
};
pub use movegen::{
    Dice, DiceError, ParseDiceError, Play, PlayList, SingleDiePolicy, Step, StepError,
    StepRangeError, TooManySteps, perft, perft_divide, perft_parallel, try_perft, try_perft_divide,
    try_perft_parallel,
};
pub use notation::{NotationError, NotationStyle, ParseStepError};
