/* libFuzzer target for one tix operation, chosen at compile time: FUZZ_OP 0 gather, 1 scatter,
 * 2 gather_elements, 3 scatter_elements, 4 gather_nd, 5 scatter_nd (fuzz/CMakeLists.txt builds
 * six programs from this file).
 *
 * The input bytes decode into one call (the byte format is in docs/TESTING.md and in
 * fuzz/make_corpus.c, which writes seeds in it): dtypes (all 20, and values that are no dtype),
 * index dtypes, options (every enum value and some out of range, a fill value, exclude_self,
 * NULL options, a diagnostic, an executor: none, a checking one, or the built-in pool with two
 * threads), ranks 0 to 16 and beyond, dimensions (small, zero, big, negative, near 2^63), axis
 * and batch_dims (valid, negative, out of range), a layout per tensor (dense, permuted, padded,
 * negative, zero and arbitrary strides, huge strides), index values (in range, negative, just
 * out of range, type extremes, any 64 bits), element values, and perturbations that break one
 * rule: a dimension, a rank, a dtype, a NULL data pointer, an output that overlaps an input or
 * itself, a misaligned view.
 *
 * Every view lives in a buffer allocated to exactly the bytes it spans (so AddressSanitizer sees
 * any access outside it) and every tix_tensor, the options and the diagnostic in allocations of
 * their own. Each call is checked against an independent reading of include/tix.h:
 *   - spec(): the errors the header says the call has. An invalid call must fail with one of them
 *     (every one the library could report first), a valid one must not fail with any of them;
 *   - a valid call is run through the naive reference (tests/reference) too: the same status and
 *     bitwise the same output (where tix.h leaves NaN bits open, any NaN; the default STRING fill,
 *     any pointer to "");
 *   - a failed scatter leaves every byte as it was; no call changes a byte outside its output's
 *     elements; inputs never change;
 *   - the same call through a checking executor (tiles in another order, the parallel_for
 *     contract enforced) and through the pool is bitwise identical to the serial one;
 *   - the *_shape call agrees: the same errors, or the header's shape with dense strides;
 *   - the diagnostic agrees with the status, its message is terminated, and on
 *     INDEX_OUT_OF_RANGE it names a bad index and its value.
 * Calls whose views the fuzzer cannot allocate (a valid view spanning more than a megabyte) are
 * skipped, as are calls whose address ranges wrap around the address space unless they have
 * another error (tests/hostile covers that contract).
 */
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tix.h>

#include "fuzz_common.h"
#include "reference.h"

#ifndef FUZZ_OP
#error "define FUZZ_OP (0 gather .. 5 scatter_nd: ops.h)"
#endif

enum { T_DATA, T_INDICES, T_UPDATES, T_OUTPUT, T_COUNT };
static const char* const tensor_names[T_COUNT] = {"data", "indices", "updates", "output"};

#define MAX_ELEMENTS 32768 /* elements of indices, updates or output the reference walks */
#define MAX_FILL 262144    /* distinct elements written when filling an input */
#define MAX_REGION ((int64_t)1 << 20) /* bytes of one buffer */
#define SMALL_REGION 64               /* the stand-in buffer of a view too big to allocate */
#define PATTERN 0xA5
#define BIT(status) (1u << (unsigned)(status))


static const char* const string_table[8] = {"alpha", "beta",    "gamma", "",
                                            "delta", "epsilon", "zeta",  "eta"};

/* ---------------------------------------------------------------------------------------------
 * Arithmetic that cannot overflow.
 */
static int64_t sat_add(int64_t a, int64_t b) {
    int64_t r;
    return __builtin_add_overflow(a, b, &r) ? (b > 0 ? INT64_MAX : INT64_MIN) : r;
}

static int64_t sat_mul(int64_t a, int64_t b) {
    int64_t r;
    return __builtin_mul_overflow(a, b, &r) ? (((a < 0) != (b < 0)) ? INT64_MIN : INT64_MAX) : r;
}

static int32_t clamp_rank(int32_t rank) {
    return rank < 0 ? 0 : rank > TIX_MAX_RANK ? TIX_MAX_RANK : rank;
}

/* The element count, or -1 for an invalid rank, a negative dimension or an overflow. */
static int64_t count_of(const tix_tensor* t) {
    if (t->rank < 0 || t->rank > TIX_MAX_RANK)
        return -1;
    bool zero = false;
    for (int32_t d = 0; d < t->rank; d++) {
        if (t->shape[d] < 0)
            return -1;
        zero = zero || t->shape[d] == 0;
    }
    if (zero)
        return 0;
    int64_t n = 1;
    for (int32_t d = 0; d < t->rank; d++) {
        if (__builtin_mul_overflow(n, t->shape[d], &n))
            return -1;
    }
    return n;
}

static bool is_index_dtype(tix_dtype t) {
    return t == TIX_DTYPE_INT8 || t == TIX_DTYPE_INT16 || t == TIX_DTYPE_INT32 ||
           t == TIX_DTYPE_INT64 || t == TIX_DTYPE_UINT8 || t == TIX_DTYPE_UINT16 ||
           t == TIX_DTYPE_UINT32 || t == TIX_DTYPE_UINT64;
}

/* The lowest and highest element offsets of a view with a valid rank and shape and at least one
 * element; false when they do not fit in int64. */
static bool extent_of(const tix_tensor* t, int64_t* lo, int64_t* hi) {
    __int128 low = 0, high = 0;
    for (int32_t d = 0; d < t->rank; d++) {
        __int128 reach = (__int128)t->strides[d] * (t->shape[d] - 1);
        if (reach < 0) {
            low += reach;
        } else {
            high += reach;
        }
    }
    if (low < INT64_MIN || high > INT64_MAX)
        return false;
    *lo = (int64_t)low;
    *hi = (int64_t)high;
    return true;
}

/* ---------------------------------------------------------------------------------------------
 * The case.
 */
typedef struct fcase {
    int op;
    bool scatter;
    tix_tensor v[T_COUNT]; /* data set when bound to a run */
    bool used[T_COUNT];
    bool null_data[T_COUNT];
    int region[T_COUNT];         /* the buffer holding the view's elements */
    int64_t pos[T_COUNT];        /* byte position of element [0, ..., 0] in it */
    bool fits[T_COUNT];          /* the view's elements lie inside its buffer */
    unsigned char* mem[T_COUNT]; /* the original buffers, by region */
    size_t bytes[T_COUNT];
    int64_t axis, batch;
    tix_options options;
    bool null_options, use_diagnostic, output_is_data_struct, in_place;
    int executor; /* 0 none, 1 checking (reverse), 2 pool, 3 checking (odd tiles first) */
    unsigned char fill[16];
    const char* fill_string;
    int perturbation, target, misalign;
    bool skip; /* an input a known finding would stop on (TIX_FUZZ_KNOWN) */
} fcase;

static const fcase* current; /* for the failure report */

/* TIX_FUZZ_STATS=1: how the inputs decoded, printed at exit (to check a corpus's spread). */
static struct { unsigned long valid, invalid, skipped, statuses[32]; } stats;

static void print_stats(void) {
    fprintf(stderr,
            "%s: %lu valid calls, %lu invalid, %lu skipped; library statuses:", op_name(FUZZ_OP),
            stats.valid, stats.invalid, stats.skipped);
    for (int k = 0; k < 32; k++) {
        if (stats.statuses[k] != 0)
            fprintf(stderr, " %s %lu", tix_status_name((tix_status)k), stats.statuses[k]);
    }
    fprintf(stderr, "\n");
}

static void count_status(tix_status status) {
    static bool registered;
    if (!registered) {
        registered = true;
        if (getenv("TIX_FUZZ_STATS") != NULL)
            atexit(print_stats);
    }
    stats.statuses[(unsigned)status % 32]++;
}

static void describe_view(const char* name, const tix_tensor* t, bool null, bool fits,
                          int64_t pos) {
    fprintf(stderr, "  %-8s dtype %d rank %d shape [", name, (int)t->dtype, (int)t->rank);
    for (int32_t d = 0; d < clamp_rank(t->rank); d++) {
        fprintf(stderr, "%s%" PRId64, d ? ", " : "", t->shape[d]);
    }
    fprintf(stderr, "] strides [");
    for (int32_t d = 0; d < clamp_rank(t->rank); d++) {
        fprintf(stderr, "%s%" PRId64, d ? ", " : "", t->strides[d]);
    }
    fprintf(stderr, "]%s at byte %" PRId64 "%s\n", null ? " NULL" : "", pos,
            fits ? "" : " (stand-in buffer)");
}

static void describe(const fcase* c) {
    if (c == NULL)
        return;
    const tix_options* o = &c->options;
    fprintf(stderr,
            "%s: axis %" PRId64 " batch_dims %" PRId64
            "; options %s: negative_indices %d, "
            "out_of_range %d, reduction %d, exclude_self %d, accumulation %d, fill %s; "
            "executor %d; in place %d; "
            "perturbation %d/%d; misalign %d\n",
            op_name(c->op), c->axis, c->batch, c->null_options ? "NULL" : "given",
            (int)o->negative_indices, (int)o->out_of_range, (int)o->reduction, (int)o->exclude_self,
            (int)o->accumulation, o->fill_value != NULL ? "given" : "NULL", c->executor, (int)c->in_place,
            c->perturbation, c->target, c->misalign);
    for (int t = 0; t < T_COUNT; t++) {
        if (c->used[t]) {
            describe_view(tensor_names[t], &c->v[t], c->null_data[t], c->fits[t], c->pos[t]);
        }
    }
}

#define OP_CHECK(condition, ...)                                    \
    do {                                                            \
        if (!(condition)) {                                         \
            describe(current);                                      \
            fuzz_fail(__FILE__, __LINE__, #condition, __VA_ARGS__); \
        }                                                           \
    } while (0)

/* ---------------------------------------------------------------------------------------------
 * Decoding.
 */
static const int64_t small_dims[16] = {1, 2, 3, 4, 2, 3, 1, 5, 2, 3, 4, 1, 2, 0, 6, 7};
static const int64_t hostile_dims[8] = {-1,
                                        INT64_MIN,
                                        INT64_MAX,
                                        (int64_t)1 << 31,
                                        (int64_t)1 << 32,
                                        (int64_t)1 << 40,
                                        (int64_t)1 << 62,
                                        -((int64_t)1 << 40)};
static const int64_t big_dims[8] = {16, 33, 64, 100, 128, 257, 1000, 4096};
static const int64_t hostile_strides[16] = {INT64_MAX,
                                            INT64_MIN,
                                            (int64_t)1 << 61,
                                            -((int64_t)1 << 61),
                                            (int64_t)1 << 62,
                                            -((int64_t)1 << 62),
                                            INT64_MAX / 2,
                                            (int64_t)1 << 40,
                                            -((int64_t)1 << 40),
                                            (int64_t)1 << 32,
                                            (int64_t)1 << 31,
                                            -1,
                                            0,
                                            1,
                                            INT64_MIN / 2,
                                            INT64_MAX / 16};
static const int wild_dtypes[16] = {0,
                                    21,
                                    22,
                                    99,
                                    -1,
                                    INT32_MIN,
                                    1000,
                                    0,
                                    TIX_DTYPE_FLOAT32,
                                    TIX_DTYPE_BOOL,
                                    TIX_DTYPE_STRING,
                                    TIX_DTYPE_FLOAT16,
                                    TIX_DTYPE_COMPLEX64,
                                    TIX_DTYPE_FLOAT64,
                                    TIX_DTYPE_BFLOAT16,
                                    TIX_DTYPE_FLOAT8E5M2};
static const int wild_enums[6] = {2, 4, 7, -1, INT32_MIN, INT32_MAX};
static const tix_dtype index_types[8] = {TIX_DTYPE_INT8,   TIX_DTYPE_INT16, TIX_DTYPE_INT32,
                                         TIX_DTYPE_INT64,  TIX_DTYPE_UINT8, TIX_DTYPE_UINT16,
                                         TIX_DTYPE_UINT32, TIX_DTYPE_UINT64};
static const int32_t wild_ranks[16] = {0, 7, 8,  16, 17, -1, INT32_MAX, INT32_MIN,
                                       0, 9, 10, 11, 12, 13, 14,        15};

static int64_t decode_dim(uint8_t b) {
    if (b < 240)
        return small_dims[b % 16];
    if (b < 248)
        return hostile_dims[b - 240];
    return big_dims[b - 248];
}

/* An index for an axis of size s. */
static int64_t decode_index(fuzz_input* in, int64_t s) {
    uint8_t v = fuzz_byte(in);
    uint64_t us = (uint64_t)s;
    if (v < 128)
        return s > 0 ? (int64_t)(v % us) : 0;
    if (v < 192) {
        unsigned k = v - 128u;
        switch (k % 4) {
            case 0:
                return (int64_t)(us + k / 4 % 3); /* s, s + 1, s + 2 */
            case 1:
                return (int64_t)(0 - us - 1 - k / 4 % 3); /* -s - 1, ... */
            case 2:
                return s > 0 ? -1 - (int64_t)((k / 4) % us) : -1; /* negative, in range */
            default:
                return (int64_t)(k / 4) - 8;
        }
    }
    if (v < 240)
        return (int64_t)fuzz_bytes(in, 8);
    static const int64_t extremes[16] = {
        INT64_MAX,  INT64_MIN,        -1,  0,    0,   0,     INT32_MAX, INT32_MIN,
        UINT32_MAX, (int64_t)1 << 32, 127, -128, 255, 32767, -32768,    65535};
    if (v == 244)
        return (int64_t)(us - 1);
    if (v == 245)
        return (int64_t)(0 - us);
    return extremes[v - 240];
}

/* Strides for a view whose rank and shape are set: one layout byte, then more as it says.
 *   0x80: arbitrary strides, one byte per dimension ([-4, 4], or a huge one)
 *   0x40: a NULL data pointer when the view is empty
 *   bits 0-1: 0/1 row-major, 2 dimensions in an order given by bytes, 3 reversed (column-major)
 *   0x04: padded (a byte per dimension), 0x08: negative (a byte per dimension),
 *   0x10: zero strides on inputs (a byte per dimension) */
static void decode_layout(fuzz_input* in, tix_tensor* t, bool input, bool* null_if_empty) {
    uint8_t m = fuzz_byte(in);
    int32_t rank = clamp_rank(t->rank);
    *null_if_empty = (m & 0x40) != 0;
    if ((m & 0x80) != 0) {
        for (int32_t d = 0; d < rank; d++) {
            uint8_t b = fuzz_byte(in);
            t->strides[d] = b < 240 ? (int64_t)(b % 9) - 4 : hostile_strides[b - 240];
        }
        return;
    }
    int32_t order[TIX_MAX_RANK];
    for (int32_t d = 0; d < rank; d++)
        order[d] = d;
    if ((m & 3) == 2) {
        for (int32_t d = rank - 1; d > 0; d--) {
            int32_t j = fuzz_byte(in) % (d + 1);
            int32_t swap = order[d];
            order[d] = order[j];
            order[j] = swap;
        }
    } else if ((m & 3) == 3) {
        for (int32_t d = 0; d < rank; d++)
            order[d] = rank - 1 - d;
    }
    int64_t extent = 1;
    for (int32_t p = rank - 1; p >= 0; p--) {
        int32_t d = order[p];
        int64_t magnitude = extent;
        if ((m & 4) != 0) {
            uint8_t b = fuzz_byte(in);
            magnitude = sat_add(sat_mul(magnitude, 1 + b % 3), b / 86);
        }
        int64_t stride = magnitude;
        if ((m & 8) != 0 && (fuzz_byte(in) & 1) != 0)
            stride = -magnitude;
        if ((m & 16) != 0 && input && (fuzz_byte(in) & 1) != 0)
            stride = 0;
        t->strides[d] = stride;
        if (t->shape[d] > 1)
            extent = sat_add(extent, sat_mul(t->shape[d] - 1, magnitude));
    }
}

/* The header's shape rules of the operation, on data and indices of valid ranks. Adds the errors
 * found to *errors; true, with the shape of the gathered side (a gather's output, a scatter's
 * updates), when that shape exists. */
static bool op_rules(const fcase* c, const tix_tensor* data, const tix_tensor* indices,
                     unsigned* errors, int32_t* rank, int64_t* shape) {
    int32_t r = data->rank, q = indices->rank;
    switch (c->op) {
        case OP_GATHER:
        case OP_SCATTER: {
            if (c->axis < -(int64_t)r || c->axis >= r) {
                *errors |= BIT(TIX_STATUS_INVALID_AXIS);
                return false;
            }
            int32_t a = (int32_t)(c->axis < 0 ? c->axis + r : c->axis);
            if (c->batch < -(int64_t)q || c->batch > q) {
                *errors |= BIT(TIX_STATUS_INVALID_BATCH_DIMS);
                return false;
            }
            int32_t b = (int32_t)(c->batch < 0 ? c->batch + q : c->batch);
            if (b > a) {
                *errors |= BIT(TIX_STATUS_INVALID_BATCH_DIMS);
                return false;
            }
            for (int32_t d = 0; d < b; d++) {
                if (indices->shape[d] != data->shape[d])
                    *errors |= BIT(TIX_STATUS_SHAPE_MISMATCH);
            }
            *rank = r - 1 + q - b;
            if (*rank > TIX_MAX_RANK) {
                *errors |= BIT(TIX_STATUS_INVALID_RANK);
                return false;
            }
            int32_t n = 0;
            for (int32_t d = 0; d < a; d++)
                shape[n++] = data->shape[d];
            for (int32_t d = b; d < q; d++)
                shape[n++] = indices->shape[d];
            for (int32_t d = a + 1; d < r; d++)
                shape[n++] = data->shape[d];
            return true;
        }
        case OP_GATHER_ELEMENTS:
        case OP_SCATTER_ELEMENTS: {
            if (c->axis < -(int64_t)r || c->axis >= r) {
                *errors |= BIT(TIX_STATUS_INVALID_AXIS);
                return false;
            }
            int32_t a = (int32_t)(c->axis < 0 ? c->axis + r : c->axis);
            if (q != r) {
                *errors |= BIT(TIX_STATUS_INVALID_RANK);
                return false;
            }
            for (int32_t d = 0; d < r; d++) {
                if (d != a && indices->shape[d] > data->shape[d]) {
                    *errors |= BIT(TIX_STATUS_SHAPE_MISMATCH);
                }
                shape[d] = indices->shape[d];
            }
            *rank = r;
            return true;
        }
        default: {
            if (q < 1) {
                *errors |= BIT(TIX_STATUS_INVALID_RANK);
                return false;
            }
            if (c->batch < -(int64_t)q || c->batch >= q ||
                (c->batch < 0 ? c->batch + q : c->batch) >= r) {
                *errors |= BIT(TIX_STATUS_INVALID_BATCH_DIMS);
                return false;
            }
            int32_t b = (int32_t)(c->batch < 0 ? c->batch + q : c->batch);
            int64_t k = indices->shape[q - 1];
            if (k < 0)
                return false; /* a view error already */
            if (k > r - b) {
                *errors |= BIT(TIX_STATUS_SHAPE_MISMATCH);
                return false;
            }
            for (int32_t d = 0; d < b; d++) {
                if (indices->shape[d] != data->shape[d])
                    *errors |= BIT(TIX_STATUS_SHAPE_MISMATCH);
            }
            int32_t slice = r - b - (int32_t)k;
            *rank = q - 1 + slice;
            if (*rank > TIX_MAX_RANK) {
                *errors |= BIT(TIX_STATUS_INVALID_RANK);
                return false;
            }
            int32_t n = 0;
            for (int32_t d = 0; d < q - 1; d++)
                shape[n++] = indices->shape[d];
            for (int32_t d = b + (int32_t)k; d < r; d++)
                shape[n++] = data->shape[d];
            return true;
        }
    }
}

static bool same_shape(const tix_tensor* t, int32_t rank, const int64_t* shape) {
    if (t->rank != rank)
        return false;
    for (int32_t d = 0; d < rank; d++) {
        if (t->shape[d] != shape[d])
            return false;
    }
    return true;
}

/* ---------------------------------------------------------------------------------------------
 * What tix.h says about a call: the set of error statuses it has (0: a valid call).
 */

/* Errors of one view on its own ("Errors common to every call"). */
static unsigned view_errors(const tix_tensor* t) {
    if (t->rank < 0 || t->rank > TIX_MAX_RANK)
        return BIT(TIX_STATUS_INVALID_RANK);
    unsigned errors = 0;
    size_t size = ref_dtype_size(t->dtype);
    if (size == 0)
        errors |= BIT(TIX_STATUS_INVALID_DTYPE);
    int64_t n = count_of(t);
    if (n < 0)
        return errors | BIT(TIX_STATUS_INVALID_SHAPE);
    if (n == 0 || size == 0)
        return errors; /* no element: the strides are never used */
    /* "sizes and strides whose offsets overflow are rejected": byte offsets within int64 */
    __int128 reach = 0;
    for (int32_t d = 0; d < t->rank; d++) {
        __int128 s = t->strides[d];
        reach += (s < 0 ? -s : s) * (t->shape[d] - 1);
    }
    if (reach > INT64_MAX / (int64_t)size)
        errors |= BIT(TIX_STATUS_INVALID_STRIDES);
    return errors;
}

/* tix.h's output rule: with the dimensions of size > 1 sorted by |stride|, each |stride| exceeds
 * the largest offset the smaller ones reach. */
static bool strides_nest(const tix_tensor* t) {
    int64_t stride[TIX_MAX_RANK], size[TIX_MAX_RANK];
    int32_t n = 0;
    for (int32_t d = 0; d < t->rank; d++) {
        if (t->shape[d] <= 1)
            continue;
        int64_t s = t->strides[d] < 0 ? -t->strides[d] : t->strides[d];
        int32_t i = n++;
        for (; i > 0 && stride[i - 1] > s; i--) {
            stride[i] = stride[i - 1];
            size[i] = size[i - 1];
        }
        stride[i] = s;
        size[i] = t->shape[d];
    }
    __int128 span = 0;
    for (int32_t i = 0; i < n; i++) {
        if (stride[i] <= span)
            return false;
        span += (__int128)stride[i] * (size[i] - 1);
    }
    return true;
}

/* The address range [*low, *high) a valid, non-empty view spans; false when it wraps around the
 * address space. */
static bool address_range(const tix_tensor* t, uintptr_t* low, uintptr_t* high) {
    int64_t lo, hi;
    if (!extent_of(t, &lo, &hi))
        return false;
    __int128 size = (__int128)ref_dtype_size(t->dtype);
    __int128 base = (__int128)(uintptr_t)t->data;
    __int128 l = base + (__int128)lo * size, h = base + ((__int128)hi + 1) * size;
    if (l < 0 || h > (__int128)UINTPTR_MAX)
        return false;
    *low = (uintptr_t)l;
    *high = (uintptr_t)h;
    return true;
}

/* tix.h's in place: "the same address, dtype, shape, and strides on every dimension of size
 * > 1". */
static bool exactly_data(const tix_tensor* output, const tix_tensor* data) {
    if (output->data != data->data || output->dtype != data->dtype || output->rank != data->rank) {
        return false;
    }
    for (int32_t d = 0; d < output->rank; d++) {
        if (output->shape[d] != data->shape[d])
            return false;
        if (output->shape[d] > 1 && output->strides[d] != data->strides[d])
            return false;
    }
    return true;
}

/* The errors of the call with views v (execution) or of its *_shape call. *wraps: some view's
 * addresses wrap around the address space (not counted among the errors: see the callers). */
static unsigned spec(const fcase* c, tix_tensor* const* v, bool shape_call, bool* wraps) {
    unsigned errors = 0;
    *wraps = false;
    const tix_options* o = c->null_options ? NULL : &c->options;
    if (o != NULL) {
        if ((unsigned)o->negative_indices > TIX_NEGATIVE_OUT_OF_RANGE ||
            (unsigned)o->out_of_range > TIX_OUT_OF_RANGE_WRAP ||
            (unsigned)o->reduction > TIX_REDUCTION_MEAN ||
            (unsigned)o->accumulation > TIX_ACCUMULATE_CHUNKED ||
            (!c->scatter && o->reduction != TIX_REDUCTION_NONE)) {
            errors |= BIT(TIX_STATUS_INVALID_OPTION);
        }
    }
    const tix_tensor *data = v[T_DATA], *indices = v[T_INDICES], *updates = v[T_UPDATES],
                     *output = v[T_OUTPUT];
    bool views_valid = true;
    for (int t = 0; t < T_COUNT; t++) {
        if (!c->used[t] || (shape_call && t == T_OUTPUT))
            continue;
        unsigned e = view_errors(v[t]);
        errors |= e;
        views_valid = views_valid && e == 0;
    }
    if (data->rank == 0)
        errors |= BIT(TIX_STATUS_INVALID_RANK);
    if (!is_index_dtype(indices->dtype))
        errors |= BIT(TIX_STATUS_INVALID_INDEX_DTYPE);
    if (c->scatter && updates->dtype != data->dtype)
        errors |= BIT(TIX_STATUS_DTYPE_MISMATCH);
    if (!shape_call && output->dtype != data->dtype)
        errors |= BIT(TIX_STATUS_DTYPE_MISMATCH);
    if (c->scatter && o != NULL && (unsigned)o->reduction <= TIX_REDUCTION_MEAN &&
        ref_dtype_size(data->dtype) != 0 && !ref_reduction_supported(data->dtype, o->reduction)) {
        errors |= BIT(TIX_STATUS_UNSUPPORTED_REDUCTION);
    }
    int32_t rank = 0;
    int64_t shape[2 * TIX_MAX_RANK + 2];
    if (data->rank >= 1 && data->rank <= TIX_MAX_RANK && indices->rank >= 0 &&
        indices->rank <= TIX_MAX_RANK && op_rules(c, data, indices, &errors, &rank, shape)) {
        /* The gathered shape must exist: its element count within int64. A shape call must
         * report it (INVALID_SHAPE); a call may also report it rather than the mismatch. */
        tix_tensor gathered = {.rank = rank};
        memcpy(gathered.shape, shape, (size_t)rank * sizeof shape[0]);
        if (count_of(&gathered) < 0 && !(shape_call && fuzz_known("shape_result"))) {
            errors |= BIT(TIX_STATUS_INVALID_SHAPE);
        }
        if (!c->scatter) {
            if (!shape_call && !same_shape(output, rank, shape))
                errors |= BIT(TIX_STATUS_SHAPE_MISMATCH);
        } else {
            if (!same_shape(updates, rank, shape))
                errors |= BIT(TIX_STATUS_SHAPE_MISMATCH);
            if (!shape_call && !same_shape(output, data->rank, data->shape)) {
                errors |= BIT(TIX_STATUS_SHAPE_MISMATCH);
            }
        }
    }
    if (shape_call || !views_valid)
        return errors;

    /* Memory, at execution. */
    for (int t = 0; t < T_COUNT; t++) {
        if (c->used[t] && v[t]->data == NULL && count_of(v[t]) > 0) {
            errors |= BIT(TIX_STATUS_NULL_POINTER);
        }
    }
    for (int t = 0; t < T_COUNT; t++) {
        uintptr_t lo, hi;
        if (c->used[t] && v[t]->data != NULL && count_of(v[t]) > 0 &&
            !address_range(v[t], &lo, &hi)) {
            *wraps = true;
        }
    }
    if (count_of(output) == 0 || output->data == NULL)
        return errors;
    if (!strides_nest(output))
        errors |= BIT(TIX_STATUS_ALIASING);
    bool in_place = c->scatter && exactly_data(output, data);
    uintptr_t out_lo, out_hi;
    if (!address_range(output, &out_lo, &out_hi))
        return errors;
    for (int t = in_place ? T_INDICES : T_DATA; t < T_OUTPUT; t++) {
        uintptr_t lo, hi;
        if (c->used[t] && v[t]->data != NULL && count_of(v[t]) > 0 &&
            address_range(v[t], &lo, &hi) && out_lo < hi && lo < out_hi) {
            errors |= BIT(TIX_STATUS_ALIASING);
        }
    }
    return errors;
}

/* ---------------------------------------------------------------------------------------------
 * Elements of a view.
 */
static bool next_coord(int64_t* coord, const tix_tensor* t) {
    for (int32_t d = t->rank - 1; d >= 0; d--) {
        if (++coord[d] < t->shape[d])
            return true;
        coord[d] = 0;
    }
    return false;
}

static unsigned char* element_at(const tix_tensor* t, const int64_t* coord) {
    int64_t offset = 0;
    for (int32_t d = 0; d < t->rank; d++)
        offset += coord[d] * t->strides[d];
    return (unsigned char*)t->data + offset * (int64_t)ref_dtype_size(t->dtype);
}

/* The view with every dimension of stride 0 reduced to size 1: its elements are the distinct
 * addresses of t. */
static tix_tensor distinct_view(const tix_tensor* t) {
    tix_tensor r = *t;
    for (int32_t d = 0; d < r.rank; d++) {
        if (r.strides[d] == 0 && r.shape[d] > 0)
            r.shape[d] = 1;
    }
    return r;
}

/* ---------------------------------------------------------------------------------------------
 * Runs: a fresh copy of every buffer, and views, options and diagnostic in allocations of their
 * own.
 */
typedef struct run {
    unsigned char* mem[T_COUNT];
    tix_tensor* view[T_COUNT];
    tix_options* options;
    tix_diagnostic* diagnostic;
} run;

static void bind(const fcase* c, run* r) {
    for (int g = 0; g < T_COUNT; g++) {
        r->mem[g] = NULL;
        if (c->mem[g] != NULL) {
            r->mem[g] = malloc(c->bytes[g]);
            FUZZ_CHECK(r->mem[g] != NULL, "out of memory");
            memcpy(r->mem[g], c->mem[g], c->bytes[g]);
        }
    }
    for (int t = 0; t < T_COUNT; t++) {
        r->view[t] = malloc(sizeof(tix_tensor));
        FUZZ_CHECK(r->view[t] != NULL, "out of memory");
        *r->view[t] = c->v[t];
        r->view[t]->data = c->null_data[t] || !c->used[t] ? NULL : r->mem[c->region[t]] + c->pos[t];
    }
    r->options = malloc(sizeof(tix_options));
    r->diagnostic = malloc(sizeof(tix_diagnostic));
    FUZZ_CHECK(r->options != NULL && r->diagnostic != NULL, "out of memory");
    *r->options = c->options;
    memset(r->diagnostic, 0x5a, sizeof *r->diagnostic);
}

static void unbind(run* r) {
    for (int g = 0; g < T_COUNT; g++)
        free(r->mem[g]);
    for (int t = 0; t < T_COUNT; t++)
        free(r->view[t]);
    free(r->options);
    free(r->diagnostic);
}

/* The output argument: in place, sometimes the very struct passed as data. */
static const tix_tensor* output_argument(const fcase* c, const run* r) {
    return c->in_place && c->output_is_data_struct ? r->view[T_DATA] : r->view[T_OUTPUT];
}

static tix_status call(const fcase* c, const run* r, bool library, const tix_options* o) {
    const tix_tensor *d = r->view[T_DATA], *i = r->view[T_INDICES], *u = r->view[T_UPDATES];
    const tix_tensor* out = output_argument(c, r);
    return library ? op_call(c->op, d, i, u, c->axis, c->batch, out, o)
                   : ref_call(c->op, d, i, u, c->axis, c->batch, out, o);
}

static tix_status call_shape(const fcase* c, const run* r, tix_tensor* result,
                             const tix_options* o) {
    return op_call_shape(c->op, r->view[T_DATA], r->view[T_INDICES], r->view[T_UPDATES], c->axis,
                         c->batch, result, o);
}

/* The options of a library run: NULL when the case says so (and no executor is asked for). */
static const tix_options* library_options(const fcase* c, run* r, const tix_executor* executor) {
    r->options->executor = executor;
    r->options->diagnostic = c->use_diagnostic ? r->diagnostic : NULL;
    if (c->null_options && executor == NULL && !c->use_diagnostic)
        return NULL;
    return r->options;
}

/* Which bytes of the output's buffer belong to its elements; NULL when they cannot be listed. */
static unsigned char* output_element_bytes(const fcase* c, const run* r) {
    const tix_tensor* o = r->view[T_OUTPUT];
    int64_t n = count_of(o);
    if (!c->fits[T_OUTPUT] || n < 0 || n > MAX_ELEMENTS || o->data == NULL)
        return NULL;
    int g = c->region[T_OUTPUT];
    unsigned char* mask = calloc(c->bytes[g] + 1, 1);
    FUZZ_CHECK(mask != NULL, "out of memory");
    if (n == 0)
        return mask;
    size_t size = ref_dtype_size(o->dtype);
    int64_t coord[TIX_MAX_RANK] = {0};
    do {
        size_t at = (size_t)(element_at(o, coord) - r->mem[g]);
        memset(mask + at, 1, size);
    } while (next_coord(coord, o));
    return mask;
}

/* Every byte of every buffer is as it was, except (when allowed) the output's elements. */
static void check_untouched(const fcase* c, const run* r, bool output_may_change,
                            const char* what) {
    unsigned char* mask = output_may_change ? output_element_bytes(c, r) : NULL;
    int out_region = c->region[T_OUTPUT];
    for (int g = 0; g < T_COUNT; g++) {
        if (c->mem[g] == NULL)
            continue;
        if (g == out_region && output_may_change && mask == NULL)
            continue; /* cannot tell */
        for (size_t k = 0; k < c->bytes[g]; k++) {
            if (g == out_region && mask != NULL && mask[k])
                continue;
            OP_CHECK(r->mem[g][k] == c->mem[g][k],
                     "%s: byte %zu of the buffer of %s changed from %02x to %02x", what, k,
                     tensor_names[g], c->mem[g][k], r->mem[g][k]);
        }
    }
    free(mask);
}

/* ---------------------------------------------------------------------------------------------
 * Comparing outputs.
 */
static bool is_nan_bits(const unsigned char* p, tix_dtype t) {
    switch (t) {
        case TIX_DTYPE_FLOAT16: {
            uint16_t h;
            memcpy(&h, p, 2);
            return (h & 0x7fffu) > 0x7c00u;
        }
        case TIX_DTYPE_BFLOAT16: {
            uint16_t h;
            memcpy(&h, p, 2);
            return (h & 0x7fffu) > 0x7f80u;
        }
        case TIX_DTYPE_FLOAT32: {
            float f;
            memcpy(&f, p, 4);
            return isnan(f);
        }
        case TIX_DTYPE_FLOAT64: {
            double d;
            memcpy(&d, p, 8);
            return isnan(d);
        }
        default:
            return false;
    }
}

static bool is_float_like(tix_dtype t) {
    return t == TIX_DTYPE_FLOAT16 || t == TIX_DTYPE_BFLOAT16 || t == TIX_DTYPE_FLOAT32 ||
           t == TIX_DTYPE_FLOAT64 || t == TIX_DTYPE_COMPLEX64 || t == TIX_DTYPE_COMPLEX128;
}

/* Bitwise equal; or both NaN where tix.h leaves NaN bits open (results of float add, sub, mul,
 * mean), per component for complex; or, for the default STRING fill, any pointer to "". */
static bool elements_equal(const unsigned char* got, const unsigned char* want, tix_dtype t,
                           bool nan_loose) {
    size_t size = ref_dtype_size(t);
    if (memcmp(got, want, size) == 0)
        return true;
    if (t == TIX_DTYPE_STRING) {
        const char *g, *w, *pattern;
        memcpy(&g, got, sizeof g);
        memcpy(&w, want, sizeof w);
        memset(&pattern, PATTERN, sizeof pattern);
        return w == ref_default_string_fill() && g != NULL && g != pattern && g[0] == '\0';
    }
    if (!nan_loose)
        return false;
    if (t == TIX_DTYPE_COMPLEX64 || t == TIX_DTYPE_COMPLEX128) {
        tix_dtype part = t == TIX_DTYPE_COMPLEX64 ? TIX_DTYPE_FLOAT32 : TIX_DTYPE_FLOAT64;
        size_t half = size / 2;
        for (size_t k = 0; k < 2; k++) {
            const unsigned char *a = got + k * half, *b = want + k * half;
            if (memcmp(a, b, half) != 0 && !(is_nan_bits(a, part) && is_nan_bits(b, part))) {
                return false;
            }
        }
        return true;
    }
    return is_nan_bits(got, t) && is_nan_bits(want, t);
}

static void compare_outputs(const fcase* c, const run* lib, const run* ref) {
    const tix_tensor* o = lib->view[T_OUTPUT];
    if (count_of(o) == 0)
        return;
    const tix_tensor* ro = ref->view[T_OUTPUT];
    bool nan_loose =
        c->scatter && is_float_like(o->dtype) && c->options.reduction != TIX_REDUCTION_NONE &&
        c->options.reduction != TIX_REDUCTION_MIN && c->options.reduction != TIX_REDUCTION_MAX;
    int64_t coord[TIX_MAX_RANK] = {0};
    int64_t position = 0;
    do {
        const unsigned char *got = element_at(o, coord), *want = element_at(ro, coord);
        if (!elements_equal(got, want, o->dtype, nan_loose)) {
            char g[40] = "", w[40] = "";
            size_t size = ref_dtype_size(o->dtype);
            for (size_t k = size; k-- > 0;) {
                snprintf(g + strlen(g), sizeof g - strlen(g), "%02x", got[k]);
                snprintf(w + strlen(w), sizeof w - strlen(w), "%02x", want[k]);
            }
            OP_CHECK(false, "output element %" PRId64 " (row-major) is %s, the reference says %s",
                     position, g, w);
        }
        position++;
    } while (next_coord(coord, o));
}

/* ---------------------------------------------------------------------------------------------
 * Executors.
 */
typedef struct checking_pool {
    int order; /* 0: tiles in reverse order; 1: odd tiles first, then even */
    int calls;
    bool in_task, misuse;
} checking_pool;

static void checking_parallel_for(void* pool, tix_task_fn task, void* context, size_t range,
                                  size_t tile) {
    checking_pool* p = pool;
    p->calls++;
    if (range == 0 || tile == 0 || p->in_task) {
        p->misuse = true;
        return;
    }
    size_t tiles = range / tile + (range % tile != 0);
    for (size_t k = 0; k < tiles; k++) {
        size_t t;
        if (p->order == 0) {
            t = tiles - 1 - k;
        } else {
            size_t odd = tiles / 2;
            t = k < odd ? 2 * k + 1 : 2 * (k - odd);
        }
        size_t begin = t * tile;
        p->in_task = true;
        task(context, begin, range - begin < tile ? range - begin : tile);
        p->in_task = false;
    }
}

static tix_threadpool* pool_of_two;

static void destroy_pool(void) {
    tix_threadpool_destroy(pool_of_two);
    pool_of_two = NULL;
}

/* The built-in pool with two threads, created on first use and destroyed at exit. */
static tix_threadpool* shared_pool(void) {
    static bool tried;
    if (!tried) {
        tried = true;
        pool_of_two = tix_threadpool_create(2);
        if (pool_of_two != NULL)
            atexit(destroy_pool);
    }
    return pool_of_two;
}

/* ---------------------------------------------------------------------------------------------
 * Diagnostics.
 */
static int32_t normalized_axis(const fcase* c) {
    int32_t r = c->v[T_DATA].rank;
    return (int32_t)(c->axis < 0 ? c->axis + r : c->axis);
}

static int32_t normalized_batch(const fcase* c) {
    int32_t q = c->v[T_INDICES].rank;
    return (int32_t)(c->batch < 0 ? c->batch + q : c->batch);
}

/* The size of the axis the index at coordinate `coord` of indices addresses (valid calls). */
static int64_t axis_size_at(const fcase* c, const int64_t* coord) {
    const tix_tensor* d = &c->v[T_DATA];
    if (c->op == OP_GATHER_ND || c->op == OP_SCATTER_ND) {
        return d->shape[normalized_batch(c) + coord[c->v[T_INDICES].rank - 1]];
    }
    return d->shape[normalized_axis(c)];
}

static void check_diagnostic(const fcase* c, const run* r, tix_status status, bool valid_call) {
    const tix_diagnostic* d = r->diagnostic;
    OP_CHECK(d->status == status, "the diagnostic says %d, the call returned %d", (int)d->status,
             (int)status);
    OP_CHECK(memchr(d->message, '\0', TIX_MESSAGE_CAPACITY) != NULL,
             "the diagnostic's message is not terminated");
    if (status == TIX_STATUS_OK) {
        OP_CHECK(d->message[0] == '\0', "the diagnostic's message is not empty on success");
        return;
    }
    OP_CHECK(d->message[0] != '\0', "the diagnostic's message is empty on failure");
    if (d->argument != NULL) {
        static const char* const names[] = {"data", "indices",    "updates", "output",
                                            "axis", "batch_dims", "options"};
        bool known = false;
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
            known = known || strcmp(d->argument, names[k]) == 0;
        }
        OP_CHECK(known, "the diagnostic names argument \"%s\"", d->argument);
    }
    if (status != TIX_STATUS_INDEX_OUT_OF_RANGE || !valid_call)
        return;
    const tix_tensor* i = r->view[T_INDICES];
    int64_t n = count_of(i);
    OP_CHECK(d->argument != NULL && strcmp(d->argument, "indices") == 0 && d->position >= 0 &&
                 d->position < n,
             "the diagnostic of a bad index names %s position %" PRId64,
             d->argument != NULL ? d->argument : "NULL", d->position);
    int64_t coord[TIX_MAX_RANK], p = d->position;
    for (int32_t k = i->rank - 1; k >= 0; k--) {
        coord[k] = p % i->shape[k];
        p /= i->shape[k];
    }
    const unsigned char* e = element_at(i, coord);
    int64_t resolved;
    tix_options rules = c->options;
    OP_CHECK(ref_resolve_index(i->dtype, e, axis_size_at(c, coord), &rules, &resolved) == 2,
             "the diagnostic's position %" PRId64 " holds an index that is not bad", d->position);
    OP_CHECK(d->value == ref_index_value(e, i->dtype),
             "the diagnostic's value %" PRId64 " is not the index %" PRId64, d->value,
             ref_index_value(e, i->dtype));
}

/* ---------------------------------------------------------------------------------------------
 * Building a case from the input.
 */
static void decode_structure(fuzz_input* in, fcase* c) {
    tix_tensor *data = &c->v[T_DATA], *indices = &c->v[T_INDICES];
    uint8_t b = fuzz_byte(in);
    int32_t r = b < 240 ? 1 + b % 6 : wild_ranks[b - 240];
    data->rank = r;
    for (int32_t d = 0; d < clamp_rank(r); d++)
        data->shape[d] = decode_dim(fuzz_byte(in));

    /* axis: in range (sometimes negative), or a byte >= 250 for one out of range */
    b = fuzz_byte(in);
    int32_t a = 0;
    if (r >= 1 && b < 250) {
        a = (b % 64) % r;
        c->axis = (b / 64) % 2 != 0 ? a - r : a;
    } else {
        static const int64_t wild_axes[6] = {6, -7, INT64_MAX, INT64_MIN, 16, -17};
        c->axis = r >= 1 ? (b == 250   ? r
                            : b == 251 ? -(int64_t)r - 1
                                       : wild_axes[b % 6])
                         : (int64_t)(b % 3) - 1;
        a = 0;
    }

    b = fuzz_byte(in);
    int32_t q;
    switch (c->op) {
        case OP_GATHER:
        case OP_SCATTER:
            q = b < 240 ? b % 4 : wild_ranks[b - 240];
            break;
        case OP_GATHER_ELEMENTS:
        case OP_SCATTER_ELEMENTS:
            q = b >= 240 && b % 4 < 2 && r > INT32_MIN && r < INT32_MAX
                    ? (b % 4 == 0 ? r + 1 : r - 1)
                : b < 240 ? r
                          : wild_ranks[b - 240];
            break;
        default:
            q = b < 240 ? 1 + b % 4 : wild_ranks[b - 240];
            break;
    }
    indices->rank = q;

    /* batch_dims: in range for the operation (sometimes negative), or out of range */
    b = fuzz_byte(in);
    int32_t batch = 0;
    bool nd = c->op == OP_GATHER_ND || c->op == OP_SCATTER_ND;
    int64_t most =
        nd ? ((int64_t)q - 1 < (int64_t)r - 1 ? (int64_t)q - 1 : (int64_t)r - 1) : (a < q ? a : q);
    if (b < 250 && most >= 0 && q >= 0 && q <= TIX_MAX_RANK && r <= TIX_MAX_RANK) {
        batch = (int32_t)((b % 64) % (most + 1));
        c->batch = (b / 64) % 2 != 0 && batch < q ? batch - q : batch;
    } else {
        static const int64_t wild_batches[6] = {17, -17, INT64_MAX, INT64_MIN, 5, -6};
        c->batch = b == 250 ? (int64_t)q + 1 : b == 251 ? -(int64_t)q - 1 : wild_batches[b % 6];
        batch = 0;
    }

    /* indices' dimensions: batch dimensions copy data's; elements stay within data's */
    for (int32_t d = 0; d < clamp_rank(q); d++) {
        uint8_t x = fuzz_byte(in);
        bool valid_data = d < clamp_rank(r);
        if (nd && d == q - 1) {
            int64_t room = (int64_t)r - batch;
            indices->shape[d] = x < 240 ? (room >= 0 ? x % (room + 1) : 0) : decode_dim(x);
        } else if (d < batch && valid_data) {
            indices->shape[d] = data->shape[d];
        } else if ((c->op == OP_GATHER_ELEMENTS || c->op == OP_SCATTER_ELEMENTS) && valid_data &&
                   d != a && x < 240 && data->shape[d] >= 0) {
            indices->shape[d] = x % 4 == 0 || data->shape[d] == INT64_MAX
                                    ? data->shape[d]
                                    : (int64_t)(x / 4) % (data->shape[d] + 1);
        } else {
            indices->shape[d] = decode_dim(x);
        }
    }
}

/* The shapes of updates and output from data and indices, by the header's formulas. */
static void derive_shapes(fcase* c) {
    tix_tensor *data = &c->v[T_DATA], *indices = &c->v[T_INDICES];
    tix_tensor* gathered = c->scatter ? &c->v[T_UPDATES] : &c->v[T_OUTPUT];
    unsigned ignored = 0;
    int32_t rank = 0;
    int64_t shape[2 * TIX_MAX_RANK + 2];
    if (data->rank >= 1 && data->rank <= TIX_MAX_RANK && indices->rank >= 0 &&
        indices->rank <= TIX_MAX_RANK && op_rules(c, data, indices, &ignored, &rank, shape)) {
        gathered->rank = rank;
        memcpy(gathered->shape, shape, (size_t)rank * sizeof shape[0]);
    } else {
        gathered->rank = clamp_rank(data->rank);
        memcpy(gathered->shape, data->shape, sizeof data->shape);
    }
    if (c->scatter) {
        c->v[T_OUTPUT].rank = data->rank;
        memcpy(c->v[T_OUTPUT].shape, data->shape, sizeof data->shape);
    }
}

/* Perturbations that change a shape, a rank, a dtype or a pointer (before the layouts). */
static void perturb_structure(fcase* c, uint8_t w, uint8_t extra) {
    int t = w % T_COUNT;
    if (!c->used[t])
        t = T_DATA;
    tix_tensor* v = &c->v[t];
    int32_t rank = clamp_rank(v->rank);
    int32_t d = rank > 0 ? (w / 4) % rank : 0;
    switch (c->perturbation) {
        case 0:
            if (rank > 0)
                v->shape[d] = sat_add(v->shape[d], 1);
            break;
        case 1:
            if (rank > 0)
                v->shape[d] = 0;
            break;
        case 2:
            if (rank > 0)
                v->shape[d] = -1 - (extra % 3);
            break;
        case 3:
            if (rank > 0)
                v->shape[d] = hostile_dims[extra % 8];
            break;
        case 4:
            if (v->rank < TIX_MAX_RANK && v->rank >= 0) {
                v->shape[v->rank] = 1 + extra % 3;
                v->rank++;
            } else {
                v->rank = TIX_MAX_RANK + 1;
            }
            break;
        case 5:
            v->rank = v->rank > 0 ? v->rank - 1 : -1;
            break;
        case 6:
            v->rank = wild_ranks[extra % 16];
            break;
        case 7:
            c->v[c->scatter && (w & 1) ? T_UPDATES : T_OUTPUT].dtype =
                (tix_dtype)(extra < 240 ? 1 + extra % 20 : wild_dtypes[extra - 240]);
            break;
        case 8:
            c->null_data[t] = true;
            break;
        default:
            break;
    }
}

/* Perturbations of strides (after the layouts). */
static void perturb_strides(fcase* c, uint8_t w, uint8_t extra) {
    int t = w % T_COUNT;
    if (!c->used[t])
        t = T_DATA;
    tix_tensor* v = &c->v[t];
    int32_t rank = clamp_rank(v->rank);
    int32_t d = rank > 0 ? (w / 4) % rank : 0;
    tix_tensor* o = &c->v[T_OUTPUT];
    int32_t orank = clamp_rank(o->rank);
    switch (c->perturbation) {
        case 9: /* a huge stride */
            if (rank > 0)
                v->strides[d] = hostile_strides[extra % 16];
            break;
        case 10: /* an output that overlaps itself: a 0 stride */
            if (orank > 0)
                o->strides[(w / 4) % orank] = 0;
            break;
        case 11: /* crossing or interleaved output strides */
            for (int32_t k = 0; k < orank; k++)
                o->strides[k] = 1 + (int64_t)((extra >> k) & 1);
            break;
        case 12: /* output strides on one dimension negated, or one smaller */
            if (orank > 0) {
                int32_t k = (w / 4) % orank;
                if (o->strides[k] != INT64_MIN) {
                    o->strides[k] = (extra & 1) ? -o->strides[k] : o->strides[k] - 1;
                }
            }
            break;
        default:
            break;
    }
}

static void fill_values(fuzz_input* in, fcase* c, int t) {
    tix_tensor* v = &c->v[t];
    if (c->null_data[t] || !c->fits[t] || count_of(v) <= 0)
        return;
    tix_tensor view = distinct_view(v);
    view.data = c->mem[c->region[t]] + c->pos[t];
    size_t size = ref_dtype_size(v->dtype);
    int64_t coord[TIX_MAX_RANK] = {0};
    do {
        unsigned char* e = element_at(&view, coord);
        if (v->dtype == TIX_DTYPE_STRING) {
            const char* s = string_table[fuzz_byte(in) % 8];
            memcpy(e, &s, sizeof s);
        } else {
            for (size_t k = 0; k < size; k++)
                e[k] = fuzz_byte(in);
        }
    } while (next_coord(coord, &view));
}

static void fill_indices(fuzz_input* in, fcase* c, bool structure_valid) {
    tix_tensor* v = &c->v[T_INDICES];
    if (c->null_data[T_INDICES] || !c->fits[T_INDICES] || count_of(v) <= 0)
        return;
    tix_tensor view = distinct_view(v);
    view.data = c->mem[c->region[T_INDICES]] + c->pos[T_INDICES];
    size_t size = ref_dtype_size(v->dtype);
    int64_t coord[TIX_MAX_RANK] = {0};
    do {
        int64_t s = structure_valid ? axis_size_at(c, coord) : 4;
        ref_store_bits(element_at(&view, coord), size, (uint64_t)decode_index(in, s));
    } while (next_coord(coord, &view));
}

/* Whether a view of valid rank and shape can be given a buffer: its span in bytes, and the
 * number of its distinct elements, are small enough. */
static bool allocatable(const tix_tensor* t, int64_t* lo, int64_t* hi) {
    *lo = *hi = 0;
    if (t->rank < 0 || t->rank > TIX_MAX_RANK || ref_dtype_size(t->dtype) == 0)
        return false;
    int64_t n = count_of(t);
    if (n < 0)
        return false;
    if (n == 0)
        return true;
    if (!extent_of(t, lo, hi))
        return false;
    __int128 span = ((__int128)*hi - *lo + 1) * (__int128)ref_dtype_size(t->dtype);
    tix_tensor distinct = distinct_view(t);
    int64_t m = count_of(&distinct);
    return span <= MAX_REGION && m >= 0 && m <= MAX_FILL;
}

/* Places every view in a buffer: its own, or (perturbations 13-15) the output inside an input's
 * buffer at a position the input chooses, or (in place) data's. */
static void place(fuzz_input* in, fcase* c) {
    int64_t lo[T_COUNT], hi[T_COUNT];
    for (int t = 0; t < T_COUNT; t++) {
        c->region[t] = t;
        c->fits[t] = c->used[t] && allocatable(&c->v[t], &lo[t], &hi[t]);
    }
    int share = -1; /* the input whose buffer the output shares */
    uint64_t where = 0;
    if (c->perturbation >= 13 && c->perturbation <= 15) {
        where = fuzz_bytes(in, 2);
        share = c->perturbation == 13 ? T_DATA : c->perturbation == 14 ? T_INDICES : T_UPDATES;
        if (!c->used[share] || !c->fits[share] || !c->fits[T_OUTPUT] || c->in_place)
            share = -1;
    }
    for (int g = 0; g < T_COUNT; g++) {
        /* the members of buffer g and their byte ranges relative to element [0, ..., 0] */
        int members[2], count = 0;
        for (int t = 0; t < T_COUNT; t++) {
            bool member = c->used[t] && (t == g ? !(t == T_OUTPUT && (c->in_place || share >= 0))
                                                : (t == T_OUTPUT && share == g));
            if (member)
                members[count++] = t;
        }
        if (count == 0)
            continue;
        int64_t low = 0, high = 0; /* byte range of the buffer, before the shift */
        for (int k = 0; k < count; k++) {
            int t = members[k];
            int64_t size = (int64_t)ref_dtype_size(c->v[t].dtype);
            if (!c->fits[t]) {
                c->pos[t] = 0;
                high = high > SMALL_REGION ? high : SMALL_REGION;
                continue;
            }
            if (k == 0) {
                c->pos[t] = -lo[t] * size;
            } else {
                /* the output anywhere from just before the input's first byte to just after its
                 * last, aligned to its element size */
                int64_t first = c->pos[members[0]] +
                                lo[members[0]] * (int64_t)ref_dtype_size(c->v[members[0]].dtype);
                int64_t last =
                    c->pos[members[0]] +
                    (hi[members[0]] + 1) * (int64_t)ref_dtype_size(c->v[members[0]].dtype);
                int64_t span = (hi[t] - lo[t] + 1) * size;
                int64_t start =
                    first - span + (int64_t)(where % (uint64_t)(last - first + span + 1));
                start -= ((start % size) + size) % size;
                c->pos[t] = start - lo[t] * size;
            }
            int64_t a = c->pos[t] + lo[t] * size, z = c->pos[t] + (hi[t] + 1) * size;
            low = low < a ? low : a;
            high = high > z ? high : z;
        }
        /* every position >= 0 and aligned to 16, then the misalignment */
        int64_t move = -low;
        move += (16 - move % 16) % 16;
        for (int k = 0; k < count; k++) {
            c->pos[members[k]] += move + (c->fits[members[k]] ? c->misalign : 0);
        }
        c->bytes[g] = (size_t)(high + move + c->misalign);
        if (c->bytes[g] == 0)
            c->bytes[g] = 1;
        c->mem[g] = malloc(c->bytes[g]);
        FUZZ_CHECK(c->mem[g] != NULL, "out of memory");
        memset(c->mem[g], PATTERN, c->bytes[g]);
        for (int k = 0; k < count; k++)
            c->region[members[k]] = g;
    }
    if (c->in_place) {
        c->region[T_OUTPUT] = c->region[T_DATA];
        c->pos[T_OUTPUT] = c->pos[T_DATA];
        c->fits[T_OUTPUT] = c->fits[T_DATA];
        c->null_data[T_OUTPUT] = c->null_data[T_DATA];
    }
    if (share >= 0)
        c->region[T_OUTPUT] = share;
}

static void free_case(fcase* c) {
    for (int g = 0; g < T_COUNT; g++)
        free(c->mem[g]);
}

/* Decodes the whole case. */
static void decode(fuzz_input* in, fcase* c) {
    memset(c, 0, sizeof *c);
    c->op = FUZZ_OP;
    c->scatter = op_is_scatter(c->op);
    c->used[T_DATA] = c->used[T_INDICES] = c->used[T_OUTPUT] = true;
    c->used[T_UPDATES] = c->scatter;

    uint8_t flags = fuzz_byte(in);
    c->executor = flags & 3;
    c->use_diagnostic = (flags & 4) != 0;
    c->null_options = (flags & 8) != 0;
    c->in_place = c->scatter && (flags & 16) != 0;
    c->options.exclude_self = (flags & 32) != 0;
    bool fill = (flags & 64) != 0;
    c->output_is_data_struct = (flags & 128) != 0;

    uint8_t b = fuzz_byte(in);
    tix_dtype dtype = (tix_dtype)(b < 236 ? 1 + b % 20 : wild_dtypes[(b - 236) % 8]);
    c->v[T_DATA].dtype = c->v[T_UPDATES].dtype = c->v[T_OUTPUT].dtype = dtype;
    b = fuzz_byte(in);
    c->v[T_INDICES].dtype = (tix_dtype)(b < 240 ? (int)index_types[b % 8] : wild_dtypes[b - 240]);
    b = fuzz_byte(in);
    c->options.negative_indices = (tix_negative_indices)(b < 250 ? b % 2 : wild_enums[b - 250]);
    b = fuzz_byte(in);
    c->options.out_of_range = (tix_out_of_range)(b < 250 ? b % 4 : wild_enums[b - 250]);
    b = fuzz_byte(in);
    if (c->scatter) {
        c->options.reduction = (tix_reduction)(b < 250 ? b % 7 : wild_enums[b - 250]);
        /* (the same byte, so the corpus keeps its meaning: chunked float sums half the time) */
        c->options.accumulation = (tix_accumulation)(b < 250 ? b / 7 % 2 : wild_enums[b - 250]);
    } else {
        c->options.reduction = (tix_reduction)(b < 240 ? 0 : b < 250 ? b % 7 : wild_enums[b - 250]);
    }

    decode_structure(in, c);
    derive_shapes(c);
    c->perturbation = fuzz_byte(in);
    c->perturbation = c->perturbation >= 224 ? c->perturbation - 224 : -1;
    c->target = fuzz_byte(in);
    uint8_t extra = fuzz_byte(in);
    c->misalign = c->perturbation == 16 ? 1 + extra % 3 : 0;
    if (c->perturbation == 17 && c->scatter)
        c->in_place = true; /* then perturbed strides */
    perturb_structure(c, (uint8_t)c->target, extra);

    bool null_if_empty[T_COUNT] = {false};
    for (int t = 0; t < T_COUNT; t++) {
        if (!c->used[t])
            continue;
        if (t == T_OUTPUT && c->in_place) {
            c->v[T_OUTPUT] = c->v[T_DATA];
            if (c->perturbation == 17 && clamp_rank(c->v[T_OUTPUT].rank) > 0) {
                /* in place but one stride differs: not exactly the data view */
                int64_t* stride =
                    &c->v[T_OUTPUT].strides[c->target % clamp_rank(c->v[T_OUTPUT].rank)];
                *stride = *stride == INT64_MAX ? *stride - 1 : *stride + 1;
                c->output_is_data_struct = false;
            }
            continue;
        }
        decode_layout(in, &c->v[t], t != T_OUTPUT, &null_if_empty[t]);
    }
    perturb_strides(c, (uint8_t)c->target, extra);
    if (!c->in_place || memcmp(&c->v[T_DATA], &c->v[T_OUTPUT], sizeof(tix_tensor)) != 0) {
        c->output_is_data_struct = false;
    }
    for (int t = 0; t < T_COUNT; t++) {
        if (null_if_empty[t] && count_of(&c->v[t]) == 0)
            c->null_data[t] = true;
    }
    /* Findings already reported, avoided in long runs (TIX_FUZZ_KNOWN; docs/TESTING.md) */
    for (int t = 0; t < T_COUNT; t++) {
        int64_t n = count_of(&c->v[t]);
        if (fuzz_known("unused_strides")) { /* strides never used, multiplied all the same */
            for (int32_t d = 0; d < clamp_rank(c->v[t].rank); d++) {
                if (n == 0 || c->v[t].shape[d] == 1)
                    c->v[t].strides[d] = 1;
            }
            /* ... and an index along a huge dimension of an empty view, times its stride */
            __int128 reach = 0;
            for (int32_t d = 0; d < clamp_rank(c->v[t].rank) && n == 0; d++) {
                if (c->v[t].shape[d] > 1)
                    reach += (__int128)(c->v[t].shape[d] - 1) * 16;
            }
            if (reach > INT64_MAX)
                c->skip = true;
            /* ... and the dense strides of an empty shape (the counts of a mean scatter) */
            int64_t dense = 16;
            for (int32_t d = clamp_rank(c->v[t].rank) - 1; d >= 0 && n == 0; d--) {
                if (c->v[t].shape[d] > 1 && __builtin_mul_overflow(dense, c->v[t].shape[d], &dense))
                    c->skip = true;
            }
        }
        if (n == 0 && fuzz_known("null_empty_data"))
            c->null_data[t] = false; /* NULL + 0 */
        if (n > 0 && fuzz_known("offset_limit") && ref_dtype_size(c->v[t].dtype) > 0) {
            /* (farthest offset + 1) x element size overflows for a view at the limit */
            __int128 reach = 0;
            for (int32_t d = 0; d < c->v[t].rank; d++) {
                __int128 st = c->v[t].strides[d];
                reach += (st < 0 ? -st : st) * (c->v[t].shape[d] - 1);
            }
            /* (beyond INT64_MAX the view is invalid anyway, and rejected before any of this) */
            if (reach <= INT64_MAX &&
                (reach + 1) * (__int128)ref_dtype_size(c->v[t].dtype) > INT64_MAX)
                c->skip = true;
        }
    }

    if (fill) {
        for (int k = 0; k < 16; k++)
            c->fill[k] = fuzz_byte(in);
        if (dtype == TIX_DTYPE_STRING) {
            c->fill_string = string_table[c->fill[0] % 8];
            c->options.fill_value = &c->fill_string;
        } else {
            c->options.fill_value = c->fill;
        }
    }
    if (c->null_options)
        memset(&c->options, 0, sizeof c->options);

    place(in, c);
    bool structure_valid = false;
    {
        unsigned errors = 0;
        int32_t rank;
        int64_t shape[2 * TIX_MAX_RANK + 2];
        const tix_tensor *d = &c->v[T_DATA], *i = &c->v[T_INDICES];
        structure_valid = d->rank >= 1 && d->rank <= TIX_MAX_RANK && i->rank >= 0 &&
                          i->rank <= TIX_MAX_RANK && count_of(d) >= 0 && count_of(i) >= 0 &&
                          op_rules(c, d, i, &errors, &rank, shape) && errors == 0;
    }
    fill_indices(in, c, structure_valid);
    fill_values(in, c, T_DATA);
    if (c->scatter)
        fill_values(in, c, T_UPDATES);
}

/* ---------------------------------------------------------------------------------------------
 * The checks.
 */
static bool indexes_empty_axis(const fcase* c) {
    const tix_tensor *d = &c->v[T_DATA], *i = &c->v[T_INDICES];
    if (count_of(i) == 0)
        return false;
    if (c->op == OP_GATHER_ND || c->op == OP_SCATTER_ND) {
        int32_t b = normalized_batch(c);
        for (int64_t t = 0; t < i->shape[i->rank - 1]; t++) {
            if (d->shape[b + t] == 0)
                return true;
        }
        return false;
    }
    return d->shape[normalized_axis(c)] == 0;
}

static void check_shape_call(const fcase* c, run* r) {
    bool wraps;
    unsigned errors = spec(c, r->view, true, &wraps);
    tix_tensor* result = malloc(sizeof(tix_tensor));
    FUZZ_CHECK(result != NULL, "out of memory");
    memset(result, 0x5a, sizeof *result);
    const tix_options* o = library_options(c, r, NULL);
    tix_status status = call_shape(c, r, result, o);
    if (c->use_diagnostic && o != NULL)
        check_diagnostic(c, r, status, false);
    if (errors == 0 && fuzz_known("shape_result")) {
        /* a result whose count or dense strides overflow int64 (even when it is empty) */
        int32_t rank = r->view[T_DATA]->rank;
        int64_t shape[2 * TIX_MAX_RANK + 2];
        memcpy(shape, r->view[T_DATA]->shape, sizeof r->view[T_DATA]->shape);
        unsigned ignored = 0;
        if (c->scatter ||
            op_rules(c, r->view[T_DATA], r->view[T_INDICES], &ignored, &rank, shape)) {
            int64_t stride = 1;
            bool overflow = false;
            for (int32_t d = rank - 1; d > 0; d--) {
                if (shape[d] > 1)
                    overflow = overflow || __builtin_mul_overflow(stride, shape[d], &stride);
            }
            tix_tensor gathered = {.rank = rank};
            memcpy(gathered.shape, shape, (size_t)rank * sizeof shape[0]);
            if (overflow || count_of(&gathered) < 0) {
                free(result);
                return;
            }
        }
    }
    if (errors != 0) {
        OP_CHECK(status != TIX_STATUS_OK && (errors & BIT(status)) != 0,
                 "the shape call returned %s; tix.h says the call has errors 0x%x",
                 tix_status_name(status), errors);
        free(result);
        return;
    }
    bool clamp_or_wrap = c->options.out_of_range == TIX_OUT_OF_RANGE_CLAMP ||
                         c->options.out_of_range == TIX_OUT_OF_RANGE_WRAP;
    if (status == TIX_STATUS_INDEX_OUT_OF_RANGE && clamp_or_wrap && indexes_empty_axis(c)) {
        free(result); /* may be reported by the shape call or not (it reads no index) */
        return;
    }
    OP_CHECK(status == TIX_STATUS_OK, "the shape call of a valid call returned %s",
             tix_status_name(status));
    const tix_tensor* data = r->view[T_DATA];
    int32_t rank = data->rank;
    int64_t shape[2 * TIX_MAX_RANK + 2];
    memcpy(shape, data->shape, sizeof data->shape);
    unsigned ignored = 0;
    if (!c->scatter)
        op_rules(c, data, r->view[T_INDICES], &ignored, &rank, shape);
    OP_CHECK(
        result->data == NULL && result->dtype == data->dtype && same_shape(result, rank, shape),
        "the shape call's result (rank %d) differs from the header's shape (rank %d)",
        (int)result->rank, (int)rank);
    if (count_of(result) > 0) {
        int64_t dense = 1;
        for (int32_t d = result->rank - 1; d >= 0; d--) {
            OP_CHECK(result->strides[d] == dense,
                     "the shape call's stride %d is %" PRId64 ", not dense %" PRId64, (int)d,
                     result->strides[d], dense);
            dense *= result->shape[d];
        }
    }
    free(result);
}

static bool statuses_agree(const fcase* c, const run* lib, tix_status got, tix_status want) {
    if (got == want)
        return true;
    /* A gather whose output is empty uses no index; whether it still checks them is open. */
    return !c->scatter && want == TIX_STATUS_INDEX_OUT_OF_RANGE && got == TIX_STATUS_OK &&
           count_of(lib->view[T_OUTPUT]) == 0;
}

/* An invalid call: the library must fail with one of the errors tix.h names and leave memory as
 * it was (a failed gather may have written its output's elements). */
static void check_invalid(const fcase* c) {
    run r;
    bind(c, &r);
    /* The errors of this binding: an overlap with a view the fuzzer could not allocate depends on
     * where the buffers landed. Without errors here, the call cannot be run. */
    bool wraps;
    unsigned errors = spec(c, r.view, false, &wraps);
    if (errors == 0) {
        stats.skipped++;
        unbind(&r);
        return;
    }
    if (wraps)
        errors |= BIT(TIX_STATUS_INVALID_STRIDES);
    checking_pool checking = {.order = c->executor == 3};
    tix_executor executors[2] = {{checking_parallel_for, &checking},
                                 {tix_threadpool_parallel_for, shared_pool()}};
    const tix_executor* executor = c->executor == 1 || c->executor == 3        ? &executors[0]
                                   : c->executor == 2 && shared_pool() != NULL ? &executors[1]
                                                                               : NULL;
    const tix_options* o = library_options(c, &r, executor);
    tix_status status = call(c, &r, true, o);
    stats.invalid++;
    count_status(status);
    OP_CHECK(status != TIX_STATUS_OK && (errors & BIT(status)) != 0,
             "the library returned %s; tix.h says the call has errors 0x%x",
             tix_status_name(status), errors);
    OP_CHECK(!checking.misuse, "parallel_for was misused");
    if (c->use_diagnostic && o != NULL)
        check_diagnostic(c, &r, status, false);
    check_untouched(c, &r, !c->scatter, "a failed call");
    unbind(&r);
}

/* Whether the reference can take the call: it multiplies every view's dimensions in order
 * (ref_count), which overflows for an empty view with huge dimensions before the zero. */
static bool reference_can_run(const fcase* c) {
    for (int t = 0; t < T_COUNT; t++) {
        if (!c->used[t])
            continue;
        int64_t n = 1;
        for (int32_t d = 0; d < c->v[t].rank; d++) {
            if (__builtin_mul_overflow(n, c->v[t].shape[d], &n))
                return false;
        }
    }
    return true;
}

static void check_valid(const fcase* c) {
    /* the reference; without it, only what holds for any valid call is checked */
    bool reference = reference_can_run(c);
    run ref;
    bind(c, &ref);
    tix_options ref_options = c->options;
    tix_status want = reference ? call(c, &ref, false, &ref_options) : TIX_STATUS_OK;
    OP_CHECK(want != TIX_STATUS_OUT_OF_MEMORY, "the reference ran out of memory");

    /* the library, serially */
    run lib;
    bind(c, &lib);
    check_shape_call(c, &lib);
    const tix_options* o = library_options(c, &lib, NULL);
    tix_status got = call(c, &lib, true, o);
    stats.valid++;
    count_status(got);
    if (reference) {
        OP_CHECK(statuses_agree(c, &lib, got, want), "the library returned %s, the reference %s",
                 tix_status_name(got), tix_status_name(want));
    } else {
        OP_CHECK(got == TIX_STATUS_OK || got == TIX_STATUS_INDEX_OUT_OF_RANGE,
                 "the library returned %s for a valid call", tix_status_name(got));
    }
    if (c->use_diagnostic && o != NULL)
        check_diagnostic(c, &lib, got, true);
    if (got == TIX_STATUS_OK) {
        check_untouched(c, &lib, true, "a call");
        if (reference) {
            check_untouched(c, &ref, true, "the reference");
            compare_outputs(c, &lib, &ref);
        }
    } else {
        check_untouched(c, &lib, !c->scatter, "a failed call");
    }

    /* executors: the same status and bytes as the serial run */
    const tix_tensor* direct = c->scatter ? lib.view[T_UPDATES] : lib.view[T_OUTPUT];
    bool big = count_of(direct) >= 8192 || count_of(lib.view[T_OUTPUT]) >= 8192;
    for (int kind = 0; kind < 3; kind++) {
        checking_pool checking = {.order = kind};
        tix_executor executor = {checking_parallel_for, &checking};
        if (kind == 2) {
            if (shared_pool() == NULL || !(big || c->executor == 2))
                continue;
            executor = tix_threadpool_executor(shared_pool());
        } else if (kind == 1 && !(big || c->executor == 3)) {
            continue;
        }
        run ex;
        bind(c, &ex);
        tix_status status = call(c, &ex, true, library_options(c, &ex, &executor));
        OP_CHECK(!checking.misuse, "parallel_for was misused (range 0, tile 0 or nested)");
        OP_CHECK(status == got, "with executor %d the library returned %s, serially %s", kind,
                 tix_status_name(status), tix_status_name(got));
        for (int g = 0; g < T_COUNT; g++) {
            if (c->mem[g] == NULL)
                continue;
            OP_CHECK(memcmp(ex.mem[g], lib.mem[g], c->bytes[g]) == 0,
                     "with executor %d the buffer of %s differs from the serial run", kind,
                     tensor_names[g]);
        }
        unbind(&ex);
    }
    unbind(&lib);
    unbind(&ref);
}

int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
    fuzz_input in;
    fuzz_input_init(&in, bytes, size);
    fcase* c = malloc(sizeof *c);
    FUZZ_CHECK(c != NULL, "out of memory");
    decode(&in, c);
    if (c->skip) {
        stats.skipped++;
        free_case(c);
        free(c);
        return 0;
    }
    current = c;
    if (getenv("TIX_FUZZ_DESCRIBE") != NULL)
        describe(c); /* to look at an input */

    run probe;
    bind(c, &probe);
    bool wraps;
    unsigned errors = spec(c, probe.view, false, &wraps);
    unbind(&probe);
    if (getenv("TIX_FUZZ_DESCRIBE") != NULL) {
        fprintf(stderr, "  tix.h: errors 0x%x%s\n", errors,
                wraps ? ", an address range wraps" : "");
    }

    bool all_fit = true;
    for (int t = 0; t < T_COUNT; t++)
        all_fit = all_fit && (!c->used[t] || c->fits[t]);
    int64_t walked = count_of(&c->v[T_OUTPUT]);
    int64_t idx = count_of(&c->v[T_INDICES]);
    int64_t upd = c->scatter ? count_of(&c->v[T_UPDATES]) : 0;
    bool small = walked <= MAX_ELEMENTS && idx <= MAX_ELEMENTS && upd <= MAX_ELEMENTS;

    if (errors == 0 && !wraps && all_fit && small) {
        check_valid(c);
    } else if (errors != 0) {
        /* An address range that wraps is the contract tests/hostile checks: allowed here. A view
         * the fuzzer could not allocate is fine in an invalid call: the library must reject the
         * call before touching it. */
        check_invalid(c);
        run r;
        bind(c, &r);
        check_shape_call(c, &r);
        unbind(&r);
    } else {
        stats.skipped++;
    }
    current = NULL;
    free_case(c);
    free(c);
    return 0;
}
