#!/usr/bin/env bash
# Issue 49's benchmarks on a cluster of hosts, at loopback, 10gbit:50us and 1gbit:200us in one command each
# (--link A,B,C: each link in turn on a cluster of its own, their ratios side by side); one idle 2-core host.
set -euo pipefail
cd "$(dirname "$0")"
turbo=../../../turbo
links=loopback,10gbit:50us,1gbit:200us
hosts=(--cluster processes --hosts)
$turbo bench fastpath "${hosts[@]}" --link $links --transport tcp --sizes none --workloads read --clients 16 \
  --runs 3 --run-time 5s --out fastpath > fastpath.txt 2>&1
$turbo bench scan "${hosts[@]}" --link $links --variants native,prepared,prepared+fastpath --clients 16 \
  --runs 3 --run-time 5s --out scan > scan.txt 2>&1
$turbo bench codec "${hosts[@]}" --link $links --clients 8 --runs 3 --run-time 5s --out codec > codec.txt 2>&1
