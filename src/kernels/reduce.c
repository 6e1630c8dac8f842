/* The reduction kernels of the scatters, per dtype, and their identities. The arithmetic of
 * each kind of type is written once, in reduce_real.h and reduce_complex.h. */
#include <math.h>
#include <string.h>

#include "../internal.h"
#include "float16.h"

#define PLAIN(x) (x)

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
#define STORE tix__float_to_half
#define IS_FLOAT 1
#define IS_SIGNED 1
#define LOWEST (-INFINITY)
#define HIGHEST INFINITY
#include "reduce_real.h"

#define NAME bf16
#define STORAGE uint16_t
#define VALUE float
#define LOAD tix__bfloat16_to_float
#define STORE tix__float_to_bfloat16
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
static bool load_bool(const char* p) {
    return *(const unsigned char*)p != 0;
}

static void or_bool(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    for (int64_t i = 0; i < n; i++) dst[i * ds] = load_bool(dst + i * ds) || load_bool(src + i * ss);
}

static void xor_bool(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    for (int64_t i = 0; i < n; i++) dst[i * ds] = load_bool(dst + i * ds) != load_bool(src + i * ss);
}

static void and_bool(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    for (int64_t i = 0; i < n; i++) dst[i * ds] = load_bool(dst + i * ds) && load_bool(src + i * ss);
}

static const tix__row_fn reducers_bool[] = {
    [TIX_REDUCTION_ADD] = or_bool,  [TIX_REDUCTION_SUB] = xor_bool, [TIX_REDUCTION_MUL] = and_bool,
    [TIX_REDUCTION_MIN] = and_bool, [TIX_REDUCTION_MAX] = or_bool,  [TIX_REDUCTION_MEAN] = NULL,
};

static void identity_bool(tix_reduction reduction, void* out) {
    *(unsigned char*)out = reduction == TIX_REDUCTION_MUL || reduction == TIX_REDUCTION_MIN;
}

/* Everything the library computes with, per dtype; NULL tables for moved-only dtypes. */
typedef struct reduction_kernels {
    const tix__row_fn* reducers; /* indexed by tix_reduction */
    tix__mean_fn mean;
    void (*identity)(tix_reduction reduction, void* out);
} reduction_kernels;

static const reduction_kernels kernels[TIX_DTYPE_COUNT] = {
    [TIX_DTYPE_INT8] = {reducers_i8, mean_i8, identity_i8},
    [TIX_DTYPE_INT16] = {reducers_i16, mean_i16, identity_i16},
    [TIX_DTYPE_INT32] = {reducers_i32, mean_i32, identity_i32},
    [TIX_DTYPE_INT64] = {reducers_i64, mean_i64, identity_i64},
    [TIX_DTYPE_UINT8] = {reducers_u8, mean_u8, identity_u8},
    [TIX_DTYPE_UINT16] = {reducers_u16, mean_u16, identity_u16},
    [TIX_DTYPE_UINT32] = {reducers_u32, mean_u32, identity_u32},
    [TIX_DTYPE_UINT64] = {reducers_u64, mean_u64, identity_u64},
    [TIX_DTYPE_FLOAT32] = {reducers_f32, mean_f32, identity_f32},
    [TIX_DTYPE_FLOAT64] = {reducers_f64, mean_f64, identity_f64},
    [TIX_DTYPE_FLOAT16] = {reducers_f16, mean_f16, identity_f16},
    [TIX_DTYPE_BFLOAT16] = {reducers_bf16, mean_bf16, identity_bf16},
    [TIX_DTYPE_COMPLEX64] = {reducers_c64, NULL, identity_c64},
    [TIX_DTYPE_COMPLEX128] = {reducers_c128, NULL, identity_c128},
    [TIX_DTYPE_BOOL] = {reducers_bool, NULL, identity_bool},
};

static const reduction_kernels* lookup(tix_dtype dtype) {
    static const reduction_kernels none;
    return (unsigned)dtype < TIX_DTYPE_COUNT ? &kernels[dtype] : &none;
}

tix__row_fn tix__reduce_kernel(tix_dtype dtype, tix_reduction reduction) {
    if (reduction == TIX_REDUCTION_NONE) return tix__move_kernel(tix_dtype_size(dtype));
    const tix__row_fn* reducers = lookup(dtype)->reducers;
    if (reducers == NULL || (unsigned)reduction > TIX_REDUCTION_MEAN) return NULL;
    return reducers[reduction];
}

tix__mean_fn tix__mean_kernel(tix_dtype dtype) {
    return lookup(dtype)->mean;
}

void tix__reduction_identity(tix_dtype dtype, tix_reduction reduction, void* out) {
    lookup(dtype)->identity(reduction, out);
}
