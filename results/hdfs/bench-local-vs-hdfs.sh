#!/usr/bin/env bash
# Issue 34: bench scan, fastpath and compression on a process cluster (2 RegionServer JVMs), once on the local file
# system and once on an HDFS of 3 DataNodes, one short run each, to say what HDFS changes in each figure. Run from
# the checkout's root; writes results/hdfs/bench/{scan,fastpath,compression}-{local,hdfs}.json and what each printed.
# A scan report already there is kept: the first run of this script was stopped after it (its fastpath step ran
# every value size, too long), and the script was run again with --sizes 1k.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=results/hdfs/bench
mkdir -p "$out"
for storage in local hdfs; do
  storage_args=(--cluster processes)
  if [ "$storage" = hdfs ]; then
    storage_args+=(--hdfs --datanodes 3)
  fi
  if [ ! -f "$out/scan-$storage.json" ]; then
    ./turbo bench scan "${storage_args[@]}" --schema ycsb --clients 4 --runs 2 --run-seconds 8 \
        --out "$out/scan-$storage" --json "$out/scan-$storage.json" > "$out/scan-$storage.txt" 2>&1
  fi
  ./turbo bench fastpath "${storage_args[@]}" --transport shm --workloads read,update --sizes 1k --clients 4 \
      --runs 2 --run-seconds 8 --out "$out/fastpath-$storage" --json "$out/fastpath-$storage.json" \
      > "$out/fastpath-$storage.txt" 2>&1
  ./turbo bench compression "${storage_args[@]}" --rows 20000 --runs 1 \
      --out "$out/compression-$storage" --json "$out/compression-$storage.json" > "$out/compression-$storage.txt" 2>&1
done
