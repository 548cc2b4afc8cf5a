//! Dominoes' learning encodings (issue 19): a seat's observation and the legal-action mask,
//! each timed over the states of seeded random rounds, beside applying one action to the same
//! states. Asserts the shape (322 floats and 534 actions for the booklet's 2-player game) and
//! that every mask marks as many actions as `legal_actions` lists.
//!
//! Target (issue 19): encoding an observation costs less than applying an action.
//!
//! Thread CPU time (`benches::CpuTime`).
//!
//! `cargo bench -p benches --bench dominoes_learning`

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::{Game, GameRng, IndexedActions, Observe, Seat, Turn};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_dominoes::{Action, Dominoes, Rules, State};

/// States of seeded random rounds at player nodes, each with the action played from it.
fn positions(game: &Dominoes, rounds: u64) -> Vec<(State, Action)> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for seed in 0..rounds {
        let mut rng = GameRng::new(seed, 0);
        let mut state = game.new_initial_state();
        while game.turn(&state) != Turn::Terminal {
            let action = game
                .sample_action(&state, &mut rng, &mut buf)
                .expect("a node that is not terminal has an action");
            if matches!(game.turn(&state), Turn::Player(_)) {
                out.push((state.clone(), action));
            }
            game.apply(&mut state, &action)
                .expect("sampled actions are legal");
        }
    }
    out
}

fn learning(c: &mut Criterion<CpuTime>) {
    let game = Dominoes::new(Rules::lattjo()).expect("the booklet's rules are valid");
    let states = positions(&game, 50);
    let n = states.len() as u64;
    let size = game.observation_shape().size();
    assert_eq!(
        size, 322,
        "the documented shape of the 2-player booklet game"
    );
    assert_eq!(game.num_distinct_actions(), 534);
    let mut obs = vec![0.0f32; size];
    let mut mask = vec![false; game.num_distinct_actions()];
    let mut listed = Vec::new();
    for (s, _) in &states {
        game.legal_mask(s, &mut mask).expect("sized");
        game.legal_actions(s, &mut listed);
        assert_eq!(mask.iter().filter(|&&m| m).count(), listed.len());
    }
    let mut group = c.benchmark_group("dominoes learning");
    group.throughput(Throughput::Elements(n));
    group.bench_function("observe (per state)", |b| {
        b.iter(|| {
            for (s, _) in &states {
                let seat = match game.turn(s) {
                    Turn::Player(seat) => seat,
                    _ => Seat::new(0),
                };
                game.observe(s, seat, &mut obs).expect("sized");
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
    group.bench_function("apply one action (per state, clone included)", |b| {
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
