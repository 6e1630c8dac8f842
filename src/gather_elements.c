/* The gather/scatter pair of one element per index along an axis: shape rule and loop map.
 *   gathered shape = indices.shape; indices.shape[d] <= data.shape[d] for d != axis */
#include "internal.h"

static tix_status plan_elements(const tix__call* call, int64_t axis_arg, int64_t batch_dims,
                                tix__plan* plan) {
    (void)batch_dims;
    const tix_tensor *data = call->data, *indices = call->indices;
    int32_t r = data->rank, axis;
    tix_status status = tix__check_axis(call, axis_arg, r, &axis);
    if (status != TIX_STATUS_OK) return status;
    if (indices->rank != r) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_RANK, "indices", -1, -1, indices->rank,
                         "indices: rank %d differs from data's rank %d", (int)indices->rank,
                         (int)r);
    }
    for (int32_t d = 0; d < r; d++) {
        if (d != axis && indices->shape[d] > data->shape[d]) {
            return tix__fail(call->diag, TIX_STATUS_SHAPE_MISMATCH, "indices", d, -1,
                             indices->shape[d],
                             "indices: dimension %d has size %lld, more than data's %lld "
                             "(allowed only on the axis, %d)",
                             (int)d, (long long)indices->shape[d], (long long)data->shape[d],
                             (int)axis);
        }
    }
    tix__map* map = &plan->map;
    *map = (tix__map){.rank = r, .components = 1, .component_dim = {axis}, .tuple_dim = -1};
    plan->rank = r;
    for (int32_t d = 0; d < r; d++) {
        plan->shape[d] = indices->shape[d];
        map->indexed_dim[d] = d == axis ? -1 : d;
        map->indices_dim[d] = d;
    }
    return TIX_STATUS_OK;
}

tix_status tix_gather_elements_shape(const tix_tensor* data, const tix_tensor* indices,
                                     int64_t axis, tix_tensor* output,
                                     const tix_options* options) {
    return tix__gather_entry(&(tix__request){"gather_elements", plan_elements, data, indices,
                                             NULL, axis, 0, NULL, output, options});
}

tix_status tix_gather_elements(const tix_tensor* data, const tix_tensor* indices, int64_t axis,
                               const tix_tensor* output, const tix_options* options) {
    return tix__gather_entry(&(tix__request){"gather_elements", plan_elements, data, indices,
                                             NULL, axis, 0, output, NULL, options});
}

tix_status tix_scatter_elements_shape(const tix_tensor* data, const tix_tensor* indices,
                                      const tix_tensor* updates, int64_t axis,
                                      tix_tensor* output, const tix_options* options) {
    return tix__scatter_entry(&(tix__request){"scatter_elements", plan_elements, data, indices,
                                              updates, axis, 0, NULL, output, options});
}

tix_status tix_scatter_elements(const tix_tensor* data, const tix_tensor* indices,
                                const tix_tensor* updates, int64_t axis,
                                const tix_tensor* output, const tix_options* options) {
    return tix__scatter_entry(&(tix__request){"scatter_elements", plan_elements, data, indices,
                                              updates, axis, 0, output, NULL, options});
}
