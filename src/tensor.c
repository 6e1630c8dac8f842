/* The tensor view helpers of the API. */
#include "internal.h"

tix_status tix_tensor_init(tix_tensor* tensor, void* data, tix_dtype dtype, int32_t rank,
                           const int64_t* shape) {
    if (tensor == NULL || (shape == NULL && rank > 0)) return TIX_STATUS_NULL_POINTER;
    if (rank < 0 || rank > TIX_MAX_RANK) return TIX_STATUS_INVALID_RANK;
    if (tix_dtype_size(dtype) == 0) return TIX_STATUS_INVALID_DTYPE;
    tensor->data = data;
    tensor->dtype = dtype;
    tensor->rank = rank;
    int64_t stride = 1; /* the product of the later dimensions, a zero counted as one */
    bool empty = false, overflow = false;
    for (int32_t d = rank - 1; d >= 0; d--) {
        if (shape[d] < 0) return TIX_STATUS_INVALID_SHAPE;
        empty = empty || shape[d] == 0;
    }
    for (int32_t d = rank - 1; d >= 0; d--) {
        tensor->shape[d] = shape[d];
        /* An empty tensor's strides are never used: past an overflow they are left 0. */
        tensor->strides[d] = overflow ? 0 : stride;
        if (shape[d] > 1 && !overflow) {
            overflow = stride > INT64_MAX / shape[d];
            if (!overflow) stride *= shape[d];
        }
    }
    for (int32_t d = rank; d < TIX_MAX_RANK; d++) {
        tensor->shape[d] = 1;
        tensor->strides[d] = 0;
    }
    return overflow && !empty ? TIX_STATUS_INVALID_SHAPE : TIX_STATUS_OK;
}

int64_t tix_tensor_count(const tix_tensor* tensor) {
    if (tensor == NULL || tensor->rank < 0 || tensor->rank > TIX_MAX_RANK) return -1;
    bool empty = false;
    for (int32_t d = 0; d < tensor->rank; d++) {
        if (tensor->shape[d] < 0) return -1;
        empty = empty || tensor->shape[d] == 0;
    }
    if (empty) return 0; /* whatever the other dimensions multiply to */
    int64_t count = 1;
    for (int32_t d = 0; d < tensor->rank; d++) {
        int64_t n = tensor->shape[d];
        /* (two factors below 2^31 cannot overflow: the division, the slow part, runs only
         * above; every call counts its views several times) */
        if ((count | n) > INT32_MAX && count > INT64_MAX / n) return -1;
        count *= n;
    }
    return count;
}
