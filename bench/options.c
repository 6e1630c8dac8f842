/* Times one workload of `tix bench` under options other than its own (bench/variants.h): int32
 * indices, negative indices that wrap, the clamp and ignore rules with indices out of range,
 * other reductions, exclude_self, and other dtypes of the data. Each variant is called in turn
 * with the workload's own options in one process (a slow spell of the host hits all alike), so
 * that paths the ten workloads do not take show how far they are from the one that is
 * benchmarked. Prints each
 * variant's key (for bench/ab.sh -v), its median and its ratio to the workload's own; fails when
 * a call fails.
 *
 * Each turn of a variant is an untimed call and BLOCK timed ones (-b, default 3): a call is
 * faster where the call before it left its own operands in the caches, and with one timed call a
 * turn, a variant that reads the workload's indices came after one that reads indices of its own
 * (negative ones, int32 ones), or the other way round. Timed one call a turn,
 * scatter_elements_unique under add took 1.28-1.34x the time of its own options; in blocks,
 * 1.00-1.02x.
 *
 *   cc -O2 -std=c11 -Iinclude -Itools/tix bench/options.c bench/variants.c \
 *       tools/tix/bench_workloads.c build-bench/src/libtix.a -lpthread -lm -o options
 *   ./options [-q] [-t THREADS] [-n RUNS] [-b BLOCK] WORKLOAD     (-q: the --quick sizes) */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"
#include "variants.h"

enum { MAX_RUNS = 101 };

int main(int argc, char** argv) {
    bool quick = false;
    int threads = 1, runs = 11, block = 3;
    const char* name = NULL;
    for (int k = 1; k < argc; k++) {
        if (strcmp(argv[k], "-q") == 0) {
            quick = true;
        } else if (strcmp(argv[k], "-t") == 0 && k + 1 < argc) {
            threads = atoi(argv[++k]);
        } else if (strcmp(argv[k], "-n") == 0 && k + 1 < argc) {
            runs = atoi(argv[++k]);
        } else if (strcmp(argv[k], "-b") == 0 && k + 1 < argc) {
            block = atoi(argv[++k]);
        } else {
            name = argv[k];
        }
    }
    size_t which = 0;
    while (which < BENCH_WORKLOAD_COUNT && (name == NULL || strcmp(bench_specs[which].name, name)))
        which++;
    if (which == BENCH_WORKLOAD_COUNT || threads < 1 || runs < 1 || runs > MAX_RUNS ||
        block < 1) {
        fprintf(stderr, "usage: options [-q] [-t THREADS] [-n RUNS (1-%d)] [-b BLOCK] WORKLOAD\n",
                MAX_RUNS);
        return 2;
    }
    bench_case c;
    if (!bench_case_setup(&c, which, quick)) return 1;
    tix_threadpool* pool = threads > 1 ? tix_threadpool_create((size_t)threads) : NULL;
    tix_executor executor;
    if (pool != NULL) executor = tix_threadpool_executor(pool);

    tix_options own = c.options;
    own.executor = pool != NULL ? &executor : NULL;
    bench_variants set;
    if (!bench_variants_make(&set, &c, &own)) return 1;
    const bench_variant* v = set.variant;

    static double times[BENCH_MAX_VARIANTS][MAX_RUNS];
    const bench_case own_case = c;
    int timed[BENCH_MAX_VARIANTS] = {0};
    while (timed[set.count - 1] < runs) {
        for (int k = 0; k < set.count; k++) {
            bench_variant_apply(&c, &v[k]);
            for (int j = -1; j < block && timed[k] < runs; j++) { /* (j = -1: untimed) */
                double start = bench_seconds() * 1e3;
                tix_status status = bench_case_run(&c, false);
                double end = bench_seconds() * 1e3;
                if (status != TIX_STATUS_OK) {
                    fprintf(stderr, "%s: %s\n", v[k].name, tix_status_name(status));
                    return 1;
                }
                if (j >= 0) times[k][timed[k]++] = end - start;
            }
        }
    }
    printf("%s, %d thread%s, median of %d calls\n", name, threads, threads > 1 ? "s" : "", runs);
    double base = 0;
    for (int k = 0; k < set.count; k++) {
        bench_sort(times[k], (size_t)runs);
        double median = times[k][runs / 2];
        if (k == 0) base = median;
        printf("  %-13s %-32s %9.3f ms  %5.2fx\n", v[k].key, v[k].name, median, median / base);
    }
    c = own_case;
    bench_variants_free(&set);
    bench_case_free(&c);
    tix_threadpool_destroy(pool);
    return 0;
}
