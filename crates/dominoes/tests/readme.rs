//! The README example for this crate, compiled and run, and pinned seeded values: if the
//! sampling of chance events ever changes, seeded games change, and this test says so.

use boardgame_core::{Game, GameRng, Match, MatchConfig, Turn, random_playout};
use lattjo_dominoes::{Action, Dominoes, Rules};

#[test]
fn readme_example() -> Result<(), Box<dyn std::error::Error>> {
    let game = Dominoes::new(Rules::lattjo().with_players(3))?;
    // One round: the deal and every draw are chance events.
    let mut round = game.new_initial_state();
    random_playout(&game, &mut round, &mut GameRng::new(1, 0), &mut Vec::new());
    let result = round.result().ok_or("the round is over")?;
    println!(
        "{} / winner {:?} / points {:?}",
        round.layout(),
        result.winner,
        result.points
    );
    // A match to 100 is boardgame-core's Match over the rounds.
    let to_100 = Match::new(game, MatchConfig::new(Some(100), None)?);
    let mut state = to_100.new_initial_state();
    random_playout(
        &to_100,
        &mut state,
        &mut GameRng::new(2, 0),
        &mut Vec::new(),
    );
    assert_eq!(to_100.turn(&state), Turn::Terminal);
    assert!(state.totals().as_slice().iter().any(|&p| p >= 100));
    // Moves are typed values with a text form.
    let play: Action = "6-4 left".parse()?;
    assert_eq!(play.to_string(), "6-4 left");
    Ok(())
}

#[test]
fn seeded_deal_is_stable() {
    let game = Dominoes::new(Rules::lattjo()).expect("rules");
    let mut s = game.new_initial_state();
    let mut rng = GameRng::new(2026, 0);
    let mut dealt = Vec::new();
    while game.turn(&s) == Turn::Chance {
        let a = game.sample_chance(&s, &mut rng).expect("deal");
        dealt.push(a.to_string());
        game.apply(&mut s, &a).expect("apply");
    }
    let text = dealt.join(", ");
    assert_eq!(text, PINNED, "the seeded deal changed");
}

const PINNED: &str = "deal 5-5, deal 6-1, deal 4-0, deal 6-2, deal 6-4, deal 5-2, deal 4-1, \
    deal 2-1, deal 6-5, deal 1-0, deal 3-1, deal 2-2, deal 5-1, deal 6-0";
