//! lattjo-draughts: FEN, move text, `Action`'s text, the PDN reader over a `BufRead`, the
//! JSON of every deserializable type (positions, setups, states, moves, rules, ...) and
//! `apply`.

use std::io::BufReader;

use boardgame_core::text::encode_utf16_file;
use lattjo_draughts::{
    Action, Color, Draughts, DrawReason, Draws, Game, GameResult, KingMoves, Move, Outcome,
    PdnGame, PdnReader, Piece, Position, Role, Rules, Setup, Square, State, WinReason,
};

use crate::{
    Bytes, check_json_reads_back, check_learning, joined, json_round_trip, play_from_bytes,
    random_states, seed_bytes, split, text, text_round_trip, to_json, utf16_files,
};

/// Real positions: the start, openings, kings, long captures, ends.
const FENS: &[&str] = &[
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15",
    "B:W18,19,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:W18:BK29",
    "B:W18:BK29",
    "B:W9,14:B5",
    "W:W18,K2:B7,K10",
    "B:WK1,K3,22,26,30:BK28,K32,5,6,10",
    "W:WK18,K19:BK14,K15",
    "B:W10,11,18,19,26,27:B1",
    "W:W32:B1",
    "B:B1-4,K5:W29-32",
    "B:W14,15,22,23:B10",
    "W:W25:B14,15,22,23,7,8",
];

const KINGS: [KingMoves; 2] = [KingMoves::Short, KingMoves::Flying];

/// A valid position: at most 12 pieces a side, no man on its crowning row, rebuilt from its
/// setup; every legal move plays, and its text reads back as it.
fn check_position(pos: &Position) {
    for c in [Color::Black, Color::White] {
        assert!(
            pos.count(c) <= 12,
            "{pos:?}: {c:?} has {} pieces",
            pos.count(c)
        );
    }
    for (s, p) in pos.pieces() {
        if p.role == Role::Man {
            assert_ne!(
                s.row(),
                p.color.crowning_row(),
                "{pos:?}: a man on {s} is uncrowned"
            );
        }
    }
    assert_eq!(
        Position::try_from(pos.to_setup()).as_ref(),
        Ok(pos),
        "setup round trip"
    );
    for kings in KINGS {
        let mut moves = Vec::new();
        pos.legal_moves(kings, &mut moves);
        assert_eq!(
            moves.len() as u64,
            pos.count_moves(kings),
            "{pos:?}: count_moves"
        );
        let must = pos.must_capture(kings);
        for mv in &moves {
            assert!(
                pos.is_legal(mv, kings),
                "{pos:?}: generated {mv} is not legal"
            );
            assert_eq!(mv.is_capture(), must, "{pos:?}: {mv} and must_capture");
            let text = pos.move_text(mv, kings);
            assert_eq!(
                pos.parse_move(&text, kings).as_ref(),
                Ok(mv),
                "{pos:?}: {mv} is written {text:?}"
            );
            // As an action its text reads back without the position, also a flying
            // king's long jump (`1x19 capturing 10`).
            let action = Action::Move(*mv);
            let written = action.to_string();
            assert_eq!(
                written.parse::<Action>().as_ref(),
                Ok(&action),
                "{pos:?}: the action {mv} is written {written:?}"
            );
            let mut next = *pos;
            if let Err(e) = next.play(mv, kings) {
                panic!("{pos:?}: the generated {mv} does not play: {e}");
            }
            assert_eq!(
                next.turn(),
                pos.turn().opponent(),
                "{pos:?}: {mv} keeps the turn"
            );
            assert_eq!(
                next.count(pos.turn().opponent()) + mv.num_captured(),
                pos.count(pos.turn().opponent()),
                "{pos:?}: {mv} takes a wrong number of pieces"
            );
        }
    }
    check_flying_only(pos);
}

/// A3, V2: a move legal here under flying kings only is a king's long move or jump, refused
/// under short kings naming the rule (`FlyingMove`) by `apply`, the state unchanged, and by
/// `parse_move` reading its text (unless the text names a short king's move too).
fn check_flying_only(pos: &Position) {
    let short = Draughts::default();
    let mut flying = Vec::new();
    pos.legal_moves(KingMoves::Flying, &mut flying);
    for mv in flying.iter().filter(|m| !pos.is_legal(m, KingMoves::Short)) {
        assert_eq!(
            pos.piece_at(mv.from()).map(|p| (p.color, p.role)),
            Some((pos.turn(), Role::King)),
            "{pos:?}: {mv} is legal under flying kings only and not a king's"
        );
        let mut s = short.state_from(*pos);
        if s.outcome().is_none() {
            let before = s.clone();
            assert_eq!(
                short.apply(&mut s, &Action::Move(*mv)),
                Err(lattjo_draughts::PlayError::FlyingMove(*mv)),
                "{pos:?}: {mv} under short kings"
            );
            assert!(s == before, "a refused flying move changed the state");
        }
        let text = pos.move_text(mv, KingMoves::Flying);
        match pos.parse_move(&text, KingMoves::Short) {
            Ok(m) => assert!(
                pos.is_legal(&m, KingMoves::Short),
                "{pos:?}: {text:?} read as {m}"
            ),
            Err(e) => assert_eq!(
                e,
                lattjo_draughts::MoveTextError::FlyingMove(*mv),
                "{pos:?}: {text:?} under short kings"
            ),
        }
    }
}

fn rules_from(b: &mut Bytes<'_>) -> Draughts {
    let rules = Rules::wcdf()
        .with_king_moves(b.pick(&KINGS))
        .with_draws(b.pick(&[Draws::Agreement, Draws::Claim, Draws::Automatic]))
        .with_repetitions(b.pick(&[3, 3, 2, 4, 0, 1, 255]))
        .with_quiet_moves(b.pick(&[40, 40, 1, 2, 0, u16::MAX]));
    match Draughts::new(rules) {
        Ok(g) => {
            assert!(rules.validate().is_ok(), "{rules:?}");
            g
        }
        Err(_) => {
            assert!(
                rules.repetitions < 2 || rules.quiet_moves == 0,
                "{rules:?} refused"
            );
            Draughts::default()
        }
    }
}

fn square(b: &mut Bytes<'_>) -> Square {
    match Square::new(1 + b.u8() % 32) {
        Some(s) => s,
        None => panic!("1..=32 are squares"),
    }
}

fn arbitrary_action(b: &mut Bytes<'_>) -> Action {
    let claim = b.pick(&[
        DrawReason::Repetition,
        DrawReason::FortyMoveRule,
        DrawReason::Agreement,
    ]);
    if b.u8().is_multiple_of(8) {
        return Action::ClaimDraw(claim);
    }
    let n = 2 + usize::from(b.u8() % 4);
    let path: Vec<Square> = (0..n).map(|_| square(b)).collect();
    let captured: Vec<Square> = if b.bool() {
        (0..n - 1).map(|_| square(b)).collect()
    } else {
        Vec::new()
    };
    match Move::new(&path, &captured) {
        Ok(m) => Action::Move(m),
        Err(_) => Action::ClaimDraw(claim),
    }
}

/// Plays on from `state`, then checks that the reached state's JSON reads back as itself.
fn play_on(game: &Draughts, state: State, bytes: &mut Bytes<'_>) {
    let end = play_from_bytes(game, state, bytes, 200, arbitrary_action);
    check_learning(game, &end, bytes, false);
    check_position(end.position());
    check_json_reads_back(&end);
}

/// FEN (`Position`'s `FromStr`/`Display`): an accepted position is valid, and is played on
/// with the bytes after a NUL.
pub fn fen(data: &[u8]) {
    let (head, tail) = split(data);
    let Some(s) = text(head) else { return };
    let Some(pos) = text_round_trip::<Position>(s) else {
        return;
    };
    check_position(&pos);
    let mut bytes = Bytes::new(tail);
    let game = rules_from(&mut bytes);
    let state = game.state_from(pos);
    play_on(&game, state, &mut bytes);
}

/// Seeds for [`fen`]: real FENs and positions of random games.
pub fn fen_seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = FENS.iter().map(|f| f.as_bytes().to_vec()).collect();
    out.push(b"\"B:W21-32:B1-12.\"".to_vec());
    out.push(b" W : B 1 , 2 : W K 30 ".to_vec());
    let game = Draughts::default();
    for s in random_states(&game, &game.new_initial_state(), 0..5, 120, 30) {
        out.push(joined(
            s.position().to_string().as_bytes(),
            &seed_bytes(out.len() as u64, 48),
        ));
    }
    out
}

/// Move text against a position: a FEN line, then move texts played in turn with the king
/// moves of the first byte's parity. An accepted text is a legal move whose own text reads
/// back as it; the standalone `Move`, `Action`, `Square` and `GameResult` texts round-trip,
/// `Action` also line by line (at most 64: `claim draw repetition`, `1x19 capturing 10`);
/// every legal move of the final position, with short and flying kings, reads back from
/// its action's text ([`check_position`]).
pub fn move_text(data: &[u8]) {
    let Some(s) = text(data) else { return };
    for line in s.lines().take(64) {
        text_round_trip::<Action>(line);
    }
    let kings = KINGS[data.len() % 2];
    let (first, rest) = s.split_once('\n').unwrap_or((s, ""));
    let (mut pos, moves) = match first.parse::<Position>() {
        Ok(p) => (p, rest),
        Err(_) => (Position::start(), s),
    };
    for tok in moves.split_ascii_whitespace().take(64) {
        text_round_trip::<Move>(tok);
        text_round_trip::<Action>(tok);
        text_round_trip::<Square>(tok);
        text_round_trip::<GameResult>(tok);
        let before = pos;
        match pos.parse_move(tok, kings) {
            Ok(mv) => {
                assert!(
                    pos.is_legal(&mv, kings),
                    "{pos:?}: {tok:?} read as illegal {mv}"
                );
                let again = pos.move_text(&mv, kings);
                assert_eq!(
                    pos.parse_move(&again, kings),
                    Ok(mv),
                    "{pos:?}: {tok:?} -> {again:?}"
                );
                if let Err(e) = pos.play(&mv, kings) {
                    panic!("{before:?}: {tok:?} read as {mv}, which does not play: {e}");
                }
            }
            Err(_) => assert_eq!(pos, before, "a refused move changed the position"),
        }
        if let Ok(mv) = tok.parse::<Move>() {
            let legal = pos.is_legal(&mv, kings);
            let mut p = pos;
            assert_eq!(
                p.play(&mv, kings).is_ok(),
                legal,
                "{pos:?}: play and is_legal on {mv}"
            );
            if !legal {
                assert_eq!(p, pos, "a refused move changed the position");
            }
        }
    }
    check_position(&pos);
}

/// Seeds for [`move_text`].
pub fn move_text_seeds() -> Vec<Vec<u8>> {
    let mut out = vec![
        b"11-15 23-19 8-11 22-17 9-13 17-14 10x17 21x14".to_vec(),
        b"W:W18:BK29\n29x4 1-0 0-2 1/2-1/2 *".to_vec(),
        b"B:WK1,K3,22,26,30:BK28,K32,5,6,10\n28x19 32-27 5-9".to_vec(),
        b"W:W25:B14,15,22,23,7,8\n25x18x11x4 25x11 25x4 25X18".to_vec(),
        b"B:W14,15,22,23:B10\n10x19x26 10x17 10x26".to_vec(),
        b"11-15\nclaim draw repetition\nclaim  draw forty-move\nclaim draw agreement\nclaim draw\n1x19".to_vec(),
        // A flying king's long jumps as actions, and lists that are not their captures.
        b"1x19 capturing 10\n1x19x30 capturing 10,23\n11x18 capturing 15\n11x18 capturing 14\n1x19 capturing 10,\n1x19x30 capturing 23,10\n1x19x30 capturing 10,10\n1x19 capturing 6,10\n1x19 capturing 33".to_vec(),
        b"W:WK1:B10,23\n1x19x30".to_vec(),
        b"B:WK1,K3,22,26,30:BK28,K32,5,6,10\n28x19 capturing 24\n32x23 capturing 27".to_vec(),
    ];
    for seed in 10..13 {
        let mut text = format!("{}\n", Position::start());
        let mut q = Position::start();
        let mut moves = Vec::new();
        let mut rng = lattjo_draughts::GameRng::new(seed, 9);
        for _ in 0..60 {
            q.legal_moves(KingMoves::Short, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.index(moves.len())];
            text.push_str(&q.move_text(&mv, KingMoves::Short));
            text.push(' ');
            let _ = q.play(&mv, KingMoves::Short);
        }
        out.push(text.into_bytes());
    }
    out
}

/// A game read from PDN: legal moves, comments where the moves are, and `read(write(g))
/// == g` (with the game's king moves) with a stable text.
fn check_game(g: &PdnGame) {
    let kings = g.king_moves();
    let mut p = *g.start();
    for mv in g.moves() {
        if let Err(e) = p.play(mv, kings) {
            panic!("{p:?}: the read move {mv} does not play: {e}");
        }
    }
    assert_eq!(p, g.final_position(), "final position");
    for (n, _) in g.comments() {
        assert!(*n <= g.moves().len(), "comment after move {n}");
    }
    let written = g.to_string();
    let mut again = PdnReader::new(written.as_bytes()).with_king_moves(kings);
    match (again.next(), again.next()) {
        (Some(Ok(a)), None) => {
            assert_eq!(
                &a, g,
                "read(write(read(s))) != read(s); written:\n{written}"
            );
            assert_eq!(a.to_string(), written, "writing is not stable");
        }
        other => panic!("{g:?} writes\n{written}\nwhich reads as {other:?}"),
    }
}

/// The streaming PDN reader over a `BufRead` with a small buffer, with short and flying
/// kings, compared with the reader over the whole slice and, for UTF-8 input, with the same
/// text as UTF-16 files, with their mark and without ([`utf16_files`]); every game read
/// passes [`check_game`].
pub fn pdn(data: &[u8]) {
    let cap = 1 + data.len() % 13;
    for kings in KINGS {
        let small: Vec<_> = PdnReader::new(BufReader::with_capacity(cap, data))
            .with_king_moves(kings)
            .take(64)
            .collect();
        let whole: Vec<_> = PdnReader::new(data)
            .with_king_moves(kings)
            .take(64)
            .collect();
        assert_eq!(small, whole, "the buffer size changed what was read");
        for g in whole.iter().flatten() {
            check_game(g);
        }
    }
    if let Some(s) = text(data) {
        text_round_trip::<PdnGame>(s);
    }
    // The same text as a UTF-16 file reads the same.
    let files = utf16_files(data);
    if !files.is_empty() {
        let plain: Vec<_> = PdnReader::new(data).take(64).collect();
        for wide in files {
            let read: Vec<_> = PdnReader::new(BufReader::with_capacity(cap, &wide[..]))
                .take(64)
                .collect();
            assert_eq!(read, plain, "the text as UTF-16 read otherwise");
        }
    }
}

/// Seeds for [`pdn`].
pub fn pdn_seeds() -> Vec<Vec<u8>> {
    let mut out = vec![
        b"[Event \"club\"]\n[Black \"Ann\"]\n[White \"Bo\"]\n[Result \"1-0\"]\n1. 11-15 23-19 {Old Fourteenth?} 2. 8-11 22-17 3. 9-13 17x10 1-0\n\n1. 9-13 *\n".to_vec(),
        b"[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"B:W18:BK29\"]\n1. 29x4 0-1\n".to_vec(),
        b"\xef\xbb\xbf[Event \"a\\\"b\"]\n1. 11-15 (1. 9-13) 23-19 $3 2. 8-11 {x} 2-0\n[Event \"bad\"]\n1. 12-17 *\n".to_vec(),
        b"[GameType \"25\"]\n1. 11-15 *\n\n[FEN \"W:W32:B1\"]\n1... 32-27 1-1\n".to_vec(),
        encode_utf16_file("[Black \"Sjöberg\"]\r\n1. 11-15 23-19 {\u{1d11e}} 1-0\r\n", false),
        encode_utf16_file("[White \"王\"]\n1. 9-13 22-18 *\n", true),
        encode_utf16_file("[Black \"Sjöberg\"]\n1. 11-15 *\n", true)[2..].to_vec(),
    ];
    for seed in 20..24 {
        let mut g = PdnGame::new(Position::start(), KingMoves::Short);
        let mut moves = Vec::new();
        let mut rng = lattjo_draughts::GameRng::new(seed, 3);
        for i in 0..80 {
            let p = g.final_position();
            p.legal_moves(KingMoves::Short, &mut moves);
            if moves.is_empty() {
                break;
            }
            let _ = g.push_move(moves[rng.index(moves.len())]);
            if i % 17 == 5 {
                g.push_comment("a note {with} braces");
            }
        }
        g.set_result(GameResult::Draw);
        let _ = g.set_tag("Event", "random");
        out.push(g.to_string().into_bytes());
    }
    out
}

/// A `Position` from JSON (its FEN): valid, and played on with the bytes after a NUL.
pub fn position_json(data: &[u8]) {
    let (head, tail) = split(data);
    let Some(pos) = json_round_trip::<Position>(head) else {
        return;
    };
    check_position(&pos);
    let mut bytes = Bytes::new(tail);
    let game = rules_from(&mut bytes);
    play_on(&game, game.state_from(pos), &mut bytes);
}

/// Seeds for [`position_json`].
pub fn position_json_seeds() -> Vec<Vec<u8>> {
    FENS.iter()
        .filter_map(|f| f.parse::<Position>().ok())
        .enumerate()
        .map(|(i, p)| joined(&to_json(&p), &seed_bytes(i as u64, 40)))
        .collect()
}

/// A `Setup` from JSON: `Position::try_from` refuses it or builds a valid position with
/// its pieces.
pub fn setup_json(data: &[u8]) {
    let (head, tail) = split(data);
    let Some(setup) = json_round_trip::<Setup>(head) else {
        return;
    };
    let Ok(pos) = Position::try_from(setup) else {
        return;
    };
    assert_eq!(pos.to_setup(), setup, "the position lost or moved pieces");
    check_position(&pos);
    let mut bytes = Bytes::new(tail);
    let game = rules_from(&mut bytes);
    play_on(&game, game.state_from(pos), &mut bytes);
}

/// Seeds for [`setup_json`].
pub fn setup_json_seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = FENS
        .iter()
        .filter_map(|f| f.parse::<Position>().ok())
        .map(|p| to_json(&p.to_setup()))
        .collect();
    let mut crowded = Setup::empty(Color::White);
    for n in 1..=13 {
        if let Some(s) = Square::new(n + 8) {
            crowded.set(
                s,
                Some(Piece {
                    color: Color::White,
                    role: Role::King,
                }),
            );
        }
    }
    out.push(to_json(&crowded));
    out
}

/// A `State` from JSON (position, repetition history, counters, last move, outcome):
/// consistent, and played on under rules from the bytes after a NUL.
pub fn state_json(data: &[u8]) {
    let (head, tail) = split(data);
    if let Some(state) = json_round_trip::<State>(head) {
        checked_state(state, tail);
    }
}

/// A state read from any format: its position, history and outcome hold together; a game of
/// other rules (from `tail`) refuses every action on it, leaving it unchanged; and the game
/// of its own rules plays on.
pub(crate) fn checked_state(state: State, tail: &[u8]) {
    check_position(state.position());
    assert_eq!(
        state.history().last(),
        Some(state.position()),
        "history ends elsewhere"
    );
    assert!(
        state.plies() >= state.quiet_plies(),
        "plies below quiet plies"
    );
    if let Some(Outcome::Win { winner, reason }) = state.outcome() {
        let pos = state.position();
        assert_eq!(winner, pos.turn().opponent(), "the side to move won");
        match reason {
            WinReason::NoPieces => assert_eq!(pos.count(pos.turn()), 0, "pieces left"),
            WinReason::NoMoves => {
                let mut v = Vec::new();
                for k in KINGS {
                    pos.legal_moves(k, &mut v);
                    assert!(v.is_empty(), "{pos:?}: a lost side with a move");
                }
            }
        }
    }
    let mut bytes = Bytes::new(tail);
    let other = rules_from(&mut bytes);
    let game = match Draughts::new(*state.rules()) {
        Ok(g) => g,
        Err(e) => panic!(
            "a state read back with invalid rules {:?}: {e}",
            state.rules()
        ),
    };
    if other != game {
        check_refused_by(&other, &game, &state, &mut bytes);
    }
    play_on(&game, state, &mut bytes);
}

/// `other`, a game of other rules than `own`'s (the state's), refuses `state`: no action
/// listed, sampled or legal, every action (those `own` lists, and one from the bytes)
/// refused with `OtherRules` and the state unchanged, no claim.
fn check_refused_by(other: &Draughts, own: &Draughts, state: &State, bytes: &mut Bytes<'_>) {
    let mut listed = Vec::new();
    other.legal_actions(state, &mut listed);
    assert!(
        listed.is_empty(),
        "a game lists actions on a state of other rules"
    );
    let mut rng = lattjo_draughts::GameRng::new(u64::from(bytes.u32()), 0);
    assert_eq!(
        other.sample_action(state, &mut rng, &mut listed),
        None,
        "a game samples an action on a state of other rules"
    );
    own.legal_actions(state, &mut listed);
    listed.push(arbitrary_action(bytes));
    for a in &listed {
        assert!(
            !other.is_legal(state, a),
            "{a:?} is legal on a state of other rules"
        );
        let mut copy = state.clone();
        assert_eq!(
            other.apply(&mut copy, a),
            Err(lattjo_draughts::PlayError::OtherRules),
            "{a:?} on a state of other rules"
        );
        assert!(copy == *state, "a refused action changed the state");
    }
    for reason in [DrawReason::Repetition, DrawReason::FortyMoveRule] {
        assert!(
            !other.can_claim(state, reason),
            "a claim on a state of other rules"
        );
    }
    let mut copy = state.clone();
    assert_eq!(
        other.agree_draw(&mut copy),
        Err(lattjo_draughts::PlayError::OtherRules)
    );
}

/// Seeds for [`state_json`]: states of random games under each draw rule.
pub fn state_json_seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (i, rules) in [
        Rules::wcdf(),
        Rules::lattjo(),
        Rules::wcdf().with_auto_adjudicate(true).with_quiet_moves(3),
        Rules::wcdf().with_flying_kings(true),
    ]
    .into_iter()
    .enumerate()
    {
        let Ok(game) = Draughts::new(rules) else {
            continue;
        };
        let seeds = (i as u64 * 10)..(i as u64 * 10 + 3);
        for s in random_states(&game, &game.new_initial_state(), seeds, 300, 60) {
            out.push(joined(&to_json(&s), &seed_bytes(out.len() as u64, 40)));
        }
    }
    out
}

/// Every other deserializable type: round trip, and validity where it has rules.
pub fn types_json(data: &[u8]) {
    if let Some(m) = json_round_trip::<Move>(data) {
        // A flying king's long jump needs a position to be read; every other move's text
        // reads back as it.
        if let Ok(back) = m.to_string().parse::<Move>() {
            assert_eq!(back, m, "{m} reads back as another move");
        }
    }
    json_round_trip::<Action>(data);
    json_round_trip::<Outcome>(data);
    json_round_trip::<GameResult>(data);
    json_round_trip::<Square>(data);
    json_round_trip::<Piece>(data);
    json_round_trip::<KingMoves>(data);
    json_round_trip::<Draws>(data);
    if let Some(r) = json_round_trip::<Rules>(data) {
        assert_eq!(Draughts::new(r).is_ok(), r.validate().is_ok(), "{r:?}");
    }
}

/// Seeds for [`types_json`].
pub fn types_json_seeds() -> Vec<Vec<u8>> {
    let mut out = vec![
        to_json(&Rules::wcdf()),
        to_json(&Rules::lattjo().with_flying_kings(true)),
        to_json(&Action::ClaimDraw(DrawReason::FortyMoveRule)),
        to_json(&Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoMoves,
        }),
        to_json(&GameResult::Unfinished),
        to_json(&Piece {
            color: Color::Black,
            role: Role::King,
        }),
    ];
    for t in ["11-15", "15x24x31", "1x10"] {
        if let Ok(m) = t.parse::<Move>() {
            out.push(to_json(&m));
            out.push(to_json(&Action::Move(m)));
        }
    }
    out
}

/// `apply`: a game under rules from the bytes, from the start or one of the FENs, played
/// with generated and arbitrary actions.
pub fn apply(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let game = rules_from(&mut bytes);
    let state = match bytes.u8() % 3 {
        0 => game.new_initial_state(),
        _ => match FENS[usize::from(bytes.u8()) % FENS.len()].parse() {
            Ok(p) => game.state_from(p),
            Err(e) => panic!("a seed FEN does not read: {e}"),
        },
    };
    play_on(&game, state, &mut bytes);
}

/// Seeds for [`apply`].
pub fn apply_seeds() -> Vec<Vec<u8>> {
    (0..8).map(|i| seed_bytes(100 + i, 500)).collect()
}
