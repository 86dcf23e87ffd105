#!/usr/bin/env bash
# A YCSB phase JVM with and without the YCSB phases' class archive, interleaved, in the test suite's regime (C1 alone)
# and with HotSpot's defaults: its CPU (user + system) and wall time from start to exit.
# Run from the checkout, built, as root, nothing else running:
#   results/testing/child-class-archive-2026-12-07/measure.sh ROUNDS OUT.json
# It starts an embedded cluster (`turbo cluster start`), loads 2,000 records with `turbo ycsb load`, which writes the
# phase's properties and makes the archive as the first command of a build does, then runs the load phase's JVM by
# hand, as ChildJvm starts it, ROUNDS times per regime and variant.
# "without" gives the JDK's own archive, as TURBO_CHILD_JAVA_OPTS would, after the phases' archive: it wins.
set -euo pipefail
rounds="${1:?rounds}"; out="${2:?output json}"
root="$(pwd)"
jar="$root/turbo-cli/target/turbo-cli.jar"
lib="$root/turbo-cli/target/lib"
archives="${XDG_CACHE_HOME:-$HOME/.cache}/hbase-turbo/class-archives"
main=org.hbaseturbo.bench.ycsb.YcsbPhaseMain
jdk_archive="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")/lib/server/classes.jsa"
work="$(mktemp -d)"
cluster=""
cleanup() {
  # SIGTERM, as Ctrl-C would: a background job of a script ignores SIGINT.
  [ -n "$cluster" ] && { kill -TERM "$cluster" 2>/dev/null; wait "$cluster" 2>/dev/null || true; }
  rm -rf "$work"
}
trap cleanup EXIT

# As this user: ./turbo would run the cluster as hbase-turbo.
java @"$root/jvm.options" -Dturbo.home="$root" -cp "$jar:$lib/*" org.hbaseturbo.cli.TurboMain cluster start \
  --data "$work/data" --client-conf "$work/conf" > "$work/cluster.out" 2>&1 &
cluster=$!
for _ in $(seq 1 600); do
  grep -q "^serving" "$work/cluster.out" && break
  kill -0 "$cluster" 2>/dev/null || { cat "$work/cluster.out" >&2; exit 1; }
  sleep 0.2
done
rm -rf "$archives/$main-"*
# The first command of a build that runs a phase makes the archive, finishing its dump as it ends.
"$root/turbo" --conf "$work/conf" ycsb load --workload a -p recordcount=2000 --out "$work/load" > /dev/null
archive="$(ls "$archives/$main-"*/*.jsa)"
props="$work/load/load.properties"
[ -f "$props" ] || props="$(find "$work/load" -name 'load.properties' | head -1)"
mapfile -t flags < <(grep -v '^#' "$root/jvm.options" | sed '/^$/d')

phase_once() { # regime variant -> "cpu_seconds wall_seconds"
  local regime="$1" variant="$2" share=("-XX:SharedArchiveFile=$archive") more=()
  [ "$regime" = c1 ] && more+=("-XX:TieredStopAtLevel=1")
  [ "$variant" = without ] && more+=("-XX:SharedArchiveFile=$jdk_archive")
  # With the archive, -Xshare:on: the JVM refuses to start rather than run without it.
  [ "$variant" = with ] && more+=("-Xshare:on")
  /usr/bin/time -f "%U %S %e" -o "$work/time" java "${share[@]}" "${flags[@]}" "${more[@]}" \
    -Dlog4j.configuration=org/hbaseturbo/jvm/child-log4j.properties -cp "$jar:$lib/*" \
    "$main" "$props" "$work/result.json" > /dev/null 2> "$work/err" \
    || { cat "$work/err" >&2; exit 1; }
  read -r user sys wall < "$work/time"
  echo "$regime $variant: CPU $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') s, wall $wall s" >&2
  awk -v u="$user" -v s="$sys" -v w="$wall" 'BEGIN { printf "%.2f %.2f", u + s, w }'
}

rows=""
for round in $(seq 1 "$rounds"); do
  for regime in c1 defaults; do
    for variant in without with; do
      read -r cpu wall <<< "$(phase_once "$regime" "$variant")"
      rows="$rows{\"round\": $round, \"regime\": \"$regime\", \"variant\": \"$variant\", \"cpu_s\": $cpu, \"wall_s\": $wall},"
    done
  done
done

python3 - "$out" "[${rows%,}]" "$archive" "$rounds" <<'EOF'
import json, os, platform, statistics, subprocess, sys
out, rows, archive, rounds = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3], int(sys.argv[4])
java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0]
medians = {}
for regime in ("c1", "defaults"):
    for variant in ("without", "with"):
        mine = [r for r in rows if r["regime"] == regime and r["variant"] == variant]
        medians[f"{regime} {variant}"] = {
            "cpu_s": statistics.median(r["cpu_s"] for r in mine),
            "wall_s": statistics.median(r["wall_s"] for r in mine)}
json.dump({
    "benchmark": "YCSB phase JVM with and without the YCSB phases' class archive",
    "machine": {"host": platform.node(), "cpus": os.cpu_count(), "kernel": platform.release()},
    "versions": {"java": java},
    "parameters": {"rounds": rounds, "phase": "YCSB load of 2,000 records, workload a, embedded cluster",
                   "archive_bytes": os.path.getsize(archive),
                   "without": "-XX:SharedArchiveFile=<the JDK's classes.jsa> after the archive's flag",
                   "c1": "-XX:TieredStopAtLevel=1, as the test suite runs child JVMs"},
    "medians": medians, "runs": rows}, open(out, "w"), indent=2)
print(json.dumps(medians, indent=2))
EOF
