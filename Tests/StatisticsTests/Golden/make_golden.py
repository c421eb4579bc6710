#!/usr/bin/env python3
"""Golden values for the Statistics module, computed with numpy/scipy.

Run from this folder: python3 make_golden.py  (writes descriptive.json).
Percentiles use numpy's default method ("linear", Hyndman & Fan type 7), the standard deviation ddof=1, the MAD
scipy.stats.median_abs_deviation with scale=1.0; outliers are counted against Tukey's fences from those quartiles.
"""
import json
import numpy as np
from scipy import stats

rng = np.random.default_rng(20261122)
samples = {
    "lognormal_200": rng.lognormal(mean=10.0, sigma=0.3, size=200),
    "normal_with_outliers_101": np.concatenate([rng.normal(1000.0, 15.0, size=97), [1300.0, 1500.0, 700.0, 400.0]]),
    "ties_12": np.array([5, 5, 5, 6, 6, 7, 7, 7, 7, 8, 20, 1], dtype=float),
    "single_1": np.array([42.0]),
    "pair_2": np.array([3.0, 9.0]),
    "uniform_1000": rng.uniform(0.0, 1e6, size=1000),
}
percentiles = [0, 1, 25, 50, 90, 95, 99, 99.9, 100]

def tukey(values):
    q1, q3 = np.percentile(values, [25, 75])
    iqr = q3 - q1
    fences = [q1 - 3 * iqr, q1 - 1.5 * iqr, q3 + 1.5 * iqr, q3 + 3 * iqr]
    return {
        "lowSevere": int(np.sum(values < fences[0])),
        "lowMild": int(np.sum((values >= fences[0]) & (values < fences[1]))),
        "highMild": int(np.sum((values > fences[2]) & (values <= fences[3]))),
        "highSevere": int(np.sum(values > fences[3])),
    }

golden = []
for name, values in samples.items():
    golden.append({
        "name": name,
        "values": [float(v) for v in values],
        "mean": float(np.mean(values)),
        "std": float(np.std(values, ddof=1)) if len(values) > 1 else 0.0,
        "median": float(np.median(values)),
        "mad": float(stats.median_abs_deviation(values, scale=1.0)),
        "percentiles": {str(q): float(np.percentile(values, q)) for q in percentiles},
        "tukey": tukey(values),
    })

with open("descriptive.json", "w") as f:
    json.dump(golden, f, indent=1)
