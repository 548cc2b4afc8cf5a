//! Every public type with a `Default` and serde impls: its default value reads back from its
//! JSON and its postcard bytes, and writes the same again. (6 December 2026: backgammon's
//! `Step` derived a default, `0/0`, that is no checker movement and did not read back; this
//! checks the whole class.) The list is every type of the library crates that derives or
//! implements `Default` and derives or implements both serde traits.

use serde::Serialize;
use serde::de::DeserializeOwned;

fn reads_back<T: Default + Serialize + DeserializeOwned>(name: &str) {
    let v = T::default();
    let text = serde_json::to_string(&v).unwrap_or_else(|e| panic!("{name}: writing: {e}"));
    let back: T =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: reading {text}: {e}"));
    assert_eq!(serde_json::to_string(&back).unwrap(), text, "{name}");
    let bytes = postcard::to_allocvec(&v).unwrap_or_else(|e| panic!("{name}: postcard: {e}"));
    let back: T =
        postcard::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: postcard reading: {e}"));
    assert_eq!(
        serde_json::to_string(&back).unwrap(),
        text,
        "{name}: postcard"
    );
}

macro_rules! defaults_read_back {
    ($($ty:ty),* $(,)?) => {{
        let mut n = 0;
        $(
            reads_back::<$ty>(stringify!($ty));
            n += 1;
        )*
        n
    }};
}

#[test]
fn every_default_reads_back() {
    let n = defaults_read_back![
        boardgame_core::Record<u8>,
        boardgame_core::conformance::ConformanceReport,
        boardgame_core::Seat,
        boardgame_core::race::RaceRules,
        lattjo_backgammon::ObservationKind,
        lattjo_backgammon::SingleDiePolicy,
        lattjo_backgammon::Rules,
        lattjo_backgammon::State,
        lattjo_backgammon::Play,
        lattjo_chess::ByColor<u8>,
        lattjo_chess::GameResult,
        lattjo_chess::CastlingMode,
        lattjo_chess::Bitboard,
        lattjo_chess::Rules,
        lattjo_chess::Position,
        lattjo_chess::Setup,
        lattjo_draughts::Draws,
        lattjo_draughts::KingMoves,
        lattjo_draughts::Rules,
        lattjo_draughts::Position,
        lattjo_dominoes::RoundRecord,
        lattjo_dominoes::ObservationKind,
        lattjo_dominoes::DrawRule,
        lattjo_dominoes::BlockedTie,
        lattjo_dominoes::ScoreBasis,
        lattjo_dominoes::NextRoundLeader,
        lattjo_dominoes::NoDouble,
        lattjo_dominoes::Scoring,
        lattjo_dominoes::SpinnerRule,
        lattjo_dominoes::HandTable,
        lattjo_dominoes::Rules,
        lattjo_dominoes::Layout,
        lattjo_ludo::ObservationKind,
        lattjo_ludo::Finish,
        lattjo_ludo::Overshoot,
        lattjo_ludo::SixRelease,
        lattjo_ludo::SafeDots,
        lattjo_ludo::Colour,
        lattjo_ludo::ByColour<u8>,
        lattjo_ludo::Rules,
        lattjo_carrom::PhysicsConfig,
        lattjo_carrom::NoiseModel,
        lattjo_carrom::Rules,
        lattjo_disc_billiards::PhysicsConfig,
        lattjo_disc_billiards::Fouls,
        lattjo_disc_billiards::TurnLosses,
        lattjo_disc_billiards::Dimensions,
        lattjo_disc_billiards::Rules,
        disc_physics::SolverStats,
        disc_physics::Vec2,
        disc_physics::StepConfig,
        disc_physics::Params,
    ];
    assert!(n > 30, "{n} types");
}
