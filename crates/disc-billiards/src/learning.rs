//! The learning encodings (issue 19): a seat's observation as a flat tensor ([`Observe`]),
//! the stroke as a fixed-length parameter vector ([`ParametricActions`]), and the (empty)
//! discrete action space ([`IndexedActions`]).
//!
//! Novuss is a game of perfect information, so every seat observes the whole table, but from
//! its own cushion: positions are turned into the observer's frame (its cushion at the
//! bottom, `y` forward), discs are "own side" or "other side", and seats are counted from the
//! observer. The layout (D = 32 disc slots, the most a table holds; P = players, 2 or 4; a
//! seat out of range observes as seat 0; h = half the table's side):
//!
//! | offset | length | field | range |
//! | --- | --- | --- | --- |
//! | 0 | D x 7 | disc slots, the observer's side's discs first (in id order), then the other side's, then empty slots (all 0): own side, other side (one-hot), on the table, x / h, y / h, home spot x / h, home spot y / h (observer's frame) | 0/1, -1 to 1 |
//! | 224 | 6 | the puck of the stroke waiting for its noise: placed, x / h, y / h, unit direction x, y (observer's frame), speed / the rules' top speed | 0/1, -1 to 1, 0 to 1 |
//! | 230 | 4 | status: playing, awaiting noise, won, drawn (N14, N15, B11) | one-hot |
//! | 234 | 2 | the winner: own side, other side | 0/1 |
//! | 236 | 1 | the opening series is still going on | 0/1 |
//! | 237 | 2 | the side that cleared in the opening series and waits for the answering series: own, other | 0/1 |
//! | 239 | 1 | strokes played / 3,000 | >= 0 |
//! | 240 | P | the seat to strike (or whose stroke awaits its noise), from the observer | one-hot |
//! | 240 + P | P | penalty discs each seat owes (N10, B14) / discs per row, from the observer | >= 0 |
//!
//! Every player action is a stroke, so the discrete space is empty
//! (`num_distinct_actions() == 0`): a referee's [`crate::Call`] is neither a player's choice
//! nor listed by `legal_actions`, so it has no index and no parameters, and the execution
//! noise is continuous (`num_chance_outcomes() == 0`).
//!
//! A [`crate::Stroke`] is the parameter vector `[place.x, place.y, direction.x, direction.y,
//! speed]`, exactly its fields in the striker's frame, with the bounds of
//! [`Novuss::stroke_parameter_bounds`].

use boardgame_core::{BufferSizeError, IndexedActions, Observe, ParametricActions, Seat, Shape};
use disc_physics::Vec2;

use crate::discs::{MAX_DISCS, Side, seat_compass};
use crate::game::{Action, Novuss};
use crate::rules::Rules;
use crate::state::{State, Status};
use crate::stroke::{MAX_DIRECTION, Stroke};

/// Values per disc slot.
const SLOT: usize = 7;
/// Where the fields after the disc slots start.
const FIELDS: usize = MAX_DISCS * SLOT;
/// Where the per-seat fields start.
const SEATS: usize = FIELDS + 16;
/// Strokes per unit of the stroke counter.
const STROKE_SCALE: f32 = 3_000.0;
/// Slack on the placement bounds, metres: a place on the zone's edge measured through the
/// table frame (`Compass::from_local` then `to_local`) may round past it by an ulp.
const PLACE_SLACK: f64 = 1e-9;

/// The bounds of a stroke's parameters under `rules` (see
/// [`Novuss::stroke_parameter_bounds`]).
pub(crate) fn stroke_bounds(rules: &Rules) -> [(f64, f64); 5] {
    let d = &rules.dimensions;
    [
        (
            -d.zone_half_width - PLACE_SLACK,
            d.zone_half_width + PLACE_SLACK,
        ),
        (-PLACE_SLACK, d.zone_depth + PLACE_SLACK),
        (-MAX_DIRECTION, MAX_DIRECTION),
        (-MAX_DIRECTION, MAX_DIRECTION),
        (0.0, rules.max_speed),
    ]
}

impl Novuss {
    /// The bounds of a stroke's parameters ([`ParametricActions`]), in the striking player's
    /// frame (see [`Stroke`]):
    ///
    /// | index | parameter | bounds |
    /// | --- | --- | --- |
    /// | 0 | `place.x`, metres across the striker's zone from its middle | +-`zone_half_width` (0.35 on the Novuss table) |
    /// | 1 | `place.y`, metres in from the striker's cushion | 0 to `zone_depth` (0.13) |
    /// | 2 | `direction.x` | +-[`MAX_DIRECTION`] (2) |
    /// | 3 | `direction.y` | +-[`MAX_DIRECTION`] (2) |
    /// | 4 | `speed`, m/s | 0 to `Rules::max_speed` |
    ///
    /// The place bounds have 1 nm of slack for rounding. The direction's length does not
    /// matter (the stroke uses its unit vector), but a stroke whose direction has a component
    /// beyond +-[`MAX_DIRECTION`] is refused ([`crate::StrokeError::LongDirection`]), so every
    /// stroke the game accepts is within these bounds and its parameters map back to the
    /// identical stroke. Every vector within the bounds is a stroke that `apply` plays or
    /// refuses (the placement test B3, a disc under the puck, a zero speed or direction).
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::{Game, ParametricActions};
    /// use lattjo_disc_billiards::{Action, Novuss, Stroke, Vec2};
    /// let game = Novuss::default();
    /// let state = game.new_state();
    /// let bounds = game.stroke_parameter_bounds();
    /// assert_eq!(game.parameter_bounds(), &bounds[..]);
    /// let drive = Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 4.0);
    /// let mut p = [0.0; 5];
    /// assert!(game.action_parameters(&state, &Action::Strike(state.to_move(), drive), &mut p)?);
    /// assert_eq!(p, [0.0, 0.09, 0.0, 1.0, 4.0]);
    /// assert_eq!(game.parameters_action(&state, &p), Some(Action::Strike(state.to_move(), drive)));
    /// # Ok::<(), boardgame_core::BufferSizeError>(())
    /// ```
    #[must_use]
    pub fn stroke_parameter_bounds(&self) -> [(f64, f64); 5] {
        self.stroke_bounds
    }

    fn observation_len(&self) -> usize {
        SEATS + 2 * self.rules().players
    }

    fn within(&self, p: &[f64]) -> bool {
        p.len() == self.stroke_bounds.len()
            && p.iter()
                .zip(&self.stroke_bounds)
                .all(|(x, (lo, hi))| x.is_finite() && *x >= *lo && *x <= *hi)
    }
}

impl Observe for Novuss {
    fn observation_shape(&self) -> Shape {
        // Never the fallback: the length is at least the 240 fixed values.
        Shape::flat(self.observation_len()).unwrap_or(Shape::fixed([1]))
    }

    fn observe(&self, s: &State, seat: Seat, out: &mut [f32]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.observation_len(), out.len())?;
        out.fill(0.0);
        let rules = self.rules();
        let players = rules.players;
        let half = rules.dimensions.half_size;
        let me = if seat.index() < players {
            seat
        } else {
            Seat::new(0)
        };
        let own = Side::of_seat(me);
        let rel_side = |side: Side| usize::from(side != own);
        let rel = |other: Seat| (other.index() + players - me.index()) % players;
        let frame = seat_compass(me, players);
        let local = |p: Vec2| {
            let (u, v) = frame.to_local(p, half);
            ((u / half) as f32, (v / half - 1.0) as f32)
        };
        let discs = s.discs();
        let ordered = discs
            .iter()
            .filter(|d| d.side == own)
            .chain(discs.iter().filter(|d| d.side != own));
        for (slot, disc) in ordered.enumerate().take(MAX_DISCS) {
            let at = slot * SLOT;
            out[at + rel_side(disc.side)] = 1.0;
            if let Some(p) = disc.at {
                let (x, y) = local(p);
                out[at + 2] = 1.0;
                out[at + 3] = x;
                out[at + 4] = y;
            }
            let (x, y) = local(disc.home);
            out[at + 5] = x;
            out[at + 6] = y;
        }
        if let Some(stroke) = s.pending {
            let (place, direction) = self.stroke_on_board(s.to_move, &stroke);
            let (x, y) = local(place);
            out[FIELDS] = 1.0;
            out[FIELDS + 1] = x;
            out[FIELDS + 2] = y;
            let len = direction.length();
            if len.is_finite() && len > 0.0 {
                let d = frame.direction_to_local(direction);
                out[FIELDS + 3] = (d.x / len) as f32;
                out[FIELDS + 4] = (d.y / len) as f32;
            }
            if rules.max_speed > 0.0 {
                out[FIELDS + 5] = (stroke.speed / rules.max_speed) as f32;
            }
        }
        let status = match s.status {
            Status::Playing => 0,
            Status::AwaitingNoise => 1,
            Status::Won(_) => 2,
            Status::Drawn => 3,
        };
        out[FIELDS + 6 + status] = 1.0;
        if let Status::Won(side) = s.status {
            out[FIELDS + 10 + rel_side(side)] = 1.0;
        }
        out[FIELDS + 12] = f32::from(u8::from(s.opening));
        if let Some(side) = s.answering {
            out[FIELDS + 13 + rel_side(side)] = 1.0;
        }
        out[FIELDS + 15] = s.strokes as f32 / STROKE_SCALE;
        if s.to_move.index() < players {
            out[SEATS + rel(s.to_move)] = 1.0;
        }
        let row = f32::from(rules.row_len().max(1));
        for (other, &debt) in s.debt.iter() {
            if other.index() < players {
                out[SEATS + players + rel(other)] = f32::from(debt) / row;
            }
        }
        Ok(())
    }
}

/// Every player action is a stroke: the discrete space is empty and every mask is empty.
impl IndexedActions for Novuss {
    fn num_distinct_actions(&self) -> usize {
        0
    }

    fn action_index(&self, _: &State, _: &Action) -> Option<usize> {
        None
    }

    fn index_action(&self, _: &State, _: usize) -> Option<Action> {
        None
    }

    fn legal_mask(&self, _: &State, out: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(0, out.len())
    }
}

impl ParametricActions for Novuss {
    fn parameter_bounds(&self) -> &[(f64, f64)] {
        &self.stroke_bounds
    }

    fn action_parameters(
        &self,
        s: &State,
        action: &Action,
        out: &mut [f64],
    ) -> Result<bool, BufferSizeError> {
        BufferSizeError::check(self.stroke_bounds.len(), out.len())?;
        let Action::Strike(seat, stroke) = *action else {
            return Ok(false);
        };
        let p = [
            stroke.place.x,
            stroke.place.y,
            stroke.direction.x,
            stroke.direction.y,
            stroke.speed,
        ];
        if seat != s.to_move || !self.within(&p) {
            return Ok(false);
        }
        out.copy_from_slice(&p);
        Ok(true)
    }

    fn parameters_action(&self, s: &State, p: &[f64]) -> Option<Action> {
        if !self.within(p) {
            return None;
        }
        Some(Action::Strike(
            s.to_move,
            Stroke::new(Vec2::new(p[0], p[1]), Vec2::new(p[2], p[3]), p[4]),
        ))
    }
}
