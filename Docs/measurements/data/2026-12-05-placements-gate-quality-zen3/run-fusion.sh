#!/usr/bin/env bash
# run-fusion.sh A B NAME: fusion alone, A against B, exactly 30 pairs a comparison, alternating 1 and 8 placements,
# three of each; writes fusion/NAME-r<round>-k<placements>.json. Run from the repository's root (budgets.yaml).
#   aligned:   run-fusion.sh .build-compare/bin/6844be499a76/framebudget .build-compare/bin/0e0f586b585c/framebudget aligned
#   unaligned: run-fusion.sh /tmp/rot/fb-9a153a7 /tmp/rot/fb-slowed unaligned   (the binaries of the 10:07 reading)
# (On 5 Dec this ran as two copies of the loop, one per pair of builds, writing /tmp/fus/ab-* and un-*; renamed here.)
set -euo pipefail
a=$1 b=$2 name=$3 out=$(dirname "$0")/fusion
for r in 1 2 3; do
  for k in 1 8; do
    echo "start r$r k$k $(date +%T) $(cut -d' ' -f1 /proc/loadavg)"
    .build/release/framebudget compare-builds "$a" "$b" 'fusion/optimized/*' --min-pairs 30 --max-pairs 30 \
        --max-minutes 30 --placements $k --format json --out "$out/$name-r$r-k$k.json" || true
    echo "end $(date +%T)"
  done
done
