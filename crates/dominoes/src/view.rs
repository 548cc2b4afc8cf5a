//! Hidden information: what a seat sees (E11, D3), and states consistent with it.

use boardgame_core::{BySeat, GameRng, ImperfectInfo, Seat};

use crate::game::{Dominoes, Phase, RoundResult, State};
use crate::layout::Layout;
use crate::shown::Shown;
use crate::tile::{MAX_TILES, Tile, Tiles};

/// The step a round is at, as a seat sees it.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Dominoes, Game, ImperfectInfo, Seat, Step};
/// let game = Dominoes::default();
/// let state = game.new_initial_state();
/// assert_eq!(game.view(&state, Some(Seat::new(0))).step, Step::Dealing);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Step {
    /// Tiles are being dealt.
    Dealing,
    /// `seat` lays the first tile; `tile` when the rules name it (the highest double).
    Opening {
        /// The opener.
        seat: Seat,
        /// The tile the rules require, if any.
        tile: Option<Tile>,
    },
    /// `seat` plays, draws or passes.
    Turn(Seat),
    /// `seat` is taking a tile from the stock.
    Drawing(Seat),
    /// `seat` drew a tile that fits and must place it; the tile is shown only to `seat`.
    /// Without the duty to play ([`crate::Rules::must_play_if_able`] off) `seat` may keep the
    /// tile instead, and the last draw of a turn stops here, fitting or not, until its pass.
    Drawn {
        /// The drawer.
        seat: Seat,
        /// The tile, if the viewer is the drawer.
        tile: Option<Tile>,
    },
    /// The round is over.
    Over,
}

/// What one seat (or a spectator) may know: its own hand, the layout, how many tiles every
/// hand and the stock hold, and what play has shown (E11). Never another seat's tiles, and
/// never anything about the stock but its size.
///
/// With the `serde` feature a view serializes, for a server to send each seat its own, and
/// deserializes as written: nothing in the crate takes a view, so nothing is checked.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Dominoes, Game, ImperfectInfo, Seat};
/// let game = Dominoes::default();
/// let state = game.new_initial_state();
/// let view = game.view(&state, Some(Seat::new(0)));
/// assert_eq!(view.hand.map(|h| h.len()), Some(0));
/// assert_eq!(view.stock_size, 28);
/// assert_eq!(game.view(&state, None).hand, None, "a spectator sees no hand");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct View {
    /// The seat looking, or `None` for a spectator.
    pub viewer: Option<Seat>,
    /// The viewer's own tiles (`None` for a spectator).
    pub hand: Option<Tiles>,
    /// How many tiles each seat holds.
    pub hand_sizes: BySeat<u8>,
    /// How many tiles are in the stock.
    pub stock_size: u8,
    /// The tiles on the table.
    pub layout: Layout,
    /// The step the round is at.
    pub step: Step,
    /// What each seat's play has shown about its hidden tiles.
    pub shown: BySeat<Shown>,
    /// Tiles the opening showed nobody was dealt (doubles above the opening double).
    pub not_dealt: Tiles,
    /// Fives scored so far per seat.
    pub fives: BySeat<i64>,
    /// The result, once the round is over (the hands are counted in the open).
    pub result: Option<RoundResult>,
    /// How many times the tiles were dealt again.
    pub redeals: u16,
    /// Who laid the first tile.
    pub opener: Option<Seat>,
}

/// One block of hidden tiles to fill when determinizing.
#[derive(Clone, Copy)]
struct Slot {
    seat: Seat,
    count: u8,
    lacks: u16,
    dealt: bool,
    /// The tile a drawer holds in `Phase::Drawn`: the one the phase names.
    drawn: bool,
    must_fit: bool,
}

impl Slot {
    fn admits(&self, t: Tile, not_dealt: Tiles, fits: u128) -> bool {
        t.numbers() & self.lacks == 0
            && !(self.dealt && not_dealt.contains(t))
            && (!self.must_fit || fits & t.bit() != 0)
    }

    /// Deals `t` from this slot into `out`: into the seat's hand, and where the slot is the
    /// drawn tile of `Phase::Drawn`, as the tile the phase names.
    fn deal(&self, out: &mut State, t: Tile) {
        out.hands[self.seat].insert(t);
        if self.drawn
            && let Phase::Drawn(d, _) = out.phase
        {
            out.phase = Phase::Drawn(d, t);
        }
    }

    fn strength(&self) -> u32 {
        if self.drawn {
            100
        } else {
            self.lacks.count_ones() * 2 + u32::from(self.dealt)
        }
    }
}

const ATTEMPTS: usize = 48;

impl ImperfectInfo for Dominoes {
    type View = View;

    fn view(&self, s: &State, viewer: Option<Seat>) -> View {
        let step = match s.phase {
            Phase::Dealing => Step::Dealing,
            Phase::Opening { seat, forced } => Step::Opening { seat, tile: forced },
            Phase::Turn(seat) => Step::Turn(seat),
            Phase::Drawing(seat) => Step::Drawing(seat),
            Phase::Drawn(seat, t) => Step::Drawn {
                seat,
                tile: (viewer == Some(seat)).then_some(t),
            },
            Phase::Over => Step::Over,
        };
        let n = s.hands.len();
        View {
            viewer,
            hand: viewer.and_then(|v| s.hands.get(v).copied()),
            hand_sizes: BySeat::from_fn(n, |seat| s.hands[seat].len() as u8),
            stock_size: s.stock.len() as u8,
            layout: s.layout,
            step,
            shown: s.shown,
            not_dealt: s.not_dealt,
            fives: s.fives,
            result: s.result,
            redeals: s.redeals,
            opener: s.opener,
        }
    }

    /// Deals the tiles `seat` cannot see (other hands and the stock) at random, keeping
    /// every hand size and everything play has shown: the numbers each player lacked when
    /// he drew or passed ([`Shown`]), the doubles nobody was dealt, a drawn tile that fits
    /// (where play shows that it does), the named opening tile, and that play goes on
    /// (somebody can still play or draw, E1). A
    /// randomized greedy fill is tried a few dozen times; if it never fits (rare, in very
    /// constrained endings) a complete search (the hidden tiles matched to the groups by
    /// augmenting paths, in the shuffled order) finds one. Either way the result depends only
    /// on what `seat` sees and on `rng`, never on the hidden tiles themselves.
    fn determinize(&self, s: &State, seat: Seat, rng: &mut GameRng) -> State {
        if matches!(s.phase, Phase::Over) || seat.index() >= s.hands.len() {
            return s.clone();
        }
        let fits = s.layout.playable_mask();
        let mut fixed: Option<(Seat, Tile)> = None;
        let mut slots = [Slot {
            seat,
            count: 0,
            lacks: 0,
            dealt: false,
            drawn: false,
            must_fit: false,
        }; 64];
        let mut ns = 0;
        match s.phase {
            Phase::Opening {
                seat: o,
                forced: Some(t),
            } if o != seat => fixed = Some((o, t)),
            Phase::Drawn(d, _) if d != seat => {
                slots[ns] = Slot {
                    seat: d,
                    count: 1,
                    lacks: 0,
                    dealt: false,
                    drawn: true,
                    // Without the duty to play, the last draw of a turn ends at the drawer's
                    // pass whether the tile fits or not (E3, `Dominoes::drawn_may_miss`).
                    must_fit: !self.drawn_may_miss(s),
                };
                ns += 1;
            }
            _ => {}
        }
        for (other, shown) in s.shown.iter() {
            if other == seat {
                continue;
            }
            for g in shown.groups() {
                if ns < slots.len() {
                    slots[ns] = Slot {
                        seat: other,
                        count: g.count,
                        lacks: g.lacks,
                        dealt: g.dealt,
                        drawn: false,
                        must_fit: false,
                    };
                    ns += 1;
                }
            }
        }
        // The slots must account for every hidden tile; otherwise keep the true state.
        for (other, h) in s.hands.iter() {
            if other == seat {
                continue;
            }
            let expected = h.len() - usize::from(fixed.is_some_and(|(o, _)| o == other));
            let got: usize = slots[..ns]
                .iter()
                .filter(|sl| sl.seat == other)
                .map(|sl| usize::from(sl.count))
                .sum();
            if got != expected {
                return s.clone();
            }
        }
        slots[..ns].sort_by_key(|sl| core::cmp::Reverse(sl.strength()));
        let mut seen = s.layout.tiles().union(s.hands[seat]);
        if let Some((_, t)) = fixed {
            seen.insert(t);
        }
        let unseen = Tiles(self.set().0 & !seen.0);
        let mut pool = [0u8; MAX_TILES];
        let mut np = 0;
        for t in unseen.iter() {
            pool[np] = t.id();
            np += 1;
        }
        // The state with every hidden hand emptied (the named opening tile back in its
        // hand), which a fill then deals out.
        let blank = || {
            let mut out = s.clone();
            for (other, _) in s.hands.iter() {
                if other != seat {
                    out.hands[other] = Tiles::EMPTY;
                }
            }
            if let Some((o, t)) = fixed {
                out.hands[o].insert(t);
            }
            out
        };
        // Play goes on in the true state, which everyone sees: somebody holds a tile that
        // fits, or one can still be drawn (E1). A fill that blocks the round (every fitting
        // tile in the block game's dead stock; under E3's option a drawn tile that does not
        // fit and no other play) is not a state the seat cannot tell from the true one.
        let in_play = matches!(
            s.phase,
            Phase::Turn(_) | Phase::Drawing(_) | Phase::Drawn(..)
        );
        'attempt: for _ in 0..ATTEMPTS {
            rng.shuffle(&mut pool[..np]);
            let mut out = blank();
            let mut used = 0u128;
            for sl in &slots[..ns] {
                let mut need = sl.count;
                for &id in &pool[..np] {
                    if need == 0 {
                        break;
                    }
                    let t = Tile::from_id(id);
                    if used & t.bit() == 0 && sl.admits(t, s.not_dealt, fits) {
                        used |= t.bit();
                        sl.deal(&mut out, t);
                        need -= 1;
                    }
                }
                if need > 0 {
                    continue 'attempt;
                }
            }
            out.stock = Tiles(unseen.0 & !used);
            if in_play && self.is_blocked(&out) {
                continue 'attempt;
            }
            return out;
        }
        // No greedy fill fitted (very constrained endings). Returning the true state here
        // handed a searcher the hidden tiles: an audit (6 December 2026) found IS-MCTS
        // deciding differently on two states its seat could not tell apart. A complete search
        // from what the seat sees (and the generator) finds a fill instead; the true state is
        // one, so it always exists for a state reached by play.
        let fill = Fill {
            slots: &slots[..ns],
            pool: &pool[..np],
            not_dealt: s.not_dealt,
            fits,
        };
        fill.search(|assigned| {
            let mut out = blank();
            let mut used = 0u128;
            for &(k, t) in assigned {
                used |= t.bit();
                fill.slots[k].deal(&mut out, t);
            }
            out.stock = Tiles(unseen.0 & !used);
            (!(in_play && self.is_blocked(&out))).then_some(out)
        })
        // Unreachable for a state reached by play: its own hands are a fill, and the search is
        // complete.
        .unwrap_or_else(|| s.clone())
    }
}

/// No owner: a tile not (yet) placed in a slot.
const FREE: usize = usize::MAX;

/// The complete search behind [`Dominoes::determinize`]'s greedy fill: the hidden tiles
/// (`pool`, in its shuffled order) matched to the slots' places by augmenting paths, which
/// finds a matching whenever one exists. A fill that blocks the round is checked by the
/// caller; then each slot in turn is asked for a tile that fits in one of its places, since a
/// round in play is blocked only when no hidden hand holds a tile that fits. That is at most
/// one matching a slot, so the search is complete and its cost bounded by the state's size.
struct Fill<'a> {
    slots: &'a [Slot],
    pool: &'a [u8],
    not_dealt: Tiles,
    fits: u128,
}

/// The places a matching fills: unit `u` is a place of slot `slot[u]`, and unit `fitting`
/// (`FREE` for none) takes only a tile that fits.
struct Units {
    slot: [usize; MAX_TILES],
    len: usize,
    fitting: usize,
}

impl Fill<'_> {
    /// The first fill, in the order above, that `accept` turns into a state.
    fn search<T>(&self, mut accept: impl FnMut(&[(usize, Tile)]) -> Option<T>) -> Option<T> {
        let mut assigned = Vec::with_capacity(self.pool.len());
        if !self.matching(None, &mut assigned) {
            return None;
        }
        if let Some(out) = accept(&assigned) {
            return Some(out);
        }
        for k in 0..self.slots.len() {
            if self.matching(Some(k), &mut assigned)
                && let Some(out) = accept(&assigned)
            {
                return Some(out);
            }
        }
        None
    }

    /// A matching of every slot's places to tiles of the pool, with one place of slot
    /// `fitting` (if any) holding a tile that fits, written into `assigned` as (slot, tile)
    /// pairs; `false` when none exists.
    fn matching(&self, fitting: Option<usize>, assigned: &mut Vec<(usize, Tile)>) -> bool {
        assigned.clear();
        let mut units = Units {
            slot: [0; MAX_TILES],
            len: 0,
            fitting: FREE,
        };
        for (k, sl) in self.slots.iter().enumerate() {
            if fitting == Some(k) && sl.count > 0 {
                units.fitting = units.len;
            }
            for _ in 0..sl.count {
                let Some(slot) = units.slot.get_mut(units.len) else {
                    return false;
                };
                *slot = k;
                units.len += 1;
            }
        }
        if fitting.is_some() && units.fitting == FREE {
            return false;
        }
        // owner[id]: the unit holding tile `id`.
        let mut owner = [FREE; MAX_TILES];
        for u in 0..units.len {
            let mut visited = 0u128;
            if !self.augment(u, &units, &mut owner, &mut visited) {
                return false;
            }
        }
        for &id in self.pool {
            if let Some(&u) = owner.get(usize::from(id))
                && u != FREE
            {
                assigned.push((units.slot[u], Tile::from_id(id)));
            }
        }
        true
    }

    /// Kuhn's augmenting path from unit `u`: each level takes a tile not visited yet, so the
    /// recursion is at most as deep as the pool is long ([`MAX_TILES`]).
    fn augment(
        &self,
        u: usize,
        units: &Units,
        owner: &mut [usize; MAX_TILES],
        visited: &mut u128,
    ) -> bool {
        let sl = &self.slots[units.slot[u]];
        let only_fitting = u == units.fitting;
        for &id in self.pool {
            let t = Tile::from_id(id);
            if *visited & t.bit() != 0
                || !sl.admits(t, self.not_dealt, self.fits)
                || (only_fitting && self.fits & t.bit() == 0)
            {
                continue;
            }
            *visited |= t.bit();
            let i = usize::from(id);
            let prev = owner[i];
            if prev == FREE || self.augment(prev, units, owner, visited) {
                owner[i] = u;
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(seat: u8, lacks: u16) -> Slot {
        Slot {
            seat: Seat::new(seat),
            count: 1,
            lacks,
            dealt: false,
            drawn: false,
            must_fit: false,
        }
    }

    /// E1, E11: the first matching leaves the one tile that fits in the stock; the search asks
    /// each slot for a fitting tile and finds the fill with it in a hand.
    /// The double six, blank and one; the pool holds them in the order blank, one, six.
    fn doubles() -> (Tile, Tile, Tile, [u8; 3]) {
        let tile = |a, b| Tile::new(a, b).unwrap();
        let (six, blank, one) = (tile(6, 6), tile(0, 0), tile(1, 1));
        (six, blank, one, [blank.id(), one.id(), six.id()])
    }

    /// The search over `slots` and `pool` where only `fitting` fits.
    fn fill<'a>(slots: &'a [Slot], pool: &'a [u8], fitting: Tile) -> Fill<'a> {
        Fill {
            slots,
            pool,
            not_dealt: Tiles::EMPTY,
            fits: fitting.bit(),
        }
    }

    #[test]
    fn the_search_puts_a_fitting_tile_in_a_hand_when_the_first_matching_does_not() {
        let (six, blank, one, pool) = doubles();
        // Seat 1 lacks the six, seat 2 the blank; only the double six fits.
        let slots = [slot(1, 1 << 6), slot(2, 1)];
        let fill = fill(&slots, &pool, six);
        let mut first = Vec::new();
        assert!(fill.matching(None, &mut first));
        assert_eq!(first, [(0, blank), (1, one)]);
        let found = fill.search(|a| a.iter().any(|&(_, t)| t == six).then(|| a.to_vec()));
        assert_eq!(found, Some(vec![(0, blank), (1, six)]));
        // A slot that admits no fitting tile has no such matching.
        assert!(!fill.matching(Some(0), &mut first));
    }

    /// A fill that no slot can make acceptable is refused, after one matching a slot.
    #[test]
    fn the_search_answers_none_when_no_slot_can_take_a_fitting_tile() {
        let (six, _, _, pool) = doubles();
        let slots = [slot(1, 1 << 6), slot(2, 1 << 6)];
        let fill = fill(&slots, &pool, six);
        let mut asked = 0;
        let found = fill.search(|a| {
            asked += 1;
            a.iter().any(|&(_, t)| t == six).then_some(())
        });
        assert_eq!(found, None);
        assert_eq!(asked, 1, "only the first matching exists");
    }
}
