#!/usr/bin/env python3
"""What other pair caps would have said: recomputes paired verdicts from the pair log ratios a gate-quality.json keeps.

Usage: scripts/gate-quality/recompute-caps.py Reports/gate-quality/gate-quality.json [cap ...]   (default caps: 20 40)
Mirrors PairedChange.estimate (disturbed pairs set aside) and PairedVerdictRule.judge AS OF 27 NOV 2026 (14 benchmarks,
Bonferroni alpha 0.01 at every look, a fixed 90% equivalence interval; thresholds: 2%, 3% on more than one thread, 5%
for crowded NMS). The rule has changed since (a Pocock boundary over the looks, an equivalence level spent over them,
the thresholds of budgets.yaml or recorded in the file): its verdicts can differ from what the tool says today; use it
only to compare caps on files of that procedure.
Prints, per comparison, the benchmarks whose verdict is not UNCHANGED at some cap."""
import json, sys, math, numpy as np
from scipy import stats
d = json.load(open(sys.argv[1]))
caps = [int(x) for x in sys.argv[2:]] or [20, 40]
TH = {'nms/optimized/crowded': 0.05}
def est(r):
    r = list(r); dist = []
    if len(r) >= 4:
        m = np.median(r); mad = 1.4826*np.median([abs(x-m) for x in r]); lim = max(5*mad, 0.01)
        far = sorted([i for i in range(len(r)) if abs(r[i]-m) > lim], key=lambda i: -abs(r[i]-m))[:len(r)//4]
        dist = far
    used = [r[i] for i in range(len(r)) if i not in dist]
    return used
def verdict(r, th, nb=14, alpha=0.01):
    used = est(r); n = len(used)
    if n < 3: return 'inconclusive', None
    m = np.mean(used); sd = np.std(used, ddof=1); se = sd/math.sqrt(n)
    p = 2*stats.t.sf(abs(m/se), n-1) if se > 0 else 1
    h = stats.t.ppf(0.95, n-1)*se
    lo, hi = math.exp(m-h)-1, math.exp(m+h)-1
    if p <= alpha/nb and abs(math.exp(m)-1) > th: return ('regressed' if m > 0 else 'improved'), sd
    if lo >= -th and hi <= th: return 'unchanged', sd
    return 'inconclusive', sd
for kind in ('identical', 'slowedOutcomes'):
    outs = d[kind]
    print(kind, len(outs))
    for o in outs:
        pr = o.get('pairLogRatios') or {}
        line = f"  exit {o['exitStatus']} load {o.get('load')} {o['seconds']:.0f}s stop={o['stop']}"
        print(line)
        for b, r in sorted(pr.items()):
            th = TH.get(b, 0.03 if o['threads'].get(b, 1) > 1 else 0.02)
            vs = [verdict(r[:c], th)[0] for c in caps]
            sd = np.std(est(r), ddof=1) if len(r) > 1 else float('nan')
            if o['verdicts'][b] != 'unchanged' or any(v != 'unchanged' for v in vs):
                print(f"    {b:45s} t{o['threads'].get(b,1)} n={len(r):2d} sd={100*sd:5.2f}% tool={o['verdicts'][b]:12s} " + ' '.join(f"@{c}:{v}" for c, v in zip(caps, vs)))
