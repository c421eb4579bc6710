#!/usr/bin/env python3
"""How often ChangePoints.detect (Sources/Statistics/ChangePoints.swift, replicated here line for line) reports a
step in a short history of pure noise, and how often it finds a real one.

usage: python3 scripts/change-points/short-history-false-steps.py [TRIALS]   (default 400; ~2 min)

Per history length: the share of noise-only series (1% Gaussian noise) with any step, with the detector's penalty
3·2·ln n and with n floored at 20 and 30 (a variant considered, not adopted: it halves the rate at 6–10 nights and
misses a third of the 3σ steps there); then the share of series with a 3σ and a 10σ step at mid-series found.
Results of 6 Dec 2026 in Docs/COMPARE-AND-HISTORY.md ("Step detection").
"""
import numpy as np, math, sys
def robust_sigma(x):
    d=np.diff(x); 
    if len(d)==0: return 0.0
    mad=np.median(np.abs(d-np.median(d)))
    return 1.4826*mad/math.sqrt(2)
def detect(x, factor=3.0, minimum=3, floor_n=None):
    n=len(x)
    if n<2*minimum: return []
    scale=max(robust_sigma(x)/math.sqrt(2), 1e-12*max(1,abs(np.median(x))))
    pen=factor*2*math.log(max(n, floor_n or 0) if floor_n else n)
    cost={}
    for s in range(n):
        for l in range(minimum, n-s+1):
            seg=x[s:s+l]; cost[(s,l)]=2*np.sum(np.abs(seg-np.median(seg)))/scale
    best=[math.inf]*(n+1); prev=[0]*(n+1); best[0]=-pen; cands=[0]
    for end in range(1,n+1):
        totals={}
        for s in cands:
            if end-s>=minimum:
                t=best[s]+cost[(s,end-s)]; totals[s]=t
                if t+pen<best[end]: best[end]=t+pen; prev[end]=s
        cands=[c for c in cands if (c not in totals) or totals[c]<=best[end]]
        if math.isfinite(best[end]): cands.append(end)
    b=[]; e=n
    while e>0:
        s=prev[e]
        if s>0: b.append(s)
        e=s
    return b[::-1]
rng=np.random.default_rng(1)
trials=int(sys.argv[1]) if len(sys.argv)>1 else 400
for n in [6,10,16,20,30,50]:
    fp={None:0, 20:0, 30:0}
    for t in range(trials):
        x=1000*(1+0.01*rng.standard_normal(n))
        for f in fp: fp[f]+= 1 if detect(x, floor_n=f) else 0
    # power for a 3-sigma and 10% step in the middle
    pw={None:0,20:0,30:0}; pw10={None:0,20:0,30:0}
    for t in range(trials//4):
        x=1000*(1+0.01*rng.standard_normal(n)); x[n//2:]*=1.03
        y=1000*(1+0.01*rng.standard_normal(n)); y[n//2:]*=1.10
        for f in pw: 
            pw[f]+= 1 if detect(x, floor_n=f) else 0
            pw10[f]+= 1 if detect(y, floor_n=f) else 0
    print(n, {f: round(fp[f]/trials,3) for f in fp}, '3σ found', {f: round(pw[f]/(trials//4),2) for f in pw}, '10σ found', {f: round(pw10[f]/(trials//4),2) for f in pw10}, flush=True)
