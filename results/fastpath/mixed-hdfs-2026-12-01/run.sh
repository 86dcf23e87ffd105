#!/bin/bash
# Workload A (50/50 read/update) on a process cluster on HDFS: native and fast path alternating.
set -e
cd /work/main
D=/work/exp/mix
rm -rf $D/data; mkdir -p $D/out
./turbo cluster start --processes --hdfs --datanodes 2 --regionservers 2 --data $D/data > $D/cluster.out 2>&1 &
CPID=$!
echo $CPID > $D/cluster.pid
for i in $(seq 1 120); do [ -f $D/data/client-conf/hbase-site.xml ] && grep -q "serving\|started" $D/cluster.out && break; sleep 2; done
sleep 5
C="--conf $D/data/client-conf"
./turbo $C ycsb load --workload a --threads 4 -p recordcount=200000 > $D/out/load.txt 2>&1
for r in 1 2; do
  for db in native fastpath; do
    ./turbo $C ycsb run --workload a --db $db --threads ${THREADS:-16} -p recordcount=200000 -p operationcount=100000000 -p maxexecutiontime=20 --json $D/out/$db-r$r.json > $D/out/$db-r$r.txt 2>&1
  done
done
kill -TERM $CPID; wait $CPID || true
