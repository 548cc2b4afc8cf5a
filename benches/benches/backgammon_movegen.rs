//! Legal-play generation over many (position, roll) pairs: positions from seeded random
//! checker-play games, each with all 21 rolls, under the standard policy (the one peers
//! implement). Compare: bkgm 0.6 / wildbg about 1.1-1.2 M pairs per CPU-second.

use std::hint::black_box;

use backgammon::{Backgammon, Dice, PlayList, Position, Rules, SingleDiePolicy};
use boardgame_core::{Game, GameRng, Turn};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Positions: every position reached (with a player to move) in seeded random games.
fn positions(n: usize) -> Vec<Position> {
    let game = Backgammon::new(Rules { cube: false, ..Rules::standard() });
    let mut out = Vec::with_capacity(n);
    let mut buf = Vec::new();
    let mut seed = 0;
    while out.len() < n {
        seed += 1;
        let mut rng = GameRng::new(seed, 0);
        let mut s = game.new_initial_state();
        loop {
            let a = match game.turn(&s) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&s, &mut rng),
                Turn::Player(_) => {
                    if out.len() < n {
                        out.push(*s.position());
                    }
                    game.sample_action(&s, &mut rng, &mut buf)
                }
            };
            game.apply(&mut s, &a.expect("an action")).expect("legal");
        }
    }
    out
}

/// Total plays over the 2,000 positions x 21 rolls. Cross-checked pair by pair against
/// bkgm 0.6 (its positions deduplicated): equal on all 42,000 pairs.
const TOTAL_PLAYS: u64 = 883_583;

fn movegen(c: &mut Criterion) {
    let pos = positions(2_000);
    let mut list = PlayList::new();
    let mut group = c.benchmark_group("backgammon");
    group.throughput(Throughput::Elements((pos.len() * 21) as u64));
    group.bench_function("legal plays, 2000 positions x 21 rolls (standard)", |b| {
        b.iter(|| {
            let mut total = 0u64;
            for p in &pos {
                for d in Dice::ALL {
                    total += list.generate(black_box(p), d, SingleDiePolicy::Standard) as u64;
                }
            }
            assert_eq!(total, TOTAL_PLAYS);
            black_box(total)
        })
    });
    group.finish();
}

criterion_group!(benches, movegen);
criterion_main!(benches);
