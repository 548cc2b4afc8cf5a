//! The learning encodings (issue 19): a seat's observation as a flat tensor ([`Observe`]),
//! every player action as an index with a legal-action mask ([`IndexedActions`]), and the
//! tile chance gives as a chance-outcome index.
//!
//! The observation holds only what the seat may know ([`crate::View`], E11): its own hand,
//! the table, how many tiles each hand and the stock hold, and what play has shown. It never
//! holds another seat's tiles, which the conformance kit checks against determinizations.
//! The layout (T = tiles in the set, (n+1)(n+2)/2 for a double-n set; N = n + 1 numbers;
//! E = 4 + 2N end slots; P = players; seats are counted from the observer, 0 = itself):
//!
//! | offset | length | field | range |
//! | --- | --- | --- | --- |
//! | 0 | T | the observer's hand, by tile index | 0/1 |
//! | T | T | the tile it drew and must place (step `Drawn`, its own draw only) | 0/1 |
//! | 2T | T | tiles on the table | 0/1 |
//! | 3T | T | tiles the opening showed nobody was dealt | 0/1 |
//! | 4T | T | the tile the rules name for the opening (step `Opening`) | 0/1 |
//! | 5T | E(1+N) | per end slot: open, then the number showing (one-hot) | 0/1 |
//! | 5T+E(1+N) | P(N+6) | per seat: hand size / T, fives scored / 100, for each number the tiles shown to lack it / T, opened the round, won it, pips left / the set's pips, the round's points / 100 | 0-1, fives and points >= 0 |
//! | then | 6 | the step: dealing, opening, turn, drawing, drawn, over | one-hot |
//! | then | P | the seat the step names | one-hot |
//! | then | 1 | stock size / T | 0-1 |
//! | then | 1 | redeals / 10, at most 1 | 0-1 |
//! | then | 2 | how the round ended: a seat went out, blocked | one-hot |
//!
//! Actions (independent of the state): `Open(t)` is `t`'s index (`high (high + 1) / 2 +
//! low`), `Play(t, end)` is `T + index(t) E + slot(end)` with slots `left` 0, `right` 1, `up`
//! 2, `down` 3 and a later spinner `d-d`'s sides `4 + 2d` (up) and `5 + 2d` (down); `Draw` is
//! `T (1 + E)` and `Pass` the next. Chance: `Deal(t)` is `t`'s index.

use boardgame_core::{BufferSizeError, IndexedActions, Observe, Seat, Shape};

use crate::action::Action;
use crate::game::{Dominoes, Phase, RoundEnd, State};
use crate::tile::{End, Side, Tile};

/// How many fives or points one unit of the observation stands for.
const POINTS_SCALE: f32 = 100.0;

impl Dominoes {
    /// Numbers in the set (N).
    fn numbers(&self) -> usize {
        usize::from(self.rules().highest) + 1
    }

    /// Tiles in the set (T).
    fn tile_count(&self) -> usize {
        let n = self.numbers();
        n * (n + 1) / 2
    }

    /// End slots (E): the line's two ends, the first spinner's two sides, two sides for
    /// every later double.
    fn end_slots(&self) -> usize {
        4 + 2 * self.numbers()
    }

    /// The observation's length.
    fn observation_len(&self) -> usize {
        let (t, n, e, p) = (
            self.tile_count(),
            self.numbers(),
            self.end_slots(),
            self.rules().players,
        );
        5 * t + e * (1 + n) + p * (n + 6) + 6 + p + 4
    }

    /// A tile's index, if it is in the set.
    fn tile_index(&self, t: Tile) -> Option<usize> {
        (t.high() <= self.rules().highest).then_some(usize::from(t.id()))
    }

    /// An end's slot, if the set has it.
    fn end_slot(&self, end: End) -> Option<usize> {
        match end {
            End::Left => Some(0),
            End::Right => Some(1),
            End::Up => Some(2),
            End::Down => Some(3),
            End::Side(d, side) if d.is_double() && d.high() <= self.rules().highest => {
                Some(4 + 2 * usize::from(d.high()) + usize::from(side == Side::Down))
            }
            End::Side(..) => None,
        }
    }

    /// The end in `slot`.
    fn slot_end(&self, slot: usize) -> Option<End> {
        match slot {
            0 => Some(End::Left),
            1 => Some(End::Right),
            2 => Some(End::Up),
            3 => Some(End::Down),
            s if s < self.end_slots() => {
                let d = u8::try_from((s - 4) / 2).ok()?;
                let side = if (s - 4) % 2 == 0 {
                    Side::Up
                } else {
                    Side::Down
                };
                Some(End::Side(Tile::new(d, d)?, side))
            }
            _ => None,
        }
    }

    /// The tile with index `i`, if the set has it.
    fn index_tile(&self, i: usize) -> Option<Tile> {
        (i < self.tile_count()).then(|| Tile::from_id(i as u8))
    }
}

impl Observe for Dominoes {
    fn observation_shape(&self) -> Shape {
        // Never `None`: the length is at least 5 tiles plus the fixed fields.
        Shape::flat(self.observation_len()).unwrap_or(Shape::fixed([1]))
    }

    fn observe(&self, s: &State, seat: Seat, out: &mut [f32]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.observation_len(), out.len())?;
        out.fill(0.0);
        let (t, nums, e, p) = (
            self.tile_count(),
            self.numbers(),
            self.end_slots(),
            self.rules().players,
        );
        let tf = t as f32;
        let me = (seat.index() < p && s.hands.len() == p).then_some(seat);
        let rel = |other: Seat| (other.index() + p - me.map_or(0, Seat::index)) % p;
        let mark = |base: usize, tile: Tile, out: &mut [f32]| {
            if let Some(i) = self.tile_index(tile) {
                out[base + i] = 1.0;
            }
        };
        if let Some(me) = me {
            for tile in s.hands[me].iter() {
                mark(0, tile, out);
            }
            if let Phase::Drawn(drawer, tile) = s.phase
                && drawer == me
            {
                mark(t, tile, out);
            }
        }
        for tile in s.layout.tiles().iter() {
            mark(2 * t, tile, out);
        }
        for tile in s.not_dealt.iter() {
            mark(3 * t, tile, out);
        }
        if let Phase::Opening {
            forced: Some(tile), ..
        } = s.phase
        {
            mark(4 * t, tile, out);
        }
        let ends = 5 * t;
        for end in s.layout.open_ends() {
            if let (Some(slot), Some(v)) = (self.end_slot(end), s.layout.end_value(end)) {
                let at = ends + slot * (1 + nums);
                out[at] = 1.0;
                out[at + 1 + usize::from(v)] = 1.0;
            }
        }
        let seats = ends + e * (1 + nums);
        // Every number appears n + 2 times in a double-n set: (n+1)(n+2)n/2 pips in all.
        let h = nums - 1;
        let set_pips = ((h * (h + 1) * (h + 2)) / 2).max(1) as f32;
        for (other, hand) in s.hands.iter() {
            let at = seats + rel(other) * (nums + 6);
            out[at] = hand.len() as f32 / tf;
            out[at + 1] = s.fives[other] as f32 / POINTS_SCALE;
            for g in s.shown[other].groups() {
                let mut lacks = g.lacks & ((1 << nums) - 1);
                while lacks != 0 {
                    let n = lacks.trailing_zeros() as usize;
                    lacks &= lacks - 1;
                    out[at + 2 + n] += f32::from(g.count) / tf;
                }
            }
            out[at + 2 + nums] = f32::from(u8::from(s.opener == Some(other)));
            if let Some(r) = &s.result {
                out[at + 3 + nums] = f32::from(u8::from(r.winner == Some(other)));
                out[at + 4 + nums] = r.pips[other] as f32 / set_pips;
                out[at + 5 + nums] = r.points[other] as f32 / POINTS_SCALE;
            }
        }
        let step = seats + p * (nums + 6);
        let (kind, named) = match s.phase {
            Phase::Dealing => (0, None),
            Phase::Opening { seat, .. } => (1, Some(seat)),
            Phase::Turn(seat) => (2, Some(seat)),
            Phase::Drawing(seat) => (3, Some(seat)),
            Phase::Drawn(seat, _) => (4, Some(seat)),
            Phase::Over => (5, None),
        };
        out[step + kind] = 1.0;
        if let Some(named) = named {
            out[step + 6 + rel(named)] = 1.0;
        }
        let tail = step + 6 + p;
        out[tail] = s.stock.len() as f32 / tf;
        out[tail + 1] = (f32::from(s.redeals) / 10.0).min(1.0);
        if let Some(r) = &s.result {
            out[tail + 2 + usize::from(r.end == RoundEnd::Blocked)] = 1.0;
        }
        Ok(())
    }
}

impl IndexedActions for Dominoes {
    fn num_distinct_actions(&self) -> usize {
        self.tile_count() * (1 + self.end_slots()) + 2
    }

    fn action_index(&self, _: &State, action: &Action) -> Option<usize> {
        let t = self.tile_count();
        match *action {
            Action::Open(tile) => self.tile_index(tile),
            Action::Play(tile, end) => {
                Some(t + self.tile_index(tile)? * self.end_slots() + self.end_slot(end)?)
            }
            Action::Draw => Some(t * (1 + self.end_slots())),
            Action::Pass => Some(t * (1 + self.end_slots()) + 1),
            Action::Deal(_) => None,
        }
    }

    fn index_action(&self, _: &State, index: usize) -> Option<Action> {
        let (t, e) = (self.tile_count(), self.end_slots());
        if index < t {
            return self.index_tile(index).map(Action::Open);
        }
        let play = index - t;
        if play < t * e {
            return Some(Action::Play(
                self.index_tile(play / e)?,
                self.slot_end(play % e)?,
            ));
        }
        match play - t * e {
            0 => Some(Action::Draw),
            1 => Some(Action::Pass),
            _ => None,
        }
    }

    fn legal_mask(&self, s: &State, out: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.num_distinct_actions(), out.len())?;
        out.fill(false);
        self.for_each_legal(s, |a| {
            if let Some(slot) = self.action_index(s, &a).and_then(|i| out.get_mut(i)) {
                *slot = true;
            }
        });
        Ok(())
    }

    fn num_chance_outcomes(&self) -> usize {
        self.tile_count()
    }

    fn chance_index(&self, _: &State, action: &Action) -> Option<usize> {
        match *action {
            Action::Deal(tile) => self.tile_index(tile),
            _ => None,
        }
    }

    fn index_chance(&self, _: &State, index: usize) -> Option<Action> {
        self.index_tile(index).map(Action::Deal)
    }
}

#[cfg(test)]
mod tests {
    use boardgame_core::Game;

    use super::*;
    use crate::rules::Rules;

    #[test]
    fn every_index_names_its_action_and_back() {
        for rules in [
            Rules::lattjo(),
            Rules::five_up().with_players(4),
            Rules::double_twelve(),
        ] {
            let game = Dominoes::new(rules).unwrap();
            let s = game.new_initial_state();
            for i in 0..game.num_distinct_actions() {
                let a = game.index_action(&s, i).unwrap();
                assert_eq!(game.action_index(&s, &a), Some(i), "{a}");
            }
            assert_eq!(game.index_action(&s, game.num_distinct_actions()), None);
            for i in 0..game.num_chance_outcomes() {
                let a = game.index_chance(&s, i).unwrap();
                assert_eq!(game.chance_index(&s, &a), Some(i));
            }
            assert_eq!(game.index_chance(&s, game.num_chance_outcomes()), None);
        }
    }

    #[test]
    fn the_booklet_set_has_28_tiles_and_18_end_slots() {
        // D1: a double-six set, two players by default.
        let game = Dominoes::default();
        assert_eq!(game.num_distinct_actions(), 28 * 19 + 2);
        assert_eq!(game.num_chance_outcomes(), 28);
        assert_eq!(
            game.observation_shape().size(),
            5 * 28 + 18 * 8 + 2 * 13 + 6 + 2 + 4
        );
        let six_four = Tile::new(6, 4).unwrap();
        let s = game.new_initial_state();
        assert_eq!(game.action_index(&s, &Action::Open(six_four)), Some(25));
        assert_eq!(
            game.action_index(&s, &Action::Play(six_four, End::Right)),
            Some(28 + 25 * 18 + 1)
        );
        // A tile or end outside the set has no index.
        let nine = Tile::new(9, 0).unwrap();
        assert_eq!(game.action_index(&s, &Action::Open(nine)), None);
        let side = End::Side(Tile::new(9, 9).unwrap(), Side::Up);
        assert_eq!(game.action_index(&s, &Action::Play(six_four, side)), None);
    }
}
