#!/usr/bin/env bash
set -u
cd /path/to/checkout
for round in 1 2 3; do
  for v in default spin200; do
    extra=(); [ $v = spin200 ] && extra=(--site results/fastpath/spin-2026-11-25/spin200.xml)
    echo "== round $round $v $(date +%T)"
    UCX_LOG_LEVEL=error ./turbo bench fastpath --sizes 1k --workloads none --transport shm --runs 3 --run-seconds 5 "${extra[@]}" --out results/fastpath/spin-2026-11-25/$v-$round > results/fastpath/spin-2026-11-25/$v-$round.log 2>&1
    echo "exit $?"
    grep -E "get-1KB|put-1KB" results/fastpath/spin-2026-11-25/$v-$round.log | head -4
  done
done
