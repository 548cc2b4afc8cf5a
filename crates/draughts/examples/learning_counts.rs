//! A fixed workload for counting the instructions of the learning encodings (issue 19): the
//! player nodes of random games from seeds 0 to 19 (the `draughts_learning` bench's nodes),
//! gathered once, then one of these over every node, `rounds` times:
//!
//! - `gather`: nothing more (the baseline);
//! - `observe`: the observation of the seat to move;
//! - `clone`: a copy of every state;
//! - `apply`: a copy of every state, then the node's action applied to it in place;
//! - `clone-each`, `apply-each`: the same one node at a time (copy, apply, drop), as the
//!   bench and a search do.
//!
//! `observe` minus `gather`, and `apply` minus `clone`, divided by the nodes times the
//! rounds, are the instructions of one observation and of one in-place apply (likewise
//! `apply-each` minus `clone-each`).
//!
//! ```text
//! cargo build --release -p lattjo-draughts --example learning_counts
//! valgrind --tool=callgrind target/release/examples/learning_counts observe 20
//! target/release/examples/learning_counts observe 1 --hash
//! ```
//!
//! Prints the nodes and a checksum; with `--hash` (not for counting), `observe` hashes every
//! observation: the hash must be the same before and after a change to `observe`.

use std::hint::black_box;

use lattjo_draughts::boardgame_core::Observe;
use lattjo_draughts::{Draughts, Game, GameRng, Turn};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map_or("observe", String::as_str);
    let rounds: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let hash = args.iter().any(|a| a == "--hash");
    let game = Draughts::default();
    let mut nodes = Vec::new();
    let mut buf = Vec::new();
    for seed in 0..20 {
        let mut rng = GameRng::new(seed, 0);
        let mut state = game.new_initial_state();
        while let Turn::Player(seat) = game.turn(&state) {
            let Some(action) = game.sample_action(&state, &mut rng, &mut buf) else {
                break;
            };
            nodes.push((state.clone(), action, seat));
            game.apply(&mut state, &action)
                .expect("sampled actions are legal");
        }
    }
    let mut check: u64 = 0xcbf2_9ce4_8422_2325;
    let mut out = vec![0.0f32; game.observation_shape().size()];
    let mut copies = Vec::with_capacity(nodes.len());
    for _ in 0..rounds {
        match mode {
            "gather" => {}
            "observe" => {
                for (state, _, seat) in &nodes {
                    game.observe(black_box(state), *seat, &mut out)
                        .expect("the buffer has the observation's size");
                    if hash {
                        for v in &out {
                            check = (check ^ u64::from(v.to_bits())).wrapping_mul(0x0100_0000_01b3);
                        }
                    }
                }
            }
            "clone" | "apply" => {
                copies.clear();
                copies.extend(nodes.iter().map(|(state, _, _)| state.clone()));
                if mode == "apply" {
                    for (state, (_, action, _)) in copies.iter_mut().zip(&nodes) {
                        game.apply(black_box(state), action)
                            .expect("the recorded actions are legal");
                    }
                }
                check = check.wrapping_add(copies.len() as u64);
            }
            "clone-each" | "apply-each" => {
                for (state, action, _) in &nodes {
                    let mut copy = black_box(state).clone();
                    if mode == "apply-each" {
                        game.apply(&mut copy, action)
                            .expect("the recorded actions are legal");
                    }
                    check = check.wrapping_add(u64::from(black_box(&copy).plies()));
                }
            }
            other => {
                eprintln!(
                    "unknown mode {other}: gather, observe, clone, apply, clone-each, apply-each"
                );
                std::process::exit(2);
            }
        }
    }
    println!("nodes {} rounds {rounds} check {check:016x}", nodes.len());
}
