#!/usr/bin/env bash
# make peers [RESULTS=Reports/<run>/results.json] [RUN_ARGS='…'] [PEERS_ARGS='--quick'] [KEEP_INPUTS=1]
#
# What a user would pick instead of FrameBudget's kernels, measured in the same run on the same inputs: runs the
# kernels that have peers (or takes the run RESULTS names), exports that run's inputs as .npy capture folders,
# times the peers (OpenCV, numpy, hashlib: scripts/peers.py) on one core and on every core, merges them into the
# run as `peer` variants and rewrites its reports. Installs numpy and opencv-python-headless with pip when missing.
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}
python=${PYTHON:-python3}
reports=${REPORTS:-Reports}
read -r -a run_args <<< "${RUN_ARGS:-}"
read -r -a peers_args <<< "${PEERS_ARGS:-}"

# pip packages, by import name → package name
for pair in numpy:numpy cv2:opencv-python-headless; do
    module=${pair%%:*} package=${pair#*:}
    if ! "$python" -c "import $module" >/dev/null 2>&1; then
        echo "framebudget: installing python package $package" >&2
        "$python" -m pip install --quiet "$package" || { echo "run: $python -m pip install $package" >&2; exit 1; }
    fi
done

if [[ -n "${RESULTS:-}" ]]; then
    results=$RESULTS
    [[ -f "$results" ]] || { echo "framebudget: RESULTS=$results: no such file" >&2; exit 2; }
else
    run_id="peers-$(date -u +%Y%m%d-%H%M%S)"
    # (A substitution, not `mapfile < <(…)`: a process substitution's failure would go unnoticed, and `run` with
    # no ids would measure the whole suite.)
    listed=$("$tool" peers kernels)
    [[ -n $listed ]] || { echo "framebudget: peers kernels listed no kernel: nothing to time" >&2; exit 4; }
    mapfile -t kernels <<< "$listed"
    scripts/tied "$tool" run --reports "$reports" --run-id "$run_id" --format none "${run_args[@]}" "${kernels[@]}"
    results="$reports/$run_id/results.json"
fi
folder=$(dirname "$results")
seed=$("$python" -c 'import json, sys; print(json.load(open(sys.argv[1]))["settings"]["seed"])' "$results")
inputs="$folder/peer-inputs"
"$tool" peers export --out "$inputs" --seed "$seed"
# Tied: a SIGTERM that ends this script (make passes it to the script alone) ends the timing too.
scripts/tied "$python" scripts/peers.py --inputs "$inputs" --threads 1 --out "$folder/peers-1core.json" "${peers_args[@]}"
scripts/tied "$python" scripts/peers.py --inputs "$inputs" --threads all --out "$folder/peers-all-cores.json" "${peers_args[@]}"
"$tool" peers merge "$results" "$folder/peers-1core.json" "$folder/peers-all-cores.json"
[[ -n "${KEEP_INPUTS:-}" ]] || rm -rf "$inputs"
"$tool" report "$results" >/dev/null
echo "peers merged into $results; reports: $folder/report.html (Roofs and Peers sections)"
