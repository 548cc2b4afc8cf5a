//! Random playouts of the core's test game (filled in with the drivers).
fn main() {}
