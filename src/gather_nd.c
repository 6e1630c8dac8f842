/* The gather/scatter pair of slices addressed by index tuples: shape rule and loop map.
 *   k = indices.shape[-1]; gathered shape = indices.shape[:-1] + data.shape[batch_dims+k:] */
#include "internal.h"

static tix_status plan_nd(const tix__call* call, int64_t axis, int64_t batch_arg,
                          tix__plan* plan) {
    (void)axis;
    const tix_tensor *data = call->data, *indices = call->indices;
    int32_t r = data->rank, q = indices->rank;
    if (q < 1) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_RANK, "indices", -1, -1, q,
                         "indices: %s needs rank >= 1 (the last dimension holds the tuples)",
                         call->op);
    }
    if (batch_arg < -(int64_t)q || batch_arg >= q || (batch_arg >= 0 ? batch_arg : batch_arg + q) >= r) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims", -1, -1,
                         batch_arg,
                         "batch_dims: %lld is outside [%d, %d] for indices of rank %d and data of "
                         "rank %d",
                         (long long)batch_arg, -(int)q, (int)(q < r ? q : r) - 1, (int)q, (int)r);
    }
    int32_t b = (int32_t)(batch_arg < 0 ? batch_arg + q : batch_arg);
    int64_t k = indices->shape[q - 1];
    if (k > r - b) {
        return tix__fail(call->diag, TIX_STATUS_SHAPE_MISMATCH, "indices", q - 1, -1, k,
                         "indices: tuples of %lld components (the last dimension) exceed data's "
                         "rank %d minus batch_dims %d",
                         (long long)k, (int)r, (int)b);
    }
    for (int32_t d = 0; d < b; d++) {
        if (indices->shape[d] != data->shape[d]) {
            return tix__fail(call->diag, TIX_STATUS_SHAPE_MISMATCH, "indices", d, -1,
                             indices->shape[d],
                             "indices: batch dimension %d has size %lld but data's has %lld",
                             (int)d, (long long)indices->shape[d], (long long)data->shape[d]);
        }
    }
    int32_t slice = r - b - (int32_t)k, rank = q - 1 + slice;
    if (rank > TIX_MAX_RANK) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_RANK, "indices", -1, -1, rank,
                         "indices: the result would have rank %d, above %d", (int)rank,
                         TIX_MAX_RANK);
    }
    tix__map* map = &plan->map;
    *map = (tix__map){.rank = rank, .components = (int32_t)k, .tuple_dim = q - 1};
    plan->rank = rank;
    for (int32_t t = 0; t < k; t++) map->component_dim[t] = b + t;
    for (int32_t d = 0; d < q - 1; d++) { /* tuple positions, the first b batched */
        plan->shape[d] = indices->shape[d];
        map->indexed_dim[d] = d < b ? d : -1;
        map->indices_dim[d] = d;
    }
    for (int32_t j = 0; j < slice; j++) { /* the slice each tuple addresses */
        int32_t d = q - 1 + j, e = b + (int32_t)k + j;
        plan->shape[d] = data->shape[e];
        map->indexed_dim[d] = e;
        map->indices_dim[d] = -1;
    }
    return TIX_STATUS_OK;
}

tix_status tix_gather_nd_shape(const tix_tensor* data, const tix_tensor* indices,
                               int64_t batch_dims, tix_tensor* output,
                               const tix_options* options) {
    return tix__gather_entry(&(tix__request){"gather_nd", plan_nd, data, indices, NULL, 0,
                                             batch_dims, NULL, output, options});
}

tix_status tix_gather_nd(const tix_tensor* data, const tix_tensor* indices, int64_t batch_dims,
                         const tix_tensor* output, const tix_options* options) {
    return tix__gather_entry(&(tix__request){"gather_nd", plan_nd, data, indices, NULL, 0,
                                             batch_dims, output, NULL, options});
}

tix_status tix_scatter_nd_shape(const tix_tensor* data, const tix_tensor* indices,
                                const tix_tensor* updates, int64_t batch_dims,
                                tix_tensor* output, const tix_options* options) {
    return tix__scatter_entry(&(tix__request){"scatter_nd", plan_nd, data, indices, updates, 0,
                                              batch_dims, NULL, output, options});
}

tix_status tix_scatter_nd(const tix_tensor* data, const tix_tensor* indices,
                          const tix_tensor* updates, int64_t batch_dims,
                          const tix_tensor* output, const tix_options* options) {
    return tix__scatter_entry(&(tix__request){"scatter_nd", plan_nd, data, indices, updates, 0,
                                              batch_dims, output, NULL, options});
}
