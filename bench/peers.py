#!/usr/bin/python3
"""Times numpy and PyTorch on the ten workloads of `tix bench`, on this machine.

    /usr/bin/python3 bench/peers.py [--runs N] [--json FILE] [--options]

Debian's python3-numpy (1.24) and python3-torch (1.13), the versions of the peer figures in
WORKLOADS.md (which were taken on another machine), so that tix can be compared with them where
it runs. Same sizes and index distributions as `tix bench`, same rule: the median of N timed
calls (default 7) after 2 warm-up calls, outputs allocated and written before timing. Scatters
run out of place: the output is a copy of data made inside the timed call. Each peer's main
call, at 1 thread (numpy, torch) and 2 threads (torch; numpy's kernels are serial). Prints a
table of milliseconds; --json writes {"peers": [{"workload", "peer", "threads", "median_ms"}]}.
--options times instead PyTorch's scatter_reduce_ on the two scatter_elements shapes under the
reductions that bench/options.c gives tix (amax, mean, and sum without self), at 1 and 2 threads.
"""
import argparse
import json
import statistics
import time

import numpy as np
import torch


def distinct_rows(rng, n, rows, per_row):
    """int64 [rows, per_row], each row per_row distinct values of [0, n)."""
    return np.stack([rng.choice(n, per_row, replace=False) for _ in range(rows)])


def workloads(rng):
    """(name, numpy call, torch call) per workload; each call does the whole operation."""
    f32 = np.float32

    def data(*shape):
        return rng.uniform(1, 2, shape).astype(f32)

    def idx(n, *shape):
        return rng.integers(0, n, shape, dtype=np.int64)

    def gather_axis(name, shape, n, axis):
        d, i = data(*shape), idx(shape[axis], n)
        out_shape = list(shape)
        out_shape[axis] = n
        o = np.empty(out_shape, f32)
        td, ti, to = torch.from_numpy(d), torch.from_numpy(i), torch.from_numpy(o.copy())
        return (name, lambda: np.take(d, i, axis=axis, out=o),
                lambda: torch.index_select(td, axis, ti, out=to))

    def gather_elements(name, shape, axis):
        d, i = data(*shape), idx(1024, *shape)
        o = np.empty(shape, f32)
        td, ti, to = torch.from_numpy(d), torch.from_numpy(i), torch.from_numpy(o)
        return (name, lambda: np.take_along_axis(d, i, axis),
                lambda: torch.gather(td, axis, ti, out=to))

    cases = [
        gather_axis("gather_rows", (100000, 256), 100000, 0),
        gather_axis("gather_rows_small", (1000000, 4), 1000000, 0),
        gather_axis("gather_mid_axis", (128, 2048, 32), 1024, 1),
        gather_axis("gather_last_axis", (4096, 1024), 512, 1),
        gather_elements("gather_elements_last", (4096, 1024), 1),
        gather_elements("gather_elements_first", (1024, 4096), 0),
    ]

    d, u = data(4096, 1024), data(4096, 256)
    i = distinct_rows(rng, 1024, 4096, 256)
    o, td, ti, tu = np.empty_like(d), torch.from_numpy(d), torch.from_numpy(i), torch.from_numpy(u)
    to = torch.empty_like(td)

    def np_unique():
        np.copyto(o, d)
        np.put_along_axis(o, i, u, 1)

    cases.append(("scatter_elements_unique", np_unique,
                  lambda: to.copy_(td).scatter_(1, ti, tu)))

    d2, i2, u2 = data(65536), idx(65536, 8000000), data(8000000)
    o2, td2, ti2, tu2 = np.empty_like(d2), torch.from_numpy(d2), torch.from_numpy(i2), \
        torch.from_numpy(u2)
    to2 = torch.empty_like(td2)

    def np_add_dup():
        np.copyto(o2, d2)
        np.add.at(o2, i2, u2)

    cases.append(("scatter_elements_add_dup", np_add_dup,
                  lambda: to2.copy_(td2).scatter_add_(0, ti2, tu2)))

    d3, u3 = data(100000, 256), data(50000, 256)
    rows = rng.choice(100000, 50000, replace=False).astype(np.int64)
    o3, td3, tu3, tr3 = np.empty_like(d3), torch.from_numpy(d3), torch.from_numpy(u3), \
        torch.from_numpy(rows)
    to3 = torch.empty_like(td3)

    def np_nd_rows():
        np.copyto(o3, d3)
        o3[rows] = u3

    cases.append(("scatter_nd_rows", np_nd_rows, lambda: to3.copy_(td3).index_copy_(0, tr3, tu3)))

    d4, i4 = data(1000, 1000, 16), idx(1000, 500000, 2)
    td4, ti4 = torch.from_numpy(d4), torch.from_numpy(i4)
    cases.append(("gather_nd_pairs", lambda: d4[i4[:, 0], i4[:, 1]],
                  lambda: td4[ti4[:, 0], ti4[:, 1]]))
    return cases


def reduction_cases(rng):
    """(name, torch call) for scatter_reduce_ on the shapes of scatter_elements_add_dup and
    scatter_elements_unique, out of place (the copy of data inside the call)."""
    def shape(name, d, i, u, axis):
        td, ti, tu = torch.from_numpy(d), torch.from_numpy(i), torch.from_numpy(u)
        to = torch.empty_like(td)
        for reduce, self in (("amax", True), ("mean", True), ("sum", False)):
            label = f"{name}, {reduce}{'' if self else ' without self'}"
            yield (label, lambda r=reduce, s=self:
                   to.copy_(td).scatter_reduce_(axis, ti, tu, r, include_self=s))

    f32 = np.float32
    yield from shape("scatter_elements_add_dup", rng.uniform(1, 2, 65536).astype(f32),
                     rng.integers(0, 65536, 8000000, dtype=np.int64),
                     rng.uniform(1, 2, 8000000).astype(f32), 0)
    yield from shape("scatter_elements_unique", rng.uniform(1, 2, (4096, 1024)).astype(f32),
                     distinct_rows(rng, 1024, 4096, 256),
                     rng.uniform(1, 2, (4096, 256)).astype(f32), 1)


def median_ms(call, runs):
    for _ in range(2):
        call()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        samples.append((time.perf_counter() - start) * 1e3)
    return statistics.median(samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json")
    parser.add_argument("--options", action="store_true")
    args = parser.parse_args()
    rng = np.random.default_rng(2026)
    if args.options:
        print(f"torch {torch.__version__}; median of {args.runs} calls, ms")
        print(f"{'call':48} {'torch 1T':>10} {'torch 2T':>10}")
        for name, call in reduction_cases(rng):
            row = []
            for threads in (1, 2):
                torch.set_num_threads(threads)
                row.append(median_ms(call, args.runs))
            print(f"{name:48} {row[0]:10.3f} {row[1]:10.3f}", flush=True)
        return
    results = []
    print(f"numpy {np.__version__}, torch {torch.__version__}; median of {args.runs} calls, ms")
    print(f"{'workload':28} {'numpy 1T':>10} {'torch 1T':>10} {'torch 2T':>10}")
    for name, numpy_call, torch_call in workloads(rng):
        row = []
        for peer, call, threads in (("numpy", numpy_call, 1), ("torch", torch_call, 1),
                                    ("torch", torch_call, 2)):
            torch.set_num_threads(threads)
            ms = median_ms(call, args.runs)
            results.append({"workload": name, "peer": peer, "threads": threads,
                            "median_ms": round(ms, 3)})
            row.append(ms)
        print(f"{name:28} {row[0]:10.3f} {row[1]:10.3f} {row[2]:10.3f}", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"numpy": np.__version__, "torch": torch.__version__, "peers": results},
                      f, indent=1)


if __name__ == "__main__":
    main()
