//! The shot planner: the best few geometric shots ([`crate::Candidate`]) checked by simulating
//! them with disc-physics, the best outcome played.

use boardgame_core::{Agent, GameRng};
use disc_physics::Vec2;

use crate::discs::{Side, seat_compass};
use crate::game::{Action, Novuss};
use crate::outcome::{Outcome, Resolution};
use crate::resolve;
use crate::shots::{Candidate, ShotKind, ShotScratch, candidates};
use crate::sim::{self, SimScratch};
use crate::state::{State, Status};
use crate::stroke::Stroke;

/// How good a simulated stroke was for the striker.
fn value(report: &Resolution) -> f64 {
    let mut v = 10.0 * f64::from(report.own_pocketed) - 6.0 * f64::from(report.opponent_pocketed);
    if !report.fouls.is_empty() {
        v -= 12.0;
    }
    if report.continues() {
        v += 4.0;
    }
    if report
        .winner
        .is_some_and(|w| w == Side::of_seat(report.striker))
    {
        v += 1000.0;
    } else if report.winner.is_some() {
        v -= 1000.0;
    }
    v
}

/// How much the planner thinks.
///
/// # Examples
///
/// ```
/// use lattjo_disc_billiards::{Planner, PlannerConfig};
/// let quick = Planner::new(PlannerConfig { shots_simulated: 2 });
/// assert_eq!(quick.config().shots_simulated, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlannerConfig {
    /// Geometric candidates simulated per stroke (half pots, half drives; a soft touch when
    /// nothing else is on); at least 1 (0 counts as 1). At most every candidate is simulated,
    /// so a huge value costs no more than that. Default 6.
    pub shots_simulated: usize,
}

impl Default for PlannerConfig {
    fn default() -> PlannerConfig {
        PlannerConfig { shots_simulated: 6 }
    }
}

/// The shot planner: an [`Agent`] that plays the best of its geometric candidates after
/// simulating the top few with disc-physics (noise-free), for a set ([`Novuss`]) or a match
/// (`Match<Novuss>`). Deterministic: it uses no randomness.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Agent, Game, GameRng};
/// use lattjo_disc_billiards::{Novuss, Planner, PlannerConfig, Rules};
/// let game = Novuss::new(Rules::lattjo())?;
/// let state = game.new_initial_state();
/// let mut planner = Planner::new(PlannerConfig { shots_simulated: 4 });
/// let action = planner.choose(&game, &state).ok_or("no stroke")?;
/// assert!(game.is_legal(&state, &action));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Planner {
    config: PlannerConfig,
    cands: Vec<Candidate>,
    shots: ShotScratch,
    scratch: SimScratch,
    out: Outcome,
}

impl Default for Planner {
    fn default() -> Planner {
        Planner::new(PlannerConfig::default())
    }
}

impl Planner {
    /// A planner with this configuration.
    #[must_use]
    pub fn new(config: PlannerConfig) -> Planner {
        Planner {
            config,
            cands: Vec::new(),
            shots: ShotScratch::new(),
            scratch: SimScratch::default(),
            out: Outcome {
                events: Vec::new(),
                rest: [None; crate::MAX_DISCS],
                puck_rest: None,
                own_line_crossed: false,
            },
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &PlannerConfig {
        &self.config
    }

    /// The geometric candidates for the player to strike, best first (not simulated): direct
    /// and one-cushion pots, drives and touches.
    pub fn candidates(&mut self, game: &Novuss, state: &State) -> &[Candidate] {
        if state.rules() != game.rules() {
            // A state of another rule set: `game` plays no stroke in it.
            self.cands.clear();
            return &self.cands;
        }
        candidates(
            game.rules(),
            &game.physics().params,
            state,
            &mut self.shots,
            &mut self.cands,
        );
        &self.cands
    }

    /// The planner's stroke for the player to strike ([`crate::Action::Strike`]), or `None`
    /// when no stroke is possible (the game is over, a noise draw is due, the zone has no
    /// room for the puck, or `state` belongs to another rule set). Every stroke it returns is
    /// one [`Novuss::check_stroke`] accepts: its speed is within [`crate::Rules::max_speed`].
    pub fn choose(&mut self, game: &Novuss, state: &State) -> Option<Action> {
        let (stroke, _) = self.plan(game, state)?;
        Some(Action::Strike(state.to_move(), stroke))
    }

    /// The planner's stroke and, when it simulated it, what the simulation said would happen.
    pub fn plan(&mut self, game: &Novuss, state: &State) -> Option<(Stroke, Option<Resolution>)> {
        if state.status() != Status::Playing || state.rules() != game.rules() {
            return None;
        }
        let rules = game.rules();
        let physics = game.physics();
        candidates(
            rules,
            &physics.params,
            state,
            &mut self.shots,
            &mut self.cands,
        );
        if self.cands.is_empty() {
            // The first placement (centre first) the candidates would have aimed from.
            let &(p, _) = self.shots.spots().first()?;
            let side = seat_compass(state.to_move(), rules.players);
            return Some((
                Stroke::new(
                    p,
                    side.direction_to_local(side.inward()),
                    2.0f64.min(rules.max_speed),
                ),
                None,
            ));
        }
        let mut best: Option<(f64, Stroke, Resolution)> = None;
        // Half the budget for pots, half for drives (a touch only when nothing else is on).
        let budget = self.config.shots_simulated.max(1);
        let pots = budget.div_ceil(2);
        let drives = budget - pots;
        let n_pots = self
            .cands
            .iter()
            .filter(|c| matches!(c.kind, ShotKind::Direct | ShotKind::Rebound(_)))
            .count();
        let n_drives = self
            .cands
            .iter()
            .filter(|c| c.kind == ShotKind::Drive)
            .count();
        let (pots, drives) = (
            pots + drives.saturating_sub(n_drives),
            drives + pots.saturating_sub(n_pots),
        );
        let picked = self
            .cands
            .iter()
            .filter(|c| matches!(c.kind, ShotKind::Direct | ShotKind::Rebound(_)))
            .take(pots)
            .chain(
                self.cands
                    .iter()
                    .filter(|c| c.kind == ShotKind::Drive)
                    .take(drives),
            )
            .chain(
                self.cands
                    .iter()
                    .filter(|c| c.kind == ShotKind::Touch)
                    .take(1),
            );
        for c in picked {
            self.out.reset(state, Vec2::ZERO);
            if sim::simulate_reusing(
                rules,
                physics,
                state,
                &c.stroke,
                &mut self.scratch,
                &mut self.out,
            )
            .is_err()
            {
                continue;
            }
            let mut next = state.clone();
            let Ok(report) = resolve::resolve(rules, &mut next, &self.out, false) else {
                continue;
            };
            let v = value(&report) + 0.01 * c.score;
            if best.as_ref().is_none_or(|(bv, _, _)| v > *bv) {
                best = Some((v, c.stroke, report));
            }
        }
        match best {
            Some((_, s, r)) => Some((s, Some(r))),
            None => self.cands.first().map(|c| (c.stroke, None)),
        }
    }
}

impl Agent<Novuss> for Planner {
    fn act(&mut self, game: &Novuss, state: &State, _rng: &mut GameRng) -> Option<Action> {
        self.choose(game, state)
    }
}

/// The planner plays every set of a match ([`boardgame_core::Match`]).
impl Agent<boardgame_core::Match<Novuss>> for Planner {
    fn act(
        &mut self,
        game: &boardgame_core::Match<Novuss>,
        state: &boardgame_core::MatchState<State>,
        _rng: &mut GameRng,
    ) -> Option<Action> {
        if state.is_over() {
            return None;
        }
        self.choose(game.game(), state.round())
    }
}
