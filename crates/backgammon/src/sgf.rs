//! GNU Backgammon's native match files: SGF (Smart Game Format, `GM[6]`), as GNUBG writes
//! them (`save match`, `save game`) and reads them (`load match`).
//!
//! # Examples
//!
//! ```
//! use lattjo_backgammon::sgf::{SgfAction, SgfFile};
//! use lattjo_backgammon::mat::MATCH_RULES;
//! use lattjo_backgammon::{Action, Side};
//!
//! // As GNUBG 1.07.001 saves a 1-point match (analysis left out).
//! let text = "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]\
//!     MI[length:1][game:0][ws:0][bs:0]PW[gnubg]PB[alice]RU[Crawford]RE[W+1]
//! ;B[63lrad]A[0][lrad E ver 3 0.49 0.13 0.01 0.14 0.01 -0.05 0C 0 1 0.0 1]
//! ;W[double]
//! ;B[drop])
//! ";
//! let file = SgfFile::parse(text)?;
//! let game = &file.games[0];
//! assert_eq!(game.length, 1);
//! // SGF's `B` is GNUBG's player 1, this crate's White; `W` (player 0) is Black.
//! assert_eq!(game.players[Side::White.index()], "alice");
//! assert_eq!(game.players[Side::Black.index()], "gnubg");
//! assert!(matches!(game.nodes[0].action, SgfAction::Roll { side: Side::White, dice: [6, 3], .. }));
//!
//! // Replayed through this crate (the analysis property `A` is skipped).
//! let replay = file.replay(&MATCH_RULES)?;
//! assert_eq!(replay.actions[0], Action::Opening { white: 6, black: 3 });
//! assert_eq!(replay.state.totals().as_slice(), &[0, 1]); // Black (SGF's W) won
//!
//! // Written back, it reads back to the same record.
//! assert_eq!(SgfFile::parse(&file.write()?)?, file);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The format
//!
//! A file is a collection of game trees, one per game, each `(` a sequence of nodes `;`
//! `)`; a node holds properties, an upper-case identifier and one or more values in
//! brackets (`PW[alice]`, `MI[length:5][game:0]`), where `\` escapes the next character
//! (`\]`, `\\`) and a `\` before a line break removes it. GNUBG writes per game a root node
//! with:
//!
//! - `FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]`: format, game (6 is backgammon),
//!   charset and application;
//! - `MI[length:5][game:0][ws:0][bs:0]`: the match length (0 a money session), the game's
//!   index from 0, and the scores before the game of `W` and `B`;
//! - `PW[...]PB[...]`: the players; `WR`, `BR`, `DT[2026-12-04]`, `EV`, `RO`, `PC`, `AN`,
//!   `GC` (ratings, date, event, round, place, annotator, comment) in the first game;
//! - `RU[Crawford:CrawfordGame:Jacoby]`: the rules (also `NoCube`, `Nackgammon`,
//!   `Hypergammon1`-`3`); `CV[4]` in the root: automatic doubles;
//! - `RE[W+2]`, `RE[B+1R]`: the winner, the points and `R` when the loser resigned;
//! - `GS[...]`: statistics of an analysed game;
//!
//! then one node per action: `;B[63lrad]` (the dice, then per checker movement two
//! letters, from and to), `;W[double]`, `;B[take]`, `;B[drop]`. A roll without letters is a
//! roll that could not be played. The letters name points on a fixed board: `a` is point 1 of
//! the player `W` and point 24 of `B`, `x` point 24 of `W` and point 1 of `B`; `y` is the
//! bar and `z` off, for both. After the move come analysis properties (`A`, `DA`, `MR`,
//! `CR`, `LU`, `GB`, `GW`, `BM`, `DO`, `BC`, `DC`) and comments (`C`), which this module
//! skips. A position set up by hand is written as setup properties (`AE`, `AB`, `AW`,
//! `PL`, `DI`, `CV`, `CP`), which this module keeps ([`SgfAction::Setup`]); opening the
//! first game, as GNUBG's `save position` writes them, they are a set-up position that the
//! replay starts from (below).
//!
//! **Colours.** SGF's `B` is GNUBG's player 1 (`PB`, its bottom player) and `W` its
//! player 0 (`PW`). This crate numbers them the other way round ([`Side::gnubg_player`]): **SGF's `B`
//! is this crate's [`Side::White`] and SGF's `W` is [`Side::Black`]**. Everything in
//! [`SgfGame`] is in this crate's sides (`players` and `scores` indexed by
//! [`Side::index`]); only the text has GNUBG's letters.
//!
//! # Three steps
//!
//! - [`SgfFile::parse`] reads the text ([`ParseError`] with the byte offset). Variations
//!   are read for their syntax only, and only the main line is kept: at each node the
//!   first child, as GNUBG does (GNUBG writes none). Unknown properties are skipped; a game
//!   tree whose root has no `GM[6]` is refused (GNUBG skips it).
//! - [`SgfFile::replay`] plays the record through [`Match`] under given
//!   [`Rules`] ([`SgfFile::rules`] gives the ones the file names) and checks every move,
//!   cube action, score, game index, Crawford game and result ([`ReplayError`] with the
//!   game and the byte offset). It returns [`mat`]'s [`Replay`].
//! - [`SgfFile::write`] writes GNUBG's layout ([`WriteError`]); [`SgfFile::record`]
//!   builds a record from the actions of a played match ([`RecordError`]), and
//!   [`SgfFile::position`] a set-up position from a state ([`SetUpError`]).
//!
//! What the format does not say, and what this crate decides (docs/backgammon.md, "GNUBG's
//! SGF files"): a resignation is only in `RE` (`R`), not in the moves: it is replayed as the
//! loser's resignation at the end of the game (D6), of the level the points give (GNUBG's
//! rule: up to the cube a single game, up to twice the cube a gammon, else a backgammon),
//! before the roll. GNUBG writes the dice of a player who rolled and then resigned as a
//! setup node `;PL[W]DI[53]` last in the game: replayed, like a roll without letters
//! followed by the end of a game the roller lost by resignation, as that roll and the
//! resignation after it (D6 lets the player on roll offer before the roll or the play); the
//! record writes such a resignation so too. A game whose last node is a double and whose
//! `RE` gives the doubler a resignation is the doubled player's resignation instead of an
//! answer (GNUBG allows it): replayed under [`crate::Rules::resign_when_doubled`], its level
//! from the points against the cube before the double, and written so.
//! Another roll without letters is no play, or the one legal play if there is exactly one.
//! A match saved with dice rolled and not played ends with `;PL[W]DI[43]` and a move node
//! of those dice without letters: the replay ends with those dice to play. A `double`
//! answering a double is a beaver (D5). The cube values are not written; the replay
//! computes them. A first game that opens with setup nodes setting the board or the cube
//! is a set-up position, read as GNUBG 1.07.001's `load position` reads it (checked on 300
//! of its files): the board must be cleared whole first (`AE[a:y]`, as GNUBG writes it);
//! the replay starts from that state ([`Replay::start`]), or, when moves follow (each move
//! node carries its own dice, as GNUBG reads them), from that position before the roll.
//! Apart from the setup nodes these are the rules of [`mat`]'s replay, which this module
//! uses.

use boardgame_core::text::excerpt;
use core::fmt;

use boardgame_core::{Game, Match, MatchConfig};

use crate::board::{BAR, OFF, Position, PositionError, Side};
use crate::game::{
    Action, Backgammon, MatchContext, MatchContextError, OtherRulesError, Phase, Rules, State,
    StateError, StateSetup, WinKind,
};
use crate::ids::{MAX_CUBE_LOG2, MAX_MATCH_LENGTH};
use crate::mat::{self, MATCH_RULES, MatAction, MatEntry, MatFile, MatGame, MatMovement, Replay};
use crate::movegen::{Dice, Step};

/// The largest input [`SgfFile::parse`] reads: 16 MiB (an analysed 25-point match is about
/// 2 MiB).
pub const MAX_FILE_BYTES: usize = 16 << 20;

/// The deepest nesting of game trees [`SgfFile::parse`] reads (GNUBG writes 1; variations
/// add one level each).
pub const MAX_DEPTH: usize = 64;

/// The longest property identifier [`SgfFile::parse`] reads, in letters (SGF's are one or
/// two; some programs use longer ones).
pub const MAX_ID_LEN: usize = 8;

/// The most property values [`SgfFile::parse`] holds for one file, the moves' aside: the
/// values of the root properties it reads or keeps (`GM`, `MI`, `PW`, `RE`, `DT`, ...), the
/// rule words of `RU` it does not know, and the values of the setup properties. GNUBG writes
/// about ten per game, so this allows some 50,000 games, more than a file of
/// [`MAX_FILE_BYTES`] holds. The values of the properties the
/// parser skips (analysis, comments, statistics, a move's values after its first) are read
/// for their syntax only and not held. With this bound the parser holds at most about 15
/// bytes for each byte of input, whatever the input.
pub const MAX_VALUES: usize = 1 << 19;

/// An SGF record of a backgammon match or session: one [`SgfGame`] per game tree.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SgfFile {
    /// The games, in order.
    pub games: Vec<SgfGame>,
}

/// One game: its root node's information and the main line's actions.
///
/// Equality ignores the byte offsets kept for error messages, so a record written and read
/// back equals the original.
#[derive(Clone, Debug, Eq, Default)]
pub struct SgfGame {
    /// The match length in points (`MI[length:n]`), 1 to [`MAX_MATCH_LENGTH`]; 0 for a money
    /// session (also when `MI` is absent).
    pub length: u32,
    /// The game's index from 0 (`MI[game:n]`).
    pub number: u32,
    /// The scores before the game, indexed by [`Side::index`] (White's is `MI[bs:n]`,
    /// Black's `MI[ws:n]`).
    pub scores: [u32; 2],
    /// The players' names, indexed by [`Side::index`] (White's is `PB`, Black's `PW`).
    pub players: [String; 2],
    /// The rules `RU` names.
    pub rules: SgfRules,
    /// `CV` in the root: the cube value automatic doubles reached before the game (1 when
    /// absent; a power of two up to 4096).
    pub initial_cube: u32,
    /// `RE`: the result; `None` for a game not finished.
    pub result: Option<SgfResult>,
    /// The root's other properties, in order: `DT`, `EV`, `RO`, `PC`, `AN`, `GC`, `WR`,
    /// `BR` and any unknown one (`FF`, `GM`, `CA`, `AP` and the statistics `GS` are not
    /// kept: [`SgfFile::write`] writes its own).
    pub info: Vec<SgfProperty>,
    /// The main line's nodes that hold an action or a setup, in order (nodes with only
    /// analysis, comments or unknown properties are skipped).
    pub nodes: Vec<SgfNode>,
    /// The byte offset of the game tree's `(` (0 for a record not read from text).
    pub offset: u32,
}

impl PartialEq for SgfGame {
    fn eq(&self, o: &SgfGame) -> bool {
        self.length == o.length
            && self.number == o.number
            && self.scores == o.scores
            && self.players == o.players
            && self.rules == o.rules
            && self.initial_cube == o.initial_cube
            && self.result == o.result
            && self.info == o.info
            && self.nodes == o.nodes
    }
}

/// The rules of `RU[...]`, words separated by colons.
#[derive(Clone, Debug, PartialEq, Eq, Default, Hash)]
pub struct SgfRules {
    /// `Crawford`: the Crawford rule applies to the match.
    pub crawford: bool,
    /// `CrawfordGame`: this game is the Crawford game.
    pub crawford_game: bool,
    /// `Jacoby`: the Jacoby rule applies (money play).
    pub jacoby: bool,
    /// `NoCube`: the cube is not used.
    pub no_cube: bool,
    /// Other words, in order: `Nackgammon`, `Hypergammon1` to `Hypergammon3` (variants
    /// this crate does not play) or unknown ones.
    pub other: Vec<String>,
}

/// `RE[W+2]`, `RE[B+1R]`: who won, how many points, and whether by resignation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SgfResult {
    /// The winner (SGF's `B` is [`Side::White`]).
    pub winner: Side,
    /// The points won (GNUBG: at least 1).
    pub points: u32,
    /// `R`: the loser resigned.
    pub resigned: bool,
}

/// A property kept as read: its identifier and values (unescaped).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SgfProperty {
    /// The identifier, upper-case letters (`DT`, `EV`).
    pub id: String,
    /// The values, at least one.
    pub values: Vec<String>,
}

/// A node of the main line with an action or a setup.
///
/// Equality ignores `offset`.
#[derive(Clone, Debug, Eq)]
pub struct SgfNode {
    /// What the node records.
    pub action: SgfAction,
    /// The byte offset of the node's `;` (0 for a record not read from text).
    pub offset: u32,
}

impl PartialEq for SgfNode {
    fn eq(&self, o: &SgfNode) -> bool {
        self.action == o.action
    }
}

/// What a node records. The side is this crate's: `B[...]` is [`Side::White`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SgfAction {
    /// `B[63lrad]`: a roll and its checker steps in the mover's numbering (25 the bar, 0
    /// off), in the written order; none when the roll could not be played (or, GNUBG, the
    /// player rolled and then resigned).
    Roll {
        /// The mover.
        side: Side,
        /// The dice as written, each 1 to 6.
        dice: [u8; 2],
        /// The checker steps, at most four.
        steps: Vec<Step>,
    },
    /// `[double]`: a double, or a beaver when it answers a double (D5).
    Double(Side),
    /// `[take]`.
    Take(Side),
    /// `[drop]`.
    Drop(Side),
    /// Setup properties (`AE`, `AB`, `AW`, `PL`, `DI`, `CV`, `CP`) as read: a position,
    /// dice or cube set by hand. Replayed where they open the first game (a set-up position,
    /// as GNU Backgammon's `save position` writes it: see [`SgfFile::replay`]); read and
    /// written elsewhere.
    Setup(Vec<SgfProperty>),
}

// ---------------------------------------------------------------------------------------
// Errors

/// An SGF text that does not read, and the byte offset where it fails.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("byte {offset}: {kind}")]
#[non_exhaustive]
pub struct ParseError {
    /// The byte offset in the input.
    pub offset: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong in a [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input is longer than [`MAX_FILE_BYTES`].
    #[error("the input has {0} bytes, more than the 16 MiB read")]
    TooLarge(usize),
    /// Game trees nested deeper than [`MAX_DEPTH`].
    #[error("game trees nested deeper than 64")]
    TooDeep,
    /// A character where none is expected (outside a value: `(`, `)`, `;`, a property
    /// identifier or white space).
    #[error("unexpected character {0:?}")]
    Unexpected(char),
    /// The input ends inside a game tree or a value.
    #[error("the input ends inside a game tree or value")]
    UnexpectedEnd,
    /// A game tree without a node.
    #[error("a game tree without a node")]
    EmptyTree,
    /// A node after a variation in the same tree.
    #[error("a node after a variation")]
    NodeAfterVariation,
    /// A property identifier longer than [`MAX_ID_LEN`] or with lower-case letters.
    #[error("bad property identifier {0:?}")]
    PropertyId(String),
    /// A property without a value.
    #[error("property {0} has no value")]
    NoValue(String),
    /// More than [`MAX_VALUES`] root and setup property values in the file.
    #[error("more than {MAX_VALUES} root and setup property values (moves aside)")]
    TooManyValues,
    /// No game tree.
    #[error("no game tree")]
    NoGames,
    /// A game tree whose root has no `GM[6]` (the value found, empty when absent).
    #[error("not a backgammon game: GM[{0}]")]
    NotBackgammon(String),
    /// An `MI` value that does not read: not `key:number`, a number not below 2^32, or a
    /// length above 64.
    #[error("bad match information {0:?}")]
    MatchInfo(String),
    /// An `RE` value that is not `W+n`, `B+n` or those with `R`.
    #[error("bad result {0:?}")]
    Result(String),
    /// A `CV` in the root that is not a power of two up to 4096.
    #[error("bad cube value {0:?}")]
    Cube(String),
    /// A move value that does not read: dice outside 1-6, an odd letter, a letter outside
    /// `a`-`z`, a step backwards, more than four steps.
    #[error("bad move {0:?}")]
    Move(String),
    /// Two moves in one node.
    #[error("two moves in one node")]
    TwoMoves,
    /// A node with a move and setup properties.
    #[error("a node with a move and setup properties")]
    MixedNode,
    /// A move or setup property in the root node.
    #[error("property {0} in the root node")]
    InRoot(String),
}

/// A record [`SgfFile::write`] cannot write so that it reads back as itself.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// A file without games.
    #[error("a file without games")]
    NoGames,
    /// A match length above 64.
    #[error("match length {0} is above 64")]
    Length(u32),
    /// A root `CV` that is not a power of two up to 4096.
    #[error("cube value {0} is not a power of two up to 4096")]
    Cube(u32),
    /// A roll with a die outside 1 to 6 or more than four steps.
    #[error("a roll has a die outside 1-6 or more than four steps")]
    Roll,
    /// A property (kept or of a setup) whose identifier is not 1 to 8 upper-case letters,
    /// that has no value, or that would read back as something else (a kept root property
    /// named like one the writer writes; a setup property that is not a setup). The text is
    /// the identifier, at most [`EXCERPT_CHARS`](boardgame_core::text::EXCERPT_CHARS)
    /// characters of it.
    #[error("property {0:?} cannot be written")]
    Property(String),
    /// A rule word that is empty, has a colon, or is one of the named ones (at most
    /// [`EXCERPT_CHARS`](boardgame_core::text::EXCERPT_CHARS) characters of it).
    #[error("rule {0:?} cannot be written")]
    Rule(String),
    /// A result of 0 points.
    #[error("a result of 0 points")]
    Result,
    /// More than [`MAX_VALUES`] root and setup property values in all (counted as
    /// [`SgfFile::parse`] counts them: `GM`, four of `MI`, `PW`, `PB`, `RU` and its other
    /// words, `CV`, `RE` and the kept properties of each game), which the reader would
    /// refuse.
    #[error("more than {MAX_VALUES} root and setup property values (moves aside)")]
    TooManyValues,
    /// The output sink failed.
    #[error("the output failed")]
    Fmt,
}

impl From<fmt::Error> for WriteError {
    fn from(_: fmt::Error) -> WriteError {
        WriteError::Fmt
    }
}

/// A record that does not replay: the game (its 1-based index in the file), the byte
/// offset of the node to blame (of the game tree when no node is) and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, byte {offset}: {kind}")]
#[non_exhaustive]
pub struct ReplayError {
    /// The game, 1 for the file's first.
    pub game: u32,
    /// The byte offset.
    pub offset: u32,
    /// What was wrong.
    pub kind: ReplayErrorKind,
}

/// What is wrong in a [`ReplayError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayErrorKind {
    /// What [`mat`]'s replay finds wrong: an illegal move, a cube action out of
    /// turn, scores that do not add up, a result the game did not give.
    #[error(transparent)]
    Replay(#[from] mat::ReplayErrorKind),
    /// Games of different match lengths.
    #[error("match length {found}, the first game's is {first}")]
    Length {
        /// The first game's length.
        first: u32,
        /// This game's.
        found: u32,
    },
    /// `MI[game:n]` is not the game's index from 0.
    #[error("game index {written}, expected {expected}")]
    Number {
        /// The index written.
        written: u32,
        /// The game's index from 0.
        expected: u32,
    },
    /// `RU[CrawfordGame]` where the replay has (`true`) or has not (`false`) the Crawford
    /// game.
    #[error("CrawfordGame written: {written}, the replay's Crawford game: {computed}")]
    CrawfordGame {
        /// Whether `CrawfordGame` is written.
        written: bool,
        /// Whether the replay has the Crawford game.
        computed: bool,
    },
    /// `RE` says resigned (`true`) or not (`false`), the game ended the other way.
    #[error("resignation written: {written}, but the game ended otherwise")]
    Resigned {
        /// Whether `R` is written.
        written: bool,
    },
    /// What this crate does not replay: setup properties outside a set-up position at a
    /// game's start, a result after a set-up position with no move, a first move without
    /// steps of other dice than those set, automatic doubles, raccoons.
    #[error("not supported: {0}")]
    Unsupported(&'static str),
    /// A setup property of a set-up position with a value GNU Backgammon does not write (a
    /// point letter outside `a`-`y`, a cube value that is not a power of two up to 4096,
    /// dice outside 1-6, a side other than `B` or `W`), or the position lacks the player on
    /// roll (`PL`).
    #[error("set-up property {id}[{value}] is not valid")]
    SetupValue {
        /// The property's identifier.
        id: String,
        /// The value (empty when the property is missing).
        value: String,
    },
    /// The checkers of a set-up position are not a position (more than 15 of a side, both
    /// sides on a point).
    #[error("the set-up position is not a position: {0}")]
    SetupPosition(#[source] PositionError),
    /// A set-up position that is not a state of the game (a cube in the Crawford game, a
    /// game already won).
    #[error("the set-up position is not a state: {0}")]
    SetupState(#[source] StateError),
    /// The match of a set-up position (`MI`, `RU[CrawfordGame]`) is not a game of a match: a
    /// score not below the length, or the Crawford game with no side at match point.
    #[error("the set-up position's match: {0}")]
    SetupMatch(#[source] MatchContextError),
    /// A set-up position that the rules of the replay cannot reach
    /// ([`Backgammon::check_state`]): a cube above 1 without the cube (`RU[NoCube]`), a cube
    /// above the rules' limit, a Crawford game under rules without the Crawford rule. (A
    /// centred cube above 1 is taken as set by hand, as GNU Backgammon sets one, and read.)
    #[error("the set-up position is not one of these rules: {0}")]
    SetupRules(#[source] OtherRulesError),
}

/// Actions that [`SgfFile::record`] cannot turn into an SGF record: the index of the action
/// and why (as [`mat`]'s record).
pub type RecordError = mat::RecordError;

// ---------------------------------------------------------------------------------------
// Reading: the SGF syntax

struct RawProp {
    id: String,
    values: Vec<String>,
}

struct RawNode {
    offset: usize,
    props: Vec<RawProp>,
}

struct Frame {
    main: bool,
    nodes: usize,
    children: usize,
}

fn perr(offset: usize, kind: ParseErrorKind) -> ParseError {
    ParseError { offset, kind }
}

struct Lexer<'a> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
    /// Root and setup property values held so far (at most [`MAX_VALUES`]).
    values: usize,
}

/// Which properties of a node [`Lexer::node`] holds; the values of the others are read for
/// their syntax and dropped as they are read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Hold {
    /// A game tree's root: all but `FF`, `CA`, `AP` and the statistics `GS`.
    Root,
    /// A node of the main line: the moves and the setup properties.
    Main,
    /// A node of a variation: none.
    Nothing,
}

impl Hold {
    fn holds(self, id: &str) -> bool {
        match self {
            Hold::Root => !matches!(id, "FF" | "CA" | "AP" | "GS"),
            Hold::Main => side_of(id).is_some() || SETUP_IDS.contains(&id),
            Hold::Nothing => false,
        }
    }
}

impl Lexer<'_> {
    /// Skips white space between the parts of a tree: FF[4] names space, tab, carriage return,
    /// line feed and vertical tab, which ASCII's white space (`u8::is_ascii_whitespace`) leaves
    /// out; a form feed too.
    fn skip_ws(&mut self) {
        while self
            .b
            .get(self.pos)
            .is_some_and(|&b| b.is_ascii_whitespace() || b == 0x0B)
        {
            self.pos += 1;
        }
    }

    fn unexpected(&self) -> ParseError {
        match self.text.get(self.pos..).and_then(|s| s.chars().next()) {
            Some(c) => perr(self.pos, ParseErrorKind::Unexpected(c)),
            None => perr(self.pos, ParseErrorKind::UnexpectedEnd),
        }
    }

    /// The collection's games: each game tree's root and main line, read node by node (so
    /// that only the nodes kept are held).
    fn collection(&mut self) -> Result<Vec<SgfGame>, ParseError> {
        let mut games: Vec<SgfGame> = Vec::new();
        let mut tree_offset = 0;
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            self.skip_ws();
            let Some(&c) = self.b.get(self.pos) else {
                if stack.is_empty() {
                    return Ok(games);
                }
                return Err(perr(self.pos, ParseErrorKind::UnexpectedEnd));
            };
            match c {
                b'(' => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(perr(self.pos, ParseErrorKind::TooDeep));
                    }
                    let main = match stack.last_mut() {
                        None => {
                            tree_offset = self.pos;
                            true
                        }
                        Some(f) => {
                            if f.nodes == 0 {
                                return Err(perr(self.pos, ParseErrorKind::EmptyTree));
                            }
                            f.children += 1;
                            f.main && f.children == 1
                        }
                    };
                    stack.push(Frame {
                        main,
                        nodes: 0,
                        children: 0,
                    });
                    self.pos += 1;
                }
                b')' => {
                    match stack.pop() {
                        Some(f) if f.nodes > 0 => {}
                        Some(_) => return Err(perr(self.pos, ParseErrorKind::EmptyTree)),
                        None => return Err(self.unexpected()),
                    }
                    self.pos += 1;
                }
                b';' => {
                    let at = self.pos;
                    let depth = stack.len();
                    let Some(f) = stack.last_mut() else {
                        return Err(self.unexpected());
                    };
                    if f.children > 0 {
                        return Err(perr(at, ParseErrorKind::NodeAfterVariation));
                    }
                    let is_root = f.nodes == 0 && depth == 1;
                    f.nodes += 1;
                    let main = f.main;
                    self.pos += 1;
                    let hold = if is_root {
                        Hold::Root
                    } else if main {
                        Hold::Main
                    } else {
                        Hold::Nothing
                    };
                    let node = self.node(at, hold)?;
                    if is_root {
                        games.push(root(tree_offset, node, &mut self.values)?);
                    } else if main
                        && let Some(n) = game_node(node)?
                        && let Some(g) = games.last_mut()
                    {
                        g.nodes.push(n);
                    }
                }
                _ => return Err(self.unexpected()),
            }
        }
    }

    /// The properties of a node, after its `;`: those `hold` names, with their values (a
    /// move only with its first, the one GNUBG reads); the others are checked and dropped.
    fn node(&mut self, offset: usize, hold: Hold) -> Result<RawNode, ParseError> {
        let mut props = Vec::new();
        loop {
            self.skip_ws();
            let start = self.pos;
            while self.b.get(self.pos).is_some_and(u8::is_ascii_alphabetic) {
                self.pos += 1;
            }
            if self.pos == start {
                return Ok(RawNode { offset, props });
            }
            let id = &self.text[start..self.pos];
            if id.len() > MAX_ID_LEN || !id.bytes().all(|b| b.is_ascii_uppercase()) {
                return Err(perr(start, ParseErrorKind::PropertyId(excerpt(id))));
            }
            let held = hold.holds(id);
            // A move's later values are not read (GNUBG reads the first), and do not count.
            let is_move = hold == Hold::Main && side_of(id).is_some();
            let mut values = Vec::new();
            let mut count = 0usize;
            loop {
                self.skip_ws();
                if self.b.get(self.pos) != Some(&b'[') {
                    break;
                }
                let keep = held && !(is_move && count > 0);
                if keep && !is_move {
                    if self.values == MAX_VALUES {
                        return Err(perr(self.pos, ParseErrorKind::TooManyValues));
                    }
                    self.values += 1;
                }
                values.extend(self.value(keep)?);
                count += 1;
            }
            if count == 0 {
                return Err(perr(start, ParseErrorKind::NoValue(excerpt(id))));
            }
            if held {
                props.push(RawProp {
                    id: id.to_string(),
                    values,
                });
            }
        }
    }

    /// A value from its `[` to its `]`, unescaped; `None` (and nothing held) unless `keep`.
    fn value(&mut self, keep: bool) -> Result<Option<String>, ParseError> {
        let open = self.pos;
        self.pos += 1;
        let mut out: Vec<u8> = Vec::new();
        // Only the bytes of a value kept are gathered.
        let mut push = |c: u8| {
            if keep {
                out.push(c);
            }
        };
        loop {
            let Some(&c) = self.b.get(self.pos) else {
                return Err(perr(open, ParseErrorKind::UnexpectedEnd));
            };
            self.pos += 1;
            match c {
                b']' => break,
                b'\\' => {
                    let Some(&n) = self.b.get(self.pos) else {
                        return Err(perr(open, ParseErrorKind::UnexpectedEnd));
                    };
                    self.pos += 1;
                    match n {
                        // A soft line break: removed, with the `\r` of a `\r\n`.
                        b'\n' => {
                            if self.b.get(self.pos) == Some(&b'\r') {
                                self.pos += 1;
                            }
                        }
                        b'\r' => {
                            if self.b.get(self.pos) == Some(&b'\n') {
                                self.pos += 1;
                            }
                        }
                        _ => push(n),
                    }
                }
                _ => push(c),
            }
        }
        if !keep {
            return Ok(None);
        }
        // Only ASCII bytes were removed, so the bytes are UTF-8.
        Ok(Some(String::from_utf8(out).unwrap_or_else(|e| {
            String::from_utf8_lossy(e.as_bytes()).into_owned()
        })))
    }
}

// ---------------------------------------------------------------------------------------
// Reading: backgammon

/// SGF's colour letter for a side: `B` for White (GNUBG's player 1), `W` for Black.
const fn letter_of(side: Side) -> char {
    match side {
        Side::White => 'B',
        Side::Black => 'W',
    }
}

/// The side of SGF's colour letter.
fn side_of(letter: &str) -> Option<Side> {
    match letter {
        "B" => Some(Side::White),
        "W" => Some(Side::Black),
        _ => None,
    }
}

/// The point in `side`'s numbering (25 the bar, 0 off) of a move letter.
fn letter_point(c: u8, side: Side) -> Option<u8> {
    match c {
        b'y' => Some(BAR as u8),
        b'z' => Some(OFF as u8),
        b'a'..=b'x' => Some(match side {
            // GNUBG's player 0: `a` is its point 1.
            Side::Black => c - b'a' + 1,
            // GNUBG's player 1: `x` is its point 1.
            Side::White => b'y' - c,
        }),
        _ => None,
    }
}

/// The letter of a point in `side`'s numbering.
fn point_letter(p: u8, side: Side) -> char {
    let c = match p {
        25 => b'y',
        0 => b'z',
        1..=24 => match side {
            Side::Black => b'a' + p - 1,
            Side::White => b'y' - p,
        },
        _ => b'?',
    };
    c as char
}

fn parse_u32(s: &str) -> Option<u32> {
    (!s.is_empty() && s.len() <= 10 && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse::<u32>().ok())
        .flatten()
}

fn cube_log2(cube: u32) -> Option<u8> {
    (cube.is_power_of_two() && cube <= 1 << MAX_CUBE_LOG2).then(|| cube.trailing_zeros() as u8)
}

/// The rule words `RU` names, in GNUBG's order.
const RULE_WORDS: [&str; 4] = ["NoCube", "Crawford", "CrawfordGame", "Jacoby"];

/// The root properties the reader interprets (or drops) rather than keeps.
const ROOT_IDS: [&str; 11] = [
    "FF", "GM", "CA", "AP", "MI", "PW", "PB", "RE", "RU", "CV", "GS",
];

/// The setup properties.
const SETUP_IDS: [&str; 7] = ["AE", "AB", "AW", "PL", "DI", "CV", "CP"];

/// A game from its tree's root node.
fn root(tree_offset: usize, node: RawNode, values: &mut usize) -> Result<SgfGame, ParseError> {
    let at = node.offset;
    let mut g = SgfGame {
        initial_cube: 1,
        offset: u32::try_from(tree_offset).unwrap_or(u32::MAX),
        ..SgfGame::default()
    };
    let mut gm = None;
    for p in node.props {
        let v0 = p.values[0].as_str();
        match p.id.as_str() {
            "GM" => gm = Some(v0.trim().to_string()),
            "FF" | "CA" | "AP" | "GS" => {}
            "MI" => {
                for v in &p.values {
                    let bad = || perr(at, ParseErrorKind::MatchInfo(excerpt(v)));
                    let Some((key, n)) = v.split_once(':') else {
                        return Err(bad());
                    };
                    let slot = match key {
                        "length" => &mut g.length,
                        "game" => &mut g.number,
                        "ws" => &mut g.scores[Side::Black.index()],
                        "bs" => &mut g.scores[Side::White.index()],
                        // GNUBG ignores other keys (it writes none).
                        _ => continue,
                    };
                    *slot = parse_u32(n.trim()).ok_or_else(bad)?;
                }
                if g.length > MAX_MATCH_LENGTH {
                    return Err(perr(
                        at,
                        ParseErrorKind::MatchInfo(format!("length:{}", g.length)),
                    ));
                }
            }
            "PW" => g.players[Side::Black.index()] = v0.to_string(),
            "PB" => g.players[Side::White.index()] = v0.to_string(),
            "RE" => {
                g.result =
                    Some(result(v0).ok_or_else(|| perr(at, ParseErrorKind::Result(excerpt(v0))))?)
            }
            "RU" => {
                for word in v0.split(':').filter(|w| !w.is_empty()) {
                    match word {
                        "Crawford" => g.rules.crawford = true,
                        "CrawfordGame" => g.rules.crawford_game = true,
                        "Jacoby" => g.rules.jacoby = true,
                        "NoCube" => g.rules.no_cube = true,
                        w => {
                            // Each word kept is a value held (see `MAX_VALUES`).
                            if *values >= MAX_VALUES {
                                return Err(perr(at, ParseErrorKind::TooManyValues));
                            }
                            *values += 1;
                            g.rules.other.push(w.to_string());
                        }
                    }
                }
            }
            "CV" => {
                g.initial_cube = parse_u32(v0.trim())
                    .filter(|&c| cube_log2(c).is_some())
                    .ok_or_else(|| perr(at, ParseErrorKind::Cube(excerpt(v0))))?;
            }
            "B" | "W" | "AE" | "AB" | "AW" | "PL" | "DI" | "CP" => {
                return Err(perr(at, ParseErrorKind::InRoot(p.id.clone())));
            }
            _ => g.info.push(SgfProperty {
                id: p.id,
                values: p.values,
            }),
        }
    }
    match gm.as_deref() {
        Some("6") => Ok(g),
        other => Err(perr(
            at,
            ParseErrorKind::NotBackgammon(excerpt(other.unwrap_or(""))),
        )),
    }
}

/// `W+2`, `B+1R`.
fn result(v: &str) -> Option<SgfResult> {
    let v = v.trim();
    let winner = side_of(v.get(0..1)?)?;
    let rest = v.get(1..)?.strip_prefix('+')?;
    let (digits, resigned) = match rest.strip_suffix('R') {
        Some(d) => (d, true),
        None => (rest, false),
    };
    let points = parse_u32(digits).filter(|&p| p > 0)?;
    Some(SgfResult {
        winner,
        points,
        resigned,
    })
}

/// A move value: `double`, `take`, `drop`, or dice and letter pairs.
fn move_value(side: Side, v: &str) -> Option<SgfAction> {
    match v {
        "double" => return Some(SgfAction::Double(side)),
        "take" => return Some(SgfAction::Take(side)),
        "drop" => return Some(SgfAction::Drop(side)),
        _ => {}
    }
    let b = v.as_bytes();
    let die = |c: u8| (b'1'..=b'6').contains(&c).then(|| c - b'0');
    let dice = [die(*b.first()?)?, die(*b.get(1)?)?];
    let letters = b.get(2..)?;
    if !letters.len().is_multiple_of(2) || letters.len() > 8 {
        return None;
    }
    let mut steps = Vec::with_capacity(letters.len() / 2);
    for pair in letters.chunks_exact(2) {
        let from = letter_point(pair[0], side)?;
        let to = letter_point(pair[1], side)?;
        steps.push(Step::new(from, to)?);
    }
    Some(SgfAction::Roll { side, dice, steps })
}

fn game_node(node: RawNode) -> Result<Option<SgfNode>, ParseError> {
    let at = node.offset;
    let mut action = None;
    let mut setup = Vec::new();
    for p in node.props {
        let id = p.id.as_str();
        if let Some(side) = side_of(id) {
            if action.is_some() {
                return Err(perr(at, ParseErrorKind::TwoMoves));
            }
            let v = p.values[0].as_str();
            action = Some(
                move_value(side, v.trim())
                    .ok_or_else(|| perr(at, ParseErrorKind::Move(excerpt(v))))?,
            );
        } else if SETUP_IDS.contains(&id) {
            setup.push(SgfProperty {
                id: p.id,
                values: p.values,
            });
        }
    }
    let offset = u32::try_from(at).unwrap_or(u32::MAX);
    Ok(match (action, setup.is_empty()) {
        (Some(_), false) => return Err(perr(at, ParseErrorKind::MixedNode)),
        (Some(action), true) => Some(SgfNode { action, offset }),
        (None, false) => Some(SgfNode {
            action: SgfAction::Setup(setup),
            offset,
        }),
        (None, true) => None,
    })
}

impl SgfFile {
    /// Reads an SGF text: every game tree's root and main line.
    ///
    /// The text is a `str`. GNUBG writes UTF-8 (`CA[UTF-8]`); a file in SGF's default
    /// character set, Latin-1 (the `CA` property of `FF[4]`), or one a Windows tool saved as
    /// UTF-16, reads through [`boardgame_core::text::decode_file`], which takes UTF-16 by its
    /// byte-order mark (or, without one, by its first characters, as `iconv -t UTF-16LE`
    /// writes), UTF-8 as it is and anything else as Windows-1252.
    ///
    /// # Errors
    ///
    /// [`ParseError`] with the byte offset, for input over [`MAX_FILE_BYTES`], nested
    /// deeper than [`MAX_DEPTH`] or with more than [`MAX_VALUES`] root and setup property
    /// values, bad SGF syntax, no game tree, a tree that is not
    /// backgammon (`GM[6]`), or a root or move property that does not read. Whether the
    /// moves are legal is [`SgfFile::replay`]'s business.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::sgf::{ParseErrorKind, SgfFile};
    /// let f = SgfFile::parse("(;GM[6]MI[length:0][game:2];W[52mhmk](;B[double])(;B[43]))")?;
    /// assert_eq!((f.games[0].length, f.games[0].number), (0, 2));
    /// assert_eq!(f.games[0].nodes.len(), 2); // the main line: the first variation
    /// let e = SgfFile::parse("(;GM[6];W[72mhmk])").unwrap_err();
    /// assert_eq!((e.offset, e.kind), (7, ParseErrorKind::Move("72mhmk".into())));
    /// # Ok::<(), lattjo_backgammon::sgf::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<SgfFile, ParseError> {
        if text.len() > MAX_FILE_BYTES {
            return Err(perr(0, ParseErrorKind::TooLarge(text.len())));
        }
        let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
        let mut lx = Lexer {
            text,
            b: text.as_bytes(),
            pos: bom,
            values: 0,
        };
        let games = lx.collection()?;
        if games.is_empty() {
            return Err(perr(0, ParseErrorKind::NoGames));
        }
        Ok(SgfFile { games })
    }
}

impl core::str::FromStr for SgfFile {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<SgfFile, ParseError> {
        SgfFile::parse(s)
    }
}

// ---------------------------------------------------------------------------------------
// Writing

fn write_escaped(out: &mut impl fmt::Write, s: &str) -> fmt::Result {
    for c in s.chars() {
        if c == '\\' || c == ']' {
            out.write_char('\\')?;
        }
        out.write_char(c)?;
    }
    Ok(())
}

fn write_property(out: &mut impl fmt::Write, p: &SgfProperty) -> fmt::Result {
    out.write_str(&p.id)?;
    for v in &p.values {
        out.write_char('[')?;
        write_escaped(out, v)?;
        out.write_char(']')?;
    }
    Ok(())
}

fn writable_id(p: &SgfProperty) -> bool {
    (1..=MAX_ID_LEN).contains(&p.id.len())
        && p.id.bytes().all(|b| b.is_ascii_uppercase())
        && !p.values.is_empty()
}

impl SgfFile {
    /// Writes the record as GNU Backgammon does: per game a tree `(;FF[4]GM[6]CA[UTF-8]AP[..]
    /// MI[length:..][game:..][ws:..][bs:..]PW[..]PB[..]`, the kept root properties, `RU`,
    /// `CV`, `RE`, then a line per node (`;B[63lrad]`, `;W[double]`) and `)`. Steps are
    /// written in the record's order; `\` and `]` in values are escaped.
    ///
    /// # Errors
    ///
    /// [`WriteError`] for what would not read back as itself: no games, a length above 64,
    /// a root cube that is no power of two, a roll with a die outside 1-6 or more than four
    /// steps, a kept property with a bad identifier or no value or named like one the writer
    /// writes, a setup property that is not one, a rule word that is empty, has a colon or
    /// is one of `RU`'s named words, a result of 0 points.
    pub fn write(&self) -> Result<String, WriteError> {
        let mut out = String::new();
        self.write_to(&mut out)?;
        Ok(out)
    }

    /// [`SgfFile::write`] into any [`fmt::Write`].
    ///
    /// # Errors
    ///
    /// As [`SgfFile::write`]; [`WriteError::Fmt`] when the sink fails.
    pub fn write_to(&self, out: &mut impl fmt::Write) -> Result<(), WriteError> {
        self.check_writable()?;
        for g in &self.games {
            write_game(out, g)?;
        }
        Ok(())
    }

    fn check_writable(&self) -> Result<(), WriteError> {
        if self.games.is_empty() {
            return Err(WriteError::NoGames);
        }
        // The root and setup values the reader will count (see `MAX_VALUES`).
        let mut values = 0usize;
        for g in &self.games {
            let r = &g.rules;
            let ru = r.no_cube || r.crawford || r.crawford_game || r.jacoby || !r.other.is_empty();
            values += 7
                + usize::from(ru)
                + r.other.len()
                + usize::from(g.initial_cube != 1)
                + usize::from(g.result.is_some());
            let setups = g.nodes.iter().filter_map(|n| match &n.action {
                SgfAction::Setup(props) => Some(props.as_slice()),
                _ => None,
            });
            for p in g.info.iter().chain(setups.flatten()) {
                values = values.saturating_add(p.values.len());
            }
            if values > MAX_VALUES {
                return Err(WriteError::TooManyValues);
            }
            if g.length > MAX_MATCH_LENGTH {
                return Err(WriteError::Length(g.length));
            }
            if cube_log2(g.initial_cube).is_none() {
                return Err(WriteError::Cube(g.initial_cube));
            }
            if g.result.is_some_and(|r| r.points == 0) {
                return Err(WriteError::Result);
            }
            for p in &g.info {
                if !writable_id(p)
                    || ROOT_IDS.contains(&p.id.as_str())
                    || SETUP_IDS.contains(&p.id.as_str())
                    || side_of(&p.id).is_some()
                {
                    return Err(WriteError::Property(excerpt(&p.id)));
                }
            }
            for w in &g.rules.other {
                if w.is_empty() || w.contains(':') || RULE_WORDS.contains(&w.as_str()) {
                    return Err(WriteError::Rule(excerpt(w)));
                }
            }
            for n in &g.nodes {
                match &n.action {
                    SgfAction::Roll { dice, steps, .. } => {
                        if dice.iter().any(|d| !(1..=6).contains(d)) || steps.len() > 4 {
                            return Err(WriteError::Roll);
                        }
                    }
                    SgfAction::Setup(props) => {
                        if props.is_empty() {
                            return Err(WriteError::Property(String::new()));
                        }
                        for p in props {
                            if !writable_id(p) || !SETUP_IDS.contains(&p.id.as_str()) {
                                return Err(WriteError::Property(excerpt(&p.id)));
                            }
                        }
                    }
                    SgfAction::Double(_) | SgfAction::Take(_) | SgfAction::Drop(_) => {}
                }
            }
        }
        Ok(())
    }
}

fn write_game(out: &mut impl fmt::Write, g: &SgfGame) -> Result<(), WriteError> {
    let (w, b) = (Side::Black.index(), Side::White.index());
    write!(
        out,
        "(;FF[4]GM[6]CA[UTF-8]AP[lattjo-backgammon:{}]MI[length:{}][game:{}][ws:{}][bs:{}]PW[",
        env!("CARGO_PKG_VERSION"),
        g.length,
        g.number,
        g.scores[w],
        g.scores[b]
    )?;
    write_escaped(out, &g.players[w])?;
    out.write_str("]PB[")?;
    write_escaped(out, &g.players[b])?;
    out.write_char(']')?;
    for p in &g.info {
        write_property(out, p)?;
    }
    let r = &g.rules;
    let flags = [r.no_cube, r.crawford, r.crawford_game, r.jacoby];
    let words: Vec<&str> = RULE_WORDS
        .iter()
        .zip(flags)
        .filter(|(_, on)| *on)
        .map(|(w, _)| *w)
        .chain(r.other.iter().map(String::as_str))
        .collect();
    if !words.is_empty() {
        out.write_str("RU[")?;
        write_escaped(out, &words.join(":"))?;
        out.write_char(']')?;
    }
    if g.initial_cube != 1 {
        write!(out, "CV[{}]", g.initial_cube)?;
    }
    if let Some(res) = g.result {
        write!(
            out,
            "RE[{}+{}{}]",
            letter_of(res.winner),
            res.points,
            if res.resigned { "R" } else { "" }
        )?;
    }
    for n in &g.nodes {
        out.write_str("\n;")?;
        match &n.action {
            SgfAction::Roll { side, dice, steps } => {
                write!(out, "{}[{}{}", letter_of(*side), dice[0], dice[1])?;
                for s in steps {
                    out.write_char(point_letter(s.from(), *side))?;
                    out.write_char(point_letter(s.to(), *side))?;
                }
                out.write_char(']')?;
            }
            SgfAction::Double(s) => write!(out, "{}[double]", letter_of(*s))?,
            SgfAction::Take(s) => write!(out, "{}[take]", letter_of(*s))?,
            SgfAction::Drop(s) => write!(out, "{}[drop]", letter_of(*s))?,
            SgfAction::Setup(props) => {
                for p in props {
                    write_property(out, p)?;
                }
            }
        }
    }
    out.write_str(")\n")?;
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Replaying

impl SgfFile {
    /// The rules the first game's `RU` names, on [`MATCH_RULES`] (GNUBG's defaults with
    /// resignations): the Crawford rule if `Crawford` is written, the Jacoby rule if
    /// `Jacoby` is, no cube with `NoCube`. Beavers are not recorded in the file; turn them
    /// on ([`Rules::with_beavers`]) to replay a session that has them.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::sgf::SgfFile;
    /// let f = SgfFile::parse("(;GM[6]MI[length:0]RU[Jacoby])")?;
    /// assert!(f.rules().jacoby && !f.rules().crawford);
    /// # Ok::<(), lattjo_backgammon::sgf::ParseError>(())
    /// ```
    #[must_use]
    pub fn rules(&self) -> Rules {
        let r = self
            .games
            .first()
            .map(|g| g.rules.clone())
            .unwrap_or_default();
        MATCH_RULES
            .with_crawford(r.crawford)
            .with_jacoby(r.jacoby)
            .with_cube(!r.no_cube)
    }

    /// Plays the record through a [`Match`] of
    /// [`Backgammon`] under `rules` and checks it, with
    /// [`mat`]'s replay (see the module docs for what it decides): every game
    /// has the first game's length and its index, starts at the scores written, every roll
    /// names a legal play for its dice, every cube action is legal, every result names the
    /// winner and the points (and `R` exactly when the game ended by resignation), and
    /// `CrawfordGame` marks exactly the Crawford game when `rules` has the Crawford rule.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the game, the byte offset and what was wrong;
    /// [`ReplayErrorKind::Unsupported`] for setup nodes and automatic doubles (a root `CV`);
    /// a variant (`RU`'s `Nackgammon`, `Hypergammon1` to `3`, or a word this crate does not
    /// know) is [`mat::ReplayErrorKind::Variation`], as in a `.mat` header.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::sgf::{ReplayErrorKind, SgfFile};
    /// use lattjo_backgammon::mat::MATCH_RULES;
    /// let f = SgfFile::parse("(;GM[6]MI[length:3]\n;B[31qtst]\n;W[64xm])")?;
    /// let e = f.replay(&MATCH_RULES).unwrap_err();
    /// assert_eq!((e.game, e.offset), (1, 31)); // 24/13 is no play for 64
    /// assert!(matches!(e.kind, ReplayErrorKind::Replay(_)));
    /// # Ok::<(), lattjo_backgammon::sgf::ParseError>(())
    /// ```
    pub fn replay(&self, rules: &Rules) -> Result<Replay, ReplayError> {
        let first_length = self.games.first().map_or(0, |g| g.length);
        // The dice of the last game's last turn, rolled but not played.
        let mut pending = None;
        // The first game's set-up position, if it opens with one.
        let mut set_up = None;
        let mut file = MatFile {
            length: first_length,
            ..MatFile::default()
        };
        for (gi, g) in self.games.iter().enumerate() {
            let fail = |offset: u32, kind| ReplayError {
                game: u32::try_from(gi + 1).unwrap_or(u32::MAX),
                offset,
                kind,
            };
            if g.length != first_length {
                return Err(fail(
                    g.offset,
                    ReplayErrorKind::Length {
                        first: first_length,
                        found: g.length,
                    },
                ));
            }
            let expected = u32::try_from(gi).unwrap_or(u32::MAX);
            if g.number != expected {
                return Err(fail(
                    g.offset,
                    ReplayErrorKind::Number {
                        written: g.number,
                        expected,
                    },
                ));
            }
            if g.initial_cube != 1 {
                return Err(fail(
                    g.offset,
                    ReplayErrorKind::Unsupported("automatic doubles (a cube value in the root)"),
                ));
            }
            if !g.rules.other.is_empty() {
                return Err(fail(
                    g.offset,
                    // As `mat` refuses a `Variation` header.
                    ReplayErrorKind::Replay(mat::ReplayErrorKind::Variation(excerpt(
                        &g.rules.other.join(":"),
                    ))),
                ));
            }
            // A set-up position opening the first game: the replay starts there, with the
            // game's other nodes.
            let played;
            let g = if gi == 0
                && let Some(n) = set_up_nodes(g)
            {
                let state = set_up_state(g, &g.nodes[..n], rules).map_err(|(o, k)| fail(o, k))?;
                let (state, rest) = after_set_up(g, n, state).map_err(|(o, k)| fail(o, k))?;
                set_up = Some(state);
                played = SgfGame {
                    nodes: rest,
                    ..g.clone()
                };
                &played
            } else {
                g
            };
            let (count, dice) = trailing_dice(g);
            if gi + 1 == self.games.len() {
                pending = dice;
            }
            let count = if gi + 1 == self.games.len() {
                count
            } else {
                g.nodes.len()
            };
            file.games
                .push(mat_game(g, count).map_err(|(o, k)| fail(o, k))?);
        }
        let mut replay = file.replay_from(rules, set_up).map_err(|e| {
            let gi = (e.game as usize).saturating_sub(1);
            let root = self.games.get(gi).map_or(0, |g| g.offset);
            // The game's own checks point at the game, not an entry.
            let offset = match e.kind {
                mat::ReplayErrorKind::Score { .. }
                | mat::ReplayErrorKind::AfterMatchEnd
                | mat::ReplayErrorKind::Resume(_)
                | mat::ReplayErrorKind::Rules(_) => root,
                _ => e.line,
            };
            ReplayError {
                game: e.game,
                offset,
                kind: ReplayErrorKind::Replay(e.kind),
            }
        })?;
        for (gi, (g, r)) in self.games.iter().zip(&replay.games).enumerate() {
            let fail = |kind| ReplayError {
                game: u32::try_from(gi + 1).unwrap_or(u32::MAX),
                offset: g.offset,
                kind,
            };
            if rules.crawford && g.length > 0 && g.rules.crawford_game != r.crawford {
                return Err(fail(ReplayErrorKind::CrawfordGame {
                    written: g.rules.crawford_game,
                    computed: r.crawford,
                }));
            }
            if let (Some(res), Some(o)) = (g.result, r.outcome) {
                let resigned = matches!(o.kind, WinKind::Resignation(_));
                if res.resigned != resigned {
                    return Err(fail(ReplayErrorKind::Resigned {
                        written: res.resigned,
                    }));
                }
            }
        }
        if let Some((side, dice, offset)) = pending {
            roll_pending(&mut replay, side, dice).map_err(|kind| ReplayError {
                game: u32::try_from(self.games.len()).unwrap_or(u32::MAX),
                offset,
                kind: ReplayErrorKind::Replay(kind),
            })?;
        }
        Ok(replay)
    }
}

/// The side and dice of a setup node that is only `PL[x]DI[dd]`, as GNUBG writes the dice
/// of a player who rolled and then resigned.
fn rolled_dice(props: &[SgfProperty]) -> Option<(Side, [u8; 2])> {
    let [pl, di] = props else { return None };
    if pl.id != "PL" || di.id != "DI" || pl.values.len() != 1 || di.values.len() != 1 {
        return None;
    }
    Some((side_of(&pl.values[0])?, dice_of(&di.values[0])?))
}

/// The two dice of a `DI` value (`53`), each 1 to 6.
fn dice_of(value: &str) -> Option<[u8; 2]> {
    let die = |c: u8| (b'1'..=b'6').contains(&c).then(|| c - b'0');
    match value.as_bytes() {
        [a, b] => Some([die(*a)?, die(*b)?]),
        _ => None,
    }
}

/// The setup node GNUBG writes for dice `side` rolled (`;PL[W]DI[53]`): the inverse of
/// [`rolled_dice`].
fn rolled_setup(side: Side, dice: [u8; 2]) -> SgfAction {
    SgfAction::Setup(vec![
        SgfProperty {
            id: "PL".into(),
            values: vec![letter_of(side).into()],
        },
        SgfProperty {
            id: "DI".into(),
            values: vec![format!("{}{}", dice[0], dice[1])],
        },
    ])
}

/// The nodes of an unfinished game to replay, and the dice of a turn rolled but not played
/// (with the node's offset): GNUBG saves such a turn as `;PL[W]DI[43]`, then a move node
/// of the same dice without steps (a placeholder for the hint it would hold).
fn trailing_dice(g: &SgfGame) -> (usize, Option<(Side, [u8; 2], u32)>) {
    let n = g.nodes.len();
    if g.result.is_some() {
        return (n, None);
    }
    let dice_at = |i: usize| match g.nodes.get(i).map(|x| &x.action) {
        Some(SgfAction::Setup(p)) => rolled_dice(p),
        _ => None,
    };
    if n >= 2
        && let Some((side, dice)) = dice_at(n - 2)
        && let SgfAction::Roll {
            side: s,
            dice: d,
            steps,
        } = &g.nodes[n - 1].action
        && (*s, *d) == (side, dice)
        && steps.is_empty()
    {
        return (n - 2, Some((side, dice, g.nodes[n - 2].offset)));
    }
    if n >= 1
        && let Some((side, dice)) = dice_at(n - 1)
    {
        return (n - 1, Some((side, dice, g.nodes[n - 1].offset)));
    }
    (n, None)
}

/// How many of `g`'s first nodes are a set-up position: the leading setup nodes, when one of
/// them sets the board or the cube (`AE`, `AB`, `AW`, `CV`, `CP`). A lone `PL`/`DI` pair is
/// not one: GNUBG writes the dice of a turn rolled and not played so.
fn set_up_nodes(g: &SgfGame) -> Option<usize> {
    let n = g
        .nodes
        .iter()
        .take_while(|x| matches!(x.action, SgfAction::Setup(_)))
        .count();
    let sets = g.nodes[..n].iter().any(|x| {
        matches!(&x.action, SgfAction::Setup(props)
            if props.iter().any(|p| matches!(p.id.as_str(), "AE" | "AB" | "AW" | "CV" | "CP")))
    });
    sets.then_some(n)
}

/// The state the replay starts from after a set-up position of `n` nodes (`state`), and
/// the nodes it replays. Nothing more: the set-up position itself, dice included, with no
/// result. Nodes after it (a game saved after a position set by hand, played on, or with
/// the dice rolled): each move node carries its own dice, as GNUBG reads them, so the replay
/// starts before the roll and the first move rolls its dice; a move without steps is read
/// as in any game (no play, the one legal play, or, last, dice rolled and not played).
/// Refused: a first move without steps of other dice than those set (GNUBG 1.07.001's
/// `save game` writes a placeholder of the game's earlier dice there, which its `load game`
/// then plays as no move whatever the position).
fn after_set_up(
    g: &SgfGame,
    n: usize,
    state: State,
) -> Result<(State, Vec<SgfNode>), (u32, ReplayErrorKind)> {
    let rest = &g.nodes[n..];
    let Some(first) = rest.first() else {
        if g.result.is_some() {
            return Err((
                g.offset,
                ReplayErrorKind::Unsupported("a result after a set-up position"),
            ));
        }
        return Ok((state, Vec::new()));
    };
    if let (SgfAction::Roll { dice, steps, .. }, Some(d)) = (&first.action, state.dice())
        && steps.is_empty()
        && *dice != [d.high(), d.low()]
        && *dice != [d.low(), d.high()]
    {
        return Err((
            first.offset,
            ReplayErrorKind::Unsupported(
                "a move without steps after a set-up position, of other dice than those set",
            ),
        ));
    }
    let before_roll = StateSetup {
        phase: Phase::BeforeRoll,
        dice: None,
        ..state.setup()
    };
    let state =
        State::try_from(before_roll).map_err(|e| (g.offset, ReplayErrorKind::SetupState(e)))?;
    Ok((state, rest.to_vec()))
}

/// The points of a point list (`[s][s]`, `[a:y]`): per point letter `a`-`y` (0-24), how
/// many times it is named.
fn point_list(p: &SgfProperty) -> Result<[u8; 25], ReplayErrorKind> {
    let bad = |v: &str| ReplayErrorKind::SetupValue {
        id: p.id.clone(),
        value: excerpt(v),
    };
    let index = |c: &str| match c.as_bytes() {
        [b @ b'a'..=b'y'] => Some(usize::from(b - b'a')),
        _ => None,
    };
    let mut out = [0u8; 25];
    for v in &p.values {
        let (lo, hi) = match v.split_once(':') {
            Some((a, b)) => (index(a), index(b)),
            None => (index(v), index(v)),
        };
        let (Some(lo), Some(hi)) = (lo, hi) else {
            return Err(bad(v));
        };
        if lo > hi {
            return Err(bad(v));
        }
        for c in &mut out[lo..=hi] {
            *c = c.saturating_add(1);
        }
    }
    Ok(out)
}

/// A set-up that adds checkers without clearing the board first.
const NOT_CLEARED: &str = "a set-up that does not clear the whole board (AE[a:y])";

/// The state a set-up position describes, read as GNU Backgammon 1.07.001 reads it
/// (`sgf.c`, checked against its `load position` on positions it saved): properties in
/// order; `PL` names the player on roll; `AE` clears the points it names for both sides;
/// `AW` adds checkers of `W` (Black here) in `W`'s numbering (`a` the 1 point, `x` the 24,
/// `y` the bar), `AB` checkers of `B` (White) counted from the other end (`x` its 1 point,
/// `a` its 24, `y` its bar); `CV` sets the cube value, `CP` its owner (`c` centred, `b` or
/// `w`), `DI` the dice of the player on roll. Checkers not on the board are borne off. The
/// board must be cleared whole (`AE[a:y]`, as GNUBG writes every `set board`) before
/// checkers are added: what a game's start would leave is not guessed.
/// The match is the game's `MI` and `RU` (`CrawfordGame`); the phase is the play of the
/// dice set, or before the roll.
fn set_up_state(
    g: &SgfGame,
    nodes: &[SgfNode],
    rules: &Rules,
) -> Result<State, (u32, ReplayErrorKind)> {
    // Per side, White (`B`) first, in its own numbering: index 0 its 1 point, 24 its bar.
    let mut board = [[0u8; 25]; 2];
    let mut on_roll: Option<Side> = None;
    let mut cleared = false;
    let mut cube_log2 = 0u8;
    let mut owner: Option<Side> = None;
    let mut dice: Option<(Side, Dice)> = None;
    let mut offset = g.offset;
    for node in nodes {
        let SgfAction::Setup(props) = &node.action else {
            continue;
        };
        offset = node.offset;
        let at = |k| (node.offset, k);
        for p in props {
            let value = p.values.first().map_or("", String::as_str);
            let bad = || {
                at(ReplayErrorKind::SetupValue {
                    id: p.id.clone(),
                    value: excerpt(value),
                })
            };
            match p.id.as_str() {
                "PL" => {
                    on_roll = Some(side_of(value).ok_or_else(bad)?);
                }
                "AE" => {
                    let points = point_list(p).map_err(at)?;
                    if points.contains(&0) {
                        return Err(at(ReplayErrorKind::Unsupported(NOT_CLEARED)));
                    }
                    board = [[0; 25]; 2];
                    cleared = true;
                }
                "AW" | "AB" => {
                    if !cleared {
                        return Err(at(ReplayErrorKind::Unsupported(NOT_CLEARED)));
                    }
                    let points = point_list(p).map_err(at)?;
                    for (i, &c) in points.iter().enumerate() {
                        let (side, point) = if p.id == "AW" {
                            (Side::Black, i)
                        } else {
                            (Side::White, if i == 24 { 24 } else { 23 - i })
                        };
                        let slot = &mut board[side.index()][point];
                        *slot = slot.checked_add(c).filter(|&n| n <= 15).ok_or_else(bad)?;
                    }
                }
                "CV" => {
                    let v: u32 = value.parse().map_err(|_| bad())?;
                    if !v.is_power_of_two() || v.trailing_zeros() > u32::from(MAX_CUBE_LOG2) {
                        return Err(bad());
                    }
                    cube_log2 = v.trailing_zeros() as u8;
                }
                "CP" => {
                    owner = match value {
                        "c" => None,
                        "b" => Some(Side::White),
                        "w" => Some(Side::Black),
                        _ => return Err(bad()),
                    };
                }
                "DI" => {
                    let d = dice_of(value).and_then(|[x, y]| Dice::new(x, y));
                    let side = on_roll.ok_or_else(bad)?;
                    dice = Some((side, d.ok_or_else(bad)?));
                }
                _ => {}
            }
        }
    }
    let at = |k| (offset, k);
    let side = on_roll.ok_or_else(|| {
        at(ReplayErrorKind::SetupValue {
            id: "PL".into(),
            value: String::new(),
        })
    })?;
    if !cleared {
        return Err(at(ReplayErrorKind::Unsupported(NOT_CLEARED)));
    }
    // Dice set for a player no longer on roll are GNUBG's, not a state of the game.
    let dice = match dice {
        Some((s, d)) if s == side => Some(d),
        Some((s, d)) => {
            return Err(at(ReplayErrorKind::SetupValue {
                id: "DI".into(),
                value: format!("{}{} for {}", d.high(), d.low(), letter_of(s)),
            }));
        }
        None => None,
    };
    // GNUBG's board per side, index 0 the side's 1 point, 24 its bar; this crate's, index
    // 1 to 24 the points, 25 the bar (the rest borne off).
    let ours = |b: &[u8; 25]| {
        let mut a = [0u8; 26];
        a[1..=24].copy_from_slice(&b[..24]);
        a[BAR] = b[24];
        a
    };
    let (white, black) = (ours(&board[0]), ours(&board[1]));
    let position =
        Position::new(side, white, black).map_err(|e| at(ReplayErrorKind::SetupPosition(e)))?;
    let match_context = if g.length > 0 {
        let crawford = rules.crawford && g.rules.crawford_game;
        Some(
            MatchContext::new(g.length, g.scores, crawford)
                .map_err(|e| at(ReplayErrorKind::SetupMatch(e)))?,
        )
    } else {
        None
    };
    let setup = StateSetup {
        position,
        phase: if dice.is_some() {
            Phase::Moving
        } else {
            Phase::BeforeRoll
        },
        dice,
        cube_log2,
        cube_owner: owner,
        resign_refused: false,
        outcome: None,
        match_context,
    };
    let state = State::try_from(setup).map_err(|e| at(ReplayErrorKind::SetupState(e)))?;
    // The cube and the match as set must be ones the rules of the replay reach (refused
    // rules are the replay's to report).
    if let Ok(game) = Backgammon::new(*rules) {
        game.check_state(&state)
            .map_err(|e| at(ReplayErrorKind::SetupRules(e)))?;
    }
    Ok(state)
}

/// Rolls `dice` for `side` at the end of a replay whose game is not over (as `.mat`'s replay
/// rolls, except that SGF writes a beaver's take, so none is implied).
fn roll_pending(r: &mut Replay, side: Side, dice: [u8; 2]) -> Result<(), mat::ReplayErrorKind> {
    let what = "dice rolled after the end of the record";
    let acts = mat::roll_actions(&r.game, &r.state, side, dice, what, false)?;
    for a in acts.into_iter().flatten() {
        r.game.apply(&mut r.state, &a)?;
        r.actions.push(a);
    }
    Ok(())
}

/// The `.mat` game of an SGF game's first `count` nodes, each entry's line the node's byte
/// offset.
fn mat_game(g: &SgfGame, count: usize) -> Result<MatGame, (u32, ReplayErrorKind)> {
    let nodes = g.nodes.get(..count).unwrap_or(&g.nodes);
    let mut entries = Vec::with_capacity(nodes.len() + 1);
    // The cube as the actions make it, for the values `.mat` writes: the value and the
    // value a pending double offers.
    let mut cube: u32 = 1;
    let mut offered: Option<u32> = None;
    // Doubles in a row: 2 after a beaver.
    let mut doubles_in_a_row = 0;
    for (i, n) in nodes.iter().enumerate() {
        doubles_in_a_row = match n.action {
            SgfAction::Double(_) => doubles_in_a_row + 1,
            _ => 0,
        };
        // GNUBG's "rolled, then resigned": the dice as a setup node `PL[W]DI[53]` last in a
        // game the roller lost by resignation. A roll without movements, which mat's replay
        // reads so (that roll, then the resignation after it, D6).
        let rolled_then_resigned = match &n.action {
            SgfAction::Setup(props)
                if i + 1 == g.nodes.len() && g.result.is_some_and(|r| r.resigned) =>
            {
                rolled_dice(props).filter(|&(side, _)| g.result.is_some_and(|r| r.winner != side))
            }
            _ => None,
        };
        let (side, action) = if let Some((side, dice)) = rolled_then_resigned {
            (
                side,
                MatAction::Roll {
                    dice,
                    movements: Vec::new(),
                },
            )
        } else {
            match &n.action {
                SgfAction::Roll { side, dice, steps } => {
                    if let Some(c) = offered.take() {
                        // A beaver's take implied by the doubler's roll.
                        cube = c;
                    }
                    (
                        *side,
                        MatAction::Roll {
                            dice: *dice,
                            movements: steps
                                .iter()
                                .map(|&step| MatMovement { step, hit: false })
                                .collect(),
                        },
                    )
                }
                SgfAction::Double(_) if doubles_in_a_row > 2 => {
                    return Err((
                        n.offset,
                        ReplayErrorKind::Unsupported(
                            "a raccoon (a double answering a beaver; D5 allows one beaver)",
                        ),
                    ));
                }
                SgfAction::Double(side) => {
                    let base = offered.unwrap_or(cube);
                    let c = base.saturating_mul(2);
                    offered = Some(c);
                    (*side, MatAction::Double { cube: c })
                }
                SgfAction::Take(side) => {
                    if let Some(c) = offered.take() {
                        cube = c;
                    }
                    (*side, MatAction::Take)
                }
                SgfAction::Drop(side) => {
                    offered = None;
                    (*side, MatAction::Drop)
                }
                SgfAction::Setup(_) => {
                    return Err((
                        n.offset,
                        ReplayErrorKind::Unsupported("setup properties (a position set by hand)"),
                    ));
                }
            }
        };
        entries.push(MatEntry {
            side,
            action,
            line: n.offset,
        });
    }
    if let Some(r) = g.result {
        entries.push(MatEntry {
            side: r.winner,
            action: MatAction::Wins {
                points: r.points,
                and_the_match: false,
            },
            line: g.nodes.last().map_or(g.offset, |n| n.offset),
        });
    }
    Ok(MatGame {
        number: g.number.saturating_add(1),
        players: g.players.clone(),
        scores: g.scores,
        entries,
    })
}

// ---------------------------------------------------------------------------------------
// Recording

impl SgfFile {
    /// The record of a match played from its start with `actions` under `rules`: a
    /// `length`-point match (0: a money session), `players` named by [`Side::index`] (White
    /// first, written `PB`). Each game is written as GNUBG saves one: `MI` with the game's
    /// index and the scores before it (GNUBG's count, as [`mat`]'s record
    /// keeps it), `RU` with `Crawford` when the match has the rule and `CrawfordGame` in the
    /// Crawford game, `Jacoby` in a money session under that rule, `NoCube` without a cube,
    /// `RE` with the winner and the points (`R` for a resignation, whose points are its level
    /// times the cube as GNUBG scores it), and the rolls with their steps in GNUBG's
    /// canonical order, `double` (also for a beaver), `take`, `drop`.
    ///
    /// With no actions the record is one game without moves (SGF has no empty collection).
    /// A beaver is a `double` answering the double, then the doubler's `take` or `drop`, as
    /// GNUBG writes it; a refused resignation is not written.
    ///
    /// # Errors
    ///
    /// [`RecordError`] with the index of the action that is illegal, or that the format
    /// cannot hold (an opening tie under automatic doubles, D3).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::boardgame_core::{play_game, Agent, RandomAgent};
    /// use lattjo_backgammon::mat::MATCH_RULES;
    /// use lattjo_backgammon::sgf::SgfFile;
    /// use lattjo_backgammon::{Backgammon, Match, MatchConfig};
    /// let m = Match::new(Backgammon::new(MATCH_RULES)?, MatchConfig::new(Some(3), None)?);
    /// let (mut a, mut b) = (RandomAgent, RandomAgent);
    /// let agents: &mut [&mut dyn Agent<_>] = &mut [&mut a, &mut b];
    /// let played = play_game(&m, 1, agents, 100_000)?;
    /// let actions = &played.record.actions;
    /// let file = SgfFile::record(&MATCH_RULES, 3, ["white".into(), "black".into()], actions)?;
    /// let replay = SgfFile::parse(&file.write()?)?.replay(&MATCH_RULES)?;
    /// assert_eq!(replay.state.totals(), played.state.totals());
    /// assert!(replay.state.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(
        rules: &Rules,
        length: u32,
        players: [String; 2],
        actions: &[Action],
    ) -> Result<SgfFile, RecordError> {
        let m = MatFile::record_with(rules, length, players.clone(), actions, true)?;
        let flags = game_flags(rules, length, actions)?;
        let mut games = Vec::with_capacity(m.games.len());
        for (gi, mg) in m.games.iter().enumerate() {
            let (crawford, resigned) = flags.get(gi).copied().unwrap_or((false, false));
            let mut g = SgfGame {
                length,
                number: u32::try_from(gi).unwrap_or(u32::MAX),
                scores: mg.scores,
                players: mg.players.clone(),
                rules: SgfRules {
                    crawford: length > 0 && rules.crawford,
                    crawford_game: length > 0 && rules.crawford && crawford,
                    jacoby: length == 0 && rules.jacoby,
                    no_cube: !rules.cube,
                    other: Vec::new(),
                },
                initial_cube: 1,
                ..SgfGame::default()
            };
            for (ei, e) in mg.entries.iter().enumerate() {
                let action = match &e.action {
                    // A resignation after the roll (D6): GNUBG writes the resigner's dice as
                    // a setup node last in the game (`.mat`'s record writes the roll with
                    // no movements just before the winner's `Wins`).
                    MatAction::Roll { dice, movements }
                        if resigned
                            && movements.is_empty()
                            && ei + 2 == mg.entries.len()
                            && matches!(
                                mg.entries[ei + 1],
                                MatEntry { action: MatAction::Wins { .. }, side, .. }
                                    if side != e.side
                            ) =>
                    {
                        rolled_setup(e.side, *dice)
                    }
                    MatAction::Roll { dice, movements } => SgfAction::Roll {
                        side: e.side,
                        dice: *dice,
                        steps: movements.iter().map(|m| m.step).collect(),
                    },
                    MatAction::Double { .. } => SgfAction::Double(e.side),
                    // `.mat` leaves the doubler's take of a beaver implied; GNUBG's SGF
                    // writes it (a dropped beaver is a `.mat` double, then `Drops`).
                    MatAction::Beaver { .. } => {
                        g.nodes.push(SgfNode {
                            action: SgfAction::Double(e.side),
                            offset: 0,
                        });
                        SgfAction::Take(e.side.opponent())
                    }
                    MatAction::Take => SgfAction::Take(e.side),
                    MatAction::Drop => SgfAction::Drop(e.side),
                    MatAction::Wins { points, .. } => {
                        g.result = Some(SgfResult {
                            winner: e.side,
                            points: *points,
                            resigned,
                        });
                        continue;
                    }
                };
                g.nodes.push(SgfNode { action, offset: 0 });
            }
            games.push(g);
        }
        if games.is_empty() {
            // A match not started is one game without moves (SGF has no empty collection).
            games.push(SgfGame {
                length,
                players,
                rules: SgfRules {
                    crawford: length > 0 && rules.crawford,
                    jacoby: length == 0 && rules.jacoby,
                    no_cube: !rules.cube,
                    ..SgfRules::default()
                },
                initial_cube: 1,
                ..SgfGame::default()
            });
        }
        Ok(SgfFile { games })
    }
}

/// A state [`SgfFile::position`] cannot write as a set-up position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetUpError {
    /// Only a state before the roll ([`Phase::BeforeRoll`]) or with the dice to play
    /// ([`Phase::Moving`]) is a set-up position (GNU Backgammon's setup holds no offer and
    /// no result).
    #[error("a set-up position is before the roll or with the dice to play, not in phase {0:?}")]
    Phase(Phase),
}

impl SgfFile {
    /// `state` as a set-up position, as GNU Backgammon's `save position` writes it: one
    /// game of `rules` (its `MI` from the state's match, `RU` as [`SgfFile::record`] writes
    /// it), `players` by [`Side::index`] (White's `PB`), and the nodes `PL` with `AE[a:y]`,
    /// `AW` and `AB` (the board), `CV` (the cube value), `CP` (its owner) and, with the dice
    /// to play, `PL` with `DI`. [`SgfFile::replay`] reads it back as `state`, and GNU
    /// Backgammon 1.07.001's `load position` to the same GNUBG ID (checked on 300 random
    /// states, docs/backgammon.md). A refused resignation ([`State::resign_refused`]) is not
    /// written.
    ///
    /// # Errors
    ///
    /// [`SetUpError::Phase`] for a state outside [`Phase::BeforeRoll`] and
    /// [`Phase::Moving`].
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::sgf::SgfFile;
    /// use lattjo_backgammon::{Backgammon, Dice, Position, Rules, Side};
    /// let rules = Rules::standard();
    /// let state = Backgammon::new(rules)?.state_from(Position::start(Side::White), Dice::new(5, 2))?;
    /// let file = SgfFile::position(&rules, &state, ["w".into(), "b".into()])?;
    /// let text = file.write()?;
    /// assert!(text.contains(";PL[B]DI[52]"));
    /// let back = SgfFile::parse(&text)?.replay(&file.rules())?;
    /// assert_eq!(back.state.round(), &state);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(
        rules: &Rules,
        state: &State,
        players: [String; 2],
    ) -> Result<SgfFile, SetUpError> {
        if !matches!(state.phase(), Phase::BeforeRoll | Phase::Moving) {
            return Err(SetUpError::Phase(state.phase()));
        }
        let m = state.match_context();
        let length = m.map_or(0, |m| m.length());
        let letters = |side: Side, letter: &dyn Fn(usize) -> char| {
            let row = state.position().checkers(side);
            let mut values = Vec::new();
            // GNUBG's order: the side's own points from its 1 point, then the bar.
            for i in 0..25 {
                let n = if i == 24 { row[BAR] } else { row[i + 1] };
                for _ in 0..n {
                    values.push(letter(i).to_string());
                }
            }
            values
        };
        let point = |i: usize| char::from(b'a' + i as u8);
        let mirrored = |i: usize| {
            if i == 24 {
                'y'
            } else {
                char::from(b'x' - i as u8)
            }
        };
        let prop = |id: &str, values: Vec<String>| SgfProperty {
            id: id.into(),
            values,
        };
        let mut board = vec![
            prop("PL", vec![letter_of(state.to_move()).to_string()]),
            prop("AE", vec!["a:y".into()]),
        ];
        for (id, values) in [
            ("AW", letters(Side::Black, &point)),
            ("AB", letters(Side::White, &mirrored)),
        ] {
            if !values.is_empty() {
                board.push(prop(id, values));
            }
        }
        let owner = match state.cube_owner() {
            None => "c",
            Some(Side::White) => "b",
            Some(Side::Black) => "w",
        };
        let mut nodes: Vec<SgfAction> = [
            board,
            vec![prop("CV", vec![state.cube_value().to_string()])],
            vec![prop("CP", vec![owner.into()])],
        ]
        .into_iter()
        .map(SgfAction::Setup)
        .collect();
        if let Some(d) = state.dice() {
            nodes.push(rolled_setup(state.to_move(), [d.high(), d.low()]));
        }
        let game = SgfGame {
            length,
            scores: m.map_or([0, 0], |m| m.scores()),
            players,
            rules: SgfRules {
                crawford: length > 0 && rules.crawford,
                crawford_game: m.is_some_and(|m| m.is_crawford()),
                jacoby: length == 0 && rules.jacoby,
                no_cube: !rules.cube,
                other: Vec::new(),
            },
            initial_cube: 1,
            nodes: nodes
                .into_iter()
                .map(|action| SgfNode { action, offset: 0 })
                .collect(),
            ..SgfGame::default()
        };
        Ok(SgfFile { games: vec![game] })
    }
}

/// Per game of a match played with `actions`: whether it is the Crawford game and whether
/// it ended by resignation (one entry per game an action was played in, as `.mat`'s record
/// has its games).
fn game_flags(
    rules: &Rules,
    length: u32,
    actions: &[Action],
) -> Result<Vec<(bool, bool)>, RecordError> {
    let fail = |index, kind| RecordError { index, kind };
    let bg = Backgammon::new(*rules).map_err(|e| fail(0, e.into()))?;
    let config = if length > 0 {
        MatchConfig::new(Some(i64::from(length)), None)
    } else {
        MatchConfig::new(None, Some(u32::MAX))
    }
    .map_err(|_| fail(0, mat::RecordErrorKind::Length(length)))?;
    let m =
        Match::try_new(bg, config).map_err(|_| fail(0, mat::RecordErrorKind::Length(length)))?;
    let mut s = m.new_initial_state();
    let mut flags: Vec<(bool, bool)> = Vec::new();
    for (index, a) in actions.iter().enumerate() {
        let n = s.rounds_played() as usize;
        if flags.len() <= n {
            let crawford = s.round().match_context().is_some_and(|c| c.is_crawford());
            flags.push((crawford, false));
        }
        let before = *s.round();
        m.apply(&mut s, a).map_err(|e| fail(index, e.into()))?;
        if s.rounds_played() as usize > n {
            let mut last = before;
            m.game()
                .apply(&mut last, a)
                .map_err(|e| fail(index, e.into()))?;
            let resigned = last
                .outcome()
                .is_some_and(|o| matches!(o.kind, WinKind::Resignation(_)));
            if let Some(f) = flags.get_mut(n) {
                f.1 = resigned;
            }
        }
    }
    Ok(flags)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_gnubg_points() {
        // `lrad` for GNUBG's player 1 (White here): 13/7 24/21.
        let a = move_value(Side::White, "63lrad").unwrap();
        let SgfAction::Roll { steps, .. } = &a else {
            panic!()
        };
        let pairs: Vec<(u8, u8)> = steps.iter().map(|s| (s.from(), s.to())).collect();
        assert_eq!(pairs, [(13, 7), (24, 21)]);
        // For player 0 (Black here): `xr` is 24/18, `y` the bar, `z` off.
        let a = move_value(Side::Black, "65xrmhyaez").unwrap();
        let SgfAction::Roll { steps, .. } = &a else {
            panic!()
        };
        let pairs: Vec<(u8, u8)> = steps.iter().map(|s| (s.from(), s.to())).collect();
        assert_eq!(pairs, [(24, 18), (13, 8), (25, 1), (5, 0)]);
        for side in Side::ALL {
            for p in 0..=25 {
                assert_eq!(letter_point(point_letter(p, side) as u8, side), Some(p));
            }
        }
        for bad in [
            "7",
            "61a",
            "61ba",
            "61zz",
            "61ay",
            "",
            "00",
            "11aaaaaaaaaa",
            "6 1",
        ] {
            assert_eq!(move_value(Side::White, bad), None, "{bad}");
        }
        assert_eq!(
            move_value(Side::White, "61"),
            Some(SgfAction::Roll {
                side: Side::White,
                dice: [6, 1],
                steps: Vec::new()
            })
        );
    }

    #[test]
    fn values_unescape() {
        let f = SgfFile::parse("(;GM[6]PW[a\\]b\\\\c\\\nd]PB[x\\:y])").unwrap();
        assert_eq!(f.games[0].players[Side::Black.index()], "a]b\\cd");
        assert_eq!(f.games[0].players[Side::White.index()], "x:y");
        let again = SgfFile::parse(&f.write().unwrap()).unwrap();
        assert_eq!(again, f);
    }

    #[test]
    fn syntax_errors_name_the_byte() {
        let cases: [(&str, usize, ParseErrorKind); 10] = [
            ("", 0, ParseErrorKind::NoGames),
            ("  (", 3, ParseErrorKind::UnexpectedEnd),
            ("(;GM[6", 4, ParseErrorKind::UnexpectedEnd),
            ("()", 1, ParseErrorKind::EmptyTree),
            ("(;GM[6])x", 8, ParseErrorKind::Unexpected('x')),
            (
                "(;GM[6](;B[double]);W[take])",
                19,
                ParseErrorKind::NodeAfterVariation,
            ),
            ("(;GM)", 2, ParseErrorKind::NoValue("GM".into())),
            ("(;GaMe[6])", 2, ParseErrorKind::PropertyId("GaMe".into())),
            ("(;GM[1])", 1, ParseErrorKind::NotBackgammon("1".into())),
            ("(;GM[6];B[take]W[drop])", 7, ParseErrorKind::TwoMoves),
        ];
        for (text, offset, kind) in cases {
            let e = SgfFile::parse(text).unwrap_err();
            assert_eq!((e.offset, e.kind), (offset, kind), "{text:?}");
        }
        let deep = format!("(;GM[6]{}", "(;".repeat(100));
        assert_eq!(
            SgfFile::parse(&deep).unwrap_err().kind,
            ParseErrorKind::TooDeep
        );
    }

    #[test]
    fn analysis_and_comments_are_skipped() {
        // As GNUBG writes an analysed move and double (values shortened), with a comment
        // holding an escaped bracket and an unknown property.
        let text = "(;GM[6]MI[length:3][game:0][ws:0][bs:0]\n\
            ;B[63lrad]DA[E ver 3 0C 1 0.000000 1 0.52 0.15]A[0][lrad E ver 3 0.49 0C 0 1 0.0 1]\
            [aggj E ver 3 0.48 0C 0 1 0.0 1]LU[0.0123]GB[1]MR[]BM[2]C[a \\] comment]XY[?]\n\
            ;W[double]DA[E ver 3 0C 1 0.0 1 0.5]BC[1]\n;B[take]DC[]\n;C[only a comment])";
        let f = SgfFile::parse(text).unwrap();
        let actions: Vec<&SgfAction> = f.games[0].nodes.iter().map(|n| &n.action).collect();
        assert_eq!(actions.len(), 3);
        assert!(matches!(
            actions[0],
            SgfAction::Roll {
                side: Side::White,
                ..
            }
        ));
        assert_eq!(actions[1], &SgfAction::Double(Side::Black));
        assert_eq!(actions[2], &SgfAction::Take(Side::White));
        f.replay(&MATCH_RULES).unwrap();
    }

    #[test]
    fn variations_keep_the_main_line() {
        // The first child at each level; later siblings are read and dropped.
        let text = "(;GM[6];B[31qtst](;W[double](;B[drop])(;B[take]))(;W[21xwmk]))(;GM[6])";
        let f = SgfFile::parse(text).unwrap();
        assert_eq!(f.games.len(), 2);
        let actions: Vec<&SgfAction> = f.games[0].nodes.iter().map(|n| &n.action).collect();
        assert_eq!(actions.len(), 3);
        assert_eq!(actions[2], &SgfAction::Drop(Side::White));
        // A variation's syntax is still checked, its values are not read.
        let e = SgfFile::parse("(;GM[6];B[31qtst](;W[double])(;W[99]x))").unwrap_err();
        assert_eq!(
            (e.offset, e.kind),
            (36, ParseErrorKind::PropertyId("x".into()))
        );
        assert!(SgfFile::parse("(;GM[6];B[31qtst](;W[double])(;W[99]))").is_ok());
    }

    #[test]
    fn regression_rolled_then_resigned_dice_are_a_setup_node() {
        // GNUBG 1.07.001 writes the dice of a player who rolled and then resigned as
        // `;PL[W]DI[53]` last in the game (found replaying its files): replayed as that roll
        // and the resignation after it (D6), not refused as a setup.
        let text = "(;GM[6]MI[length:5][game:0][ws:0][bs:0]RU[Crawford]RE[B+2R]\n\
            ;W[21xvhg]\n;B[65lrsx]\n;PL[W]DI[53])";
        let f = SgfFile::parse(text).unwrap();
        assert!(matches!(f.games[0].nodes[2].action, SgfAction::Setup(_)));
        let r = f.replay(&MATCH_RULES).unwrap();
        let o = r.games[0].outcome.unwrap();
        assert_eq!((o.winner, o.points), (Side::White, 2));
        let dice = Action::Dice(Dice::new(5, 3).unwrap());
        assert!(r.actions.ends_with(&[
            Action::Roll,
            dice,
            Action::Resign(crate::ResignLevel::Gammon),
            Action::AcceptResignation
        ]));
        // The record writes it back as GNUBG does.
        let players = ["w".to_string(), "b".to_string()];
        let again = SgfFile::record(&MATCH_RULES, 5, players, &r.actions).unwrap();
        assert_eq!(again.games[0].nodes.last(), f.games[0].nodes.last());
        assert_eq!(again.games[0].result, f.games[0].result);
        // Without a result it is a turn rolled and not played (GNUBG saved mid-turn).
        let open = text.replace("RE[B+2R]", "");
        let r = SgfFile::parse(&open).unwrap().replay(&MATCH_RULES).unwrap();
        assert_eq!(r.state.round().dice(), Dice::new(5, 3));
        // Elsewhere such a node is a setup, not replayed.
        let inside = open.replace(";B[65lrsx]\n;PL[W]DI[53]", ";PL[W]DI[53]\n;B[65lrsx]");
        let e = SgfFile::parse(&inside)
            .unwrap()
            .replay(&MATCH_RULES)
            .unwrap_err();
        assert!(matches!(e.kind, ReplayErrorKind::Unsupported(_)));
    }

    #[test]
    fn empty_and_skipped_nodes_are_not_held() {
        // A megabyte of empty nodes and of variations reads to a game without nodes.
        let text = format!("(;GM[6]{}(;B[11])", ";".repeat(1 << 20));
        let text = format!("{text}{})", "(;W[22])".repeat(1 << 16));
        let f = SgfFile::parse(&text).unwrap();
        assert_eq!(f.games[0].nodes.len(), 1);
    }

    #[test]
    fn raccoon_is_named_unsupported() {
        // GNUBG with `set beavers 2` or more (found in its files): a third double in a row.
        let text = "(;GM[6]MI[length:0][game:0][ws:0][bs:0]\n;B[31qtst]\n;W[double]\n;B[double]\n;W[double])";
        let f = SgfFile::parse(text).unwrap();
        let e = f.replay(&MATCH_RULES.with_beavers(true)).unwrap_err();
        assert_eq!(e.offset, f.games[0].nodes[3].offset);
        assert!(matches!(e.kind, ReplayErrorKind::Unsupported(m) if m.contains("raccoon")));
        // One beaver replays.
        let one = text.replace("\n;W[double])", "\n;W[take])");
        let r = SgfFile::parse(&one)
            .unwrap()
            .replay(&MATCH_RULES.with_beavers(true))
            .unwrap();
        assert_eq!(r.state.round().cube_value(), 4);
    }

    #[test]
    fn root_reads_gnubg_information() {
        let f = SgfFile::parse(
            "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:7][game:3][ws:2][bs:4]\
             PW[gnubg]PB[me]DT[2026-12-04]RU[Crawford:CrawfordGame]RE[B+2R]GS[M:1 2])",
        )
        .unwrap();
        let g = &f.games[0];
        assert_eq!((g.length, g.number), (7, 3));
        assert_eq!(g.scores[Side::Black.index()], 2);
        assert_eq!(g.scores[Side::White.index()], 4);
        assert!(g.rules.crawford && g.rules.crawford_game && !g.rules.jacoby);
        assert_eq!(
            g.result,
            Some(SgfResult {
                winner: Side::White,
                points: 2,
                resigned: true
            })
        );
        assert_eq!(
            g.info,
            vec![SgfProperty {
                id: "DT".into(),
                values: vec!["2026-12-04".into()]
            }]
        );
        for bad in [
            "MI[length:65]",
            "MI[length:x]",
            "MI[game]",
            "RE[X+1]",
            "RE[W+0]",
            "CV[3]",
        ] {
            assert!(SgfFile::parse(&format!("(;GM[6]{bad})")).is_err(), "{bad}");
        }
    }
}
