#!/usr/bin/env python3
"""Reference coverage of the percentile bootstrap of p50 and p95 (QuantileCoverageTests), simulated with numpy.

Lognormal timings (log-sd 0.1) with known quantiles; for each experiment, 1000 resamples, numpy-linear percentile
of each resample, then the 2.5th and 97.5th percentiles of the replicates: the method SampleSummary uses. The rate at
which the interval contains the true quantile is what the Swift intervals must reproduce (within binomial noise).
Also scipy.stats.bootstrap(method='percentile') on the same data as a cross-check of the method.
Run: python3 quantile_coverage.py  (prints a JSON line; the test holds the numbers it printed on 2026-11-24.)
"""
import json

import numpy as np
from scipy import stats

rng = np.random.default_rng(20261124)
SIGMA, TRIALS, B = 0.1, 2000, 1000
z95 = stats.norm.ppf(0.95)
truth = {50: 1.0, 95: float(np.exp(SIGMA * z95))}
result = {}
for n in (20, 100):
    for q in (50, 95):
        hits = 0
        for _ in range(TRIALS):
            x = np.exp(SIGMA * rng.standard_normal(n))
            reps = np.percentile(x[rng.integers(0, n, (B, n))], q, axis=1)
            lo, hi = np.percentile(reps, [2.5, 97.5])
            hits += lo <= truth[q] <= hi
        result[f"p{q}_n{n}"] = hits / TRIALS
# scipy's percentile bootstrap on a few experiments: same method, so about the same coverage.
hits = 0
for _ in range(200):
    x = np.exp(SIGMA * rng.standard_normal(100))
    ci = stats.bootstrap((x,), lambda s, axis: np.percentile(s, 95, axis=axis), n_resamples=1000,
                         method="percentile", random_state=rng).confidence_interval
    hits += ci.low <= truth[95] <= ci.high
result["scipy_p95_n100"] = hits / 200
print(json.dumps(result))
