/* From a map of loop dimensions onto tensor dimensions to byte strides per operand (build),
 * then merging dimensions so that most calls run as a few long rows (fold). */
#include "internal.h"

/* Bytes per step along dimension d of t; 0 where the step is never taken (size <= 1, or an
 * empty view, whose strides are not checked), so such a stride cannot overflow. */
static int64_t step(const tix_tensor* t, int32_t d) {
    if (t->shape[d] <= 1 || tix_tensor_count(t) == 0) return 0;
    return t->strides[d] * (int64_t)tix_dtype_size(t->dtype);
}

void tix__loop_build(tix__loop* loop, const tix__map* map, const tix__operands* operands) {
    const tix_tensor* direct = operands->direct;
    const tix_tensor* indexed = operands->indexed;
    const tix_tensor* counts = operands->counts;
    const tix_tensor* indices = operands->indices;
    *loop = (tix__loop){.rank = map->rank, .components = map->components};
    loop->base[TIX__DIRECT] = direct->data;
    loop->base[TIX__INDEXED] = indexed->data;
    loop->base[TIX__INDICES] = indices != NULL ? indices->data : NULL;
    loop->base[TIX__COUNTS] = counts != NULL ? counts->data : NULL;
    for (int32_t d = 0; d < map->rank; d++) {
        loop->shape[d] = direct->shape[d];
        loop->stride[TIX__DIRECT][d] = step(direct, d);
        int32_t dim = map->indexed_dim[d];
        if (dim >= 0) {
            loop->stride[TIX__INDEXED][d] = step(indexed, dim);
            if (counts != NULL) loop->stride[TIX__COUNTS][d] = step(counts, dim);
        }
        if (map->indices_dim[d] >= 0) {
            loop->stride[TIX__INDICES][d] = step(indices, map->indices_dim[d]);
        }
    }
    if (map->tuple_dim >= 0) loop->component_stride = step(indices, map->tuple_dim);
    for (int32_t t = 0; t < map->components; t++) {
        int32_t dim = map->component_dim[t];
        loop->size[t] = indexed->shape[dim];
        loop->component_step[TIX__INDEXED][t] = step(indexed, dim);
    }
}

/* Whether dimension `inner` continues dimension `outer` in every operand. */
static bool mergeable(const tix__loop* loop, int32_t outer, int32_t inner) {
    int64_t n = loop->shape[inner];
    for (int o = 0; o < TIX__OPERANDS; o++) {
        int64_t s = loop->stride[o][inner];
        if (s != 0 && (s > INT64_MAX / n || s < -(INT64_MAX / n))) return false;
        if (loop->stride[o][outer] != s * n) return false;
    }
    return true;
}

void tix__loop_fold(tix__loop* loop) {
    /* Empty first: the other extents' product may exceed int64 when one of them is 0. */
    for (int32_t d = 0; d < loop->rank; d++) {
        if (loop->shape[d] == 0) { /* nothing to visit */
            loop->rank = 1;
            loop->shape[0] = 0;
            return;
        }
    }
    int32_t kept = 0;
    for (int32_t d = 0; d < loop->rank; d++) {
        if (loop->shape[d] == 1) continue;
        if (kept > 0 && mergeable(loop, kept - 1, d)) {
            loop->shape[kept - 1] *= loop->shape[d];
            for (int o = 0; o < TIX__OPERANDS; o++) loop->stride[o][kept - 1] = loop->stride[o][d];
            continue;
        }
        loop->shape[kept] = loop->shape[d];
        for (int o = 0; o < TIX__OPERANDS; o++) loop->stride[o][kept] = loop->stride[o][d];
        kept++;
    }
    if (kept == 0) { /* a single element */
        loop->shape[0] = 1;
        for (int o = 0; o < TIX__OPERANDS; o++) loop->stride[o][0] = 0;
        kept = 1;
    }
    loop->rank = kept;
}

int64_t tix__loop_rows(const tix__loop* loop) {
    int64_t rows = loop->shape[loop->rank - 1] == 0 ? 0 : 1;
    for (int32_t d = 0; d + 1 < loop->rank; d++) rows *= loop->shape[d];
    return rows;
}

void tix__loop_split(tix__loop* loop, int32_t d, int64_t parts) {
    for (int32_t e = loop->rank; e > d + 1; e--) { /* open a slot after d */
        loop->shape[e] = loop->shape[e - 1];
        for (int o = 0; o < TIX__OPERANDS; o++) loop->stride[o][e] = loop->stride[o][e - 1];
    }
    int64_t inner = loop->shape[d] / parts;
    loop->shape[d] = parts;
    loop->shape[d + 1] = inner;
    for (int o = 0; o < TIX__OPERANDS; o++) {
        loop->stride[o][d + 1] = loop->stride[o][d];
        loop->stride[o][d] *= inner;
    }
    loop->rank++;
}

void tix__loop_move(tix__loop* loop, int32_t from, int32_t to) {
    int64_t shape = loop->shape[from], stride[TIX__OPERANDS];
    for (int o = 0; o < TIX__OPERANDS; o++) stride[o] = loop->stride[o][from];
    int32_t step = from < to ? 1 : -1;
    for (int32_t e = from; e != to; e += step) {
        loop->shape[e] = loop->shape[e + step];
        for (int o = 0; o < TIX__OPERANDS; o++) loop->stride[o][e] = loop->stride[o][e + step];
    }
    loop->shape[to] = shape;
    for (int o = 0; o < TIX__OPERANDS; o++) loop->stride[o][to] = stride[o];
}
