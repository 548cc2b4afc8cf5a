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
//! Games: `backgammon`, `chess`, `draughts`, `ludo` (searched with MCTS) and `dominoes`,
//! `race` (hidden hands: IS-MCTS). Defaults: chess and dominoes, 4 games each from seed 0,
//! 100 iterations per decision, at most 200 plies, every core, `selfplay.jsonl`. `--help`
//! prints the usage; a bad argument is refused before any game is played
//! (`examples::cli::selfplay`). The file is JSON lines, one sample per line, written a batch
//! of games at a time (the format is documented in docs/architecture.md, "Learning
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
use examples::cli::{self, SELFPLAY_USAGE, SelfplayArgs};
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

/// Self-play of one perfect-information game with MCTS.
fn perfect<G>(
    name: &str,
    game: &G,
    args: &SelfplayArgs,
    out: &mut impl std::io::Write,
) -> Result<Written, String>
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
fn imperfect<G>(
    name: &str,
    game: &G,
    args: &SelfplayArgs,
    out: &mut impl std::io::Write,
) -> Result<Written, String>
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

/// Plays `args.count` games of `game` from `args.seed` on and writes their samples to `out`,
/// a batch of seeds at a time (so that memory holds one batch, not the whole run), and
/// returns what it wrote. The file is the same for any batch size and thread
/// count: each game depends only on its seed, and the batches go in seed order.
fn run<G>(
    name: &str,
    game: &G,
    args: &SelfplayArgs,
    out: &mut impl std::io::Write,
    search: &Search<'_, G>,
) -> Result<Written, String>
where
    G: Observe + IndexedActions + Sync,
{
    // `cli::selfplay` checked that `seed + count` fits.
    let end = args.seed + args.count;
    let batch = (args.threads as u64).saturating_mul(16);
    let shape = game.observation_shape();
    let (mut written, mut text) = (Written::default(), String::new());
    let mut first = args.seed;
    while first < end {
        let last = end.min(first.saturating_add(batch));
        let games = for_seeds(game, first..last, args.threads, |g, seed| {
            play_one(g, seed, args.max_plies, search)
        });
        text.clear();
        for g in games {
            let g = g?;
            written.samples += g.samples.len();
            write_jsonl(&mut text, name, shape.dims(), &g);
        }
        written.bytes += text.len();
        out.write_all(text.as_bytes())
            .map_err(|e| format!("--out {}: {e}", args.out))?;
        first = last;
    }
    Ok(written)
}

/// What [`run`] wrote: samples and bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Written {
    samples: usize,
    bytes: usize,
}

fn main() {
    let parsed = cli::selfplay(std::env::args().skip(1), available_threads());
    let args = cli::run_or_exit("selfplay", SELFPLAY_USAGE, parsed);
    if let Err(e) = play(&args) {
        eprintln!("selfplay: {e}");
        std::process::exit(1);
    }
}

/// Plays every game the arguments name and writes the file.
fn play(args: &SelfplayArgs) -> Result<(), Box<dyn Error>> {
    let started = std::time::Instant::now();
    // Created before any game is played, so that a path that cannot be written fails at once.
    let file = std::fs::File::create(&args.out).map_err(|e| format!("--out {}: {e}", args.out))?;
    let mut out = std::io::BufWriter::new(file);
    let mut bytes = 0;
    for name in &args.games {
        let written = match name.as_str() {
            "race" => imperfect(name, &Race::new(RaceRules::default())?, args, &mut out)?,
            "dominoes" => imperfect(name, &Dominoes::default(), args, &mut out)?,
            "backgammon" => perfect(name, &Backgammon::default(), args, &mut out)?,
            "chess" => perfect(name, &Chess::default(), args, &mut out)?,
            "draughts" => perfect(name, &Draughts::default(), args, &mut out)?,
            "ludo" => perfect(name, &Ludo::default(), args, &mut out)?,
            // `cli::selfplay` refuses any other name.
            other => return Err(format!("unknown game {other:?}").into()),
        };
        bytes += written.bytes;
        println!("{name}: {} games, {} samples", args.count, written.samples);
    }
    out.flush()
        .map_err(|e| format!("--out {}: {e}", args.out))?;
    println!(
        "wrote {} ({bytes} bytes) in {:.1} s on {} threads",
        args.out,
        started.elapsed().as_secs_f64(),
        args.threads
    );
    Ok(())
}
