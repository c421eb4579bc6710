#!/usr/bin/env python3
"""Golden values for the comparison statistics (Mann-Whitney U, Hodges-Lehmann), computed with numpy/scipy.

Run from this folder: python3 make_compare_golden.py  (writes compare.json).
- Mann-Whitney: scipy.stats.mannwhitneyu(x, y, alternative="two-sided", method="auto") and the method scipy's
  "auto" chose (exact when either sample has at most 8 values and there are no ties, else asymptotic with tie and
  continuity corrections). Also method="asymptotic" for every pair, to test the normal approximation alone.
- Hodges-Lehmann: median of all differences y_j - x_i; Moses interval from the k-th smallest to the k-th largest
  difference (1-based order statistics: d_(k) and d_(nm+1-k), Hollander & Wolfe), k = floor(n*m/2 -
  z*sqrt(n*m*(n+m+1)/12)), z = scipy.stats.norm.ppf(1 - alpha/2), clamped to 1..(nm+1)//2 (k < 1: the interval
  at that level does not exist with so few values; the widest one, min to max, is given).
"""
import json
import numpy as np
from scipy import stats

rng = np.random.default_rng(20261123)
pairs = {
    "lognormal_100_vs_shifted_100": (rng.lognormal(10.0, 0.05, 100), rng.lognormal(10.03, 0.05, 100)),
    "lognormal_60_vs_same_80": (rng.lognormal(8.0, 0.2, 60), rng.lognormal(8.0, 0.2, 80)),
    "integer_ties_30_vs_25": (rng.integers(0, 6, 30).astype(float), rng.integers(1, 7, 25).astype(float)),
    "exact_5_vs_7": (rng.normal(0, 1, 5), rng.normal(2, 1, 7)),
    "exact_4_vs_30": (rng.normal(0, 1, 4), rng.normal(0.5, 1, 30)),
    "exact_8_vs_8_separated": (np.arange(8.0), np.arange(8.0) + 100),
    "small_with_ties_6_vs_6": (np.array([1, 2, 2, 3, 4, 5.0]), np.array([2, 3, 3, 4, 6, 7.0])),
    "identical_20": (np.full(20, 3.0), np.full(20, 3.0)),
    "wide_500_vs_400": (rng.normal(1000, 30, 500), rng.normal(1004, 30, 400)),
}

def method_auto(x, y):
    ties = len(np.unique(np.concatenate([x, y]))) < len(x) + len(y)
    if len(x) > 8 and len(y) > 8:
        return "asymptotic"
    return "asymptotic" if ties else "exact"

def hodges_lehmann(x, y, level):
    d = np.sort((y[None, :] - x[:, None]).ravel())
    nm = len(d)
    z = stats.norm.ppf(1 - (1 - level) / 2)
    k = int(np.floor(nm / 2 - z * np.sqrt(nm * (len(x) + len(y) + 1) / 12)))
    k = max(1, min(k, (nm + 1) // 2))
    # d is 0-based: the k-th smallest is d[k - 1], the k-th largest d[nm - k].
    return float(np.median(d)), float(d[k - 1]), float(d[nm - k])

golden = []
for name, (x, y) in pairs.items():
    auto = stats.mannwhitneyu(x, y, alternative="two-sided", method="auto")
    asym = stats.mannwhitneyu(x, y, alternative="two-sided", method="asymptotic")
    entry = {"name": name, "x": [float(v) for v in x], "y": [float(v) for v in y],
             "u1": float(auto.statistic), "p_auto": float(auto.pvalue), "method_auto": method_auto(x, y),
             "p_asymptotic": float(asym.pvalue), "hodges_lehmann": {}}
    for level in (0.95, 0.99):
        shift, lower, upper = hodges_lehmann(x, y, level)
        entry["hodges_lehmann"][str(level)] = {"shift": shift, "lower": lower, "upper": upper}
    golden.append(entry)

quantiles = [{"p": p, "z": float(stats.norm.ppf(p))} for p in (1e-10, 0.001, 0.005, 0.025, 0.3, 0.5, 0.9, 0.995, 0.999999)]
with open("compare.json", "w") as f:
    json.dump({"pairs": golden, "normal_quantiles": quantiles}, f, indent=1)
