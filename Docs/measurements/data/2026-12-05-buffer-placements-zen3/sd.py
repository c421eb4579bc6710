"""Spread of the process medians that rot.c prints, per buffer-set count. usage: python3 sd.py rot-150-processes-k1-k4-k16.txt"""
import sys,collections,numpy as np
d=collections.defaultdict(list)
for l in open(sys.argv[1]):
    k,t=l.split(); d[int(k)].append(float(t))
for k,v in sorted(d.items()):
    x=np.log(np.array(v)); mad=1.4826*np.median(abs(x-np.median(x)))
    print(f"K={k:2d} n={len(v)} median {np.median(v):.0f} ns  SD of log {100*x.std(ddof=1):.2f}%  robust {100*mad:.2f}%")
