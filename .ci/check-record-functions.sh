#!/usr/bin/env bash
# Guard for the determinism contract (docs/architecture.md): the same seed gives the same game
# record on every machine. A maths library's transcendental functions (sin, cos, ln, ...) may
# differ in their last bit between systems, so the code that makes a game's actions and
# results (the rules, the samplers, the planners, the search) uses only + - * / and sqrt.
# disc-physics's step has its own guard (crates/disc-physics/check-step-functions.sh); this
# one covers the other crates' sources. Exempt: pictures (svg.rs), test modules, and a line
# that says why with the comment `// platform maths: <why>` (a caller's convenience whose
# result is stored in the record, so that a record replays exactly).
# Usage: bash .ci/check-record-functions.sh   (from the workspace root)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pattern='(\.|::)(sin|cos|tan|atan2|atan|asin|acos|sinh|cosh|tanh|powf|powi|exp|exp2|exp_m1|ln|ln_1p|log|log2|log10|hypot|cbrt|mul_add|sin_cos|to_degrees)[[:space:]]*\('
found=0
checked=0
for crate in boardgame-core backgammon chess draughts dominoes ludo carrom disc-billiards; do
    while IFS= read -r f; do
        checked=$((checked + 1))
        # Print "line:text" for code outside #[cfg(test)] items (rustfmt puts a top-level
        # item's closing brace in column 0).
        hits=$(awk '
            skip == 1 { if ($0 ~ /^}/) skip = 0; next }
            pending == 1 { pending = 0; if ($0 ~ /^(pub(\(crate\))? )?(mod|fn|impl|const|static) /) { if ($0 !~ /;[[:space:]]*$/) skip = 1; next } }
            /^#\[cfg\(test\)\]/ { pending = 1; next }
            { print FNR ":" $0 }
        ' "$f" | grep -E "$pattern" | grep -vE '^[0-9]+:[[:space:]]*//' | grep -v '// platform maths: ' || true)
        if [ -n "$hits" ]; then
            echo "${f#"$root"/}: a platform maths function where game records are made:" >&2
            echo "$hits" >&2
            found=1
        fi
    done < <(find "$root/crates/$crate/src" -name '*.rs' ! -name 'svg.rs' | sort)
done
if [ "$found" -ne 0 ]; then
    exit 1
fi
echo "game crates: only + - * / and sqrt where records are made (checked $checked files)"
