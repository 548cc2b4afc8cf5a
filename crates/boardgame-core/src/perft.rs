//! The depth bound that every game's perft shares.
//!
//! A perft count walks a game's move tree depth-first, one stack frame a ply. A hostile or
//! mistaken depth (a client's, a command line's) used to run the walk down the first line
//! until the thread's stack overflowed, which aborts the whole process, or, in backgammon,
//! to ask for a play list a ply and so for more memory than any machine has. No count that
//! deep could finish: the trees grow exponentially with the depth, and chess's passes
//! `u64` by depth 14 from the start. The games' `perft` functions therefore take a depth of
//! at most [`MAX_PERFT_DEPTH`] plies; their `try_` twins return [`PerftDepthError`] for a
//! deeper one, and the plain functions panic (each says so under `# Panics`).
//!
//! ```
//! use boardgame_core::perft::{check_depth, MAX_PERFT_DEPTH};
//! assert_eq!(check_depth(MAX_PERFT_DEPTH), Ok(MAX_PERFT_DEPTH));
//! assert_eq!(check_depth(65).map_err(|e| e.depth), Err(65));
//! ```

/// The deepest perft count the games take: 64 plies.
///
/// The walk's deepest stack at this depth is some 36 KiB in an optimised build and 1.8 MiB
/// in a debug build (draughts' frames are the largest, measured from the start position),
/// within the 2 MiB a spawned thread gets by default and the main thread's 8 MiB; and a tree
/// 64 plies deep already takes years to count.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// A perft depth above [`MAX_PERFT_DEPTH`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error(
    "perft depth {depth} is above the limit of {MAX_PERFT_DEPTH} plies (a count walks the tree \
     one stack frame a ply, and no tree that deep could be counted)"
)]
#[non_exhaustive]
pub struct PerftDepthError {
    /// The depth asked for.
    pub depth: u32,
}

/// `depth` itself when it is at most [`MAX_PERFT_DEPTH`].
///
/// # Errors
///
/// [`PerftDepthError`] for a deeper one.
pub const fn check_depth(depth: u32) -> Result<u32, PerftDepthError> {
    if depth > MAX_PERFT_DEPTH {
        Err(PerftDepthError { depth })
    } else {
        Ok(depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_taken_and_one_more_is_refused_with_the_depth_named() {
        assert_eq!(check_depth(0), Ok(0));
        assert_eq!(check_depth(MAX_PERFT_DEPTH), Ok(MAX_PERFT_DEPTH));
        let e = check_depth(u32::MAX).unwrap_err();
        assert_eq!(e, PerftDepthError { depth: u32::MAX });
        assert!(
            e.to_string()
                .starts_with("perft depth 4294967295 is above the limit of 64")
        );
    }
}
