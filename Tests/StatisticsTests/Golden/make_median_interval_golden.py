#!/usr/bin/env python3
"""Golden values for MedianInterval: the order-statistic ranks of a distribution-free median interval.

Run from this folder: python3 make_median_interval_golden.py  (writes median_interval.json; a few seconds). Written
independently of the Swift code: the rank is the largest k with scipy's binom.cdf(k - 1, n, 0.5) <= (1 - level)/2
(0 when none), and its exact coverage 1 - 2 * binom.cdf(k - 1, n, 0.5); a Monte Carlo check over lognormal samples
(numpy, fixed seed) must see at least that coverage within 4 standard errors, else this script fails. A sample of
values with its interval is stored too, to check the order statistics picked.
"""
import json

import numpy as np
from scipy import stats

COUNTS = [1, 5, 6, 7, 9, 10, 20, 50, 100, 240, 1000, 4000]
LEVELS = [0.90, 0.95, 0.99]


def rank(n, level):
    tail = (1 - level) / 2
    k = 0
    while k < n and stats.binom.cdf(k, n, 0.5) <= tail * (1 + 1e-12):
        k += 1
    return k


def monte_carlo(n, level, k, trials=20000, seed=20261129):
    rng = np.random.default_rng(seed)
    x = np.sort(rng.lognormal(0.0, 0.5, size=(trials, n)), axis=1)
    covered = (x[:, k - 1] <= 1.0) & (x[:, n - k] >= 1.0)  # the lognormal(0, s) median is 1
    return covered.mean()


cases = []
for n in COUNTS:
    for level in LEVELS:
        k = rank(n, level)
        coverage = 1 - 2 * stats.binom.cdf(k - 1, n, 0.5) if k >= 1 else None
        if k >= 1 and n <= 1000:
            seen = monte_carlo(n, level, k)
            error = (coverage * (1 - coverage) / 20000) ** 0.5
            assert abs(seen - coverage) < 4 * error + 1e-9, (n, level, seen, coverage)
        cases.append({"count": n, "level": level, "rank": k, "coverage": coverage})

rng = np.random.default_rng(7)
values = [float(v) for v in rng.lognormal(2.5, 0.3, size=41)]
k = rank(len(values), 0.95)
ordered = sorted(values)
sample = {"values": values, "level": 0.95, "lower": ordered[k - 1], "upper": ordered[len(values) - k],
          "median": float(np.median(values))}
with open("median_interval.json", "w") as f:
    json.dump({"cases": cases, "sample": sample}, f, indent=1)
    f.write("\n")
print(f"{len(cases)} cases written")
