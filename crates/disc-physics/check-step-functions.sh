#!/usr/bin/env bash
# Guard for the determinism contract of disc-physics (docs/physics.md): the step code and the
# setup of every golden scene may use only + - * / and sqrt. Fails if a transcendental or
# fused function is called in the files that run inside World::step or build the scenes and
# tables the golden values pin (scenes.rs, carrom.rs, novuss.rs). Comment lines are ignored.
# Usage: bash crates/disc-physics/check-step-functions.sh   (from the workspace root or anywhere)
set -euo pipefail
dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/src"
# Every file under solver/, at any depth (solver/broadphase/classes.rs since 7 Dec 2026).
mapfile -t solver_files < <(find "$dir/solver" -name '*.rs' | sort)
step_files=("$dir/world.rs" "${solver_files[@]}" "$dir/vec2.rs" "$dir/table.rs" "$dir/event.rs"
            "$dir/disc.rs" "$dir/scenes.rs" "$dir/carrom.rs" "$dir/novuss.rs")
pattern='(\.|::|\b)(sin|cos|tan|atan2|atan|asin|acos|sinh|cosh|tanh|powf|powi|exp|exp2|exp_m1|ln|ln_1p|log|log2|log10|hypot|cbrt|mul_add|sin_cos)[[:space:]]*\('
found=0
for f in "${step_files[@]}"; do
    if hits=$(grep -nE "$pattern" "$f" | grep -vE '^[0-9]+:[[:space:]]*//'); then
        echo "$f: forbidden function in the step code:" >&2
        echo "$hits" >&2
        found=1
    fi
done
if [ "$found" -ne 0 ]; then
    exit 1
fi
echo "disc-physics step and scene code: only + - * / and sqrt (checked ${#step_files[@]} files)"
