#!/usr/bin/env bash
# Where a point read's CPU goes with FAST_DIFF + GZ against plain files: two copies of the same YCSB records on one
# process cluster (in memory), read in turns, JFR on both RegionServers during each measured run.
set -euo pipefail
cd /work/main
D=DATA; OUT=OUT
rm -rf $D $OUT; mkdir -p $OUT
./turbo cluster start --processes --data $D > $OUT/cluster.txt 2>&1 &
CL=$!
echo $CL > $OUT/cluster.pid
for i in $(seq 1 120); do [ -f $D/client-conf/hbase-site.xml ] && grep -q "^serving" $OUT/cluster.txt && break; sleep 1; done
sleep 3
C="--conf $D/client-conf"
for t in plain small; do
  ./turbo $C ycsb load --workload c --regions 4 --threads 4 -p recordcount=300000 -p table=$t > $OUT/load-$t.txt 2>&1
done
./turbo $C compress advise --table plain --apply --use NONE+NONE > $OUT/apply-plain.txt 2>&1
./turbo $C compress advise --table small --apply --use FAST_DIFF+GZ > $OUT/apply-small.txt 2>&1
RS=$(pgrep -f "HRegionServer" | tr '\n' ' ')
echo "RS pids: $RS" > $OUT/pids.txt
for round in 1 2; do
  for t in plain small; do
    ./turbo $C ycsb run --workload c --threads 4 -p recordcount=300000 -p table=$t -p operationcount=100000000 \
      -p maxexecutiontime=10 --warmup 20000 > $OUT/warm-$t-$round.txt 2>&1
    for p in $RS; do jcmd $p JFR.start name=sf duration=20s settings=profile filename=$OUT/$t-$round-$p.jfr > /dev/null; done
    ./turbo $C ycsb run --workload c --threads 4 -p recordcount=300000 -p table=$t -p operationcount=100000000 \
      -p maxexecutiontime=20 --json $OUT/run-$t-$round.json > $OUT/run-$t-$round.txt 2>&1
    sleep 2
  done
done
pkill -TERM -f "cluster start --processes --data $D" || true; wait $CL || true
echo done > $OUT/done
