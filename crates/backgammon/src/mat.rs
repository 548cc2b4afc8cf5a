//! Jellyfish `.mat` match files, as GNU Backgammon writes them (`export match mat`) and reads
//! them (`import mat`), and as eXtreme Gammon, FIBS tools and most match archives use.
//!
//! A `.mat` file is text: optional `;` comment lines (`; [Site "FIBS"]`, `; [EventDate
//! "2026.12.04"]` tags among them), ` N point match` (0: a money session), then per game
//! ` Game k`, the two players with their scores before the game, and numbered lines of two
//! columns, GNUBG's player 0 on the left and player 1 on the right:
//!
//! ```text
//!  Game 1
//!  alice : 0                      bob : 0
//!   1) 31: 8/5 6/5                 64: 24/18 13/9
//!   2)  Doubles => 2                Takes
//!   3) 62: 24/18 13/11             ...
//!                                   Wins 1 point
//! ```
//!
//! Each entry is a roll and its checker movements in the mover's numbering (25 or `bar` the
//! bar, 0 or `off` borne off, `*` a hit, `(2)` a repetition), or `Doubles => 4`, `Takes`,
//! `Drops`, `Beavers => 4` or `Wins 2 points`. This crate's convention applies to the
//! columns: GNUBG's player 0, the **left column, is Black**, and player 1, the right column,
//! is White ([`Side::gnubg_player`]); per-side arrays here are indexed by [`Side::index`]
//! (White first), not by column.
//!
//! Three steps, each with its own error type:
//!
//! - [`MatFile::parse`] reads the text into a [`MatFile`] ([`ParseError`] with the line).
//!   Tolerant like GNUBG's importer of column drift, `bar`/`off` or `25`/`0`, `(n)` counts,
//!   chained and consolidated movements, a UTF-8 byte-order mark, XG's `???` and `Cannot
//!   Move`, the `and the match` some writers add after `Wins`; strict where meaning would be
//!   lost (an unknown entry, a cube that is no power of two, a third entry on a line).
//! - [`MatFile::replay`] plays the record through [`Match`] under given [`Rules`] (the file
//!   does not say them; [`MATCH_RULES`] is GNUBG's default) and checks every move, cube
//!   action, score and `Wins` line ([`ReplayError`] with the game and line).
//! - [`MatFile::write`] writes GNUBG's layout ([`WriteError`] for what the format cannot
//!   hold); [`MatFile::record`] builds a record from the actions of a played match
//!   ([`RecordError`]).
//!
//! What the format does not say, and what this crate decides (docs/backgammon.md, "GNUBG's
//! match files"): a game that ends before a checker is borne off or a double dropped is an
//! accepted resignation (D6) of the level its `Wins` points give (GNUBG's rule: up to the
//! cube a single game, up to twice the cube a gammon, else a backgammon), offered before
//! the roll; a roll written with no movements and followed at once by the opponent's `Wins`
//! is GNUBG's "rolled, then resigned", replayed as that roll and the resignation after it
//! (D6 lets the player on roll offer before the roll or before the play); a play followed
//! at once by the opponent's `Wins` is a resignation by the player who has just played
//! (GNUBG takes one from either player at any time), replayed as made after the roll and
//! before that play, which is kept in [`ReplayedGame::play_before_resignation`]; another
//! empty roll is no play, or the one legal play when there is exactly one (as GNUBG's
//! importer has it), or, when it ends the record, a roll whose play is to come. Under the
//! Jacoby
//! rule (D5, money play, cube centred) GNUBG writes a gammon's or a resigned gammon's `Wins`
//! without the rule, so there the line may give either value; GNUBG scores the resignation
//! without the rule too, so the next game's scores are checked against GNUBG's count.
//! In the game that wins a match a `Wins` line may give fewer points than were won, down to
//! what the match needed (some writers cap them), and a resignation may give more than any
//! level (`Wins 100 points`; GNUBG's importer reads a backgammon). The doubler's `Wins`
//! while the double is pending is the doubled player's resignation instead of an answer
//! (GNUBG allows it; here under [`Rules::resign_when_doubled`]), its level from the points
//! against the cube before the double, as GNUBG's importer reads it. Refused resignations
//! and automatic doubles (D3) are not in the format.
//!
//! # Examples
//!
//! ```
//! use lattjo_backgammon::mat::{MatFile, MATCH_RULES};
//! use lattjo_backgammon::{Action, Side};
//!
//! let text = "\
//! ; [Site \"somewhere\"]
//!
//!  1 point match
//!
//!  Game 1
//!  alice : 0                      bob : 0
//!   1) 31: 8/5 6/5                 62: 24/18 13/11
//!   2)  Doubles => 2                Drops
//!       Wins 1 point
//! ";
//! let file = MatFile::parse(text)?;
//! assert_eq!(file.length, 1);
//! assert_eq!(file.header[0].key, "Site");
//! let game = &file.games[0];
//! assert_eq!(game.players[Side::Black.index()], "alice"); // the left column
//! assert_eq!(game.players[Side::White.index()], "bob");
//!
//! // A double in a 1-point match: legal under the rules (A10), GNUBG calls the cube dead.
//! let replay = file.replay(&MATCH_RULES)?;
//! assert_eq!(replay.actions[0], Action::Opening { white: 1, black: 3 });
//! assert_eq!(replay.state.totals().as_slice(), &[0, 1]); // Black (alice) won
//!
//! // Written back in GNUBG's layout, it reads back to the same record.
//! let again = MatFile::parse(&file.write()?)?;
//! assert_eq!(again, file);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt::{self, Write as _};

use boardgame_core::{BySeat, Game, Match, MatchConfig, MatchState, ResumeError};

use crate::board::{BAR, OFF, Position, Side};
use crate::game::MatchContext;
use crate::game::{
    Action, Backgammon, Outcome, Phase, PlayError, Rules, RulesError, State, WinKind,
};
use crate::ids::{MAX_CUBE_LOG2, MAX_MATCH_LENGTH, ResignLevel};
use crate::movegen::{Dice, Play, PlayList, Step};
use crate::notation::NotationError;

/// The largest input [`MatFile::parse`] reads: 16 MiB (a long money session is well under
/// 1 MiB).
pub const MAX_FILE_BYTES: usize = 16 << 20;

/// The longest line [`MatFile::parse`] reads, in bytes (GNUBG reads lines of up to 1023).
pub const MAX_LINE_BYTES: usize = 4096;

/// The rules GNU Backgammon applies by default when it imports a `.mat` file, and the
/// default for replaying one: the standard rules ([`Rules::standard`]: the Crawford rule in
/// match play, no Jacoby rule, no beavers) with resignations (D6), which the format records
/// as games that end early.
pub const MATCH_RULES: Rules = Rules::standard().with_resignations(true);

/// A Jellyfish `.mat` record: header, match length and games.
///
/// Equality ignores the line numbers kept for error messages ([`MatEntry::line`]), so a
/// record written and read back equals the original.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MatFile {
    /// The `; [Key "value"]` tags before the match line, in order (`Site`, `Event`,
    /// `Round`, `EventDate`, `Player 1`, `Transcriber`, `CubeLimit`, ...): the key is the
    /// text up to the first quote, the value the text between it and the last quote.
    pub header: Vec<HeaderTag>,
    /// The other non-empty `;` or `#` comment lines before the match line, without the
    /// marker and surrounding spaces (written back with `;`). Comment lines among the games
    /// are skipped.
    pub comments: Vec<String>,
    /// The match length in points, 1 to [`MAX_MATCH_LENGTH`]; 0 for a money session.
    pub length: u32,
    /// The games, in order.
    pub games: Vec<MatGame>,
}

/// A header tag, `; [Key "value"]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeaderTag {
    /// The key, e.g. `Site` or `Player 1`.
    pub key: String,
    /// The value without its quotes.
    pub value: String,
}

/// One game of a `.mat` record.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MatGame {
    /// The number after `Game` (1 for the first game).
    pub number: u32,
    /// The players' names, indexed by [`Side::index`]: White's (the right column, GNUBG's
    /// player 1) first, Black's (the left column) second.
    pub players: [String; 2],
    /// The scores before this game, indexed like `players`.
    pub scores: [u32; 2],
    /// The entries of both columns in the order they were played.
    pub entries: Vec<MatEntry>,
}

/// One entry of a game: an action of one side (one column).
///
/// Equality ignores `line`.
#[derive(Clone, Debug, Eq)]
pub struct MatEntry {
    /// The side whose column holds the entry (Black left, White right).
    pub side: Side,
    /// What was done.
    pub action: MatAction,
    /// The 1-based line it was read from (0 for a record not read from text).
    pub line: u32,
}

impl PartialEq for MatEntry {
    fn eq(&self, other: &MatEntry) -> bool {
        self.side == other.side && self.action == other.action
    }
}

/// What a `.mat` entry records.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MatAction {
    /// `63: 24/18 18/15`: the dice as written (each 1 to 6, in the written order) and the
    /// checker movements, `(n)` repetitions and chains (`24/18/15`) expanded, consolidated
    /// movements (`24/15` for 6-3) kept as written. No movement: the roll could not be played,
    /// or (GNUBG) the player rolled and then resigned.
    Roll {
        /// The dice as written.
        dice: [u8; 2],
        /// The checker movements as written (at most four).
        movements: Vec<MatMovement>,
    },
    /// `Doubles => 4`: a double, and the cube value it offers (a power of two, 2 to 4096).
    Double {
        /// The cube value offered.
        cube: u32,
    },
    /// `Takes`.
    Take,
    /// `Drops`.
    Drop,
    /// `Beavers => 4` (D5): the doubled player takes and redoubles; the cube value is the
    /// redoubled one. The doubler's take is not written: the next roll implies it.
    Beaver {
        /// The cube value after the beaver.
        cube: u32,
    },
    /// `Wins 2 points` (`and the match`): the end of the game.
    Wins {
        /// The points written.
        points: u32,
        /// Whether `and the match` follows (XG writes it; GNUBG does not).
        and_the_match: bool,
    },
}

/// One checker movement of a roll entry, in the mover's numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatMovement {
    /// From (25 the bar) and to (0 off).
    pub step: Step,
    /// Whether a `*` follows the landing point.
    pub hit: bool,
}

/// A `.mat` text that does not read, and the 1-based line where it fails (0 for the whole
/// input).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
#[non_exhaustive]
pub struct ParseError {
    /// The line.
    pub line: u32,
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
    /// A line is longer than [`MAX_LINE_BYTES`].
    #[error("the line is longer than 4096 bytes")]
    LineTooLong,
    /// No ` N point match` line.
    #[error("no \"N point match\" line")]
    NoMatchLine,
    /// A match length above [`MAX_MATCH_LENGTH`] or not a number.
    #[error("match length {0:?} is not 0 to 64")]
    MatchLength(String),
    /// A line that is neither a comment nor the match line before the match line, or text
    /// between the match line and the first game.
    #[error("unexpected line {0:?}")]
    UnexpectedLine(String),
    /// `Game` without a number from 1.
    #[error("bad game line {0:?}")]
    GameLine(String),
    /// The line after `Game k` is not `name : score   name : score`.
    #[error("bad player line {0:?}")]
    PlayerLine(String),
    /// A score that is not a number below 2^32.
    #[error("bad score {0:?}")]
    Score(String),
    /// An entry that is not a roll, `Doubles`, `Takes`, `Drops`, `Beavers` or `Wins`.
    #[error("unknown entry {0:?}")]
    UnknownEntry(String),
    /// An entry this crate cannot represent: a raccoon, Snowie's `Illegal play`, XG's
    /// `Set Pos`.
    #[error("not supported: {0}")]
    Unsupported(&'static str),
    /// A checker movement that does not read (bad point, backwards, bad count), or more
    /// than four movements.
    #[error("bad movement {0:?}")]
    Movement(String),
    /// A cube value that is not a power of two from 2 to 4096, or a missing one.
    #[error("bad cube value {0:?}")]
    Cube(String),
    /// `Wins` without a number of points from 1 to 3 × 4096.
    #[error("bad wins entry {0:?}")]
    Wins(String),
    /// More than two entries on one line.
    #[error("more than two entries on the line")]
    TooManyEntries,
    /// A second entry on a line that starts inside the left column, where GNUBG's importer
    /// does not split the line (it splits at a double space from the line's 16th character
    /// on). GNUBG 1.07.001 writes a game resigned right after its opening roll so, with the
    /// roll in the wrong column, and cannot read it back.
    #[error("a second entry at column {0}, inside the left column")]
    SecondEntryLeft(usize),
}

impl MatFile {
    /// Reads a `.mat` text.
    ///
    /// # Errors
    ///
    /// [`ParseError`] with the line, for input over [`MAX_FILE_BYTES`] or lines over
    /// [`MAX_LINE_BYTES`], no match line, a length above 64, or an entry that does not
    /// read. Whether the moves are legal is [`MatFile::replay`]'s business.
    ///
    /// The text is a `str`: a file from a Windows tool that is not UTF-8 (Latin-1 player
    /// names, or UTF-16 as Windows PowerShell's `>` writes) reads through
    /// [`boardgame_core::text::decode_file`], which takes UTF-16 by its byte-order mark (or,
    /// without one, by its first characters, as `iconv -t UTF-16LE` writes), UTF-8 as it is and anything else as Windows-1252, where `std::fs::read_to_string`
    /// would refuse it.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::mat::{MatAction, MatFile, ParseErrorKind};
    /// let f = MatFile::parse(" 0 point match\n Game 1\n a : 0   b : 0\n  1) 52: 13/8 13/11\n")?;
    /// assert_eq!(f.length, 0); // a money session
    /// assert!(matches!(f.games[0].entries[0].action, MatAction::Roll { dice: [5, 2], .. }));
    /// let e = MatFile::parse(" 99 point match\n").unwrap_err();
    /// assert_eq!((e.line, e.kind), (1, ParseErrorKind::MatchLength("99".into())));
    /// # Ok::<(), lattjo_backgammon::mat::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<MatFile, ParseError> {
        if text.len() > MAX_FILE_BYTES {
            return Err(ParseError {
                line: 0,
                kind: ParseErrorKind::TooLarge(text.len()),
            });
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Parser::default().run(text)
    }

    /// Writes the record in GNU Backgammon's layout: the header tags and comments, ` N
    /// point match`, and per game ` Game k`, the players and scores (the left column's
    /// first) and numbered lines of two columns (`%3d) %-27s %s`), each `Wins` on a line of
    /// its own. Rolls are written `63: 24/18 18/15`, with 25 for the bar and 0 for off as
    /// GNUBG does.
    ///
    /// # Errors
    ///
    /// [`WriteError`] when the record holds what the format cannot: an empty name or one
    /// with `:`, a line break or surrounding spaces; a tag or comment that would not read
    /// back as itself; a length above 64; a game number of 0; a cube that is no power of two
    /// from 2 to 4096; a roll with dice outside 1 to 6 or more than four movements.
    pub fn write(&self) -> Result<String, WriteError> {
        let mut out = String::new();
        self.write_to(&mut out)?;
        Ok(out)
    }

    /// [`MatFile::write`] into any [`fmt::Write`].
    ///
    /// # Errors
    ///
    /// As [`MatFile::write`]; [`WriteError::Fmt`] when the sink fails.
    pub fn write_to(&self, out: &mut impl fmt::Write) -> Result<(), WriteError> {
        self.check_writable()?;
        for tag in &self.header {
            writeln!(out, "; [{} \"{}\"]", tag.key, tag.value)?;
        }
        for c in &self.comments {
            writeln!(out, "; {c}")?;
        }
        if !self.header.is_empty() || !self.comments.is_empty() {
            writeln!(out)?;
        }
        writeln!(out, " {} point match", self.length)?;
        writeln!(out)?;
        for g in &self.games {
            write_game(out, g)?;
        }
        Ok(())
    }

    fn check_writable(&self) -> Result<(), WriteError> {
        let plain = |s: &str| {
            !s.is_empty() && s.trim() == s && !s.chars().any(|c| c.is_control() || c == '\u{feff}')
        };
        for t in &self.header {
            if !plain(&t.key)
                || t.key.contains('"')
                || t.value.chars().any(|c| c.is_control() || c == '\u{feff}')
            {
                return Err(WriteError::Tag(boardgame_core::text::excerpt(&t.key)));
            }
        }
        for c in &self.comments {
            // A comment that reads as a tag would come back as one.
            if !plain(c) || tag(c).is_some() {
                return Err(WriteError::Comment(boardgame_core::text::excerpt(c)));
            }
        }
        if self.length > MAX_MATCH_LENGTH {
            return Err(WriteError::Length(self.length));
        }
        for g in &self.games {
            if g.number == 0 {
                return Err(WriteError::GameNumber);
            }
            for name in &g.players {
                if !plain(name) || name.contains(':') {
                    return Err(WriteError::Name(boardgame_core::text::excerpt(name)));
                }
            }
            for e in &g.entries {
                match &e.action {
                    MatAction::Roll { dice, movements } => {
                        if dice.iter().any(|d| !(1..=6).contains(d)) || movements.len() > 4 {
                            return Err(WriteError::Roll(e.line));
                        }
                    }
                    MatAction::Double { cube } | MatAction::Beaver { cube } => {
                        if cube_log2(*cube).is_none() {
                            return Err(WriteError::Cube(*cube));
                        }
                    }
                    MatAction::Take | MatAction::Drop | MatAction::Wins { .. } => {}
                }
            }
        }
        Ok(())
    }
}

impl core::str::FromStr for MatFile {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<MatFile, ParseError> {
        MatFile::parse(s)
    }
}

/// A record [`MatFile::write`] cannot write so that it reads back as itself.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// An empty player name, or one with `:`, a control character or surrounding spaces.
    /// Each text of these errors is the one refused, at most
    /// [`EXCERPT_CHARS`](boardgame_core::text::EXCERPT_CHARS) characters of it.
    #[error("player name {0:?} cannot be written")]
    Name(String),
    /// A header tag with an empty key, a key with a quote, a control character or surrounding
    /// spaces, or a value with a control character.
    #[error("header tag {0:?} cannot be written")]
    Tag(String),
    /// An empty comment, one with a control character or surrounding spaces, or one that
    /// reads as a tag (`[Key "value"]`).
    #[error("comment {0:?} cannot be written")]
    Comment(String),
    /// A match length above 64.
    #[error("match length {0} is above 64")]
    Length(u32),
    /// A game numbered 0.
    #[error("games are numbered from 1")]
    GameNumber,
    /// A cube value that is not a power of two from 2 to 4096.
    #[error("cube value {0} is not a power of two from 2 to 4096")]
    Cube(u32),
    /// A roll with a die outside 1 to 6 or more than four movements (its line, if read).
    #[error("a roll (line {0}) has a die outside 1-6 or more than four movements")]
    Roll(u32),
    /// The output sink failed.
    #[error("the output failed")]
    Fmt,
}

impl From<fmt::Error> for WriteError {
    fn from(_: fmt::Error) -> WriteError {
        WriteError::Fmt
    }
}

/// log2 of a cube value that is a power of two from 2 to 4096.
fn cube_log2(cube: u32) -> Option<u8> {
    (cube.is_power_of_two() && (2..=1 << MAX_CUBE_LOG2).contains(&cube))
        .then(|| cube.trailing_zeros() as u8)
}

fn point_text(p: u8) -> String {
    p.to_string()
}

fn entry_text(a: &MatAction) -> String {
    let mut s = String::new();
    match a {
        MatAction::Roll { dice, movements } => {
            let _ = write!(s, "{}{}:", dice[0], dice[1]);
            for m in movements {
                let _ = write!(
                    s,
                    " {}/{}{}",
                    point_text(m.step.from()),
                    point_text(m.step.to()),
                    if m.hit { "*" } else { "" }
                );
            }
        }
        MatAction::Double { cube } => {
            let _ = write!(s, " Doubles => {cube}");
        }
        MatAction::Take => s.push_str(" Takes"),
        MatAction::Drop => s.push_str(" Drops"),
        MatAction::Beaver { cube } => {
            let _ = write!(s, " Beavers => {cube}");
        }
        MatAction::Wins {
            points,
            and_the_match,
        } => {
            let _ = write!(
                s,
                "Wins {points} point{}{}",
                if *points == 1 { "" } else { "s" },
                if *and_the_match { " and the match" } else { "" }
            );
        }
    }
    s
}

fn write_game(out: &mut impl fmt::Write, g: &MatGame) -> Result<(), WriteError> {
    let (l, r) = (Side::Black.index(), Side::White.index());
    writeln!(out, " Game {}", g.number)?;
    let left = format!("{} : {}", g.players[l], g.scores[l]);
    // GNUBG's column, and at least two spaces: a right name that starts with digits would
    // otherwise read as more digits of the left score.
    let width = 31.max(left.chars().count() + 2);
    writeln!(out, " {left:<width$}{} : {}", g.players[r], g.scores[r])?;
    let mut number = 0u32;
    // The line being built: the left and right entries.
    let mut line: Option<(String, String)> = None;
    let flush = |out: &mut dyn fmt::Write,
                 line: &mut Option<(String, String)>,
                 number: &mut u32|
     -> fmt::Result {
        if let Some((left, right)) = line.take() {
            *number += 1;
            let row = format!("{number:>3}) {left:<27} {right}");
            writeln!(out, "{}", row.trim_end())?;
        }
        Ok(())
    };
    for e in &g.entries {
        let text = entry_text(&e.action);
        if let MatAction::Wins { .. } = e.action {
            // GNUBG's layout: after the left player's entry (a drop) the right player's
            // `Wins` ends the same line; otherwise it has a line of its own. (GNUBG 1.07.001
            // misreads a right-column `Wins` on a line of its own after a left-column drop.)
            if let (Side::White, Some((_, right))) = (e.side, &mut line)
                && right.is_empty()
            {
                *right = format!(" {text}");
                flush(out, &mut line, &mut number)?;
                continue;
            }
            flush(out, &mut line, &mut number)?;
            let indent = if e.side == Side::Black { 6 } else { 34 };
            writeln!(out, "{:indent$}{text}", "")?;
            continue;
        }
        match e.side {
            Side::Black => {
                flush(out, &mut line, &mut number)?;
                line = Some((text, String::new()));
            }
            Side::White => match &mut line {
                Some((_, right)) if right.is_empty() => *right = text,
                _ => {
                    flush(out, &mut line, &mut number)?;
                    line = Some((String::new(), text));
                }
            },
        }
    }
    flush(out, &mut line, &mut number)?;
    writeln!(out)?;
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Reading

#[derive(Default)]
struct Parser {
    file: MatFile,
}

fn err(line: usize, kind: ParseErrorKind) -> ParseError {
    ParseError {
        line: u32::try_from(line).unwrap_or(u32::MAX),
        kind,
    }
}

/// A line, trimmed, as an error quotes it ([`boardgame_core::text::excerpt`]).
/// What a refused [`Match::resume`] of the first game says: a decided match is a game after
/// its end, anything else is named.
fn resume_error(e: ResumeError) -> ReplayErrorKind {
    match e {
        ResumeError::Decided => ReplayErrorKind::AfterMatchEnd,
        e => ReplayErrorKind::Resume(e),
    }
}

fn excerpt(s: &str) -> String {
    boardgame_core::text::excerpt(s.trim())
}

impl Parser {
    fn run(mut self, text: &str) -> Result<MatFile, ParseError> {
        let mut lines = text
            .split('\n')
            .enumerate()
            .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)));
        // The header, up to the match line.
        let mut found = false;
        for (no, line) in lines.by_ref() {
            check_line(no, line)?;
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            if let Some(rest) = t.strip_prefix(';').or_else(|| t.strip_prefix('#')) {
                self.header_comment(rest.trim());
                continue;
            }
            self.file.length = match_line(no, t)?;
            found = true;
            break;
        }
        if !found {
            return Err(err(0, ParseErrorKind::NoMatchLine));
        }
        // The games.
        let mut pending_players = false;
        for (no, line) in lines {
            check_line(no, line)?;
            let t = line.trim();
            if t.is_empty() || t.starts_with(';') || t.starts_with('#') {
                if t.starts_with("; Set Pos=") {
                    return Err(err(no, ParseErrorKind::Unsupported("xg's set pos")));
                }
                continue;
            }
            if let Some(rest) = t.strip_prefix("Game ").or_else(|| t.strip_prefix("game ")) {
                let number = rest
                    .trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| err(no, ParseErrorKind::GameLine(excerpt(t))))?;
                self.file.games.push(MatGame {
                    number,
                    ..MatGame::default()
                });
                pending_players = true;
                continue;
            }
            let Some(game) = self.file.games.last_mut() else {
                return Err(err(no, ParseErrorKind::UnexpectedLine(excerpt(t))));
            };
            if pending_players {
                player_line(no, t, game)?;
                pending_players = false;
                continue;
            }
            entry_line(no, line, game)?;
        }
        if pending_players {
            return Err(err(0, ParseErrorKind::PlayerLine(String::new())));
        }
        Ok(self.file)
    }

    fn header_comment(&mut self, c: &str) {
        if c.is_empty() {
            return;
        }
        match tag(c) {
            Some((key, value)) => self.file.header.push(HeaderTag {
                key: key.to_string(),
                value: value.to_string(),
            }),
            None => self.file.comments.push(c.to_string()),
        }
    }
}

/// A header tag `[Key "value"]` (the comment's text, trimmed): the key up to the first quote,
/// trimmed and not empty; the value between that quote and the last, as it stands.
fn tag(c: &str) -> Option<(&str, &str)> {
    let inner = c.strip_prefix('[')?.strip_suffix(']')?.trim_end();
    let body = inner.strip_suffix('"')?;
    let q = body.find('"')?;
    let key = body[..q].trim();
    (!key.is_empty()).then_some((key, &body[q + 1..]))
}

fn check_line(no: usize, line: &str) -> Result<(), ParseError> {
    if line.len() > MAX_LINE_BYTES {
        return Err(err(no, ParseErrorKind::LineTooLong));
    }
    Ok(())
}

/// ` N point match` (GNUBG: `%d %*1[Pp]oint %*1[Mm]atch`).
fn match_line(no: usize, t: &str) -> Result<u32, ParseError> {
    let mut words = t.split_whitespace();
    let (Some(n), Some(p), Some(m), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err(err(no, ParseErrorKind::UnexpectedLine(excerpt(t))));
    };
    if !p.eq_ignore_ascii_case("point") || !m.eq_ignore_ascii_case("match") {
        return Err(err(no, ParseErrorKind::UnexpectedLine(excerpt(t))));
    }
    n.parse::<u32>()
        .ok()
        .filter(|&n| n <= MAX_MATCH_LENGTH)
        .ok_or_else(|| err(no, ParseErrorKind::MatchLength(excerpt(n))))
}

/// `name : score   name : score` (the left column's player first).
fn player_line(no: usize, t: &str, game: &mut MatGame) -> Result<(), ParseError> {
    let bad = || err(no, ParseErrorKind::PlayerLine(excerpt(t)));
    let (left, rest) = t.split_once(':').ok_or_else(bad)?;
    let rest = rest.trim_start();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let (s0, rest) = rest.split_at(digits);
    let (right, s1) = rest.split_once(':').ok_or_else(bad)?;
    let score = |s: &str| {
        let s = s.trim();
        s.parse::<u32>()
            .map_err(|_| err(no, ParseErrorKind::Score(excerpt(s))))
    };
    let (l, r) = (Side::Black.index(), Side::White.index());
    game.scores[l] = score(s0)?;
    game.scores[r] = score(s1)?;
    game.players[l] = left.trim().to_string();
    game.players[r] = right.trim().to_string();
    Ok(())
}

/// The entry keywords, with what they start.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kw {
    Roll([u8; 2]),
    Double,
    Take,
    Drop,
    Beaver,
    Raccoon,
    Wins,
    Resign,
    Illegal,
}

fn keyword<'a>(tok: &'a str) -> Option<(Kw, &'a str)> {
    let b = tok.as_bytes();
    if b.len() >= 3
        && (b'1'..=b'6').contains(&b[0])
        && (b'1'..=b'6').contains(&b[1])
        && b[2] == b':'
    {
        return Some((Kw::Roll([b[0] - b'0', b[1] - b'0']), &tok[3..]));
    }
    let lower = tok.to_ascii_lowercase();
    // `Doubles=>2`: the cube value glued to the word (GNUBG's importer reads the word only).
    let glued = |tok: &'a str| {
        let end = tok
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(tok.len());
        &tok[end..]
    };
    if lower.starts_with("double") {
        return Some((Kw::Double, glued(tok)));
    }
    if lower.starts_with("beaver") {
        return Some((Kw::Beaver, glued(tok)));
    }
    let kw = if lower.starts_with("take") {
        Kw::Take
    } else if lower.starts_with("drop") || lower.starts_with("pass") {
        Kw::Drop
    } else if lower.starts_with("raccoon") {
        Kw::Raccoon
    } else if lower.starts_with("win") {
        Kw::Wins
    } else if lower.starts_with("resign") {
        Kw::Resign
    } else if lower == "illegal" {
        Kw::Illegal
    } else {
        return None;
    };
    Some((kw, ""))
}

/// The least byte offset of an entry in the right column: after a double space from the
/// line's 16th character on, where GNUBG's importer splits a line without two rolls.
const RIGHT_FROM: usize = 17;

/// A numbered line of up to two entries.
fn entry_line(no: usize, line: &str, game: &mut MatGame) -> Result<(), ParseError> {
    // Drop the move number `  3)`.
    let lead = line.len() - line.trim_start().len();
    let mut body_start = lead;
    let rest = &line[lead..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && rest.as_bytes().get(digits) == Some(&b')') {
        body_start = lead + digits + 1;
    }
    // Tokens with their byte offsets.
    let mut groups: Vec<(usize, Kw, Vec<&str>)> = Vec::new();
    let mut offset = body_start;
    for tok in line[body_start..].split_ascii_whitespace() {
        let at = offset + line[offset..].find(tok).unwrap_or(0);
        offset = at + tok.len();
        match keyword(tok) {
            Some((kw, glued)) => {
                // Snowie's `Illegal play` note names what this crate cannot represent,
                // whatever follows it on the line.
                if matches!(kw, Kw::Illegal) {
                    return Err(err(
                        no,
                        ParseErrorKind::Unsupported("snowie's illegal play"),
                    ));
                }
                if groups.len() == 2 {
                    return Err(err(no, ParseErrorKind::TooManyEntries));
                }
                let mut toks = Vec::new();
                if !glued.is_empty() {
                    toks.push(glued);
                }
                groups.push((at, kw, toks));
            }
            None => match groups.last_mut() {
                Some((_, _, toks)) if toks.len() < 16 => toks.push(tok),
                Some(_) => return Err(err(no, ParseErrorKind::Movement(excerpt(tok)))),
                None => return Err(err(no, ParseErrorKind::UnknownEntry(excerpt(tok)))),
            },
        }
    }
    let n = groups.len();
    for (i, (at, kw, toks)) in groups.into_iter().enumerate() {
        // Two entries: left then right; GNUBG's importer splits a line before its second
        // roll, else at a double space from its 16th character on, so a second entry that
        // is not a roll must start at offset 17 or later. One entry: right when it starts
        // there.
        let side = if n == 2 {
            if i == 0 {
                Side::Black
            } else if at >= RIGHT_FROM || matches!(kw, Kw::Roll(_)) {
                Side::White
            } else {
                return Err(err(no, ParseErrorKind::SecondEntryLeft(at + 1)));
            }
        } else if at >= RIGHT_FROM {
            Side::White
        } else {
            Side::Black
        };
        let action = match entry(kw, &toks) {
            Ok(Some(a)) => a,
            Ok(None) => continue,
            Err(kind) => return Err(err(no, kind)),
        };
        game.entries.push(MatEntry {
            side,
            action,
            line: u32::try_from(no).unwrap_or(u32::MAX),
        });
    }
    Ok(())
}

fn entry(kw: Kw, toks: &[&str]) -> Result<Option<MatAction>, ParseErrorKind> {
    let joined = || excerpt(&toks.join(" "));
    Ok(Some(match kw {
        Kw::Roll(dice) => {
            let mut movements = Vec::new();
            let mut toks = toks;
            // XG: `???` after a roll the player resigned on, `Cannot Move` for a dance.
            if let Some(t) = toks.first()
                && t.starts_with('?')
                && t.bytes().all(|b| b == b'?')
            {
                toks = &toks[1..];
            }
            if toks.len() == 2
                && toks[0].eq_ignore_ascii_case("cannot")
                && toks[1].eq_ignore_ascii_case("move")
            {
                toks = &[];
            }
            if toks
                .first()
                .is_some_and(|t| t.eq_ignore_ascii_case("illegal"))
            {
                return Err(ParseErrorKind::Unsupported("snowie's illegal play"));
            }
            for t in toks {
                for part in t.split(',').filter(|p| !p.is_empty()) {
                    movement(part, &mut movements)?;
                }
            }
            MatAction::Roll { dice, movements }
        }
        Kw::Double | Kw::Beaver => {
            // `=> 4`, or `=>4` in one token (`Doubles =>4`, `Doubles=>4`).
            let value = match toks {
                ["=>", n] => Some(*n),
                [n] => n.strip_prefix("=>"),
                _ => None,
            };
            let cube = value
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|&c| cube_log2(c).is_some())
                .ok_or_else(|| ParseErrorKind::Cube(joined()))?;
            if kw == Kw::Double {
                MatAction::Double { cube }
            } else {
                MatAction::Beaver { cube }
            }
        }
        Kw::Take | Kw::Drop if !toks.is_empty() => {
            return Err(ParseErrorKind::UnknownEntry(joined()));
        }
        Kw::Take => MatAction::Take,
        Kw::Drop => MatAction::Drop,
        Kw::Raccoon => return Err(ParseErrorKind::Unsupported("raccoons")),
        Kw::Illegal => return Err(ParseErrorKind::Unsupported("snowie's illegal play")),
        // GNUBG ignores a `.gam` file's resignation line; the `Wins` line carries it.
        Kw::Resign => return Ok(None),
        Kw::Wins => {
            let points = toks
                .first()
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|&p| (1..=3 << MAX_CUBE_LOG2).contains(&p))
                .ok_or_else(|| ParseErrorKind::Wins(joined()))?;
            let rest: Vec<String> = toks[1..].iter().map(|t| t.to_ascii_lowercase()).collect();
            let and_the_match = match rest.iter().map(String::as_str).collect::<Vec<_>>()[..] {
                ["point" | "points"] | [] => false,
                ["point" | "points", "and", "the", "match"] => true,
                _ => return Err(ParseErrorKind::Wins(joined())),
            };
            MatAction::Wins {
                points,
                and_the_match,
            }
        }
    }))
}

/// A point of a movement: 0-25, `bar`, `off`, with an optional `*`.
fn point(s: &str) -> Option<(u8, bool)> {
    let (body, hit) = match s.strip_suffix('*') {
        Some(b) => (b, true),
        None => (s, false),
    };
    let p = if body.eq_ignore_ascii_case("bar") {
        BAR as u8
    } else if body.eq_ignore_ascii_case("off") {
        OFF as u8
    } else if !body.is_empty() && body.len() <= 2 && body.bytes().all(|b| b.is_ascii_digit()) {
        body.parse::<u8>().ok().filter(|&n| n <= 25)?
    } else {
        return None;
    };
    Some((p, hit))
}

/// `from/to[*][/to[*]]...[(n)]`, appended to `out` (at most four movements in all).
fn movement(tok: &str, out: &mut Vec<MatMovement>) -> Result<(), ParseErrorKind> {
    let bad = || ParseErrorKind::Movement(excerpt(tok));
    let (body, count) = match tok.find('(') {
        None => (tok, 1),
        Some(open) => {
            let n = match tok.get(open..) {
                Some("(1)") => 1,
                Some("(2)") => 2,
                Some("(3)") => 3,
                Some("(4)") => 4,
                _ => return Err(bad()),
            };
            (&tok[..open], n)
        }
    };
    let mut chain: [MatMovement; 4] = [MatMovement {
        step: Step::UNUSED,
        hit: false,
    }; 4];
    let mut len = 0;
    let mut parts = body.split('/');
    let (mut from, star) = parts.next().and_then(point).ok_or_else(bad)?;
    if star {
        return Err(bad());
    }
    for part in parts {
        let (to, hit) = point(part).ok_or_else(bad)?;
        let step = Step::new(from, to).ok_or_else(bad)?;
        if len == 4 {
            return Err(bad());
        }
        chain[len] = MatMovement { step, hit };
        len += 1;
        from = to;
    }
    if len == 0 || out.len() + len * count > 4 {
        return Err(bad());
    }
    for _ in 0..count {
        out.extend_from_slice(&chain[..len]);
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Replaying

/// A `.mat` record played through this crate: the actions for a [`Match`] of
/// [`Backgammon`] under the rules given, and where each game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The match the actions are for: the rules given, the file's length (a money session:
    /// at most as many games as the file has).
    pub game: Match<Backgammon>,
    /// The state the actions start from: [`Game::new_initial_state`] of `game`, or, when the
    /// file's first game is played at another score than 0-0 (a record of a match's later
    /// games, which GNUBG imports too), the match taken up at that score
    /// ([`Match::resume`](boardgame_core::Match::resume)); for an SGF file that opens with a
    /// set-up position ([`crate::sgf`]), the match taken up at that position.
    pub start: MatchState<State>,
    /// Every action from `start` on, all games in order.
    pub actions: Vec<Action>,
    /// Per game of the file, in order.
    pub games: Vec<ReplayedGame>,
    /// The match after the last action.
    pub state: MatchState<State>,
}

impl Replay {
    /// The actions of game `index` (0 for the file's first): from its
    /// [`ReplayedGame::first_action`] up to the next game's (the last game's to the end);
    /// `None` past the last game.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::Action;
    /// use lattjo_backgammon::mat::{MatFile, MATCH_RULES};
    /// let text = " 3 point match\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/5   Doubles => 2\n  2)  Drops\n                                  Wins 1 point\n";
    /// let replay = MatFile::parse(text)?.replay(&MATCH_RULES)?;
    /// let game = replay.game_actions(0).unwrap();
    /// assert_eq!(game.last(), Some(&Action::Drop));
    /// assert_eq!(game.len(), replay.actions.len());
    /// assert!(replay.game_actions(1).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn game_actions(&self, index: usize) -> Option<&[Action]> {
        let start = self.games.get(index)?.first_action;
        let end = self
            .games
            .get(index + 1)
            .map_or(self.actions.len(), |g| g.first_action);
        self.actions.get(start..end)
    }
}

/// One game of a [`Replay`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayedGame {
    /// Index into [`Replay::actions`] of the game's first action.
    pub first_action: usize,
    /// The result, `None` when the record stops during the game (only the last game).
    pub outcome: Option<Outcome>,
    /// Whether this was the Crawford game (D4).
    pub crawford: bool,
    /// A play the loser made before resigning, written before the winner's `Wins`: GNUBG
    /// takes a resignation from either player at any time, so its records hold resignations
    /// by the player who has just played, before the opponent rolls (9 of 258 real match
    /// files from online play; GNUBG's own SGF writes one so whenever it played a forced
    /// play of a roll the loser resigned holding). This crate's [`Game`] has one player to
    /// act at a time, and only that player may offer (D6), so the replay reads such a
    /// resignation as made after the roll and before this play, which gives the same
    /// result (a play changes neither the cube nor the level resigned): the play is
    /// checked legal and kept here, not among [`Replay::actions`], and the game's final
    /// state lacks it.
    pub play_before_resignation: Option<Play>,
}

/// A record that does not replay: the game (its 1-based index in the file), the line of the
/// entry (0 when no entry is to blame) and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}: {kind}")]
#[non_exhaustive]
pub struct ReplayError {
    /// The game, 1 for the file's first.
    pub game: u32,
    /// The line of the entry.
    pub line: u32,
    /// What was wrong.
    pub kind: ReplayErrorKind,
}

/// What is wrong in a [`ReplayError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayErrorKind {
    /// The rules are refused ([`Backgammon::new`]).
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A match longer than [`MAX_MATCH_LENGTH`] (a [`MatFile`] built by hand: the reader
    /// refuses one), which no match of this crate plays (`Rounds::max_target`).
    #[error("a {0}-point match is longer than the 64 points gnu backgammon allows")]
    Length(u32),
    /// The scores written before a game are not the scores this crate has (White's, Black's).
    #[error("the scores are {written:?} (white, black), the replay has {computed:?}")]
    Score {
        /// The scores written.
        written: [u32; 2],
        /// The scores the replay reached (GNUBG's count, see the module docs).
        computed: [i64; 2],
    },
    /// A game after the match was decided.
    #[error("a game after the end of the match")]
    AfterMatchEnd,
    /// The match cannot be taken up at the first game ([`Match::resume`]) for a reason other
    /// than its end: a set-up position that is over, or a game out of step with the match's
    /// length and scores ([`boardgame_core::Rounds::check_round`]).
    #[error("the match cannot be taken up at the first game: {0}")]
    Resume(#[source] ResumeError),
    /// A game other than the last that does not end.
    #[error("the game does not end")]
    Unfinished,
    /// An entry in the wrong column: another side is to act.
    #[error("{found} acts here, but {expected} is to act")]
    WrongSide {
        /// The side to act.
        expected: Side,
        /// The side whose column holds the entry.
        found: Side,
    },
    /// An entry after the game ended, or one that does not fit where the game is.
    #[error("{0} is not possible here")]
    Unexpected(&'static str),
    /// The movements name no legal play for the dice.
    #[error("illegal play: {0}")]
    Notation(#[from] NotationError),
    /// The game refused an action.
    #[error("refused: {0}")]
    Play(#[from] PlayError),
    /// The cube value written is not the value the action reaches.
    #[error("the cube written is {written}, the action makes it {computed}")]
    Cube {
        /// The value written.
        written: u32,
        /// The value reached.
        computed: u64,
    },
    /// A `Wins` line that does not fit the end of the game.
    #[error("wins {written} for {side}, but the game gave {outcome:?}")]
    Wins {
        /// The side whose column holds the line.
        side: Side,
        /// The points written.
        written: u32,
        /// The result the replay reached.
        outcome: Option<Outcome>,
    },
    /// A `Wins ... and the match` line in a game that does not end the match (GNUBG's
    /// importer ignores the words; this crate takes them as a claim to check).
    #[error("the wins line of {side} says \"and the match\", but the match goes on")]
    AndTheMatch {
        /// The side whose column holds the line.
        side: Side,
        /// The points written.
        written: u32,
    },
    /// A game that ended with no `Wins` line.
    #[error("the game ended without a wins line")]
    MissingWins,
    /// What this crate does not model: a double roll as the opening roll, a resignation at
    /// the opening roll, by the player not on roll (but for one right after that player's
    /// play, read as made before it: [`ReplayedGame::play_before_resignation`]), right after
    /// a take, by the doubler while the double is pending, or while a beaver is pending (the
    /// doubled player's resignation instead of an answer is
    /// [`ReplayErrorKind::ResignationWhileDoubled`] when the rules do not allow it).
    #[error("not supported: {0}")]
    Unsupported(&'static str),
    /// A roll written with no movements where several plays are legal and the record goes
    /// on: the play was lost in writing (3 of 258 real match files from online play in 2009
    /// hold such rolls). GNUBG's importer plays nothing there and reads on from a position
    /// the game never had; this crate replays only legal games, so it refuses the roll. A
    /// roll with no legal play, or exactly one, reads (that play), and so does an empty
    /// roll that ends the record (the play to come) or is followed by the opponent's `Wins`
    /// (rolled, then resigned).
    #[error("a roll written with no movements where {legal} plays are legal: the play is lost")]
    LostPlay {
        /// How many different plays the roll allowed.
        legal: usize,
    },
    /// A game that ends with the doubler's `Wins` while the double is pending: the doubled
    /// player resigned instead of answering, as GNU Backgammon allows, which the rules given
    /// do not ([`Rules::resign_when_doubled`]; replay with
    /// `MATCH_RULES.with_resign_when_doubled(true)`).
    #[error(
        "the doubled player resigns instead of answering the double, which needs Rules::resign_when_doubled"
    )]
    ResignationWhileDoubled,
    /// The header's `Variation` tag names a game other than backgammon, whose moves would
    /// be misread from this crate's start (GNUBG writes `NackGammon` and `HyperGammon (1)`
    /// to `(3)`; `Backgammon` and `Standard` are read).
    #[error("the match is of the variation {0:?}; only backgammon is replayed")]
    Variation(String),
}

type MState = MatchState<State>;

/// The actions that roll `dice` for `side` in `s`, in order: the opening roll; or, when
/// `take_beaver` and the doubler of a pending beaver (D5) rolls, the take `.mat` leaves
/// implied, then the decision to roll where the player has one, then the dice. `what` names
/// the roll in the error when no roll is due.
///
/// # Errors
///
/// A double as the opening roll ([`ReplayErrorKind::Unsupported`]), the other side's dice
/// ([`ReplayErrorKind::WrongSide`]), dice that are not two dice or come when no roll is due
/// ([`ReplayErrorKind::Unexpected`]).
pub(crate) fn roll_actions(
    m: &Match<Backgammon>,
    s: &MState,
    side: Side,
    dice: [u8; 2],
    what: &'static str,
    take_beaver: bool,
) -> Result<[Option<Action>; 2], ReplayErrorKind> {
    let st = *s.round();
    let d = Dice::new(dice[0], dice[1]).ok_or(ReplayErrorKind::Unexpected(what))?;
    if s.is_over() {
        return Err(ReplayErrorKind::Unexpected(what));
    }
    if st.phase() == Phase::Opening {
        if d.is_double() {
            return Err(ReplayErrorKind::Unsupported("a double as the opening roll"));
        }
        let (hi, lo) = (d.high(), d.low());
        let (white, black) = if side == Side::White {
            (hi, lo)
        } else {
            (lo, hi)
        };
        return Ok([Some(Action::Opening { white, black }), None]);
    }
    if st.to_move() != side {
        return Err(ReplayErrorKind::WrongSide {
            expected: st.to_move(),
            found: side,
        });
    }
    match st.phase() {
        // The beaver's take leaves the doubler on roll, who has no decision before the roll.
        Phase::Beavered if take_beaver => Ok([Some(Action::Take), Some(Action::Dice(d))]),
        Phase::BeforeRoll | Phase::Rolling => {
            let decides = matches!(m.turn(s), boardgame_core::Turn::Player(_));
            Ok([decides.then_some(Action::Roll), Some(Action::Dice(d))])
        }
        _ => Err(ReplayErrorKind::Unexpected(what)),
    }
}

struct Replayer<'a> {
    m: Match<Backgammon>,
    s: MState,
    actions: Vec<Action>,
    /// The state the last finished game ended in.
    finished: Option<State>,
    /// GNUBG's points minus this crate's, per side (Jacoby resignations).
    adjust: [i64; 2],
    /// The current game's play written before its loser's resignation
    /// ([`ReplayedGame::play_before_resignation`]).
    play_before_resignation: Option<Play>,
    list: PlayList,
    file: &'a MatFile,
}

impl Replayer<'_> {
    fn apply(&mut self, a: Action) -> Result<(), ReplayErrorKind> {
        let before = *self.s.round();
        let n = self.s.rounds_played();
        self.m.apply(&mut self.s, &a)?;
        if self.s.rounds_played() > n {
            let mut last = before;
            self.m.game().apply(&mut last, &a)?;
            self.finished = Some(last);
        }
        self.actions.push(a);
        Ok(())
    }

    /// The current game's state: the finished one once it is over.
    fn round(&self, game_over: bool) -> State {
        match (game_over, self.finished) {
            (true, Some(f)) => f,
            _ => *self.s.round(),
        }
    }

    fn totals(&self) -> [i64; 2] {
        let t = self.s.totals().as_slice();
        [t[0] + self.adjust[0], t[1] + self.adjust[1]]
    }

    /// Rolls `dice` for the side on roll (after an implied beaver take, an opening roll or
    /// a decision to roll).
    fn roll(&mut self, side: Side, dice: [u8; 2]) -> Result<(), ReplayErrorKind> {
        let acts = roll_actions(&self.m, &self.s, side, dice, "a roll", true)?;
        acts.into_iter().flatten().try_for_each(|a| self.apply(a))
    }

    fn expect_actor(
        &self,
        side: Side,
        phases: &[Phase],
        what: &'static str,
    ) -> Result<(), ReplayErrorKind> {
        let st = self.s.round();
        if !phases.contains(&st.phase()) {
            return Err(ReplayErrorKind::Unexpected(what));
        }
        match st.actor() {
            Some(a) if a == side => Ok(()),
            Some(a) => Err(ReplayErrorKind::WrongSide {
                expected: a,
                found: side,
            }),
            None => Err(ReplayErrorKind::Unexpected(what)),
        }
    }

    /// A beaver (D5) by `side`, written with the cube it turns to (`Beavers => cube`, or
    /// a `Doubles => cube` that answers a double).
    fn beaver(&mut self, side: Side, cube: u32) -> Result<(), ReplayErrorKind> {
        self.expect_actor(side, &[Phase::Doubled], "a beaver")?;
        check_cube(cube, 4 * self.s.round().cube_value())?;
        self.apply(Action::Beaver)
    }

    /// Plays one game's entries; returns its outcome.
    fn game(&mut self, g: &MatGame, last: bool) -> Result<Option<Outcome>, (u32, ReplayErrorKind)> {
        self.finished = None;
        self.play_before_resignation = None;
        let mut over = false;
        let mut wins_seen = false;
        let rules = *self.m.game().rules();
        let mut i = 0;
        while i < g.entries.len() {
            let e = &g.entries[i];
            let at = |k: ReplayErrorKind| (e.line, k);
            if wins_seen || (over && !matches!(e.action, MatAction::Wins { .. })) {
                return Err(at(ReplayErrorKind::Unexpected(
                    "an entry after the end of the game",
                )));
            }
            match &e.action {
                MatAction::Roll { dice, movements } => {
                    self.roll(e.side, *dice).map_err(at)?;
                    let st = *self.s.round();
                    let (pos, Some(d)) = (*st.position(), st.dice()) else {
                        return Err(at(ReplayErrorKind::Unexpected("a roll")));
                    };
                    // The opponent's `Wins` comes next: the roller resigns.
                    let resigns = matches!(
                        g.entries.get(i + 1),
                        Some(MatEntry { action: MatAction::Wins { .. }, side, .. })
                            if *side != e.side
                    );
                    let play = if movements.is_empty() {
                        if resigns {
                            // GNUBG: rolled, then resigned (the opponent's `Wins` follows,
                            // replayed as the resignation after the roll, D6).
                            i += 1;
                            continue;
                        }
                        self.list.generate(&pos, d, rules.single_die);
                        match self.list.len() {
                            0 => Play::NONE,
                            // GNUBG's importer plays a forced play left unwritten.
                            1 => self.list.get(0).unwrap_or(Play::NONE),
                            // The record stops after this roll (a match saved while the
                            // roller was to play): the dice stay rolled, the play to come.
                            _ if last && i + 1 == g.entries.len() => {
                                i += 1;
                                continue;
                            }
                            legal => return Err(at(ReplayErrorKind::LostPlay { legal })),
                        }
                    } else {
                        let text = movements_text(movements);
                        pos.parse_play_with(&text, d, rules.single_die, &mut self.list)
                            .map_err(|e| at(e.into()))?
                    };
                    let n = self.s.rounds_played();
                    if resigns && !movements.is_empty() && !self.ends_the_game(play) {
                        // Played, then resigned (GNUBG's importer takes a resignation by
                        // either player at any time): replayed as the resignation after
                        // the roll, before the play (D6), which the `Wins` entry makes;
                        // the play is kept beside the actions.
                        self.play_before_resignation = Some(play);
                        i += 1;
                        continue;
                    }
                    self.apply(Action::Play(play)).map_err(at)?;
                    over = self.s.rounds_played() > n;
                }
                MatAction::Double { cube } if self.s.round().phase() == Phase::Doubled => {
                    // A double answering a double is a beaver (GNUBG's importer reads
                    // `double`, `beaver` and `raccoon` alike; its exports before `Beavers`
                    // wrote one so, the doubler's take then written out).
                    self.beaver(e.side, *cube).map_err(at)?;
                }
                MatAction::Double { cube } => {
                    let st = *self.s.round();
                    self.expect_actor(e.side, &[Phase::BeforeRoll], "a double")
                        .map_err(at)?;
                    check_cube(*cube, 2 * st.cube_value()).map_err(at)?;
                    self.apply(Action::Double).map_err(at)?;
                }
                MatAction::Beaver { cube } => self.beaver(e.side, *cube).map_err(at)?,
                MatAction::Take => {
                    self.expect_actor(e.side, &[Phase::Doubled, Phase::Beavered], "a take")
                        .map_err(at)?;
                    self.apply(Action::Take).map_err(at)?;
                }
                MatAction::Drop => {
                    self.expect_actor(e.side, &[Phase::Doubled, Phase::Beavered], "a drop")
                        .map_err(at)?;
                    let n = self.s.rounds_played();
                    self.apply(Action::Drop).map_err(at)?;
                    over = self.s.rounds_played() > n;
                }
                MatAction::Wins {
                    points,
                    and_the_match,
                } => {
                    wins_seen = true;
                    if !over {
                        self.resign(e.side, *points).map_err(at)?;
                        over = true;
                    }
                    let fin = self.round(true);
                    let o = fin.outcome();
                    let w = i64::from(*points);
                    // In the match-winning game some writers give the points only up to
                    // what the match needed, and some end it with a resignation of more
                    // points than any level gives (`Wins 100 points` in a 5-point match),
                    // which GNUBG's importer reads as a backgammon. Neither count is
                    // carried on.
                    let needed = fin
                        .match_context()
                        .map(|c| i64::from(c.length()) - i64::from(c.score(e.side)));
                    let ok = o.is_some_and(|o| {
                        let resigned = matches!(o.kind, WinKind::Resignation(_));
                        o.winner == e.side
                            && (w == o.points
                                || (jacoby_applied(&rules, &fin)
                                    && w == jacoby_free_points(&o, &fin))
                                || (self.s.is_over()
                                    && needed.is_some_and(|n| n <= w)
                                    && (w < o.points || resigned)))
                    });
                    if ok && *and_the_match && !self.s.is_over() {
                        return Err(at(ReplayErrorKind::AndTheMatch {
                            side: e.side,
                            written: *points,
                        }));
                    }
                    if !ok {
                        return Err(at(ReplayErrorKind::Wins {
                            side: e.side,
                            written: *points,
                            outcome: o,
                        }));
                    }
                    if let (Some(o), WinKind::Resignation(_), false) =
                        (o, o.map_or(WinKind::Single, |o| o.kind), self.s.is_over())
                    {
                        // GNUBG scores a resignation at its level even under the Jacoby
                        // rule: carry its count.
                        self.adjust[o.winner.index()] += i64::from(*points) - o.points;
                    }
                }
            }
            i += 1;
        }
        if over && !wins_seen {
            return Err((
                g.entries.last().map_or(0, |e| e.line),
                ReplayErrorKind::MissingWins,
            ));
        }
        if !over && !last {
            return Err((
                g.entries.last().map_or(0, |e| e.line),
                ReplayErrorKind::Unfinished,
            ));
        }
        Ok(if over {
            self.finished.and_then(|f| f.outcome())
        } else {
            None
        })
    }

    /// Whether playing `play` now ends the game (the roller bears off the last checker).
    fn ends_the_game(&self, play: Play) -> bool {
        let mut t = *self.s.round();
        self.m.game().apply(&mut t, &Action::Play(play)).is_ok() && t.outcome().is_some()
    }

    /// The opponent of `winner` resigns before the roll, or after it before the play (D6),
    /// or instead of answering `winner`'s double ([`Rules::resign_when_doubled`]), and
    /// `winner` accepts; the level from the points as GNUBG's importer has it (against the
    /// cube before a pending double).
    fn resign(&mut self, winner: Side, points: u32) -> Result<(), ReplayErrorKind> {
        let st = *self.s.round();
        let loser = winner.opponent();
        if st.phase() == Phase::Opening {
            return Err(ReplayErrorKind::Unsupported(
                "a resignation at the opening roll",
            ));
        }
        if st.phase() == Phase::Doubled && st.to_move() == winner {
            // The doubled player resigns instead of answering (GNUBG's `resign` takes the
            // offer from the player to act).
            if !self.m.game().rules().resign_when_doubled {
                return Err(ReplayErrorKind::ResignationWhileDoubled);
            }
        } else if st.phase() == Phase::Doubled {
            return Err(ReplayErrorKind::Unsupported(
                "a resignation by the doubler while the double is pending",
            ));
        } else if st.phase() == Phase::Beavered {
            return Err(ReplayErrorKind::Unsupported(
                "a resignation while a beaver is pending",
            ));
        } else if st.to_move() != loser
            || !matches!(
                st.phase(),
                Phase::BeforeRoll | Phase::Rolling | Phase::Moving
            )
        {
            return Err(ReplayErrorKind::Unsupported(
                "a resignation by the player not on roll",
            ));
        }
        if st.phase() == Phase::Rolling {
            return Err(ReplayErrorKind::Unsupported(
                "a resignation right after a take",
            ));
        }
        let cube = st.cube_value();
        let p = u64::from(points);
        let level = if p <= cube {
            ResignLevel::Single
        } else if p <= 2 * cube {
            ResignLevel::Gammon
        } else {
            ResignLevel::Backgammon
        };
        self.apply(Action::Resign(level))?;
        self.apply(Action::AcceptResignation)
    }
}

fn check_cube(written: u32, computed: u64) -> Result<(), ReplayErrorKind> {
    if u64::from(written) == computed {
        Ok(())
    } else {
        Err(ReplayErrorKind::Cube { written, computed })
    }
}

/// Whether the Jacoby rule governed the end of `s` (D5: money play, the cube centred).
fn jacoby_applied(rules: &Rules, s: &State) -> bool {
    rules.jacoby && s.match_context().is_none() && s.cube_owner().is_none()
}

/// The points GNUBG writes for `o`: the kind's multiplier times the cube, without the
/// Jacoby rule.
fn jacoby_free_points(o: &Outcome, s: &State) -> i64 {
    let kind = match o.kind {
        WinKind::Drop => 1,
        WinKind::Resignation(l) => i64::from(l.multiplier()),
        // The rule scored a gammon or backgammon single: the position tells what it was.
        WinKind::Single | WinKind::Gammon | WinKind::Backgammon => {
            bear_off_multiplier(s.position(), o.winner)
        }
    };
    kind * s.cube_value() as i64
}

/// 1, 2 or 3: the multiplier of a bear-off by `winner` in `p` (B31-B33).
fn bear_off_multiplier(p: &Position, winner: Side) -> i64 {
    let loser = winner.opponent();
    if p.off(loser) > 0 {
        1
    } else if p.bar(loser) > 0 || p.checkers(loser)[19..=24].iter().any(|&c| c > 0) {
        3
    } else {
        2
    }
}

fn movements_text(ms: &[MatMovement]) -> String {
    let mut s = String::new();
    for m in ms {
        if !s.is_empty() {
            s.push(' ');
        }
        let _ = write!(
            s,
            "{}/{}{}",
            m.step.from(),
            m.step.to(),
            if m.hit { "*" } else { "" }
        );
    }
    s
}

impl MatFile {
    /// The value of the header's `Variation` tag (`; [Variation "NackGammon"]`), if any: the
    /// game the match was played at. GNUBG writes it for its variations only, eXtreme Gammon
    /// always (`Backgammon`). [`MatFile::replay`] refuses a variation other than backgammon.
    ///
    /// # Examples
    ///
    /// ```
    /// let text = "; [Variation \"NackGammon\"]\n\n 1 point match\n";
    /// let file = lattjo_backgammon::mat::MatFile::parse(text)?;
    /// assert_eq!(file.variation(), Some("NackGammon"));
    /// # Ok::<(), lattjo_backgammon::mat::ParseError>(())
    /// ```
    #[must_use]
    pub fn variation(&self) -> Option<&str> {
        self.header
            .iter()
            .find(|t| t.key.trim().eq_ignore_ascii_case("Variation"))
            .map(|t| t.value.as_str())
    }

    /// The match taken up at the scores of `first`, the file's first game, when they are not
    /// 0-0. At a score where one side needs a point, the game is the Crawford game unless
    /// it holds a double (then the Crawford game was played before the record begins).
    fn taken_up(&self, m: &Match<Backgammon>, first: &MatGame) -> Result<MState, ReplayErrorKind> {
        let bg = m.game();
        let round = if self.length == 0 {
            bg.new_game(None)
        } else {
            let doubles = first.entries.iter().any(|e| {
                matches!(
                    e.action,
                    MatAction::Double { .. } | MatAction::Beaver { .. }
                )
            });
            // The Crawford game needs exactly one side at match point (both there: past it).
            let at_point = first
                .scores
                .iter()
                .filter(|&&x| x.saturating_add(1) == self.length)
                .count();
            let crawford = bg.rules().crawford && at_point == 1 && !doubles;
            // The length is checked by `Match::try_new` and the Crawford flag needs a side at
            // match point: only a score at or past the length is refused here.
            let ctx = MatchContext::new(self.length, first.scores, crawford)
                .map_err(|_| ReplayErrorKind::AfterMatchEnd)?;
            bg.new_game(Some(ctx))
        };
        let totals = BySeat::from_fn(2, |seat| i64::from(first.scores[seat.index()]));
        m.resume(round, totals).map_err(resume_error)
    }

    /// Plays the record through a [`Match`] of [`Backgammon`] under `rules` (the format does
    /// not record them; [`MATCH_RULES`] is GNUBG's default) and checks it: the match is
    /// taken up at the first game's scores (0-0, or later for a record of a match's later
    /// games, as GNUBG imports it: [`Replay::start`]; at one side's match point the first
    /// game is the Crawford game unless it holds a double), each later game starts at the
    /// scores written (White's from the right column), every roll's movements name a
    /// legal play for its dice, every cube action is legal and offers the cube written,
    /// every `Wins` line names the winner and the points (under the Jacoby rule either
    /// GNUBG's or this crate's; in the match-winning game at least what the match needed,
    /// and for a resignation more than won too; see the module docs), and a game follows another only while the match
    /// goes on. The first roll of a game is the opening roll (the mover's the higher die,
    /// B3); a game that ends with `Wins` before it is over is an accepted
    /// resignation (D6; resignations must be on in `rules`): before the roll, or after it
    /// when the loser's roll without movements comes just before.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the game, the line and what was wrong; a header naming another
    /// variation ([`MatFile::variation`]) is [`ReplayErrorKind::Variation`] before any move.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_backgammon::mat::{MatFile, ReplayErrorKind, MATCH_RULES};
    /// let text = " 3 point match\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/5   64: 24/13\n";
    /// let e = MatFile::parse(text)?.replay(&MATCH_RULES).unwrap_err();
    /// assert_eq!((e.game, e.line), (1, 4));
    /// assert!(matches!(e.kind, ReplayErrorKind::Notation(_)));
    /// # Ok::<(), lattjo_backgammon::mat::ParseError>(())
    /// ```
    pub fn replay(&self, rules: &Rules) -> Result<Replay, ReplayError> {
        self.replay_from(rules, None)
    }

    /// [`MatFile::replay`], with the first game taken up at `set_up` (a position set by
    /// hand, read from an SGF file) instead of its start, at the first game's scores.
    pub(crate) fn replay_from(
        &self,
        rules: &Rules,
        set_up: Option<State>,
    ) -> Result<Replay, ReplayError> {
        let fail = |game: usize, line: u32, kind| ReplayError {
            game: u32::try_from(game + 1).unwrap_or(u32::MAX),
            line,
            kind,
        };
        let bg = Backgammon::new(*rules).map_err(|e| fail(0, 0, e.into()))?;
        if let Some(v) = self.variation().filter(|v| {
            let v = v.trim();
            !(v.is_empty()
                || v.eq_ignore_ascii_case("backgammon")
                || v.eq_ignore_ascii_case("standard"))
        }) {
            return Err(fail(0, 0, ReplayErrorKind::Variation(excerpt(v))));
        }
        let config = if self.length > 0 {
            MatchConfig::new(Some(i64::from(self.length)), None)
        } else {
            MatchConfig::new(
                None,
                Some(u32::try_from(self.games.len().max(1)).unwrap_or(u32::MAX)),
            )
        }
        .expect("a positive length or round count");
        let m = Match::try_new(bg, config)
            .map_err(|_| fail(0, 0, ReplayErrorKind::Length(self.length)))?;
        let s = match (self.games.first(), set_up) {
            (Some(g), Some(round)) => {
                // A set-up position of other rules would be refused at its first action, or
                // kept as the replay's end when none follows.
                m.game()
                    .check_state(&round)
                    .map_err(|e| fail(0, 0, PlayError::OtherRules(e).into()))?;
                let totals = BySeat::from_fn(2, |seat| i64::from(g.scores[seat.index()]));
                m.resume(round, totals)
                    .map_err(|e| fail(0, 0, resume_error(e)))?
            }
            (Some(g), None) if g.scores != [0, 0] => {
                self.taken_up(&m, g).map_err(|k| fail(0, 0, k))?
            }
            _ => m.new_initial_state(),
        };
        let start = s.clone();
        let mut r = Replayer {
            m,
            s,
            actions: Vec::new(),
            finished: None,
            adjust: [0; 2],
            play_before_resignation: None,
            list: PlayList::new(),
            file: self,
        };
        let mut games = Vec::with_capacity(self.games.len());
        for (gi, g) in r.file.games.iter().enumerate() {
            let line0 = g.entries.first().map_or(0, |e| e.line.saturating_sub(2));
            if r.s.is_over() {
                return Err(fail(gi, line0, ReplayErrorKind::AfterMatchEnd));
            }
            let totals = r.totals();
            if totals != g.scores.map(i64::from) {
                return Err(fail(
                    gi,
                    line0,
                    ReplayErrorKind::Score {
                        written: g.scores,
                        computed: totals,
                    },
                ));
            }
            let first_action = r.actions.len();
            let crawford = r.s.round().match_context().is_some_and(|c| c.is_crawford());
            let outcome = r
                .game(g, gi + 1 == r.file.games.len())
                .map_err(|(line, k)| fail(gi, line, k))?;
            games.push(ReplayedGame {
                first_action,
                outcome,
                crawford,
                play_before_resignation: r.play_before_resignation,
            });
        }
        Ok(Replay {
            game: r.m,
            start,
            actions: r.actions,
            games,
            state: r.s,
        })
    }
}

// ---------------------------------------------------------------------------------------
// Recording

/// Actions that [`MatFile::record`] cannot turn into a `.mat` record: the index of the
/// action and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("action {index}: {kind}")]
#[non_exhaustive]
pub struct RecordError {
    /// Index of the action in the slice given.
    pub index: usize,
    /// What was wrong.
    pub kind: RecordErrorKind,
}

/// What is wrong in a [`RecordError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The rules are refused ([`Backgammon::new`]).
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A match length above 64.
    #[error("match length {0} is above 64")]
    Length(u32),
    /// The action is not legal there.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// An action the format cannot hold: an opening tie (automatic doubles, D3).
    #[error("not supported: {0}")]
    Unsupported(&'static str),
}

impl MatFile {
    /// The record of a match played from its start with `actions` under `rules`: a
    /// `length`-point match (0: a money session, its games as many as the actions play),
    /// `players` named by [`Side::index`] (White first). Written as GNUBG's export writes a
    /// match: each roll with its play as single-die movements in GNUBG's order (by origin,
    /// then destination, highest first: `24/18 18/13`), 25 the bar, 0 off, `*` on each hit,
    /// the dice higher first; `Doubles => n`, `Takes`, `Drops`; and `Wins` with the points
    /// this crate awarded, but for a resignation its level times the cube as GNUBG writes and
    /// scores it (under the Jacoby rule with the cube centred this crate scores a resigned
    /// gammon single, D5; the scores of the following games are then GNUBG's count, as
    /// [`MatFile::replay`] expects).
    ///
    /// A beaver (D5) is written `Beavers => n` with the doubler's take left to the next
    /// roll to imply, as GNUBG writes it, except when the doubler drops it: then as a double
    /// answering the double (`Doubles => 4`, which GNUBG's importer reads as a beaver too),
    /// then `Drops`. After a dropped `Beavers => n` GNUBG 1.07.001's importer misreads the
    /// games that follow, and with an explicit take after a `Doubles => 4` beaver it
    /// misreads the game itself.
    ///
    /// A resignation after the roll (D6) is written as GNUBG writes it, the roll without
    /// movements just before the winner's `Wins`, except after a roll with exactly one
    /// legal play: GNUBG's importer plays that play (and its own export misreads so), so the
    /// resignation is written before the roll and the dice are not written, unless the roll
    /// came right after a take (no resignation before it was possible). Any other roll is
    /// written with its play.
    /// A refused resignation is not written; the header is empty.
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
    /// use lattjo_backgammon::mat::{MatFile, MATCH_RULES};
    /// use lattjo_backgammon::{Backgammon, Match, MatchConfig};
    /// let m = Match::new(Backgammon::new(MATCH_RULES)?, MatchConfig::new(Some(3), None)?);
    /// let (mut a, mut b) = (RandomAgent, RandomAgent);
    /// let agents: &mut [&mut dyn Agent<_>] = &mut [&mut a, &mut b];
    /// let played = play_game(&m, 1, agents, 100_000)?;
    /// let actions = &played.record.actions;
    /// let file = MatFile::record(&MATCH_RULES, 3, ["white".into(), "black".into()], actions)?;
    /// let replay = MatFile::parse(&file.write()?)?.replay(&MATCH_RULES)?;
    /// assert_eq!(replay.state.totals(), played.state.totals());
    /// assert!(replay.state.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(
        rules: &Rules,
        length: u32,
        players: [String; 2],
        actions: &[Action],
    ) -> Result<MatFile, RecordError> {
        Self::record_with(rules, length, players, actions, false)
    }

    /// [`MatFile::record`]; with `every_roll`, a resignation after a roll with one legal
    /// play keeps its roll too (for SGF, whose setup node GNUBG reads as dice only).
    pub(crate) fn record_with(
        rules: &Rules,
        length: u32,
        players: [String; 2],
        actions: &[Action],
        every_roll: bool,
    ) -> Result<MatFile, RecordError> {
        let fail = |index, kind| RecordError { index, kind };
        if length > MAX_MATCH_LENGTH {
            return Err(fail(0, RecordErrorKind::Length(length)));
        }
        let bg = Backgammon::new(*rules).map_err(|e| fail(0, e.into()))?;
        let mut list = PlayList::new();
        let config = if length > 0 {
            MatchConfig::new(Some(i64::from(length)), None)
        } else {
            MatchConfig::new(None, Some(u32::MAX))
        }
        .expect("a positive length or round count");
        let m = Match::try_new(bg, config).map_err(|_| fail(0, RecordErrorKind::Length(length)))?;
        let mut s = m.new_initial_state();
        let mut file = MatFile {
            length,
            ..MatFile::default()
        };
        // GNUBG's points minus this crate's, per side (Jacoby resignations).
        let mut adjust = [0i64; 2];
        let new_game = |file: &mut MatFile, s: &MState, adjust: [i64; 2]| {
            let t = s.totals().as_slice();
            let t = [t[0] + adjust[0], t[1] + adjust[1]];
            let score = |v: i64| u32::try_from(v).unwrap_or(u32::MAX);
            file.games.push(MatGame {
                number: u32::try_from(file.games.len() + 1).unwrap_or(u32::MAX),
                players: players.clone(),
                scores: [score(t[0]), score(t[1])],
                entries: Vec::new(),
            });
        };
        for (index, a) in actions.iter().enumerate() {
            let before = *s.round();
            let n = s.rounds_played();
            if file.games.len() <= n as usize {
                new_game(&mut file, &s, adjust);
            }
            if let Action::Opening { white, black } = a
                && white == black
            {
                return Err(fail(index, RecordErrorKind::Unsupported("an opening tie")));
            }
            m.apply(&mut s, a).map_err(|e| fail(index, e.into()))?;
            let mut after = *s.round();
            if s.rounds_played() > n {
                after = before;
                m.game()
                    .apply(&mut after, a)
                    .map_err(|e| fail(index, e.into()))?;
            }
            let entries = &mut file.games.last_mut().expect("a game").entries;
            let mut push = |side: Side, action: MatAction| {
                entries.push(MatEntry {
                    side,
                    action,
                    line: 0,
                });
            };
            match a {
                Action::Play(p) => {
                    // A play is accepted only with the dice rolled.
                    let Some(d) = before.dice() else { continue };
                    push(
                        before.to_move(),
                        MatAction::Roll {
                            dice: [d.high(), d.low()],
                            movements: play_movements(before.position(), p),
                        },
                    );
                }
                Action::Double => push(
                    before.to_move(),
                    MatAction::Double {
                        cube: (2 * before.cube_value()) as u32,
                    },
                ),
                // The doubler's take of a beaver is left to the next roll to imply.
                Action::Take if before.phase() == Phase::Doubled => {
                    push(before.to_move().opponent(), MatAction::Take);
                }
                Action::Beaver => {
                    // `Beavers => n` when the doubler takes, as GNUBG writes it; a double
                    // answering the double when the doubler drops: GNUBG 1.07.001's importer
                    // misreads the games after a dropped `Beavers`.
                    let cube = (4 * before.cube_value()) as u32;
                    let dropped = actions.get(index + 1) == Some(&Action::Drop);
                    let beaver = if dropped {
                        MatAction::Double { cube }
                    } else {
                        MatAction::Beaver { cube }
                    };
                    push(before.to_move().opponent(), beaver);
                }
                Action::Drop => push(before.actor().unwrap_or(Side::White), MatAction::Drop),
                // A resignation after the roll (D6): the roll with no movements, as GNUBG
                // writes "rolled, then resigned"; the `Wins` line follows. GNUBG's importer
                // plays the one legal play of a roll written without movements, so after
                // such a roll the resignation is written before it and the dice are lost;
                // not after a take, where the doubler rolls at once and could not have
                // resigned before the roll (actions: take, dice, resign, accept).
                Action::AcceptResignation => {
                    let after_take = index >= 3 && actions[index - 3] == Action::Take;
                    if let Some(d) = before.dice() {
                        let forced = !every_roll && !after_take && {
                            list.generate(before.position(), d, rules.single_die);
                            list.len() == 1
                        };
                        if !forced {
                            push(
                                before.to_move(),
                                MatAction::Roll {
                                    dice: [d.high(), d.low()],
                                    movements: Vec::new(),
                                },
                            );
                        }
                    }
                }
                Action::Opening { .. }
                | Action::Dice(_)
                | Action::Take
                | Action::Roll
                | Action::Resign(_)
                | Action::RejectResignation => {}
            }
            if let Some(o) = after.outcome() {
                // GNUBG's count: a resignation at its level times the cube, also where the
                // Jacoby rule scored it single here.
                let points = match o.kind {
                    WinKind::Resignation(l) => {
                        i64::from(l.multiplier()) * after.cube_value() as i64
                    }
                    _ => o.points,
                };
                adjust[o.winner.index()] += points - o.points;
                push(
                    o.winner,
                    MatAction::Wins {
                        points: u32::try_from(points).unwrap_or(u32::MAX),
                        and_the_match: false,
                    },
                );
            }
        }
        Ok(file)
    }
}

/// The movements of `play` from `p`, one per step in GNUBG's order, each marked as a
/// hit where it lands on a blot.
fn play_movements(p: &Position, play: &Play) -> Vec<MatMovement> {
    let mut pos = *p;
    let mover = p.to_move();
    // GNUBG's canonical order (`CanonicalMoveOrder`): by origin, then destination, highest
    // first; always a playable order, since every checker moves downwards.
    let mut steps: Vec<Step> = play.steps().to_vec();
    steps.sort_unstable_by_key(|s| core::cmp::Reverse((s.from(), s.to())));
    steps
        .iter()
        .map(|&step| {
            let to = step.to();
            let hit = to != OFF as u8 && pos.checkers(mover.opponent())[25 - to as usize] == 1;
            if let Some(single) = Play::from_steps(&[step])
                && let Ok(next) = pos.apply_steps(&single)
            {
                pos = next.with_to_move(mover);
            }
            MatMovement { step, hit }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_gnubg_columns() {
        let text = "; [EventDate \"2026.12.04\"]\n\n 3 point match\n\n Game 1\n gnubg : 0                      root : 0\n  1)                             63: 8/2 6/3 \n  2) 65: 8/2 8/3                 11: 24/23* 24/23 8/7 6/5\n  3)  Doubles => 2                Takes\n      Wins 2 points\n";
        let f = MatFile::parse(text).unwrap();
        assert_eq!(
            f.header,
            vec![HeaderTag {
                key: "EventDate".into(),
                value: "2026.12.04".into()
            }]
        );
        let g = &f.games[0];
        assert_eq!(g.players, ["root".to_string(), "gnubg".to_string()]);
        let sides: Vec<Side> = g.entries.iter().map(|e| e.side).collect();
        use Side::{Black as B, White as W};
        assert_eq!(sides, [W, B, W, B, W, B]);
        assert_eq!(g.entries[2].line, 8);
        assert!(
            matches!(&g.entries[2].action, MatAction::Roll { dice: [1, 1], movements } if movements.len() == 4 && movements[0].hit)
        );
        assert_eq!(
            g.entries[5].action,
            MatAction::Wins {
                points: 2,
                and_the_match: false
            }
        );
    }

    #[test]
    fn expands_counts_and_chains() {
        let mut v = Vec::new();
        movement("13/7(2)", &mut v).unwrap();
        assert_eq!(v.len(), 2);
        movement("bar/22*/16", &mut v).unwrap();
        assert_eq!(v.len(), 4);
        assert!(v[2].hit && v[2].step.from() == 25);
        assert!(movement("6/off", &mut v).is_err()); // a fifth
        let mut v = Vec::new();
        for bad in ["6/8", "x/3", "13/7(5)", "26/3", "3*/1", "13/7(2", "1/0/0"] {
            assert!(movement(bad, &mut v).is_err(), "{bad}");
        }
    }

    #[test]
    fn refuses_absurd_numbers() {
        for (text, kind) in [
            (
                " 65 point match\n",
                ParseErrorKind::MatchLength("65".into()),
            ),
            (
                " 99999999999 point match\n",
                ParseErrorKind::MatchLength("99999999999".into()),
            ),
        ] {
            assert_eq!(MatFile::parse(text).unwrap_err().kind, kind);
        }
        let g = " 0 point match\n Game 1\n a : 0 b : 0\n";
        let e = MatFile::parse(&format!("{g}  1)  Doubles => 3\n")).unwrap_err();
        assert_eq!((e.line, e.kind), (4, ParseErrorKind::Cube("=> 3".into())));
        let e = MatFile::parse(&format!("{g}  1)  Doubles => 8192\n")).unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::Cube(_)));
        let e = MatFile::parse(&format!("{g}      Wins 99999 points\n")).unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::Wins(_)));
        let e = MatFile::parse(&format!("{g} x : 99999999999 y : 1\n")).unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::UnknownEntry(_)));
        let e = MatFile::parse(" 1 point match\n Game 1\n a : 99999999999   b : 1\n").unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::Score(_)));
        let long = format!(" 1 point match\n;{}\n", "x".repeat(5000));
        assert_eq!(
            MatFile::parse(&long).unwrap_err().kind,
            ParseErrorKind::LineTooLong
        );
    }

    #[test]
    fn write_refuses_what_does_not_read_back() {
        let mut f = MatFile {
            length: 1,
            games: vec![MatGame {
                number: 1,
                players: ["a:b".into(), "c".into()],
                ..MatGame::default()
            }],
            ..MatFile::default()
        };
        assert_eq!(f.write(), Err(WriteError::Name("a:b".into())));
        f.games[0].players[0] = "a b".into();
        let back = MatFile::parse(&f.write().unwrap()).unwrap();
        assert_eq!(back, f);
        // Found by libFuzzer (backgammon_mat, 4 Dec): a left name and score of 31 characters
        // or more ran into a right name that starts with digits, which read as more digits
        // of the left score.
        // (Per-side arrays are White first; the left column is Black.)
        f.games[0].players = ["25/2   white".into(), "]".repeat(31) + "black"];
        f.games[0].scores = [1, 2];
        let text = f.write().unwrap();
        assert!(text.contains("black : 2  25/2   white : 1"), "{text}");
        assert_eq!(MatFile::parse(&text).unwrap(), f);
        f.comments
            .push("[Game 1, Move 1: Dice set to Manual Rolls]".into());
        assert_eq!(MatFile::parse(&f.write().unwrap()).unwrap(), f);
        f.comments.push("[x \"y\"]".into());
        assert!(matches!(f.write(), Err(WriteError::Comment(_))));
    }

    #[test]
    fn tags_are_key_and_quoted_value() {
        assert_eq!(tag("[Player 1 \"A B\"]"), Some(("Player 1", "A B")));
        assert_eq!(
            tag("[Event \"a \"quoted\" one\"]"),
            Some(("Event", "a \"quoted\" one"))
        );
        assert_eq!(tag("[Site \"\"]"), Some(("Site", "")));
        assert_eq!(tag("[Game 1, Move 1: Dice set to Manual Rolls]"), None);
        assert_eq!(tag("[\"x\"]"), None);
    }

    #[test]
    fn regression_a_set_up_game_out_of_step_with_the_scores_was_called_after_the_match_end() {
        // A set-up game at 1-2 of a 5-point match, the record's first game written at 0-0:
        // the match cannot be taken up there, and the error says why (it said "a game after
        // the end of the match" for any refused resume).
        let text = " 5 point match\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/5\n";
        let f = MatFile::parse(text).unwrap();
        let bg = Backgammon::new(MATCH_RULES).unwrap();
        let ctx = MatchContext::new(5, [1, 2], false).unwrap();
        let e = f
            .replay_from(&MATCH_RULES, Some(bg.new_game(Some(ctx))))
            .unwrap_err();
        assert!(
            matches!(e.kind, ReplayErrorKind::Resume(ResumeError::Round(_))),
            "{e:?}"
        );
        // A decided match is still a game after its end.
        assert_eq!(
            resume_error(ResumeError::Decided),
            ReplayErrorKind::AfterMatchEnd
        );
    }
}
