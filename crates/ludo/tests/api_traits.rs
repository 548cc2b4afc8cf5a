//! What the Rust API Guidelines ask of `lattjo-ludo`'s public types, checked where a user
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
    send_sync::<lattjo_ludo::Action>();
    send_sync::<lattjo_ludo::ByColour<u8>>();
    send_sync::<lattjo_ludo::Colour>();
    send_sync::<lattjo_ludo::Die>();
    send_sync::<lattjo_ludo::DieError>();
    send_sync::<lattjo_ludo::Dot>();
    send_sync::<lattjo_ludo::DotError>();
    send_sync::<lattjo_ludo::Finish>();
    send_sync::<lattjo_ludo::Geometry>();
    send_sync::<lattjo_ludo::GeometryError>();
    send_sync::<lattjo_ludo::Ludo>();
    send_sync::<lattjo_ludo::Move>();
    send_sync::<lattjo_ludo::MoveKind>();
    send_sync::<lattjo_ludo::ObservationKind>();
    send_sync::<lattjo_ludo::Opening>();
    send_sync::<lattjo_ludo::Overshoot>();
    send_sync::<lattjo_ludo::ParseActionError>();
    send_sync::<lattjo_ludo::ParseColourError>();
    send_sync::<lattjo_ludo::ParseDieError>();
    send_sync::<lattjo_ludo::ParseLegalMoveError>();
    send_sync::<lattjo_ludo::ParseMoveError>();
    send_sync::<lattjo_ludo::ParseRulesError>();
    send_sync::<lattjo_ludo::ParseStateError>();
    send_sync::<lattjo_ludo::PlaceError>();
    send_sync::<lattjo_ludo::Places>();
    send_sync::<lattjo_ludo::PlayError>();
    send_sync::<lattjo_ludo::Position>();
    send_sync::<lattjo_ludo::PositionError>();
    send_sync::<lattjo_ludo::Preset>();
    send_sync::<lattjo_ludo::ReleaseRolls>();
    send_sync::<lattjo_ludo::ReleaseRollsError>();
    send_sync::<lattjo_ludo::Rules>();
    send_sync::<lattjo_ludo::RulesError>();
    send_sync::<lattjo_ludo::SafeDots>();
    send_sync::<lattjo_ludo::SafeDotsError>();
    send_sync::<lattjo_ludo::Seats>();
    send_sync::<lattjo_ludo::SeatsError>();
    send_sync::<lattjo_ludo::SixRelease>();
    send_sync::<lattjo_ludo::State>();
    send_sync::<lattjo_ludo::StateError>();
    send_sync::<lattjo_ludo::svg::Options>();
}

#[test]
fn every_error_type_is_a_good_error() {
    good_error::<lattjo_ludo::DieError>();
    good_error::<lattjo_ludo::DotError>();
    good_error::<lattjo_ludo::GeometryError>();
    good_error::<lattjo_ludo::ParseActionError>();
    good_error::<lattjo_ludo::ParseColourError>();
    good_error::<lattjo_ludo::ParseDieError>();
    good_error::<lattjo_ludo::ParseLegalMoveError>();
    good_error::<lattjo_ludo::ParseMoveError>();
    good_error::<lattjo_ludo::ParseRulesError>();
    good_error::<lattjo_ludo::ParseStateError>();
    good_error::<lattjo_ludo::PlaceError>();
    good_error::<lattjo_ludo::PlayError>();
    good_error::<lattjo_ludo::PositionError>();
    good_error::<lattjo_ludo::ReleaseRollsError>();
    good_error::<lattjo_ludo::RulesError>();
    good_error::<lattjo_ludo::SafeDotsError>();
    good_error::<lattjo_ludo::SeatsError>();
    good_error::<lattjo_ludo::StateError>();
}

#[test]
fn regression_ludo_game_was_not_hash() {
    use lattjo_ludo::{Ludo, Rules};
    use std::collections::HashSet;
    let games: HashSet<Ludo> = [
        Ludo::new(Rules::lattjo()).expect("the booklet"),
        Ludo::new(Rules::lattjo()).expect("the booklet"),
        Ludo::new(Rules::lattjo().with_players(2)).expect("two players"),
    ]
    .into_iter()
    .collect();
    assert_eq!(games.len(), 2);
}

/// A state string's `rules=` field was quoted whole in its error (C-GOOD-ERR, and the
/// workspace's bound on what one input can cost): a megabyte of options made a megabyte
/// of message. It is quoted through `boardgame_core::text::excerpt`, as every other field.
#[test]
fn regression_rules_field_was_quoted_whole_in_its_error() {
    use lattjo_ludo::{Ludo, State};
    let position = "LUDO 40/40/4 RGYB R 0 R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0";
    for junk in [
        format!("lattjo,{}", "x".repeat(1 << 20)),
        format!("lattjo,{}=yes", "x".repeat(1 << 20)),
        "q".repeat(1 << 20),
    ] {
        let text = format!("{position} rules={junk}");
        let e = text.parse::<State>().expect_err("no such options");
        assert!(
            e.to_string().len() < 400,
            "a {}-byte message",
            e.to_string().len()
        );
        let e = Ludo::default()
            .state_from_str(&text)
            .expect_err("no such options");
        assert!(
            e.to_string().len() < 400,
            "a {}-byte message",
            e.to_string().len()
        );
    }
}
