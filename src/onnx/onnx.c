/* The ONNX front end: picks the schema of the operator version the opset selects, checks the
 * node against it, and calls the core with that version's semantics. It moves no data. */
#include <string.h>

#include <tix_onnx.h>

#include "../internal.h"

typedef enum family {
    GATHER,
    GATHER_ELEMENTS,
    GATHER_ND,
    SCATTER_ELEMENTS,
    SCATTER_ND
} family;

#define REDUCTIONS_16 ((1u << TIX_REDUCTION_NONE) | (1u << TIX_REDUCTION_ADD) | (1u << TIX_REDUCTION_MUL))
#define REDUCTIONS_18 (REDUCTIONS_16 | (1u << TIX_REDUCTION_MAX) | (1u << TIX_REDUCTION_MIN))

/* One version of one operator, as the ONNX changelog defines it. */
typedef struct schema {
    const char* op_type;
    int version;
    family family;
    size_t inputs;
    const char* attributes[2]; /* the attributes it has */
    unsigned reductions;       /* bit per tix_reduction its "reduction" attribute allows */
    bool int64_indices_only;
    bool bfloat16;
    bool deprecated;
} schema;

static const schema schemas[] = {
    {"Gather", 1, GATHER, 2, {"axis"}, 0, false, false, false},
    {"Gather", 11, GATHER, 2, {"axis"}, 0, false, false, false},
    {"Gather", 13, GATHER, 2, {"axis"}, 0, false, true, false},
    {"GatherElements", 11, GATHER_ELEMENTS, 2, {"axis"}, 0, false, false, false},
    {"GatherElements", 13, GATHER_ELEMENTS, 2, {"axis"}, 0, false, true, false},
    {"GatherND", 11, GATHER_ND, 2, {NULL}, 0, true, false, false},
    {"GatherND", 12, GATHER_ND, 2, {"batch_dims"}, 0, true, false, false},
    {"GatherND", 13, GATHER_ND, 2, {"batch_dims"}, 0, true, true, false},
    {"Scatter", 9, SCATTER_ELEMENTS, 3, {"axis"}, 0, false, false, false},
    {"Scatter", 11, SCATTER_ELEMENTS, 3, {"axis"}, 0, false, false, true},
    {"ScatterElements", 11, SCATTER_ELEMENTS, 3, {"axis"}, 0, false, false, false},
    {"ScatterElements", 13, SCATTER_ELEMENTS, 3, {"axis"}, 0, false, true, false},
    {"ScatterElements", 16, SCATTER_ELEMENTS, 3, {"axis", "reduction"}, REDUCTIONS_16, false, true,
     false},
    {"ScatterElements", 18, SCATTER_ELEMENTS, 3, {"axis", "reduction"}, REDUCTIONS_18, false, true,
     false},
    {"ScatterND", 11, SCATTER_ND, 3, {NULL}, 0, true, false, false},
    {"ScatterND", 13, SCATTER_ND, 3, {NULL}, 0, true, true, false},
    {"ScatterND", 16, SCATTER_ND, 3, {"reduction"}, REDUCTIONS_16, true, true, false},
    {"ScatterND", 18, SCATTER_ND, 3, {"reduction"}, REDUCTIONS_18, true, true, false},
};

static const char* const reduction_names[] = {
    [TIX_REDUCTION_NONE] = "none", [TIX_REDUCTION_ADD] = "add", [TIX_REDUCTION_MUL] = "mul",
    [TIX_REDUCTION_MAX] = "max",   [TIX_REDUCTION_MIN] = "min",
};

static const schema* find_schema(const char* op_type, int64_t opset) {
    const schema* found = NULL;
    for (size_t i = 0; i < sizeof schemas / sizeof schemas[0]; i++) {
        if (strcmp(schemas[i].op_type, op_type) == 0 && schemas[i].version <= opset) {
            found = &schemas[i]; /* the table lists versions in increasing order */
        }
    }
    return found;
}

int tix_onnx_operator_version(const char* op_type, int64_t opset) {
    const schema* s = op_type != NULL ? find_schema(op_type, opset) : NULL;
    return s != NULL ? s->version : 0;
}

/* The node translated into a core call. */
typedef struct translation {
    const schema* schema;
    int64_t axis;
    int64_t batch_dims;
    tix_options options;
} translation;

static bool has_attribute(const schema* s, const char* name) {
    for (size_t i = 0; i < sizeof s->attributes / sizeof s->attributes[0]; i++) {
        if (s->attributes[i] != NULL && strcmp(s->attributes[i], name) == 0) return true;
    }
    return false;
}

static tix_status read_attribute(const tix_onnx_attribute* a, translation* t, tix_diagnostic* diag) {
    const schema* s = t->schema;
    if (a->name == NULL || !has_attribute(s, a->name)) {
        return tix__fail(diag, TIX_STATUS_INVALID_ATTRIBUTE, "attributes", -1, -1, 0,
                         "%s-%d has no attribute '%s'", s->op_type, s->version,
                         a->name != NULL ? a->name : "(null)");
    }
    bool is_reduction = strcmp(a->name, "reduction") == 0;
    tix_onnx_attribute_type wanted = is_reduction ? TIX_ONNX_ATTRIBUTE_STRING : TIX_ONNX_ATTRIBUTE_INT;
    if (a->type != wanted || (is_reduction && a->s == NULL)) {
        return tix__fail(diag, TIX_STATUS_INVALID_ATTRIBUTE, "attributes", -1, -1, a->type,
                         "%s-%d: attribute '%s' must be an %s", s->op_type, s->version, a->name,
                         is_reduction ? "STRING" : "INT");
    }
    if (strcmp(a->name, "axis") == 0) {
        t->axis = a->i;
    } else if (strcmp(a->name, "batch_dims") == 0) {
        if (a->i < 0) {
            return tix__fail(diag, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims", -1, -1, a->i,
                             "%s-%d: batch_dims = %lld must be >= 0", s->op_type, s->version,
                             (long long)a->i);
        }
        t->batch_dims = a->i;
    } else {
        for (unsigned r = 0; r < sizeof reduction_names / sizeof reduction_names[0]; r++) {
            if (reduction_names[r] != NULL && strcmp(reduction_names[r], a->s) == 0 &&
                (s->reductions & (1u << r))) {
                t->options.reduction = (tix_reduction)r;
                return TIX_STATUS_OK;
            }
        }
        return tix__fail(diag, TIX_STATUS_INVALID_ATTRIBUTE, "reduction", -1, -1, 0,
                         "%s-%d: reduction = '%s' is not one of none, add, mul%s", s->op_type,
                         s->version, a->s, s->reductions & (1u << TIX_REDUCTION_MAX) ? ", max, min"
                                                                                      : "");
    }
    return TIX_STATUS_OK;
}

/* The ONNX type constraints of the version: T for data, Tind for indices. */
static tix_status check_types(const translation* t, const tix_tensor* inputs, tix_diagnostic* diag) {
    const schema* s = t->schema;
    tix_dtype data = inputs[0].dtype, indices = inputs[1].dtype;
    tix__kind kind = tix__dtype_kind(data);
    if (kind == TIX__KIND_INVALID || kind == TIX__KIND_FLOAT8 ||
        (data == TIX_DTYPE_BFLOAT16 && !s->bfloat16)) {
        return tix__fail(diag, TIX_STATUS_INVALID_DTYPE, "data", -1, -1, data,
                         "%s-%d does not allow data of dtype %s", s->op_type, s->version,
                         tix_dtype_name(data));
    }
    bool allowed = indices == TIX_DTYPE_INT64 || (indices == TIX_DTYPE_INT32 && !s->int64_indices_only);
    if (!allowed) {
        return tix__fail(diag, TIX_STATUS_INVALID_INDEX_DTYPE, "indices", -1, -1, indices,
                         "%s-%d needs %s indices, not %s", s->op_type, s->version,
                         s->int64_indices_only ? "int64" : "int32 or int64", tix_dtype_name(indices));
    }
    return TIX_STATUS_OK;
}

static tix_status translate(const tix_onnx_node* node, const tix_tensor* inputs, size_t input_count,
                            const tix_options* options, translation* t) {
    tix_diagnostic* diag = options != NULL ? options->diagnostic : NULL;
    tix__succeed(diag);
    if (node == NULL || node->op_type == NULL || (inputs == NULL && input_count > 0)) {
        return tix__fail(diag, TIX_STATUS_NULL_POINTER, "node", -1, -1, 0,
                         "the node, its op_type or the inputs pointer is NULL");
    }
    const char* domain = node->domain != NULL ? node->domain : "";
    if (strcmp(domain, "") != 0 && strcmp(domain, "ai.onnx") != 0) {
        return tix__fail(diag, TIX_STATUS_UNSUPPORTED_OPERATOR, "node", -1, -1, 0,
                         "%s: domain '%s' is not the ONNX domain", node->op_type, domain);
    }
    const schema* s = find_schema(node->op_type, node->opset);
    if (s == NULL) {
        bool known = tix_onnx_operator_version(node->op_type, INT64_MAX) != 0;
        return tix__fail(diag, TIX_STATUS_UNSUPPORTED_OPERATOR, "node", -1, -1, node->opset,
                         known ? "%s does not exist in opset %lld"
                               : "%s is not one of Gather, GatherElements, GatherND, Scatter, "
                                 "ScatterElements, ScatterND (opset %lld)",
                         node->op_type, (long long)node->opset);
    }
    if (s->deprecated) {
        return tix__fail(diag, TIX_STATUS_UNSUPPORTED_OPERATOR, "node", -1, -1, node->opset,
                         "Scatter is deprecated since opset 11 and ONNX's checker rejects it "
                         "(opset %lld): use ScatterElements",
                         (long long)node->opset);
    }
    *t = (translation){.schema = s};
    if (options != NULL) {
        const tix_options* o = options;
        if (o->negative_indices || o->out_of_range || o->reduction || o->exclude_self ||
            o->fill_value != NULL) {
            return tix__fail(diag, TIX_STATUS_INVALID_OPTION, "options", -1, -1, 0,
                             "%s-%d: the ONNX front end sets the index and reduction options "
                             "itself; leave them zero",
                             s->op_type, s->version);
        }
        t->options.executor = o->executor;
        t->options.diagnostic = o->diagnostic;
        /* ONNX leaves the order of duplicate reductions open: the caller chooses it. */
        t->options.accumulation = o->accumulation;
    }
    if (input_count != s->inputs) {
        return tix__fail(diag, TIX_STATUS_INVALID_INPUT_COUNT, "inputs", -1, -1,
                         (int64_t)input_count, "%s-%d takes %zu inputs, got %zu", s->op_type,
                         s->version, s->inputs, input_count);
    }
    if (node->attributes == NULL && node->attribute_count > 0) {
        return tix__fail(diag, TIX_STATUS_NULL_POINTER, "attributes", -1, -1, 0,
                         "%s-%d: attributes is NULL with %zu attributes", s->op_type, s->version,
                         node->attribute_count);
    }
    for (size_t i = 0; i < node->attribute_count; i++) {
        const tix_onnx_attribute* a = &node->attributes[i];
        for (size_t j = 0; j < i; j++) {
            if (a->name != NULL && node->attributes[j].name != NULL &&
                strcmp(a->name, node->attributes[j].name) == 0) {
                return tix__fail(diag, TIX_STATUS_INVALID_ATTRIBUTE, "attributes", -1, -1, 0,
                                 "%s-%d: attribute '%s' appears twice", s->op_type, s->version,
                                 a->name);
            }
        }
        tix_status status = read_attribute(a, t, diag);
        if (status != TIX_STATUS_OK) return status;
    }
    tix_status status = check_types(t, inputs, diag);
    if (status != TIX_STATUS_OK) return status;
    if (s->family == GATHER_ND && inputs[1].rank >= 1 && inputs[1].rank <= TIX_MAX_RANK &&
        inputs[1].shape[inputs[1].rank - 1] == 0) {
        return tix__fail(diag, TIX_STATUS_SHAPE_MISMATCH, "indices", inputs[1].rank - 1, -1, 0,
                         "%s-%d: indices.shape[-1] = 0, but it must be in [1, rank(data) - "
                         "batch_dims]",
                         s->op_type, s->version);
    }
    return TIX_STATUS_OK;
}

/* The core call of the family: shape inference when result is set, else execution. */
static tix_status call_core(const translation* t, const tix_tensor* in, const tix_tensor* output,
                            tix_tensor* result) {
    const tix_options* o = &t->options;
    switch (t->schema->family) {
        case GATHER:
            return result ? tix_gather_shape(&in[0], &in[1], t->axis, 0, result, o)
                          : tix_gather(&in[0], &in[1], t->axis, 0, output, o);
        case GATHER_ELEMENTS:
            return result ? tix_gather_elements_shape(&in[0], &in[1], t->axis, result, o)
                          : tix_gather_elements(&in[0], &in[1], t->axis, output, o);
        case GATHER_ND:
            return result ? tix_gather_nd_shape(&in[0], &in[1], t->batch_dims, result, o)
                          : tix_gather_nd(&in[0], &in[1], t->batch_dims, output, o);
        case SCATTER_ELEMENTS:
            return result ? tix_scatter_elements_shape(&in[0], &in[1], &in[2], t->axis, result, o)
                          : tix_scatter_elements(&in[0], &in[1], &in[2], t->axis, output, o);
        default:
            return result ? tix_scatter_nd_shape(&in[0], &in[1], &in[2], 0, result, o)
                          : tix_scatter_nd(&in[0], &in[1], &in[2], 0, output, o);
    }
}

/* translate -> call_core, for both entry points. */
static tix_status run_node(const tix_onnx_node* node, const tix_tensor* inputs, size_t input_count,
                           const tix_tensor* output, tix_tensor* result,
                           const tix_options* options) {
    translation t;
    tix_status status = translate(node, inputs, input_count, options, &t);
    if (status != TIX_STATUS_OK) return status;
    if (output == NULL && result == NULL) {
        return tix__fail(t.options.diagnostic, TIX_STATUS_NULL_POINTER, "output", -1, -1, 0,
                         "output: the tensor pointer is NULL");
    }
    return call_core(&t, inputs, output, result);
}

tix_status tix_onnx_infer(const tix_onnx_node* node, const tix_tensor* inputs, size_t input_count,
                          tix_tensor* output, const tix_options* options) {
    return run_node(node, inputs, input_count, NULL, output, options);
}

tix_status tix_onnx_run(const tix_onnx_node* node, const tix_tensor* inputs, size_t input_count,
                        const tix_tensor* output, const tix_options* options) {
    return run_node(node, inputs, input_count, output, NULL, options);
}
