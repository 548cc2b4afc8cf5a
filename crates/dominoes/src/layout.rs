//! The layout: the tiles on the table, their open ends, and the optional spinner.

use core::fmt;
use core::str::FromStr;

use crate::tile::{
    End, MAX_NUMBER, MAX_TILES, NUMBER_TILES, ParseTileError, Tile, Tiles, parse_halves,
};

/// One arm of the layout: tiles in the order they were added, going outward.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Arm {
    len: u8,
    /// The number showing at the arm's outer end (meaningful when `len > 0`).
    open: u8,
    ids: [u8; MAX_TILES],
}

impl Arm {
    const EMPTY: Arm = Arm {
        len: 0,
        open: 0,
        ids: [0; MAX_TILES],
    };

    fn tiles(&self) -> impl DoubleEndedIterator<Item = Tile> + '_ {
        self.ids[..usize::from(self.len)]
            .iter()
            .map(|&id| Tile::from_id(id))
    }

    fn last(&self) -> Option<Tile> {
        self.len
            .checked_sub(1)
            .map(|i| Tile::from_id(self.ids[usize::from(i)]))
    }
}

/// Where the spinner lies: the first tile, or the `index`-th tile (from the first tile
/// outward) of the left or right arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Spinner {
    Root,
    Arm(End, u8),
}

/// The tiles on the table.
///
/// The first tile sits in the middle; the line grows at its `left` and `right` ends (D7,
/// D8). With the spinner option the first double played is a spinner: once tiles lie on
/// both of its in-line sides, its two long sides open as the `up` and `down` ends (All
/// Fives). The direction the line bends in on a real table has no effect on the rules, so
/// a layout is just the tiles of each arm in order.
///
/// Written as the line from left to right with each tile's halves in the order they lie,
/// the first tile in brackets, a `*` after the spinner, then ` / up ...` and ` / down ...`
/// arms written outward from the spinner; `empty` for no tiles. Neighbouring halves must
/// match, no tile may appear twice.
///
/// # Examples
///
/// ```
/// use dominoes::{End, Layout};
/// let layout: Layout = "3-5 5-6 [6-6] 6-2 2-2".parse()?;
/// assert_eq!(layout.end_value(End::Left), Some(3));
/// assert_eq!(layout.end_value(End::Right), Some(2));
/// assert_eq!(layout.len(), 5);
/// assert_eq!(layout.to_string(), "3-5 5-6 [6-6] 6-2 2-2");
/// assert!("3-5 6-6".parse::<Layout>().is_err()); // 5 does not touch 6
/// # Ok::<(), dominoes::ParseLayoutError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    /// The first tile and the number on its left half.
    root: Option<(Tile, u8)>,
    arms: [Arm; 4],
    spinner: Option<Spinner>,
    tiles: Tiles,
    /// Derived from the fields above by [`Layout::refresh`] after every change, so that the
    /// hot queries (open ends, what fits) are look-ups.
    cache: Cache,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Cache {
    open: u8,
    values: [u8; 4],
    doubles: u8,
    numbers: u16,
    fits: u128,
    /// Open ends without an earlier duplicate (E4), for block scoring and for fives.
    canonical: [u8; 2],
}

impl Cache {
    const EMPTY: Cache = Cache {
        open: 0,
        values: [0; 4],
        doubles: 0,
        numbers: 0,
        fits: 0,
        canonical: [0; 2],
    };
}

impl Default for Layout {
    fn default() -> Layout {
        Layout::EMPTY
    }
}

/// Why a tile cannot be added to a layout.
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
    /// The end is not open (the spinner's sides are closed until both in-line sides are
    /// covered, and there is no spinner without the option).
    #[error("the {0} end is not open")]
    EndNotOpen(End),
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
}

impl Layout {
    /// No tiles.
    pub const EMPTY: Layout = Layout {
        root: None,
        arms: [Arm::EMPTY; 4],
        spinner: None,
        tiles: Tiles::EMPTY,
        cache: Cache::EMPTY,
    };

    fn refresh(&mut self) {
        // The line without a spinner (the booklet's game): two ends, computed directly.
        if let (Some((root, left)), None) = (self.root, self.spinner) {
            let [l, r] = [&self.arms[0], &self.arms[1]];
            let lv = if l.len > 0 { l.open } else { left };
            let rv = if r.len > 0 {
                r.open
            } else {
                root.other(left).unwrap_or(left)
            };
            let ld = l.last().unwrap_or(root).is_double();
            let rd = r.last().unwrap_or(root).is_double();
            let same = lv == rv;
            self.cache = Cache {
                open: 0b11,
                values: [lv, rv, 0, 0],
                doubles: u8::from(ld) | (u8::from(rd) << 1),
                numbers: (1 << lv) | (1 << rv),
                fits: NUMBER_TILES[usize::from(lv)] | NUMBER_TILES[usize::from(rv)],
                canonical: [
                    if same { 0b01 } else { 0b11 },
                    if same && ld == rd { 0b01 } else { 0b11 },
                ],
            };
            return;
        }
        let mut c = Cache::EMPTY;
        c.open = self.compute_open_ends();
        for e in End::ALL {
            if c.open & (1 << e.index()) == 0 {
                continue;
            }
            if let Some(v) = self.compute_end_value(e) {
                c.values[e.index()] = v;
                c.numbers |= 1 << v;
                c.fits |= NUMBER_TILES[usize::from(v)];
            }
            if self.end_tile(e).is_some_and(Tile::is_double) {
                c.doubles |= 1 << e.index();
            }
        }
        self.cache = c;
        for (i, fives) in [false, true].into_iter().enumerate() {
            let mut mask = c.open;
            for end in [End::Right, End::Down] {
                if mask & (1 << end.index()) != 0 && self.duplicate_of(end, fives).is_some() {
                    mask &= !(1 << end.index());
                }
            }
            self.cache.canonical[i] = mask;
        }
    }

    /// The open ends move generation offers (E4): each open end unless an earlier one gives
    /// the same position.
    pub(crate) fn canonical_ends(&self, fives: bool) -> u8 {
        self.cache.canonical[usize::from(fives)]
    }

    /// The earlier end that gives the same position as `end` (E4): the same number and,
    /// when fives are scored, the same crosswise-double status and the same emptiness of a
    /// spinner side; the in-line ends only while the spinner does not tell them apart.
    pub(crate) fn duplicate_of(&self, end: End, fives: bool) -> Option<End> {
        let v = self.end_value(end)?;
        let other = match end {
            End::Right => End::Left,
            End::Down => End::Up,
            _ => return None,
        };
        let same = self.end_value(other) == Some(v)
            && (!fives || self.end_is_double(other) == self.end_is_double(end))
            && match end {
                End::Right => self.line_ends_symmetric(),
                _ => !fives || self.arm_is_empty(other) == self.arm_is_empty(end),
            };
        same.then_some(other)
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

    /// The spinner, if one has been played.
    #[must_use]
    pub fn spinner(&self) -> Option<Tile> {
        match self.spinner? {
            Spinner::Root => self.first(),
            Spinner::Arm(e, i) => Some(Tile::from_id(self.arms[e.index()].ids[usize::from(i)])),
        }
    }

    /// The tiles of one arm, outward from the first tile (from the spinner for `up` and
    /// `down`).
    pub fn arm(&self, end: End) -> impl DoubleEndedIterator<Item = Tile> + '_ {
        self.arms[end.index()].tiles()
    }

    fn spinner_value(&self) -> Option<u8> {
        self.spinner().map(Tile::high)
    }

    /// Whether the spinner's long sides are open: tiles on both of its in-line sides.
    fn spinner_open(&self) -> bool {
        match self.spinner {
            None => false,
            Some(Spinner::Root) => self.arms[0].len > 0 && self.arms[1].len > 0,
            Some(Spinner::Arm(e, i)) => self.arms[e.index()].len > i + 1,
        }
    }

    /// Whether `end` is open for a tile.
    #[must_use]
    pub fn is_open(&self, end: End) -> bool {
        self.cache.open & (1 << end.index()) != 0
    }

    /// The number showing at `end`, or `None` when the end is not open.
    #[must_use]
    pub fn end_value(&self, end: End) -> Option<u8> {
        self.is_open(end).then_some(self.cache.values[end.index()])
    }

    fn compute_end_value(&self, end: End) -> Option<u8> {
        let arm = &self.arms[end.index()];
        if arm.len > 0 {
            return Some(arm.open);
        }
        let (root, left) = self.root?;
        match end {
            End::Left => Some(left),
            End::Right => root.other(left),
            End::Up | End::Down => self.spinner_value(),
        }
    }

    /// The tile lying at `end` (the first tile when its arm is empty; nothing for an empty
    /// spinner side).
    fn end_tile(&self, end: End) -> Option<Tile> {
        let arm = &self.arms[end.index()];
        match (arm.last(), end) {
            (Some(t), _) => Some(t),
            (None, End::Left | End::Right) => self.first(),
            (None, _) => None,
        }
    }

    /// Whether the tile at `end` is a double (laid crosswise), for fives scoring and E4.
    pub(crate) fn end_is_double(&self, end: End) -> bool {
        self.cache.doubles & (1 << end.index()) != 0
    }

    /// Whether the `end`'s arm holds no tile.
    pub(crate) fn arm_is_empty(&self, end: End) -> bool {
        self.arms[end.index()].len == 0
    }

    fn compute_open_ends(&self) -> u8 {
        if self.root.is_none() {
            0
        } else if self.spinner_open() {
            0b1111
        } else {
            0b0011
        }
    }

    /// The numbers showing at open ends, as a bit mask.
    pub(crate) fn end_numbers(&self) -> u16 {
        self.cache.numbers
    }

    /// The tiles (of any set) that fit some open end.
    pub(crate) fn playable_mask(&self) -> u128 {
        self.cache.fits
    }

    /// The spinner situation relevant to E4 duplicate detection: whether the two in-line
    /// ends are interchangeable.
    pub(crate) fn line_ends_symmetric(&self) -> bool {
        match self.spinner {
            None => true,
            Some(Spinner::Root) => {
                self.spinner_open() || (self.arms[0].len == 0 && self.arms[1].len == 0)
            }
            Some(Spinner::Arm(..)) => self.spinner_open(),
        }
    }

    /// The sum counted by fives scoring: each open end's number, a double lying at an end
    /// counting both halves; an empty spinner side counts nothing; a lone first tile counts
    /// its pips once.
    #[must_use]
    pub fn ends_total(&self) -> u32 {
        let Some((root, _)) = self.root else {
            return 0;
        };
        if self.arms[0].len == 0 && self.arms[1].len == 0 {
            return root.pips();
        }
        let mut sum = 0;
        for e in End::ALL {
            if !self.is_open(e) || (matches!(e, End::Up | End::Down) && self.arm_is_empty(e)) {
                continue;
            }
            let (Some(v), Some(t)) = (self.end_value(e), self.end_tile(e)) else {
                continue;
            };
            sum += if t.is_double() {
                2 * u32::from(v)
            } else {
                u32::from(v)
            };
        }
        sum
    }

    /// Lays the first tile, its higher half to the left. A double becomes the spinner when
    /// `spinner_rule` is on.
    ///
    /// # Errors
    ///
    /// [`PlaceError::AlreadyOpened`] when the layout has tiles.
    pub fn open(&mut self, tile: Tile, spinner_rule: bool) -> Result<(), PlaceError> {
        if self.root.is_some() {
            return Err(PlaceError::AlreadyOpened);
        }
        self.root = Some((tile, tile.high()));
        self.tiles.insert(tile);
        if spinner_rule && tile.is_double() {
            self.spinner = Some(Spinner::Root);
        }
        self.refresh();
        Ok(())
    }

    /// Checks that `tile` can go on `end`, returning the number it will show outward.
    ///
    /// # Errors
    ///
    /// [`PlaceError`] when the layout is empty, the end is not open, the tile is already on
    /// the table or its halves do not match the end.
    pub fn check(&self, tile: Tile, end: End) -> Result<u8, PlaceError> {
        if self.root.is_none() {
            return Err(PlaceError::Empty);
        }
        if self.tiles.contains(tile) {
            return Err(PlaceError::AlreadyPlaced(tile));
        }
        let shows = self.end_value(end).ok_or(PlaceError::EndNotOpen(end))?;
        tile.other(shows)
            .ok_or(PlaceError::Mismatch { tile, end, shows })
    }

    /// Adds `tile` at `end`, halves matching (D7). The first double becomes the spinner when
    /// `spinner_rule` is on.
    ///
    /// # Errors
    ///
    /// As [`Layout::check`]; the layout is then unchanged.
    pub fn place(&mut self, tile: Tile, end: End, spinner_rule: bool) -> Result<(), PlaceError> {
        let outer = self.check(tile, end)?;
        self.push(tile, end, outer);
        if spinner_rule && self.spinner.is_none() && tile.is_double() {
            let i = self.arms[end.index()].len - 1;
            self.spinner = Some(match end {
                End::Left | End::Right => Spinner::Arm(end, i),
                // Unreachable in play (up and down exist only after a spinner); kept total.
                End::Up | End::Down => Spinner::Root,
            });
        }
        self.refresh();
        Ok(())
    }

    fn push(&mut self, tile: Tile, end: End, outer: u8) {
        let arm = &mut self.arms[end.index()];
        arm.ids[usize::from(arm.len)] = tile.id();
        arm.len += 1;
        arm.open = outer;
        self.tiles.insert(tile);
    }

    /// Whether no tile of `set` outside the layout can ever be played: every number showing
    /// at an open end has all its tiles on the table (E1 b).
    ///
    /// # Examples
    ///
    /// ```
    /// let set = dominoes::Tiles::full_set(6).unwrap();
    /// let l: dominoes::Layout = "6-1 1-0 0-6 [6-6] 6-2 2-3 3-6 6-4 4-5 5-6".parse()?;
    /// assert!(l.is_closed(set));
    /// # Ok::<(), dominoes::ParseLayoutError>(())
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
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({self})")
    }
}

/// Writes an arm's tiles as they lie, outward, with `prev` the number they start from.
fn write_outward(
    f: &mut fmt::Formatter<'_>,
    mut prev: u8,
    tiles: impl Iterator<Item = Tile>,
) -> fmt::Result {
    for t in tiles {
        let out = t.other(prev).unwrap_or(t.low());
        write!(f, " {prev}-{out}")?;
        prev = out;
    }
    Ok(())
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((root, left)) = self.root else {
            return f.write_str("empty");
        };
        let right = root.other(left).unwrap_or(left);
        let star = |at: Spinner| if self.spinner == Some(at) { "*" } else { "" };
        // The left arm, from its outer end inward: compute the inner number of each tile.
        let arm = &self.arms[0];
        let mut inner = [0u8; MAX_TILES];
        let mut prev = left;
        for (i, t) in arm.tiles().enumerate() {
            inner[i] = prev;
            prev = t.other(prev).unwrap_or(t.low());
        }
        let mut first = true;
        for i in (0..usize::from(arm.len)).rev() {
            let t = Tile::from_id(arm.ids[i]);
            let out = t.other(inner[i]).unwrap_or(t.low());
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(
                f,
                "{out}-{}{}",
                inner[i],
                star(Spinner::Arm(End::Left, i as u8))
            )?;
        }
        if !first {
            f.write_str(" ")?;
        }
        write!(f, "[{left}-{right}]{}", star(Spinner::Root))?;
        let mut prev = right;
        for (i, t) in self.arms[1].tiles().enumerate() {
            let out = t.other(prev).unwrap_or(t.low());
            write!(
                f,
                " {prev}-{out}{}",
                star(Spinner::Arm(End::Right, i as u8))
            )?;
            prev = out;
        }
        for e in [End::Up, End::Down] {
            if self.arms[e.index()].len > 0 {
                write!(f, " / {e}")?;
                write_outward(f, self.spinner_value().unwrap_or(0), self.arm(e))?;
            }
        }
        Ok(())
    }
}

/// A layout string that does not describe a possible layout.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseLayoutError {
    /// A malformed tile.
    #[error(transparent)]
    Tile(#[from] ParseTileError),
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
    /// A `*` on a tile that cannot be the spinner, or more than one.
    #[error("bad spinner mark: {0}")]
    Spinner(&'static str),
    /// A part after `/` that is not `up ...` or `down ...`, or a side given twice.
    #[error("bad arm {0:?}: expected '/ up <tiles>' or '/ down <tiles>'")]
    Arm(String),
}

struct Token {
    a: u8,
    b: u8,
    root: bool,
    star: bool,
}

fn token(word: &str) -> Result<Token, ParseLayoutError> {
    let (word, star) = match word.strip_suffix('*') {
        Some(w) => (w, true),
        None => (word, false),
    };
    let (word, root) = match word.strip_prefix('[').and_then(|w| w.strip_suffix(']')) {
        Some(w) => (w, true),
        None => (word, false),
    };
    let (a, b) = parse_halves(word)?;
    Ok(Token { a, b, root, star })
}

impl Layout {
    /// Parses a layout and checks that every tile belongs to the double-`highest` set.
    ///
    /// # Errors
    ///
    /// [`ParseLayoutError`], including [`ParseLayoutError::NotInSet`].
    ///
    /// # Examples
    ///
    /// ```
    /// use dominoes::{Layout, ParseLayoutError};
    /// assert!(Layout::parse_in_set("[6-6] 6-4", 6).is_ok());
    /// assert!(matches!(Layout::parse_in_set("[9-9]", 6), Err(ParseLayoutError::NotInSet { .. })));
    /// ```
    pub fn parse_in_set(s: &str, highest: u8) -> Result<Layout, ParseLayoutError> {
        let layout: Layout = s.parse()?;
        if let Some(tile) = layout.tiles.iter().find(|t| t.high() > highest) {
            return Err(ParseLayoutError::NotInSet { tile, highest });
        }
        Ok(layout)
    }
}

impl FromStr for Layout {
    type Err = ParseLayoutError;
    fn from_str(s: &str) -> Result<Layout, ParseLayoutError> {
        let s = s.trim();
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
        let add = |out: &mut Layout, a: u8, b: u8| -> Result<Tile, ParseLayoutError> {
            let tile = Tile::new(a, b)
                .ok_or_else(|| ParseTileError::NumberTooLarge(format!("{a}-{b}")))?;
            if out.tiles.contains(tile) {
                return Err(ParseLayoutError::Duplicate(tile));
            }
            Ok(tile)
        };
        let rt = &toks[r];
        let root = add(&mut out, rt.a, rt.b)?;
        out.root = Some((root, rt.a));
        out.tiles.insert(root);
        let mut stars = 0;
        if rt.star {
            stars += 1;
            out.spinner = Some(Spinner::Root);
        }
        for (end, range) in [
            (End::Left, (0..r).rev().collect::<Vec<_>>()),
            (End::Right, (r + 1..toks.len()).collect()),
        ] {
            for i in range {
                let t = &toks[i];
                let (inner, outer) = if end == End::Left {
                    (t.b, t.a)
                } else {
                    (t.a, t.b)
                };
                let tile = add(&mut out, inner, outer)?;
                out.push(tile, end, outer);
                if t.star {
                    stars += 1;
                    out.spinner = Some(Spinner::Arm(end, out.arms[end.index()].len - 1));
                }
            }
        }
        if stars > 1 {
            return Err(ParseLayoutError::Spinner("more than one spinner"));
        }
        if let Some(sp) = out.spinner() {
            if !sp.is_double() {
                return Err(ParseLayoutError::Spinner("the spinner must be a double"));
            }
            // The spinner is the first double played: nothing between it and the first tile
            // (the first tile included) can be a double.
            if let Some(Spinner::Arm(e, i)) = out.spinner {
                let before_double =
                    root.is_double() || out.arm(e).take(usize::from(i)).any(Tile::is_double);
                if before_double {
                    return Err(ParseLayoutError::Spinner(
                        "a double lies between the first tile and the spinner",
                    ));
                }
            }
        }
        for part in parts {
            let part = part.trim();
            let mut words = part.split_whitespace();
            let end = match words.next() {
                Some("up") => End::Up,
                Some("down") => End::Down,
                _ => return Err(ParseLayoutError::Arm(part.to_owned())),
            };
            if out.arms[end.index()].len > 0 {
                return Err(ParseLayoutError::Arm(part.to_owned()));
            }
            let Some(v) = out.spinner_value().filter(|_| out.spinner_open()) else {
                return Err(ParseLayoutError::Spinner(
                    "up and down need a spinner with both in-line sides covered",
                ));
            };
            let mut prev = v;
            let mut any = false;
            for w in words {
                let t = token(w)?;
                if t.root || t.star {
                    return Err(ParseLayoutError::Arm(part.to_owned()));
                }
                if t.a != prev {
                    return Err(ParseLayoutError::Mismatch {
                        left: prev,
                        right: t.a,
                    });
                }
                let tile = add(&mut out, t.a, t.b)?;
                out.push(tile, end, t.b);
                prev = t.b;
                any = true;
            }
            if !any {
                return Err(ParseLayoutError::Arm(part.to_owned()));
            }
        }
        debug_assert!(out.highest_number().is_none_or(|h| h <= MAX_NUMBER));
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
        l.open(t("0-0"), false).unwrap();
        assert_eq!(
            l.place(t("3-1"), End::Left, false),
            Err(PlaceError::Mismatch {
                tile: t("3-1"),
                end: End::Left,
                shows: 0
            })
        );
        l.place(t("3-0"), End::Left, false).unwrap();
        assert_eq!(l.end_value(End::Left), Some(3));
        assert_eq!(l.end_value(End::Right), Some(0));
        l.place(t("0-5"), End::Right, false).unwrap();
        assert_eq!(l.to_string(), "3-0 [0-0] 0-5");
    }

    /// D8: without a spinner a double offers its number like any tile, and only two ends
    /// ever exist.
    #[test]
    fn d8_two_ends_and_doubles_are_not_spinners() {
        let mut l: Layout = "[6-6] 6-4 4-4".parse().unwrap();
        assert_eq!(l.end_value(End::Right), Some(4));
        assert!(!l.is_open(End::Up));
        l.place(t("6-1"), End::Left, false).unwrap();
        assert!(!l.is_open(End::Up) && !l.is_open(End::Down));
        assert_eq!(
            l.place(t("6-2"), End::Up, false),
            Err(PlaceError::EndNotOpen(End::Up))
        );
    }

    #[test]
    fn spinner_opens_after_both_sides() {
        let mut l = Layout::EMPTY;
        l.open(t("5-5"), true).unwrap();
        assert!(!l.is_open(End::Up));
        assert_eq!(l.ends_total(), 10);
        l.place(t("5-0"), End::Right, true).unwrap();
        // The spinner at the left end still counts both halves.
        assert_eq!(l.ends_total(), 10);
        assert!(!l.is_open(End::Up));
        l.place(t("5-3"), End::Left, true).unwrap();
        assert!(l.is_open(End::Up) && l.is_open(End::Down));
        assert_eq!(l.end_value(End::Up), Some(5));
        assert_eq!(l.ends_total(), 3);
        l.place(t("5-2"), End::Up, true).unwrap();
        assert_eq!(l.ends_total(), 5);
        assert_eq!(l.to_string(), "3-5 [5-5]* 5-0 / up 5-2");
        assert_eq!(l.to_string().parse::<Layout>().unwrap(), l);
    }

    #[test]
    fn spinner_in_an_arm() {
        let mut l = Layout::EMPTY;
        l.open(t("6-4"), true).unwrap();
        l.place(t("4-4"), End::Right, true).unwrap();
        assert_eq!(l.spinner(), Some(t("4-4")));
        assert!(!l.is_open(End::Up));
        l.place(t("4-1"), End::Right, true).unwrap();
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
