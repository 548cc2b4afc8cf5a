//! Reading PDN: a large generated file (random games under WCDF rules with adjudicated
//! draws, a comment every 16 plies, about 2 MB) streamed through `PdnReader` from memory,
//! every move parsed and checked for legality. Reported in bytes per second; asserts the
//! number of games and that none is bad. Timed twice: wall time, and the thread's CPU time
//! (the machine is shared; see `CpuTime`).

use std::fmt::Write;
use std::hint::black_box;
use std::time::Duration;

use benches::CpuTime;
use criterion::measurement::Measurement;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lattjo_draughts::{
    Action, Draughts, Game, GameResult, GameRng, Outcome, PdnGame, PdnReader, Position, Rules,
};

const GAMES: usize = 2_000;

/// `GAMES` random games as one PDN text.
fn generated() -> String {
    let game = Draughts::new(Rules::wcdf().with_auto_adjudicate(true)).expect("valid rules");
    let mut text = String::new();
    let mut buf = Vec::new();
    for seed in 0..GAMES as u64 {
        let mut state = game.new_initial_state();
        let mut rng = GameRng::new(seed, 0);
        let mut pdn = PdnGame::new(Position::start(), game.rules().king_moves);
        while let Some(action) = game.sample_action(&state, &mut rng, &mut buf) {
            game.apply(&mut state, &action)
                .expect("a sampled action is legal");
            if let Action::Move(mv) = action {
                pdn.push_move(mv).expect("a played move is legal");
                if pdn.moves().len().is_multiple_of(16) {
                    pdn.push_comment(&format!("after {} plies", pdn.moves().len()));
                }
            }
        }
        pdn.set_result(match state.outcome() {
            Some(Outcome::Win { winner, .. }) => GameResult::from_winner(Some(winner)),
            _ => GameResult::Draw,
        });
        pdn.set_tag("Event", &format!("random game {seed}"))
            .expect("a valid tag");
        writeln!(text, "{pdn}").expect("writing to a string");
    }
    text
}

fn read<M: Measurement>(c: &mut Criterion<M>, group: &str, text: &str) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.sample_size(20).measurement_time(Duration::from_secs(20));
    g.bench_function(format!("{GAMES} random games"), |b| {
        b.iter(|| {
            let mut games = 0;
            for item in PdnReader::new(black_box(text.as_bytes())) {
                let game = item.expect("every generated game reads back");
                games += 1;
                black_box(game);
            }
            assert_eq!(games, GAMES, "every game is read");
            games
        })
    });
    g.finish();
}

fn wall(c: &mut Criterion) {
    read(c, "draughts/pdn read", &generated());
}

fn cpu(c: &mut Criterion<CpuTime>) {
    read(c, "draughts/pdn read (cpu time)", &generated());
}

criterion_group!(benches, wall);
criterion_group! {
    name = cpu_benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = cpu
}
criterion_main!(benches, cpu_benches);
