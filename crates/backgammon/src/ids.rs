//! GNU Backgammon Position ID, Match ID and combined GNUBG ID, and eXtreme Gammon's XGID
//! (rules file section 6), as GNU Backgammon reads and writes them (`positionid.c`,
//! `matchid.c`, and `SetXGID` in `set.c`).

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use crate::board::{BAR, Position, PositionError, Side};
use crate::movegen::Dice;

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn b64_value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Base64 of `bytes` without padding.
fn b64_encode(bytes: &[u8], out: &mut String) {
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            out.push(B64[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
}

/// Why a base64 field did not decode.
enum B64Error {
    Length(usize),
    Char(char),
    Padding,
}

/// Decodes exactly `N` bytes from unpadded base64 of the exact length; leftover bits must be 0.
fn b64_decode<const N: usize>(s: &str) -> Result<[u8; N], B64Error> {
    let want = (N * 8).div_ceil(6);
    let count = s.chars().count();
    if count != want {
        return Err(B64Error::Length(count));
    }
    // Every character checked before the bytes are read: a non-ASCII one is named, not
    // counted in bytes as a wrong length.
    if let Some(c) = s
        .chars()
        .find(|&c| !c.is_ascii() || b64_value(c as u8).is_none())
    {
        return Err(B64Error::Char(c));
    }
    let mut acc: u32 = 0;
    let mut bits = 0;
    let mut out = [0u8; N];
    let mut i = 0;
    for c in s.bytes() {
        let v = b64_value(c).ok_or(B64Error::Char(c as char))?;
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            if i < N {
                out[i] = (acc >> bits) as u8;
                i += 1;
            }
            acc &= (1 << bits) - 1;
        }
    }
    if acc != 0 {
        return Err(B64Error::Padding);
    }
    Ok(out)
}

/// A Position ID that does not decode to a position.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Position, PositionIdError, Side};
/// assert_eq!(Position::from_position_id("4HPw", Side::White), Err(PositionIdError::Length(4)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionIdError {
    /// Not 14 characters.
    #[error("a position id has 14 characters, got {0}")]
    Length(usize),
    /// A character outside the base64 alphabet.
    #[error("{0:?} is not a base64 character")]
    BadChar(char),
    /// The bit string ends before both sides' 25 points are described, or has stray 1 bits
    /// after them.
    #[error("the position key is malformed")]
    Malformed,
    /// More than 15 checkers for one side, or both colours on a point.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl Position {
    /// The GNU Backgammon Position ID: 14 base64 characters of the 80-bit key (manual
    /// §11.6), with the two sides in the order GNU Backgammon itself writes them: the side
    /// **not** on roll first, then the side on roll (gnubg's `positionid.c`; the manual's
    /// prose and the rules file's section 6 say the reverse, which GNUBG's own IDs
    /// contradict).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Position, Side};
    /// assert_eq!(Position::start(Side::Black).position_id(), "4HPwATDgc/ABMA");
    /// ```
    #[must_use]
    pub fn position_id(&self) -> String {
        let mut key: u128 = 0;
        let mut bit = 0u32;
        // GNU Backgammon's order (positionid.c, oldPositionKey): anBoard[0], the player NOT
        // on roll, then anBoard[1], the player on roll. The manual's prose and the rules
        // file (section 6) state the reverse; the code and every GNUBG-compatible tool
        // (wildbg, bkgm) use this order.
        for side in [self.to_move.opponent(), self.to_move] {
            let b = &self.board[side.index()];
            for &c in &b[1..=BAR] {
                for _ in 0..c {
                    key |= 1 << bit;
                    bit += 1;
                }
                bit += 1;
            }
        }
        let bytes = key.to_le_bytes();
        let mut s = String::with_capacity(14);
        b64_encode(&bytes[..10], &mut s);
        s
    }

    /// Decodes a GNU Backgammon Position ID, giving the side on roll (whose checkers the ID
    /// lists second, as GNU Backgammon writes it) the colour `on_roll`.
    ///
    /// # Errors
    ///
    /// [`PositionIdError`] for a wrong length, a bad character, a malformed key, 16 or more
    /// checkers of a side, or both colours on one point.
    ///
    /// GNU Backgammon's reader (`PositionFromID` and `CheckPosition` in `positionid.c`)
    /// refuses the same, and also both sides on the bar against closed home boards, which
    /// is a position here but not a game state
    /// ([`StateError::MutualCloseout`](crate::StateError::MutualCloseout)); it takes in
    /// two things this reader refuses: 1 bits after the 50th 0 (it ignores them) and a
    /// board with no checkers. Checked against a transcription of its algorithm on 120,000
    /// random IDs.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{Position, Side};
    /// let p = Position::from_position_id("4HPwATDgc/ABMA", Side::White)?;
    /// assert_eq!(p, Position::start(Side::White));
    /// assert!(Position::from_position_id("4HPwATDgc/AB!A", Side::White).is_err());
    /// # Ok::<(), lattjo_backgammon::PositionIdError>(())
    /// ```
    pub fn from_position_id(id: &str, on_roll: Side) -> Result<Position, PositionIdError> {
        let bytes = b64_decode::<10>(id).map_err(|e| match e {
            B64Error::Length(n) => PositionIdError::Length(n),
            B64Error::Char(c) => PositionIdError::BadChar(c),
            B64Error::Padding => PositionIdError::Malformed,
        })?;
        let mut buf = [0u8; 16];
        buf[..10].copy_from_slice(&bytes);
        let key = u128::from_le_bytes(buf);
        let mut sides = [[0u8; 26]; 2];
        let mut bit = 0u32;
        for (k, side) in sides.iter_mut().enumerate() {
            let mut p = 1;
            let mut total = 0u32;
            while p <= BAR {
                if bit >= 80 {
                    return Err(PositionIdError::Malformed);
                }
                if key >> bit & 1 == 1 {
                    side[p] += 1;
                    total += 1;
                    if total > 15 {
                        let side = if k == 0 { on_roll.opponent() } else { on_roll };
                        return Err(PositionError::WrongCount { side, count: total }.into());
                    }
                } else {
                    p += 1;
                }
                bit += 1;
            }
        }
        if bit < 80 && key >> bit != 0 {
            return Err(PositionIdError::Malformed);
        }
        // sides[0] is the player not on roll, sides[1] the player on roll.
        let (white, black) = match on_roll {
            Side::White => (sides[1], sides[0]),
            Side::Black => (sides[0], sides[1]),
        };
        Ok(Position::new(on_roll, white, black)?)
    }
}

/// The largest cube, as log2, that a game state holds: 2^12 = 4096, GNU Backgammon's own
/// limit (`MAX_CUBE`: it neither offers a double beyond it nor sets a larger cube). Every
/// state can therefore be written as a Match ID and an XGID (decision for A13).
pub const MAX_CUBE_LOG2: u8 = 12;

/// The longest match, in points, that a Match ID, an XGID and a game state hold: 64, GNU
/// Backgammon's `MAXSCORE` (its Match ID reader refuses longer matches).
pub const MAX_MATCH_LENGTH: u32 = 64;

/// The state of the game as a Match ID records it (GNUBG's `gamestate`).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{IdGameState, MatchId};
/// let id: MatchId = "cAkAAAAAAAAE".parse()?;
/// assert_eq!(id.game_state(), IdGameState::Playing);
/// assert!(!id.game_state().is_ended());
/// # Ok::<(), lattjo_backgammon::MatchIdError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum IdGameState {
    /// No game started (`GAME_NONE`).
    NoGame,
    /// A game in progress (`GAME_PLAYING`).
    Playing,
    /// The game was won by bearing off (`GAME_OVER`).
    Over,
    /// The game ended by an accepted resignation (`GAME_RESIGNED`).
    Resigned,
    /// The game ended by a dropped double (`GAME_DROP`).
    Dropped,
}

impl IdGameState {
    /// Whether the game has ended (over, resigned or dropped).
    #[must_use]
    pub const fn is_ended(self) -> bool {
        matches!(
            self,
            IdGameState::Over | IdGameState::Resigned | IdGameState::Dropped
        )
    }

    const fn code(self) -> u64 {
        match self {
            IdGameState::NoGame => 0,
            IdGameState::Playing => 1,
            IdGameState::Over => 2,
            IdGameState::Resigned => 3,
            IdGameState::Dropped => 4,
        }
    }
}

/// A resignation level (D6): single game, gammon or backgammon.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::ResignLevel;
/// assert_eq!(ResignLevel::Gammon.multiplier(), 2);
/// assert!(ResignLevel::Single < ResignLevel::Backgammon);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ResignLevel {
    /// Resigns a single game (1 point times the cube).
    Single = 1,
    /// Resigns a gammon (2 points times the cube).
    Gammon = 2,
    /// Resigns a backgammon (3 points times the cube).
    Backgammon = 3,
}

impl ResignLevel {
    /// All three levels.
    pub const ALL: [ResignLevel; 3] = [
        ResignLevel::Single,
        ResignLevel::Gammon,
        ResignLevel::Backgammon,
    ];

    /// The multiplier: 1, 2 or 3.
    #[must_use]
    pub const fn multiplier(self) -> u32 {
        self as u32
    }
}

/// The fields of a GNU Backgammon Match ID, unvalidated: build a [`MatchId`] with
/// `MatchId::try_from(setup)`. Per-side fields are indexed by [`Side::index`] (White first);
/// on the wire White is GNUBG's player 1 (see [`Side::gnubg_player`]).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{MatchId, MatchIdSetup, Side};
/// let setup = MatchIdSetup { match_length: 5, score: [2, 4], ..MatchIdSetup::money_start() };
/// let id = MatchId::try_from(setup)?;
/// assert_eq!(id.score(Side::Black), 4);
/// let bad = MatchIdSetup { match_length: 5, score: [5, 0], ..MatchIdSetup::money_start() };
/// assert!(MatchId::try_from(bad).is_err()); // a game in play at 5-0 in a 5-point match
/// # Ok::<(), lattjo_backgammon::MatchIdError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchIdSetup {
    /// Log2 of the cube value (the field holds 0..=15).
    pub cube_log2: u8,
    /// Who owns the cube; `None` when centred.
    pub cube_owner: Option<Side>,
    /// The player on roll (GNUBG's `fMove`): the one whose dice these are, or who doubled.
    pub on_roll: Side,
    /// Whether this game is the Crawford game.
    pub crawford: bool,
    /// The game state.
    pub game_state: IdGameState,
    /// The player who must act now (GNUBG's `fTurn`): the opponent of `on_roll` while a
    /// double or resignation awaits an answer.
    pub turn: Side,
    /// Whether a double has been offered.
    pub double_offered: bool,
    /// A pending (or, in a resigned game, accepted) resignation.
    pub resignation: Option<ResignLevel>,
    /// The dice rolled, if any (GNUBG writes the higher die first).
    pub dice: Option<Dice>,
    /// The match length; 0 for money play.
    pub match_length: u32,
    /// The scores, White's then Black's (in money play, GNUBG's session score).
    pub score: [u32; 2],
    /// Whether the Jacoby rule is in use (key bit 66 is set when it is **not**).
    pub jacoby: bool,
}

impl MatchIdSetup {
    /// A money game in progress: centred cube, White on roll and to act, no dice, Jacoby off.
    #[must_use]
    pub const fn money_start() -> MatchIdSetup {
        MatchIdSetup {
            cube_log2: 0,
            cube_owner: None,
            on_roll: Side::White,
            crawford: false,
            game_state: IdGameState::Playing,
            turn: Side::White,
            double_offered: false,
            resignation: None,
            dice: None,
            match_length: 0,
            score: [0, 0],
            jacoby: false,
        }
    }
}

/// A validated GNU Backgammon Match ID: 12 base64 characters of a 67-bit key (manual §11.7
/// and `matchid.c`). `Display` writes the ID, `FromStr` reads it; every ID GNU Backgammon
/// writes reads back and re-encodes to the same 12 characters.
///
/// Bits, from the least significant: cube log2 (4), cube owner (2: player 0, player 1 or 3
/// for centred), player on roll (1), Crawford game (1), game state (3), player to act (1),
/// double offered (1), resignation (2), dice (3 + 3, higher first), match length (15),
/// player 0's score (15), player 1's score (15) and, bit 66, **set when the Jacoby rule is
/// not in use**. Player 1 is White (see [`Side::gnubg_player`]).
///
/// Validation: what GNUBG's reader refuses (`MatchFromKey` in `matchid.c`: a die of 7, a
/// match longer than [`MAX_MATCH_LENGTH`] points, a Crawford game in money play, a score
/// above the match length, but see below), and what no GNUBG writes, which its reader
/// takes in without a word: the cube owner code 2 (GNUBG reads it as centred), the game
/// states 5-7, one die 0 and the other not; while no game has ended, a score equal to the
/// match length, and a Crawford game in a 1-point match or with no side at length − 1
/// (GNUBG's `set matchid` drops the flag). After a game has ended GNUBG has already added
/// its points, so then only the loser's score is below the length and the winner's is at
/// most length − 1 + 3 × cube: there this crate reads what GNUBG writes and its own reader
/// refuses (a winner's score above the length). Checked field by field against a
/// transcription of `MatchFromKey` on 200,000 random IDs.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{MatchId, Side};
/// // What GNU Backgammon shows for a money game with White (its player 1) on roll.
/// let id: MatchId = "cAkAAAAAAAAE".parse()?;
/// assert_eq!(id.on_roll(), Side::White);
/// assert!(!id.jacoby());
/// assert_eq!(id.to_string(), "cAkAAAAAAAAE");
/// // Length 11, score 10-20 in a game in play: refused (issue 15.4).
/// assert!("EQFgAaAAoAAA".parse::<MatchId>().is_err());
/// # Ok::<(), lattjo_backgammon::MatchIdError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "MatchIdSetup", into = "MatchIdSetup")
)]
pub struct MatchId {
    s: MatchIdSetup,
}

/// A Match ID that does not decode, or fields that are not a consistent Match ID.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{MatchId, MatchIdError};
/// assert_eq!("cAkAAAAAAAA".parse::<MatchId>(), Err(MatchIdError::Length(11)));
/// assert_eq!("cAkAAAAAAAA!".parse::<MatchId>(), Err(MatchIdError::BadChar('!')));
/// // Bit 67 and above are never written by GNUBG.
/// assert_eq!("cAkAAAAAAAAI".parse::<MatchId>(), Err(MatchIdError::TrailingBits));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchIdError {
    /// Not 12 characters.
    #[error("a match id has 12 characters, got {0}")]
    Length(usize),
    /// A character outside the base64 alphabet.
    #[error("{0:?} is not a base64 character")]
    BadChar(char),
    /// Bits beyond the 67 of the key are set.
    #[error("the match key has bits set beyond its 67 bits")]
    TrailingBits,
    /// The cube owner field is the undefined value 2.
    #[error("cube owner code 2 is not defined")]
    BadCubeOwner,
    /// The game state field is 5, 6 or 7.
    #[error("game state code {0} is not defined")]
    BadGameState(u8),
    /// A die is 7, or only one die is zero.
    #[error("dice {0} and {1} are not a roll")]
    BadDice(u8, u8),
    /// The cube is above 2^15, the largest the field holds.
    #[error("cube 2^{0} does not fit the 4-bit field of a match id")]
    CubeTooLarge(u8),
    /// A match longer than [`MAX_MATCH_LENGTH`].
    #[error("a {0}-point match is longer than the 64 points gnu backgammon allows")]
    LengthTooLarge(u32),
    /// A score the match context does not allow (see [`MatchId`]).
    #[error("score {score} is impossible in a {length}-point match here ({state:?})")]
    Score {
        /// The offending score.
        score: u32,
        /// The match length (0 = money, where the field holds at most 32767).
        length: u32,
        /// The game state.
        state: IdGameState,
    },
    /// A Crawford game in money play, in a 1-point match, or with no side at length − 1.
    #[error("a crawford game needs a match of 2 or more points with a side at length - 1")]
    Crawford,
}

const FIELD_15: u32 = 0x7fff;

fn check_match_id(s: &MatchIdSetup) -> Result<(), MatchIdError> {
    if s.cube_log2 > 15 {
        return Err(MatchIdError::CubeTooLarge(s.cube_log2));
    }
    if s.match_length > MAX_MATCH_LENGTH {
        return Err(MatchIdError::LengthTooLarge(s.match_length));
    }
    let (length, state) = (s.match_length, s.game_state);
    let bad = |score| MatchIdError::Score {
        score,
        length,
        state,
    };
    if length == 0 {
        for &v in &s.score {
            if v > FIELD_15 {
                return Err(bad(v));
            }
        }
        if s.crawford {
            return Err(MatchIdError::Crawford);
        }
        return Ok(());
    }
    if state.is_ended() {
        let most = length - 1 + 3 * (1u32 << s.cube_log2);
        let [a, b] = s.score;
        if a.min(b) >= length {
            return Err(bad(a.min(b)));
        }
        if a.max(b) > most {
            return Err(bad(a.max(b)));
        }
        if s.crawford && length < 2 {
            return Err(MatchIdError::Crawford);
        }
    } else {
        for &v in &s.score {
            if v >= length {
                return Err(bad(v));
            }
        }
        if s.crawford && !(length >= 2 && s.score.contains(&(length - 1))) {
            return Err(MatchIdError::Crawford);
        }
    }
    Ok(())
}

impl TryFrom<MatchIdSetup> for MatchId {
    type Error = MatchIdError;
    fn try_from(s: MatchIdSetup) -> Result<MatchId, MatchIdError> {
        check_match_id(&s)?;
        Ok(MatchId { s })
    }
}

impl From<MatchId> for MatchIdSetup {
    fn from(id: MatchId) -> MatchIdSetup {
        id.s
    }
}

impl MatchId {
    /// A Match ID from fields already known to be valid (checked in debug builds by the
    /// caller): the crate's own exports.
    pub(crate) const fn from_valid(s: MatchIdSetup) -> MatchId {
        MatchId { s }
    }

    /// A money game in progress: centred cube, White on roll and to act, no dice, Jacoby off.
    #[must_use]
    pub const fn money_start() -> MatchId {
        MatchId {
            s: MatchIdSetup::money_start(),
        }
    }

    /// The fields.
    #[must_use]
    pub const fn setup(&self) -> MatchIdSetup {
        self.s
    }

    /// Log2 of the cube value.
    #[must_use]
    pub const fn cube_log2(&self) -> u8 {
        self.s.cube_log2
    }

    /// Who owns the cube; `None` when centred.
    #[must_use]
    pub const fn cube_owner(&self) -> Option<Side> {
        self.s.cube_owner
    }

    /// The player on roll (GNUBG's `fMove`).
    #[must_use]
    pub const fn on_roll(&self) -> Side {
        self.s.on_roll
    }

    /// Whether this is the Crawford game.
    #[must_use]
    pub const fn crawford(&self) -> bool {
        self.s.crawford
    }

    /// The game state.
    #[must_use]
    pub const fn game_state(&self) -> IdGameState {
        self.s.game_state
    }

    /// The player who must act now (GNUBG's `fTurn`).
    #[must_use]
    pub const fn turn(&self) -> Side {
        self.s.turn
    }

    /// Whether a double has been offered.
    #[must_use]
    pub const fn double_offered(&self) -> bool {
        self.s.double_offered
    }

    /// The resignation field.
    #[must_use]
    pub const fn resignation(&self) -> Option<ResignLevel> {
        self.s.resignation
    }

    /// The dice, if rolled.
    #[must_use]
    pub const fn dice(&self) -> Option<Dice> {
        self.s.dice
    }

    /// The match length; 0 for money play.
    #[must_use]
    pub const fn match_length(&self) -> u32 {
        self.s.match_length
    }

    /// The score of `side`.
    #[must_use]
    pub const fn score(&self, side: Side) -> u32 {
        self.s.score[side as usize]
    }

    /// Whether the Jacoby rule is in use (bit 66 clear).
    #[must_use]
    pub const fn jacoby(&self) -> bool {
        self.s.jacoby
    }

    /// The same Match ID with GNU Backgammon's two players exchanged, as its `swap players`
    /// command does: the player on roll and to act, the cube owner and the scores change
    /// sides (`CommandSwapPlayers` in `gnubg.c`).
    ///
    /// This is the step between the two forms of an XGID whose **top** player is on roll:
    /// `MatchId::from(&xgid)` (what GNU Backgammon shows by default, after its swap) is
    /// `MatchId::from_xgid_unswapped(&xgid).swap_players()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{MatchId, Side, Xgid};
    /// // The top player on roll, bottom score 3, top score 1.
    /// let x: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:3:1:0:5:10".parse()?;
    /// let m = MatchId::from_xgid_unswapped(&x);
    /// assert_eq!((m.on_roll(), m.score(Side::White), m.score(Side::Black)), (Side::Black, 3, 1));
    /// let swapped = m.swap_players();
    /// assert_eq!((swapped.on_roll(), swapped.score(Side::White)), (Side::White, 1));
    /// assert_eq!(swapped, MatchId::from(&x));
    /// assert_eq!(swapped.to_string(), "cAmgADAACAAE"); // as GNU Backgammon 1.07 shows it
    /// assert_eq!(swapped.swap_players(), m);
    /// # Ok::<(), lattjo_backgammon::XgidError>(())
    /// ```
    #[must_use]
    pub const fn swap_players(&self) -> MatchId {
        let mut s = self.s;
        s.on_roll = s.on_roll.opponent();
        s.turn = s.turn.opponent();
        s.cube_owner = match s.cube_owner {
            Some(o) => Some(o.opponent()),
            None => None,
        };
        s.score = [s.score[1], s.score[0]];
        MatchId { s }
    }

    /// The 67-bit key.
    fn key(&self) -> u128 {
        let s = &self.s;
        let mut key: u128 = 0;
        let mut at = 0u32;
        let mut put = |v: u64, n: u32| {
            key |= u128::from(v) << at;
            at += n;
        };
        let player = |side: Side| u64::from(side.gnubg_player());
        put(u64::from(s.cube_log2), 4);
        put(s.cube_owner.map_or(3, player), 2);
        put(player(s.on_roll), 1);
        put(u64::from(s.crawford), 1);
        put(s.game_state.code(), 3);
        put(player(s.turn), 1);
        put(u64::from(s.double_offered), 1);
        put(s.resignation.map_or(0, |r| r as u64), 2);
        let (d1, d2) = s.dice.map_or((0, 0), |d| (d.high(), d.low()));
        put(u64::from(d1), 3);
        put(u64::from(d2), 3);
        put(u64::from(s.match_length), 15);
        put(u64::from(s.score[Side::Black.index()]), 15);
        put(u64::from(s.score[Side::White.index()]), 15);
        put(u64::from(!s.jacoby), 1);
        key
    }
}

impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bytes = self.key().to_le_bytes();
        let mut s = String::with_capacity(12);
        b64_encode(&bytes[..9], &mut s);
        f.write_str(&s)
    }
}

impl FromStr for MatchId {
    type Err = MatchIdError;
    fn from_str(s: &str) -> Result<MatchId, MatchIdError> {
        let bytes = b64_decode::<9>(s).map_err(|e| match e {
            B64Error::Length(n) => MatchIdError::Length(n),
            B64Error::Char(c) => MatchIdError::BadChar(c),
            B64Error::Padding => MatchIdError::TrailingBits,
        })?;
        let mut buf = [0u8; 16];
        buf[..9].copy_from_slice(&bytes);
        let key = u128::from_le_bytes(buf);
        if key >> 67 != 0 {
            return Err(MatchIdError::TrailingBits);
        }
        let mut at = 0u32;
        let mut get = |n: u32| {
            let v = (key >> at) as u64 & ((1u64 << n) - 1);
            at += n;
            v
        };
        let side = |v: u64| if v == 1 { Side::White } else { Side::Black };
        let cube_log2 = get(4) as u8;
        let cube_owner = match get(2) {
            3 => None,
            2 => return Err(MatchIdError::BadCubeOwner),
            p => Some(side(p)),
        };
        let on_roll = side(get(1));
        let crawford = get(1) == 1;
        let game_state = match get(3) {
            0 => IdGameState::NoGame,
            1 => IdGameState::Playing,
            2 => IdGameState::Over,
            3 => IdGameState::Resigned,
            4 => IdGameState::Dropped,
            g => return Err(MatchIdError::BadGameState(g as u8)),
        };
        let turn = side(get(1));
        let double_offered = get(1) == 1;
        let resignation = match get(2) {
            0 => None,
            1 => Some(ResignLevel::Single),
            2 => Some(ResignLevel::Gammon),
            _ => Some(ResignLevel::Backgammon),
        };
        let d1 = get(3) as u8;
        let d2 = get(3) as u8;
        let dice = match (d1, d2) {
            (0, 0) => None,
            _ => Some(Dice::new(d1, d2).ok_or(MatchIdError::BadDice(d1, d2))?),
        };
        let match_length = get(15) as u32;
        let score_player0 = get(15) as u32;
        let score_player1 = get(15) as u32;
        let jacoby = get(1) == 0;
        MatchId::try_from(MatchIdSetup {
            cube_log2,
            cube_owner,
            on_roll,
            crawford,
            game_state,
            turn,
            double_offered,
            resignation,
            dice,
            match_length,
            score: [score_player1, score_player0],
            jacoby,
        })
    }
}

/// The dice field of an XGID.
///
/// XG also writes `B` and `R` for a pending beaver or raccoon; GNU Backgammon's `set xgid`
/// refuses those, and so does this crate.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{XgDice, Xgid};
/// let x: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:14:0:0:0:0:10".parse()?;
/// assert_eq!(x.dice(), XgDice::Rolled(1, 4)); // in the order written
/// # Ok::<(), lattjo_backgammon::XgidError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum XgDice {
    /// `00`: the player on turn has not rolled.
    NotRolled,
    /// `D`: the player on turn has offered a double.
    Doubled,
    /// Two digits `1..=6`, in the order written.
    Rolled(u8, u8),
}

/// The fields of an XGID, unvalidated: build an [`Xgid`] with `Xgid::try_from(setup)`.
/// Per-side fields are indexed by [`Side::index`]: White is the bottom player.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Position, Side, XgDice, Xgid, XgidSetup};
/// let setup = XgidSetup {
///     dice: XgDice::Rolled(3, 1),
///     match_length: 7,
///     score: [2, 6],
///     crawford: true,
///     ..XgidSetup::money(Position::start(Side::White))
/// };
/// let x = Xgid::try_from(setup)?;
/// assert_eq!(x.to_string(), "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:2:6:1:7:10");
/// # Ok::<(), lattjo_backgammon::XgidError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct XgidSetup {
    /// The checkers, with the side on turn (White = bottom = XGID turn `1`).
    pub position: Position,
    /// Log2 of the cube value.
    pub cube_log2: u8,
    /// The cube owner; `None` when centred.
    pub cube_owner: Option<Side>,
    /// The dice field.
    pub dice: XgDice,
    /// Scores of White (bottom) and Black (top).
    pub score: [u32; 2],
    /// Match play: this is the Crawford game (field 7 is `1`).
    pub crawford: bool,
    /// Money play: the Jacoby rule (field 7 bit 0).
    pub jacoby: bool,
    /// Money play: beavers allowed (field 7 bit 1).
    pub beavers: bool,
    /// The match length, 0 for money play.
    pub match_length: u32,
    /// The largest cube allowed, as log2 (XG writes 10).
    pub max_cube_log2: u8,
}

impl XgidSetup {
    /// A money game at `position` with a centred cube, no dice, no options, max cube 2^10.
    #[must_use]
    pub const fn money(position: Position) -> XgidSetup {
        XgidSetup {
            position,
            cube_log2: 0,
            cube_owner: None,
            dice: XgDice::NotRolled,
            score: [0, 0],
            crawford: false,
            jacoby: false,
            beavers: false,
            match_length: 0,
            max_cube_log2: 10,
        }
    }
}

/// A validated eXtreme Gammon position identifier (rules file section 6): `Display` writes
/// it, `FromStr` reads it (the `XGID=` prefix is optional on input).
///
/// `XGID=<26 checker codes>:<cube log2>:<cube position>:<turn>:<dice>:<bottom score>:<top
/// score>:<Crawford, or Jacoby + 2 × beavers>:<match length>:<max cube log2>`. White is the
/// bottom player (upper-case checkers, turn `1`, cube position `1`, the first score).
///
/// Validation: 15 checkers a side at most and one colour a point ([`Position`]); a cube of at
/// most 2^[`MAX_CUBE_LOG2`] and not above the maximum-cube field (at most 63); dice 1..=6; a
/// match of at most [`MAX_MATCH_LENGTH`] points with both scores below its length; money
/// scores of at most 32767; a Crawford game only in a match of two or more points with a side
/// at length − 1, with the cube centred at 1 and no double offered; Jacoby and beavers only in
/// money play; a double offered only by a player who may double (the cube centred or theirs,
/// below the limit).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{MatchId, Position, Side, Xgid};
/// let x: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10".parse()?;
/// assert_eq!(x.position(), &Position::start(Side::White));
/// assert_eq!(x.to_string(), "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10");
/// // The Match ID GNU Backgammon shows after `set xgid` with this XGID.
/// assert_eq!(MatchId::from(&x).to_string(), "cAkAAAAAAAAE");
/// // Score 1-5 in a 2-point match: refused (issue 15.4).
/// assert!("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:1:5:0:2:10".parse::<Xgid>().is_err());
/// # Ok::<(), lattjo_backgammon::XgidError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "XgidSetup", into = "XgidSetup"))]
pub struct Xgid {
    s: XgidSetup,
}

/// An XGID that does not decode, or fields that are not a consistent XGID.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Xgid, XgidError};
/// assert_eq!("XGID=-b----E-C---eE---c-e----B-:0:0".parse::<Xgid>(), Err(XgidError::FieldCount(3)));
/// assert_eq!(
///     "XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10".parse::<Xgid>(),
///     Err(XgidError::PositionLength(25))
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum XgidError {
    /// Not 10 colon-separated fields.
    #[error("an xgid has 10 fields, got {0}")]
    FieldCount(usize),
    /// The position field is not 26 characters.
    #[error("the position field has 26 characters, got {0}")]
    PositionLength(usize),
    /// A position character outside `-`, `A`-`O`, `a`-`o`.
    #[error("{0:?} is not a checker code")]
    BadChecker(char),
    /// A bar index holds the wrong colour.
    #[error("the bar at index {0} holds the wrong colour")]
    WrongBar(usize),
    /// More than 15 checkers of a side, both colours on a point, or both sides borne off.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A numeric or coded field is malformed or out of range.
    #[error("field {field} has the invalid value {value:?}")]
    Field {
        /// The field name.
        field: &'static str,
        /// The text found.
        value: String,
    },
    /// A pending beaver (`B`) or raccoon (`R`): GNU Backgammon refuses these too.
    #[error("a pending beaver or raccoon is not supported")]
    BeaverPending,
    /// The cube is above 2^[`MAX_CUBE_LOG2`] or above the XGID's own maximum.
    #[error("cube 2^{cube} is above the maximum 2^{max}")]
    CubeAboveMax {
        /// The cube log2.
        cube: u8,
        /// The maximum log2.
        max: u8,
    },
    /// A match longer than [`MAX_MATCH_LENGTH`].
    #[error("a {0}-point match is longer than the 64 points gnu backgammon allows")]
    LengthTooLarge(u32),
    /// A score not below the match length (or above 32767 in money play).
    #[error("score {score} is impossible in a {length}-point match")]
    Score {
        /// The score.
        score: u32,
        /// The match length (0 = money).
        length: u32,
    },
    /// The Crawford flag where no Crawford game can be, or doubling in the Crawford game.
    #[error(
        "the crawford game needs a match of 2 or more points, a side at length - 1 and a centred cube at 1"
    )]
    Crawford,
    /// The Jacoby or beaver flag in match play (field 7 holds only the Crawford flag there).
    #[error("jacoby and beavers are money-play options")]
    MoneyOptionInMatch,
    /// A double offered by a player who may not double (the opponent owns the cube, or it is
    /// at its limit).
    #[error("the player on turn cannot have offered a double here")]
    DoubleNotPossible,
}

fn check_xgid(s: &XgidSetup) -> Result<(), XgidError> {
    if s.max_cube_log2 > 63 {
        return Err(XgidError::Field {
            field: "max cube",
            value: s.max_cube_log2.to_string(),
        });
    }
    let max = s.max_cube_log2.min(MAX_CUBE_LOG2);
    if s.cube_log2 > max {
        return Err(XgidError::CubeAboveMax {
            cube: s.cube_log2,
            max,
        });
    }
    if let XgDice::Rolled(a, b) = s.dice
        && Dice::new(a, b).is_none()
    {
        return Err(XgidError::Field {
            field: "dice",
            value: format!("{a}{b}"),
        });
    }
    let length = s.match_length;
    if length > MAX_MATCH_LENGTH {
        return Err(XgidError::LengthTooLarge(length));
    }
    for &v in &s.score {
        if (length > 0 && v >= length) || v > FIELD_15 {
            return Err(XgidError::Score { score: v, length });
        }
    }
    if length == 0 {
        if s.crawford {
            return Err(XgidError::Crawford);
        }
    } else {
        if s.jacoby || s.beavers {
            return Err(XgidError::MoneyOptionInMatch);
        }
        if s.crawford
            && (length < 2
                || !s.score.contains(&(length - 1))
                || s.cube_log2 > 0
                || s.cube_owner.is_some()
                || s.dice == XgDice::Doubled)
        {
            return Err(XgidError::Crawford);
        }
    }
    if s.dice == XgDice::Doubled
        && (s.cube_owner.is_some_and(|o| o != s.position.to_move) || s.cube_log2 >= max)
    {
        return Err(XgidError::DoubleNotPossible);
    }
    Ok(())
}

impl TryFrom<XgidSetup> for Xgid {
    type Error = XgidError;
    fn try_from(s: XgidSetup) -> Result<Xgid, XgidError> {
        check_xgid(&s)?;
        Ok(Xgid { s })
    }
}

impl From<Xgid> for XgidSetup {
    fn from(x: Xgid) -> XgidSetup {
        x.s
    }
}

impl Xgid {
    /// An XGID from fields already known to be valid (checked in debug builds by the
    /// caller): the crate's own exports.
    pub(crate) const fn from_valid(s: XgidSetup) -> Xgid {
        Xgid { s }
    }

    /// A money-game XGID for `position` with a centred cube and no dice rolled.
    #[must_use]
    pub const fn money(position: Position) -> Xgid {
        Xgid {
            s: XgidSetup::money(position),
        }
    }

    /// The fields.
    #[must_use]
    pub const fn setup(&self) -> XgidSetup {
        self.s
    }

    /// The checkers and the side on turn.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.s.position
    }

    /// Log2 of the cube value.
    #[must_use]
    pub const fn cube_log2(&self) -> u8 {
        self.s.cube_log2
    }

    /// The cube owner; `None` when centred.
    #[must_use]
    pub const fn cube_owner(&self) -> Option<Side> {
        self.s.cube_owner
    }

    /// The dice field.
    #[must_use]
    pub const fn dice(&self) -> XgDice {
        self.s.dice
    }

    /// The score of `side`.
    #[must_use]
    pub const fn score(&self, side: Side) -> u32 {
        self.s.score[side as usize]
    }

    /// Whether this is the Crawford game (match play).
    #[must_use]
    pub const fn crawford(&self) -> bool {
        self.s.crawford
    }

    /// Whether the Jacoby rule is on (money play).
    #[must_use]
    pub const fn jacoby(&self) -> bool {
        self.s.jacoby
    }

    /// Whether beavers are allowed (money play).
    #[must_use]
    pub const fn beavers(&self) -> bool {
        self.s.beavers
    }

    /// The match length, 0 for money play.
    #[must_use]
    pub const fn match_length(&self) -> u32 {
        self.s.match_length
    }

    /// The maximum cube field, as log2.
    #[must_use]
    pub const fn max_cube_log2(&self) -> u8 {
        self.s.max_cube_log2
    }

    /// Whether GNU Backgammon's `set xgid` exchanges its players for this XGID: exactly when
    /// the **top** player (Black) is on roll, or has offered the pending double.
    ///
    /// GNUBG's `SetXGID` (`set.c`) then asks "Swap players so the player on roll appears on
    /// the bottom?" and answers yes itself when its input is not a terminal (a script,
    /// `gnubg -t < file`) or after `set confirm default yes`; `MatchId::from(&xgid)` and
    /// `GnubgId::from(&xgid)` give what it shows then, `MatchId::from_xgid_unswapped` and
    /// `GnubgId::from_xgid_unswapped` what it shows when the swap is declined.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::Xgid;
    /// let top: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:0:0:10".parse()?;
    /// let bottom: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10".parse()?;
    /// assert!(top.gnubg_swaps_players());
    /// assert!(!bottom.gnubg_swaps_players());
    /// # Ok::<(), lattjo_backgammon::XgidError>(())
    /// ```
    #[must_use]
    pub const fn gnubg_swaps_players(&self) -> bool {
        matches!(self.s.position.to_move, Side::Black)
    }

    /// The same game with the players exchanged: the colours of the checkers (the player on
    /// roll stays on roll, now at the bottom if it was at the top), the scores and the cube
    /// owner change sides; the cube, dice, match and rule fields stay.
    ///
    /// For an XGID without a pending double, `Xgid::try_from(&GnubgId::from(&xgid))` is
    /// `xgid` when the bottom player is on roll and `xgid.swap_players()` when the top player
    /// is (the dice written higher first, beavers off and the maximum cube 10, which the
    /// GNUBG ID does not record).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::Xgid;
    /// let x: Xgid = "XGID=-A----A----------------ab-:1:1:-1:21:2:4:0:7:10".parse()?;
    /// let swapped = x.swap_players();
    /// assert_eq!(swapped.to_string(), "XGID=-BA----------------a----a-:1:-1:1:21:4:2:0:7:10");
    /// assert_eq!(swapped.swap_players(), x);
    /// # Ok::<(), lattjo_backgammon::XgidError>(())
    /// ```
    #[must_use]
    pub const fn swap_players(&self) -> Xgid {
        let mut s = self.s;
        s.position = s.position.swap_colours();
        s.cube_owner = match s.cube_owner {
            Some(o) => Some(o.opponent()),
            None => None,
        };
        s.score = [s.score[1], s.score[0]];
        Xgid { s }
    }
}

fn write_checkers(p: &Position, out: &mut String) {
    let w = &p.board[0];
    let b = &p.board[1];
    let upper = |n: u8| (b'A' + n - 1) as char;
    let lower = |n: u8| (b'a' + n - 1) as char;
    let code = |c: Option<char>| c.unwrap_or('-');
    out.push(code((b[BAR] > 0).then(|| lower(b[BAR]))));
    for i in 1..=24 {
        out.push(if w[i] > 0 {
            upper(w[i])
        } else if b[25 - i] > 0 {
            lower(b[25 - i])
        } else {
            '-'
        });
    }
    out.push(code((w[BAR] > 0).then(|| upper(w[BAR]))));
}

impl fmt::Display for Xgid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.s;
        let mut checkers = String::with_capacity(26);
        write_checkers(&s.position, &mut checkers);
        let cube_pos = match s.cube_owner {
            None => 0,
            Some(Side::White) => 1,
            Some(Side::Black) => -1,
        };
        let turn = if s.position.to_move == Side::White {
            1
        } else {
            -1
        };
        let rules = if s.match_length > 0 {
            u8::from(s.crawford)
        } else {
            u8::from(s.jacoby) | (u8::from(s.beavers) << 1)
        };
        write!(f, "XGID={checkers}:{}:{cube_pos}:{turn}:", s.cube_log2)?;
        match s.dice {
            XgDice::NotRolled => f.write_str("00")?,
            XgDice::Doubled => f.write_str("D")?,
            XgDice::Rolled(a, b) => write!(f, "{a}{b}")?,
        }
        write!(
            f,
            ":{}:{}:{rules}:{}:{}",
            s.score[0], s.score[1], s.match_length, s.max_cube_log2
        )
    }
}

impl FromStr for Xgid {
    type Err = XgidError;
    fn from_str(s: &str) -> Result<Xgid, XgidError> {
        let s = s.trim();
        let rest = s.strip_prefix("XGID=").unwrap_or(s);
        let mut fields = [""; 10];
        let mut n = 0;
        for f in rest.split(':') {
            if n < 10 {
                fields[n] = f;
            }
            n += 1;
        }
        if n != 10 {
            return Err(XgidError::FieldCount(n));
        }
        let pos = fields[0];
        let count = pos.chars().count();
        if count != 26 {
            return Err(XgidError::PositionLength(count));
        }
        if let Some(c) = pos.chars().find(|c| !c.is_ascii()) {
            return Err(XgidError::BadChecker(c));
        }
        let mut w = [0u8; 26];
        let mut b = [0u8; 26];
        for (i, c) in pos.bytes().enumerate() {
            match c {
                b'-' => {}
                b'A'..=b'O' => {
                    if i == 0 {
                        return Err(XgidError::WrongBar(0));
                    }
                    w[i] = c - b'A' + 1;
                }
                b'a'..=b'o' => {
                    if i == 25 {
                        return Err(XgidError::WrongBar(25));
                    }
                    // Index 0 is Black's bar (25 in Black's numbering); index i is Black's 25 - i.
                    b[25 - i] = c - b'a' + 1;
                }
                _ => return Err(XgidError::BadChecker(c as char)),
            }
        }
        let field = |name: &'static str, v: &str| XgidError::Field {
            field: name,
            value: excerpt(v),
        };
        let num = |name: &'static str, v: &str| -> Result<u32, XgidError> {
            if v.is_empty() || v.len() > 5 || !v.bytes().all(|c| c.is_ascii_digit()) {
                return Err(field(name, v));
            }
            v.parse::<u32>().map_err(|_| field(name, v))
        };
        let small = |name: &'static str, v: &str| -> Result<u8, XgidError> {
            u8::try_from(num(name, v)?).map_err(|_| field(name, v))
        };
        let cube_log2 = small("cube", fields[1])?;
        let cube_owner = match fields[2] {
            "0" => None,
            "1" => Some(Side::White),
            "-1" => Some(Side::Black),
            v => return Err(field("cube position", v)),
        };
        let to_move = match fields[3] {
            "1" => Side::White,
            "-1" => Side::Black,
            v => return Err(field("turn", v)),
        };
        let dice = match fields[4] {
            "00" => XgDice::NotRolled,
            "D" => XgDice::Doubled,
            "B" | "R" => return Err(XgidError::BeaverPending),
            v => match v.as_bytes() {
                [a @ b'1'..=b'6', c @ b'1'..=b'6'] => XgDice::Rolled(a - b'0', c - b'0'),
                _ => return Err(field("dice", v)),
            },
        };
        let score = [
            num("score bottom", fields[5])?,
            num("score top", fields[6])?,
        ];
        let rules = small("rules", fields[7])?;
        let match_length = num("match length", fields[8])?;
        let max_cube_log2 = small("max cube", fields[9])?;
        let (crawford, jacoby, beavers) = match (match_length > 0, rules) {
            (true, 0 | 1) => (rules == 1, false, false),
            (false, 0..=3) => (false, rules & 1 == 1, rules & 2 == 2),
            _ => return Err(field("rules", fields[7])),
        };
        let position = Position::new(to_move, w, b)?;
        Xgid::try_from(XgidSetup {
            position,
            cube_log2,
            cube_owner,
            dice,
            score,
            crawford,
            jacoby,
            beavers,
            match_length,
            max_cube_log2,
        })
    }
}

/// The Match ID GNU Backgammon shows after `set xgid` with this XGID, as it does by
/// default: [`MatchId::from_xgid_unswapped`], with the players then exchanged
/// ([`MatchId::swap_players`]) when the XGID's top player is on roll
/// ([`Xgid::gnubg_swaps_players`]).
///
/// GNUBG's `SetXGID` (`set.c`) imports the XGID's bottom player as its player 1 and the top
/// player as player 0; with the top player on roll it then asks "Swap players so the player
/// on roll appears on the bottom?", and answers yes itself when its input is not a terminal
/// (a script, `gnubg -t < file`) or after `set confirm default yes`. `swap players`
/// (`CommandSwapPlayers` in `gnubg.c`) exchanges the players in every record of the game and
/// replays it: the player on roll becomes player 1, the scores and the cube owner change
/// sides, and the cube, dice and match length stay. Checked against GNU Backgammon 1.07.001
/// on 311 XGIDs (`tests/data/gnubg_set_xgid.txt`).
impl From<&Xgid> for MatchId {
    fn from(x: &Xgid) -> MatchId {
        let m = MatchId::from_xgid_unswapped(x);
        if x.gnubg_swaps_players() {
            m.swap_players()
        } else {
            m
        }
    }
}

impl MatchId {
    /// The Match ID GNU Backgammon shows after `set xgid` with this XGID when it does **not**
    /// swap the players (its question answered no, or `set confirm default no`); the same as
    /// `MatchId::from(&xgid)` when the bottom player is on roll. From `SetXGID` (`set.c`)
    /// and `SetMatchID` (`play.c`):
    ///
    /// - the XGID's bottom player (White) is GNUBG's player 1, on roll when the turn is `1`;
    ///   the top player (Black) is player 0;
    /// - the scores, cube, owner and dice are taken over (the dice higher first), the game is
    ///   in play;
    /// - a pending double (`D`) is stepped back: GNUBG "cannot handle positions where a
    ///   double has been offered", so the Match ID shows the doubler on roll before doubling;
    /// - the Crawford flag is kept only in a match of two points or more with a side at
    ///   length − 1 (always true of a valid [`Xgid`]);
    /// - in money play the Jacoby flag is taken over; in match play the Match ID says the
    ///   Jacoby rule is not in use (key bit 66 set).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::{MatchId, Side, Xgid};
    /// // The top player on roll with 2-1, owning nothing: the bottom player owns the cube at 2.
    /// let x: Xgid = "XGID=-A----A----------------ab-:1:1:-1:12:2:4:0:7:10".parse()?;
    /// let m = MatchId::from_xgid_unswapped(&x);
    /// assert_eq!((m.on_roll(), m.cube_owner()), (Side::Black, Some(Side::White)));
    /// assert_eq!(m.to_string(), "EQHlAEAAEAAE"); // GNUBG after `set confirm default no`
    /// assert_eq!(MatchId::from(&x).to_string(), "QQnlACAAIAAE"); // GNUBG by default
    /// # Ok::<(), lattjo_backgammon::XgidError>(())
    /// ```
    #[must_use]
    pub fn from_xgid_unswapped(x: &Xgid) -> MatchId {
        let s = &x.s;
        let on_roll = s.position.to_move;
        let length = s.match_length;
        let one_away = length >= 1 && s.score.contains(&(length - 1));
        MatchId {
            s: MatchIdSetup {
                cube_log2: s.cube_log2,
                cube_owner: s.cube_owner,
                on_roll,
                crawford: s.crawford && one_away && length > 1,
                game_state: IdGameState::Playing,
                turn: on_roll,
                double_offered: false,
                resignation: None,
                dice: match s.dice {
                    XgDice::Rolled(a, b) => Dice::new(a, b),
                    XgDice::NotRolled | XgDice::Doubled => None,
                },
                match_length: length,
                score: s.score,
                jacoby: length == 0 && s.jacoby,
            },
        }
    }
}

impl From<Xgid> for MatchId {
    fn from(x: Xgid) -> MatchId {
        MatchId::from(&x)
    }
}

/// A GNU Backgammon ID: `PositionID:MatchID`, the form GNUBG's `set gnubgid` takes and its
/// `show gnubgid` writes. The Position ID lists the checkers of the side not on roll first,
/// then those of the [`MatchId::on_roll`] side.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{GnubgId, Xgid};
/// let x: Xgid = "XGID=-Ba-aBD-a----Ca-Aa-f-AabaB:0:0:1:00:0:0:0:0:10".parse()?;
/// let id = GnubgId::from(&x);
/// assert_eq!(id.to_string(), "LX4iEBLDHnAEYQ:cAkAAAAAAAAE");
/// assert_eq!(id.to_string().parse::<GnubgId>()?, id);
/// assert_eq!(Xgid::try_from(&id)?, x);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct GnubgId {
    position: Position,
    match_id: MatchId,
}

/// Text that is not a GNU Backgammon ID.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{GnubgId, GnubgIdError, MatchIdError};
/// assert_eq!("4HPwATDgc/ABMA".parse::<GnubgId>(), Err(GnubgIdError::Shape));
/// assert_eq!(
///     "4HPwATDgc/ABMA:cAkAAAAA".parse::<GnubgId>(),
///     Err(GnubgIdError::MatchId(MatchIdError::Length(8)))
/// );
/// assert!("4HPwATDgc/ABMA:cAkAAAAAAAAE".parse::<GnubgId>().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GnubgIdError {
    /// Not two fields separated by one `:`.
    #[error("a gnubg id is \"PositionID:MatchID\"")]
    Shape,
    /// The Position ID did not decode.
    #[error("position id: {0}")]
    PositionId(#[from] PositionIdError),
    /// The Match ID did not decode.
    #[error("match id: {0}")]
    MatchId(#[from] MatchIdError),
}

impl GnubgId {
    /// The ID of `position` (whose side to move is taken as the side on roll) with
    /// `match_id`, whose player on roll is set to `position.to_move()`.
    #[must_use]
    pub fn new(position: Position, match_id: MatchId) -> GnubgId {
        let mut match_id = match_id;
        match_id.s.on_roll = position.to_move;
        GnubgId { position, match_id }
    }

    /// The checkers, with the side on roll to move.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The Match ID.
    #[must_use]
    pub const fn match_id(&self) -> &MatchId {
        &self.match_id
    }

    /// The same ID with GNU Backgammon's players exchanged ([`MatchId::swap_players`]); the
    /// colours of the position swap with them, so the Position ID is unchanged.
    #[must_use]
    pub const fn swap_players(&self) -> GnubgId {
        GnubgId {
            position: self.position.swap_colours(),
            match_id: self.match_id.swap_players(),
        }
    }
}

impl fmt::Display for GnubgId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.position.position_id(), self.match_id)
    }
}

impl FromStr for GnubgId {
    type Err = GnubgIdError;
    fn from_str(s: &str) -> Result<GnubgId, GnubgIdError> {
        let (p, m) = s.trim().split_once(':').ok_or(GnubgIdError::Shape)?;
        if m.contains(':') {
            return Err(GnubgIdError::Shape);
        }
        let match_id: MatchId = m.parse()?;
        let position = Position::from_position_id(p, match_id.on_roll())?;
        Ok(GnubgId { position, match_id })
    }
}

impl TryFrom<String> for GnubgId {
    type Error = GnubgIdError;
    fn try_from(s: String) -> Result<GnubgId, GnubgIdError> {
        s.parse()
    }
}

impl From<GnubgId> for String {
    fn from(id: GnubgId) -> String {
        id.to_string()
    }
}

/// The GNU Backgammon ID GNUBG shows after `set xgid` with this XGID, as it does by
/// default: [`GnubgId::from_xgid_unswapped`], with the players then exchanged
/// ([`GnubgId::swap_players`]) when the XGID's top player is on roll (see
/// `MatchId::from(&Xgid)`). The Position ID is the same either way (the side on roll is
/// listed second); the Match ID is `MatchId::from(&xgid)`.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{GnubgId, Side, Xgid};
/// let x: Xgid = "XGID=-A----A----------------ab-:1:1:-1:12:2:4:0:7:10".parse()?;
/// let id = GnubgId::from(&x); // as GNU Backgammon 1.07 shows it
/// assert_eq!(id.to_string(), "QQAAWAAAAAAAAA:QQnlACAAIAAE");
/// // The player on roll (the XGID's top player) is now GNUBG's player 1, which this crate
/// // reads as White.
/// assert_eq!(id.position().to_move(), Side::White);
/// assert_eq!(*id.position(), x.position().swap_colours());
/// assert_eq!(GnubgId::from_xgid_unswapped(&x).to_string(), "QQAAWAAAAAAAAA:EQHlAEAAEAAE");
/// # Ok::<(), lattjo_backgammon::XgidError>(())
/// ```
impl From<&Xgid> for GnubgId {
    fn from(x: &Xgid) -> GnubgId {
        let id = GnubgId::from_xgid_unswapped(x);
        if x.gnubg_swaps_players() {
            id.swap_players()
        } else {
            id
        }
    }
}

impl From<Xgid> for GnubgId {
    fn from(x: Xgid) -> GnubgId {
        GnubgId::from(&x)
    }
}

impl GnubgId {
    /// The GNU Backgammon ID GNUBG shows after `set xgid` with this XGID when it does **not**
    /// swap the players (see [`MatchId::from_xgid_unswapped`]): the XGID's position and
    /// `MatchId::from_xgid_unswapped(&xgid)`. The same as `GnubgId::from(&xgid)` when the
    /// bottom player is on roll.
    #[must_use]
    pub fn from_xgid_unswapped(x: &Xgid) -> GnubgId {
        GnubgId {
            position: x.s.position,
            match_id: MatchId::from_xgid_unswapped(x),
        }
    }
}

/// A GNU Backgammon ID that no XGID describes.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{GnubgId, ToXgidError, Xgid};
/// let id: GnubgId = "4HPwATDgc/ABMA:cAgAAAAAAAAE".parse()?; // no game started
/// assert!(matches!(Xgid::try_from(&id), Err(ToXgidError::NotPlaying(_))));
/// # Ok::<(), lattjo_backgammon::GnubgIdError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ToXgidError {
    /// No game in progress, or the game has ended: an XGID describes a game in play.
    #[error("the match id's game is not in progress ({0:?})")]
    NotPlaying(IdGameState),
    /// A resignation is pending: an XGID cannot say so.
    #[error("an xgid cannot hold a pending resignation")]
    Resignation,
    /// The player to act does not fit the double field (GNUBG's `fTurn` is the player on
    /// roll, or their opponent while a double awaits an answer).
    #[error("the player to act does not fit the rest of the match id")]
    Turn,
    /// The fields do not make a valid XGID (for example a cube above 2^12).
    #[error(transparent)]
    Xgid(#[from] XgidError),
}

/// The XGID of a GNU Backgammon ID of a game in play, with GNUBG's player 1 as the bottom
/// player: the inverse of [`GnubgId::from_xgid_unswapped`] for every XGID without a pending
/// double, and so of `GnubgId::from(&xgid)` when the bottom player is on roll (with the top
/// player on roll GNUBG has swapped the players, and this gives `xgid.swap_players()`). The
/// maximum-cube field, which GNUBG does not record, is 10 (XG's usual); beavers, which the
/// Match ID does not record, are off; the dice are written higher first.
impl TryFrom<&GnubgId> for Xgid {
    type Error = ToXgidError;
    fn try_from(id: &GnubgId) -> Result<Xgid, ToXgidError> {
        let m = &id.match_id.s;
        if m.game_state != IdGameState::Playing {
            return Err(ToXgidError::NotPlaying(m.game_state));
        }
        if m.resignation.is_some() {
            return Err(ToXgidError::Resignation);
        }
        let responder = m.on_roll.opponent();
        if m.turn
            != if m.double_offered {
                responder
            } else {
                m.on_roll
            }
        {
            return Err(ToXgidError::Turn);
        }
        let dice = match (m.double_offered, m.dice) {
            (true, None) => XgDice::Doubled,
            (false, None) => XgDice::NotRolled,
            (false, Some(d)) => XgDice::Rolled(d.high(), d.low()),
            (true, Some(_)) => return Err(ToXgidError::Turn),
        };
        Ok(Xgid::try_from(XgidSetup {
            position: id.position,
            cube_log2: m.cube_log2,
            cube_owner: m.cube_owner,
            dice,
            score: m.score,
            crawford: m.crawford,
            jacoby: m.match_length == 0 && m.jacoby,
            beavers: false,
            match_length: m.match_length,
            max_cube_log2: 10.max(m.cube_log2),
        })?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Section 6/7 start vectors.
    #[test]
    fn start_position_id_vector() {
        for side in Side::ALL {
            let p = Position::start(side);
            assert_eq!(p.position_id(), "4HPwATDgc/ABMA");
            assert_eq!(
                Position::from_position_id("4HPwATDgc/ABMA", side).unwrap(),
                p
            );
        }
    }

    #[test]
    fn start_xgid_vector() {
        let text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10";
        let x: Xgid = text.parse().unwrap();
        assert_eq!(x, Xgid::money(Position::start(Side::White)));
        assert_eq!(x.to_string(), text);
        // The prefix is optional on input, as in GNUBG's `set xgid`.
        assert_eq!(text[5..].parse::<Xgid>().unwrap(), x);
    }

    #[test]
    fn position_id_rejects_bad_input() {
        assert_eq!(
            Position::from_position_id("4HPwATDgc/ABM", Side::White),
            Err(PositionIdError::Length(13))
        );
        assert_eq!(
            Position::from_position_id("4HPwATDgc/AB!A", Side::White),
            Err(PositionIdError::BadChar('!'))
        );
        // 80 one bits: far more than 15 checkers.
        assert!(matches!(
            Position::from_position_id("//////////////", Side::White),
            Err(PositionIdError::Position(PositionError::WrongCount { .. })
                | PositionIdError::Malformed)
        ));
        // Last character carries 4 bits beyond the 80: must be zero.
        assert_eq!(
            Position::from_position_id("4HPwATDgc/ABMB", Side::White),
            Err(PositionIdError::Malformed)
        );
        // Multi-byte characters never panic.
        assert!(Position::from_position_id("ééééééé", Side::White).is_err());
    }

    /// Issue 15.5: the all-zero Position ID is the empty board, which no game reaches.
    #[test]
    fn regression_empty_board_position_id_is_refused() {
        assert_eq!(
            Position::from_position_id("AAAAAAAAAAAAAA", Side::White),
            Err(PositionIdError::Position(PositionError::BothBorneOff))
        );
        assert!(matches!(
            "XGID=--------------------------:0:0:1:00:0:0:0:0:10".parse::<Xgid>(),
            Err(XgidError::Position(PositionError::BothBorneOff))
        ));
    }

    /// B10: a Position ID putting both colours on one point is refused.
    #[test]
    fn b10_position_id_with_both_colours_on_a_point_is_an_error() {
        // Side not on roll: one checker on its point 1 (bits "10"), then 24 zeros; side on
        // roll: one checker on its point 24, the same physical point.
        let mut key: u128 = 0;
        let mut bit = 0;
        key |= 1 << bit;
        bit += 1 + 25; // the checker, then 25 zeros (points 1..24 and the bar)
        bit += 23; // on-roll side: points 1..23 empty
        key |= 1 << bit;
        let mut s = String::new();
        b64_encode(&key.to_le_bytes()[..10], &mut s);
        assert_eq!(
            Position::from_position_id(&s, Side::White),
            Err(PositionIdError::Position(PositionError::SharedPoint {
                point: 24
            }))
        );
    }

    #[test]
    fn position_id_sixteen_checkers_is_an_error() {
        // 16 one bits then zeros: 16 checkers on the mover's point 1.
        let key: u128 = (1 << 16) - 1;
        let mut s = String::new();
        b64_encode(&key.to_le_bytes()[..10], &mut s);
        assert!(matches!(
            Position::from_position_id(&s, Side::White),
            Err(PositionIdError::Position(PositionError::WrongCount {
                count: 16,
                ..
            }))
        ));
    }

    #[test]
    fn xgid_rejects_bad_input() {
        let ok = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10";
        assert_eq!(
            "XGID=-b----E-C---eE---c-e----B-:0:0:1".parse::<Xgid>(),
            Err(XgidError::FieldCount(4))
        );
        assert_eq!(
            ok.replace("-B-:", "-P-:").parse::<Xgid>(),
            Err(XgidError::BadChecker('P'))
        );
        assert!(matches!(
            ok.replace("E-C", "E-O").parse::<Xgid>(),
            Err(XgidError::Position(PositionError::WrongCount {
                side: Side::White,
                ..
            }))
        ));
        assert!(matches!(
            ok.replace(":1:00:", ":2:00:").parse::<Xgid>(),
            Err(XgidError::Field { field: "turn", .. })
        ));
        assert!(matches!(
            ok.replace(":1:00:", ":1:71:").parse::<Xgid>(),
            Err(XgidError::Field { field: "dice", .. })
        ));
        assert_eq!(
            ok.replace(":1:00:", ":1:B:").parse::<Xgid>(),
            Err(XgidError::BeaverPending)
        );
        assert!(matches!(
            "XGID=-b----E-C---eE---c-e----B-:11:0:1:00:0:0:0:0:10".parse::<Xgid>(),
            Err(XgidError::CubeAboveMax { cube: 11, max: 10 })
        ));
        // A13 decision: 2^13 is above every state's cube, whatever the XGID's maximum.
        assert!(matches!(
            "XGID=-b----E-C---eE---c-e----B-:13:0:1:00:0:0:0:0:15".parse::<Xgid>(),
            Err(XgidError::CubeAboveMax { cube: 13, max: 12 })
        ));
        assert_eq!(
            ok.replace("-B-:", "-Bb:").parse::<Xgid>(),
            Err(XgidError::WrongBar(25))
        );
        // Field 7 in match play holds only the Crawford flag.
        assert!(matches!(
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:2:5:10".parse::<Xgid>(),
            Err(XgidError::Field { field: "rules", .. })
        ));
        // Numbers never overflow.
        assert!(
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:99999999999:0:0:5:10"
                .parse::<Xgid>()
                .is_err()
        );
    }

    /// Issue 15.4: an XGID of a match that is over or impossible is refused.
    #[test]
    fn regression_xgid_match_context_is_validated() {
        let with = |score: &str, flag: u8, len: u32| {
            format!("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:{score}:{flag}:{len}:10")
        };
        // Score 1-5 in a 2-point match (the issue's input).
        assert_eq!(
            with("1:5", 0, 2).parse::<Xgid>(),
            Err(XgidError::Score {
                score: 5,
                length: 2
            })
        );
        assert!(with("2:0", 0, 2).parse::<Xgid>().is_err());
        assert_eq!(
            with("0:0", 0, 65).parse::<Xgid>(),
            Err(XgidError::LengthTooLarge(65))
        );
        // Crawford needs a side at length - 1, and a match of 2 or more.
        assert_eq!(with("0:0", 1, 5).parse::<Xgid>(), Err(XgidError::Crawford));
        assert_eq!(with("0:0", 1, 1).parse::<Xgid>(), Err(XgidError::Crawford));
        assert!(with("4:2", 1, 5).parse::<Xgid>().unwrap().crawford());
        // ... and no cube turned in it.
        assert_eq!(
            "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:4:2:1:5:10".parse::<Xgid>(),
            Err(XgidError::Crawford)
        );
        // Money play: Jacoby (1) and beavers (2).
        let x = with("0:0", 3, 0).parse::<Xgid>().unwrap();
        assert!(x.jacoby() && x.beavers());
        // A double offered by the player who does not own the cube.
        assert_eq!(
            "XGID=-b----E-C---eE---c-e----B-:1:-1:1:D:0:0:0:0:10".parse::<Xgid>(),
            Err(XgidError::DoubleNotPossible)
        );
    }

    #[test]
    fn match_id_round_trip_and_layout() {
        let id = MatchId::money_start();
        let s = id.to_string();
        // Cube 0; centred (3) in bits 4-5; White = player 1 on roll (bit 6); playing (bit 8);
        // White to act (bit 11); Jacoby off (bit 66).
        assert_eq!(s, "cAkAAAAAAAAE");
        assert_eq!(s.parse::<MatchId>().unwrap(), id);
        let id = MatchId::try_from(MatchIdSetup {
            cube_log2: 1,
            cube_owner: Some(Side::Black),
            on_roll: Side::White,
            crawford: false,
            game_state: IdGameState::Playing,
            turn: Side::Black,
            double_offered: true,
            resignation: Some(ResignLevel::Gammon),
            dice: Dice::new(5, 2),
            match_length: 7,
            score: [2, 4],
            jacoby: true,
        })
        .unwrap();
        assert_eq!(id.to_string().parse::<MatchId>().unwrap(), id);
    }

    /// Issue 14: bit 66 (set when the Jacoby rule is not in use) is part of the key.
    #[test]
    fn regression_match_id_bit_66_is_the_jacoby_flag() {
        let off: MatchId = "cAkAAAAAAAAE".parse().unwrap();
        let on: MatchId = "cAkAAAAAAAAA".parse().unwrap();
        assert!(!off.jacoby());
        assert!(on.jacoby());
        assert_eq!(
            off,
            MatchId::try_from(MatchIdSetup {
                jacoby: false,
                ..on.setup()
            })
            .unwrap()
        );
        // Bits 67-71 (beyond the key) must be clear: 'F' carries bit 66 and bit 67... 'I' is
        // 8 = bit 67 alone.
        assert_eq!(
            "cAkAAAAAAAAI".parse::<MatchId>(),
            Err(MatchIdError::TrailingBits)
        );
    }

    /// Issue 15.4: the Match ID `EQFgAaAAoAAA` (length 11, score 10-20, a game in play).
    #[test]
    fn regression_match_id_impossible_score_is_refused() {
        assert!(matches!(
            "EQFgAaAAoAAA".parse::<MatchId>(),
            Err(MatchIdError::Score {
                score: 20,
                length: 11,
                ..
            })
        ));
        let at = |length, score, game_state, crawford| {
            MatchId::try_from(MatchIdSetup {
                match_length: length,
                score,
                game_state,
                crawford,
                ..MatchIdSetup::money_start()
            })
        };
        assert!(at(5, [4, 4], IdGameState::Playing, false).is_ok());
        assert!(at(5, [5, 4], IdGameState::Playing, false).is_err());
        // After the last game GNUBG has added its points: 4 + 3 (a backgammon) of 5.
        assert!(at(5, [7, 4], IdGameState::Over, false).is_ok());
        assert!(at(5, [8, 4], IdGameState::Over, false).is_err());
        assert!(at(5, [5, 5], IdGameState::Over, false).is_err());
        assert_eq!(
            at(65, [0, 0], IdGameState::Playing, false),
            Err(MatchIdError::LengthTooLarge(65))
        );
        // Crawford: match play, 2 points or more, a side at length - 1.
        assert!(at(5, [4, 1], IdGameState::Playing, true).is_ok());
        assert_eq!(
            at(5, [3, 1], IdGameState::Playing, true),
            Err(MatchIdError::Crawford)
        );
        assert_eq!(
            at(0, [0, 0], IdGameState::Playing, true),
            Err(MatchIdError::Crawford)
        );
        // Money sessions keep a running score.
        assert!(at(0, [12, 30], IdGameState::Playing, false).is_ok());
    }

    // A13: a cube the field cannot hold is a typed error.
    #[test]
    fn a13_match_id_cube_above_field_is_an_error() {
        let setup = |cube_log2| MatchIdSetup {
            cube_log2,
            ..MatchIdSetup::money_start()
        };
        assert_eq!(
            MatchId::try_from(setup(16)),
            Err(MatchIdError::CubeTooLarge(16))
        );
        assert!(MatchId::try_from(setup(15)).is_ok());
        assert_eq!(
            "MAEAAAAAAAA".parse::<MatchId>(),
            Err(MatchIdError::Length(11))
        );
        assert_eq!(
            "MAEAAAAAAA*A".parse::<MatchId>(),
            Err(MatchIdError::BadChar('*'))
        );
    }

    /// GNU Backgammon writes the side not on roll first. After White opens 3-1 (8/5 6/5),
    /// Black is on roll: the ID starts with White's layout, so decoding it with the sides the
    /// other way round must give a different position.
    #[test]
    fn regression_position_id_lists_the_side_not_on_roll_first() {
        let mut w = [0u8; 26];
        w[24] = 2;
        w[13] = 5;
        w[8] = 2;
        w[6] = 4;
        w[5] = 2;
        let mut b = [0u8; 26];
        b[24] = 2;
        b[13] = 5;
        b[8] = 3;
        b[6] = 5;
        let p = Position::new(Side::Black, w, b).unwrap();
        let id = p.position_id();
        let bytes = b64_decode::<10>(&id).ok().unwrap();
        assert_eq!(
            bytes[0] & 0b1_1111,
            0b1_0000,
            "white's points 1-4 empty, then a checker on 5"
        );
        assert_eq!(Position::from_position_id(&id, Side::Black).unwrap(), p);
        assert_ne!(
            Position::from_position_id(&id, Side::White).unwrap(),
            p.with_to_move(Side::White)
        );
    }
}
