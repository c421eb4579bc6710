#!/usr/bin/env python3
"""20 fresh processes of each build (NT, plain), alternating, the order swapped every process: each process one
`framebudget run` of the display colormap and the photo frame; prints each process's p50/p95 and the paired ratios."""
import json, os, statistics, subprocess, sys
builds = {"nt": "/tmp/zen5/nt/framebudget", "plain": "/tmp/zen5/plain/framebudget"}
ids = ["colormap/optimized/1920x1440", "photo-frame/optimized/256x192-to-1920x1440"]
rows = []
for i in range(int(sys.argv[1]) if len(sys.argv) > 1 else 20):
    order = ["nt", "plain"] if i % 2 == 0 else ["plain", "nt"]
    row = {"load": os.getloadavg()[0]}
    for name in order:
        out = subprocess.run([builds[name], "run", "--no-roofs", "--counters", "none", "--format", "json",
                              "--reports", f"/tmp/zen5/ntplain/runs/{name}-{i}", *ids],
                             check=True, capture_output=True, text=True).stdout
        for b in json.loads(out)["benchmarks"]:
            row[(name, b["id"], "p50")] = b["statistics"]["median"] / 1e3
            row[(name, b["id"], "p95")] = b["statistics"]["p95"] / 1e3
    rows.append(row)
    print(f"{i + 1:2} load {row['load']:.2f} order {'/'.join(order)}: " + " · ".join(
        f"{bid.split('/')[0]} {s} NT {row[('nt', bid, s)]:.1f} plain {row[('plain', bid, s)]:.1f} µs"
        for bid in ids for s in ("p50", "p95")), flush=True)
print(f"\nover {len(rows)} process pairs (1-min load {min(r['load'] for r in rows):.2f}–{max(r['load'] for r in rows):.2f}):")
for bid in ids:
    for s in ("p50", "p95"):
        nt = [r[("nt", bid, s)] for r in rows]; plain = [r[("plain", bid, s)] for r in rows]
        ratios = [p / n for p, n in zip(plain, nt)]
        print(f"  {bid} {s}: NT median {statistics.median(nt):.1f} ({min(nt):.1f}–{max(nt):.1f}) µs · plain median "
              f"{statistics.median(plain):.1f} ({min(plain):.1f}–{max(plain):.1f}) µs · plain/NT median "
              f"{statistics.median(ratios):.3f} · NT faster in {sum(1 for x in ratios if x > 1)} of {len(rows)}")
