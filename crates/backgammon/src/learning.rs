//! The learning encodings (issue 19): a seat's observation as a flat tensor ([`Observe`]),
//! every player action as an index with a legal-action mask ([`IndexedActions`]), and the
//! dice as chance-outcome indices.
//!
//! **Observation** (backgammon has no hidden information: both seats see the whole state,
//! each from its own side). The board part is chosen by [`Backgammon::with_observation`]:
//! [`ObservationKind::TdGammon`] (the default) is Tesauro's 198 TD-Gammon inputs,
//! [`ObservationKind::Compact`] the 28 signed counts of Stochastic MuZero (Antonoglou et
//! al., 2022). Both are followed by the same [`CONTEXT_INPUTS`] values for what the rules
//! add: phase, dice, cube, match score, result. The tables are in `docs/backgammon.md`,
//! "Learning encodings"; [`Position::td_gammon_inputs`] gives the 198 inputs of any position
//! alone (an afterstate, as TD-Gammon evaluates them).
//!
//! **Actions** ([`NUM_ACTIONS`] indices). The ten decisions come first (`Roll` 0, `Double` 1,
//! `Take` 2, `Drop` 3, `Beaver` 4, `Resign` single/gammon/backgammon 5-7,
//! `AcceptResignation` 8, `RejectResignation` 9); then the plays, in the mover's numbering
//! (bar = 25), as the dice in the state read them: every step of a play moves one die's
//! pips, so its origin and its die give its destination (`from - die`, or off). Index 10 is
//! the empty play (cannot move, A15). A non-double's one-step play is
//! `11 + 25 slot + (from - 1)` (slot 0 the higher die, 1 the lower), its two-step play
//! `61 + 625 order + 25 (from1 - 1) + (from2 - 1)` (order 0: the higher die first). A
//! double's play of `k` steps is the multiset of its origins, which move generation lists
//! highest origin first (B16, B17), ranked in the combinatorial number system from
//! `DOUBLES[k]` (1311, 1336, 1661, 4586 for k = 1..4). An index whose play has another
//! index (a bearing off that either die could make) names nothing, so every legal play has
//! exactly one index.
//!
//! **Chance**: `Dice(d)` is `d`'s place in [`Dice::ALL`] (0-20); `Opening { white, black }`
//! is `21 + 6 (white - 1) + (black - 1)`.

use boardgame_core::{BufferSizeError, IndexedActions, Observe, Seat, Shape, Turn};

use crate::board::{BAR, CHECKERS, OFF, Position, Side};
use crate::game::{Action, Backgammon, Phase, State, WinKind};
use crate::ids::{MAX_CUBE_LOG2, MAX_MATCH_LENGTH, ResignLevel};
use crate::movegen::{Dice, Play, Step};

/// How the board part of a [`Backgammon`] observation is encoded
/// ([`Backgammon::with_observation`]). The context that follows it is the same for both.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Backgammon, ObservationKind, Observe, CONTEXT_INPUTS, TD_GAMMON_INPUTS};
/// let td = Backgammon::default();
/// assert_eq!(td.observation(), ObservationKind::TdGammon);
/// assert_eq!(td.observation_shape().size(), TD_GAMMON_INPUTS + CONTEXT_INPUTS);
/// assert_eq!(ObservationKind::Compact.board_inputs(), 28);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ObservationKind {
    /// Tesauro's 198 TD-Gammon inputs (see [`Position::td_gammon_inputs`]).
    #[default]
    TdGammon,
    /// 28 values as in Stochastic MuZero (Antonoglou et al., ICLR 2022): the 24 points in
    /// the observer's numbering, its checkers positive and the opponent's negative, then
    /// bar and borne off for the observer and the opponent; every count divided by 15.
    Compact,
}

impl ObservationKind {
    /// The number of board inputs: 198 or 28.
    #[must_use]
    pub const fn board_inputs(self) -> usize {
        match self {
            ObservationKind::TdGammon => TD_GAMMON_INPUTS,
            ObservationKind::Compact => 28,
        }
    }
}

/// The number of TD-Gammon inputs (Tesauro 1992, 1995).
pub const TD_GAMMON_INPUTS: usize = 198;

/// The number of context inputs after the board (phase, dice, cube, match, result).
pub const CONTEXT_INPUTS: usize = 44;

/// The size of the player-action space ([`IndexedActions::num_distinct_actions`]).
pub const NUM_ACTIONS: usize = DOUBLES[4] + multisets(4);

/// The number of chance outcomes: 21 rolls, then 36 ordered opening rolls.
pub const NUM_CHANCE_OUTCOMES: usize = 21 + 36;

/// The index of the empty play.
const NO_MOVE: usize = 10;
/// The first one-step play of a non-double.
const ONE_STEP: usize = 11;
/// The first two-step play of a non-double.
const TWO_STEP: usize = ONE_STEP + 2 * 25;
/// The first play of a double with `k` steps (index `k`, 1..=4).
const DOUBLES: [usize; 5] = {
    let mut out = [0; 5];
    let mut at = TWO_STEP + 2 * 25 * 25;
    let mut k = 1;
    while k <= 4 {
        out[k] = at;
        at += multisets(k);
        k += 1;
    }
    out
};

/// `n` choose `k`, for the small numbers here.
const fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// Multisets of `k` origins among the 25 (points 1-24 and the bar).
const fn multisets(k: usize) -> usize {
    binomial(25 + k - 1, k)
}

/// Whether `step` moves exactly one die of `die` pips: its destination is `from - die`, or
/// off when that is not a point.
fn moves(step: &Step, die: u8) -> bool {
    step.to() == step.from().saturating_sub(die)
}

/// The step of one die from `from` (1..=25).
fn step_of(from: u8, die: u8) -> Option<Step> {
    Step::new(from, from.saturating_sub(die))
}

/// The index of `play` for `dice`, if the play has one (its steps each move one die, in an
/// order the index can say).
fn play_index(dice: Dice, play: &Play) -> Option<usize> {
    let steps = play.steps();
    if steps.is_empty() {
        return Some(NO_MOVE);
    }
    let from = |s: &Step| usize::from(s.from()) - 1;
    if dice.is_double() {
        let d = dice.high();
        // Origins highest first, as generation lists them (B16).
        if !steps.iter().all(|s| moves(s, d)) || steps.windows(2).any(|w| w[1].from() > w[0].from())
        {
            return None;
        }
        let k = steps.len();
        let rank: usize = steps
            .iter()
            .enumerate()
            .map(|(i, s)| binomial(from(s) + k - 1 - i, k - i))
            .sum();
        return Some(DOUBLES[k] + rank);
    }
    let (h, l) = (dice.high(), dice.low());
    match steps {
        [s] => {
            let slot = if moves(s, h) {
                0
            } else if moves(s, l) {
                1
            } else {
                return None;
            };
            Some(ONE_STEP + 25 * slot + from(s))
        }
        [a, b] => {
            let order = if moves(a, h) && moves(b, l) {
                0
            } else if moves(a, l) && moves(b, h) {
                1
            } else {
                return None;
            };
            Some(TWO_STEP + 625 * order + 25 * from(a) + from(b))
        }
        _ => None,
    }
}

/// The play with index `i` for `dice`, if `i` is a play index for this kind of roll (the
/// reverse of [`play_index`]; not checked for being canonical).
fn index_play(dice: Dice, i: usize) -> Option<Play> {
    let origin = |x: usize| (x % 25 + 1) as u8;
    if i == NO_MOVE {
        return Some(Play::NONE);
    }
    if !dice.is_double() {
        let (h, l) = (dice.high(), dice.low());
        if (ONE_STEP..TWO_STEP).contains(&i) {
            let x = i - ONE_STEP;
            let die = if x < 25 { h } else { l };
            return Play::from_steps(&[step_of(origin(x), die)?]);
        }
        if (TWO_STEP..DOUBLES[1]).contains(&i) {
            let x = i - TWO_STEP;
            let (first, second) = if x < 625 { (h, l) } else { (l, h) };
            return Play::from_steps(&[
                step_of(origin(x / 25), first)?,
                step_of(origin(x), second)?,
            ]);
        }
        return None;
    }
    let d = dice.high();
    let k = (1..=4).rev().find(|&k| i >= DOUBLES[k])?;
    let mut rank = i - DOUBLES[k];
    if rank >= multisets(k) {
        return None;
    }
    let mut steps = [Step::UNUSED; 4];
    for (n, slot) in steps.iter_mut().enumerate().take(k) {
        let j = k - n;
        // The largest c with C(c, j) <= rank; origins are c - (j - 1) + 1.
        let mut c = 25 + j - 2;
        while binomial(c, j) > rank {
            c -= 1;
        }
        rank -= binomial(c, j);
        *slot = step_of((c + 2 - j) as u8, d)?;
    }
    Play::from_steps(&steps[..k])
}

/// The ten decisions, in index order.
const DECISIONS: [Action; 10] = [
    Action::Roll,
    Action::Double,
    Action::Take,
    Action::Drop,
    Action::Beaver,
    Action::Resign(ResignLevel::Single),
    Action::Resign(ResignLevel::Gammon),
    Action::Resign(ResignLevel::Backgammon),
    Action::AcceptResignation,
    Action::RejectResignation,
];

/// TD-Gammon's four inputs for a point holding `n` checkers (0..=15): at least one, at least
/// two, at least three, and (n - 3) / 2 beyond three.
const TD_GAMMON_UNITS: [[f32; 4]; 16] = {
    let mut out = [[0.0; 4]; 16];
    let mut n = 1;
    while n < 16 {
        out[n][0] = 1.0;
        if n >= 2 {
            out[n][1] = 1.0;
        }
        if n >= 3 {
            out[n][2] = 1.0;
            out[n][3] = (n - 3) as f32 / 2.0;
        }
        n += 1;
    }
    out
};

impl Position {
    /// Tesauro's 198 TD-Gammon inputs of this position seen by `observer`: for the observer
    /// then the opponent, each in its own numbering, four inputs per point 1..=24 (at least
    /// one checker, at least two, at least three, and (n - 3) / 2 for the checkers beyond
    /// three) (192); the checkers on the bar / 2, observer then opponent (2); the checkers
    /// borne off / 15, observer then opponent (2); whether the observer, then the opponent,
    /// is on roll (2).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Position, Side};
    /// let x = Position::start(Side::White).td_gammon_inputs(Side::White);
    /// // White's 6 point holds five checkers: 1, 1, 1, (5 - 3) / 2.
    /// assert_eq!(x[4 * 5..4 * 6], [1.0, 1.0, 1.0, 1.0]);
    /// // Its 24 point holds two.
    /// assert_eq!(x[4 * 23..4 * 24], [1.0, 1.0, 0.0, 0.0]);
    /// assert_eq!(x[196..], [1.0, 0.0]); // White is on roll
    /// ```
    #[must_use]
    pub fn td_gammon_inputs(&self, observer: Side) -> [f32; TD_GAMMON_INPUTS] {
        let mut out = [0.0; TD_GAMMON_INPUTS];
        self.write_td_gammon(observer, &mut out);
        out
    }

    fn write_td_gammon(&self, observer: Side, out: &mut [f32; TD_GAMMON_INPUTS]) {
        for (k, side) in [observer, observer.opponent()].into_iter().enumerate() {
            let board = &self.board[side.index()];
            let points = out[96 * k..96 * (k + 1)].chunks_exact_mut(4);
            for (units, &n) in points.zip(&board[1..=24]) {
                units.copy_from_slice(&TD_GAMMON_UNITS[usize::from(n.min(CHECKERS))]);
            }
            out[192 + k] = f32::from(board[BAR]) / 2.0;
            out[194 + k] = f32::from(board[OFF]) / f32::from(CHECKERS);
            out[196 + k] = f32::from(u8::from(self.to_move == side));
        }
    }

    fn write_compact(&self, observer: Side, out: &mut [f32]) {
        let me = &self.board[observer.index()];
        let them = &self.board[observer.opponent().index()];
        let n = f32::from(CHECKERS);
        for p in 1..=24 {
            out[p - 1] = (f32::from(me[p]) - f32::from(them[25 - p])) / n;
        }
        out[24] = f32::from(me[BAR]) / n;
        out[25] = f32::from(them[BAR]) / n;
        out[26] = f32::from(me[OFF]) / n;
        out[27] = f32::from(them[OFF]) / n;
    }
}

impl Backgammon {
    fn observation_len(&self) -> usize {
        self.observation().board_inputs() + CONTEXT_INPUTS
    }

    /// The context inputs (the table in the module docs) into `out` (zeroed).
    fn write_context(&self, s: &State, me: Side, out: &mut [f32]) {
        let unit = |b: bool| f32::from(u8::from(b));
        let who = |side: Side| usize::from(side != me);
        out[match s.phase {
            Phase::Opening => 0,
            Phase::BeforeRoll => 1,
            Phase::Rolling => 2,
            Phase::Moving => 3,
            // A double to answer; with the player on roll answering, a beaver (D5).
            Phase::Doubled | Phase::Beavered => 4,
            Phase::ResignOffered(_) | Phase::ResignOfferedDoubled(_) => 5,
            Phase::Over => 6,
        }] = 1.0;
        // A resignation offered instead of an answer to a double: the double pending too.
        if let Phase::ResignOfferedDoubled(_) = s.phase {
            out[4] = 1.0;
        }
        let level = match (s.phase, s.outcome) {
            (Phase::ResignOffered(l) | Phase::ResignOfferedDoubled(l), _) => Some(l),
            (
                _,
                Some(crate::game::Outcome {
                    kind: WinKind::Resignation(l),
                    ..
                }),
            ) => Some(l),
            _ => None,
        };
        if let Some(l) = level {
            out[7 + l as usize - 1] = 1.0;
        }
        out[10 + who(s.position.to_move)] = 1.0;
        if let Some(d) = s.dice {
            out[12 + usize::from(d.high()) - 1] = 1.0;
            out[18 + usize::from(d.low()) - 1] = 1.0;
        }
        // A beaver to answer (D5) shows the cube as GNU Backgammon holds it then: the double
        // taken, on the beaverer's side.
        let (cube_log2, owner) = if s.phase == Phase::Beavered {
            (s.cube_log2 + 1, Some(s.position.to_move.opponent()))
        } else {
            (s.cube_log2, s.cube_owner)
        };
        out[24] = f32::from(cube_log2) / f32::from(MAX_CUBE_LOG2);
        out[25 + owner.map_or(0, |o| 1 + who(o))] = 1.0;
        out[28] = unit(self.double_refusal(s).is_none());
        out[29] = unit(s.resign_refused);
        if let Some(m) = s.match_context {
            let scale = MAX_MATCH_LENGTH as f32;
            out[30] = 1.0;
            out[31] = m.length() as f32 / scale;
            out[32] = m.score(me) as f32 / scale;
            out[33] = m.score(me.opponent()) as f32 / scale;
            out[34] = unit(m.is_crawford());
            out[35] = unit(self.rules().crawford && m.is_post_crawford());
        }
        if let Some(o) = s.outcome {
            out[36 + who(o.winner)] = 1.0;
            out[38
                + match o.kind {
                    WinKind::Single => 0,
                    WinKind::Gammon => 1,
                    WinKind::Backgammon => 2,
                    WinKind::Drop => 3,
                    WinKind::Resignation(_) => 4,
                }] = 1.0;
            out[43] = o.points as f32 / (3.0 * s.cube_value() as f32);
        }
    }
}

impl Observe for Backgammon {
    fn observation_shape(&self) -> Shape {
        // Never `None`: at least 28 + 44 values.
        Shape::flat(self.observation_len()).unwrap_or(Shape::fixed([1]))
    }

    /// A seat other than 0 and 1 observes as White (seat 0).
    fn observe(&self, s: &State, seat: Seat, out: &mut [f32]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.observation_len(), out.len())?;
        out.fill(0.0);
        let me = Side::from_seat(seat).unwrap_or(Side::White);
        let board = self.observation().board_inputs();
        match self.observation() {
            ObservationKind::TdGammon => {
                if let Some(td) = out
                    .get_mut(..TD_GAMMON_INPUTS)
                    .and_then(|x| <&mut [f32; TD_GAMMON_INPUTS]>::try_from(x).ok())
                {
                    s.position.write_td_gammon(me, td);
                }
            }
            ObservationKind::Compact => s.position.write_compact(me, &mut out[..board]),
        }
        self.write_context(s, me, &mut out[board..]);
        Ok(())
    }
}

impl IndexedActions for Backgammon {
    fn num_distinct_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn action_index(&self, s: &State, action: &Action) -> Option<usize> {
        match action {
            Action::Play(play) if play.is_none() => Some(NO_MOVE),
            // `play_index` accepts only steps that each move their die, in an order it can
            // say, so `index_play` gives the very play back (the tests check it).
            Action::Play(play) => play_index(s.dice?, play),
            Action::Opening { .. } | Action::Dice(_) => None,
            a => DECISIONS.iter().position(|d| d == a),
        }
    }

    fn index_action(&self, s: &State, index: usize) -> Option<Action> {
        if let Some(a) = DECISIONS.get(index) {
            return Some(*a);
        }
        if index == NO_MOVE {
            return Some(Action::Play(Play::NONE));
        }
        let dice = s.dice?;
        let play = index_play(dice, index)?;
        // An index whose play has another index (either die bears the checker off) names
        // nothing: each play has one index.
        (play_index(dice, &play) == Some(index)).then_some(Action::Play(play))
    }

    fn legal_mask(&self, s: &State, out: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(NUM_ACTIONS, out.len())?;
        out.fill(false);
        if matches!(boardgame_core::Game::turn(self, s), Turn::Player(_)) {
            self.for_each_legal(s, |a| {
                if let Some(slot) = self.action_index(s, &a).and_then(|i| out.get_mut(i)) {
                    *slot = true;
                }
            });
        }
        Ok(())
    }

    fn num_chance_outcomes(&self) -> usize {
        NUM_CHANCE_OUTCOMES
    }

    fn chance_index(&self, _: &State, action: &Action) -> Option<usize> {
        match *action {
            Action::Dice(d) => Dice::ALL.iter().position(|x| *x == d),
            Action::Opening { white, black }
                if (1..=6).contains(&white) && (1..=6).contains(&black) =>
            {
                Some(21 + 6 * usize::from(white - 1) + usize::from(black - 1))
            }
            _ => None,
        }
    }

    fn index_chance(&self, _: &State, index: usize) -> Option<Action> {
        if let Some(d) = Dice::ALL.get(index) {
            return Some(Action::Dice(*d));
        }
        let x = index.checked_sub(21).filter(|&x| x < 36)?;
        Some(Action::Opening {
            white: (x / 6 + 1) as u8,
            black: (x % 6 + 1) as u8,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_regions_add_up() {
        assert_eq!(
            [DOUBLES[1], DOUBLES[2], DOUBLES[3], DOUBLES[4]],
            [1311, 1336, 1661, 4586]
        );
        assert_eq!(
            [multisets(1), multisets(2), multisets(3), multisets(4)],
            [25, 325, 2925, 20475]
        );
        assert_eq!(NUM_ACTIONS, 25061);
    }

    /// Every play index of every roll decodes to a play that encodes back to it, or to
    /// nothing (a bearing off either die makes, whose play has the other index).
    #[test]
    fn every_play_index_round_trips_or_names_nothing() {
        for dice in Dice::ALL {
            let mut named = 0;
            for i in NO_MOVE..NUM_ACTIONS {
                if let Some(play) = index_play(dice, i) {
                    if play_index(dice, &play) == Some(i) {
                        named += 1;
                    } else {
                        // The other index of the same play names it.
                        let j = play_index(dice, &play).expect("an index");
                        assert_eq!(index_play(dice, j), Some(play), "{dice} {i}");
                    }
                }
            }
            let expected = if dice.is_double() {
                1 + (1..=4).map(multisets).sum::<usize>()
            } else {
                1 + 50 + 1250
            };
            // Bearing off from at most the lower die's point: either die makes the step.
            let ambiguous_one = usize::from(dice.low());
            let ambiguous_two = ambiguous_one * ambiguous_one;
            if dice.is_double() {
                assert_eq!(named, expected, "{dice}");
            } else {
                assert_eq!(named, expected - ambiguous_one - ambiguous_two, "{dice}");
            }
        }
    }

    #[test]
    fn chance_indices_round_trip() {
        let s = State::default();
        let game = Backgammon::default();
        for i in 0..NUM_CHANCE_OUTCOMES {
            let a = game.index_chance(&s, i).expect("an outcome");
            assert_eq!(game.chance_index(&s, &a), Some(i));
        }
        assert_eq!(game.index_chance(&s, NUM_CHANCE_OUTCOMES), None);
        assert_eq!(
            game.chance_index(&s, &Action::Opening { white: 7, black: 1 }),
            None
        );
    }
}
