#!/usr/bin/env python3
"""Golden percentiles by Hyndman & Fan's type 8 (numpy's method="median_unbiased"), for
Percentile.medianUnbiasedOfSorted (MedianUnbiasedPercentileGoldenTests), and the share of runs whose type-8 and
type-7 ("linear", numpy's default) p95 lies below the true p95, which is why the gate averages type 8 over runs.
Run: python3 make_median_unbiased_golden.py > median_unbiased.json
"""
import json

import numpy as np

rng = np.random.default_rng(20261207)
cases = []
for n in (1, 2, 3, 5, 7, 12, 13, 14, 20, 37, 100):
    values = np.sort(rng.lognormal(mean=0.0, sigma=0.3, size=n))
    for q in (0.0, 10.0, 50.0, 90.0, 95.0, 99.0, 100.0):
        cases.append({"values": values.tolist(), "q": q,
                      "value": float(np.percentile(values, q, method="median_unbiased"))})

# Below the true p95 of a standard normal: type 8 near half the runs, type 7 far more from few values.
true_p95 = 1.6448536269514722
below = {}
for n in (20, 100):
    draws = rng.standard_normal((20000, n))
    below[str(n)] = {
        "medianUnbiased": float(np.mean(np.percentile(draws, 95, axis=1, method="median_unbiased") < true_p95)),
        "linear": float(np.mean(np.percentile(draws, 95, axis=1, method="linear") < true_p95)),
    }
print(json.dumps({"cases": cases, "shareBelowTrueP95": below}, indent=1))
