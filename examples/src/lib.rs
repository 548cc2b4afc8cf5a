//! Runnable programs live in `examples/` (`tour`, `perft`). This library only compiles the
//! workspace README's examples as doctests, so the README cannot drift from the code.
#![doc = include_str!("../../README.md")]
