#!/usr/bin/env python3
"""Golden values for the run-level statistics (Student t, Welch, pooled-with-prior t, mean intervals, Holm, MDE).

Run from this folder: python3 make_runlevel_golden.py  (writes runlevel.json).
- Student t: scipy.stats.t.cdf / t.ppf, integer and fractional degrees of freedom.
- Welch: scipy.stats.ttest_ind(base, head, equal_var=False) on head vs base (difference = mean(head) - mean(base)),
  its df and its confidence_interval(level).
- Pooled with prior: variance (sum (n_i - 1) s_i^2 + df_p s_p^2) / (sum (n_i - 1) + df_p), SE = sqrt(v (1/n_b + 1/n_h)),
  p from scipy.stats.t.sf with those df. Written out from the definition, independently of the Swift code.
- Mean interval: scipy.stats.t.interval(level, n - 1, loc=mean, scale=sem).
- Holm: the step-down definition, written independently (statsmodels is not installed here).
- MDE: (t.ppf(1 - alpha/2, df) + t.ppf(power, df)) * SE.
"""
import json
import numpy as np
from scipy import stats

rng = np.random.default_rng(20261124)
t_cases = []
for df in (1, 2, 3, 4.5, 7, 12.3, 30, 200):
    for x in (-6.0, -2.1, -0.3, 0.0, 0.7, 1.96, 3.2, 12.0):
        t_cases.append({"df": df, "x": x, "cdf": float(stats.t.cdf(x, df))})
    for p in (0.0005, 0.01, 0.025, 0.2, 0.5, 0.8, 0.975, 0.995, 0.9995):
        t_cases.append({"df": df, "p": p, "ppf": float(stats.t.ppf(p, df))})

def logs(n, mu, sd):
    return [float(v) for v in np.log(rng.lognormal(mu, sd, n))]

pairs = {
    "runs_5_vs_5_same": (logs(5, 10.0, 0.03), logs(5, 10.0, 0.03)),
    "runs_5_vs_5_shift_5pct": (logs(5, 10.0, 0.02), logs(5, 10.0 + np.log(1.05), 0.02)),
    "runs_3_vs_8_unequal_spread": (logs(3, 8.0, 0.01), logs(8, 8.01, 0.06)),
    "runs_12_vs_10": (logs(12, 9.0, 0.025), logs(10, 9.02, 0.03)),
    "runs_2_vs_2": (logs(2, 7.0, 0.04), logs(2, 7.1, 0.04)),
}
welch = []
for name, (b, h) in pairs.items():
    r = stats.ttest_ind(h, b, equal_var=False)
    entry = {"name": name, "base": b, "head": h, "difference": float(np.mean(h) - np.mean(b)),
             "statistic": float(r.statistic), "pvalue": float(r.pvalue), "df": float(r.df), "intervals": {}}
    se = float(np.sqrt(np.var(b, ddof=1) / len(b) + np.var(h, ddof=1) / len(h)))
    entry["standard_error"] = se
    for level in (0.95, 0.99):
        ci = r.confidence_interval(level)
        entry["intervals"][str(level)] = [float(ci.low), float(ci.high)]
    entry["mde_alpha_0.01_power_0.8"] = float((stats.t.ppf(1 - 0.01 / 2, r.df) + stats.t.ppf(0.8, r.df)) * se)
    welch.append(entry)

pooled = []
prior_cases = [
    ("single_vs_single_prior_0.03_df_10", [10.0], [10.06], 0.03, 10.0),
    ("single_vs_4_prior_0.02_df_6", [9.5], logs(4, 9.52, 0.02), 0.02, 6.0),
    ("runs_3_vs_3_prior_0.05_df_20", logs(3, 8.0, 0.03), logs(3, 8.0, 0.03), 0.05, 20.0),
]
for name, b, h, sp, dfp in prior_cases:
    ss, df = dfp * sp * sp, dfp
    for side in (b, h):
        if len(side) > 1:
            ss += (len(side) - 1) * np.var(side, ddof=1)
            df += len(side) - 1
    v = ss / df
    se = float(np.sqrt(v * (1 / len(b) + 1 / len(h))))
    d = float(np.mean(h) - np.mean(b))
    tstat = d / se
    pooled.append({"name": name, "base": [float(x) for x in b], "head": [float(x) for x in h],
                   "prior_sd": sp, "prior_df": dfp, "difference": d, "standard_error": se, "df": float(df),
                   "statistic": float(tstat), "pvalue": float(2 * stats.t.sf(abs(tstat), df)),
                   "interval_0.95": [d - float(stats.t.ppf(0.975, df)) * se, d + float(stats.t.ppf(0.975, df)) * se]})

means = []
for name, values in {"five": logs(5, 3.0, 0.05), "two": logs(2, 1.0, 0.1), "twenty": logs(20, 5.0, 0.02)}.items():
    m, sem = float(np.mean(values)), float(stats.sem(values))
    lo, hi = stats.t.interval(0.95, len(values) - 1, loc=m, scale=sem)
    means.append({"name": name, "values": values, "interval_0.95": [float(lo), float(hi)]})

def holm(p):
    p = np.asarray(p, float); m = len(p); order = np.argsort(p, kind="stable")
    adj = np.empty(m); running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, p[i] * (m - rank)))
        adj[i] = running
    return adj

holm_cases = []
for p in ([0.01, 0.04, 0.03, 0.005], [0.2, 0.001, 0.5, 0.04, 0.0001, 0.6], [0.9], [0.02, 0.02, 0.02]):
    holm_cases.append({"p": p, "adjusted": [float(x) for x in holm(p)]})

json.dump({"t": t_cases, "welch": welch, "pooled": pooled, "means": means, "holm": holm_cases},
          open("runlevel.json", "w"), indent=1)
