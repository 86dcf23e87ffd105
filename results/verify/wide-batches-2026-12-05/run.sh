#!/bin/bash
# verify's wide batches (2,500 Puts, 2 writers), calm, embedded cluster: base (5090c61) and new, native and fastpath.
out=OUT
for round in 1 2; do
  for build in base main; do
    for db in native fastpath; do
      (cd CHECKOUT_OF_$build && ./turbo verify --cluster embedded --loops 1 --nodes 800000 --width 2500 --writers 2 \
          --db $db --seed 1 --json $out/$build-$db-$round.json > $out/$build-$db-$round.txt 2>&1)
      echo "$build $db $round rc=$?" >> $out/progress
    done
  done
done
echo finished >> $out/progress
