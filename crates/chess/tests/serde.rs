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
