/* tix_onnx: the ONNX front end of tix.
 *
 * Runs one ONNX node of the gather/scatter family, strict to the schema of the operator version
 * that the model's opset selects:
 *
 *   Gather 1, 11, 13                 -> tix_gather (batch_dims 0)
 *   GatherElements 11, 13            -> tix_gather_elements
 *   GatherND 11, 12, 13              -> tix_gather_nd
 *   Scatter 9 (deprecated from 11)   -> tix_scatter_elements
 *   ScatterElements 11, 13, 16, 18   -> tix_scatter_elements
 *   ScatterND 11, 13, 16, 18         -> tix_scatter_nd
 *
 * What each version allows, and what is an error (status, with a diagnostic naming the rule):
 * - attributes: axis (Gather, GatherElements, Scatter, ScatterElements; an INT, default 0),
 *   batch_dims (GatherND from 12; an INT >= 0, default 0), reduction (ScatterElements and
 *   ScatterND from 16: a STRING "none", "add" or "mul"; "max" and "min" from 18). Any other
 *   attribute, a repeated one or one of another type: TIX_STATUS_INVALID_ATTRIBUTE.
 * - data types: the 15 ONNX tensor types (bool, string, integers, float16/32/64, complex64/128);
 *   bfloat16 from version 13 (Scatter-9 and ScatterElements-11 never); no float8.
 *   Index types: int32 and int64; GatherND and ScatterND int64 only.
 * - GatherND: indices.shape[-1] in [1, rank(data) - batch_dims].
 * - Scatter with opset >= 11: ONNX deprecated it (its checker rejects it): use ScatterElements.
 *
 * Semantics: indices in [-s, s-1], negatives counting from the end; any other index is an error
 * (TIX_STATUS_INDEX_OUT_OF_RANGE). Where the specification is silent, tix does what ONNX Runtime
 * does: Gather-1 and Scatter-9 accept negative indices like their successors; an out-of-range
 * ScatterND index is an error; a reduction on bool is or/and (add/max: or; mul/min: and).
 * Duplicate indices with reduction "none" (which ONNX says should not happen) resolve to the
 * last update in row-major order, as everywhere in tix.
 *
 * Options: only options->executor, options->diagnostic and options->accumulation are used
 * (ONNX leaves the order of duplicate reductions open, so the order of float sums and products
 * is the caller's: tix.h, "Reductions"). The semantic fields (negative_indices, out_of_range,
 * reduction, exclude_self, fill_value) are set by the operator version, and a caller who sets
 * any of them gets TIX_STATUS_INVALID_OPTION.
 */
#ifndef TIX_ONNX_H
#define TIX_ONNX_H

#include <tix.h>

#ifdef __cplusplus
extern "C" {
#endif

/* AttributeProto.AttributeType values. */
typedef enum tix_onnx_attribute_type {
    TIX_ONNX_ATTRIBUTE_UNDEFINED = 0,
    TIX_ONNX_ATTRIBUTE_FLOAT = 1,
    TIX_ONNX_ATTRIBUTE_INT = 2,
    TIX_ONNX_ATTRIBUTE_STRING = 3,
    TIX_ONNX_ATTRIBUTE_TENSOR = 4,
    TIX_ONNX_ATTRIBUTE_GRAPH = 5,
    TIX_ONNX_ATTRIBUTE_FLOATS = 6,
    TIX_ONNX_ATTRIBUTE_INTS = 7,
    TIX_ONNX_ATTRIBUTE_STRINGS = 8
} tix_onnx_attribute_type;

typedef struct tix_onnx_attribute {
    const char* name;
    tix_onnx_attribute_type type;
    int64_t i;     /* TIX_ONNX_ATTRIBUTE_INT */
    const char* s; /* TIX_ONNX_ATTRIBUTE_STRING, NUL-terminated */
} tix_onnx_attribute;

typedef struct tix_onnx_node {
    const char* op_type; /* "Gather", "ScatterND", ... */
    const char* domain;  /* "" or "ai.onnx"; NULL means "" */
    int64_t opset;       /* the model's opset import for that domain */
    const tix_onnx_attribute* attributes;
    size_t attribute_count;
} tix_onnx_node;

/* The operator version that `opset` selects for op_type (the largest version <= opset), or 0
 * when op_type is not one of the six or did not exist yet. */
TIX_API int tix_onnx_operator_version(const char* op_type, int64_t opset);

/* Checks the node and its inputs (in ONNX order: data, indices[, updates]; read only for their
 * dtype and shape) and writes the output's dtype, shape and dense strides, with data NULL. */
TIX_API tix_status tix_onnx_infer(const tix_onnx_node* node, const tix_tensor* inputs,
                                  size_t input_count, tix_tensor* output,
                                  const tix_options* options);

/* Runs the node, writing its one output. */
TIX_API tix_status tix_onnx_run(const tix_onnx_node* node, const tix_tensor* inputs,
                                size_t input_count, const tix_tensor* output,
                                const tix_options* options);

#ifdef __cplusplus
}
#endif

#endif /* TIX_ONNX_H */
