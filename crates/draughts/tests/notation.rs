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
    // A `-` path of three squares is read as a capture (traditional notation): none here.
    assert_eq!(
        e("11-15-19"),
        MoveTextError::Illegal {
            text: "11-15-19".into()
        }
    );
    assert_eq!(e("11x15-19"), MoveTextError::Syntax("11x15-19".into()));
    assert_eq!(e("11:15x19"), MoveTextError::Syntax("11:15x19".into()));
    assert_eq!(e("11:15-19"), MoveTextError::Syntax("11:15-19".into()));
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
        "square 22 holds a white piece, but black is to move"
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

/// Regression, found comparing with pydraughts 0.6.7 (`tests/pydraughts.rs`): pydraughts
/// reads `19-1` as the capture 19x10x1, as traditional checkers notation writes captures
/// (`10-17 21-14`) and archives copied from it do, but this crate refused every capture
/// written with `-` as illegal; nor did it read the PDN reading grammar's `:` capture
/// separator. Section 6; D8 (a capture is compulsory, so a `-` text never fits both a step
/// and a capture); A5 (the capture still has to be complete).
#[test]
fn dash_written_capture_was_refused_section_6_d8() {
    let short = KingMoves::Short;
    let pos: Position = "W:W19:B15,6".parse().unwrap();
    let full = pos.parse_move("19x10x1", short).unwrap();
    for text in ["19-1", "19-10-1", "19:1", "19:10:1", " 19-1 "] {
        assert_eq!(pos.parse_move(text, short), Ok(full), "{text}");
    }
    // A5: stopping after the first jump is no move, whatever the separator.
    for text in ["19-10", "19:10", "19x10"] {
        assert_eq!(
            pos.parse_move(text, short),
            Err(MoveTextError::Illegal { text: text.into() }),
            "{text}"
        );
    }
    // D8: with a capture on, a step written with `-` stays illegal, and a capture between
    // neighbouring squares does not exist.
    let pos: Position = "B:W18:B15".parse().unwrap();
    let jump = pos.parse_move("15x22", short).unwrap();
    assert_eq!(pos.parse_move("15-22", short), Ok(jump));
    for text in ["15-19", "15-18"] {
        assert_eq!(
            pos.parse_move(text, short),
            Err(MoveTextError::Illegal { text: text.into() })
        );
    }
    // Two capture paths from 6 to 22: a `-` short form is as ambiguous as an `x` one.
    let pos: Position = "B:W9,10,17,18:B6".parse().unwrap();
    assert_eq!(
        pos.parse_move("6-22", short),
        Err(MoveTextError::Ambiguous {
            text: "6-22".into(),
            count: 2
        })
    );
    assert_eq!(
        pos.parse_move("6-13-22", short).unwrap().to_string(),
        "6x13x22"
    );
    // V2: a flying king's long step written with `-` is still a step.
    let pos: Position = "W:WK1:B20".parse().unwrap();
    let slide = pos.parse_move("1-10", KingMoves::Flying).unwrap();
    assert!(!slide.is_capture());
    assert_eq!(slide.to_string(), "1-10");
    // What this crate writes is unchanged: `x` for every capture.
    let pos: Position = "W:W19:B15,6".parse().unwrap();
    assert_eq!(pos.move_text(&full, short), "19x1");
}

/// Regression (notation audit, 5 Dec 2026): `Square`'s `Debug` showed the internal 0-31
/// index, so square 1 printed as `Square(0)`, and every error and value that holds squares
/// (`FenError`, `PositionError`, `MoveError`, a failed `assert_eq!`) named the
/// square before the one meant. Section 6: the 1-32 numbering everywhere.
#[test]
fn square_debug_showed_the_internal_index() {
    for n in 1..=32 {
        let sq = Square::new(n).unwrap();
        assert_eq!(format!("{sq:?}"), format!("Square({n})"));
    }
    let fen = "W:W1:B32".parse::<Position>().unwrap_err();
    let text = format!("{fen:?}");
    assert!(
        text.contains("Square(1)") && !text.contains("Square(0)"),
        "{text}"
    );
    let dup = format!("{:?}", "B:W5:B5".parse::<Position>().unwrap_err());
    assert!(dup.contains("Square(5)"), "{dup}");
    let sq = |n| Square::new(n).unwrap();
    let shape = lattjo_draughts::Move::new(&[sq(15), sq(17)], &[]).unwrap_err();
    assert_eq!(
        format!("{shape:?}"),
        "NotDiagonal { from: Square(15), to: Square(17) }"
    );
}
