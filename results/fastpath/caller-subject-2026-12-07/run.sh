#!/bin/bash
# Reads at 4 and 16 clients: the build before Caller (95cf13c, base) and with it (e115712, new), alternately.
set -e
cd "$(dirname "$0")"  # holding worktrees base/ and new/ of the two commits, and OUT/
for i in 1 2; do
  for build in base new; do
    (cd $build && ./turbo bench fastpath --sizes none --workloads read --clients 4,16 --transport shm \
      --runs 3 --run-time 5s --json ../OUT/$build-$i.json --out ../OUT/out-$build-$i) \
      > OUT/$build-$i.log 2>&1
  done
done
echo done > OUT/DONE
