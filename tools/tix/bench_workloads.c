/* tix bench: the ten workloads of WORKLOADS.md. float32 data in [1, 2), int64 indices drawn
 * uniformly (or without replacement where the workload says "distinct") from splitmix64 with a
 * fixed seed per workload, so every run and every subset of workloads sees the same inputs. */
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "bench_workloads.h"

const bench_spec bench_specs[BENCH_WORKLOAD_COUNT] = {
    {"gather_rows", 1.76, 1.3},
    {"gather_rows_small", 2.47, 1.3},
    {"gather_mid_axis", 1.80, 1.3},
    {"gather_last_axis", 2.41, 1.6},
    {"gather_elements_last", 1.64, 1.3},
    {"gather_elements_first", 6.74, 1.3},
    {"scatter_elements_unique", 0.93, 1.3},
    {"scatter_elements_add_dup", 3.61, 1.3},
    {"scatter_nd_rows", 1.56, 1.3},
    {"gather_nd_pairs", 7.29, 1.3},
};

/* ---- deterministic random numbers: splitmix64 ------------------------------------------- */

typedef struct rng {
    uint64_t state;
} rng;

static uint64_t rng_next(rng* r) {
    uint64_t z = (r->state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Uniform in [0, n) for 0 < n < 2^32 (multiply-shift on the top 32 bits). */
static int64_t rng_below(rng* r, int64_t n) {
    return (int64_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* ---- tensors ---------------------------------------------------------------------------- */

static bool huge_pages; /* bench_use_huge_pages */

bool bench_use_huge_pages(bool on) {
#ifdef MADV_HUGEPAGE
    huge_pages = on;
    return true;
#else
    return !on;
#endif
}

void* bench_alloc(size_t bytes) {
    size_t alignment = huge_pages && bytes >= BENCH_HUGE_MIN ? BENCH_HUGE_PAGE : BENCH_ALIGNMENT;
    if (bytes > SIZE_MAX - alignment) return NULL;
    size_t rounded = (bytes + alignment - 1) / alignment * alignment;
    void* memory = aligned_alloc(alignment, rounded > 0 ? rounded : alignment);
#ifdef MADV_HUGEPAGE
    /* (before the first touch, which would map small pages; an advice the kernel may decline) */
    if (memory != NULL && alignment == BENCH_HUGE_PAGE)
        (void)madvise(memory, rounded, MADV_HUGEPAGE);
#endif
    /* Nonzero: a compiler may turn malloc + memset to zero into calloc, which touches nothing. */
    if (memory != NULL) memset(memory, 0x3c, bytes);
    return memory;
}

/* A dense tensor of `rank` dimensions (the first `rank` of d0, d1, d2) in fresh, touched memory. */
static bool alloc_tensor(tix_tensor* t, tix_dtype dtype, int32_t rank, int64_t d0, int64_t d1,
                         int64_t d2) {
    const int64_t shape[3] = {d0, d1, d2};
    if (tix_tensor_init(t, NULL, dtype, rank, shape) != TIX_STATUS_OK) return false;
    t->data = bench_alloc((size_t)tix_tensor_count(t) * tix_dtype_size(dtype));
    return t->data != NULL;
}

/* A dense tensor of the same dtype and shape as `like` in fresh, touched memory. */
static bool alloc_like(tix_tensor* t, const tix_tensor* like) {
    if (tix_tensor_init(t, NULL, like->dtype, like->rank, like->shape) != TIX_STATUS_OK) {
        return false;
    }
    t->data = bench_alloc((size_t)tix_tensor_count(t) * tix_dtype_size(t->dtype));
    return t->data != NULL;
}

/* float32 values in [1, 2): no zeros, denormals or NaN to disturb the timing of a sum. */
static void fill_floats(tix_tensor* t, rng* r) {
    float* v = t->data;
    for (int64_t i = 0, n = tix_tensor_count(t); i < n; i++) {
        v[i] = 1.0f + (float)(rng_next(r) >> 41) * 0x1p-23f;
    }
}

/* int64 indices uniform in [0, n). */
static void fill_uniform(tix_tensor* t, rng* r, int64_t n) {
    int64_t* v = t->data;
    for (int64_t i = 0, m = tix_tensor_count(t); i < m; i++) v[i] = rng_below(r, n);
}

/* int64 indices in [0, n), distinct within each run of `row` consecutive elements: a partial
 * Fisher-Yates shuffle per row. The pool stays a permutation of [0, n) between rows, and any
 * fixed starting permutation gives a uniform sample, so it is not reset. */
static bool fill_distinct(tix_tensor* t, rng* r, int64_t n, int64_t row) {
    int64_t* pool = malloc((size_t)n * sizeof *pool);
    if (pool == NULL) return false;
    for (int64_t i = 0; i < n; i++) pool[i] = i;
    int64_t* v = t->data;
    for (int64_t start = 0, m = tix_tensor_count(t); start < m; start += row) {
        for (int64_t i = 0; i < row; i++) {
            int64_t j = i + rng_below(r, n - i), chosen = pool[j];
            pool[j] = pool[i];
            pool[i] = chosen;
            v[start + i] = chosen;
        }
    }
    free(pool);
    return true;
}

/* ---- the ten workloads ------------------------------------------------------------------ */

/* The element of data that position p of a scatter_elements' indices addresses (rank 1 or 2). */
static int64_t element_target(const bench_case* c, int64_t p) {
    int64_t i = ((const int64_t*)c->indices.data)[p];
    if (c->data.rank == 1) return i;
    int64_t columns = c->indices.shape[1], width = c->data.shape[1];
    return c->axis == 0 ? i * width + p % columns : (p / columns) * width + i;
}

/* Output elements that a scatter writes at least once (for the in-place effective bytes). */
static bool count_addressed(const bench_case* c, int64_t* addressed) {
    int64_t n = tix_tensor_count(&c->data);
    unsigned char* seen = calloc((size_t)n, 1);
    if (seen == NULL) return false;
    const int64_t* idx = c->indices.data;
    int64_t total = 0, tuples = tix_tensor_count(&c->indices), slice = 1;
    if (c->op == BENCH_SCATTER_ND) slice = c->data.shape[1]; /* [N, width] with 1-tuples */
    for (int64_t p = 0; p < tuples; p++) {
        int64_t target = c->op == BENCH_SCATTER_ND ? idx[p] : element_target(c, p);
        if (!seen[target]) total += slice;
        seen[target] = 1;
    }
    free(seen);
    *addressed = total;
    return true;
}

bool bench_case_setup(bench_case* c, size_t which, bool quick) {
    memset(c, 0, sizeof *c);
    c->spec = &bench_specs[which];
    rng r = {UINT64_C(0x7469782d62656e63) + (uint64_t)which}; /* "tix-benc" */
    const int64_t q = quick ? 8 : 1;
    const tix_dtype f32 = TIX_DTYPE_FLOAT32, i64 = TIX_DTYPE_INT64;
    tix_tensor* d = &c->data;
    tix_tensor* x = &c->indices;
    tix_tensor* u = &c->updates;
    bool ok = true;
    switch (which) {
    case 0: /* gather_rows: [100000, 256], 100000 rows */
        c->op = BENCH_GATHER;
        ok = alloc_tensor(d, f32, 2, 100000 / q, 256, 0) &&
             alloc_tensor(x, i64, 1, 100000 / q, 0, 0);
        if (ok) fill_uniform(x, &r, 100000 / q);
        break;
    case 1: /* gather_rows_small: [1000000, 4], 1000000 rows */
        c->op = BENCH_GATHER;
        ok = alloc_tensor(d, f32, 2, 1000000 / q, 4, 0) &&
             alloc_tensor(x, i64, 1, 1000000 / q, 0, 0);
        if (ok) fill_uniform(x, &r, 1000000 / q);
        break;
    case 2: /* gather_mid_axis: [128, 2048, 32], 1024 indices on axis 1 */
        c->op = BENCH_GATHER;
        c->axis = 1;
        ok = alloc_tensor(d, f32, 3, 128 / q, 2048, 32) && alloc_tensor(x, i64, 1, 1024 / q, 0, 0);
        if (ok) fill_uniform(x, &r, 2048);
        break;
    case 3: /* gather_last_axis: [4096, 1024], 512 indices on axis 1 */
        c->op = BENCH_GATHER;
        c->axis = 1;
        ok = alloc_tensor(d, f32, 2, 4096 / q, 1024, 0) && alloc_tensor(x, i64, 1, 512 / q, 0, 0);
        if (ok) fill_uniform(x, &r, 1024);
        break;
    case 4: /* gather_elements_last: [4096, 1024], indices [4096, 1024] in [0, 1024), axis 1 */
        c->op = BENCH_GATHER_ELEMENTS;
        c->axis = 1;
        ok = alloc_tensor(d, f32, 2, 4096 / q, 1024, 0) &&
             alloc_tensor(x, i64, 2, 4096 / q, 1024, 0);
        if (ok) fill_uniform(x, &r, 1024);
        break;
    case 5: /* gather_elements_first: [1024, 4096], indices [1024, 4096] in [0, 1024), axis 0 */
        c->op = BENCH_GATHER_ELEMENTS;
        c->axis = 0;
        ok = alloc_tensor(d, f32, 2, 1024, 4096 / q, 0) &&
             alloc_tensor(x, i64, 2, 1024, 4096 / q, 0);
        if (ok) fill_uniform(x, &r, 1024);
        break;
    case 6: /* scatter_elements_unique: [4096, 1024], indices [4096, 256] distinct per row */
        c->op = BENCH_SCATTER_ELEMENTS;
        c->axis = 1;
        ok = alloc_tensor(d, f32, 2, 4096 / q, 1024, 0) &&
             alloc_tensor(x, i64, 2, 4096 / q, 256, 0) &&
             alloc_tensor(u, f32, 2, 4096 / q, 256, 0) && fill_distinct(x, &r, 1024, 256);
        break;
    case 7: /* scatter_elements_add_dup: [65536], 8000000 indices, reduction add */
        c->op = BENCH_SCATTER_ELEMENTS;
        c->reduction = TIX_REDUCTION_ADD;
        ok = alloc_tensor(d, f32, 1, 65536, 0, 0) && alloc_tensor(x, i64, 1, 8000000 / q, 0, 0) &&
             alloc_tensor(u, f32, 1, 8000000 / q, 0, 0);
        if (ok) fill_uniform(x, &r, 65536);
        break;
    case 8: /* scatter_nd_rows: [100000, 256], 50000 distinct rows */
        c->op = BENCH_SCATTER_ND;
        ok = alloc_tensor(d, f32, 2, 100000 / q, 256, 0) &&
             alloc_tensor(x, i64, 2, 50000 / q, 1, 0) &&
             alloc_tensor(u, f32, 2, 50000 / q, 256, 0) &&
             fill_distinct(x, &r, 100000 / q, 50000 / q);
        break;
    default: { /* gather_nd_pairs: [1000, 1000, 16], 500000 pairs (quick: [250, 250, 16]) */
        c->op = BENCH_GATHER_ND;
        int64_t side = quick ? 250 : 1000;
        ok = alloc_tensor(d, f32, 3, side, side, 16) && alloc_tensor(x, i64, 2, 500000 / q, 2, 0);
        if (ok) fill_uniform(x, &r, side);
        break;
    }
    }
    c->scatter = c->op == BENCH_SCATTER_ELEMENTS || c->op == BENCH_SCATTER_ND;
    c->options.reduction = c->reduction;
    if (ok) {
        fill_floats(d, &r);
        if (c->scatter) fill_floats(u, &r);
        tix_tensor shape;
        tix_status s = c->op == BENCH_GATHER
                           ? tix_gather_shape(d, x, c->axis, 0, &shape, NULL)
                       : c->op == BENCH_GATHER_ELEMENTS
                           ? tix_gather_elements_shape(d, x, c->axis, &shape, NULL)
                       : c->op == BENCH_GATHER_ND ? tix_gather_nd_shape(d, x, 0, &shape, NULL)
                                                  : TIX_STATUS_OK;
        ok = s == TIX_STATUS_OK && alloc_like(&c->output, c->scatter ? d : &shape);
    }
    int64_t addressed = 0;
    if (ok && c->scatter) ok = count_addressed(c, &addressed);
    if (!ok) {
        bench_case_free(c);
        return false;
    }
    /* Effective bytes (WORKLOADS.md): indices read + data read + updates read + bytes written;
     * a gather reads as many data bytes as it writes; a scatter reads all of data (the copy)
     * and writes all of the output. In place there is no copy: the bytes written are the
     * elements the updates address. */
    double element = 4.0, index = 8.0;
    double indices_bytes = index * (double)tix_tensor_count(x);
    double output_bytes = element * (double)tix_tensor_count(&c->output);
    if (c->scatter) {
        double updates_bytes = element * (double)tix_tensor_count(u);
        c->bytes = indices_bytes + element * (double)tix_tensor_count(d) + updates_bytes +
                   output_bytes;
        c->in_place_bytes = indices_bytes + updates_bytes + element * (double)addressed;
    } else {
        c->bytes = indices_bytes + 2.0 * output_bytes;
    }
    return true;
}

void bench_case_free(bench_case* c) {
    free(c->data.data);
    free(c->indices.data);
    free(c->updates.data);
    free(c->output.data);
    memset(c, 0, sizeof *c);
}

tix_status bench_case_run(bench_case* c, bool in_place) {
    const tix_tensor* out = in_place ? &c->data : &c->output;
    const tix_options* o = &c->options;
    switch (c->op) {
    case BENCH_GATHER:
        return tix_gather(&c->data, &c->indices, c->axis, 0, out, o);
    case BENCH_GATHER_ELEMENTS:
        return tix_gather_elements(&c->data, &c->indices, c->axis, out, o);
    case BENCH_GATHER_ND:
        return tix_gather_nd(&c->data, &c->indices, 0, out, o);
    case BENCH_SCATTER_ELEMENTS:
        return tix_scatter_elements(&c->data, &c->indices, &c->updates, c->axis, out, o);
    case BENCH_SCATTER_ND:
        return tix_scatter_nd(&c->data, &c->indices, &c->updates, 0, out, o);
    }
    return TIX_STATUS_INVALID_OPTION;
}

/* ---- the check -------------------------------------------------------------------------- */

/* The expected output, computed serially in the simplest way. */
static void reference(const bench_case* c, float* expected) {
    const float* data = c->data.data;
    const float* updates = c->updates.data;
    const int64_t* idx = c->indices.data;
    const int64_t* ds = c->data.shape;
    int64_t m = tix_tensor_count(&c->indices);
    switch (c->op) {
    case BENCH_GATHER: { /* data as [outer, n, inner], output as [outer, m, inner] */
        int64_t outer = 1, inner = 1, n = ds[c->axis];
        for (int32_t i = 0; i < c->axis; i++) outer *= ds[i];
        for (int32_t i = (int32_t)c->axis + 1; i < c->data.rank; i++) inner *= ds[i];
        for (int64_t o = 0; o < outer; o++) {
            for (int64_t j = 0; j < m; j++) {
                for (int64_t e = 0; e < inner; e++) {
                    expected[(o * m + j) * inner + e] = data[(o * n + idx[j]) * inner + e];
                }
            }
        }
        break;
    }
    case BENCH_GATHER_ELEMENTS: { /* rank 2 */
        int64_t columns = c->indices.shape[1], width = ds[1];
        for (int64_t p = 0; p < m; p++) {
            int64_t row = p / columns, column = p % columns;
            expected[p] = c->axis == 0 ? data[idx[p] * width + column] : data[row * width + idx[p]];
        }
        break;
    }
    case BENCH_GATHER_ND: { /* rank 3 data, pairs */
        int64_t tuples = m / 2, slice = ds[2];
        for (int64_t j = 0; j < tuples; j++) {
            const float* from = data + (idx[2 * j] * ds[1] + idx[2 * j + 1]) * slice;
            for (int64_t e = 0; e < slice; e++) expected[j * slice + e] = from[e];
        }
        break;
    }
    case BENCH_SCATTER_ELEMENTS:
        memcpy(expected, data, (size_t)tix_tensor_count(&c->data) * sizeof *expected);
        for (int64_t p = 0; p < m; p++) {
            float* target = &expected[element_target(c, p)];
            *target = c->reduction == TIX_REDUCTION_ADD ? *target + updates[p] : updates[p];
        }
        break;
    case BENCH_SCATTER_ND: { /* [N, width] with 1-tuples */
        int64_t width = ds[1];
        memcpy(expected, data, (size_t)tix_tensor_count(&c->data) * sizeof *expected);
        for (int64_t j = 0; j < m; j++) {
            memcpy(expected + idx[j] * width, updates + j * width,
                   (size_t)width * sizeof *expected);
        }
        break;
    }
    }
}

bool bench_case_check(const bench_case* c, char* why, size_t capacity) {
    int64_t n = tix_tensor_count(&c->output);
    float* expected = malloc((size_t)(n > 0 ? n : 1) * sizeof *expected);
    if (expected == NULL) {
        snprintf(why, capacity, "no memory for the reference result");
        return false;
    }
    reference(c, expected);
    const float* got = c->output.data;
    bool same = memcmp(expected, got, (size_t)n * sizeof *expected) == 0;
    if (!same) {
        int64_t p = 0;
        while (p < n && memcmp(&expected[p], &got[p], sizeof *got) == 0) p++;
        snprintf(why, capacity, "output element %lld is %.9g, the reference computes %.9g",
                 (long long)p, (double)got[p], (double)expected[p]);
    }
    free(expected);
    return same;
}
