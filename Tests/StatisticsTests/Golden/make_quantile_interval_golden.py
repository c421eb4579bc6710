#!/usr/bin/env python3
"""Golden ranks and exact coverages of the order-statistic quantile interval (QuantileInterval, QuantileIntervalGoldenTests).

For n values and the q-quantile, the count B of values below the true quantile is Binomial(n, q) (any continuous
distribution). Lower rank l: the largest with P(B <= l - 1) <= (1 - level) / 2; upper rank u: the smallest with
P(B >= u) <= (1 - level) / 2; None when no rank reaches it. [x(l), x(u)] holds the quantile when l <= B <= u - 1,
with the exact probability `coverage` (scipy.stats.binom). The bootstrap this replaces for p90/p95/p99 covered
0.89 (p95, n = 100) and 0.64 (n = 20): quantile_coverage.py.
Run: python3 make_quantile_interval_golden.py > quantile_interval.json
"""
import json

from scipy.stats import binom


def ranks(n, q, level):
    tail = (1 - level) / 2
    lower = None
    for l in range(1, n + 1):
        if binom.cdf(l - 1, n, q) <= tail * (1 + 1e-12):
            lower = l
        else:
            break
    upper = None
    for u in range(n, 0, -1):
        if binom.sf(u - 1, n, q) <= tail * (1 + 1e-12):
            upper = u
        else:
            break
    return lower, upper


cases = []
for n in (5, 10, 20, 35, 36, 40, 71, 72, 100, 200, 367, 368, 600, 1000):
    for q in (0.5, 0.9, 0.95, 0.99):
        for level in (0.95, 0.99):
            lower, upper = ranks(n, q, level)
            coverage = None
            if lower is not None and upper is not None:
                coverage = float(binom.cdf(upper - 1, n, q) - binom.cdf(lower - 1, n, q))
            cases.append({"n": n, "q": q, "level": level, "lower": lower, "upper": upper, "coverage": coverage})
print(json.dumps({"cases": cases}, indent=1))
