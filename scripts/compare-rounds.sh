# Sourced by compare-revisions.sh after both revisions are built ($base_bin, $head_bin, $tool, $out, $rounds,
# $max_rounds, $cap_seconds, $filter, $run_args, $compare_args): the sequential, interleaved measurement and the
# final comparison. Kept apart from the build step so that either can change alone.

# The default selection: optimized benchmarks named by a budget, frame loops excepted, that both builds know.
default_selection() {
    python3 - "$root/Benchmarks/budgets.yaml" <("$base_bin" list) <("$head_bin" list) <<'PY'
import sys, yaml
budgets = yaml.safe_load(open(sys.argv[1]))["budgets"]
ids = []
for b in budgets:
    if b.get("variant", "optimized") != "optimized" or b["hot-path"] == "frame-loop":
        continue
    i = f'{b["hot-path"]}/optimized/{b["workload"]}'
    if i not in ids:
        ids.append(i)
known = set(open(sys.argv[2]).read().split()) & set(open(sys.argv[3]).read().split())
missing = [i for i in ids if i not in known]
if missing:
    print("compare: budgeted benchmarks one of the builds lacks, left out: " + ", ".join(missing), file=sys.stderr)
print("\n".join(i for i in ids if i in known))
PY
}
if ((${#filter[@]} == 0)); then
    mapfile -t filter < <(default_selection)
    echo "compare: ${#filter[@]} benchmarks (optimized, with a budget): ${filter[*]}" >&2
fi

rm -rf "$out/rounds"
mkdir -p "$out/rounds"
measure() {  # side round binary ids…
    local side=$1 round=$2 binary=$3 sha=$base_sha
    shift 3
    [[ $side == head ]] && sha=$head_sha
    # The runs happen in this checkout: tell each binary which commit it was built from.
    FRAMEBUDGET_GIT_COMMIT=$sha "$binary" run --reports "$out/rounds" --run-id "$side-$round" --format none "${run_args[@]}" "$@" \
        || { echo "compare: $side run of round $round failed" >&2; exit 4; }
}
round=0 last_round_seconds=0
one_round() {  # ids…: one fresh process per side, the order alternating from round to round
    local began
    began=$(date +%s)
    round=$((round + 1))
    echo "compare: round $round: $# benchmark(s)" >&2
    if ((round % 2)); then measure base "$round" "$base_bin" "$@"; measure head "$round" "$head_bin" "$@"
    else measure head "$round" "$head_bin" "$@"; measure base "$round" "$base_bin" "$@"; fi
    last_round_seconds=$(($(date +%s) - began))
}
merge_sides() {
    local side sha files r
    for side in base head; do
        files=()
        for ((r = 1; r <= round; r++)); do files+=("$out/rounds/$side-$r/results.json"); done
        sha=$base_sha; [[ $side == head ]] && sha=$head_sha
        "$tool" merge --out "$out/$side.json" --run-id "$side-${sha:0:10}" "${files[@]}" >&2 || exit $?
    done
}

started=$(date +%s)
for ((r = 1; r <= rounds; r++)); do one_round "${filter[@]}"; done
merge_sides
while ((round < max_rounds)); do
    mapfile -t undecided < <("$tool" compare "$out/base.json" "$out/head.json" "${compare_args[@]}" --undecided --format console)
    ((${#undecided[@]} > 0)) || break
    elapsed=$(($(date +%s) - started))
    if ((elapsed + last_round_seconds > cap_seconds)); then   # a round like the last would overrun the cap
        echo "compare: time cap reached (${elapsed} s of measuring, $cap_seconds s allowed) with ${#undecided[@]} benchmark(s) undecided" >&2
        break
    fi
    one_round "${undecided[@]}"
    merge_sides
done
mapfile -t undecided < <("$tool" compare "$out/base.json" "$out/head.json" "${compare_args[@]}" --undecided --format console)
((round < max_rounds)) || echo "compare: round cap reached ($max_rounds rounds)" >&2
echo "compare: $round rounds, $(($(date +%s) - started)) s of measuring" >&2

"$tool" compare "$out/base.json" "$out/head.json" "${compare_args[@]}" --format markdown --out "$out/comparison.md" --plots "$out" >/dev/null || true
status=0
"$tool" compare "$out/base.json" "$out/head.json" "${compare_args[@]}" || status=$?
# At a cap, a benchmark that still needs runs has no verdict yet, even one that reads "unchanged (low power)": its
# runs could miss a change of twice its noise floor. Nothing regressed, so the answer is INCONCLUSIVE.
if ((status == 0 && ${#undecided[@]} > 0)); then
    echo "compare: INCONCLUSIVE at the cap: ${#undecided[@]} benchmark(s) still need more runs: ${undecided[*]}" >&2
    exit 3
fi
exit "$status"
