"""Replays the paired verdict rule over the pair log ratios kept by every `make gate-quality` round in this folder,
under today's set-aside rule (a disturbed pair may be set aside from 4 pairs on) and two candidates: set aside only
from 8 pairs on, and never.

Not the tool's code: a re-implementation of PairedChange.estimate and PairedVerdictRule.judge in Python, for this
question only. It first checks itself: today's rule, replayed, must give every kept verdict at the pair it was given.
A benchmark's pairs are the same under both rules (the rule only decides when to stop), so the candidate's verdict is
exact wherever it decides within the pairs kept; where it would need more pairs than were measured, it is "censored".

It does the same for the 49 comparisons that `framebudget bisect` kept beside the bursty load
(2026-12-05-paired-steps-busy-zen3-amd.json), each at its own threshold and tested alpha.

usage: python3 2026-12-05-set-aside-replay.py        (every *gate-quality*.json beside it, then the bisect steps)
"""
import collections, glob, json, math, os, sys
import numpy as np
from scipy import stats

ALPHA = 6.091606340833674e-05   # the Pocock nominal alpha of 0.01 / 14 benchmarks over looks 3…40 (comparison.json)
MIN_PAIRS, LEVEL = 3, 0.90
THRESHOLDS = {"nms/optimized/crowded": 0.05}   # budgets.yaml's own; else 2% one thread, 3% more

def disturbed(x, trim):
    if trim is None or len(x) < max(trim, 4): return []
    m = np.median(x); mad = 1.4826 * np.median(np.abs(x - m)); lim = max(5 * mad, 0.01)
    far = sorted((i for i in range(len(x)) if abs(x[i] - m) > lim), key=lambda i: -abs(x[i] - m))
    return far[:len(x) // 4]

def judge(x, thr, trim, alpha=ALPHA):
    """(verdict or None, decided): decided when REGRESSED/IMPROVED, or UNCHANGED with its MDE (80% power) within thr."""
    d = disturbed(x, trim)
    u = np.array([x[i] for i in range(len(x)) if i not in d])
    n = len(u)
    if n < MIN_PAIRS: return None, False
    mean = u.mean(); sd = u.std(ddof=1); se = sd / math.sqrt(n); t = stats.t(n - 1)
    p = 2 * t.sf(abs(mean) / se) if se > 0 else (1.0 if mean == 0 else 0.0)
    rel = math.exp(mean) - 1
    if p <= alpha and abs(rel) > thr: return ("regressed" if rel > 0 else "improved"), True
    half = t.ppf(0.5 + LEVEL / 2) * se
    if math.exp(mean - half) - 1 >= -thr and math.exp(mean + half) - 1 <= thr:
        mde = math.exp((t.ppf(1 - alpha / 2) + t.ppf(0.8)) * se) - 1
        return "unchanged", mde <= thr
    return None, False

def first_verdict(seq, thr, trim, alpha=ALPHA):
    """The verdict where the session stops measuring this benchmark, and at how many pairs; (verdict at the last
    pair kept, None) when it would not stop within them."""
    v = None
    for n in range(MIN_PAIRS, len(seq) + 1):
        v, decided = judge(np.array(seq[:n]), thr, trim, alpha)
        if decided: return v, n
    return v, None

CANDIDATES = ((8, "set aside from 8 pairs on"), (None, "never set aside"))

def classify(seq, thr, alpha, kept, truth, rows, mismatches, where):
    """Replays one benchmark's pairs under today's rule and each candidate; counts the outcomes in rows (a Counter
    keyed by candidate, truth and outcome)."""
    old, n_old = first_verdict(seq, thr, 4, alpha)
    capped = n_old is None   # measured to a cap: the kept verdict is the rule's at the last pair
    if (old or "inconclusive") != kept or (not capped and n_old != len(seq)):
        mismatches.append((where, kept, old, n_old, len(seq)))
        return
    for trim, name in CANDIDATES:
        new, n_new = first_verdict(seq, thr, trim, alpha)
        if n_new == n_old and new == old: outcome = "same verdict, same pair" + (" (at a cap)" if capped else "")
        elif n_new is None and not capped: outcome = f"needs more pairs than {old} did"
        elif n_new is not None and n_new < (n_old or 99) and new == old: outcome = "same verdict, earlier"
        else: outcome = f"{old or 'inconclusive'} -> {new or 'inconclusive'}"
        rows[(name, truth, outcome)] += 1
    if disturbed(np.array(seq), 4):   # what today's rule set aside at the last look, and from how many pairs
        rows[("today's rule", truth, "a pair set aside at the last look, " + ("8 pairs or more" if len(seq) >= 8 else "4-7 pairs"))] += 1

def replay(files):
    mismatches, rows = [], collections.Counter()
    for f in files:
        d = json.load(open(f))
        slowed = set(d.get("slowed", []))
        for kind, outcomes in (("A/A", d["identical"]), ("A/B", d["slowedOutcomes"])):
            for r, o in enumerate(outcomes):
                for bid, seq in o["pairLogRatios"].items():
                    thr = THRESHOLDS.get(bid, 0.03 if o["threads"][bid] > 1 else 0.02)
                    truth = "A/A" if kind == "A/A" else ("A/B, slowed" if bid in slowed else "A/B, not slowed")
                    classify(seq, thr, ALPHA, o["verdicts"][bid], truth, rows, mismatches,
                             (os.path.basename(f), kind, r, bid))
    return mismatches, rows

def replay_bisect(path):
    """The comparisons bisect kept: a step's truth is whether git put a change between its two builds."""
    mismatches, rows = [], collections.Counter()
    for b in json.load(open(path))["bisectComparisons"]:
        classify(b["pairLogRatios"], b["threshold"], b["testedAlpha"], b["verdict"], "step", rows, mismatches,
                 (b["attempt"], os.path.basename(b["file"])))
    return mismatches, rows

def show(title, mismatches, rows):
    reproduced = sum(n for key, n in rows.items() if key[0] == CANDIDATES[0][1])
    print(f"{title}: today's rule replayed gives {reproduced} kept verdicts at their pair, {len(mismatches)} not")
    for m in mismatches: print("  not reproduced:", m)
    for (name, truth, outcome), n in sorted(rows.items()):
        print(f"  {name:26} {truth:16} {outcome:42} {n}")

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    # The one-placement procedure's files: the --placements 8 rounds of that afternoon
    # (2026-12-05-placements-gate-quality-zen3-amd.md) came after this replay and are another procedure.
    files = sorted(f for f in glob.glob(os.path.join(here, "*gate-quality*.json")) if "placements" not in os.path.basename(f))
    show(f"make gate-quality, {len(files)} files", *replay(files))
    show("bisect steps beside the bursty load", *replay_bisect(os.path.join(here, "2026-12-05-paired-steps-busy-zen3-amd.json")))
