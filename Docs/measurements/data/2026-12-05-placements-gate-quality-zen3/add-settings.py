#!/usr/bin/env python3
"""Adds the procedure to gate-quality.json files written by a tool from before it recorded one (6844be4).

The rounds of this folder ran `framebudget gate-quality … -n 1 --budgeted --placements 8` (run-gate-quality.sh) with
every other option at its default, so each comparison's settings are those below. The tool of 6844be4 wrote no
`settings`; a file without them counts as one placement when pooled (`gate-quality-pool`, since da5d057, the commit after
6844be4), which these rounds were not. This writes each comparison's settings, as the compare-builds reports of the same
tool and options record them (e.g. fusion/aligned-r1-k8.json, with its own pair caps), into FILE.with-settings.json.

Usage: add-settings.py FILE...
"""
import json
import sys

SETTINGS = {
    'alpha': 0.01, 'blocks': 120, 'equivalenceLevel': 0.9, 'freshCopies': True, 'maximumPairs': 40,
    'maximumSeconds': 600, 'minimumPairs': 3, 'multithreadedThreshold': 0.03, 'pinnedCPU': 1, 'placements': 8,
    'power': 0.8, 'sampleMilliseconds': 1, 'samplesPerBlock': 1, 'threshold': 0.02,
    'thresholds': {'nms/optimized/crowded': 0.05}, 'warmupSamplesPerBlock': 1,
}

for path in sys.argv[1:]:
    with open(path) as f:
        data = json.load(f)
    for outcome in data['identical'] + data['slowedOutcomes']:
        if 'settings' in outcome:
            sys.exit(f'{path}: already records its settings')
        outcome['settings'] = SETTINGS
    out = path.removesuffix('.json') + '.with-settings.json'
    with open(out, 'w') as f:
        json.dump(data, f, indent=2, sort_keys=True)
        f.write('\n')
    print(out)
