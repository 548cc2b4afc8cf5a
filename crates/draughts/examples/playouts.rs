//! A fixed workload for counting instructions: random games from seeds 1 to N through
//! boardgame-core's `random_playout`, as the `draughts_playout` bench plays them.
//!
//! ```text
//! cargo build --release -p lattjo-draughts --example playouts
//! valgrind --tool=callgrind target/release/examples/playouts 5000 --no-hash
//! target/release/examples/playouts 5000 --auto
//! ```
//!
//! Prints the games, their plies, and (unless `--no-hash`, which leaves only the games in
//! the count) a hash of each game's plies, final position and outcome: the same seeds must
//! give the same hash before and after a change. `--auto` adjudicates the WCDF draws.

use lattjo_draughts::boardgame_core::random_playout;
use lattjo_draughts::{Draughts, Game, GameRng, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(5000);
    let flag = |name: &str| args.iter().any(|a| a == name);
    let rules = if flag("--auto") {
        Rules::wcdf().with_auto_adjudicate(true)
    } else {
        Rules::default()
    };
    let hash = !flag("--no-hash");
    let game = Draughts::new(rules).expect("a preset is valid");
    let mut buf = Vec::new();
    // FNV-1a over each game's text.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut plies = 0u64;
    for seed in 1..=games {
        let mut rng = GameRng::new(seed, 0);
        let mut state = game.new_initial_state();
        let n = random_playout(&game, &mut state, &mut rng, &mut buf);
        plies += u64::from(n);
        if hash {
            let text = format!("{n} {} {:?}", state.position(), state.outcome());
            for b in text.bytes() {
                h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    if hash {
        println!("games {games} plies {plies} hash {h:016x}");
    } else {
        println!("games {games} plies {plies}");
    }
}
