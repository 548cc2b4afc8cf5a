//! Runnable programs live in `examples/` (`tour`, `selfplay`, `perft`); their command lines
//! are parsed by [`cli`], where they are tested. Beyond that, this library only compiles the
//! workspace README's examples, those of every crate's own README (what crates.io shows) and
//! those of every page of `docs/` as doctests, so no README or docs page can drift from the
//! code. A block of a page that is not Rust says so (```` ```text ````, ```` ```sh ````): an
//! unlabelled block is compiled as Rust.
#![doc = include_str!("../../README.md")]

pub mod cli;

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

/// The architecture page of `docs/` (`docs/architecture.md`), its Rust blocks compiled and
/// run as doctests.
#[doc = include_str!("../../docs/architecture.md")]
#[cfg(doctest)]
pub struct ArchitecturePage;

/// The chess page of `docs/` (`docs/chess.md`), its Rust blocks compiled and
/// run as doctests.
#[doc = include_str!("../../docs/chess.md")]
#[cfg(doctest)]
pub struct ChessPage;

/// The draughts page of `docs/` (`docs/draughts.md`), its Rust blocks compiled and
/// run as doctests.
#[doc = include_str!("../../docs/draughts.md")]
#[cfg(doctest)]
pub struct DraughtsPage;

/// The backgammon page of `docs/` (`docs/backgammon.md`), its Rust blocks compiled and
/// run as doctests.
#[doc = include_str!("../../docs/backgammon.md")]
#[cfg(doctest)]
pub struct BackgammonPage;

/// The ludo page of `docs/` (`docs/ludo.md`), its Rust blocks compiled and
/// run as doctests.
#[doc = include_str!("../../docs/ludo.md")]
#[cfg(doctest)]
pub struct LudoPage;

/// The dominoes page of `docs/` (`docs/dominoes.md`), its Rust blocks compiled and
/// run as doctests.
#[doc = include_str!("../../docs/dominoes.md")]
#[cfg(doctest)]
pub struct DominoesPage;

/// The carrom page of `docs/` (`docs/carrom.md`), its Rust blocks compiled and
/// run as doctests.
#[doc = include_str!("../../docs/carrom.md")]
#[cfg(doctest)]
pub struct CarromPage;

/// The disc-billiards page of `docs/` (`docs/disc-billiards.md`), its Rust blocks compiled and
/// run as doctests.
#[doc = include_str!("../../docs/disc-billiards.md")]
#[cfg(doctest)]
pub struct DiscBilliardsPage;

/// The physics page of `docs/` (`docs/physics.md`), its Rust blocks compiled and
/// run as doctests.
#[doc = include_str!("../../docs/physics.md")]
#[cfg(doctest)]
pub struct PhysicsPage;
