//! Every integration test of `disc-physics` builds into this one binary; each file beside it
//! is a module. One binary per crate links once, where a binary per file made CI compile
//! and link over a hundred (docs/architecture.md, "How a new game plugs in"); a file no
//! target declares would never run, and `.ci/check-test-modules.sh` fails on one.

mod api;
mod api_traits;
mod broadphase;
mod docs_claims;
mod limits;
mod model;
mod overlap;
mod placement;
mod snapshot;
mod validation;
