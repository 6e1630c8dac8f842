/* tix: tensor gather/scatter kernels with exact, selectable semantics.
 *
 * Six operations, three gather/scatter pairs:
 *
 *   tix_gather           slices along `axis`, with `batch_dims`     ONNX Gather, OV Gather-7/8
 *   tix_scatter          its inverse                                OV ScatterUpdate, index_copy_
 *   tix_gather_elements  one element per index along `axis`         ONNX GatherElements
 *   tix_scatter_elements its inverse                                ONNX ScatterElements
 *   tix_gather_nd        slices addressed by index tuples           ONNX GatherND
 *   tix_scatter_nd       its inverse                                ONNX ScatterND
 *
 * Every operation has a pure shape-inference call (`*_shape`) that checks every argument and
 * computes the output shape without reading any element.
 *
 * Conventions
 * - Tensors are borrowed views (tix_tensor): the library never allocates, frees or keeps them.
 * - Inputs may be any strided view: negative strides, 0 strides (broadcast), padding.
 *   The output's elements must not overlap, by this rule: with its dimensions of size > 1 sorted
 *   by |stride|, each |stride| exceeds the largest offset the smaller ones reach. Every slice,
 *   transpose, flip or padding of a dense tensor passes; other layouts (even interleaved ones
 *   whose elements happen not to overlap, such as shape [2, 3] with strides [3, 2]) get
 *   TIX_STATUS_ALIASING. The rule is exact to check and cheap, unlike exact overlap.
 *   The output must not overlap an input either, where two views overlap when the address
 *   ranges they span (lowest to highest element) intersect, even if no element is shared; the
 *   one exception is a scatter's output that is exactly its data view (in place: the same
 *   address, dtype, shape, and strides on every dimension of size > 1).
 * - All offsets are computed in 64 bits: tensors over 2^31 and 2^32 elements work.
 * - A zero-size dimension is valid; such a call checks its arguments and moves nothing.
 * - Options NULL or all-zero mean ONNX semantics, serial execution, no diagnostic.
 * - The library never aborts, exits, prints, keeps global state (beyond four cached answers
 *   about the CPU: which vector instructions it has, how long copies store best on it, whether
 *   its hardware gathers pay, and how large its L2 cache is), or reads or writes outside the
 *   elements of the views it is given. Every call is reentrant and thread-safe. It assumes
 *   that every element of each view lies in memory the caller may access, and checks what it
 *   can: a view whose elements would reach past either end of the address space is
 *   TIX_STATUS_INVALID_STRIDES.
 *
 * Indices
 * - Index dtypes: int8, int16, int32, int64, uint8, uint16, uint32, uint64.
 * - An index i into an axis of size s is resolved in two steps:
 *   1. options.negative_indices: TIX_NEGATIVE_WRAP makes i < 0 into i + s (once);
 *      TIX_NEGATIVE_OUT_OF_RANGE leaves it, so it is out of range.
 *   2. if i is still outside [0, s), options.out_of_range decides: TIX_OUT_OF_RANGE_ERROR fails
 *      the call; IGNORE makes a gather write options.fill_value and a scatter drop the update;
 *      CLAMP moves i to 0 or s-1; WRAP takes the original index modulo s (Python-style, into
 *      [0, s)). CLAMP and WRAP into an axis of size 0 are an error.
 *
 * Scatters
 * - The output starts as a copy of data (skipped when output is exactly the data view: in
 *   place) and then each update is applied to the element it addresses.
 * - Updates are applied in row-major order of the updates tensor, one at a time, so duplicate
 *   indices are resolved deterministically: with TIX_REDUCTION_NONE the last update in row-major
 *   order of the indices wins; with a reduction, out = f(out, update) in that order (float sums
 *   may instead go in fixed chunks: options.accumulation, under "Reductions").
 * - Nothing is lost on bad input: a failed scatter leaves the output (in place: the caller's
 *   data) exactly as it was. It checks every argument before its first write, and under
 *   TIX_OUT_OF_RANGE_ERROR every index too (the other rules fail only on an empty output),
 *   except where the output is dense and small beside the indices (at most a quarter of their
 *   bytes, 64 MiB at most): it then keeps a copy of the output, checks the indices as it applies
 *   them, and puts the copy back if one fails (one read of the indices instead of two). Either
 *   way the output must not be read while the call runs. A failed gather may have
 *   written part of its output.
 *
 * Reductions (scatters only), per dtype
 * - float32/float64: add, sub, mul, min, max, mean. min/max propagate NaN (a NaN operand wins:
 *   the output keeps its NaN, or takes the update's bits) and replace the output only when the
 *   update is strictly smaller (min) or larger (max), so -0 vs +0 ties keep the output.
 *   float16/bfloat16 compute each step in float32 and round back to nearest-even, which equals
 *   exact float16/bfloat16 arithmetic; their min/max copy the chosen operand's bits.
 * - integers: add, sub, mul wrap modulo 2^bits; min, max; mean rounds toward negative infinity.
 * - bool: add = or, sub = xor, mul = and, max = or, min = and; mean is an error.
 * - complex64/complex128: add, sub, mul ((a+bi)(c+di) = (ac-bd) + (ad+bc)i); others are errors.
 * - string and the float8 types: none only.
 * - A NaN produced by add, sub, mul or mean is stored as the canonical quiet NaN (sign 0, payload
 *   0; per part for complex), because which NaN the processor returns depends on the hardware and
 *   on operand order; min and max copy the winning operand's bits.
 * - sub is out = out - update. mean is (self + sum of updates) / (count + 1), or without self
 *   sum / count; the sum follows the same order and rounding as add, then one division.
 * - options.exclude_self (PyTorch include_self=False, OpenVINO use_init_val=false): every output
 *   element that some update addresses starts from the reduction's identity (0 for add/sub/mean,
 *   1 for mul, -inf or the type's lowest value for max, +inf or its highest for min) instead of
 *   data; elements no update addresses keep data. Ignored with TIX_REDUCTION_NONE.
 * - options.accumulation (float16, bfloat16, float32 and float64 with add, sub and mul; every
 *   other reduction gives the same bits in any order, and mean and complex always keep it):
 *   TIX_ACCUMULATE_IN_ORDER (the default) applies the updates one at a time in row-major order,
 *   as above, and so runs on one thread where all of them may reach one element.
 *   TIX_ACCUMULATE_CHUNKED cuts them into chunks that can run on different threads, a fixed
 *   number set by the shapes alone: with u updates (elements of updates) and n output elements,
 *   k = min(8, u / (16 n)) chunks (rounded down; k < 2: the default order), chunk c holding
 *   u / k consecutive updates in row-major order (the first u mod k chunks one more). Chunk 0 is
 *   applied as above. Each later chunk is reduced on its own: for every output element,
 *   s = z op u_1 op u_2 ... over the chunk's updates to it in order, from z = -0 (add, sub) or
 *   1 (mul). Then, chunk after chunk, each output element becomes out + s (add, sub) or out * s
 *   (mul), except where s is still z bit for bit (the chunk left it: x + -0 and x * 1 are x, and
 *   a NaN of data keeps its bits). Results still never depend on the executor or the thread
 *   count; the chunk sums take one copy of the output, a strided output one more (OUT_OF_MEMORY
 *   without them).
 *
 * Execution: a call runs on the calling thread unless options.executor is given, in which case
 * the library runs its tasks through executor->parallel_for. Results are bitwise identical for
 * every executor and thread count.
 */
#ifndef TIX_H
#define TIX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && !defined(TIX_STATIC_DEFINE)
#define TIX_API __attribute__((visibility("default")))
#else
#define TIX_API
#endif

/* ---------------------------------------------------------------------------------------------
 * Version: SemVer. The header's numbers and tix_version_number() differ when a program runs
 * against another build of the library than it was compiled with.
 */
#define TIX_VERSION_MAJOR 0
#define TIX_VERSION_MINOR 1
#define TIX_VERSION_PATCH 0
#define TIX_VERSION_NUMBER (TIX_VERSION_MAJOR * 10000 + TIX_VERSION_MINOR * 100 + TIX_VERSION_PATCH)

TIX_API unsigned tix_version_number(void); /* TIX_VERSION_NUMBER of the library */
TIX_API const char* tix_version_string(void); /* "0.1.0" */

/* ---------------------------------------------------------------------------------------------
 * Status codes. Values never change; new codes are only appended.
 */
#define TIX_STATUS_LIST(X)                                                                     \
    X(OK, 0, "success")                                                                        \
    X(NULL_POINTER, 1, "a required pointer is NULL")                                           \
    X(INVALID_RANK, 2, "a tensor's rank is outside what the operation allows")                 \
    X(INVALID_SHAPE, 3, "a dimension is negative or the element count overflows")             \
    X(INVALID_STRIDES, 4, "a tensor's strides reach offsets that overflow")                   \
    X(INVALID_DTYPE, 5, "the element type is unknown or not supported here")                  \
    X(INVALID_INDEX_DTYPE, 6, "the indices are not of an integer type")                       \
    X(DTYPE_MISMATCH, 7, "the element types of the tensors do not match")                     \
    X(SHAPE_MISMATCH, 8, "the shapes of the tensors do not match")                            \
    X(INVALID_AXIS, 9, "the axis is out of range")                                            \
    X(INVALID_BATCH_DIMS, 10, "batch_dims is out of range")                                   \
    X(INVALID_OPTION, 11, "an option has a value outside its range")                          \
    X(UNSUPPORTED_REDUCTION, 12, "the reduction is not defined for the element type")         \
    X(INDEX_OUT_OF_RANGE, 13, "an index is out of range")                                     \
    X(ALIASING, 14, "the output overlaps an input or itself")                                 \
    X(OUT_OF_MEMORY, 15, "memory could not be allocated")                                    \
    X(UNSUPPORTED_OPERATOR, 16, "the operator or its version is not supported")               \
    X(INVALID_ATTRIBUTE, 17, "an attribute is unknown, mistyped or not allowed in this version") \
    X(INVALID_INPUT_COUNT, 18, "the number of inputs or outputs does not match the operator")

typedef enum tix_status {
#define TIX_STATUS_ENUM_(name, value, message) TIX_STATUS_##name = value,
    TIX_STATUS_LIST(TIX_STATUS_ENUM_)
#undef TIX_STATUS_ENUM_
} tix_status;

/* "TIX_STATUS_SHAPE_MISMATCH"; "TIX_STATUS_UNKNOWN" for a value not in the list. */
TIX_API const char* tix_status_name(tix_status status);
/* A one-sentence description of the status; never NULL. */
TIX_API const char* tix_status_message(tix_status status);

/* An optional, caller-owned record of the first error of a call (options.diagnostic). On
 * success the library sets status to TIX_STATUS_OK and message to "". */
#define TIX_MESSAGE_CAPACITY 256
typedef struct tix_diagnostic {
    tix_status status;
    const char* argument; /* "data", "indices", "updates", "output", "axis", "batch_dims",
                             "options" (static storage); NULL when no single argument */
    int32_t dimension;    /* the dimension concerned, or -1 */
    int64_t position;     /* row-major element position within `argument`, or -1 */
    int64_t value;        /* the offending value (an index, a size, an axis); uint64 indices
                             above INT64_MAX appear as their two's-complement bit pattern */
    char message[TIX_MESSAGE_CAPACITY]; /* e.g. "indices[1][0] = 7 is outside [-3, 2] for axis 0
                                           of data with shape [3, 4]" */
} tix_diagnostic;

/* ---------------------------------------------------------------------------------------------
 * Element types, numbered as ONNX TensorProto.DataType.
 */
typedef enum tix_dtype {
    TIX_DTYPE_UNDEFINED = 0,
    TIX_DTYPE_FLOAT32 = 1,
    TIX_DTYPE_UINT8 = 2,
    TIX_DTYPE_INT8 = 3,
    TIX_DTYPE_UINT16 = 4,
    TIX_DTYPE_INT16 = 5,
    TIX_DTYPE_INT32 = 6,
    TIX_DTYPE_INT64 = 7,
    TIX_DTYPE_STRING = 8, /* elements are `const char *`, moved by pointer; the caller owns the
                             bytes */
    TIX_DTYPE_BOOL = 9,   /* one byte; 0 is false, anything else true */
    TIX_DTYPE_FLOAT16 = 10,
    TIX_DTYPE_FLOAT64 = 11,
    TIX_DTYPE_UINT32 = 12,
    TIX_DTYPE_UINT64 = 13,
    TIX_DTYPE_COMPLEX64 = 14,  /* two float32: real, imaginary */
    TIX_DTYPE_COMPLEX128 = 15, /* two float64 */
    TIX_DTYPE_BFLOAT16 = 16,
    TIX_DTYPE_FLOAT8E4M3FN = 17, /* the four float8 types are moved, never computed on */
    TIX_DTYPE_FLOAT8E4M3FNUZ = 18,
    TIX_DTYPE_FLOAT8E5M2 = 19,
    TIX_DTYPE_FLOAT8E5M2FNUZ = 20
} tix_dtype;

#define TIX_DTYPE_COUNT 21 /* one past the largest value */

/* Bytes per element; 0 for TIX_DTYPE_UNDEFINED or a value outside the enumeration. */
TIX_API size_t tix_dtype_size(tix_dtype dtype);
/* NumPy-style name: "float32", "bool", "string", "float8e4m3fn", ...; "undefined" otherwise. */
TIX_API const char* tix_dtype_name(tix_dtype dtype);
/* true for the eight integer types that may hold indices. */
TIX_API bool tix_dtype_is_index(tix_dtype dtype);

/* ---------------------------------------------------------------------------------------------
 * Tensor views.
 */
#define TIX_MAX_RANK 16

typedef struct tix_tensor {
    void* data;      /* address of element [0, ..., 0]; may be NULL when the tensor is empty
                        (and in the *_shape calls, which read no element) */
    tix_dtype dtype;
    int32_t rank;    /* 0 (a scalar) to TIX_MAX_RANK */
    int64_t shape[TIX_MAX_RANK];   /* each >= 0 */
    int64_t strides[TIX_MAX_RANK]; /* in elements, any sign; 0 repeats an element */
} tix_tensor;

/* A dense row-major view of `data`. shape may be NULL when rank is 0. Returns
 * TIX_STATUS_NULL_POINTER, INVALID_RANK, INVALID_DTYPE, or INVALID_SHAPE (a negative dimension,
 * or an element count that overflows int64) on bad input, leaving *tensor unspecified. An empty
 * tensor whose other dimensions multiply past int64 is valid; its strides (never used) are 0
 * from the dimension where the product overflows outwards. */
TIX_API tix_status tix_tensor_init(tix_tensor* tensor, void* data, tix_dtype dtype, int32_t rank,
                                   const int64_t* shape);
/* The number of elements (the product of the shape), or -1 when the rank or a dimension is
 * invalid or the product overflows int64. */
TIX_API int64_t tix_tensor_count(const tix_tensor* tensor);

/* ---------------------------------------------------------------------------------------------
 * Options.
 */
typedef enum tix_negative_indices {
    TIX_NEGATIVE_WRAP = 0,        /* i < 0 means i + size (ONNX >= 11, NumPy, OV Gather-8) */
    TIX_NEGATIVE_OUT_OF_RANGE = 1 /* i < 0 is out of range (PyTorch gather/scatter, TF) */
} tix_negative_indices;

typedef enum tix_out_of_range {
    TIX_OUT_OF_RANGE_ERROR = 0,  /* fail with TIX_STATUS_INDEX_OUT_OF_RANGE (ONNX, PyTorch) */
    TIX_OUT_OF_RANGE_IGNORE = 1, /* gathers write fill_value, scatters drop the update */
    TIX_OUT_OF_RANGE_CLAMP = 2,  /* to [0, size - 1] (NumPy clip, WebNN, XLA gather) */
    TIX_OUT_OF_RANGE_WRAP = 3    /* the index modulo size (NumPy wrap) */
} tix_out_of_range;

typedef enum tix_reduction {
    TIX_REDUCTION_NONE = 0, /* replace */
    TIX_REDUCTION_ADD = 1,
    TIX_REDUCTION_SUB = 2,
    TIX_REDUCTION_MUL = 3,
    TIX_REDUCTION_MIN = 4,
    TIX_REDUCTION_MAX = 5,
    TIX_REDUCTION_MEAN = 6
} tix_reduction;

/* The order of float sums of a scatter; see "Reductions" above. */
typedef enum tix_accumulation {
    TIX_ACCUMULATE_IN_ORDER = 0, /* one update at a time, in row-major order */
    TIX_ACCUMULATE_CHUNKED = 1   /* in a fixed number of chunks, merged in chunk order */
} tix_accumulation;

/* The thread-pool contract (the shape of pthreadpool_parallelize_1d_tile_1d_dynamic).
 * parallel_for must call task(context, begin, count) on disjoint tiles that together cover
 * [0, range) exactly once, where begin is a multiple of tile and count = min(tile, range - begin),
 * in any order and on any threads, and return only when all calls have returned. tix never calls
 * it with range 0 and never from inside a task. Tasks write disjoint bytes, never block and
 * never fail. They allocate nothing, with one exception: a task of an element gather or scatter
 * that jumps between rows (such as gather_elements or scatter_elements along an outer axis)
 * takes a scratch block of at most 2 MiB from malloc (twice its tile, which is sized by the
 * CPU's L2 cache, or within 16 KiB where rows 4 KiB apart share one set of L1; a mean's takes
 * at most 4 MiB, its counts beside it), and works without it when malloc returns NULL. */
typedef void (*tix_task_fn)(void* context, size_t begin, size_t count);
typedef void (*tix_parallel_for_fn)(void* pool, tix_task_fn task, void* context, size_t range,
                                    size_t tile);
typedef struct tix_executor {
    tix_parallel_for_fn parallel_for;
    void* pool; /* passed through to parallel_for */
} tix_executor;

/* The built-in pool: persistent worker threads plus the calling thread. Each thread runs an
 * equal contiguous share of the tiles, the same share on every call (so repeated calls on the
 * same tensors find them in the same thread's caches), then takes over what is left of the
 * others' shares (so a thread that is held back holds up no one). Calls from several threads on
 * one pool are serialized. Between calls a worker spins for 0.1 ms before it sleeps (a call of
 * tix may run several jobs in a row, and a wake from sleep costs tens of microseconds), so an
 * idle pool takes no CPU time beyond that.
 * tix_threadpool_create(0) uses one thread per online CPU; it returns NULL when memory or
 * threads are not available. A pool of 1 thread runs every task on the caller. */
typedef struct tix_threadpool tix_threadpool;
TIX_API tix_threadpool* tix_threadpool_create(size_t threads);
TIX_API void tix_threadpool_destroy(tix_threadpool* pool); /* NULL is fine */
TIX_API size_t tix_threadpool_threads(const tix_threadpool* pool);
/* The pool's tix_parallel_for_fn (pool is a tix_threadpool *). */
TIX_API void tix_threadpool_parallel_for(void* pool, tix_task_fn task, void* context,
                                         size_t range, size_t tile);
/* {tix_threadpool_parallel_for, pool}: what options.executor points to. */
TIX_API tix_executor tix_threadpool_executor(tix_threadpool* pool);

typedef struct tix_options {
    tix_negative_indices negative_indices;
    tix_out_of_range out_of_range;
    tix_reduction reduction; /* scatters only; a gather with a reduction is INVALID_OPTION */
    bool exclude_self;       /* scatters with a reduction: see "Reductions" above */
    const void* fill_value;  /* gathers with TIX_OUT_OF_RANGE_IGNORE: one element of the data
                                dtype (for strings: a `const char *const *`); NULL = zero bytes
                                (for strings: "") */
    const tix_executor* executor; /* NULL = serial on the calling thread */
    tix_diagnostic* diagnostic;   /* NULL = none */
    /* (appended, so that the fields before it keep their offsets) */
    tix_accumulation accumulation; /* scatters with float sums: see "Reductions" above */
} tix_options;

/* ---------------------------------------------------------------------------------------------
 * Operations. Each *_shape call writes to *output the dtype, rank, shape and dense row-major
 * strides of the result, and data = NULL; the caller then sets output->data (or builds any other
 * view of that shape). Execution calls repeat the shape checks and require `output` to have
 * exactly that dtype and shape.
 *
 * Errors common to every call: NULL_POINTER (a tensor pointer, or the data pointer of a
 * non-empty tensor at execution), INVALID_RANK, INVALID_SHAPE, INVALID_STRIDES, INVALID_DTYPE,
 * INVALID_INDEX_DTYPE, DTYPE_MISMATCH (output or updates dtype != data dtype), SHAPE_MISMATCH,
 * INVALID_OPTION (an enum out of range, a reduction on a gather), UNSUPPORTED_REDUCTION,
 * INDEX_OUT_OF_RANGE, ALIASING (the output overlaps an input other than exactly data of a
 * scatter, or itself), OUT_OF_MEMORY (TIX_REDUCTION_MEAN keeps one count per output element,
 * unless it counts a row at a time beside the row, as along the last axis of a dense output of
 * rows up to 8 KiB, or, out of place or on an executor, where its updates reach whole runs of
 * 256 bytes or more of dense data and output (the rows of scatter_nd), whose update rows it
 * counts per run, in lists of them (8 bytes for each run and each update row); with four or more
 * updates an element it takes, where it can, pairs of an element and its count instead, 8 bytes
 * a pair, 16 for 8-byte dtypes;
 * TIX_ACCUMULATE_CHUNKED the copies of the output its chunks are summed in).
 */

/* Gather slices along `axis` (ONNX Gather; OpenVINO Gather-7/8 and TF gather with batch_dims).
 * data rank r >= 1; indices rank q >= 0; axis in [-r, r-1]; batch_dims in [-q, q] (negative
 * counts from q), at most axis, with data.shape[i] == indices.shape[i] for i < batch_dims.
 * output.shape = data.shape[:axis] + indices.shape[batch_dims:] + data.shape[axis+1:]
 * With b = batch_dims:
 *   output[d_0..d_{axis-1}, j_b..j_{q-1}, e...] =
 *       data[d_0..d_{axis-1}, indices[d_0..d_{b-1}, j_b..j_{q-1}], e...] */
TIX_API tix_status tix_gather_shape(const tix_tensor* data, const tix_tensor* indices,
                                    int64_t axis, int64_t batch_dims, tix_tensor* output,
                                    const tix_options* options);
TIX_API tix_status tix_gather(const tix_tensor* data, const tix_tensor* indices, int64_t axis,
                              int64_t batch_dims, const tix_tensor* output,
                              const tix_options* options);

/* Scatter slices along `axis`, the inverse of tix_gather (OpenVINO ScatterUpdate-3, PyTorch
 * index_copy_/index_add_/index_reduce_). Rules as tix_gather; updates.shape is the shape
 * tix_gather would produce; output.shape = data.shape.
 *   output = data;
 *   for each position p of updates in row-major order, with the index i it contains:
 *       output[d_0..d_{axis-1}, i, e...] = f(that element, updates[p]) */
TIX_API tix_status tix_scatter_shape(const tix_tensor* data, const tix_tensor* indices,
                                     const tix_tensor* updates, int64_t axis, int64_t batch_dims,
                                     tix_tensor* output, const tix_options* options);
TIX_API tix_status tix_scatter(const tix_tensor* data, const tix_tensor* indices,
                               const tix_tensor* updates, int64_t axis, int64_t batch_dims,
                               const tix_tensor* output, const tix_options* options);

/* Gather one element per index along `axis` (ONNX GatherElements, PyTorch gather, NumPy
 * take_along_axis). data rank r >= 1; indices rank r; axis in [-r, r-1];
 * indices.shape[d] <= data.shape[d] for d != axis (any size on axis; use 0 strides on indices to
 * broadcast). output.shape = indices.shape.
 *   output[c] = data[c with c[axis] replaced by indices[c]] */
TIX_API tix_status tix_gather_elements_shape(const tix_tensor* data, const tix_tensor* indices,
                                             int64_t axis, tix_tensor* output,
                                             const tix_options* options);
TIX_API tix_status tix_gather_elements(const tix_tensor* data, const tix_tensor* indices,
                                       int64_t axis, const tix_tensor* output,
                                       const tix_options* options);

/* Scatter one element per index along `axis`, the inverse of tix_gather_elements (ONNX Scatter,
 * ScatterElements; PyTorch scatter_, scatter_reduce_). Rules as tix_gather_elements;
 * updates.shape == indices.shape; output.shape = data.shape.
 *   output = data;
 *   for each position c of indices in row-major order:
 *       output[c with c[axis] replaced by indices[c]] = f(that element, updates[c]) */
TIX_API tix_status tix_scatter_elements_shape(const tix_tensor* data, const tix_tensor* indices,
                                              const tix_tensor* updates, int64_t axis,
                                              tix_tensor* output, const tix_options* options);
TIX_API tix_status tix_scatter_elements(const tix_tensor* data, const tix_tensor* indices,
                                        const tix_tensor* updates, int64_t axis,
                                        const tix_tensor* output, const tix_options* options);

/* Gather slices addressed by index tuples (ONNX GatherND, OpenVINO GatherND-8, TF gather_nd).
 * data rank r >= 1; indices rank q >= 1; k = indices.shape[q-1]; batch_dims b in [-q, q-1]
 * (negative counts from q) with b < r and data.shape[i] == indices.shape[i] for i < b;
 * 0 <= k <= r - b (k = 0 takes whole slices). Component t of a tuple indexes dimension b + t.
 * output.shape = indices.shape[:q-1] + data.shape[b+k:]
 *   output[j_0..j_{q-2}, e...] = data[j_0..j_{b-1}, indices[j_0..j_{q-2}, 0..k-1], e...] */
TIX_API tix_status tix_gather_nd_shape(const tix_tensor* data, const tix_tensor* indices,
                                       int64_t batch_dims, tix_tensor* output,
                                       const tix_options* options);
TIX_API tix_status tix_gather_nd(const tix_tensor* data, const tix_tensor* indices,
                                 int64_t batch_dims, const tix_tensor* output,
                                 const tix_options* options);

/* Scatter slices addressed by index tuples, the inverse of tix_gather_nd (ONNX ScatterND,
 * OpenVINO ScatterNDUpdate, TF tensor_scatter_nd_*). Rules as tix_gather_nd; updates.shape is
 * the shape tix_gather_nd would produce; output.shape = data.shape.
 *   output = data;
 *   for each tuple position j of indices[..., :] in row-major order:
 *       output[j_0..j_{b-1}, indices[j, :], e...] = f(that element, updates[j, e...]) */
TIX_API tix_status tix_scatter_nd_shape(const tix_tensor* data, const tix_tensor* indices,
                                        const tix_tensor* updates, int64_t batch_dims,
                                        tix_tensor* output, const tix_options* options);
TIX_API tix_status tix_scatter_nd(const tix_tensor* data, const tix_tensor* indices,
                                  const tix_tensor* updates, int64_t batch_dims,
                                  const tix_tensor* output, const tix_options* options);

#ifdef __cplusplus
}
#endif

#endif /* TIX_H */
