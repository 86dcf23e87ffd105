#!/bin/sh
# From the UCX debug logs of FastPathManyClientsIT (-Dturbo.many-clients.ucx-log=DIR), per 10 s since the first
# endpoint a RegionServer made: UCX endpoints made for connecting clients, endpoints failed because the client answered
# UCX's check that its endpoint is gone ("Connection reset by remote peer" on lane[255], each endpoint counted once),
# failed because the client's process is gone (keepalive: "ka failed for pid"), and endpoints freed in all (ucp_ep.c
# "destroy": the failed ones, and at the end those the RegionServer's shutdown closed). Usage: sh ucx-endpoints.sh DIR
dir=${1:-.}
t0=$(grep -h 'ucp_ep.c:354 ' "$dir"/regionserver-*.log | awk -F'[][]' '{print $2}' | sort -n | head -1)
for f in "$dir"/regionserver-*.log; do
  echo "== $(basename "$f")"
  echo "seconds made reset_by_client process_gone freed"
  awk -F'[][]' -v t0="$t0" '
    { b = int(($2 - t0) / 10) * 10 }
    /ucp_ep.c:354 / { made[b]++; seen[b] = 1 }
    /Connection reset by remote peer on lane\[255\]/ && match($0, /ep 0x[0-9a-f]+/) {
      ep = substr($0, RSTART, RLENGTH); if (!(ep in was)) { was[ep] = 1; reset[b]++; seen[b] = 1 } }
    /ka failed for pid/ { gone[b]++; seen[b] = 1 }
    /ucp_ep.c:1209 / { freed[b]++; seen[b] = 1 }
    END { for (k in seen) printf "%d %d %d %d %d\n", k, made[k], reset[k], gone[k], freed[k] }' "$f" | sort -n
done
for f in "$dir"/client-*.log; do
  printf '%s: endpoints made to answer a server'"'"'s check (ep_check reply): %s\n' "$(basename "$f")" \
    "$(grep -c 'wireup ep_check reply' "$f")"
done
