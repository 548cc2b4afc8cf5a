//! The learning encodings (issue 19): a seat's observation as a flat tensor ([`Observe`]),
//! the discrete decisions (a pass, the due-men choice) as indices with a legal-action mask
//! ([`IndexedActions`]), the coin toss as a chance-outcome index, and the stroke as a
//! fixed-length parameter vector ([`ParametricActions`]).
//!
//! Carrom is a game of perfect information, so every seat observes the whole board, but from
//! its own chair: positions are turned into the observer's frame (its base line at the bottom,
//! `y` forward, as a [`crate::Stroke`] is given), men are "own" or "opponent's" rather than
//! white or black, and seats and teams are counted from the observer. The layout (P = players,
//! 2 or 4; a seat out of range observes as seat 0):
//!
//! | offset | length | field | range |
//! | --- | --- | --- | --- |
//! | 0 | 20 x 9 | disc slots: the observer's 9 men, the opponents' 9 men, the queen, the striker; per slot: kind (own man, opponent's man, queen, striker) one-hot, on the board, x / half board, y / half board (observer's frame), due man awaiting the open ICF 60 choice, due man awaiting the choice after it | 0/1, x and y -1 to 1 |
//! | 180 | 3 | the stroke waiting for its noise (phase `Noise`): unit direction x, y in the observer's frame, speed / 8 m/s (the striker's place is slot 19) | -1 to 1, 0 to 1 |
//! | 183 | 2 | points before this board, own team then the opponents / target points | usually 0 to 1 |
//! | 185 | 2 | men owed (A9), own colour then the other / 9 | 0 to 1 |
//! | 187 | 5 | the queen (C7-C9): on the board, waiting for the own team's cover, waiting for the opponents', covered by the own team, by the opponents | one-hot |
//! | 192 | 5 | phase: toss, stroke, noise, dues choice, over | one-hot |
//! | 197 | 1 | the observer's team plays white (C3, A20) | 0/1 |
//! | 198 | 1 | the break is still pending (C4-C6) | 0/1 |
//! | 199 | 1 | failed break attempts (A5) / 10 | >= 0 |
//! | 200 | 1 | void strokes in a row this turn (A5) / 10 | >= 0 |
//! | 201 | 1 | the seat to move has struck in this turn (ICF 36) | 0/1 |
//! | 202 | 1 | board number / the board limit | >= 0 |
//! | 203 | 1 | strokes on this board / 5,000 | >= 0 |
//! | 204 | 8 | the result: winner (own team, opponents) one-hot, points own then opponents / target, why (C15, C16, C17, ICF 81) one-hot; a blocked board (no winner, `BoardEnd::Blocked`) sets neither winner nor why | 0/1, points usually 0 to 1 |
//! | 212 | 5 x P | seats from the observer (0 = itself), one-hot each: the seat to move (or that struck, phase `Noise`), the placer choosing about due men, the placer of the choice after it, this board's breaker, the game's first breaker | 0/1 |
//!
//! Actions with an index (the same in every state; the seat is the one the state names):
//! `Pass` 0 (C2: only when pieces block the whole base line), `Dues(placer, Place)` 1 and
//! `Dues(placer, Decline)` 2 (ICF 60). Chance: `Toss(seat)` is the seat's index (0 or 1); the
//! execution noise is continuous and has no index. A referee's [`crate::Call`] is neither a
//! player's choice nor listed by `legal_actions`, so it has no index and no parameters.
//!
//! A [`crate::Stroke`] is the parameter vector `[place.x, place.y, direction.x, direction.y,
//! speed]`, exactly its fields in the striker's frame, with bounds [`STROKE_PARAMETER_BOUNDS`].

use boardgame_core::{BufferSizeError, IndexedActions, Observe, ParametricActions, Seat, Shape};
use disc_physics::Vec2;

use crate::game::{Action, Carrom, DueChoice};
use crate::geometry::{BASE_LINE_INSET, BASE_LINE_TOLERANCE, HALF_SIZE, MAX_STRIKER_OFFSET, Side};
use crate::state::{BoardEnd, Colour, MEN_PER_COLOUR, Phase, Piece, QueenState, State};
use crate::state::{side_of, team_of};
use crate::stroke::{MAX_DIRECTION, MAX_SPEED, MIN_SPEED, Stroke};

/// Values per disc slot.
const SLOT: usize = 9;
/// Disc slots: 9 own men, 9 opponent's men, the queen, the striker.
const SLOTS: usize = 20;
/// Where the fields after the slots start.
const FIELDS: usize = SLOTS * SLOT;
/// Where the per-seat one-hots start.
const SEATS: usize = FIELDS + 32;
/// One-hot seat fields.
const SEAT_FIELDS: usize = 5;
/// Strokes per unit of the stroke counter.
const STROKE_SCALE: f32 = 5_000.0;
/// Break attempts and void strokes per unit.
const COUNT_SCALE: f32 = 10.0;
/// Slack on the base line's `y` bounds so that a stroke placed on the tolerance's edge (which
/// `Stroke::check_shape` measures as `|y - inset|`) is within them.
const Y_SLACK: f64 = 1e-9;

/// The bounds of a carrom stroke's parameters, in the striking player's frame (see
/// [`crate::Stroke`]):
///
/// | index | parameter | bounds |
/// | --- | --- | --- |
/// | 0 | `place.x`, metres right of the base line's middle | `-MAX_STRIKER_OFFSET..=MAX_STRIKER_OFFSET` (+-0.2191) |
/// | 1 | `place.y`, metres forward from the playing surface's edge | `BASE_LINE_INSET -+ BASE_LINE_TOLERANCE` (0.1127 to 0.1222, 1 nm slack) |
/// | 2 | `direction.x` | `-MAX_DIRECTION..=MAX_DIRECTION` (-2 to 2) |
/// | 3 | `direction.y` (forward) | `0..=MAX_DIRECTION` (0 to 2) |
/// | 4 | `speed`, m/s | `MIN_SPEED..=MAX_SPEED` (0.05 to 8) |
///
/// The direction's length does not matter (the stroke uses its unit vector), but a stroke
/// whose direction has a component beyond +-[`MAX_DIRECTION`] is refused
/// ([`crate::StrokeError::LongDirection`]), so every stroke the game accepts is within these
/// bounds and its parameters map back to the identical stroke. Every vector within the
/// bounds is a stroke that `apply` plays or refuses (a piece under the striker, a direction
/// not forward of the base line, C2).
pub const STROKE_PARAMETER_BOUNDS: [(f64, f64); 5] = [
    (-MAX_STRIKER_OFFSET, MAX_STRIKER_OFFSET),
    (
        BASE_LINE_INSET - BASE_LINE_TOLERANCE - Y_SLACK,
        BASE_LINE_INSET + BASE_LINE_TOLERANCE + Y_SLACK,
    ),
    (-MAX_DIRECTION, MAX_DIRECTION),
    (0.0, MAX_DIRECTION),
    (MIN_SPEED, MAX_SPEED),
];

/// The index of [`Action::Pass`].
pub const PASS_INDEX: usize = 0;
/// The index of [`Action::Dues`] with [`DueChoice::Place`].
pub const DUES_PLACE_INDEX: usize = 1;
/// The index of [`Action::Dues`] with [`DueChoice::Decline`].
pub const DUES_DECLINE_INDEX: usize = 2;

fn within(p: &[f64]) -> bool {
    p.len() == STROKE_PARAMETER_BOUNDS.len()
        && p.iter()
            .zip(&STROKE_PARAMETER_BOUNDS)
            .all(|(x, (lo, hi))| x.is_finite() && *x >= *lo && *x <= *hi)
}

impl Carrom {
    fn observation_len(&self) -> usize {
        SEATS + SEAT_FIELDS * self.rules().players
    }

    /// The men of one colour (`colour`), in id order.
    fn men_ids(colour: Colour) -> impl Iterator<Item = usize> {
        (0..MEN_PER_COLOUR).filter_map(move |i| Piece::man(colour, i).map(|p| usize::from(p.id())))
    }
}

impl Observe for Carrom {
    fn observation_shape(&self) -> Shape {
        // Never the fallback: the length is at least the 212 fixed values.
        Shape::flat(self.observation_len()).unwrap_or(Shape::fixed([1]))
    }

    fn observe(&self, s: &State, seat: Seat, out: &mut [f32]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.observation_len(), out.len())?;
        out.fill(0.0);
        let players = self.rules().players;
        let me = if seat.index() < players {
            seat
        } else {
            Seat::new(0)
        };
        let rel = |other: Seat| (other.index() + players - me.index()) % players;
        let own_team = team_of(me);
        let rel_team = |team: usize| usize::from(team != own_team);
        let direction = self.rules().turn_direction;
        let frame = side_of(players, me, direction);
        let local = |p: Vec2| {
            let q = frame.from_board(p);
            ((q.x / HALF_SIZE) as f32, (q.y / HALF_SIZE) as f32)
        };
        let (due_now, due_next) = match s.phase {
            Phase::Dues { men, then, .. } => (men, then.map_or(0, |(_, m)| m)),
            _ => (0, 0),
        };
        let own_colour = s.colour_of(own_team);
        let slots = Carrom::men_ids(own_colour)
            .map(|id| (id, 0))
            .chain(Carrom::men_ids(own_colour.other()).map(|id| (id, 1)))
            .chain(core::iter::once((usize::from(Piece::QUEEN.id()), 2)));
        for (slot, (id, kind)) in slots.enumerate() {
            let at = slot * SLOT;
            out[at + kind] = 1.0;
            if let Some(p) = s.pieces[id] {
                let (x, y) = local(p);
                out[at + 4] = 1.0;
                out[at + 5] = x;
                out[at + 6] = y;
            }
            out[at + 7] = f32::from(u8::from(due_now & (1 << id) != 0));
            out[at + 8] = f32::from(u8::from(due_next & (1 << id) != 0));
        }
        let striker = (SLOTS - 1) * SLOT;
        out[striker + 3] = 1.0;
        if let Phase::Noise(by, stroke) = s.phase {
            let side: Side = side_of(players, by, direction);
            let (x, y) = local(side.place_to_board(stroke.place));
            out[striker + 4] = 1.0;
            out[striker + 5] = x;
            out[striker + 6] = y;
            if let Some(u) = stroke.unit_direction() {
                let d = frame.from_board(side.to_board(u));
                out[FIELDS] = d.x as f32;
                out[FIELDS + 1] = d.y as f32;
            }
            out[FIELDS + 2] = (stroke.speed / MAX_SPEED) as f32;
        }
        let target = self.rules().target_points.max(1) as f32;
        for team in 0..2 {
            let r = rel_team(team);
            out[FIELDS + 3 + r] = s.totals_before[team] as f32 / target;
            let colour = s.colour_of(team);
            out[FIELDS + 5 + r] = f32::from(s.debt(colour)) / f32::from(MEN_PER_COLOUR);
        }
        let queen = match s.queen {
            QueenState::OnBoard => 0,
            QueenState::Waiting(team) => 1 + rel_team(team),
            QueenState::Covered(team) => 3 + rel_team(team),
        };
        out[FIELDS + 7 + queen] = 1.0;
        let phase = match s.phase {
            Phase::Toss => 0,
            Phase::Stroke => 1,
            Phase::Noise(..) => 2,
            Phase::Dues { .. } => 3,
            Phase::Over => 4,
        };
        out[FIELDS + 12 + phase] = 1.0;
        out[FIELDS + 17] = f32::from(u8::from(s.white_team == own_team));
        out[FIELDS + 18] = f32::from(u8::from(s.break_pending));
        out[FIELDS + 19] = f32::from(s.break_attempts) / COUNT_SCALE;
        out[FIELDS + 20] = f32::from(s.void_strokes) / COUNT_SCALE;
        out[FIELDS + 21] = f32::from(u8::from(s.turn_started));
        out[FIELDS + 22] = s.board as f32 / self.rules().max_boards.max(1) as f32;
        out[FIELDS + 23] = s.strokes as f32 / STROKE_SCALE;
        if let Some(r) = s.result {
            // A blocked board has no winner: neither field is set.
            if let Some(w) = r.winner {
                out[FIELDS + 24 + rel_team(w)] = 1.0;
            }
            for team in 0..2 {
                out[FIELDS + 26 + rel_team(team)] = r.points[team] as f32 / target;
            }
            let why = match r.reason {
                BoardEnd::AllPieces => Some(0),
                BoardEnd::OpponentsLastPiece => Some(1),
                BoardEnd::OwnLastBeforeQueen => Some(2),
                BoardEnd::LastPieceWithStriker => Some(3),
                // A blocked board: no reason field is set (it is the only board over
                // without a winner).
                BoardEnd::Blocked => None,
            };
            if let Some(why) = why {
                out[FIELDS + 28 + why] = 1.0;
            }
        }
        let mut seat_field = |field: usize, who: Seat| {
            if who.index() < players {
                out[SEATS + field * players + rel(who)] = 1.0;
            }
        };
        seat_field(0, s.to_move);
        if let Phase::Dues { placer, then, .. } = s.phase {
            seat_field(1, placer);
            if let Some((next, _)) = then {
                seat_field(2, next);
            }
        }
        seat_field(3, s.breaker);
        seat_field(4, s.first_breaker);
        Ok(())
    }
}

impl IndexedActions for Carrom {
    fn num_distinct_actions(&self) -> usize {
        3
    }

    fn action_index(&self, s: &State, action: &Action) -> Option<usize> {
        match (*action, s.phase) {
            (Action::Pass(seat), _) if seat == s.to_move => Some(PASS_INDEX),
            (Action::Dues(seat, choice), Phase::Dues { placer, .. }) if seat == placer => {
                Some(match choice {
                    DueChoice::Place => DUES_PLACE_INDEX,
                    DueChoice::Decline => DUES_DECLINE_INDEX,
                })
            }
            _ => None,
        }
    }

    fn index_action(&self, s: &State, index: usize) -> Option<Action> {
        match (index, s.phase) {
            (PASS_INDEX, _) => Some(Action::Pass(s.to_move)),
            (DUES_PLACE_INDEX, Phase::Dues { placer, .. }) => {
                Some(Action::Dues(placer, DueChoice::Place))
            }
            (DUES_DECLINE_INDEX, Phase::Dues { placer, .. }) => {
                Some(Action::Dues(placer, DueChoice::Decline))
            }
            _ => None,
        }
    }

    fn legal_mask(&self, s: &State, out: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.num_distinct_actions(), out.len())?;
        out.fill(false);
        if s.rules != *self.rules() {
            return Ok(());
        }
        match s.phase {
            // C2: a pass is listed (and legal) exactly when the striker fits nowhere.
            Phase::Stroke => out[PASS_INDEX] = self.check_pass(s, s.to_move).is_ok(),
            // ICF 60: both choices are listed; declining is open only under that option.
            Phase::Dues { placer, .. } => {
                out[DUES_PLACE_INDEX] = true;
                out[DUES_DECLINE_INDEX] = self.check_dues(s, placer, DueChoice::Decline).is_ok();
            }
            _ => {}
        }
        Ok(())
    }

    fn num_chance_outcomes(&self) -> usize {
        2
    }

    fn chance_index(&self, _: &State, action: &Action) -> Option<usize> {
        match *action {
            Action::Toss(seat) if seat.index() < 2 => Some(seat.index()),
            _ => None,
        }
    }

    fn index_chance(&self, _: &State, index: usize) -> Option<Action> {
        (index < 2).then(|| Action::Toss(Seat::new(index as u8)))
    }
}

impl ParametricActions for Carrom {
    fn parameter_bounds(&self) -> &[(f64, f64)] {
        &STROKE_PARAMETER_BOUNDS
    }

    fn action_parameters(
        &self,
        s: &State,
        action: &Action,
        out: &mut [f64],
    ) -> Result<bool, BufferSizeError> {
        BufferSizeError::check(STROKE_PARAMETER_BOUNDS.len(), out.len())?;
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
        if seat != s.to_move || !within(&p) {
            return Ok(false);
        }
        out.copy_from_slice(&p);
        Ok(true)
    }

    fn parameters_action(&self, s: &State, p: &[f64]) -> Option<Action> {
        if !within(p) {
            return None;
        }
        Some(Action::Strike(
            s.to_move,
            Stroke::new(Vec2::new(p[0], p[1]), Vec2::new(p[2], p[3]), p[4]),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_hold_every_stroke_on_the_base_line() {
        // C2: the striker's place may be anywhere on the base line, touching both lines.
        let (lo, hi) = STROKE_PARAMETER_BOUNDS[1];
        assert!(
            lo < BASE_LINE_INSET - BASE_LINE_TOLERANCE
                && hi > BASE_LINE_INSET + BASE_LINE_TOLERANCE
        );
        for (lo, hi) in STROKE_PARAMETER_BOUNDS {
            assert!(lo.is_finite() && hi.is_finite() && lo < hi);
        }
        let game = Carrom::default();
        assert_eq!(game.observation_shape().size(), 222);
        let four = Carrom::new(crate::Rules::lattjo().with_players(4)).unwrap();
        assert_eq!(four.observation_shape().size(), 232);
    }
}
