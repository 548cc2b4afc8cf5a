//! EPD (`lattjo_chess::epd`) against python-chess 1.11.2, an independent implementation: 400
//! lines it wrote (`data/epd/python_chess.tsv`, made by `data/epd/gen.py`, its header line
//! names the source) read here to the position and operations python-chess reads, and write
//! back to text that reads to the same. Then hand-made lines: the perft suites' layout,
//! escapes, and every error; and proptests (no panic on any text; `parse(write(x)) == x`).

use lattjo_chess::epd::{Epd, EpdError, Value};
use lattjo_chess::{CastlingMode, Move, Position};
use proptest::prelude::*;
use serde_json::Value as Json;

/// python-chess's value (moves in UCI) read in `pos`, for the opcode.
fn expected(pos: &Position, opcode: &str, v: &Json) -> Value {
    let uci = |p: &Position, s: &Json| -> Move { p.parse_uci(s.as_str().unwrap()).unwrap() };
    let Some(obj) = v.as_object() else {
        return if matches!(opcode, "pv" | "am" | "bm") {
            Value::Moves(Vec::new())
        } else {
            Value::Empty
        };
    };
    let (kind, x) = obj.iter().next().unwrap();
    match kind.as_str() {
        "int" => Value::Integer(x.as_i64().unwrap()),
        "float" => Value::Float(x.as_f64().unwrap()),
        "text" => Value::Text(x.as_str().unwrap().to_owned()),
        "move" => Value::Move(uci(pos, x)),
        "moves" if opcode == "pv" => {
            let mut p = pos.clone();
            let mut line = Vec::new();
            for s in x.as_array().unwrap() {
                let m = uci(&p, s);
                p.play(m).unwrap();
                line.push(m);
            }
            Value::Moves(line)
        }
        "moves" => Value::Moves(x.as_array().unwrap().iter().map(|s| uci(pos, s)).collect()),
        other => panic!("unknown kind {other}"),
    }
}

#[test]
fn reads_what_python_chess_writes_as_python_chess_reads_it() {
    let data = include_str!("data/epd/python_chess.tsv");
    let mut lines = data.lines();
    let header = lines.next().unwrap();
    assert!(
        header.starts_with("# source: python-chess 1.11.2"),
        "{header}"
    );
    let mut count = 0;
    let mut moves = 0;
    for line in lines {
        let mut cols = line.split('\t');
        let (text, fen, ops) = (
            cols.next().unwrap(),
            cols.next().unwrap(),
            cols.next().unwrap(),
        );
        let epd: Epd = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        let want: Position = fen.parse().unwrap();
        assert_eq!(epd.position(), &want, "{text}");
        let ops: serde_json::Map<String, Json> = serde_json::from_str(ops).unwrap();
        let mut distinct: Vec<&str> = epd.operations().iter().map(|o| o.opcode()).collect();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), ops.len(), "{text}");
        for (opcode, v) in &ops {
            let want = expected(&want, opcode, v);
            if let Value::Moves(ms) = &want {
                moves += ms.len();
            }
            assert_eq!(epd.get(opcode), Some(&want), "{text}: {opcode}");
        }
        let back: Epd = epd.to_string().parse().unwrap();
        assert_eq!(back, epd, "{text}");
        count += 1;
    }
    assert_eq!(count, 400);
    assert!(moves > 300, "{moves}");
}

#[test]
fn perft_suite_layout() {
    let epd: Epd = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039 ;D3 97862"
        .parse()
        .unwrap();
    assert_eq!(epd.get("D1"), Some(&Value::Integer(48)));
    assert_eq!(epd.get("D3"), Some(&Value::Integer(97862)));
    assert_eq!(epd.position().legal_moves().len(), 48);
    assert_eq!(
        epd.to_string(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - D1 48; D2 2039; D3 97862;"
    );
}

#[test]
fn clocks_escapes_and_empty_operands() {
    let text =
        r#"4k3/8/8/8/8/8/8/4K2R w K - hmvc 12; fmvn 40; c0 "say \"hi\"\\ \t"; noop; bm; - ;"#;
    let epd: Epd = text.parse().unwrap();
    assert_eq!(
        (epd.position().halfmoves(), epd.position().fullmoves()),
        (12, 40)
    );
    assert_eq!(
        epd.get("c0"),
        Some(&Value::Text("say \"hi\"\\ \t".to_owned()))
    );
    assert_eq!(epd.get("noop"), Some(&Value::Empty));
    assert_eq!(epd.get("bm"), Some(&Value::Moves(Vec::new())));
    assert_eq!(epd.operations().len(), 5);
    assert_eq!(epd.to_string().parse::<Epd>().unwrap(), epd);
    // A text left open runs to the end of the line (python-chess reads it so).
    let open: Epd = r#"4k3/8/8/8/8/8/8/4K3 w - - id "open"#.parse().unwrap();
    assert_eq!(open.get("id"), Some(&Value::Text("open".to_owned())));
    // Castling and UCI moves.
    let epd: Epd = "4k3/8/8/8/8/8/8/4K2R w K - bm O-O e1g1; sm h1h8+; pv O-O Kd7 Re1"
        .parse()
        .unwrap();
    let Some(Value::Moves(bm)) = epd.get("bm") else {
        panic!()
    };
    assert_eq!(bm.len(), 2);
    assert_eq!(bm[0], bm[1]);
    assert_eq!(
        epd.to_string(),
        "4k3/8/8/8/8/8/8/4K2R w K - bm O-O O-O; sm Rh8+; pv O-O Kd7 Re1;"
    );
}

#[test]
fn errors_name_what_is_wrong() {
    let err = |s: &str| s.parse::<Epd>().unwrap_err();
    // The operations of a line on the two kings.
    let ops = |ops: &str| err(&format!("4k3/8/8/8/8/8/8/4K3 w - - {ops}"));
    assert!(matches!(err("4k3/8/8/8 w"), EpdError::Fen(_)));
    assert!(matches!(
        ops("9x 1;"),
        EpdError::Opcode(o) if o == "9x"
    ));
    assert!(matches!(
        ops("acd 1.2.3;"),
        EpdError::Number { opcode, .. } if opcode == "acd"
    ));
    assert!(matches!(ops("ce inf;"), EpdError::Move { .. }));
    assert!(matches!(ops("ce +inf;"), EpdError::Number { .. }));
    assert!(matches!(
        ops("bm Ke1;"),
        EpdError::Move { text, .. } if text == "Ke1"
    ));
    assert!(matches!(ops("pv Kd2 Kd2;"), EpdError::Move { .. }));
    assert!(matches!(
        ops("sm Kd2 Kd1;"),
        EpdError::MoveCount { found: 2, .. }
    ));
    assert!(matches!(
        ops(r#"id "a" b;"#),
        EpdError::AfterText { text, .. } if text == "b"
    ));
    for bad in [
        "hmvc -1;",
        "hmvc 2.5;",
        "fmvn 0;",
        "hmvc \"x\";",
        "fmvn 99999999999;",
    ] {
        assert!(matches!(ops(bad), EpdError::Clock { .. }), "{bad}");
    }
    // push checks the same, and leaves the value as it was.
    let mut epd = Epd::new(Position::new());
    let before = epd.clone();
    let e4 = Position::new().parse_san("e4").unwrap();
    let mut after = Position::new();
    after.play(e4).unwrap();
    let e5_for_white = after.parse_san("e5").unwrap();
    assert!(epd.push("bm", Value::Move(e5_for_white)).is_err());
    assert!(epd.push("pv", Value::Moves(vec![e4, e4])).is_err());
    assert!(epd.push("sm", Value::Moves(vec![e4, e4])).is_err());
    assert!(epd.push("ce", Value::Float(f64::NAN)).is_err());
    assert!(epd.push("fmvn", Value::Integer(0)).is_err());
    assert!(epd.push("hmvc", Value::Text("1".into())).is_err());
    assert!(epd.push("1x", Value::Empty).is_err());
    assert_eq!(epd, before);
    // One form a line reads back to: a single move of `bm` is a list, a list of one for
    // another opcode one move.
    epd.push("bm", Value::Move(e4)).unwrap();
    epd.push("sm", Value::Moves(vec![e4])).unwrap();
    assert_eq!(epd.get("bm"), Some(&Value::Moves(vec![e4])));
    assert_eq!(epd.get("sm"), Some(&Value::Move(e4)));
    assert_eq!(epd.to_string().parse::<Epd>().unwrap(), epd);
}

/// pgn-extract's `-Wepd` writes the game's tags and result as unquoted `c0` and `c1`
/// operands (`c0 ?-? Event Site ????.??.??; c1 1-0;`), so every line it writes was refused
/// (as python-chess refuses it). The standard (16.2.5) makes those operands strings: an
/// unquoted operand of a string opcode that reads as no number and no one legal move is now
/// its text. Other opcodes, and operands that do read, are as before.
#[test]
fn regression_pgn_extract_epd_with_unquoted_c0_did_not_read() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let read = |ops: &str| format!("{start} {ops}").parse::<Epd>();
    let text = |t: &str| Some(Value::Text(t.to_owned()));
    let epd = read("c0 ?-? pe 38 ? ????.??.??; c1 1-0;").unwrap();
    assert_eq!(epd.get("c0").cloned(), text("?-? pe 38 ? ????.??.??"));
    assert_eq!(epd.get("c1").cloned(), text("1-0"));
    for (ops, opcode, want) in [
        ("id WAC.001;", "id", "WAC.001"),
        ("eco B12;", "eco", "B12"),
        ("nic VO 17.3;", "nic", "VO 17.3"),
        ("v0 Panov attack;", "v0", "Panov attack"),
        ("c9 1/2-1/2;", "c9", "1/2-1/2"),
        ("tcsi 10 x;", "tcsi", "10 x"),
    ] {
        let epd = read(ops).unwrap_or_else(|e| panic!("{ops}: {e}"));
        assert_eq!(epd.get(opcode).cloned(), text(want), "{ops}");
        // Written back quoted, as the standard has it, and read back the same.
        assert_eq!(epd.to_string().parse::<Epd>().unwrap(), epd, "{ops}");
    }
    // What reads as a number or one legal move still does, as python-chess reads it.
    let e4 = Position::new().parse_san("e4").unwrap();
    assert_eq!(read("c0 e4;").unwrap().get("c0"), Some(&Value::Move(e4)));
    assert_eq!(read("id 38;").unwrap().get("id"), Some(&Value::Integer(38)));
    // Other opcodes are not text.
    assert!(matches!(
        read("sm Kd2 Kd1;"),
        Err(EpdError::MoveCount { found: 2, .. })
    ));
    assert!(matches!(read("acd 1-0;"), Err(EpdError::Number { .. })));
    assert!(matches!(read("c10 x;"), Err(EpdError::Move { .. })));
}

/// A Chess960 suite's line whose king is on e1 and rooks on a1 and h1 reads as standard
/// chess from its castling field alone (`KQkq`), so its castling moves were written as
/// standard UCI (`e1g1`) where a Chess960 engine expects king takes rook (`e1h1`), with no
/// way to say the line is Chess960. `Epd::from_epd` takes the mode, as
/// `Position::from_fen` does. pgn-extract's `-Wepd` of 1,000 Chess960 games wrote 544 such
/// lines among 59,021.
#[test]
fn chess960_lines_read_in_the_mode_given() {
    let line = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - bm O-O; id \"castles\";";
    let epd = Epd::from_epd(line, CastlingMode::Chess960).unwrap();
    assert_eq!(epd.position().castling_mode(), CastlingMode::Chess960);
    let Some(Value::Moves(best)) = epd.get("bm") else {
        panic!("{epd:?}")
    };
    assert_eq!(epd.position().to_uci(best[0]).to_string(), "e1h1");
    // Written back (Shredder letters, which only Chess960 has), it reads back the same with
    // or without the mode.
    let text = epd.to_string();
    assert!(text.contains(" HAha "), "{text}");
    assert_eq!(text.parse::<Epd>(), Ok(epd.clone()));
    assert_eq!(
        Epd::from_epd(&text, CastlingMode::Chess960),
        Ok(epd.clone())
    );
    // The field alone says standard chess; the mode given agrees with FromStr where both
    // are standard.
    let standard: Epd = line.parse().unwrap();
    assert_eq!(standard.position().castling_mode(), CastlingMode::Standard);
    assert_eq!(Epd::from_epd(line, CastlingMode::Standard), Ok(standard));
    // A field that standard chess cannot have is refused in its mode, by the position.
    let shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - ;D1 21";
    assert!(Epd::from_epd(shredder, CastlingMode::Chess960).is_ok());
    assert!(matches!(
        Epd::from_epd(shredder, CastlingMode::Standard),
        Err(EpdError::Fen(_))
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any text: a value or a typed error, never a panic; what reads writes back to the same.
    #[test]
    fn any_text_reads_or_errs(tail in "[ -~\t]{0,60}") {
        for head in ["4k3/8/8/8/8/8/8/4K2R w K - ", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 "] {
            if let Ok(epd) = format!("{head}{tail}").parse::<Epd>() {
                let back: Epd = epd.to_string().parse().unwrap();
                prop_assert_eq!(back, epd);
            }
        }
    }

    /// Random operations on positions of random games: `parse(write(x)) == x`.
    #[test]
    fn write_then_read_is_identity(
        plies in proptest::collection::vec(any::<u16>(), 0..40),
        picks in proptest::collection::vec(any::<u16>(), 1..6),
        text in "[ -~\t\n\"\\\\]{0,12}",
        n in any::<i64>(),
        x in -1e30f64..1e30,
    ) {
        let mut pos = Position::new();
        for r in plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[usize::from(r) % moves.len()];
            pos.play(m).unwrap();
        }
        // The position alone keeps its clocks as `hmvc` and `fmvn`.
        let plain = Epd::new(pos.clone());
        prop_assert_eq!(plain.position(), &pos);
        let back: Epd = plain.to_string().parse().unwrap();
        prop_assert_eq!(&back, &plain);
        let mut epd = plain;
        let moves = pos.legal_moves();
        if !moves.is_empty() {
            let bm: Vec<Move> = picks.iter().map(|&p| moves[usize::from(p) % moves.len()]).collect();
            epd.push("bm", Value::Moves(bm)).unwrap();
            epd.push("sm", Value::Move(moves[0])).unwrap();
            let mut p = pos.clone();
            let mut line = Vec::new();
            for &r in &picks {
                let ms = p.legal_moves();
                if ms.is_empty() {
                    break;
                }
                let m = ms[usize::from(r) % ms.len()];
                p.play(m).unwrap();
                line.push(m);
            }
            epd.push("pv", Value::Moves(line)).unwrap();
        }
        epd.push("id", Value::Text(text)).unwrap();
        epd.push("acn", Value::Integer(n)).unwrap();
        epd.push("ce", Value::Float(x)).unwrap();
        epd.push("noop", Value::Empty).unwrap();
        epd.push("hmvc", Value::Integer(i64::from(pos.halfmoves()))).unwrap();
        epd.push("fmvn", Value::Integer(i64::from(pos.fullmoves()))).unwrap();
        prop_assert_eq!(epd.position(), &pos);
        let back: Epd = epd.to_string().parse().unwrap();
        prop_assert_eq!(back, epd);
    }
}

/// A move operation of a million tokens is refused with the count, without a list of the
/// tokens (before the audit of 7 Dec 2026 the reader kept 16 bytes a token to count them).
#[test]
fn regression_an_operation_of_a_million_tokens_was_listed_to_be_counted() {
    let line = format!("4k3/8/8/8/8/8/8/4K3 w - - sm {};", "Kd2 ".repeat(1_000_000));
    assert!(matches!(
        line.parse::<Epd>(),
        Err(EpdError::MoveCount {
            found: 1_000_000,
            ..
        })
    ));
}

/// The opcode of a move operation with more than one move is quoted through
/// `boardgame_core::text::excerpt`, as every other opcode in an error is: a megabyte-long
/// opcode before two moves made an error, and its message, of a megabyte (found by
/// `examples/tests/error_excerpts.rs`, which makes every field of valid texts long,
/// 8 December 2026).
#[test]
fn regression_the_opcode_of_a_move_count_error_was_copied_whole() {
    use boardgame_core::text::EXCERPT_CHARS;
    let opcode = "z".repeat(1 << 20);
    let line = format!("4k3/8/8/8/8/8/8/4K3 w - - {opcode} Kd2 Kd1;");
    let err = line.parse::<Epd>().unwrap_err();
    match &err {
        EpdError::MoveCount { opcode, found: 2 } => {
            assert_eq!(opcode.chars().count(), EXCERPT_CHARS);
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().len() < 200, "{}", err.to_string().len());
}

/// What follows a quoted text operand before its `;` is quoted through
/// `boardgame_core::text::excerpt` in its error: `id "x" ` and a megabyte made an error, and
/// its message, of a megabyte (found by a review of the error types' `String` fields,
/// 8 December 2026).
#[test]
fn regression_the_text_after_a_quoted_operand_was_copied_whole() {
    use boardgame_core::text::EXCERPT_CHARS;
    let tail = "z".repeat(1 << 20);
    let line = format!("4k3/8/8/8/8/8/8/4K3 w - - id \"x\" {tail};");
    let err = line.parse::<Epd>().unwrap_err();
    match &err {
        EpdError::AfterText { opcode, text } => {
            assert_eq!(opcode, "id");
            assert_eq!(text.chars().count(), EXCERPT_CHARS);
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().len() < 200, "{}", err.to_string().len());
}
