//! Large PDN files: write random games, and stream a file through [`PdnReader`].
//!
//! ```text
//! cargo run --release -p lattjo-draughts --example pdn -- generate 80000 > games.pdn
//! cargo run --release -p lattjo-draughts --example pdn -- read games.pdn
//! ```
//!
//! `generate <games> [seed]` writes that many random games (WCDF rules, draws adjudicated,
//! a comment every 16 plies) to standard output. `read <file>` streams the file one game at
//! a time and prints the number of games, of bad games (with the first few errors), the
//! size and the reading speed; its peak memory is one game, whatever the file's size
//! (`/usr/bin/time -v` shows it as the maximum resident set size).

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::time::Instant;

use lattjo_draughts::{
    Color, Draughts, Game, GameResult, GameRng, Outcome, PdnGame, PdnReader, Position, Rules,
};

/// Random game number `seed` as PDN.
fn random_game(game: &Draughts, seed: u64) -> Result<PdnGame, Box<dyn std::error::Error>> {
    let mut state = game.new_initial_state();
    let mut rng = GameRng::new(seed, 0);
    let mut pdn = PdnGame::new(Position::start(), game.rules().king_moves);
    let mut buf = Vec::new();
    while let Some(action) = game.sample_action(&state, &mut rng, &mut buf) {
        game.apply(&mut state, &action)?;
        if let (lattjo_draughts::Action::Move(mv), Some(last)) = (action, state.last_move()) {
            debug_assert_eq!(&mv, last);
            pdn.push_move(mv)?;
            if pdn.moves().len().is_multiple_of(16) {
                pdn.push_comment(&format!(
                    "after {} plies: {}",
                    pdn.moves().len(),
                    state.position()
                ));
            }
        }
    }
    let result = match state.outcome() {
        Some(Outcome::Win { winner, .. }) => GameResult::from_winner(Some(winner)),
        Some(Outcome::Draw(_)) => GameResult::Draw,
        None => GameResult::Unfinished,
    };
    pdn.set_result(result);
    pdn.set_tag("Event", &format!("random game {seed}"))?;
    pdn.set_tag("Black", "random")?;
    pdn.set_tag(
        "White",
        if seed.is_multiple_of(2) {
            "random"
        } else {
            "also random"
        },
    )?;
    Ok(pdn)
}

fn generate(games: u64, seed: u64) -> Result<(), Box<dyn std::error::Error>> {
    let game = Draughts::new(Rules::wcdf().with_auto_adjudicate(true))?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    for i in 0..games {
        writeln!(out, "{}", random_game(&game, seed.wrapping_add(i))?)?;
    }
    out.flush()?;
    Ok(())
}

fn read(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let size = std::fs::metadata(path)?.len();
    let started = Instant::now();
    let (mut games, mut bad, mut plies, mut black_wins) = (0u64, 0u64, 0u64, 0u64);
    for item in PdnReader::new(BufReader::with_capacity(1 << 16, File::open(path)?)) {
        match item {
            Ok(g) => {
                games += 1;
                plies += g.moves().len() as u64;
                black_wins += u64::from(g.result() == GameResult::from_winner(Some(Color::Black)));
            }
            Err(e) => {
                bad += 1;
                if bad <= 5 {
                    eprintln!("{e}");
                }
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{games} games ({bad} bad, {plies} plies, Black won {black_wins}), {:.1} MB in {secs:.2} s: {:.1} MB/s",
        size as f64 / 1e6,
        size as f64 / 1e6 / secs
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["generate", n] => generate(n.parse()?, 1),
        ["generate", n, seed] => generate(n.parse()?, seed.parse()?),
        ["read", path] => read(path),
        _ => Err("usage: pdn generate <games> [seed] | pdn read <file>".into()),
    }
}
