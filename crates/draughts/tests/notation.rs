//! PDN move text (section 6 conventions, A8) and its errors.

use lattjo_draughts::{Color, KingMoves, MoveTextError, Position, Square, SquareError};

#[test]
fn a8_short_form_only_when_unambiguous() {
    let pos: Position = "B:W10,19:B6".parse().unwrap();
    let mv = pos.parse_move("6x15x24", KingMoves::Short).unwrap();
    assert_eq!(pos.parse_move("6x24", KingMoves::Short), Ok(mv));
    assert_eq!(pos.move_text(&mv, KingMoves::Short), "6x24");
    // Two ways from 6 to 22: the short form is refused and written in full.
    let pos: Position = "B:W9,10,17,18:B6".parse().unwrap();
    assert_eq!(
        pos.parse_move("6x22", KingMoves::Short),
        Err(MoveTextError::Ambiguous {
            text: "6x22".into(),
            count: 2
        })
    );
    let mv = pos.parse_move("6x15x22", KingMoves::Short).unwrap();
    assert_eq!(pos.move_text(&mv, KingMoves::Short), "6x15x22");
    // One landing square in between is enough to choose.
    assert_eq!(
        pos.parse_move("6x13x22", KingMoves::Short)
            .unwrap()
            .to_string(),
        "6x13x22"
    );
}

#[test]
fn move_text_errors_are_typed() {
    let pos = Position::start();
    let e = |t: &str| pos.parse_move(t, KingMoves::Short).unwrap_err();
    assert_eq!(e("11-15-19"), MoveTextError::Syntax("11-15-19".into()));
    assert_eq!(e("11x15-19"), MoveTextError::Syntax("11x15-19".into()));
    assert_eq!(e("1115"), MoveTextError::Syntax("1115".into()));
    assert_eq!(e(""), MoveTextError::Syntax("".into()));
    assert_eq!(e("11-"), MoveTextError::Syntax("11-".into()));
    assert_eq!(
        e("11-33"),
        MoveTextError::Square(SquareError::OutOfRange(33))
    );
    assert_eq!(
        e("11x15"),
        MoveTextError::Illegal {
            text: "11x15".into()
        }
    );
    // A move by the wrong side: 22-18 is White's, Black is to move.
    assert_eq!(
        e("22-18"),
        MoveTextError::WrongSide {
            square: Square::new(22).unwrap(),
            turn: Color::Black
        }
    );
    assert_eq!(
        e("22-18").to_string(),
        "square 22 holds a White piece, but Black is to move"
    );
    assert_eq!(
        pos.parse_move(" 11-15 ", KingMoves::Short)
            .unwrap()
            .to_string(),
        "11-15"
    );
    assert_eq!(
        pos.parse_move("11X15", KingMoves::Short),
        Err(MoveTextError::Illegal {
            text: "11X15".into()
        })
    );
}

#[test]
fn regression_full_path_matched_a_longer_flying_path_as_ambiguous() {
    // Found by proptest: with flying kings "11x18x29" was also read as a subsequence of a
    // longer path through 18 and 29, and refused as ambiguous. Every square given means
    // exactly that path.
    let pos: Position = "B:W6,7,14,15,25:B1,3,4,5,8,10,K11,12,13,16,17,19"
        .parse()
        .unwrap();
    let mut v = Vec::new();
    pos.legal_moves(KingMoves::Flying, &mut v);
    for mv in &v {
        assert_eq!(
            pos.parse_move(&mv.to_string(), KingMoves::Flying).as_ref(),
            Ok(mv)
        );
    }
    assert!(v.iter().any(|m| m.to_string() == "11x18x29"));
}
