//! A hint to the processor that a line will be read soon: the one `unsafe` call of the
//! workspace.
//!
//! A world larger than the caches reads its discs' records at random places (stage 4's
//! rounds come in time order, which is no order in space; stage 3's due pairs and the builds'
//! first dues gather records by the pair list's order, which is the grid's at the build).
//! Those reads are announced ahead: before, by plain loads (`std::hint::black_box`), which
//! hold the processor's retirement until the line arrives, so only as many overlap as its
//! window holds; since the tenth sitting by a prefetch instruction, which retires at once.
//! Since the twelfth sitting the drift's long pass asks the same way, 32 discs ahead, for
//! each disc's record and for what it will read of a disc it carries out of line (a disc
//! stage 4 touched, or whose fixed due has come: its marks, tag, `on` and radius, which a
//! large world's stage 4 has pushed out of the caches long before).
//! At N = 262,144 (scene (c)) the prefetches took 13 % off the run's time against the loads
//! (docs/physics-performance-log.md, "the lead's tenth sitting"), the benchmark that the house
//! style asks of `unsafe`. Nothing computed depends on them: a prefetch changes no value
//! and no order, only when a line arrives.

/// Asks for the cache line holding `x` to be brought into the caches; computes nothing.
/// A no-op on targets other than x86-64.
#[inline(always)]
pub(super) fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    // SAFETY: `_mm_prefetch` is `unsafe` only because it is a `#[target_feature(enable =
    // "sse")]` function, and SSE is part of every x86-64 target's baseline, so the feature is
    // always present. The instruction (PREFETCHT0) reads nothing the program sees, never
    // faults whatever the address, and here is given the address of a live reference.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            (x as *const T).cast::<i8>(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}
