//! A review of the crate against `shared/rules/chess.md`, written from the rules file and
//! the public API before reading how the crate implements each rule: the draw rules of the
//! `Fide` preset (A3-A5, FIDE 9.2, 9.3, 9.6), insufficient material (K21, A2), agreement and
//! resignation (D4, A14), stalemate (A1) and what the booklet's `Lattjo` preset leaves out
//! (D3). Each test is named after the rule it checks.

use boardgame_core::{Game, Turn};
use lattjo_chess::{
    Action, CastlingMode, Chess, Color, DrawReason, EpMode, Outcome, PlayError, Position, Role,
    Rules, Square, State, WinReason,
};

pub(crate) fn pos(fen: &str) -> Position {
    Position::from_fen(fen, CastlingMode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

pub(crate) fn chess(rules: Rules, fen: &str) -> Chess {
    Chess::new(rules).expect("valid rules").with_start(pos(fen))
}

pub(crate) fn play(game: &Chess, state: &mut State, sans: &[&str]) {
    for san in sans {
        let m = state
            .position()
            .parse_san(san)
            .unwrap_or_else(|e| panic!("{san}: {e}"));
        game.apply(state, &Action::Move(m))
            .unwrap_or_else(|e| panic!("{san}: {e}"));
    }
}

pub(crate) const KNIGHT_CYCLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

// ---- A3: what counts as the same position -------------------------------------------------

#[test]
fn a3_double_step_without_legal_en_passant_does_not_make_a_new_position() {
    // After 1.e4 e5 the en-passant square e6 is nominal: no white pawn can take. The same
    // position comes back after each knight cycle, so after two cycles it stands for the
    // third time.
    let game = Chess::default();
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["e4", "e5"]);
    play(&game, &mut state, &KNIGHT_CYCLE);
    assert!(!game.claimable_draws(&state).threefold_repetition);
    play(&game, &mut state, &KNIGHT_CYCLE);
    assert!(
        game.claimable_draws(&state).threefold_repetition,
        "e5 without a legal en-passant reply is the same position as after the cycles"
    );
}

#[test]
fn a3_legal_en_passant_makes_the_position_different() {
    // 1.d4 can be answered by ...exd3 e.p.: that position differs from the later ones with
    // the same placement and Black to move.
    let fen = "k7/8/8/8/4p3/8/3P4/K7 w - - 0 1";
    let game = chess(Rules::fide(), fen);
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["d4"]);
    let cycle = ["Kb8", "Kb1", "Ka8", "Ka1"];
    play(&game, &mut state, &cycle);
    play(&game, &mut state, &cycle);
    // The placement with Black to move has stood three times, once with en passant legal.
    assert!(
        !game.claimable_draws(&state).threefold_repetition,
        "the first occurrence had a legal en-passant capture"
    );
    play(&game, &mut state, &cycle);
    assert!(game.claimable_draws(&state).threefold_repetition);
}

#[test]
fn a3_en_passant_that_would_expose_the_king_is_not_legal_and_does_not_count() {
    // After 1.d4, ...exd3 would take both pawns off the fourth rank and open the rook's line
    // to the black king on a4: pseudo-legal, not legal. So the position after 1.d4 is the
    // same as the ones the king shuffles bring back.
    let fen = "8/8/8/8/k3p2R/8/3P4/7K w - - 0 1";
    let game = chess(Rules::fide(), fen);
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["d4"]);
    assert_eq!(state.position().legal_ep_square(), None);
    let cycle = ["Ka5", "Kg1", "Ka4", "Kh1"];
    play(&game, &mut state, &cycle);
    assert!(!game.claimable_draws(&state).threefold_repetition);
    play(&game, &mut state, &cycle);
    assert!(game.claimable_draws(&state).threefold_repetition);
}

#[test]
fn a3_lost_castling_rights_make_the_position_different() {
    // The kings step out and back: the placement is the start's, the castling rights are
    // gone. The start (with rights) does not count among the later occurrences.
    let fen = "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1";
    let game = chess(Rules::fide(), fen);
    let mut state = game.new_initial_state();
    let cycle = ["Ke2", "Ke7", "Ke1", "Ke8"];
    play(&game, &mut state, &cycle);
    play(&game, &mut state, &cycle);
    assert!(
        !game.claimable_draws(&state).threefold_repetition,
        "two occurrences without castling rights, one with"
    );
    play(&game, &mut state, &cycle);
    assert!(game.claimable_draws(&state).threefold_repetition);
}

#[test]
fn a3_side_to_move_is_part_of_the_position() {
    // The same placement with the other side to move is another position. White's rook
    // triangulates (h1-h2-h3-h1) so that the start placement comes back with Black to move,
    // three times; then Black's king triangulates back to White to move.
    let game = chess(Rules::fide(), "k7/8/8/8/8/8/8/K6R w - - 0 1");
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["Rh2", "Kb8", "Rh3", "Ka8", "Rh1"]);
    assert_eq!(state.position().turn(), Color::Black);
    play(&game, &mut state, &["Kb8", "Rh2", "Ka8", "Rh1"]);
    play(&game, &mut state, &["Kb8", "Rh2", "Ka8", "Rh1"]);
    assert!(game.claimable_draws(&state).threefold_repetition);
    play(&game, &mut state, &["Kb8", "Rh2", "Kb7", "Rh1", "Ka8"]);
    assert_eq!(state.position().turn(), Color::White);
    // The placement has stood six times, but with White to move only twice.
    assert!(!game.claimable_draws(&state).threefold_repetition);
}

// ---- FIDE 9.2, 9.6.1: threefold claim, fivefold automatic ----------------------------------

#[test]
fn d3_fide_threefold_is_a_claim_fivefold_is_automatic() {
    let game = Chess::new(Rules::fide().with_decisions(true)).unwrap();
    let mut state = game.new_initial_state();
    play(&game, &mut state, &KNIGHT_CYCLE);
    play(&game, &mut state, &KNIGHT_CYCLE);
    // The start position for the third time: claimable, not automatic.
    assert!(game.claimable_draws(&state).threefold_repetition);
    assert_eq!(state.outcome(), None);
    play(&game, &mut state, &KNIGHT_CYCLE);
    assert_eq!(
        state.outcome(),
        None,
        "four occurrences do not end the game"
    );
    play(&game, &mut state, &KNIGHT_CYCLE[..3]);
    assert_eq!(state.outcome(), None);
    play(&game, &mut state, &KNIGHT_CYCLE[3..]);
    assert_eq!(
        state.outcome(),
        Some(Outcome::Draw(DrawReason::FivefoldRepetition))
    );
    assert_eq!(game.turn(&state), Turn::Terminal);
}

#[test]
fn d3_fide_threefold_claim_ends_the_game() {
    let game = Chess::new(Rules::fide().with_decisions(true)).unwrap();
    let mut state = game.new_initial_state();
    play(&game, &mut state, &KNIGHT_CYCLE);
    assert_eq!(
        game.apply(&mut state, &Action::ClaimDraw),
        Err(PlayError::NothingToClaim)
    );
    play(&game, &mut state, &KNIGHT_CYCLE);
    game.apply(&mut state, &Action::ClaimDraw).unwrap();
    assert_eq!(
        state.outcome(),
        Some(Outcome::Draw(DrawReason::ThreefoldRepetition))
    );
}

#[test]
fn fide_9_2_1_1_claim_with_the_move_that_brings_the_third_occurrence() {
    let game = Chess::new(Rules::fide().with_decisions(true)).unwrap();
    let mut state = game.new_initial_state();
    play(&game, &mut state, &KNIGHT_CYCLE);
    play(&game, &mut state, &KNIGHT_CYCLE[..3]);
    // Ng8 would bring the start position for the third time.
    let ng8 = state.position().parse_san("Ng8").unwrap();
    assert!(game.claimable_draws_with(&state, ng8).threefold_repetition);
    let nh5 = state.position().parse_san("Nh5").unwrap();
    assert!(!game.claimable_draws_with(&state, nh5).any());
    let before = state.clone();
    assert!(game.apply(&mut state, &Action::ClaimDrawWith(nh5)).is_err());
    assert_eq!(
        state, before,
        "an incorrect claim leaves the state unchanged"
    );
    game.apply(&mut state, &Action::ClaimDrawWith(ng8)).unwrap();
    assert_eq!(
        state.outcome(),
        Some(Outcome::Draw(DrawReason::ThreefoldRepetition))
    );
}

#[test]
fn d3_lattjo_has_no_repetition_draws() {
    let game = Chess::new(Rules::lattjo()).unwrap();
    let mut state = game.new_initial_state();
    for _ in 0..6 {
        play(&game, &mut state, &KNIGHT_CYCLE);
    }
    assert_eq!(
        state.outcome(),
        None,
        "seven occurrences, no draw in the booklet"
    );
    assert!(!game.claimable_draws(&state).any());
}

// ---- FIDE 9.3, 9.6.2: the 50- and 75-move rules and their exact ply -------------------------

const ROOK_ENDING: &str = "k7/8/8/8/8/8/8/4K2R w - - 98 80";

#[test]
fn d3_fifty_moves_claimable_from_the_hundredth_quiet_ply() {
    let game = chess(Rules::fide(), ROOK_ENDING);
    let mut state = game.new_initial_state();
    assert!(!game.claimable_draws(&state).fifty_moves);
    play(&game, &mut state, &["Kd2"]);
    assert_eq!(state.position().halfmoves(), 99);
    assert!(
        !game.claimable_draws(&state).fifty_moves,
        "99 plies are not 50 moves each"
    );
    play(&game, &mut state, &["Kb8"]);
    assert_eq!(state.position().halfmoves(), 100);
    assert!(game.claimable_draws(&state).fifty_moves);
    assert_eq!(state.outcome(), None, "the 50-move rule is a claim");
}

#[test]
fn fide_9_3_1_1_fifty_moves_claim_with_the_hundredth_quiet_move() {
    let game = chess(
        Rules::fide().with_decisions(true),
        "k7/8/8/8/8/8/8/4K2R w - - 99 80",
    );
    let mut state = game.new_initial_state();
    let quiet = state.position().parse_san("Kd2").unwrap();
    assert!(game.claimable_draws_with(&state, quiet).fifty_moves);
    game.apply(&mut state, &Action::ClaimDrawWith(quiet))
        .unwrap();
    assert_eq!(state.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
}

#[test]
fn d3_fifty_move_count_resets_on_capture_and_pawn_move() {
    let game = chess(Rules::fide(), "k7/7p/8/8/8/8/6P1/4K2R w - - 98 80");
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["g3"]);
    assert_eq!(state.position().halfmoves(), 0);
    play(&game, &mut state, &["Kb8", "Rxh7"]);
    assert_eq!(state.position().halfmoves(), 0);
}

#[test]
fn d3_seventy_five_moves_end_the_game_on_the_hundred_and_fiftieth_quiet_ply() {
    let game = chess(Rules::fide(), "k7/8/8/8/8/8/8/4K2R w - - 148 100");
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["Kd2"]);
    assert_eq!(state.outcome(), None, "149 plies");
    play(&game, &mut state, &["Kb8"]);
    assert_eq!(
        state.outcome(),
        Some(Outcome::Draw(DrawReason::SeventyFiveMoves))
    );
}

#[test]
fn d3_seventy_five_moves_not_when_the_last_ply_is_a_pawn_move_or_capture() {
    let game = chess(Rules::fide(), "k7/8/8/8/8/8/6P1/4K2R w - - 149 100");
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["g4"]);
    assert_eq!(state.outcome(), None);
    let game = chess(Rules::fide(), "k7/7p/8/8/8/8/8/4K2R w - - 149 100");
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["Rxh7"]);
    assert_eq!(state.outcome(), None);
}

#[test]
fn a5_checkmate_on_the_seventy_fifth_move_wins() {
    let game = chess(Rules::fide(), "k7/8/1K6/8/8/8/8/7R w - - 149 100");
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["Rh8#"]);
    assert_eq!(
        state.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn a5_stalemate_on_the_seventy_fifth_move_is_a_draw_either_way() {
    // Stalemate and the 75-move rule are both draws; the result must be a draw.
    let game = chess(Rules::fide(), "k7/8/1K6/8/8/8/8/2Q5 w - - 149 100");
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["Qc7"]);
    assert!(matches!(state.outcome(), Some(Outcome::Draw(_))));
}

#[test]
fn a4_auto_claim_fifty_moves_but_checkmate_on_the_hundredth_ply_wins() {
    let rules = Rules::fide().with_auto_claim(true);
    let game = chess(rules, "k7/8/1K6/8/8/8/8/7R w - - 99 100");
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["Rh8#"]);
    assert_eq!(
        state.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["Rh2"]);
    assert_eq!(state.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
}

#[test]
fn a4_auto_claim_makes_threefold_automatic() {
    let game = Chess::new(Rules::fide().with_auto_claim(true)).unwrap();
    let mut state = game.new_initial_state();
    play(&game, &mut state, &KNIGHT_CYCLE);
    assert_eq!(state.outcome(), None);
    play(&game, &mut state, &KNIGHT_CYCLE);
    assert_eq!(
        state.outcome(),
        Some(Outcome::Draw(DrawReason::ThreefoldRepetition))
    );
}

#[test]
fn d3_lattjo_has_no_move_count_draws() {
    let game = chess(Rules::lattjo(), "k7/8/8/8/8/8/8/4K2R w - - 149 100");
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["Kd2", "Kb8", "Ke2", "Ka8"]);
    assert_eq!(state.outcome(), None);
    assert!(!game.claimable_draws(&state).any());
}

// ---- K21, D2, A2: insufficient material --------------------------------------------------

#[test]
fn a2_insufficient_material_is_an_automatic_draw() {
    for fen in [
        "8/8/4k3/8/8/4K3/8/8 w - - 0 1",      // K v K
        "8/8/4k3/8/8/4K3/8/5B2 w - - 0 1",    // K+B v K
        "8/8/4k3/8/8/4K3/8/6N1 b - - 0 1",    // K+N v K
        "8/8/2b1k3/8/8/4K3/8/5B2 w - - 0 1",  // bishops on one colour, both sides
        "8/8/4k3/8/8/3BK3/4B3/5B2 w - - 0 1", // three bishops, all on light squares
        "b7/1b6/4k3/8/8/4K3/8/5B2 w - - 0 1", // several bishops each, one colour
    ] {
        let p = pos(fen);
        assert_eq!(
            p.outcome(),
            Some(Outcome::Draw(DrawReason::InsufficientMaterial)),
            "{fen}"
        );
        for rules in [Rules::fide(), Rules::lattjo()] {
            let g = Chess::new(rules).unwrap().with_start(p.clone());
            let s = g.new_initial_state();
            assert_eq!(
                s.outcome(),
                Some(Outcome::Draw(DrawReason::InsufficientMaterial)),
                "{fen}"
            );
        }
    }
}

#[test]
fn a2_mating_material_plays_on() {
    for fen in [
        "8/8/4k3/8/8/4K3/8/5NN1 w - - 0 1", // K+N+N v K
        "8/8/4kn2/8/8/4K3/8/6N1 w - - 0 1", // K+N v K+N
        "8/8/4kn2/8/8/4K3/8/5B2 w - - 0 1", // K+B v K+N
        "8/8/3bk3/8/8/4K3/8/5B2 w - - 0 1", // opposite-colour bishops
        "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1",  // a pawn
        "8/8/4k3/8/8/4K3/8/5BB1 w - - 0 1", // two bishops on both colours
    ] {
        assert_eq!(pos(fen).outcome(), None, "{fen}");
    }
}

#[test]
fn k21_a2_capture_leaving_bare_kings_ends_the_game() {
    let game = chess(Rules::lattjo(), "8/8/4k3/3r4/8/4K3/8/8 b - - 0 1");
    let mut state = game.new_initial_state();
    assert_eq!(state.outcome(), None);
    play(&game, &mut state, &["Rd3+", "Kxd3"]);
    assert_eq!(
        state.outcome(),
        Some(Outcome::Draw(DrawReason::InsufficientMaterial))
    );
}

// ---- A1, K16: stalemate and checkmate -------------------------------------------------------

#[test]
fn a1_stalemate_is_a_draw_in_both_rule_sets() {
    for rules in [Rules::fide(), Rules::lattjo()] {
        let game = chess(rules, "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
        let mut state = game.new_initial_state();
        play(&game, &mut state, &["Qc7"]);
        assert_eq!(state.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
        assert_eq!(game.turn(&state), Turn::Terminal);
    }
}

// ---- D4, FIDE 5.2.3: draw offers and agreement -----------------------------------------------

#[test]
fn d4_fide_agreement_needs_both_players_to_have_moved() {
    let game = Chess::new(Rules::fide().with_decisions(true)).unwrap();
    let mut state = game.new_initial_state();
    game.apply(&mut state, &Action::OfferDraw).unwrap();
    play(&game, &mut state, &["e4"]);
    // Black has not moved yet.
    assert!(game.apply(&mut state, &Action::AcceptDraw).is_err());
    assert_eq!(state.outcome(), None);
    play(&game, &mut state, &["e5"]);
    game.apply(&mut state, &Action::OfferDraw).unwrap();
    play(&game, &mut state, &["Nf3"]);
    game.apply(&mut state, &Action::AcceptDraw).unwrap();
    assert_eq!(state.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
}

#[test]
fn d4_lattjo_agreement_at_any_time() {
    let game = Chess::new(Rules::lattjo().with_decisions(true)).unwrap();
    let mut state = game.new_initial_state();
    game.apply(&mut state, &Action::OfferDraw).unwrap();
    play(&game, &mut state, &["e4"]);
    game.apply(&mut state, &Action::AcceptDraw).unwrap();
    assert_eq!(state.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
}

#[test]
fn d4_an_offer_lapses_when_the_opponent_moves_instead() {
    let game = Chess::new(Rules::fide().with_decisions(true)).unwrap();
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["e4", "e5"]);
    game.apply(&mut state, &Action::OfferDraw).unwrap();
    play(&game, &mut state, &["Nf3", "Nc6"]);
    assert!(game.apply(&mut state, &Action::AcceptDraw).is_err());
    // Nor can a player accept its own offer.
    game.apply(&mut state, &Action::OfferDraw).unwrap();
    assert!(game.apply(&mut state, &Action::AcceptDraw).is_err());
}

// ---- D4, A14, FIDE 5.1.2: resignation ---------------------------------------------------------

#[test]
fn a14_fide_resignation_against_a_bare_king_is_a_draw() {
    let fen = "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1";
    let game = chess(Rules::fide().with_decisions(true), fen);
    let mut state = game.new_initial_state();
    game.apply(&mut state, &Action::Resign).unwrap();
    assert_eq!(
        state.outcome(),
        Some(Outcome::Draw(DrawReason::ResignationWithoutMatingMaterial))
    );
}

#[test]
fn a14_fide_resignation_against_a_knight_that_can_mate_is_a_loss() {
    // K+N v K+P: the pawn can block its own king (Kh8, Ph7, Kf7, Ng6#), so the knight's
    // side could mate by some series of legal moves.
    let fen = "8/7p/4k3/8/8/4K3/8/6N1 b - - 0 1";
    let game = chess(Rules::fide().with_decisions(true), fen);
    let mut state = game.new_initial_state();
    game.apply(&mut state, &Action::Resign).unwrap();
    assert_eq!(
        state.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Resignation
        })
    );
}

#[test]
fn d4_lattjo_resignation_always_loses() {
    let fen = "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1";
    let game = chess(Rules::lattjo().with_decisions(true), fen);
    let mut state = game.new_initial_state();
    game.apply(&mut state, &Action::Resign).unwrap();
    assert_eq!(
        state.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(state.outcome().unwrap().result().to_string(), "0-1");
}

// ---- A6: the en-passant right lives one ply ---------------------------------------------------

#[test]
fn a6_en_passant_only_on_the_very_next_move() {
    let game = chess(Rules::fide(), "k7/8/8/8/4p3/8/3P3P/K7 w - - 0 1");
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["d4"]);
    assert!(state.position().parse_san("exd3").is_ok());
    play(&game, &mut state, &["Kb8", "h3"]);
    assert!(state.position().parse_san("exd3").is_err());
}

// ---- A10: castling rights are lost for good -------------------------------------------------

#[test]
fn a10_rook_captured_on_its_home_square_loses_the_right_for_good() {
    let game = chess(Rules::fide(), "4k3/8/8/8/8/8/6b1/R3K2R b KQ - 0 1");
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["Bxh1", "Ra2", "Bc6", "Ra1", "Kd7"]);
    // Rook h1 is gone; the a1 rook moved and came back: no castling on either side.
    let p = state.position();
    assert!(p.parse_san("O-O-O").is_err());
    assert!(p.parse_san("O-O").is_err());
}

#[test]
fn a3_imported_en_passant_square_counts_only_when_a_capture_is_legal() {
    // A FEN may name an en-passant square no pawn can use (section 6: accepted on input);
    // the position is still the one the knight cycles bring back.
    let nominal = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
    let game = chess(Rules::fide(), nominal);
    let mut state = game.new_initial_state();
    play(&game, &mut state, &KNIGHT_CYCLE);
    play(&game, &mut state, &KNIGHT_CYCLE);
    assert!(game.claimable_draws(&state).threefold_repetition);
    // With a white pawn on d5 the capture dxe6 is legal: the start is another position.
    let legal = "rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP2PPP/RNBQKBNR w KQkq e6 0 3";
    let game = chess(Rules::fide(), legal);
    let mut state = game.new_initial_state();
    play(&game, &mut state, &KNIGHT_CYCLE);
    play(&game, &mut state, &KNIGHT_CYCLE);
    assert!(!game.claimable_draws(&state).threefold_repetition);
    play(&game, &mut state, &KNIGHT_CYCLE);
    assert!(game.claimable_draws(&state).threefold_repetition);
}

#[test]
fn d3_fivefold_counts_positions_by_the_a3_identity() {
    // Four knight cycles after 1.e4 e5 bring the position after 1...e5 for the fifth time,
    // its nominal en-passant square notwithstanding.
    let game = Chess::default();
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["e4", "e5"]);
    for _ in 0..3 {
        play(&game, &mut state, &KNIGHT_CYCLE);
    }
    assert_eq!(state.outcome(), None);
    play(&game, &mut state, &KNIGHT_CYCLE);
    assert_eq!(
        state.outcome(),
        Some(Outcome::Draw(DrawReason::FivefoldRepetition))
    );
}

/// A small deterministic generator for the random games below.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

fn check_ep_identity(p: &Position) {
    let moves = p.legal_moves();
    let ep_moves: Vec<_> = moves.iter().filter(|m| p.is_en_passant(**m)).collect();
    assert_eq!(
        p.legal_ep_square().is_some(),
        !ep_moves.is_empty(),
        "{p}: legal_ep_square against the legal moves"
    );
    if let Some(sq) = p.legal_ep_square() {
        assert!(
            ep_moves.iter().all(|m| m.to == sq || p.is_castling(**m)),
            "{p}"
        );
    }
    // The same position without its en-passant square: the same key exactly when no
    // en-passant capture is legal.
    let stripped = pos(&p.to_fen(EpMode::Legal).replacen(
        &format!(
            " {} ",
            p.legal_ep_square()
                .map_or("-".to_owned(), |s| s.to_string())
        ),
        " - ",
        1,
    ));
    assert_eq!(
        p.repetition_key() == stripped.repetition_key(),
        p.legal_ep_square().is_none(),
        "{p}"
    );
}

#[test]
fn a3_en_passant_counts_exactly_when_a_capture_is_legal_in_random_games() {
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
        "r3k2r/pppq1ppp/8/8/1b1pP1b1/8/PPPQ1PPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/r2pP2K/8/8/8/8 w - d6 0 1",
    ];
    let mut rng = Lcg(7);
    let mut seen_ep = 0;
    for start in starts {
        for _ in 0..150 {
            let mut p = pos(start);
            for _ in 0..80 {
                check_ep_identity(&p);
                if p.legal_ep_square().is_some() {
                    seen_ep += 1;
                }
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                p.play_unchecked(m);
            }
        }
    }
    assert!(
        seen_ep > 20,
        "the games should meet en-passant captures ({seen_ep})"
    );
}

#[test]
fn a3_en_passant_that_removes_the_checking_pawn_is_legal_and_counts() {
    // 1.d4+ checks the king on e5; ...exd3 e.p. takes the checker.
    let mut p = pos("8/8/8/4k3/4p3/8/3P4/4K3 w - - 0 1");
    p.play(p.parse_san("d4+").unwrap()).unwrap();
    assert!(p.legal_ep_square().is_some());
    check_ep_identity(&p);
    // A double step that uncovers the c1 bishop's check on f4 cannot be answered en
    // passant: ...exd3 does not block the c1-f4 diagonal.
    let mut p = pos("8/8/8/8/4pk2/8/3P4/2B1K3 w - - 0 1");
    p.play(p.parse_san("d4+").unwrap()).unwrap();
    assert_eq!(p.legal_ep_square(), None);
    check_ep_identity(&p);
}

// ---- Chess960 castling (K19, K20, A10 with any king and rook placement) ----------------------

fn pos960(fen: &str) -> Position {
    Position::from_fen(fen, CastlingMode::Chess960).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The roles on the king's and the rook's castling destinations after `san`, if legal.
fn castles(fen: &str, san: &str) -> Option<(Option<Role>, Option<Role>)> {
    let mut p = pos960(fen);
    let m = p.parse_san(san).ok()?;
    p.play(m).ok()?;
    let (king, rook) = if san == "O-O" {
        (Square::G1, Square::F1)
    } else {
        (Square::C1, Square::D1)
    };
    Some((p.board().role_at(king), p.board().role_at(rook)))
}

#[test]
fn k20_a10_chess960_castling_ends_on_the_standard_squares() {
    use Role::{King, Rook};
    // King b1, rook a1: the king goes to c1, the rook to d1; the attacked a1 (rook only)
    // does not matter.
    let r = castles("r3k3/8/8/8/8/8/8/RK6 w A - 0 1", "O-O-O").expect("legal");
    assert_eq!(r, (Some(King), Some(Rook)));
    // King already on g1 beside its rook on h1: the king stays, the rook goes to f1.
    let r = castles("4k3/8/8/8/8/8/8/6KR w H - 0 1", "O-O").expect("legal");
    assert_eq!(r, (Some(King), Some(Rook)));
    // King already on c1: the rook crosses the attacked b1, which only the rook crosses.
    let r = castles("1r2k3/8/8/8/8/8/8/R1K5 w A - 0 1", "O-O-O").expect("legal");
    assert_eq!(r, (Some(King), Some(Rook)));
}

#[test]
fn k19_chess960_castling_refused_when_a_square_is_held_or_the_king_would_be_attacked() {
    // f1, the rook's destination, is held by a bishop.
    assert!(castles("4k3/8/8/8/8/8/8/5BKR w H - 0 1", "O-O").is_none());
    // d1, the rook's destination, is held by a knight.
    assert!(castles("4k3/8/8/8/8/8/8/RK1N4 w A - 0 1", "O-O-O").is_none());
    // King f1, rook g1: the king's destination g1 is attacked by the g8 rook once the
    // castling rook has left it.
    assert!(castles("4k1r1/8/8/8/8/8/8/5KR1 w G - 0 1", "O-O").is_none());
    // King b1, rook a1: the king's destination c1 is attacked by the bishop on h6.
    assert!(castles("4k3/8/7b/8/8/8/8/RK6 w A - 0 1", "O-O-O").is_none());
}
