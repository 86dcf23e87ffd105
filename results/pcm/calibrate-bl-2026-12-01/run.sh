#!/usr/bin/env bash
# Issue 48: BL calibrated in both regimes, then bench pcm's BL with the calibrated policy beside the paper's.
set -uo pipefail
cd /work/main
stamp() { while IFS= read -r l; do printf '%s %s\n' "$(date +%T)" "$l"; done; }
echo "calibrate cache start $(date +%T)"
./turbo tune calibrate --cluster processes --class BL --budget 10m --out /tmp/bl/calibrate-cache 2>&1 | stamp > /tmp/bl/calibrate-cache.txt
echo "calibrate disk start $(date +%T)"
./turbo tune calibrate --cluster processes --regime disk --class BL --budget 12m --out /tmp/bl/calibrate-disk 2>&1 | stamp > /tmp/bl/calibrate-disk.txt
echo "bench cache start $(date +%T)"
./turbo bench pcm --classes BL --variants defaults,defaults-again,pcm,calibrated --calibrated /tmp/bl/calibrate-cache/policies --runs 3 --no-adaptivity --out /tmp/bl/bench-cache 2>&1 | stamp > /tmp/bl/bench-cache.txt
echo "bench disk start $(date +%T)"
./turbo bench pcm --regime disk --classes BL --variants defaults,defaults-again,pcm,calibrated --calibrated /tmp/bl/calibrate-disk/policies --runs 3 --no-adaptivity --out /tmp/bl/bench-disk 2>&1 | stamp > /tmp/bl/bench-disk.txt
echo "all done $(date +%T)"
