//! A review of the crate against `shared/rules/draughts.md`, written from the rules file and
//! the public API before reading how the crate implements each rule: compulsory capture and
//! free choice (D8, D9, A5), crowning ending the move (D10, D11, A4), men and kings (A2,
//! D12, A6), the end of the game (D14, A7), the WCDF draws and the booklet's preset (V1,
//! A1) and flying kings (V2). Squares are worked out by hand: row r (0 at Black's side)
//! holds squares 4r+1..4r+4, on columns b, d, f, h in even rows and a, c, e, g in odd ones.

use boardgame_core::{Game, Turn};
use lattjo_draughts::{
    Color, Draughts, DrawReason, Draws, KingMoves, Move, Outcome, PlayError, Position, Role, Rules,
    Square, State, WinReason,
};

pub(crate) fn sq(n: u8) -> Square {
    Square::new(n).unwrap()
}

pub(crate) fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

pub(crate) fn legal(fen: &str, kings: KingMoves) -> Vec<String> {
    let mut v = Vec::new();
    pos(fen).legal_moves(kings, &mut v);
    let mut t: Vec<String> = v.iter().map(ToString::to_string).collect();
    t.sort();
    t
}

pub(crate) fn play(game: &Draughts, state: &mut State, moves: &[&str]) {
    let kings = game.rules().king_moves;
    for text in moves {
        let mv = state
            .position()
            .parse_move(text, kings)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(state, &mv)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

// ---- D8, D9, D7, A5: captures ------------------------------------------------------------

#[test]
fn d8_capture_is_compulsory() {
    // Black's man on 14 can take 18 (landing on 23); the man on 1 could step, but may not.
    let fen = "B:W18:B1,14";
    assert_eq!(legal(fen, KingMoves::Short), ["14x23"]);
    let p = pos(fen);
    assert!(p.must_capture(KingMoves::Short));
    let step = Move::new(&[sq(1), sq(5)], &[]).unwrap();
    assert!(!p.is_legal(&step, KingMoves::Short));
}

#[test]
fn d9_a5_free_choice_between_complete_sequences_no_majority_rule() {
    // 14x23 takes one piece, 2x11x20 takes two: both are legal (no rule to take the most),
    // but the double jump may not stop after 2x11 (A5).
    let fen = "B:W7,16,18:B2,14";
    assert_eq!(legal(fen, KingMoves::Short), ["14x23", "2x11x20"]);
    let partial = Move::new(&[sq(2), sq(11)], &[sq(7)]).unwrap();
    assert!(!pos(fen).is_legal(&partial, KingMoves::Short));
}

// ---- D10, D11, A4: crowning ends the move ---------------------------------------------------

#[test]
fn a4_d10_crowning_during_a_capture_ends_the_move() {
    // 22x31 crowns; the new king could take 27 from 31 (landing on 24), but the move ends.
    let fen = "B:W26,27:B22";
    assert_eq!(legal(fen, KingMoves::Short), ["22x31"]);
    let game = Draughts::default();
    let mut s = game.state_from(pos(fen));
    play(&game, &mut s, &["22x31"]);
    let piece = s.position().piece_at(sq(31)).unwrap();
    assert_eq!((piece.color, piece.role), (Color::Black, Role::King));
    assert!(s.position().piece_at(sq(27)).is_some(), "27 is not taken");
    assert_eq!(s.position().turn(), Color::White);
}

#[test]
fn d11_a_man_reaching_the_far_row_by_a_step_is_crowned_and_then_moves_back() {
    let game = Draughts::default();
    let mut s = game.state_from(pos("W:W5:B20"));
    play(&game, &mut s, &["5-1"]);
    assert_eq!(s.position().piece_at(sq(1)).unwrap().role, Role::King);
    play(&game, &mut s, &["20-24"]);
    // The new king steps back towards its own side.
    assert!(s.position().parse_move("1-6", KingMoves::Short).is_ok());
    play(&game, &mut s, &["1-6"]);
}

// ---- A2, D12, D13: men and kings --------------------------------------------------------------

#[test]
fn a2_men_never_capture_backwards() {
    // White's man on 18 is behind Black's man on 22 (towards Black's side): no capture.
    let moves = legal("B:W18,30:B22", KingMoves::Short);
    assert!(moves.iter().all(|m| m.contains('-')), "{moves:?}");
    // Nor may a white man capture backwards (Black's man on 22 is behind White's on 18).
    let moves = legal("W:W18:B22", KingMoves::Short);
    assert!(moves.iter().all(|m| m.contains('-')), "{moves:?}");
}

#[test]
fn d12_kings_step_and_capture_both_ways_one_square() {
    assert_eq!(
        legal("W:WK18:B1", KingMoves::Short),
        ["18-14", "18-15", "18-22", "18-23"]
    );
    // A black king captures backwards (towards Black's side) what a man could not.
    assert_eq!(legal("B:W18,30:BK22", KingMoves::Short), ["22x15"]);
}

#[test]
fn d13_a_king_is_captured_like_a_man() {
    assert_eq!(legal("B:WK18:B14", KingMoves::Short), ["14x23"]);
}

#[test]
fn a6_a_piece_is_jumped_at_most_once_even_when_a_king_comes_back() {
    // White's king on 18 takes the ring 15, 16, 24, 23 either way round and lands on its own
    // start square; from there 15 (or 23) is jumpable again if pieces could be jumped twice.
    let fen = "W:WK18:B15,16,23,24";
    let p = pos(fen);
    let mut v = Vec::new();
    p.legal_moves(KingMoves::Short, &mut v);
    assert_eq!(v.len(), 2, "{v:?}");
    for m in &v {
        assert_eq!(m.num_captured(), 4, "{m}");
        assert_eq!(m.to(), sq(18), "{m}");
    }
    let game = Draughts::default();
    let mut s = game.state_from(p);
    game.play(&mut s, &v[0]).unwrap();
    assert_eq!(s.position().count(Color::Black), 0);
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoPieces
        })
    );
}

// ---- D14, A7: the end of the game -----------------------------------------------------------

#[test]
fn a7_d14_no_legal_move_loses() {
    // Black's only man on 5 is blocked by 9, whose jump square 14 is held.
    for rules in [Rules::wcdf(), Rules::lattjo()] {
        let game = Draughts::new(rules).unwrap();
        let s = game.state_from(pos("B:W9,14:B5"));
        assert_eq!(
            s.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::NoMoves
            })
        );
        assert_eq!(game.turn(&s), Turn::Terminal);
    }
    // Reached by play: White's 18-14 completes the block.
    let game = Draughts::default();
    let mut s = game.state_from(pos("W:W9,18:B5"));
    play(&game, &mut s, &["18-14"]);
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoMoves
        })
    );
}

#[test]
fn d14_capturing_the_last_piece_wins() {
    let game = Draughts::new(Rules::lattjo()).unwrap();
    let mut s = game.state_from(pos("B:W18:B14"));
    play(&game, &mut s, &["14x23"]);
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoPieces
        })
    );
}

// ---- V1, A1: WCDF draws and the booklet preset -------------------------------------------------

const SHUFFLE: [&str; 4] = ["1-5", "32-28", "5-1", "28-32"];

#[test]
fn v1_a1_third_repetition_is_a_claim_under_wcdf() {
    let game = Draughts::new(Rules::wcdf()).unwrap();
    let mut s = game.state_from(pos("B:WK32:BK1"));
    play(&game, &mut s, &SHUFFLE);
    assert!(
        !game.can_claim(&s, DrawReason::Repetition),
        "two occurrences"
    );
    play(&game, &mut s, &SHUFFLE[..3]);
    // White's next move, 28-32, would make the start stand for the third time (V1 b).
    assert!(game.can_claim(&s, DrawReason::Repetition));
    play(&game, &mut s, &SHUFFLE[3..]);
    assert_eq!(s.outcome(), None, "a claim, not automatic");
    assert!(game.can_claim(&s, DrawReason::Repetition));
    game.claim_draw(&mut s, DrawReason::Repetition).unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn v1_a1_auto_adjudicate_draws_on_the_third_occurrence() {
    let game = Draughts::new(Rules::wcdf().with_auto_adjudicate(true)).unwrap();
    let mut s = game.state_from(pos("B:WK32:BK1"));
    play(&game, &mut s, &SHUFFLE);
    play(&game, &mut s, &SHUFFLE[..3]);
    assert_eq!(s.outcome(), None);
    play(&game, &mut s, &SHUFFLE[3..]);
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn v1_a1_forty_move_rule_after_eighty_quiet_plies() {
    let game = Draughts::new(Rules::wcdf()).unwrap();
    let mut s = game.state_from(pos("B:WK32:BK1"));
    for _ in 0..19 {
        play(&game, &mut s, &SHUFFLE);
    }
    play(&game, &mut s, &SHUFFLE[..3]);
    assert_eq!(s.quiet_plies(), 79);
    assert!(!game.can_claim(&s, DrawReason::FortyMoveRule));
    play(&game, &mut s, &SHUFFLE[3..]);
    assert_eq!(s.quiet_plies(), 80);
    assert!(game.can_claim(&s, DrawReason::FortyMoveRule));
    assert_eq!(s.outcome(), None);
    game.claim_draw(&mut s, DrawReason::FortyMoveRule).unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::FortyMoveRule)));
}

#[test]
fn v1_a1_forty_move_rule_automatic_on_the_eightieth_ply() {
    // Repetitions set out of reach so that only the 40-move rule can end the shuffle.
    let rules = Rules::wcdf()
        .with_auto_adjudicate(true)
        .with_repetitions(255);
    let game = Draughts::new(rules).unwrap();
    let mut s = game.state_from(pos("B:WK32:BK1"));
    for _ in 0..19 {
        play(&game, &mut s, &SHUFFLE);
    }
    play(&game, &mut s, &SHUFFLE[..3]);
    assert_eq!(s.outcome(), None);
    play(&game, &mut s, &SHUFFLE[3..]);
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::FortyMoveRule)));
}

#[test]
fn a1_a_man_move_resets_the_forty_move_count_a_king_move_does_not() {
    let game = Draughts::new(Rules::wcdf()).unwrap();
    let mut s = game.state_from(pos("B:WK32:BK1,12"));
    for _ in 0..19 {
        play(&game, &mut s, &SHUFFLE);
    }
    assert_eq!(s.quiet_plies(), 76, "king moves do not reset");
    play(&game, &mut s, &["1-5", "32-28", "12-16", "28-32"]);
    assert_eq!(s.quiet_plies(), 1, "the man's step reset the count");
    assert!(!game.can_claim(&s, DrawReason::FortyMoveRule));
}

#[test]
fn a1_a_capture_resets_the_forty_move_count() {
    let game = Draughts::new(Rules::wcdf()).unwrap();
    let mut s = game.state_from(pos("B:WK18,K32:BK1,K6"));
    play(&game, &mut s, &["6-10", "32-28", "10-14"]);
    assert_eq!(s.quiet_plies(), 3);
    // White must take (D8), with a king: the count starts again.
    play(&game, &mut s, &["18x9"]);
    assert_eq!(s.quiet_plies(), 0);
}

#[test]
fn v1_lattjo_draws_only_by_agreement() {
    let game = Draughts::new(Rules::lattjo()).unwrap();
    let mut s = game.state_from(pos("B:WK32:BK1"));
    for _ in 0..25 {
        play(&game, &mut s, &SHUFFLE);
    }
    assert_eq!(s.outcome(), None, "100 quiet plies and 26 occurrences");
    assert!(!game.can_claim(&s, DrawReason::Repetition));
    assert!(!game.can_claim(&s, DrawReason::FortyMoveRule));
    assert_eq!(
        game.claim_draw(&mut s, DrawReason::Repetition),
        Err(PlayError::ClaimsDisabled(Draws::Agreement))
    );
    game.agree_draw(&mut s).unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
}

#[test]
fn v1_wcdf_agreement_at_any_time() {
    let game = Draughts::default();
    let mut s = game.new_initial_state();
    game.agree_draw(&mut s).unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
    assert_eq!(
        game.play(&mut s, &"11-15".parse().unwrap()),
        Err(PlayError::GameOver)
    );
}

// ---- V2: flying kings ---------------------------------------------------------------------------

#[test]
fn v2_flying_kings_off_by_default() {
    assert_eq!(Rules::wcdf().king_moves, KingMoves::Short);
    assert_eq!(Rules::lattjo().king_moves, KingMoves::Short);
    assert_eq!(Rules::default().king_moves, KingMoves::Short);
}

#[test]
fn v2_a_flying_king_moves_any_distance_along_a_diagonal() {
    // The long diagonal 29-25-22-18-15-11-8-4.
    let fen = "W:WK29:B1";
    assert_eq!(legal(fen, KingMoves::Short), ["29-25"]);
    assert_eq!(
        legal(fen, KingMoves::Flying),
        ["29-11", "29-15", "29-18", "29-22", "29-25", "29-4", "29-8"]
    );
}

#[test]
fn v2_a_flying_king_captures_from_a_distance_and_lands_on_any_empty_square_beyond() {
    let fen = "W:WK29:B1,18";
    assert_eq!(
        legal(fen, KingMoves::Flying),
        ["29x11", "29x15", "29x4", "29x8"]
    );
    // Men stay short under the flag.
    assert_eq!(legal("B:WK32:B1", KingMoves::Flying), ["1-5", "1-6"]);
}

#[test]
fn v2_a_flying_king_cannot_jump_two_pieces_at_once_or_its_own() {
    // 18 and 15 side by side on the diagonal: no square between them to land on.
    assert!(
        legal("W:WK29:B1,15,18", KingMoves::Flying)
            .iter()
            .all(|m| !m.contains('x'))
    );
    // Its own man on 25 blocks the diagonal: only the man moves.
    assert_eq!(
        legal("W:W25,K29:B1,18", KingMoves::Flying),
        ["25-21", "25-22"]
    );
}

#[test]
fn v2_a5_a_flying_capture_goes_on_from_where_it_can_and_lands_anywhere_beyond() {
    // After taking 18 the king may land on 15, 11, 8 or 4 (V2: any empty square beyond).
    // From 15 it can take 24 as well, so a sequence through 15 must go on (A5); from the
    // others nothing more can be taken.
    assert_eq!(
        legal("W:WK29:B1,18,24", KingMoves::Flying),
        ["29x11", "29x15x28", "29x4", "29x8"]
    );
}

#[test]
fn v2_a6_a_flying_king_jumps_each_piece_at_most_once() {
    let p = pos("W:WK18:B15,16,23,24");
    let mut v = Vec::new();
    p.legal_moves(KingMoves::Flying, &mut v);
    assert!(!v.is_empty());
    for m in &v {
        let mut taken: Vec<u8> = m.captured().map(Square::number).collect();
        let n = taken.len();
        taken.sort_unstable();
        taken.dedup();
        assert_eq!(taken.len(), n, "{m} takes a piece twice");
        assert_eq!(m.num_captured() as usize, n, "{m}");
    }
}

#[test]
fn d10_a_king_crossing_the_far_row_in_a_capture_goes_on() {
    // Only a man's crowning ends a capture: Black's king lands on 31 and takes 27 too.
    assert_eq!(legal("B:W26,27:BK22", KingMoves::Short), ["22x31x24"]);
}

#[test]
fn a1_a_crowning_step_is_a_man_move_and_resets_the_forty_move_count() {
    let game = Draughts::new(Rules::wcdf()).unwrap();
    let mut s = game.state_from(pos("B:WK32:BK1,25"));
    play(&game, &mut s, &["1-5", "32-28", "5-1", "28-32"]);
    assert_eq!(s.quiet_plies(), 4);
    play(&game, &mut s, &["25-29"]);
    assert_eq!(s.position().piece_at(sq(29)).unwrap().role, Role::King);
    assert_eq!(s.quiet_plies(), 0);
}

#[test]
fn v1_older_eda_fourth_repetition_option() {
    let game = Draughts::new(Rules::wcdf().with_repetitions(4).with_auto_adjudicate(true)).unwrap();
    let mut s = game.state_from(pos("B:WK32:BK1"));
    play(&game, &mut s, &SHUFFLE);
    play(&game, &mut s, &SHUFFLE);
    assert_eq!(s.outcome(), None, "three occurrences");
    play(&game, &mut s, &SHUFFLE);
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn a10_result_tokens_name_white_first_though_black_starts() {
    use lattjo_draughts::GameResult;
    assert_eq!(
        GameResult::from_winner(Some(Color::White)).to_string(),
        "1-0"
    );
    assert_eq!(
        GameResult::from_winner(Some(Color::Black)).to_string(),
        "0-1"
    );
    assert_eq!(GameResult::from_winner(None).to_string(), "1/2-1/2");
}

#[test]
fn v2_a6_captured_pieces_stay_until_the_move_ends_and_block_the_flying_king() {
    // 29x22 (landing 15), x19 (landing 24), x27 (landing 31): from 31 the way to 17 runs
    // through 22, taken earlier in the same move and still on the board (V2: removed at
    // the end), so 17 cannot be reached. Removed at once, 22 would open 31x17 to 13.
    let p = pos("W:WK29:B17,19,22,27");
    let mut v = Vec::new();
    p.legal_moves(KingMoves::Flying, &mut v);
    let texts: Vec<String> = v.iter().map(ToString::to_string).collect();
    assert!(texts.contains(&"29x15x24x31".to_owned()), "{texts:?}");
    for m in &v {
        assert!(m.num_captured() <= 3, "{m}");
        assert!(m.captured().all(|s| s != sq(17)), "{m}");
    }
}
