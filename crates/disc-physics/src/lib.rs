//! `disc-physics`: a deterministic fixed-timestep rigid-disc solver for carrom and Novuss
//! tables (the "level 0" model of `docs/physics.md`).
//!
//! Discs translate only; the board's friction is a constant deceleration μg, and a disc slides
//! exactly as it says at every substep's end and stops at the exact instant and place, whatever
//! the time step; disc-disc and disc-cushion impacts obey Newton restitution on the
//! normal approach velocity and are resolved in time-of-impact order with continuous
//! collision detection (nothing tunnels, a row of touching discs passes the impulse down the
//! row, a symmetric break stays symmetric); a disc whose centre enters a pocket circle falls
//! in, once. Every run reports what happened as [`Event`]s in deterministic order, with their
//! time. The step uses only `+ - * /` and `sqrt` in a fixed order: the same inputs give
//! bit-identical results ([`World::checksum`]).
//!
//! # Example
//!
//! ```
//! use disc_physics::{DiscKind, EventKind, StepConfig, Table, Vec2, World};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // A 1 x 1 m table with one corner pocket, default friction and restitution.
//! let table = Table::new(0.5, 0.5)?.with_pocket(Vec2::new(0.435, 0.435), 0.05)?;
//! let mut world = World::new(table, StepConfig::default())?;
//! let coin = DiscKind::new(0.0159, 0.0055)?;
//! let a = world.add_disc(coin, Vec2::new(0.0, 0.0), Vec2::ZERO)?;
//! let b = world.add_disc(coin, Vec2::new(0.2, 0.2), Vec2::ZERO)?;
//! // Strike `a` straight at `b`, which lies on the line to the pocket.
//! world.strike(a, Vec2::new(2.0, 2.0))?;
//! let mut events = Vec::new();
//! let run = world.run_to_rest(&mut events);
//! assert!(run.at_rest);
//! assert!(events.iter().any(|e| e.kind == EventKind::Pocketed {
//!     disc: b,
//!     pocket: disc_physics::PocketId(0),
//! }));
//! # Ok(()) }
//! ```
//!
//! Ready-made tables: [`carrom`] (the ICF board) and [`novuss`] (the Novuss table), and the
//! benchmark [`scenes`]. The range of every physical parameter is in [`limits`].
//!
//! # Features
//!
//! * `serde` (off by default): `Serialize`/`Deserialize` for [`World`] (a snapshot that
//!   continues bit-identically), [`Event`], [`Table`], [`Params`], [`StepConfig`],
//!   [`DiscKind`], [`Vec2`] and the ids. Deserialization goes through the same checks as the
//!   constructors. "Bit-identically" needs a format that keeps every `f64`'s bits: binary
//!   formats do, and `serde_json` does with its `float_roundtrip` feature; without it
//!   serde_json may read a position or speed back one unit in the last place off, and the
//!   world then runs on differently.

#![cfg_attr(docsrs, feature(doc_cfg))]

mod disc;
mod event;
mod place;
mod settle;
mod solver;
mod svg;
mod table;
mod trajectory;
mod vec2;
mod world;

pub mod carrom;
pub mod limits;
pub mod novuss;
pub mod scenes;

pub use disc::{DiscId, DiscKind, DiscState, DiscStatus, KindError, ParseIdError};
pub use event::{Event, EventError, EventKind, EventSink, NoEvents};
pub use settle::{MAX_SETTLE_PASSES, settle_discs};
pub use solver::{SolverStats, StepProfile};
pub use svg::{SvgOptions, render_svg};
pub use table::{CushionId, Params, Pocket, PocketId, Table, TableError, Wall};
pub use trajectory::Trajectory;
pub use vec2::Vec2;
#[cfg(feature = "serde")]
pub use world::SnapshotError;
pub use world::{
    ConfigError, PLACEMENT_TOLERANCE_M, PlaceError, RemoveError, RunSummary, StepConfig,
    StrikeError, World,
};
