#!/usr/bin/env bash
# A sweep on this machine's cores (or on several machines, with parallel's --sshlogin), one shard per job, with
# GNU parallel; then the merge. Run from anywhere: paths are the caller's.
#   usage: recipes/gnu-parallel.sh SWEEP.json SHARDS OUT_DIR MERGED.json [JOBS_AT_ONCE]
# The same by hand:
#   parallel npm run sim -- sweep s.json --shard {}/N --out d/ ::: $(seq 0 N-1)
#   npm run sim -- merge d/ --json merged.json
set -euo pipefail
sweep=$1 shards=$2 out=$3 merged=$4 at_once=${5:-100%}
sim="node $(dirname "$0")/../bin/sim.mjs"
# --halt now,fail=1: the first shard that fails stops the rest (its line says why); a shard run again overwrites its file.
parallel --halt now,fail=1 -j "$at_once" $sim sweep "$sweep" --shard {}/"$shards" --out "$out" --jobs 1 ::: $(seq 0 $((shards - 1)))
$sim merge "$out" --json "$merged"
