#!/usr/bin/env bash
# One gate-quality round per invocation, --placements 8, for each round name given (run-gate-quality.sh 1 2 b1 ...);
# a name starting with b runs two processes of /tmp/bursty (Docs/measurements/2026-11-29-fine-blocks-intel.md) beside it.
cd /work/main
A=.build-compare/bin/6844be499a76/framebudget
A2=.build-compare/bin/6e991cc59a89/framebudget
B=.build-compare/bin/0e0f586b585c/framebudget
for r in "$@"; do
  busy=0; [[ $r == b* ]] && busy=1
  pids=()
  if (( busy )); then /tmp/bursty 11 & pids+=($!); /tmp/bursty 12 & pids+=($!); fi
  echo "round $r start $(date +%T) load $(cut -d' ' -f1 /proc/loadavg) busy $busy"
  .build/release/framebudget gate-quality $A $A2 $B --slowed colormap/optimized/256x192 --slowed colormap/optimized/1920x1440 \
     --slowed photo-frame/optimized/256x192-to-1920x1440 -n 1 --budgeted --placements 8 --out /tmp/gq8/r$r > /tmp/gq8/r$r.txt 2>&1
  echo "round $r end rc $? $(date +%T)"
  for p in "${pids[@]}"; do kill $p; done; wait 2>/dev/null
done
