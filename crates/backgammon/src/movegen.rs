//! Dice, plays and legal-play generation (B5-B24, A4-A9, A17), and perft.

use core::cell::RefCell;
use core::fmt;

use boardgame_core::perft::{PerftDepthError, check_depth};

use crate::board::{BAR, CHECKERS, OFF, Position, Side};

/// A roll of two dice, stored as (higher, lower).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::Dice;
/// let d = Dice::new(1, 6).unwrap();
/// assert_eq!((d.high(), d.low()), (6, 1));
/// assert_eq!(d.to_string(), "6-1");
/// assert_eq!(Dice::ALL.len(), 21);
/// assert!(Dice::new(0, 3).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "DiceRepr", into = "DiceRepr"))]
pub struct Dice {
    high: u8,
    low: u8,
}

/// The serialized form of [`Dice`]: the two numbers, checked on the way in.
#[cfg(feature = "serde")]
#[derive(Clone, Copy, serde::Serialize, serde::Deserialize)]
struct DiceRepr {
    high: u8,
    low: u8,
}

#[cfg(feature = "serde")]
impl TryFrom<DiceRepr> for Dice {
    type Error = DiceError;
    fn try_from(r: DiceRepr) -> Result<Dice, DiceError> {
        Dice::new(r.high, r.low).ok_or(DiceError(r.high, r.low))
    }
}

#[cfg(feature = "serde")]
impl From<Dice> for DiceRepr {
    fn from(d: Dice) -> DiceRepr {
        DiceRepr {
            high: d.high,
            low: d.low,
        }
    }
}

/// Two numbers that are not a roll: each die shows 1 to 6.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use lattjo_backgammon::Dice;
/// // Read from a serde format (here JSON): the numbers are checked on the way in.
/// let e = serde_json::from_str::<Dice>(r#"{"high":7,"low":1}"#).unwrap_err();
/// assert!(e.to_string().contains("7-1 is not a roll of two dice"));
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}-{1} is not a roll of two dice")]
#[non_exhaustive]
pub struct DiceError(pub u8, pub u8);

const fn all_dice() -> [Dice; 21] {
    let mut out = [Dice { high: 1, low: 1 }; 21];
    let mut i = 0;
    // Non-doubles first (6-5 … 2-1), then doubles 6-6 … 1-1: the order of the issue's table.
    let mut h = 6;
    while h >= 2 {
        let mut l = h - 1;
        while l >= 1 {
            out[i] = Dice { high: h, low: l };
            i += 1;
            l -= 1;
        }
        h -= 1;
    }
    let mut d = 6;
    while d >= 1 {
        out[i] = Dice { high: d, low: d };
        i += 1;
        d -= 1;
    }
    out
}

impl Dice {
    /// The 21 distinct rolls: the 15 non-doubles from 6-5 down to 2-1, then the doubles 6-6
    /// down to 1-1.
    pub const ALL: [Dice; 21] = all_dice();

    /// The roll of `a` and `b` (in any order) if both are `1..=6`.
    #[must_use]
    pub const fn new(a: u8, b: u8) -> Option<Dice> {
        if a < 1 || a > 6 || b < 1 || b > 6 {
            return None;
        }
        if a >= b {
            Some(Dice { high: a, low: b })
        } else {
            Some(Dice { high: b, low: a })
        }
    }

    /// The higher die.
    #[must_use]
    pub const fn high(self) -> u8 {
        self.high
    }

    /// The lower die.
    #[must_use]
    pub const fn low(self) -> u8 {
        self.low
    }

    /// Whether both dice show the same number (B16).
    #[must_use]
    pub const fn is_double(self) -> bool {
        self.high == self.low
    }

    /// The probability of this roll with two fair dice: 1/36 for a double, 2/36 otherwise.
    #[must_use]
    pub fn probability(self) -> f64 {
        if self.is_double() {
            1.0 / 36.0
        } else {
            2.0 / 36.0
        }
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high, self.low)
    }
}

/// A text that is not a roll of two dice: what `Dice`'s [`FromStr`](core::str::FromStr)
/// refuses, with the text (at most 64 characters of it).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::Dice;
/// let e = "7-1".parse::<Dice>().unwrap_err();
/// assert_eq!(e.0, "7-1");
/// assert_eq!(e.to_string(), "not a roll of two dice: \"7-1\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a roll of two dice: {0:?}")]
#[non_exhaustive]
pub struct ParseDiceError(pub String);

/// Reads what `Display` writes, `high-low` (`6-5`, `3-3`), or the faces the other way round
/// (`5-6` is the same roll): two faces from 1 to 6 joined by `-`.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::Dice;
/// assert_eq!("6-5".parse(), Ok(Dice::new(6, 5).unwrap()));
/// assert_eq!("5-6".parse::<Dice>().map(|d| d.to_string()), Ok("6-5".to_string()));
/// assert!("6-0".parse::<Dice>().is_err());
/// ```
impl core::str::FromStr for Dice {
    type Err = ParseDiceError;
    fn from_str(s: &str) -> Result<Dice, ParseDiceError> {
        let face = |t: &str| match t.as_bytes() {
            [d @ b'1'..=b'6'] => Some(d - b'0'),
            _ => None,
        };
        s.split_once('-')
            .and_then(|(a, b)| Dice::new(face(a)?, face(b)?))
            .ok_or_else(|| ParseDiceError(boardgame_core::text::excerpt(s)))
    }
}

/// How a non-double roll may be under-used (D1).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Dice, PlayList, Position, SingleDiePolicy};
/// // Rules file S3: White's last checker on 8 with 6-1.
/// let p: Position = *"XGID=--------A----------efd----:0:0:1:61:0:0:0:0:10"
///     .parse::<lattjo_backgammon::Xgid>()?
///     .position();
/// let mut list = PlayList::new();
/// let d = Dice::new(6, 1).unwrap();
/// assert_eq!(list.generate(&p, d, SingleDiePolicy::Standard), 1); // 8/1
/// assert_eq!(list.generate(&p, d, SingleDiePolicy::Lattjo), 2); // 8/1 or 8/2
/// # Ok::<(), lattjo_backgammon::XgidError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum SingleDiePolicy {
    /// The booklet (B7, B8, A8): a play uses both dice, or the higher die alone, chosen
    /// voluntarily even when both could be played. The lower die is never played alone; if
    /// nothing else is possible the player does not move. Doubles as far as possible.
    #[default]
    Lattjo,
    /// The standard (A9): use as many dice as possible; if only one, the higher whenever
    /// possible, else the lower.
    Standard,
}

/// One checker movement: `from` and `to` in the mover's own numbering, bar = 25, off = 0.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::Step;
/// let s = Step::new(25, 22).unwrap(); // bar/22
/// assert_eq!((s.from(), s.to()), (25, 22));
/// assert!(Step::new(6, 8).is_none()); // backwards
/// ```
///
/// A step has no `Default` (until 6 December 2026 it had one, `0/0`, which is no checker
/// movement: its JSON and text did not read back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "StepRepr", into = "StepRepr"))]
pub struct Step {
    pub(crate) from: u8,
    pub(crate) to: u8,
}

impl Step {
    /// A placeholder for the unused slots of a fixed array of steps: no checker movement, and
    /// never handed out as one.
    pub(crate) const UNUSED: Step = Step { from: 0, to: 0 };
}

/// The serialized form of [`Step`], checked on the way in.
#[cfg(feature = "serde")]
#[derive(Clone, Copy, serde::Serialize, serde::Deserialize)]
struct StepRepr {
    from: u8,
    to: u8,
}

#[cfg(feature = "serde")]
impl TryFrom<StepRepr> for Step {
    type Error = StepRangeError;
    fn try_from(r: StepRepr) -> Result<Step, StepRangeError> {
        Step::new(r.from, r.to).ok_or(StepRangeError(r.from, r.to))
    }
}

#[cfg(feature = "serde")]
impl From<Step> for StepRepr {
    fn from(s: Step) -> StepRepr {
        StepRepr {
            from: s.from,
            to: s.to,
        }
    }
}

/// A `from`/`to` pair that is no forward checker movement (`from` 1..=25, `to` 0..=24 and
/// below `from`).
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use lattjo_backgammon::Step;
/// // Read from a serde format (here JSON): the points are checked on the way in.
/// let e = serde_json::from_str::<Step>(r#"{"from":3,"to":9}"#).unwrap_err();
/// assert!(e.to_string().contains("3/9 is not a forward checker movement"));
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}/{1} is not a forward checker movement")]
#[non_exhaustive]
pub struct StepRangeError(pub u8, pub u8);

impl Step {
    /// A step from `from` (1..=24, or 25 for the bar) to `to` (0 for off, or 1..=24) moving
    /// forward; `None` otherwise. Whether the step is legal depends on the position and dice.
    #[must_use]
    pub const fn new(from: u8, to: u8) -> Option<Step> {
        if from >= 1 && from <= 25 && to < from && to <= 24 {
            Some(Step { from, to })
        } else {
            None
        }
    }

    /// Origin in the mover's numbering; 25 is the bar.
    #[must_use]
    pub const fn from(self) -> u8 {
        self.from
    }

    /// Destination in the mover's numbering; 0 is borne off.
    #[must_use]
    pub const fn to(self) -> u8 {
        self.to
    }
}

/// A play: the checker steps of one turn, in order (at most four; none when the player
/// cannot move). Generated plays are canonical: one sequence per distinct resulting
/// position (A17).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Dice, Position, Side, SingleDiePolicy};
/// let p = Position::start(Side::White);
/// let play = p.parse_play("24/18/13", Dice::new(6, 5).unwrap(), SingleDiePolicy::Standard)?;
/// let steps: Vec<(u8, u8)> = play.steps().iter().map(|s| (s.from(), s.to())).collect();
/// assert_eq!(steps.len(), 2);
/// # Ok::<(), lattjo_backgammon::NotationError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Vec<Step>", into = "Vec<Step>"))]
pub struct Play {
    steps: [Step; 4],
    len: u8,
}

/// The empty play, [`Play::NONE`].
impl Default for Play {
    fn default() -> Play {
        Play::NONE
    }
}

#[cfg(feature = "serde")]
impl TryFrom<Vec<Step>> for Play {
    type Error = TooManySteps;
    fn try_from(v: Vec<Step>) -> Result<Play, TooManySteps> {
        Play::from_steps(&v).ok_or(TooManySteps(v.len()))
    }
}

#[cfg(feature = "serde")]
impl From<Play> for Vec<Step> {
    fn from(p: Play) -> Vec<Step> {
        p.steps().to_vec()
    }
}

/// More than four checker movements: no roll allows them. The field is how many were given.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Action, ParseActionError};
/// let Err(ParseActionError::TooManySteps(e)) = "6/5 6/5 6/5 6/5 6/5".parse::<Action>() else {
///     panic!("five steps are too many");
/// };
/// assert_eq!(e.0, 5);
/// assert_eq!(e.to_string(), "a play has at most four checker movements, got 5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a play has at most four checker movements, got {0}")]
#[non_exhaustive]
pub struct TooManySteps(pub usize);

impl Play {
    /// The empty play: the player cannot move (A15).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Play, Step};
    /// assert!(Play::NONE.is_none());
    /// let p = Play::from_steps(&[Step::new(24, 18).unwrap(), Step::new(13, 11).unwrap()]).unwrap();
    /// assert_eq!(p.steps().len(), 2);
    /// ```
    pub const NONE: Play = Play {
        steps: [Step::UNUSED; 4],
        len: 0,
    };

    /// A play from its steps (at most four).
    #[must_use]
    pub fn from_steps(steps: &[Step]) -> Option<Play> {
        if steps.len() > 4 {
            return None;
        }
        let mut p = Play::NONE;
        p.steps[..steps.len()].copy_from_slice(steps);
        p.len = steps.len() as u8;
        Some(p)
    }

    /// The steps in the order they are played.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// Whether this is the empty play.
    #[must_use]
    pub const fn is_none(&self) -> bool {
        self.len == 0
    }

    pub(crate) fn push(&mut self, s: Step) {
        self.steps[self.len as usize] = s;
        self.len += 1;
    }
}

impl fmt::Debug for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 0 {
            return f.write_str("Play(none)");
        }
        f.write_str("Play(")?;
        for (i, s) in self.steps().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}/{}", s.from, s.to)?;
        }
        f.write_str(")")
    }
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u128,
    stamp: u32,
}

/// A run of legal plays sharing all steps but the last: `prefix` followed by one step of
/// `die` pips from each origin in `origins` (highest first), each to a point (never off).
/// With `die == 0` the run is the single play `prefix`. Recording a run costs the same
/// whatever its length, which is what makes counting (perft's last ply) and sampling cheap.
#[derive(Clone, Copy, Debug)]
struct Run {
    prefix: Play,
    die: u8,
    origins: u32,
    /// Plays in this run and all runs before it.
    end: u32,
}

impl Run {
    #[inline]
    fn len(&self) -> u32 {
        if self.die == 0 {
            1
        } else {
            self.origins.count_ones()
        }
    }

    /// The `k`-th play of the run (origins from the highest down).
    #[inline]
    fn get(&self, k: u32) -> Play {
        if self.die == 0 {
            return self.prefix;
        }
        let mut o = self.origins;
        for _ in 0..k {
            o &= !(1 << (31 - o.leading_zeros()));
        }
        let from = 31 - o.leading_zeros();
        let mut p = self.prefix;
        p.push(Step {
            from: from as u8,
            to: from as u8 - self.die,
        });
        p
    }

    /// Where `play` sits in this run, if it is one of its plays.
    #[inline]
    fn find(&self, play: &Play) -> Option<u32> {
        if self.die == 0 {
            return (*play == self.prefix).then_some(0);
        }
        let n = self.prefix.len as usize;
        if play.len as usize != n + 1 || play.steps[..n] != self.prefix.steps[..n] {
            return None;
        }
        let last = play.steps[n];
        let bit = 1u32.checked_shl(u32::from(last.from))?;
        if self.origins & bit == 0 || last.to + self.die != last.from {
            return None;
        }
        // Plays come highest origin first: count the origins above this one.
        Some((self.origins & !((bit << 1).wrapping_sub(1))).count_ones())
    }
}

/// A reusable buffer of legal plays and their resulting positions. Generating into it does
/// not allocate once it has grown to the largest play set seen.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Dice, PlayList, Position, Side, SingleDiePolicy};
/// let mut list = PlayList::new();
/// let start = Position::start(Side::White);
/// list.generate(&start, Dice::new(3, 1).unwrap(), SingleDiePolicy::Standard);
/// assert_eq!(list.len(), 16);
/// ```
#[derive(Clone, Debug)]
pub struct PlayList {
    runs: Vec<Run>,
    /// Number of plays recorded (the last run's `end`; when only counting, the count).
    total: u32,
    /// Number of plays recorded with a key (the hash table's load).
    keyed: usize,
    origin: Position,
    /// Whether the scratch board below holds `origin` (set by the first generation).
    board_ready: bool,
    /// The roll and policy of the plays the runs hold (`None` before the first generation
    /// and after counting).
    made_for: Option<(Dice, SingleDiePolicy)>,
    table: Vec<Slot>,
    stamp: u32,
    rank: u8,
    // Scratch state of the generator (mover-relative).
    me: [u8; 26],
    opp: [u8; 26],
    outside: u8,
    /// Bit p set when the mover has a checker on p (1..=25).
    occ: u32,
    /// Bit q set when the opponent holds the mover's point q with two or more (A1).
    blocked: u32,
    /// Bit q set when the opponent has a single checker on the mover's point q.
    blots: u32,
    key: u128,
    /// Whether `key` holds the key of the starting position (computed on first need).
    key_ready: bool,
    cur: Play,
    mover: Side,
}

impl Default for PlayList {
    fn default() -> PlayList {
        PlayList::new()
    }
}

impl fmt::Debug for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:x}@{}", self.key, self.stamp)
    }
}

const HIT_SHIFT: u32 = 100;

impl PlayList {
    /// An empty list. Nothing is allocated until the first generation.
    #[must_use]
    pub const fn new() -> PlayList {
        PlayList {
            runs: Vec::new(),
            total: 0,
            keyed: 0,
            origin: Position::start(Side::White),
            board_ready: false,
            made_for: None,
            table: Vec::new(),
            stamp: 1,
            rank: 0,
            me: [0; 26],
            opp: [0; 26],
            outside: 0,
            occ: 0,
            blocked: 0,
            blots: 0,
            key: 0,
            key_ready: false,
            cur: Play::NONE,
            mover: Side::White,
        }
    }

    /// The legal plays (none when the player cannot move), in a fixed order: the same
    /// list for the same position, roll and policy.
    pub fn plays(&self) -> impl ExactSizeIterator<Item = Play> + '_ {
        Plays {
            list: self,
            run: 0,
            rest: None,
            left: self.len(),
        }
    }

    /// Play `i` of [`PlayList::plays`], if `i < self.len()`.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<Play> {
        let i = u32::try_from(i).ok()?;
        let mut start = 0;
        for run in &self.runs {
            if i < run.end {
                return Some(run.get(i - start));
            }
            start = run.end;
        }
        None
    }

    /// The index of `play` in [`PlayList::plays`], if it is one of the legal plays.
    #[must_use]
    pub fn position(&self, play: &Play) -> Option<usize> {
        self.runs
            .iter()
            .find_map(|r| r.find(play).map(|k| (r.end - r.len() + k) as usize))
    }

    /// Whether `play` is one of the legal plays.
    #[must_use]
    pub fn contains(&self, play: &Play) -> bool {
        self.position(play).is_some()
    }

    /// The position after each play, with the opponent on roll; same order as
    /// [`PlayList::plays`]. Computed on demand (generation itself only records the plays).
    pub fn results(&self) -> impl ExactSizeIterator<Item = Position> + '_ {
        self.plays().map(|p| self.origin.after(&p))
    }

    /// The position after play `i`, with the opponent on roll, if `i < self.len()`.
    #[must_use]
    pub fn get_result(&self, i: usize) -> Option<Position> {
        self.get(i).map(|p| self.origin.after(&p))
    }

    /// The position after play `i`, with the opponent on roll.
    ///
    /// # Panics
    ///
    /// When `i >= self.len()`; [`PlayList::get_result`] is the checked twin.
    #[must_use]
    pub fn result(&self, i: usize) -> Position {
        match self.get_result(i) {
            Some(p) => p,
            None => panic!("play {i} of {}", self.len()),
        }
    }

    /// Whether the list already holds the plays of `position` for `dice` under `policy`.
    #[must_use]
    pub fn is_for(&self, position: &Position, dice: Dice, policy: SingleDiePolicy) -> bool {
        self.made_for == Some((dice, policy)) && self.origin == *position
    }

    /// The position the plays start from.
    #[must_use]
    pub fn origin(&self) -> &Position {
        &self.origin
    }

    /// Number of legal plays.
    #[must_use]
    pub fn len(&self) -> usize {
        self.total as usize
    }

    /// Whether there is no legal play (the player cannot move).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// Fills the list with the legal plays of the side on roll in `position` for `dice` under
    /// `policy`: the distinct resulting positions, each with one canonical step sequence.
    /// Returns the number of plays.
    pub fn generate(&mut self, position: &Position, dice: Dice, policy: SingleDiePolicy) -> usize {
        self.fill::<true>(position, dice, policy);
        self.made_for = Some((dice, policy));
        self.len()
    }

    /// The number of legal plays [`PlayList::generate`] would list, without listing them
    /// (perft's last ply): the list is left empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Dice, PlayList, Position, Side, SingleDiePolicy};
    /// let mut list = PlayList::new();
    /// let start = Position::start(Side::White);
    /// assert_eq!(list.count(&start, Dice::new(3, 1).unwrap(), SingleDiePolicy::Standard), 16);
    /// assert!(list.is_empty());
    /// ```
    pub fn count(&mut self, position: &Position, dice: Dice, policy: SingleDiePolicy) -> usize {
        self.fill::<false>(position, dice, policy);
        let n = self.len();
        self.made_for = None;
        self.total = 0;
        n
    }

    /// Generates into the runs (`LIST`), or only counts the plays.
    fn fill<const LIST: bool>(&mut self, position: &Position, dice: Dice, policy: SingleDiePolicy) {
        // The board's masks depend on the position only: another roll of the same position
        // (perft, a search trying every roll) reuses them. Generation leaves the scratch
        // counts as it found them.
        if !self.board_ready || self.origin != *position {
            self.board_ready = true;
            let mover = position.to_move;
            self.origin = *position;
            self.mover = mover;
            let me = position.board[mover.index()];
            let opp = position.board[mover.opponent().index()];
            self.me = me;
            self.opp = opp;
            let (occ, _) = byte_masks(&me);
            let (opp_any, opp_two) = byte_masks_reversed(&opp);
            // Bit q: the opponent holds the mover's point q (its own 25 - q) with two or more
            // (blocked), or with exactly one (a blot).
            self.blocked = opp_two & 0x01ff_fffe;
            self.blots = (opp_any & !opp_two) & 0x01ff_fffe;
            self.outside = outside_count(&me);
            self.key_ready = false;
            self.occ = occ & 0x03ff_fffe;
        }
        self.made_for = None;
        self.cur = Play::NONE;
        self.clear();
        self.rank = 0;
        if dice.is_double() {
            let d = dice.high as usize;
            if self.me[BAR] > 0 || self.outside >= 4 {
                // No bearing off within four steps (a checker entering from the bar stays
                // outside the home board for the rest of the turn): only the points' counts
                // and the static blocks matter.
                let open = !(self.blocked << d) & !((2u32 << d) - 1);
                self.gen_double_fast::<LIST>(d, open);
            } else {
                self.gen_double::<LIST>(d, 0, BAR);
            }
        } else {
            self.gen_pair::<LIST>(dice.high as usize, dice.low as usize, policy);
        }
    }

    /// Computes the key of the starting position (non-doubles only de-duplicate; see
    /// `record_unique`): points 1..=16 in the low 64 bits, 17..=25 in the high ones. Called
    /// before the first keyed step, while `me` is the starting position.
    #[inline]
    fn init_key(&mut self) {
        if self.key_ready {
            return;
        }
        if self.table.is_empty() {
            // The first keyed generation: the de-duplication table's initial size.
            self.table = vec![Slot::default(); 256];
        }
        let mut lo = 0u64;
        let mut hi = 0u64;
        for (i, &c) in self.me[1..=16].iter().enumerate() {
            lo |= u64::from(c) << (4 * i);
        }
        for (i, &c) in self.me[17..=BAR].iter().enumerate() {
            hi |= u64::from(c) << (4 * i);
        }
        self.key = u128::from(lo) | (u128::from(hi) << 64);
        self.key_ready = true;
    }

    /// Forgets every recorded play (a new generation, or a higher rank found).
    #[inline]
    fn clear(&mut self) {
        self.runs.clear();
        self.total = 0;
        if self.keyed > 0 {
            self.keyed = 0;
            self.next_stamp();
        }
    }

    /// Appends a run of `origins.count_ones()` plays (or the single play `prefix` when
    /// `die == 0`) at `rank`, dropping it below the best rank and everything before it
    /// above; without `LIST` it only adds the run's plays to the count. The caller guarantees
    /// that no play of the run duplicates another play.
    #[inline]
    fn push_run<const LIST: bool>(
        &mut self,
        rank: u8,
        prefix: Play,
        die: u8,
        origins: u32,
    ) -> bool {
        if rank < self.rank {
            return false;
        }
        if rank > self.rank {
            self.rank = rank;
            self.clear();
        }
        let mut run = Run {
            prefix,
            die,
            origins,
            end: 0,
        };
        self.total += run.len();
        if LIST {
            run.end = self.total;
            self.runs.push(run);
        }
        true
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.table.iter_mut().for_each(|s| s.stamp = 0);
            self.stamp = 1;
        }
    }

    #[inline(always)]
    fn target(&self, p: usize, d: usize) -> Option<usize> {
        if p > d {
            let q = p - d;
            if self.blocked >> q & 1 == 1 {
                None
            } else {
                Some(q)
            }
        } else {
            // Bearing off (B18-B23, A5, A6): checked before each step.
            if self.outside > 0 {
                return None;
            }
            // Exact, or over-size from the highest occupied point (nothing on p+1..=6).
            if p == d || self.occ & 0x7e & !((2u32 << p) - 1) == 0 {
                Some(OFF)
            } else {
                None
            }
        }
    }

    /// Moves a checker from `p` to `q`; returns whether it hit.
    #[inline(always)]
    fn do_step<const KEY: bool>(&mut self, p: usize, q: usize) -> bool {
        self.me[p] -= 1;
        if self.me[p] == 0 {
            self.occ &= !(1 << p);
        }
        if q != OFF {
            self.occ |= 1 << q;
        }
        self.me[q] += 1;
        if p >= 7 && q <= 6 {
            self.outside -= 1;
        }
        if KEY {
            self.key -= 1u128 << (4 * (p as u32 - 1));
        }
        let mut hit = false;
        if q != OFF {
            if KEY {
                self.key += 1u128 << (4 * (q as u32 - 1));
            }
            let o = 25 - q;
            if self.opp[o] == 1 {
                self.opp[o] = 0;
                self.opp[BAR] += 1;
                if KEY {
                    self.key |= 1u128 << (HIT_SHIFT + q as u32 - 1);
                }
                hit = true;
            }
        }
        self.cur.push(Step {
            from: p as u8,
            to: q as u8,
        });
        hit
    }

    #[inline(always)]
    fn undo_step<const KEY: bool>(&mut self, p: usize, q: usize, hit: bool) {
        self.cur.len -= 1;
        if hit {
            let o = 25 - q;
            self.opp[o] = 1;
            self.opp[BAR] -= 1;
            if KEY {
                self.key &= !(1u128 << (HIT_SHIFT + q as u32 - 1));
            }
        }
        if KEY {
            if q != OFF {
                self.key -= 1u128 << (4 * (q as u32 - 1));
            }
            self.key += 1u128 << (4 * (p as u32 - 1));
        }
        if p >= 7 && q <= 6 {
            self.outside += 1;
        }
        self.me[q] -= 1;
        if self.me[q] == 0 {
            self.occ &= !(1 << q);
        }
        self.me[p] += 1;
        self.occ |= 1 << p;
    }

    #[inline]
    fn finished(&self) -> bool {
        self.me[OFF] == CHECKERS
    }

    /// The origins that may move, as a bit set: only the bar while it is occupied (B13).
    #[inline]
    fn origins(&self) -> u32 {
        if self.me[BAR] > 0 { 1 << BAR } else { self.occ }
    }

    /// [`PlayList::gen_pair`] when no step can bear off: a checker is on the bar (one that
    /// enters stays outside the home board), or two or more are outside it. A step's
    /// legality is then the static block of its target, and the second steps of a first step
    /// are a bit mask. The plays are the same, in the same order, as the general generator's.
    fn gen_pair_fast<const LIST: bool>(&mut self, hi: usize, lo: usize, policy: SingleDiePolicy) {
        let lattjo = policy == SingleDiePolicy::Lattjo;
        let blocked = self.blocked;
        let open = |d: usize| !(blocked << d) & !((2u32 << d) - 1);
        let occ = self.occ;
        let bar = self.me[BAR];
        // B13: while a checker is on the bar, it is the only origin.
        let origins = if bar > 0 { 1 << BAR } else { occ };
        let hi_ok = origins & open(hi);
        for (a, b) in [(hi, lo), (lo, hi)] {
            let covered = if a == lo { hi_ok } else { 0 };
            let open_b = open(b);
            let mut first = origins & open(a);
            while first != 0 {
                let p = 31 - first.leading_zeros() as usize;
                first &= !(1 << p);
                let q = p - a;
                let mut after = occ | (1 << q);
                if self.me[p] == 1 {
                    after &= !(1 << p);
                }
                if bar >= 2 {
                    after = 1 << BAR;
                }
                let mut prefix = Play::NONE;
                prefix.push(Step {
                    from: p as u8,
                    to: q as u8,
                });
                if lattjo && a == hi {
                    // B7, A8(b): the higher die alone (unique: see `gen_pair`).
                    self.push_run::<LIST>(3, prefix, 0, 0);
                }
                let second = after & !covered;
                let to_point = second & open_b;
                let special = to_point & ((1u32 << q) | (1u32 << (p + b)));
                let plain = to_point & !special;
                if plain != 0 {
                    self.push_run::<LIST>(3, prefix, b as u8, plain);
                }
                let any = after & covered != 0 || to_point != 0;
                // The special second steps: the checker that just moved moving on (from q),
                // or a checker landing on the first origin (from p + b). Both move one
                // checker's worth from some x to x - a - b, like the same checker playing
                // both dice; such a result is recorded once, by the first of the ways that
                // reach it in this enumeration (see `single_checker_is_new`).
                let mut rest = special;
                while rest != 0 {
                    let p2 = 31 - rest.leading_zeros() as usize;
                    rest &= !(1 << p2);
                    let x = if p2 == q { p } else { p2 };
                    if self.single_checker_is_new(x, hi, lo, a == hi, p2 == q) {
                        let mut play = prefix;
                        play.push(Step {
                            from: p2 as u8,
                            to: (p2 - b) as u8,
                        });
                        self.push_run::<LIST>(3, play, 0, 0);
                    }
                }
                if !any && !lattjo {
                    // A9: one die only, the higher outranking the lower. Without bearing off
                    // two one-die plays never reach the same position.
                    self.push_run::<LIST>(if a == hi { 2 } else { 1 }, prefix, 0, 0);
                }
            }
        }
    }

    /// Whether the play moving one checker's worth from `x` to `x - hi - lo` that the
    /// enumeration of [`PlayList::gen_pair_fast`] meets now is a result not met before.
    ///
    /// Three ways meet such a result: (1) in the higher-first pass, the checker from `x`
    /// moving on from `x - hi`; (2) in the higher-first pass, a checker from `x - lo` playing
    /// the higher die and then one from `x` landing on `x - lo` (only with a checker of the
    /// mover on `x - lo`); (3) in the lower-first pass, the checker from `x` moving on from
    /// `x - lo` (skipped as covered when the mover has a checker on `x - lo`, so never
    /// together with (2)). A way through a blot hits it, which makes its result unique; the
    /// way through an empty or own point gives the plain result, recorded by (1) when (1)
    /// passes through such a point, else by (2) or (3).
    #[inline]
    fn single_checker_is_new(
        &self,
        x: usize,
        hi: usize,
        lo: usize,
        hi_first: bool,
        moving_on: bool,
    ) -> bool {
        let bit = |q: usize| 1u32 << q;
        // Way (1) reaches the plain result: x - hi open and not a blot.
        let plain_by_hi = (self.blocked | self.blots) & bit(x - hi) == 0;
        if hi_first && moving_on {
            // Way (1): always first.
            true
        } else if hi_first {
            // Way (2): the plain result, unless way (1) had it.
            !plain_by_hi
        } else {
            // Way (3): a hit on x - lo is new; the plain result unless way (1) had it.
            self.blots & bit(x - lo) != 0 || !plain_by_hi
        }
    }

    /// Records the current first step followed by `p2 -> q2`, de-duplicated by the key of
    /// the result (computed without making the step).
    #[inline]
    fn record_second<const LIST: bool>(&mut self, p2: usize, q2: usize) {
        let mut play = self.cur;
        play.push(Step {
            from: p2 as u8,
            to: q2 as u8,
        });
        let mut key = self.key - (1u128 << (4 * (p2 as u32 - 1)));
        if q2 != OFF {
            key += 1u128 << (4 * (q2 as u32 - 1));
            if self.opp[25 - q2] == 1 {
                key |= 1u128 << (HIT_SHIFT + q2 as u32 - 1);
            }
        }
        self.record_key::<LIST>(3, key, play);
    }

    /// [`PlayList::gen_double`] when no step can bear off (a checker on the bar, or four or
    /// more outside the home board): every step goes to a point, legal exactly when the point
    /// is `open` (not blocked, above the die), so only the counts and the occupied set
    /// change.
    fn gen_double_fast<const LIST: bool>(&mut self, d: usize, open: u32) {
        // Depth-first over step sequences with non-increasing origins, as `gen_double`, with
        // the fourth step of each sequence recorded as one run.
        let below = |p: usize| (2u32 << p) - 1;
        let step = |p: usize| Step {
            from: p as u8,
            to: (p - d) as u8,
        };
        let occ0 = self.occ;
        let f0 = self.origins_with(occ0) & open;
        let mut it0 = f0;
        while it0 != 0 {
            let p0 = 31 - it0.leading_zeros() as usize;
            it0 &= !(1 << p0);
            let occ1 = self.step_fast(p0, d, occ0);
            let mut play1 = Play::NONE;
            play1.push(step(p0));
            let f1 = self.origins_with(occ1) & open & below(p0);
            if f1 == 0 {
                self.push_run::<LIST>(1, play1, 0, 0);
            }
            let mut it1 = f1;
            while it1 != 0 {
                let p1 = 31 - it1.leading_zeros() as usize;
                it1 &= !(1 << p1);
                let occ2 = self.step_fast(p1, d, occ1);
                let mut play2 = play1;
                play2.push(step(p1));
                let f2 = self.origins_with(occ2) & open & below(p1);
                if f2 == 0 {
                    self.push_run::<LIST>(2, play2, 0, 0);
                }
                let mut it2 = f2;
                while it2 != 0 {
                    let p2 = 31 - it2.leading_zeros() as usize;
                    it2 &= !(1 << p2);
                    // The third step, without updating the counts: only whether `p2` empties
                    // and whether the bar still holds a checker matter for the fourth.
                    let left = self.me[p2] - 1;
                    let mut occ3 = occ2 | (1 << (p2 - d));
                    if left == 0 {
                        occ3 &= !(1 << p2);
                    }
                    let bar_left = if p2 == BAR { left } else { self.me[BAR] };
                    let origins3 = if bar_left > 0 { 1 << BAR } else { occ3 };
                    let mut play3 = play2;
                    play3.push(step(p2));
                    let f3 = origins3 & open & below(p2);
                    if f3 != 0 {
                        self.push_run::<LIST>(4, play3, d as u8, f3);
                    } else {
                        self.push_run::<LIST>(3, play3, 0, 0);
                    }
                }
                self.unstep_fast(p1, d);
            }
            self.unstep_fast(p0, d);
        }
    }

    /// The origins that may move given the occupied set `occ`: only the bar while it holds a
    /// checker (B13).
    #[inline(always)]
    fn origins_with(&self, occ: u32) -> u32 {
        if self.me[BAR] > 0 { 1 << BAR } else { occ }
    }

    /// Moves a checker from `p` by `d` pips to a point, updating only the counts; returns
    /// the new occupied set.
    #[inline(always)]
    fn step_fast(&mut self, p: usize, d: usize, occ: u32) -> u32 {
        self.me[p] -= 1;
        self.me[p - d] += 1;
        let mut after = occ | (1 << (p - d));
        if self.me[p] == 0 {
            after &= !(1 << p);
        }
        after
    }

    #[inline(always)]
    fn unstep_fast(&mut self, p: usize, d: usize) {
        self.me[p - d] -= 1;
        self.me[p] += 1;
    }

    fn gen_pair<const LIST: bool>(&mut self, hi: usize, lo: usize, policy: SingleDiePolicy) {
        if self.me[BAR] > 0 || self.outside >= 2 {
            return self.gen_pair_fast::<LIST>(hi, lo, policy);
        }
        self.init_key();
        let lattjo = policy == SingleDiePolicy::Lattjo;
        // Origins whose higher-die move is legal in the starting position. When the lower die
        // is played first and then a checker from one of these origins plays the higher die,
        // the same two moves in the other order were legal too (the first move cannot make a
        // legal lower-die move illegal), so the result was already recorded: skip it.
        let mut hi_ok = 0u32;
        let mut o = self.origins();
        while o != 0 {
            let p = 31 - o.leading_zeros() as usize;
            o &= !(1 << p);
            if self.target(p, hi).is_some() {
                hi_ok |= 1 << p;
            }
        }
        for (a, b) in [(hi, lo), (lo, hi)] {
            let covered = if a == lo { hi_ok } else { 0 };
            let mut first = self.origins();
            while first != 0 {
                let p = 31 - first.leading_zeros() as usize;
                first &= !(1 << p);
                let Some(q) = self.target(p, a) else { continue };
                let hit = self.do_step::<true>(p, q);
                if self.finished() {
                    // A14: the game is over, the other die cannot be played: a one-die play
                    // (the standard keeps it only if no play uses both dice; the booklet
                    // only with the higher die).
                    if !lattjo {
                        self.record::<LIST>(if a == hi { 2 } else { 1 });
                    } else if a == hi {
                        self.record::<LIST>(3);
                    }
                } else {
                    if lattjo && a == hi {
                        // B7, A8(b): the higher die alone, a voluntary choice. Without a
                        // bearing off it cannot equal another play: a two-dice play moves
                        // the mover's checkers more pips, a one-die play from another origin
                        // leaves another point.
                        if q == OFF {
                            self.record::<LIST>(3);
                        } else {
                            let c = self.cur;
                            self.push_run::<LIST>(3, c, 0, 0);
                        }
                    }
                    let all = self.origins();
                    // A covered origin still holding a checker still has its legal move.
                    let mut any = all & covered != 0;
                    let second = all & !covered;
                    // Second steps to an open point, all at once: origins above b whose
                    // target is not blocked.
                    let to_point = second & !(self.blocked << b) & !((2u32 << b) - 1);
                    // Two different checkers, neither landing where the other left, no
                    // bearing off: the two exact-length steps are the only ones giving this
                    // change, and this order is the only one recorded (the other order is
                    // skipped as covered), so none of these duplicates another play.
                    let special = if q == OFF {
                        to_point
                    } else {
                        to_point & ((1u32 << q) | (1u32 << (p + b)))
                    };
                    let plain = to_point & !special;
                    if plain != 0 {
                        any = true;
                        let c = self.cur;
                        self.push_run::<LIST>(3, c, b as u8, plain);
                    }
                    // The others one by one, de-duplicated by key: the checker that just
                    // moved moving on, a checker landing on the first origin, bearing off.
                    let mut rest = special;
                    if self.outside == 0 {
                        rest |= second & ((2u32 << b) - 1);
                    }
                    while rest != 0 {
                        let p2 = 31 - rest.leading_zeros() as usize;
                        rest &= !(1 << p2);
                        let Some(q2) = self.target(p2, b) else {
                            continue;
                        };
                        any = true;
                        self.record_second::<LIST>(p2, q2);
                    }
                    if !any && !lattjo {
                        // A9: one die only; the higher outranks the lower.
                        self.record::<LIST>(if a == hi { 2 } else { 1 });
                    }
                }
                self.undo_step::<true>(p, q, hit);
            }
        }
    }

    /// Doubles (B16, B17): up to four steps, origins non-increasing so that each multiset of
    /// steps is visited once in an order that is always legal when any order is.
    fn gen_double<const LIST: bool>(&mut self, d: usize, depth: u8, max_from: usize) {
        let from_all = self.origins() & ((2u32 << max_from) - 1);
        if depth == 3 {
            // The fourth step ends the play: record them all without making them, the steps
            // to an open point as one run.
            let mut any = false;
            let to_point = from_all & !(self.blocked << d) & !((2u32 << d) - 1);
            if to_point != 0 {
                any = true;
                let c = self.cur;
                self.push_run::<LIST>(4, c, d as u8, to_point);
            }
            if self.outside == 0 {
                let mut off = from_all & ((2u32 << d) - 1);
                while off != 0 {
                    let p = 31 - off.leading_zeros() as usize;
                    off &= !(1 << p);
                    if let Some(q) = self.target(p, d) {
                        any = true;
                        let mut play = self.cur;
                        play.push(Step {
                            from: p as u8,
                            to: q as u8,
                        });
                        self.push_run::<LIST>(4, play, 0, 0);
                    }
                }
            }
            if !any {
                self.record_unique::<LIST>(3);
            }
            return;
        }
        let mut any = false;
        let mut from = from_all;
        while from != 0 {
            let p = 31 - from.leading_zeros() as usize;
            from &= !(1 << p);
            let Some(q) = self.target(p, d) else { continue };
            any = true;
            let hit = self.do_step::<false>(p, q);
            if self.finished() {
                self.record_unique::<LIST>(depth + 1);
            } else {
                self.gen_double::<LIST>(d, depth + 1, p);
            }
            self.undo_step::<false>(p, q, hit);
        }
        if !any && depth > 0 {
            self.record_unique::<LIST>(depth);
        }
    }

    /// Records a play known to be distinct from every other: for doubles, each multiset of
    /// equal-length steps is visited once (origins non-increasing), and two different
    /// multisets never give the same position (the step flow along the points is determined
    /// by the net change of each point).
    #[inline]
    fn record_unique<const LIST: bool>(&mut self, rank: u8) {
        let c = self.cur;
        self.push_run::<LIST>(rank, c, 0, 0);
    }

    fn record<const LIST: bool>(&mut self, rank: u8) {
        let (key, play) = (self.key, self.cur);
        self.record_key::<LIST>(rank, key, play);
    }

    /// Records `play` reaching the position with `key`, unless already recorded.
    #[inline]
    fn record_key<const LIST: bool>(&mut self, rank: u8, key: u128, play: Play) {
        if rank < self.rank {
            return;
        }
        if rank > self.rank {
            self.rank = rank;
            self.clear();
        }
        let mask = self.table.len() - 1;
        let mut h = hash(key) as usize & mask;
        loop {
            let slot = &mut self.table[h];
            if slot.stamp != self.stamp {
                *slot = Slot {
                    key,
                    stamp: self.stamp,
                };
                break;
            }
            if slot.key == key {
                return;
            }
            h = (h + 1) & mask;
        }
        self.push_run::<LIST>(rank, play, 0, 0);
        self.keyed += 1;
        if self.keyed * 2 > self.table.len() {
            self.grow();
        }
    }

    fn grow(&mut self) {
        let n = self.table.len() * 2;
        let old = core::mem::replace(&mut self.table, vec![Slot::default(); n]);
        let mask = n - 1;
        for s in old.into_iter().filter(|s| s.stamp == self.stamp) {
            let mut h = hash(s.key) as usize & mask;
            while self.table[h].stamp == self.stamp {
                h = (h + 1) & mask;
            }
            self.table[h] = s;
        }
    }
}

/// The plays of a [`PlayList`], in order.
struct Plays<'a> {
    list: &'a PlayList,
    run: usize,
    /// Origins of the current run not yet visited (`None` before the run starts).
    rest: Option<u32>,
    left: usize,
}

impl Iterator for Plays<'_> {
    type Item = Play;

    #[inline]
    fn next(&mut self) -> Option<Play> {
        loop {
            let run = self.list.runs.get(self.run)?;
            if run.die == 0 {
                self.run += 1;
                self.left -= 1;
                return Some(run.prefix);
            }
            let rest = self.rest.unwrap_or(run.origins);
            if rest == 0 {
                self.run += 1;
                self.rest = None;
                continue;
            }
            let from = 31 - rest.leading_zeros();
            self.rest = Some(rest & !(1 << from));
            let mut play = run.prefix;
            play.push(Step {
                from: from as u8,
                to: from as u8 - run.die,
            });
            self.left -= 1;
            return Some(play);
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Plays<'_> {}

const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The bytes of `x` that are not zero, as bits 0..8.
#[inline(always)]
fn nonzero_bytes(x: u64) -> u32 {
    let h = (((x & LOW7) + LOW7) | x) & HIGH;
    ((h >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

#[inline(always)]
fn chunk(a: &[u8; 26], i: usize) -> u64 {
    let mut b = [0u8; 8];
    let end = (i + 8).min(26);
    b[..end - i].copy_from_slice(&a[i..end]);
    u64::from_le_bytes(b)
}

/// Bit i set where `a[i] > 0`, and where `a[i] >= 2` (i in 0..26).
#[inline(always)]
fn byte_masks(a: &[u8; 26]) -> (u32, u32) {
    let mut any = 0;
    let mut two = 0;
    for i in [0, 8, 16, 24] {
        let x = chunk(a, i);
        any |= nonzero_bytes(x) << i;
        two |= nonzero_bytes(x & !0x0101_0101_0101_0101) << i;
    }
    (any, two)
}

/// [`byte_masks`] of `a` read backwards: bit q set where `a[25 - q] > 0`, and where
/// `a[25 - q] >= 2` (the opponent's counts in the mover's numbering).
#[inline(always)]
fn byte_masks_reversed(a: &[u8; 26]) -> (u32, u32) {
    let mut any = 0;
    let mut two = 0;
    // Byte k of the word for bits i.. is a[25 - i - k]: a forward chunk, byte-swapped; the
    // last two bits are a[1] and a[0].
    let words = [
        chunk(a, 18).swap_bytes(),
        chunk(a, 10).swap_bytes(),
        chunk(a, 2).swap_bytes(),
        u64::from(a[1]) | u64::from(a[0]) << 8,
    ];
    for (i, x) in [0, 8, 16, 24].into_iter().zip(words) {
        any |= nonzero_bytes(x) << i;
        two |= nonzero_bytes(x & !0x0101_0101_0101_0101) << i;
    }
    (any, two)
}

/// The checkers outside the home board: points 7..=24 and the bar.
#[inline(always)]
fn outside_count(a: &[u8; 26]) -> u8 {
    let sum = |x: u64| (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8;
    sum(chunk(a, 0) >> 56) + sum(chunk(a, 8)) + sum(chunk(a, 16)) + sum(chunk(a, 24))
}

#[inline]
fn hash(key: u128) -> u64 {
    let x = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
    let x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ (x >> 32)
}

impl Position {
    /// The position after a play known to be valid (generated), the opponent on roll.
    /// Invalid steps are applied saturating (never a panic; the result is then meaningless).
    #[inline]
    pub(crate) fn after(&self, play: &Play) -> Position {
        let mut next = *self;
        let m = self.to_move.index();
        let o = 1 - m;
        for s in play.steps() {
            let (p, q) = (s.from as usize, s.to as usize);
            next.board[m][p] = next.board[m][p].saturating_sub(1);
            next.board[m][q] += 1;
            if q != OFF && next.board[o][25 - q] == 1 {
                next.board[o][25 - q] = 0;
                next.board[o][BAR] += 1;
            }
        }
        next.to_move = self.to_move.opponent();
        next
    }

    /// Fills `out` with the legal plays for `dice` (see [`PlayList::generate`]); returns how
    /// many there are.
    pub fn legal_plays(&self, dice: Dice, policy: SingleDiePolicy, out: &mut PlayList) -> usize {
        out.generate(self, dice, policy)
    }

    /// Applies `play` for the side on roll without checking it against the dice; each step
    /// must move one of the mover's checkers onto a point not held by two or more opposing
    /// checkers (a single one is hit). The opponent is then on roll.
    ///
    /// # Errors
    ///
    /// [`StepError`] naming the first step that cannot be made; the position is unchanged.
    pub fn apply_steps(&self, play: &Play) -> Result<Position, StepError> {
        let mut next = *self;
        let m = self.to_move.index();
        let o = 1 - m;
        for (i, s) in play.steps().iter().enumerate() {
            let (p, q) = (s.from as usize, s.to as usize);
            if next.board[m][p] == 0 {
                return Err(StepError::NoChecker {
                    step: i,
                    from: s.from,
                });
            }
            if q != OFF {
                let oq = 25 - q;
                match next.board[o][oq] {
                    0 => {}
                    1 => {
                        next.board[o][oq] = 0;
                        next.board[o][BAR] += 1;
                    }
                    _ => return Err(StepError::Blocked { step: i, to: s.to }),
                }
            }
            next.board[m][p] -= 1;
            next.board[m][q] += 1;
        }
        next.to_move = self.to_move.opponent();
        Ok(next)
    }
}

/// A step that cannot be made on the board.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Play, Position, Side, Step, StepError};
/// let p = Position::start(Side::White);
/// let play = Play::from_steps(&[Step::new(7, 1).unwrap()]).unwrap();
/// assert_eq!(p.apply_steps(&play), Err(StepError::NoChecker { step: 0, from: 7 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StepError {
    /// The origin holds none of the mover's checkers.
    #[error("step {step}: no checker of the mover on point {from}")]
    NoChecker {
        /// Index of the step in the play.
        step: usize,
        /// The origin.
        from: u8,
    },
    /// Two or more opposing checkers hold the destination (A1).
    #[error("step {step}: point {to} is blocked")]
    Blocked {
        /// Index of the step in the play.
        step: usize,
        /// The destination.
        to: u8,
    },
}

/// Perft: the number of leaves of the move tree `depth` plies deep, where each ply takes all
/// 21 rolls unweighted and expands each into its distinct resulting positions; a roll with
/// no legal play counts once (the position unchanged, the opponent on roll).
///
/// Uses one [`PlayList`] per ply, kept by the thread for its next call: once they have grown
/// to the largest play sets the thread has met, nothing is allocated. It walks the tree
/// depth-first, one stack frame and one list a ply, so the depth is bounded by
/// [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) (64; no tree that deep could
/// be counted): a depth of some thousands used to overflow the stack, and one near
/// `u32::MAX` to ask for about a terabyte of lists, either of which aborts the process.
///
/// # Panics
///
/// If `depth` is above `MAX_PERFT_DEPTH`; [`try_perft`] returns the error instead.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{perft, Position, Side, SingleDiePolicy};
/// assert_eq!(perft(&Position::start(Side::White), 1, SingleDiePolicy::Standard), 447);
/// ```
#[must_use]
pub fn perft(position: &Position, depth: u32, policy: SingleDiePolicy) -> u64 {
    match try_perft(position, depth, policy) {
        Ok(n) => n,
        Err(e) => panic!("{e}"),
    }
}

/// [`perft`], with a depth above
/// [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) returned as an error.
///
/// # Errors
///
/// [`PerftDepthError`] for a depth above 64, before any list is made.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{try_perft, Position, Side, SingleDiePolicy};
/// let start = Position::start(Side::White);
/// assert_eq!(try_perft(&start, 1, SingleDiePolicy::Standard), Ok(447));
/// let deep = try_perft(&start, u32::MAX, SingleDiePolicy::Standard);
/// assert_eq!(deep.map_err(|e| e.depth), Err(u32::MAX));
/// ```
pub fn try_perft(
    position: &Position,
    depth: u32,
    policy: SingleDiePolicy,
) -> Result<u64, PerftDepthError> {
    let depth = check_depth(depth)?;
    Ok(perft_on_thread(position, depth, policy))
}

/// [`perft`]'s walk with the thread's lists, the depth checked.
fn perft_on_thread(position: &Position, depth: u32, policy: SingleDiePolicy) -> u64 {
    // Taken out of the cell for the call (an empty `Vec` in its place allocates nothing), so
    // that no borrow is held while counting.
    let mut lists = PERFT_LISTS.with(RefCell::take);
    let plies = depth as usize;
    if lists.len() < plies {
        lists.resize_with(plies, PlayList::new);
    }
    let n = perft_with(position, depth, policy, &mut lists[..plies]);
    PERFT_LISTS.with(|cell| cell.replace(lists));
    n
}

thread_local! {
    /// [`perft`]'s play lists, one per ply of the deepest call so far on this thread: a call
    /// used to allocate its lists and grow them afresh (found by examples/alloc-check).
    static PERFT_LISTS: RefCell<Vec<PlayList>> = const { RefCell::new(Vec::new()) };
}

fn perft_with(
    position: &Position,
    depth: u32,
    policy: SingleDiePolicy,
    lists: &mut [PlayList],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((list, rest)) = lists.split_first_mut() else {
        return 1;
    };
    let mut n = 0;
    for dice in Dice::ALL {
        if depth == 1 {
            n += list.count(position, dice, policy).max(1) as u64;
            continue;
        }
        let k = list.generate(position, dice, policy);
        if k == 0 {
            n += perft_with(
                &position.with_to_move(position.to_move.opponent()),
                depth - 1,
                policy,
                rest,
            );
        } else {
            for r in list.results() {
                n += perft_with(&r, depth - 1, policy, rest);
            }
        }
    }
    n
}

/// [`perft`] on up to `threads` threads, with the same count for any number of threads.
///
/// The tree is split at the root: each (roll, resulting position) of the first ply is one
/// task, run by boardgame-core's [`map_indexed`](boardgame_core::parallel::map_indexed), and
/// the counts are added in task order. With `threads <= 1`, or `depth <= 1`, everything runs
/// on the calling thread.
///
/// # Panics
///
/// If `depth` is above [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) (64);
/// [`try_perft_parallel`] returns the error instead.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{perft, perft_parallel, Position, Side, SingleDiePolicy};
/// let start = Position::start(Side::White);
/// let std = SingleDiePolicy::Standard;
/// assert_eq!(perft_parallel(&start, 2, std, 2), perft(&start, 2, std));
/// ```
#[must_use]
pub fn perft_parallel(
    position: &Position,
    depth: u32,
    policy: SingleDiePolicy,
    threads: usize,
) -> u64 {
    match try_perft_parallel(position, depth, policy, threads) {
        Ok(n) => n,
        Err(e) => panic!("{e}"),
    }
}

/// [`perft_parallel`], with a depth above
/// [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) returned as an error.
///
/// # Errors
///
/// [`PerftDepthError`] for a depth above 64, before any list is made or any thread started.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{try_perft_parallel, Position, Side, SingleDiePolicy};
/// let start = Position::start(Side::White);
/// let std = SingleDiePolicy::Standard;
/// assert_eq!(try_perft_parallel(&start, 1, std, 2), Ok(447));
/// assert_eq!(try_perft_parallel(&start, 65, std, 2).map_err(|e| e.depth), Err(65));
/// ```
pub fn try_perft_parallel(
    position: &Position,
    depth: u32,
    policy: SingleDiePolicy,
    threads: usize,
) -> Result<u64, PerftDepthError> {
    let depth = check_depth(depth)?;
    if depth <= 1 || threads <= 1 {
        return Ok(perft_on_thread(position, depth, policy));
    }
    // The first ply: every roll's resulting positions (the position itself, with the
    // opponent on roll, when the roll has no play).
    let mut list = PlayList::new();
    let mut children = Vec::new();
    for dice in Dice::ALL {
        if list.generate(position, dice, policy) == 0 {
            children.push(position.with_to_move(position.to_move.opponent()));
        } else {
            children.extend(list.results());
        }
    }
    let counts = boardgame_core::parallel::map_indexed(children.len(), threads, |i| {
        perft_on_thread(&children[i], depth - 1, policy)
    });
    Ok(counts.iter().sum())
}

/// Perft split by the first roll: for each of the 21 rolls, the roll and its count at
/// `depth` (the first ply included; a depth of 0 counts as 1).
///
/// # Panics
///
/// If `depth` is above [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) (64);
/// [`try_perft_divide`] returns the error instead.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{perft, perft_divide, Position, Side, SingleDiePolicy};
/// let start = Position::start(Side::White);
/// let std = SingleDiePolicy::Standard;
/// let split = perft_divide(&start, 2, std);
/// assert_eq!(split.len(), 21);
/// assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), perft(&start, 2, std));
/// ```
#[must_use]
pub fn perft_divide(position: &Position, depth: u32, policy: SingleDiePolicy) -> Vec<(Dice, u64)> {
    match try_perft_divide(position, depth, policy) {
        Ok(split) => split,
        Err(e) => panic!("{e}"),
    }
}

/// [`perft_divide`], with a depth above
/// [`MAX_PERFT_DEPTH`](boardgame_core::perft::MAX_PERFT_DEPTH) returned as an error.
///
/// # Errors
///
/// [`PerftDepthError`] for a depth above 64, before any list is made.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{try_perft_divide, Position, Side, SingleDiePolicy};
/// let start = Position::start(Side::White);
/// let deep = try_perft_divide(&start, 1 << 31, SingleDiePolicy::Standard);
/// assert_eq!(deep.map_err(|e| e.depth), Err(1 << 31));
/// ```
pub fn try_perft_divide(
    position: &Position,
    depth: u32,
    policy: SingleDiePolicy,
) -> Result<Vec<(Dice, u64)>, PerftDepthError> {
    let depth = check_depth(depth)?.max(1);
    let mut lists: Vec<PlayList> = (0..depth).map(|_| PlayList::new()).collect();
    let mut out = Vec::with_capacity(21);
    for dice in Dice::ALL {
        let Some((list, rest)) = lists.split_first_mut() else {
            break;
        };
        let k = list.generate(position, dice, policy);
        let n = if depth == 1 {
            k.max(1) as u64
        } else if k == 0 {
            perft_with(
                &position.with_to_move(position.to_move.opponent()),
                depth - 1,
                policy,
                rest,
            )
        } else {
            list.results()
                .map(|r| perft_with(&r, depth - 1, policy, &mut *rest))
                .sum()
        };
        out.push((dice, n));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `count` gives `generate`'s number of plays (A17) for every roll under both policies,
    /// in positions from random games (bar entries, bearing off and blocked boards included),
    /// leaves the list empty, and a `generate` after it (same position, reused masks) lists
    /// the plays again.
    #[test]
    fn count_equals_the_number_generated() {
        let (mut listed, mut counted) = (PlayList::new(), PlayList::new());
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        let mut checked = 0;
        for _game in 0..20 {
            let mut pos = Position::start(Side::White);
            while pos.winner().is_none() {
                for dice in Dice::ALL {
                    for policy in [SingleDiePolicy::Standard, SingleDiePolicy::Lattjo] {
                        let n = counted.count(&pos, dice, policy);
                        assert!(counted.is_empty() && !counted.is_for(&pos, dice, policy));
                        assert_eq!(n, listed.generate(&pos, dice, policy), "{pos:?} {dice}");
                        assert_eq!(counted.generate(&pos, dice, policy), n);
                        checked += 1;
                    }
                }
                let dice = Dice::ALL[next(21)];
                let n = listed.generate(&pos, dice, SingleDiePolicy::Standard);
                pos = match listed.get(next(n.max(1))) {
                    Some(play) => pos.after(&play),
                    None => pos.with_to_move(pos.to_move().opponent()),
                };
            }
        }
        assert!(checked > 50_000, "{checked}");
    }

    /// The word-at-a-time masks agree with the plain loops on every byte value in every slot.
    #[test]
    fn byte_masks_and_outside_count_match_the_plain_loops() {
        let mut a = [0u8; 26];
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for round in 0..2_000 {
            for (i, v) in a.iter_mut().enumerate() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Mostly 0..=3, sometimes up to 15, and whole rows of zeros.
                *v = if round % 7 == 0 && i.is_multiple_of(3) {
                    0
                } else {
                    (x % 4) as u8 + if x.is_multiple_of(11) { 12 } else { 0 }
                };
            }
            let (any, two) = byte_masks(&a);
            let (any_rev, two_rev) = byte_masks_reversed(&a);
            for (i, &v) in a.iter().enumerate() {
                assert_eq!(any >> i & 1 == 1, v > 0, "{a:?} {i}");
                assert_eq!(two >> i & 1 == 1, v >= 2, "{a:?} {i}");
                assert_eq!(any_rev >> (25 - i) & 1 == 1, v > 0, "{a:?} {i}");
                assert_eq!(two_rev >> (25 - i) & 1 == 1, v >= 2, "{a:?} {i}");
            }
            assert_eq!((any_rev | two_rev) >> 26, 0, "{a:?}");
            let outside: u32 = a[7..].iter().map(|&v| u32::from(v)).sum();
            if outside <= 120 {
                assert_eq!(u32::from(outside_count(&a)), outside.min(255), "{a:?}");
            }
        }
    }
}
