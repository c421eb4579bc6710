#!/usr/bin/env python3
"""Golden values for the whole `compare` decision on fixture runs (Tests/ComparisonTests/DecisionGoldenTests.swift).

Run from this folder: python3 make_decision_golden.py  (writes decision.json; needs numpy, scipy, statsmodels).

Each benchmark has several process runs per side, each run a list of samples (ns). Written independently of the
Swift code, from the definitions in Docs/COMPARE-AND-HISTORY.md:
- per-run value: log of the run's statistic (numpy.percentile, the "linear" definition; the median by default);
- test: scipy.stats.ttest_ind(head, base, equal_var=False) when both sides have >= 2 runs and no prior spread from
  history; else the pooled t test (variance pooled from both sides and the prior: sum (n_i - 1) s_i^2 + df_p s_p^2
  over sum (n_i - 1) + df_p); none with one run per side and no prior;
- family-wise: statsmodels.stats.multitest.multipletests(method="holm") over the benchmarks with a test;
- noise floor: max(threshold, exp(s) - 1), s the pooled between-run SD (both sides and the prior);
- verdict: regressed / improved when adjusted p < alpha and |d| > log(1 + floor); unchanged only when shown: the 90%
  t interval of the change (two one-sided tests at 5%) lies within +-threshold (the threshold, not the floor);
  inconclusive otherwise (no test, a change beyond the floor without the evidence, an interval too wide);
- change exp(d) - 1 with the t interval at level 1 - alpha (per benchmark), MDE = exp((t_{1-alpha/2} + t_power) SE) - 1;
- needs more runs: inconclusive, unless the change is shown (adjusted p < alpha) beyond the threshold but within the
  floor (the floor does not shrink with runs: more cannot decide it).
"""
import json
import numpy as np
from scipy import stats
from statsmodels.stats.multitest import multipletests

rng = np.random.default_rng(20261124)
ALPHA, THRESHOLD, POWER = 0.01, 0.02, 0.8
EQUIVALENCE_ALPHA = 0.05  # each one-sided test: a 90% interval


def side(runs, median, between_sd, within_sd=0.004, samples=30):
    """Runs of one build: each run has its own level (between-run spread) and its own samples around it."""
    out = []
    for _ in range(runs):
        level = np.log(median) + rng.normal(0.0, between_sd)
        out.append([float(v) for v in np.exp(level + rng.normal(0.0, within_sd, samples))])
    return out


# (id, base runs, head runs, base median, relative change, between-run SD, prior (sd, df) or None)
CASES = [
    ("same/x/5v5", 5, 5, 1000.0, 0.00, 0.010, None),
    ("regressed/x/8pct", 5, 5, 2000.0, 0.08, 0.010, None),
    ("improved/x/6pct", 6, 5, 50000.0, -0.06, 0.012, None),
    ("noisy/x/3v3", 3, 3, 800.0, 0.05, 0.030, None),
    ("within-floor/x/1pct", 5, 5, 1500.0, 0.01, 0.002, None),
    ("single/x/1v1", 1, 1, 3000.0, 0.10, 0.010, None),
    ("single-prior/x/1v1", 1, 1, 3000.0, 0.10, 0.010, (0.01, 10.0)),
    ("one-side/x/1v4", 1, 4, 700.0, 0.00, 0.010, None),
    ("floor-raised/x/4v4", 4, 4, 900.0, 0.035, 0.030, None),
    ("prior-many/x/3v3", 3, 3, 1200.0, 0.00, 0.008, (0.02, 30.0)),
    # A change shown beyond the threshold but within the floor: inconclusive, and more runs cannot decide it.
    ("shown-within-floor/x/40v40", 40, 40, 1000.0, 0.028, 0.030, None),
]


def decide(percentile):
    benchmarks = []
    for name, nb, nh, median, change, sd, prior in CASES:
        base = side(nb, median, sd)
        head = side(nh, median * (1 + change), sd)
        benchmarks.append({"id": name, "base": base, "head": head,
                           "prior": None if prior is None else {"standardDeviation": prior[0], "degreesOfFreedom": prior[1]}})
    rows = []
    for b in benchmarks:
        xb = np.log([np.percentile(run, percentile) for run in b["base"]])
        xh = np.log([np.percentile(run, percentile) for run in b["head"]])
        d = float(np.mean(xh) - np.mean(xb))
        prior = b["prior"]
        ss, dfp = 0.0, 0.0
        for x in (xb, xh):
            if len(x) > 1:
                ss += (len(x) - 1) * np.var(x, ddof=1)
                dfp += len(x) - 1
        if prior:
            ss += prior["degreesOfFreedom"] * prior["standardDeviation"] ** 2
            dfp += prior["degreesOfFreedom"]
        spread = float(np.sqrt(ss / dfp)) if dfp > 0 else None
        row = {"id": b["id"], "baseRuns": len(xb), "headRuns": len(xh), "relativeChange": float(np.expm1(d)),
               "betweenRunSpread": spread,
               "noiseFloor": max(THRESHOLD, float(np.expm1(spread)) if spread is not None else 0.0)}
        if prior is None and len(xb) >= 2 and len(xh) >= 2:
            r = stats.ttest_ind(xh, xb, equal_var=False)
            se = float(np.sqrt(np.var(xb, ddof=1) / len(xb) + np.var(xh, ddof=1) / len(xh)))
            df, p, method = float(r.df), float(r.pvalue), "welch"
        elif dfp > 0:
            se = float(np.sqrt(ss / dfp * (1 / len(xb) + 1 / len(xh))))
            df, method = float(dfp), "pooled"
            p = float(2 * stats.t.sf(abs(d / se), df))
        else:
            se = df = p = method = None
        row.update({"method": method, "pValue": p, "degreesOfFreedom": df, "standardError": se})
        if se is not None:
            half = float(stats.t.ppf(1 - ALPHA / 2, df)) * se
            row["interval"] = [float(np.expm1(d - half)), float(np.expm1(d + half))]
            eq = float(stats.t.ppf(1 - EQUIVALENCE_ALPHA, df)) * se
            row["equivalenceInterval"] = [float(np.expm1(d - eq)), float(np.expm1(d + eq))]
            row["minimumDetectableEffect"] = float(np.expm1((stats.t.ppf(1 - ALPHA / 2, df) + stats.t.ppf(POWER, df)) * se))
        else:
            row["interval"] = None
            row["equivalenceInterval"] = None
            row["minimumDetectableEffect"] = None
        rows.append(row)
    tested = [r for r in rows if r["pValue"] is not None]
    adjusted = multipletests([r["pValue"] for r in tested], method="holm")[1]
    for r, p in zip(tested, adjusted):
        r["adjustedPValue"] = float(p)
    for r in rows:
        p = r.get("adjustedPValue")
        d, limit = np.log1p(r["relativeChange"]), np.log1p(r["noiseFloor"])
        if p is not None and p < ALPHA and d > limit:
            verdict = "regressed"
        elif p is not None and p < ALPHA and d < -limit:
            verdict = "improved"
        elif r["equivalenceInterval"] is not None and -THRESHOLD <= r["equivalenceInterval"][0] \
                and r["equivalenceInterval"][1] <= THRESHOLD:
            verdict = "unchanged"
        else:
            verdict = "inconclusive"
        r["adjustedPValue"] = p
        r["verdict"] = verdict
        shown_within_floor = p is not None and p < ALPHA and np.log1p(THRESHOLD) < abs(d) <= limit
        r["needsMoreRuns"] = verdict == "inconclusive" and not shown_within_floor
    return {"percentile": percentile, "benchmarks": benchmarks, "expected": rows}


json.dump({"alpha": ALPHA, "threshold": THRESHOLD, "power": POWER, "families": [decide(50), decide(10)]},
          open("decision.json", "w"), indent=1)
