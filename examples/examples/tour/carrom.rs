//! Carrom: a whole singles game (to 25 points or 8 boards) between two shot planners, on real
//! physics with execution noise, so every seed plays a different game; the break of the first
//! board is drawn as an SVG with every disc's trajectory.

use std::error::Error;

use boardgame_core::{Agent, Game, Match, Seat, play_game};
use lattjo_carrom::{Action, Carrom, NoiseModel, Planner, Rules, svg};

pub fn play(seed: u64) -> Result<super::Summary, Box<dyn Error>> {
    // Execution noise (a chance node after every stroke, drawn from the seed's chance stream):
    // the planners are deterministic, so the noise is what makes seeds play different games.
    let game = Carrom::new(Rules::lattjo().with_noise(Some(NoiseModel::default())))?.full_game();
    let (mut a, mut b) = (Planner::default(), Planner::default());
    let mut agents: [&mut dyn Agent<Match<Carrom>>; 2] = [&mut a, &mut b];
    let played = play_game(&game, seed, &mut agents, 100_000)?;
    let totals = played.state.totals();
    let (s0, s1) = (totals[Seat::new(0)], totals[Seat::new(1)]);
    let result = match s0.cmp(&s1) {
        std::cmp::Ordering::Greater => "seat 0 wins".to_string(),
        std::cmp::Ordering::Less => "seat 1 wins".to_string(),
        std::cmp::Ordering::Equal => "drawn".to_string(),
    };
    let strokes = played
        .record
        .actions
        .iter()
        .filter(|a| matches!(a, Action::Strike(..)))
        .count();
    let mut notes = vec![format!(
        "{} boards, {strokes} strokes (booklet rules with execution noise, two shot planners)",
        played.state.rounds_played()
    )];

    // Replay the toss, then draw the first break with trajectories.
    let board = game.game();
    let mut state = board.new_initial_state();
    if let Some(toss) = played.record.actions.first() {
        board.apply(&mut state, toss)?;
    }
    if let Some(Action::Strike(_, stroke)) = played.record.actions.get(1) {
        // The break as the hand played it: the stroke turned by its recorded noise draw.
        let stroke = match played.record.actions.get(2) {
            Some(Action::Noise(miss)) => stroke.perturbed(miss),
            _ => *stroke,
        };
        let trace = board.trace(&state, &stroke)?;
        let picture = svg::render(
            &trace,
            &svg::Options {
                title: Some("carrom: the break".into()),
            },
        );
        let path = super::picture_path("carrom", seed);
        super::write_file(&path, picture)?;
        notes.push(format!(
            "break: {} piece(s) pocketed; picture with trajectories: {}",
            trace.outcome.pocketed().len(),
            path.display()
        ));
    }
    notes.push(super::record_text("carrom", seed, &game, &played)?);
    Ok(super::Summary {
        result,
        score: format!("{s0} - {s1}"),
        moves: played.plies as usize,
        notes,
    })
}
