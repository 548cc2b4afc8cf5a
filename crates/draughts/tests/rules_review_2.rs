//! A second reviewer's pass over the rules file (/work/shared/rules/draughts.md), aimed at what
//! `rules.rs`, `rules_review.rs` and `docs_claims.rs` do not cover: compulsory capture across
//! men and kings (a king's backward capture forbidding a man's step, and the other way
//! round), the free choice between a man's and a king's capture, a fork inside one capture
//! sequence whose branches end at different lengths, no jump off the side of the board, a man
//! taking a king and a man in one move, a man's sequence that may not turn backwards where a
//! king's does, a White man crowned in a capture and capturing backwards on its next turn,
//! crowning ending a capture under flying kings too, a king trapped in the single corner, a
//! capture leaving the last piece blocked, a king's ring that passes its own start square and
//! goes on (and its PDN text), flying kings' compulsory long captures and two paths to one
//! square, repetition identity with the side to move (reachable only with flying kings), a
//! claim by a flying king's slide, no claim by a move that compulsory capture forbids, the
//! smallest thresholds, a threshold reached in a history of over 256 positions, the 40-move
//! rule with a capture pending, both draw grounds at once, and refused input (crafted capture
//! paths, action text, claims) leaving the state unchanged. Every expected value is worked
//! out by hand from the rules file; each test cites the rule ids and the sentence it checks.
//!
//! Squares (as in `rules_review.rs`): row r (0 at Black's side, White at the bottom) holds
//! squares 4r+1..4r+4, on columns b, d, f, h in even rows and a, c, e, g in odd ones. From a
//! square n in an even row the squares below are n+4 (left) and n+5 (right), above n-4 (left)
//! and n-3 (right); in an odd row below n+3 and n+4, above n-5 and n-4 (where on the board).
//! Black's men move down (to higher numbers), White's up.

use boardgame_core::{Game, Turn};
use lattjo_draughts::{
    Action, Color, Draughts, DrawReason, GameResult, KingMoves, Move, MoveError, MoveTextError,
    Outcome, ParseActionError, ParseMoveError, PdnGame, PlayError, Position, Role, Rules, State,
    WinReason,
};

use crate::rules_review::{legal, play, pos, sq};

/// The legal actions of `state` as text, sorted (moves and claims).
fn actions(game: &Draughts, state: &State) -> Vec<String> {
    let mut v = Vec::new();
    game.legal_actions(state, &mut v);
    let mut t: Vec<String> = v.iter().map(ToString::to_string).collect();
    t.sort();
    t
}

/// A move built from its squares (path, then captured squares).
fn mv(path: &[u8], captured: &[u8]) -> Move {
    let p: Vec<_> = path.iter().map(|&n| sq(n)).collect();
    let c: Vec<_> = captured.iter().map(|&n| sq(n)).collect();
    Move::new(&p, &c).unwrap()
}

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

// ---------------------------------------------------------------------------------------------
// D8, D9, D7, A5: compulsory capture and free choice across men and kings

/// D8 "Capturing is compulsory whenever a capture is available", D12 a king "captures
/// diagonally both forwards and backwards": Black's king on 15 can take White's 11 backwards
/// (up-right, landing on 8). Black's man on 1 could step to 5 or 6 and the king to 10, 18 or
/// 19, but the one capture is the only legal move, though only a king could make it.
#[test]
fn d8_d12_a_kings_backward_capture_forbids_every_step() {
    let fen = "B:W11,32:B1,K15";
    assert_eq!(legal(fen, KingMoves::Short), ["15x8"]);
    let p = pos(fen);
    assert!(p.must_capture(KingMoves::Short));
    assert!(!p.is_legal(&mv(&[1, 5], &[]), KingMoves::Short));
    assert!(!p.is_legal(&mv(&[15, 18], &[]), KingMoves::Short));
}

/// D8, for White: a man's capture forbids the king's steps. White's man on 22 takes 18
/// (landing on 15); White's king on 32 could step to 27 or 28, but may not.
#[test]
fn d8_a_mans_capture_forbids_the_kings_steps() {
    assert_eq!(legal("W:W22,K32:B18", KingMoves::Short), ["22x15"]);
    assert!(!pos("W:W22,K32:B18").is_legal(&mv(&[32, 27], &[]), KingMoves::Short));
}

/// D9 "If several captures are possible, the player chooses freely which pieces to take ...
/// There is no rule to take the largest number": Black's man on 6 can take 10 and 19
/// (6x15x24), Black's king on 22 only 26 (22x31). The king's single capture is legal beside
/// the man's double, and played it leaves both of White's other men on the board.
#[test]
fn d9_a_kings_single_capture_may_be_chosen_over_a_mans_double() {
    let fen = "B:W10,19,26:B6,K22";
    assert_eq!(legal(fen, KingMoves::Short), ["22x31", "6x15x24"]);
    let game = Draughts::default();
    let mut s = game.state_from(pos(fen));
    play(&game, &mut s, &["22x31"]);
    assert_eq!(s.position().to_string(), "W:W10,19:B6,K31");
}

/// D7 "A single move may contain several jumps by the same piece. They must all be made",
/// A5 "a chosen sequence must go on until the piece can capture no more", D9 free choice:
/// Black's man on 1 takes 6 (landing on 10); from 10 it may take 14 (landing on 17, where
/// nothing more can be taken: 21 and 22 are empty) or 15 (landing on 19, then 23 to 26). Both
/// complete branches are legal, though one takes two pieces and the other three; neither
/// 1x10 nor 1x10x19 is a move. Each branch has its own end, so each short form is
/// unambiguous (§6: "shortened (15x31) when that is unambiguous").
#[test]
fn d7_a5_d9_a_fork_inside_one_sequence_gives_two_complete_moves() {
    let fen = "B:W6,14,15,23:B1";
    assert_eq!(legal(fen, KingMoves::Short), ["1x10x17", "1x10x19x26"]);
    let p = pos(fen);
    assert!(!p.is_legal(&mv(&[1, 10], &[6]), KingMoves::Short));
    assert!(!p.is_legal(&mv(&[1, 10, 19], &[6, 15]), KingMoves::Short));
    assert!(matches!(
        p.parse_move("1x10x19", KingMoves::Short),
        Err(MoveTextError::Illegal { .. })
    ));
    let long = p.parse_move("1x26", KingMoves::Short).unwrap();
    assert_eq!(long, mv(&[1, 10, 19, 26], &[6, 15, 23]));
    assert_eq!(p.move_text(&long, KingMoves::Short), "1x26");
    let short = p.parse_move("1x17", KingMoves::Short).unwrap();
    assert_eq!(short, mv(&[1, 10, 17], &[6, 14]));
    assert_eq!(p.move_text(&short, KingMoves::Short), "1x17");
}

/// D5 "onto the empty square directly beyond it": a piece on the side of the board has no
/// square beyond it, so it cannot be jumped from inside. Black's man on 16 next to White's 20
/// (on the h file) only steps to 19; White's man on 17 next to Black's 13 (on the a file)
/// only steps to 14; Black's king on 16 next to White's 12 steps three ways.
#[test]
fn d5_a_piece_on_the_side_of_the_board_cannot_be_jumped() {
    assert_eq!(legal("B:W20:B16", KingMoves::Short), ["16-19"]);
    assert_eq!(legal("W:W17:B13", KingMoves::Short), ["17-14"]);
    assert_eq!(
        legal("B:W12:BK16", KingMoves::Short),
        ["16-11", "16-19", "16-20"]
    );
}

/// D13 "A King can be captured in the same way as a man", within a multiple jump, and §7
/// "the number of pieces captured in a move equals the number of jumps in it": Black's man on
/// 6 takes White's king on 10 and then the man on 19 (6x15x24): White is left with its man on
/// 32 and no king.
#[test]
fn d13_a_man_takes_a_king_and_a_man_in_one_move() {
    let fen = "B:WK10,19,32:B6";
    assert_eq!(legal(fen, KingMoves::Short), ["6x15x24"]);
    let mut p = pos(fen);
    let m = p.parse_move("6x24", KingMoves::Short).unwrap();
    assert_eq!((m.num_captured(), m.path().len() - 1), (2, 2));
    p.play(&m, KingMoves::Short).unwrap();
    assert_eq!(p.count_role(Color::White, Role::King), 0);
    assert_eq!(p.to_string(), "W:W32:B24");
}

// ---------------------------------------------------------------------------------------------
// A2, T1, A4, D10, D11: men's direction and crowning

/// A2 "Men capture forward only, kings both ways", in the middle of a sequence: White's man
/// on 27 takes 23 (landing on 18); from 18 Black's 22 lies behind it (down-left, 25 empty),
/// so the man's move ends on 18. A White king on 27 takes the same 23 and then goes on
/// backwards over 22 to 25.
#[test]
fn a2_t1_a_mans_sequence_never_turns_backwards_a_kings_does() {
    assert_eq!(legal("W:W27:B22,23", KingMoves::Short), ["27x18"]);
    assert_eq!(legal("W:WK27:B22,23", KingMoves::Short), ["27x18x25"]);
}

/// A4 "The move ends immediately, even if the new King could capture again", D11 crowned
/// "at once", for White: the man on 10 takes 7 and lands on 3 (row 0, White's crowning row).
/// A king on 3 could go on over 8 to 12 (and a White king on 10 does: 10x3x12), but the man's
/// move ends. On White's next turn the new king captures backwards (down) over 8 to 12, which
/// a man could not (A2).
#[test]
fn a4_d11_a_white_man_crowned_in_a_capture_stops_then_captures_backwards() {
    assert_eq!(legal("W:W10:B7,8,20", KingMoves::Short), ["10x3"]);
    assert_eq!(legal("W:WK10:B7,8,20", KingMoves::Short), ["10x3x12"]);
    let game = Draughts::default();
    let mut s = game.state_from(pos("W:W10:B7,8,20"));
    play(&game, &mut s, &["10x3"]);
    let king = s.position().piece_at(sq(3)).unwrap();
    assert_eq!((king.color, king.role), (Color::White, Role::King));
    assert!(s.position().piece_at(sq(8)).is_some(), "8 is not taken");
    assert_eq!(actions(&game, &s), ["20-24", "8-11", "8-12"]);
    play(&game, &mut s, &["20-24"]);
    assert_eq!(actions(&game, &s), ["3x12"]);
    play(&game, &mut s, &["3x12"]);
    assert_eq!(s.position().to_string(), "B:WK12:B24");
}

/// A4, V2: "A man crowned during a capture sequence: the move ends immediately" holds with
/// flying kings too ("Men are unchanged"): Black's man on 22 takes 26 and is crowned on 31;
/// a flying king there could slide over 27 and take 24, landing on 20 (a Black king on 22
/// does: 22x31x20), but the man's move ends on 31.
#[test]
fn a4_v2_crowning_ends_a_capture_under_flying_kings_too() {
    assert_eq!(legal("B:W24,26:B22", KingMoves::Flying), ["22x31"]);
    assert_eq!(legal("B:W24,26:BK22", KingMoves::Flying), ["22x31x20"]);
    let game = Draughts::new(Rules::wcdf().with_flying_kings(true)).unwrap();
    let mut s = game.state_from(pos("B:W24,26:B22"));
    play(&game, &mut s, &["22x31"]);
    assert_eq!(s.position().to_string(), "W:W24:BK31");
}

// ---------------------------------------------------------------------------------------------
// D14, A7: the end of the game

/// D14 "A player wins ... by leaving the opponent with no legal move", A7 "That player loses;
/// it is not a draw", for a king: White's king in the single corner 29 has one neighbour, 25;
/// White's man on 21 has one forward neighbour, 17. With Black on 25 and 17, and on 14, Black's
/// 18-22 fills the last jump square, 22: White, with two pieces (one a king), has no move and
/// loses, in both presets and under automatic adjudication.
#[test]
fn d14_a7_a_king_trapped_in_the_single_corner_loses_by_play() {
    for rules in [
        Rules::wcdf(),
        Rules::lattjo(),
        Rules::wcdf().with_auto_adjudicate(true),
    ] {
        let game = Draughts::new(rules).unwrap();
        let mut s = game.state_from(pos("B:WK29,21:B14,17,18,25"));
        assert_eq!(
            actions(&game, &s),
            ["17-22", "18-22", "18-23", "25-30"],
            "{rules:?}"
        );
        play(&game, &mut s, &["18-22"]);
        assert_eq!(s.position().count(Color::White), 2);
        assert_eq!(s.outcome(), win(Color::Black, WinReason::NoMoves));
        assert_eq!(game.turn(&s), Turn::Terminal);
        assert!(actions(&game, &s).is_empty());
    }
}

/// D14: a capture that leaves the opponent one piece, blocked, wins by "no legal move", not
/// by "capturing all the opponent's pieces": Black must take 15 (11x18); White's last man on
/// 21 then faces 17 with 14 behind it.
#[test]
fn d14_a_capture_that_leaves_the_last_piece_blocked_wins_by_no_moves() {
    let game = Draughts::default();
    let mut s = game.state_from(pos("B:W15,21:B11,14,17"));
    assert_eq!(actions(&game, &s), ["11x18"]);
    play(&game, &mut s, &["11x18"]);
    assert_eq!(s.position().count(Color::White), 1);
    assert_eq!(s.outcome(), win(Color::Black, WinReason::NoMoves));
}

// ---------------------------------------------------------------------------------------------
// A6, A8, D9: a king's ring through its start square

/// A6 "A piece can be captured at most once per move", A8 "Keep every distinct path as its
/// own move", D9: White's king on 18 can go round the ring 15, 16, 24, 23 either way
/// (18x11x20x27x18 or 18x27x20x11x18) and, back on its start square (left empty by the move),
/// on over 22 to 25: five pieces. It may instead take only 22 (18x25), since from 25 nothing
/// more can be taken (22 is taken, 21, 29 and 30 are empty): three moves. The text 18x25 gives
/// every square of the single jump, so it is that move; each ring needs a landing square that
/// tells it apart (11 before 27 is the first ring).
#[test]
fn a6_a8_d9_a_ring_through_the_start_square_goes_on() {
    let fen = "W:WK18:B15,16,22,23,24";
    assert_eq!(
        legal(fen, KingMoves::Short),
        ["18x11x20x27x18x25", "18x25", "18x27x20x11x18x25"]
    );
    let p = pos(fen);
    assert_eq!(
        p.parse_move("18x25", KingMoves::Short),
        Ok(mv(&[18, 25], &[22]))
    );
    assert_eq!(
        p.parse_move("18x20x25", KingMoves::Short),
        Err(MoveTextError::Ambiguous {
            text: "18x20x25".into(),
            count: 2
        })
    );
    let ring = p.parse_move("18x11x27x25", KingMoves::Short).unwrap();
    assert_eq!(ring, mv(&[18, 11, 20, 27, 18, 25], &[15, 16, 24, 23, 22]));
    assert_eq!(p.move_text(&ring, KingMoves::Short), "18x11x20x27x18x25");
    let game = Draughts::default();
    let mut s = game.state_from(p);
    game.play(&mut s, &ring).unwrap();
    assert_eq!(s.outcome(), win(Color::White, WinReason::NoPieces));
}

/// A8 and §6 "multi-jumps either with every landing square (15x24x31) or shortened": a PDN
/// game of the ring above (with a Black man on 1 left, so the game goes on) reads the move
/// given with some landing squares, and writes it back with all of them, since the short form
/// 18x25 names another move.
#[test]
fn a8_pdn_writes_every_landing_square_where_the_short_form_names_another_move() {
    let text = "[SetUp \"1\"]\n[FEN \"W:WK18:B1,15,16,22,23,24\"]\n1... 18x11x27x25 *\n";
    let game: PdnGame = text.parse().unwrap();
    assert_eq!(
        game.moves(),
        [mv(&[18, 11, 20, 27, 18, 25], &[15, 16, 24, 23, 22])]
    );
    assert_eq!(game.final_position().to_string(), "B:WK25:B1");
    assert_eq!(game.result(), GameResult::Unfinished);
    let written = game.to_string();
    assert!(written.contains("18x11x20x27x18x25"), "{written}");
    let again: PdnGame = written.parse().unwrap();
    assert_eq!(again.moves(), game.moves());
}

// ---------------------------------------------------------------------------------------------
// V2: flying kings

/// V2 with D8: a flying king's capture "from a distance" is compulsory. White's king on 29
/// sees Black's 18 along the long diagonal (25 and 22 empty, 15 beyond): with flying kings it
/// must take it, landing on 15, 11, 8 or 4, and the man on 21 may not step. With short kings
/// (both presets' default) there is no capture, and the man and the king step.
#[test]
fn v2_d8_a_long_range_capture_is_compulsory_only_with_flying_kings() {
    let fen = "W:W21,K29:B18";
    assert_eq!(legal(fen, KingMoves::Short), ["21-17", "29-25"]);
    assert_eq!(
        legal(fen, KingMoves::Flying),
        ["29x11", "29x15", "29x4", "29x8"]
    );
    for (rules, want) in [
        (Rules::wcdf(), 2),
        (Rules::lattjo(), 2),
        (Rules::wcdf().with_flying_kings(true), 4),
        (Rules::lattjo().with_flying_kings(true), 4),
    ] {
        let game = Draughts::new(rules).unwrap();
        assert_eq!(
            actions(&game, &game.state_from(pos(fen))).len(),
            want,
            "{rules:?}"
        );
    }
}

/// V2 "land on any empty square beyond", A5, A8: White's king on 29 takes 18 and may land on
/// 15 or 11 (Black's 8 stops it there). From either it goes on over 8 to 4 (from 15 sliding
/// over the empty 11): two paths with the same ends and the same captured pieces, two moves;
/// 29x4 is ambiguous and each is written with its landing square. Short kings have no capture
/// here.
#[test]
fn v2_a8_two_flying_paths_to_one_square_are_two_moves() {
    let fen = "W:WK29:B8,18";
    assert_eq!(legal(fen, KingMoves::Flying), ["29x11x4", "29x15x4"]);
    assert_eq!(legal(fen, KingMoves::Short), ["29-25"]);
    let p = pos(fen);
    assert_eq!(
        p.parse_move("29x4", KingMoves::Flying),
        Err(MoveTextError::Ambiguous {
            text: "29x4".into(),
            count: 2
        })
    );
    let via15 = p.parse_move("29x15x4", KingMoves::Flying).unwrap();
    assert_eq!(via15, mv(&[29, 15, 4], &[18, 8]));
    assert_eq!(p.move_text(&via15, KingMoves::Flying), "29x15x4");
}

// ---------------------------------------------------------------------------------------------
// V1, A1: repetitions and the 40-move rule

/// A1 "Repetition identity: same piece placement (men and kings) and the same side to move".
/// With short kings every ply changes the sum of the pieces' rows by one, so a placement can
/// only come back with the same side to move; a flying king can make an odd cycle. Black's
/// king goes 1-6, 6-10, 10-1 (a slide over 6) while White's shuffles 29-25-29: after 5 plies
/// the placement is the start's with White to move, which is not a repetition; the start
/// (Black to move) comes back first at ply 12. With two occurrences as the threshold and
/// automatic adjudication, the game goes on at ply 5 and ends at ply 12. In claim mode White
/// cannot claim at ply 5 either: no White move brings back a Black-to-move position.
#[test]
fn a1_v1_v2_the_same_placement_with_the_other_side_to_move_is_not_a_repetition() {
    const TRIANGLE: [&str; 12] = [
        "1-6", "29-25", "6-10", "25-29", "10-1", "29-25", "1-6", "25-29", "6-10", "29-25", "10-1",
        "25-29",
    ];
    let rules = Rules::wcdf().with_flying_kings(true).with_repetitions(2);
    let game = Draughts::new(rules.with_auto_adjudicate(true)).unwrap();
    let mut s = game.state_from(pos("B:WK29:BK1"));
    for (i, text) in TRIANGLE.iter().enumerate().take(11) {
        play(&game, &mut s, &[*text]);
        assert_eq!((s.outcome(), s.repetitions()), (None, 1), "ply {}", i + 1);
        if i == 4 {
            assert_eq!(s.position().to_string(), "W:WK29:BK1");
        }
    }
    play(&game, &mut s, &TRIANGLE[11..]);
    assert_eq!(s.position().to_string(), "B:WK29:BK1");
    assert_eq!(s.repetitions(), 2);
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));

    let claims = Draughts::new(rules).unwrap();
    let mut s = claims.state_from(pos("B:WK29:BK1"));
    play(&claims, &mut s, &TRIANGLE[..5]);
    assert!(!claims.can_claim(&s, DrawReason::Repetition));
}

/// V1 (b) "a player can show that their next move would create the same position for the
/// third time", with V2: the move may be a flying king's slide. Black's king shuffles 1-10
/// (over 6), White's 32-23 (over 27); after seven plies the start has stood twice, and White's
/// slide 23-32 would make it stand a third time: White may claim. One ply earlier Black's
/// 10-1 would bring back a White-to-move position for the second time only: no claim.
#[test]
fn v1_v2_a_claim_by_move_counts_a_flying_kings_slide() {
    let game = Draughts::new(Rules::wcdf().with_flying_kings(true)).unwrap();
    let mut s = game.state_from(pos("B:WK32:BK1"));
    play(
        &game,
        &mut s,
        &["1-10", "32-23", "10-1", "23-32", "1-10", "32-23"],
    );
    assert!(!game.can_claim(&s, DrawReason::Repetition));
    play(&game, &mut s, &["10-1"]);
    assert_eq!(s.position().to_string(), "W:WK23:BK1");
    assert!(game.can_claim(&s, DrawReason::Repetition));
    game.claim_draw(&mut s, DrawReason::Repetition).unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// V1 (b) with D8: the claim rests on the player's *next move*, which must be legal. Black's
/// king shuffles 1-6-1, White's 15-19-15; the position after Black's 1-6 (White to move, kings
/// on 6 and 15) stands twice. Black then goes 6-10 and White 19-15: Black's king on 10 is
/// next to White's on 15 with 19 empty, so Black must take (10x19). The step 10-6 would make
/// the twice-seen position stand a third time, but it is not a legal move: no claim, the
/// refused claim leaves the state unchanged, and the capture is the only action.
#[test]
fn v1_d8_no_claim_by_a_move_that_compulsory_capture_forbids() {
    let game = Draughts::default();
    let mut s = game.state_from(pos("B:WK15:BK1"));
    play(
        &game,
        &mut s,
        &[
            "1-6", "15-19", "6-1", "19-15", "1-6", "15-19", "6-10", "19-15",
        ],
    );
    let seen = pos("W:WK15:BK6");
    assert_eq!(s.history().iter().filter(|p| **p == seen).count(), 2);
    assert_eq!(s.position().to_string(), "B:WK15:BK10");
    assert_eq!(s.repetitions(), 1);
    assert!(!game.can_claim(&s, DrawReason::Repetition));
    let before = s.clone();
    assert_eq!(
        game.claim_draw(&mut s, DrawReason::Repetition),
        Err(PlayError::NoClaim(DrawReason::Repetition))
    );
    assert_eq!(s, before);
    assert_eq!(actions(&game, &s), ["10x19"]);
}

/// V1 and the thresholds the docs make options (`with_repetitions`, at least 2;
/// `with_quiet_moves`, at least 1), at their smallest: with two occurrences, White may claim
/// at ply 3, when 28-32 would bring the start back, and at no ply before; automatic
/// adjudication ends the game at ply 4. With a 1-move rule, the 40-move claim opens after two
/// quiet plies (one move each), not after one.
#[test]
fn v1_a1_the_smallest_thresholds() {
    const SHUFFLE: [&str; 4] = ["1-5", "32-28", "5-1", "28-32"];
    let game = Draughts::new(Rules::wcdf().with_repetitions(2)).unwrap();
    let mut s = game.state_from(pos("B:WK32:BK1"));
    for text in SHUFFLE.iter().take(3) {
        assert!(!game.can_claim(&s, DrawReason::Repetition), "{text}");
        play(&game, &mut s, &[*text]);
    }
    assert!(game.can_claim(&s, DrawReason::Repetition));
    let auto = Draughts::new(Rules::wcdf().with_repetitions(2).with_auto_adjudicate(true)).unwrap();
    let mut s = auto.state_from(pos("B:WK32:BK1"));
    play(&auto, &mut s, &SHUFFLE[..3]);
    assert_eq!(s.outcome(), None);
    play(&auto, &mut s, &SHUFFLE[3..]);
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));

    let game = Draughts::new(Rules::wcdf().with_quiet_moves(1)).unwrap();
    let mut s = game.state_from(pos("B:WK32:BK1"));
    play(&game, &mut s, &SHUFFLE[..1]);
    assert!(!game.can_claim(&s, DrawReason::FortyMoveRule));
    play(&game, &mut s, &SHUFFLE[1..2]);
    assert_eq!(s.quiet_plies(), 2);
    assert!(game.can_claim(&s, DrawReason::FortyMoveRule));
}

/// V1 (b) "the same position for the third time", with the threshold as an option (70
/// occurrences) and a history longer than 256 positions: in the king shuffle the start
/// (Black to move) stands at plies 0, 4, 8, ..., so after 272 plies it has stood 69 times.
/// At ply 271 and 274 no move makes a position stand for the 70th time (each would make the
/// 69th); at ply 275 White's 28-32 would bring the start back for the 70th time: the claim
/// opens exactly there. Under automatic adjudication the game ends at ply 276.
#[test]
fn v1_a_claim_by_move_at_the_threshold_in_a_history_of_over_256_positions() {
    const SHUFFLE: [&str; 4] = ["1-5", "32-28", "5-1", "28-32"];
    let game = Draughts::new(Rules::wcdf().with_repetitions(70)).unwrap();
    let mut s = game.state_from(pos("B:WK32:BK1"));
    for _ in 0..67 {
        play(&game, &mut s, &SHUFFLE);
    }
    play(&game, &mut s, &SHUFFLE[..3]);
    assert_eq!((s.plies(), s.repetitions()), (271, 68));
    assert!(!game.can_claim(&s, DrawReason::Repetition));
    play(&game, &mut s, &SHUFFLE[3..]);
    play(&game, &mut s, &SHUFFLE[..2]);
    assert_eq!((s.plies(), s.repetitions()), (274, 69));
    assert!(!game.can_claim(&s, DrawReason::Repetition));
    play(&game, &mut s, &SHUFFLE[2..3]);
    assert_eq!(s.history().len(), 276);
    assert!(game.can_claim(&s, DrawReason::Repetition));

    let auto = Draughts::new(
        Rules::wcdf()
            .with_repetitions(70)
            .with_quiet_moves(1000)
            .with_auto_adjudicate(true),
    )
    .unwrap();
    let mut s = auto.state_from(pos("B:WK32:BK1"));
    for _ in 0..68 {
        play(&auto, &mut s, &SHUFFLE);
    }
    play(&auto, &mut s, &SHUFFLE[..3]);
    assert_eq!(s.outcome(), None);
    play(&auto, &mut s, &SHUFFLE[3..]);
    assert_eq!((s.plies(), s.repetitions()), (276, 70));
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// V1 (b) and (c) at once, default rules: after 79 plies of a king shuffle the start position
/// has stood 20 times (White to move may claim the repetition by 28-32), but only 79 quiet
/// plies have passed; after 80 both grounds hold and both claims are listed beside Black's
/// two moves. The player chooses the ground (here the 40-move rule).
#[test]
fn v1_both_claims_are_listed_and_the_player_chooses_the_ground() {
    const SHUFFLE: [&str; 4] = ["1-5", "32-28", "5-1", "28-32"];
    let game = Draughts::default();
    let mut s = game.state_from(pos("B:WK32:BK1"));
    for _ in 0..19 {
        play(&game, &mut s, &SHUFFLE);
    }
    play(&game, &mut s, &SHUFFLE[..3]);
    assert_eq!(
        actions(&game, &s),
        ["28-24", "28-32", "claim draw repetition"]
    );
    play(&game, &mut s, &SHUFFLE[3..]);
    assert_eq!((s.quiet_plies(), s.repetitions()), (80, 21));
    assert_eq!(
        actions(&game, &s),
        [
            "1-5",
            "1-6",
            "claim draw forty-move",
            "claim draw repetition"
        ]
    );
    game.apply(&mut s, &Action::ClaimDraw(DrawReason::FortyMoveRule))
        .unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::FortyMoveRule)));
}

/// V1 (c) "in each player's own previous 40 moves, no uncrowned man has advanced ... and no
/// piece has been removed" looks back only: it holds even when the player to move now has a
/// capture. Black's king shuffles 1-6-1 beside its king on 5 while White's shuffles 18-22-18
/// (76 plies); then 1-6, 18-14, 6-1 and White's 14-9, the 80th quiet ply, which offers 9 to
/// Black's king on 5 (landing on 14). Black must take (D8) or may claim the 40-move draw;
/// under automatic adjudication (repetitions out of reach) the game ends drawn there.
#[test]
fn v1_c_the_forty_move_claim_holds_when_a_capture_is_compulsory() {
    const CYCLE: [&str; 4] = ["1-6", "18-22", "6-1", "22-18"];
    const END: [&str; 4] = ["1-6", "18-14", "6-1", "14-9"];
    let game = Draughts::default();
    let mut s = game.state_from(pos("B:WK18:BK1,K5"));
    for _ in 0..19 {
        play(&game, &mut s, &CYCLE);
    }
    play(&game, &mut s, &END[..3]);
    assert!(!game.can_claim(&s, DrawReason::FortyMoveRule));
    play(&game, &mut s, &END[3..]);
    assert_eq!(s.quiet_plies(), 80);
    assert_eq!(actions(&game, &s), ["5x14", "claim draw forty-move"]);
    game.claim_draw(&mut s, DrawReason::FortyMoveRule).unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::FortyMoveRule)));

    let auto = Draughts::new(
        Rules::wcdf()
            .with_auto_adjudicate(true)
            .with_repetitions(255),
    )
    .unwrap();
    let mut s = auto.state_from(pos("B:WK18:BK1,K5"));
    for _ in 0..19 {
        play(&auto, &mut s, &CYCLE);
    }
    play(&auto, &mut s, &END[..3]);
    assert_eq!(s.outcome(), None);
    play(&auto, &mut s, &END[3..]);
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::FortyMoveRule)));
}

/// V1 (b) and (c) reached on the same ply under automatic adjudication. The rules file does
/// not say which ground is recorded; docs/draughts.md says "the repetition first". With a
/// 4-move rule (8 plies) the third occurrence of the start and the 8th quiet ply come with
/// the same move: the game ends drawn by repetition, and not one ply earlier.
#[test]
fn v1_automatic_draw_on_both_grounds_at_once_records_the_repetition() {
    const SHUFFLE: [&str; 4] = ["1-5", "32-28", "5-1", "28-32"];
    let game = Draughts::new(Rules::wcdf().with_auto_adjudicate(true).with_quiet_moves(4)).unwrap();
    let mut s = game.state_from(pos("B:WK32:BK1"));
    play(&game, &mut s, &SHUFFLE);
    play(&game, &mut s, &SHUFFLE[..3]);
    assert_eq!((s.outcome(), s.quiet_plies()), (None, 7));
    play(&game, &mut s, &SHUFFLE[3..]);
    assert_eq!((s.quiet_plies(), s.repetitions()), (8, 3));
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// V1 (a) agreement is "through the API", not a claim one player makes: the claim action
/// for agreement is refused as `AgreementNotClaimed` in every preset, leaving the state
/// unchanged, while `agree_draw` ends the game.
#[test]
fn v1_a_claim_of_agreement_is_refused_and_leaves_the_state() {
    for rules in [
        Rules::wcdf(),
        Rules::lattjo(),
        Rules::wcdf().with_auto_adjudicate(true),
    ] {
        let game = Draughts::new(rules).unwrap();
        let mut s = game.new_initial_state();
        let before = s.clone();
        assert_eq!(
            game.apply(&mut s, &Action::ClaimDraw(DrawReason::Agreement)),
            Err(PlayError::AgreementNotClaimed),
            "{rules:?}"
        );
        assert_eq!(
            game.claim_draw(&mut s, DrawReason::Agreement),
            Err(PlayError::AgreementNotClaimed)
        );
        assert_eq!(s, before);
        game.agree_draw(&mut s).unwrap();
        assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
    }
}

/// V1 `auto_adjudicate`: once the third repetition has ended the game, a move, a claim and an
/// agreement are all refused as `GameOver`, and the state stays as it was.
#[test]
fn v1_after_an_automatic_draw_everything_is_refused_as_game_over() {
    const SHUFFLE: [&str; 4] = ["1-5", "32-28", "5-1", "28-32"];
    let game = Draughts::new(Rules::wcdf().with_auto_adjudicate(true)).unwrap();
    let mut s = game.state_from(pos("B:WK32:BK1"));
    play(&game, &mut s, &SHUFFLE);
    play(&game, &mut s, &SHUFFLE);
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    let before = s.clone();
    assert_eq!(
        game.play(&mut s, &mv(&[1, 5], &[])),
        Err(PlayError::GameOver)
    );
    assert_eq!(
        game.claim_draw(&mut s, DrawReason::Repetition),
        Err(PlayError::GameOver)
    );
    assert_eq!(game.agree_draw(&mut s), Err(PlayError::GameOver));
    assert_eq!(s, before);
    assert!(actions(&game, &s).is_empty());
}

// ---------------------------------------------------------------------------------------------
// Refused input

/// A5 "Stopping a capture sequence early: Not allowed": the fork position above, with the
/// capture stopped on 10, played through the game, is `IllegalMove` naming the move and the
/// side to move, and changes nothing; so is it through `Position::play`.
#[test]
fn a5_a_stopped_capture_is_refused_and_leaves_the_state_unchanged() {
    let game = Draughts::default();
    let mut s = game.state_from(pos("B:W6,14,15,23:B1"));
    let before = s.clone();
    let stopped = mv(&[1, 10], &[6]);
    match game.play(&mut s, &stopped) {
        Err(PlayError::IllegalMove(e)) => assert_eq!((e.mv, e.turn), (stopped, Color::Black)),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        game.apply(&mut s, &Action::Move(stopped)),
        game.play(&mut s.clone(), &stopped)
    );
    assert_eq!(s, before);
    let mut p = pos("B:W6,14,15,23:B1");
    assert!(p.play(&stopped, KingMoves::Short).is_err());
    assert_eq!(p, pos("B:W6,14,15,23:B1"));
}

/// D3 "moving one of their own pieces per turn": at the start Black is to move, so White's
/// 22-18 is refused, as text (`WrongSide`, naming the square and the side to move) and as a
/// move (`IllegalMove`), and the state is unchanged.
#[test]
fn d3_moving_the_other_sides_piece_is_refused_by_text_and_by_play() {
    let game = Draughts::default();
    let mut s = game.new_initial_state();
    let before = s.clone();
    assert_eq!(
        s.position().parse_move("22-18", KingMoves::Short),
        Err(MoveTextError::WrongSide {
            square: sq(22),
            turn: Color::Black
        })
    );
    match game.play(&mut s, &mv(&[22, 18], &[])) {
        Err(PlayError::IllegalMove(e)) => assert_eq!(e.turn, Color::Black),
        other => panic!("{other:?}"),
    }
    assert_eq!(s, before);
    assert_eq!(s.position(), &Position::start());
}

/// A5 and §6's short form, for action text: `Action`'s text is a move's full path (the short
/// form needs the position), so in the fork position `1x17` is refused as not diagonal,
/// `1x10x19` reads as a move but is a capture stopped early and refused by the game (the
/// state unchanged), and bad claims are typed errors.
#[test]
fn a5_action_text_is_refused_by_type_and_an_illegal_one_leaves_the_state() {
    assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
    assert_eq!(
        "claim draw sometimes".parse::<Action>(),
        Err(ParseActionError::Reason("sometimes".into()))
    );
    assert_eq!(
        "claim draw".parse::<Action>(),
        Err(ParseActionError::Malformed("claim draw".into()))
    );
    assert_eq!(
        "1x17".parse::<Action>(),
        Err(ParseActionError::Move(ParseMoveError::Invalid(
            MoveError::NotDiagonal {
                from: sq(1),
                to: sq(17)
            }
        )))
    );
    let game = Draughts::default();
    let mut s = game.state_from(pos("B:W6,14,15,23:B1"));
    let before = s.clone();
    let stopped: Action = "1x10x19".parse().unwrap();
    assert_eq!(stopped, Action::Move(mv(&[1, 10, 19], &[6, 15])));
    assert!(!game.is_legal(&s, &stopped));
    assert!(matches!(
        game.apply(&mut s, &stopped),
        Err(PlayError::IllegalMove(_))
    ));
    assert_eq!(s, before);
    let full: Action = "1x10x19x26".parse().unwrap();
    game.apply(&mut s, &full).unwrap();
    assert_eq!(s.position().to_string(), "W:W14:B26");
}

/// Refused input, move by move: crafted capture paths that are well formed (`Move::new`
/// accepts them) but break a rule are refused by the game as `IllegalMove`, each leaving the
/// state unchanged: A4 a man going on after its crowning (22x31x24), A2 a man turning
/// backwards mid-sequence (27x18x25), A5 the ring stopped on its start square though 22 can
/// still be taken (18x11x20x27x18), D5 a jump over an empty square and onto an occupied one,
/// D6 a jump over an own piece.
#[test]
fn a4_a2_a5_d5_d6_crafted_capture_paths_are_refused() {
    let cases: [(&str, &[u8], &[u8]); 6] = [
        ("B:W26,27:B22", &[22, 31, 24], &[26, 27]),
        ("W:W27:B22,23", &[27, 18, 25], &[23, 22]),
        (
            "W:WK18:B15,16,22,23,24",
            &[18, 11, 20, 27, 18],
            &[15, 16, 24, 23],
        ),
        ("B:W32:B14", &[14, 23], &[18]),
        ("B:W18,23:B14", &[14, 23], &[18]),
        ("B:W32:B14,18", &[14, 23], &[18]),
    ];
    let game = Draughts::default();
    for (fen, path, captured) in cases {
        let m = mv(path, captured);
        let mut s = game.state_from(pos(fen));
        let before = s.clone();
        match game.play(&mut s, &m) {
            Err(PlayError::IllegalMove(e)) => assert_eq!(e.mv, m, "{fen}"),
            other => panic!("{fen} {m}: {other:?}"),
        }
        assert_eq!(s, before, "{fen}");
    }
}

/// V2 "a capturing king ... land on any empty square beyond" one piece: a flying king's leg
/// may pass only empty squares besides the one piece it takes. White's king on 29 cannot take
/// 18 and land on 11 when 15 stands between them, nor on 4 past Black's 8; and (V2's
/// "Turkish strike") a captured piece still on the board blocks a later leg: in
/// `W:WK29:B17,19,22,27`, after 29x15x24x31 the leg from 31 to 13 over 17 would pass 22,
/// which is no move at all.
#[test]
fn v2_a6_crafted_flying_legs_over_more_than_one_piece_are_refused() {
    let game = Draughts::new(Rules::wcdf().with_flying_kings(true)).unwrap();
    for (fen, path, captured) in [
        ("W:WK29:B15,18", &[29u8, 11][..], &[18u8][..]),
        ("W:WK29:B8,18", &[29, 4], &[18]),
    ] {
        let m = mv(path, captured);
        let mut s = game.state_from(pos(fen));
        let before = s.clone();
        assert!(
            matches!(game.play(&mut s, &m), Err(PlayError::IllegalMove(_))),
            "{fen} {m}"
        );
        assert_eq!(s, before);
    }
    // The last leg would hold two captured squares (22, taken on the first leg, and 17):
    // refused already as a move's shape ("one captured piece per jump").
    let p: Vec<_> = [29, 15, 24, 31, 13].iter().map(|&n| sq(n)).collect();
    let c: Vec<_> = [22, 19, 27, 17].iter().map(|&n| sq(n)).collect();
    assert_eq!(
        Move::new(&p, &c),
        Err(MoveError::Jump {
            from: sq(31),
            to: sq(13)
        })
    );
}
