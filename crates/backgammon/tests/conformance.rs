//! boardgame-core's conformance kit on both presets, a hybrid with every option on, and match
//! play.

use boardgame_core::conformance::{ConformanceConfig, check_game, check_rounds};
use boardgame_core::{Match, MatchConfig};
use lattjo_backgammon::{Action, Backgammon, Dice, Play, ResignLevel, Rules, Step};

fn extras() -> Vec<Action> {
    vec![
        Action::Opening { white: 7, black: 1 },
        Action::Opening { white: 0, black: 3 },
        Action::Opening { white: 4, black: 4 },
        Action::Dice(Dice::new(6, 6).unwrap()),
        Action::Roll,
        Action::Double,
        Action::Take,
        Action::Drop,
        Action::Beaver,
        Action::Resign(ResignLevel::Backgammon),
        Action::AcceptResignation,
        Action::RejectResignation,
        Action::Play(Play::NONE),
        Action::Play(Play::from_steps(&[Step::new(25, 0).unwrap()]).unwrap()),
        Action::Play(
            Play::from_steps(&[Step::new(24, 18).unwrap(), Step::new(13, 11).unwrap()]).unwrap(),
        ),
    ]
}

fn cfg(games: u32, seed: u64) -> ConformanceConfig<Action> {
    ConformanceConfig {
        games,
        seed,
        extra_actions: extras(),
        ..ConformanceConfig::default()
    }
}

#[test]
fn conformance_standard() {
    // With the `Rounds` contract: the state's `RoundState` agrees with the game.
    let report = check_rounds(&Backgammon::new(Rules::standard()).unwrap(), &cfg(40, 0)).unwrap();
    assert_eq!(report.games, 40);
    assert!(report.refusals_checked > 0);
}

#[test]
fn conformance_lattjo_default() {
    let report = check_rounds(&Backgammon::default(), &cfg(40, 100)).unwrap();
    assert_eq!(report.games, 40);
}

#[test]
fn conformance_checker_play_only() {
    let game = Backgammon::new(Rules::standard().with_cube(false)).unwrap();
    let report = check_game(&game, &cfg(20, 200)).unwrap();
    assert_eq!(report.games, 20);
}

#[test]
fn conformance_every_option_on() {
    let rules = Rules::standard()
        .with_jacoby(true)
        .with_beavers(true)
        .with_automatic_doubles(3)
        .with_max_cube_log2(Some(6))
        .with_resignations(true)
        .with_resign_when_doubled(true);
    let report = check_game(&Backgammon::new(rules).unwrap(), &cfg(40, 300)).unwrap();
    assert_eq!(report.games, 40);
}

#[test]
fn conformance_match_to_seven_points() {
    for rules in [Rules::standard(), Rules::lattjo()] {
        let game = Match::new(
            Backgammon::new(rules).unwrap(),
            MatchConfig::new(Some(7), None).unwrap(),
        );
        let report = check_game(&game, &cfg(8, 400)).unwrap();
        assert_eq!(report.games, 8);
    }
}
