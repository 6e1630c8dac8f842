#!/usr/bin/env bash
# Compares the kernels of two commits on a noisy host: builds the library of each (Release, from
# `git archive` under a scratch folder), links both into one program (bench/ab.c) and times their
# calls alternately on the same buffers, so that a slow spell of the host or an unlucky placement
# of the buffers hits both alike.
#
#   bench/ab.sh BASE [HEAD] [-- ab arguments...]
#
# HEAD defaults to the working tree as it is (committed or not); BASE and HEAD may be any commit.
# ab arguments: [-t THREADS] [-n CALLS] [-b BLOCK] [-q] [-i] [-v VARIANT] WORKLOAD... (default:
# -n 21 and every workload); -b: turns of BLOCK timed calls after an untimed one, -v: the
# workloads under a variant of their options (bench/variants.h; see bench/ab.c).
# Example:  bench/ab.sh HEAD~1 -- -t 2 -n 31 gather_elements_first
# Prints per workload the median and minimum of each and the ratio B / A: below 1 is a gain.
# AB_MAIN=bench/outer_axis.c: that program instead of bench/ab.c (scatters along an outer axis).
# AB_KEEP=FILE: the program is also kept there, to be run again without building (on a host
# whose noise wants many runs).
# Both builds align every function and loop to 64 bytes unless CFLAGS is set: linked into one
# program, each build's code otherwise lands where the other's leaves it, which alone moved a
# workload by up to 15% here. Needs cmake, a C compiler and binutils (nm, objcopy).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ $# -lt 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
    sed -n '2,20s/^# \{0,1\}//p' "$0"
    exit $(($# < 1 ? 2 : 0))
fi
base=$1
head=
shift
[ $# -gt 0 ] && [ "$1" != -- ] && { head=$1; shift; }
[ $# -gt 0 ] && [ "$1" = -- ] && shift
ab_args=("$@")
if [ ${#ab_args[@]} -eq 0 ]; then
    ab_args=(-n 21 gather_rows gather_rows_small gather_mid_axis gather_last_axis
        gather_elements_last gather_elements_first scatter_elements_unique
        scatter_elements_add_dup scatter_nd_rows gather_nd_pairs)
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export CFLAGS="${CFLAGS--falign-functions=64 -falign-loops=64}" # (read by cmake, below)

# The library of one side, its global symbols tix* renamed <side>_tix*, and the workloads
# compiled against it (their own global symbols renamed the same way).
build_side() {
    local side=$1 rev=$2 src=$scratch/src-$1
    mkdir -p "$src"
    if [ -n "$rev" ]; then
        git -C "$root" archive "$rev" | tar -x -C "$src"
    else # the working tree: tracked files and untracked ones git does not ignore
        git -C "$root" ls-files -z --cached --others --exclude-standard |
            (cd "$root" && xargs -0 cp --parents -t "$src" 2>/dev/null || true)
    fi
    cmake -S "$src" -B "$scratch/build-$side" -DCMAKE_BUILD_TYPE=Release -DTIX_BUILD_TESTS=OFF \
        -DTIX_BUILD_EXAMPLES=OFF -DTIX_BUILD_CLI=OFF >/dev/null
    cmake --build "$scratch/build-$side" --target tix_static -j "$(nproc)" >/dev/null
    local lib
    lib=$(find "$scratch/build-$side" -name 'libtix*.a' | head -n 1)
    nm -g --defined-only "$lib" | awk -v p="$side" '$3 ~ /^tix/ { print $3, p "_" $3 }' |
        sort -u >"$scratch/symbols-$side"
    objcopy --redefine-syms="$scratch/symbols-$side" "$lib" "$scratch/libtix-$side.a"
    awk '{ print "#define", $1, $2 }' "$scratch/symbols-$side" >"$scratch/rename-$side.h"
    cc -O2 -std=c11 -c -I"$root/include" -include "$scratch/rename-$side.h" \
        "$root/tools/tix/bench_workloads.c" -o "$scratch/workloads-$side.raw.o"
    cc -O2 -std=c11 -c -I"$root/include" -I"$root/tools/tix" -include "$scratch/rename-$side.h" \
        "$root/bench/variants.c" -o "$scratch/variants-$side.raw.o"
    # (their own globals, bench_*, renamed in both objects, references included)
    nm -g --defined-only "$scratch/workloads-$side.raw.o" "$scratch/variants-$side.raw.o" |
        awk -v p="$side" '$3 ~ /^bench_/ { print $3, p "_" $3 }' | sort -u >"$scratch/bench-$side"
    for object in workloads variants; do
        objcopy --redefine-syms="$scratch/bench-$side" "$scratch/$object-$side.raw.o" \
            "$scratch/$object-$side.o"
    done
}

echo "ab: building A = $base and B = ${head:-the working tree}" >&2
build_side a "$base"
build_side b "$head"
cc -O2 -std=c11 -I"$root/include" -I"$root/tools/tix" "$root/${AB_MAIN:-bench/ab.c}" \
    "$scratch/workloads-a.o" "$scratch/workloads-b.o" "$scratch/variants-a.o" \
    "$scratch/variants-b.o" "$scratch/libtix-a.a" "$scratch/libtix-b.a" -lpthread -lm \
    -o "$scratch/ab"
[ -n "${AB_KEEP:-}" ] && cp "$scratch/ab" "$AB_KEEP"
"$scratch/ab" "${ab_args[@]}"
