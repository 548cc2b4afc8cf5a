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

    /// A state of `rules` from `start` after the moves (UCI), through `extra` actions.
    fn played(rules: Rules, start: &str, moves: &[&str], extra: &[Action]) -> State {
        let start: Position = start.parse().expect("a FEN");
        let game = Chess::new(rules).expect("valid rules").with_start(start);
        let mut s = game.new_initial_state();
        for uci in moves {
            let m = s.position().parse_uci(uci).expect("legal");
            game.apply(&mut s, &Action::Move(m)).expect("legal");
        }
        for a in extra {
            game.apply(&mut s, a).expect("legal");
        }
        s
    }

    /// `state`'s JSON with `edit` applied, read back: the error's text.
    fn refused(state: &State, edit: impl FnOnce(&mut serde_json::Value)) -> String {
        let mut v: serde_json::Value = serde_json::from_str(&json(state)).expect("json");
        edit(&mut v);
        match serde_json::from_str::<State>(&v.to_string()) {
            Ok(s) => panic!("{v} read back as {s:?}"),
            Err(e) => e.to_string(),
        }
    }

    fn rules_value(rules: Rules) -> serde_json::Value {
        serde_json::to_value(rules).expect("serializes")
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// Two knights' dances: the start position four more times (A3).
    const DANCES: [&str; 16] = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1",
        "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];

    /// The serialized state holds its rules (the gap of `State` without rules, 5 Dec 2026),
    /// and reads back with them under every rule set; a state that differs only in its rules
    /// is another state.
    #[test]
    fn a_state_round_trip_carries_its_rules() {
        let sets = [
            Rules::fide(),
            Rules::lattjo(),
            Rules::fide().with_decisions(true),
            Rules::lattjo().with_decisions(true),
            Rules::fide().with_auto_claim(true),
            Rules::fide().with_agreement_needs_moves(false),
        ];
        for rules in sets {
            let s = played(rules, START, &["e2e4", "e7e5"], &[]);
            let text = json(&s);
            let v: serde_json::Value = serde_json::from_str(&text).expect("json");
            assert_eq!(v["rules"], rules_value(rules), "{text}");
            let back: State = serde_json::from_str(&text).expect("reads back");
            assert_eq!(back.rules(), &rules);
            assert_eq!(back, s);
            for other in sets.into_iter().filter(|&o| o != rules) {
                let mut relabelled = v.clone();
                relabelled["rules"] = rules_value(other);
                let b: State = serde_json::from_str(&relabelled.to_string())
                    .expect("an opening is a state of every rule set");
                assert_eq!(b.rules(), &other);
                assert_ne!(b, s, "other rules, another state");
            }
        }
    }

    /// Deserialization validates the state against its rules: each state below is one that
    /// play under its rules cannot reach (D3, D4, A4, A14; FIDE 5.1.2, 5.2.3, 9.2, 9.3,
    /// 9.6), and each is refused with the `StateError` naming what is wrong.
    #[test]
    fn deserialization_refuses_a_state_its_rules_cannot_reach() {
        use lattjo_chess::{Color, RulesError, StateError, WinReason};
        let outcome = |o: Outcome| serde_json::to_value(o).expect("serializes");
        let says = |text: String, e: &dyn std::fmt::Display| {
            assert!(text.contains(&e.to_string()), "{text:?} does not say {e}");
        };
        let booklet = Rules::lattjo();
        let booklet_decisions = Rules::lattjo().with_decisions(true);
        let fide_decisions = Rules::fide().with_decisions(true);
        let draw = |r: DrawReason| Outcome::Draw(r);

        // Rules that make no game (A4: auto-claiming needs claims), as `Rules` reads.
        let s = played(Rules::fide(), START, &[], &[]);
        says(
            refused(&s, |v| {
                v["rules"] = rules_value(booklet.with_auto_claim(true))
            }),
            &RulesError::AutoClaimWithoutClaims,
        );

        // Outcomes the rules never give, whatever the history.
        let repeated = played(booklet_decisions, START, &DANCES[..8], &[]);
        assert_eq!(repeated.repetitions(), 3);
        for (rules, o) in [
            // A claimed draw without claimable draws (D3).
            (booklet_decisions, draw(DrawReason::ThreefoldRepetition)),
            // A claim without the decisions that make it (FIDE's preset lists none).
            (Rules::fide(), draw(DrawReason::ThreefoldRepetition)),
            // An agreed draw or a resignation without decisions (D4).
            (booklet, draw(DrawReason::Agreement)),
            (
                Rules::fide(),
                Outcome::Win {
                    winner: Color::Black,
                    reason: WinReason::Resignation,
                },
            ),
            // A resignation scored a draw under rules that score it a loss (A14).
            (
                booklet_decisions,
                draw(DrawReason::ResignationWithoutMatingMaterial),
            ),
        ] {
            says(
                refused(&repeated, |v| {
                    v["rules"] = rules_value(rules);
                    v["outcome"] = outcome(o);
                }),
                &StateError::OutcomeOutsideRules(o),
            );
        }
        // Automatic draws without automatic draws (D3): five occurrences under the booklet,
        // a 150 clock.
        let mut seventeen = DANCES.to_vec();
        seventeen.push("g1f3");
        let five = played(booklet, START, &seventeen, &[]);
        assert_eq!((five.repetitions(), five.outcome()), (5, None));
        let o = draw(DrawReason::FivefoldRepetition);
        says(
            refused(&five, |v| v["outcome"] = outcome(o)),
            &StateError::OutcomeOutsideRules(o),
        );
        let late = played(
            booklet,
            "4k3/8/8/8/8/8/8/R3K3 w - - 149 100",
            &["a1a2"],
            &[],
        );
        let o = draw(DrawReason::SeventyFiveMoves);
        says(
            refused(&late, |v| v["outcome"] = outcome(o)),
            &StateError::OutcomeOutsideRules(o),
        );
        let o = draw(DrawReason::FiftyMoves);
        says(
            refused(&late, |v| v["outcome"] = outcome(o)),
            &StateError::OutcomeOutsideRules(o),
        );

        // A history the rules would have ended: the booklet's five occurrences under FIDE
        // (FIDE 9.6.1), its 150 clock under FIDE (9.6.2), three occurrences under
        // auto-claiming (A4).
        says(
            refused(&five, |v| v["rules"] = rules_value(Rules::fide())),
            &StateError::MoveAfterEnd(17),
        );
        says(
            refused(&late, |v| v["rules"] = rules_value(Rules::fide())),
            &StateError::Outcome(None),
        );
        says(
            refused(&repeated, |v| {
                v["rules"] = rules_value(Rules::fide().with_auto_claim(true));
            }),
            &StateError::Outcome(None),
        );
        let longer = played(booklet, START, &DANCES[..12], &[]);
        says(
            refused(&longer, |v| {
                v["rules"] = rules_value(Rules::fide().with_auto_claim(true));
            }),
            &StateError::MoveAfterEnd(9),
        );

        // A draw offer under rules without decisions (D4).
        let offered = played(fide_decisions, START, &["e2e4"], &[Action::OfferDraw]);
        says(
            refused(&offered, |v| v["rules"] = rules_value(Rules::fide())),
            &StateError::OfferWithoutDecisions(Color::Black),
        );
        // Before any move only the side to move can have offered.
        let fresh = played(fide_decisions, START, &[], &[]);
        says(
            refused(&fresh, |v| v["draw_offer"] = serde_json::json!("Black")),
            &StateError::DrawOffer(Color::Black),
        );

        // An agreement before both sides have moved (FIDE 5.2.3), accepted by the booklet's
        // rules with decisions, which have no such rule.
        let e4 = Action::Move(Move::new(Square::E2, Square::E4));
        let agreed = played(
            booklet_decisions,
            START,
            &[],
            &[Action::OfferDraw, e4, Action::AcceptDraw],
        );
        assert_eq!(agreed.outcome(), Some(draw(DrawReason::Agreement)));
        let back: State = serde_json::from_str(&json(&agreed)).expect("valid");
        assert_eq!(back, agreed);
        says(
            refused(&agreed, |v| v["rules"] = rules_value(fide_decisions)),
            &StateError::Outcome(Some(draw(DrawReason::Agreement))),
        );

        // A resignation won where FIDE scores it a draw (5.1.2, A14): White resigns with a
        // queen, and Black's king and knight cannot mate a king that has only queens.
        let queen = "8/8/4k3/8/3n4/8/8/3QK3 w - - 0 1";
        let resigned = played(booklet_decisions, queen, &[], &[Action::Resign]);
        let won = Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation,
        };
        assert_eq!(resigned.outcome(), Some(won));
        says(
            refused(&resigned, |v| v["rules"] = rules_value(fide_decisions)),
            &StateError::Outcome(Some(won)),
        );
        let as_draw = played(fide_decisions, queen, &[], &[Action::Resign]);
        assert_eq!(
            as_draw.outcome(),
            Some(draw(DrawReason::ResignationWithoutMatingMaterial))
        );
        says(
            refused(&as_draw, |v| v["rules"] = rules_value(booklet_decisions)),
            &StateError::OutcomeOutsideRules(draw(DrawReason::ResignationWithoutMatingMaterial)),
        );

        // And what the rules do give reads back: a claimed threefold repetition under FIDE
        // with decisions, an automatic fivefold under FIDE.
        let claimed = played(fide_decisions, START, &DANCES[..8], &[Action::ClaimDraw]);
        assert_eq!(
            claimed.outcome(),
            Some(draw(DrawReason::ThreefoldRepetition))
        );
        assert_eq!(
            serde_json::from_str::<State>(&json(&claimed)).expect("valid"),
            claimed
        );
    }
}
