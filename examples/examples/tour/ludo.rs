//! Ludo, the booklet's rules: two UCT players (red, yellow) against two random players (green,
//! blue), the die a chance node. Writes an SVG of the final position.

use boardgame_core::{Agent, Game, Mcts, MctsConfig, RandomAgent, play_game};
use lattjo_ludo::{Action, Colour, Ludo, Rules, svg};

use super::Summary;

pub fn play(seed: u64) -> Result<Summary, Box<dyn std::error::Error>> {
    let game = Ludo::new(Rules::lattjo())?;
    let config = MctsConfig {
        iterations: 100,
        max_rollout_plies: 2_000,
        ..MctsConfig::default()
    };
    let (mut red, mut yellow) = (Mcts::new(config), Mcts::new(config));
    let (mut green, mut blue) = (RandomAgent, RandomAgent);
    let played = play_game(
        &game,
        seed,
        &mut [
            &mut red as &mut dyn Agent<Ludo>,
            &mut green,
            &mut yellow,
            &mut blue,
        ],
        200_000,
    )?;
    let pos = played.state.position();
    let name = |c: Colour| match c {
        Colour::Red | Colour::Yellow => format!("{} (UCT, 100 iterations)", c.name()),
        _ => format!("{} (random)", c.name()),
    };
    let winner = *pos.places().as_slice().first().ok_or("nobody finished")?;
    let home = |c: Colour| {
        pos.checkers(c)
            .iter()
            .filter(|&&k| k == game.rules().end_index())
            .count()
    };
    let score = Colour::ALL
        .iter()
        .map(|&c| format!("{c} {}/4 home", home(c)))
        .collect::<Vec<_>>()
        .join(", ");
    let captures = played
        .record
        .actions
        .iter()
        .filter(|a| matches!(a, Action::Move(m) if m.capture().is_some()))
        .count();
    let replayed = played.record.replay(&game)?;
    let last = played.record.actions.iter().rev().find_map(|a| match a {
        Action::Move(m) => Some(*m),
        Action::Roll(_) => None,
    });
    let options = last.map_or_else(svg::Options::default, |m| {
        svg::Options::default().with_last_move(m)
    });
    let svg = svg::render(&played.state, &options);
    let path = super::picture_path("ludo", seed);
    super::write_file(&path, svg)?;
    Ok(Summary {
        result: format!("{} wins", name(winner)),
        score,
        moves: played.record.actions.len(),
        notes: vec![
            super::record_text("ludo", seed, &game, &played)?,
            format!("final state: {}", played.state),
            format!(
                "{captures} captures; record replays to the same final state: {}",
                replayed == played.state
            ),
            format!("board drawn to {}", path.display()),
            format!(
                "returns {:?}",
                game.returns(&played.state).map(|r| r.as_slice().to_vec())
            ),
        ],
    })
}
