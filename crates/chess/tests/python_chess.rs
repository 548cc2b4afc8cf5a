//! Differential test against python-chess 1.11.2, an independent implementation: the golden
//! files in `tests/data/python_chess_*` were written by python-chess (each names its source
//! and how it was made in its first line) and this crate must give the same answers.
//!
//! - `python_chess_positions.txt`: seeded random games (standard, Chess960, and starts
//!   taken from python-chess's own test suite); per position the FEN in both en-passant
//!   conventions (rules section 6), every legal move in UCI and SAN (K3-K20, A6-A11), check,
//!   checkmate (K16, T5), stalemate (A1), insufficient material (K21, A2), repetitions (A3),
//!   the claimable draws (FIDE 9.2, 9.3; A4) and the automatic outcome under `Rules::fide`
//!   (fivefold repetition and 75 moves, D3).
//! - `python_chess_san.txt`: SAN texts in python-chess's form and in the variants PGN files
//!   hold, with python-chess's verdict.
//! - `python_chess_games.pgn` / `.txt`: games python-chess wrote (comments, NAGs,
//!   variations, tags with unescaped quotes, `SetUp`/`FEN`, Chess960) and what it reads
//!   from them.
//!
//! Where the rules decide differently from python-chess the test encodes our decision and
//! says why (see `python_chess_fen_disagreements_are_decided`).

use lattjo_chess::pgn::{read_pgn, write_pgn};
use lattjo_chess::{
    Action, CastlingMode, Chess, Color, DrawReason, EpMode, FenError, Game, Outcome, Position,
    PositionErrorKind, Rules, SanError, Square, State, WinReason,
};

const POSITIONS: &str = include_str!("data/python_chess_positions.txt");
const SAN: &str = include_str!("data/python_chess_san.txt");
const GAMES_PGN: &str = include_str!("data/python_chess_games.pgn");
const GAMES_EXPECTED: &str = include_str!("data/python_chess_games.txt");

fn mode(flag: &str) -> CastlingMode {
    match flag {
        "0" => CastlingMode::Standard,
        "1" => CastlingMode::Chess960,
        other => panic!("mode {other:?}"),
    }
}

/// The outcome as the golden file names it (python-chess's `Termination`).
fn outcome_name(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "-",
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate,
        }) => "mateW",
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate,
        }) => "mateB",
        Some(Outcome::Draw(DrawReason::Stalemate)) => "stalemate",
        Some(Outcome::Draw(DrawReason::InsufficientMaterial)) => "insufficient",
        Some(Outcome::Draw(DrawReason::SeventyFiveMoves)) => "75moves",
        Some(Outcome::Draw(DrawReason::FivefoldRepetition)) => "fivefold",
        Some(other) => panic!("no such outcome in a game of moves: {other:?}"),
    }
}

/// One position line as python-chess wrote it, from our side.
fn our_line(game: &Chess, state: &State) -> [String; 4] {
    let p = state.position();
    let mut moves: Vec<(String, String)> = p
        .legal_moves()
        .iter()
        .map(|&m| (p.to_uci(m).to_string(), p.san(m)))
        .collect();
    moves.sort();
    let moves: Vec<String> = moves.iter().map(|(u, s)| format!("{u}:{s}")).collect();
    let claims = game.claimable_draws(state);
    let legal = p.to_fen(EpMode::Legal);
    let always = p.to_fen(EpMode::Always);
    [
        legal.clone(),
        if always == legal {
            "=".to_owned()
        } else {
            always
        },
        moves.join(" "),
        format!(
            "check={} mate={} stalemate={} insuff={} rep={} claim3={} claim50={} outcome={}",
            u8::from(p.is_check()),
            u8::from(p.is_checkmate()),
            u8::from(p.is_stalemate()),
            u8::from(p.is_insufficient_material()),
            state.repetitions().min(5),
            u8::from(claims.threefold_repetition),
            u8::from(claims.fifty_moves),
            outcome_name(state.outcome()),
        ),
    ]
}

/// A FEN without its castling field: python-chess writes Chess960 rights in X-FEN (`k`
/// for the outer rook), this crate writes file letters where X-FEN would read back as
/// standard chess (docs/chess.md, FEN); the positions are compared as parsed instead.
fn without_castling(fen: &str) -> String {
    fen.split(' ')
        .enumerate()
        .filter(|&(i, _)| i != 2)
        .map(|(_, f)| f)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Rules section 6 (FEN), K3-K20 and A6-A11 (moves), K16/T5, A1, K21/A2, A3, A4, D3: every
/// position of the golden games gives python-chess's FEN, legal moves, SAN, check, mate,
/// stalemate, material, repetition, claim and outcome answers.
#[test]
fn python_chess_positions_agree() {
    let mut lines = POSITIONS.lines();
    let header = lines.next().expect("header");
    assert!(
        header.starts_with("# source: python-chess 1.11.2"),
        "{header}"
    );
    let (mut games, mut positions, mut moves_seen) = (0, 0, 0);
    let mut outcomes = std::collections::BTreeMap::new();
    while let Some(line) = lines.next() {
        let (flag, fen) = line
            .strip_prefix("game ")
            .and_then(|rest| rest.split_once(' '))
            .unwrap_or_else(|| panic!("game line expected: {line}"));
        let mode = mode(flag);
        let start = Position::from_fen(fen, mode).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let ucis: Vec<&str> = lines
            .next()
            .and_then(|l| l.strip_prefix("moves"))
            .expect("moves line")
            .split_whitespace()
            .collect();
        let game = Chess::new(Rules::fide()).expect("rules").with_start(start);
        let mut state = game.new_initial_state();
        for ply in 0..=ucis.len() {
            let expected: Vec<&str> = lines.next().expect("position line").split('\t').collect();
            let ours = our_line(&game, &state);
            let at = format!("game {games} ({fen}) ply {ply}");
            if mode == CastlingMode::Standard {
                assert_eq!(ours[0], expected[0], "FEN, en passant when legal, {at}");
                assert_eq!(ours[1], expected[1], "FEN, en passant always, {at}");
            } else {
                let always = if expected[1] == "=" {
                    expected[0]
                } else {
                    expected[1]
                };
                let theirs = Position::from_fen(always, mode).expect("python's X-FEN");
                assert_eq!(&theirs, state.position(), "Chess960 FEN {always}, {at}");
                assert_eq!(
                    without_castling(&ours[0]),
                    without_castling(expected[0]),
                    "{at}"
                );
            }
            assert_eq!(ours[2], expected[2], "legal moves and SAN, {at}");
            assert_eq!(ours[3], expected[3], "status, {at}");
            // python-chess's SAN reads back as the same move here.
            let pos = state.position();
            for pair in expected[2].split_whitespace() {
                let (uci, san) = pair.split_once(':').expect("uci:san");
                let m = pos
                    .parse_san(san)
                    .unwrap_or_else(|e| panic!("{san}: {e}, {at}"));
                assert_eq!(pos.to_uci(m).to_string(), uci, "{san}, {at}");
                moves_seen += 1;
            }
            positions += 1;
            if let Some(uci) = ucis.get(ply) {
                let m = pos
                    .parse_uci(uci)
                    .unwrap_or_else(|e| panic!("{uci}: {e}, {at}"));
                game.apply(&mut state, &Action::Move(m))
                    .unwrap_or_else(|e| panic!("{uci}: {e}, {at}"));
            }
        }
        *outcomes.entry(outcome_name(state.outcome())).or_insert(0) += 1;
        games += 1;
    }
    // The file is what it says: every kind of ending and all its positions were compared.
    assert_eq!((games, positions, moves_seen), (258, 2176, 53_558));
    for kind in [
        "mateW",
        "mateB",
        "stalemate",
        "insufficient",
        "fivefold",
        "75moves",
    ] {
        assert!(outcomes.contains_key(kind), "{kind} in {outcomes:?}");
    }
}

/// Rules section 6 (SAN): python-chess's verdict on each text is ours. Where python-chess
/// calls a text invalid, ours may read it as the move it was made from (the tolerated
/// variants of docs/chess.md: `!?`, `Pe4`, `e.p.`, `:`) but never as another move.
#[test]
fn python_chess_san_verdicts_agree() {
    let mut lines = SAN.lines();
    let header = lines.next().expect("header");
    assert!(
        header.starts_with("# source: python-chess 1.11.2"),
        "{header}"
    );
    let mut pos = Position::new();
    let mut counts = [0usize; 4];
    for line in lines {
        if let Some(rest) = line.strip_prefix("position ") {
            let (flag, fen) = rest.split_once(' ').expect("mode and FEN");
            pos = Position::from_fen(fen, mode(flag)).unwrap_or_else(|e| panic!("{fen}: {e}"));
            continue;
        }
        let [san, verdict, intended]: [&str; 3] = line
            .split('\t')
            .collect::<Vec<_>>()
            .try_into()
            .unwrap_or_else(|_| panic!("{line}"));
        let ours = pos.parse_san(san);
        let at = format!("{san:?} in {pos}");
        match verdict {
            "illegal" => {
                assert!(matches!(ours, Err(SanError::Illegal(_))), "{at}: {ours:?}");
                counts[1] += 1;
            }
            "ambiguous" => {
                assert!(
                    matches!(ours, Err(SanError::Ambiguous(_))),
                    "{at}: {ours:?}"
                );
                counts[2] += 1;
            }
            "invalid" => {
                match ours {
                    Err(SanError::Syntax(_)) => {}
                    Ok(m) => assert_eq!(pos.to_uci(m).to_string(), intended, "{at}"),
                    Err(e) => panic!("{at}: {e}"),
                }
                counts[3] += 1;
            }
            uci => {
                let m = ours.unwrap_or_else(|e| panic!("{at}: {e}"));
                assert_eq!(pos.to_uci(m).to_string(), uci, "{at}");
                counts[0] += 1;
            }
        }
    }
    assert_eq!(
        counts,
        [2214, 1000, 122, 1754],
        "accepted, illegal, ambiguous, invalid"
    );
}

/// PGN (rules section 6): the games python-chess wrote read here as python-chess reads
/// them (start, result, main line), and our writer's text reads back the same.
#[test]
fn python_chess_pgn_games_read_the_same() {
    let read = read_pgn(GAMES_PGN);
    assert!(read.errors.is_empty(), "{:?}", read.errors);
    let mut expected = GAMES_EXPECTED.lines();
    let header = expected.next().expect("header");
    assert!(
        header.starts_with("# source: python-chess 1.11.2"),
        "{header}"
    );
    let expected: Vec<&str> = expected.collect();
    assert_eq!(read.games.len(), expected.len());
    assert_eq!(read.games.len(), 40);
    for (game, line) in read.games.iter().zip(&expected) {
        let fields: Vec<&str> = line.split('\t').collect();
        let theirs = Position::from_fen(fields[0], game.start.castling_mode())
            .unwrap_or_else(|e| panic!("{}: {e}", fields[0]));
        assert_eq!(
            theirs.to_fen(EpMode::Legal),
            game.start.to_fen(EpMode::Legal),
            "line {}",
            game.line
        );
        assert_eq!(game.result.to_string(), fields[1], "line {}", game.line);
        let mut pos = game.start.clone();
        let mut ucis = Vec::new();
        for &m in &game.moves {
            ucis.push(pos.to_uci(m).to_string());
            pos.play(m).expect("legal");
        }
        assert_eq!(
            ucis.join(" "),
            fields.get(2).copied().unwrap_or(""),
            "line {}",
            game.line
        );
        let again = read_pgn(&write_pgn(game));
        assert!(again.errors.is_empty(), "{:?}", again.errors);
        assert_eq!(
            again.games,
            std::slice::from_ref(game),
            "line {}",
            game.line
        );
    }
}

/// Real archives as real tools wrote them (mliebelt/pgn-parser's test files: 232 games of
/// The Week in Chess, 32 lichess classical games, 8 of a player's lichess export): every game
/// reads, to python-chess's main line length, result and final position, and writes back to
/// the same game.
#[test]
fn real_archives_read_as_python_chess_reads_them() {
    let files = [
        (
            "pgn_parser_twic-01-232games.pgn",
            include_str!("data/pgn_parser_twic-01-232games.pgn"),
        ),
        (
            "pgn_parser_32games.pgn",
            include_str!("data/pgn_parser_32games.pgn"),
        ),
        (
            "pgn_parser_lichess_mliebelt_2024-01-03.pgn",
            include_str!("data/pgn_parser_lichess_mliebelt_2024-01-03.pgn"),
        ),
    ];
    let mut expected = include_str!("data/pgn_parser_expected.txt").lines();
    let header = expected.next().expect("header");
    assert!(
        header.starts_with("# source: python-chess 1.11.2"),
        "{header}"
    );
    let expected: Vec<Vec<&str>> = expected.map(|l| l.split('\t').collect()).collect();
    let mut at = 0;
    for (name, text) in files {
        assert!(text.starts_with("% source: mliebelt/pgn-parser"), "{name}");
        let read = read_pgn(text);
        assert!(read.errors.is_empty(), "{name}: {:?}", read.errors);
        for game in &read.games {
            let want = &expected[at];
            at += 1;
            assert_eq!(want[0], name);
            let mut pos = game.start.clone();
            for &m in &game.moves {
                pos.play(m).expect("legal");
            }
            let ours = [
                game.moves.len().to_string(),
                game.result.to_string(),
                pos.to_fen(EpMode::Legal),
            ];
            assert_eq!(ours, want[1..], "{name} line {}", game.line);
            let again = read_pgn(&write_pgn(game));
            assert_eq!(
                again.games,
                std::slice::from_ref(game),
                "{name} line {}",
                game.line
            );
        }
    }
    assert_eq!((at, expected.len()), (272, 272));
}

/// A German piece letter (`Sf3` for `Nf3`, mliebelt/pgn-parser's `sampleGameThrow.pgn`) is
/// refused by name; python-chess 1.11.2 reads the game on, with the move as the pawn move
/// `f3` and no error.
#[test]
fn regression_a_foreign_piece_letter_is_refused_not_read_as_a_pawn_move() {
    let read = read_pgn("1.d4 Nf6 2. Sf3 d5\n");
    assert!(read.games.is_empty());
    assert_eq!(read.errors.len(), 1);
    let e = read.errors[0].to_string();
    assert!(e.contains("\"Sf3\" at ply 3"), "{e}");
}

/// FENs of python-chess's test suite (test.py and its fuzz corpus) that python-chess takes
/// and we refuse, each with the typed error that says why; the rules decide each one.
#[test]
fn python_chess_fen_disagreements_are_decided() {
    let kinds = |fen: &str| match fen.parse::<Position>() {
        Err(FenError::Position(e)) => e.kinds().to_vec(),
        other => panic!("{fen}: {other:?}"),
    };
    // A13: the en-passant square must fit a double step. Before g2-g4 the bishop on h5
    // would have checked the black king on e2 with White to move, so g2-g4 cannot have been
    // the last move (python-chess only checks the pawns and squares).
    assert_eq!(
        kinds("8/8/8/7B/6Pp/8/4k2K/3r4 b - g3 0 1"),
        [PositionErrorKind::BadEnPassant(Square::G3)]
    );
    // A13 / K1: eight black pawns and a second queen: a promoted queen needs a missing pawn.
    assert_eq!(
        kinds("k6K/8/8/pppppppp/8/8/8/QqQq4 w - - 0 1"),
        [PositionErrorKind::ImpossibleMaterial(Color::Black)]
    );
    // Rules section 6: six FEN fields (four accepted); the move number starts at 1.
    assert_eq!(
        "4k3/8/8/8/8/8/8/4KB2".parse::<Position>(),
        Err(FenError::FieldCount(1))
    );
    assert!(matches!(
        "3krQK1/8/8/8/1q6/3B1N2/1b6/1R4R1 b - - 0 0".parse::<Position>(),
        Err(FenError::Fullmoves(_))
    ));
    // `~` marks a promoted piece in Crazyhouse FENs, not in chess.
    assert!(matches!(
        "8/8/8/8/3k4/3N~4/3K4/8 w - - 0 1".parse::<Position>(),
        Err(FenError::BoardChar(_))
    ));
}

/// Rules K5, K6 and K8-K12 (how each piece moves), K14 and A9 (no move may leave the own king
/// attacked: pins, a king's step), section 6 (SAN): on every eighth standard position of the
/// golden games, every SAN that names a pawn advance or capture (with and without
/// promotion), a king's step, or a knight, bishop, rook or queen move to any square (with no
/// origin, its file or its rank) gets the verdict python-chess's list of legal moves gives:
/// the one move it names, illegal when none, ambiguous when several. The reader resolves
/// most SAN without generating moves (one candidate piece, then pins or the king's target
/// checked directly); this pins each shortcut to an independent move list.
#[test]
fn san_verdicts_follow_python_chess_legal_moves() {
    let mut lines = POSITIONS.lines().skip(1);
    let (mut positions, mut checked, mut legal, mut ambiguous) = (0usize, 0usize, 0usize, 0usize);
    let mut index = 0usize;
    while let Some(line) = lines.next() {
        let (flag, fen) = line
            .strip_prefix("game ")
            .and_then(|rest| rest.split_once(' '))
            .unwrap_or_else(|| panic!("game line expected: {line}"));
        let mut pos = Position::from_fen(fen, mode(flag)).expect("fen");
        let ucis: Vec<&str> = lines
            .next()
            .and_then(|l| l.strip_prefix("moves"))
            .expect("moves line")
            .split_whitespace()
            .collect();
        for ply in 0..=ucis.len() {
            let expected: Vec<&str> = lines.next().expect("position line").split('\t').collect();
            index += 1;
            if flag == "0" && index.is_multiple_of(8) {
                positions += 1;
                let theirs: Vec<&str> = expected[2]
                    .split_whitespace()
                    .map(|pair| pair.split_once(':').expect("uci:san").0)
                    .collect();
                let (c, l, a) = check_san_verdicts(&pos, &theirs);
                checked += c;
                legal += l;
                ambiguous += a;
            }
            if let Some(uci) = ucis.get(ply) {
                let m = pos.parse_uci(uci).expect("python's move");
                pos.play(m).expect("python's move is legal");
            }
        }
    }
    assert!(positions > 200, "{positions} positions");
    assert!(
        legal > 10_000 && ambiguous > 0,
        "{legal} legal, {ambiguous} ambiguous"
    );
    println!("{positions} positions, {checked} SAN, {legal} legal, {ambiguous} ambiguous");
}

/// [`san_verdicts_follow_python_chess_legal_moves`] on one position whose legal moves are
/// `theirs` (UCI, castling as the king's two-square step): how many SAN were checked, how
/// many named a legal move, how many were ambiguous.
fn check_san_verdicts(pos: &Position, theirs: &[&str]) -> (usize, usize, usize) {
    let role_letter = |sq: &str| {
        let sq: Square = sq.parse().expect("square");
        pos.board()
            .piece_at(sq)
            .map(|p| p.role.char().to_ascii_uppercase())
    };
    // Python's moves as (piece letter, from, to, promotion), castling left out (SAN writes it
    // O-O; a king's SAN names only its steps).
    let moves: Vec<(char, &str, &str, &str)> = theirs
        .iter()
        .map(|u| {
            (
                role_letter(&u[..2]).expect("a piece"),
                &u[..2],
                &u[2..4],
                &u[4..],
            )
        })
        .filter(|&(r, from, to, _)| r != 'K' || from.as_bytes()[0].abs_diff(to.as_bytes()[0]) < 2)
        .collect();
    let (mut checked, mut legal, mut ambiguous) = (0, 0, 0);
    let mut verdict = |san: String, matching: Vec<String>| {
        checked += 1;
        let ours = pos.parse_san(&san);
        match matching.as_slice() {
            [] => assert!(
                matches!(ours, Err(SanError::Illegal(_))),
                "{san} in {pos}: {ours:?}"
            ),
            [uci] => {
                let m = ours.unwrap_or_else(|e| panic!("{san} in {pos}: {e}, python plays {uci}"));
                assert_eq!(&pos.to_uci(m).to_string(), uci, "{san} in {pos}");
                legal += 1;
            }
            _ => {
                assert!(
                    matches!(ours, Err(SanError::Ambiguous(_))),
                    "{san} in {pos}: {ours:?}, python has {matching:?}"
                );
                ambiguous += 1;
            }
        }
    };
    let find = |letter: char, to: &str, promo: &str, origin: &dyn Fn(&str) -> bool| {
        moves
            .iter()
            .filter(|&&(r, f, t, p)| r == letter && t == to && p == promo && origin(f))
            .map(|&(_, f, t, p)| format!("{f}{t}{p}"))
            .collect::<Vec<_>>()
    };
    for file in 'a'..='h' {
        for rank in '1'..='8' {
            let to = format!("{file}{rank}");
            let promos: &[&str] = if matches!(rank, '1' | '8') {
                &["", "q", "n"]
            } else {
                &[""]
            };
            for &promo in promos {
                let suffix = if promo.is_empty() {
                    String::new()
                } else {
                    format!("={}", promo.to_uppercase())
                };
                // An advance: the pawn of the target's file.
                let m = find('P', &to, promo, &|f| f.starts_with(file));
                verdict(format!("{to}{suffix}"), m);
                for from in ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] {
                    if (from as u8).abs_diff(file as u8) == 1 {
                        let m = find('P', &to, promo, &|f| f.starts_with(from));
                        verdict(format!("{from}x{to}{suffix}"), m);
                    }
                }
            }
            verdict(format!("K{to}"), find('K', &to, "", &|_| true));
            for letter in ['N', 'B', 'R', 'Q'] {
                verdict(format!("{letter}{to}"), find(letter, &to, "", &|_| true));
                for c in ('a'..='h').chain('1'..='8') {
                    let m = find(letter, &to, "", &|f| f.contains(c));
                    verdict(format!("{letter}{c}{to}"), m);
                }
            }
        }
    }
    (checked, legal, ambiguous)
}
