//! What the Rust API Guidelines ask of `lattjo-disc-billiards`'s public types, checked where a user
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
    send_sync::<lattjo_disc_billiards::Action>();
    send_sync::<lattjo_disc_billiards::Body>();
    send_sync::<lattjo_disc_billiards::Call>();
    send_sync::<lattjo_disc_billiards::CallError>();
    send_sync::<lattjo_disc_billiards::CallReport>();
    send_sync::<lattjo_disc_billiards::Candidate>();
    send_sync::<lattjo_disc_billiards::CandidateError>();
    send_sync::<lattjo_disc_billiards::Compass>();
    send_sync::<lattjo_disc_billiards::Conduct>();
    send_sync::<lattjo_disc_billiards::DebtSettlement>();
    send_sync::<lattjo_disc_billiards::Dimensions>();
    send_sync::<lattjo_disc_billiards::DirectAtDark>();
    send_sync::<lattjo_disc_billiards::Disc>();
    send_sync::<lattjo_disc_billiards::DiscId>();
    send_sync::<lattjo_disc_billiards::Foul>();
    send_sync::<lattjo_disc_billiards::Fouls>();
    send_sync::<lattjo_disc_billiards::NextSetStarter>();
    send_sync::<lattjo_disc_billiards::Noise>();
    send_sync::<lattjo_disc_billiards::NoiseModel>();
    send_sync::<lattjo_disc_billiards::Novuss>();
    send_sync::<lattjo_disc_billiards::OffTablePlacement>();
    send_sync::<lattjo_disc_billiards::Outcome>();
    send_sync::<lattjo_disc_billiards::ParseActionError>();
    send_sync::<lattjo_disc_billiards::OutcomeError>();
    send_sync::<lattjo_disc_billiards::OwnDiscOffTable>();
    send_sync::<lattjo_disc_billiards::PairDiscs>();
    send_sync::<lattjo_disc_billiards::ParseStrokeError>();
    send_sync::<lattjo_disc_billiards::Penalty>();
    send_sync::<lattjo_disc_billiards::PhysicsConfig>();
    send_sync::<lattjo_disc_billiards::PhysicsConfigError>();
    send_sync::<lattjo_disc_billiards::PhysicsError>();
    send_sync::<lattjo_disc_billiards::PlacementTest>();
    send_sync::<lattjo_disc_billiards::Planner>();
    send_sync::<lattjo_disc_billiards::PlannerConfig>();
    send_sync::<lattjo_disc_billiards::PlayError>();
    send_sync::<lattjo_disc_billiards::PuckReturnRule>();
    send_sync::<lattjo_disc_billiards::Resolution>();
    send_sync::<lattjo_disc_billiards::Rules>();
    send_sync::<lattjo_disc_billiards::RulesError>();
    send_sync::<lattjo_disc_billiards::Setup>();
    send_sync::<lattjo_disc_billiards::SetupError>();
    send_sync::<lattjo_disc_billiards::ShotKind>();
    send_sync::<lattjo_disc_billiards::Side>();
    send_sync::<lattjo_disc_billiards::SideReboundToDark>();
    send_sync::<lattjo_disc_billiards::SimScratch>();
    send_sync::<lattjo_disc_billiards::State>();
    send_sync::<lattjo_disc_billiards::Status>();
    send_sync::<lattjo_disc_billiards::Stroke>();
    send_sync::<lattjo_disc_billiards::StrokeError>();
    send_sync::<lattjo_disc_billiards::StrokeEvent>();
    send_sync::<lattjo_disc_billiards::StrokeKind>();
    send_sync::<lattjo_disc_billiards::StrokeTrace>();
    send_sync::<lattjo_disc_billiards::TechniqueBreach>();
    send_sync::<lattjo_disc_billiards::TurnLoss>();
    send_sync::<lattjo_disc_billiards::TurnLosses>();
    send_sync::<lattjo_disc_billiards::UnknownBits>();
    send_sync::<lattjo_disc_billiards::WeakPlayer>();
    send_sync::<lattjo_disc_billiards::svg::Options>();
}

#[test]
fn every_error_type_is_a_good_error() {
    good_error::<lattjo_disc_billiards::CallError>();
    good_error::<lattjo_disc_billiards::CandidateError>();
    good_error::<lattjo_disc_billiards::OutcomeError>();
    good_error::<lattjo_disc_billiards::ParseActionError>();
    good_error::<lattjo_disc_billiards::ParseStrokeError>();
    good_error::<lattjo_disc_billiards::PhysicsConfigError>();
    good_error::<lattjo_disc_billiards::PhysicsError>();
    good_error::<lattjo_disc_billiards::PlayError>();
    good_error::<lattjo_disc_billiards::RulesError>();
    good_error::<lattjo_disc_billiards::SetupError>();
    good_error::<lattjo_disc_billiards::StrokeError>();
    good_error::<lattjo_disc_billiards::UnknownBits>();
}

#[test]
fn regression_outcome_and_physics_errors_were_not_eq() {
    fn eq<T: Eq>() {}
    eq::<lattjo_disc_billiards::OutcomeError>();
    eq::<lattjo_disc_billiards::PhysicsError>();
}

#[test]
fn regression_resolution_was_not_hash() {
    fn hash<T: Eq + std::hash::Hash>() {}
    hash::<lattjo_disc_billiards::Resolution>();
}

/// A game server logs what a stroke did: the outcome (with its events and bodies), a call's
/// report and the planner's candidates lacked serde (C-SERDE) until 7 December 2026.
#[cfg(feature = "serde")]
#[test]
fn regression_stroke_reports_were_not_serde() {
    fn serializes<T: serde::Serialize + serde::de::DeserializeOwned>() {}
    serializes::<lattjo_disc_billiards::Body>();
    serializes::<lattjo_disc_billiards::StrokeEvent>();
    serializes::<lattjo_disc_billiards::Outcome>();
    serializes::<lattjo_disc_billiards::CallReport>();
    serializes::<lattjo_disc_billiards::Candidate>();
    serializes::<lattjo_disc_billiards::ShotKind>();
}
