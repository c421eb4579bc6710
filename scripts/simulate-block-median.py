#!/usr/bin/env python3
"""Coverage of the median interval of one process's block ratios, plain and widened for dependent blocks.

`speedup --processes 1` gives the median of its interleaved block ratios with a distribution-free interval. Its
ranks assume independent blocks; a drift slower than a block leaves neighbouring ratios alike. This simulates
AR(1) series (the lag-one correlation phi) of n blocks and counts how often each interval holds the true median
(0), for the plain order-statistic interval and for MedianInterval.ofSeries's widened one (the rule is
Tests/StatisticsTests/Golden/make_block_median_golden.py's, imported from there).

Run: python3 scripts/simulate-block-median.py [--trials 2000]
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "StatisticsTests", "Golden"))
from make_block_median_golden import ar1, interval, lower_rank  # noqa: E402


def plain(values, level=0.95):
    k = lower_rank(len(values), level)
    ordered = np.sort(values)
    return ordered[k - 1], ordered[len(values) - k]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int, default=2000)
    args = parser.parse_args()
    rng = np.random.default_rng(7)
    print("blocks  phi   plain  widened  width ratio")
    for n in (40, 200):
        for phi in (0.0, 0.3, 0.6, 0.9):
            covered = {"plain": 0, "widened": 0}
            widths = {"plain": [], "widened": []}
            for _ in range(args.trials):
                values = ar1(rng, n, phi)
                for name, bounds in (("plain", plain(values)), ("widened", interval(values)[0])):
                    if bounds is None:
                        continue
                    covered[name] += bounds[0] <= 0 <= bounds[1]
                    widths[name].append(bounds[1] - bounds[0])
            print(f"{n:6d}  {phi:.1f}  {covered['plain'] / args.trials:.3f}  {covered['widened'] / args.trials:.3f}"
                  f"    {np.mean(widths['widened']) / np.mean(widths['plain']):.2f}")


if __name__ == "__main__":
    main()
