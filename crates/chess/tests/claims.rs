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
