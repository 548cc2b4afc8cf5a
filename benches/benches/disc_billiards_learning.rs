//! Novuss's learning encodings (issue 19): a seat's observation, the (empty) legal-action
//! mask and a stroke's parameter vector (to and from), each timed over the player nodes of
//! seeded random games, beside applying the action played there (a stroke is a whole
//! simulation to rest). Asserts the shapes (244 floats, no discrete action, 5 stroke
//! parameters for the booklet's singles) and that every listed stroke's parameters map back
//! to it.
//!
//! Target (issue 19): encoding an observation costs less than applying an action.
//!
//! Thread CPU time (`benches::CpuTime`).
//!
//! `cargo bench -p benches --bench disc_billiards_learning`

use std::hint::black_box;

use benches::CpuTime;
use boardgame_core::{Game, GameRng, IndexedActions, Observe, ParametricActions, Turn};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_disc_billiards::{Action, Novuss, Rules, State};

/// Player nodes of seeded random games (at most `limit` per game), each with the action
/// played from it.
fn positions(game: &Novuss, games: u64, limit: usize) -> Vec<(State, Action)> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for seed in 0..games {
        let mut rng = GameRng::new(seed, 0);
        let mut state = game.new_initial_state();
        let mut taken = 0;
        while game.turn(&state) != Turn::Terminal && taken < limit {
            let action = match game.turn(&state) {
                Turn::Chance => game.sample_chance(&state, &mut rng),
                _ => game.sample_action(&state, &mut rng, &mut buf),
            }
            .expect("a node that is not terminal has an action");
            if let Turn::Player(_) = game.turn(&state) {
                out.push((state.clone(), action));
                taken += 1;
            }
            game.apply(&mut state, &action)
                .expect("sampled actions are legal");
        }
    }
    out
}

fn learning(c: &mut Criterion<CpuTime>) {
    let game = Novuss::new(Rules::lattjo()).expect("the booklet's rules are valid");
    let states = positions(&game, 4, 40);
    let n = states.len() as u64;
    let size = game.observation_shape().size();
    assert_eq!(size, 244, "the documented shape of singles");
    assert_eq!(game.num_distinct_actions(), 0);
    assert_eq!(game.parameter_bounds().len(), 5);
    let mut obs = vec![0.0f32; size];
    let mut mask = vec![false; game.num_distinct_actions()];
    let mut params = [0.0f64; 5];
    let mut listed = Vec::new();
    for (s, _) in &states {
        game.legal_mask(s, &mut mask).expect("sized");
        game.legal_actions(s, &mut listed);
        let mut indexed = 0;
        for a in &listed {
            if game.action_parameters(s, a, &mut params).expect("sized") {
                assert_eq!(game.parameters_action(s, &params), Some(*a));
            } else {
                indexed += 1;
            }
        }
        assert_eq!(mask.iter().filter(|&&m| m).count(), indexed);
    }
    let mut group = c.benchmark_group("disc-billiards learning");
    group.throughput(Throughput::Elements(n));
    group.bench_function("observe (per state)", |b| {
        b.iter(|| {
            for (s, _) in &states {
                let seat = match game.turn(s) {
                    Turn::Player(seat) => seat,
                    _ => s.to_move(),
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
    group.bench_function("stroke to parameters and back (per state)", |b| {
        b.iter(|| {
            for (s, a) in &states {
                if game.action_parameters(s, a, &mut params).expect("sized") {
                    black_box(game.parameters_action(s, black_box(&params)));
                }
            }
        })
    });
    group.sample_size(10);
    group.bench_function("apply one action (per state, clone included)", |b| {
        b.iter(|| {
            for (s, a) in &states {
                let mut next = s.clone();
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
