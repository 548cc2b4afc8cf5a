//! Self-play data for a learner: the loop an AlphaZero-style trainer writes, without the
//! training. Seeded games between MCTS agents run on every core (boardgame-core's parallel
//! driver); at every decision the example writes one sample: what the acting seat observes
//! (`Observe`), which action indices are legal (`IndexedActions`), the search's visit-count
//! policy over them, and, once the game is over, the seat's outcome.
//!
//! ```text
//! cargo run --release --example selfplay -- [--game NAME]... [--games N] [--iterations K]
//!     [--max-plies P] [--threads T] [--seed S] [--out FILE]
//! ```
//!
//! Games: `backgammon`, `chess`, `draughts`, `ludo` (searched with MCTS) and `dominoes`, `race` (hidden
//! hands: IS-MCTS). Defaults: chess and dominoes, 4 games each from seed 0, 100 iterations
//! per decision, at most 200 plies, every core, `selfplay.jsonl`. The file is JSON lines, one
//! sample per line (the format is documented in docs/architecture.md, "Learning
//! encodings"):
//!
//! ```text
//! {"game":"chess","seed":3,"ply":0,"seat":0,"shape":[25,8,8],"observation":[...],
//!  "legal":[…indices…],"policy":[…one probability per legal index…],"outcome":1.0}
//! ```
//!
//! `outcome` is the seat's return when the game ended within `--max-plies`, and 0 for a game
//! cut off there (recorded as `"finished":false`). The same seeds give the same file for any
//! `--threads`.

use std::error::Error;
use std::fmt::Write as _;
use std::io::Write as _;

use boardgame_core::parallel::{available_threads, for_seeds};
use boardgame_core::race::{Race, RaceRules};
use boardgame_core::{
    GameRng, ImperfectInfo, IndexedActions, IsMcts, Mcts, MctsConfig, Observe, SearchResult, Seat,
    Turn, agent_rng, chance_rng,
};
use lattjo_backgammon::Backgammon;
use lattjo_chess::Chess;
use lattjo_dominoes::Dominoes;
use lattjo_draughts::Draughts;
use lattjo_ludo::Ludo;

/// A search over one state: the chosen action and the root's visit counts.
type Search<'a, G> = dyn Fn(
        &G,
        &<G as boardgame_core::Game>::State,
        &mut GameRng,
    ) -> Option<SearchResult<<G as boardgame_core::Game>::Action>>
    + Sync
    + 'a;

/// One decision of one game.
struct Sample {
    ply: u32,
    seat: Seat,
    observation: Vec<f32>,
    legal: Vec<usize>,
    policy: Vec<f64>,
}

/// One game's samples and how it ended.
struct GameSamples {
    seed: u64,
    samples: Vec<Sample>,
    /// Each seat's return, or `None` when the game was cut off.
    returns: Option<Vec<f64>>,
}

/// Plays one game from `seed`, searching every decision with `search` (MCTS for a
/// perfect-information game, IS-MCTS otherwise) and sampling chance from the seed's chance
/// stream, as `play_game` does.
fn play_one<G>(
    game: &G,
    seed: u64,
    max_plies: u32,
    search: &Search<'_, G>,
) -> Result<GameSamples, String>
where
    G: Observe + IndexedActions,
{
    let mut chance = chance_rng(seed);
    let mut agent_rngs: Vec<GameRng> = Seat::all(game.num_players())
        .map(|s| agent_rng(seed, s))
        .collect();
    let mut state = game.new_initial_state();
    let size = game.observation_shape().size();
    let mut mask = vec![false; game.num_distinct_actions()];
    let mut samples = Vec::new();
    for ply in 0..max_plies {
        let action = match game.turn(&state) {
            Turn::Terminal => break,
            Turn::Chance => game
                .sample_chance(&state, &mut chance)
                .ok_or("a chance node without an outcome")?,
            Turn::Player(seat) => {
                let result = search(game, &state, &mut agent_rngs[seat.index()])
                    .ok_or("the search found no action")?;
                let mut observation = vec![0.0; size];
                game.observe(&state, seat, &mut observation)
                    .map_err(|e| e.to_string())?;
                game.legal_mask(&state, &mut mask)
                    .map_err(|e| e.to_string())?;
                let legal: Vec<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
                let mut policy = vec![0.0; legal.len()];
                for (a, p) in result.policy() {
                    let i = game
                        .action_index(&state, &a)
                        .ok_or_else(|| format!("{a:?} has no index"))?;
                    let k = legal
                        .binary_search(&i)
                        .map_err(|_| format!("{a:?} (index {i}) is not in the mask"))?;
                    policy[k] = p;
                }
                samples.push(Sample {
                    ply,
                    seat,
                    observation,
                    legal,
                    policy,
                });
                result.action
            }
        };
        game.apply(&mut state, &action)
            .map_err(|e| format!("ply {ply}: {e}"))?;
    }
    let returns = game.returns(&state).map(|r| r.as_slice().to_vec());
    Ok(GameSamples {
        seed,
        samples,
        returns,
    })
}

/// Appends one game's samples as JSON lines.
fn write_jsonl(out: &mut String, name: &str, shape: &[usize], game: &GameSamples) {
    for s in &game.samples {
        let outcome = game
            .returns
            .as_ref()
            .and_then(|r| r.get(s.seat.index()).copied())
            .unwrap_or(0.0);
        let _ = write!(
            out,
            "{{\"game\":\"{name}\",\"seed\":{},\"ply\":{},\"seat\":{},\"shape\":{shape:?},\"observation\":[",
            game.seed,
            s.ply,
            s.seat.index()
        );
        for (i, x) in s.observation.iter().enumerate() {
            let _ = write!(out, "{}{x}", if i > 0 { "," } else { "" });
        }
        let _ = write!(out, "],\"legal\":{:?},\"policy\":[", s.legal);
        for (i, p) in s.policy.iter().enumerate() {
            let _ = write!(out, "{}{p}", if i > 0 { "," } else { "" });
        }
        let _ = writeln!(
            out,
            "],\"outcome\":{outcome:?},\"finished\":{}}}",
            game.returns.is_some()
        );
    }
}

struct Args {
    games: Vec<String>,
    count: u64,
    iterations: u32,
    max_plies: u32,
    threads: usize,
    seed: u64,
    out: String,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        games: Vec::new(),
        count: 4,
        iterations: 100,
        max_plies: 200,
        threads: available_threads(),
        seed: 0,
        out: "selfplay.jsonl".into(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--game" => args.games.push(value()?),
            "--games" => args.count = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--iterations" => {
                args.iterations = value()?.parse().map_err(|e| format!("--iterations: {e}"))?;
            }
            "--max-plies" => {
                args.max_plies = value()?.parse().map_err(|e| format!("--max-plies: {e}"))?;
            }
            "--threads" => {
                args.threads = value()?.parse().map_err(|e| format!("--threads: {e}"))?
            }
            "--seed" => args.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--out" => args.out = value()?,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if args.games.is_empty() {
        args.games = vec!["chess".into(), "dominoes".into()];
    }
    Ok(args)
}

/// Self-play of one perfect-information game with MCTS.
fn perfect<G>(name: &str, game: &G, args: &Args, out: &mut String) -> Result<usize, String>
where
    G: Observe + IndexedActions + Sync,
{
    let mcts = Mcts::new(MctsConfig {
        iterations: args.iterations,
        ..MctsConfig::default()
    });
    let search = |g: &G, s: &G::State, r: &mut GameRng| mcts.search(g, s, r);
    run(name, game, args, out, &search)
}

/// Self-play of one hidden-information game with IS-MCTS.
fn imperfect<G>(name: &str, game: &G, args: &Args, out: &mut String) -> Result<usize, String>
where
    G: Observe + IndexedActions + ImperfectInfo + Sync,
{
    let mcts = IsMcts::new(MctsConfig {
        iterations: args.iterations,
        ..MctsConfig::default()
    });
    let search = |g: &G, s: &G::State, r: &mut GameRng| mcts.search(g, s, r);
    run(name, game, args, out, &search)
}

fn run<G>(
    name: &str,
    game: &G,
    args: &Args,
    out: &mut String,
    search: &Search<'_, G>,
) -> Result<usize, String>
where
    G: Observe + IndexedActions + Sync,
{
    let seeds = args.seed..args.seed + args.count;
    let games = for_seeds(game, seeds, args.threads, |g, seed| {
        play_one(g, seed, args.max_plies, search)
    });
    let shape = game.observation_shape();
    let mut samples = 0;
    for g in games {
        let g = g?;
        samples += g.samples.len();
        write_jsonl(out, name, shape.dims(), &g);
    }
    Ok(samples)
}

fn main() -> Result<(), Box<dyn Error>> {
    let args = parse_args()?;
    let started = std::time::Instant::now();
    let mut out = String::new();
    for name in &args.games {
        let samples = match name.as_str() {
            "race" => imperfect(name, &Race::new(RaceRules::default())?, &args, &mut out)?,
            "dominoes" => imperfect(name, &Dominoes::default(), &args, &mut out)?,
            "backgammon" => perfect(name, &Backgammon::default(), &args, &mut out)?,
            "chess" => perfect(name, &Chess::default(), &args, &mut out)?,
            "draughts" => perfect(name, &Draughts::default(), &args, &mut out)?,
            "ludo" => perfect(name, &Ludo::default(), &args, &mut out)?,
            other => {
                return Err(format!(
                    "unknown game {other:?} (backgammon, chess, dominoes, draughts, ludo, race)"
                )
                .into());
            }
        };
        println!("{name}: {} games, {samples} samples", args.count);
    }
    let mut file = std::fs::File::create(&args.out)?;
    file.write_all(out.as_bytes())?;
    println!(
        "wrote {} ({} bytes) in {:.1} s on {} threads",
        args.out,
        out.len(),
        started.elapsed().as_secs_f64(),
        args.threads
    );
    Ok(())
}
