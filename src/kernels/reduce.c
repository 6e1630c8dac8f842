/* The reduction kernels of the scatters, per dtype, and their identities. The arithmetic of
 * each kind of type is written once, in reduce_real.h and reduce_complex.h. */
#include <math.h>
#include <string.h>

#include "../internal.h"
#include "float16.h"
#include "scatter_fused.h"

/* Names of generated functions: TIX_CAT(load, f32) is load_f32, TIX_CAT3(add, row, f32) is
 * add_row_f32 (an extra level so that macro arguments expand first). */
#define TIX_CAT_(a, b) a##_##b
#define TIX_CAT(a, b) TIX_CAT_(a, b)
#define TIX_CAT3_(a, b, c) a##_##b##_##c
#define TIX_CAT3(a, b, c) TIX_CAT3_(a, b, c)

#define PLAIN(x) (x)

/* The rows of the real dtypes a second time with their dense loops compiled for AVX2
 * (reduce_loops.h), which tix__reduce_kernel gives where the CPU has it: scatter_nd_rows under
 * add, mul and max 0.91-0.95x the time at 1 thread on Intel Emerald Rapids, where the
 * baseline's SSE2 combines four floats an instruction. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define WIDE_ROWS __attribute__((target("avx2")))
#define WIDE(name) wide_rows_##name
#else
#define WIDE(name) NULL
#endif

#define NAME i8
#define STORAGE int8_t
#define VALUE int8_t
#define LOAD PLAIN
#define STORE PLAIN
#define IS_FLOAT 0
#define IS_SIGNED 1
#define LOWEST INT8_MIN
#define HIGHEST INT8_MAX
#include "reduce_real.h"

#define NAME i16
#define STORAGE int16_t
#define VALUE int16_t
#define LOAD PLAIN
#define STORE PLAIN
#define IS_FLOAT 0
#define IS_SIGNED 1
#define LOWEST INT16_MIN
#define HIGHEST INT16_MAX
#include "reduce_real.h"

#define NAME i32
#define STORAGE int32_t
#define VALUE int32_t
#define LOAD PLAIN
#define STORE PLAIN
#define IS_FLOAT 0
#define IS_SIGNED 1
#define LOWEST INT32_MIN
#define HIGHEST INT32_MAX
#include "reduce_real.h"

#define NAME i64
#define STORAGE int64_t
#define VALUE int64_t
#define LOAD PLAIN
#define STORE PLAIN
#define IS_FLOAT 0
#define IS_SIGNED 1
#define LOWEST INT64_MIN
#define HIGHEST INT64_MAX
#include "reduce_real.h"

#define NAME u8
#define STORAGE uint8_t
#define VALUE uint8_t
#define LOAD PLAIN
#define STORE PLAIN
#define IS_FLOAT 0
#define IS_SIGNED 0
#define LOWEST 0
#define HIGHEST UINT8_MAX
#include "reduce_real.h"

#define NAME u16
#define STORAGE uint16_t
#define VALUE uint16_t
#define LOAD PLAIN
#define STORE PLAIN
#define IS_FLOAT 0
#define IS_SIGNED 0
#define LOWEST 0
#define HIGHEST UINT16_MAX
#include "reduce_real.h"

#define NAME u32
#define STORAGE uint32_t
#define VALUE uint32_t
#define LOAD PLAIN
#define STORE PLAIN
#define IS_FLOAT 0
#define IS_SIGNED 0
#define LOWEST 0
#define HIGHEST UINT32_MAX
#include "reduce_real.h"

#define NAME u64
#define STORAGE uint64_t
#define VALUE uint64_t
#define LOAD PLAIN
#define STORE PLAIN
#define IS_FLOAT 0
#define IS_SIGNED 0
#define LOWEST 0
#define HIGHEST UINT64_MAX
#include "reduce_real.h"

#define NAME f32
#define MEAN_DTYPE TIX_DTYPE_FLOAT32
#define STORAGE float
#define VALUE float
#define LOAD PLAIN
#define STORE PLAIN
#define IS_FLOAT 1
#define IS_SIGNED 1
#define LOWEST (-INFINITY)
#define HIGHEST INFINITY
#include "reduce_real.h"

#define NAME f64
#define MEAN_DTYPE TIX_DTYPE_FLOAT64
#define STORAGE double
#define VALUE double
#define LOAD PLAIN
#define STORE PLAIN
#define IS_FLOAT 1
#define IS_SIGNED 1
#define LOWEST (-INFINITY)
#define HIGHEST INFINITY
#include "reduce_real.h"

#define NAME f16
#define STORAGE uint16_t
#define VALUE float
#define LOAD tix__half_to_float
#define INFINITY_BITS 0x7C00
#define STORE tix__float_to_half
#define IS_FLOAT 1
#define IS_SIGNED 1
#define LOWEST (-INFINITY)
#define HIGHEST INFINITY
#include "reduce_real.h"

/* float16 once more, converting by F16C's instructions instead of in integers, where the CPU has
 * them (tix__simd_level at AVX2 or above; lookup below): scatter_elements_add_dup's shape in
 * float16 took 0.39x the time (15.5 ms against 40; float32 10.5), each update's two loads and
 * a store converted by one instruction each instead of a dozen. Both ways round to nearest
 * even and give subnormal float16 results whatever MXCSR says (F16C ignores FTZ; no float32
 * they convert is subnormal); they differ only where F16C quiets a signalling NaN, and every
 * kernel stores a NaN result as the canonical NaN or copies an element's bytes: the same bits
 * either way (test_simd). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CONVERTS_F16C 1
#include <immintrin.h>

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,f16c"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,f16c")
#endif

static inline float half_to_float_f16c(uint16_t h) {
    return _cvtsh_ss(h);
}

static inline uint16_t float_to_half_f16c(float f) {
    return (uint16_t)_cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT);
}

/* Dense rows under add, sub and mul, eight elements at once (ARITH_VECTORS below), as the
 * element loop takes each: widened, combined in float32, a NaN made the canonical one, rounded
 * to nearest even. The compiler does not vectorise the conversions' intrinsics itself
 * (scatter_nd_rows' shape in float16 under add, sub and mul: 0.36x the time). */
static inline __m256 halves_f16c(const char* p) {
    return _mm256_cvtph_ps(_mm_loadu_si128((const __m128i*)(const void*)p));
}

static inline void store_halves_f16c(char* p, __m256 v) {
    v = _mm256_blendv_ps(v, _mm256_set1_ps(NAN), _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
    _mm_storeu_si128((__m128i*)(void*)p, _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT));
}

static inline void add_vector_f16c(char* d, const char* s) {
    store_halves_f16c(d, _mm256_add_ps(halves_f16c(d), halves_f16c(s)));
}

static inline void sub_vector_f16c(char* d, const char* s) {
    store_halves_f16c(d, _mm256_sub_ps(halves_f16c(d), halves_f16c(s)));
}

static inline void mul_vector_f16c(char* d, const char* s) {
    store_halves_f16c(d, _mm256_mul_ps(halves_f16c(d), halves_f16c(s)));
}

/* (all of this copy is compiled for AVX2: its rows are its wide rows) */
#pragma push_macro("WIDE_ROWS")
#undef WIDE_ROWS
#define wide_rows_f16c rows_f16c
#define NAME f16c
#define STORAGE uint16_t
#define VALUE float
#define LOAD half_to_float_f16c
#define INFINITY_BITS 0x7C00
#define STORE float_to_half_f16c
#define MEAN_DTYPE TIX_DTYPE_FLOAT16
#define ARITH_VECTORS 8
#define IS_FLOAT 1
#define IS_SIGNED 1
#define LOWEST (-INFINITY)
#define HIGHEST INFINITY
#include "reduce_real.h"
#pragma pop_macro("WIDE_ROWS")

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

/* float16 a third time, computed in half precision, where the CPU has AVX512-FP16
 * (tix__simd_level at TIX__SIMD_AVX512_FP16; lookup below) and the compiler has _Float16 (GCC
 * 12, clang 15): an update's loads, operation and store take an instruction each, with no
 * conversion and no trip through a general register, and dense rows take 32 elements an
 * instruction (against the F16C copy: scatter_elements_add_dup's shape in float16 0.57x the
 * time, scatter_nd_rows' under max 0.07x; docs/PERFORMANCE-LOG.md). The same bits as the F16C
 * copy: that copy rounds an add, sub or mul of two float16 values to float32 and then to
 * float16, and since float32 keeps more than twice float16's 11 bits and two more (24 >= 2 *
 * 11 + 2) the two roundings give the one of the half-precision instruction (a product of two
 * float16 values is even exact in float32); min and max compare exactly either way; and the
 * FP16 instructions, as F16C's, ignore MXCSR's FTZ and DAZ (test_simd). A mean's quotient is
 * still taken in float32 and rounded once, as there (its count need not be a float16), sixteen
 * at a time where the sums are dense (tix__mean_simd). */
#if defined(__FLT16_MANT_DIG__)
#define COMPUTES_FP16 1

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512fp16,avx512bw,avx512vl,avx2,f16c"))), \
                             apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512fp16,avx512bw,avx512vl,avx2,f16c")
#endif

static inline _Float16 half_of_bits(uint16_t bits) {
    _Float16 h;
    memcpy(&h, &bits, sizeof h);
    return h;
}

static inline uint16_t bits_of_half(_Float16 h) {
    uint16_t bits;
    memcpy(&bits, &h, sizeof bits);
    return bits;
}

/* A mean's quotient, in float32 as the F16C copy takes it, by that copy's conversions: GCC
 * converts a _Float16 into float32 merging into the register of the last quotient, which
 * chained every quotient of a row to the one before (2x the time of the F16C copy's means) */
static inline _Float16 half_quotient(_Float16 sum, float count) {
    return half_of_bits(float_to_half_f16c(half_to_float_f16c(bits_of_half(sum)) / count));
}

/* (all of this copy is compiled for AVX-512: its rows are its wide rows) */
#pragma push_macro("WIDE_ROWS")
#undef WIDE_ROWS
#define wide_rows_fp16 rows_fp16
#define NAME fp16
#define MEAN_DTYPE TIX_DTYPE_FLOAT16
#define STORAGE uint16_t
#define VALUE _Float16
#define LOAD half_of_bits
#define STORE bits_of_half
#define QUOTIENT(sum, count) half_quotient(sum, (float)(count))
#define IS_FLOAT 1
#define IS_SIGNED 1
#define LOWEST (-INFINITY)
#define HIGHEST INFINITY
#include "reduce_real.h"
#pragma pop_macro("WIDE_ROWS")

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif
#endif

/* bfloat16's results rounded without the conversion's test for NaN: every value the kernels
 * store is an operation's result on bfloat16 values widened (their low 16 bits 0), a sum or
 * quotient of such, an identity or the canonical NaN, and a NaN among them has low bits 0 too
 * (its payload is an operand's, or the default NaN's), which rounding to nearest even then
 * leaves as they are. */
static inline uint16_t bfloat16_of_result(float f) {
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    return (uint16_t)tix__round_shift(x, 16);
}

#define NAME bf16
#define MEAN_DTYPE TIX_DTYPE_BFLOAT16
#define STORAGE uint16_t
#define VALUE float
#define LOAD tix__bfloat16_to_float
#define INFINITY_BITS 0x7F80
#define STORE bfloat16_of_result
#define IS_FLOAT 1
#define IS_SIGNED 1
#define LOWEST (-INFINITY)
#define HIGHEST INFINITY
#include "reduce_real.h"

#define NAME c64
#define PART float
#include "reduce_complex.h"

#define NAME c128
#define PART double
#include "reduce_complex.h"

/* bool: add = or, sub = xor, mul = and, max = or, min = and; stored as 0 or 1. */
static inline bool load_bool(const char* p) {
    return *(const unsigned char*)p != 0;
}

static inline void or_one_boolean(char* d, const char* s) {
    *d = load_bool(d) || load_bool(s);
}

static inline void xor_one_boolean(char* d, const char* s) {
    *d = load_bool(d) != load_bool(s);
}

static inline void and_one_boolean(char* d, const char* s) {
    *d = load_bool(d) && load_bool(s);
}

#define NAME boolean /* not bool: stdbool.h makes that a macro */
#define OP or
#include "reduce_loops.h"
#define OP xor
#include "reduce_loops.h"
#define OP and
#include "reduce_loops.h"
#undef NAME

static const tix__row_fn rows_boolean[TIX__REDUCTIONS] = {
    [TIX_REDUCTION_ADD] = or_row_boolean,  [TIX_REDUCTION_SUB] = xor_row_boolean,
    [TIX_REDUCTION_MUL] = and_row_boolean, [TIX_REDUCTION_MIN] = and_row_boolean,
    [TIX_REDUCTION_MAX] = or_row_boolean,  [TIX_REDUCTION_MEAN] = NULL,
};

static const tix__scatter_fn scatters_boolean[TIX__REDUCTIONS] = {
    [TIX_REDUCTION_ADD] = or_scatter_boolean,  [TIX_REDUCTION_SUB] = xor_scatter_boolean,
    [TIX_REDUCTION_MUL] = and_scatter_boolean, [TIX_REDUCTION_MIN] = and_scatter_boolean,
    [TIX_REDUCTION_MAX] = or_scatter_boolean,  [TIX_REDUCTION_MEAN] = NULL,
};

static const tix__fused_scatter_fn fused8s_boolean[TIX__REDUCTIONS] = {
    [TIX_REDUCTION_ADD] = or_fused8_boolean,  [TIX_REDUCTION_SUB] = xor_fused8_boolean,
    [TIX_REDUCTION_MUL] = and_fused8_boolean, [TIX_REDUCTION_MIN] = and_fused8_boolean,
    [TIX_REDUCTION_MAX] = or_fused8_boolean,  [TIX_REDUCTION_MEAN] = NULL,
};

static const tix__fused_scatter_fn fused4s_boolean[TIX__REDUCTIONS] = {
    [TIX_REDUCTION_ADD] = or_fused4_boolean,  [TIX_REDUCTION_SUB] = xor_fused4_boolean,
    [TIX_REDUCTION_MUL] = and_fused4_boolean, [TIX_REDUCTION_MIN] = and_fused4_boolean,
    [TIX_REDUCTION_MAX] = or_fused4_boolean,  [TIX_REDUCTION_MEAN] = NULL,
};

static void identity_boolean(tix_reduction reduction, void* out) {
    *(unsigned char*)out = reduction == TIX_REDUCTION_MUL || reduction == TIX_REDUCTION_MIN;
}

/* Everything the library computes with, per dtype; all NULL for moved-only dtypes. */
typedef struct reduction_kernels {
    const tix__row_fn* rows;         /* indexed by tix_reduction */
    const tix__scatter_fn* scatters; /* likewise */
    const tix__fused_scatter_fn* fused8s; /* likewise, int64 indices */
    const tix__fused_scatter_fn* fused4s; /* likewise, int32 indices */
    tix__mean_fn mean;
    void (*identity)(tix_reduction reduction, void* out);
    const tix__row_fn* folds; /* real floats: TIX_ACCUMULATE_CHUNKED, by tix_reduction */
    void (*chunk_start)(tix_reduction reduction, void* out);
    const tix__row_fn* wide_rows; /* rows, their dense loops for AVX2 (WIDE_ROWS), or NULL */
} reduction_kernels;

#define KERNELS(name)                                                                       \
    {rows_##name, scatters_##name, fused8s_##name, fused4s_##name, mean_##name, identity_##name, \
     NULL,        NULL,            WIDE(name)}
#define KERNELS_NO_MEAN(name)                                                                \
    {rows_##name, scatters_##name, fused8s_##name, fused4s_##name, NULL, identity_##name, NULL, \
     NULL,        NULL}
#define KERNELS_FLOAT(name)                                                                 \
    {rows_##name, scatters_##name, fused8s_##name, fused4s_##name, mean_##name, identity_##name, \
     folds_##name, chunk_start_##name, WIDE(name)}

static const reduction_kernels kernels[TIX_DTYPE_COUNT] = {
    [TIX_DTYPE_INT8] = KERNELS(i8),       [TIX_DTYPE_INT16] = KERNELS(i16),
    [TIX_DTYPE_INT32] = KERNELS(i32),     [TIX_DTYPE_INT64] = KERNELS(i64),
    [TIX_DTYPE_UINT8] = KERNELS(u8),      [TIX_DTYPE_UINT16] = KERNELS(u16),
    [TIX_DTYPE_UINT32] = KERNELS(u32),    [TIX_DTYPE_UINT64] = KERNELS(u64),
    [TIX_DTYPE_FLOAT32] = KERNELS_FLOAT(f32), [TIX_DTYPE_FLOAT64] = KERNELS_FLOAT(f64),
    [TIX_DTYPE_FLOAT16] = KERNELS_FLOAT(f16), [TIX_DTYPE_BFLOAT16] = KERNELS_FLOAT(bf16),
    [TIX_DTYPE_COMPLEX64] = KERNELS_NO_MEAN(c64), [TIX_DTYPE_COMPLEX128] = KERNELS_NO_MEAN(c128),
    [TIX_DTYPE_BOOL] = KERNELS_NO_MEAN(boolean),
};

static const reduction_kernels* lookup(tix_dtype dtype) {
    static const reduction_kernels none;
#ifdef COMPUTES_FP16
    static const reduction_kernels float16_fp16 = KERNELS_FLOAT(fp16);
    if (dtype == TIX_DTYPE_FLOAT16 && tix__simd_level() >= TIX__SIMD_AVX512_FP16)
        return &float16_fp16;
#endif
#ifdef CONVERTS_F16C
    static const reduction_kernels float16_f16c = KERNELS_FLOAT(f16c);
    if (dtype == TIX_DTYPE_FLOAT16 && tix__simd_level() >= TIX__SIMD_AVX2)
        return &float16_f16c;
#endif
    return (unsigned)dtype < TIX_DTYPE_COUNT ? &kernels[dtype] : &none;
}

tix__row_fn tix__reduce_kernel(tix_dtype dtype, tix_reduction reduction) {
    if (reduction == TIX_REDUCTION_NONE) return tix__move_kernel(tix_dtype_size(dtype));
    const reduction_kernels* k = lookup(dtype);
    const tix__row_fn* rows =
        k->wide_rows != NULL && tix__simd_level() >= TIX__SIMD_AVX2 ? k->wide_rows : k->rows;
    if (rows == NULL || (unsigned)reduction >= TIX__REDUCTIONS) return NULL;
    return rows[reduction];
}

tix__scatter_fn tix__scatter_kernel(tix_dtype dtype, tix_reduction reduction) {
    if (reduction == TIX_REDUCTION_NONE) return tix__place_kernel(tix_dtype_size(dtype));
    const tix__scatter_fn* scatters = lookup(dtype)->scatters;
    if (scatters == NULL || (unsigned)reduction >= TIX__REDUCTIONS) return NULL;
    return scatters[reduction];
}

tix__fused_scatter_fn tix__fused_scatter_kernel(tix_dtype dtype, tix_reduction reduction,
                                                tix_dtype index_dtype) {
    if (reduction == TIX_REDUCTION_NONE) {
        return tix__fused_place_kernel(tix_dtype_size(dtype), index_dtype);
    }
    const reduction_kernels* k = lookup(dtype);
    const tix__fused_scatter_fn* table = index_dtype == TIX_DTYPE_INT64   ? k->fused8s
                                         : index_dtype == TIX_DTYPE_INT32 ? k->fused4s
                                                                          : NULL;
    if (table == NULL || (unsigned)reduction >= TIX__REDUCTIONS) return NULL;
    return table[reduction];
}

tix__mean_fn tix__mean_kernel(tix_dtype dtype) {
    return lookup(dtype)->mean;
}

void tix__reduction_identity(tix_dtype dtype, tix_reduction reduction, void* out) {
    lookup(dtype)->identity(reduction, out);
}

/* Integers wrap, so any grouping of add, sub (a group's result is minus its sum: folded in by
 * add), mul, min and max comes out the same; min and max of real floats keep the first winner,
 * a NaN included, which grouping keeps too. Float add, sub, mul and mean round differently per
 * grouping; none keeps the last writer; booleans are normalised by every operation, so a fold
 * would rewrite elements no update reaches. */
tix__row_fn tix__merge_kernel(tix_dtype dtype, tix_reduction reduction) {
    tix__kind kind = tix__dtype_kind(dtype);
    bool integer = kind == TIX__KIND_SIGNED || kind == TIX__KIND_UNSIGNED;
    bool extreme = reduction == TIX_REDUCTION_MIN || reduction == TIX_REDUCTION_MAX;
    if (integer && reduction == TIX_REDUCTION_SUB)
        return tix__reduce_kernel(dtype, TIX_REDUCTION_ADD);
    bool exact = integer ? reduction != TIX_REDUCTION_NONE && reduction < TIX_REDUCTION_MEAN
                         : kind == TIX__KIND_FLOAT && extreme;
    return exact ? tix__reduce_kernel(dtype, reduction) : NULL;
}

tix__row_fn tix__chunk_kernel(tix_dtype dtype, tix_reduction reduction, void* start) {
    const reduction_kernels* k = lookup(dtype);
    if (k->folds == NULL || (unsigned)reduction > TIX_REDUCTION_MEAN || k->folds[reduction] == NULL)
        return NULL;
    k->chunk_start(reduction, start);
    return k->folds[reduction];
}
