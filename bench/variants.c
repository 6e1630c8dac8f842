/* The variants of a workload's options (variants.h). */
#include "variants.h"

#include <stdlib.h>
#include <string.h>

/* `bytes` of fresh memory kept in the set, or NULL. */
static void* make(bench_variants* set, size_t bytes) {
    void* memory = set->made_count < BENCH_MAX_VARIANTS ? bench_alloc(bytes) : NULL;
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

static void add(bench_variants* set, const char* key, const char* name, tix_options options,
                tix_tensor indices) {
    set->variant[set->count++] = (bench_variant){key, name, options, indices};
}

bool bench_variants_make(bench_variants* set, const bench_case* c, const tix_options* own) {
    memset(set, 0, sizeof *set);
    add(set, "own", "its own options", *own, c->indices);
    add(set, "int32", "int32 indices", *own, narrowed(set, &c->indices));
    /* single indices along an axis (not the tuples of the nd operations): negative ones */
    if (c->op != BENCH_GATHER_ND && c->op != BENCH_SCATTER_ND) {
        int64_t size = c->data.shape[c->axis];
        tix_tensor one_in_64 = shifted(set, &c->indices, size, 64);
        add(set, "negative", "negative, wrapped", *own, shifted(set, &c->indices, size, 1));
        add(set, "negative-64", "1 in 64 negative, wrapped", *own, one_in_64);
        tix_options o = *own;
        o.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE;
        o.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
        add(set, "clamp-64", "1 in 64 out of range, clamped", o, one_in_64);
        o.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
        add(set, "ignore-8", "1 in 8 out of range, ignored", o,
            shifted(set, &c->indices, size, 8));
        add(set, "ignore-32", "1 in 32 out of range, ignored", o,
            shifted(set, &c->indices, size, 32));
        add(set, "ignore-64", "1 in 64 out of range, ignored", o, one_in_64);
        add(set, "ignore-1024", "1 in 1024 out of range, ignored", o,
            shifted(set, &c->indices, size, 1024));
    }
    if (c->scatter) {
        static const struct {
            const char *key, *name;
            tix_reduction reduction;
        } reductions[] = {{"add", "reduction add", TIX_REDUCTION_ADD},
                          {"mul", "reduction mul", TIX_REDUCTION_MUL},
                          {"max", "reduction max", TIX_REDUCTION_MAX},
                          {"mean", "reduction mean", TIX_REDUCTION_MEAN}};
        for (size_t k = 0; k < sizeof reductions / sizeof reductions[0]; k++) {
            tix_options o = *own;
            o.reduction = reductions[k].reduction;
            if (o.reduction != own->reduction)
                add(set, reductions[k].key, reductions[k].name, o, c->indices);
        }
        tix_options o = *own;
        o.reduction = own->reduction != TIX_REDUCTION_NONE ? own->reduction : TIX_REDUCTION_ADD;
        o.exclude_self = true;
        add(set, "exclude-self",
            o.reduction == own->reduction ? "exclude_self" : "reduction add, exclude_self", o,
            c->indices);
    }
    for (int k = 0; k < set->count; k++) {
        if (set->variant[k].indices.data == NULL) {
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

void bench_variants_free(bench_variants* set) {
    for (int k = 0; k < set->made_count; k++) free(set->made[k]);
    memset(set, 0, sizeof *set);
}
