//! Every integration test of `lattjo-carrom` builds into this one binary; each file beside it
//! is a module. One binary per crate links once, where a binary per file made CI compile
//! and link over a hundred (docs/architecture.md, "How a new game plugs in"); a file no
//! target declares would never run, and `.ci/check-test-modules.sh` fails on one.

mod api_traits;
mod blocked;
mod calibration;
mod common;
mod conformance;
mod docs;
mod docs_claims;
mod foreign;
mod game;
mod golden;
mod hostile;
mod icf;
mod invariants;
mod learning;
mod model;
mod notation;
mod physics;
mod planner;
mod records;
mod rules;
mod rules_review;
mod rules_review_2;
mod serde;
mod termination;
