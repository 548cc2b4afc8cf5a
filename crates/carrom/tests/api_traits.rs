//! What the Rust API Guidelines ask of `lattjo-carrom`'s public types, checked where a user
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
    send_sync::<lattjo_carrom::Action>();
    send_sync::<lattjo_carrom::AimedShot>();
    send_sync::<lattjo_carrom::AimedShotError>();
    send_sync::<lattjo_carrom::BoardEnd>();
    send_sync::<lattjo_carrom::BoardEndScoring>();
    send_sync::<lattjo_carrom::BoardResult>();
    send_sync::<lattjo_carrom::BothLastPieces>();
    send_sync::<lattjo_carrom::BreakRotation>();
    send_sync::<lattjo_carrom::Call>();
    send_sync::<lattjo_carrom::Carrom>();
    send_sync::<lattjo_carrom::CarromGame>();
    send_sync::<lattjo_carrom::Colour>();
    send_sync::<lattjo_carrom::DueChoice>();
    send_sync::<lattjo_carrom::EventsError>();
    send_sync::<lattjo_carrom::Noise>();
    send_sync::<lattjo_carrom::NoiseError>();
    send_sync::<lattjo_carrom::NoiseModel>();
    send_sync::<lattjo_carrom::Outcome>();
    send_sync::<lattjo_carrom::ParseActionError>();
    send_sync::<lattjo_carrom::ParseStrokeError>();
    send_sync::<lattjo_carrom::PenaltyPoints>();
    send_sync::<lattjo_carrom::Phase>();
    send_sync::<lattjo_carrom::PhysicsConfig>();
    send_sync::<lattjo_carrom::PhysicsConfigError>();
    send_sync::<lattjo_carrom::Piece>();
    send_sync::<lattjo_carrom::PieceError>();
    send_sync::<lattjo_carrom::Planner>();
    send_sync::<lattjo_carrom::PlannerConfig>();
    send_sync::<lattjo_carrom::PlayError>();
    send_sync::<lattjo_carrom::QueenState>();
    send_sync::<lattjo_carrom::QueenWithFirstPiece>();
    send_sync::<lattjo_carrom::Resolution>();
    send_sync::<lattjo_carrom::Rules>();
    send_sync::<lattjo_carrom::RulesError>();
    send_sync::<lattjo_carrom::Setup>();
    send_sync::<lattjo_carrom::SetupError>();
    send_sync::<lattjo_carrom::Side>();
    send_sync::<lattjo_carrom::State>();
    send_sync::<lattjo_carrom::Stroke>();
    send_sync::<lattjo_carrom::StrokeError>();
    send_sync::<lattjo_carrom::StrokeTrace>();
    send_sync::<lattjo_carrom::TieAfterMaxBoards>();
    send_sync::<lattjo_carrom::TurnDirection>();
    send_sync::<lattjo_carrom::svg::Options>();
}

#[test]
fn every_error_type_is_a_good_error() {
    good_error::<lattjo_carrom::AimedShotError>();
    good_error::<lattjo_carrom::EventsError>();
    good_error::<lattjo_carrom::NoiseError>();
    good_error::<lattjo_carrom::ParseActionError>();
    good_error::<lattjo_carrom::ParseStrokeError>();
    good_error::<lattjo_carrom::PhysicsConfigError>();
    good_error::<lattjo_carrom::PieceError>();
    good_error::<lattjo_carrom::PlayError>();
    good_error::<lattjo_carrom::RulesError>();
    good_error::<lattjo_carrom::SetupError>();
    good_error::<lattjo_carrom::StrokeError>();
}

#[test]
fn regression_carrom_game_was_not_partial_eq() {
    use lattjo_carrom::{Carrom, CarromGame, Rules};
    let icf = Carrom::new(Rules::icf()).expect("the ICF rules");
    let lattjo = Carrom::new(Rules::lattjo()).expect("the booklet");
    assert_eq!(icf, icf.clone());
    assert_ne!(icf, lattjo);
    assert_eq!(
        Carrom::default(),
        Carrom::new(Rules::default()).expect("the default rules")
    );
    assert_eq!(CarromGame::new(icf.clone()), CarromGame::new(icf));
    assert_ne!(
        CarromGame::new(lattjo),
        CarromGame::new(Carrom::new(Rules::icf()).expect("the ICF rules"))
    );
}

#[test]
fn regression_resolution_was_not_eq_or_hash() {
    fn eq_hash<T: Eq + std::hash::Hash>() {}
    eq_hash::<lattjo_carrom::Resolution>();
}

/// A game server logs what a stroke did: the outcome, the resolution and the planner's aimed
/// shots lacked serde (C-SERDE) until 7 December 2026.
#[cfg(feature = "serde")]
#[test]
fn regression_stroke_reports_were_not_serde() {
    fn serializes<T: serde::Serialize + serde::de::DeserializeOwned>() {}
    serializes::<lattjo_carrom::Outcome>();
    serializes::<lattjo_carrom::Resolution>();
    serializes::<lattjo_carrom::AimedShot>();
}

#[test]
fn regression_colour_was_not_ord() {
    use lattjo_carrom::Colour;
    use std::collections::BTreeSet;
    assert!(Colour::White < Colour::Black, "the breaking colour first");
    let colours: BTreeSet<Colour> = [Colour::Black, Colour::White, Colour::Black]
        .into_iter()
        .collect();
    assert_eq!(
        colours.into_iter().collect::<Vec<_>>(),
        [Colour::White, Colour::Black]
    );
}
