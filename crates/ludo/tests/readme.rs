//! The README example for ludo, compiled and run.

use boardgame_core::{Game, Turn};
use lattjo_ludo::{Action, Die, Ludo, Rules};

#[test]
fn readme_example() -> Result<(), Box<dyn std::error::Error>> {
    // The booklet's rules for four players; green has a checker on red's start dot.
    let game = Ludo::new(Rules::lattjo())?;
    let mut state =
        game.state_from_str("LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,31 Y:0,0,0,0 B:0,0,0,0")?;
    game.apply(&mut state, &Action::Roll(Die::new(6)?))?; // the die is a chance node
    let mv = game.parse_move(&state, "R:0>1,0>1")?; // a 6: two checkers out...
    assert_eq!(mv.to_string(), "R:0>1,0>1xG"); // ...sending green home
    game.apply(&mut state, &Action::Move(mv))?;
    assert_eq!(game.turn(&state), Turn::Chance); // every 6 rolls again
    assert_eq!(
        state.to_string(),
        "LUDO 40/40/4 RGYB R 1 R:0,0,1,1 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 rules=lattjo"
    );
    Ok(())
}
