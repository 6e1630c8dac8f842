#!/usr/bin/env bash
# Compares two commits' kernels on a noisy host: builds the tix tool of each (Release, in git
# worktrees under a scratch folder), runs `tix bench` with each in turn ROUNDS times (default 3,
# alternating, so that a slow spell of the host hits both), and prints per workload and thread
# count every round's median and the ratio of the best medians.
#
#   bench/compare.sh BASE [HEAD] [ROUNDS] [-- tix bench arguments...]
#
# HEAD defaults to the working tree's HEAD; bench arguments default to --threads 1,2. Example:
#   bench/compare.sh 3a529df HEAD 3 -- --threads 1 gather_rows scatter_nd_rows
# A ratio well below 1 in every round is a gain; single runs on a shared VM move by 30% and more.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ $# -lt 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
    sed -n '2,11s/^# \{0,1\}//p' "$0"
    exit $(($# < 1 ? 2 : 0))
fi
base=$1
head=HEAD
rounds=3
shift
[ $# -gt 0 ] && [ "$1" != -- ] && { head=$1; shift; }
[ $# -gt 0 ] && [ "$1" != -- ] && { rounds=$1; shift; }
[ $# -gt 0 ] && [ "$1" = -- ] && shift
bench_args=("$@")
[ ${#bench_args[@]} -gt 0 ] || bench_args=(--threads 1,2)

scratch=$(mktemp -d)
cleanup() {
    git -C "$root" worktree remove --force "$scratch/a" 2>/dev/null || true
    git -C "$root" worktree remove --force "$scratch/b" 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT

for side in a b; do
    rev=$([ $side = a ] && echo "$base" || echo "$head")
    git -C "$root" worktree add -q --detach "$scratch/$side" "$rev"
    cmake -S "$scratch/$side" -B "$scratch/build-$side" -DCMAKE_BUILD_TYPE=Release \
        -DTIX_BUILD_TESTS=OFF -DTIX_BUILD_EXAMPLES=OFF >/dev/null
    cmake --build "$scratch/build-$side" --target tix_cli -j "$(nproc)" >/dev/null
done

for round in $(seq "$rounds"); do
    for side in a b; do
        echo "compare: round $round of $rounds, $([ $side = a ] && echo "$base" || echo "$head")" >&2
        "$scratch/build-$side/tools/tix/tix" bench "${bench_args[@]}" \
            --json "$scratch/$side-$round.json" >/dev/null
    done
done

# Every result object of a results JSON is on a line of its own (tix bench --json).
awk -v base="$base" -v head="$head" '
function field(line, key,    m) {
    if (!match(line, "\"" key "\": (\"[^\"]*\"|[^,}]*)")) return ""
    m = substr(line, RSTART + length(key) + 4, RLENGTH - length(key) - 4)
    gsub(/"/, "", m)
    return m
}
/"workload":/ {
    side = FILENAME; sub(/.*\//, "", side); side = substr(side, 1, 1)
    key = field($0, "workload") "\t" field($0, "threads")
    if (!(key in seen)) { seen[key] = 1; order[++n] = key }
    ms = field($0, "median_ms") + 0
    runs[side, key] = runs[side, key] sprintf(" %8.3f", ms)
    if (!((side, key) in best) || ms < best[side, key]) best[side, key] = ms
}
END {
    printf "%-36s %2s  %-28s  %-28s  %s\n", "workload", "T", base " ms (each round)", \
           head " ms (each round)", "best ratio"
    for (i = 1; i <= n; i++) {
        split(order[i], parts, "\t")
        printf "%-36s %2s  %-28s  %-28s  %.2f\n", parts[1], parts[2], runs["a", order[i]], \
               runs["b", order[i]], best["b", order[i]] / best["a", order[i]]
    }
}' "$scratch"/a-*.json "$scratch"/b-*.json
