/* A naive N-dimensional reference implementation of the six tix operations.
 *
 * Written from the comments of include/tix.h only; it shares no code with src/. It walks every
 * output element (gathers) or every update element (scatters) in row-major order, computes the
 * full N-d coordinate, maps it through the header's formula and addresses elements through the
 * strides, one element at a time. Speed does not matter; being obviously right does.
 * A scatter with options.accumulation = TIX_ACCUMULATE_CHUNKED that reaches k >= 2 chunks keeps
 * one array of sums (one per output element) for each chunk after the first, and merges them
 * into the output in chunk order, as tix.h words it. A NaN that add, sub, mul or mean produces
 * is stored as the canonical quiet NaN (tix.h, "Reductions"), whatever the processor returned.
 *
 * Scope: the reference assumes structurally valid arguments (shapes, ranks, dtypes, axis,
 * batch_dims, no aliasing other than an in-place scatter). It returns
 *   - TIX_STATUS_INVALID_OPTION for an option enum out of range (negative_indices, out_of_range,
 *     reduction, accumulation) or a reduction on a gather, before any other check,
 *   - TIX_STATUS_UNSUPPORTED_REDUCTION for a reduction the dtype does not define (scatters),
 *   - TIX_STATUS_INDEX_OUT_OF_RANGE when any element of `indices` cannot be resolved (error mode,
 *     or clamp/wrap into an axis of size 0); a scatter then leaves the output untouched,
 *   - TIX_STATUS_OUT_OF_MEMORY if its own bookkeeping cannot be allocated,
 *   - TIX_STATUS_OK otherwise.
 * Every index of `indices` is checked, even when the output (gathers) or the updates (scatters)
 * are empty and so no index would be used.
 */
#ifndef TIX_TEST_REFERENCE_H
#define TIX_TEST_REFERENCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tix.h>

#include "ops.h"

tix_status ref_gather(const tix_tensor* data, const tix_tensor* indices, int64_t axis,
                      int64_t batch_dims, const tix_tensor* output, const tix_options* options);
tix_status ref_scatter(const tix_tensor* data, const tix_tensor* indices,
                       const tix_tensor* updates, int64_t axis, int64_t batch_dims,
                       const tix_tensor* output, const tix_options* options);
tix_status ref_gather_elements(const tix_tensor* data, const tix_tensor* indices, int64_t axis,
                               const tix_tensor* output, const tix_options* options);
tix_status ref_scatter_elements(const tix_tensor* data, const tix_tensor* indices,
                                const tix_tensor* updates, int64_t axis,
                                const tix_tensor* output, const tix_options* options);
tix_status ref_gather_nd(const tix_tensor* data, const tix_tensor* indices, int64_t batch_dims,
                         const tix_tensor* output, const tix_options* options);
tix_status ref_scatter_nd(const tix_tensor* data, const tix_tensor* indices,
                          const tix_tensor* updates, int64_t batch_dims,
                          const tix_tensor* output, const tix_options* options);

/* The reference's call of `op`, as op_call (ops.h) makes the library's. */
tix_status ref_call(op_id op, const tix_tensor* data, const tix_tensor* indices,
                    const tix_tensor* updates, int64_t axis, int64_t batch_dims,
                    const tix_tensor* output, const tix_options* options);

/* Output shapes by the header's formulas (dense row-major strides, data = NULL). Assumes valid
 * arguments; axis and batch_dims may be negative. */
void ref_gather_shape(const tix_tensor* data, const tix_tensor* indices, int64_t axis,
                      int64_t batch_dims, tix_tensor* output);
void ref_gather_nd_shape(const tix_tensor* data, const tix_tensor* indices, int64_t batch_dims,
                         tix_tensor* output);

/* Helpers the tests use too. */
size_t ref_dtype_size(tix_dtype dtype);
bool ref_reduction_supported(tix_dtype dtype, tix_reduction reduction);
/* The number of chunks k a scatter's updates go in (options.accumulation, "Reductions" in
 * tix.h) for `updates` elements of updates and `outputs` output elements: min(8, u / (16 n)) for
 * TIX_ACCUMULATE_CHUNKED with float16/bfloat16/float32/float64 and add/sub/mul; 1 (the default
 * order) when that is below 2 and in every other case. options may be NULL. */
int64_t ref_chunk_count(tix_dtype dtype, const tix_options* options, int64_t updates,
                        int64_t outputs);
int64_t ref_count(const tix_tensor* tensor); /* product of the shape */
/* An index element as a diagnostic reports it: its value, a uint64 as its bit pattern. */
int64_t ref_index_value(const void* element, tix_dtype dtype);
/* Writes the low `size` (1, 2, 4 or 8) bytes of v as an integer of that width at p. */
void ref_store_bits(void* p, size_t size, uint64_t v);
/* Resolves one index element (of index dtype `dtype`, at `element`) into an axis of `size` by
 * the two steps of tix.h: 0 = resolved (*result set), 1 = dropped (ignore), 2 = an error. */
int ref_resolve_index(tix_dtype dtype, const void* element, int64_t size,
                      const tix_options* options, int64_t* result);
/* The pointer the reference writes for a STRING gather fill when options.fill_value is NULL. */
const char* ref_default_string_fill(void);

/* IEEE half and bfloat16 conversions, round to nearest even; NaN stays NaN. */
float ref_f16_to_f32(uint16_t h);
uint16_t ref_f32_to_f16(float f);
float ref_bf16_to_f32(uint16_t h);
uint16_t ref_f32_to_bf16(float f);

#endif /* TIX_TEST_REFERENCE_H */
