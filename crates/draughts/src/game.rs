//! The rule sets, the game state with its draw bookkeeping, and boardgame-core's `Game`.

use boardgame_core::{BySeat, Game, GameRng, Returns, Seat, Turn};
use core::fmt;

use crate::movegen::{self, KingMoves, MAX_PATH, Mobility, Move, Sink};
use crate::position::{IllegalMoveError, Position};
use crate::square::{Color, Square};

/// How draws come about (V1, A1).
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Draws, Rules};
/// let describe = |d: Draws| match d {
///     Draws::Agreement => "agreement only",
///     Draws::Claim => "claims",
///     Draws::Automatic => "adjudicated",
///     _ => "other",
/// };
/// assert_eq!(describe(Rules::default().draws), "claims");
/// assert_eq!(Rules::lattjo().with_draws(Draws::Automatic), Rules::wcdf().with_auto_adjudicate(true));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Draws {
    /// Only by agreement ([`Draughts::agree_draw`]): the booklet, which knows no draw rule.
    Agreement,
    /// WCDF: agreement, and the player to move may claim ([`Action::ClaimDraw`]) a third
    /// repetition or the 40-move rule. The default.
    #[default]
    Claim,
    /// WCDF with automatic adjudication (for engines and test harnesses): the game ends
    /// drawn on the third occurrence of a position or after 40 moves each (80 plies) with
    /// no man moved and nothing captured. Agreement still works.
    Automatic,
}

/// A rule set: a preset and options, each set by a `with_<option>(value)` builder. Both
/// presets play the same moves (D1-D14); they differ only in draws.
///
/// [`Draughts::new`] checks a rule set ([`RulesError`]); the presets are valid.
///
/// With the `serde` feature, deserialization checks [`Rules::validate`], as the game's
/// constructor does.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Draughts, Draws, KingMoves, Rules};
/// assert_eq!(Rules::default(), Rules::wcdf());
/// assert_eq!(Rules::lattjo().draws, Draws::Agreement);
/// let engine = Rules::wcdf().with_auto_adjudicate(true);
/// assert_eq!(engine.draws, Draws::Automatic);
/// assert_eq!(Rules::wcdf().with_flying_kings(true).king_moves, KingMoves::Flying);
/// // The older EDA texts drew on the fourth occurrence of a position.
/// let eda = Rules::wcdf().with_repetitions(4);
/// let game = Draughts::new(eda)?;
/// assert_eq!(game.rules().repetitions, 4);
/// assert!(Draughts::new(Rules::wcdf().with_repetitions(1)).is_err());
/// # Ok::<(), lattjo_draughts::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Rules {
    /// Short kings (D12, both presets) or the French text's flying kings (V2).
    pub king_moves: KingMoves,
    /// How draws happen (V1, A1): WCDF claims in [`Rules::wcdf`] (the default: the booklet
    /// has no draw rule and without one king-against-king endings never end), agreement
    /// only in [`Rules::lattjo`].
    pub draws: Draws,
    /// The occurrence of a position (placement and side to move) that draws by
    /// repetition: 3 in both presets (WCDF: the third time; older EDA texts used 4).
    /// At least 2.
    pub repetitions: u8,
    /// The 40-move rule's number of moves: a draw after this many moves **each** (twice as
    /// many plies) in which no man moved and nothing was captured (A1). 40 in both
    /// presets; at least 1.
    pub quiet_moves: u16,
}

/// [`Rules`]'s fields for serde (a `remote` derive): private, so that the one public
/// deserializer is the checked impl below.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(remote = "Rules", rename = "Rules")]
struct RulesFields {
    king_moves: KingMoves,
    draws: Draws,
    repetitions: u8,
    quiet_moves: u16,
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

impl Default for Rules {
    /// [`Rules::wcdf`].
    fn default() -> Rules {
        Rules::wcdf()
    }
}

impl Rules {
    /// The booklet's play rules with WCDF draws as claims (V1, A1): the default.
    #[must_use]
    pub const fn wcdf() -> Rules {
        Rules {
            king_moves: KingMoves::Short,
            draws: Draws::Claim,
            repetitions: 3,
            quiet_moves: 40,
        }
    }

    /// The booklet as written: no draw except by agreement (`Lattjo`).
    #[must_use]
    pub const fn lattjo() -> Rules {
        Rules {
            draws: Draws::Agreement,
            ..Rules::wcdf()
        }
    }

    /// The same rules with the WCDF draws adjudicated automatically (`true`:
    /// [`Draws::Automatic`], for engines and test harnesses) or as claims (`false` turns
    /// [`Draws::Automatic`] back into [`Draws::Claim`]; other settings stay as they are).
    #[must_use]
    pub const fn with_auto_adjudicate(self, on: bool) -> Rules {
        let draws = match (on, self.draws) {
            (true, _) => Draws::Automatic,
            (false, Draws::Automatic) => Draws::Claim,
            (false, other) => other,
        };
        Rules { draws, ..self }
    }

    /// The same rules with flying kings (`true`, V2) or short kings (`false`, D12).
    #[must_use]
    pub const fn with_flying_kings(self, on: bool) -> Rules {
        let king_moves = if on {
            KingMoves::Flying
        } else {
            KingMoves::Short
        };
        Rules { king_moves, ..self }
    }

    /// The same rules with kings moving as `king_moves`.
    #[must_use]
    pub const fn with_king_moves(self, king_moves: KingMoves) -> Rules {
        Rules { king_moves, ..self }
    }

    /// The same rules with draws decided by `draws`.
    #[must_use]
    pub const fn with_draws(self, draws: Draws) -> Rules {
        Rules { draws, ..self }
    }

    /// The same rules drawing on occurrence number `repetitions` of a position (at least 2).
    #[must_use]
    pub const fn with_repetitions(self, repetitions: u8) -> Rules {
        Rules {
            repetitions,
            ..self
        }
    }

    /// The same rules with the 40-move rule counting `quiet_moves` moves each (at least 1).
    #[must_use]
    pub const fn with_quiet_moves(self, quiet_moves: u16) -> Rules {
        Rules {
            quiet_moves,
            ..self
        }
    }

    /// Checks the options: what [`Draughts::new`] checks.
    ///
    /// # Errors
    ///
    /// [`RulesError`] naming the first bad option.
    pub const fn validate(&self) -> Result<(), RulesError> {
        if self.repetitions < 2 {
            return Err(RulesError::Repetitions(self.repetitions));
        }
        if self.quiet_moves == 0 {
            return Err(RulesError::QuietMoves);
        }
        Ok(())
    }

    /// The rules as one number, equal exactly for equal rules (every field has its own
    /// bits: the two enums 2 each, `repetitions` 8, `quiet_moves` 16), kept beside the
    /// rules by [`State`] and [`Draughts`], so that [`Draughts::owns`] on the hot path is
    /// one comparison. Every field is named, so that a field added to `Rules` cannot be
    /// left out of it.
    const fn key(&self) -> u32 {
        let Rules {
            king_moves,
            draws,
            repetitions,
            quiet_moves,
        } = *self;
        king_moves as u32
            | (draws as u32) << 2
            | (repetitions as u32) << 8
            | (quiet_moves as u32) << 16
    }

    /// The plies without a man move or capture that draw (twice [`Rules::quiet_moves`]).
    const fn quiet_plies(&self) -> u32 {
        2 * self.quiet_moves as u32
    }
}

/// A rule set that [`Draughts::new`] refuses.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Draughts, Rules, RulesError};
/// assert_eq!(Draughts::new(Rules::wcdf().with_quiet_moves(0)), Err(RulesError::QuietMoves));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A repetition threshold below 2: a position occurring once would be a draw.
    #[error("a draw by repetition needs a position to occur at least twice, got {0}")]
    Repetitions(u8),
    /// A 40-move rule of zero moves: every game would be drawn before it starts.
    #[error("the 40-move rule needs at least 1 move, got 0")]
    QuietMoves,
}

/// Why a game was drawn.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Action, Draughts, DrawReason, Game, Outcome};
/// let game = Draughts::default();
/// let mut state = game.new_initial_state();
/// game.agree_draw(&mut state)?;
/// assert_eq!(state.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
/// // Claims are actions of the player to move (here: no claim is valid at the start).
/// let fresh = game.new_initial_state();
/// assert!(!game.can_claim(&fresh, DrawReason::Repetition));
/// let _claim = Action::ClaimDraw(DrawReason::FortyMoveRule);
/// # Ok::<(), lattjo_draughts::PlayError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawReason {
    /// The players agreed (V1 a).
    Agreement,
    /// The same position with the same side to move for the third time (V1 b, A1).
    Repetition,
    /// 40 moves each (80 plies) without a man moving or a capture (V1 c, A1).
    FortyMoveRule,
}

/// How a player won (D14, A7).
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Color, Outcome, State, WinReason};
/// // Black to move, its only man blocked: Black has lost (A7: not a draw).
/// let s = State::from_position("B:W9,14:B5".parse()?);
/// assert!(matches!(s.outcome(), Some(Outcome::Win { reason: WinReason::NoMoves, .. })));
/// # Ok::<(), lattjo_draughts::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// The loser has no piece left.
    NoPieces,
    /// The loser, to move, has no legal move (A7: a loss, not a draw).
    NoMoves,
}

/// How a game ended.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Color, Draughts, Game, GameResult, GameRng, Outcome, Rules};
/// use lattjo_draughts::boardgame_core::random_playout;
///
/// let game = Draughts::new(Rules::wcdf().with_auto_adjudicate(true))?;
/// let mut state = game.new_initial_state();
/// random_playout(&game, &mut state, &mut GameRng::new(3, 0), &mut Vec::new());
/// let result = match state.outcome() {
///     Some(Outcome::Win { winner, .. }) => GameResult::from_winner(Some(winner)),
///     Some(Outcome::Draw(_)) => GameResult::Draw,
///     None => GameResult::Unfinished,
/// };
/// assert_ne!(result, GameResult::Unfinished);
/// # Ok::<(), lattjo_draughts::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// A draw.
    Draw(DrawReason),
}

/// A player's action: a move, or a draw claim under the WCDF rules.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Action, Draughts, Game};
/// let game = Draughts::default();
/// let state = game.new_initial_state();
/// let mut actions = Vec::new();
/// game.legal_actions(&state, &mut actions);
/// let moves = actions.iter().filter(|a| matches!(a, Action::Move(_))).count();
/// assert_eq!(moves, 7);
/// assert!(!actions.iter().any(|a| matches!(a, Action::ClaimDraw(_))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Play a move.
    Move(Move),
    /// Claim a draw by [`DrawReason::Repetition`] or [`DrawReason::FortyMoveRule`]
    /// ([`Draws::Claim`] only; listed among the legal actions when it is valid). Other draw
    /// modes refuse it in every position ([`PlayError::ClaimsDisabled`]).
    ClaimDraw(DrawReason),
}

/// The word of a draw reason in an action's text.
const fn claim_word(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::Repetition => "repetition",
        DrawReason::FortyMoveRule => "forty-move",
        DrawReason::Agreement => "agreement",
    }
}

/// The text of an action, as `Action`'s [`FromStr`](core::str::FromStr) reads it back
/// without a position: a move is its own text ([`Move`]'s full path: `11-15`, `22x15`,
/// `15x24x31`) when that text alone gives the move, and otherwise, for a flying king's
/// capture with a leg longer than two squares (V2), its path followed by `capturing` and
/// the captured squares' numbers, ascending, joined by commas without spaces
/// (`1x19 capturing 10`, `1x19x30 capturing 10,23`). A claim is `claim draw repetition`
/// or `claim draw forty-move`. (`claim draw agreement` is written too, so that every
/// value has its text; no game takes it as a claim: an agreement is
/// [`Draughts::agree_draw`].)
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Action, DrawReason, KingMoves, Position};
/// assert_eq!(Action::Move("11-15".parse()?).to_string(), "11-15");
/// assert_eq!(Action::Move("15x24x31".parse()?).to_string(), "15x24x31");
/// // A flying king's long jump: which piece it takes is written out.
/// let pos: Position = "W:WK1:B10".parse()?;
/// let jump = Action::Move(pos.parse_move("1x19", KingMoves::Flying)?);
/// assert_eq!(jump.to_string(), "1x19 capturing 10");
/// assert_eq!("1x19 capturing 10".parse(), Ok(jump));
/// let claim = Action::ClaimDraw(DrawReason::FortyMoveRule);
/// assert_eq!(claim.to_string(), "claim draw forty-move");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(m) => {
                write!(f, "{m}")?;
                // A capture with a leg longer than two squares does not say what it takes.
                let long_leg = m
                    .path()
                    .zip(m.path().skip(1))
                    .any(|(a, b)| a.row().abs_diff(b.row()) != 2);
                if m.is_capture() && long_leg {
                    write!(f, " capturing")?;
                    for (k, s) in m.captured().enumerate() {
                        write!(f, "{}{s}", if k == 0 { ' ' } else { ',' })?;
                    }
                }
                Ok(())
            }
            Action::ClaimDraw(reason) => write!(f, "claim draw {}", claim_word(*reason)),
        }
    }
}

/// An action's text that is not an action: what `Action`'s [`FromStr`](core::str::FromStr)
/// refuses, with the text (at most 64 characters of it, through
/// [`boardgame_core::text::excerpt`]).
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Action, ParseActionError, ParseMoveError};
/// assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
/// assert!(matches!(
///     "11-15-19".parse::<Action>(),
///     Err(ParseActionError::Move(ParseMoveError::Syntax(_)))
/// ));
/// assert_eq!(
///     "claim draw stalemate".parse::<Action>(),
///     Err(ParseActionError::Reason("stalemate".into()))
/// );
/// assert!(matches!("11-15 15-19".parse::<Action>(), Err(ParseActionError::Malformed(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// Nothing given, or only whitespace.
    #[error("empty action")]
    Empty,
    /// Not one of the forms `Action`'s `Display` writes.
    #[error(
        "malformed action {0:?}: expected a move such as '11-15', '15x24x31' or '1x19 capturing 10', 'claim draw repetition' or 'claim draw forty-move'"
    )]
    Malformed(String),
    /// A move's path that is not a path, as [`Move`]'s `FromStr` reads it; alone, a path
    /// with a leg longer than two squares is
    /// [`ParseMoveError::NeedsPosition`](crate::ParseMoveError::NeedsPosition): a flying
    /// king's long jump is written with its captured squares (`1x19 capturing 10`).
    #[error(transparent)]
    Move(#[from] crate::movegen::ParseMoveError),
    /// A word after `claim draw` that is not a reason: `repetition`, `forty-move` or
    /// `agreement`.
    #[error("unknown draw reason {0:?}: expected 'repetition', 'forty-move' or 'agreement'")]
    Reason(String),
    /// A move's text `<path> capturing <squares>` whose squares are not its captures: the
    /// action's text, and what was wrong.
    #[error("bad captured squares in {text:?}: {reason}")]
    Captures {
        /// The action's text, at most 64 characters of it.
        text: String,
        /// What was wrong.
        reason: CapturesError,
    },
}

/// What was wrong with the squares after `capturing` in a move's text
/// ([`ParseActionError::Captures`]).
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Action, CapturesError, MoveError, ParseActionError, Square};
/// let reason = |s: &str| match s.parse::<Action>() {
///     Err(ParseActionError::Captures { reason, .. }) => Some(reason),
///     _ => None,
/// };
/// assert_eq!(reason("1x19 capturing 10,"), Some(CapturesError::EmptySquare));
/// assert_eq!(reason("1x19 capturing 33"), Some(CapturesError::OutOfRange(33)));
/// let sq = |n| Square::new(n).unwrap();
/// assert_eq!(
///     reason("1x19 capturing 14"),
///     Some(CapturesError::Move(MoveError::Jump { from: sq(1), to: sq(19) }))
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CapturesError {
    /// An empty place in the list: nothing after `capturing`'s last comma, or two commas
    /// in a row.
    #[error("a square is missing between commas: expected numbers joined by ',' such as '14,23'")]
    EmptySquare,
    /// Something in the list that is not a decimal number of at most 9 digits.
    #[error("not a square number: expected numbers joined by ',' such as '14,23'")]
    NotANumber,
    /// A number that is not a square, 1-32.
    #[error("square {0} is out of range (squares are numbered 1-32)")]
    OutOfRange(u32),
    /// More squares than a move can take: one a leg, at most 12.
    #[error("more than {} captured squares", MAX_PATH - 1)]
    TooMany,
    /// The squares are not in ascending order, as `Display` writes them.
    #[error("square {after} after {before}: the squares go in ascending order")]
    NotAscending {
        /// The square before.
        before: Square,
        /// The smaller square after it.
        after: Square,
    },
    /// The path and the squares do not make a move ([`Move::new`]'s checks, those of a
    /// move read through serde): a leg that passes over none of the squares or over two,
    /// a square that no leg passes over, a square given twice or landed on.
    #[error(transparent)]
    Move(#[from] crate::movegen::MoveError),
}

/// The squares of a `capturing` list (`14,23`): at most [`MAX_PATH`]` - 1` of them,
/// ascending; the list is read no further than that, however long.
fn captured_list(list: &str) -> Result<([Square; MAX_PATH], usize), CapturesError> {
    let mut out = [Square::from_index(0); MAX_PATH];
    let mut n = 0;
    for item in list.split(',') {
        if n == MAX_PATH - 1 {
            return Err(CapturesError::TooMany);
        }
        if item.is_empty() {
            return Err(CapturesError::EmptySquare);
        }
        let square = item.parse::<Square>().map_err(|e| match e {
            crate::square::SquareError::OutOfRange(k) => CapturesError::OutOfRange(k),
            _ => CapturesError::NotANumber,
        })?;
        if let Some(&before) = n.checked_sub(1).map(|k| &out[k])
            && square < before
        {
            return Err(CapturesError::NotAscending {
                before,
                after: square,
            });
        }
        out[n] = square;
        n += 1;
    }
    Ok((out, n))
}

/// Reads what `Display` writes. Words are separated by whitespace, as in backgammon's
/// actions: whitespace around and between the words is accepted (`Display` writes single
/// spaces), and the words are lower case and exact.
///
/// `parse(a.to_string()) == a` for every action, with short or flying kings: a move whose
/// path alone does not say what it takes (a flying king's long jump, V2) is written with
/// its captured squares, `1x19 capturing 10`, and read through the checks of
/// [`Move::new`] (those of a move read through serde). A `capturing` list on a path that
/// already gives its captures is read when it names them (`11x18 capturing 15` is
/// `11x18`). Whether an action is legal is the game's to say ([`Draughts::apply`]). So a
/// [`Record`](boardgame_core::Record)'s text reads back whole, as the second example shows.
///
/// # Errors
///
/// [`ParseActionError`]: [`Empty`](ParseActionError::Empty) for no words,
/// [`Move`](ParseActionError::Move) for a path that is not a move's (alone, a long jump's
/// path is [`ParseMoveError::NeedsPosition`](crate::ParseMoveError::NeedsPosition)),
/// [`Captures`](ParseActionError::Captures) for squares after `capturing` that are not the
/// path's captures, [`Reason`](ParseActionError::Reason) for an unknown reason after
/// `claim draw`, [`Malformed`](ParseActionError::Malformed) for any other text.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Action, DrawReason, Move, ParseActionError, ParseMoveError};
/// assert_eq!("22x15".parse(), Ok(Action::Move("22x15".parse::<Move>()?)));
/// assert_eq!(" claim  draw repetition\n".parse(), Ok(Action::ClaimDraw(DrawReason::Repetition)));
/// // A flying king's long jump names the pieces it takes.
/// let jump: Action = "1x19x30 capturing 10,23".parse()?;
/// assert_eq!(jump.to_string(), "1x19x30 capturing 10,23");
/// assert!(matches!(
///     "1x19".parse::<Action>(),
///     Err(ParseActionError::Move(ParseMoveError::NeedsPosition(_)))
/// ));
/// assert!(matches!(
///     "1x19 capturing 14".parse::<Action>(),
///     Err(ParseActionError::Captures { .. })
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A flying-kings game's record written as text reads back whole and replays to the same
/// state:
///
/// ```
/// use lattjo_draughts::boardgame_core::{play_game, Agent, RandomAgent, Record};
/// use lattjo_draughts::{Action, Draughts, Game, Rules};
///
/// let rules = Rules::wcdf().with_auto_adjudicate(true).with_flying_kings(true);
/// let game = Draughts::new(rules)?;
/// let (mut a, mut b) = (RandomAgent, RandomAgent);
/// let played = play_game(&game, 0, &mut [&mut a as &mut dyn Agent<Draughts>, &mut b], 100_000)?;
/// let text = played.record.to_string(); // "seed 0", then one action a line
/// assert!(text.contains(" capturing ")); // this game holds a long jump
/// let back: Record<Action> = text.parse()?;
/// assert_eq!(back, played.record);
/// assert_eq!(back.replay(&game)?, played.state);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl core::str::FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        use boardgame_core::text::excerpt;
        // At most one word more than the longest form: a longer text is malformed, and a
        // hostile text is not split beyond that.
        let (words, n) = boardgame_core::text::words::<4>(s);
        match &words[..n] {
            [] => Err(ParseActionError::Empty),
            ["claim", "draw", word] => [
                DrawReason::Repetition,
                DrawReason::FortyMoveRule,
                DrawReason::Agreement,
            ]
            .into_iter()
            .find(|&r| claim_word(r) == *word)
            .map(Action::ClaimDraw)
            .ok_or_else(|| ParseActionError::Reason(excerpt(word))),
            [m] if *m != "claim" => Ok(Action::Move(m.parse()?)),
            [m, "capturing", list] if *m != "claim" => {
                let (path, len, capture) = movegen::read_path(m)?;
                if !capture {
                    // A step or a slide, `11-15`, captures nothing.
                    return Err(ParseActionError::Malformed(excerpt(s)));
                }
                let captures = |reason| ParseActionError::Captures {
                    text: excerpt(s.trim()),
                    reason,
                };
                let (captured, k) = captured_list(list).map_err(captures)?;
                Move::new(&path[..len], &captured[..k])
                    .map(Action::Move)
                    .map_err(|e| captures(CapturesError::Move(e)))
            }
            _ => Err(ParseActionError::Malformed(excerpt(s))),
        }
    }
}

/// What [`PlayError::ClaimsDisabled`] says for each draw mode: how draws come under rules
/// without claims, and for [`Draws::Claim`] (which the game never gives it, but a caller can
/// build it with) that those rules do have claims, so that the text is true for every value.
const fn claims_disabled(draws: Draws) -> &'static str {
    match draws {
        Draws::Agreement => "the rules have no draw claims: draws only by agreement",
        Draws::Claim => {
            "the rules have draw claims (draws by claim): a claim they refuse is one the position does not allow"
        }
        Draws::Automatic => {
            "the rules have no draw claims: repetition and the 40-move rule draw automatically"
        }
    }
}

/// Why an action was refused. The state is unchanged.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Action, DrawReason, Draughts, Game, PlayError, Rules};
/// let game = Draughts::default();
/// let mut state = game.new_initial_state();
/// let claim = Action::ClaimDraw(DrawReason::Repetition);
/// assert_eq!(game.apply(&mut state, &claim), Err(PlayError::NoClaim(DrawReason::Repetition)));
/// let bad = Action::Move("22-18".parse()?);
/// assert!(matches!(game.apply(&mut state, &bad), Err(PlayError::IllegalMove(_))));
/// assert_eq!(state, game.new_initial_state());
/// // A state made under other rules (flying kings) is refused, whatever the action.
/// let flying = Draughts::new(Rules::wcdf().with_flying_kings(true))?;
/// let step = Action::Move("11-15".parse()?);
/// assert_eq!(flying.apply(&mut state, &step), Err(PlayError::OtherRules));
/// assert_eq!(state, game.new_initial_state());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The move is not legal in this position.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMoveError),
    /// Under short kings (D12, A3), a move that is not legal here but is legal in the same
    /// position under flying kings (V2, [`Rules::with_flying_kings`]): a king's long move or
    /// long jump, of a kind these rules lack altogether. Every other move that is not legal
    /// here, under either king rule, is [`PlayError::IllegalMove`]. A move of this kind is
    /// always a king's of the side to move, with a leg longer than a short king's: a move
    /// with only short legs that flying kings may make, short kings may make too.
    #[error("{0} is a flying king's move, and these rules' kings are short")]
    FlyingMove(Move),
    /// A draw claim that the position does not allow, under rules with claims
    /// ([`Draws::Claim`]). Rules without claims are [`PlayError::ClaimsDisabled`], a claim of
    /// an agreement [`PlayError::AgreementNotClaimed`].
    #[error("no draw by {0:?} can be claimed here")]
    NoClaim(DrawReason),
    /// A draw claim ([`Action::ClaimDraw`], [`Draughts::claim_draw`]) under rules that have
    /// no claims in any position: the booklet's draws only by agreement
    /// ([`Draws::Agreement`], V1), or automatic draws ([`Draws::Automatic`]), which end the
    /// game themselves.
    ///
    /// The game never gives it with [`Draws::Claim`], whose refused claims are
    /// [`PlayError::NoClaim`]; built with it, it says so instead of that the rules have no
    /// claims ("the rules have draw claims (draws by claim): a claim they refuse is one the
    /// position does not allow").
    #[error("{}", claims_disabled(*.0))]
    ClaimsDisabled(Draws),
    /// A claim of a draw by agreement: no rules have one, since an agreement is both
    /// players' (V1 a, [`Draughts::agree_draw`]), not a claim of the player to move.
    #[error("a draw by agreement is not claimed: both players agree to it")]
    AgreementNotClaimed,
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The state was made under other rules than this game's ([`State::rules`]): play it
    /// with `Draughts::new(*state.rules())`.
    #[error("the state was made under other rules than this game's")]
    OtherRules,
}

/// A game in progress: the rules it is played under, the position, what the draw rules
/// need to know, and the outcome.
///
/// A state carries the [`Rules`] of the [`Draughts`] that made it ([`State::rules`]); a game
/// of other rules refuses it ([`PlayError::OtherRules`]), so a state read back from a file
/// says which game plays it on, and no game plays on a state by draw rules or king moves
/// that did not make it.
///
/// `Debug` shows all of it; two states are equal when all of it is. With the `serde`
/// feature a state serializes and deserializes back exactly, its rules included, and
/// deserializing checks it ([`StateError`]): the repetition history must be king moves
/// leading to the position (one-square steps unless the rules' kings fly), the counters
/// must agree with it, the outcome with the position, and the draw bookkeeping with the
/// rules (no draw they never give, no game going on past a draw they adjudicate).
///
/// A state keeps the positions a repetition can bring back, not the game's moves: to write
/// a game as PDN, push its moves (the [`Action::Move`]s of its
/// [`Record`](boardgame_core::Record), as [`play_game`](boardgame_core::play_game) returns
/// it) onto a [`PdnGame`](crate::PdnGame) with [`PdnGame::push_move`](crate::PdnGame::push_move).
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Action, Draughts, Game, KingMoves, Outcome};
///
/// let game = Draughts::default();
/// let mut state = game.new_initial_state();
/// let mv = state.position().parse_move("11-15", KingMoves::Short)?;
/// game.apply(&mut state, &Action::Move(mv))?;
/// assert_eq!((state.plies(), state.quiet_plies()), (1, 0));
/// assert_eq!(state.last_move(), Some(&mv));
/// assert_eq!(state.outcome(), None::<Outcome>);
/// let copy = state.clone();
/// assert_eq!(copy, state);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A played game written as PDN from its record:
///
/// ```
/// use lattjo_draughts::boardgame_core::{play_game, Agent, RandomAgent};
/// use lattjo_draughts::{Action, Draughts, PdnGame, Position, Rules};
///
/// let game = Draughts::new(Rules::wcdf().with_auto_adjudicate(true))?;
/// let (mut a, mut b) = (RandomAgent, RandomAgent);
/// let played = play_game(&game, 7, &mut [&mut a as &mut dyn Agent<Draughts>, &mut b], 10_000)?;
/// let mut pdn = PdnGame::new(Position::start(), game.rules().king_moves);
/// for action in &played.record.actions {
///     if let Action::Move(mv) = action {
///         pdn.push_move(*mv)?;
///     }
/// }
/// assert_eq!(pdn.final_position(), *played.state.position());
/// assert_eq!(pdn.to_string().parse::<PdnGame>()?, pdn);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "StateRepr", into = "StateRepr"))]
pub struct State {
    position: Position,
    /// Positions since the last man move or capture (the only ones that can repeat),
    /// the current one last.
    history: Vec<Position>,
    quiet_plies: u32,
    plies: u32,
    last_move: Option<Move>,
    outcome: Option<Outcome>,
    /// The rules of the game that made the state: the only game that plays it.
    rules: Rules,
    /// Derived: [`Rules::key`] of `rules`.
    key: u32,
    /// Derived from the above (so equality and `Debug` stay faithful), kept to avoid
    /// recomputing them at every ply: what the side to move can do (its pieces that can
    /// capture with short kings, or else its steps), how often the position has occurred,
    /// and the most often any position of the history has.
    mobility: Mobility,
    repeats: u32,
    most: u32,
    /// Derived too: how often each position of a history longer than [`LONG_HISTORY`]
    /// stands in it, so that a long run of king moves (draws are claims by default, so
    /// nothing ends one) costs O(log h) a ply, not a scan of the history (a record of a
    /// 200,000-ply shuffle took 6.5 s to replay). `None` for a shorter history, where the
    /// scan is cheap and a copy allocates nothing more.
    counts: Option<Box<Counts>>,
}

/// [`State::counts`]: occurrences by position ([`count_key`]).
type Counts = std::collections::BTreeMap<u128, u32>;

/// Beyond this many positions in the history, [`State::counts`] keeps the repetitions.
const LONG_HISTORY: usize = 256;

/// A position as a map key: placement, kings and side to move.
fn count_key(p: &Position) -> u128 {
    u128::from(p.black)
        | u128::from(p.white) << 32
        | u128::from(p.kings) << 64
        | u128::from(p.turn == Color::White) << 96
}

/// How often each position stands in `history`.
fn count_all(history: &[Position]) -> Counts {
    let mut counts = Counts::new();
    for p in history {
        *counts.entry(count_key(p)).or_insert(0) += 1;
    }
    counts
}

impl State {
    /// A game under the default rules ([`Rules::wcdf`], those of `Draughts::default()`)
    /// starting from `position` (which may be the end already: a side to move with no
    /// piece or no move has lost, D14). For other rules, [`Draughts::state_from`].
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_draughts::{Color, Draughts, Outcome, Rules, State, WinReason};
    /// let s = State::from_position("B:W9,14:B5".parse()?);
    /// assert_eq!(s.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::NoMoves }));
    /// assert_eq!(*s.rules(), Rules::wcdf());
    /// assert_eq!(s, Draughts::default().state_from("B:W9,14:B5".parse()?));
    /// # Ok::<(), lattjo_draughts::FenError>(())
    /// ```
    #[must_use]
    pub fn from_position(position: Position) -> State {
        State::start(position, Rules::wcdf())
    }

    /// A game under `rules` (valid) starting from `position`.
    fn start(position: Position, rules: Rules) -> State {
        let mut history = Vec::with_capacity(HISTORY_CAPACITY);
        history.push(position);
        let mut s = State {
            position,
            history,
            quiet_plies: 0,
            plies: 0,
            last_move: None,
            outcome: None,
            rules,
            key: rules.key(),
            mobility: Mobility::of(&position),
            repeats: 1,
            most: 1,
            counts: None,
        };
        s.outcome = s.lost();
        s
    }

    /// Recomputes the derived fields from the position and the history: each entry's count
    /// is the number of equal entries up to it (equal entries have the same side to move,
    /// so they stand an even number of plies apart, as [`occurrences_before`] counts them),
    /// kept in one map, so that a history of h positions costs O(h log h), not O(h^2) (a
    /// deserialized history of 40,000 positions took 0.25 s, and a 16 MB one would have
    /// taken minutes). Returns the highest count of an entry before the last (0 for a
    /// history of one), which automatic adjudication bounds ([`State::check`]).
    #[cfg(feature = "serde")]
    fn derive(&mut self) -> u32 {
        self.mobility = Mobility::of(&self.position);
        self.most = 0;
        let mut counts = Counts::new();
        let mut earlier = 0;
        for p in &self.history {
            // `most` is still the highest count of the entries before this one.
            earlier = self.most;
            let c = counts.entry(count_key(p)).or_insert(0);
            *c += 1;
            self.most = self.most.max(*c);
            self.repeats = *c;
        }
        self.counts = (self.history.len() > LONG_HISTORY).then(|| Box::new(counts));
        earlier
    }

    /// How often `p` stands in the history, for a `p` whose side to move is not that of the
    /// history's last entry (so only every second entry from the end can equal it).
    #[inline]
    fn occurrences(&self, p: &Position) -> u32 {
        if self.history.len() > LONG_HISTORY {
            self.counted(p)
        } else {
            occurrences_before(&self.history, p)
        }
    }

    /// [`State::occurrences`] in a long history: from [`State::counts`].
    #[cold]
    #[inline(never)]
    fn counted(&self, p: &Position) -> u32 {
        let counts = self.counts.as_deref();
        counts
            .and_then(|c| c.get(&count_key(p)).copied())
            .unwrap_or(0)
    }

    /// Appends the position to the history, keeping [`State::counts`] (there exactly while
    /// the history is longer than [`LONG_HISTORY`]).
    #[inline]
    fn push_history(&mut self) {
        self.history.push(self.position);
        if self.history.len() > LONG_HISTORY {
            self.count_pushed();
        }
    }

    /// [`State::push_history`] in a long history: the new entry counted, or, when the
    /// history has just grown long, every entry.
    #[cold]
    #[inline(never)]
    fn count_pushed(&mut self) {
        match &mut self.counts {
            Some(counts) => *counts.entry(count_key(&self.position)).or_insert(0) += 1,
            None => self.counts = Some(Box::new(count_all(&self.history))),
        }
    }

    /// The rules the state is played under: those of the [`Draughts`] that made it (or
    /// [`Rules::wcdf`] for [`State::from_position`]). A game of other rules refuses the
    /// state ([`PlayError::OtherRules`]), so a state read back from a file says which game
    /// plays it on.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_draughts::{Draughts, Game, PlayError, Rules};
    /// let flying = Draughts::new(Rules::wcdf().with_flying_kings(true))?;
    /// let mut state = flying.new_initial_state();
    /// assert_eq!(*state.rules(), Rules::wcdf().with_flying_kings(true));
    /// // The game that plays it on, from the state alone:
    /// let game = Draughts::new(*state.rules())?;
    /// game.play(&mut state, &"11-15".parse()?)?;
    /// // The default game (short kings) refuses it.
    /// assert_eq!(Draughts::default().play(&mut state, &"23-19".parse()?), Err(PlayError::OtherRules));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Plies played (saturating at `u32::MAX`).
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Plies since the last man move or capture (A1: the 40-move rule needs 80).
    #[must_use]
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// How many times the current position (placement and side to move) has occurred.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        self.repeats as usize
    }

    /// The positions since the last man move or capture, oldest first, the current one
    /// last: the positions that a repetition can bring back (A1).
    #[must_use]
    pub fn history(&self) -> &[Position] {
        &self.history
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<&Move> {
        self.last_move.as_ref()
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// D14, A7: the side to move loses with no piece or no legal move (the same with short
    /// and flying kings).
    #[inline]
    fn lost(&self) -> Option<Outcome> {
        lost(&self.position, &self.mobility)
    }
}

impl Clone for State {
    /// A copy with as much room for its history as a new state makes (16 positions, or the
    /// history's length when it is longer): a search clones a state and applies a move to
    /// the copy, and a copy holding exactly the history's positions would have to grow it at
    /// every king move.
    fn clone(&self) -> State {
        let mut history = Vec::with_capacity(self.history.len().max(HISTORY_CAPACITY));
        history.extend_from_slice(&self.history);
        State {
            history,
            counts: self.counts.clone(),
            ..*self
        }
    }
}

/// Hashes what defines the state: its position, history, counters, last move, outcome and
/// rules. The rest is derived from these (see the fields), so equal states hash alike, as
/// `Eq` requires.
impl core::hash::Hash for State {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.position.hash(h);
        self.history.hash(h);
        self.quiet_plies.hash(h);
        self.plies.hash(h);
        self.last_move.hash(h);
        self.outcome.hash(h);
        self.rules.hash(h);
    }
}

/// The room a new [`State`] makes for its history: runs of king moves are mostly shorter,
/// so a game rarely has to grow it.
const HISTORY_CAPACITY: usize = 16;

/// How often `p` stands in `history` (whose last entry has the other side to move than
/// `p`, so only every second entry from the end can equal it).
#[inline]
fn occurrences_before(history: &[Position], p: &Position) -> u32 {
    // history[len - 2], history[len - 4], ...
    history
        .rchunks_exact(2)
        .map(|pair| u32::from(pair[0] == *p))
        .sum()
}

/// D14, A7 for `position` with its [`Mobility`].
#[inline]
fn lost(position: &Position, mobility: &Mobility) -> Option<Outcome> {
    // A side with no piece has no move either: one test while the game goes on.
    if mobility.has_moves() {
        return None;
    }
    let turn = position.turn();
    let reason = if position.side(turn) == 0 {
        WinReason::NoPieces
    } else {
        WinReason::NoMoves
    };
    Some(Outcome::Win {
        winner: turn.opponent(),
        reason,
    })
}

/// Why serialized data is not a [`State`] that play can reach.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use lattjo_draughts::State;
/// // The ply counter says 3 plies, the history none, and a last move is missing.
/// let json = r#"{"rules":{"king_moves":"Short","draws":"Claim","repetitions":3,"quiet_moves":40},
///               "position":"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
///               "history":[],"quiet_plies":0,"plies":3,"last_move":null,"outcome":null}"#;
/// let err = serde_json::from_str::<State>(json).unwrap_err();
/// assert!(err.to_string().contains("the last move does not fit"));
/// # }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// The repetition history does not lead to the position by quiet king moves, one
    /// ply each (A1: a man move or a capture clears it).
    #[error("history entry {index} is not one king move before the next position")]
    History {
        /// The 0-based index of the entry (the oldest is 0).
        index: usize,
    },
    /// The quiet-ply counter differs from the length of the history it counts.
    #[error("quiet_plies is {quiet_plies} but the history holds {history} earlier positions")]
    QuietPlies {
        /// The counter.
        quiet_plies: u32,
        /// Earlier positions in the history.
        history: usize,
    },
    /// Fewer plies than quiet plies.
    #[error("plies ({plies}) is below quiet_plies ({quiet_plies})")]
    Plies {
        /// Plies played.
        plies: u32,
        /// Plies without man move or capture.
        quiet_plies: u32,
    },
    /// A last move with no ply played, no last move after plies were played, or a last
    /// move that does not fit the position (its piece not on its last square, a captured
    /// square occupied, a capture or a man move with a history after it).
    #[error("the last move does not fit the position and counters")]
    LastMove,
    /// An outcome that the position does not support (a win the position does not show,
    /// a game in play that is lost, a draw in a lost position).
    #[error("the outcome {0:?} does not fit the position")]
    Outcome(Option<Outcome>),
    /// Under short kings (D12, A3), a king move of more than one square, or a capture with
    /// a longer leg than one jump: a flying king's move (V2), which the state's rules
    /// never play.
    #[error("{0} is a flying king's move, and these rules' kings are short")]
    FlyingMove(Move),
    /// A draw by repetition or by the 40-move rule that the state's rules do not give
    /// here (V1, A1): none under [`Draws::Agreement`]; under [`Draws::Claim`] one the
    /// player to move could not claim in this state; under [`Draws::Automatic`] one whose
    /// count is short of the rules' threshold (or, for the 40-move rule, a position that
    /// stands for the repetition draw's time, which comes first).
    #[error("a draw by {0:?} that these rules do not give here")]
    DrawNotGiven(DrawReason),
    /// Under [`Draws::Automatic`], a game that went on (or is still going on) after its
    /// rules drew it: a position standing for the [`Rules::repetitions`]-th time, or more
    /// quiet plies than the 40-move rule's (twice [`Rules::quiet_moves`]).
    #[error("the game goes on past a draw by {0:?}, which these rules adjudicate")]
    PlayedPastDraw(DrawReason),
}

/// Whether every leg of `m` (each along a diagonal, as [`Move::new`] checks) is short: one
/// square for a move that captures nothing, a jump over one neighbour for a capture (the
/// only moves of men, and of short kings).
#[cfg(feature = "serde")]
fn short_legs(m: &Move) -> bool {
    let rows = if m.is_capture() { 2 } else { 1 };
    m.raw_path().windows(2).all(|leg| {
        let row = |i: u8| i32::from(Square::from_index(u32::from(i)).row());
        (row(leg[0]) - row(leg[1])).unsigned_abs() == rows
    })
}

/// Whether `after` follows `before` by a quiet move of a king of the side to move in
/// `before`, along a diagonal over empty squares (any distance: the state does not know
/// whether kings fly). Returns the move's squares.
fn king_step(before: &Position, after: &Position) -> Option<(u32, u32)> {
    let me = before.turn();
    if after.turn() != me.opponent()
        || before.side(me.opponent()) != after.side(me.opponent())
        || before.kings & before.side(me.opponent()) != after.kings & after.side(me.opponent())
    {
        return None;
    }
    let (b, a) = (before.side(me), after.side(me));
    let (gone, new) = (b & !a, a & !b);
    if gone.count_ones() != 1 || new.count_ones() != 1 {
        return None;
    }
    // The mover is a king before and after; every other piece keeps its role.
    if before.kings & gone == 0
        || after.kings & new == 0
        || (before.kings & !gone) != (after.kings & !new)
    {
        return None;
    }
    let (from, to) = (gone.trailing_zeros(), new.trailing_zeros());
    let occupied = before.black | before.white;
    let inside = movegen::between_bits(Square::from_index(from), Square::from_index(to))?;
    (occupied & (inside | new) == 0).then_some((from, to))
}

#[cfg(feature = "serde")]
impl State {
    /// The checks a deserialized state passes ([`StateError`]), `earlier_most` being the
    /// highest repetition count of a history entry before the last ([`State::derive`]).
    fn check(&self, earlier_most: u32) -> Result<(), StateError> {
        let earlier = self.history.len() - 1;
        if self.quiet_plies as usize != earlier {
            return Err(StateError::QuietPlies {
                quiet_plies: self.quiet_plies,
                history: earlier,
            });
        }
        if self.plies < self.quiet_plies {
            return Err(StateError::Plies {
                plies: self.plies,
                quiet_plies: self.quiet_plies,
            });
        }
        let short = self.rules.king_moves == KingMoves::Short;
        for (index, pair) in self.history.windows(2).enumerate() {
            let Some((from, to)) = king_step(&pair[0], &pair[1]) else {
                return Err(StateError::History { index });
            };
            // D12, A3: short kings step one square.
            let mv = Move::quiet(from, to);
            if short && !short_legs(&mv) {
                return Err(StateError::FlyingMove(mv));
            }
        }
        match (self.last_move, self.plies) {
            (None, 0) => {}
            (Some(m), p) if p > 0 => {
                let pos = &self.position;
                let mover = pos.turn().opponent();
                let fits = pos.piece_at(m.to()).is_some_and(|p| p.color == mover)
                    && m.captured().all(|s| pos.piece_at(s).is_none())
                    && match self.history.len() {
                        // A quiet king move: the one between the last two positions.
                        n if n > 1 => {
                            !m.is_capture()
                                && king_step(&self.history[n - 2], pos)
                                    == Some((m.from().index(), m.to().index()))
                        }
                        // An irreversible move: a capture, or a man's step of one square
                        // (D4; the piece is a man, or a king just crowned on its crowning
                        // row).
                        _ => {
                            m.is_capture()
                                || (short_legs(&m)
                                    && pos.piece_at(m.to()).is_some_and(|p| {
                                        p.role == crate::Role::Man
                                            || m.to().row() == mover.crowning_row()
                                    }))
                        }
                    };
                if !fits {
                    return Err(StateError::LastMove);
                }
                if short && !short_legs(&m) {
                    return Err(StateError::FlyingMove(m));
                }
            }
            _ => return Err(StateError::LastMove),
        }
        let lost = self.lost();
        let fits = match self.outcome {
            None => lost.is_none(),
            Some(Outcome::Win { .. }) => self.outcome == lost,
            Some(Outcome::Draw(_)) => lost.is_none(),
        };
        if !fits {
            return Err(StateError::Outcome(self.outcome));
        }
        self.check_draws(earlier_most)
    }

    /// The draw bookkeeping against the state's own rules (V1, A1).
    fn check_draws(&self, earlier_most: u32) -> Result<(), StateError> {
        let rules = &self.rules;
        let (r, q) = (u32::from(rules.repetitions), rules.quiet_plies());
        let automatic = rules.draws == Draws::Automatic;
        // Automatic adjudication ends a game on the ply a threshold is reached: every
        // earlier position stood below both thresholds.
        if automatic && earlier_most >= r {
            return Err(StateError::PlayedPastDraw(DrawReason::Repetition));
        }
        if automatic && self.quiet_plies > q {
            return Err(StateError::PlayedPastDraw(DrawReason::FortyMoveRule));
        }
        match self.outcome {
            // A game in play (or drawn by agreement while in play), under automatic
            // adjudication, stands below both thresholds.
            None | Some(Outcome::Draw(DrawReason::Agreement)) if automatic => {
                if self.repeats >= r {
                    return Err(StateError::PlayedPastDraw(DrawReason::Repetition));
                }
                if self.quiet_plies >= q {
                    return Err(StateError::PlayedPastDraw(DrawReason::FortyMoveRule));
                }
            }
            Some(Outcome::Draw(reason @ (DrawReason::Repetition | DrawReason::FortyMoveRule))) => {
                let given = match rules.draws {
                    Draws::Agreement => false,
                    // The claim was made in this very state (a claim changes nothing else).
                    Draws::Claim => Draughts::with_valid(*rules).claimable(self, reason),
                    // The repetition is adjudicated first.
                    Draws::Automatic => match reason {
                        DrawReason::Repetition => self.repeats >= r,
                        _ => self.repeats < r && self.quiet_plies >= q,
                    },
                };
                if !given {
                    return Err(StateError::DrawNotGiven(reason));
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// The serialized form of a [`State`].
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct StateRepr {
    /// The rules the state is played under (checked as [`Draughts::new`] checks them).
    rules: Rules,
    position: Position,
    /// Positions since the last man move or capture, before `position`, oldest first.
    history: Vec<Position>,
    quiet_plies: u32,
    plies: u32,
    last_move: Option<Move>,
    outcome: Option<Outcome>,
}

#[cfg(feature = "serde")]
impl TryFrom<StateRepr> for State {
    type Error = StateError;
    fn try_from(r: StateRepr) -> Result<State, StateError> {
        let mut history = r.history;
        history.push(r.position);
        let mut s = State {
            position: r.position,
            history,
            quiet_plies: r.quiet_plies,
            plies: r.plies,
            last_move: r.last_move,
            outcome: r.outcome,
            rules: r.rules,
            key: r.rules.key(),
            mobility: Mobility::default(),
            repeats: 1,
            most: 1,
            counts: None,
        };
        let earlier_most = s.derive();
        s.check(earlier_most)?;
        Ok(s)
    }
}

#[cfg(feature = "serde")]
impl From<State> for StateRepr {
    fn from(s: State) -> StateRepr {
        let mut history = s.history;
        history.pop();
        StateRepr {
            rules: s.rules,
            position: s.position,
            history,
            quiet_plies: s.quiet_plies,
            plies: s.plies,
            last_move: s.last_move,
            outcome: s.outcome,
        }
    }
}

/// English draughts under a rule set: the [`Game`] for boardgame-core's drivers.
///
/// Seat 0 plays Black (moves first), seat 1 White. Returns: +1 for the winner, -1 for the
/// loser, 0 each for a draw.
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Action, Color, Draughts, Game, Rules, Turn};
///
/// let game = Draughts::new(Rules::wcdf())?;
/// let mut state = game.new_initial_state();
/// let mv = state.position().parse_move("11-15", game.rules().king_moves)?;
/// game.apply(&mut state, &Action::Move(mv))?;
/// assert_eq!(game.turn(&state), Turn::Player(Color::White.seat()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Draughts {
    rules: Rules,
    /// Derived from `rules`: the quiet plies from which a draw claim can be valid
    /// ([`Draughts::claims_possible`]); `u32::MAX` when draws are not claimed.
    claims_from: u32,
    /// Derived from `rules`: [`Rules::key`], which [`Draughts::owns`] compares.
    key: u32,
}

impl Default for Draughts {
    /// [`Rules::wcdf`].
    fn default() -> Draughts {
        Draughts::with_valid(Rules::wcdf())
    }
}

/// A first player that the colours do not allow: Black, seat 0, always moves first (D3).
///
/// # Examples
///
/// ```
/// use lattjo_draughts::{Draughts, FirstSeatError, Seat};
/// let err: FirstSeatError = Draughts::default().initial_state(Seat::new(1)).unwrap_err();
/// assert_eq!(err.0, Seat::new(1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} cannot move first: seat 0 plays Black, who moves first (D3)")]
#[non_exhaustive]
pub struct FirstSeatError(pub Seat);

impl Draughts {
    /// The game under `rules`.
    ///
    /// # Errors
    ///
    /// [`RulesError`] when an option is out of range ([`Rules::validate`]).
    pub const fn new(rules: Rules) -> Result<Draughts, RulesError> {
        match rules.validate() {
            Ok(()) => Ok(Draughts::with_valid(rules)),
            Err(e) => Err(e),
        }
    }

    /// The game under `rules`, already validated.
    const fn with_valid(rules: Rules) -> Draughts {
        // A position comes back at the earliest 4 plies later, so a repetition claim (by the
        // position or by a move making it) needs 4(n - 1) - 1 quiet plies; the 40-move rule
        // its 80 (see `can_claim`).
        let repetition = 4 * (rules.repetitions as u32).saturating_sub(1);
        let forty = rules.quiet_plies();
        let least = if repetition < forty {
            repetition
        } else {
            forty
        };
        let claims_from = match rules.draws {
            Draws::Claim => least.saturating_sub(1),
            Draws::Agreement | Draws::Automatic => u32::MAX,
        };
        Draughts {
            rules,
            claims_from,
            key: rules.key(),
        }
    }

    /// The rule set.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// A state under these rules starting from `position` (which may be the end already: a
    /// side to move with no piece or no move has lost, D14).
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_draughts::{Draughts, Rules};
    /// let lattjo = Draughts::new(Rules::lattjo())?;
    /// let state = lattjo.state_from("B:WK32:BK1".parse()?);
    /// assert_eq!(state.rules(), lattjo.rules());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn state_from(&self, position: Position) -> State {
        State::start(position, self.rules)
    }

    /// Whether the game plays `state`: it was made under this game's rules
    /// ([`State::rules`]). Every method that plays or lists actions asks this first.
    ///
    /// # Errors
    ///
    /// [`PlayError::OtherRules`] for a state of other rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_draughts::{Draughts, Game, PlayError, Rules};
    /// let state = Draughts::default().new_initial_state();
    /// assert_eq!(Draughts::default().check_state(&state), Ok(()));
    /// let lattjo = Draughts::new(Rules::lattjo())?;
    /// assert_eq!(lattjo.check_state(&state), Err(PlayError::OtherRules));
    /// # Ok::<(), lattjo_draughts::RulesError>(())
    /// ```
    #[inline]
    pub fn check_state(&self, state: &State) -> Result<(), PlayError> {
        if self.owns(state) {
            Ok(())
        } else {
            Err(PlayError::OtherRules)
        }
    }

    /// Why a state of other rules or a game over refuses every action: the rules first.
    #[cold]
    #[inline(never)]
    fn refusal(&self, state: &State) -> PlayError {
        match self.check_state(state) {
            Err(e) => e,
            Ok(()) => PlayError::GameOver,
        }
    }

    /// Why `mv`, not legal in `state`, is refused: a flying king's move under short kings
    /// ([`PlayError::FlyingMove`]: legal here under flying kings), or an illegal move.
    #[cold]
    #[inline(never)]
    fn illegal(&self, state: &State, mv: &Move) -> PlayError {
        if self.rules.king_moves == KingMoves::Short
            && state.position.is_legal(mv, KingMoves::Flying)
        {
            PlayError::FlyingMove(*mv)
        } else {
            IllegalMoveError {
                mv: *mv,
                turn: state.position.turn(),
            }
            .into()
        }
    }

    /// Whether `state` was made under these rules.
    #[inline(always)]
    fn owns(&self, state: &State) -> bool {
        state.key == self.key
    }

    /// The start with `first` to move. Black moves first (D3) and plays seat 0, so only
    /// seat 0 can: the coin toss of the booklet decides who sits there.
    ///
    /// # Errors
    ///
    /// [`FirstSeatError`] for any other seat.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_draughts::{Draughts, Game, Seat};
    /// let game = Draughts::default();
    /// assert_eq!(game.initial_state(Seat::new(0)), Ok(game.new_initial_state()));
    /// assert!(game.initial_state(Seat::new(1)).is_err());
    /// ```
    pub fn initial_state(&self, first: Seat) -> Result<State, FirstSeatError> {
        if first == Color::Black.seat() {
            Ok(self.new_initial_state())
        } else {
            Err(FirstSeatError(first))
        }
    }

    /// Plays a move (the same as [`Game::apply`] with [`Action::Move`]).
    ///
    /// # Errors
    ///
    /// [`PlayError::OtherRules`] for a state of other rules, [`PlayError::GameOver`],
    /// [`PlayError::FlyingMove`] under short kings for a move that only flying kings may make
    /// here, or [`PlayError::IllegalMove`]; the state is then unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_draughts::{Draughts, Game, PlayError};
    /// let game = Draughts::default();
    /// let mut s = game.new_initial_state();
    /// game.play(&mut s, &"11-15".parse()?)?;
    /// assert_eq!(s.plies(), 1);
    /// assert!(matches!(game.play(&mut s, &"11-15".parse()?), Err(PlayError::IllegalMove(_))));
    /// // A king's move across the board: flying kings' (V2), not these rules' short kings'.
    /// let mut s = game.state_from("B:WK32:BK1".parse()?);
    /// let long = "1-10".parse()?;
    /// assert_eq!(game.play(&mut s, &long), Err(PlayError::FlyingMove(long)));
    /// assert_eq!(s.plies(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn play(&self, state: &mut State, mv: &Move) -> Result<(), PlayError> {
        // One test for both refusals (`|`, not `||`), as in `sample_action`.
        if state.outcome.is_some() | !self.owns(state) {
            return Err(self.refusal(state));
        }
        let legal = match self.rules.king_moves {
            KingMoves::Short => {
                movegen::is_legal_short_cached(&state.position, mv, &state.mobility)
            }
            KingMoves::Flying => state.position.is_legal(mv, KingMoves::Flying),
        };
        if !legal {
            return Err(self.illegal(state, mv));
        }
        let mover_was_king = state.position.kings & mv.from().bit() != 0;
        state.position = state.position.after(mv);
        state.plies = state.plies.saturating_add(1);
        state.last_move = Some(*mv);
        if mv.is_capture() || !mover_was_king {
            // A1: every man move is an advance; captures and man moves cannot be undone.
            if state.history.len() > LONG_HISTORY {
                state.counts = None;
            }
            state.history.clear();
            state.quiet_plies = 0;
            state.repeats = 1;
            state.most = 1;
        } else {
            state.quiet_plies = state.quiet_plies.saturating_add(1);
            state.repeats = state.occurrences(&state.position) + 1;
            state.most = state.most.max(state.repeats);
        }
        state.push_history();
        state.mobility = Mobility::of(&state.position);
        state.outcome = state.lost();
        if state.outcome.is_none() && self.rules.draws == Draws::Automatic {
            if state.repeats >= u32::from(self.rules.repetitions) {
                state.outcome = Some(Outcome::Draw(DrawReason::Repetition));
            } else if state.quiet_plies >= self.rules.quiet_plies() {
                state.outcome = Some(Outcome::Draw(DrawReason::FortyMoveRule));
            }
        }
        Ok(())
    }

    /// Whether the player to move may claim a draw for `reason` now ([`Draws::Claim`]):
    /// a repetition when the position stands for the third time ([`Rules::repetitions`])
    /// or one of their moves would make a position do so; the 40-move rule after 80 plies
    /// ([`Rules::quiet_moves`]) without a man move or capture. Never for a state of other
    /// rules ([`State::rules`]).
    #[must_use]
    pub fn can_claim(&self, state: &State, reason: DrawReason) -> bool {
        if state.outcome.is_some() || self.rules.draws != Draws::Claim || !self.owns(state) {
            return false;
        }
        self.claimable(state, reason)
    }

    /// [`Draughts::can_claim`] by the counts and the history alone, whatever the outcome
    /// and the draw mode.
    fn claimable(&self, state: &State, reason: DrawReason) -> bool {
        match reason {
            DrawReason::Agreement => false,
            DrawReason::FortyMoveRule => state.quiet_plies >= self.rules.quiet_plies(),
            DrawReason::Repetition => {
                // A position comes back at the earliest 4 plies later (both sides move a
                // king away and back), so the n-th occurrence needs 4(n - 1) quiet plies,
                // and a move making it needs one ply less.
                let r = u32::from(self.rules.repetitions);
                state.quiet_plies + 1 >= 4 * r.saturating_sub(1)
                    && (state.repeats >= r
                        || (state.most + 1 >= r && self.repetition_by_move(state)))
            }
        }
    }

    /// [`Game::sample_action`] over `count` moves, the `i`-th built by `pick(i)`, followed by
    /// the valid claims, as [`Game::legal_actions`] lists them.
    #[inline(always)]
    fn draw_counted(
        &self,
        s: &State,
        rng: &mut GameRng,
        count: u64,
        pick: impl Fn(u64) -> Option<Move>,
    ) -> Option<Action> {
        let mut claims = 0u8;
        if self.claims_possible(s) {
            claims = u8::from(self.can_claim(s, DrawReason::Repetition))
                | u8::from(self.can_claim(s, DrawReason::FortyMoveRule)) << 1;
        }
        let total = count as usize + usize::from(claims & 1) + usize::from(claims >> 1);
        if total == 0 {
            return None;
        }
        let i = rng.index(total);
        match i.checked_sub(count as usize) {
            None => pick(i as u64).map(Action::Move),
            // The first claim listed, or the second.
            Some(c) => Some(Action::ClaimDraw(if c == 0 && claims & 1 != 0 {
                DrawReason::Repetition
            } else {
                DrawReason::FortyMoveRule
            })),
        }
    }

    /// A quick test before [`Draughts::can_claim`]: claims are the rule and enough quiet
    /// plies have passed for one of them (see there).
    #[inline]
    fn claims_possible(&self, state: &State) -> bool {
        state.quiet_plies >= self.claims_from
    }

    /// Whether a quiet king move of the side to move brings back a position for the
    /// `repetitions`-th time. Such a position stands in the history with the opponent to
    /// move (every second entry back from the current one), `repetitions - 1` times.
    fn repetition_by_move(&self, state: &State) -> bool {
        let need = usize::from(self.rules.repetitions).saturating_sub(1);
        if state.history.len() > LONG_HISTORY {
            self.repetition_by_move_counted(state, need)
        } else {
            self.repetition_by_move_scanned(state, need)
        }
    }

    /// [`Draughts::repetition_by_move`] in a long history ([`State::counts`]): the position
    /// each quiet king move of the side to move makes, looked up, so that a claim test costs
    /// O(moves log h), not a walk through the history (a server listing the legal actions
    /// of a game with a long history would otherwise pay for the whole history each turn).
    #[cold]
    #[inline(never)]
    fn repetition_by_move_counted(&self, state: &State, need: usize) -> bool {
        let cur = &state.position;
        let mut moves = Vec::new();
        cur.legal_moves(self.rules.king_moves, &mut moves);
        moves.iter().any(|m| {
            !m.is_capture()
                && cur.kings & m.from().bit() != 0
                && state.occurrences(&cur.after(m)) as usize >= need
        })
    }

    /// [`Draughts::repetition_by_move`] in a short history: a walk through it.
    fn repetition_by_move_scanned(&self, state: &State, need: usize) -> bool {
        let h = &state.history;
        let n = h.len();
        if n / 2 < need {
            return false;
        }
        let cur = &state.position;
        // A move of the side to move leaves the opponent's pieces where they are: a quick
        // test before the full one.
        let opp = cur.turn().opponent();
        let theirs = cur.side(opp);
        // Every second entry back from the current one: h[n - 2], h[n - 4], ...
        for pair in h.rchunks_exact(2) {
            let target = &pair[0];
            if target.side(opp) != theirs {
                continue;
            }
            if let Some((from, to)) = king_step(cur, target) {
                let count = state.occurrences(target) as usize;
                if count >= need && cur.is_legal(&Move::quiet(from, to), self.rules.king_moves) {
                    return true;
                }
            }
        }
        false
    }

    /// Claims a draw ([`Draws::Claim`]).
    ///
    /// # Errors
    ///
    /// [`PlayError::OtherRules`] for a state of other rules, [`PlayError::GameOver`] after
    /// the end, [`PlayError::AgreementNotClaimed`] for a claim of an agreement,
    /// [`PlayError::ClaimsDisabled`] under rules without claims (in every position),
    /// [`PlayError::NoClaim`] when the claim is not valid now; the state is then unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_draughts::{Draughts, DrawReason, KingMoves, Outcome};
    /// let game = Draughts::default();
    /// let mut s = game.state_from("B:WK32:BK1".parse()?);
    /// for text in ["1-6", "32-27", "6-1", "27-32", "1-6", "32-27", "6-1"] {
    ///     let mv = s.position().parse_move(text, KingMoves::Short)?;
    ///     game.play(&mut s, &mv)?;
    /// }
    /// // White's 27-32 would bring the start back for the third time: White may claim.
    /// assert!(game.can_claim(&s, DrawReason::Repetition));
    /// game.claim_draw(&mut s, DrawReason::Repetition)?;
    /// assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn claim_draw(&self, state: &mut State, reason: DrawReason) -> Result<(), PlayError> {
        self.check_state(state)?;
        if state.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        if reason == DrawReason::Agreement {
            return Err(PlayError::AgreementNotClaimed);
        }
        if self.rules.draws != Draws::Claim {
            return Err(PlayError::ClaimsDisabled(self.rules.draws));
        }
        if !self.can_claim(state, reason) {
            return Err(PlayError::NoClaim(reason));
        }
        state.outcome = Some(Outcome::Draw(reason));
        Ok(())
    }

    /// Ends the game as a draw agreed by both players (V1 a; every preset).
    ///
    /// # Errors
    ///
    /// [`PlayError::OtherRules`] for a state of other rules, [`PlayError::GameOver`] when
    /// the game has already ended; the state is then unchanged.
    pub fn agree_draw(&self, state: &mut State) -> Result<(), PlayError> {
        self.check_state(state)?;
        if state.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        state.outcome = Some(Outcome::Draw(DrawReason::Agreement));
        Ok(())
    }
}

struct PushActions<'a>(&'a mut Vec<Action>);

impl Sink for PushActions<'_> {
    fn quiet(&mut self, from: u32, to: u32) {
        self.0.push(Action::Move(Move::quiet(from, to)));
    }
    fn capture(&mut self, path: &[u8], captured: u32) {
        self.0.push(Action::Move(Move::capture(path, captured)));
    }
}

impl Game for Draughts {
    type State = State;
    type Action = Action;
    type Error = PlayError;

    fn num_players(&self) -> usize {
        2
    }

    fn new_initial_state(&self) -> State {
        State::start(Position::start(), self.rules)
    }

    fn turn(&self, s: &State) -> Turn {
        if s.outcome.is_some() {
            Turn::Terminal
        } else {
            Turn::Player(s.position.turn().seat())
        }
    }

    /// The legal actions (none for a state of other rules, which [`Game::apply`] refuses).
    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if s.outcome.is_some() | !self.owns(s) {
            return;
        }
        movegen::generate_cached(
            &s.position,
            self.rules.king_moves,
            s.mobility.capturers,
            &mut PushActions(out),
        );
        if self.claims_possible(s) {
            for reason in [DrawReason::Repetition, DrawReason::FortyMoveRule] {
                if self.can_claim(s, reason) {
                    out.push(Action::ClaimDraw(reason));
                }
            }
        }
    }

    fn is_legal(&self, s: &State, a: &Action) -> bool {
        if !self.owns(s) {
            return false;
        }
        match a {
            Action::Move(m) => {
                s.outcome.is_none()
                    && match self.rules.king_moves {
                        KingMoves::Short => {
                            movegen::is_legal_short_cached(&s.position, m, &s.mobility)
                        }
                        KingMoves::Flying => s.position.is_legal(m, KingMoves::Flying),
                    }
            }
            Action::ClaimDraw(r) => self.can_claim(s, *r),
        }
    }

    /// Uniform over [`Game::legal_actions`] (none for a state of other rules), in its order and with the same draw from
    /// `rng` as the trait's default, so a seed plays the same game. When the side to move
    /// has only steps, or only men's single jumps (short kings), the moves are counted by
    /// population count and only the chosen one is built.
    fn sample_action(&self, s: &State, rng: &mut GameRng, buf: &mut Vec<Action>) -> Option<Action> {
        // One test, not two (`|`, not `||`): with a second branch here the random playout
        // bench ran 15-30% slower.
        if s.outcome.is_some() | !self.owns(s) {
            return None;
        }
        if self.rules.king_moves == KingMoves::Short {
            // Steps only, or men's single jumps only: count them and build the one drawn.
            let m = &s.mobility;
            if m.capturers == 0 {
                return self.draw_counted(s, rng, m.count_steps(), |i| m.nth_step(i));
            }
            if let Some(jumps) = movegen::single_jumps(&s.position, m.capturers) {
                let count = movegen::count_pair(jumps.0, jumps.1);
                return self.draw_counted(s, rng, count, |i| {
                    movegen::nth_single_jump(&s.position, jumps, i)
                });
            }
        }
        self.legal_actions(s, buf);
        if buf.is_empty() {
            return None;
        }
        let i = rng.index(buf.len());
        Some(buf.swap_remove(i))
    }

    fn chance_outcomes(&self, _: &State, out: &mut Vec<(Action, f64)>) -> bool {
        out.clear();
        true
    }

    fn sample_chance(&self, _: &State, _: &mut GameRng) -> Option<Action> {
        None
    }

    fn apply(&self, s: &mut State, a: &Action) -> Result<(), PlayError> {
        match a {
            Action::Move(m) => self.play(s, m),
            Action::ClaimDraw(r) => self.claim_draw(s, *r),
        }
    }

    fn returns(&self, s: &State) -> Option<Returns> {
        let mut r = BySeat::new(2, 0.0);
        match s.outcome? {
            Outcome::Win { winner, .. } => {
                r[winner.seat()] = 1.0;
                r[winner.opponent().seat()] = -1.0;
            }
            Outcome::Draw(_) => {}
        }
        Some(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Rules::key` (which `Draughts::owns` compares) differs exactly when the rules do:
    /// every king move, draw mode, and the extreme and some middle thresholds.
    #[test]
    fn rules_keys_differ_exactly_when_rules_differ() {
        let mut all = Vec::new();
        for king_moves in [KingMoves::Short, KingMoves::Flying] {
            for draws in [Draws::Agreement, Draws::Claim, Draws::Automatic] {
                for repetitions in [0, 1, 2, 3, 4, 127, 128, 255] {
                    for quiet_moves in [0, 1, 40, 255, 256, 32_768, u16::MAX] {
                        all.push(Rules {
                            king_moves,
                            draws,
                            repetitions,
                            quiet_moves,
                        });
                    }
                }
            }
        }
        for a in &all {
            for b in &all {
                assert_eq!(a.key() == b.key(), a == b, "{a:?} {b:?}");
            }
        }
    }

    /// A copy equals its original and has room for its history to grow, at every ply of
    /// seeded random games (long runs of king moves included).
    #[test]
    fn a_clone_is_equal_and_has_room_for_its_history() {
        use boardgame_core::{GameRng, random_playout_capped};
        let game = Draughts::default();
        let mut buf = Vec::new();
        for seed in 0..20 {
            let mut s = game.new_initial_state();
            let mut rng = GameRng::new(seed, 0);
            while random_playout_capped(&game, &mut s, &mut rng, &mut buf, 1) == 1 {
                let copy = s.clone();
                assert_eq!(copy, s);
                assert!(copy.history.capacity() >= s.history.len().max(HISTORY_CAPACITY));
            }
        }
    }

    /// The repetition counts kept in a map for a long history (found by a hostile-input
    /// sweep: a 200,000-ply shuffle took 6.5 s, each ply scanning the whole history) are
    /// exactly the scan's (A1): at every ply of king-only games that run past
    /// [`LONG_HISTORY`] and back (a man move clears the history), the map is there exactly
    /// when the history is long and holds each position's count, and the current position's
    /// count is the one a scan of the history gives.
    #[test]
    fn regression_long_histories_count_repetitions_in_a_map_as_the_scan_does() {
        use boardgame_core::GameRng;
        let game = Draughts::default();
        let mut buf = Vec::new();
        let mut longest = 0;
        let mut answers = [0; 2];
        for seed in 0..40 {
            // Random king moves, no draw claim, Black's king in the first two rows and
            // White's in the last two (so no capture ends the run), with two men moving
            // (which clears the history) at plies 300 and 301.
            let mut s = game.state_from("B:W21,K29:B12,K4".parse().unwrap());
            let mut rng = GameRng::new(seed, 7);
            while s.plies < 900 {
                game.legal_actions(&s, &mut buf);
                let black = s.position.turn() == Color::Black;
                let man = (300..302).contains(&s.plies);
                buf.retain(|a| match a {
                    Action::Move(m) if man => s.position.kings & m.from().bit() == 0,
                    Action::Move(m) if s.position.kings & m.from().bit() != 0 => {
                        let to = m.to().number();
                        if black { to <= 8 } else { to >= 25 }
                    }
                    _ => false,
                });
                let a = buf[rng.index(buf.len())];
                game.apply(&mut s, &a).unwrap();
                let h = &s.history;
                longest = longest.max(h.len());
                assert_eq!(s.counts.is_some(), h.len() > LONG_HISTORY);
                if let Some(counts) = &s.counts {
                    assert_eq!(**counts, count_all(h));
                }
                let scanned = occurrences_before(&h[..h.len() - 1], &s.position) + 1;
                assert_eq!(s.repeats, scanned, "seed {seed}, ply {}", s.plies);
                // The claim test by a move: the map's lookups give the walk's answer.
                if s.counts.is_some() {
                    for need in [1, 2, 5, 20, 60] {
                        let counted = game.repetition_by_move_counted(&s, need);
                        assert_eq!(
                            counted,
                            game.repetition_by_move_scanned(&s, need),
                            "seed {seed}, ply {}, need {need}",
                            s.plies
                        );
                        answers[usize::from(counted)] += 1;
                    }
                }
            }
        }
        assert!(
            answers[0] > 0 && answers[1] > 0,
            "both answers come up: {answers:?}"
        );
        assert!(
            longest > 2 * LONG_HISTORY,
            "the games reach long histories: {longest}"
        );
    }

    /// `Rules::deserialize(d)` with `serde::Deserialize` in scope is the checked impl. A
    /// `remote = "Self"` derive on the type made its unchecked field-by-field reader a public
    /// inherent `Rules::deserialize`, which that call reached instead: it took what the
    /// constructor and `serde_json::from_value` refuse.
    #[cfg(feature = "serde")]
    #[test]
    fn regression_rules_deserialize_was_a_public_unchecked_inherent_fn() {
        use serde::Deserialize;
        let mut v = serde_json::to_value(Rules::wcdf()).unwrap();
        v["repetitions"] = 1.into();
        assert!(Rules::deserialize(v.clone()).is_err());
        assert!(serde_json::from_value::<Rules>(v).is_err());
    }

    /// Every variant writes its form and reads back: steps, captures, multi-jumps and each
    /// claim.
    #[test]
    fn action_text_round_trips_every_variant() {
        let mv = |t: &str| Action::Move(t.parse().expect("a move"));
        let cases = [
            (mv("11-15"), "11-15"),
            (mv("22x15"), "22x15"),
            (mv("15x24x31"), "15x24x31"),
            (mv("1-10"), "1-10"), // a flying king's slide: its path says it all
            (
                Action::ClaimDraw(DrawReason::Repetition),
                "claim draw repetition",
            ),
            (
                Action::ClaimDraw(DrawReason::FortyMoveRule),
                "claim draw forty-move",
            ),
            (
                Action::ClaimDraw(DrawReason::Agreement),
                "claim draw agreement",
            ),
        ];
        for (action, text) in cases {
            assert_eq!(action.to_string(), text);
            assert_eq!(text.parse::<Action>(), Ok(action), "{text:?}");
        }
        assert_eq!(mv("15X24x31"), mv("15x24x31")); // as `Move` reads it
    }

    /// Whitespace around and between the words is accepted, as backgammon's actions do.
    #[test]
    fn action_text_accepts_any_whitespace_between_words() {
        let claim = Ok(Action::ClaimDraw(DrawReason::Repetition));
        assert_eq!("claim\tdraw\n repetition".parse::<Action>(), claim);
        assert_eq!("\u{3000}claim draw repetition ".parse::<Action>(), claim);
        assert_eq!(" 11-15\n".parse::<Action>(), "11-15".parse::<Action>());
    }

    /// Each bad text gives its variant; nothing panics on long or non-ASCII text.
    #[test]
    fn action_text_errors() {
        use crate::movegen::{MoveError, ParseMoveError};
        use crate::square::SquareError;
        let parse = |s: &str| s.parse::<Action>();
        assert_eq!(parse(""), Err(ParseActionError::Empty));
        assert_eq!(parse(" \t\n "), Err(ParseActionError::Empty));
        for bad in [
            "claim",
            "claim draw",
            "claim repetition",
            "draw repetition",
            "claim draw repetition now",
            "11-15 15-19",
            "claim draw with 11-15",
            "offer draw",
        ] {
            assert_eq!(
                parse(bad),
                Err(ParseActionError::Malformed(bad.to_owned())),
                "{bad:?}"
            );
        }
        for (bad, word) in [
            ("claim draw Repetition", "Repetition"),
            ("claim draw forty", "forty"),
            ("claim draw 40-move", "40-move"),
            ("claim draw fortymoverule", "fortymoverule"),
            ("claim draw é", "é"),
        ] {
            assert_eq!(
                parse(bad),
                Err(ParseActionError::Reason(word.to_owned())),
                "{bad:?}"
            );
        }
        let syntax = |s: &str| Err(ParseActionError::Move(ParseMoveError::Syntax(s.into())));
        assert_eq!(parse("resign"), syntax("resign"));
        assert_eq!(parse("11-15-19"), syntax("11-15-19"));
        assert_eq!(parse("1é-15"), syntax("1é-15"));
        assert_eq!(
            parse("11-35"),
            Err(ParseActionError::Move(ParseMoveError::Square(
                SquareError::OutOfRange(35)
            )))
        );
        assert!(matches!(
            parse("11x17"),
            Err(ParseActionError::Move(ParseMoveError::Invalid(
                MoveError::NotDiagonal { .. }
            )))
        ));
        assert_eq!(
            parse("1x19"),
            Err(ParseActionError::Move(ParseMoveError::NeedsPosition(
                "1x19".into()
            )))
        );
        let long = "1-".repeat(1 << 15);
        assert!(matches!(parse(&long), Err(ParseActionError::Move(_))));
        let words = "claim draw ".repeat(1 << 14);
        let Err(ParseActionError::Malformed(quoted)) = parse(&words) else {
            panic!("many words are malformed");
        };
        assert_eq!(quoted.chars().count(), boardgame_core::text::EXCERPT_CHARS);
        let reason = "z".repeat(1 << 16);
        let Err(ParseActionError::Reason(quoted)) = parse(&format!("claim draw {reason}")) else {
            panic!("a long reason is unknown");
        };
        assert_eq!(quoted.chars().count(), boardgame_core::text::EXCERPT_CHARS);
        assert_eq!(ParseActionError::Empty.to_string(), "empty action");
    }

    /// `<path> capturing <squares>` (a flying king's long jump, V2): what reads, and every
    /// malformed or inconsistent list refused with what was wrong, without a panic.
    #[test]
    fn action_text_capturing_suffix() {
        use crate::movegen::{MoveError, ParseMoveError};
        use crate::square::SquareError;
        let parse = |s: &str| s.parse::<Action>();
        let sq = |n| Square::new(n).expect("a square");
        let mv = |path: &[u8], captured: &[u8]| {
            let path: Vec<Square> = path.iter().map(|&n| sq(n)).collect();
            let captured: Vec<Square> = captured.iter().map(|&n| sq(n)).collect();
            Action::Move(Move::new(&path, &captured).expect("a move"))
        };
        // 1x19 passes over 6, 10 and 15; 19x30 over 23 and 26.
        assert_eq!(parse("1x19 capturing 10"), Ok(mv(&[1, 19], &[10])));
        assert_eq!(
            parse("1x19x30 capturing 10,26"),
            Ok(mv(&[1, 19, 30], &[10, 26]))
        );
        assert_eq!(parse(" 1X19\tcapturing  10\n"), Ok(mv(&[1, 19], &[10])));
        assert_eq!(
            mv(&[1, 19, 30], &[10, 23]).to_string(),
            "1x19x30 capturing 10,23"
        );
        // A list on a path that gives its captures: read when it names them.
        assert_eq!(parse("11x18 capturing 15"), parse("11x18"));
        assert_eq!(mv(&[11, 18], &[15]).to_string(), "11x18");
        let captures = |s: &str, reason| {
            assert_eq!(
                parse(s),
                Err(ParseActionError::Captures {
                    text: boardgame_core::text::excerpt(s.trim()),
                    reason,
                }),
                "{s:?}"
            );
        };
        let jump = |from, to| {
            CapturesError::Move(MoveError::Jump {
                from: sq(from),
                to: sq(to),
            })
        };
        captures("11x18 capturing 14", jump(11, 18));
        captures("1x19 capturing 14", jump(1, 19)); // not on the leg
        captures("1x19 capturing 6,10", jump(1, 19)); // two on one leg
        captures("1x19x30 capturing 10", jump(19, 30)); // a leg without a capture
        captures(
            "1x19x30 capturing 10,10",
            CapturesError::Move(MoveError::CapturedTwice(sq(10))),
        );
        captures(
            "1x19x30 capturing 10,19",
            CapturesError::Move(MoveError::CapturedOnPath(sq(19))),
        );
        captures("1x19 capturing 0", CapturesError::OutOfRange(0));
        captures("1x19 capturing 33", CapturesError::OutOfRange(33));
        captures("1x19 capturing 10,", CapturesError::EmptySquare);
        captures("1x19 capturing ,10", CapturesError::EmptySquare);
        captures("1x19 capturing 10,,23", CapturesError::EmptySquare);
        captures("1x19 capturing ,", CapturesError::EmptySquare);
        captures("1x19 capturing ten", CapturesError::NotANumber);
        captures("1x19 capturing -10", CapturesError::NotANumber);
        captures("1x19 capturing 10;23", CapturesError::NotANumber);
        captures(
            "1x19x30 capturing 23,10",
            CapturesError::NotAscending {
                before: sq(23),
                after: sq(10),
            },
        );
        captures(
            &format!("1x19 capturing {}", "1".repeat(1 << 20)),
            CapturesError::NotANumber,
        );
        let megabyte = format!("1x19 capturing {}10", "10,".repeat(350_000));
        captures(&megabyte, CapturesError::TooMany);
        let Err(ParseActionError::Captures { text, .. }) = parse(&megabyte) else {
            panic!("a megabyte list is refused");
        };
        assert_eq!(text.chars().count(), boardgame_core::text::EXCERPT_CHARS);
        // Other text around the form is malformed; a bad path is the path's error.
        for bad in [
            "1x19 capturing",
            "1x19 capturing 10 now",
            "1x19 Capturing 10",
            "11-15 capturing 7",
            "claim capturing 10",
            "capturing 10",
        ] {
            assert!(
                matches!(parse(bad), Err(ParseActionError::Malformed(_))),
                "{bad:?}"
            );
        }
        assert_eq!(
            parse("1x35 capturing 10"),
            Err(ParseActionError::Move(ParseMoveError::Square(
                SquareError::OutOfRange(35)
            )))
        );
        assert!(matches!(
            parse("1x17 capturing 10"),
            Err(ParseActionError::Captures {
                reason: CapturesError::Move(MoveError::NotDiagonal { .. }),
                ..
            })
        ));
    }
}
