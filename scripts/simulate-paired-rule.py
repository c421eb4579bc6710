#!/usr/bin/env python3
"""Monte Carlo of the paired verdict rule (Sources/Comparison/PairedComparison.swift, PairedVerdictRule) on normal
pair log ratios: how often a session of looks 3…40 ends REGRESSED/IMPROVED when nothing changed (the promise: at
most alpha / benchmarks per benchmark), and how often it ends UNCHANGED when the change is exactly the threshold.

Usage: python3 scripts/simulate-paired-rule.py [--reps N] [--seed S]   (numpy, scipy; ~1 min at 3000 reps)

Replicates the rule as it stands (set-aside of disturbed pairs from 4 pairs, at most a quarter, beyond
max(5 robust SD, 1%); t test at the Pocock boundary's nominal alpha; UNCHANGED when the 90% t interval lies within
+-threshold; the session stops at the first decision) in two versions: 'set-aside only' (before 7 Dec 2026) and
'every pair too' (a REGRESSED/IMPROVED must also hold with every pair counted: the rule since 7 Dec 2026).
The Pocock constant is simulated for z statistics of partial sums, as PocockBoundary computes it."""
import argparse
import numpy as np
from scipy import stats

ARGS = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ARGS.add_argument("--reps", type=int, default=3000)
ARGS.add_argument("--seed", type=int, default=1)
ARGS = ARGS.parse_args()
rng = np.random.default_rng(ARGS.seed)
LOOKS = np.arange(3, 41)


def pocock_nominal(family_alpha, reps=200_000):
    s = np.cumsum(rng.standard_normal((reps, 40)), axis=1)
    largest = np.abs(s[:, LOOKS - 1] / np.sqrt(LOOKS)).max(axis=1)
    return 2 * stats.norm.sf(np.quantile(largest, 1 - family_alpha))


def set_aside(x):
    n = len(x)
    if n < 4:
        return x
    med = np.median(x)
    limit = max(5 * 1.4826 * np.median(np.abs(x - med)), 0.01)
    d = np.abs(x - med)
    far = [i for i in np.argsort(-d) if d[i] > limit][: n // 4]
    return np.delete(x, far) if far else x


def session(x, threshold, crit, q90, every_pair_too):
    log_threshold = np.log1p(threshold)
    for n in LOOKS:
        used = set_aside(x[:n])
        k = len(used)
        mean, se = used.mean(), used.std(ddof=1) / np.sqrt(k)
        decided = se > 0 and abs(mean) / se >= crit[k] and abs(mean) > log_threshold
        if decided and every_pair_too and k < n:
            a = x[:n]
            se_all = a.std(ddof=1) / np.sqrt(n)
            decided = abs(a.mean()) / se_all >= crit[n] and abs(a.mean()) > log_threshold and a.mean() * mean > 0
        if decided:
            return "changed"
        half = q90[k] * se
        if np.expm1(mean - half) >= -threshold and np.expm1(mean + half) <= threshold:
            return "unchanged"
    return "inconclusive"


print("| benchmarks | pair SD | threshold | true change | rule | REGRESSED/IMPROVED | UNCHANGED | promised |")
print("|---|---|---|---|---|---|---|---|")
for benchmarks in (1, 14):
    nominal = pocock_nominal(0.01 / benchmarks)
    crit = {k: stats.t(k - 1).isf(nominal / 2) for k in range(2, 41)}
    q90 = {k: stats.t(k - 1).ppf(0.95) for k in range(2, 41)}
    for sd in (0.01, 0.03, 0.05):
        for change in (0.0, 0.02):
            x_all = rng.normal(np.log1p(change), sd, (ARGS.reps, 40))
            for every_pair_too in (False, True):
                ends = [session(x, 0.02, crit, q90, every_pair_too) for x in x_all]
                changed = ends.count("changed") / ARGS.reps * 100
                unchanged = ends.count("unchanged") / ARGS.reps * 100
                promise = f"≤ {1 / benchmarks:.3f}% wrong words" if change == 0 else "UNCHANGED ≤ 5%"
                rule = "every pair too" if every_pair_too else "set-aside only"
                print(f"| {benchmarks} | {sd:.0%} | 2% | {change:+.0%} | {rule} | {changed:.2f}% | {unchanged:.1f}% | {promise} |",
                      flush=True)
