//! Every integration test of `lattjo-backgammon` builds into this one binary; each file beside it
//! is a module. One binary per crate links once, where a binary per file made CI compile
//! and link over a hundred (docs/architecture.md, "How a new game plugs in"); a file no
//! target declares would never run, and `.ci/check-test-modules.sh` fails on one.

mod api_traits;
mod common;
mod conformance;
mod docs;
mod docs_claims;
mod fibs;
mod foreign;
mod game;
mod gnubg;
mod gnubg_games;
mod learning;
mod mat;
mod other_rules;
mod perft;
mod proptests;
mod rules;
mod rules_review;
mod rules_review_2;
mod serde;
mod sgf;
