//! Serde (feature `serde`): every deserializer validates through the same checks as the
//! matching constructor, and what serializes reads back equal.
#![cfg(feature = "serde")]

use lattjo_chess::{Board, CastlingMode, Position, Setup};

/// Issue 15.3: a setup whose bitboards contradict each other (e1 is both a king and a
/// knight, and the e1 king and e8 king's colour sets do not cover every piece) is refused on
/// the way in, so no position can be built from it.
#[test]
fn inconsistent_setup_bitboards_are_refused_by_deserialization() {
    let json = r#"{"board":{"by_role":[0,16,0,0,0,1152921504606846992],"by_color":{"white":16,"black":1152921504606846976}},"turn":"White","castling_rooks":0,"ep_square":null,"halfmoves":0,"fullmoves":1}"#;
    let err = serde_json::from_str::<Setup>(json).expect_err("e1 is a king and a knight");
    assert!(err.to_string().contains("e1"), "{err}");
    // A piece in no colour set, and a colour set square with no piece.
    for board in [
        r#"{"by_role":[0,0,0,0,0,1152921504606846992],"by_color":{"white":0,"black":1152921504606846976}}"#,
        r#"{"by_role":[0,0,0,0,0,1152921504606846992],"by_color":{"white":48,"black":1152921504606846976}}"#,
        r#"{"by_role":[0,0,0,0,0,1152921504606846992],"by_color":{"white":16,"black":1152921504606846992}}"#,
    ] {
        assert!(serde_json::from_str::<Board>(board).is_err(), "{board}");
    }
    let fine = r#"{"by_role":[0,0,0,0,0,1152921504606846992],"by_color":{"white":16,"black":1152921504606846976}}"#;
    let board: Board = serde_json::from_str(fine).expect("two kings");
    assert_eq!(board.board_fen(), "4k3/8/8/8/8/8/8/4K3");
}

#[test]
fn position_serde_keeps_the_castling_mode_and_validates() {
    let c960 = Position::chess960(518).expect("the standard start as Chess960");
    for p in [Position::new(), c960.clone()] {
        let json = serde_json::to_string(&p).expect("serializes");
        assert_eq!(
            serde_json::from_str::<Position>(&json).expect("reads back"),
            p
        );
    }
    assert_eq!(c960.castling_mode(), CastlingMode::Chess960);
    let bad = r#"{"fen":"4k3/8/8/8/8/8/8/4KK2 w - - 0 1","castling_mode":"Standard"}"#;
    assert!(serde_json::from_str::<Position>(bad).is_err());
    let setup = Setup::default();
    let json = serde_json::to_string(&setup).expect("serializes");
    assert_eq!(
        serde_json::from_str::<Setup>(&json).expect("reads back"),
        setup
    );
}

mod state {
    use lattjo_chess::{
        Action, Chess, DrawReason, Game, GameRng, Move, Outcome, Position, Rules, Square, State,
    };
    use proptest::prelude::*;

    fn json(state: &State) -> String {
        serde_json::to_string(state).expect("serializes")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Issue 16: a random mid-game state survives a JSON round trip, and play continues
        /// identically from the copy.
        #[test]
        fn random_mid_game_state_round_trips_and_plays_on(seed in any::<u64>(), plies in 0u32..300, preset in 0usize..4) {
            let rules = [
                Rules::fide(),
                Rules::lattjo(),
                Rules::fide().with_decisions(true),
                Rules::fide().with_auto_claim(true),
            ][preset];
            let start = if seed % 5 == 0 {
                Position::chess960((seed % 960) as u32).expect("0..960")
            } else {
                Position::new()
            };
            let game = Chess::new(rules).expect("valid rules").with_start(start);
            let mut state = game.new_initial_state();
            let mut rng = GameRng::new(seed, 0);
            let mut buf = Vec::new();
            boardgame_core::random_playout_capped(&game, &mut state, &mut rng, &mut buf, plies);
            let text = json(&state);
            let back: State = serde_json::from_str(&text).expect("reads back");
            prop_assert_eq!(&back, &state);
            prop_assert_eq!(json(&back), text);
            // Play on from both with the same randomness: identical games.
            let (mut a, mut b) = (state, back);
            let (mut ra, mut rb) = (GameRng::new(seed, 1), GameRng::new(seed, 1));
            boardgame_core::random_playout_capped(&game, &mut a, &mut ra, &mut buf, 200);
            boardgame_core::random_playout_capped(&game, &mut b, &mut rb, &mut buf, 200);
            prop_assert_eq!(a, b);
        }
    }

    /// Every deserialized state is one that play can reach: illegal histories, moves after
    /// the end, and outcomes that the position and history do not support are refused.
    #[test]
    fn state_deserialization_validates_the_history_and_outcome() {
        let game = Chess::default();
        let mut s = game.new_initial_state();
        for san in ["f3", "e5", "g4", "Qh4#"] {
            let m = s.position().parse_san(san).expect("legal");
            game.apply(&mut s, &Action::Move(m)).expect("legal");
        }
        let mate = json(&s);
        assert!(serde_json::from_str::<State>(&mate).is_ok());
        // An extra move after mate.
        let v: serde_json::Value = serde_json::from_str(&mate).expect("json");
        let mut after = v.clone();
        after["moves"]
            .as_array_mut()
            .expect("moves")
            .push(serde_json::to_value(Move::new(Square::A2, Square::A3)).expect("move"));
        assert!(serde_json::from_str::<State>(&after.to_string()).is_err());
        // A mated side cannot be recorded as winning, nor the game as going on.
        for outcome in [
            serde_json::json!(null),
            serde_json::json!({"Draw": "Agreement"}),
            serde_json::json!({"Win": {"winner": "White", "reason": "Checkmate"}}),
        ] {
            let mut bad = v.clone();
            bad["outcome"] = outcome.clone();
            assert!(
                serde_json::from_str::<State>(&bad.to_string()).is_err(),
                "{outcome}"
            );
        }
        // An illegal move in the history.
        let start = json(&game.new_initial_state());
        let mut illegal: serde_json::Value = serde_json::from_str(&start).expect("json");
        illegal["moves"] = serde_json::json!([{"from": "E2", "to": "E5", "promotion": null}]);
        assert!(serde_json::from_str::<State>(&illegal.to_string()).is_err());
        // A repetition draw needs the repetitions.
        let mut early: serde_json::Value = serde_json::from_str(&start).expect("json");
        early["outcome"] = serde_json::json!({"Draw": "FivefoldRepetition"});
        assert!(serde_json::from_str::<State>(&early.to_string()).is_err());
        let dance = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let mut r = game.new_initial_state();
        for _ in 0..4 {
            for uci in dance {
                let m = r.position().parse_uci(uci).expect("legal");
                game.apply(&mut r, &Action::Move(m)).expect("legal");
            }
        }
        assert_eq!(
            r.outcome(),
            Some(Outcome::Draw(DrawReason::FivefoldRepetition))
        );
        assert_eq!(serde_json::from_str::<State>(&json(&r)).expect("valid"), r);
    }
}
