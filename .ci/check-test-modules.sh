#!/usr/bin/env bash
# Each crate's integration tests build as one binary (`autotests = false` and a `[[test]]`
# root that declares every file in tests/ as a module). A file in tests/ that no target
# declares would never be compiled or run, and nothing else would say so: fail here instead.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for manifest in crates/*/Cargo.toml examples/Cargo.toml benches/Cargo.toml; do
  dir=$(dirname "$manifest")
  [ -d "$dir/tests" ] || continue
  grep -qx 'autotests = false' "$manifest" || continue
  roots=$(sed -n 's/^path = "\(tests\/[^"]*\.rs\)"$/\1/p' "$manifest")
  for file in "$dir"/tests/*.rs; do
    rel=${file#"$dir"/}
    stem=$(basename "$file" .rs)
    declared=no
    for root in $roots; do
      if [ "$rel" = "$root" ] || grep -qx "mod $stem;" "$dir/$root"; then
        declared=yes
      fi
    done
    if [ "$declared" = no ]; then
      echo "tests: $file is in no test target: declare \`mod $stem;\` in $dir/tests/integration.rs" >&2
      status=1
    fi
  done
done
exit "$status"
