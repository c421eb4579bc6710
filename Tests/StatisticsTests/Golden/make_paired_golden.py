#!/usr/bin/env python3
"""Golden values for the paired statistics (PairedChange): block log ratios, pair estimates, disturbed pairs, the
mean log change with its t interval, p-value and MDE over process pairs.

Run from this folder: python3 make_paired_golden.py  (writes paired.json). Written from the definitions, independently
of the Swift code:
- block log ratio: log(median(head) / median(base)) with numpy's median;
- pair estimate: numpy median of the block log ratios;
- disturbed pairs (4 pairs or more): |x - median| > max(5 * 1.4826 * MAD, 0.01), the farthest first, at most n // 4;
- change: mean of the kept pairs; interval: scipy.stats.t.interval(level, n - 1, mean, sd / sqrt(n)), exponentiated
  minus 1; p: scipy.stats.ttest_1samp(kept, 0).pvalue; MDE: exp((t.ppf(1 - alpha/2) + t.ppf(power)) * se) - 1.
"""
import json
import numpy as np
from scipy import stats

def disturbed(x):
    x = np.asarray(x)
    if len(x) < 4:
        return []
    med = np.median(x)
    mad = 1.4826 * np.median(np.abs(x - med))
    limit = max(5 * mad, 0.01)
    far = [i for i in range(len(x)) if abs(x[i] - med) > limit]
    far.sort(key=lambda i: -abs(x[i] - med))
    return sorted(far[: len(x) // 4])


def main():
    rng = np.random.default_rng(20261126)

    blocks = []
    for n in (1, 2, 3, 5):
        base = [float(v) for v in rng.lognormal(13.0, 0.05, n)]
        head = [float(v) for v in rng.lognormal(13.03, 0.05, n)]
        blocks.append({"base": base, "head": head, "log_ratio": float(np.log(np.median(head) / np.median(base)))})

    cases = {
        "three_pairs_3pct": list(rng.normal(np.log(1.03), 0.004, 3)),
        "five_pairs_no_change": list(rng.normal(0.0, 0.006, 5)),
        "eight_pairs_one_disturbed": list(rng.normal(0.0, 0.003, 7)) + [0.25],
        "twelve_pairs_minus_5pct_two_disturbed": list(rng.normal(np.log(0.95), 0.01, 10)) + [-0.4, 0.3],
        "two_pairs": list(rng.normal(0.01, 0.002, 2)),
        "four_pairs_identical": [0.001, 0.001, 0.001, 0.001],
    }
    estimates = []
    for name, values in cases.items():
        values = [float(v) for v in values]
        out = disturbed(values)
        kept = np.array([v for i, v in enumerate(values) if i not in out])
        n = len(kept)
        mean = float(kept.mean())
        entry = {"name": name, "pairs": values, "disturbed": out, "used": n, "log_change": mean,
                 "relative_change": float(np.exp(mean) - 1)}
        sd = float(kept.std(ddof=1))
        se = sd / np.sqrt(n)
        entry["sd"] = sd
        if se > 0:
            entry["p"] = float(stats.ttest_1samp(kept, 0.0).pvalue)
            lo, hi = stats.t.interval(0.90, n - 1, loc=mean, scale=se)
            entry["interval_0.90"] = [float(np.exp(lo) - 1), float(np.exp(hi) - 1)]
            t = stats.t(n - 1)
            entry["mde_alpha_0.001_power_0.8"] = float(np.exp((t.ppf(1 - 0.001 / 2) + t.ppf(0.8)) * se) - 1)
        estimates.append(entry)

    pair_medians = []
    for k in (1, 4, 16, 17):
        x = [float(v) for v in rng.normal(0.02, 0.01, k)]
        pair_medians.append({"blocks": x, "median": float(np.median(x))})

    with open("paired.json", "w") as f:
        json.dump({"blocks": blocks, "pair_medians": pair_medians, "estimates": estimates}, f, indent=1)


if __name__ == "__main__":
    main()
