#!/usr/bin/env python3
"""Monte Carlo of `framebudget compare` (RunLevelDecision + Holm, Sources/Comparison) on A/A, 30 benchmarks:
(a) --statistic p95 with the history's spread of per-run medians pooled in (what compare did until 7 Dec 2026; it
now compares a percentile without the floors), and (b) the merged-runs loop of Docs/COMPARE-AND-HISTORY.md with a
compare after every round (Holm counts benchmarks, not looks) against one final look.

Usage: python3 scripts/simulate-compare-rounds.py [SESSIONS]   (numpy, scipy; default 20000, ~1 min)"""
import sys, numpy as np
from scipy import stats
rng = np.random.default_rng(9)
S = int(sys.argv[1]) if len(sys.argv) > 1 else 20000; M = 30; ALPHA = 0.01; TAU = 0.02

def holm(p):  # Holm.adjust, rowwise
    order = np.argsort(p, axis=1); m = p.shape[1]
    ps = np.take_along_axis(p, order, 1) * (m - np.arange(m))[None, :]
    ps = np.minimum(1, np.maximum.accumulate(ps, axis=1))
    out = np.empty_like(p); np.put_along_axis(out, order, ps, 1); return out

def pooled(b, h, prior_sd, prior_df):
    nb, nh = b.shape[-1], h.shape[-1]
    ss = ((b - b.mean(-1, keepdims=True))**2).sum(-1) + ((h - h.mean(-1, keepdims=True))**2).sum(-1) + prior_df * prior_sd**2
    df = nb - 1 + nh - 1 + prior_df
    var = ss / df
    d = h.mean(-1) - b.mean(-1)
    se = np.sqrt(var * (1/nb + 1/nh))
    return d, 2 * stats.t.sf(np.abs(d/se), df), np.sqrt(var)

def welch(b, h):
    nb, nh = b.shape[-1], h.shape[-1]
    vb, vh = b.var(-1, ddof=1)/nb, h.var(-1, ddof=1)/nh
    df = (vb+vh)**2 / (vb**2/(nb-1) + vh**2/(nh-1))
    d = h.mean(-1) - b.mean(-1)
    allv = np.concatenate([b, h], -1)
    sp = np.sqrt(((nb-1)*b.var(-1, ddof=1) + (nh-1)*h.var(-1, ddof=1)) / (nb+nh-2))
    return d, 2*stats.t.sf(np.abs(d/np.sqrt(vb+vh)), df), sp

def wrong(d, p, spread):
    adj = holm(p)
    floor = np.maximum(TAU, np.expm1(spread))
    return (adj < ALPHA) & (np.abs(d) > np.log1p(floor))

print("(a) compare --statistic p95 --database: prior = history's spread of per-run MEDIANS (sd 2%, df 40)")
for p95sd in (0.02, 0.06, 0.10):
    for runs in (1, 3):
        b = rng.normal(0, p95sd, (S, M, runs)); h = rng.normal(0, p95sd, (S, M, runs))
        d, p, sp = pooled(b, h, 0.02, 40)
        w = wrong(d, p, sp)
        print(f"  true per-run p95 sd {p95sd:.0%}, {runs} run(s)/side: P(any of {M} REGRESSED/IMPROVED)={w.any(1).mean():.1%}, per benchmark {w.mean():.2%} (promise: family 1%)")
def loop(R, per_look_alpha, unchanged_level):
    """The merged-runs loop over rounds 2..R, each look at `per_look_alpha` (Holm over the benchmarks) and UNCHANGED
    on a two-sided `unchanged_level` t interval: P(any wrong REGRESSED/IMPROVED or UNCHANGED-of-a-real-change)."""
    b = rng.normal(0, 0.02, (S, M, R)); h = rng.normal(0, 0.02, (S, M, R))
    ever = np.zeros((S, M), bool); decided = np.zeros((S, M), bool)
    for r in range(2, R+1):
        d, p, sp = welch(b[..., :r], h[..., :r])
        adj = holm(p)
        floor = np.maximum(TAU, np.expm1(sp))
        w = (adj < per_look_alpha) & (np.abs(d) > np.log1p(floor)) & ~decided
        tv = stats.t.ppf(0.5 + unchanged_level / 2, r*2-2); half = tv*np.sqrt(b[..., :r].var(-1, ddof=1)/r + h[..., :r].var(-1, ddof=1)/r)
        unch = (np.expm1(d-half) >= -TAU) & (np.expm1(d+half) <= TAU)
        ever |= w; decided |= w | unch
    return ever.any(1).mean(), b, h

print("(b) merged-runs loop: rounds r=2..R per side, compare after each, undecided measured again (A/A, per-run sd 2%)")
for R in (5, 10):
    rate, b, h = loop(R, ALPHA, 0.90)
    print(f"  R={R}: P(any wrong word over {M})={rate:.2%}, single final look only: ", end="")
    d, p, sp = welch(b, h); w = wrong(d, p, sp); print(f"{w.any(1).mean():.2%}")
print("(c) the same loop with --alpha divided by the R-1 looks (Bonferroni over the looks; the manual's recipe)")
for R in (5, 10):
    rate, _, _ = loop(R, ALPHA / (R - 1), 0.90)
    print(f"  R={R}: --alpha {ALPHA / (R - 1):.4g}: P(any wrong word over {M})={rate:.2%} (promise: 1%)")
