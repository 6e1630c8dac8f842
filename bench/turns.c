/* A workload timed several ways in turns (turns.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "turns.h"

#include <stdlib.h>
#include <string.h>

#include "timing.h"

bool bench_turns_flag(int argc, char** argv, int* k, bench_turns_flags* f) {
    const char* flag = argv[*k];
    if (strcmp(flag, "-q") == 0) {
        f->quick = true;
        return true;
    }
    int* value = strcmp(flag, "-t") == 0   ? &f->threads
                 : strcmp(flag, "-n") == 0 ? &f->runs
                 : strcmp(flag, "-b") == 0 ? &f->block
                                           : NULL;
    if (value == NULL || *k + 1 >= argc) return false;
    *value = atoi(argv[++*k]);
    return true;
}

bool bench_turns_flags_valid(const bench_turns_flags* f) {
    return f->threads >= 1 && f->runs >= 1 && f->runs <= BENCH_MAX_RUNS && f->block >= 1;
}

bool bench_turns_setup(bench_turns* t, size_t which, bool quick, int threads) {
    if (!bench_case_setup(&t->c, which, quick)) return false;
    t->own_case = t->c;
    t->pool = threads > 1 ? tix_threadpool_create((size_t)threads) : NULL;
    if (t->pool != NULL) t->executor = tix_threadpool_executor(t->pool);
    tix_options own = t->c.options;
    own.executor = t->pool != NULL ? &t->executor : NULL;
    if (!bench_variants_make(&t->set, &t->c, &own)) {
        bench_case_free(&t->c);
        tix_threadpool_destroy(t->pool);
        return false;
    }
    bench_variant_apply(&t->c, &t->set.variant[0]);
    return true;
}

void bench_turns_free(bench_turns* t) {
    bench_variants_free(&t->set);
    bench_case_free(&t->own_case);
    tix_threadpool_destroy(t->pool);
}

int bench_turns_time(bench_turns* t, int count, int runs, int block,
                     void (*prepare)(bench_turns* t, int k, void* context), void* context,
                     double (*times)[BENCH_MAX_RUNS], tix_status* status) {
    int timed[BENCH_MAX_VARIANTS] = {0};
    while (timed[count - 1] < runs) {
        for (int k = 0; k < count; k++) {
            prepare(t, k, context);
            for (int j = -1; j < block && timed[k] < runs; j++) { /* (j = -1: untimed) */
                double start = bench_seconds() * 1e3;
                *status = bench_case_run(&t->c, false);
                double end = bench_seconds() * 1e3;
                if (*status != TIX_STATUS_OK) return k;
                if (j >= 0) times[k][timed[k]++] = end - start;
            }
        }
    }
    for (int k = 0; k < count; k++) bench_sort(times[k], (size_t)runs);
    return -1;
}
