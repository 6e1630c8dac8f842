/* Scatter-add and scatter-max into a small output from many updates with duplicate
 * destinations (a histogram; the shape of scatter_elements_add_dup: 8,000,000 updates into
 * 65,536 elements), int32 and float32, at 1 and 2 threads. Integer reductions and min/max are
 * reduced in groups on a pool (execute.c, run_groups); float add stays in index order on one
 * thread, unless the call asks for TIX_ACCUMULATE_CHUNKED ("float32 add, chunked"). Prints the
 * median of RUNS calls after one untimed call, and fails when the two thread counts give
 * different bytes.
 *
 *   cc -O2 -Iinclude bench/histogram.c build-bench/src/libtix.a -lpthread -lm -o histogram
 *   ./histogram [-q] [-n RUNS]      (-q: 1,000,000 updates) */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tix.h>

#include "timing.h"

enum { SLOTS = 65536, MAX_RUNS = 101 };

int main(int argc, char** argv) {
    int64_t n = 8000000;
    int runs = 9;
    for (int k = 1; k < argc; k++) {
        if (strcmp(argv[k], "-q") == 0) {
            n = 1000000;
        } else if (strcmp(argv[k], "-n") == 0 && k + 1 < argc) {
            runs = atoi(argv[++k]);
        } else {
            fprintf(stderr, "usage: histogram [-q] [-n RUNS]\n");
            return 2;
        }
    }
    runs = runs < 1 ? 1 : runs > MAX_RUNS ? MAX_RUNS : runs;
    int64_t* indices = malloc(sizeof(int64_t) * (size_t)n);
    int32_t* integers = malloc(sizeof(int32_t) * (size_t)n);
    float* floats = malloc(sizeof(float) * (size_t)n);
    char *data = calloc(SLOTS, 4), *outputs[2] = {malloc(4 * SLOTS), malloc(4 * SLOTS)};
    tix_threadpool* pool = tix_threadpool_create(2);
    if (!indices || !integers || !floats || !data || !outputs[0] || !outputs[1] || !pool) {
        fprintf(stderr, "histogram: no memory\n");
        return 1;
    }
    tix_executor executor = tix_threadpool_executor(pool);
    uint64_t state = 0x9E3779B97F4A7C15u; /* xorshift64, a fixed seed */
    for (int64_t k = 0; k < n; k++) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        indices[k] = (int64_t)(state % SLOTS);
        integers[k] = (int32_t)(state >> 40) - (1 << 23);
        floats[k] = (float)integers[k] * 1e-3f;
    }
    int64_t slots = SLOTS; /* data: zeros of either dtype */
    static const struct {
        const char* name;
        tix_dtype dtype;
        tix_reduction reduction;
        tix_accumulation accumulation;
    } cases[] = {{"int32 add", TIX_DTYPE_INT32, TIX_REDUCTION_ADD, TIX_ACCUMULATE_IN_ORDER},
                 {"int32 max", TIX_DTYPE_INT32, TIX_REDUCTION_MAX, TIX_ACCUMULATE_IN_ORDER},
                 {"float32 add", TIX_DTYPE_FLOAT32, TIX_REDUCTION_ADD, TIX_ACCUMULATE_IN_ORDER},
                 {"float32 add, chunked", TIX_DTYPE_FLOAT32, TIX_REDUCTION_ADD,
                  TIX_ACCUMULATE_CHUNKED},
                 {"float32 max", TIX_DTYPE_FLOAT32, TIX_REDUCTION_MAX, TIX_ACCUMULATE_IN_ORDER}};
    int status = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        void* updates = cases[c].dtype == TIX_DTYPE_FLOAT32 ? (void*)floats : (void*)integers;
        tix_tensor d, i, u, o;
        tix_tensor_init(&d, data, cases[c].dtype, 1, &slots);
        tix_tensor_init(&i, indices, TIX_DTYPE_INT64, 1, &n);
        tix_tensor_init(&u, updates, cases[c].dtype, 1, &n);
        printf("%-21s", cases[c].name);
        for (int threads = 1; threads <= 2; threads++) {
            tix_tensor_init(&o, outputs[threads - 1], cases[c].dtype, 1, &slots);
            tix_options options = {.reduction = cases[c].reduction,
                                   .accumulation = cases[c].accumulation,
                                   .executor = threads == 2 ? &executor : NULL};
            double times[MAX_RUNS];
            for (int r = -1; r < runs; r++) {
                double start = bench_seconds();
                tix_status s = tix_scatter_elements(&d, &i, &u, 0, &o, &options);
                double took = bench_seconds() - start;
                if (s != TIX_STATUS_OK) {
                    fprintf(stderr, "histogram: %s\n", tix_status_name(s));
                    return 1;
                }
                if (r >= 0) times[r] = took;
            }
            bench_sort(times, (size_t)runs);
            printf("  %d thread%s %8.3f ms", threads, threads == 1 ? " " : "s",
                   times[runs / 2] * 1e3);
        }
        bool same = memcmp(outputs[0], outputs[1], 4 * SLOTS) == 0;
        printf("%s\n", same ? "" : "  DIFFERENT RESULTS");
        status |= !same;
    }
    tix_threadpool_destroy(pool);
    free(indices);
    free(integers);
    free(floats);
    free(data);
    free(outputs[0]);
    free(outputs[1]);
    return status;
}
