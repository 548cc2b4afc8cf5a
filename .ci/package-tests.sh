#!/usr/bin/env bash
# By hand, not in .ci/run (it rebuilds everything, about 8 minutes on 2 cores): runs the
# tests of every published crate from its .crate file alone, as a distribution packager or
# crater would after `cargo publish`. The packages depend on each other by version; a
# scratch workspace patches those versions to the unpacked packages, so nothing comes from
# the repository but the .crate files. Tests that read the repository's docs/ pages find
# none there and check nothing (they say so).
#
#   .ci/package-tests.sh            # packages into target/package-tests, tests there
set -euo pipefail
cd "$(dirname "$0")/.."
out=$PWD/target/package-tests
rm -rf "$out"
# The packages only: the tests below build them (so no stale registry copy can stand in).
cargo package --workspace --exclude benches --exclude examples --no-verify --target-dir "$out/build"
mkdir -p "$out/unpacked"
for crate in "$out"/build/package/*.crate; do
  tar -xzf "$crate" -C "$out/unpacked"
done
cd "$out/unpacked"
{
  echo '[workspace]'
  echo 'resolver = "3"'
  printf 'members = ['
  sep=''
  for dir in */; do printf '%s"%s"' "$sep" "${dir%/}"; sep=', '; done
  echo ']'
  echo
  echo '[patch.crates-io]'
  for dir in */; do
    dir=${dir%/}
    echo "${dir%-*} = { path = \"$dir\" }"
  done
  echo
  # The repository's test profile (a member's own [profile] is ignored).
  sed -n '/^\[profile.test\]/,/^$/p' "$OLDPWD/Cargo.toml"
} > Cargo.toml
cat Cargo.toml
cargo test --workspace --all-features --target-dir "$out/build"
