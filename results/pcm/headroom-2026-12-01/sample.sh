#!/bin/bash
# Samples each RegionServer's old generation (after its latest collection) beside its block cache and memstore.
cd /work/main
for i in $(seq 1 ${1:-40}); do
  date +%T
  for p in $(pgrep -f "^\S*java -Xmx1g -XX:.ExitOnOutOfMemoryError"); do echo "pid $p $(jstat -gc $p | tail -1)"; done
  timeout 60 ./turbo --conf /work/exp/disk-cal/out/hbase-conf tune status --window 1s 2>/dev/null | grep -A3 "^server " | tail -2
  sleep 5
done
