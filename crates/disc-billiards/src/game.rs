//! The [`Game`] implementation: strokes as continuous actions, execution noise as a chance
//! node, sets through [`Rounds`].

use boardgame_core::{
    BySeat, Game, GameRng, MatchConfig, Returns, RoundContext, Rounds, Seat, Turn,
};

use crate::geometry::Point;
use crate::planner;
use crate::position::{Position, Side, Status, seat_compass};
use crate::resolve::{self, Outcome, StrokeReport};
use crate::rules::{NextSetStarter, PlacementTest};
use crate::sim::{self, PhysicsError, SimScratch};
use crate::stroke::{Stroke, StrokeError};
use crate::{Novuss, ResolveError};

/// The execution noise drawn for one stroke: a sideways aim error (a fraction of the aim's
/// unit vector added at right angles) and a relative speed error. Recorded as an ordinary
/// chance action, so a record replays without any RNG.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NoiseDraw {
    /// Sideways aim error, added as `aim_unit + aim * perpendicular`.
    pub aim: f64,
    /// Relative speed error: the stroke's speed `v` becomes `v * (1 + self.speed)`, at least
    /// 1 mm/s and at most the rules' maximum.
    pub speed: f64,
}

/// Noise draws are normal-like (a sum of 12 uniforms) and cut at this many standard
/// deviations; a draw beyond it is refused.
pub const NOISE_LIMIT_SD: f64 = 6.0;

impl NoiseDraw {
    /// The stroke as the cue really played it.
    #[must_use]
    pub fn perturb(&self, stroke: &Stroke, max_speed: f64) -> Stroke {
        let len = stroke.aim.norm();
        let (ux, uy) = if len > 0.0 && len.is_finite() {
            (stroke.aim.x / len, stroke.aim.y / len)
        } else {
            (0.0, 1.0)
        };
        let aim = Point::new(ux - self.aim * uy, uy + self.aim * ux);
        let speed = (stroke.speed * (1.0 + self.speed)).clamp(1e-3, max_speed);
        Stroke {
            aim,
            speed,
            ..*stroke
        }
    }
}

/// A player's stroke or a chance node's noise draw.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// A stroke by the player to move.
    Stroke(Stroke),
    /// The execution noise of the pending stroke.
    Noise(NoiseDraw),
}

/// Why [`Game::apply`] (or [`Novuss::play`]) refused an action; the position is then
/// unchanged.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The stroke or noise draw is not legal here.
    #[error(transparent)]
    Stroke(#[from] StrokeError),
    /// The physics refused the table (not expected for a validated position).
    #[error(transparent)]
    Physics(#[from] PhysicsError),
    /// The simulated outcome did not fit the position (not expected).
    #[error(transparent)]
    Resolve(#[from] ResolveError),
}

impl Novuss {
    /// Simulates `stroke` by the player to move with disc-physics (no noise) without
    /// changing `pos`: what would happen.
    ///
    /// # Errors
    ///
    /// [`PlayError::Stroke`] when the stroke is not legal here.
    pub fn simulate(&self, pos: &Position, stroke: &Stroke) -> Result<Outcome, PlayError> {
        self.check_stroke(pos, pos.to_move(), stroke)?;
        let mut out = Outcome::still(pos, stroke.puck);
        sim::simulate(
            &self.rules,
            pos,
            stroke,
            &mut SimScratch::default(),
            &mut out,
        )?;
        Ok(out)
    }

    /// Plays `stroke` by the player to move: validates it, runs it through disc-physics to
    /// rest and resolves it. Ignores [`crate::Rules::noise`] (the stroke is played exactly).
    ///
    /// # Errors
    ///
    /// [`PlayError`] when the stroke is not legal here; `pos` is then unchanged.
    pub fn play(&self, pos: &mut Position, stroke: &Stroke) -> Result<StrokeReport, PlayError> {
        let mut scratch = SimScratch::default();
        let mut out = Outcome::still(pos, stroke.puck);
        self.play_with(pos, stroke, &mut scratch, &mut out)
    }

    /// [`Novuss::play`] with caller-owned buffers, for loops that play many strokes.
    ///
    /// # Errors
    ///
    /// As [`Novuss::play`].
    pub fn play_with(
        &self,
        pos: &mut Position,
        stroke: &Stroke,
        scratch: &mut SimScratch,
        out: &mut Outcome,
    ) -> Result<StrokeReport, PlayError> {
        self.check_stroke(pos, pos.to_move(), stroke)?;
        self.execute(pos, stroke, scratch, out)
    }

    /// Simulates and resolves an already validated stroke (no turn check: the noise path
    /// uses it on the pending stroke).
    fn execute(
        &self,
        pos: &mut Position,
        stroke: &Stroke,
        scratch: &mut SimScratch,
        out: &mut Outcome,
    ) -> Result<StrokeReport, PlayError> {
        sim::simulate(&self.rules, pos, stroke, scratch, out)?;
        let mut next = pos.clone();
        next.status = Status::Playing;
        next.pending = None;
        let report =
            resolve::resolve(&self.rules, &mut next, stroke, out).map_err(ResolveError::Outcome)?;
        *pos = next;
        Ok(report)
    }

    fn check_noise(&self, pos: &Position, draw: &NoiseDraw) -> Result<(), StrokeError> {
        if pos.status != Status::AwaitingNoise {
            return Err(match pos.status {
                Status::Won(_) | Status::Drawn => StrokeError::GameOver,
                _ => StrokeError::WrongNode("a stroke"),
            });
        }
        let noise = self.rules.noise.unwrap_or(crate::Noise {
            aim_sd: 0.0,
            speed_sd: 0.0,
        });
        let ok = |v: f64, sd: f64| v.is_finite() && v.abs() <= NOISE_LIMIT_SD * sd;
        if ok(draw.aim, noise.aim_sd) && ok(draw.speed, noise.speed_sd) {
            Ok(())
        } else {
            Err(StrokeError::Noise)
        }
    }

    /// The match configuration of [`crate::Rules::sets_to_win`] (B23), for
    /// [`boardgame_core::Match`].
    ///
    /// # Panics
    ///
    /// Never: `sets_to_win` is validated to be at least 1.
    #[must_use]
    pub fn match_config(&self) -> MatchConfig {
        MatchConfig::new(Some(i64::from(self.rules.sets_to_win)), None)
            .expect("sets_to_win >= 1 is validated")
    }
}

/// A normal-like draw: the sum of 12 uniforms minus 6 (mean 0, standard deviation 1), with
/// no transcendental function.
fn unit_normal(rng: &mut GameRng) -> f64 {
    (0..12).map(|_| rng.unit_f64()).sum::<f64>() - 6.0
}

impl Game for Novuss {
    type State = Position;
    type Action = Action;
    type Error = PlayError;

    fn num_players(&self) -> usize {
        usize::from(self.rules.players)
    }

    /// Partners (seats 0 and 2, 1 and 3) share a side (N16).
    fn team(&self, seat: Seat) -> usize {
        Side::of_seat(seat).index()
    }

    fn new_initial_state(&self) -> Position {
        self.start()
    }

    fn turn(&self, s: &Position) -> Turn {
        match s.status {
            Status::Won(_) | Status::Drawn => Turn::Terminal,
            Status::AwaitingNoise => Turn::Chance,
            Status::Playing => Turn::Player(s.to_move),
        }
    }

    /// A finite, useful set: the planner's direct and one-cushion shots at own discs into
    /// each pocket (geometric, not simulated), and a plain stroke up the table so the set is
    /// never empty while the zone has room for the puck.
    fn legal_actions(&self, s: &Position, out: &mut Vec<Action>) {
        out.clear();
        if s.status != Status::Playing {
            return;
        }
        let mut shots = Vec::new();
        planner::candidates(&self.rules, s, &mut shots);
        out.extend(shots.iter().take(24).map(|c| Action::Stroke(c.stroke)));
        if let Some(p) = planner::placements(&self.rules, s).next() {
            let inward = seat_compass(s.to_move, self.rules.players).inward();
            out.push(Action::Stroke(Stroke::new(p, inward, 3.0)));
        }
    }

    fn is_legal(&self, s: &Position, a: &Action) -> bool {
        match a {
            Action::Stroke(st) => self.check_stroke(s, s.to_move, st).is_ok(),
            Action::Noise(n) => self.check_noise(s, n).is_ok(),
        }
    }

    /// Noise is continuous: its outcomes cannot be listed (`false` at a noise node).
    fn chance_outcomes(&self, s: &Position, out: &mut Vec<(Action, f64)>) -> bool {
        out.clear();
        s.status != Status::AwaitingNoise
    }

    fn sample_chance(&self, s: &Position, rng: &mut GameRng) -> Option<Action> {
        if s.status != Status::AwaitingNoise {
            return None;
        }
        let noise = self.rules.noise?;
        let cut = |v: f64| v.clamp(-NOISE_LIMIT_SD, NOISE_LIMIT_SD);
        let aim = cut(unit_normal(rng)) * noise.aim_sd;
        let speed = cut(unit_normal(rng)) * noise.speed_sd;
        Some(Action::Noise(NoiseDraw { aim, speed }))
    }

    /// Samples the whole stroke space: the puck anywhere a placement is valid (uniform over
    /// the zone, or for the booklet's test a uniform zone line, a uniform point on it and a
    /// uniform offset within the hole radius), the direction uniformly over the circle, the
    /// speed uniformly in `(0, max_speed]`, and a technique breach once in 32 strokes.
    fn sample_action(
        &self,
        s: &Position,
        rng: &mut GameRng,
        buf: &mut Vec<Action>,
    ) -> Option<Action> {
        if s.status != Status::Playing {
            return None;
        }
        let seat = s.to_move;
        let d = &self.rules.dimensions;
        let side = seat_compass(seat, self.rules.players);
        let mut puck = None;
        for _ in 0..200 {
            let u = (2.0 * rng.unit_f64() - 1.0) * d.zone_half_width;
            let v = rng.unit_f64() * d.zone_depth;
            let (u, v) = if self.rules.placement_test == PlacementTest::LineVisible {
                // Pick a zone line, a point on it, then an offset within the puck's hole.
                let (lu, lv) = match rng.below(4) {
                    0 => (u, d.zone_depth),
                    1 => (-d.zone_half_width, v),
                    2 => (d.zone_half_width, v),
                    _ => (0.0, v),
                };
                let h = d.puck_hole_radius;
                (
                    lu + (2.0 * rng.unit_f64() - 1.0) * h,
                    lv + (2.0 * rng.unit_f64() - 1.0) * h,
                )
            } else {
                (u, v)
            };
            let p = side.from_local(u, v, d.half_size);
            if s.placement_ok(&self.rules, seat, p) {
                puck = Some(p);
                break;
            }
        }
        let Some(puck) = puck else {
            self.legal_actions(s, buf);
            if buf.is_empty() {
                return None;
            }
            let i = rng.index(buf.len());
            return Some(buf.swap_remove(i));
        };
        let aim = loop {
            let x = 2.0 * rng.unit_f64() - 1.0;
            let y = 2.0 * rng.unit_f64() - 1.0;
            let r2 = x * x + y * y;
            if r2 > 1e-6 && r2 <= 1.0 {
                break Point::new(x, y);
            }
        };
        let speed = (1.0 - rng.unit_f64()) * self.rules.max_speed;
        let technique_breach = rng.below(32) == 0;
        Some(Action::Stroke(Stroke {
            puck,
            aim,
            speed,
            technique_breach,
        }))
    }

    fn apply(&self, s: &mut Position, a: &Action) -> Result<(), PlayError> {
        match a {
            Action::Stroke(st) => {
                self.check_stroke(s, s.to_move, st)?;
                if self.rules.noise.is_some() {
                    s.pending = Some(*st);
                    s.status = Status::AwaitingNoise;
                    return Ok(());
                }
                let mut scratch = SimScratch::default();
                let mut out = Outcome::still(s, st.puck);
                self.execute(s, st, &mut scratch, &mut out).map(|_| ())
            }
            Action::Noise(n) => {
                self.check_noise(s, n)?;
                let st = s.pending.ok_or(StrokeError::WrongNode("a stroke"))?;
                let played = n.perturb(&st, self.rules.max_speed);
                let mut scratch = SimScratch::default();
                let mut out = Outcome::still(s, played.puck);
                self.execute(s, &played, &mut scratch, &mut out).map(|_| ())
            }
        }
    }

    /// +1 for the winning side's seats, -1 for the others; 0 each after a stroke-limit draw.
    fn returns(&self, s: &Position) -> Option<Returns> {
        let n = usize::from(self.rules.players);
        match s.status {
            Status::Won(w) => Some(BySeat::from_fn(n, |seat| {
                if Side::of_seat(seat) == w { 1.0 } else { -1.0 }
            })),
            Status::Drawn => Some(BySeat::new(n, 0.0)),
            _ => None,
        }
    }
}

/// Sets (B23): a set is one game; the winning side's seats score 1 each. The first stroke
/// of the next set alternates (B2) or goes to the loser.
impl Rounds for Novuss {
    fn round_points(&self, s: &Position) -> Option<BySeat<i64>> {
        let n = usize::from(self.rules.players);
        match s.status {
            Status::Won(w) => Some(BySeat::from_fn(n, |seat| {
                i64::from(Side::of_seat(seat) == w)
            })),
            Status::Drawn => Some(BySeat::new(n, 0)),
            _ => None,
        }
    }

    fn new_round(&self, ctx: &RoundContext<'_, Position>) -> Position {
        let n = usize::from(self.rules.players);
        let first = self.rules.first_player.index();
        let alternate = Seat::new(((first + ctx.round as usize) % n) as u8);
        let starter = match (self.rules.next_set_starter, ctx.previous.map(|p| p.status)) {
            (NextSetStarter::LoserStarts, Some(Status::Won(w))) => {
                // The loser's seat: in singles the other seat; in pairs the loser's seat
                // after the previous starter.
                let prev = ctx.previous.map_or(Seat::new(0), |p| p.to_move);
                let mut s = prev;
                for _ in 0..n {
                    if Side::of_seat(s) != w {
                        break;
                    }
                    s = s.next(n);
                }
                s
            }
            _ => alternate,
        };
        Position::start(&self.rules, starter)
    }
}
