//! Generic drivers that work on any [`Game`]: random playouts and whole seeded games between
//! agents.

use crate::{Game, GameRng, Record, Seat, Turn};

/// Plays uniformly random actions (and chance outcomes with their true probabilities) until
/// the game ends, returning the number of actions applied. `buf` is scratch space reused
/// between calls so that a playout allocates nothing once it is warm.
///
/// Stops early, leaving a non-terminal state, only if the game contradicts itself (a player
/// node without a legal action, a chance node without an outcome, or an action it generated
/// and then refused); [`crate::conformance`] catches such games.
///
/// # Examples
///
/// ```
/// use boardgame_core::{random_playout, Game, GameRng, Turn};
/// use boardgame_core::race::{Race, RaceRules};
/// let game = Race::new(RaceRules::default())?;
/// let mut state = game.new_initial_state();
/// let plies = random_playout(&game, &mut state, &mut GameRng::new(5, 0), &mut Vec::new());
/// assert!(plies > 0);
/// assert_eq!(game.turn(&state), Turn::Terminal);
/// # Ok::<(), boardgame_core::race::RaceError>(())
/// ```
pub fn random_playout<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut GameRng,
    buf: &mut Vec<G::Action>,
) -> u32 {
    random_playout_capped(game, state, rng, buf, u32::MAX)
}

/// [`random_playout`] that stops after at most `max_plies` actions.
pub fn random_playout_capped<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut GameRng,
    buf: &mut Vec<G::Action>,
    max_plies: u32,
) -> u32 {
    let mut plies = 0;
    while plies < max_plies {
        let action = match game.turn(state) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(state, rng),
            Turn::Player(_) => game.sample_action(state, rng, buf),
        };
        let Some(action) = action else { break };
        if game.apply(state, &action).is_err() {
            break;
        }
        plies += 1;
    }
    plies
}

/// Something that chooses actions for a seat.
///
/// # Examples
///
/// An agent that always advances by the roll and never plays a card:
///
/// ```
/// use boardgame_core::{play_game, Agent, GameRng};
/// use boardgame_core::race::{Race, RaceAction, RaceRules, RaceState};
///
/// struct Cautious;
/// impl Agent<Race> for Cautious {
///     fn act(&mut self, _: &Race, _: &RaceState, _: &mut GameRng) -> Option<RaceAction> {
///         Some(RaceAction::Advance)
///     }
/// }
///
/// let game = Race::new(RaceRules::default())?;
/// let (mut a, mut b) = (Cautious, Cautious);
/// let played = play_game(&game, 1, &mut [&mut a as &mut dyn Agent<Race>, &mut b], 10_000)?;
/// assert!(!played.record.actions.iter().any(|a| matches!(a, RaceAction::Play(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Agent<G: Game> {
    /// The action to play in `state`, where it is this agent's seat's turn; `None` if it
    /// cannot choose (not a player node).
    fn act(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> Option<G::Action>;
}

/// Plays uniformly random legal actions ([`Game::sample_action`]).
///
/// # Examples
///
/// ```
/// use boardgame_core::{Agent, Game, GameRng, RandomAgent};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let game = Race::new(RaceRules::default().with_hand(0))?;
/// let mut state = game.new_initial_state();
/// let mut rng = GameRng::new(3, 1);
/// // At a chance node an agent has nothing to choose.
/// assert_eq!(RandomAgent.act(&game, &state, &mut rng), None);
/// game.apply(&mut state, &RaceAction::Roll(1))?;
/// // Without cards, advancing is the only legal move.
/// assert_eq!(RandomAgent.act(&game, &state, &mut rng), Some(RaceAction::Advance));
/// # Ok::<(), boardgame_core::race::RaceError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    fn act(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> Option<G::Action> {
        game.sample_action(state, rng, &mut Vec::new())
    }
}

/// A finished game: the final state, the record that replays it, and how long it was.
///
/// # Examples
///
/// ```
/// use boardgame_core::{play_game, Agent, Game, RandomAgent, Turn};
/// use boardgame_core::race::{Race, RaceRules};
/// let game = Race::new(RaceRules::default())?;
/// let (mut a, mut b) = (RandomAgent, RandomAgent);
/// let played = play_game(&game, 42, &mut [&mut a as &mut dyn Agent<Race>, &mut b], 10_000)?;
/// assert_eq!(game.turn(&played.state), Turn::Terminal);
/// assert_eq!(played.record.seed, 42);
/// assert_eq!(played.record.replay(&game)?, played.state);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// The terminal state.
    pub state: G::State,
    /// The seed and every action, chance results included.
    pub record: Record<G::Action>,
    /// Number of actions (chance results included).
    pub plies: u32,
}

/// Two played games are equal when their final states, records and lengths are (the
/// derive would ask the game value itself to be comparable).
impl<G: Game> PartialEq for Played<G>
where
    G::State: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state && self.record == other.record && self.plies == other.plies
    }
}

impl<G: Game> Eq for Played<G>
where
    G::State: Eq,
    G::Action: Eq,
{
}

/// Why [`play_game`] could not finish a game.
///
/// # Examples
///
/// ```
/// use boardgame_core::{play_game, Agent, PlayError, RandomAgent};
/// use boardgame_core::race::{Race, RaceRules};
/// let game = Race::new(RaceRules::default())?;
/// let mut only = RandomAgent;
/// match play_game(&game, 1, &mut [&mut only as &mut dyn Agent<Race>], 10_000) {
///     Err(PlayError::WrongAgentCount { expected, got }) => assert_eq!((expected, got), (2, 1)),
///     other => panic!("expected a wrong agent count, got {other:?}"),
/// }
/// // Cut off during the deal.
/// let (mut a, mut b) = (RandomAgent, RandomAgent);
/// let cut = play_game(&game, 1, &mut [&mut a as &mut dyn Agent<Race>, &mut b], 3);
/// assert!(matches!(cut, Err(PlayError::TooLong { max_plies: 3 })));
/// # Ok::<(), boardgame_core::race::RaceError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError<E: std::error::Error + 'static> {
    /// The number of agents differs from the number of seats.
    #[error("the game seats {expected} players but {got} agents were given")]
    WrongAgentCount {
        /// Seats in the game.
        expected: usize,
        /// Agents given.
        got: usize,
    },
    /// The game named a seat with no agent.
    #[error("the game asked {seat} to act, which has no agent")]
    NoAgentForSeat {
        /// The seat asked.
        seat: Seat,
    },
    /// An agent returned no action at its turn.
    #[error("the agent for {seat} chose nothing at ply {ply}")]
    AgentPassed {
        /// Whose agent.
        seat: Seat,
        /// At which action.
        ply: u32,
    },
    /// The game listed no chance outcome at a chance node.
    #[error("no chance outcome at ply {ply}")]
    NoChanceOutcome {
        /// At which action.
        ply: u32,
    },
    /// The game refused an action an agent (or chance) chose.
    #[error("action at ply {ply} refused: {source}")]
    Refused {
        /// At which action.
        ply: u32,
        /// The game's reason.
        #[source]
        source: E,
    },
    /// The game did not end within the limit.
    #[error("the game did not end within {max_plies} actions")]
    TooLong {
        /// The limit.
        max_plies: u32,
    },
}

/// The RNG streams [`play_game`] uses: chance draws from stream 0, the agent of seat `i`
/// from stream `1 + i`, so an agent's thinking never shifts the dice.
#[must_use]
pub fn chance_rng(seed: u64) -> GameRng {
    GameRng::new(seed, 0)
}

/// The RNG stream of the agent of `seat` in [`play_game`].
#[must_use]
pub fn agent_rng(seed: u64, seat: Seat) -> GameRng {
    GameRng::new(seed, 1 + seat.index() as u64)
}

/// Plays one whole game from `seed`: `agents[i]` acts for seat `i`, chance outcomes are
/// sampled from [`chance_rng`]. Everything is recorded.
///
/// # Errors
///
/// [`PlayError`] when the agents do not fit the game, an agent or the game fails to
/// produce an action, the game refuses one, or the game runs past `max_plies`.
///
/// # Examples
///
/// ```
/// use boardgame_core::{play_game, Agent, Game, RandomAgent};
/// use boardgame_core::race::{Race, RaceRules};
/// let game = Race::new(RaceRules::default())?;
/// let (mut a, mut b) = (RandomAgent, RandomAgent);
/// let played = play_game(&game, 7, &mut [&mut a as &mut dyn Agent<Race>, &mut b], 10_000)?;
/// assert_eq!(played.record.actions.len() as u32, played.plies);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_game<G: Game>(
    game: &G,
    seed: u64,
    agents: &mut [&mut dyn Agent<G>],
    max_plies: u32,
) -> Result<Played<G>, PlayError<G::Error>> {
    if agents.len() != game.num_players() {
        return Err(PlayError::WrongAgentCount {
            expected: game.num_players(),
            got: agents.len(),
        });
    }
    let mut chance = chance_rng(seed);
    let mut agent_rngs: Vec<GameRng> = Seat::all(agents.len())
        .map(|s| agent_rng(seed, s))
        .collect();
    let mut state = game.new_initial_state();
    let mut record = Record::new(seed);
    let mut plies = 0;
    loop {
        let action = match game.turn(&state) {
            Turn::Terminal => break,
            Turn::Chance => game
                .sample_chance(&state, &mut chance)
                .ok_or(PlayError::NoChanceOutcome { ply: plies })?,
            Turn::Player(seat) => {
                let (Some(agent), Some(rng)) = (
                    agents.get_mut(seat.index()),
                    agent_rngs.get_mut(seat.index()),
                ) else {
                    return Err(PlayError::NoAgentForSeat { seat });
                };
                agent
                    .act(game, &state, rng)
                    .ok_or(PlayError::AgentPassed { seat, ply: plies })?
            }
        };
        if plies >= max_plies {
            return Err(PlayError::TooLong { max_plies });
        }
        game.apply(&mut state, &action)
            .map_err(|source| PlayError::Refused { ply: plies, source })?;
        record.actions.push(action);
        plies += 1;
    }
    Ok(Played {
        state,
        record,
        plies,
    })
}
