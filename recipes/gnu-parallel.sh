#!/usr/bin/env bash
# A sweep on this machine's cores, one shard per job, with GNU parallel; then the merge. Run from anywhere: paths
# are the caller's.
#   usage: recipes/gnu-parallel.sh SWEEP.json SHARDS OUT_DIR MERGED.json [JOBS_AT_ONCE]
# On several machines, give parallel its --sshlogin through $PARALLEL (its options from the environment):
#   PARALLEL='--sshlogin :,host2,host3' recipes/gnu-parallel.sh /shared/s.json 8 /shared/d/ merged.json
# each machine having node and this repository at the same path, and SWEEP and OUT_DIR absolute paths in a folder
# they all see.
# The same by hand:
#   parallel npm run sim -- sweep s.json --shard {}/N --out d/ ::: $(seq 0 N-1)
#   npm run sim -- merge d/ --json merged.json
set -euo pipefail
sweep=$1 shards=$2 out=$3 merged=$4 at_once=${5:-100%}
# An absolute path: a job on another machine starts in its home folder.
sim="node $(cd "$(dirname "$0")/.." && pwd)/bin/sim.mjs"
# --halt now,fail=1: the first shard that fails stops the rest (its line says why); a shard run again overwrites its file.
parallel --halt now,fail=1 -j "$at_once" $sim sweep "$sweep" --shard {}/"$shards" --out "$out" --jobs 1 ::: $(seq 0 $((shards - 1)))
$sim merge "$out" --json "$merged"
