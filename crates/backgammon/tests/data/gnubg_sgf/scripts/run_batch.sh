#!/bin/sh
# Generates GNUBG-written SGF files with drive_sgf.py (GNUBG 1.07.001 playing both sides
# with random legal moves, random cube actions and resignations).
# Run from this directory's copy: GEN=/dir ./run_batch.sh (needs drive_sgf.py beside it).
GEN=${GEN:-/tmp/sgfwork/gen}; HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$GEN"; cd "$GEN"
run() { # name, env...
  name=$1; shift
  env "$@" OUT=$GEN/$name.json nice timeout 900 gnubg -t -q -p "$HERE/drive_sgf.py" > $name.log 2>&1
  echo "$name rc $?"
}
for s in 11 12 13 14 15 16; do run m3_$s SEED=$s LEN=3 DOUBLEP=0.03 RESIGNP=0.004; done
for s in 21 22 23 24; do run m5_$s SEED=$s LEN=5 DOUBLEP=0.03 RESIGNP=0.004; done
for s in 31 32 33; do run s_$s SEED=$s LEN=0 GAMES=4 JACOBY=1 DOUBLEP=0.03 RESIGNP=0.004 BEAVERS=1 BEAVERP=0.5; done
for s in 41 42 43; do run s_$s SEED=$s LEN=0 GAMES=4 JACOBY=0 DOUBLEP=0.04 RESIGNP=0.005 BEAVERS=1 BEAVERP=0.4; done
for s in 51 52; do run a_$s SEED=$s LEN=3 DOUBLEP=0.03 RESIGNP=0.004 ANALYSE=1; done
for s in 61 62 63 64 65 66 67 68; do run m1_$s SEED=$s LEN=1 DOUBLEP=0.05 RESIGNP=0.01; done
for s in 71 72 73 74; do run m7_$s SEED=$s LEN=7 DOUBLEP=0.04 RESIGNP=0.004; done
python3 "$HERE/summarize.py" *.json
echo done > ALLDONE
