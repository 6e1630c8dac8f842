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
 *   cc -O2 -std=c11 -Iinclude -Itools/tix bench/options.c bench/turns.c bench/variants.c \
 *       tools/tix/bench_workloads.c build-bench/src/libtix.a -lpthread -lm -o options
 *   ./options [-q] [-t THREADS] [-n RUNS] [-b BLOCK] WORKLOAD     (-q: the --quick sizes) */
#include <stdio.h>
#include <string.h>

#include "turns.h"

/* Way k: variant k of the set. */
static void use_variant(bench_turns* t, int k, void* context) {
    (void)context;
    bench_variant_apply(&t->c, &t->set.variant[k]);
}

int main(int argc, char** argv) {
    bench_turns_flags flags = {false, 1, 11, 3};
    const char* name = NULL;
    for (int k = 1; k < argc; k++) {
        if (!bench_turns_flag(argc, argv, &k, &flags)) name = argv[k];
    }
    size_t which = 0;
    while (which < BENCH_WORKLOAD_COUNT && (name == NULL || strcmp(bench_specs[which].name, name)))
        which++;
    if (which == BENCH_WORKLOAD_COUNT || !bench_turns_flags_valid(&flags)) {
        fprintf(stderr, "usage: options [-q] [-t THREADS] [-n RUNS (1-%d)] [-b BLOCK] WORKLOAD\n",
                BENCH_MAX_RUNS);
        return 2;
    }
    static bench_turns t;
    if (!bench_turns_setup(&t, which, flags.quick, flags.threads)) return 1;
    const bench_variant* v = t.set.variant;
    static double times[BENCH_MAX_VARIANTS][BENCH_MAX_RUNS];
    tix_status status;
    int failed = bench_turns_time(&t, t.set.count, flags.runs, flags.block, use_variant, NULL,
                                  times, &status);
    if (failed >= 0) {
        fprintf(stderr, "%s: %s\n", v[failed].name, tix_status_name(status));
        return 1;
    }
    printf("%s, %d thread%s, median of %d calls\n", name, flags.threads,
           flags.threads > 1 ? "s" : "", flags.runs);
    for (int k = 0; k < t.set.count; k++) {
        double median = times[k][flags.runs / 2];
        printf("  %-13s %-32s %9.3f ms  %5.2fx\n", v[k].key, v[k].name, median,
               median / times[0][flags.runs / 2]);
    }
    bench_turns_free(&t);
    return 0;
}
