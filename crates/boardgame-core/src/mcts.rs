//! Monte Carlo tree search agents: UCT for any game, and a determinizing variant for games
//! with hidden information.
//!
//! Both share one search: an open-loop tree over player actions (chance outcomes are sampled
//! afresh on every iteration and do not branch the tree), UCB1 selection with availability
//! counts (an action is only a candidate in the iterations where it is legal), random
//! rollouts, and per-seat value sums so that any number of players (and partners) is handled.
//! [`IsMcts`] samples a determinization of the root for the acting seat on every iteration
//! (single-observer information-set MCTS); with perfect information it is plain UCT.
//! The search is deterministic given the [`GameRng`] it is handed.

use crate::drivers::random_playout_capped;
use crate::{Agent, Game, GameRng, ImperfectInfo, MAX_SEATS, Turn};

/// Search settings.
///
/// # Examples
///
/// The search counts iterations, not time, so the same settings and seed give the same answer:
///
/// ```
/// use boardgame_core::{Game, GameRng, Mcts, MctsConfig};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let config = MctsConfig { iterations: 50, ..MctsConfig::default() };
/// assert_eq!(config.exploration, 1.4);
/// let game = Race::new(RaceRules::default().with_hand(1))?;
/// let mut state = game.new_initial_state();
/// for chance in [RaceAction::Deal(3), RaceAction::Deal(1), RaceAction::Roll(2)] {
///     game.apply(&mut state, &chance)?;
/// }
/// let first = Mcts::new(config).search(&game, &state, &mut GameRng::new(1, 1));
/// let again = Mcts::new(config).search(&game, &state, &mut GameRng::new(1, 1));
/// assert!(first.is_some() && first == again);
/// # Ok::<(), boardgame_core::race::RaceError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations (simulations) per decision. More is stronger and slower; the search is
    /// counted in iterations, never wall-clock time, so results are reproducible. `0` is
    /// taken as `1`: a search with more than one legal action at its root always runs one
    /// iteration at least, and so returns an action.
    pub iterations: u32,
    /// UCB1 exploration constant `c` in `mean + c * sqrt(ln(available) / visits)`. The default
    /// `1.4` (about `sqrt 2`) suits returns in `[-1, 1]`. It is meant to be finite and not
    /// negative, and is not checked: a negative `c` prefers the less visited actions less,
    /// and a NaN or infinite one makes the scores meaningless, so that the search keeps
    /// taking the first legal action it tried at each node. Every action it plays is still
    /// legal.
    pub exploration: f64,
    /// Actions a rollout may play before it is cut off and scored 0 for everyone (guards
    /// games that can run long under random play).
    pub max_rollout_plies: u32,
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            iterations: 1_000,
            exploration: 1.4,
            max_rollout_plies: 1_000,
        }
    }
}

/// UCT for any [`Game`]: searches the true state.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Agent, Game, GameRng, Mcts, MctsConfig};
/// use boardgame_core::race::{Race, RaceRules};
/// let game = Race::new(RaceRules::default())?;
/// let mut state = game.new_initial_state();
/// let mut chance = GameRng::new(1, 0);
/// while game.turn(&state).seat().is_none() {
///     let deal = game.sample_chance(&state, &mut chance).expect("a chance node");
///     game.apply(&mut state, &deal)?;
/// }
/// let mut agent = Mcts::new(MctsConfig { iterations: 200, ..MctsConfig::default() });
/// let action = agent.act(&game, &state, &mut GameRng::new(1, 1)).expect("a player node");
/// assert!(game.is_legal(&state, &action));
/// # Ok::<(), boardgame_core::race::RaceError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Mcts {
    config: MctsConfig,
}

impl Mcts {
    /// An agent with these settings.
    #[must_use]
    pub fn new(config: MctsConfig) -> Mcts {
        Mcts { config }
    }
}

impl Mcts {
    /// Searches `state` and returns the chosen action with the root's visit counts (the
    /// policy target of AlphaZero-style training); `None` at a chance or terminal node.
    /// [`Agent::act`] returns the same action for the same `rng`.
    ///
    /// # Examples
    ///
    /// ```
    /// use boardgame_core::{Game, GameRng, Mcts, MctsConfig, Turn};
    /// use boardgame_core::race::{Race, RaceRules, RaceAction};
    /// let game = Race::new(RaceRules::default().with_hand(0))?;
    /// let mut state = game.new_initial_state();
    /// game.apply(&mut state, &RaceAction::Roll(3))?;
    /// let mcts = Mcts::new(MctsConfig { iterations: 100, ..MctsConfig::default() });
    /// let result = mcts.search(&game, &state, &mut GameRng::new(1, 1)).unwrap();
    /// // Without cards the only action is to advance: it gets every visit.
    /// assert_eq!(result.action, RaceAction::Advance);
    /// assert_eq!(result.policy(), vec![(RaceAction::Advance, 1.0)]);
    /// # Ok::<(), boardgame_core::race::RaceError>(())
    /// ```
    pub fn search<G: Game>(
        &self,
        game: &G,
        state: &G::State,
        rng: &mut GameRng,
    ) -> Option<SearchResult<G::Action>> {
        search(game, state, &self.config, rng, |s, _| s.clone())
    }
}

impl<G: Game> Agent<G> for Mcts {
    fn act(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> Option<G::Action> {
        self.search(game, state, rng).map(|r| r.action)
    }
}

/// What a search found at its root: the chosen action (the most visited legal one) and how
/// often each legal action was visited.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, GameRng, Mcts, MctsConfig};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let game = Race::new(RaceRules::default().with_hand(1))?;
/// let mut state = game.new_initial_state();
/// for chance in [RaceAction::Deal(3), RaceAction::Deal(1), RaceAction::Roll(2)] {
///     game.apply(&mut state, &chance)?;
/// }
/// let mcts = Mcts::new(MctsConfig { iterations: 200, ..MctsConfig::default() });
/// let result = mcts.search(&game, &state, &mut GameRng::new(1, 1)).ok_or("a player node")?;
/// // Seat 0 may advance or play its 3; the choice is the most visited.
/// assert_eq!(result.visits.len(), 2);
/// let most = result.visits.iter().max_by_key(|(_, n)| *n).ok_or("visits")?;
/// assert_eq!(most.0, result.action);
/// let total: f64 = result.policy().iter().map(|(_, p)| p).sum();
/// assert!((total - 1.0).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it serializes (a bot's decision, for a log), and deserializes
/// only with its action among the visited ones ([`SearchResultError`]), as a search returns
/// it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        try_from = "SearchResultRaw<A>",
        bound(deserialize = "A: serde::Deserialize<'de> + PartialEq")
    )
)]
#[non_exhaustive]
pub struct SearchResult<A> {
    /// The action chosen.
    pub action: A,
    /// Every legal action at the root with its visit count, in the order
    /// [`Game::legal_actions`] lists them (0 for an action never tried). With a single legal
    /// action no search runs and it counts 1.
    pub visits: Vec<(A, u32)>,
}

/// The serialized form of a [`SearchResult`], checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct SearchResultRaw<A> {
    action: A,
    visits: Vec<(A, u32)>,
}

#[cfg(feature = "serde")]
impl<A: PartialEq> TryFrom<SearchResultRaw<A>> for SearchResult<A> {
    type Error = SearchResultError;
    fn try_from(raw: SearchResultRaw<A>) -> Result<SearchResult<A>, SearchResultError> {
        if raw.visits.is_empty() {
            return Err(SearchResultError::NoVisits);
        }
        if !raw.visits.iter().any(|(a, _)| *a == raw.action) {
            return Err(SearchResultError::ActionNotVisited);
        }
        Ok(SearchResult {
            action: raw.action,
            visits: raw.visits,
        })
    }
}

/// A [`SearchResult`] no search returns (deserializing one, with the `serde` feature).
///
/// # Examples
///
/// ```
/// use boardgame_core::SearchResultError;
/// assert_eq!(
///     SearchResultError::ActionNotVisited.to_string(),
///     "a search result's action is not among its visited actions"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SearchResultError {
    /// No action was listed (a search lists every legal action at the root, at least one).
    #[error("a search result lists no action")]
    NoVisits,
    /// The action chosen is not one of the actions listed.
    #[error("a search result's action is not among its visited actions")]
    ActionNotVisited,
}

impl<A: Clone> SearchResult<A> {
    /// The visit counts as probabilities (each count divided by their sum; uniform if no
    /// action was visited).
    #[must_use]
    pub fn policy(&self) -> Vec<(A, f64)> {
        let total: u64 = self.visits.iter().map(|(_, n)| u64::from(*n)).sum();
        let len = self.visits.len().max(1) as f64;
        self.visits
            .iter()
            .map(|(a, n)| {
                let p = if total == 0 {
                    1.0 / len
                } else {
                    f64::from(*n) / total as f64
                };
                (a.clone(), p)
            })
            .collect()
    }
}

/// Information-set MCTS for [`ImperfectInfo`] games: every iteration searches a fresh
/// [`ImperfectInfo::determinize`] of the root for the acting seat, so the agent never uses
/// what its seat cannot see.
///
/// # Examples
///
/// ```
/// use boardgame_core::{Game, GameRng, IsMcts, MctsConfig};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let game = Race::new(RaceRules::default())?;
/// let mut state = game.new_initial_state();
/// for card in [1, 3, 2, 3] {
///     game.apply(&mut state, &RaceAction::Deal(card))?; // to seats 0, 1, 0, 1
/// }
/// game.apply(&mut state, &RaceAction::Roll(4))?;
/// let agent = IsMcts::new(MctsConfig { iterations: 200, ..MctsConfig::default() });
/// let result = agent.search(&game, &state, &mut GameRng::new(1, 1)).ok_or("a player node")?;
/// // Seat 0 chose among its own options: advance, play its 1 or play its 2.
/// assert_eq!(result.visits.len(), 3);
/// assert!(game.is_legal(&state, &result.action));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct IsMcts {
    config: MctsConfig,
}

impl IsMcts {
    /// An agent with these settings.
    #[must_use]
    pub fn new(config: MctsConfig) -> IsMcts {
        IsMcts { config }
    }
}

impl IsMcts {
    /// Searches `state` for the seat to act and returns the chosen action with the root's
    /// visit counts; `None` at a chance or terminal node. [`Agent::act`] returns the same
    /// action for the same `rng`.
    pub fn search<G: ImperfectInfo>(
        &self,
        game: &G,
        state: &G::State,
        rng: &mut GameRng,
    ) -> Option<SearchResult<G::Action>> {
        let seat = game.turn(state).seat()?;
        search(game, state, &self.config, rng, |s, r| {
            game.determinize(s, seat, r)
        })
    }
}

impl<G: ImperfectInfo> Agent<G> for IsMcts {
    fn act(&mut self, game: &G, state: &G::State, rng: &mut GameRng) -> Option<G::Action> {
        self.search(game, state, rng).map(|r| r.action)
    }
}

/// A node of the search tree. Its children hang in a list of siblings in the order they were
/// expanded, so the whole tree is one vector, allocated once per search, and no node owns
/// memory of its own.
struct Node<A> {
    /// The action that leads here from the parent (`None` at the root).
    action: Option<A>,
    /// The first child expanded, or [`NO_NODE`] (links are indices into the tree's vector).
    first_child: u32,
    /// The last child expanded (where the next one is linked), or [`NO_NODE`].
    last_child: u32,
    /// The next child of this node's parent, or [`NO_NODE`].
    next_sibling: u32,
    visits: u32,
    /// Iterations in which this node's action was legal at its parent.
    available: u32,
    /// Sum of each seat's returns over the iterations through this node.
    value: [f64; MAX_SEATS],
}

/// The end of a list of children: the root's index, as the root is never anyone's child.
const NO_NODE: u32 = 0;

impl<A> Node<A> {
    fn new(action: Option<A>) -> Node<A> {
        Node {
            action,
            first_child: NO_NODE,
            last_child: NO_NODE,
            next_sibling: NO_NODE,
            visits: 0,
            available: 0,
            value: [0.0; MAX_SEATS],
        }
    }
}

/// The children of `node`, in the order they were expanded.
fn children<A>(nodes: &[Node<A>], node: usize) -> impl Iterator<Item = usize> + '_ {
    let mut next = nodes[node].first_child;
    std::iter::from_fn(move || {
        let child = next;
        if child == NO_NODE {
            return None;
        }
        next = nodes[child as usize].next_sibling;
        Some(child as usize)
    })
}

/// Appends a node for `action` as the last child of `parent` (its action legal once so far)
/// and returns its index.
fn add_child<A>(nodes: &mut Vec<Node<A>>, parent: usize, action: A) -> usize {
    let id = nodes.len();
    // A search adds at most one node per iteration to its root, and iterations are a `u32`,
    // so every index fits a `u32`.
    let link = id as u32;
    let mut child = Node::new(Some(action));
    child.available = 1;
    nodes.push(child);
    match nodes[parent].last_child {
        NO_NODE => nodes[parent].first_child = link,
        last => nodes[last as usize].next_sibling = link,
    }
    nodes[parent].last_child = link;
    id
}
fn search<G: Game>(
    game: &G,
    root: &G::State,
    config: &MctsConfig,
    rng: &mut GameRng,
    mut sample_root: impl FnMut(&G::State, &mut GameRng) -> G::State,
) -> Option<SearchResult<G::Action>> {
    game.turn(root).seat()?;
    let mut legal = Vec::new();
    game.legal_actions(root, &mut legal);
    if legal.len() <= 1 {
        let action = legal.pop()?;
        return Some(SearchResult {
            visits: vec![(action.clone(), 1)],
            action,
        });
    }
    // Every iteration expands at most one node: one allocation holds the tree of any usual
    // search (a huge iteration count grows it as it goes instead of reserving it all).
    let iterations = config.iterations.max(1);
    let reserve = (iterations as usize).min(1 << 16) + 1;
    let mut nodes: Vec<Node<G::Action>> = Vec::with_capacity(reserve);
    nodes.push(Node::new(None));
    let mut path: Vec<usize> = Vec::new();
    let mut untried: Vec<G::Action> = Vec::new();
    let mut buf: Vec<G::Action> = Vec::new();
    let players = game.num_players().min(MAX_SEATS);
    for _ in 0..iterations {
        let mut state = sample_root(root, rng);
        path.clear();
        path.push(0);
        let mut node = 0;
        let mut expanded = false;
        // Selection and expansion.
        loop {
            match game.turn(&state) {
                Turn::Terminal => break,
                Turn::Chance => {
                    let Some(outcome) = game.sample_chance(&state, rng) else {
                        break;
                    };
                    if game.apply(&mut state, &outcome).is_err() {
                        break;
                    }
                }
                Turn::Player(seat) => {
                    if expanded {
                        break;
                    }
                    game.legal_actions(&state, &mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    untried.clear();
                    for a in &legal {
                        let known =
                            children(&nodes, node).find(|&c| nodes[c].action.as_ref() == Some(a));
                        match known {
                            Some(c) => nodes[c].available += 1,
                            None => untried.push(a.clone()),
                        }
                    }
                    let next = if untried.is_empty() {
                        select(&nodes, node, &legal, seat.index(), config.exploration)
                    } else {
                        let a = untried.swap_remove(rng.index(untried.len()));
                        expanded = true;
                        add_child(&mut nodes, node, a)
                    };
                    let Some(action) = nodes[next].action.clone() else {
                        break;
                    };
                    if game.apply(&mut state, &action).is_err() {
                        break;
                    }
                    node = next;
                    path.push(node);
                }
            }
        }
        // Rollout.
        random_playout_capped(game, &mut state, rng, &mut buf, config.max_rollout_plies);
        let returns = game.returns(&state);
        // Backpropagation.
        for &n in &path {
            let nd = &mut nodes[n];
            nd.visits += 1;
            if let Some(r) = &returns {
                for (v, x) in nd.value.iter_mut().zip(r.as_slice()).take(players) {
                    *v += x;
                }
            }
        }
    }
    // The most visited root action that is legal in the true state.
    game.legal_actions(root, &mut legal);
    let best = children(&nodes, 0)
        .filter(|&c| nodes[c].action.as_ref().is_some_and(|a| legal.contains(a)))
        .max_by_key(|&c| nodes[c].visits)
        .and_then(|c| nodes[c].action.clone());
    let action = best.or_else(|| legal.first().cloned())?;
    let visits = legal
        .iter()
        .map(|a| {
            let n = children(&nodes, 0)
                .find(|&c| nodes[c].action.as_ref() == Some(a))
                .map_or(0, |c| nodes[c].visits);
            (a.clone(), n)
        })
        .collect();
    Some(SearchResult { action, visits })
}

/// The natural logarithm of `n` with `+ - * /` only, so that a search (and the game records
/// its decisions make) is the same on every platform: a maths library's `ln` may differ in
/// its last bit between systems, and UCB1 compares scores built from it. `n = m · 2^e` with
/// `m` in `[1/√2, √2)` (exact), then `ln n = e ln 2 + 2 atanh((m − 1) / (m + 1))`, the
/// series to 16 terms (|t| < 0.172, so the first term left out is below 10⁻²⁵); within two
/// units in the last place of this platform's `ln` for every count up to a million (a test).
fn ln(n: u32) -> f64 {
    if n <= 1 {
        return 0.0;
    }
    let e = 31 - n.leading_zeros(); // 2^e <= n < 2^(e + 1)
    let mut m = f64::from(n) / f64::from(1u32 << e); // in [1, 2), exact
    let mut e = f64::from(e);
    if m > core::f64::consts::SQRT_2 {
        m /= 2.0;
        e += 1.0;
    }
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    let (mut sum, mut power) = (0.0, t);
    for k in 0..16 {
        sum += power / f64::from(2 * k + 1);
        power *= t2;
    }
    e * core::f64::consts::LN_2 + 2.0 * sum
}

/// UCB1 over the children of `node` whose action is in `legal`.
/// The legal child of `node` with the best UCB1 score. The first legal child is taken
/// before any comparison, so that a score that compares with nothing (NaN, from a NaN or
/// infinite exploration constant) never leaves an illegal child chosen; the caller has
/// checked that every legal action has a child.
fn select<A: PartialEq>(nodes: &[Node<A>], node: usize, legal: &[A], seat: usize, c: f64) -> usize {
    let mut best = None;
    let mut best_score = f64::NEG_INFINITY;
    for ch in children(nodes, node) {
        let n = &nodes[ch];
        if !n.action.as_ref().is_some_and(|a| legal.contains(a)) {
            continue;
        }
        let visits = f64::from(n.visits.max(1));
        let mean = n.value.get(seat).copied().unwrap_or(0.0) / visits;
        let score = mean + c * (ln(n.available.max(1)) / visits).sqrt();
        if best.is_none() || score > best_score {
            best_score = score;
            best = Some(ch);
        }
    }
    best.unwrap_or(nodes[node].first_child as usize)
}

#[cfg(test)]
mod tests {
    use super::{IsMcts, Mcts, MctsConfig, ln};
    use crate::race::{Race, RaceAction, RaceRules};
    use crate::{Game, GameRng};

    /// `MctsConfig::iterations` of 0 is taken as 1, as its docs say: both searches run one
    /// iteration at a root with several legal actions and return an action.
    #[test]
    fn zero_iterations_run_one() {
        let game = Race::new(RaceRules::default()).expect("the default rules");
        let mut state = game.new_initial_state();
        for chance in [1, 3, 2, 3]
            .map(RaceAction::Deal)
            .into_iter()
            .chain([RaceAction::Roll(4)])
        {
            game.apply(&mut state, &chance).expect("a chance outcome");
        }
        let config = MctsConfig {
            iterations: 0,
            ..MctsConfig::default()
        };
        let one = MctsConfig {
            iterations: 1,
            ..MctsConfig::default()
        };
        let zero = Mcts::new(config).search(&game, &state, &mut GameRng::new(5, 1));
        let zero = zero.expect("a player node");
        assert!(zero.visits.len() > 1);
        assert_eq!(zero.visits.iter().map(|v| v.1).sum::<u32>(), 1);
        assert_eq!(
            Some(zero),
            Mcts::new(one).search(&game, &state, &mut GameRng::new(5, 1))
        );
        let zero = IsMcts::new(config).search(&game, &state, &mut GameRng::new(5, 1));
        let zero = zero.expect("a player node");
        assert_eq!(zero.visits.iter().map(|v| v.1).sum::<u32>(), 1);
        assert_eq!(
            Some(zero),
            IsMcts::new(one).search(&game, &state, &mut GameRng::new(5, 1))
        );
    }

    /// With a NaN or infinite exploration constant every score compared false, so `select`
    /// returned the node's first child, legal or not: an information-set search whose first
    /// child was not legal in this iteration's sample chose it (and its iteration stopped
    /// there). It now takes the first legal child.
    #[test]
    fn regression_a_nan_exploration_selected_an_illegal_child() {
        use super::{Node, add_child, select};
        let mut nodes: Vec<Node<u8>> = vec![Node::new(None)];
        for a in [7, 8, 9] {
            let c = add_child(&mut nodes, 0, a);
            nodes[c].visits = 3;
            nodes[c].value[0] = f64::from(a);
        }
        // Action 7 (the first child) is not legal in this sample.
        let legal = [9, 8];
        for c in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let chosen = select(&nodes, 0, &legal, 0, c);
            let action = nodes[chosen].action.expect("a child");
            assert!(legal.contains(&action), "c = {c}: chose {action}");
        }
        // A finite constant still takes the best score (9 has the best mean).
        let chosen = select(&nodes, 0, &legal, 0, 1.4);
        assert_eq!(nodes[chosen].action, Some(9));
    }

    /// The search's own logarithm agrees with this platform's to two units in the last
    /// place over every count a search of a million iterations can hold, and at the top of
    /// `u32`; it is exact at 1 and at powers of two up to rounding of `e ln 2`.
    #[test]
    fn ln_agrees_with_libm_to_two_ulps() {
        let check = |n: u32| {
            let want = f64::from(n).ln();
            let got = ln(n);
            assert!(
                (got - want).abs() <= 2.0 * f64::EPSILON * want.max(f64::MIN_POSITIVE),
                "ln({n}) = {got}, libm {want}"
            );
        };
        assert_eq!(ln(0), 0.0);
        assert_eq!(ln(1), 0.0);
        (2..=1_000_000).for_each(check);
        (0..32).map(|e| 1u32 << e).for_each(check);
        [u32::MAX, u32::MAX - 1, 3_000_000_007]
            .into_iter()
            .for_each(check);
    }
}

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use super::*;
    use crate::race::{Race, RaceAction, RaceRules};
    use proptest::prelude::*;

    /// The root of a race game after the deals and a roll (a player node).
    fn root(game: &Race, roll: u8) -> <Race as Game>::State {
        let mut state = game.new_initial_state();
        for chance in [
            RaceAction::Deal(3),
            RaceAction::Deal(1),
            RaceAction::Deal(2),
            RaceAction::Deal(3),
            RaceAction::Roll(roll),
        ] {
            game.apply(&mut state, &chance).expect("a chance outcome");
        }
        state
    }

    fn search(seed: u64, roll: u8) -> SearchResult<RaceAction> {
        let game = Race::new(RaceRules::default()).expect("the default rules");
        let config = MctsConfig {
            iterations: 40,
            ..MctsConfig::default()
        };
        Mcts::new(config)
            .search(&game, &root(&game, roll), &mut GameRng::new(seed, 1))
            .expect("a player node")
    }

    fn read(json: &str) -> Result<SearchResult<RaceAction>, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn a_search_result_round_trips_through_json() {
        let r = search(3, 4);
        assert!(r.visits.len() > 1);
        let json = serde_json::to_string(&r).expect("writes");
        assert_eq!(read(&json), Ok(r));
    }

    #[test]
    fn a_search_result_whose_action_was_not_visited_does_not_deserialize() {
        let json = r#"{"action":{"Play":9},"visits":[["Advance",3],[{"Play":1},2]]}"#;
        let e = read(json).expect_err("refused");
        assert!(e.contains("action is not among its visited actions"), "{e}");
    }

    #[test]
    fn a_search_result_without_visits_does_not_deserialize() {
        let e = read(r#"{"action":"Advance","visits":[]}"#).expect_err("refused");
        assert!(e.contains("lists no action"), "{e}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn search_results_round_trip(seed in any::<u64>(), roll in 1u8..=6) {
            let r = search(seed, roll);
            let json = serde_json::to_string(&r).expect("writes");
            prop_assert_eq!(read(&json), Ok(r));
        }
    }
}
