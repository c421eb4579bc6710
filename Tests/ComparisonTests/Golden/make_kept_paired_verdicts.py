"""Writes kept_paired_verdicts.json: every benchmark's pair log ratios and verdict from four kept `make gate-quality`
files, one per machine kind (quiet and busy hours), as the rounds measured and judged them.

usage (from the package root): python3 Tests/ComparisonTests/Golden/make_kept_paired_verdicts.py

KeptPairedVerdictsTests replays the paired rule over each benchmark's pairs, look by look, and expects the session's
own verdict at the very pair where it stopped: real pairs from four kinds pin the estimate, the set-aside rule, the
Pocock boundary, the verdict words and the stop rule together (Docs/measurements/2026-12-05-set-aside-replay.md).
"""
import json, os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
DATA = os.path.join(ROOT, "Docs", "measurements", "data")
FILES = [  # one per kind
    "2026-12-02-gate-quality-untimed-burst-amd.json",          # AMD EPYC Zen 4, beside the bursty load
    "2026-12-02-gate-quality-busy-zen3.json",                   # AMD EPYC Zen 3, beside the bursty load
    "2026-12-02-make-gate-quality-quiet-intel.json",            # Intel Xeon model 207, quiet
    "2026-12-03-make-gate-quality-n3-evening-model167-intel.json",  # Intel Xeon model 167, the host stealing
]

def main():
    comparisons = []
    for name in FILES:
        data = json.load(open(os.path.join(DATA, name)))
        for kind, outcomes in (("A/A", data["identical"]), ("A/B", data["slowedOutcomes"])):
            for index, outcome in enumerate(outcomes):
                comparisons.append({
                    "source": f"{name} {kind} {index + 1}",
                    "stop": outcome["stop"],
                    "benchmarks": [{"id": bid, "threads": outcome["threads"][bid], "verdict": outcome["verdicts"][bid],
                                    "pairLogRatios": ratios}
                                   for bid, ratios in sorted(outcome["pairLogRatios"].items())],
                })
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "kept_paired_verdicts.json"), "w") as out:
        json.dump({"comparisons": comparisons}, out, indent=1)
        out.write("\n")

if __name__ == "__main__":
    main()
