//! Game records: the seed plus every action, chance results included.

use core::fmt;
use core::str::FromStr;

use crate::Game;
use crate::text::excerpt;

/// A game as it was played: the seed it was played from and every action in order, chance
/// results included. Replaying needs no RNG, only the game's rules.
///
/// The type parameter is the game's action type, not the game: a game `G` makes and replays
/// a `Record<G::Action>` ([`Played::record`](crate::Played::record)), so a chess record read
/// back from JSON is a `Record<lattjo_chess::Action>`.
///
/// With the `serde` feature a record serializes as `{ "seed": .., "actions": [..] }` when the
/// action type does. As text (`Display`, `FromStr`, when the action type has them: every
/// game's does) it is a line `seed <n>` and then one action a line.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Record};
/// use boardgame_core::race::{Race, RaceRules, RaceAction};
///
/// let game = Race::new(RaceRules::default())?;
/// // Refused at its first action: the game opens with a deal (a chance node).
/// let bad = Record { seed: 0, actions: vec![RaceAction::Advance] };
/// let err = bad.replay(&game).unwrap_err();
/// assert_eq!(err.index, 0);
/// # Ok::<(), boardgame_core::race::RaceError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Record<A> {
    /// The seed the game was played from (informative: replay does not use it).
    pub seed: u64,
    /// Every action in order, chance results included.
    pub actions: Vec<A>,
}

/// A record that does not replay: the action at `index` was refused.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Record, ReplayError};
/// use boardgame_core::race::{Race, RaceAction, RaceError, RaceRules};
/// let game = Race::new(RaceRules::default().with_hand(0))?;
/// // Seat 1's die shows 7.
/// let actions = vec![RaceAction::Roll(2), RaceAction::Advance, RaceAction::Roll(7)];
/// match (Record { seed: 0, actions }).replay(&game) {
///     Err(ReplayError { index, source: RaceError::Die(7), .. }) => assert_eq!(index, 2),
///     other => panic!("expected a refused die, got {other:?}"),
/// }
/// # Ok::<(), RaceError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("action {index} of the record is illegal at its point: {source}")]
#[non_exhaustive]
pub struct ReplayError<E> {
    /// Index of the refused action in [`Record::actions`].
    pub index: usize,
    /// Why the game refused it.
    #[source]
    pub source: E,
}

impl<A> Record<A> {
    /// An empty record for `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Record<A> {
        Record {
            seed,
            actions: Vec::new(),
        }
    }

    /// Replays every action from the game's initial state.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the first action the game refuses.
    pub fn replay<G: Game<Action = A>>(&self, game: &G) -> Result<G::State, ReplayError<G::Error>> {
        let mut state = game.new_initial_state();
        self.replay_from(game, &mut state)?;
        Ok(state)
    }

    /// Replays every action onto `state`. On error `state` holds the position before the
    /// refused action.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the first action the game refuses.
    pub fn replay_from<G: Game<Action = A>>(
        &self,
        game: &G,
        state: &mut G::State,
    ) -> Result<(), ReplayError<G::Error>> {
        for (index, a) in self.actions.iter().enumerate() {
            game.apply(state, a)
                .map_err(|source| ReplayError { index, source })?;
        }
        Ok(())
    }
}

/// The record as text: a first line `seed <n>`, then one line for each action in its own
/// text, each line ended by `\n`. [`FromStr`] reads it back when each action's text is one
/// line that is not blank, as every game's is.
///
/// # Examples
///
/// ```
/// use boardgame_core::Record;
/// use boardgame_core::race::RaceAction;
/// let record = Record { seed: 7, actions: vec![RaceAction::Deal(2), RaceAction::Roll(3)] };
/// assert_eq!(record.to_string(), "seed 7\ndeal 2\nroll 3\n");
/// ```
impl<A: fmt::Display> fmt::Display for Record<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "seed {}", self.seed)?;
        for a in &self.actions {
            writeln!(f, "{a}")?;
        }
        Ok(())
    }
}

/// A record's text that is not a record: what [`Record`]'s [`FromStr`] refuses. `E` is the
/// action type's own parse error.
///
/// # Examples
///
/// ```
/// use boardgame_core::{ParseRecordError, Record};
/// use boardgame_core::race::{ParseRaceActionError, RaceAction};
/// let bad = "seed 7\nroll 3\nfly\n".parse::<Record<RaceAction>>();
/// assert!(matches!(bad, Err(ParseRecordError::Action { line: 3, .. })));
/// assert_eq!(
///     "seed -1\n".parse::<Record<RaceAction>>(),
///     Err(ParseRecordError::Seed("seed -1".into()))
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseRecordError<E> {
    /// The first line (after blank lines and a UTF-8 byte-order mark) is not `seed <n>`
    /// with `n` a whole number from 0 to 2^64 - 1 in decimal digits; the text is that line
    /// (at most [`EXCERPT_CHARS`](crate::text::EXCERPT_CHARS) characters of it), empty for
    /// a text without one.
    #[error("a record starts with a line 'seed <n>' (n from 0 to 18446744073709551615): {0:?}")]
    Seed(String),
    /// The action on this line (counted from 1) is not an action.
    #[error("line {line}: {source}")]
    Action {
        /// The line, counted from 1 in the whole text.
        line: usize,
        /// The action type's parse error.
        #[source]
        source: E,
    },
}

/// Reads what `Display` writes: `parse(r.to_string()) == r` whenever every action's text
/// reads back as the action. Lines end with `\n` or `\r\n`; blank lines (only whitespace)
/// are skipped, a leading UTF-8 byte-order mark too, and each other line is read whole by
/// the action type's `FromStr` (which decides about whitespace within it). What the text
/// holds is not checked against a game: [`Record::replay`] does that.
///
/// # Errors
///
/// [`ParseRecordError::Seed`] for a text whose first line is not `seed <n>`, and
/// [`ParseRecordError::Action`] for the first line that is not an action, with its number.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Record};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let game = Race::new(RaceRules::default().with_hand(0))?;
/// let record: Record<RaceAction> = "seed 7\r\nroll 3\r\n\r\nadvance\r\n".parse()?;
/// assert_eq!(record.actions, [RaceAction::Roll(3), RaceAction::Advance]);
/// let state = record.replay(&game)?;
/// assert_eq!(state.position(boardgame_core::Seat::new(0)), Some(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<A: FromStr> FromStr for Record<A> {
    type Err = ParseRecordError<A::Err>;

    fn from_str(s: &str) -> Result<Record<A>, ParseRecordError<A::Err>> {
        let s = s.strip_prefix('\u{feff}').unwrap_or(s);
        let mut lines = s.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
        let seed = match lines.next() {
            None => return Err(ParseRecordError::Seed(String::new())),
            Some((_, line)) => {
                let mut words = line.split_whitespace();
                match (words.next(), words.next(), words.next()) {
                    (Some("seed"), Some(n), None) if n.bytes().all(|b| b.is_ascii_digit()) => n
                        .parse::<u64>()
                        .map_err(|_| ParseRecordError::Seed(excerpt(line)))?,
                    _ => return Err(ParseRecordError::Seed(excerpt(line))),
                }
            }
        };
        let mut actions = Vec::new();
        for (i, line) in lines {
            let action = line.parse().map_err(|source| ParseRecordError::Action {
                line: i + 1,
                source,
            })?;
            actions.push(action);
        }
        Ok(Record { seed, actions })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race::{ParseRaceActionError, Race, RaceAction, RaceRules};
    use crate::{Agent, GameRng, RandomAgent, play_game};

    type Parsed = Result<Record<RaceAction>, ParseRecordError<ParseRaceActionError>>;

    fn parse(s: &str) -> Parsed {
        s.parse()
    }

    #[test]
    fn a_played_race_reads_back_from_its_text_and_replays_to_the_same_state() {
        let game = Race::new(RaceRules::default()).unwrap();
        for seed in 0..20 {
            let mut rng = GameRng::new(seed, 0);
            let mut state = game.new_initial_state();
            let mut record = Record::new(seed);
            let mut buf = Vec::new();
            for _ in 0..500 {
                let a = match game.turn(&state) {
                    crate::Turn::Terminal => break,
                    crate::Turn::Chance => game.sample_chance(&state, &mut rng).unwrap(),
                    crate::Turn::Player(_) => {
                        game.sample_action(&state, &mut rng, &mut buf).unwrap()
                    }
                };
                game.apply(&mut state, &a).unwrap();
                record.actions.push(a);
            }
            let text = record.to_string();
            assert_eq!(parse(&text), Ok(record.clone()), "{text}");
            assert_eq!(record.replay(&game), Ok(state));
        }
        // The driver's own record, too.
        let (mut a, mut b) = (RandomAgent, RandomAgent);
        let mut agents: [&mut dyn Agent<Race>; 2] = [&mut a, &mut b];
        let played = play_game(&game, 3, &mut agents, 1_000).unwrap();
        assert_eq!(parse(&played.record.to_string()), Ok(played.record));
    }

    #[test]
    fn the_seed_line_is_required_and_exact() {
        for bad in [
            "",
            "\n \n",
            "roll 3\n",
            "seed\n",
            "seed x\n",
            "seed -1\n",
            "seed +1\n",
            "seed 18446744073709551616\n",
            "seed 1 2\n",
            "Seed 1\n",
        ] {
            let first = bad.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            assert_eq!(
                parse(bad),
                Err(ParseRecordError::Seed(first.into())),
                "{bad:?}"
            );
        }
        assert_eq!(
            parse("seed 18446744073709551615"),
            Ok(Record::new(u64::MAX))
        );
        assert_eq!(parse("\u{feff}\n  seed\t007  \n"), Ok(Record::new(7)));
        let long = format!("seed {}", "9".repeat(100_000));
        match parse(&long) {
            Err(ParseRecordError::Seed(t)) => assert!(t.chars().count() <= 80, "{}", t.len()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_bad_action_names_its_line_counted_in_the_whole_text() {
        let text = "\nseed 1\r\ndeal 2\r\n\r\nroll seven\r\nadvance\r\n";
        assert_eq!(
            parse(text),
            Err(ParseRecordError::Action {
                line: 5,
                source: ParseRaceActionError("roll seven".into()),
            })
        );
        let e = parse(text).unwrap_err().to_string();
        assert!(e.starts_with("line 5: not a race action"), "{e}");
    }

    #[test]
    fn race_action_text_round_trips_and_refuses_other_forms() {
        for a in [
            RaceAction::Deal(0),
            RaceAction::Roll(255),
            RaceAction::Advance,
            RaceAction::Play(3),
        ] {
            assert_eq!(a.to_string().parse(), Ok(a));
        }
        for bad in [
            "",
            "advance 1",
            "roll",
            "roll 256",
            "roll +1",
            "play 1 2",
            "Roll 1",
        ] {
            assert_eq!(
                bad.parse::<RaceAction>(),
                Err(ParseRaceActionError(bad.into())),
                "{bad:?}"
            );
        }
    }
}
