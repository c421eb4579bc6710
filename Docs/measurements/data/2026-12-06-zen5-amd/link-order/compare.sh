#!/bin/bash
# Paired comparisons of the link-order builds (see link-order.sh). Output: /tmp/lay/out/<name>.{json,txt}
cd /work/main
fb=.build/release/framebudget; b=/tmp/lay/bin; o=/tmp/lay/out; mkdir -p $o
run() { name=$1; shift; echo "$name start $(date +%T) load $(cut -d' ' -f1 /proc/loadavg)" >> $o/times
  $fb compare-builds "$@" --format json --out $o/$name.json > $o/$name.txt 2>&1; echo "$name rc $? $(date +%T)" >> $o/times; }
run aa-s1-s2 $b/framebudget-plain-s1 $b/framebudget-plain-s2 --budgeted
run aa-s3-s4 $b/framebudget-plain-s3 $b/framebudget-plain-s4 --budgeted
for s in 1 2 3 4; do run ab-s$s $b/framebudget-plain-s$s $b/framebudget-slowed-s$s nms/optimized/typical nms/optimized/crowded colormap/optimized/256x192; done

# Then (after link-order.sh ... 5 6 7 8 for both kinds):
f="nms/optimized/typical nms/optimized/crowded colormap/optimized/256x192"
sleep 30
run ab-default-1 .build-compare/bin/ffe51f7f60f9/framebudget .build-compare/bin/2f8b80889793/framebudget $f
for s in 5 6 7 8; do run ab-s$s $b/framebudget-plain-s$s $b/framebudget-slowed-s$s $f; done
run ab-default-2 .build-compare/bin/ffe51f7f60f9/framebudget .build-compare/bin/2f8b80889793/framebudget $f

# Then (after link-order.sh ... none for both kinds):
run ab-lld-unshuffled-1 $b/framebudget-plain-snone $b/framebudget-slowed-snone $f
run ab-lld-unshuffled-2 $b/framebudget-plain-snone $b/framebudget-slowed-snone $f
