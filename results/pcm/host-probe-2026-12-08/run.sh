#!/bin/bash
cd /work/runs/probe
java -Xmx256m -cp . Probe > probe.txt &
PROBE=$!
cd /work/main
./turbo bench pcm --variants defaults,defaults-again --classes RO-read,MixR,MixW,WO-update --runs 4 --no-adaptivity --out OUT 2>&1 | perl -MTime::HiRes=time -ne 'printf "%.3f %s", time, $_; STDOUT->flush' > /work/runs/probe/console.txt
echo "exit ${PIPESTATUS[0]}" >> /work/runs/probe/console.txt
kill $PROBE
