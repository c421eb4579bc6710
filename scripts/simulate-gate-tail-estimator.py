#!/usr/bin/env python3
"""Wrong PASS of a p95 budget at its limit over process runs: each run's p95 read linear (type 7) vs median-unbiased
(type 8), in a sequential gate (one-process rule first, then the 99% t interval over 2..10 runs). The within-run log
SD s and between-run SD b vary; each typical run's true p95 equals the limit. Run: python3 simulate-gate-tail-estimator.py
(about 5 minutes). Docs/BUDGETS-AND-REPORTS.md quotes its table (7 Dec 2026)."""
import numpy as np
from scipy import stats
L=1.0
def sim(n, s, between, method, truth=1.0, trials=3000, cap=10, level=0.99, seed=7):
    rng=np.random.default_rng(seed)
    med=truth*L/np.exp(1.645*s)
    res={'pass':0,'fail':0}
    for _ in range(trials):
        vals=[]
        for k in range(1,cap+1):
            x=med*np.exp(s*rng.standard_normal(n)+between*rng.standard_normal())
            vals.append(np.log(np.percentile(x,95,method=method)))
            if k==1:
                if np.max(x)*np.exp(1.645*0.2)<L: res['pass']+=1; break
                continue
            m=np.mean(vals); sd=np.std(vals,ddof=1); t=stats.t.ppf(0.5+level/2,k-1)
            if m+t*sd/np.sqrt(k)<np.log(L): res['pass']+=1;break
            if m-t*sd/np.sqrt(k)>np.log(L): res['fail']+=1;break
    return res['pass']/trials, res['fail']/trials
for n in (10,20,40,100):
  for s in (0.05,0.3):
    for between in (0.02,0.1):
      row=[]
      for method in ('linear','median_unbiased','normal_unbiased'):
        p,f=sim(n,s,between,method)
        row.append(f'{method[:6]} {p:.3f}')
      print(f'n={n:3d} s={s} b={between}: wrong PASS at p95 = limit:', ' | '.join(row))
