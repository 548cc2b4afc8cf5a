//! A second reviewer's pass over the rules file (`shared/rules/chess.md`), aimed at what
//! `rules.rs` and `rules_review.rs` leave out: the king stepping back along the line of its
//! checker, double check, a capture next to the enemy king; en passant by a pinned pawn
//! along its pin line, as the only rescue from check, uncovering the check its double step
//! blocked, after two single steps and by a piece that is no pawn; castling across squares a
//! pawn or knight attacks, past an enemy piece on b1, with the rook attacked, after a check
//! that suspended it, castling that mates, and a promotion that takes the rook at home;
//! promotion choices that decide mate, stalemate or insufficient material; a stalemate with
//! men on the board; a locked pawn wall (not detected, D2); castling rights that count for
//! repetitions while castling is impossible (FIDE 9.2.3), repetitions by transposition,
//! castling that does not reset the move counts, the fivefold and the 75-move rule on the
//! same ply; and refused input (promotion pieces, FEN fields, claims in the booklet's preset)
//! leaving the state unchanged.
//!
//! Every expected value is worked out by hand from the rules file; each test cites the rule
//! ids and the sentence it checks. Square colours: a1 is dark and h1 light (section 1), so a
//! square is light when its file number plus its rank number is odd (c8: 3 + 8 = 11, light;
//! d8: 4 + 8 = 12, dark).

use boardgame_core::{Game, Turn};
use lattjo_chess::{
    Action, CastlingSide, Chess, Color, DrawReason, FenError, Move, Outcome, Piece, PlayError,
    Position, PositionErrorKind, Role, Rules, RulesError, SanError, Square, UciError, WinReason,
    insufficient_material,
};

use crate::rules::dests;
use crate::rules_review::{KNIGHT_CYCLE, chess, play, pos};

/// Every legal move of `p` in SAN, sorted.
fn all_sans(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.san(*m)).collect();
    v.sort();
    v
}

/// The outcome after `sans` from `fen`, under `rules`.
fn outcome_after(rules: Rules, fen: &str, sans: &[&str]) -> Option<Outcome> {
    let game = chess(rules, fen);
    let mut state = game.new_initial_state();
    play(&game, &mut state, sans);
    state.outcome()
}

const WHITE_MATES: Option<Outcome> = Some(Outcome::Win {
    winner: Color::White,
    reason: WinReason::Checkmate,
});

const STALEMATE: Option<Outcome> = Some(Outcome::Draw(DrawReason::Stalemate));

const NO_MATERIAL: Option<Outcome> = Some(Outcome::Draw(DrawReason::InsufficientMaterial));

// ---------------------------------------------------------------------------------------------
// K13, K14, K15, A9: the king and its checkers

/// K13 "The two kings may never stand on adjacent squares", with K4 (a piece may move to a
/// square holding an opponent's piece): the white king on e4 may not take the knight on e5,
/// which stands next to the black king on e6; d5 and f5 touch e6 too, and the knight covers
/// d3 and f3. Left: d4, e3 and f4.
#[test]
fn k13_king_may_not_capture_a_piece_beside_the_enemy_king() {
    let p = pos("8/8/4k3/4n3/4K3/8/8/8 w - - 0 1");
    assert_eq!(dests(&p, Square::E4), ["Kd4", "Ke3", "Kf4"]);
}

/// K14 "A king may not be placed in check", A9 "Any move after which one's own king is
/// attacked is illegal": a king checked along a line may not step back along that line,
/// since the square behind it is attacked once the king has left its own square. King e4
/// checked by the rook e8: not e5 nor e3. Checked by the bishop b7 (b7-c6-d5-e4-f3): not d5
/// nor f3.
#[test]
fn k14_a9_king_may_not_step_back_along_the_checking_line() {
    let rook = pos("k3r3/8/8/8/4K3/8/8/8 w - - 0 1");
    assert!(rook.is_check());
    assert_eq!(all_sans(&rook), ["Kd3", "Kd4", "Kd5", "Kf3", "Kf4", "Kf5"]);
    let bishop = pos("k7/1b6/8/8/4K3/8/8/8 w - - 0 1");
    assert!(bishop.is_check());
    assert_eq!(
        all_sans(&bishop),
        ["Kd3", "Kd4", "Ke3", "Ke5", "Kf4", "Kf5"]
    );
}

/// K15 "A king in check must be rescued ... move the king out of check, capture the checking
/// piece, or put a piece between them", A9: against two checkers at once (the rook e8 down
/// the e-file, the knight d3) only a king move rescues. Bxd3 and Rxe8 each take one checker
/// and leave the other, so both are illegal; e2 is on the rook's file and f2 under the
/// knight, so the king's moves are d1 and d2.
#[test]
fn k15_double_check_is_answered_only_by_a_king_move() {
    let p = pos("R3r3/8/8/7k/8/3n4/8/4KB2 w - - 0 1");
    assert_eq!(p.checkers().count(), 2);
    assert_eq!(all_sans(&p), ["Kd1", "Kd2"]);
    assert!(matches!(p.parse_san("Bxd3"), Err(SanError::Illegal(_))));
    assert!(matches!(p.parse_san("Rxe8"), Err(SanError::Illegal(_))));
}

/// K16 "If none of the three is possible, the king is checkmated", K20 (the rook ends on the
/// square next to the king, f1): castling can mate. After O-O the rook on f1 checks the king
/// on f8 down the open f-file; e8, g8, e7 and g7 hold black men, f7 is on the rook's line,
/// and no black man can reach f1 to f7 (the rooks are shut in by the king and the pawns).
#[test]
fn k16_k20_castling_that_mates() {
    let fen = "4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1";
    let p = pos(fen);
    let oo = p.parse_san("O-O").expect("legal");
    assert_eq!(p.san(oo), "O-O#");
    for rules in [Rules::fide(), Rules::lattjo()] {
        assert_eq!(outcome_after(rules, fen, &["O-O"]), WHITE_MATES);
    }
}

// ---------------------------------------------------------------------------------------------
// K17, A6, A9: en passant

/// K17 (en passant), A9 "K14 applies to every piece's move": the pawn e5 is pinned to its
/// king h2 by the bishop b8 along b8-c7-d6-e5-f4-g3-h2. After ...d5 it may take en passant on
/// d6, which stays on the pin line; after ...f5 it may not take on f6, nor advance to e6,
/// both off the line.
#[test]
fn k17_a9_pinned_pawn_takes_en_passant_only_along_its_pin_line() {
    let fen = "1b5k/3p1p2/8/4P3/8/8/7K/8 b - - 0 1";
    let mut along = pos(fen);
    along
        .play(along.parse_san("d5").expect("legal"))
        .expect("legal");
    assert_eq!(dests(&along, Square::E5), ["exd6"]);
    assert_eq!(along.legal_ep_square(), Some(Square::D6));

    let mut off = pos(fen);
    off.play(off.parse_san("f5").expect("legal"))
        .expect("legal");
    assert!(dests(&off, Square::E5).is_empty());
    assert_eq!(off.ep_square(), Some(Square::F6));
    assert_eq!(off.legal_ep_square(), None);
}

/// K15 (capture the checking piece), K17 (en passant), A6: b2-b4 checks the king on a5, and
/// the only rescue is ...axb3 e.p., which removes the checker: b6 and b5 are on the rook's
/// file, a6 on the bishop's diagonal, b4 is guarded by the rook. The same placement without
/// the en-passant right (a FEN with `-`) is checkmate.
#[test]
fn k15_k17_en_passant_as_the_only_rescue_from_check() {
    let game = chess(Rules::fide(), "1RB5/8/8/k7/p7/8/1P6/7K w - - 0 1");
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["b4"]);
    assert!(state.position().is_check());
    assert_eq!(all_sans(state.position()), ["axb3"]);
    assert_eq!(state.outcome(), None);
    play(&game, &mut state, &["axb3"]);
    assert_eq!(state.outcome(), None);
    assert!(!state.position().is_check());
    assert_eq!(
        state.position().board().role_at(Square::B4),
        None,
        "the checker was taken"
    );

    let with_right = pos("1RB5/8/8/k7/pP6/8/8/7K b - b3 0 1");
    assert_eq!(all_sans(&with_right), ["axb3"]);
    assert_eq!(with_right.outcome(), None);
    for rules in [Rules::fide(), Rules::lattjo()] {
        assert_eq!(
            outcome_after(rules, "1RB5/8/8/k7/pP6/8/8/7K b - - 0 1", &[]),
            WHITE_MATES
        );
    }
}

/// K17 "if a pawn advances two squares on its first move and lands beside an enemy pawn":
/// a pawn that reaches d5 by two single steps (d6, then d5) cannot be taken en passant,
/// whereas one that double-steps from d7 can.
#[test]
fn k17_two_single_steps_are_no_double_step() {
    let fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
    let game = chess(Rules::fide(), fen);
    let mut double = game.new_initial_state();
    play(&game, &mut double, &["d5"]);
    assert_eq!(dests(double.position(), Square::E5), ["e6", "exd6"]);

    let mut singles = game.new_initial_state();
    play(&game, &mut singles, &["d6", "Ke2", "d5"]);
    assert_eq!(singles.position().ep_square(), None);
    assert_eq!(dests(singles.position(), Square::E5), ["e6"]);
}

/// K17 "that pawn may capture it as if it had moved only one square": only a pawn captures
/// en passant. After ...d7-d5 the knight b5 may go to d6 (with check), but that is a plain
/// move: the pawn on d5 stays, nothing is captured, and the halfmove clock counts on.
#[test]
fn k17_only_a_pawn_captures_en_passant() {
    let mut p = pos("4k3/3p4/8/1N2P3/8/8/8/4K3 b - - 0 1");
    p.play(p.parse_san("d5").expect("legal")).expect("legal");
    assert_eq!(p.ep_square(), Some(Square::D6));
    let nd6 = p.parse_san("Nd6").expect("legal");
    assert_eq!(p.san(nd6), "Nd6+");
    assert!(!p.is_capture(nd6));
    assert!(!p.is_en_passant(nd6));
    p.play(nd6).expect("legal");
    assert_eq!(
        p.board().piece_at(Square::D5),
        Some(Piece {
            color: Color::Black,
            role: Role::Pawn
        })
    );
    assert_eq!(p.board().by_color(Color::Black).count(), 2);
    assert_eq!(p.halfmoves(), 1);
}

/// K17 (en passant) with K15 (check): a double step that blocks a check may be taken en
/// passant, and the capture then uncovers the check again. The bishop a2 checks g8 along
/// a2-g8; ...d7-d5 is Black's only block; exd6 e.p. empties d5 and checks from a2 (section
/// 6: SAN marks it `+`).
#[test]
fn k15_k17_en_passant_uncovers_the_check_the_double_step_blocked() {
    let mut p = pos("6k1/3p4/8/4P3/8/8/B7/4K3 b - - 0 1");
    assert_eq!(all_sans(&p), ["Kf8", "Kg7", "Kh7", "Kh8", "d5"]);
    p.play(p.parse_san("d5").expect("legal")).expect("legal");
    let ep = p.parse_san("exd6").expect("legal");
    assert!(p.is_en_passant(ep));
    assert_eq!(p.san(ep), "exd6+");
    p.play(ep).expect("legal");
    assert_eq!(p.checkers().count(), 1);
    assert!(p.checkers().contains(Square::A2));
    assert_eq!(p.board().role_at(Square::D5), None);
}

// ---------------------------------------------------------------------------------------------
// K18, K19, K20, A10: castling

/// K19 (d) "no square the king passes over or lands on is attacked": a black pawn on e2
/// attacks d1 and f1 (diagonally forward, K6) but not e1, so the king is not in check and
/// may take the pawn or step to d2 or f2, but may castle on neither side.
#[test]
fn k19d_castling_refused_across_squares_a_pawn_attacks() {
    let p = pos("4k3/8/8/8/8/8/4p3/R3K2R w KQ - 0 1");
    assert!(!p.is_check());
    assert_eq!(dests(&p, Square::E1), ["Kd2", "Kf2", "Kxe2"]);
    assert!(matches!(p.parse_san("O-O"), Err(SanError::Illegal(_))));
    assert!(matches!(p.parse_san("O-O-O"), Err(SanError::Illegal(_))));
}

/// K19 (b) "the king ... does not end in check": the knight h3 attacks g1 (and f2), so the
/// short castling, which puts the king on g1, is refused; the long one is not.
#[test]
fn k19b_castling_refused_onto_a_square_a_knight_attacks() {
    let p = pos("4k3/8/8/8/8/7n/8/R3K2R w KQ - 0 1");
    assert_eq!(dests(&p, Square::E1), ["Kd1", "Kd2", "Ke2", "Kf1", "O-O-O"]);
}

/// K19 (c) "every square between the king and that rook is empty", A10 "b1/b8 must be
/// empty": an enemy knight on b1 blocks the long castling as an own piece would (it is not
/// captured by castling). The knight covers d2; the short castling stands.
#[test]
fn k19c_a10_an_enemy_piece_on_b1_blocks_the_long_castling() {
    let p = pos("4k3/8/8/8/8/8/8/Rn2K2R w KQ - 0 1");
    assert_eq!(dests(&p, Square::E1), ["Kd1", "Ke2", "Kf1", "Kf2", "O-O"]);
    assert!(matches!(p.parse_san("O-O-O"), Err(SanError::Illegal(_))));
}

/// A10 "The king's start, crossing and destination squares must not be attacked" (and no
/// other): a rook attacked on h1 or a1 may still castle, and ends on f1 or d1 (K20).
#[test]
fn a10_castling_allowed_with_the_rook_attacked() {
    let mut short = pos("4k2r/8/8/8/8/8/8/4K2R w K - 0 1");
    short
        .play(short.parse_san("O-O").expect("legal"))
        .expect("legal");
    assert_eq!(short.board().role_at(Square::G1), Some(Role::King));
    assert_eq!(short.board().role_at(Square::F1), Some(Role::Rook));
    let mut long = pos("r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    long.play(long.parse_san("O-O-O").expect("legal"))
        .expect("legal");
    assert_eq!(long.board().role_at(Square::C1), Some(Role::King));
    assert_eq!(long.board().role_at(Square::D1), Some(Role::Rook));
}

/// K19 (a) "neither the king nor the rook concerned has moved before", (b) "the king is not
/// in check": a check suspends castling but does not take the right away. In check from the
/// bishop b4, O-O is refused and the right kept; once the knight blocks on d2, O-O is legal.
#[test]
fn k18_k19b_a_check_suspends_castling_without_losing_the_right() {
    let game = chess(Rules::fide(), "k7/8/8/8/1b6/8/8/1N2K2R w K - 0 1");
    let mut state = game.new_initial_state();
    assert!(matches!(
        state.position().parse_san("O-O"),
        Err(SanError::Illegal(_))
    ));
    assert_eq!(
        state
            .position()
            .castling_rook(Color::White, CastlingSide::KingSide),
        Some(Square::H1)
    );
    play(&game, &mut state, &["Nd2", "Kb8", "O-O"]);
    assert_eq!(
        state.position().board().role_at(Square::G1),
        Some(Role::King)
    );
    assert_eq!(
        state.position().board().role_at(Square::F1),
        Some(Role::Rook)
    );
}

/// A10 "The right is lost for good once ... that rook is captured on its home square", A8
/// (promotion "including captures onto the last rank"): bxa8 with promotion takes the rook
/// on a8 and Black's long castling right with it, whatever the new piece; b8=N, which does
/// not capture, leaves the right (castling is then only blocked, K19 c).
#[test]
fn a10_a8_a_promotion_that_captures_the_rook_at_home_ends_its_right() {
    let fen = "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1";
    let p = pos(fen);
    assert_eq!(
        dests(&p, Square::B7),
        [
            "b8=B", "b8=N", "b8=Q+", "b8=R+", "bxa8=B", "bxa8=N", "bxa8=Q+", "bxa8=R+"
        ]
    );
    assert_eq!(
        p.castling_rook(Color::Black, CastlingSide::QueenSide),
        Some(Square::A8)
    );
    let mut taken = p.clone();
    taken
        .play(taken.parse_san("bxa8=N").expect("legal"))
        .expect("legal");
    assert_eq!(taken.castling_rooks().count(), 0);
    let mut beside = p;
    beside
        .play(beside.parse_san("b8=N").expect("legal"))
        .expect("legal");
    assert_eq!(
        beside.castling_rook(Color::Black, CastlingSide::QueenSide),
        Some(Square::A8)
    );
    assert!(matches!(
        beside.parse_san("O-O-O"),
        Err(SanError::Illegal(_))
    ));
}

// ---------------------------------------------------------------------------------------------
// K7, A8, A1, A2: promotion choices that decide the game

/// K7 "promoted to a queen, rook, bishop or knight of the player's choice", A8 "including
/// captures onto the last rank", K16: of the eight promotions of the e7 pawn, only exf8=N
/// mates. The knight on f8 checks h7; g8, h8, g7, g6 and h6 hold black men and no black man
/// reaches f8. A queen or rook on e8 or f8 is shut off by the rook f8, the knight g8 or the
/// pawns g6 and g7.
#[test]
fn k7_k16_a8_capture_promotion_to_a_knight_is_the_only_mate() {
    let fen = "5rnb/4P1pk/6pp/8/8/8/8/K7 w - - 0 1";
    assert_eq!(
        dests(&pos(fen), Square::E7),
        [
            "e8=B", "e8=N", "e8=Q", "e8=R", "exf8=B", "exf8=N#", "exf8=Q", "exf8=R"
        ]
    );
    for rules in [Rules::fide(), Rules::lattjo()] {
        assert_eq!(outcome_after(rules, fen, &["exf8=N"]), WHITE_MATES);
        assert_eq!(outcome_after(rules, fen, &["exf8=Q"]), None);
    }
}

/// K7 (the player's choice), A1 "Side to move has no legal move and is not in check: draw
/// (stalemate), in both rule sets": the black king a1 has only a2 (the king c2 covers b1 and
/// b2). A queen or bishop on g8 covers a2 along g8-a2 without checking a1: stalemate. A rook
/// or knight on g8 leaves Ka2 and the game goes on. The pawn h2 keeps mating material.
#[test]
fn k7_a1_the_promotion_choice_decides_stalemate() {
    let fen = "8/6P1/8/8/8/8/2K4P/k7 w - - 0 1";
    for rules in [Rules::fide(), Rules::lattjo()] {
        assert_eq!(outcome_after(rules, fen, &["g8=Q"]), STALEMATE);
        assert_eq!(outcome_after(rules, fen, &["g8=B"]), STALEMATE);
        for san in ["g8=R", "g8=N"] {
            let game = chess(rules, fen);
            let mut state = game.new_initial_state();
            play(&game, &mut state, &[san]);
            assert_eq!(state.outcome(), None, "{san}");
            assert_eq!(all_sans(state.position()), ["Ka2"], "{san}");
        }
    }
}

/// A2 "Automatic draw if the material is: K v K; K+B v K; K+N v K" (K21): without the h2
/// pawn, g8=N leaves K+N v K, a draw at once although Black still has Ka2. g8=B leaves K+B v
/// K and stalemate together: the game is drawn; docs/chess.md ("The game state") records
/// stalemate, which it tests first.
#[test]
fn a1_a2_underpromotion_to_a_lone_minor_piece_draws_at_once() {
    let fen = "8/6P1/8/8/8/8/2K5/k7 w - - 0 1";
    for rules in [Rules::fide(), Rules::lattjo()] {
        let game = chess(rules, fen);
        let mut state = game.new_initial_state();
        play(&game, &mut state, &["g8=N"]);
        assert_eq!(all_sans(state.position()), ["Ka2"]);
        assert_eq!(state.outcome(), NO_MATERIAL);
        assert_eq!(game.turn(&state), Turn::Terminal);
        assert_eq!(outcome_after(rules, fen, &["g8=B"]), STALEMATE);
        assert_eq!(outcome_after(rules, fen, &["g8=R"]), None);
    }
}

/// A2 "positions in which every non-king piece is a bishop and all those bishops stand on
/// squares of one colour ... Not insufficient: ... opposite-colour bishops": with a light
/// bishop on f1, c8=B (c8 light) leaves only light bishops, a draw at once; c8=N or c8=Q
/// plays on, and so does d8=B (d8 dark) from the neighbouring file.
#[test]
fn a2_promotion_to_a_bishop_of_the_bishops_colour_ends_the_game() {
    let light = "8/2P5/8/7k/8/4K3/8/5B2 w - - 0 1";
    let dark = "8/3P4/8/7k/8/4K3/8/5B2 w - - 0 1";
    assert!(Square::F1.is_light() && Square::C8.is_light() && !Square::D8.is_light());
    for rules in [Rules::fide(), Rules::lattjo()] {
        assert_eq!(outcome_after(rules, light, &["c8=B"]), NO_MATERIAL);
        assert_eq!(outcome_after(rules, light, &["c8=N"]), None);
        assert_eq!(outcome_after(rules, light, &["c8=Q"]), None);
        assert_eq!(outcome_after(rules, dark, &["d8=B"]), None);
    }
}

/// A1, D1 (stalemate is a draw in both rule sets) with men on the board: after Rh8 the
/// bishop b8 is pinned along the eighth rank and cannot leave it, the pawn a7 is blocked by
/// a6 and has nothing to take, and the king's only free square, b7, is covered by the pawn
/// a6. Black is not in check and has no legal move.
#[test]
fn a1_stalemate_with_a_pinned_bishop_and_a_blocked_pawn() {
    let fen = "kb6/p7/P7/8/8/8/8/4K2R w - - 0 1";
    for rules in [Rules::fide(), Rules::lattjo()] {
        let game = chess(rules, fen);
        let mut state = game.new_initial_state();
        play(&game, &mut state, &["Rh8"]);
        let p = state.position();
        assert!(!p.is_check());
        assert_eq!(p.legal_moves().len(), 0);
        assert_eq!(state.outcome(), STALEMATE);
    }
}

/// D2 "Full 5.2.2 also covers, for example, locked pawn chains; that is optional ... so
/// document the gap", A2 "Locked-pawn dead positions: optional detector, off by default":
/// a wall of sixteen blocked pawns where neither king can get through (every square in front
/// of the wall is covered by an enemy pawn) is a dead position, but it is not detected. The
/// FIDE preset ends it by the 75-move rule (150 plies without pawn move or capture); the
/// booklet's preset plays on.
#[test]
fn d2_a2_a_locked_pawn_wall_is_not_detected() {
    let wall = "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 149 100";
    let p = pos(wall);
    assert!(!insufficient_material(&p));
    assert_eq!(p.outcome(), None);
    assert_eq!(
        all_sans(&p),
        ["Kd1", "Kd2", "Ke2", "Kf1", "Kf2"],
        "only the kings can move"
    );
    assert_eq!(
        outcome_after(Rules::fide(), wall, &["Ke2"]),
        Some(Outcome::Draw(DrawReason::SeventyFiveMoves))
    );
    assert_eq!(outcome_after(Rules::lattjo(), wall, &["Ke2"]), None);
}

// ---------------------------------------------------------------------------------------------
// A3, D3 (FIDE 9.2, 9.3, 9.6): repetitions and the move counts

/// A3 "the same possible moves, including castling rights" (FIDE 9.2.3: the castling rights
/// are lost only after the king or rook is moved): at the start White may castle long by
/// right, though not now (the knight stands on b1). Ra2 and Ra1 bring back the same
/// placement without the right: that is another position, so the start does not count with
/// the later ones and the third occurrence comes after three cycles, not two.
#[test]
fn a3_castling_right_counts_while_castling_is_impossible() {
    let game = chess(Rules::fide(), "4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1");
    let mut state = game.new_initial_state();
    assert!(matches!(
        state.position().parse_san("O-O-O"),
        Err(SanError::Illegal(_))
    ));
    let cycle = ["Ra2", "Kd8", "Ra1", "Ke8"];
    play(&game, &mut state, &cycle);
    assert_eq!(state.repetitions(), 1);
    play(&game, &mut state, &cycle);
    assert_eq!(state.repetitions(), 2);
    assert!(!game.claimable_draws(&state).threefold_repetition);
    play(&game, &mut state, &cycle);
    assert_eq!(state.repetitions(), 3);
    assert!(game.claimable_draws(&state).threefold_repetition);
}

/// FIDE 9.2 (threefold repetition, claim), A3 "Same side to move, same pieces on the same
/// squares ...": a position is the same however it is reached. The position with knights on
/// f3, c3, c6 and f6 and White to move is reached three times by three different move
/// orders, the knights going home in between.
#[test]
fn d3_a3_repetition_counts_positions_reached_by_transposition() {
    let game = Chess::default();
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["Nf3", "Nc6", "Nc3", "Nf6"]);
    assert_eq!(state.repetitions(), 1);
    play(&game, &mut state, &["Ng1", "Nb8", "Nb1", "Ng8"]);
    play(&game, &mut state, &["Nc3", "Nf6", "Nf3", "Nc6"]);
    assert_eq!(state.repetitions(), 2);
    play(&game, &mut state, &["Nb1", "Ng8", "Ng1", "Nb8"]);
    play(&game, &mut state, &["Nf3", "Nf6", "Nc3", "Nc6"]);
    assert_eq!(state.repetitions(), 3);
    assert!(game.claimable_draws(&state).threefold_repetition);
    assert_eq!(state.outcome(), None);
}

/// FIDE 9.3 and 9.6.2 (D3): the counts run "without the movement of any pawn and without
/// any capture"; castling is neither (section 6: "Half-move clock: reset by any pawn move or
/// capture"). O-O as the hundredth quiet ply makes the fifty-move draw claimable, and as the
/// hundred-and-fiftieth ends the game by the 75-move rule.
#[test]
fn d3_castling_does_not_reset_the_move_counts() {
    let game = chess(Rules::fide(), "k7/8/8/8/8/8/8/4K2R w K - 99 80");
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["O-O"]);
    assert_eq!(state.position().halfmoves(), 100);
    assert!(game.claimable_draws(&state).fifty_moves);
    assert_eq!(state.outcome(), None);
    assert_eq!(
        outcome_after(Rules::fide(), "k7/8/8/8/8/8/8/4K2R w K - 149 100", &["O-O"]),
        Some(Outcome::Draw(DrawReason::SeventyFiveMoves))
    );
}

/// D3 (`Fide`: "fivefold repetition (9.6.1) and 75 moves (9.6.2) end the game
/// automatically"): with the clock at 134, four knight cycles (16 plies) bring the fifth
/// occurrence of the start and the 150th quiet ply on the same move. Both are draws; the
/// 15th ply is neither. docs/chess.md ("The game state") records the 75-move rule, tested
/// before fivefold repetition. K+N v K+N is not insufficient material (A2).
#[test]
fn d3_fivefold_repetition_and_seventy_five_moves_on_the_same_ply() {
    let game = chess(Rules::fide(), "1n2k3/8/8/8/8/8/8/1N2K3 w - - 134 80");
    let mut state = game.new_initial_state();
    let cycle = ["Nc3", "Nc6", "Nb1", "Nb8"];
    for _ in 0..3 {
        play(&game, &mut state, &cycle);
    }
    play(&game, &mut state, &cycle[..3]);
    assert_eq!(state.position().halfmoves(), 149);
    assert_eq!(state.outcome(), None);
    play(&game, &mut state, &cycle[3..]);
    assert_eq!(state.repetitions(), 5);
    assert_eq!(state.position().halfmoves(), 150);
    assert_eq!(
        state.outcome(),
        Some(Outcome::Draw(DrawReason::SeventyFiveMoves))
    );
}

/// D3 "`Lattjo`: none of them" (no threefold, 50-move, fivefold or 75-move rule), A4
/// (`auto_claim` turns claims into automatic draws, so it needs claims): with decisions on,
/// a claim after a threefold repetition is neither listed among the legal actions (only
/// resigning and offering a draw are, D4) nor accepted in the booklet's preset, and the state
/// is unchanged; the booklet's preset with `auto_claim` is refused.
#[test]
fn d3_lattjo_refuses_a_threefold_claim_and_auto_claim() {
    let game = Chess::new(Rules::lattjo().with_decisions(true)).expect("valid rules");
    let mut state = game.new_initial_state();
    play(&game, &mut state, &KNIGHT_CYCLE);
    play(&game, &mut state, &KNIGHT_CYCLE);
    assert_eq!(state.repetitions(), 3);
    assert!(!game.is_legal(&state, &Action::ClaimDraw));
    let mut actions = Vec::new();
    game.legal_actions(&state, &mut actions);
    assert_eq!(
        actions
            .iter()
            .filter(|a| !matches!(a, Action::Move(_)))
            .collect::<Vec<_>>(),
        [&Action::Resign, &Action::OfferDraw],
        "decisions without any claim"
    );
    let before = state.clone();
    assert_eq!(
        game.apply(&mut state, &Action::ClaimDraw),
        Err(PlayError::ClaimsDisabled)
    );
    assert_eq!(state, before);
    assert_eq!(
        Chess::new(Rules::lattjo().with_auto_claim(true)).unwrap_err(),
        RulesError::AutoClaimWithoutClaims
    );
}

// ---------------------------------------------------------------------------------------------
// A14: resignation

/// A14 "Resignation when the opponent cannot mate: scored as a draw" (FIDE 5.1.2): a king and
/// pawn can mate (the pawn promotes), so Black resigning against K+P loses under FIDE.
#[test]
fn a14_resigning_against_king_and_pawn_loses() {
    let game = chess(
        Rules::fide().with_decisions(true),
        "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
    );
    let mut state = game.new_initial_state();
    game.apply(&mut state, &Action::Resign).expect("resign");
    assert_eq!(
        state.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Resignation
        })
    );
}

// ---------------------------------------------------------------------------------------------
// Refused input: A8, A13

/// A8 "The new piece is a Q, R, B or N of the same colour": a7-a8 promoting to a king or a
/// pawn, or without a piece, is refused with `PlayError::IllegalMove` naming the move, and
/// the state is unchanged; so is a promotion piece on a move that does not reach the last
/// rank. UCI text has no king or pawn promotion letter at all. a8=Q is played.
#[test]
fn a8_promotion_to_a_king_or_a_pawn_or_to_nothing_is_refused() {
    let game = chess(Rules::fide(), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let mut state = game.new_initial_state();
    let before = state.clone();
    let refused = [
        Move {
            from: Square::A7,
            to: Square::A8,
            promotion: Some(Role::King),
        },
        Move {
            from: Square::A7,
            to: Square::A8,
            promotion: Some(Role::Pawn),
        },
        Move::new(Square::A7, Square::A8),
        Move {
            from: Square::E1,
            to: Square::D1,
            promotion: Some(Role::Queen),
        },
    ];
    for m in refused {
        match game.apply(&mut state, &Action::Move(m)) {
            Err(PlayError::IllegalMove(e)) => {
                assert_eq!((e.from, e.to, e.promotion), (m.from, m.to, m.promotion));
            }
            other => panic!("{m}: {other:?}"),
        }
        assert_eq!(state, before, "{m}");
    }
    assert!(matches!(
        state.position().parse_uci("a7a8k"),
        Err(UciError::Syntax(_))
    ));
    assert!(matches!(
        state.position().parse_uci("a7a8"),
        Err(UciError::Illegal(_))
    ));
    play(&game, &mut state, &["a8=Q+"]);
    assert_eq!(
        state.position().board().piece_at(Square::A8),
        Some(Piece {
            color: Color::White,
            role: Role::Queen
        })
    );
}

/// A13 "no pawns on rank 1 or 8; ... the en-passant square is consistent with a pawn that
/// has just double-stepped": a white pawn on h8 is refused (`PawnOnBackRank`), and so is an
/// en-passant square e3 when e3 or the pawn's start square e2 is held, since no double step
/// e2-e4 can have just been made (`BadEnPassant`).
#[test]
fn a13_fen_refuses_an_eighth_rank_pawn_and_a_blocked_double_step() {
    let kinds = |fen: &str| match Position::from_fen(fen, lattjo_chess::CastlingMode::Standard) {
        Err(FenError::Position(e)) => e.kinds().to_vec(),
        other => panic!("{fen}: {other:?}"),
    };
    assert_eq!(
        kinds("4k2P/8/8/8/8/8/8/4K3 w - - 0 1"),
        [PositionErrorKind::PawnOnBackRank(Square::H8)]
    );
    assert_eq!(
        kinds("4k3/8/8/8/4P3/8/4N3/4K3 b - e3 0 1"),
        [PositionErrorKind::BadEnPassant(Square::E3)]
    );
    assert_eq!(
        kinds("4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1"),
        [PositionErrorKind::BadEnPassant(Square::E3)]
    );
    // The same placements without the en-passant square are valid: the black king has its
    // five moves.
    assert_eq!(
        all_sans(&pos("4k3/8/8/8/4P3/8/4N3/4K3 b - - 0 1")),
        ["Kd7", "Kd8", "Ke7", "Kf7", "Kf8"]
    );
    assert_eq!(
        all_sans(&pos("4k3/8/8/8/4P3/4N3/8/4K3 b - - 0 1")),
        ["Kd7", "Kd8", "Ke7", "Kf7", "Kf8"]
    );
}
