//! ICF 29-33: a match of games (best of three in the ICF preset), each game boards to 25
//! points or 8 boards, as the core's [`Match`] over [`CarromGame`] rounds.

use boardgame_core::{
    BySeat, Game, GameRng, Match, MatchConfig, MatchState, Returns, RoundContext, Rounds, Seat,
    Turn,
};

use crate::game::{Action, Carrom, PlayError};
use crate::state::State;

/// One game of carrom (boards to [`crate::Rules::target_points`] or
/// [`crate::Rules::max_boards`], C20) as one round of a match ([`Carrom::full_match`]).
///
/// As a [`Game`] it is the whole game (it delegates to `Match<Carrom>`); as [`Rounds`] the
/// game's winner scores one match point. The first game starts with the coin toss (C3); in
/// later games the first break alternates: the side that did not break first in the previous
/// game breaks first (ICF 30-31: the players change sides).
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, Turn};
/// use lattjo_carrom::{Carrom, CarromGame, Rules};
/// let game = CarromGame::new(Carrom::new(Rules::icf())?);
/// let state = game.new_initial_state();
/// assert_eq!(game.turn(&state), Turn::Chance, "the first game opens with the toss");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CarromGame {
    inner: Match<Carrom>,
}

impl CarromGame {
    /// The games of `game` (its rules and physics).
    #[must_use]
    pub fn new(game: Carrom) -> CarromGame {
        CarromGame {
            inner: game.full_game(),
        }
    }

    /// The game as the core's match of boards.
    #[must_use]
    pub fn boards(&self) -> &Match<Carrom> {
        &self.inner
    }
}

impl Carrom {
    /// A match: best of [`crate::Rules::games_per_match`] games (ICF 29-33: best of three), as
    /// the core's [`Match`] over [`CarromGame`]s; the first side to win a majority of the
    /// games wins the match. A drawn game (only under `TieAfterMaxBoards::Draw`) scores for
    /// nobody.
    ///
    /// # Examples
    ///
    /// ```
    /// use lattjo_carrom::{Carrom, Rules};
    /// let m = Carrom::new(Rules::icf())?.full_match();
    /// assert_eq!(m.config().target(), Some(2)); // best of three: two games win
    /// # Ok::<(), lattjo_carrom::RulesError>(())
    /// ```
    #[must_use]
    pub fn full_match(self) -> Match<CarromGame> {
        let config = self.games_config;
        Match::new(CarromGame::new(self), config)
    }
}

impl Game for CarromGame {
    type State = MatchState<State>;
    type Action = Action;
    type Error = PlayError;

    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    fn team(&self, seat: Seat) -> usize {
        self.inner.team(seat)
    }

    fn new_initial_state(&self) -> Self::State {
        self.inner.new_initial_state()
    }

    fn turn(&self, s: &Self::State) -> Turn {
        self.inner.turn(s)
    }

    fn legal_actions(&self, s: &Self::State, out: &mut Vec<Action>) {
        self.inner.legal_actions(s, out);
    }

    fn is_legal(&self, s: &Self::State, a: &Action) -> bool {
        self.inner.is_legal(s, a)
    }

    fn chance_outcomes(&self, s: &Self::State, out: &mut Vec<(Action, f64)>) -> bool {
        self.inner.chance_outcomes(s, out)
    }

    fn sample_chance(&self, s: &Self::State, rng: &mut GameRng) -> Option<Action> {
        self.inner.sample_chance(s, rng)
    }

    fn sample_action(
        &self,
        s: &Self::State,
        rng: &mut GameRng,
        buf: &mut Vec<Action>,
    ) -> Option<Action> {
        self.inner.sample_action(s, rng, buf)
    }

    fn apply(&self, s: &mut Self::State, a: &Action) -> Result<(), PlayError> {
        self.inner.apply(s, a)
    }

    fn returns(&self, s: &Self::State) -> Option<Returns> {
        self.inner.returns(s)
    }
}

impl Rounds for CarromGame {
    /// One match point for each seat of the game's winning side (C20); none for a drawn game.
    fn round_points(&self, s: &Self::State) -> Option<BySeat<i64>> {
        let r = self.inner.returns(s)?;
        Some(BySeat::from_fn(self.num_players(), |seat| {
            i64::from(r.get(seat).is_some_and(|&v| v > 0.0))
        }))
    }

    /// A game whose boards are of other rules, or which these match settings refuse
    /// (`Match::check_state`), is refused.
    fn check_round(
        &self,
        round: &Self::State,
        _totals: &BySeat<i64>,
        _config: &MatchConfig,
    ) -> Result<(), &'static str> {
        self.inner
            .check_state(round)
            .map_err(|_| "the game does not fit its own boards' match (rules or totals)")
    }

    /// The side that won more games wins the match, each seat taking its side's result (C21).
    fn match_returns(&self, totals: &BySeat<i64>) -> Returns {
        crate::game::team_returns(totals)
    }

    /// The first game opens with the toss (C3); each later game is broken first by the side
    /// that did not break first in the game before (ICF 30-31), with no toss.
    fn new_round(&self, ctx: &RoundContext<'_, Self::State>) -> Self::State {
        let mut state = self.inner.new_initial_state();
        if let Some(prev) = ctx.previous {
            let first = prev.round().first_breaker;
            let next = Seat::new(1 - (first.index() % 2) as u8);
            // The toss action names the breaker; it cannot fail for seat 0 or 1.
            let _ = self.inner.apply(&mut state, &Action::Toss(next));
        }
        state
    }
}
