/* tix bench: the ten workloads of the benchmark (WORKLOADS.md), their inputs, the library call
 * and a check of its result. The timing, the STREAM reference and the report are cmd_bench.c. */
#ifndef TIX_BENCH_WORKLOADS_H
#define TIX_BENCH_WORKLOADS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tix.h>

enum { BENCH_WORKLOAD_COUNT = 10 };

typedef enum bench_op {
    BENCH_GATHER,
    BENCH_GATHER_ELEMENTS,
    BENCH_GATHER_ND,
    BENCH_SCATTER_ELEMENTS,
    BENCH_SCATTER_ND
} bench_op;

/* What WORKLOADS.md says of a workload beside its shapes. */
typedef struct bench_spec {
    const char* name;
    double best_peer; /* the lowest x stream of any peer ("best peer" column) */
    double goal;      /* tix's goal, in x stream */
} bench_spec;

/* In the order of WORKLOADS.md. */
extern const bench_spec bench_specs[BENCH_WORKLOAD_COUNT];

/* One workload's tensors, allocated and filled. Scatters have updates; the rest leave it empty.
 * output is a separate buffer; the in-place variant of a scatter passes data as the output. */
typedef struct bench_case {
    const bench_spec* spec;
    bench_op op;
    bool scatter;
    int64_t axis;
    tix_reduction reduction;
    tix_tensor data, indices, updates, output;
    tix_options options;   /* reduction set; the caller adds executor and diagnostic */
    double bytes;          /* effective bytes of the call (WORKLOADS.md) */
    double in_place_bytes; /* scatters in place: indices + updates read + elements written */
} bench_case;

/* Every buffer of the benchmark (the tensors and the STREAM arrays) starts on a cache line, as
 * the tensors of PyTorch and ONNX Runtime do: a row of 64 bytes then spans one line, not two. */
enum { BENCH_ALIGNMENT = 64 };

/* With --huge-pages, buffers of BENCH_HUGE_MIN bytes or more start on a BENCH_HUGE_PAGE
 * boundary and are advised for transparent huge pages before they are touched, as numpy advises
 * its arrays of 4 MiB or more on Linux. */
enum { BENCH_HUGE_PAGE = 2 << 20, BENCH_HUGE_MIN = 4 << 20 };

/* `bytes` of fresh memory aligned to BENCH_ALIGNMENT (or as above), every byte written (so that
 * its pages exist before anything is timed); NULL when memory runs out. Freed with free(). */
void* bench_alloc(size_t bytes);

/* Whether bench_alloc advises large buffers for huge pages from now on (off at first). Returns
 * false, and changes nothing, where the system has no such advice (MADV_HUGEPAGE). The kernel
 * may still decline it (see /sys/kernel/mm/transparent_hugepage/enabled). */
bool bench_use_huge_pages(bool on);

/* Builds workload `which` (an index into bench_specs) at its full or --quick size: random
 * inputs from a fixed seed per workload, every buffer written once. false when memory runs
 * out (the case is then freed). */
bool bench_case_setup(bench_case* c, size_t which, bool quick);
void bench_case_free(bench_case* c);

/* The library call with c->options, out of place (into c->output) or in place (into c->data). */
tix_status bench_case_run(bench_case* c, bool in_place);

/* Compares c->output with a plain serial computation from c->data, c->indices and c->updates;
 * false with a description of the first difference in `why`. Only for the out-of-place result,
 * before any in-place run changes data. */
bool bench_case_check(const bench_case* c, char* why, size_t capacity);

#endif /* TIX_BENCH_WORKLOADS_H */
