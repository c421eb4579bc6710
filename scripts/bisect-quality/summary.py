#!/usr/bin/env python3
"""scripts/bisect-quality/summary.py <out>: the attempts of scripts/bisect-quality.sh, counted.

Reads <out>/attempts.jsonl (one line per attempt: kind, exit status, wall seconds, 1-minute load before and after,
the known culprit, the bisect.json written) and writes <out>/bisect-quality.json and <out>/bisect-quality.md: per
kind, how many attempts named the culprit, named another commit, or ended otherwise; the measuring and building time
of each; which function the culprit's differential profile put first; and every search step whose answer was wrong
(a commit before the culprit answered bad, or one at or after it good: git knows which), with the pairs it was over
and the comparison file bisect kept for it; and every stray verdict (REGRESSED or IMPROVED between two builds with no
change between them, only layout).
"""
import functools
import json
import os
import platform
import subprocess
import sys


def cpu_model():
    """The CPU's name with its family and model, as framebudget's machine class names it: hypervisors call Zen 3 and
    Zen 4 guests alike "AMD EPYC", and their figures must not read as one kind's."""
    fields = {}
    try:
        for line in open("/proc/cpuinfo"):
            key, _, value = line.partition(":")
            fields.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    name = fields.get("model name") or platform.processor() or "unknown"
    if "cpu family" in fields and "model" in fields:
        return f"{name} (family {fields['cpu family']}, model {fields['model']})"
    return name


@functools.lru_cache(maxsize=None)
def has_culprit(commit, culprit):
    """True when `commit` is the culprit or comes after it; None when git cannot say. Cached: every attempt asks of
    the same commits, each step twice (its answer, and whether it is a comparison with no change)."""
    status = subprocess.run(["git", "merge-base", "--is-ancestor", culprit, commit], capture_output=True).returncode
    return {0: True, 1: False}.get(status)


def wrong_answers(result, culprit, folder):
    """The search steps whose answer the history contradicts."""
    wrong = []
    for step in result.get("steps", []):
        answer, sha = step.get("answer"), step["commit"]["sha"]
        truth = has_culprit(sha, culprit) if answer in ("bad", "good") else None
        if truth is None or (answer == "bad") == truth:
            continue
        measurement = step.get("measurement") or {}
        kept = measurement.get("comparison")
        wrong.append({"commit": sha, "subject": step["commit"]["subject"], "answer": answer,
                      "change": measurement.get("change"), "interval": measurement.get("interval"),
                      "pairs": measurement.get("pairs"), "comparison": os.path.join(folder, kept) if kept else None})
    return wrong


def null_comparisons(result, culprit):
    """The steps that compared two builds on the same side of the culprit (no change between them, only layout), and
    those of them that read REGRESSED or IMPROVED: the stray verdicts of gate-quality, in a bisection."""
    null, stray = 0, []
    for step in result.get("steps", []):
        measurement = step.get("measurement") or {}
        sides = {has_culprit(step["commit"]["sha"], culprit), has_culprit(step["base"], culprit)}
        if not measurement or None in sides or len(sides) != 1:
            continue
        null += 1
        if measurement.get("verdict") in ("regressed", "improved"):
            stray.append(f"{step['role']} {step['commit']['sha'][:10]} against {step['base'][:10]}: "
                         f"{measurement['verdict'].upper()} {percent(measurement.get('change'))} over {measurement.get('pairs') or '?'} pairs")
    return null, stray


def attempt_row(entry):
    result = {}
    if entry["result"] and os.path.isfile(entry["result"]):
        result = json.load(open(entry["result"]))
    named = (result.get("firstRegressed") or {}).get("sha")
    profile = result.get("profile") or {}
    functions = profile.get("functions") or []
    parent = result.get("againstParent") or {}
    null, stray = null_comparisons(result, entry["culprit"]) if result else (0, [])
    return {
        "kind": entry["kind"], "attempt": entry["attempt"], "exit": entry["exit"],
        "linkOrders": entry.get("linkOrders"),  # absent before link orders: the default link
        "outcome": result.get("outcome", "no result"),
        "right": named == entry["culprit"], "named": named,
        "steps": len(result.get("steps", [])),
        "searchSteps": sum(1 for step in result.get("steps", []) if step.get("role") == "search" and step.get("answer")),
        "comparisons": sum(step.get("attempts", 0) for step in result.get("steps", [])),
        # Search steps answered "good" only by the one-sided rule (compare-builds left them INCONCLUSIVE).
        "oneSidedGood": sum(1 for step in result.get("steps", []) if step.get("answer") == "good"
                            and (step.get("measurement") or {}).get("verdict") == "inconclusive"),
        "measureSeconds": result.get("measureSeconds"), "buildSeconds": result.get("buildSeconds"),
        "wallSeconds": entry["seconds"], "loadBefore": entry["loadBefore"], "loadAfter": entry["loadAfter"],
        "againstParent": parent.get("change"), "firstFunction": functions[0]["name"] if functions else None,
        "responsible": profile.get("responsible"),
        "wrongAnswers": wrong_answers(result, entry["culprit"], os.path.dirname(entry["result"])) if result else [],
        "nullComparisons": null, "strayVerdicts": stray,
    }


def percent(value):
    return "" if value is None else f"{value * 100:+.1f}%"


def main(out):
    path = os.path.join(out, "attempts.jsonl")
    rows = [attempt_row(json.loads(line)) for line in open(path) if line.strip()] if os.path.exists(path) else []
    # The attempt a signal stopped is not in attempts.jsonl: the run ends there, and says so.
    marker = os.path.join(out, "INTERRUPTED")
    interrupted = open(marker).read().strip() if os.path.exists(marker) else None
    kinds = sorted({row["kind"] for row in rows})
    totals = {}
    for kind in kinds:
        mine = [row for row in rows if row["kind"] == kind]
        measured = sorted(row["measureSeconds"] for row in mine if row["measureSeconds"] is not None)
        totals[kind] = {
            "attempts": len(mine), "right": sum(row["right"] for row in mine),
            "wrong": sum(1 for row in mine if row["named"] and not row["right"]),
            "undecided": sum(1 for row in mine if not row["named"]),
            "searchSteps": sum(row["searchSteps"] for row in mine),
            "wrongAnswers": sum(len(row["wrongAnswers"]) for row in mine),
            "nullComparisons": sum(row["nullComparisons"] for row in mine),
            "strayVerdicts": sum(len(row["strayVerdicts"]) for row in mine),
            "maxMeasureSeconds": measured[-1] if measured else None,
            "medianMeasureSeconds": measured[len(measured) // 2] if measured else None,
            # Every reading, before and after each attempt: a load can fall during an attempt as well as rise.
            "loads": [min(min(r["loadBefore"], r["loadAfter"]) for r in mine),
                      max(max(r["loadBefore"], r["loadAfter"]) for r in mine)] if mine else None,
        }
    machine = {"cpu": cpu_model(), "cores": os.cpu_count()}
    orders = sorted({row["linkOrders"] or 0 for row in rows})
    json.dump({"machine": machine, "linkOrders": orders, "interrupted": interrupted, "totals": totals, "attempts": rows},
              open(os.path.join(out, "bisect-quality.json.tmp"), "w"), indent=2)
    os.replace(os.path.join(out, "bisect-quality.json.tmp"), os.path.join(out, "bisect-quality.json"))
    method = ", ".join(f"{k} link orders (bisect --link-orders {k})" if k else "the default link" for k in orders)
    lines = [f"# Bisection quality: {machine['cpu']}, {machine['cores']} CPUs", "", f"Builds: {method}.", ""]
    if interrupted:
        lines += [f"**Interrupted ({interrupted})**: the attempts below are the ones that ran whole; the one the signal "
                  "stopped is not counted.", ""]
    lines += [
             "| history | attempts | culprit named | another commit | no commit | wrong search answers | stray verdicts | measuring, median / max | 1-min load |",
             "|---|---|---|---|---|---|---|---|---|"]
    for kind, t in totals.items():
        lines.append(f"| {kind} | {t['attempts']} | {t['right']} | {t['wrong']} | {t['undecided']} | "
                     f"{t['wrongAnswers']} of {t['searchSteps']} | {t['strayVerdicts']} of {t['nullComparisons']} | "
                     f"{t['medianMeasureSeconds'] or 0:.0f} s / {t['maxMeasureSeconds'] or 0:.0f} s | "
                     f"{t['loads'][0]:.1f}–{t['loads'][1]:.1f} |")
    lines += ["", "| attempt | exit | outcome | right | steps (comparisons; one-sided good) | against parent | measured | built | load | profile's first function |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['kind']} {r['attempt']} | {r['exit']} | {r['outcome']} | {'yes' if r['right'] else 'no'} | "
                     f"{r['steps']} ({r['comparisons']}; {r['oneSidedGood']}) | {percent(r['againstParent'])} | {r['measureSeconds'] or 0:.0f} s | "
                     f"{r['buildSeconds'] or 0:.0f} s | {r['loadBefore']}–{r['loadAfter']} | {r['firstFunction'] or '—'} |")
    wrong = [(r, w) for r in rows for w in r["wrongAnswers"]]
    if wrong:
        lines += ["", "Wrong search answers (the step's comparison, pair by pair, is in the file named):", ""]
        for r, w in wrong:
            interval = w["interval"] or {}
            bounds = f" [{percent(interval.get('lower'))}, {percent(interval.get('upper'))}]" if interval else ""
            lines.append(f"- {r['kind']} {r['attempt']}: {w['commit'][:10]} {w['subject']} answered {w['answer']}, "
                         f"{percent(w['change'])}{bounds} over {w['pairs'] or '?'} pairs: {w['comparison'] or 'not kept'}")
    stray = [(r, text) for r in rows for text in r["strayVerdicts"]]
    if stray:
        lines += ["", "Stray verdicts (two builds with no change between them read as a change):", ""]
        lines += [f"- {r['kind']} {r['attempt']}: {text}" for r, text in stray]
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "bisect-quality.md.tmp"), "w") as handle:
        handle.write(text)
    os.replace(os.path.join(out, "bisect-quality.md.tmp"), os.path.join(out, "bisect-quality.md"))
    print(text, end="")


if __name__ == "__main__":
    main(sys.argv[1])
