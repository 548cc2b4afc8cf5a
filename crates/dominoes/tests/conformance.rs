//! boardgame-core's conformance kit on the booklet's rules and on every option set, single
//! rounds and whole matches.

use boardgame_core::conformance::{ConformanceConfig, check_imperfect, check_rounds};
use boardgame_core::{Match, MatchConfig};
use lattjo_dominoes::{Action, Dominoes, Rules};

fn extras() -> Vec<Action> {
    [
        "9-9 left",
        "6-6",
        "draw",
        "pass",
        "deal 12-12",
        "0-0 up",
        "6-5 down",
        "5-2 2-2:up",
        "6-0 0-0:down",
        "6-6 6-6:up",
    ]
    .iter()
    .map(|s| s.parse().expect("action"))
    .collect()
}

fn config(games: u32, seed: u64) -> ConformanceConfig<Action> {
    ConformanceConfig {
        games,
        seed,
        extra_actions: extras(),
        ..ConformanceConfig::default()
    }
}

#[test]
fn conformance_booklet_rules_2_to_5_players() {
    for players in 2..=5 {
        let game = Dominoes::new(Rules::lattjo().with_players(players)).expect("rules");
        let report = check_imperfect(&game, &config(40, players as u64 * 1000)).expect("conforms");
        assert_eq!(report.games, 40);
        assert!(
            report.determinizations_that_differed > 0,
            "hidden tiles are resampled"
        );
        assert!(report.refusals_checked > 0);
    }
}

#[test]
fn conformance_every_preset() {
    let presets = [
        Rules::block(),
        Rules::draw().with_players(3),
        Rules::all_fives(),
        Rules::muggins().with_players(4),
        Rules::partnership(),
        Rules::double_nine().with_players(4).with_hand_size(Some(7)),
        Rules::double_twelve()
            .with_players(6)
            .with_hand_size(Some(10)),
        Rules::lattjo()
            .with_players(3)
            .with_must_play_if_able(false)
            .with_closed_layout_ends_round(false),
        Rules::all_fives()
            .with_players(3)
            .with_draw_rule(lattjo_dominoes::DrawRule::DrawUntilPlayableLeaveTwo),
        Rules::lattjo().with_no_double(lattjo_dominoes::NoDouble::HighestTileLeads),
    ];
    for (i, rules) in presets.into_iter().enumerate() {
        let game = Dominoes::new(rules).expect("rules");
        check_imperfect(&game, &config(15, 50_000 + i as u64 * 100))
            .unwrap_or_else(|v| panic!("{rules:?}: {v}"));
        // The `Rounds` contract too: the state's `RoundState` (what a saved match is checked
        // against) agrees with the game, and the round's points exist exactly at the end.
        check_rounds(&game, &config(10, 60_000 + i as u64 * 100))
            .unwrap_or_else(|v| panic!("{rules:?}: {v}"));
    }
}

/// Five-Up (every double a spinner): 2-4 players, partnerships, the double-nine set.
#[test]
fn conformance_five_up() {
    let presets = [
        Rules::five_up(),
        Rules::five_up().with_players(3),
        Rules::five_up().with_players(4),
        Rules::five_up().with_players(4).with_partnerships(true),
        Rules::five_up()
            .with_players(4)
            .with_highest(9)
            .with_hand_size(Some(7)),
        Rules::five_up().with_scoring(lattjo_dominoes::Scoring::Block),
    ];
    for (i, rules) in presets.into_iter().enumerate() {
        let game = Dominoes::new(rules).expect("rules");
        let report = check_imperfect(&game, &config(25, 70_000 + i as u64 * 100))
            .unwrap_or_else(|v| panic!("{rules:?}: {v}"));
        assert_eq!(report.games, 25);
        assert!(report.refusals_checked > 0);
    }
    let five_up = Match::new(
        Dominoes::new(Rules::five_up()).expect("rules"),
        Rules::five_up_match(),
    );
    check_imperfect(
        &five_up,
        &ConformanceConfig {
            determinize_every: 5,
            ..config(3, 11)
        },
    )
    .expect("conforms");
}

#[test]
fn conformance_match_to_100() {
    for rules in [
        Rules::lattjo(),
        Rules::lattjo()
            .with_players(4)
            .with_next_round_leader(lattjo_dominoes::NextRoundLeader::NextClockwise),
    ] {
        let game = Match::new(
            Dominoes::new(rules).expect("rules"),
            Rules::suggested_match(),
        );
        let cfg = ConformanceConfig {
            determinize_every: 5,
            ..config(4, 7)
        };
        check_imperfect(&game, &cfg).expect("conforms");
    }
    let all_fives = Match::new(
        Dominoes::new(Rules::all_fives()).expect("rules"),
        MatchConfig::new(Some(121), None).expect("config"),
    );
    check_imperfect(
        &all_fives,
        &ConformanceConfig {
            determinize_every: 5,
            ..config(3, 9)
        },
    )
    .expect("conforms");
}
