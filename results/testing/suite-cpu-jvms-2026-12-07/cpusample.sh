#!/bin/bash
# usage: cpusample.sh OUT INTERVAL ; prints epoch busy% every INTERVAL s until killed
out=$1; iv=${2:-5}
read -r _ u n s i w q sq st _ < /proc/stat; pb=$((u+n+s+q+sq+st)); pt=$((pb+i+w))
while sleep "$iv"; do
  read -r _ u n s i w q sq st _ < /proc/stat; b=$((u+n+s+q+sq+st)); t=$((b+i+w))
  echo "$(date +%s) $(( 100*(b-pb)/(t-pt) ))" >> "$out"; pb=$b; pt=$t
done
