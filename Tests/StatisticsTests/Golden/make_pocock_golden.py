#!/usr/bin/env python3
"""Golden values for PocockBoundary: the critical |z| and nominal alpha that make the chance of crossing at any look
from `first` to `last` replicates equal to the family alpha, for a Gaussian random walk with unit steps.

Run from this folder: python3 make_pocock_golden.py  (writes pocock.json; about a minute). Written independently of
the Swift code, two ways:
- the crossing probability by the same recursion (Armitage, McPherson & Rowe 1969) but with the trapezoid rule on a
  grid of 1601 points (the Swift code uses Simpson on 181), solved for the critical value with scipy's brentq;
- a Monte Carlo check of each boundary over 2,000,000 simulated walks (numpy, fixed seed): the crossing frequency
  must lie within 4 standard errors of the family alpha, else this script fails.
"""
import json
import math

import numpy as np
from scipy import optimize, stats

POINTS = 1601


def grid(half):
    x = np.linspace(-half, half, POINTS)
    w = np.full(POINTS, x[1] - x[0])
    w[0] *= 0.5
    w[-1] *= 0.5
    return x, w


def crossing_probability(c, first, last):
    x, w = grid(c * math.sqrt(first))
    f = stats.norm.pdf(x, scale=math.sqrt(first))
    for n in range(first + 1, last + 1):
        y, v = grid(c * math.sqrt(n))
        f = stats.norm.pdf(y[:, None] - x[None, :]) @ (f * w)
        x, w = y, v
    return 1 - float((f * w).sum())


def monte_carlo(c, first, last, walks=2_000_000, seed=20261128):
    rng = np.random.default_rng(seed)
    hits = 0
    looks = np.sqrt(np.arange(first, last + 1))
    for _ in range(20):
        s = np.cumsum(rng.standard_normal((walks // 20, last)), axis=1)[:, first - 1:]
        hits += int((np.abs(s) / looks >= c).any(axis=1).sum())
    return hits / walks


def critical_value(alpha, first, last):
    """The Pocock critical |z| over looks first..last at family alpha."""
    # The plain critical value crosses too often; the Bonferroni one over all looks too seldom.
    low, high = stats.norm.isf(alpha / 2), stats.norm.isf(alpha / (2 * (last - first + 1))) + 0.01
    return optimize.brentq(lambda c: math.log(crossing_probability(c, first, last)) - math.log(alpha), low, high, xtol=1e-12)


def main():
    cases = []
    for alpha, first, last in [(0.05, 3, 10), (0.01, 3, 40), (0.01 / 14, 3, 40), (0.01 / 8, 5, 30), (0.001, 2, 3)]:
        c = critical_value(alpha, first, last)
        simulated = monte_carlo(c, first, last)
        se = math.sqrt(alpha * (1 - alpha) / 2_000_000)
        assert abs(simulated - alpha) < 4 * se, (alpha, first, last, simulated)
        cases.append({"family_alpha": alpha, "first": first, "last": last, "critical": c,
                      "nominal_alpha": float(2 * stats.norm.sf(c)), "monte_carlo_crossing": simulated,
                      "crossing_at_plain_critical": crossing_probability(stats.norm.isf(alpha / 2), first, last)})
        print(cases[-1])

    with open("pocock.json", "w") as out:
        json.dump({"cases": cases}, out, indent=1)


if __name__ == "__main__":
    main()
