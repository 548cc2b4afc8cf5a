//! Backgammon's learning encodings (issue 19): a seat's observation (TD-Gammon's 198 inputs
//! plus 44 context inputs, and the 28-value compact board), the legal-action mask and the
//! TD-Gammon inputs of one afterstate, each timed over the player nodes of seeded random
//! money games under the standard rules, beside applying one action to the same states.
//! Asserts the shapes (242 and 72 floats, 25,061 actions) and that every mask marks as many
//! actions as `legal_actions` lists.
//!
//! Target (issue 19): encoding an observation costs less than applying an action.
//!
//! Thread CPU time (`benches::CpuTime`).
//!
//! `cargo bench -p benches --bench backgammon_learning`

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::{Game, GameRng, IndexedActions, Observe, Seat, Turn};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_backgammon::{Action, Backgammon, ObservationKind, Rules, State};

/// States of seeded random games at player nodes, each with the action played from it.
fn positions(game: &Backgammon, games: u64) -> Vec<(State, Action)> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for seed in 0..games {
        let mut rng = GameRng::new(seed, 0);
        let mut state = game.new_initial_state();
        while game.turn(&state) != Turn::Terminal {
            let player = matches!(game.turn(&state), Turn::Player(_));
            let action = if player {
                game.sample_action(&state, &mut rng, &mut buf)
            } else {
                game.sample_chance(&state, &mut rng)
            }
            .expect("a node that is not terminal has an action");
            if player {
                out.push((state, action));
            }
            game.apply(&mut state, &action)
                .expect("sampled actions are legal");
        }
    }
    out
}

fn seat_of(game: &Backgammon, s: &State) -> Seat {
    match game.turn(s) {
        Turn::Player(seat) => seat,
        _ => Seat::new(0),
    }
}

fn learning(c: &mut Criterion<CpuTime>) {
    let game = Backgammon::new(Rules::standard()).expect("the standard rules are valid");
    let compact = game.with_observation(ObservationKind::Compact);
    let states = positions(&game, 40);
    let n = states.len() as u64;
    let size = game.observation_shape().size();
    assert_eq!(size, 242, "the documented TD-Gammon shape");
    assert_eq!(
        compact.observation_shape().size(),
        72,
        "the documented compact shape"
    );
    assert_eq!(game.num_distinct_actions(), 25_061);
    let mut obs = vec![0.0f32; size];
    let mut small = vec![0.0f32; 72];
    let mut mask = vec![false; game.num_distinct_actions()];
    let mut listed = Vec::new();
    for (s, _) in &states {
        game.legal_mask(s, &mut mask).expect("sized");
        game.legal_actions(s, &mut listed);
        assert_eq!(mask.iter().filter(|&&m| m).count(), listed.len());
    }
    let mut group = c.benchmark_group("backgammon learning");
    group.throughput(Throughput::Elements(n));
    group.bench_function("observe TD-Gammon (per state)", |b| {
        b.iter(|| {
            for (s, _) in &states {
                game.observe(s, seat_of(&game, s), &mut obs).expect("sized");
                black_box(&obs);
            }
        })
    });
    group.bench_function("observe compact (per state)", |b| {
        b.iter(|| {
            for (s, _) in &states {
                compact
                    .observe(s, seat_of(&game, s), &mut small)
                    .expect("sized");
                black_box(&small);
            }
        })
    });
    group.bench_function("TD-Gammon inputs of a position (per state)", |b| {
        b.iter(|| {
            for (s, _) in &states {
                black_box(s.position().td_gammon_inputs(s.to_move()));
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
    group.bench_function("apply one action (per state, copy included)", |b| {
        b.iter(|| {
            for (s, a) in &states {
                let mut next = *s;
                game.apply(&mut next, a).expect("legal");
                black_box(&next);
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
