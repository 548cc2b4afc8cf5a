//! FIBS board states: the `board:` line of the First Internet Backgammon Server's client
//! protocol (CLIP, `set boardstyle 3`), which FIBS and its successors send to clients and
//! bots, and which GNU Backgammon's `external` interface reads (and writes under
//! `set output rawboard on`).
//!
//! A line has 53 colon-separated fields: `board`, the two names, the match length (9999 for an
//! unlimited match), the two scores, 26 numbers for the board, then the turn, both players'
//! dice, the cube, who may double, whether a double was offered, the player's colour and
//! direction, two obsolete fields, the checkers borne off and on the bar, and four fields of
//! less use. Everything is seen from the first name's player ("you"). [`FibsBoard`] reads and
//! writes the line exactly; [`FibsBoard::to_state`] and [`FibsBoard::from_state`] turn it into
//! a [`State`] and back, and [`FibsBoard::move_text`] and [`FibsBoard::parse_move`] write and
//! read a play as FIBS's `move` command takes it, in the line's own numbering.
//!
//! # Examples
//!
//! ```
//! use lattjo_backgammon::fibs::FibsBoard;
//! use lattjo_backgammon::{Phase, Side};
//! // The protocol specification's example: you (O) to play 6-2 at the start of a 3-point match.
//! let line = "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:\
//!             1:6:2:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0";
//! let board: FibsBoard = line.parse()?;
//! assert_eq!(board.to_string(), line);
//! let state = board.to_state(Side::White)?; // you are White
//! assert_eq!(state.phase(), Phase::Moving);
//! assert_eq!(state.position().to_move(), Side::White);
//! assert_eq!(state.match_context().map(|m| m.length()), Some(3));
//! // Written back from White's side with the same names: the same line.
//! assert_eq!(FibsBoard::from_state(&state, Side::White, ["You", "someplayer"])?.to_string(), line);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use boardgame_core::text::excerpt;
use core::fmt;
use core::str::FromStr;

use crate::board::{BAR, CHECKERS, Position, Side};
use crate::game::{Backgammon, MatchContext, Phase, State, StateSetup};
use crate::ids::MAX_CUBE_LOG2;
use crate::interop::ImportError;
use crate::movegen::{Dice, Play, PlayList, SingleDiePolicy};
use crate::notation::{NotationError, point_name};

/// The match length FIBS writes for an unlimited match (money play).
pub const UNLIMITED: u32 = 9999;

/// The number of colon-separated fields of a board line, `board` included.
pub const FIELDS: usize = 53;

/// A FIBS board line that does not read.
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::fibs::{FibsBoard, FibsBoardError};
/// assert_eq!("board:a:b:1".parse::<FibsBoard>(), Err(FibsBoardError::FieldCount(4)));
/// assert!(matches!("bored:".parse::<FibsBoard>(), Err(FibsBoardError::Prefix)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FibsBoardError {
    /// The line does not start with `board:`.
    #[error("a fibs board line starts with \"board:\"")]
    Prefix,
    /// Not [`FIELDS`] colon-separated fields.
    #[error("a fibs board line has 53 fields, got {0}")]
    FieldCount(usize),
    /// A name that is empty or holds a control character (a colon cannot be in a field).
    #[error("{0:?} is not a player name (empty, or a control character or colon in it)")]
    Name(String),
    /// A number field that is not an integer in its range.
    #[error("field {index} ({field}) has the invalid value {value:?}")]
    Field {
        /// The field's index in the line, `board` being 0.
        index: usize,
        /// The field's name in the protocol's table.
        field: &'static str,
        /// The text found (at most [`EXCERPT_CHARS`](boardgame_core::text::EXCERPT_CHARS)
        /// characters of it).
        value: String,
    },
    /// A side with more than 15 checkers on the board and the bar.
    #[error("{whose} has {count} checkers on the board and the bar, more than 15")]
    TooManyCheckers {
        /// `"you"` or `"the opponent"`.
        whose: &'static str,
        /// The checkers counted.
        count: u32,
    },
    /// A borne-off count that is not 15 less the checkers on the board and the bar.
    #[error("{whose} has {found} checkers borne off in the line but {expected} by the board")]
    BorneOff {
        /// `"you"` or `"the opponent"`.
        whose: &'static str,
        /// The field's value.
        found: u8,
        /// 15 less the checkers on the board and the bar.
        expected: u8,
    },
    /// An on-bar count that is neither the board's bar nor 0 (GNU Backgammon writes 0).
    #[error("{whose} has {found} checkers on the bar in the line but {expected} on the board")]
    OnBar {
        /// `"you"` or `"the opponent"`.
        whose: &'static str,
        /// The field's value.
        found: u8,
        /// The board's bar.
        expected: u8,
    },
    /// The obsolete home and bar fields do not fit the direction (0 and 25 for direction −1,
    /// 25 and 0 for +1).
    #[error("home {home} and bar {bar} do not fit direction {direction}")]
    HomeAndBar {
        /// The direction field.
        direction: i8,
        /// The home field.
        home: u8,
        /// The bar field.
        bar: u8,
    },
}

/// A FIBS move that does not read, or does not name a legal play
/// ([`FibsBoard::parse_move`], [`FibsBoard::move_text`]).
///
/// # Examples
///
/// ```
/// use lattjo_backgammon::fibs::{FibsBoard, FibsMoveError};
/// use lattjo_backgammon::SingleDiePolicy;
/// let b: FibsBoard = "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:\
///                     -5:0:0:0:0:2:0:1:6:2:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0".parse()?;
/// assert_eq!(b.parse_move("24-18 13", SingleDiePolicy::Standard),
///     Err(FibsMoveError::Syntax("24-18 13".into())));
/// # Ok::<(), lattjo_backgammon::fibs::FibsBoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FibsMoveError {
    /// The line's turn is 0: the game is over and no one moves.
    #[error("the game is over: no one is on roll")]
    NotInPlay,
    /// The player on roll has not rolled (both dice fields 0-0).
    #[error("the player on roll has no dice yet")]
    NoDice,
    /// The text is not pairs of `from-to` or `from to` with points 1-24, `bar` (`b`) or
    /// `off` (`o`).
    #[error("cannot read the fibs move {0:?}")]
    Syntax(String),
    /// The movements name no legal play for the dice.
    #[error(transparent)]
    Notation(#[from] NotationError),
}

/// A FIBS board line (`set boardstyle 3`), every field kept as read and checked: the syntax,
/// each field's range, and the checker counts against the board. With the feature `serde` it
/// (de)serializes as the line's text, read with the same checks.
///
/// Whether the fields make a game to continue (the player to act, the match, the cube) is
/// [`FibsBoard::to_state`]'s question. `Display` writes the line back exactly as read, up to
/// the spelling of the numbers (no spaces around them, no leading zeros or `+`), so
/// `parse(display(b)) == b`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct FibsBoard {
    names: [String; 2],
    match_length: u32,
    score: [u32; 2],
    board: [i8; 26],
    turn: i8,
    dice: [[u8; 2]; 2],
    cube: u32,
    may_double: [bool; 2],
    was_doubled: i8,
    color: i8,
    direction: i8,
    home: u8,
    bar: u8,
    on_home: [u8; 2],
    on_bar: [u8; 2],
    can_move: u8,
    forced_move: u32,
    did_crawford: u32,
    redoubles: u32,
}

/// The protocol's names of the fields after the 26 board numbers, from index 32 on.
const TAIL_NAMES: [&str; 21] = [
    "turn",
    "dice",
    "dice",
    "opponent's dice",
    "opponent's dice",
    "cube",
    "may double",
    "opponent may double",
    "was doubled",
    "color",
    "direction",
    "home",
    "bar",
    "on home",
    "opponent on home",
    "on bar",
    "opponent on bar",
    "can move",
    "forced move",
    "did crawford",
    "redoubles",
];

fn field_name(index: usize) -> &'static str {
    match index {
        3 => "match length",
        4 => "score",
        5 => "opponent's score",
        6..=31 => "board",
        32..=52 => TAIL_NAMES[index - 32],
        _ => "name",
    }
}

fn check_name(name: &str) -> Result<(), FibsBoardError> {
    if name.is_empty() || name.chars().any(|c| c == ':' || c.is_control()) {
        return Err(FibsBoardError::Name(excerpt(name)));
    }
    Ok(())
}

/// The error for field `index` holding an invalid value.
fn bad_field(fields: &[&str; FIELDS], index: usize) -> FibsBoardError {
    FibsBoardError::Field {
        index,
        field: field_name(index),
        value: excerpt(fields[index]),
    }
}

/// Reads field `index` as an integer in `min..=max`: optional spaces around it, an optional
/// `-`, at most five digits.
fn int(fields: &[&str; FIELDS], index: usize, min: i32, max: i32) -> Result<i32, FibsBoardError> {
    let bad = || bad_field(fields, index);
    let t = fields[index].trim_matches(' ');
    let digits = t.strip_prefix('-').unwrap_or(t);
    if digits.is_empty() || digits.len() > 5 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let v: i32 = t.parse().map_err(|_| bad())?;
    if v < min || v > max {
        return Err(bad());
    }
    Ok(v)
}

/// Narrowing of a value `int` has already bounded.
fn narrow<T: TryFrom<i32>>(v: i32) -> T {
    T::try_from(v).unwrap_or_else(|_| unreachable!("bounded by int"))
}

const WHOSE: [&str; 2] = ["you", "the opponent"];

/// The words of a FIBS move: runs of characters split at whitespace, and each `-` a word of
/// its own (`bar-5`, `bar -5` and `bar - 5` give the same three words). Allocates nothing.
fn dash_words(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    core::iter::from_fn(move || {
        rest = rest.trim_start();
        let first = rest.chars().next()?;
        let len = if first == '-' {
            1
        } else {
            rest.find(|c: char| c == '-' || c.is_whitespace())
                .unwrap_or(rest.len())
        };
        let (word, tail) = rest.split_at(len);
        rest = tail;
        Some(word)
    })
}

impl FromStr for FibsBoard {
    type Err = FibsBoardError;

    fn from_str(line: &str) -> Result<FibsBoard, FibsBoardError> {
        let line = line.trim_end_matches(['\r', '\n']);
        let rest = line.strip_prefix("board:").ok_or(FibsBoardError::Prefix)?;
        let mut fields = [""; FIELDS];
        fields[0] = "board";
        let mut n = 1;
        for f in rest.split(':') {
            if n < FIELDS {
                fields[n] = f;
            }
            n += 1;
        }
        if n != FIELDS {
            return Err(FibsBoardError::FieldCount(n));
        }
        check_name(fields[1])?;
        check_name(fields[2])?;
        let f = &fields;
        let count = |i| int(f, i, 0, 99_999).map(narrow::<u32>);
        let flag = |i| int(f, i, 0, 1).map(|v| v == 1);
        let die_pair = |i| -> Result<[u8; 2], FibsBoardError> {
            let d = [int(f, i, 0, 6)?, int(f, i + 1, 0, 6)?].map(narrow::<u8>);
            if (d[0] == 0) != (d[1] == 0) {
                return Err(bad_field(f, if d[0] == 0 { i } else { i + 1 }));
            }
            Ok(d)
        };
        let mut board = [0i8; 26];
        for (i, b) in board.iter_mut().enumerate() {
            *b = narrow(int(f, 6 + i, -15, 15)?);
        }
        let cube = count(37)?;
        if !cube.is_power_of_two() || cube > 1 << MAX_CUBE_LOG2 {
            return Err(bad_field(f, 37));
        }
        let sign = |i| match int(f, i, -1, 1)? {
            0 => Err(bad_field(f, i)),
            v => Ok(narrow::<i8>(v)),
        };
        let b = FibsBoard {
            names: [fields[1].to_string(), fields[2].to_string()],
            match_length: count(3)?,
            score: [count(4)?, count(5)?],
            board,
            turn: narrow(int(f, 32, -1, 1)?),
            dice: [die_pair(33)?, die_pair(35)?],
            cube,
            may_double: [flag(38)?, flag(39)?],
            was_doubled: narrow(int(f, 40, -1, 1)?),
            color: sign(41)?,
            direction: sign(42)?,
            home: narrow(int(f, 43, 0, 25)?),
            bar: narrow(int(f, 44, 0, 25)?),
            on_home: [int(f, 45, 0, 15)?, int(f, 46, 0, 15)?].map(narrow),
            on_bar: [int(f, 47, 0, 15)?, int(f, 48, 0, 15)?].map(narrow),
            can_move: narrow(int(f, 49, 0, 4)?),
            forced_move: count(50)?,
            did_crawford: count(51)?,
            redoubles: count(52)?,
        };
        b.check()?;
        Ok(b)
    }
}

impl FibsBoard {
    /// The board index of each player's bar: `[yours, the opponent's]` (25 and 0 when you move
    /// from 24 down to 1, direction −1).
    const fn bar_indices(&self) -> [usize; 2] {
        if self.direction < 0 { [25, 0] } else { [0, 25] }
    }

    /// Each player's checkers by their own point number (0 = borne off, 25 = bar), `[yours,
    /// the opponent's]`. On the bars the sign is not looked at, as GNU Backgammon reads them.
    fn checkers(&self) -> [[u8; 26]; 2] {
        let mut out = [[0u8; 26]; 2];
        for i in 1..=24 {
            let v = self.board[i];
            if v == 0 {
                continue;
            }
            let yours = (v > 0) == (self.color > 0);
            let your_point = if self.direction < 0 { i } else { 25 - i };
            let (who, point) = if yours {
                (0, your_point)
            } else {
                (1, 25 - your_point)
            };
            out[who][point] = v.unsigned_abs();
        }
        for (who, idx) in self.bar_indices().into_iter().enumerate() {
            out[who][BAR] = self.board[idx].unsigned_abs();
        }
        out
    }

    /// The counts against the board, and the obsolete fields against the direction.
    fn check(&self) -> Result<(), FibsBoardError> {
        let (home, bar) = if self.direction < 0 { (0, 25) } else { (25, 0) };
        if self.home != home || self.bar != bar {
            return Err(FibsBoardError::HomeAndBar {
                direction: self.direction,
                home: self.home,
                bar: self.bar,
            });
        }
        let checkers = self.checkers();
        for who in 0..2 {
            let count: u32 = checkers[who][1..].iter().map(|&c| u32::from(c)).sum();
            if count > u32::from(CHECKERS) {
                return Err(FibsBoardError::TooManyCheckers {
                    whose: WHOSE[who],
                    count,
                });
            }
            let expected = CHECKERS - narrow::<u8>(count as i32);
            if self.on_home[who] != expected {
                return Err(FibsBoardError::BorneOff {
                    whose: WHOSE[who],
                    found: self.on_home[who],
                    expected,
                });
            }
            let on_bar = checkers[who][BAR];
            if self.on_bar[who] != on_bar && self.on_bar[who] != 0 {
                return Err(FibsBoardError::OnBar {
                    whose: WHOSE[who],
                    found: self.on_bar[who],
                    expected: on_bar,
                });
            }
        }
        Ok(())
    }

    /// The names: yours (the player the line is written for) and the opponent's.
    #[must_use]
    pub fn names(&self) -> [&str; 2] {
        [&self.names[0], &self.names[1]]
    }

    /// The match length as written: [`UNLIMITED`] (FIBS) or 0 (GNU Backgammon) for an
    /// unlimited match.
    #[must_use]
    pub const fn match_length(&self) -> u32 {
        self.match_length
    }

    /// The scores as written: yours and the opponent's.
    #[must_use]
    pub const fn scores(&self) -> [u32; 2] {
        self.score
    }

    /// The 26 board numbers as written: your colour's checkers positive when your colour
    /// ([`FibsBoard::color`]) is +1, the bars at 0 and 25.
    #[must_use]
    pub const fn board(&self) -> &[i8; 26] {
        &self.board
    }

    /// The turn field: the colour to act, +1 (O) or −1 (X), or 0 once the game is over.
    #[must_use]
    pub const fn turn(&self) -> i8 {
        self.turn
    }

    /// Your colour: −1 (X) or +1 (O).
    #[must_use]
    pub const fn color(&self) -> i8 {
        self.color
    }

    /// Your direction: −1 when you move from point 24 to point 1 of the line's numbering,
    /// +1 when from 1 to 24.
    #[must_use]
    pub const fn direction(&self) -> i8 {
        self.direction
    }

    /// The can-move field: how many checkers you can move with the dice rolled (0 to 4).
    #[must_use]
    pub const fn can_move(&self) -> u8 {
        self.can_move
    }

    /// The dice fields: yours, then the opponent's (`[0, 0]` before the roll), as written.
    #[must_use]
    pub const fn dice(&self) -> [[u8; 2]; 2] {
        self.dice
    }

    /// The number on the cube (1, 2, 4, ...).
    #[must_use]
    pub const fn cube(&self) -> u32 {
        self.cube
    }

    /// The may-double fields: yours, then the opponent's.
    #[must_use]
    pub const fn may_double(&self) -> [bool; 2] {
        self.may_double
    }

    /// The was-doubled field: FIBS writes 1 when your opponent has just doubled, GNU
    /// Backgammon the doubler's colour (−1 or 1); 0 when no double is pending.
    #[must_use]
    pub const fn was_doubled(&self) -> i8 {
        self.was_doubled
    }

    /// The checkers borne off: yours, then the opponent's (checked against the board).
    #[must_use]
    pub const fn borne_off(&self) -> [u8; 2] {
        self.on_home
    }

    /// The did-Crawford field: non-zero once the match's Crawford game has been played.
    #[must_use]
    pub const fn did_crawford(&self) -> u32 {
        self.did_crawford
    }

    /// Whether the player on roll is you (the first name's player); `None` once the game is
    /// over (turn 0).
    fn you_on_roll(&self) -> Option<bool> {
        match self.turn {
            0 => None,
            t => Some(t == self.color),
        }
    }

    /// The line's position number (1-24) of point `p` (1-24) in the own numbering of the player
    /// on roll, who moves in the direction opposite to the other player's.
    const fn position_number(&self, you_on_roll: bool, p: u8) -> u8 {
        let up = (self.direction > 0) == you_on_roll;
        if up { 25 - p } else { p }
    }

    /// [`FibsBoard::position_number`] for points 1-24; the bar (25) and off (0) as they are.
    const fn line_point(&self, you_on_roll: bool, p: u8) -> u8 {
        match p {
            1..=24 => self.position_number(you_on_roll, p),
            _ => p,
        }
    }

    /// `play` of the player on roll as FIBS's `move` command takes its movements (and as FIBS
    /// reports a player's move): one `from-to` a die, `from` and `to` in the line's position
    /// numbers (1-24, the board fields' indices), `bar` and `off`, separated by spaces. The
    /// empty play is the empty string (FIBS moves for a player who cannot). The play is
    /// written as given; [`FibsBoard::parse_move`] checks one against the dice.
    ///
    /// # Errors
    ///
    /// [`FibsMoveError::NotInPlay`] when the line's turn is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::fibs::FibsBoard;
    /// use lattjo_backgammon::SingleDiePolicy;
    /// // You, moving from 1 to 24 (direction +1), on roll with 6-1 in a 1-point match.
    /// let b: FibsBoard = "board:me:opp:1:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:\
    ///                     0:0:0:2:0:-1:6:1:0:0:1:1:1:0:-1:1:25:0:0:0:0:0:2:0:0:0".parse()?;
    /// let play = b.parse_move("12-18 17-18", SingleDiePolicy::Standard)?;
    /// assert_eq!(b.move_text(&play)?, "12-18 17-18");
    /// // In your own numbering: 13/7 8/7.
    /// let state = b.to_state(lattjo_backgammon::Side::White)?;
    /// assert_eq!(state.position().format_play(&play, Default::default()), "13/7 8/7");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_text(&self, play: &Play) -> Result<String, FibsMoveError> {
        let you_on_roll = self.you_on_roll().ok_or(FibsMoveError::NotInPlay)?;
        let mut out = String::new();
        for (k, step) in play.steps().iter().enumerate() {
            if k > 0 {
                out.push(' ');
            }
            point_name(self.line_point(you_on_roll, step.from()), &mut out);
            out.push('-');
            point_name(self.line_point(you_on_roll, step.to()), &mut out);
        }
        Ok(out)
    }

    /// The legal play of the player on roll, for the dice in the line, that the movements of a
    /// FIBS move name: what follows `move` in FIBS's `move` command (`move` or `m` may be
    /// left in) or `moves` in its report of a player's move (a final `.` may be left in).
    /// Each movement is `from-to` or `from to` (spaces around the `-` allowed), in the line's
    /// position numbers (1-24), `bar` (`b`) or `off` (`o`); FIBS's own example is
    /// `bar-5 bar 5 bar - 5 bar -5`. The movements are matched as [`crate::Position::parse_play`]
    /// matches them (in any order, a checker's two movements or one over both dice, hits
    /// unmarked); the empty text is the empty play where no play is legal.
    ///
    /// # Errors
    ///
    /// [`FibsMoveError::NotInPlay`] when the line's turn is 0, [`FibsMoveError::NoDice`]
    /// before the roll, [`FibsMoveError::Syntax`] for text that is not movements, and
    /// [`FibsMoveError::Notation`] when they name no legal play (also where the line's
    /// position holds no legal state at all).
    pub fn parse_move(&self, text: &str, policy: SingleDiePolicy) -> Result<Play, FibsMoveError> {
        let you_on_roll = self.you_on_roll().ok_or(FibsMoveError::NotInPlay)?;
        let dice = self.dice[usize::from(!you_on_roll)];
        let dice = Dice::new(dice[0], dice[1]).ok_or(FibsMoveError::NoDice)?;
        let syntax = || FibsMoveError::Syntax(excerpt(text));
        let body = text.trim();
        let body = body.strip_suffix('.').unwrap_or(body);
        // The words one at a time, each `-` a word of its own, so that text that is not a
        // move is refused at its first wrong word, whatever follows. (Before the audit of
        // 7 Dec 2026 the whole text was copied with spaces around each `-` and split into a
        // list first: 47 MB of dashes took 2 s and 0.9 GB before the refusal.)
        let mut words = dash_words(body).peekable();
        if matches!(words.peek(), Some(&"move" | &"m")) {
            words.next();
        }
        // Points, with a `-` allowed only between a movement's two points.
        let mut points: Vec<u8> = Vec::with_capacity(9);
        let mut dash = false;
        for w in words {
            if w == "-" {
                if dash || points.len().is_multiple_of(2) {
                    return Err(syntax());
                }
                dash = true;
                continue;
            }
            let p = match w {
                "bar" | "b" => BAR as u8,
                "off" | "o" => 0,
                n => match n.parse::<u8>() {
                    Ok(n @ 1..=24) => self.position_number(you_on_roll, n),
                    _ => return Err(syntax()),
                },
            };
            dash = false;
            points.push(p);
            if points.len() > 8 {
                return Err(syntax());
            }
        }
        if dash || !points.len().is_multiple_of(2) {
            return Err(syntax());
        }
        let mut own = String::new();
        for pair in points.chunks(2) {
            if !own.is_empty() {
                own.push(' ');
            }
            point_name(pair[0], &mut own);
            own.push('/');
            point_name(pair[1], &mut own);
        }
        let checkers = self.checkers();
        let (mine, theirs) = if you_on_roll {
            (checkers[0], checkers[1])
        } else {
            (checkers[1], checkers[0])
        };
        let position = Position::new(Side::White, mine, theirs)
            .map_err(|_| NotationError::Illegal(excerpt(text)))?;
        Ok(position.parse_play(&own, dice, policy)?)
    }

    /// The state the line describes, `you` (the first name's player) playing `you`'s colour
    /// in this crate and the opponent the other.
    ///
    /// The fields are read as FIBS writes them, and as GNU Backgammon's `external` interface
    /// reads them where the protocol leaves a field open:
    ///
    /// * **turn** names the player on roll; 0 means the game is over.
    /// * **dice**: the dice of the player on roll are their own field; the other player's
    ///   field is 0-0 (FIBS) or the same dice (GNU Backgammon). 0-0 is before the roll.
    /// * **match length** [`UNLIMITED`] or 0 is money play (its scores are dropped).
    /// * **a double offered**: the was-doubled field non-zero (FIBS's 1 when the opponent has
    ///   just doubled; GNU Backgammon writes −1 or 1), or both may-double fields 0 outside the
    ///   Crawford game (FIBS's line for the doubler while the opponent decides). The doubler
    ///   is the player on roll. With both may-double fields 0 the cube before the double is
    ///   centred at 1 and the doubler's above 1.
    /// * **the cube's owner** otherwise: both may double, centred; one of them, that one's.
    /// * **the Crawford game** (D4): a match of two or more points, a player at length − 1,
    ///   and the did-Crawford and redoubles fields 0. FIBS sets did-Crawford to 1 once the
    ///   Crawford game is over; GNU Backgammon writes the redoubles field as its own "not the
    ///   Crawford game" flag (1 in every other game) and reads a non-zero value at match
    ///   point so (`ProcessFIBSBoardInfo`, `fNonCrawford`), which this reader follows. FIBS
    ///   shows both may-double fields 1 in the Crawford game, and 0-0 reads as centred there
    ///   too.
    /// * The fields home, bar, on bar, can move and forced move say nothing the rest does
    ///   not; they were checked when the line was read. Redoubles is otherwise (the most
    ///   instant redoubles an unlimited match allows) a rule of the session, which belongs to
    ///   the [`Backgammon`] game's [`crate::Rules`], not to a state; it is read for nothing
    ///   else.
    ///
    /// # Errors
    ///
    /// [`ImportError::Finished`] when the turn is 0 or a side has borne off every checker;
    /// [`ImportError::Inconsistent`] when the dice or the double do not fit the turn;
    /// [`ImportError::Match`] for a match longer than 64 points (FIBS allows 99) or a score
    /// not below the length; [`ImportError::State`] when the fields make no state (a double
    /// in the Crawford game, a cube owned in it, ...).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::fibs::FibsBoard;
    /// use lattjo_backgammon::{ImportError, Phase, Side};
    /// // Gibbon's test of a Crawford game (a FIBS line): the opponent, at 1 in a 2-point
    /// // match, is on roll.
    /// let b: FibsBoard = "board:You:GibbonTestA:2:0:1:0:0:0:-1:0:-1:5:0:3:0:0:0:-5:5:0:0:0:\
    ///                     -3:0:-5:1:0:0:0:1:0:1:0:0:0:0:1:1:1:0:-1:1:25:0:0:0:0:0:2:0:0:0"
    ///     .parse()?;
    /// let s = b.to_state(Side::Black)?; // you as Black this time
    /// assert_eq!(s.position().to_move(), Side::White);
    /// assert_eq!(s.phase(), Phase::BeforeRoll);
    /// assert!(s.match_context().is_some_and(|m| m.is_crawford() && m.score(Side::White) == 1));
    /// // A finished game is not a state to continue.
    /// let over: FibsBoard = "board:You:Opp:1:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:\
    ///                        0:0:0:0:2:0:0:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0"
    ///     .parse()?;
    /// assert_eq!(over.to_state(Side::White), Err(ImportError::Finished));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_state(&self, you: Side) -> Result<State, ImportError> {
        let sides = [you, you.opponent()];
        let on_roll = match self.turn {
            0 => return Err(ImportError::Finished),
            t if t == self.color => 0,
            _ => 1,
        };
        let checkers = self.checkers();
        let mut by_side = [[0u8; 26]; 2];
        for who in 0..2 {
            by_side[sides[who].index()] = checkers[who];
        }
        // Reading checked the counts, and a point holds one owner's checkers: the one
        // position error left is both sides with every checker off.
        let position = Position::new(sides[on_roll], by_side[0], by_side[1])
            .map_err(|_| ImportError::Finished)?;
        if position.winner().is_some() {
            return Err(ImportError::Finished);
        }
        let (mine, other) = (self.dice[on_roll], self.dice[1 - on_roll]);
        if other != [0, 0] && other != mine {
            return Err(ImportError::Inconsistent(
                "the player not on roll has other dice than the player on roll",
            ));
        }
        let dice = Dice::new(mine[0], mine[1]);

        let match_context = match self.match_length {
            0 | UNLIMITED => None,
            length => {
                let at_match_point =
                    length >= 2 && self.score.iter().any(|&s| s.checked_add(1) == Some(length));
                // GNU Backgammon reads the redoubles field as its "not the Crawford game" flag
                // (`fNonCrawford`; it writes 1 there in every other game).
                let crawford = at_match_point && self.did_crawford == 0 && self.redoubles == 0;
                let mut score = [0u32; 2];
                for who in 0..2 {
                    score[sides[who].index()] = self.score[who];
                }
                Some(MatchContext::new(length, score, crawford)?)
            }
        };
        let crawford = match_context.is_some_and(|m| m.is_crawford());
        let owner_of = |flags: [bool; 2]| match flags {
            [true, false] => Some(sides[0]),
            [false, true] => Some(sides[1]),
            _ => None,
        };
        let no_flags = self.may_double == [false, false];
        let doubled = self.was_doubled != 0 || (no_flags && !crawford);
        let cube_log2 = narrow::<u8>(self.cube.trailing_zeros() as i32);
        let (phase, cube_owner) = if doubled {
            if dice.is_some() {
                return Err(ImportError::Inconsistent("a double offered after the roll"));
            }
            let owner = if no_flags {
                (cube_log2 > 0).then_some(sides[on_roll])
            } else {
                owner_of(self.may_double)
            };
            (Phase::Doubled, owner)
        } else if dice.is_some() {
            (Phase::Moving, owner_of(self.may_double))
        } else {
            (Phase::BeforeRoll, owner_of(self.may_double))
        };
        let setup = StateSetup {
            position,
            phase,
            dice,
            cube_log2,
            cube_owner,
            resign_refused: false,
            outcome: None,
            match_context,
        };
        Ok(State::try_from(setup)?)
    }

    /// The line for `state` as FIBS sends it to `you`, with `names` (yours, then the
    /// opponent's); the can-move field counts under the standard rules (A9), as FIBS plays
    /// ([`Backgammon::fibs_board`] counts under the game's rules).
    ///
    /// You are written as colour O (+1) moving from 24 to 1 (direction −1), as GNU Backgammon
    /// writes. The dice go to the field of the player on roll, the other field 0-0. A double
    /// offered is written for the player who must answer with the was-doubled field 1 and the
    /// may-double fields of the cube before the double; for the doubler with both
    /// may-double fields 0 (as FIBS). The Crawford game has both may-double fields 1 and
    /// did-Crawford 0; a later game at match point has did-Crawford 1. An unlimited match
    /// is written as 9999 at 0-0.
    ///
    /// Reading the line back as `you` ([`FibsBoard::to_state`]) gives `state` again for every
    /// state before the roll ([`Phase::BeforeRoll`]), with the dice to play
    /// ([`Phase::Moving`]) or with a double offered ([`Phase::Doubled`]), except a refused
    /// resignation ([`State::resign_refused`], which no format records) and, written for the
    /// doubler, a double of a centred cube above 1 (the automatic doubles of D3, which FIBS
    /// does not play). The other phases are written as the nearest: the opening roll and a
    /// chosen roll as the state before the roll, a pending resignation as the state it
    /// interrupted, a beaver to answer as the double before it, a finished game with the
    /// turn 0.
    ///
    /// # Errors
    ///
    /// [`FibsBoardError::Name`] when a name is empty or holds a colon or a control character.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::fibs::FibsBoard;
    /// use lattjo_backgammon::{Backgammon, Dice, Position, Side};
    /// let s = Backgammon::default().state_from(Position::start(Side::Black), Dice::new(3, 1))?;
    /// let b = FibsBoard::from_state(&s, Side::White, ["bot", "human"])?;
    /// assert_eq!(
    ///     b.to_string(),
    ///     "board:bot:human:9999:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:\
    ///      -1:0:0:3:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0"
    /// );
    /// assert_eq!(b.to_state(Side::White)?, s);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_state(
        state: &State,
        you: Side,
        names: [&str; 2],
    ) -> Result<FibsBoard, FibsBoardError> {
        fibs_of(state, you, names, SingleDiePolicy::Standard)
    }
}

fn fibs_of(
    state: &State,
    you: Side,
    names: [&str; 2],
    policy: SingleDiePolicy,
) -> Result<FibsBoard, FibsBoardError> {
    check_name(names[0])?;
    check_name(names[1])?;
    let sides = [you, you.opponent()];
    let p = state.position();
    let on_roll = usize::from(p.to_move() != you);
    let mut board = [0i8; 26];
    for (i, b) in board.iter_mut().enumerate().take(25).skip(1) {
        let (mine, theirs) = (p.checkers(sides[0])[i], p.checkers(sides[1])[25 - i]);
        *b = narrow::<i8>(i32::from(mine) - i32::from(theirs));
    }
    board[25] = narrow(i32::from(p.bar(sides[0])));
    board[0] = narrow(-i32::from(p.bar(sides[1])));

    let phase = state.phase();
    let dice = match (phase, state.dice()) {
        (Phase::Moving | Phase::ResignOffered(_), Some(d)) => Some(d),
        _ => None,
    };
    let mut dice_fields = [[0u8; 2]; 2];
    if let Some(d) = dice {
        dice_fields[on_roll] = [d.high(), d.low()];
    }
    // At most four steps a play.
    let can_move = match dice {
        Some(d) if on_roll == 0 => {
            let mut list = PlayList::new();
            p.legal_plays(d, policy, &mut list);
            list.plays()
                .map(|play| play.steps().len() as u8)
                .max()
                .unwrap_or(0)
        }
        _ => 0,
    };
    let m = state.match_context();
    let crawford = m.is_some_and(|m| m.is_crawford());
    // A resignation offered instead of an answer to a double is written as that double (a
    // board line has no field for an offer).
    let doubled = matches!(
        phase,
        Phase::Doubled | Phase::Beavered | Phase::ResignOfferedDoubled(_)
    );
    let may_double = if crawford {
        [true, true]
    } else if doubled && on_roll == 0 {
        // For the doubler, while the opponent decides (FIBS's line).
        [false, false]
    } else {
        match state.cube_owner() {
            None => [true, true],
            Some(o) if o == you => [true, false],
            Some(_) => [false, true],
        }
    };
    let turn = if phase == Phase::Over {
        0
    } else if on_roll == 0 {
        1
    } else {
        -1
    };
    let (match_length, score) = match m {
        None => (UNLIMITED, [0, 0]),
        Some(m) => (m.length(), sides.map(|s| m.score(s))),
    };
    Ok(FibsBoard {
        names: names.map(str::to_string),
        match_length,
        score,
        board,
        turn,
        dice: dice_fields,
        cube: 1 << state.cube_log2(),
        may_double,
        was_doubled: i8::from(doubled && on_roll == 1),
        color: 1,
        direction: -1,
        home: 0,
        bar: 25,
        on_home: sides.map(|s| p.off(s)),
        on_bar: sides.map(|s| p.bar(s)),
        can_move,
        forced_move: 0,
        did_crawford: u32::from(m.is_some_and(|m| m.is_post_crawford())),
        redoubles: 0,
    })
}

impl Backgammon {
    /// [`FibsBoard::from_state`] with the can-move field counted under this game's rules (its
    /// [`SingleDiePolicy`]).
    ///
    /// # Errors
    ///
    /// [`FibsBoardError::Name`] when a name is empty or holds a colon or a control character.
    pub fn fibs_board(
        &self,
        state: &State,
        you: Side,
        names: [&str; 2],
    ) -> Result<FibsBoard, FibsBoardError> {
        fibs_of(state, you, names, self.rules().single_die)
    }
}

impl fmt::Display for FibsBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board:{}:{}:{}:{}:{}",
            self.names[0], self.names[1], self.match_length, self.score[0], self.score[1]
        )?;
        for b in self.board {
            write!(f, ":{b}")?;
        }
        let [[d0, d1], [o0, o1]] = self.dice;
        write!(
            f,
            ":{}:{d0}:{d1}:{o0}:{o1}:{}:{}:{}:{}:{}:{}:{}:{}",
            self.turn,
            self.cube,
            u8::from(self.may_double[0]),
            u8::from(self.may_double[1]),
            self.was_doubled,
            self.color,
            self.direction,
            self.home,
            self.bar
        )?;
        write!(
            f,
            ":{}:{}:{}:{}:{}:{}:{}:{}",
            self.on_home[0],
            self.on_home[1],
            self.on_bar[0],
            self.on_bar[1],
            self.can_move,
            self.forced_move,
            self.did_crawford,
            self.redoubles
        )
    }
}

/// Reads the line (`FromStr`); the serde form of [`FibsBoard`] (feature `serde`).
impl TryFrom<String> for FibsBoard {
    type Error = FibsBoardError;
    fn try_from(s: String) -> Result<FibsBoard, FibsBoardError> {
        s.parse()
    }
}

/// Writes the line (`Display`); the serde form of [`FibsBoard`] (feature `serde`).
impl From<FibsBoard> for String {
    fn from(b: FibsBoard) -> String {
        b.to_string()
    }
}

impl State {
    /// This state as FIBS would send it to `you`, with the players' `names` (yours first):
    /// [`FibsBoard::from_state`].
    ///
    /// # Errors
    ///
    /// [`FibsBoardError::Name`] when a name is empty or holds a colon or a control character.
    pub fn to_fibs_board(&self, you: Side, names: [&str; 2]) -> Result<FibsBoard, FibsBoardError> {
        FibsBoard::from_state(self, you, names)
    }

    /// The state a FIBS board line describes, its first name's player as `you`: the line read
    /// ([`FibsBoard`]'s `FromStr`) and turned into a state ([`FibsBoard::to_state`]).
    ///
    /// # Errors
    ///
    /// [`ImportError::Fibs`] when the line does not read, and the errors of
    /// [`FibsBoard::to_state`].
    pub fn from_fibs_board(line: &str, you: Side) -> Result<State, ImportError> {
        line.parse::<FibsBoard>()?.to_state(you)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NotationStyle;
    use crate::StateError;
    use crate::game::MatchContextError;

    /// The example of the FIBS client protocol's specification (`fibs_interface.html`, board
    /// state): you, O, to play 6-2 at the start of a 3-point match.
    const SPEC: &str = "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:\
                        0:0:0:2:0:1:6:2:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0";

    /// Lines FIBS sent, from the tests of Gibbon (a FIBS client, `gibbon-clip-reader` tests
    /// `test_board00` to `test_board03`), with the pip counts Gibbon shows for them: yours,
    /// the opponent's.
    const GIBBON: [(&str, u32, u32); 4] = [
        (
            "board:joe_white:black_jack:7:5:0:0:0:2:-1:0:-1:4:0:2:0:0:0:-2:4:0:0:0:-3:-2:-4:3:\
             -2:0:0:0:0:-1:0:0:6:6:1:1:1:0:1:-1:0:25:0:0:0:0:2:6:0:0",
            156,
            138,
        ),
        (
            "board:joe_white:black_jack:1:0:0:0:6:2:0:2:0:0:0:0:0:-1:0:0:-2:0:0:0:0:0:0:-3:-1:\
             -3:-1:-4:0:1:0:0:6:2:1:1:1:0:-1:1:25:0:0:5:0:0:2:4:0:0",
            73,
            18,
        ),
        (
            "board:joe_white:black_jack:2:1:1:0:0:0:-1:3:3:2:0:3:0:0:2:0:2:0:0:0:-1:-1:-2:-2:\
             -2:-4:-2:0:0:1:5:1:0:0:2:0:1:0:1:-1:0:25:0:0:0:0:2:0:1:0",
            111,
            83,
        ),
        (
            "board:You:GibbonTestA:2:0:1:0:0:0:-1:0:-1:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:1:0:0:0:\
             1:0:1:0:0:0:0:1:1:1:0:-1:1:25:0:0:0:0:0:2:0:0:0",
            161,
            163,
        ),
    ];

    fn board(line: &str) -> FibsBoard {
        line.parse().unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    /// `line` with field `index` (0 = `board`) replaced by `value`.
    fn with_field(line: &str, index: usize, value: &str) -> String {
        let mut f: Vec<&str> = line.split(':').collect();
        f[index] = value;
        f.join(":")
    }

    #[test]
    fn fibs_lines_read_with_both_colours_and_directions() {
        for (line, yours, theirs) in GIBBON {
            let b = board(line);
            assert_eq!(b.to_string(), line);
            for you in Side::ALL {
                let s = b.to_state(you).unwrap();
                let p = s.position();
                assert_eq!(
                    [p.pip_count(you), p.pip_count(you.opponent())],
                    [yours, theirs],
                    "{line}"
                );
            }
        }
        let [s0, s1, s2, s3] = GIBBON.map(|(l, ..)| board(l).to_state(Side::White).unwrap());
        // 0: the opponent on roll with 6-6 in a 7-point match at 5-0.
        assert_eq!(s0.phase(), Phase::Moving);
        assert_eq!(s0.position().to_move(), Side::Black);
        assert_eq!(s0.dice(), Dice::new(6, 6));
        assert_eq!(s0.match_context().map(|m| m.scores()), Some([5, 0]));
        // 1: you are X moving from 1 to 24; the opponent on roll with 6-2 in a 1-point match.
        assert_eq!(s1.dice(), Dice::new(6, 2));
        assert_eq!(s1.position().to_move(), Side::Black);
        assert_eq!(s1.position().off(Side::Black), 5);
        assert!(!s1.match_context().unwrap().is_crawford());
        // 2: 1-1 in a 2-point match after the Crawford game; only the opponent may double, so
        // the opponent owns the cube at 2.
        let m = s2.match_context().unwrap();
        assert!(m.is_post_crawford() && !m.is_crawford());
        assert_eq!((s2.cube_log2(), s2.cube_owner()), (1, Some(Side::Black)));
        assert_eq!(s2.dice(), Dice::new(5, 1));
        // 3: the Crawford game (D4), both may-double fields 1 as FIBS sends them.
        assert!(s3.match_context().unwrap().is_crawford());
        assert_eq!((s3.phase(), s3.cube_owner()), (Phase::BeforeRoll, None));
    }

    #[test]
    fn the_fields_read_as_the_protocols_table_names_them() {
        let b = board(SPEC);
        assert_eq!(b.names(), ["You", "someplayer"]);
        assert_eq!((b.match_length(), b.scores()), (3, [0, 0]));
        assert_eq!((b.turn(), b.color(), b.direction()), (1, 1, -1));
        assert_eq!(b.dice(), [[6, 2], [0, 0]]);
        assert_eq!(
            (b.cube(), b.may_double(), b.was_doubled()),
            (1, [true, true], 0)
        );
        assert_eq!(
            (b.borne_off(), b.can_move(), b.did_crawford()),
            ([0, 0], 2, 0)
        );
        assert_eq!(b.board()[6], 5, "your 6 point");
        assert_eq!(b.board()[1], -2, "the opponent's 24 point");
        // Gibbon's line 1: 5 of the opponent's checkers off, and a post-Crawford flag in line 2.
        assert_eq!(board(GIBBON[1].0).borne_off(), [0, 5]);
        assert_eq!(board(GIBBON[2].0).did_crawford(), 1);
    }

    #[test]
    fn lines_with_line_ends_and_spaces_around_numbers_read() {
        let spaced = SPEC.replace(":1:6:2:", ": 1:6:2 :");
        assert_eq!(board(&spaced).to_string(), SPEC);
        assert_eq!(board(&format!("{SPEC}\r\n")), board(SPEC));
    }

    #[test]
    fn malformed_lines_name_what_is_wrong() {
        let err = |l: &str| l.parse::<FibsBoard>().unwrap_err();
        assert_eq!(err("board"), FibsBoardError::Prefix);
        assert_eq!(err(&format!("{SPEC}:0")), FibsBoardError::FieldCount(54));
        assert_eq!(
            err(&with_field(SPEC, 1, "")),
            FibsBoardError::Name(String::new())
        );
        assert_eq!(
            err(&with_field(SPEC, 2, "a\tb")),
            FibsBoardError::Name("a\tb".into())
        );
        for (index, value, field) in [
            (3, "x", "match length"),
            (3, "123456", "match length"),
            (7, "16", "board"),
            (7, "-16", "board"),
            (7, "--1", "board"),
            (32, "2", "turn"),
            (33, "7", "dice"),
            (34, "0", "dice"), // one die of two
            (37, "3", "cube"),
            (37, "8192", "cube"),
            (38, "2", "may double"),
            (40, "2", "was doubled"),
            (41, "0", "color"),
            (42, "0", "direction"),
            (49, "5", "can move"),
            (52, "-1", "redoubles"),
        ] {
            assert_eq!(
                err(&with_field(SPEC, index, value)),
                FibsBoardError::Field {
                    index,
                    field,
                    value: value.into()
                },
                "field {index} = {value}"
            );
        }
        // 16 of yours: a 16th on the 1 point.
        assert_eq!(
            err(&with_field(SPEC, 7, "1")),
            FibsBoardError::TooManyCheckers {
                whose: "you",
                count: 16
            }
        );
        assert_eq!(
            err(&with_field(SPEC, 46, "1")),
            FibsBoardError::BorneOff {
                whose: "the opponent",
                found: 1,
                expected: 0
            }
        );
        // Your 6 point's checker on the bar (index 25 for direction -1), then a wrong count.
        let bar = with_field(&with_field(SPEC, 12, "4"), 31, "1");
        assert!(
            bar.parse::<FibsBoard>().is_ok(),
            "on bar 0, as GNUBG writes"
        );
        assert!(with_field(&bar, 47, "1").parse::<FibsBoard>().is_ok());
        assert_eq!(
            err(&with_field(&bar, 47, "2")),
            FibsBoardError::OnBar {
                whose: "you",
                found: 2,
                expected: 1
            }
        );
        assert_eq!(
            err(&with_field(SPEC, 43, "25")),
            FibsBoardError::HomeAndBar {
                direction: -1,
                home: 25,
                bar: 25
            }
        );
    }

    #[test]
    fn lines_that_make_no_state_name_why() {
        let state = |l: &str| board(l).to_state(Side::White);
        // Turn 0: the game is over.
        assert_eq!(
            state(&with_field(SPEC, 32, "0")),
            Err(ImportError::Finished)
        );
        // The opponent's field with other dice than yours.
        assert!(matches!(
            state(&with_field(&with_field(SPEC, 35, "3"), 36, "1")),
            Err(ImportError::Inconsistent(_))
        ));
        // GNUBG's copy of the dice in both fields reads.
        let both = with_field(&with_field(SPEC, 35, "6"), 36, "2");
        assert_eq!(state(&both), state(SPEC));
        // A double offered, and dice rolled.
        assert!(matches!(
            state(&with_field(SPEC, 40, "1")),
            Err(ImportError::Inconsistent(_))
        ));
        // FIBS plays matches up to 99 points; a state holds 64.
        assert_eq!(
            state(&with_field(SPEC, 3, "99")),
            Err(ImportError::Match(MatchContextError::Length(99)))
        );
        assert_eq!(
            state(&with_field(SPEC, 4, "3")),
            Err(ImportError::Match(MatchContextError::Score {
                score: 3,
                length: 3
            }))
        );
        // The Crawford game (2-0 in a 3-point match) with the cube at 2.
        let crawford = with_field(&with_field(SPEC, 4, "2"), 37, "2");
        assert_eq!(
            state(&crawford),
            Err(ImportError::State(StateError::Crawford))
        );
        assert!(matches!(
            State::from_fibs_board("board:x", Side::White),
            Err(ImportError::Fibs(FibsBoardError::FieldCount(2)))
        ));
    }

    #[test]
    fn money_play_is_9999_or_0_and_drops_the_scores() {
        let money = with_field(&with_field(SPEC, 3, "9999"), 4, "12");
        let s = board(&money).to_state(Side::White).unwrap();
        assert_eq!(s.match_context(), None);
        let gnubg = with_field(SPEC, 3, "0");
        assert_eq!(board(&gnubg).to_state(Side::White), Ok(s));
    }

    #[test]
    fn a_double_reads_from_both_players_lines_and_from_fibss_zero_flags() {
        // You (O) doubled at 1 before your roll; the opponent decides.
        let before = with_field(&with_field(SPEC, 33, "0"), 34, "0");
        let s = board(&before).to_state(Side::White).unwrap();
        assert_eq!(s.phase(), Phase::BeforeRoll);
        let game = Backgammon::new(crate::Rules::standard()).unwrap();
        let mut doubled = s;
        boardgame_core::Game::apply(&game, &mut doubled, &crate::Action::Double).unwrap();
        for you in Side::ALL {
            let line = FibsBoard::from_state(&doubled, you, ["a", "b"]).unwrap();
            assert_eq!(line.to_state(you), Ok(doubled), "{line}");
        }
        // The doubler's line: both may-double fields 0 (FIBS); the taker's: was doubled 1.
        let doubler = FibsBoard::from_state(&doubled, Side::White, ["a", "b"]).unwrap();
        let expected = before.replace("You:someplayer", "a:b");
        let expected = [(38, "0"), (39, "0"), (49, "0")]
            .into_iter()
            .fold(expected, |l, (i, v)| with_field(&l, i, v));
        assert_eq!(doubler.to_string(), expected);
        let taker = FibsBoard::from_state(&doubled, Side::Black, ["b", "a"]).unwrap();
        assert_eq!(taker.to_string().split(':').nth(40), Some("1"));
        // Both may-double fields 0 in the Crawford game read as no double (centred).
        let crawford = with_field(&with_field(&with_field(&before, 4, "2"), 38, "0"), 39, "0");
        let c = board(&crawford).to_state(Side::White).unwrap();
        assert_eq!((c.phase(), c.cube_owner()), (Phase::BeforeRoll, None));
        assert!(c.match_context().unwrap().is_crawford());
    }

    #[test]
    fn names_that_fibs_cannot_carry_are_refused() {
        let s = board(SPEC).to_state(Side::White).unwrap();
        for bad in ["", "a:b", "line\nbreak"] {
            assert_eq!(
                s.to_fibs_board(Side::White, [bad, "x"]),
                Err(FibsBoardError::Name(bad.into()))
            );
        }
        assert!(s.to_fibs_board(Side::White, ["Sjöberg", "x y"]).is_ok());
    }

    #[test]
    fn can_move_counts_under_the_games_rules() {
        // White's last two checkers on the 1 and 2 points: with 6-5 both bear off, 2.
        let mut white = [0u8; 26];
        white[1] = 1;
        white[2] = 1;
        let mut black = [0u8; 26];
        black[6] = 15;
        let p = Position::new(Side::White, white, black).unwrap();
        let game = Backgammon::new(crate::Rules::standard()).unwrap();
        let s = game.state_from(p, Dice::new(6, 5)).unwrap();
        let b = game.fibs_board(&s, Side::White, ["a", "b"]).unwrap();
        assert_eq!(b.can_move(), 2);
        // White on its 24 point with 6-1, its 18 and 17 held (Black's 7 and 8): only the 1
        // plays. The standard plays the lower die alone (A9), the booklet never does (B8).
        let mut white = [0u8; 26];
        white[24] = 15;
        let mut black = [0u8; 26];
        black[7] = 2;
        black[8] = 2;
        black[6] = 11;
        let p = Position::new(Side::White, white, black).unwrap();
        for (rules, expected) in [(crate::Rules::standard(), 1), (crate::Rules::lattjo(), 0)] {
            let game = Backgammon::new(rules).unwrap();
            let s = game.state_from(p, Dice::new(6, 1)).unwrap();
            assert_eq!(
                game.fibs_board(&s, Side::White, ["a", "b"])
                    .unwrap()
                    .can_move(),
                expected
            );
            assert_eq!(
                game.fibs_board(&s, Side::Black, ["b", "a"])
                    .unwrap()
                    .can_move(),
                0
            );
        }
    }

    #[test]
    fn moves_read_and_write_in_the_lines_numbering_for_either_direction() {
        // Gibbon's line 0: the opponent, moving from 1 to 24, on roll with 6-6. Its checker on
        // the line's 3 is on its own 22.
        let b0 = board(GIBBON[0].0);
        let s0 = b0.to_state(Side::White).unwrap();
        let play = b0.parse_move("3-9", SingleDiePolicy::Standard);
        assert!(play.is_err(), "6-6 must be played four times where it can");
        let p = s0.position();
        let dice = s0.dice().unwrap();
        let mut list = PlayList::new();
        p.legal_plays(dice, SingleDiePolicy::Standard, &mut list);
        assert!(!list.is_empty());
        let mut seen_22 = false;
        for play in list.plays() {
            let text = b0.move_text(&play).unwrap();
            assert_eq!(
                b0.parse_move(&text, SingleDiePolicy::Standard),
                Ok(play),
                "{text}"
            );
            // FIBS's report of the move, and the command's other spellings.
            let report = format!("black_jack moves {text} .");
            let report = report.trim_start_matches("black_jack moves ");
            assert_eq!(b0.parse_move(report, SingleDiePolicy::Standard), Ok(play));
            let spaced = format!("m {}", text.replace('-', " ").replace("bar", "b"));
            assert_eq!(b0.parse_move(&spaced, SingleDiePolicy::Standard), Ok(play));
            seen_22 |= play.steps().iter().any(|s| s.from() == 22) && text.contains("3-9");
        }
        assert!(seen_22, "own 22 is the line's 3");
        // The protocol's example: you, moving from 24 to 1, play 6-2 as in your own numbering.
        let b = board(SPEC);
        let play = b
            .parse_move("24-18 13-11", SingleDiePolicy::Standard)
            .unwrap();
        let s = b.to_state(Side::White).unwrap();
        assert_eq!(
            s.position().format_play(&play, NotationStyle::Compact),
            "24/18 13/11"
        );
        assert_eq!(b.move_text(&play).unwrap(), "24-18 13-11");
    }

    /// The words of a move are those of the text with spaces put around each `-` and split
    /// at whitespace (as the reader took them before the audit of 7 Dec 2026), Unicode
    /// whitespace included.
    #[test]
    fn dash_words_are_the_words_of_the_text_spaced_around_each_dash() {
        for text in [
            "",
            "  ",
            "bar-5 bar 5 bar - 5 bar -5",
            "move 24-18\t13-11.",
            "--a- b\u{2003}-c\u{a0}d-",
            "é-ü 1- -2",
        ] {
            let spaced = text.replace('-', " - ");
            let want: Vec<&str> = spaced.split_whitespace().collect();
            assert_eq!(dash_words(text).collect::<Vec<_>>(), want, "{text:?}");
        }
    }

    /// `parse_move` copied the whole text with spaces around each `-` and split it into a
    /// list of words before reading any: 47 MB of dashes took 2 s and 0.9 GB to refuse. It
    /// now reads a word at a time and stops at the first wrong one (here the second `-`).
    #[test]
    fn regression_parse_move_copied_and_split_the_whole_text_before_refusing_it() {
        let b = board(SPEC);
        let text = "24-18 ".to_string() + &"-".repeat(10_000_000);
        match b.parse_move(&text, SingleDiePolicy::Standard) {
            Err(FibsMoveError::Syntax(excerpt)) => assert!(excerpt.len() < 200, "{excerpt}"),
            other => panic!("{other:?}"),
        }
        let many = "24-18 ".repeat(1_000_000);
        assert!(matches!(
            b.parse_move(&many, SingleDiePolicy::Standard),
            Err(FibsMoveError::Syntax(_))
        ));
    }

    #[test]
    fn moves_that_do_not_read_or_do_not_play_name_why() {
        let b = board(SPEC);
        let parse = |t: &str| b.parse_move(t, SingleDiePolicy::Standard);
        for bad in ["24-", "-18", "24--18", "25-19", "0-6", "x-1", "24-18 13"] {
            assert_eq!(parse(bad), Err(FibsMoveError::Syntax(bad.into())), "{bad}");
        }
        assert!(matches!(parse("24-20"), Err(FibsMoveError::Notation(_))));
        assert!(matches!(parse(""), Err(FibsMoveError::Notation(_))));
        let before = with_field(&with_field(SPEC, 33, "0"), 34, "0");
        assert_eq!(
            board(&before).parse_move("24-18", SingleDiePolicy::Standard),
            Err(FibsMoveError::NoDice)
        );
        let over = with_field(SPEC, 32, "0");
        assert_eq!(
            board(&over).parse_move("24-18", SingleDiePolicy::Standard),
            Err(FibsMoveError::NotInPlay)
        );
        assert_eq!(
            board(&over).move_text(&Play::NONE),
            Err(FibsMoveError::NotInPlay)
        );
    }
}
