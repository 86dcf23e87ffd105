#!/usr/bin/env bash
# Issue 49's scan and codec targets ("gain at least 0.8x the byte saving where the link binds") at delayed links
# that bind on this 2-core host: 100mbit:200us for Prepared Scan, 50mbit:200us for the compact codec, on a cluster
# of hosts (YCSB's JVMs on the client host); one idle host, one command after the other.
set -euo pipefail
cd "$(dirname "$0")"
turbo=../../../turbo
hosts=(--cluster processes --hosts)
$turbo bench scan "${hosts[@]}" --link 100mbit:200us --variants native,prepared,prepared+fastpath --clients 16 \
  --runs 3 --run-time 5s --out scan > scan.txt 2>&1
$turbo bench codec "${hosts[@]}" --link 50mbit:200us --variants default,compact --clients 8 --runs 3 \
  --run-time 5s --out codec > codec.txt 2>&1
# Gets at 8 clients did not fill the link behind the delay; the same with 32 clients.
$turbo bench codec "${hosts[@]}" --link 50mbit:200us --operations get --variants default,compact --clients 32 \
  --runs 3 --run-time 5s --out codec-get-32 > codec-get-32.txt 2>&1
