//! FEN, UCI (moves and `position` commands) and Polyglot hashing against published references
//! and Stockfish.

use lattjo_chess::{CastlingMode, EpMode, FenError, Position, UciError, UciMove};

/// Polyglot book-format reference: the published key test vectors (rules section 7 lists
/// the first three; the rest are the same table's further lines).
#[test]
fn polyglot_keys_match_published_test_vectors() {
    let vectors: [(&[&str], u64); 9] = [
        (&[], 0x463b_9618_1691_fc9c),
        (&["e2e4"], 0x823c_9b50_fd11_4196),
        (&["e2e4", "d7d5"], 0x0756_b944_61c5_0fb0),
        (&["e2e4", "d7d5", "e4e5"], 0x662f_afb9_65db_29d4),
        (&["e2e4", "d7d5", "e4e5", "f7f5"], 0x22a4_8b5a_8e47_ff78),
        (
            &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"],
            0x652a_607c_a3f2_42c1,
        ),
        (
            &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"],
            0x00fd_d303_c946_bdd9,
        ),
        (
            &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"],
            0x3c81_23ea_7b06_7637,
        ),
        (
            &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"],
            0x5c3f_9b82_9b27_9560,
        ),
    ];
    for (moves, key) in vectors {
        let mut pos = Position::new();
        for m in moves {
            let mv = pos.parse_uci(m).expect("legal");
            pos.play(mv).expect("legal");
        }
        assert_eq!(pos.zobrist(), key, "after {moves:?}");
        // Incremental hash equals the hash of the same position parsed from scratch.
        let fresh: Position = pos.to_string().parse().expect("fen");
        assert_eq!(fresh.zobrist(), pos.zobrist());
    }
}

#[test]
fn fen_round_trips_on_standard_positions() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/8/8/8/8/K6k b - - 99 150",
    ] {
        let pos: Position = fen.parse().expect("valid");
        assert_eq!(pos.to_string(), fen);
    }
}

#[test]
fn fen_chess960_castling_fields_xfen_and_shredder() {
    let shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let p = Position::from_fen(shredder, CastlingMode::Chess960).expect("valid");
    // Written in X-FEN: the outermost rook on each side is K/Q, others by file.
    assert_eq!(
        p.to_string(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    );
    let inner = Position::from_fen("4k3/8/8/8/8/8/8/RR3K1R w BH - 0 1", CastlingMode::Chess960)
        .expect("valid");
    assert_eq!(inner.to_string(), "4k3/8/8/8/8/8/8/RR3K1R w KB - 0 1");
    let again = Position::from_fen(&p.to_string(), CastlingMode::Chess960).expect("valid");
    assert_eq!(again, p);
    // Standard letters parse in Chess960 too, and FromStr falls back to Chess960.
    let auto: Position = shredder.parse().expect("valid");
    assert_eq!(auto.castling_mode(), CastlingMode::Chess960);
    assert_eq!(
        Position::chess960(518),
        Some(
            Position::from_fen(&Position::new().to_string(), CastlingMode::Chess960)
                .expect("valid")
        )
    );
    assert!(Position::chess960(960).is_none());
    assert_eq!(
        Position::chess960(0).map(|p| p.board().board_fen()),
        Some("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR".to_owned())
    );
}

#[test]
fn fen_errors_name_the_field() {
    type Check = fn(&FenError) -> bool;
    let cases: [(&str, Check); 9] = [
        ("", |e| matches!(e, FenError::FieldCount(0))),
        ("8/8/8/8/8/8/8 w - - 0 1", |e| {
            matches!(e, FenError::RankCount(7))
        }),
        ("8/8/8/8/8/8/8/K6k1 w - - 0 1", |e| {
            matches!(e, FenError::RankLength { .. })
        }),
        ("8/8/8/8/8/8/8/K5xk w - - 0 1", |e| {
            matches!(e, FenError::BoardChar('x'))
        }),
        ("8/8/8/8/8/8/8/K6k x - - 0 1", |e| {
            matches!(e, FenError::Turn(_))
        }),
        ("8/8/8/8/8/8/8/K6k w Z - 0 1", |e| {
            matches!(e, FenError::Castling(_))
        }),
        ("8/8/8/8/8/8/8/K6k w - e9 0 1", |e| {
            matches!(e, FenError::EnPassant(_))
        }),
        ("8/8/8/8/8/8/8/K6k w - - x 1", |e| {
            matches!(e, FenError::Halfmoves(_))
        }),
        ("8/8/8/8/8/8/8/K6k w - - 0 0", |e| {
            matches!(e, FenError::Fullmoves(_))
        }),
    ];
    for (fen, check) in cases {
        let err = Position::from_fen(fen, CastlingMode::Standard).expect_err(fen);
        assert!(check(&err), "{fen}: {err:?}");
        let msg = err.to_string();
        assert!(
            msg.chars().next().is_some_and(|c| c.is_lowercase()) && !msg.ends_with('.'),
            "{msg}"
        );
    }
}

#[test]
fn uci_parse_write_and_errors() {
    let p = Position::new();
    let m = p.parse_uci("e2e4").expect("legal");
    assert_eq!(p.to_uci(m).to_string(), "e2e4");
    assert_eq!("0000".parse::<UciMove>(), Ok(UciMove::Null));
    assert_eq!(p.parse_uci("0000"), Err(UciError::Null));
    assert!(matches!(p.parse_uci("e2e5"), Err(UciError::Illegal(_))));
    assert!(matches!(p.parse_uci("e2"), Err(UciError::Syntax(_))));
    assert!(matches!(p.parse_uci("e7e8k"), Err(UciError::Syntax(_))));
    assert!(matches!(p.parse_uci("é2e4"), Err(UciError::Syntax(_))));
    let promo: Position = "8/P6k/8/8/8/8/8/K7 w - - 0 1".parse().expect("valid");
    let q = promo.parse_uci("a7a8q").expect("legal");
    assert_eq!(promo.to_uci(q).to_string(), "a7a8q");
    assert!(promo.parse_uci("a7a8").is_err());
    // Chess960 castling is "king takes rook".
    let c960 = Position::from_fen("4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1", CastlingMode::Chess960)
        .expect("valid");
    let castles: Vec<String> = c960
        .legal_moves()
        .iter()
        .filter(|m| c960.is_castling(**m))
        .map(|m| c960.to_uci(*m).to_string())
        .collect();
    assert_eq!(castles, ["f1g1", "f1b1"]);
    let mut after = c960.clone();
    after
        .play(c960.parse_uci("f1b1").expect("legal"))
        .expect("legal");
    assert_eq!(after.to_string(), "4k3/8/8/8/8/8/8/2KR2R1 b - - 1 1");
    let mut short = c960.clone();
    short
        .play(c960.parse_uci("f1g1").expect("legal"))
        .expect("legal");
    assert_eq!(short.to_string(), "4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1");
}

/// UCI `position` commands this crate wrote for random games (standard chess and Chess960)
/// reach in Stockfish 15.1 the positions they reach here, and read back as written. Source:
/// `data/stockfish_uci_position.txt` (its header says how it was made).
#[test]
fn stockfish_reaches_the_positions_of_uci_position_commands() {
    use lattjo_chess::uci::UciPosition;
    use lattjo_chess::{Chess, Rules};
    let booklet = Chess::new(Rules::lattjo()).expect("a preset");
    let mut n = 0;
    for line in include_str!("data/stockfish_uci_position.txt").lines() {
        if line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let mode = if f[0] == "1" {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let cmd = UciPosition::parse(f[1], mode).unwrap_or_else(|e| panic!("{}: {e}", f[1]));
        assert_eq!(cmd.to_string(), f[1], "writes back as read");
        // Stockfish writes Chess960 castling rights by file (Shredder-FEN) and the en-passant
        // square only when a capture can use it: compare positions, not text.
        let sf = Position::from_fen(f[2], mode).unwrap();
        let ours = cmd.position();
        assert_eq!(
            ours.to_fen(EpMode::Legal),
            sf.to_fen(EpMode::Legal),
            "{}",
            f[1]
        );
        assert_eq!(ours.zobrist(), sf.zobrist());
        // The booklet's rules end a game only where the position does, as Stockfish plays.
        let state = cmd.to_state(&booklet).unwrap();
        assert_eq!(state.position(), ours);
        assert_eq!(UciPosition::from_state(&state), cmd);
        n += 1;
    }
    assert_eq!(n, 300);
}

/// FEN fields and ranks are counted before any is kept: millions of `/` or of fields are
/// refused with their count, without a list of them (before the audit of 7 Dec 2026 the
/// reader listed them first, 16 bytes each).
#[test]
fn regression_fen_listed_every_rank_and_field_before_counting_them() {
    let slashes = format!("{} w - - 0 1", "/".repeat(5_000_000));
    assert_eq!(
        Position::from_fen(&slashes, CastlingMode::Standard),
        Err(FenError::RankCount(5_000_001))
    );
    let fields = "8 ".repeat(1_000_000);
    assert_eq!(
        Position::from_fen(&fields, CastlingMode::Standard),
        Err(FenError::FieldCount(1_000_000))
    );
}

/// The clocks' errors quote their field through `boardgame_core::text::excerpt`, as every
/// other FEN error does: a FEN whose half-move clock or move number was a megabyte of digits
/// made an error (and its message) of a megabyte, and its message said only "invalid".
#[test]
fn regression_fen_clock_errors_quoted_the_whole_field() {
    use boardgame_core::text::EXCERPT_CHARS;
    let digits = "9".repeat(1 << 20);
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    for (fen, half) in [
        (format!("{board} {digits} 1"), true),
        (format!("{board} 0 {digits}"), false),
    ] {
        let err = Position::from_fen(&fen, CastlingMode::Standard).unwrap_err();
        let quoted = match &err {
            FenError::Halfmoves(q) if half => q,
            FenError::Fullmoves(q) if !half => q,
            other => panic!("{other:?}"),
        };
        assert_eq!(quoted.chars().count(), EXCERPT_CHARS);
        assert!(err.to_string().len() < 200, "{}", err.to_string().len());
    }
    assert_eq!(
        Position::from_fen(&format!("{board} 0 0"), CastlingMode::Standard)
            .unwrap_err()
            .to_string(),
        "move number: expected a whole number from 1 to 4294967295, found \"0\""
    );
    assert_eq!(
        Position::from_fen(&format!("{board} -1 1"), CastlingMode::Standard)
            .unwrap_err()
            .to_string(),
        "half-move clock: expected a whole number from 0 to 4294967295, found \"-1\""
    );
}
