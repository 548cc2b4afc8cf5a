//! Tiles, sets of tiles, and the ends of the layout.

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use boardgame_core::GameRng;

/// The highest number on any supported set (double-twelve).
pub const MAX_NUMBER: u8 = 12;

/// How many tiles a double-twelve set has; every smaller set is a prefix of it.
pub(crate) const MAX_TILES: usize = 91;

/// One domino: two halves, each showing 0 to [`MAX_NUMBER`] pips.
///
/// A tile is unordered (`6-4` and `4-6` are the same tile); it is written with the higher
/// half first. Whether it belongs to the set in play (a double-six set stops at 6) is
/// checked by the game, not here.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::Tile;
/// let t: Tile = "4-6".parse()?;
/// assert_eq!(t.to_string(), "6-4");
/// assert_eq!(t.pips(), 10);
/// assert!(!t.is_double());
/// assert!("6-13".parse::<Tile>().is_err());
/// # Ok::<(), lattjo_dominoes::ParseTileError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile {
    high: u8,
    low: u8,
    /// The dense index [`Tile::id`], kept so that set operations need no arithmetic (it
    /// follows from the halves, so ordering and equality are the halves').
    id: u8,
}

/// A tile string that is not two numbers 0 to 12 joined by `-`.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{ParseTileError, Tile};
/// assert!(matches!("13-0".parse::<Tile>(), Err(ParseTileError::NumberTooLarge(_))));
/// assert!(matches!("6:4".parse::<Tile>(), Err(ParseTileError::Malformed(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseTileError {
    /// Not of the form `a-b`.
    #[error("malformed tile {0:?}: expected two numbers joined by '-', like 6-4")]
    Malformed(String),
    /// A half above the largest supported number, written with at most three digits (a
    /// longer number is [`ParseTileError::Malformed`]).
    #[error("tile {0:?} is not in any set: halves go from 0 to 12")]
    NumberTooLarge(String),
}

impl Tile {
    /// The tile with halves `a` and `b` (in either order), or `None` if a half is above
    /// [`MAX_NUMBER`].
    #[must_use]
    pub const fn new(a: u8, b: u8) -> Option<Tile> {
        if a > MAX_NUMBER || b > MAX_NUMBER {
            return None;
        }
        let (high, low) = if a >= b { (a, b) } else { (b, a) };
        Some(Tile {
            high,
            low,
            id: high * (high + 1) / 2 + low,
        })
    }

    /// The higher half.
    #[must_use]
    pub const fn high(self) -> u8 {
        self.high
    }

    /// The lower half.
    #[must_use]
    pub const fn low(self) -> u8 {
        self.low
    }

    /// Whether both halves show the same number.
    #[must_use]
    pub const fn is_double(self) -> bool {
        self.high == self.low
    }

    /// The pips on the tile (both halves).
    #[must_use]
    pub const fn pips(self) -> u32 {
        self.high as u32 + self.low as u32
    }

    /// Whether one half shows `n`.
    #[must_use]
    pub const fn has(self, n: u8) -> bool {
        self.high == n || self.low == n
    }

    /// The half opposite a half showing `n`, or `None` when no half shows `n`.
    #[must_use]
    pub const fn other(self, n: u8) -> Option<u8> {
        if self.high == n {
            Some(self.low)
        } else if self.low == n {
            Some(self.high)
        } else {
            None
        }
    }

    /// The numbers on the tile as a bit mask (bit `n` for a half showing `n`).
    pub(crate) const fn numbers(self) -> u16 {
        (1 << self.high) | (1 << self.low)
    }

    /// Dense index: `high * (high + 1) / 2 + low`, so the double-`n` set is `0..(n+1)(n+2)/2`.
    pub(crate) const fn id(self) -> u8 {
        self.id
    }

    /// The tile with dense index `id` (`id < 91`).
    pub(crate) const fn from_id(id: u8) -> Tile {
        BY_ID[id as usize & (BY_ID.len() - 1)]
    }

    const fn compute_from_id(id: u8) -> Tile {
        let mut high = 0u8;
        while (high as u16 + 1) * (high as u16 + 2) / 2 <= id as u16 {
            high += 1;
        }
        Tile {
            high,
            low: id - high * (high + 1) / 2,
            id,
        }
    }

    /// The tile as a one-bit set (a table look-up: a 128-bit shift by a variable takes
    /// several instructions).
    #[inline]
    pub(crate) const fn bit(self) -> u128 {
        BITS[self.id as usize & 127]
    }
}

/// `BITS[i] = 1 << i`.
const BITS: [u128; 128] = {
    let mut out = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        out[i] = 1u128 << i;
        i += 1;
    }
    out
};

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high, self.low)
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high, self.low)
    }
}

/// The tiles by dense index; 128 entries so that a 7-bit index needs no bounds check (the
/// entries past double-twelve's 91 are never looked up: no set holds such an index).
const BY_ID: [Tile; 128] = {
    let mut out = [Tile {
        high: 0,
        low: 0,
        id: 0,
    }; 128];
    let mut id = 0;
    while id < MAX_TILES {
        out[id] = Tile::compute_from_id(id as u8);
        id += 1;
    }
    out
};

/// Parses `a-b` with the halves as written (used for oriented tiles in a layout).
pub(crate) fn parse_halves(s: &str) -> Result<(u8, u8), ParseTileError> {
    let malformed = || ParseTileError::Malformed(excerpt(s));
    let (a, b) = s.split_once('-').ok_or_else(malformed)?;
    let num = |x: &str| -> Result<u8, ParseTileError> {
        if x.is_empty() || x.len() > 3 || !x.bytes().all(|c| c.is_ascii_digit()) {
            return Err(malformed());
        }
        let v: u16 = x.parse().map_err(|_| malformed())?;
        if v > u16::from(MAX_NUMBER) {
            return Err(ParseTileError::NumberTooLarge(excerpt(s)));
        }
        Ok(v as u8)
    };
    Ok((num(a)?, num(b)?))
}

impl FromStr for Tile {
    type Err = ParseTileError;
    fn from_str(s: &str) -> Result<Tile, ParseTileError> {
        let (a, b) = parse_halves(s)?;
        Tile::new(a, b).ok_or_else(|| ParseTileError::NumberTooLarge(excerpt(s)))
    }
}

/// Bit masks of the tiles showing each number (index = number, 0 to 12), over the double-twelve
/// set; 16 entries so that a 4-bit index needs no bounds check.
pub(crate) const NUMBER_TILES: [u128; 16] = {
    let mut out = [0u128; 16];
    let mut id = 0;
    while id < MAX_TILES {
        let t = Tile::from_id(id as u8);
        out[t.high as usize] |= 1u128 << id;
        out[t.low as usize] |= 1u128 << id;
        id += 1;
    }
    out
};

/// The bit mask of the doubles (`0-0` to `12-12`); a double's id grows with its number.
pub(crate) const DOUBLES: u128 = {
    let mut out = 0u128;
    let mut id = 0;
    while id < MAX_TILES {
        if Tile::from_id(id as u8).is_double() {
            out |= 1u128 << id;
        }
        id += 1;
    }
    out
};

/// A set of distinct tiles (a hand, the stock, the tiles of a layout).
///
/// Written as the tiles in ascending order separated by spaces, or `-` when empty.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Tile, Tiles};
/// let hand: Tiles = "6-6 5-4 0-0".parse()?;
/// assert_eq!(hand.len(), 3);
/// assert_eq!(hand.pips(), 21);
/// assert!(hand.contains("4-5".parse()?));
/// assert_eq!(hand.to_string(), "0-0 5-4 6-6");
/// assert!("6-6 6-6".parse::<Tiles>().is_err()); // a duplicate tile
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Tiles(pub(crate) u128);

/// A list of tiles that cannot be a set.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{ParseTilesError, Tiles};
/// assert!(matches!("6-6 6-6".parse::<Tiles>(), Err(ParseTilesError::Duplicate(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseTilesError {
    /// One of the tiles is malformed.
    #[error(transparent)]
    Tile(#[from] ParseTileError),
    /// The same tile twice.
    #[error("duplicate tile {0}")]
    Duplicate(Tile),
}

impl Tiles {
    /// No tiles.
    pub const EMPTY: Tiles = Tiles(0);

    /// Every tile of the double-`highest` set (28 tiles for double-six), or `None` when
    /// `highest` is above [`MAX_NUMBER`].
    #[must_use]
    pub const fn full_set(highest: u8) -> Option<Tiles> {
        if highest > MAX_NUMBER {
            return None;
        }
        let n = (highest as u32 + 1) * (highest as u32 + 2) / 2;
        Some(Tiles(if n >= 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        }))
    }

    /// How many tiles.
    #[must_use]
    pub const fn len(self) -> usize {
        // Two 64-bit counts (no POPCNT in the default target: about 15 instructions each),
        // the second only for a set above double-ten (bits 64 and up).
        let high = (self.0 >> 64) as u64;
        let low = (self.0 as u64).count_ones() as usize;
        if high == 0 {
            low
        } else {
            low + high.count_ones() as usize
        }
    }

    /// Whether there are no tiles.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `tile` is in the set.
    #[must_use]
    pub const fn contains(self, tile: Tile) -> bool {
        self.0 & tile.bit() != 0
    }

    /// Adds `tile`; returns whether it was new.
    pub fn insert(&mut self, tile: Tile) -> bool {
        let had = self.contains(tile);
        self.0 |= tile.bit();
        !had
    }

    /// Removes `tile`; returns whether it was present.
    pub fn remove(&mut self, tile: Tile) -> bool {
        let had = self.contains(tile);
        self.0 &= !tile.bit();
        had
    }

    /// The pips on all the tiles.
    #[must_use]
    pub fn pips(self) -> u32 {
        self.iter().map(Tile::pips).sum()
    }

    /// The tiles in ascending order (`0-0`, `1-0`, `1-1`, `2-0`, ...).
    pub fn iter(self) -> impl Iterator<Item = Tile> + Clone {
        let mut bits = self.0;
        core::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let id = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Tile::from_id(id))
        })
    }

    /// The tiles in both sets.
    #[must_use]
    pub const fn intersection(self, other: Tiles) -> Tiles {
        Tiles(self.0 & other.0)
    }

    /// The tiles in either set.
    #[must_use]
    pub const fn union(self, other: Tiles) -> Tiles {
        Tiles(self.0 | other.0)
    }

    /// The tiles of `self` not in `other`.
    #[must_use]
    pub const fn difference(self, other: Tiles) -> Tiles {
        Tiles(self.0 & !other.0)
    }

    /// The lowest pip count of the tiles (E5's lightest tile), `None` for no tiles.
    pub(crate) fn lightest(self) -> Option<u32> {
        self.iter().map(Tile::pips).min()
    }

    /// A uniformly random tile of the set, `None` when it is empty. Branch-free rank and
    /// select: without a POPCNT instruction in the default target, counting bits one by one
    /// is slow.
    #[inline(always)]
    pub(crate) fn sample(self, rng: &mut GameRng) -> Option<Tile> {
        // Sets up to double-six in one 32-bit word, up to double-ten in one 64-bit word.
        if let Ok(word) = u32::try_from(self.0) {
            let cum = byte_prefix_counts32(word);
            let n = cum >> 24;
            if n == 0 {
                return None;
            }
            let k = rng.below(n);
            return Some(Tile::from_id(select32(word, cum, k) as u8));
        }
        if self.0 >> 64 != 0 {
            return self.sample_wide(rng);
        }
        let lo = self.0 as u64;
        if lo == 0 {
            return None;
        }
        let cum = byte_prefix_counts(lo);
        let k = rng.below((cum >> 56) as u32);
        Some(Tile::from_id(select64(lo, cum, k) as u8))
    }

    /// [`Tiles::sample`] for a set with tiles past the first 64 (sets above double-ten).
    #[cold]
    #[inline(never)]
    fn sample_wide(self, rng: &mut GameRng) -> Option<Tile> {
        let lo = self.0 as u64;
        let hi = (self.0 >> 64) as u64;
        let cum_lo = byte_prefix_counts(lo);
        let n_lo = (cum_lo >> 56) as u32;
        let cum_hi = byte_prefix_counts(hi);
        let n = n_lo + (cum_hi >> 56) as u32;
        if n == 0 {
            return None;
        }
        let k = rng.below(n);
        let id = if k < n_lo {
            select64(lo, cum_lo, k)
        } else {
            64 + select64(hi, cum_hi, k - n_lo)
        };
        Some(Tile::from_id(id as u8))
    }

    /// Whether the set has more than `n` tiles, for small `n`, without counting them all.
    pub(crate) fn more_than(self, n: u32) -> bool {
        let mut x = self.0;
        for _ in 0..n {
            x &= x.wrapping_sub(1);
        }
        x != 0
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Byte `i` of the result is the number of set bits of `x` in bytes `0..=i` (so the top byte
/// is the population count).
pub(crate) const fn byte_prefix_counts(x: u64) -> u64 {
    let mut s = x - ((x >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    s.wrapping_mul(ONES)
}

/// The bits of `x` spread to the even positions of a word (bit `i` to bit `2i`), so that two
/// sets over 32 tiles interleave into one word: `spread(a) | spread(b) << 1`.
pub(crate) const fn spread(x: u32) -> u64 {
    let mut x = x as u64;
    x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x << 2)) & 0x3333_3333_3333_3333;
    (x | (x << 1)) & 0x5555_5555_5555_5555
}

/// `SELECT_IN_BYTE[b][r]`: the position of the `r`-th set bit of the byte `b`.
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut out = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut r = 0;
        let mut bit = 0;
        while bit < 8 {
            if b & (1 << bit) != 0 {
                out[b][r] = bit as u8;
                r += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    out
};

/// The position of the `k`-th set bit of `x` (`k < popcount(x)`), given
/// `cum = byte_prefix_counts(x)` (Vigna's broadword select, without branches).
#[inline(always)]
pub(crate) fn select64(x: u64, cum: u64, k: u32) -> u32 {
    // Bytes whose prefix count is <= k form a prefix of the word: count them.
    let kb = u64::from(k) * ONES;
    let le = ((kb | HIGHS) - cum) & HIGHS;
    let bytes = ((le >> 7).wrapping_mul(ONES) >> 56) as u32;
    // At most 56 for `k < popcount(x)` (the top byte counts every bit); `& 63` keeps any
    // other `k` from overflowing the shifts at the cost of one instruction, not three.
    let shift = (bytes * 8) & 63;
    let before = ((cum << 8) >> shift) & 0xFF;
    let byte = ((x >> shift) & 0xFF) as usize;
    let rank = (k as usize).wrapping_sub(before as usize) & 7;
    shift + u32::from(SELECT_IN_BYTE[byte][rank])
}

/// [`byte_prefix_counts`] for a word of 32 bits (the top byte is the population count).
pub(crate) const fn byte_prefix_counts32(x: u32) -> u32 {
    let mut s = x - ((x >> 1) & 0x5555_5555);
    s = (s & 0x3333_3333) + ((s >> 2) & 0x3333_3333);
    s = (s + (s >> 4)) & 0x0F0F_0F0F;
    s.wrapping_mul(0x0101_0101)
}

/// [`select64`] for a word of 32 bits, given `cum = byte_prefix_counts32(x)`.
#[inline(always)]
pub(crate) fn select32(x: u32, cum: u32, k: u32) -> u32 {
    let le = ((k.wrapping_mul(0x0101_0101) | 0x8080_8080) - cum) & 0x8080_8080;
    let bytes = (le >> 7).wrapping_mul(0x0101_0101) >> 24;
    let shift = (bytes * 8) & 31;
    let before = ((cum << 8) >> shift) & 0xFF;
    let byte = ((x >> shift) & 0xFF) as usize;
    let rank = (k.wrapping_sub(before) & 7) as usize;
    shift + u32::from(SELECT_IN_BYTE[byte][rank])
}

impl fmt::Display for Tiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, t) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Tiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tiles({self})")
    }
}

impl FromStr for Tiles {
    type Err = ParseTilesError;
    fn from_str(s: &str) -> Result<Tiles, ParseTilesError> {
        let s = s.trim();
        let mut out = Tiles::EMPTY;
        if s == "-" {
            return Ok(out);
        }
        for word in s.split_whitespace() {
            let t: Tile = word.parse()?;
            if !out.insert(t) {
                return Err(ParseTilesError::Duplicate(t));
            }
        }
        Ok(out)
    }
}

impl FromIterator<Tile> for Tiles {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Tiles {
        let mut out = Tiles::EMPTY;
        for t in iter {
            out.insert(t);
        }
        out
    }
}

/// One of the two long sides of a spinner (a double laid crosswise).
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{End, Side, Tile};
/// let end: End = "2-2:down".parse()?;
/// assert_eq!(end, End::Side(Tile::new(2, 2).ok_or("tile")?, Side::Down));
/// assert_eq!(Side::Up.name(), "up");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// The side written first (`up`).
    Up,
    /// The other side (`down`).
    Down,
}

impl Side {
    /// Both sides, `up` first.
    pub const BOTH: [Side; 2] = [Side::Up, Side::Down];

    /// The side's name as written (`up`, `down`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::Up => "up",
            Side::Down => "down",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is not a spinner's side as [`Side`]'s `Display` writes it (`up` or `down`):
/// the text, at most 64 characters of it ([`boardgame_core::text::excerpt`]).
///
/// # Examples
///
/// ```
/// let e = "north".parse::<lattjo_dominoes::Side>().unwrap_err();
/// assert_eq!(e.0, "north");
/// assert_eq!(e.to_string(), "unknown side \"north\": expected up or down");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown side {0:?}: expected up or down")]
#[non_exhaustive]
pub struct ParseSideError(pub String);

/// Reads exactly what `Display` writes, `up` or `down`: lower case, nothing around it (the
/// words after the `:` of an [`End`]'s `2-2:up`).
///
/// # Errors
///
/// [`ParseSideError`] for any other text.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::Side;
/// assert_eq!("down".parse::<Side>()?, Side::Down);
/// assert_eq!(Side::Up.to_string().parse::<Side>()?, Side::Up);
/// assert!("Up".parse::<Side>().is_err());
/// assert!("left".parse::<Side>().is_err()); // an end of the line, not a side
/// # Ok::<(), lattjo_dominoes::ParseSideError>(())
/// ```
impl FromStr for Side {
    type Err = ParseSideError;
    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        match s {
            "up" => Ok(Side::Up),
            "down" => Ok(Side::Down),
            _ => Err(ParseSideError(excerpt(s))),
        }
    }
}

/// An open end of the layout a tile is added to.
///
/// `Left` and `Right` are the two ends of the line from the first tile. `Up` and `Down` are
/// the two long sides of the first spinner (the first double played, with
/// [`SpinnerRule::FirstDouble`](crate::SpinnerRule::FirstDouble) as in All Fives, or with
/// [`SpinnerRule::EveryDouble`](crate::SpinnerRule::EveryDouble) as in Five-Up). In Five-Up
/// every later double is a spinner too, and its sides are named by the double:
/// `Side(2-2, Up)`, written `2-2:up` (decision FU4 in `docs/dominoes.md`).
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{End, Side, Tile};
/// assert_eq!("left".parse::<End>()?, End::Left);
/// let side: End = "2-2:up".parse()?;
/// assert_eq!(side, End::Side(Tile::new(2, 2).unwrap(), Side::Up));
/// assert_eq!(side.to_string(), "2-2:up");
/// assert!("2-1:up".parse::<End>().is_err()); // only a double has sides
/// # Ok::<(), lattjo_dominoes::ParseEndError>(())
/// ```
///
/// With the `serde` feature it deserializes only as its notation reads: the side of a
/// double (an audit found `{"Side": ["2-1", "Up"]}` read, a value whose text `2-1:up` the
/// notation refuses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "EndRepr"))]
#[non_exhaustive]
// `repr(u8)`: the variant is a tag byte of its own, not the spare values of `Side`'s byte,
// so telling the line's ends from the others (on every play) is one comparison (issue 17).
#[repr(u8)]
pub enum End {
    /// The left end of the line.
    Left,
    /// The right end of the line.
    Right,
    /// Above the first spinner.
    Up,
    /// Below the first spinner.
    Down,
    /// A side of a later spinner (Five-Up): the double and which side.
    Side(Tile, Side),
}

/// [`End`]'s serde form as read, before the check that a side is a double's.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "End")]
enum EndRepr {
    Left,
    Right,
    Up,
    Down,
    Side(Tile, Side),
}

#[cfg(feature = "serde")]
impl TryFrom<EndRepr> for End {
    type Error = ParseEndError;
    fn try_from(r: EndRepr) -> Result<End, ParseEndError> {
        Ok(match r {
            EndRepr::Left => End::Left,
            EndRepr::Right => End::Right,
            EndRepr::Up => End::Up,
            EndRepr::Down => End::Down,
            EndRepr::Side(d, side) if d.is_double() => End::Side(d, side),
            EndRepr::Side(d, side) => {
                return Err(ParseEndError(format!("{d}:{side}")));
            }
        })
    }
}

impl End {
    /// The ends of the line and the sides of the first spinner. Move generation tries the
    /// line's ends first, then every spinner's sides in the order of the spinners' numbers,
    /// the first spinner's `up` and `down` among them at its number's place (see
    /// [`Layout::open_ends`](crate::Layout::open_ends)).
    pub const ALL: [End; 4] = [End::Left, End::Right, End::Up, End::Down];
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Left => f.write_str("left"),
            End::Right => f.write_str("right"),
            End::Up => f.write_str("up"),
            End::Down => f.write_str("down"),
            End::Side(d, side) => write!(f, "{d}:{side}"),
        }
    }
}

/// A word that is not `left`, `right`, `up`, `down` or a double's side like `2-2:up`.
///
/// # Examples
///
/// ```
/// let e = "north".parse::<lattjo_dominoes::End>().unwrap_err();
/// assert_eq!(e.0, "north");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown end {0:?}: expected left, right, up, down or a double's side like 2-2:up")]
#[non_exhaustive]
pub struct ParseEndError(pub String);

impl FromStr for End {
    type Err = ParseEndError;
    fn from_str(s: &str) -> Result<End, ParseEndError> {
        match s {
            "left" => Ok(End::Left),
            "right" => Ok(End::Right),
            "up" => Ok(End::Up),
            "down" => Ok(End::Down),
            _ => {
                let err = || ParseEndError(excerpt(s));
                let (tile, side) = s.split_once(':').ok_or_else(err)?;
                let side = match side {
                    "up" => Side::Up,
                    "down" => Side::Down,
                    _ => return Err(err()),
                };
                let (a, b) = parse_halves(tile).map_err(|_| err())?;
                match Tile::new(a, b) {
                    Some(d) if a == b => Ok(End::Side(d, side)),
                    _ => Err(err()),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_sides_read_back_from_their_text() {
        for side in Side::BOTH {
            assert_eq!(side.to_string().parse::<Side>(), Ok(side));
        }
    }

    #[test]
    fn a_word_that_is_no_side_is_refused_without_a_panic() {
        let long = "up".repeat(50_000);
        for bad in [
            "", " ", "Up", "DOWN", "u", "up ", " down", "up\n", "upx", "up down", "left", "2-2:up",
            "ùp", "ｕp", &long,
        ] {
            let err = bad.parse::<Side>().expect_err(bad);
            assert_eq!(err, ParseSideError(excerpt(bad)), "{bad:?}");
            assert!(err.0.chars().count() <= boardgame_core::text::EXCERPT_CHARS);
        }
    }

    #[test]
    fn ids_are_dense_and_invert() {
        for id in 0..MAX_TILES as u8 {
            assert_eq!(Tile::from_id(id).id(), id);
        }
        assert_eq!(Tile::new(6, 6).map(Tile::id), Some(27));
        assert_eq!(Tile::new(12, 12).map(Tile::id), Some(90));
    }

    /// D1: a double-six set is the 28 pairs 0 <= a <= b <= 6, 7 doubles, each number on 8
    /// halves, 168 pips in all.
    #[test]
    fn d1_double_six_set_has_28_tiles_and_168_pips() {
        let set = Tiles::full_set(6).unwrap();
        assert_eq!(set.len(), 28);
        assert_eq!(set.pips(), 168);
        assert_eq!(set.iter().filter(|t| t.is_double()).count(), 7);
        for n in 0..=6u8 {
            let halves: usize = set
                .iter()
                .map(|t| usize::from(t.high == n) + usize::from(t.low == n))
                .sum();
            assert_eq!(halves, 8, "number {n}");
            assert_eq!(Tiles(NUMBER_TILES[n as usize]).intersection(set).len(), 7);
        }
        assert_eq!(Tiles::full_set(9).unwrap().len(), 55);
        assert_eq!(Tiles::full_set(12).unwrap().len(), 91);
        assert!(Tiles::full_set(13).is_none());
    }

    #[test]
    fn sample_reaches_every_tile_of_both_words() {
        let set = Tiles::full_set(12).unwrap();
        let mut rng = GameRng::new(1, 0);
        let mut seen = Tiles::EMPTY;
        for _ in 0..5000 {
            let t = set.sample(&mut rng).unwrap();
            assert!(set.contains(t));
            seen.insert(t);
        }
        assert_eq!(seen, set);
        assert_eq!(Tiles::EMPTY.sample(&mut rng), None);
        assert!(set.more_than(90) && !set.more_than(91));
        // Every rank of a few words, against counting bit by bit.
        for x in [
            1u64,
            0b1011_0000_0001,
            u64::MAX,
            0x8000_0000_0000_0001,
            0x00F0_0F00_F00F_0FF0,
        ] {
            let cum = byte_prefix_counts(x);
            assert_eq!((cum >> 56) as u32, x.count_ones());
            let mut y = x;
            for k in 0..x.count_ones() {
                assert_eq!(select64(x, cum, k), y.trailing_zeros(), "{x:#x} rank {k}");
                y &= y - 1;
            }
            // The 32-bit twin on each half.
            for half in [x as u32, (x >> 32) as u32] {
                let cum = byte_prefix_counts32(half);
                assert_eq!(cum >> 24, half.count_ones());
                let mut y = half;
                for k in 0..half.count_ones() {
                    assert_eq!(
                        select32(half, cum, k),
                        y.trailing_zeros(),
                        "{half:#x} rank {k}"
                    );
                    y &= y - 1;
                }
            }
        }
        assert!(!Tiles::EMPTY.more_than(0));
    }

    #[test]
    fn malformed_tile_strings_are_typed_errors() {
        for s in ["", "6", "6-", "-6", "6--4", "a-b", "6-4-2", "+6-4", " 6-4"] {
            assert!(
                matches!(s.parse::<Tile>(), Err(ParseTileError::Malformed(_))),
                "{s:?}"
            );
        }
        assert!(matches!(
            "13-0".parse::<Tile>(),
            Err(ParseTileError::NumberTooLarge(_))
        ));
        assert!(matches!(
            "99999-0".parse::<Tile>(),
            Err(ParseTileError::Malformed(_))
        ));
    }

    #[test]
    fn lightest_is_the_lowest_weight_even_when_shared() {
        let t: Tiles = "2-1 3-0 6-6".parse().unwrap();
        assert_eq!(
            t.lightest(),
            Some(3),
            "two tiles of 3 pips: the lightest weighs 3"
        );
        let t: Tiles = "2-0 3-0".parse().unwrap();
        assert_eq!(t.lightest(), Some(2));
        assert_eq!(Tiles::EMPTY.lightest(), None);
    }
}
