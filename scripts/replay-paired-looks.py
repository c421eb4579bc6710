#!/usr/bin/env python3
"""Replays the paired verdict rule's looks after every pair on recorded pair changes, to compare ways of testing them.

Usage: scripts/replay-paired-looks.py DATA.json [--replicates N] [--seed S] [--rules per-look,pocock,bonferroni]

DATA is an extract of `make gate-quality` A/A comparisons (Docs/measurements/data/*-aa-pair-changes-*.json): each
benchmark's recorded pair log changes, pooled over the comparisons. For each benchmark and replicate, a sequence of
40 pairs is drawn from its pool (with replacement) and judged after every pair from 3 on, as PairedVerdictRule and
PairedSession do: the disturbed pairs set aside, REGRESSED/IMPROVED at p <= the look's alpha and beyond the threshold,
UNCHANGED when the 90% interval is inside the threshold, measuring on while INCONCLUSIVE or UNCHANGED with an MDE
above the threshold. Wrong verdicts are REGRESSED/IMPROVED on A/A draws; power is the share of REGRESSED when the
draws are shifted by a real slowdown (3% for the one-thread colormap, 5% for the display colormap and photo frame).

Rules: per-look (alpha / benchmarks at every look: the rule before the Pocock boundary), pocock (the boundary's
nominal alpha, by the golden script's recursion: Tests/StatisticsTests/Golden/make_pocock_golden.py), bonferroni (alpha / benchmarks /
looks). Draws are independent, so regimes that last several pairs are not replayed: gate-quality on real builds is
the measurement; this compares rules on the same draws.
"""
import argparse
import json
import math

import os
import sys

import numpy as np
from scipy import stats

# The recursion and the disturbed-pair rule, as the golden files were made with (not a second copy of either).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "StatisticsTests", "Golden"))
from make_paired_golden import disturbed  # noqa: E402
from make_pocock_golden import critical_value  # noqa: E402

ALPHA, MIN_PAIRS, MAX_PAIRS = 0.01, 3, 40
SLOWED = {"colormap/optimized/256x192": 0.03, "colormap/optimized/1920x1440": 0.05,
          "photo-frame/optimized/256x192-to-1920x1440": 0.05}


def judge(x, threshold, alpha):
    out = disturbed(x)
    kept = np.array([v for i, v in enumerate(x) if i not in out])
    n, mean = len(kept), float(kept.mean())
    se = float(kept.std(ddof=1)) / math.sqrt(n)
    t = stats.t(n - 1)
    p = 2 * t.sf(abs(mean / se)) if se > 0 else (1.0 if mean == 0 else 0.0)
    half = t.ppf(0.95) * se
    mde = math.exp((t.ppf(1 - alpha / 2) + t.ppf(0.8)) * se) - 1
    change = math.exp(mean) - 1
    if p <= alpha and abs(change) > threshold:
        return ("regressed" if change > 0 else "improved"), mde
    if math.exp(mean - half) - 1 >= -threshold and math.exp(mean + half) - 1 <= threshold:
        return "unchanged", mde
    return "inconclusive", mde


def replay(draws, threshold, alpha):
    for n in range(MIN_PAIRS, MAX_PAIRS + 1):
        verdict, mde = judge(draws[:n], threshold, alpha)
        if verdict in ("regressed", "improved") or (verdict == "unchanged" and mde <= threshold):
            return verdict, n
    return verdict, MAX_PAIRS


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data")
    parser.add_argument("--replicates", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="per-look,pocock,bonferroni")
    args = parser.parse_args()
    data = json.load(open(args.data))
    threads, pools = {}, {}
    for comparison in data["comparisons"]:
        threads.update(comparison["threads"])
        for benchmark, changes in comparison["pairLogChanges"].items():
            pools.setdefault(benchmark, []).extend(changes)
    family = ALPHA / len(pools)
    alphas = {"per-look": family, "pocock": float(2 * stats.norm.sf(critical_value(family, MIN_PAIRS, MAX_PAIRS))),
              "bonferroni": family / (MAX_PAIRS - MIN_PAIRS + 1)}
    print(f"{len(pools)} benchmarks, {sum(map(len, pools.values()))} recorded pairs, {args.replicates} replicates each")
    for rule in args.rules.split(","):
        rng = np.random.default_rng(args.seed)
        alpha = alphas[rule]
        wrong = unchanged = total = 0
        for benchmark, pool in sorted(pools.items()):
            threshold = 0.03 if threads.get(benchmark, 1) > 1 else 0.02
            for _ in range(args.replicates):
                verdict, _ = replay(rng.choice(pool, MAX_PAIRS), threshold, alpha)
                total += 1
                wrong += verdict in ("regressed", "improved")
                unchanged += verdict == "unchanged"
        line = f"{rule:10s} alpha/look {alpha:.2g}: A/A wrong {wrong}/{total}, unchanged {unchanged / total:.1%}"
        for benchmark, slowdown in SLOWED.items():
            threshold = 0.03 if threads.get(benchmark, 1) > 1 else 0.02
            shifted = np.array(pools[benchmark]) + math.log(1 + slowdown)
            results = [replay(rng.choice(shifted, MAX_PAIRS), threshold, alpha) for _ in range(args.replicates)]
            called = sum(v == "regressed" for v, _ in results)
            pairs = np.median([n for v, n in results if v == "regressed"]) if called else float("nan")
            line += f"; {benchmark} +{slowdown:.0%}: {called}/{args.replicates} after {pairs:g} pairs"
        print(line, flush=True)


if __name__ == "__main__":
    main()
