//! Chess, FIDE preset: a UCT player (White) against a random player (Black). Writes the game
//! as PGN and the final position as SVG to the temporary directory.

use boardgame_core::{Agent, Mcts, MctsConfig, RandomAgent, play_game};
use lattjo_chess::pgn::{PgnGame, write_pgn};
use lattjo_chess::svg::{self, Options};
use lattjo_chess::{Action, Chess, Color, Outcome, Role, Rules};

use super::Summary;

fn material(pos: &lattjo_chess::Position, color: Color) -> u32 {
    let b = pos.board();
    [
        (Role::Pawn, 1),
        (Role::Knight, 3),
        (Role::Bishop, 3),
        (Role::Rook, 5),
        (Role::Queen, 9),
    ]
    .iter()
    .map(|&(r, v)| v * (b.by_role(r) & b.by_color(color)).count())
    .sum()
}

pub fn play(seed: u64) -> Result<Summary, Box<dyn std::error::Error>> {
    let game = Chess::new(Rules::fide()).expect("valid rules");
    let config = MctsConfig {
        iterations: 200,
        max_rollout_plies: 200,
        ..MctsConfig::default()
    };
    let mut white = Mcts::new(config);
    let mut black = RandomAgent;
    let played = play_game(
        &game,
        seed,
        &mut [&mut white as &mut dyn Agent<Chess>, &mut black],
        2_000,
    )?;
    let state = &played.state;
    let pos = state.position();
    let result = match state.outcome() {
        Some(Outcome::Win { winner, reason }) => {
            format!(
                "{} wins ({reason:?})",
                if winner == Color::White {
                    "White (UCT, 200 iterations)"
                } else {
                    "Black (random)"
                }
            )
        }
        Some(Outcome::Draw(reason)) => format!("draw ({reason:?})"),
        None => "unfinished (ply cap)".to_owned(),
    };
    let replayed = played.record.replay(&game)?;
    assert_eq!(
        &replayed, state,
        "the record replays to the same final state"
    );
    let moves: Vec<lattjo_chess::Move> = played
        .record
        .actions
        .iter()
        .filter_map(|a| {
            if let Action::Move(m) = a {
                Some(*m)
            } else {
                None
            }
        })
        .collect();
    let round = seed.to_string();
    let pgn = PgnGame::new(
        &[
            ("Event", "Workspace tour"),
            ("White", "UCT 200"),
            ("Black", "Random"),
            ("Round", round.as_str()),
        ],
        game.start().clone(),
        moves.clone(),
        state
            .outcome()
            .map_or(lattjo_chess::GameResult::Unknown, |o| o.result()),
    );
    let dir = std::env::temp_dir();
    let pgn_path = dir.join(format!("chess-tour-{seed}.pgn"));
    super::write_file(&pgn_path, write_pgn(&pgn))?;
    let svg_path = super::picture_path("chess", seed);
    super::write_file(
        &svg_path,
        svg::render(
            pos,
            &Options {
                last_move: moves.last().copied(),
                ..Options::default()
            },
        ),
    )?;
    Ok(Summary {
        result,
        score: format!(
            "material White {} - Black {}",
            material(pos, Color::White),
            material(pos, Color::Black)
        ),
        moves: played.plies as usize,
        notes: vec![
            super::record_text("chess", seed, &game, &played)?,
            format!("final FEN: {pos}"),
            format!("PGN: {}", pgn_path.display()),
            format!("SVG: {}", svg_path.display()),
        ],
    })
}
