#!/usr/bin/env python3
"""Writes the .npy inputs of `make demo`: the worked examples of the five specification pages
tix started from. Standard library only (no NumPy): `python3 make_data.py` in this folder."""
import struct

def npy(name, descr, shape, values):
    fmt = {"<f4": "f", "<i8": "q", "<u4": "I"}[descr]
    dims = "(%s)" % ("%d," % shape[0] if len(shape) == 1 else ", ".join(map(str, shape)))
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, dims)
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    with open(name, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))

# ONNX Gather (Gather-1/11/13 pages), examples 1 (axis 0) and 2 (axis 1)
npy("gather1_data.npy", "<f4", (3, 2), [1.0, 1.2, 2.3, 3.4, 4.5, 5.7])
npy("gather1_indices.npy", "<i8", (2, 2), [0, 1, 1, 2])
npy("gather2_data.npy", "<f4", (3, 3), [1.0, 1.2, 1.9, 2.3, 3.4, 3.9, 4.5, 5.7, 5.9])
npy("gather2_indices.npy", "<i8", (1, 2), [0, 2])
# ONNX Scatter-9/11 (= ScatterElements), examples 1 and 2
npy("scatter1_data.npy", "<f4", (3, 3), [0.0] * 9)
npy("scatter1_indices.npy", "<i8", (2, 3), [1, 0, 2, 0, 2, 1])
npy("scatter1_updates.npy", "<f4", (2, 3), [1.0, 1.1, 1.2, 2.0, 2.1, 2.2])
npy("scatter2_data.npy", "<f4", (1, 5), [1.0, 2.0, 3.0, 4.0, 5.0])
npy("scatter2_indices.npy", "<i8", (1, 2), [1, 3])
npy("scatter2_updates.npy", "<f4", (1, 2), [1.1, 2.1])
# OpenVINO ScatterNDUpdate-3, examples 1 and 2
npy("scatternd1_data.npy", "<f4", (8,), [1, 2, 3, 4, 5, 6, 7, 8])
npy("scatternd1_indices.npy", "<i8", (4, 1), [4, 3, 1, 7])
npy("scatternd1_updates.npy", "<f4", (4,), [9, 10, 11, 12])
block = [[1, 2, 3, 4], [5, 6, 7, 8], [8, 7, 6, 5], [4, 3, 2, 1]]
flipped = [[8, 7, 6, 5], [4, 3, 2, 1], [1, 2, 3, 4], [5, 6, 7, 8]]
npy("scatternd2_data.npy", "<f4", (4, 4, 4), sum(block + block + flipped + flipped, []))
npy("scatternd2_indices.npy", "<i8", (2, 1), [0, 2])
npy("scatternd2_updates.npy", "<f4", (2, 4, 4),
    sum([[v] * 4 for v in (5, 6, 7, 8, 1, 2, 3, 4)], []))
# OpenVINO GatherElements-6, examples 1 (axis 0), 2 (axis 1, larger indices), 3 (axis 0, smaller)
npy("gatherelements1_data.npy", "<f4", (2, 2), [1, 2, 3, 4])
npy("gatherelements1_indices.npy", "<i8", (2, 2), [0, 1, 0, 0])
npy("gatherelements2_data.npy", "<f4", (2, 2), [1, 7, 4, 3])
npy("gatherelements2_indices.npy", "<i8", (2, 3), [1, 1, 0, 1, 0, 1])
npy("gatherelements3_data.npy", "<f4", (3, 3), [1, 2, 3, 4, 5, 6, 7, 8, 9])
npy("gatherelements3_indices.npy", "<i8", (2, 3), [1, 0, 1, 1, 2, 0])
# DirectML DML_SCATTER_OPERATOR_DESC, examples 1 and 2 (UINT32 indices; example 2 on 3x3 data,
# as the page shows it, though its text says {2,3})
npy("dmlscatter1_data.npy", "<f4", (5,), [0, 1, 2, 3, 4])
npy("dmlscatter1_indices.npy", "<u4", (4,), [3, 1, 3, 0])
npy("dmlscatter1_updates.npy", "<f4", (4,), [5, 6, 7, 8])
npy("dmlscatter2_data.npy", "<f4", (3, 3), [0.0] * 9)
npy("dmlscatter2_indices.npy", "<u4", (2, 3), [1, 0, 2, 0, 2, 1])
npy("dmlscatter2_updates.npy", "<f4", (2, 3), [10, 11, 12, 20, 21, 22])
