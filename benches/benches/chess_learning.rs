//! Chess's learning encodings (issue 19): the observation planes and the legal-action mask,
//! each timed over the positions of seeded random games, beside applying one move to the same
//! states. Asserts the shape (25 x 8 x 8 planes, 4672 actions under the default rules) and
//! that every mask marks as many actions as `legal_actions` lists.
//!
//! Target (issue 19): encoding an observation costs less than applying an action.
//!
//! Thread CPU time (`benches::CpuTime`).
//!
//! `cargo bench -p benches --bench chess_learning`

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::{Game, GameRng, IndexedActions, Observe, Seat, Turn};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_chess::{Action, Chess, Rules, State};

/// States of seeded random games (FIDE rules, so every game ends), each with the move played
/// from it.
fn positions(game: &Chess, games: u64) -> Vec<(State, Action)> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for seed in 0..games {
        let mut rng = GameRng::new(seed, 0);
        let mut state = game.new_initial_state();
        while let Some(action) = game.sample_action(&state, &mut rng, &mut buf) {
            out.push((state.clone(), action));
            game.apply(&mut state, &action)
                .expect("sampled actions are legal");
        }
        assert_eq!(game.turn(&state), Turn::Terminal);
    }
    out
}

fn learning(c: &mut Criterion<CpuTime>) {
    let game = Chess::new(Rules::fide()).expect("the FIDE preset is valid");
    let states = positions(&game, 10);
    let n = states.len() as u64;
    assert!(n > 1_000, "ten random games of a sensible length");
    assert_eq!(game.observation_shape().dims(), &[25, 8, 8]);
    assert_eq!(game.num_distinct_actions(), 8 * 8 * 73);
    let mut obs = vec![0.0f32; game.observation_shape().size()];
    let mut mask = vec![false; game.num_distinct_actions()];
    let mut listed = Vec::new();
    for (s, a) in &states {
        game.legal_mask(s, &mut mask).expect("sized");
        game.legal_actions(s, &mut listed);
        assert_eq!(mask.iter().filter(|&&m| m).count(), listed.len());
        let i = game.action_index(s, a).expect("a legal move has an index");
        assert!(mask[i]);
    }
    let mut group = c.benchmark_group("chess learning");
    group.throughput(Throughput::Elements(n));
    group.bench_function("observe (per state)", |b| {
        b.iter(|| {
            for (s, _) in &states {
                game.observe(s, Seat::new(0), &mut obs).expect("sized");
                black_box(&obs);
            }
        })
    });
    group.bench_function("legal mask (per state)", |b| {
        b.iter(|| {
            for (s, _) in &states {
                game.legal_mask(s, &mut mask).expect("sized");
                black_box(&mask);
            }
        })
    });
    group.bench_function("action index (per state)", |b| {
        b.iter(|| {
            for (s, a) in &states {
                black_box(game.action_index(s, a));
            }
        })
    });
    group.bench_function("apply one move (per state, clone included)", |b| {
        b.iter(|| {
            for (s, a) in &states {
                let mut next = s.clone();
                game.apply(&mut next, a).expect("legal");
                black_box(&next);
            }
        })
    });
    group.bench_function("clone a state (per state, to subtract from apply)", |b| {
        b.iter(|| {
            for (s, _) in &states {
                black_box(s.clone());
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = learning
}
criterion_main!(benches);
