/* The OpenVINO front end: maps one versioned OpenVINO operation onto one call of the core.
 * Every rule here is a translation of attributes or shapes; the core moves all the data.
 * The rules per version are documented in include/tix_openvino.h. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <tix_openvino.h>

#if defined(__GNUC__)
#define OV_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define OV_PRINTF(fmt, args)
#endif

/* ---- the supported operations ---- */

typedef enum ov_kind {
    OV_GATHER,
    OV_GATHER_ELEMENTS,
    OV_GATHER_ND,
    OV_SCATTER_UPDATE,
    OV_SCATTER_ELEMENTS_UPDATE,
    OV_SCATTER_ND_UPDATE
} ov_kind;

/* Attributes a version may carry. */
enum {
    OV_ATTR_AXIS = 1u << 0,
    OV_ATTR_BATCH_DIMS = 1u << 1,
    OV_ATTR_REDUCTION = 1u << 2,
    OV_ATTR_USE_INIT_VAL = 1u << 3
};

typedef struct ov_reduction_name {
    const char* name;
    tix_reduction reduction;
} ov_reduction_name;

static const ov_reduction_name seu12_reductions[] = {
    {"none", TIX_REDUCTION_NONE}, {"sum", TIX_REDUCTION_ADD}, {"prod", TIX_REDUCTION_MUL},
    {"min", TIX_REDUCTION_MIN},   {"max", TIX_REDUCTION_MAX}, {"mean", TIX_REDUCTION_MEAN},
    {NULL, TIX_REDUCTION_NONE}};
static const ov_reduction_name sndu15_reductions[] = {
    {"none", TIX_REDUCTION_NONE}, {"sum", TIX_REDUCTION_ADD}, {"sub", TIX_REDUCTION_SUB},
    {"prod", TIX_REDUCTION_MUL},  {"min", TIX_REDUCTION_MIN}, {"max", TIX_REDUCTION_MAX},
    {NULL, TIX_REDUCTION_NONE}};

static const char* const gather_inputs[] = {"data", "indices", "axis"};
static const char* const gather_nd_inputs[] = {"data", "indices"};
static const char* const scatter_inputs[] = {"data", "indices", "updates", "axis"};
static const char* const scatter_nd_inputs[] = {"data", "indices", "updates"};

typedef struct ov_schema {
    const char* type;
    int version;
    ov_kind kind;
    size_t input_count;
    const char* const* input_names;
    unsigned attributes;                 /* OV_ATTR_* the version has */
    bool wrap_negative;                  /* [-s, -1] counts from the end */
    bool zero_fill;                      /* out of range gathers 0 (Gather-8) instead of failing */
    bool index_int32_int64;              /* T_IND is int32 or int64 only */
    bool flatten_batch;                  /* GatherND-5 */
    const ov_reduction_name* reductions; /* NULL: no reduction attribute */
} ov_schema;

static const ov_schema schemas[] = {
    {"Gather", 1, OV_GATHER, 3, gather_inputs, 0, false, false, false, false, NULL},
    {"Gather", 7, OV_GATHER, 3, gather_inputs, OV_ATTR_BATCH_DIMS, false, false, false, false,
     NULL},
    {"Gather", 8, OV_GATHER, 3, gather_inputs, OV_ATTR_BATCH_DIMS, true, true, false, false, NULL},
    {"GatherElements", 6, OV_GATHER_ELEMENTS, 2, gather_nd_inputs, OV_ATTR_AXIS, false, false, true,
     false, NULL},
    {"GatherND", 5, OV_GATHER_ND, 2, gather_nd_inputs, OV_ATTR_BATCH_DIMS, false, false, false,
     true, NULL},
    {"GatherND", 8, OV_GATHER_ND, 2, gather_nd_inputs, OV_ATTR_BATCH_DIMS, true, false, false,
     false, NULL},
    {"ScatterUpdate", 3, OV_SCATTER_UPDATE, 4, scatter_inputs, 0, false, false, false, false, NULL},
    {"ScatterElementsUpdate", 3, OV_SCATTER_ELEMENTS_UPDATE, 4, scatter_inputs, 0, false, false,
     false, false, NULL},
    {"ScatterElementsUpdate", 12, OV_SCATTER_ELEMENTS_UPDATE, 4, scatter_inputs,
     OV_ATTR_REDUCTION | OV_ATTR_USE_INIT_VAL, true, false, false, false, seu12_reductions},
    {"ScatterNDUpdate", 3, OV_SCATTER_ND_UPDATE, 3, scatter_nd_inputs, 0, false, false, true, false,
     NULL},
    {"ScatterNDUpdate", 15, OV_SCATTER_ND_UPDATE, 3, scatter_nd_inputs, OV_ATTR_REDUCTION, true,
     false, true, false, sndu15_reductions},
};
#define OV_SCHEMA_COUNT (sizeof schemas / sizeof schemas[0])

static const char supported_list[] =
    "Gather-1/7/8, GatherElements-6, GatherND-5/8, ScatterUpdate-3, ScatterElementsUpdate-3/12, "
    "ScatterNDUpdate-3/15";

/* ---- one call in progress ---- */

typedef struct ov_call {
    const ov_schema* schema; /* NULL until the operation is known */
    char name[48];           /* "ScatterElementsUpdate-12", or "OpenVINO" before that */
    tix_diagnostic* diag;
    tix_options core; /* the options handed to the core */
    /* attributes */
    int64_t axis;
    bool has_axis;
    int64_t batch_dims;
    tix_reduction reduction;
    bool use_init_val;
} ov_call;

/* Records an error of the front end itself; messages start with the versioned name. */
static tix_status ov_fail(const ov_call* call, tix_status status, const char* argument,
                          int32_t dimension, int64_t value, const char* format, ...)
    OV_PRINTF(6, 7);
static tix_status ov_fail(const ov_call* call, tix_status status, const char* argument,
                          int32_t dimension, int64_t value, const char* format, ...) {
    tix_diagnostic* diag = call->diag;
    if (diag == NULL)
        return status;
    diag->status = status;
    diag->argument = argument;
    diag->dimension = dimension;
    diag->position = -1;
    diag->value = value;
    int used = snprintf(diag->message, sizeof diag->message, "%s: ", call->name);
    if (used < 0 || (size_t)used >= sizeof diag->message)
        return status;
    va_list args;
    va_start(args, format);
    vsnprintf(diag->message + used, sizeof diag->message - (size_t)used, format, args);
    va_end(args);
    return status;
}

/* The core wrote its own diagnostic: keep it, and say which operation it came from. */
static tix_status ov_core_result(const ov_call* call, tix_status status) {
    tix_diagnostic* diag = call->diag;
    if (status == TIX_STATUS_OK || diag == NULL)
        return status;
    /* Shift the message right by "Name-V: ", dropping what no longer fits. */
    size_t prefix = strlen(call->name) + 2, capacity = sizeof diag->message;
    const char* end = memchr(diag->message, '\0', capacity);
    size_t length = end != NULL ? (size_t)(end - diag->message) : capacity - 1;
    if (prefix + length > capacity - 1)
        length = capacity - 1 - prefix;
    memmove(diag->message + prefix, diag->message, length);
    diag->message[prefix + length] = '\0';
    memcpy(diag->message, call->name, prefix - 2);
    memcpy(diag->message + prefix - 2, ": ", 2);
    return status;
}

static void format_shape(char* buffer, size_t capacity, int32_t rank, const int64_t* shape) {
    size_t used = 0;
    int n = snprintf(buffer, capacity, "[");
    if (n > 0)
        used = (size_t)n;
    for (int32_t d = 0; d < rank && used < capacity; d++) {
        n = snprintf(buffer + used, capacity - used, "%s%lld", d > 0 ? ", " : "",
                     (long long)shape[d]);
        if (n < 0)
            return;
        used += (size_t)n;
    }
    if (used < capacity)
        snprintf(buffer + used, capacity - used, "]");
}

/* A view whose rank and dimensions may be read (the core checks the rest). */
static bool readable(const tix_tensor* t) {
    if (t->rank < 0 || t->rank > TIX_MAX_RANK)
        return false;
    for (int32_t d = 0; d < t->rank; d++) {
        if (t->shape[d] < 0)
            return false;
    }
    return true;
}

/* ---- attributes ---- */

static bool same_text_ignoring_case(const char* a, const char* b) {
    for (; *a != '\0' && *b != '\0'; a++, b++) {
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return false;
    }
    return *a == *b;
}

/* Strict decimal int64: an optional sign and at least one digit, nothing else. */
static bool parse_int64(const char* text, int64_t* value) {
    const char* p = text;
    bool negative = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    if (*p == '\0')
        return false;
    uint64_t magnitude = 0, limit = negative ? (uint64_t)INT64_MAX + 1u : (uint64_t)INT64_MAX;
    for (; *p != '\0'; p++) {
        if (*p < '0' || *p > '9')
            return false;
        unsigned digit = (unsigned)(*p - '0');
        if (magnitude > (limit - digit) / 10u)
            return false;
        magnitude = magnitude * 10u + digit;
    }
    if (negative) {
        *value = magnitude == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)magnitude;
    } else {
        *value = (int64_t)magnitude;
    }
    return true;
}

static void list_reductions(const ov_reduction_name* names, char* buffer, size_t capacity) {
    size_t used = 0;
    buffer[0] = '\0';
    for (const ov_reduction_name* r = names; r->name != NULL && used < capacity; r++) {
        int n = snprintf(buffer + used, capacity - used, "%s%s", r == names ? "" : ", ", r->name);
        if (n < 0)
            return;
        used += (size_t)n;
    }
}

static tix_status read_attribute(ov_call* call, const tix_openvino_attribute* attribute,
                                 unsigned* seen) {
    static const struct {
        const char* name;
        unsigned flag;
    } known[] = {{"axis", OV_ATTR_AXIS},
                 {"batch_dims", OV_ATTR_BATCH_DIMS},
                 {"reduction", OV_ATTR_REDUCTION},
                 {"use_init_val", OV_ATTR_USE_INIT_VAL}};
    const ov_schema* schema = call->schema;
    if (attribute->name == NULL || attribute->value == NULL) {
        return ov_fail(call, TIX_STATUS_NULL_POINTER, "attributes", -1, 0,
                       "an attribute's name or value is NULL");
    }
    const char* name = NULL;
    unsigned flag = 0;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        if ((schema->attributes & known[i].flag) != 0 &&
            strcmp(attribute->name, known[i].name) == 0) {
            name = known[i].name; /* static storage, for the diagnostic */
            flag = known[i].flag;
        }
    }
    if (name == NULL) {
        return ov_fail(call, TIX_STATUS_INVALID_ATTRIBUTE, "attributes", -1, 0,
                       "has no attribute '%s'", attribute->name);
    }
    if ((*seen & flag) != 0) {
        return ov_fail(call, TIX_STATUS_INVALID_ATTRIBUTE, name, -1, 0,
                       "attribute %s is given twice", name);
    }
    *seen |= flag;
    const char* value = attribute->value;
    if (flag == OV_ATTR_AXIS || flag == OV_ATTR_BATCH_DIMS) {
        int64_t number;
        if (!parse_int64(value, &number)) {
            return ov_fail(call, TIX_STATUS_INVALID_ATTRIBUTE, name, -1, 0,
                           "attribute %s = '%s' is not a decimal int64", name, value);
        }
        if (flag == OV_ATTR_AXIS) {
            call->axis = number;
            call->has_axis = true;
        } else {
            call->batch_dims = number;
        }
    } else if (flag == OV_ATTR_USE_INIT_VAL) {
        /* The IR reader takes these four spellings, in any letter case. */
        if (same_text_ignoring_case(value, "true") || strcmp(value, "1") == 0) {
            call->use_init_val = true;
        } else if (same_text_ignoring_case(value, "false") || strcmp(value, "0") == 0) {
            call->use_init_val = false;
        } else {
            return ov_fail(call, TIX_STATUS_INVALID_ATTRIBUTE, name, -1, 0,
                           "attribute %s = '%s' is not a boolean (true, false, 1, 0)", name, value);
        }
    } else {
        /* OpenVINO compares enum names without regard to letter case. */
        const ov_reduction_name* r = schema->reductions;
        while (r->name != NULL && !same_text_ignoring_case(value, r->name))
            r++;
        if (r->name == NULL) {
            char names[96];
            list_reductions(schema->reductions, names, sizeof names);
            return ov_fail(call, TIX_STATUS_INVALID_ATTRIBUTE, name, -1, 0,
                           "attribute %s = '%s' is not one of %s", name, value, names);
        }
        call->reduction = r->reduction;
    }
    return TIX_STATUS_OK;
}

/* ---- the steps every call shares ---- */

static tix_status begin(ov_call* call, const tix_openvino_node* node, const tix_tensor* inputs,
                        size_t input_count, const void* output, const tix_options* options) {
    memset(call, 0, sizeof *call);
    snprintf(call->name, sizeof call->name, "OpenVINO");
    call->diag = options != NULL ? options->diagnostic : NULL;
    call->use_init_val = true;
    if (node == NULL || node->type == NULL) {
        return ov_fail(call, TIX_STATUS_NULL_POINTER, "node", -1, 0,
                       node == NULL ? "the node pointer is NULL" : "node->type is NULL");
    }
    if (options != NULL) {
        /* These are the version's to set; a caller's value would be silently overridden. */
        const char* field = options->negative_indices != 0 ? "negative_indices"
                            : options->out_of_range != 0   ? "out_of_range"
                            : options->reduction != 0      ? "reduction"
                            : options->exclude_self        ? "exclude_self"
                            : options->fill_value != NULL  ? "fill_value"
                                                           : NULL;
        if (field != NULL) {
            return ov_fail(call, TIX_STATUS_INVALID_OPTION, "options", -1, 0,
                           "options.%s is set by the operation version; leave it zero", field);
        }
        call->core.executor = options->executor;
        call->core.diagnostic = options->diagnostic;
        /* OpenVINO leaves the order of duplicate updates open: the caller chooses it. */
        call->core.accumulation = options->accumulation;
    }

    bool type_known = false;
    for (size_t i = 0; i < OV_SCHEMA_COUNT; i++) {
        if (strcmp(schemas[i].type, node->type) != 0)
            continue;
        type_known = true;
        if (schemas[i].version == node->version)
            call->schema = &schemas[i];
    }
    if (call->schema == NULL) {
        if (!type_known) {
            return ov_fail(call, TIX_STATUS_UNSUPPORTED_OPERATOR, "type", -1, 0,
                           "operation type '%s' is not supported; supported: %s", node->type,
                           supported_list);
        }
        char versions[32] = "";
        size_t used = 0;
        for (size_t i = 0; i < OV_SCHEMA_COUNT && used < sizeof versions; i++) {
            if (strcmp(schemas[i].type, node->type) != 0)
                continue;
            int n = snprintf(versions + used, sizeof versions - used, "%s%d", used ? ", " : "",
                             schemas[i].version);
            if (n > 0)
                used += (size_t)n;
        }
        return ov_fail(call, TIX_STATUS_UNSUPPORTED_OPERATOR, "version", -1, node->version,
                       "%s-%d is not supported; supported versions of %s: %s", node->type,
                       node->version, node->type, versions);
    }
    const ov_schema* schema = call->schema;
    snprintf(call->name, sizeof call->name, "%s-%d", schema->type, schema->version);

    if (node->attributes == NULL && node->attribute_count > 0) {
        return ov_fail(call, TIX_STATUS_NULL_POINTER, "attributes", -1, 0,
                       "node->attributes is NULL but attribute_count is %zu",
                       node->attribute_count);
    }
    unsigned seen = 0;
    for (size_t i = 0; i < node->attribute_count; i++) {
        tix_status status = read_attribute(call, &node->attributes[i], &seen);
        if (status != TIX_STATUS_OK)
            return status;
    }
    if (schema->kind == OV_GATHER_ELEMENTS && !call->has_axis) {
        return ov_fail(call, TIX_STATUS_INVALID_ATTRIBUTE, "axis", -1, 0,
                       "attribute axis is required");
    }

    if (input_count != schema->input_count) {
        char names[64] = "";
        size_t used = 0;
        for (size_t i = 0; i < schema->input_count && used < sizeof names; i++) {
            int n = snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                             schema->input_names[i]);
            if (n > 0)
                used += (size_t)n;
        }
        return ov_fail(call, TIX_STATUS_INVALID_INPUT_COUNT, "inputs", -1, (int64_t)input_count,
                       "takes %zu inputs (%s), got %zu", schema->input_count, names, input_count);
    }
    if (inputs == NULL) {
        return ov_fail(call, TIX_STATUS_NULL_POINTER, "inputs", -1, 0, "inputs is NULL");
    }
    if (output == NULL) {
        return ov_fail(call, TIX_STATUS_NULL_POINTER, "output", -1, 0, "output is NULL");
    }

    /* The index rules of the version. */
    call->core.negative_indices =
        schema->wrap_negative ? TIX_NEGATIVE_WRAP : TIX_NEGATIVE_OUT_OF_RANGE;
    call->core.out_of_range = schema->zero_fill ? TIX_OUT_OF_RANGE_IGNORE : TIX_OUT_OF_RANGE_ERROR;
    call->core.fill_value = NULL; /* zero bytes */
    call->core.reduction = call->reduction;
    /* use_init_val has no effect without a reduction (and the core ignores it there too). */
    call->core.exclude_self = call->reduction != TIX_REDUCTION_NONE && !call->use_init_val;
    return TIX_STATUS_OK;
}

/* The value of the axis input: an integer scalar or one-element 1-D tensor on the host. */
static tix_status read_axis(const ov_call* call, const tix_tensor* t, int64_t* axis) {
    if (t->rank < 0 || t->rank > 1) {
        return ov_fail(call, TIX_STATUS_INVALID_RANK, "axis", -1, t->rank,
                       "the axis input must be a scalar or a 1-D tensor, got rank %d",
                       (int)t->rank);
    }
    if (t->rank == 1 && t->shape[0] != 1) {
        return ov_fail(call, TIX_STATUS_INVALID_SHAPE, "axis", 0, t->shape[0],
                       "the axis input must hold one element, got shape [%lld]",
                       (long long)t->shape[0]);
    }
    if (!tix_dtype_is_index(t->dtype)) {
        return ov_fail(call, TIX_STATUS_INVALID_DTYPE, "axis", -1, (int64_t)t->dtype,
                       "the axis input must be of an integer dtype, got %s",
                       tix_dtype_name(t->dtype));
    }
    if (t->data == NULL) {
        return ov_fail(call, TIX_STATUS_NULL_POINTER, "axis", -1, 0,
                       "the axis input's data pointer is NULL (its value is needed)");
    }
    const void* p = t->data; /* the one element, whatever the strides */
    switch (t->dtype) {
        case TIX_DTYPE_INT8:
            *axis = *(const int8_t*)p;
            break;
        case TIX_DTYPE_INT16:
            *axis = *(const int16_t*)p;
            break;
        case TIX_DTYPE_INT32:
            *axis = *(const int32_t*)p;
            break;
        case TIX_DTYPE_INT64:
            *axis = *(const int64_t*)p;
            break;
        case TIX_DTYPE_UINT8:
            *axis = *(const uint8_t*)p;
            break;
        case TIX_DTYPE_UINT16:
            *axis = *(const uint16_t*)p;
            break;
        case TIX_DTYPE_UINT32:
            *axis = *(const uint32_t*)p;
            break;
        default: {
            uint64_t u = *(const uint64_t*)p;
            if (u > (uint64_t)INT64_MAX) {
                return ov_fail(call, TIX_STATUS_INVALID_AXIS, "axis", -1, (int64_t)u,
                               "axis %llu is out of range", (unsigned long long)u);
            }
            *axis = (int64_t)u;
            break;
        }
    }
    return TIX_STATUS_OK;
}

/* ---- translation into one core call ---- */

typedef struct ov_plan {
    tix_tensor data, indices, updates; /* the views handed to the core */
    int64_t axis, batch_dims;
    int32_t flatten; /* GatherND-5: the number of leading output dims folded into one (0: none) */
} ov_plan;

static tix_status check_index_dtype(const ov_call* call, const tix_tensor* indices) {
    if (!call->schema->index_int32_int64)
        return TIX_STATUS_OK;
    if (indices->dtype == TIX_DTYPE_INT32 || indices->dtype == TIX_DTYPE_INT64) {
        return TIX_STATUS_OK;
    }
    return ov_fail(call, TIX_STATUS_INVALID_INDEX_DTYPE, "indices", -1, (int64_t)indices->dtype,
                   "indices must be int32 or int64, got %s", tix_dtype_name(indices->dtype));
}

static tix_status plan_gather(const ov_call* call, ov_plan* plan) {
    plan->batch_dims = call->batch_dims;
    const tix_tensor *data = &plan->data, *indices = &plan->indices;
    if (!readable(data) || !readable(indices))
        return TIX_STATUS_OK; /* the core reports it */
    /* Gather-7/8 bound batch_dims by both ranks, where the core only bounds it by indices. */
    int64_t bound = data->rank < indices->rank ? data->rank : indices->rank;
    if (call->batch_dims < -bound || call->batch_dims > bound) {
        return ov_fail(call, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims", -1, call->batch_dims,
                       "batch_dims %lld is outside [-%lld, %lld] (min of the ranks of data and "
                       "indices)",
                       (long long)call->batch_dims, (long long)bound, (long long)bound);
    }
    return TIX_STATUS_OK;
}

static tix_status plan_gather_elements(const ov_call* call, ov_plan* plan) {
    plan->axis = call->axis;
    const tix_tensor *data = &plan->data, *indices = &plan->indices;
    tix_status status = check_index_dtype(call, indices);
    if (status != TIX_STATUS_OK)
        return status;
    if (!readable(data) || !readable(indices) || data->rank != indices->rank)
        return TIX_STATUS_OK;
    int64_t r = data->rank;
    if (call->axis < -r || call->axis >= r)
        return TIX_STATUS_OK; /* INVALID_AXIS from the core */
    int32_t axis = (int32_t)(call->axis < 0 ? call->axis + r : call->axis);
    /* The specification wants the same shape off the axis; the core would accept smaller. */
    for (int32_t d = 0; d < data->rank; d++) {
        if (d != axis && indices->shape[d] != data->shape[d]) {
            return ov_fail(call, TIX_STATUS_SHAPE_MISMATCH, "indices", d, indices->shape[d],
                           "indices dimension %d has size %lld but data's has %lld (only axis %d "
                           "may differ)",
                           (int)d, (long long)indices->shape[d], (long long)data->shape[d],
                           (int)axis);
        }
    }
    return TIX_STATUS_OK;
}

static tix_status plan_gather_nd(const ov_call* call, ov_plan* plan) {
    tix_tensor *data = &plan->data, *indices = &plan->indices;
    int64_t b = call->batch_dims;
    plan->batch_dims = b;
    if (!readable(data) || !readable(indices) || data->rank < 1 || indices->rank < 1) {
        return TIX_STATUS_OK; /* the core reports the rank or shape */
    }
    int64_t bound = data->rank < indices->rank ? data->rank : indices->rank;
    if (b < 0 || b >= bound) {
        return ov_fail(call, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims", -1, b,
                       "batch_dims %lld is outside [0, %lld] (below the ranks of data and "
                       "indices)",
                       (long long)b, (long long)bound - 1);
    }
    /* Broadcast batch dimensions of size 1 with a 0 stride: a view, not a copy. */
    for (int32_t d = 0; d < (int32_t)b; d++) {
        int64_t n = data->shape[d], m = indices->shape[d];
        if (n == m)
            continue;
        if (n == 1) {
            data->shape[d] = m;
            data->strides[d] = 0;
        } else if (m == 1) {
            indices->shape[d] = n;
            indices->strides[d] = 0;
        } else {
            return ov_fail(call, TIX_STATUS_SHAPE_MISMATCH, "indices", d, m,
                           "batch dimension %d of indices has size %lld and data's %lld: they "
                           "must be equal or one of them 1",
                           (int)d, (long long)m, (long long)n);
        }
    }
    if (call->schema->flatten_batch && b > 1)
        plan->flatten = (int32_t)b;
    return TIX_STATUS_OK;
}

static tix_status plan_scatter_nd(const ov_call* call, ov_plan* plan) {
    tix_tensor *data = &plan->data, *indices = &plan->indices, *updates = &plan->updates;
    tix_status status = check_index_dtype(call, indices);
    if (status != TIX_STATUS_OK)
        return status;
    if (!readable(data) || !readable(indices) || !readable(updates) || indices->rank < 1) {
        return TIX_STATUS_OK;
    }
    /* The specification lets rank-0 updates arrive as any tensor holding one element. */
    int64_t expected = (int64_t)data->rank - indices->shape[indices->rank - 1] + indices->rank - 1;
    if (expected == 0 && updates->rank > 0 && tix_tensor_count(updates) == 1)
        updates->rank = 0;
    return TIX_STATUS_OK;
}

/* Everything up to the core call: options, operation, attributes, inputs, views. */
static tix_status prepare(ov_call* call, ov_plan* plan, const tix_openvino_node* node,
                          const tix_tensor* inputs, size_t input_count, const void* output,
                          const tix_options* options) {
    tix_status status = begin(call, node, inputs, input_count, output, options);
    if (status != TIX_STATUS_OK)
        return status;
    memset(plan, 0, sizeof *plan);
    plan->data = inputs[0];
    plan->indices = inputs[1];
    switch (call->schema->kind) {
        case OV_GATHER:
            status = read_axis(call, &inputs[2], &plan->axis);
            if (status != TIX_STATUS_OK)
                return status;
            return plan_gather(call, plan);
        case OV_GATHER_ELEMENTS:
            return plan_gather_elements(call, plan);
        case OV_GATHER_ND:
            return plan_gather_nd(call, plan);
        case OV_SCATTER_UPDATE:
        case OV_SCATTER_ELEMENTS_UPDATE:
            plan->updates = inputs[2];
            return read_axis(call, &inputs[3], &plan->axis);
        case OV_SCATTER_ND_UPDATE:
            plan->updates = inputs[2];
            return plan_scatter_nd(call, plan);
    }
    return TIX_STATUS_OK;
}

/* The core's shape inference on the planned views (GatherND-5: before flattening). */
static tix_status core_shape(const ov_call* call, const ov_plan* plan, tix_tensor* result) {
    const tix_options* o = &call->core;
    switch (call->schema->kind) {
        case OV_GATHER:
            return tix_gather_shape(&plan->data, &plan->indices, plan->axis, plan->batch_dims,
                                    result, o);
        case OV_GATHER_ELEMENTS:
            return tix_gather_elements_shape(&plan->data, &plan->indices, plan->axis, result, o);
        case OV_GATHER_ND:
            return tix_gather_nd_shape(&plan->data, &plan->indices, plan->batch_dims, result, o);
        case OV_SCATTER_UPDATE:
            return tix_scatter_shape(&plan->data, &plan->indices, &plan->updates, plan->axis, 0,
                                     result, o);
        case OV_SCATTER_ELEMENTS_UPDATE:
            return tix_scatter_elements_shape(&plan->data, &plan->indices, &plan->updates,
                                              plan->axis, result, o);
        case OV_SCATTER_ND_UPDATE:
            return tix_scatter_nd_shape(&plan->data, &plan->indices, &plan->updates, 0, result, o);
    }
    return TIX_STATUS_INVALID_OPTION; /* unreachable */
}

static tix_status core_run(const ov_call* call, const ov_plan* plan, const tix_tensor* output) {
    const tix_options* o = &call->core;
    switch (call->schema->kind) {
        case OV_GATHER:
            return tix_gather(&plan->data, &plan->indices, plan->axis, plan->batch_dims, output, o);
        case OV_GATHER_ELEMENTS:
            return tix_gather_elements(&plan->data, &plan->indices, plan->axis, output, o);
        case OV_GATHER_ND:
            return tix_gather_nd(&plan->data, &plan->indices, plan->batch_dims, output, o);
        case OV_SCATTER_UPDATE:
            return tix_scatter(&plan->data, &plan->indices, &plan->updates, plan->axis, 0, output,
                               o);
        case OV_SCATTER_ELEMENTS_UPDATE:
            return tix_scatter_elements(&plan->data, &plan->indices, &plan->updates, plan->axis,
                                        output, o);
        case OV_SCATTER_ND_UPDATE:
            return tix_scatter_nd(&plan->data, &plan->indices, &plan->updates, 0, output, o);
    }
    return TIX_STATUS_INVALID_OPTION; /* unreachable */
}

/* GatherND-5: the first `flatten` dims of the core's result become their product. */
static void flatten_shape(const tix_tensor* split, int32_t flatten, int32_t* rank, int64_t* shape) {
    int64_t product = 1;
    for (int32_t d = 0; d < flatten; d++) {
        if (split->shape[d] == 0)
            product = 0;
    }
    /* Without a zero the product divides the result's element count, so it fits in int64. */
    for (int32_t d = 0; d < flatten && product != 0; d++)
        product *= split->shape[d];
    shape[0] = product;
    for (int32_t d = flatten; d < split->rank; d++)
        shape[d - flatten + 1] = split->shape[d];
    *rank = split->rank - flatten + 1;
}

tix_status tix_openvino_infer(const tix_openvino_node* node, const tix_tensor* inputs,
                              size_t input_count, tix_tensor* output, const tix_options* options) {
    ov_call call;
    ov_plan plan;
    tix_status status = prepare(&call, &plan, node, inputs, input_count, output, options);
    if (status != TIX_STATUS_OK)
        return status;
    tix_tensor result;
    status = ov_core_result(&call, core_shape(&call, &plan, &result));
    if (status != TIX_STATUS_OK)
        return status;
    if (plan.flatten > 0) {
        int32_t rank;
        int64_t shape[TIX_MAX_RANK];
        flatten_shape(&result, plan.flatten, &rank, shape);
        tix_status dense = tix_tensor_init(&result, NULL, result.dtype, rank, shape);
        (void)dense; /* a shape with fewer dims and the same count is always valid */
    }
    *output = result;
    return TIX_STATUS_OK;
}

/* x * y for y >= 1, or false when it leaves int64. */
static bool multiply(int64_t x, int64_t y, int64_t* product) {
    if (x > 0 ? x > INT64_MAX / y : x < INT64_MIN / y)
        return false;
    *product = x * y;
    return true;
}

/* GatherND-5 execution: the caller's output has the flattened shape; the core writes through a
 * view that splits its first dimension back into the batch dimensions. */
static tix_status run_flattened(const ov_call* call, const ov_plan* plan,
                                const tix_tensor* output) {
    tix_tensor split;
    tix_status status = ov_core_result(call, core_shape(call, plan, &split));
    if (status != TIX_STATUS_OK)
        return status;
    int32_t rank;
    int64_t shape[TIX_MAX_RANK];
    flatten_shape(&split, plan->flatten, &rank, shape);
    /* Checked here, in the caller's terms: the core only sees the split view. */
    if (output->dtype != split.dtype) {
        return ov_fail(call, TIX_STATUS_DTYPE_MISMATCH, "output", -1, (int64_t)output->dtype,
                       "output dtype %s differs from data's %s", tix_dtype_name(output->dtype),
                       tix_dtype_name(split.dtype));
    }
    if (output->rank < 0 || output->rank > TIX_MAX_RANK) {
        return ov_fail(call, TIX_STATUS_INVALID_RANK, "output", -1, output->rank,
                       "output rank %d is outside [0, %d]", (int)output->rank, TIX_MAX_RANK);
    }
    bool same = output->rank == rank;
    for (int32_t d = 0; same && d < rank; d++)
        same = output->shape[d] == shape[d];
    if (!same) {
        char expected[96], got[96];
        format_shape(expected, sizeof expected, rank, shape);
        format_shape(got, sizeof got, output->rank, output->shape);
        return ov_fail(call, TIX_STATUS_SHAPE_MISMATCH, "output", -1, 0,
                       "output shape %s should be %s", got, expected);
    }
    split.data = output->data;
    for (int32_t d = plan->flatten; d < split.rank; d++) {
        split.strides[d] = output->strides[d - plan->flatten + 1];
    }
    /* Row-major split of dimension 0: batch dim d steps by output's stride 0 times the sizes
     * of the batch dims after it. Size-1 dims get stride 0 (never stepped). An empty output
     * uses no strides at all. */
    int64_t inner = 1;
    for (int32_t d = plan->flatten - 1; d >= 0; d--) {
        int64_t n = split.shape[d];
        split.strides[d] = 0;
        if (shape[0] == 0 || n == 1)
            continue;
        /* n >= 2 here, so output's own reach, |stride 0| * (shape[0] - 1), is at least this. */
        if (!multiply(output->strides[0], inner, &split.strides[d])) {
            return ov_fail(call, TIX_STATUS_INVALID_STRIDES, "output", 0, output->strides[0],
                           "output stride %lld of dimension 0 reaches beyond int64",
                           (long long)output->strides[0]);
        }
        inner *= n; /* at most shape[0], which fits */
    }
    return ov_core_result(call, core_run(call, plan, &split));
}

tix_status tix_openvino_run(const tix_openvino_node* node, const tix_tensor* inputs,
                            size_t input_count, const tix_tensor* output,
                            const tix_options* options) {
    ov_call call;
    ov_plan plan;
    tix_status status = prepare(&call, &plan, node, inputs, input_count, output, options);
    if (status != TIX_STATUS_OK)
        return status;
    if (plan.flatten > 0)
        return run_flattened(&call, &plan, output);
    return ov_core_result(&call, core_run(&call, &plan, output));
}
