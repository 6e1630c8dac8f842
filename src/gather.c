/* The gather/scatter pair along an axis, with batch_dims: its shape rule and loop map.
 *   gathered shape = data.shape[:axis] + indices.shape[batch_dims:] + data.shape[axis+1:] */
#include "internal.h"

static tix_status plan_axis(const tix__call* call, int64_t axis_arg, int64_t batch_arg,
                            tix__plan* plan) {
    const tix_tensor *data = call->data, *indices = call->indices;
    int32_t r = data->rank, q = indices->rank, axis;
    tix_status status = tix__check_axis(call, axis_arg, r, &axis);
    if (status != TIX_STATUS_OK) return status;
    if (batch_arg < -(int64_t)q || batch_arg > q) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims", -1, -1,
                         batch_arg, "batch_dims: %lld is outside [%d, %d] for indices of rank %d",
                         (long long)batch_arg, -(int)q, (int)q, (int)q);
    }
    int32_t b = (int32_t)(batch_arg < 0 ? batch_arg + q : batch_arg);
    if (b > axis) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims", -1, -1,
                         batch_arg, "batch_dims: %d (normalized) must not exceed axis %d",
                         (int)b, (int)axis);
    }
    for (int32_t d = 0; d < b; d++) {
        if (indices->shape[d] != data->shape[d]) {
            return tix__fail(call->diag, TIX_STATUS_SHAPE_MISMATCH, "indices", d, -1,
                             indices->shape[d],
                             "indices: batch dimension %d has size %lld but data's has %lld",
                             (int)d, (long long)indices->shape[d], (long long)data->shape[d]);
        }
    }
    int32_t rank = r - 1 + q - b;
    if (rank > TIX_MAX_RANK) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_RANK, "indices", -1, -1, rank,
                         "indices: the result would have rank %d, above %d", (int)rank,
                         TIX_MAX_RANK);
    }
    tix__map* map = &plan->map;
    *map = (tix__map){.rank = rank, .components = 1, .component_dim = {axis}, .tuple_dim = -1};
    plan->rank = rank;
    int32_t d = 0;
    for (int32_t e = 0; e < axis; e++, d++) { /* data's leading dimensions, the first b batched */
        plan->shape[d] = data->shape[e];
        map->indexed_dim[d] = e;
        map->indices_dim[d] = e < b ? e : -1;
    }
    for (int32_t j = b; j < q; j++, d++) { /* the index positions */
        plan->shape[d] = indices->shape[j];
        map->indexed_dim[d] = -1;
        map->indices_dim[d] = j;
    }
    for (int32_t e = axis + 1; e < r; e++, d++) { /* the slice after the axis */
        plan->shape[d] = data->shape[e];
        map->indexed_dim[d] = e;
        map->indices_dim[d] = -1;
    }
    return TIX_STATUS_OK;
}

tix_status tix_gather_shape(const tix_tensor* data, const tix_tensor* indices, int64_t axis,
                            int64_t batch_dims, tix_tensor* output, const tix_options* options) {
    return tix__gather_entry(&(tix__request){"gather", plan_axis, data, indices, NULL, axis,
                                             batch_dims, NULL, output, options});
}

tix_status tix_gather(const tix_tensor* data, const tix_tensor* indices, int64_t axis,
                      int64_t batch_dims, const tix_tensor* output, const tix_options* options) {
    return tix__gather_entry(&(tix__request){"gather", plan_axis, data, indices, NULL, axis,
                                             batch_dims, output, NULL, options});
}

tix_status tix_scatter_shape(const tix_tensor* data, const tix_tensor* indices,
                             const tix_tensor* updates, int64_t axis, int64_t batch_dims,
                             tix_tensor* output, const tix_options* options) {
    return tix__scatter_entry(&(tix__request){"scatter", plan_axis, data, indices, updates, axis,
                                              batch_dims, NULL, output, options});
}

tix_status tix_scatter(const tix_tensor* data, const tix_tensor* indices,
                       const tix_tensor* updates, int64_t axis, int64_t batch_dims,
                       const tix_tensor* output, const tix_options* options) {
    return tix__scatter_entry(&(tix__request){"scatter", plan_axis, data, indices, updates, axis,
                                              batch_dims, output, NULL, options});
}
