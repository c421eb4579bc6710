#!/usr/bin/env bash
# make bisect-quality [N=10] [KINDS='single-thread two-thread']
#
# How often `framebudget bisect --mode time` names the right commit, measured on real builds. Two test histories of
# 16 commits each are made from HEAD (or BASE) in scratch worktrees (detached: never on a branch of the product), each with one
# real slowdown at a known commit and 15 commits that do not touch the bisected kernel: notes, comments in Swift
# files, and unrelated code (a public function added to the Reports module, which moves the binary's layout):
#   single-thread  the 256x192 colormap does ~5% more work (scripts/bisect-quality/colormap-single-thread-5pct.patch),
#                  at commit 11 of 16;
#   two-thread     the display-size colormap does ~10% more work (…/colormap-two-thread-10pct.patch), at commit 6.
# The commits carry fixed dates, so the same HEAD gives the same shas and a second run builds nothing. Then N
# attempts per history, alternated, each exactly what a user runs (`framebudget bisect` with its defaults and the
# culprit's differential profile). Each attempt's console, bisect.json and the 1-minute load before and after go to
# $OUT/attempts/ (OUT: Reports/bisect-quality/<UTC time>, and Reports/bisect-quality/latest points at it);
# $OUT/bisect-quality.{md,json} (scripts/bisect-quality/summary.py) say how many attempts named the culprit, the measuring time of each,
# and which function each culprit profile put first.
# LINK_ORDERS=K: every attempt runs `bisect --link-orders K` (each revision linked in K shuffled function orders too,
# process pair i of each comparison on order i of both builds).
# Exit: 0 measured (whatever the rates), 2 a patch does not apply to HEAD or bisect refused its input, 4 a build
# failed (or a history could
# not be committed), 64 an N that is not a number of attempts.
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
tool=${FRAMEBUDGET:-$root/.build/release/framebudget}
worktrees=${COMPARE_WORKTREES:-$root/.build-compare}
out=${OUT:-Reports/bisect-quality/$(date -u +%Y%m%dT%H%M%SZ)}
n=${N:-10}
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "bisect-quality: N='$n': not a whole number of attempts ≥ 1" >&2; exit 64; }
read -r -a kinds <<< "${KINDS:-single-thread two-thread}"
declare -A patch=([single-thread]=colormap-single-thread-5pct.patch [two-thread]=colormap-two-thread-10pct.patch)
for kind in "${kinds[@]}"; do
    [[ -n ${patch[$kind]:-} ]] || { echo "bisect-quality: KINDS: unknown history '$kind' (known: ${!patch[*]})" >&2; exit 64; }
done
if [[ -n ${LINK_ORDERS:-} ]] && ! { [[ $LINK_ORDERS =~ ^[0-9]+$ ]] && (( LINK_ORDERS >= 2 && LINK_ORDERS <= 64 )); }; then
    echo "bisect-quality: LINK_ORDERS='$LINK_ORDERS': not a number of link orders in 2…64" >&2; exit 64
fi
declare -A culprit_at=([single-thread]=11 [two-thread]=6)
declare -A benchmark=([single-thread]=colormap/optimized/256x192 [two-thread]=colormap/optimized/1920x1440)
# BASE: the commit the histories start from (default HEAD); the same BASE gives the same histories (cached builds).
base=$(git rev-parse --verify "${BASE:-HEAD}^{commit}")
link_orders=()
[[ -n ${LINK_ORDERS:-} ]] && link_orders=(--link-orders "$LINK_ORDERS")

# The k-th commit that is not the slowdown: notes, a comment, or unrelated code, in turn.
filler() {  # k
    case $(( $1 % 3 )) in
        0) echo "note $1" >> BISECT-QUALITY-NOTES.txt; git add BISECT-QUALITY-NOTES.txt; echo "notes: line $1" ;;
        1) printf '\n// bisect-quality: comment %s (no code)\n' "$1" >> Sources/HotPaths/HotPaths.swift; echo "hotpaths: comment $1" ;;
        2) printf '\n/// bisect-quality: unrelated code %s.\npublic func bisectQualityFiller%s(_ value: Int) -> Int { value &* %s &+ 1 }\n' \
               "$1" "$1" "$1" >> Sources/Reports/Reporter.swift; echo "reports: unrelated function $1" ;;
    esac
}

# Prints "<good> <bad> <culprit>" of the kind's history (made once per HEAD: the same dates give the same shas).
history() {  # kind
    local kind=$1 tree="$worktrees/bisect-quality-$1" culprit=""
    git worktree remove --force "$tree" 2>/dev/null || true
    git worktree add --detach "$tree" "$base" >&2 || { echo "bisect-quality: cannot make the worktree $tree" >&2; exit 4; }
    (
        cd "$tree"
        export GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z"
        for k in $(seq 1 16); do
            if [[ $k == "${culprit_at[$kind]}" ]]; then
                git apply "$root/scripts/bisect-quality/${patch[$kind]}" \
                    || { echo "bisect-quality: ${patch[$kind]} does not apply to HEAD: nothing measured" >&2; exit 2; }
                subject="colormap: the $kind slowdown (bisect-quality)"
            else
                subject=$(filler "$k")
            fi
            # (Checked by hand: bash ignores set -e inside `( … ) ||`; a commit a hook refused would shift the culprit.)
            git -c user.name=bisect-quality -c user.email=bisect-quality@localhost commit -qam "$subject" >&2 \
                || { echo "bisect-quality: cannot commit '$subject' in $tree" >&2; exit 4; }
            if [[ $k == "${culprit_at[$kind]}" ]]; then git rev-parse HEAD > .culprit || exit 4; fi
        done
    ) || exit $?
    echo "$base $(git -C "$tree" rev-parse HEAD) $(cat "$tree/.culprit")"
}

mkdir -p "$out/attempts"
ln -sfn "$(basename "$out")" "$(dirname "$out")/latest" 2>/dev/null || true
declare -A good bad culprit
for kind in "${kinds[@]}"; do
    line=$(history "$kind") || exit $?   # (not `read < <(history …)`: a process substitution's exit status is lost)
    read -r good[$kind] bad[$kind] culprit[$kind] <<< "$line"
    [[ -n ${culprit[$kind]} ]] || exit 2
done
for i in $(seq 1 "$n"); do
    for kind in "${kinds[@]}"; do
        name="$kind-$i"
        echo "bisect-quality: attempt $i of $n, $kind (${benchmark[$kind]}, culprit ${culprit[$kind]:0:10})" >&2
        load_before=$(cut -d' ' -f1 /proc/loadavg)
        started=$(date +%s)
        set +e
        scripts/tied "$tool" bisect --good "${good[$kind]}" --bad "${bad[$kind]}" "${benchmark[$kind]}" --reports "$out/attempts/$name" "${link_orders[@]}" \
            > "$out/attempts/$name.out" 2> "$out/attempts/$name.err"
        status=$?
        set -e
        [[ $status == 4 ]] && { echo "bisect-quality: a revision failed to build ($out/attempts/$name.err)" >&2; exit 4; }
        # A refusal would refuse every attempt: counted, each read "no commit".
        if [[ $status == 2 || $status == 64 ]]; then
            echo "bisect-quality: bisect refused its input (exit $status): $(tail -n 1 "$out/attempts/$name.err")" >&2; exit "$status"
        fi
        # Stopped by a signal (bisect writes what it measured and exits 130/143; bash does not stop on that): the
        # attempt it cut is not counted, the summary says the run was interrupted, and the run ends here.
        if [[ $status == 130 || $status == 143 ]]; then
            echo "$([[ $status == 130 ]] && echo SIGINT || echo SIGTERM) during attempt $i of $n, $kind" > "$out/INTERRUPTED"
            python3 scripts/bisect-quality/summary.py "$out" || true
            echo "bisect-quality: interrupted during $name: not counted; $out/bisect-quality.md has the attempts before" >&2
            exit "$status"
        fi
        printf '{"kind": "%s", "attempt": %d, "exit": %d, "seconds": %d, "linkOrders": %s, "loadBefore": %s, "loadAfter": %s, "culprit": "%s", "result": "%s"}\n' \
            "$kind" "$i" "$status" $(( $(date +%s) - started )) "${LINK_ORDERS:-null}" "$load_before" "$(cut -d' ' -f1 /proc/loadavg)" \
            "${culprit[$kind]}" "$(ls "$out"/attempts/"$name"/bisect-*/bisect.json 2>/dev/null | head -n1)" >> "$out/attempts.jsonl"
        tail -n 4 "$out/attempts/$name.out" | sed 's/^/    /' >&2
    done
done
python3 scripts/bisect-quality/summary.py "$out"
