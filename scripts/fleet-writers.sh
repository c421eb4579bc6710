#!/usr/bin/env bash
# A fleet's runners recording into one shared history at once, checked for loss and duplicates:
#   scripts/fleet-writers.sh URL [WRITERS [RUNS [BENCHMARKS]]]     (defaults: 4 writers × 50 runs, 48 benchmarks)
# Each writer is a loop of `framebudget history record` processes: its own RUNS runs, then RUNS/5 run ids that every
# writer records (the same run from several runners). Afterwards the server must hold each run exactly once; every
# shared run is recorded by one writer and refused as already recorded (exit 2) by the others. The runs are copies
# of Schemas/examples/results-complete.json (TEMPLATE=… for another) with new run ids and BENCHMARKS benchmarks.
# Prints the wall time of one record of a run of BENCHMARKS benchmarks (the first, before the writers start).
# Nothing is measured or benchmarked; the binary is FRAMEBUDGET (default .build/debug/framebudget). Exit 0 when
# nothing was lost or doubled, 1 otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
url=${1:?usage: $0 URL [WRITERS [RUNS [BENCHMARKS]]]}
writers=${2:-4} runs=${3:-50} benchmarks=${4:-48}
shared=$(( runs / 5 ))
tool=${FRAMEBUDGET:-$root/.build/debug/framebudget}
template=${TEMPLATE:-$root/Schemas/examples/results-complete.json}
work=$(mktemp -d)
prefix=fleet-$(date +%s)-  # run ids of this invocation only
trap 'rm -rf "$work"' EXIT

python3 - "$template" "$work" "$prefix" "$writers" "$runs" "$shared" "$benchmarks" <<'PY'
import copy, json, sys
template, work, prefix, writers, runs, shared, count = *sys.argv[1:4], *map(int, sys.argv[4:])
run = json.load(open(template))
base = run["benchmarks"]
def clone(i):  # benchmark i: a copy of a template benchmark with workload "<workload>-<i>"
    benchmark = copy.deepcopy(base[i % len(base)])
    benchmark["workload"] = f"{benchmark['workload']}-{i}"
    benchmark["id"] = f"{benchmark['hotPath']}/{benchmark['variant']}/{benchmark['workload']}"
    return benchmark
run["benchmarks"] = [clone(i) for i in range(count)]
names = ["single"] + [f"w{w}-{i}" for w in range(writers) for i in range(runs)] + [f"shared-{i}" for i in range(shared)]
for name in names:
    run["runID"] = prefix + name
    json.dump(run, open(f"{work}/{name}.json", "w"))
PY

start=$(date +%s.%N)
"$tool" history record "$work/single.json" --database "$url" --spool "$work/spool" >/dev/null
echo "one record of $benchmarks benchmarks: $(python3 -c "print(f'{$(date +%s.%N) - $start:.3f}')") s (load: $(cut -d' ' -f1-3 /proc/loadavg))"

writer() {  # writer W: its own runs, then the shared ones; one line per record: "<run> <exit status>"
  local w=$1 status
  for i in $(seq 0 $(( runs - 1 ))) ; do
    status=0; "$tool" history record "$work/w$w-$i.json" --database "$url" --spool "$work/spool-$w" >/dev/null 2>&1 || status=$?
    echo "w$w-$i $status"
  done
  for i in $(seq 0 $(( shared - 1 ))); do
    status=0; "$tool" history record "$work/shared-$i.json" --database "$url" --spool "$work/spool-$w" >/dev/null 2>&1 || status=$?
    echo "shared-$i $status"
  done
}
for w in $(seq 0 $(( writers - 1 ))); do writer "$w" > "$work/writer-$w.log" & done
wait

python3 - "$work" "$writers" "$runs" "$shared" <<'PY'
import collections, glob, sys
work, writers, runs, shared = sys.argv[1], *map(int, sys.argv[2:])
lines = [line.split() for path in glob.glob(f"{work}/writer-*.log") for line in open(path)]
own = [status for name, status in lines if not name.startswith("shared-")]
by_shared = collections.defaultdict(list)
for name, status in lines:
    if name.startswith("shared-"): by_shared[name].append(status)
problems = []
if len(own) != writers * runs or any(status != "0" for status in own):
    problems.append(f"own runs: {len(own)} records, {sum(s != '0' for s in own)} failed")
for name, statuses in sorted(by_shared.items()):
    if sorted(statuses) != ["0"] + ["2"] * (writers - 1):
        problems.append(f"{name}: exit statuses {statuses}")
print(f"{writers} writers × {runs} runs + {shared} shared run ids: {len(lines)} records; "
      + ("every record as expected" if not problems else "; ".join(problems)))
sys.exit(1 if problems else 0)
PY
stored=$(psql -X -A -t -q "$url" -c "SELECT count(*) || ' ' || count(DISTINCT run_id) FROM runs WHERE starts_with(run_id, '$prefix')")
expected=$(( 1 + writers * runs + shared ))
echo "server: $stored (runs, distinct run ids); expected $expected of each"
[[ "$stored" == "$expected $expected" ]]
