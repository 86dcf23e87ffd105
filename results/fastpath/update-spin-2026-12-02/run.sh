#!/usr/bin/env bash
# Updates at 4 clients: the servers' workers polling 50 us (the default) against 1 us, in alternating invocations.
set -euo pipefail
cd "$(dirname "$0")"
turbo=../../../turbo
for round in 1 2; do
  "$turbo" bench fastpath --sizes none --workloads update --clients 4 --transport shm --runs 5 --run-time 5s \
    --json "bench-default-$round.json" > "default-$round.txt" 2>&1
  "$turbo" bench fastpath --sizes none --workloads update --clients 4 --transport shm --runs 5 --run-time 5s \
    --site site-server-spin-1us.xml --json "bench-server-spin-1us-$round.json" > "server-spin-1us-$round.txt" 2>&1
done
