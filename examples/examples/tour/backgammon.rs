//! Backgammon under the booklet's rules (the default): UCT (MCTS) against a random player in
//! a 3-point match with the cube, then the final position as GNUBG and XG write it and as SVG.

use boardgame_core::{Agent, Match, MatchConfig, Mcts, MctsConfig, RandomAgent, Seat, play_game};
use lattjo_backgammon::{Backgammon, Rules, Side, svg};

use super::Summary;

pub fn play(seed: u64) -> Result<Summary, Box<dyn std::error::Error>> {
    let game = Match::new(
        Backgammon::new(Rules::lattjo())?,
        MatchConfig::new(Some(3), None)?,
    );
    let mut mcts = Mcts::new(MctsConfig {
        iterations: 40,
        max_rollout_plies: 2_000,
        ..MctsConfig::default()
    });
    let mut random = RandomAgent;
    let played = play_game(
        &game,
        seed,
        &mut [&mut mcts as &mut dyn Agent<Match<Backgammon>>, &mut random],
        1_000_000,
    )?;
    let names = ["MCTS (white)", "random (black)"];
    let totals = played.state.totals();
    let (w, b) = (totals[Seat::new(0)], totals[Seat::new(1)]);
    let winner = if w > b { names[0] } else { names[1] };
    let replayed = played.record.replay(&game)?;
    let last = played.state.round();
    let pos = last.position();
    let picture = svg::render(last, &svg::Options::default());
    let path = super::picture_path("backgammon", seed);
    super::write_file(&path, picture)?;
    let how = last
        .outcome()
        .map(|o| format!("{:?} for {} point(s)", o.kind, o.points))
        .unwrap_or_default();
    Ok(Summary {
        result: format!("{winner} wins the 3-point match"),
        score: format!("{w} - {b} after {} game(s)", played.state.rounds_played()),
        moves: played.record.actions.len(),
        notes: vec![
            super::record_text("backgammon", seed, &game, &played)?,
            format!(
                "last game: {how}; pips white {} black {}",
                pos.pip_count(Side::White),
                pos.pip_count(Side::Black)
            ),
            format!(
                "final position: GNUBG {} / {}",
                game.game().gnubg_id(last),
                game.game().xgid(last)
            ),
            format!(
                "record replays to the same final state: {}",
                replayed == played.state
            ),
            format!("final board drawn to {}", path.display()),
        ],
    })
}
