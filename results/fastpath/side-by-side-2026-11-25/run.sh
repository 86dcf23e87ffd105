#!/usr/bin/env bash
# Alternates the fast path's 1 KB micro-benchmark between the build before this change (6855df7) and after it.
set -u
cd results/fastpath/side-by-side-2026-11-25
printf '<?xml version="1.0"?><configuration><property><name>hbase.rpc.protection</name><value>integrity</value></property></configuration>\n' > integrity.xml
for round in 1 2 3; do
  for build in old new new-integrity; do
    case $build in
      old) dir=/work/wt-old; export MAVEN_OPTS=-Dmaven.repo.local=/work/m2-old/repository; extra=() ;;
      new) dir=/work/main; unset MAVEN_OPTS; extra=() ;;
      new-integrity) dir=/work/main; unset MAVEN_OPTS; extra=(--site results/fastpath/side-by-side-2026-11-25/integrity.xml) ;;
    esac
    echo "== round $round $build $(date +%T)"
    (cd $dir && UCX_LOG_LEVEL=error ./turbo bench fastpath --sizes 1k --workloads none --transport shm --runs 3 \
      --run-seconds 5 "${extra[@]}" --out results/fastpath/side-by-side-2026-11-25/$build-$round) > results/fastpath/side-by-side-2026-11-25/$build-$round.log 2>&1
    echo "exit $?"
    grep -E "get-1KB|put-1KB" results/fastpath/side-by-side-2026-11-25/$build-$round.log | head -4
  done
done
