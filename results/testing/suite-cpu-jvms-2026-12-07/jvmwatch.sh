#!/bin/bash
# records each new java process once: "epoch pid mainclass-ish"
out=$1; declare -A seen
while sleep 1; do
  while read -r pid args; do
    [ -n "${seen[$pid]}" ] && continue; seen[$pid]=1
    main=$(echo "$args" | tr ' ' '\n' | grep -E '^(org|com|site|io)\.[A-Za-z0-9_.]+$' | head -1)
    [ -z "$main" ] && main=$(echo "$args" | tr ' ' '\n' | grep -E '\.jar$|surefire|Launcher' | head -1)
    echo "$(date +%s) $pid ${main:-?}" >> "$out"
  done < <(ps -eo pid=,args= | awk '$2 ~ /\/java$|^java$/')
done
