#!/usr/bin/env python3
"""Monte Carlo of the gate's budget verdict (Sources/Budgets/RunLevelVerdict.swift) for a tail statistic (p95):
how often a kernel truly at r times its limit is called PASS, and how many processes the gate spends, with the
one-process margin's assumed between-run spread at 0.10 (before 7 Dec 2026) and at 0.20 (a tail's, since).

The rule: one process PASSes when its own 95% interval's upper bound times e^(1.645 s) is under the limit (s the
assumed spread); from two processes on, a Student-t interval over the per-run log values at the level of the
gate's looks (99.0% for the cap of 10: SequentialLooks) decides PASS or FAIL, else another process, up to 10.
Per-run log p95 values: normal with the given between-run SD, plus 3% outlier processes 5-30% slower; a run's own
interval reaches 2% above its value.

Usage: python3 scripts/simulate-gate-tail.py [SESSIONS] [SEED]   (numpy, scipy; default 100000, ~1 min)"""
import sys
import numpy as np
from scipy import stats

S = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
rng = np.random.default_rng(int(sys.argv[2]) if len(sys.argv) > 2 else 11)
LEVEL, CAP, WITHIN_UPPER, OUTLIERS = 0.990, 10, np.log(1.02), 0.03


def gate(ratio, sd, spread):
    x = np.log(ratio) + rng.normal(0, sd, (S, CAP))
    x += (rng.random((S, CAP)) < OUTLIERS) * rng.uniform(np.log(1.05), np.log(1.30), (S, CAP))
    first = x[:, 0] + WITHIN_UPPER + 1.645 * spread < 0
    verdict, used = np.where(first, 1, 0), np.ones(S)
    undecided = ~first
    for n in range(2, CAP + 1):
        used[undecided] = n
        runs = x[:, :n]
        half = stats.t.ppf(0.5 + LEVEL / 2, n - 1) * runs.std(1, ddof=1) / np.sqrt(n)
        passed, failed = undecided & (runs.mean(1) + half < 0), undecided & (runs.mean(1) - half > 0)
        verdict[passed], verdict[failed] = 1, -1
        undecided &= ~(passed | failed)
    return (verdict == 1).mean(), first.mean(), used.mean()


print("| per-run p95 SD | true value | assumed spread | PASS | PASS on one process | mean processes |")
print("|---|---|---|---|---|---|")
for sd in (0.06, 0.10, 0.15, 0.20):
    for ratio in (1.00, 1.02, 1.05, 0.70):
        for spread in (0.10, 0.20):
            passed, first, used = gate(ratio, sd, spread)
            print(f"| {sd:.0%} | {ratio:.2f} × limit | {spread:.2f} | {passed:.2%} | {first:.2%} | {used:.2f} |", flush=True)
