//! Moves and actions, with the move notation of the rules file (section 6).

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use crate::position::small_number;
use crate::{Colour, Die, ParseDieError};

/// What a move does (the colour and capture are in [`Move`]).
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Move, MoveKind};
/// let m: Move = "R:43>41~".parse()?;
/// match m.kind() {
///     MoveKind::Step { from, to, bounce } => assert_eq!((from, to, bounce), (43, 41, true)),
///     other => panic!("not a step: {other:?}"),
/// }
/// assert_eq!("R:0>1,0>1".parse::<Move>()?.kind(), MoveKind::EnterTwo);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum MoveKind {
    /// One checker from the den to path index `to` (the start dot 1, or the sixth dot on a 6
    /// under the booklet's rules). Notation `0>1`, `0>6`.
    Enter {
        /// The path index the checker lands on.
        to: u8,
    },
    /// Two checkers from the den to the start dot on a 6 (L6). Notation `0>1,0>1`.
    EnterTwo,
    /// A checker on the track moves from path index `from` to `to`; `bounce` when it counted to
    /// the end of its path and back (L15). Notation `12>16`, `43>41~`.
    Step {
        /// The path index the checker leaves.
        from: u8,
        /// The path index it lands on.
        to: u8,
        /// Whether the move bounced off the end of the path.
        bounce: bool,
    },
    /// No move although one was possible (only when the rules let a player decline, D9).
    /// Notation `-`.
    Pass,
}

/// A move of one player: the colour moving, what it does and which colour it sends home.
///
/// The capture is part of the move, as in the notation: `R:12>16xG` and `R:12>16` are different
/// moves, and only the one that matches the position is legal. ([`crate::Ludo::parse_move`]
/// fills in the capture and bounce marks from the position.)
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Colour, Move, MoveKind};
/// let m: Move = "R:12>16xG".parse()?;
/// assert_eq!(m.colour(), Colour::Red);
/// assert_eq!(m.kind(), MoveKind::Step { from: 12, to: 16, bounce: false });
/// assert_eq!(m.capture(), Some(Colour::Green));
/// assert_eq!(m, Move::new(Colour::Red, MoveKind::Step { from: 12, to: 16, bounce: false }, Some(Colour::Green)));
/// assert_eq!(m.to_string(), "R:12>16xG");
/// # Ok::<(), lattjo_ludo::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Move {
    /// Byte 0: the colour; byte 1: from; byte 2: to; byte 3: flags (bits 0-1: 0 step, 1 enter,
    /// 2 two enter, 3 pass; bit 2: bounce; bits 4-6: captured colour + 1, 0 = none). One word,
    /// so that comparing moves is one comparison.
    bits: u32,
}

const STEP: u8 = 0;
const ENTER: u8 = 1;
const ENTER_TWO: u8 = 2;
const PASS: u8 = 3;
const BOUNCE: u8 = 4;

impl Move {
    pub(crate) const NONE: Move = Move::pack(Colour::Red, 0, 0, PASS);

    #[inline]
    const fn pack(colour: Colour, from: u8, to: u8, flags: u8) -> Move {
        Move {
            bits: colour as u32 | (from as u32) << 8 | (to as u32) << 16 | (flags as u32) << 24,
        }
    }

    #[inline]
    const fn flags(&self) -> u8 {
        (self.bits >> 24) as u8
    }

    #[inline]
    const fn cap_bits(capture: Option<Colour>) -> u8 {
        match capture {
            Some(c) => (c as u8 + 1) << 4,
            None => 0,
        }
    }

    /// The move of `colour` doing `kind`, sending `capture`'s checkers home.
    #[must_use]
    pub const fn new(colour: Colour, kind: MoveKind, capture: Option<Colour>) -> Move {
        let (from, to, k) = match kind {
            MoveKind::Enter { to } => (0, to, ENTER),
            MoveKind::EnterTwo => (0, 1, ENTER_TWO),
            MoveKind::Step { from, to, bounce } => {
                (from, to, if bounce { STEP | BOUNCE } else { STEP })
            }
            MoveKind::Pass => (0, 0, PASS),
        };
        Move::pack(colour, from, to, k | Move::cap_bits(capture))
    }

    /// The colour-free part of a step's word: source, target and bounce flag.
    pub(crate) const fn step_word(from: u8, to: u8, bounce: bool) -> u32 {
        Move::pack(
            Colour::Red,
            from,
            to,
            if bounce { STEP | BOUNCE } else { STEP },
        )
        .bits
    }

    /// A step from its [`Move::step_word`], the colour and the captured colour + 1 (0: none).
    #[inline]
    pub(crate) const fn from_step_word(word: u32, colour: Colour, capture_plus_one: u8) -> Move {
        Move {
            bits: word | colour as u32 | (capture_plus_one as u32) << 28,
        }
    }

    /// The move's word (see the field).
    #[inline]
    pub(crate) const fn bits(self) -> u32 {
        self.bits
    }

    /// The move with this word, as written by [`Move::bits`] and the game's tables.
    #[inline]
    pub(crate) const fn from_bits(bits: u32) -> Move {
        Move { bits }
    }

    /// The colour that moves.
    #[must_use]
    pub const fn colour(&self) -> Colour {
        match Colour::from_index((self.bits & 3) as usize) {
            Some(c) => c,
            None => Colour::Red,
        }
    }

    /// What the move does.
    #[must_use]
    pub const fn kind(&self) -> MoveKind {
        let (from, to, flags) = (self.source_index(), self.target_index(), self.flags());
        match flags & 3 {
            STEP => MoveKind::Step {
                from,
                to,
                bounce: flags & BOUNCE != 0,
            },
            ENTER => MoveKind::Enter { to },
            ENTER_TWO => MoveKind::EnterTwo,
            _ => MoveKind::Pass,
        }
    }

    /// The colour whose checkers on the landing dot go back to their den (A10: all of them).
    #[must_use]
    pub const fn capture(&self) -> Option<Colour> {
        Colour::from_index(((self.flags() >> 4) as usize).wrapping_sub(1))
    }

    /// Whether checkers leave the den.
    #[must_use]
    pub const fn is_release(&self) -> bool {
        matches!(self.flags() & 3, ENTER | ENTER_TWO)
    }

    /// Whether this is two checkers entering.
    #[inline]
    pub(crate) const fn is_enter_two(&self) -> bool {
        self.flags() & 3 == ENTER_TWO
    }

    /// Whether this is a pass.
    #[inline]
    pub(crate) const fn is_pass(&self) -> bool {
        self.flags() & 3 == PASS
    }

    #[inline]
    pub(crate) const fn source_index(&self) -> u8 {
        (self.bits >> 8) as u8
    }

    #[inline]
    pub(crate) const fn target_index(&self) -> u8 {
        (self.bits >> 16) as u8
    }

    /// The path index the moving checker(s) land on, or `None` for a pass.
    #[must_use]
    pub const fn target(&self) -> Option<u8> {
        if self.is_pass() {
            None
        } else {
            Some(self.target_index())
        }
    }

    /// The path index the moving checker(s) leave (0 for the den), or `None` for a pass.
    #[must_use]
    pub const fn source(&self) -> Option<u8> {
        if self.is_pass() {
            None
        } else {
            Some(self.source_index())
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

#[cfg(feature = "serde")]
impl TryFrom<String> for Move {
    type Error = ParseMoveError;
    fn try_from(s: String) -> Result<Move, ParseMoveError> {
        s.parse()
    }
}

#[cfg(feature = "serde")]
impl From<Move> for String {
    fn from(m: Move) -> String {
        m.to_string()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.colour())?;
        match self.kind() {
            MoveKind::Enter { to } => write!(f, "0>{to}")?,
            MoveKind::EnterTwo => write!(f, "0>1,0>1")?,
            MoveKind::Step { from, to, bounce } => {
                write!(f, "{from}>{to}")?;
                if bounce {
                    write!(f, "~")?;
                }
            }
            MoveKind::Pass => write!(f, "-")?,
        }
        if let Some(c) = self.capture() {
            write!(f, "x{c}")?;
        }
        Ok(())
    }
}

/// A move string that is not in the notation `C:from>to[~][xC]`, `C:0>1,0>1`, `C:-`.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Move, ParseMoveError};
/// assert!(matches!("R:12-16".parse::<Move>(), Err(ParseMoveError::BadStep(_))));
/// assert!(matches!("R:12>16xR".parse::<Move>(), Err(ParseMoveError::SelfCapture(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// No `C:` colour prefix.
    #[error("a move starts with a colour and a colon, like R:12>16, not {0:?}")]
    MissingColour(String),
    /// The colour letter is unknown.
    #[error("unknown colour in move {0:?}")]
    BadColour(String),
    /// A part is not `from>to` with two numbers (as the writer writes them: no sign, no
    /// leading zero).
    #[error("expected from>to with path indices, not {0:?}")]
    BadStep(String),
    /// The capture suffix is not `x` and a colour.
    #[error("expected a capture like xG, not {0:?}")]
    BadCapture(String),
    /// A colour captures itself.
    #[error("{0} cannot capture its own checkers")]
    SelfCapture(Colour),
    /// Two parts that are not two checkers entering the start dot.
    #[error("only 0>1,0>1 moves two checkers, not {0:?}")]
    BadPair(String),
    /// A bounce mark on a move out of the den, or a step that does not leave the den yet
    /// starts from 0, or a pass with a capture.
    #[error("inconsistent move {0:?}")]
    Inconsistent(String),
}

fn parse_step(s: &str) -> Option<(u8, u8)> {
    let (a, b) = s.split_once('>')?;
    Some((small_number(a)?, small_number(b)?))
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let (c, body) = s
            .split_once(':')
            .ok_or_else(|| ParseMoveError::MissingColour(excerpt(s)))?;
        let colour: Colour = c
            .parse()
            .map_err(|_| ParseMoveError::BadColour(excerpt(s)))?;
        let (body, capture) = match body.split_once('x') {
            Some((b, cap)) => {
                let cc: Colour = cap
                    .parse()
                    .map_err(|_| ParseMoveError::BadCapture(excerpt(cap)))?;
                if cc == colour {
                    return Err(ParseMoveError::SelfCapture(colour));
                }
                (b, Some(cc))
            }
            None => (body, None),
        };
        if body == "-" {
            if capture.is_some() {
                return Err(ParseMoveError::Inconsistent(excerpt(s)));
            }
            return Ok(Move::new(colour, MoveKind::Pass, None));
        }
        let (body, bounce) = match body.strip_suffix('~') {
            Some(b) => (b, true),
            None => (body, false),
        };
        let kind = if let Some((a, b)) = body.split_once(',') {
            if bounce {
                return Err(ParseMoveError::Inconsistent(excerpt(s)));
            }
            match (parse_step(a), parse_step(b)) {
                (Some((0, 1)), Some((0, 1))) => MoveKind::EnterTwo,
                (Some(_), Some(_)) => return Err(ParseMoveError::BadPair(excerpt(body))),
                _ => return Err(ParseMoveError::BadStep(excerpt(body))),
            }
        } else {
            let (from, to) =
                parse_step(body).ok_or_else(|| ParseMoveError::BadStep(excerpt(body)))?;
            match (from, to) {
                (_, 0) => return Err(ParseMoveError::Inconsistent(excerpt(s))),
                (0, _) if bounce => return Err(ParseMoveError::Inconsistent(excerpt(s))),
                (0, to) => MoveKind::Enter { to },
                (from, to) => MoveKind::Step { from, to, bounce },
            }
        };
        Ok(Move::new(colour, kind, capture))
    }
}

/// An action of the game: a die roll (at a chance node) or a player's move.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Action, Die};
/// let a: Action = "roll 6".parse()?;
/// assert_eq!(a, Action::Roll(Die::new(6)?));
/// assert_eq!("R:0>6".parse::<Action>()?.to_string(), "R:0>6");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// The die shows this value (a chance outcome).
    Roll(Die),
    /// A player's move.
    Move(Move),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Roll(d) => write!(f, "roll {d}"),
            Action::Move(m) => write!(f, "{m}"),
        }
    }
}

/// An action string that is neither `roll N` nor a move.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Action, ParseActionError};
/// assert!(matches!("roll 7".parse::<Action>(), Err(ParseActionError::Die(_))));
/// assert!(matches!("R:x".parse::<Action>(), Err(ParseActionError::Move(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// A bad die value after `roll`.
    #[error(transparent)]
    Die(#[from] ParseDieError),
    /// A bad move.
    #[error(transparent)]
    Move(#[from] ParseMoveError),
}

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        match s.strip_prefix("roll ") {
            Some(d) => Ok(Action::Roll(d.parse()?)),
            None => Ok(Action::Move(s.parse()?)),
        }
    }
}

/// A fixed-capacity list of moves (at most two den options, four checkers and a pass).
/// Equality and hashing look at the listed moves only, not at stale slots.
#[derive(Clone, Copy)]
pub(crate) struct MoveList {
    moves: [Move; MoveList::CAP],
    /// A whole word: it is stored once per roll and read right after, and a narrower store
    /// read back by a wider load (which the compiler may emit) stalls the store forwarding.
    len: u32,
}

impl MoveList {
    pub(crate) const CAP: usize = 8;

    pub(crate) const fn new() -> MoveList {
        MoveList {
            moves: [Move::NONE; MoveList::CAP],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[Move] {
        &self.moves[..(self.len as usize).min(MoveList::CAP)]
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.as_slice().len()
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Writes `m` in slot `n` (below [`MoveList::CAP`]) and returns the next free slot: `n + 1`
    /// when `keep`, else `n` (without a branch on `keep`). The length is set afterwards by
    /// [`MoveList::set_len`].
    #[inline]
    pub(crate) fn put(&mut self, n: usize, m: Move, keep: bool) -> usize {
        self.moves[n & (MoveList::CAP - 1)] = m;
        n + usize::from(keep)
    }

    /// The move written in slot `i` (listed or not).
    #[inline]
    pub(crate) fn slot(&self, i: usize) -> Move {
        self.moves[i & (MoveList::CAP - 1)]
    }

    /// Sets the number of listed moves (slots written by [`MoveList::put`]).
    #[inline]
    pub(crate) fn set_len(&mut self, n: usize) {
        self.len = n.min(MoveList::CAP) as u32;
    }

    /// Copies the move at slot `i` to the first slot when `keep` (without a branch).
    #[inline]
    pub(crate) fn keep_first_if(&mut self, i: usize, keep: bool) {
        // A mask rather than a select, which the compiler may turn into a branch.
        let mask = u32::from(keep).wrapping_neg();
        let first = self.moves[i & (MoveList::CAP - 1)].bits;
        self.moves[0].bits = first & mask | self.moves[0].bits & !mask;
    }

    /// Whether `m` is one of the moves, without a branch per slot: every slot is compared
    /// (stale slots past the length are masked out), so a random move's position in the list
    /// costs no mispredicted loop exit.
    #[inline]
    pub(crate) fn contains(&self, m: Move) -> bool {
        // LISTED[n]: all ones in the first n lanes (the listed slots), zeros after.
        const LISTED: [[u32; MoveList::CAP]; MoveList::CAP + 1] = {
            let mut t = [[0u32; MoveList::CAP]; MoveList::CAP + 1];
            let mut n = 0;
            while n <= MoveList::CAP {
                let mut i = 0;
                while i < n {
                    t[n][i] = u32::MAX;
                    i += 1;
                }
                n += 1;
            }
            t
        };
        let listed = &LISTED[(self.len as usize).min(MoveList::CAP)];
        let hits = self.moves.iter().zip(listed).fold(0u32, |acc, (x, &lane)| {
            acc | u32::from(x.bits == m.bits).wrapping_neg() & lane
        });
        hits != 0
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MoveList {}

impl core::hash::Hash for MoveList {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.as_slice().hash(h);
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn section6_move_notation_examples_round_trip() {
        for s in [
            "R:0>1",
            "R:0>1,0>1",
            "R:0>6",
            "R:12>16",
            "R:44>45",
            "R:43>41~",
            "R:12>16xG",
            "R:-",
            "B:0>1,0>1xY",
        ] {
            let m: Move = s.parse().unwrap();
            assert_eq!(m.to_string(), s);
        }
        assert_eq!(
            "R:0>1,0>1".parse::<Move>().unwrap().kind(),
            MoveKind::EnterTwo
        );
        assert_eq!(
            "R:43>41~".parse::<Move>().unwrap().kind(),
            MoveKind::Step {
                from: 43,
                to: 41,
                bounce: true
            }
        );
    }

    #[test]
    fn bad_move_strings_are_typed_errors() {
        assert!(matches!(
            "12>16".parse::<Move>(),
            Err(ParseMoveError::MissingColour(_))
        ));
        assert!(matches!(
            "Q:12>16".parse::<Move>(),
            Err(ParseMoveError::BadColour(_))
        ));
        assert!(matches!(
            "R:12-16".parse::<Move>(),
            Err(ParseMoveError::BadStep(_))
        ));
        assert!(matches!(
            "R:12>16xQ".parse::<Move>(),
            Err(ParseMoveError::BadCapture(_))
        ));
        assert!(matches!(
            "R:12>16xR".parse::<Move>(),
            Err(ParseMoveError::SelfCapture(Colour::Red))
        ));
        assert!(matches!(
            "R:0>1,0>6".parse::<Move>(),
            Err(ParseMoveError::BadPair(_))
        ));
        assert!(matches!(
            "R:0>6~".parse::<Move>(),
            Err(ParseMoveError::Inconsistent(_))
        ));
        assert!(matches!(
            "R:5>0".parse::<Move>(),
            Err(ParseMoveError::Inconsistent(_))
        ));
        assert!(matches!(
            "R:-xG".parse::<Move>(),
            Err(ParseMoveError::Inconsistent(_))
        ));
        assert!(matches!(
            "R:1000>1".parse::<Move>(),
            Err(ParseMoveError::BadStep(_))
        ));
        assert!(matches!(
            "R:300>1".parse::<Move>(),
            Err(ParseMoveError::BadStep(_))
        ));
        assert!(matches!(
            "roll 7".parse::<Action>(),
            Err(ParseActionError::Die(_))
        ));
        assert!(matches!(
            "roll x".parse::<Action>(),
            Err(ParseActionError::Die(_))
        ));
    }

    #[test]
    fn move_list_put_keep_and_contains() {
        let m = |to| Move::new(Colour::Red, MoveKind::Enter { to }, None);
        let mut l = MoveList::new();
        let mut n = 0;
        for i in 0..MoveList::CAP as u8 {
            n = l.put(n, m(i + 1), i % 2 == 0);
        }
        l.set_len(n);
        assert_eq!(l.as_slice(), &[m(1), m(3), m(5), m(7)]);
        assert!(l.contains(m(5)));
        assert!(!l.contains(m(8)), "a dropped candidate is not listed");
        l.keep_first_if(2, false);
        assert_eq!(l.as_slice()[0], m(1));
        l.keep_first_if(2, true);
        assert_eq!(l.as_slice()[0], m(5));
        l.clear();
        assert_eq!(l.as_slice(), &[]);
        assert!(!l.contains(m(5)));
    }
}
