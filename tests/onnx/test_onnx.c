/* The ONNX front end: version selection, each version's schema rules, and the documented
 * examples run through tix_onnx_infer / tix_onnx_run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <tix_onnx.h>

static tix_tensor dense(void* data, tix_dtype dtype, int32_t rank, const int64_t* shape) {
    tix_tensor t;
    assert_int_equal(tix_tensor_init(&t, data, dtype, rank, shape), TIX_STATUS_OK);
    return t;
}

static tix_onnx_attribute int_attribute(const char* name, int64_t value) {
    return (tix_onnx_attribute){.name = name, .type = TIX_ONNX_ATTRIBUTE_INT, .i = value};
}

static tix_onnx_attribute string_attribute(const char* name, const char* value) {
    return (tix_onnx_attribute){.name = name, .type = TIX_ONNX_ATTRIBUTE_STRING, .s = value};
}

/* Runs a node and returns its status, the diagnostic kept for the assertions. */
static tix_diagnostic diag;

static tix_status run(const char* op_type, int64_t opset, const tix_onnx_attribute* attributes,
                      size_t attribute_count, const tix_tensor* inputs, size_t input_count,
                      const tix_tensor* output) {
    tix_onnx_node node = {op_type, "", opset, attributes, attribute_count};
    tix_options options = {.diagnostic = &diag};
    return tix_onnx_run(&node, inputs, input_count, output, &options);
}

static void test_operator_versions(void** state) {
    (void)state;
    assert_int_equal(tix_onnx_operator_version("Gather", 1), 1);
    assert_int_equal(tix_onnx_operator_version("Gather", 10), 1);
    assert_int_equal(tix_onnx_operator_version("Gather", 12), 11);
    assert_int_equal(tix_onnx_operator_version("Gather", 21), 13);
    assert_int_equal(tix_onnx_operator_version("GatherND", 12), 12);
    assert_int_equal(tix_onnx_operator_version("GatherND", 10), 0);
    assert_int_equal(tix_onnx_operator_version("Scatter", 8), 0);
    assert_int_equal(tix_onnx_operator_version("Scatter", 10), 9);
    assert_int_equal(tix_onnx_operator_version("ScatterElements", 17), 16);
    assert_int_equal(tix_onnx_operator_version("ScatterND", 18), 18);
    assert_int_equal(tix_onnx_operator_version("Conv", 18), 0);
    assert_int_equal(tix_onnx_operator_version(NULL, 18), 0);
}

/* ONNX Gather, axis 1 example (Gather-1/11/13 documentation). */
static void test_gather_axis_1_example(void** state) {
    (void)state;
    float data[9] = {1.0f, 1.2f, 1.9f, 2.3f, 3.4f, 3.9f, 4.5f, 5.7f, 5.9f};
    int32_t indices[2] = {0, 2};
    tix_tensor in[2] = {dense(data, TIX_DTYPE_FLOAT32, 2, (int64_t[]){3, 3}),
                        dense(indices, TIX_DTYPE_INT32, 2, (int64_t[]){1, 2})};
    tix_onnx_attribute axis = int_attribute("axis", 1);
    tix_onnx_node node = {"Gather", NULL, 13, &axis, 1};
    tix_tensor out;
    assert_int_equal(tix_onnx_infer(&node, in, 2, &out, NULL), TIX_STATUS_OK);
    assert_int_equal(out.rank, 3);
    assert_int_equal(out.shape[0], 3);
    assert_int_equal(out.shape[1], 1);
    assert_int_equal(out.shape[2], 2);
    assert_int_equal(out.dtype, TIX_DTYPE_FLOAT32);
    assert_null(out.data);
    float result[6];
    out.data = result;
    assert_int_equal(tix_onnx_run(&node, in, 2, &out, NULL), TIX_STATUS_OK);
    const float expected[6] = {1.0f, 1.9f, 2.3f, 3.9f, 4.5f, 5.9f};
    assert_memory_equal(result, expected, sizeof expected);
}

/* Gather-1 is silent on negative indices; ONNX Runtime accepts them, and so does tix. Out of
 * range is an error in every version. */
static void test_gather_negative_indices_every_version(void** state) {
    (void)state;
    float data[5] = {10, 11, 12, 13, 14};
    int64_t indices[3] = {0, -1, -5};
    tix_tensor in[2] = {dense(data, TIX_DTYPE_FLOAT32, 1, (int64_t[]){5}),
                        dense(indices, TIX_DTYPE_INT64, 1, (int64_t[]){3})};
    float result[3];
    tix_tensor out = dense(result, TIX_DTYPE_FLOAT32, 1, (int64_t[]){3});
    const int64_t opsets[3] = {6, 11, 13};
    for (int i = 0; i < 3; i++) {
        memset(result, 0, sizeof result);
        assert_int_equal(run("Gather", opsets[i], NULL, 0, in, 2, &out), TIX_STATUS_OK);
        const float expected[3] = {10, 14, 10};
        assert_memory_equal(result, expected, sizeof expected);
    }
    indices[2] = -6;
    assert_int_equal(run("Gather", 13, NULL, 0, in, 2, &out), TIX_STATUS_INDEX_OUT_OF_RANGE);
    assert_string_equal(diag.message,
                        "indices[2] = -6 is outside [-5, 4] for axis 0 of data with shape [5]");
}

static void test_bfloat16_from_version_13(void** state) {
    (void)state;
    uint16_t data[2] = {0x3F80, 0x4000}; /* 1.0, 2.0 */
    int64_t indices[1] = {1};
    uint16_t result[1] = {0};
    tix_tensor in[2] = {dense(data, TIX_DTYPE_BFLOAT16, 1, (int64_t[]){2}),
                        dense(indices, TIX_DTYPE_INT64, 1, (int64_t[]){1})};
    tix_tensor out = dense(result, TIX_DTYPE_BFLOAT16, 1, (int64_t[]){1});
    assert_int_equal(run("Gather", 12, NULL, 0, in, 2, &out), TIX_STATUS_INVALID_DTYPE);
    assert_string_equal(diag.message, "Gather-11 does not allow data of dtype bfloat16");
    assert_int_equal(run("Gather", 13, NULL, 0, in, 2, &out), TIX_STATUS_OK);
    assert_int_equal(result[0], 0x4000);
    in[0].dtype = TIX_DTYPE_FLOAT8E4M3FN;
    out.dtype = TIX_DTYPE_FLOAT8E4M3FN;
    assert_int_equal(run("Gather", 13, NULL, 0, in, 2, &out), TIX_STATUS_INVALID_DTYPE);
}

static void test_index_dtypes(void** state) {
    (void)state;
    float data[4] = {1, 2, 3, 4};
    int32_t indices32[2] = {1, 1};
    int16_t indices16[2] = {1, 1};
    float result[2];
    tix_tensor in[2] = {dense(data, TIX_DTYPE_FLOAT32, 2, (int64_t[]){2, 2}),
                        dense(indices32, TIX_DTYPE_INT32, 1, (int64_t[]){2})};
    tix_tensor out = dense(result, TIX_DTYPE_FLOAT32, 0, NULL);
    /* GatherND and ScatterND take int64 only. */
    assert_int_equal(run("GatherND", 13, NULL, 0, in, 2, &out), TIX_STATUS_INVALID_INDEX_DTYPE);
    assert_string_equal(diag.message, "GatherND-13 needs int64 indices, not int32");
    /* The others take int32 and int64, nothing else. */
    in[1] = dense(indices16, TIX_DTYPE_INT16, 1, (int64_t[]){2});
    out = dense(result, TIX_DTYPE_FLOAT32, 2, (int64_t[]){2, 2});
    assert_int_equal(run("Gather", 13, NULL, 0, in, 2, &out), TIX_STATUS_INVALID_INDEX_DTYPE);
    assert_string_equal(diag.argument, "indices");
}

/* GatherND: batch_dims exists from version 12; the example of GatherND-12 with batch_dims 1. */
static void test_gather_nd_batch_dims_versions(void** state) {
    (void)state;
    int32_t data[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    int64_t indices[2] = {1, 0};
    int32_t result[4] = {0};
    tix_tensor in[2] = {dense(data, TIX_DTYPE_INT32, 3, (int64_t[]){2, 2, 2}),
                        dense(indices, TIX_DTYPE_INT64, 2, (int64_t[]){2, 1})};
    tix_tensor out = dense(result, TIX_DTYPE_INT32, 2, (int64_t[]){2, 2});
    tix_onnx_attribute batch = int_attribute("batch_dims", 1);
    assert_int_equal(run("GatherND", 11, &batch, 1, in, 2, &out), TIX_STATUS_INVALID_ATTRIBUTE);
    assert_string_equal(diag.message, "GatherND-11 has no attribute 'batch_dims'");
    assert_int_equal(run("GatherND", 12, &batch, 1, in, 2, &out), TIX_STATUS_OK);
    const int32_t expected[4] = {2, 3, 4, 5};
    assert_memory_equal(result, expected, sizeof expected);
    batch.i = -1;
    assert_int_equal(run("GatherND", 13, &batch, 1, in, 2, &out), TIX_STATUS_INVALID_BATCH_DIMS);
}

static void test_gather_nd_empty_tuples_rejected(void** state) {
    (void)state;
    float data[4] = {1, 2, 3, 4};
    int64_t indices[1] = {0};
    float result[8];
    tix_tensor in[2] = {dense(data, TIX_DTYPE_FLOAT32, 2, (int64_t[]){2, 2}),
                        dense(indices, TIX_DTYPE_INT64, 2, (int64_t[]){2, 0})};
    tix_tensor out = dense(result, TIX_DTYPE_FLOAT32, 3, (int64_t[]){2, 2, 2});
    assert_int_equal(run("GatherND", 13, NULL, 0, in, 2, &out), TIX_STATUS_SHAPE_MISMATCH);
    assert_string_equal(diag.argument, "indices");
}

/* ScatterElements: reduction from 16 (none, add, mul), max and min from 18. */
static void test_scatter_elements_reduction_versions(void** state) {
    (void)state;
    float data[5] = {1, 2, 3, 4, 5};
    int64_t indices[2] = {1, 1};
    float updates[2] = {1.1f, 2.1f};
    float result[5];
    tix_tensor in[3] = {dense(data, TIX_DTYPE_FLOAT32, 2, (int64_t[]){1, 5}),
                        dense(indices, TIX_DTYPE_INT64, 2, (int64_t[]){1, 2}),
                        dense(updates, TIX_DTYPE_FLOAT32, 2, (int64_t[]){1, 2})};
    tix_tensor out = dense(result, TIX_DTYPE_FLOAT32, 2, (int64_t[]){1, 5});
    tix_onnx_attribute attributes[2] = {int_attribute("axis", 1), string_attribute("reduction", "max")};
    assert_int_equal(run("ScatterElements", 13, attributes, 2, in, 3, &out),
                     TIX_STATUS_INVALID_ATTRIBUTE);
    assert_int_equal(run("ScatterElements", 16, attributes, 2, in, 3, &out),
                     TIX_STATUS_INVALID_ATTRIBUTE);
    assert_string_equal(diag.message,
                        "ScatterElements-16: reduction = 'max' is not one of none, add, mul");
    assert_int_equal(run("ScatterElements", 18, attributes, 2, in, 3, &out), TIX_STATUS_OK);
    const float max_expected[5] = {1, 2.1f, 3, 4, 5};
    assert_memory_equal(result, max_expected, sizeof max_expected);
    /* The ONNX example: reduction add with the duplicate index 1: 2 + 1.1 + 2.1. */
    attributes[1].s = "add";
    assert_int_equal(run("ScatterElements", 16, attributes, 2, in, 3, &out), TIX_STATUS_OK);
    float sum = 2.0f;
    sum += 1.1f;
    sum += 2.1f;
    const float add_expected[5] = {1, sum, 3, 4, 5};
    assert_memory_equal(result, add_expected, sizeof add_expected);
    attributes[1].s = "mean";
    assert_int_equal(run("ScatterElements", 18, attributes, 2, in, 3, &out),
                     TIX_STATUS_INVALID_ATTRIBUTE);
    attributes[1] = int_attribute("reduction", 1);
    assert_int_equal(run("ScatterElements", 18, attributes, 2, in, 3, &out),
                     TIX_STATUS_INVALID_ATTRIBUTE);
    assert_string_equal(diag.message, "ScatterElements-18: attribute 'reduction' must be an STRING");
}

/* ONNX leaves the order of duplicate reductions open, so options.accumulation passes through:
 * 32 updates on one element are two chunks of 16 (tix.h, "Reductions"). In order each +1 rounds
 * back to 2^24; chunked, chunk 1 sums to 16 before it is added. */
static void test_scatter_elements_accumulation(void** state) {
    (void)state;
    float data[1] = {0.0f};
    int64_t indices[32] = {0};
    float updates[32] = {16777216.0f}; /* 2^24, then fifteen 0.0f */
    for (int i = 16; i < 32; i++) updates[i] = 1.0f;
    float result[1];
    tix_tensor in[3] = {dense(data, TIX_DTYPE_FLOAT32, 1, (int64_t[]){1}),
                        dense(indices, TIX_DTYPE_INT64, 1, (int64_t[]){32}),
                        dense(updates, TIX_DTYPE_FLOAT32, 1, (int64_t[]){32})};
    tix_tensor out = dense(result, TIX_DTYPE_FLOAT32, 1, (int64_t[]){1});
    tix_onnx_attribute attributes[2] = {int_attribute("axis", 0),
                                        string_attribute("reduction", "add")};
    tix_onnx_node node = {"ScatterElements", "", 18, attributes, 2};
    const float in_order_sum[1] = {16777216.0f}, chunked_sum[1] = {16777232.0f};
    tix_options chunked = {.accumulation = TIX_ACCUMULATE_CHUNKED, .diagnostic = &diag};
    result[0] = -1.0f;
    assert_int_equal(tix_onnx_run(&node, in, 3, &out, &chunked), TIX_STATUS_OK);
    assert_memory_equal(result, chunked_sum, sizeof chunked_sum);
    tix_options in_order = {.diagnostic = &diag};
    result[0] = -1.0f;
    assert_int_equal(tix_onnx_run(&node, in, 3, &out, &in_order), TIX_STATUS_OK);
    assert_memory_equal(result, in_order_sum, sizeof in_order_sum);
    result[0] = -1.0f;
    assert_int_equal(tix_onnx_run(&node, in, 3, &out, NULL), TIX_STATUS_OK);
    assert_memory_equal(result, in_order_sum, sizeof in_order_sum);
    /* The value reaches the core, which checks its range. */
    tix_options bad = {.accumulation = (tix_accumulation)2, .diagnostic = &diag};
    assert_int_equal(tix_onnx_run(&node, in, 3, &out, &bad), TIX_STATUS_INVALID_OPTION);
    assert_string_equal(diag.argument, "options");
    assert_non_null(strstr(diag.message, "accumulation"));
}

/* Scatter-9 is ScatterElements under another name; from opset 11 it is deprecated. */
static void test_scatter_deprecated(void** state) {
    (void)state;
    float data[5] = {1, 2, 3, 4, 5};
    int64_t indices[2] = {1, 3};
    float updates[2] = {1.1f, 2.1f};
    float result[5];
    tix_tensor in[3] = {dense(data, TIX_DTYPE_FLOAT32, 2, (int64_t[]){1, 5}),
                        dense(indices, TIX_DTYPE_INT64, 2, (int64_t[]){1, 2}),
                        dense(updates, TIX_DTYPE_FLOAT32, 2, (int64_t[]){1, 2})};
    tix_tensor out = dense(result, TIX_DTYPE_FLOAT32, 2, (int64_t[]){1, 5});
    tix_onnx_attribute axis = int_attribute("axis", 1);
    assert_int_equal(run("Scatter", 10, &axis, 1, in, 3, &out), TIX_STATUS_OK);
    const float expected[5] = {1.0f, 1.1f, 3.0f, 2.1f, 5.0f};
    assert_memory_equal(result, expected, sizeof expected);
    assert_int_equal(run("Scatter", 11, &axis, 1, in, 3, &out), TIX_STATUS_UNSUPPORTED_OPERATOR);
    assert_non_null(strstr(diag.message, "use ScatterElements"));
    assert_int_equal(run("Scatter", 8, &axis, 1, in, 3, &out), TIX_STATUS_UNSUPPORTED_OPERATOR);
    assert_string_equal(diag.message, "Scatter does not exist in opset 8");
}

/* ScatterND: the ONNX example, then reduction rules per version. */
static void test_scatter_nd_versions(void** state) {
    (void)state;
    float data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    int64_t indices[4] = {4, 3, 1, 7};
    float updates[4] = {9, 10, 11, 12};
    float result[8];
    tix_tensor in[3] = {dense(data, TIX_DTYPE_FLOAT32, 1, (int64_t[]){8}),
                        dense(indices, TIX_DTYPE_INT64, 2, (int64_t[]){4, 1}),
                        dense(updates, TIX_DTYPE_FLOAT32, 1, (int64_t[]){4})};
    tix_tensor out = dense(result, TIX_DTYPE_FLOAT32, 1, (int64_t[]){8});
    assert_int_equal(run("ScatterND", 11, NULL, 0, in, 3, &out), TIX_STATUS_OK);
    const float expected[8] = {1, 11, 3, 10, 9, 6, 7, 12};
    assert_memory_equal(result, expected, sizeof expected);
    tix_onnx_attribute reduction = string_attribute("reduction", "mul");
    assert_int_equal(run("ScatterND", 13, &reduction, 1, in, 3, &out),
                     TIX_STATUS_INVALID_ATTRIBUTE);
    assert_int_equal(run("ScatterND", 16, &reduction, 1, in, 3, &out), TIX_STATUS_OK);
    const float product[8] = {1, 22, 3, 40, 45, 6, 7, 96};
    assert_memory_equal(result, product, sizeof product);
    reduction.s = "min";
    assert_int_equal(run("ScatterND", 16, &reduction, 1, in, 3, &out),
                     TIX_STATUS_INVALID_ATTRIBUTE);
    assert_int_equal(run("ScatterND", 18, &reduction, 1, in, 3, &out), TIX_STATUS_OK);
    const float minimum[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    assert_memory_equal(result, minimum, sizeof minimum);
    /* ONNX is silent on out-of-range ScatterND indices; ONNX Runtime fails, and so does tix,
     * leaving the output untouched. */
    indices[3] = 8;
    memset(result, 0x5A, sizeof result);
    float before[8];
    memcpy(before, result, sizeof before);
    assert_int_equal(run("ScatterND", 18, NULL, 0, in, 3, &out), TIX_STATUS_INDEX_OUT_OF_RANGE);
    assert_memory_equal(result, before, sizeof before);
}

static void test_node_errors(void** state) {
    (void)state;
    float data[4] = {1, 2, 3, 4};
    int64_t indices[1] = {0};
    float result[2];
    tix_tensor in[2] = {dense(data, TIX_DTYPE_FLOAT32, 2, (int64_t[]){2, 2}),
                        dense(indices, TIX_DTYPE_INT64, 1, (int64_t[]){1})};
    tix_tensor out = dense(result, TIX_DTYPE_FLOAT32, 2, (int64_t[]){1, 2});
    assert_int_equal(run("Gather", 13, NULL, 0, in, 1, &out), TIX_STATUS_INVALID_INPUT_COUNT);
    assert_string_equal(diag.message, "Gather-13 takes 2 inputs, got 1");
    assert_int_equal(run("Conv", 13, NULL, 0, in, 2, &out), TIX_STATUS_UNSUPPORTED_OPERATOR);
    tix_onnx_attribute twice[2] = {int_attribute("axis", 0), int_attribute("axis", 1)};
    assert_int_equal(run("Gather", 13, twice, 2, in, 2, &out), TIX_STATUS_INVALID_ATTRIBUTE);
    assert_string_equal(diag.message, "Gather-13: attribute 'axis' appears twice");
    tix_onnx_attribute unknown = int_attribute("mode", 0);
    assert_int_equal(run("Gather", 13, &unknown, 1, in, 2, &out), TIX_STATUS_INVALID_ATTRIBUTE);
    tix_onnx_attribute axis_string = string_attribute("axis", "0");
    assert_int_equal(run("Gather", 13, &axis_string, 1, in, 2, &out),
                     TIX_STATUS_INVALID_ATTRIBUTE);
    tix_onnx_attribute axis = int_attribute("axis", 2);
    assert_int_equal(run("Gather", 13, &axis, 1, in, 2, &out), TIX_STATUS_INVALID_AXIS);
    tix_onnx_node other_domain = {"Gather", "com.microsoft", 1, NULL, 0};
    assert_int_equal(tix_onnx_run(&other_domain, in, 2, &out, NULL),
                     TIX_STATUS_UNSUPPORTED_OPERATOR);
    tix_onnx_node ai_onnx = {"Gather", "ai.onnx", 13, NULL, 0};
    assert_int_equal(tix_onnx_run(&ai_onnx, in, 2, &out, NULL), TIX_STATUS_OK);
    assert_int_equal(tix_onnx_run(NULL, in, 2, &out, NULL), TIX_STATUS_NULL_POINTER);
    assert_int_equal(tix_onnx_run(&ai_onnx, in, 2, NULL, NULL), TIX_STATUS_NULL_POINTER);
    /* The semantic options belong to the front end. */
    tix_options clamp = {.out_of_range = TIX_OUT_OF_RANGE_CLAMP, .diagnostic = &diag};
    assert_int_equal(tix_onnx_run(&ai_onnx, in, 2, &out, &clamp), TIX_STATUS_INVALID_OPTION);
    assert_string_equal(diag.argument, "options");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_operator_versions),
        cmocka_unit_test(test_gather_axis_1_example),
        cmocka_unit_test(test_gather_negative_indices_every_version),
        cmocka_unit_test(test_bfloat16_from_version_13),
        cmocka_unit_test(test_index_dtypes),
        cmocka_unit_test(test_gather_nd_batch_dims_versions),
        cmocka_unit_test(test_gather_nd_empty_tuples_rejected),
        cmocka_unit_test(test_scatter_elements_reduction_versions),
        cmocka_unit_test(test_scatter_elements_accumulation),
        cmocka_unit_test(test_scatter_deprecated),
        cmocka_unit_test(test_scatter_nd_versions),
        cmocka_unit_test(test_node_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
