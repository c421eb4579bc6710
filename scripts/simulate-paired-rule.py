#!/usr/bin/env python3
"""Monte Carlo of the paired verdict rule (Sources/Comparison/PairedComparison.swift, PairedVerdictRule) on normal
pair log ratios: how often a session of looks 3…40 ends REGRESSED/IMPROVED when nothing changed (the promise: at
most alpha / benchmarks per benchmark), and how often it ends UNCHANGED when the change is exactly the threshold.

Usage: python3 scripts/simulate-paired-rule.py [--reps N] [--seed S]   (numpy, scipy; ~1 min at 3000 reps)

Replicates the rule as it stands (set-aside of disturbed pairs from 4 pairs, at most a quarter, beyond
max(5 robust SD, 1%); t test at the Pocock boundary's nominal alpha, the change beyond +-threshold as exp(mean) - 1;
UNCHANGED when the 90% t interval lies within +-threshold) and the session's stop rule (PairedSession: a
REGRESSED/IMPROVED is final, an UNCHANGED only once its minimum detectable effect is within the threshold, anything
else measures another pair; at the 40-pair cap the last look's word stands) in versions:
- 'set-aside only': before 7 Dec 2026;
- 'every pair too': a REGRESSED/IMPROVED must also hold with every pair counted (since 7 Dec 2026);
- 'calibrated': that, at the boundary computed for 0.75 alpha (PairedSettings.tCalibration, since 7 Dec 2026).
The Pocock constant is simulated for z statistics of partial sums, as PocockBoundary computes it. With --cost, the
price of the calibration instead: how often and after how many pairs a real change of twice the threshold is
called REGRESSED, uncalibrated and calibrated. With --unchanged, UNCHANGED's interval per look (90%, before 7 Dec
2026) against the interval spent over the looks (PairedSettings.equivalenceLevel(over:): a Pocock level for
0.75 x 10%, 98.9% over looks 3...40): how often a session ends UNCHANGED, and INCONCLUSIVE at the cap, at true changes
of 0, the threshold and 1.1 times it."""
import argparse
import numpy as np
from scipy import stats

ARGS = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ARGS.add_argument("--reps", type=int, default=3000)
ARGS.add_argument("--seed", type=int, default=1)
ARGS.add_argument("--cost", action="store_true")
ARGS.add_argument("--unchanged", action="store_true")
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


def session(x, threshold, boundary, q90, every_pair_too):
    """How a session on the pair log ratios x ends, and after how many pairs."""
    word = "inconclusive"
    for n in LOOKS:
        word, final = look(x, n, threshold, boundary, q90, every_pair_too)
        if final:
            return word, n
    return word, LOOKS[-1]


def look(x, n, threshold, boundary, q90, every_pair_too):
    """The word after n pairs, and whether the session stops measuring the benchmark there."""
    crit, mde_factor = boundary
    used = set_aside(x[:n])
    k = len(used)
    mean, se = used.mean(), used.std(ddof=1) / np.sqrt(k)
    decided = se > 0 and abs(mean) / se >= crit[k] and abs(np.expm1(mean)) > threshold
    if decided and every_pair_too and k < n:
        a = x[:n]
        se_all = a.std(ddof=1) / np.sqrt(n)
        decided = (abs(a.mean()) / se_all >= crit[n] and abs(np.expm1(a.mean())) > threshold
                   and a.mean() * mean > 0)
    if decided:
        return "changed", True
    half = q90[k] * se
    if np.expm1(mean - half) >= -threshold and np.expm1(mean + half) <= threshold:
        return "unchanged", np.expm1(mde_factor[k] * se) <= threshold
    return "inconclusive", False


def criticals(benchmarks, share):
    """The critical |t| of each pair count, and the minimum detectable effect's factor (t at the boundary plus t at 80%
    power: the MDE is exp(factor * SE) - 1), at the boundary computed for share * alpha / benchmarks."""
    nominal = pocock_nominal(share * 0.01 / benchmarks)
    return ({k: stats.t(k - 1).isf(nominal / 2) for k in range(2, 41)},
            {k: stats.t(k - 1).isf(nominal / 2) + stats.t(k - 1).ppf(0.8) for k in range(2, 41)})


q90 = {k: stats.t(k - 1).ppf(0.95) for k in range(2, 41)}
if ARGS.unchanged:
    over_looks = pocock_nominal(0.75 * 0.10)
    q_looks = {k: stats.t(k - 1).isf(over_looks / 2) for k in range(2, 41)}
    print(f"level over looks 3...40: {1 - over_looks:.4f}")
    print("| benchmarks | pair SD | true change | UNCHANGED interval | UNCHANGED | INCONCLUSIVE at 40 | mean pairs |")
    print("|---|---|---|---|---|---|---|")
    for benchmarks in (1, 14):
        crit = criticals(benchmarks, 0.75)
        for sd in (0.01, 0.02, 0.03, 0.05):
            for change in (0.0, 0.02, 0.022):
                x_all = rng.normal(np.log1p(change), sd, (ARGS.reps, 40))
                for name, q in (("90% at each look", q90), ("spent over the looks", q_looks)):
                    ends = [session(x, 0.02, crit, q, True) for x in x_all]
                    unchanged = sum(end == "unchanged" for end, _ in ends) / ARGS.reps
                    open_ = sum(end == "inconclusive" for end, _ in ends) / ARGS.reps
                    pairs = np.mean([n for _, n in ends])
                    print(f"| {benchmarks} | {sd:.0%} | {change:+.1%} | {name} | {unchanged:.1%} | {open_:.1%} | {pairs:.1f} |",
                          flush=True)
    raise SystemExit
if ARGS.cost:
    print("| benchmarks | pair SD | true change | boundary | REGRESSED | mean pairs to REGRESSED | INCONCLUSIVE at 40 |")
    print("|---|---|---|---|---|---|---|")
    for benchmarks in (1, 14):
        crits = {share: criticals(benchmarks, share) for share in (1.0, 0.75)}
        for sd in (0.01, 0.03, 0.05):
            x_all = rng.normal(np.log1p(0.04), sd, (ARGS.reps, 40))
            for share, crit in crits.items():
                ends = [session(x, 0.02, crit, q90, True) for x in x_all]
                called = [n for end, n in ends if end == "changed"]
                open_ = sum(end == "inconclusive" for end, _ in ends)
                name = "0.75 alpha (calibrated)" if share < 1 else "alpha"
                print(f"| {benchmarks} | {sd:.0%} | +4% (2 tau) | {name} | {len(called) / ARGS.reps:.1%} | "
                      f"{np.mean(called):.2f} | {open_ / ARGS.reps:.1%} |", flush=True)
    raise SystemExit
print("| benchmarks | pair SD | threshold | true change | rule | REGRESSED/IMPROVED | UNCHANGED | promised |")
print("|---|---|---|---|---|---|---|---|")
RULES = [("set-aside only", False, 1.0), ("every pair too", True, 1.0), ("calibrated", True, 0.75)]
for benchmarks in (1, 14):
    crits = {share: criticals(benchmarks, share) for share in (1.0, 0.75)}
    for sd in (0.01, 0.03, 0.05, 0.2):
        for change in (0.0, 0.02):
            x_all = rng.normal(np.log1p(change), sd, (ARGS.reps, 40))
            for rule, every_pair_too, share in RULES:
                ends = [session(x, 0.02, crits[share], q90, every_pair_too)[0] for x in x_all]
                changed = ends.count("changed") / ARGS.reps * 100
                unchanged = ends.count("unchanged") / ARGS.reps * 100
                promise = f"≤ {1 / benchmarks:.3f}% wrong words" if change == 0 else "UNCHANGED ≤ 5% at one look"
                print(f"| {benchmarks} | {sd:.0%} | 2% | {change:+.0%} | {rule} | {changed:.2f}% | {unchanged:.1f}% | {promise} |",
                      flush=True)
