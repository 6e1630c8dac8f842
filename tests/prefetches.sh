#!/bin/sh
# The prefetches of execute.c's passes are in the compiled library. GCC counts a function whose
# only effects are prefetches as having none, and drops a call to it that it does not inline;
# GCC 12 so dropped every prefetch of element_panel once, which only the benchmarks showed
# (docs/PERFORMANCE-LOG.md, the fifth session of 2026-11-28). So each pass below that the compiler
# kept as a function of its own must hold prefetch instructions (x86 prefetch*, arm64 prfm).
#
#   prefetches.sh OBJDUMP OBJECTS   (the library's objects, separate or as one ;-list; execute.c's
#                                    is the one read)
#
# Exits 77 (skipped) where none of the passes is a function of its own (all inlined).
set -eu
objdump=$1
shift
object=
IFS=';' # (CMake passes the objects as one list)
for o in $*; do
    case $o in *execute.c.o | *execute.c.obj) object=$o ;; esac
done
unset IFS
if [ -z "$object" ]; then
    echo "prefetches.sh: no object of execute.c among the arguments" >&2
    exit 1
fi
"$objdump" -d --no-show-raw-insn "$object" | awk '
    /^[0-9a-f]+ <[^>]+>:$/ { name = $2; gsub(/[<>:]/, "", name); seen[name] = 1; next }
    /prefetch|prfm/ { count[name]++ }
    END {
        split("element_panel packed_panel staged_panel reduce_planned_runs", passes, " ")
        found = 0; failed = 0
        for (k in passes) {
            p = passes[k]
            if (!(p in seen)) continue
            found++
            if (count[p] > 0) {
                printf "%s: %d prefetch instructions\n", p, count[p]
            } else {
                printf "%s: no prefetch instruction left\n", p; failed = 1
            }
        }
        if (failed) exit 1
        if (found == 0) {
            print "every pass was inlined into its callers: nothing to check"
            exit 77
        }
    }'
