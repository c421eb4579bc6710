#!/usr/bin/env python3
"""How trustworthy `make compare` is on this machine, measured with the tool itself on real builds.

Two phases (scripts/gate-quality.sh drives both):

  record   RUNS interleaved rounds; in each, one fresh process of every build (A, A2, B), in a rotating order so
           machine drift and order effects hit every build alike. A and A2 are two separately built revisions of
           identical code (A2 = A plus a comment-only commit, built in another worktree); B is A plus a real code
           change that makes one single-threaded kernel ~5% slower (scripts/gate-quality/*.patch).
  evaluate N comparisons per pair (A/A2: false alarms; A/B: power), each one the decision procedure of
           `make compare` replayed on recorded runs: the first ROUNDS runs of each side, then one more run per side
           for the benchmarks `framebudget compare` still lists as undecided (needsMoreRuns), up to MAX_ROUNDS —
           exactly what scripts/compare-revisions.sh does with fresh processes — then the final verdicts and exit
           code. Runs are drawn without replacement within a pass over the recording; when N comparisons need more
           runs than were recorded, a new pass reshuffles them (the summary says how many passes were used, since
           comparisons of different passes share runs).

Writes gate-quality.json and gate-quality.md in OUT. The merge and compare steps are the real commands.
"""
import argparse
import hashlib
import json
import math
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path


def run_tool(tool, *args, check=True):
    result = subprocess.run([tool, *args], capture_output=True, text=True)
    if check and result.returncode not in (0, 1, 3):
        sys.exit(f"gate-quality: {' '.join([tool, *args])} failed ({result.returncode}): {result.stderr.strip()[:500]}")
    return result


def record(args):
    builds = dict(b.split("=", 1) for b in args.build)
    commits = dict(c.split("=", 1) for c in args.commit or [])
    names = list(builds)
    out = Path(args.out) / "runs"
    start_fresh_if_builds_changed(out, builds, args)
    out.mkdir(parents=True, exist_ok=True)
    run_args = args.run_args.split()
    started = time.time()
    for r in range(1, args.runs + 1):
        order = names[(r - 1) % len(names):] + names[:(r - 1) % len(names)]
        for name in order:
            run_id = f"{name}-{r}"
            if (out / run_id / "results.json").exists():
                continue   # resumable: an interrupted recording goes on where it stopped
            t0 = time.time()
            result = subprocess.run([builds[name], "run", "--reports", str(out), "--run-id", run_id, "--format", "none",
                                     *run_args, *args.ids], capture_output=True, text=True,
                                    env={**os.environ, "FRAMEBUDGET_GIT_COMMIT": commits.get(name, "")})
            if result.returncode != 0:
                shutil.rmtree(out / run_id, ignore_errors=True)
                sys.exit(f"gate-quality: run {run_id} failed ({result.returncode}): {result.stderr.strip()[-500:]}")
            print(f"recorded {run_id} in {time.time() - t0:.1f} s", file=sys.stderr, flush=True)
    print(f"recording: {args.runs} rounds × {len(names)} builds in {(time.time() - started) / 60:.1f} min", file=sys.stderr)


def start_fresh_if_builds_changed(out, builds, args):
    """A recording resumes only runs of the same binaries, benchmarks and run arguments: after a code change the old
    runs describe other builds, and replaying them would report on code that is no longer there. Such a recording is
    moved aside (kept, never deleted) and a new one starts."""
    manifest = {"binaries": {name: hashlib.sha256(Path(path).read_bytes()).hexdigest() for name, path in builds.items()},
                "ids": args.ids, "run_args": args.run_args}
    path = out / "recording.json"
    if out.exists():
        previous = json.loads(path.read_text()) if path.exists() else None
        if previous == manifest:
            return
        aside = out.with_name(f"runs-{time.strftime('%Y%m%d-%H%M%S')}")
        out.rename(aside)
        print(f"gate-quality: the recorded runs were of other builds or settings; kept in {aside}, recording anew",
              file=sys.stderr)
    out.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(manifest, indent=1) + "\n")


class Pool:
    """Recorded runs of one build, drawn without replacement; a new shuffled pass when exhausted."""

    def __init__(self, files, seed):
        self.files, self.rng, self.passes, self.queue = files, random.Random(seed), 0, []

    def draw(self):
        if not self.queue:
            self.queue = self.files[:]
            self.rng.shuffle(self.queue)
            self.passes += 1
        return self.queue.pop()


def restricted(path, ids, scratch, counter):
    """A copy of a results file with only the benchmarks `ids` (a round that re-measures the undecided ones)."""
    document = json.loads(Path(path).read_text())
    document["benchmarks"] = [b for b in document["benchmarks"] if b["id"] in ids]
    target = scratch / f"extra-{counter}.json"
    target.write_text(json.dumps(document))
    return str(target)


def compare_once(tool, base_pool, head_pool, args, scratch, extra_args):
    sides = {"base": [base_pool.draw() for _ in range(args.rounds)], "head": [head_pool.draw() for _ in range(args.rounds)]}
    rounds, counter = args.rounds, 0
    while True:
        for side in sides:
            run_tool(tool, "merge", "--out", str(scratch / f"{side}.json"), *sides[side])
        result = run_tool(tool, "compare", str(scratch / "base.json"), str(scratch / "head.json"), "--format", "json", *extra_args)
        report = json.loads(result.stdout)
        undecided = {b["id"] for b in report["benchmarks"] if b.get("needsMoreRuns")}
        if not undecided or rounds >= args.max_rounds:
            return result.returncode, report, rounds
        rounds += 1
        for side, pool in (("base", base_pool), ("head", head_pool)):
            counter += 1
            sides[side].append(restricted(pool.draw(), undecided, scratch, counter))


def evaluate(args):
    out = Path(args.out)
    runs = out / "runs"
    files = {}
    for folder in sorted(runs.iterdir()):
        if (folder / "results.json").exists():
            if not folder.is_symlink():   # run leaves a "latest" link beside the run folders
                files.setdefault(folder.name.rsplit("-", 1)[0], []).append(str(folder / "results.json"))
    scratch = out / "scratch"
    scratch.mkdir(exist_ok=True)
    extra_args = args.compare_args.split()
    summary = {"machine": machine(), "date": time.strftime("%Y-%m-%d", time.gmtime()), "comparisons": args.n,
               "initialRounds": args.rounds, "maxRounds": args.max_rounds, "recordedRuns": {k: len(v) for k, v in files.items()},
               "slowedBenchmark": args.slowed, "pairs": {}}
    for label, base, head in (("aa", "A", "A2"), ("ab", "A", "B")):
        base_pool, head_pool = Pool(files[base], 1), Pool(files[head], 2 if label == "aa" else 3)
        rows = []
        for i in range(args.n):
            status, report, rounds = compare_once(args.tool, base_pool, head_pool, args, scratch, extra_args)
            verdicts = {b["id"]: b["verdict"] for b in report["benchmarks"]}
            changes = {b["id"]: b["relativeChange"] for b in report["benchmarks"]}
            rows.append({"exit": status, "rounds": rounds, "verdicts": verdicts, "changes": changes})
            print(f"{label} {i + 1:2d}: exit {status}, {rounds} rounds, "
                  + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items()) if v != "unchanged"), file=sys.stderr, flush=True)
        summary["pairs"][label] = {"rows": rows, "passes": max(base_pool.passes, head_pool.passes)}
    summarize(summary, args.slowed)
    (out / "gate-quality.json").write_text(json.dumps(summary, indent=1) + "\n")
    (out / "gate-quality.md").write_text(markdown(summary))
    print(markdown(summary))
    return summary


def summarize(summary, slowed):
    aa, ab = summary["pairs"]["aa"]["rows"], summary["pairs"]["ab"]["rows"]
    verdicts = [v for row in aa for v in row["verdicts"].values()]
    summary["aa"] = {
        "regressionExits": sum(r["exit"] == 1 for r in aa), "inconclusiveExits": sum(r["exit"] == 3 for r in aa),
        "verdicts": len(verdicts), "notUnchanged": sum(v != "unchanged" for v in verdicts),
        "byVerdict": {k: verdicts.count(k) for k in sorted(set(verdicts))},
        "meanRounds": sum(r["rounds"] for r in aa) / len(aa)}
    others = [v for row in ab for k, v in row["verdicts"].items() if k != slowed]
    summary["ab"] = {
        "detected": sum(row["verdicts"].get(slowed) == "regressed" for row in ab),
        "slowedVerdicts": [row["verdicts"].get(slowed) for row in ab],
        "slowedChanges": [row["changes"].get(slowed) for row in ab],
        "otherChanged": sum(v in ("regressed", "improved") for v in others),
        "otherInconclusive": sum(v == "inconclusive" for v in others),
        "comparisonsWithOtherVerdict": sum(any(v in ("regressed", "improved") for k, v in row["verdicts"].items() if k != slowed) for row in ab),
        "meanRounds": sum(r["rounds"] for r in ab) / len(ab)}


def markdown(s):
    aa, ab, n = s["aa"], s["ab"], s["comparisons"]
    changes = [c for c in ab["slowedChanges"] if c is not None]
    spread = f"{min(changes):+.1%} … {max(changes):+.1%}" if changes else "n/a"
    return "\n".join([
        f"# make compare quality ({s['machine']}, {s['date']})", "",
        f"Recorded runs per build: {s['recordedRuns']}; {n} comparisons per pair, {s['initialRounds']} rounds first, "
        f"up to {s['maxRounds']} (passes over the recording: A/A {s['pairs']['aa']['passes']}, A/B {s['pairs']['ab']['passes']}).", "",
        "| check | result | target |", "|---|---|---|",
        f"| A/A (identical code, two builds): comparisons exiting 1 (regression) | {aa['regressionExits']}/{n} | ≤ 1/{n} |",
        f"| A/A: per-benchmark verdicts not 'unchanged' | {aa['notUnchanged']}/{aa['verdicts']} "
        f"({aa['notUnchanged'] / max(1, aa['verdicts']):.1%}; {aa['byVerdict']}) | ≤ 1% |",
        f"| A/A: comparisons exiting 3 (inconclusive) | {aa['inconclusiveExits']}/{n} | |",
        f"| A/B: `{s['slowedBenchmark']}` (~5% slower) called regressed | {ab['detected']}/{n} (changes {spread}) | ≥ {math.ceil(0.95 * n)}/{n} (95%) |",
        f"| A/B: comparisons giving another benchmark a verdict | {ab['comparisonsWithOtherVerdict']}/{n} "
        f"(inconclusive others: {ab['otherInconclusive']}) | 0 |",
        f"| mean rounds per side | A/A {aa['meanRounds']:.1f}, A/B {ab['meanRounds']:.1f} | |", ""])


def machine():
    try:
        model = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
    except (OSError, StopIteration):
        model = "unknown CPU"
    return f"{model}, {os.cpu_count()} vCPUs"


def budgeted(args):
    """Prints the ids read on stdin that some budget of the budgets file names (variant defaults to optimized)."""
    import yaml
    entries = yaml.safe_load(Path(args.budgets).read_text())["budgets"]
    named = {f"{e['hot-path']}/{e.get('variant', 'optimized')}/{e['workload']}" for e in entries}
    print("\n".join(i for i in sys.stdin.read().split() if i in named))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="phase", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--build", action="append", required=True, help="NAME=BINARY (A, A2, B)")
    rec.add_argument("--commit", action="append", help="NAME=SHA the build was made from (recorded in each run)")
    rec.add_argument("--runs", type=int, default=40)
    rec.add_argument("--run-args", default="")
    rec.add_argument("--out", required=True)
    rec.add_argument("ids", nargs="+")
    ev = sub.add_parser("evaluate")
    ev.add_argument("--tool", required=True)
    ev.add_argument("--out", required=True)
    ev.add_argument("--n", type=int, default=20)
    ev.add_argument("--rounds", type=int, default=5)
    ev.add_argument("--max-rounds", type=int, default=20)
    ev.add_argument("--compare-args", default="")
    ev.add_argument("--slowed", required=True)
    bud = sub.add_parser("budgeted")
    bud.add_argument("budgets")
    args = parser.parse_args()
    {"record": record, "evaluate": evaluate, "budgeted": budgeted}[args.phase](args)


if __name__ == "__main__":
    main()
