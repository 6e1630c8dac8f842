/* The variants of a workload's options (variants.h). */
#include "variants.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* `bytes` of fresh memory kept in the set, or NULL. */
static void* make(bench_variants* set, size_t bytes) {
    void* memory = set->made_count < BENCH_MAX_MADE ? bench_alloc(bytes) : NULL;
    if (memory != NULL) set->made[set->made_count++] = memory;
    return memory;
}

/* The case's int64 indices as int32; data NULL when memory runs out. */
static tix_tensor narrowed(bench_variants* set, const tix_tensor* indices) {
    tix_tensor t = *indices;
    int64_t n = tix_tensor_count(indices);
    const int64_t* from = indices->data;
    int32_t* to = make(set, (size_t)n * sizeof *to);
    for (int64_t i = 0; to != NULL && i < n; i++) to[i] = (int32_t)from[i];
    t.data = to;
    t.dtype = TIX_DTYPE_INT32;
    return t;
}

/* The case's indices with one in `every` moved `by` down (negative, for by = the size). */
static tix_tensor shifted(bench_variants* set, const tix_tensor* indices, int64_t by,
                          int64_t every) {
    tix_tensor t = *indices;
    int64_t n = tix_tensor_count(indices);
    const int64_t* from = indices->data;
    int64_t* to = make(set, (size_t)n * sizeof *to);
    for (int64_t i = 0; to != NULL && i < n; i++) to[i] = from[i] - (i % every == 0 ? by : 0);
    t.data = to;
    return t;
}

/* A dense tensor of `dtype` shaped as `like`, in fresh memory, holding like's float32 values
 * (in [1, 2), as the cases fill them) in that dtype where `convert`: float16 and bfloat16 keep
 * their leading mantissa bits, int8 takes seven of them (0 to 127). data NULL when memory runs
 * out. */
static tix_tensor retyped(bench_variants* set, const tix_tensor* like, tix_dtype dtype,
                          bool convert) {
    tix_tensor t = *like; /* (dense: the strides, in elements, stay) */
    int64_t n = tix_tensor_count(like);
    size_t size = tix_dtype_size(dtype);
    char* to = make(set, (size_t)n * size);
    const float* from = like->data;
    for (int64_t i = 0; to != NULL && convert && i < n; i++) {
        uint32_t bits;
        memcpy(&bits, &from[i], sizeof bits);
        uint16_t half = (uint16_t)(0x3C00u | ((bits >> 13) & 0x3FFu));
        uint16_t brain = (uint16_t)(bits >> 16);
        int8_t small = (int8_t)((bits >> 16) & 0x7Fu);
        double wide = from[i];
        const void* value = dtype == TIX_DTYPE_FLOAT16    ? (const void*)&half
                            : dtype == TIX_DTYPE_BFLOAT16 ? (const void*)&brain
                            : dtype == TIX_DTYPE_INT8     ? (const void*)&small
                                                          : (const void*)&wide;
        memcpy(to + (size_t)i * size, value, size);
    }
    t.data = to;
    t.dtype = dtype;
    return t;
}

/* The reductions a scatter is timed under besides its own. */
static const struct {
    const char *key, *name, *float16_key, *float16_name;
    tix_reduction reduction;
} reductions[] = {
    {"add", "reduction add", "float16-add", "float16 data, reduction add", TIX_REDUCTION_ADD},
    {"mul", "reduction mul", "float16-mul", "float16 data, reduction mul", TIX_REDUCTION_MUL},
    {"max", "reduction max", "float16-max", "float16 data, reduction max", TIX_REDUCTION_MAX},
    {"mean", "reduction mean", "float16-mean", "float16 data, reduction mean",
     TIX_REDUCTION_MEAN},
};
enum { REDUCTIONS = sizeof reductions / sizeof reductions[0] };

/* A variant of the case's options and indices, on the case's other tensors. */
static bench_variant* add(bench_variants* set, const bench_case* c, const char* key,
                          const char* name, tix_options options, tix_tensor indices) {
    bench_variant* v = &set->variant[set->count++];
    *v = (bench_variant){key, name, options, indices, c->data, c->updates, c->output};
    return v;
}

bool bench_variants_make(bench_variants* set, const bench_case* c, const tix_options* own) {
    memset(set, 0, sizeof *set);
    add(set, c, "own", "its own options", *own, c->indices);
    add(set, c, "int32", "int32 indices", *own, narrowed(set, &c->indices));
    /* single indices along an axis (not the tuples of the nd operations): negative ones */
    if (c->op != BENCH_GATHER_ND && c->op != BENCH_SCATTER_ND) {
        int64_t size = c->data.shape[c->axis];
        tix_tensor one_in_64 = shifted(set, &c->indices, size, 64);
        add(set, c, "negative", "negative, wrapped", *own, shifted(set, &c->indices, size, 1));
        add(set, c, "negative-64", "1 in 64 negative, wrapped", *own, one_in_64);
        tix_options o = *own;
        o.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE;
        o.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
        add(set, c, "clamp-64", "1 in 64 out of range, clamped", o, one_in_64);
        o.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
        add(set, c, "ignore-8", "1 in 8 out of range, ignored", o,
            shifted(set, &c->indices, size, 8));
        add(set, c, "ignore-32", "1 in 32 out of range, ignored", o,
            shifted(set, &c->indices, size, 32));
        add(set, c, "ignore-64", "1 in 64 out of range, ignored", o, one_in_64);
        add(set, c, "ignore-1024", "1 in 1024 out of range, ignored", o,
            shifted(set, &c->indices, size, 1024));
    }
    if (c->scatter) {
        for (size_t k = 0; k < REDUCTIONS; k++) {
            tix_options o = *own;
            o.reduction = reductions[k].reduction;
            if (o.reduction != own->reduction)
                add(set, c, reductions[k].key, reductions[k].name, o, c->indices);
        }
        tix_options o = *own;
        o.reduction = own->reduction != TIX_REDUCTION_NONE ? own->reduction : TIX_REDUCTION_ADD;
        o.exclude_self = true;
        add(set, c, "exclude-self",
            o.reduction == own->reduction ? "exclude_self" : "reduction add, exclude_self", o,
            c->indices);
    }
    static const struct {
        const char *key, *name;
        tix_dtype dtype;
    } dtypes[] = {{"float16", "float16 data", TIX_DTYPE_FLOAT16},
                  {"bfloat16", "bfloat16 data", TIX_DTYPE_BFLOAT16},
                  {"int8", "int8 data", TIX_DTYPE_INT8},
                  {"float64", "float64 data", TIX_DTYPE_FLOAT64}};
    for (size_t k = 0; k < sizeof dtypes / sizeof dtypes[0]; k++) {
        bench_variant* v = add(set, c, dtypes[k].key, dtypes[k].name, *own, c->indices);
        v->data = retyped(set, &c->data, dtypes[k].dtype, true);
        if (c->scatter) v->updates = retyped(set, &c->updates, dtypes[k].dtype, true);
        v->output = retyped(set, &c->output, dtypes[k].dtype, false);
    }
    /* float16 under the other reductions, on float16's tensors (its arithmetic has copies of
     * its own per CPU: kernels/reduce.c) */
    const bench_variant* half = bench_variants_find(set, "float16");
    for (size_t k = 0; c->scatter && half != NULL && k < REDUCTIONS; k++) {
        tix_options o = *own;
        o.reduction = reductions[k].reduction;
        if (o.reduction == own->reduction) continue;
        bench_variant* v = add(set, c, reductions[k].float16_key, reductions[k].float16_name, o,
                               c->indices);
        v->data = half->data;
        v->updates = half->updates;
        v->output = half->output;
    }
    for (int k = 0; k < set->count; k++) {
        const bench_variant* v = &set->variant[k];
        if (v->indices.data == NULL || v->data.data == NULL || v->output.data == NULL ||
            (c->scatter && v->updates.data == NULL)) {
            bench_variants_free(set);
            return false;
        }
    }
    return true;
}

const bench_variant* bench_variants_find(const bench_variants* set, const char* key) {
    for (int k = 0; k < set->count; k++) {
        if (strcmp(set->variant[k].key, key) == 0) return &set->variant[k];
    }
    return NULL;
}

void bench_variant_apply(bench_case* c, const bench_variant* v) {
    c->options = v->options;
    c->indices = v->indices;
    c->data = v->data;
    c->updates = v->updates;
    c->output = v->output;
}

void bench_variants_free(bench_variants* set) {
    for (int k = 0; k < set->made_count; k++) free(set->made[k]);
    memset(set, 0, sizeof *set);
}
