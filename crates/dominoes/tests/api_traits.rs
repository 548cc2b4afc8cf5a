//! What the Rust API Guidelines ask of `lattjo-dominoes`'s public types, checked where a user
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
    send_sync::<lattjo_dominoes::Action>();
    send_sync::<lattjo_dominoes::BlockedTie>();
    send_sync::<lattjo_dominoes::Dominoes>();
    send_sync::<lattjo_dominoes::DrawRule>();
    send_sync::<lattjo_dominoes::End>();
    send_sync::<lattjo_dominoes::Group>();
    send_sync::<lattjo_dominoes::HandTable>();
    send_sync::<lattjo_dominoes::InSet<'static>>();
    send_sync::<lattjo_dominoes::Layout>();
    send_sync::<lattjo_dominoes::NextRoundLeader>();
    send_sync::<lattjo_dominoes::NoDouble>();
    send_sync::<lattjo_dominoes::ObservationKind>();
    send_sync::<lattjo_dominoes::ParseActionError>();
    send_sync::<lattjo_dominoes::ParseEndError>();
    send_sync::<lattjo_dominoes::ParseLayoutError>();
    send_sync::<lattjo_dominoes::ParseRoundError>();
    send_sync::<lattjo_dominoes::ParseTileError>();
    send_sync::<lattjo_dominoes::ParseTilesError>();
    send_sync::<lattjo_dominoes::PlaceError>();
    send_sync::<lattjo_dominoes::PlayError>();
    send_sync::<lattjo_dominoes::ReplayRoundError>();
    send_sync::<lattjo_dominoes::RoundEnd>();
    send_sync::<lattjo_dominoes::RoundRecord>();
    send_sync::<lattjo_dominoes::RoundResult>();
    send_sync::<lattjo_dominoes::Rules>();
    send_sync::<lattjo_dominoes::RulesError>();
    send_sync::<lattjo_dominoes::ScoreBasis>();
    send_sync::<lattjo_dominoes::Scoring>();
    send_sync::<lattjo_dominoes::Setup>();
    send_sync::<lattjo_dominoes::SetupError>();
    send_sync::<lattjo_dominoes::Shown>();
    send_sync::<lattjo_dominoes::Side>();
    send_sync::<lattjo_dominoes::SpinnerRule>();
    send_sync::<lattjo_dominoes::State>();
    send_sync::<lattjo_dominoes::StateError>();
    send_sync::<lattjo_dominoes::Step>();
    send_sync::<lattjo_dominoes::Tile>();
    send_sync::<lattjo_dominoes::Tiles>();
    send_sync::<lattjo_dominoes::View>();
    send_sync::<lattjo_dominoes::svg::Options>();
}

#[test]
fn every_error_type_is_a_good_error() {
    good_error::<lattjo_dominoes::ParseActionError>();
    good_error::<lattjo_dominoes::ParseEndError>();
    good_error::<lattjo_dominoes::ParseLayoutError>();
    good_error::<lattjo_dominoes::ParseRoundError>();
    good_error::<lattjo_dominoes::ParseTileError>();
    good_error::<lattjo_dominoes::ParseTilesError>();
    good_error::<lattjo_dominoes::PlaceError>();
    good_error::<lattjo_dominoes::PlayError>();
    good_error::<lattjo_dominoes::ReplayRoundError>();
    good_error::<lattjo_dominoes::RulesError>();
    good_error::<lattjo_dominoes::SetupError>();
    good_error::<lattjo_dominoes::StateError>();
}

fn booklet_setup() -> lattjo_dominoes::Setup {
    use lattjo_dominoes::{Dominoes, Layout, Seat, Setup, Tiles};
    let game = Dominoes::default();
    let layout: Layout = "[6-6]".parse().expect("a layout");
    let hands: Vec<Tiles> = vec![
        "6-4 2-1".parse().expect("tiles"),
        "5-5 3-0".parse().expect("tiles"),
    ];
    let stock = game
        .set()
        .difference(layout.tiles())
        .difference(hands[0])
        .difference(hands[1]);
    Setup {
        hands,
        stock,
        layout,
        to_move: Seat::new(1),
    }
}

#[test]
fn regression_setup_was_not_hash() {
    use lattjo_dominoes::{Seat, Setup};
    use std::collections::HashSet;
    let setup = booklet_setup();
    let other = Setup {
        to_move: Seat::new(0),
        ..booklet_setup()
    };
    let setups: HashSet<Setup> = [setup.clone(), setup, other].into_iter().collect();
    assert_eq!(setups.len(), 2);
}

#[cfg(feature = "serde")]
#[test]
fn regression_setup_did_not_serialize() {
    use lattjo_dominoes::{Dominoes, Setup};
    let setup = booklet_setup();
    let json = serde_json::to_string(&setup).expect("a setup serializes");
    let back: Setup = serde_json::from_str(&json).expect("and reads back");
    assert_eq!(back, setup);
    // Read back unchecked, as a setup is: the game checks it when it builds the state.
    let game = Dominoes::default();
    assert_eq!(
        game.setup(back).expect("a playable setup"),
        game.setup(booklet_setup()).expect("the same")
    );
}

#[cfg(feature = "serde")]
#[test]
fn regression_view_did_not_serialize() {
    use lattjo_dominoes::{Dominoes, Game, ImperfectInfo, Seat, Turn, View};
    let game = Dominoes::default();
    let mut state = game.new_initial_state();
    let mut rng = lattjo_dominoes::GameRng::new(5, 0);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..40 {
        for viewer in [None, Some(Seat::new(0)), Some(Seat::new(1))] {
            let view = game.view(&state, viewer);
            let json = serde_json::to_string(&view).expect("a view serializes");
            let back: View = serde_json::from_str(&json).expect("and reads back");
            assert_eq!(back, view, "{json}");
        }
        let next = match game.turn(&state) {
            Turn::Terminal => break,
            Turn::Chance => {
                game.chance_outcomes(&state, &mut outcomes);
                outcomes[rng.below(outcomes.len() as u32) as usize].0
            }
            Turn::Player(_) => {
                game.legal_actions(&state, &mut actions);
                actions[rng.below(actions.len() as u32) as usize]
            }
        };
        game.apply(&mut state, &next).expect("a listed action");
    }
}
