/* The one path every public operation takes: check the call, apply the operation's shape rule,
 * then either describe the result (shape inference) or check memory and run. */
#include "internal.h"

static tix_status enter(const tix__request* request, bool scatter, tix__call* call,
                        tix__plan* plan) {
    *call = (tix__call){
        .op = request->op,
        .scatter = scatter,
        .data = request->data,
        .indices = request->indices,
        .updates = request->updates,
        .output = request->output,
    };
    if (request->options != NULL) call->options = *request->options;
    call->diag = call->options.diagnostic;
    tix_status status = tix__check_call(call);
    if (status != TIX_STATUS_OK) return status;
    if (request->result == NULL && request->output == NULL) {
        return tix__fail(call->diag, TIX_STATUS_NULL_POINTER, "output", -1, -1, 0,
                         "output: the tensor pointer is NULL");
    }
    return request->plan(call, request->axis, request->batch_dims, plan);
}

tix_status tix__gather_entry(const tix__request* request) {
    tix__call call;
    tix__plan plan;
    tix_status status = enter(request, false, &call, &plan);
    if (status != TIX_STATUS_OK) return status;
    tix_tensor result;
    if (tix_tensor_init(&result, NULL, request->data->dtype, plan.rank, plan.shape)) {
        char shape[TIX_MESSAGE_CAPACITY / 2];
        tix__format_shape(shape, sizeof shape, plan.rank, plan.shape);
        return tix__fail(call.diag, TIX_STATUS_INVALID_SHAPE, "output", -1, -1, 0,
                         "output: the element count of the result's shape %s overflows int64",
                         shape);
    }
    if (request->result != NULL) {
        *request->result = result;
        return TIX_STATUS_OK;
    }
    bool in_place;
    if ((status = tix__check_shape(&call, "output", request->output, plan.rank, plan.shape)) ||
        (status = tix__check_memory(&call, &in_place))) {
        return status;
    }
    return tix__run_gather(&call, &plan.map);
}

tix_status tix__scatter_entry(const tix__request* request) {
    tix__call call;
    tix__plan plan;
    tix_status status = enter(request, true, &call, &plan);
    if (status != TIX_STATUS_OK) return status;
    const tix_tensor* data = request->data;
    if ((status = tix__check_shape(&call, "updates", request->updates, plan.rank, plan.shape))) {
        return status;
    }
    if (request->result != NULL) { /* data's shape, checked: its dense view always exists */
        tix_status dense = tix_tensor_init(request->result, NULL, data->dtype, data->rank,
                                           data->shape);
        (void)dense;
        return TIX_STATUS_OK;
    }
    bool in_place;
    if ((status = tix__check_shape(&call, "output", request->output, data->rank, data->shape)) ||
        (status = tix__check_memory(&call, &in_place))) {
        return status;
    }
    return tix__run_scatter(&call, &plan.map, in_place);
}
