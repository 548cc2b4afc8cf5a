//! What the Rust API Guidelines ask of `disc-physics`'s public types, checked where a user
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
    send_sync::<disc_physics::ConfigError>();
    send_sync::<disc_physics::CushionId>();
    send_sync::<disc_physics::DiscId>();
    send_sync::<disc_physics::DiscKind>();
    send_sync::<disc_physics::DiscState>();
    send_sync::<disc_physics::DiscStatus>();
    send_sync::<disc_physics::Event>();
    send_sync::<disc_physics::EventError>();
    send_sync::<disc_physics::EventKind>();
    send_sync::<disc_physics::KindError>();
    send_sync::<disc_physics::NoEvents>();
    send_sync::<disc_physics::Params>();
    send_sync::<disc_physics::PlaceError>();
    send_sync::<disc_physics::Pocket>();
    send_sync::<disc_physics::PocketId>();
    send_sync::<disc_physics::RemoveError>();
    send_sync::<disc_physics::RunSummary>();
    #[cfg(feature = "serde")] // world snapshots are a serde feature
    send_sync::<disc_physics::SnapshotError>();
    send_sync::<disc_physics::SolverStats>();
    send_sync::<disc_physics::StepConfig>();
    send_sync::<disc_physics::StepProfile>();
    send_sync::<disc_physics::StrikeError>();
    send_sync::<disc_physics::SvgOptions<'static>>();
    send_sync::<disc_physics::Table>();
    send_sync::<disc_physics::TableError>();
    send_sync::<disc_physics::Trajectory>();
    send_sync::<disc_physics::Vec2>();
    send_sync::<disc_physics::Wall>();
    send_sync::<disc_physics::World>();
    send_sync::<disc_physics::carrom::CoinColour>();
    send_sync::<disc_physics::scenes::SplitMix64>();
}

#[test]
fn every_error_type_is_a_good_error() {
    good_error::<disc_physics::ConfigError>();
    good_error::<disc_physics::EventError>();
    good_error::<disc_physics::KindError>();
    good_error::<disc_physics::PlaceError>();
    good_error::<disc_physics::RemoveError>();
    #[cfg(feature = "serde")] // world snapshots are a serde feature
    good_error::<disc_physics::SnapshotError>();
    good_error::<disc_physics::StrikeError>();
    good_error::<disc_physics::TableError>();
}

#[test]
fn regression_disc_status_and_coin_colour_were_not_hash() {
    use disc_physics::carrom::{CoinColour, formation};
    use disc_physics::{CushionId, DiscStatus, PocketId};
    use std::collections::{HashMap, HashSet};
    let statuses: HashSet<DiscStatus> = [
        DiscStatus::OnTable,
        DiscStatus::Pocketed(PocketId(0)),
        DiscStatus::Pocketed(PocketId(0)),
        DiscStatus::LeftTable(CushionId::RIGHT),
        DiscStatus::Removed,
    ]
    .into_iter()
    .collect();
    assert_eq!(statuses.len(), 4);
    let mut counts: HashMap<CoinColour, usize> = HashMap::new();
    for (_, colour) in formation() {
        *counts.entry(colour).or_default() += 1;
    }
    assert_eq!(counts[&CoinColour::Queen], 1);
    assert_eq!(counts[&CoinColour::White], 9);
    assert_eq!(counts[&CoinColour::Black], 9);
}

#[test]
fn regression_remove_error_was_not_eq() {
    use disc_physics::{RemoveError, StepConfig, Vec2, World, carrom};
    fn eq<T: Eq>(_: &T) {}
    let mut world = World::new(
        carrom::table().expect("the ICF table"),
        StepConfig::default(),
    )
    .expect("the default step");
    let coin = world
        .add_disc(carrom::COIN, Vec2::ZERO, Vec2::ZERO)
        .expect("the centre is free");
    world.remove(coin).expect("a disc on the table");
    let err = world.remove(coin).expect_err("removed already");
    eq(&err);
    assert_eq!(err, RemoveError::NotOnTable(coin));
}

#[cfg(feature = "serde")]
#[test]
fn regression_run_summary_disc_state_and_coin_colour_did_not_deserialize() {
    use disc_physics::carrom::{CoinColour, formation};
    use disc_physics::{DiscState, NoEvents, RunSummary, StepConfig, Vec2, World, carrom};
    let mut world = World::new(
        carrom::table().expect("the ICF table"),
        StepConfig::default(),
    )
    .expect("the default step");
    let coin = world
        .add_disc(carrom::COIN, Vec2::new(0.1, 0.0), Vec2::new(0.5, 0.0))
        .expect("a free spot");
    let run = world.run_to_rest(&mut NoEvents);
    let json = serde_json::to_string(&run).expect("a summary serializes");
    assert_eq!(
        serde_json::from_str::<RunSummary>(&json).expect("and reads back"),
        run
    );
    let disc = world.disc(coin).expect("an added disc");
    let json = serde_json::to_string(&disc).expect("a disc serializes");
    assert_eq!(
        serde_json::from_str::<DiscState>(&json).expect("and reads back"),
        disc
    );
    for (_, colour) in formation() {
        let json = serde_json::to_string(&colour).expect("a colour serializes");
        assert_eq!(
            serde_json::from_str::<CoinColour>(&json).expect("and reads back"),
            colour
        );
    }
    // A disc's kind is read through its checks: a negative radius is refused.
    let bad = serde_json::to_string(&disc)
        .expect("a disc serializes")
        .replacen("\"radius_m\":", "\"radius_m\":-", 1);
    assert!(serde_json::from_str::<DiscState>(&bad).is_err(), "{bad}");
}
