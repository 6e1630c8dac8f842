/* The interleaved A/B comparison of two builds of the library (bench/ab.sh builds and links it).
 *
 *   ab [-t THREADS] [-n CALLS] [-b BLOCK] [-q] [-i] [-v VARIANT] WORKLOAD...
 *
 * Both builds are linked into this one program, their symbols renamed a_tix... and b_tix... (and
 * the workloads of tools/tix/bench_workloads.c compiled once against each). Each workload is set
 * up once; both builds are checked against the plain computation, then called alternately
 * (A B, B A, A B, ...) on the same buffers, CALLS times each. Between processes the same build
 * moves by 30% on a shared VM (where the buffers land, what the neighbours do); calls
 * interleaved on the same buffers share all of that, so their ratio is what the code changed.
 * -b: turns of BLOCK timed calls, each after one untimed call, instead of one call per turn:
 * for workloads that fit in the last-level cache, where a call's time depends on what the call
 * before left there, this times each build after itself, as `tix bench` does.
 * -t: threads (each build on a built-in pool of its own), -q: --quick sizes, -i: scatters in
 * place, -v: the workload under a variant of its options (bench/variants.h: int32, negative,
 * ignore-64, mean, ...; bench/options.c lists them), checked by both builds giving the same
 * bytes instead of against the plain computation. Prints per workload the median and minimum
 * of each build and their ratios (B / A). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"
#include "variants.h"

#define BUILD(p)                                                                           \
    extern const bench_spec p##_bench_specs[BENCH_WORKLOAD_COUNT];                         \
    bool p##_bench_case_setup(bench_case* c, size_t which, bool quick);                    \
    void p##_bench_case_free(bench_case* c);                                               \
    tix_status p##_bench_case_run(bench_case* c, bool in_place);                           \
    bool p##_bench_case_check(const bench_case* c, char* why, size_t capacity);            \
    tix_threadpool* p##_tix_threadpool_create(size_t threads);                             \
    void p##_tix_threadpool_destroy(tix_threadpool* pool);                                 \
    tix_executor p##_tix_threadpool_executor(tix_threadpool* pool);                        \
    int64_t p##_tix_tensor_count(const tix_tensor* t);                                     \
    size_t p##_tix_dtype_size(tix_dtype dtype);                                            \
    bool p##_bench_variants_make(bench_variants* set, const bench_case* c,                 \
                                 const tix_options* own);                                  \
    const bench_variant* p##_bench_variants_find(const bench_variants* set, const char* key); \
    void p##_bench_variant_apply(bench_case* c, const bench_variant* v);                      \
    void p##_bench_variants_free(bench_variants* set);
BUILD(a)
BUILD(b)
#undef BUILD

typedef tix_status (*run_fn)(bench_case* c, bool in_place);
typedef bool (*check_fn)(const bench_case* c, char* why, size_t capacity);

enum { MAX_CALLS = 1000 };

static int usage(void) {
    fprintf(stderr,
            "usage: ab [-t THREADS] [-n CALLS] [-b BLOCK] [-q] [-i] [-v VARIANT] WORKLOAD...\n");
    return 2;
}

/* Checks both builds' out-of-place results: against the plain computation, or, under a
 * variant, against each other (the first build's bytes kept in `first`). */
static bool check(bench_case* c, const char* name, const tix_executor* const executors[2],
                  bool variant) {
    static const run_fn runs[2] = {a_bench_case_run, b_bench_case_run};
    static const check_fn checks[2] = {a_bench_case_check, b_bench_case_check};
    size_t bytes = (size_t)a_tix_tensor_count(&c->output) * a_tix_dtype_size(c->output.dtype);
    char* first = variant ? malloc(bytes > 0 ? bytes : 1) : NULL;
    bool ok = !variant || first != NULL;
    for (int side = 0; ok && side < 2; side++) {
        char why[256] = "the call fails";
        c->options.executor = executors[side];
        ok = runs[side](c, false) == TIX_STATUS_OK;
        if (ok && variant && side == 0) {
            memcpy(first, c->output.data, bytes);
        } else if (ok && variant) {
            ok = memcmp(first, c->output.data, bytes) == 0;
            snprintf(why, sizeof why, "its bytes differ from build A's");
        } else if (ok) {
            ok = checks[side](c, why, sizeof why);
        }
        if (!ok)
            fprintf(stderr, "ab: build %c gives a wrong %s: %s\n", "AB"[side], name, why);
    }
    free(first);
    return ok;
}

/* Sets up one workload, checks both builds' results and times them alternately, each build on
 * its own executor (NULL: serially). */
static int compare(size_t which, bool quick, bool in_place, const char* variant, int calls,
                   int block, const tix_executor* const executors[2], int threads) {
    static const run_fn runs[2] = {a_bench_case_run, b_bench_case_run};
    const char* name = a_bench_specs[which].name;
    bench_case c;
    if (!a_bench_case_setup(&c, which, quick)) {
        fprintf(stderr, "ab: no memory for %s\n", name);
        return 1;
    }
    bench_variants set = {0};
    const bench_case own_case = c; /* (the case frees its own tensors, the set the variant's) */
    if (variant != NULL) {
        const bench_variant* v = NULL;
        if (a_bench_variants_make(&set, &c, &c.options))
            v = a_bench_variants_find(&set, variant);
        if (v == NULL) {
            fprintf(stderr, "ab: %s has no variant %s (or no memory for it)\n", name, variant);
            a_bench_variants_free(&set);
            a_bench_case_free(&c);
            return 1;
        }
        a_bench_variant_apply(&c, v);
    }
    int failed = check(&c, name, executors, variant != NULL) ? 0 : 1;
    static double times[2][MAX_CALLS];
    int timed[2] = {0, 0};
    for (int k = 0; !failed && (timed[0] < calls || timed[1] < calls); k++) {
        for (int turn = 0; !failed && turn < 2; turn++) {
            int side = (k + turn) % 2; /* A B, B A, ...: neither always goes first */
            /* with turns of a block, the first call of each is not timed */
            for (int j = block > 0 ? -1 : 0;
                 !failed && j < (block > 0 ? block : 1) && timed[side] < calls; j++) {
                c.options.executor = executors[side];
                double start = bench_seconds() * 1e3;
                tix_status status = runs[side](&c, in_place);
                double elapsed = bench_seconds() * 1e3 - start;
                if (status != TIX_STATUS_OK) {
                    fprintf(stderr, "ab: build %c fails %s: status %d\n", "AB"[side], name,
                            (int)status);
                    failed = 1;
                } else if (j >= 0) {
                    times[side][timed[side]++] = elapsed;
                }
            }
        }
    }
    if (!failed) {
        bench_sort(times[0], (size_t)calls);
        bench_sort(times[1], (size_t)calls);
        double median[2] = {times[0][calls / 2], times[1][calls / 2]};
        printf("%-24s %s%s%s %dT  A median %8.3f min %8.3f  B median %8.3f min %8.3f  B/A %.3f "
               "(min %.3f)\n",
               name, in_place ? "in place" : "        ", variant != NULL ? " " : "",
               variant != NULL ? variant : "", threads, median[0], times[0][0], median[1],
               times[1][0], median[1] / median[0], times[1][0] / times[0][0]);
    }
    c = own_case;
    a_bench_variants_free(&set);
    a_bench_case_free(&c);
    return failed;
}

int main(int argc, char** argv) {
    int threads = 1, calls = 21, block = 0, first = 1;
    bool quick = false, in_place = false;
    const char* variant = NULL;
    for (; first < argc && argv[first][0] == '-'; first++) {
        const char* flag = argv[first];
        if (strcmp(flag, "-q") == 0) {
            quick = true;
        } else if (strcmp(flag, "-i") == 0) {
            in_place = true;
        } else if (strcmp(flag, "-v") == 0 && first + 1 < argc) {
            variant = argv[++first];
        } else if ((strcmp(flag, "-t") == 0 || strcmp(flag, "-n") == 0 ||
                    strcmp(flag, "-b") == 0) &&
                   first + 1 < argc) {
            int value = atoi(argv[++first]);
            if (value < 1 || (flag[1] == 'n' && value > MAX_CALLS))
                return usage();
            *(flag[1] == 't' ? &threads : flag[1] == 'n' ? &calls : &block) = value;
        } else {
            return usage();
        }
    }
    if (first == argc)
        return usage();
    tix_threadpool* pools[2] = {NULL, NULL};
    tix_executor executor[2];
    const tix_executor* executors[2] = {NULL, NULL};
    if (threads > 1) {
        pools[0] = a_tix_threadpool_create((size_t)threads);
        pools[1] = b_tix_threadpool_create((size_t)threads);
        if (pools[0] == NULL || pools[1] == NULL) {
            fprintf(stderr, "ab: no pools of %d threads\n", threads);
            a_tix_threadpool_destroy(pools[0]);
            b_tix_threadpool_destroy(pools[1]);
            return 1;
        }
        executor[0] = a_tix_threadpool_executor(pools[0]);
        executor[1] = b_tix_threadpool_executor(pools[1]);
        executors[0] = &executor[0];
        executors[1] = &executor[1];
    }
    int failed = 0;
    for (int k = first; k < argc; k++) {
        size_t which = 0;
        while (which < BENCH_WORKLOAD_COUNT && strcmp(a_bench_specs[which].name, argv[k]) != 0)
            which++;
        if (which == BENCH_WORKLOAD_COUNT) {
            fprintf(stderr, "ab: no workload named %s\n", argv[k]);
            failed = 1;
            continue;
        }
        failed |= compare(which, quick, in_place, variant, calls, block, executors, threads);
    }
    a_tix_threadpool_destroy(pools[0]);
    b_tix_threadpool_destroy(pools[1]);
    return failed;
}
