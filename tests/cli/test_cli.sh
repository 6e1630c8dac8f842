#!/bin/bash
# Tests of the tix tool: `tix run` on every operation and option, the printing of every dtype,
# .npy output, and the tool's usage and operation errors, each asserting the exact exit status,
# stdout and stderr.
#
#   bash test_cli.sh PATH/TO/tix tests/cli/data
#
# Prints "ok - NAME" or "not ok - NAME" and the difference per check, then "N passed, M failed";
# exits 1 if a check failed.
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 TIX DATA_DIR" >&2
    exit 2
fi
case $1 in
    /*) TIX=$1 ;;
    *) TIX=$PWD/$1 ;;
esac
DATA=$2
if [ ! -f "$TIX" ] || [ ! -x "$TIX" ] || [ ! -f "$DATA/g_data.npy" ]; then
    echo "$0: no tix program at $TIX or no test data in $DATA" >&2
    exit 2
fi

work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
cp "$DATA"/*.npy "$work"/ || exit 2
cd "$work" || exit 2 # file names in messages are then the short ones given on the command line

tix() { "$TIX" "$@"; }

passed=0
failed=0

# show FILE: its lines, indented, for a difference report.
show() {
    if [ -s "$1" ]; then
        sed 's/^/#       /' "$1"
    else
        echo "#       (nothing)"
    fi
}

# want FILE TEXT: writes TEXT to FILE followed by a newline, or nothing when TEXT is empty.
want() {
    if [ -n "$2" ]; then printf '%s\n' "$2" >"$1"; else : >"$1"; fi
}

# verdict NAME: counts and prints the result of a check from the file "problems" (empty: passed).
verdict() {
    if [ ! -s problems ]; then
        passed=$((passed + 1))
        echo "ok - $1"
    else
        failed=$((failed + 1))
        echo "not ok - $1"
        cat problems
    fi
}

# compare LABEL WANT_FILE GOT_FILE: adds a difference report to "problems" unless the files are
# equal.
compare() {
    if ! cmp -s "$2" "$3"; then
        {
            echo "#   $1: expected"
            show "$2"
            echo "#   $1: got"
            show "$3"
        } >>problems
    fi
}

# status WANT GOT: adds a line to "problems" unless the exit statuses are equal.
status() {
    [ "$2" -eq "$1" ] || echo "#   exit status: expected $1, got $2" >>problems
}

# check NAME STATUS STDOUT STDERR COMMAND...: runs COMMAND and asserts its exit status and its
# exact stdout and stderr (each "" for none; otherwise the text and a final newline).
check() {
    local name=$1 expected=$2
    want want.out "$3"
    want want.err "$4"
    shift 4
    "$@" >got.out 2>got.err
    local got=$?
    : >problems
    status "$expected" "$got"
    compare stdout want.out got.out
    compare stderr want.err got.err
    verdict "$name"
}

# check_npy NAME EXPECTED.npy OUT.npy COMMAND...: runs COMMAND, which must exit 0 with no output
# and write OUT.npy byte for byte equal to EXPECTED.npy.
check_npy() {
    local name=$1 expected=$2 out=$3
    shift 3
    rm -f "$out"
    "$@" >got.out 2>got.err
    local got=$?
    : >problems
    : >want.none
    status 0 "$got"
    compare stdout want.none got.out
    compare stderr want.none got.err
    if [ ! -f "$out" ]; then
        echo "#   $out was not written" >>problems
    elif ! cmp -s "$expected" "$out"; then
        echo "#   $out differs from $expected:" >>problems
        cmp "$expected" "$out" 2>&1 | sed 's/^/#       /' >>problems
    fi
    verdict "$name"
}

# check_first NAME STATUS STREAM LINE COMMAND...: runs COMMAND and asserts its exit status, that
# the first line of STREAM (stdout or stderr) is LINE, and that the other stream is empty.
check_first() {
    local name=$1 expected=$2 stream=$3
    want want.line "$4"
    shift 4
    "$@" >got.out 2>got.err
    local got=$?
    local text=got.out other=got.err
    if [ "$stream" = stderr ]; then text=got.err other=got.out; fi
    head -n 1 "$text" >got.line
    : >problems
    : >want.none
    status "$expected" "$got"
    compare "first line of $stream" want.line got.line
    compare "the other stream" want.none "$other"
    verdict "$name"
}

# ---- the six operations on the examples of the ONNX and OpenVINO specifications ------------

check "gather: ONNX Gather example 1" 0 "shape [2, 2, 2] dtype float32
[[[1, 1.2],
  [2.3, 3.4]],

 [[2.3, 3.4],
  [4.5, 5.7]]]" "" tix run gather g_data.npy g_idx.npy

gather_example_2="shape [3, 1, 2] dtype float32
[[[1, 1.9]],

 [[2.3, 3.9]],

 [[4.5, 5.9]]]"
check "gather: ONNX Gather example 2, --axis 1" 0 "$gather_example_2" "" \
    tix run gather g2_data.npy g2_idx.npy --axis 1
check "gather: --axis -1" 0 "$gather_example_2" "" tix run gather g2_data.npy g2_idx.npy --axis -1
check "gather: --axis=-1" 0 "$gather_example_2" "" tix run gather g2_data.npy g2_idx.npy --axis=-1
check "gather: --axis 0 given explicitly" 0 "shape [2, 2, 2] dtype float32
[[[1, 1.2],
  [2.3, 3.4]],

 [[2.3, 3.4],
  [4.5, 5.7]]]" "" tix run gather --axis 0 g_data.npy g_idx.npy

check "gather: OpenVINO Gather-8 batch_dims example, --axis 1 --batch-dims 1" 0 "shape [2, 3] dtype int32
[[1, 1, 5],
 [10, 6, 6]]" "" tix run gather g8_data.npy g8_idx.npy --axis 1 --batch-dims 1
check "gather: --batch-dims=-1 --axis=1" 0 "shape [2, 3] dtype int32
[[1, 1, 5],
 [10, 6, 6]]" "" tix run gather g8_data.npy g8_idx.npy --batch-dims=-1 --axis=1
check "gather: scalar indices give a scalar" 0 "shape [] dtype int64
3" "" tix run gather v5.npy scalar_idx.npy
check "gather: empty indices give an empty result" 0 "shape [0] dtype int64
[]" "" tix run gather v5.npy empty_idx.npy

check "scatter: rows 2 and 0 replaced" 0 "shape [3, 2] dtype int32
[[30, 40],
 [3, 4],
 [10, 20]]" "" tix run scatter sc_data.npy sc_idx.npy sc_upd.npy
check "scatter: --axis 1 --batch-dims 1, duplicate index: last wins" 0 "shape [2, 5] dtype int32
[[100, 2, 3, 4, 500],
 [6, 80, 8, 9, 10]]" "" tix run scatter g8_data.npy scb_idx.npy scb_upd.npy --axis 1 --batch-dims 1
check "scatter: --axis -1 --batch-dims -1 --reduction add" 0 "shape [2, 5] dtype int32
[[101, 2, 3, 4, 505],
 [6, 157, 8, 9, 10]]" "" \
    tix run scatter g8_data.npy scb_idx.npy scb_upd.npy --axis -1 --batch-dims -1 --reduction add

check "gather_elements: ONNX GatherElements example 2" 0 "shape [2, 3] dtype int32
[[4, 8, 3],
 [7, 2, 3]]" "" tix run gather_elements ge_data.npy ge_idx.npy
check "gather_elements: ONNX GatherElements example 3 (negative indices), --axis 0" 0 "shape [2, 3] dtype int32
[[7, 5, 3],
 [4, 2, 3]]" "" tix run gather_elements ge_data.npy ge_idx_neg.npy --axis 0
check "gather_elements: --axis -1" 0 "shape [2, 3] dtype int32
[[2, 3, 1],
 [6, 4, 4]]" "" tix run gather_elements ge_data.npy ge_idx.npy --axis -1

scatter_elements_example_1="shape [3, 3] dtype float32
[[2, 1.1, 0],
 [1, 0, 2.2],
 [0, 2.1, 1.2]]"
check "scatter_elements: ONNX ScatterElements example 1" 0 "$scatter_elements_example_1" "" \
    tix run scatter_elements se_data.npy se_idx.npy se_upd.npy
check "scatter_elements: ONNX ScatterElements example 2, --axis 1" 0 "shape [1, 5] dtype float32
[[1, 1.1, 3, 2.1, 5]]" "" tix run scatter_elements se2_data.npy se2_idx.npy se2_upd.npy --axis 1
check "scatter_elements: --axis=-1" 0 "shape [1, 5] dtype float32
[[1, 1.1, 3, 2.1, 5]]" "" tix run scatter_elements se2_data.npy se2_idx.npy se2_upd.npy --axis=-1

check "gather_nd: ONNX GatherND example 1" 0 "shape [2] dtype int32
[0, 3]" "" tix run gather_nd gnd_data.npy gnd_idx1.npy
check "gather_nd: ONNX GatherND example 2" 0 "shape [2, 2] dtype int32
[[2, 3],
 [0, 1]]" "" tix run gather_nd gnd_data.npy gnd_idx2.npy
check "gather_nd: ONNX GatherND example 5, --batch-dims 1" 0 "shape [2, 2] dtype int32
[[2, 3],
 [4, 5]]" "" tix run gather_nd gndb_data.npy gndb_idx.npy --batch-dims 1

check "scatter_nd: ONNX ScatterND example 1" 0 "shape [8] dtype int64
[1, 11, 3, 10, 9, 6, 7, 12]" "" tix run scatter_nd snd_data.npy snd_idx.npy snd_upd.npy
check "scatter_nd: --reduction add" 0 "shape [8] dtype int64
[1, 13, 3, 14, 14, 6, 7, 20]" "" tix run scatter_nd snd_data.npy snd_idx.npy snd_upd.npy --reduction add
check "scatter_nd: --batch-dims 1" 0 "shape [2, 3] dtype int32
[[1, 2, 30],
 [40, 5, 6]]" "" tix run scatter_nd sndb_data.npy sndb_idx.npy sndb_upd.npy --batch-dims 1

# ---- reductions: data [10, 20, 30, 40], indices [1, 1, 3], updates [2, 3, 5] -----------------

reduce() { tix run scatter_elements red_data.npy red_idx.npy red_upd.npy "$@"; }
check "--reduction none: the last update wins" 0 "shape [4] dtype int32
[10, 3, 30, 5]" "" reduce --reduction none
check "--reduction none --exclude-self: exclude-self ignored" 0 "shape [4] dtype int32
[10, 3, 30, 5]" "" reduce --reduction none --exclude-self
check "--reduction add" 0 "shape [4] dtype int32
[10, 25, 30, 45]" "" reduce --reduction add
check "--reduction add --exclude-self" 0 "shape [4] dtype int32
[10, 5, 30, 5]" "" reduce --reduction add --exclude-self
check "--reduction sub" 0 "shape [4] dtype int32
[10, 15, 30, 35]" "" reduce --reduction sub
check "--reduction sub --exclude-self" 0 "shape [4] dtype int32
[10, -5, 30, -5]" "" reduce --reduction sub --exclude-self
check "--reduction mul" 0 "shape [4] dtype int32
[10, 120, 30, 200]" "" reduce --reduction mul
check "--reduction mul --exclude-self" 0 "shape [4] dtype int32
[10, 6, 30, 5]" "" reduce --exclude-self --reduction mul
check "--reduction min" 0 "shape [4] dtype int32
[10, 2, 30, 5]" "" reduce --reduction min
check "--reduction min --exclude-self" 0 "shape [4] dtype int32
[10, 2, 30, 5]" "" reduce --reduction min --exclude-self
check "--reduction max" 0 "shape [4] dtype int32
[10, 20, 30, 40]" "" reduce --reduction max
check "--reduction max --exclude-self" 0 "shape [4] dtype int32
[10, 3, 30, 5]" "" reduce --reduction max --exclude-self
check "--reduction mean: integer mean rounds down ((20+2+3)/3, (40+5)/2)" 0 "shape [4] dtype int32
[10, 8, 30, 22]" "" reduce --reduction mean
check "--reduction=mean --exclude-self" 0 "shape [4] dtype int32
[10, 2, 30, 5]" "" reduce --reduction=mean --exclude-self

# ---- --accumulate: data [0.0], 32 indices 0, updates [2^24, fifteen 0.0, sixteen 1.0] ----------
# 32 updates on 1 element: two chunks of 16; in order every +1 rounds back to 2^24, while chunk 1
# sums to 16 on its own before it is added (tix.h, "Reductions").

accumulate() { tix run scatter_elements acc_data.npy acc_idx.npy acc_upd.npy --reduction add "$@"; }
check "--accumulate: in order by default" 0 "shape [1] dtype float32
[16777216]" "" accumulate
check "--accumulate in-order" 0 "shape [1] dtype float32
[16777216]" "" accumulate --accumulate in-order
check "--accumulate chunked: chunk 1 sums to 16 before it is added" 0 "shape [1] dtype float32
[16777232]" "" accumulate --accumulate chunked
check "--accumulate=chunked --threads 2: the same result" 0 "shape [1] dtype float32
[16777232]" "" accumulate --accumulate=chunked --threads 2
check "--accumulate chunked --reduction none: the last update still wins" 0 "shape [1] dtype float32
[1]" "" tix run scatter_elements acc_data.npy acc_idx.npy acc_upd.npy --accumulate chunked

# ---- --negative and --out-of-range: v5 = [1, 2, 3, 4, 5] ----------------------------------

check "out-of-range index: error by default" 1 "" \
    "tix: gather: indices[1] = 7 is outside [-5, 4] for axis 0 of data with shape [5]" \
    tix run gather v5.npy oor_idx.npy
check "--out-of-range error" 1 "" \
    "tix: gather: indices[1] = 7 is outside [-5, 4] for axis 0 of data with shape [5]" \
    tix run gather v5.npy oor_idx.npy --out-of-range error
check "--out-of-range ignore: gather writes the default fill 0" 0 "shape [3] dtype int64
[1, 0, 5]" "" tix run gather v5.npy oor_idx.npy --out-of-range ignore
check "--out-of-range clamp" 0 "shape [3] dtype int64
[1, 5, 5]" "" tix run gather v5.npy oor_idx.npy --out-of-range clamp
check "--out-of-range=wrap" 0 "shape [3] dtype int64
[1, 3, 5]" "" tix run gather v5.npy oor_idx.npy --out-of-range=wrap
check "negative indices wrap by default" 0 "shape [3] dtype int64
[1, 4, 5]" "" tix run gather v5.npy neg_idx.npy
check "--negative wrap" 0 "shape [3] dtype int64
[1, 4, 5]" "" tix run gather v5.npy neg_idx.npy --negative wrap
check "--negative out-of-range: a negative index is an error" 1 "" \
    "tix: gather: indices[1] = -2 is outside [0, 4] for axis 0 of data with shape [5]" \
    tix run gather v5.npy neg_idx.npy --negative out-of-range
check "--negative=out-of-range --out-of-range ignore" 0 "shape [3] dtype int64
[1, 0, 0]" "" tix run gather v5.npy neg_idx.npy --negative=out-of-range --out-of-range ignore
check "--negative out-of-range --out-of-range clamp" 0 "shape [3] dtype int64
[1, 1, 1]" "" tix run gather v5.npy neg_idx.npy --negative out-of-range --out-of-range clamp
check "--negative out-of-range --out-of-range wrap: Python modulo" 0 "shape [3] dtype int64
[1, 4, 5]" "" tix run gather v5.npy neg_idx.npy --negative out-of-range --out-of-range wrap
check "uint64 index 2^64-1 is out of range, not -1" 1 "" \
    "tix: gather: indices[0] = 18446744073709551615 is outside [-5, 4] for axis 0 of data with shape [5]" \
    tix run gather v5.npy u64max_idx.npy
check "scatter: out-of-range index is an error" 1 "" \
    "tix: scatter_elements: indices[1] = 7 is outside [-4, 3] for axis 0 of data with shape [4]" \
    tix run scatter_elements red_data.npy oor_idx.npy red_upd.npy
check "scatter: --out-of-range ignore drops the update" 0 "shape [4] dtype int32
[12, 20, 30, 45]" "" tix run scatter_elements red_data.npy oor_idx.npy red_upd.npy --reduction add --out-of-range ignore
check "scatter: --out-of-range clamp" 0 "shape [4] dtype int32
[12, 20, 30, 48]" "" tix run scatter_elements red_data.npy oor_idx.npy red_upd.npy --reduction add --out-of-range clamp

check "scatter: --out-of-range ignore --exclude-self: a dropped update resets nothing" 0 "shape [4] dtype int32
[2, 20, 30, 5]" "" tix run scatter_elements red_data.npy oor_idx.npy red_upd.npy --reduction add --exclude-self --out-of-range ignore
check "scatter: --out-of-range wrap --reduction mean ((10+2)/2, (40+3+5)/3)" 0 "shape [4] dtype int32
[6, 20, 30, 16]" "" tix run scatter_elements red_data.npy oor_idx.npy red_upd.npy --reduction mean --out-of-range wrap

# ---- --fill, per dtype (indices [0, 7, -1] with --out-of-range ignore) -----------------------

check "--fill int64" 0 "shape [3] dtype int64
[1, -7, 5]" "" tix run gather v5.npy oor_idx.npy --out-of-range ignore --fill -7
check "--fill uint64 maximum" 0 "shape [3] dtype uint64
[18446744073709551615, 18446744073709551615, 42]" "" \
    tix run gather t_u8.npy oor_idx.npy --out-of-range ignore --fill 18446744073709551615
check "--fill float32" 0 "shape [3, 2] dtype float32
[[1, 1.2],
 [2.5, 2.5],
 [4.5, 5.7]]" "" tix run gather g_data.npy oor_idx.npy --out-of-range ignore --fill 2.5
check "--fill=-inf float32" 0 "shape [3, 2] dtype float32
[[1, 1.2],
 [-inf, -inf],
 [4.5, 5.7]]" "" tix run gather g_data.npy oor_idx.npy --out-of-range ignore --fill=-inf
check "--fill float16" 0 "shape [3] dtype float16
[0.1, 0.1, nan]" "" tix run gather t_f2.npy oor_idx.npy --out-of-range ignore --fill 0.1
check "bool: default fill false" 0 "shape [3] dtype bool
[true, false, false]" "" tix run gather t_b1.npy oor_idx.npy --out-of-range ignore
check "--fill bool" 0 "shape [3] dtype bool
[true, true, false]" "" tix run gather t_b1.npy oor_idx.npy --out-of-range ignore --fill true
check "--fill complex64 RE-IMj" 0 "shape [3] dtype complex64
[1+2j, 1.5-2j, 0+3j]" "" tix run gather t_c8.npy oor_idx.npy --out-of-range ignore --fill 1.5-2j
check "--fill complex64 IMj" 0 "shape [3] dtype complex64
[1+2j, 0+2j, 0+3j]" "" tix run gather t_c8.npy oor_idx.npy --out-of-range ignore --fill 2j
check "string: default fill is the empty string" 0 'shape [3] dtype string
["apple", "", "fig"]' "" tix run gather t_S.npy oor_idx.npy --out-of-range ignore
check "--fill string" 0 'shape [3] dtype string
["apple", "zzz", "fig"]' "" tix run gather t_S.npy oor_idx.npy --out-of-range ignore --fill zzz
check_npy "--fill string, -o: written as S11 (the longest element)" want_S_fill.npy out.npy \
    tix run gather t_S.npy oor_idx.npy --out-of-range ignore --fill longer_text -o out.npy

# ---- printing of each dtype (gathers by [2, 0, 1] and other permutations) --------------------

check "print int8 (uint8 indices)" 0 "shape [3] dtype int8
[-1, -128, 127]" "" tix run gather t_i1.npy idx_201.npy
check "print int16 (int16 data and indices)" 0 "shape [2] dtype int16
[0, 1]" "" tix run gather idx_10.npy idx_10.npy
check "print uint16" 0 "shape [2] dtype uint16
[7, 65535]" "" tix run gather t_u2.npy idx_10.npy
check "print uint64" 0 "shape [3] dtype uint64
[42, 18446744073709551615, 0]" "" tix run gather t_u8.npy idx_201.npy
check "print bool" 0 "shape [3] dtype bool
[false, true, false]" "" tix run gather t_b1.npy idx_201.npy
check "print float16: nan, -inf, 65504 (shortest text that reads back), 0.1" 0 "shape [4] dtype float16
[nan, -inf, 65504, 0.1]" "" tix run gather t_f2.npy idx_3210.npy
check "print float64" 0 "shape [3] dtype float64
[-2.5, 0.1, 1e+300]" "" tix run gather t_f8.npy idx_201.npy
check "print complex64" 0 "shape [3] dtype complex64
[0+3j, 1+2j, -0.5-1j]" "" tix run gather t_c8.npy idx_201.npy
check "print complex128" 0 "shape [2] dtype complex128
[0+0.1j, 1.5-2j]" "" tix run gather t_c16.npy idx_10.npy
check "print string ('S5' data)" 0 'shape [3] dtype string
["fig", "apple", "kiwi"]' "" tix run gather t_S.npy idx_201.npy
check "string scatter_elements" 0 'shape [3] dtype string
["yz", "x", "fig"]' "" tix run scatter_elements t_S.npy idx_10.npy t_S2.npy

# ---- the .npy reader's accepted variants -------------------------------------------------------

check "big-endian '>i4' data" 0 "shape [3] dtype int32
[-2, 1, 256]" "" tix run gather be_i4.npy idx_201.npy
check "fortran_order True data is read row-major" 0 "shape [2, 3] dtype int32
[[4, 5, 6],
 [1, 2, 3]]" "" tix run gather fortran_i4.npy idx_10.npy
check "format version 2.0" 0 "shape [3] dtype int32
[9, 7, 8]" "" tix run gather v2_i4.npy idx_201.npy
from_pipe() { cat v5.npy | tix run gather /dev/stdin idx_201.npy; }
check "data from a pipe (/dev/stdin)" 0 "shape [3] dtype int64
[3, 1, 2]" "" from_pipe

# ---- long results: NumPy's summary above 1000 elements -----------------------------------------

rows="[[1, 0],"
for ((i = 0; i < 498; i++)); do rows+=$'\n'" [1, 0],"; done
rows+=$'\n'" [1, 0]]"
check "1000 elements are printed whole" 0 "shape [500, 2] dtype int16
$rows" "" tix run gather_nd idx_10.npy k500_idx.npy
check "1002 elements: the first and last 3 rows" 0 "shape [501, 2] dtype int16
[[1, 0],
 [1, 0],
 [1, 0],
 ...,
 [1, 0],
 [1, 0],
 [1, 0]]" "" tix run gather_nd idx_10.npy k501_idx.npy
elided_3d="shape [200, 2, 3] dtype int8
[[[1, 2, 3],
  [4, 5, 6]],

 [[1, 2, 3],
  [4, 5, 6]],

 [[1, 2, 3],
  [4, 5, 6]],

 ...,

 [[1, 2, 3],
  [4, 5, 6]],

 [[1, 2, 3],
  [4, 5, 6]],

 [[1, 2, 3],
  [4, 5, 6]]]"
check "gather_nd with empty index tuples, 1200 elements printed in summary" 0 "$elided_3d" "" \
    tix run gather_nd kz_data.npy kz_idx.npy

# ---- --threads: the same result on 1 and 2 threads ---------------------------------------------

check "--threads 1" 0 "$elided_3d" "" tix run gather_nd kz_data.npy kz_idx.npy --threads 1
check "--threads 2" 0 "$elided_3d" "" tix run gather_nd kz_data.npy kz_idx.npy --threads 2
check_npy "--threads 1 -o" want_kz.npy out.npy tix run gather_nd kz_data.npy kz_idx.npy --threads 1 -o out.npy
check_npy "--threads=2 -o" want_kz.npy out.npy tix run gather_nd kz_data.npy kz_idx.npy --threads=2 -o out.npy
check_npy "--threads 3 -o" want_kz.npy out.npy tix run gather_nd kz_data.npy kz_idx.npy --threads 3 -o out.npy
# 18000 elements: more than one tile of work (8192 elements) for the threads to share
check "--threads 1 -o: 18000 elements" 0 "" "" \
    tix run gather_nd kz_data.npy k3000_idx.npy --threads 1 -o serial.npy
check_npy "--threads 2 -o: 18000 elements, the same bytes" serial.npy out.npy \
    tix run gather_nd kz_data.npy k3000_idx.npy --threads 2 -o out.npy
check_npy "--threads 3 -o: 18000 elements, the same bytes" serial.npy out.npy \
    tix run gather_nd kz_data.npy k3000_idx.npy --threads 3 -o out.npy
check "--threads 2: 18000 elements printed" 0 "${elided_3d/shape [200,/shape [3000,}" "" \
    tix run gather_nd kz_data.npy k3000_idx.npy --threads 2
check "--threads 2: scatter_elements ONNX example 1" 0 "$scatter_elements_example_1" "" \
    tix run scatter_elements se_data.npy se_idx.npy se_upd.npy --threads 2
check "--threads 2: --reduction mean" 0 "shape [4] dtype int32
[10, 8, 30, 22]" "" reduce --reduction mean --threads 2
check "--threads 2: gather batch_dims" 0 "shape [2, 3] dtype int32
[[1, 1, 5],
 [10, 6, 6]]" "" tix run gather g8_data.npy g8_idx.npy --axis 1 --batch-dims 1 --threads 2
check "--threads 2: gather_elements" 0 "shape [2, 3] dtype int32
[[4, 8, 3],
 [7, 2, 3]]" "" tix run gather_elements ge_data.npy ge_idx.npy --threads 2
check "--threads 2: scatter_nd" 0 "shape [8] dtype int64
[1, 11, 3, 10, 9, 6, 7, 12]" "" tix run scatter_nd snd_data.npy snd_idx.npy snd_upd.npy --threads 2

# ---- -o / --output: byte-exact .npy ------------------------------------------------------------

check_npy "-o: scatter_elements ONNX example 1 (float32)" want_se.npy out.npy \
    tix run scatter_elements se_data.npy se_idx.npy se_upd.npy -o out.npy
check_npy "--output: scatter_nd (int64)" want_snd.npy out.npy \
    tix run scatter_nd snd_data.npy snd_idx.npy snd_upd.npy --output out.npy
check_npy "--output=FILE: a scalar, shape ()" want_scalar.npy out.npy \
    tix run gather v5.npy scalar_idx.npy --output=out.npy
check_npy "-o=FILE: an empty result, shape (0,)" want_empty.npy out.npy \
    tix run gather v5.npy empty_idx.npy -o=out.npy
check_npy "-o before the files: bool" want_b1.npy out.npy tix run gather -o out.npy t_b1.npy idx_201.npy
check_npy "-o: complex128" want_c16.npy out.npy tix run gather t_c16.npy idx_10.npy -o out.npy
check_npy "-o: big-endian input written little-endian" want_be.npy out.npy \
    tix run gather be_i4.npy idx_201.npy -o out.npy
check_npy "-o: string scatter written as S3" want_S_scatter.npy out.npy \
    tix run scatter_elements t_S.npy idx_10.npy t_S2.npy -o out.npy
check_npy "-o: scatter_elements again" want_se.npy back.npy \
    tix run scatter_elements se_data.npy se_idx.npy se_upd.npy -o back.npy
check "a written .npy reads back" 0 "shape [3, 3] dtype float32
[[0, 2.1, 1.2],
 [2, 1.1, 0],
 [1, 0, 2.2]]" "" tix run gather back.npy idx_201.npy
cp red_data.npy inplace.npy
check "-o over the data file itself" 0 "" "" \
    tix run scatter_elements inplace.npy red_idx.npy red_upd.npy --reduction add -o inplace.npy
check "... which then holds the result" 0 "shape [4] dtype int32
[45, 30, 25, 10]" "" tix run gather inplace.npy idx_3210.npy
check "-o into a missing directory" 1 "" "tix: no-such-dir/out.npy: cannot create: No such file or directory" \
    tix run gather v5.npy idx_201.npy -o no-such-dir/out.npy
mkdir -p a-directory
check "-o onto a directory" 1 "" "tix: a-directory: cannot create: Is a directory" \
    tix run gather v5.npy idx_201.npy -o a-directory

# ---- usage errors: exit 2 ----------------------------------------------------------------------

check "no arguments: the usage on stderr" 2 "" "$(tix --help)" tix
check "run without OP: its usage on stderr" 2 "" "$(tix run --help)" tix run
check "onnx-test without PATH: its usage on stderr" 2 "" "$(tix onnx-test --help)" tix onnx-test
check "unknown command" 2 "" "tix: unknown command 'frob' (see tix --help)" tix frob
check "unknown command 'version'" 2 "" "tix: unknown command 'version' (see tix --help)" tix version
check "unknown OP" 2 "" \
    "tix: unknown operation 'take': gather, scatter, gather_elements, scatter_elements, gather_nd or scatter_nd" \
    tix run take v5.npy idx_201.npy
check "unknown option" 2 "" "tix: unknown option '--bogus' (see tix run --help)" \
    tix run gather --bogus 1 v5.npy idx_201.npy
check "unknown option, --flag=value form" 2 "" "tix: unknown option '--bogus' (see tix run --help)" \
    tix run gather v5.npy idx_201.npy --bogus=1
check "unknown option last on the line" 2 "" "tix: unknown option '--bogus' (see tix run --help)" \
    tix run gather v5.npy idx_201.npy --bogus
check "unknown short option last on the line" 2 "" "tix: unknown option '-x' (see tix run --help)" \
    tix run gather v5.npy idx_201.npy -x
check "unknown long option" 2 "" \
    "tix: unknown option '--a-very-long-option-name-that-exceeds-the-buffer' (see tix run --help)" \
    tix run gather v5.npy idx_201.npy --a-very-long-option-name-that-exceeds-the-buffer=1
check "missing option value: --axis" 2 "" "tix: --axis needs a value" tix run gather v5.npy idx_201.npy --axis
check "missing option value: -o" 2 "" "tix: -o needs a value" tix run gather v5.npy idx_201.npy -o
check "missing option value: --fill" 2 "" "tix: --fill needs a value" tix run gather v5.npy idx_201.npy --fill
check "bad integer: --axis x" 2 "" "tix: --axis takes an integer, not 'x'" tix run gather v5.npy idx_201.npy --axis x
check "bad integer: --axis=" 2 "" "tix: --axis takes an integer, not ''" tix run gather v5.npy idx_201.npy --axis=
check "bad integer: --axis 1x" 2 "" "tix: --axis takes an integer, not '1x'" tix run gather v5.npy idx_201.npy --axis 1x
check "bad integer: --axis beyond int64" 2 "" "tix: --axis takes an integer, not '99999999999999999999'" \
    tix run gather v5.npy idx_201.npy --axis 99999999999999999999
check "bad integer: --batch-dims 1.5" 2 "" "tix: --batch-dims takes an integer, not '1.5'" \
    tix run gather v5.npy idx_201.npy --batch-dims 1.5
check "bad integer: --threads two" 2 "" "tix: --threads takes an integer, not 'two'" \
    tix run gather v5.npy idx_201.npy --threads two
check "bad --reduction" 2 "" "tix: --reduction takes none, add, sub, mul, min, max or mean, not 'avg'" \
    tix run scatter sc_data.npy sc_idx.npy sc_upd.npy --reduction avg
check "bad --reduction (case)" 2 "" "tix: --reduction takes none, add, sub, mul, min, max or mean, not 'Add'" \
    tix run scatter sc_data.npy sc_idx.npy sc_upd.npy --reduction=Add
check "bad --negative" 2 "" "tix: --negative takes wrap or out-of-range, not 'clamp'" \
    tix run gather v5.npy idx_201.npy --negative clamp
check "bad --out-of-range" 2 "" "tix: --out-of-range takes error, ignore, clamp or wrap, not 'skip'" \
    tix run gather v5.npy idx_201.npy --out-of-range skip
check "bad --accumulate" 2 "" "tix: --accumulate takes in-order or chunked, not 'sideways'" \
    tix run scatter_elements acc_data.npy acc_idx.npy acc_upd.npy --reduction add --accumulate sideways
check "bad --accumulate (case)" 2 "" "tix: --accumulate takes in-order or chunked, not 'Chunked'" \
    tix run scatter_elements acc_data.npy acc_idx.npy acc_upd.npy --accumulate=Chunked
check "missing option value: --accumulate" 2 "" "tix: --accumulate needs a value" \
    tix run scatter_elements acc_data.npy acc_idx.npy acc_upd.npy --accumulate
check "--threads 0" 2 "" "tix: --threads takes a count from 1 to 1024, not 0" \
    tix run gather v5.npy idx_201.npy --threads 0
check "--threads -1" 2 "" "tix: --threads takes a count from 1 to 1024, not -1" \
    tix run gather v5.npy idx_201.npy --threads -1
check "--threads 1025" 2 "" "tix: --threads takes a count from 1 to 1024, not 1025" \
    tix run gather v5.npy idx_201.npy --threads=1025
check "gather with 1 file" 2 "" "tix: gather takes 2 files (DATA INDICES), got 1" tix run gather v5.npy
check "gather with 3 files" 2 "" "tix: gather takes 2 files (DATA INDICES), got 3" \
    tix run gather v5.npy idx_201.npy idx_201.npy
check "scatter with 2 files" 2 "" "tix: scatter takes 3 files (DATA INDICES UPDATES), got 2" \
    tix run scatter sc_data.npy sc_idx.npy
check "gather_nd with 0 files" 2 "" "tix: gather_nd takes 2 files (DATA INDICES), got 0" \
    tix run gather_nd --batch-dims 0
check "4 files" 2 "" "tix: too many input files (at most DATA, INDICES and UPDATES)" \
    tix run scatter_nd a.npy b.npy c.npy d.npy
check "--axis with gather_nd" 2 "" "tix: --axis does not apply to gather_nd" \
    tix run gather_nd gnd_data.npy gnd_idx1.npy --axis 0
check "--axis with scatter_nd" 2 "" "tix: --axis does not apply to scatter_nd" \
    tix run scatter_nd snd_data.npy snd_idx.npy snd_upd.npy --axis=0
check "--batch-dims with gather_elements" 2 "" "tix: --batch-dims does not apply to gather_elements" \
    tix run gather_elements ge_data.npy ge_idx.npy --batch-dims 0
check "--batch-dims with scatter_elements" 2 "" "tix: --batch-dims does not apply to scatter_elements" \
    tix run scatter_elements se_data.npy se_idx.npy se_upd.npy --batch-dims 0
check "--fill with scatter" 2 "" "tix: --fill does not apply to scatter" \
    tix run scatter sc_data.npy sc_idx.npy sc_upd.npy --fill 0
check "--fill with scatter_elements" 2 "" "tix: --fill does not apply to scatter_elements" \
    tix run scatter_elements se_data.npy se_idx.npy se_upd.npy --out-of-range ignore --fill 1
check "--reduction with gather" 2 "" "tix: --reduction does not apply to gather" \
    tix run gather v5.npy idx_201.npy --reduction add
check "--reduction with gather_nd" 2 "" "tix: --reduction does not apply to gather_nd" \
    tix run gather_nd gnd_data.npy gnd_idx1.npy --reduction=max
check "--reduction none with gather" 2 "" "tix: --reduction does not apply to gather" \
    tix run gather v5.npy idx_201.npy --reduction none
check "--exclude-self with a value" 2 "" "tix: --exclude-self takes no value" \
    tix run scatter_elements v5.npy idx_201.npy v5.npy --exclude-self=1
check "--exclude-self with gather_elements" 2 "" "tix: --exclude-self does not apply to gather_elements" \
    tix run gather_elements ge_data.npy ge_idx.npy --exclude-self
check "--accumulate with gather" 2 "" "tix: --accumulate does not apply to gather" \
    tix run gather v5.npy idx_201.npy --accumulate chunked
check "--accumulate in-order with gather_nd" 2 "" "tix: --accumulate does not apply to gather_nd" \
    tix run gather_nd gnd_data.npy gnd_idx1.npy --accumulate=in-order
check "bad --fill for int64" 2 "" \
    "tix: --fill abc: not a number of that type or outside its range (data is int64)" \
    tix run gather v5.npy oor_idx.npy --out-of-range ignore --fill abc
check "bad --fill: 300 for int8" 2 "" \
    "tix: --fill 300: not a number of that type or outside its range (data is int8)" \
    tix run gather t_i1.npy oor_idx.npy --out-of-range ignore --fill 300
check "bad --fill: -1 for uint64" 2 "" \
    "tix: --fill -1: not a number of that type or outside its range (data is uint64)" \
    tix run gather t_u8.npy oor_idx.npy --out-of-range ignore --fill -1
check "bad --fill: 1.5x for float32" 2 "" \
    "tix: --fill 1.5x: not a number of that type or outside its range (data is float32)" \
    tix run gather g_data.npy oor_idx.npy --out-of-range ignore --fill 1.5x
check "bad --fill: 1.5 for int64" 2 "" \
    "tix: --fill 1.5: not a number of that type or outside its range (data is int64)" \
    tix run gather v5.npy oor_idx.npy --out-of-range ignore --fill 1.5
check "bad --fill for bool" 2 "" "tix: --fill yes: not true, false, 1 or 0 (data is bool)" \
    tix run gather t_b1.npy oor_idx.npy --out-of-range ignore --fill yes
check "bad --fill for complex64" 2 "" \
    "tix: --fill 1+2: not a complex number such as 1.5, 2j or 1.5-2j (data is complex64)" \
    tix run gather t_c8.npy oor_idx.npy --out-of-range ignore --fill 1+2

# ---- operation errors: exit 1 ------------------------------------------------------------------

check "mismatched shapes: updates" 1 "" \
    "tix: scatter_elements: updates: shape [1, 2] should be [2, 3] for scatter_elements" \
    tix run scatter_elements se_data.npy se_idx.npy se2_upd.npy
check "mismatched dtypes: updates" 1 "" \
    "tix: scatter_elements: updates: dtype float32 differs from data's int32" \
    tix run scatter_elements red_data.npy red_idx.npy red_updf.npy
check "--axis out of range" 1 "" "tix: gather: axis: 2 is outside [-2, 1] for data of rank 2" \
    tix run gather g_data.npy g_idx.npy --axis 2
check "--batch-dims out of range" 1 "" \
    "tix: gather: batch_dims: 3 is outside [-2, 2] for indices of rank 2" \
    tix run gather g8_data.npy g8_idx.npy --axis 1 --batch-dims 3
check "float indices" 1 "" \
    "tix: gather: indices: dtype float32 is not an integer index type (int8..int64, uint8..uint64)" \
    tix run gather v5.npy float_idx.npy
check "--reduction mean on bool" 1 "" \
    "tix: scatter_elements: options: reduction mean is not defined for dtype bool" \
    tix run scatter_elements t_b1.npy idx_201.npy t_b1.npy --reduction mean
check "--reduction add on strings" 1 "" \
    "tix: scatter_elements: options: reduction add is not defined for dtype string" \
    tix run scatter_elements t_S.npy idx_10.npy t_S2.npy --reduction add
check "missing file" 1 "" "tix: missing.npy: cannot open: No such file or directory" \
    tix run gather missing.npy idx_201.npy
check "missing updates file" 1 "" "tix: missing.npy: cannot open: No such file or directory" \
    tix run scatter sc_data.npy sc_idx.npy missing.npy
check "malformed .npy: truncated data" 1 "" \
    "tix: bad_truncated.npy: truncated: header says 4 elements of 4 bytes (16 bytes) but only 12 bytes follow the header" \
    tix run gather bad_truncated.npy idx_10.npy
check "malformed .npy: bad magic" 1 "" "tix: bad_magic.npy: not a .npy file (bad magic)" \
    tix run gather bad_magic.npy idx_10.npy
check "malformed .npy: oversized header length" 1 "" \
    "tix: bad_header_length.npy: truncated: header length is 65535 bytes but only 58 bytes follow it" \
    tix run gather bad_header_length.npy idx_10.npy
check "malformed .npy: unsupported dtype '<U5'" 1 "" "tix: bad_unicode.npy: unsupported dtype '<U5'" \
    tix run gather bad_unicode.npy idx_10.npy
check "malformed .npy: shape/size mismatch" 1 "" \
    "tix: bad_size.npy: size mismatch: header says 2 elements of 4 bytes (8 bytes) but 12 bytes follow the header" \
    tix run gather bad_size.npy idx_10.npy
check "malformed .npy: 3-byte file" 1 "" \
    "tix: bad_short.npy: not a .npy file (3 bytes, too short for the magic)" \
    tix run gather bad_short.npy idx_10.npy
check "malformed .npy: format version 9.0" 1 "" \
    "tix: bad_version.npy: unsupported .npy format version 9.0 (1.0, 2.0 and 3.0 are supported)" \
    tix run gather bad_version.npy idx_10.npy
check "malformed .npy: shape not a tuple" 1 "" \
    "tix: bad_shape.npy: malformed header: 'shape' is not a tuple (write (n,) for one dimension)" \
    tix run gather bad_shape.npy idx_10.npy
check "malformed indices file" 1 "" "tix: bad_magic.npy: not a .npy file (bad magic)" \
    tix run gather v5.npy bad_magic.npy
check "malformed updates file" 1 "" \
    "tix: bad_truncated.npy: truncated: header says 4 elements of 4 bytes (16 bytes) but only 12 bytes follow the header" \
    tix run scatter_elements red_data.npy red_idx.npy bad_truncated.npy

# ---- help and version --------------------------------------------------------------------------

check_first "tix --help" 0 stdout "usage: tix COMMAND [ARGS...]" tix --help
check_first "tix -h" 0 stdout "usage: tix COMMAND [ARGS...]" tix -h
check_first "tix run --help" 0 stdout \
    "usage: tix run OP [options] DATA.npy INDICES.npy [UPDATES.npy] [-o OUT.npy]" tix run --help
check_first "tix run gather -h (help wins over the rest)" 0 stdout \
    "usage: tix run OP [options] DATA.npy INDICES.npy [UPDATES.npy] [-o OUT.npy]" \
    tix run gather --axis 9 -h
check_first "tix onnx-test --help" 0 stdout "usage: tix onnx-test [-v] PATH..." tix onnx-test --help
check "tix --version" 0 "tix 0.1.0" "" tix --version

# ---- onnx-test: usage errors only (the node tests are run elsewhere) -----------------------------

check "onnx-test: a path that does not exist" 2 "" \
    "tix: no-such-test: not an ONNX node test (no model.onnx) nor a folder of them" \
    tix onnx-test no-such-test
mkdir -p not-a-test
check "onnx-test: a folder holding no test" 2 "" \
    "tix: not-a-test: not an ONNX node test (no model.onnx) nor a folder of them" \
    tix onnx-test not-a-test
check "onnx-test: a file" 2 "" \
    "tix: v5.npy: not an ONNX node test (no model.onnx) nor a folder of them" tix onnx-test v5.npy
check "onnx-test: unknown option" 2 "" "tix: unknown option '--bogus' (see tix onnx-test --help)" \
    tix onnx-test --bogus not-a-test

# ---- bench: the JSON of a quick run of one workload (its figures are timings: only their -------
# ---- relations are checked) ---------------------------------------------------------------------

# figure KEY FILE: the number after "KEY": on the first line of FILE holding it; for a map of
# thread counts ({"1": .., ...}), the figure of 1 thread.
figure() {
    sed -n "s/.*\"$1\": {*\(\"1\": \)*\([0-9.e+-]*\).*/\2/p" "$2" | head -n 1
}

tix bench --quick gather_rows_small --json bench.json >got.out 2>got.err
got=$?
: >problems
status 0 "$got"
grep '"workload": "gather_rows_small", "threads": 1,' bench.json >row.json
floor=$(figure stream_gbps bench.json)
streaming=$(figure stream_streaming_gbps bench.json)
ordinary=$(figure stream_store_loop_gbps bench.json)
median=$(figure median_ms row.json)
bytes=$(figure effective_bytes row.json)
x=$(figure x_stream row.json)
if [ -z "$floor" ] || [ -z "$streaming" ] || [ -z "$ordinary" ] || [ -z "$x" ]; then
    echo "#   bench.json lacks a copy rate or the workload's row:" >>problems
    show bench.json >>problems
else
    # the floor is the faster copy, and x stream = time / (bytes / floor)
    awk -v floor="$floor" -v s="$streaming" -v o="$ordinary" -v ms="$median" -v bytes="$bytes" \
        -v x="$x" 'BEGIN {
        want = ms / 1e3 / (bytes / (floor * 1e9))
        if (floor != (s > o ? s : o))
            print "#   stream_gbps " floor " is not the faster of " s " and " o
        if (x < want * 0.999 || x > want * 1.001)
            print "#   x_stream " x " is not time / (bytes / floor) = " want
    }' >>problems
fi
floor_line='STREAM copy (c\[i\] = a\[i\], 2 x 256 MiB float32, read + write bytes), the floor: 1 thread '
grep -q "^$floor_line" got.out ||
    echo "#   the table does not name the floor" >>problems
verdict "bench --quick --json: the floor is the faster copy, x stream is relative to it"

# --huge-pages: said in the table's head and in the JSON (which pages the kernel gave is its own
# affair); a plain run says neither
: >problems
grep -q '"huge_pages": false,' bench.json ||
    echo "#   a plain run's JSON lacks huge_pages false" >>problems
! grep -q '^pages:' got.out || echo "#   a plain run names its pages" >>problems
tix bench --quick --huge-pages gather_rows_small --json huge.json >got.out 2>got.err
got=$?
if grep -q 'no advice for transparent huge pages' got.err; then
    status 1 "$got" # (a system without MADV_HUGEPAGE)
else
    status 0 "$got"
    grep -q '"huge_pages": true,' huge.json || echo "#   huge.json lacks huge_pages true" >>problems
    grep -q '"workload": "gather_rows_small", "threads": 1,' huge.json ||
        echo "#   huge.json lacks the workload's row" >>problems
    pages_line="pages: buffers of 4 MiB or more advised for transparent huge pages (the system's "
    grep -q "^$pages_line" got.out || echo "#   the table's head does not name the pages" >>problems
fi
verdict "bench --quick --huge-pages: the buffers' advice named in the table and the JSON"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
