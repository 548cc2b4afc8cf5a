//! Every integration test of `lattjo-draughts` builds into this one binary; each file beside it
//! is a module. One binary per crate links once, where a binary per file made CI compile
//! and link over a hundred (docs/architecture.md, "How a new game plugs in"); a file no
//! target declares would never run, and `.ci/check-test-modules.sh` fails on one.

mod acf_archive;
mod action_text;
mod api_traits;
mod conformance;
mod docs;
mod docs_claims;
mod foreign;
mod hostile;
mod learning;
mod notation;
mod other_rules;
mod pdn;
mod pdn_damaged;
mod perft;
mod proptest;
mod pydraughts;
mod reference;
mod rules;
mod rules_review;
mod rules_review_2;
mod serde;
