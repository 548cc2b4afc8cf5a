//! The game: rules plus seats, the validated [`State`], move generation and the [`Game`]
//! implementation with the die as an explicit chance node.

use core::fmt;
use core::str::FromStr;

use boardgame_core::{BySeat, Game, GameRng, Returns, Seat, Turn};

use crate::learning::ObservationKind;
use crate::moves::MoveList;
use crate::position::Opening;
use crate::rules::ParseRulesError;
use crate::{
    Action, Colour, Die, Finish, Move, MoveKind, Overshoot, ParseMoveError, Position,
    PositionError, Rules, RulesError, Seats, SixRelease,
};

/// A game of ludo: the rules, with the colours that play. Implements [`Game`].
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Turn};
/// use lattjo_ludo::{Action, Die, Ludo, Rules};
///
/// let game = Ludo::new(Rules::lattjo())?;
/// let mut state = game.state_from_str("LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0")?;
/// assert_eq!(game.turn(&state), Turn::Chance);
/// game.apply(&mut state, &Action::Roll(Die::new(6)?))?;
/// let mut moves = Vec::new();
/// game.legal_actions(&state, &mut moves);
/// let shown: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
/// assert_eq!(shown, ["R:0>1,0>1", "R:0>6"]);
/// game.apply(&mut state, &"R:0>6".parse()?)?;
/// assert_eq!(state.position().to_string(), "LUDO 40/40/4 RGYB R 1 R:0,0,0,6 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Ludo {
    rules: Rules,
    /// [`Rules::key`] of `rules`, which every state of this game carries.
    key: u128,
    seats: Seats,
    end: u8,
    /// The playing colour after each colour (A14).
    next: [Colour; 4],
    /// Each colour's tables for move generation and moves, by [`Colour::index`].
    tables: [ColourTables; 4],
    /// A colour has finished when its lowest checker is at this index or above (L17): the
    /// finishing dot, or with goal fields the first goal field.
    finished_from: u8,
    /// The code move generation runs for these rules ([`Ludo::generate`]).
    generator: Generator,
    /// `seen_from[o][c]`: the seat of colour `c` counted clockwise from seat `o` (0 is `o`
    /// itself), [`NOT_SEATED`] for a colour that does not play; for the observations.
    seen_from: [[u8; 4]; 4],
    /// `clockwise[o][r]`: the colour of seat `r` counted clockwise from seat `o` (the inverse
    /// of `seen_from`; entries from `P` on repeat the colours); for the observations.
    clockwise: [[Colour; 4]; 4],
    /// How an observation encodes the checkers ([`Ludo::with_observation`]).
    observation: ObservationKind,
}

/// Hashes the rules and the observation kind, which make every other field: equal games
/// hash alike, as `Eq` requires.
impl core::hash::Hash for Ludo {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.rules.hash(h);
        self.observation.hash(h);
    }
}

/// One colour's tables, together so that a roll or a move addresses all of them from one
/// base.
#[derive(Clone, PartialEq, Eq)]
struct ColourTables {
    /// `step_move[d][p]`: the move of the colour's checker at path index `p` for a roll of
    /// `d` ([`Move`]'s word: colour, source, target, bounce flag), or [`NO_STEP`] when it
    /// cannot move (den, finished, exact count needed). A roll's moves are one row, so that
    /// a checker's move is one load indexed by its path index.
    step_move: [[u32; STEP_ROWS]; 8],
    /// `step_dot[d][p]`: the dot that move lands on (see [`ColourTables::dot`]; [`NO_DOT`]
    /// for a bounce back onto its own index), or [`BLOCKED_DOT`], where no checker may end,
    /// when there is no move, so that move generation needs no test of its own for "no
    /// step".
    step_dot: [[u8; STEP_ROWS]; 8],
    /// `release[d]`: the colour's moves out of the den for a roll of `d`, in the order they
    /// are listed: onto the start dot (one checker, or two on a 6 under L6), then to the
    /// sixth dot (a 6 under L6).
    release: [[Release; 2]; 8],
    /// What a landing of the colour finds on a dot ([`Landing`]).
    land: Landing,
    /// `dot[k]`: the dot of the colour's path index `k` in [`Occupancy`]: the loop dot
    /// (`0..T`) on the loop, [`HOME_DOTS`] `+ k - L - 1` on the own home track or goal
    /// fields (each colour's home dot `h` has the same number: the colours are told apart by
    /// their bits), [`NO_DOT`] in the den and on the finishing dot; in the high byte the
    /// colour's bit on that dot ([`occupancy_bit`]: in the high nibble on a home dot and on a
    /// safe loop dot, 0 on [`NO_DOT`], which is never marked), so that a move finds both with
    /// one load per dot.
    dot: [u16; STEP_ROWS],
}

/// A [`Ludo::seen_from`] entry for a colour that does not play.
pub(crate) const NOT_SEATED: u8 = 4;

/// The specializations of move generation ([`Ludo::generate`]), chosen once for the rules:
/// the three presets each get their own code, and any other rules the general code.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Generator {
    /// Own stacking (D3), a 6 releasing two or to the sixth dot (L6), no duties (the booklet).
    Booklet,
    /// No own stacking, a 6 releasing one, no duties (Classic).
    Plain,
    /// No own stacking, a 6 releasing one, the Mensch duties (D1, D2) without a pass.
    Mensch,
    /// Any rules with own stacking.
    AnyStacking,
    /// Any rules without own stacking.
    Any,
}

/// `DUTIES` of [`Ludo::generate_for`]: no compulsion (D1, D2) and no optional pass (D9), the
/// generated moves are final.
const NO_DUTIES: u8 = 0;
/// `DUTIES` of [`Ludo::generate_for`]: releasing compulsory (D1) and the start dot cleared
/// (D2), with no optional pass (the Mensch preset).
const MENSCH_DUTIES: u8 = 1;
/// `DUTIES` of [`Ludo::generate_for`]: any combination of D1, D2 and D9, read from the rules.
const ANY_DUTIES: u8 = 2;

/// Rows of the step and dot tables: one for every byte, so that a path index (at most
/// [`crate::MAX_FINISH`]) needs neither a bounds check nor a mask.
const STEP_ROWS: usize = 256;
/// A step table entry for "no move".
const NO_STEP: u32 = u32::MAX;

/// A move out of the den for one roll (L5, L6): its [`Move`] word, the dot it lands on, and
/// how many checkers the den must hold for it (more than four where the roll cannot make it:
/// then it also lands on [`BLOCKED_DOT`]).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Release {
    word: u32,
    dot: u8,
    den: u8,
}

/// A [`Release`] that no den can make.
const NO_RELEASE: Release = Release {
    word: NO_STEP,
    dot: BLOCKED_DOT,
    den: 5,
};
/// The dot of the den and of the finishing dot, where any number of checkers of any colour
/// may stand: nothing is tracked there, its [`Occupancy`] byte is always 0.
const NO_DOT: u8 = 0xFF;
/// The first home dot in [`Occupancy`]: loop dots are below [`crate::MAX_LOOP`], and the home
/// tracks (at most [`crate::MAX_FINISH`] - 3 dots) fit between this and [`NO_DOT`].
const HOME_DOTS: u8 = 128;
/// The dot where the moves that do not exist land: no checker stands there, and its
/// [`Occupancy`] byte is always [`BLOCKED`], which no real dot can hold (an unsafe loop dot
/// has at most one colour and only in the low nibble, a home dot or a safe loop dot only the
/// high nibble), and whose
/// [`Landing`] entry is [`REFUSED`] under any rules, so a move ending there is never listed.
/// Above the home dots, below [`NO_DOT`].
const BLOCKED_DOT: u8 = 0xFE;
/// The [`Occupancy`] byte of [`BLOCKED_DOT`].
const BLOCKED: u8 = 0xFF;
/// The bit of a [`Landing`] entry that refuses the landing; no [`Move`] word has it.
const REFUSED: u32 = 1 << 31;

/// `Landing[b]`: what a checker of one colour finds on a dot whose [`Occupancy`] byte is `b`,
/// as bits to OR into its move word: the capture bits (the captured colour + 1 in bits
/// 28-30) for another colour in the low nibble, that is on an unsafe loop dot (L10; home dots
/// hold only their own colour, L13, and safe loop dots, D7's separate option, keep their
/// colours in the high nibble, so nothing is captured there), and [`REFUSED`] where the move
/// may not end (without own stacking, D3: an own checker
/// there, or [`BLOCKED`]). One load per candidate move instead of a capture lookup and an
/// occupancy test.
type Landing = [u32; 256];

/// The [`Landing`] table of colour `c` with or without own stacking (D3).
const fn landing(c: Colour, own_stacking: bool) -> Landing {
    let mine = c.bit();
    let mut t = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        let there = b as u8;
        let others = there & !mine & 0xF;
        if others != 0 {
            t[b] = (others.trailing_zeros() + 1) << 28;
        }
        if there == BLOCKED || !own_stacking && there & (mine * 0x11) != 0 {
            t[b] |= REFUSED;
        }
        b += 1;
    }
    t
}

impl fmt::Debug for Ludo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ludo")
            .field("rules", &self.rules)
            .field("seats", &self.seats)
            .field("observation", &self.observation)
            .finish()
    }
}

impl Default for Ludo {
    /// The booklet's rules for 4 players ([`Rules::lattjo`]).
    fn default() -> Ludo {
        match Ludo::new(Rules::lattjo()) {
            Ok(g) => g,
            Err(_) => unreachable!("the booklet's rules are valid"),
        }
    }
}

/// A playable state: a [`Position`] checked against the rules it is played under, which it
/// carries, with its legal moves.
///
/// Its text is the state string: the position notation ([`Position`]) followed by a
/// `rules=` field naming the rules (a preset and the options that differ from it, see
/// `docs/ludo.md`); `FromStr` reads it back through the same checks as [`Ludo::state`], so
/// `parse(display(s)) == s`. With the `serde` feature a state serializes as that string.
///
/// A game plays only states of its own rules: [`Game::apply`] refuses another game's state
/// with [`PlayError::OtherRules`]. A position string without rules is read for a given game
/// by [`Ludo::state_from_str`].
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Turn};
/// use lattjo_ludo::{Action, Die, Ludo, Rules, State};
///
/// let text = "LUDO 52/51/5 RY Y 0 R:0,0,0,0 Y:0,0,0,14 rules=classic";
/// let mut state: State = text.parse()?;
/// assert_eq!(state.to_string(), text);
/// assert_eq!(*state.rules(), Rules::classic().with_players(2));
/// let game = Ludo::new(*state.rules())?;
/// game.apply(&mut state, &Action::Roll(Die::new(4)?))?;
/// assert_eq!(game.turn(&state), Turn::Player(boardgame_core::Seat::new(1)));
/// // The booklet's game refuses the classic state.
/// assert!(Ludo::default().apply(&mut state, &"Y:14>18".parse()?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    rules: Rules,
    /// [`Rules::key`] of `rules`, compared with the game's on every action.
    key: u128,
    pos: Position,
    moves: MoveList,
    /// The colours on each dot (derived from `pos`; a landing captures except on a safe dot,
    /// so only a safe loop dot, D7's separate option, can hold two colours).
    occupancy: Occupancy,
}

impl State {
    /// The position.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.pos
    }

    /// The rules the state is played under.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The legal moves when a die is pending (empty otherwise).
    #[must_use]
    pub fn legal_moves(&self) -> &[Move] {
        self.moves.as_slice()
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} rules=", self.pos)?;
        self.rules.write_options(f)
    }
}

impl fmt::Debug for State {
    /// The state string (the whole state: the position, the rules; the legal moves follow
    /// from them) and the legal moves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "State({self}; moves {:?})", self.moves)
    }
}

impl FromStr for State {
    type Err = ParseStateError;
    /// Reads a state string: the position notation with a `rules=` field.
    fn from_str(s: &str) -> Result<State, ParseStateError> {
        let (pos, rules) = split_rules(s);
        let pos: Position = pos.parse()?;
        let text = rules.ok_or(ParseStateError::MissingRules)?;
        let rules = Rules::parse_options(text, pos.geometry, pos.seats)?;
        Ok(Ludo::new(rules)?.state(pos)?)
    }
}

/// Splits a trailing `rules=` field off a state string. Fields are split at ASCII white space,
/// as [`Position`] splits them, so the end is trimmed of that only: a no-break space after the
/// rules is part of them (and refused there), as it is after a position.
fn split_rules(s: &str) -> (&str, Option<&str>) {
    let t = s.trim_end_matches(|c: char| c.is_ascii_whitespace());
    match t.rsplit_once(|c: char| c.is_ascii_whitespace()) {
        Some((head, last)) => match last.strip_prefix("rules=") {
            Some(r) => (head, Some(r)),
            None => (s, None),
        },
        None => (s, None),
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for State {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for State {
    /// Reads the state string through the same checks as [`Ludo::state`].
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<State, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A state string that names no playable state.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{ParseStateError, State};
/// let bare = "LUDO 40/40/4 RY R 3 R:0,0,0,0 Y:0,0,0,0";
/// assert_eq!(bare.parse::<State>(), Err(ParseStateError::MissingRules));
/// // Three sixes in a row end the turn under the classic rules (D5): no such state.
/// let classic = format!("{bare} rules=classic");
/// assert!(matches!(classic.parse::<State>(), Err(ParseStateError::State(_))));
/// assert!(matches!(format!("{bare} rules=chess").parse::<State>(), Err(ParseStateError::Rules(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseStateError {
    /// The position notation is malformed or impossible.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// No `rules=` field: a [`State`] carries its rules (a bare position string is read for a
    /// game by [`Ludo::state_from_str`], or as a [`Position`]).
    #[error(
        "the state string has no rules= field (read a bare position with Ludo::state_from_str)"
    )]
    MissingRules,
    /// The `rules=` field is malformed.
    #[error(transparent)]
    Rules(#[from] ParseRulesError),
    /// The rules cannot make a game.
    #[error(transparent)]
    BadRules(#[from] RulesError),
    /// The position is not one these rules can have.
    #[error(transparent)]
    State(#[from] StateError),
    /// The `rules=` field names other rules than the game's.
    #[error("the state string's rules differ from the game's")]
    OtherRules,
}

/// A position that these rules cannot reach or play.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Ludo, ParseStateError, StateError};
/// let game = Ludo::default(); // four players
/// let e = game.state_from_str("LUDO 40/40/4 RY R 0 R:0,0,0,0 Y:0,0,0,0").unwrap_err();
/// assert!(matches!(e, ParseStateError::State(StateError::Seats { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// A seat that is not at the table.
    #[error("{0} is not at the table")]
    Seat(Seat),
    /// The position's `T/L/H` differs from the rules'.
    #[error("the position's geometry {found} differs from the rules' {expected}")]
    Geometry {
        /// The rules' geometry.
        expected: crate::Geometry,
        /// The position's.
        found: crate::Geometry,
    },
    /// The position's playing colours differ from the game's.
    #[error("the position's seats {found} differ from the game's {expected}")]
    Seats {
        /// The game's seats.
        expected: Seats,
        /// The position's.
        found: Seats,
    },
    /// A checker past the end of the path (the finishing dot does not exist with goal fields).
    #[error("{colour} checker at index {index} is past the end of the path {end}")]
    PastEnd {
        /// The colour.
        colour: Colour,
        /// The index.
        index: u8,
        /// The last index these rules allow.
        end: u8,
    },
    /// Two own checkers on one dot where the rules forbid it (D3).
    #[error("{colour} has two checkers on index {index}, which these rules forbid")]
    Stacked {
        /// The colour.
        colour: Colour,
        /// The index.
        index: u8,
    },
    /// The places do not match the colours that have finished.
    #[error("the places do not match the finished colours")]
    Places,
    /// Whose turn it is contradicts the places or the rules (game over too early or too late).
    #[error("inconsistent turn: {0}")]
    Turn(&'static str),
    /// A six streak the rules would already have ended, or tries without three tries.
    #[error("inconsistent counter: {0}")]
    Counter(&'static str),
    /// Two colours on one loop dot that is not safe (a landing captures there, T1, L10; only
    /// D7's separate option, [`Rules::safe_dots`], lets colours share its safe dots).
    #[error("{first} and {second} share loop dot {dot}, which is not a safe dot")]
    SharedDot {
        /// The loop dot.
        dot: u8,
        /// One colour (the first in clockwise order from red).
        first: Colour,
        /// Another.
        second: Colour,
    },
    /// A pending die that has no legal move (such a roll is lost at once, so it never waits).
    #[error("the pending die {0} has no legal move")]
    DieWithoutMove(Die),
}

/// Why an action was refused. The state is unchanged.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Game, Ludo, PlayError};
/// let game = Ludo::default();
/// let mut state = game.new_initial_state(); // the roll for who starts (L2)
/// let before = state;
/// assert_eq!(game.apply(&mut state, &"R:0>1".parse()?), Err(PlayError::RollExpected));
/// assert_eq!(state, before);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The state is played under other rules than this game's (see [`State`]).
    #[error("the state is played under other rules than this game's")]
    OtherRules,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A move while the die must be rolled.
    #[error("the die must be rolled first")]
    RollExpected,
    /// A roll while a player must move.
    #[error("{0} must move before the next roll")]
    MoveExpected(Colour),
    /// A move of a colour that does not play.
    #[error("colour {0} is not playing")]
    NotPlaying(Colour),
    /// A move of a playing colour whose turn it is not.
    #[error("it is {expected}'s turn, not {got}'s")]
    NotYourTurn {
        /// The colour to move.
        expected: Colour,
        /// The colour given.
        got: Colour,
    },
    /// A move of a kind these rules do not have at all, whatever the die and the position:
    /// a pass under [`Rules::must_move`] (D9), two checkers out together or a release to the
    /// sixth dot where a 6 does not give them (D2, D3), a release to another dot than those,
    /// a bounce under [`Overshoot::Illegal`] (D4). Refused so wherever a player acts (a die
    /// pending); the end of the game, a roll due and a colour that does not play come first.
    #[error("{mv} is not a move of these rules: {reason}")]
    NotInRules {
        /// The move.
        mv: Move,
        /// What the rules lack.
        reason: &'static str,
    },
    /// The move is not one of the legal moves for the pending die (a kind of move the rules
    /// have: [`PlayError::NotInRules`] otherwise).
    #[error("{mv} is not legal with a {die}")]
    Illegal {
        /// The move.
        mv: Move,
        /// The pending die.
        die: Die,
    },
}

/// A move string that does not name a legal move here.
///
/// # Examples
///
/// ```
/// use lattjo_ludo::{Ludo, ParseLegalMoveError, PlayError};
/// let game = Ludo::default();
/// let state = game.state_from_str("LUDO 40/40/4 RGYB R 0 R:0,0,0,3 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 die=2")?;
/// assert_eq!(game.parse_move(&state, "R:3>5")?.to_string(), "R:3>5");
/// let illegal = game.parse_move(&state, "R:3>6");
/// assert!(matches!(illegal, Err(ParseLegalMoveError::Play(PlayError::Illegal { .. }))));
/// assert!(matches!(game.parse_move(&state, "R3>5"), Err(ParseLegalMoveError::Syntax(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseLegalMoveError {
    /// Malformed notation.
    #[error(transparent)]
    Syntax(#[from] ParseMoveError),
    /// Well formed, but not legal.
    #[error(transparent)]
    Play(#[from] PlayError),
}

impl Ludo {
    /// A game with these rules (which include the players and their colours).
    ///
    /// # Errors
    ///
    /// [`RulesError`] when [`Rules::validate`] fails.
    pub fn new(rules: Rules) -> Result<Ludo, RulesError> {
        rules.validate()?;
        let seats = rules.seating()?;
        let rules = rules.normalized();
        let g = rules.geometry;
        let end = rules.end_index();
        let mut step = [[NO_STEP; 8]; STEP_ROWS];
        for p in 1..=end {
            if rules.finish == Finish::CentreDot && p == end {
                continue; // L16: a finished checker is out of play
            }
            for d in 1..=6u8 {
                let raw = p + d;
                step[usize::from(p)][usize::from(d)] = if raw <= end {
                    Move::step_word(p, raw, false)
                } else if rules.overshoot == Overshoot::Bounce {
                    Move::step_word(p, 2 * end - raw, true) // L15, A4: back by the excess
                } else {
                    NO_STEP // D4: the exact count is needed
                };
            }
        }
        // D7's separate option: the safe loop dots, whose colours are kept in the high nibble
        // of their occupancy byte, like a home dot's, so that a landing there captures nothing
        // (the move generation's tables do it all: no test of its own).
        let safe = rules.safe_dots.loop_mask(g);
        let mut dot = [[NO_DOT; STEP_ROWS]; 4];
        for c in Colour::ALL {
            for k in 1..=g.last_loop() {
                dot[c.index()][usize::from(k)] = g.loop_dot(c, k).unwrap_or(NO_DOT);
            }
            for h in 0..g.home_len() {
                dot[c.index()][usize::from(g.last_loop() + 1 + h)] = HOME_DOTS + h;
            }
        }
        let mut step_move = [[[NO_STEP; STEP_ROWS]; 8]; 4];
        let mut step_dot = [[[BLOCKED_DOT; STEP_ROWS]; 8]; 4];
        for c in Colour::ALL {
            for p in 0..STEP_ROWS {
                for d in 1..=6 {
                    let w = step[p][d];
                    if w != NO_STEP {
                        let t = usize::from((w >> 16) as u8 & 0x7F);
                        let word = Move::from_step_word(w, c, 0).bits();
                        // A bounce back onto its own index lands where the checker stands:
                        // nothing blocks it and nothing is captured there, as on NO_DOT.
                        let lands = if t == p { NO_DOT } else { dot[c.index()][t] };
                        step_move[c.index()][d][p] = word;
                        step_dot[c.index()][d][p] = lands;
                    }
                }
            }
        }
        let release = Colour::ALL.map(|c| {
            let start = |word: u32, den: u8| Release {
                word,
                dot: dot[c.index()][1],
                den,
            };
            let one = start(Move::new(c, MoveKind::Enter { to: 1 }, None).bits(), 1);
            // A5: two checkers need two in the den; without own stacking (D3) they can
            // never enter together.
            let two = start(
                Move::new(c, MoveKind::EnterTwo, None).bits(),
                if rules.own_stacking { 2 } else { 5 },
            );
            let sixth = Release {
                word: Move::new(
                    c,
                    MoveKind::Enter {
                        to: rules.sixth_dot,
                    },
                    None,
                )
                .bits(),
                dot: dot[c.index()][usize::from(rules.sixth_dot)],
                den: 1,
            };
            core::array::from_fn(|d| {
                let d = d as u8;
                if !(1..=6).contains(&d) || !rules.release_rolls.contains_value(d) {
                    [NO_RELEASE; 2]
                } else if d == 6 && rules.six_release == SixRelease::TwoOrSixthDot {
                    [two, sixth]
                } else {
                    [one, NO_RELEASE]
                }
            })
        });
        let dot = Colour::ALL.map(|c| {
            dot[c.index()].map(|d| match d {
                NO_DOT => u16::from(NO_DOT),
                d => u16::from(d) | u16::from(occupancy_bit(c, d, safe)) << 8,
            })
        });
        Ok(Ludo {
            rules,
            key: rules.key(),
            seats,
            end,
            next: Colour::ALL.map(|c| seats.next_after(c)),
            tables: Colour::ALL.map(|c| ColourTables {
                step_move: step_move[c.index()],
                step_dot: step_dot[c.index()],
                release: release[c.index()],
                land: landing(c, rules.own_stacking),
                dot: dot[c.index()],
            }),
            finished_from: match rules.finish {
                Finish::CentreDot => end,
                Finish::GoalFields => g.last_loop() + 1,
            },
            generator: {
                let sixth = rules.six_release == SixRelease::TwoOrSixthDot;
                let duties = (rules.release_compulsory, rules.clear_start, rules.must_move);
                match (rules.own_stacking, duties, sixth) {
                    (true, (false, false, true), true) => Generator::Booklet,
                    (false, (false, false, true), false) => Generator::Plain,
                    (false, (true, true, true), false) => Generator::Mensch,
                    (true, _, _) => Generator::AnyStacking,
                    (false, _, _) => Generator::Any,
                }
            },
            seen_from: core::array::from_fn(|o| {
                Colour::ALL.map(|c| match seats.seat_of(c) {
                    Some(s) => ((s.index() + seats.len() - o % seats.len()) % seats.len()) as u8,
                    None => NOT_SEATED,
                })
            }),
            clockwise: core::array::from_fn(|o| {
                core::array::from_fn(|r| {
                    let seat = Seat::new(((o + r) % seats.len()) as u8);
                    seats.colour_of(seat).unwrap_or_default()
                })
            }),
            observation: ObservationKind::Compact,
        })
    }

    /// This game with its observation ([`boardgame_core::Observe`]) encoded as `kind`; the
    /// default is [`ObservationKind::Compact`]. Only the learning encoding changes, never the
    /// rules or the play.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::Observe;
    /// use lattjo_ludo::{Ludo, ObservationKind};
    /// let game = Ludo::default().with_observation(ObservationKind::Planes);
    /// assert_eq!(game.observation(), ObservationKind::Planes);
    /// // Four players on the booklet's path (E = 45): 4 x 46 planes' values, 4 x 4 compact.
    /// assert_eq!(game.observation_shape().size(), 4 * 46 + 32);
    /// assert_eq!(Ludo::default().observation_shape().size(), 4 * 4 + 32);
    /// ```
    #[must_use]
    pub const fn with_observation(mut self, kind: ObservationKind) -> Ludo {
        self.observation = kind;
        self
    }

    /// How the observation encodes the checkers.
    #[must_use]
    pub const fn observation(&self) -> ObservationKind {
        self.observation
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Whether this game plays `state`: it was made under this game's rules
    /// ([`State::rules`]). Every other `State` is valid by construction, so this is the one
    /// check a game makes of a state before it plays it; [`Game::apply`] makes it first, and
    /// [`Game::legal_actions`] lists nothing on a state of other rules.
    ///
    /// # Errors
    ///
    /// [`PlayError::OtherRules`] for a state of other rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_ludo::{Game, Ludo, PlayError, Rules};
    /// let booklet = Ludo::default();
    /// let state = booklet.new_initial_state();
    /// assert_eq!(booklet.check_state(&state), Ok(()));
    /// let mensch = Ludo::new(Rules::mensch())?;
    /// assert_eq!(mensch.check_state(&state), Err(PlayError::OtherRules));
    /// # Ok::<(), lattjo_ludo::RulesError>(())
    /// ```
    #[inline]
    pub fn check_state(&self, state: &State) -> Result<(), PlayError> {
        if state.key == self.key {
            Ok(())
        } else {
            Err(PlayError::OtherRules)
        }
    }

    /// The playing colours.
    #[must_use]
    pub const fn seats(&self) -> Seats {
        self.seats
    }

    /// Each colour's seat counted clockwise from `seat` (seat 0 for a seat that is not at
    /// the table), [`NOT_SEATED`] for a colour that does not play.
    #[inline]
    pub(crate) fn seats_seen_from(&self, seat: Seat) -> [u8; 4] {
        let o = seat.index();
        self.seen_from[if o < self.seats.len() { o } else { 0 }]
    }

    /// The colours by seat counted clockwise from `seat` (seat 0 for a seat that is not at
    /// the table): the first [`Seats::len`] entries are the playing colours.
    #[inline]
    pub(crate) fn colours_seen_from(&self, seat: Seat) -> [Colour; 4] {
        let o = seat.index();
        self.clockwise[if o < self.seats.len() { o } else { 0 }]
    }

    /// The furthest path index ([`Rules::end_index`]).
    #[inline]
    pub(crate) const fn end_index(&self) -> u8 {
        self.end
    }

    /// The colour that plays `seat`.
    #[must_use]
    pub fn colour_of(&self, seat: Seat) -> Option<Colour> {
        self.seats.colour_of(seat)
    }

    /// The start position with `first` to roll and no roll for who starts (every checker in
    /// its den, or one on each start dot under [`Rules::opening_checker`]).
    ///
    /// # Errors
    ///
    /// [`StateError::Seat`] for a seat that is not at the table.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::{Game, Seat, Turn};
    /// use lattjo_ludo::Ludo;
    /// let game = Ludo::default();
    /// let state = game.initial_state(Seat::new(2))?;
    /// assert_eq!(state.position().to_move(), Some(lattjo_ludo::Colour::Yellow));
    /// assert_eq!(game.turn(&state), Turn::Chance);
    /// assert!(game.initial_state(Seat::new(4)).is_err());
    /// # Ok::<(), lattjo_ludo::StateError>(())
    /// ```
    pub fn initial_state(&self, first: Seat) -> Result<State, StateError> {
        let c = self.seats.colour_of(first).ok_or(StateError::Seat(first))?;
        let mut st = self.new_initial_state();
        st.pos.opening = None;
        st.pos.to_move = Some(c);
        Ok(st)
    }

    /// Checks `pos` against the rules and makes it playable.
    ///
    /// What is checked: the geometry and the colours are the game's; no checker is past the end
    /// of the path, own checkers share a dot only under D3, and two colours share a loop dot
    /// only on a safe dot (D7's separate option, [`Rules::safe_dots`]); the places are exactly
    /// the colours that have finished (A15) and the game is over exactly when they are decided;
    /// the six streak is below the D5 limit, tries are below three and only while nothing
    /// but the den can move (D8), a finished game has neither; a pending 6 is in the streak
    /// (a streak of 0 beside `die=6` is read as 1, that 6);
    /// the roll for who starts is only under L2 and before any move; a pending die has a
    /// legal move (a roll without one is lost at once, A11). The notation itself has checked
    /// the counts and ranges ([`Position`]).
    ///
    /// # Errors
    ///
    /// [`StateError`] for a position these rules cannot have (see its variants).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_ludo::{Ludo, Position, Rules, StateError};
    /// let game = Ludo::new(Rules::lattjo().with_players(2))?;
    /// let pos: Position = "LUDO 40/40/4 RY Y 0 R:0,0,0,12 Y:0,0,3,7".parse()?;
    /// let state = game.state(pos.clone())?;
    /// assert_eq!(state.position(), &pos);
    /// // Four colours are not this two-player game's.
    /// let four: Position = "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0".parse()?;
    /// assert!(matches!(game.state(four), Err(StateError::Seats { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn state(&self, mut pos: Position) -> Result<State, StateError> {
        let g = self.rules.geometry;
        // A pending 6 is counted in the streak (L7, D5). A streak of 0 beside it is read as
        // that 6 counted: the rules' own notation (section 6) gives the start position with
        // streak 0 and says to add `die=6` for a roll not yet played, so the start position
        // with `die=6` added is the first 6 of the turn (regression
        // `regression_the_start_position_with_die_6_added_was_refused`).
        if pos.die.is_some_and(|d| d.value() == 6) && pos.six_streak == 0 {
            pos.six_streak = 1;
        }
        if pos.geometry != g {
            return Err(StateError::Geometry {
                expected: g,
                found: pos.geometry,
            });
        }
        if pos.seats != self.seats {
            return Err(StateError::Seats {
                expected: self.seats,
                found: pos.seats,
            });
        }
        let occupancy = self.occupancy(&pos);
        // T1, L10: a landing captures, so two colours share a loop dot only where it does not,
        // on a safe dot (D7's separate option), whose colours are in the high nibble.
        for dot in 0..self.rules.geometry.loop_len() {
            let there = occupancy.0[usize::from(dot)] & 0xF;
            if there.count_ones() > 1 {
                let first = Colour::from_index(there.trailing_zeros() as usize);
                let rest = there & (there - 1);
                let second = Colour::from_index(rest.trailing_zeros() as usize);
                if let (Some(first), Some(second)) = (first, second) {
                    return Err(StateError::SharedDot { dot, first, second });
                }
            }
        }
        for c in self.seats.colours() {
            let ch = pos.checkers[c];
            for (i, &k) in ch.iter().enumerate() {
                if k > self.end {
                    return Err(StateError::PastEnd {
                        colour: c,
                        index: k,
                        end: self.end,
                    });
                }
                let shared = i > 0 && ch[i - 1] == k && k != 0;
                let finishing = self.rules.finish == Finish::CentreDot && k == self.end;
                if shared && !finishing && !self.rules.own_stacking {
                    return Err(StateError::Stacked {
                        colour: c,
                        index: k,
                    });
                }
            }
            // A placed colour has finished, except the last place of a played-out game.
            let last_place = self.rules.play_out_places
                && pos.places.len() == self.seats.len()
                && pos.places.place_of(c) == Some(self.seats.len() - 1);
            if self.has_finished(&pos, c) != pos.places.contains(c) && !last_place {
                return Err(StateError::Places);
            }
        }
        let placed = pos.places.len();
        let over = if self.rules.play_out_places {
            placed == self.seats.len()
        } else {
            placed == 1
        };
        if placed > 1 && !self.rules.play_out_places {
            return Err(StateError::Places);
        }
        if self.rules.play_out_places && placed == self.seats.len() - 1 {
            return Err(StateError::Turn(
                "the last player's place is given when the others finish",
            ));
        }
        if over != pos.to_move.is_none() {
            return Err(StateError::Turn(
                "the game is over exactly when the places are decided",
            ));
        }
        if let Some(m) = self.rules.max_sixes
            && pos.six_streak >= m
        {
            return Err(StateError::Counter("six streak at or above the limit"));
        }
        if pos.tries >= if self.rules.three_tries { 3 } else { 1 } {
            return Err(StateError::Counter("too many tries"));
        }
        match pos.to_move {
            // The end of the game resets the turn's counters.
            None if pos.six_streak != 0 || pos.tries != 0 => {
                return Err(StateError::Counter(
                    "a finished game has no six streak or tries",
                ));
            }
            // D8: a failed try is retried only while nothing but the den can move.
            Some(c) if pos.tries > 0 && !self.stuck(&pos, c) => {
                return Err(StateError::Counter(
                    "tries while a checker outside the den can move",
                ));
            }
            // D5: a failed try is no 6 and ends the streak; after it, a streak is the 6 just
            // rolled (which also clears the tries once it is played or lost).
            Some(_)
                if pos.tries > 0
                    && pos.six_streak > 0
                    && !(pos.six_streak == 1 && pos.die.is_some_and(|d| d.value() == 6)) =>
            {
                return Err(StateError::Counter("a six streak across a failed try"));
            }
            _ => {}
        }
        if pos.opening.is_some() {
            // L2, A13: the roll for who starts happens only under these rules, before any
            // checker has moved.
            if !self.rules.roll_for_start {
                return Err(StateError::Turn("these rules do not roll for who starts"));
            }
            let start = if self.rules.opening_checker {
                [0, 0, 0, 1]
            } else {
                [0; 4]
            };
            if self.seats.colours().any(|c| pos.checkers[c] != start) {
                return Err(StateError::Turn(
                    "the roll for who starts comes before any checker moves",
                ));
            }
        }
        let mut moves = MoveList::new();
        if let (Some(d), Some(c)) = (pos.die, pos.to_move) {
            self.generate(&pos, &occupancy, c, d.value(), &mut moves);
            if moves.len() == 0 {
                return Err(StateError::DieWithoutMove(d));
            }
        }
        Ok(State {
            rules: self.rules,
            key: self.key,
            occupancy,
            pos,
            moves,
        })
    }

    /// Reads a position string for this game: the position notation, with or without the
    /// `rules=` field of a [`State`]'s string; with it, the rules must be the game's.
    ///
    /// # Errors
    ///
    /// [`ParseStateError::Position`] for bad notation, [`ParseStateError::State`] for a
    /// position these rules cannot have, [`ParseStateError::OtherRules`] (or another rules
    /// error) for a `rules=` field naming other rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_ludo::{Ludo, ParseStateError, Rules};
    /// let game = Ludo::new(Rules::lattjo().with_players(2))?;
    /// let state = game.state_from_str("LUDO 40/40/4 RY Y 0 R:0,0,0,12 Y:0,0,3,7")?;
    /// assert_eq!(state.rules(), game.rules());
    /// // The same position with a rules field of other rules is refused.
    /// let mensch = "LUDO 40/40/4 RY Y 0 R:0,0,0,12 Y:0,0,3,7 rules=mensch";
    /// assert!(matches!(game.state_from_str(mensch), Err(ParseStateError::OtherRules)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn state_from_str(&self, s: &str) -> Result<State, ParseStateError> {
        let (pos, rules) = split_rules(s);
        let pos: Position = pos.parse()?;
        if let Some(text) = rules
            && Rules::parse_options(text, pos.geometry, pos.seats)? != self.rules
        {
            return Err(ParseStateError::OtherRules);
        }
        Ok(self.state(pos)?)
    }

    /// Resolves a move string against the legal moves, so that the capture (`xG`) and bounce
    /// (`~`) marks may be left out. A mark that is given must be right: a capture of another
    /// colour, or a bounce mark on a move that is no bounce, names no legal move.
    ///
    /// # Errors
    ///
    /// [`ParseLegalMoveError`] when the string is malformed or names no legal move.
    pub fn parse_move(&self, state: &State, s: &str) -> Result<Move, ParseLegalMoveError> {
        let m: Move = s.parse()?;
        self.check_player(state, &m)?;
        let same = |a: &Move| match (a.kind(), m.kind()) {
            (
                MoveKind::Step { from, to, bounce },
                MoveKind::Step {
                    from: f2,
                    to: t2,
                    bounce: b2,
                },
            ) => from == f2 && to == t2 && (bounce || !b2),
            (k1, k2) => k1 == k2,
        };
        state
            .moves
            .as_slice()
            .iter()
            .find(|a| same(a) && (m.capture().is_none() || m.capture() == a.capture()))
            .copied()
            .ok_or_else(|| {
                PlayError::Illegal {
                    mv: m,
                    die: state.pos.die.unwrap_or(Die::ALL[0]),
                }
                .into()
            })
    }

    /// Why `m`, not a legal move of `state`, is refused before it is judged against the die:
    /// the end of the game, a roll due, a colour that does not play, a kind of move the rules
    /// lack ([`Ludo::missing_rule`]), a colour whose turn it is not.
    fn check_player(&self, state: &State, m: &Move) -> Result<(), PlayError> {
        let pos = &state.pos;
        let c = m.colour();
        let Some(to_move) = pos.to_move else {
            return Err(PlayError::GameOver);
        };
        if pos.die.is_none() {
            return Err(PlayError::RollExpected);
        }
        if !self.seats.contains(c) {
            return Err(PlayError::NotPlaying(c));
        }
        if let Some(reason) = self.missing_rule(m) {
            return Err(PlayError::NotInRules { mv: *m, reason });
        }
        if c != to_move {
            return Err(PlayError::NotYourTurn {
                expected: to_move,
                got: c,
            });
        }
        Ok(())
    }

    /// What these rules lack for a move of `m`'s kind, whatever the die and the position
    /// ([`PlayError::NotInRules`]); `None` for a kind of move they have.
    #[cold]
    fn missing_rule(&self, m: &Move) -> Option<&'static str> {
        let r = &self.rules;
        let six_gives_two_ways =
            r.six_release == SixRelease::TwoOrSixthDot && r.release_rolls.contains_value(6);
        // A release roll that takes one checker to the start dot: any but a 6 giving the two
        // ways.
        let one_to_start =
            (1..=6).any(|d| r.release_rolls.contains_value(d) && !(d == 6 && six_gives_two_ways));
        match m.kind() {
            MoveKind::Pass if r.must_move => {
                Some("a player who can move must move (D9), so there is no pass")
            }
            MoveKind::EnterTwo if !six_gives_two_ways => {
                Some("no roll releases two checkers together (D2)")
            }
            MoveKind::EnterTwo if !r.own_stacking => Some(
                "own checkers never share a dot (D3), so two checkers never leave the den together",
            ),
            MoveKind::Enter { to }
                if !(to == 1 && one_to_start || to == r.sixth_dot && six_gives_two_ways) =>
            {
                Some(match (one_to_start, six_gives_two_ways) {
                    (true, true) => {
                        "a checker leaves the den only for the start dot or the sixth dot (D2, A7)"
                    }
                    (true, false) => "a checker leaves the den only for the start dot (D2)",
                    _ => "a single checker leaves the den only for the sixth dot (D1, D2, A7)",
                })
            }
            MoveKind::Step { bounce: true, .. } if r.overshoot == Overshoot::Illegal => {
                Some("a roll past the end cannot be used (D4), so there is no bounce")
            }
            _ => None,
        }
    }

    /// Whether all of `c`'s checkers have reached the end (L17).
    #[inline]
    fn has_finished(&self, pos: &Position, c: Colour) -> bool {
        pos.checkers[c][0] >= self.finished_from
    }

    /// The path index colour `o` uses for the loop dot where colour `c` stands at loop index
    /// `t` (`1..=L`).
    #[inline]
    fn relative(&self, c: Colour, t: u8, o: Colour) -> u8 {
        let shift = ((c.index() + 4 - o.index()) % 4) as u16
            * u16::from(self.rules.geometry.loop_len() / 4);
        let k = u16::from(t) + shift;
        let k = if k > u16::from(self.rules.geometry.loop_len()) {
            k - u16::from(self.rules.geometry.loop_len())
        } else {
            k
        };
        k as u8
    }

    /// The dot of colour `c`'s path index `k` in [`Occupancy`] and the colour's bit there
    /// (see [`ColourTables::dot`]).
    #[inline]
    fn dot_of(&self, c: Colour, k: u8) -> (u8, u8) {
        let [dot, bit] = self.tables[c.index()].dot[usize::from(k)].to_le_bytes();
        (dot, bit)
    }

    fn occupancy(&self, pos: &Position) -> Occupancy {
        let mut occupancy = Occupancy([0; 256]);
        for c in self.seats.colours() {
            for k in pos.checkers[c] {
                let (dot, bit) = self.dot_of(c, k);
                occupancy.0[usize::from(dot)] |= bit;
            }
        }
        occupancy.0[usize::from(BLOCKED_DOT)] = BLOCKED;
        occupancy
    }

    /// Fills `out` with the legal moves of `c` for a roll of `die`.
    #[inline(always)]
    pub(crate) fn generate(
        &self,
        pos: &Position,
        occupancy: &Occupancy,
        c: Colour,
        die: u8,
        out: &mut MoveList,
    ) {
        // Specialized on D3, the rule the inner loop depends on most, on the duties (D1, D2
        // in Mensch) and the optional pass (D9), and on whether a 6 can release to the sixth
        // dot (L6, D2), as chosen once for the rules ([`Generator`]; `ANY_DUTIES` also
        // handles the other duties, `SIXTH` = true also rules without the sixth dot).
        let g = (pos, occupancy, c, die, out);
        match self.generator {
            Generator::Booklet => self.generate_for::<true, NO_DUTIES, true>(g),
            Generator::Plain => self.generate_for::<false, NO_DUTIES, false>(g),
            Generator::Mensch => self.generate_for::<false, MENSCH_DUTIES, false>(g),
            Generator::AnyStacking => self.generate_for::<true, ANY_DUTIES, true>(g),
            Generator::Any => self.generate_for::<false, ANY_DUTIES, true>(g),
        }
    }

    /// [`Ludo::generate`] with `STACK` = [`Rules::own_stacking`], the duties and the optional
    /// pass of `DUTIES` ([`NO_DUTIES`], [`MENSCH_DUTIES`], [`ANY_DUTIES`]), and without the
    /// sixth dot unless `SIXTH`.
    ///
    /// Six candidates are always computed, without a branch on the die or the checkers
    /// (random, so such branches would mostly be mispredicted), and kept or dropped
    /// arithmetically: the release onto the start dot (two checkers on a 6 under L6, A5; one
    /// otherwise), the booklet's other 6 (one checker to the sixth dot), and each checker in
    /// order. That order is the one the game records were made with.
    #[inline(always)]
    fn generate_for<const STACK: bool, const DUTIES: u8, const SIXTH: bool>(
        &self,
        (pos, occupancy, c, die, out): (&Position, &Occupancy, Colour, u8, &mut MoveList),
    ) {
        let ci = c.index() & 3;
        let ch = pos.checkers[c];
        // What a checker of `c` finds on the dot it lands on ([`Landing`]): the capture bits
        // and whether it may end there (D3: with own stacking always; otherwise not on an own
        // checker; a move that does not exist lands on [`BLOCKED_DOT`], which is refused).
        // The den, the finishing dot and a bounce back onto the checker's own index are
        // [`NO_DOT`], always empty. No branches: the dice and the checkers are random, so
        // branches on them would mostly be mispredicted.
        let tables = &self.tables[ci];
        let landing = &tables.land;
        let land = |dot: u8| {
            let found = landing[usize::from(occupancy.0[usize::from(dot)])];
            (found, found & REFUSED == 0)
        };
        // The checkers are sorted, so the den holds the leading zero bytes (all four: 32 / 8).
        let den = (u32::from_le_bytes(ch).trailing_zeros() / 8) as usize;
        let col = usize::from(die) & 7;
        // The moves out of the den for this roll: each is listed when its landing is free and
        // the den holds enough checkers (a roll that releases nothing needs more than four).
        let release = &tables.release[col];
        let start = release[0];
        let (start_capture, start_free) = land(start.dot);
        // The count stays in a register and is stored once: incrementing a length in
        // memory per candidate, then reading it back wider, stalls the store forwarding.
        let mut n = out.put(
            0,
            Move::from_bits(start.word | start_capture),
            start_free & (den >= usize::from(start.den)),
        );
        if SIXTH {
            let sixth = release[1];
            let (sixth_capture, sixth_free) = land(sixth.dot);
            n = out.put(
                n,
                Move::from_bits(sixth.word | sixth_capture),
                sixth_free & (den >= usize::from(sixth.den)),
            );
        }
        let releases = n;
        let (moves, dots) = (&tables.step_move[col], &tables.step_dot[col]);
        // Equal neighbours are one move (L9): with own stacking (D3) each checker equal to
        // the one before it is taken as in the den, which has no step. (Without it only the
        // den and the finishing dot hold two checkers of a colour, neither with a step.)
        let ch = if STACK { first_of_equal(ch) } else { ch };
        for p in ch {
            let k = usize::from(p);
            // The den (p = 0), a finished checker and a roll past the end under D4 have no
            // step: they land on the blocked dot, which `free` refuses.
            let (capture, free) = land(dots[k]);
            n = out.put(n, Move::from_bits(moves[k] | capture), free);
        }
        match DUTIES {
            NO_DUTIES => {}
            MENSCH_DUTIES => n = Ludo::mensch_duties(n, den > 0, releases, out),
            _ => n = self.any_duties(c, n, den > 0, releases, out),
        }
        out.set_len(n);
    }

    /// [`Ludo::any_duties`] for rules with both Mensch duties (D1, D2) and no optional pass
    /// (D9), which need less: a listed release is compulsory (D1), so the start dot must be
    /// cleared (D2) only when no release is listed, and then the move off it, if listed, is
    /// already the first.
    #[inline(always)]
    fn mensch_duties(n: usize, den: bool, releases: usize, out: &MoveList) -> usize {
        // A listed release has its source in the den, so this holds only without one.
        let clear = den & (n > 0) & (out.slot(0).source_index() == 1);
        // At most one of the two is non-zero.
        let forced = releases + usize::from(clear);
        if forced > 0 { forced } else { n }
    }

    /// The Mensch duties (D1, D2) and the optional pass (D9) on the `n` generated moves: the
    /// `releases` first, then the checkers' moves in order of their source, so that a move
    /// off the start dot (index 1, the lowest index outside the den) would come right after
    /// the releases. Returns the number of moves left. Selected without branches, which the
    /// random positions would mostly mispredict.
    #[inline(always)]
    fn any_duties(
        &self,
        c: Colour,
        n: usize,
        den: bool,
        releases: usize,
        out: &mut MoveList,
    ) -> usize {
        let r = &self.rules;
        let leaves_start = (n > releases) & (out.slot(releases).source_index() == 1);
        // D1 (Mensch): a release roll must release when it can.
        let compulsory = r.release_compulsory & (releases > 0);
        // D2 (Mensch): the start dot must be cleared while checkers remain in the den.
        let clear = !compulsory & r.clear_start & den & leaves_start;
        out.keep_first_if(releases, clear);
        let mut n = if compulsory {
            releases
        } else if clear {
            1
        } else {
            n
        };
        if !r.must_move {
            // D9: a player who could move may pass.
            n = out.put(n, Move::new(c, MoveKind::Pass, None), n > 0);
        }
        n
    }

    #[inline]
    fn next_player(&self, pos: &Position, c: Colour) -> Colour {
        let mut n = self.next[c.index()];
        if pos.places.is_empty() {
            return n;
        }
        for _ in 0..4 {
            if !pos.places.contains(n) {
                return n;
            }
            n = self.next[n.index()];
        }
        n
    }

    #[inline]
    fn pass_turn(&self, pos: &mut Position, c: Colour) {
        pos.to_move = Some(self.next_player(pos, c));
        pos.six_streak = 0;
        pos.tries = 0;
    }

    /// Whether nothing of `c` can move except by leaving the den (D8).
    fn stuck(&self, pos: &Position, c: Colour) -> bool {
        let ch = pos.checkers[c];
        match self.rules.finish {
            Finish::CentreDot => ch.iter().all(|&k| k == 0 || k == self.end),
            Finish::GoalFields => {
                // Checkers in the goal fields must be closed up at the top: one a field from
                // the last down, or with own stacking (D3) all on the last field (any other
                // could still step up onto it).
                let mut expect = self.end;
                for &k in ch.iter().rev() {
                    if k == 0 {
                        break;
                    }
                    if k != expect {
                        return false;
                    }
                    expect -= u8::from(!self.rules.own_stacking);
                }
                true
            }
        }
    }

    /// After a roll was played or lost: places, another roll on a 6 (L7, A3), three tries (D8)
    /// or the next player (L3).
    #[inline(always)]
    fn end_of_roll(&self, pos: &mut Position, c: Colour, die: u8, lost: bool) {
        pos.die = None;
        // A lost roll moved nothing, so nobody can have finished by it.
        if !lost && self.has_finished(pos, c) && !pos.places.contains(c) {
            pos.places.push(c);
            let left = self.seats.len() - pos.places.len();
            if !self.rules.play_out_places || left <= 1 {
                if self.rules.play_out_places {
                    let last = self.next_player(pos, c);
                    pos.places.push(last);
                }
                pos.to_move = None;
                pos.six_streak = 0;
                pos.tries = 0;
                return;
            }
            self.pass_turn(pos, c);
            return;
        }
        // A 6 rolls again (tries reset); a lost roll may be retried (D8); otherwise the turn
        // passes. Only a 6 keeps the six streak: a retried roll is not a 6, so the sixes
        // before it and after it are not in a row (D5). Selected without a branch on the die.
        let six = die == 6;
        let retry =
            !six && lost && self.rules.three_tries && pos.tries + 1 < 3 && self.stuck(pos, c);
        let stay = six | retry;
        let next = self.next_player(pos, c);
        pos.to_move = Some(if stay { c } else { next });
        pos.six_streak *= u8::from(six);
        pos.tries = if retry { pos.tries + 1 } else { 0 };
    }

    #[inline(always)]
    fn roll(&self, st: &mut State, rolled: Die) {
        let die = rolled.value();
        // The move list is already empty: it holds moves only while a die is pending, and a
        // roll is refused then.
        debug_assert!(st.moves.len() == 0);
        let pos = &mut st.pos;
        if let Some(o) = &mut pos.opening {
            match o.roll(die) {
                Some(first) => {
                    pos.opening = None;
                    pos.to_move = Some(first);
                }
                None => pos.to_move = o.next_roller(),
            }
            return;
        }
        let Some(c) = pos.to_move else { return };
        let six = die == 6;
        // Saturating: with unlimited sixes (D5) a streak of 255 or more reads 255, and only a
        // limit of sixes, which is at most 255, ever reads the counter.
        pos.six_streak = pos.six_streak.saturating_add(u8::from(six));
        if let Some(m) = self.rules.max_sixes {
            // Only a 6 can reach the limit: the streak is below it before the roll.
            if pos.six_streak >= m {
                // D5: the roll is forfeited and the turn ends.
                self.pass_turn(pos, c);
                return;
            }
        }
        self.generate(pos, &st.occupancy, c, die, &mut st.moves);
        if st.moves.len() == 0 {
            // A11, A12: no legal move, the roll is lost.
            self.end_of_roll(pos, c, die, true);
        } else {
            pos.die = Some(rolled);
        }
    }

    #[inline(always)]
    fn play_move(&self, st: &mut State, m: &Move) {
        let pos = &mut st.pos;
        let c = m.colour();
        let die = pos.die.map_or(0, Die::value);
        if !m.is_pass() {
            let (from, to) = (m.source_index(), m.target_index());
            // The checkers are worked on as one word and stored once: byte stores followed
            // by a load of the whole word would stall the store forwarding.
            let before = pos.checkers[c];
            // The checkers are sorted: the first one at `from` moves (for two entering, the
            // first two, both in the den).
            let ch = if m.is_enter_two() {
                move_sorted(move_sorted(before, 0, to), 0, to)
            } else if let Some(i) = first_equal(before, from) {
                move_sorted(before, i, to)
            } else {
                before
            };
            pos.checkers[c] = ch;
            // Keep the occupancy up to date: the source dot loses this colour unless another
            // own checker stays there; the target dot gains it (after the source, for a
            // bounce back onto its own index).
            let ((source, leaves), (target, lands)) = (self.dot_of(c, from), self.dot_of(c, to));
            // Without own stacking (D3) no other own checker can stand on a dot a checker
            // leaves (the den and the finishing dot are [`NO_DOT`], never tracked).
            let stays = if self.rules.own_stacking {
                leaves * u8::from(first_equal(ch, from).is_some())
            } else {
                0
            };
            let dots = &mut st.occupancy.0;
            dots[usize::from(source)] &= !leaves | stays;
            dots[usize::from(target)] |= lands;
            if let Some(o) = m.capture() {
                // L10, A10: every checker of the captured colour on that loop dot goes to its
                // den (L11). The loop index is at least 1, so the den's zeros never match.
                dots[usize::from(target)] = lands;
                let k = self.relative(c, to, o);
                pos.checkers[o] = send_home(pos.checkers[o], k);
            }
        }
        st.moves.clear();
        self.end_of_roll(pos, c, die, false);
    }
}

/// The colours on each dot as bits, indexed by [`ColourTables::dot`]'s dot numbers: on a loop
/// dot that is not safe [`Colour::bit`] in the low nibble (at most one colour), on a home dot
/// (shared by number between the colours' home tracks) and on a safe loop dot (D7's separate
/// option, where colours may share) the same bit in the high nibble, so that the low nibble
/// names exactly the colours a landing can capture.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Occupancy([u8; 256]);

/// The bit of colour `c` in [`Occupancy`] on dot `dot`, given the safe loop dots as a set
/// of bits (D7's separate option): in the high nibble on a home dot or a safe loop dot.
#[inline]
fn occupancy_bit(c: Colour, dot: u8, safe: u128) -> u8 {
    let high = dot >= HOME_DOTS || safe >> (dot & 0x7F) & 1 != 0;
    c.bit() << (4 * u32::from(high))
}

/// The index of the first of four bytes equal to `k` (SWAR: the lowest flagged byte of the
/// zero-byte test is always exact).
#[inline]
fn first_equal(a: [u8; 4], k: u8) -> Option<usize> {
    let x = u32::from_le_bytes(a) ^ (u32::from(k) * 0x0101_0101);
    let z = x.wrapping_sub(0x0101_0101) & !x & 0x8080_8080;
    if z == 0 {
        None
    } else {
        Some((z.trailing_zeros() / 8) as usize)
    }
}

/// `a` with every byte equal to the byte before it set to 0 (an exact per-byte test: no carry
/// crosses between bytes), so that of a run of equal bytes only the first is kept.
#[inline]
fn first_of_equal(a: [u8; 4]) -> [u8; 4] {
    let w = u32::from_le_bytes(a);
    let x = w ^ (w << 8);
    // High bit of each byte set exactly when that byte of x is non-zero.
    let differs = (((x & 0x7F7F_7F7F) + 0x7F7F_7F7F) | x) & 0x8080_8080;
    (w & ((differs >> 7) * 0xFF)).to_le_bytes()
}

/// Sorted `a` (bytes below 0x80) with byte `i` (0..4) taken out and `v` (below 0x80) put in
/// its place in the order, as whole-word arithmetic: no branch on where the byte goes (a
/// random move's distance would mostly mispredict one) and no byte-by-byte exchanges.
#[inline]
fn move_sorted(a: [u8; 4], i: usize, v: u8) -> [u8; 4] {
    let w = u32::from_le_bytes(a);
    let below = (1u32 << (8 * (i & 3))) - 1;
    // Byte i out: the bytes above it move down one, and the top byte becomes 0xFF, which
    // sorts after every index.
    let rest = w & below | (w >> 8) & !below | 0xFF00_0000;
    // The high bit of each byte of `rest` that is not below `v` (no borrow crosses bytes:
    // each byte with its high bit set minus a value below 0x80 stays positive).
    let not_below = ((rest | 0x8080_8080) - u32::from(v) * 0x0101_0101) & 0x8080_8080;
    // The bytes below `v` (0..=3: the top byte never is) stay, `v` follows, the rest move up.
    let j = 4 - ((not_below >> 7).wrapping_mul(0x0101_0101) >> 24);
    let low = (1u32 << (8 * (j & 3))) - 1;
    (rest & low | u32::from(v) << (8 * (j & 3)) | (rest << 8) & !(low << 8 | 0xFF)).to_le_bytes()
}

/// Sorted `a` (bytes below 0x80) with every byte equal to `k` (at least 1) set to 0 and moved
/// to the front, as whole-word arithmetic: the equal bytes are one run `s..s + m`, so the
/// bytes below it move up by `m` and zeros fill the bottom.
#[inline]
fn send_home(a: [u8; 4], k: u8) -> [u8; 4] {
    let w = u32::from_le_bytes(a);
    let x = w ^ (u32::from(k) * 0x0101_0101);
    // The high bit of each byte set exactly when that byte of x is non-zero (no carry
    // crosses bytes).
    let nonzero = (((x & 0x7F7F_7F7F) + 0x7F7F_7F7F) | x) & 0x8080_8080;
    let equal = !nonzero & 0x8080_8080;
    let m = (equal >> 7).wrapping_mul(0x0101_0101) >> 24;
    // The first equal byte (4 when none: then m = 0 and the word is unchanged).
    let s = equal.trailing_zeros() / 8;
    let w = u64::from(w);
    let below = (1u64 << (8 * s)) - 1;
    let above = !((1u64 << (8 * (s + m))) - 1);
    (((w & below) << (8 * m) | w & above) as u32).to_le_bytes()
}

impl Game for Ludo {
    type State = State;
    type Action = Action;
    type Error = PlayError;

    fn num_players(&self) -> usize {
        self.seats.len()
    }

    fn new_initial_state(&self) -> State {
        let first = self.seats.colours().next().unwrap_or_default();
        let mut pos = Position {
            geometry: self.rules.geometry,
            seats: self.seats,
            to_move: Some(first),
            six_streak: 0,
            checkers: crate::ByColour::default(),
            die: None,
            tries: 0,
            places: crate::Places::default(),
            opening: None,
        };
        if self.rules.opening_checker {
            for c in self.seats.colours() {
                pos.checkers[c] = [0, 0, 0, 1];
            }
        }
        if self.rules.roll_for_start {
            pos.opening = Some(Opening::new(self.seats));
        }
        State {
            rules: self.rules,
            key: self.key,
            occupancy: self.occupancy(&pos),
            pos,
            moves: MoveList::new(),
        }
    }

    #[inline]
    fn turn(&self, s: &State) -> Turn {
        match s.pos.to_move {
            None => Turn::Terminal,
            Some(c) if s.pos.die.is_some() => {
                Turn::Player(s.pos.seats.seat_of(c).unwrap_or_default())
            }
            Some(_) => Turn::Chance,
        }
    }

    /// The legal moves (none for a state of other rules, which [`Game::apply`] refuses).
    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if s.key == self.key {
            out.extend(s.moves.as_slice().iter().map(|&m| Action::Move(m)));
        }
    }

    #[inline]
    fn is_legal(&self, s: &State, a: &Action) -> bool {
        if s.key != self.key {
            return false;
        }
        match (self.turn(s), a) {
            (Turn::Player(_), Action::Move(m)) => s.moves.contains(*m),
            (Turn::Chance, Action::Roll(_)) => true,
            _ => false,
        }
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, f64)>) -> bool {
        out.clear();
        if self.turn(s) == Turn::Chance && s.key == self.key {
            out.extend(Die::ALL.iter().map(|&d| (Action::Roll(d), 1.0 / 6.0)));
        }
        true
    }

    #[inline]
    fn sample_chance(&self, _s: &State, rng: &mut GameRng) -> Option<Action> {
        Some(Action::Roll(Die::ALL[rng.below(6) as usize]))
    }

    #[inline]
    fn sample_action(
        &self,
        s: &State,
        rng: &mut GameRng,
        _buf: &mut Vec<Action>,
    ) -> Option<Action> {
        if s.key != self.key {
            return None; // a state of other rules: nothing is legal (`legal_actions`)
        }
        match s.moves.len() {
            // Empty unless a die is pending.
            0 => None,
            // A forced move needs no randomness.
            1 => Some(Action::Move(s.moves.slot(0))),
            // The index is below the length, so the slot is a listed move.
            n => Some(Action::Move(s.moves.slot(rng.index(n)))),
        }
    }

    #[inline]
    fn apply(&self, s: &mut State, a: &Action) -> Result<(), PlayError> {
        if s.key != self.key {
            return Err(PlayError::OtherRules);
        }
        match a {
            Action::Roll(d) => {
                match s.pos.to_move {
                    None => return Err(PlayError::GameOver),
                    Some(c) if s.pos.die.is_some() => return Err(PlayError::MoveExpected(c)),
                    Some(_) => {}
                }
                self.roll(s, *d);
                Ok(())
            }
            // The move list is empty unless a die is pending, and then holds only moves of
            // the colour to move: a listed move passes every check of `check_player`, so the
            // list is consulted first and the reasons for a refusal only when it fails.
            Action::Move(m) if s.moves.contains(*m) => {
                self.play_move(s, m);
                Ok(())
            }
            Action::Move(m) => {
                self.check_player(s, m)?;
                Err(PlayError::Illegal {
                    mv: *m,
                    die: s.pos.die.unwrap_or(Die::ALL[0]),
                })
            }
        }
    }

    fn returns(&self, s: &State) -> Option<Returns> {
        if s.pos.to_move.is_some() {
            return None;
        }
        // The state's own seats and rules, so that another game's state is read as itself.
        let n = s.pos.seats.len().max(2);
        Some(BySeat::from_fn(n, |seat| {
            let c = s.pos.seats.colour_of(seat).unwrap_or_default();
            match s.pos.places.place_of(c) {
                Some(p) if s.rules.play_out_places => 1.0 - 2.0 * p as f64 / (n - 1) as f64,
                Some(0) => 1.0,
                _ => -1.0,
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The moves of every roll at every chance node of random games under `rules`, generated
    /// by the duties of `DUTIES` and by the general duties read from the rules.
    fn assert_duties_agree<const DUTIES: u8>(rules: Rules) {
        use boardgame_core::{GameRng, Turn};
        let g = Ludo::new(rules).expect("valid rules");
        let mut buf = Vec::new();
        for seed in 0..40 {
            let mut rng = GameRng::new(seed, 7);
            let mut st = g.new_initial_state();
            while g.turn(&st) != Turn::Terminal {
                if let (Turn::Chance, None, Some(c)) = (g.turn(&st), st.pos.opening, st.pos.to_move)
                {
                    for die in 1..=6 {
                        let (mut fast, mut any) = (MoveList::new(), MoveList::new());
                        let (pos, occupancy) = (&st.pos, &st.occupancy);
                        g.generate_for::<false, DUTIES, false>((pos, occupancy, c, die, &mut fast));
                        g.generate_for::<false, ANY_DUTIES, false>((
                            pos, occupancy, c, die, &mut any,
                        ));
                        assert_eq!(fast.as_slice(), any.as_slice(), "{} die {die}", st.pos);
                    }
                }
                let a = match g.turn(&st) {
                    Turn::Chance => g.sample_chance(&st, &mut rng),
                    _ => g.sample_action(&st, &mut rng, &mut buf),
                };
                g.apply(&mut st, &a.expect("an action"))
                    .expect("a legal action");
            }
        }
    }

    /// `missing_rule` names only kinds of move the rules lack: no legal move of random games
    /// under the presets and the options that remove kinds of move has one.
    #[test]
    fn no_legal_move_is_of_a_kind_the_rules_lack() {
        use boardgame_core::{GameRng, Turn};
        let mut one_six = Rules::lattjo();
        one_six.release_rolls = crate::ReleaseRolls::new(&[Die::ALL[5]]).unwrap();
        for rules in [
            Rules::lattjo(),
            Rules::classic(),
            Rules::mensch(),
            Rules::lattjo().with_must_move(false),
            Rules::lattjo().with_own_stacking(false),
            Rules::classic()
                .with_must_move(false)
                .with_three_tries(true),
            one_six,
        ] {
            let g = Ludo::new(rules).expect("valid rules");
            let mut buf = Vec::new();
            for seed in 0..30 {
                let mut rng = GameRng::new(seed, 11);
                let mut st = g.new_initial_state();
                while g.turn(&st) != Turn::Terminal {
                    for m in st.legal_moves() {
                        assert_eq!(g.missing_rule(m), None, "{m} at {}", st.pos);
                    }
                    let a = match g.turn(&st) {
                        Turn::Chance => g.sample_chance(&st, &mut rng),
                        _ => g.sample_action(&st, &mut rng, &mut buf),
                    };
                    g.apply(&mut st, &a.expect("an action"))
                        .expect("a legal action");
                }
            }
        }
    }

    /// D1 (a release roll must release) and D2 (the start dot cleared) without D9's pass: the
    /// Mensch generator's shortcut lists, at every roll of random games, exactly the moves
    /// the general duties list.
    #[test]
    fn mensch_duties_list_what_the_general_duties_list() {
        assert_eq!(
            Ludo::new(Rules::mensch()).unwrap().generator,
            Generator::Mensch
        );
        for players in 2..=4 {
            assert_duties_agree::<MENSCH_DUTIES>(Rules::mensch().with_players(players));
        }
        // Classic with both duties (no goal fields, the third 6 forfeits).
        let classic = Rules::classic()
            .with_release_compulsory(true)
            .with_clear_start(true);
        assert_eq!(Ludo::new(classic).unwrap().generator, Generator::Mensch);
        assert_duties_agree::<MENSCH_DUTIES>(classic);
        assert_duties_agree::<NO_DUTIES>(Rules::classic());
    }

    #[test]
    fn first_equal_is_exact_for_every_byte_pattern() {
        let values = [0u8, 1, 2, 0x7F, 0x80, 0x81, 0xFF];
        for &a in &values {
            for &b in &values {
                for &c in &values {
                    for &d in &values {
                        let v = [a, b, c, d];
                        for &k in &values {
                            assert_eq!(
                                first_equal(v, k),
                                v.iter().position(|&x| x == k),
                                "{v:?} {k}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Every sorted array of four path indices from a small alphabet (with the largest
    /// index a path can have), for the word helpers below.
    fn sorted_arrays() -> Vec<[u8; 4]> {
        let values = [0u8, 1, 2, 5, 6, 44, 45, 0x7F];
        let mut out = Vec::new();
        for &a in &values {
            for &b in values.iter().filter(|&&b| b >= a) {
                for &c in values.iter().filter(|&&c| c >= b) {
                    for &d in values.iter().filter(|&&d| d >= c) {
                        out.push([a, b, c, d]);
                    }
                }
            }
        }
        out
    }

    #[test]
    fn move_sorted_equals_replacing_and_sorting() {
        let values = [0u8, 1, 2, 3, 5, 6, 7, 44, 45, 46, 0x7F];
        for v in sorted_arrays() {
            for i in 0..4 {
                for &new in &values {
                    let mut want = v;
                    want[i] = new;
                    want.sort_unstable();
                    assert_eq!(move_sorted(v, i, new), want, "{v:?} [{i}] = {new}");
                }
            }
        }
    }

    #[test]
    fn first_of_equal_keeps_the_first_of_each_run() {
        for v in sorted_arrays() {
            let want: Vec<u8> = (0..4)
                .map(|i| if i > 0 && v[i] == v[i - 1] { 0 } else { v[i] })
                .collect();
            assert_eq!(first_of_equal(v).to_vec(), want, "{v:?}");
        }
    }

    #[test]
    fn send_home_equals_zeroing_and_sorting() {
        for v in sorted_arrays() {
            for k in [1u8, 2, 5, 6, 44, 45, 0x7F] {
                let mut want = v.map(|x| if x == k { 0 } else { x });
                want.sort_unstable();
                assert_eq!(send_home(v, k), want, "{v:?} {k}");
            }
        }
    }
}
