//! Every integration test of `lattjo-chess` builds into this one binary; each file beside it
//! is a module. One binary per crate links once, where a binary per file made CI compile
//! and link over a hundred (docs/architecture.md, "How a new game plugs in"); a file no
//! target declares would never run, and `.ci/check-test-modules.sh` fails on one.

mod action_text;
mod api_traits;
mod claims;
mod conformance;
mod docs;
mod docs_claims;
mod epd;
mod foreign;
mod learning;
mod notation;
mod panics;
mod perft;
mod pgn;
mod pgn_commands;
mod pgn_damaged;
mod pgn_extract;
mod polyglot;
mod properties;
mod python_chess;
mod rules;
mod rules_review;
mod rules_review_2;
mod serde;
mod uci_protocol;
