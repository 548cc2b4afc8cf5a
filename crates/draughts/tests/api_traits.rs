//! What the Rust API Guidelines ask of `lattjo-draughts`'s public types, checked where a user
//! relies on it.
//!
//! C-SEND-SYNC: a game server shares values between threads and moves them across, and a
//! type loses `Send` or `Sync` silently when a field changes (an `Rc`, a `Cell`), which
//! would break those users. Every public type of the crate is named below, at the types a
//! user has for the generic ones, so that such a change fails to compile here.
//! C-GOOD-ERR: every error type is a `std::error::Error` that a user can box
//! (`Send + Sync + 'static`), print, clone and compare in a test.
//! The `regression_*` tests pin traits that were missing (C-COMMON-TRAITS, C-SERDE).

use std::fmt::{Debug, Display};

/// Compiles only for a type that can be sent to and shared with another thread.
fn send_sync<T: Send + Sync>() {}

/// Compiles only for an error type as C-GOOD-ERR describes it.
fn good_error<
    T: std::error::Error + Debug + Display + Clone + PartialEq + Send + Sync + 'static,
>() {
}

#[test]
fn every_public_type_is_send_and_sync() {
    send_sync::<lattjo_draughts::Action>();
    send_sync::<lattjo_draughts::Color>();
    send_sync::<lattjo_draughts::Draughts>();
    send_sync::<lattjo_draughts::DrawReason>();
    send_sync::<lattjo_draughts::Draws>();
    send_sync::<lattjo_draughts::FenError>();
    send_sync::<lattjo_draughts::FirstSeatError>();
    send_sync::<lattjo_draughts::GameResult>();
    send_sync::<lattjo_draughts::IllegalMoveError>();
    send_sync::<lattjo_draughts::KingMoves>();
    send_sync::<lattjo_draughts::Move>();
    send_sync::<lattjo_draughts::MoveError>();
    send_sync::<lattjo_draughts::MoveTextError>();
    send_sync::<lattjo_draughts::Outcome>();
    send_sync::<lattjo_draughts::ParseMoveError>();
    send_sync::<lattjo_draughts::PdnError>();
    send_sync::<lattjo_draughts::PdnErrorKind>();
    send_sync::<lattjo_draughts::PdnGame>();
    send_sync::<lattjo_draughts::PdnReader<&'static [u8]>>();
    send_sync::<lattjo_draughts::Piece>();
    send_sync::<lattjo_draughts::PlayError>();
    send_sync::<lattjo_draughts::Position>();
    send_sync::<lattjo_draughts::PositionError>();
    send_sync::<lattjo_draughts::ResultError>();
    send_sync::<lattjo_draughts::Role>();
    send_sync::<lattjo_draughts::Rules>();
    send_sync::<lattjo_draughts::RulesError>();
    send_sync::<lattjo_draughts::Setup>();
    send_sync::<lattjo_draughts::Square>();
    send_sync::<lattjo_draughts::SquareError>();
    send_sync::<lattjo_draughts::ParseColorError>();
    send_sync::<lattjo_draughts::State>();
    send_sync::<lattjo_draughts::StateError>();
    send_sync::<lattjo_draughts::TagError>();
    send_sync::<lattjo_draughts::WinReason>();
    send_sync::<lattjo_draughts::svg::Options>();
}

#[test]
fn every_error_type_is_a_good_error() {
    good_error::<lattjo_draughts::FenError>();
    good_error::<lattjo_draughts::FirstSeatError>();
    good_error::<lattjo_draughts::IllegalMoveError>();
    good_error::<lattjo_draughts::MoveError>();
    good_error::<lattjo_draughts::MoveTextError>();
    good_error::<lattjo_draughts::ParseMoveError>();
    good_error::<lattjo_draughts::PdnError>();
    good_error::<lattjo_draughts::PdnErrorKind>();
    good_error::<lattjo_draughts::PlayError>();
    good_error::<lattjo_draughts::PositionError>();
    good_error::<lattjo_draughts::ResultError>();
    good_error::<lattjo_draughts::RulesError>();
    good_error::<lattjo_draughts::SquareError>();
    good_error::<lattjo_draughts::ParseColorError>();
    good_error::<lattjo_draughts::StateError>();
    good_error::<lattjo_draughts::TagError>();
}

#[test]
fn regression_pdn_reader_was_not_debug() {
    use lattjo_draughts::PdnReader;
    let mut reader = PdnReader::new("[Event \"a\"]\n1. 11-15 23-19 1-0\n".as_bytes());
    assert!(format!("{reader:?}").starts_with("PdnReader {"));
    reader.next().expect("a game").expect("a good game");
    let shown = format!("{reader:?}");
    assert!(shown.contains("games: 1"), "{shown}");
}

#[test]
fn regression_state_and_game_were_not_hash() {
    use lattjo_draughts::{Action, Draughts, Game, KingMoves, Rules, State};
    use std::collections::HashSet;
    let game = Draughts::default();
    let mut state = game.new_initial_state();
    let mv = state
        .position()
        .parse_move("11-15", KingMoves::Short)
        .expect("a legal move");
    game.apply(&mut state, &Action::Move(mv)).expect("legal");
    let states: HashSet<State> = [state.clone(), state, game.new_initial_state()]
        .into_iter()
        .collect();
    assert_eq!(states.len(), 2);
    let games: HashSet<Draughts> = [
        Draughts::default(),
        Draughts::default(),
        Draughts::new(Rules::default().with_flying_kings(true)).expect("flying kings"),
    ]
    .into_iter()
    .collect();
    assert_eq!(games.len(), 2);
}

#[test]
fn regression_role_was_not_ord() {
    use lattjo_draughts::Role;
    assert!(
        Role::Man < Role::King,
        "as chess orders its roles, the uncrowned first"
    );
}

/// Regression (API audit, 6 December 2026): `Color` wrote `Black` and `White` where chess
/// and backgammon write their sides in lower case, and had no `FromStr` to read it back.
#[test]
fn regression_color_display_was_capitalised_and_did_not_read_back() {
    use lattjo_draughts::Color;
    for (c, text) in [(Color::Black, "black"), (Color::White, "white")] {
        assert_eq!(c.to_string(), text);
        assert_eq!(text.parse::<Color>(), Ok(c));
    }
    for bad in ["Black", "WHITE", "b", "", " black", "red"] {
        let err = bad.parse::<Color>().expect_err(bad);
        assert_eq!(err.0, bad);
    }
}
