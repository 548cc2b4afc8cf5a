//! A match: rounds of a [`Rounds`] game added up to a target score or a round limit, itself a
//! [`Game`].

use crate::{
    BySeat, Game, GameRng, ImperfectInfo, MatchConfig, Returns, RoundContext, Rounds, Seat, Turn,
};

/// Rounds of `G` played until [`Rounds::match_over`] says the match is decided (by default:
/// a seat reached the target, or the round limit was reached). The match is itself a game
/// with the same actions, so every driver, agent and the conformance kit work on it.
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
#[derive(Clone, Debug)]
pub struct Match<G> {
    game: G,
    config: MatchConfig,
}

/// The state of a match: the current (or, at the end, the last) round and the totals.
///
/// With the `serde` feature it serializes; it deserializes when its round state implements
/// [`RoundState`] (and deserializes with its own checks): the totals must have one value per
/// seat of the round, and the match is over exactly when its round is (a finished round that
/// does not decide the match is followed by the next one at once).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MatchState<S> {
    round: S,
    totals: BySeat<i64>,
    rounds_played: u32,
    over: bool,
}

/// What a deserialized [`MatchState`] is checked against: the seats of its round and whether
/// the round is over. Round states of games played as matches implement it.
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
        Ok(MatchState {
            round: r.round,
            totals: r.totals,
            rounds_played: r.rounds_played,
            over: r.over,
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
}

/// Rounds that end as soon as they start are scored this many times at most in a row before
/// the match is declared over (a guard against a game whose rounds never start).
const MAX_EMPTY_ROUNDS: u32 = 1_000;

impl<G: Rounds> Match<G> {
    /// A match of `game` with these settings.
    pub fn new(game: G, config: MatchConfig) -> Match<G> {
        Match { game, config }
    }

    /// The game each round is played with.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The match settings.
    pub fn config(&self) -> &MatchConfig {
        &self.config
    }

    /// Scores a finished round and starts the next one unless the match is decided; repeats
    /// while new rounds are already over.
    fn settle(&self, state: &mut MatchState<G::State>) {
        let mut guard = 0;
        while !state.over && self.game.turn(&state.round) == Turn::Terminal {
            if let Some(points) = self.game.round_points(&state.round) {
                for (seat, p) in points.iter() {
                    if let Some(t) = state.totals.get(seat).copied() {
                        state.totals[seat] = t.saturating_add(*p);
                    }
                }
            }
            state.rounds_played += 1;
            guard += 1;
            if guard >= MAX_EMPTY_ROUNDS
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
