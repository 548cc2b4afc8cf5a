//! A round in text: the actions from the start of a round, one per line.

use core::fmt;
use core::str::FromStr;

use boardgame_core::Game;

use crate::action::{Action, ParseActionError};
use crate::game::{Dominoes, PlayError, State};

/// The actions of one round from its initial state, chance results (`deal 6-4`) included,
/// so that it replays exactly without any randomness.
///
/// Written one action per line; blank lines and lines starting with `#` are ignored when
/// reading.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, GameRng, Turn};
/// use lattjo_dominoes::{Dominoes, RoundRecord, Rules};
///
/// let game = Dominoes::new(Rules::lattjo())?;
/// let mut state = game.new_initial_state();
/// let mut record = RoundRecord::default();
/// let mut rng = GameRng::new(3, 0);
/// let mut buf = Vec::new();
/// while game.turn(&state) != Turn::Terminal {
///     let a = match game.turn(&state) {
///         Turn::Chance => game.sample_chance(&state, &mut rng),
///         _ => game.sample_action(&state, &mut rng, &mut buf),
///     }
///     .expect("a live node has an action");
///     game.apply(&mut state, &a)?;
///     record.actions.push(a);
/// }
/// let text = record.to_string();
/// let again: RoundRecord = text.parse()?;
/// assert_eq!(again, record);
/// assert_eq!(game.replay_round(&game.new_initial_state(), &again)?, state);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RoundRecord {
    /// The actions in order.
    pub actions: Vec<Action>,
}

/// A line of a round that is not an action.
///
/// # Examples
///
/// ```
/// let e = "deal 6-6\nfly away".parse::<lattjo_dominoes::RoundRecord>().unwrap_err();
/// assert_eq!(e.line, 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {error}")]
#[non_exhaustive]
pub struct ParseRoundError {
    /// 1-based line number.
    pub line: usize,
    /// What was wrong.
    pub error: ParseActionError,
}

/// An action of a round that the rules refuse.
///
/// # Examples
///
/// ```
/// use lattjo_dominoes::{Dominoes, Game, PlayError, RoundRecord};
/// let game = Dominoes::default();
/// let record: RoundRecord = "deal 6-6\ndeal 6-6".parse()?;
/// let e = game.replay_round(&game.new_initial_state(), &record).unwrap_err();
/// assert_eq!((e.index, e.error), (1, PlayError::NotInStock("6-6".parse()?)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("action {index} ({action}): {error}")]
#[non_exhaustive]
pub struct ReplayRoundError {
    /// 0-based position in the record.
    pub index: usize,
    /// The action.
    pub action: Action,
    /// Why it was refused.
    pub error: PlayError,
}

impl fmt::Display for RoundRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for a in &self.actions {
            writeln!(f, "{a}")?;
        }
        Ok(())
    }
}

impl FromStr for RoundRecord {
    type Err = ParseRoundError;
    fn from_str(s: &str) -> Result<RoundRecord, ParseRoundError> {
        let mut actions = Vec::new();
        for (i, line) in s.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            actions.push(
                line.parse()
                    .map_err(|error| ParseRoundError { line: i + 1, error })?,
            );
        }
        Ok(RoundRecord { actions })
    }
}

impl Dominoes {
    /// Plays `record` from `start`.
    ///
    /// # Errors
    ///
    /// [`ReplayRoundError`] at the first refused action.
    pub fn replay_round(
        &self,
        start: &State,
        record: &RoundRecord,
    ) -> Result<State, ReplayRoundError> {
        let mut s = start.clone();
        for (index, action) in record.actions.iter().enumerate() {
            self.apply(&mut s, action)
                .map_err(|error| ReplayRoundError {
                    index,
                    action: *action,
                    error,
                })?;
        }
        Ok(s)
    }
}
