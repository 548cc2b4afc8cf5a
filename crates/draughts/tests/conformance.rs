//! boardgame-core's conformance kit on every preset.

use boardgame_core::conformance::{ConformanceConfig, check_game};
use lattjo_draughts::{Action, Draughts, DrawReason, KingMoves, Position, Rules};

/// Moves that are legal somewhere, to try everywhere (most of the time illegal).
fn extras() -> Vec<Action> {
    let mut out = vec![
        Action::ClaimDraw(DrawReason::Repetition),
        Action::ClaimDraw(DrawReason::FortyMoveRule),
    ];
    let mut v = Vec::new();
    for fen in [
        "B:W9,10,17,18:BK6",
        "B:W9,10,17,18:B6",
        "B:W26,27:B22",
        "W:W19:B1",
        "B:W18:BK29",
    ] {
        let pos: Position = fen.parse().unwrap();
        for kings in [KingMoves::Short, KingMoves::Flying] {
            pos.legal_moves(kings, &mut v);
            out.extend(v.iter().map(|m| Action::Move(*m)));
        }
    }
    out
}

fn check(rules: Rules, games: u32, seed: u64) {
    let game = Draughts::new(rules).unwrap();
    let cfg = ConformanceConfig {
        games,
        seed,
        max_plies: 50_000,
        extra_actions: extras(),
        ..Default::default()
    };
    let report = check_game(&game, &cfg).unwrap_or_else(|v| panic!("{rules:?}: {v:?}"));
    assert_eq!(report.games, games);
}

#[test]
fn conformance_wcdf_claims() {
    check(Rules::wcdf(), 30, 1);
}

#[test]
fn conformance_wcdf_auto_adjudicate() {
    check(Rules::wcdf().with_auto_adjudicate(true), 30, 2);
}

#[test]
fn conformance_lattjo() {
    check(Rules::lattjo(), 20, 3);
}

#[test]
fn conformance_v2_flying_kings() {
    check(
        Rules::wcdf()
            .with_auto_adjudicate(true)
            .with_flying_kings(true),
        20,
        4,
    );
}
