#!/usr/bin/env bash
# A process cluster's start with and without the servers' class archive, interleaved, in the cluster tier's regime
# (C1 alone) and with HotSpot's defaults: the launcher's time to "serving" and its RegionServers' CPU by then.
# Run from the checkout, built, as a user who can write turbo-regionserver/target, nothing else running:
#   results/testing/server-class-archive-2026-12-07/measure.sh ROUNDS OUT.json [MORE cluster start OPTIONS]
# With --hdfs, the NameNode's and DataNodes' CPU too.
# "without" gives the JDK's own archive in TURBO_CHILD_JAVA_OPTS, which comes after the servers' and wins.
set -euo pipefail
rounds="${1:?rounds}"; out="${2:?output json}"; shift 2; more=("$@")
root="$(pwd)"
jar="$root/turbo-cli/target/turbo-cli.jar"
lib="$root/turbo-cli/target/lib"
jdk_archive="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")/lib/server/classes.jsa"
tick="$(getconf CLK_TCK)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

start_once() { # regime variant -> "seconds cpu_seconds_rs0 cpu_seconds_rs1"
  local regime="$1" variant="$2" opts=""
  [ "$regime" = c1 ] && opts="-XX:TieredStopAtLevel=1"
  [ "$variant" = without ] && opts="$opts -XX:SharedArchiveFile=$jdk_archive"
  rm -rf "$work/data"
  local t0 t1 pid
  t0="$(date +%s.%N)"
  TURBO_CHILD_JAVA_OPTS="$opts" java @"$root/jvm.options" -Dturbo.home="$root" -cp "$jar:$lib/*" \
    org.hbaseturbo.cli.TurboMain cluster start --processes --regionservers 2 --rs-heap 512m --data "$work/data" "${more[@]}" \
    > "$work/launcher.out" 2>&1 &
  pid=$!
  for _ in $(seq 1 1200); do
    grep -q "^serving" "$work/launcher.out" && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/launcher.out" >&2; exit 1; }
    sleep 0.1
  done
  t1="$(date +%s.%N)"
  local cpu=""
  for rs in $(pgrep -f 'org.apache.hadoop.hbase.regionserver.HRegionServer' | sort -n); do
    [ "$(cat "/proc/$rs/comm" 2>/dev/null)" = java ] || continue  # not the watch scripts around them
    read -r -a stat < "/proc/$rs/stat"
    cpu="$cpu $(awk -v u="${stat[13]}" -v s="${stat[14]}" -v t="$tick" 'BEGIN { printf "%.2f", (u + s) / t }')"
    if [ "$variant" = with ]; then
      grep -q "class-archive-.*\.jsa" "/proc/$rs/maps" || { echo "RegionServer $rs maps no class archive" >&2; exit 1; }
    fi
  done
  # SIGTERM, as Ctrl-C would: a background job of a script ignores SIGINT.
  local hdfs=""
  for daemon in $(pgrep -f 'org.apache.hadoop.hdfs.server.(namenode.NameNode|datanode.DataNode)' | sort -n); do
    [ "$(cat "/proc/$daemon/comm" 2>/dev/null)" = java ] || continue
    read -r -a stat < "/proc/$daemon/stat"
    hdfs="$hdfs,$(awk -v u="${stat[13]}" -v s="${stat[14]}" -v t="$tick" 'BEGIN { printf "%.2f", (u + s) / t }')"
  done
  echo "${hdfs#,}" > "$work/hdfs-cpu"
  if [ "$variant" = record ]; then
    # The launcher dumps the archive in the background, and its end would end the dump.
    for _ in $(seq 1 300); do
      ls "$root"/turbo-regionserver/target/class-archive-*/*.jsa >/dev/null 2>&1 && break; sleep 1
    done
  fi
  kill -TERM "$pid"; wait "$pid" || true
  echo "$regime $variant: serving after $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s, CPU$cpu" >&2
  echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')$cpu"
}

# The archive of this build, made by a first start if there is none yet.
start_once c1 record >/dev/null 2>&1 || true
archive="$(ls "$root"/turbo-regionserver/target/class-archive-*/*.jsa)"

{
  echo "{"
  echo "  \"machine\": {\"cpus\": $(nproc), \"model\": \"$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)\", \"kernel\": \"$(uname -r)\"},"
  echo "  \"java\": \"$(java -version 2>&1 | head -1 | sed 's/"/\\"/g')\","
  echo "  \"commit\": \"$(git rev-parse HEAD)\","
  echo "  \"archive\": {\"file\": \"$archive\", \"bytes\": $(stat -c %s "$archive")},"
  echo "  \"command\": \"cluster start --processes --regionservers 2 --rs-heap 512m ${more[*]}, until it printed serving\","
  echo "  \"runs\": ["
  first=1
  for round in $(seq 1 "$rounds"); do
    for regime in c1 defaults; do
      for variant in without with; do
        read -r -a r <<< "$(start_once "$regime" "$variant")"
        [ $first = 1 ] || echo ","
        first=0
        printf '    {"round": %d, "regime": "%s", "variant": "%s", "serving_s": %s, "regionserver_cpu_s": [%s], "hdfs_daemon_cpu_s": [%s]}' \
          "$round" "$regime" "$variant" "${r[0]}" "$(IFS=,; echo "${r[*]:1}")" "$(cat "$work/hdfs-cpu")"
      done
    done
  done
  echo ""
  echo "  ]"
  echo "}"
} > "$out"
python3 - "$out" <<'PY'
import json, statistics, sys
d = json.load(open(sys.argv[1]))
rows = {}
for r in d["runs"]:
    rows.setdefault((r["regime"], r["variant"]), []).append(r)
d["medians"] = {}
for (regime, variant), rs in sorted(rows.items()):
    d["medians"][regime + " " + variant] = {
        "serving_s": statistics.median(r["serving_s"] for r in rs),
        "regionserver_cpu_s": statistics.median(c for r in rs for c in r["regionserver_cpu_s"]),
        "hdfs_daemon_cpu_s": statistics.median(c for r in rs for c in r["hdfs_daemon_cpu_s"]) if rs[0]["hdfs_daemon_cpu_s"] else None}
json.dump(d, open(sys.argv[1], "w"), indent=2)
for k, v in d["medians"].items():
    print(k, v)
PY
