/* Seeded random differential tests: the library against the naive reference (reference.c).
 *
 * Every case is built from one 64-bit seed: random dtypes (all 20), index dtypes (all 8), ranks
 * 0..6, shapes (zero-size dimensions sometimes; a few hundred elements at most, except one case
 * in LARGE_ONE_IN that is big enough for the library to split it into tasks), axis and
 * batch_dims (negative sometimes), strided views into larger buffers (negative, zero and padded
 * strides, permuted and interleaved layouts, self-overlapping inputs), index values (in range,
 * negative, out of range under every mode, type extremes, heavy duplicates), options
 * (negative_indices, out_of_range, fill_value or not, every reduction with and without
 * exclude_self, accumulation in order or chunked and now and then out of its range, a diagnostic,
 * or options = NULL), and for scatters sometimes in place.
 * One scatter case in CHUNKY_ONE_IN is a float sum (float16/bfloat16/float32/float64, add, sub
 * or mul) with many updates into a small output, so that options.accumulation =
 * TIX_ACCUMULATE_CHUNKED reaches k = min(8, u / (16 n)) >= 2 chunks (tix.h, "Reductions"): 1 to
 * 8 output elements and up to ~1400 updates, or (one in LARGE_CHUNKY_ONE_IN of them) a few
 * hundred to ~1250 output elements and ~24000 to 40000 updates, enough for the library to run
 * the chunks as tasks; values mostly finite so that the rounding the chunk order changes shows.
 * One scatter_nd case in RUNS_ONE_IN (not a many-updates one) reaches whole runs of 256 bytes or
 * more of dense data, updates and output, many update rows to a run, so that the library takes
 * its run plan (src/execute.c, plan_runs), under every reduction; one in four of them is past
 * the pool threshold. A scatter_nd test of at least MIN_CASES_FOR_CHUNKS cases fails if none of
 * them succeeded under a reduction.
 * The cases that reached k >= 2 are counted and printed; a scatter test of at least
 * MIN_CASES_FOR_CHUNKS cases fails if none did (or, from 1000 cases, if no large one did).
 * Each case runs
 *   - the *_shape call, checked against the header's shape formula;
 *   - the reference;
 *   - the library serially, checked against the reference: the same status, and the whole
 *     backing buffer of the output equal (padding bytes untouched), inputs unchanged, a failed
 *     scatter leaving its output byte-identical, a diagnostic that agrees with the status (and
 *     on INDEX_OUT_OF_RANGE names a bad index and its value);
 *   - the library again through two test executors (tiles in reverse order; tiles shuffled),
 *     each required to be bitwise identical to the serial run.
 * Elements compare bitwise, NaN bits included (a NaN that add, sub, mul or mean produces is the
 * canonical quiet NaN, in the library and in the reference alike), except that the default
 * STRING fill may be any pointer to "".
 *
 * Environment:
 *   TIX_DIFF_SEED=n        base seed (default below); every case seed derives from it
 *   TIX_DIFF_CASES=n       cases per operation (default DEFAULT_CASES)
 *   TIX_DIFF_CASE=op:seed  run only that case (op as printed, seed in hex) and dump its tensors
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "reference.h"

#define DEFAULT_SEED 0x7469785f64696666ull /* "tix_diff" */
#define DEFAULT_CASES 3000
#define MAX_ELEMENTS 300 /* per tensor */
#define MAX_ELEMENTS_LARGE 40000 /* per tensor, in the few large cases (past the pool threshold) */
#define LARGE_ONE_IN 12
#define CHUNKY_ONE_IN 6       /* scatter cases with many updates into a small output */
#define LARGE_CHUNKY_ONE_IN 6 /* of those, the ones with ~40000 updates */
#define BAD_ACCUMULATION_ONE_IN 50
#define RUNS_ONE_IN 6 /* scatter_nd cases of whole runs */
#define MIN_CASES_FOR_CHUNKS 200
#define PATTERN 0xA5     /* initial byte of every buffer */
#define MAX_REPORTED 4   /* failures printed in full per operation */

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* tix.h's rule for outputs: with the dimensions of size > 1 sorted by |stride|, each |stride|
 * must exceed the largest offset the smaller ones reach. Outputs that break it, even interleaved
 * ones whose elements never overlap (shape [2, 3], strides [3, 2]), are rejected with
 * TIX_STATUS_ALIASING and left untouched. */
static bool strides_nest(const tix_tensor* t)
{
    int64_t span = 0;
    bool used[TIX_MAX_RANK] = {false};
    for (;;) { /* pick the smallest unused |stride| each round */
        int32_t best = -1;
        for (int32_t d = 0; d < t->rank; d++) {
            int64_t s = t->strides[d] < 0 ? -t->strides[d] : t->strides[d];
            int64_t b = best < 0 ? 0 : (t->strides[best] < 0 ? -t->strides[best] : t->strides[best]);
            if (!used[d] && t->shape[d] > 1 && (best < 0 || s < b))
                best = d;
        }
        if (best < 0)
            return true;
        used[best] = true;
        int64_t s = t->strides[best] < 0 ? -t->strides[best] : t->strides[best];
        if (s <= span)
            return false;
        span += s * (t->shape[best] - 1);
    }
}

/* Cases the library is known to get wrong, skipped so the rest still runs (see the report). */
static const struct {
    int op;
    uint64_t seed;
} known_failures[] = {
    {-1, 0}, /* sentinel */
};

/* ------------------------------------------------------------------------------------------
 * Random numbers: splitmix64
 */

typedef struct rng {
    uint64_t state;
} rng;

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t rnext(rng* r)
{
    r->state += 0x9e3779b97f4a7c15ull;
    return mix64(r->state);
}

/* uniform in [lo, hi] */
static int64_t rrange(rng* r, int64_t lo, int64_t hi)
{
    uint64_t span = (uint64_t)(hi - lo) + 1;
    return lo + (int64_t)(rnext(r) % span);
}

static bool rchance(rng* r, int num, int den)
{
    return (int)(rnext(r) % (uint64_t)den) < num;
}

/* ------------------------------------------------------------------------------------------
 * dtypes
 */

static const tix_dtype all_dtypes[] = {
    TIX_DTYPE_FLOAT32,      TIX_DTYPE_UINT8,          TIX_DTYPE_INT8,       TIX_DTYPE_UINT16,
    TIX_DTYPE_INT16,        TIX_DTYPE_INT32,          TIX_DTYPE_INT64,      TIX_DTYPE_STRING,
    TIX_DTYPE_BOOL,         TIX_DTYPE_FLOAT16,        TIX_DTYPE_FLOAT64,    TIX_DTYPE_UINT32,
    TIX_DTYPE_UINT64,       TIX_DTYPE_COMPLEX64,      TIX_DTYPE_COMPLEX128, TIX_DTYPE_BFLOAT16,
    TIX_DTYPE_FLOAT8E4M3FN, TIX_DTYPE_FLOAT8E4M3FNUZ, TIX_DTYPE_FLOAT8E5M2,
    TIX_DTYPE_FLOAT8E5M2FNUZ,
};
#define N_DTYPES ((int)(sizeof all_dtypes / sizeof all_dtypes[0]))

static const tix_dtype index_dtypes[] = {TIX_DTYPE_INT8,  TIX_DTYPE_INT16,  TIX_DTYPE_INT32,
                                         TIX_DTYPE_INT64, TIX_DTYPE_UINT8,  TIX_DTYPE_UINT16,
                                         TIX_DTYPE_UINT32, TIX_DTYPE_UINT64};

static const char* dtype_label(tix_dtype t)
{
    static const char* const names[TIX_DTYPE_COUNT] = {
        "undefined", "float32", "uint8",   "int8",       "uint16",       "int16",
        "int32",     "int64",   "string",  "bool",       "float16",      "float64",
        "uint32",    "uint64",  "complex64", "complex128", "bfloat16",   "float8e4m3fn",
        "float8e4m3fnuz", "float8e5m2", "float8e5m2fnuz"};
    return (int)t >= 0 && (int)t < TIX_DTYPE_COUNT ? names[t] : "?";
}

static bool is_signed_index(tix_dtype t)
{
    return t == TIX_DTYPE_INT8 || t == TIX_DTYPE_INT16 || t == TIX_DTYPE_INT32 ||
           t == TIX_DTYPE_INT64;
}

static const char* const string_table[] = {"alpha", "beta", "gamma", "", "delta", "epsilon",
                                           "zeta", "eta"};

/* ------------------------------------------------------------------------------------------
 * Buffers with views
 */

typedef struct tbuf {
    unsigned char* mem; /* the backing allocation */
    size_t bytes;
    tix_tensor view; /* view.data points into mem, or is NULL for some empty tensors */
    bool interleaved; /* strides that do not nest (still no two elements overlap) */
} tbuf;

static bool next_coord(int64_t* c, const tix_tensor* t)
{
    for (int32_t d = t->rank - 1; d >= 0; d--) {
        if (++c[d] < t->shape[d])
            return true;
        c[d] = 0;
    }
    return false;
}

static void tbuf_free(tbuf* b)
{
    free(b->mem);
    b->mem = NULL;
    b->bytes = 0;
}

static void tbuf_clone(const tbuf* src, tbuf* dst)
{
    *dst = *src;
    dst->mem = malloc(src->bytes);
    assert_non_null(dst->mem);
    memcpy(dst->mem, src->mem, src->bytes);
    if (src->view.data)
        dst->view.data = dst->mem + ((unsigned char*)src->view.data - src->mem);
}

static int compare_i64(const void* a, const void* b)
{
    int64_t x = *(const int64_t*)a, y = *(const int64_t*)b;
    return (x > y) - (x < y);
}

/* Random strides that need not nest (e.g. shape [2, 3] with strides [3, 2]) but still give
 * every element its own offset, checked by brute force. false if none was found. */
static bool interleaved_strides(rng* r, tix_tensor* t)
{
    int64_t n = ref_count(t);
    if (n < 2 || n > 512)
        return false;
    int64_t* offsets = malloc((size_t)n * sizeof *offsets);
    assert_non_null(offsets);
    bool found = false;
    for (int attempt = 0; attempt < 20 && !found; attempt++) {
        for (int32_t d = 0; d < t->rank; d++) {
            int64_t mag = rrange(r, 1, 2 * n / (t->shape[d] > 0 ? t->shape[d] : 1) + 1);
            t->strides[d] = rchance(r, 1, 4) ? -mag : mag;
        }
        int64_t c[TIX_MAX_RANK] = {0}, k = 0;
        do {
            int64_t off = 0;
            for (int32_t d = 0; d < t->rank; d++)
                off += c[d] * t->strides[d];
            offsets[k++] = off;
        } while (next_coord(c, t));
        qsort(offsets, (size_t)n, sizeof *offsets, compare_i64);
        found = true;
        for (int64_t j = 1; j < n; j++)
            found = found && offsets[j] != offsets[j - 1];
    }
    free(offsets);
    return found;
}

/* Strides for b->view (shape and rank set): mostly dimensions nested in a random order, each
 * stride at least the extent of the dimensions inside it (so an output never overlaps itself),
 * padded sometimes, negative sometimes, 0 sometimes for inputs. Dimensions of size 0 or 1 get
 * arbitrary strides. Sometimes instead: for inputs, any strides in [-4, 4] (elements may
 * overlap); for outputs, interleaved strides that do not nest but never overlap. Returns whether
 * the buffer should be padded. */
static bool choose_strides(rng* r, tbuf* b, bool input)
{
    tix_tensor* t = &b->view;
    if (input && rchance(r, 1, 10)) {
        for (int32_t d = 0; d < t->rank; d++)
            t->strides[d] = rrange(r, -4, 4);
        return true;
    }
    if (!input && rchance(r, 1, 8) && interleaved_strides(r, t)) {
        b->interleaved = true;
        return true;
    }
    int32_t perm[TIX_MAX_RANK];
    for (int32_t d = 0; d < t->rank; d++)
        perm[d] = d;
    if (rchance(r, 1, 4)) {
        for (int32_t d = t->rank - 1; d > 0; d--) {
            int32_t j = (int32_t)rrange(r, 0, d);
            int32_t tmp = perm[d];
            perm[d] = perm[j];
            perm[j] = tmp;
        }
    }
    bool padded = rchance(r, 1, 3);
    int64_t extent = 1;
    for (int32_t p = t->rank - 1; p >= 0; p--) {
        int32_t d = perm[p];
        if (t->shape[d] <= 1) {
            t->strides[d] = rchance(r, 1, 2) ? extent : rrange(r, -3, 3);
        } else if (input && rchance(r, 1, 8)) {
            t->strides[d] = 0;
        } else {
            int64_t mag = extent;
            if (padded && rchance(r, 1, 3))
                mag = mag * rrange(r, 2, 3) + rrange(r, 0, 2);
            t->strides[d] = rchance(r, 1, 4) ? -mag : mag;
            extent += (t->shape[d] - 1) * mag;
        }
    }
    return padded;
}

/* A random view of this shape into a fresh buffer filled with PATTERN: strides as above, and
 * up to 3 spare elements before and after when padded; or, when `dense`, row-major strides and
 * nothing around (no draw from r). */
static void make_layout(rng* r, tbuf* b, tix_dtype dtype, int32_t rank, const int64_t* shape,
                        bool input, bool dense)
{
    size_t es = ref_dtype_size(dtype);
    memset(b, 0, sizeof *b);
    b->view.dtype = dtype;
    b->view.rank = rank;
    for (int32_t d = 0; d < rank; d++)
        b->view.shape[d] = shape[d];
    int64_t extent = 1;
    for (int32_t d = rank - 1; d >= 0 && dense; d--) {
        b->view.strides[d] = extent;
        extent *= shape[d];
    }
    bool padded = !dense && choose_strides(r, b, input);

    int64_t lead = padded ? rrange(r, 0, 3) : 0, tail = padded ? rrange(r, 0, 3) : 0;
    if (ref_count(&b->view) == 0) {
        b->bytes = (size_t)(lead + tail + 1) * es;
        b->mem = malloc(b->bytes);
        assert_non_null(b->mem);
        memset(b->mem, PATTERN, b->bytes);
        b->view.data = rchance(r, 1, 2) ? NULL : b->mem + lead * (int64_t)es;
        return;
    }
    int64_t lo = 0, hi = 0; /* the lowest and highest element offsets */
    for (int32_t d = 0; d < rank; d++) {
        int64_t off = (shape[d] - 1) * b->view.strides[d];
        if (off < 0)
            lo += off;
        else
            hi += off;
    }
    b->bytes = (size_t)(lead + (hi - lo + 1) + tail) * es;
    b->mem = malloc(b->bytes);
    assert_non_null(b->mem);
    memset(b->mem, PATTERN, b->bytes);
    b->view.data = b->mem + (lead - lo) * (int64_t)es;
}

static unsigned char* element_at(const tix_tensor* t, const int64_t* c)
{
    int64_t off = 0;
    for (int32_t d = 0; d < t->rank; d++)
        off += c[d] * t->strides[d];
    return (unsigned char*)t->data + off * (int64_t)ref_dtype_size(t->dtype);
}

/* ------------------------------------------------------------------------------------------
 * Random values
 */

static double gen_real(rng* r, bool is_double)
{
    switch (rrange(r, 0, 19)) {
    case 0:
        return INFINITY;
    case 1:
        return -INFINITY;
    case 2:
        return NAN; /* canonical: replaced by exact bits below */
    case 3:
        return 0.0;
    case 4:
        return -0.0;
    case 5:
        return is_double ? 1.5e308 : 3.0e38; /* sums overflow */
    case 6:
        return is_double ? -4.9e-324 : 1.4e-45; /* smallest subnormals */
    case 7:
    case 8:
        return (double)rrange(r, -64, 64) / 4.0;
    case 9: {
        uint64_t bits = rnext(r);
        if (is_double) {
            double v;
            memcpy(&v, &bits, 8);
            return isnan(v) ? 1.0 : v;
        }
        uint32_t b32 = (uint32_t)bits;
        float f;
        memcpy(&f, &b32, 4);
        return isnan(f) ? 2.0 : (double)f;
    }
    case 10:
    case 11:
        return (double)(int64_t)(rnext(r) % 2001u) / 100.0 - 10.0;
    default:
        return (double)rrange(r, -8, 8);
    }
}

static void put_f32(void* p, double v)
{
    if (isnan(v)) {
        uint32_t bits = 0x7fc00000u;
        memcpy(p, &bits, 4);
    } else {
        float f = (float)v;
        memcpy(p, &f, 4);
    }
}

static void put_f64(void* p, double v)
{
    if (isnan(v)) {
        uint64_t bits = 0x7ff8000000000000ull;
        memcpy(p, &bits, 8);
    } else {
        memcpy(p, &v, 8);
    }
}

static void gen_value(rng* r, tix_dtype t, void* p)
{
    size_t size = ref_dtype_size(t);
    switch (t) {
    case TIX_DTYPE_BOOL: {
        static const uint8_t odd[] = {2, 0x80, 0xff};
        ref_store_bits(p, 1, rchance(r, 1, 8) ? odd[rrange(r, 0, 2)] : (uint64_t)rrange(r, 0, 1));
        break;
    }
    case TIX_DTYPE_INT8:
    case TIX_DTYPE_INT16:
    case TIX_DTYPE_INT32:
    case TIX_DTYPE_INT64:
    case TIX_DTYPE_UINT8:
    case TIX_DTYPE_UINT16:
    case TIX_DTYPE_UINT32:
    case TIX_DTYPE_UINT64: {
        bool is_signed = is_signed_index(t);
        uint64_t top = (uint64_t)1 << (size * 8 - 1);
        uint64_t v;
        switch (rrange(r, 0, 9)) {
        case 0:
        case 1:
            v = rnext(r);
            break;
        case 2:
            v = is_signed ? top - 1 : ~(uint64_t)0; /* highest */
            break;
        case 3:
            v = is_signed ? top : 0; /* lowest */
            break;
        case 4:
            v = is_signed ? top - (uint64_t)rrange(r, 1, 3) : top + (uint64_t)rrange(r, 0, 3);
            break;
        default:
            v = (uint64_t)(is_signed ? rrange(r, -6, 6) : rrange(r, 0, 12));
            break;
        }
        ref_store_bits(p, size, v);
        break;
    }
    case TIX_DTYPE_FLOAT32:
        put_f32(p, gen_real(r, false));
        break;
    case TIX_DTYPE_FLOAT64:
        put_f64(p, gen_real(r, true));
        break;
    case TIX_DTYPE_COMPLEX64:
        put_f32(p, gen_real(r, false));
        put_f32((unsigned char*)p + 4, gen_real(r, false));
        break;
    case TIX_DTYPE_COMPLEX128:
        put_f64(p, gen_real(r, true));
        put_f64((unsigned char*)p + 8, gen_real(r, true));
        break;
    case TIX_DTYPE_FLOAT16:
    case TIX_DTYPE_BFLOAT16: {
        bool half = t == TIX_DTYPE_FLOAT16;
        uint16_t h;
        if (rchance(r, 1, 3)) {
            h = (uint16_t)rnext(r);
            if ((h & 0x7fffu) > (half ? 0x7c00u : 0x7f80u))
                h = half ? 0x7e00u : 0x7fc0u; /* canonical NaN */
        } else {
            double v = gen_real(r, false);
            if (isnan(v))
                h = half ? 0x7e00u : 0x7fc0u;
            else
                h = half ? ref_f32_to_f16((float)v) : ref_f32_to_bf16((float)v);
        }
        ref_store_bits(p, 2, h);
        break;
    }
    case TIX_DTYPE_STRING: {
        const char* s = string_table[rrange(r, 0, 7)];
        memcpy(p, &s, sizeof s);
        break;
    }
    default: /* float8: any byte */
        ref_store_bits(p, 1, rnext(r));
        break;
    }
}

/* Values for the many-updates cases. Sums of hundreds of gen_value's values would nearly always
 * be NaN or infinite (one value in ten is), which hides the rounding the chunk order changes.
 * Here: mostly finite values whose sums round (decimals, small fractions, small integers, now
 * and then a multiple of 2^p, p the bits of the significand, where the ulp is 2, that swallows
 * what follows), zeros of both signs often enough that a chunk's sum is sometimes still -0, and
 * rarely (3 in 4000) an infinity or a NaN (or, for mul, a zero). For mul, factors near 1
 * (exactly 1 or -1 often, so that a product can stay 1) so that products of hundreds mostly
 * stay finite. Data (is_data) is a NaN with random sign and payload one time in 16: its bits
 * must survive where no update reaches it in chunk 0 and every later chunk leaves it (its sum
 * still z bit for bit), and become the canonical NaN where arithmetic touches it. */
static void gen_sum_value(rng* r, tix_dtype t, tix_reduction reduction, bool is_data, void* p)
{
    if (is_data && rchance(r, 1, 16)) {
        uint64_t bits = rnext(r);
        switch (t) {
        case TIX_DTYPE_FLOAT16:
            ref_store_bits(p, 2, (bits & 0x83ffu) | 0x7c01u); /* exponent all ones, payload != 0 */
            break;
        case TIX_DTYPE_BFLOAT16:
            ref_store_bits(p, 2, (bits & 0x807fu) | 0x7f81u);
            break;
        case TIX_DTYPE_FLOAT32:
            ref_store_bits(p, 4, (bits & 0x807fffffu) | 0x7f800001u);
            break;
        default:
            ref_store_bits(p, 8, (bits & 0x800fffffffffffffull) | 0x7ff0000000000001ull);
            break;
        }
        return;
    }
    double big = t == TIX_DTYPE_FLOAT16    ? 2048.0
                 : t == TIX_DTYPE_BFLOAT16 ? 256.0
                 : t == TIX_DTYPE_FLOAT32  ? 16777216.0
                                           : 9007199254740992.0;
    double v;
    int64_t pick = rrange(r, 0, 399);
    if (rchance(r, 3, 4000)) {
        /* an element with ~400 updates meets one a quarter of the time */
        static const double special[] = {NAN, INFINITY, -INFINITY, 0.0, -0.0};
        v = special[rrange(r, 0, reduction == TIX_REDUCTION_MUL ? 4 : 2)];
    } else if (reduction == TIX_REDUCTION_MUL) {
        if (pick < 80)
            v = 1.0;
        else if (pick < 100)
            v = -1.0;
        else if (pick < 102)
            v = rchance(r, 1, 2) ? big : 1.0 / big;
        else
            v = 1.0 + (double)rrange(r, -64, 64) / 1024.0;
    } else {
        if (pick < 60)
            v = -0.0;
        else if (pick < 80)
            v = 0.0;
        else if (pick < 100)
            v = big * (double)rrange(r, -3, 3);
        else if (pick < 200)
            v = (double)rrange(r, -16, 16);
        else if (pick < 300)
            v = (double)rrange(r, -2000, 2000) / 100.0;
        else
            v = (double)rrange(r, -1024, 1024) / 4096.0;
    }
    switch (t) {
    case TIX_DTYPE_FLOAT32:
        put_f32(p, v);
        break;
    case TIX_DTYPE_FLOAT64:
        put_f64(p, v);
        break;
    default: {
        bool half = t == TIX_DTYPE_FLOAT16;
        uint16_t h = isnan(v) ? (half ? 0x7e00u : 0x7fc0u)
                              : (half ? ref_f32_to_f16((float)v) : ref_f32_to_bf16((float)v));
        ref_store_bits(p, 2, h);
        break;
    }
    }
}

static void fill_sum_values(rng* r, tbuf* b, tix_reduction reduction, bool is_data)
{
    if (ref_count(&b->view) == 0)
        return;
    int64_t c[TIX_MAX_RANK] = {0};
    do
        gen_sum_value(r, b->view.dtype, reduction, is_data, element_at(&b->view, c));
    while (next_coord(c, &b->view));
}

static void fill_values(rng* r, tbuf* b)
{
    if (ref_count(&b->view) == 0)
        return;
    int64_t c[TIX_MAX_RANK] = {0};
    do
        gen_value(r, b->view.dtype, element_at(&b->view, c));
    while (next_coord(c, &b->view));
}

/* ------------------------------------------------------------------------------------------
 * Random indices
 */

typedef struct index_params {
    tix_negative_indices negative;
    int bad_percent; /* chance of a deliberately out-of-range value */
    bool duplicates; /* most values are dup_value */
    int64_t dup_value;
    bool skewed;     /* with duplicates: 99% of them instead of 75% (many-updates cases: the
                        other elements get so few updates that many chunks leave them) */
} index_params;

static uint64_t gen_index(rng* r, tix_dtype t, int64_t s, const index_params* g)
{
    bool is_signed = is_signed_index(t);
    int bits = (int)ref_dtype_size(t) * 8;
    uint64_t top = (uint64_t)1 << (bits - 1);
    if (s > 0 && !rchance(r, g->bad_percent, 100)) {
        bool dup = g->duplicates && (g->skewed ? rchance(r, 99, 100) : rchance(r, 3, 4));
        int64_t v = dup ? g->dup_value % s : rrange(r, 0, s - 1);
        if (is_signed && g->negative == TIX_NEGATIVE_WRAP && rchance(r, 1, 3))
            v -= s;
        return (uint64_t)v;
    }
    switch (rrange(r, 0, 6)) {
    case 0:
        return (uint64_t)(s + rrange(r, 0, 2));
    case 1:
        return is_signed ? (uint64_t)(-s - 1 - rrange(r, 0, 2)) : (uint64_t)(s + 7);
    case 2:
        return is_signed ? (uint64_t)(-1 - (s > 0 ? rrange(r, 0, s - 1) : 0)) : (uint64_t)s;
    case 3:
        return is_signed ? top - 1 : (bits == 64 ? ~(uint64_t)0 : (top << 1) - 1); /* highest */
    case 4:
        return top; /* signed: lowest; unsigned: the top bit alone */
    case 5:
        return is_signed ? top + 1 : top - 1;
    default:
        return rnext(r);
    }
}

/* ------------------------------------------------------------------------------------------
 * Test cases
 */

typedef struct test_case {
    int op;
    uint64_t seed;
    int64_t axis, batch; /* as passed: possibly negative */
    int32_t axis_n, batch_n; /* normalised */
    bool in_place;
    bool large;        /* past the pool threshold (MAX_ELEMENTS_LARGE) */
    bool chunky;       /* a float sum with many updates into a small output */
    bool runs;         /* scatter_nd of whole runs of dense data, updates and output */
    bool skewed;       /* index_params.skewed */
    bool null_options; /* the serial library run passes options = NULL (all defaults) */
    bool use_diagnostic;
    int bad_percent;
    bool duplicates;
    tix_options options;
    unsigned char fill[16];
    const char* fill_string;
    tbuf data, indices, updates, output; /* output unused in place */
} test_case;

static int64_t gen_dim(rng* r, int64_t max_dim)
{
    if (max_dim > 8) /* large cases */
        return rchance(r, 1, 4) ? rrange(r, 1, 4) : rrange(r, max_dim / 3, max_dim);
    if (rchance(r, 1, 30))
        return 0;
    if (rchance(r, 1, 5))
        return 1;
    return rrange(r, 2, max_dim);
}

static int32_t gen_rank(rng* r, int32_t lo, int32_t hi)
{
    if (hi > 3 && rchance(r, 1, 2))
        hi = lo > 3 ? lo : 3;
    return (int32_t)rrange(r, lo, hi);
}

static int64_t shape_count(int32_t rank, const int64_t* shape)
{
    int64_t n = 1;
    for (int32_t d = 0; d < rank; d++)
        n *= shape[d];
    return n;
}

/* Picks ranks and shapes for c->op; writes data, indices and output/updates shapes. */
static void gen_structure(rng* r, test_case* c, int32_t* dr, int64_t* ds, int32_t* ir,
                          int64_t* is, int32_t* orank, int64_t* os)
{
    bool large = rchance(r, 1, LARGE_ONE_IN);
    c->large = large;
    int64_t budget = large ? MAX_ELEMENTS_LARGE : MAX_ELEMENTS;
    for (int attempt = 0;; attempt++) {
        int64_t max_dim = attempt < 20 ? 5 : attempt < 60 ? 3 : 2;
        if (large)
            max_dim = attempt < 300 ? 48 : 9;
        tix_tensor d, i, o;
        memset(&d, 0, sizeof d);
        memset(&i, 0, sizeof i);
        switch (c->op) {
        case OP_GATHER:
        case OP_SCATTER: {
            d.rank = gen_rank(r, 1, large ? 3 : 6);
            i.rank = gen_rank(r, 0, large ? 2 : 6);
            int32_t a = (int32_t)rrange(r, 0, d.rank - 1);
            int32_t b = (int32_t)rrange(r, 0, a < i.rank ? a : i.rank);
            for (int32_t k = 0; k < d.rank; k++)
                d.shape[k] = gen_dim(r, max_dim);
            for (int32_t k = 0; k < i.rank; k++)
                i.shape[k] = k < b ? d.shape[k] : gen_dim(r, max_dim);
            c->axis_n = a;
            c->batch_n = b;
            c->axis = rchance(r, 1, 3) ? a - d.rank : a;
            c->batch = b < i.rank && rchance(r, 1, 3) ? b - i.rank : b;
            d.dtype = TIX_DTYPE_INT8;
            ref_gather_shape(&d, &i, a, b, &o);
            break;
        }
        case OP_GATHER_ELEMENTS:
        case OP_SCATTER_ELEMENTS: {
            d.rank = i.rank = gen_rank(r, 1, large ? 3 : 6);
            int32_t a = (int32_t)rrange(r, 0, d.rank - 1);
            for (int32_t k = 0; k < d.rank; k++) {
                d.shape[k] = gen_dim(r, max_dim);
                if (k == a)
                    i.shape[k] = rchance(r, 1, 2) ? d.shape[k] : gen_dim(r, max_dim);
                else
                    i.shape[k] = rchance(r, 3, 4) ? d.shape[k] : rrange(r, 0, d.shape[k]);
            }
            c->axis_n = a;
            c->axis = rchance(r, 1, 3) ? a - d.rank : a;
            o = i;
            break;
        }
        default: { /* ND */
            d.rank = gen_rank(r, 1, large ? 3 : 6);
            i.rank = gen_rank(r, 1, large ? 3 : 6);
            int32_t bmax = i.rank - 1 < d.rank - 1 ? i.rank - 1 : d.rank - 1;
            int32_t b = (int32_t)rrange(r, 0, bmax);
            int32_t k = (int32_t)rrange(r, 0, d.rank - b);
            for (int32_t t = 0; t < d.rank; t++)
                d.shape[t] = gen_dim(r, max_dim);
            for (int32_t t = 0; t < i.rank - 1; t++)
                i.shape[t] = t < b ? d.shape[t] : gen_dim(r, max_dim);
            i.shape[i.rank - 1] = k;
            c->batch_n = b;
            c->batch = rchance(r, 1, 3) ? b - i.rank : b;
            d.dtype = TIX_DTYPE_INT8;
            ref_gather_nd_shape(&d, &i, b, &o);
            break;
        }
        }
        if (o.rank > TIX_MAX_RANK)
            continue;
        bool fits = shape_count(d.rank, d.shape) <= budget &&
                    shape_count(i.rank, i.shape) <= budget &&
                    shape_count(o.rank, o.shape) <= budget;
        /* a large case moves enough to be split into tasks */
        bool big_enough = !large || shape_count(o.rank, o.shape) >= 4096 || attempt > 300;
        if ((fits && big_enough) || attempt > 400) {
            *dr = d.rank;
            *ir = i.rank;
            *orank = o.rank;
            memcpy(ds, d.shape, sizeof d.shape);
            memcpy(is, i.shape, sizeof i.shape);
            memcpy(os, o.shape, sizeof o.shape);
            return;
        }
    }
}

static int64_t ceil_div(int64_t a, int64_t b)
{
    return a / b + (a % b != 0);
}

/* The shapes of a many-updates case (a scatter): data (= output) of n elements, n in [1, 8], or
 * in one case in LARGE_CHUNKY_ONE_IN n in [100, 1250]; indices sized so that updates has about
 * `target` elements: 16 n k' plus a random part of 16 n for a random k' in 1..10 (so k < 2, k in
 * 2..8 and k' > 8, capped to 8, all occur), or 24000 to 40000 in the large cases. */
static void gen_chunky_structure(rng* r, test_case* c, int32_t* dr, int64_t* ds, int32_t* ir,
                                 int64_t* is, int32_t* orank, int64_t* os)
{
    bool large = rchance(r, 1, LARGE_CHUNKY_ONE_IN);
    c->large = large;
    tix_tensor d, i, o;
    memset(&d, 0, sizeof d);
    memset(&i, 0, sizeof i);
    d.dtype = TIX_DTYPE_INT8; /* for the shape helpers only */
    d.rank = (int32_t)rrange(r, 1, 3);
    int64_t lo = large ? 100 : 1, hi = large ? 1250 : 8, n;
    do {
        n = 1;
        for (int32_t k = 0; k < d.rank; k++) {
            int64_t top = large ? (d.rank == 1 ? 1250 : d.rank == 2 ? 40 : 12)
                                : (d.rank == 1 ? 8 : 3);
            d.shape[k] = rrange(r, large ? 2 : 1, top);
            n *= d.shape[k];
        }
    } while (n < lo || n > hi);
    int64_t target = large ? rrange(r, 24000, 40000)
                           : 16 * n * rrange(r, 1, 10) + rrange(r, 0, 16 * n - 1);

    switch (c->op) {
    case OP_SCATTER_ELEMENTS: {
        i.rank = d.rank;
        int32_t a = (int32_t)rrange(r, 0, d.rank - 1);
        int64_t others = 1;
        for (int32_t k = 0; k < d.rank; k++) {
            if (k == a)
                continue;
            i.shape[k] = rchance(r, 3, 4) ? d.shape[k] : rrange(r, 1, d.shape[k]);
            others *= i.shape[k];
        }
        i.shape[a] = ceil_div(target, others);
        c->axis_n = a;
        c->axis = rchance(r, 1, 3) ? a - d.rank : a;
        o = i;
        break;
    }
    case OP_SCATTER: {
        /* updates = data[:a] + indices[b:] + data[a+1:]: u = (n / data[a]) * prod(indices[b:]) */
        i.rank = (int32_t)rrange(r, 1, large ? 2 : 3);
        int32_t a = (int32_t)rrange(r, 0, d.rank - 1);
        int32_t b = (int32_t)rrange(r, 0, a < i.rank - 1 ? a : i.rank - 1);
        for (int32_t k = 0; k < b; k++)
            i.shape[k] = d.shape[k];
        int64_t rest = 1;
        for (int32_t k = b + 1; k < i.rank; k++) {
            i.shape[k] = rrange(r, 1, 3);
            rest *= i.shape[k];
        }
        i.shape[b] = ceil_div(ceil_div(target, n / d.shape[a]), rest);
        c->axis_n = a;
        c->batch_n = b;
        c->axis = rchance(r, 1, 3) ? a - d.rank : a;
        c->batch = rchance(r, 1, 3) ? b - i.rank : b;
        ref_gather_shape(&d, &i, a, b, &o);
        break;
    }
    default: { /* ND: updates = indices[:q-1] + data[b+k:] */
        i.rank = (int32_t)rrange(r, 2, 3);
        int32_t bmax = i.rank - 2 < d.rank - 1 ? i.rank - 2 : d.rank - 1;
        int32_t b = (int32_t)rrange(r, 0, bmax);
        int32_t k = (int32_t)rrange(r, 0, d.rank - b);
        int64_t per = 1; /* updates per tuple position of the free dimensions */
        for (int32_t t = 0; t < b; t++) {
            i.shape[t] = d.shape[t];
            per *= d.shape[t];
        }
        for (int32_t t = b + k; t < d.rank; t++)
            per *= d.shape[t];
        int64_t rest = 1;
        for (int32_t t = b + 1; t < i.rank - 1; t++) {
            i.shape[t] = rrange(r, 1, 3);
            rest *= i.shape[t];
        }
        i.shape[b] = ceil_div(ceil_div(target, per), rest);
        i.shape[i.rank - 1] = k;
        c->batch_n = b;
        c->batch = rchance(r, 1, 3) ? b - i.rank : b;
        ref_gather_nd_shape(&d, &i, b, &o);
        break;
    }
    }
    *dr = d.rank;
    *ir = i.rank;
    *orank = o.rank;
    memcpy(ds, d.shape, sizeof d.shape);
    memcpy(is, i.shape, sizeof i.shape);
    memcpy(os, o.shape, sizeof o.shape);
}

/* The shapes of a whole-runs case (scatter_nd): data [R, E] or [R, A, B] whose rows (the runs)
 * hold 256 bytes or more, R in [1, 24] (or [100, 300], past the pool threshold, one case in
 * four), and indices [N, 1] or [N, M, 1], N in [1, 48] (or [100, 400]): many update rows reach
 * each run. */
static void gen_runs_structure(rng* r, test_case* c, tix_dtype dtype, int32_t* dr, int64_t* ds,
                               int32_t* ir, int64_t* is, int32_t* orank, int64_t* os)
{
    bool large = rchance(r, 1, 4);
    c->large = large;
    int64_t size = (int64_t)ref_dtype_size(dtype);
    int64_t run = ceil_div(256, size) + rrange(r, 0, 40); /* elements */
    tix_tensor d, i, o;
    memset(&d, 0, sizeof d);
    memset(&i, 0, sizeof i);
    d.dtype = dtype;
    d.rank = rchance(r, 1, 2) ? 2 : 3;
    d.shape[0] = large ? rrange(r, 100, 300) : rrange(r, 1, 24);
    d.shape[1] = d.rank == 2 ? run : rrange(r, 1, 4);
    if (d.rank == 3)
        d.shape[2] = ceil_div(run, d.shape[1]);
    i.rank = rchance(r, 2, 3) ? 2 : 3;
    i.shape[0] = large ? rrange(r, 100, 400) : rrange(r, 1, 48);
    if (i.rank == 3)
        i.shape[1] = rrange(r, 1, 3);
    i.shape[i.rank - 1] = 1;
    c->batch_n = 0;
    c->batch = 0;
    ref_gather_nd_shape(&d, &i, 0, &o);
    *dr = d.rank;
    *ir = i.rank;
    *orank = o.rank;
    memcpy(ds, d.shape, sizeof d.shape);
    memcpy(is, i.shape, sizeof i.shape);
    memcpy(os, o.shape, sizeof o.shape);
}

static bool accumulation_valid(const tix_options* o)
{
    return (unsigned)o->accumulation <= (unsigned)TIX_ACCUMULATE_CHUNKED;
}

static void build_case(test_case* c, int op, uint64_t seed)
{
    rng r = {seed};
    memset(c, 0, sizeof *c);
    c->op = op;
    c->seed = seed;
    bool scatter = op_is_scatter(op);
    tix_reduction reduction = TIX_REDUCTION_NONE;
    if (scatter && rchance(&r, 3, 4))
        reduction = (tix_reduction)rrange(&r, 1, TIX_REDUCTION_MEAN);
    tix_dtype dtype = all_dtypes[rrange(&r, 0, N_DTYPES - 1)];
    /* mostly dtypes that define the reduction; the rest check UNSUPPORTED_REDUCTION */
    if (!ref_reduction_supported(dtype, reduction) && rchance(&r, 3, 4))
        dtype = all_dtypes[rrange(&r, 0, N_DTYPES - 1)];
    tix_dtype itype = index_dtypes[rrange(&r, 0, 7)];
    /* The choices added with options.accumulation come from a stream of their own, so that the
     * other cases are drawn as they were before it. */
    rng x = {seed ^ 0x616363756d756c61ull}; /* "accumula" */
    c->chunky = scatter && rchance(&x, 1, CHUNKY_ONE_IN);
    if (c->chunky) {
        static const tix_dtype sum_dtypes[] = {TIX_DTYPE_FLOAT16, TIX_DTYPE_BFLOAT16,
                                               TIX_DTYPE_FLOAT32, TIX_DTYPE_FLOAT64};
        reduction = (tix_reduction)rrange(&x, TIX_REDUCTION_ADD, TIX_REDUCTION_MUL);
        dtype = sum_dtypes[rrange(&x, 0, 3)];
    }

    rng y = {seed ^ 0x77686f6c6572756eull}; /* "wholerun": the runs cases' own stream */
    c->runs = op == OP_SCATTER_ND && !c->chunky && rchance(&y, 1, RUNS_ONE_IN);

    int32_t dr, ir, orank;
    int64_t ds[TIX_MAX_RANK], is[TIX_MAX_RANK], os[TIX_MAX_RANK];
    if (c->chunky)
        gen_chunky_structure(&x, c, &dr, ds, &ir, is, &orank, os);
    else if (c->runs)
        gen_runs_structure(&y, c, dtype, &dr, ds, &ir, is, &orank, os);
    else
        gen_structure(&r, c, &dr, ds, &ir, is, &orank, os);

    /* options */
    tix_options* o = &c->options;
    o->negative_indices = rchance(&r, 1, 4) ? TIX_NEGATIVE_OUT_OF_RANGE : TIX_NEGATIVE_WRAP;
    switch (rrange(&r, 0, 19)) {
    case 0:
    case 1:
    case 2:
        o->out_of_range = TIX_OUT_OF_RANGE_IGNORE;
        break;
    case 3:
    case 4:
    case 5:
        o->out_of_range = TIX_OUT_OF_RANGE_CLAMP;
        break;
    case 6:
    case 7:
    case 8:
        o->out_of_range = TIX_OUT_OF_RANGE_WRAP;
        break;
    default:
        o->out_of_range = TIX_OUT_OF_RANGE_ERROR;
        break;
    }
    o->reduction = reduction;
    o->exclude_self = rchance(&r, 1, 2);
    if (rchance(&r, 1, 2)) {
        gen_value(&r, dtype, c->fill);
        if (dtype == TIX_DTYPE_STRING) {
            memcpy(&c->fill_string, c->fill, sizeof c->fill_string);
            o->fill_value = &c->fill_string;
        } else {
            o->fill_value = c->fill;
        }
    }
    if (o->out_of_range == TIX_OUT_OF_RANGE_ERROR)
        c->bad_percent = rchance(&r, 4, 5) ? 0 : (int)rrange(&r, 1, 10);
    else
        c->bad_percent = rchance(&r, 1, 3) ? 0 : (int)rrange(&r, 5, 40);
    c->duplicates = rchance(&r, 1, 5);
    if (c->chunky && rchance(&x, 1, 3))
        c->duplicates = c->skewed = true;
    c->use_diagnostic = rchance(&r, 1, 3);
    /* mostly chunked in the many-updates cases; elsewhere a third of the time (where it changes
     * nothing but a float sum with many updates per element: it must change nothing) */
    if (c->chunky)
        o->accumulation = rchance(&x, 9, 10) ? TIX_ACCUMULATE_CHUNKED : TIX_ACCUMULATE_IN_ORDER;
    else
        o->accumulation = rchance(&x, 1, 3) ? TIX_ACCUMULATE_CHUNKED : TIX_ACCUMULATE_IN_ORDER;
    c->null_options = o->negative_indices == TIX_NEGATIVE_WRAP &&
                      o->out_of_range == TIX_OUT_OF_RANGE_ERROR &&
                      o->reduction == TIX_REDUCTION_NONE && !o->exclude_self &&
                      o->fill_value == NULL && rchance(&r, 1, 2) &&
                      o->accumulation == TIX_ACCUMULATE_IN_ORDER;
    c->in_place = scatter && rchance(&r, 1, 4);

    /* tensors */
    make_layout(&r, &c->data, dtype, dr, ds, !c->in_place, c->runs);
    if (c->chunky)
        fill_sum_values(&r, &c->data, reduction, true);
    else
        fill_values(&r, &c->data);
    make_layout(&r, &c->indices, itype, ir, is, true, false);
    index_params g = {o->negative_indices, c->bad_percent, c->duplicates, rrange(&r, 0, 5),
                      c->skewed};
    if (ref_count(&c->indices.view) > 0) {
        int64_t ic[TIX_MAX_RANK] = {0};
        do {
            int64_t s = (op == OP_GATHER_ND || op == OP_SCATTER_ND)
                            ? ds[c->batch_n + ic[ir - 1]]
                            : ds[c->axis_n];
            ref_store_bits(element_at(&c->indices.view, ic), ref_dtype_size(itype),
                      gen_index(&r, itype, s, &g));
        } while (next_coord(ic, &c->indices.view));
    }
    if (scatter) {
        make_layout(&r, &c->updates, dtype, orank, os, true, c->runs);
        if (c->chunky)
            fill_sum_values(&r, &c->updates, reduction, false);
        else
            fill_values(&r, &c->updates);
    }
    if (!c->in_place)
        make_layout(&r, &c->output, dtype, scatter ? dr : orank, scatter ? ds : os, false,
                    c->runs);

    /* Now and then an accumulation outside the enumeration: INVALID_OPTION, from every call
     * (an enum out of range). Only where nothing else is wrong with the arguments (a supported
     * reduction, an output whose strides nest), as tix.h does not say which error wins. */
    bool interleaved = c->in_place ? c->data.interleaved : c->output.interleaved;
    if (rchance(&x, 1, BAD_ACCUMULATION_ONE_IN) && ref_reduction_supported(dtype, reduction) &&
        !interleaved) {
        static const int bad[] = {2, 3, 7, 255, 0x7fffffff, -1};
        o->accumulation = (tix_accumulation)bad[rrange(&x, 0, 5)];
        c->null_options = false;
    }
}

static void free_case(test_case* c)
{
    tbuf_free(&c->data);
    tbuf_free(&c->indices);
    tbuf_free(&c->updates);
    tbuf_free(&c->output);
}

/* ------------------------------------------------------------------------------------------
 * Calls
 */

static tix_status call_op(bool library, const test_case* c, const tix_tensor* data,
                          const tix_tensor* output, const tix_options* o)
{
    const tix_tensor *i = &c->indices.view, *u = &c->updates.view;
    return library ? op_call(c->op, data, i, u, c->axis, c->batch, output, o)
                   : ref_call(c->op, data, i, u, c->axis, c->batch, output, o);
}

static tix_status call_shape(const test_case* c, tix_tensor* out)
{
    return op_call_shape(c->op, &c->data.view, &c->indices.view, &c->updates.view, c->axis,
                         c->batch, out, &c->options);
}

/* The output buffer of one run: a fresh copy of the case's output buffer, or in place of its
 * data buffer. */
static void prepare_run(const test_case* c, tbuf* out, tix_tensor* data_view)
{
    if (c->in_place) {
        tbuf_clone(&c->data, out);
        *data_view = out->view;
    } else {
        tbuf_clone(&c->output, out);
        *data_view = c->data.view;
    }
}

static const tbuf* original_output(const test_case* c)
{
    return c->in_place ? &c->data : &c->output;
}

/* ------------------------------------------------------------------------------------------
 * Test executors: every tile on the calling thread, in reverse or shuffled order
 */

enum { ORDER_REVERSE, ORDER_SHUFFLE };

typedef struct test_pool {
    int order;
    rng shuffle;
    int calls;
    bool in_task;
    bool misuse; /* range 0, tile 0, or a call from inside a task */
} test_pool;

static void test_parallel_for(void* pool, tix_task_fn task, void* context, size_t range,
                              size_t tile)
{
    test_pool* p = pool;
    p->calls++;
    if (range == 0 || tile == 0 || p->in_task) {
        p->misuse = true;
        return;
    }
    size_t n = range / tile + (range % tile != 0);
    size_t* order = malloc(n * sizeof *order);
    assert_non_null(order);
    for (size_t t = 0; t < n; t++)
        order[t] = n - 1 - t;
    if (p->order == ORDER_SHUFFLE) {
        for (size_t t = n; t > 1; t--) {
            size_t j = (size_t)(rnext(&p->shuffle) % t);
            size_t tmp = order[t - 1];
            order[t - 1] = order[j];
            order[j] = tmp;
        }
    }
    for (size_t t = 0; t < n; t++) {
        size_t begin = order[t] * tile;
        size_t count = range - begin < tile ? range - begin : tile;
        p->in_task = true;
        task(context, begin, count);
        p->in_task = false;
    }
    free(order);
}

/* ------------------------------------------------------------------------------------------
 * Reports
 */

typedef struct report {
    char text[16384];
    size_t used;
    bool failed;
} report;

static void note(report* rep, const char* format, ...) PRINTF_LIKE(2, 3);

static void note(report* rep, const char* format, ...)
{
    if (rep->used >= sizeof rep->text - 1)
        return;
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(rep->text + rep->used, sizeof rep->text - rep->used, format, ap);
    va_end(ap);
    if (n > 0)
        rep->used += (size_t)n;
    if (rep->used > sizeof rep->text - 1)
        rep->used = sizeof rep->text - 1;
}

/* The chunks of a scatter under options.accumulation (1: the default order). */
static int64_t case_chunks(const test_case* c)
{
    if (!op_is_scatter(c->op) || !accumulation_valid(&c->options))
        return 1;
    return ref_chunk_count(c->data.view.dtype, &c->options, ref_count(&c->updates.view),
                           ref_count(&c->data.view));
}

static void describe_view(report* rep, const char* name, const tbuf* b)
{
    const tix_tensor* t = &b->view;
    note(rep, "  %-8s %s rank %d shape [", name, dtype_label(t->dtype), t->rank);
    for (int32_t d = 0; d < t->rank; d++)
        note(rep, "%s%" PRId64, d ? ", " : "", t->shape[d]);
    note(rep, "] strides [");
    for (int32_t d = 0; d < t->rank; d++)
        note(rep, "%s%" PRId64, d ? ", " : "", t->strides[d]);
    long off = t->data ? (long)((unsigned char*)t->data - b->mem) : -1;
    note(rep, "] buffer %zu bytes, data at byte %ld%s\n", b->bytes, off, t->data ? "" : " (NULL)");
}

static void describe_case(report* rep, const test_case* c)
{
    static const char* const oor[] = {"error", "ignore", "clamp", "wrap"};
    static const char* const red[] = {"none", "add", "sub", "mul", "min", "max", "mean"};
    char acc[48];
    if (!accumulation_valid(&c->options))
        snprintf(acc, sizeof acc, "%u (out of range)", (unsigned)c->options.accumulation);
    else if (c->options.accumulation == TIX_ACCUMULATE_CHUNKED)
        snprintf(acc, sizeof acc, "chunked (k = %" PRId64 ")", case_chunks(c));
    else
        snprintf(acc, sizeof acc, "in order");
    note(rep, "case %s:%016" PRIx64 " (rerun: TIX_DIFF_CASE=%s:%016" PRIx64 ")\n",
         op_name(c->op), c->seed, op_name(c->op), c->seed);
    note(rep, "  axis %" PRId64 " batch_dims %" PRId64 " %s; negative_indices %s, out_of_range %s,"
              " reduction %s, exclude_self %d, accumulation %s, fill %s, options %s, bad %d%%,"
              " dups %d%s%s\n",
         c->axis, c->batch, c->in_place ? "IN PLACE" : "",
         c->options.negative_indices ? "out_of_range" : "wrap", oor[c->options.out_of_range],
         red[c->options.reduction], c->options.exclude_self, acc,
         c->options.fill_value ? "given" : "NULL", c->null_options ? "NULL" : "given",
         c->bad_percent, c->duplicates, c->skewed ? " (skewed)" : "",
         c->chunky ? ", many updates" : "");
    describe_view(rep, "data", &c->data);
    describe_view(rep, "indices", &c->indices);
    if (op_is_scatter(c->op))
        describe_view(rep, "updates", &c->updates);
    if (!c->in_place)
        describe_view(rep, "output", &c->output);
}

static void dump_element(FILE* f, const unsigned char* p, size_t size)
{
    fprintf(f, " ");
    for (size_t k = size; k-- > 0;) /* most significant byte first on little-endian */
        fprintf(f, "%02x", p[k]);
}

static void dump_tensor(FILE* f, const char* name, const tix_tensor* t)
{
    fprintf(f, "%s:", name);
    if (ref_count(t) > 0) {
        int64_t c[TIX_MAX_RANK] = {0};
        do
            dump_element(f, element_at(t, c), ref_dtype_size(t->dtype));
        while (next_coord(c, t));
    }
    fprintf(f, "\n");
}

/* ------------------------------------------------------------------------------------------
 * Comparisons
 */

/* Two elements are equal: bitwise (NaN bits included: tix.h pins them, a NaN that add, sub, mul
 * or mean produces being the canonical one, which the reference stores too); or, for the default
 * STRING fill, the library's pointer to an empty string. */
static bool elements_equal(const unsigned char* got, const unsigned char* want, tix_dtype t)
{
    size_t size = ref_dtype_size(t);
    if (memcmp(got, want, size) == 0)
        return true;
    if (t == TIX_DTYPE_STRING) {
        const char *g, *w;
        memcpy(&g, got, sizeof g);
        memcpy(&w, want, sizeof w);
        const char* pattern;
        memset(&pattern, PATTERN, sizeof pattern);
        return w == ref_default_string_fill() && g != NULL && g != pattern && g[0] == '\0';
    }
    return false;
}

/* Compares the library's output buffer with the reference's: every byte outside the output's
 * elements identical (and so untouched), every element equal as above. */
static void compare_outputs(report* rep, const tbuf* lib, const tbuf* ref)
{
    const tix_tensor* v = &ref->view;
    size_t size = ref_dtype_size(v->dtype);
    unsigned char* is_element = calloc(ref->bytes, 1);
    assert_non_null(is_element);
    int shown = 0;
    if (ref_count(v) > 0) {
        int64_t co[TIX_MAX_RANK] = {0};
        do {
            size_t off = (size_t)(element_at(v, co) - ref->mem);
            memset(is_element + off, 1, size);
            if (!elements_equal(lib->mem + off, ref->mem + off, v->dtype)) {
                if (shown++ < 4) {
                    note(rep, "  output[");
                    for (int32_t d = 0; d < v->rank; d++)
                        note(rep, "%s%" PRId64, d ? ", " : "", co[d]);
                    note(rep, "]: library");
                    for (size_t k = size; k-- > 0;)
                        note(rep, "%s%02x", k == size - 1 ? " " : "", lib->mem[off + k]);
                    note(rep, ", reference");
                    for (size_t k = size; k-- > 0;)
                        note(rep, "%s%02x", k == size - 1 ? " " : "", ref->mem[off + k]);
                    note(rep, "\n");
                }
            }
        } while (next_coord(co, v));
    }
    for (size_t k = 0; k < ref->bytes; k++) {
        if (!is_element[k] && lib->mem[k] != ref->mem[k]) {
            if (shown++ < 6)
                note(rep, "  byte %zu outside the output's elements changed: %02x (was %02x)\n",
                     k, lib->mem[k], ref->mem[k]);
        }
    }
    if (shown) {
        note(rep, "  %d difference(s) in the output\n", shown);
        rep->failed = true;
    }
    free(is_element);
}

/* Bytes outside the elements of view must equal the original buffer (a failed gather may write
 * its elements but nothing else). */
static void check_outside_untouched(report* rep, const tbuf* got, const tbuf* original)
{
    const tix_tensor* v = &got->view;
    size_t size = ref_dtype_size(v->dtype);
    unsigned char* is_element = calloc(got->bytes, 1);
    assert_non_null(is_element);
    if (ref_count(v) > 0) {
        int64_t co[TIX_MAX_RANK] = {0};
        do
            memset(is_element + (element_at(v, co) - got->mem), 1, size);
        while (next_coord(co, v));
    }
    for (size_t k = 0; k < got->bytes; k++) {
        if (!is_element[k] && got->mem[k] != original->mem[k]) {
            note(rep, "  byte %zu outside the output's elements changed\n", k);
            rep->failed = true;
            break;
        }
    }
    free(is_element);
}

static bool iteration_empty(const test_case* c)
{
    return ref_count(&c->output.view) == 0; /* gathers only */
}

/* An axis of size 0 that some index of a non-empty indices tensor addresses. */
static bool indexes_empty_axis(const test_case* c)
{
    const tix_tensor* d = &c->data.view;
    const tix_tensor* i = &c->indices.view;
    if (ref_count(i) == 0)
        return false;
    if (c->op == OP_GATHER_ND || c->op == OP_SCATTER_ND) {
        for (int64_t t = 0; t < i->shape[i->rank - 1]; t++)
            if (d->shape[c->batch_n + t] == 0)
                return true;
        return false;
    }
    return d->shape[c->axis_n] == 0;
}

static void check_shape_call(report* rep, const test_case* c)
{
    tix_tensor got;
    memset(&got, 0x5a, sizeof got);
    tix_status s = call_shape(c, &got);
    tix_status want = TIX_STATUS_OK;
    if (!accumulation_valid(&c->options))
        want = TIX_STATUS_INVALID_OPTION;
    else if (op_is_scatter(c->op) &&
             !ref_reduction_supported(c->data.view.dtype, c->options.reduction))
        want = TIX_STATUS_UNSUPPORTED_REDUCTION;
    /* A shape call reads no index; clamp/wrap into an empty axis may be reported here or not. */
    bool either = want == TIX_STATUS_OK && indexes_empty_axis(c) &&
                  (c->options.out_of_range == TIX_OUT_OF_RANGE_CLAMP ||
                   c->options.out_of_range == TIX_OUT_OF_RANGE_WRAP);
    if (s != want && !(either && s == TIX_STATUS_INDEX_OUT_OF_RANGE)) {
        note(rep, "  shape call: status %d, want %d\n", s, want);
        rep->failed = true;
        return;
    }
    if (s != TIX_STATUS_OK)
        return;
    tix_tensor want_t;
    if (op_is_scatter(c->op)) {
        memset(&want_t, 0, sizeof want_t);
        want_t.dtype = c->data.view.dtype;
        want_t.rank = c->data.view.rank;
        int64_t stride = 1;
        for (int32_t d = want_t.rank - 1; d >= 0; d--) {
            want_t.shape[d] = c->data.view.shape[d];
            want_t.strides[d] = stride;
            stride *= want_t.shape[d];
        }
    } else if (c->op == OP_GATHER) {
        ref_gather_shape(&c->data.view, &c->indices.view, c->axis, c->batch, &want_t);
    } else if (c->op == OP_GATHER_ND) {
        ref_gather_nd_shape(&c->data.view, &c->indices.view, c->batch, &want_t);
    } else {
        memset(&want_t, 0, sizeof want_t);
        want_t.dtype = c->data.view.dtype;
        want_t.rank = c->indices.view.rank;
        int64_t stride = 1;
        for (int32_t d = want_t.rank - 1; d >= 0; d--) {
            want_t.shape[d] = c->indices.view.shape[d];
            want_t.strides[d] = stride;
            stride *= want_t.shape[d];
        }
    }
    /* the strides of an empty tensor are not pinned down: any strides address no element */
    bool empty = ref_count(&want_t) == 0;
    bool same = got.data == NULL && got.dtype == want_t.dtype && got.rank == want_t.rank;
    for (int32_t d = 0; same && d < want_t.rank; d++)
        same = got.shape[d] == want_t.shape[d] && (empty || got.strides[d] == want_t.strides[d]);
    if (!same) {
        note(rep, "  shape call: got %s rank %d shape [", dtype_label(got.dtype), got.rank);
        for (int32_t d = 0; d < got.rank && d < TIX_MAX_RANK; d++)
            note(rep, "%s%" PRId64, d ? ", " : "", got.shape[d]);
        note(rep, "] strides [");
        for (int32_t d = 0; d < got.rank && d < TIX_MAX_RANK; d++)
            note(rep, "%s%" PRId64, d ? ", " : "", got.strides[d]);
        note(rep, "], want %s rank %d shape [", dtype_label(want_t.dtype), want_t.rank);
        for (int32_t d = 0; d < want_t.rank; d++)
            note(rep, "%s%" PRId64, d ? ", " : "", want_t.shape[d]);
        note(rep, "] strides [");
        for (int32_t d = 0; d < want_t.rank; d++)
            note(rep, "%s%" PRId64, d ? ", " : "", want_t.strides[d]);
        note(rep, "]\n");
        rep->failed = true;
    }
}

static void check_diagnostic(report* rep, const test_case* c, const tix_diagnostic* dg,
                             tix_status s)
{
    if (dg->status != s) {
        note(rep, "  diagnostic status %d, call returned %d\n", dg->status, s);
        rep->failed = true;
    } else if (s == TIX_STATUS_OK && dg->message[0] != '\0') {
        note(rep, "  diagnostic message not empty on success\n");
        rep->failed = true;
    } else if (s == TIX_STATUS_INVALID_OPTION &&
               (!dg->argument || strcmp(dg->argument, "options") != 0)) {
        note(rep, "  diagnostic: argument %s for an invalid option, not options\n",
             dg->argument ? dg->argument : "NULL");
        rep->failed = true;
    } else if (s == TIX_STATUS_INDEX_OUT_OF_RANGE) {
        /* it names a bad element of indices, by row-major position, and its value */
        const tix_tensor* i = &c->indices.view;
        if (!dg->argument || strcmp(dg->argument, "indices") != 0 || dg->position < 0 ||
            dg->position >= ref_count(i)) {
            note(rep, "  diagnostic: argument %s position %" PRId64 " for a bad index\n",
                 dg->argument ? dg->argument : "NULL", dg->position);
            rep->failed = true;
            return;
        }
        int64_t co[TIX_MAX_RANK], p = dg->position;
        for (int32_t d = i->rank - 1; d >= 0; d--) {
            co[d] = p % i->shape[d];
            p /= i->shape[d];
        }
        const unsigned char* e = element_at(i, co);
        int64_t size = (c->op == OP_GATHER_ND || c->op == OP_SCATTER_ND)
                           ? c->data.view.shape[c->batch_n + co[i->rank - 1]]
                           : c->data.view.shape[c->axis_n];
        int64_t ignored, value = ref_index_value(e, i->dtype);
        if (ref_resolve_index(i->dtype, e, size, &c->options, &ignored) != 2 ||
            dg->value != value) {
            note(rep, "  diagnostic: position %" PRId64 " value %" PRId64
                      " is not a bad index (its value is %" PRId64 ")\n",
                 dg->position, dg->value, value);
            rep->failed = true;
        }
    }
}

/* ------------------------------------------------------------------------------------------
 * One case
 */

static bool statuses_agree(const test_case* c, tix_status lib, tix_status ref)
{
    if (lib == ref)
        return true;
    /* A scatter "checks every index before its first write", used or not. A gather whose
     * output is empty uses no index; whether it still checks them is not pinned down by tix.h
     * (the library and the reference both do today). */
    return !op_is_scatter(c->op) && ref == TIX_STATUS_INDEX_OUT_OF_RANGE &&
           lib == TIX_STATUS_OK && iteration_empty(c);
}

/* Coverage counters, printed per operation so the spread of cases can be seen. */
typedef struct stats {
    uint64_t status_ok, status_index, status_reduction;
    uint64_t elements;       /* output elements (gathers) or updates (scatters) */
    uint64_t empty, in_place, executor_calls;
    uint64_t dtypes[TIX_DTYPE_COUNT];
    uint64_t data_rank[7], index_rank[7];
    uint64_t oor_mode[4], reductions[7], exclude_self;
    uint64_t interleaved, rejected_layouts;
    uint64_t bad_accumulation; /* cases with an accumulation out of its range */
    /* cases compared with k >= 2 chunks (options.accumulation = CHUNKED): all, large ones, with a
     * strided output (not dense row-major), in place; and the executor's parallel_for calls */
    uint64_t chunked, chunked_large, chunked_strided, chunked_in_place, chunked_executor_calls;
    uint64_t chunked_differs; /* whose chunked result differs from the in-order one */
    uint64_t chunked_k[9]; /* by k */
    /* mean scatters that succeed with at least four updates an output element (the library
     * counts those beside their sums: TIX__REDUCTION_TALLY, src/execute.c) */
    uint64_t mean_many;
    /* whole-runs cases (test_case.runs) that succeed under a reduction */
    uint64_t runs_reduced;
} stats;

static stats counters;

static void count_case(const test_case* c, tix_status ref_status)
{
    stats* s = &counters;
    s->status_ok += ref_status == TIX_STATUS_OK;
    s->status_index += ref_status == TIX_STATUS_INDEX_OUT_OF_RANGE;
    s->status_reduction += ref_status == TIX_STATUS_UNSUPPORTED_REDUCTION;
    const tix_tensor* space = op_is_scatter(c->op) ? &c->updates.view : &c->output.view;
    s->elements += (uint64_t)ref_count(space);
    s->empty += ref_count(space) == 0;
    s->in_place += c->in_place;
    s->interleaved += c->in_place ? c->data.interleaved : c->output.interleaved;
    s->dtypes[c->data.view.dtype]++;
    s->data_rank[c->data.view.rank < 7 ? c->data.view.rank : 6]++;
    s->index_rank[c->indices.view.rank < 7 ? c->indices.view.rank : 6]++;
    s->oor_mode[c->options.out_of_range]++;
    s->reductions[c->options.reduction]++;
    s->exclude_self += c->options.exclude_self && c->options.reduction != TIX_REDUCTION_NONE;
    s->bad_accumulation += !accumulation_valid(&c->options);
    int64_t outputs = ref_count(&c->output.view);
    s->mean_many += op_is_scatter(c->op) && c->options.reduction == TIX_REDUCTION_MEAN &&
                    ref_status == TIX_STATUS_OK && outputs > 0 &&
                    ref_count(&c->updates.view) / 4 >= outputs;
    s->runs_reduced += c->runs && c->options.reduction != TIX_REDUCTION_NONE &&
                       ref_status == TIX_STATUS_OK;
}

/* Dense row-major: the stride of each dimension of size > 1 is the product of the sizes after
 * it. */
static bool is_dense(const tix_tensor* t)
{
    int64_t expect = 1;
    for (int32_t d = t->rank - 1; d >= 0; d--) {
        if (t->shape[d] > 1 && t->strides[d] != expect)
            return false;
        expect *= t->shape[d];
    }
    return true;
}

static void print_stats(uint64_t cases)
{
    const stats* s = &counters;
    printf("  reference status: ok %" PRIu64 ", index out of range %" PRIu64
           ", unsupported reduction %" PRIu64 "; mean size %.1f elements, %" PRIu64
           " empty, %" PRIu64 " in place, %" PRIu64 " parallel_for calls\n",
           s->status_ok, s->status_index, s->status_reduction,
           cases ? (double)s->elements / (double)cases : 0.0, s->empty, s->in_place,
           s->executor_calls);
    printf("  data ranks 0..6:");
    for (int k = 0; k < 7; k++)
        printf(" %" PRIu64, s->data_rank[k]);
    printf("; index ranks 0..6:");
    for (int k = 0; k < 7; k++)
        printf(" %" PRIu64, s->index_rank[k]);
    printf("; out_of_range e/i/c/w:");
    for (int k = 0; k < 4; k++)
        printf(" %" PRIu64, s->oor_mode[k]);
    printf("; reductions n/a/s/m/min/max/mean:");
    for (int k = 0; k < 7; k++)
        printf(" %" PRIu64, s->reductions[k]);
    printf(" (exclude_self %" PRIu64 "; means of 4+ updates an element %" PRIu64
           "; whole runs reduced %" PRIu64 ")\n",
           s->exclude_self, s->mean_many, s->runs_reduced);
    printf("  interleaved output layouts %" PRIu64 ", of which %" PRIu64 " do not nest (rejected"
           " as ALIASING); accumulation out of range %" PRIu64 "\n",
           s->interleaved, s->rejected_layouts, s->bad_accumulation);
    if (s->chunked) {
        printf("  chunked (k >= 2) cases compared: %" PRIu64 " (%" PRIu64 " differ from the"
               " in-order result), %" PRIu64 " large, %" PRIu64 " with a strided output, %" PRIu64
               " in place, %" PRIu64 " parallel_for calls; k = 2..8:",
               s->chunked, s->chunked_differs, s->chunked_large, s->chunked_strided,
               s->chunked_in_place, s->chunked_executor_calls);
        for (int k = 2; k <= 8; k++)
            printf(" %" PRIu64, s->chunked_k[k]);
        printf("\n");
    }
}

static bool run_case(int op, uint64_t seed, bool verbose, report* rep)
{
    test_case c;
    build_case(&c, op, seed);
    rep->used = 0;
    rep->text[0] = '\0';
    rep->failed = false;

    check_shape_call(rep, &c);

    /* reference */
    tbuf ref_out;
    tix_tensor ref_data;
    prepare_run(&c, &ref_out, &ref_data);
    tix_status ref_status = call_op(false, &c, &ref_data, &ref_out.view, &c.options);
    count_case(&c, ref_status);

    /* library, serial; inputs must not change */
    tbuf data_before, indices_before, updates_before;
    memset(&updates_before, 0, sizeof updates_before);
    tbuf_clone(&c.data, &data_before);
    tbuf_clone(&c.indices, &indices_before);
    if (op_is_scatter(op))
        tbuf_clone(&c.updates, &updates_before);
    tbuf lib_out;
    tix_tensor lib_data;
    prepare_run(&c, &lib_out, &lib_data);
    tix_options lib_options = c.options;
    tix_diagnostic diag;
    memset(&diag, 0x5a, sizeof diag);
    if (c.use_diagnostic)
        lib_options.diagnostic = &diag;
    /* in place, the output argument is sometimes the very struct passed as data */
    const tix_tensor* lib_output = c.in_place && (seed & 1) ? &lib_data : &lib_out.view;
    tix_status lib_status =
        call_op(true, &c, &lib_data, lib_output, c.null_options ? NULL : &lib_options);
    if (c.use_diagnostic && !c.null_options)
        check_diagnostic(rep, &c, &diag, lib_status);
    if (memcmp(c.data.mem, data_before.mem, c.data.bytes) != 0 ||
        memcmp(c.indices.mem, indices_before.mem, c.indices.bytes) != 0 ||
        (op_is_scatter(op) && memcmp(c.updates.mem, updates_before.mem, c.updates.bytes) != 0)) {
        note(rep, "  the library changed an input buffer\n");
        rep->failed = true;
    }

    bool interleaved_output = c.in_place ? c.data.interleaved : c.output.interleaved;
    bool compared = false;
    if (interleaved_output && !strides_nest(lib_output) &&
        ref_status != TIX_STATUS_UNSUPPORTED_REDUCTION) {
        counters.rejected_layouts++;
        if (lib_status != TIX_STATUS_ALIASING) {
            note(rep, "  status: library %d for an output whose strides do not nest, not "
                      "ALIASING\n", lib_status);
            rep->failed = true;
        }
        if (memcmp(lib_out.mem, original_output(&c)->mem, lib_out.bytes) != 0) {
            note(rep, "  rejected call (ALIASING) changed its output buffer\n");
            rep->failed = true;
        }
    } else if (!statuses_agree(&c, lib_status, ref_status)) {
        note(rep, "  status: library %d, reference %d\n", lib_status, ref_status);
        rep->failed = true;
    } else if (lib_status == TIX_STATUS_OK) {
        compare_outputs(rep, &lib_out, &ref_out);
        compared = true;
    } else if (op_is_scatter(op)) {
        /* a failed scatter leaves the whole output allocation as it was */
        if (memcmp(lib_out.mem, original_output(&c)->mem, lib_out.bytes) != 0) {
            note(rep, "  failed scatter (status %d) changed its output buffer\n", lib_status);
            rep->failed = true;
        }
    } else {
        check_outside_untouched(rep, &lib_out, original_output(&c));
    }

    /* executors: bitwise identical to the serial run */
    uint64_t executor_calls = 0;
    for (int order = ORDER_REVERSE; order <= ORDER_SHUFFLE; order++) {
        test_pool pool;
        memset(&pool, 0, sizeof pool);
        pool.order = order;
        pool.shuffle.state = seed ^ 0x5eed;
        tix_executor executor = {test_parallel_for, &pool};
        tix_options ex_options = c.options;
        ex_options.executor = &executor;
        tbuf ex_out;
        tix_tensor ex_data;
        prepare_run(&c, &ex_out, &ex_data);
        tix_status ex_status = call_op(true, &c, &ex_data, &ex_out.view, &ex_options);
        const char* name = order == ORDER_REVERSE ? "reverse" : "shuffle";
        counters.executor_calls += (uint64_t)pool.calls;
        executor_calls += (uint64_t)pool.calls;
        if (pool.misuse) {
            note(rep, "  %s executor: parallel_for misused (range 0, tile 0 or nested)\n", name);
            rep->failed = true;
        }
        if (ex_status != lib_status) {
            note(rep, "  %s executor: status %d, serial %d\n", name, ex_status, lib_status);
            rep->failed = true;
        } else if (memcmp(ex_out.mem, lib_out.mem, lib_out.bytes) != 0) {
            note(rep, "  %s executor (%d parallel_for calls): output differs from serial\n",
                 name, pool.calls);
            rep->failed = true;
        }
        tbuf_free(&ex_out);
    }

    int64_t chunks = case_chunks(&c);
    if (compared && chunks >= 2) {
        stats* st = &counters;
        st->chunked++;
        st->chunked_large += c.large;
        st->chunked_strided += !is_dense(lib_output);
        st->chunked_in_place += c.in_place;
        st->chunked_executor_calls += executor_calls;
        st->chunked_k[chunks]++;
        /* does the chunk order matter here? (the reference in order, for the count only) */
        tbuf in_order_out;
        tix_tensor in_order_data;
        prepare_run(&c, &in_order_out, &in_order_data);
        tix_options in_order = c.options;
        in_order.accumulation = TIX_ACCUMULATE_IN_ORDER;
        call_op(false, &c, &in_order_data, &in_order_out.view, &in_order);
        st->chunked_differs += memcmp(in_order_out.mem, ref_out.mem, ref_out.bytes) != 0;
        tbuf_free(&in_order_out);
    }

    if (rep->failed || verbose) {
        report head;
        head.used = 0;
        head.text[0] = '\0';
        describe_case(&head, &c);
        note(&head, "  status: library %d, reference %d\n", lib_status, ref_status);
        size_t room = sizeof head.text - head.used;
        if (rep->used >= room)
            rep->used = room - 1;
        memcpy(head.text + head.used, rep->text, rep->used + 1);
        head.used += rep->used;
        head.failed = rep->failed;
        *rep = head;
        rep->text[rep->used] = '\0';
    }
    if (verbose) {
        printf("%s", rep->text);
        dump_tensor(stdout, "data", &c.data.view);
        dump_tensor(stdout, "indices", &c.indices.view);
        if (op_is_scatter(op))
            dump_tensor(stdout, "updates", &c.updates.view);
        dump_tensor(stdout, "reference output", &ref_out.view);
        dump_tensor(stdout, "library output", &lib_out.view);
    }

    tbuf_free(&ref_out);
    tbuf_free(&lib_out);
    tbuf_free(&data_before);
    tbuf_free(&indices_before);
    if (op_is_scatter(op))
        tbuf_free(&updates_before);
    free_case(&c);
    return !rep->failed;
}

/* ------------------------------------------------------------------------------------------
 * Drivers
 */

static uint64_t env_u64(const char* name, uint64_t fallback)
{
    const char* s = getenv(name);
    if (!s || !*s)
        return fallback;
    return strtoull(s, NULL, 0);
}

static uint64_t case_seed(uint64_t base, int op, uint64_t n)
{
    return mix64(base + (uint64_t)op * 0x100000001b3ull + n * 0x9e3779b97f4a7c15ull);
}

static bool known_failure(int op, uint64_t seed)
{
    for (size_t k = 0; k < sizeof known_failures / sizeof known_failures[0]; k++)
        if (known_failures[k].op == op && known_failures[k].seed == seed)
            return true;
    return false;
}

static double seconds_now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void run_op(int op)
{
    uint64_t base = env_u64("TIX_DIFF_SEED", DEFAULT_SEED);
    uint64_t cases = env_u64("TIX_DIFF_CASES", DEFAULT_CASES);
    static report rep;
    uint64_t failures = 0, skipped = 0;
    double start = seconds_now();
    memset(&counters, 0, sizeof counters);
    for (uint64_t n = 0; n < cases; n++) {
        uint64_t seed = case_seed(base, op, n);
        if (known_failure(op, seed)) {
            skipped++;
            continue;
        }
        if (!run_case(op, seed, false, &rep)) {
            if (failures < MAX_REPORTED)
                printf("FAILED %s", rep.text);
            failures++;
        }
    }
    printf("%s: %" PRIu64 " cases (base seed 0x%016" PRIx64 "), %" PRIu64 " failed, %" PRIu64
           " known failures skipped, %.2f s",
           op_name(op), cases, base, failures, skipped, seconds_now() - start);
    if (op_is_scatter(op))
        printf("; chunked k >= 2: %" PRIu64 " cases (%" PRIu64 " large)", counters.chunked,
               counters.chunked_large);
    printf("\n");
    print_stats(cases);
    if (failures)
        fail_msg("%" PRIu64 " of %" PRIu64 " %s cases differ from the reference", failures, cases,
                 op_name(op));
    /* the chunked path must stay exercised: a change of the generator must not lose it */
    if (op_is_scatter(op) && cases >= MIN_CASES_FOR_CHUNKS && counters.chunked == 0)
        fail_msg("no %s case reached k >= 2 chunks under TIX_ACCUMULATE_CHUNKED", op_name(op));
    if (op_is_scatter(op) && cases >= MIN_CASES_FOR_CHUNKS && counters.mean_many == 0)
        fail_msg("no %s case was a mean of four or more updates an element", op_name(op));
    if (op == OP_SCATTER_ND && cases >= MIN_CASES_FOR_CHUNKS && counters.runs_reduced == 0)
        fail_msg("no scatter_nd case reduced whole runs of dense tensors");
    if (op_is_scatter(op) && cases >= 1000 && counters.chunked_large == 0)
        fail_msg("no large %s case reached k >= 2 chunks under TIX_ACCUMULATE_CHUNKED",
                 op_name(op));
}

static void test_gather(void** state)
{
    (void)state;
    run_op(OP_GATHER);
}

static void test_scatter(void** state)
{
    (void)state;
    run_op(OP_SCATTER);
}

static void test_gather_elements(void** state)
{
    (void)state;
    run_op(OP_GATHER_ELEMENTS);
}

static void test_scatter_elements(void** state)
{
    (void)state;
    run_op(OP_SCATTER_ELEMENTS);
}

static void test_gather_nd(void** state)
{
    (void)state;
    run_op(OP_GATHER_ND);
}

static void test_scatter_nd(void** state)
{
    (void)state;
    run_op(OP_SCATTER_ND);
}

/* TIX_DIFF_CASE=op:seed runs one case verbosely. */
static int run_single(const char* spec)
{
    const char* colon = strchr(spec, ':');
    if (!colon) {
        fprintf(stderr, "TIX_DIFF_CASE must be op:seed\n");
        return 2;
    }
    for (int op = 0; op < OP_COUNT; op++) {
        if (strlen(op_name(op)) == (size_t)(colon - spec) &&
            strncmp(op_name(op), spec, (size_t)(colon - spec)) == 0) {
            static report rep;
            uint64_t seed = strtoull(colon + 1, NULL, 16);
            bool ok = run_case(op, seed, true, &rep);
            printf("%s\n", ok ? "PASS" : "FAIL");
            return ok ? 0 : 1;
        }
    }
    fprintf(stderr, "unknown op in TIX_DIFF_CASE\n");
    return 2;
}

int main(void)
{
    const char* single = getenv("TIX_DIFF_CASE");
    if (single && *single)
        return run_single(single);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gather),         cmocka_unit_test(test_scatter),
        cmocka_unit_test(test_gather_elements), cmocka_unit_test(test_scatter_elements),
        cmocka_unit_test(test_gather_nd),      cmocka_unit_test(test_scatter_nd),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
