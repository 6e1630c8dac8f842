#!/bin/bash
# Writes the .npy files of tests/cli/data (inputs, expected outputs, malformed files) into the
# directory of this script. Run once by hand (bash make_data.sh); the files are committed.
# Needs only bash and xxd. Float elements are given as their IEEE bit patterns (value in the
# comment next to them).
set -eu
cd "$(dirname "$0")"

# le WIDTH V...: each V (decimal or 0x.., may be negative) as WIDTH little-endian bytes, in hex.
le() {
    local width=$1 v i hex out=""
    shift
    for v in "$@"; do
        hex=$(printf '%016x' $((v)))
        hex=${hex:16-2*width}
        for ((i = 2 * width - 2; i >= 0; i -= 2)); do out+=${hex:i:2}; done
    done
    printf '%s' "$out"
}

# be WIDTH V...: the same, big-endian.
be() {
    local width=$1 v hex out=""
    shift
    for v in "$@"; do
        hex=$(printf '%016x' $((v)))
        out+=${hex:16-2*width}
    done
    printf '%s' "$out"
}

# str WIDTH S...: each S as WIDTH bytes, NUL-padded ('S<WIDTH>' elements), in hex.
str() {
    local width=$1 s hex out=""
    shift
    for s in "$@"; do
        hex=$(printf '%s' "$s" | xxd -p | tr -d '\n')
        while ((${#hex} < 2 * width)); do hex+=00; done
        out+=$hex
    done
    printf '%s' "$out"
}

# hexof TEXT: TEXT's bytes in hex.
hexof() { printf '%s' "$1" | xxd -p | tr -d '\n'; }

# header DESCR SHAPE [FORTRAN [VERSION]]: preamble and header dict as numpy writes them (padded
# with spaces and a newline so that the data starts at a multiple of 64), in hex.
header() {
    local dict="{'descr': '$1', 'fortran_order': ${3:-False}, 'shape': $2, }"
    local version=${4:-1} preamble=10 pad
    ((version == 1)) || preamble=12
    local total=$(((preamble + ${#dict} + 1 + 63) / 64 * 64))
    pad=$(printf '%*s' $((total - preamble - ${#dict} - 1)) '')
    printf '934e554d5059%02x00%s%s%s0a' "$version" \
        "$(le $((preamble - 8)) $((total - preamble)))" "$(hexof "$dict")" "$(hexof "$pad")"
}

# npy FILE DESCR SHAPE DATA_HEX: a well-formed version 1.0 file.
npy() { printf '%s%s' "$(header "$2" "$3")" "$4" | xxd -r -p >"$1"; }

# raw FILE HEX: any bytes.
raw() { printf '%s' "$2" | xxd -r -p >"$1"; }

# ---- inputs -------------------------------------------------------------------------------
# ONNX Gather example 1: [[1.0, 1.2], [2.3, 3.4], [4.5, 5.7]], indices [[0, 1], [1, 2]]
npy g_data.npy '<f4' '(3, 2)' "$(le 4 0x3f800000 0x3f99999a 0x40133333 0x4059999a 0x40900000 0x40b66666)"
npy g_idx.npy '<i8' '(2, 2)' "$(le 8 0 1 1 2)"
# ONNX Gather example 2: [[1.0, 1.2, 1.9], [2.3, 3.4, 3.9], [4.5, 5.7, 5.9]], indices [[0, 2]]
npy g2_data.npy '<f4' '(3, 3)' "$(le 4 0x3f800000 0x3f99999a 0x3ff33333 0x40133333 0x4059999a \
    0x4079999a 0x40900000 0x40b66666 0x40bccccd)"
npy g2_idx.npy '<i8' '(1, 2)' "$(le 8 0 2)"
# OpenVINO Gather-8 batch_dims example: [[1..5], [6..10]], indices [[0, 0, 4], [4, 0, 0]]
npy g8_data.npy '<i4' '(2, 5)' "$(le 4 1 2 3 4 5 6 7 8 9 10)"
npy g8_idx.npy '<i4' '(2, 3)' "$(le 4 0 0 4 4 0 0)"
# A vector and indices with negative and out-of-range entries
npy v5.npy '<i8' '(5,)' "$(le 8 1 2 3 4 5)"
npy oor_idx.npy '<i8' '(3,)' "$(le 8 0 7 -1)"
npy neg_idx.npy '<i8' '(3,)' "$(le 8 0 -2 -1)"
npy scalar_idx.npy '<i8' '()' "$(le 8 2)"
npy empty_idx.npy '<i8' '(0,)' ''
npy u64max_idx.npy '<u8' '(1,)' "$(le 8 0xffffffffffffffff)"
npy float_idx.npy '<f4' '(1,)' "$(le 4 0)"
# ONNX GatherElements example 2 (data [[1, 2, 3], [4, 5, 6], [7, 8, 9]]) and example 3
npy ge_data.npy '<i4' '(3, 3)' "$(le 4 1 2 3 4 5 6 7 8 9)"
npy ge_idx.npy '<i8' '(2, 3)' "$(le 8 1 2 0 2 0 0)"
npy ge_idx_neg.npy '<i8' '(2, 3)' "$(le 8 -1 -2 0 -2 0 0)"
# ONNX ScatterElements example 1: zeros (3, 3), indices [[1, 0, 2], [0, 2, 1]],
# updates [[1.0, 1.1, 1.2], [2.0, 2.1, 2.2]]
npy se_data.npy '<f4' '(3, 3)' "$(le 4 0 0 0 0 0 0 0 0 0)"
npy se_idx.npy '<i8' '(2, 3)' "$(le 8 1 0 2 0 2 1)"
npy se_upd.npy '<f4' '(2, 3)' "$(le 4 0x3f800000 0x3f8ccccd 0x3f99999a 0x40000000 0x40066666 0x400ccccd)"
# ONNX ScatterElements example 2: [[1, 2, 3, 4, 5]], indices [[1, 3]], updates [[1.1, 2.1]]
npy se2_data.npy '<f4' '(1, 5)' "$(le 4 0x3f800000 0x40000000 0x40400000 0x40800000 0x40a00000)"
npy se2_idx.npy '<i8' '(1, 2)' "$(le 8 1 3)"
npy se2_upd.npy '<f4' '(1, 2)' "$(le 4 0x3f8ccccd 0x40066666)"
# Reductions: data [10, 20, 30, 40], indices [1, 1, 3], updates [2, 3, 5]
npy red_data.npy '<i4' '(4,)' "$(le 4 10 20 30 40)"
npy red_idx.npy '<i8' '(3,)' "$(le 8 1 1 3)"
npy red_upd.npy '<i4' '(3,)' "$(le 4 2 3 5)"
npy red_updf.npy '<f4' '(3,)' "$(le 4 0x40000000 0x40400000 0x40a00000)"
# Accumulation order: data [0.0], 32 indices 0, updates [2^24, fifteen 0.0, sixteen 1.0]: two
# chunks of 16 (tix.h, "Reductions"); in order each +1 rounds back to 2^24, chunked adds 16
npy acc_data.npy '<f4' '(1,)' "$(le 4 0)"
npy acc_idx.npy '<i8' '(32,)' "$(le 8 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0)"
npy acc_upd.npy '<f4' '(32,)' "$(le 4 0x4b800000 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
    0x3f800000 0x3f800000 0x3f800000 0x3f800000 0x3f800000 0x3f800000 0x3f800000 0x3f800000 \
    0x3f800000 0x3f800000 0x3f800000 0x3f800000 0x3f800000 0x3f800000 0x3f800000 0x3f800000)"
# ONNX ScatterND example 1: [1..8], indices [[4], [3], [1], [7]], updates [9, 10, 11, 12]
npy snd_data.npy '<i8' '(8,)' "$(le 8 1 2 3 4 5 6 7 8)"
npy snd_idx.npy '<i8' '(4, 1)' "$(le 8 4 3 1 7)"
npy snd_upd.npy '<i8' '(4,)' "$(le 8 9 10 11 12)"
# scatter_nd with batch_dims 1: [[1, 2, 3], [4, 5, 6]], indices [[[2]], [[0]]], updates [[30], [40]]
npy sndb_data.npy '<i4' '(2, 3)' "$(le 4 1 2 3 4 5 6)"
npy sndb_idx.npy '<i8' '(2, 1, 1)' "$(le 8 2 0)"
npy sndb_upd.npy '<i4' '(2, 1)' "$(le 4 30 40)"
# ONNX GatherND examples 1, 2 and 5 (batch_dims 1)
npy gnd_data.npy '<i4' '(2, 2)' "$(le 4 0 1 2 3)"
npy gnd_idx1.npy '<i8' '(2, 2)' "$(le 8 0 0 1 1)"
npy gnd_idx2.npy '<i8' '(2, 1)' "$(le 8 1 0)"
npy gndb_data.npy '<i4' '(2, 2, 2)' "$(le 4 0 1 2 3 4 5 6 7)"
npy gndb_idx.npy '<i8' '(2, 1)' "$(le 8 1 0)"
# gather_nd with empty index tuples: (200, 0) indices take the whole (2, 3) data 200 times
npy kz_data.npy '|i1' '(2, 3)' "$(le 1 1 2 3 4 5 6)"
npy kz_idx.npy '<i8' '(200, 0)' ''
# and (500, 0) / (501, 0) indices on a (2,) vector: 1000 elements (printed whole), 1002 (elided)
npy k500_idx.npy '<i8' '(500, 0)' ''
npy k501_idx.npy '<i8' '(501, 0)' ''
# and (3000, 0) indices on kz_data: 18000 elements, more than one 8192-element tile of work
npy k3000_idx.npy '<i8' '(3000, 0)' ''
# scatter (ScatterUpdate): [[1, 2], [3, 4], [5, 6]], indices [2, 0], updates [[10, 20], [30, 40]]
npy sc_data.npy '<i4' '(3, 2)' "$(le 4 1 2 3 4 5 6)"
npy sc_idx.npy '<i8' '(2,)' "$(le 8 2 0)"
npy sc_upd.npy '<i4' '(2, 2)' "$(le 4 10 20 30 40)"
# scatter with batch_dims 1 on g8_data: indices [[0, 4], [1, 1]], updates [[100, 500], [70, 80]]
npy scb_idx.npy '<i8' '(2, 2)' "$(le 8 0 4 1 1)"
npy scb_upd.npy '<i4' '(2, 2)' "$(le 4 100 500 70 80)"
# One vector per dtype, and index vectors of other index dtypes
npy t_i1.npy '|i1' '(3,)' "$(le 1 -128 127 -1)"
npy t_u8.npy '<u8' '(3,)' "$(le 8 0xffffffffffffffff 0 42)"
npy t_b1.npy '|b1' '(3,)' "$(le 1 1 0 0)"
npy t_f2.npy '<f2' '(4,)' "$(le 2 0x2e66 0x7bff 0xfc00 0x7e00)"         # 0.1 65504 -inf nan
npy t_f8.npy '<f8' '(3,)' "$(le 8 0x3fb999999999999a 0x7e37e43c8800759c 0xc004000000000000)" # 0.1 1e300 -2.5
npy t_c8.npy '<c8' '(3,)' "$(le 4 0x3f800000 0x40000000 0xbf000000 0xbf800000 0 0x40400000)" # 1+2j -0.5-1j 0+3j
npy t_c16.npy '<c16' '(2,)' "$(le 8 0x3ff8000000000000 0xc000000000000000 0 0x3fb999999999999a)" # 1.5-2j 0+0.1j
npy t_S.npy '|S5' '(3,)' "$(str 5 apple kiwi fig)"
npy t_S2.npy '|S2' '(2,)' "$(str 2 x yz)"
npy t_u2.npy '<u2' '(2,)' "$(le 2 65535 7)"
npy idx_201.npy '|u1' '(3,)' "$(le 1 2 0 1)"
npy idx_3210.npy '<u2' '(4,)' "$(le 2 3 2 1 0)"
npy idx_10.npy '<i2' '(2,)' "$(le 2 1 0)"
# Readers' corner cases: big-endian, Fortran order, format version 2.0
npy be_i4.npy '>i4' '(3,)' "$(be 4 1 256 -2)"
printf '%s%s' "$(header '<i4' '(2, 3)' True)" "$(le 4 1 4 2 5 3 6)" | xxd -r -p >fortran_i4.npy
printf '%s%s' "$(header '<i4' '(3,)' False 2)" "$(le 4 7 8 9)" | xxd -r -p >v2_i4.npy

# ---- malformed files ----------------------------------------------------------------------
raw bad_magic.npy "$(header '<i4' '(2,)' | sed 's/^934e554d5059/934e554d505a/')$(le 4 1 2)"
npy bad_truncated.npy '<i4' '(4,)' "$(le 4 1 2 3)"
npy bad_size.npy '<i4' '(2,)' "$(le 4 1 2 3)"
npy bad_unicode.npy '<U5' '(1,)' "$(le 4 0x61 0x62 0x63 0x64 0x65)"
raw bad_header_length.npy "934e554d50590100ffff$(hexof "{'descr': '<i4', 'fortran_order': False, 'shape': (1,), }")0a"
raw bad_short.npy 934e55
raw bad_version.npy "$(header '<i4' '(2,)' | sed 's/^934e554d50590100/934e554d50590900/')$(le 4 1 2)"
npy bad_shape.npy '<i4' '3' "$(le 4 1 2 3)"

# ---- expected outputs (-o) ----------------------------------------------------------------
# ScatterElements example 1: [[2.0, 1.1, 0], [1.0, 0, 2.2], [0, 2.1, 1.2]]
npy want_se.npy '<f4' '(3, 3)' "$(le 4 0x40000000 0x3f8ccccd 0 0x3f800000 0 0x400ccccd 0 0x40066666 0x3f99999a)"
# gather of v5 by the scalar 2: 3, shape ()
npy want_scalar.npy '<i8' '()' "$(le 8 3)"
# gather of t_S by [0, 7, -1] ignoring 7 with the fill "longer_text": written as 'S11'
npy want_S_fill.npy '|S11' '(3,)' "$(str 11 apple longer_text fig)"
# gather of t_b1 by [2, 0, 1]: [false, true, false]
npy want_b1.npy '|b1' '(3,)' "$(le 1 0 1 0)"
# gather of t_c16 by [1, 0]: [0+0.1j, 1.5-2j]
npy want_c16.npy '<c16' '(2,)' "$(le 8 0 0x3fb999999999999a 0x3ff8000000000000 0xc000000000000000)"
# scatter_nd example 1: [1, 11, 3, 10, 9, 6, 7, 12]
npy want_snd.npy '<i8' '(8,)' "$(le 8 1 11 3 10 9 6 7 12)"
# gather_nd of kz_data by kz_idx: (200, 2, 3), [[1, 2, 3], [4, 5, 6]] 200 times
npy want_kz.npy '|i1' '(200, 2, 3)' "$(for ((i = 0; i < 200; i++)); do le 1 1 2 3 4 5 6; done)"
# gather of the big-endian file by [2, 0, 1]: [-2, 1, 256], written little-endian
npy want_be.npy '<i4' '(3,)' "$(le 4 -2 1 256)"
# empty gather: shape (0,)
npy want_empty.npy '<i8' '(0,)' ''
# scatter_elements of t_S by idx_10 ([1, 0]) with t_S2: ["yz", "x", "fig"], written as 'S3'
npy want_S_scatter.npy '|S3' '(3,)' "$(str 3 yz x fig)"
