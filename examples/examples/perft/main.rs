//! Perft for the games with move generators.
fn main() {}
