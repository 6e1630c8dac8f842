/* tix_openvino: the OpenVINO front end of tix.
 *
 * Runs one OpenVINO operation of the gather/scatter family, as its versioned specification
 * (docs/.../operation-specs/movement/<op>-<version>.rst) defines it, by translating the
 * operation's attributes and inputs into one call of the tix core:
 *
 *   Gather-1, 7, 8                   -> tix_gather
 *   GatherElements-6                 -> tix_gather_elements
 *   GatherND-5, 8                    -> tix_gather_nd
 *   ScatterUpdate-3                  -> tix_scatter (batch_dims 0)
 *   ScatterElementsUpdate-3, 12      -> tix_scatter_elements
 *   ScatterNDUpdate-3, 15            -> tix_scatter_nd
 *
 * The front end moves no data: besides the attributes it only builds views of the caller's
 * tensors (GatherND's broadcast batch dimensions and GatherND-5's flattened output, and
 * ScatterNDUpdate's one-element updates seen as a scalar).
 *
 * Inputs, in OpenVINO port order (an extra or a missing one: TIX_STATUS_INVALID_INPUT_COUNT):
 *   Gather                 data, indices, axis
 *   GatherElements         data, indices
 *   GatherND               data, indices
 *   ScatterUpdate          data, indices, updates, axis
 *   ScatterElementsUpdate  data, indices, updates, axis
 *   ScatterNDUpdate        data, indices, updates
 * `axis` is a host tensor of any integer dtype, a scalar or a 1-D tensor of one element; its
 * value is read from its data (also by tix_openvino_infer). Otherwise: INVALID_DTYPE,
 * INVALID_RANK, INVALID_SHAPE or NULL_POINTER, with diagnostic argument "axis".
 *
 * Attributes are the strings of the IR's <data name="value"/>:
 * - integers (axis, batch_dims): decimal, an optional sign, nothing else ("1 " and "1.0" are
 *   errors), within int64;
 * - use_init_val: "true", "false", "1" or "0", in any letter case (as the IR reader);
 * - reduction: one of the version's names, in any letter case (as OpenVINO's enum reader);
 *   "sum " (with a space) is not a name.
 * An attribute the version does not have, a repeated one, a value that does not parse, or a
 * missing required one: TIX_STATUS_INVALID_ATTRIBUTE (argument: the attribute's name, or
 * "attributes" for a name the version does not know). An unknown type or version:
 * TIX_STATUS_UNSUPPORTED_OPERATOR, with a message that lists the supported ones.
 *
 * What each version does. s is the size of the dimension an index addresses. "Error" means
 * TIX_STATUS_INDEX_OUT_OF_RANGE and, for a scatter, an untouched output.
 * - Gather-1: no attributes. axis in [-r, r-1]. Indices of any integer dtype in [0, s-1];
 *   negative or >= s: error. output = data.shape[:axis] + indices.shape + data.shape[axis+1:].
 * - Gather-7: attribute batch_dims (default 0) in [-min(rank(data), rank(indices)),
 *   min(rank(data), rank(indices))], negative meaning + rank(indices); normalized it must not
 *   exceed the normalized axis (otherwise TIX_STATUS_INVALID_BATCH_DIMS), and the first
 *   batch_dims dimensions of data and indices must be equal. 0-D indices are allowed. Indices
 *   as Gather-1. output = data.shape[:axis] + indices.shape[batch_dims:] +
 *   data.shape[axis+1:].
 * - Gather-8: as Gather-7, but an index in [-s, -1] counts from the end, and an index still
 *   outside [0, s-1] writes zero (all bits zero; "" for strings) instead of failing:
 *   indices [3, 10, -20] on data [1, 2, 3, 4, 5] give [4, 0, 0].
 * - GatherElements-6: attribute axis, required, in [-r, r-1]. Indices int32 or int64 only
 *   (otherwise TIX_STATUS_INVALID_INDEX_DTYPE), of the rank of data and of the same shape
 *   except along axis (otherwise TIX_STATUS_SHAPE_MISMATCH: stricter than tix_gather_elements,
 *   which accepts smaller dimensions). Indices in [0, s-1], otherwise error.
 *   output.shape = indices.shape.
 * - GatherND-5: attribute batch_dims (default 0) in [0, min(rank(data), rank(indices)) - 1]
 *   (otherwise TIX_STATUS_INVALID_BATCH_DIMS). The first batch_dims dimensions of data and
 *   indices must be equal or one of them 1, which is broadcast to the other (tix gives the core
 *   a view with stride 0); otherwise TIX_STATUS_SHAPE_MISMATCH. Indices of any integer dtype;
 *   each tuple component in [0, s-1], otherwise error. k = indices.shape[-1] <= rank(data) -
 *   batch_dims. The batch dimensions are flattened into one:
 *     output.shape = [product of the batch dims] + indices.shape[b:-1] + data.shape[b+k:]
 *   (with batch_dims 0 there is no leading product: indices.shape[:-1] + data.shape[k:]).
 * - GatherND-8: as GatherND-5, but the batch dimensions are kept:
 *     output.shape = batch dims + indices.shape[b:-1] + data.shape[b+k:]
 *   and a tuple component in [-s, -1] counts from the end (OpenVINO 2025.3 and later); one still
 *   outside [0, s-1] is an error (OpenVINO's reference does not check).
 *   Note: the batch dims of both GatherND versions are the broadcast sizes. The specification
 *   text allows broadcasting; OpenVINO's own shape inference requires them equal, so tix
 *   accepts a superset of what OpenVINO runs.
 * - ScatterUpdate-3: no attributes. axis in [-r, r-1]. updates.shape = data.shape[:axis] +
 *   indices.shape + data.shape[axis+1:]. Indices of any integer dtype in [0, s-1]; negative or
 *   >= s: error (the specification says an exception is raised).
 * - ScatterElementsUpdate-3: no attributes. axis in [-r, r-1]. updates.shape = indices.shape,
 *   each dimension at most data's except along axis, where any size is allowed (the wording of
 *   version 12; version 3's text says every dimension, and OpenVINO's shape inference, shared by
 *   both versions, checks none). Indices of any integer dtype in [0, s-1]; negative or >= s:
 *   error.
 * - ScatterElementsUpdate-12: attributes reduction (none, sum, prod, min, max, mean; default
 *   none; sum is TIX_REDUCTION_ADD, prod TIX_REDUCTION_MUL) and use_init_val (default true;
 *   false is options.exclude_self: every element that some update addresses starts from the
 *   reduction's identity instead of data; ignored for none). An index in [-s, -1] counts from
 *   the end; one still outside [0, s-1] is an error. Integer mean rounds toward negative
 *   infinity; mean divides by the number of updates, plus one with use_init_val. bool: sum is
 *   or, prod is and, mean is TIX_STATUS_UNSUPPORTED_REDUCTION.
 *   Known difference: with use_init_val false, OpenVINO's reference starts max from the lowest
 *   finite value of a floating type and min from the highest, where tix starts from -inf and
 *   +inf. The results differ only when every update to an element is -inf (max) or +inf (min):
 *   OpenVINO gives -FLT_MAX / FLT_MAX (or the type's), tix gives the infinity.
 * - ScatterNDUpdate-3: no attributes. Indices int32 or int64 only; k = indices.shape[-1] <=
 *   rank(data); each tuple component in [0, s-1], otherwise error. updates.shape =
 *   indices.shape[:-1] + data.shape[k:]; when that is rank 0, updates may also be any tensor
 *   of exactly one element (the specification allows it).
 * - ScatterNDUpdate-15: as ScatterNDUpdate-3, plus attribute reduction (none, sum, sub, prod,
 *   min, max; default none; sub is out = out - update), and a tuple component in [-s, -1]
 *   counts from the end. bool: sum is or, sub is xor, prod and min are and, max is or.
 *   OpenVINO's reference checks only the flattened offset; tix checks every component.
 * Duplicate indices: OpenVINO leaves the order undefined; tix applies updates in row-major
 * order of the updates, so with reduction none the last one wins (float sum, sub and prod may
 * go in chunks instead, as options.accumulation chooses).
 * Element types: whatever the core accepts (tix.h); the front end does not narrow them.
 *
 * Options: only options->executor, options->diagnostic and options->accumulation (the order
 * of float sums, which OpenVINO leaves open: tix.h, "Reductions") are used. The semantic fields
 * (negative_indices, out_of_range, reduction, exclude_self, fill_value) are set by the version;
 * a caller who sets any of them gets TIX_STATUS_INVALID_OPTION (argument "options"), so nothing
 * is silently overridden. Diagnostic messages start with the versioned name, e.g.
 * "ScatterElementsUpdate-12: attribute reduction = 'avg' is not one of none, sum, prod, min,
 * max, mean"; errors found by the core keep its argument, dimension, position and value.
 */
#ifndef TIX_OPENVINO_H
#define TIX_OPENVINO_H

#include <tix.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One attribute as in the IR XML <data name="value"/>: both NUL-terminated. */
typedef struct tix_openvino_attribute {
    const char* name;
    const char* value;
} tix_openvino_attribute;

typedef struct tix_openvino_node {
    const char* type; /* "Gather", "GatherElements", "GatherND", "ScatterUpdate",
                         "ScatterElementsUpdate", "ScatterNDUpdate" (exact spelling) */
    int version;      /* Gather 1/7/8, GatherElements 6, GatherND 5/8, ScatterUpdate 3,
                         ScatterElementsUpdate 3/12, ScatterNDUpdate 3/15 */
    const tix_openvino_attribute* attributes; /* may be NULL when attribute_count is 0 */
    size_t attribute_count;
} tix_openvino_node;

/* Checks the node and its inputs (read only for dtype and shape, except the axis input, whose
 * value is read) and writes the output's dtype, shape and dense strides, with data NULL. */
TIX_API tix_status tix_openvino_infer(const tix_openvino_node* node, const tix_tensor* inputs,
                                      size_t input_count, tix_tensor* output,
                                      const tix_options* options);

/* Runs the node, writing its one output, which must have exactly the inferred dtype and shape
 * (any strides; a scatter may run in place with output the same view as inputs[0]). */
TIX_API tix_status tix_openvino_run(const tix_openvino_node* node, const tix_tensor* inputs,
                                    size_t input_count, const tix_tensor* output,
                                    const tix_options* options);

#ifdef __cplusplus
}
#endif

#endif /* TIX_OPENVINO_H */
