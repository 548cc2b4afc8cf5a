//! A match: rounds of a [`Rounds`] game added up to a target score or a round limit, itself a
//! [`Game`].

use crate::{
    BufferSizeError, BySeat, Game, GameRng, ImperfectInfo, IndexedActions, MatchConfig,
    MatchConfigError, Observe, ParametricActions, Returns, RoundContext, Rounds, Seat, Shape, Turn,
};

/// Rounds of `G` played until [`Rounds::match_over`] says the match is decided (by default:
/// a seat reached the target, or the round limit was reached), until
/// [`MAX_SCORELESS_ROUNDS`] rounds in a row have scored nothing, or until `u32::MAX` rounds
/// have been played (the count holds no more; scored as any other end). The match is itself a
/// game with the same actions, so every driver, agent and the conformance kit work on it.
///
/// # Examples
///
/// ```
/// use boardgame_core::{random_playout, Game, GameRng, Match, MatchConfig, Turn};
/// use boardgame_core::race::{Race, RaceRules};
/// let game = Match::new(Race::new(RaceRules::default())?, MatchConfig::new(Some(30), Some(20))?);
/// let mut state = game.new_initial_state();
/// random_playout(&game, &mut state, &mut GameRng::new(3, 0), &mut Vec::new());
/// assert_eq!(game.turn(&state), Turn::Terminal);
/// assert!(state.rounds_played() >= 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Match<G> {
    game: G,
    config: MatchConfig,
}

/// The state of a match: the current (or, at the end, the last) round and the totals.
///
/// The type parameter is the round's state type, not the game: a [`Match<G>`] plays a
/// `MatchState<G::State>`, so a backgammon match read back from JSON is a
/// `MatchState<lattjo_backgammon::State>`.
///
/// With the `serde` feature it serializes, and it deserializes when its round state does (the
/// round state of every [`crate::Rounds`] game implements [`RoundState`], which the checks
/// read, and the round's own deserializer checks the round): the totals must have one value per
/// seat of the round, the match is over exactly when its round is (a finished round that
/// does not decide the match is followed by the next one at once), and the scoreless rounds
/// ([`MatchState::scoreless_rounds`]) are among the rounds played and, in a match in play,
/// fewer than [`MAX_SCORELESS_ROUNDS`].
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Match, MatchConfig, Seat};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// // At most two rounds of a race over 3 squares, without cards.
/// let race = Race::new(RaceRules::default().with_track(3).with_hand(0))?;
/// let game = Match::new(race, MatchConfig::new(None, Some(2))?);
/// let mut state = game.new_initial_state();
/// game.apply(&mut state, &RaceAction::Roll(5))?;
/// game.apply(&mut state, &RaceAction::Advance)?; // seat 0 finishes the first round
/// assert_eq!(state.rounds_played(), 1);
/// assert_eq!(state.totals().as_slice(), &[3, 0]); // seat 1 still had 3 squares to go
/// assert!(!state.is_over());
/// assert_eq!(state.round().position(Seat::new(0)), Some(0)); // the next round
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MatchState<S> {
    round: S,
    totals: BySeat<i64>,
    rounds_played: u32,
    over: bool,
    /// Rounds in a row, up to the last one finished, in which no seat scored.
    #[cfg_attr(feature = "serde", serde(default))]
    scoreless_rounds: u32,
}

/// What a deserialized [`MatchState`] is checked against: the seats of its round and whether
/// the round is over. [`crate::Rounds`] requires it of a game's state, so that every match in
/// progress deserializes.
///
/// # Examples
///
/// A match is itself a round of a larger match:
///
/// ```
/// use boardgame_core::{Game, Match, MatchConfig, RoundState};
/// use boardgame_core::race::{Race, RaceRules};
/// let game = Match::new(Race::new(RaceRules::default())?, MatchConfig::new(Some(30), None)?);
/// let state = game.new_initial_state();
/// assert_eq!(state.seats(), 2);
/// assert!(!state.is_round_over());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait RoundState {
    /// How many seats play the round.
    fn seats(&self) -> usize;
    /// Whether the round has ended.
    fn is_round_over(&self) -> bool;
}

/// A match is itself a round of a larger match.
impl<S> RoundState for MatchState<S> {
    fn seats(&self) -> usize {
        self.totals.len()
    }

    fn is_round_over(&self) -> bool {
        self.over
    }
}

/// The unchecked shape of a [`MatchState`], for deserialization.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct MatchStateRepr<S> {
    round: S,
    totals: BySeat<i64>,
    rounds_played: u32,
    over: bool,
    /// Missing from states written before it existed: read as 0.
    #[serde(default)]
    scoreless_rounds: u32,
}

#[cfg(feature = "serde")]
impl<'de, S: serde::Deserialize<'de> + RoundState> serde::Deserialize<'de> for MatchState<S> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let r = MatchStateRepr::<S>::deserialize(deserializer)?;
        if r.totals.len() != r.round.seats() {
            return Err(D::Error::custom(
                "the totals need one value per seat of the round",
            ));
        }
        if r.over != r.round.is_round_over() || (r.over && r.rounds_played == 0) {
            return Err(D::Error::custom(
                "a match is over exactly when its round is, after at least one round",
            ));
        }
        // A match in play has room to count the round it plays (an audit found that a count
        // of `u32::MAX` in play overflowed when its round ended).
        if !r.over && r.rounds_played == u32::MAX {
            return Err(D::Error::custom(
                "a match in play has played fewer than u32::MAX rounds",
            ));
        }
        if r.scoreless_rounds > r.rounds_played
            || (!r.over && r.scoreless_rounds >= MAX_SCORELESS_ROUNDS)
        {
            return Err(D::Error::custom(
                "the scoreless rounds are among the rounds played, and fewer in a match in play \
                 than end one",
            ));
        }
        Ok(MatchState {
            round: r.round,
            totals: r.totals,
            rounds_played: r.rounds_played,
            over: r.over,
            scoreless_rounds: r.scoreless_rounds,
        })
    }
}

impl<S> MatchState<S> {
    /// The round in play, or the last round once the match is over.
    pub fn round(&self) -> &S {
        &self.round
    }

    /// Match points of every seat.
    pub fn totals(&self) -> &BySeat<i64> {
        &self.totals
    }

    /// Rounds finished so far.
    pub fn rounds_played(&self) -> u32 {
        self.rounds_played
    }

    /// Whether the match is decided.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Rounds in a row, up to the last one finished, in which no seat scored; the match ends
    /// when they reach [`MAX_SCORELESS_ROUNDS`].
    pub fn scoreless_rounds(&self) -> u32 {
        self.scoreless_rounds
    }
}

/// Why [`Match::resume`] refused to take up a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResumeError {
    /// The totals do not give one value per seat.
    #[error("{totals} totals for {players} players")]
    Seats {
        /// How many totals were given.
        totals: usize,
        /// How many players the game has.
        players: usize,
    },
    /// The match is already decided at these totals (or after the rounds played, with a
    /// round limit: [`Match::resume_after`]).
    #[error("the match is already decided at these totals and rounds played")]
    Decided,
    /// The round given is already over.
    #[error("the round given is already over")]
    RoundOver,
    /// The round given has another number of seats than the match's game.
    #[error("a round of {round} seats for {players} players")]
    RoundSeats {
        /// How many seats the round has.
        round: usize,
        /// How many players the game has.
        players: usize,
    },
    /// A finished match ([`Match::check_state`]) that these settings would not have ended: no
    /// seat reached the target, the round limit is not reached, and neither of the guards
    /// against endless matches ended it.
    #[error("the match is over, but these settings would not have ended it at these totals")]
    NotDecided,
    /// The round is not one this match plays ([`Rounds::check_round`]): made under other
    /// rules than the game's, or out of step with the match's settings or totals (a
    /// backgammon game of another match length or score). The text says what.
    #[error("the round does not fit this match: {0}")]
    Round(&'static str),
    /// Two partners (seats of one [`Game::team`]) on different totals: partners carry their
    /// team's points each ([`Rounds::round_points`]), so no match reaches such totals
    /// (carrom's C21, dominoes' E13, Novuss's N16).
    #[error("{seat} and {partner} are partners on different totals")]
    Partners {
        /// The first seat of the pair.
        seat: Seat,
        /// Its partner, a later seat.
        partner: Seat,
    },
}

/// Rounds that end as soon as they start are scored this many times at most in a row before
/// the match is declared over (a guard against a game whose rounds never start).
const MAX_EMPTY_ROUNDS: u32 = 1_000;

/// A match ends, whatever its configuration, after this many rounds in a row in which no seat
/// scored: rules under which no round can score would otherwise make a match that never ends.
/// Regression (configuration sweep, 5 December 2026): a dominoes match to 61 under All Fives
/// with a double-one set and one tile each (every round rounds to 0 points) played 33,333
/// rounds in 100,000 plies without an end. A match that ends so is scored as any other
/// ([`Rounds::match_returns`]: here, all seats equal, a draw).
pub const MAX_SCORELESS_ROUNDS: u32 = 1_000;

impl<G: Rounds> Match<G> {
    /// A match of `game` with these settings.
    ///
    /// # Panics
    ///
    /// When the target is above the highest the game plays a match to
    /// ([`Rounds::max_target`]; backgammon: 64 points, carrom: its rules' target): its rounds
    /// could not be played under the match's rules. [`Match::try_new`] is the checked twin.
    pub fn new(game: G, config: MatchConfig) -> Match<G> {
        match Match::try_new(game, config) {
            Ok(m) => m,
            Err(e) => panic!("{e}"),
        }
    }

    /// A match of `game` with these settings, if the game plays a match to that target.
    ///
    /// # Errors
    ///
    /// [`MatchConfigError::TargetTooHigh`] for a target above [`Rounds::max_target`].
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::race::{Race, RaceRules};
    /// use boardgame_core::{Match, MatchConfig};
    /// let race = Race::new(RaceRules::default())?;
    /// assert!(Match::try_new(race, MatchConfig::new(Some(1_000), None)?).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_new(game: G, config: MatchConfig) -> Result<Match<G>, MatchConfigError> {
        if let (Some(target), Some(max)) = (config.target(), game.max_target())
            && target > max
        {
            return Err(MatchConfigError::TargetTooHigh { target, max });
        }
        Ok(Match { game, config })
    }

    /// The game each round is played with.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The match settings.
    pub fn config(&self) -> &MatchConfig {
        &self.config
    }

    /// A match taken up part-way: `round` in play at the match score `totals` (one value per
    /// seat), for records that begin after the first round (a match file whose first game
    /// is played at 3-2, say). Rounds played count from there, so the state reports none;
    /// the round is whatever the caller built for that score (its own rules decide what the
    /// score implies, such as backgammon's Crawford game).
    ///
    /// # Errors
    ///
    /// [`ResumeError`]: totals not one per seat, partners on different totals, a round of
    /// another number of seats, a match already decided at these totals, or a round already
    /// over.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::race::{Race, RaceRules};
    /// use boardgame_core::{BySeat, Game, Match, MatchConfig};
    ///
    /// let race = Race::new(RaceRules::default())?;
    /// let game = Match::new(race.clone(), MatchConfig::new(Some(30), None)?);
    /// let totals = BySeat::from_fn(2, |s| if s.index() == 0 { 12 } else { 7 });
    /// let state = game.resume(race.new_initial_state(), totals)?;
    /// assert_eq!(state.totals().as_slice(), &[12, 7]);
    /// assert_eq!(state.rounds_played(), 0);
    /// let decided = BySeat::from_fn(2, |s| if s.index() == 0 { 30 } else { 7 });
    /// assert!(game.resume(race.new_initial_state(), decided).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resume(
        &self,
        round: G::State,
        totals: BySeat<i64>,
    ) -> Result<MatchState<G::State>, ResumeError> {
        self.resume_after(round, totals, 0)
    }

    /// As [`Match::resume`], with `rounds_played` rounds of the match already played before
    /// `round`: for a match whose end or next round depends on how many were played (a round
    /// limit, [`MatchConfig::max_rounds`]; carrom's eight boards, C20), taken up from a record
    /// that says which round this is. The state reports `rounds_played`, the match ends at its
    /// round limit counted from the first round, and the next round's
    /// [`RoundContext::round`] follows on.
    ///
    /// # Errors
    ///
    /// As [`Match::resume`]; a match these settings decide after `rounds_played` rounds (the
    /// round limit reached, or `u32::MAX` rounds, where every match ends) is
    /// [`ResumeError::Decided`].
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::race::{Race, RaceRules};
    /// use boardgame_core::{BySeat, Game, Match, MatchConfig, ResumeError};
    ///
    /// let race = Race::new(RaceRules::default())?;
    /// let eight = Match::new(race.clone(), MatchConfig::new(None, Some(8))?);
    /// let totals = BySeat::from_fn(2, |s| if s.index() == 0 { 4 } else { 3 });
    /// let state = eight.resume_after(race.new_initial_state(), totals, 7)?;
    /// assert_eq!(state.rounds_played(), 7); // the eighth and last round is in play
    /// assert_eq!(
    ///     eight.resume_after(race.new_initial_state(), totals, 8),
    ///     Err(ResumeError::Decided)
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resume_after(
        &self,
        round: G::State,
        totals: BySeat<i64>,
        rounds_played: u32,
    ) -> Result<MatchState<G::State>, ResumeError> {
        let state = MatchState {
            round,
            totals,
            rounds_played,
            over: false,
            scoreless_rounds: 0,
        };
        // The checks of any match state in play: one total per seat, a round of this
        // match's seats too (an audit found a 3-seat round accepted in a 2-seat match, a
        // state the deserializer then refused), not decided, the round not over.
        self.check_state(&state)?;
        Ok(state)
    }

    /// Whether `state` is one this match could be in: one total per seat, a round of this
    /// game's seats, over exactly when these settings decide it, and in play a round the game
    /// takes up at these totals ([`Rounds::check_round`]: of the game's own rules, and in
    /// step with the match where the round records it). A state saved under other settings
    /// (another target or round limit, another number of players, other rules) would
    /// otherwise be played on: a match in play whose totals already reach this match's
    /// target would end only after its round. Call it on a state read from elsewhere before
    /// playing it.
    ///
    /// # Errors
    ///
    /// [`ResumeError::Seats`] and [`ResumeError::RoundSeats`] for the seats,
    /// [`ResumeError::Partners`] for partners on different totals,
    /// [`ResumeError::Decided`] for a match in play that these settings have already decided,
    /// [`ResumeError::RoundOver`] for a match in play whose round is over (a match starts its
    /// next round as soon as one ends), [`ResumeError::NotDecided`] for a finished match these
    /// settings would not have ended, [`ResumeError::Round`] for a round the game does not
    /// take up in this match.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::race::{Race, RaceRules};
    /// use boardgame_core::{BySeat, Game, Match, MatchConfig, ResumeError};
    ///
    /// let race = Race::new(RaceRules::default())?;
    /// let to_30 = Match::new(race.clone(), MatchConfig::new(Some(30), None)?);
    /// let to_10 = Match::new(race.clone(), MatchConfig::new(Some(10), None)?);
    /// let totals = BySeat::from_fn(2, |s| if s.index() == 0 { 12 } else { 7 });
    /// let state = to_30.resume(race.new_initial_state(), totals)?;
    /// assert_eq!(to_30.check_state(&state), Ok(()));
    /// assert_eq!(to_10.check_state(&state), Err(ResumeError::Decided));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_state(&self, state: &MatchState<G::State>) -> Result<(), ResumeError> {
        let players = self.game.num_players();
        if state.totals.len() != players {
            return Err(ResumeError::Seats {
                totals: state.totals.len(),
                players,
            });
        }
        if state.round.seats() != players {
            return Err(ResumeError::RoundSeats {
                round: state.round.seats(),
                players,
            });
        }
        // Partners carry their team's points each (`Rounds::round_points`), in play or over.
        for seat in Seat::all(players) {
            if let Some(partner) = Seat::all(players).skip(seat.index() + 1).find(|&p| {
                self.game.team(p) == self.game.team(seat) && state.totals[p] != state.totals[seat]
            }) {
                return Err(ResumeError::Partners { seat, partner });
            }
        }
        let decided = self
            .game
            .match_over(&self.config, &state.totals, state.rounds_played);
        if state.over {
            // `settle` ends a match when the settings decide it, after MAX_SCORELESS_ROUNDS
            // scoreless rounds in a row, after MAX_EMPTY_ROUNDS rounds that ended as they
            // began (all counted in `rounds_played`), or at `u32::MAX` rounds played.
            let guarded = state.scoreless_rounds >= MAX_SCORELESS_ROUNDS
                || state.rounds_played >= MAX_EMPTY_ROUNDS;
            if !decided && !guarded {
                return Err(ResumeError::NotDecided);
            }
            return Ok(());
        }
        // `settle` ends every match at `u32::MAX` rounds played, so none is in play there.
        if decided
            || state.scoreless_rounds >= MAX_SCORELESS_ROUNDS
            || state.rounds_played == u32::MAX
        {
            return Err(ResumeError::Decided);
        }
        if self.game.turn(&state.round) == Turn::Terminal {
            return Err(ResumeError::RoundOver);
        }
        self.game
            .check_round(&state.round, &state.totals, &self.config)
            .map_err(ResumeError::Round)
    }

    /// Scores a finished round and starts the next one unless the match is decided; repeats
    /// while new rounds are already over.
    fn settle(&self, state: &mut MatchState<G::State>) {
        let mut guard = 0;
        while !state.over && self.game.turn(&state.round) == Turn::Terminal {
            let mut scored = false;
            if let Some(points) = self.game.round_points(&state.round) {
                for (seat, p) in points.iter() {
                    if let Some(t) = state.totals.get(seat).copied() {
                        state.totals[seat] = t.saturating_add(*p);
                        scored |= *p != 0;
                    }
                }
            }
            state.rounds_played = state.rounds_played.saturating_add(1);
            state.scoreless_rounds = if scored {
                0
            } else {
                state.scoreless_rounds.saturating_add(1)
            };
            guard += 1;
            // No count is left for another round at `u32::MAX` (and a match in play there
            // would not read back): the match ends, as the round limit ends one.
            if guard >= MAX_EMPTY_ROUNDS
                || state.scoreless_rounds >= MAX_SCORELESS_ROUNDS
                || state.rounds_played == u32::MAX
                || self
                    .game
                    .match_over(&self.config, &state.totals, state.rounds_played)
            {
                state.over = true;
            } else {
                let ctx = RoundContext {
                    round: state.rounds_played,
                    totals: &state.totals,
                    previous: Some(&state.round),
                    config: &self.config,
                };
                state.round = self.game.new_round(&ctx);
            }
        }
    }
}

impl<G: Rounds> Game for Match<G> {
    type State = MatchState<G::State>;
    type Action = G::Action;
    type Error = G::Error;

    fn num_players(&self) -> usize {
        self.game.num_players()
    }

    fn team(&self, seat: Seat) -> usize {
        self.game.team(seat)
    }

    fn new_initial_state(&self) -> Self::State {
        let totals = BySeat::new(self.game.num_players(), 0);
        let ctx = RoundContext {
            round: 0,
            totals: &totals,
            previous: None,
            config: &self.config,
        };
        let round = self.game.new_round(&ctx);
        let mut state = MatchState {
            round,
            totals,
            rounds_played: 0,
            over: false,
            scoreless_rounds: 0,
        };
        self.settle(&mut state);
        state
    }

    fn turn(&self, s: &Self::State) -> Turn {
        if s.over {
            Turn::Terminal
        } else {
            self.game.turn(&s.round)
        }
    }

    fn legal_actions(&self, s: &Self::State, out: &mut Vec<Self::Action>) {
        if s.over {
            out.clear();
        } else {
            self.game.legal_actions(&s.round, out);
        }
    }

    fn is_legal(&self, s: &Self::State, a: &Self::Action) -> bool {
        !s.over && self.game.is_legal(&s.round, a)
    }

    fn chance_outcomes(&self, s: &Self::State, out: &mut Vec<(Self::Action, f64)>) -> bool {
        if s.over {
            out.clear();
            true
        } else {
            self.game.chance_outcomes(&s.round, out)
        }
    }

    fn sample_chance(&self, s: &Self::State, rng: &mut GameRng) -> Option<Self::Action> {
        if s.over {
            None
        } else {
            self.game.sample_chance(&s.round, rng)
        }
    }

    fn sample_action(
        &self,
        s: &Self::State,
        rng: &mut GameRng,
        buf: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        if s.over {
            None
        } else {
            self.game.sample_action(&s.round, rng, buf)
        }
    }

    /// # Errors
    ///
    /// The round's error; a finished match refuses every action with the last round's error
    /// for that action (the last round is terminal, so it refuses everything).
    fn apply(&self, s: &mut Self::State, a: &Self::Action) -> Result<(), Self::Error> {
        self.game.apply(&mut s.round, a)?;
        self.settle(s);
        Ok(())
    }

    fn returns(&self, s: &Self::State) -> Option<Returns> {
        s.over.then(|| self.game.match_returns(&s.totals))
    }
}

impl<G: Rounds + ImperfectInfo> ImperfectInfo for Match<G> {
    type View = (G::View, BySeat<i64>, u32, bool);

    fn view(&self, s: &Self::State, viewer: Option<Seat>) -> Self::View {
        (
            self.game.view(&s.round, viewer),
            s.totals,
            s.rounds_played,
            s.over,
        )
    }

    fn determinize(&self, s: &Self::State, seat: Seat, rng: &mut GameRng) -> Self::State {
        MatchState {
            round: self.game.determinize(&s.round, seat, rng),
            ..s.clone()
        }
    }
}

/// Fields a match adds after its round's observation: the totals (one per seat), the rounds
/// played and whether the match is over.
const MATCH_FIELDS: usize = 2;

/// A match is observed as its round, followed by the match score (issue 19): the round's
/// observation flattened (its own shape, in order), then
///
/// | field | meaning | range |
/// | --- | --- | --- |
/// | `P` values | each seat's total, from the observer on (the observer, the next seat, ...), divided by the target; the plain total when the match has no target | >= 0 for scores that only grow |
/// | 1 value | rounds played, divided by the round limit; the plain count when there is none | >= 0 |
/// | 1 value | the match is over | 0/1 |
///
/// so a learner sees what the match stands at, which a round alone does not show. A seat
/// outside the table sees the totals in seat order.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Match, MatchConfig, Observe, Seat};
/// use boardgame_core::race::{Race, RaceRules};
/// let race = Race::new(RaceRules::default())?;
/// let round = race.observation_shape().size();
/// let game = Match::new(race, MatchConfig::new(Some(30), Some(20))?);
/// assert_eq!(game.observation_shape().size(), round + 2 + 2);
/// let mut out = vec![0.0; round + 4];
/// game.observe(&game.new_initial_state(), Seat::new(1), &mut out)?;
/// assert_eq!(&out[round..], &[0.0, 0.0, 0.0, 0.0]); // 0 : 0 after no round, not over
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<G: Rounds + Observe> Observe for Match<G> {
    fn observation_shape(&self) -> Shape {
        let round = self.game.observation_shape().size();
        let len = round + self.game.num_players() + MATCH_FIELDS;
        // Never `None`: a flat shape of any positive length exists.
        Shape::flat(len).unwrap_or(Shape::fixed([1]))
    }

    fn observe(&self, s: &Self::State, seat: Seat, out: &mut [f32]) -> Result<(), BufferSizeError> {
        let players = self.game.num_players();
        let round = self.game.observation_shape().size();
        BufferSizeError::check(round + players + MATCH_FIELDS, out.len())?;
        let (inner, score) = out.split_at_mut(round);
        self.game.observe(&s.round, seat, inner)?;
        let (totals, tail) = score.split_at_mut(players);
        let target = self.config.target().map_or(1.0, |t| t as f32);
        let from = if seat.index() < players {
            seat.index()
        } else {
            0
        };
        for (k, value) in totals.iter_mut().enumerate() {
            let total = s.totals.as_slice().get((from + k) % players).copied();
            *value = total.unwrap_or(0) as f32 / target;
        }
        let limit = self.config.max_rounds().map_or(1.0, |m| m as f32);
        tail[0] = s.rounds_played as f32 / limit;
        tail[1] = f32::from(u8::from(s.over));
        Ok(())
    }
}

/// A match's actions are its rounds' actions, with the same indices; a finished match has
/// none legal.
///
/// # Examples
///
/// ```
/// use boardgame_core::{IndexedActions, Match, MatchConfig};
/// use boardgame_core::race::{Race, RaceRules};
/// let race = Race::new(RaceRules::default())?;
/// let game = Match::new(race.clone(), MatchConfig::new(Some(30), None)?);
/// assert_eq!(game.num_distinct_actions(), race.num_distinct_actions());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<G: Rounds + IndexedActions> IndexedActions for Match<G> {
    fn num_distinct_actions(&self) -> usize {
        self.game.num_distinct_actions()
    }

    fn action_index(&self, s: &Self::State, action: &Self::Action) -> Option<usize> {
        self.game.action_index(&s.round, action)
    }

    fn index_action(&self, s: &Self::State, index: usize) -> Option<Self::Action> {
        self.game.index_action(&s.round, index)
    }

    fn legal_mask(&self, s: &Self::State, out: &mut [bool]) -> Result<(), BufferSizeError> {
        self.game.legal_mask(&s.round, out)?;
        if s.over {
            out.fill(false);
        }
        Ok(())
    }

    fn num_chance_outcomes(&self) -> usize {
        self.game.num_chance_outcomes()
    }

    fn chance_index(&self, s: &Self::State, action: &Self::Action) -> Option<usize> {
        self.game.chance_index(&s.round, action)
    }

    fn index_chance(&self, s: &Self::State, index: usize) -> Option<Self::Action> {
        self.game.index_chance(&s.round, index)
    }
}

/// A match's continuous actions are its rounds'.
impl<G: Rounds + ParametricActions> ParametricActions for Match<G> {
    fn parameter_bounds(&self) -> &[(f64, f64)] {
        self.game.parameter_bounds()
    }

    fn action_parameters(
        &self,
        s: &Self::State,
        action: &Self::Action,
        out: &mut [f64],
    ) -> Result<bool, BufferSizeError> {
        self.game.action_parameters(&s.round, action, out)
    }

    fn parameters_action(&self, s: &Self::State, parameters: &[f64]) -> Option<Self::Action> {
        self.game.parameters_action(&s.round, parameters)
    }
}

#[cfg(test)]
mod tests {
    use super::{Match, ResumeError};
    use crate::race::{Race, RaceRules};
    use crate::{BySeat, Game, MatchConfig, Turn};

    fn game() -> (Race, Match<Race>) {
        let race = Race::new(RaceRules::default()).expect("rules");
        let config = MatchConfig::new(Some(30), None).expect("config");
        (race.clone(), Match::new(race, config))
    }

    /// Regression (an audit): a round of 3 seats was taken up in a 2-seat match, a state the
    /// deserializer refuses.
    #[test]
    fn regression_resume_took_up_a_round_with_another_number_of_seats() {
        let (_, m) = game();
        let three = Race::new(RaceRules::default().with_players(3)).expect("rules");
        assert_eq!(
            m.resume(three.new_initial_state(), BySeat::new(2, 0)),
            Err(ResumeError::RoundSeats {
                round: 3,
                players: 2
            })
        );
    }

    /// Regression (forty-eighth sitting, carrom's second rules review, C21): a match of a game
    /// played in partnerships was taken up at totals on which two partners differ, which no
    /// match reaches (partners carry their team's points each, `Rounds::round_points`), and its
    /// returns then split the partners. Carrom, dominoes and Novuss had each accepted it; the
    /// check is the match's, for every game with teams, in play and over.
    #[test]
    fn regression_a_match_took_up_partners_on_different_totals() {
        let race =
            Race::new(RaceRules::default().with_players(4).with_partners(true)).expect("rules");
        let m = Match::new(
            race.clone(),
            MatchConfig::new(Some(30), None).expect("config"),
        );
        let by_seat = |t: [i64; 4]| BySeat::from_fn(4, |s| t[s.index()]);
        assert_eq!(
            m.resume(race.new_initial_state(), by_seat([4, 2, 4, 3])),
            Err(ResumeError::Partners {
                seat: crate::Seat::new(1),
                partner: crate::Seat::new(3)
            })
        );
        let mut state = m
            .resume(race.new_initial_state(), by_seat([4, 2, 4, 2]))
            .expect("partners level");
        assert_eq!(m.check_state(&state), Ok(()));
        // A finished match too.
        state.over = true;
        state.totals = by_seat([30, 2, 29, 2]);
        assert_eq!(
            m.check_state(&state),
            Err(ResumeError::Partners {
                seat: crate::Seat::new(0),
                partner: crate::Seat::new(2)
            })
        );
        // Without partners every seat is its own team: any totals.
        let alone = Race::new(RaceRules::default().with_players(4)).expect("rules");
        let m = Match::new(
            alone.clone(),
            MatchConfig::new(Some(30), None).expect("config"),
        );
        assert!(
            m.resume(alone.new_initial_state(), by_seat([4, 2, 3, 7]))
                .is_ok()
        );
    }

    /// Regression (forty-eighth sitting, carrom's second rules review): a match taken up part
    /// way counted its rounds from the round given, so a match with a round limit (carrom's
    /// eight boards, C20) resumed near its end played past the limit. `resume_after` takes the
    /// rounds already played; the match ends at its limit counted from the first round.
    #[test]
    fn regression_a_resumed_match_counted_its_rounds_from_the_round_given() {
        let (race, _) = game();
        let three_rounds = Match::new(
            race.clone(),
            MatchConfig::new(None, Some(3)).expect("config"),
        );
        let totals = BySeat::from_fn(2, |s| if s.index() == 0 { 2 } else { 1 });
        let mut s = three_rounds
            .resume_after(race.new_initial_state(), totals, 2)
            .expect("the third and last round in play");
        assert_eq!(s.rounds_played(), 2);
        let mut rng = crate::GameRng::new(3, 0);
        let mut buf = Vec::new();
        while three_rounds.turn(&s) != Turn::Terminal {
            let a = match three_rounds.turn(&s) {
                Turn::Chance => three_rounds.sample_chance(&s, &mut rng),
                _ => three_rounds.sample_action(&s, &mut rng, &mut buf),
            }
            .expect("an action");
            three_rounds.apply(&mut s, &a).expect("legal");
        }
        assert_eq!(
            s.rounds_played(),
            3,
            "the match ended after its third round"
        );
        assert_eq!(three_rounds.check_state(&s), Ok(()));
        // Taken up with `resume`, the same round would be the first of three.
        let from_zero = three_rounds
            .resume(race.new_initial_state(), totals)
            .expect("resume");
        assert_eq!(from_zero.rounds_played(), 0);
        // After the limit, or at `u32::MAX` rounds (where `settle` ends every match),
        // nothing is in play.
        for played in [3, 4, u32::MAX] {
            assert_eq!(
                three_rounds.resume_after(race.new_initial_state(), totals, played),
                Err(ResumeError::Decided),
                "{played}"
            );
        }
        let to_30 = Match::new(
            race.clone(),
            MatchConfig::new(Some(30), None).expect("config"),
        );
        assert_eq!(
            to_30.resume_after(race.new_initial_state(), totals, u32::MAX),
            Err(ResumeError::Decided)
        );
    }

    /// Regression (twenty-ninth sitting's left-alone list): a match of other settings played
    /// on a state it would call decided, and ended it only after the round. `check_state`
    /// lets a caller refuse such a state first.
    #[test]
    fn regression_a_match_of_other_settings_played_on_a_state_it_would_call_decided() {
        let (race, to_30) = game();
        let config = |target| MatchConfig::new(Some(target), None).expect("config");
        let to_10 = Match::new(race.clone(), config(10));
        let totals = BySeat::from_fn(2, |s| if s.index() == 0 { 12 } else { 7 });
        let state = to_30
            .resume(race.new_initial_state(), totals)
            .expect("resume");
        assert_eq!(to_30.check_state(&state), Ok(()));
        assert_eq!(to_10.check_state(&state), Err(ResumeError::Decided));

        // Every state of a played match passes its own check; the finished one is refused
        // by a match to a target nobody reached.
        let mut s = to_30.new_initial_state();
        let mut rng = crate::GameRng::new(7, 0);
        let mut buf = Vec::new();
        while to_30.turn(&s) != Turn::Terminal {
            assert_eq!(to_30.check_state(&s), Ok(()));
            let a = match to_30.turn(&s) {
                Turn::Chance => to_30.sample_chance(&s, &mut rng),
                _ => to_30.sample_action(&s, &mut rng, &mut buf),
            }
            .expect("an action");
            to_30.apply(&mut s, &a).expect("legal");
        }
        assert_eq!(to_30.check_state(&s), Ok(()));
        let best = s
            .totals()
            .as_slice()
            .iter()
            .copied()
            .max()
            .expect("two seats");
        let beyond = Match::new(race.clone(), config(best + 1));
        assert_eq!(beyond.check_state(&s), Err(ResumeError::NotDecided));
        // A round limit the match reached also decides it.
        let limited = Match::new(
            race.clone(),
            MatchConfig::new(None, Some(s.rounds_played())).expect("config"),
        );
        assert_eq!(limited.check_state(&s), Ok(()));

        // Another number of players.
        let three = Race::new(RaceRules::default().with_players(3)).expect("rules");
        let three_match = Match::new(three, config(30));
        assert_eq!(
            to_30.check_state(&three_match.new_initial_state()),
            Err(ResumeError::Seats {
                totals: 3,
                players: 2
            })
        );
    }

    /// Regression (an audit): a match in play read back with `u32::MAX` rounds played
    /// overflowed the count when its round ended.
    #[cfg(feature = "serde")]
    #[test]
    fn regression_a_match_with_u32_max_rounds_played_overflowed() {
        #[derive(serde::Serialize, serde::Deserialize)]
        struct Round {
            over: bool,
        }
        impl crate::RoundState for Round {
            fn seats(&self) -> usize {
                2
            }
            fn is_round_over(&self) -> bool {
                self.over
            }
        }
        let text = |played: u32, over: bool| {
            format!(
                r#"{{"round":{{"over":{over}}},"totals":[0,0],"rounds_played":{played},"over":{over}}}"#
            )
        };
        let read = |t: String| serde_json::from_str::<super::MatchState<Round>>(&t).is_ok();
        assert!(read(text(7, false)));
        assert!(
            !read(text(u32::MAX, false)),
            "no room to count the round in play"
        );
        assert!(
            read(text(u32::MAX, true)),
            "a match over at that count is whole"
        );
        // The scoreless rounds: among the rounds played, and fewer than end a match in play.
        let with = |played: u32, scoreless: u32, over: bool| {
            format!(
                r#"{{"round":{{"over":{over}}},"totals":[0,0],"rounds_played":{played},"over":{over},"scoreless_rounds":{scoreless}}}"#
            )
        };
        assert!(read(with(7, 7, false)));
        assert!(!read(with(7, 8, false)));
        let max = super::MAX_SCORELESS_ROUNDS;
        assert!(!read(with(max, max, false)));
        assert!(read(with(max, max, true)));
        assert!(read(with(max, max - 1, false)));
    }

    /// Regression (configuration sweep, 5 December 2026): a match whose rounds can never score
    /// never ended (a dominoes match to 61 under All Fives with a double-one set and one tile
    /// each played 33,333 rounds). It ends now after `MAX_SCORELESS_ROUNDS` scoreless rounds
    /// in a row, also when taken up at a score (`resume`), and is scored as a draw here.
    #[test]
    fn regression_a_match_whose_rounds_never_score_never_ended() {
        use super::MAX_SCORELESS_ROUNDS;
        use crate::{GameRng, Returns, RoundContext, RoundState, Rounds, Seat};

        #[derive(Clone, Debug)]
        struct Scoreless;
        #[derive(Clone, Debug, PartialEq)]
        struct Round(bool);
        impl RoundState for Round {
            fn seats(&self) -> usize {
                2
            }
            fn is_round_over(&self) -> bool {
                self.0
            }
        }
        impl Game for Scoreless {
            type State = Round;
            type Action = ();
            type Error = core::fmt::Error;
            fn num_players(&self) -> usize {
                2
            }
            fn new_initial_state(&self) -> Round {
                Round(false)
            }
            fn turn(&self, s: &Round) -> Turn {
                if s.0 {
                    Turn::Terminal
                } else {
                    Turn::Player(Seat::new(0))
                }
            }
            fn legal_actions(&self, s: &Round, out: &mut Vec<()>) {
                out.clear();
                if !s.0 {
                    out.push(());
                }
            }
            fn chance_outcomes(&self, _: &Round, out: &mut Vec<((), f64)>) -> bool {
                out.clear();
                true
            }
            fn apply(&self, s: &mut Round, _: &()) -> Result<(), core::fmt::Error> {
                s.0 = true;
                Ok(())
            }
            fn returns(&self, s: &Round) -> Option<Returns> {
                s.0.then(|| BySeat::new(2, 0.0))
            }
        }
        impl Rounds for Scoreless {
            fn round_points(&self, s: &Round) -> Option<BySeat<i64>> {
                s.0.then(|| BySeat::new(2, 0))
            }
            fn new_round(&self, _: &RoundContext<'_, Round>) -> Round {
                Round(false)
            }
        }

        let m = Match::new(Scoreless, MatchConfig::new(Some(61), None).expect("config"));
        let limit = MAX_SCORELESS_ROUNDS + 10;
        let mut s = m.new_initial_state();
        crate::random_playout_capped(&m, &mut s, &mut GameRng::new(1, 0), &mut Vec::new(), limit);
        assert_eq!(m.turn(&s), Turn::Terminal);
        assert_eq!(s.rounds_played(), MAX_SCORELESS_ROUNDS);
        assert_eq!(s.scoreless_rounds(), MAX_SCORELESS_ROUNDS);
        assert_eq!(m.returns(&s).expect("over").as_slice(), &[0.0, 0.0]);
        // A match the guard ended is one its settings end (`check_state`).
        assert_eq!(m.check_state(&s), Ok(()));
        let totals = BySeat::from_fn(2, |seat| [40, 12][seat.index()]);
        let mut s = m.resume(Round(false), totals).expect("in play");
        crate::random_playout_capped(&m, &mut s, &mut GameRng::new(1, 0), &mut Vec::new(), limit);
        assert_eq!(m.turn(&s), Turn::Terminal);
        assert_eq!(m.returns(&s).expect("over").as_slice(), &[1.0, -1.0]);
    }

    #[test]
    fn resume_refuses_totals_not_one_per_seat() {
        let (race, m) = game();
        let three = BySeat::new(3, 0);
        assert_eq!(
            m.resume(race.new_initial_state(), three),
            Err(ResumeError::Seats {
                totals: 3,
                players: 2
            })
        );
    }

    #[test]
    fn resume_refuses_a_round_already_over_and_plays_on_from_the_totals() {
        let (race, m) = game();
        let mut rng = crate::GameRng::new(3, 0);
        let mut round = race.new_initial_state();
        let mut buf = Vec::new();
        while race.turn(&round) != Turn::Terminal {
            let a = match race.sample_chance(&round, &mut rng) {
                Some(a) => a,
                None => race
                    .sample_action(&round, &mut rng, &mut buf)
                    .expect("a move"),
            };
            race.apply(&mut round, &a).expect("legal");
        }
        assert_eq!(
            m.resume(round, BySeat::new(2, 5)),
            Err(ResumeError::RoundOver)
        );
        // Taken up at 5-5, a match plays on and adds to those totals.
        let mut s = m
            .resume(race.new_initial_state(), BySeat::new(2, 5))
            .expect("resumes");
        while m.turn(&s) != Turn::Terminal {
            let a = match m.sample_chance(&s, &mut rng) {
                Some(a) => a,
                None => m.sample_action(&s, &mut rng, &mut buf).expect("a move"),
            };
            m.apply(&mut s, &a).expect("legal");
        }
        assert!(s.totals().as_slice().iter().any(|&t| t >= 30));
        assert!(s.totals().as_slice().iter().all(|&t| t >= 5));
    }
}
