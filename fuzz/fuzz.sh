#!/bin/sh
# Runs the libFuzzer targets of a TIX_BUILD_FUZZ build (docs/TESTING.md).
#
#   sh fuzz/fuzz.sh BUILD_DIR SECONDS [TARGET...]
#
# Each target (default: all nine) runs for SECONDS seconds from its seeds: the committed corpus
# fuzz/corpus/<target>, the crash regressions fuzz/regressions/<target>, and the test data
# (tests/cli/data for npy, tests/data/onnx-node for the ONNX readers). New inputs go to
# BUILD_DIR/fuzz-corpus/<target> (kept between runs, never to the committed corpus), crashes to
# BUILD_DIR/fuzz-artifacts/<target>/, the log to BUILD_DIR/fuzz-logs/<target>.log.
#
# FUZZ_JOBS targets run at once (default 2), each under `nice`; FUZZ_SEED fixes libFuzzer's seed
# (default 0: a new one each run). The script prints one line per target (executions, corpus
# size, result) and fails if any target found a crash, a leak, a timeout or an out-of-memory
# input: the report and the input are printed, the input is in the artifacts directory; replay
# it with BUILD_DIR/fuzz/fuzz_<target> ARTIFACT, then add it to fuzz/regressions/<target>/.
#
# TIX_FUZZ_KNOWN (comma-separated) skips findings already reported (see fuzz/fuzz_common.h); CI
# leaves it unset.
set -eu

if [ $# -lt 2 ]; then
    echo "usage: $0 BUILD_DIR SECONDS [TARGET...]" >&2
    exit 2
fi
build=$1
seconds=$2
shift 2
targets=${*:-gather scatter gather_elements scatter_elements gather_nd scatter_nd npy onnx_model onnx_tensor}
jobs=${FUZZ_JOBS:-2}
# A fixed seed replays the same mutations (as far as the threaded targets allow).
seed=${FUZZ_SEED:-0}
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$build" && pwd)

# Sanitizer reports abort (with a stack), leaks count as findings.
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"

# (sh has no local variables: the functions' names start with r_ and s_.)
run_one() {
    r_target=$1
    program="$build/fuzz/fuzz_$r_target"
    if [ ! -x "$program" ]; then
        echo "fuzz: $program is missing (configure with -DTIX_BUILD_FUZZ=ON)" >&2
        return 1
    fi
    r_corpus="$build/fuzz-corpus/$r_target"
    r_artifacts="$build/fuzz-artifacts/$r_target"
    r_log="$build/fuzz-logs/$r_target.log"
    mkdir -p "$r_corpus" "$r_artifacts" "$(dirname "$r_log")"
    r_seeds="$root/fuzz/corpus/$r_target"
    if [ -d "$root/fuzz/regressions/$r_target" ]; then
        r_seeds="$r_seeds $root/fuzz/regressions/$r_target"
    fi
    case $r_target in
        npy) r_seeds="$r_seeds $root/tests/cli/data" ;;
        onnx_*) r_seeds="$r_seeds $root/tests/data/onnx-node" ;;
    esac
    # -malloc_limit_mb: any single allocation above 256 MiB is a finding (inputs are at most
    # 64 KiB); -timeout: an input that takes 10 s is a finding.
    # shellcheck disable=SC2086 # one word per seed directory
    nice "$program" -max_total_time="$seconds" -seed="$seed" -timeout=10 -rss_limit_mb=2048 \
        -malloc_limit_mb=256 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$r_artifacts/" "$r_corpus" $r_seeds >"$r_log" 2>&1
}

summary() {
    s_target=$1
    s_status=$2
    s_log="$build/fuzz-logs/$s_target.log"
    s_runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$s_log" | tail -n 1)
    s_rate=$(sed -n "s/^stat::average_exec_per_sec: *//p" "$s_log" | tail -n 1)
    s_corpus=$(find "$build/fuzz-corpus/$s_target" -type f | wc -l)
    if [ "$s_status" = 0 ]; then
        s_result=ok
    else
        s_result="FAILED (status $s_status; see $s_log and $build/fuzz-artifacts/$s_target/)"
    fi
    printf 'fuzz: %-17s %10s execs (%6s/s), %6s corpus files: %s\n' "$s_target" \
        "${s_runs:-?}" "${s_rate:-?}" "$s_corpus" "$s_result"
    if [ "$s_status" != 0 ]; then
        # The report and the input (its Base64 line) go to the output too: a CI machine's build
        # directory is gone by the time anyone reads its log.
        awk '/^[a-z_]+: axis |: check .* failed|runtime error|ERROR: |^SUMMARY|^Base64|^MS: /{on = 1}
             on && shown++ < 80' "$s_log" |
            sed "s/^/fuzz: $s_target: /"
    fi
}

failed=0
running=""
for target in $targets; do
    # at most $jobs at once: wait for the oldest before starting another
    set -- $running
    if [ $# -ge "$jobs" ]; then
        oldest=$1
        pid=${oldest#*:}
        name=${oldest%%:*}
        status=0
        wait "$pid" || status=$?
        summary "$name" "$status"
        [ "$status" = 0 ] || failed=1
        shift
        running="$*"
    fi
    run_one "$target" &
    running="$running $target:$!"
done
for entry in $running; do
    pid=${entry#*:}
    name=${entry%%:*}
    status=0
    wait "$pid" || status=$?
    summary "$name" "$status"
    [ "$status" = 0 ] || failed=1
done
exit $failed
