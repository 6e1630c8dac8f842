/* The DirectML front end: checks a DML-style operator desc against DirectML's rules, builds
 * tix_tensor views of the caller's buffers (the meaningful trailing dimensions, right-aligned
 * outputs) and makes one core call with DirectML's index semantics. It moves no data. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <tix_directml.h>

#include "../internal.h"

#define DML_MAX_ELEMENTS UINT64_C(4294967295) /* 2^32 - 1 per buffer tensor */

/* One call of the front end: the operator's name for messages and the options it passes on. */
typedef struct dml_call {
    const char* op;       /* "DML_GATHER", ... */
    tix_diagnostic* diag; /* the caller's, or NULL */
    tix_options core;     /* executor, diagnostic, accumulation from the caller; rest per op */
} dml_call;

static tix_status fail(const dml_call* call, tix_status status, const char* argument,
                       int32_t dimension, int64_t value, const char* format, ...)
    TIX__PRINTF(6, 7);

static tix_status fail(const dml_call* call, tix_status status, const char* argument,
                       int32_t dimension, int64_t value, const char* format, ...) {
    if (call->diag == NULL) return status;
    char text[TIX_MESSAGE_CAPACITY];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    return tix__fail(call->diag, status, argument, dimension, -1, value, "%s: %s", call->op, text);
}

/* "{3, 4}", DirectML's way of writing sizes; "{3, 4, ...}" when they do not all fit. */
static void format_sizes(char* buffer, size_t capacity, int32_t rank, const int64_t* sizes) {
    size_t used = (size_t)snprintf(buffer, capacity, "{");
    for (int32_t d = 0; d < rank; d++) {
        char part[32];
        size_t length = (size_t)snprintf(part, sizeof part, "%s%lld", d > 0 ? ", " : "",
                                         (long long)sizes[d]);
        if (used + length + sizeof ", ...}" > capacity) {
            snprintf(buffer + used, capacity - used, "%s...}", d > 0 ? ", " : "");
            return;
        }
        memcpy(buffer + used, part, length + 1);
        used += length;
    }
    snprintf(buffer + used, capacity - used, "}");
}

/* The semantic fields of tix_options are fixed by DirectML; only executor, diagnostic and
 * accumulation pass. */
static tix_status begin(dml_call* call, const char* op, const void* desc,
                        const tix_options* options, tix_out_of_range out_of_range) {
    memset(call, 0, sizeof *call);
    call->op = op;
    if (options != NULL) {
        call->diag = options->diagnostic;
        call->core.executor = options->executor;
        call->core.diagnostic = options->diagnostic;
        /* A runtime choice like the executor (no DirectML scatter reduces: no result moves). */
        call->core.accumulation = options->accumulation;
    }
    tix__succeed(call->diag);
    if (options != NULL) {
        const char* field = NULL;
        int64_t value = 0;
        if (options->negative_indices != 0) {
            field = "negative_indices";
            value = options->negative_indices;
        } else if (options->out_of_range != 0) {
            field = "out_of_range";
            value = options->out_of_range;
        } else if (options->reduction != 0) {
            field = "reduction";
            value = options->reduction;
        } else if (options->exclude_self) {
            field = "exclude_self";
            value = 1;
        } else if (options->fill_value != NULL) {
            field = "fill_value";
        }
        if (field != NULL) {
            return fail(call, TIX_STATUS_INVALID_OPTION, "options", -1, value,
                        "options.%s is set, but DirectML fixes the index semantics (gathers "
                        "clamp, scatters drop invalid indices); leave it zero",
                        field);
        }
    }
    if (desc == NULL) {
        return fail(call, TIX_STATUS_NULL_POINTER, "desc", -1, 0, "the operator desc is NULL");
    }
    call->core.out_of_range = out_of_range;
    return TIX_STATUS_OK;
}

tix_dtype tix_dml_dtype(tix_dml_tensor_data_type data_type) {
    switch (data_type) {
        case TIX_DML_TENSOR_DATA_TYPE_FLOAT32: return TIX_DTYPE_FLOAT32;
        case TIX_DML_TENSOR_DATA_TYPE_FLOAT16: return TIX_DTYPE_FLOAT16;
        case TIX_DML_TENSOR_DATA_TYPE_UINT32: return TIX_DTYPE_UINT32;
        case TIX_DML_TENSOR_DATA_TYPE_UINT16: return TIX_DTYPE_UINT16;
        case TIX_DML_TENSOR_DATA_TYPE_UINT8: return TIX_DTYPE_UINT8;
        case TIX_DML_TENSOR_DATA_TYPE_INT32: return TIX_DTYPE_INT32;
        case TIX_DML_TENSOR_DATA_TYPE_INT16: return TIX_DTYPE_INT16;
        case TIX_DML_TENSOR_DATA_TYPE_INT8: return TIX_DTYPE_INT8;
        case TIX_DML_TENSOR_DATA_TYPE_FLOAT64: return TIX_DTYPE_FLOAT64;
        case TIX_DML_TENSOR_DATA_TYPE_UINT64: return TIX_DTYPE_UINT64;
        case TIX_DML_TENSOR_DATA_TYPE_INT64: return TIX_DTYPE_INT64;
        default: return TIX_DTYPE_UNDEFINED;
    }
}

static const char* data_type_name(tix_dml_tensor_data_type data_type) {
    static const char* const names[] = {"UNKNOWN", "FLOAT32", "FLOAT16", "UINT32",
                                        "UINT16",  "UINT8",   "INT32",   "INT16",
                                        "INT8",    "FLOAT64", "UINT64",  "INT64"};
    unsigned value = (unsigned)data_type;
    return value < sizeof names / sizeof names[0] ? names[value] : "not a DML_TENSOR_DATA_TYPE";
}

typedef enum operand_role { ROLE_DATA, ROLE_INDICES } operand_role;

/* Checks one tensor desc on its own and makes the full view of it: the DML dimensions are the
 * tix rank. Strides of size-1 dimensions become 0 (they are never used), so that two descs of
 * the same memory give identical views whatever strides they write there (in-place scatters). */
static tix_status read_tensor(const dml_call* call, const char* field,
                              const tix_dml_buffer_tensor_desc* desc, operand_role role,
                              tix_tensor* view) {
    if (desc == NULL) {
        return fail(call, TIX_STATUS_NULL_POINTER, field, -1, 0, "%s is NULL", field);
    }
    uint32_t count = desc->dimension_count;
    if (count < 1 || count > TIX_DML_TENSOR_DIMENSION_COUNT_MAX) {
        return fail(call, TIX_STATUS_INVALID_RANK, field, -1, (int64_t)count,
                    "%s.DimensionCount %u is outside [1, %d]", field, count,
                    TIX_DML_TENSOR_DIMENSION_COUNT_MAX);
    }
    if (desc->sizes == NULL) {
        return fail(call, TIX_STATUS_NULL_POINTER, field, -1, 0, "%s.Sizes is NULL", field);
    }
    uint64_t elements = 1;
    for (uint32_t d = 0; d < count; d++) {
        uint32_t size = desc->sizes[d];
        if (size == 0) {
            return fail(call, TIX_STATUS_INVALID_SHAPE, field, (int32_t)d, 0,
                        "%s.Sizes[%u] is 0; DirectML tensors have no empty dimension", field, d);
        }
        elements *= size; /* stays below 2^64: checked against 2^32 - 1 at every step */
        if (elements > DML_MAX_ELEMENTS) {
            return fail(call, TIX_STATUS_INVALID_SHAPE, field, (int32_t)d, (int64_t)size,
                        "%s.Sizes hold more than 2^32-1 elements, the most a DirectML buffer "
                        "tensor may have",
                        field);
        }
    }
    /* The last element the strides reach must lie inside a buffer of 2^32 - 1 elements. */
    uint64_t last = 0;
    for (uint32_t d = 0; desc->strides != NULL && d < count; d++) {
        last += (uint64_t)(desc->sizes[d] - 1) * desc->strides[d]; /* < 2^64: bounded below */
        if (last > DML_MAX_ELEMENTS - 1) {
            return fail(call, TIX_STATUS_INVALID_STRIDES, field, (int32_t)d,
                        (int64_t)desc->strides[d],
                        "%s.Strides reach beyond element 2^32-2, outside the 2^32-1 elements a "
                        "DirectML buffer tensor may span",
                        field);
        }
    }
    tix_dtype dtype = tix_dml_dtype(desc->data_type);
    if (dtype == TIX_DTYPE_UNDEFINED) {
        return fail(call, TIX_STATUS_INVALID_DTYPE, field, -1, (int64_t)desc->data_type,
                    "%s.DataType %d is %s", field, (int)desc->data_type,
                    desc->data_type == TIX_DML_TENSOR_DATA_TYPE_UNKNOWN
                        ? "DML_TENSOR_DATA_TYPE_UNKNOWN, never valid"
                        : "not a DML_TENSOR_DATA_TYPE tix supports");
    }
    if (role == ROLE_INDICES && dtype != TIX_DTYPE_INT32 && dtype != TIX_DTYPE_INT64 &&
        dtype != TIX_DTYPE_UINT32 && dtype != TIX_DTYPE_UINT64) {
        return fail(call, TIX_STATUS_INVALID_INDEX_DTYPE, field, -1, (int64_t)desc->data_type,
                    "%s.DataType %s is not an index type (INT32, INT64, UINT32, UINT64)", field,
                    data_type_name(desc->data_type));
    }
    if (desc->data == NULL) {
        return fail(call, TIX_STATUS_NULL_POINTER, field, -1, 0, "%s has no data (NULL)", field);
    }
    memset(view, 0, sizeof *view);
    view->data = desc->data;
    view->dtype = dtype;
    view->rank = (int32_t)count;
    int64_t packed = 1;
    for (int32_t d = (int32_t)count - 1; d >= 0; d--) {
        view->shape[d] = desc->sizes[d];
        view->strides[d] = desc->strides != NULL ? (int64_t)desc->strides[d] : packed;
        if (view->shape[d] == 1) view->strides[d] = 0;
        packed *= view->shape[d];
    }
    return TIX_STATUS_OK;
}

/* Every operand of one operator has InputTensor's DimensionCount. */
static tix_status same_rank(const dml_call* call, const char* field, const tix_tensor* t,
                            const tix_tensor* input) {
    if (t->rank == input->rank) return TIX_STATUS_OK;
    return fail(call, TIX_STATUS_INVALID_RANK, field, -1, t->rank,
                "%s.DimensionCount %d differs from InputTensor.DimensionCount %d", field,
                (int)t->rank, (int)input->rank);
}

static tix_status same_type(const dml_call* call, const char* field,
                            const tix_dml_buffer_tensor_desc* desc,
                            const tix_dml_buffer_tensor_desc* input) {
    if (desc->data_type == input->data_type) return TIX_STATUS_OK;
    return fail(call, TIX_STATUS_DTYPE_MISMATCH, field, -1, (int64_t)desc->data_type,
                "%s.DataType %s differs from InputTensor.DataType %s", field,
                data_type_name(desc->data_type), data_type_name(input->data_type));
}

static tix_status same_sizes(const dml_call* call, const char* field, const tix_tensor* t,
                             const char* other_field, const tix_tensor* other) {
    for (int32_t d = 0; d < t->rank; d++) {
        if (t->shape[d] == other->shape[d]) continue;
        char got[TIX_MESSAGE_CAPACITY / 4], want[TIX_MESSAGE_CAPACITY / 4];
        format_sizes(got, sizeof got, t->rank, t->shape);
        format_sizes(want, sizeof want, other->rank, other->shape);
        return fail(call, TIX_STATUS_SHAPE_MISMATCH, field, d, t->shape[d],
                    "%s.Sizes %s differ from %s.Sizes %s", field, got, other_field, want);
    }
    return TIX_STATUS_OK;
}

/* The sizes in front of the `meaningful` trailing dimensions (named by `attribute`) must be 1. */
static tix_status leading_ones(const dml_call* call, const char* field, const tix_tensor* t,
                               int32_t meaningful, const char* attribute) {
    for (int32_t d = 0; d < t->rank - meaningful; d++) {
        if (t->shape[d] == 1) continue;
        return fail(call, TIX_STATUS_SHAPE_MISMATCH, field, d, t->shape[d],
                    "%s.Sizes[%d] = %lld must be 1: %s = %d makes only the last %d dimensions "
                    "meaningful",
                    field, (int)d, (long long)t->shape[d], attribute, (int)meaningful,
                    (int)meaningful);
    }
    return TIX_STATUS_OK;
}

/* The view of the last `rank` dimensions of t (the ones dropped have size 1). */
static tix_tensor trailing(const tix_tensor* t, int32_t rank) {
    tix_tensor view = *t;
    int32_t drop = t->rank - rank;
    view.rank = rank;
    for (int32_t d = 0; d < rank; d++) {
        view.shape[d] = t->shape[d + drop];
        view.strides[d] = t->strides[d + drop];
    }
    return view;
}

/* t with `count` size-1 dimensions in front. */
static tix_tensor padded(const tix_tensor* t, int32_t count) {
    tix_tensor view = *t;
    view.rank = t->rank + count;
    for (int32_t d = 0; d < count; d++) {
        view.shape[d] = 1;
        view.strides[d] = 0;
    }
    for (int32_t d = 0; d < t->rank; d++) {
        view.shape[d + count] = t->shape[d];
        view.strides[d + count] = t->strides[d];
    }
    return view;
}

/* Right-aligns the `rank` sizes `shape` the core computes into the DML tensor t: leading 1s are
 * prepended when they are fewer than its DimensionCount, and the leading ones that do not fit
 * must be 1. Gives the view of t that has exactly `shape`, and the DML dimension of its first
 * dimension (negative when sizes were prepended). */
static tix_status fit(const dml_call* call, const char* field, const tix_tensor* t, int32_t rank,
                      const int64_t* shape, tix_tensor* view, int32_t* offset) {
    int32_t count = t->rank;
    int64_t expected[TIX_DML_TENSOR_DIMENSION_COUNT_MAX];
    bool fits = true;
    for (int32_t i = 0; i < rank - count; i++) fits = fits && shape[i] == 1;
    for (int32_t d = 0; d < count; d++) {
        int32_t i = d - (count - rank); /* the core dimension that DML dimension d shows */
        expected[d] = i < 0 ? 1 : shape[i];
        fits = fits && t->shape[d] == expected[d];
    }
    if (!fits) {
        char got[TIX_MESSAGE_CAPACITY / 4], want[TIX_MESSAGE_CAPACITY / 4];
        format_sizes(got, sizeof got, count, t->shape);
        format_sizes(want, sizeof want, rank, shape);
        return fail(call, TIX_STATUS_SHAPE_MISMATCH, field, -1, 0,
                    "%s.Sizes %s do not match %s right-aligned into DimensionCount %d%s", field,
                    got, want, (int)count,
                    rank > count ? " (the sizes that do not fit must be 1)" : "");
    }
    *view = rank >= count ? padded(t, rank - count) : trailing(t, rank);
    *offset = count - rank;
    return TIX_STATUS_OK;
}

/* What a core argument is in the desc: its DML field, and the DML dimension of its dimension 0. */
typedef struct dml_name {
    const char* core;
    const char* field;
    int32_t offset;
} dml_name;

/* A core error, retold in DML terms: the desc field, DML dimensions, the operator's name. */
static tix_status retell(const dml_call* call, tix_status status, const char* core_function,
                         const dml_name* names, int count) {
    tix_diagnostic* diag = call->diag;
    if (status == TIX_STATUS_OK || diag == NULL) return status;
    for (int i = 0; i < count; i++) {
        if (diag->argument == NULL || strcmp(diag->argument, names[i].core) != 0) continue;
        diag->argument = names[i].field;
        if (diag->dimension >= 0) {
            int32_t dimension = diag->dimension + names[i].offset;
            diag->dimension = dimension >= 0 ? dimension : -1;
        }
        break;
    }
    char text[TIX_MESSAGE_CAPACITY];
    memcpy(text, diag->message, sizeof text);
    text[sizeof text - 1] = '\0';
    /* Truncation of the core's text is acceptable; the return value only silences the check. */
    if (snprintf(diag->message, sizeof diag->message, "%s (%s): %s", call->op, core_function,
                 text) < 0) {
        diag->message[0] = '\0';
    }
    return status;
}

static tix_status check_axis(const dml_call* call, uint32_t axis, const tix_tensor* input) {
    if (axis < (uint32_t)input->rank) return TIX_STATUS_OK;
    return fail(call, TIX_STATUS_INVALID_AXIS, "Axis", -1, (int64_t)axis,
                "Axis %u is outside [0, %d), InputTensor.DimensionCount", axis, (int)input->rank);
}

/* IndicesTensor.Sizes equal InputTensor.Sizes in every dimension but Axis. */
static tix_status check_elements_indices(const dml_call* call, const tix_tensor* indices,
                                         const tix_tensor* input, uint32_t axis) {
    for (int32_t d = 0; d < input->rank; d++) {
        if (d == (int32_t)axis || indices->shape[d] == input->shape[d]) continue;
        return fail(call, TIX_STATUS_SHAPE_MISMATCH, "IndicesTensor", d, indices->shape[d],
                    "IndicesTensor.Sizes[%d] = %lld differs from InputTensor.Sizes[%d] = %lld; "
                    "they may differ only on Axis %u",
                    (int)d, (long long)indices->shape[d], (int)d, (long long)input->shape[d],
                    axis);
    }
    return TIX_STATUS_OK;
}

/* Reads InputTensor, IndicesTensor, then UpdatesTensor (scatters) and OutputTensor, each checked
 * on its own and against InputTensor's DimensionCount and DataType. */
static tix_status read_operands(const dml_call* call, const tix_dml_buffer_tensor_desc* input,
                                const tix_dml_buffer_tensor_desc* indices,
                                const tix_dml_buffer_tensor_desc* updates, bool scatter,
                                const tix_dml_buffer_tensor_desc* output, tix_tensor views[4]) {
    tix_status status;
    if ((status = read_tensor(call, "InputTensor", input, ROLE_DATA, &views[0])) ||
        (status = read_tensor(call, "IndicesTensor", indices, ROLE_INDICES, &views[1])) ||
        (status = same_rank(call, "IndicesTensor", &views[1], &views[0]))) {
        return status;
    }
    if (scatter && ((status = read_tensor(call, "UpdatesTensor", updates, ROLE_DATA, &views[2])) ||
                    (status = same_rank(call, "UpdatesTensor", &views[2], &views[0])) ||
                    (status = same_type(call, "UpdatesTensor", updates, input)))) {
        return status;
    }
    if ((status = read_tensor(call, "OutputTensor", output, ROLE_DATA, &views[3])) ||
        (status = same_rank(call, "OutputTensor", &views[3], &views[0])) ||
        (status = same_type(call, "OutputTensor", output, input))) {
        return status;
    }
    return TIX_STATUS_OK;
}

tix_status tix_dml_gather(const tix_dml_gather_operator_desc* desc, const tix_options* options) {
    dml_call call;
    tix_tensor v[4];
    tix_status status = begin(&call, "DML_GATHER", desc, options, TIX_OUT_OF_RANGE_CLAMP);
    if (status ||
        (status = read_operands(&call, desc->input_tensor, desc->indices_tensor, NULL, false,
                                desc->output_tensor, v)) ||
        (status = check_axis(&call, desc->axis, &v[0]))) {
        return status;
    }
    const tix_tensor *input = &v[0], *indices = &v[1], *output = &v[3];
    int32_t count = input->rank;
    if (desc->index_dimensions > (uint32_t)count) {
        return fail(&call, TIX_STATUS_INVALID_ATTRIBUTE, "IndexDimensions", -1,
                    (int64_t)desc->index_dimensions,
                    "IndexDimensions %u is outside [0, %d], IndicesTensor.DimensionCount",
                    desc->index_dimensions, (int)count);
    }
    int32_t k = (int32_t)desc->index_dimensions, axis = (int32_t)desc->axis;
    if ((status = leading_ones(&call, "IndicesTensor", indices, k, "IndexDimensions"))) {
        return status;
    }
    /* { Input[0..Axis), Indices[D-k..D), Input[Axis+1..D) }: D-1+k <= 15 sizes */
    int64_t shape[TIX_MAX_RANK];
    int32_t rank = 0;
    for (int32_t d = 0; d < axis; d++) shape[rank++] = input->shape[d];
    for (int32_t d = count - k; d < count; d++) shape[rank++] = indices->shape[d];
    for (int32_t d = axis + 1; d < count; d++) shape[rank++] = input->shape[d];
    tix_tensor index_view = trailing(indices, k), output_view;
    int32_t output_offset;
    if ((status = fit(&call, "OutputTensor", output, rank, shape, &output_view, &output_offset))) {
        return status;
    }
    status = tix_gather(input, &index_view, axis, 0, &output_view, &call.core);
    const dml_name names[] = {{"data", "InputTensor", 0},
                              {"indices", "IndicesTensor", count - k},
                              {"output", "OutputTensor", output_offset},
                              {"axis", "Axis", 0}};
    return retell(&call, status, "tix_gather", names, 4);
}

tix_status tix_dml_gather_elements(const tix_dml_gather_elements_operator_desc* desc,
                                   const tix_options* options) {
    dml_call call;
    tix_tensor v[4];
    tix_status status = begin(&call, "DML_GATHER_ELEMENTS", desc, options, TIX_OUT_OF_RANGE_CLAMP);
    if (status ||
        (status = read_operands(&call, desc->input_tensor, desc->indices_tensor, NULL, false,
                                desc->output_tensor, v)) ||
        (status = check_axis(&call, desc->axis, &v[0])) ||
        (status = check_elements_indices(&call, &v[1], &v[0], desc->axis)) ||
        (status = same_sizes(&call, "OutputTensor", &v[3], "IndicesTensor", &v[1]))) {
        return status;
    }
    status = tix_gather_elements(&v[0], &v[1], desc->axis, &v[3], &call.core);
    const dml_name names[] = {{"data", "InputTensor", 0},
                              {"indices", "IndicesTensor", 0},
                              {"output", "OutputTensor", 0},
                              {"axis", "Axis", 0}};
    return retell(&call, status, "tix_gather_elements", names, 4);
}

/* The views DML_GATHER_ND, DML_GATHER_ND1 and DML_SCATTER_ND share: the meaningful input and
 * indices, and the sizes of the gathered side (a gather's output, a scatter's updates). */
typedef struct nd_plan {
    tix_tensor data;    /* the last InputDimensionCount dimensions of InputTensor */
    tix_tensor indices; /* the last IndicesDimensionCount dimensions of IndicesTensor */
    int32_t rank;
    int64_t shape[TIX_MAX_RANK];
} nd_plan;

static tix_status plan_nd(const dml_call* call, const tix_tensor* input,
                          const tix_tensor* indices, uint32_t input_dimension_count,
                          uint32_t indices_dimension_count, const uint32_t* batch_dimension_count,
                          nd_plan* plan) {
    int32_t count = input->rank;
    const char* attributes[2] = {"InputDimensionCount", "IndicesDimensionCount"};
    const char* fields[2] = {"InputTensor", "IndicesTensor"};
    uint32_t values[2] = {input_dimension_count, indices_dimension_count};
    const tix_tensor* tensors[2] = {input, indices};
    tix_status status;
    for (int i = 0; i < 2; i++) {
        if (values[i] < 1 || values[i] > (uint32_t)count) {
            return fail(call, TIX_STATUS_INVALID_ATTRIBUTE, attributes[i], -1, (int64_t)values[i],
                        "%s %u is outside [1, %d], %s.DimensionCount", attributes[i], values[i],
                        (int)count, fields[i]);
        }
        if ((status = leading_ones(call, fields[i], tensors[i], (int32_t)values[i],
                                   attributes[i]))) {
            return status;
        }
    }
    int32_t n = (int32_t)input_dimension_count, m = (int32_t)indices_dimension_count, b = 0;
    if (batch_dimension_count != NULL) {
        uint32_t batch = *batch_dimension_count;
        if (batch >= (uint32_t)n || batch >= (uint32_t)m) {
            return fail(call, TIX_STATUS_INVALID_BATCH_DIMS, "BatchDimensionCount", -1,
                        (int64_t)batch,
                        "BatchDimensionCount %u must be below both InputDimensionCount %d and "
                        "IndicesDimensionCount %d",
                        batch, (int)n, (int)m);
        }
        b = (int32_t)batch;
    }
    plan->data = trailing(input, n);
    plan->indices = trailing(indices, m);
    for (int32_t d = 0; d < b; d++) {
        if (plan->data.shape[d] == plan->indices.shape[d]) continue;
        return fail(call, TIX_STATUS_SHAPE_MISMATCH, "IndicesTensor", count - m + d,
                    plan->indices.shape[d],
                    "batch dimension %d: IndicesTensor.Sizes[%d] = %lld differs from "
                    "InputTensor.Sizes[%d] = %lld",
                    (int)d, (int)(count - m + d), (long long)plan->indices.shape[d],
                    (int)(count - n + d), (long long)plan->data.shape[d]);
    }
    int64_t tuple = indices->shape[count - 1];
    if (tuple > n - b) {
        char limit[64];
        if (batch_dimension_count != NULL) {
            snprintf(limit, sizeof limit, "InputDimensionCount %d - BatchDimensionCount %d",
                     (int)n, (int)b);
        } else {
            snprintf(limit, sizeof limit, "InputDimensionCount %d", (int)n);
        }
        return fail(call, TIX_STATUS_SHAPE_MISMATCH, "IndicesTensor", count - 1, tuple,
                    "IndicesTensor.Sizes[%d] = %lld coordinates per index tuple exceed %s",
                    (int)(count - 1), (long long)tuple, limit);
    }
    /* { Indices[D-m..D-1), Input[D-n+b+t..D) }: at most 14 sizes */
    plan->rank = 0;
    for (int32_t d = 0; d < m - 1; d++) plan->shape[plan->rank++] = plan->indices.shape[d];
    for (int32_t d = b + (int32_t)tuple; d < n; d++) {
        plan->shape[plan->rank++] = plan->data.shape[d];
    }
    return TIX_STATUS_OK;
}

/* DML_GATHER_ND is DML_GATHER_ND1 without BatchDimensionCount (batched = false). */
static tix_status gather_nd(const char* op, const tix_dml_gather_nd1_operator_desc* desc,
                            bool batched, const tix_options* options) {
    dml_call call;
    tix_tensor v[4];
    nd_plan plan;
    tix_tensor output_view;
    int32_t output_offset;
    tix_status status = begin(&call, op, desc, options, TIX_OUT_OF_RANGE_CLAMP);
    if (status ||
        (status = read_operands(&call, desc->input_tensor, desc->indices_tensor, NULL, false,
                                desc->output_tensor, v)) ||
        (status = plan_nd(&call, &v[0], &v[1], desc->input_dimension_count,
                          desc->indices_dimension_count,
                          batched ? &desc->batch_dimension_count : NULL, &plan)) ||
        (status = fit(&call, "OutputTensor", &v[3], plan.rank, plan.shape, &output_view,
                      &output_offset))) {
        return status;
    }
    int64_t batch = batched ? desc->batch_dimension_count : 0;
    status = tix_gather_nd(&plan.data, &plan.indices, batch, &output_view, &call.core);
    int32_t count = v[0].rank;
    const dml_name names[] = {{"data", "InputTensor", count - plan.data.rank},
                              {"indices", "IndicesTensor", count - plan.indices.rank},
                              {"output", "OutputTensor", output_offset},
                              {"batch_dims", "BatchDimensionCount", 0}};
    return retell(&call, status, "tix_gather_nd", names, 4);
}

tix_status tix_dml_gather_nd(const tix_dml_gather_nd_operator_desc* desc,
                             const tix_options* options) {
    tix_dml_gather_nd1_operator_desc nd1;
    memset(&nd1, 0, sizeof nd1);
    if (desc != NULL) {
        nd1.input_tensor = desc->input_tensor;
        nd1.indices_tensor = desc->indices_tensor;
        nd1.output_tensor = desc->output_tensor;
        nd1.input_dimension_count = desc->input_dimension_count;
        nd1.indices_dimension_count = desc->indices_dimension_count;
    }
    return gather_nd("DML_GATHER_ND", desc != NULL ? &nd1 : NULL, false, options);
}

tix_status tix_dml_gather_nd1(const tix_dml_gather_nd1_operator_desc* desc,
                              const tix_options* options) {
    return gather_nd("DML_GATHER_ND1", desc, true, options);
}

static tix_status scatter_elements(const char* op, const tix_dml_scatter_operator_desc* desc,
                                   const tix_options* options) {
    dml_call call;
    tix_tensor v[4];
    tix_status status = begin(&call, op, desc, options, TIX_OUT_OF_RANGE_IGNORE);
    if (status ||
        (status = read_operands(&call, desc->input_tensor, desc->indices_tensor,
                                desc->updates_tensor, true, desc->output_tensor, v)) ||
        (status = check_axis(&call, desc->axis, &v[0])) ||
        (status = check_elements_indices(&call, &v[1], &v[0], desc->axis)) ||
        (status = same_sizes(&call, "UpdatesTensor", &v[2], "IndicesTensor", &v[1])) ||
        (status = same_sizes(&call, "OutputTensor", &v[3], "InputTensor", &v[0]))) {
        return status;
    }
    status = tix_scatter_elements(&v[0], &v[1], &v[2], desc->axis, &v[3], &call.core);
    const dml_name names[] = {{"data", "InputTensor", 0},
                              {"indices", "IndicesTensor", 0},
                              {"updates", "UpdatesTensor", 0},
                              {"output", "OutputTensor", 0},
                              {"axis", "Axis", 0}};
    return retell(&call, status, "tix_scatter_elements", names, 5);
}

tix_status tix_dml_scatter(const tix_dml_scatter_operator_desc* desc,
                           const tix_options* options) {
    return scatter_elements("DML_SCATTER", desc, options);
}

tix_status tix_dml_scatter_elements(const tix_dml_scatter_elements_operator_desc* desc,
                                    const tix_options* options) {
    return scatter_elements("DML_SCATTER_ELEMENTS", desc, options);
}

tix_status tix_dml_scatter_nd(const tix_dml_scatter_nd_operator_desc* desc,
                              const tix_options* options) {
    dml_call call;
    tix_tensor v[4];
    nd_plan plan;
    tix_tensor updates_view;
    int32_t updates_offset;
    tix_status status = begin(&call, "DML_SCATTER_ND", desc, options, TIX_OUT_OF_RANGE_IGNORE);
    if (status ||
        (status = read_operands(&call, desc->input_tensor, desc->indices_tensor,
                                desc->updates_tensor, true, desc->output_tensor, v)) ||
        (status = same_sizes(&call, "OutputTensor", &v[3], "InputTensor", &v[0])) ||
        (status = plan_nd(&call, &v[0], &v[1], desc->input_dimension_count,
                          desc->indices_dimension_count, NULL, &plan)) ||
        (status = fit(&call, "UpdatesTensor", &v[2], plan.rank, plan.shape, &updates_view,
                      &updates_offset))) {
        return status;
    }
    /* The output has the input's sizes, so the same leading 1s drop off. */
    tix_tensor output_view = trailing(&v[3], plan.data.rank);
    status = tix_scatter_nd(&plan.data, &plan.indices, &updates_view, 0, &output_view, &call.core);
    int32_t count = v[0].rank;
    const dml_name names[] = {{"data", "InputTensor", count - plan.data.rank},
                              {"indices", "IndicesTensor", count - plan.indices.rank},
                              {"updates", "UpdatesTensor", updates_offset},
                              {"output", "OutputTensor", count - plan.data.rank}};
    return retell(&call, status, "tix_scatter_nd", names, 4);
}
