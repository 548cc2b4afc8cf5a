#!/usr/bin/env bash
# Issue 18's scaling figure: scene (c) at N = 262,144 against N = 4096, in ns a disc-step.
#
#   benches/scaling-ratio.sh [ROUNDS]        (default 6)
#
# Builds the physics bench, then runs its two scaling-box benches alternately, changing which
# goes first each round (one run of either alone swings by up to 1.5x on a shared machine, so a
# ratio only means something within one sitting). Prints criterion's median of each run (thread
# CPU time), the median of those medians for each size a disc-step, and their ratio. The bench
# itself asserts each box's golden checksum. N = 4096 runs four boxes an iteration, so a
# disc-step there is the time over 4 x 4096 x 500; N = 262,144 one box, over 262,144 x 500.
set -euo pipefail
cd "$(dirname "$0")"
rounds=${1:-6}
bin=$(cargo bench -p benches --bench physics --no-run --message-format=json 2>/dev/null |
  sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -1) || true
[ -x "$bin" ] || { echo "scaling-ratio: the physics bench did not build" >&2; exit 1; }
echo "bench binary: $bin"
echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"

# One bench's median in seconds (criterion's middle figure on its "time:" line).
median() {
  "$bin" --bench "scaling box 500 steps/N=$1 " --noplot 2>/dev/null |
    grep -A1 "N=$1 " | grep -o 'time: *\[[^]]*\]' |
    awk '{ v = $4; u = $5; s = (u == "s") ? 1 : (u == "ms") ? 1e-3 : (u == "µs" || u == "us") ? 1e-6 : 1e-9; printf "%.9f\n", v * s }'
}

# The median of the given times in seconds, in ns a disc-step for N discs in BOXES boxes.
per_disc_step() {
  local n=$1 boxes=$2
  shift 2
  printf '%s\n' "$@" | sort -g | awk -v n="$n" -v boxes="$boxes" '{ v[NR] = $1 }
    END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
          printf "%.4f\n", m / (boxes * n * 500) * 1e9 }'
}

small=()
large=()
for i in $(seq 1 "$rounds"); do
  if ((i % 2)); then
    a=$(median 4096 || true); b=$(median 262144 || true)
  else
    b=$(median 262144 || true); a=$(median 4096 || true)
  fi
  [ -n "$a" ] && [ -n "$b" ] || { echo "scaling-ratio: a bench printed no time" >&2; exit 1; }
  small+=("$a"); large+=("$b")
  echo "round $i: N=4096 ${a} s (4 boxes)  N=262144 ${b} s  load $(cut -d' ' -f1 /proc/loadavg)"
done

s=$(per_disc_step 4096 4 "${small[@]}")
l=$(per_disc_step 262144 1 "${large[@]}")
awk -v s="$s" -v l="$l" 'BEGIN { printf "median ns a disc-step: N=4096 %.2f  N=262144 %.2f  ratio %.3f (issue 18: at most 1.3)\n", s, l, l / s }'
