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
    /// constrained endings) the true state is returned, which is always consistent.
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
        'attempt: for _ in 0..ATTEMPTS {
            rng.shuffle(&mut pool[..np]);
            let mut out = s.clone();
            for (other, _) in s.hands.iter() {
                if other != seat {
                    out.hands[other] = Tiles::EMPTY;
                }
            }
            if let Some((o, t)) = fixed {
                out.hands[o].insert(t);
            }
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
                        out.hands[sl.seat].insert(t);
                        if sl.drawn
                            && let Phase::Drawn(d, _) = out.phase
                        {
                            out.phase = Phase::Drawn(d, t);
                        }
                        need -= 1;
                    }
                }
                if need > 0 {
                    continue 'attempt;
                }
            }
            out.stock = Tiles(unseen.0 & !used);
            // Play goes on in the true state, which everyone sees: somebody holds a tile
            // that fits, or one can still be drawn (E1). A fill that blocks the round (every
            // fitting tile in the block game's dead stock; under E3's option a drawn tile
            // that does not fit and no other play) is not a state the seat cannot tell from
            // the true one.
            if matches!(
                s.phase,
                Phase::Turn(_) | Phase::Drawing(_) | Phase::Drawn(..)
            ) && self.is_blocked(&out)
            {
                continue 'attempt;
            }
            return out;
        }
        s.clone()
    }
}
