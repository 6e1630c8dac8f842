#!/usr/bin/env bash
# Regenerates the performance report: builds the tix tool in Release (build-bench/), runs
#   tix bench --threads 1,2 --json bench/results.json
# and rewrites the generated section of docs/PERFORMANCE.md and bench/x_stream.svg from it.
#
#   bench/report.sh              build, run (a few minutes), regenerate
#   bench/report.sh --skip-run   regenerate from the existing bench/results.json
#
# Needs cmake, a C compiler, protobuf-c (as any build of the tool) and gnuplot (Debian:
# apt-get install gnuplot-nox). Plain bash, awk and sed otherwise. Run it on an idle machine:
# the figures are only as quiet as the host.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TIX_BENCH_BUILD:-$root/build-bench}
json=$root/bench/results.json
text=$root/bench/results.txt
svg=$root/bench/x_stream.svg
doc=$root/docs/PERFORMANCE.md
begin_marker='<!-- BEGIN bench/report.sh'
end_marker='<!-- END bench/report.sh -->'

skip_run=false
case "${1:-}" in
    "") ;;
    --skip-run) skip_run=true ;;
    -h | --help)
        sed -n '2,11s/^# \{0,1\}//p' "$0"
        exit 0
        ;;
    *)
        echo "report.sh: unknown argument '$1' (see --help)" >&2
        exit 2
        ;;
esac

if ! command -v gnuplot >/dev/null 2>&1; then
    echo "report.sh: gnuplot is missing; install it with: apt-get install gnuplot-nox" >&2
    exit 1
fi
if ! grep -q "^$begin_marker" "$doc" || ! grep -q "^$end_marker" "$doc"; then
    echo "report.sh: $doc has lost its generated-section markers" >&2
    exit 1
fi

load() { cut -d' ' -f1 /proc/loadavg; }

if ! $skip_run; then
    # The tool alone is built. A new folder goes without tests and examples (their packages
    # are not needed); one that has them keeps them, so that its next full build still builds
    # its tests (turned off, their old binaries stayed behind for ctest to run).
    options=()
    [ -f "$build/CMakeCache.txt" ] || options=(-DTIX_BUILD_TESTS=OFF -DTIX_BUILD_EXAMPLES=OFF)
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release "${options[@]}" >/dev/null
    cmake --build "$build" --target tix_cli -j "$(nproc)" >/dev/null
    flags=$(sed -n 's/^CMAKE_C_FLAGS_RELEASE:[A-Z]*=//p' "$build/CMakeCache.txt")
    before=$(load)
    date=$(date -u '+%Y-%m-%d %H:%M UTC')
    output=$("$build/tools/tix/tix" bench --threads 1,2 --json "$json")
    after=$(load)
    {
        echo "# date: $date"
        echo "# load average (1 min) before: $before"
        echo "# load average (1 min) after: $after"
        echo "# build: CMake Release, C flags $flags (+ the project's warnings," \
            "-ffp-contract=off)"
        echo "$output"
    } >"$text"
    echo "$output"
fi
if [ ! -f "$json" ] || [ ! -f "$text" ]; then
    echo "report.sh: no $json or $text: run without --skip-run" >&2
    exit 1
fi

# awk helpers. Every result object of results.json is on a line of its own.
awk_fields='
function field(line, key,    m) {
    if (!match(line, "\"" key "\": (\"[^\"]*\"|[^,}]*)")) return ""
    m = substr(line, RSTART + length(key) + 4, RLENGTH - length(key) - 4)
    gsub(/"/, "", m)
    return m
}
function bandwidths(line,    s, n, i, parts, kv, t, list) {
    s = line; sub(/.*\{/, "", s); sub(/\}.*/, "", s)
    n = split(s, parts, /, /)
    for (i = 1; i <= n; i++) {
        split(parts[i], kv, /": /); t = kv[1]; gsub(/"/, "", t)
        list = list (i > 1 ? ", " : "") t " thread" (t == 1 ? "" : "s") " " \
               sprintf("%.1f", kv[2]) " GB/s"
    }
    return list
}
function fixed(v, digits) {
    return v == "" || v == "null" ? "-" : sprintf("%." digits "f", v)
}
'

section=$(mktemp)
plotdata=$(mktemp)
trap 'rm -f "$section" "$plotdata" "$doc.new"' EXIT

# The generated section: how the run went, then a row per workload, columns per thread count.
awk "$awk_fields"'
FNR == 1 { file++ }
file == 1 && /^# date:/ { date = substr($0, 9) }
file == 1 && /^# load average \(1 min\) before:/ { before = $NF }
file == 1 && /^# load average \(1 min\) after:/ { after = $NF }
file == 1 && /^# build:/ { build = substr($0, 10) }
file == 2 && /"machine"/ {
    machine = field($0, "cpu") ", " field($0, "cores") " online cores; built with " \
              field($0, "compiler") \
              (field($0, "optimized") == "true" ? ", optimized" : ", NOT optimized") \
              (field($0, "ndebug") == "true" ? ", NDEBUG" : "") "; tix " field($0, "tix_version")
}
file == 2 && /"runs":/ { runs = field($0, "runs") }
file == 2 && /"quick":/ { quick = field($0, "quick") }
file == 2 && /"stream_gbps"/ { stream = bandwidths($0) }
file == 2 && /"stream_streaming_gbps"/ { streaming = bandwidths($0) }
file == 2 && /"stream_store_loop_gbps"/ { loop = bandwidths($0) }
file == 2 && /"workload":/ {
    w = field($0, "workload"); t = field($0, "threads")
    if (!(w in seen)) { seen[w] = 1; order[++rows] = w }
    if (!(t in tseen)) { tseen[t] = 1; threads[++tcount] = t }
    ms[w, t] = field($0, "median_ms"); gbps[w, t] = field($0, "gbps")
    xs[w, t] = field($0, "x_stream")
    goal[w] = field($0, "goal_x_stream"); peer[w] = field($0, "best_peer_x_stream")
}
END {
    print "Measured " date " with `bench/report.sh` (" \
          (quick == "true" ? "--quick sizes" : "full sizes") ", median of " runs \
          " timed calls per figure)."
    print "Machine: " machine "."
    if (build != "") print "Build: " build "."
    print "Load average (1 min) before the run " before ", after " after "."
    print "STREAM copy, the floor (the faster of streaming and ordinary stores): " stream \
          (streaming != "" ? "; with streaming stores: " streaming : "") \
          (loop != "" ? "; with ordinary stores: " loop : "") "."
    print ""
    head = "| workload |"; rule = "|---|"
    for (k = 1; k <= tcount; k++) {
        t = threads[k]
        head = head " " t "T ms | " t "T GB/s | " t "T x stream |"
        rule = rule "---:|---:|---:|"
    }
    print head " goal | best peer |"
    print rule "---:|---:|"
    for (r = 1; r <= rows; r++) {
        w = order[r]; line = "| " w " |"
        for (k = 1; k <= tcount; k++) {
            t = threads[k]; x = fixed(xs[w, t], 2)
            if (x != "-" && goal[w] != "null" && xs[w, t] + 0 <= goal[w] + 0) x = "**" x "**"
            line = line " " fixed(ms[w, t], 3) " | " fixed(gbps[w, t], 2) " | " x " |"
        }
        print line " " fixed(goal[w], 1) " | " fixed(peer[w], 2) " |"
    }
    print ""
    print "x stream in **bold** meets the goal. Best peer: the lowest x stream of numpy," \
          " PyTorch and ONNX Runtime at either thread count, as WORKLOADS.md gives it (from" \
          " a 2-core AMD Zen 5 host). The goal and the peers are for the out-of-place calls."
}' "$text" "$json" >"$section"

# The chart: out-of-place workloads, x stream at 1 and at 2 threads, goal, best peer.
awk "$awk_fields"'
/"workload":/ && field($0, "in_place") == "false" {
    w = field($0, "workload"); t = field($0, "threads")
    if (!(w in seen)) { seen[w] = 1; order[++rows] = w }
    xs[w, t] = field($0, "x_stream")
    goal[w] = field($0, "goal_x_stream"); peer[w] = field($0, "best_peer_x_stream")
}
END {
    for (r = 1; r <= rows; r++) {
        w = order[r]
        one = (w, 1) in xs ? xs[w, 1] : "NaN"
        two = (w, 2) in xs ? xs[w, 2] : "NaN"
        printf "%s\t%s\t%s\t%s\t%s\n", w, one, two, goal[w], peer[w]
    }
}' "$json" >"$plotdata"

gnuplot -e "datafile='$plotdata'; outfile='$svg'" "$root/bench/x_stream.gp"

# Replace what lies between the markers (the marker lines stay).
awk -v section="$section" -v begin="$begin_marker" -v end="$end_marker" '
index($0, begin) == 1 { print; while ((getline line < section) > 0) print line; skip = 1; next }
index($0, end) == 1 { skip = 0 }
!skip { print }' "$doc" >"$doc.new"
mv "$doc.new" "$doc"
echo "report.sh: wrote docs/PERFORMANCE.md, bench/x_stream.svg, bench/results.json and" \
    "bench/results.txt"
