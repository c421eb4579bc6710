#!/usr/bin/env python3
"""Keeps some comparisons of a gate-quality.json: to pool the quiet and the busy part of one run apart.

Usage: scripts/gate-quality/select-comparisons.py IN.json OUT.json --identical 0,1,3 --slowed 0,1,3
Indexes count from 0 in measurement order (round r's A/A is identical[r-1], its A/B slowedOutcomes[r-1]); which
comparisons ran beside a build is a fact of the measurement log, not of the file. OUT.json is a gate-quality.json
that `framebudget gate-quality-pool` reads."""
import argparse, json, sys

parser = argparse.ArgumentParser()
parser.add_argument("input"); parser.add_argument("output")
parser.add_argument("--identical", default=""); parser.add_argument("--slowed", default="")
args = parser.parse_args()
data = json.load(open(args.input))
for key, wanted in (("identical", args.identical), ("slowedOutcomes", args.slowed)):
    indexes = [int(i) for i in wanted.split(",") if i != ""]
    if any(i < 0 or i >= len(data[key]) for i in indexes):
        sys.exit(f"{args.input}: {key} has {len(data[key])} comparisons, asked for {indexes}")
    data[key] = [data[key][i] for i in indexes]
json.dump(data, open(args.output, "w"), indent=1)
