//! `carrom`: under construction. The rules are not implemented yet; this crate exists so the
//! workspace layout is complete.
