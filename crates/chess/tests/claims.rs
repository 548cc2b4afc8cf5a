//! Draw claims with a move (FIDE 9.2.1.1, 9.3.1.1; A3, A4) against python-chess 1.11.2, an
//! independent implementation: `tests/data/python_chess_claims.txt` (its first line names
//! its source and how it was made) holds python-chess's `can_claim_threefold_repetition`,
//! `can_claim_fifty_moves`, the current-position claims and, for every legal move, whether
//! a claim with it would be correct, at every ply of 2,000 seeded random games (standard,
//! Chess960 and FEN starts with halfmove clocks near 100).

use std::collections::BTreeSet;

use boardgame_core::IndexedActions;
use lattjo_chess::{
    Action, CastlingMode, Chess, DrawClaims, DrawReason, Game, Move, Outcome, PlayError, Position,
    Rules, State,
};

const CLAIMS: &str = include_str!("data/python_chess_claims.txt");

/// One ply's line of the golden file: python-chess's answers.
#[derive(Debug, Default, PartialEq, Eq)]
struct Expected {
    now: DrawClaims,
    can_threefold: bool,
    can_fifty: bool,
    threefold: BTreeSet<String>,
    /// `Some(exceptions)` for `f=*-...`: every move that neither captures nor moves a pawn
    /// but these.
    fifty_but: Option<BTreeSet<String>>,
}

fn parse_line(line: &str) -> (usize, Expected) {
    let mut parts = line.split(' ');
    let ply = parts.next().and_then(|p| p.parse().ok()).expect("ply");
    let flags: Vec<bool> = parts
        .next()
        .expect("flags")
        .bytes()
        .map(|b| b == b'1')
        .collect();
    let mut e = Expected {
        now: DrawClaims {
            threefold_repetition: flags[0],
            fifty_moves: flags[1],
        },
        can_threefold: flags[2],
        can_fifty: flags[3],
        ..Expected::default()
    };
    for part in parts {
        if let Some(list) = part.strip_prefix("t=") {
            e.threefold = list.split(',').map(str::to_owned).collect();
        } else if let Some(rest) = part.strip_prefix("f=*") {
            let rest = rest.strip_prefix('-').unwrap_or("");
            e.fifty_but = Some(
                rest.split(',')
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
            );
        } else {
            panic!("unknown field {part:?} in {line}");
        }
    }
    (ply, e)
}

/// Our answers in the golden file's terms.
fn ours(game: &Chess, state: &State) -> Expected {
    let pos = state.position();
    let now = game.claimable_draws(state);
    let (mut threefold, mut fifty) = (BTreeSet::new(), BTreeSet::new());
    for (m, c) in game.claimable_moves(state) {
        let uci = pos.to_uci(m).to_string();
        if c.threefold_repetition {
            threefold.insert(uci.clone());
        }
        if c.fifty_moves {
            fifty.insert(uci);
        }
    }
    // In python-chess's form: the quiet moves (neither a capture nor a pawn move) whose
    // claim is not correct, when any claim is.
    let fifty_but = (!fifty.is_empty()).then(|| {
        pos.legal_moves()
            .iter()
            .filter(|&&m| {
                !pos.is_capture(m) && pos.board().role_at(m.from) != Some(lattjo_chess::Role::Pawn)
            })
            .map(|&m| pos.to_uci(m).to_string())
            .filter(|u| !fifty.contains(u))
            .collect()
    });
    let can_threefold = now.threefold_repetition || !threefold.is_empty();
    let can_fifty = now.fifty_moves || fifty_but.is_some();
    Expected {
        now,
        can_threefold,
        can_fifty,
        threefold,
        fifty_but,
    }
}

/// A3, A4, FIDE 9.2.1.1, 9.3.1.1, 9.5.3: at every ply of the golden games, the claims on the
/// current position and with each legal move are python-chess's; the legal actions (with
/// decisions) hold exactly those claims, each indexed in the learning encoding's mask; a
/// correct claim with a move draws with the move recorded, an incorrect one is refused with
/// the state unchanged.
#[test]
fn claims_with_a_move_agree_with_python_chess() {
    let mut lines = CLAIMS.lines();
    let header = lines.next().expect("header");
    assert!(
        header.starts_with("# source: python-chess 1.11.2"),
        "{header}"
    );
    let (mut games, mut plies, mut claim_plies) = (0, 0, 0);
    let (mut only_with_move, mut applied, mut refused, mut mate_exceptions) = (0, 0, 0, 0);
    let mut actions = Vec::new();
    let mut mask = Vec::new();
    while let Some(line) = lines.next() {
        let (flag, fen) = line
            .strip_prefix("game ")
            .and_then(|rest| rest.split_once(' '))
            .unwrap_or_else(|| panic!("game line expected: {line}"));
        let mode = match flag {
            "0" => CastlingMode::Standard,
            "1" => CastlingMode::Chess960,
            other => panic!("mode {other:?}"),
        };
        let start = Position::from_fen(fen, mode).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let ucis: Vec<&str> = lines
            .next()
            .and_then(|l| l.strip_prefix("moves"))
            .expect("moves line")
            .split_whitespace()
            .collect();
        let mut expected = std::collections::BTreeMap::new();
        for line in lines.by_ref() {
            if line == "end" {
                break;
            }
            let (ply, e) = parse_line(line);
            expected.insert(ply, e);
        }
        let game = Chess::new(Rules::fide().with_decisions(true))
            .expect("rules")
            .with_start(start);
        mask.resize(game.num_distinct_actions(), false);
        let mut state = game.new_initial_state();
        for ply in 0..=ucis.len() {
            let at = format!("game {games} ({fen}) ply {ply}");
            let want = expected.remove(&ply).unwrap_or_default();
            let got = ours(&game, &state);
            assert_eq!(got, want, "{at}");
            plies += 1;
            if want != Expected::default() {
                claim_plies += 1;
                only_with_move += usize::from(!want.now.any());
                mate_exceptions +=
                    usize::from(want.fifty_but.as_ref().is_some_and(|b| !b.is_empty()));
                // The legal actions hold each correct claim with a move once, and the mask
                // marks exactly the legal actions.
                game.legal_actions(&state, &mut actions);
                let listed: Vec<Move> = actions
                    .iter()
                    .filter_map(|a| match a {
                        Action::ClaimDrawWith(m) => Some(*m),
                        _ => None,
                    })
                    .collect();
                let claimable: Vec<Move> = game.claimable_moves(&state).map(|(m, _)| m).collect();
                assert_eq!(listed, claimable, "{at}");
                // No offer is ever made here: the moves, resign, offer, the claim now if
                // any, and the claims with a move.
                assert_eq!(
                    actions.len(),
                    state.position().legal_moves().len()
                        + 2
                        + usize::from(want.now.any())
                        + listed.len(),
                    "{at}"
                );
                game.legal_mask(&state, &mut mask).expect("sized");
                assert_eq!(mask.iter().filter(|&&b| b).count(), actions.len(), "{at}");
                for a in &actions {
                    let i = game.action_index(&state, a).expect("indexed");
                    assert!(mask[i], "{at}: {a:?}");
                    assert_eq!(game.index_action(&state, i), Some(*a), "{at}");
                }
                // Each claim with a move: correct ones draw, with the move recorded.
                for m in state.position().legal_moves().iter().copied() {
                    let claims = game.claimable_draws_with(&state, m);
                    let mut s = state.clone();
                    match game.apply(&mut s, &Action::ClaimDrawWith(m)) {
                        Ok(()) => {
                            assert!(claims.any(), "{at}: {m}");
                            let Some(Outcome::Draw(reason)) = s.outcome() else {
                                panic!("{at}: a claim with {m} gives {:?}", s.outcome());
                            };
                            let expected_reason = if claims.threefold_repetition {
                                DrawReason::ThreefoldRepetition
                            } else {
                                DrawReason::FiftyMoves
                            };
                            // The move may end the game by itself (75 moves, fivefold).
                            assert!(
                                reason == expected_reason
                                    || matches!(
                                        reason,
                                        DrawReason::SeventyFiveMoves
                                            | DrawReason::FivefoldRepetition
                                    ),
                                "{at}: {m} {reason:?}"
                            );
                            assert_eq!(s.moves().last(), Some(&m), "{at}");
                            assert_eq!(s.moves().len(), state.moves().len() + 1, "{at}");
                            applied += 1;
                        }
                        Err(e) => {
                            assert!(!claims.any(), "{at}: {m} {e}");
                            assert_eq!(e, PlayError::IncorrectClaim(m), "{at}");
                            assert_eq!(s, state, "{at}: refused, unchanged");
                            refused += 1;
                        }
                    }
                }
            }
            if let Some(uci) = ucis.get(ply) {
                let m = state
                    .position()
                    .parse_uci(uci)
                    .unwrap_or_else(|e| panic!("{uci}: {e}, {at}"));
                game.apply(&mut state, &Action::Move(m))
                    .unwrap_or_else(|e| panic!("{uci}: {e}, {at}"));
            }
        }
        assert!(expected.is_empty(), "game {games}: lines past its end");
        games += 1;
    }
    // The file is what it says: every ply of 2,000 games compared, claims of both kinds,
    // many of them only with a move, and fiftieth moves that mate or stalemate.
    println!(
        "{games} games, {plies} plies, {claim_plies} with claims ({only_with_move} only with a \
         move, {mate_exceptions} with a fiftieth move that ends the game), {applied} claims \
         applied, {refused} refused"
    );
    assert_eq!((games, plies, claim_plies), (2000, 84_619, 28_932));
    assert!(
        only_with_move > 5_000 && mate_exceptions > 100,
        "{only_with_move} {mate_exceptions}"
    );
}

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The FIDE preset with decisions (claims are decisions, D4) from `fen`, or the start.
fn fide(fen: Option<&str>) -> Chess {
    let game = Chess::new(Rules::fide().with_decisions(true)).expect("valid rules");
    match fen {
        Some(fen) => game.with_start(pos(fen)),
        None => game,
    }
}

fn mv(state: &State, uci: &str) -> Move {
    state
        .position()
        .parse_uci(uci)
        .unwrap_or_else(|e| panic!("{uci}: {e}"))
}

fn play(game: &Chess, state: &mut State, ucis: &[&str]) {
    for uci in ucis {
        let m = mv(state, uci);
        game.apply(state, &Action::Move(m))
            .unwrap_or_else(|e| panic!("{uci}: {e}"));
    }
}

const DANCE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

/// FIDE 9.2.1.1, A4: the player to move claims with the move that brings the third
/// occurrence; the game is drawn on the position it brings, the move recorded. One
/// occurrence fewer, the same move is no claim.
#[test]
fn fide_9_2_1_1_a4_threefold_claim_with_the_move_that_brings_the_third_occurrence() {
    let game = fide(None);
    let mut s = game.new_initial_state();
    play(&game, &mut s, &DANCE[..3]);
    // Nf6-g8 would bring the start (White to move) a second time only.
    let back = mv(&s, "f6g8");
    assert_eq!(game.claimable_draws_with(&s, back), DrawClaims::default());
    assert_eq!(game.claimable_moves(&s).count(), 0);
    play(&game, &mut s, &["f6g8"]);
    play(&game, &mut s, &DANCE[..3]);
    // Now it brings the third occurrence: only that move, and not on the board yet.
    assert!(!game.claimable_draws(&s).any());
    let claims: Vec<_> = game.claimable_moves(&s).collect();
    assert_eq!(
        claims,
        [(
            back,
            DrawClaims {
                threefold_repetition: true,
                fifty_moves: false
            }
        )]
    );
    let mut listed = Vec::new();
    game.legal_actions(&s, &mut listed);
    assert!(listed.contains(&Action::ClaimDrawWith(back)));
    assert!(!listed.contains(&Action::ClaimDraw));
    let before = s.clone();
    game.apply(&mut s, &Action::ClaimDrawWith(back))
        .expect("a correct claim");
    assert_eq!(
        s.outcome(),
        Some(Outcome::Draw(DrawReason::ThreefoldRepetition))
    );
    assert_eq!(s.moves().len(), before.moves().len() + 1);
    assert_eq!(s.moves().last(), Some(&back));
    assert_eq!(s.repetitions(), 3, "judged on the position the move brings");
    // The same state as the move followed by the opponent's claim on the board (A4).
    let mut other = before.clone();
    game.apply(&mut other, &Action::Move(back)).expect("legal");
    assert!(game.claimable_draws(&other).threefold_repetition);
    game.apply(&mut other, &Action::ClaimDraw).expect("claim");
    assert_eq!(other, s);
}

/// FIDE 9.3.1.1, A4: at 99 half-moves a move that neither captures nor moves a pawn completes
/// fifty moves of each side and may be claimed with; a pawn move or a capture may not, and
/// neither may a move that checkmates or stalemates (which ends the game by itself, as FIDE
/// 9.6.2 and python-chess's `is_fifty_moves` have it).
#[test]
fn fide_9_3_1_1_a4_fifty_move_claim_with_the_fiftieth_move() {
    // White: Ke6, Ra7, Nb1 and a pawn on h2; Black: Ke8 and a knight on c3. Ra8 mates.
    let game = fide(Some("4k3/R7/4K3/8/8/2n5/7P/1N6 w - - 99 80"));
    let s = game.new_initial_state();
    assert!(!game.claimable_draws(&s).any(), "98.5 moves only");
    let fifty = DrawClaims {
        threefold_repetition: false,
        fifty_moves: true,
    };
    assert_eq!(game.claimable_draws_with(&s, mv(&s, "a7b7")), fifty);
    assert_eq!(game.claimable_draws_with(&s, mv(&s, "e6d6")), fifty);
    for (uci, why) in [
        ("a7a8", "checkmate"),
        ("h2h3", "a pawn move"),
        ("b1c3", "a capture"),
    ] {
        let m = mv(&s, uci);
        assert_eq!(
            game.claimable_draws_with(&s, m),
            DrawClaims::default(),
            "{why}"
        );
        let mut t = s.clone();
        assert_eq!(
            game.apply(&mut t, &Action::ClaimDrawWith(m)),
            Err(PlayError::IncorrectClaim(m)),
            "{why}"
        );
        assert_eq!(t, s);
    }
    // Every other legal move is a claim.
    let quiet = s
        .position()
        .legal_moves()
        .iter()
        .filter(|m| {
            !["a7a8", "h2h3", "h2h4", "b1c3"]
                .contains(&s.position().to_uci(**m).to_string().as_str())
        })
        .count();
    assert_eq!(game.claimable_moves(&s).count(), quiet);
    let mut t = s.clone();
    let m = mv(&s, "e6d6");
    game.apply(&mut t, &Action::ClaimDrawWith(m))
        .expect("correct");
    assert_eq!(t.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
    assert_eq!(t.position().halfmoves(), 100);

    // A stalemating fiftieth move is no claim either: Qg6 stalemates the king on h8.
    let game = fide(Some("7k/8/5K2/8/8/8/8/6Q1 w - - 99 80"));
    let s = game.new_initial_state();
    assert_eq!(
        game.claimable_draws_with(&s, mv(&s, "g1g6")),
        DrawClaims::default()
    );
    assert!(game.claimable_draws_with(&s, mv(&s, "g1g2")).fifty_moves);

    // At 149 half-moves the claimed move also brings the seventy-fifth move: that automatic
    // draw is the one recorded (D3).
    let game = fide(Some("4k3/8/8/8/8/8/8/R3K3 w - - 149 120"));
    let mut s = game.new_initial_state();
    assert!(game.claimable_draws(&s).fifty_moves, "claimable now too");
    let m = mv(&s, "a1a2");
    game.apply(&mut s, &Action::ClaimDrawWith(m))
        .expect("correct");
    assert_eq!(
        s.outcome(),
        Some(Outcome::Draw(DrawReason::SeventyFiveMoves))
    );
}

/// FIDE 9.5.3, D3, D4, A4: an incorrect claim with a legal move is refused and the state left
/// unchanged (FIDE would have the move played: that is `Action::Move`); an illegal move is
/// an illegal move; decisions off, the booklet (no claims) and `auto_claim` (claims are
/// automatic) refuse every claim; after the end of the game nothing is accepted.
#[test]
fn fide_9_5_3_d4_refused_claims_with_a_move_leave_the_state_unchanged() {
    let start = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    let game = fide(None);
    let mut s = game.new_initial_state();
    let e4 = mv(&s, "e2e4");
    let nf3 = mv(&s, "g1f3");
    let before = s.clone();
    assert_eq!(
        game.apply(&mut s, &Action::ClaimDrawWith(nf3)),
        Err(PlayError::IncorrectClaim(nf3))
    );
    assert_eq!(
        PlayError::IncorrectClaim(nf3).to_string(),
        "a draw claimed with g1f3 is incorrect: it brings neither a threefold repetition nor \
         the 50-move rule"
    );
    let e5 = Move::new(lattjo_chess::Square::E2, lattjo_chess::Square::E5);
    assert!(matches!(
        game.apply(&mut s, &Action::ClaimDrawWith(e5)),
        Err(PlayError::IllegalMove(_))
    ));
    assert!(!game.is_legal(&s, &Action::ClaimDrawWith(e4)));
    assert_eq!(s, before);

    for (rules, err) in [
        (Rules::fide(), PlayError::DecisionsDisabled),
        (
            Rules::lattjo().with_decisions(true),
            PlayError::ClaimsDisabled,
        ),
        (
            Rules::fide().with_decisions(true).with_auto_claim(true),
            PlayError::NothingToClaim,
        ),
    ] {
        let game = Chess::new(rules)
            .expect("valid rules")
            .with_start(pos(start));
        let mut s = game.new_initial_state();
        let m = mv(&s, "e1d1");
        // The queries do not depend on decisions, as `claimable_draws` does not.
        let open = err == PlayError::DecisionsDisabled;
        assert_eq!(game.claimable_moves(&s).count() > 0, open, "{rules:?}");
        assert_eq!(game.claimable_draws_with(&s, m).any(), open, "{rules:?}");
        let before = s.clone();
        assert_eq!(
            game.apply(&mut s, &Action::ClaimDrawWith(m)),
            Err(err),
            "{rules:?}"
        );
        assert_eq!(s, before);
    }
    // The same position under FIDE with decisions: a claim with any king or rook move.
    let game = fide(Some(start));
    let mut s = game.new_initial_state();
    let m = mv(&s, "e1d1");
    game.apply(&mut s, &Action::ClaimDrawWith(m))
        .expect("correct");
    let over = s.clone();
    assert_eq!(
        game.apply(&mut s, &Action::ClaimDrawWith(mv(&over, "e8d8"))),
        Err(PlayError::GameOver)
    );
    assert_eq!(game.claimable_moves(&s).count(), 0);
    assert_eq!(s, over);
}

/// A4: with `auto_claim` the claimable draws are automatic, so there is nothing to claim
/// with a move either: the move itself ends the game in the draw its claim would have given.
#[test]
fn a4_with_auto_claim_the_claimed_move_itself_draws() {
    let game =
        Chess::new(Rules::fide().with_decisions(true).with_auto_claim(true)).expect("valid rules");
    let mut s = game.new_initial_state();
    play(&game, &mut s, &DANCE);
    play(&game, &mut s, &DANCE[..3]);
    assert_eq!(s.outcome(), None);
    assert_eq!(game.claimable_moves(&s).count(), 0);
    let back = mv(&s, "f6g8");
    assert_eq!(
        game.apply(&mut s.clone(), &Action::ClaimDrawWith(back)),
        Err(PlayError::NothingToClaim)
    );
    game.apply(&mut s, &Action::Move(back)).expect("legal");
    assert_eq!(
        s.outcome(),
        Some(Outcome::Draw(DrawReason::ThreefoldRepetition))
    );
    // The learning encoding has no index for it.
    assert_eq!(game.num_distinct_actions(), 4676);
}

/// A3 (FIDE 9.2.3): a claim with a move counts positions as FIDE identifies them. Castling
/// rights lost since: the same placement with other rights is another position. An
/// en-passant square no pawn can take on does not count; one a pawn can take on does.
#[test]
fn a3_claims_with_a_move_count_positions_as_fide_identifies_them() {
    // The rooks leave h1 and h8 and come back: the king-side rights are gone, and the
    // start's placement with them lost has occurred once, not twice.
    let game = fide(Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    let mut s = game.new_initial_state();
    let cycle = ["h1h2", "h8h7", "h2h1", "h7h8"];
    play(&game, &mut s, &cycle);
    play(&game, &mut s, &cycle[..3]);
    let back = mv(&s, "h7h8");
    assert_eq!(game.claimable_draws_with(&s, back), DrawClaims::default());
    play(&game, &mut s, &cycle[3..]);
    play(&game, &mut s, &cycle[..3]);
    assert!(game.claimable_draws_with(&s, back).threefold_repetition);

    // 1. e4, no black pawn can take en passant: the position after it is the one the knights
    // bring back later (9.2.3), so the second return is the third occurrence.
    let game = fide(None);
    let mut s = game.new_initial_state();
    let dance = ["g8f6", "g1f3", "f6g8", "f3g1"];
    play(&game, &mut s, &["e2e4"]);
    play(&game, &mut s, &dance);
    play(&game, &mut s, &dance[..3]);
    assert!(
        game.claimable_draws_with(&s, mv(&s, "f3g1"))
            .threefold_repetition
    );

    // The same with a black pawn on d4 that could take on e3: the position right after e4
    // differs from its returns, so one more return is needed.
    let game = fide(Some(
        "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ));
    let mut s = game.new_initial_state();
    play(&game, &mut s, &["e2e4"]);
    assert!(s.position().legal_ep_square().is_some());
    play(&game, &mut s, &dance);
    play(&game, &mut s, &dance[..3]);
    assert_eq!(
        game.claimable_draws_with(&s, mv(&s, "f3g1")),
        DrawClaims::default()
    );
    play(&game, &mut s, &dance[3..]);
    play(&game, &mut s, &dance[..3]);
    assert!(
        game.claimable_draws_with(&s, mv(&s, "f3g1"))
            .threefold_repetition
    );
}

/// A4, FIDE 9.2.1.1: a game ended by a claim with a move is written as the scoresheet has it:
/// the claimed move last, then `1/2-1/2` (PGN has no mark for a claim; python-chess writes
/// the moves and the result). Its PGN reads back as the same game, the moves replay to the
/// position the claim was judged on, where the draw can be claimed; the game's
/// `boardgame_core::Record` replays to the same state, and (feature `serde`) the state
/// reads back from JSON.
#[test]
fn a4_a_game_ended_by_a_claim_with_a_move_round_trips_through_pgn_records_and_serde() {
    use boardgame_core::Record;
    use lattjo_chess::GameResult;
    use lattjo_chess::pgn::PgnGame;

    for (fen, moves, claim) in [
        (None, [DANCE, DANCE].concat()[..7].to_vec(), "f6g8"),
        (
            Some("4k3/8/8/8/8/8/8/R3K3 w - - 97 80"),
            vec!["a1a2", "e8d8"],
            "a2a3",
        ),
    ] {
        let game = fide(fen);
        let mut record = Record::new(7);
        let mut s = game.new_initial_state();
        for uci in &moves {
            let a = Action::Move(mv(&s, uci));
            game.apply(&mut s, &a).expect("legal");
            record.actions.push(a);
        }
        let a = Action::ClaimDrawWith(mv(&s, claim));
        game.apply(&mut s, &a).expect("a correct claim");
        record.actions.push(a);
        assert!(matches!(s.outcome(), Some(Outcome::Draw(_))));
        assert_eq!(record.replay(&game).expect("replays"), s);

        let pgn = PgnGame::new(
            &[("White", "A"), ("Black", "B")],
            s.start().clone(),
            s.moves().to_vec(),
            s.outcome().expect("over").result(),
        );
        let text = pgn.to_string();
        assert!(text.trim_end().ends_with("1/2-1/2"), "{text}");
        let back: PgnGame = text.parse().expect("reads back");
        assert_eq!(back, pgn);
        assert_eq!(back.result, GameResult::Draw);
        let replayed = game.state_after(&back.moves).expect("replays");
        assert_eq!(replayed.position(), s.position());
        assert_eq!(
            replayed.outcome(),
            None,
            "a claimable draw is no automatic one"
        );
        assert!(game.claimable_draws(&replayed).any(), "{fen:?}");

        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&s).expect("serializes");
            let read: State = serde_json::from_str(&json).expect("reads back");
            assert_eq!(read, s);
            let json = serde_json::to_string(&record).expect("serializes");
            let read: Record<Action> = serde_json::from_str(&json).expect("reads back");
            assert_eq!(read, record);
        }
    }
}

/// The learning encoding (A4, FIDE 9.2.1.1): with decisions and claims that are not automatic
/// a claim with a move is 4676 plus the move's index, 9348 actions in all; the booklet's
/// preset keeps its 4676 (it has no claims), as do FIDE's without claimable draws or with
/// `auto_claim`. Each claim's index maps back to it, and the mask marks it exactly when the
/// claim is correct.
#[test]
fn a4_claims_with_a_move_are_indexed_after_the_decisions() {
    for (rules, n) in [
        (Rules::fide().with_decisions(true), 9348),
        (Rules::fide(), 4672),
        (Rules::lattjo().with_decisions(true), 4676),
        (
            Rules::fide()
                .with_decisions(true)
                .with_claimable_draws(false),
            4676,
        ),
        (
            Rules::fide().with_decisions(true).with_auto_claim(true),
            4676,
        ),
    ] {
        assert_eq!(
            Chess::new(rules).expect("valid").num_distinct_actions(),
            n,
            "{rules:?}"
        );
    }
    let game = fide(None);
    let mut s = game.new_initial_state();
    play(&game, &mut s, &DANCE);
    play(&game, &mut s, &DANCE[..3]);
    let back = mv(&s, "f6g8");
    let i = game
        .action_index(&s, &Action::Move(back))
        .expect("a move index");
    let claim = Action::ClaimDrawWith(back);
    assert_eq!(game.action_index(&s, &claim), Some(4676 + i));
    assert_eq!(game.index_action(&s, 4676 + i), Some(claim));
    let mut mask = vec![false; 9348];
    game.legal_mask(&s, &mut mask).expect("sized");
    let claims: Vec<usize> = (4676..9348).filter(|&j| mask[j]).collect();
    assert_eq!(claims, [4676 + i]);
    // Indices past the end name nothing; without the option a claim has no index.
    assert_eq!(game.index_action(&s, 9348), None);
    assert_eq!(game.index_action(&s, usize::MAX), None);
    let booklet = Chess::new(Rules::lattjo().with_decisions(true)).expect("valid");
    assert_eq!(booklet.action_index(&s, &claim), None);
    assert_eq!(booklet.index_action(&s, 4676 + i), None);
}

/// D3 "`Lattjo`: none of them": the booklet's preset has no draw claims at all, yet a
/// `ClaimDraw` or `ClaimDrawWith` under it was refused as `NothingToClaim`, "no draw can be
/// claimed in this position", as if another position might have one. It is now refused with
/// `ClaimsDisabled` in every position (the start, a threefold repetition on the board, a
/// halfmove clock at 99, an illegal move); under FIDE, where claims exist, a position
/// without one is still `NothingToClaim`, and so is a claim with a move under `auto_claim`
/// (A4), where the move itself draws. The state is unchanged each time.
#[test]
fn regression_a_claim_under_rules_without_claims_was_refused_as_nothing_to_claim() {
    let refusals = |rules: Rules, start: Option<&str>, ucis: &[&str], claim_with: &str| {
        let game = Chess::new(rules.with_decisions(true)).expect("valid rules");
        let game = match start {
            Some(fen) => game.with_start(pos(fen)),
            None => game,
        };
        let mut s = game.new_initial_state();
        play(&game, &mut s, ucis);
        let m = mv(&s, claim_with);
        let before = s.clone();
        let out = [
            game.apply(&mut s, &Action::ClaimDraw),
            game.apply(&mut s, &Action::ClaimDrawWith(m)),
            game.apply(
                &mut s,
                &Action::ClaimDrawWith(Move::new(
                    lattjo_chess::Square::A1,
                    lattjo_chess::Square::H8,
                )),
            ),
        ];
        assert_eq!(s, before, "{rules:?}");
        out.map(Result::unwrap_err)
    };
    let twice: Vec<&str> = DANCE.iter().chain(&DANCE).copied().collect();
    let fifty = Some("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    let none = [PlayError::ClaimsDisabled; 3];
    let booklet = Rules::lattjo();
    assert_eq!(refusals(booklet, None, &[], "g1f3"), none);
    assert_eq!(refusals(booklet, None, &twice, "g1f3"), none);
    let nearly: Vec<&str> = DANCE.iter().chain(&DANCE[..3]).copied().collect();
    assert_eq!(refusals(booklet, None, &nearly, "f6g8"), none);
    assert_eq!(refusals(booklet, fifty, &[], "e1d1"), none);
    assert_eq!(
        PlayError::ClaimsDisabled.to_string(),
        "draw claims are disabled by the rules"
    );
    // Claims exist under FIDE: nothing to claim here, or a move that claims nothing.
    let g1f3 = Move::new(lattjo_chess::Square::G1, lattjo_chess::Square::F3);
    assert_eq!(
        refusals(Rules::fide(), None, &[], "g1f3")[..2],
        [PlayError::NothingToClaim, PlayError::IncorrectClaim(g1f3)]
    );
    // A4: automatic claims leave nothing to claim with a move.
    let auto = Rules::fide().with_auto_claim(true);
    assert_eq!(
        refusals(auto, fifty, &[], "e1d1")[..2],
        [PlayError::NothingToClaim, PlayError::NothingToClaim]
    );
    // Decisions off come first: no claim of any kind without them.
    let game = Chess::new(Rules::lattjo()).expect("valid rules");
    let mut s = game.new_initial_state();
    let before = s.clone();
    assert_eq!(
        game.apply(&mut s, &Action::ClaimDraw),
        Err(PlayError::DecisionsDisabled)
    );
    assert_eq!(s, before);
}
