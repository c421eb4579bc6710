#!/usr/bin/env bash
# make peers [RESULTS=Reports/<run>/results.json] [RUN_ARGS='…'] [PEERS_ARGS='--quick'] [KEEP_INPUTS=1]
#
# What a user would pick instead of FrameBudget's kernels, measured on the same inputs: runs the kernels that have
# peers (or takes the run RESULTS names), exports the synthetic scene of that run's seed as .npy capture folders,
# times the peers of the run's kernels (OpenCV, numpy, hashlib: scripts/peers.py) on one core and on every core,
# merges them into the run as `peer` variants and rewrites its reports. Installs numpy and opencv-python-headless
# with pip when missing.
# Exit: 0 · 2 bad input (RESULTS not a synthetic run's results file, no kernel with a peer in it, RUN_ARGS with
# --workload), checked before any timing · 4 cannot install or write · 130/143 interrupted · else the failing step's
# status. Whatever the exit, the run folder keeps no partial peer files and no peer-inputs/ (that only with
# KEEP_INPUTS=1, after a successful merge).
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}
python=${PYTHON:-python3}
reports=${REPORTS:-Reports}
read -r -a run_args <<< "${RUN_ARGS:-}"
read -r -a peers_args <<< "${PEERS_ARGS:-}"

fail() { echo "framebudget: $1" >&2; exit "$2"; }

# The work folder (inputs, peer files before the merge), inside the run's folder; removed on every exit, a signal's
# included (bash runs the EXIT trap when an untrapped SIGTERM or SIGINT ends it).
work=
trap '[[ -z $work ]] || rm -rf "$work"' EXIT

# Prints the run's seed, then its benchmark ids, one per line; one line and exit 2 when the file is not the results
# of a run on the synthetic scene: the peers' inputs are exported from that scene (`peers export` has no capture
# mode), and timings on other inputs would be compared with the kernels' as if they were the same.
read_run() {
    "$python" - "$1" <<'PY'
import json, sys
path = sys.argv[1]
def fail(problem):
    print(f"framebudget: RESULTS={path}: {problem}", file=sys.stderr)
    sys.exit(2)
try:
    with open(path) as handle:
        run = json.load(handle)
except (OSError, UnicodeDecodeError) as error:
    fail(f"cannot read: {error.strerror if isinstance(error, OSError) else error}")
except ValueError as error:
    fail(f"not JSON ({error})")
if not isinstance(run, dict) or "schemaVersion" not in run:
    fail("not a results file (no schemaVersion)")
settings, benchmarks = run.get("settings"), run.get("benchmarks")
if not isinstance(settings, dict) or not isinstance(settings.get("seed"), int) or isinstance(settings.get("seed"), bool):
    fail("not a results file (no settings.seed)")
if not isinstance(benchmarks, list) or not all(isinstance(b, dict) and isinstance(b.get("id"), str) for b in benchmarks):
    fail("not a results file (no benchmarks list with ids)")
if settings.get("workload") != "synthetic":
    fail(f"measured on workload {settings.get('workload')!r}; peers are timed on the synthetic scene only "
         "(their inputs are exported from it): use a run without --workload")
print(settings["seed"])
for benchmark in benchmarks:
    print(benchmark["id"])
PY
}

for arg in "${run_args[@]}"; do
    [[ $arg != --workload && $arg != --workload=* ]] || fail "RUN_ARGS: --workload: peers are timed on the synthetic scene only (their inputs are exported from it)" 2
done
listed=$("$tool" peers kernels)
[[ -n $listed ]] || fail "peers kernels listed no kernel: nothing to time" 4

# Sets kernel_args to the kernels with a peer that the run ($run, $results) measured: `peers merge` refuses a peer
# whose kernel is not in the run. None is bad input.
select_kernels() {
    local -A in_run=()
    local id
    while IFS= read -r id; do in_run[$id]=1; done < <(tail -n +2 <<< "$run")
    kernel_args=()
    while IFS= read -r id; do
        [[ -z ${in_run[$id]:-} ]] || kernel_args+=(--kernel "$id")
    done <<< "$listed"
    ((${#kernel_args[@]})) || fail "$results: none of the $(wc -l <<< "$listed") kernels with peers ('framebudget peers kernels') is a benchmark of this run" 2
}

# A given run is checked whole before pip installs anything or a peer is timed.
if [[ -n "${RESULTS:-}" ]]; then
    run=$(read_run "$RESULTS")
    results=$RESULTS
    select_kernels
fi

# pip packages, by import name → package name; pip's own output only when it fails, in one line
for pair in numpy:numpy cv2:opencv-python-headless; do
    module=${pair%%:*} package=${pair#*:}
    if ! "$python" -c "import $module" >/dev/null 2>&1; then
        echo "framebudget: installing python package $package" >&2
        if ! log=$("$python" -m pip install --quiet "$package" 2>&1); then
            problem=$(grep -m1 '^ERROR' <<< "$log" || tail -n1 <<< "$log")
            fail "pip cannot install $package (${problem:-no output}); install it, or set PYTHON to a python3 that has it" 4
        fi
    fi
done

if [[ -z "${RESULTS:-}" ]]; then
    run_id="peers-$(date -u +%Y%m%d-%H%M%S)"
    # (A substitution, not `mapfile < <(…)`: a process substitution's failure would go unnoticed, and `run` with
    # no ids would measure the whole suite.)
    mapfile -t kernels <<< "$listed"
    scripts/tied "$tool" run --reports "$reports" --run-id "$run_id" --format none "${run_args[@]}" "${kernels[@]}"
    results="$reports/$run_id/results.json"
    run=$(read_run "$results")
    select_kernels
fi
seed=$(head -n1 <<< "$run")

folder=$(dirname "$results")
work=$(mktemp -d "$folder/.peers.XXXXXX" 2>/dev/null) || { work=; fail "$folder: cannot write a work folder there" 4; }
inputs="$work/peer-inputs"
"$tool" peers export --out "$inputs" --seed "$seed"
# Tied: a SIGTERM that ends this script (make passes it to the script alone) ends the timing too.
scripts/tied "$python" scripts/peers.py --inputs "$inputs" --threads 1 --out "$work/peers-1core.json" "${kernel_args[@]}" "${peers_args[@]}"
scripts/tied "$python" scripts/peers.py --inputs "$inputs" --threads all --out "$work/peers-all-cores.json" "${kernel_args[@]}" "${peers_args[@]}"
"$tool" peers merge "$results" "$work/peers-1core.json" "$work/peers-all-cores.json"
# Merged: the peer files (and the inputs, with KEEP_INPUTS=1) join the run; the trap removes the rest.
mv -f "$work/peers-1core.json" "$work/peers-all-cores.json" "$folder/"
if [[ -n "${KEEP_INPUTS:-}" ]]; then rm -rf "$folder/peer-inputs" && mv "$inputs" "$folder/peer-inputs"; fi
"$tool" report "$results" >/dev/null
echo "peers merged into $results; reports: $folder/report.html (Roofs and Peers sections)"
