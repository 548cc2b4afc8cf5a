//! The learning encodings (issue 19): a seat's observation as a flat tensor ([`Observe`]),
//! every move as an index with a legal-action mask ([`IndexedActions`]), and the die as six
//! chance outcomes.
//!
//! Ludo has no hidden information, so every seat observes the whole state, seen from its own
//! seat: seats are counted clockwise from the observer (0 is itself; a seat that is not at the
//! table observes as seat 0). With `E` =
//! [`Rules::end_index`](crate::Rules::end_index) (the furthest path index) and `P` players,
//! the checkers come first, encoded as [`Ludo::with_observation`] chose:
//!
//! | kind | offset | length | field | range |
//! | --- | --- | --- | --- | --- |
//! | [`ObservationKind::Compact`] (default) | 0 | 4P | per seat, its four checkers' path indices / E, ascending (0 the den, 1 the end) | 0-1 |
//! | [`ObservationKind::Planes`] | 0 | P(E+1) | per seat, per path index 0 (the den) to E: its checkers there / 4 | 0-1 |
//!
//! then the same [`context_inputs`]`(P)` = 5P + 12 values of context for both, from offset
//! C = 4P (compact) or P(E+1) (planes):
//!
//! | offset | length | field | range |
//! | --- | --- | --- | --- |
//! | C | P | the seat to move (or to roll) | one-hot |
//! | then | 6 | the die to move with (faces 1-6) | one-hot |
//! | then | 4 | the phase: rolling for who starts (L2), to roll, to move, over | one-hot |
//! | then | 1 | sixes rolled in a row / 6, at most 1 (L7, D5) | 0-1 |
//! | then | 1 | tries used / 3, at most 1 (three tries to release, D8) | 0-1 |
//! | then | 2P | per seat: finished (1), its place / 4 | 0-1 |
//! | then | 2P | per seat, while rolling for who starts: still contending, its roll / 6 | 0-1 |
//!
//! Both kinds are lossless: a colour's checkers are interchangeable, so the sorted list of
//! their indices is the plane's counts read in order. That holds with D7's separate option
//! (safe dots, [`Rules::safe_dots`](crate::Rules::safe_dots)) too: colours sharing a safe dot
//! are each encoded by their own indices, and which dots are safe is fixed by the rules, like
//! the geometry, so it needs no input.
//!
//! Actions, given the die in the state: `Pass` is 0; a step from path index `f` (1 to E-1) is
//! `f`; an entry to path index `t` is `E + t - 1`; two checkers entering together (L6) is `2E`.
//! The die fixes where a step lands, so one index names one move. Chance: `Roll(d)` is `d - 1`.

use boardgame_core::{BufferSizeError, IndexedActions, Observe, Seat, Shape, Turn};

use crate::game::{Ludo, State};
use crate::moves::{Action, Move, MoveKind};
use crate::position::Position;
use crate::{Colour, Die, Game};

/// How a [`Ludo`] observation encodes the checkers ([`Ludo::with_observation`]); the
/// [`context_inputs`] values that follow are the same for both.
///
/// # Examples
///
/// ```
/// use boardgame_core::Observe;
/// use lattjo_ludo::{Ludo, ObservationKind, Rules, context_inputs};
/// let game = Ludo::default();
/// assert_eq!(game.observation(), ObservationKind::Compact);
/// let end = Rules::lattjo().end_index(); // 45
/// assert_eq!(ObservationKind::Compact.checker_inputs(end), 4);
/// assert_eq!(ObservationKind::Planes.checker_inputs(end), 46);
/// assert_eq!(game.observation_shape().size(), 4 * 4 + context_inputs(4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ObservationKind {
    /// Per seat, its four checkers' path indices divided by E, in ascending order: four
    /// values a seat, which name the position exactly (the checkers are interchangeable).
    #[default]
    Compact,
    /// Per seat a plane over the path indices 0 (the den) to E, each its checkers there
    /// divided by 4: E + 1 values a seat.
    Planes,
}

impl ObservationKind {
    /// The number of values per seat for the checkers on a path whose furthest index is
    /// `end` ([`Rules::end_index`](crate::Rules::end_index)): 4, or `end + 1`.
    #[must_use]
    pub const fn checker_inputs(self, end: u8) -> usize {
        match self {
            ObservationKind::Compact => 4,
            ObservationKind::Planes => end as usize + 1,
        }
    }
}

/// The number of context values after the checkers for `players` players: 5 `players` + 12
/// (`usize::MAX` for a count so large that this overflows: no table seats it).
#[must_use]
pub const fn context_inputs(players: usize) -> usize {
    players.saturating_mul(5).saturating_add(12)
}

/// `n / D`, at most 1, from a table (no division, no float comparison).
#[inline]
fn fraction<const D: u8>(n: u8) -> f32 {
    const FRACTIONS: [[f32; 7]; 7] = {
        let mut t = [[0.0; 7]; 7];
        let mut d = 1;
        while d < 7 {
            let mut n = 0;
            while n <= d {
                t[d][n] = n as f32 / d as f32;
                n += 1;
            }
            d += 1;
        }
        t
    };
    FRACTIONS[usize::from(D).min(6)][usize::from(n.min(D))]
}

impl Ludo {
    /// `E`, the furthest path index.
    fn end(&self) -> usize {
        usize::from(self.end_index())
    }

    /// The observation's length.
    fn observation_len(&self) -> usize {
        let p = self.seats().len();
        p * self.observation().checker_inputs(self.rules().end_index()) + context_inputs(p)
    }

    /// The index of a move (see the module docs).
    fn move_index(&self, m: Move) -> Option<usize> {
        let e = self.end();
        match m.kind() {
            MoveKind::Pass => Some(0),
            MoveKind::Step { from, .. } => {
                let f = usize::from(from);
                (1..e).contains(&f).then_some(f)
            }
            MoveKind::Enter { to } => {
                let t = usize::from(to);
                (1..=e).contains(&t).then_some(e + t - 1)
            }
            MoveKind::EnterTwo => Some(2 * e),
        }
    }

    /// The planes of [`ObservationKind::Planes`] into `planes` (zeroed, `P(E+1)` long) for
    /// the colours by seat counted from the observer.
    fn observe_planes(&self, pos: &Position, clockwise: [Colour; 4], planes: &mut [f32]) {
        let e = self.end();
        for (plane, c) in planes.chunks_exact_mut(e + 1).zip(clockwise) {
            for k in pos.checkers(c) {
                plane[usize::from(k).min(e)] += 0.25;
            }
        }
    }

    /// The values of [`ObservationKind::Compact`] into `out` (`4P` long) for the colours by
    /// seat counted from the observer.
    fn observe_compact(&self, pos: &Position, clockwise: [Colour; 4], out: &mut [f32]) {
        let end = self.end_index();
        let e = f32::from(end);
        let seats = out.as_chunks_mut::<4>().0;
        for (slot, c) in seats.iter_mut().zip(clockwise) {
            // Sorted in the position; at most E (1) for a state of another game too.
            // Written so that the four values are converted and divided together.
            let k = pos.checkers(c).map(|k| i32::from(k.min(end)));
            *slot = k.map(|k| k as f32 / e);
        }
    }

    /// The context values (the second table of the module docs) into `fields` (zeroed).
    #[inline(always)]
    fn observe_context(&self, pos: &Position, seen: [u8; 4], p: usize, fields: &mut [f32]) {
        let relative = |c: Colour| {
            let r = usize::from(seen[c.index()]);
            (r < p).then_some(r)
        };
        let (to_move, fields) = fields.split_at_mut(p);
        if let Some(r) = pos.to_move().and_then(relative) {
            to_move[r] = 1.0;
        }
        let (die, fields) = fields.split_at_mut(6);
        if let Some(d) = pos.die() {
            die[usize::from(d.value() - 1)] = 1.0;
        }
        // The phase, read from the position as `Game::turn` reads it.
        let (phase, fields) = fields.split_at_mut(4);
        let phase_index = match (pos.to_move(), pos.die(), pos.opening()) {
            (None, ..) => 3,
            (Some(_), Some(_), _) => 2,
            (Some(_), None, Some(_)) => 0,
            (Some(_), None, None) => 1,
        };
        phase[phase_index] = 1.0;
        let (counters, fields) = fields.split_at_mut(2);
        counters[0] = fraction::<6>(pos.six_streak());
        counters[1] = fraction::<3>(pos.tries());
        let (places, opening) = fields.split_at_mut(2 * p);
        for (place, &c) in pos.places().as_slice().iter().enumerate() {
            if let Some(r) = relative(c) {
                places[2 * r] = 1.0;
                places[2 * r + 1] = (place + 1) as f32 / 4.0;
            }
        }
        if let Some(o) = pos.opening() {
            for (c, &roll) in o.contenders().zip(o.rolls()) {
                if let Some(r) = relative(c) {
                    opening[2 * r + 1] = f32::from(roll) / 6.0;
                }
            }
            for c in o.contenders() {
                if let Some(r) = relative(c) {
                    opening[2 * r] = 1.0;
                }
            }
        }
    }
}

impl Observe for Ludo {
    fn observation_shape(&self) -> Shape {
        // Never the fallback: the length is at least the fixed fields.
        Shape::flat(self.observation_len()).unwrap_or(Shape::fixed([1]))
    }

    fn observe(&self, s: &State, seat: Seat, out: &mut [f32]) -> Result<(), BufferSizeError> {
        // The compact layout is written for each player count (2 to 4), so that its lengths
        // are constants: the context is zeroed in place and no index is checked.
        match (self.observation(), self.seats().len()) {
            (ObservationKind::Compact, 2) => self.write_compact::<2>(s, seat, out),
            (ObservationKind::Compact, 3) => self.write_compact::<3>(s, seat, out),
            (ObservationKind::Compact, _) => self.write_compact::<4>(s, seat, out),
            (ObservationKind::Planes, p) => self.write_planes(s, seat, p, out),
        }
    }
}

impl Ludo {
    /// The observation of [`ObservationKind::Compact`] for `P` players into `out`.
    fn write_compact<const P: usize>(
        &self,
        s: &State,
        seat: Seat,
        out: &mut [f32],
    ) -> Result<(), BufferSizeError> {
        BufferSizeError::check(4 * P + context_inputs(P), out.len())?;
        let (checkers, context) = out.split_at_mut(4 * P);
        let context = &mut context[..context_inputs(P)];
        context.fill(0.0);
        let pos = s.position();
        self.observe_compact(pos, self.colours_seen_from(seat), checkers);
        self.observe_context(pos, self.seats_seen_from(seat), P, context);
        Ok(())
    }

    /// The observation of [`ObservationKind::Planes`] for `p` players into `out` (not
    /// inlined: the compact kind's path then keeps fewer registers to save).
    #[inline(never)]
    fn write_planes(
        &self,
        s: &State,
        seat: Seat,
        p: usize,
        out: &mut [f32],
    ) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.observation_len(), out.len())?;
        out.fill(0.0);
        let pos = s.position();
        let (checkers, context) = out.split_at_mut(p * (self.end() + 1));
        self.observe_planes(pos, self.colours_seen_from(seat), checkers);
        self.observe_context(pos, self.seats_seen_from(seat), p, context);
        Ok(())
    }
}

impl IndexedActions for Ludo {
    fn num_distinct_actions(&self) -> usize {
        2 * self.end() + 1
    }

    fn action_index(&self, _: &State, action: &Action) -> Option<usize> {
        match *action {
            Action::Move(m) => self.move_index(m),
            Action::Roll(_) => None,
        }
    }

    /// The legal move with this index; `None` when no legal move has it (an index names a
    /// move only together with the die and the position, which fix its landing and capture).
    fn index_action(&self, s: &State, index: usize) -> Option<Action> {
        if !matches!(self.turn(s), Turn::Player(_)) || s.rules() != self.rules() {
            return None;
        }
        s.legal_moves()
            .iter()
            .find(|&&m| self.move_index(m) == Some(index))
            .map(|&m| Action::Move(m))
    }

    fn legal_mask(&self, s: &State, out: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.num_distinct_actions(), out.len())?;
        out.fill(false);
        if matches!(self.turn(s), Turn::Player(_)) && s.rules() == self.rules() {
            for &m in s.legal_moves() {
                if let Some(slot) = self.move_index(m).and_then(|i| out.get_mut(i)) {
                    *slot = true;
                }
            }
        }
        Ok(())
    }

    fn num_chance_outcomes(&self) -> usize {
        6
    }

    fn chance_index(&self, _: &State, action: &Action) -> Option<usize> {
        match *action {
            Action::Roll(d) => Some(usize::from(d.value()) - 1),
            Action::Move(_) => None,
        }
    }

    fn index_chance(&self, _: &State, index: usize) -> Option<Action> {
        let face = u8::try_from(index).ok()?.checked_add(1)?;
        Die::new(face).ok().map(Action::Roll)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    /// The encoding as the module docs' table states it, field by field, written plainly
    /// (seat lookups through `Seats`, the phase through `Game::turn`), to hold the fast
    /// [`Observe::observe`] to the table.
    fn observe_by_the_table(game: &Ludo, s: &State, seat: Seat) -> Vec<f32> {
        let seats = game.seats();
        let (p, e) = (seats.len(), game.end());
        let mut out = vec![0.0; game.observation_len()];
        let me = if seat.index() < p { seat.index() } else { 0 };
        let pos = s.position();
        let relative = |c| seats.seat_of(c).map(|s| (s.index() + p - me) % p);
        let per_seat = match game.observation() {
            ObservationKind::Compact => 4,
            ObservationKind::Planes => e + 1,
        };
        for c in seats.colours() {
            let r = relative(c).unwrap();
            let mut indices = pos.checkers(c);
            indices.sort_unstable();
            for (i, k) in indices.into_iter().enumerate() {
                match game.observation() {
                    ObservationKind::Compact => {
                        out[r * 4 + i] = f32::from(k) / e as f32;
                    }
                    ObservationKind::Planes => out[r * (e + 1) + usize::from(k)] += 0.25,
                }
            }
        }
        let mut at = p * per_seat;
        if let Some(r) = pos.to_move().and_then(relative) {
            out[at + r] = 1.0;
        }
        at += p;
        if let Some(d) = pos.die() {
            out[at + usize::from(d.value()) - 1] = 1.0;
        }
        at += 6;
        let phase = match game.turn(s) {
            Turn::Chance if pos.opening().is_some() => 0,
            Turn::Chance => 1,
            Turn::Player(_) => 2,
            Turn::Terminal => 3,
        };
        out[at + phase] = 1.0;
        at += 4;
        out[at] = (f32::from(pos.six_streak()) / 6.0).min(1.0);
        out[at + 1] = (f32::from(pos.tries()) / 3.0).min(1.0);
        at += 2;
        for (place, &c) in pos.places().as_slice().iter().enumerate() {
            let r = relative(c).unwrap();
            out[at + 2 * r] = 1.0;
            out[at + 2 * r + 1] = (place + 1) as f32 / 4.0;
        }
        at += 2 * p;
        if let Some(o) = pos.opening() {
            for (i, c) in o.contenders().enumerate() {
                let r = relative(c).unwrap();
                out[at + 2 * r] = 1.0;
                out[at + 2 * r + 1] = o.rolls().get(i).map_or(0.0, |&d| f32::from(d) / 6.0);
            }
        }
        out
    }

    #[test]
    fn observe_writes_the_documented_table_from_every_seat() {
        let mut rules = vec![Rules::lattjo(), Rules::classic(), Rules::mensch()];
        for seats in ["RY", "GB", "RGB", "GYB"] {
            rules.push(Rules::lattjo().with_seats(seats.parse().unwrap()));
        }
        rules.push(Rules::mensch().with_seats("RYB".parse().unwrap()));
        let mut played_out = Rules::classic().with_seats("RGY".parse().unwrap());
        played_out.play_out_places = true;
        played_out.three_tries = true;
        rules.push(played_out);
        // D7's separate option: colours share the stars.
        for p in crate::Preset::ALL {
            rules.push(Rules::preset(p).with_safe_dots(crate::SafeDots::LUDO_KING));
        }
        let mut states = 0;
        let kinds = [ObservationKind::Compact, ObservationKind::Planes];
        for (g, (rules, kind)) in rules
            .into_iter()
            .flat_map(|r| kinds.map(|k| (r, k)))
            .enumerate()
        {
            let game = Ludo::new(rules).unwrap().with_observation(kind);
            let mut out = vec![f32::NAN; game.observation_len()];
            for seed in 0..4 {
                let mut rng = boardgame_core::GameRng::new(seed + 10 * g as u64, 0);
                let mut s = game.new_initial_state();
                let mut buf = Vec::new();
                loop {
                    // Every node: the roll for who starts, chance, player and the end.
                    for seat in 0..=game.seats().len() as u8 {
                        let seat = Seat::new(seat);
                        game.observe(&s, seat, &mut out).unwrap();
                        assert_eq!(out, observe_by_the_table(&game, &s, seat), "{s}");
                        states += 1;
                    }
                    let a = match game.turn(&s) {
                        Turn::Terminal => break,
                        Turn::Chance => game.sample_chance(&s, &mut rng),
                        Turn::Player(_) => game.sample_action(&s, &mut rng, &mut buf),
                    };
                    game.apply(&mut s, &a.unwrap()).unwrap();
                }
            }
        }
        assert!(states > 20_000);
    }

    /// A state of other rules (another path length, other seats) is observed without a
    /// panic, in the documented ranges, by either kind.
    #[test]
    fn observing_another_games_state_stays_in_range() {
        let others = [
            "LUDO 52/51/5 RY Y 0 R:0,5,50,57 Y:0,0,0,14 rules=classic",
            "LUDO 40/40/4 GB G 1 G:0,0,0,44 B:1,2,3,4 die=6 rules=lattjo",
        ];
        for kind in [ObservationKind::Compact, ObservationKind::Planes] {
            let game = Ludo::default().with_observation(kind);
            let mut out = vec![f32::NAN; game.observation_len()];
            for text in others {
                let s: State = text.parse().unwrap();
                for seat in 0..5 {
                    game.observe(&s, Seat::new(seat), &mut out).unwrap();
                    assert!(
                        out.iter().all(|v| (0.0..=1.0).contains(v)),
                        "{text}: {out:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_booklet_game_has_91_actions_6_chance_outcomes_and_both_shapes() {
        // The booklet's path: 40 loop dots to the last, 4 home dots and the centre: E = 45.
        let game = Ludo::default();
        assert_eq!(game.rules().end_index(), 45);
        assert_eq!(game.num_distinct_actions(), 91);
        assert_eq!(game.num_chance_outcomes(), 6);
        let s = game.new_initial_state();
        for i in 0..6 {
            let roll = game.index_chance(&s, i).unwrap();
            assert_eq!(game.chance_index(&s, &roll), Some(i));
        }
        assert_eq!(game.index_chance(&s, 6), None);
        let classic = Ludo::new(Rules::classic()).unwrap();
        let end = usize::from(classic.rules().end_index());
        let context = 4 + 6 + 4 + 2 + 16;
        assert_eq!(classic.observation_shape().size(), 4 * 4 + context);
        let planes = classic.with_observation(ObservationKind::Planes);
        assert_eq!(planes.observation_shape().size(), 4 * (end + 1) + context);
        let two = Ludo::new(Rules::mensch().with_players(2)).unwrap();
        assert_eq!(two.observation_shape().size(), 2 * 4 + 2 + 6 + 4 + 2 + 8);
    }
}
