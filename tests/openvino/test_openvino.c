/* Tests of the OpenVINO front end (tix_openvino.h): the worked examples of the OpenVINO
 * operation specifications, each rule that differs between versions of one operation, and
 * every error status with its diagnostic. Every test asserts exact values. */
/* cmocka needs these four before its own header. */
/* clang-format off */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
/* clang-format on */

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <tix_openvino.h>

/* ---------------------------------------------------------------------------------------------
 * Helpers
 */
#define F32 TIX_DTYPE_FLOAT32
#define I8 TIX_DTYPE_INT8
#define I16 TIX_DTYPE_INT16
#define I32 TIX_DTYPE_INT32
#define I64 TIX_DTYPE_INT64
#define U8 TIX_DTYPE_UINT8
#define U16 TIX_DTYPE_UINT16
#define U32 TIX_DTYPE_UINT32
#define U64 TIX_DTYPE_UINT64
#define BOOL TIX_DTYPE_BOOL

#define DIMS(...) ((const int64_t[]){__VA_ARGS__})
#define RANK(...) ((int32_t)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)))
#define COUNT(type, ...) (sizeof((type[]){__VA_ARGS__}) / sizeof(type))

/* A dense row-major view. */
static tix_tensor view(void* data, tix_dtype dtype, int32_t rank, const int64_t* shape) {
    tix_tensor t;
    memset(&t, 0, sizeof t);
    t.data = data;
    t.dtype = dtype;
    t.rank = rank;
    int64_t stride = 1;
    for (int32_t d = rank - 1; d >= 0; d--) {
        t.shape[d] = shape[d];
        t.strides[d] = stride;
        stride *= shape[d] > 0 ? shape[d] : 1;
    }
    return t;
}
#define T(data, dtype, ...) view((data), (dtype), RANK(__VA_ARGS__), DIMS(__VA_ARGS__))
#define SCALAR(data, dtype) view((data), (dtype), 0, NULL)

#define NODE(type, version) ((tix_openvino_node){(type), (version), NULL, 0})
#define NODE_A(type, version, ...)                                                         \
    ((tix_openvino_node){(type), (version), (const tix_openvino_attribute[]){__VA_ARGS__}, \
                         COUNT(tix_openvino_attribute, __VA_ARGS__)})
#define INPUTS(...) ((const tix_tensor[]){__VA_ARGS__}), COUNT(tix_tensor, __VA_ARGS__)

/* A diagnostic full of stale content that every call must overwrite. */
static tix_options options_with(tix_diagnostic* diag) {
    memset(diag, 0x5A, sizeof *diag);
    diag->status = TIX_STATUS_OUT_OF_MEMORY;
    diag->argument = "stale";
    snprintf(diag->message, sizeof diag->message, "stale");
    tix_options o;
    memset(&o, 0, sizeof o);
    o.diagnostic = diag;
    return o;
}

static void expect_status(tix_status got, tix_status want) {
    if (got != want)
        fail_msg("status %s, expected %s", tix_status_name(got), tix_status_name(want));
}

static void expect_ok_diag(const tix_diagnostic* diag) {
    expect_status(diag->status, TIX_STATUS_OK);
    assert_null(diag->argument);
    assert_string_equal(diag->message, "");
}

/* The status, the diagnostic's argument (NULL: none) and, unless NULL, its exact message. */
static void expect_error(tix_status got, const tix_diagnostic* diag, tix_status want,
                         const char* argument, const char* message) {
    expect_status(got, want);
    expect_status(diag->status, want);
    if (argument == NULL) {
        assert_null(diag->argument);
    } else {
        assert_non_null(diag->argument);
        assert_string_equal(diag->argument, argument);
    }
    if (message != NULL)
        assert_string_equal(diag->message, message);
}

static void expect_shape(const tix_tensor* t, tix_dtype dtype, int32_t rank, const int64_t* shape) {
    assert_int_equal(t->dtype, dtype);
    assert_int_equal(t->rank, rank);
    int64_t stride = 1;
    for (int32_t d = rank - 1; d >= 0; d--) {
        if (t->shape[d] != shape[d]) {
            fail_msg("dimension %d is %lld, expected %lld", (int)d, (long long)t->shape[d],
                     (long long)shape[d]);
        }
        assert_int_equal(t->strides[d], stride); /* dense */
        stride *= shape[d] > 0 ? shape[d] : 1;
    }
}
#define EXPECT_SHAPE(t, dtype, ...) \
    expect_shape(&(t), (dtype), RANK(__VA_ARGS__), DIMS(__VA_ARGS__))

static void expect_f32(const float* got, size_t n, const float* want, size_t m) {
    assert_int_equal(n, m);
    for (size_t i = 0; i < n; i++) {
        if (!(got[i] == want[i]) && !(isnan(got[i]) && isnan(want[i]))) {
            fail_msg("element %zu is %.9g, expected %.9g", i, (double)got[i], (double)want[i]);
        }
    }
}
static void expect_i32(const int32_t* got, size_t n, const int32_t* want, size_t m) {
    assert_int_equal(n, m);
    for (size_t i = 0; i < n; i++) {
        if (got[i] != want[i])
            fail_msg("element %zu is %d, expected %d", i, got[i], want[i]);
    }
}
static void expect_u8(const uint8_t* got, size_t n, const uint8_t* want, size_t m) {
    assert_int_equal(n, m);
    for (size_t i = 0; i < n; i++) {
        if (got[i] != want[i])
            fail_msg("element %zu is %d, expected %d", i, got[i], want[i]);
    }
}
/* The whole array `buffer` against a brace list. */
#define EXPECT_F32(buffer, ...)                                                              \
    expect_f32((buffer), sizeof(buffer) / sizeof((buffer)[0]), (const float[]){__VA_ARGS__}, \
               COUNT(float, __VA_ARGS__))
#define EXPECT_I32(buffer, ...)                                                                \
    expect_i32((buffer), sizeof(buffer) / sizeof((buffer)[0]), (const int32_t[]){__VA_ARGS__}, \
               COUNT(int32_t, __VA_ARGS__))
#define EXPECT_U8(buffer, ...)                                                                \
    expect_u8((buffer), sizeof(buffer) / sizeof((buffer)[0]), (const uint8_t[]){__VA_ARGS__}, \
              COUNT(uint8_t, __VA_ARGS__))

/* Shape inference, then execution into `buffer` through the inferred dense view. */
static tix_status infer_run(const tix_openvino_node* node, const tix_tensor* inputs, size_t count,
                            void* buffer, tix_tensor* out, const tix_options* options) {
    memset(out, 0xA5, sizeof *out);
    tix_status status = tix_openvino_infer(node, inputs, count, out, options);
    if (status != TIX_STATUS_OK)
        return status;
    assert_null(out->data);
    out->data = buffer;
    return tix_openvino_run(node, inputs, count, out, options);
}

/* Both calls fail the same way before any data moves. */
static void expect_both_fail(const tix_openvino_node* node, const tix_tensor* inputs, size_t count,
                             tix_status want, const char* argument, const char* message) {
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    tix_tensor out;
    expect_error(tix_openvino_infer(node, inputs, count, &out, &o), &diag, want, argument, message);
    float sink[64] = {0};
    tix_tensor dense = T(sink, F32, 1);
    o = options_with(&diag);
    expect_error(tix_openvino_run(node, inputs, count, &dense, &o), &diag, want, argument, message);
}

/* ---------------------------------------------------------------------------------------------
 * Gather-1 / 7 / 8
 */

/* Gather-7/8 example 1 (Gather-1 has no example with values; the rule is the same). */
static void gather_example_1_all_versions(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4, 5};
    int32_t indices[] = {0, 0, 4};
    int64_t axis = 0;
    const int versions[] = {1, 7, 8};
    for (int v = 0; v < 3; v++) {
        tix_diagnostic diag;
        tix_options o = options_with(&diag);
        float out[3] = {-1, -1, -1};
        tix_tensor result;
        tix_openvino_node node = NODE("Gather", versions[v]);
        expect_status(
            infer_run(&node, INPUTS(T(data, F32, 5), T(indices, I32, 3), SCALAR(&axis, I64)), out,
                      &result, &o),
            TIX_STATUS_OK);
        expect_ok_diag(&diag);
        EXPECT_SHAPE(result, F32, 3);
        EXPECT_F32(out, 1, 1, 5);
    }
}

/* Gather-1: the axis input as a 1-D tensor of one element, and negative. */
static void gather1_axis_input_forms(void** state) {
    (void)state;
    int32_t data[] = {1, 2, 3, 4, 5, 6};
    int64_t indices[] = {2, 0};
    int32_t axis_1d[] = {1};
    int8_t axis_negative = -1;
    tix_tensor axes[] = {T(axis_1d, I32, 1), SCALAR(&axis_negative, I8)};
    for (int a = 0; a < 2; a++) {
        int32_t out[4] = {0};
        tix_tensor result;
        tix_openvino_node node = NODE("Gather", 1);
        expect_status(infer_run(&node, INPUTS(T(data, I32, 2, 3), T(indices, I64, 1, 2), axes[a]),
                                out, &result, NULL),
                      TIX_STATUS_OK);
        EXPECT_SHAPE(result, I32, 2, 1, 2); /* data[:1] + indices.shape + data[2:] */
        EXPECT_I32(out, 3, 1, 6, 4);
    }
}

static void gather7_example_2_batch_dims_1(void** state) {
    (void)state;
    int32_t data[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    int32_t indices[] = {0, 0, 4, 4, 0, 0};
    int64_t axis = 1;
    int32_t out[6];
    tix_tensor result;
    tix_openvino_node node = NODE_A("Gather", 7, {"batch_dims", "1"});
    expect_status(
        infer_run(&node, INPUTS(T(data, I32, 2, 5), T(indices, I32, 2, 3), SCALAR(&axis, I64)), out,
                  &result, NULL),
        TIX_STATUS_OK);
    EXPECT_SHAPE(result, I32, 2, 3);
    EXPECT_I32(out, 1, 1, 5, 10, 6, 6);
}

static void gather7_example_3_batch_dims_2(void** state) {
    (void)state;
    int32_t data[20];
    for (int i = 0; i < 20; i++)
        data[i] = i + 1;
    int32_t indices[] = {0, 0, 4, 4, 0, 0, 1, 2, 4, 4, 3, 2};
    int64_t axis = 2;
    const int versions[] = {7, 8};
    for (int v = 0; v < 2; v++) {
        int32_t out[12];
        tix_tensor result;
        tix_openvino_node node = NODE_A("Gather", versions[v], {"batch_dims", "2"});
        expect_status(
            infer_run(&node,
                      INPUTS(T(data, I32, 2, 2, 5), T(indices, I32, 2, 2, 3), SCALAR(&axis, I64)),
                      out, &result, NULL),
            TIX_STATUS_OK);
        EXPECT_SHAPE(result, I32, 2, 2, 3);
        EXPECT_I32(out, 1, 1, 5, 10, 6, 6, 12, 13, 15, 20, 19, 18);
    }
}

static void gather7_example_4_axis_after_batch_dims(void** state) {
    (void)state;
    int32_t data[40];
    for (int i = 0; i < 40; i++)
        data[i] = i + 1;
    int32_t indices[] = {1, 2, 4, 4, 3, 2};
    int64_t axis = 2;
    int32_t out[24];
    tix_tensor result;
    tix_openvino_node node = NODE_A("Gather", 7, {"batch_dims", "1"});
    expect_status(
        infer_run(&node,
                  INPUTS(T(data, I32, 2, 1, 5, 4), T(indices, I32, 2, 3), SCALAR(&axis, I64)), out,
                  &result, NULL),
        TIX_STATUS_OK);
    EXPECT_SHAPE(result, I32, 2, 1, 3, 4);
    EXPECT_I32(out, 5, 6, 7, 8, 9, 10, 11, 12, 17, 18, 19, 20, 37, 38, 39, 40, 33, 34, 35, 36, 29,
               30, 31, 32);
}

/* batch_dims = -1 means rank(indices) - 1 = 1: the same result as example 2. */
static void gather7_example_5_negative_batch_dims(void** state) {
    (void)state;
    int32_t data[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    int32_t indices[] = {0, 0, 4, 4, 0, 0};
    int64_t axis = 1;
    int32_t out[6];
    tix_tensor result;
    tix_openvino_node node = NODE_A("Gather", 7, {"batch_dims", "-1"});
    expect_status(
        infer_run(&node, INPUTS(T(data, I32, 2, 5), T(indices, I32, 2, 3), SCALAR(&axis, I64)), out,
                  &result, NULL),
        TIX_STATUS_OK);
    EXPECT_SHAPE(result, I32, 2, 3);
    EXPECT_I32(out, 1, 1, 5, 10, 6, 6);
}

/* 0-D indices (allowed from Gather-7): the axis disappears. */
static void gather7_scalar_indices(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4, 5, 6};
    uint8_t index = 2; /* any integer index type */
    int64_t axis = 1;
    float out[2];
    tix_tensor result;
    tix_openvino_node node = NODE("Gather", 7);
    expect_status(
        infer_run(&node, INPUTS(T(data, F32, 2, 3), SCALAR(&index, U8), SCALAR(&axis, I64)), out,
                  &result, NULL),
        TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 2);
    EXPECT_F32(out, 3, 6);
}

static void gather8_example_6_negative_indices(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4, 5};
    int64_t indices[] = {0, -2, -1};
    int64_t axis = 0;
    float out[3];
    tix_tensor result;
    tix_openvino_node node = NODE("Gather", 8);
    expect_status(infer_run(&node, INPUTS(T(data, F32, 5), T(indices, I64, 3), SCALAR(&axis, I64)),
                            out, &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_F32(out, 1, 4, 5);
}

static void gather8_example_7_out_of_range_gives_zero(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4, 5};
    int32_t indices[] = {3, 10, -20};
    int64_t axis = 0;
    float out[3] = {-1, -1, -1};
    tix_tensor result;
    tix_openvino_node node = NODE("Gather", 8);
    expect_status(infer_run(&node, INPUTS(T(data, F32, 5), T(indices, I32, 3), SCALAR(&axis, I64)),
                            out, &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_F32(out, 4, 0, 0);
}

/* The same negative index: an error in Gather-1 and Gather-7, counted from the end in 8. */
static void gather_negative_index_by_version(void** state) {
    (void)state;
    int32_t data[] = {1, 2, 3, 4, 5};
    int32_t indices[] = {0, -2, -1};
    int64_t axis = 0;
    const int versions[] = {1, 7};
    for (int v = 0; v < 2; v++) {
        tix_diagnostic diag;
        tix_options o = options_with(&diag);
        int32_t out[3];
        tix_tensor result;
        tix_openvino_node node = NODE("Gather", versions[v]);
        tix_status status =
            infer_run(&node, INPUTS(T(data, I32, 5), T(indices, I32, 3), SCALAR(&axis, I64)), out,
                      &result, &o);
        char message[TIX_MESSAGE_CAPACITY];
        snprintf(message, sizeof message,
                 "Gather-%d: indices[1] = -2 is outside [0, 4] for axis 0 of data with shape [5]",
                 versions[v]);
        expect_error(status, &diag, TIX_STATUS_INDEX_OUT_OF_RANGE, "indices", message);
        assert_int_equal(diag.position, 1);
        assert_int_equal(diag.value, -2);
    }
    int32_t out[3];
    tix_tensor result;
    tix_openvino_node node = NODE("Gather", 8);
    expect_status(infer_run(&node, INPUTS(T(data, I32, 5), T(indices, I32, 3), SCALAR(&axis, I64)),
                            out, &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_I32(out, 1, 4, 5);
}

/* The same out-of-range index: an error in Gather-7, zero in Gather-8. */
static void gather_out_of_range_by_version(void** state) {
    (void)state;
    int32_t data[] = {1, 2, 3, 4, 5};
    int16_t indices[] = {3, 10, -20};
    int64_t axis = 0;
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    int32_t out[3] = {-1, -1, -1};
    tix_tensor result;
    tix_openvino_node node7 = NODE("Gather", 7);
    expect_error(infer_run(&node7, INPUTS(T(data, I32, 5), T(indices, I16, 3), SCALAR(&axis, I64)),
                           out, &result, &o),
                 &diag, TIX_STATUS_INDEX_OUT_OF_RANGE, "indices",
                 "Gather-7: indices[1] = 10 is outside [0, 4] for axis 0 of data with shape [5]");
    tix_openvino_node node8 = NODE("Gather", 8);
    o = options_with(&diag);
    expect_status(infer_run(&node8, INPUTS(T(data, I32, 5), T(indices, I16, 3), SCALAR(&axis, I64)),
                            out, &result, &o),
                  TIX_STATUS_OK);
    expect_ok_diag(&diag);
    EXPECT_I32(out, 4, 0, 0);
}

/* Gather-7/8 bound batch_dims by min(rank(data), rank(indices)); the core alone would take
 * [-rank(indices), rank(indices)]. */
static void gather_batch_dims_range(void** state) {
    (void)state;
    float data[10] = {0};
    int32_t indices[6] = {0};
    int64_t axis = 1;
    tix_tensor in[] = {T(data, F32, 2, 5), T(indices, I32, 2, 3, 1), SCALAR(&axis, I64)};
    tix_openvino_node too_low = NODE_A("Gather", 7, {"batch_dims", "-3"});
    expect_both_fail(&too_low, in, 3, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims",
                     "Gather-7: batch_dims -3 is outside [-2, 2] (min of the ranks of data and "
                     "indices)");
    tix_openvino_node too_high = NODE_A("Gather", 8, {"batch_dims", "3"});
    expect_both_fail(&too_high, in, 3, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims",
                     "Gather-8: batch_dims 3 is outside [-2, 2] (min of the ranks of data and "
                     "indices)");
    /* In range but beyond the axis: the core's rule batch_dims' <= axis'. */
    tix_openvino_node beyond_axis = NODE_A("Gather", 7, {"batch_dims", "2"});
    expect_both_fail(&beyond_axis, in, 3, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims",
                     "Gather-7: batch_dims: 2 (normalized) must not exceed axis 1");
    /* Gather-1 has no batch_dims at all. */
    tix_openvino_node gather1 = NODE_A("Gather", 1, {"batch_dims", "0"});
    expect_both_fail(&gather1, in, 3, TIX_STATUS_INVALID_ATTRIBUTE, "attributes",
                     "Gather-1: has no attribute 'batch_dims'");
    tix_openvino_node not_int = NODE_A("Gather", 7, {"batch_dims", "1.0"});
    expect_both_fail(&not_int, in, 3, TIX_STATUS_INVALID_ATTRIBUTE, "batch_dims",
                     "Gather-7: attribute batch_dims = '1.0' is not a decimal int64");
    /* Batch dimensions must be equal. */
    int32_t indices3[3] = {0};
    tix_openvino_node batch1 = NODE_A("Gather", 7, {"batch_dims", "1"});
    expect_both_fail(&batch1, INPUTS(T(data, F32, 2, 5), T(indices3, I32, 3), SCALAR(&axis, I64)),
                     TIX_STATUS_SHAPE_MISMATCH, "indices",
                     "Gather-7: indices: batch dimension 0 has size 3 but data's has 2");
}

static void gather_axis_input_errors(void** state) {
    (void)state;
    float data[4] = {0};
    int32_t indices[1] = {0};
    tix_openvino_node node = NODE("Gather", 8);
    float axis_f = 0;
    expect_both_fail(&node, INPUTS(T(data, F32, 2, 2), T(indices, I32, 1), SCALAR(&axis_f, F32)),
                     TIX_STATUS_INVALID_DTYPE, "axis",
                     "Gather-8: the axis input must be of an integer dtype, got float32");
    int64_t axis2[2] = {0, 1};
    expect_both_fail(&node, INPUTS(T(data, F32, 2, 2), T(indices, I32, 1), T(axis2, I64, 2)),
                     TIX_STATUS_INVALID_SHAPE, "axis",
                     "Gather-8: the axis input must hold one element, got shape [2]");
    expect_both_fail(&node, INPUTS(T(data, F32, 2, 2), T(indices, I32, 1), T(axis2, I64, 1, 1)),
                     TIX_STATUS_INVALID_RANK, "axis",
                     "Gather-8: the axis input must be a scalar or a 1-D tensor, got rank 2");
    expect_both_fail(&node, INPUTS(T(data, F32, 2, 2), T(indices, I32, 1), SCALAR(NULL, I64)),
                     TIX_STATUS_NULL_POINTER, "axis",
                     "Gather-8: the axis input's data pointer is NULL (its value is needed)");
    uint64_t huge = (uint64_t)1 << 63;
    expect_both_fail(&node, INPUTS(T(data, F32, 2, 2), T(indices, I32, 1), SCALAR(&huge, U64)),
                     TIX_STATUS_INVALID_AXIS, "axis",
                     "Gather-8: axis 9223372036854775808 is out of range");
    int16_t two = 2;
    expect_both_fail(&node, INPUTS(T(data, F32, 2, 2), T(indices, I32, 1), SCALAR(&two, I16)),
                     TIX_STATUS_INVALID_AXIS, "axis",
                     "Gather-8: axis: 2 is outside [-2, 1] for data of rank 2");
}

/* Shape inference reads the axis value: uint32 1 and uint64 1 give the axis-1 shape. */
static void gather_infer_reads_axis(void** state) {
    (void)state;
    int32_t indices[] = {0, 1, 0, 1, 0, 1, 0};
    uint32_t axis32 = 1;
    uint64_t axis64 = 1;
    tix_tensor axes[] = {SCALAR(&axis32, U32), SCALAR(&axis64, U64)};
    for (int a = 0; a < 2; a++) {
        tix_tensor result;
        memset(&result, 0xA5, sizeof result);
        tix_openvino_node node = NODE("Gather", 7);
        expect_status(
            tix_openvino_infer(&node, INPUTS(T(NULL, F32, 2, 3, 4), T(indices, I32, 7), axes[a]),
                               &result, NULL),
            TIX_STATUS_OK);
        assert_null(result.data);
        EXPECT_SHAPE(result, F32, 2, 7, 4);
    }
}

/* ---------------------------------------------------------------------------------------------
 * GatherElements-6
 */

static void gather_elements6_example_1(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4};
    int32_t indices[] = {0, 1, 0, 0};
    float out[4];
    tix_tensor result;
    tix_openvino_node node = NODE_A("GatherElements", 6, {"axis", "0"});
    expect_status(
        infer_run(&node, INPUTS(T(data, F32, 2, 2), T(indices, I32, 2, 2)), out, &result, NULL),
        TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 2, 2);
    EXPECT_F32(out, 1, 4, 1, 2);
}

/* Indices larger than data along the axis. */
static void gather_elements6_example_2(void** state) {
    (void)state;
    float data[] = {1, 7, 4, 3};
    int64_t indices[] = {1, 1, 0, 1, 0, 1};
    float out[6];
    tix_tensor result;
    tix_openvino_node node = NODE_A("GatherElements", 6, {"axis", "1"});
    expect_status(
        infer_run(&node, INPUTS(T(data, F32, 2, 2), T(indices, I64, 2, 3)), out, &result, NULL),
        TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 2, 3);
    EXPECT_F32(out, 7, 7, 1, 3, 4, 3);
}

/* Indices smaller than data along the axis (here axis = -2, the same as 0). */
static void gather_elements6_example_3(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    int32_t indices[] = {1, 0, 1, 1, 2, 0};
    const char* axes[] = {"0", "-2"};
    for (int a = 0; a < 2; a++) {
        float out[6];
        tix_tensor result;
        tix_openvino_node node = NODE_A("GatherElements", 6, {"axis", axes[a]});
        expect_status(
            infer_run(&node, INPUTS(T(data, F32, 3, 3), T(indices, I32, 2, 3)), out, &result, NULL),
            TIX_STATUS_OK);
        EXPECT_SHAPE(result, F32, 2, 3);
        EXPECT_F32(out, 4, 2, 6, 4, 8, 3);
    }
}

static void gather_elements6_rules(void** state) {
    (void)state;
    float data[9] = {0};
    int32_t indices[6] = {0};
    tix_openvino_node no_axis = NODE("GatherElements", 6);
    expect_both_fail(&no_axis, INPUTS(T(data, F32, 3, 3), T(indices, I32, 2, 3)),
                     TIX_STATUS_INVALID_ATTRIBUTE, "axis",
                     "GatherElements-6: attribute axis is required");
    tix_openvino_node node = NODE_A("GatherElements", 6, {"axis", "1"});
    /* Only the axis may differ: the core alone would accept indices [2, 3] on data [3, 3]. */
    tix_tensor smaller[] = {T(data, F32, 3, 3), T(indices, I32, 2, 3)};
    tix_tensor core_result;
    expect_status(tix_gather_elements_shape(&smaller[0], &smaller[1], 1, &core_result, NULL),
                  TIX_STATUS_OK);
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    tix_tensor result;
    expect_error(tix_openvino_infer(&node, smaller, 2, &result, &o), &diag,
                 TIX_STATUS_SHAPE_MISMATCH, "indices",
                 "GatherElements-6: indices dimension 0 has size 2 but data's has 3 (only axis 1 "
                 "may differ)");
    assert_int_equal(diag.dimension, 0);
    assert_int_equal(diag.value, 2);
    /* T_IND is int32 or int64 only. */
    int8_t indices8[9] = {0};
    expect_both_fail(&node, INPUTS(T(data, F32, 3, 3), T(indices8, I8, 3, 3)),
                     TIX_STATUS_INVALID_INDEX_DTYPE, "indices",
                     "GatherElements-6: indices must be int32 or int64, got int8");
    uint32_t indices_u32[9] = {0};
    expect_both_fail(&node, INPUTS(T(data, F32, 3, 3), T(indices_u32, U32, 3, 3)),
                     TIX_STATUS_INVALID_INDEX_DTYPE, "indices",
                     "GatherElements-6: indices must be int32 or int64, got uint32");
    /* Indices in [0, s-1]: a negative one is an error. */
    float values[] = {1, 2, 3, 4};
    int64_t negative[] = {0, -1, 0, 0};
    float out[4];
    o = options_with(&diag);
    expect_error(
        infer_run(&node, INPUTS(T(values, F32, 2, 2), T(negative, I64, 2, 2)), out, &result, &o),
        &diag, TIX_STATUS_INDEX_OUT_OF_RANGE, "indices",
        "GatherElements-6: indices[0][1] = -1 is outside [0, 1] for axis 1 of data with "
        "shape [2, 2]");
    int64_t too_big[] = {0, 1, 2, 0};
    o = options_with(&diag);
    expect_error(
        infer_run(&node, INPUTS(T(values, F32, 2, 2), T(too_big, I64, 2, 2)), out, &result, &o),
        &diag, TIX_STATUS_INDEX_OUT_OF_RANGE, "indices",
        "GatherElements-6: indices[1][0] = 2 is outside [0, 1] for axis 1 of data with "
        "shape [2, 2]");
}

static void gather_elements6_axis_attribute_parsing(void** state) {
    (void)state;
    float data[4] = {0};
    int32_t indices[4] = {0};
    tix_tensor in[] = {T(data, F32, 2, 2), T(indices, I32, 2, 2)};
    const char* bad[] = {"", " 1", "1 ", "1.0", "one", "--1", "0x1", "9223372036854775808"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tix_openvino_node node = NODE_A("GatherElements", 6, {"axis", bad[i]});
        char message[TIX_MESSAGE_CAPACITY];
        snprintf(message, sizeof message,
                 "GatherElements-6: attribute axis = '%s' is not a decimal int64", bad[i]);
        expect_both_fail(&node, in, 2, TIX_STATUS_INVALID_ATTRIBUTE, "axis", message);
    }
    /* The smallest int64 parses, and is then out of range. */
    tix_openvino_node lowest = NODE_A("GatherElements", 6, {"axis", "-9223372036854775808"});
    expect_both_fail(&lowest, in, 2, TIX_STATUS_INVALID_AXIS, "axis",
                     "GatherElements-6: axis: -9223372036854775808 is outside [-2, 1] for data of "
                     "rank 2");
    tix_openvino_node plus = NODE_A("GatherElements", 6, {"axis", "+1"});
    tix_tensor result;
    expect_status(tix_openvino_infer(&plus, in, 2, &result, NULL), TIX_STATUS_OK);
    tix_openvino_node twice = NODE_A("GatherElements", 6, {"axis", "0"}, {"axis", "1"});
    expect_both_fail(&twice, in, 2, TIX_STATUS_INVALID_ATTRIBUTE, "axis",
                     "GatherElements-6: attribute axis is given twice");
    tix_openvino_node batch = NODE_A("GatherElements", 6, {"axis", "0"}, {"batch_dims", "0"});
    expect_both_fail(&batch, in, 2, TIX_STATUS_INVALID_ATTRIBUTE, "attributes",
                     "GatherElements-6: has no attribute 'batch_dims'");
}

/* ---------------------------------------------------------------------------------------------
 * GatherND-5 / 8
 */

/* Examples 1-5 have batch_dims <= 1, where both versions give the same result. */
static void gather_nd_examples_1_to_5_both_versions(void** state) {
    (void)state;
    float small[] = {1, 2, 3, 4};
    float big[24];
    for (int i = 0; i < 24; i++)
        big[i] = (float)(i + 1);
    const int versions[] = {5, 8};
    for (int v = 0; v < 2; v++) {
        tix_tensor result;
        /* 1: elements */
        int64_t i1[] = {0, 0, 1, 0};
        float o1[2];
        tix_openvino_node plain = NODE("GatherND", versions[v]);
        expect_status(
            infer_run(&plain, INPUTS(T(small, F32, 2, 2), T(i1, I64, 2, 2)), o1, &result, NULL),
            TIX_STATUS_OK);
        EXPECT_SHAPE(result, F32, 2);
        EXPECT_F32(o1, 1, 3);
        /* 2: slices */
        int32_t i2[] = {1, 0};
        float o2[4];
        expect_status(
            infer_run(&plain, INPUTS(T(small, F32, 2, 2), T(i2, I32, 2, 1)), o2, &result, NULL),
            TIX_STATUS_OK);
        EXPECT_SHAPE(result, F32, 2, 2);
        EXPECT_F32(o2, 3, 4, 1, 2);
        /* 3: leading dimensions in indices */
        float o3[4];
        expect_status(
            infer_run(&plain, INPUTS(T(small, F32, 2, 2), T(i2, I32, 2, 1, 1)), o3, &result, NULL),
            TIX_STATUS_OK);
        EXPECT_SHAPE(result, F32, 2, 1, 2);
        EXPECT_F32(o3, 3, 4, 1, 2);
        /* 4: elements with batch_dims 1 */
        tix_openvino_node batch1 = NODE_A("GatherND", versions[v], {"batch_dims", "1"});
        float o4[2];
        expect_status(
            infer_run(&batch1, INPUTS(T(small, F32, 2, 2), T(i2, I32, 2, 1)), o4, &result, NULL),
            TIX_STATUS_OK);
        EXPECT_SHAPE(result, F32, 2);
        EXPECT_F32(o4, 2, 3);
        /* 5: slices with batch_dims 1 */
        float o5[8];
        expect_status(
            infer_run(&batch1, INPUTS(T(big, F32, 2, 3, 4), T(i2, I32, 2, 1)), o5, &result, NULL),
            TIX_STATUS_OK);
        EXPECT_SHAPE(result, F32, 2, 4);
        EXPECT_F32(o5, 5, 6, 7, 8, 13, 14, 15, 16);
    }
}

/* Example 6: batch_dims 2. GatherND-5 flattens the batch dims to 6, GatherND-8 keeps (2, 3). */
static void gather_nd_example_6_flatten_vs_keep(void** state) {
    (void)state;
    float data[24];
    for (int i = 0; i < 24; i++)
        data[i] = (float)(i + 1);
    int32_t indices[] = {1, 0, 2, 0, 2, 2};
    float out5[6], out8[6];
    tix_tensor result;
    tix_openvino_node v5 = NODE_A("GatherND", 5, {"batch_dims", "2"});
    expect_status(infer_run(&v5, INPUTS(T(data, F32, 2, 3, 4), T(indices, I32, 2, 3, 1, 1)), out5,
                            &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 6, 1);
    EXPECT_F32(out5, 2, 5, 11, 13, 19, 23);
    tix_openvino_node v8 = NODE_A("GatherND", 8, {"batch_dims", "2"});
    expect_status(infer_run(&v8, INPUTS(T(data, F32, 2, 3, 4), T(indices, I32, 2, 3, 1, 1)), out8,
                            &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 2, 3, 1);
    EXPECT_F32(out8, 2, 5, 11, 13, 19, 23);
}

/* GatherND-8 example 7 (batch_dims 3), and the same under GatherND-5: shape (4). */
static void gather_nd_example_7_batch_dims_3(void** state) {
    (void)state;
    float data[16];
    for (int i = 0; i < 16; i++)
        data[i] = (float)(i + 1);
    int64_t indices[] = {1, 0, 3, 2};
    float out8[4], out5[4];
    tix_tensor result;
    tix_openvino_node v8 = NODE_A("GatherND", 8, {"batch_dims", "3"});
    expect_status(infer_run(&v8, INPUTS(T(data, F32, 1, 2, 2, 4), T(indices, I64, 1, 2, 2, 1)),
                            out8, &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 1, 2, 2);
    EXPECT_F32(out8, 2, 5, 12, 15);
    tix_openvino_node v5 = NODE_A("GatherND", 5, {"batch_dims", "3"});
    expect_status(infer_run(&v5, INPUTS(T(data, F32, 1, 2, 2, 4), T(indices, I64, 1, 2, 2, 1)),
                            out5, &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 4);
    EXPECT_F32(out5, 2, 5, 12, 15);
}

/* The shapes of the IR examples (inference reads no element). */
static void gather_nd_ir_example_shapes(void** state) {
    (void)state;
    tix_tensor result;
    tix_openvino_node v5 = NODE_A("GatherND", 5, {"batch_dims", "2"});
    expect_status(
        tix_openvino_infer(&v5, INPUTS(T(NULL, F32, 30, 2, 100, 35), T(NULL, I32, 30, 2, 3, 1)),
                           &result, NULL),
        TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 60, 3, 35);
    tix_openvino_node v8 = NODE_A("GatherND", 8, {"batch_dims", "2"});
    expect_status(
        tix_openvino_infer(&v8, INPUTS(T(NULL, F32, 30, 2, 100, 35), T(NULL, I32, 30, 2, 3, 1)),
                           &result, NULL),
        TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 30, 2, 3, 35);
    tix_openvino_node v8b3 = NODE_A("GatherND", 8, {"batch_dims", "3"});
    expect_status(tix_openvino_infer(
                      &v8b3, INPUTS(T(NULL, F32, 1, 64, 64, 320), T(NULL, I32, 1, 64, 64, 1, 1)),
                      &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 1, 64, 64, 1);
    tix_openvino_node v8b0 = NODE("GatherND", 8);
    expect_status(
        tix_openvino_infer(&v8b0, INPUTS(T(NULL, F32, 1000, 256, 10, 15), T(NULL, I32, 25, 125, 3)),
                           &result, NULL),
        TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 25, 125, 15);
}

/* A negative component: an error in GatherND-5, counted from the end in GatherND-8. Out of range
 * is an error in both. */
static void gather_nd_negative_and_out_of_range_by_version(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4};
    int8_t negative[] = {-1, 0}; /* any integer index type */
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    float out[1] = {-1};
    tix_tensor result;
    tix_openvino_node v5 = NODE("GatherND", 5);
    expect_error(
        infer_run(&v5, INPUTS(T(data, F32, 2, 2), T(negative, I8, 1, 2)), out, &result, &o), &diag,
        TIX_STATUS_INDEX_OUT_OF_RANGE, "indices",
        "GatherND-5: indices[0][0] = -1 is outside [0, 1] for axis 0 of data with shape "
        "[2, 2]");
    tix_openvino_node v8 = NODE("GatherND", 8);
    o = options_with(&diag);
    expect_status(
        infer_run(&v8, INPUTS(T(data, F32, 2, 2), T(negative, I8, 1, 2)), out, &result, &o),
        TIX_STATUS_OK);
    expect_ok_diag(&diag);
    EXPECT_F32(out, 3);
    int8_t too_big[] = {0, 2};
    const tix_openvino_node nodes[] = {v5, v8};
    const char* messages[] = {
        "GatherND-5: indices[0][1] = 2 is outside [0, 1] for axis 1 of data with shape [2, 2]",
        "GatherND-8: indices[0][1] = 2 is outside [-2, 1] for axis 1 of data with shape [2, 2]"};
    for (int v = 0; v < 2; v++) {
        o = options_with(&diag);
        expect_error(infer_run(&nodes[v], INPUTS(T(data, F32, 2, 2), T(too_big, I8, 1, 2)), out,
                               &result, &o),
                     &diag, TIX_STATUS_INDEX_OUT_OF_RANGE, "indices", messages[v]);
    }
}

/* Batch dims of size 1 broadcast against the other operand (a 0-stride view). */
static void gather_nd_batch_broadcast(void** state) {
    (void)state;
    const int versions[] = {5, 8};
    for (int v = 0; v < 2; v++) {
        tix_openvino_node batch1 = NODE_A("GatherND", versions[v], {"batch_dims", "1"});
        tix_tensor result;
        /* data's batch dim is 1 */
        float one_row[] = {7, 8, 9};
        int32_t two_tuples[] = {0, 2};
        float o1[2];
        expect_status(infer_run(&batch1, INPUTS(T(one_row, F32, 1, 3), T(two_tuples, I32, 2, 1)),
                                o1, &result, NULL),
                      TIX_STATUS_OK);
        EXPECT_SHAPE(result, F32, 2);
        EXPECT_F32(o1, 7, 9);
        /* indices' batch dim is 1 */
        float rows[] = {1, 2, 3, 4, 5, 6};
        int32_t one_tuple[] = {1};
        float o2[2];
        expect_status(infer_run(&batch1, INPUTS(T(rows, F32, 2, 3), T(one_tuple, I32, 1, 1)), o2,
                                &result, NULL),
                      TIX_STATUS_OK);
        EXPECT_SHAPE(result, F32, 2);
        EXPECT_F32(o2, 2, 5);
    }
    /* batch_dims 2 with indices broadcast along the first batch dim. */
    float data[24];
    for (int i = 0; i < 24; i++)
        data[i] = (float)(i + 1);
    int32_t indices[] = {1, 0, 2};
    float out5[6], out8[6];
    tix_tensor result;
    tix_openvino_node v5 = NODE_A("GatherND", 5, {"batch_dims", "2"});
    expect_status(infer_run(&v5, INPUTS(T(data, F32, 2, 3, 4), T(indices, I32, 1, 3, 1, 1)), out5,
                            &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 6, 1);
    EXPECT_F32(out5, 2, 5, 11, 14, 17, 23);
    tix_openvino_node v8 = NODE_A("GatherND", 8, {"batch_dims", "2"});
    expect_status(infer_run(&v8, INPUTS(T(data, F32, 2, 3, 4), T(indices, I32, 1, 3, 1, 1)), out8,
                            &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 2, 3, 1);
    EXPECT_F32(out8, 2, 5, 11, 14, 17, 23);
    /* Neither equal nor 1. */
    tix_openvino_node batch1 = NODE_A("GatherND", 8, {"batch_dims", "1"});
    int32_t three[3] = {0};
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    expect_error(
        tix_openvino_infer(&batch1, INPUTS(T(data, F32, 2, 12), T(three, I32, 3, 1)), &result, &o),
        &diag, TIX_STATUS_SHAPE_MISMATCH, "indices",
        "GatherND-8: batch dimension 0 of indices has size 3 and data's 2: they must be "
        "equal or one of them 1");
    assert_int_equal(diag.dimension, 0);
    assert_int_equal(diag.value, 3);
}

static void gather_nd_batch_dims_range(void** state) {
    (void)state;
    float data[4] = {0};
    int32_t indices[4] = {0};
    tix_tensor in[] = {T(data, F32, 2, 2), T(indices, I32, 2, 2)};
    tix_openvino_node equal_rank = NODE_A("GatherND", 5, {"batch_dims", "2"});
    expect_both_fail(&equal_rank, in, 2, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims",
                     "GatherND-5: batch_dims 2 is outside [0, 1] (below the ranks of data and "
                     "indices)");
    tix_openvino_node negative = NODE_A("GatherND", 8, {"batch_dims", "-1"});
    expect_both_fail(&negative, in, 2, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims",
                     "GatherND-8: batch_dims -1 is outside [0, 1] (below the ranks of data and "
                     "indices)");
    tix_openvino_node axis = NODE_A("GatherND", 8, {"axis", "0"});
    expect_both_fail(&axis, in, 2, TIX_STATUS_INVALID_ATTRIBUTE, "attributes",
                     "GatherND-8: has no attribute 'axis'");
    /* k = indices.shape[-1] must fit in rank(data) - batch_dims (the core's rule). */
    int32_t wide[3] = {0};
    tix_openvino_node batch1 = NODE_A("GatherND", 8, {"batch_dims", "1"});
    expect_both_fail(&batch1, INPUTS(T(data, F32, 2, 2), T(wide, I32, 1, 3)),
                     TIX_STATUS_SHAPE_MISMATCH, "indices",
                     "GatherND-8: indices: tuples of 3 components (the last dimension) exceed "
                     "data's rank 2 minus batch_dims 1");
}

/* GatherND-5's output is checked in the caller's (flattened) terms, and may be strided. */
static void gather_nd5_flattened_output_view(void** state) {
    (void)state;
    float data[24];
    for (int i = 0; i < 24; i++)
        data[i] = (float)(i + 1);
    int32_t indices[] = {1, 0, 2, 0, 2, 2};
    tix_openvino_node v5 = NODE_A("GatherND", 5, {"batch_dims", "2"});
    tix_tensor in[] = {T(data, F32, 2, 3, 4), T(indices, I32, 2, 3, 1, 1)};
    float buffer[12];
    for (int i = 0; i < 12; i++)
        buffer[i] = -1;
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    /* The unflattened (GatherND-8) shape is not GatherND-5's. */
    tix_tensor kept = T(buffer, F32, 2, 3, 1);
    expect_error(tix_openvino_run(&v5, in, 2, &kept, &o), &diag, TIX_STATUS_SHAPE_MISMATCH,
                 "output", "GatherND-5: output shape [2, 3, 1] should be [6, 1]");
    int32_t wrong_dtype[6];
    o = options_with(&diag);
    tix_tensor ints = T(wrong_dtype, I32, 6, 1);
    expect_error(tix_openvino_run(&v5, in, 2, &ints, &o), &diag, TIX_STATUS_DTYPE_MISMATCH,
                 "output", "GatherND-5: output dtype int32 differs from data's float32");
    for (int i = 0; i < 12; i++)
        expect_f32(&buffer[i], 1, (const float[]){-1}, 1);
    /* Every other element of the buffer: strides (2, 1). */
    tix_tensor strided = T(buffer, F32, 6, 1);
    strided.strides[0] = 2;
    o = options_with(&diag);
    expect_status(tix_openvino_run(&v5, in, 2, &strided, &o), TIX_STATUS_OK);
    expect_ok_diag(&diag);
    EXPECT_F32(buffer, 2, -1, 5, -1, 11, -1, 13, -1, 19, -1, 23, -1);
    /* Reversed: a negative stride on the flattened dimension. */
    float reversed[6];
    tix_tensor backwards = T(&reversed[5], F32, 6, 1);
    backwards.strides[0] = -1;
    expect_status(tix_openvino_run(&v5, in, 2, &backwards, NULL), TIX_STATUS_OK);
    EXPECT_F32(reversed, 23, 19, 13, 11, 5, 2);
}

/* ---------------------------------------------------------------------------------------------
 * ScatterUpdate-3
 */

/* Example 2 of the specification: axis 1, indices [0, 2]. */
static void scatter_update3_example_2(void** state) {
    (void)state;
    float data[] = {-1, 1, -1, 3, 4, -1, 6, -1, 8, 9, -1, 11, 1, 13, 14};
    int32_t indices[] = {0, 2};
    float updates[] = {1, 1, 1, 1, 1, 2};
    int64_t axis[] = {1};
    float out[15];
    tix_tensor result;
    tix_openvino_node node = NODE("ScatterUpdate", 3);
    expect_status(infer_run(&node,
                            INPUTS(T(data, F32, 3, 5), T(indices, I32, 2), T(updates, F32, 3, 2),
                                   T(axis, I64, 1)),
                            out, &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 3, 5);
    EXPECT_F32(out, 1, 1, 1, 3, 4, 1, 6, 1, 8, 9, 1, 11, 2, 13, 14);
}

/* Example 1's shapes: updates = data[:1] + indices.shape + data[2:]. */
static void scatter_update3_example_1_shapes(void** state) {
    (void)state;
    int32_t axis = 1;
    tix_tensor result;
    tix_openvino_node node = NODE("ScatterUpdate", 3);
    expect_status(tix_openvino_infer(&node,
                                     INPUTS(T(NULL, F32, 1000, 256, 10, 15), T(NULL, I32, 125, 20),
                                            T(NULL, F32, 1000, 125, 20, 10, 15), T(&axis, I32, 1)),
                                     &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 1000, 256, 10, 15);
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    expect_error(tix_openvino_infer(&node,
                                    INPUTS(T(NULL, F32, 1000, 256, 10, 15), T(NULL, I32, 125, 20),
                                           T(NULL, F32, 1000, 125, 10, 15), T(&axis, I32, 1)),
                                    &result, &o),
                 &diag, TIX_STATUS_SHAPE_MISMATCH, "updates",
                 "ScatterUpdate-3: updates: shape [1000, 125, 10, 15] should be "
                 "[1000, 125, 20, 10, 15] for scatter");
}

/* 0-D indices, any integer index type, duplicates (last wins), in place. */
static void scatter_update3_indices_forms(void** state) {
    (void)state;
    int32_t data[] = {1, 2, 3, 4, 5, 6};
    uint16_t index = 2;
    int32_t row[] = {70, 80};
    int64_t axis = 0;
    int32_t out[6];
    tix_tensor result;
    tix_openvino_node node = NODE("ScatterUpdate", 3);
    expect_status(infer_run(&node,
                            INPUTS(T(data, I32, 3, 2), SCALAR(&index, U16), T(row, I32, 2),
                                   SCALAR(&axis, I64)),
                            out, &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_I32(out, 1, 2, 3, 4, 70, 80);
    uint8_t same[] = {1, 1};
    int32_t columns[] = {10, 20, 30, 40, 50, 60};
    int64_t last = -1; /* axis counted from the end: the columns */
    tix_tensor in[] = {T(data, I32, 3, 2), T(same, U8, 2), T(columns, I32, 3, 2),
                       SCALAR(&last, I64)};
    expect_status(tix_openvino_run(&node, in, 4, &in[0], NULL), TIX_STATUS_OK); /* in place */
    EXPECT_I32(data, 1, 20, 3, 40, 5, 60);
}

/* Negative and out-of-range indices are errors, and leave the output as it was. */
static void scatter_update3_bad_indices(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4};
    float updates[] = {9, 9};
    int64_t axis = 0;
    tix_openvino_node node = NODE("ScatterUpdate", 3);
    int32_t negative[] = {0, -1};
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    tix_tensor in[] = {T(data, F32, 4), T(negative, I32, 2), T(updates, F32, 2),
                       SCALAR(&axis, I64)};
    expect_error(tix_openvino_run(&node, in, 4, &in[0], &o), &diag, TIX_STATUS_INDEX_OUT_OF_RANGE,
                 "indices",
                 "ScatterUpdate-3: indices[1] = -1 is outside [0, 3] for axis 0 of data with "
                 "shape [4]");
    int32_t too_big[] = {4, 0};
    in[1] = T(too_big, I32, 2);
    o = options_with(&diag);
    expect_error(tix_openvino_run(&node, in, 4, &in[0], &o), &diag, TIX_STATUS_INDEX_OUT_OF_RANGE,
                 "indices",
                 "ScatterUpdate-3: indices[0] = 4 is outside [0, 3] for axis 0 of data with "
                 "shape [4]");
    EXPECT_F32(data, 1, 2, 3, 4);
    /* No attributes at all; exactly four inputs. */
    tix_openvino_node with_axis = NODE_A("ScatterUpdate", 3, {"axis", "0"});
    expect_both_fail(&with_axis, in, 4, TIX_STATUS_INVALID_ATTRIBUTE, "attributes",
                     "ScatterUpdate-3: has no attribute 'axis'");
    tix_diagnostic d3;
    tix_options o3 = options_with(&d3);
    tix_tensor result;
    expect_error(tix_openvino_infer(&node, in, 3, &result, &o3), &d3,
                 TIX_STATUS_INVALID_INPUT_COUNT, "inputs",
                 "ScatterUpdate-3: takes 4 inputs (data, indices, updates, axis), got 3");
    assert_int_equal(d3.value, 3);
}

/* ---------------------------------------------------------------------------------------------
 * ScatterElementsUpdate-3 / 12
 */

static void scatter_elements_update_example_shapes(void** state) {
    (void)state;
    int64_t axis = 0;
    const int versions[] = {3, 12};
    for (int v = 0; v < 2; v++) {
        tix_tensor result;
        tix_openvino_node node = NODE("ScatterElementsUpdate", versions[v]);
        expect_status(
            tix_openvino_infer(&node,
                               INPUTS(T(NULL, F32, 1000, 256, 7, 7), T(NULL, I32, 125, 20, 7, 6),
                                      T(NULL, F32, 125, 20, 7, 6), T(&axis, I64, 1)),
                               &result, NULL),
            TIX_STATUS_OK);
        EXPECT_SHAPE(result, F32, 1000, 256, 7, 7);
    }
}

/* ScatterElementsUpdate-12 example 3 (reduction none), which version 3 also runs. */
static void scatter_elements_update_example_3_none(void** state) {
    (void)state;
    const int versions[] = {3, 12};
    for (int v = 0; v < 2; v++) {
        int32_t data[12] = {0};
        int64_t indices[] = {1, 2, 0, 3};
        int32_t updates[] = {11, 12, 13, 14};
        int32_t axis[] = {1};
        int32_t out[12];
        tix_tensor result;
        tix_openvino_node node = NODE("ScatterElementsUpdate", versions[v]);
        expect_status(infer_run(&node,
                                INPUTS(T(data, I32, 3, 4), T(indices, I64, 2, 2),
                                       T(updates, I32, 2, 2), T(axis, I32, 1)),
                                out, &result, NULL),
                      TIX_STATUS_OK);
        EXPECT_SHAPE(result, I32, 3, 4);
        EXPECT_I32(out, 0, 11, 12, 0, 13, 0, 0, 14, 0, 0, 0, 0);
    }
}

/* Indices may be longer than data along the axis (both versions), not across it. */
static void scatter_elements_update_indices_shape(void** state) {
    (void)state;
    int64_t axis = 0;
    const int versions[] = {3, 12};
    for (int v = 0; v < 2; v++) {
        float data[] = {1, 2};
        int32_t indices[] = {1, 1, 0};
        float updates[] = {5, 6, 7};
        float out[2];
        tix_tensor result;
        tix_openvino_node node = NODE("ScatterElementsUpdate", versions[v]);
        expect_status(infer_run(&node,
                                INPUTS(T(data, F32, 2), T(indices, I32, 3), T(updates, F32, 3),
                                       SCALAR(&axis, I64)),
                                out, &result, NULL),
                      TIX_STATUS_OK);
        EXPECT_F32(out, 7, 6); /* duplicates: the last update wins */
    }
    float data[4] = {0};
    int32_t indices[3] = {0};
    float updates[3] = {0};
    int64_t columns = 1;
    tix_openvino_node node = NODE("ScatterElementsUpdate", 3);
    expect_both_fail(&node,
                     INPUTS(T(data, F32, 2, 2), T(indices, I32, 3, 1), T(updates, F32, 3, 1),
                            SCALAR(&columns, I64)),
                     TIX_STATUS_SHAPE_MISMATCH, "indices",
                     "ScatterElementsUpdate-3: indices: dimension 0 has size 3, more than data's 2 "
                     "(allowed only on the axis, 1)");
}

/* Example 1: sum with use_init_val true and negative indices. Version 3 rejects both. */
static void scatter_elements_update12_example_1_sum_negative(void** state) {
    (void)state;
    float data[] = {2, 3, 4, 6};
    int32_t indices[] = {1, 0, 0, -2, -1, 2};
    float updates[] = {10, 20, 30, 40, 70, 60};
    int64_t axis[] = {0};
    tix_tensor in[] = {T(data, F32, 4), T(indices, I32, 6), T(updates, F32, 6), T(axis, I64, 1)};
    float out[4];
    tix_tensor result;
    tix_openvino_node node =
        NODE_A("ScatterElementsUpdate", 12, {"use_init_val", "true"}, {"reduction", "sum"});
    expect_status(infer_run(&node, in, 4, out, &result, NULL), TIX_STATUS_OK);
    EXPECT_F32(out, 52, 13, 104, 76);
    tix_openvino_node v3 = NODE("ScatterElementsUpdate", 3);
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    expect_error(infer_run(&v3, in, 4, out, &result, &o), &diag, TIX_STATUS_INDEX_OUT_OF_RANGE,
                 "indices",
                 "ScatterElementsUpdate-3: indices[3] = -2 is outside [0, 3] for axis 0 of data "
                 "with shape [4]");
    tix_openvino_node v3_reduction = NODE_A("ScatterElementsUpdate", 3, {"reduction", "sum"});
    expect_both_fail(&v3_reduction, in, 4, TIX_STATUS_INVALID_ATTRIBUTE, "attributes",
                     "ScatterElementsUpdate-3: has no attribute 'reduction'");
}

static void scatter_elements_update12_example_2_sum_without_init(void** state) {
    (void)state;
    float data[] = {2, 3, 4, 6};
    int32_t indices[] = {1, 0, 0, 2, 3, 2};
    float updates[] = {10, 20, 30, 40, 70, 60};
    int64_t axis[] = {0};
    float out[4];
    tix_tensor result;
    tix_openvino_node node =
        NODE_A("ScatterElementsUpdate", 12, {"use_init_val", "false"}, {"reduction", "sum"});
    expect_status(
        infer_run(&node,
                  INPUTS(T(data, F32, 4), T(indices, I32, 6), T(updates, F32, 6), T(axis, I64, 1)),
                  out, &result, NULL),
        TIX_STATUS_OK);
    EXPECT_F32(out, 50, 10, 100, 70);
}

static void scatter_elements_update12_examples_4_5_sum_prod(void** state) {
    (void)state;
    int64_t indices[] = {1, 1, 0, 3};
    int32_t updates[] = {11, 12, 13, 14};
    int32_t axis[] = {1};
    int32_t ones[12], twos[12];
    for (int i = 0; i < 12; i++) {
        ones[i] = 1;
        twos[i] = 2;
    }
    int32_t out[12];
    tix_tensor result;
    tix_openvino_node sum =
        NODE_A("ScatterElementsUpdate", 12, {"use_init_val", "true"}, {"reduction", "sum"});
    expect_status(infer_run(&sum,
                            INPUTS(T(ones, I32, 3, 4), T(indices, I64, 2, 2), T(updates, I32, 2, 2),
                                   T(axis, I32, 1)),
                            out, &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_I32(out, 1, 24, 1, 1, 14, 1, 1, 15, 1, 1, 1, 1);
    tix_openvino_node prod =
        NODE_A("ScatterElementsUpdate", 12, {"use_init_val", "true"}, {"reduction", "prod"});
    expect_status(infer_run(&prod,
                            INPUTS(T(twos, I32, 3, 4), T(indices, I64, 2, 2), T(updates, I32, 2, 2),
                                   T(axis, I32, 1)),
                            out, &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_I32(out, 2, 264, 2, 2, 26, 2, 2, 28, 2, 2, 2, 2);
}

/* OpenVINO leaves the order of duplicate updates open, so options.accumulation passes through:
 * 32 updates on one element are two chunks of 16 (tix.h, "Reductions"). In order each +1 rounds
 * back to 2^24; chunked, chunk 1 sums to 16 before it is added. */
static void scatter_elements_update12_accumulation(void** state) {
    (void)state;
    float data[] = {0};
    int32_t indices[32] = {0};
    float updates[32] = {16777216.0f}; /* 2^24, then fifteen 0 */
    for (int i = 16; i < 32; i++)
        updates[i] = 1;
    int64_t axis = 0;
    tix_tensor in[] = {T(data, F32, 1), T(indices, I32, 32), T(updates, F32, 32),
                       SCALAR(&axis, I64)};
    float out[1];
    tix_tensor result;
    tix_openvino_node node = NODE_A("ScatterElementsUpdate", 12, {"reduction", "sum"});
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    o.accumulation = TIX_ACCUMULATE_CHUNKED;
    out[0] = -1;
    expect_status(infer_run(&node, in, 4, out, &result, &o), TIX_STATUS_OK);
    expect_ok_diag(&diag);
    EXPECT_F32(out, 16777232.0f);
    o = options_with(&diag);
    out[0] = -1;
    expect_status(infer_run(&node, in, 4, out, &result, &o), TIX_STATUS_OK);
    EXPECT_F32(out, 16777216.0f);
    out[0] = -1;
    expect_status(infer_run(&node, in, 4, out, &result, NULL), TIX_STATUS_OK);
    EXPECT_F32(out, 16777216.0f);
    /* The value reaches the core, which checks its range. */
    o = options_with(&diag);
    o.accumulation = (tix_accumulation)2;
    expect_error(infer_run(&node, in, 4, out, &result, &o), &diag, TIX_STATUS_INVALID_OPTION,
                 "options", NULL);
    assert_non_null(strstr(diag.message, "accumulation"));
}

/* mean divides by the number of updates, plus one with use_init_val. */
static void scatter_elements_update12_mean(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4};
    int32_t indices[] = {0, 0, 2, 2, 2};
    float updates[] = {4, 1, 1, 2, 6};
    int64_t axis = 0;
    tix_tensor in[] = {T(data, F32, 4), T(indices, I32, 5), T(updates, F32, 5), SCALAR(&axis, I64)};
    float out[4];
    tix_tensor result;
    tix_openvino_node with_init = NODE_A("ScatterElementsUpdate", 12, {"reduction", "mean"});
    expect_status(infer_run(&with_init, in, 4, out, &result, NULL), TIX_STATUS_OK);
    EXPECT_F32(out, 2, 2, 3, 4); /* (1+4+1)/3, untouched, (3+1+2+6)/4, untouched */
    tix_openvino_node without_init =
        NODE_A("ScatterElementsUpdate", 12, {"reduction", "mean"}, {"use_init_val", "false"});
    expect_status(infer_run(&without_init, in, 4, out, &result, NULL), TIX_STATUS_OK);
    EXPECT_F32(out, 2.5f, 2, 3, 4); /* (4+1)/2, untouched, (1+2+6)/3, untouched */
    /* Integer mean rounds toward negative infinity. */
    int32_t ints[] = {1, 1};
    int32_t targets[] = {0, 0, 1, 1};
    int32_t values[] = {-3, 0, 3, 0};
    tix_tensor int_in[] = {T(ints, I32, 2), T(targets, I32, 4), T(values, I32, 4),
                           SCALAR(&axis, I64)};
    int32_t int_out[2];
    expect_status(infer_run(&with_init, int_in, 4, int_out, &result, NULL), TIX_STATUS_OK);
    EXPECT_I32(int_out, -1, 1); /* floor(-2/3), floor(4/3) */
    expect_status(infer_run(&without_init, int_in, 4, int_out, &result, NULL), TIX_STATUS_OK);
    EXPECT_I32(int_out, -2, 1); /* floor(-3/2), floor(3/2) */
    /* bool has no mean. */
    uint8_t flags[] = {1, 0};
    uint8_t flag_updates[] = {1, 1, 0, 0};
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    expect_error(tix_openvino_infer(&with_init,
                                    INPUTS(T(flags, BOOL, 2), T(targets, I32, 4),
                                           T(flag_updates, BOOL, 4), SCALAR(&axis, I64)),
                                    &result, &o),
                 &diag, TIX_STATUS_UNSUPPORTED_REDUCTION, "options",
                 "ScatterElementsUpdate-12: options: reduction mean is not defined for dtype bool");
}

/* use_init_val=false starts the addressed elements from the reduction's identity. */
static void scatter_elements_update12_min_max_prod_without_init(void** state) {
    (void)state;
    int32_t indices[] = {0, 0, 1};
    float updates[] = {1, 2, -5};
    int64_t axis = 0;
    float out[3];
    tix_tensor result;
    float tens[] = {10, 10, 10};
    tix_openvino_node max_init = NODE_A("ScatterElementsUpdate", 12, {"reduction", "max"});
    tix_openvino_node max_no_init =
        NODE_A("ScatterElementsUpdate", 12, {"reduction", "max"}, {"use_init_val", "0"});
    expect_status(infer_run(&max_init,
                            INPUTS(T(tens, F32, 3), T(indices, I32, 3), T(updates, F32, 3),
                                   SCALAR(&axis, I64)),
                            out, &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_F32(out, 10, 10, 10);
    expect_status(infer_run(&max_no_init,
                            INPUTS(T(tens, F32, 3), T(indices, I32, 3), T(updates, F32, 3),
                                   SCALAR(&axis, I64)),
                            out, &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_F32(out, 2, -5, 10);
    float zeros[] = {0, 0, 0};
    tix_openvino_node min_init = NODE_A("ScatterElementsUpdate", 12, {"reduction", "min"});
    tix_openvino_node min_no_init =
        NODE_A("ScatterElementsUpdate", 12, {"reduction", "min"}, {"use_init_val", "FALSE"});
    expect_status(infer_run(&min_init,
                            INPUTS(T(zeros, F32, 3), T(indices, I32, 3), T(updates, F32, 3),
                                   SCALAR(&axis, I64)),
                            out, &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_F32(out, 0, -5, 0);
    expect_status(infer_run(&min_no_init,
                            INPUTS(T(zeros, F32, 3), T(indices, I32, 3), T(updates, F32, 3),
                                   SCALAR(&axis, I64)),
                            out, &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_F32(out, 1, -5, 0);
    int32_t twos[] = {2, 2};
    int32_t pair[] = {0, 0};
    int32_t factors[] = {3, 4};
    int32_t products[2];
    tix_openvino_node prod_no_init =
        NODE_A("ScatterElementsUpdate", 12, {"reduction", "prod"}, {"use_init_val", "false"});
    expect_status(
        infer_run(&prod_no_init,
                  INPUTS(T(twos, I32, 2), T(pair, I32, 2), T(factors, I32, 2), SCALAR(&axis, I64)),
                  products, &result, NULL),
        TIX_STATUS_OK);
    EXPECT_I32(products, 12, 2);
    /* The documented difference from OpenVINO: max from -inf, not the lowest finite value. */
    float five[] = {5};
    int32_t zero[] = {0};
    float minus_inf[] = {-INFINITY};
    float inf_out[1];
    expect_status(infer_run(&max_no_init,
                            INPUTS(T(five, F32, 1), T(zero, I32, 1), T(minus_inf, F32, 1),
                                   SCALAR(&axis, I64)),
                            inf_out, &result, NULL),
                  TIX_STATUS_OK);
    assert_true(isinf(inf_out[0]) && inf_out[0] < 0);
    /* use_init_val has no effect with reduction none. */
    tix_openvino_node none_no_init = NODE_A("ScatterElementsUpdate", 12, {"use_init_val", "false"});
    expect_status(infer_run(&none_no_init,
                            INPUTS(T(tens, F32, 3), T(indices, I32, 3), T(updates, F32, 3),
                                   SCALAR(&axis, I64)),
                            out, &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_F32(out, 2, -5, 10);
}

static void scatter_elements_update12_attribute_values(void** state) {
    (void)state;
    float data[] = {1, 2};
    int32_t indices[] = {0, 0};
    float updates[] = {3, 4};
    int64_t axis = 0;
    tix_tensor in[] = {T(data, F32, 2), T(indices, I32, 2), T(updates, F32, 2), SCALAR(&axis, I64)};
    const char* rejected[] = {"avg", "sub", "add", "sum ", "", "mul"};
    for (size_t i = 0; i < sizeof rejected / sizeof rejected[0]; i++) {
        tix_openvino_node node = NODE_A("ScatterElementsUpdate", 12, {"reduction", rejected[i]});
        char message[TIX_MESSAGE_CAPACITY];
        snprintf(message, sizeof message,
                 "ScatterElementsUpdate-12: attribute reduction = '%s' is not one of none, sum, "
                 "prod, min, max, mean",
                 rejected[i]);
        expect_both_fail(&node, in, 4, TIX_STATUS_INVALID_ATTRIBUTE, "reduction", message);
    }
    /* Enum names in any letter case, as OpenVINO reads them. */
    float out[2];
    tix_tensor result;
    tix_openvino_node upper = NODE_A("ScatterElementsUpdate", 12, {"reduction", "SUM"});
    expect_status(infer_run(&upper, in, 4, out, &result, NULL), TIX_STATUS_OK);
    EXPECT_F32(out, 8, 2);
    tix_openvino_node mixed =
        NODE_A("ScatterElementsUpdate", 12, {"reduction", "Mean"}, {"use_init_val", "1"});
    expect_status(infer_run(&mixed, in, 4, out, &result, NULL), TIX_STATUS_OK);
    EXPECT_F32(out, 8.0f / 3.0f, 2);
    tix_openvino_node yes = NODE_A("ScatterElementsUpdate", 12, {"use_init_val", "yes"});
    expect_both_fail(&yes, in, 4, TIX_STATUS_INVALID_ATTRIBUTE, "use_init_val",
                     "ScatterElementsUpdate-12: attribute use_init_val = 'yes' is not a boolean "
                     "(true, false, 1, 0)");
    tix_openvino_node twice =
        NODE_A("ScatterElementsUpdate", 12, {"reduction", "sum"}, {"reduction", "sum"});
    expect_both_fail(&twice, in, 4, TIX_STATUS_INVALID_ATTRIBUTE, "reduction",
                     "ScatterElementsUpdate-12: attribute reduction is given twice");
    /* Out of range after wrapping is still an error; the output is untouched. */
    int32_t far[] = {0, -3};
    tix_tensor far_in[] = {T(data, F32, 2), T(far, I32, 2), T(updates, F32, 2), SCALAR(&axis, I64)};
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    expect_error(tix_openvino_run(&upper, far_in, 4, &far_in[0], &o), &diag,
                 TIX_STATUS_INDEX_OUT_OF_RANGE, "indices",
                 "ScatterElementsUpdate-12: indices[1] = -3 is outside [-2, 1] for axis 0 of data "
                 "with shape [2]");
    EXPECT_F32(data, 1, 2);
}

/* ---------------------------------------------------------------------------------------------
 * ScatterNDUpdate-3 / 15
 */

static void scatter_nd_update_example_1(void** state) {
    (void)state;
    const int versions[] = {3, 15};
    for (int v = 0; v < 2; v++) {
        float data[] = {1, 2, 3, 4, 5, 6, 7, 8};
        int32_t indices[] = {4, 3, 1, 7};
        float updates[] = {9, 10, 11, 12};
        float out[8];
        tix_tensor result;
        tix_openvino_node node = NODE("ScatterNDUpdate", versions[v]);
        expect_status(
            infer_run(&node, INPUTS(T(data, F32, 8), T(indices, I32, 4, 1), T(updates, F32, 4)),
                      out, &result, NULL),
            TIX_STATUS_OK);
        EXPECT_SHAPE(result, F32, 8);
        EXPECT_F32(out, 1, 11, 3, 10, 9, 6, 7, 12);
    }
}

static void scatter_nd_update_example_2_slices(void** state) {
    (void)state;
    const float data[] = {1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6,
                          7, 8, 8, 7, 6, 5, 4, 3, 2, 1, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4,
                          5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8};
    int64_t indices[] = {0, 2};
    float updates[] = {5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8,
                       1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4};
    const int versions[] = {3, 15};
    for (int v = 0; v < 2; v++) {
        float buffer[64];
        memcpy(buffer, data, sizeof buffer);
        tix_openvino_node node = NODE("ScatterNDUpdate", versions[v]);
        tix_tensor in[] = {T(buffer, F32, 4, 4, 4), T(indices, I64, 2, 1),
                           T(updates, F32, 2, 4, 4)};
        expect_status(tix_openvino_run(&node, in, 3, &in[0], NULL), TIX_STATUS_OK); /* in place */
        EXPECT_F32(buffer, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 1, 2, 3, 4, 5, 6, 7, 8,
                   8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 8, 7, 6,
                   5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8);
    }
}

static void scatter_nd_update_ir_example_shapes(void** state) {
    (void)state;
    tix_tensor result;
    tix_openvino_node node = NODE("ScatterNDUpdate", 3);
    expect_status(tix_openvino_infer(&node,
                                     INPUTS(T(NULL, F32, 1000, 256, 10, 15),
                                            T(NULL, I32, 25, 125, 3), T(NULL, F32, 25, 125, 15)),
                                     &result, NULL),
                  TIX_STATUS_OK);
    EXPECT_SHAPE(result, F32, 1000, 256, 10, 15);
}

/* Rank-0 updates may arrive as any tensor holding one element (a scalar, [1], [1, 1, 1]). */
static void scatter_nd_update_single_element_updates(void** state) {
    (void)state;
    int64_t tuple[] = {1, 0};
    float nine = 9;
    const int versions[] = {3, 15};
    for (int v = 0; v < 2; v++) {
        tix_openvino_node node = NODE("ScatterNDUpdate", versions[v]);
        tix_tensor forms[] = {SCALAR(&nine, F32), T(&nine, F32, 1), T(&nine, F32, 1, 1, 1)};
        for (int f = 0; f < 3; f++) {
            float data[] = {1, 2, 3, 4};
            float out[4];
            tix_tensor result;
            expect_status(infer_run(&node, INPUTS(T(data, F32, 2, 2), T(tuple, I64, 2), forms[f]),
                                    out, &result, NULL),
                          TIX_STATUS_OK);
            EXPECT_SHAPE(result, F32, 2, 2);
            EXPECT_F32(out, 1, 2, 9, 4);
        }
    }
    /* Two elements are not one. */
    float data[] = {1, 2, 3, 4};
    float two[] = {9, 9};
    tix_openvino_node node = NODE("ScatterNDUpdate", 3);
    expect_both_fail(&node, INPUTS(T(data, F32, 2, 2), T(tuple, I64, 2), T(two, F32, 2)),
                     TIX_STATUS_SHAPE_MISMATCH, "updates",
                     "ScatterNDUpdate-3: updates: shape [2] should be [] for scatter_nd");
}

/* Version 3 has no attributes: a reduction is rejected, not ignored. */
static void scatter_nd_update3_rules(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4};
    int32_t indices[] = {0, -1};
    float updates[] = {10, 20};
    tix_tensor in[] = {T(data, F32, 4), T(indices, I32, 2, 1), T(updates, F32, 2)};
    tix_openvino_node reduction = NODE_A("ScatterNDUpdate", 3, {"reduction", "sum"});
    expect_both_fail(&reduction, in, 3, TIX_STATUS_INVALID_ATTRIBUTE, "attributes",
                     "ScatterNDUpdate-3: has no attribute 'reduction'");
    /* A negative index: an error in version 3, counted from the end in version 15. */
    tix_openvino_node v3 = NODE("ScatterNDUpdate", 3);
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    expect_error(tix_openvino_run(&v3, in, 3, &in[0], &o), &diag, TIX_STATUS_INDEX_OUT_OF_RANGE,
                 "indices",
                 "ScatterNDUpdate-3: indices[1][0] = -1 is outside [0, 3] for axis 0 of data with "
                 "shape [4]");
    EXPECT_F32(data, 1, 2, 3, 4);
    tix_openvino_node v15 = NODE("ScatterNDUpdate", 15);
    expect_status(tix_openvino_run(&v15, in, 3, &in[0], NULL), TIX_STATUS_OK);
    EXPECT_F32(data, 10, 2, 3, 20);
    /* T_IND is int32 or int64. */
    int16_t short_indices[] = {0, 1};
    uint32_t unsigned_indices[] = {0, 1};
    expect_both_fail(&v3, INPUTS(T(data, F32, 4), T(short_indices, I16, 2, 1), T(updates, F32, 2)),
                     TIX_STATUS_INVALID_INDEX_DTYPE, "indices",
                     "ScatterNDUpdate-3: indices must be int32 or int64, got int16");
    expect_both_fail(&v15,
                     INPUTS(T(data, F32, 4), T(unsigned_indices, U32, 2, 1), T(updates, F32, 2)),
                     TIX_STATUS_INVALID_INDEX_DTYPE, "indices",
                     "ScatterNDUpdate-15: indices must be int32 or int64, got uint32");
}

/* The first example of ScatterNDUpdate-15, with negative indices. The specification prints
 * 4 at position 4, which receives 9 and then 14 (-4 + 8): the last update, 14, is right. */
static void scatter_nd_update15_example_negative(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4, 5, 6, 7, 8};
    int64_t indices[] = {4, 3, 1, 7, -2, -4};
    float updates[] = {9, 10, 11, 12, 13, 14};
    float out[8];
    tix_tensor result;
    tix_openvino_node node = NODE_A("ScatterNDUpdate", 15, {"reduction", "none"});
    expect_status(
        infer_run(&node, INPUTS(T(data, F32, 8), T(indices, I64, 6, 1), T(updates, F32, 6)), out,
                  &result, NULL),
        TIX_STATUS_OK);
    EXPECT_F32(out, 1, 11, 3, 10, 14, 6, 13, 12);
}

/* The IR examples 1-4 of ScatterNDUpdate-15 (indices written there as shape [5]; as tuples of
 * one component they are [5, 1]): data [1, 2, 3, 4], indices [0, 2, -3, -3, 0], updates
 * [10, 20, 30, 40, 50]. The specification's results for none ([50, 20, 20, 4]) and prod
 * ([500, 3600, 40, 4]) do not follow its own rules (position 1 receives 30 and 40, position 2
 * receives 20); sum and sub do, and match. */
static void scatter_nd_update15_ir_examples_reductions(void** state) {
    (void)state;
    int32_t indices[] = {0, 2, -3, -3, 0};
    float data[] = {1, 2, 3, 4};
    float updates[] = {10, 20, 30, 40, 50};
    tix_tensor in[] = {T(data, F32, 4), T(indices, I32, 5, 1), T(updates, F32, 5)};
    float out[4];
    tix_tensor result;
    tix_openvino_node none = NODE_A("ScatterNDUpdate", 15, {"reduction", "none"});
    expect_status(infer_run(&none, in, 3, out, &result, NULL), TIX_STATUS_OK);
    EXPECT_F32(out, 50, 40, 20, 4);
    tix_openvino_node sum = NODE_A("ScatterNDUpdate", 15, {"reduction", "sum"});
    expect_status(infer_run(&sum, in, 3, out, &result, NULL), TIX_STATUS_OK);
    EXPECT_F32(out, 61, 72, 23, 4);
    tix_openvino_node prod = NODE_A("ScatterNDUpdate", 15, {"reduction", "prod"});
    expect_status(infer_run(&prod, in, 3, out, &result, NULL), TIX_STATUS_OK);
    EXPECT_F32(out, 500, 2400, 60, 4);
    tix_openvino_node max = NODE_A("ScatterNDUpdate", 15, {"reduction", "max"});
    expect_status(infer_run(&max, in, 3, out, &result, NULL), TIX_STATUS_OK);
    EXPECT_F32(out, 50, 40, 20, 4);
    tix_openvino_node min = NODE_A("ScatterNDUpdate", 15, {"reduction", "min"});
    expect_status(infer_run(&min, in, 3, out, &result, NULL), TIX_STATUS_OK);
    EXPECT_F32(out, 1, 2, 3, 4);
    /* sub on int32 (example 3): out = out - update, accumulated. */
    int32_t ints[] = {1, 2, 3, 4};
    int32_t int_updates[] = {10, 20, 30, 40, 50};
    int32_t int_out[4];
    tix_openvino_node sub = NODE_A("ScatterNDUpdate", 15, {"reduction", "sub"});
    expect_status(
        infer_run(&sub, INPUTS(T(ints, I32, 4), T(indices, I32, 5, 1), T(int_updates, I32, 5)),
                  int_out, &result, NULL),
        TIX_STATUS_OK);
    EXPECT_I32(int_out, -59, -68, -17, 4);
}

/* bool: sum is or, sub is xor, prod is and. */
static void scatter_nd_update15_bool(void** state) {
    (void)state;
    uint8_t data[] = {1, 0, 1, 0};
    int32_t indices[] = {0, 1, 1, 2};
    uint8_t updates[] = {1, 1, 1, 0};
    tix_tensor in[] = {T(data, BOOL, 4), T(indices, I32, 4, 1), T(updates, BOOL, 4)};
    uint8_t out[4];
    tix_tensor result;
    tix_openvino_node sum = NODE_A("ScatterNDUpdate", 15, {"reduction", "sum"});
    expect_status(infer_run(&sum, in, 3, out, &result, NULL), TIX_STATUS_OK);
    EXPECT_U8(out, 1, 1, 1, 0);
    tix_openvino_node sub = NODE_A("ScatterNDUpdate", 15, {"reduction", "sub"});
    expect_status(infer_run(&sub, in, 3, out, &result, NULL), TIX_STATUS_OK);
    EXPECT_U8(out, 0, 0, 1, 0);
    tix_openvino_node prod = NODE_A("ScatterNDUpdate", 15, {"reduction", "prod"});
    expect_status(infer_run(&prod, in, 3, out, &result, NULL), TIX_STATUS_OK);
    EXPECT_U8(out, 1, 0, 0, 0);
}

/* sub only in ScatterNDUpdate-15, mean only in ScatterElementsUpdate-12. */
static void scatter_nd_update15_attribute_values(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4};
    int32_t indices[] = {0, 1};
    float updates[] = {1, 1};
    tix_tensor in[] = {T(data, F32, 4), T(indices, I32, 2, 1), T(updates, F32, 2)};
    const char* rejected[] = {"mean", "add", "mul", "avg", " sub"};
    for (size_t i = 0; i < sizeof rejected / sizeof rejected[0]; i++) {
        tix_openvino_node node = NODE_A("ScatterNDUpdate", 15, {"reduction", rejected[i]});
        char message[TIX_MESSAGE_CAPACITY];
        snprintf(message, sizeof message,
                 "ScatterNDUpdate-15: attribute reduction = '%s' is not one of none, sum, sub, "
                 "prod, min, max",
                 rejected[i]);
        expect_both_fail(&node, in, 3, TIX_STATUS_INVALID_ATTRIBUTE, "reduction", message);
    }
    tix_openvino_node init = NODE_A("ScatterNDUpdate", 15, {"use_init_val", "true"});
    expect_both_fail(&init, in, 3, TIX_STATUS_INVALID_ATTRIBUTE, "attributes",
                     "ScatterNDUpdate-15: has no attribute 'use_init_val'");
    /* Out of range after wrapping: an error that leaves data as it was. */
    int64_t far[] = {1, 4};
    tix_tensor far_in[] = {T(data, F32, 4), T(far, I64, 2, 1), T(updates, F32, 2)};
    tix_openvino_node sub = NODE_A("ScatterNDUpdate", 15, {"reduction", "sub"});
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    expect_error(tix_openvino_run(&sub, far_in, 3, &far_in[0], &o), &diag,
                 TIX_STATUS_INDEX_OUT_OF_RANGE, "indices",
                 "ScatterNDUpdate-15: indices[1][0] = 4 is outside [-4, 3] for axis 0 of data "
                 "with shape [4]");
    EXPECT_F32(data, 1, 2, 3, 4);
    expect_status(tix_openvino_run(&sub, in, 3, &in[0], NULL), TIX_STATUS_OK);
    EXPECT_F32(data, 0, 1, 3, 4);
}

/* ---------------------------------------------------------------------------------------------
 * Errors common to every operation
 */

static void unsupported_operators(void** state) {
    (void)state;
    float data[4] = {0};
    int32_t indices[2] = {0};
    int64_t axis = 0;
    tix_tensor in[] = {T(data, F32, 4), T(indices, I32, 2), SCALAR(&axis, I64)};
    tix_openvino_node unknown = NODE("ScatterND", 3);
    expect_both_fail(&unknown, in, 3, TIX_STATUS_UNSUPPORTED_OPERATOR, "type",
                     "OpenVINO: operation type 'ScatterND' is not supported; supported: "
                     "Gather-1/7/8, GatherElements-6, GatherND-5/8, ScatterUpdate-3, "
                     "ScatterElementsUpdate-3/12, ScatterNDUpdate-3/15");
    tix_openvino_node lower = NODE("gather", 8);
    expect_both_fail(&lower, in, 3, TIX_STATUS_UNSUPPORTED_OPERATOR, "type",
                     "OpenVINO: operation type 'gather' is not supported; supported: "
                     "Gather-1/7/8, GatherElements-6, GatherND-5/8, ScatterUpdate-3, "
                     "ScatterElementsUpdate-3/12, ScatterNDUpdate-3/15");
    tix_openvino_node gather9 = NODE("Gather", 9);
    expect_both_fail(&gather9, in, 3, TIX_STATUS_UNSUPPORTED_OPERATOR, "version",
                     "OpenVINO: Gather-9 is not supported; supported versions of Gather: 1, 7, 8");
    tix_openvino_node seu4 = NODE("ScatterElementsUpdate", 4);
    expect_both_fail(&seu4, in, 3, TIX_STATUS_UNSUPPORTED_OPERATOR, "version",
                     "OpenVINO: ScatterElementsUpdate-4 is not supported; supported versions of "
                     "ScatterElementsUpdate: 3, 12");
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    tix_tensor result;
    expect_status(tix_openvino_infer(&gather9, in, 3, &result, &o),
                  TIX_STATUS_UNSUPPORTED_OPERATOR);
    assert_int_equal(diag.value, 9);
}

static void input_counts(void** state) {
    (void)state;
    float data[4] = {0};
    int32_t indices[2] = {0};
    int64_t axis = 0;
    tix_tensor in[] = {T(data, F32, 4), T(indices, I32, 2), SCALAR(&axis, I64), SCALAR(&axis, I64)};
    struct {
        tix_openvino_node node;
        size_t count;
        const char* message;
    } cases[] = {
        {NODE("Gather", 8), 2, "Gather-8: takes 3 inputs (data, indices, axis), got 2"},
        {NODE("Gather", 1), 4, "Gather-1: takes 3 inputs (data, indices, axis), got 4"},
        {NODE_A("GatherElements", 6, {"axis", "0"}), 3,
         "GatherElements-6: takes 2 inputs (data, indices), got 3"},
        {NODE("GatherND", 5), 1, "GatherND-5: takes 2 inputs (data, indices), got 1"},
        {NODE("ScatterElementsUpdate", 12), 3,
         "ScatterElementsUpdate-12: takes 4 inputs (data, indices, updates, axis), got 3"},
        {NODE("ScatterNDUpdate", 15), 4,
         "ScatterNDUpdate-15: takes 3 inputs (data, indices, updates), got 4"},
        {NODE("ScatterNDUpdate", 3), 0,
         "ScatterNDUpdate-3: takes 3 inputs (data, indices, updates), got 0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        expect_both_fail(&cases[i].node, in, cases[i].count, TIX_STATUS_INVALID_INPUT_COUNT,
                         "inputs", cases[i].message);
    }
}

static void null_pointers(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4};
    int32_t indices[] = {1};
    int64_t axis = 0;
    tix_tensor in[] = {T(data, F32, 4), T(indices, I32, 1), SCALAR(&axis, I64)};
    tix_openvino_node node = NODE("Gather", 8);
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    tix_tensor result;
    expect_error(tix_openvino_infer(NULL, in, 3, &result, &o), &diag, TIX_STATUS_NULL_POINTER,
                 "node", "OpenVINO: the node pointer is NULL");
    tix_openvino_node no_type = NODE(NULL, 8);
    expect_both_fail(&no_type, in, 3, TIX_STATUS_NULL_POINTER, "node",
                     "OpenVINO: node->type is NULL");
    o = options_with(&diag);
    expect_error(tix_openvino_infer(&node, NULL, 3, &result, &o), &diag, TIX_STATUS_NULL_POINTER,
                 "inputs", "Gather-8: inputs is NULL");
    o = options_with(&diag);
    expect_error(tix_openvino_infer(&node, in, 3, NULL, &o), &diag, TIX_STATUS_NULL_POINTER,
                 "output", "Gather-8: output is NULL");
    o = options_with(&diag);
    expect_error(tix_openvino_run(&node, in, 3, NULL, &o), &diag, TIX_STATUS_NULL_POINTER, "output",
                 "Gather-8: output is NULL");
    tix_openvino_node no_attributes = {"Gather", 8, NULL, 1};
    expect_both_fail(&no_attributes, in, 3, TIX_STATUS_NULL_POINTER, "attributes",
                     "Gather-8: node->attributes is NULL but attribute_count is 1");
    tix_openvino_node null_value = NODE_A("Gather", 8, {"batch_dims", NULL});
    expect_both_fail(&null_value, in, 3, TIX_STATUS_NULL_POINTER, "attributes",
                     "Gather-8: an attribute's name or value is NULL");
    /* The output's data pointer is the core's to check. */
    tix_tensor no_data = T(NULL, F32, 1);
    o = options_with(&diag);
    expect_error(tix_openvino_run(&node, in, 3, &no_data, &o), &diag, TIX_STATUS_NULL_POINTER,
                 "output", "Gather-8: output: data pointer is NULL but the tensor has 1 elements");
}

/* The semantic options belong to the version: setting one is an error, never overridden. */
static void semantic_options_rejected(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4};
    int32_t indices[] = {1};
    int64_t axis = 0;
    float fill = 7;
    tix_tensor in[] = {T(data, F32, 4), T(indices, I32, 1), SCALAR(&axis, I64)};
    tix_openvino_node node = NODE("Gather", 8);
    const char* fields[] = {"negative_indices", "out_of_range", "reduction", "exclude_self",
                            "fill_value"};
    for (int f = 0; f < 5; f++) {
        tix_diagnostic diag;
        tix_options o = options_with(&diag);
        if (f == 0)
            o.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE;
        if (f == 1)
            o.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
        if (f == 2)
            o.reduction = TIX_REDUCTION_ADD;
        if (f == 3)
            o.exclude_self = true;
        if (f == 4)
            o.fill_value = &fill;
        char message[TIX_MESSAGE_CAPACITY];
        snprintf(message, sizeof message,
                 "OpenVINO: options.%s is set by the operation version; leave it zero", fields[f]);
        tix_tensor result;
        expect_error(tix_openvino_infer(&node, in, 3, &result, &o), &diag,
                     TIX_STATUS_INVALID_OPTION, "options", message);
        float out[1];
        tix_tensor dense = T(out, F32, 1);
        o.diagnostic = &diag;
        expect_error(tix_openvino_run(&node, in, 3, &dense, &o), &diag, TIX_STATUS_INVALID_OPTION,
                     "options", message);
    }
}

/* A test executor: tiles in reverse order, to show the order does not matter. */
static int tiles_run;
static void reverse_parallel_for(void* pool, tix_task_fn task, void* context, size_t range,
                                 size_t tile) {
    (void)pool;
    size_t last = (range - 1) / tile * tile;
    for (size_t begin = last + tile; begin > 0; begin -= tile) {
        size_t start = begin - tile;
        task(context, start, range - start < tile ? range - start : tile);
        tiles_run++;
    }
}

static void executor_and_diagnostic_pass_through(void** state) {
    (void)state;
    /* Large enough for the core to hand rows to the executor. */
    enum { ROWS = 256, COLUMNS = 128, N = ROWS * COLUMNS };
    static float data[N], out[N];
    static int32_t indices[ROWS];
    for (int i = 0; i < N; i++)
        data[i] = (float)i;
    for (int i = 0; i < ROWS; i++)
        indices[i] = ROWS - 1 - i;
    int64_t axis = 0;
    tix_executor executor = {reverse_parallel_for, NULL};
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    o.executor = &executor;
    tiles_run = 0;
    tix_tensor result;
    tix_openvino_node node = NODE("Gather", 8);
    expect_status(
        infer_run(&node,
                  INPUTS(T(data, F32, ROWS, COLUMNS), T(indices, I32, ROWS), SCALAR(&axis, I64)),
                  out, &result, &o),
        TIX_STATUS_OK);
    expect_ok_diag(&diag);
    assert_true(tiles_run > 0);
    for (int i = 0; i < N; i++) {
        float want = (float)((ROWS - 1 - i / COLUMNS) * COLUMNS + i % COLUMNS);
        if (out[i] != want)
            fail_msg("element %d is %g, expected %g", i, (double)out[i], (double)want);
    }
    tix_executor broken = {NULL, NULL};
    o = options_with(&diag);
    o.executor = &broken;
    expect_error(
        tix_openvino_infer(
            &node, INPUTS(T(data, F32, ROWS, COLUMNS), T(indices, I32, ROWS), SCALAR(&axis, I64)),
            &result, &o),
        &diag, TIX_STATUS_NULL_POINTER, "options",
        "Gather-8: options: executor->parallel_for is NULL");
}

/* Core errors keep the core's argument and dimension, with the versioned name in front. */
static void core_errors_are_named(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4};
    int32_t indices[] = {1};
    int64_t axis = 0;
    int32_t wrong[1];
    tix_openvino_node node = NODE("Gather", 7);
    tix_diagnostic diag;
    tix_options o = options_with(&diag);
    tix_tensor out = T(wrong, I32, 1);
    expect_error(
        tix_openvino_run(&node, INPUTS(T(data, F32, 4), T(indices, I32, 1), SCALAR(&axis, I64)),
                         &out, &o),
        &diag, TIX_STATUS_DTYPE_MISMATCH, "output",
        "Gather-7: output: dtype int32 differs from data's float32");
    float scalar_data = 1;
    o = options_with(&diag);
    tix_tensor result;
    expect_error(
        tix_openvino_infer(
            &node, INPUTS(SCALAR(&scalar_data, F32), T(indices, I32, 1), SCALAR(&axis, I64)),
            &result, &o),
        &diag, TIX_STATUS_INVALID_RANK, "data",
        "Gather-7: data: gather needs rank >= 1, got a scalar (rank 0)");
    float floats[] = {0};
    o = options_with(&diag);
    expect_error(
        tix_openvino_infer(&node, INPUTS(T(data, F32, 4), T(floats, F32, 1), SCALAR(&axis, I64)),
                           &result, &o),
        &diag, TIX_STATUS_INVALID_INDEX_DTYPE, "indices",
        "Gather-7: indices: dtype float32 is not an integer index type (int8..int64, "
        "uint8..uint64)");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gather_example_1_all_versions),
        cmocka_unit_test(gather1_axis_input_forms),
        cmocka_unit_test(gather7_example_2_batch_dims_1),
        cmocka_unit_test(gather7_example_3_batch_dims_2),
        cmocka_unit_test(gather7_example_4_axis_after_batch_dims),
        cmocka_unit_test(gather7_example_5_negative_batch_dims),
        cmocka_unit_test(gather7_scalar_indices),
        cmocka_unit_test(gather8_example_6_negative_indices),
        cmocka_unit_test(gather8_example_7_out_of_range_gives_zero),
        cmocka_unit_test(gather_negative_index_by_version),
        cmocka_unit_test(gather_out_of_range_by_version),
        cmocka_unit_test(gather_batch_dims_range),
        cmocka_unit_test(gather_axis_input_errors),
        cmocka_unit_test(gather_infer_reads_axis),
        cmocka_unit_test(gather_elements6_example_1),
        cmocka_unit_test(gather_elements6_example_2),
        cmocka_unit_test(gather_elements6_example_3),
        cmocka_unit_test(gather_elements6_rules),
        cmocka_unit_test(gather_elements6_axis_attribute_parsing),
        cmocka_unit_test(gather_nd_examples_1_to_5_both_versions),
        cmocka_unit_test(gather_nd_example_6_flatten_vs_keep),
        cmocka_unit_test(gather_nd_example_7_batch_dims_3),
        cmocka_unit_test(gather_nd_ir_example_shapes),
        cmocka_unit_test(gather_nd_negative_and_out_of_range_by_version),
        cmocka_unit_test(gather_nd_batch_broadcast),
        cmocka_unit_test(gather_nd_batch_dims_range),
        cmocka_unit_test(gather_nd5_flattened_output_view),
        cmocka_unit_test(scatter_update3_example_2),
        cmocka_unit_test(scatter_update3_example_1_shapes),
        cmocka_unit_test(scatter_update3_indices_forms),
        cmocka_unit_test(scatter_update3_bad_indices),
        cmocka_unit_test(scatter_elements_update_example_shapes),
        cmocka_unit_test(scatter_elements_update_example_3_none),
        cmocka_unit_test(scatter_elements_update_indices_shape),
        cmocka_unit_test(scatter_elements_update12_example_1_sum_negative),
        cmocka_unit_test(scatter_elements_update12_example_2_sum_without_init),
        cmocka_unit_test(scatter_elements_update12_examples_4_5_sum_prod),
        cmocka_unit_test(scatter_elements_update12_accumulation),
        cmocka_unit_test(scatter_elements_update12_mean),
        cmocka_unit_test(scatter_elements_update12_min_max_prod_without_init),
        cmocka_unit_test(scatter_elements_update12_attribute_values),
        cmocka_unit_test(scatter_nd_update_example_1),
        cmocka_unit_test(scatter_nd_update_example_2_slices),
        cmocka_unit_test(scatter_nd_update_ir_example_shapes),
        cmocka_unit_test(scatter_nd_update_single_element_updates),
        cmocka_unit_test(scatter_nd_update3_rules),
        cmocka_unit_test(scatter_nd_update15_example_negative),
        cmocka_unit_test(scatter_nd_update15_ir_examples_reductions),
        cmocka_unit_test(scatter_nd_update15_bool),
        cmocka_unit_test(scatter_nd_update15_attribute_values),
        cmocka_unit_test(unsupported_operators),
        cmocka_unit_test(input_counts),
        cmocka_unit_test(null_pointers),
        cmocka_unit_test(semantic_options_rejected),
        cmocka_unit_test(executor_and_diagnostic_pass_through),
        cmocka_unit_test(core_errors_are_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
