#!/usr/bin/env bash
# make demo: the worked examples of the five specification pages tix started from, run with the
# tix tool on the .npy files in examples/data/. Prints each command and its result, and fails
# if a result differs from the page's expected output.
#   bash examples/demo.sh PATH/TO/tix
set -u
case $1 in # the examples run in the data folder: make the tool's path absolute first
    /*) tix=$1 ;;
    *) tix=$PWD/$1 ;;
esac
data=$(cd "$(dirname "$0")/data" && pwd)
failed=0

# example TITLE EXPECTED ARGS...: runs `tix run ARGS...` in the data folder, shows it, checks it.
example() {
    local title=$1 expected=$2
    shift 2
    echo "== $title"
    echo "\$ tix run $*"
    local got
    got=$(cd "$data" && "$tix" run "$@" 2>&1)
    echo "$got"
    if [ "$got" != "$expected" ]; then
        echo "!! the page says:"
        echo "$expected"
        failed=$((failed + 1))
    fi
    echo
}

example "ONNX Gather-13, example 1 (axis 0)" "shape [2, 2, 2] dtype float32
[[[1, 1.2],
  [2.3, 3.4]],

 [[2.3, 3.4],
  [4.5, 5.7]]]" gather gather1_data.npy gather1_indices.npy

example "ONNX Gather-13, example 2 (axis 1)" "shape [3, 1, 2] dtype float32
[[[1, 1.9]],

 [[2.3, 3.9]],

 [[4.5, 5.9]]]" gather --axis 1 gather2_data.npy gather2_indices.npy

example "ONNX Scatter-9/11, example 1" "shape [3, 3] dtype float32
[[2, 1.1, 0],
 [1, 0, 2.2],
 [0, 2.1, 1.2]]" scatter_elements scatter1_data.npy scatter1_indices.npy scatter1_updates.npy

example "ONNX Scatter-9/11, example 2 (axis 1)" "shape [1, 5] dtype float32
[[1, 1.1, 3, 2.1, 5]]" scatter_elements --axis 1 scatter2_data.npy scatter2_indices.npy scatter2_updates.npy

example "OpenVINO ScatterNDUpdate-3, example 1" "shape [8] dtype float32
[1, 11, 3, 10, 9, 6, 7, 12]" scatter_nd scatternd1_data.npy scatternd1_indices.npy scatternd1_updates.npy

example "OpenVINO ScatterNDUpdate-3, example 2" "shape [4, 4, 4] dtype float32
[[[5, 5, 5, 5],
  [6, 6, 6, 6],
  [7, 7, 7, 7],
  [8, 8, 8, 8]],

 [[1, 2, 3, 4],
  [5, 6, 7, 8],
  [8, 7, 6, 5],
  [4, 3, 2, 1]],

 [[1, 1, 1, 1],
  [2, 2, 2, 2],
  [3, 3, 3, 3],
  [4, 4, 4, 4]],

 [[8, 7, 6, 5],
  [4, 3, 2, 1],
  [1, 2, 3, 4],
  [5, 6, 7, 8]]]" scatter_nd scatternd2_data.npy scatternd2_indices.npy scatternd2_updates.npy

example "OpenVINO GatherElements-6, example 1 (axis 0)" "shape [2, 2] dtype float32
[[1, 4],
 [1, 2]]" gather_elements gatherelements1_data.npy gatherelements1_indices.npy

example "OpenVINO GatherElements-6, example 2 (axis 1, indices larger than data)" "shape [2, 3] dtype float32
[[7, 7, 1],
 [3, 4, 3]]" gather_elements --axis 1 gatherelements2_data.npy gatherelements2_indices.npy

example "OpenVINO GatherElements-6, example 3 (axis 0, indices smaller than data)" "shape [2, 3] dtype float32
[[4, 2, 6],
 [4, 8, 3]]" gather_elements gatherelements3_data.npy gatherelements3_indices.npy

example "DirectML DML_SCATTER_OPERATOR_DESC, example 1 (duplicate index 3: the last update wins)" "shape [5] dtype float32
[8, 6, 2, 7, 4]" scatter_elements dmlscatter1_data.npy dmlscatter1_indices.npy dmlscatter1_updates.npy

example "DirectML DML_SCATTER_OPERATOR_DESC, example 2 (3x3 data, as the page shows)" "shape [3, 3] dtype float32
[[20, 11, 0],
 [10, 0, 22],
 [0, 21, 12]]" scatter_elements dmlscatter2_data.npy dmlscatter2_indices.npy dmlscatter2_updates.npy

if [ "$failed" -gt 0 ]; then
    echo "demo: $failed example(s) differ from their page"
    exit 1
fi
echo "demo: all 11 examples match their specification pages"
