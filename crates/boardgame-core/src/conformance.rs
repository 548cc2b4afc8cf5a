//! The conformance kit: plays many seeded random games of any [`Game`] and checks the
//! trait's contract at every node. Every game crate calls it from its tests.
//!
//! ```
//! use boardgame_core::conformance::{check_imperfect, ConformanceConfig};
//! use boardgame_core::race::{Race, RaceRules};
//! let game = Race::new(RaceRules::default())?;
//! let report = check_imperfect(&game, &ConformanceConfig { games: 20, ..ConformanceConfig::default() })?;
//! assert_eq!(report.games, 20);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use crate::{
    Game, GameRng, ImperfectInfo, IndexedActions, Observe, ParametricActions, Record, RoundState,
    Rounds, Seat, Turn,
};

/// How much to check.
///
/// # Examples
///
/// A few games, plus made-up actions that every node must refuse with the state unchanged:
///
/// ```
/// use boardgame_core::conformance::{check_game, ConformanceConfig};
/// use boardgame_core::race::{Race, RaceAction, RaceRules};
/// let game = Race::new(RaceRules::default())?;
/// let cfg = ConformanceConfig {
///     games: 5,
///     seed: 100,
///     extra_actions: vec![RaceAction::Roll(0), RaceAction::Roll(7), RaceAction::Play(4)],
///     ..ConformanceConfig::default()
/// };
/// let report = check_game(&game, &cfg)?;
/// assert_eq!(report.games, 5);
/// assert!(report.refusals_checked > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ConformanceConfig<A> {
    /// Games to play.
    pub games: u32,
    /// Game `i` is played from seed `seed + i`.
    pub seed: u64,
    /// A game that has not ended after this many actions is a violation.
    pub max_plies: u32,
    /// Whether [`Game::legal_actions`] lists every legal player action (false for continuous
    /// games whose list is a representative set): then an action [`Game::is_legal`] accepts
    /// must be in the list.
    pub exhaustive_actions: bool,
    /// Actions to try at every node on top of those seen elsewhere in the games (typically
    /// made-up illegal ones: a die of 7, a move off the board).
    pub extra_actions: Vec<A>,
    /// At most this many generated actions per node are applied to a copy to check that they
    /// are accepted (the one played is always checked).
    pub generated_checks_per_node: usize,
    /// At most this many actions seen elsewhere are tried per node.
    pub foreign_checks_per_node: usize,
    /// Every how many nodes the hidden-information checks and the foreign-state checks
    /// ([`check_foreign_states`]) run (1 = every node).
    pub determinize_every: u32,
}

impl<A> Default for ConformanceConfig<A> {
    fn default() -> Self {
        ConformanceConfig {
            games: 50,
            seed: 0,
            max_plies: 100_000,
            exhaustive_actions: true,
            extra_actions: Vec::new(),
            generated_checks_per_node: 16,
            foreign_checks_per_node: 4,
            determinize_every: 1,
        }
    }
}

/// What a passing run covered.
///
/// # Examples
///
/// ```
/// use boardgame_core::conformance::{check_imperfect, ConformanceConfig};
/// use boardgame_core::race::{Race, RaceRules};
/// let game = Race::new(RaceRules::default())?;
/// let cfg = ConformanceConfig { games: 10, ..ConformanceConfig::default() };
/// let report = check_imperfect(&game, &cfg)?;
/// // Every action was played at a player or a chance node...
/// assert_eq!(report.plies, report.player_nodes + report.chance_nodes);
/// // ...and the hidden hands were really re-dealt by the determinizations.
/// assert!(report.determinizations_that_differed > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it serializes and deserializes as plain data (counters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct ConformanceReport {
    /// Games played to the end.
    pub games: u32,
    /// Actions applied in all.
    pub plies: u64,
    /// Player nodes visited.
    pub player_nodes: u64,
    /// Chance nodes visited.
    pub chance_nodes: u64,
    /// Actions checked to be refused with the state unchanged.
    pub refusals_checked: u64,
    /// Determinizations checked (hidden-information games).
    pub determinizations: u64,
    /// Determinizations that differed from the true state (hidden information really hidden
    /// and really re-sampled).
    pub determinizations_that_differed: u64,
    /// Observations encoded and checked ([`check_observations`]).
    pub observations: u64,
    /// Legal-action masks checked ([`check_indexed_actions`]).
    pub masks: u64,
    /// Continuous actions mapped to parameters and back, or drawn from the bounds and played
    /// ([`check_parametric_actions`]).
    pub parametric_actions: u64,
    /// Nodes at which another configuration's game was handed the state
    /// ([`check_foreign_states`]).
    pub foreign_nodes: u64,
    /// Actions another configuration's game applied to a foreign state, each result checked
    /// valid ([`check_foreign_states`]).
    pub foreign_accepted: u64,
}

/// A broken contract: which game (by seed), where, and what.
///
/// # Examples
///
/// A game that names a seat to act but gives it nothing to do breaks the contract at its first
/// node:
///
/// ```
/// use boardgame_core::conformance::{check_game, ConformanceConfig, Violation};
/// use boardgame_core::{Game, Returns, Seat, Turn};
///
/// struct Stuck;
/// impl Game for Stuck {
/// #   type State = ();
/// #   type Action = ();
/// #   type Error = std::fmt::Error;
/// #   fn num_players(&self) -> usize { 1 }
/// #   fn new_initial_state(&self) {}
///     // Seat 0 is always to move...
///     fn turn(&self, _: &()) -> Turn {
///         Turn::Player(Seat::new(0))
///     }
///     // ...but never has a legal action.
///     fn legal_actions(&self, _: &(), out: &mut Vec<()>) {
///         out.clear();
///     }
/// #   fn chance_outcomes(&self, _: &(), out: &mut Vec<((), f64)>) -> bool { out.clear(); true }
/// #   fn apply(&self, _: &mut (), _: &()) -> Result<(), std::fmt::Error> { Err(std::fmt::Error) }
/// #   fn returns(&self, _: &()) -> Option<Returns> { None }
/// }
///
/// let cfg = ConformanceConfig { games: 3, seed: 7, ..ConformanceConfig::default() };
/// match check_game(&Stuck, &cfg) {
///     Err(Violation { seed, ply, what, .. }) => {
///         assert_eq!((seed, ply), (7, 0)); // the first game, before any action
///         assert!(!what.is_empty());
///     }
///     Ok(report) => panic!("a stuck game passed: {report:?}"),
/// }
/// ```
///
/// With the `serde` feature it serializes and deserializes as plain data (the seed, the ply
/// and the message).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Violation {
    /// The seed of the failing game.
    pub seed: u64,
    /// Actions applied before the failure.
    pub ply: u32,
    /// What went wrong.
    pub what: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game with seed {} at ply {}: {}",
            self.seed, self.ply, self.what
        )
    }
}

/// Checks the [`Game`] contract on `cfg.games` seeded random games.
///
/// At every node: returns exist exactly at the end; a player node names a seat in range and
/// has a legal action, each (up to a cap) accepted by `is_legal` and by `apply`, lists the
/// same actions into a buffer that held others (`legal_actions` clears it) and no chance
/// outcome; a chance node has no legal action, samples no player action, and lists outcomes
/// with positive probabilities summing to 1, each (up to the same cap) accepted by
/// `is_legal` and by `apply` (or samples one `is_legal` accepts); actions seen at other nodes
/// and `cfg.extra_actions` that `is_legal` refuses are refused by `apply` with the state
/// unchanged, and (with `exhaustive_actions`) `is_legal` agrees with the list. At the end:
/// no player action is sampled, partners have equal returns and the record replays to the
/// final state.
///
/// # Errors
///
/// The first [`Violation`] found.
pub fn check_game<G: Game>(
    game: &G,
    cfg: &ConformanceConfig<G::Action>,
) -> Result<ConformanceReport, Violation>
where
    G::State: PartialEq,
{
    run(game, cfg, |_, _, _, _| Ok(()))
}

/// [`check_game`] plus the hidden-information contract: at every node (every
/// `cfg.determinize_every`), for each seat, a determinization keeps that seat's view and the
/// spectator view, has the same turn, depends only on what the seat sees (one generator
/// gives the same determinization from the true state and from another state of the same
/// view) and plays on without error; the report counts how often it differed from the true
/// state (a test can require that it sometimes does).
///
/// # Errors
///
/// The first [`Violation`] found.
pub fn check_imperfect<G: ImperfectInfo>(
    game: &G,
    cfg: &ConformanceConfig<G::Action>,
) -> Result<ConformanceReport, Violation>
where
    G::State: PartialEq,
{
    let every = cfg.determinize_every.max(1);
    run(game, cfg, |state, rng, report, node| {
        if node.counter % every != 0 {
            return Ok(());
        }
        let spectator = game.view(state, None);
        for seat in Seat::all(game.num_players()) {
            let d = game.determinize(state, seat, rng);
            report.determinizations += 1;
            if d != *state {
                report.determinizations_that_differed += 1;
            }
            if game.view(&d, Some(seat)) != game.view(state, Some(seat)) {
                return Err(format!("determinize for {seat} changed what {seat} sees"));
            }
            if game.view(&d, None) != spectator {
                return Err(format!(
                    "determinize for {seat} changed the spectator view: the spectator view shows hidden information"
                ));
            }
            if game.turn(&d) != game.turn(state) {
                return Err(format!("determinize for {seat} changed whose turn it is"));
            }
            // From the true state and from a state of the same view, one generator gives one
            // determinization: what `seat` cannot see is not used (an audit found the race
            // and dominoes handing IS-MCTS the true hidden cards). Clones of the generator,
            // so the checks draw what they drew before.
            let from_true = game.determinize(state, seat, &mut rng.clone());
            if game.determinize(&d, seat, &mut rng.clone()) != from_true {
                return Err(format!(
                    "determinize for {seat} depends on what {seat} cannot see: two states of \
                     the same view give two determinizations for one generator"
                ));
            }
            let mut cont = d;
            let mut buf = Vec::new();
            for _ in 0..8 {
                let a = match game.turn(&cont) {
                    Turn::Terminal => break,
                    Turn::Chance => game.sample_chance(&cont, rng),
                    Turn::Player(_) => game.sample_action(&cont, rng, &mut buf),
                };
                let Some(a) = a else {
                    return Err(format!(
                        "a determinization for {seat} has no action to continue with"
                    ));
                };
                if let Err(e) = game.apply(&mut cont, &a) {
                    return Err(format!(
                        "a determinization for {seat} refused its own {a:?}: {e}"
                    ));
                }
            }
        }
        Ok(())
    })
}

/// [`check_game`] plus the [`Rounds`] contract at every node: the state's [`RoundState`]
/// (what a deserialized [`crate::MatchState`] is checked against) names the game's seats
/// and says the round is over exactly at the end, and the round's points exist exactly at
/// the end, one value per seat.
///
/// # Examples
///
/// ```
/// use boardgame_core::conformance::{check_rounds, ConformanceConfig};
/// use boardgame_core::race::{Race, RaceRules};
/// let game = Race::new(RaceRules::default().with_players(3))?;
/// let report = check_rounds(&game, &ConformanceConfig { games: 10, ..ConformanceConfig::default() })?;
/// assert_eq!(report.games, 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// The first [`Violation`] found.
pub fn check_rounds<G: Rounds>(
    game: &G,
    cfg: &ConformanceConfig<G::Action>,
) -> Result<ConformanceReport, Violation>
where
    G::State: PartialEq,
{
    run(game, cfg, |state, _, _, _| {
        let over = game.turn(state) == Turn::Terminal;
        if state.seats() != game.num_players() {
            return Err(format!(
                "the round state says {} seats, the game has {}",
                state.seats(),
                game.num_players()
            ));
        }
        if state.is_round_over() != over {
            return Err(format!(
                "the round state says the round is over: {}, the game's turn: {:?}",
                state.is_round_over(),
                game.turn(state)
            ));
        }
        match game.round_points(state) {
            Some(_) if !over => Err("round points before the round's end".to_owned()),
            None if over => Err("no round points at the round's end".to_owned()),
            Some(points) if points.len() != game.num_players() => Err(format!(
                "round points for {} seats, the game has {}",
                points.len(),
                game.num_players()
            )),
            _ => Ok(()),
        }
    })
}

/// [`check_game`] plus the [`Observe`] contract at every node, for every seat: the buffer's
/// length is the shape's size and a wrong length is refused with the buffer unchanged; every
/// element is overwritten with a finite value; encoding twice gives the same values; and an
/// action that changed the state changed every seat's observation.
///
/// For a hidden-information game use [`check_imperfect_observations`], which replaces the
/// last check with one on views.
///
/// # Errors
///
/// The first [`Violation`] found.
pub fn check_observations<G: Observe>(
    game: &G,
    cfg: &ConformanceConfig<G::Action>,
) -> Result<ConformanceReport, Violation>
where
    G::State: PartialEq,
{
    let mut watch = ObservationWatch::new(game);
    let mut previous: Option<G::State> = None;
    run(game, cfg, |state, _, report, node| {
        let changed = node.ply > 0 && previous.as_ref() != Some(state);
        for seat in Seat::all(game.num_players()) {
            watch.encode(game, state, seat, report)?;
            if changed && watch.unchanged(seat) {
                return Err(format!(
                    "the last action changed the state but not the observation of {seat}"
                ));
            }
            watch.keep(seat);
        }
        previous = Some(state.clone());
        Ok(())
    })
}

/// [`check_imperfect`] plus the [`Observe`] contract for a hidden-information game, at every
/// node (every `cfg.determinize_every` for the determinization part) and for every seat: the
/// checks of [`check_observations`], and the seat's observation is **equal** for a state it
/// cannot tell apart (a determinization for that seat) and **changes** whenever the seat's
/// view changed.
///
/// # Errors
///
/// The first [`Violation`] found.
pub fn check_imperfect_observations<G: ImperfectInfo + Observe>(
    game: &G,
    cfg: &ConformanceConfig<G::Action>,
) -> Result<ConformanceReport, Violation>
where
    G::State: PartialEq,
{
    let every = cfg.determinize_every.max(1);
    let mut watch = ObservationWatch::new(game);
    let mut other = vec![0.0f32; watch.size];
    let mut views: Vec<Option<G::View>> = vec![None; game.num_players()];
    run(game, cfg, |state, rng, report, node| {
        for seat in Seat::all(game.num_players()) {
            watch.encode(game, state, seat, report)?;
            let view = game.view(state, Some(seat));
            let slot = &mut views[seat.index()];
            if node.ply > 0 && slot.as_ref() != Some(&view) && watch.unchanged(seat) {
                return Err(format!(
                    "the last action changed what {seat} may know but not its observation"
                ));
            }
            *slot = Some(view);
            if node.counter % every == 0 {
                let d = game.determinize(state, seat, rng);
                report.determinizations += 1;
                game.observe(&d, seat, &mut other)
                    .map_err(|e| format!("observe refused a right-sized buffer: {e}"))?;
                if other != watch.current {
                    return Err(format!(
                        "the observation of {seat} differs between two states {seat} cannot tell apart (a determinization): it shows hidden information"
                    ));
                }
            }
            watch.keep(seat);
        }
        Ok(())
    })
}

/// Buffers for the observation checks: the current encoding and each seat's last one.
struct ObservationWatch {
    size: usize,
    current: Vec<f32>,
    last: Vec<Vec<f32>>,
}

impl ObservationWatch {
    fn new<G: Observe>(game: &G) -> ObservationWatch {
        let size = game.observation_shape().size();
        ObservationWatch {
            size,
            current: vec![0.0; size],
            last: vec![Vec::new(); game.num_players()],
        }
    }

    /// Encodes `seat`'s observation into `current` with every check that needs one state.
    fn encode<G: Observe>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        report: &mut ConformanceReport,
    ) -> Result<(), String> {
        if game.observation_shape().size() != self.size {
            return Err("the observation shape changed during the game".into());
        }
        let mut wrong = vec![7.0f32; self.size + 1];
        if game.observe(state, seat, &mut wrong).is_ok() {
            return Err(format!(
                "observe accepted a buffer of {} elements for a shape of {}",
                self.size + 1,
                self.size
            ));
        }
        if wrong.iter().any(|&x| x != 7.0) {
            return Err("observe refused a wrong-sized buffer but wrote into it".into());
        }
        self.current.fill(f32::NAN);
        game.observe(state, seat, &mut self.current)
            .map_err(|e| format!("observe refused a right-sized buffer: {e}"))?;
        if let Some(i) = self.current.iter().position(|x| !x.is_finite()) {
            return Err(format!(
                "element {i} of the observation of {seat} is {} (not written, or not finite)",
                self.current[i]
            ));
        }
        let mut again = vec![0.0f32; self.size];
        game.observe(state, seat, &mut again)
            .map_err(|e| format!("observe refused a right-sized buffer: {e}"))?;
        if again != self.current {
            return Err(format!(
                "encoding the same state twice gave two observations for {seat}"
            ));
        }
        report.observations += 1;
        Ok(())
    }

    /// Whether `current` equals `seat`'s last observation.
    fn unchanged(&self, seat: Seat) -> bool {
        self.last[seat.index()] == self.current
    }

    /// Remembers `current` as `seat`'s last observation.
    fn keep(&mut self, seat: Seat) {
        let slot = &mut self.last[seat.index()];
        slot.clear();
        slot.extend_from_slice(&self.current);
    }
}

/// [`check_game`] plus the [`IndexedActions`] contract at every node: at a player node every
/// legal action has an index in range that maps back to it, distinct actions have distinct
/// indices, the mask is `true` exactly at those indices (and a wrong-length mask buffer is
/// refused), and indices outside the mask name no legal action; at a chance node whose
/// outcomes are listed and finite in number, every outcome's index maps back to it.
///
/// # Errors
///
/// The first [`Violation`] found.
pub fn check_indexed_actions<G: IndexedActions>(
    game: &G,
    cfg: &ConformanceConfig<G::Action>,
) -> Result<ConformanceReport, Violation>
where
    G::State: PartialEq,
{
    let mut scratch = IndexScratch::default();
    run(game, cfg, |state, rng, report, _| {
        check_indices(game, state, rng, report, &mut scratch, |_| Ok(false))
    })
}

/// [`check_indexed_actions`] for a game whose player actions are partly continuous: every
/// legal action has **either** an index **or** parameters ([`ParametricActions`]); the
/// parameters lie within the bounds and map back to the same action; random parameter
/// vectors within the bounds map to actions that [`Game::apply`] plays or refuses (with the
/// state unchanged); parameters that are out of bounds, not finite or of the wrong number map
/// to nothing.
///
/// # Errors
///
/// The first [`Violation`] found.
pub fn check_parametric_actions<G: IndexedActions + ParametricActions>(
    game: &G,
    cfg: &ConformanceConfig<G::Action>,
) -> Result<ConformanceReport, Violation>
where
    G::State: PartialEq,
{
    let bounds = game.parameter_bounds().to_vec();
    if let Some((i, b)) = bounds
        .iter()
        .enumerate()
        .find(|(_, (lo, hi))| !(lo.is_finite() && hi.is_finite() && lo <= hi))
    {
        return Err(Violation {
            seed: cfg.seed,
            ply: 0,
            what: format!("parameter {i} has bounds {b:?}"),
        });
    }
    let mut scratch = IndexScratch::default();
    let mut params = vec![0.0f64; bounds.len()];
    run(game, cfg, |state, rng, report, _| {
        let mut mapped = 0u64;
        let mut parametric = |a: &G::Action| -> Result<bool, String> {
            let has = game
                .action_parameters(state, a, &mut params)
                .map_err(|e| format!("action_parameters refused a right-sized buffer: {e}"))?;
            if !has {
                return Ok(false);
            }
            mapped += 1;
            if let Some((i, x)) = params
                .iter()
                .zip(&bounds)
                .enumerate()
                .find(|(_, (x, (lo, hi)))| !(**x >= *lo && **x <= *hi))
                .map(|(i, (x, _))| (i, *x))
            {
                return Err(format!(
                    "parameter {i} of {a:?} is {x}, outside {:?}",
                    bounds[i]
                ));
            }
            match game.parameters_action(state, &params) {
                Some(back) if back == *a => Ok(true),
                other => Err(format!(
                    "{a:?} has parameters {params:?}, which map back to {other:?}"
                )),
            }
        };
        check_indices(game, state, rng, report, &mut scratch, &mut parametric)?;
        report.parametric_actions += mapped;
        if !matches!(game.turn(state), Turn::Player(_)) {
            return Ok(());
        }
        // Random vectors within the bounds: an action, played or refused, never a panic.
        for _ in 0..4 {
            let p: Vec<f64> = bounds
                .iter()
                .map(|(lo, hi)| lo + (hi - lo) * rng.unit_f64())
                .collect();
            let Some(a) = game.parameters_action(state, &p) else {
                return Err(format!(
                    "parameters {p:?} within the bounds map to no action"
                ));
            };
            let mut copy = state.clone();
            if game.apply(&mut copy, &a).is_err() && copy != *state {
                return Err(format!("apply refused {a:?} but changed the state"));
            }
            report.parametric_actions += 1;
        }
        // Out of bounds, not finite, wrong length: nothing.
        for (i, (lo, hi)) in bounds.iter().enumerate() {
            let mid: Vec<f64> = bounds.iter().map(|(l, h)| l + (h - l) / 2.0).collect();
            let width = (hi - lo).abs().max(1.0);
            for bad in [lo - width, hi + width, f64::NAN, f64::INFINITY] {
                let mut p = mid.clone();
                p[i] = bad;
                if let Some(a) = game.parameters_action(state, &p) {
                    return Err(format!(
                        "parameter {i} = {bad} (bounds {:?}) maps to {a:?}",
                        (lo, hi)
                    ));
                }
            }
        }
        let long = vec![0.0; bounds.len() + 1];
        if let Some(a) = game.parameters_action(state, &long) {
            return Err(format!(
                "{} parameters (the game has {}) map to {a:?}",
                long.len(),
                bounds.len()
            ));
        }
        Ok(())
    })
}

/// Buffers for the index checks.
struct IndexScratch<A> {
    legal: Vec<A>,
    outcomes: Vec<(A, f64)>,
    mask: Vec<bool>,
    expected: Vec<bool>,
}

impl<A> Default for IndexScratch<A> {
    fn default() -> Self {
        IndexScratch {
            legal: Vec::new(),
            outcomes: Vec::new(),
            mask: Vec::new(),
            expected: Vec::new(),
        }
    }
}

/// The index checks at one node. `parametric(a)` says whether `a` is a continuous action
/// (checked by the caller); such an action must have no index.
fn check_indices<G: IndexedActions>(
    game: &G,
    state: &G::State,
    rng: &mut GameRng,
    report: &mut ConformanceReport,
    scratch: &mut IndexScratch<G::Action>,
    mut parametric: impl FnMut(&G::Action) -> Result<bool, String>,
) -> Result<(), String> {
    let n = game.num_distinct_actions();
    scratch.mask.clear();
    scratch.mask.resize(n + 1, true);
    if game.legal_mask(state, &mut scratch.mask).is_ok() {
        return Err(format!(
            "legal_mask accepted a buffer of {} for {n} actions",
            n + 1
        ));
    }
    if scratch.mask.iter().any(|&m| !m) {
        return Err("legal_mask refused a wrong-sized buffer but wrote into it".into());
    }
    scratch.mask.truncate(n);
    scratch.mask.fill(true);
    game.legal_mask(state, &mut scratch.mask)
        .map_err(|e| format!("legal_mask refused a right-sized buffer: {e}"))?;
    report.masks += 1;
    scratch.expected.clear();
    scratch.expected.resize(n, false);
    match game.turn(state) {
        Turn::Player(_) => {
            game.legal_actions(state, &mut scratch.legal);
            for a in &scratch.legal {
                let is_parametric = parametric(a)?;
                let index = game.action_index(state, a);
                let i = match (index, is_parametric) {
                    (Some(i), false) => i,
                    (None, true) => continue,
                    (Some(i), true) => {
                        return Err(format!("{a:?} has both an index ({i}) and parameters"));
                    }
                    (None, false) => return Err(format!("legal {a:?} has no index")),
                };
                if i >= n {
                    return Err(format!("{a:?} has index {i}, outside 0..{n}"));
                }
                match game.index_action(state, i) {
                    Some(back) if back == *a => {}
                    other => {
                        return Err(format!("{a:?} has index {i}, which maps to {other:?}"));
                    }
                }
                if scratch.expected[i] {
                    return Err(format!("two legal actions share index {i}"));
                }
                scratch.expected[i] = true;
            }
        }
        Turn::Chance => {
            let m = game.num_chance_outcomes();
            if m > 0 && game.chance_outcomes(state, &mut scratch.outcomes) {
                for (a, _) in &scratch.outcomes {
                    let Some(i) = game.chance_index(state, a).filter(|&i| i < m) else {
                        return Err(format!("chance outcome {a:?} has no index in 0..{m}"));
                    };
                    match game.index_chance(state, i) {
                        Some(back) if back == *a => {}
                        other => {
                            return Err(format!(
                                "chance outcome {a:?} has index {i}, which maps to {other:?}"
                            ));
                        }
                    }
                    if game.action_index(state, a).is_some() {
                        return Err(format!(
                            "chance outcome {a:?} also has a player-action index"
                        ));
                    }
                }
            }
        }
        Turn::Terminal => {}
    }
    for (i, (&m, &e)) in scratch.mask.iter().zip(&scratch.expected).enumerate() {
        if m != e {
            return Err(format!(
                "the mask says {m} at index {i}, but the legal actions {} it",
                if m { "lack" } else { "have" }
            ));
        }
    }
    // A few indices outside the mask: nothing legal.
    if n > 0 {
        for _ in 0..4 {
            let i = rng.index(n);
            if !scratch.mask[i]
                && let Some(a) = game.index_action(state, i)
                && game.is_legal(state, &a)
            {
                return Err(format!(
                    "index {i} is not in the mask but maps to the legal {a:?}"
                ));
            }
        }
    }
    if let Some(a) = game.index_action(state, n) {
        return Err(format!("index {n} (out of range) maps to {a:?}"));
    }
    Ok(())
}

/// Where the walk is: a running node counter over all games, and the ply within the game
/// (0 at each game's first state).
#[derive(Clone, Copy)]
struct Node {
    counter: u32,
    ply: u32,
}

/// The largest number of foreign actions kept for refusal checks.
const POOL: usize = 256;

fn run<G: Game>(
    game: &G,
    cfg: &ConformanceConfig<G::Action>,
    mut extra: impl FnMut(&G::State, &mut GameRng, &mut ConformanceReport, Node) -> Result<(), String>,
) -> Result<ConformanceReport, Violation>
where
    G::State: PartialEq,
{
    let mut report = ConformanceReport::default();
    let mut pool: Vec<G::Action> = Vec::new();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut node_counter = 0u32;
    for g in 0..cfg.games {
        let seed = cfg.seed.wrapping_add(u64::from(g));
        let mut rng = GameRng::new(seed, 0);
        let mut check_rng = GameRng::new(seed, 1);
        let mut state = game.new_initial_state();
        let mut record = Record::new(seed);
        let mut ply = 0u32;
        let fail = |ply: u32, what: String| Violation { seed, ply, what };
        loop {
            let turn = game.turn(&state);
            let returns = game.returns(&state);
            if (turn == Turn::Terminal) != returns.is_some() {
                return Err(fail(
                    ply,
                    format!("turn is {turn:?} but returns are {returns:?}"),
                ));
            }
            let node = Node {
                counter: node_counter,
                ply,
            };
            extra(&state, &mut check_rng, &mut report, node).map_err(|w| fail(ply, w))?;
            node_counter = node_counter.wrapping_add(1);
            check_foreign(
                game,
                cfg,
                &state,
                &pool,
                &mut check_rng,
                &mut report,
                &mut legal,
            )
            .map_err(|w| fail(ply, w))?;
            let action = match turn {
                Turn::Terminal => {
                    if let Some(a) = game.sample_action(&state, &mut check_rng, &mut legal) {
                        return Err(fail(ply, format!("sample_action gave {a:?} at the end")));
                    }
                    break;
                }
                Turn::Player(seat) => {
                    report.player_nodes += 1;
                    if seat.index() >= game.num_players() {
                        return Err(fail(ply, format!("{seat} is out of range")));
                    }
                    game.legal_actions(&state, &mut legal);
                    if legal.is_empty() {
                        return Err(fail(
                            ply,
                            format!("{seat} is to act but has no legal action"),
                        ));
                    }
                    // `legal_actions` clears its buffer: a buffer holding other actions gets
                    // the same list.
                    let mut dirty: Vec<G::Action> = pool.iter().take(3).cloned().collect();
                    game.legal_actions(&state, &mut dirty);
                    if dirty != legal {
                        return Err(fail(
                            ply,
                            "legal_actions kept what its buffer held before".into(),
                        ));
                    }
                    // Not a chance node: no outcome listed, and `true`.
                    if !game.chance_outcomes(&state, &mut outcomes) || !outcomes.is_empty() {
                        return Err(fail(
                            ply,
                            "chance_outcomes lists outcomes at a player node".into(),
                        ));
                    }
                    let n = legal.len();
                    let checks = cfg.generated_checks_per_node.min(n);
                    for k in 0..checks {
                        let i = if checks == n { k } else { check_rng.index(n) };
                        let a = &legal[i];
                        if !game.is_legal(&state, a) {
                            return Err(fail(
                                ply,
                                format!("generated {a:?} but is_legal refuses it"),
                            ));
                        }
                        if let Err(e) = game.apply(&mut state.clone(), a) {
                            return Err(fail(
                                ply,
                                format!("generated {a:?} but apply refuses it: {e}"),
                            ));
                        }
                    }
                    let a = game
                        .sample_action(&state, &mut rng, &mut legal)
                        .ok_or_else(|| {
                            fail(ply, format!("sample_action found nothing for {seat}"))
                        })?;
                    if !game.is_legal(&state, &a) {
                        return Err(fail(
                            ply,
                            format!("sample_action chose {a:?}, which is_legal refuses"),
                        ));
                    }
                    a
                }
                Turn::Chance => {
                    report.chance_nodes += 1;
                    game.legal_actions(&state, &mut legal);
                    if !legal.is_empty() {
                        return Err(fail(
                            ply,
                            "legal_actions is not empty at a chance node".into(),
                        ));
                    }
                    if let Some(a) = game.sample_action(&state, &mut check_rng, &mut legal) {
                        return Err(fail(
                            ply,
                            format!("sample_action gave {a:?} at a chance node"),
                        ));
                    }
                    let listed = game.chance_outcomes(&state, &mut outcomes);
                    if listed {
                        if outcomes.is_empty() {
                            return Err(fail(ply, "a chance node lists no outcome".into()));
                        }
                        let sum: f64 = outcomes.iter().map(|(_, p)| *p).sum();
                        if (sum - 1.0).abs() > 1e-9 {
                            return Err(fail(ply, format!("chance probabilities sum to {sum}")));
                        }
                        if let Some((a, p)) = outcomes
                            .iter()
                            .find(|(a, p)| p.is_nan() || *p <= 0.0 || !game.is_legal(&state, a))
                        {
                            return Err(fail(
                                ply,
                                format!(
                                    "outcome {a:?} with probability {p} is not a valid outcome"
                                ),
                            ));
                        }
                        // Every listed outcome applies, as every generated action does (a
                        // rare outcome that `apply` refused was missed before).
                        let n = outcomes.len();
                        let checks = cfg.generated_checks_per_node.min(n);
                        for k in 0..checks {
                            let i = if checks == n { k } else { check_rng.index(n) };
                            let a = &outcomes[i].0;
                            if let Err(e) = game.apply(&mut state.clone(), a) {
                                return Err(fail(
                                    ply,
                                    format!("listed outcome {a:?} but apply refuses it: {e}"),
                                ));
                            }
                        }
                    }
                    let a = game
                        .sample_chance(&state, &mut rng)
                        .ok_or_else(|| fail(ply, "sample_chance found no outcome".into()))?;
                    if listed && !outcomes.iter().any(|(o, _)| *o == a) {
                        return Err(fail(
                            ply,
                            format!("sampled {a:?}, which chance_outcomes does not list"),
                        ));
                    }
                    if !game.is_legal(&state, &a) {
                        return Err(fail(ply, format!("sampled {a:?}, which is_legal refuses")));
                    }
                    a
                }
            };
            if ply >= cfg.max_plies {
                return Err(fail(
                    ply,
                    format!("the game did not end within {} actions", cfg.max_plies),
                ));
            }
            if let Err(e) = game.apply(&mut state, &action) {
                return Err(fail(
                    ply,
                    format!("apply refused {action:?}, which the checks accepted: {e}"),
                ));
            }
            if pool.len() < POOL {
                pool.push(action.clone());
            } else {
                let i = check_rng.index(POOL * 4);
                if i < POOL {
                    pool[i] = action.clone();
                }
            }
            record.actions.push(action);
            ply += 1;
            report.plies += 1;
        }
        let returns = game
            .returns(&state)
            .ok_or_else(|| fail(ply, "no returns at the end".into()))?;
        if returns.len() != game.num_players() {
            return Err(fail(
                ply,
                format!(
                    "{} returns for {} players",
                    returns.len(),
                    game.num_players()
                ),
            ));
        }
        if let Some(r) = returns.as_slice().iter().find(|r| !r.is_finite()) {
            return Err(fail(ply, format!("a return is {r}")));
        }
        for a in Seat::all(game.num_players()) {
            for b in Seat::all(game.num_players()) {
                if game.team(a) == game.team(b) && returns[a] != returns[b] {
                    return Err(fail(
                        ply,
                        format!("partners {a} and {b} got {} and {}", returns[a], returns[b]),
                    ));
                }
            }
        }
        match record.replay(game) {
            Ok(replayed) if replayed == state => {}
            Ok(_) => return Err(fail(ply, "the record replays to a different state".into())),
            Err(e) => return Err(fail(ply, format!("the record does not replay: {e}"))),
        }
        report.games += 1;
    }
    Ok(report)
}

/// Tries actions seen elsewhere (and the configured extras) on a copy of `state`.
fn check_foreign<G: Game>(
    game: &G,
    cfg: &ConformanceConfig<G::Action>,
    state: &G::State,
    pool: &[G::Action],
    rng: &mut GameRng,
    report: &mut ConformanceReport,
    legal: &mut Vec<G::Action>,
) -> Result<(), String>
where
    G::State: PartialEq,
{
    let player_node = matches!(game.turn(state), Turn::Player(_));
    if player_node && cfg.exhaustive_actions {
        game.legal_actions(state, legal);
    } else {
        legal.clear();
    }
    let picks = cfg.foreign_checks_per_node.min(pool.len());
    let sampled = (0..picks).map(|_| &pool[rng.index(pool.len())]);
    for a in sampled.chain(cfg.extra_actions.iter()) {
        let accepted = game.is_legal(state, a);
        if player_node && cfg.exhaustive_actions && accepted != legal.contains(a) {
            return Err(format!(
                "is_legal says {accepted} for {a:?} but the generated list {} it",
                if accepted { "lacks" } else { "has" }
            ));
        }
        let mut copy = state.clone();
        let applied = game.apply(&mut copy, a);
        match (accepted, applied) {
            (false, Ok(())) => return Err(format!("is_legal refuses {a:?} but apply accepts it")),
            (false, Err(_)) => {
                report.refusals_checked += 1;
                if copy != *state {
                    return Err(format!("apply refused {a:?} but changed the state"));
                }
            }
            (true, Err(e)) => {
                return Err(format!("is_legal accepts {a:?} but apply refuses it: {e}"));
            }
            (true, Ok(())) => {}
        }
    }
    Ok(())
}

/// Checks that `game_b` never panics on, nor corrupts, a state that `game_a` made: another
/// configuration of the same game type (other rules, seat count, set size, board, physics,
/// match settings). This is what a user meets who loads a saved state and pairs it with the
/// wrong game value.
///
/// Plays `cfg.games` seeded random games of `game_a`. At every `cfg.determinize_every`-th
/// node it calls every [`Game`] method of `game_b` on the state (`num_players`, `turn`,
/// `legal_actions`, `is_legal`, `chance_outcomes`, `sample_action`, `sample_chance`,
/// `returns`), then `probe(state, rng)` (where the caller calls the extension traits:
/// [`probe_imperfect`], [`probe_observe`], [`probe_indexed`], [`probe_parametric`],
/// [`probe_rounds`], and the crate's own public state methods), and applies with `game_b`,
/// each to a copy of the state, the actions `game_a` lists there (player actions or chance
/// outcomes), those `game_b` lists or samples there, and `cfg.extra_actions` (up to
/// `cfg.generated_checks_per_node` of each list, all of a shorter list). Each `apply` must
/// either refuse, with the copy unchanged, or give a state that `valid` accepts (the crate's
/// own state check, a serde round trip) and on which `game_b`'s methods and `probe` again
/// run without panicking, and from which `game_b` plays a few random actions on, each
/// refused with the state unchanged or giving a state `valid` accepts. A panic anywhere is
/// caught and reported as a [`Violation`].
///
/// What `game_b` itself offers on a foreign state (its legal actions, chance outcomes and
/// sampled action; not a sampled chance result, which [`Game::sample_chance`] may return
/// where it means nothing) it must then accept: a game that refuses a
/// state of other rules lists and samples nothing there, so that a driver stops instead of
/// offering what is refused. Nothing else is required of what `game_b` answers about a
/// foreign state (its turn, its returns): only that it answers.
///
/// # Examples
///
/// Two race games with other seat counts and tracks:
///
/// ```
/// use boardgame_core::conformance::{check_foreign_states, ConformanceConfig};
/// use boardgame_core::race::{Race, RaceRules};
/// let two = Race::new(RaceRules::default())?;
/// let four = Race::new(RaceRules::default().with_players(4).with_track(30))?;
/// let cfg = ConformanceConfig { games: 5, ..ConformanceConfig::default() };
/// for (a, b) in [(&two, &four), (&four, &two)] {
///     let report = check_foreign_states(a, b, &cfg, |s| b.check_state(s).map_err(|e| e.to_string()), |_, _| Ok(()))?;
///     assert!(report.foreign_nodes > 0);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// The first [`Violation`] found: a panic, a refusal that changed the state, an action
/// `game_b` listed or sampled and then refused, or an accepted action whose result `valid`
/// refuses.
pub fn check_foreign_states<G: Game>(
    game_a: &G,
    game_b: &G,
    cfg: &ConformanceConfig<G::Action>,
    mut valid: impl FnMut(&G::State) -> Result<(), String>,
    mut probe: impl FnMut(&G::State, &mut GameRng) -> Result<(), String>,
) -> Result<ConformanceReport, Violation>
where
    G::State: PartialEq,
{
    let every = cfg.determinize_every.max(1);
    let mut a_list: Vec<G::Action> = Vec::new();
    let mut b_list: Vec<G::Action> = Vec::new();
    let mut outcomes: Vec<(G::Action, f64)> = Vec::new();
    let mut foreign = ConformanceReport::default();
    let report = run(game_a, cfg, |state, rng, _, node| {
        if node.counter % every != 0 {
            return Ok(());
        }
        foreign.foreign_nodes += 1;
        guarded("on the foreign state", || {
            call_every_method(game_b, state, rng, &mut b_list, &mut outcomes);
            probe(state, rng)
        })?;
        // What `game_a` lists here: its player actions or chance outcomes.
        a_list.clear();
        match game_a.turn(state) {
            Turn::Player(_) => game_a.legal_actions(state, &mut a_list),
            Turn::Chance => {
                game_a.chance_outcomes(state, &mut outcomes);
                a_list.extend(outcomes.drain(..).map(|(a, _)| a));
                if a_list.is_empty() {
                    a_list.extend(game_a.sample_chance(state, rng));
                }
            }
            Turn::Terminal => {}
        }
        // What `game_b` lists or samples here: the actions it offers as legal (which it must
        // then accept), and a sampled chance result (which the trait lets a game return
        // where it means nothing, to be refused).
        let mut b_actions: Vec<G::Action> = Vec::new();
        let mut b_sampled_chance: Vec<G::Action> = Vec::new();
        guarded("listing game_b's actions", || {
            game_b.legal_actions(state, &mut b_list);
            b_actions.append(&mut b_list);
            game_b.chance_outcomes(state, &mut outcomes);
            b_actions.extend(outcomes.drain(..).map(|(a, _)| a));
            b_actions.extend(game_b.sample_action(state, rng, &mut b_list));
            b_sampled_chance.extend(game_b.sample_chance(state, rng));
            Ok(())
        })?;
        let cap = cfg.generated_checks_per_node;
        for (offered, list) in [
            (false, &a_list[..]),
            (true, &b_actions[..]),
            (false, &b_sampled_chance[..]),
            (false, &cfg.extra_actions[..]),
        ] {
            let n = list.len();
            let checks = cap.min(n);
            for k in 0..checks {
                let i = if checks == n { k } else { rng.index(n) };
                let a = &list[i];
                let mut copy = state.clone();
                let applied = guarded(&format!("applying {a:?}"), || {
                    Ok(game_b.apply(&mut copy, a).is_ok())
                })?;
                if !applied {
                    foreign.refusals_checked += 1;
                    if copy != *state {
                        return Err(format!(
                            "game_b refused {a:?} on a foreign state but changed it"
                        ));
                    }
                    if offered {
                        return Err(format!(
                            "game_b listed or sampled {a:?} on a foreign state, then refused it"
                        ));
                    }
                    continue;
                }
                foreign.foreign_accepted += 1;
                guarded(&format!("checking the state after {a:?}"), || {
                    valid(&copy).map_err(|e| {
                        format!(
                            "game_b applied {a:?} to a foreign state and made an invalid state: {e}"
                        )
                    })?;
                    call_every_method(game_b, &copy, rng, &mut b_list, &mut outcomes);
                    probe(&copy, rng)?;
                    // Play on a little with `game_b`: each step refused or valid again.
                    for _ in 0..FOREIGN_PLIES {
                        let next = match game_b.turn(&copy) {
                            Turn::Terminal => break,
                            Turn::Chance => game_b.sample_chance(&copy, rng),
                            Turn::Player(_) => game_b.sample_action(&copy, rng, &mut b_list),
                        };
                        let Some(next) = next else { break };
                        let before = copy.clone();
                        if game_b.apply(&mut copy, &next).is_err() {
                            if copy != before {
                                return Err(format!(
                                    "game_b refused {next:?} after a foreign state but changed the state"
                                ));
                            }
                            break;
                        }
                        valid(&copy).map_err(|e| {
                            format!("game_b played {next:?} on from a foreign state and made an invalid state: {e}")
                        })?;
                    }
                    Ok(())
                })?;
            }
        }
        Ok(())
    })?;
    Ok(ConformanceReport {
        foreign_nodes: foreign.foreign_nodes,
        foreign_accepted: foreign.foreign_accepted,
        refusals_checked: report.refusals_checked + foreign.refusals_checked,
        ..report
    })
}

/// Actions `game_b` plays on from a state it accepted an action on ([`check_foreign_states`]).
const FOREIGN_PLIES: usize = 4;

/// Runs `f`, turning a panic into an error that says where it happened.
fn guarded<T>(where_: &str, f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            let msg = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_owned());
            Err(format!("panicked {where_}: {msg}"))
        }
    }
}

/// Calls every [`Game`] method that reads a state, throwing the answers away.
fn call_every_method<G: Game>(
    game: &G,
    state: &G::State,
    rng: &mut GameRng,
    buf: &mut Vec<G::Action>,
    outcomes: &mut Vec<(G::Action, f64)>,
) {
    let _ = game.num_players();
    for seat in Seat::all(game.num_players()) {
        let _ = game.team(seat);
    }
    let _ = game.turn(state);
    let _ = game.returns(state);
    game.legal_actions(state, buf);
    game.chance_outcomes(state, outcomes);
    for (a, _) in outcomes.iter() {
        let _ = game.is_legal(state, a);
    }
    for a in buf.iter() {
        let _ = game.is_legal(state, a);
    }
    let _ = game.sample_action(state, rng, buf);
    let _ = game.sample_chance(state, rng);
}

/// Checks that `game` refuses `state` (one of other rules, which the game's own
/// `check_state` refuses) as the [`Game`] contract asks: it lists nothing
/// (`legal_actions`, `chance_outcomes`, `sample_action`), and each of `actions` (what the
/// state's own game would play there) is not legal and is refused by `apply` with the state
/// unchanged.
///
/// # Errors
///
/// What the game offered or accepted, or a refusal that changed the state.
///
/// # Examples
///
/// ```
/// use boardgame_core::conformance::probe_refused;
/// use boardgame_core::race::{Race, RaceRules};
/// use boardgame_core::{Game, GameRng};
/// let two = Race::new(RaceRules::default())?;
/// let four = Race::new(RaceRules::default().with_players(4))?;
/// let state = four.new_initial_state();
/// let mut rng = GameRng::new(1, 0);
/// let deal = four.sample_chance(&state, &mut rng).expect("a deal");
/// assert_eq!(probe_refused(&two, &state, &[deal], &mut rng), Ok(()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn probe_refused<G: Game>(
    game: &G,
    state: &G::State,
    actions: &[G::Action],
    rng: &mut GameRng,
) -> Result<(), String>
where
    G::State: PartialEq,
{
    let mut buf = Vec::new();
    game.legal_actions(state, &mut buf);
    if let Some(a) = buf.first() {
        return Err(format!("legal_actions listed {a:?}"));
    }
    let mut outcomes = Vec::new();
    game.chance_outcomes(state, &mut outcomes);
    if let Some((a, _)) = outcomes.first() {
        return Err(format!("chance_outcomes listed {a:?}"));
    }
    if let Some(a) = game.sample_action(state, rng, &mut buf) {
        return Err(format!("sample_action gave {a:?}"));
    }
    for a in actions {
        if game.is_legal(state, a) {
            return Err(format!("is_legal said {a:?} is legal"));
        }
        let mut copy = state.clone();
        if game.apply(&mut copy, a).is_ok() {
            return Err(format!("apply accepted {a:?}"));
        }
        if copy != *state {
            return Err(format!("apply refused {a:?} but changed the state"));
        }
    }
    Ok(())
}

/// For [`check_foreign_states`]: calls every [`ImperfectInfo`] method on a (possibly
/// foreign) state, for every seat and a spectator, and plays a few actions on from each
/// determinization. Only a panic (caught by the caller) is a failure.
///
/// # Errors
///
/// None of its own; the signature fits the `probe` argument.
pub fn probe_imperfect<G: ImperfectInfo>(
    game: &G,
    state: &G::State,
    rng: &mut GameRng,
) -> Result<(), String> {
    let _ = game.view(state, None);
    let mut buf = Vec::new();
    for seat in Seat::all(game.num_players()) {
        let _ = game.view(state, Some(seat));
        let mut d = game.determinize(state, seat, rng);
        for _ in 0..4 {
            let a = match game.turn(&d) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&d, rng),
                Turn::Player(_) => game.sample_action(&d, rng, &mut buf),
            };
            match a {
                Some(a) if game.apply(&mut d, &a).is_ok() => {}
                _ => break,
            }
        }
    }
    Ok(())
}

/// For [`check_foreign_states`]: encodes the observation of every seat of a (possibly
/// foreign) state, into a right-sized and a wrong-sized buffer.
///
/// # Errors
///
/// When `observe` refuses a buffer of the shape's size.
pub fn probe_observe<G: Observe>(game: &G, state: &G::State) -> Result<(), String> {
    let size = game.observation_shape().size();
    let mut out = vec![0.0f32; size];
    let mut wrong = vec![0.0f32; size + 1];
    for seat in Seat::all(game.num_players()) {
        game.observe(state, seat, &mut out)
            .map_err(|e| format!("observe refused a right-sized buffer: {e}"))?;
        let _ = game.observe(state, seat, &mut wrong);
    }
    Ok(())
}

/// For [`check_foreign_states`]: calls every [`IndexedActions`] method on a (possibly
/// foreign) state: the mask, every index and chance index (up to 4096 of each) both ways,
/// and checks that the mask agrees with `legal_actions`.
///
/// # Errors
///
/// When `legal_mask` refuses a buffer of the right size, leaves a listed action's index
/// unmarked, or marks an index where nothing is listed (a state of other rules).
pub fn probe_indexed<G: IndexedActions>(game: &G, state: &G::State) -> Result<(), String> {
    let n = game.num_distinct_actions();
    let mut mask = vec![false; n];
    game.legal_mask(state, &mut mask)
        .map_err(|e| format!("legal_mask refused a right-sized buffer: {e}"))?;
    let step = (n / 4096).max(1);
    for i in (0..=n).step_by(step) {
        if let Some(a) = game.index_action(state, i) {
            let _ = game.action_index(state, &a);
            let _ = game.chance_index(state, &a);
        }
    }
    let m = game.num_chance_outcomes();
    for i in (0..=m).step_by((m / 4096).max(1)) {
        if let Some(a) = game.index_chance(state, i) {
            let _ = game.chance_index(state, &a);
            let _ = game.action_index(state, &a);
        }
    }
    let mut legal = Vec::new();
    game.legal_actions(state, &mut legal);
    for a in &legal {
        if let Some(i) = game.action_index(state, a)
            && !mask.get(i).copied().unwrap_or(false)
        {
            return Err(format!("legal_mask leaves {a:?} (index {i}) unmarked"));
        }
    }
    // Nothing listed (a state of other rules, or no player to act): nothing marked.
    if legal.is_empty()
        && let Some(i) = mask.iter().position(|&m| m)
    {
        return Err(format!(
            "legal_mask marks index {i} where legal_actions lists nothing"
        ));
    }
    Ok(())
}

/// For [`check_foreign_states`]: calls every [`ParametricActions`] method on a (possibly
/// foreign) state: the parameters of every listed action, and actions from a few parameter
/// vectors within the bounds and at their corners.
///
/// # Errors
///
/// None of its own; the signature fits the `probe` argument.
pub fn probe_parametric<G: ParametricActions>(
    game: &G,
    state: &G::State,
    rng: &mut GameRng,
) -> Result<(), String> {
    let bounds = game.parameter_bounds().to_vec();
    let mut params = vec![0.0f64; bounds.len()];
    let mut legal = Vec::new();
    game.legal_actions(state, &mut legal);
    for a in &legal {
        let _ = game.action_parameters(state, a, &mut params);
    }
    for k in 0..4 {
        let p: Vec<f64> = bounds
            .iter()
            .map(|(lo, hi)| match k {
                0 => *lo,
                1 => *hi,
                _ => lo + (hi - lo) * rng.unit_f64(),
            })
            .collect();
        let _ = game.parameters_action(state, &p);
    }
    Ok(())
}

/// For [`check_foreign_states`]: calls every [`Rounds`] and [`RoundState`] method on a
/// (possibly foreign) state: its seats, whether its round is over, the round's points, and a
/// next round made with it as the previous one, which must have the game's seats and play
/// on (a few seeded random actions, each applied or refused).
///
/// # Errors
///
/// When the next round names another number of seats than the game has, or a seat out of
/// range to act.
pub fn probe_rounds<G: Rounds>(game: &G, state: &G::State) -> Result<(), String> {
    let _ = state.seats();
    let _ = state.is_round_over();
    let _ = game.round_points(state);
    let _ = game.max_target();
    let totals = crate::BySeat::new(game.num_players(), 0i64);
    if let Ok(config) = crate::MatchConfig::new(game.max_target().or(Some(1)), Some(3)) {
        let ctx = crate::RoundContext {
            round: 1,
            totals: &totals,
            previous: Some(state),
            config: &config,
        };
        let mut next = game.new_round(&ctx);
        let _ = game.match_over(&config, &totals, 1);
        if next.seats() != game.num_players() {
            return Err(format!(
                "a round after a foreign one has {} seats, the game {}",
                next.seats(),
                game.num_players()
            ));
        }
        let mut rng = GameRng::new(u64::from(ctx.round), 2);
        let mut buf = Vec::new();
        for _ in 0..8 {
            let a = match game.turn(&next) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&next, &mut rng),
                Turn::Player(seat) if seat.index() >= game.num_players() => {
                    return Err(format!(
                        "a round after a foreign one names {seat} to act, of {} seats",
                        game.num_players()
                    ));
                }
                Turn::Player(_) => game.sample_action(&next, &mut rng, &mut buf),
            };
            match a {
                Some(a) if game.apply(&mut next, &a).is_ok() => {}
                _ => break,
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BySeat, Returns, RoundContext};

    /// One move ends the round; its state's `RoundState` says what `lie` makes it say.
    struct OneMove {
        lie: Lie,
    }

    #[derive(Clone, Copy, PartialEq)]
    enum Lie {
        None,
        Seats,
        NeverOver,
        PointsEarly,
    }

    #[derive(Clone, Debug, PartialEq)]
    struct Played {
        over: bool,
        lie: bool,
        seats: usize,
    }

    impl RoundState for Played {
        fn seats(&self) -> usize {
            self.seats
        }
        fn is_round_over(&self) -> bool {
            self.over && !self.lie
        }
    }

    impl Game for OneMove {
        type State = Played;
        type Action = ();
        type Error = fmt::Error;
        fn num_players(&self) -> usize {
            2
        }
        fn new_initial_state(&self) -> Played {
            Played {
                over: false,
                lie: self.lie == Lie::NeverOver,
                seats: if self.lie == Lie::Seats { 3 } else { 2 },
            }
        }
        fn turn(&self, s: &Played) -> Turn {
            if s.over {
                Turn::Terminal
            } else {
                Turn::Player(Seat::new(0))
            }
        }
        fn legal_actions(&self, s: &Played, out: &mut Vec<()>) {
            out.clear();
            if !s.over {
                out.push(());
            }
        }
        fn chance_outcomes(&self, _: &Played, out: &mut Vec<((), f64)>) -> bool {
            out.clear();
            true
        }
        fn apply(&self, s: &mut Played, _: &()) -> Result<(), fmt::Error> {
            if s.over {
                return Err(fmt::Error);
            }
            s.over = true;
            Ok(())
        }
        fn returns(&self, s: &Played) -> Option<Returns> {
            s.over
                .then(|| BySeat::from_fn(2, |seat| [1.0, -1.0][seat.index()]))
        }
    }

    impl Rounds for OneMove {
        fn round_points(&self, s: &Played) -> Option<BySeat<i64>> {
            (s.over || self.lie == Lie::PointsEarly).then(|| BySeat::from_fn(2, |_| 1))
        }
        fn new_round(&self, _: &RoundContext<'_, Played>) -> Played {
            self.new_initial_state()
        }
    }

    #[test]
    fn check_rounds_finds_a_round_state_or_points_that_disagree_with_the_game() {
        let cfg = ConformanceConfig {
            games: 2,
            ..ConformanceConfig::default()
        };
        assert!(check_rounds(&OneMove { lie: Lie::None }, &cfg).is_ok());
        for (lie, what) in [
            (Lie::Seats, "3 seats"),
            (Lie::NeverOver, "round is over: false"),
            (Lie::PointsEarly, "round points before the round's end"),
        ] {
            let v = check_rounds(&OneMove { lie }, &cfg).expect_err("a lie is found");
            assert!(v.what.contains(what), "{}", v.what);
        }
    }

    /// A chance node (two outcomes), a player node, the end; each `Flaw` breaks one part of
    /// the contract that the kit checks since an audit found it missed them.
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Flaw {
        None,
        RefusesAListedOutcome,
        KeepsItsBuffer,
        ListsOutcomesAtAPlayerNode,
        SamplesAnActionAtChance,
    }

    struct Steps(Flaw);

    impl Game for Steps {
        type State = u8;
        type Action = u8;
        type Error = fmt::Error;
        fn num_players(&self) -> usize {
            1
        }
        fn new_initial_state(&self) -> u8 {
            0
        }
        fn turn(&self, s: &u8) -> Turn {
            match s {
                0 => Turn::Chance,
                1 | 2 => Turn::Player(Seat::new(0)),
                _ => Turn::Terminal,
            }
        }
        fn legal_actions(&self, s: &u8, out: &mut Vec<u8>) {
            if self.0 != Flaw::KeepsItsBuffer {
                out.clear();
            }
            if matches!(s, 1 | 2) {
                out.push(9);
            }
        }
        fn chance_outcomes(&self, s: &u8, out: &mut Vec<(u8, f64)>) -> bool {
            out.clear();
            if *s == 0 || (self.0 == Flaw::ListsOutcomesAtAPlayerNode && *s != 3) {
                out.extend([(1, 0.5), (2, 0.5)]);
            }
            true
        }
        fn sample_chance(&self, s: &u8, rng: &mut GameRng) -> Option<u8> {
            // Always the first outcome, so that the refused second one is only found by
            // applying every listed outcome.
            let _ = rng;
            (*s == 0).then_some(1)
        }
        fn sample_action(&self, s: &u8, _: &mut GameRng, _: &mut Vec<u8>) -> Option<u8> {
            match s {
                1 | 2 => Some(9),
                0 if self.0 == Flaw::SamplesAnActionAtChance => Some(9),
                _ => None,
            }
        }
        fn is_legal(&self, s: &u8, a: &u8) -> bool {
            match s {
                0 => matches!(a, 1 | 2),
                1 | 2 => *a == 9,
                _ => false,
            }
        }
        fn apply(&self, s: &mut u8, a: &u8) -> Result<(), fmt::Error> {
            match (*s, *a) {
                (0, 2) if self.0 == Flaw::RefusesAListedOutcome => Err(fmt::Error),
                (0, 1 | 2) => {
                    *s = *a;
                    Ok(())
                }
                (1 | 2, 9) => {
                    *s = 3;
                    Ok(())
                }
                _ => Err(fmt::Error),
            }
        }
        fn returns(&self, s: &u8) -> Option<Returns> {
            (*s == 3).then(|| BySeat::new(1, 0.0))
        }
    }

    #[test]
    fn check_game_finds_the_contract_breaches_an_audit_found_it_missed() {
        let cfg = ConformanceConfig {
            games: 3,
            ..ConformanceConfig::default()
        };
        assert_eq!(check_game(&Steps(Flaw::None), &cfg).map(|r| r.games), Ok(3));
        for (flaw, what) in [
            (
                Flaw::RefusesAListedOutcome,
                "listed outcome 2 but apply refuses it",
            ),
            (
                Flaw::KeepsItsBuffer,
                "legal_actions kept what its buffer held",
            ),
            (
                Flaw::ListsOutcomesAtAPlayerNode,
                "chance_outcomes lists outcomes at a player",
            ),
            (
                Flaw::SamplesAnActionAtChance,
                "sample_action gave 9 at a chance node",
            ),
        ] {
            let v = check_game(&Steps(flaw), &cfg).expect_err("the flaw is found");
            assert!(v.what.contains(what), "{flaw:?}: {}", v.what);
        }
    }

    /// A toy with the flaw the kit looks for: its state holds one slot per seat, and `apply`
    /// indexes it by the action without checking the state's length (unless `careful`);
    /// `legal_actions` lists its actions on a state of another length too (unless `quiet`).
    struct Seats {
        n: usize,
        careful: bool,
        quiet: bool,
    }

    impl Game for Seats {
        type State = Vec<u8>;
        type Action = usize;
        type Error = fmt::Error;
        fn num_players(&self) -> usize {
            self.n
        }
        fn new_initial_state(&self) -> Vec<u8> {
            vec![0; self.n]
        }
        fn turn(&self, s: &Vec<u8>) -> Turn {
            if s.iter().any(|&x| x >= 2) {
                Turn::Terminal
            } else {
                Turn::Player(Seat::new(0))
            }
        }
        fn legal_actions(&self, s: &Vec<u8>, out: &mut Vec<usize>) {
            out.clear();
            if self.turn(s) != Turn::Terminal && !(self.quiet && s.len() != self.n) {
                out.extend(0..self.n);
            }
        }
        fn chance_outcomes(&self, _: &Vec<u8>, out: &mut Vec<(usize, f64)>) -> bool {
            out.clear();
            true
        }
        fn apply(&self, s: &mut Vec<u8>, a: &usize) -> Result<(), fmt::Error> {
            if (self.careful && s.len() != self.n) || *a >= self.n || self.turn(s) == Turn::Terminal
            {
                return Err(fmt::Error);
            }
            s[self.n - 1 - *a] += 1; // panics on a state with fewer slots than seats
            Ok(())
        }
        fn returns(&self, s: &Vec<u8>) -> Option<Returns> {
            (self.turn(s) == Turn::Terminal).then(|| BySeat::new(self.n, 0.0))
        }
    }

    #[test]
    fn check_foreign_states_finds_a_game_that_panics_on_a_state_with_fewer_seats() {
        let cfg = ConformanceConfig {
            games: 3,
            ..ConformanceConfig::default()
        };
        let valid = |s: &Vec<u8>| {
            if s.len() == 3 {
                Ok(())
            } else {
                Err(format!("{} slots", s.len()))
            }
        };
        let seats = |n, careful| Seats {
            n,
            careful,
            quiet: careful,
        };
        let (two, three, four) = (seats(2, false), seats(3, false), seats(4, false));
        let v = check_foreign_states(&two, &three, &cfg, valid, |_, _| Ok(()))
            .expect_err("the panic is found");
        assert!(v.what.contains("panicked applying"), "{}", v.what);
        // More slots than seats: `apply` accepts and makes a state the check refuses.
        let v = check_foreign_states(&four, &three, &cfg, valid, |_, _| Ok(()))
            .expect_err("the invalid state is found");
        assert!(
            v.what.contains("made an invalid state: 4 slots"),
            "{}",
            v.what
        );
        // A game that refuses foreign states but lists its actions there is found.
        let listing = Seats {
            quiet: false,
            ..seats(3, true)
        };
        let v = check_foreign_states(&two, &listing, &cfg, valid, |_, _| Ok(()))
            .expect_err("the listed refusal is found");
        assert!(
            v.what
                .contains("listed or sampled 0 on a foreign state, then refused it"),
            "{}",
            v.what
        );
        // A game that refuses foreign states and lists nothing there passes, and the report
        // counts the nodes.
        let careful = seats(3, true);
        for other in [&two, &four] {
            let r = check_foreign_states(other, &careful, &cfg, valid, |_, _| Ok(()))
                .expect("refusals pass");
            assert_eq!(r.games, 3);
            assert_eq!(r.foreign_nodes, r.plies + 3);
            assert!(r.refusals_checked > 0 && r.foreign_accepted == 0);
        }
        // A panic in the probe is reported too.
        let v = check_foreign_states(&careful, &careful, &cfg, valid, |s, _| {
            assert!(s.len() > 5, "probe saw a short state");
            Ok(())
        })
        .expect_err("the probe's panic is found");
        assert!(v.what.contains("probe saw a short state"), "{}", v.what);
    }

    /// A race whose mask marks every action wherever it is asked, listed or not.
    struct MarksAll(crate::race::Race);

    impl Game for MarksAll {
        type State = crate::race::RaceState;
        type Action = crate::race::RaceAction;
        type Error = crate::race::RaceError;
        fn num_players(&self) -> usize {
            self.0.num_players()
        }
        fn new_initial_state(&self) -> Self::State {
            self.0.new_initial_state()
        }
        fn turn(&self, s: &Self::State) -> Turn {
            self.0.turn(s)
        }
        fn legal_actions(&self, s: &Self::State, out: &mut Vec<Self::Action>) {
            self.0.legal_actions(s, out);
        }
        fn chance_outcomes(&self, s: &Self::State, out: &mut Vec<(Self::Action, f64)>) -> bool {
            self.0.chance_outcomes(s, out)
        }
        fn apply(&self, s: &mut Self::State, a: &Self::Action) -> Result<(), Self::Error> {
            self.0.apply(s, a)
        }
        fn returns(&self, s: &Self::State) -> Option<Returns> {
            self.0.returns(s)
        }
    }

    impl IndexedActions for MarksAll {
        fn num_distinct_actions(&self) -> usize {
            self.0.num_distinct_actions()
        }
        fn action_index(&self, s: &Self::State, a: &Self::Action) -> Option<usize> {
            self.0.action_index(s, a)
        }
        fn index_action(&self, s: &Self::State, i: usize) -> Option<Self::Action> {
            self.0.index_action(s, i)
        }
        fn legal_mask(
            &self,
            _: &Self::State,
            out: &mut [bool],
        ) -> Result<(), crate::BufferSizeError> {
            out.fill(true);
            Ok(())
        }
        fn num_chance_outcomes(&self) -> usize {
            self.0.num_chance_outcomes()
        }
        fn chance_index(&self, s: &Self::State, a: &Self::Action) -> Option<usize> {
            self.0.chance_index(s, a)
        }
        fn index_chance(&self, s: &Self::State, i: usize) -> Option<Self::Action> {
            self.0.index_chance(s, i)
        }
    }

    #[test]
    fn probe_indexed_finds_a_mask_that_marks_what_is_not_listed() {
        use crate::race::{Race, RaceRules};
        let two = Race::new(RaceRules::default()).unwrap();
        let four = Race::new(RaceRules::default().with_players(4)).unwrap();
        // A state of other rules: nothing listed, so nothing may be marked.
        let foreign = four.new_initial_state();
        assert_eq!(probe_indexed(&two, &foreign), Ok(()));
        let e = probe_indexed(&MarksAll(two), &foreign).unwrap_err();
        assert!(e.contains("where legal_actions lists nothing"), "{e}");
    }

    #[cfg(feature = "serde")]
    mod serde_tests {
        use super::*;
        use crate::race::{Race, RaceRules};

        /// JSON and back: the copy equals the original and writes the same JSON.
        fn round_trip<T>(value: &T)
        where
            T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + fmt::Debug,
        {
            let json = serde_json::to_string(value).expect("writes");
            let back: T = serde_json::from_str(&json).expect("reads back");
            assert_eq!(&back, value, "{json}");
            assert_eq!(serde_json::to_string(&back).expect("writes"), json);
        }

        #[test]
        fn a_passing_runs_report_round_trips_through_json() {
            let game = Race::new(RaceRules::default()).expect("the default rules");
            let cfg = ConformanceConfig {
                games: 4,
                ..ConformanceConfig::default()
            };
            let report = check_imperfect(&game, &cfg).expect("the race game conforms");
            assert!(report.plies > 0);
            round_trip(&report);
            round_trip(&ConformanceReport::default());
        }

        #[test]
        fn a_violation_round_trips_through_json() {
            let cfg = ConformanceConfig {
                games: 2,
                ..ConformanceConfig::default()
            };
            let v = check_rounds(&OneMove { lie: Lie::Seats }, &cfg).expect_err("a lie is found");
            round_trip(&v);
            let cfg = ConformanceConfig {
                games: 2,
                ..ConformanceConfig::default()
            };
            let v = check_game(&Steps(Flaw::KeepsItsBuffer), &cfg).expect_err("a flaw is found");
            round_trip(&v);
        }

        #[test]
        fn a_report_with_a_negative_count_does_not_deserialize() {
            let mut v = serde_json::to_value(ConformanceReport::default()).expect("writes");
            v["plies"] = (-1).into();
            let e = serde_json::from_value::<ConformanceReport>(v).expect_err("refused");
            assert!(e.to_string().contains("-1"), "{e}");
        }
    }
}
