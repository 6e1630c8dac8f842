/* Times one workload of `tix bench` under options other than its own: int32 indices, negative
 * indices that wrap, the clamp and ignore rules with indices out of range, other reductions and
 * exclude_self. Each variant is called in turn with the workload's own options in one process
 * (a slow spell of the host hits all alike), so that paths the ten workloads do not take show
 * how far they are from the one that is benchmarked. Prints the median of each and its ratio to
 * the workload's own; fails when a call fails.
 *
 *   cc -O2 -std=c11 -Iinclude -Itools/tix bench/options.c tools/tix/bench_workloads.c \
 *       build-bench/src/libtix.a -lpthread -lm -o options
 *   ./options [-q] [-t THREADS] [-n RUNS] WORKLOAD      (-q: the --quick sizes) */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_workloads.h"

enum { MAX_VARIANTS = 16, MAX_RUNS = 101 };

/* The index tensors made here (some variants share one), freed at the end. */
static void* made[MAX_VARIANTS];
static int made_count;

static void* made_alloc(size_t bytes) {
    void* memory = bench_alloc(bytes);
    if (memory == NULL) exit(1);
    return made[made_count++] = memory;
}

typedef struct variant {
    const char* name;
    tix_options options;
    tix_tensor indices;
} variant;

static double milliseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

static int by_value(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

/* The workload's int64 indices as int32. */
static tix_tensor narrowed(const tix_tensor* indices) {
    tix_tensor t = *indices;
    int64_t n = tix_tensor_count(indices);
    const int64_t* from = indices->data;
    int32_t* to = made_alloc((size_t)n * sizeof *to);
    for (int64_t i = 0; i < n; i++) to[i] = (int32_t)from[i];
    t.data = to;
    t.dtype = TIX_DTYPE_INT32;
    return t;
}

/* The workload's indices with one in `every` moved `by` down (negative, for by = the size). */
static tix_tensor shifted(const tix_tensor* indices, int64_t by, int64_t every) {
    tix_tensor t = *indices;
    int64_t n = tix_tensor_count(indices);
    const int64_t* from = indices->data;
    int64_t* to = made_alloc((size_t)n * sizeof *to);
    for (int64_t i = 0; i < n; i++) to[i] = from[i] - (i % every == 0 ? by : 0);
    t.data = to;
    return t;
}

int main(int argc, char** argv) {
    bool quick = false;
    int threads = 1, runs = 11;
    const char* name = NULL;
    for (int k = 1; k < argc; k++) {
        if (strcmp(argv[k], "-q") == 0) {
            quick = true;
        } else if (strcmp(argv[k], "-t") == 0 && k + 1 < argc) {
            threads = atoi(argv[++k]);
        } else if (strcmp(argv[k], "-n") == 0 && k + 1 < argc) {
            runs = atoi(argv[++k]);
        } else {
            name = argv[k];
        }
    }
    size_t which = 0;
    while (which < BENCH_WORKLOAD_COUNT && (name == NULL || strcmp(bench_specs[which].name, name)))
        which++;
    if (which == BENCH_WORKLOAD_COUNT || threads < 1 || runs < 1 || runs > MAX_RUNS) {
        fprintf(stderr, "usage: options [-q] [-t THREADS] [-n RUNS (1-%d)] WORKLOAD\n", MAX_RUNS);
        return 2;
    }
    bench_case c;
    if (!bench_case_setup(&c, which, quick)) return 1;
    tix_threadpool* pool = threads > 1 ? tix_threadpool_create((size_t)threads) : NULL;
    tix_executor executor;
    if (pool != NULL) executor = tix_threadpool_executor(pool);

    variant v[MAX_VARIANTS];
    int count = 0;
    tix_options own = c.options;
    own.executor = pool != NULL ? &executor : NULL;
    v[count++] = (variant){"its own options", own, c.indices};
    v[count++] = (variant){"int32 indices", own, narrowed(&c.indices)};
    /* single indices along an axis (not the tuples of the nd operations): negative ones */
    if (c.op != BENCH_GATHER_ND && c.op != BENCH_SCATTER_ND) {
        int64_t size = c.data.shape[c.axis];
        tix_tensor one_in_64 = shifted(&c.indices, size, 64);
        v[count++] = (variant){"negative, wrapped", own, shifted(&c.indices, size, 1)};
        v[count++] = (variant){"1 in 64 negative, wrapped", own, one_in_64};
        tix_options o = own;
        o.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE;
        o.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
        v[count++] = (variant){"1 in 64 out of range, clamped", o, one_in_64};
        o.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
        v[count++] = (variant){"1 in 64 out of range, ignored", o, one_in_64};
        v[count++] =
            (variant){"1 in 1024 out of range, ignored", o, shifted(&c.indices, size, 1024)};
    }
    if (c.scatter) {
        static const struct {
            const char* name;
            tix_reduction reduction;
        } reductions[] = {{"reduction add", TIX_REDUCTION_ADD},
                          {"reduction mul", TIX_REDUCTION_MUL},
                          {"reduction max", TIX_REDUCTION_MAX},
                          {"reduction mean", TIX_REDUCTION_MEAN}};
        for (size_t k = 0; k < sizeof reductions / sizeof reductions[0]; k++) {
            tix_options o = own;
            o.reduction = reductions[k].reduction;
            if (o.reduction != own.reduction)
                v[count++] = (variant){reductions[k].name, o, c.indices};
        }
        tix_options o = own;
        o.reduction = own.reduction != TIX_REDUCTION_NONE ? own.reduction : TIX_REDUCTION_ADD;
        o.exclude_self = true;
        v[count++] = (variant){o.reduction == own.reduction ? "exclude_self"
                                                            : "reduction add, exclude_self",
                               o, c.indices};
    }

    static double times[MAX_VARIANTS][MAX_RUNS];
    const tix_tensor indices = c.indices;
    for (int r = -1; r < runs; r++) { /* (r = -1: untimed) */
        for (int k = 0; k < count; k++) {
            c.options = v[k].options;
            c.indices = v[k].indices;
            double start = milliseconds();
            tix_status status = bench_case_run(&c, false);
            double end = milliseconds();
            if (status != TIX_STATUS_OK) {
                fprintf(stderr, "%s: %s\n", v[k].name, tix_status_name(status));
                return 1;
            }
            if (r >= 0) times[k][r] = end - start;
        }
    }
    printf("%s, %d thread%s, median of %d calls\n", name, threads, threads > 1 ? "s" : "", runs);
    double base = 0;
    for (int k = 0; k < count; k++) {
        qsort(times[k], (size_t)runs, sizeof times[k][0], by_value);
        double median = times[k][runs / 2];
        if (k == 0) base = median;
        printf("  %-32s %9.3f ms  %5.2fx\n", v[k].name, median, median / base);
    }
    c.indices = indices;
    for (int k = 0; k < made_count; k++) free(made[k]);
    bench_case_free(&c);
    tix_threadpool_destroy(pool);
    return 0;
}
