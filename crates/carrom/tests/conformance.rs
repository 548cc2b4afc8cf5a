//! The core's conformance kit on a board of carrom and on a short whole game.

use boardgame_core::Seat;
use boardgame_core::conformance::{ConformanceConfig, check_game, check_rounds};
use lattjo_carrom::{Action, Call, Carrom, DueChoice, Noise, NoiseModel, Rules, Stroke, Vec2};

fn bad_actions() -> Vec<Action> {
    vec![
        Action::Strike(
            Seat::new(0),
            Stroke::on_base_line(f64::NAN, Vec2::new(0.0, 1.0), 3.0),
        ),
        Action::Strike(
            Seat::new(1),
            Stroke::on_base_line(0.0, Vec2::new(0.0, -1.0), 3.0),
        ),
        Action::Strike(
            Seat::new(0),
            Stroke::on_base_line(0.5, Vec2::new(0.0, 1.0), 3.0),
        ),
        Action::Strike(
            Seat::new(1),
            Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 80.0),
        ),
        Action::Strike(
            Seat::new(3),
            Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 3.0),
        ),
        Action::Toss(Seat::new(2)),
        // A pass is refused wherever a stroke fits (every position of a random game here).
        Action::Pass(Seat::new(0)),
        Action::Pass(Seat::new(1)),
        // ICF 60 and 35-37 actions, refused wherever no due choice is open / calls are off.
        Action::Dues(Seat::new(1), DueChoice::Decline),
        Action::Dues(Seat::new(0), DueChoice::Place),
        Action::Call(Call::TechnicalFoul(Seat::new(0))),
        Action::Call(Call::FoulStroke(
            Seat::new(1),
            Stroke::on_base_line(0.0, Vec2::new(0.0, 1.0), 3.0),
        )),
        Action::Noise(Noise {
            slip: f64::INFINITY,
            speed_error: 0.0,
        }),
    ]
}

fn config(games: u32, seed: u64) -> ConformanceConfig<Action> {
    ConformanceConfig {
        games,
        seed,
        max_plies: 20_000,
        exhaustive_actions: false,
        extra_actions: bad_actions(),
        generated_checks_per_node: 1,
        foreign_checks_per_node: 3,
        ..ConformanceConfig::default()
    }
}

#[test]
fn conformance_singles_board() {
    let game = Carrom::new(Rules::lattjo()).unwrap();
    // With the `Rounds` contract: the state's `RoundState` agrees with the game.
    let report = check_rounds(&game, &config(2, 0)).unwrap();
    assert_eq!(report.games, 2);
    assert!(report.refusals_checked > 0);
}

#[test]
fn conformance_pairs_icf_with_noise() {
    let game = Carrom::new(
        Rules::icf()
            .with_players(4)
            .with_noise(Some(NoiseModel::default())),
    )
    .unwrap();
    let report = check_game(&game, &config(1, 100)).unwrap();
    assert!(report.chance_nodes > 1, "toss and noise");
}

#[test]
fn conformance_short_whole_game() {
    let mut rules = Rules::lattjo();
    rules.target_points = 5;
    rules.max_boards = 2;
    let game = Carrom::new(rules).unwrap().full_game();
    let report = check_game(&game, &config(1, 7)).unwrap();
    assert_eq!(report.games, 1);
}

#[test]
fn conformance_short_icf_best_of_three_match() {
    let mut rules = Rules::icf();
    rules.target_points = 3;
    rules.max_boards = 1;
    let game = Carrom::new(rules).unwrap().full_match();
    let report = check_game(&game, &config(1, 11)).unwrap();
    assert_eq!(report.games, 1);
}
