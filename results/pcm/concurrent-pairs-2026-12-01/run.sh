#!/bin/bash
cd /work/main
CP="turbo-cli/target/turbo-cli.jar:turbo-cli/target/lib/*"
# Run as written, then once more with "aa_fd concurrent" "aa_fd alternating" (after Setup2.java).
for spec in "aa_b concurrent" "aa_b alternating" "aa_c32 concurrent" "aa_c32 alternating"; do
  set -- $spec
  java -Dlog4j.configuration=none -cp "$CP" /work/exp/aac/AaConcurrent.java /tmp/aac-data/client-conf usertable $1 $2 40 3000 60000 4 \
    > /work/exp/aac/$1-$2.txt 2>/work/exp/aac/$1-$2.err
  tail -1 /work/exp/aac/$1-$2.txt
done
