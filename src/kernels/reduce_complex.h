/* Reduction kernels of one complex dtype: add, sub, mul. Included by reduce.c once per dtype
 * with NAME (suffix) and PART (float or double) defined. A NaN part is stored as the canonical
 * NaN, as for the real types. */

static inline void TIX_CAT(store, NAME)(char* d, PART re, PART im) {
    PART v[2] = {isnan(re) ? (PART)NAN : re, isnan(im) ? (PART)NAN : im};
    memcpy(d, v, sizeof v);
}

static inline void TIX_CAT3(add, one, NAME)(char* d, const char* s) {
    PART a[2], b[2];
    memcpy(a, d, sizeof a);
    memcpy(b, s, sizeof b);
    TIX_CAT(store, NAME)(d, a[0] + b[0], a[1] + b[1]);
}

static inline void TIX_CAT3(sub, one, NAME)(char* d, const char* s) {
    PART a[2], b[2];
    memcpy(a, d, sizeof a);
    memcpy(b, s, sizeof b);
    TIX_CAT(store, NAME)(d, a[0] - b[0], a[1] - b[1]);
}

/* (a + bi)(c + di) = (ac - bd) + (ad + bc)i, as written (no fused multiply-add). */
static inline void TIX_CAT3(mul, one, NAME)(char* d, const char* s) {
    PART a[2], b[2];
    memcpy(a, d, sizeof a);
    memcpy(b, s, sizeof b);
    TIX_CAT(store, NAME)(d, a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]);
}

#define OP add
#include "reduce_loops.h"
#define OP sub
#include "reduce_loops.h"
#define OP mul
#include "reduce_loops.h"

static void TIX_CAT(identity, NAME)(tix_reduction reduction, void* out) {
    PART v[2] = {reduction == TIX_REDUCTION_MUL ? 1 : 0, 0};
    memcpy(out, v, sizeof v);
}

/* complex: add, sub and mul only */
static const tix__row_fn TIX_CAT(rows, NAME)[TIX__REDUCTIONS] = {
    [TIX_REDUCTION_ADD] = TIX_CAT3(add, row, NAME),
    [TIX_REDUCTION_SUB] = TIX_CAT3(sub, row, NAME),
    [TIX_REDUCTION_MUL] = TIX_CAT3(mul, row, NAME),
    [TIX_REDUCTION_MEAN] = NULL,
};

static const tix__scatter_fn TIX_CAT(scatters, NAME)[TIX__REDUCTIONS] = {
    [TIX_REDUCTION_ADD] = TIX_CAT3(add, scatter, NAME),
    [TIX_REDUCTION_SUB] = TIX_CAT3(sub, scatter, NAME),
    [TIX_REDUCTION_MUL] = TIX_CAT3(mul, scatter, NAME),
    [TIX_REDUCTION_MEAN] = NULL,
};

static const tix__fused_scatter_fn TIX_CAT(fused8s, NAME)[TIX__REDUCTIONS] = {
    [TIX_REDUCTION_ADD] = TIX_CAT3(add, fused8, NAME),
    [TIX_REDUCTION_SUB] = TIX_CAT3(sub, fused8, NAME),
    [TIX_REDUCTION_MUL] = TIX_CAT3(mul, fused8, NAME),
    [TIX_REDUCTION_MEAN] = NULL,
};

static const tix__fused_scatter_fn TIX_CAT(fused4s, NAME)[TIX__REDUCTIONS] = {
    [TIX_REDUCTION_ADD] = TIX_CAT3(add, fused4, NAME),
    [TIX_REDUCTION_SUB] = TIX_CAT3(sub, fused4, NAME),
    [TIX_REDUCTION_MUL] = TIX_CAT3(mul, fused4, NAME),
    [TIX_REDUCTION_MEAN] = NULL,
};

#undef NAME
#undef PART
