//! Legal-play generation over many (position, roll) pairs: positions from seeded random
//! checker-play games, each with all 21 rolls, under the standard policy (the one peers
//! implement). Compare: bkgm 0.6 / wildbg about 1.1-1.2 M pairs per CPU-second.

use std::hint::black_box;

use boardgame_core::GameRng;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_backgammon::{Dice, PlayList, Position, Side, SingleDiePolicy};

/// Positions: every position with a player to move in seeded random checker-play games
/// (uniform dice, a uniformly random legal play), independent of the `Game` driver so that
/// the set, and the pinned total below, stay fixed.
fn positions(n: usize) -> Vec<Position> {
    let mut out = Vec::with_capacity(n);
    let mut list = PlayList::new();
    let mut seed = 0;
    while out.len() < n {
        seed += 1;
        let mut rng = GameRng::new(seed, 0);
        let mut p = Position::start(Side::White);
        while out.len() < n {
            out.push(p);
            let d = Dice::new(rng.below(6) as u8 + 1, rng.below(6) as u8 + 1).expect("1..=6");
            let mover = p.to_move();
            if list.generate(&p, d, SingleDiePolicy::Standard) == 0 {
                p = p.with_to_move(mover.opponent());
            } else {
                p = list.result(rng.index(list.len()));
            }
            if p.has_won(mover) {
                break;
            }
        }
    }
    out
}

/// Total plays over the 2,000 positions x 21 rolls. Cross-checked pair by pair against
/// bkgm 0.6 (its positions deduplicated): equal on all 42,000 pairs.
const TOTAL_PLAYS: u64 = 877_818;

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
