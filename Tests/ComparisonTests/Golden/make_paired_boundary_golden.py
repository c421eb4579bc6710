#!/usr/bin/env python3
"""Calibration of the paired comparison's Pocock boundary for t tests (PairedSettings.tCalibration).

The boundary (Sources/Statistics/PocockBoundary.swift) is exact for z statistics: partial sums of replicates with a
known variance. The paired rule tests each look with a one-sample t test whose variance is estimated from the pairs
so far (3, 4, ... pairs), at the boundary's nominal alpha. Those t tests cross it more often than the family alpha.
This script measures by how much, by Monte Carlo with no change (pair log ratios N(0, 1): the t statistic does not
depend on the scale), and writes the golden file the Swift tests check the calibrated boundary against.

For each case (first look, last look) one simulation gives, per session, the smallest p over the looks of the t test
and of the z test (same draws). For a family alpha a:
- nominal_t(a): the per-look alpha at which the t tests cross at some look with probability a (the a-quantile of
  the t sessions' smallest p);
- factor(a) = F_z(nominal_t(a)) / a: the share of a a z-exact Pocock boundary must be computed for so that its
  nominal alpha is nominal_t(a) (F_z: the distribution of the z sessions' smallest p);
- rate(c): how often the t tests cross the boundary computed for c * a, in units of a (c = 1 and c = 0.75).

Usage (from this folder): python3 make_paired_boundary_golden.py [--golden paired_boundary_calibration.json] [--grid] [--seed S]
  --golden: writes the golden cases (about 8 minutes on 2 cores); --grid: prints the factor over first looks 2-10,
  last looks to 160 (2,000,000 sessions each, about 4 minutes). numpy and scipy.
"""
import argparse
import json
import time

import numpy as np
from scipy import stats

ALPHAS = [0.05, 0.01, 0.002, 0.01 / 14, 0.01 / 38]


def smallest_p(rng, first, last, sessions, chunk=50_000):
    """Per session, the smallest two-sided p over looks first..last: (t tests, z tests), each sorted."""
    looks = np.arange(first, last + 1)
    n = looks.astype(float)
    t_out, z_out = [], []
    for start in range(0, sessions, chunk):
        x = rng.standard_normal((min(chunk, sessions - start), last))
        s1 = np.cumsum(x, axis=1)[:, looks - 1]
        s2 = np.cumsum(x * x, axis=1)[:, looks - 1]
        mean = s1 / n
        variance = (s2 - n * mean * mean) / (n - 1)
        t_out.append((2 * stats.t.sf(np.abs(mean) / np.sqrt(variance / n), n - 1)).min(axis=1))
        z_out.append((2 * stats.norm.sf(np.abs(s1) / np.sqrt(n))).min(axis=1))
    return np.sort(np.concatenate(t_out)), np.sort(np.concatenate(z_out))


def summarize(t_min, z_min, alpha):
    sessions = len(t_min)
    nominal_t = float(np.quantile(t_min, alpha))
    factor = np.searchsorted(z_min, nominal_t) / sessions / alpha

    def rate(share):
        return np.searchsorted(t_min, np.quantile(z_min, share * alpha)) / sessions / alpha

    return {"familyAlpha": alpha, "nominalAlphaT": nominal_t, "factor": float(factor),
            "rateAtFullAlpha": float(rate(1.0)), "rateAtCalibrated": float(rate(0.75))}


def golden(rng, path):
    cases = []
    for first, last, sessions in [(3, 40, 12_000_000), (3, 10, 12_000_000), (2, 40, 6_000_000), (3, 160, 3_000_000)]:
        started = time.time()
        t_min, z_min = smallest_p(rng, first, last, sessions)
        for alpha in ALPHAS:
            case = {"first": first, "last": last, "sessions": sessions, **summarize(t_min, z_min, alpha)}
            cases.append(case)
            print(json.dumps(case), flush=True)
        print(f"  looks {first}-{last}: {time.time() - started:.0f} s", flush=True)
    with open(path, "w") as out:
        json.dump({"calibration": 0.75, "cases": cases}, out, indent=1)


def grid(rng):
    print("| first | last | " + " | ".join(f"factor at {a:.2g}" for a in ALPHAS) + " |")
    print("|---|---|" + "---|" * len(ALPHAS))
    for first in (2, 3, 4, 6, 10):
        for last in sorted({first + 7, 40, 160}):
            t_min, z_min = smallest_p(rng, first, last, 2_000_000 if last <= 40 else 600_000)
            factors = [summarize(t_min, z_min, a)["factor"] for a in ALPHAS]
            print(f"| {first} | {last} | " + " | ".join(f"{f:.3f}" for f in factors) + " |", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--golden", help="write the golden cases to this file")
    parser.add_argument("--grid", action="store_true")
    parser.add_argument("--seed", type=int, default=20261207)
    args = parser.parse_args()
    generator = np.random.default_rng(args.seed)
    if args.golden:
        golden(generator, args.golden)
    if args.grid:
        grid(generator)
