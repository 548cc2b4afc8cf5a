//! The [`Game`] and [`Rounds`] implementations: a board of carrom with continuous strokes,
//! the coin toss and execution noise as chance nodes, boards added up by the core's
//! [`boardgame_core::Match`].

use boardgame_core::{
    BySeat, Game, GameRng, Match, MatchConfig, Returns, RoundContext, Rounds, Seat, Turn,
};
use disc_physics::{Table, Trajectory, World};

use crate::actions;
use crate::geometry::formation_breaker_frame;
use crate::resolve::{EventsError, Resolution, StrokeEvents, resolve};
use crate::rules::{BreakRotation, Rules, RulesError, TieAfterMaxBoards};
use crate::sim::{PhysicsConfig, PhysicsError, simulate};
use crate::state::{
    Phase, Setup, SetupError, State, check_striker_place, free_offset, side_of, team_of,
};
use crate::stroke::{Noise, Stroke, StrokeError};

/// A move in carrom: a player's stroke, or a chance outcome.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// The coin toss (C3, A18): this seat's side breaks (and plays white, A20). Seat 0 or 1.
    Toss(Seat),
    /// A stroke by the seat named (C2).
    Strike(Seat, Stroke),
    /// The execution noise of the stroke just chosen (a chance outcome).
    Noise(Noise),
    /// The seat named cannot place the striker anywhere on its base line (pieces block all
    /// of it, C2): it passes and the turn goes to the next seat, as after a turn-ending
    /// stroke (a waiting queen goes back, A12). Legal only then (library decision, see the
    /// crate's docs page).
    Pass(Seat),
}

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ApplyError {
    /// The board is over.
    #[error("the board is over")]
    BoardOver,
    /// A player action at a chance node.
    #[error("a chance outcome is due, not a stroke")]
    ChanceDue,
    /// A chance outcome at a player node, or the wrong kind of chance outcome.
    #[error("this chance outcome is not due now")]
    NotThisChance,
    /// A stroke by a seat that is not to move.
    #[error("{got} struck but {expected} is to move")]
    WrongSeat {
        /// The seat to move.
        expected: Seat,
        /// The seat named in the stroke.
        got: Seat,
    },
    /// An invalid stroke.
    #[error("illegal stroke: {0}")]
    Stroke(#[from] StrokeError),
    /// A toss outcome other than seat 0 or 1.
    #[error("the toss names {0}, which cannot break")]
    BadToss(Seat),
    /// A noise draw that is not finite or outside six standard deviations.
    #[error("the noise draw is outside the noise model")]
    BadNoise,
    /// Events that do not fit the position (from [`Carrom::play_events`]).
    #[error("inconsistent events: {0}")]
    Events(#[from] EventsError),
    /// The physics refused the set-up of the stroke.
    #[error("the physics refused the stroke: {0}")]
    Physics(#[from] PhysicsError),
    /// A pass while the striker can be placed somewhere on the base line.
    #[error("the striker fits on the base line, so the turn cannot be passed")]
    CanStrike,
}

/// Why a game could not be built.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum CarromError {
    /// Invalid rule options.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// Invalid physical parameters.
    #[error("invalid physical parameters: {0}")]
    Table(#[from] disc_physics::TableError),
    /// An invalid time step.
    #[error("invalid time step: {0}")]
    Step(#[from] disc_physics::ConfigError),
}

/// Carrom: one board per [`Game`] (the [`Rounds`] of a [`Match`] make a game to 25 points or
/// 8 boards, see [`Carrom::full_game`]).
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, GameRng, Turn};
/// use carrom::{Action, Carrom, Rules};
///
/// let game = Carrom::new(Rules::booklet())?;
/// let mut state = game.new_initial_state();
/// assert_eq!(game.turn(&state), Turn::Chance); // the coin toss (C3)
/// let toss = game.sample_chance(&state, &mut GameRng::new(1, 0)).ok_or("no toss")?;
/// game.apply(&mut state, &toss)?;
/// let mut strokes = Vec::new();
/// game.legal_actions(&state, &mut strokes);
/// game.apply(&mut state, &strokes[0])?; // the break, simulated to rest
/// assert_eq!(state.strokes(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Carrom {
    rules: Rules,
    physics: PhysicsConfig,
    table: Table,
    config: MatchConfig,
}

impl Carrom {
    /// A game with these rules and the default physics.
    ///
    /// # Errors
    ///
    /// [`CarromError::Rules`] for invalid rules.
    pub fn new(rules: Rules) -> Result<Carrom, CarromError> {
        Carrom::with_physics(rules, PhysicsConfig::default())
    }

    /// A game with these rules and physical parameters.
    ///
    /// # Errors
    ///
    /// [`CarromError`] for invalid rules or parameters.
    pub fn with_physics(rules: Rules, physics: PhysicsConfig) -> Result<Carrom, CarromError> {
        rules.validate()?;
        let table = physics.table()?;
        World::new(table.clone(), physics.step)?;
        let config = MatchConfig::new(Some(rules.target_points), Some(rules.max_boards))
            .map_err(|_| CarromError::Rules(RulesError::Unbounded))?;
        Ok(Carrom {
            rules,
            physics,
            table,
            config,
        })
    }

    /// A whole game: boards of `rules` to [`Rules::target_points`] or [`Rules::max_boards`]
    /// with the tie rule (C20, A18, A22), as the core's [`Match`].
    ///
    /// # Errors
    ///
    /// [`CarromError`] for invalid rules.
    pub fn full_game(rules: Rules) -> Result<Match<Carrom>, CarromError> {
        let game = Carrom::new(rules)?;
        let config = game.match_config();
        Ok(Match::new(game, config))
    }

    /// The match settings of a game: the target and the board limit of the rules.
    #[must_use]
    pub fn match_config(&self) -> MatchConfig {
        self.config
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The physical model.
    #[must_use]
    pub fn physics(&self) -> &PhysicsConfig {
        &self.physics
    }

    /// A board ready for `breaker`'s break (no toss): the ICF formation facing the breaker,
    /// white to the breaker's side.
    ///
    /// # Errors
    ///
    /// [`SetupError::Seat`] for a seat that does not play.
    pub fn opening(&self, breaker: Seat) -> Result<State, SetupError> {
        Setup::opening(&self.rules, breaker).into_state(&self.rules)
    }

    /// Validates a constructed position for these rules.
    ///
    /// # Errors
    ///
    /// [`SetupError`] naming the inconsistency.
    pub fn from_setup(&self, setup: Setup) -> Result<State, SetupError> {
        setup.into_state(&self.rules)
    }

    /// Checks a stroke by `seat` in `state` without playing it: the seat is to move, the
    /// values are finite, the striker is on the base line between the base circles and
    /// overlaps no piece, the direction is forward and the speed in range.
    ///
    /// # Errors
    ///
    /// [`ApplyError`] saying what is wrong.
    pub fn check_stroke(
        &self,
        state: &State,
        seat: Seat,
        stroke: &Stroke,
    ) -> Result<(), ApplyError> {
        match state.phase {
            Phase::Over => return Err(ApplyError::BoardOver),
            Phase::Toss | Phase::Noise(..) => return Err(ApplyError::ChanceDue),
            Phase::Stroke => {}
        }
        if seat != state.to_move {
            return Err(ApplyError::WrongSeat {
                expected: state.to_move,
                got: seat,
            });
        }
        stroke.check_shape()?;
        let side = side_of(state.players(), seat, self.rules.turn_direction);
        check_striker_place(state, side, stroke)?;
        Ok(())
    }

    /// Checks a pass by `seat`: it is legal only when pieces block the seat's whole base line.
    ///
    /// # Errors
    ///
    /// [`ApplyError`] saying why the seat cannot pass.
    pub fn check_pass(&self, state: &State, seat: Seat) -> Result<(), ApplyError> {
        match state.phase {
            Phase::Over => return Err(ApplyError::BoardOver),
            Phase::Toss | Phase::Noise(..) => return Err(ApplyError::ChanceDue),
            Phase::Stroke => {}
        }
        if seat != state.to_move {
            return Err(ApplyError::WrongSeat {
                expected: state.to_move,
                got: seat,
            });
        }
        let side = side_of(state.players(), seat, self.rules.turn_direction);
        if free_offset(state, side).is_some() {
            return Err(ApplyError::CanStrike);
        }
        Ok(())
    }

    /// Simulates the stroke of the seat to move to rest without changing `state`, returning
    /// the events and the world at rest; with `trace`, every disc's path (for pictures).
    /// Noise is not applied.
    ///
    /// # Errors
    ///
    /// [`ApplyError`] for an illegal stroke.
    pub fn simulate(
        &self,
        state: &State,
        stroke: &Stroke,
        trace: Option<&mut Trajectory>,
    ) -> Result<(StrokeEvents, World), ApplyError> {
        self.check_stroke(state, state.to_move, stroke)?;
        let side = side_of(state.players(), state.to_move, self.rules.turn_direction);
        Ok(simulate(
            &self.table,
            self.physics.step,
            state,
            side,
            stroke,
            trace,
        )?)
    }

    /// Plays the stroke of the seat to move exactly (no noise, even if the rules have it) and
    /// resolves it.
    ///
    /// # Errors
    ///
    /// [`ApplyError`]; `state` is then unchanged.
    pub fn strike(&self, state: &mut State, stroke: &Stroke) -> Result<Resolution, ApplyError> {
        let (events, _) = self.simulate(state, stroke, None)?;
        Ok(resolve(&self.rules, state, &events)?)
    }

    /// Resolves a stroke from given events (a constructed situation, or another physics
    /// engine) in the reference order of the rules file.
    ///
    /// # Errors
    ///
    /// [`ApplyError`] when no stroke is due or the events do not fit; `state` is unchanged.
    pub fn play_events(
        &self,
        state: &mut State,
        events: &StrokeEvents,
    ) -> Result<Resolution, ApplyError> {
        if state.phase != Phase::Stroke {
            return Err(match state.phase {
                Phase::Over => ApplyError::BoardOver,
                _ => ApplyError::ChanceDue,
            });
        }
        Ok(resolve(&self.rules, state, events)?)
    }

    fn check_noise(&self, noise: &Noise) -> Result<(), ApplyError> {
        let Some(model) = self.rules.noise else {
            return Err(ApplyError::NotThisChance);
        };
        let within = |v: f64, sd: f64| v.is_finite() && v.abs() <= 6.0 * sd * (1.0 + 1e-12);
        if within(noise.slip, model.direction_sd) && within(noise.speed_error, model.speed_sd) {
            Ok(())
        } else {
            Err(ApplyError::BadNoise)
        }
    }

    fn toss(&self, state: &mut State, seat: Seat) {
        let players = state.players();
        let first_board = state.board == 0;
        state.breaker = seat;
        state.to_move = seat;
        if first_board {
            state.first_breaker = seat;
        }
        if first_board || self.rules.colour_follows_break {
            state.white_team = team_of(seat);
        }
        lay_formation(state, &self.rules, players);
        state.phase = Phase::Stroke;
    }

    fn run_stroke(&self, state: &mut State, stroke: &Stroke) -> Result<(), ApplyError> {
        let side = side_of(state.players(), state.to_move, self.rules.turn_direction);
        let (events, _) = simulate(&self.table, self.physics.step, state, side, stroke, None)?;
        resolve(&self.rules, state, &events)?;
        Ok(())
    }
}

/// Lays the formation facing the breaker.
fn lay_formation(state: &mut State, rules: &Rules, players: usize) {
    let side = side_of(players, state.breaker, rules.turn_direction);
    for (slot, p) in state.pieces.iter_mut().zip(formation_breaker_frame()) {
        *slot = Some(side.to_board(p));
    }
}

/// A sum of 12 uniforms minus 6: mean 0, variance 1, within +-6 (Irwin-Hall).
fn irwin_hall(rng: &mut GameRng) -> f64 {
    let mut s = -6.0;
    for _ in 0..12 {
        s += rng.unit_f64();
    }
    s
}

impl Game for Carrom {
    type State = State;
    type Action = Action;
    type Error = ApplyError;

    fn num_players(&self) -> usize {
        self.rules.players as usize
    }

    fn team(&self, seat: Seat) -> usize {
        team_of(seat)
    }

    fn new_initial_state(&self) -> State {
        let totals = BySeat::new(self.num_players(), 0);
        let config = self.match_config();
        self.new_round(&RoundContext {
            round: 0,
            totals: &totals,
            previous: None,
            config: &config,
        })
    }

    fn turn(&self, state: &State) -> Turn {
        match state.phase {
            Phase::Toss | Phase::Noise(..) => Turn::Chance,
            Phase::Stroke => Turn::Player(state.to_move),
            Phase::Over => Turn::Terminal,
        }
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        out.clear();
        if state.phase == Phase::Stroke {
            actions::candidates(self, state, out);
        }
    }

    fn is_legal(&self, state: &State, action: &Action) -> bool {
        match (state.phase, action) {
            (Phase::Stroke, Action::Strike(seat, stroke)) => {
                self.check_stroke(state, *seat, stroke).is_ok()
            }
            (Phase::Stroke, Action::Pass(seat)) => self.check_pass(state, *seat).is_ok(),
            (Phase::Toss, Action::Toss(seat)) => seat.index() < 2,
            (Phase::Noise(..), Action::Noise(n)) => self.check_noise(n).is_ok(),
            _ => false,
        }
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Action, f64)>) -> bool {
        out.clear();
        match state.phase {
            Phase::Toss => {
                out.push((Action::Toss(Seat::new(0)), 0.5));
                out.push((Action::Toss(Seat::new(1)), 0.5));
                true
            }
            Phase::Noise(..) => false,
            _ => true,
        }
    }

    fn sample_chance(&self, state: &State, rng: &mut GameRng) -> Option<Action> {
        match state.phase {
            Phase::Toss => Some(Action::Toss(Seat::new(rng.below(2) as u8))),
            Phase::Noise(..) => {
                let model = self.rules.noise.unwrap_or_default();
                let slip = model.direction_sd * irwin_hall(rng);
                let speed_error = model.speed_sd * irwin_hall(rng);
                Some(Action::Noise(Noise { slip, speed_error }))
            }
            _ => None,
        }
    }

    fn sample_action(
        &self,
        state: &State,
        rng: &mut GameRng,
        buf: &mut Vec<Action>,
    ) -> Option<Action> {
        if state.phase != Phase::Stroke {
            return None;
        }
        actions::sample(self, state, rng, buf)
    }

    fn apply(&self, state: &mut State, action: &Action) -> Result<(), ApplyError> {
        match (state.phase, action) {
            (Phase::Over, _) => Err(ApplyError::BoardOver),
            (Phase::Toss, Action::Toss(seat)) => {
                if seat.index() >= 2 {
                    return Err(ApplyError::BadToss(*seat));
                }
                self.toss(state, *seat);
                Ok(())
            }
            (Phase::Toss | Phase::Noise(..), Action::Strike(..) | Action::Pass(_)) => {
                Err(ApplyError::ChanceDue)
            }
            (Phase::Stroke, Action::Pass(seat)) => {
                self.check_pass(state, *seat)?;
                crate::resolve::pass_turn(&self.rules, state);
                Ok(())
            }
            (Phase::Stroke, Action::Strike(seat, stroke)) => {
                self.check_stroke(state, *seat, stroke)?;
                if self.rules.noise.is_some() {
                    state.phase = Phase::Noise(*seat, *stroke);
                    Ok(())
                } else {
                    self.run_stroke(state, stroke)
                }
            }
            (Phase::Noise(_, stroke), Action::Noise(noise)) => {
                self.check_noise(noise)?;
                let played = stroke.perturbed(noise);
                self.run_stroke(state, &played)
            }
            _ => Err(ApplyError::NotThisChance),
        }
    }

    fn returns(&self, state: &State) -> Option<Returns> {
        let result = state.result?;
        Some(BySeat::from_fn(self.num_players(), |s| {
            if team_of(s) == result.winner {
                1.0
            } else {
                -1.0
            }
        }))
    }
}

impl Rounds for Carrom {
    fn round_points(&self, state: &State) -> Option<BySeat<i64>> {
        let result = state.result?;
        Some(BySeat::from_fn(self.num_players(), |s| {
            result.points[team_of(s)]
        }))
    }

    fn new_round(&self, ctx: &RoundContext<'_, State>) -> State {
        let players = self.num_players();
        let totals_before = [
            ctx.totals.get(Seat::new(0)).copied().unwrap_or(0),
            ctx.totals.get(Seat::new(1)).copied().unwrap_or(0),
        ];
        let extra = ctx.round >= self.rules.max_boards;
        let (breaker, white_team, toss) = match ctx.previous {
            None => (Seat::new(0), 0, true),
            Some(prev) => {
                let breaker = match (self.rules.break_rotation, prev.result) {
                    (BreakRotation::LoserBreaks, Some(r)) => {
                        next_of_team(prev.breaker, 1 - r.winner, players)
                    }
                    (BreakRotation::WinnerBreaks, Some(r)) => {
                        next_of_team(prev.breaker, r.winner, players)
                    }
                    _ => prev.breaker.next(players),
                };
                let white = if self.rules.colour_follows_break {
                    team_of(breaker)
                } else {
                    prev.white_team
                };
                (breaker, white, extra)
            }
        };
        let mut setup = Setup::opening(&self.rules, breaker);
        setup.white_team = white_team;
        setup.board = ctx.round;
        setup.totals_before = totals_before;
        let mut state = State {
            players: self.rules.players,
            pieces: setup.pieces,
            queen: setup.queen,
            debt: [0, 0],
            white_team,
            phase: if toss { Phase::Toss } else { Phase::Stroke },
            to_move: breaker,
            breaker,
            break_pending: true,
            break_attempts: 0,
            void_strokes: 0,
            board: ctx.round,
            totals_before,
            result: None,
            strokes: 0,
            first_breaker: ctx.previous.map_or(breaker, |p| p.first_breaker),
        };
        lay_formation(&mut state, &self.rules, players);
        state
    }

    fn match_over(&self, config: &MatchConfig, totals: &BySeat<i64>, rounds_played: u32) -> bool {
        let a = totals.get(Seat::new(0)).copied().unwrap_or(0);
        let b = totals.get(Seat::new(1)).copied().unwrap_or(0);
        // C20, A22: stop right after the board in which a side reaches the target.
        if config.target().is_some_and(|t| a.max(b) >= t) {
            return true;
        }
        // C20, A18: after the last board, a tie plays on (or is a draw).
        config.max_rounds().is_some_and(|m| rounds_played >= m)
            && (a != b || self.rules.tie_after_max_boards == TieAfterMaxBoards::Draw)
    }
}

/// The first seat of `team` after `from` in turn order.
fn next_of_team(from: Seat, team: usize, players: usize) -> Seat {
    let mut s = from.next(players);
    for _ in 0..players {
        if team_of(s) == team {
            return s;
        }
        s = s.next(players);
    }
    s
}
