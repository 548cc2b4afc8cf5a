//! Runnable programs live in `examples/` (`tour`, `perft`). This library only compiles the
//! workspace README's examples, and those of every crate's own README (what crates.io shows),
//! as doctests, so no README can drift from the code.
#![doc = include_str!("../../README.md")]

/// The README of `boardgame-core`, compiled and run as doctests.
#[doc = include_str!("../../crates/boardgame-core/README.md")]
#[cfg(doctest)]
pub struct BoardgameCoreReadme;

/// The README of `disc-physics`, compiled and run as doctests.
#[doc = include_str!("../../crates/disc-physics/README.md")]
#[cfg(doctest)]
pub struct DiscPhysicsReadme;

/// The README of `lattjo-chess`, compiled and run as doctests.
#[doc = include_str!("../../crates/chess/README.md")]
#[cfg(doctest)]
pub struct ChessReadme;

/// The README of `lattjo-draughts`, compiled and run as doctests.
#[doc = include_str!("../../crates/draughts/README.md")]
#[cfg(doctest)]
pub struct DraughtsReadme;

/// The README of `lattjo-backgammon`, compiled and run as doctests.
#[doc = include_str!("../../crates/backgammon/README.md")]
#[cfg(doctest)]
pub struct BackgammonReadme;

/// The README of `lattjo-ludo`, compiled and run as doctests.
#[doc = include_str!("../../crates/ludo/README.md")]
#[cfg(doctest)]
pub struct LudoReadme;

/// The README of `lattjo-dominoes`, compiled and run as doctests.
#[doc = include_str!("../../crates/dominoes/README.md")]
#[cfg(doctest)]
pub struct DominoesReadme;

/// The README of `lattjo-carrom`, compiled and run as doctests.
#[doc = include_str!("../../crates/carrom/README.md")]
#[cfg(doctest)]
pub struct CarromReadme;

/// The README of `lattjo-disc-billiards`, compiled and run as doctests.
#[doc = include_str!("../../crates/disc-billiards/README.md")]
#[cfg(doctest)]
pub struct DiscBilliardsReadme;
