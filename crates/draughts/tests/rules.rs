//! One test (at least) per rule of shared/rules/draughts.md: D1-D14, V1-V3, A1-A10. Each
//! position is worked by hand from the rule, not taken from the generator's output.

use boardgame_core::{Game, Seat, Turn};
use lattjo_draughts::{
    Action, Color, Draughts, DrawReason, Draws, KingMoves, Move, Outcome, PlayError, Position,
    Role, Rules, Square, WinReason,
};

fn sq(n: u8) -> Square {
    Square::new(n).unwrap()
}

fn legal(fen: &str, kings: KingMoves) -> Vec<String> {
    let pos: Position = fen.parse().unwrap();
    let mut v = Vec::new();
    pos.legal_moves(kings, &mut v);
    let mut t: Vec<String> = v.iter().map(ToString::to_string).collect();
    t.sort();
    t
}

fn short(fen: &str) -> Vec<String> {
    legal(fen, KingMoves::Short)
}

#[test]
fn d1_d2_two_players_twelve_men_each_on_the_dark_squares() {
    let game = Draughts::default();
    assert_eq!(game.num_players(), 2);
    let pos = Position::start();
    assert_eq!(pos.count(Color::Black), 12);
    assert_eq!(pos.count(Color::White), 12);
    for (s, p) in pos.pieces() {
        assert_eq!(p.role, Role::Man);
        let want = if s.number() <= 12 {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(p.color, want, "{s}");
        assert!(s.number() <= 12 || s.number() >= 21);
    }
}

// T6: a coin toss decides who plays Black, and Black starts.
#[test]
fn d3_a9_black_moves_first_then_the_players_alternate() {
    let game = Draughts::default();
    let mut s = game.new_initial_state();
    assert_eq!(game.turn(&s), Turn::Player(Seat::new(0)));
    assert_eq!(Color::Black.seat(), Seat::new(0));
    // T6: the toss decides who sits in seat 0 (Black); a start with seat 1 first is refused.
    assert_eq!(game.initial_state(Seat::new(0)), Ok(s.clone()));
    for first in 1..4 {
        let err = game
            .initial_state(Seat::new(first))
            .expect_err("only seat 0 starts");
        assert_eq!(err.0, Seat::new(first));
    }
    assert_eq!(s.position().turn(), Color::Black);
    let mv = s.position().parse_move("9-13", KingMoves::Short).unwrap();
    game.apply(&mut s, &Action::Move(mv)).unwrap();
    assert_eq!(game.turn(&s), Turn::Player(Seat::new(1)));
    let mv = s.position().parse_move("22-18", KingMoves::Short).unwrap();
    game.apply(&mut s, &Action::Move(mv)).unwrap();
    assert_eq!(game.turn(&s), Turn::Player(Seat::new(0)));
}

#[test]
fn d4_t1_men_step_one_square_diagonally_forward_only() {
    // Black man on 14 steps down to 17 or 18; White man on 19 steps up to 15 or 16.
    assert_eq!(short("B:W32:B14"), ["14-17", "14-18"]);
    assert_eq!(short("W:W19:B1"), ["19-15", "19-16"]);
    // A man on the edge has one step.
    assert_eq!(short("B:W32:B5"), ["5-9"]);
}

#[test]
fn d5_a_capture_jumps_an_adjacent_opponent_and_removes_it() {
    let mut pos: Position = "B:W18:B14".parse().unwrap();
    assert_eq!(short("B:W18:B14"), ["14x23"]);
    let mv = pos.parse_move("14x23", KingMoves::Short).unwrap();
    assert_eq!(mv.captured().collect::<Vec<_>>(), [sq(18)]);
    pos.play(&mv, KingMoves::Short).unwrap();
    assert_eq!(pos.count(Color::White), 0);
    assert_eq!(pos.piece_at(sq(23)).map(|p| p.color), Some(Color::Black));
    // The landing square must be empty.
    assert_eq!(short("B:W18,23:B14"), ["14-17"]);
}

#[test]
fn d6_no_jump_over_an_own_piece() {
    assert_eq!(short("B:W32:B14,18"), ["14-17", "18-22", "18-23"]);
}

#[test]
fn d7_t3_several_jumps_in_one_move_all_made() {
    // 6 over 10 to 15, then over 19 to 24: one move; stopping at 15 is not a move.
    assert_eq!(short("B:W10,19:B6"), ["6x15x24"]);
    let pos: Position = "B:W10,19:B6".parse().unwrap();
    let mv = pos.parse_move("6x24", KingMoves::Short).unwrap();
    assert_eq!(mv.num_captured(), 2);
    assert!(pos.parse_move("6x15", KingMoves::Short).is_err());
}

#[test]
fn d8_capture_is_compulsory_even_when_bad() {
    // Black could step 1-5 or 1-6, but must take 14x23 (32 stops a second jump over 27,
    // and White's 27 then retakes).
    assert_eq!(short("B:W18,27,32:B1,14"), ["14x23"]);
    let pos: Position = "B:W18,27,32:B1,14".parse().unwrap();
    assert!(pos.must_capture(KingMoves::Short));
    let quiet = pos.parse_move("1-5", KingMoves::Short);
    assert!(quiet.is_err());
}

#[test]
fn d11_a_man_reaching_the_far_row_is_crowned() {
    let mut pos: Position = "B:W5:B27".parse().unwrap();
    let mv = pos.parse_move("27-32", KingMoves::Short).unwrap();
    assert!(pos.crowns(&mv));
    pos.play(&mv, KingMoves::Short).unwrap();
    assert_eq!(pos.piece_at(sq(32)).map(|p| p.role), Some(Role::King));
    // White's man reaching 1-4 likewise.
    let mut pos: Position = "W:W6:B12".parse().unwrap();
    let mv = pos.parse_move("6-1", KingMoves::Short).unwrap();
    pos.play(&mv, KingMoves::Short).unwrap();
    assert_eq!(pos.piece_at(sq(1)).map(|p| p.role), Some(Role::King));
}

#[test]
fn d12_a3_t2_kings_move_and_capture_one_square_both_ways() {
    assert_eq!(short("B:W5:BK15"), ["15-10", "15-11", "15-18", "15-19"]);
    // Backwards capture by a king: over 10 to 6.
    assert_eq!(short("B:W10:BK15"), ["15x6"]);
    // Not two squares: 15 over 10 and 6 is not a flying capture.
    assert_eq!(short("B:W6:BK15"), ["15-10", "15-11", "15-18", "15-19"]);
}

#[test]
fn a2_men_do_not_capture_backwards() {
    // White's man on 10 stands behind Black's man on 15, with 6 empty beyond.
    assert_eq!(short("B:W10:B15"), ["15-18", "15-19"]);
}

#[test]
fn d13_a_king_is_captured_like_a_man() {
    assert_eq!(short("W:W23:BK18"), ["23x14"]);
    let mut pos: Position = "W:W23:BK18".parse().unwrap();
    let mv = pos.parse_move("23x14", KingMoves::Short).unwrap();
    pos.play(&mv, KingMoves::Short).unwrap();
    assert_eq!(pos.count(Color::Black), 0);
}

#[test]
fn a6_a_piece_is_jumped_at_most_once() {
    // The king takes 10 landing on 15; jumping 10 again back to its (empty) start is not
    // allowed, so the move ends on 15.
    assert_eq!(short("B:W10:BK6"), ["6x15"]);
}

#[test]
fn d14_a7_no_piece_or_no_move_loses() {
    let game = Draughts::default();
    // Black's man on 5 is blocked by White's 9, and 14 stops the jump: Black loses (A7:
    // not a draw).
    let s = game.state_from("B:W9,14:B5".parse().unwrap());
    assert_eq!(game.turn(&s), Turn::Terminal);
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoMoves
        })
    );
    let r = game.returns(&s).unwrap();
    assert_eq!((r[Seat::new(0)], r[Seat::new(1)]), (-1.0, 1.0));
    // Taking the last piece wins.
    let mut s = game.state_from("B:W18:B14".parse().unwrap());
    let mv = s.position().parse_move("14x23", KingMoves::Short).unwrap();
    game.apply(&mut s, &Action::Move(mv)).unwrap();
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoPieces
        })
    );
    let r = game.returns(&s).unwrap();
    assert_eq!((r[Seat::new(0)], r[Seat::new(1)]), (1.0, -1.0));
    // Nothing more can be played.
    assert_eq!(
        game.apply(&mut s, &Action::Move(mv)),
        Err(PlayError::GameOver)
    );
}

// T5: the orientation every text gives: a light square at each player's near right.
#[test]
fn v3_orientation_and_setup_match_wcdf() {
    // Single corner at each player's near left (a1 = 29, h8 = 4), double corner at the
    // near right: 28 and 32 for White, 1 and 5 for Black (diagonal neighbours).
    assert_eq!((sq(29).column(), sq(29).row()), (0, 7));
    assert_eq!((sq(4).column(), sq(4).row()), (7, 0));
    // T5: each player has a light (unused) square at the near right: h1 for White (column 7,
    // row 7) and a8 for Black (column 0, row 0) are no playing square.
    for n in 1..=32 {
        let (c, r) = (sq(n).column(), sq(n).row());
        assert!(
            (c, r) != (7, 7) && (c, r) != (0, 0),
            "square {n} is at ({c}, {r})"
        );
    }
    assert_eq!(short("W:W32:B1"), ["32-27", "32-28"]);
    assert_eq!(short("B:W32:B1"), ["1-5", "1-6"]);
    // The two presets generate the same moves.
    let a = Draughts::new(Rules::wcdf()).unwrap();
    let b = Draughts::new(Rules::lattjo()).unwrap();
    let (mut va, mut vb) = (Vec::new(), Vec::new());
    a.legal_actions(&a.new_initial_state(), &mut va);
    b.legal_actions(&b.new_initial_state(), &mut vb);
    assert_eq!(va, vb);
}

fn play_text(game: &Draughts, s: &mut lattjo_draughts::State, text: &str) {
    let mv = s
        .position()
        .parse_move(text, game.rules().king_moves)
        .unwrap();
    game.apply(s, &Action::Move(mv)).unwrap();
}

const SHUFFLE: [&str; 4] = ["1-6", "32-27", "6-1", "27-32"];

#[test]
fn v1_a1_king_shuffle_reaches_a_claimable_threefold_repetition() {
    let game = Draughts::new(Rules::wcdf()).unwrap();
    let mut s = game.state_from("B:WK32:BK1".parse().unwrap());
    for (i, t) in SHUFFLE.iter().cycle().take(7).enumerate() {
        assert!(!game.can_claim(&s, DrawReason::Repetition), "ply {i}");
        play_text(&game, &mut s, t);
    }
    // The start position stood twice (plies 0 and 4); White's 27-32 would make it three.
    assert_eq!(s.repetitions(), 2);
    assert!(game.can_claim(&s, DrawReason::Repetition));
    let mut acts = Vec::new();
    game.legal_actions(&s, &mut acts);
    assert!(acts.contains(&Action::ClaimDraw(DrawReason::Repetition)));
    play_text(&game, &mut s, "27-32");
    assert_eq!(s.repetitions(), 3);
    assert_eq!(
        game.turn(&s),
        Turn::Player(Seat::new(0)),
        "claims are not automatic"
    );
    game.apply(&mut s, &Action::ClaimDraw(DrawReason::Repetition))
        .unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    let r = game.returns(&s).unwrap();
    assert_eq!((r[Seat::new(0)], r[Seat::new(1)]), (0.0, 0.0));
}

#[test]
fn v1_a1_auto_adjudicate_ends_the_shuffle_on_the_third_occurrence() {
    let game = Draughts::new(Rules::wcdf().with_auto_adjudicate(true)).unwrap();
    let mut s = game.state_from("B:WK32:BK1".parse().unwrap());
    for t in SHUFFLE.iter().cycle().take(7) {
        play_text(&game, &mut s, t);
        assert_eq!(s.outcome(), None);
    }
    play_text(&game, &mut s, "27-32");
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    assert_eq!(game.turn(&s), Turn::Terminal);
    // No claims in automatic mode.
    assert!(!game.can_claim(&s, DrawReason::Repetition));
}

#[test]
fn v1_lattjo_has_no_draw_but_agreement() {
    let game = Draughts::new(Rules::lattjo()).unwrap();
    let mut s = game.state_from("B:WK32:BK1".parse().unwrap());
    for t in SHUFFLE.iter().cycle().take(40) {
        play_text(&game, &mut s, t);
        assert!(!game.can_claim(&s, DrawReason::Repetition));
    }
    assert_eq!(s.outcome(), None);
    assert_eq!(
        game.apply(&mut s, &Action::ClaimDraw(DrawReason::Repetition)),
        Err(PlayError::ClaimsDisabled(Draws::Agreement))
    );
    game.agree_draw(&mut s).unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
    assert_eq!(game.agree_draw(&mut s), Err(PlayError::GameOver));
}

/// Finds (depth first) `plies` king moves from `pos` that never allow a capture and never
/// make a position occur a third time.
fn find_walk(pos: Position, plies: u32, seen: &mut Vec<Position>, out: &mut Vec<Move>) -> bool {
    if plies == 0 {
        return true;
    }
    let mut moves = Vec::new();
    pos.legal_moves(KingMoves::Short, &mut moves);
    for m in moves {
        let mut p = pos;
        p.play(&m, KingMoves::Short).unwrap();
        if m.is_capture()
            || p.must_capture(KingMoves::Short)
            || seen.iter().filter(|q| **q == p).count() >= 2
        {
            continue;
        }
        seen.push(p);
        out.push(m);
        if find_walk(p, plies - 1, seen, out) {
            return true;
        }
        seen.pop();
        out.pop();
    }
    false
}

/// Plays such a walk of `plies` plies (or until the game ends) and checks the counter.
fn quiet_king_walk(game: &Draughts, fen: &str, plies: u32) -> lattjo_draughts::State {
    let start: Position = fen.parse().unwrap();
    let mut walk = Vec::new();
    assert!(find_walk(start, plies, &mut vec![start], &mut walk));
    let mut s = game.state_from(start);
    for mv in walk {
        if s.outcome().is_some() {
            break;
        }
        let before = s.quiet_plies();
        game.play(&mut s, &mv).unwrap();
        assert_eq!(
            s.quiet_plies(),
            before + 1,
            "a king move without capture counts"
        );
        assert!(s.repetitions() <= 2);
    }
    s
}

#[test]
fn v1_a1_forty_move_rule_claim_after_80_plies_without_men() {
    // §7: in positions without men the counter runs while no capture happens.
    let game = Draughts::new(Rules::wcdf()).unwrap();
    let fen = "B:WK29,K32:BK1,K4";
    let s = quiet_king_walk(&game, fen, 79);
    assert_eq!(s.quiet_plies(), 79);
    assert!(!game.can_claim(&s, DrawReason::FortyMoveRule));
    let mut s = quiet_king_walk(&game, fen, 80);
    assert_eq!(s.quiet_plies(), 80);
    assert!(game.can_claim(&s, DrawReason::FortyMoveRule));
    assert_eq!(s.outcome(), None, "a claim, not automatic");
    game.apply(&mut s, &Action::ClaimDraw(DrawReason::FortyMoveRule))
        .unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::FortyMoveRule)));
}

#[test]
fn v1_a1_auto_adjudicate_forty_move_rule() {
    let game = Draughts::new(Rules::wcdf().with_auto_adjudicate(true)).unwrap();
    let s = quiet_king_walk(&game, "B:WK29,K32:BK1,K4", 79);
    assert_eq!(s.outcome(), None);
    let s = quiet_king_walk(&game, "B:WK29,K32:BK1,K4", 80);
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::FortyMoveRule)));
    // Lattjo: the same walk goes on.
    let lattjo = Draughts::new(Rules::lattjo()).unwrap();
    let s = quiet_king_walk(&lattjo, "B:WK29,K32:BK1,K4", 100);
    assert_eq!((s.outcome(), s.quiet_plies()), (None, 100));
}

#[test]
fn a1_a_man_move_resets_the_forty_move_count_and_the_repetition_history() {
    let game = Draughts::new(Rules::wcdf()).unwrap();
    let mut s = game.state_from("B:WK32:BK1,12".parse().unwrap());
    play_text(&game, &mut s, "1-6");
    play_text(&game, &mut s, "32-27");
    assert_eq!(s.quiet_plies(), 2);
    play_text(&game, &mut s, "12-16");
    assert_eq!(s.quiet_plies(), 0);
    assert_eq!(s.repetitions(), 1);
}

#[test]
fn v2_flying_king_moves_along_the_whole_diagonal() {
    // King on 15: 4 squares down-left, 3 down-right, 3 up-left, 3 up-right.
    assert_eq!(legal("B:W5:BK15", KingMoves::Flying).len(), 13);
    // King on 29 takes 18 from afar and lands on any empty square beyond: 15, 11, 8, 4.
    assert_eq!(
        legal("B:W18:BK29", KingMoves::Flying),
        ["29x11", "29x15", "29x4", "29x8"]
    );
    // Men are unchanged by the option.
    assert_eq!(legal("B:W32:B14", KingMoves::Flying), ["14-17", "14-18"]);
}

#[test]
fn v2_a6_flying_king_captured_pieces_stay_until_the_end_and_block() {
    // King on 22 between White's 25 (below-left, 29 empty beyond) and 18 (above-right, 15,
    // 11, 8, 4 empty beyond). After taking one of them it may not come back along the same
    // diagonal: the captured piece stays on its square until the move ends and blocks
    // (V2's recommendation). Were it removed at once, 22x15 could go on over 25 to 29 and
    // 22x29 over 18.
    assert_eq!(
        legal("B:W18,25:BK22", KingMoves::Flying),
        ["22x11", "22x15", "22x29", "22x4", "22x8"]
    );
    // A second capture on another diagonal does continue: 29 takes 22, lands on 15, takes
    // 10 and lands on 6 or 1.
    assert_eq!(
        legal("B:W10,22:BK29", KingMoves::Flying),
        ["29x11", "29x15x1", "29x15x6", "29x18", "29x4", "29x8"]
    );
}

#[test]
fn v2_flying_kings_off_by_default_in_both_presets() {
    assert_eq!(Rules::default().king_moves, KingMoves::Short);
    assert_eq!(Rules::lattjo().king_moves, KingMoves::Short);
    assert_eq!(Rules::default().draws, Draws::Claim);
}

#[test]
fn a8_distinct_paths_are_distinct_actions() {
    let game = Draughts::default();
    let s = game.state_from("B:W9,10,17,18:BK6".parse().unwrap());
    let mut acts = Vec::new();
    game.legal_actions(&s, &mut acts);
    assert_eq!(acts.len(), 2);
    assert_ne!(acts[0], acts[1]);
}

#[test]
fn illegal_action_leaves_state_unchanged() {
    let game = Draughts::default();
    let mut s = game.new_initial_state();
    let other = game.state_from(
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,15"
            .parse()
            .unwrap(),
    );
    let mut acts = Vec::new();
    game.legal_actions(&other, &mut acts);
    let before = s.clone();
    for a in &acts {
        assert!(!game.is_legal(&s, a));
        assert!(game.apply(&mut s, a).is_err());
        assert_eq!(s, before);
    }
    assert_eq!(
        game.apply(&mut s, &Action::ClaimDraw(DrawReason::FortyMoveRule)),
        Err(PlayError::NoClaim(DrawReason::FortyMoveRule))
    );
    assert_eq!(s, before);
}

#[test]
fn rules_builders_take_values_and_the_constructor_validates() {
    use lattjo_draughts::RulesError;
    let r = Rules::lattjo()
        .with_auto_adjudicate(true)
        .with_flying_kings(true);
    assert_eq!(
        (r.draws, r.king_moves),
        (Draws::Automatic, KingMoves::Flying)
    );
    let r = r.with_auto_adjudicate(false).with_flying_kings(false);
    assert_eq!((r.draws, r.king_moves), (Draws::Claim, KingMoves::Short));
    // Switching automatic adjudication off leaves the booklet's agreement-only rule alone.
    assert_eq!(Rules::lattjo().with_auto_adjudicate(false), Rules::lattjo());
    assert_eq!(Rules::wcdf().with_draws(Draws::Agreement), Rules::lattjo());
    assert_eq!(Draughts::default().rules(), &Rules::wcdf());
    assert_eq!(
        Draughts::new(Rules::wcdf().with_repetitions(1)),
        Err(RulesError::Repetitions(1))
    );
    assert_eq!(
        Draughts::new(Rules::wcdf().with_repetitions(0)),
        Err(RulesError::Repetitions(0))
    );
    assert_eq!(
        Draughts::new(Rules::wcdf().with_quiet_moves(0)),
        Err(RulesError::QuietMoves)
    );
    assert!(Draughts::new(Rules::wcdf().with_repetitions(2).with_quiet_moves(1)).is_ok());
}

#[test]
fn v1_older_eda_texts_draw_on_the_fourth_occurrence() {
    // §4 V1 (b): older EDA texts used the fourth time. The same shuffle as above ends one
    // cycle later.
    let game = Draughts::new(Rules::wcdf().with_auto_adjudicate(true).with_repetitions(4)).unwrap();
    let mut s = game.state_from("B:WK32:BK1".parse().unwrap());
    for t in SHUFFLE.iter().cycle().take(11) {
        play_text(&game, &mut s, t);
        assert_eq!(s.outcome(), None);
    }
    play_text(&game, &mut s, "27-32");
    assert_eq!(s.repetitions(), 4);
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn v1_a1_the_forty_move_rule_counts_the_configured_moves() {
    // A 3-move rule: 6 plies each side without a man move or capture.
    let game = Draughts::new(Rules::wcdf().with_quiet_moves(3)).unwrap();
    let s = quiet_king_walk(&game, "B:WK29,K32:BK1,K4", 5);
    assert!(!game.can_claim(&s, DrawReason::FortyMoveRule));
    let s = quiet_king_walk(&game, "B:WK29,K32:BK1,K4", 6);
    assert!(game.can_claim(&s, DrawReason::FortyMoveRule));
}

/// V1: the booklet's rules (`Draws::Agreement`) and automatic adjudication
/// (`Draws::Automatic`) have no draw claims in any position, yet a claim under them was
/// refused as `NoClaim(reason)`, "no draw by Repetition can be claimed here", as if another
/// position might allow it; a claim of an agreement, which no rules have (V1 a), said the
/// same. Now the rules' absence says so wherever the player to move acts (the start, one
/// move before a third occurrence, at it, after 40 quiet moves each), and only under
/// `Draws::Claim` is a claim the position does not allow `NoClaim`. The state is unchanged
/// each time; a finished game is still `GameOver` first.
#[test]
fn regression_a_claim_the_rules_lack_was_refused_as_no_claim_here() {
    let refusals = |rules: Rules, plies: usize| {
        let game = Draughts::new(rules).unwrap();
        let mut s = game.state_from("B:WK32:BK1".parse().unwrap());
        for t in SHUFFLE.iter().cycle().take(plies) {
            play_text(&game, &mut s, t);
        }
        assert_eq!(s.outcome(), None, "{rules:?} {plies}");
        let before = s.clone();
        let out: Vec<PlayError> = [
            DrawReason::Repetition,
            DrawReason::FortyMoveRule,
            DrawReason::Agreement,
        ]
        .into_iter()
        .map(|r| game.apply(&mut s, &Action::ClaimDraw(r)).unwrap_err())
        .collect();
        assert_eq!(s, before, "{rules:?} {plies}");
        out
    };
    let disabled = |draws| {
        vec![
            PlayError::ClaimsDisabled(draws),
            PlayError::ClaimsDisabled(draws),
            PlayError::AgreementNotClaimed,
        ]
    };
    for plies in [0, 7, 8, 100] {
        assert_eq!(refusals(Rules::lattjo(), plies), disabled(Draws::Agreement));
    }
    // Automatic: one move before the third occurrence, where a claim would be valid
    // under `Draws::Claim`, and at the start.
    let auto = Rules::wcdf().with_auto_adjudicate(true);
    for plies in [0, 7] {
        assert_eq!(refusals(auto, plies), disabled(Draws::Automatic));
    }
    // Claims exist under WCDF: at the start there is none to make.
    assert_eq!(
        refusals(Rules::wcdf(), 0),
        [
            PlayError::NoClaim(DrawReason::Repetition),
            PlayError::NoClaim(DrawReason::FortyMoveRule),
            PlayError::AgreementNotClaimed,
        ]
    );
    assert_eq!(
        PlayError::ClaimsDisabled(Draws::Agreement).to_string(),
        "the rules have no draw claims: draws only by agreement"
    );
    assert_eq!(
        PlayError::ClaimsDisabled(Draws::Automatic).to_string(),
        "the rules have no draw claims: repetition and the 40-move rule draw automatically"
    );
    // The end of the game first.
    let game = Draughts::new(auto).unwrap();
    let mut s = game.state_from("B:WK32:BK1".parse().unwrap());
    for t in SHUFFLE.iter().cycle().take(8) {
        play_text(&game, &mut s, t);
    }
    let over = s.clone();
    assert_eq!(
        game.apply(&mut s, &Action::ClaimDraw(DrawReason::Repetition)),
        Err(PlayError::GameOver)
    );
    assert_eq!(s, over);
}

/// V1: `PlayError::ClaimsDisabled(draws)` is public, and a caller can build it with
/// `Draws::Claim`, which the game never gives it (claims refused under `Draws::Claim` are
/// `NoClaim`). Built so, it read "the rules have no draw claims: draws by claim", which
/// contradicts itself. Now its text is true for every draw mode: for `Claim` that those
/// rules do have claims; the two modes the game gives it with read as before.
#[test]
fn regression_claims_disabled_with_draws_claim_said_the_rules_have_no_claims() {
    let claim = PlayError::ClaimsDisabled(Draws::Claim).to_string();
    assert!(!claim.contains("no draw claims"), "{claim}");
    assert_eq!(
        claim,
        "the rules have draw claims (draws by claim): a claim they refuse is one the position does not allow"
    );
    // The game never gives it with `Claim`: WCDF's refused claims say what the position lacks.
    let game = Draughts::default();
    let mut s = game.new_initial_state();
    let before = s.clone();
    for reason in [DrawReason::Repetition, DrawReason::FortyMoveRule] {
        assert_eq!(
            game.apply(&mut s, &Action::ClaimDraw(reason)),
            Err(PlayError::NoClaim(reason))
        );
    }
    assert_eq!(s, before);
    for draws in [Draws::Agreement, Draws::Automatic] {
        let text = PlayError::ClaimsDisabled(draws).to_string();
        assert!(
            text.starts_with("the rules have no draw claims: "),
            "{text}"
        );
    }
}

/// D12, A3, V2: under short kings (both presets), a flying king's long move or long jump
/// was refused as `IllegalMove` ("1-10 is not a legal move for black here"), as if another
/// position might allow it; short kings lack such moves altogether. Now `apply` and `play`
/// refuse it as `FlyingMove(mv)`, naming the rule, exactly when the move is not legal here
/// and is legal in the same position under flying kings; every other refused move keeps
/// `IllegalMove`, the state unchanged each time.
#[test]
fn regression_a_flying_kings_move_under_short_kings_was_refused_as_illegal_here() {
    let refused = |game: &Draughts, fen: &str, text: &str| {
        let mut s = game.state_from(fen.parse().unwrap());
        let before = s.clone();
        let mv: Move = text.parse().unwrap_or_else(|_| {
            s.position()
                .parse_move(text, KingMoves::Flying)
                .unwrap_or_else(|e| panic!("{fen} {text}: {e}"))
        });
        let a = game.apply(&mut s, &Action::Move(mv)).unwrap_err();
        assert_eq!(s, before, "{fen} {text}");
        let p = game.play(&mut s, &mv).unwrap_err();
        assert_eq!(p, a, "{fen} {text}");
        assert_eq!(s, before, "{fen} {text}");
        assert!(!game.is_legal(&s, &Action::Move(mv)));
        (mv, a)
    };
    for rules in [Rules::wcdf(), Rules::lattjo()] {
        let game = Draughts::new(rules).unwrap();
        // A king's slide over two squares, and a king's capture from afar (1 over 15 to
        // 19), each legal here under flying kings.
        for (fen, text) in [("B:WK32:BK1", "1-10"), ("B:W15,K32:BK1", "1x19")] {
            let (mv, e) = refused(&game, fen, text);
            assert_eq!(e, PlayError::FlyingMove(mv), "{rules:?} {text}");
            assert_eq!(
                e.to_string(),
                format!("{text} is a flying king's move, and these rules' kings are short")
            );
        }
        // Not legal under flying kings here either: stays `IllegalMove`. A long slide
        // where flying kings must capture (D8), a man's two-square step, the other side's
        // king's slide, a slide through a piece.
        for (fen, text) in [
            ("B:W15,K32:BK1", "1-10"),
            ("B:WK32:B1", "1-10"),
            ("W:WK32:BK1", "1-10"),
            ("B:W6,K32:BK1", "1-10"),
        ] {
            let (_, e) = refused(&game, fen, text);
            assert!(
                matches!(e, PlayError::IllegalMove(_)),
                "{fen} {text}: {e:?}"
            );
        }
    }
    // Under flying kings nothing changes: an illegal long move is `IllegalMove`.
    let flying = Draughts::new(Rules::wcdf().with_flying_kings(true)).unwrap();
    let (_, e) = refused(&flying, "B:W15,K32:BK1", "1-10");
    assert!(matches!(e, PlayError::IllegalMove(_)), "{e:?}");
}

/// D12, A3, V2: `Position::parse_move` under short kings read a flying king's move text as
/// `MoveTextError::Illegal`, where `apply` now says `FlyingMove`. It now says
/// `MoveTextError::FlyingMove(mv)` (and so does a PDN game read under short kings), exactly
/// when the text names one move legal here under flying kings; other texts keep `Illegal`.
#[test]
fn regression_a_flying_kings_move_text_under_short_kings_was_read_as_illegal_here() {
    let short = KingMoves::Short;
    for (fen, text) in [
        ("B:WK32:BK1", "1-10"),
        ("B:W15,K32:BK1", "1x19"),
        ("B:W15,K32:BK1", "1-19"),
    ] {
        let pos: Position = fen.parse().unwrap();
        let mv = pos.parse_move(text, KingMoves::Flying).unwrap();
        let e = pos.parse_move(text, short).unwrap_err();
        assert_eq!(e, lattjo_draughts::MoveTextError::FlyingMove(mv), "{text}");
        assert_eq!(
            e.to_string(),
            format!("{mv} is a flying king's move, and these rules' kings are short")
        );
        let game = Draughts::default();
        let mut s = game.state_from(pos);
        assert_eq!(
            game.apply(&mut s, &Action::Move(mv)),
            Err(PlayError::FlyingMove(mv))
        );
    }
    for (fen, text) in [
        ("B:W15,K32:BK1", "1-10"),
        ("B:WK32:B1", "1-10"),
        ("B:WK32:B6,K1", "1-10"),
        ("B:WK32:BK1", "1-33"),
    ] {
        let pos: Position = fen.parse().unwrap();
        assert!(
            matches!(
                pos.parse_move(text, short),
                Err(lattjo_draughts::MoveTextError::Illegal { .. }
                    | lattjo_draughts::MoveTextError::Square(_))
            ),
            "{fen} {text}"
        );
    }
    let pdn = "[FEN \"B:WK32:BK1\"]\n1. 1-10 *\n";
    let e = lattjo_draughts::read_games_with(pdn, short).unwrap_err();
    assert!(
        e.to_string()
            .contains("1-10 is a flying king's move, and these rules' kings are short"),
        "{e}"
    );
}

/// D12, V2: the exact condition of `PlayError::FlyingMove` (not legal under short kings,
/// legal under flying kings, in the same position) only ever names a king's move of the
/// side to move with a leg longer than a short king's: checked for every such move at every
/// ply of seeded random games under flying kings.
#[test]
fn d12_v2_a_move_only_flying_kings_make_is_a_kings_long_move() {
    use boardgame_core::{GameRng, random_playout_capped};
    let flying = Draughts::new(Rules::wcdf().with_flying_kings(true)).unwrap();
    let short = Draughts::default();
    let (mut buf, mut moves, mut seen) = (Vec::new(), Vec::new(), 0);
    for seed in 0..40 {
        let mut s = flying.new_initial_state();
        let mut rng = GameRng::new(seed, 0);
        while random_playout_capped(&flying, &mut s, &mut rng, &mut buf, 1) == 1 {
            let pos = *s.position();
            pos.legal_moves(KingMoves::Flying, &mut moves);
            for mv in moves.iter().filter(|m| !pos.is_legal(m, KingMoves::Short)) {
                let piece = pos.piece_at(mv.from()).unwrap();
                assert_eq!((piece.color, piece.role), (pos.turn(), Role::King), "{mv}");
                let path: Vec<Square> = mv.path().collect();
                let long = path.windows(2).any(|leg| {
                    let rows = leg[0].row().abs_diff(leg[1].row());
                    rows > if mv.is_capture() { 2 } else { 1 }
                });
                assert!(long, "{pos} {mv}: only short legs");
                let mut st = short.state_from(pos);
                if st.outcome().is_none() {
                    assert_eq!(
                        short.apply(&mut st, &Action::Move(*mv)),
                        Err(PlayError::FlyingMove(*mv))
                    );
                    assert_eq!(st, short.state_from(pos));
                }
                seen += 1;
            }
        }
    }
    assert!(seen > 100, "{seen} flying-only moves seen");
}
