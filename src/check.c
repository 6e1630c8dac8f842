/* Argument checks shared by the six operations: options, each view on its own, dtypes, the
 * reduction, and (at execution) memory: data pointers and overlap between the output and the
 * inputs. Shape rules that differ per operation live in the entry files. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* Largest |offset| in elements that a view may reach, so byte offsets always fit int64. */
static int64_t max_offset(size_t element_size) {
    return INT64_MAX / (int64_t)element_size;
}

static tix_status check_view(const tix__call* call, const char* name, const tix_tensor* t) {
    if (t == NULL) {
        return tix__fail(call->diag, TIX_STATUS_NULL_POINTER, name, -1, -1, 0,
                         "%s: the tensor pointer is NULL", name);
    }
    if (t->rank < 0 || t->rank > TIX_MAX_RANK) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_RANK, name, -1, -1, t->rank,
                         "%s: rank %d is outside [0, %d]", name, (int)t->rank, TIX_MAX_RANK);
    }
    size_t element_size = tix_dtype_size(t->dtype);
    if (element_size == 0) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_DTYPE, name, -1, -1, (int64_t)t->dtype,
                         "%s: dtype %d is not a tix dtype", name, (int)t->dtype);
    }
    for (int32_t d = 0; d < t->rank; d++) {
        if (t->shape[d] < 0) {
            return tix__fail(call->diag, TIX_STATUS_INVALID_SHAPE, name, d, -1, t->shape[d],
                             "%s: dimension %d has negative size %lld", name, (int)d,
                             (long long)t->shape[d]);
        }
    }
    int64_t count = tix_tensor_count(t);
    if (count < 0) {
        char shape[TIX_MESSAGE_CAPACITY / 2];
        tix__format_shape(shape, sizeof shape, t->rank, t->shape);
        return tix__fail(call->diag, TIX_STATUS_INVALID_SHAPE, name, -1, -1, 0,
                         "%s: the element count of shape %s overflows int64", name, shape);
    }
    if (count == 0) return TIX_STATUS_OK; /* strides never used */
    /* The farthest element must be addressable in bytes with int64 arithmetic. */
    int64_t limit = max_offset(element_size), reach = 0;
    for (int32_t d = 0; d < t->rank; d++) {
        int64_t stride = t->strides[d], steps = t->shape[d] - 1;
        if (steps == 0) continue;
        if (stride == INT64_MIN || (stride < 0 ? -stride : stride) > (limit - reach) / steps) {
            return tix__fail(call->diag, TIX_STATUS_INVALID_STRIDES, name, d, -1, stride,
                             "%s: stride %lld of dimension %d reaches an offset beyond %lld "
                             "elements",
                             name, (long long)stride, (int)d, (long long)limit);
        }
        reach += (stride < 0 ? -stride : stride) * steps;
    }
    return TIX_STATUS_OK;
}

static tix_status check_options(const tix__call* call, bool scatter) {
    const tix_options* o = &call->options;
    if ((unsigned)o->negative_indices > TIX_NEGATIVE_OUT_OF_RANGE) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_OPTION, "options", -1, -1,
                         (int64_t)o->negative_indices, "options: negative_indices = %d is not a "
                         "tix_negative_indices value", (int)o->negative_indices);
    }
    if ((unsigned)o->out_of_range > TIX_OUT_OF_RANGE_WRAP) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_OPTION, "options", -1, -1,
                         (int64_t)o->out_of_range,
                         "options: out_of_range = %d is not a tix_out_of_range value",
                         (int)o->out_of_range);
    }
    if ((unsigned)o->reduction > TIX_REDUCTION_MEAN) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_OPTION, "options", -1, -1,
                         (int64_t)o->reduction,
                         "options: reduction = %d is not a tix_reduction value",
                         (int)o->reduction);
    }
    if ((unsigned)o->accumulation > TIX_ACCUMULATE_CHUNKED) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_OPTION, "options", -1, -1,
                         (int64_t)o->accumulation,
                         "options: accumulation = %d is not a tix_accumulation value",
                         (int)o->accumulation);
    }
    if (!scatter && o->reduction != TIX_REDUCTION_NONE) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_OPTION, "options", -1, -1,
                         (int64_t)o->reduction,
                         "options: reduction = %d applies to scatters only, not to %s",
                         (int)o->reduction, call->op);
    }
    if (o->executor != NULL && o->executor->parallel_for == NULL) {
        return tix__fail(call->diag, TIX_STATUS_NULL_POINTER, "options", -1, -1, 0,
                         "options: executor->parallel_for is NULL");
    }
    return TIX_STATUS_OK;
}

static const char* const reduction_names[] = {"none", "add", "sub", "mul", "min", "max", "mean"};

tix_status tix__check_call(const tix__call* call) {
    const tix_tensor *data = call->data, *indices = call->indices, *updates = call->updates,
                     *output = call->output;
    const char* op = call->op;
    tix__succeed(call->diag);

    tix_status status = check_options(call, call->scatter);
    if (status != TIX_STATUS_OK) return status;
    if ((status = check_view(call, "data", data)) != TIX_STATUS_OK) return status;
    if ((status = check_view(call, "indices", indices)) != TIX_STATUS_OK) return status;
    if (call->scatter && (status = check_view(call, "updates", updates)) != TIX_STATUS_OK) return status;
    if (output != NULL && (status = check_view(call, "output", output)) != TIX_STATUS_OK) {
        return status;
    }
    if (data->rank < 1) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_RANK, "data", -1, -1, 0,
                         "data: %s needs rank >= 1, got a scalar (rank 0)", op);
    }
    if (!tix_dtype_is_index(indices->dtype)) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_INDEX_DTYPE, "indices", -1, -1,
                         (int64_t)indices->dtype,
                         "indices: dtype %s is not an integer index type (int8..int64, "
                         "uint8..uint64)",
                         tix_dtype_name(indices->dtype));
    }
    const tix_tensor* same_dtype[2] = {updates, output};
    const char* same_dtype_names[2] = {"updates", "output"};
    for (int i = 0; i < 2; i++) {
        if (same_dtype[i] != NULL && same_dtype[i]->dtype != data->dtype) {
            return tix__fail(call->diag, TIX_STATUS_DTYPE_MISMATCH, same_dtype_names[i], -1, -1,
                             (int64_t)same_dtype[i]->dtype, "%s: dtype %s differs from data's %s",
                             same_dtype_names[i], tix_dtype_name(same_dtype[i]->dtype),
                             tix_dtype_name(data->dtype));
        }
    }
    tix_reduction reduction = call->options.reduction;
    if (reduction != TIX_REDUCTION_NONE &&
        (tix__reduce_kernel(data->dtype, reduction) == NULL ||
         (reduction == TIX_REDUCTION_MEAN && tix__mean_kernel(data->dtype) == NULL))) {
        return tix__fail(call->diag, TIX_STATUS_UNSUPPORTED_REDUCTION, "options", -1, -1,
                         (int64_t)reduction, "options: reduction %s is not defined for dtype %s",
                         reduction_names[reduction], tix_dtype_name(data->dtype));
    }
    return TIX_STATUS_OK;
}

tix_status tix__check_axis(const tix__call* call, int64_t axis, int32_t rank, int32_t* normalized) {
    if (axis < -(int64_t)rank || axis >= rank) {
        return tix__fail(call->diag, TIX_STATUS_INVALID_AXIS, "axis", -1, -1, axis,
                         "axis: %lld is outside [%d, %d] for data of rank %d", (long long)axis,
                         -(int)rank, (int)rank - 1, (int)rank);
    }
    *normalized = (int32_t)(axis < 0 ? axis + rank : axis);
    return TIX_STATUS_OK;
}

tix_status tix__check_shape(const tix__call* call, const char* name, const tix_tensor* tensor,
                            int32_t rank, const int64_t* shape) {
    bool same = tensor->rank == rank;
    for (int32_t d = 0; same && d < rank; d++) same = tensor->shape[d] == shape[d];
    if (same) return TIX_STATUS_OK;
    char expected[TIX_MESSAGE_CAPACITY / 3], got[TIX_MESSAGE_CAPACITY / 3];
    tix__format_shape(expected, sizeof expected, rank, shape);
    tix__format_shape(got, sizeof got, tensor->rank, tensor->shape);
    return tix__fail(call->diag, TIX_STATUS_SHAPE_MISMATCH, name, -1, -1, 0,
                     "%s: shape %s should be %s for %s", name, got, expected, call->op);
}

/* The byte range [*low, *high) that the view's elements occupy; false when it would run past
 * either end of the address space (no allocation can hold such a view). */
static bool byte_range(const tix_tensor* t, uintptr_t* low, uintptr_t* high) {
    int64_t element_size = (int64_t)tix_dtype_size(t->dtype);
    int64_t below = 0, above = 0;
    for (int32_t d = 0; d < t->rank; d++) {
        int64_t reach = t->strides[d] * (t->shape[d] - 1); /* bounded by check_view */
        if (reach < 0) {
            below += reach;
        } else {
            above += reach;
        }
    }
    /* Both products are at most INT64_MAX (check_view); unsigned, the last element fits too. */
    uintptr_t base = (uintptr_t)t->data, down = (uintptr_t)(-below) * (uintptr_t)element_size;
    uintptr_t up = (uintptr_t)above * (uintptr_t)element_size + (uintptr_t)element_size;
    *low = base - down;
    *high = base + up;
    return down <= base && up <= UINTPTR_MAX - base;
}

/* (both views non-empty) */
static bool overlap(const tix_tensor* a, const tix_tensor* b) {
    uintptr_t a_low, a_high, b_low, b_high;
    (void)byte_range(a, &a_low, &a_high); /* both checked by tix__check_memory */
    (void)byte_range(b, &b_low, &b_high);
    return a_low < b_high && b_low < a_high;
}

/* The same elements at the same addresses: a stride along a size-1 dimension is never used. */
static bool same_view(const tix_tensor* a, const tix_tensor* b) {
    if (a->data != b->data || a->dtype != b->dtype || a->rank != b->rank) return false;
    for (int32_t d = 0; d < a->rank; d++) {
        if (a->shape[d] != b->shape[d]) return false;
        if (a->shape[d] > 1 && a->strides[d] != b->strides[d]) return false;
    }
    return true;
}

/* True when two elements of the view share memory. Sorting the dimensions by |stride|, every
 * stride must clear the span of all smaller ones: a sufficient test, and exact for the views
 * that slicing, transposing and padding produce. */
static bool self_overlapping(const tix_tensor* t) {
    int64_t stride[TIX_MAX_RANK], size[TIX_MAX_RANK];
    int32_t n = 0;
    for (int32_t d = 0; d < t->rank; d++) {
        if (t->shape[d] <= 1) continue;
        int64_t s = t->strides[d] < 0 ? -t->strides[d] : t->strides[d];
        int32_t i = n++;
        for (; i > 0 && stride[i - 1] > s; i--) {
            stride[i] = stride[i - 1];
            size[i] = size[i - 1];
        }
        stride[i] = s;
        size[i] = t->shape[d];
    }
    int64_t span = 0; /* the largest offset reachable by the smaller strides */
    for (int32_t i = 0; i < n; i++) {
        if (stride[i] <= span) return true;
        span += stride[i] * (size[i] - 1);
    }
    return false;
}

tix_status tix__check_memory(const tix__call* call, bool* in_place) {
    const tix_tensor* views[4] = {call->data, call->indices, call->updates, call->output};
    const char* names[4] = {"data", "indices", "updates", "output"};
    int64_t counts[4]; /* (0 for a view the call has not) */
    for (int i = 0; i < 4; i++) {
        counts[i] = views[i] != NULL ? tix_tensor_count(views[i]) : 0;
        if (views[i] != NULL && views[i]->data == NULL && counts[i] > 0) {
            return tix__fail(call->diag, TIX_STATUS_NULL_POINTER, names[i], -1, -1, 0,
                             "%s: data pointer is NULL but the tensor has %lld elements",
                             names[i], (long long)counts[i]);
        }
    }
    /* tix assumes that each view's elements lie in memory the caller owns; it can only check
     * that they fit in the address space at all. */
    for (int i = 0; i < 4; i++) {
        uintptr_t low, high;
        if (counts[i] > 0 && !byte_range(views[i], &low, &high)) {
            return tix__fail(call->diag, TIX_STATUS_INVALID_STRIDES, names[i], -1, -1, 0,
                             "%s: its strides reach outside the address space from %p",
                             names[i], views[i]->data);
        }
    }
    const tix_tensor* output = call->output;
    if (counts[3] == 0) {
        *in_place = false;
        return TIX_STATUS_OK;
    }
    if (self_overlapping(output)) {
        return tix__fail(call->diag, TIX_STATUS_ALIASING, "output", -1, -1, 0,
                         "output: its strides make two of its elements overlap");
    }
    *in_place = call->updates != NULL && same_view(output, call->data);
    for (int i = *in_place ? 1 : 0; i < 3; i++) {
        if (counts[i] > 0 && overlap(output, views[i])) {
            return tix__fail(call->diag, TIX_STATUS_ALIASING, "output", -1, -1, 0,
                             "output: its memory overlaps %s%s", names[i],
                             i == 0 && call->updates != NULL
                                 ? " without being exactly the data view (in place)"
                                 : "");
        }
    }
    return TIX_STATUS_OK;
}
