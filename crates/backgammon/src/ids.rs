//! GNU Backgammon Position ID and Match ID, and eXtreme Gammon's XGID (section 6).

use core::fmt;
use core::str::FromStr;

use crate::board::{BAR, Position, PositionError, Side};

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
    if s.len() != want || s.chars().count() != want {
        return Err(B64Error::Length(s.chars().count()));
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

/// The state of the game as a Match ID records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum IdGameState {
    /// No game started.
    NoGame,
    /// A game in progress.
    Playing,
    /// The game is over.
    Over,
    /// The game ended by a resignation.
    Resigned,
    /// The game ended by a dropped double.
    Dropped,
}

/// A resignation level (D6): single game, gammon or backgammon.
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

/// The fields of a GNU Backgammon Match ID (manual §11.7). GNUBG's player 0 is [`Side::White`].
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::MatchId;
/// let id = MatchId::money_start();
/// let text = id.encode()?;
/// assert_eq!(text.len(), 12);
/// assert_eq!(text.parse::<MatchId>()?, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchId {
    /// Log2 of the cube value (0..=15 encodable).
    pub cube_log2: u8,
    /// Who owns the cube; `None` when centred.
    pub cube_owner: Option<Side>,
    /// The player on roll, or who did roll.
    pub on_roll: Side,
    /// Whether this game is the Crawford game.
    pub crawford: bool,
    /// The game state.
    pub game_state: IdGameState,
    /// The player to make a decision now.
    pub turn: Side,
    /// Whether a double has been offered.
    pub double_offered: bool,
    /// A pending resignation offer.
    pub resignation: Option<ResignLevel>,
    /// The dice rolled, if any (each 1..=6, in the order rolled).
    pub dice: Option<(u8, u8)>,
    /// The match length; 0 for money play (at most 32767).
    pub match_length: u16,
    /// The scores of White (player 0) and Black (player 1) (each at most 32767).
    pub score: [u16; 2],
}

/// A Match ID that cannot be decoded, or fields that cannot be encoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchIdError {
    /// Not 12 characters.
    #[error("a match id has 12 characters, got {0}")]
    Length(usize),
    /// A character outside the base64 alphabet.
    #[error("{0:?} is not a base64 character")]
    BadChar(char),
    /// Bits beyond the 66 of the key are set.
    #[error("the match key has bits set beyond its 66 bits")]
    TrailingBits,
    /// The cube owner field is the unused value 2.
    #[error("cube owner code 2 is not defined")]
    BadCubeOwner,
    /// The game state field is 5, 6 or 7.
    #[error("game state code {0} is not defined")]
    BadGameState(u8),
    /// A die is 7, or only one die is zero.
    #[error("dice {0} and {1} are not a roll")]
    BadDice(u8, u8),
    /// The cube is above 2^15, the largest the field holds (A13).
    #[error("cube 2^{0} does not fit the 4-bit field of a match id")]
    CubeTooLarge(u8),
    /// A match length or score above 32767.
    #[error("{0} does not fit a 15-bit field of a match id")]
    TooLarge(u32),
}

impl MatchId {
    /// A money game about to start: centred cube, White on roll, no dice.
    #[must_use]
    pub const fn money_start() -> MatchId {
        MatchId {
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
        }
    }

    /// The 12-character ID.
    ///
    /// # Errors
    ///
    /// [`MatchIdError::CubeTooLarge`] for a cube above 2^15, [`MatchIdError::TooLarge`] for a
    /// length or score above 32767, [`MatchIdError::BadDice`] for dice outside 1..=6.
    pub fn encode(&self) -> Result<String, MatchIdError> {
        if self.cube_log2 > 15 {
            return Err(MatchIdError::CubeTooLarge(self.cube_log2));
        }
        for v in [self.match_length, self.score[0], self.score[1]] {
            if v > 0x7fff {
                return Err(MatchIdError::TooLarge(u32::from(v)));
            }
        }
        let (d1, d2) = self.dice.unwrap_or((0, 0));
        if self.dice.is_some() && !((1..=6).contains(&d1) && (1..=6).contains(&d2)) {
            return Err(MatchIdError::BadDice(d1, d2));
        }
        let mut key: u128 = 0;
        let mut at = 0u32;
        let mut put = |v: u64, n: u32| {
            key |= u128::from(v) << at;
            at += n;
        };
        put(u64::from(self.cube_log2), 4);
        put(
            match self.cube_owner {
                None => 3,
                Some(s) => s.index() as u64,
            },
            2,
        );
        put(self.on_roll.index() as u64, 1);
        put(u64::from(self.crawford), 1);
        put(
            match self.game_state {
                IdGameState::NoGame => 0,
                IdGameState::Playing => 1,
                IdGameState::Over => 2,
                IdGameState::Resigned => 3,
                IdGameState::Dropped => 4,
            },
            3,
        );
        put(self.turn.index() as u64, 1);
        put(u64::from(self.double_offered), 1);
        put(self.resignation.map_or(0, |r| r as u64), 2);
        put(u64::from(d1), 3);
        put(u64::from(d2), 3);
        put(u64::from(self.match_length), 15);
        put(u64::from(self.score[0]), 15);
        put(u64::from(self.score[1]), 15);
        let bytes = key.to_le_bytes();
        let mut s = String::with_capacity(12);
        b64_encode(&bytes[..9], &mut s);
        Ok(s)
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
        if key >> 66 != 0 {
            return Err(MatchIdError::TrailingBits);
        }
        let mut at = 0u32;
        let mut get = |n: u32| {
            let v = (key >> at) as u64 & ((1u64 << n) - 1);
            at += n;
            v
        };
        let cube_log2 = get(4) as u8;
        let cube_owner = match get(2) {
            0 => Some(Side::White),
            1 => Some(Side::Black),
            3 => None,
            _ => return Err(MatchIdError::BadCubeOwner),
        };
        let side = |v: u64| if v == 0 { Side::White } else { Side::Black };
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
            (1..=6, 1..=6) => Some((d1, d2)),
            _ => return Err(MatchIdError::BadDice(d1, d2)),
        };
        let match_length = get(15) as u16;
        let score = [get(15) as u16, get(15) as u16];
        Ok(MatchId {
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
            score,
        })
    }
}

/// The dice field of an XGID.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum XgDice {
    /// `00`: the player on turn has not rolled.
    NotRolled,
    /// `D`: a double has been offered.
    Doubled,
    /// `B`: a beaver has been offered.
    Beavered,
    /// `R`: a raccoon has been offered.
    Raccooned,
    /// Two digits `1..=6`.
    Rolled(u8, u8),
}

/// An eXtreme Gammon position identifier (section 6). White is the bottom player.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::{Position, Side, Xgid};
/// let x: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10".parse()?;
/// assert_eq!(x.position, Position::start(Side::White));
/// assert_eq!(x.to_string(), "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10");
/// # Ok::<(), lattjo_backgammon::XgidError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Xgid {
    /// The checkers, with the side on turn ([`Side::White`] = bottom, XGID turn 1).
    pub position: Position,
    /// Log2 of the cube value.
    pub cube_log2: u8,
    /// The cube owner; `None` when centred.
    pub cube_owner: Option<Side>,
    /// The dice field.
    pub dice: XgDice,
    /// Scores of White (bottom) and Black (top).
    pub score: [u32; 2],
    /// Field 8: in a match the Crawford flag (0/1); in money play Jacoby (1) plus beavers (2).
    pub flags: u8,
    /// The match length, 0 for money play.
    pub match_length: u32,
    /// The largest cube log2 allowed.
    pub max_cube_log2: u8,
}

/// An XGID that does not decode, or a value it cannot hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum XgidError {
    /// The text does not start with `XGID=`.
    #[error("an xgid starts with \"XGID=\"")]
    Prefix,
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
    /// More than 15 checkers of a side, or both colours on a point.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A numeric or coded field is out of range.
    #[error("field {field} has the invalid value {value:?}")]
    Field {
        /// The field name.
        field: &'static str,
        /// The text found.
        value: String,
    },
    /// The cube is above the xgid's own maximum cube field (A13).
    #[error("cube 2^{cube} is above the maximum 2^{max}")]
    CubeAboveMax {
        /// The cube log2.
        cube: u8,
        /// The maximum log2.
        max: u8,
    },
}

impl Xgid {
    /// The XGID text.
    ///
    /// # Errors
    ///
    /// [`XgidError::CubeAboveMax`] when the cube is above the maximum-cube field, and
    /// [`XgidError::Field`] for dice outside `1..=6` or flags above 3.
    pub fn encode(&self) -> Result<String, XgidError> {
        if self.cube_log2 > self.max_cube_log2 {
            return Err(XgidError::CubeAboveMax {
                cube: self.cube_log2,
                max: self.max_cube_log2,
            });
        }
        if let XgDice::Rolled(a, c) = self.dice
            && !((1..=6).contains(&a) && (1..=6).contains(&c))
        {
            return Err(XgidError::Field {
                field: "dice",
                value: format!("{a}{c}"),
            });
        }
        if self.flags > 3 {
            return Err(XgidError::Field {
                field: "flags",
                value: self.flags.to_string(),
            });
        }
        let w = &self.position.board[0];
        let b = &self.position.board[1];
        let upper = |n: u8| if n == 0 { '-' } else { (b'A' + n - 1) as char };
        let lower = |n: u8| if n == 0 { '-' } else { (b'a' + n - 1) as char };
        let mut s = String::with_capacity(64);
        s.push_str("XGID=");
        s.push(lower(b[BAR]));
        for i in 1..=24 {
            if w[i] > 0 {
                s.push(upper(w[i]));
            } else {
                s.push(lower(b[25 - i]));
            }
        }
        s.push(upper(w[BAR]));
        let cube_pos = match self.cube_owner {
            None => 0,
            Some(Side::White) => 1,
            Some(Side::Black) => -1,
        };
        let turn = if self.position.to_move == Side::White {
            1
        } else {
            -1
        };
        let dice = match self.dice {
            XgDice::NotRolled => "00".to_string(),
            XgDice::Doubled => "D".to_string(),
            XgDice::Beavered => "B".to_string(),
            XgDice::Raccooned => "R".to_string(),
            XgDice::Rolled(a, c) => format!("{a}{c}"),
        };
        use fmt::Write;
        let _ = write!(
            s,
            ":{}:{}:{}:{}:{}:{}:{}:{}:{}",
            self.cube_log2,
            cube_pos,
            turn,
            dice,
            self.score[0],
            self.score[1],
            self.flags,
            self.match_length,
            self.max_cube_log2
        );
        Ok(s)
    }
}

/// Writes the XGID; a value that cannot be encoded (see [`Xgid::encode`]) is a formatting
/// error.
impl fmt::Display for Xgid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.encode().map_err(|_| fmt::Error)?;
        f.write_str(&s)
    }
}

impl FromStr for Xgid {
    type Err = XgidError;
    fn from_str(s: &str) -> Result<Xgid, XgidError> {
        let rest = s.trim().strip_prefix("XGID=").ok_or(XgidError::Prefix)?;
        let fields: Vec<&str> = rest.split(':').collect();
        if fields.len() != 10 {
            return Err(XgidError::FieldCount(fields.len()));
        }
        let pos = fields[0];
        if pos.len() != 26 || pos.chars().count() != 26 {
            return Err(XgidError::PositionLength(pos.chars().count()));
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
            value: v.to_string(),
        };
        let num = |name: &'static str, v: &str| -> Result<u32, XgidError> {
            if v.is_empty() || v.len() > 9 || !v.bytes().all(|c| c.is_ascii_digit()) {
                return Err(field(name, v));
            }
            v.parse::<u32>().map_err(|_| field(name, v))
        };
        let cube_log2 = num("cube", fields[1])?;
        if cube_log2 > 63 {
            return Err(field("cube", fields[1]));
        }
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
            "00" | "0" => XgDice::NotRolled,
            "D" => XgDice::Doubled,
            "B" => XgDice::Beavered,
            "R" => XgDice::Raccooned,
            v => {
                let d: Vec<u8> = v.bytes().collect();
                match d.as_slice() {
                    [a @ b'1'..=b'6', c @ b'1'..=b'6'] => XgDice::Rolled(a - b'0', c - b'0'),
                    _ => return Err(field("dice", v)),
                }
            }
        };
        let score = [
            num("score bottom", fields[5])?,
            num("score top", fields[6])?,
        ];
        let flags = num("flags", fields[7])?;
        if flags > 3 {
            return Err(field("flags", fields[7]));
        }
        let match_length = num("match length", fields[8])?;
        let max_cube_log2 = num("max cube", fields[9])?;
        if max_cube_log2 > 63 {
            return Err(field("max cube", fields[9]));
        }
        let position = Position::new(to_move, w, b)?;
        let x = Xgid {
            position,
            cube_log2: cube_log2 as u8,
            cube_owner,
            dice,
            score,
            flags: flags as u8,
            match_length,
            max_cube_log2: max_cube_log2 as u8,
        };
        if x.cube_log2 > x.max_cube_log2 {
            return Err(XgidError::CubeAboveMax {
                cube: x.cube_log2,
                max: x.max_cube_log2,
            });
        }
        Ok(x)
    }
}

impl Xgid {
    /// A money-game XGID for `position` with a centred cube and no dice rolled.
    #[must_use]
    pub const fn money(position: Position) -> Xgid {
        Xgid {
            position,
            cube_log2: 0,
            cube_owner: None,
            dice: XgDice::NotRolled,
            score: [0, 0],
            flags: 0,
            match_length: 0,
            max_cube_log2: 10,
        }
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
        // Only zero bits: both sides walk their 25 points with 50 zeros; the rest must be 0.
        let empty = Position::from_position_id("AAAAAAAAAAAAAA", Side::White).unwrap();
        assert_eq!(empty.off(Side::White), 15);
        // Last character carries 4 bits beyond the 80: must be zero.
        assert_eq!(
            Position::from_position_id("4HPwATDgc/ABMB", Side::White),
            Err(PositionIdError::Malformed)
        );
        // Multi-byte characters never panic.
        assert!(Position::from_position_id("ééééééé", Side::White).is_err());
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
        assert_eq!("-b----E-C".parse::<Xgid>(), Err(XgidError::Prefix));
        assert_eq!(
            "XGID=-b----E-C---eE---c-e----B-:0:0:1".parse::<Xgid>(),
            Err(XgidError::FieldCount(4))
        );
        // 16 white checkers: 'P' is not a code; 'O' (15) plus the others is too many.
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
        assert!(matches!(
            "XGID=-b----E-C---eE---c-e----B-:11:0:1:00:0:0:0:0:10".parse::<Xgid>(),
            Err(XgidError::CubeAboveMax { cube: 11, max: 10 })
        ));
        // A black checker on White's bar index.
        assert_eq!(
            ok.replace("-B-:", "-Bb:").parse::<Xgid>(),
            Err(XgidError::WrongBar(25))
        );
    }

    #[test]
    fn match_id_round_trip_and_layout() {
        let id = MatchId::money_start();
        let s = id.encode().unwrap();
        // Bits 5-6 (centred cube) and bit 9 (playing): bytes 0x30 0x01.
        assert_eq!(s, "MAEAAAAAAAAA");
        assert_eq!(s.parse::<MatchId>().unwrap(), id);
        let id = MatchId {
            cube_log2: 1,
            cube_owner: Some(Side::Black),
            on_roll: Side::White,
            crawford: true,
            game_state: IdGameState::Playing,
            turn: Side::Black,
            double_offered: true,
            resignation: Some(ResignLevel::Gammon),
            dice: Some((5, 2)),
            match_length: 7,
            score: [2, 4],
        };
        assert_eq!(id.encode().unwrap().parse::<MatchId>().unwrap(), id);
    }

    /// A Match ID written by GNU Backgammon for a money game in play with player 1 on roll and
    /// to act, cube centred, no dice (the default `4HPwATDgc/ABMA:cAkAAAAAAAAA` of GNUBG
    /// front-ends, e.g. jsboard): checks the bit layout against real output.
    #[test]
    fn match_id_gnubg_vector() {
        let id: MatchId = "cAkAAAAAAAAA".parse().unwrap();
        assert_eq!(
            id,
            MatchId {
                on_roll: Side::Black,
                turn: Side::Black,
                ..MatchId::money_start()
            }
        );
        assert_eq!(id.encode().unwrap(), "cAkAAAAAAAAA");
    }

    // A13: a cube the field cannot hold is a typed error.
    #[test]
    fn a13_match_id_cube_above_field_is_an_error() {
        let id = MatchId {
            cube_log2: 16,
            ..MatchId::money_start()
        };
        assert_eq!(id.encode(), Err(MatchIdError::CubeTooLarge(16)));
        let id = MatchId {
            match_length: 40000,
            ..MatchId::money_start()
        };
        assert_eq!(id.encode(), Err(MatchIdError::TooLarge(40000)));
        assert_eq!(
            "MAEAAAAAAAA".parse::<MatchId>(),
            Err(MatchIdError::Length(11))
        );
        assert_eq!(
            "MAEAAAAAAA*A".parse::<MatchId>(),
            Err(MatchIdError::BadChar('*'))
        );
        // Bit 66 set (last character has bits beyond the key).
        assert_eq!(
            "MAEAAAAAAAAE".parse::<MatchId>(),
            Err(MatchIdError::TrailingBits)
        );
    }
}

#[cfg(test)]
mod order_tests {
    use super::*;

    /// GNU Backgammon writes the side not on roll first. After White opens 3-1 (8/5 6/5),
    /// Black is on roll: the ID starts with Black's (unchanged) start layout, so decoding it
    /// with the sides the other way round must give a different position.
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
        // The first 25 points walked are White's (not on roll): 24 zeros-or-ones ending with
        // White's 2 checkers on its 5 point: bits 0..4 = 0,0,0,0,1 ...
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
