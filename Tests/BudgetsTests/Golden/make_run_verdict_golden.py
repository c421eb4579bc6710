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


# (drift ratio, host steal) of each process, in run order
STOLEN_DRIFT = list(zip(
    [1.3036, 0.8818, 1.4728, 1.3039, 0.8747, 0.9339, 1.19, 0.9551, 0.9646, 0.9924,
     0.7734, 1.0516, 0.7973, 1.1196, 1.0107, 0.8617, 1.1758, 0.8148, 1.2981, 0.6841],
    [0.054, 0.022, 0.074, 0.051, 0.071, 0.077, 0.029, 0.026, 0.011, 0.015,
     0.011, 0.001, 0.021, 0.0, 0.006, 0.01, 0.055, 0.129, 0.095, 0.07]))

# (p95 in ms, host steal) of each process of colormap/optimized/1920x1440 (two threads), 3 Dec nightly 7 (model-167
# Intel, an unchanged build, the host's busiest minutes): numpy's linear p95 of each replicate's samples
STOLEN_DISPLAY_P95 = list(zip(
    [1.9537, 1.1284, 1.1405, 4.8068, 1.8755, 2.4802, 1.2047, 1.2505, 1.3223],
    [0.149, 0.0, 0.006, 0.326, 0.048, 0.144, 0.022, 0.036, 0.018]))

cases = {
    # issue 10: colormap-1920x1440-p95 over the four runs of one unchanged build (ms)
    "issue_colormap_p95": log_interval([2.425, 1.663, 1.584, 1.722]),
    # issue 10: frame-loop-photo-drop-drift over the same four runs
    "issue_drift": log_interval([1.255, 1.045, 0.600, 1.018]),
    "slow_build_p95": log_interval([2.61, 2.74, 2.58]),
    "fast_build_p95": log_interval([1.41, 1.45, 1.43]),
    "shares": plain_interval([0.97, 0.99, 0.98]),
    "prior_two_runs": pooled_log_interval([1.70, 1.76], 0.05, 20),
    # 3 Dec, model-167 Intel, a nightly of an unchanged build: frame-loop-photo-drop-drift over its 20 processes,
    # then over the 11 the host stole at most 5% from (STOLEN_DRIFT below)
    "stolen_drift_all": log_interval([d for d, _ in STOLEN_DRIFT]),
    "stolen_drift_quiet": log_interval([d for d, s in STOLEN_DRIFT if s <= 0.05]),
    # the display colormap's p95 over its 9 processes, then over the 6 the host stole at most 5% from
    "stolen_display_p95_all": log_interval([p for p, _ in STOLEN_DISPLAY_P95]),
    "stolen_display_p95_quiet": log_interval([p for p, s in STOLEN_DISPLAY_P95 if s <= 0.05]),
}
for name, (estimate, lower, upper) in cases.items():
    print(f"{name}: estimate {estimate!r}, lower {lower!r}, upper {upper!r}")
print("one-process margin factor", float(np.exp(1.645 * 0.10)))
