//! Game records: the seed plus every action, chance results included.

use crate::Game;

/// A game as it was played: the seed it was played from and every action in order, chance
/// results included. Replaying needs no RNG, only the game's rules.
///
/// The type parameter is the game's action type, not the game: a game `G` makes and replays
/// a `Record<G::Action>` ([`Played::record`](crate::Played::record)), so a chess record read
/// back from JSON is a `Record<lattjo_chess::Action>`.
///
/// With the `serde` feature a record serializes as `{ "seed": .., "actions": [..] }` when the
/// action type does.
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
