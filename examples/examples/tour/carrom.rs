//! Carrom: a whole singles game (to 25 points or 8 boards) between two shot planners, on real
//! physics; the break of the first board is drawn as an SVG with every disc's trajectory.

use std::error::Error;

use boardgame_core::{Agent, Game, Match, Seat, play_game};
use disc_physics::{SvgOptions, Trajectory, render_svg};
use lattjo_carrom::{Action, Carrom, Planner, Rules};

pub fn play(seed: u64) -> Result<super::Summary, Box<dyn Error>> {
    let game = Carrom::full_game(Rules::booklet())?;
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
        "{} boards, {strokes} strokes (booklet rules, two shot planners)",
        played.state.rounds_played()
    )];

    // Replay the toss, then draw the first break with trajectories.
    let board = game.game();
    let mut state = board.new_initial_state();
    if let Some(toss) = played.record.actions.first() {
        board.apply(&mut state, toss)?;
    }
    if let Some(Action::Strike(_, stroke)) = played.record.actions.get(1) {
        let mut trace = Trajectory::new();
        let (events, world) = board.simulate(&state, stroke, Some(&mut trace))?;
        let mut fills = vec!["#c0392b"];
        fills.extend(std::iter::repeat_n("#f3ead7", 9));
        fills.extend(std::iter::repeat_n("#2b2b2b", 9));
        fills.push("#3b73c9");
        let svg = render_svg(
            &world,
            &SvgOptions {
                fills: &fills,
                trajectory: Some(&trace),
                show_off_table: true,
                title: Some("carrom: the break"),
                ..SvgOptions::default()
            },
        );
        let path = std::env::temp_dir().join(format!("carrom-break-{seed}.svg"));
        std::fs::write(&path, svg)?;
        notes.push(format!(
            "break: {} piece(s) pocketed; picture with trajectories: {}",
            events.pocketed().len(),
            path.display()
        ));
    }
    Ok(super::Summary {
        result,
        score: format!("{s0} - {s1}"),
        moves: played.plies as usize,
        notes,
    })
}
