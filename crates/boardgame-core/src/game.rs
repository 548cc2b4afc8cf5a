//! The `Game` trait and its opt-in extensions for hidden information and rounds.

use core::fmt;

use crate::{GameRng, Returns, Seat, Turn};

/// The rules of one game: a value that holds the configuration (rule options, number of
/// players) and acts on cloneable states.
///
/// One generic algorithm (random playout, MCTS, the conformance kit) runs unchanged on every
/// game through this trait. The contract:
///
/// - **Chance is explicit.** At [`Turn::Chance`] the game lists the exact outcomes with their
///   probabilities ([`Game::chance_outcomes`]) or, where they cannot be listed, samples one
///   from the [`GameRng`] it is handed ([`Game::sample_chance`]). Every chance result is an
///   ordinary action applied with [`Game::apply`], so a game record is a list of actions that
///   replays without any RNG. A state never holds an RNG.
/// - **Typed actions.** `Action` is the game's own move type, never an integer id.
/// - **Errors leave the state unchanged.** [`Game::apply`] returns `Err` for an action that is
///   not legal in the state (including a chance result at a player node or the reverse) and
///   then the state is exactly as it was.
/// - **Returns exist exactly at the end.** [`Game::returns`] is `Some` if and only if
///   [`Game::turn`] is [`Turn::Terminal`], with one value per seat; partners (same
///   [`Game::team`]) get equal returns.
/// - **A game plays only its own states.** A state that the game's rules could not have
///   reached (made under other rules, or read from outside unchecked) is refused: `apply`
///   returns `Err` for every action and leaves it unchanged, and `legal_actions`,
///   `chance_outcomes` and `sample_action` offer nothing, so the drivers and
///   [`Mcts`](crate::Mcts) stop there instead of playing on. `turn` and `returns` still
///   answer from the state alone. The games' own `check_state` methods say whether a state
///   is theirs before play; [`check_foreign_states`](crate::conformance::check_foreign_states)
///   checks a game against this.
///
/// # Examples
///
/// Any game can be played to the end by a generic driver:
///
/// ```
/// use boardgame_core::{random_playout, Game, GameRng, Turn};
/// use boardgame_core::race::{Race, RaceRules};
///
/// let game = Race::new(RaceRules::default())?;
/// let mut state = game.new_initial_state();
/// let mut rng = GameRng::new(1, 0);
/// let mut buf = Vec::new();
/// random_playout(&game, &mut state, &mut rng, &mut buf);
/// assert_eq!(game.turn(&state), Turn::Terminal);
/// assert!(game.returns(&state).is_some());
/// # Ok::<(), boardgame_core::race::RaceError>(())
/// ```
pub trait Game {
    /// A position plus everything needed to continue the game (history for repetition draws,
    /// scores, hidden hands, a shuffled stock).
    type State: Clone + fmt::Debug;
    /// A move, a chance result, or a decision such as a double or a resignation.
    type Action: Clone + PartialEq + fmt::Debug;
    /// Why an action was refused.
    type Error: std::error::Error + Send + Sync + 'static;

    /// How many seats play (fixed for the lifetime of this game value).
    fn num_players(&self) -> usize;

    /// The team of `seat`: partners share a team and an outcome. Defaults to one team per
    /// seat (team index = seat index).
    fn team(&self, seat: Seat) -> usize {
        seat.index()
    }

    /// The state before anything has happened. Deals, draws and opening rolls are chance
    /// nodes that follow it, not something this function does.
    fn new_initial_state(&self) -> Self::State;

    /// Whose move it is: a player, chance, or nobody (the end).
    fn turn(&self, state: &Self::State) -> Turn;

    /// Clears `out`, then fills it with the legal actions at a player node (empty at chance
    /// and terminal nodes). For continuous action spaces (a carrom stroke) this is a finite,
    /// useful representative set; [`Game::is_legal`] then accepts more than it lists.
    fn legal_actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);

    /// Whether `action` may be applied now: a legal player action at a player node, a
    /// possible outcome at a chance node, nothing at the end.
    ///
    /// The default looks the action up in [`Game::legal_actions`] or
    /// [`Game::chance_outcomes`]; it allocates, so games override it where it is hot or where
    /// actions are continuous.
    fn is_legal(&self, state: &Self::State, action: &Self::Action) -> bool {
        match self.turn(state) {
            Turn::Player(_) => {
                let mut buf = Vec::new();
                self.legal_actions(state, &mut buf);
                buf.contains(action)
            }
            Turn::Chance => {
                let mut buf = Vec::new();
                self.chance_outcomes(state, &mut buf)
                    && buf.iter().any(|(a, p)| a == action && *p > 0.0)
            }
            Turn::Terminal => false,
        }
    }

    /// At a chance node, clears `out` and fills it with every outcome and its exact
    /// probability (summing to 1), returning `true`. Returns `false` (and leaves `out` empty)
    /// where the outcomes cannot be listed, such as continuous noise; then only
    /// [`Game::sample_chance`] applies. Not a chance node: `out` empty, `true`.
    fn chance_outcomes(&self, state: &Self::State, out: &mut Vec<(Self::Action, f64)>) -> bool;

    /// Samples one chance outcome with its true probability. Only meaningful at a chance
    /// node; games return some action anyway elsewhere and [`Game::apply`] refuses it.
    ///
    /// The default draws from [`Game::chance_outcomes`] and allocates; games with a hot chance
    /// node (a die) override it. A game whose outcomes cannot be listed must override it.
    fn sample_chance(&self, state: &Self::State, rng: &mut GameRng) -> Option<Self::Action> {
        let mut buf = Vec::new();
        self.chance_outcomes(state, &mut buf);
        let i = rng.weighted_index(buf.iter().map(|(_, p)| *p))?;
        buf.into_iter().nth(i).map(|(a, _)| a)
    }

    /// Samples a player action uniformly from the whole action space, using `buf` as scratch.
    /// The default picks uniformly from [`Game::legal_actions`]; continuous games override it
    /// to sample the true space. `None` at chance and terminal nodes.
    fn sample_action(
        &self,
        state: &Self::State,
        rng: &mut GameRng,
        buf: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        self.legal_actions(state, buf);
        if buf.is_empty() {
            return None;
        }
        let i = rng.index(buf.len());
        Some(buf.swap_remove(i))
    }

    /// Applies a player action or a chance outcome.
    ///
    /// # Errors
    ///
    /// The game's error when the action is not legal here; the state is then unchanged.
    fn apply(&self, state: &mut Self::State, action: &Self::Action) -> Result<(), Self::Error>;

    /// Per-seat returns, `Some` exactly at the end.
    fn returns(&self, state: &Self::State) -> Option<Returns>;
}

/// Games where seats do not see everything (hands, a shuffled stock).
///
/// Perfect-information games need not implement it; the MCTS agent then searches the true
/// state.
///
/// # Examples
///
/// A determinization for a seat keeps everything that seat sees and re-deals the rest:
///
/// ```
/// use boardgame_core::{Game, GameRng, ImperfectInfo, Seat};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let game = Race::new(RaceRules::default())?;
/// let mut state = game.new_initial_state();
/// for card in [1, 2, 3, 3] {
///     game.apply(&mut state, &RaceAction::Deal(card))?; // to seats 0, 1, 0, 1
/// }
/// let me = Seat::new(0);
/// let guess = game.determinize(&state, me, &mut GameRng::new(9, 0));
/// assert_eq!(guess.hand(me), state.hand(me));
/// assert_eq!(game.view(&guess, Some(me)), game.view(&state, Some(me)));
/// assert_eq!(game.view(&guess, None), game.view(&state, None));
/// # Ok::<(), boardgame_core::race::RaceError>(())
/// ```
pub trait ImperfectInfo: Game {
    /// What one seat (or a spectator) may know. Two states that a viewer cannot tell apart
    /// have equal views.
    type View: Clone + Eq + core::hash::Hash + fmt::Debug;

    /// The view of `viewer`, or of a spectator when `None` (a spectator sees no hand).
    fn view(&self, state: &Self::State, viewer: Option<Seat>) -> Self::View;

    /// Samples a complete state that `seat` cannot tell from `state`: equal
    /// `view(_, Some(seat))` and equal spectator view, with the unseen parts drawn
    /// consistently with everything the seat has observed.
    fn determinize(&self, state: &Self::State, seat: Seat, rng: &mut GameRng) -> Self::State;
}

/// Configuration of a match played over several rounds (boards, deals, games).
///
/// At least one of a target score and a round limit must be set.
///
/// # Examples
///
/// ```
/// use boardgame_core::MatchConfig;
/// let to_100 = MatchConfig::new(Some(100), None)?;
/// assert_eq!(to_100.target(), Some(100));
/// assert!(MatchConfig::new(None, None).is_err());
/// # Ok::<(), boardgame_core::MatchConfigError>(())
/// ```
///
/// With the `serde` feature, deserialization goes through [`MatchConfig::new`], so an
/// unbounded match is refused there too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "MatchConfigRepr"))]
pub struct MatchConfig {
    target: Option<i64>,
    max_rounds: Option<u32>,
}

/// The unvalidated shape of a [`MatchConfig`], for deserialization.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct MatchConfigRepr {
    target: Option<i64>,
    max_rounds: Option<u32>,
}

#[cfg(feature = "serde")]
impl TryFrom<MatchConfigRepr> for MatchConfig {
    type Error = MatchConfigError;
    fn try_from(r: MatchConfigRepr) -> Result<MatchConfig, MatchConfigError> {
        MatchConfig::new(r.target, r.max_rounds)
    }
}

/// A match configuration that could never end, or that ends before it starts.
///
/// # Examples
///
/// ```
/// use boardgame_core::{MatchConfig, MatchConfigError};
/// assert_eq!(MatchConfig::new(None, None), Err(MatchConfigError::Unbounded));
/// assert_eq!(MatchConfig::new(Some(-5), None), Err(MatchConfigError::TargetNotPositive(-5)));
/// assert_eq!(MatchConfig::new(Some(100), Some(0)), Err(MatchConfigError::NoRounds));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchConfigError {
    /// Neither a target score nor a round limit.
    #[error("a match needs a target score or a maximum number of rounds")]
    Unbounded,
    /// A target of zero or less.
    #[error("the target score must be positive, got {0}")]
    TargetNotPositive(i64),
    /// A round limit of zero.
    #[error("the maximum number of rounds must be at least 1")]
    NoRounds,
    /// A target above the highest the game plays a match to ([`Rounds::max_target`]).
    #[error("this game plays matches to at most {max} points, not {target}")]
    TargetTooHigh {
        /// The target asked for.
        target: i64,
        /// The game's highest target.
        max: i64,
    },
}

impl MatchConfig {
    /// A match to `target` points and/or at most `max_rounds` rounds.
    ///
    /// # Errors
    ///
    /// [`MatchConfigError`] when both are `None`, the target is not positive or the limit is 0.
    pub fn new(
        target: Option<i64>,
        max_rounds: Option<u32>,
    ) -> Result<MatchConfig, MatchConfigError> {
        match (target, max_rounds) {
            (None, None) => Err(MatchConfigError::Unbounded),
            (Some(t), _) if t <= 0 => Err(MatchConfigError::TargetNotPositive(t)),
            (_, Some(0)) => Err(MatchConfigError::NoRounds),
            _ => Ok(MatchConfig { target, max_rounds }),
        }
    }

    /// The points that win the match, if any.
    #[must_use]
    pub fn target(&self) -> Option<i64> {
        self.target
    }

    /// The most rounds the match lasts, if limited.
    #[must_use]
    pub fn max_rounds(&self) -> Option<u32> {
        self.max_rounds
    }
}

/// What a new round may depend on: the running totals, the round before, the match settings.
///
/// # Examples
///
/// The race rotates its starter, so seat 1 rolls first in the second round (index 1):
///
/// ```
/// use boardgame_core::{BySeat, Game, MatchConfig, RoundContext, Rounds, Seat, Turn};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let game = Race::new(RaceRules::default().with_hand(0))?;
/// let config = MatchConfig::new(Some(50), None)?;
/// let totals = BySeat::new(2, 0);
/// let ctx = RoundContext { round: 1, totals: &totals, previous: None, config: &config };
/// let mut state = game.new_round(&ctx);
/// game.apply(&mut state, &RaceAction::Roll(2))?;
/// assert_eq!(game.turn(&state), Turn::Player(Seat::new(1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct RoundContext<'a, S> {
    /// Index of the round being created (0 for the first).
    pub round: u32,
    /// Match points of every seat so far.
    pub totals: &'a crate::BySeat<i64>,
    /// The final state of the previous round (`None` for the first round).
    pub previous: Option<&'a S>,
    /// The match settings.
    pub config: &'a MatchConfig,
}

// By hand: the derives would ask `S: Clone`, but the context holds only references.
impl<S> Clone for RoundContext<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for RoundContext<'_, S> {}

/// Games played in rounds that add up to a match ([`crate::Match`]).
///
/// A round's state implements [`crate::RoundState`], so that every match in progress
/// ([`crate::MatchState`]) deserializes, checked against its round.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, MatchConfig, Rounds};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let game = Race::new(RaceRules::default().with_track(3).with_hand(0))?;
/// let mut state = game.new_initial_state();
/// assert_eq!(game.round_points(&state), None);
/// game.apply(&mut state, &RaceAction::Roll(3))?;
/// game.apply(&mut state, &RaceAction::Advance)?; // seat 0 reaches the finish
/// // The winner scores the distance the loser still had to go.
/// let points = game.round_points(&state).ok_or("the round is over")?;
/// assert_eq!(points.as_slice(), &[3, 0]);
/// assert!(game.match_over(&MatchConfig::new(Some(3), None)?, &points, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Rounds: Game<State: crate::RoundState> {
    /// Points each seat scored in a finished round; `None` before the round's end. Partners
    /// carry their team's points each.
    fn round_points(&self, state: &Self::State) -> Option<crate::BySeat<i64>>;

    /// The initial state of a round (who leads, who breaks, Crawford, and so on may depend on
    /// the context).
    fn new_round(&self, ctx: &RoundContext<'_, Self::State>) -> Self::State;

    /// The highest target score this game plays a match to, if it has one (the default:
    /// none). [`crate::Match::try_new`] refuses a higher target
    /// ([`MatchConfigError::TargetTooHigh`]), so that a match is never played under other
    /// rules than its own (backgammon: a match context holds at most 64 points; carrom: the
    /// rules' own target).
    fn max_target(&self) -> Option<i64> {
        None
    }

    /// Whether `round`, a round in play, can be a round of a match of these settings at
    /// these totals: [`crate::Match::check_state`] and [`crate::Match::resume`] ask it, so
    /// that a match never takes up a round of other rules, or one out of step with its
    /// settings or totals ([`crate::ResumeError::Round`]). The default accepts every round;
    /// a game whose states carry their rules refuses a state of others, and a game whose
    /// round records the match's score checks it against the totals.
    ///
    /// # Errors
    ///
    /// What does not fit, in a few words.
    fn check_round(
        &self,
        round: &Self::State,
        totals: &crate::BySeat<i64>,
        config: &MatchConfig,
    ) -> Result<(), &'static str> {
        let _ = (round, totals, config);
        Ok(())
    }

    /// Whether the match is over after `rounds_played` rounds with these totals. The default:
    /// some seat reached the target, or the round limit is reached.
    fn match_over(
        &self,
        config: &MatchConfig,
        totals: &crate::BySeat<i64>,
        rounds_played: u32,
    ) -> bool {
        config
            .target()
            .is_some_and(|t| totals.as_slice().iter().any(|&p| p >= t))
            || config.max_rounds().is_some_and(|m| rounds_played >= m)
    }

    /// Returns of a finished match. The default: the seats with the highest total win (+1),
    /// the others lose (-1); if every seat has the same total, all get 0.
    fn match_returns(&self, totals: &crate::BySeat<i64>) -> Returns {
        let best = totals.as_slice().iter().copied().max().unwrap_or(0);
        let all_equal = totals.as_slice().iter().all(|&p| p == best);
        crate::BySeat::from_fn(totals.len(), |s| {
            if all_equal {
                0.0
            } else if totals[s] == best {
                1.0
            } else {
                -1.0
            }
        })
    }
}
