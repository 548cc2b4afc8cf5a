//! The tour: one seeded game of every game the workspace implements.
//!
//! `cargo run --release --example tour [-- --seed N]`
fn main() {}
