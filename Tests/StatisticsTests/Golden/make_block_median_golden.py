#!/usr/bin/env python3
"""Golden values for MedianInterval.ofSeries: the median interval of a series whose neighbours may be alike.

The rule (Sources/Statistics/MedianInterval.swift): the long-run variance factor of the indicator 1{x_i < median},
1 + 2 sum_k (1 - k/(L+1)) rho_k over k = 1..L, L = floor(sqrt(n)), at least 1; the binomial lower rank of
floor(n / factor) values at the level, scaled to n values (floor(k * n / m), at least 1).

Writes block_median.json beside this script: AR(1) series of 200 values (seeded), their factors and intervals.
Run: python3 Tests/StatisticsTests/Golden/make_block_median_golden.py
"""
import json
import os

import numpy as np
from scipy.stats import binom


def lower_rank(n, level):
    tail = (1 - level) / 2
    rank = 0
    for below in range(n):
        if binom.cdf(below, n, 0.5) <= tail * (1 + 1e-12):
            rank = below + 1
        else:
            break
    return rank if rank >= 1 else None


def factor(values):
    n = len(values)
    if n <= 2:
        return 1.0
    below = (values < np.median(values)).astype(float)
    centred = below - below.mean()
    variance = (centred * centred).sum()
    if variance == 0:
        return 1.0
    lags = int(np.floor(np.sqrt(n)))
    f = 1.0
    for lag in range(1, max(1, min(lags, n - 1)) + 1):
        f += 2 * (1 - lag / (lags + 1)) * (centred[:-lag] * centred[lag:]).sum() / variance
    return max(1.0, f)


def interval(values, level=0.95):
    n = len(values)
    f = factor(values)
    effective = int(np.floor(n / f))
    k = lower_rank(effective, level)
    if k is None:
        return None, f
    rank = max(1, int(np.floor(k * n / effective)))
    ordered = np.sort(values)
    return (float(ordered[rank - 1]), float(ordered[n - rank])), f


def ar1(rng, n, phi):
    noise = rng.standard_normal(n + 200)
    x = np.zeros(n + 200)
    for i in range(1, n + 200):
        x[i] = phi * x[i - 1] + noise[i]
    return x[200:]


def main():
    rng = np.random.default_rng(20261207)
    cases = []
    for phi in (0.0, 0.6, 0.95):
        values = 5 + 0.05 * ar1(rng, 200, phi)  # block ratios around 5x
        bounds, f = interval(values)
        cases.append({"phi": phi, "values": [float(v) for v in values], "factor": f,
                      "lower": bounds[0] if bounds else None, "upper": bounds[1] if bounds else None})
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "block_median.json")
    with open(path, "w") as out:
        json.dump({"level": 0.95, "cases": cases}, out, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
