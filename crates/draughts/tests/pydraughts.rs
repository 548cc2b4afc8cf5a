//! Differential test against an independent implementation: pydraughts 0.6.7's "english"
//! variant (the PyPI package `pydraughts`), read from golden files it produced
//! (`tests/golden/pydraughts_*`; each file's header says how). Where the rules file decides
//! otherwise than pydraughts, the rules file wins and the test says so.
//!
//! - `pydraughts_positions.txt`: positions from random games and random set-ups. For each,
//!   the FEN in this crate's form (which pydraughts read), the FEN pydraughts wrote back, the
//!   game status pydraughts gives, and every legal move with its path, captured squares
//!   and PDN text. Checked: both FENs read to the same position (section 6), the legal move
//!   sets are equal as paths with captured squares (D4-D13, A2-A6, A8), pydraughts's move
//!   text reads back to its move here (also with `-` for `x`, which pydraughts reads as
//!   the same capture), this crate writes the same text, and the game status agrees (D14,
//!   A7).
//! - `pydraughts_games.pdn`: random games to their end, written by pydraughts's PDN writer.
//!   Checked: every game reads here, its moves are legal in turn, and the game ends exactly
//!   where pydraughts ended it, with its result (D14, A7, A10; V1 b, c under
//!   `Rules::wcdf().with_auto_adjudicate(true)`, which is how pydraughts adjudicates), and
//!   under the default rules, where draws are claims, that draw can be claimed there.

use lattjo_draughts::{
    Color, Draughts, DrawReason, Game, GameResult, KingMoves, Move, Outcome, PdnReader, Position,
    Rules, State, Turn,
};

const POSITIONS: &str = include_str!("golden/pydraughts_positions.txt");
const GAMES: &str = include_str!("golden/pydraughts_games.pdn");

/// A move as numbers: its path and its captured squares, ascending.
type Key = (Vec<u8>, Vec<u8>);

fn key(mv: &Move) -> Key {
    (
        mv.path().map(|s| s.number()).collect(),
        mv.captured().map(|s| s.number()).collect(),
    )
}

fn numbers(text: &str) -> Vec<u8> {
    if text == "-" {
        return Vec::new();
    }
    text.split('.').map(|n| n.parse().unwrap()).collect()
}

/// The status pydraughts gives: `-` in play, `B` or `W` the winner, `D` a draw.
fn status(state: &State) -> char {
    match state.outcome() {
        None => '-',
        Some(Outcome::Win { winner, .. }) => match winner {
            Color::Black => 'B',
            Color::White => 'W',
        },
        Some(Outcome::Draw(_)) => 'D',
    }
}

/// One line of the positions file checked; every disagreement is pushed to `bad`.
fn check_position(line: &str, bad: &mut Vec<String>) {
    let fields: Vec<&str> = line.split(" | ").collect();
    assert_eq!(fields.len(), 4, "malformed golden line {line:?}");
    let (ours, theirs, want_status, moves) = (fields[0], fields[1], fields[2], fields[3]);
    let pos: Position = match ours.parse() {
        Ok(p) => p,
        Err(e) => {
            bad.push(format!("{ours}: our FEN reader refuses it: {e}"));
            return;
        }
    };
    // Section 6: the FEN written here is the one given to pydraughts, and pydraughts's own
    // writing (its squares sorted as text) reads to the same position.
    if pos.to_string() != ours {
        bad.push(format!("{ours}: written back here as {pos}"));
    }
    match theirs.parse::<Position>() {
        Ok(p) if p == pos => {}
        other => bad.push(format!(
            "{ours}: pydraughts's FEN {theirs} reads as {other:?}"
        )),
    }
    // D14, A7: no piece or no move is a loss for the side to move.
    let got_status = status(&State::from_position(pos));
    if want_status.len() != 1 || !want_status.starts_with(got_status) {
        bad.push(format!(
            "{ours}: status {got_status} here, {want_status} in pydraughts"
        ));
    }
    // D4-D13, A2-A6, A8: the same legal moves, as paths with their captured squares.
    let mut ours_moves = Vec::new();
    pos.legal_moves(KingMoves::Short, &mut ours_moves);
    let mut got: Vec<Key> = ours_moves.iter().map(key).collect();
    let mut want: Vec<Key> = Vec::new();
    for m in moves.split(' ').filter(|m| !m.is_empty()) {
        let parts: Vec<&str> = m.split('=').collect();
        assert_eq!(parts.len(), 3, "malformed move {m:?} in {line:?}");
        let mut caps = numbers(parts[1]);
        caps.sort_unstable();
        let k = (numbers(parts[0]), caps);
        let text = parts[2];
        // Section 6 and A8: pydraughts's text reads here as the same move, and this crate
        // writes the same text for it.
        match pos.parse_move(text, KingMoves::Short) {
            Ok(mv) if key(&mv) == k => {
                let written = pos.move_text(&mv, KingMoves::Short);
                if written != text {
                    bad.push(format!(
                        "{ours}: move {m}: written here as {written}, by pydraughts as {text}"
                    ));
                }
                // Section 6, D8: pydraughts reads a capture's text with '-' for 'x' as the
                // same move (checked when the file was made), as traditional notation
                // writes captures; so does this crate.
                let dashed = text.replace('x', "-");
                if mv.is_capture() && pos.parse_move(&dashed, KingMoves::Short) != Ok(mv) {
                    bad.push(format!(
                        "{ours}: {dashed} reads here as {:?}, in pydraughts as {m}",
                        pos.parse_move(&dashed, KingMoves::Short)
                    ));
                }
            }
            other => bad.push(format!(
                "{ours}: pydraughts's text {text} for {m} reads here as {other:?}"
            )),
        }
        want.push(k);
    }
    got.sort();
    want.sort();
    if got != want {
        let only_ours: Vec<_> = got.iter().filter(|k| !want.contains(k)).collect();
        let only_theirs: Vec<_> = want.iter().filter(|k| !got.contains(k)).collect();
        bad.push(format!(
            "{ours}: legal moves differ: only here {only_ours:?}, only in pydraughts {only_theirs:?}"
        ));
    }
}

fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
}

#[test]
fn pydraughts_positions_agree_d4_to_d14_a8_section_6() {
    let mut bad = Vec::new();
    let mut n = 0;
    let mut moves = 0;
    for line in data_lines(POSITIONS) {
        n += 1;
        moves += line
            .split(" | ")
            .nth(3)
            .map_or(0, |m| m.split(' ').filter(|m| !m.is_empty()).count());
        check_position(line, &mut bad);
    }
    assert!(
        bad.is_empty(),
        "{} disagreements with pydraughts over {n} positions and {moves} moves; the first:\n{}",
        bad.len(),
        bad.iter().take(30).cloned().collect::<Vec<_>>().join("\n")
    );
    assert!(n >= 1500, "only {n} positions in the golden file");
}

/// The `Termination` tag pydraughts's game carries: how it ended there.
fn termination(game: &lattjo_draughts::PdnGame) -> &str {
    game.tag("Termination").unwrap_or("")
}

#[test]
fn pydraughts_games_read_and_end_alike_d14_a7_a10_v1() {
    let game = Draughts::new(Rules::wcdf().with_auto_adjudicate(true)).unwrap();
    let claiming = Draughts::default();
    let mut n = 0;
    let mut plies = 0;
    let mut bad = Vec::new();
    for (i, pdn) in PdnReader::new(GAMES.as_bytes()).enumerate() {
        let pdn = match pdn {
            Ok(g) => g,
            Err(e) => {
                bad.push(format!("game {}: not read: {e}", i + 1));
                continue;
            }
        };
        n += 1;
        let mut state = game.state_from(*pdn.start());
        for (ply, mv) in pdn.moves().iter().enumerate() {
            if let Err(e) = game.play(&mut state, mv) {
                bad.push(format!("game {}: ply {}: {e}", i + 1, ply + 1));
                break;
            }
            if ply + 1 < pdn.moves().len() && game.turn(&state) == Turn::Terminal {
                bad.push(format!(
                    "game {}: over here after ply {} ({:?}), pydraughts played on",
                    i + 1,
                    ply + 1,
                    state.outcome()
                ));
                break;
            }
        }
        plies += pdn.moves().len();
        // The default rules (V1, claims) play the same moves, and where pydraughts declared
        // a draw the player to move may claim it on the same ground.
        let mut claims = claiming.state_from(*pdn.start());
        for mv in pdn.moves() {
            if claiming.play(&mut claims, mv).is_err() {
                break;
            }
        }
        let claim = match termination(&pdn) {
            "repetition" => Some(DrawReason::Repetition),
            "40 moves" => Some(DrawReason::FortyMoveRule),
            _ => None,
        };
        if let Some(reason) = claim
            && !claiming.can_claim(&claims, reason)
        {
            bad.push(format!(
                "game {}: no {reason:?} claim under the default rules",
                i + 1
            ));
        }
        let result = match state.outcome() {
            Some(Outcome::Win { winner, .. }) => GameResult::from_winner(Some(winner)),
            Some(Outcome::Draw(_)) => GameResult::Draw,
            None => GameResult::Unfinished,
        };
        if result != pdn.result() {
            bad.push(format!(
                "game {}: result {result} here, {} in pydraughts ({})",
                i + 1,
                pdn.result(),
                termination(&pdn)
            ));
        }
        let reason = match (termination(&pdn), state.outcome()) {
            ("no moves", Some(Outcome::Win { .. }))
            | ("repetition", Some(Outcome::Draw(DrawReason::Repetition)))
            | ("40 moves", Some(Outcome::Draw(DrawReason::FortyMoveRule)))
            | ("unfinished", None) => true,
            (_, _) => false,
        };
        if !reason {
            bad.push(format!(
                "game {}: ended here as {:?}, in pydraughts by {:?}",
                i + 1,
                state.outcome(),
                termination(&pdn)
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} disagreements over {n} games and {plies} plies:\n{}",
        bad.len(),
        bad.join("\n")
    );
    assert_eq!(n, 120, "games read");
}
