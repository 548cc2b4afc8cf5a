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
        let (t, nums, e, p) = (
            self.tile_count(),
            self.numbers(),
            self.end_slots(),
            self.rules().players,
        );
        let tf = t as f32;
        let me = (seat.index() < p && s.hands.len() == p).then_some(seat);
        out.fill(0.0);
        // The five tile planes: a tile's bit is its index. The planes are sparse (a hand, the
        // table), so only the set bits are visited.
        let hand = me.map_or(0, |me| s.hands[me].0);
        let drawn = match s.phase {
            Phase::Drawn(drawer, tile) if Some(drawer) == me => tile.bit(),
            _ => 0,
        };
        let forced = match s.phase {
            Phase::Opening {
                forced: Some(tile), ..
            } => tile.bit(),
            _ => 0,
        };
        let (planes_of, rest) = out.split_at_mut(5 * t);
        let planes = [hand, drawn, s.layout.tiles().0, s.not_dealt.0, forced];
        for (bits, plane) in planes.into_iter().zip(planes_of.chunks_exact_mut(t)) {
            mark_bits(plane, bits);
        }
        self.observe_ends(s, &mut rest[..e * (1 + nums)]);
        let seats = e * (1 + nums);
        // Every number appears n + 2 times in a double-n set: (n+1)(n+2)n/2 pips in all.
        let h = nums - 1;
        let set_pips = ((h * (h + 1) * (h + 2)) / 2).max(1) as f32;
        // Seat `me + r` (wrapping) is written at relative place `r`.
        let first = me.map_or(0, Seat::index);
        let rel = |other: Seat| {
            let i = other.index() + p - first;
            if i >= p { i - p } else { i }
        };
        let numbers = (1u16 << nums) - 1;
        // A hand holds the tiles its record of what play has shown counts (`check_state`
        // holds every state to that), plus a tile the round names and it has not laid yet:
        // the opening it must lay, a drawn tile it must place. Counting them from the record
        // spares counting the bits of every hand.
        let holds_named = match s.phase {
            Phase::Opening {
                seat,
                forced: Some(_),
            }
            | Phase::Drawn(seat, _) => Some(seat),
            _ => None,
        };
        for (other, shown) in s.shown.iter() {
            let field = &mut rest[seats + rel(other) * (nums + 6)..][..nums + 6];
            let mut held = u8::from(holds_named == Some(other));
            field[1] = s.fives[other] as f32 / POINTS_SCALE;
            for g in shown.groups() {
                held = held.saturating_add(g.count);
                let share = f32::from(g.count) / tf;
                let mut lacks = g.lacks & numbers;
                while lacks != 0 {
                    field[2 + lacks.trailing_zeros() as usize] += share;
                    lacks &= lacks - 1;
                }
            }
            field[0] = f32::from(held) / tf;
            field[2 + nums] = f32::from(u8::from(s.opener == Some(other)));
            if let Some(r) = &s.result {
                field[3 + nums] = f32::from(u8::from(r.winner == Some(other)));
                field[4 + nums] = r.pips[other] as f32 / set_pips;
                field[5 + nums] = r.points[other] as f32 / POINTS_SCALE;
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
        rest[step + kind] = 1.0;
        if let Some(named) = named {
            rest[step + 6 + rel(named)] = 1.0;
        }
        let tail = step + 6 + p;
        rest[tail] = s.stock.len() as f32 / tf;
        rest[tail + 1] = (f32::from(s.redeals) / 10.0).min(1.0);
        if let Some(r) = &s.result {
            rest[tail + 2 + usize::from(r.end == RoundEnd::Blocked)] = 1.0;
        }
        Ok(())
    }
}

impl Dominoes {
    /// The end slots' part of the observation (zeroed by the caller): for each open end,
    /// its slot's "open" value and the number showing. The layout's arm slots are the
    /// observation's, except the first spinner's sides (slots 2 and 3 here, `up` and
    /// `down`) and a later spinner's (two further on here, after `up` and `down`).
    fn observe_ends(&self, s: &State, out: &mut [f32]) {
        let stride = 1 + self.numbers();
        let (mut open, first) = s.layout.open_slots();
        let first_sides = first.map_or(0, |n| 2 + 2 * usize::from(n));
        while open != 0 {
            let arm = open.trailing_zeros() as usize;
            open &= open - 1;
            let slot = match arm {
                0 | 1 => arm,
                _ if arm & !1 == first_sides => 2 + (arm & 1),
                _ => arm + 2,
            };
            let number = 1 + usize::from(s.layout.slot_value(arm));
            if let Some(at) = out.get_mut(slot * stride..(slot + 1) * stride) {
                at[0] = 1.0;
                if let Some(v) = at.get_mut(number) {
                    *v = 1.0;
                }
            }
        }
    }
}

/// Sets `out[i]` to 1 for every set bit `i` of `bits` below `out.len()`, visiting only the
/// set bits (a word at a time: a 128-bit count of trailing zeros branches on its halves).
fn mark_bits(out: &mut [f32], bits: u128) {
    for (half, base) in [(bits as u64, 0), ((bits >> 64) as u64, 64)] {
        let mut rest = half;
        while rest != 0 {
            if let Some(v) = out.get_mut(base + rest.trailing_zeros() as usize) {
                *v = 1.0;
            }
            rest &= rest - 1;
        }
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
    fn hand_sizes_counted_from_the_record_are_the_hands() {
        // `observe` counts each hand from its record of what play has shown plus a tile the
        // round names (the forced opening, a drawn tile to place): the same as the hand's
        // tiles at every node of seeded rounds, for the presets with draws, passes, forced
        // and free openings, drawn tiles kept by choice and partnerships.
        for rules in [
            Rules::lattjo(),
            Rules::five_up().with_players(4),
            Rules::block().with_players(3),
            Rules::partnership(),
            Rules::lattjo().with_must_play_if_able(false),
            Rules::draw(),
        ] {
            let game = Dominoes::new(rules).unwrap();
            let (t, n, e, p) = (
                game.tile_count(),
                game.numbers(),
                game.end_slots(),
                rules.players,
            );
            let seats = 5 * t + e * (1 + n);
            let mut out = vec![0.0; game.observation_len()];
            let mut buf = Vec::new();
            for seed in 0..40 {
                let mut rng = boardgame_core::GameRng::new(seed, 3);
                let mut s = if seed % 2 == 0 {
                    game.new_initial_state()
                } else {
                    game.initial_state(Seat::new(1)).unwrap()
                };
                loop {
                    for me in Seat::all(p) {
                        game.observe(&s, me, &mut out).unwrap();
                        for (other, hand) in s.hands.iter() {
                            let r = (other.index() + p - me.index()) % p;
                            let size = out[seats + r * (n + 6)];
                            assert_eq!(size, hand.len() as f32 / t as f32, "{s:?}");
                        }
                    }
                    let a = match game.turn(&s) {
                        boardgame_core::Turn::Terminal => break,
                        boardgame_core::Turn::Chance => game.sample_chance(&s, &mut rng),
                        boardgame_core::Turn::Player(_) => {
                            game.sample_action(&s, &mut rng, &mut buf)
                        }
                    };
                    game.apply(&mut s, &a.unwrap()).unwrap();
                }
            }
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
