//! The core's own test game: a dice race with hidden hands, IS-MCTS against random.

use boardgame_core::race::{Race, RaceRules};
use boardgame_core::{Agent, IsMcts, MctsConfig, RandomAgent, Seat, play_game};

use super::Summary;

pub fn play(seed: u64) -> Result<Summary, Box<dyn std::error::Error>> {
    let game = Race::new(RaceRules::default().with_track(30).with_hand(3))?;
    let mut mcts = IsMcts::new(MctsConfig {
        iterations: 300,
        ..MctsConfig::default()
    });
    let mut random = RandomAgent;
    let played = play_game(
        &game,
        seed,
        &mut [&mut mcts as &mut dyn Agent<Race>, &mut random],
        100_000,
    )?;
    let names = ["IS-MCTS (seat 0)", "random (seat 1)"];
    let winner = played.state.winner().ok_or("the race did not end")?;
    let pos = |s: u8| played.state.position(Seat::new(s)).unwrap_or(0);
    // The record replays without any RNG: prove it on the spot.
    let replayed = played.record.replay(&game)?;
    Ok(Summary {
        result: format!("{} wins", names[winner.index()]),
        score: format!(
            "squares covered {} - {} of {}",
            pos(0),
            pos(1),
            game.rules().track
        ),
        moves: played.record.actions.len(),
        notes: vec![
            super::record_text("race", seed, &game, &played)?,
            format!(
                "record replays to the same final state: {}",
                replayed == played.state
            ),
        ],
    })
}
