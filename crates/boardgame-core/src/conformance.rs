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

use crate::{Game, GameRng, ImperfectInfo, Record, Seat, Turn};

/// How much to check.
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
    /// Every how many nodes the hidden-information checks run (1 = every node).
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
}

/// A broken contract: which game (by seed), where, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
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
/// has a legal action, each (up to a cap) accepted by `is_legal` and by `apply`; a chance node
/// lists outcomes with positive probabilities summing to 1 (or samples one `is_legal`
/// accepts); actions seen at other nodes and `cfg.extra_actions` that `is_legal` refuses are
/// refused by `apply` with the state unchanged, and (with `exhaustive_actions`) `is_legal`
/// agrees with the list. At the end: partners have equal returns and the record replays to
/// the final state.
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
/// spectator view, has the same turn, and plays on without error; the report counts how often
/// it differed from the true state (a test can require that it sometimes does).
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
        if node % every != 0 {
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

/// The largest number of foreign actions kept for refusal checks.
const POOL: usize = 256;

fn run<G: Game>(
    game: &G,
    cfg: &ConformanceConfig<G::Action>,
    mut extra: impl FnMut(&G::State, &mut GameRng, &mut ConformanceReport, u32) -> Result<(), String>,
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
            extra(&state, &mut check_rng, &mut report, node_counter).map_err(|w| fail(ply, w))?;
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
                Turn::Terminal => break,
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
