/* The variants of a workload's options that bench/options.c times, each beside the workload's
 * own, and that bench/ab.c -v applies to both builds: int32 indices, negative indices that wrap,
 * indices out of range under clamp and ignore, other reductions, exclude_self, other dtypes of
 * the data (float16, bfloat16, int8, float64), and float16 under a scatter's other reductions
 * ("float16-add", "float16-max", ...). */
#ifndef TIX_BENCH_VARIANTS_H
#define TIX_BENCH_VARIANTS_H

#include "bench_workloads.h"

enum { BENCH_MAX_VARIANTS = 24, BENCH_MAX_MADE = 32 };

/* A variant's tensors replace the case's for its calls (the case's own where it keeps them). */
typedef struct bench_variant {
    const char* key;  /* for the command line: "int32", "ignore-64", "mean", "float16", ... */
    const char* name; /* what it is, in words */
    tix_options options;
    tix_tensor indices, data, updates, output;
} bench_variant;

typedef struct bench_variants {
    int count;
    bench_variant variant[BENCH_MAX_VARIANTS]; /* [0]: the workload's own options */
    void* made[BENCH_MAX_MADE];                /* the buffers made for them */
    int made_count;
} bench_variants;

/* The variants of case c (set up by bench_case_setup), `own` being its options with the
 * executor to use. false when memory runs out (the set is then freed). */
bool bench_variants_make(bench_variants* set, const bench_case* c, const tix_options* own);
/* The variant with this key, or NULL. */
const bench_variant* bench_variants_find(const bench_variants* set, const char* key);
/* Case c with variant v's options and tensors; a copy of c taken before puts its own back (the
 * case frees its own tensors, the set the variants'). */
void bench_variant_apply(bench_case* c, const bench_variant* v);
void bench_variants_free(bench_variants* set);

#endif /* TIX_BENCH_VARIANTS_H */
