#!/usr/bin/env python3
"""Golden numbers of SequentialLooksTests: the level of a budget's interval when the gate looks after every process.

Run from this folder: python3 make_sequential_looks_golden.py  (prints the constants pasted into
SequentialLooksTests.swift; about a minute; with --calibration, three more).
- The Pocock critical |z| over looks 2..cap at the boundary's alpha 0.04, by the independent recursion of
  Tests/StatisticsTests/Golden/make_pocock_golden.py (trapezoid rule on 1601 points, brentq), and the per-look level
  1 - 2 sf(c). Why 0.04 for a family alpha of 0.05: the Pocock boundary is exact for a Gaussian walk (known
  variance); each look here is a t interval whose variance is estimated from 2, 3, ... runs, and those cross it more
  often. Applied to t intervals, the boundary at 0.05 gives 6.1-6.2% for caps 5, 10 and 20, at 0.04 it gives
  4.9-5.0% (this Monte Carlo, 200,000 builds each; `calibration()` below prints it).
- A drift budget's interval over six runs at 95% and at the level for a cap of 20 (scipy t.interval on the logs).
- Monte Carlo of the gate's looks at a build exactly at the limit: per-run log values N(0, 0.1), looks at 2..cap
  runs, the t interval over the runs so far at each look, stop at the first look whose interval excludes the limit
  (a wrong PASS or a wrong FAIL). How often that happens at 95% per look and at the Pocock level.
"""
import math
import sys
from pathlib import Path

import numpy as np
from scipy import stats

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "StatisticsTests" / "Golden"))
from make_pocock_golden import critical_value  # noqa: E402

FAMILY_ALPHA = 0.05
BOUNDARY_ALPHA = 0.04


def level(cap):
    if cap <= 2:
        return 1 - FAMILY_ALPHA
    return 1 - 2 * stats.norm.sf(critical_value(BOUNDARY_ALPHA, 2, cap))


def log_interval(values, at):
    x = np.log(values)
    lo, hi = stats.t.interval(at, len(x) - 1, loc=x.mean(), scale=stats.sem(x))
    return float(np.exp(x.mean())), float(np.exp(lo)), float(np.exp(hi))


def wrong_decisions(at, cap, trials=400_000, seed=20261204):
    """(wrong PASS, wrong FAIL) frequencies of the looks 2..cap at a build whose run-level value is the limit."""
    rng = np.random.default_rng(seed)
    x = rng.normal(0, 0.1, (trials, cap))
    open_ = np.ones(trials, dtype=bool)
    passes = fails = 0
    for n in range(2, cap + 1):
        runs = x[:, :n]
        mean, sem = runs.mean(axis=1), runs.std(axis=1, ddof=1) / math.sqrt(n)
        half = stats.t.ppf(0.5 + at / 2, n - 1) * sem
        p, f = open_ & (mean + half < 0), open_ & (mean - half > 0)
        passes += int(p.sum())
        fails += int(f.sum())
        open_ &= ~(p | f)
    return passes / trials, fails / trials


def calibration():
    for cap in (5, 10, 20):
        for alpha in (0.05, 0.04):
            at = 1 - 2 * stats.norm.sf(critical_value(alpha, 2, cap))
            print("calibration: cap", cap, "boundary alpha", alpha, "wrong words", sum(wrong_decisions(at, cap, 200_000)))


def main():
    levels = {cap: level(cap) for cap in (3, 10, 20)}
    print("levels", {cap: repr(value) for cap, value in levels.items()})
    drift = [1.04, 0.95, 1.09, 0.98, 1.06, 0.97]
    print("drift six runs at 95%", log_interval(drift, 0.95))
    print("drift six runs at cap-20 level", log_interval(drift, levels[20]))
    for cap in (10, 20):
        print("cap", cap, "95% per look", wrong_decisions(0.95, cap), "Pocock", wrong_decisions(levels[cap], cap))
    if "--calibration" in sys.argv:
        calibration()


if __name__ == "__main__":
    main()
