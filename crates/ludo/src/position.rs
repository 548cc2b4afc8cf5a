//! The position and its notation (rules file section 6), plus board dots for building positions
//! by hand and for drawing.

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use crate::{ByColour, Colour, Die, Geometry, GeometryError, ParseDieError, Seats, SeatsError};

/// The colours that have finished, in the order they finished (A15).
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Colour, Position};
/// let p: Position = "LUDO 40/40/4 RGY - 0 R:1,2,3,4 G:45,45,45,45 Y:0,0,0,0 places=G".parse()?;
/// assert_eq!(p.places().as_slice(), [Colour::Green]);
/// assert_eq!(p.places().place_of(Colour::Green), Some(0));
/// assert!(!p.places().contains(Colour::Red));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Places {
    order: [Colour; 4],
    len: u8,
}

impl Places {
    /// The finished colours, first place first.
    #[must_use]
    pub fn as_slice(&self) -> &[Colour] {
        &self.order[..self.len as usize]
    }

    /// How many colours have a place.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether nobody has finished.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `c` has a place.
    #[must_use]
    pub fn contains(&self, c: Colour) -> bool {
        self.as_slice().contains(&c)
    }

    /// The place (0 = first) of `c`, if any.
    #[must_use]
    pub fn place_of(&self, c: Colour) -> Option<usize> {
        self.as_slice().iter().position(|&x| x == c)
    }

    pub(crate) fn push(&mut self, c: Colour) {
        if (self.len as usize) < 4 && !self.contains(c) {
            self.order[self.len as usize] = c;
            self.len += 1;
        }
    }
}

impl fmt::Debug for Places {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// The roll for who starts (L2, A13): the colours still in contention and what each has rolled
/// so far in this round of rolls. Contenders roll in seat order; ties at the top roll again.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Colour, Position};
/// let p: Position =
///     "LUDO 40/40/4 RGYB Y 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 opening=GYB:4".parse()?;
/// let o = p.opening().ok_or("the roll for who starts")?;
/// assert_eq!(o.contenders().collect::<Vec<_>>(), [Colour::Green, Colour::Yellow, Colour::Blue]);
/// assert_eq!(o.rolls(), [4]);
/// assert_eq!(o.next_roller(), Some(Colour::Yellow));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    contenders: u8,
    rolls: [u8; 4],
    rolled: u8,
}

impl Opening {
    pub(crate) const fn new(seats: Seats) -> Opening {
        Opening {
            contenders: seats.mask(),
            rolls: [0; 4],
            rolled: 0,
        }
    }

    /// The colours still in contention, in seat order.
    pub fn contenders(&self) -> impl Iterator<Item = Colour> + Clone {
        Seats::from_mask(self.contenders).colours()
    }

    /// The rolls made so far in this round, in contender order.
    #[must_use]
    pub fn rolls(&self) -> &[u8] {
        &self.rolls[..self.rolled as usize]
    }

    /// The contender to roll next.
    #[must_use]
    pub fn next_roller(&self) -> Option<Colour> {
        self.contenders().nth(self.rolled as usize)
    }

    /// Records a roll; returns the starting colour once one colour rolled highest alone.
    pub(crate) fn roll(&mut self, d: u8) -> Option<Colour> {
        self.rolls[self.rolled as usize & 3] = d;
        self.rolled += 1;
        let n = self.contenders.count_ones() as u8;
        if self.rolled < n {
            return None;
        }
        let max = self.rolls[..n as usize].iter().copied().max().unwrap_or(0);
        let mut mask = 0u8;
        for (c, &r) in self.contenders().zip(self.rolls.iter()) {
            if r == max {
                mask |= 1 << c.index();
            }
        }
        self.contenders = mask;
        self.rolls = [0; 4];
        self.rolled = 0;
        if mask.count_ones() == 1 {
            Colour::from_index(mask.trailing_zeros() as usize)
        } else {
            None
        }
    }
}

/// A dot of the board in absolute terms: for drawing, and for placing checkers by hand.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Colour, Dot, Geometry};
/// let g = Geometry::LATTJO;
/// assert_eq!(g.dot(Colour::Green, 1), Some(Dot::Loop(10)));
/// assert_eq!(g.dot(Colour::Red, 42), Some(Dot::Home(Colour::Red, 2)));
/// assert_eq!(g.path_index(Colour::Red, Dot::Finish), Ok(45));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dot {
    /// The den (large circle) of a colour.
    Den(Colour),
    /// A dot of the shared loop, `0..T`, clockwise from red's start dot.
    Loop(u8),
    /// Dot `1..=H` of a colour's home track (1 nearest the loop).
    Home(Colour, u8),
    /// The shared finishing dot in the centre.
    Finish,
}

/// A dot where a checker of the given colour can never stand.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Colour, Dot, DotError, Geometry};
/// assert_eq!(
///     Geometry::LATTJO.path_index(Colour::Red, Dot::Home(Colour::Blue, 1)),
///     Err(DotError::OtherHomeTrack { checker: Colour::Red, owner: Colour::Blue })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DotError {
    /// Every home track belongs to one colour (L12).
    #[error("a {checker:?} checker cannot stand on the home track of {owner:?}")]
    OtherHomeTrack {
        /// The checker's colour.
        checker: Colour,
        /// The owner of the home track.
        owner: Colour,
    },
    /// A den holds only its own colour's checkers.
    #[error("a {checker:?} checker cannot stand in the den of {owner:?}")]
    OtherDen {
        /// The checker's colour.
        checker: Colour,
        /// The owner of the den.
        owner: Colour,
    },
    /// A loop dot the colour's path skips (the dot before its start dot when `L < T`), or a dot
    /// number past the loop or the home track.
    #[error("a {checker:?} checker never reaches {dot:?}")]
    OffPath {
        /// The checker's colour.
        checker: Colour,
        /// The dot.
        dot: Dot,
    },
}

impl Geometry {
    /// The dot where a checker of colour `c` at path index `k` stands, or `None` past the
    /// finishing dot.
    #[must_use]
    pub const fn dot(self, c: Colour, k: u8) -> Option<Dot> {
        if k == 0 {
            Some(Dot::Den(c))
        } else if k <= self.last_loop() {
            match self.loop_dot(c, k) {
                Some(d) => Some(Dot::Loop(d)),
                None => None,
            }
        } else if k <= self.last_loop() + self.home_len() {
            Some(Dot::Home(c, k - self.last_loop()))
        } else if k == self.finish_index() {
            Some(Dot::Finish)
        } else {
            None
        }
    }

    /// The path index of colour `c` for `dot`.
    ///
    /// # Errors
    ///
    /// [`DotError`] for a dot of another colour's home track or den, or a dot the colour's path
    /// does not pass.
    pub fn path_index(self, c: Colour, dot: Dot) -> Result<u8, DotError> {
        match dot {
            Dot::Den(o) if o == c => Ok(0),
            Dot::Den(o) => Err(DotError::OtherDen {
                checker: c,
                owner: o,
            }),
            Dot::Home(o, _) if o != c => Err(DotError::OtherHomeTrack {
                checker: c,
                owner: o,
            }),
            Dot::Home(_, h) if h >= 1 && h <= self.home_len() => Ok(self.last_loop() + h),
            Dot::Home(..) => Err(DotError::OffPath { checker: c, dot }),
            Dot::Finish => Ok(self.finish_index()),
            Dot::Loop(d) if d < self.loop_len() => {
                let k = (d as u16 + self.loop_len() as u16 - self.start_offset(c) as u16)
                    % self.loop_len() as u16
                    + 1;
                if k as u8 <= self.last_loop() {
                    Ok(k as u8)
                } else {
                    Err(DotError::OffPath { checker: c, dot })
                }
            }
            Dot::Loop(_) => Err(DotError::OffPath { checker: c, dot }),
        }
    }
}

/// A position: the board, whose turn it is and the turn's state, in the notation of the rules
/// file (section 6). Parsing checks everything that can be checked without the rules (counts,
/// ranges, seats); [`crate::Ludo::state`] checks the rest and gives a playable
/// [`crate::State`], among it whether two colours may share a loop dot (only on a safe dot,
/// D7's separate option [`crate::Rules::safe_dots`]).
///
/// Notation: `LUDO <T>/<L>/<H> <seats> <to-move> <six-streak> <colour>:<i1>,<i2>,<i3>,<i4> …`
/// with one checker block per playing colour in seat order, path indices sorted ascending, and
/// optional trailing fields in this order: `die=N` (rolled, not yet played), `tries=N` (failed
/// tries under three tries, D8), `places=CC` (colours finished, in order), `opening=CCC:ddd`
/// (the roll for who starts: the contenders and the rolls made so far). The to-move field is
/// `-` once the game is over.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::Position;
/// let s = "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0";
/// let p: Position = s.parse()?;
/// assert_eq!(p.to_string(), s);
/// assert!("LUDO 40/40/4 RY R 0 R:0,0,0,0,0 Y:0,0,0,0".parse::<Position>().is_err());
/// # Ok::<(), lattjo_ludo::PositionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Position {
    pub(crate) geometry: Geometry,
    pub(crate) seats: Seats,
    pub(crate) to_move: Option<Colour>,
    pub(crate) six_streak: u8,
    pub(crate) checkers: ByColour<[u8; 4]>,
    pub(crate) die: Option<Die>,
    pub(crate) tries: u8,
    pub(crate) places: Places,
    pub(crate) opening: Option<Opening>,
}

/// A position string that is malformed or describes an impossible position.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Position, PositionError};
/// assert_eq!("LUDA".parse::<Position>(), Err(PositionError::MissingTag));
/// let five = "LUDO 40/40/4 RY R 0 R:0,0,0,0,0 Y:0,0,0,0".parse::<Position>();
/// assert!(matches!(five, Err(PositionError::CheckerCount { count: 5, .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// The string does not start with `LUDO`.
    #[error("a position starts with LUDO")]
    MissingTag,
    /// A required field is missing.
    #[error("missing field: {0}")]
    MissingField(&'static str),
    /// A number that is not written as the writer writes it (ASCII digits, no sign, no
    /// leading zero) or is out of range.
    #[error("bad {field}: {text:?}")]
    BadNumber {
        /// The field.
        field: &'static str,
        /// The text found.
        text: String,
    },
    /// The `T/L/H` field.
    #[error("bad geometry: {0}")]
    Geometry(#[from] GeometryError),
    /// The seats field.
    #[error("bad seats: {0}")]
    Seats(#[from] SeatsError),
    /// A field names a colour that does not play (to move, a checker block, a place, the
    /// opening).
    #[error("colour {0} is not playing")]
    NotPlaying(Colour),
    /// Not a colour letter (or `-`) where one is expected.
    #[error("bad colour: {0:?}")]
    BadColour(String),
    /// A playing colour without its checker block.
    #[error("no checkers given for {0}")]
    MissingColour(Colour),
    /// A checker block given twice.
    #[error("checkers of {0} given twice")]
    DuplicateColour(Colour),
    /// A colour with other than four checkers.
    #[error("{colour} has {count} checkers, not 4")]
    CheckerCount {
        /// The colour.
        colour: Colour,
        /// How many were listed.
        count: usize,
    },
    /// A path index past the finishing dot.
    #[error("{colour} checker at index {index} is past the finishing dot {finish}")]
    PastFinish {
        /// The colour.
        colour: Colour,
        /// The index.
        index: u8,
        /// `F`.
        finish: u8,
    },
    /// The `die=` field.
    #[error("bad die: {0}")]
    Die(#[from] ParseDieError),
    /// A die while nobody is to move a checker (game over, or the roll for who starts).
    #[error("a pending die needs a player to move")]
    DieWithoutMover,
    /// An unknown or repeated optional field, or one out of order.
    #[error("unexpected field: {0:?}")]
    UnexpectedField(String),
    /// The game is over (`-`) but nobody has finished, or the player to move has finished.
    #[error("inconsistent turn: {0}")]
    Turn(&'static str),
    /// The opening field (the roll for who starts) is malformed or does not fit the rest of
    /// the position.
    #[error("bad opening {text:?}: {reason}")]
    Opening {
        /// The field's value, at most 64 characters of it.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A colour placed twice.
    #[error("colour {0} is placed twice")]
    DuplicatePlace(Colour),
}

/// A number of the crate's texts (positions, moves, rules) as the writers write it: one to
/// three ASCII digits, no sign, no leading zero (`0` itself aside), at most 255; else
/// `None`. So every number read is the one text that writes it (until 7 Dec 2026 `06`,
/// `007` and `R:06>10` were read as 6, 7 and `R:6>10`, as Rust's integer parser takes a
/// leading zero; the die had been refused so since 5 Dec).
pub(crate) fn small_number(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.is_empty()
        || b.len() > 3
        || !b.iter().all(u8::is_ascii_digit)
        || (b[0] == b'0' && b.len() > 1)
    {
        return None;
    }
    s.parse().ok()
}

fn number(field: &'static str, s: &str) -> Result<u8, PositionError> {
    small_number(s).ok_or_else(|| PositionError::BadNumber {
        field,
        text: excerpt(s),
    })
}

/// The geometry field `T/L/H` of a position string, also what `Geometry`'s `FromStr` reads.
pub(crate) fn geometry(geo: &str) -> Result<Geometry, PositionError> {
    let mut g = geo.split('/');
    let t = number("loop length", g.next().unwrap_or(""))?;
    let l = number(
        "last loop index",
        g.next()
            .ok_or(PositionError::MissingField("last loop index"))?,
    )?;
    let h = number(
        "home length",
        g.next().ok_or(PositionError::MissingField("home length"))?,
    )?;
    if let Some(extra) = g.next() {
        return Err(PositionError::UnexpectedField(excerpt(extra)));
    }
    Ok(Geometry::new(t, l, h)?)
}

fn colour(s: &str) -> Result<Colour, PositionError> {
    s.parse().map_err(|_| PositionError::BadColour(excerpt(s)))
}

impl Position {
    /// The start position: every checker in its den, `first` to roll, no roll for who starts.
    ///
    /// # Errors
    ///
    /// [`PositionError::NotPlaying`] when `first` is not one of `seats`.
    pub fn new(geometry: Geometry, seats: Seats, first: Colour) -> Result<Position, PositionError> {
        if !seats.contains(first) {
            return Err(PositionError::NotPlaying(first));
        }
        Ok(Position {
            geometry,
            seats,
            to_move: Some(first),
            six_streak: 0,
            checkers: ByColour::default(),
            die: None,
            tries: 0,
            places: Places::default(),
            opening: None,
        })
    }

    /// This position with the checkers of `colour` on `dots` (absolute board dots).
    ///
    /// # Errors
    ///
    /// [`PositionError::NotPlaying`] for a colour that does not play; [`DotError`] (wrapped in
    /// [`PlaceError`]) for a dot the colour cannot stand on, such as another colour's home
    /// track. Whether another colour may share a loop dot depends on the rules (safe dots, D7's
    /// separate option): [`crate::Ludo::state`] checks it.
    pub fn with_checkers(mut self, colour: Colour, dots: [Dot; 4]) -> Result<Position, PlaceError> {
        if !self.seats.contains(colour) {
            return Err(PositionError::NotPlaying(colour).into());
        }
        let mut idx = [0u8; 4];
        for (i, d) in dots.into_iter().enumerate() {
            idx[i] = self.geometry.path_index(colour, d)?;
        }
        idx.sort_unstable();
        self.checkers[colour] = idx;
        Ok(self)
    }

    /// The geometry `T/L/H`.
    #[must_use]
    pub const fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The playing colours.
    #[must_use]
    pub const fn seats(&self) -> Seats {
        self.seats
    }

    /// The colour to roll or move (the next to roll for who starts); `None` once the game is
    /// over.
    #[must_use]
    pub const fn to_move(&self) -> Option<Colour> {
        self.to_move
    }

    /// Consecutive 6s rolled in the current turn.
    #[must_use]
    pub const fn six_streak(&self) -> u8 {
        self.six_streak
    }

    /// The path indices of `c`'s checkers, ascending (all 0 for a colour that does not play).
    #[must_use]
    pub fn checkers(&self, c: Colour) -> [u8; 4] {
        self.checkers[c]
    }

    /// The die rolled and not yet played.
    #[must_use]
    pub const fn die(&self) -> Option<Die> {
        self.die
    }

    /// Rolls already failed in this turn under three tries (D8).
    #[must_use]
    pub const fn tries(&self) -> u8 {
        self.tries
    }

    /// The colours that have finished, in order.
    #[must_use]
    pub const fn places(&self) -> &Places {
        &self.places
    }

    /// The roll for who starts, while it lasts.
    #[must_use]
    pub const fn opening(&self) -> Option<&Opening> {
        self.opening.as_ref()
    }

    /// The colours standing on loop dot `dot` and how many checkers each has there.
    pub fn on_loop_dot(&self, dot: u8) -> impl Iterator<Item = (Colour, usize)> + '_ {
        self.seats.colours().filter_map(move |c| {
            let n = self.checkers[c]
                .iter()
                .filter(|&&k| self.geometry.loop_dot(c, k) == Some(dot))
                .count();
            (n > 0).then_some((c, n))
        })
    }
}

/// A checker placed where it cannot stand.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Colour, Dot, Geometry, PlaceError, Position, Seats};
/// let p = Position::new(Geometry::LATTJO, Seats::FOUR, Colour::Red)?;
/// let green_home = Dot::Home(Colour::Green, 1);
/// assert!(matches!(p.with_checkers(Colour::Red, [green_home; 4]), Err(PlaceError::Dot(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlaceError {
    /// The dot is not on the colour's path.
    #[error(transparent)]
    Dot(#[from] DotError),
    /// The position would be impossible.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LUDO {} {} ", self.geometry, self.seats)?;
        match self.to_move {
            Some(c) => write!(f, "{c}")?,
            None => write!(f, "-")?,
        }
        write!(f, " {}", self.six_streak)?;
        for c in self.seats.colours() {
            let k = self.checkers[c];
            write!(f, " {c}:{},{},{},{}", k[0], k[1], k[2], k[3])?;
        }
        if let Some(d) = self.die {
            write!(f, " die={d}")?;
        }
        if self.tries > 0 {
            write!(f, " tries={}", self.tries)?;
        }
        if !self.places.is_empty() {
            write!(f, " places=")?;
            for c in self.places.as_slice() {
                write!(f, "{c}")?;
            }
        }
        if let Some(o) = &self.opening {
            write!(f, " opening=")?;
            for c in o.contenders() {
                write!(f, "{c}")?;
            }
            write!(f, ":")?;
            for r in o.rolls() {
                write!(f, "{r}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Position, PositionError> {
        let mut it = s.split_ascii_whitespace();
        if it.next() != Some("LUDO") {
            return Err(PositionError::MissingTag);
        }
        let geometry = geometry(it.next().ok_or(PositionError::MissingField("geometry"))?)?;
        let seats: Seats = it
            .next()
            .ok_or(PositionError::MissingField("seats"))?
            .parse()?;
        let tm = it.next().ok_or(PositionError::MissingField("to move"))?;
        let to_move = if tm == "-" { None } else { Some(colour(tm)?) };
        if let Some(c) = to_move
            && !seats.contains(c)
        {
            return Err(PositionError::NotPlaying(c));
        }
        let six_streak = number(
            "six streak",
            it.next().ok_or(PositionError::MissingField("six streak"))?,
        )?;
        let mut checkers = ByColour::<[u8; 4]>::default();
        let mut seen = 0u8;
        let finish = geometry.finish_index();
        for _ in 0..seats.len() {
            let block = it.next().ok_or(PositionError::MissingField("checkers"))?;
            let (c, list) = block
                .split_once(':')
                .ok_or_else(|| PositionError::UnexpectedField(excerpt(block)))?;
            let c = colour(c)?;
            if !seats.contains(c) {
                return Err(PositionError::NotPlaying(c));
            }
            if seen & (1 << c.index()) != 0 {
                return Err(PositionError::DuplicateColour(c));
            }
            seen |= 1 << c.index();
            let count = list.split(',').count();
            if count != 4 {
                return Err(PositionError::CheckerCount { colour: c, count });
            }
            let mut idx = [0u8; 4];
            for (i, p) in list.split(',').enumerate() {
                let k = number("path index", p)?;
                if k > finish {
                    return Err(PositionError::PastFinish {
                        colour: c,
                        index: k,
                        finish,
                    });
                }
                idx[i] = k;
            }
            idx.sort_unstable();
            checkers[c] = idx;
        }
        if let Some(c) = seats.colours().find(|c| seen & (1 << c.index()) == 0) {
            return Err(PositionError::MissingColour(c));
        }
        let mut pos = Position {
            geometry,
            seats,
            to_move,
            six_streak,
            checkers,
            die: None,
            tries: 0,
            places: Places::default(),
            opening: None,
        };
        let mut stage = 0;
        // The opening field's text, for an error found after all fields are read.
        let mut opening_text = "";
        for field in it {
            if let Some((c, _)) = field.split_once(':')
                && Colour::from_letter(c.chars().next().unwrap_or(' ')).is_some()
                && c.len() == 1
            {
                let c = colour(c)?;
                return Err(if seats.contains(c) {
                    PositionError::DuplicateColour(c)
                } else {
                    PositionError::NotPlaying(c)
                });
            }
            let (key, value) = field
                .split_once('=')
                .ok_or_else(|| PositionError::UnexpectedField(excerpt(field)))?;
            let order = match key {
                "die" => 1,
                "tries" => 2,
                "places" => 3,
                "opening" => 4,
                _ => 0,
            };
            if order <= stage {
                return Err(PositionError::UnexpectedField(excerpt(field)));
            }
            stage = order;
            match key {
                "die" => pos.die = Some(value.parse()?),
                "tries" => pos.tries = number("tries", value)?,
                "places" => {
                    for ch in value.chars() {
                        let c = Colour::from_letter(ch)
                            .ok_or_else(|| PositionError::BadColour(ch.to_string()))?;
                        if !seats.contains(c) {
                            return Err(PositionError::NotPlaying(c));
                        }
                        if pos.places.contains(c) {
                            return Err(PositionError::DuplicatePlace(c));
                        }
                        pos.places.push(c);
                    }
                    if pos.places.is_empty() {
                        return Err(PositionError::UnexpectedField(excerpt(field)));
                    }
                }
                _ => {
                    let bad = |reason| PositionError::Opening {
                        text: excerpt(value),
                        reason,
                    };
                    let (cs, rolls) = value.split_once(':').ok_or_else(|| {
                        bad("expected the contenders' letters, ':' and the rolls made (GYB:4)")
                    })?;
                    let mut mask = 0u8;
                    for ch in cs.chars() {
                        let c = Colour::from_letter(ch).ok_or_else(|| {
                            bad("a contender is not a colour letter (R, G, Y, B)")
                        })?;
                        if !seats.contains(c) {
                            return Err(PositionError::NotPlaying(c));
                        }
                        if mask & (1 << c.index()) != 0 {
                            return Err(bad("a colour contends twice"));
                        }
                        mask |= 1 << c.index();
                    }
                    let mut o = Opening {
                        contenders: mask,
                        rolls: [0; 4],
                        rolled: 0,
                    };
                    if mask.count_ones() < 2 {
                        return Err(bad("fewer than two colours contend"));
                    }
                    if rolls.len() >= mask.count_ones() as usize {
                        return Err(bad(
                            "a roll for every contender or more: the round would be over",
                        ));
                    }
                    for (i, ch) in rolls.chars().enumerate() {
                        let d = ch
                            .to_digit(10)
                            .filter(|&d| Die::new(d as u8).is_ok())
                            .ok_or_else(|| bad("a roll is not a die from 1 to 6"))?;
                        o.rolls[i] = d as u8;
                        o.rolled += 1;
                    }
                    if to_move != o.next_roller() {
                        return Err(bad("the player to move is not the next contender to roll"));
                    }
                    pos.opening = Some(o);
                    opening_text = value;
                }
            }
        }
        if pos.die.is_some() && (pos.to_move.is_none() || pos.opening.is_some()) {
            return Err(PositionError::DieWithoutMover);
        }
        if pos.opening.is_some()
            && (!pos.places.is_empty() || pos.six_streak != 0 || pos.tries != 0)
        {
            return Err(PositionError::Opening {
                text: excerpt(opening_text),
                reason: "the roll for who starts comes before any move, finish or six",
            });
        }
        match pos.to_move {
            None if pos.places.is_empty() => {
                return Err(PositionError::Turn("the game is over but nobody finished"));
            }
            Some(c) if pos.places.contains(c) => {
                return Err(PositionError::Turn("the player to move has finished"));
            }
            _ => {}
        }
        Ok(pos)
    }
}

impl TryFrom<String> for Position {
    type Error = PositionError;
    fn try_from(s: String) -> Result<Position, PositionError> {
        s.parse()
    }
}

impl From<Position> for String {
    fn from(p: Position) -> String {
        p.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0";

    #[test]
    fn section6_start_example_round_trips() {
        let p: Position = START.parse().unwrap();
        assert_eq!(p.to_string(), START);
        assert_eq!(p.to_move(), Some(Colour::Red));
        assert_eq!(p.checkers(Colour::Yellow), [0; 4]);
        let q = Position::new(Geometry::LATTJO, Seats::FOUR, Colour::Red).unwrap();
        assert_eq!(p, q);
    }

    #[test]
    fn optional_fields_round_trip() {
        for s in [
            "LUDO 40/40/4 RY Y 2 R:0,3,3,45 Y:1,5,41,44 die=6",
            "LUDO 52/51/5 RGB G 0 R:0,0,0,0 G:0,0,0,0 B:0,0,0,0 tries=2",
            "LUDO 40/40/4 RGY - 0 R:1,2,3,4 G:45,45,45,45 Y:0,0,0,0 places=G",
            "LUDO 40/40/4 RGYB Y 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 opening=GYB:4",
        ] {
            let p: Position = s.parse().unwrap();
            assert_eq!(p.to_string(), s);
        }
        let p: Position = "LUDO 40/40/4 RY R 0 R:3,0,2,1 Y:0,0,0,0".parse().unwrap();
        assert_eq!(
            p.checkers(Colour::Red),
            [0, 1, 2, 3],
            "sorted into canonical form"
        );
    }

    #[test]
    fn impossible_positions_are_typed_errors() {
        use PositionError as E;
        let err = |s: &str| s.parse::<Position>().unwrap_err();
        assert_eq!(err("LUDA 40/40/4"), E::MissingTag);
        assert_eq!(err(""), E::MissingTag);
        assert_eq!(
            err("LUDO 40/40/4 RY R 0 R:0,0,0,0,0 Y:0,0,0,0"),
            E::CheckerCount {
                colour: Colour::Red,
                count: 5
            },
            "five checkers of a colour"
        );
        assert_eq!(
            err("LUDO 40/40/4 RY R 0 R:0,0,0 Y:0,0,0,0"),
            E::CheckerCount {
                colour: Colour::Red,
                count: 3
            }
        );
        assert_eq!(
            err("LUDO 40/40/4 RY R 0 R:0,0,0,46 Y:0,0,0,0"),
            E::PastFinish {
                colour: Colour::Red,
                index: 46,
                finish: 45
            }
        );
        assert!(
            matches!(
                err("LUDO 40/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0 die=7"),
                E::Die(_)
            ),
            "die value 7"
        );
        assert!(matches!(
            err("LUDO 40/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0 die=0"),
            E::Die(_)
        ));
        assert_eq!(
            err("LUDO 40/40/4 RY G 0 R:0,0,0,0 Y:0,0,0,0"),
            E::NotPlaying(Colour::Green),
            "seat not playing"
        );
        assert_eq!(
            err("LUDO 40/40/4 RY R 0 R:0,0,0,0 G:0,0,0,0"),
            E::NotPlaying(Colour::Green)
        );
        assert_eq!(
            err("LUDO 40/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0 G:0,0,0,0"),
            E::NotPlaying(Colour::Green)
        );
        assert_eq!(
            err("LUDO 40/40/4 RY R 0 R:0,0,0,0 R:0,0,0,0"),
            E::DuplicateColour(Colour::Red)
        );
        assert_eq!(
            err("LUDO 40/40/4 RY R 0 R:0,0,0,0"),
            E::MissingField("checkers")
        );
        assert!(matches!(
            err("LUDO 42/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0"),
            E::Geometry(_)
        ));
        assert!(matches!(err("LUDO 40/40/4 R R 0 R:0,0,0,0"), E::Seats(_)));
        // R at index 21 and Y at index 1 are both loop dot 20: whether they may share it
        // depends on the rules (D7's safe dots), so the rules-free notation reads it and
        // `Ludo::state` decides (`StateError::SharedDot`, tests/rules.rs).
        let shared: Position = "LUDO 40/40/4 RY R 0 R:0,0,0,21 Y:0,0,0,1".parse().unwrap();
        assert_eq!(
            shared.on_loop_dot(20).collect::<Vec<_>>(),
            [(Colour::Red, 1), (Colour::Yellow, 1)]
        );
        assert_eq!(
            err("LUDO 40/40/4 RY - 0 R:0,0,0,0 Y:0,0,0,0"),
            E::Turn("the game is over but nobody finished")
        );
        assert_eq!(
            err("LUDO 40/40/4 RY - 0 R:45,45,45,45 Y:0,0,0,0 die=3"),
            E::DieWithoutMover
        );
        assert!(matches!(
            err("LUDO 40/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0 tries=1 die=3"),
            E::UnexpectedField(_)
        ));
        assert!(matches!(
            err("LUDO 40/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0 foo=1"),
            E::UnexpectedField(_)
        ));
        assert!(matches!(
            err("LUDO 40/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0 opening=RY:5"),
            E::Opening { .. }
        ));
        assert!(matches!(
            err("LUDO 40/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0 opening=RY:56"),
            E::Opening { .. }
        ));
        assert!(matches!(
            err("LUDO 40/40/4 RY R 0 R:0,x,0,0 Y:0,0,0,0"),
            E::BadNumber { .. }
        ));
        assert!(matches!(
            err("LUDO 40/40/4 RY R 0 R:0,0,0,-1 Y:0,0,0,0"),
            E::BadNumber { .. }
        ));
    }

    /// A refused opening field said only `bad opening: "RY:5"`, and a field that was well
    /// formed but came with a move already made quoted a sentence as if it were the field.
    /// Each refusal now names the field and what is wrong with it.
    #[test]
    fn regression_a_bad_opening_said_only_bad_opening() {
        let start = "LUDO 40/40/4 RGY R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0";
        let cases = [
            (
                "RG",
                "expected the contenders' letters, ':' and the rolls made (GYB:4)",
            ),
            ("RX:", "a contender is not a colour letter (R, G, Y, B)"),
            ("RR:", "a colour contends twice"),
            ("R:", "fewer than two colours contend"),
            (
                "RG:55",
                "a roll for every contender or more: the round would be over",
            ),
            ("RGY:7", "a roll is not a die from 1 to 6"),
            (
                "RGY:4",
                "the player to move is not the next contender to roll",
            ),
        ];
        for (field, reason) in cases {
            let text = format!("{start} opening={field}");
            let err = text.parse::<Position>().unwrap_err();
            assert_eq!(
                err,
                PositionError::Opening {
                    text: field.to_owned(),
                    reason
                },
                "{text}"
            );
            assert_eq!(err.to_string(), format!("bad opening {field:?}: {reason}"));
        }
        let moved = "LUDO 40/40/4 RGY R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 tries=1 opening=RGY:";
        assert_eq!(
            moved.parse::<Position>(),
            Err(PositionError::Opening {
                text: "RGY:".to_owned(),
                reason: "the roll for who starts comes before any move, finish or six",
            })
        );
    }

    #[test]
    fn l12_a_checker_on_another_colours_home_track_is_refused() {
        let p = Position::new(Geometry::LATTJO, Seats::FOUR, Colour::Red).unwrap();
        let home = Dot::Home(Colour::Green, 2);
        let r = p.with_checkers(
            Colour::Red,
            [
                Dot::Den(Colour::Red),
                Dot::Den(Colour::Red),
                Dot::Den(Colour::Red),
                home,
            ],
        );
        assert_eq!(
            r,
            Err(PlaceError::Dot(DotError::OtherHomeTrack {
                checker: Colour::Red,
                owner: Colour::Green
            }))
        );
        let ok = p
            .with_checkers(
                Colour::Red,
                [
                    Dot::Den(Colour::Red),
                    Dot::Loop(5),
                    Dot::Home(Colour::Red, 2),
                    Dot::Finish,
                ],
            )
            .unwrap();
        assert_eq!(ok.checkers(Colour::Red), [0, 6, 42, 45]);
        // Green's path index of loop dot 5 is 36 (its start is loop dot 10).
        assert_eq!(
            Geometry::LATTJO.path_index(Colour::Green, Dot::Loop(5)),
            Ok(36)
        );
        assert!(matches!(
            p.with_checkers(Colour::Red, [Dot::Den(Colour::Green); 4]),
            Err(PlaceError::Dot(DotError::OtherDen { .. }))
        ));
        // Classic (L = T - 1): the dot before red's start dot is not on red's path.
        assert!(matches!(
            Geometry::CLASSIC.path_index(Colour::Red, Dot::Loop(51)),
            Err(DotError::OffPath { .. })
        ));
        assert_eq!(
            Geometry::CLASSIC.path_index(Colour::Green, Dot::Loop(51)),
            Ok(39)
        );
    }

    #[test]
    fn dots_and_path_indices_agree() {
        for g in [Geometry::LATTJO, Geometry::CLASSIC] {
            for c in Colour::ALL {
                for k in 0..=g.finish_index() {
                    let d = g.dot(c, k).unwrap();
                    assert_eq!(g.path_index(c, d), Ok(k), "{g} {c} {k}");
                }
                assert_eq!(g.dot(c, g.finish_index() + 1), None);
            }
        }
    }

    #[test]
    fn a13_opening_rerolls_ties_among_the_highest() {
        let mut o = Opening::new(Seats::FOUR);
        assert_eq!(o.next_roller(), Some(Colour::Red));
        assert_eq!(o.roll(5), None);
        assert_eq!(o.roll(6), None);
        assert_eq!(o.roll(2), None);
        assert_eq!(o.roll(6), None, "G and B tie at 6");
        assert_eq!(
            o.contenders().collect::<Vec<_>>(),
            vec![Colour::Green, Colour::Blue]
        );
        assert_eq!(o.next_roller(), Some(Colour::Green));
        assert_eq!(o.roll(3), None);
        assert_eq!(o.roll(4), Some(Colour::Blue), "the re-roll decides");
    }
}
