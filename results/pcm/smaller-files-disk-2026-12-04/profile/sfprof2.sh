#!/usr/bin/env bash
set -uo pipefail
cd /work/main
D=DATA; OUT=OUT
C="--conf $D/client-conf"
RS="24310 24323"
for round in 1 2; do
  for t in plain small; do
    ./turbo $C ycsb run --workload c --threads 4 -p recordcount=300000 -p table=$t -p operationcount=100000000 \
      -p maxexecutiontime=10 --warmup 20000 > $OUT/warm-$t-$round.txt 2>&1
    for p in $RS; do jcmd $p JFR.start name=sf$t$round duration=20s settings=profile filename=/tmp/jfr/$t-$round-$p.jfr > /dev/null 2>&1; done
    ./turbo $C ycsb run --workload c --threads 4 -p recordcount=300000 -p table=$t -p operationcount=100000000 \
      -p maxexecutiontime=20 --json $OUT/run-$t-$round.json > $OUT/run-$t-$round.txt 2>&1
    sleep 3
  done
done
pkill -TERM -f "cluster start --processes --data $D"
echo done > $OUT/done
