#!/usr/bin/env bash
# Writes fuzz_targets/<name>.rs and the [[bin]] entries of Cargo.toml for every target the
# smoke binary lists (`smoke --list`). Run it after adding a target; CI checks that it
# changes nothing.
set -euo pipefail
cd "$(dirname "$0")"
names=$(cargo run --quiet --release --bin smoke -- --list)
rm -f fuzz_targets/*.rs
python3 - "$names" <<'PY'
import sys, re
names = sys.argv[1].split()
toml = open('Cargo.toml').read()
toml = re.sub(r'\n# --- libFuzzer targets \(gen-targets.sh\) ---\n.*', '', toml, flags=re.S).rstrip('\n')
toml += '\n\n# --- libFuzzer targets (gen-targets.sh) ---\n'
for n in names:
    open(f'fuzz_targets/{n}.rs', 'w').write(
        '//! libFuzzer entry for the target `%s` (see `lattjo_fuzz::targets`).\n'
        '#![no_main]\n\n'
        'libfuzzer_sys::fuzz_target!(|data: &[u8]| {\n'
        '    if let Some(t) = lattjo_fuzz::targets::by_name("%s") {\n'
        '        (t.run)(data);\n'
        '    }\n'
        '});\n' % (n, n))
    toml += '\n[[bin]]\nname = "%s"\npath = "fuzz_targets/%s.rs"\nrequired-features = ["libfuzzer"]\ntest = false\ndoc = false\nbench = false\n' % (n, n)
open('Cargo.toml', 'w').write(toml)
PY
