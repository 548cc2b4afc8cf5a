//! Novuss (disc billiards): a whole singles game between two shot planners, through
//! disc-physics with execution noise (a recorded chance node, so the seed matters), with an
//! SVG of the opening stroke's trajectories.

use boardgame_core::{Agent, play_game};
use lattjo_disc_billiards::{NoiseModel, Novuss, Planner, Rules, Side, Status, svg};

use super::Summary;

pub fn play(seed: u64) -> Result<Summary, Box<dyn std::error::Error>> {
    // The planners are deterministic; the seed picks who breaks (B2: the caller's coin toss)
    // and drives the execution noise of every stroke.
    let first = boardgame_core::Seat::new((seed % 2) as u8);
    let game = Novuss::new(Rules::lattjo().with_first_player(first).with_noise(Some(
        NoiseModel {
            direction_sd: 0.01,
            speed_sd: 0.03,
        },
    )))?;
    let mut a = Planner::default();
    let mut b = Planner::default();
    let start = game.initial_state(first)?;

    // The opening stroke, traced for the picture.
    let (opening, _) = a.plan(&game, &start).ok_or("no opening stroke")?;
    let trace = game.trace(&start, &opening)?;
    let picture = svg::render(
        &trace,
        &svg::Options {
            title: Some(format!("novuss opening stroke, seed {seed}: {opening}")),
        },
    );
    let path = super::picture_path("disc-billiards", seed);
    super::write_file(&path, picture)?;

    let played = play_game(
        &game,
        seed,
        &mut [&mut a as &mut dyn Agent<Novuss>, &mut b],
        2000,
    )?;
    let s = &played.state;
    let result = match s.status() {
        Status::Won(Side::A) => "planner (seat 0, south) wins".to_string(),
        Status::Won(Side::B) => "planner (seat 1, north) wins".to_string(),
        other => format!("unfinished: {other:?}"),
    };
    let replayed = played.record.replay(&game)?;
    Ok(Summary {
        result,
        score: format!(
            "discs pocketed {} - {} of 8 (debts {} - {})",
            s.pocketed(Side::A),
            s.pocketed(Side::B),
            s.debt(Side::A),
            s.debt(Side::B)
        ),
        moves: played.record.actions.len(),
        notes: vec![
            super::record_text("disc-billiards", seed, &game, &played)?,
            format!(
                "opening stroke {opening}: {} events",
                trace.outcome.events.len()
            ),
            format!("svg of the opening stroke: {}", path.display()),
            format!(
                "record replays to the same final state: {}",
                replayed == played.state
            ),
        ],
    })
}
