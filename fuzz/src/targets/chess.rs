//! lattjo-chess: FEN, SAN, UCI, `Action`'s text, the PGN reader over a `BufRead`, the JSON
//! of every deserializable type (positions, setups, states, moves, rules, ...) and `apply`.

use std::io::BufReader;

use boardgame_core::text::encode_utf16_file;
use lattjo_chess::epd::{Epd, Value};
use lattjo_chess::pgn::commands::{
    Command, CommandErrorKind, MarkColor, PlyCommands, Score, commands, remove_commands,
    set_command, text_without_commands, write_comment,
};
use lattjo_chess::pgn::{PgnGame, PgnReader, Variation, read_pgn};
use lattjo_chess::polyglot::Book;
use lattjo_chess::san::{San, SanPlus, Suffix};
use lattjo_chess::uci::{EngineMessage, GuiCommand, UciPosition, resolve_line};
use lattjo_chess::{
    Action, Bitboard, Board, ByColor, CastlingMode, CastlingSide, Chess, Color, DrawReason, EpMode,
    File, Game, GameResult, Move, Outcome, Piece, PlayError, Position, Rank, Role, Rules, Setup,
    Square, State, UciMove, WinReason,
};

use crate::{
    Bytes, check_json_reads_back, check_learning, joined, json_round_trip, play_from_bytes,
    random_states, seed_bytes, split, text, text_round_trip, to_json, utf16_files,
};

/// Real positions: the start, the perft suite, Chess960 starts, en passant, promotions,
/// castling rights of every kind, checks and ends.
const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/8/8/8/8/8/8/R3K3 w - - 100 80",
    "8/8/8/8/8/8/8/K6k w - - 0 1",
    "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
    "nrkbbnrq/pppppppp/8/8/8/8/PPPPPPPP/NRKBBNRQ w GBgb - 0 1",
    "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1",
    "8/P7/8/8/8/8/7p/K1k5 w - - 0 1",
    "4k3/8/8/2KpP3/8/8/8/8 w - d6 0 1",
    "r3k3/8/8/8/8/8/8/4K2R b Kq - 3 40",
    "1k6/8/8/8/8/8/8/1K6 w - - 149 120",
];

/// Every invariant a valid position keeps, and one ply of play from it.
fn check_position(pos: &Position) {
    check_board(pos.board());
    let b = pos.board();
    let occupied = b.occupied();
    for c in Color::ALL {
        assert_eq!(
            (b.by_role(Role::King) & b.by_color(c)).count(),
            1,
            "{pos:?}: {c:?} has not exactly one king"
        );
    }
    assert!(
        (b.by_role(Role::Pawn) & (Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth)))
            .is_empty(),
        "{pos:?}: a pawn on a back rank"
    );
    let us = pos.turn();
    assert!(
        pos.attackers_to(pos.king(!us), us, occupied).is_empty(),
        "{pos:?}: the side not to move is in check"
    );
    assert_eq!(
        pos.checkers(),
        pos.attackers_to(pos.king(us), !us, occupied),
        "{pos:?}: checkers"
    );
    assert!(pos.fullmoves() >= 1, "{pos:?}: move number 0");
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), pos.count_legal_moves(), "{pos:?}: move count");
    assert_eq!(moves.is_empty(), !pos.has_legal_moves(), "{pos:?}");
    for &m in moves.iter() {
        assert!(pos.is_legal(m), "{pos:?}: generated {m} is not legal");
        let mut next = pos.clone();
        if let Err(e) = next.play(m) {
            panic!("{pos:?}: the generated {m} does not play: {e}");
        }
        check_board(next.board());
        assert!(
            next.attackers_to(next.king(us), !us, next.board().occupied())
                .is_empty(),
            "{pos:?}: {m} leaves the king in check"
        );
    }
}

/// The bitboards of a board agree: roles and colours partition the occupied squares.
fn check_board(b: &Board) {
    let (w, k) = (b.by_color(Color::White), b.by_color(Color::Black));
    assert!((w & k).is_empty(), "{b:?}: a square of both colours");
    assert_eq!(w | k, b.occupied(), "{b:?}: colours and occupancy");
    let mut seen = Bitboard::EMPTY;
    for r in Role::ALL {
        let x = b.by_role(r);
        assert!((seen & x).is_empty(), "{b:?}: a square of two roles");
        seen |= x;
    }
    assert_eq!(seen, b.occupied(), "{b:?}: roles and occupancy");
}

/// A position is read back the same from its own setup, in its own castling mode.
fn check_setup_round_trip(pos: &Position) {
    let back = Position::from_setup(pos.to_setup(), pos.castling_mode());
    assert_eq!(
        back.as_ref(),
        Ok(pos),
        "{pos:?} is not rebuilt from its setup"
    );
    let legal_ep = pos.to_fen(EpMode::Legal);
    match Position::from_fen(&legal_ep, pos.castling_mode()) {
        Ok(p) => assert_eq!(
            p.repetition_key(),
            pos.repetition_key(),
            "{legal_ep:?} is another position"
        ),
        Err(e) => panic!("{pos:?} writes {legal_ep:?} (EpMode::Legal), which reads as {e}"),
    }
}

fn rules_from(b: &mut Bytes<'_>) -> Chess {
    let bits = b.u8();
    let rules = Rules::fide()
        .with_claimable_draws(bits & 1 != 0)
        .with_automatic_draws(bits & 2 != 0)
        .with_auto_claim(bits & 4 != 0)
        .with_agreement_needs_moves(bits & 8 != 0)
        .with_resignation_needs_mating_material(bits & 16 != 0)
        .with_decisions(bits & 32 != 0);
    match Chess::new(rules) {
        Ok(g) => g,
        Err(_) => {
            assert!(
                rules.auto_claim && !rules.claimable_draws,
                "{rules:?} refused"
            );
            Chess::default()
        }
    }
}

fn arbitrary_action(b: &mut Bytes<'_>) -> Action {
    let kind = b.u8() % 10;
    let mut arbitrary_move = || {
        let from = Square::ALL[usize::from(b.u8() % 64)];
        let to = Square::ALL[usize::from(b.u8() % 64)];
        let promotion = match b.u8() % 8 {
            k @ 0..=5 => Some(Role::ALL[usize::from(k)]),
            _ => None,
        };
        Move {
            from,
            to,
            promotion,
        }
    };
    match kind {
        0 => Action::Resign,
        1 => Action::OfferDraw,
        2 => Action::AcceptDraw,
        3 => Action::ClaimDraw,
        // A claim with a move (FIDE 9.2.1.1, 9.3.1.1): mostly refused, as the move is rarely
        // legal and the claim more rarely correct.
        4 => Action::ClaimDrawWith(arbitrary_move()),
        _ => Action::Move(arbitrary_move()),
    }
}

/// Plays `game` from `state` on the fuzzer's bytes, then checks what play reached: the
/// history replays to the same position, and the state's JSON reads back as itself.
fn play_on(game: &Chess, state: State, bytes: &mut Bytes<'_>) {
    let end = play_from_bytes(game, state, bytes, 200, arbitrary_action);
    check_learning(game, &end, bytes, false);
    assert_eq!(end.rules(), game.rules(), "play kept the state's rules");
    let replayed = match game.replay(end.start().clone(), end.moves()) {
        Ok(s) => s,
        Err(e) => panic!("the moves played do not replay: {e}"),
    };
    assert_eq!(
        replayed.position(),
        end.position(),
        "replay reaches another position"
    );
    check_json_reads_back(&end);
}

/// FEN: `Setup::from_fen`, `Position`'s `FromStr`/`Display` and `from_fen` in both castling
/// modes; an accepted position is valid, and is played on with the bytes after a NUL.
pub fn fen(data: &[u8]) {
    let (head, tail) = split(data);
    let Some(s) = text(head) else { return };
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        if let Ok(pos) = Position::from_fen(s, mode) {
            check_setup_round_trip(&pos);
        }
    }
    if let Ok(setup) = Setup::from_fen(s) {
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            if let Ok(pos) = Position::from_setup(setup, mode) {
                assert_eq!(pos.board(), &setup.board, "from_setup moved pieces");
                assert_eq!(pos.turn(), setup.turn, "from_setup changed the turn");
            }
        }
    }
    // A board diagram (`Board`'s `Display`) reads back exactly.
    let _ = text_round_trip::<Board>(s);
    let Some(pos) = text_round_trip::<Position>(s) else {
        return;
    };
    check_position(&pos);
    check_setup_round_trip(&pos);
    let mut bytes = Bytes::new(tail);
    let game = rules_from(&mut bytes).with_start(pos);
    let state = game.new_initial_state();
    play_on(&game, state, &mut bytes);
}

/// Seeds for [`fen`]: real FENs, positions of random games and Chess960 starts.
pub fn fen_seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = FENS.iter().map(|f| f.as_bytes().to_vec()).collect();
    for n in [0, 518, 959] {
        if let Some(p) = Position::chess960(n) {
            out.push(p.to_string().into_bytes());
        }
    }
    let game = Chess::default();
    for s in random_states(&game, &game.new_initial_state(), 0..6, 160, 40) {
        out.push(joined(
            s.position().to_string().as_bytes(),
            &seed_bytes(out.len() as u64, 64),
        ));
    }
    // Board diagrams, as `Board`'s `Display` writes them.
    out.push(Board::standard().to_string().into_bytes());
    for s in random_states(&game, &game.new_initial_state(), 6..8, 60, 20) {
        out.push(s.position().board().to_string().into_bytes());
    }
    out
}

/// Every text form of a token: SAN, SAN with suffix, UCI, a move, an action, a square, a
/// file, a rank, a colour, a result.
fn token_round_trips(tok: &str) {
    text_round_trip::<Action>(tok);
    text_round_trip::<San>(tok);
    text_round_trip::<SanPlus>(tok);
    text_round_trip::<UciMove>(tok);
    text_round_trip::<Move>(tok);
    text_round_trip::<Square>(tok);
    text_round_trip::<File>(tok);
    text_round_trip::<Rank>(tok);
    text_round_trip::<Color>(tok);
    text_round_trip::<GameResult>(tok);
}

/// The first line as a FEN (the start when it does not read), the rest as moves.
fn position_and_moves(s: &str) -> (Position, &str) {
    let (first, rest) = s.split_once('\n').unwrap_or((s, ""));
    match first.parse::<Position>() {
        Ok(p) => (p, rest),
        Err(_) => (Position::new(), s),
    }
}

/// Every legal move's SAN reads back as that move.
fn check_all_san(pos: &Position) {
    for &m in pos.legal_moves().iter() {
        let san = pos.san(m);
        assert_eq!(
            pos.parse_san(&san),
            Ok(m),
            "{pos:?}: {m} is written {san:?}"
        );
        let plus = SanPlus::from_move(pos, m);
        let mut after = pos.clone();
        after.play_unchecked(m);
        let expected = if after.is_checkmate() {
            Some(Suffix::Checkmate)
        } else if after.is_check() {
            Some(Suffix::Check)
        } else {
            None
        };
        assert_eq!(plus.suffix, expected, "{pos:?}: suffix of {m}");
        let uci = pos.to_uci(m).to_string();
        assert_eq!(pos.parse_uci(&uci), Ok(m), "{pos:?}: {m} is UCI {uci:?}");
    }
}

/// SAN against a position: a FEN line, then SAN tokens played in turn. Each token's text
/// forms round-trip; an accepted SAN is a legal move whose own SAN names it again.
pub fn san(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let (mut pos, moves) = position_and_moves(s);
    check_all_san(&pos);
    for tok in moves.split_ascii_whitespace().take(64) {
        token_round_trips(tok);
        let before = pos.clone();
        match pos.parse_san(tok) {
            Ok(m) => {
                assert!(pos.is_legal(m), "{pos:?}: {tok:?} read as the illegal {m}");
                let again = pos.san(m);
                assert_eq!(
                    pos.parse_san(&again),
                    Ok(m),
                    "{pos:?}: {tok:?} -> {again:?}"
                );
                if let Ok(san) = tok.parse::<San>() {
                    assert_eq!(san.to_move(&pos), Ok(m), "{pos:?}: San::to_move of {tok:?}");
                }
                if let Err(e) = pos.play(m) {
                    panic!("{before:?}: {tok:?} read as {m}, which does not play: {e}");
                }
            }
            Err(_) => assert_eq!(pos, before, "a refused SAN changed the position"),
        }
    }
    check_all_san(&pos);
}

/// Seeds for [`san`].
pub fn san_seeds() -> Vec<Vec<u8>> {
    let mut out = vec![
        b"e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7".to_vec(),
        b"f3 e5 g4 Qh4#".to_vec(),
        b"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\nO-O-O a2a3 Nxf7 e8c8 exf6 Bxe2 0-0".to_vec(),
        b"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3\nexf6 e.p. exd6 Nd2 Ng1e2".to_vec(),
        b"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2\ne5d6ep+ exd6ep exd6+e.p. e5xd6ep!? ep".to_vec(),
        b"8/P7/8/8/8/8/7p/K1k5 w - - 0 1\na8=Q h1=N+ a8N Qa8+ Kb2 h1Q".to_vec(),
        b"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\nNc3 Nc6 Nd3 Nd6 O-O O-O".to_vec(),
        b"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\nO-O Kd8 Rfd1+ Ke8 Ra8# Rh8#".to_vec(),
        b"e4 e 4 e5 h 8 white black a1 1-0".to_vec(),
    ];
    let game = Chess::default();
    for s in random_states(&game, &game.new_initial_state(), 10..14, 120, 120) {
        let mut text = s.start().to_string();
        text.push('\n');
        let mut p = s.start().clone();
        for &m in s.moves() {
            text.push_str(&p.san(m));
            text.push(' ');
            p.play_unchecked(m);
        }
        out.push(text.into_bytes());
    }
    out
}

/// UCI against a position: a FEN line, then UCI moves played in turn. An accepted move is
/// legal and its own UCI names it again. Each line (at most 64), as each token, that reads as
/// an `Action` (`claim draw with e7e8q`) writes a text that reads back as it.
pub fn uci(data: &[u8]) {
    let Some(s) = text(data) else { return };
    for line in s.lines().take(64) {
        text_round_trip::<Action>(line);
    }
    let (mut pos, moves) = position_and_moves(s);
    for tok in moves.split_ascii_whitespace().take(64) {
        token_round_trips(tok);
        let before = pos.clone();
        match pos.parse_uci(tok) {
            Ok(m) => {
                assert!(pos.is_legal(m), "{pos:?}: {tok:?} read as the illegal {m}");
                let again = pos.to_uci(m).to_string();
                assert_eq!(
                    pos.parse_uci(&again),
                    Ok(m),
                    "{pos:?}: {tok:?} -> {again:?}"
                );
                if let Err(e) = pos.play(m) {
                    panic!("{before:?}: {tok:?} read as {m}, which does not play: {e}");
                }
            }
            Err(_) => assert_eq!(pos, before, "a refused UCI move changed the position"),
        }
        if let Ok(m) = tok.parse::<Move>() {
            let legal = pos.is_legal(m);
            let mut p = pos.clone();
            assert_eq!(
                p.play(m).is_ok(),
                legal,
                "{pos:?}: play and is_legal disagree on {m}"
            );
            if !legal {
                assert_eq!(p, pos, "a refused move changed the position");
            }
        }
    }
    // The whole input as a UCI `position` command, in both castling modes: a command that
    // reads writes a command that reads the same, and its game replays to its position.
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        if let Ok(cmd) = UciPosition::parse(s, mode) {
            let text = cmd.to_string();
            assert_eq!(
                UciPosition::parse(&text, mode).as_ref(),
                Ok(&cmd),
                "{s:?} -> {text:?}"
            );
            if let Ok(state) = cmd.to_state(&Chess::new(Rules::lattjo()).unwrap_or_default()) {
                assert_eq!(state.position(), cmd.position(), "{s:?}: replay");
            }
        }
    }
}

/// Polyglot books from arbitrary bytes: a book that reads lists only legal moves at a few
/// positions and at the positions its own moves lead to from the start, and `choose` picks one
/// of them; refused bytes are refused without a panic.
pub fn polyglot(data: &[u8]) {
    let Ok(book) = Book::new(data) else { return };
    assert_eq!(book.len() * 16, data.len());
    let mut positions = vec![Position::new()];
    if let Some(p) = Position::chess960(518) {
        positions.push(p);
    }
    if let Ok(p) = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse() {
        positions.push(p);
    }
    let mut rng = lattjo_chess::GameRng::new(data.len() as u64, 1);
    // The list grows while it is walked: the positions the book's moves lead to are checked too.
    let mut i = 0;
    while i < positions.len() {
        let p = positions[i].clone();
        i += 1;
        for e in book.entries(&p) {
            assert!(p.is_legal(e.mv), "{p:?}: book move {} not legal", e.mv);
            if positions.len() < 8 {
                let mut next = p.clone();
                next.play_unchecked(e.mv);
                positions.push(next);
            }
        }
        if let Some(m) = book.choose(&p, &mut rng) {
            assert!(book.entries(&p).any(|e| e.mv == m && e.weight > 0));
        }
    }
    if let Some(first) = book.raw(0) {
        assert!(book.raw_entries(first.key).all(|e| e.key == first.key));
    }
}

/// Seeds for [`polyglot`]: a part of the test book and a small book for the start.
pub fn polyglot_seeds() -> Vec<Vec<u8>> {
    let test_book: &[u8] = include_bytes!("../../../crates/chess/tests/data/polyglot/book.bin");
    let start = Position::new().zobrist();
    let mut small = Vec::new();
    for (mv, w) in [(12u16 << 6 | 28, 3u16), (11 << 6 | 27, 1)] {
        small.extend_from_slice(&start.to_be_bytes());
        small.extend_from_slice(&mv.to_be_bytes());
        small.extend_from_slice(&w.to_be_bytes());
        small.extend_from_slice(&0u32.to_be_bytes());
    }
    vec![
        small,
        test_book[..1600].to_vec(),
        test_book[16_000..24_000].to_vec(),
    ]
}

/// Seeds for [`uci`].
pub fn uci_seeds() -> Vec<Vec<u8>> {
    let mut out = vec![
        b"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1 g8f6 0000".to_vec(),
        b"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\ne1c1 e8g8 e1a1 a2a4 b4a3".to_vec(),
        b"8/P7/8/8/8/8/7p/K1k5 w - - 0 1\na7a8q h2h1n a7a8k a7a8".to_vec(),
        b"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\nd1c3 d8c6 e1d3 e8d6 g1h1 g8h8".to_vec(),
        b"e2e4\nresign\noffer draw\naccept  draw\nclaim draw\nclaim draw with e7e8q\nclaim draw with\n0000".to_vec(),
    ];
    let game = Chess::default();
    for s in random_states(&game, &game.new_initial_state(), 20..23, 100, 100) {
        let mut text = s.start().to_string();
        text.push('\n');
        for m in s.moves() {
            text.push_str(&m.to_string());
            text.push(' ');
        }
        out.push(text.into_bytes());
        out.push(UciPosition::from_state(&s).to_string().into_bytes());
    }
    out.push(b"position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1".to_vec());
    out.push(
        b"position fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1 moves g1h1"
            .to_vec(),
    );
    out
}

/// The UCI protocol's messages, a line at a time (at most 64): each line that reads as a GUI
/// command (in both castling modes) or an engine message writes a line that reads back as
/// the same value and holds no line break; the strict readers accept only what the lenient
/// ones read the same way; the move lists of an engine message are played out from the
/// start without a panic, and a line that plays is as long as the list.
pub fn uci_protocol(data: &[u8]) {
    let Some(s) = text(data) else { return };
    for line in s.lines().take(64) {
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            if let Ok(cmd) = GuiCommand::parse(line, mode) {
                let written = cmd.to_string();
                assert!(!written.contains(['\n', '\r']), "{line:?} -> {written:?}");
                assert_eq!(
                    GuiCommand::parse(&written, mode).as_ref(),
                    Ok(&cmd),
                    "{line:?} -> {written:?}"
                );
            }
            if let Ok(strict) = GuiCommand::parse_strict(line, mode) {
                assert_eq!(GuiCommand::parse(line, mode), Ok(strict), "{line:?}");
            }
        }
        text_round_trip::<GuiCommand>(line);
        if let Some(msg) = text_round_trip::<EngineMessage>(line) {
            let written = msg.to_string();
            assert!(!written.contains(['\n', '\r']), "{line:?} -> {written:?}");
            if let EngineMessage::Info(info) = &msg {
                let start = Position::new();
                for moves in [&info.pv, &info.refutation] {
                    if let Ok(played) = resolve_line(&start, moves) {
                        assert_eq!(played.len(), moves.len(), "{line:?}");
                    }
                }
            }
        }
        if let Ok(strict) = EngineMessage::parse_strict(line) {
            assert_eq!(EngineMessage::parse(line), Ok(strict), "{line:?}");
        }
    }
}

/// Seeds for [`uci_protocol`]: the lines of the Stockfish transcript the chess crate's tests
/// keep, both ways, and a line of each message the specification lists.
pub fn uci_protocol_seeds() -> Vec<Vec<u8>> {
    let transcript = include_str!("../../../crates/chess/tests/data/stockfish_uci_transcript.txt");
    let lines: Vec<&str> = transcript
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.get(2..).unwrap_or(""))
        .collect();
    let mut out: Vec<Vec<u8>> = lines
        .chunks(24)
        .map(|c| c.join("\n").into_bytes())
        .collect();
    out.push(
        b"joho debug on\nsetoption name Clear Hash\nregister name Stefan MK code 4359874324\n\
          register later\ngo infinite searchmoves e2e4 d2d4\ngo ponder wtime 1 btime 2 winc 3 \
          binc 4 movestogo 5 depth 6 nodes 7 mate 8 movetime 9\nstop\nponderhit\nquit"
            .to_vec(),
    );
    out.push(
        b"copyprotection checking\nregistration error\nbestmove 0000\nbestmove (none)\n\
          info depth 5 score mate -3 upperbound cpuload 999 sbhits 4 refutation d1h5 g6h5\n\
          info currline 1 d1h5 g6h5\ninfo string a b c\noption name Style type combo \
          default Normal var Solid var Normal var Risky\noption name X type spin default 1 min \
          -5 max 9"
            .to_vec(),
    );
    // Texts of one short word, which a mutation can turn into one white space character
    // that `str::trim` removes and the readers keep (the writers once dropped such a text).
    out.push(b"id name x\nid author x\ninfo string x\nsetoption name x value x".to_vec());
    out
}

/// The moves of a line and its variations are legal where they stand.
fn check_line(start: &Position, moves: &[Move], variations: &[Variation]) {
    let mut positions = vec![start.clone()];
    let mut p = start.clone();
    for &m in moves {
        let played = if m.is_null() {
            p.play_null()
        } else {
            p.play(m)
        };
        if let Err(e) = played {
            panic!("{p:?}: the read move {m} does not play: {e}");
        }
        positions.push(p.clone());
    }
    for v in variations {
        assert!(
            v.ply >= 1 && v.ply <= moves.len(),
            "variation at ply {} of a line of {}",
            v.ply,
            moves.len()
        );
        check_line(&positions[v.ply - 1], &v.moves, &v.variations);
    }
}

/// A game read from PGN: legal moves, comments and NAGs where the moves are, and
/// `read(write(g)) == g` with a stable text.
fn check_game(g: &PgnGame) {
    check_line(&g.start, &g.moves, &g.variations);
    for (ply, _) in &g.comments {
        assert!(*ply <= g.moves.len(), "comment after ply {ply}");
    }
    for (ply, _) in &g.nags {
        assert!(*ply >= 1 && *ply <= g.moves.len(), "nag at ply {ply}");
    }
    let written = g.to_string();
    let again = match written.parse::<PgnGame>() {
        Ok(a) => a,
        Err(e) => panic!("{g:?} writes\n{written}\nwhich reads as {e}"),
    };
    assert_eq!(
        &again, g,
        "read(write(read(s))) != read(s); written:\n{written}"
    );
    assert_eq!(again.to_string(), written, "writing is not stable");
}

/// The streaming PGN reader over a `BufRead` with a small buffer (the size from the input's
/// length), compared with the reader over the whole slice, with `read_pgn` and, for UTF-8
/// input, with the same text as UTF-16 files, with their mark and without
/// ([`utf16_files`]): the same games and errors. Every game read passes [`check_game`].
pub fn pgn(data: &[u8]) {
    let cap = 1 + data.len() % 13;
    let small: Vec<_> = PgnReader::new(BufReader::with_capacity(cap, data))
        .take(64)
        .collect();
    let whole: Vec<_> = PgnReader::new(data).take(64).collect();
    assert_eq!(small, whole, "the buffer size changed what was read");
    if let Some(s) = text(data) {
        let read = read_pgn(s);
        let games: Vec<_> = whole.iter().filter_map(|g| g.as_ref().ok()).collect();
        if whole.len() < 64 {
            assert_eq!(
                read.games.iter().collect::<Vec<_>>(),
                games,
                "read_pgn differs"
            );
        }
    }
    for wide in utf16_files(data) {
        let read: Vec<_> = PgnReader::new(BufReader::with_capacity(cap, &wide[..]))
            .take(64)
            .collect();
        assert_eq!(read, whole, "the text as UTF-16 read otherwise");
    }
    for g in whole.iter().flatten() {
        check_game(g);
    }
}

/// Seeds for [`pgn`]: real games with tags, comments, NAGs, variations and set-up starts,
/// and games written from random play.
pub fn pgn_seeds() -> Vec<Vec<u8>> {
    let mut out = vec![
        b"[Event \"Paris\"]\n[Site \"Paris FRA\"]\n[Date \"1858.??.??\"]\n[Round \"?\"]\n[White \"Paul Morphy\"]\n[Black \"Duke Karl / Count Isouard\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 {This is a weak move already.} 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5?! 10. Nxb5! cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+!! Nxb8 17. Rd8# 1-0\n".to_vec(),
        b"[Event \"a\"]\n\n1. e4 e5 2. Nf3 {develops} Nc6 (2... d6 3. d4 (3. Bc4 Be7) exd4) $1 3. Bb5 a6 1/2-1/2\n\n[Event \"b\"]\n[Event \"b2\"]\n\n1. d4 ; a line comment\nd5 2. c4 {*  0} *\n".to_vec(),
        b"\xef\xbb\xbf[Event \"FEN\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n\n1. O-O Kd7 2. Rfd1+ Kc6 3. Ra6+ Kb5 0-1\n".to_vec(),
        b"[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n1. Nc3 Nc6 2. Nd3 Nd6 3. g3 Rg8 *\n".to_vec(),
        b"% escape line\n1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 e4 *\n\n{unclosed\n".to_vec(),
        b"[White \"Ann\"]\n[Black \"Bo\\\"b\"]\n1.e4!? e5?? 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7# 1-0\n".to_vec(),
        b"1. e4 e5 2. Nf3 Nc6 (2... -- 3. Nxe5 Z0 4. Qh5) 3. Bb5 0000 4. O-O @@@@ *\n\n[Variant \"Three-check\"]\n\n1. e4 e5 *\n".to_vec(),
        encode_utf16_file("[White \"Jürg\"]\r\n\r\n1. e4 {\u{1d11e}} e5 1-0\r\n", false),
        encode_utf16_file("[White \"王\"]\n\n1. d4 d5 *\n", true),
        encode_utf16_file("[White \"Jürg\"]\n\n1. e4 e5 1-0\n", false)[2..].to_vec(),
        b"[Event \"pgn-extract -Welalg\"]\n\n1. e2e4 a7a6 2. e4e5 d7d5 3. e5d6ep+ Ke8f7 (3. e5xd6 ep) 4. d2d4 ep *\n".to_vec(),
    ];
    let game = Chess::default();
    for s in random_states(&game, &game.new_initial_state(), 30..34, 90, 90) {
        let result = s.outcome().map_or(GameResult::Unknown, Outcome::result);
        let g = PgnGame::new(
            &[("Event", "random"), ("Round", "3")],
            s.start().clone(),
            s.moves().to_vec(),
            result,
        );
        out.push(g.to_string().into_bytes());
    }
    out
}

/// The commands of a PGN comment (`pgn::commands`, the input as text, lossily): never a
/// panic; every command read writes a text that reads back to it (alone and in a comment
/// written with `write_comment`); the lenient reading (`PlyCommands`) keeps the first clock
/// and evaluation read; `set_command` leaves exactly the command set under its name (in a
/// comment without an unterminated `[%`); the text without commands and `remove_commands`
/// never panic.
pub fn pgn_commands(data: &[u8]) {
    let s = String::from_utf8_lossy(data);
    let all: Vec<_> = commands(&s).collect();
    let ok: Vec<Command> = all
        .iter()
        .filter_map(|r| r.as_ref().ok())
        .cloned()
        .collect();
    for c in &ok {
        let written = c.to_string();
        assert_eq!(written.parse::<Command>().as_ref(), Ok(c), "{written}");
    }
    let rewritten = write_comment("text", &ok);
    let back: Vec<_> = commands(&rewritten).collect();
    assert_eq!(
        back,
        ok.iter().cloned().map(Ok).collect::<Vec<_>>(),
        "{rewritten}"
    );
    let lenient = PlyCommands::read([s.as_ref()]);
    let first_clock = ok.iter().find_map(|c| match c {
        Command::Clock(t) => Some(*t),
        _ => None,
    });
    assert_eq!(lenient.clock, first_clock);
    let first_eval = ok.iter().find_map(|c| match c {
        Command::Eval(e) => Some(*e),
        _ => None,
    });
    assert_eq!(lenient.eval, first_eval);
    assert_eq!(lenient.errors.len(), all.len() - ok.len());
    for word in s
        .split(|c: char| c.is_whitespace() || "[],".contains(c))
        .take(64)
    {
        let _ = text_round_trip::<Score>(word);
        let _ = text_round_trip::<MarkColor>(word);
    }
    let _ = text_without_commands(&s);
    let _ = remove_commands(&s, "clk");
    // A command removed from after an unterminated `[%` lets that one run on to the next
    // `]` (documented at `remove_commands`): the check holds for comments without one.
    let unterminated = all.iter().any(|r| {
        r.as_ref()
            .is_err_and(|e| e.kind == CommandErrorKind::Unterminated)
    });
    for new in [
        Command::Clock(std::time::Duration::from_millis(179_900)),
        Command::Other {
            name: "x".to_owned(),
            args: "a,\"b]\"".to_owned(),
        },
    ] {
        let set = set_command(&s, &new);
        if unterminated {
            continue;
        }
        let named: Vec<_> = commands(&set)
            .filter_map(Result::ok)
            .filter(|c| c.name() == new.name())
            .collect();
        assert_eq!(named, std::slice::from_ref(&new), "{s:?} -> {set:?}");
    }
}

/// Seeds for [`pgn_commands`]: comments as lichess, chess.com, ChessBase and the PGN
/// Specification Supplement write them, and malformed ones.
pub fn pgn_commands_seeds() -> Vec<Vec<u8>> {
    [
        "[%eval 0.17] [%clk 0:00:30]",
        "(-0.25 \u{2192} 0.39) Inaccuracy. cxd4 was best. [%eval 0.39] [%clk 0:05:05]",
        "[%eval #-4,22]",
        "[%clk 0:10:01.7]",
        "[%csl Yf3][%cal Rd3f3,Re6g6,Gg6g1] Morphy took twelve minutes",
        "Beliavsky clearly suprised here takes a full [%emt 0:20:00] on this move",
        "[%egt 1:25:42] [%mct 17:10:42]",
        "[%command 1:45:12,Nf6,\"very interesting, but wrong\"]",
        "[%evp 0,24,19,38] [%clkc 0:00:30.53] [%timestamp 1]",
        "[%foo [%clk 0:00:05]] [%eval 0.175] [%csl Ga1b2] [%clk 5124095576030432:00:00]",
        "[%emt 0:00:05\"] [%clk 0:01:00] [%",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect()
}

/// A `Position` from JSON (`{"fen", "castling_mode"}`): valid, rebuilt from its setup, and
/// played on with the bytes after a NUL.
pub fn position_json(data: &[u8]) {
    let (head, tail) = split(data);
    let Some(pos) = json_round_trip::<Position>(head) else {
        return;
    };
    check_position(&pos);
    check_setup_round_trip(&pos);
    let mut bytes = Bytes::new(tail);
    let game = rules_from(&mut bytes).with_start(pos);
    let state = game.new_initial_state();
    play_on(&game, state, &mut bytes);
}

/// Seeds for [`position_json`].
pub fn position_json_seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for f in FENS {
        if let Ok(p) = f.parse::<Position>() {
            out.push(joined(&to_json(&p), &seed_bytes(out.len() as u64, 48)));
        }
    }
    if let Some(p) = Position::chess960(77) {
        out.push(to_json(&p));
    }
    out
}

/// A `Setup` from JSON (raw bitboards, issue 15.3): either mode's validation refuses it or
/// builds a valid position with its board and turn.
pub fn setup_json(data: &[u8]) {
    let (head, tail) = split(data);
    let Some(setup) = json_round_trip::<Setup>(head) else {
        return;
    };
    check_board(&setup.board);
    let mut bytes = Bytes::new(tail);
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        let Ok(pos) = Position::from_setup(setup, mode) else {
            continue;
        };
        assert_eq!(pos.board(), &setup.board, "from_setup moved pieces");
        assert_eq!(pos.turn(), setup.turn, "from_setup changed the turn");
        check_position(&pos);
        check_setup_round_trip(&pos);
        let game = rules_from(&mut bytes).with_start(pos);
        let state = game.new_initial_state();
        play_on(&game, state, &mut bytes);
    }
}

/// Seeds for [`setup_json`], among them the contradicting bitboards of issue 15.3.
pub fn setup_json_seeds() -> Vec<Vec<u8>> {
    let mut out = vec![
        br#"{"board":{"by_role":[0,16,0,0,0,1152921504606846992],"by_color":{"white":16,"black":1152921504606846976}},"turn":"White","castling_rooks":0,"ep_square":null,"halfmoves":0,"fullmoves":1}"#.to_vec(),
    ];
    for f in FENS {
        if let Ok(s) = Setup::from_fen(f) {
            out.push(joined(&to_json(&s), &seed_bytes(out.len() as u64, 32)));
        }
    }
    out
}

/// A `State` from JSON (the start, the moves, the offer and the outcome): it replays to the
/// same position, and is played on under rules from the bytes after a NUL.
pub fn state_json(data: &[u8]) {
    let (head, tail) = split(data);
    if let Some(state) = json_round_trip::<State>(head) {
        checked_state(state, tail);
    }
}

/// A state read from any format: its positions and record hold together under its rules, a
/// game of other rules (from `tail`) refuses it unchanged, and it plays on under its own.
pub(crate) fn checked_state(state: State, tail: &[u8]) {
    check_position(state.start());
    check_position(state.position());
    let own = match Chess::new(*state.rules()) {
        Ok(g) => g.with_start(state.start().clone()),
        Err(e) => panic!("a deserialized state has rules no game has: {e}"),
    };
    assert_eq!(own.check_state(&state), Ok(()));
    match own.replay(state.start().clone(), state.moves()) {
        Ok(r) => assert_eq!(r.position(), state.position(), "replay differs"),
        Err(e) => panic!("a deserialized state's moves do not replay under its rules: {e}"),
    }
    if let Some(o) = state.position().outcome() {
        assert_eq!(state.outcome(), Some(o), "the position decided {o:?}");
    }
    let mut bytes = Bytes::new(tail);
    let other = rules_from(&mut bytes);
    if other.rules() != state.rules() {
        assert_eq!(other.check_state(&state), Err(PlayError::OtherRules));
        let mut copy = state.clone();
        let mut legal = Vec::new();
        own.legal_actions(&state, &mut legal);
        other.legal_actions(&state, &mut legal);
        assert!(
            legal.is_empty(),
            "a game lists actions on a state of other rules"
        );
        for a in [Action::Resign, Action::ClaimDraw] {
            assert!(!other.is_legal(&state, &a));
            assert_eq!(other.apply(&mut copy, &a), Err(PlayError::OtherRules));
        }
        assert_eq!(copy, state, "a refused state of other rules changed");
    }
    play_on(&own, state, &mut bytes);
}

/// Seeds for [`state_json`]: states of random games (with and without decisions).
pub fn state_json_seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let games = [
        Chess::default(),
        Chess::new(Rules::fide().with_decisions(true)).unwrap_or_default(),
        Chess::new(Rules::lattjo().with_decisions(true)).unwrap_or_default(),
    ];
    for (i, game) in games.iter().enumerate() {
        let seeds = (i as u64 * 10)..(i as u64 * 10 + 3);
        for s in random_states(game, &game.new_initial_state(), seeds, 150, 50) {
            out.push(joined(&to_json(&s), &seed_bytes(out.len() as u64, 48)));
        }
    }
    if let Some(p) = Position::chess960(300) {
        let game = Chess::default().with_start(p);
        for s in random_states(&game, &game.new_initial_state(), 40..42, 60, 30) {
            out.push(to_json(&s));
        }
    }
    out
}

/// Every other deserializable type: round trip, and validity where it has rules.
pub fn types_json(data: &[u8]) {
    json_round_trip::<Move>(data);
    json_round_trip::<Action>(data);
    json_round_trip::<San>(data);
    json_round_trip::<SanPlus>(data);
    json_round_trip::<Outcome>(data);
    json_round_trip::<GameResult>(data);
    json_round_trip::<WinReason>(data);
    json_round_trip::<DrawReason>(data);
    json_round_trip::<Square>(data);
    json_round_trip::<Piece>(data);
    json_round_trip::<CastlingMode>(data);
    json_round_trip::<CastlingSide>(data);
    json_round_trip::<ByColor<u32>>(data);
    if let Some(b) = json_round_trip::<Board>(data) {
        check_board(&b);
    }
    if let Some(r) = json_round_trip::<Rules>(data) {
        let ok = Chess::new(r).is_ok();
        assert_eq!(ok, !r.auto_claim || r.claimable_draws, "{r:?}");
    }
}

/// Seeds for [`types_json`].
pub fn types_json_seeds() -> Vec<Vec<u8>> {
    let m = Move {
        from: Square::E7,
        to: Square::E8,
        promotion: Some(Role::Queen),
    };
    let mut out = vec![
        to_json(&m),
        to_json(&Action::Move(m)),
        to_json(&Action::ClaimDraw),
        to_json(&Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate,
        }),
        to_json(&Outcome::Draw(DrawReason::FivefoldRepetition)),
        to_json(&GameResult::Draw),
        to_json(&Board::standard()),
        to_json(&Rules::fide()),
        to_json(&Rules::lattjo().with_decisions(true)),
        to_json(&Piece {
            color: Color::White,
            role: Role::Knight,
        }),
        to_json(&CastlingMode::Chess960),
    ];
    for s in ["Nbd7", "exd8=Q#", "O-O-O+"] {
        if let Ok(x) = s.parse::<SanPlus>() {
            out.push(to_json(&x));
            out.push(to_json(&x.san));
        }
    }
    out
}

/// `apply`: a game under rules from the bytes, from the start, a Chess960 start or one of
/// the FENs, played with generated and arbitrary actions.
pub fn apply(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let game = rules_from(&mut bytes);
    let game = match bytes.u8() % 4 {
        0 => game,
        1 => match Position::chess960(u32::from(bytes.u16()) % 960) {
            Some(p) => game.with_start(p),
            None => panic!("every number below 960 is a Chess960 start"),
        },
        _ => match FENS[usize::from(bytes.u8()) % FENS.len()].parse() {
            Ok(p) => game.with_start(p),
            Err(e) => panic!("a seed FEN does not read: {e}"),
        },
    };
    let state = game.new_initial_state();
    play_on(&game, state, &mut bytes);
}

/// Seeds for [`apply`].
pub fn apply_seeds() -> Vec<Vec<u8>> {
    (0..8).map(|i| seed_bytes(i, 500)).collect()
}

/// An EPD line: read, written and read back to the same value (`text_round_trip`); the
/// position is sound and every move of an operation legal where it stands.
pub fn epd(data: &[u8]) {
    let Some(s) = text(data) else { return };
    // In a mode given (`Epd::from_epd`): a line that reads writes back to one that reads
    // the same in that mode.
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        if let Ok(epd) = Epd::from_epd(s, mode) {
            assert_eq!(epd.position().castling_mode(), mode, "{s:?}");
            assert_eq!(
                Epd::from_epd(&epd.to_string(), mode).as_ref(),
                Ok(&epd),
                "{s:?}"
            );
        }
    }
    let Some(epd) = text_round_trip::<Epd>(s) else {
        return;
    };
    let pos = epd.position();
    check_position(pos);
    for op in epd.operations() {
        match op.value() {
            Value::Move(m) => assert!(pos.is_legal(*m), "{s:?}: {m} is not legal"),
            Value::Moves(ms) if op.opcode() == "pv" => {
                let mut p = pos.clone();
                for m in ms {
                    assert!(p.play(*m).is_ok(), "{s:?}: pv {m} is not legal");
                }
            }
            Value::Moves(ms) => assert!(ms.iter().all(|m| pos.is_legal(*m)), "{s:?}"),
            _ => {}
        }
    }
}

/// Seeds for [`epd`]: perft-suite and test-suite lines, escapes, clocks, every position of
/// [`FENS`] with a best move and a variation.
pub fn epd_seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400 ;D3 8902",
        r#"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id "back rank"; c0 "a \"b\" \\ \t";"#,
        "4k3/8/8/8/8/8/8/4K2R w K - bm O-O e1g1; sm h1h8+; pv O-O Kd7 Re1; hmvc 3; fmvn 9;",
        "4k3/8/8/8/8/8/8/4K3 w - - acd 20; ce -1.5e-3; noop; - ;",
        "4k3/8/8/8/8/8/8/4K3 w - - c0 ?-? Event 38 ? ????.??.??; c1 1-0; id WAC.001; eco 42;",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    for fen in FENS {
        let Ok(pos) = fen.parse::<Position>() else {
            continue;
        };
        let mut epd = Epd::new(pos.clone());
        let moves = pos.legal_moves();
        if let Some(&m) = moves.first() {
            let _ = epd.push("bm", Value::Moves(vec![m]));
            let _ = epd.push("pv", Value::Moves(vec![m]));
        }
        out.push(epd.to_string().into_bytes());
    }
    out
}
