#!/bin/bash
# usage: loop.sh LABEL ROUNDS SECONDS -p ... ; alternates a,b / b,a; one turbo ycsb run per run
set -u
label=$1; rounds=$2; secs=$3; shift 3
cd /work/main
for r in $(seq 1 $rounds); do
  if [ $((r % 2)) -eq 1 ]; then order="a b"; else order="b a"; fi
  for c in $order; do
    ./turbo --conf /tmp/aa/$c/client-conf ycsb run --workload a --threads 4 --warmup 5000 \
      -p recordcount=200000 -p operationcount=100000000 -p maxexecutiontime=$secs "$@" \
      --json /tmp/aa/$label-$c-$r.json --out /tmp/aa/out-$label-$c-$r > /tmp/aa/$label-$c-$r.log 2>&1
    echo "$label round $r $c rc=$? $(grep -o '"throughput[^,]*' /tmp/aa/$label-$c-$r.json | head -1)"
  done
done
