/* tix_directml: the DirectML front end of tix.
 *
 * Structs in the shape of DirectML's operator descs (directml.h), each run by one core call:
 *
 *   DML_GATHER_OPERATOR_DESC            tix_dml_gather            -> tix_gather
 *   DML_GATHER_ELEMENTS_OPERATOR_DESC   tix_dml_gather_elements   -> tix_gather_elements
 *   DML_GATHER_ND_OPERATOR_DESC         tix_dml_gather_nd         -> tix_gather_nd
 *   DML_GATHER_ND1_OPERATOR_DESC        tix_dml_gather_nd1        -> tix_gather_nd (batch_dims)
 *   DML_SCATTER_OPERATOR_DESC           tix_dml_scatter           -> tix_scatter_elements
 *     (= DML_SCATTER_ELEMENTS_OPERATOR_DESC, tix_dml_scatter_elements)
 *   DML_SCATTER_ND_OPERATOR_DESC        tix_dml_scatter_nd        -> tix_scatter_nd
 *
 * The front end only translates: it checks the desc against DirectML's rules, builds tix_tensor
 * views of the caller's buffers and makes the core call, which moves the data.
 *
 * Tensors (tix_dml_buffer_tensor_desc, after DML_BUFFER_TENSOR_DESC)
 * - DimensionCount 1 to 8, the same for every tensor of one operator (TIX_STATUS_INVALID_RANK).
 *   A lower rank is written right-aligned, padded with leading sizes of 1.
 * - Every size >= 1: DirectML has no empty tensors (TIX_STATUS_INVALID_SHAPE); at most 2^32-1
 *   elements (TIX_STATUS_INVALID_SHAPE); and the strides must fit the tensor in a buffer of
 *   2^32-1 elements, so reach no element past 2^32-2 (TIX_STATUS_INVALID_STRIDES).
 * - Strides are optional, in elements; NULL means packed row-major; 0 broadcasts; larger strides
 *   pad. The output may not have two elements in the same place (TIX_STATUS_ALIASING).
 * - data: the address of element {0, ..., 0}, never NULL (TIX_STATUS_NULL_POINTER). DirectML
 *   binds buffers apart from the desc; tix needs the address in it.
 * - Data types: the eleven of DML_TENSOR_DATA_TYPE below (anything else: INVALID_DTYPE). Index
 *   tensors: INT32, INT64, UINT32, UINT64 (other types: INVALID_INDEX_DTYPE). The output (and
 *   the updates) have the input's data type (TIX_STATUS_DTYPE_MISMATCH). tix accepts FLOAT64,
 *   INT64 and UINT64 data for all six descs; the pages list them for GATHER and SCATTER only.
 *
 * Indices: an index i into a dimension of size s addresses i when 0 <= i < s, and i + s when
 * -s <= i < 0 with a signed index type (DirectML from feature level 3.0; unsigned indices are
 * never negative). Any other index is invalid. DirectML does not fail on one: its pages promise
 * only that reads stay inside the input, and leave the result undefined. tix's choice, never an
 * error:
 * - gathers clamp the index into [0, s-1] (what is left after the negative wrap): a too small
 *   index reads element 0, a too large one (uint64 above INT64_MAX included) element s-1; each
 *   coordinate of an ND index tuple is clamped on its own;
 * - scatters drop the update: nothing is written for it, and no other element changes; an ND
 *   tuple with one invalid coordinate drops its whole slice.
 * Two updates to one output element: DirectML calls this invalid and does not say which wins;
 * in tix the last update in row-major order of the indices wins.
 *
 * Memory: an output that overlaps an input fails with TIX_STATUS_ALIASING (DirectML says
 * nothing), except that a scatter may run in place: OutputTensor describing exactly the memory
 * of InputTensor (same data, sizes and strides; the strides of size-1 dimensions do not count).
 * A failed scatter leaves its output untouched.
 *
 * Options: options may be NULL. Only options->executor, options->diagnostic and
 * options->accumulation are used (no DirectML scatter reduces, so accumulation changes no
 * result); the semantics are DirectML's, so a caller who sets negative_indices, out_of_range,
 * reduction, exclude_self or fill_value gets TIX_STATUS_INVALID_OPTION.
 *
 * Diagnostics: messages start with the operator ("DML_GATHER: ...", or "DML_GATHER (tix_gather):
 * ..." for what the core call finds, such as overlapping memory) and name the desc field;
 * diagnostic->argument is "desc", "InputTensor", "IndicesTensor", "UpdatesTensor",
 * "OutputTensor", "Axis", "IndexDimensions", "InputDimensionCount", "IndicesDimensionCount",
 * "BatchDimensionCount" or "options", and diagnostic->dimension counts DirectML dimensions.
 */
#ifndef TIX_DIRECTML_H
#define TIX_DIRECTML_H

#include <tix.h>

#ifdef __cplusplus
extern "C" {
#endif

/* DML_TENSOR_DATA_TYPE, with its values. */
typedef enum tix_dml_tensor_data_type {
    TIX_DML_TENSOR_DATA_TYPE_UNKNOWN = 0, /* never valid */
    TIX_DML_TENSOR_DATA_TYPE_FLOAT32 = 1,
    TIX_DML_TENSOR_DATA_TYPE_FLOAT16 = 2,
    TIX_DML_TENSOR_DATA_TYPE_UINT32 = 3,
    TIX_DML_TENSOR_DATA_TYPE_UINT16 = 4,
    TIX_DML_TENSOR_DATA_TYPE_UINT8 = 5,
    TIX_DML_TENSOR_DATA_TYPE_INT32 = 6,
    TIX_DML_TENSOR_DATA_TYPE_INT16 = 7,
    TIX_DML_TENSOR_DATA_TYPE_INT8 = 8,
    TIX_DML_TENSOR_DATA_TYPE_FLOAT64 = 9,
    TIX_DML_TENSOR_DATA_TYPE_UINT64 = 10,
    TIX_DML_TENSOR_DATA_TYPE_INT64 = 11
} tix_dml_tensor_data_type;

/* The tix element type of a DirectML data type; TIX_DTYPE_UNDEFINED for UNKNOWN or a value
 * outside the enumeration. */
TIX_API tix_dtype tix_dml_dtype(tix_dml_tensor_data_type data_type);

#define TIX_DML_TENSOR_DIMENSION_COUNT_MAX 8

/* DML_BUFFER_TENSOR_DESC with the address of the elements (Flags, TotalTensorSizeInBytes and
 * GuaranteedBaseOffsetAlignment are of no use to tix and left out). */
typedef struct tix_dml_buffer_tensor_desc {
    tix_dml_tensor_data_type data_type;
    uint32_t dimension_count; /* 1 to 8 */
    const uint32_t* sizes;    /* dimension_count sizes, each >= 1 */
    const uint32_t* strides;  /* NULL (packed row-major) or dimension_count strides, in elements */
    void* data;               /* element {0, ..., 0} */
} tix_dml_buffer_tensor_desc;

/* DML_GATHER_OPERATOR_DESC: slices of InputTensor along Axis, one per index.
 *   output[a.., j.., b..] = input[a.., indices[j..], b..]
 * With D = DimensionCount (of all three) and k = IndexDimensions, the meaningful indices are the
 * last k dimensions of IndicesTensor; the first D-k sizes must be 1. The output sizes are
 *   { InputTensor.Sizes[0..Axis), IndicesTensor.Sizes[D-k..D), InputTensor.Sizes[Axis+1..D) }
 * (D-1+k sizes) right-aligned into D: when k > 1 the first k-1 of them do not fit and must be 1
 * (normally the 1s that pad the input), when k = 0 OutputTensor.Sizes[0] is 1.
 * Axis in [0, D) (TIX_STATUS_INVALID_AXIS); IndexDimensions in [0, D]
 * (TIX_STATUS_INVALID_ATTRIBUTE). The page says [0, D) but its own first example gathers 1-D
 * with IndexDimensions 1, so tix allows k = D. (Its example 3 prints IndexDimensions 2 where its
 * pseudocode and output need 1.) */
typedef struct tix_dml_gather_operator_desc {
    const tix_dml_buffer_tensor_desc* input_tensor;
    const tix_dml_buffer_tensor_desc* indices_tensor;
    const tix_dml_buffer_tensor_desc* output_tensor;
    uint32_t axis;
    uint32_t index_dimensions;
} tix_dml_gather_operator_desc;

/* DML_GATHER_ELEMENTS_OPERATOR_DESC: one element per index along Axis.
 *   output[c] = input[c with c[Axis] replaced by indices[c]]
 * IndicesTensor.Sizes equal InputTensor.Sizes in every dimension but Axis (stricter than
 * tix_gather_elements; TIX_STATUS_SHAPE_MISMATCH); OutputTensor.Sizes equal IndicesTensor.Sizes.
 * Axis in [0, D). */
typedef struct tix_dml_gather_elements_operator_desc {
    const tix_dml_buffer_tensor_desc* input_tensor;
    const tix_dml_buffer_tensor_desc* indices_tensor;
    const tix_dml_buffer_tensor_desc* output_tensor;
    uint32_t axis;
} tix_dml_gather_elements_operator_desc;

/* DML_GATHER_ND_OPERATOR_DESC: whole sub-blocks of InputTensor addressed by index tuples.
 * The meaningful input is its last n = InputDimensionCount dimensions, the meaningful indices
 * the last m = IndicesDimensionCount dimensions of IndicesTensor (both in [1, D],
 * TIX_STATUS_INVALID_ATTRIBUTE; the sizes before them must be 1, TIX_STATUS_SHAPE_MISMATCH).
 * The last indices dimension holds the tuples: t = IndicesTensor.Sizes[D-1] coordinates, t <= n
 * (TIX_STATUS_SHAPE_MISMATCH); coordinate c indexes meaningful input dimension c.
 *   output[j.., e..] = input[indices[j.., 0..t-1], e..]
 * Output sizes { IndicesTensor.Sizes[D-m..D-1), InputTensor.Sizes[D-n+t..D) }, right-aligned
 * into D with leading 1s (sizes that do not fit must be 1). The page writes the second part as
 * InputTensor.Sizes[D-t..D), which its own examples contradict: their {6,7} from input
 * {3,4,5,6,7} with t = 3, and output {1,1,2,2} in example 2, need D-n+t. */
typedef struct tix_dml_gather_nd_operator_desc {
    const tix_dml_buffer_tensor_desc* input_tensor;
    const tix_dml_buffer_tensor_desc* indices_tensor;
    const tix_dml_buffer_tensor_desc* output_tensor;
    uint32_t input_dimension_count;
    uint32_t indices_dimension_count;
} tix_dml_gather_nd_operator_desc;

/* DML_GATHER_ND1_OPERATOR_DESC: DML_GATHER_ND with batches. The first b = BatchDimensionCount
 * meaningful dimensions of InputTensor and IndicesTensor are batches, equal in size
 * (TIX_STATUS_SHAPE_MISMATCH); b < n and b < m (TIX_STATUS_INVALID_BATCH_DIMS); t <= n - b.
 *   output[batch.., j.., e..] = input[batch.., indices[batch.., j.., 0..t-1], e..]
 * Output sizes { IndicesTensor.Sizes[D-m..D-1), InputTensor.Sizes[D-n+b+t..D) }, right-aligned.
 * With b = 0 it is DML_GATHER_ND. */
typedef struct tix_dml_gather_nd1_operator_desc {
    const tix_dml_buffer_tensor_desc* input_tensor;
    const tix_dml_buffer_tensor_desc* indices_tensor;
    const tix_dml_buffer_tensor_desc* output_tensor;
    uint32_t input_dimension_count;
    uint32_t indices_dimension_count;
    uint32_t batch_dimension_count;
} tix_dml_gather_nd1_operator_desc;

/* DML_SCATTER_OPERATOR_DESC (= DML_SCATTER_ELEMENTS_OPERATOR_DESC), the inverse of
 * DML_GATHER_ELEMENTS:
 *   output = input;
 *   for each c in row-major order: output[c with c[Axis] replaced by indices[c]] = updates[c]
 * IndicesTensor.Sizes equal InputTensor.Sizes in every dimension but Axis; UpdatesTensor.Sizes
 * equal IndicesTensor.Sizes; OutputTensor.Sizes equal InputTensor.Sizes
 * (TIX_STATUS_SHAPE_MISMATCH). Axis in [0, D). */
typedef struct tix_dml_scatter_operator_desc {
    const tix_dml_buffer_tensor_desc* input_tensor;
    const tix_dml_buffer_tensor_desc* indices_tensor;
    const tix_dml_buffer_tensor_desc* updates_tensor;
    const tix_dml_buffer_tensor_desc* output_tensor;
    uint32_t axis;
} tix_dml_scatter_operator_desc;

typedef tix_dml_scatter_operator_desc tix_dml_scatter_elements_operator_desc;

/* DML_SCATTER_ND_OPERATOR_DESC, the inverse of DML_GATHER_ND:
 *   output = input;  for each tuple position j in row-major order:
 *       output[indices[j.., 0..t-1], e..] = updates[j.., e..]
 * InputDimensionCount and IndicesDimensionCount as for DML_GATHER_ND, in [1, D] (the page says
 * [1, D) but its example needs IndicesDimensionCount = D); UpdatesTensor.Sizes are the sizes
 * DML_GATHER_ND would give its output; OutputTensor.Sizes equal InputTensor.Sizes. */
typedef struct tix_dml_scatter_nd_operator_desc {
    const tix_dml_buffer_tensor_desc* input_tensor;
    const tix_dml_buffer_tensor_desc* indices_tensor;
    const tix_dml_buffer_tensor_desc* updates_tensor;
    const tix_dml_buffer_tensor_desc* output_tensor;
    uint32_t input_dimension_count;
    uint32_t indices_dimension_count;
} tix_dml_scatter_nd_operator_desc;

/* Each call checks the whole desc, then runs the operator. Errors: NULL_POINTER (desc, a tensor
 * desc, its sizes or its data), INVALID_RANK, INVALID_SHAPE, INVALID_STRIDES, INVALID_DTYPE,
 * INVALID_INDEX_DTYPE, DTYPE_MISMATCH, SHAPE_MISMATCH, INVALID_AXIS, INVALID_ATTRIBUTE,
 * INVALID_BATCH_DIMS, INVALID_OPTION, ALIASING, as described above. */
TIX_API tix_status tix_dml_gather(const tix_dml_gather_operator_desc* desc,
                                  const tix_options* options);
TIX_API tix_status tix_dml_gather_elements(const tix_dml_gather_elements_operator_desc* desc,
                                           const tix_options* options);
TIX_API tix_status tix_dml_gather_nd(const tix_dml_gather_nd_operator_desc* desc,
                                     const tix_options* options);
TIX_API tix_status tix_dml_gather_nd1(const tix_dml_gather_nd1_operator_desc* desc,
                                      const tix_options* options);
TIX_API tix_status tix_dml_scatter(const tix_dml_scatter_operator_desc* desc,
                                   const tix_options* options);
TIX_API tix_status tix_dml_scatter_elements(const tix_dml_scatter_elements_operator_desc* desc,
                                            const tix_options* options);
TIX_API tix_status tix_dml_scatter_nd(const tix_dml_scatter_nd_operator_desc* desc,
                                      const tix_options* options);

#ifdef __cplusplus
}
#endif

#endif /* TIX_DIRECTML_H */
