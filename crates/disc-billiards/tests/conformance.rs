//! boardgame-core's conformance kit (docs/architecture.md, "How a new game plugs in") on the
//! booklet's singles and pairs, the LNF's and mini-novuss's rules, and execution noise, with
//! the `Rounds` contract and made-up actions that every node must refuse.

use boardgame_core::Seat;
use boardgame_core::conformance::{ConformanceConfig, check_rounds};
use lattjo_disc_billiards::{
    Action, Call, Conduct, Noise, NoiseModel, Novuss, Rules, Stroke, Vec2,
};

fn illegal_extras() -> Vec<Action> {
    vec![
        Action::Strike(
            Seat::new(0),
            Stroke::new(Vec2::new(f64::NAN, 0.09), Vec2::new(0.0, 1.0), 2.0),
        ),
        Action::Strike(
            Seat::new(1),
            Stroke::new(Vec2::new(0.0, 0.5), Vec2::new(0.0, 1.0), 2.0),
        ),
        Action::Strike(
            Seat::new(0),
            Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 0.0), 2.0),
        ),
        Action::Strike(
            Seat::new(1),
            Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 1e9),
        ),
        Action::Strike(
            Seat::new(0),
            Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), f64::INFINITY),
        ),
        // A foul stroke called on a seat that is not to strike half the time (B21).
        Action::Call(Call::FoulStroke(
            Seat::new(1),
            Stroke::new(Vec2::new(0.0, 0.09), Vec2::new(0.0, 1.0), 3.0),
        )),
        Action::Noise(Noise {
            slip: f64::NAN,
            speed_error: 0.0,
        }),
        Action::Noise(Noise {
            slip: 5.0,
            speed_error: 0.0,
        }),
        // Referee calls (§5): refused by the booklet, possible or not under the LNF
        // depending on who is to strike; an unknown seat never.
        Action::Call(Call::Conduct(Seat::new(0), Conduct::DoubleStroke)),
        Action::Call(Call::Conduct(
            Seat::new(1),
            Conduct::MovedDiscInOpponentsTurn,
        )),
        Action::Call(Call::Conduct(Seat::new(1), Conduct::LeftZone)),
        Action::Call(Call::Conduct(Seat::new(9), Conduct::Delay)),
    ]
}

fn short(rules: Rules) -> Novuss {
    // The conformance kit needs games that end within `max_plies`: random play (a weak
    // player, issue 15.13) ends them without a stroke limit.
    Novuss::new(rules).unwrap()
}

fn conformance(game: &Novuss, games: u32) {
    let cfg = ConformanceConfig {
        games,
        seed: 7,
        max_plies: lattjo_disc_billiards::RANDOM_PLAY_BOUND,
        exhaustive_actions: false,
        extra_actions: illegal_extras(),
        generated_checks_per_node: 3,
        foreign_checks_per_node: 3,
        ..ConformanceConfig::default()
    };
    // `check_game` with the `Rounds` contract: the state's `RoundState` agrees with the game.
    let report = check_rounds(game, &cfg).unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(report.games, games);
    assert!(report.refusals_checked > 0);
}

#[test]
fn conformance_singles_booklet() {
    conformance(&short(Rules::lattjo()), 3);
}

#[test]
fn conformance_pairs_lnf_and_mini() {
    conformance(&short(Rules::lattjo().with_players(4)), 1);
    conformance(&short(Rules::lnf()), 1);
    conformance(&short(Rules::mini()), 1);
}

#[test]
fn conformance_with_execution_noise() {
    let rules = Rules::lattjo().with_noise(Some(NoiseModel {
        direction_sd: 0.02,
        speed_sd: 0.05,
    }));
    conformance(&short(rules), 2);
}
