//! The claims of `docs/chess.md`, each checked from outside through the public API: every
//! test is named after the claim it checks and cites the page's section and the rule id of
//! the rules digest (`shared/rules/chess.md`) behind it. Claims that other test files
//! already check exactly are not repeated here.

use boardgame_core::{IndexedActions, Observe};
use lattjo_chess::epd::{Epd, Value};
use lattjo_chess::pgn::commands::{self as cmds, Command};
use lattjo_chess::pgn::{self, PgnErrorKind, PgnGame};
use lattjo_chess::san::{San, SanPlus};
use lattjo_chess::svg;
use lattjo_chess::uci::UciPosition;
use lattjo_chess::{
    Action, CastlingMode, Chess, Color, DrawReason, EpMode, FenError, Game, GameResult, Move,
    Outcome, PlayError, Position, PositionError, PositionErrorKind, Role, Rules, RulesError,
    SanError, Seat, Setup, Square, State, StateError, Turn, UciError, UciMove, WinReason,
};

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn uci(p: &Position, s: &str) -> Move {
    p.parse_uci(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Plays UCI moves through the game, asserting each is accepted.
fn play(game: &Chess, state: &mut State, moves: &[&str]) {
    for s in moves {
        let m = uci(state.position(), s);
        game.apply(state, &Action::Move(m))
            .unwrap_or_else(|e| panic!("{s}: {e}"));
    }
}

/// A game of `rules` starting from `fen`, and its initial state.
fn game_from(rules: Rules, fen: &str) -> (Chess, State) {
    let game = Chess::new(rules).unwrap().with_start(pos(fen));
    let state = game.new_initial_state();
    (game, state)
}

fn legal(game: &Chess, state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    game.legal_actions(state, &mut out);
    out
}

/// The position after `m`.
fn played(p: &Position, m: Move) -> Position {
    let mut after = p.clone();
    after.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    after
}

/// The role of the piece on `sq`, if any.
fn role_at(p: &Position, sq: Square) -> Option<Role> {
    p.board().piece_at(sq).map(|piece| piece.role)
}

/// The observation of `seat`.
fn observe(game: &Chess, state: &State, seat: u8) -> Vec<f32> {
    let mut o = vec![0.0; 1600];
    game.observe(state, Seat::new(seat), &mut o).unwrap();
    o
}

/// The error of a FEN whose fields read but whose position is not valid in standard chess.
fn setup_error(fen: &str) -> PositionError {
    let setup = Setup::from_fen(fen).unwrap();
    Position::from_setup(setup, CastlingMode::Standard).unwrap_err()
}

fn error_kinds(fen: &str) -> Vec<PositionErrorKind> {
    setup_error(fen).kinds().to_vec()
}

/// Asserts that each FEN reads but is refused as a position with exactly the kind given.
fn assert_refused_with(cases: &[(&str, PositionErrorKind)]) {
    for &(fen, kind) in cases {
        assert_eq!(error_kinds(fen), [kind], "{fen}");
    }
}

/// Chess960 start number 0 with every castling right taken away.
fn chess960_without_rights() -> Position {
    let mut s = Position::chess960(0).unwrap().to_setup();
    s.castling_rooks = lattjo_chess::Bitboard(0);
    Position::from_setup(s, CastlingMode::Chess960).unwrap()
}

const KNIGHT_DANCE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];
/// White's rook and Black's king step out and back (with a rook on a1 and a king on e8).
const ROOK_DANCE: [&str; 4] = ["a1a2", "e8d8", "a2a1", "d8e8"];

// ---------------------------------------------------------------------------------------
// "Rule sets and options"
// ---------------------------------------------------------------------------------------

/// "Rule sets and options" table (D3, D4, A4): what each preset sets.
#[test]
fn presets_set_the_options_of_the_table() {
    let f = Rules::fide();
    assert!(f.claimable_draws && f.automatic_draws && !f.auto_claim);
    assert!(f.agreement_needs_moves && f.resignation_needs_mating_material && !f.decisions);
    let l = Rules::lattjo();
    assert!(!l.claimable_draws && !l.automatic_draws && !l.auto_claim);
    assert!(!l.agreement_needs_moves && !l.resignation_needs_mating_material && !l.decisions);
    assert_eq!(Rules::default(), f);
}

/// "Rule sets and options": `Chess::default()` is the FIDE preset (D3: default Fide).
#[test]
fn chess_default_is_the_fide_preset() {
    assert_eq!(Chess::default().rules(), &Rules::fide());
    assert_eq!(Chess::default().start(), &Position::new());
}

/// "Rule sets and options": every option has a builder taking its value.
///
/// Rule: A4, D3, D4.
#[test]
fn every_option_has_a_builder_taking_its_value() {
    let r = Rules::lattjo()
        .with_claimable_draws(true)
        .with_automatic_draws(true)
        .with_auto_claim(true)
        .with_agreement_needs_moves(true)
        .with_resignation_needs_mating_material(true)
        .with_decisions(true);
    assert!(r.claimable_draws && r.automatic_draws && r.auto_claim);
    assert!(r.agreement_needs_moves && r.resignation_needs_mating_material && r.decisions);
    let back = r
        .with_claimable_draws(false)
        .with_automatic_draws(false)
        .with_auto_claim(false)
        .with_agreement_needs_moves(false)
        .with_resignation_needs_mating_material(false)
        .with_decisions(false);
    assert_eq!(back, Rules::lattjo());
}

/// "Rule sets and options": `Chess::new` refuses `auto_claim` without `claimable_draws`
/// (A4), and accepts it with them.
#[test]
fn chess_new_refuses_auto_claim_without_claimable_draws() {
    let bad = Rules::fide()
        .with_claimable_draws(false)
        .with_auto_claim(true);
    assert_eq!(
        Chess::new(bad).unwrap_err(),
        RulesError::AutoClaimWithoutClaims
    );
    assert!(Chess::new(Rules::fide().with_auto_claim(true)).is_ok());
}

/// "Rule sets and options": with decisions off, `Resign`, `OfferDraw`, `AcceptDraw`,
/// `ClaimDraw` and `ClaimDrawWith` are refused with `DecisionsDisabled` and not listed (D4).
#[test]
fn decisions_off_refuses_every_decision_with_decisions_disabled() {
    let game = Chess::default();
    let mut state = game.new_initial_state();
    let e4 = uci(state.position(), "e2e4");
    for a in [
        Action::Resign,
        Action::OfferDraw,
        Action::AcceptDraw,
        Action::ClaimDraw,
        Action::ClaimDrawWith(e4),
    ] {
        assert_eq!(
            game.apply(&mut state, &a),
            Err(PlayError::DecisionsDisabled),
            "{a:?}"
        );
        assert!(!game.is_legal(&state, &a));
    }
    assert!(
        legal(&game, &state)
            .iter()
            .all(|a| matches!(a, Action::Move(_)))
    );
    assert_eq!(legal(&game, &state).len(), 20);
}

/// "Rule sets and options": with decisions on, `Resign` and `OfferDraw` are listed among the
/// legal actions (D4), and the rest when they apply.
#[test]
fn decisions_on_lists_resign_and_offer_among_the_legal_actions() {
    let game = Chess::new(Rules::fide().with_decisions(true)).unwrap();
    let state = game.new_initial_state();
    let actions = legal(&game, &state);
    assert!(actions.contains(&Action::Resign));
    assert!(actions.contains(&Action::OfferDraw));
    assert!(!actions.contains(&Action::AcceptDraw));
    assert!(!actions.contains(&Action::ClaimDraw));
    assert_eq!(actions.len(), 22);
}

/// "Rule sets and options" table, draw agreement (D4, FIDE 5.2.3): under FIDE only once both
/// players have moved; under the booklet any time.
#[test]
fn agreement_needs_both_players_to_have_moved_under_fide_only() {
    for (rules, early_ok) in [(Rules::fide(), false), (Rules::lattjo(), true)] {
        let game = Chess::new(rules.with_decisions(true)).unwrap();
        let mut state = game.new_initial_state();
        game.apply(&mut state, &Action::OfferDraw).unwrap();
        play(&game, &mut state, &["e2e4"]);
        // Black has not moved yet.
        let r = game.apply(&mut state, &Action::AcceptDraw);
        if early_ok {
            assert_eq!(r, Ok(()));
            assert_eq!(state.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
        } else {
            assert_eq!(r, Err(PlayError::AgreementTooEarly));
            assert_eq!(state.outcome(), None);
        }
    }
}

/// "Rule sets and options" table: threefold repetition and 50 moves are claimable under FIDE
/// and absent from the booklet; fivefold and 75 moves automatic under FIDE only (D3, A4).
#[test]
fn booklet_has_no_claims_and_no_automatic_draws() {
    let game = Chess::new(Rules::lattjo().with_decisions(true)).unwrap();
    let mut state = game.new_initial_state();
    for _ in 0..5 {
        play(&game, &mut state, &KNIGHT_DANCE);
    }
    assert_eq!(state.repetitions(), 6);
    assert_eq!(state.outcome(), None);
    assert!(!game.claimable_draws(&state).any());
    assert_eq!(
        game.apply(&mut state, &Action::ClaimDraw),
        Err(PlayError::ClaimsDisabled)
    );
    assert!(!legal(&game, &state).contains(&Action::ClaimDraw));
}

/// "Rule sets and options": the start is configuration; `with_start` takes any valid
/// position, a Chess960 start included, and White moves first from the standard start (K2).
#[test]
fn with_start_takes_a_chess960_position() {
    let start = Position::chess960(0).unwrap();
    let game = Chess::default().with_start(start.clone());
    let state = game.new_initial_state();
    assert_eq!(state.start(), &start);
    assert_eq!(state.position().castling_mode(), CastlingMode::Chess960);
    assert_eq!(game.turn(&state), Turn::Player(Seat::new(0)));
}

// ---------------------------------------------------------------------------------------
// "Claims with a move"
// ---------------------------------------------------------------------------------------

/// A game one knight dance and three plies in: `f6g8` would bring the third occurrence of the
/// start position.
fn seven_plies(game: &Chess) -> State {
    let mut state = game.new_initial_state();
    play(game, &mut state, &KNIGHT_DANCE);
    play(game, &mut state, &KNIGHT_DANCE[..3]);
    state
}

/// "Claims with a move" and "The game state": `ThreefoldRepetition` is named when both claims
/// hold.
///
/// Rule: A4 (FIDE 9.2, 9.3).
#[test]
fn claim_draw_names_threefold_repetition_when_both_claims_hold() {
    let (game, mut state) = game_from(
        Rules::fide().with_decisions(true),
        "4k3/8/8/8/8/8/8/R3K3 w - - 100 80",
    );
    for _ in 0..2 {
        play(&game, &mut state, &ROOK_DANCE);
    }
    let claims = game.claimable_draws(&state);
    assert!(claims.threefold_repetition && claims.fifty_moves);
    game.apply(&mut state, &Action::ClaimDraw).unwrap();
    assert_eq!(
        state.outcome(),
        Some(Outcome::Draw(DrawReason::ThreefoldRepetition))
    );
}

// ---------------------------------------------------------------------------------------
// "The game state"
// ---------------------------------------------------------------------------------------

/// "The game state": `replay` and `state_after` build a state move by move; a move after a
/// draw the rules make automatic is refused (`MoveAfterEnd`) (D3, FIDE 9.6.1).
#[test]
fn replay_refuses_a_move_after_a_fivefold_repetition_under_fide_only() {
    let mut p = Position::new();
    let mut moves = Vec::new();
    for _ in 0..4 {
        for s in KNIGHT_DANCE {
            let m = uci(&p, s);
            p.play(m).unwrap();
            moves.push(m);
        }
    }
    moves.push(uci(&p, "e2e4"));
    assert_eq!(
        Chess::default().state_after(&moves),
        Err(StateError::MoveAfterEnd(17))
    );
    let booklet = Chess::new(Rules::lattjo()).unwrap();
    let state = booklet.replay(Position::new(), &moves).unwrap();
    assert_eq!(state.moves().len(), 17);
    let fide = Chess::default().state_after(&moves[..16]).unwrap();
    assert_eq!(
        fide.outcome(),
        Some(Outcome::Draw(DrawReason::FivefoldRepetition))
    );
}

/// "The game state": a game plays only states of its own rules: `apply` refuses with
/// `OtherRules` (state unchanged), `is_legal` is false, the legal actions and the claims find
/// nothing, and `check_state` says so.
///
/// Rule: D3 (the presets differ only in how a game ends).
#[test]
fn a_game_refuses_a_state_of_other_rules_everywhere() {
    let fide = Chess::new(Rules::fide().with_decisions(true)).unwrap();
    let booklet = Chess::new(Rules::lattjo().with_decisions(true)).unwrap();
    let mut state = seven_plies(&fide);
    let before = state.clone();
    let back = uci(state.position(), "f6g8");
    for a in [Action::Move(back), Action::Resign] {
        assert_eq!(
            booklet.apply(&mut state, &a),
            Err(PlayError::OtherRules),
            "{a:?}"
        );
    }
    assert_eq!(state, before);
    assert!(!booklet.is_legal(&state, &Action::Move(back)));
    assert!(legal(&booklet, &state).is_empty());
    assert!(
        booklet
            .sample_action(
                &state,
                &mut lattjo_chess::GameRng::new(1, 0),
                &mut Vec::new()
            )
            .is_none()
    );
    assert!(!booklet.claimable_draws(&state).any());
    assert!(!booklet.claimable_draws_with(&state, back).any());
    assert_eq!(booklet.claimable_moves(&state).count(), 0);
    assert_eq!(booklet.check_state(&state), Err(PlayError::OtherRules));
    assert_eq!(fide.check_state(&state), Ok(()));
    let mut mask = vec![true; booklet.num_distinct_actions()];
    booklet.legal_mask(&state, &mut mask).unwrap();
    assert!(mask.iter().all(|&m| !m));
}

/// "The game state": when several endings hold, stalemate is recorded before insufficient
/// material (python-chess puts insufficient material first; only the reason differs).
///
/// Rule: A1, A2.
#[test]
fn stalemate_is_recorded_before_insufficient_material() {
    // Black to move, stalemated by king and bishop: also insufficient material.
    let p = pos("k7/2K5/1B6/8/8/8/8/8 b - - 0 1");
    assert!(p.legal_moves().is_empty() && !p.is_check());
    assert!(p.is_insufficient_material());
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    let state = Chess::default().with_start(p).new_initial_state();
    assert_eq!(state.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

/// "The game state": under FIDE the 75-move rule comes before fivefold repetition when both
/// hold, and with `auto_claim` threefold repetition before 50 moves.
#[test]
fn seventy_five_moves_is_recorded_before_fivefold_and_threefold_before_fifty() {
    for (rules, fen, dances, halfmoves, repetitions, reason) in [
        // Halfmove clock 134: the 16th ply reaches 150 while the start repeats.
        (
            Rules::fide(),
            "4k3/8/8/8/8/8/8/R3K3 w - - 134 80",
            4,
            150,
            5,
            DrawReason::SeventyFiveMoves,
        ),
        // auto_claim: at halfmove 100 and the third occurrence at once.
        (
            Rules::fide().with_auto_claim(true),
            "4k3/8/8/8/8/8/8/R3K3 w - - 92 80",
            2,
            100,
            3,
            DrawReason::ThreefoldRepetition,
        ),
    ] {
        let (game, mut state) = game_from(rules, fen);
        for _ in 0..dances {
            play(&game, &mut state, &ROOK_DANCE);
        }
        assert_eq!(state.position().halfmoves(), halfmoves, "{fen}");
        assert_eq!(state.repetitions(), repetitions, "{fen}");
        assert_eq!(state.outcome(), Some(Outcome::Draw(reason)), "{fen}");
    }
}

/// "The game state": the state keeps the repetition keys since the last pawn move or
/// capture only; a repetition before a pawn move does not count afterwards (A3).
#[test]
fn repetitions_count_only_since_the_last_irreversible_move() {
    let game = Chess::default();
    let mut state = game.new_initial_state();
    play(&game, &mut state, &KNIGHT_DANCE);
    assert_eq!(state.repetitions(), 2);
    play(&game, &mut state, &["e2e3"]);
    assert_eq!(state.repetitions(), 1);
}

// ---------------------------------------------------------------------------------------
// "Learning encodings"
// ---------------------------------------------------------------------------------------

fn promotion(from: Square, to: Square, role: Role) -> Move {
    Move {
        from,
        to,
        promotion: Some(role),
    }
}

fn action_index(game: &Chess, state: &State, m: Move) -> usize {
    game.action_index(state, &Action::Move(m))
        .unwrap_or_else(|| panic!("{m} has an index"))
}

/// "Learning encodings": shape `[25, 8, 8]`, 1,600 values; both seats and a seat out of
/// range observe the same; plane 14 is White to move; no chance outcomes.
///
/// Rule: K2.
#[test]
fn observation_shape_and_colour_plane() {
    let game = Chess::default();
    let shape = game.observation_shape();
    assert_eq!(shape.dims(), [25, 8, 8]);
    assert_eq!(shape.size(), 1600);
    let mut state = game.new_initial_state();
    let a = observe(&game, &state, 0);
    assert_eq!(a, observe(&game, &state, 1));
    assert_eq!(a, observe(&game, &state, 7));
    let plane = |o: &[f32], p: usize| o[p * 64..(p + 1) * 64].to_vec();
    assert!(plane(&a, 14).iter().all(|&v| v == 1.0));
    // The side to move's pawns on relative rank 2 (index 8..16 of plane 0).
    assert_eq!(plane(&a, 0)[8..16], [1.0; 8]);
    // Its king on e1 (relative index 4 of plane 5).
    assert_eq!(plane(&a, 5)[4], 1.0);
    play(&game, &mut state, &["e2e4"]);
    let a = observe(&game, &state, 0);
    assert!(plane(&a, 14).iter().all(|&v| v == 0.0));
    // Black to move, mirrored: Black's king on e8 is relative e1.
    assert_eq!(plane(&a, 5)[4], 1.0);
    assert_eq!(game.num_chance_outcomes(), 0);
}

/// "Learning encodings" table, planes 12, 13, 20, 21: repetitions, halfmove clock / 150 and
/// move number / 500, each capped at 1.
///
/// Rule: A3, D3 (FIDE 9.2, 9.3, 9.6).
#[test]
fn observation_repetition_clock_and_move_number_planes() {
    let (game, mut state) = game_from(Rules::fide(), "4k3/8/8/8/8/8/8/R3K3 w - - 75 250");
    let o = observe(&game, &state, 0);
    assert_eq!(o[20 * 64], 0.5);
    assert_eq!(o[21 * 64], 0.5);
    assert_eq!(o[12 * 64], 0.0);
    play(&game, &mut state, &ROOK_DANCE);
    let o = observe(&game, &state, 0);
    assert_eq!(o[12 * 64], 1.0);
    assert_eq!(o[13 * 64], 0.0);
    play(&game, &mut state, &ROOK_DANCE);
    let o = observe(&game, &state, 0);
    assert_eq!(o[13 * 64], 1.0);
    let (late, late_state) = game_from(Rules::lattjo(), "4k3/8/8/8/8/8/8/R3K3 w - - 200 900");
    let o = observe(&late, &late_state, 0);
    assert_eq!(o[20 * 64], 1.0);
    assert_eq!(o[21 * 64], 1.0);
}

/// "Learning encodings": the page's worked index b7xa8=N is 49 * 73 + 64 (K7, A8), and the
/// queen promotion straight ahead is the queen-like move north at distance 1.
#[test]
fn action_index_of_b7xa8_knight_is_49_times_73_plus_64() {
    let (game, s) = game_from(Rules::fide(), "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let bxa8n = promotion(Square::B7, Square::A8, Role::Knight);
    assert_eq!(action_index(&game, &s, bxa8n), 49 * 73 + 64);
    let b8q = promotion(Square::B7, Square::B8, Role::Queen);
    assert_eq!(action_index(&game, &s, b8q), 49 * 73);
}

/// "Learning encodings": 2,418 of the 4,672 move indices name a geometry that leaves the
/// board from their square.
///
/// Rule: K8-K12 (move geometry).
#[test]
fn move_indices_leaving_the_board_number_2418() {
    let mut off = 0;
    // The eight queen directions and the eight knight jumps, found among the steps of at
    // most two files and ranks (the count does not depend on their order).
    let steps = || (-2..=2i32).flat_map(|df| (-2..=2i32).map(move |dr| (df, dr)));
    let dirs: Vec<_> = steps()
        .filter(|&(df, dr)| df.abs().max(dr.abs()) == 1)
        .collect();
    let knight: Vec<_> = steps()
        .filter(|&(df, dr)| df.abs() * dr.abs() == 2)
        .collect();
    assert_eq!((dirs.len(), knight.len()), (8, 8));
    for from in 0..64i32 {
        let (f, r) = (from % 8, from / 8);
        let on = |df: i32, dr: i32| (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr));
        for &(df, dr) in &dirs {
            for d in 1..=7 {
                off += usize::from(!on(df * d, dr * d));
            }
        }
        for &(df, dr) in &knight {
            off += usize::from(!on(df, dr));
        }
        for _role in 0..3 {
            for df in -1..=1 {
                off += usize::from(!on(df, 1));
            }
        }
    }
    assert_eq!(off, 2418);
    // The game names no action with such an index, in any state.
    let game = Chess::default();
    let state = game.new_initial_state();
    // h1 (relative 7) east at distance 1 leaves the board.
    assert_eq!(game.index_action(&state, 7 * 73 + 2 * 7), None);
}

/// "Learning encodings": a `Move` that no index names (a pawn onto the last rank without a
/// promotion, a promotion to a king) has no index.
///
/// Rule: K7, A8.
#[test]
fn moves_without_an_index() {
    let (game, s) = game_from(Rules::fide(), "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let bare = Move::new(Square::B7, Square::B8);
    let king = promotion(Square::B7, Square::B8, Role::King);
    assert_eq!(game.action_index(&s, &Action::Move(bare)), None);
    assert_eq!(game.action_index(&s, &Action::Move(king)), None);
}

// ---------------------------------------------------------------------------------------
// "Notation and text"
// ---------------------------------------------------------------------------------------

/// "Notation and text" table: `Move` displays UCI in the crate's encoding (castling as king
/// takes rook), `UciMove` as engines write it (`e1g1` in standard chess).
///
/// Rule: A11; rules section 6 (UCI).
#[test]
fn move_display_is_king_takes_rook_and_uci_move_is_two_squares() {
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let oo = uci(&p, "e1g1");
    assert_eq!(oo.to_string(), "e1h1");
    assert_eq!(p.to_uci(oo).to_string(), "e1g1");
    assert_eq!(uci(&p, "e1h1"), oo, "both forms accepted in standard chess");
    assert_eq!("e1h1".parse::<Move>().unwrap(), oo);
    assert_eq!(
        "e7e8q".parse::<Move>().unwrap().promotion,
        Some(Role::Queen)
    );
    // Chess960: castling is king takes rook in UCI too.
    let c = pos("4k3/8/8/8/8/8/8/1R2K2R w HB - 0 1");
    assert_eq!(c.castling_mode(), CastlingMode::Chess960);
    let m = uci(&c, "e1h1");
    assert!(c.is_castling(m));
    assert_eq!(c.to_uci(m).to_string(), "e1h1");
}

/// "Notation and text", FEN: 4 to 6 fields, missing clocks default to `0 1`; a `FenError`
/// variant per malformed field.
///
/// Rule: rules section 6 (FEN), A13.
#[test]
fn fen_four_to_six_fields_and_an_error_per_field() {
    let four = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    assert_eq!(four, Position::new());
    let five = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7");
    assert_eq!((five.halfmoves(), five.fullmoves()), (7, 1));
    // The variant, with the count where the page's example fixes it.
    let variant = |e: &FenError| match e {
        FenError::FieldCount(n) => format!("FieldCount({n})"),
        FenError::RankCount(n) => format!("RankCount({n})"),
        FenError::RankLength { .. } => "RankLength".to_owned(),
        FenError::BoardChar(_) => "BoardChar".to_owned(),
        FenError::Turn(_) => "Turn".to_owned(),
        FenError::Castling(_) => "Castling".to_owned(),
        FenError::EnPassant(_) => "EnPassant".to_owned(),
        FenError::Halfmoves(_) => "Halfmoves".to_owned(),
        FenError::Fullmoves(_) => "Fullmoves".to_owned(),
        FenError::Position(_) => "Position".to_owned(),
        other => format!("{other:?}"),
    };
    for (fen, expected) in [
        ("8/8 w", "FieldCount(2)"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "FieldCount(7)"),
        ("4k3/8/8/8/8/8/4K3 w - - 0 1", "RankCount(7)"),
        ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", "RankLength"),
        ("4k3/8/8/8/8/8/8/4X3 w - - 0 1", "BoardChar"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "Turn"),
        ("4k3/8/8/8/8/8/8/4K3 w Z - 0 1", "Castling"),
        ("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "EnPassant"),
        ("4k3/8/8/8/8/8/8/4K3 w - - x 1", "Halfmoves"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 x", "Fullmoves"),
        // A move number of 0 is refused at its field ("a move number from 1").
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", "Fullmoves"),
        ("4k3/8/8/8/8/8/8/4K2K w - - 0 1", "Position"),
    ] {
        let e = fen.parse::<Position>().unwrap_err();
        assert_eq!(variant(&e), expected, "{fen}: {e:?}");
    }
}

/// "Notation and text", FEN: `FromStr` reads a FEN as Chess960 when its castling field uses
/// Shredder letters or only makes sense there; a Chess960 position is written in X-FEN, or in
/// Shredder-FEN where X-FEN would read back as standard chess.
///
/// Rule: rules section 6 (FEN), A13.
#[test]
fn fen_shredder_and_xfen_castling_fields() {
    let std = pos("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert_eq!(std.castling_mode(), CastlingMode::Chess960);
    // X-FEN would read back as standard chess here, so Shredder letters are written.
    assert_eq!(std.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert_eq!(pos(&std.to_string()), std);
    // A king on b1 with rooks a1 and h1: KQ only makes sense in Chess960; X-FEN letters.
    let frc = pos("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1");
    assert_eq!(frc.castling_mode(), CastlingMode::Chess960);
    assert_eq!(frc.to_string(), "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1");
    assert_eq!(pos(&frc.to_string()), frc);
    // Every Chess960 start reads back as itself.
    for n in [0, 1, 100, 518, 959] {
        let p = Position::chess960(n).unwrap();
        let back = pos(&p.to_string());
        assert_eq!(back, p, "{n}: {p}");
        assert_eq!(back.castling_mode(), CastlingMode::Chess960);
    }
}

/// "Notation and text", validation: `ImpossibleMaterial` for more than 8 pawns or more
/// promoted pieces than missing pawns; `ImpossibleCheck` for three checkers or two on one
/// line; `ZeroFullmoves` (A13).
#[test]
fn validation_error_kinds_of_the_page() {
    use PositionErrorKind as K;
    assert_refused_with(&[
        (
            "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
            K::ImpossibleMaterial(Color::White),
        ),
        // Eight pawns and a promoted (third) knight.
        (
            "4k3/8/8/8/8/NNN5/PPPPPPPP/4K3 w - - 0 1",
            K::ImpossibleMaterial(Color::White),
        ),
        // Two rooks checking along the same file (on one line through the king).
        ("4R3/8/8/4k3/8/8/8/K3R3 b - - 0 1", K::ImpossibleCheck),
        // Two knights checking: neither is a slider.
        ("4k3/2N5/5N2/8/8/8/8/K7 b - - 0 1", K::ImpossibleCheck),
        (
            "4k3/8/8/8/8/8/8/4K2k w - - 0 1",
            K::TooManyKings(Color::Black),
        ),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", K::MissingKing(Color::Black)),
        ("8/8/8/8/8/8/8/3kK3 w - - 0 1", K::AdjacentKings),
    ]);
    // A rook and a knight checking: possible (a discovered double check).
    assert!(pos("4k3/2N5/8/8/8/8/8/K3R3 b - - 0 1").is_check());
    let mut zero = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    zero.fullmoves = 0;
    assert_eq!(
        Position::from_setup(zero, CastlingMode::Standard)
            .unwrap_err()
            .kinds(),
        [PositionErrorKind::ZeroFullmoves]
    );
}

/// "Notation and text", validation: `ignore_impossible_check` accepts an unexplained check;
/// an en-passant square that a double step explains is accepted whether or not a capture
/// is possible (section 6), and `legal_ep_square` gives it only when a capture is legal.
#[test]
fn recoveries_and_ep_square_without_capture() {
    let p = setup_error("4k3/2N5/5N2/8/8/8/8/K7 b - - 0 1")
        .ignore_impossible_check()
        .unwrap();
    assert!(p.is_check());
    let p = pos("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    assert_eq!(p.ep_square(), Some(Square::E3));
    assert_eq!(p.legal_ep_square(), None);
    assert_eq!(p.to_fen(EpMode::Always), "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    assert_eq!(p.to_fen(EpMode::Legal), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    let err = setup_error("4k3/8/8/8/8/8/8/4K3 b - e3 0 1");
    assert_eq!(err.kinds(), [PositionErrorKind::BadEnPassant(Square::E3)]);
    assert_eq!(err.ignore_invalid_ep_square().unwrap().ep_square(), None);
}

/// "Notation and text", SAN: minimal disambiguation, file first, then rank, then both.
///
/// Rule: rules section 6 (SAN).
#[test]
fn san_disambiguates_by_file_then_rank_then_both() {
    // Knights on b1 and f1 both reach d2: by file.
    let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(p.san(uci(&p, "b1d2")), "Nbd2");
    // Rooks on a1 and a5 both reach a3: by rank.
    let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(p.san(uci(&p, "a1a3")), "R1a3");
    // Queens on a1, a3 and c1 all reach b2: a1 needs both.
    let p = pos("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    assert_eq!(p.san(uci(&p, "a1b2")), "Qa1b2");
    assert_eq!(p.san(uci(&p, "a3b2")), "Q3b2");
    assert_eq!(p.san(uci(&p, "c1b2")), "Qcb2");
    // Only the legal moves count: a pinned knight does not make another ambiguous.
    let p = pos("4k3/8/8/8/8/8/8/1N2KN1r w - - 0 1");
    assert_eq!(p.san(uci(&p, "b1d2")), "Nd2");
}

/// "Notation and text", SAN: `x`, `=Q`, `+`, `#`, `O-O`, `O-O-O`; en passant without suffix.
///
/// Rule: rules section 6 (SAN), A11.
#[test]
fn san_writes_captures_promotions_checks_mates_and_castling() {
    let p = pos("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(p.san(uci(&p, "e1g1")), "O-O");
    assert_eq!(p.san(uci(&p, "e1c1")), "O-O-O");
    assert_eq!(p.san(uci(&p, "b7a8q")), "bxa8=Q+");
    assert_eq!(p.san(uci(&p, "b7b8n")), "b8=N");
    let p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(p.san(uci(&p, "a1a8")), "Ra8#");
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(p.san(uci(&p, "e5d6")), "exd6");
    assert_eq!(SanPlus::from_move(&p, uci(&p, "e5d6")).to_string(), "exd6");
}

/// "Notation and text", SAN parsing leniencies: `0-0`, a missing or extra `+`/`#`, `!`/`?`,
/// `e.p.` or `ep` before or after a `+`, `X` or `:` for `x`, a missing `x`, long algebraic,
/// UCI coordinates, `e8Q`/`e8q`.
///
/// Rule: rules section 6 (SAN: e.p. accepted on input).
#[test]
fn san_parsing_accepts_the_documented_leniencies() {
    let start = Position::new();
    let nf3 = uci(&start, "g1f3");
    for s in [
        "Nf3", "Nf3+", "Nf3#", "Nf3!", "Nf3?!", "Ng1-f3", "Ng1f3", "g1f3",
    ] {
        assert_eq!(start.parse_san(s), Ok(nf3), "{s}");
    }
    assert_eq!(start.parse_san("e2e4"), Ok(uci(&start, "e2e4")));
    let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let oo = uci(&castle, "e1g1");
    for s in ["O-O", "0-0", "O-O+", "e1g1"] {
        assert_eq!(castle.parse_san(s), Ok(oo), "{s}");
    }
    assert_eq!(castle.parse_san("0-0-0"), Ok(uci(&castle, "e1c1")));
    let ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let exd6 = uci(&ep, "e5d6");
    for s in [
        "exd6", "exd6e.p.", "exd6ep", "e5d6ep", "eXd6", "e:d6", "ed6",
    ] {
        assert_eq!(ep.parse_san(s), Ok(exd6), "{s}");
    }
    // ep before or after a + (pgn-extract writes e5d6ep+).
    let epc = pos("8/4k3/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let m = uci(&epc, "e5d6");
    for s in ["exd6+", "exd6e.p.+", "exd6+e.p.", "e5d6ep+", "exd6ep+"] {
        assert_eq!(epc.parse_san(s), Ok(m), "{s}");
    }
    let promo = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let q = uci(&promo, "b7b8q");
    for s in ["b8=Q", "b8Q", "b8q", "b7b8q", "b8=Q+"] {
        assert_eq!(promo.parse_san(s), Ok(q), "{s}");
    }
}

/// "Notation and text", SAN: a pawn move without the origin's file (`d5`) is an advance,
/// never a capture; errors are `Syntax`, `Illegal`, `Ambiguous`.
///
/// Rule: rules section 6 (SAN), K6.
#[test]
fn san_pawn_move_without_file_is_an_advance_and_errors_are_named() {
    // A white pawn on e4 and a black pawn on d5: "d5" is not exd5.
    let p = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert!(matches!(p.parse_san("d5"), Err(SanError::Illegal(_))));
    assert_eq!(p.parse_san("ed5"), Ok(uci(&p, "e4d5")));
    let start = Position::new();
    assert!(matches!(start.parse_san("Zz9"), Err(SanError::Syntax(_))));
    assert!(matches!(start.parse_san("e5"), Err(SanError::Illegal(_))));
    let two = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert!(matches!(two.parse_san("Nd2"), Err(SanError::Ambiguous(_))));
    // Null moves are no moves of the game for parse_san.
    assert!(matches!(start.parse_san("--"), Err(SanError::Syntax(_))));
    assert!(matches!(start.parse_san("Z0"), Err(SanError::Syntax(_))));
}

/// "Notation and text" table: `San`/`SanPlus` display without / with the suffix and read
/// back what they display.
///
/// Rule: rules section 6 (SAN), section 7 (SAN round trip).
#[test]
fn san_and_san_plus_read_back_what_they_display() {
    let p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let m = uci(&p, "a1a8");
    let san = San::from_move(&p, m);
    let plus = SanPlus::from_move(&p, m);
    assert_eq!(san.to_string(), "Ra8");
    assert_eq!(plus.to_string(), "Ra8#");
    assert_eq!(san.to_string().parse::<San>().unwrap(), san);
    assert_eq!(plus.to_string().parse::<SanPlus>().unwrap(), plus);
}

/// "Notation and text", UCI: `0000` is the null move, refused by `parse_uci`.
///
/// Rule: rules section 6 (UCI null move 0000).
#[test]
fn uci_null_move_reads_and_is_refused_as_a_move() {
    assert_eq!("0000".parse::<UciMove>().unwrap(), UciMove::Null);
    assert_eq!(UciMove::Null.to_string(), "0000");
    assert_eq!(Position::new().parse_uci("0000"), Err(UciError::Null));
}

/// "UCI `position` commands": `position startpos` for the standard start in standard chess,
/// `position fen` otherwise; in Chess960 castling is only king takes rook.
///
/// Rule: A11; rules section 6 (UCI).
#[test]
fn uci_position_display_and_chess960_castling() {
    let up =
        UciPosition::parse("position startpos moves e2e4 e7e5", CastlingMode::Standard).unwrap();
    assert_eq!(up.to_string(), "position startpos moves e2e4 e7e5");
    assert_eq!(up.moves().len(), 2);
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let up = UciPosition::new(p.clone(), &[uci(&p, "e1g1")]).unwrap();
    assert_eq!(
        up.to_string(),
        "position fen 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 moves e1g1"
    );
    // The standard start in Chess960 mode is written as a FEN.
    let up = UciPosition::parse("position startpos", CastlingMode::Chess960).unwrap();
    assert!(up.to_string().starts_with("position fen "), "{up}");
    // In Chess960 castling is only king takes rook: e1g1 does not castle.
    let text = "position fen 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 moves e1g1";
    assert!(UciPosition::parse(text, CastlingMode::Chess960).is_err());
    let c = UciPosition::parse(&text.replace("e1g1", "e1h1"), CastlingMode::Chess960).unwrap();
    assert_eq!(c.position().king(Color::White), Square::G1);
    // Written in Shredder-FEN, where X-FEN would read back as standard chess.
    assert_eq!(
        c.to_string(),
        "position fen 4k3/8/8/8/8/8/8/R3K2R w HA - 0 1 moves e1h1"
    );
    // In Chess960 the two-square form of a king step is that step: f1g1 beside the rook.
    let k = "position fen 4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1 moves f1g1";
    let c = UciPosition::parse(k, CastlingMode::Chess960).unwrap();
    assert_eq!(role_at(c.position(), Square::H1), Some(Role::Rook));
    assert_eq!(c.position().king(Color::White), Square::G1);
    let s = UciPosition::parse(text, CastlingMode::Standard).unwrap();
    assert_eq!(role_at(s.position(), Square::F1), Some(Role::Rook));
}

/// "UCI `position` commands": more than `MAX_POSITION_MOVES` (20,000) moves are refused.
///
/// Rule: rules section 6 (UCI).
#[test]
fn uci_position_refuses_more_than_max_position_moves() {
    assert_eq!(lattjo_chess::uci::MAX_POSITION_MOVES, 20_000);
    let dances = |n: usize| {
        let moves = format!(" {}", KNIGHT_DANCE.join(" ")).repeat(n);
        UciPosition::parse(
            &format!("position startpos moves{moves}"),
            CastlingMode::Standard,
        )
    };
    assert!(dances(5001).is_err());
    assert_eq!(dances(5000).unwrap().moves().len(), 20_000);
}

/// "UCI `position` commands": `from_state` and `to_state(&game)` carry the repetition
/// history (the state under `game`'s rules).
///
/// Rule: A3, A4.
#[test]
fn uci_position_to_state_keeps_the_repetition_history() {
    let game = Chess::default();
    let mut state = game.new_initial_state();
    play(&game, &mut state, &KNIGHT_DANCE);
    let up = UciPosition::from_state(&state);
    let back = up.to_state(&game).unwrap();
    assert_eq!(back.repetitions(), 2);
    assert_eq!(back, state);
    let booklet = Chess::new(Rules::lattjo()).unwrap();
    assert_eq!(up.to_state(&booklet).unwrap().rules(), &Rules::lattjo());
}

/// "Notation and text", Results: `Position::outcome` gives checkmate, stalemate, insufficient
/// material; `Outcome::result` is the `GameResult`.
///
/// Rule: K16, A4; rules section 6 (PGN result tokens).
#[test]
fn outcome_result_is_the_game_result() {
    let mate = Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Checkmate,
    };
    assert_eq!(mate.result(), GameResult::Win(Color::Black));
    assert_eq!(mate.result().to_string(), "0-1");
    assert_eq!(
        Outcome::Draw(DrawReason::FiftyMoves).result().to_string(),
        "1/2-1/2"
    );
}

/// "Notation and text", Polyglot keys: the en-passant file is hashed only when a pawn of the
/// side to move stands beside the double-stepped pawn (rules section 6), even when the
/// capture would not be legal.
#[test]
fn polyglot_hashes_the_ep_file_only_with_a_pawn_beside() {
    // e2-e4 with no black pawn beside: the key ignores the en-passant square.
    let with = pos("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    let without = pos("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    assert_eq!(with.zobrist(), without.zobrist());
    // A black pawn on d4 beside it: the file is hashed.
    let with = pos("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    let without = pos("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
    assert_ne!(with.zobrist(), without.zobrist());
    // Pinned pawn: capture not legal, but the Polyglot key still hashes the file, while the
    // repetition key does not (A3).
    let pinned = pos("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
    assert_eq!(pinned.legal_ep_square(), None);
    let plain = pos("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
    assert_ne!(pinned.zobrist(), plain.zobrist());
    assert_eq!(pinned.repetition_key(), plain.repetition_key());
}

/// "Move generation" (`perft`, `perft_parallel` public; same counts for any thread count):
/// the start position and Kiwipete's first counts of rules section 7.
///
/// Rule: rules section 7 (perft).
#[test]
fn perft_start_and_kiwipete_small_depths() {
    let p = Position::new();
    assert_eq!(
        (1..=3)
            .map(|d| lattjo_chess::perft(&p, d))
            .collect::<Vec<_>>(),
        [20, 400, 8902]
    );
    let k = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    assert_eq!(lattjo_chess::perft(&k, 2), 2039);
    assert_eq!(lattjo_chess::perft_parallel(&k, 2, 2), 2039);
}

// ---------------------------------------------------------------------------------------
// "PGN"
// ---------------------------------------------------------------------------------------

fn one(text: &str) -> PgnGame {
    text.parse::<PgnGame>().unwrap_or_else(|e| panic!("{e}"))
}

fn err_kind(text: &str) -> PgnErrorKind {
    text.parse::<PgnGame>().unwrap_err().kind
}

/// The Seven Tag Roster, in its order.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

fn tag_names(g: &PgnGame) -> Vec<&str> {
    g.tags.iter().map(|(n, _)| n.as_str()).collect()
}

/// "PGN": move numbers with any number of periods, zero included, and spaces between them
/// (8.2.2.1: `12.`, `12...`, `12`, `12 ...`, `12.e4`).
///
/// Rule: rules section 6 (PGN).
#[test]
fn pgn_move_numbers_in_every_import_form() {
    for text in [
        "1. e4 e5 2. Nf3 *",
        "1.e4 e5 2.Nf3 *",
        "1 e4 1 ... e5 2 Nf3 *",
        "1. e4 1... e5 2.Nf3 *",
        "e4 e5 Nf3 *",
        "1.. e4 e5 2.... Nf3 *",
    ] {
        assert_eq!(one(text).moves.len(), 3, "{text}");
    }
}

/// "PGN": the Seven Tag Roster comes first (`?` for a missing value, `????.??.??` for the
/// date); a tag given twice keeps its last value in the place of the first; `SetUp`/`FEN` come
/// last for a non-standard start.
///
/// Rule: rules section 6 (PGN: Seven Tag Roster, SetUp/FEN).
#[test]
fn pgn_tags_are_normalised() {
    let g = one(
        "[Black \"b\"]\n[Annotator \"z\"]\n[White \"w1\"]\n[ECO \"C20\"]\n[White \"w2\"]\n\n1. e4 *",
    );
    assert_eq!(tag_names(&g), [&ROSTER[..], &["Annotator", "ECO"]].concat());
    assert_eq!(g.tag("White"), Some("w2"));
    assert_eq!(g.tag("Event"), Some("?"));
    assert_eq!(g.tag("Date"), Some("????.??.??"));
    assert_eq!(g.tag("Result"), Some("*"));
    let g = one(
        "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n[Annotator \"z\"]\n\n1. O-O *",
    );
    assert_eq!(tag_names(&g)[7..], ["Annotator", "SetUp", "FEN"]);
    assert_eq!(g.moves.len(), 1);
}

/// "PGN": comments keep their inner whitespace while their ends are trimmed and each line
/// break (with the spaces around it) becomes one space; empty variations are dropped.
///
/// Rule: rules section 6 (PGN comments).
#[test]
fn pgn_comments_are_trimmed_and_line_breaks_become_one_space() {
    let g = one("1. e4 {  two  spaces \n   next line  } e5 ( ) *");
    assert_eq!(g.comments, [(1, "two  spaces next line".to_owned())]);
    assert!(g.variations.is_empty());
}

/// "PGN": the writer writes movetext lines of fewer than 80 characters, a comment holding
/// `}` as a `;` comment, gives a Black move its number after a comment or variation, and no
/// tab or control character (read as a space).
///
/// Rule: rules section 6 (PGN).
#[test]
fn pgn_writer_layout() {
    let mut text = String::new();
    for _ in 0..30 {
        text.push_str("Nf3 Nf6 Ng1 Ng8 ");
    }
    text.push('*');
    let w = one(&text).to_string();
    assert!(w.lines().all(|l| l.chars().count() < 80), "{w}");
    let g = one("1. e4 {a comment} e5 (1... c5) 2. Nf3 *");
    let w = g.to_string();
    assert!(
        w.contains("1. e4 {a comment} 1... e5 (1... c5) 2. Nf3 *"),
        "{w}"
    );
    let mut g = one("1. e4 e5 *");
    g.comments.push((1, "holds } a brace".to_owned()));
    let w = g.to_string();
    assert!(
        w.contains("; holds } a brace") || w.contains(";holds } a brace"),
        "{w}"
    );
    assert_eq!(one(&w), g);
    let g = one("[Event \"a\tb\"]\n\n1. e4 {x\ty} *");
    assert_eq!(g.tag("Event"), Some("a b"));
    assert_eq!(g.comments, [(1, "x y".to_owned())]);
}

/// "PGN": the reader goes on after a bad game, numbering games including the bad ones.
///
/// Rule: rules section 6 (PGN).
#[test]
fn pgn_bad_game_is_skipped_and_numbered() {
    let read = pgn::read_pgn("1. e4 *\n\n1. e5 *\n\n1. d4 *\n");
    assert_eq!(read.games.len(), 2);
    assert_eq!(read.errors.len(), 1);
    assert_eq!(read.errors[0].game, 2);
    assert_eq!(read.errors[0].line, 3);
}

// ---------------------------------------------------------------------------------------
// "Commands in PGN comments"
// ---------------------------------------------------------------------------------------

/// "Commands in PGN comments": operands as python-chess reads them: `h:mm:ss` with a
/// fraction, evaluations `0.17`, `+1`, `-.5`, `#n`; a malformed command is an error, never a
/// panic; `text_without_commands` gives the rest.
///
/// Rule: rules section 6 (PGN comments).
#[test]
fn pgn_command_operands() {
    use lattjo_chess::pgn::commands::{Eval, Score};
    use std::time::Duration;
    let read = |t: &str| cmds::commands(t).collect::<Result<Vec<_>, _>>();
    assert_eq!(
        read("[%clk 0:02:59.9]").unwrap(),
        [Command::Clock(Duration::from_millis(179_900))]
    );
    for (t, cp) in [("0.17", 17), ("+1", 100), ("-.5", -50)] {
        assert_eq!(
            read(&format!("[%eval {t}]")).unwrap(),
            [Command::Eval(Eval {
                score: Score::Centipawns(cp),
                depth: None
            })],
            "{t}"
        );
    }
    assert!(read("[%clk \"3:00\"]").is_err());
    assert!(read("[%clk 3:00]").is_err(), "hours required");
    assert!(read("[%csl Ge2e4]").is_err(), "a %csl item is one square");
    assert!(read("[%cal Ge2]").is_err(), "a %cal item is two squares");
    assert_eq!(
        cmds::text_without_commands("[%clk 0:00:30] good move"),
        "good move"
    );
    let set = cmds::set_command("[%clk 0:00:30] x", &Command::Clock(Duration::from_secs(20)));
    assert_eq!(
        read(&set).unwrap(),
        [Command::Clock(Duration::from_secs(20))]
    );
    assert_eq!(cmds::text_without_commands(&set), "x");
    assert_eq!(cmds::remove_commands(&set, "clk").trim(), "x");
}

/// "Commands in PGN comments": `ply_commands` gives one `PlyCommands` per position and
/// `set_command` sets one ply's command.
///
/// Rule: rules section 6 (PGN comments).
#[test]
fn pgn_ply_commands_per_position() {
    let mut g = one("{[%clk 0:03:00]} 1. e4 {[%clk 0:02:59]} e5 {[%eval 0.2]} *");
    let plies = g.ply_commands();
    assert_eq!(plies.len(), 3);
    assert_eq!(plies[0].clock, Some(std::time::Duration::from_secs(180)));
    assert_eq!(plies[1].clock, Some(std::time::Duration::from_secs(179)));
    assert!(plies[2].eval.is_some());
    g.set_command(2, &Command::Clock(std::time::Duration::from_secs(170)))
        .unwrap();
    assert_eq!(
        g.ply_commands()[2].clock,
        Some(std::time::Duration::from_secs(170))
    );
    assert!(
        g.set_command(3, &Command::Clock(std::time::Duration::from_secs(1)))
            .is_err()
    );
}

// ---------------------------------------------------------------------------------------
// "EPD"
// ---------------------------------------------------------------------------------------

/// Reads `text` as an EPD, asserting the operand of each opcode given.
fn read_epd(text: &str, operands: &[(&str, Value)]) -> Epd {
    let e: Epd = text.parse().unwrap_or_else(|err| panic!("{text}: {err}"));
    for (opcode, value) in operands {
        assert_eq!(e.get(opcode), Some(value), "{text}: {opcode}");
    }
    e
}

/// "EPD": the perft suites' layout reads (a lone `;` is skipped); `hmvc` and `fmvn` set the
/// clocks; texts, integers, floats and moves are told apart.
///
/// Rule: rules section 6 (EPD, optional extra).
#[test]
fn epd_reads_the_perft_suite_layout_and_operand_kinds() {
    read_epd(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400",
        &[("D1", Value::Integer(20)), ("D2", Value::Integer(400))],
    );
    let e = read_epd(
        "4k3/8/8/8/8/8/8/4K2R w K - hmvc 7; fmvn 30; id \"a \\\"b\\\"\"; ce 1.5; bm O-O Rh8+; pv Kf1 Kd7;",
        &[
            ("id", Value::Text("a \"b\"".to_owned())),
            ("ce", Value::Float(1.5)),
        ],
    );
    assert_eq!(
        (e.position().halfmoves(), e.position().fullmoves()),
        (7, 30)
    );
    let p = e.position();
    assert_eq!(
        e.get("bm"),
        Some(&Value::Moves(vec![uci(p, "e1g1"), uci(p, "h1h8")]))
    );
    let mut after = p.clone();
    after.play(uci(p, "e1f1")).unwrap();
    assert_eq!(
        e.get("pv"),
        Some(&Value::Moves(vec![uci(p, "e1f1"), uci(&after, "e8d7")]))
    );
    // Written and read back equal.
    assert_eq!(e.to_string().parse::<Epd>().unwrap(), e);
}

// ---------------------------------------------------------------------------------------
// "SVG"
// ---------------------------------------------------------------------------------------

/// The texts of an SVG drawing's `<text>` elements, in order.
fn svg_texts(out: &str) -> Vec<&str> {
    out.split("<text")
        .skip(1)
        .map(|t| {
            let start = t.find('>').unwrap() + 1;
            &t[start..t.find("</text>").unwrap()]
        })
        .collect()
}

/// The drawing of `p` with the options `change` makes to the default ones.
fn render(p: &Position, change: impl FnOnce(&mut svg::Options)) -> String {
    let mut opts = svg::Options::default();
    change(&mut opts);
    svg::render(p, &opts)
}

/// "Notation and text", SVG: coordinates are the only text, pieces are shapes; a flipped
/// board puts rank 1 on top.
///
/// Rule: none (the page's own feature); rules section 1 (notation a-h, 1-8).
#[test]
fn svg_has_coordinates_as_its_only_text() {
    let out = render(&Position::new(), |_| {});
    assert!(out.starts_with("<svg") || out.starts_with("<?xml"), "{out}");
    let texts = svg_texts(&out);
    assert_eq!(texts.len(), 16, "{texts:?}");
    for t in &texts {
        assert!(t.len() == 1 && ("abcdefgh12345678".contains(*t)), "{t}");
    }
    let none = render(&Position::new(), |o| o.coordinates = false);
    assert!(!none.contains("<text"));
    let flipped = render(&Position::new(), |o| o.flipped = true);
    assert_ne!(flipped, out);
}

// ---------------------------------------------------------------------------------------
// "Against python-chess" (A14)
// ---------------------------------------------------------------------------------------

/// A14 ("The rules, id by id"): `has_insufficient_material` judges the winner's side alone: a
/// bare king, a lone knight when the loser has nothing but queens, or bishops when every
/// bishop stands on one colour and no pawn or knight is left.
#[test]
fn has_insufficient_material_per_side() {
    let p = pos("8/2q5/8/8/3N3k/8/1K6/8 b - - 0 1");
    assert!(p.has_insufficient_material(Color::White));
    let p = pos("8/2q5/2p5/8/3N3k/8/1K6/8 b - - 0 1");
    assert!(
        !p.has_insufficient_material(Color::White),
        "a pawn can block"
    );
    // Bishops on one colour, the loser has a rook: still no mate.
    let p = pos("8/2r5/8/8/3B3k/8/1K6/8 b - - 0 1");
    assert!(p.has_insufficient_material(Color::White));
    // A knight anywhere on the board lets bishops mate.
    let p = pos("8/2n5/8/8/3B3k/8/1K6/8 b - - 0 1");
    assert!(!p.has_insufficient_material(Color::White));
    // An opposite-coloured bishop of the loser's can block.
    let p = pos("8/1b6/8/8/3B3k/8/1K6/8 b - - 0 1");
    assert!(!p.has_insufficient_material(Color::White));
    // A bare king.
    assert!(pos("8/2q5/8/8/7k/8/1K6/8 b - - 0 1").has_insufficient_material(Color::White));
}

// ---------------------------------------------------------------------------------------
// Second pass: the rest of the page's checkable claims.
// ---------------------------------------------------------------------------------------

/// "PGN": a bad game is reported with its line, and a line ends at `\n`, `\r\n` or a `\r`
/// alone (the same page: a carriage return alone ends a line for `;` comments and `%` lines
/// too).
///
/// Rule: rules section 6 (PGN).
#[test]
fn pgn_error_lines_count_a_lone_carriage_return() {
    for eol in ["\n", "\r\n", "\r"] {
        let text = [
            "[Event \"a\"]",
            "",
            "; a comment",
            "% an escape",
            "1. e4 e4 *",
            "",
        ]
        .join(eol);
        let err = text.parse::<PgnGame>().unwrap_err();
        assert_eq!(err.line, 5, "{eol:?}");
        assert!(matches!(err.kind, PgnErrorKind::Move { .. }), "{eol:?}");
    }
}

/// Castles White by the UCI move `m` (king takes rook) in `fen`, asserting it is castling and
/// that the king ends on `king` and the rook on `rook`; the position after.
fn castle_white(fen: &str, m: &str, king: Square, rook: Square) -> Position {
    let p = pos(fen);
    let mv = uci(&p, m);
    assert!(p.is_castling(mv), "{fen}");
    let after = played(&p, mv);
    assert_eq!(after.king(Color::White), king, "{fen}");
    assert_eq!(role_at(&after, rook), Some(Role::Rook), "{fen}");
    after
}

/// "The rules as implemented" (K19, K20, A10, A11): in Chess960 the king ends on c/g and the
/// rook on d/f, every square either crosses must be empty but for the two of them, and
/// attacks are tested with both lifted off the board.
#[test]
fn chess960_castling_conditions() {
    // King b1, rook a1 (queen side): the king ends on c1, the rook on d1.
    let after = castle_white(
        "1k6/8/8/8/8/8/8/RK6 w A - 0 1",
        "b1a1",
        Square::C1,
        Square::D1,
    );
    assert_eq!(after.board().piece_at(Square::A1), None);
    // King f1, rook g1 (king side): the king ends on g1, the rook on f1.
    castle_white(
        "k7/8/8/8/8/8/8/5KR1 w G - 0 1",
        "f1g1",
        Square::G1,
        Square::F1,
    );
    // A piece on the rook's way (d1) forbids it, though the king's own way is clear.
    let p = pos("1k6/8/8/8/8/8/8/RK1N4 w A - 0 1");
    assert!(!p.is_legal(Move::new(Square::B1, Square::A1)));
    // The king's destination attacked only once the castling rook is lifted: king d1,
    // rook c1, a black rook on a1 behind it.
    let p = pos("4k3/8/8/8/8/8/8/r1RK4 w C - 0 1");
    assert!(
        p.castling_rook(Color::White, lattjo_chess::CastlingSide::QueenSide)
            .is_some()
    );
    assert!(!p.is_legal(Move::new(Square::D1, Square::C1)));
    // Without the black rook it is legal.
    let p = pos("4k3/8/8/8/8/8/8/2RK4 w C - 0 1");
    assert!(p.is_legal(Move::new(Square::D1, Square::C1)));
}

/// "The rules, id by id", K1: `Position::new` is the standard start, White's queen on the
/// light d1; h1 and a8 are light (rules section 1).
///
/// Rule: K1, K2; rules section 1.
#[test]
fn position_new_is_the_standard_start_with_the_queen_on_light_d1() {
    let p = Position::new();
    assert_eq!(
        p.to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(Square::D1.is_light() && Square::H1.is_light() && Square::A8.is_light());
    assert!(!Square::D8.is_light());
    let q = p.board().piece_at(Square::D1).unwrap();
    assert_eq!((q.color, q.role), (Color::White, Role::Queen));
    assert_eq!(p.turn(), Color::White);
    assert_eq!(Position::chess960(518).unwrap().board(), p.board());
}

/// "Against python-chess", FEN input: the page's two refusals: an en-passant square no
/// double step explains (`8/8/8/7B/6Pp/8/4k2K/3r4 b - g3`, A13) and eight pawns with a
/// promoted queen.
#[test]
fn fen_refusals_named_against_python_chess() {
    let position_error = |fen: &str| match fen.parse::<Position>() {
        Err(FenError::Position(e)) => e,
        other => panic!("{fen}: {other:?}"),
    };
    let e = position_error("8/8/8/7B/6Pp/8/4k2K/3r4 b - g3 0 1");
    assert!(
        e.contains(PositionErrorKind::BadEnPassant(Square::G3)),
        "{e}"
    );
    // Eight pawns and a second, promoted, queen: no pawn is missing to explain it.
    let e = position_error("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1");
    assert_eq!(
        e.kinds(),
        [PositionErrorKind::ImpossibleMaterial(Color::White)]
    );
}

/// "Against python-chess", SAN input: `Pe4`, `!?` after the move, `:` and trailing spaces are
/// taken.
///
/// Rule: rules section 6 (SAN).
#[test]
fn san_takes_pawn_letter_and_trailing_spaces() {
    let p = Position::new();
    let e4 = uci(&p, "e2e4");
    for s in ["Pe4", "e4!?", "e4 ", "Pe2-e4"] {
        assert_eq!(p.parse_san(s), Ok(e4), "{s:?}");
    }
}

/// "PGN": tag values with unescaped quotes inside read up to the last quote of the line;
/// `\"` and `\\` are the standard's escapes.
///
/// Rule: rules section 6 (PGN tags).
#[test]
fn pgn_tag_values_with_quotes_and_escapes() {
    let g = one("[White \"The \"Big\" One\"]\n[Black \"a \\\"b\\\" c\\\\d\"]\n\n1. e4 *");
    assert_eq!(g.tag("White"), Some("The \"Big\" One"));
    assert_eq!(g.tag("Black"), Some("a \"b\" c\\d"));
    // Written escaped, and read back the same.
    assert_eq!(one(&g.to_string()), g);
}

/// "PGN": the writer writes moves up to the first illegal one of a hand-built game.
///
/// Rule: rules section 6 (PGN SAN movetext).
#[test]
fn pgn_writer_stops_at_the_first_illegal_move_of_a_hand_built_game() {
    let p = Position::new();
    let e4 = uci(&p, "e2e4");
    let moves = vec![e4, e4, uci(&p, "d2d4")];
    let g = PgnGame::new(&[], Position::new(), moves, GameResult::Unknown);
    let w = g.to_string();
    assert!(w.trim_end().ends_with("1. e4 *"), "{w}");
}

/// "Commands in PGN comments": a `[%` without its `]` is `Unterminated` and stays text.
///
/// Rule: rules section 6 (PGN comments).
#[test]
fn pgn_command_without_closing_bracket_is_unterminated_and_stays_text() {
    use lattjo_chess::pgn::commands::CommandErrorKind;
    let read: Vec<_> = cmds::commands("see [%clk 0:00:10").collect();
    assert_eq!(read.len(), 1);
    let err = read[0].as_ref().unwrap_err();
    assert_eq!(err.kind, CommandErrorKind::Unterminated);
    assert_eq!(
        cmds::text_without_commands("see [%clk 0:00:10"),
        "see [%clk 0:00:10"
    );
}

/// "EPD": an operand in double quotes is text with `\"`, `\\`, `\n`, `\r`, `\t` escapes, and a
/// quote left open runs to the end of the line; `FromStr` takes the castling mode from the
/// castling field, as a FEN's.
///
/// Rule: rules section 6 (EPD).
#[test]
fn epd_text_escapes_open_quote_and_castling_mode() {
    let e = read_epd(
        "4k3/8/8/8/8/8/8/4K3 w - - c0 \"a\\tb\\nc\\\\\"; c1 \"open; still",
        &[
            ("c0", Value::Text("a\tb\nc\\".to_owned())),
            ("c1", Value::Text("open; still".to_owned())),
        ],
    );
    assert_eq!(e.to_string().parse::<Epd>().unwrap(), e);
    let e: Epd = "r3k2r/8/8/8/8/8/8/R3K2R w HAha -".parse().unwrap();
    assert_eq!(e.position().castling_mode(), CastlingMode::Chess960);
}

/// "Notation and text" table: every type a text fully describes reads back what it displays
/// (`Move`, `UciPosition`, `PgnGame`, `Epd` through `FromStr`).
///
/// Rule: rules section 7 (FEN and SAN round trips).
#[test]
fn text_types_read_back_through_from_str() {
    let m: Move = "e1h1".parse().unwrap();
    assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
    let up: UciPosition = "position startpos moves e2e4 e7e5".parse().unwrap();
    assert_eq!(up.to_string(), "position startpos moves e2e4 e7e5");
    assert_eq!(up.to_string().parse::<UciPosition>().unwrap(), up);
    let g = one("1. e4 e5 2. Nf3 {x} Nc6 (2... d6) 1-0");
    assert_eq!(g.to_string().parse::<PgnGame>().unwrap(), g);
    let p = pos("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 7");
    assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
}

/// "The game state": a move after checkmate is refused with `MoveAfterEnd` by `replay`, and
/// `apply` refuses any action once the game is over (`GameOver`).
///
/// Rule: K16, A4.
#[test]
fn no_move_after_checkmate() {
    let game = Chess::new(Rules::fide().with_decisions(true)).unwrap();
    let mut state = game.new_initial_state();
    play(&game, &mut state, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(game.turn(&state), Turn::Terminal);
    let moves = state.moves().to_vec();
    assert_eq!(
        game.apply(&mut state, &Action::Resign),
        Err(PlayError::GameOver)
    );
    assert!(legal(&game, &state).is_empty());
    let mut more = moves.clone();
    more.push(Move::new(Square::E1, Square::F2));
    assert_eq!(game.state_after(&more), Err(StateError::MoveAfterEnd(5)));
}

/// "Notation and text" table: a Chess960 position reads back from its FEN, whatever its
/// castling rights (X-FEN, or a file letter where the outer rook is not the castling one).
///
/// Rule: rules section 7 (FEN round trip), A13.
#[test]
fn chess960_fen_round_trips_with_an_inner_castling_rook_and_without_rights() {
    // King d1, rooks a1 and b1, the right is b1's: X-FEN names it by its file.
    let p = pos("4k3/8/8/8/8/8/8/RR1K4 w B - 0 1");
    assert_eq!(p.castling_mode(), CastlingMode::Chess960);
    assert_eq!(
        p.castling_rook(Color::White, lattjo_chess::CastlingSide::QueenSide),
        Some(Square::B1)
    );
    assert_eq!(pos(&p.to_string()), p, "{p}");
    // A Chess960 position with no castling rights left.
    let p = chess960_without_rights();
    let back = pos(&p.to_string());
    assert_eq!(back.board(), p.board());
    assert_eq!(back.to_string(), p.to_string());
}

/// "PGN": the `Result` tag holds the game's result: the termination marker's, else the tag's.
///
/// Rule: rules section 6 (PGN result tokens).
#[test]
fn pgn_termination_marker_decides_over_the_result_tag() {
    let g = one("[Result \"1-0\"]\n\n1. e4 e5 0-1");
    assert_eq!(g.result, GameResult::Win(Color::Black));
    assert_eq!(g.tag("Result"), Some("0-1"));
    let g = one("[Result \"1-0\"]\n\n1. e4 e5 *");
    assert_eq!(g.result, GameResult::Unknown);
}

/// "PGN": comments and NAGs inside variations are skipped; the variation's moves are kept and
/// checked move by move.
///
/// Rule: rules section 6 (PGN).
#[test]
fn pgn_variations_keep_moves_and_skip_comments() {
    let g = one("1. e4 e5 (1... c5 {Sicilian} $1 2. Nf3) 2. Nf3 *");
    assert_eq!(g.variations.len(), 1);
    assert_eq!(g.comments, []);
    assert_eq!(g.nags, []);
    assert!(g.to_string().contains("(1... c5 2. Nf3)"), "{g}");
    assert!(matches!(
        err_kind("1. e4 e5 (1... c5 2. Nf6) 2. Nf3 *"),
        PgnErrorKind::Move { .. }
    ));
}

/// "PGN": the size limits' values (16 MiB, 1,048,576 tokens).
///
/// Rule: rules section 6 (PGN).
#[test]
fn pgn_size_limits() {
    assert_eq!(pgn::MAX_GAME_BYTES, 16 * 1024 * 1024);
    assert_eq!(pgn::MAX_GAME_TOKENS, 1_048_576);
}

/// "UCI `position` commands": an error names the first word or the ply that does not read.
///
/// Rule: rules section 6 (UCI).
#[test]
fn uci_position_errors_name_the_word_or_ply() {
    use lattjo_chess::UciPositionError as E;
    let p = |t: &str| UciPosition::parse(t, CastlingMode::Standard).unwrap_err();
    assert!(matches!(p("go depth 3"), E::NotPosition(w) if w == "go"));
    assert!(matches!(p("position start"), E::Start(w) if w == "start"));
    assert!(matches!(p("position startpos mvs e2e4"), E::Moves(w) if w == "mvs"));
    assert!(matches!(p("position fen 8/8 w - - 0 1"), E::Fen(_)));
    assert!(matches!(
        p("position startpos moves e2e4 e7e5 g1g3"),
        E::Move {
            ply: 3,
            error: UciError::Illegal(_)
        }
    ));
    assert!(matches!(
        p("position startpos moves e2e4 e7e9"),
        E::Move {
            ply: 2,
            error: UciError::Syntax(_)
        }
    ));
}

/// "EPD": a number operand is an `i64`, or a finite `f64` when it holds `.`, `e` or `E`; a
/// lone `-` or `;` where an opcode may start is skipped; `Epd::push` checks and normalises,
/// and the writer writes moves in SAN.
///
/// Rule: rules section 6 (EPD, SAN).
#[test]
fn epd_numbers_push_and_san_moves() {
    read_epd(
        "4k3/8/8/8/8/8/8/4K2R w K - ce 1e2; - acn +5; ; dm .5;",
        &[
            ("ce", Value::Float(100.0)),
            ("acn", Value::Integer(5)),
            ("dm", Value::Float(0.5)),
        ],
    );
    let mut e = Epd::new(pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
    let p = e.position().clone();
    e.push("bm", Value::Moves(vec![uci(&p, "e1g1")])).unwrap();
    assert_eq!(e.to_string(), "4k3/8/8/8/8/8/8/4K2R w K - bm O-O;");
    assert!(
        e.push("sm", Value::Moves(vec![uci(&p, "e1g1"), uci(&p, "e1f1")]))
            .is_err()
    );
    assert_eq!(e.to_string().parse::<Epd>().unwrap(), e);
}

/// "Notation and text", SVG: the last-move and check highlights.
///
/// Rule: K14 (check).
#[test]
fn svg_highlights_the_last_move_and_check() {
    let p = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    let m = Move::new(Square::D8, Square::H4);
    let out = render(&p, |o| o.last_move = Some(m));
    assert_eq!(out.matches("class=\"last\"").count(), 2);
    assert_eq!(out.matches("class=\"check\"").count(), 1);
    let off = render(&p, |o| o.check = false);
    assert_eq!(off.matches("class=\"check\"").count(), 0);
    assert_eq!(off.matches("class=\"last\"").count(), 0);
}

/// "Notation and text", validation: a `Board` is consistent by construction;
/// `Board::from_bitboards` refuses bitboards that contradict each other.
///
/// Rule: A13.
#[test]
fn board_from_bitboards_refuses_contradictions() {
    use lattjo_chess::{Bitboard, Board, ByColor};
    let b = Board::standard();
    let roles: [Bitboard; 6] = Role::ALL.map(|r| b.by_role(r));
    let colors = ByColor::new_with(|c| b.by_color(c));
    assert_eq!(Board::from_bitboards(roles, colors).unwrap(), b);
    let mut bad = roles;
    bad[1] |= Bitboard(1 << 4); // e1 both king and knight
    assert!(Board::from_bitboards(bad, colors).is_err());
    let mut uncoloured = colors;
    uncoloured.white = Bitboard(uncoloured.white.0 & !1); // a1's rook without a colour
    assert!(Board::from_bitboards(roles, uncoloured).is_err());
}

/// "UCI `position` commands": `Display` writes `position startpos` for the standard start
/// only: a start with the standard placement but other clocks is written as its FEN, so that
/// it reads back as the same value.
///
/// Rule: rules section 6 (UCI), section 1 (standard start).
#[test]
fn uci_position_startpos_only_for_the_standard_start_itself() {
    let text = "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5 10";
    let up = UciPosition::parse(text, CastlingMode::Standard).unwrap();
    assert_eq!(up.to_string(), text);
    assert_eq!(
        up.to_string()
            .parse::<UciPosition>()
            .unwrap()
            .start()
            .fullmoves(),
        10
    );
    let std = "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let up = UciPosition::parse(std, CastlingMode::Standard).unwrap();
    assert_eq!(up.to_string(), "position startpos");
}

/// "Notation and text", validation: `BadEnPassant` also when the en-passant square
/// contradicts the check (the double step cannot have given it), and `ImpossibleCheck` for
/// three checkers.
///
/// Rule: A13.
#[test]
fn bad_en_passant_that_contradicts_the_check_and_three_checkers() {
    use PositionErrorKind as K;
    // The same check without the en-passant square is fine.
    assert!(pos("4k2R/8/8/8/4P3/8/8/4K3 b - - 0 1").is_check());
    // A check the double step discovered (along rank 2, through e2) is explained.
    assert!(pos("8/8/8/8/4P3/8/R6k/4K3 b - e3 0 1").is_check());
    assert_refused_with(&[
        // Black in check from the h8 rook: e2-e4 cannot have given it.
        (
            "4k2R/8/8/8/4P3/8/8/4K3 b - e3 0 1",
            K::BadEnPassant(Square::E3),
        ),
        // One along rank 3 through e3, empty before the step too, is not explained.
        (
            "8/8/8/8/4P3/R6k/8/4K3 b - e3 0 1",
            K::BadEnPassant(Square::E3),
        ),
        // Three checkers.
        ("4k3/2N5/8/1B6/8/8/8/K3R3 b - - 0 1", K::ImpossibleCheck),
    ]);
}

/// "Notation and text", SAN: `X` or `:` for `x` after a piece letter too.
///
/// Rule: rules section 6 (SAN).
#[test]
fn san_capital_x_and_colon_after_a_piece_letter() {
    let p = pos("4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1");
    let m = uci(&p, "f3e5");
    for s in ["Nxe5", "NXe5", "N:e5", "Ne5", "Nf3xe5", "Nf3-e5"] {
        assert_eq!(p.parse_san(s), Ok(m), "{s}");
    }
}

/// "PGN": `PgnGame::new` normalises its tags as the reader does (roster first, a tag given
/// twice keeps its last value in the place of the first), and its `Result` tag holds the
/// game's result; the writer writes the `Result` tag from the game's result.
///
/// Rule: rules section 6 (PGN).
#[test]
fn pgn_game_new_normalises_tags_and_result() {
    let p = Position::new();
    let tags = [
        ("Result", "1-0"),
        ("Annotator", "x"),
        ("White", "a"),
        ("Event", "e"),
        ("White", "b"),
    ];
    let g = PgnGame::new(&tags, p.clone(), vec![uci(&p, "e2e4")], GameResult::Draw);
    assert_eq!(tag_names(&g), [&ROSTER[..], &["Annotator"]].concat());
    assert_eq!(g.tag("White"), Some("b"));
    assert_eq!(g.tag("Event"), Some("e"));
    assert_eq!(g.tag("Result"), Some("1/2-1/2"));
    assert_eq!(g.result, GameResult::Draw);
    let mut g = g;
    g.result = GameResult::Win(Color::Black);
    let w = g.to_string();
    assert!(w.contains("[Result \"0-1\"]"), "{w}");
    assert!(w.trim_end().ends_with("1. e4 0-1"), "{w}");
    assert_eq!(one(&w).result, GameResult::Win(Color::Black));
}

/// "PGN": a UTF-8 byte-order mark is skipped wherever a token may start, so concatenated
/// files that each start with one read.
///
/// Rule: rules section 6 (PGN).
#[test]
fn pgn_byte_order_marks_of_concatenated_files_are_skipped() {
    let text = "\u{feff}[Event \"a\"]\n\n1. e4 *\n\n\u{feff}[Event \"b\"]\n\n1. d4 *\n";
    let read = pgn::read_pgn(text);
    assert!(read.errors.is_empty(), "{:?}", read.errors);
    let events: Vec<_> = read.games.iter().map(|g| g.tag("Event")).collect();
    assert_eq!(events, [Some("a"), Some("b")]);
}

/// "PGN": a tag pair after a blank line that names the game's first tag again begins a new
/// game: a game cut off in its tags no longer takes the next one with it.
///
/// Rule: rules section 6 (PGN).
#[test]
fn pgn_game_cut_off_in_its_tags_does_not_take_the_next() {
    let text = "[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n[Site \"y\"]\n\n1. e4 *\n";
    let read = pgn::read_pgn(text);
    assert_eq!(read.games.len(), 1);
    assert_eq!(read.games[0].tag("Event"), Some("b"));
    assert_eq!(read.errors.len(), 1);
    assert_eq!(read.errors[0].game, 1);
    let text = "[Event \"a\"]\n[Site \"x\"]\n\n[Event b]\n[Site \"y\"]\n\n1. e4 *\n";
    let read = pgn::read_pgn(text);
    assert_eq!(read.errors.len(), 2, "{:?}", read.errors);
    assert!(read.games.is_empty());
}

/// A3 ("The rules, id by id"; rules digest A3, FIDE 9.2.3): positions are the same when they
/// have the same possible moves: with the same placement, an en-passant capture legal on one
/// square makes another position than one legal on another square.
#[test]
fn a3_different_legal_en_passant_captures_make_different_positions() {
    // White pawns d5 and f5, black pawns e5 and g5: e7-e5 or g7-g5 was the last move.
    let e = pos("4k3/8/8/3PpPp1/8/8/8/4K3 w - e6 0 2");
    let g = pos("4k3/8/8/3PpPp1/8/8/8/4K3 w - g6 0 2");
    let none = pos("4k3/8/8/3PpPp1/8/8/8/4K3 w - - 0 2");
    assert!(e.legal_ep_square().is_some() && g.legal_ep_square().is_some());
    assert_ne!(e.repetition_key(), g.repetition_key());
    assert_ne!(e.repetition_key(), none.repetition_key());
    // A double step that cannot be answered en passant does not count.
    let quiet = pos("4k3/8/8/4p3/8/8/8/4K3 w - e6 0 2");
    let plain = pos("4k3/8/8/4p3/8/8/8/4K3 w - - 0 2");
    assert_eq!(quiet.repetition_key(), plain.repetition_key());
}

/// "The rules as implemented" (K20, A11): in Chess960 castling may leave the king or the rook
/// where it stands: king g1 with rook h1 (the king stays, the rook goes to f1), king c1 with
/// rook a1 (the king stays, the rook goes to d1), king e1 with rook d1 (the rook stays, the
/// king goes to c1).
#[test]
fn chess960_castling_where_the_king_or_the_rook_stays() {
    for (fen, m, king, rook) in [
        (
            "k7/8/8/8/8/8/8/6KR w H - 0 1",
            "g1h1",
            Square::G1,
            Square::F1,
        ),
        (
            "7k/8/8/8/8/8/8/R1K5 w A - 0 1",
            "c1a1",
            Square::C1,
            Square::D1,
        ),
        (
            "7k/8/8/8/8/8/8/3RK3 w D - 0 1",
            "e1d1",
            Square::C1,
            Square::D1,
        ),
    ] {
        let p = pos(fen);
        assert_eq!(p.castling_mode(), CastlingMode::Chess960, "{fen}");
        assert!(p.san(uci(&p, m)).starts_with("O-O"), "{fen}");
        let after = castle_white(fen, m, king, rook);
        assert_eq!(after.castling_rooks(), lattjo_chess::Bitboard(0), "{fen}");
    }
    // The rook's destination occupied by another piece: no castling.
    let p = pos("7k/8/8/8/8/8/8/R1KN4 w A - 0 1");
    assert!(!p.is_legal(Move::new(Square::C1, Square::A1)));
    // The king's unmoved square attacked (in check): no castling.
    let p = pos("k5r1/8/8/8/8/8/8/6KR w H - 0 1");
    assert!(p.is_check());
    assert!(!p.is_legal(Move::new(Square::G1, Square::H1)));
}

/// "Against pgn-extract": lowercase piece letters (`qe7`) and other languages' piece
/// letters (`Sf3`) stay refused on purpose.
///
/// Rule: rules section 6 (SAN piece letters K Q R B N).
#[test]
fn san_refuses_lowercase_and_foreign_piece_letters() {
    let p = pos("4k3/8/8/8/8/8/8/Q3K1N1 w - - 0 1");
    assert_eq!(p.parse_san("Qe5"), Ok(uci(&p, "a1e5")));
    assert!(p.parse_san("qe5").is_err());
    assert_eq!(p.parse_san("Nf3"), Ok(uci(&p, "g1f3")));
    assert!(p.parse_san("Sf3").is_err());
    assert!(matches!(err_kind("1. Sf3 *"), PgnErrorKind::Move { .. }));
}

/// "Move generation": `MoveList` is a fixed array of 256 moves (`MAX_MOVES`), enough for the
/// position with the most legal moves known (218).
///
/// Rule: rules section 7 (legal move generation).
#[test]
fn move_list_holds_256_and_the_218_move_position_fits() {
    assert_eq!(lattjo_chess::MAX_MOVES, 256);
    let p = pos("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
    assert_eq!(p.legal_moves().len(), 218);
}

/// "The game state" and "Random games through the `Game` trait" (A3, FIDE 9.2): the
/// repetition count and the threefold claims (on the position and with each move) agree with
/// a count over the repetition keys since the last pawn move or capture, also in games past
/// 256 reversible plies, where the counts are kept in a map (possible without the 75-move
/// rule: `with_automatic_draws(false)`, and in the booklet).
#[test]
fn repetitions_and_threefold_claims_agree_with_a_brute_force_count_in_long_games() {
    let rules = Rules::fide()
        .with_automatic_draws(false)
        .with_decisions(true);
    for seed in 0..3u64 {
        let game = Chess::new(rules)
            .unwrap()
            .with_start(pos("1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1"));
        let booklet = Chess::new(Rules::lattjo())
            .unwrap()
            .with_start(pos("1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1"));
        let mut state = game.new_initial_state();
        let mut bstate = booklet.new_initial_state();
        let mut keys = vec![state.position().repetition_key()];
        let mut rng = lattjo_chess::GameRng::new(seed, 7);
        for ply in 0..700 {
            let p = state.position().clone();
            let count = |k: u64, keys: &[u64]| keys.iter().filter(|&&x| x == k).count();
            let now = count(p.repetition_key(), &keys);
            assert_eq!(state.repetitions() as usize, now, "seed {seed} ply {ply}");
            assert_eq!(bstate.repetitions() as usize, now, "seed {seed} ply {ply}");
            assert_eq!(
                game.claimable_draws(&state).threefold_repetition,
                now >= 3,
                "seed {seed} ply {ply}"
            );
            let quiet: Vec<Move> = p
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| !p.is_capture(m))
                .collect();
            for &m in &quiet {
                let mut q = p.clone();
                q.play(m).unwrap();
                let brings = count(q.repetition_key(), &keys) + 1;
                assert_eq!(
                    game.claimable_draws_with(&state, m).threefold_repetition,
                    brings >= 3,
                    "seed {seed} ply {ply} {m}"
                );
            }
            let m = quiet[rng.index(quiet.len())];
            game.apply(&mut state, &Action::Move(m)).unwrap();
            booklet.apply(&mut bstate, &Action::Move(m)).unwrap();
            keys.push(state.position().repetition_key());
        }
        assert_eq!(state.outcome(), None);
        assert_eq!(state.position().halfmoves(), 700);
    }
}

/// "Learning encodings", planes 15-18: in Chess960 the castling planes are the rook towards h
/// and the rook towards a, of the side to move and of the opponent.
///
/// Rule: K18, K19, A10.
#[test]
fn chess960_castling_planes_are_the_rooks_towards_h_and_a() {
    // King c1 with rooks b1 (towards a) and f1 (towards h); Black's only right towards a.
    let p = pos("1rk5/8/8/8/8/8/8/1RK2R2 w FBb - 0 1");
    assert_eq!(p.castling_mode(), CastlingMode::Chess960);
    let game = Chess::default().with_start(p);
    let mut state = game.new_initial_state();
    let planes = |o: &[f32]| [15, 16, 17, 18].map(|i| o[i * 64]);
    assert_eq!(planes(&observe(&game, &state, 0)), [1.0, 1.0, 0.0, 1.0]);
    // The f1 rook moves: White keeps only the right towards a; seen from Black now.
    play(&game, &mut state, &["f1f2"]);
    assert_eq!(planes(&observe(&game, &state, 0)), [0.0, 1.0, 0.0, 1.0]);
}

/// "Notation and text": parsing what is displayed gives the value back, in the value's
/// castling mode where the text cannot carry it. A Chess960 position with no castling right
/// left has the FEN of a standard chess position: `FromStr` reads that (same board and keys),
/// `Position::from_fen(text, Chess960)` and `Epd::from_epd` give the value back. A Chess960
/// `position` command reads back through `UciPosition::parse(text, Chess960)`; `FromStr` reads
/// standard chess.
///
/// Rule: rules section 7 (FEN round trip), A11.
#[test]
fn chess960_values_read_back_in_their_castling_mode() {
    let p = chess960_without_rights();
    let text = p.to_string();
    assert_eq!(
        text,
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1"
    );
    let standard: Position = text.parse().unwrap();
    assert_eq!(standard.castling_mode(), CastlingMode::Standard);
    assert_eq!(standard.board(), p.board());
    assert_eq!(standard.zobrist(), p.zobrist());
    assert_eq!(standard.to_string(), text);
    assert_eq!(
        Position::from_fen(&text, CastlingMode::Chess960),
        Ok(p.clone())
    );
    let e = Epd::new(p.clone());
    assert_eq!(
        Epd::from_epd(&e.to_string(), CastlingMode::Chess960).unwrap(),
        e
    );
    // A Chess960 command with castling rights.
    let start = Position::chess960(100).unwrap();
    let cmd = UciPosition::new(start, &[]).unwrap();
    let line = cmd.to_string();
    assert_eq!(
        line,
        "position fen qbbnrnkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNRNKR w KQkq - 0 1"
    );
    assert_eq!(UciPosition::parse(&line, CastlingMode::Chess960), Ok(cmd));
    assert!(
        line.parse::<UciPosition>().is_err(),
        "FromStr reads standard chess"
    );
}

/// "Notation and text", SVG: the flipped board is drawn from Black's side: h and 1 come first
/// in the coordinates, and White's king on e1 is in the top half.
///
/// Rule: none (the page's own feature); rules section 1.
#[test]
fn svg_flipped_board_is_drawn_from_blacks_side() {
    let coords = |out: &str| -> String { svg_texts(out).concat() };
    let king_y = |out: &str| -> u32 {
        let g = out.find("<g class=\"piece white King\"").unwrap();
        let t = &out[g..];
        let t = &t[t.find("translate(").unwrap() + "translate(".len()..];
        let t = &t[..t.find(')').unwrap()];
        t.split(' ').nth(1).unwrap().parse().unwrap()
    };
    let opts = svg::Options::default();
    let plain = render(&Position::new(), |_| {});
    let flipped = render(&Position::new(), |o| o.flipped = true);
    assert!(coords(&plain).starts_with("a8b7"), "{}", coords(&plain));
    assert!(coords(&flipped).starts_with("h1g2"), "{}", coords(&flipped));
    let half = (8 * opts.square_px + opts.square_px) / 2;
    assert!(king_y(&plain) > half);
    assert!(king_y(&flipped) < half);
}

/// "PGN", other variants: the `Variant` tag says what game the moves belong to. A game tagged
/// Chess960 without a `FEN` tag (python-chess writes Chess960's standard array, number 518,
/// so) was read as standard chess: its start was in standard chess's castling mode, so its
/// castling wrote `e1g1` in UCI where a Chess960 engine expects `e1h1`, while the same game
/// with its FEN tag was read as Chess960.
///
/// Rule: A11; rules section 6 (PGN, UCI castling).
#[test]
fn regression_variant_chess960_without_fen_was_read_as_standard_chess() {
    let moves = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *";
    let without = one(&format!("[Variant \"Chess960\"]\n\n{moves}"));
    let with = one(&format!(
        "[Variant \"Chess960\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n{moves}"
    ));
    assert_eq!(with.start.castling_mode(), CastlingMode::Chess960);
    assert_eq!(without.start.castling_mode(), CastlingMode::Chess960);
    assert_eq!(without.start, with.start);
    assert_eq!(without.moves, with.moves);
    let mut p = without.start.clone();
    for &m in &without.moves[..6] {
        p.play(m).unwrap();
    }
    assert_eq!(p.to_uci(without.moves[6]).to_string(), "e1h1");
    // It writes and reads back as the same game.
    assert_eq!(one(&without.to_string()), without);
    // Without the tag, the same text is standard chess.
    assert_eq!(one(moves).start, Position::new());
}

/// "PGN", null moves: `Position::play_null` passes the turn, drops the en-passant square and
/// advances the clocks as python-chess plays a null move; it is refused in check, and
/// `Position::play` refuses `Move::NULL`.
///
/// Rule: rules section 6 (UCI null move), K14, A9.
#[test]
fn play_null_passes_the_turn_as_python_chess_does() {
    let mut p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    p.play_null().unwrap();
    assert_eq!(
        p.to_string(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 1 2"
    );
    p.play_null().unwrap();
    assert_eq!(
        p.to_string(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2 3"
    );
    let mut check = pos("rnbqkbnr/ppppp2p/8/5ppQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3");
    assert!(check.is_check());
    let before = check.clone();
    assert!(check.play_null().is_err());
    assert_eq!(check, before);
    let mut q = Position::new();
    assert!(q.play(Move::NULL).is_err());
    assert!(
        Chess::default()
            .apply(
                &mut Chess::default().new_initial_state(),
                &Action::Move(Move::NULL)
            )
            .is_err()
    );
}
