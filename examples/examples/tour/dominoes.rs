//! Dominoes: a match to 100 under the booklet's rules, information-set MCTS (searching each
//! round from determinized deals) against two random players.

use boardgame_core::{
    Agent, Game, GameRng, IsMcts, Match, MctsConfig, RandomAgent, Seat, play_game, random_playout,
};
use lattjo_dominoes::{Action, Dominoes, Rules, svg};

use super::Summary;

/// Plays the match through an agent that searches the current round only: a round's result
/// is a far sharper signal than the match's, and rollouts stay short.
struct RoundSearch(IsMcts);

impl Agent<Match<Dominoes>> for RoundSearch {
    fn act(
        &mut self,
        game: &Match<Dominoes>,
        state: &<Match<Dominoes> as Game>::State,
        rng: &mut GameRng,
    ) -> Option<Action> {
        self.0.act(game.game(), state.round(), rng)
    }
}

pub fn play(seed: u64) -> Result<Summary, Box<dyn std::error::Error>> {
    let game = Match::new(
        Dominoes::new(Rules::lattjo().with_players(3))?,
        Rules::suggested_match(),
    );
    let mut mcts = RoundSearch(IsMcts::new(MctsConfig {
        iterations: 1_000,
        ..MctsConfig::default()
    }));
    let (mut r1, mut r2) = (RandomAgent, RandomAgent);
    let played = play_game(
        &game,
        seed,
        &mut [
            &mut mcts as &mut dyn Agent<Match<Dominoes>>,
            &mut r1,
            &mut r2,
        ],
        1_000_000,
    )?;
    let names = ["IS-MCTS (seat 0)", "random (seat 1)", "random (seat 2)"];
    let totals = played.state.totals();
    let winner = Seat::all(3).max_by_key(|&s| totals[s]).ok_or("no seats")?;
    let replayed = played.record.replay(&game)?;
    let last = played.state.round();
    // One round of Five-Up (every double a spinner) between random players, for its layout.
    let five_up = Dominoes::new(Rules::five_up())?;
    let mut round = five_up.new_initial_state();
    random_playout(
        &five_up,
        &mut round,
        &mut GameRng::new(seed, 1),
        &mut Vec::new(),
    );
    let fives = round.fives();
    let path = super::picture_path("dominoes", seed);
    super::write_file(&path, svg::render(round.layout(), &svg::Options::default()))?;
    Ok(Summary {
        result: format!("{} wins the match", names[winner.index()]),
        score: format!(
            "{} - {} - {} after {} rounds (first to 100)",
            totals[Seat::new(0)],
            totals[Seat::new(1)],
            totals[Seat::new(2)],
            played.state.rounds_played()
        ),
        moves: played.record.actions.len(),
        notes: vec![
            super::record_text("dominoes", seed, &game, &played)?,
            format!("last layout: {}", last.layout()),
            format!(
                "record replays to the same final state: {}",
                replayed == played.state
            ),
            format!(
                "a random Five-Up round: {} (fives {} - {}, {} spinners)",
                round.layout(),
                fives[Seat::new(0)],
                fives[Seat::new(1)],
                round.layout().spinners().len()
            ),
            format!("svg of the Five-Up layout: {}", path.display()),
        ],
    })
}
