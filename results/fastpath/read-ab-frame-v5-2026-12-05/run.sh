#!/bin/bash
# Reads at 16 and 64 clients, the build before frame version 5 (5090c61, BASE) and main, alternately.
set -e
for i in 1 2; do
  for build in base main; do
    (cd $build && ./turbo bench fastpath --sizes none --workloads read --clients 16,64 --transport shm \
      --runs 2 --run-time 5s --json OUT/$build-$i.json --out OUT/out-$build-$i) \
      > OUT/$build-$i.log 2>&1
  done
done
echo done > OUT/DONE
