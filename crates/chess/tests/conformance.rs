//! boardgame-core's conformance kit on both presets, with decisions on and off.

use boardgame_core::conformance::{ConformanceConfig, check_game};
use lattjo_chess::{Action, Chess, Move, Rules, Square};

#[test]
fn conformance_fide_and_lattjo() {
    for rules in [
        Rules::fide(),
        Rules::lattjo(),
        Rules::fide().with_decisions(true),
        Rules::fide().with_auto_claim(true),
    ] {
        let game = Chess::new(rules).expect("valid rules");
        let config = ConformanceConfig {
            games: 6,
            seed: 7,
            max_plies: 20_000,
            extra_actions: vec![
                Action::Move(Move::new(Square::E2, Square::E4)),
                Action::Move(Move::new(Square::E7, Square::E5)),
                Action::Resign,
                Action::OfferDraw,
                Action::AcceptDraw,
                Action::ClaimDraw,
                // A claim with a move (FIDE 9.2.1.1, 9.3.1.1): legal only when correct.
                Action::ClaimDrawWith(Move::new(Square::G1, Square::F3)),
                Action::ClaimDrawWith(Move::new(Square::E2, Square::E4)),
            ],
            ..Default::default()
        };
        let report = check_game(&game, &config).unwrap_or_else(|v| panic!("{rules:?}: {v:?}"));
        assert!(report.plies > 0);
    }
}

/// Chess960 as an option: the conformance kit on a few Scharnagl start positions.
#[test]
fn conformance_chess960_starts() {
    for n in [0, 359, 959] {
        let start = lattjo_chess::Position::chess960(n).expect("a valid number");
        let game = Chess::new(Rules::fide())
            .expect("valid rules")
            .with_start(start);
        let config = ConformanceConfig::<Action> {
            games: 2,
            seed: n.into(),
            max_plies: 20_000,
            ..Default::default()
        };
        check_game(&game, &config).unwrap_or_else(|v| panic!("960 #{n}: {v:?}"));
    }
}
