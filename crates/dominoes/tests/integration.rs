//! Every integration test of `lattjo-dominoes` builds into this one binary; each file beside it
//! is a module. One binary per crate links once, where a binary per file made CI compile
//! and link over a hundred (docs/architecture.md, "How a new game plugs in"); a file no
//! target declares would never run, and `.ci/check-test-modules.sh` fails on one.

mod api_traits;
mod common;
mod conformance;
mod counters;
mod docs;
mod docs_claims;
mod five_up;
mod foreign;
mod hostile;
mod learning;
mod model;
mod openspiel;
mod props;
mod readme;
mod records;
mod rules;
mod rules_review;
mod rules_review_2;
mod svg;
mod text_formats;
