#!/usr/bin/env python3
"""Golden numbers of RunLevelVerdictTests: run-level budget intervals from per-run values, computed with scipy.

Run from this folder: python3 make_run_verdict_golden.py  (prints the constants pasted into RunLevelVerdictTests.swift).
- Times, ratios: log of the per-run values, scipy.stats.t.interval(0.95, n - 1, loc=mean, scale=sem), exp back.
- Shares: the same on the plain values.
- With a prior spread (sd_p, df_p): pooled variance ((n - 1) s^2 + df_p sd_p^2) / (n - 1 + df_p), t with those df.
- The one-process margin: exp(1.645 * 0.10).
"""
import numpy as np
from scipy import stats


def log_interval(values):
    x = np.log(values)
    lo, hi = stats.t.interval(0.95, len(x) - 1, loc=x.mean(), scale=stats.sem(x))
    return float(np.exp(x.mean())), float(np.exp(lo)), float(np.exp(hi))


def plain_interval(values):
    x = np.array(values)
    lo, hi = stats.t.interval(0.95, len(x) - 1, loc=x.mean(), scale=stats.sem(x))
    return float(x.mean()), float(lo), float(hi)


def pooled_log_interval(values, sd_p, df_p):
    x = np.log(values)
    n = len(x)
    var = ((n - 1) * x.var(ddof=1) + df_p * sd_p ** 2) / (n - 1 + df_p)
    half = stats.t.ppf(0.975, n - 1 + df_p) * np.sqrt(var / n)
    return float(np.exp(x.mean())), float(np.exp(x.mean() - half)), float(np.exp(x.mean() + half))


cases = {
    # issue 10: colormap-1920x1440-p95 over the four runs of one unchanged build (ms)
    "issue_colormap_p95": log_interval([2.425, 1.663, 1.584, 1.722]),
    # issue 10: frame-loop-photo-drop-drift over the same four runs
    "issue_drift": log_interval([1.255, 1.045, 0.600, 1.018]),
    "slow_build_p95": log_interval([2.61, 2.74, 2.58]),
    "fast_build_p95": log_interval([1.41, 1.45, 1.43]),
    "shares": plain_interval([0.97, 0.99, 0.98]),
    "prior_two_runs": pooled_log_interval([1.70, 1.76], 0.05, 20),
}
for name, (estimate, lower, upper) in cases.items():
    print(f"{name}: estimate {estimate!r}, lower {lower!r}, upper {upper!r}")
print("one-process margin factor", float(np.exp(1.645 * 0.10)))
