#!/usr/bin/env bash
# bench scan and bench codec on loopback, a 1gbit link, and a 1gbit link with 200 us each way (issue 49), one after
# the other on one idle 2-core host; each run's report and console beside this script.
set -euo pipefail
cd "$(dirname "$0")"
turbo=../../../turbo
for link in loopback 1gbit 1gbit:200us; do
  name=${link/:/-}
  $turbo bench scan --link "$link" --clients 4,16 --runs 3 --run-time 5s --out "scan-$name" --json "scan-$name.json" \
    > "scan-$name.txt" 2>&1
  $turbo bench codec --link "$link" --clients 8 --runs 3 --run-time 5s --out "codec-$name" --json "codec-$name.json" \
    > "codec-$name.txt" 2>&1
done
