/* Naive reference implementation of the tix operations: see reference.h. Every rule here is
 * taken from the comments of include/tix.h. */
#include "reference.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------
 * Element types
 */

size_t ref_dtype_size(tix_dtype dtype)
{
    switch (dtype) {
    case TIX_DTYPE_UINT8:
    case TIX_DTYPE_INT8:
    case TIX_DTYPE_BOOL:
    case TIX_DTYPE_FLOAT8E4M3FN:
    case TIX_DTYPE_FLOAT8E4M3FNUZ:
    case TIX_DTYPE_FLOAT8E5M2:
    case TIX_DTYPE_FLOAT8E5M2FNUZ:
        return 1;
    case TIX_DTYPE_UINT16:
    case TIX_DTYPE_INT16:
    case TIX_DTYPE_FLOAT16:
    case TIX_DTYPE_BFLOAT16:
        return 2;
    case TIX_DTYPE_FLOAT32:
    case TIX_DTYPE_INT32:
    case TIX_DTYPE_UINT32:
        return 4;
    case TIX_DTYPE_INT64:
    case TIX_DTYPE_UINT64:
    case TIX_DTYPE_FLOAT64:
    case TIX_DTYPE_COMPLEX64:
        return 8;
    case TIX_DTYPE_STRING:
        return sizeof(const char*);
    case TIX_DTYPE_COMPLEX128:
        return 16;
    default:
        return 0;
    }
}

static bool is_signed_int(tix_dtype t)
{
    return t == TIX_DTYPE_INT8 || t == TIX_DTYPE_INT16 || t == TIX_DTYPE_INT32 ||
           t == TIX_DTYPE_INT64;
}

static bool is_unsigned_int(tix_dtype t)
{
    return t == TIX_DTYPE_UINT8 || t == TIX_DTYPE_UINT16 || t == TIX_DTYPE_UINT32 ||
           t == TIX_DTYPE_UINT64;
}

static bool is_float8(tix_dtype t)
{
    return t == TIX_DTYPE_FLOAT8E4M3FN || t == TIX_DTYPE_FLOAT8E4M3FNUZ ||
           t == TIX_DTYPE_FLOAT8E5M2 || t == TIX_DTYPE_FLOAT8E5M2FNUZ;
}

static bool is_complex(tix_dtype t)
{
    return t == TIX_DTYPE_COMPLEX64 || t == TIX_DTYPE_COMPLEX128;
}

bool ref_reduction_supported(tix_dtype dtype, tix_reduction reduction)
{
    if (reduction == TIX_REDUCTION_NONE)
        return true;
    if (dtype == TIX_DTYPE_STRING || is_float8(dtype))
        return false;
    if (dtype == TIX_DTYPE_BOOL)
        return reduction != TIX_REDUCTION_MEAN;
    if (is_complex(dtype))
        return reduction == TIX_REDUCTION_ADD || reduction == TIX_REDUCTION_SUB ||
               reduction == TIX_REDUCTION_MUL;
    return true;
}

static const char ref_empty_string[] = "";

const char* ref_default_string_fill(void)
{
    return ref_empty_string;
}

/* ------------------------------------------------------------------------------------------
 * float16 / bfloat16
 */

static uint32_t f32_bits(float f)
{
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    return x;
}

static float bits_f32(uint32_t x)
{
    float f;
    memcpy(&f, &x, sizeof f);
    return f;
}

float ref_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exponent = (h >> 10) & 0x1fu;
    uint32_t mantissa = h & 0x3ffu;
    if (exponent == 0x1f) /* inf, NaN (payload kept) */
        return bits_f32(sign | 0x7f800000u | (mantissa << 13));
    if (exponent == 0) { /* zero or subnormal: mantissa * 2^-24, exact in float */
        float magnitude = (float)mantissa * 5.9604644775390625e-8f;
        return bits_f32(sign | f32_bits(magnitude));
    }
    return bits_f32(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}

uint16_t ref_f32_to_f16(float f)
{
    uint32_t x = f32_bits(f);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
    uint32_t ax = x & 0x7fffffffu;
    if (ax > 0x7f800000u) /* NaN: keep it a (quiet) NaN */
        return (uint16_t)(sign | 0x7e00u | ((ax >> 13) & 0x3ffu));
    if (ax >= 0x477ff000u) /* >= 65520 (halfway past the largest half, 65504): inf */
        return (uint16_t)(sign | 0x7c00u);
    uint32_t exponent = ax >> 23; /* biased float exponent */
    uint32_t mantissa = (ax & 0x7fffffu) | 0x800000u;
    uint32_t shift;
    uint32_t h;
    if (exponent >= 113) { /* normal half: exponent - 127 >= -14 */
        h = ((exponent - 112u) << 10) | ((ax & 0x7fffffu) >> 13);
        uint32_t rest = ax & 0x1fffu;
        if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
            h++; /* a carry into the exponent is the right encoding */
        return (uint16_t)(sign | h);
    }
    if (exponent < 102) /* below 2^-25: rounds to zero */
        return sign;
    /* subnormal half: value / 2^-24 = mantissa >> (126 - exponent) */
    shift = 126u - exponent; /* 14 .. 24 */
    h = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1u);
    uint32_t half = 1u << (shift - 1u);
    if (rest > half || (rest == half && (h & 1u)))
        h++;
    return (uint16_t)(sign | h);
}

float ref_bf16_to_f32(uint16_t h)
{
    return bits_f32((uint32_t)h << 16);
}

uint16_t ref_f32_to_bf16(float f)
{
    uint32_t x = f32_bits(f);
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return (uint16_t)((x >> 16) | 0x0040u); /* NaN stays a quiet NaN */
    x += 0x7fffu + ((x >> 16) & 1u);               /* round to nearest even */
    return (uint16_t)(x >> 16);
}

/* ------------------------------------------------------------------------------------------
 * Coordinates and addresses
 */

int64_t ref_count(const tix_tensor* t)
{
    int64_t n = 1;
    for (int32_t d = 0; d < t->rank; d++)
        n *= t->shape[d];
    return n;
}

/* Advances c to the next coordinate in row-major order; false after the last one. */
static bool next_coord(int64_t* c, const tix_tensor* t)
{
    for (int32_t d = t->rank - 1; d >= 0; d--) {
        if (++c[d] < t->shape[d])
            return true;
        c[d] = 0;
    }
    return false;
}

static char* element(const tix_tensor* t, const int64_t* c)
{
    int64_t offset = 0;
    for (int32_t d = 0; d < t->rank; d++)
        offset += c[d] * t->strides[d];
    return (char*)t->data + offset * (int64_t)ref_dtype_size(t->dtype);
}

static int64_t linear_position(const tix_tensor* t, const int64_t* c)
{
    int64_t p = 0;
    for (int32_t d = 0; d < t->rank; d++)
        p = p * t->shape[d] + c[d];
    return p;
}

static void unravel(const tix_tensor* t, int64_t p, int64_t* c)
{
    for (int32_t d = t->rank - 1; d >= 0; d--) {
        c[d] = p % t->shape[d];
        p /= t->shape[d];
    }
}

static bool same_view(const tix_tensor* a, const tix_tensor* b)
{
    if (a->data != b->data || a->dtype != b->dtype || a->rank != b->rank)
        return false;
    for (int32_t d = 0; d < a->rank; d++)
        if (a->shape[d] != b->shape[d] || a->strides[d] != b->strides[d])
            return false;
    return true;
}

static void set_dense(tix_tensor* t, tix_dtype dtype, int32_t rank)
{
    t->data = NULL;
    t->dtype = dtype;
    t->rank = rank;
    int64_t stride = 1;
    for (int32_t d = rank - 1; d >= 0; d--) {
        t->strides[d] = stride;
        stride *= t->shape[d];
    }
}

/* An unsigned integer element of `size` bytes. */
static uint64_t load_bits(const void* p, size_t size)
{
    switch (size) {
    case 1: {
        uint8_t v;
        memcpy(&v, p, 1);
        return v;
    }
    case 2: {
        uint16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case 4: {
        uint32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    default: {
        uint64_t v;
        memcpy(&v, p, 8);
        return v;
    }
    }
}

void ref_store_bits(void* p, size_t size, uint64_t v)
{
    switch (size) {
    case 1: {
        uint8_t x = (uint8_t)v;
        memcpy(p, &x, 1);
        break;
    }
    case 2: {
        uint16_t x = (uint16_t)v;
        memcpy(p, &x, 2);
        break;
    }
    case 4: {
        uint32_t x = (uint32_t)v;
        memcpy(p, &x, 4);
        break;
    }
    default:
        memcpy(p, &v, 8);
        break;
    }
}

/* A signed integer element, sign-extended to int64. */
static int64_t load_signed(const void* p, tix_dtype t)
{
    switch (t) {
    case TIX_DTYPE_INT8: {
        int8_t v;
        memcpy(&v, p, 1);
        return v;
    }
    case TIX_DTYPE_INT16: {
        int16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case TIX_DTYPE_INT32: {
        int32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    default: {
        int64_t v;
        memcpy(&v, p, 8);
        return v;
    }
    }
}

/* ------------------------------------------------------------------------------------------
 * Indices: "An index i into an axis of size s is resolved in two steps" (tix.h).
 */

typedef enum { RESOLVED, DROPPED, BAD } resolution;

static resolution resolve(const tix_tensor* indices, const int64_t* c, int64_t size,
                          const tix_options* o, int64_t* result)
{
    const char* p = element(indices, c);
    switch (indices->dtype) {
    case TIX_DTYPE_UINT8:
    case TIX_DTYPE_UINT16:
    case TIX_DTYPE_UINT32:
    case TIX_DTYPE_UINT64: {
        uint64_t u = load_bits(p, ref_dtype_size(indices->dtype));
        if (u < (uint64_t)size) {
            *result = (int64_t)u;
            return RESOLVED;
        }
        switch (o->out_of_range) {
        case TIX_OUT_OF_RANGE_IGNORE:
            return DROPPED;
        case TIX_OUT_OF_RANGE_CLAMP: /* an unsigned index is never below 0 */
            if (size == 0)
                return BAD;
            *result = size - 1;
            return RESOLVED;
        case TIX_OUT_OF_RANGE_WRAP:
            if (size == 0)
                return BAD;
            *result = (int64_t)(u % (uint64_t)size);
            return RESOLVED;
        default:
            return BAD;
        }
    }
    default: {
        int64_t original = load_signed(p, indices->dtype);
        int64_t i = original;
        if (i < 0 && o->negative_indices == TIX_NEGATIVE_WRAP)
            i += size; /* once; cannot overflow as size >= 0 */
        if (i >= 0 && i < size) {
            *result = i;
            return RESOLVED;
        }
        switch (o->out_of_range) {
        case TIX_OUT_OF_RANGE_IGNORE:
            return DROPPED;
        case TIX_OUT_OF_RANGE_CLAMP:
            if (size == 0)
                return BAD;
            *result = i < 0 ? 0 : size - 1;
            return RESOLVED;
        case TIX_OUT_OF_RANGE_WRAP: {
            if (size == 0)
                return BAD;
            int64_t r = original % size; /* Python-style modulo of the original index */
            if (r < 0)
                r += size;
            *result = r;
            return RESOLVED;
        }
        default:
            return BAD;
        }
    }
    }
}

int ref_resolve_index(tix_dtype dtype, const void* element, int64_t size,
                      const tix_options* options, int64_t* result)
{
    tix_tensor scalar;
    memset(&scalar, 0, sizeof scalar);
    scalar.data = (void*)(uintptr_t)element;
    scalar.dtype = dtype;
    tix_options defaults;
    memset(&defaults, 0, sizeof defaults);
    resolution r = resolve(&scalar, NULL, size, options ? options : &defaults, result);
    return r == RESOLVED ? 0 : r == DROPPED ? 1 : 2;
}

/* ------------------------------------------------------------------------------------------
 * The three index mappings. A position p of a gather's output, or of a scatter's updates (the
 * same shape), maps to the coordinate of data (gathers) or output (scatters) it reads or writes.
 */

typedef enum { KIND_AXIS, KIND_ELEMENTS, KIND_ND } op_kind;

typedef struct mapping {
    op_kind kind;
    const tix_tensor* data;
    const tix_tensor* indices;
    int64_t axis;  /* normalised; KIND_AXIS, KIND_ELEMENTS */
    int64_t batch; /* normalised; KIND_AXIS, KIND_ND */
    int64_t k;     /* KIND_ND: indices.shape[q-1] */
    const tix_options* options;
} mapping;

static resolution map_position(const mapping* m, const int64_t* p, int64_t* dc)
{
    int64_t ic[TIX_MAX_RANK];
    int64_t r = m->data->rank;
    int64_t q = m->indices->rank;
    resolution res = RESOLVED;
    switch (m->kind) {
    case KIND_AXIS: {
        /* p = [d_0..d_{axis-1}, j_b..j_{q-1}, e...] */
        int64_t b = m->batch, axis = m->axis, n_j = q - b;
        for (int64_t t = 0; t < b; t++)
            ic[t] = p[t];
        for (int64_t t = 0; t < n_j; t++)
            ic[b + t] = p[axis + t];
        for (int64_t t = 0; t < axis; t++)
            dc[t] = p[t];
        res = resolve(m->indices, ic, m->data->shape[axis], m->options, &dc[axis]);
        for (int64_t t = axis + 1; t < r; t++)
            dc[t] = p[t - 1 + n_j];
        break;
    }
    case KIND_ELEMENTS:
        for (int64_t t = 0; t < r; t++)
            dc[t] = p[t];
        res = resolve(m->indices, p, m->data->shape[m->axis], m->options, &dc[m->axis]);
        break;
    case KIND_ND: {
        /* p = [j_0..j_{q-2}, e...]; tuple component t indexes dimension b + t */
        int64_t b = m->batch, k = m->k;
        for (int64_t t = 0; t < b; t++)
            dc[t] = p[t];
        for (int64_t t = 0; t < q - 1; t++)
            ic[t] = p[t];
        for (int64_t t = 0; t < k; t++) {
            ic[q - 1] = t;
            resolution one = resolve(m->indices, ic, m->data->shape[b + t], m->options, &dc[b + t]);
            if (one == BAD || (one == DROPPED && res == RESOLVED))
                res = one;
            if (one != RESOLVED)
                dc[b + t] = 0;
        }
        for (int64_t t = b + k; t < r; t++)
            dc[t] = p[q - 1 + t - b - k];
        break;
    }
    }
    return res;
}

/* Checks every element of indices: false if any is BAD. */
static bool indices_valid(const mapping* m)
{
    const tix_tensor* idx = m->indices;
    if (ref_count(idx) == 0)
        return true;
    int64_t c[TIX_MAX_RANK] = {0};
    do {
        int64_t size = m->kind == KIND_ND ? m->data->shape[m->batch + c[idx->rank - 1]]
                                          : m->data->shape[m->axis];
        int64_t ignored;
        if (resolve(idx, c, size, m->options, &ignored) == BAD)
            return false;
    } while (next_coord(c, idx));
    return true;
}

/* "INVALID_OPTION (an enum out of range, a reduction on a gather)" (tix.h). */
static bool options_valid(const tix_options* o, bool scatter)
{
    return (unsigned)o->negative_indices <= (unsigned)TIX_NEGATIVE_OUT_OF_RANGE &&
           (unsigned)o->out_of_range <= (unsigned)TIX_OUT_OF_RANGE_WRAP &&
           (unsigned)o->reduction <= (unsigned)TIX_REDUCTION_MEAN &&
           (unsigned)o->accumulation <= (unsigned)TIX_ACCUMULATE_CHUNKED &&
           (scatter || o->reduction == TIX_REDUCTION_NONE);
}

static const tix_options* options_or_default(const tix_options* o, tix_options* storage)
{
    if (o)
        return o;
    memset(storage, 0, sizeof *storage);
    return storage;
}

/* ------------------------------------------------------------------------------------------
 * Gathers: output[p] = data[map(p)], or the fill value for an ignored index.
 */

static tix_status gather_driver(const mapping* m, const tix_tensor* output)
{
    if (!options_valid(m->options, false))
        return TIX_STATUS_INVALID_OPTION;
    if (!indices_valid(m))
        return TIX_STATUS_INDEX_OUT_OF_RANGE;
    if (ref_count(output) == 0)
        return TIX_STATUS_OK;
    size_t size = ref_dtype_size(output->dtype);
    int64_t p[TIX_MAX_RANK] = {0};
    int64_t dc[TIX_MAX_RANK];
    do {
        char* out = element(output, p);
        resolution res = map_position(m, p, dc);
        if (res == BAD)
            return TIX_STATUS_INDEX_OUT_OF_RANGE; /* not reached: checked above */
        if (res == RESOLVED) {
            memcpy(out, element(m->data, dc), size);
        } else if (m->options->fill_value) {
            memcpy(out, m->options->fill_value, size);
        } else if (output->dtype == TIX_DTYPE_STRING) {
            const char* empty = ref_empty_string;
            memcpy(out, &empty, size);
        } else {
            memset(out, 0, size);
        }
    } while (next_coord(p, output));
    return TIX_STATUS_OK;
}

/* ------------------------------------------------------------------------------------------
 * Reductions, one element at a time
 */

/* The value of a real floating-point element (float16/bfloat16/float32/float64). */
static double load_real(const void* p, tix_dtype t)
{
    switch (t) {
    case TIX_DTYPE_FLOAT16:
        return ref_f16_to_f32((uint16_t)load_bits(p, 2));
    case TIX_DTYPE_BFLOAT16:
        return ref_bf16_to_f32((uint16_t)load_bits(p, 2));
    case TIX_DTYPE_FLOAT32: {
        float v;
        memcpy(&v, p, 4);
        return v;
    }
    default: {
        double v;
        memcpy(&v, p, 8);
        return v;
    }
    }
}

static float load_half_as_float(const void* p, tix_dtype t)
{
    uint16_t h = (uint16_t)load_bits(p, 2);
    return t == TIX_DTYPE_FLOAT16 ? ref_f16_to_f32(h) : ref_bf16_to_f32(h);
}

static void store_float_as_half(void* p, tix_dtype t, float v)
{
    ref_store_bits(p, 2, t == TIX_DTYPE_FLOAT16 ? ref_f32_to_f16(v) : ref_f32_to_bf16(v));
}

/* Writes the identity of `reduction` for dtype t. */
static void store_identity(void* p, tix_dtype t, tix_reduction reduction)
{
    size_t size = ref_dtype_size(t);
    bool is_max = reduction == TIX_REDUCTION_MAX;
    bool is_min = reduction == TIX_REDUCTION_MIN;
    bool is_mul = reduction == TIX_REDUCTION_MUL;
    switch (t) {
    case TIX_DTYPE_FLOAT16:
    case TIX_DTYPE_BFLOAT16:
        store_float_as_half(p, t, is_max ? -INFINITY : is_min ? INFINITY : is_mul ? 1.0f : 0.0f);
        break;
    case TIX_DTYPE_FLOAT32: {
        float v = is_max ? -INFINITY : is_min ? INFINITY : is_mul ? 1.0f : 0.0f;
        memcpy(p, &v, 4);
        break;
    }
    case TIX_DTYPE_FLOAT64: {
        double v = is_max ? -INFINITY : is_min ? INFINITY : is_mul ? 1.0 : 0.0;
        memcpy(p, &v, 8);
        break;
    }
    case TIX_DTYPE_COMPLEX64: {
        float v[2] = {is_mul ? 1.0f : 0.0f, 0.0f};
        memcpy(p, v, 8);
        break;
    }
    case TIX_DTYPE_COMPLEX128: {
        double v[2] = {is_mul ? 1.0 : 0.0, 0.0};
        memcpy(p, v, 16);
        break;
    }
    case TIX_DTYPE_BOOL:
        /* max = or: false; min = and: true; mul = and: true; add/sub: false */
        ref_store_bits(p, 1, (is_min || is_mul) ? 1 : 0);
        break;
    default: {
        int bits = (int)size * 8;
        uint64_t v;
        if (is_mul)
            v = 1;
        else if (is_max) /* lowest: 100..0 for signed, 0 for unsigned */
            v = is_signed_int(t) ? (uint64_t)1 << (bits - 1) : 0;
        else if (is_min) /* highest: 011..1 for signed, 11..1 for unsigned */
            v = is_signed_int(t) ? ((uint64_t)1 << (bits - 1)) - 1
                                 : (bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1);
        else
            v = 0;
        ref_store_bits(p, size, v);
        break;
    }
    }
}

/* "A NaN produced by add, sub, mul or mean is stored as the canonical quiet NaN (sign 0, payload
 * 0; per part for complex)" (tix.h). */
static float canonical_f32(float v)
{
    return isnan(v) ? bits_f32(0x7fc00000u) : v;
}

static double canonical_f64(double v)
{
    if (!isnan(v))
        return v;
    uint64_t bits = 0x7ff8000000000000ull;
    memcpy(&v, &bits, 8);
    return v;
}

/* out = f(out, upd). For TIX_REDUCTION_MEAN this is the running sum (as add). */
static void apply(void* out, const void* upd, tix_dtype t, tix_reduction reduction)
{
    size_t size = ref_dtype_size(t);
    if (reduction == TIX_REDUCTION_NONE) {
        memcpy(out, upd, size);
        return;
    }
    if (reduction == TIX_REDUCTION_MIN || reduction == TIX_REDUCTION_MAX) {
        bool take;
        if (t == TIX_DTYPE_BOOL) {
            bool a = load_bits(out, 1) != 0, b = load_bits(upd, 1) != 0;
            ref_store_bits(out, 1, reduction == TIX_REDUCTION_MAX ? (a || b) : (a && b));
            return;
        } else if (is_signed_int(t)) {
            int64_t a = load_signed(out, t), b = load_signed(upd, t);
            take = reduction == TIX_REDUCTION_MAX ? b > a : b < a;
        } else if (is_unsigned_int(t)) {
            uint64_t a = load_bits(out, size), b = load_bits(upd, size);
            take = reduction == TIX_REDUCTION_MAX ? b > a : b < a;
        } else { /* real floats: a NaN operand wins; the output keeps its own NaN first */
            double a = load_real(out, t), b = load_real(upd, t);
            if (isnan(a))
                take = false;
            else if (isnan(b))
                take = true;
            else
                take = reduction == TIX_REDUCTION_MAX ? b > a : b < a;
        }
        if (take)
            memcpy(out, upd, size);
        return;
    }
    /* add (and mean's sum), sub, mul */
    bool add = reduction == TIX_REDUCTION_ADD || reduction == TIX_REDUCTION_MEAN;
    bool sub = reduction == TIX_REDUCTION_SUB;
    switch (t) {
    case TIX_DTYPE_BOOL: {
        bool a = load_bits(out, 1) != 0, b = load_bits(upd, 1) != 0;
        ref_store_bits(out, 1, add ? (a || b) : sub ? (a != b) : (a && b));
        break;
    }
    case TIX_DTYPE_FLOAT16:
    case TIX_DTYPE_BFLOAT16: {
        float a = load_half_as_float(out, t), b = load_half_as_float(upd, t);
        store_float_as_half(out, t, canonical_f32(add ? a + b : sub ? a - b : a * b));
        break;
    }
    case TIX_DTYPE_FLOAT32: {
        float a, b;
        memcpy(&a, out, 4);
        memcpy(&b, upd, 4);
        float r = canonical_f32(add ? a + b : sub ? a - b : a * b);
        memcpy(out, &r, 4);
        break;
    }
    case TIX_DTYPE_FLOAT64: {
        double a, b;
        memcpy(&a, out, 8);
        memcpy(&b, upd, 8);
        double r = canonical_f64(add ? a + b : sub ? a - b : a * b);
        memcpy(out, &r, 8);
        break;
    }
    case TIX_DTYPE_COMPLEX64: {
        float a[2], b[2], r[2];
        memcpy(a, out, 8);
        memcpy(b, upd, 8);
        if (add) {
            r[0] = a[0] + b[0];
            r[1] = a[1] + b[1];
        } else if (sub) {
            r[0] = a[0] - b[0];
            r[1] = a[1] - b[1];
        } else { /* (a+bi)(c+di) = (ac-bd) + (ad+bc)i */
            r[0] = a[0] * b[0] - a[1] * b[1];
            r[1] = a[0] * b[1] + a[1] * b[0];
        }
        r[0] = canonical_f32(r[0]);
        r[1] = canonical_f32(r[1]);
        memcpy(out, r, 8);
        break;
    }
    case TIX_DTYPE_COMPLEX128: {
        double a[2], b[2], r[2];
        memcpy(a, out, 16);
        memcpy(b, upd, 16);
        if (add) {
            r[0] = a[0] + b[0];
            r[1] = a[1] + b[1];
        } else if (sub) {
            r[0] = a[0] - b[0];
            r[1] = a[1] - b[1];
        } else {
            r[0] = a[0] * b[0] - a[1] * b[1];
            r[1] = a[0] * b[1] + a[1] * b[0];
        }
        r[0] = canonical_f64(r[0]);
        r[1] = canonical_f64(r[1]);
        memcpy(out, r, 16);
        break;
    }
    default: { /* integers: wrap modulo 2^bits, computed in uint64 */
        uint64_t a = load_bits(out, size), b = load_bits(upd, size);
        ref_store_bits(out, size, add ? a + b : sub ? a - b : a * b);
        break;
    }
    }
}

/* out = out / n for TIX_REDUCTION_MEAN (n >= 1): one division; integers round toward -inf. */
static void divide(void* out, tix_dtype t, int64_t n)
{
    size_t size = ref_dtype_size(t);
    switch (t) {
    case TIX_DTYPE_FLOAT16:
    case TIX_DTYPE_BFLOAT16:
        store_float_as_half(out, t, canonical_f32(load_half_as_float(out, t) / (float)n));
        break;
    case TIX_DTYPE_FLOAT32: {
        float a;
        memcpy(&a, out, 4);
        a = canonical_f32(a / (float)n);
        memcpy(out, &a, 4);
        break;
    }
    case TIX_DTYPE_FLOAT64: {
        double a;
        memcpy(&a, out, 8);
        a = canonical_f64(a / (double)n);
        memcpy(out, &a, 8);
        break;
    }
    default:
        if (is_signed_int(t)) {
            int64_t a = load_signed(out, t);
            int64_t q = a / n;
            if (a % n != 0 && a < 0)
                q -= 1;
            ref_store_bits(out, size, (uint64_t)q);
        } else {
            ref_store_bits(out, size, load_bits(out, size) / (uint64_t)n);
        }
        break;
    }
}

/* ------------------------------------------------------------------------------------------
 * options.accumulation = TIX_ACCUMULATE_CHUNKED ("Reductions" in tix.h)
 */

static bool is_real_float(tix_dtype t)
{
    return t == TIX_DTYPE_FLOAT16 || t == TIX_DTYPE_BFLOAT16 || t == TIX_DTYPE_FLOAT32 ||
           t == TIX_DTYPE_FLOAT64;
}

/* "float16, bfloat16, float32 and float64 with add, sub and mul": k = min(8, u / (16 n)),
 * rounded down; k < 2 (and every other case) is the default order, returned as 1. */
int64_t ref_chunk_count(tix_dtype dtype, const tix_options* options, int64_t updates,
                        int64_t outputs)
{
    if (!options || options->accumulation != TIX_ACCUMULATE_CHUNKED || !is_real_float(dtype))
        return 1;
    if (options->reduction != TIX_REDUCTION_ADD && options->reduction != TIX_REDUCTION_SUB &&
        options->reduction != TIX_REDUCTION_MUL)
        return 1;
    if (outputs <= 0 || updates <= 0)
        return 1;
    int64_t k = updates / 16 / outputs; /* = floor(u / (16 n)), without overflowing 16 n */
    if (k > 8)
        k = 8;
    return k < 2 ? 1 : k;
}

/* "chunk c holding u / k consecutive updates in row-major order (the first u mod k chunks one
 * more)": the position of updates where chunk c starts. */
static int64_t chunk_start(int64_t c, int64_t u, int64_t k)
{
    return c * (u / k) + (c < u % k ? c : u % k);
}

/* The chunk of update position p (in row-major order of updates). */
static int64_t chunk_of(int64_t p, int64_t u, int64_t k)
{
    int64_t c = 0;
    while (c + 1 < k && p >= chunk_start(c + 1, u, k))
        c++;
    return c;
}

/* Where a chunk's sums start, z: -0 for add and sub, 1 for mul, in the output's dtype. */
static void store_chunk_start(void* p, tix_dtype t, tix_reduction reduction)
{
    bool is_mul = reduction == TIX_REDUCTION_MUL;
    switch (t) {
    case TIX_DTYPE_FLOAT16:
    case TIX_DTYPE_BFLOAT16:
        store_float_as_half(p, t, is_mul ? 1.0f : -0.0f);
        break;
    case TIX_DTYPE_FLOAT32: {
        float v = is_mul ? 1.0f : -0.0f;
        memcpy(p, &v, 4);
        break;
    }
    default: {
        double v = is_mul ? 1.0 : -0.0;
        memcpy(p, &v, 8);
        break;
    }
    }
}

/* Applies the updates in `chunks` (>= 2) chunks: chunk 0 to the output one update at a time,
 * as the default order does; each later chunk c on its own into sums of its own, one per output
 * element (by row-major position), each starting from z and reduced by the scatter's own
 * reduction (so sub gives z - u_1 - u_2 ...); then, chunk after chunk, every output element
 * whose sum is no longer z bit for bit becomes out + s (add, sub) or out * s (mul). Dropped
 * updates keep their positions (they are elements of updates) but change nothing. */
static tix_status apply_chunked(const mapping* m, const tix_tensor* updates,
                                const tix_tensor* output, int64_t chunks)
{
    tix_dtype t = output->dtype;
    tix_reduction reduction = m->options->reduction;
    size_t size = ref_dtype_size(t);
    int64_t n_out = ref_count(output), n_up = ref_count(updates);
    unsigned char z[8];
    store_chunk_start(z, t, reduction);

    /* sums of chunk c (1 .. chunks-1) for output element i: sums + ((c - 1) * n_out + i) * size */
    unsigned char* sums = malloc((size_t)((chunks - 1) * n_out) * size);
    if (!sums)
        return TIX_STATUS_OUT_OF_MEMORY;
    for (int64_t j = 0; j < (chunks - 1) * n_out; j++)
        memcpy(sums + j * (int64_t)size, z, size);

    int64_t c[TIX_MAX_RANK] = {0};
    int64_t dc[TIX_MAX_RANK];
    int64_t p = 0; /* row-major position of c in updates */
    do {
        int64_t chunk = chunk_of(p, n_up, chunks);
        if (map_position(m, c, dc) == RESOLVED) {
            void* target = chunk == 0 ? (void*)element(output, dc)
                                      : (void*)(sums + ((chunk - 1) * n_out +
                                                        linear_position(output, dc)) *
                                                           (int64_t)size);
            apply(target, element(updates, c), t, reduction);
        }
        p++;
    } while (next_coord(c, updates));

    tix_reduction merge = reduction == TIX_REDUCTION_MUL ? TIX_REDUCTION_MUL : TIX_REDUCTION_ADD;
    for (int64_t chunk = 1; chunk < chunks; chunk++) {
        for (int64_t i = 0; i < n_out; i++) {
            const unsigned char* s = sums + ((chunk - 1) * n_out + i) * (int64_t)size;
            if (memcmp(s, z, size) == 0)
                continue; /* the chunk left this element */
            unravel(output, i, dc);
            apply(element(output, dc), s, t, merge);
        }
    }
    free(sums);
    return TIX_STATUS_OK;
}

/* ------------------------------------------------------------------------------------------
 * Scatters: output = data; then for each update position p in row-major order,
 * output[map(p)] = f(output[map(p)], updates[p]) (or in chunks: apply_chunked).
 */

static tix_status scatter_driver(const mapping* m, const tix_tensor* updates,
                                 const tix_tensor* output)
{
    const tix_options* o = m->options;
    tix_dtype t = output->dtype;
    tix_reduction reduction = o->reduction;
    if (!options_valid(o, true))
        return TIX_STATUS_INVALID_OPTION;
    if (!ref_reduction_supported(t, reduction))
        return TIX_STATUS_UNSUPPORTED_REDUCTION;
    if (!indices_valid(m))
        return TIX_STATUS_INDEX_OUT_OF_RANGE; /* before any write */

    int64_t n_out = ref_count(output);
    if (n_out == 0)
        return TIX_STATUS_OK;
    size_t size = ref_dtype_size(t);
    int64_t c[TIX_MAX_RANK] = {0};
    int64_t dc[TIX_MAX_RANK];

    /* the copy of data, skipped in place */
    if (!same_view(m->data, output)) {
        do
            memcpy(element(output, c), element(m->data, c), size);
        while (next_coord(c, output));
    }

    /* how many updates address each output element (row-major position) */
    int64_t* counts = calloc((size_t)n_out, sizeof *counts);
    if (!counts)
        return TIX_STATUS_OUT_OF_MEMORY;
    bool any_update = ref_count(updates) > 0;
    if (any_update) {
        memset(c, 0, sizeof c);
        do
            if (map_position(m, c, dc) == RESOLVED)
                counts[linear_position(output, dc)]++;
        while (next_coord(c, updates));
    }

    if (reduction != TIX_REDUCTION_NONE && o->exclude_self) {
        for (int64_t i = 0; i < n_out; i++) {
            if (counts[i] > 0) {
                unravel(output, i, dc);
                store_identity(element(output, dc), t, reduction);
            }
        }
    }

    int64_t chunks = ref_chunk_count(t, o, ref_count(updates), n_out);
    if (any_update && chunks >= 2) {
        tix_status s = apply_chunked(m, updates, output, chunks);
        if (s != TIX_STATUS_OK) {
            free(counts);
            return s;
        }
    } else if (any_update) {
        memset(c, 0, sizeof c);
        do
            if (map_position(m, c, dc) == RESOLVED)
                apply(element(output, dc), element(updates, c), t, reduction);
        while (next_coord(c, updates));
    }

    if (reduction == TIX_REDUCTION_MEAN) {
        for (int64_t i = 0; i < n_out; i++) {
            if (counts[i] > 0) {
                unravel(output, i, dc);
                divide(element(output, dc), t, counts[i] + (o->exclude_self ? 0 : 1));
            }
        }
    }
    free(counts);
    return TIX_STATUS_OK;
}

/* ------------------------------------------------------------------------------------------
 * The six operations
 */

static int64_t normalise(int64_t value, int64_t rank)
{
    return value < 0 ? value + rank : value;
}

static mapping axis_mapping(const tix_tensor* data, const tix_tensor* indices, int64_t axis,
                            int64_t batch_dims, const tix_options* options)
{
    mapping m;
    memset(&m, 0, sizeof m);
    m.kind = KIND_AXIS;
    m.data = data;
    m.indices = indices;
    m.axis = normalise(axis, data->rank);
    m.batch = normalise(batch_dims, indices->rank);
    m.options = options;
    return m;
}

static mapping elements_mapping(const tix_tensor* data, const tix_tensor* indices, int64_t axis,
                                const tix_options* options)
{
    mapping m;
    memset(&m, 0, sizeof m);
    m.kind = KIND_ELEMENTS;
    m.data = data;
    m.indices = indices;
    m.axis = normalise(axis, data->rank);
    m.options = options;
    return m;
}

static mapping nd_mapping(const tix_tensor* data, const tix_tensor* indices, int64_t batch_dims,
                          const tix_options* options)
{
    mapping m;
    memset(&m, 0, sizeof m);
    m.kind = KIND_ND;
    m.data = data;
    m.indices = indices;
    m.batch = normalise(batch_dims, indices->rank);
    m.k = indices->shape[indices->rank - 1];
    m.options = options;
    return m;
}

void ref_gather_shape(const tix_tensor* data, const tix_tensor* indices, int64_t axis,
                      int64_t batch_dims, tix_tensor* output)
{
    int32_t r = data->rank, q = indices->rank;
    int32_t a = (int32_t)normalise(axis, r), b = (int32_t)normalise(batch_dims, q);
    int32_t n = 0;
    memset(output, 0, sizeof *output);
    for (int32_t d = 0; d < a; d++)
        output->shape[n++] = data->shape[d];
    for (int32_t d = b; d < q; d++)
        output->shape[n++] = indices->shape[d];
    for (int32_t d = a + 1; d < r; d++)
        output->shape[n++] = data->shape[d];
    set_dense(output, data->dtype, n);
}

void ref_gather_nd_shape(const tix_tensor* data, const tix_tensor* indices, int64_t batch_dims,
                         tix_tensor* output)
{
    int32_t r = data->rank, q = indices->rank;
    int32_t b = (int32_t)normalise(batch_dims, q);
    int32_t k = (int32_t)indices->shape[q - 1];
    int32_t n = 0;
    memset(output, 0, sizeof *output);
    for (int32_t d = 0; d < q - 1; d++)
        output->shape[n++] = indices->shape[d];
    for (int32_t d = b + k; d < r; d++)
        output->shape[n++] = data->shape[d];
    set_dense(output, data->dtype, n);
}

tix_status ref_gather(const tix_tensor* data, const tix_tensor* indices, int64_t axis,
                      int64_t batch_dims, const tix_tensor* output, const tix_options* options)
{
    tix_options defaults;
    mapping m = axis_mapping(data, indices, axis, batch_dims,
                             options_or_default(options, &defaults));
    return gather_driver(&m, output);
}

tix_status ref_scatter(const tix_tensor* data, const tix_tensor* indices,
                       const tix_tensor* updates, int64_t axis, int64_t batch_dims,
                       const tix_tensor* output, const tix_options* options)
{
    tix_options defaults;
    mapping m = axis_mapping(data, indices, axis, batch_dims,
                             options_or_default(options, &defaults));
    return scatter_driver(&m, updates, output);
}

tix_status ref_gather_elements(const tix_tensor* data, const tix_tensor* indices, int64_t axis,
                               const tix_tensor* output, const tix_options* options)
{
    tix_options defaults;
    mapping m = elements_mapping(data, indices, axis, options_or_default(options, &defaults));
    return gather_driver(&m, output);
}

tix_status ref_scatter_elements(const tix_tensor* data, const tix_tensor* indices,
                                const tix_tensor* updates, int64_t axis,
                                const tix_tensor* output, const tix_options* options)
{
    tix_options defaults;
    mapping m = elements_mapping(data, indices, axis, options_or_default(options, &defaults));
    return scatter_driver(&m, updates, output);
}

tix_status ref_gather_nd(const tix_tensor* data, const tix_tensor* indices, int64_t batch_dims,
                         const tix_tensor* output, const tix_options* options)
{
    tix_options defaults;
    mapping m = nd_mapping(data, indices, batch_dims, options_or_default(options, &defaults));
    return gather_driver(&m, output);
}

tix_status ref_scatter_nd(const tix_tensor* data, const tix_tensor* indices,
                          const tix_tensor* updates, int64_t batch_dims,
                          const tix_tensor* output, const tix_options* options)
{
    tix_options defaults;
    mapping m = nd_mapping(data, indices, batch_dims, options_or_default(options, &defaults));
    return scatter_driver(&m, updates, output);
}

tix_status ref_call(op_id op, const tix_tensor* data, const tix_tensor* indices,
                    const tix_tensor* updates, int64_t axis, int64_t batch_dims,
                    const tix_tensor* output, const tix_options* options)
{
    switch (op) {
    case OP_GATHER:
        return ref_gather(data, indices, axis, batch_dims, output, options);
    case OP_SCATTER:
        return ref_scatter(data, indices, updates, axis, batch_dims, output, options);
    case OP_GATHER_ELEMENTS:
        return ref_gather_elements(data, indices, axis, output, options);
    case OP_SCATTER_ELEMENTS:
        return ref_scatter_elements(data, indices, updates, axis, output, options);
    case OP_GATHER_ND:
        return ref_gather_nd(data, indices, batch_dims, output, options);
    default:
        return ref_scatter_nd(data, indices, updates, batch_dims, output, options);
    }
}

int64_t ref_index_value(const void* element, tix_dtype t)
{
    bool is_unsigned = t == TIX_DTYPE_UINT8 || t == TIX_DTYPE_UINT16 || t == TIX_DTYPE_UINT32;
    return is_unsigned ? (int64_t)load_bits(element, ref_dtype_size(t)) : load_signed(element, t);
}
