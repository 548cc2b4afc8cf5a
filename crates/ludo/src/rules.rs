//! Rule options: the board geometry and the orthogonal flags D1-D10 of the rules file, with the
//! three presets built from them.

use core::fmt;

use boardgame_core::text::excerpt;

use crate::position::small_number;
use crate::{Die, Seats};

/// The board geometry in path indices (rules file section 1, D10, A1): `T` dots in the shared
/// loop, `L` the last loop index a checker visits before it turns onto its home track, `H`
/// home-track dots.
///
/// A checker's path index is 0 in the den, 1 on its start dot, `2..=L` further round the loop,
/// `L+1..=L+H` on its own home track and `L+H+1` on the finishing dot (when the board has one,
/// see [`Finish`]).
///
/// # Examples
///
/// ```
/// use lattjo_ludo::Geometry;
/// let g = Geometry::new(52, 51, 5)?;
/// assert_eq!(g.finish_index(), 57);
/// assert!(Geometry::new(41, 40, 4).is_err(), "four start dots a quarter apart");
/// # Ok::<(), lattjo_ludo::GeometryError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawGeometry"))]
pub struct Geometry {
    loop_len: u8,
    last_loop: u8,
    home_len: u8,
}

#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawGeometry {
    loop_len: u8,
    last_loop: u8,
    home_len: u8,
}

#[cfg(feature = "serde")]
impl TryFrom<RawGeometry> for Geometry {
    type Error = GeometryError;
    fn try_from(r: RawGeometry) -> Result<Geometry, GeometryError> {
        Geometry::new(r.loop_len, r.last_loop, r.home_len)
    }
}

/// A geometry that no board can have.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Geometry, GeometryError};
/// assert_eq!(Geometry::new(42, 40, 4), Err(GeometryError::LoopLength(42)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GeometryError {
    /// The loop length is not a multiple of 4 from 8 to [`MAX_LOOP`] (the four start dots are
    /// `T/4` apart).
    #[error("the loop must have a multiple of 4 dots from 8 to 128, not {0}")]
    LoopLength(u8),
    /// `L` below 2 or above `T` (a checker goes round at most once).
    #[error(
        "the last loop index must be between 2 and the loop length {loop_len}, not {last_loop}"
    )]
    LastLoop {
        /// `T`.
        loop_len: u8,
        /// `L`.
        last_loop: u8,
    },
    /// No home track, or a path so long that indices no longer fit (`L + H + 1` above
    /// [`MAX_FINISH`]).
    #[error("{}", home_length_message(*.home_len, *.max))]
    HomeLength {
        /// `H`.
        home_len: u8,
        /// The largest `H` this `L` allows: 0 when `L` is above `MAX_FINISH - 2` (118), which
        /// leaves room for no home track at all.
        max: u8,
    },
}

/// [`GeometryError::HomeLength`]'s message: a range of home lengths, or, when the last loop
/// index leaves room for none, that (a range "1 to 0" named nothing).
fn home_length_message(home_len: u8, max: u8) -> String {
    if max == 0 {
        format!(
            "no home track fits after a last loop index above {}: the finishing index \
             L + H + 1 may be at most {MAX_FINISH} (home length {home_len} given)",
            MAX_FINISH - 2
        )
    } else {
        format!("the home track must have 1 to {max} dots, not {home_len}")
    }
}

/// The longest loop a geometry may have (the loop's dots are kept in a 128-bit set).
pub const MAX_LOOP: u8 = 128;

/// The largest finishing index a geometry may have (indices are bytes, with room for a bounce).
pub const MAX_FINISH: u8 = 120;

impl Geometry {
    /// The provisional LATTJO geometry (A1): 40/40/4, finishing dot at 45.
    pub const LATTJO: Geometry = Geometry {
        loop_len: 40,
        last_loop: 40,
        home_len: 4,
    };
    /// Classic Ludo (D10): 52/51/5, finish at 57.
    pub const CLASSIC: Geometry = Geometry {
        loop_len: 52,
        last_loop: 51,
        home_len: 5,
    };
    /// Mensch ärgere dich nicht (D10): 40/40/4 with four goal fields.
    pub const MENSCH: Geometry = Geometry {
        loop_len: 40,
        last_loop: 40,
        home_len: 4,
    };

    /// A geometry of `loop_len` loop dots (`T`), last loop index `last_loop` (`L`) and
    /// `home_len` home-track dots (`H`).
    ///
    /// # Errors
    ///
    /// [`GeometryError`] unless `T` is a multiple of 4 from 8 to [`MAX_LOOP`], `2 <= L <= T`
    /// and `1 <= H` with `L + H + 1 <=` [`MAX_FINISH`].
    pub const fn new(loop_len: u8, last_loop: u8, home_len: u8) -> Result<Geometry, GeometryError> {
        if loop_len < 8 || loop_len > MAX_LOOP || !loop_len.is_multiple_of(4) {
            return Err(GeometryError::LoopLength(loop_len));
        }
        if last_loop < 2 || last_loop > loop_len {
            return Err(GeometryError::LastLoop {
                loop_len,
                last_loop,
            });
        }
        let max = if last_loop + 1 >= MAX_FINISH {
            0
        } else {
            MAX_FINISH - last_loop - 1
        };
        if home_len < 1 || home_len > max {
            return Err(GeometryError::HomeLength { home_len, max });
        }
        Ok(Geometry {
            loop_len,
            last_loop,
            home_len,
        })
    }

    /// `T`, the dots in the shared loop.
    #[must_use]
    pub const fn loop_len(self) -> u8 {
        self.loop_len
    }

    /// `L`, the last loop index before the home track.
    #[must_use]
    pub const fn last_loop(self) -> u8 {
        self.last_loop
    }

    /// `H`, the home-track dots.
    #[must_use]
    pub const fn home_len(self) -> u8 {
        self.home_len
    }

    /// `F = L + H + 1`, the index of the finishing dot.
    #[must_use]
    pub const fn finish_index(self) -> u8 {
        self.last_loop + self.home_len + 1
    }

    /// The loop dot (0-based, clockwise from red's start dot) of path index `k` of colour `c`,
    /// or `None` when `k` is not a loop index (`k == 0` or `k > L`).
    #[must_use]
    pub const fn loop_dot(self, c: crate::Colour, k: u8) -> Option<u8> {
        if k == 0 || k > self.last_loop {
            return None;
        }
        let a = self.start_offset(c) as u16 + k as u16 - 1;
        Some((a % self.loop_len as u16) as u8)
    }

    /// The loop dot of colour `c`'s start dot.
    #[must_use]
    pub const fn start_offset(self, c: crate::Colour) -> u8 {
        (self.loop_len / 4) * c as u8
    }
}

impl fmt::Display for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.loop_len, self.last_loop, self.home_len)
    }
}

/// A text that is not a geometry: not three numbers `T/L/H`, or numbers that no board can
/// have.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Geometry, GeometryError, ParseGeometryError};
/// assert!(matches!("40/40".parse::<Geometry>(), Err(ParseGeometryError::Malformed(_))));
/// assert_eq!(
///     "42/40/4".parse::<Geometry>(),
///     Err(ParseGeometryError::Geometry(GeometryError::LoopLength(42)))
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseGeometryError {
    /// Not three numbers in ASCII digits (at most three each) joined by `/`.
    #[error("not a geometry T/L/H: {0:?}")]
    Malformed(String),
    /// Three numbers that no board can have.
    #[error(transparent)]
    Geometry(#[from] GeometryError),
}

/// Reads what `Display` writes, `T/L/H` (`40/40/4`, `52/51/5`): the geometry field of a
/// position string, read as the position reads it.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::Geometry;
/// assert_eq!("52/51/5".parse(), Ok(Geometry::CLASSIC));
/// assert!("52/51/5 ".parse::<Geometry>().is_err());
/// ```
impl core::str::FromStr for Geometry {
    type Err = ParseGeometryError;
    fn from_str(s: &str) -> Result<Geometry, ParseGeometryError> {
        crate::position::geometry(s).map_err(|e| match e {
            crate::PositionError::Geometry(e) => ParseGeometryError::Geometry(e),
            _ => ParseGeometryError::Malformed(excerpt(s)),
        })
    }
}

/// How the path ends (D10).
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Finish, Rules};
/// assert_eq!(Rules::lattjo().finish, Finish::CentreDot);
/// assert_eq!(Rules::lattjo().end_index(), 45, "the finishing dot F = L + H + 1");
/// assert_eq!(Rules::mensch().finish, Finish::GoalFields);
/// assert_eq!(Rules::mensch().end_index(), 44, "the last goal field");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Finish {
    /// One shared finishing dot at index `F = L+H+1`; a checker that reaches it is taken out of
    /// play (L16, A16). LATTJO and Classic.
    #[default]
    CentreDot,
    /// No finishing dot: the `H` home-track dots are goal fields, the furthest a checker can go
    /// is `L+H`, and a colour has finished when all four checkers stand in its goal fields.
    /// Schmidt's Mensch ärgere dich nicht.
    GoalFields,
}

/// What happens when a roll would carry a checker past the end of its path (D4).
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Ludo, Overshoot, Rules};
/// let text = "LUDO 40/40/4 RGYB R 0 R:0,0,0,44 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 die=3";
/// let bounce = Ludo::default().state_from_str(text)?;
/// assert_eq!(bounce.legal_moves()[0].to_string(), "R:44>43~");
/// let exact = Ludo::new(Rules::lattjo().with_overshoot(Overshoot::Illegal))?;
/// assert!(exact.state_from_str(text).is_err(), "no legal move: such a roll is lost at once");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Overshoot {
    /// The checker counts up to the end and back by the excess (L15, A4): target `2E - p - d`
    /// where `E` is the end of the path.
    #[default]
    Bounce,
    /// That checker cannot use the roll (the exact count is needed).
    Illegal,
}

/// What a 6 does for a checker in the den (D2).
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Ludo, Rules, SixRelease};
/// let text = "LUDO 40/40/4 RGYB R 1 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 die=6";
/// let moves = |game: &Ludo| -> Result<Vec<String>, Box<dyn std::error::Error>> {
///     Ok(game.state_from_str(text)?.legal_moves().iter().map(|m| m.to_string()).collect())
/// };
/// assert_eq!(moves(&Ludo::default())?, ["R:0>1,0>1", "R:0>6"]);
/// let one = Ludo::new(Rules::lattjo().with_six_release(SixRelease::OneToStart))?;
/// assert_eq!(moves(&one)?, ["R:0>1"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum SixRelease {
    /// The booklet (L6, A5): two checkers from the den to the start dot (only with at least two
    /// in the den), or one checker straight to the sixth dot.
    #[default]
    TwoOrSixthDot,
    /// One checker to the start dot, like every other release roll.
    OneToStart,
}

/// The die values that let a checker leave the den (D1), a set of faces 1 to 6.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Die, ReleaseRolls};
/// let r = ReleaseRolls::ONE_AND_SIX;
/// assert!(r.contains(Die::new(1)?));
/// assert!(!r.contains(Die::new(5)?));
/// assert_eq!(r.to_string(), "{1,6}");
/// # Ok::<(), lattjo_ludo::DieError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Vec<Die>", into = "Vec<Die>"))]
pub struct ReleaseRolls(u8);

/// A list of release rolls that is empty (nobody could ever leave the den).
///
/// # Examples
///
/// ```
/// use lattjo_ludo::ReleaseRolls;
/// assert!(ReleaseRolls::try_from(Vec::new()).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at least one die value must release a checker from the den")]
#[non_exhaustive]
pub struct ReleaseRollsError;

impl TryFrom<Vec<Die>> for ReleaseRolls {
    type Error = ReleaseRollsError;
    fn try_from(faces: Vec<Die>) -> Result<ReleaseRolls, ReleaseRollsError> {
        ReleaseRolls::new(&faces).ok_or(ReleaseRollsError)
    }
}

impl From<ReleaseRolls> for Vec<Die> {
    fn from(r: ReleaseRolls) -> Vec<Die> {
        r.faces().collect()
    }
}

impl ReleaseRolls {
    /// 1 or 6 (the booklet, L4).
    pub const ONE_AND_SIX: ReleaseRolls = ReleaseRolls(0b10_0001);
    /// 6 only (Classic and Mensch).
    pub const SIX: ReleaseRolls = ReleaseRolls(0b10_0000);

    /// The set of these faces; `None` for an empty list (nobody could ever leave the den).
    #[must_use]
    pub fn new(faces: &[Die]) -> Option<ReleaseRolls> {
        let mut m = 0u8;
        for d in faces {
            m |= 1 << (d.value() - 1);
        }
        (m != 0).then_some(ReleaseRolls(m))
    }

    /// Whether `die` releases.
    #[must_use]
    pub const fn contains(self, die: Die) -> bool {
        self.0 & (1 << (die.value() - 1)) != 0
    }

    /// The releasing faces, lowest first.
    pub fn faces(self) -> impl Iterator<Item = Die> + Clone {
        Die::ALL.into_iter().filter(move |&d| self.contains(d))
    }

    pub(crate) const fn contains_value(self, v: u8) -> bool {
        self.0 & (1 << (v - 1)) != 0
    }

    /// The set of these faces, each a number 1 to 6, ascending ([`ascending_set`]); `None`
    /// in place of an empty set (as [`ReleaseRolls::new`]).
    fn from_faces<'a>(
        faces: impl Iterator<Item = &'a str>,
    ) -> Result<Option<ReleaseRolls>, SetError> {
        let bits = ascending_set(faces, 1..=6)?;
        Ok((bits != 0).then_some(ReleaseRolls((bits >> 1) as u8)))
    }
}

impl fmt::Display for ReleaseRolls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for (i, d) in self.faces().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{d}")?;
        }
        write!(f, "}}")
    }
}

/// A text that is not a set of release rolls: not `{`, the faces 1 to 6 ascending joined by
/// `,`, and `}`.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::ReleaseRolls;
/// let e = "{6,1}".parse::<ReleaseRolls>().unwrap_err();
/// assert_eq!(e.0, "{6,1}");
/// assert!("{}".parse::<ReleaseRolls>().is_err(), "nobody could leave the den");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a set of release rolls {0:?} (expected faces 1 to 6 ascending, such as {{1,6}})")]
#[non_exhaustive]
pub struct ParseReleaseRollsError(pub String);

/// Reads what `Display` writes: the faces ascending, each once, in braces (`{1,6}`, `{6}`);
/// at least one (see [`ReleaseRollsError`]). The faces are read as the `release=` option of
/// the state string reads them.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::ReleaseRolls;
/// assert_eq!("{1,6}".parse(), Ok(ReleaseRolls::ONE_AND_SIX));
/// assert!("{1, 6}".parse::<ReleaseRolls>().is_err());
/// ```
impl core::str::FromStr for ReleaseRolls {
    type Err = ParseReleaseRollsError;
    fn from_str(s: &str) -> Result<ReleaseRolls, ParseReleaseRollsError> {
        s.strip_prefix('{')
            .and_then(|s| s.strip_suffix('}'))
            .and_then(|faces| ReleaseRolls::from_faces(faces.split(',')).ok().flatten())
            .ok_or_else(|| ParseReleaseRollsError(excerpt(s)))
    }
}

impl fmt::Debug for ReleaseRolls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ReleaseRolls({self})")
    }
}

/// Safe dots of the loop (D7's separate option, Ludo King style): a set of offsets, each
/// counted clockwise from **every** colour's start dot (0 is the start dot itself), whose dots
/// no checker can be captured on. Checkers of different colours may share a safe dot, and a
/// landing there captures nothing; a colour's own checkers share one only under D3
/// (`own_stacking`), as on any dot. The home tracks (or goal fields) stay safe as always.
///
/// The offsets count from all four start dots, whether that colour plays or not: the stars
/// are marks printed on the board, like the dots themselves (A14's ordinary start dots of
/// absent colours are ordinary in that nobody enters there, not unmarked). So the safe dots
/// look the same from every seat, and the rules file's seat rotation keeps holding.
///
/// [`SafeDots::NONE`] (every preset's value) leaves D7 as the rules file states it;
/// [`SafeDots::LUDO_KING`] is Ludo King's classic board, eight safe dots on the 52-dot loop:
/// each start dot and the star 8 dots beyond it. An offset must be below the loop length `T`
/// ([`crate::RulesError::SafeDot`]); [`crate::Ludo::new`] stores the offsets reduced modulo
/// `T/4` (an offset of `T/4` or more names a dot that is a smaller offset from the next start
/// dot), so that two rules with the same safe dots are equal.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Geometry, SafeDots};
/// let stars = SafeDots::LUDO_KING;
/// assert_eq!(stars.offsets().collect::<Vec<_>>(), [0, 8]);
/// let dots: Vec<u8> = stars.loop_dots(Geometry::CLASSIC).collect();
/// assert_eq!(dots, [0, 8, 13, 21, 26, 34, 39, 47]);
/// assert!(stars.is_safe(Geometry::CLASSIC, 47));
/// assert!(!stars.is_safe(Geometry::CLASSIC, 46));
/// assert_eq!(SafeDots::new(&[8, 0])?, stars);
/// assert!(SafeDots::new(&[128]).is_err());
/// assert_eq!(stars.to_string(), "{0,8}");
/// # Ok::<(), lattjo_ludo::SafeDotsError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Vec<u8>", into = "Vec<u8>"))]
pub struct SafeDots(u128);

/// A safe-dot offset that no loop can have (at least [`MAX_LOOP`]).
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{SafeDots, SafeDotsError};
/// assert!(matches!(SafeDots::new(&[0, 200]), Err(SafeDotsError { offset: 200, .. })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a safe-dot offset must be below {max}, not {offset}", max = MAX_LOOP)]
#[non_exhaustive]
pub struct SafeDotsError {
    /// The offset given.
    pub offset: u8,
}

impl TryFrom<Vec<u8>> for SafeDots {
    type Error = SafeDotsError;
    fn try_from(offsets: Vec<u8>) -> Result<SafeDots, SafeDotsError> {
        SafeDots::new(&offsets)
    }
}

impl From<SafeDots> for Vec<u8> {
    fn from(s: SafeDots) -> Vec<u8> {
        s.offsets().collect()
    }
}

impl SafeDots {
    /// No safe dots on the loop (D7 as the rules file states it; every preset).
    pub const NONE: SafeDots = SafeDots(0);
    /// Ludo King's stars (D7's separate option): each start dot (offset 0) and the dot 8
    /// beyond it, eight safe dots on the 52-dot Classic loop.
    pub const LUDO_KING: SafeDots = SafeDots(1 | 1 << 8);

    /// The set of these offsets (in any order; repeats count once).
    ///
    /// # Errors
    ///
    /// [`SafeDotsError`] for an offset of [`MAX_LOOP`] or more.
    pub const fn new(offsets: &[u8]) -> Result<SafeDots, SafeDotsError> {
        let mut m = 0u128;
        let mut i = 0;
        while i < offsets.len() {
            let o = offsets[i];
            if o >= MAX_LOOP {
                return Err(SafeDotsError { offset: o });
            }
            m |= 1 << o;
            i += 1;
        }
        Ok(SafeDots(m))
    }

    /// Whether there are no safe dots.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `offset` is one of the offsets.
    #[must_use]
    pub const fn contains(self, offset: u8) -> bool {
        offset < MAX_LOOP && self.0 & (1 << offset) != 0
    }

    /// The offsets, lowest first.
    pub fn offsets(self) -> impl Iterator<Item = u8> + Clone {
        (0..MAX_LOOP).filter(move |&o| self.contains(o))
    }

    /// The largest offset, if any.
    #[must_use]
    pub const fn max_offset(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(127 - self.0.leading_zeros() as u8)
        }
    }

    /// The safe loop dots (0-based, clockwise from red's start dot) on a loop of geometry `g`
    /// as a set of bits: every start dot plus each offset, modulo `T`.
    #[must_use]
    pub const fn loop_mask(self, g: Geometry) -> u128 {
        let t = g.loop_len();
        let mut mask = 0u128;
        let mut o = 0u8;
        while o < MAX_LOOP {
            if self.contains(o) {
                let mut c = 0u16;
                while c < 4 {
                    let d = (c * (t / 4) as u16 + o as u16) % t as u16;
                    mask |= 1 << d;
                    c += 1;
                }
            }
            o += 1;
        }
        mask
    }

    /// Whether loop dot `dot` (0-based, clockwise from red's start dot) is safe on a loop of
    /// geometry `g`.
    #[must_use]
    pub const fn is_safe(self, g: Geometry, dot: u8) -> bool {
        dot < g.loop_len() && self.loop_mask(g) & (1 << dot) != 0
    }

    /// The safe loop dots on a loop of geometry `g`, lowest first.
    pub fn loop_dots(self, g: Geometry) -> impl Iterator<Item = u8> + Clone {
        let mask = self.loop_mask(g);
        (0..g.loop_len()).filter(move |&d| mask & (1 << d) != 0)
    }

    /// These offsets reduced modulo `T/4` when all are below `T` (otherwise unchanged, for
    /// [`Rules::validate`] to refuse).
    pub(crate) const fn reduced(self, g: Geometry) -> SafeDots {
        let t = g.loop_len();
        match self.max_offset() {
            Some(m) if m < t => {
                let q = t / 4;
                let mut r = 0u128;
                let mut o = 0u8;
                while o < t {
                    if self.contains(o) {
                        r |= 1 << (o % q);
                    }
                    o += 1;
                }
                SafeDots(r)
            }
            _ => self,
        }
    }

    /// The set as bits, offset `o` at bit `o`.
    pub(crate) const fn bits(self) -> u128 {
        self.0
    }
}

impl fmt::Display for SafeDots {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for (i, o) in self.offsets().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{o}")?;
        }
        write!(f, "}}")
    }
}

/// A text that is not a set of safe-dot offsets: not `{`, the offsets below [`MAX_LOOP`]
/// ascending joined by `,`, and `}`.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::SafeDots;
/// let e = "{8,0}".parse::<SafeDots>().unwrap_err();
/// assert_eq!(e.0, "{8,0}");
/// assert!("{128}".parse::<SafeDots>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "not a set of safe-dot offsets {0:?} (expected offsets below 128 ascending, such as {{0,8}} or {{}})"
)]
#[non_exhaustive]
pub struct ParseSafeDotsError(pub String);

/// Reads what `Display` writes: the offsets ascending, each once, in braces (`{0,8}`; `{}`
/// for [`SafeDots::NONE`]). The offsets are read as the `safe_dots=` option of the state
/// string reads them, there joined by `+` and below a quarter of the loop.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::SafeDots;
/// assert_eq!("{0,8}".parse(), Ok(SafeDots::LUDO_KING));
/// assert_eq!("{}".parse(), Ok(SafeDots::NONE));
/// assert!("{0,8,}".parse::<SafeDots>().is_err());
/// ```
impl core::str::FromStr for SafeDots {
    type Err = ParseSafeDotsError;
    fn from_str(s: &str) -> Result<SafeDots, ParseSafeDotsError> {
        s.strip_prefix('{')
            .and_then(|s| s.strip_suffix('}'))
            .and_then(|offsets| match offsets {
                "" => Some(SafeDots::NONE),
                _ => ascending_set(offsets.split(','), 0..=MAX_LOOP - 1)
                    .ok()
                    .map(SafeDots),
            })
            .ok_or_else(|| ParseSafeDotsError(excerpt(s)))
    }
}

/// Why a list of numbers is not a set as the notation writes one ([`ascending_set`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SetError {
    /// A word that is not a number in ASCII digits, at most three.
    NotANumber,
    /// A number outside the range.
    Range,
    /// A number not above the one before it.
    NotAscending,
}

/// Reads words that are each a number in ASCII digits (at most three) within `range`, each
/// above the one before, as a set of bits (`n` at bit `n`; `range` ends below 128): the
/// release faces and safe-dot offsets of the state string's `rules=` field and of
/// [`ReleaseRolls`]' and [`SafeDots`]' `FromStr`. No words make the empty set.
fn ascending_set<'a>(
    words: impl Iterator<Item = &'a str>,
    range: core::ops::RangeInclusive<u8>,
) -> Result<u128, SetError> {
    let mut bits = 0u128;
    let mut last = None;
    for w in words {
        if w.is_empty() || w.len() > 3 || !w.bytes().all(|b| b.is_ascii_digit()) {
            return Err(SetError::NotANumber);
        }
        let n: u8 = w.parse().map_err(|_| SetError::NotANumber)?;
        if !range.contains(&n) || n >= MAX_LOOP {
            return Err(SetError::Range);
        }
        if last.is_some_and(|l| l >= n) {
            return Err(SetError::NotAscending);
        }
        last = Some(n);
        bits |= 1 << n;
    }
    Ok(bits)
}

impl fmt::Debug for SafeDots {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SafeDots({self})")
    }
}

/// A named rule set.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Ludo, Preset, Rules};
/// for p in Preset::ALL {
///     assert!(Ludo::new(Rules::preset(p)).is_ok(), "{}", p.name());
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Preset {
    /// The LATTJO booklet (the default).
    Lattjo,
    /// Common Western Ludo.
    Classic,
    /// Schmidt's Mensch ärgere dich nicht.
    Mensch,
}

impl Preset {
    /// The three presets, the default first.
    pub const ALL: [Preset; 3] = [Preset::Lattjo, Preset::Classic, Preset::Mensch];

    /// The preset's name in the state string (`lattjo`, `classic`, `mensch`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Lattjo => "lattjo",
            Preset::Classic => "classic",
            Preset::Mensch => "mensch",
        }
    }
}

/// The rules: the players and their colours (L1, A14), one value per deviation flag of the
/// rules file (D1-D10) and the start and end options (L2/A13, A15). Start from a preset and
/// change options with the `with_*` methods to get hybrids; [`crate::Ludo::new`] checks the
/// combination.
///
/// D6 (a landing captures, the choice of move stays free) is the same in every preset and is
/// not an option. D7 (only the own home track is safe) is the same in every preset too; its
/// separate option, Ludo King's safe stars ([`Rules::safe_dots`]), is off in all three.
///
/// With the `serde` feature, deserialization checks [`Rules::validate`], as the game's
/// constructor does.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Ludo, Overshoot, Rules};
/// // The booklet rules for two players with the Classic exact-count finish.
/// let rules = Rules::lattjo().with_players(2).with_overshoot(Overshoot::Illegal);
/// let game = Ludo::new(rules)?;
/// assert_eq!(game.seats().to_string(), "RY");
/// assert_eq!(Rules::default(), Rules::lattjo());
/// assert!(Ludo::new(Rules::lattjo().with_players(5)).is_err());
/// # Ok::<(), lattjo_ludo::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Rules {
    /// L1: the number of players, 2 to 4. Every preset: 4.
    pub players: usize,
    /// L1, A14: the colours that play, which fixes the seats; `None` for the usual seating of
    /// `players` ([`Seats::for_players`]: red and yellow for 2, red, green and yellow for 3,
    /// all four for 4). Every preset: `None`. [`crate::Ludo::new`] stores the usual seating
    /// as `None`, so that two rules with the same seating are equal.
    pub seats: Option<Seats>,
    /// D10 / A1: the board geometry. Lattjo and Mensch 40/40/4, Classic 52/51/5.
    pub geometry: Geometry,
    /// D10 / A1: whether the path ends on a shared finishing dot (Lattjo, Classic) or in goal
    /// fields (Mensch).
    pub finish: Finish,
    /// D10 / A7 / T2: the path index of the sixth dot, a loop index from 2 to `L`. Every
    /// preset: 6.
    pub sixth_dot: u8,
    /// D1: the rolls that release a checker from the den. Lattjo {1,6}, Classic and Mensch
    /// {6}.
    pub release_rolls: ReleaseRolls,
    /// D2: what a 6 does for the den (when 6 is a release roll). Lattjo two out or the sixth
    /// dot, Classic and Mensch one out.
    pub six_release: SixRelease,
    /// D1 (Mensch): a release roll must release a checker when it can. Mensch only.
    pub release_compulsory: bool,
    /// D2 (Mensch): while checkers remain in the den, a checker on the own start dot must move
    /// off it when it can. Mensch only.
    pub clear_start: bool,
    /// D3: whether the player's own checkers may share a dot (L9). Lattjo only.
    pub own_stacking: bool,
    /// D4: what an overshooting roll does. Lattjo bounces, Classic and Mensch need the exact
    /// count.
    pub overshoot: Overshoot,
    /// D5: the number of consecutive 6s, 1 to 255, that forfeits the roll and ends the turn
    /// (`None`: unlimited, every 6 gives another roll). Classic 3, the others unlimited.
    pub max_sixes: Option<u8>,
    /// D7 (the separate option): safe dots on the loop, as offsets from every start dot, where
    /// no checker is captured and colours may share a dot ([`SafeDots`]; Ludo King:
    /// [`SafeDots::LUDO_KING`]). Off ([`SafeDots::NONE`]) in every preset. Missing from
    /// serialized rules written before it existed, it reads as off.
    pub safe_dots: SafeDots,
    /// D8: three rolls to get a checker out when nothing can move. Off in every preset.
    pub three_tries: bool,
    /// D9 / A11: a player who can move must move (otherwise passing is always allowed). On in
    /// every preset.
    pub must_move: bool,
    /// Mensch: each colour begins with one checker on its start dot. Mensch only.
    pub opening_checker: bool,
    /// L2 / A13: roll for who starts (ties re-rolled); otherwise the first seat starts. On in
    /// every preset.
    pub roll_for_start: bool,
    /// A15: after the first player finishes, play on to rank the remaining places. Off in
    /// every preset.
    pub play_out_places: bool,
}

/// [`Rules`]'s fields for serde (a `remote` derive): private, so that the one public
/// deserializer is the checked impl below.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(remote = "Rules", rename = "Rules")]
struct RulesFields {
    players: usize,
    seats: Option<Seats>,
    geometry: Geometry,
    finish: Finish,
    sixth_dot: u8,
    release_rolls: ReleaseRolls,
    six_release: SixRelease,
    release_compulsory: bool,
    clear_start: bool,
    own_stacking: bool,
    overshoot: Overshoot,
    max_sixes: Option<u8>,
    #[serde(default)]
    safe_dots: SafeDots,
    three_tries: bool,
    must_move: bool,
    opening_checker: bool,
    roll_for_start: bool,
    play_out_places: bool,
}

// Deserialization validates (`Rules::validate`), as the game's constructor does: the private
// mirror above reads the fields and these two impls wrap it. (A `remote = "Self"` derive on
// the type itself made that unchecked reader a public inherent `Rules::deserialize`, which
// a caller's `Rules::deserialize(d)` reached instead of this impl.)
#[cfg(feature = "serde")]
impl serde::Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RulesFields::serialize(self, serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Rules {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Rules, D::Error> {
        let rules = RulesFields::deserialize(deserializer)?;
        rules.validate().map_err(serde::de::Error::custom)?;
        Ok(rules)
    }
}

/// A rule combination that cannot be played.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Ludo, Rules, RulesError};
/// assert_eq!(Ludo::new(Rules::lattjo().with_players(5)).err(), Some(RulesError::Players(5)));
/// assert_eq!(Ludo::new(Rules::classic().with_max_sixes(Some(0))).err(), Some(RulesError::MaxSixes));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A player count other than 2, 3 or 4 (L1).
    #[error("ludo needs 2 to 4 players, not {0}")]
    Players(usize),
    /// Seats whose number of colours differs from the player count.
    #[error("{players} players cannot play the colours {seats}")]
    SeatsMismatch {
        /// The player count.
        players: usize,
        /// The colours given.
        seats: Seats,
    },
    /// The sixth-dot index is not a loop index `2..=L`.
    #[error("the sixth dot must be a loop index from 2 to {last_loop}, not {sixth_dot}")]
    SixthDot {
        /// The index asked for.
        sixth_dot: u8,
        /// `L`.
        last_loop: u8,
    },
    /// A limit of consecutive sixes below 1.
    #[error("the limit of consecutive sixes must be at least 1")]
    MaxSixes,
    /// Goal fields without sharing and fewer than four of them: four checkers can never all
    /// stand in them, so nobody could finish.
    #[error("{home_len} goal fields cannot hold four checkers one per field")]
    GoalFields {
        /// `H`, the number of goal fields.
        home_len: u8,
    },
    /// A bounce (D4, L15) on a path that ends before index 6: a checker could bounce back past
    /// its start dot (`2E - p - d < 1`).
    #[error("a bounce needs a path that ends at index 6 or later, not {end}")]
    ShortBouncePath {
        /// The last index `E` of the path.
        end: u8,
    },
    /// A bounce with goal fields: the rules file defines the bounce against the finishing dot
    /// only (L15, A4); into goal fields a checker would bounce out of the fields it has reached,
    /// and random games practically never end (one did not in 2,000,000 plies).
    #[error("a bounce needs the finishing dot: with goal fields the exact count is needed")]
    BounceIntoGoalFields,
    /// Every release roll is forfeited (only 6 releases and a limit of one six forfeits every
    /// 6), so nobody could ever leave the den.
    #[error("no release roll can be played: a limit of one six forfeits every 6")]
    NoPlayableRelease,
    /// A safe-dot offset (D7's separate option, [`SafeDots`]) that is not below the loop
    /// length.
    #[error("a safe-dot offset must be below the loop length {loop_len}, not {offset}")]
    SafeDot {
        /// The offset given.
        offset: u8,
        /// `T`.
        loop_len: u8,
    },
}

impl Rules {
    /// The booklet rules (`Lattjo`), the default: every decision A1-A16 of the rules file, for
    /// 4 players.
    #[must_use]
    pub const fn lattjo() -> Rules {
        Rules {
            players: 4,
            seats: None,
            geometry: Geometry::LATTJO,
            finish: Finish::CentreDot,
            sixth_dot: 6,
            release_rolls: ReleaseRolls::ONE_AND_SIX,
            six_release: SixRelease::TwoOrSixthDot,
            release_compulsory: false,
            clear_start: false,
            own_stacking: true,
            overshoot: Overshoot::Bounce,
            max_sixes: None,
            safe_dots: SafeDots::NONE,
            three_tries: false,
            must_move: true,
            opening_checker: false,
            roll_for_start: true,
            play_out_places: false,
        }
    }

    /// Common Western Ludo (`Classic`): release on a 6 only, one checker out, no sharing, exact
    /// count, the third 6 in a row forfeits, 52/51/5; 4 players.
    #[must_use]
    pub const fn classic() -> Rules {
        Rules {
            players: 4,
            seats: None,
            geometry: Geometry::CLASSIC,
            finish: Finish::CentreDot,
            sixth_dot: 6,
            release_rolls: ReleaseRolls::SIX,
            six_release: SixRelease::OneToStart,
            release_compulsory: false,
            clear_start: false,
            own_stacking: false,
            overshoot: Overshoot::Illegal,
            max_sixes: Some(3),
            safe_dots: SafeDots::NONE,
            three_tries: false,
            must_move: true,
            opening_checker: false,
            roll_for_start: true,
            play_out_places: false,
        }
    }

    /// Schmidt's Mensch ärgere dich nicht (`Mensch`): one checker starts on the start field, a
    /// 6 must release while checkers remain in the den and the start field must then be
    /// cleared, one piece per field, exact count into four goal fields, 40/40/4; 4 players.
    #[must_use]
    pub const fn mensch() -> Rules {
        Rules {
            players: 4,
            seats: None,
            geometry: Geometry::MENSCH,
            finish: Finish::GoalFields,
            sixth_dot: 6,
            release_rolls: ReleaseRolls::SIX,
            six_release: SixRelease::OneToStart,
            release_compulsory: true,
            clear_start: true,
            own_stacking: false,
            overshoot: Overshoot::Illegal,
            max_sixes: None,
            safe_dots: SafeDots::NONE,
            three_tries: false,
            must_move: true,
            opening_checker: true,
            roll_for_start: true,
            play_out_places: false,
        }
    }

    /// The rules of a preset.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_ludo::{Preset, Rules};
    /// assert_eq!(Rules::preset(Preset::Classic), Rules::classic());
    /// ```
    #[must_use]
    pub const fn preset(p: Preset) -> Rules {
        match p {
            Preset::Lattjo => Rules::lattjo(),
            Preset::Classic => Rules::classic(),
            Preset::Mensch => Rules::mensch(),
        }
    }

    /// These rules for `players` players (L1, 2 to 4), seated as usual unless
    /// [`Rules::with_seats`] names the colours.
    #[must_use]
    pub const fn with_players(mut self, players: usize) -> Rules {
        self.players = players;
        self
    }

    /// These rules with `seats` playing (A14); the player count becomes the number of colours.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_ludo::{Ludo, Rules};
    /// let game = Ludo::new(Rules::lattjo().with_seats("GB".parse()?))?;
    /// assert_eq!(game.seats().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn with_seats(mut self, seats: Seats) -> Rules {
        self.players = seats.len();
        self.seats = Some(seats);
        self
    }

    /// These rules on another board geometry (D10, A1).
    #[must_use]
    pub const fn with_geometry(mut self, geometry: Geometry) -> Rules {
        self.geometry = geometry;
        self
    }

    /// These rules with another end of the path (D10).
    #[must_use]
    pub const fn with_finish(mut self, finish: Finish) -> Rules {
        self.finish = finish;
        self
    }

    /// These rules with the sixth dot at another path index (A7, T2).
    #[must_use]
    pub const fn with_sixth_dot(mut self, sixth_dot: u8) -> Rules {
        self.sixth_dot = sixth_dot;
        self
    }

    /// These rules with other release rolls (D1).
    #[must_use]
    pub const fn with_release_rolls(mut self, release_rolls: ReleaseRolls) -> Rules {
        self.release_rolls = release_rolls;
        self
    }

    /// These rules with another use of a 6 for the den (D2).
    #[must_use]
    pub const fn with_six_release(mut self, six_release: SixRelease) -> Rules {
        self.six_release = six_release;
        self
    }

    /// These rules with compulsory releases on or off (D1, Mensch).
    #[must_use]
    pub const fn with_release_compulsory(mut self, on: bool) -> Rules {
        self.release_compulsory = on;
        self
    }

    /// These rules with the duty to clear the start dot on or off (D2, Mensch).
    #[must_use]
    pub const fn with_clear_start(mut self, on: bool) -> Rules {
        self.clear_start = on;
        self
    }

    /// These rules with own checkers sharing a dot allowed or not (D3).
    #[must_use]
    pub const fn with_own_stacking(mut self, on: bool) -> Rules {
        self.own_stacking = on;
        self
    }

    /// These rules with another overshoot rule (D4).
    #[must_use]
    pub const fn with_overshoot(mut self, overshoot: Overshoot) -> Rules {
        self.overshoot = overshoot;
        self
    }

    /// These rules with a limit of consecutive sixes, or none (D5).
    #[must_use]
    pub const fn with_max_sixes(mut self, max_sixes: Option<u8>) -> Rules {
        self.max_sixes = max_sixes;
        self
    }

    /// These rules with safe dots on the loop (D7's separate option; [`SafeDots::LUDO_KING`]
    /// for Ludo King's stars, [`SafeDots::NONE`] to turn them off).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_ludo::{Ludo, Rules, SafeDots};
    /// let game = Ludo::new(Rules::classic().with_safe_dots(SafeDots::LUDO_KING))?;
    /// // Green stands on red's star (red's index 9, loop dot 8); red lands there with a 3.
    /// let s = game.state_from_str("LUDO 52/51/5 RGYB R 0 R:0,0,0,6 G:0,0,0,48 Y:0,0,0,0 B:0,0,0,0 die=3")?;
    /// assert_eq!(s.legal_moves()[0].to_string(), "R:6>9", "no capture on a star");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn with_safe_dots(mut self, safe_dots: SafeDots) -> Rules {
        self.safe_dots = safe_dots;
        self
    }

    /// These rules with three tries on or off (D8).
    #[must_use]
    pub const fn with_three_tries(mut self, on: bool) -> Rules {
        self.three_tries = on;
        self
    }

    /// These rules with the duty to move on or off (D9, A11).
    #[must_use]
    pub const fn with_must_move(mut self, on: bool) -> Rules {
        self.must_move = on;
        self
    }

    /// These rules with or without one checker on each start dot at the start (Mensch).
    #[must_use]
    pub const fn with_opening_checker(mut self, on: bool) -> Rules {
        self.opening_checker = on;
        self
    }

    /// These rules with or without the roll for who starts (L2, A13).
    #[must_use]
    pub const fn with_roll_for_start(mut self, on: bool) -> Rules {
        self.roll_for_start = on;
        self
    }

    /// These rules with or without playing out the remaining places (A15).
    #[must_use]
    pub const fn with_play_out_places(mut self, on: bool) -> Rules {
        self.play_out_places = on;
        self
    }

    /// The colours that play.
    ///
    /// # Errors
    ///
    /// [`RulesError::Players`] or [`RulesError::SeatsMismatch`] when the player count and
    /// the seats do not make 2 to 4 players.
    pub fn seating(&self) -> Result<Seats, RulesError> {
        if !(2..=4).contains(&self.players) {
            return Err(RulesError::Players(self.players));
        }
        match self.seats {
            Some(seats) if seats.len() != self.players => Err(RulesError::SeatsMismatch {
                players: self.players,
                seats,
            }),
            Some(seats) => Ok(seats),
            None => Seats::for_players(self.players).map_err(|_| RulesError::Players(self.players)),
        }
    }

    /// Checks the combination.
    ///
    /// # Errors
    ///
    /// [`RulesError`] for a player count or seating that is not 2 to 4 players, a sixth dot
    /// off the loop, a zero limit of sixes, a safe-dot offset not below `T`, or a combination
    /// under which nobody could ever finish (fewer than four goal fields without sharing;
    /// every release roll forfeited; a bounce with goal fields) or bounce off the path (a
    /// bounce on a path ending before index 6).
    pub fn validate(&self) -> Result<(), RulesError> {
        self.seating()?;
        let l = self.geometry.last_loop();
        if self.sixth_dot < 2 || self.sixth_dot > l {
            return Err(RulesError::SixthDot {
                sixth_dot: self.sixth_dot,
                last_loop: l,
            });
        }
        if let Some(0) = self.max_sixes {
            return Err(RulesError::MaxSixes);
        }
        let loop_len = self.geometry.loop_len();
        if let Some(offset) = self.safe_dots.max_offset()
            && offset >= loop_len
        {
            return Err(RulesError::SafeDot { offset, loop_len });
        }
        if self.overshoot == Overshoot::Bounce && self.finish == Finish::GoalFields {
            return Err(RulesError::BounceIntoGoalFields);
        }
        let end = self.end_index();
        if self.overshoot == Overshoot::Bounce && end < 6 {
            return Err(RulesError::ShortBouncePath { end });
        }
        let home_len = self.geometry.home_len();
        if self.finish == Finish::GoalFields && !self.own_stacking && home_len < 4 {
            return Err(RulesError::GoalFields { home_len });
        }
        let playable = if self.max_sixes == Some(1) {
            0b01_1111
        } else {
            0b11_1111
        };
        if self.release_rolls.0 & playable == 0 {
            return Err(RulesError::NoPlayableRelease);
        }
        Ok(())
    }

    /// The furthest index a checker can reach: `F = L+H+1` with a finishing dot, `L+H` with
    /// goal fields.
    #[must_use]
    pub const fn end_index(&self) -> u8 {
        match self.finish {
            Finish::CentreDot => self.geometry.finish_index(),
            Finish::GoalFields => self.geometry.finish_index() - 1,
        }
    }

    /// The options the state string carries (everything but the seating and the geometry,
    /// which the position's own fields give) as `(name, value)` texts, in a fixed order.
    fn options(&self) -> [(&'static str, OptionText); 15] {
        let yes = |b: bool| OptionText::Word(if b { "yes" } else { "no" });
        [
            (
                "finish",
                OptionText::Word(match self.finish {
                    Finish::CentreDot => "centre",
                    Finish::GoalFields => "goals",
                }),
            ),
            ("sixth_dot", OptionText::Number(self.sixth_dot)),
            ("release", OptionText::Faces(self.release_rolls)),
            (
                "six_release",
                OptionText::Word(match self.six_release {
                    SixRelease::TwoOrSixthDot => "two_or_sixth",
                    SixRelease::OneToStart => "one",
                }),
            ),
            ("release_compulsory", yes(self.release_compulsory)),
            ("clear_start", yes(self.clear_start)),
            ("own_stacking", yes(self.own_stacking)),
            (
                "overshoot",
                OptionText::Word(match self.overshoot {
                    Overshoot::Bounce => "bounce",
                    Overshoot::Illegal => "illegal",
                }),
            ),
            (
                "max_sixes",
                match self.max_sixes {
                    Some(n) => OptionText::Number(n),
                    None => OptionText::Word("none"),
                },
            ),
            ("safe_dots", OptionText::Offsets(self.safe_dots)),
            ("three_tries", yes(self.three_tries)),
            ("must_move", yes(self.must_move)),
            ("opening_checker", yes(self.opening_checker)),
            ("roll_for_start", yes(self.roll_for_start)),
            ("play_out_places", yes(self.play_out_places)),
        ]
    }

    /// Writes the rules field of the state string: the preset with the fewest differing
    /// options (the first of Lattjo, Classic, Mensch on a tie), then `,name=value` for each
    /// option that differs from it. The seating and the geometry are not written.
    pub(crate) fn write_options(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mine = self.options();
        let mut best = (usize::MAX, Preset::Lattjo);
        for p in Preset::ALL {
            let theirs = Rules::preset(p).options();
            let differ = mine.iter().zip(&theirs).filter(|(a, b)| a.1 != b.1).count();
            if differ < best.0 {
                best = (differ, p);
            }
        }
        write!(f, "{}", best.1.name())?;
        let theirs = Rules::preset(best.1).options();
        for ((name, value), (_, base)) in mine.iter().zip(&theirs) {
            if value != base {
                write!(f, ",{name}={value}")?;
            }
        }
        Ok(())
    }

    /// Reads the rules field of the state string (see [`Rules::write_options`]) for a position
    /// with this geometry and these seats.
    pub(crate) fn parse_options(
        text: &str,
        geometry: Geometry,
        seats: Seats,
    ) -> Result<Rules, ParseRulesError> {
        // The field as an excerpt (at most 64 characters), as every parse error quotes its input.
        let bad = |what: &str| ParseRulesError(format!("{what} in {:?}", excerpt(text)));
        let mut parts = text.split(',');
        let name = parts.next().unwrap_or("");
        let preset = Preset::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| bad("no preset lattjo, classic or mensch"))?;
        let mut r = Rules::preset(preset)
            .with_seats(seats)
            .with_geometry(geometry);
        let names = r.options().map(|(n, _)| n);
        let mut seen = 0u32;
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| bad("an option without '='"))?;
            let i = names
                .iter()
                .position(|&n| n == key)
                .ok_or_else(|| bad("an unknown option"))?;
            if seen & (1 << i) != 0 {
                return Err(bad("an option given twice"));
            }
            seen |= 1 << i;
            let yes = || match value {
                "yes" => Ok(true),
                "no" => Ok(false),
                _ => Err(bad("a yes/no option with another value")),
            };
            let number = || small_number(value).ok_or_else(|| bad("a bad number"));
            match key {
                "finish" => {
                    r.finish = match value {
                        "centre" => Finish::CentreDot,
                        "goals" => Finish::GoalFields,
                        _ => return Err(bad("a finish other than centre or goals")),
                    }
                }
                "sixth_dot" => r.sixth_dot = number()?,
                "release" => {
                    // One digit a face (`16`), as `ReleaseRolls`' `FromStr` reads `{1,6}`.
                    let faces = value
                        .char_indices()
                        .map(|(i, ch)| &value[i..i + ch.len_utf8()]);
                    r.release_rolls = ReleaseRolls::from_faces(faces)
                        .map_err(|e| match e {
                            SetError::NotAscending => bad("release faces not ascending"),
                            _ => bad("a release face other than 1 to 6"),
                        })?
                        .ok_or_else(|| bad("no release face"))?;
                }
                "six_release" => {
                    r.six_release = match value {
                        "two_or_sixth" => SixRelease::TwoOrSixthDot,
                        "one" => SixRelease::OneToStart,
                        _ => return Err(bad("a six_release other than two_or_sixth or one")),
                    }
                }
                "release_compulsory" => r.release_compulsory = yes()?,
                "clear_start" => r.clear_start = yes()?,
                "own_stacking" => r.own_stacking = yes()?,
                "overshoot" => {
                    r.overshoot = match value {
                        "bounce" => Overshoot::Bounce,
                        "illegal" => Overshoot::Illegal,
                        _ => return Err(bad("an overshoot other than bounce or illegal")),
                    }
                }
                "max_sixes" => {
                    r.max_sixes = if value == "none" {
                        None
                    } else {
                        Some(number()?)
                    }
                }
                "safe_dots" => {
                    // Canonical only: `none`, or offsets below T/4 ascending, joined by `+`
                    // (as written for the rules a game stores, see [`SafeDots`]).
                    // The offsets as `SafeDots`' `FromStr` reads `{0,8}`.
                    r.safe_dots = SafeDots::NONE;
                    if value != "none" {
                        let quarter = geometry.loop_len() / 4;
                        let offsets = ascending_set(value.split('+'), 0..=quarter - 1).map_err(
                            |e| match e {
                                SetError::NotANumber => bad("a bad safe_dots offset"),
                                SetError::Range => {
                                    bad("a safe_dots offset not below a quarter of the loop")
                                }
                                SetError::NotAscending => bad("safe_dots offsets not ascending"),
                            },
                        )?;
                        r.safe_dots = SafeDots(offsets);
                    }
                }
                "three_tries" => r.three_tries = yes()?,
                "must_move" => r.must_move = yes()?,
                "opening_checker" => r.opening_checker = yes()?,
                "roll_for_start" => r.roll_for_start = yes()?,
                _ => r.play_out_places = yes()?,
            }
        }
        Ok(r.normalized())
    }

    /// The rules of a game packed into 94 bits, equal exactly when the normalized rules are
    /// equal (every field has its own bits; the destructuring fails to compile when a field
    /// is added; normalized safe-dot offsets are below `T/4`, at most 32). Games and states
    /// compare keys, two instructions, where comparing `Rules` field by field cost a fifth of
    /// a random game.
    pub(crate) fn key(&self) -> u128 {
        let Rules {
            players: _,
            seats: _,
            geometry,
            finish,
            sixth_dot,
            release_rolls,
            six_release,
            release_compulsory,
            clear_start,
            own_stacking,
            overshoot,
            max_sixes,
            safe_dots,
            three_tries,
            must_move,
            opening_checker,
            roll_for_start,
            play_out_places,
        } = *self;
        // The players and the seats as the colours that play: for rules that make a game
        // (the only ones whose keys are compared) the normalized `seats` is `None` exactly
        // when the colours are the usual seating of their number.
        let mut k = u128::from(self.seating().map_or(0, Seats::mask));
        k = k << 8 | u128::from(geometry.loop_len());
        k = k << 8 | u128::from(geometry.last_loop());
        k = k << 8 | u128::from(geometry.home_len());
        k = k << 1 | u128::from(finish == Finish::GoalFields);
        k = k << 8 | u128::from(sixth_dot);
        k = k << 6 | u128::from(release_rolls.0 & 0b11_1111);
        k = k << 1 | u128::from(six_release == SixRelease::OneToStart);
        k = k << 1 | u128::from(release_compulsory);
        k = k << 1 | u128::from(clear_start);
        k = k << 1 | u128::from(own_stacking);
        k = k << 1 | u128::from(overshoot == Overshoot::Illegal);
        k = k << 9 | max_sixes.map_or(0, |m| 0x100 | u128::from(m));
        // D7's safe dots: normalized offsets are below T/4, at most 32.
        k = k << 32 | safe_dots.bits() & 0xFFFF_FFFF;
        k = k << 1 | u128::from(three_tries);
        k = k << 1 | u128::from(must_move);
        k = k << 1 | u128::from(opening_checker);
        k = k << 1 | u128::from(roll_for_start);
        k << 1 | u128::from(play_out_places)
    }

    /// The same rules with the usual seating as `None` (see [`Rules::seats`]) and the safe-dot
    /// offsets reduced modulo `T/4` (see [`SafeDots`]).
    pub(crate) fn normalized(mut self) -> Rules {
        self.safe_dots = self.safe_dots.reduced(self.geometry);
        if let Some(s) = self.seats
            && Seats::for_players(s.len()) == Ok(s)
        {
            self.seats = None;
        }
        self
    }
}

/// A value in the rules field of the state string.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OptionText {
    Word(&'static str),
    Number(u8),
    Faces(ReleaseRolls),
    Offsets(SafeDots),
}

impl fmt::Display for OptionText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionText::Word(w) => f.write_str(w),
            OptionText::Number(n) => write!(f, "{n}"),
            OptionText::Faces(r) => r.faces().try_for_each(|d| write!(f, "{d}")),
            OptionText::Offsets(s) if s.is_empty() => f.write_str("none"),
            OptionText::Offsets(s) => {
                for (i, o) in s.offsets().enumerate() {
                    if i > 0 {
                        f.write_str("+")?;
                    }
                    write!(f, "{o}")?;
                }
                Ok(())
            }
        }
    }
}

/// A rules field of the state string that names no rules: an unknown preset or option, a bad
/// value, an option given twice.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{ParseStateError, State};
/// let e = "LUDO 40/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0 rules=lattjo,dice=2".parse::<State>().unwrap_err();
/// assert!(matches!(e, ParseStateError::Rules(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad rules: {0}")]
#[non_exhaustive]
pub struct ParseRulesError(pub String);

impl Default for Rules {
    fn default() -> Rules {
        Rules::lattjo()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Rules::key` tells every single-option change apart (and the presets).
    #[test]
    fn rules_keys_differ_exactly_when_rules_differ() {
        let base = Rules::lattjo();
        let variants = [
            base.with_players(2),
            base.with_seats("GB".parse().unwrap()),
            base.with_geometry(Geometry::CLASSIC),
            base.with_finish(Finish::GoalFields),
            base.with_sixth_dot(7),
            base.with_release_rolls(ReleaseRolls::SIX),
            base.with_six_release(SixRelease::OneToStart),
            base.with_release_compulsory(true),
            base.with_clear_start(true),
            base.with_own_stacking(false),
            base.with_overshoot(Overshoot::Illegal),
            base.with_max_sixes(Some(3)),
            base.with_max_sixes(Some(1)),
            base.with_safe_dots(SafeDots::LUDO_KING),
            base.with_safe_dots(SafeDots::new(&[9]).unwrap()),
            base.with_safe_dots(SafeDots::new(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]).unwrap()),
            Rules::classic().with_safe_dots(SafeDots::new(&[12]).unwrap()),
            base.with_three_tries(true),
            base.with_must_move(false),
            base.with_opening_checker(true),
            base.with_roll_for_start(false),
            base.with_play_out_places(true),
            Rules::classic(),
            Rules::mensch(),
        ];
        for (i, a) in variants.iter().enumerate() {
            let a = &a.normalized();
            assert_ne!(a.key(), base.key(), "{a:?}");
            for b in &variants[i + 1..] {
                let b = &b.normalized();
                assert_eq!(a.key() == b.key(), a == b, "{a:?} {b:?}");
            }
        }
        assert_eq!(base.key(), Rules::default().key());
    }

    /// D7's separate option: offsets are reduced modulo `T/4` by the normalization only when
    /// all are below `T` (otherwise `validate` refuses them as given).
    #[test]
    fn d7_safe_dots_are_reduced_only_when_valid() {
        let c = Rules::classic();
        let r = c
            .with_safe_dots(SafeDots::new(&[13, 47]).unwrap())
            .normalized();
        assert_eq!(r.safe_dots, SafeDots::new(&[0, 8]).unwrap());
        let bad = c.with_safe_dots(SafeDots::new(&[8, 60]).unwrap());
        assert_eq!(bad.normalized().safe_dots, bad.safe_dots);
        assert_eq!(
            bad.normalized().validate(),
            Err(RulesError::SafeDot {
                offset: 60,
                loop_len: 52
            })
        );
        assert_eq!(SafeDots::NONE.max_offset(), None);
        assert_eq!(SafeDots::new(&[127]).unwrap().max_offset(), Some(127));
        let all = SafeDots::new(&(0..128).collect::<Vec<u8>>()).unwrap();
        assert_eq!(all.offsets().count(), 128);
        assert_eq!(
            all.loop_dots(Geometry::new(128, 100, 4).unwrap()).count(),
            128
        );
    }

    #[test]
    fn d10_a1_preset_geometries() {
        assert_eq!(Rules::lattjo().geometry.to_string(), "40/40/4");
        assert_eq!(Rules::lattjo().end_index(), 45);
        assert_eq!(Rules::classic().geometry.to_string(), "52/51/5");
        assert_eq!(Rules::classic().end_index(), 57);
        assert_eq!(Rules::mensch().geometry.to_string(), "40/40/4");
        assert_eq!(
            Rules::mensch().end_index(),
            44,
            "four goal fields, no finishing dot"
        );
        for p in [Preset::Lattjo, Preset::Classic, Preset::Mensch] {
            assert_eq!(Rules::preset(p).validate(), Ok(()));
        }
    }

    #[test]
    fn d10_geometry_is_validated() {
        assert_eq!(Geometry::new(42, 40, 4), Err(GeometryError::LoopLength(42)));
        assert_eq!(Geometry::new(4, 4, 4), Err(GeometryError::LoopLength(4)));
        assert!(matches!(
            Geometry::new(40, 41, 4),
            Err(GeometryError::LastLoop { .. })
        ));
        assert!(matches!(
            Geometry::new(40, 40, 0),
            Err(GeometryError::HomeLength { .. })
        ));
        assert!(matches!(
            Geometry::new(100, 100, 30),
            Err(GeometryError::HomeLength { .. })
        ));
        assert!(Geometry::new(8, 8, 1).is_ok());
        assert_eq!(
            Geometry::new(132, 100, 4),
            Err(GeometryError::LoopLength(132))
        );
        assert!(Geometry::new(128, 100, 4).is_ok());
    }

    #[test]
    fn a7_t2_sixth_dot_is_a_validated_parameter() {
        let mut r = Rules::lattjo();
        assert_eq!(r.sixth_dot, 6);
        r.sixth_dot = 7; // the DE reading "6th field from the start field"
        assert_eq!(r.validate(), Ok(()));
        r.sixth_dot = 41;
        assert_eq!(
            r.validate(),
            Err(RulesError::SixthDot {
                sixth_dot: 41,
                last_loop: 40
            })
        );
        r.sixth_dot = 1;
        assert!(r.validate().is_err());
        let mut r = Rules::classic();
        r.max_sixes = Some(0);
        assert_eq!(r.validate(), Err(RulesError::MaxSixes));
    }

    /// Issue 15, every game ends: rules under which nobody can finish are refused (found by the
    /// arbitrary-rules property test: 8/8/1 with one goal field and no sharing never ended).
    #[test]
    fn issue15_rules_under_which_nobody_can_finish_are_refused() {
        let one_goal = Rules::mensch().with_geometry(Geometry::new(8, 8, 1).unwrap());
        assert_eq!(
            one_goal.validate(),
            Err(RulesError::GoalFields { home_len: 1 })
        );
        assert_eq!(one_goal.with_own_stacking(true).validate(), Ok(()));
        // Found by the long run of the same test: 8/8/1 with one shared goal field and a
        // bounce did not end in 2,000,000 random plies.
        assert_eq!(
            one_goal
                .with_own_stacking(true)
                .with_overshoot(Overshoot::Bounce)
                .validate(),
            Err(RulesError::BounceIntoGoalFields)
        );
        assert_eq!(
            Rules::classic().with_max_sixes(Some(1)).validate(),
            Err(RulesError::NoPlayableRelease)
        );
        assert_eq!(
            Rules::lattjo().with_max_sixes(Some(1)).validate(),
            Ok(()),
            "a 1 still releases"
        );
    }

    /// Issue 15 (found by the arbitrary-rules property test): on 12/2/1 the path ends at 4 and
    /// a checker on index 3 rolling 6 would bounce to 2 * 4 - 9 = -1, which overflowed while
    /// building the game. A bounce needs `E >= 6` (the rules file's bounce invariant
    /// `E - 5 <= index <= E - 1`).
    #[test]
    fn issue15_a_bounce_on_a_path_shorter_than_six_is_refused() {
        let short = Rules::lattjo().with_geometry(Geometry::new(12, 2, 1).unwrap());
        assert_eq!(
            short.with_sixth_dot(2).validate(),
            Err(RulesError::ShortBouncePath { end: 4 })
        );
        let ok = short
            .with_sixth_dot(2)
            .with_overshoot(Overshoot::Illegal)
            .validate();
        assert_eq!(ok, Ok(()));
        let six = Rules::lattjo().with_geometry(Geometry::new(8, 4, 1).unwrap());
        assert_eq!(
            six.with_sixth_dot(2).validate(),
            Ok(()),
            "E = 6 bounces to 1 at worst"
        );
    }

    #[test]
    fn start_offsets_are_a_quarter_apart() {
        let g = Geometry::LATTJO;
        assert_eq!(g.start_offset(crate::Colour::Green), 10);
        assert_eq!(g.loop_dot(crate::Colour::Blue, 11), Some(0));
        assert_eq!(g.loop_dot(crate::Colour::Red, 40), Some(39));
        assert_eq!(g.loop_dot(crate::Colour::Red, 41), None);
        assert_eq!(g.loop_dot(crate::Colour::Red, 0), None);
    }

    /// `Rules::deserialize(d)` with `serde::Deserialize` in scope is the checked impl. A
    /// `remote = "Self"` derive on the type made its unchecked field-by-field reader a public
    /// inherent `Rules::deserialize`, which that call reached instead: it took what the
    /// constructor and `serde_json::from_value` refuse.
    #[cfg(feature = "serde")]
    #[test]
    fn regression_rules_deserialize_was_a_public_unchecked_inherent_fn() {
        use serde::Deserialize;
        let mut v = serde_json::to_value(Rules::lattjo()).unwrap();
        v["players"] = 5.into();
        assert!(Rules::deserialize(v.clone()).is_err());
        assert!(serde_json::from_value::<Rules>(v).is_err());
    }
}
