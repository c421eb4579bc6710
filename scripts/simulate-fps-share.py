#!/usr/bin/env python3
"""Monte Carlo of a frame loop's share of on-rate frames (FrameRateMetrics.effectiveTrials, Wilson.interval in
Sources/Budgets/MetricReading.swift): how often one run's 95% Wilson interval holds the loop's true share when late
frames come in runs, with every interval counted as one trial (before 7 Dec 2026) and with the intervals the share
is worth by batch means over 20 blocks (since).

Frames: a late frame when an AR(1) jitter (correlation rho between consecutive frames) exceeds the threshold that
makes the true share 0.95; 600 intervals a run.

Usage: python3 scripts/simulate-fps-share.py [RUNS] [SEED]   (numpy, scipy; default 20000)"""
import sys
import numpy as np
from scipy import stats

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
rng = np.random.default_rng(int(sys.argv[2]) if len(sys.argv) > 2 else 5)
N, BLOCKS, TRUE_SHARE, Z = 600, 20, 0.95, 1.959964


def wilson(share, trials):
    centre = (share + Z * Z / (2 * trials)) / (1 + Z * Z / trials)
    half = Z / (1 + Z * Z / trials) * np.sqrt(share * (1 - share) / trials + Z * Z / (4 * trials * trials))
    return np.maximum(0, centre - half), np.minimum(1, centre + half)


def effective(on_rate):
    size = N // BLOCKS
    p = on_rate.mean(1)
    shares = on_rate[:, :size * BLOCKS].reshape(len(on_rate), BLOCKS, size).mean(2)
    effect = shares.var(1, ddof=1) * size / np.where((p > 0) & (p < 1), p * (1 - p), 1)
    return np.where((p > 0) & (p < 1) & (effect > 1), N / np.maximum(effect, 1), N)


print("| frame correlation | intervals counted | mean trials | interval holds the true share |")
print("|---|---|---|---|")
threshold = stats.norm.ppf(TRUE_SHARE)
for rho in (0.0, 0.5, 0.9, 0.97):
    noise = rng.standard_normal((RUNS, N))
    x = np.empty_like(noise)
    x[:, 0] = noise[:, 0]
    for t in range(1, N):
        x[:, t] = rho * x[:, t - 1] + np.sqrt(1 - rho * rho) * noise[:, t]
    on_rate = (x <= threshold).astype(float)
    share = on_rate.mean(1)
    for name, trials in (("every interval", np.full(RUNS, float(N))), ("effective (batch means)", effective(on_rate))):
        lower, upper = wilson(share, trials)
        held = ((lower <= TRUE_SHARE) & (TRUE_SHARE <= upper)).mean()
        print(f"| AR(1) {rho} | {name} | {trials.mean():.0f} | {held:.1%} |", flush=True)
