//! The claims of docs/draughts.md, each checked from outside (public API only): what the page
//! says a rule, preset, option, notation or encoding does, tested as a user reads it. Each
//! test cites the page's section and the rule id of shared/rules/draughts.md it rests on.

use lattjo_draughts::boardgame_core::{GameRng, IndexedActions, Observe, random_playout_capped};
use lattjo_draughts::{
    Action, Color, Draughts, DrawReason, Draws, FenError, Game, GameResult, KingMoves,
    MAX_PDN_GAME_BYTES, MAX_PDN_GAME_TOKENS, Move, MoveError, MoveTextError, Outcome,
    ParseMoveError, PdnErrorKind, PdnGame, PdnReader, PlayError, Position, PositionError, Role,
    Rules, RulesError, Seat, Square, SquareError, State, TagError, Turn, WinReason, perft,
    perft_parallel, perft_with, read_games, read_games_with, svg,
};
use std::io::{BufReader, Read};

fn sq(n: u8) -> Square {
    Square::new(n).unwrap()
}

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The game of `rules`, which must be valid.
fn draughts(rules: Rules) -> Draughts {
    Draughts::new(rules).unwrap_or_else(|e| panic!("{rules:?}: {e}"))
}

/// The three presets: WCDF with claims, the booklet, and WCDF with automatic adjudication.
fn presets() -> [Rules; 3] {
    [
        Rules::wcdf(),
        Rules::lattjo(),
        Rules::wcdf().with_auto_adjudicate(true),
    ]
}

/// The outcome of a game `winner` won for `reason`.
fn won(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

/// The action indices of `state`'s legal actions, sorted; the actions are left in `actions`.
fn legal_indices(game: &Draughts, state: &State, actions: &mut Vec<Action>) -> Vec<usize> {
    game.legal_actions(state, actions);
    let mut idx: Vec<usize> = actions
        .iter()
        .map(|a| game.action_index(state, a).unwrap())
        .collect();
    idx.sort_unstable();
    idx
}

/// The legal moves of `fen` as text, sorted.
fn moves(fen: &str, kings: KingMoves) -> Vec<String> {
    let mut v = Vec::new();
    pos(fen).legal_moves(kings, &mut v);
    let mut t: Vec<String> = v.iter().map(ToString::to_string).collect();
    t.sort();
    t
}

/// Plays each move text in turn.
fn play(game: &Draughts, state: &mut State, texts: &[&str]) {
    for t in texts {
        let mv = state
            .position()
            .parse_move(t, game.rules().king_moves)
            .unwrap_or_else(|e| panic!("{t}: {e}"));
        game.play(state, &mv).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
}

/// A king shuffle from `B:WK32:BK1`: Black 1-6-1, White 32-27-32, `plies` plies.
fn shuffle(game: &Draughts, plies: usize) -> State {
    let mut s = game.state_from(pos("B:WK32:BK1"));
    let cycle = ["1-6", "32-27", "6-1", "27-32"];
    for i in 0..plies {
        play(game, &mut s, &[cycle[i % 4]]);
    }
    s
}

/// The game of `rules` with automatic adjudication, checked to leave the king shuffle in play
/// after `in_play` plies and to end it drawn for `reason` after `drawn` plies.
fn auto_drawn(rules: Rules, in_play: usize, drawn: usize, reason: DrawReason) -> Draughts {
    let game = draughts(rules.with_auto_adjudicate(true));
    assert_eq!(shuffle(&game, in_play).outcome(), None, "{in_play} plies");
    assert_eq!(
        shuffle(&game, drawn).outcome(),
        Some(Outcome::Draw(reason)),
        "{drawn} plies"
    );
    game
}

const START: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

// ---------------------------------------------------------------------------------------------
// "The board" (D2, T5, V3; rules file section 1)
// ---------------------------------------------------------------------------------------------

/// "The board": the diagram numbers the dark squares 1-32 row by row from Black's side, left
/// to right as White sees the board (square 1 is b8, 5 is a7, 29 is a1, 32 is g1). D2.
#[test]
fn board_diagram_numbers_squares_row_by_row_from_blacks_side() {
    // (file a-h as 0-7, rank 8-1 as row 0-7) of every square in the diagram.
    let diagram = [
        [1, 3, 5, 7], // row 8: 1-4 on b, d, f, h
        [0, 2, 4, 6], // row 7: 5-8 on a, c, e, g
    ];
    for n in 1..=32u8 {
        let s = sq(n);
        let row = (n - 1) / 4;
        assert_eq!(s.row(), row, "{n}");
        assert_eq!(
            s.column(),
            diagram[usize::from(row % 2)][usize::from((n - 1) % 4)],
            "{n}"
        );
    }
    assert_eq!((sq(1).column(), sq(1).row()), (1, 0), "1 is b8");
    assert_eq!((sq(29).column(), sq(29).row()), (0, 7), "29 is a1");
    assert_eq!((sq(32).column(), sq(32).row()), (6, 7), "32 is g1");
}

/// "The board": Black starts on 1-12, White on 21-32, White sits at the bottom (row 7 is
/// rank 1). D2.
#[test]
fn board_black_starts_on_1_to_12_and_white_on_21_to_32() {
    let start = Position::start();
    for n in 1..=32u8 {
        let want = match n {
            1..=12 => Some(Color::Black),
            21..=32 => Some(Color::White),
            _ => None,
        };
        assert_eq!(start.piece_at(sq(n)).map(|p| p.color), want, "{n}");
    }
    // White's men are on the rows nearest rank 1 (the bottom of the diagram).
    assert!(
        start
            .pieces()
            .filter(|(_, p)| p.color == Color::White)
            .all(|(s, _)| s.row() >= 5)
    );
}

/// "The board": each player has a light square at the near right; the single corner is at
/// the near left (29 for White, 4 for Black), the double corner at the near right (28/32
/// and 1/5). T5, V3.
#[test]
fn board_single_and_double_corners_are_where_the_page_puts_them() {
    let at = |col: u8, row: u8| Square::all().find(|s| s.column() == col && s.row() == row);
    // White's near right is h1 and Black's (seen from its side) a8: light, unnumbered.
    assert_eq!(at(7, 7), None, "h1 is light");
    assert_eq!(at(0, 0), None, "a8 is light");
    // Single corners: a1 (29) for White, h8 (4) for Black.
    assert_eq!(at(0, 7), Some(sq(29)));
    assert_eq!(at(7, 0), Some(sq(4)));
    // Double corners: g1 and h2 (32, 28) for White; b8 and a7 (1, 5) for Black.
    assert_eq!(at(6, 7), Some(sq(32)));
    assert_eq!(at(7, 6), Some(sq(28)));
    assert_eq!(at(1, 0), Some(sq(1)));
    assert_eq!(at(0, 1), Some(sq(5)));
}

// ---------------------------------------------------------------------------------------------
// "The booklet's rules (D1-D14)"
// ---------------------------------------------------------------------------------------------

/// D1: "`Draughts` is a two-seat `Game`; a position holds at most 12 pieces a side."
#[test]
fn d1_two_seats_and_at_most_twelve_pieces_a_side() {
    assert_eq!(Draughts::default().num_players(), 2);
    assert_eq!(
        "B:W17-29:B1".parse::<Position>(),
        Err(FenError::Invalid(PositionError::TooManyPieces {
            color: Color::White,
            count: 13
        }))
    );
    assert!("B:W18-29:B1".parse::<Position>().is_ok(), "12 is allowed");
}

/// D2: "Each player starts with 12 men ... Black on 1-12, White on 21-32
/// (`Position::start()`)."
#[test]
fn d2_the_start_is_twelve_men_each() {
    let start = Position::start();
    assert_eq!(start.count_role(Color::Black, Role::Man), 12);
    assert_eq!(start.count_role(Color::White, Role::Man), 12);
    assert_eq!(start.count_role(Color::Black, Role::King), 0);
    assert_eq!(start, pos(START));
}

/// D3: "Black moves first; then the players alternate ... Seat 0 plays Black, seat 1 White
/// (`Color::seat`)."
#[test]
fn d3_black_moves_first_in_seat_0_and_the_players_alternate() {
    assert_eq!(Color::Black.seat(), Seat::new(0));
    assert_eq!(Color::White.seat(), Seat::new(1));
    let game = Draughts::default();
    let mut s = game.new_initial_state();
    assert_eq!(game.turn(&s), Turn::Player(Seat::new(0)));
    play(&game, &mut s, &["11-15"]);
    assert_eq!(game.turn(&s), Turn::Player(Seat::new(1)));
    play(&game, &mut s, &["23-19"]);
    assert_eq!(game.turn(&s), Turn::Player(Seat::new(0)));
}

/// D4, T1: a move without capture takes a piece one square diagonally; a man only forwards.
#[test]
fn d4_t1_a_man_steps_one_square_forward_only() {
    assert_eq!(moves("B:W32:B14", KingMoves::Short), ["14-17", "14-18"]);
    assert_eq!(moves("W:W19:B1", KingMoves::Short), ["19-15", "19-16"]);
}

/// D5: a capture jumps an adjacent opposing piece onto the empty square behind it; the
/// jumped piece is removed.
#[test]
fn d5_a_capture_jumps_and_removes_the_piece() {
    let mut p = pos("B:W10,32:B6");
    assert_eq!(moves("B:W10,32:B6", KingMoves::Short), ["6x15"]);
    let mv = p.parse_move("6x15", KingMoves::Short).unwrap();
    p.play(&mv, KingMoves::Short).unwrap();
    assert_eq!(p.piece_at(sq(10)), None);
    assert_eq!(p.piece_at(sq(15)).map(|p| p.color), Some(Color::Black));
}

/// D6: a piece never jumps over a piece of its own colour.
#[test]
fn d6_no_jump_over_an_own_piece() {
    assert_eq!(
        moves("B:W32:B6,10", KingMoves::Short),
        ["10-14", "10-15", "6-9"]
    );
}

/// D7, T3, A5: several jumps in one move, all made in that move; a sequence is never stopped
/// early.
#[test]
fn d7_t3_a5_a_multiple_jump_is_one_move_made_to_its_end() {
    let p = pos("B:W10,19,32:B6");
    assert_eq!(moves("B:W10,19,32:B6", KingMoves::Short), ["6x15x24"]);
    let part: Move = "6x15".parse().unwrap();
    assert!(
        !p.is_legal(&part, KingMoves::Short),
        "stopping after one jump"
    );
    assert!(matches!(
        p.parse_move("6x15", KingMoves::Short),
        Err(MoveTextError::Illegal { .. })
    ));
}

/// D8: capturing is compulsory, even when bad: then every legal move is a capture.
#[test]
fn d8_capturing_is_compulsory() {
    let p = pos("W:W18,32:B14");
    assert_eq!(moves("W:W18,32:B14", KingMoves::Short), ["18x9"]);
    assert!(p.must_capture(KingMoves::Short));
    assert!(!p.is_legal(&"32-27".parse().unwrap(), KingMoves::Short));
}

/// D9, A5: free choice between capture sequences; no rule to take the most.
#[test]
fn d9_a5_free_choice_and_no_majority_rule() {
    // 6x15x24 takes two, 13x22 one: both may be played.
    assert_eq!(
        moves("B:W10,17,19:B6,13", KingMoves::Short),
        ["13x22", "6x15x24"]
    );
}

/// D10, D11, A4: a man reaching the far row is crowned at once and the move ends there, even
/// when the new king could capture again.
#[test]
fn d10_d11_a4_crowning_ends_the_move() {
    let fen = "B:W26,27:B22";
    // On 31, a king could go on over 27 to 24: it does not.
    assert_eq!(moves(fen, KingMoves::Short), ["22x31"]);
    let mut p = pos(fen);
    let mv = p.parse_move("22x31", KingMoves::Short).unwrap();
    assert!(p.crowns(&mv));
    p.play(&mv, KingMoves::Short).unwrap();
    assert_eq!(p.piece_at(sq(31)).map(|p| p.role), Some(Role::King));
    assert_eq!(p.turn(), Color::White);
    assert!(p.piece_at(sq(27)).is_some());
}

/// D12, A3: a king moves and captures forwards and backwards, one square at a time.
#[test]
fn d12_a3_a_king_steps_and_captures_both_ways_one_square() {
    assert_eq!(
        moves("B:W32:BK14", KingMoves::Short),
        ["14-10", "14-17", "14-18", "14-9"]
    );
    // Backwards capture (towards Black's own side): the king on 18 takes 14, landing on 9.
    assert_eq!(moves("B:W14,32:BK18", KingMoves::Short), ["18x9"]);
    // Short: it never slides two squares.
    assert_eq!(moves("B:WK4:BK29", KingMoves::Short), ["29-25"]);
}

/// D13: a king is captured like a man.
#[test]
fn d13_a_king_is_captured_like_a_man() {
    assert_eq!(moves("W:W18:BK14", KingMoves::Short), ["18x9"]);
}

/// D14, A7: a player wins by taking every opposing piece (`WinReason::NoPieces`) or by
/// leaving the opponent to move without a legal move (`WinReason::NoMoves`); no move is a
/// loss, not a draw.
#[test]
fn d14_a7_no_pieces_or_no_moves_loses() {
    let game = Draughts::default();
    let mut s = game.state_from(pos("W:W18:BK14"));
    play(&game, &mut s, &["18x9"]);
    assert_eq!(s.outcome(), won(Color::White, WinReason::NoPieces));
    assert_eq!(game.turn(&s), Turn::Terminal);
    let blocked = State::from_position(pos("B:W9,14:B5"));
    assert_eq!(blocked.outcome(), won(Color::White, WinReason::NoMoves));
    let r = game.returns(&blocked).unwrap();
    assert_eq!((r[Seat::new(0)], r[Seat::new(1)]), (-1.0, 1.0));
}

/// A7: "The loss comes first: a move that leaves the opponent without a move wins even when
/// it is also the 80th quiet ply, or (under automatic adjudication) would end the game drawn
/// by the 40-move rule; and the player left without a move has nothing to claim."
///
/// White's lone king walks 1-5-1 along the edge, where nothing can take it; Black's king on
/// 29 walks 29-25-29. On the 80th quiet ply Black's king on 9 steps to 5: White's king on 1
/// then has 5 and 6 taken, no jump over 5 (off the board) nor over 6 (10 is taken).
#[test]
fn a7_a_move_that_leaves_no_move_wins_even_on_the_eightieth_quiet_ply() {
    let walk = ["1-5", "29-25", "5-1", "25-29"];
    let start = pos("W:WK1:BK6,K9,K10,K14,K29");
    for rules in [
        Rules::wcdf().with_repetitions(255),
        Rules::wcdf()
            .with_repetitions(255)
            .with_auto_adjudicate(true),
    ] {
        let game = draughts(rules);
        let mut s = game.state_from(start);
        for i in 0..79 {
            play(&game, &mut s, &[walk[i % 4]]);
        }
        assert_eq!((s.quiet_plies(), s.outcome()), (79, None), "{rules:?}");

        // The control: Black's walk on the 80th ply is the 40-move rule's.
        let mut walked = s.clone();
        play(&game, &mut walked, &["25-29"]);
        assert_eq!(walked.quiet_plies(), 80);
        if rules.draws == Draws::Automatic {
            assert_eq!(
                walked.outcome(),
                Some(Outcome::Draw(DrawReason::FortyMoveRule))
            );
        } else {
            assert_eq!(walked.outcome(), None);
            assert!(game.can_claim(&walked, DrawReason::FortyMoveRule));
        }

        // The same ply, 9-5, leaves White without a move: a win, under either rule set.
        play(&game, &mut s, &["9-5"]);
        assert_eq!(s.quiet_plies(), 80, "{rules:?}");
        assert_eq!(
            s.outcome(),
            won(Color::Black, WinReason::NoMoves),
            "{rules:?}"
        );
        assert_eq!(game.turn(&s), Turn::Terminal);
        assert!(!game.can_claim(&s, DrawReason::FortyMoveRule));
        let before = s.clone();
        assert_eq!(
            game.claim_draw(&mut s, DrawReason::FortyMoveRule),
            Err(PlayError::GameOver)
        );
        assert_eq!(s, before);
    }
}

/// D14: "a position set up with the side not to move already without a piece (`B:W:BK1`
/// ...) is played on, and the side to move wins with its next move."
#[test]
fn d14_a_side_not_to_move_without_pieces_is_played_on() {
    let game = Draughts::default();
    let mut s = game.state_from(pos("B:W:BK1"));
    assert_eq!(s.outcome(), None);
    assert_eq!(game.turn(&s), Turn::Player(Seat::new(0)));
    play(&game, &mut s, &["1-6"]);
    assert_eq!(s.outcome(), won(Color::Black, WinReason::NoPieces));
}

// ---------------------------------------------------------------------------------------------
// "Where the translations differ (T1-T7)"
// ---------------------------------------------------------------------------------------------

/// T1, A2: men capture forwards only; kings capture both ways.
#[test]
fn t1_a2_men_never_capture_backwards() {
    // The White man on 18 has a Black man behind it on 22 with 25 empty: no capture.
    assert_eq!(moves("W:W18:B22", KingMoves::Short), ["18-14", "18-15"]);
    // A White king there must take it.
    assert_eq!(moves("W:WK18:B22", KingMoves::Short), ["18x25"]);
}

/// T4, A5: the free choice is between complete sequences; a sequence is never stopped early,
/// even when another one takes fewer pieces.
#[test]
fn t4_the_choice_is_between_complete_sequences() {
    let p = pos("B:W10,17,19:B6,13");
    let stop: Move = "6x15".parse().unwrap();
    assert!(!p.is_legal(&stop, KingMoves::Short));
    assert!(p.is_legal(&"13x22".parse().unwrap(), KingMoves::Short));
}

/// T6: "`Draughts::initial_state(first)` accepts only seat 0 as the first player."
#[test]
fn t6_only_seat_0_moves_first() {
    let game = Draughts::default();
    assert_eq!(
        game.initial_state(Seat::new(0)),
        Ok(game.new_initial_state())
    );
    for seat in 1..4 {
        assert_eq!(
            game.initial_state(Seat::new(seat)).unwrap_err().0,
            Seat::new(seat)
        );
    }
}

// ---------------------------------------------------------------------------------------------
// "Deviations from WCDF (V1-V3)" and "Rule sets and options"
// ---------------------------------------------------------------------------------------------

/// V1 (a): agreement (`Draughts::agree_draw`) in every preset.
#[test]
fn v1a_agreement_in_every_preset() {
    for rules in presets() {
        let game = draughts(rules);
        let mut s = game.new_initial_state();
        game.agree_draw(&mut s).unwrap();
        assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
        assert_eq!(game.agree_draw(&mut s), Err(PlayError::GameOver));
        let r = game.returns(&s).unwrap();
        assert_eq!((r[Seat::new(0)], r[Seat::new(1)]), (0.0, 0.0));
    }
}

/// V1 (b), table "third repetition": under `Rules::wcdf()` the player to move may claim when
/// the position stands for the third time (`Action::ClaimDraw(Repetition)`, listed among
/// the legal actions when valid), and not before.
#[test]
fn v1b_wcdf_claims_a_position_standing_for_the_third_time() {
    let game = Draughts::default();
    let s = shuffle(&game, 8);
    assert_eq!(s.repetitions(), 3);
    assert_eq!(s.outcome(), None, "a claim, not an automatic draw");
    assert!(game.can_claim(&s, DrawReason::Repetition));
    let mut actions = Vec::new();
    game.legal_actions(&s, &mut actions);
    assert!(actions.contains(&Action::ClaimDraw(DrawReason::Repetition)));
    let mut claimed = s.clone();
    game.apply(&mut claimed, &Action::ClaimDraw(DrawReason::Repetition))
        .unwrap();
    assert_eq!(
        claimed.outcome(),
        Some(Outcome::Draw(DrawReason::Repetition))
    );
    // Four plies in, the start stands for the second time: no claim.
    let early = shuffle(&game, 4);
    assert_eq!(early.repetitions(), 2);
    assert!(!game.can_claim(&early, DrawReason::Repetition));
    game.legal_actions(&early, &mut actions);
    assert!(!actions.iter().any(|a| matches!(a, Action::ClaimDraw(_))));
}

/// V1 (b): "or when one of their moves would make it stand for the third time".
#[test]
fn v1b_wcdf_claims_a_move_that_would_make_the_third_repetition() {
    let game = Draughts::default();
    let s = shuffle(&game, 7);
    // White's 27-32 would bring the start back for the third time.
    assert_eq!(s.position().turn(), Color::White);
    assert!(game.can_claim(&s, DrawReason::Repetition));
    // One ply earlier no move of Black's does.
    assert!(!game.can_claim(&shuffle(&game, 6), DrawReason::Repetition));
}

/// V1 (b), table: with `with_auto_adjudicate(true)` the game ends drawn at the third
/// repetition, at once.
#[test]
fn v1b_auto_adjudicate_ends_the_game_at_the_third_repetition() {
    let game = auto_drawn(Rules::wcdf(), 7, 8, DrawReason::Repetition);
    assert_eq!(game.turn(&shuffle(&game, 8)), Turn::Terminal);
    assert!(!game.can_claim(&shuffle(&game, 7), DrawReason::Repetition));
}

/// V1, table: `Rules::lattjo()` is the booklet as written: no repetition and no 40-move
/// draw, agreement only.
#[test]
fn v1_lattjo_has_no_repetition_or_forty_move_draw() {
    let game = draughts(Rules::lattjo());
    let mut s = shuffle(&game, 100);
    assert_eq!(s.outcome(), None);
    assert!(s.quiet_plies() >= 80 && s.repetitions() >= 3);
    for reason in [DrawReason::Repetition, DrawReason::FortyMoveRule] {
        assert!(!game.can_claim(&s, reason));
        assert_eq!(
            game.claim_draw(&mut s, reason),
            Err(PlayError::ClaimsDisabled(Draws::Agreement))
        );
    }
    let mut actions = Vec::new();
    game.legal_actions(&s, &mut actions);
    assert!(actions.iter().all(|a| matches!(a, Action::Move(_))));
}

/// V1 (c), A1: the 40-move rule is 80 plies without a man move or capture: a claim from the
/// 80th quiet ply under `Rules::wcdf()`, the end of the game under automatic adjudication.
#[test]
fn v1c_a1_the_forty_move_rule_counts_eighty_quiet_plies() {
    // Repetitions set out of reach so that only the 40-move rule can apply.
    let claims = draughts(Rules::wcdf().with_repetitions(200));
    let s79 = shuffle(&claims, 79);
    assert_eq!(s79.quiet_plies(), 79);
    assert!(!claims.can_claim(&s79, DrawReason::FortyMoveRule));
    let s80 = shuffle(&claims, 80);
    assert!(claims.can_claim(&s80, DrawReason::FortyMoveRule));
    let mut actions = Vec::new();
    claims.legal_actions(&s80, &mut actions);
    assert!(actions.contains(&Action::ClaimDraw(DrawReason::FortyMoveRule)));

    auto_drawn(
        Rules::wcdf().with_repetitions(200),
        79,
        80,
        DrawReason::FortyMoveRule,
    );
}

/// V1: "The thresholds are options: `with_repetitions(n)` (3; the older EDA texts used 4; at
/// least 2) and `with_quiet_moves(n)` (40 moves each; at least 1), checked by
/// `Draughts::new`."
#[test]
fn v1_thresholds_are_options_checked_by_new() {
    assert_eq!(Rules::wcdf().repetitions, 3);
    assert_eq!(Rules::wcdf().quiet_moves, 40);
    assert_eq!(Rules::lattjo().repetitions, 3);
    assert_eq!(Rules::lattjo().quiet_moves, 40);
    for n in [1, 0] {
        assert_eq!(
            Draughts::new(Rules::wcdf().with_repetitions(n)),
            Err(RulesError::Repetitions(n))
        );
    }
    assert_eq!(
        Draughts::new(Rules::wcdf().with_quiet_moves(0)),
        Err(RulesError::QuietMoves)
    );
    assert!(Draughts::new(Rules::wcdf().with_repetitions(2)).is_ok());
    assert!(Draughts::new(Rules::wcdf().with_quiet_moves(1)).is_ok());

    // The EDA's fourth occurrence: the third is not enough.
    auto_drawn(
        Rules::wcdf().with_repetitions(4),
        8,
        12,
        DrawReason::Repetition,
    );
    // Two moves each: four quiet plies.
    auto_drawn(
        Rules::wcdf().with_quiet_moves(2).with_repetitions(100),
        3,
        4,
        DrawReason::FortyMoveRule,
    );
}

/// A1: "every man move is an advance, so any man move resets the count; a king move does
/// not"; the state keeps only the positions since the last man move or capture
/// (`State::history`).
#[test]
fn a1_a_man_move_resets_the_count_and_the_history_a_king_move_does_not() {
    let game = Draughts::default();
    let mut s = game.state_from(pos("B:W21,K32:B12,K1"));
    play(&game, &mut s, &["1-6", "32-27", "6-1"]);
    assert_eq!(s.quiet_plies(), 3);
    assert_eq!(s.history().len(), 4);
    assert_eq!(s.history().last(), Some(s.position()));
    play(&game, &mut s, &["21-17"]);
    assert_eq!(s.quiet_plies(), 0);
    assert_eq!(s.history(), &[*s.position()]);
    assert_eq!(s.plies(), 4);
    play(&game, &mut s, &["1-6"]);
    assert_eq!(s.quiet_plies(), 1);
    // A capture by a king resets it too.
    let mut c = game.state_from(pos("B:W10,32:BK6,12"));
    play(&game, &mut c, &["6x15"]);
    assert_eq!(c.quiet_plies(), 0);
}

/// Table "Rule sets and options": moves, captures and crowning are D1-D14 in every preset;
/// "Draw bookkeeping never changes move generation: every preset plays the same moves
/// (tested over whole games)."
#[test]
fn every_preset_plays_the_same_moves() {
    let games = presets().map(draughts);
    let only_moves = |g: &Draughts, s: &State| {
        let mut a = Vec::new();
        g.legal_actions(s, &mut a);
        a.retain(|a| matches!(a, Action::Move(_)));
        a
    };
    for seed in 0..6 {
        let mut states: Vec<State> = games.iter().map(|g| g.new_initial_state()).collect();
        let mut rng = GameRng::new(seed, 3);
        for _ in 0..200 {
            if states.iter().any(|s| s.outcome().is_some()) {
                break;
            }
            let lists: Vec<_> = games
                .iter()
                .zip(&states)
                .map(|(g, s)| only_moves(g, s))
                .collect();
            assert_eq!(lists[0], lists[1]);
            assert_eq!(lists[0], lists[2]);
            let a = lists[0][rng.index(lists[0].len())];
            for (g, s) in games.iter().zip(&mut states) {
                g.apply(s, &a).unwrap();
            }
        }
    }
    for depth in 1..=5 {
        assert_eq!(
            perft_with(&Position::start(), depth, Rules::lattjo().king_moves),
            perft_with(&Position::start(), depth, Rules::wcdf().king_moves)
        );
    }
}

/// "Every option is a builder that takes its value ... `with_auto_adjudicate(bool)` (`false`
/// turns automatic adjudication back into claims and leaves other settings alone)";
/// `Draughts::default()` plays `Rules::wcdf()`.
#[test]
fn options_are_builders_and_auto_adjudicate_false_restores_claims() {
    let r = Rules::wcdf()
        .with_king_moves(KingMoves::Flying)
        .with_repetitions(4)
        .with_quiet_moves(25);
    assert_eq!(r.king_moves, KingMoves::Flying);
    assert_eq!((r.repetitions, r.quiet_moves), (4, 25));
    assert_eq!(r.with_auto_adjudicate(true).draws, Draws::Automatic);
    assert_eq!(r.with_auto_adjudicate(true).with_auto_adjudicate(false), r);
    assert_eq!(Rules::lattjo().with_auto_adjudicate(false), Rules::lattjo());
    assert_eq!(r.with_draws(Draws::Agreement).draws, Draws::Agreement);
    assert_eq!(r.with_flying_kings(false).king_moves, KingMoves::Short);
    assert_eq!(
        Rules::wcdf().with_flying_kings(true).king_moves,
        KingMoves::Flying
    );
    assert_eq!(*Draughts::default().rules(), Rules::wcdf());
    assert_eq!(Rules::default(), Rules::wcdf());
    assert_eq!(Rules::wcdf().draws, Draws::Claim);
    assert_eq!(Rules::lattjo().draws, Draws::Agreement);
}

/// V2: flying kings are off in both presets; with them a king slides any distance along a
/// diagonal.
#[test]
fn v2_flying_kings_slide_any_distance_and_are_off_in_both_presets() {
    assert_eq!(Rules::wcdf().king_moves, KingMoves::Short);
    assert_eq!(Rules::lattjo().king_moves, KingMoves::Short);
    assert_eq!(
        moves("B:WK4:BK29", KingMoves::Flying),
        ["29-11", "29-15", "29-18", "29-22", "29-25", "29-8"]
    );
}

/// V2: "a capturing king lands on any empty square beyond the captured piece".
#[test]
fn v2_a_flying_king_lands_on_any_empty_square_beyond() {
    assert_eq!(
        moves("B:W18:BK29", KingMoves::Flying),
        ["29x11", "29x15", "29x4", "29x8"]
    );
}

/// V2: "captured pieces stay on the board until the move ends (they block, and cannot be
/// jumped twice: the "Turkish strike" rule)". The king on 10 takes 7 and lands on 3; the
/// man on 7 still stands between 3 and the man on 17, so the king cannot come back over it
/// to take 17 as well (it could if 7 were removed at once).
#[test]
fn v2_captured_pieces_stay_until_the_move_ends() {
    assert_eq!(moves("B:W7,17:BK10", KingMoves::Flying), ["10x21", "10x3"]);
}

/// V2: "there is still no majority rule (D9)", and a landing square from which the king can
/// take more is not an end (A5).
#[test]
fn v2_no_majority_rule_with_flying_kings() {
    // Landing on 9 ends the move (one piece); landing on 13 goes on over 26 (two).
    assert_eq!(moves("B:W6,26:BK2", KingMoves::Flying), ["2x13x31", "2x9"]);
}

/// V2: "Men are unchanged."
#[test]
fn v2_men_are_unchanged_by_flying_kings() {
    for depth in 1..=6 {
        assert_eq!(
            perft_with(&Position::start(), depth, KingMoves::Flying),
            perft(&Position::start(), depth)
        );
    }
    assert_eq!(
        moves("B:W10,19,32:B6", KingMoves::Flying),
        moves("B:W10,19,32:B6", KingMoves::Short)
    );
}

/// V2 through `Rules::with_flying_kings(true)`: a game of those rules plays the long moves.
#[test]
fn v2_a_game_with_flying_kings_plays_long_moves() {
    let game = draughts(Rules::wcdf().with_flying_kings(true));
    let mut s = game.state_from(pos("B:WK4:BK29"));
    play(&game, &mut s, &["29-11"]);
    assert_eq!(
        s.position().piece_at(sq(11)).map(|p| p.role),
        Some(Role::King)
    );
    let short = Draughts::default();
    let mut t = short.state_from(pos("B:WK4:BK29"));
    let long = "29-11".parse().unwrap();
    assert_eq!(short.play(&mut t, &long), Err(PlayError::FlyingMove(long)));
}

/// A6: a piece is captured at most once per move (`Move::new` refuses it twice), and with
/// short kings captured pieces come off at the end of the move.
#[test]
fn a6_a_piece_is_captured_at_most_once() {
    assert_eq!(
        Move::new(&[sq(6), sq(15), sq(6)], &[sq(10), sq(10)]),
        Err(MoveError::CapturedTwice(sq(10)))
    );
    // The ring: four pieces, each taken once.
    let mut v = Vec::new();
    pos("B:W9,10,17,18:BK6").legal_moves(KingMoves::Short, &mut v);
    for m in &v {
        assert_eq!(m.num_captured(), 4);
        assert_eq!(m.captured().count(), 4);
    }
}

/// A8: "Two different paths are two moves, even between the same squares, and even when they
/// take the same pieces: a king going round a ring of four men clockwise or anticlockwise
/// makes two moves. This is how the published perft figures count. For display, the short
/// form `from x to` is used when it is unambiguous."
#[test]
fn a8_a_move_is_its_full_path_and_a_ring_is_two_moves() {
    let p = pos("B:W9,10,17,18:BK6");
    assert_eq!(
        moves("B:W9,10,17,18:BK6", KingMoves::Short),
        ["6x13x22x15x6", "6x15x22x13x6"]
    );
    assert_eq!(perft(&p, 1), 2);
    let mut v = Vec::new();
    p.legal_moves(KingMoves::Short, &mut v);
    assert_eq!(
        v[0].captured().collect::<Vec<_>>(),
        v[1].captured().collect::<Vec<_>>()
    );
    assert_ne!(v[0], v[1]);
    // Ambiguous short form: every landing square is written.
    for m in &v {
        assert_eq!(p.move_text(m, KingMoves::Short), m.to_string());
    }
    // Unambiguous: the short form.
    let q = pos("B:W10,19,32:B6");
    let mv = q.parse_move("6x15x24", KingMoves::Short).unwrap();
    assert_eq!(q.move_text(&mv, KingMoves::Short), "6x24");
}

/// A9: "The booklet's "black" is the dark side, which moves first: PDN side `B`."
#[test]
fn a9_black_is_pdn_side_b_and_moves_first() {
    assert_eq!(Position::start().turn(), Color::Black);
    assert_eq!(Color::Black.letter(), 'B');
    assert!(Position::start().to_string().starts_with("B:"));
}

/// A10 and "Results": `1-0` White won, `0-1` Black won, `1/2-1/2` a draw, `*` unfinished,
/// `0-0` a double forfeit never given by play; `2-0`, `0-2`, `1-1` are read too.
#[test]
fn a10_result_tokens() {
    let r = |t: &str| t.parse::<GameResult>().unwrap();
    assert_eq!(r("1-0"), GameResult::WhiteWins);
    assert_eq!(r("0-1"), GameResult::BlackWins);
    assert_eq!(r("1/2-1/2"), GameResult::Draw);
    assert_eq!(r("*"), GameResult::Unfinished);
    assert_eq!(r("0-0"), GameResult::DoubleForfeit);
    assert_eq!(r("2-0"), GameResult::WhiteWins);
    assert_eq!(r("0-2"), GameResult::BlackWins);
    assert_eq!(r("1-1"), GameResult::Draw);
    assert_eq!(
        GameResult::from_winner(Some(Color::White)).to_string(),
        "1-0"
    );
    assert_eq!(
        GameResult::from_winner(Some(Color::Black)).to_string(),
        "0-1"
    );
    assert_eq!(GameResult::from_winner(None).to_string(), "1/2-1/2");
    assert_eq!(GameResult::DoubleForfeit.to_string(), "0-0");
    assert!("1:0".parse::<GameResult>().is_err());
}

// ---------------------------------------------------------------------------------------------
// "A `State` carries the rules of the game that made it"
// ---------------------------------------------------------------------------------------------

/// "`new_initial_state`, `initial_state`, `state_from` and play give it the game's rules, and
/// `State::from_position` ... gives it `Rules::wcdf()`."
#[test]
fn a_state_carries_the_rules_of_its_game() {
    let rules = Rules::lattjo().with_flying_kings(true).with_quiet_moves(30);
    let game = draughts(rules);
    assert_eq!(*game.new_initial_state().rules(), rules);
    assert_eq!(*game.initial_state(Seat::new(0)).unwrap().rules(), rules);
    let mut s = game.state_from(Position::start());
    assert_eq!(*s.rules(), rules);
    play(&game, &mut s, &["11-15"]);
    assert_eq!(*s.rules(), rules);
    assert_eq!(
        *State::from_position(Position::start()).rules(),
        Rules::wcdf()
    );
    assert_eq!(
        State::from_position(Position::start()),
        Draughts::default().new_initial_state()
    );
    // "The game that plays a state on is `Draughts::new(*state.rules())`."
    let again = draughts(*s.rules());
    play(&again, &mut s, &["23-19"]);
}

/// "A game refuses a state of other rules before anything else: `apply`, `play`,
/// `claim_draw` and `agree_draw` return `PlayError::OtherRules` with the state unchanged,
/// `is_legal` and `can_claim` say no, `legal_actions` and the legal-action mask are empty and
/// `sample_action` gives nothing; `Draughts::check_state` asks the same question."
#[test]
fn a_game_refuses_a_state_of_other_rules_before_anything_else() {
    let claims = Draughts::default();
    let other = draughts(Rules::lattjo());
    // A state where a repetition claim is valid for its own game.
    let s = shuffle(&claims, 8);
    assert!(claims.can_claim(&s, DrawReason::Repetition));
    let mv = s.position().parse_move("1-6", KingMoves::Short).unwrap();
    let mut t = s.clone();
    assert_eq!(other.check_state(&t), Err(PlayError::OtherRules));
    assert_eq!(claims.check_state(&t), Ok(()));
    assert_eq!(
        other.apply(&mut t, &Action::Move(mv)),
        Err(PlayError::OtherRules)
    );
    assert_eq!(other.play(&mut t, &mv), Err(PlayError::OtherRules));
    assert_eq!(
        other.claim_draw(&mut t, DrawReason::Repetition),
        Err(PlayError::OtherRules)
    );
    assert_eq!(other.agree_draw(&mut t), Err(PlayError::OtherRules));
    assert_eq!(t, s, "unchanged");
    assert!(!other.is_legal(&t, &Action::Move(mv)));
    assert!(!other.can_claim(&t, DrawReason::Repetition));
    let mut actions = vec![Action::Move(mv)];
    other.legal_actions(&t, &mut actions);
    assert!(actions.is_empty());
    let mut mask = vec![true; other.num_distinct_actions()];
    other.legal_mask(&t, &mut mask).unwrap();
    assert!(mask.iter().all(|&b| !b));
    assert_eq!(
        other.sample_action(&t, &mut GameRng::new(1, 0), &mut Vec::new()),
        None
    );
    // "Before anything else": a finished state of other rules is OtherRules, not GameOver.
    let mut over = claims.new_initial_state();
    claims.agree_draw(&mut over).unwrap();
    assert_eq!(other.agree_draw(&mut over), Err(PlayError::OtherRules));
    assert_eq!(other.play(&mut over, &mv), Err(PlayError::OtherRules));
    assert_eq!(
        other.claim_draw(&mut over, DrawReason::Repetition),
        Err(PlayError::OtherRules)
    );
}

/// Lib docs: "[`Setup`] is its unvalidated twin" of `Position`, checked by
/// `Position::try_from` (D1: at most 12 pieces a side; D11: no man on its crowning row).
#[test]
fn setup_is_checked_by_try_from() {
    use lattjo_draughts::{Piece, Setup};
    let mut setup = Setup::empty(Color::Black);
    let man = Piece {
        color: Color::White,
        role: Role::Man,
    };
    for n in 13..=25 {
        setup.set(sq(n), Some(man));
    }
    assert_eq!(
        Position::try_from(setup),
        Err(PositionError::TooManyPieces {
            color: Color::White,
            count: 13
        })
    );
    let mut setup = Setup::empty(Color::Black);
    setup.set(
        sq(30),
        Some(Piece {
            color: Color::Black,
            role: Role::Man,
        }),
    );
    assert_eq!(
        Position::try_from(setup),
        Err(PositionError::ManOnCrowningRow {
            color: Color::Black,
            square: sq(30)
        })
    );
    assert_eq!(
        Position::try_from(Position::start().to_setup()),
        Ok(Position::start())
    );
}

/// V1 (b) with `with_repetitions(2)`: the claim comes at the second occurrence, or one move
/// before it.
#[test]
fn v1b_the_repetition_claim_follows_the_threshold() {
    let game = draughts(Rules::wcdf().with_repetitions(2));
    assert!(!game.can_claim(&shuffle(&game, 2), DrawReason::Repetition));
    assert!(game.can_claim(&shuffle(&game, 3), DrawReason::Repetition));
    assert!(game.can_claim(&shuffle(&game, 4), DrawReason::Repetition));
}

/// "Move generation and perft": under the default rules nothing bounds the history, and the
/// repetition count stays right however long it grows (a history longer than 256 positions
/// is counted in a map).
#[test]
fn long_king_shuffles_count_repetitions_right() {
    let game = Draughts::default();
    let s = shuffle(&game, 600);
    assert_eq!(s.history().len(), 601);
    assert_eq!(s.repetitions(), 151);
    assert_eq!(s.quiet_plies(), 600);
    assert!(game.can_claim(&s, DrawReason::Repetition));
    assert!(game.can_claim(&s, DrawReason::FortyMoveRule));
    let s = shuffle(&game, 601);
    assert_eq!(s.repetitions(), 151);
    assert!(game.can_claim(&s, DrawReason::Repetition), "by a move");
}

/// Intro: "`tests/proptest.rs` checks ... legal <=> generated": `is_legal` says yes exactly
/// to the generated moves, for every step and single jump of every piece, at every ply of
/// random games with both king rules.
#[test]
fn is_legal_agrees_with_the_generator() {
    for kings in [KingMoves::Short, KingMoves::Flying] {
        let game = draughts(
            Rules::wcdf()
                .with_king_moves(kings)
                .with_auto_adjudicate(true),
        );
        for seed in 0..3 {
            let mut s = game.new_initial_state();
            let mut rng = GameRng::new(seed, 4);
            let mut buf = Vec::new();
            let mut generated = Vec::new();
            loop {
                let p = *s.position();
                p.legal_moves(kings, &mut generated);
                for m in &generated {
                    assert!(p.is_legal(m, kings), "{p:?} {m}");
                }
                for from in Square::all() {
                    for to in Square::all() {
                        for captured in [None, Some(())] {
                            let text = match captured {
                                None => format!("{from}-{to}"),
                                Some(()) => format!("{from}x{to}"),
                            };
                            let Ok(m) = text.parse::<Move>() else {
                                continue;
                            };
                            assert_eq!(p.is_legal(&m, kings), generated.contains(&m), "{p:?} {m}");
                        }
                    }
                }
                if random_playout_capped(&game, &mut s, &mut rng, &mut buf, 1) == 0 {
                    break;
                }
            }
        }
    }
}

/// "`index_action` ... the claim for 8,192 and 8,193 (which `apply` refuses when it is not
/// valid, V1)".
#[test]
fn learning_claim_indices_are_refused_when_not_valid() {
    let game = Draughts::default();
    let mut s = game.new_initial_state();
    let claim = game.index_action(&s, 8193).unwrap();
    assert_eq!(
        game.apply(&mut s, &claim),
        Err(PlayError::NoClaim(DrawReason::FortyMoveRule))
    );
    assert_eq!(s, game.new_initial_state());
}

// ---------------------------------------------------------------------------------------------
// "Notation": PDN FEN
// ---------------------------------------------------------------------------------------------

/// "PDN FEN: `B:W21,22,...,32:B1,2,...,12` ... `K` marks a king, as in `W:W18,K2:B7,K10`.
/// `Position: FromStr + Display`."
#[test]
fn fen_reads_the_start_and_kings() {
    assert_eq!(pos(START), Position::start());
    assert_eq!(Position::start().to_string(), START);
    let p = pos("W:W18,K2:B7,K10");
    assert_eq!(p.turn(), Color::White);
    for (n, piece) in [
        (2, (Color::White, Role::King)),
        (18, (Color::White, Role::Man)),
        (10, (Color::Black, Role::King)),
        (7, (Color::Black, Role::Man)),
    ] {
        let found = p.piece_at(sq(n)).map(|p| (p.color, p.role));
        assert_eq!(found, Some(piece), "{n}");
    }
}

/// "Read: either colour order, spaces anywhere, surrounding quotes, a trailing `.`, and
/// ranges such as `B1-12`. Written: `White` list first, squares ascending."
#[test]
fn fen_reads_liberally_and_writes_white_first_ascending() {
    let start = Position::start();
    for text in [
        "B:B1-12:W21-32",
        "B:W21-32:B1-12",
        " B : W 21 - 32 : B 1 , 2 , 3 , 4 , 5 , 6 , 7 , 8 , 9 , 10 , 11 , 12 ",
        "\"B:W21-32:B1-12\"",
        "B:W21-32:B1-12.",
        "\"B:B12,11,10,9,8,7,6,5,4,3,2,1:W32,31,30,29,28,27,26,25,24,23,22,21.\"",
    ] {
        assert_eq!(text.parse::<Position>(), Ok(start), "{text}");
    }
    assert_eq!(pos("W:B7,K10:WK2,18").to_string(), "W:WK2,18:B7,K10");
}

/// "Errors are typed (`FenError`): a square outside 1-32, a square given twice, more than 12
/// pieces a side, a man on its crowning row, a bad side letter, a malformed list."
#[test]
fn fen_errors_are_typed() {
    let e = |s: &str| s.parse::<Position>().unwrap_err();
    let crowning = |color, n| {
        FenError::Invalid(PositionError::ManOnCrowningRow {
            color,
            square: sq(n),
        })
    };
    let too_many = PositionError::TooManyPieces {
        color: Color::White,
        count: 13,
    };
    for (text, error) in [
        ("B:W33:B1", FenError::SquareOutOfRange(33)),
        ("B:W0:B1", FenError::SquareOutOfRange(0)),
        ("B:W5:B5", FenError::DuplicateSquare(sq(5))),
        ("B:W17-29:B1", FenError::Invalid(too_many)),
        ("B:W3:B1", crowning(Color::White, 3)),
        ("B:W21:B30", crowning(Color::Black, 30)),
        ("B:W21:B1:B2", FenError::TooManyFields),
        ("B:W21:W22", FenError::RepeatedColor(Color::White)),
        ("", FenError::Empty),
    ] {
        assert_eq!(e(text), error, "{text:?}");
    }
    assert!(matches!(e("X:W21:B1"), FenError::BadTurn(_)));
    assert!(matches!(e("B:Q21:B1"), FenError::BadColor(_)));
    assert!(matches!(e("B:W2x:B1"), FenError::BadSquare(_)));
    assert!(matches!(e("B:W9-5:B1"), FenError::BadRange(_)));
}

// ---------------------------------------------------------------------------------------------
// "Notation": moves
// ---------------------------------------------------------------------------------------------

/// "Moves: `11-15` (a step), `15x24` (a capture), `15x24x31` (every landing square).
/// `Move: Display + FromStr` is the full path (`FromStr` reads short-king jumps, each taking
/// the square between; a flying king's long jump needs the position)."
#[test]
fn move_text_is_the_full_path() {
    let step: Move = "11-15".parse().unwrap();
    assert!(!step.is_capture());
    assert_eq!(step.to_string(), "11-15");
    let jump: Move = "15x24".parse().unwrap();
    assert_eq!(jump.captured().collect::<Vec<_>>(), [sq(19)]);
    let double: Move = "15x24x31".parse().unwrap();
    assert_eq!(double.path().collect::<Vec<_>>(), [sq(15), sq(24), sq(31)]);
    assert_eq!(double.captured().collect::<Vec<_>>(), [sq(19), sq(27)]);
    assert_eq!(double.to_string(), "15x24x31");
    assert!(matches!(
        "29x4".parse::<Move>(),
        Err(ParseMoveError::NeedsPosition(_))
    ));
    // The flying king's long jump read against a position.
    let mv = pos("B:W18:BK29")
        .parse_move("29x4", KingMoves::Flying)
        .unwrap();
    assert_eq!(mv.captured().collect::<Vec<_>>(), [sq(18)]);
    assert!(matches!(
        "11-15-19".parse::<Move>(),
        Err(ParseMoveError::Syntax(_))
    ));
    assert!(matches!(
        "11-33".parse::<Move>(),
        Err(ParseMoveError::Square(SquareError::OutOfRange(33)))
    ));
}

/// "`Move::new(path, captured)` builds a move from its squares and checks its shape
/// (`MoveError`)."
#[test]
fn move_new_checks_the_shape() {
    assert!(Move::new(&[sq(15), sq(24)], &[sq(19)]).is_ok());
    assert_eq!(Move::new(&[sq(15)], &[]), Err(MoveError::PathLength(1)));
    assert_eq!(
        Move::new(&[sq(15), sq(17)], &[]),
        Err(MoveError::NotDiagonal {
            from: sq(15),
            to: sq(17)
        })
    );
    assert_eq!(
        Move::new(&[sq(11), sq(15), sq(18)], &[]),
        Err(MoveError::QuietPath(3))
    );
    assert_eq!(
        Move::new(&[sq(15), sq(24)], &[sq(20)]),
        Err(MoveError::Jump {
            from: sq(15),
            to: sq(24)
        })
    );
    assert_eq!(
        Move::new(&[sq(15), sq(24)], &[sq(24)]),
        Err(MoveError::CapturedOnPath(sq(24)))
    );
    assert_eq!(
        Move::new(&[sq(15), sq(24)], &[sq(19), sq(1)]),
        Err(MoveError::NotJumped(sq(1)))
    );
}

/// "`Position::parse_move` reads text against a position, also the short form `15x31` (and
/// any subset of the landing squares) when exactly one legal move fits, refusing it as
/// `Ambiguous` otherwise."
#[test]
fn parse_move_reads_short_forms_and_refuses_ambiguous_ones() {
    let p = pos("B:W10,19,32:B6");
    let ring = pos("B:W9,10,17,18:BK6");
    let man = pos("B:W9,10,17,18:B6");
    for (position, text, full) in [
        (p, "6x24", "6x15x24"),
        // A subset of the landing squares that only one path has, in order.
        (ring, "6x13x22x6", "6x13x22x15x6"),
        (ring, "6x22x13x6", "6x15x22x13x6"),
        (man, "6x13x22", "6x13x22"),
    ] {
        let mv = position.parse_move(text, KingMoves::Short);
        assert_eq!(mv.unwrap().to_string(), full, "{text}");
    }
    for (position, text) in [(ring, "6x6"), (man, "6x22")] {
        assert!(
            matches!(
                position.parse_move(text, KingMoves::Short),
                Err(MoveTextError::Ambiguous { count: 2, .. })
            ),
            "{text}"
        );
    }
}

/// "`parse_move` ... also reads what archives write: `:` as the capture separator (`15:24`),
/// and captures written with `-` as traditional checkers notation does (`10-17 21-14`,
/// `15-24-31`) ... One text uses one kind of separator; `Move`'s own `FromStr` keeps the
/// standard `-` and `x`."
#[test]
fn parse_move_reads_colon_and_dash_captures_but_one_separator_per_text() {
    let p = pos("B:W10,19,32:B6");
    let full = "6x15x24";
    for text in ["6:15:24", "6:24", "6-15-24", "6-24", "6x15x24", "6X24"] {
        assert_eq!(
            p.parse_move(text, KingMoves::Short).unwrap().to_string(),
            full,
            "{text}"
        );
    }
    for text in ["6x15-24", "6:15x24", "6-15:24"] {
        assert!(
            matches!(
                p.parse_move(text, KingMoves::Short),
                Err(MoveTextError::Syntax(_))
            ),
            "{text}"
        );
    }
    assert!("6:15".parse::<Move>().is_err());
    // The page's `10-17 21-14`.
    let games = read_games("[FEN \"B:W14,21,30:B10,1\"]\n1. 10-17 21-14 *").unwrap();
    let texts: Vec<String> = games[0].moves().iter().map(ToString::to_string).collect();
    assert_eq!(texts, ["10x17", "21x14"]);
}

/// "Bad text, an illegal move or a move by the side not to move is a typed `MoveTextError`,
/// never a panic."
#[test]
fn parse_move_errors_are_typed() {
    let p = Position::start();
    assert!(matches!(
        p.parse_move("eleven", KingMoves::Short),
        Err(MoveTextError::Syntax(_))
    ));
    assert!(matches!(
        p.parse_move("11", KingMoves::Short),
        Err(MoveTextError::Syntax(_))
    ));
    assert!(matches!(
        p.parse_move("33-29", KingMoves::Short),
        Err(MoveTextError::Square(SquareError::OutOfRange(33)))
    ));
    assert!(matches!(
        p.parse_move("12-17", KingMoves::Short),
        Err(MoveTextError::Illegal { .. })
    ));
    assert_eq!(
        p.parse_move("22-18", KingMoves::Short),
        Err(MoveTextError::WrongSide {
            square: sq(22),
            turn: Color::Black
        })
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// "never a panic": arbitrary text into `parse_move`, `Move::from_str`, the FEN reader
    /// and the PDN reader.
    #[test]
    fn notation_parsers_never_panic(text in "[-0-9xX: .,BWK\"*\\[\\]{}()]{0,24}") {
        let _ = Position::start().parse_move(&text, KingMoves::Short);
        let _ = Position::start().parse_move(&text, KingMoves::Flying);
        let _ = text.parse::<Move>();
        let _ = text.parse::<Position>();
        let _ = read_games(&text);
    }

    /// "Serde and hostile input": "everything accepted writes back to a text that reads back
    /// to the same value": FEN-like text, and move text against the positions it names.
    #[test]
    fn accepted_text_writes_back_to_the_same_value(
        fen in "[BW] ?: ?[BW](K?[0-9]{1,2}(-[0-9]{1,2})?,){0,4}: ?[BW](K?[0-9]{1,2},){0,4}",
        mv in "[0-9]{1,2}([-x:][0-9]{1,2}){1,3}",
    ) {
        if let Ok(p) = fen.parse::<Position>() {
            proptest::prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p));
            for kings in [KingMoves::Short, KingMoves::Flying] {
                if let Ok(m) = p.parse_move(&mv, kings) {
                    let text = p.move_text(&m, kings);
                    proptest::prop_assert_eq!(p.parse_move(&text, kings), Ok(m));
                    proptest::prop_assert_eq!(p.parse_move(&m.to_string(), kings), Ok(m));
                }
            }
            let mut game = PdnGame::new(p, KingMoves::Short);
            let mut all = Vec::new();
            p.legal_moves(KingMoves::Short, &mut all);
            if let Some(&first) = all.first() {
                game.push_move(first).unwrap();
            }
            proptest::prop_assert_eq!(game.to_string().parse::<PdnGame>(), Ok(game));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// "Notation": PDN games
// ---------------------------------------------------------------------------------------------

/// "`PdnReader::new(reader)` reads games one at a time from any `std::io::BufRead` ... an
/// iterator of `Result<PdnGame, PdnError>`. It reads tag pairs (`[Event "x"]`, also
/// `[Event"x"]`)".
#[test]
fn pdn_reader_reads_games_from_any_bufread_and_tags_without_a_space() {
    let text = "[Event\"x\"]\n[Site \"y\"]\n1. 11-15 23-19 *\n\n[Event \"z\"]\n1. 9-13 0-1\n";
    let games: Vec<_> = PdnReader::new(BufReader::new(text.as_bytes()))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("Event"), Some("x"));
    assert_eq!(games[0].tag("Site"), Some("y"));
    assert_eq!(games[1].tag("Event"), Some("z"));
    assert_eq!(games[1].result(), GameResult::BlackWins);
}

/// "numbered movetext (`1.`, `1...`, and the PDN 3.0 reading grammar's ellipsis in `1. ...
/// 22-18`)", and (intro) "reads moves whatever their numbers".
#[test]
fn pdn_reads_move_numbers_ellipses_and_any_numbering() {
    let white_first = "[FEN \"W:W21-32:B1-12\"]\n";
    for movetext in [
        "1. ... 22-18 2. 11-15 *",
        "1... 22-18 2. 11-15 *",
        "1. ...22-18 2. 11-15 *",
    ] {
        let games = read_games(&format!("{white_first}{movetext}")).unwrap();
        assert_eq!(games[0].moves().len(), 2, "{movetext}");
    }
    // pydraughts's numbering (as if White moved first) reads too.
    let games = read_games("1... 11-15 2. 23-19 8-11 *").unwrap();
    let texts: Vec<String> = games[0].moves().iter().map(ToString::to_string).collect();
    assert_eq!(texts, ["11-15", "23-19", "8-11"]);
}

/// Intro: pydraughts "numbers English movetext as if White moved first (`1... 11-15 2. 23-19
/// 8-11` from the start position)" and writes its `FEN` lists unsorted; this crate "reads
/// moves whatever their numbers, so it reads pydraughts's games". The text is what
/// pydraughts 0.6.7's `PDNWriter` wrote for those three moves.
#[test]
fn pdn_reads_a_game_as_pydraughts_writes_it() {
    let text = "[GameType \"21,B,8,8,N1,0\"]\n[FEN \"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,10,11,12,2,3,4,5,6,7,8,9\"]\n\n1... 11-15 2. 23-19 8-11 *\n";
    let g = &read_games(text).unwrap()[0];
    assert_eq!(*g.start(), Position::start());
    let texts: Vec<String> = g.moves().iter().map(ToString::to_string).collect();
    assert_eq!(texts, ["11-15", "23-19", "8-11"]);
}

/// "comments `{...}` (kept, with the ply they follow), variations `(...)`, `;` comments, `%`
/// escape lines, NAGs `$n` and strength marks joined to a move (`!`, `?`, and `*` ...;
/// skipped)".
#[test]
fn pdn_reads_comments_variations_escapes_nags_and_marks() {
    let text = "% an escape line 1-0\n[Event \"x\"]\n1. 11-15! {first} (1. 9-13 22-18) 23-19? $2 ; a line comment 1-0\n2. 8-11* {second} *\n";
    let games = read_games(text).unwrap();
    let g = &games[0];
    let texts: Vec<String> = g.moves().iter().map(ToString::to_string).collect();
    assert_eq!(texts, ["11-15", "23-19", "8-11"]);
    assert_eq!(
        g.comments(),
        &[(1, "first".to_string()), (3, "second".to_string())]
    );
    assert_eq!(g.result(), GameResult::Unfinished);
}

/// "a `FEN` tag for a set-up position ... `GameType` must be 21 (English draughts) when
/// present."
#[test]
fn pdn_fen_tag_and_game_type() {
    let g = &read_games("[SetUp \"1\"]\n[FEN \"W:W18:B14,1\"]\n1. 18x9 *").unwrap()[0];
    assert_eq!(*g.start(), pos("W:W18:B14,1"));
    assert_eq!(g.final_position(), pos("B:W9:B1"));
    assert!(read_games("[GameType \"21\"]\n1. 11-15 *").is_ok());
    assert!(read_games("[GameType \"21,B,8,8,N1,0\"]\n1. 11-15 *").is_ok());
    let e = read_games("[GameType \"20\"]\n1. 11-15 *").unwrap_err();
    assert!(matches!(e.kind, PdnErrorKind::UnsupportedGameType(_)));
    let e = read_games("[FEN \"B:W33:B1\"]\n1. 1-5 *").unwrap_err();
    assert!(matches!(
        e.kind,
        PdnErrorKind::Fen(FenError::SquareOutOfRange(33))
    ));
}

/// "Every move is checked for legality (`with_king_moves` for flying kings)."
#[test]
fn pdn_checks_every_move_with_the_readers_king_moves() {
    let text = "[FEN \"B:W18:BK29\"]\n1. 29x4 0-1";
    assert!(read_games(text).is_err());
    let g = &read_games_with(text, KingMoves::Flying).unwrap()[0];
    assert_eq!(g.king_moves(), KingMoves::Flying);
    let via_reader: Vec<_> = PdnReader::new(text.as_bytes())
        .with_king_moves(KingMoves::Flying)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(via_reader[0], *g);
    let e = read_games("1. 11-15 11-15 *").unwrap_err();
    assert!(matches!(e.kind, PdnErrorKind::Move { ply: 2, .. }));
}

/// "A UTF-8 byte-order mark ... is skipped at the start and before any token, so files
/// concatenated into one read as one."
#[test]
fn pdn_skips_byte_order_marks_of_concatenated_files() {
    let text =
        "\u{feff}[Event \"a\"]\n1. 11-15 *\n\u{feff}[Event \"b\"]\n1. 9-13 *\n\u{feff}1. 10-14 *\n";
    let games = read_games(text).unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!(games[1].tag("Event"), Some("b"));
    assert_eq!(games[2].moves()[0].to_string(), "10-14");
}

/// "A tag value or comment that is not UTF-8 reads as Windows-1252 ...; only a movetext word
/// that is not UTF-8 is an error (`PdnErrorKind::InvalidUtf8`)."
#[test]
fn pdn_reads_latin_text_as_windows_1252_but_not_in_movetext() {
    let bytes = b"[Event \"Caf\xe9\"]\n1. 11-15 {d\xe9but \x80} *\n";
    let games: Vec<_> = PdnReader::new(&bytes[..])
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(games[0].tag("Event"), Some("Caf\u{e9}"));
    assert_eq!(games[0].comments()[0].1, "d\u{e9}but \u{20ac}");
    let bad = b"1. 11-15\xe9 *\n";
    let e = PdnReader::new(&bad[..]).next().unwrap().unwrap_err();
    assert_eq!(e.kind, PdnErrorKind::InvalidUtf8);
}

/// "A file in UTF-16 (it starts with its byte-order mark ...; or it has none but starts with
/// two characters from U+0001 to U+00FF, as `iconv -t UTF-16LE` writes) is read as its text."
#[test]
fn pdn_reads_utf16_files() {
    let text = "[Event \"\u{e9}t\u{e9}\"]\n1. 11-15 23-19 1-0\n";
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let with_bom = |bom: [u8; 2], body: &[u8]| {
        let mut v = bom.to_vec();
        v.extend_from_slice(body);
        v
    };
    for bytes in [
        with_bom([0xFF, 0xFE], &le),
        with_bom([0xFE, 0xFF], &be),
        le,
        be,
    ] {
        let games: Vec<_> = PdnReader::new(&bytes[..])
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tag("Event"), Some("\u{e9}t\u{e9}"));
        assert_eq!(games[0].moves().len(), 2);
        assert_eq!(games[0].result(), GameResult::WhiteWins);
    }
}

/// "A bad game is an `Err` naming the game (1-based, counting bad ones) and the line of the
/// problem (a line ends at `\n`, `\r\n` or a `\r` alone), and the reader goes on with the
/// next game".
#[test]
fn pdn_bad_game_names_game_and_line_and_reading_goes_on() {
    for nl in ["\n", "\r\n", "\r"] {
        let text = format!(
            "1. 11-15 *{nl}{nl}1. 11-15{nl}11-15 *{nl}{nl}[Event \"c\"]{nl}1. 9-13 0-1{nl}"
        );
        let items: Vec<_> = PdnReader::new(text.as_bytes()).collect();
        assert_eq!(items.len(), 3, "{nl:?}");
        assert!(items[0].is_ok());
        let e = items[1].as_ref().unwrap_err();
        assert_eq!((e.game, e.line), (2, 4), "{nl:?}");
        assert_eq!(items[2].as_ref().unwrap().tag("Event"), Some("c"));
    }
}

/// "A tag pair is one line: a `[` whose `]` is not on its line is a bad tag, and cannot
/// swallow the games after it."
#[test]
fn pdn_a_tag_pair_is_one_line() {
    let text = "[Event \"a\n1. 11-15 *\n\n[Event \"b\"]\n1. 9-13 *\n";
    let items: Vec<_> = PdnReader::new(text.as_bytes()).collect();
    assert!(matches!(
        items[0].as_ref().unwrap_err().kind,
        PdnErrorKind::BadTag(_)
    ));
    assert_eq!(
        items.last().unwrap().as_ref().unwrap().tag("Event"),
        Some("b")
    );
}

/// "An unclosed `{` or `(` ends where a line starting with a tag pair ... follows a blank line
/// (the next game's tags), or at the end of the input, and that game is reported".
#[test]
fn pdn_an_unclosed_comment_or_variation_ends_at_the_next_games_tags() {
    for (open, kind) in [
        ("{oops", PdnErrorKind::UnterminatedComment),
        ("(2. 9-13", PdnErrorKind::UnterminatedVariation),
    ] {
        let text = format!("[Event \"a\"]\n1. 11-15 {open}\n\n[Event \"b\"]\n1. 9-13 *\n");
        let items: Vec<_> = PdnReader::new(text.as_bytes()).collect();
        assert_eq!(items.len(), 2, "{open}");
        assert_eq!(items[0].as_ref().unwrap_err().kind, kind);
        assert_eq!(items[1].as_ref().unwrap().tag("Event"), Some("b"));
        let cut = format!("1. 11-15 {open}");
        assert_eq!(read_games(&cut).unwrap_err().kind, kind);
    }
}

/// "if a line starting with `[` and a capital letter followed a blank line in it before that
/// (a next game whose first tag pair is malformed, `[Event x]`), it ends there instead and
/// that line is read as the next game's."
#[test]
fn pdn_an_unclosed_comment_ends_at_a_malformed_first_tag() {
    let text =
        "[Event \"a\"]\n1. 11-15 {oops\n\n[Event x]\n1. 9-13 *\n\n[Event \"c\"]\n1. 10-14 *\n";
    let items: Vec<_> = PdnReader::new(text.as_bytes()).collect();
    assert_eq!(items.len(), 3, "{items:?}");
    let e0 = items[0].as_ref().unwrap_err();
    assert_eq!(
        (e0.game, e0.kind.clone()),
        (1, PdnErrorKind::UnterminatedComment)
    );
    let e1 = items[1].as_ref().unwrap_err();
    assert_eq!((e1.game, e1.line), (2, 4));
    assert!(matches!(e1.kind, PdnErrorKind::BadTag(_)));
    assert_eq!(items[2].as_ref().unwrap().tag("Event"), Some("c"));
}

/// "A tag pair after a blank line that names the game's first tag again, well-formed or not,
/// begins a new game."
#[test]
fn pdn_a_repeated_first_tag_after_a_blank_line_begins_a_new_game() {
    for second in ["[Event \"b\"]", "[Event b]"] {
        let text = format!(
            "[Event \"a\"]\n[Site \"s\"]\n\n{second}\n1. 9-13 *\n\n[Event \"c\"]\n1. 9-13 *\n"
        );
        let items: Vec<_> = PdnReader::new(text.as_bytes()).collect();
        assert_eq!(items.len(), 3, "{second}: {items:?}");
        let first = items[0].as_ref().unwrap_err();
        assert_eq!(first.game, 1);
        assert!(matches!(first.kind, PdnErrorKind::UnterminatedGame(_)));
        assert_eq!(
            items[1].as_ref().map(|g| g.tag("Event")).ok(),
            if second.contains('"') {
                Some(Some("b"))
            } else {
                None
            }
        );
        assert_eq!(items[2].as_ref().unwrap().tag("Event"), Some("c"));
    }
}

/// "A game that ends without its result token ..., at the end of the input ... or at the next
/// game's tags, is `PdnErrorKind::UnterminatedGame`, with the game's first line ... The error
/// holds the game as read (its result from its `Result` tag, else `*` ...), and
/// `PdnError::ignore_unterminated` takes it".
#[test]
fn pdn_a_game_without_result_token_is_unterminated_and_can_be_taken() {
    let e = "\n\n[Event \"cut\"]\n[Result \"1-0\"]\n1. 11-15 23-19 2. 8-11"
        .parse::<PdnGame>()
        .unwrap_err();
    assert_eq!(e.line, 3);
    assert!(matches!(e.kind, PdnErrorKind::UnterminatedGame(_)));
    let g = e.ignore_unterminated().unwrap();
    assert_eq!(g.moves().len(), 3);
    assert_eq!(g.result(), GameResult::WhiteWins);
    let g = read_games("1. 11-15")
        .unwrap_err()
        .ignore_unterminated()
        .unwrap();
    assert_eq!(g.result(), GameResult::Unfinished);
    // At the next game's tags.
    let items: Vec<_> =
        PdnReader::new("1. 11-15 23-19\n[Event \"b\"]\n1. 9-13 *\n".as_bytes()).collect();
    assert!(matches!(
        items[0].as_ref().unwrap_err().kind,
        PdnErrorKind::UnterminatedGame(_)
    ));
    assert_eq!(items[1].as_ref().unwrap().tag("Event"), Some("b"));
    // Another error is given back as it is.
    let other = read_games("1. 11-15 11-15 *").unwrap_err();
    assert_eq!(other.clone().ignore_unterminated(), Err(other));
}

/// "a cut that leaves no legal move, `9x18` of `9x18x27`, is the `Move` error": a capture
/// cut short is not a move (A5), so the game is not taken as an unterminated one.
#[test]
fn pdn_a_game_cut_inside_its_last_capture_is_a_move_error() {
    // 9x18x27 is Black's only move; the file ends after `9x18`.
    let fen = "[FEN \"B:W14,23,30:B9,1\"]\n";
    assert!(read_games(&format!("{fen}1. 9x18x27 *")).is_ok());
    let e = read_games(&format!("{fen}1. 9x18")).unwrap_err();
    assert!(
        matches!(e.kind, PdnErrorKind::Move { ply: 1, .. }),
        "{:?}",
        e.kind
    );
}

/// "A file cut anywhere else gives the error of what was cut (`BadTag`,
/// `UnterminatedComment`, `UnterminatedVariation`, `Move` for `8-`, `Unexpected` for `1` of
/// `1-0`)."
#[test]
fn pdn_a_cut_file_gives_the_error_of_what_was_cut() {
    let kind = |t: &str| read_games(t).unwrap_err().kind;
    assert!(matches!(kind("[Event \"x"), PdnErrorKind::BadTag(_)));
    assert_eq!(kind("1. 11-15 {x"), PdnErrorKind::UnterminatedComment);
    assert_eq!(kind("1. 11-15 (x"), PdnErrorKind::UnterminatedVariation);
    assert!(matches!(
        kind("1. 11-15 23-19 2. 8-"),
        PdnErrorKind::Move { ply: 3, .. }
    ));
    assert!(matches!(
        kind("1. 11-15 23-19 1"),
        PdnErrorKind::Unexpected(_)
    ));
}

/// "A game of more than `MAX_PDN_GAME_BYTES` (16 MiB) or `MAX_PDN_GAME_TOKENS` (1,048,576
/// tokens), or a single tag, comment or word longer than 16 MiB, is
/// `PdnErrorKind::GameTooLong`, read to its end without keeping its text".
#[test]
fn pdn_a_game_too_long_is_refused_and_the_next_one_read() {
    assert_eq!(MAX_PDN_GAME_BYTES, 16 * 1024 * 1024);
    assert_eq!(MAX_PDN_GAME_TOKENS, 1_048_576);
    let mut text = b"1. 11-15 {".to_vec();
    text.resize(text.len() + MAX_PDN_GAME_BYTES + 10, b'a');
    text.extend_from_slice(b"} *\n\n[Event \"next\"]\n1. 9-13 *\n");
    let items: Vec<_> = PdnReader::new(&text[..]).collect();
    assert_eq!(items.len(), 2);
    assert_eq!(
        items[0].as_ref().unwrap_err().kind,
        PdnErrorKind::GameTooLong
    );
    assert_eq!(items[1].as_ref().unwrap().tag("Event"), Some("next"));
}

/// "`read_games(text)` and `read_games_with(text, kings)` read a text in memory and stop at
/// the first bad game. `PdnGame: FromStr` reads exactly one game."
#[test]
fn pdn_read_games_stops_at_the_first_bad_game_and_fromstr_reads_one() {
    let e = read_games("1. 11-15 *\n\n1. 22-18 *\n\n1. 9-13 *").unwrap_err();
    assert_eq!(e.game, 2);
    assert!("1. 11-15 *".parse::<PdnGame>().is_ok());
    assert_eq!(
        "".parse::<PdnGame>().unwrap_err().kind,
        PdnErrorKind::NoGame
    );
    assert_eq!(
        "1. 11-15 *\n\n1. 9-13 *"
            .parse::<PdnGame>()
            .unwrap_err()
            .kind,
        PdnErrorKind::ExtraGame
    );
}

/// "`PdnGame`'s `Display` writes a game back (tags in order, duplicates kept, numbered
/// movetext in lines under 80 characters, short capture forms where unambiguous under the
/// game's king rule, comments, result); reading it back gives the same game."
#[test]
fn pdn_display_writes_a_game_that_reads_back() {
    let text = "[Event \"e\"]\n[Site \"s\"]\n[Event \"dup\"]\n[FEN \"B:W10,19,32,21:B6,1\"]\n1. 6x15x24 {taken} 21-17 2. 1-5 *";
    let g: PdnGame = text.parse().unwrap();
    let out = g.to_string();
    let keys: Vec<&str> = g.tags().iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["Event", "Site", "Event", "FEN"]);
    assert!(out.starts_with("[Event \"e\"]\n[Site \"s\"]\n[Event \"dup\"]\n[FEN "));
    assert!(out.contains("1. 6x24 {taken} 1... 21-17 2. 1-5 *"), "{out}");
    assert_eq!(out.parse::<PdnGame>().unwrap(), g);
    // A long game: lines under 80 characters.
    let game = draughts(Rules::wcdf().with_auto_adjudicate(true));
    let mut s = game.new_initial_state();
    let mut pdn = PdnGame::new(Position::start(), KingMoves::Short);
    let mut rng = GameRng::new(11, 0);
    let mut buf = Vec::new();
    while random_playout_capped(&game, &mut s, &mut rng, &mut buf, 1) == 1 {
        pdn.push_move(*s.last_move().unwrap()).unwrap();
    }
    assert!(pdn.moves().len() > 20);
    let out = pdn.to_string();
    assert!(out.lines().all(|l| l.len() < 80), "{out}");
    assert_eq!(out.parse::<PdnGame>().unwrap(), pdn);
}

/// Intro: "This crate numbers by the PDN convention for English draughts (Black's move opens
/// each number)."
#[test]
fn pdn_black_opens_each_move_number() {
    let g: PdnGame = "1. 11-15 23-19 2. 8-11 *".parse().unwrap();
    assert!(g.to_string().contains("\n1. 11-15 23-19 2. 8-11 *"), "{g}");
    // A set-up with White to move starts with `1...`.
    let w: PdnGame = "[FEN \"W:W21-32:B1-12\"]\n1... 22-18 2. 11-15 *"
        .parse()
        .unwrap();
    assert!(w.to_string().contains("1... 22-18 2. 11-15 *"), "{w}");
}

/// "A `PdnGame` is built with `PdnGame::new(start, kings)` and `push_move` (which checks the
/// move), `push_comment` (stored as it will read back: trimmed, a `}` becomes `)`, blank lines
/// are dropped and line breaks become `\n` ...), `set_result` and `set_tag` (a key is ... an
/// ASCII capital letter and then letters, digits and `_`; a value has no line break; `FEN`
/// and `GameType` are set by `new`)."
#[test]
fn pdn_game_builder() {
    let mut g = PdnGame::new(pos("B:W10,19,32:B6"), KingMoves::Short);
    assert_eq!(g.tag("GameType"), Some("21"));
    assert_eq!(g.tag("FEN"), Some("B:W10,19,32:B6"));
    assert_eq!(
        PdnGame::new(Position::start(), KingMoves::Short).tag("FEN"),
        None
    );
    assert!(g.push_move("6x15".parse().unwrap()).is_err());
    assert!(g.moves().is_empty());
    g.push_move("6x15x24".parse().unwrap()).unwrap();
    g.push_comment("  a }\r\n\n  \nb  ");
    assert_eq!(g.comments(), &[(1, "a )\nb".to_string())]);
    g.set_result(GameResult::Draw);
    assert_eq!(
        (g.result(), g.tag("Result")),
        (GameResult::Draw, Some("1/2-1/2"))
    );
    assert_eq!(
        g.set_tag("FEN", "B:W1:B2"),
        Err(TagError::Reserved("FEN".into()))
    );
    assert_eq!(
        g.set_tag("GameType", "20"),
        Err(TagError::Reserved("GameType".into()))
    );
    assert!(matches!(g.set_tag("event", "x"), Err(TagError::BadKey(_))));
    assert!(matches!(g.set_tag("1Event", "x"), Err(TagError::BadKey(_))));
    assert!(matches!(g.set_tag("Ev-ent", "x"), Err(TagError::BadKey(_))));
    assert_eq!(g.set_tag("Event", "a\rb"), Err(TagError::LineBreak));
    g.set_tag("Black_Player2", "x").unwrap();
    assert_eq!(g.to_string().parse::<PdnGame>().unwrap(), g);
}

/// "Results": "The movetext's termination token is the game's result; the `Result` tag is
/// used when the movetext has none (the PDN standard's own checkers example has `[Result
/// "1/2-1/2"]` and ends with `*`; both are kept)."
#[test]
fn pdn_termination_token_is_the_result_and_the_tag_is_kept() {
    let g = &read_games("[Result \"1/2-1/2\"]\n1. 11-15 *").unwrap()[0];
    assert_eq!(g.result(), GameResult::Unfinished);
    assert_eq!(g.tag("Result"), Some("1/2-1/2"));
    assert_eq!(g.to_string().parse::<PdnGame>().unwrap(), *g);
    let g = &read_games("[Result \"1-0\"]\n1. 11-15 0-0").unwrap()[0];
    assert_eq!(g.result(), GameResult::DoubleForfeit);
}

/// "PDN read, written and read again gives the same games (duplicate tags kept, comment
/// spaces kept, escapes in tag values)" ("Serde and hostile input").
#[test]
fn pdn_round_trip_keeps_escapes_and_comment_spaces() {
    let text = "[Event \"a \\\"quoted\\\" back\\\\slash\"]\n[Event \"b\"]\n1. 11-15 {two  spaces   here} 23-19 *";
    let g: PdnGame = text.parse().unwrap();
    assert_eq!(g.tag("Event"), Some("a \"quoted\" back\\slash"));
    assert_eq!(g.tags().len(), 2);
    assert_eq!(g.comments()[0].1, "two  spaces   here");
    assert_eq!(g.to_string().parse::<PdnGame>().unwrap(), g);
}

/// "numbered movetext in lines under 80 characters": a comment longer than a line cannot be
/// broken without changing it; it stands on a line of its own, and every other line stays
/// under 80 characters.
#[test]
fn pdn_a_comment_longer_than_a_line_stands_on_its_own_line() {
    let mut g = PdnGame::new(Position::start(), KingMoves::Short);
    for text in ["11-15", "23-19", "8-11"] {
        let mv = g
            .final_position()
            .parse_move(text, KingMoves::Short)
            .unwrap();
        g.push_move(mv).unwrap();
    }
    let long = "word ".repeat(30);
    g.push_comment(&long);
    let mv = g
        .final_position()
        .parse_move("22-17", KingMoves::Short)
        .unwrap();
    g.push_move(mv).unwrap();
    let out = g.to_string();
    let comment = format!("{{{}}}", long.trim());
    let movetext: Vec<&str> = out.lines().filter(|l| !l.starts_with('[')).collect();
    assert!(movetext.contains(&comment.as_str()), "{out}");
    for line in movetext {
        assert!(line.len() < 80 || line == comment, "{line:?}");
    }
    assert_eq!(out.parse::<PdnGame>().unwrap(), g);
}

/// "it skips to the bad game's result token, or to the next tag pair after its movetext, or
/// after a blank line that follows a game cut off in its tags"; "Any two broken games in a
/// row each give their own error and leave the rest read as if they were absent".
#[test]
fn pdn_the_reader_resumes_after_bad_games() {
    // A bad tag, then a blank line and the next game's tags.
    let text = "[Event \"a\"]\n[Site x]\n\n[Event \"b\"]\n1. 9-13 *\n";
    let items: Vec<_> = PdnReader::new(text.as_bytes()).collect();
    assert_eq!(items.len(), 2, "{items:?}");
    assert!(matches!(
        items[0].as_ref().unwrap_err().kind,
        PdnErrorKind::BadTag(_)
    ));
    assert_eq!(items[1].as_ref().unwrap().tag("Event"), Some("b"));
    // A bad move, skipped up to the next tag pair after the movetext (no result token).
    let text = "1. 22-18 23-19\n[Event \"b\"]\n1. 9-13 *\n";
    let items: Vec<_> = PdnReader::new(text.as_bytes()).collect();
    assert_eq!(items.len(), 2, "{items:?}");
    assert_eq!(items[1].as_ref().unwrap().tag("Event"), Some("b"));
    // Two bad games in a row.
    let text = "1. 22-18 *\n\n1. 11-15 11-15 *\n\n[Event \"c\"]\n1. 9-13 *\n";
    let items: Vec<_> = PdnReader::new(text.as_bytes()).collect();
    assert_eq!(items.len(), 3, "{items:?}");
    assert_eq!(items[0].as_ref().unwrap_err().game, 1);
    assert_eq!(items[1].as_ref().unwrap_err().game, 2);
    assert_eq!(items[2].as_ref().unwrap().tag("Event"), Some("c"));
}

/// "A UTF-8 byte-order mark ... is skipped at the start and before any token": also before
/// a `%` escape line or a `;` comment at the start of a file.
#[test]
fn pdn_a_byte_order_mark_before_an_escape_line_or_comment() {
    for head in [
        "% from a checkers program\n",
        "; a comment line\n",
        "{a comment} ",
    ] {
        let text = format!("\u{feff}{head}[Event \"x\"]\n1. 11-15 *\n");
        let games = read_games(&text).unwrap_or_else(|e| panic!("{head:?}: {e}"));
        assert_eq!(games.len(), 1, "{head:?}");
        assert_eq!(games[0].tag("Event"), Some("x"));
    }
}

/// Regression (docs audit, 6 Dec 2026): a byte-order mark before a `%` escape line (a file
/// whose first line is an escape, written by a Windows tool, or such a file concatenated
/// after another) made the `%` a word of movetext: the game was refused as `Unexpected("%")`
/// and the escape line's text read as moves. The mark is now skipped there too.
#[test]
fn regression_a_byte_order_mark_before_a_percent_escape_line_made_it_movetext() {
    let text = "\u{feff}%PDN 3.0 1-0\n[Event \"a\"]\n1. 11-15 *\n\u{feff}% next file\n[Event \"b\"]\n1. 9-13 *\n";
    for capacity in [1, 2, 8192] {
        let games: Vec<_> = PdnReader::new(BufReader::with_capacity(capacity, text.as_bytes()))
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("capacity {capacity}: {e}"));
        let events: Vec<_> = games.iter().map(|g| g.tag("Event")).collect();
        assert_eq!(events, [Some("a"), Some("b")], "capacity {capacity}");
        assert_eq!(games[0].result(), GameResult::Unfinished);
    }
}

/// "Results": "The points forms `2-0`, `0-2`, `1-1` are read too", also as the movetext's
/// termination token.
#[test]
fn pdn_points_forms_end_a_game() {
    for (token, want) in [
        ("2-0", GameResult::WhiteWins),
        ("0-2", GameResult::BlackWins),
        ("1-1", GameResult::Draw),
        ("0-0", GameResult::DoubleForfeit),
    ] {
        let g = &read_games(&format!("1. 11-15 23-19 {token}\n\n1. 9-13 *")).unwrap()[0];
        assert_eq!(g.result(), want, "{token}");
        assert_eq!(g.moves().len(), 2);
    }
}

/// "`PdnGame`'s `Display` writes a game back (... short capture forms where unambiguous under
/// the game's king rule ...); reading it back gives the same game": with flying kings too,
/// read back under the same king rule.
#[test]
fn pdn_a_flying_kings_game_writes_and_reads_back() {
    let text = "[FEN \"B:W6,26,30:BK2,1\"]\n1. 2x13x31 30-26 2. 31x17 *";
    let g = &read_games_with(text, KingMoves::Flying).unwrap()[0];
    let out = g.to_string();
    let back = read_games_with(&out, KingMoves::Flying).unwrap();
    assert_eq!(back[0], *g, "{out}");
}

/// "An I/O error is reported once and ends the iteration."
#[test]
fn pdn_an_io_error_is_reported_once_and_ends_the_iteration() {
    /// A source whose every read fails, put after a game and a half.
    struct Failing;
    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let source = b"1. 11-15 *\n\n1. 9-13 ".chain(Failing);
    let mut reader = PdnReader::new(BufReader::new(source));
    assert!(reader.next().unwrap().is_ok());
    let e = reader.next().unwrap().unwrap_err();
    assert!(matches!(e.kind, PdnErrorKind::Io { .. }), "{e:?}");
    assert!(reader.next().is_none());
    assert!(reader.next().is_none());
}

/// `PdnGame::new` "a game from `start` with no moves yet": the standard tags set to unknown,
/// `GameType` 21, and `SetUp` / `FEN` when `start` is not the start position.
#[test]
fn pdn_game_new_sets_the_standard_tags() {
    let g = PdnGame::new(Position::start(), KingMoves::Short);
    let tags: Vec<(&str, &str)> = g
        .tags()
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        tags,
        [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "?"),
            ("Black", "?"),
            ("White", "?"),
            ("Result", "*"),
            ("GameType", "21")
        ]
    );
    let set_up = PdnGame::new(pos("W:W18:B14,1"), KingMoves::Short);
    assert_eq!(set_up.tag("SetUp"), Some("1"));
    assert_eq!(set_up.tag("FEN"), Some("W:W18:B1,14"));
}

/// "the last move may itself be cut" where the cut text is still a legal move: a king's
/// `6-1` of `6-10`.
#[test]
fn pdn_a_game_cut_to_a_legal_shorter_move_is_unterminated() {
    let fen = "[FEN \"B:W30:BK6\"]\n";
    let full = read_games(&format!("{fen}1. 6-10 *")).unwrap();
    assert_eq!(full[0].moves()[0].to_string(), "6-10");
    let g = read_games(&format!("{fen}1. 6-1"))
        .unwrap_err()
        .ignore_unterminated()
        .unwrap();
    assert_eq!(g.moves()[0].to_string(), "6-1");
}

// ---------------------------------------------------------------------------------------------
// "Pictures"
// ---------------------------------------------------------------------------------------------

/// "`svg::render(&position, &svg::Options)` draws the board, men as discs, kings as two
/// stacked discs with a crown (shapes: no font is needed except for the square numbers,
/// which `with_numbers(false)` leaves out) ... `with_size(px)` sets the size."
#[test]
fn svg_draws_men_kings_and_numbers() {
    let p = pos("B:W21,K5:B1,K30");
    let picture = svg::render(&p, &svg::Options::default());
    assert!(picture.starts_with("<svg"));
    for (class, count) in [
        ("man black", 1),
        ("man white", 1),
        ("king black", 1),
        ("king white", 1),
        ("crown", 2),
    ] {
        let drawn = picture.matches(&format!("class=\"{class}\"")).count();
        assert_eq!(drawn, count, "{class}");
    }
    assert_eq!(
        picture.matches("<circle").count(),
        2 * 2 + 2 * 2 * 2,
        "a king is two discs"
    );
    assert_eq!(picture.matches("<text").count(), 32);
    let bare = svg::render(
        &p,
        &svg::Options::default().with_numbers(false).with_size(240),
    );
    assert!(!bare.contains("<text"));
    assert!(bare.contains("width=\"240\"") && bare.contains("height=\"240\""));
}

/// "optionally the last move's path with the captured squares crossed (`with_last_move`);
/// `with_flipped(true)` puts Black at the bottom".
#[test]
fn svg_last_move_and_flipped() {
    let before = pos("B:W10,19,32:B6");
    let mv = before.parse_move("6x24", KingMoves::Short).unwrap();
    let mut after = before;
    after.play(&mv, KingMoves::Short).unwrap();
    let picture = svg::render(&after, &svg::Options::default().with_last_move(Some(mv)));
    assert_eq!(picture.matches("class=\"taken\"").count(), 2);
    assert_eq!(picture.matches("<polyline").count(), 1);
    // Where the black men's discs stand: the top half unflipped, the bottom half flipped.
    let black_rows = |picture: &str| -> Vec<i32> {
        picture
            .split("class=\"man black\"><circle ")
            .skip(1)
            .map(|rest| {
                let cy = rest.split("cy=\"").nth(1).unwrap();
                cy[..cy.find('"').unwrap()].parse().unwrap()
            })
            .collect()
    };
    let start = Position::start();
    let normal = black_rows(&svg::render(&start, &svg::Options::default()));
    let flipped = black_rows(&svg::render(
        &start,
        &svg::Options::default().with_flipped(true),
    ));
    assert_eq!((normal.len(), flipped.len()), (12, 12));
    assert!(normal.iter().all(|&y| y < 200), "{normal:?}");
    assert!(flipped.iter().all(|&y| y > 200), "{flipped:?}");
}

// ---------------------------------------------------------------------------------------------
// "Learning encodings"
// ---------------------------------------------------------------------------------------------

/// "Observation: shape `[135]`" ... "a buffer of another length is refused
/// (`BufferSizeError`) and left unchanged. Draughts has no chance outcomes."
#[test]
fn learning_shape_buffers_and_no_chance() {
    let game = Draughts::default();
    let s = game.new_initial_state();
    assert_eq!(game.observation_shape().dims(), &[135usize][..]);
    assert_eq!(game.num_distinct_actions(), 8194);
    let mut short = vec![7.0f32; 134];
    assert!(game.observe(&s, Seat::new(0), &mut short).is_err());
    assert!(short.iter().all(|&v| v == 7.0));
    let mut mask = vec![true; 8193];
    assert!(game.legal_mask(&s, &mut mask).is_err());
    assert!(mask.iter().all(|&b| b));
    let mut chance = Vec::new();
    game.chance_outcomes(&s, &mut chance);
    assert!(chance.is_empty());
    assert_eq!(game.sample_chance(&s, &mut GameRng::new(0, 0)), None);
}

/// "Seen from a side": index = PDN number - 1 for White, `31 - i` for Black, so "the start
/// looks the same to both seats"; "Seat 0 is Black (D3); any other seat number observes as
/// White"; fields 128-134 as the table says.
#[test]
fn learning_observation_fields() {
    let game = Draughts::default();
    let s = game.state_from(pos("B:W21,K28:B1,K12"));
    let obs = |seat: u8| {
        let mut v = vec![0.0f32; 135];
        game.observe(&s, Seat::new(seat), &mut v).unwrap();
        v
    };
    let (black, white) = (obs(0), obs(1));
    // White: its man on 21 (index 20), king on 28 (27); Black's man on 1 (0), king on 12 (11).
    let ones = |v: &[f32], range: std::ops::Range<usize>| -> Vec<usize> {
        range
            .clone()
            .filter(|&i| v[i] == 1.0)
            .map(|i| i - range.start)
            .collect()
    };
    assert_eq!(ones(&white, 0..32), [20]);
    assert_eq!(ones(&white, 32..64), [27]);
    assert_eq!(ones(&white, 64..96), [0]);
    assert_eq!(ones(&white, 96..128), [11]);
    // Black: its man on 1 at 31 - 0, king on 12 at 31 - 11; White's at 31 - 20, 31 - 27.
    assert_eq!(ones(&black, 0..32), [31]);
    assert_eq!(ones(&black, 32..64), [20]);
    assert_eq!(ones(&black, 64..96), [11]);
    assert_eq!(ones(&black, 96..128), [4]);
    assert_eq!(&black[128..135], &[1.0, 1.0, 0.0, 1.0 / 3.0, 0.0, 0.0, 0.0]);
    assert_eq!(&white[128..135], &[0.0, 0.0, 0.0, 1.0 / 3.0, 0.0, 0.0, 0.0]);
    assert_eq!(obs(2), white, "any other seat observes as White");
    assert_eq!(obs(7), white);
    // The start looks the same to both seats (planes), and Black is to move.
    let start = game.new_initial_state();
    let mut b = vec![0.0; 135];
    let mut w = vec![0.0; 135];
    game.observe(&start, Seat::new(0), &mut b).unwrap();
    game.observe(&start, Seat::new(1), &mut w).unwrap();
    assert_eq!(b[..128], w[..128]);
    // The outcome for the observer: won, lost, drawn; "0 once the game is over" at 128.
    let over = State::from_position(pos("B:W9,14:B5"));
    let mut v = vec![0.0; 135];
    game.observe(&over, Seat::new(1), &mut v).unwrap();
    assert_eq!(&v[132..135], &[1.0, 0.0, 0.0]);
    game.observe(&over, Seat::new(0), &mut v).unwrap();
    assert_eq!(v[128], 0.0);
    assert_eq!(&v[132..135], &[0.0, 1.0, 0.0]);
    let mut drawn = game.new_initial_state();
    game.agree_draw(&mut drawn).unwrap();
    game.observe(&drawn, Seat::new(0), &mut v).unwrap();
    assert_eq!(&v[132..135], &[0.0, 0.0, 1.0], "agreement too");
}

/// "The two draw fields are scaled by the game's own thresholds ... Each is 1 exactly when
/// its count has reached the threshold (a count one short stays below 1), which under
/// `Draws::Claim` is when the claim on that ground becomes legal (mask 8,193 for field 130;
/// for field 131 the position itself makes the claim legal at 8,192)".
#[test]
fn learning_draw_fields_reach_one_with_the_claim() {
    let field = |game: &Draughts, s: &State, i: usize| {
        let mut v = vec![0.0; 135];
        game.observe(s, Seat::new(0), &mut v).unwrap();
        v[i]
    };
    let mask = |game: &Draughts, s: &State| {
        let mut m = vec![false; 8194];
        game.legal_mask(s, &mut m).unwrap();
        m
    };
    let game = draughts(Rules::wcdf().with_repetitions(200));
    let s79 = shuffle(&game, 79);
    assert!(field(&game, &s79, 130) < 1.0);
    assert!(!mask(&game, &s79)[8193]);
    let s80 = shuffle(&game, 80);
    assert_eq!(field(&game, &s80, 130), 1.0);
    assert!(mask(&game, &s80)[8193]);
    assert_eq!(field(&game, &shuffle(&game, 100), 130), 1.0, "at most 1");

    let game = Draughts::default();
    let s4 = shuffle(&game, 4);
    assert!((field(&game, &s4, 131) - 2.0 / 3.0).abs() < 1e-6);
    let s8 = shuffle(&game, 8);
    assert_eq!(field(&game, &s8, 131), 1.0);
    assert!(mask(&game, &s8)[8192]);
    // Other thresholds scale the fields.
    let custom = draughts(Rules::wcdf().with_quiet_moves(10).with_repetitions(5));
    let s = shuffle(&custom, 10);
    assert!((field(&custom, &s, 130) - 0.5).abs() < 1e-6);
}

/// "Actions: 8,194 indices. A move from square `f` to square `t` (turned indices, seen from
/// the side to move) is `(f * 32 + t) * 8 + k` ... Black's opening 11-15 ... is `(21 * 32 +
/// 17) * 8` = 5,512, as is White's 22-18. ... Index 8,192 is the claim of a repetition draw,
/// 8,193 the claim under the 40-move rule."
#[test]
fn learning_action_indices() {
    let game = Draughts::default();
    let s = game.new_initial_state();
    let black = Action::Move("11-15".parse().unwrap());
    assert_eq!(game.action_index(&s, &black), Some(5512));
    assert_eq!((21 * 32 + 17) * 8, 5512);
    let w = game.state_from(pos("W:W21-32:B1-12"));
    assert_eq!(
        game.action_index(&w, &Action::Move("22-18".parse().unwrap())),
        Some(5512)
    );
    // Claims have their indices whether or not they can be claimed now.
    assert_eq!(
        game.action_index(&s, &Action::ClaimDraw(DrawReason::Repetition)),
        Some(8192)
    );
    assert_eq!(
        game.action_index(&s, &Action::ClaimDraw(DrawReason::FortyMoveRule)),
        Some(8193)
    );
    assert_eq!(
        game.action_index(&s, &Action::ClaimDraw(DrawReason::Agreement)),
        None
    );
    assert_eq!(
        game.action_index(&s, &Action::Move("22-18".parse().unwrap())),
        None
    );
    assert_eq!(game.index_action(&s, 5512), Some(black));
    assert_eq!(
        game.index_action(&s, 8192),
        Some(Action::ClaimDraw(DrawReason::Repetition))
    );
    assert_eq!(
        game.index_action(&s, 8193),
        Some(Action::ClaimDraw(DrawReason::FortyMoveRule))
    );
    assert_eq!(game.index_action(&s, 8194), None);
    assert_eq!(game.index_action(&s, 0), None);
    // The ring: two paths between the same squares get k = 0 and 1.
    let ring = game.state_from(pos("B:W9,10,17,18:BK6"));
    let idx = legal_indices(&game, &ring, &mut Vec::new());
    let base = (26 * 32 + 26) * 8; // 6 seen from Black is 31 - 5
    assert_eq!(idx, [base, base + 1]);
}

/// "`legal_mask(state, out)` clears the 8,194 flags and, while the game is in play, sets the
/// index of every legal move and each claim that `can_claim` allows: so it marks exactly the
/// actions `legal_actions` lists (D8: only captures when one exists)."
#[test]
fn learning_mask_marks_exactly_the_legal_actions() {
    let game = Draughts::default();
    let mut buf = Vec::new();
    let mut mask = vec![false; 8194];
    for seed in 0..4 {
        let mut s = game.new_initial_state();
        let mut rng = GameRng::new(seed, 1);
        loop {
            game.legal_mask(&s, &mut mask).unwrap();
            let want = legal_indices(&game, &s, &mut buf);
            let got: Vec<usize> = (0..8194).filter(|&i| mask[i]).collect();
            assert_eq!(got, want);
            for &i in &got {
                assert!(buf.contains(&game.index_action(&s, i).unwrap()));
            }
            if random_playout_capped(&game, &mut s, &mut rng, &mut buf, 1) == 0 {
                break;
            }
        }
        game.legal_mask(&s, &mut mask).unwrap();
        assert!(mask.iter().all(|&b| !b), "nothing once the game is over");
    }
}

// ---------------------------------------------------------------------------------------------
// "Move generation and perft"
// ---------------------------------------------------------------------------------------------

/// "Golden perft (start position, Black to move; OEIS A133046, Aart Bik): 7, 49, 302, 1,469,
/// 7,361, 36,768, 179,740, 845,931, ..." (rules file section 7), here to depth 8.
#[test]
fn perft_golden_figures() {
    let want = [7, 49, 302, 1469, 7361, 36_768, 179_740, 845_931];
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(
            perft(&Position::start(), d as u32 + 1),
            n,
            "depth {}",
            d + 1
        );
    }
}

/// "`perft_parallel(&position, depth, kings, threads)` ...: the count is the same for any
/// number of threads (tested on 1, 2 and 4)."
#[test]
fn perft_parallel_counts_the_same_on_any_number_of_threads() {
    let start = Position::start();
    for threads in [1, 2, 4] {
        assert_eq!(perft_parallel(&start, 6, KingMoves::Short, threads), 36_768);
    }
    let ring = pos("B:W9,10,17,18,30:BK6,1");
    for threads in [1, 2, 3] {
        assert_eq!(
            perft_parallel(&ring, 4, KingMoves::Flying, threads),
            perft_with(&ring, 4, KingMoves::Flying)
        );
    }
}

/// "`sample_action` picks from the same list, in the same order and with the same draw, as
/// the trait's default (so a seed plays the same game either way)".
#[test]
fn sample_action_draws_as_the_trait_default() {
    for rules in [Rules::wcdf(), Rules::wcdf().with_auto_adjudicate(true)] {
        let game = draughts(rules);
        for seed in 0..6 {
            let mut s = game.new_initial_state();
            let (mut a, mut b) = (GameRng::new(seed, 9), GameRng::new(seed, 9));
            let mut buf = Vec::new();
            for _ in 0..400 {
                let fast = game.sample_action(&s, &mut a, &mut buf);
                game.legal_actions(&s, &mut buf);
                let slow = if buf.is_empty() {
                    None
                } else {
                    let i = b.index(buf.len());
                    Some(buf.swap_remove(i))
                };
                assert_eq!(fast, slow);
                match fast {
                    Some(act) => game.apply(&mut s, &act).unwrap(),
                    None => break,
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// "Using it" (the README's example) and the crate docs
// ---------------------------------------------------------------------------------------------

/// "Using it": perft 4 from the parsed start is 1469; 11-15 parses and plays; an
/// auto-adjudicated random playout ends; the picture is an SVG; a PDN file reads one game
/// at a time (`games[0].moves().len() == 3`).
#[test]
fn using_it_example_claims() {
    let mut p = pos(START);
    assert_eq!(perft(&p, 4), 1469);
    assert_eq!(perft(&p, 3), 302);
    let mv = p.parse_move("11-15", KingMoves::Short).unwrap();
    p.play(&mv, KingMoves::Short).unwrap();
    assert_eq!(
        p.to_string(),
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
    );
    let game = draughts(Rules::wcdf().with_auto_adjudicate(true));
    let mut state = game.state_from(p);
    lattjo_draughts::boardgame_core::random_playout(
        &game,
        &mut state,
        &mut GameRng::new(7, 0),
        &mut Vec::new(),
    );
    assert_eq!(game.turn(&state), Turn::Terminal);
    let file = "[Event \"club\"]\n1. 11-15 23-19 2. 8-11 *\n\n1. 9-13 22-18 0-1\n";
    let games: Vec<_> = PdnReader::new(file.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].moves().len(), 3);
    assert_eq!(games[1].result(), GameResult::BlackWins);
}

// ---------------------------------------------------------------------------------------------
// "Serde and hostile input" (with the `serde` feature)
// ---------------------------------------------------------------------------------------------

#[cfg(feature = "serde")]
mod serde_claims {
    use super::*;
    use lattjo_draughts::Setup;

    /// "`State` (its rules included), `Position` (as its FEN string), `Move` (its path and
    /// captured squares), `Rules`, `Setup` and the small enums serialize and deserialize back
    /// exactly."
    #[test]
    fn serde_round_trips() {
        let game = draughts(Rules::lattjo().with_quiet_moves(30));
        let s = shuffle(&game, 9);
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<State>(&json).unwrap(), s);
        assert_eq!(
            serde_json::to_string(&Position::start()).unwrap(),
            format!("\"{START}\"")
        );
        let mv: Move = "15x24x31".parse().unwrap();
        let v = serde_json::to_value(mv).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"path": [15, 24, 31], "captured": [19, 27]})
        );
        assert_eq!(serde_json::from_value::<Move>(v).unwrap(), mv);
        let r = Rules::wcdf().with_flying_kings(true);
        assert_eq!(
            serde_json::from_str::<Rules>(&serde_json::to_string(&r).unwrap()).unwrap(),
            r
        );
        let setup = Position::start().to_setup();
        let back: Setup = serde_json::from_str(&serde_json::to_string(&setup).unwrap()).unwrap();
        assert_eq!(back, setup);
        for reason in [DrawReason::Agreement, DrawReason::Repetition] {
            let t = serde_json::to_string(&reason).unwrap();
            assert_eq!(serde_json::from_str::<DrawReason>(&t).unwrap(), reason);
        }
    }

    /// "a FEN, a `Setup` (`Position::try_from`) and a deserialized `Position` go through the
    /// same checks"; "a deserialized `Move` goes through `Move::new`"; rules pass
    /// `Rules::validate`.
    #[test]
    fn serde_refuses_impossible_values() {
        assert!(serde_json::from_str::<Position>("\"B:W3:B1\"").is_err());
        assert!(serde_json::from_str::<Position>("\"B:W5:B5\"").is_err());
        assert!(
            serde_json::from_value::<Move>(serde_json::json!({"path": [15, 17], "captured": []}))
                .is_err()
        );
        assert!(
            serde_json::from_value::<Move>(
                serde_json::json!({"path": [15, 24], "captured": [19, 19]})
            )
            .is_err()
        );
        let mut r = serde_json::to_value(Rules::wcdf()).unwrap();
        r["repetitions"] = serde_json::json!(1);
        assert!(serde_json::from_value::<Rules>(r).is_err());
    }

    /// "Counters saturate instead of overflowing."
    #[test]
    fn serde_counters_saturate() {
        let game = Draughts::default();
        let mut v = serde_json::to_value(shuffle(&game, 2)).unwrap();
        v["plies"] = serde_json::json!(u32::MAX);
        let mut s: State = serde_json::from_value(v).unwrap();
        play(&game, &mut s, &["6-1"]);
        assert_eq!(s.plies(), u32::MAX);
        assert_eq!(s.quiet_plies(), 3);
    }

    /// "the quiet-ply counter equals the history's length and the ply counter is at least
    /// that, the last move fits the position ..., the outcome fits the position (a win exactly
    /// when the side to move has no piece or no move)"; a draw by claim "only when the player
    /// to move could claim it in that state"; under automatic adjudication "only on reaching
    /// the threshold, the repetition first".
    #[test]
    fn serde_checks_counters_last_move_outcome_and_draws() {
        use lattjo_draughts::StateError;
        let game = Draughts::default();
        let good = serde_json::to_value(shuffle(&game, 5)).unwrap();
        let refused = |edit: &dyn Fn(&mut serde_json::Value)| {
            let mut v = good.clone();
            edit(&mut v);
            serde_json::from_value::<State>(v).unwrap_err().to_string()
        };
        let quiet = StateError::QuietPlies {
            quiet_plies: 4,
            history: 5,
        }
        .to_string();
        assert_eq!(refused(&|v| v["quiet_plies"] = serde_json::json!(4)), quiet);
        let plies = StateError::Plies {
            plies: 4,
            quiet_plies: 5,
        }
        .to_string();
        assert_eq!(refused(&|v| v["plies"] = serde_json::json!(4)), plies);
        let last = StateError::LastMove.to_string();
        assert_eq!(
            refused(&|v| v["last_move"] = serde_json::json!({"path": [32, 27], "captured": []})),
            last
        );
        let won = Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoMoves,
        };
        let e = refused(&|v| v["outcome"] = serde_json::to_value(won).unwrap());
        assert_eq!(e, StateError::Outcome(Some(won)).to_string());
        // A repetition draw where none can be claimed (the start stands twice at 4 plies).
        let mut early = serde_json::to_value(shuffle(&game, 4)).unwrap();
        early["outcome"] = serde_json::to_value(Outcome::Draw(DrawReason::Repetition)).unwrap();
        let e = serde_json::from_value::<State>(early)
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            StateError::DrawNotGiven(DrawReason::Repetition).to_string()
        );
        // Under automatic adjudication, a 40-move draw at a third repetition: the repetition
        // comes first.
        let auto = draughts(Rules::wcdf().with_auto_adjudicate(true));
        let s = shuffle(&auto, 8);
        assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
        let mut v = serde_json::to_value(&s).unwrap();
        assert!(serde_json::from_value::<State>(v.clone()).is_ok());
        v["outcome"] = serde_json::to_value(Outcome::Draw(DrawReason::FortyMoveRule)).unwrap();
        let e = serde_json::from_value::<State>(v).unwrap_err().to_string();
        assert_eq!(
            e,
            StateError::DrawNotGiven(DrawReason::FortyMoveRule).to_string()
        );
    }

    /// "a deserialized `State` must be one that play under its own rules can reach
    /// (`StateError`)": a draw its rules never give (`DrawNotGiven`), a game standing past an
    /// adjudicated draw (`PlayedPastDraw`), a flying move under short kings (`FlyingMove`).
    #[test]
    fn serde_refuses_unreachable_states() {
        // A repetition draw claimed under claims, relabelled as the booklet's rules.
        let claims = Draughts::default();
        let mut s = shuffle(&claims, 8);
        claims.claim_draw(&mut s, DrawReason::Repetition).unwrap();
        let mut v = serde_json::to_value(&s).unwrap();
        assert!(serde_json::from_value::<State>(v.clone()).is_ok());
        v["rules"]["draws"] = serde_json::json!("Agreement");
        let e = serde_json::from_value::<State>(v).unwrap_err().to_string();
        assert!(e.contains("these rules do not give"), "{e}");
        // A game in play at a third repetition, relabelled as automatic adjudication.
        let mut v = serde_json::to_value(shuffle(&claims, 8)).unwrap();
        v["rules"]["draws"] = serde_json::json!("Automatic");
        let e = serde_json::from_value::<State>(v).unwrap_err().to_string();
        assert!(e.contains("goes on past a draw"), "{e}");
        // A flying king's move, relabelled as short kings.
        let flying = draughts(Rules::wcdf().with_flying_kings(true));
        let mut f = flying.state_from(pos("B:WK4:BK29"));
        play(&flying, &mut f, &["29-11"]);
        let mut v = serde_json::to_value(&f).unwrap();
        v["rules"]["king_moves"] = serde_json::json!("Short");
        let e = serde_json::from_value::<State>(v).unwrap_err().to_string();
        assert!(e.contains("flying king"), "{e}");
    }
}
