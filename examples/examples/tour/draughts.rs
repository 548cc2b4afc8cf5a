//! English draughts: UCT MCTS (Black, moves first) against a random player (White), WCDF
//! rules with the draws adjudicated automatically so that the game always ends. Writes the
//! game as PDN and the final position as SVG to the temporary directory.

use boardgame_core::{Agent, Mcts, MctsConfig, RandomAgent, play_game};
use lattjo_draughts::{
    Action, Color, Draughts, GameResult, Outcome, PdnGame, Position, Role, Rules, svg,
};

use super::Summary;

pub fn play(seed: u64) -> Result<Summary, Box<dyn std::error::Error>> {
    let game = Draughts::new(Rules::wcdf().with_auto_adjudicate(true))?;
    let mut mcts = Mcts::new(MctsConfig {
        iterations: 400,
        max_rollout_plies: 300,
        ..MctsConfig::default()
    });
    let mut random = RandomAgent;
    let played = play_game(
        &game,
        seed,
        &mut [&mut mcts as &mut dyn Agent<Draughts>, &mut random],
        10_000,
    )?;
    // The record replays without any RNG.
    let replayed = played.record.replay(&game)?;
    let outcome = played.state.outcome().ok_or("the game did not end")?;
    let result = match outcome {
        Outcome::Win {
            winner: Color::Black,
            reason,
        } => format!("MCTS (Black) wins: {reason:?}"),
        Outcome::Win {
            winner: Color::White,
            reason,
        } => format!("random (White) wins: {reason:?}"),
        Outcome::Draw(reason) => format!("draw: {reason:?}"),
    };
    let pos = played.state.position();
    let material = |c: Color| {
        format!(
            "{} men {} kings",
            pos.count_role(c, Role::Man),
            pos.count_role(c, Role::King)
        )
    };
    let winner = match outcome {
        Outcome::Win { winner, .. } => Some(winner),
        Outcome::Draw(_) => None,
    };
    let mut pdn = PdnGame::new(Position::start(), game.rules().king_moves);
    for action in &played.record.actions {
        if let Action::Move(m) = action {
            pdn.push_move(*m)?;
        }
    }
    pdn.set_result(GameResult::from_winner(winner));
    pdn.set_tag("Event", "workspace tour")?;
    pdn.set_tag("Black", "UCT MCTS, 400 iterations")?;
    pdn.set_tag("White", "random")?;
    let dir = std::env::temp_dir();
    let pdn_path = dir.join(format!("draughts-tour-{seed}.pdn"));
    let svg_path = super::picture_path("draughts", seed);
    super::write_file(&pdn_path, pdn.to_string())?;
    let options = svg::Options::default().with_last_move(played.state.last_move().copied());
    super::write_file(&svg_path, svg::render(pos, &options))?;
    Ok(Summary {
        result,
        score: format!(
            "Black {} / White {}",
            material(Color::Black),
            material(Color::White)
        ),
        moves: played.record.actions.len(),
        notes: vec![
            super::record_text("draughts", seed, &game, &played)?,
            format!("final position (PDN FEN): {pos}"),
            format!(
                "record replays to the same final state: {}",
                replayed == played.state
            ),
            format!("PDN written to {}", pdn_path.display()),
            format!("SVG written to {}", svg_path.display()),
        ],
    })
}
