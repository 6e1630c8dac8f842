/* Reduction kernels of one real dtype. Included by reduce.c once per dtype (no include guard, on
 * purpose) with these defined:
 *   NAME      suffix of the generated functions (f32, i8, ...)
 *   STORAGE   the element as stored;  VALUE  the type computed in
 *   LOAD(s)   STORAGE -> VALUE;       STORE(v)  VALUE -> STORAGE (rounding for float16/bfloat16)
 *   IS_FLOAT  1 for floating types;   IS_SIGNED  1 for signed integers
 *   LOWEST, HIGHEST  the identities of max and min
 * and, where VALUE is too narrow to hold a count, QUOTIENT(sum, count): a mean's quotient, as
 * VALUE (by default sum / (VALUE)count); MEAN_DTYPE, the dtype tix__mean_simd takes this
 * copy's dense means as (by default TIX_DTYPE_UNDEFINED: none); for a 16-bit float
 * compared by its bits, INFINITY_BITS, infinity's (0x7C00 float16, 0x7F80 bfloat16); and
 * where the copy writes add, sub and mul of whole vectors itself (add_vector_NAME, ...),
 * ARITH_VECTORS, their elements.
 * Integer add/sub/mul run in uint64_t so that they wrap instead of overflowing. */

#ifndef QUOTIENT
#define QUOTIENT(sum, count) ((sum) / (VALUE)(count))
#endif
#ifndef MEAN_DTYPE
#define MEAN_DTYPE TIX_DTYPE_UNDEFINED
#endif

static inline VALUE TIX_CAT(load, NAME)(const char* p) {
    STORAGE s;
    memcpy(&s, p, sizeof s);
    return LOAD(s);
}

static inline void TIX_CAT(store, NAME)(char* p, VALUE v) {
    STORAGE s = STORE(v);
    memcpy(p, &s, sizeof s);
}

#if IS_FLOAT
#define ARITH(a, op, b) ((a)op(b))
/* Which NaN an operation returns depends on the processor and on the order the compiler gives
 * the operands; storing the one canonical NaN keeps results bitwise equal everywhere. */
#define CANONICAL(v) (isnan(v) ? (VALUE)NAN : (v))

TIX__RARE void TIX_CAT(store_nan, NAME)(char* p) {
    TIX_CAT(store, NAME)(p, (VALUE)NAN);
}

/* store(CANONICAL(v)) for the result of one update, in two steps: v stored, then the canonical
 * NaN over it where v is one, out of line, so that the test does not stand between the result
 * and its store (scatter_elements_add_dup: 0.89-0.91x the time). */
static inline void TIX_CAT(store_result, NAME)(char* p, VALUE v) {
    TIX_CAT(store, NAME)(p, v);
    if (isnan(v))
        TIX_CAT(store_nan, NAME)(p);
}
#else
#define ARITH(a, op, b) ((VALUE)((uint64_t)(a)op(uint64_t)(b)))
#define CANONICAL(v) (v)

static inline void TIX_CAT(store_result, NAME)(char* p, VALUE v) {
    TIX_CAT(store, NAME)(p, v);
}
#endif

static inline void TIX_CAT3(add, one, NAME)(char* d, const char* s) {
    TIX_CAT(store_result, NAME)(d, ARITH(TIX_CAT(load, NAME)(d), +, TIX_CAT(load, NAME)(s)));
}

static inline void TIX_CAT3(sub, one, NAME)(char* d, const char* s) {
    TIX_CAT(store_result, NAME)(d, ARITH(TIX_CAT(load, NAME)(d), -, TIX_CAT(load, NAME)(s)));
}

static inline void TIX_CAT3(mul, one, NAME)(char* d, const char* s) {
    TIX_CAT(store_result, NAME)(d, ARITH(TIX_CAT(load, NAME)(d), *, TIX_CAT(load, NAME)(s)));
}

#ifdef INFINITY_BITS
/* A 16-bit float's place in the order of its values, from its bits: the magnitude, negated
 * where the sign is set (so -0 and +0 tie, as they compare); NaNs are the magnitudes above
 * infinity's. */
static inline int16_t TIX_CAT(rank, NAME)(STORAGE s) {
    int16_t magnitude = (int16_t)(s & 0x7FFF), sign = (int16_t)-(s >> 15); /* 0 or -1 */
    return (int16_t)((magnitude ^ sign) - sign);
}
#endif

/* min (lower) and max copy the winning element's bytes, so float16/bfloat16 are never
 * re-rounded. A NaN in the output stays; a NaN update replaces; ties keep the output. The winner
 * is selected, not branched to, since which one wins is as random as the data: integers get a
 * conditional move (int32 max 0.87x the time), and so do the floats once a test that almost
 * never branches has set NaNs apart (max into rows of distinct destinations: 0.3x the time,
 * float16 and bfloat16 by their bytes 0.26x; GCC branched on the combined test, which missed
 * as often as the winner changed). In dense rows (`dense`, a constant at every use) two more
 * selections set NaNs apart instead, and the loop has no branch (reduce_loops.h); there the
 * 16-bit floats that define INFINITY_BITS compare their bits' ranks, not their values, which
 * the compiler vectorises without a conversion (scatter_nd_rows' shape under max: float16 with
 * F16C 0.37x the time, bfloat16 0.90x). A single update converts: the ranks cost more there. */
static inline void TIX_CAT(extreme, NAME)(char* d, const char* s, bool lower, bool dense) {
    (void)dense; /* (integers: the same either way) */
    STORAGE a, b;
    memcpy(&a, d, sizeof a);
    memcpy(&b, s, sizeof b);
#if IS_FLOAT
    VALUE va = LOAD(a), vb = LOAD(b);
    bool wins = lower ? vb < va : vb > va, nan_a = isnan(va), nan_b = isnan(vb);
#ifdef INFINITY_BITS
    if (dense) {
        int16_t ra = TIX_CAT(rank, NAME)(a), rb = TIX_CAT(rank, NAME)(b);
        wins = lower ? rb < ra : rb > ra;
        nan_a = (a & 0x7FFF) > INFINITY_BITS;
        nan_b = (b & 0x7FFF) > INFINITY_BITS;
    }
#endif
    if (dense || !isunordered(va, vb)) {
        STORAGE w = wins ? b : a;
        w = dense && nan_b ? b : w;
        w = dense && nan_a ? a : w;
        memcpy(d, &w, sizeof w);
        return;
    }
    wins = (!nan_a) & (nan_b | wins);
#else
    bool wins = lower ? b < a : b > a;
#endif
    a = wins ? b : a;
    memcpy(d, &a, sizeof a);
}

static inline void TIX_CAT3(min, one, NAME)(char* d, const char* s) {
    TIX_CAT(extreme, NAME)(d, s, true, false);
}

static inline void TIX_CAT3(max, one, NAME)(char* d, const char* s) {
    TIX_CAT(extreme, NAME)(d, s, false, false);
}

/* The same five for the dense rows of reduce_loops.h (DENSE_ROWS), without a branch, so that
 * the compiler vectorises the loop: add, sub and mul store what CANONICAL makes of the result
 * instead of testing it after the store. */
static inline void TIX_CAT3(add, dense, NAME)(char* d, const char* s) {
    VALUE v = ARITH(TIX_CAT(load, NAME)(d), +, TIX_CAT(load, NAME)(s));
    TIX_CAT(store, NAME)(d, CANONICAL(v));
}

static inline void TIX_CAT3(sub, dense, NAME)(char* d, const char* s) {
    VALUE v = ARITH(TIX_CAT(load, NAME)(d), -, TIX_CAT(load, NAME)(s));
    TIX_CAT(store, NAME)(d, CANONICAL(v));
}

static inline void TIX_CAT3(mul, dense, NAME)(char* d, const char* s) {
    VALUE v = ARITH(TIX_CAT(load, NAME)(d), *, TIX_CAT(load, NAME)(s));
    TIX_CAT(store, NAME)(d, CANONICAL(v));
}

static inline void TIX_CAT3(min, dense, NAME)(char* d, const char* s) {
    TIX_CAT(extreme, NAME)(d, s, true, true);
}

static inline void TIX_CAT3(max, dense, NAME)(char* d, const char* s) {
    TIX_CAT(extreme, NAME)(d, s, false, true);
}

/* TIX__REDUCTION_TALLY: the sum as add's, and its count (internal.h) */
static inline void TIX_CAT3(tally, one, NAME)(char* d, const char* s) {
    TIX_CAT3(add, one, NAME)(d, s);
    char* count = d + tix__tally_bytes(sizeof(STORAGE)) / 2;
    int32_t c;
    memcpy(&c, count, sizeof c);
    c++;
    memcpy(count, &c, sizeof c);
}

#define OP add
#define DENSE_ROWS
#ifdef ARITH_VECTORS
#define DENSE_VECTORS ARITH_VECTORS
#endif
#include "reduce_loops.h"
#define OP tally
#include "reduce_loops.h"
#define OP sub
#define DENSE_ROWS
#ifdef ARITH_VECTORS
#define DENSE_VECTORS ARITH_VECTORS
#endif
#include "reduce_loops.h"
#define OP mul
#define DENSE_ROWS
#ifdef ARITH_VECTORS
#define DENSE_VECTORS ARITH_VECTORS
#endif
#include "reduce_loops.h"
#define OP min
#define DENSE_ROWS
#include "reduce_loops.h"
#define OP max
#define DENSE_ROWS
#include "reduce_loops.h"

/* The sum becomes the mean; integers round toward negative infinity. Elements no update
 * reached keep their bytes. */
static void TIX_CAT(mean, NAME)(char* dst, int64_t ds, const char* counts, int64_t cs,
                                size_t count_size, int64_t self, int64_t n) {
#if IS_FLOAT
    if (MEAN_DTYPE != TIX_DTYPE_UNDEFINED && count_size == sizeof(int32_t)) {
        /* float32, float64, bfloat16 and float16 (its F16C and AVX512-FP16 copies) and int32
         * counts: a loop without branches, which the compiler vectorises where both are dense;
         * each quotient is computed (by a divisor that is never 0) and the old bytes selected
         * where no update came (the counts stay below INT32_MAX, so the divisor fits); whole
         * vectors first where the CPU has them (AVX2, AVX-512F: scatter_elements_unique's
         * shape under mean 0.80x the time at 1 thread, 0.71x at 2, on Intel Emerald Rapids) */
        bool dense = ds == (int64_t)sizeof(STORAGE) && cs == (int64_t)sizeof(int32_t);
        int64_t i = dense ? tix__mean_simd(dst, counts, self, n, MEAN_DTYPE) : 0;
        for (; i < n; i++) {
            int32_t count;
            memcpy(&count, counts + i * cs, sizeof count);
            STORAGE old;
            memcpy(&old, dst + i * ds, sizeof old);
            VALUE sum = LOAD(old);
            int32_t divisor = count + (int32_t)self + (count == 0);
            VALUE mean = CANONICAL(QUOTIENT(sum, divisor));
            STORAGE result = count != 0 ? STORE(mean) : old;
            memcpy(dst + i * ds, &result, sizeof result);
        }
        return;
    }
#endif
    for (int64_t i = 0; i < n; i++) {
        int64_t count;
        if (count_size == sizeof(int32_t)) {
            int32_t narrow;
            memcpy(&narrow, counts + i * cs, sizeof narrow);
            count = narrow;
        } else {
            memcpy(&count, counts + i * cs, sizeof count);
        }
        if (count == 0) continue;
        count += self;
        char* d = dst + i * ds;
        VALUE sum = TIX_CAT(load, NAME)(d);
#if IS_FLOAT
        TIX_CAT(store, NAME)(d, CANONICAL(QUOTIENT(sum, count)));
#elif IS_SIGNED
        int64_t quotient = (int64_t)sum / count;
        if ((int64_t)sum % count != 0 && sum < 0) quotient--;
        TIX_CAT(store, NAME)(d, (VALUE)quotient);
#else
        TIX_CAT(store, NAME)(d, (VALUE)((uint64_t)sum / (uint64_t)count));
#endif
    }
}

static void TIX_CAT(identity, NAME)(tix_reduction reduction, void* out) {
    VALUE v = 0;
    if (reduction == TIX_REDUCTION_MUL) v = 1;
    if (reduction == TIX_REDUCTION_MIN) v = HIGHEST;
    if (reduction == TIX_REDUCTION_MAX) v = LOWEST;
    TIX_CAT(store, NAME)(out, v);
}

#if IS_FLOAT
/* TIX_ACCUMULATE_CHUNKED (tix.h): a later chunk's result folded into the output, by add (add,
 * sub) or mul, except where it is still the chunk's start bit for bit. */
static void TIX_CAT(fold, NAME)(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n,
                                VALUE start, bool product) {
    STORAGE left = STORE(start);
    for (int64_t i = 0; i < n; i++) {
        if (memcmp(src + i * ss, &left, sizeof left) == 0)
            continue;
        if (product) {
            TIX_CAT3(mul, one, NAME)(dst + i * ds, src + i * ss);
        } else {
            TIX_CAT3(add, one, NAME)(dst + i * ds, src + i * ss);
        }
    }
}

static void TIX_CAT(fold_sum, NAME)(char* dst, int64_t ds, const char* src, int64_t ss,
                                    int64_t n) {
    TIX_CAT(fold, NAME)(dst, ds, src, ss, n, (VALUE)-0.0, false);
}

static void TIX_CAT(fold_product, NAME)(char* dst, int64_t ds, const char* src, int64_t ss,
                                        int64_t n) {
    TIX_CAT(fold, NAME)(dst, ds, src, ss, n, (VALUE)1, true);
}

/* The folds by reduction, and the value a chunk starts from: -0 (add, sub) or 1 (mul). */
static const tix__row_fn TIX_CAT(folds, NAME)[] = {
    [TIX_REDUCTION_ADD] = TIX_CAT(fold_sum, NAME),
    [TIX_REDUCTION_SUB] = TIX_CAT(fold_sum, NAME),
    [TIX_REDUCTION_MUL] = TIX_CAT(fold_product, NAME),
    [TIX_REDUCTION_MEAN] = NULL,
};

static void TIX_CAT(chunk_start, NAME)(tix_reduction reduction, void* out) {
    TIX_CAT(store, NAME)(out, reduction == TIX_REDUCTION_MUL ? (VALUE)1 : (VALUE)-0.0);
}
#endif

static const tix__row_fn TIX_CAT(rows, NAME)[TIX__REDUCTIONS] = {
    [TIX_REDUCTION_ADD] = TIX_CAT3(add, row, NAME), [TIX_REDUCTION_SUB] = TIX_CAT3(sub, row, NAME),
    [TIX_REDUCTION_MUL] = TIX_CAT3(mul, row, NAME), [TIX_REDUCTION_MIN] = TIX_CAT3(min, row, NAME),
    [TIX_REDUCTION_MAX] = TIX_CAT3(max, row, NAME), [TIX_REDUCTION_MEAN] = TIX_CAT3(add, row, NAME),
    [TIX__REDUCTION_TALLY] = TIX_CAT3(tally, row, NAME),
};

#ifdef WIDE_ROWS
/* The same rows with their dense loops compiled for AVX2 (reduce_loops.h; tally has none) */
static const tix__row_fn TIX_CAT(wide_rows, NAME)[TIX__REDUCTIONS] = {
    [TIX_REDUCTION_ADD] = TIX_CAT3(add, wide_row, NAME),
    [TIX_REDUCTION_SUB] = TIX_CAT3(sub, wide_row, NAME),
    [TIX_REDUCTION_MUL] = TIX_CAT3(mul, wide_row, NAME),
    [TIX_REDUCTION_MIN] = TIX_CAT3(min, wide_row, NAME),
    [TIX_REDUCTION_MAX] = TIX_CAT3(max, wide_row, NAME),
    [TIX_REDUCTION_MEAN] = TIX_CAT3(add, wide_row, NAME),
    [TIX__REDUCTION_TALLY] = TIX_CAT3(tally, row, NAME),
};
#endif

static const tix__scatter_fn TIX_CAT(scatters, NAME)[TIX__REDUCTIONS] = {
    [TIX_REDUCTION_ADD] = TIX_CAT3(add, scatter, NAME),
    [TIX_REDUCTION_SUB] = TIX_CAT3(sub, scatter, NAME),
    [TIX_REDUCTION_MUL] = TIX_CAT3(mul, scatter, NAME),
    [TIX_REDUCTION_MIN] = TIX_CAT3(min, scatter, NAME),
    [TIX_REDUCTION_MAX] = TIX_CAT3(max, scatter, NAME),
    [TIX_REDUCTION_MEAN] = TIX_CAT3(add, scatter, NAME),
    [TIX__REDUCTION_TALLY] = TIX_CAT3(tally, scatter, NAME),
};

static const tix__fused_scatter_fn TIX_CAT(fused8s, NAME)[TIX__REDUCTIONS] = {
    [TIX_REDUCTION_ADD] = TIX_CAT3(add, fused8, NAME), [TIX_REDUCTION_SUB] = TIX_CAT3(sub, fused8, NAME),
    [TIX_REDUCTION_MUL] = TIX_CAT3(mul, fused8, NAME), [TIX_REDUCTION_MIN] = TIX_CAT3(min, fused8, NAME),
    [TIX_REDUCTION_MAX] = TIX_CAT3(max, fused8, NAME), [TIX_REDUCTION_MEAN] = TIX_CAT3(add, fused8, NAME),
    [TIX__REDUCTION_TALLY] = TIX_CAT3(tally, fused8, NAME),
};

static const tix__fused_scatter_fn TIX_CAT(fused4s, NAME)[TIX__REDUCTIONS] = {
    [TIX_REDUCTION_ADD] = TIX_CAT3(add, fused4, NAME), [TIX_REDUCTION_SUB] = TIX_CAT3(sub, fused4, NAME),
    [TIX_REDUCTION_MUL] = TIX_CAT3(mul, fused4, NAME), [TIX_REDUCTION_MIN] = TIX_CAT3(min, fused4, NAME),
    [TIX_REDUCTION_MAX] = TIX_CAT3(max, fused4, NAME), [TIX_REDUCTION_MEAN] = TIX_CAT3(add, fused4, NAME),
    [TIX__REDUCTION_TALLY] = TIX_CAT3(tally, fused4, NAME),
};

#undef ARITH
#undef CANONICAL
#undef NAME
#undef STORAGE
#undef VALUE
#undef LOAD
#undef STORE
#undef IS_FLOAT
#undef IS_SIGNED
#undef LOWEST
#undef HIGHEST
#undef QUOTIENT
#undef MEAN_DTYPE
#undef INFINITY_BITS
#undef ARITH_VECTORS
