#!/usr/bin/env python3
"""Reads `framebudget gate-quality` files (gate-quality.json) and prints what the measurement pages quote.

Usage:
  scripts/gate-quality/summarize.py rounds FILE...              a Markdown row per comparison
  scripts/gate-quality/summarize.py totals KIND=FILE,FILE... ... a Markdown row per machine kind, and every file once
  scripts/gate-quality/summarize.py spread KIND=FILE,... ...     each benchmark's pair-to-pair spread, per kind
  scripts/gate-quality/summarize.py order KIND=FILE,... ...      the workers' start order: its effect, and blocking on it

Kinds are named on the command line because files written before 2 Dec 2026 name an AMD guest "AMD EPYC" whatever
its family and model. Files of one machine name are pooled, with the tool's own rates, by `framebudget
gate-quality-pool`; `totals` is for the table across kinds that the pool (one machine per pool) cannot make. A "stray" verdict is REGRESSED or IMPROVED on A/A, or on a benchmark the slowdown did not touch.
"""
import json
import math
import statistics as st
import sys

import numpy as np
from scipy import stats


def load(path):
    with open(path) as f:
        return json.load(f)


def comparisons(data):
    """(kind, comparison) pairs: 'A/A' for identical code, 'A/B' for the slowdown."""
    return [('A/A', r) for r in data['identical']] + [('A/B', r) for r in data['slowedOutcomes']]


def wilson(count, total, z=1.959964):
    """' [95%: a–b%]': what `count` of `total` comparisons (the unit: a comparison's verdicts are not independent)
    can show of the rate; '' with none."""
    if total == 0:
        return ''
    p, n = count / total, total
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ' [95%%: %.1f–%.1f%%]' % (100 * max(0, centre - half), 100 * min(1, centre + half))


def median_mde(row, threads):
    values = [row['minimumDetectableEffects'][b] for b, t in row['threads'].items() if t == threads]
    return st.median(values) if values else math.nan


def short(benchmark):
    parts = benchmark.split('/')
    return parts[0] + ' ' + parts[-1]


def rounds(paths):
    print('| comparison (round start, UTC) | exit | time | pairs | pair spread | verdicts | median MDE one / two threads | the slowed ones | steal per pair (largest) | load at start | undecided |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
    for path in paths:
        data = load(path)
        for kind, row in comparisons(data):
            counts = {}
            for verdict in row['verdicts'].values():
                counts[verdict] = counts.get(verdict, 0) + 1
            slowed = ', '.join('%+.1f%%' % (100 * row['changes'][b]) for b in data['slowed']) if kind == 'A/B' else '—'
            steal = max(row.get('pairHostSteal') or [0])
            undecided = ', '.join(short(b) for b, v in sorted(row['verdicts'].items()) if v == 'inconclusive') or '—'
            print('| %s (%s) | %d | %.0f s | %d | %.2f%% | %s | %.2f%% / %.2f%% | %s | %.1f%% | %.2f | %s |' % (
                kind, data['date'][11:16], row['exitStatus'], row['seconds'], row['pairs'], 100 * row['spread'],
                ', '.join('%d %s' % (n, v.upper()) for v, n in sorted(counts.items(), key=lambda kv: -kv[1])),
                100 * median_mde(row, 1), 100 * median_mde(row, 2), slowed, 100 * steal, row.get('load', math.nan), undecided))


def kinds(arguments, with_paths=False):
    """(kind name, its files' data) per KIND=FILE,FILE argument; with_paths, each file as (path, data)."""
    for argument in arguments:
        name, _, files = argument.partition('=')
        paths = [path for path in files.split(',') if path]
        yield name, [(path, load(path)) if with_paths else load(path) for path in paths]


def tally(data, t, mde1, mde2, seconds):
    """Adds one gate-quality file's comparisons to the counts t and the MDE and time lists."""
    slowed = set(data['slowed'])
    for kind, row in comparisons(data):
        t['aa' if kind == 'A/A' else 'ab'] += 1
        if kind == 'A/A':
            t['aa1'] += row['exitStatus'] == 1
            t['aa3'] += row['exitStatus'] == 3
        # A comparison without a benchmark of one thread count has no MDE of it (not a NaN in the median).
        mde1 += [m for m in [median_mde(row, 1)] if not math.isnan(m)]
        mde2 += [m for m in [median_mde(row, 2)] if not math.isnan(m)]
        seconds.append(row['seconds'])
        if kind == 'A/B':
            # Every slowed benchmark counts in every A/B comparison: one the comparison did not judge is a miss, not
            # left out of the denominator (a "1 of 1" where the tool said 1 of 2).
            for b in slowed:
                t['slow'] += 1
                t['regressed'] += row['verdicts'].get(b) == 'regressed'
        for b, verdict in row['verdicts'].items():
            if kind == 'A/B' and b in slowed:
                continue
            else:
                t['others'] += 1
                t['stray'] += verdict in ('regressed', 'improved')
            if kind == 'A/A' and row['threads'][b] == 1:
                t['one'] += 1
                t['unchanged'] += verdict == 'unchanged'


TOTAL_KEYS = ['aa', 'ab', 'aa1', 'aa3', 'stray', 'others', 'one', 'unchanged', 'slow', 'regressed']


def totals(arguments):
    print('| kind | A/A + A/B | A/A exit 1 | stray verdicts | one-thread A/A UNCHANGED | slowdowns REGRESSED | median MDE one / two threads | time per comparison |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- |')
    # The last row counts every file once, so that rows may overlap (a session's rounds beside all of its kind's).
    distinct = {}
    for name, files in kinds(arguments, with_paths=True):
        t = dict.fromkeys(TOTAL_KEYS, 0)
        mde1, mde2, seconds = [], [], []
        for path, data in files:
            tally(data, t, mde1, mde2, seconds)
            distinct[path] = data
        mde = lambda values: '%.2f%%' % (100 * st.median(values)) if values else '—'
        print('| %s | %d + %d | %d of %d%s (%d exited 3) | %d of %d | %d of %d (%.0f%%) | %d of %d | %s / %s | %.0f–%.0f s |' % (
            name, t['aa'], t['ab'], t['aa1'], t['aa'], wilson(t['aa1'], t['aa']), t['aa3'], t['stray'], t['others'], t['unchanged'], t['one'],
            100 * t['unchanged'] / max(t['one'], 1), t['regressed'], t['slow'], mde(mde1), mde(mde2),
            min(seconds), max(seconds)))
    e = dict.fromkeys(TOTAL_KEYS, 0)
    for data in distinct.values():
        tally(data, e, [], [], [])
    print('| every file above, once | %d + %d | %d of %d (%d exited 3) | %d of %d | %d of %d (%.0f%%) | %d of %d | | |' % (
        e['aa'], e['ab'], e['aa1'], e['aa'], e['aa3'], e['stray'], e['others'], e['unchanged'], e['one'],
        100 * e['unchanged'] / max(e['one'], 1), e['regressed'], e['slow']))


def pair_ratios(files):
    """Each benchmark's pair log ratios, one list per comparison with at least 6 pairs."""
    found = {}
    for data in files:
        for _, row in comparisons(data):
            for b, ratios in row.get('pairLogRatios', {}).items():
                if len(ratios) >= 6:
                    found.setdefault(b, []).append(np.array(ratios))
    return found


def spread(arguments):
    print('| kind | benchmark | pair-to-pair SD of the log ratio, median over comparisons (robust: 1.4826 MAD) | comparisons |')
    print('| --- | --- | --- | --- |')
    for name, files in kinds(arguments):
        for b, series in sorted(pair_ratios(files).items()):
            sd = st.median(float(np.std(x, ddof=1)) for x in series)
            mad = st.median(float(1.4826 * np.median(np.abs(x - np.median(x)))) for x in series)
            print('| %s | %s | %.2f%% (%.2f%%) | %d |' % (name, b, 100 * sd, 100 * mad, len(series)))


def blocked_half_width(x):
    """95% half-widths of the mean change: the plain t interval, and with the start order (pair parity) as a block."""
    n = len(x)
    odd, even = x[0::2], x[1::2]
    plain = stats.t.ppf(0.975, n - 1) * np.std(x, ddof=1) / math.sqrt(n)
    pooled = (np.sum((odd - odd.mean()) ** 2) + np.sum((even - even.mean()) ** 2)) / (n - 2)
    blocked = stats.t.ppf(0.975, n - 2) * math.sqrt(pooled / 4 * (1 / len(odd) + 1 / len(even)))
    return odd.mean() - even.mean(), plain, blocked


def order(arguments):
    print('| kind | benchmark | odd − even pairs, mean [range] | blocked / plain half-width, median [range] | comparisons |')
    print('| --- | --- | --- | --- | --- |')
    for name, files in kinds(arguments):
        for b, series in sorted(pair_ratios(files).items()):
            rows = [blocked_half_width(x) for x in series]
            effects = [r[0] for r in rows]
            ratios = [r[2] / r[1] for r in rows if r[1] > 0]
            print('| %s | %s | %+.2f%% [%+.2f%%, %+.2f%%] | %.2f [%.2f, %.2f] | %d |' % (
                name, b, 100 * st.mean(effects), 100 * min(effects), 100 * max(effects),
                st.median(ratios), min(ratios), max(ratios), len(rows)))


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    {'rounds': rounds, 'totals': totals, 'spread': spread, 'order': order}[sys.argv[1]](sys.argv[2:])
