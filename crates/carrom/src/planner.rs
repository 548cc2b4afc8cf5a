//! A shot planner that aims: cut-shot geometry for every wanted piece and pocket, the most
//! promising shots checked by simulating them, the best outcome kept.

use boardgame_core::{Agent, Game, GameRng, Match};
use disc_physics::Vec2;

use crate::actions::{AimedShot, aimed_shots};
use crate::game::{Action, Carrom};
use crate::resolve::Resolution;
use crate::state::{Phase, QueenState, State, team_of};
use crate::stroke::{Noise, Stroke};

/// How much the planner thinks.
///
/// # Examples
///
/// ```
/// use lattjo_carrom::{Planner, PlannerConfig};
/// let quick = Planner::new(PlannerConfig { shots_simulated: 2, ..PlannerConfig::default() });
/// let _ = quick;
/// assert_eq!(PlannerConfig::default().shots_simulated, 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlannerConfig {
    /// Aimed shots simulated per stroke (the straightest clear cuts first). Default 6.
    pub shots_simulated: usize,
    /// Bank shots (off the far cushion) simulated per stroke. Default 3.
    pub bank_shots_simulated: usize,
    /// When no aimed shot gains anything, every this-many-th stroke of the legal set is
    /// simulated too (0 counts as 1: every stroke). Default 3.
    ///
    /// No value makes a plan unbounded: at most every aimed shot and every stroke of the
    /// legal set ([`Game::legal_actions`]) is simulated, whatever the counts.
    pub grid_stride: usize,
}

impl Default for PlannerConfig {
    fn default() -> PlannerConfig {
        PlannerConfig {
            shots_simulated: 6,
            bank_shots_simulated: 3,
            grid_stride: 3,
        }
    }
}

/// The shot planner: an [`Agent`] for a board ([`Carrom`]) or a whole game
/// (`Match<Carrom>`). Deterministic: it uses no randomness.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Seat};
/// use lattjo_carrom::{Carrom, Planner, Rules};
/// let game = Carrom::new(Rules::lattjo())?;
/// let mut state = game.initial_state(Seat::new(0))?;
/// let stroke = Planner::default().choose(&game, &state).ok_or("no stroke")?;
/// game.apply(&mut state, &stroke)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Planner {
    config: PlannerConfig,
    shots: Vec<AimedShot>,
    candidates: Vec<Stroke>,
    legal: Vec<Action>,
}

impl Planner {
    /// A planner with this configuration.
    #[must_use]
    pub fn new(config: PlannerConfig) -> Planner {
        Planner {
            config,
            shots: Vec::new(),
            candidates: Vec::new(),
            legal: Vec::new(),
        }
    }

    /// The stroke the planner plays in `state`, or `None` when no stroke is due (or `state`
    /// belongs to another rule set, which `game` refuses with [`crate::PlayError::OtherRules`]).
    /// Every action it returns is one [`Game::apply`] accepts.
    pub fn choose(&mut self, game: &Carrom, state: &State) -> Option<Action> {
        if state.rules() != game.rules() {
            // A state of another rule set: `game` plays nothing in it, not even the due choice
            // (an audit found the planner answering a pending due with an action `apply`
            // refused).
            return None;
        }
        if let Phase::Dues { placer, .. } = state.phase() {
            // ICF 60: the planner always lets the penalty stand.
            return Some(Action::Dues(placer, crate::game::DueChoice::Place));
        }
        if state.phase() != Phase::Stroke {
            return None;
        }
        let seat = state.to_move();
        let mut candidates = core::mem::take(&mut self.candidates);
        candidates.clear();
        let mut buf = core::mem::take(&mut self.legal);
        let breaking = state.break_pending();
        if breaking {
            game.legal_actions(state, &mut buf);
            // A player's break: firm, not flat out, at the queen or just beside it (to split
            // the formation), from the middle of the base line or a little to either side.
            let side = state.side_of(seat, game.rules().turn_direction);
            for offset in BREAK_OFFSETS {
                let s = side.from_board(side.striker_position(offset));
                for shift in BREAK_AIM_SHIFTS {
                    for speed in BREAK_SPEEDS {
                        candidates.push(Stroke::on_base_line(
                            offset,
                            Vec2::new(shift - s.x, -s.y),
                            speed,
                        ));
                    }
                }
            }
        } else {
            aimed_shots(game, state, &mut self.shots);
            // The legal list (aimed shots in their order, then the grid), from the same shots.
            crate::actions::candidates_from_shots(game, state, &self.shots, &mut buf);
            self.shots.sort_by(|a, b| {
                (b.clear, b.cut_cos)
                    .partial_cmp(&(a.clear, a.cut_cos))
                    .unwrap_or(core::cmp::Ordering::Equal)
            });
            let direct = self
                .shots
                .iter()
                .filter(|s| !s.bank)
                .take(self.config.shots_simulated);
            let bank = self
                .shots
                .iter()
                .filter(|s| s.bank)
                .take(self.config.bank_shots_simulated);
            candidates.extend(direct.chain(bank).map(|s| s.stroke));
        }
        // A fallback that always exists: a firm stroke straight up the board.
        if let Some(Action::Strike(_, s)) = buf.last() {
            candidates.push(*s);
        }
        let mut best: Option<(f64, Stroke)> = None;
        for &stroke in &candidates {
            // A break is judged as a player judges it: by what it does when the hand is a
            // little off too (the mean over the stroke and two slightly missed copies), so a
            // flat-out break that only works when perfect loses to a controlled one.
            let tries: &[Noise] = if breaking { &BREAK_MISSES } else { &EXACT };
            let mut total = 0.0;
            let mut played = 0;
            for miss in tries {
                let mut next = state.clone();
                let Ok(res) = game.strike(&mut next, &stroke.perturbed(miss)) else {
                    continue;
                };
                total += value(state, &next, &res, team_of(seat));
                played += 1;
            }
            if played == 0 {
                continue;
            }
            let v = total / f64::from(played);
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, stroke));
            }
        }
        // Nothing aimed gains anything: try the coarse grid of the legal set as well (men
        // stuck behind the base line are often reached by a rebound).
        if best.is_none_or(|(b, _)| b < 5.0) {
            for a in buf.iter().step_by(self.config.grid_stride.max(1)) {
                let Action::Strike(_, stroke) = a else {
                    continue;
                };
                let mut next = state.clone();
                let Ok(res) = game.strike(&mut next, stroke) else {
                    continue;
                };
                let v = value(state, &next, &res, team_of(seat));
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, *stroke));
                }
            }
        }
        // No stroke fits on the base line: the only legal action is the pass.
        let pass = buf
            .first()
            .filter(|a| matches!(a, Action::Pass(_)))
            .copied();
        self.candidates = candidates;
        self.legal = buf;
        best.map(|(_, s)| Action::Strike(seat, s)).or(pass)
    }
}

/// Break speeds the planner weighs, m/s: firm breaks, well below the 8 m/s cap (a flat-out
/// break scatters the board and risks coins leaving it).
const BREAK_SPEEDS: [f64; 3] = [4.5, 5.5, 6.5];
/// Striker places for the break, metres from the middle of the base line.
const BREAK_OFFSETS: [f64; 3] = [0.0, -0.06, 0.06];
/// Aim points for the break: the queen, or half a coin's width to either side of it, metres.
const BREAK_AIM_SHIFTS: [f64; 3] = [0.0, -0.016, 0.016];
/// The stroke as played exactly.
const EXACT: [Noise; 1] = [Noise {
    slip: 0.0,
    speed_error: 0.0,
}];
/// The stroke and two slightly missed copies (about 0.9 degrees and 5 % of speed either way).
const BREAK_MISSES: [Noise; 3] = [
    Noise {
        slip: 0.0,
        speed_error: 0.0,
    },
    Noise {
        slip: 0.015,
        speed_error: -0.05,
    },
    Noise {
        slip: -0.015,
        speed_error: 0.05,
    },
];

/// How good the position after one stroke is for `team`.
fn value(before: &State, after: &State, res: &Resolution, team: usize) -> f64 {
    if let Some(r) = res.board_over {
        let Some(winner) = r.winner else {
            // A blocked board: no one wins, no points.
            return 0.0;
        };
        let pts = r.points[winner] as f64;
        return if winner == team {
            1000.0 + pts
        } else {
            -1000.0 - pts
        };
    }
    let own = before.colour_of(team);
    let net = |s: &State, c| f64::from(s.pocketed(c)) - f64::from(s.debt(c));
    let mut v = 10.0 * (net(after, own) - net(before, own))
        - 8.0 * (net(after, own.other()) - net(before, own.other()));
    if res.turn_continues {
        v += 5.0;
    }
    match after.queen() {
        QueenState::Covered(t) if t == team && before.queen() != after.queen() => v += 30.0,
        QueenState::Waiting(t) if t == team => v += 10.0,
        QueenState::Covered(_) if before.queen() != after.queen() => v -= 30.0,
        _ => {}
    }
    v
}

impl Agent<Carrom> for Planner {
    fn act(&mut self, game: &Carrom, state: &State, _rng: &mut GameRng) -> Option<Action> {
        self.choose(game, state)
    }
}

impl Agent<Match<crate::CarromGame>> for Planner {
    fn act(
        &mut self,
        game: &Match<crate::CarromGame>,
        state: &<Match<crate::CarromGame> as Game>::State,
        _rng: &mut GameRng,
    ) -> Option<Action> {
        self.choose(game.game().boards().game(), state.round().round())
    }
}

impl Agent<Match<Carrom>> for Planner {
    fn act(
        &mut self,
        game: &Match<Carrom>,
        state: &<Match<Carrom> as Game>::State,
        _rng: &mut GameRng,
    ) -> Option<Action> {
        self.choose(game.game(), state.round())
    }
}
