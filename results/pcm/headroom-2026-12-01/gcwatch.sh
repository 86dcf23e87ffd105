#!/bin/bash
# Starts one 'jstat -gc -t PID 5000' for every RegionServer JVM of 1 GiB as it appears, and records which cluster's
# configuration directory (its classpath's first entry) it runs with. Ends after $1 seconds.
out=${2:-/work/exp/headroom/gc}; mkdir -p $out; end=$((SECONDS + ${1:-3600}))
declare -A seen
while [ $SECONDS -lt $end ]; do
  for p in $(pgrep -f "^\S*java -Xmx1024m"); do
    if [ -z "${seen[$p]}" ]; then
      seen[$p]=1
      cp=$(tr '\0' '\n' < /proc/$p/cmdline | grep -A1 '^-cp$' | tail -1 | cut -d: -f1)
      echo "$(date +%T) $p $cp" >> $out/pids.txt
      jstat -gc -t $p 5000 > $out/gc-$p.txt 2>/dev/null &
    fi
  done
  sleep 2
done
