#!/bin/bash
# Every capability against a process cluster on HDFS (3 DataNodes, 2 RegionServers), by the commands a user runs:
# the start, each daemon's resident memory, YCSB over the fast path and Prepared Scan, fastpath check, the codecs,
# the advisor with --apply (reads and writes HFiles), tune status, the stop.
# Usage: results/hdfs/walkthrough.sh [WORKDIR] (default /tmp/hs)
set -u
cd "$(dirname "$0")/../.."
D=${1:-/tmp/hs}; rm -rf $D; mkdir -p $D
start=$(date +%s.%N)
./turbo cluster start --processes --hdfs --regionservers 2 --data $D/data --client-conf $D/conf > $D/cluster.out 2>&1 &
CL=$!
echo $CL > $D/launcher.pid
for i in $(seq 1 180); do grep -q "^serving" $D/cluster.out && break; sleep 1; done
echo "serving after $(echo "$(date +%s.%N) - $start" | bc) s"
grep -E "started in|HDFS" $D/cluster.out | cut -c1-400
ps -eo pid,rss,args | grep -E "java.*(namenode.NameNode|datanode.DataNode|HRegionServer)" | grep -v grep | awk '{printf "%s %.0f MiB %s\n", $1, $2/1024, $NF}'
./turbo --conf $D/conf ycsb load --workload a --db fastpath -p recordcount=5000 --threads 2 > $D/load.out 2>&1; echo "ycsb load fastpath exit $?"; grep -E "FAILED|Throughput" $D/load.out | head -3
./turbo --conf $D/conf ycsb run --workload c --db prepared -p recordcount=5000 -p operationcount=2000 --threads 2 > $D/run.out 2>&1; echo "ycsb run prepared exit $?"; grep -E "FAILED|Throughput" $D/run.out | head -3
./turbo --conf $D/conf fastpath check --round-trips 5 > $D/check.out 2>&1; echo "fastpath check exit $?"; tail -2 $D/check.out
./turbo --conf $D/conf compress codecs > $D/codecs.out 2>&1; echo "compress codecs exit $?"; tail -3 $D/codecs.out
./turbo --conf $D/conf compress advise --table usertable --jvms 1 --run-off-jvms 1 --repeats 1 --warmup-seconds 2 --apply > $D/advise.out 2>&1; echo "compress advise --apply exit $?"; grep -iE "recommend|applied|ERROR|turbo:" $D/advise.out | head -5
./turbo --conf $D/conf tune status > $D/tune.out 2>&1; echo "tune status exit $?"; head -5 $D/tune.out
kill -TERM $CL; wait $CL; echo "launcher exit $?"; tail -2 $D/cluster.out
