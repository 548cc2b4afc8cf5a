//! The layout: the tiles on the table, their open ends, and the spinners.

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use crate::rules::SpinnerRule;
use crate::tile::{
    DOUBLES, End, MAX_NUMBER, MAX_TILES, NUMBER_TILES, ParseTileError, Side, Tile, Tiles,
    parse_halves,
};

/// The arms a layout can have: the two ends of the line (slots 0 and 1) and the two sides
/// of every double that can be a spinner (slots `2 + 2n` and `3 + 2n`, up and down, for the
/// double `n-n`).
///
/// Bound on the open ends (FU7 in `docs/dominoes.md`): every open end is the outer end of
/// one arm, so there are at most as many open ends as arms. The line has two; each spinner
/// adds two; a spinner is a double, and the largest set (double-twelve) has 13 doubles, each
/// on the table at most once. So at most 2 + 2 * 13 = 28 ends are ever open (16 with a
/// double-six set), which fits the `u32` end masks, and every per-arm table below is a
/// fixed array of 28 entries: move generation never allocates.
pub(crate) const SLOTS: usize = 2 + 2 * (MAX_NUMBER as usize + 1);

/// "No tile" in the per-arm and per-tile tables.
const NONE: u8 = u8::MAX;

/// The slot of side `side` of the double `n-n`.
pub(crate) const fn side_slot(n: u8, side: Side) -> usize {
    2 + 2 * n as usize
        + match side {
            Side::Up => 0,
            Side::Down => 1,
        }
}

/// The number showing at each arm while it is empty: a spinner side shows the spinner's
/// number; the line ends are set when the first tile is laid.
const EMPTY_OPEN: [u8; SLOTS] = {
    let mut out = [0u8; SLOTS];
    let mut n = 0;
    while n <= MAX_NUMBER as usize {
        out[2 + 2 * n] = n as u8;
        out[3 + 2 * n] = n as u8;
        n += 1;
    }
    out
};

/// The tiles on the table.
///
/// The first tile sits in the middle; the line grows at its `left` and `right` ends (D7,
/// D8). With a [`SpinnerRule`] some doubles are spinners: once tiles lie on both of a
/// spinner's in-line sides, its two long sides open as new ends. The first spinner's sides
/// are `up` and `down` (All Fives has only that one); in Five-Up every double is a spinner
/// and the sides of the later ones are named by the double, like `2-2:up` (decisions
/// FU1-FU4 in `docs/dominoes.md`). The direction an arm bends in on a real table has no
/// effect on the rules, so a layout is just the tiles of each arm in order.
///
/// Written as the line from left to right with each tile's halves in the order they lie,
/// the first tile in brackets, a `*` after the first spinner and a `+` after every later
/// spinner, then one ` / <end> <tiles>` part per side arm that holds tiles, written outward
/// from its spinner (`/ up ...`, `/ down ...`, `/ 2-2:up ...`), each part after the part
/// holding its spinner; `empty` for no tiles. Neighbouring halves must match, no tile may
/// appear twice, and the marks must fit a spinner rule: one `*` on a double with no double
/// between it and the first tile, and, if any `+`, every double marked.
///
/// **The set.** A layout is the same value in every set that holds its tiles, so it does not
/// carry a set and `Display` does not write one: `FromStr` reads tiles up to double-twelve,
/// the largest set, and `parse(display(l)) == l`. A text can name its set with a leading
/// `double-N` word (`double-9 [9-9] 9-4`); every tile must then be in that set.
/// [`Layout::in_set`] writes that form and [`Layout::parse_in_set`] reads a text for a given
/// set. The game checks the set where a layout enters it (a [`crate::Setup`], a
/// deserialized [`crate::State`]).
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{End, Layout};
/// let layout: Layout = "3-5 5-6 [6-6] 6-2 2-2".parse()?;
/// assert_eq!(layout.end_value(End::Left), Some(3));
/// assert_eq!(layout.end_value(End::Right), Some(2));
/// assert_eq!(layout.len(), 5);
/// assert_eq!(layout.to_string(), "3-5 5-6 [6-6] 6-2 2-2");
/// assert!("3-5 6-6".parse::<Layout>().is_err()); // 5 does not touch 6
///
/// // Five-Up: every double a spinner; 2-2 lies in the up arm of the first spinner 5-5.
/// let five_up: Layout = "0-5 [5-5]* 5-1 / up 5-2 2-2+ 2-4 / 2-2:up 2-3".parse()?;
/// assert_eq!(five_up.end_value("2-2:down".parse()?), Some(2));
/// assert_eq!(five_up.ends_total(), 0 + 1 + 4 + 3); // empty sides count nothing
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    /// The first tile and the number on its left half.
    root: Option<(Tile, u8)>,
    /// Tiles in each arm.
    len: [u8; SLOTS],
    /// The number showing at each arm's outer end (see [`EMPTY_OPEN`] for empty arms).
    open: [u8; SLOTS],
    /// The id of each arm's first tile, outward from where it starts, or [`NONE`].
    head: [u8; SLOTS],
    /// The id of each arm's outermost tile, or [`NONE`].
    last: [u8; SLOTS],
    /// By tile id: the next tile outward in the same arm, or [`NONE`].
    next: [u8; MAX_TILES],
    /// Bit `n`: the double `n-n` is a spinner.
    spinners: u16,
    /// The first spinner's number: its sides are `up` and `down`.
    first: Option<u8>,
    tiles: Tiles,
    /// Derived from the fields above by [`Layout::refresh`] after every change, so that the
    /// hot queries (open ends, what fits) are look-ups.
    cache: Cache,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Cache {
    /// Open arms, by slot.
    open: u32,
    /// Open arms whose outer tile is a double (laid crosswise: it counts both halves).
    doubles: u32,
    numbers: u16,
    fits: u128,
    /// By number: the open arms showing it, with a spinner on the table (the line's two
    /// ends are read directly, and this stays empty).
    showing: [u32; 16],
    /// Open ends without a mirror twin giving the same position (E4, FU5), for block
    /// scoring and for fives.
    canonical: [u32; 2],
}

impl Cache {
    const EMPTY: Cache = Cache {
        open: 0,
        doubles: 0,
        numbers: 0,
        fits: 0,
        showing: [0; 16],
        canonical: [0; 2],
    };
}

impl Default for Layout {
    fn default() -> Layout {
        Layout::EMPTY
    }
}

/// Why a tile cannot be added to a layout.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{End, Layout, PlaceError, SpinnerRule};
/// let mut layout: Layout = "[6-6]".parse()?;
/// let e = layout.place("5-4".parse()?, End::Left, SpinnerRule::None).unwrap_err();
/// assert!(matches!(e, PlaceError::Mismatch { shows: 6, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlaceError {
    /// The layout already holds the tile.
    #[error("{0} is already in the layout")]
    AlreadyPlaced(Tile),
    /// No first tile yet, or a first tile placed twice.
    #[error("the layout is empty: the first tile opens it")]
    Empty,
    /// The layout already has its first tile.
    #[error("the layout already has its first tile")]
    AlreadyOpened,
    /// The end is not open (a spinner's sides are closed until both its in-line sides are
    /// covered; there are no sides without a spinner rule).
    #[error("the {0} end is not open")]
    EndNotOpen(End),
    /// A side of the first spinner named by its double: its sides are `up` and `down`.
    #[error("{0} is the first spinner: its sides are up and down")]
    FirstSpinnerSide(Tile),
    /// The tile's halves do not show the end's number.
    #[error("{tile} does not match the {end} end, which shows {shows}")]
    Mismatch {
        /// The tile.
        tile: Tile,
        /// The end.
        end: End,
        /// The number the end shows.
        shows: u8,
    },
    /// A double laid under a spinner rule that the spinners already down do not follow
    /// ([`Layout::place`] takes the rule on every call; a layout's marks must fit one rule,
    /// as its text does).
    #[error("{tile} under {rule:?}: the layout's spinners follow another spinner rule")]
    OtherSpinnerRule {
        /// The double.
        tile: Tile,
        /// The rule it was laid under.
        rule: SpinnerRule,
    },
}

impl Layout {
    /// No tiles.
    pub const EMPTY: Layout = Layout {
        root: None,
        len: [0; SLOTS],
        open: EMPTY_OPEN,
        head: [NONE; SLOTS],
        last: [NONE; SLOTS],
        next: [NONE; MAX_TILES],
        spinners: 0,
        first: None,
        tiles: Tiles::EMPTY,
        cache: Cache::EMPTY,
    };

    fn refresh(&mut self) {
        let Some((root, _)) = self.root else {
            self.cache = Cache::EMPTY;
            return;
        };
        // The line without a spinner (the booklet's game): two ends, computed directly.
        if self.spinners == 0 {
            let (lv, rv) = (self.open[0], self.open[1]);
            let ld = self.end_tile(0).unwrap_or(root).is_double();
            let rd = self.end_tile(1).unwrap_or(root).is_double();
            let same = lv == rv;
            let c = &mut self.cache;
            // `showing` stays empty: `Layout::showing` reads the two ends.
            c.showing = [0; 16];
            c.open = 0b11;
            c.doubles = u32::from(ld) | (u32::from(rd) << 1);
            c.numbers = (1 << lv) | (1 << rv);
            c.fits = NUMBER_TILES[usize::from(lv) & 15] | NUMBER_TILES[usize::from(rv) & 15];
            c.canonical = [
                if same { 0b01 } else { 0b11 },
                if same && ld == rd { 0b01 } else { 0b11 },
            ];
            return;
        }
        let mut c = Cache::EMPTY;
        c.open = 0b11;
        let mut sp = self.spinners;
        while sp != 0 {
            let n = sp.trailing_zeros() as u8;
            sp &= sp - 1;
            if self.spinner_open(n) {
                c.open |= 0b11 << side_slot(n, Side::Up);
            }
        }
        let mut m = c.open;
        while m != 0 {
            let slot = m.trailing_zeros() as usize;
            m &= m - 1;
            let v = self.open[slot];
            c.numbers |= 1 << v;
            c.fits |= NUMBER_TILES[usize::from(v) & 15];
            c.showing[usize::from(v) & 15] |= 1 << slot;
            if self.end_tile(slot).is_some_and(Tile::is_double) {
                c.doubles |= 1 << slot;
            }
        }
        self.cache = c;
        let mut canonical = [c.open; 2];
        // The odd slots are the twins that can be dropped: right, and every down side.
        let mut twins = c.open & (c.open << 1) & 0xAAAA_AAAA;
        while twins != 0 {
            let slot = twins.trailing_zeros() as usize;
            twins &= twins - 1;
            let [block, fives] = self.same_as_twin(slot);
            canonical[0] &= !(u32::from(block) << slot);
            canonical[1] &= !(u32::from(fives) << slot);
        }
        self.cache.canonical = canonical;
    }

    /// Whether placing a tile on the open arm `slot` gives the same position as placing it
    /// on its mirror twin (right and left; a spinner's down and up), E4 and FU5: the same
    /// number showing, the same outcome of covering the end (a spinner opening or not), and
    /// with fives the same count (a double lying at the end; an empty side counts nothing).
    /// Both twins are open. Returns the answer without and with fives.
    fn same_as_twin(&self, slot: usize) -> [bool; 2] {
        let twin = slot - 1;
        let block = self.open[slot] == self.open[twin]
            && self.opens_on_cover(slot) == self.opens_on_cover(twin);
        let doubles = self.cache.doubles >> twin;
        let fives = block
            && (doubles & 1) == ((doubles >> 1) & 1)
            && (slot < 2 || (self.len[slot] == 0) == (self.len[twin] == 0));
        [block, fives]
    }

    /// Whether covering the outer end of arm `slot` opens a spinner's sides: the arm ends
    /// in a spinner (its outer in-line side is this end), or the arm is an empty end of the
    /// line whose first tile is a spinner already covered on the other side.
    fn opens_on_cover(&self, slot: usize) -> bool {
        match (self.end_tile(slot), self.root) {
            (_, None) | (None, _) => false,
            (Some(t), Some((root, _))) => {
                self.is_spinner(t) && (self.len[slot] > 0 || (t == root && self.len[1 - slot] > 0))
            }
        }
    }

    /// The open ends move generation offers (E4, FU5), as a mask of arm slots: each open
    /// end unless its mirror twin gives the same position.
    pub(crate) fn canonical_ends(&self, fives: bool) -> u32 {
        self.cache.canonical[usize::from(fives)]
    }

    /// The twin end that gives the same position as `end` (E4, FU5), which move
    /// generation lists instead.
    pub(crate) fn duplicate_of(&self, end: End, fives: bool) -> Option<End> {
        let slot = self.slot(end)?;
        let dropped = self.cache.open & !self.canonical_ends(fives);
        (dropped & (1 << slot) != 0).then(|| self.slot_end(slot - 1))
    }

    /// The arm slot an end names in this layout (`None` for `up`/`down` without a first
    /// spinner, for the first spinner named by its double, and for a non-double).
    #[inline]
    pub(crate) fn slot(&self, end: End) -> Option<usize> {
        // The line's ends without a jump on which one (a random choice in play); the
        // spinners' sides out of line, or the compiler merges the two into a jump table
        // on the end, whose target mispredicts.
        if matches!(end, End::Left | End::Right) {
            return Some(usize::from(matches!(end, End::Right)));
        }
        self.side_arm(end)
    }

    /// [`Layout::slot`] for the spinners' sides.
    #[inline(never)]
    fn side_arm(&self, end: End) -> Option<usize> {
        match end {
            End::Left => Some(0),
            End::Right => Some(1),
            End::Up => Some(side_slot(self.first?, Side::Up)),
            End::Down => Some(side_slot(self.first?, Side::Down)),
            End::Side(d, side) => {
                (d.is_double() && Some(d.high()) != self.first).then(|| side_slot(d.high(), side))
            }
        }
    }

    /// The end naming arm `slot` (the inverse of [`Layout::slot`]).
    #[inline]
    pub(crate) fn slot_end(&self, slot: usize) -> End {
        match slot {
            0 => End::Left,
            1 => End::Right,
            _ => {
                let n = ((slot - 2) / 2) as u8;
                let side = if slot.is_multiple_of(2) {
                    Side::Up
                } else {
                    Side::Down
                };
                match (Some(n) == self.first, side) {
                    (true, Side::Up) => End::Up,
                    (true, Side::Down) => End::Down,
                    (false, _) => End::Side(Tile::new(n, n).unwrap_or(Tile::from_id(0)), side),
                }
            }
        }
    }

    /// The number showing at arm `slot`'s outer end (meaningful for an open end).
    #[inline]
    pub(crate) fn slot_value(&self, slot: usize) -> u8 {
        self.open.get(slot).copied().unwrap_or(0)
    }

    /// The open arms showing `n`, as a mask of slots.
    #[inline]
    pub(crate) fn showing(&self, n: u8) -> u32 {
        if self.spinners == 0 {
            let ends = u32::from(self.open[0] == n) | u32::from(self.open[1] == n) << 1;
            return ends & self.cache.open;
        }
        self.cache.showing[usize::from(n) & 15]
    }

    /// Adds `tile` on arm `slot`, already checked to fit there (the game's move was
    /// validated), and marks spinners by `rule`.
    #[inline(always)]
    pub(crate) fn place_at(&mut self, tile: Tile, slot: usize, rule: SpinnerRule) {
        let shows = self.slot_value(slot);
        // The tile shows `shows` on one half: the outer half is the other one.
        let outer = tile.high() ^ tile.low() ^ shows;
        self.push(tile, slot, outer);
        // The rule first: it is the same all game, while a double comes at random.
        if rule != SpinnerRule::None && tile.is_double() {
            self.mark_spinner(tile, rule);
        }
        if self.spinners == 0 && slot < 2 {
            self.refresh_line_end(slot, tile.is_double());
        } else {
            self.refresh();
        }
    }

    /// The cache of a line without spinners after a tile was laid at the end `slot` (0 or
    /// 1), a double (`double`) or not.
    #[inline(always)]
    fn refresh_line_end(&mut self, slot: usize, double: bool) {
        let (lv, rv) = (self.open[0], self.open[1]);
        let c = &mut self.cache;
        let bit = 1u32 << slot;
        c.doubles = (c.doubles & !bit) | (u32::from(double) << slot);
        c.numbers = (1 << lv) | (1 << rv);
        c.fits = NUMBER_TILES[usize::from(lv) & 15] | NUMBER_TILES[usize::from(rv) & 15];
        let same = u32::from(lv == rv);
        let same_doubles = same & u32::from(c.doubles == 0b11 || c.doubles == 0);
        // Equal ends drop the right end (E4); with fives, only if both or neither is a
        // double (a double counts twice).
        c.canonical = [0b11 ^ (same << 1), 0b11 ^ (same_doubles << 1)];
    }

    /// How many tiles lie on the table.
    #[must_use]
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether no tile lies on the table.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.root.is_none()
    }

    /// The tiles on the table.
    #[must_use]
    pub fn tiles(&self) -> Tiles {
        self.tiles
    }

    /// The first tile.
    #[must_use]
    pub fn first(&self) -> Option<Tile> {
        self.root.map(|(t, _)| t)
    }

    /// The number on the first tile's left half.
    pub(crate) fn root_left(&self) -> Option<u8> {
        self.root.map(|(_, l)| l)
    }

    /// The first spinner (the first double played under a spinner rule), whose sides are
    /// `up` and `down`.
    #[must_use]
    pub fn spinner(&self) -> Option<Tile> {
        self.first.and_then(|n| Tile::new(n, n))
    }

    /// Every spinner on the table: the first one, and in Five-Up every later double.
    #[must_use]
    pub fn spinners(&self) -> Tiles {
        (0..=MAX_NUMBER)
            .filter(|&n| self.spinners & (1 << n) != 0)
            .filter_map(|n| Tile::new(n, n))
            .collect()
    }

    pub(crate) fn is_spinner(&self, t: Tile) -> bool {
        t.is_double() && self.spinners & (1 << t.high()) != 0
    }

    /// The tiles of one arm, outward from the first tile (from its spinner for a side);
    /// nothing for an end this layout does not have.
    pub fn arm(&self, end: End) -> impl Iterator<Item = Tile> + '_ {
        let start = self.slot(end).map_or(NONE, |slot| self.head[slot]);
        core::iter::successors((start != NONE).then_some(start), |&id| {
            let n = self.next[usize::from(id)];
            (n != NONE).then_some(n)
        })
        .map(Tile::from_id)
    }

    /// The open ends, in the order move generation tries them: `left`, `right`, then the
    /// sides of each open spinner by its number (`up` and `down` for the first spinner).
    ///
    /// # Examples
    ///
    /// ```
    /// let l: lattjo_dominoes::Layout = "0-5 [5-5]* 5-1 / up 5-2 2-2+ 2-4".parse()?;
    /// let ends: Vec<String> = l.open_ends().map(|e| e.to_string()).collect();
    /// assert_eq!(ends, ["left", "right", "2-2:up", "2-2:down", "up", "down"]);
    /// # Ok::<(), lattjo_dominoes::ParseLayoutError>(())
    /// ```
    pub fn open_ends(&self) -> impl Iterator<Item = End> + '_ {
        let mut m = self.cache.open;
        core::iter::from_fn(move || {
            (m != 0).then(|| {
                let slot = m.trailing_zeros() as usize;
                m &= m - 1;
                self.slot_end(slot)
            })
        })
    }

    /// Whether the sides of the spinner `n-n` are open: tiles on both of its in-line sides.
    fn spinner_open(&self, n: u8) -> bool {
        let Some(d) = Tile::new(n, n) else {
            return false;
        };
        if self.first() == Some(d) {
            self.len[0] > 0 && self.len[1] > 0
        } else {
            self.tiles.contains(d) && self.next[usize::from(d.id())] != NONE
        }
    }

    /// Whether `end` is open for a tile.
    #[must_use]
    pub fn is_open(&self, end: End) -> bool {
        self.slot(end)
            .is_some_and(|slot| self.cache.open & (1 << slot) != 0)
    }

    /// The number showing at `end`, or `None` when the end is not open.
    #[must_use]
    #[inline]
    pub fn end_value(&self, end: End) -> Option<u8> {
        let slot = self.slot(end)?;
        (self.cache.open & (1 << slot) != 0).then_some(self.open[slot])
    }

    /// The tile lying at arm `slot`'s outer end (the first tile for an empty end of the
    /// line; nothing for an empty spinner side).
    fn end_tile(&self, slot: usize) -> Option<Tile> {
        match (self.last[slot], slot) {
            (NONE, 0 | 1) => self.first(),
            (NONE, _) => None,
            (id, _) => Some(Tile::from_id(id)),
        }
    }

    /// The open ends as a mask of arm slots, and the first spinner's number (whose sides'
    /// slots [`Layout::slot_end`] names `up` and `down`): the open ends without naming them.
    #[inline]
    pub(crate) fn open_slots(&self) -> (u32, Option<u8>) {
        (self.cache.open, self.first)
    }

    /// The numbers showing at open ends, as a bit mask.
    pub(crate) fn end_numbers(&self) -> u16 {
        self.cache.numbers
    }

    /// The tiles (of any set) that fit some open end.
    pub(crate) fn playable_mask(&self) -> u128 {
        self.cache.fits
    }

    /// When only the two ends of the line are open: the tiles among the first 32 (the
    /// double-six set) that move generation places on the left end and those it places on
    /// the right end (E4 drops the right end when it gives the same positions as the left).
    /// `None` when a spinner's sides are open, or no tile is down.
    #[inline]
    pub(crate) fn line_targets(&self, fives: bool) -> Option<(u32, u32)> {
        if self.cache.open != 0b11 {
            return None;
        }
        let ends = self.canonical_ends(fives);
        let left = 0u32.wrapping_sub(ends & 1);
        let right = 0u32.wrapping_sub((ends >> 1) & 1);
        let lv = usize::from(self.open[0]) & 15;
        let rv = usize::from(self.open[1]) & 15;
        Some((
            NUMBER_TILES[lv] as u32 & left,
            NUMBER_TILES[rv] as u32 & right,
        ))
    }

    /// The sum counted by fives scoring (section 5, FU3): each open end's number, a double
    /// lying at an end (one in-line side still free) counting both halves; an empty spinner
    /// side counts nothing, and a spinner with both in-line sides covered no longer counts;
    /// a lone first tile counts its pips once.
    #[must_use]
    pub fn ends_total(&self) -> u32 {
        let Some((root, _)) = self.root else {
            return 0;
        };
        if self.len[0] == 0 && self.len[1] == 0 {
            return root.pips();
        }
        let mut sum = 0;
        let mut m = self.cache.open;
        while m != 0 {
            let slot = m.trailing_zeros() as usize;
            m &= m - 1;
            if slot >= 2 && self.len[slot] == 0 {
                continue;
            }
            let v = u32::from(self.open[slot]);
            sum += if self.cache.doubles & (1 << slot) != 0 {
                2 * v
            } else {
                v
            };
        }
        sum
    }

    /// Whether laying the double `tile` under `rule` keeps the layout's marks those of one
    /// spinner rule, as its text requires (`check_marks`): the first spinner is the first
    /// double laid, and once a later spinner is down every double is one. An audit found
    /// [`Layout::place`] called with one rule and then another (`[6-6] 6-5` laid without
    /// spinners, then `5-5` as the first spinner) building layouts whose text the parser
    /// refuses. The game lays every tile under its own rule, which never fails this.
    fn check_spinner_rule(&self, tile: Tile, rule: SpinnerRule) -> Result<(), PlaceError> {
        if !tile.is_double() {
            return Ok(());
        }
        let doubles = self.tiles.0 & DOUBLES;
        let later = self.spinners & !self.first.map_or(0, |f| 1 << f) != 0;
        let ok = match (rule, self.first) {
            // Becomes the first spinner: no double may lie down already.
            (SpinnerRule::FirstDouble | SpinnerRule::EveryDouble, None) => doubles == 0,
            // A later spinner: every double down is a spinner.
            (SpinnerRule::EveryDouble, Some(_)) => doubles & !self.spinners().0 == 0,
            // No spinner: fine unless every double must be one.
            (SpinnerRule::None | SpinnerRule::FirstDouble, _) => !later,
        };
        if ok {
            Ok(())
        } else {
            Err(PlaceError::OtherSpinnerRule { tile, rule })
        }
    }

    /// Makes `tile` a spinner if the rule says so (FU1).
    fn mark_spinner(&mut self, tile: Tile, rule: SpinnerRule) {
        if !tile.is_double() {
            return;
        }
        let n = tile.high();
        let spins = match rule {
            SpinnerRule::None => false,
            SpinnerRule::FirstDouble => self.first.is_none(),
            SpinnerRule::EveryDouble => true,
        };
        if spins {
            self.first.get_or_insert(n);
            self.spinners |= 1 << n;
        }
    }

    /// Lays the first tile, its higher half to the left. A double becomes a spinner when
    /// the rule says so.
    ///
    /// # Errors
    ///
    /// [`PlaceError::AlreadyOpened`] when the layout has tiles.
    pub fn open(&mut self, tile: Tile, rule: SpinnerRule) -> Result<(), PlaceError> {
        if self.root.is_some() {
            return Err(PlaceError::AlreadyOpened);
        }
        self.root = Some((tile, tile.high()));
        self.open[0] = tile.high();
        self.open[1] = tile.low();
        self.tiles.insert(tile);
        self.mark_spinner(tile, rule);
        self.refresh();
        Ok(())
    }

    /// Checks that `tile` can go on `end`, returning the number it will show outward.
    ///
    /// # Errors
    ///
    /// [`PlaceError`] when the layout is empty, the end is not open, the tile is already on
    /// the table or its halves do not match the end.
    #[inline]
    pub fn check(&self, tile: Tile, end: End) -> Result<u8, PlaceError> {
        if self.root.is_none() {
            return Err(PlaceError::Empty);
        }
        if self.tiles.contains(tile) {
            return Err(PlaceError::AlreadyPlaced(tile));
        }
        if let End::Side(d, _) = end
            && self.spinner() == Some(d)
        {
            return Err(PlaceError::FirstSpinnerSide(d));
        }
        let shows = self.end_value(end).ok_or(PlaceError::EndNotOpen(end))?;
        tile.other(shows)
            .ok_or(PlaceError::Mismatch { tile, end, shows })
    }

    /// Adds `tile` at `end`, halves matching (D7). A double becomes a spinner when the rule
    /// says so: the first double played with [`SpinnerRule::FirstDouble`], every double
    /// with [`SpinnerRule::EveryDouble`].
    ///
    /// # Errors
    ///
    /// As [`Layout::check`]; the layout is then unchanged.
    pub fn place(&mut self, tile: Tile, end: End, rule: SpinnerRule) -> Result<(), PlaceError> {
        let outer = self.check(tile, end)?;
        self.check_spinner_rule(tile, rule)?;
        let Some(slot) = self.slot(end) else {
            return Err(PlaceError::EndNotOpen(end));
        };
        self.push(tile, slot, outer);
        self.mark_spinner(tile, rule);
        self.refresh();
        Ok(())
    }

    #[inline(always)]
    fn push(&mut self, tile: Tile, slot: usize, outer: u8) {
        let id = tile.id();
        match self.last[slot] {
            NONE => self.head[slot] = id,
            prev => self.next[usize::from(prev)] = id,
        }
        self.last[slot] = id;
        self.len[slot] += 1;
        self.open[slot] = outer;
        self.tiles.insert(tile);
    }

    /// Whether no tile of `set` outside the layout can ever be played: every number showing
    /// at an open end has all its tiles on the table (E1 b).
    ///
    /// # Examples
    ///
    /// ```
    /// let set = lattjo_dominoes::Tiles::full_set(6).unwrap();
    /// let l: lattjo_dominoes::Layout = "6-1 1-0 0-6 [6-6] 6-2 2-3 3-6 6-4 4-5 5-6".parse()?;
    /// assert!(l.is_closed(set));
    /// # Ok::<(), lattjo_dominoes::ParseLayoutError>(())
    /// ```
    #[must_use]
    pub fn is_closed(&self, set: Tiles) -> bool {
        self.root.is_some() && self.playable_mask() & set.0 & !self.tiles.0 == 0
    }

    /// The highest number shown on any tile of the layout.
    #[must_use]
    pub fn highest_number(&self) -> Option<u8> {
        self.tiles.iter().map(Tile::high).max()
    }

    /// The mark written after a tile: `*` for the first spinner, `+` for a later one.
    fn mark(&self, t: Tile) -> &'static str {
        if !self.is_spinner(t) {
            ""
        } else if self.spinner() == Some(t) {
            "*"
        } else {
            "+"
        }
    }

    /// The tiles of arm `slot` as they lie, outward: (inner half, outer half, tile).
    pub(crate) fn oriented(&self, slot: usize) -> impl Iterator<Item = (u8, u8, Tile)> + '_ {
        let start = match (slot, self.root) {
            (0, Some((_, l))) => l,
            (1, Some((r, l))) => r.other(l).unwrap_or(l),
            _ => EMPTY_OPEN[slot],
        };
        let mut prev = start;
        self.arm(self.slot_end(slot)).map(move |t| {
            let out = t.other(prev).unwrap_or(t.low());
            let inner = prev;
            prev = out;
            (inner, out, t)
        })
    }

    /// The spinners in the order the text lists their sides: breadth first from the line,
    /// left to right, then the spinners found in the sides listed.
    pub(crate) fn spinners_in_text_order(&self) -> ([u8; 13], usize) {
        let mut order = [0u8; 13];
        let mut n = 0;
        let add = |order: &mut [u8; 13], n: &mut usize, t: Tile| {
            if self.is_spinner(t) && *n < order.len() {
                order[*n] = t.high();
                *n += 1;
            }
        };
        let mut lefts = [Tile::from_id(0); MAX_TILES];
        let mut k = 0;
        for t in self.arm(End::Left) {
            lefts[k] = t;
            k += 1;
        }
        for &t in lefts[..k].iter().rev() {
            add(&mut order, &mut n, t);
        }
        if let Some(root) = self.first() {
            add(&mut order, &mut n, root);
        }
        for t in self.arm(End::Right) {
            add(&mut order, &mut n, t);
        }
        let mut i = 0;
        while i < n {
            let s = order[i];
            for side in Side::BOTH {
                for t in self.arm(self.slot_end(side_slot(s, side))) {
                    add(&mut order, &mut n, t);
                }
            }
            i += 1;
        }
        (order, n)
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({self})")
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((root, left)) = self.root else {
            return f.write_str("empty");
        };
        let right = root.other(left).unwrap_or(left);
        // The left arm, from its outer end inward.
        let mut lefts = [(0u8, 0u8, Tile::from_id(0)); MAX_TILES];
        let mut k = 0;
        for x in self.oriented(0) {
            lefts[k] = x;
            k += 1;
        }
        for &(inner, out, t) in lefts[..k].iter().rev() {
            write!(f, "{out}-{inner}{} ", self.mark(t))?;
        }
        write!(f, "[{left}-{right}]{}", self.mark(root))?;
        for (inner, out, t) in self.oriented(1) {
            write!(f, " {inner}-{out}{}", self.mark(t))?;
        }
        let (order, n) = self.spinners_in_text_order();
        for &s in &order[..n] {
            for side in Side::BOTH {
                let slot = side_slot(s, side);
                if self.len[slot] == 0 {
                    continue;
                }
                write!(f, " / {}", self.slot_end(slot))?;
                for (inner, out, t) in self.oriented(slot) {
                    write!(f, " {inner}-{out}{}", self.mark(t))?;
                }
            }
        }
        Ok(())
    }
}

/// A layout string that does not describe a possible layout.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Layout, ParseLayoutError};
/// let e = "[6-6] 5-1".parse::<Layout>();
/// assert_eq!(e, Err(ParseLayoutError::Mismatch { left: 6, right: 5 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseLayoutError {
    /// A malformed tile.
    #[error(transparent)]
    Tile(#[from] ParseTileError),
    /// A `double-N` word naming no supported set (N is 0 to 12).
    #[error("bad set {0:?}: expected double-0 to double-12")]
    Set(String),
    /// A `double-N` word after the first word: a text names its set once, first.
    #[error("{0:?}: a layout names its set once, as its first word")]
    SetNotFirst(String),
    /// The text names another set than the one it is read for.
    #[error("the layout is written for double-{named}, not double-{highest}")]
    OtherSet {
        /// The set the text names.
        named: u8,
        /// The set it is read for.
        highest: u8,
    },
    /// A tile above the set in play.
    #[error("{tile} is not in the double-{highest} set")]
    NotInSet {
        /// The tile.
        tile: Tile,
        /// The set's highest number.
        highest: u8,
    },
    /// The same tile twice.
    #[error("duplicate tile {0}")]
    Duplicate(Tile),
    /// Neighbouring halves that do not match.
    #[error("halves do not match: {left} next to {right}")]
    Mismatch {
        /// The number on the inner tile's touching half.
        left: u8,
        /// The number on the outer tile's touching half.
        right: u8,
    },
    /// No bracketed first tile, or more than one.
    #[error("the line needs exactly one first tile in brackets, like [6-6]")]
    Root,
    /// Spinner marks (`*`, `+`) that no spinner rule gives, or a side of a spinner whose
    /// sides are not open yet (one of its in-line sides still free).
    #[error("bad spinner mark: {0}")]
    Spinner(&'static str),
    /// A part after `/` that is not a spinner's side followed by tiles (a side of a double
    /// that is no spinner, a word that is no end), or a side given twice or before the part
    /// holding its spinner.
    #[error(
        "bad arm {0:?}: expected '/ up <tiles>', '/ down <tiles>' or '/ 2-2:up <tiles>' after its spinner"
    )]
    Arm(String),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    None,
    First,
    Later,
}

struct Token {
    a: u8,
    b: u8,
    root: bool,
    mark: Mark,
}

fn token(word: &str) -> Result<Token, ParseLayoutError> {
    let (word, mark) = if let Some(w) = word.strip_suffix('*') {
        (w, Mark::First)
    } else if let Some(w) = word.strip_suffix('+') {
        (w, Mark::Later)
    } else {
        (word, Mark::None)
    };
    let (word, root) = match word.strip_prefix('[').and_then(|w| w.strip_suffix(']')) {
        Some(w) => (w, true),
        None => (word, false),
    };
    let (a, b) = parse_halves(word)?;
    Ok(Token { a, b, root, mark })
}

impl Layout {
    /// Parses a layout for the double-`highest` set: every tile must belong to it, and a
    /// text that names its set (`double-N ...`) must name this one.
    ///
    /// # Errors
    ///
    /// [`ParseLayoutError`], including [`ParseLayoutError::NotInSet`] and
    /// [`ParseLayoutError::OtherSet`].
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_dominoes::{Layout, ParseLayoutError};
    /// assert!(Layout::parse_in_set("[6-6] 6-4", 6).is_ok());
    /// assert!(Layout::parse_in_set("double-6 [6-6] 6-4", 6).is_ok());
    /// assert!(matches!(Layout::parse_in_set("[9-9]", 6), Err(ParseLayoutError::NotInSet { .. })));
    /// assert!(matches!(Layout::parse_in_set("double-9 [6-6]", 6), Err(ParseLayoutError::OtherSet { .. })));
    /// // White space outside ASCII before the set word (a no-break space) hides it no more.
    /// assert!(matches!(
    ///     Layout::parse_in_set("\u{a0}double-9 [6-6]", 6),
    ///     Err(ParseLayoutError::OtherSet { .. })
    /// ));
    /// ```
    pub fn parse_in_set(s: &str, highest: u8) -> Result<Layout, ParseLayoutError> {
        // The set word as `FromStr` finds it: the first word, split at any white space as it
        // splits (so that white space outside ASCII before the word cannot hide it from this
        // check alone).
        let first = s.split_whitespace().next().unwrap_or("");
        if let Some(named) = set_word(first) {
            let named = named?;
            if named != highest {
                return Err(ParseLayoutError::OtherSet { named, highest });
            }
        }
        let layout: Layout = s.parse()?;
        if let Some(tile) = layout.tiles.iter().find(|t| t.high() > highest) {
            return Err(ParseLayoutError::NotInSet { tile, highest });
        }
        Ok(layout)
    }

    /// Adds a parsed tile going outward from `inner` to `outer` on arm `slot`, with its mark.
    fn parse_push(
        &mut self,
        slot: usize,
        inner: u8,
        outer: u8,
        mark: Mark,
    ) -> Result<(), ParseLayoutError> {
        let tile = Tile::new(inner, outer)
            .ok_or_else(|| ParseTileError::NumberTooLarge(format!("{inner}-{outer}")))?;
        if self.tiles.contains(tile) {
            return Err(ParseLayoutError::Duplicate(tile));
        }
        self.push(tile, slot, outer);
        self.parse_mark(tile, mark)
    }

    fn parse_mark(&mut self, tile: Tile, mark: Mark) -> Result<(), ParseLayoutError> {
        if mark == Mark::None {
            return Ok(());
        }
        if !tile.is_double() {
            return Err(ParseLayoutError::Spinner("a spinner must be a double"));
        }
        if mark == Mark::First {
            if self.first.is_some() {
                return Err(ParseLayoutError::Spinner("more than one first spinner"));
            }
            self.first = Some(tile.high());
        }
        self.spinners |= 1 << tile.high();
        Ok(())
    }

    /// The checks on the marks that need the whole layout (see the type's docs).
    fn check_marks(&self) -> Result<(), ParseLayoutError> {
        let Some(first) = self.spinner() else {
            return if self.spinners == 0 {
                Ok(())
            } else {
                Err(ParseLayoutError::Spinner(
                    "a later spinner (+) needs a first spinner (*)",
                ))
            };
        };
        // The first spinner is the first double played: nothing between it and the first
        // tile (the first tile included) can be a double.
        if self.first() != Some(first) {
            let before_double = self.first().is_some_and(Tile::is_double)
                || [End::Left, End::Right].into_iter().any(|e| {
                    self.arm(e).any(|t| t == first)
                        && self.arm(e).take_while(|&t| t != first).any(Tile::is_double)
                });
            if before_double {
                return Err(ParseLayoutError::Spinner(
                    "a double lies between the first tile and the first spinner",
                ));
            }
        }
        let later = self.spinners & !(1 << first.high()) != 0;
        if later
            && self
                .tiles
                .iter()
                .any(|t| t.is_double() && !self.is_spinner(t))
        {
            return Err(ParseLayoutError::Spinner(
                "with later spinners (+) every double is a spinner",
            ));
        }
        Ok(())
    }
}

/// A layout written with its set, `double-N` first: see [`Layout::in_set`].
///
/// # Examples
///
/// ```
/// let l: lattjo_dominoes::Layout = "[9-9] 9-4".parse()?;
/// assert_eq!(l.in_set(9).to_string(), "double-9 [9-9] 9-4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct InSet<'a> {
    layout: &'a Layout,
    highest: u8,
}

impl fmt::Display for InSet<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "double-{} {}", self.highest, self.layout)
    }
}

/// The set a `double-N` word names, or `None` when `word` is no such word.
fn set_word(word: &str) -> Option<Result<u8, ParseLayoutError>> {
    let n = word.strip_prefix("double-")?;
    let bad = || ParseLayoutError::Set(excerpt(word));
    if n.is_empty() || n.len() > 2 || !n.bytes().all(|b| b.is_ascii_digit()) {
        return Some(Err(bad()));
    }
    Some(match n.parse::<u8>() {
        Ok(h) if h <= MAX_NUMBER => Ok(h),
        _ => Err(bad()),
    })
}

impl Layout {
    /// This layout written with its set: `double-N` and the layout, which `FromStr` and
    /// [`Layout::parse_in_set`] read back (see the type's docs) when `highest` is a set that
    /// holds every tile of the layout (at least [`Layout::highest_number`], at most 12).
    /// Another `highest` writes a text that names a set not holding the layout, which both
    /// refuse (`ParseLayoutError::NotInSet`, or `ParseLayoutError::Set` above 12): the text
    /// says what was asked, and reading it says that it is wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_dominoes::Layout;
    /// let l: Layout = "[9-9] 9-4".parse()?;
    /// let text = l.in_set(9).to_string();
    /// assert_eq!(text, "double-9 [9-9] 9-4");
    /// assert_eq!(text.parse::<Layout>()?, l);
    /// assert_eq!(Layout::parse_in_set(&text, 9)?, l);
    /// assert!("double-6 [9-9] 9-4".parse::<Layout>().is_err()); // 9-9 is not in double-six
    /// # Ok::<(), lattjo_dominoes::ParseLayoutError>(())
    /// ```
    #[must_use]
    pub fn in_set(&self, highest: u8) -> InSet<'_> {
        InSet {
            layout: self,
            highest,
        }
    }
}

impl FromStr for Layout {
    type Err = ParseLayoutError;
    fn from_str(s: &str) -> Result<Layout, ParseLayoutError> {
        let s = s.trim();
        // Words end at any white space, as the tiles' do: split at ASCII white space only, a
        // set word followed by a no-break space was read whole as a bad set word.
        let first = s.split_whitespace().next().unwrap_or("");
        if let Some(set) = set_word(first) {
            let highest = set?;
            let layout = Layout::parse_line(s[first.len()..].trim())?;
            return match layout.tiles.iter().find(|t| t.high() > highest) {
                Some(tile) => Err(ParseLayoutError::NotInSet { tile, highest }),
                None => Ok(layout),
            };
        }
        Layout::parse_line(s)
    }
}

impl Layout {
    /// Reads a trimmed layout text without its `double-N` word. A set word here is one too
    /// many (the text names its set once, first), and is refused without reading on: an
    /// audit found `FromStr` calling itself once per leading `double-N` word, so that a long
    /// run of them overflowed the stack. The words are split as the tiles are (at any white
    /// space): split at ASCII white space only, a set word after a no-break space was read
    /// as a malformed tile.
    fn parse_line(s: &str) -> Result<Layout, ParseLayoutError> {
        if let Some(word) = s.split_whitespace().find(|w| w.starts_with("double-")) {
            return Err(ParseLayoutError::SetNotFirst(excerpt(word)));
        }
        let mut out = Layout::EMPTY;
        if s == "empty" {
            return Ok(out);
        }
        let mut parts = s.split('/');
        let line = parts.next().unwrap_or("");
        let mut toks = Vec::new();
        for w in line.split_whitespace() {
            toks.push(token(w)?);
        }
        let roots: Vec<usize> = toks
            .iter()
            .enumerate()
            .filter(|(_, t)| t.root)
            .map(|(i, _)| i)
            .collect();
        let [r] = roots[..] else {
            return Err(ParseLayoutError::Root);
        };
        for pair in toks.windows(2) {
            if pair[0].b != pair[1].a {
                return Err(ParseLayoutError::Mismatch {
                    left: pair[0].b,
                    right: pair[1].a,
                });
            }
        }
        let rt = &toks[r];
        let root = Tile::new(rt.a, rt.b)
            .ok_or_else(|| ParseTileError::NumberTooLarge(format!("{}-{}", rt.a, rt.b)))?;
        out.root = Some((root, rt.a));
        out.open[0] = rt.a;
        out.open[1] = rt.b;
        out.tiles.insert(root);
        out.parse_mark(root, rt.mark)?;
        for i in (0..r).rev() {
            let t = &toks[i];
            out.parse_push(0, t.b, t.a, t.mark)?;
        }
        for t in &toks[r + 1..] {
            out.parse_push(1, t.a, t.b, t.mark)?;
        }
        for part in parts {
            let part = part.trim();
            let bad = || ParseLayoutError::Arm(excerpt(part));
            let mut words = part.split_whitespace();
            let end: End = words.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
            let slot = out.slot(end).filter(|&slot| slot >= 2).ok_or_else(bad)?;
            let n = ((slot - 2) / 2) as u8;
            if out.spinners & (1 << n) == 0 || out.len[slot] > 0 {
                return Err(bad());
            }
            if !out.spinner_open(n) {
                return Err(ParseLayoutError::Spinner(
                    "a spinner's sides need both its in-line sides covered",
                ));
            }
            let mut prev = n;
            let mut any = false;
            for w in words {
                let t = token(w)?;
                if t.root || t.mark == Mark::First {
                    return Err(bad());
                }
                if t.a != prev {
                    return Err(ParseLayoutError::Mismatch {
                        left: prev,
                        right: t.a,
                    });
                }
                out.parse_push(slot, t.a, t.b, t.mark)?;
                prev = t.b;
                any = true;
            }
            if !any {
                return Err(bad());
            }
        }
        out.check_marks()?;
        out.refresh();
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    /// D7: the touching halves must match; a blank goes against a blank.
    #[test]
    fn d7_halves_must_match_and_blank_goes_on_blank() {
        let mut l = Layout::EMPTY;
        l.open(t("0-0"), SpinnerRule::None).unwrap();
        assert_eq!(
            l.place(t("3-1"), End::Left, SpinnerRule::None),
            Err(PlaceError::Mismatch {
                tile: t("3-1"),
                end: End::Left,
                shows: 0
            })
        );
        l.place(t("3-0"), End::Left, SpinnerRule::None).unwrap();
        assert_eq!(l.end_value(End::Left), Some(3));
        assert_eq!(l.end_value(End::Right), Some(0));
        l.place(t("0-5"), End::Right, SpinnerRule::None).unwrap();
        assert_eq!(l.to_string(), "3-0 [0-0] 0-5");
    }

    /// D8: without a spinner a double offers its number like any tile, and only two ends
    /// ever exist.
    #[test]
    fn d8_two_ends_and_doubles_are_not_spinners() {
        let mut l: Layout = "[6-6] 6-4 4-4".parse().unwrap();
        assert_eq!(l.end_value(End::Right), Some(4));
        assert!(!l.is_open(End::Up));
        l.place(t("6-1"), End::Left, SpinnerRule::None).unwrap();
        assert!(!l.is_open(End::Up) && !l.is_open(End::Down));
        assert_eq!(
            l.place(t("6-2"), End::Up, SpinnerRule::None),
            Err(PlaceError::EndNotOpen(End::Up))
        );
    }

    #[test]
    fn spinner_opens_after_both_sides() {
        let mut l = Layout::EMPTY;
        l.open(t("5-5"), SpinnerRule::FirstDouble).unwrap();
        assert!(!l.is_open(End::Up));
        assert_eq!(l.ends_total(), 10);
        l.place(t("5-0"), End::Right, SpinnerRule::FirstDouble)
            .unwrap();
        // The spinner at the left end still counts both halves.
        assert_eq!(l.ends_total(), 10);
        assert!(!l.is_open(End::Up));
        l.place(t("5-3"), End::Left, SpinnerRule::FirstDouble)
            .unwrap();
        assert!(l.is_open(End::Up) && l.is_open(End::Down));
        assert_eq!(l.end_value(End::Up), Some(5));
        assert_eq!(l.ends_total(), 3);
        l.place(t("5-2"), End::Up, SpinnerRule::FirstDouble)
            .unwrap();
        assert_eq!(l.ends_total(), 5);
        assert_eq!(l.to_string(), "3-5 [5-5]* 5-0 / up 5-2");
        assert_eq!(l.to_string().parse::<Layout>().unwrap(), l);
    }

    #[test]
    fn spinner_in_an_arm() {
        let mut l = Layout::EMPTY;
        l.open(t("6-4"), SpinnerRule::FirstDouble).unwrap();
        l.place(t("4-4"), End::Right, SpinnerRule::FirstDouble)
            .unwrap();
        assert_eq!(l.spinner(), Some(t("4-4")));
        assert!(!l.is_open(End::Up));
        l.place(t("4-1"), End::Right, SpinnerRule::FirstDouble)
            .unwrap();
        assert!(l.is_open(End::Up));
        assert_eq!(l.to_string(), "[6-4] 4-4* 4-1");
        assert_eq!(l.to_string().parse::<Layout>().unwrap(), l);
    }

    #[test]
    fn parse_errors_are_typed() {
        assert_eq!("6-6".parse::<Layout>(), Err(ParseLayoutError::Root));
        assert_eq!("[6-6] [5-5]".parse::<Layout>(), Err(ParseLayoutError::Root));
        assert_eq!(
            "[6-6] 5-1".parse::<Layout>(),
            Err(ParseLayoutError::Mismatch { left: 6, right: 5 })
        );
        assert_eq!(
            "[6-6] 6-1 1-6".parse::<Layout>(),
            Err(ParseLayoutError::Duplicate(t("6-1")))
        );
        assert!(matches!(
            "[6-6] 6-x".parse::<Layout>(),
            Err(ParseLayoutError::Tile(_))
        ));
        assert!(matches!(
            "[6-6]* 6-1 / up 6-2".parse::<Layout>(),
            Err(ParseLayoutError::Spinner(_))
        ));
        assert!(matches!(
            "[6-5]*".parse::<Layout>(),
            Err(ParseLayoutError::Spinner(_))
        ));
        assert!(matches!(
            "[6-6] 6-1 / sideways 6-2".parse::<Layout>(),
            Err(ParseLayoutError::Arm(_))
        ));
        assert_eq!("".parse::<Layout>(), Err(ParseLayoutError::Root));
        assert_eq!("empty".parse::<Layout>(), Ok(Layout::EMPTY));
    }

    /// E1 (b): closed when both ends show n and all seven n-tiles are down; parity makes the
    /// two ends equal (invariant 4).
    #[test]
    fn e1b_closed_layout_detected() {
        let set = Tiles::full_set(6).unwrap();
        let l: Layout = "6-1 1-0 0-6 [6-6] 6-2 2-3 3-6 6-4 4-5 5-6".parse().unwrap();
        assert_eq!(l.end_value(End::Left), Some(6));
        assert_eq!(l.end_value(End::Right), Some(6));
        assert!(l.is_closed(set));
        let open: Layout = "[6-6] 6-2 2-2".parse().unwrap();
        assert!(!open.is_closed(set));
    }
}
