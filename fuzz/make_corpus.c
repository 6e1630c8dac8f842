/* Writes the seed corpus of the fuzz targets: `tix_fuzz_make_corpus DIR` creates
 * DIR/<target>/<seed> for the six operation targets, and a few .npy, TensorProto and model files
 * for the reader targets. `tix_fuzz_make_corpus --regressions DIR` writes instead the minimal
 * inputs of the findings (fuzz/regressions/; docs/TESTING.md lists them). `make fuzz-corpus` runs
 * it with DIR = fuzz/corpus (the committed corpus); fuzz/fuzz.sh also hands the targets
 * tests/cli/data (.npy files) and tests/data/onnx-node (ONNX models and tensors) as seeds.
 *
 * The operation seeds are the examples of the unit tests (tests/unit: the ONNX, OpenVINO and
 * PyTorch examples of each operation) in the byte format fuzz/fuzz_ops.c decodes, each also
 * varied: every dtype, every index dtype, every index rule, every reduction, exclude_self, a
 * fill value, NULL options, a diagnostic, every executor, in place, other layouts, and each of
 * the perturbations that break one rule.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <tix.h>

#include "ops.h"

/* ---------------------------------------------------------------------------------------------
 * Output.
 */
typedef struct seed {
    unsigned char bytes[8192];
    size_t size;
} seed;

static const char* out_dir;
static unsigned written;

static void put(seed* s, unsigned v) {
    if (s->size < sizeof s->bytes)
        s->bytes[s->size++] = (unsigned char)v;
}

static void put_le(seed* s, uint64_t v, int n) {
    for (int i = 0; i < n; i++)
        put(s, (unsigned)(v >> (8 * i)) & 0xffu);
}

static void make_dir(const char* path) {
    if (mkdir(path, 0755) != 0 && errno != EEXIST) {
        fprintf(stderr, "make_corpus: cannot create %s: %s\n", path, strerror(errno));
        exit(1);
    }
}

static void write_seed(const char* target, const char* name, const seed* s) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", out_dir, target);
    make_dir(path);
    snprintf(path, sizeof path, "%s/%s/%s", out_dir, target, name);
    FILE* f = fopen(path, "wb");
    if (f == NULL || fwrite(s->bytes, 1, s->size, f) != s->size || fclose(f) != 0) {
        fprintf(stderr, "make_corpus: cannot write %s\n", path);
        exit(1);
    }
    written++;
}

/* ---------------------------------------------------------------------------------------------
 * Operation seeds, in the format of fuzz_ops.c's decode():
 *   flags, dtype, index dtype, negative_indices, out_of_range, reduction,
 *   data rank, data dims, axis, indices rank, batch_dims, indices dims,
 *   perturbation, target, extra, layouts (data, indices, updates, output),
 *   [fill: 16 bytes], index values, data values, updates values
 */


typedef struct example {
    const char* name;
    int op;
    int32_t r;
    int64_t dshape[6];
    int64_t axis;
    int32_t q;
    int64_t ishape[6];
    int64_t batch;
    int64_t indices[24];
    double data[64];
    double updates[64];
    int reduction;
} example;

typedef struct variant {
    unsigned flags;
    tix_dtype dtype;
    int itype; /* 0 int8 .. 7 uint64, in fuzz_ops.c's order */
    int negative, out_of_range, reduction;
    int perturbation, target, extra; /* perturbation < 0: none */
    unsigned layout[4];
    unsigned stride_byte[4][6]; /* the per-dimension bytes of a layout; 0: the defaults below */
} variant;

static const tix_dtype index_order[8] = {TIX_DTYPE_INT8,   TIX_DTYPE_INT16, TIX_DTYPE_INT32,
                                         TIX_DTYPE_INT64,  TIX_DTYPE_UINT8, TIX_DTYPE_UINT16,
                                         TIX_DTYPE_UINT32, TIX_DTYPE_UINT64};

static int64_t count(int32_t rank, const int64_t* shape) {
    int64_t n = 1;
    for (int32_t d = 0; d < rank; d++)
        n *= shape[d];
    return n;
}

/* fuzz_ops.c's decode_dim(): small_dims[b % 16], or hostile_dims[b - 240] */
static unsigned dim_byte(int64_t v) {
    static const int64_t small[16] = {1, 2, 3, 4, 2, 3, 1, 5, 2, 3, 4, 1, 2, 0, 6, 7};
    for (unsigned b = 0; b < 16; b++) {
        if (small[b] == v)
            return b;
    }
    if (v == (int64_t)1 << 40)
        return 245;
    if (v == (int64_t)1 << 62)
        return 246;
    fprintf(stderr, "make_corpus: dimension %lld has no seed byte\n", (long long)v);
    exit(1);
}

static uint16_t to_half(float f) {
    /* exact for the small integers and halves of the examples */
    if (f == 0)
        return 0;
    uint32_t bits;
    memcpy(&bits, &f, 4);
    uint32_t sign = (bits >> 16) & 0x8000u;
    int32_t exponent = (int32_t)((bits >> 23) & 0xff) - 127 + 15;
    uint32_t mantissa = (bits >> 13) & 0x3ffu;
    return (uint16_t)(sign | (uint32_t)exponent << 10 | mantissa);
}

static void put_value(seed* s, tix_dtype t, double v) {
    switch (t) {
        case TIX_DTYPE_FLOAT32: {
            float f = (float)v;
            uint32_t b;
            memcpy(&b, &f, 4);
            put_le(s, b, 4);
            break;
        }
        case TIX_DTYPE_FLOAT64:
        case TIX_DTYPE_COMPLEX64: {
            if (t == TIX_DTYPE_COMPLEX64) {
                float f = (float)v;
                uint32_t b;
                memcpy(&b, &f, 4);
                put_le(s, b, 4);
                put_le(s, 0, 4);
            } else {
                uint64_t b;
                memcpy(&b, &v, 8);
                put_le(s, b, 8);
            }
            break;
        }
        case TIX_DTYPE_COMPLEX128: {
            uint64_t b;
            memcpy(&b, &v, 8);
            put_le(s, b, 8);
            put_le(s, 0, 8);
            break;
        }
        case TIX_DTYPE_FLOAT16:
            put_le(s, to_half((float)v), 2);
            break;
        case TIX_DTYPE_BFLOAT16: {
            float f = (float)v;
            uint32_t b;
            memcpy(&b, &f, 4);
            put_le(s, b >> 16, 2);
            break;
        }
        case TIX_DTYPE_STRING:
            put(s, (unsigned)((int64_t)v & 7));
            break;
        case TIX_DTYPE_BOOL:
            put(s, v != 0);
            break;
        default:
            put_le(s, (uint64_t)(int64_t)v, (int)tix_dtype_size(t));
            break;
    }
}

/* The gathered shape of a valid example. */
static int32_t gathered(const example* e, int64_t* shape) {
    int32_t r = e->r, q = e->q, n = 0;
    int32_t a = (int32_t)(e->axis < 0 ? e->axis + r : e->axis);
    int32_t b = (int32_t)(e->batch < 0 ? e->batch + q : e->batch);
    switch (e->op) {
        case OP_GATHER:
        case OP_SCATTER:
            for (int32_t d = 0; d < a; d++)
                shape[n++] = e->dshape[d];
            for (int32_t d = b; d < q; d++)
                shape[n++] = e->ishape[d];
            for (int32_t d = a + 1; d < r; d++)
                shape[n++] = e->dshape[d];
            return n;
        case OP_GATHER_ELEMENTS:
        case OP_SCATTER_ELEMENTS:
            memcpy(shape, e->ishape, sizeof e->ishape);
            return q;
        default: {
            int64_t k = e->ishape[q - 1];
            for (int32_t d = 0; d < q - 1; d++)
                shape[n++] = e->ishape[d];
            for (int32_t d = b + (int32_t)k; d < r; d++)
                shape[n++] = e->dshape[d];
            return n;
        }
    }
}

static void encode(seed* s, const example* e, const variant* v) {
    bool scatter = op_is_scatter(e->op);
    bool nd = e->op == OP_GATHER_ND || e->op == OP_SCATTER_ND;
    bool elements = e->op == OP_GATHER_ELEMENTS || e->op == OP_SCATTER_ELEMENTS;
    s->size = 0;
    put(s, v->flags);
    put(s, (unsigned)v->dtype - 1);
    put(s, (unsigned)v->itype);
    put(s, (unsigned)v->negative);
    put(s, (unsigned)v->out_of_range);
    put(s, scatter ? (unsigned)v->reduction : 0);
    put(s, (unsigned)e->r - 1);
    for (int32_t d = 0; d < e->r; d++)
        put(s, dim_byte(e->dshape[d]));
    int32_t a = (int32_t)(e->axis < 0 ? e->axis + e->r : e->axis);
    put(s, (unsigned)a + (e->axis < 0 ? 64u : 0u));
    put(s, nd ? (unsigned)e->q - 1 : elements ? 0 : (unsigned)e->q);
    int32_t b = (int32_t)(e->batch < 0 ? e->batch + e->q : e->batch);
    put(s, (unsigned)b + (e->batch < 0 ? 64u : 0u));
    for (int32_t d = 0; d < e->q; d++) {
        if (nd && d == e->q - 1) {
            put(s, (unsigned)e->ishape[d]);
        } else if (elements && d != a) {
            put(s, 4u * (unsigned)e->ishape[d] + 1u); /* (x / 4) % (data + 1) */
        } else {
            put(s, dim_byte(e->ishape[d]));
        }
    }
    put(s, v->perturbation >= 0 ? 224u + (unsigned)v->perturbation : 0u);
    put(s, (unsigned)v->target);
    put(s, (unsigned)v->extra);
    bool in_place = scatter && ((v->flags & 16) != 0 || v->perturbation == 17);
    int64_t gshape[16];
    int32_t grank = gathered(e, gshape);
    int32_t ranks[4] = {e->r, e->q, scatter ? grank : 0, scatter ? e->r : grank};
    for (int t = 0; t < 4; t++) {
        if ((t == 2 && !scatter) || (t == 3 && in_place))
            continue;
        put(s, v->layout[t]);
        /* the per-dimension bytes of layouts 0x04 (padded), 0x08 (negative), 0x80 (arbitrary),
         * 0x10 (zero strides, inputs only) */
        if ((v->layout[t] & 0x8c) != 0 || ((v->layout[t] & 0x10) != 0 && t != 3)) {
            for (int32_t d = 0; d < ranks[t]; d++) {
                unsigned byte =
                    (v->layout[t] & 0x80) ? 4u + 1u : 1u; /* stride 1; or 2x, negative */
                put(s, v->stride_byte[t][d] != 0 ? v->stride_byte[t][d] : byte);
            }
        }
    }
    if ((v->flags & 64) != 0) {
        for (int k = 0; k < 16; k++)
            put(s, 0x40u + (unsigned)k);
    }
    if (v->perturbation >= 13 && v->perturbation <= 15)
        put_le(s, (unsigned)v->extra * 7u, 2);
    int64_t n = count(e->q, e->ishape);
    for (int64_t k = 0; k < n; k++) {
        if (e->indices[k] >= 0 && e->indices[k] < 128) {
            put(s, (unsigned)e->indices[k]);
        } else {
            put(s, 200);
            put_le(s, (uint64_t)e->indices[k], 8);
        }
    }
    int64_t nd_count = count(e->r, e->dshape);
    for (int64_t k = 0; k < nd_count; k++)
        put_value(s, v->dtype, e->data[k]);
    if (scatter) {
        int64_t nu = count(grank, gshape);
        for (int64_t k = 0; k < nu; k++)
            put_value(s, v->dtype, e->updates[k]);
    }
}

/* The examples of the unit tests (tests/unit/test_*.c), and the specification pages'. */
static const example examples[] = {
    /* gather: ONNX Gather example 1 and 2, OpenVINO Gather-8 batch_dims, negative, scalar */
    {"onnx1",
     OP_GATHER,
     2,
     {3, 2},
     0,
     2,
     {2, 2},
     0,
     {0, 1, 1, 2},
     {1.0, 1.2, 2.3, 3.4, 4.5, 5.7},
     {0},
     0},
    {"onnx2",
     OP_GATHER,
     2,
     {3, 3},
     1,
     2,
     {1, 2},
     0,
     {0, 2},
     {1.0, 1.2, 1.9, 2.3, 3.4, 3.9, 4.5, 5.7, 5.9},
     {0},
     0},
    {"batch",
     OP_GATHER,
     2,
     {2, 5},
     1,
     2,
     {2, 3},
     1,
     {0, 0, 4, 4, 4, 0},
     {1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
     {0},
     0},
    {"negative", OP_GATHER, 1, {5}, -1, 1, {3}, 0, {-1, -5, 2}, {10, 11, 12, 13, 14}, {0}, 0},
    {"scalar", OP_GATHER, 2, {3, 2}, 0, 0, {0}, 0, {2}, {1, 2, 3, 4, 5, 6}, {0}, 0},
    {"empty", OP_GATHER, 2, {3, 2}, 1, 1, {0}, 0, {0}, {1, 2, 3, 4, 5, 6}, {0}, 0},
    /* scatter (OpenVINO ScatterUpdate-3, PyTorch index_copy_/index_add_) */
    {"update",
     OP_SCATTER,
     2,
     {3, 2},
     0,
     1,
     {2},
     0,
     {2, 0},
     {1, 2, 3, 4, 5, 6},
     {10, 20, 30, 40},
     0},
    {"axis1",
     OP_SCATTER,
     2,
     {2, 4},
     1,
     1,
     {3},
     0,
     {3, 0, 3},
     {1, 2, 3, 4, 5, 6, 7, 8},
     {10, 11, 12, 13, 14, 15},
     1},
    {"batch",
     OP_SCATTER,
     2,
     {2, 3},
     1,
     2,
     {2, 2},
     1,
     {0, 2, 1, 1},
     {0, 0, 0, 0, 0, 0},
     {1, 2, 3, 4},
     1},
    /* gather_elements: ONNX GatherElements examples */
    {"onnx1", OP_GATHER_ELEMENTS, 2, {2, 2}, 1, 2, {2, 2}, 0, {0, 0, 1, 0}, {1, 2, 3, 4}, {0}, 0},
    {"onnx2",
     OP_GATHER_ELEMENTS,
     2,
     {3, 3},
     0,
     2,
     {2, 3},
     0,
     {1, 2, 0, 2, 0, 0},
     {1, 2, 3, 4, 5, 6, 7, 8, 9},
     {0},
     0},
    {"negative",
     OP_GATHER_ELEMENTS,
     2,
     {3, 3},
     0,
     2,
     {2, 3},
     0,
     {-1, -2, 0, -2, 0, 0},
     {1, 2, 3, 4, 5, 6, 7, 8, 9},
     {0},
     0},
    /* scatter_elements: ONNX ScatterElements examples, duplicates with reductions */
    {"onnx1",
     OP_SCATTER_ELEMENTS,
     2,
     {3, 3},
     0,
     2,
     {2, 3},
     0,
     {1, 0, 2, 0, 2, 1},
     {0, 0, 0, 0, 0, 0, 0, 0, 0},
     {1.0, 1.1, 1.2, 2.0, 2.1, 2.2},
     0},
    {"onnx2",
     OP_SCATTER_ELEMENTS,
     2,
     {1, 5},
     1,
     2,
     {1, 2},
     0,
     {1, 3},
     {1, 2, 3, 4, 5},
     {1.1, 2.1},
     0},
    {"duplicates",
     OP_SCATTER_ELEMENTS,
     2,
     {1, 5},
     1,
     2,
     {1, 2},
     0,
     {1, 1},
     {1, 2, 3, 4, 5},
     {1.1, 2.1},
     1},
    {"negative",
     OP_SCATTER_ELEMENTS,
     2,
     {1, 5},
     1,
     2,
     {1, 2},
     0,
     {1, -3},
     {1, 2, 3, 4, 5},
     {1.1, 2.1},
     5},
    /* gather_nd: ONNX GatherND examples 1, 2, 5 (batch_dims = 1) */
    {"onnx1", OP_GATHER_ND, 2, {2, 2}, 0, 2, {2, 2}, 0, {0, 0, 1, 1}, {0, 1, 2, 3}, {0}, 0},
    {"onnx2", OP_GATHER_ND, 2, {2, 2}, 0, 2, {2, 1}, 0, {1, 0}, {0, 1, 2, 3}, {0}, 0},
    {"batch",
     OP_GATHER_ND,
     3,
     {2, 2, 2},
     0,
     2,
     {2, 1},
     1,
     {1, 0},
     {0, 1, 2, 3, 4, 5, 6, 7},
     {0},
     0},
    {"whole", OP_GATHER_ND, 2, {2, 3}, 0, 2, {2, 0}, 0, {0}, {1, 2, 3, 4, 5, 6}, {0}, 0},
    /* scatter_nd: ONNX ScatterND examples 1 and 2, with duplicates and add */
    {"onnx1",
     OP_SCATTER_ND,
     1,
     {7},
     0,
     2,
     {4, 1},
     0,
     {4, 3, 1, 6},
     {1, 2, 3, 4, 5, 6, 7},
     {9, 10, 11, 12},
     0},
    {"onnx2",
     OP_SCATTER_ND,
     3,
     {4, 2, 2},
     0,
     2,
     {2, 1},
     0,
     {0, 2},
     {1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1},
     {5, 5, 5, 5, 1, 1, 1, 1},
     0},
    {"add",
     OP_SCATTER_ND,
     2,
     {3, 2},
     0,
     2,
     {3, 2},
     0,
     {0, 0, 2, 1, 0, 0},
     {1, 2, 3, 4, 5, 6},
     {10, 20, 30},
     1},
    {"batch",
     OP_SCATTER_ND,
     3,
     {2, 2, 2},
     0,
     2,
     {2, 1},
     1,
     {1, -1},
     {0, 1, 2, 3, 4, 5, 6, 7},
     {9, 9, 8, 8},
     0},
};

static void emit(const example* e, const char* suffix, const variant* v) {
    seed s;
    encode(&s, e, v);
    char name[128];
    snprintf(name, sizeof name, "%s-%s", e->name, suffix);
    write_seed(op_name(e->op), name, &s);
}

static void operation_seeds(void) {
    for (size_t k = 0; k < sizeof examples / sizeof examples[0]; k++) {
        const example* e = &examples[k];
        bool scatter = op_is_scatter(e->op);
        variant base = {
            .dtype = TIX_DTYPE_FLOAT32, .itype = 3, .reduction = e->reduction, .perturbation = -1};
        char suffix[64];
        emit(e, "base", &base);

        variant v = base;
        for (int t = 1; t < TIX_DTYPE_COUNT; t++) {
            v = base;
            v.dtype = (tix_dtype)t;
            /* reductions the dtype lacks become UNSUPPORTED_REDUCTION seeds on their own */
            snprintf(suffix, sizeof suffix, "dtype%d", t);
            emit(e, suffix, &v);
        }
        for (int t = 0; t < 8; t++) {
            v = base;
            v.itype = t;
            snprintf(suffix, sizeof suffix, "itype-%d", (int)index_order[t]);
            emit(e, suffix, &v);
        }
        for (int n = 0; n < 2; n++) {
            for (int m = 0; m < 4; m++) {
                v = base;
                v.negative = n;
                v.out_of_range = m;
                snprintf(suffix, sizeof suffix, "rule-%d-%d", n, m);
                emit(e, suffix, &v);
            }
        }
        static const unsigned flag_sets[] = {4, 8, 12, 1, 2, 3, 64, 64 + 4};
        for (size_t f = 0; f < sizeof flag_sets / sizeof flag_sets[0]; f++) {
            v = base;
            v.flags = flag_sets[f];
            if ((v.flags & 64) != 0)
                v.out_of_range = 1; /* a fill for ignored indices */
            snprintf(suffix, sizeof suffix, "flags-%u", flag_sets[f]);
            emit(e, suffix, &v);
        }
        if (scatter) {
            for (int r = 0; r < 7; r++) {
                for (int x = 0; x < 2; x++) {
                    v = base;
                    v.reduction = r;
                    v.flags = x ? 32 : 0;
                    snprintf(suffix, sizeof suffix, "reduction-%d-%d", r, x);
                    emit(e, suffix, &v);
                }
            }
            v = base;
            v.flags = 16;
            emit(e, "in-place", &v);
            v.flags = 16 + 128;
            emit(e, "in-place-struct", &v);
        }
        static const unsigned layouts[] = {3, 4, 8, 0x10, 0x80};
        for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++) {
            for (int t = 0; t < 4; t++) {
                v = base;
                v.layout[t] = layouts[l];
                snprintf(suffix, sizeof suffix, "layout-%d-%02x", t, layouts[l]);
                emit(e, suffix, &v);
            }
        }
        for (int p = 0; p < 18; p++) {
            v = base;
            v.perturbation = p;
            v.target = (int)(k + (size_t)p) % 4;
            v.extra = p * 5;
            snprintf(suffix, sizeof suffix, "perturb-%d", p);
            emit(e, suffix, &v);
        }
    }
}

/* ---------------------------------------------------------------------------------------------
 * .npy seeds (the reader's own cases; tests/cli/data has more).
 */
static const char* target_npy = "npy";

static void npy(const char* name, int major, const char* dict, const void* data, size_t bytes) {
    seed s = {.size = 0};
    const char magic[] = "\x93NUMPY";
    for (int i = 0; i < 6; i++)
        put(&s, (unsigned char)magic[i]);
    put(&s, (unsigned)major);
    put(&s, 0);
    size_t preamble = major == 1 ? 10 : 12;
    size_t length = strlen(dict) + 1;
    size_t padded = (preamble + length + 63) / 64 * 64 - preamble;
    put_le(&s, padded, major == 1 ? 2 : 4);
    for (size_t i = 0; i < strlen(dict); i++)
        put(&s, (unsigned char)dict[i]);
    for (size_t i = length; i < padded; i++)
        put(&s, ' ');
    put(&s, '\n');
    for (size_t i = 0; i < bytes; i++)
        put(&s, ((const unsigned char*)data)[i]);
    write_seed(target_npy, name, &s);
}

static void npy_seeds(void) {
    const unsigned char bytes[64] = {1, 0, 0, 0, 2, 0, 0, 0, 3,   0,   0, 0,   4, 0, 0,    0,
                                     5, 0, 0, 0, 6, 0, 0, 0, 'a', 'b', 0, 'c', 0, 0, 0x80, 0x3f};
    npy("f4.npy", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", bytes, 24);
    npy("i4-fortran.npy", 1, "{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }", bytes,
        24);
    npy("i8-be.npy", 2, "{'descr': '>i8', 'fortran_order': False, 'shape': (3,), }", bytes, 24);
    npy("u1-v3.npy", 3, "{'descr': '|u1', 'fortran_order': False, 'shape': (4, 2), }", bytes, 8);
    npy("b1.npy", 1, "{'descr': '|b1', 'fortran_order': False, 'shape': (5,), }", bytes, 5);
    npy("f2.npy", 1, "{'descr': '<f2', 'fortran_order': False, 'shape': (2, 2), }", bytes, 8);
    npy("c8.npy", 1, "{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }", bytes, 24);
    npy("c16.npy", 1, "{'descr': '>c16', 'fortran_order': True, 'shape': (1, 1), }", bytes, 16);
    npy("S3.npy", 1, "{'descr': '|S3', 'fortran_order': False, 'shape': (2,), }", bytes + 24, 6);
    npy("S2-fortran.npy", 1, "{'descr': '|S2', 'fortran_order': True, 'shape': (2, 2), }",
        bytes + 24, 8);
    npy("scalar.npy", 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (), }", bytes, 8);
    npy("empty.npy", 1, "{'descr': '<u2', 'fortran_order': False, 'shape': (0, 3), }", bytes, 0);
    npy("keys.npy", 1, "{\"shape\": (2L,), \"fortran_order\": False, \"descr\": \"=u4\"}", bytes,
        8);
    npy("rank16.npy", 1,
        "{'descr': '<i2', 'fortran_order': False, "
        "'shape': (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2), }",
        bytes, 4);
}

/* ---------------------------------------------------------------------------------------------
 * ONNX seeds: hand-encoded protobuf (tests/data/onnx-node has the real files).
 */
static void pb_varint(seed* s, uint64_t v) {
    while (v >= 0x80) {
        put(s, (unsigned)(v & 0x7f) | 0x80u);
        v >>= 7;
    }
    put(s, (unsigned)v);
}

static void pb_key(seed* s, unsigned field, unsigned wire) {
    pb_varint(s, (uint64_t)field << 3 | wire);
}

static void pb_int(seed* s, unsigned field, uint64_t v) {
    pb_key(s, field, 0);
    pb_varint(s, v);
}

static void pb_bytes(seed* s, unsigned field, const void* bytes, size_t n) {
    pb_key(s, field, 2);
    pb_varint(s, n);
    for (size_t i = 0; i < n; i++)
        put(s, ((const unsigned char*)bytes)[i]);
}

static void pb_message(seed* s, unsigned field, const seed* m) {
    pb_bytes(s, field, m->bytes, m->size);
}

/* A TensorProto: dims, data_type, name, then `data` as field `field` (0: none). */
static void tensor(seed* s, const int64_t* dims, int rank, int dtype, unsigned field,
                   const void* data, size_t n) {
    s->size = 0;
    for (int d = 0; d < rank; d++)
        pb_int(s, 1, (uint64_t)dims[d]);
    pb_int(s, 2, (uint64_t)dtype);
    pb_bytes(s, 8, "t", 1);
    if (field != 0)
        pb_bytes(s, field, data, n);
}

static void onnx_seeds(void) {
    seed s;
    const int64_t two_three[2] = {2, 3};
    const unsigned char raw[48] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                   17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32,
                                   33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48};
    for (int dtype = 1; dtype < TIX_DTYPE_COUNT; dtype++) {
        if (dtype == TIX_DTYPE_STRING)
            continue;
        char name[32];
        snprintf(name, sizeof name, "raw-%d.pb", dtype);
        tensor(&s, two_three, 2, dtype, 9, raw, 6 * tix_dtype_size((tix_dtype)dtype));
        write_seed("onnx_tensor", name, &s);
    }
    const unsigned char varints[6] = {1, 2, 3, 4, 5, 6}; /* packed one-byte varints */
    tensor(&s, two_three, 2, TIX_DTYPE_INT32, 5, varints, 6);
    write_seed("onnx_tensor", "int32_data.pb", &s);
    tensor(&s, two_three, 2, TIX_DTYPE_INT64, 7, varints, 6);
    write_seed("onnx_tensor", "int64_data.pb", &s);
    tensor(&s, two_three, 2, TIX_DTYPE_UINT64, 11, varints, 6);
    write_seed("onnx_tensor", "uint64_data.pb", &s);
    tensor(&s, two_three, 2, TIX_DTYPE_FLOAT16, 5, varints, 6);
    write_seed("onnx_tensor", "float16_int32_data.pb", &s);
    tensor(&s, two_three, 2, TIX_DTYPE_FLOAT32, 4, raw, 24);
    write_seed("onnx_tensor", "float_data.pb", &s);
    tensor(&s, two_three, 2, TIX_DTYPE_COMPLEX128, 10, raw, 48);
    write_seed("onnx_tensor", "double_data.pb", &s);
    tensor(&s, two_three, 1, TIX_DTYPE_STRING, 0, NULL, 0);
    pb_bytes(&s, 6, "ab", 2);
    pb_bytes(&s, 6, "", 0);
    write_seed("onnx_tensor", "string_data.pb", &s);
    tensor(&s, NULL, 0, TIX_DTYPE_BOOL, 5, varints, 1);
    write_seed("onnx_tensor", "scalar.pb", &s);

    /* A model: ScatterElements with attributes of every kind, graph inputs, an initializer. */
    seed node = {.size = 0}, graph = {.size = 0}, model = {.size = 0}, a = {.size = 0};
    pb_bytes(&node, 1, "data", 4);
    pb_bytes(&node, 1, "", 0);
    pb_bytes(&node, 1, "updates", 7);
    pb_bytes(&node, 2, "y", 1);
    pb_bytes(&node, 3, "n", 1);
    pb_bytes(&node, 4, "ScatterElements", 15);
    pb_bytes(&a, 1, "axis", 4);
    pb_int(&a, 3, 1);
    pb_int(&a, 20, 2);
    pb_message(&node, 5, &a);
    a.size = 0;
    pb_bytes(&a, 1, "reduction", 9);
    pb_bytes(&a, 4, "add", 3);
    pb_int(&a, 20, 3);
    pb_message(&node, 5, &a);
    a.size = 0;
    pb_bytes(&a, 1, "ints", 4);
    pb_bytes(&a, 8, varints, 3);
    pb_int(&a, 20, 7);
    pb_message(&node, 5, &a);
    a.size = 0;
    pb_bytes(&a, 1, "value", 5);
    tensor(&s, two_three, 2, TIX_DTYPE_UINT8, 9, raw, 6);
    pb_message(&a, 5, &s);
    pb_int(&a, 20, 4);
    pb_message(&node, 5, &a);
    a.size = 0;
    pb_bytes(&a, 1, "f", 1);
    pb_key(&a, 2, 5);
    put_le(&a, 0x3f800000u, 4);
    pb_message(&node, 5, &a);
    pb_message(&graph, 1, &node);
    pb_bytes(&graph, 2, "g", 1);
    tensor(&s, two_three, 2, TIX_DTYPE_INT64, 7, varints, 6);
    pb_message(&graph, 5, &s);
    seed info = {.size = 0}, type = {.size = 0}, tt = {.size = 0}, shape = {.size = 0},
         dim = {.size = 0};
    pb_int(&dim, 1, 3);
    pb_message(&shape, 1, &dim);
    dim.size = 0;
    pb_bytes(&dim, 2, "N", 1);
    pb_message(&shape, 1, &dim);
    pb_int(&tt, 1, TIX_DTYPE_FLOAT32);
    pb_message(&tt, 2, &shape);
    pb_message(&type, 1, &tt);
    pb_bytes(&info, 1, "data", 4);
    pb_message(&info, 2, &type);
    pb_message(&graph, 11, &info);
    pb_message(&graph, 12, &info);
    pb_int(&model, 1, 8);
    pb_message(&model, 7, &graph);
    seed opset = {.size = 0};
    pb_bytes(&opset, 1, "", 0);
    pb_int(&opset, 2, 18);
    pb_message(&model, 8, &opset);
    write_seed("onnx_model", "attributes.onnx", &model);
}

/* ---------------------------------------------------------------------------------------------
 * The findings, each as the smallest input of its target that shows it (under ASan + UBSan).
 * An example and a variant as above, with raw layout bytes where the finding needs them.
 */
static void regression(const char* target, const char* name, const example* e, const variant* v) {
    seed s;
    encode(&s, e, v);
    write_seed(target, name, &s);
}

/* npy() of the reader seeds below, declared here for the regressions */
static void npy(const char* name, int major, const char* dict, const void* data, size_t bytes);

static void regression_seeds(void) {
    /* tools/tix/npy.c: the Fortran-order walk is set up for every file, multiplying the
     * dimensions in int64 before any zero among them: an empty (2^62, 4, 0) overflows. */
    npy("empty-shape-product-overflow.npy", 1,
        "{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904, 4, 0), }", "", 0);

    /* The stride of a size-1 dimension of indices is never used, yet multiplied by the element
     * size (index validation, which every scatter runs): scatter, indices int64 [1, 2] with
     * strides [-2^61, 1]. Layout 0x80 takes a byte per dimension: 243 is hostile_strides[3] =
     * -2^61, 5 a stride of 1. */
    const example scatter_1x2 = {"",     OP_SCATTER, 1,      {2},        0,        2,
                                 {1, 2}, 0,          {1, 0}, {1.5, 2.5}, {10, 20}, 0};
    variant v = {.dtype = TIX_DTYPE_FLOAT32, .itype = 3, .perturbation = -1};
    v.layout[1] = 0x80;
    v.stride_byte[1][0] = 243;
    regression("scatter", "size1-stride-times-element-size", &scatter_1x2, &v);

    /* The strides of an empty view are never used, yet multiplied by the element size (loop
     * building): scatter_elements with indices and updates [0, 2], strides [1, 2^62]
     * (244 = hostile_strides[4]). */
    const example elements_empty = {"",  OP_SCATTER_ELEMENTS, 2,   {2, 2}, 0, 2, {0, 2}, 0,
                                    {0}, {1, 2, 3, 4},        {0}, 0};
    v = (variant){.dtype = TIX_DTYPE_FLOAT32, .itype = 3, .perturbation = -1};
    v.layout[1] = v.layout[2] = 0x80;
    v.stride_byte[1][1] = v.stride_byte[2][1] = 244;
    regression("scatter_elements", "empty-view-stride-times-element-size", &elements_empty, &v);

    /* The same through gather_nd: indices [2, 0] (tuples of no component: no index at all) with
     * strides [2^62, 1]; the output [2, 3] is walked along the indices' first dimension. */
    const example nd_empty = {"", OP_GATHER_ND, 1, {3}, 0, 2, {2, 0}, 0, {0}, {1, 2, 3}, {0}, 0};
    v = (variant){.dtype = TIX_DTYPE_FLOAT32, .itype = 3, .perturbation = -1};
    v.layout[1] = 0x80;
    v.stride_byte[1][0] = 244;
    regression("gather_nd", "empty-view-stride-times-element-size", &nd_empty, &v);

    /* An index along a huge dimension of empty data, times the dimension's stride: gather_nd,
     * data [2^62, 0] (empty, so its strides are never checked), tuple (2^62 - 1, 0). The first
     * component resolves, its byte offset overflows; the second addresses an empty axis. */
    const example nd_huge = {
        "",  OP_GATHER_ND, 2, {(int64_t)1 << 62, 0}, 0, 1, {2}, 0, {((int64_t)1 << 62) - 1, 0},
        {0}, {0},          0};
    v = (variant){.dtype = TIX_DTYPE_FLOAT32, .itype = 3, .perturbation = -1};
    regression("gather_nd", "empty-data-index-times-stride", &nd_huge, &v);

    /* The dense strides of an empty shape, times the element size: a mean scatter keeps counts
     * shaped as its output, here [2, 0, 2^62] (empty: nothing to count); their stride along
     * dimension 0 is 2^62 elements of 8 bytes. */
    const example mean_empty = {"",  OP_SCATTER, 3, {2, 0, (int64_t)1 << 62}, 0, 1, {1}, 0, {0},
                                {0}, {0},        6};
    v = (variant){.dtype = TIX_DTYPE_FLOAT32, .itype = 3, .reduction = 6, .perturbation = -1};
    v.layout[0] = v.layout[2] = v.layout[3] = 0x80; /* every stride of the views 1 */
    regression("scatter", "mean-counts-dense-strides", &mean_empty, &v);

    /* NULL + 0: data [0] with a NULL pointer (layout 0x40), a scalar int8 index, out_of_range
     * ignore; the output, one element, gets the fill value. */
    const example null_empty = {"", OP_GATHER, 1, {0}, 0, 0, {0}, 0, {0}, {0}, {0}, 0};
    v = (variant){.dtype = TIX_DTYPE_FLOAT32, .itype = 0, .out_of_range = 1, .perturbation = -1};
    v.layout[0] = 0x40;
    regression("gather", "null-empty-data-plus-zero", &null_empty, &v);

    /* The shape call of a scatter on data [0, 2^62, 4] (empty, valid) leaves dimension 0 of its
     * result unwritten: the dense strides of that shape overflow int64, tix_tensor_init stops,
     * and the call returns OK all the same. */
    const example scatter_rows = {"",  OP_SCATTER, 3, {0, (int64_t)1 << 62, 4}, 0, 1, {0}, 0, {0},
                                  {0}, {0},        0};
    v = (variant){.dtype = TIX_DTYPE_FLOAT32, .itype = 3, .perturbation = -1};
    regression("scatter", "shape-result-partly-written", &scatter_rows, &v);
}

int main(int argc, char** argv) {
    if (argc == 3 && strcmp(argv[1], "--regressions") == 0) {
        out_dir = argv[2];
        make_dir(out_dir);
        regression_seeds();
        printf("make_corpus: %u regression inputs written under %s\n", written, out_dir);
        return 0;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR | --regressions DIR\n", argv[0]);
        return 2;
    }
    out_dir = argv[1];
    make_dir(out_dir);
    operation_seeds();
    npy_seeds();
    onnx_seeds();
    printf("make_corpus: %u seeds written under %s\n", written, out_dir);
    return 0;
}
