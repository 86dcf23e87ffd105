#!/bin/bash
# The README's process-cluster walkthrough, timed: a process cluster, YCSB load and run, then a rolling restart
# during a second run paced at 500 ops/s. Usage: results/process-cluster/walkthrough.sh [WORKDIR] (default /tmp/walk)
set -u
cd "$(dirname "$0")/../.."
W=${1:-/tmp/walk}
mkdir -p "$W"
D=$W/data
T0=$(date +%s.%N)
./turbo cluster start --processes --regionservers 2 --data $D > $W/cluster.out 2>&1 &
LAUNCHER=$!
until grep -q "^serving" $W/cluster.out; do sleep 0.5; if ! kill -0 $LAUNCHER 2>/dev/null; then echo "launcher died"; cat $W/cluster.out; exit 1; fi; done
echo "start took $(echo "$(date +%s.%N) - $T0" | bc) s (wall, including the JVM start of ./turbo)"
ps -o pid,rss,args --ppid $(pgrep -P $LAUNCHER -f "parent-watch" | tr '\n' ',' | sed 's/,$//') 2>/dev/null | cut -c1-60
ps -o pid,rss,args -p $LAUNCHER $(pgrep -P $LAUNCHER java | tr '\n' ' ') 2>/dev/null | cut -c1-60
./turbo --conf $D/client-conf ycsb load --workload a --out $W/load --json $W/load.json > $W/load.out 2>&1; echo "load exit $?"
./turbo --conf $D/client-conf ycsb run --workload a --out $W/run1 --json $W/run1.json > $W/run1.out 2>&1; echo "run1 exit $?"
./turbo --conf $D/client-conf ycsb run --workload a --runs 1 --warmup 0 -p operationcount=30000 -p target=500 --out $W/run2 --json $W/run2.json > $W/run2.out 2>&1 &
RUN=$!
sleep 8
R0=$(date +%s)
./turbo cluster restart --data $D --rolling --set hbase.regionserver.handler.count=40 > $W/restart.out 2>&1; echo "restart exit $? after $(( $(date +%s) - R0 )) s"
kill -0 $RUN 2>/dev/null && echo "run2 still going when the restart ended"
wait $RUN; echo "run2 exit $?"
for p in $(pgrep -f "HRegionServer start" ); do ps -o pid,rss= -p $p; done
kill -TERM $LAUNCHER; wait $LAUNCHER; echo "launcher exit $?"
tail -3 $W/cluster.out
