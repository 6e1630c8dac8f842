/* The DirectML front end: every worked example of the DML_GATHER, DML_GATHER_ELEMENTS,
 * DML_GATHER_ND, DML_GATHER_ND1, DML_SCATTER and DML_SCATTER_ND pages (the ones the pages print
 * wrongly both as printed, rejected, and corrected), the four index types with negative indices,
 * strides (padding, broadcast), right-aligned leading 1s, invalid indices (gathers clamp,
 * scatters drop) and every rule violation with its status and diagnostic. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include <tix_directml.h>

/* ---------------------------------------------------------------------------------------------
 * Helpers.
 */
#define F32 TIX_DML_TENSOR_DATA_TYPE_FLOAT32
#define F16 TIX_DML_TENSOR_DATA_TYPE_FLOAT16
#define F64 TIX_DML_TENSOR_DATA_TYPE_FLOAT64
#define U8 TIX_DML_TENSOR_DATA_TYPE_UINT8
#define U16 TIX_DML_TENSOR_DATA_TYPE_UINT16
#define U32 TIX_DML_TENSOR_DATA_TYPE_UINT32
#define U64 TIX_DML_TENSOR_DATA_TYPE_UINT64
#define I8 TIX_DML_TENSOR_DATA_TYPE_INT8
#define I16 TIX_DML_TENSOR_DATA_TYPE_INT16
#define I32 TIX_DML_TENSOR_DATA_TYPE_INT32
#define I64 TIX_DML_TENSOR_DATA_TYPE_INT64

#define COUNT_OF(type, ...) (sizeof((type[]){__VA_ARGS__}) / sizeof(type))
#define SIZES(...) ((const uint32_t[]){__VA_ARGS__})

static tix_dml_buffer_tensor_desc tensor_desc(tix_dml_tensor_data_type type, uint32_t count,
                                              const uint32_t* sizes, const uint32_t* strides,
                                              void* data) {
    tix_dml_buffer_tensor_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.data_type = type;
    desc.dimension_count = count;
    desc.sizes = sizes;
    desc.strides = strides;
    desc.data = data;
    return desc;
}

/* A packed tensor desc: TD(F32, buffer, 2, 3) is a 2x3 FLOAT32 tensor of buffer. */
#define TD(type, data, ...)                                                                    \
    tensor_desc((type), (uint32_t)COUNT_OF(uint32_t, __VA_ARGS__), SIZES(__VA_ARGS__), NULL, \
                (data))
/* A strided one: TDS(F32, buffer, SIZES(3, 1), 2, 3). */
#define TDS(type, data, strides, ...)                                                          \
    tensor_desc((type), (uint32_t)COUNT_OF(uint32_t, __VA_ARGS__), SIZES(__VA_ARGS__),         \
                (strides), (data))

#define EXPECT_VALUES(type, actual, ...)                                                       \
    do {                                                                                       \
        const type expected_[] = {__VA_ARGS__};                                                \
        for (size_t i_ = 0; i_ < sizeof expected_ / sizeof expected_[0]; i_++) {               \
            if ((actual)[i_] != expected_[i_]) {                                               \
                print_error("%s:%d: element %zu is %.17g, expected %.17g\n", __FILE__,         \
                            __LINE__, i_, (double)(actual)[i_], (double)expected_[i_]);        \
                fail();                                                                        \
            }                                                                                  \
        }                                                                                      \
    } while (0)
#define EXPECT_F32(actual, ...) EXPECT_VALUES(float, actual, __VA_ARGS__)

static void expect_status(tix_status got, tix_status want, const char* call, int line) {
    if (got == want) return;
    print_error("%s:%d: %s returned %s, expected %s\n", __FILE__, line, call,
                tix_status_name(got), tix_status_name(want));
    fail();
}
#define EXPECT_OK(call) expect_status((call), TIX_STATUS_OK, #call, __LINE__)

/* Options that carry only a diagnostic. */
typedef struct probe {
    tix_diagnostic diag;
    tix_options options;
} probe;

static void probe_init(probe* p) {
    memset(p, 0, sizeof *p);
    memset(&p->diag, 0x5a, sizeof p->diag); /* garbage the call must overwrite */
    p->options.diagnostic = &p->diag;
}

/* The call failed with `want`, the diagnostic names `argument` and contains `fragment`. */
static void expect_error(tix_status got, const probe* p, tix_status want, const char* argument,
                         const char* fragment, int line) {
    expect_status(got, want, "the call", line);
    if (p->diag.status != want) {
        print_error("%s:%d: diagnostic status %s, expected %s\n", __FILE__, line,
                    tix_status_name(p->diag.status), tix_status_name(want));
        fail();
    }
    if (p->diag.argument == NULL || strcmp(p->diag.argument, argument) != 0) {
        print_error("%s:%d: diagnostic argument %s, expected %s\n", __FILE__, line,
                    p->diag.argument != NULL ? p->diag.argument : "NULL", argument);
        fail();
    }
    if (strstr(p->diag.message, fragment) == NULL) {
        print_error("%s:%d: diagnostic message \"%s\" lacks \"%s\"\n", __FILE__, line,
                    p->diag.message, fragment);
        fail();
    }
}
#define EXPECT_ERROR(call, p, want, argument, fragment) \
    expect_error((call), (p), (want), (argument), (fragment), __LINE__)

/* ---------------------------------------------------------------------------------------------
 * DML_GATHER.
 */

/* Example 1 (1-D remapping) with each index type. */
static void test_gather_example1_index_types(void** state) {
    (void)state;
    float input[] = {11, 12, 13, 14};
    uint32_t u32[] = {3, 1, 3, 0, 2};
    int32_t i32[] = {3, 1, 3, 0, 2};
    uint64_t u64[] = {3, 1, 3, 0, 2};
    int64_t i64[] = {3, 1, 3, 0, 2};
    void* buffers[] = {u32, i32, u64, i64};
    tix_dml_tensor_data_type types[] = {U32, I32, U64, I64};
    for (int t = 0; t < 4; t++) {
        float output[5] = {0};
        tix_dml_buffer_tensor_desc in = TD(F32, input, 4), idx = TD(types[t], buffers[t], 5),
                                   out = TD(F32, output, 5);
        tix_dml_gather_operator_desc desc = {&in, &idx, &out, 0, 1};
        probe p;
        probe_init(&p);
        EXPECT_OK(tix_dml_gather(&desc, &p.options));
        EXPECT_F32(output, 14, 12, 14, 11, 13);
        assert_int_equal(p.diag.status, TIX_STATUS_OK);
        assert_string_equal(p.diag.message, "");
    }
}

/* Example 2: 2-D output, 1-D indices written as {1, 4}, Axis 0: rows concatenated. */
static void test_gather_example2_rows(void** state) {
    (void)state;
    float input[] = {1, 2, 3, 4, 5, 6};
    uint32_t indices[] = {0, 1, 1, 2};
    float output[8] = {0};
    tix_dml_buffer_tensor_desc in = TD(F32, input, 3, 2), idx = TD(U32, indices, 1, 4),
                               out = TD(F32, output, 4, 2);
    tix_dml_gather_operator_desc desc = {&in, &idx, &out, 0, 1};
    EXPECT_OK(tix_dml_gather(&desc, NULL));
    EXPECT_F32(output, 1, 2, 3, 4, 3, 4, 5, 6);
}

/* Example 3 prints IndexDimensions 2, which makes the output {3, 1, 2} (3 sizes, no leading 1
 * to crop) and cannot be right; its pseudocode output[y, x] = input[y, indices[x]] is
 * IndexDimensions 1. */
static void test_gather_example3_swap_columns(void** state) {
    (void)state;
    float input[] = {1, 2, 3, 4, 5, 6};
    uint32_t indices[] = {1, 0};
    float output[6] = {0};
    tix_dml_buffer_tensor_desc in = TD(F32, input, 3, 2), idx = TD(U32, indices, 1, 2),
                               out = TD(F32, output, 3, 2);
    tix_dml_gather_operator_desc desc = {&in, &idx, &out, 1, 2};
    probe p;
    probe_init(&p);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH, "OutputTensor",
                 "DML_GATHER: OutputTensor.Sizes {3, 2} do not match {3, 1, 2}");
    EXPECT_F32(output, 0, 0, 0, 0, 0, 0);

    desc.index_dimensions = 1;
    EXPECT_OK(tix_dml_gather(&desc, NULL));
    EXPECT_F32(output, 2, 1, 4, 3, 6, 5);
}

/* Example 4: Axis 2 of a {1, 3, 3} input, 2-D indices: the input's leading 1 is cropped. */
static void test_gather_example4_nested_axis2(void** state) {
    (void)state;
    float input[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    uint32_t indices[] = {0, 2};
    float output[6] = {0};
    tix_dml_buffer_tensor_desc in = TD(F32, input, 1, 3, 3), idx = TD(U32, indices, 1, 1, 2),
                               out = TD(F32, output, 3, 1, 2);
    tix_dml_gather_operator_desc desc = {&in, &idx, &out, 2, 2};
    EXPECT_OK(tix_dml_gather(&desc, NULL));
    EXPECT_F32(output, 1, 3, 4, 6, 7, 9);
}

/* Example 5: Axis 1 of a {1, 3, 2} input, 2-D indices. */
static void test_gather_example5_nested_axis1(void** state) {
    (void)state;
    float input[] = {1, 2, 3, 4, 5, 6};
    uint32_t indices[] = {0, 1, 1, 2};
    float output[8] = {0};
    tix_dml_buffer_tensor_desc in = TD(F32, input, 1, 3, 2), idx = TD(U32, indices, 1, 2, 2),
                               out = TD(F32, output, 2, 2, 2);
    tix_dml_gather_operator_desc desc = {&in, &idx, &out, 1, 2};
    EXPECT_OK(tix_dml_gather(&desc, NULL));
    EXPECT_F32(output, 1, 2, 3, 4, 3, 4, 5, 6);
}

/* 4-D tensors, IndexDimensions 2: gather on the input's real dimensions with 2-D indices, output
 * right-aligned ({1, 1, 2, 2, 2} cropped to {1, 2, 2, 2}); signed indices wrap. */
static void test_gather_4d_right_aligned(void** state) {
    (void)state;
    float input[] = {1, 2, 3, 4, 5, 6};
    uint32_t u32[] = {2, 0, 1, 1};
    int64_t i64[] = {-1, 0, -2, 1};
    float output[8] = {0};
    tix_dml_buffer_tensor_desc in = TD(F32, input, 1, 1, 3, 2), idx = TD(U32, u32, 1, 1, 2, 2),
                               out = TD(F32, output, 1, 2, 2, 2);
    tix_dml_gather_operator_desc desc = {&in, &idx, &out, 2, 2};
    EXPECT_OK(tix_dml_gather(&desc, NULL));
    EXPECT_F32(output, 5, 6, 1, 2, 3, 4, 3, 4);

    memset(output, 0, sizeof output);
    idx = TD(I64, i64, 1, 1, 2, 2);
    EXPECT_OK(tix_dml_gather(&desc, NULL));
    EXPECT_F32(output, 5, 6, 1, 2, 3, 4, 3, 4);

    /* Axis 2 of {1, 1, 1, 2}, a dimension of size 1: index 0 and -1 both take it. */
    float small[4] = {0};
    int32_t zero[] = {0, -1};
    tix_dml_buffer_tensor_desc in2 = TD(F32, input, 1, 1, 1, 2), idx2 = TD(I32, zero, 1, 1, 1, 2),
                               out2 = TD(F32, small, 1, 1, 2, 2);
    tix_dml_gather_operator_desc desc2 = {&in2, &idx2, &out2, 2, 1};
    EXPECT_OK(tix_dml_gather(&desc2, NULL));
    EXPECT_F32(small, 1, 2, 1, 2);
}

/* IndexDimensions 0: a single index, the axis disappears and a leading 1 pads the output. */
static void test_gather_scalar_index(void** state) {
    (void)state;
    float input[] = {1, 2, 3, 4, 5, 6};
    uint32_t two[] = {2};
    int32_t minus_one[] = {-1};
    float output[2] = {0};
    tix_dml_buffer_tensor_desc in = TD(F32, input, 2, 3), idx = TD(U32, two, 1, 1),
                               out = TD(F32, output, 1, 2);
    tix_dml_gather_operator_desc desc = {&in, &idx, &out, 1, 0};
    EXPECT_OK(tix_dml_gather(&desc, NULL));
    EXPECT_F32(output, 3, 6);

    memset(output, 0, sizeof output);
    idx = TD(I32, minus_one, 1, 1);
    EXPECT_OK(tix_dml_gather(&desc, NULL));
    EXPECT_F32(output, 3, 6);

    /* 1-D: the output is a single element. */
    float one[1] = {0};
    uint32_t first[] = {1};
    tix_dml_buffer_tensor_desc in1 = TD(F32, input, 4), idx1 = TD(U32, first, 1),
                               out1 = TD(F32, one, 1);
    tix_dml_gather_operator_desc desc1 = {&in1, &idx1, &out1, 0, 0};
    EXPECT_OK(tix_dml_gather(&desc1, NULL));
    EXPECT_F32(one, 2);

    /* The padding 1 goes in front: {2, 1} is not {1, 2}. */
    probe p;
    probe_init(&p);
    out = TD(F32, output, 2, 1);
    idx = TD(U32, two, 1, 1);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH, "OutputTensor",
                 "OutputTensor.Sizes {2, 1} do not match {2}");
}

/* Signed indices wrap once; what is still invalid is clamped. Unsigned indices never wrap. */
static void test_gather_negative_and_clamped(void** state) {
    (void)state;
    float input[] = {11, 12, 13, 14};
    float output[7];
    tix_dml_buffer_tensor_desc in = TD(F32, input, 4), idx, out;
    tix_dml_gather_operator_desc desc = {&in, &idx, &out, 0, 1};

    int32_t i32[] = {-1, -4, -5, 4, 100, INT32_MIN, INT32_MAX};
    idx = TD(I32, i32, 7);
    out = TD(F32, output, 7);
    EXPECT_OK(tix_dml_gather(&desc, NULL));
    EXPECT_F32(output, 14, 11, 11, 14, 14, 11, 14);

    uint32_t u32[] = {4, 4294967295u, 0};
    idx = TD(U32, u32, 3);
    out = TD(F32, output, 3);
    EXPECT_OK(tix_dml_gather(&desc, NULL));
    EXPECT_F32(output, 14, 14, 11);

    int64_t i64[] = {INT64_MIN, INT64_MAX, -2};
    idx = TD(I64, i64, 3);
    EXPECT_OK(tix_dml_gather(&desc, NULL));
    EXPECT_F32(output, 11, 14, 13);

    uint64_t u64[] = {UINT64_MAX, UINT64_C(1) << 63, 2};
    idx = TD(U64, u64, 3);
    EXPECT_OK(tix_dml_gather(&desc, NULL));
    EXPECT_F32(output, 14, 14, 13);
}

/* Padded input rows, strided indices, an output laid out column by column, a broadcast input
 * (stride 0) and a padded output whose padding stays untouched. */
static void test_gather_strides(void** state) {
    (void)state;
    float input[] = {1, 2, -1, 3, 4, -1, 5, 6, -1};
    uint32_t indices[] = {2, 77, 0, 77, 2};
    float output[6] = {0};
    tix_dml_buffer_tensor_desc in = TDS(F32, input, SIZES(3, 1), 3, 2),
                               idx = TDS(U32, indices, SIZES(9, 2), 1, 3),
                               out = TDS(F32, output, SIZES(1, 3), 3, 2);
    tix_dml_gather_operator_desc desc = {&in, &idx, &out, 0, 1};
    EXPECT_OK(tix_dml_gather(&desc, NULL));
    EXPECT_F32(output, 5, 1, 5, 6, 2, 6);

    float row[] = {7, 8};
    uint32_t pick[] = {2, 0};
    float padded[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
    tix_dml_buffer_tensor_desc bin = TDS(F32, row, SIZES(0, 1), 3, 2), bidx = TD(U32, pick, 1, 2),
                               bout = TDS(F32, padded, SIZES(4, 1), 2, 2);
    tix_dml_gather_operator_desc bdesc = {&bin, &bidx, &bout, 0, 1};
    EXPECT_OK(tix_dml_gather(&bdesc, NULL));
    EXPECT_F32(padded, 7, 8, -1, -1, 7, 8, -1, -1);
}

/* IndexDimensions: at most DimensionCount; the sizes before the meaningful ones are 1; the sizes
 * that do not fit the output must be 1. */
static void test_gather_rules(void** state) {
    (void)state;
    float input[12] = {0}, output[12] = {0};
    uint32_t indices[4] = {0};
    probe p;
    probe_init(&p);

    tix_dml_buffer_tensor_desc in = TD(F32, input, 3, 2), idx = TD(U32, indices, 1, 2),
                               out = TD(F32, output, 3, 2);
    tix_dml_gather_operator_desc desc = {&in, &idx, &out, 1, 3};
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_ATTRIBUTE,
                 "IndexDimensions", "DML_GATHER: IndexDimensions 3 is outside [0, 2]");
    assert_int_equal(p.diag.value, 3);

    desc.index_dimensions = 1;
    desc.axis = 2;
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_AXIS, "Axis",
                 "DML_GATHER: Axis 2 is outside [0, 2)");

    desc.axis = 0;
    idx = TD(U32, indices, 2, 2);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "IndicesTensor", "IndicesTensor.Sizes[0] = 2 must be 1: IndexDimensions = 1");
    assert_int_equal(p.diag.dimension, 0);

    /* {2} + {2, 2} + {2}: 4 sizes for 3 dimensions, and the one that does not fit is 2. */
    in = TD(F32, input, 2, 3, 2);
    idx = TD(U32, indices, 1, 2, 2);
    out = TD(F32, output, 2, 2, 2);
    desc.axis = 1;
    desc.index_dimensions = 2;
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH, "OutputTensor",
                 "do not match {2, 2, 2, 2} right-aligned into DimensionCount 3 (the sizes that "
                 "do not fit must be 1)");
}

/* Eight dimensions and IndexDimensions 8: 15 sizes to right-align. The message truncates the
 * sizes it cannot hold. */
static void test_gather_eight_dimensions(void** state) {
    (void)state;
    float input[] = {1, 2, 3};
    uint32_t indices[] = {2, 0, 1, 1};
    float output[4] = {0};
    tix_dml_buffer_tensor_desc in = TD(F32, input, 1, 1, 1, 1, 1, 1, 1, 3),
                               idx = TD(U32, indices, 1, 1, 1, 1, 1, 1, 2, 2),
                               out = TD(F32, output, 1, 1, 1, 1, 1, 1, 2, 2);
    tix_dml_gather_operator_desc desc = {&in, &idx, &out, 7, 8};
    EXPECT_OK(tix_dml_gather(&desc, NULL));
    EXPECT_F32(output, 3, 1, 2, 2);

    char fake[1]; /* never read: the sizes are refused first */
    in = TD(F32, fake, 10, 10, 10, 10, 10, 10, 10, 10);
    idx = TD(U32, fake, 100, 10, 10, 10, 10, 10, 10, 10);
    out = TD(F32, fake, 10, 10, 10, 10, 10, 10, 10, 10);
    desc.axis = 0;
    probe p;
    probe_init(&p);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH, "OutputTensor",
                 "do not match {100, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, ...} "
                 "right-aligned into DimensionCount 8");
}

/* ---------------------------------------------------------------------------------------------
 * DML_GATHER_ELEMENTS.
 */

/* The page's example; it gives the output DataType UINT32 with a FLOAT32 input, which its own
 * constraints forbid. */
static void test_gather_elements_example(void** state) {
    (void)state;
    float input[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    uint32_t indices[] = {1, 2, 0, 2, 0, 0};
    float output[6] = {0};
    tix_dml_buffer_tensor_desc in = TD(F32, input, 3, 3), idx = TD(U32, indices, 2, 3),
                               out = TD(U32, output, 2, 3);
    tix_dml_gather_elements_operator_desc desc = {&in, &idx, &out, 0};
    probe p;
    probe_init(&p);
    EXPECT_ERROR(tix_dml_gather_elements(&desc, &p.options), &p, TIX_STATUS_DTYPE_MISMATCH,
                 "OutputTensor",
                 "DML_GATHER_ELEMENTS: OutputTensor.DataType UINT32 differs from "
                 "InputTensor.DataType FLOAT32");

    out = TD(F32, output, 2, 3);
    EXPECT_OK(tix_dml_gather_elements(&desc, &p.options));
    EXPECT_F32(output, 4, 8, 3, 7, 2, 3);
}

static void test_gather_elements_negative_clamped_strided(void** state) {
    (void)state;
    float input[] = {1, 2, 3, 4, 5, 6};
    float output[6] = {0};
    tix_dml_buffer_tensor_desc in = TD(F32, input, 2, 3), idx, out;
    tix_dml_gather_elements_operator_desc desc = {&in, &idx, &out, 1};

    int64_t i64[] = {-1, 0, 1, -3};
    idx = TD(I64, i64, 2, 2);
    out = TD(F32, output, 2, 2);
    EXPECT_OK(tix_dml_gather_elements(&desc, NULL));
    EXPECT_F32(output, 3, 1, 5, 4);

    int32_t i32[] = {5, -7};
    idx = TD(I32, i32, 2, 1);
    out = TD(F32, output, 2, 1);
    EXPECT_OK(tix_dml_gather_elements(&desc, NULL));
    EXPECT_F32(output, 3, 4);

    /* One row of indices broadcast to both rows with stride 0, on Axis 0 of a 3x3 input. */
    float square[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    uint32_t row[] = {1, 2, 0};
    tix_dml_buffer_tensor_desc sq = TD(F32, square, 3, 3),
                               bidx = TDS(U32, row, SIZES(0, 1), 2, 3),
                               bout = TD(F32, output, 2, 3);
    tix_dml_gather_elements_operator_desc bdesc = {&sq, &bidx, &bout, 0};
    EXPECT_OK(tix_dml_gather_elements(&bdesc, NULL));
    EXPECT_F32(output, 4, 8, 3, 4, 8, 3);
}

/* Indices sizes equal the input's except on Axis (tix_gather_elements alone allows smaller);
 * the output has the indices' sizes. */
static void test_gather_elements_rules(void** state) {
    (void)state;
    float input[6] = {0}, output[6] = {0};
    uint32_t indices[6] = {0};
    probe p;
    probe_init(&p);
    tix_dml_buffer_tensor_desc in = TD(F32, input, 2, 3), idx = TD(U32, indices, 1, 3),
                               out = TD(F32, output, 1, 3);
    tix_dml_gather_elements_operator_desc desc = {&in, &idx, &out, 1};
    EXPECT_ERROR(tix_dml_gather_elements(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "IndicesTensor",
                 "IndicesTensor.Sizes[0] = 1 differs from InputTensor.Sizes[0] = 2; they may "
                 "differ only on Axis 1");

    idx = TD(U32, indices, 2, 3);
    out = TD(F32, output, 2, 2);
    EXPECT_ERROR(tix_dml_gather_elements(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "OutputTensor",
                 "OutputTensor.Sizes {2, 2} differ from IndicesTensor.Sizes {2, 3}");

    out = TD(F32, output, 2, 3);
    desc.axis = 2;
    EXPECT_ERROR(tix_dml_gather_elements(&desc, &p.options), &p, TIX_STATUS_INVALID_AXIS, "Axis",
                 "DML_GATHER_ELEMENTS: Axis 2 is outside [0, 2)");
}

/* ---------------------------------------------------------------------------------------------
 * DML_GATHER_ND and DML_GATHER_ND1.
 */

static void test_gather_nd_example1(void** state) {
    (void)state;
    float input[] = {0, 1, 2, 3};
    uint32_t indices[] = {1, 0};
    float output[4] = {0};
    tix_dml_buffer_tensor_desc in = TD(F32, input, 2, 2), idx = TD(U32, indices, 2, 1),
                               out = TD(F32, output, 2, 2);
    tix_dml_gather_nd_operator_desc desc = {&in, &idx, &out, 2, 2};
    EXPECT_OK(tix_dml_gather_nd(&desc, NULL));
    EXPECT_F32(output, 2, 3, 0, 1);

    tix_dml_gather_nd1_operator_desc desc1 = {&in, &idx, &out, 2, 2, 0};
    memset(output, 0, sizeof output);
    EXPECT_OK(tix_dml_gather_nd1(&desc1, NULL));
    EXPECT_F32(output, 2, 3, 0, 1);
}

/* Example 2: InputDimensionCount 3 of {1, 2, 2, 2}, two 2-tuples, output {1, 1, 2, 2}. */
static void test_gather_nd_example2(void** state) {
    (void)state;
    float input[] = {0, 1, 2, 3, 4, 5, 6, 7};
    uint32_t indices[] = {0, 1, 1, 0};
    int32_t negative[] = {-2, -1, 1, -2};
    float output[4] = {0};
    tix_dml_buffer_tensor_desc in = TD(F32, input, 1, 2, 2, 2), idx = TD(U32, indices, 1, 1, 2, 2),
                               out = TD(F32, output, 1, 1, 2, 2);
    tix_dml_gather_nd_operator_desc desc = {&in, &idx, &out, 3, 2};
    EXPECT_OK(tix_dml_gather_nd(&desc, NULL));
    EXPECT_F32(output, 2, 3, 4, 5);

    memset(output, 0, sizeof output);
    idx = TD(I32, negative, 1, 1, 2, 2);
    EXPECT_OK(tix_dml_gather_nd(&desc, NULL));
    EXPECT_F32(output, 2, 3, 4, 5);
}

/* The page's sizes example: input {3,4,5,6,7}, indices {1,1,1,2,3} with IndicesDimensionCount
 * 3, output {1,1,2,6,7}. Its formula, read literally, would give {1,2,5,6,7}: rejected. */
static void test_gather_nd_sizes_example(void** state) {
    (void)state;
    static float input[3 * 4 * 5 * 6 * 7];
    for (int i = 0; i < 3 * 4 * 5 * 6 * 7; i++) input[i] = (float)i;
    int64_t indices[] = {2, 3, 4, -3, 1, -1};
    float output[2 * 6 * 7];
    memset(output, 0, sizeof output);
    tix_dml_buffer_tensor_desc in = TD(F32, input, 3, 4, 5, 6, 7),
                               idx = TD(I64, indices, 1, 1, 1, 2, 3),
                               out = TD(F32, output, 1, 1, 2, 6, 7);
    tix_dml_gather_nd_operator_desc desc = {&in, &idx, &out, 5, 3};
    EXPECT_OK(tix_dml_gather_nd(&desc, NULL));
    /* tuples (2, 3, 4) and (0, 1, 4) select 6x7 blocks starting at element ((t0*4+t1)*5+t2)*42 */
    const int starts[2] = {((2 * 4 + 3) * 5 + 4) * 42, ((0 * 4 + 1) * 5 + 4) * 42};
    for (int j = 0; j < 2; j++) {
        for (int e = 0; e < 42; e++) {
            if (output[j * 42 + e] != (float)(starts[j] + e)) {
                print_error("output[%d][%d] = %g, expected %d\n", j, e, (double)output[j * 42 + e],
                            starts[j] + e);
                fail();
            }
        }
    }

    static float wrong[2 * 5 * 6 * 7];
    probe p;
    probe_init(&p);
    out = TD(F32, wrong, 1, 2, 5, 6, 7);
    EXPECT_ERROR(tix_dml_gather_nd(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "OutputTensor", "OutputTensor.Sizes {1, 2, 5, 6, 7} do not match {1, 2, 6, 7}");
}

/* One tuple of all the input's dimensions gives one element; invalid components clamp one by
 * one. */
static void test_gather_nd_single_tuple_and_clamped(void** state) {
    (void)state;
    float input[] = {1, 2, 3, 4, 5, 6};
    uint32_t tuple[] = {1, 2};
    float one[1] = {0};
    tix_dml_buffer_tensor_desc in = TD(F32, input, 2, 3), idx = TD(U32, tuple, 1, 2),
                               out = TD(F32, one, 1, 1);
    tix_dml_gather_nd_operator_desc desc = {&in, &idx, &out, 2, 1};
    EXPECT_OK(tix_dml_gather_nd(&desc, NULL));
    EXPECT_F32(one, 6);

    int32_t bad[] = {5, -1, -3, 1, 0, 3};
    float output[3] = {0};
    idx = TD(I32, bad, 3, 2);
    out = TD(F32, output, 1, 3);
    desc.indices_dimension_count = 2;
    EXPECT_OK(tix_dml_gather_nd(&desc, NULL));
    EXPECT_F32(output, 6, 2, 3);

    uint64_t huge[] = {UINT64_MAX, 0};
    idx = TD(U64, huge, 1, 2);
    out = TD(F32, one, 1, 1);
    desc.indices_dimension_count = 1;
    EXPECT_OK(tix_dml_gather_nd(&desc, NULL));
    EXPECT_F32(one, 4);
}

/* DML_GATHER_ND1 example 2: three batches, a 3x2 array of 2-D tuples. */
static void test_gather_nd1_example2(void** state) {
    (void)state;
    float input[12];
    for (int i = 0; i < 12; i++) input[i] = (float)i;
    uint32_t indices[] = {0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0};
    float output[6] = {0};
    tix_dml_buffer_tensor_desc in = TD(F32, input, 1, 3, 2, 2), idx = TD(U32, indices, 1, 3, 2, 2),
                               out = TD(F32, output, 1, 1, 3, 2);
    tix_dml_gather_nd1_operator_desc desc = {&in, &idx, &out, 3, 3, 1};
    EXPECT_OK(tix_dml_gather_nd1(&desc, NULL));
    EXPECT_F32(output, 0, 3, 7, 4, 9, 10);

    /* One 1-tuple per batch selects a row of that batch. */
    int64_t rows[] = {1, 0, -1};
    idx = TD(I64, rows, 1, 1, 3, 1);
    desc.indices_dimension_count = 2;
    EXPECT_OK(tix_dml_gather_nd1(&desc, NULL));
    EXPECT_F32(output, 2, 3, 4, 5, 10, 11);
}

static void test_gather_nd_rules(void** state) {
    (void)state;
    float input[12] = {0}, output[12] = {0};
    uint32_t indices[12] = {0};
    probe p;
    probe_init(&p);
    tix_dml_buffer_tensor_desc in = TD(F32, input, 1, 3, 2, 2), idx = TD(U32, indices, 1, 3, 2, 2),
                               out = TD(F32, output, 1, 1, 3, 2);
    tix_dml_gather_nd1_operator_desc desc = {&in, &idx, &out, 3, 3, 3};
    EXPECT_ERROR(tix_dml_gather_nd1(&desc, &p.options), &p, TIX_STATUS_INVALID_BATCH_DIMS,
                 "BatchDimensionCount",
                 "DML_GATHER_ND1: BatchDimensionCount 3 must be below both InputDimensionCount 3 "
                 "and IndicesDimensionCount 3");

    desc.batch_dimension_count = 1;
    idx = TD(U32, indices, 1, 2, 2, 2);
    EXPECT_ERROR(tix_dml_gather_nd1(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "IndicesTensor",
                 "batch dimension 0: IndicesTensor.Sizes[1] = 2 differs from InputTensor.Sizes[1] "
                 "= 3");

    idx = TD(U32, indices, 1, 3, 1, 3);
    EXPECT_ERROR(tix_dml_gather_nd1(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "IndicesTensor",
                 "IndicesTensor.Sizes[3] = 3 coordinates per index tuple exceed "
                 "InputDimensionCount 3 - BatchDimensionCount 1");

    tix_dml_gather_nd_operator_desc nd = {&in, &idx, &out, 0, 3};
    idx = TD(U32, indices, 1, 3, 2, 2);
    EXPECT_ERROR(tix_dml_gather_nd(&nd, &p.options), &p, TIX_STATUS_INVALID_ATTRIBUTE,
                 "InputDimensionCount", "DML_GATHER_ND: InputDimensionCount 0 is outside [1, 4]");
    nd.input_dimension_count = 3;
    nd.indices_dimension_count = 5;
    EXPECT_ERROR(tix_dml_gather_nd(&nd, &p.options), &p, TIX_STATUS_INVALID_ATTRIBUTE,
                 "IndicesDimensionCount", "IndicesDimensionCount 5 is outside [1, 4]");
    nd.indices_dimension_count = 3;
    nd.input_dimension_count = 2;
    EXPECT_ERROR(tix_dml_gather_nd(&nd, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH, "InputTensor",
                 "InputTensor.Sizes[1] = 3 must be 1: InputDimensionCount = 2");
    nd.input_dimension_count = 3;
    nd.indices_dimension_count = 2;
    EXPECT_ERROR(tix_dml_gather_nd(&nd, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "IndicesTensor", "IndicesTensor.Sizes[1] = 3 must be 1");
}

/* ---------------------------------------------------------------------------------------------
 * DML_SCATTER (DML_SCATTER_ELEMENTS).
 */

/* Example 1: index 3 appears twice; in tix the later update (7) wins. */
static void test_scatter_example1_index_types(void** state) {
    (void)state;
    float input[] = {0, 1, 2, 3, 4};
    float updates[] = {5, 6, 7, 8};
    uint32_t u32[] = {3, 1, 3, 0};
    int32_t i32[] = {-2, 1, 3, -5};
    uint64_t u64[] = {3, 1, 3, 0};
    int64_t i64[] = {3, -4, -2, 0};
    void* buffers[] = {u32, i32, u64, i64};
    tix_dml_tensor_data_type types[] = {U32, I32, U64, I64};
    for (int t = 0; t < 4; t++) {
        float output[5] = {0};
        tix_dml_buffer_tensor_desc in = TD(F32, input, 5), idx = TD(types[t], buffers[t], 4),
                                   upd = TD(F32, updates, 4), out = TD(F32, output, 5);
        tix_dml_scatter_operator_desc desc = {&in, &idx, &upd, &out, 0};
        EXPECT_OK(tix_dml_scatter(&desc, NULL));
        EXPECT_F32(output, 8, 6, 2, 7, 4);
        EXPECT_F32(input, 0, 1, 2, 3, 4);
    }
}

/* Example 2, with the 3x3 input it shows (its Sizes:{2,3} contradicts its data and output). */
static void test_scatter_example2(void** state) {
    (void)state;
    float input[9] = {0};
    uint32_t indices[] = {1, 0, 2, 0, 2, 1};
    float updates[] = {10, 11, 12, 20, 21, 22};
    float output[9];
    memset(output, 0xff, sizeof output);
    tix_dml_buffer_tensor_desc in = TD(F32, input, 3, 3), idx = TD(U32, indices, 2, 3),
                               upd = TD(F32, updates, 2, 3), out = TD(F32, output, 3, 3);
    tix_dml_scatter_operator_desc desc = {&in, &idx, &upd, &out, 0};
    EXPECT_OK(tix_dml_scatter(&desc, NULL));
    EXPECT_F32(output, 20, 11, 0, 10, 0, 22, 0, 21, 12);

    memset(output, 0, sizeof output);
    EXPECT_OK(tix_dml_scatter_elements(&desc, NULL));
    EXPECT_F32(output, 20, 11, 0, 10, 0, 22, 0, 21, 12);

    /* As printed: InputTensor {2, 3}, OutputTensor {3, 3}. */
    probe p;
    probe_init(&p);
    in = TD(F32, input, 2, 3);
    EXPECT_ERROR(tix_dml_scatter(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "OutputTensor",
                 "DML_SCATTER: OutputTensor.Sizes {3, 3} differ from InputTensor.Sizes {2, 3}");
    EXPECT_ERROR(tix_dml_scatter_elements(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "OutputTensor", "DML_SCATTER_ELEMENTS: OutputTensor.Sizes {3, 3}");
}

/* Invalid indices drop their update and touch nothing else; -1 as UINT32 is 4294967295. */
static void test_scatter_invalid_indices_dropped(void** state) {
    (void)state;
    float input[] = {0, 1, 2, 3, 4};
    float updates[] = {10, 20, 30, 40};
    float output[5];
    tix_dml_buffer_tensor_desc in = TD(F32, input, 5), idx, upd = TD(F32, updates, 4),
                               out = TD(F32, output, 5);
    tix_dml_scatter_operator_desc desc = {&in, &idx, &upd, &out, 0};

    int32_t i32[] = {5, -6, 2, -1};
    idx = TD(I32, i32, 4);
    EXPECT_OK(tix_dml_scatter(&desc, NULL));
    EXPECT_F32(output, 0, 1, 30, 3, 40);

    uint32_t u32[] = {4294967295u, 1, 5, 0};
    idx = TD(U32, u32, 4);
    EXPECT_OK(tix_dml_scatter(&desc, NULL));
    EXPECT_F32(output, 40, 20, 2, 3, 4);

    uint64_t u64[] = {UINT64_MAX, UINT64_C(1) << 63, 4, 9};
    idx = TD(U64, u64, 4);
    EXPECT_OK(tix_dml_scatter(&desc, NULL));
    EXPECT_F32(output, 0, 1, 2, 3, 30);

    int64_t i64[] = {INT64_MIN, -5, INT64_MAX, 1};
    idx = TD(I64, i64, 4);
    EXPECT_OK(tix_dml_scatter(&desc, NULL));
    EXPECT_F32(output, 20, 40, 2, 3, 4);
}

/* In place (OutputTensor describes InputTensor's memory), broadcast updates and a padded output
 * whose padding is kept. */
static void test_scatter_in_place_and_strides(void** state) {
    (void)state;
    float buffer[] = {0, 1, 2, 3, 4};
    uint32_t indices[] = {3, 1, 3, 0};
    float updates[] = {5, 6, 7, 8};
    tix_dml_buffer_tensor_desc in = TD(F32, buffer, 5), idx = TD(U32, indices, 4),
                               upd = TD(F32, updates, 4), out = TD(F32, buffer, 5);
    tix_dml_scatter_operator_desc desc = {&in, &idx, &upd, &out, 0};
    EXPECT_OK(tix_dml_scatter(&desc, NULL));
    EXPECT_F32(buffer, 8, 6, 2, 7, 4);

    /* Still in place when the strides are spelled out, whatever the size-1 dimension's stride. */
    float again[] = {0, 1, 2, 3, 4};
    in = TD(F32, again, 1, 5);
    idx = TD(U32, indices, 1, 4);
    upd = TD(F32, updates, 1, 4);
    out = TDS(F32, again, SIZES(99, 1), 1, 5);
    desc.axis = 1;
    EXPECT_OK(tix_dml_scatter(&desc, NULL));
    EXPECT_F32(again, 8, 6, 2, 7, 4);

    float input[6] = {0};
    uint32_t cols[] = {2, 0, 1, 2};
    float pair[] = {5, 6};
    float output[8] = {9, 9, 9, 9, 9, 9, 9, 9};
    tix_dml_buffer_tensor_desc in2 = TD(F32, input, 2, 3), idx2 = TD(U32, cols, 2, 2),
                               upd2 = TDS(F32, pair, SIZES(0, 1), 2, 2),
                               out2 = TDS(F32, output, SIZES(4, 1), 2, 3);
    tix_dml_scatter_operator_desc desc2 = {&in2, &idx2, &upd2, &out2, 1};
    EXPECT_OK(tix_dml_scatter(&desc2, NULL));
    EXPECT_F32(output, 6, 0, 5, 9, 0, 5, 6, 9);
}

static void test_scatter_rules(void** state) {
    (void)state;
    float input[9] = {0}, updates[9] = {0}, output[9] = {0};
    uint32_t indices[9] = {0};
    probe p;
    probe_init(&p);
    tix_dml_buffer_tensor_desc in = TD(F32, input, 3, 3), idx = TD(U32, indices, 2, 2),
                               upd = TD(F32, updates, 2, 2), out = TD(F32, output, 3, 3);
    tix_dml_scatter_operator_desc desc = {&in, &idx, &upd, &out, 0};
    EXPECT_ERROR(tix_dml_scatter(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "IndicesTensor", "IndicesTensor.Sizes[1] = 2 differs from InputTensor.Sizes[1]");
    assert_int_equal(p.diag.dimension, 1);

    idx = TD(U32, indices, 2, 3);
    EXPECT_ERROR(tix_dml_scatter(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "UpdatesTensor", "UpdatesTensor.Sizes {2, 2} differ from IndicesTensor.Sizes");

    upd = TD(I32, updates, 2, 3);
    EXPECT_ERROR(tix_dml_scatter(&desc, &p.options), &p, TIX_STATUS_DTYPE_MISMATCH,
                 "UpdatesTensor", "UpdatesTensor.DataType INT32 differs from InputTensor.DataType");

    upd = TD(F32, updates, 2, 3);
    desc.axis = 7;
    EXPECT_ERROR(tix_dml_scatter(&desc, &p.options), &p, TIX_STATUS_INVALID_AXIS, "Axis",
                 "DML_SCATTER: Axis 7 is outside [0, 2)");
    assert_int_equal(p.diag.value, 7);

    /* The output overlapping the updates (not in place): refused, nothing written. */
    float shared[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    upd = TD(F32, shared, 2, 3);
    out = TD(F32, shared, 3, 3);
    desc.axis = 0;
    EXPECT_ERROR(tix_dml_scatter(&desc, &p.options), &p, TIX_STATUS_ALIASING, "OutputTensor",
                 "DML_SCATTER (tix_scatter_elements): ");
    EXPECT_F32(shared, 1, 1, 1, 1, 1, 1, 1, 1, 1);
}

/* ---------------------------------------------------------------------------------------------
 * DML_SCATTER_ND.
 */

/* The page's example mixes DimensionCounts ({8}, {4, 1}, {4}) and gives the indices FLOAT32;
 * right-aligned into 2 and 3 dimensions with UINT32 indices it runs. */
static void test_scatter_nd_example(void** state) {
    (void)state;
    float input[] = {1, 2, 3, 4, 5, 6, 7, 8};
    uint32_t indices[] = {4, 3, 1, 7};
    float findices[] = {4, 3, 1, 7};
    float updates[] = {9, 10, 11, 12};
    float output[8] = {0};
    probe p;
    probe_init(&p);

    tix_dml_buffer_tensor_desc in = TD(F32, input, 8), idx = TD(U32, indices, 4, 1),
                               upd = TD(F32, updates, 4), out = TD(F32, output, 8);
    tix_dml_scatter_nd_operator_desc desc = {&in, &idx, &upd, &out, 1, 2};
    EXPECT_ERROR(tix_dml_scatter_nd(&desc, &p.options), &p, TIX_STATUS_INVALID_RANK,
                 "IndicesTensor",
                 "DML_SCATTER_ND: IndicesTensor.DimensionCount 2 differs from "
                 "InputTensor.DimensionCount 1");

    in = TD(F32, input, 1, 8);
    idx = TD(F32, findices, 4, 1);
    upd = TD(F32, updates, 1, 4);
    out = TD(F32, output, 1, 8);
    EXPECT_ERROR(tix_dml_scatter_nd(&desc, &p.options), &p, TIX_STATUS_INVALID_INDEX_DTYPE,
                 "IndicesTensor",
                 "IndicesTensor.DataType FLOAT32 is not an index type (INT32, INT64, UINT32, "
                 "UINT64)");

    idx = TD(U32, indices, 4, 1);
    EXPECT_OK(tix_dml_scatter_nd(&desc, &p.options));
    EXPECT_F32(output, 1, 11, 3, 10, 9, 6, 7, 12);

    /* In place, the output describing the input's memory. */
    float buffer[] = {1, 2, 3, 4, 5, 6, 7, 8};
    in = TD(F32, buffer, 1, 8);
    out = TD(F32, buffer, 1, 8);
    EXPECT_OK(tix_dml_scatter_nd(&desc, &p.options));
    EXPECT_F32(buffer, 1, 11, 3, 10, 9, 6, 7, 12);

    memset(output, 0, sizeof output);
    in = TD(F32, input, 1, 1, 8);
    idx = TD(U32, indices, 1, 4, 1);
    upd = TD(F32, updates, 1, 1, 4);
    out = TD(F32, output, 1, 1, 8);
    EXPECT_OK(tix_dml_scatter_nd(&desc, &p.options));
    EXPECT_F32(output, 1, 11, 3, 10, 9, 6, 7, 12);
}

/* Row slices, negative tuples, duplicates (the last wins) and invalid tuples (dropped whole). */
static void test_scatter_nd_slices(void** state) {
    (void)state;
    float input[] = {1, 2, 3, 4, 5, 6};
    float output[6];
    int64_t rows[] = {-1, 0};
    float updates[] = {10, 20, 30, 40, 50, 60};
    tix_dml_buffer_tensor_desc in = TD(F32, input, 3, 2), idx = TD(I64, rows, 2, 1),
                               upd = TD(F32, updates, 2, 2), out = TD(F32, output, 3, 2);
    tix_dml_scatter_nd_operator_desc desc = {&in, &idx, &upd, &out, 2, 2};
    EXPECT_OK(tix_dml_scatter_nd(&desc, NULL));
    EXPECT_F32(output, 30, 40, 3, 4, 10, 20);

    int32_t bad[] = {3, -4, 1};
    idx = TD(I32, bad, 3, 1);
    upd = TD(F32, updates, 3, 2);
    EXPECT_OK(tix_dml_scatter_nd(&desc, NULL));
    EXPECT_F32(output, 1, 2, 50, 60, 5, 6);

    uint32_t same[] = {1, 1};
    idx = TD(U32, same, 2, 1);
    upd = TD(F32, updates, 2, 2);
    EXPECT_OK(tix_dml_scatter_nd(&desc, NULL));
    EXPECT_F32(output, 1, 2, 30, 40, 5, 6);

    /* 2-tuples into a 2x2 input: (0, 5) is invalid, (1, 1) is written. */
    float square[] = {1, 2, 3, 4};
    float result[4] = {0};
    uint32_t tuples[] = {0, 5, 1, 1};
    float values[] = {50, 60};
    tix_dml_buffer_tensor_desc sq = TD(F32, square, 2, 2), tidx = TD(U32, tuples, 2, 2),
                               tupd = TD(F32, values, 1, 2), tout = TD(F32, result, 2, 2);
    tix_dml_scatter_nd_operator_desc tdesc = {&sq, &tidx, &tupd, &tout, 2, 2};
    EXPECT_OK(tix_dml_scatter_nd(&tdesc, NULL));
    EXPECT_F32(result, 1, 2, 3, 60);
}

static void test_scatter_nd_rules(void** state) {
    (void)state;
    float input[6] = {0}, updates[6] = {0}, output[6] = {0};
    uint32_t indices[4] = {0};
    probe p;
    probe_init(&p);
    tix_dml_buffer_tensor_desc in = TD(F32, input, 3, 2), idx = TD(U32, indices, 2, 1),
                               upd = TD(F32, updates, 2, 1), out = TD(F32, output, 3, 2);
    tix_dml_scatter_nd_operator_desc desc = {&in, &idx, &upd, &out, 2, 2};
    EXPECT_ERROR(tix_dml_scatter_nd(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "UpdatesTensor", "DML_SCATTER_ND: UpdatesTensor.Sizes {2, 1} do not match {2, 2}");

    upd = TD(F32, updates, 2, 2);
    out = TD(F32, output, 2, 3);
    EXPECT_ERROR(tix_dml_scatter_nd(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "OutputTensor", "OutputTensor.Sizes {2, 3} differ from InputTensor.Sizes {3, 2}");

    out = TD(F32, output, 3, 2);
    idx = TD(U32, indices, 1, 3);
    EXPECT_ERROR(tix_dml_scatter_nd(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "IndicesTensor",
                 "IndicesTensor.Sizes[1] = 3 coordinates per index tuple exceed "
                 "InputDimensionCount 2");

    idx = TD(U32, indices, 2, 1);
    desc.input_dimension_count = 3;
    EXPECT_ERROR(tix_dml_scatter_nd(&desc, &p.options), &p, TIX_STATUS_INVALID_ATTRIBUTE,
                 "InputDimensionCount", "InputDimensionCount 3 is outside [1, 2]");
    desc.input_dimension_count = 1;
    EXPECT_ERROR(tix_dml_scatter_nd(&desc, &p.options), &p, TIX_STATUS_SHAPE_MISMATCH,
                 "InputTensor", "InputTensor.Sizes[0] = 3 must be 1");
    desc.input_dimension_count = 2;
    desc.indices_dimension_count = 0;
    EXPECT_ERROR(tix_dml_scatter_nd(&desc, &p.options), &p, TIX_STATUS_INVALID_ATTRIBUTE,
                 "IndicesDimensionCount", "IndicesDimensionCount 0 is outside [1, 2]");
}

/* ---------------------------------------------------------------------------------------------
 * Tensor descs, data types, options and memory: the rules every operator shares.
 */

static void test_data_types(void** state) {
    (void)state;
    const tix_dtype expected[] = {
        TIX_DTYPE_UNDEFINED, TIX_DTYPE_FLOAT32, TIX_DTYPE_FLOAT16, TIX_DTYPE_UINT32,
        TIX_DTYPE_UINT16,    TIX_DTYPE_UINT8,   TIX_DTYPE_INT32,   TIX_DTYPE_INT16,
        TIX_DTYPE_INT8,      TIX_DTYPE_FLOAT64, TIX_DTYPE_UINT64,  TIX_DTYPE_INT64};
    for (int t = 0; t < 12; t++) {
        assert_int_equal(tix_dml_dtype((tix_dml_tensor_data_type)t), expected[t]);
    }
    assert_int_equal(tix_dml_dtype((tix_dml_tensor_data_type)12), TIX_DTYPE_UNDEFINED);
    assert_int_equal(tix_dml_dtype((tix_dml_tensor_data_type)-1), TIX_DTYPE_UNDEFINED);

    /* Every data type moves bit-exactly: gather example 1 and scatter example 1 on each, bytes
     * compared. */
    uint32_t indices[] = {3, 1, 3, 0, 2};
    for (int t = 1; t <= 11; t++) {
        size_t size = tix_dtype_size(expected[t]);
        uint64_t input_words[4], output_words[5]; /* aligned for every type */
        unsigned char* input = (unsigned char*)input_words;
        unsigned char* output = (unsigned char*)output_words;
        for (size_t b = 0; b < sizeof input_words; b++) input[b] = (unsigned char)(b * 37 + 11);
        memset(output_words, 0, sizeof output_words);
        tix_dml_buffer_tensor_desc in = TD((tix_dml_tensor_data_type)t, input, 4),
                                   idx = TD(U32, indices, 5),
                                   out = TD((tix_dml_tensor_data_type)t, output, 5);
        tix_dml_gather_operator_desc desc = {&in, &idx, &out, 0, 1};
        EXPECT_OK(tix_dml_gather(&desc, NULL));
        for (int i = 0; i < 5; i++) {
            assert_memory_equal(output + (size_t)i * size, input + indices[i] * size, size);
        }

        /* Scatter example 1 the other way: output[indices[i]] = updates[i], the last 3 wins. */
        uint32_t targets[] = {3, 1, 3, 0};
        tix_dml_buffer_tensor_desc sin = TD((tix_dml_tensor_data_type)t, output, 5),
                                   sidx = TD(U32, targets, 4),
                                   supd = TD((tix_dml_tensor_data_type)t, input, 4);
        uint64_t scattered_words[5];
        unsigned char* scattered = (unsigned char*)scattered_words;
        tix_dml_buffer_tensor_desc sout = TD((tix_dml_tensor_data_type)t, scattered, 5);
        tix_dml_scatter_operator_desc sdesc = {&sin, &sidx, &supd, &sout, 0};
        EXPECT_OK(tix_dml_scatter(&sdesc, NULL));
        const int source[5] = {3, 1, -1, 2, -1}; /* update position, or -1: the input's element */
        for (int i = 0; i < 5; i++) {
            const unsigned char* want = source[i] >= 0 ? input + (size_t)source[i] * size
                                                       : output + (size_t)i * size;
            assert_memory_equal(scattered + (size_t)i * size, want, size);
        }
    }
}

static void test_tensor_desc_rules(void** state) {
    (void)state;
    float input[4] = {0}, output[4] = {0};
    uint32_t indices[4] = {0};
    int16_t short_indices[4] = {0};
    probe p;
    probe_init(&p);
    tix_dml_buffer_tensor_desc in = TD(F32, input, 4), idx = TD(U32, indices, 4),
                               out = TD(F32, output, 4);
    tix_dml_gather_operator_desc desc = {&in, &idx, &out, 0, 1};

    EXPECT_ERROR(tix_dml_gather(NULL, &p.options), &p, TIX_STATUS_NULL_POINTER, "desc",
                 "DML_GATHER: the operator desc is NULL");
    expect_status(tix_dml_gather(NULL, NULL), TIX_STATUS_NULL_POINTER, "gather", __LINE__);
    expect_status(tix_dml_gather_elements(NULL, NULL), TIX_STATUS_NULL_POINTER, "gather_elements",
                  __LINE__);
    expect_status(tix_dml_gather_nd(NULL, NULL), TIX_STATUS_NULL_POINTER, "gather_nd", __LINE__);
    expect_status(tix_dml_gather_nd1(NULL, NULL), TIX_STATUS_NULL_POINTER, "gather_nd1",
                  __LINE__);
    expect_status(tix_dml_scatter(NULL, NULL), TIX_STATUS_NULL_POINTER, "scatter", __LINE__);
    expect_status(tix_dml_scatter_elements(NULL, NULL), TIX_STATUS_NULL_POINTER,
                  "scatter_elements", __LINE__);
    expect_status(tix_dml_scatter_nd(NULL, NULL), TIX_STATUS_NULL_POINTER, "scatter_nd",
                  __LINE__);

    desc.indices_tensor = NULL;
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_NULL_POINTER, "IndicesTensor",
                 "DML_GATHER: IndicesTensor is NULL");
    desc.indices_tensor = &idx;
    idx.sizes = NULL;
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_NULL_POINTER, "IndicesTensor",
                 "IndicesTensor.Sizes is NULL");
    idx = TD(U32, NULL, 4);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_NULL_POINTER, "IndicesTensor",
                 "IndicesTensor has no data");
    idx = TD(U32, indices, 4);

    in.dimension_count = 0;
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_RANK, "InputTensor",
                 "InputTensor.DimensionCount 0 is outside [1, 8]");
    static const uint32_t nine[9] = {1, 1, 1, 1, 1, 1, 1, 1, 4};
    in = tensor_desc(F32, 9, nine, NULL, input);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_RANK, "InputTensor",
                 "InputTensor.DimensionCount 9 is outside [1, 8]");

    in = TD(F32, input, 1, 1, 1, 4);
    idx = TD(U32, indices, 1, 1, 4);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_RANK, "IndicesTensor",
                 "DML_GATHER: IndicesTensor.DimensionCount 3 differs from "
                 "InputTensor.DimensionCount 4");
    idx = TD(U32, indices, 1, 1, 1, 4);
    out = TD(F32, output, 4);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_RANK, "OutputTensor",
                 "OutputTensor.DimensionCount 1 differs from InputTensor.DimensionCount 4");

    in = TD(F32, input, 4, 0);
    idx = TD(U32, indices, 4, 1);
    out = TD(F32, output, 4, 1);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_SHAPE, "InputTensor",
                 "InputTensor.Sizes[1] is 0; DirectML tensors have no empty dimension");
    assert_int_equal(p.diag.dimension, 1);

    /* 2^32 elements are too many; 2^32 - 1 pass (the call then fails on the INT16 indices). */
    in = TD(F32, input, 65536, 65536);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_SHAPE, "InputTensor",
                 "InputTensor.Sizes hold more than 2^32-1 elements");
    in = TD(F32, input, 65535, 65537);
    idx = TD(I16, short_indices, 4, 1);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_INDEX_DTYPE,
                 "IndicesTensor", "IndicesTensor.DataType INT16 is not an index type");

    /* The strides may reach element 2^32-2, not 2^32-1. */
    in = TDS(F32, input, SIZES(4294967295u), 2);
    idx = TD(U32, indices, 4);
    out = TD(F32, output, 4);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_STRIDES, "InputTensor",
                 "InputTensor.Strides reach beyond element 2^32-2");
    in = TDS(F32, input, SIZES(4294967294u), 2);
    idx = TD(U8, indices, 4);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_INDEX_DTYPE,
                 "IndicesTensor", "IndicesTensor.DataType UINT8 is not an index type");

    in = TD(TIX_DML_TENSOR_DATA_TYPE_UNKNOWN, input, 4);
    idx = TD(U32, indices, 4);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_DTYPE, "InputTensor",
                 "InputTensor.DataType 0 is DML_TENSOR_DATA_TYPE_UNKNOWN");
    in = TD((tix_dml_tensor_data_type)12, input, 4);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_DTYPE, "InputTensor",
                 "InputTensor.DataType 12 is not a DML_TENSOR_DATA_TYPE tix supports");
    in = TD(F32, input, 4);
    const tix_dml_tensor_data_type not_indices[] = {I8, I16, U8, U16, F16, F32, F64};
    for (int t = 0; t < 7; t++) {
        idx = TD(not_indices[t], indices, 4);
        EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_INDEX_DTYPE,
                     "IndicesTensor", "is not an index type");
    }
    idx = TD(TIX_DML_TENSOR_DATA_TYPE_UNKNOWN, indices, 4);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_DTYPE, "IndicesTensor",
                 "IndicesTensor.DataType 0");

    idx = TD(U32, indices, 4);
    out = TD(F64, output, 2);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_DTYPE_MISMATCH, "OutputTensor",
                 "OutputTensor.DataType FLOAT64 differs from InputTensor.DataType FLOAT32");
}

/* Only executor and diagnostic may be set; the call then writes nothing. */
static void test_options(void** state) {
    (void)state;
    float input[] = {11, 12, 13, 14};
    uint32_t indices[] = {3, 0};
    float output[2] = {-1, -1};
    float fill = 0;
    tix_dml_buffer_tensor_desc in = TD(F32, input, 4), idx = TD(U32, indices, 2),
                               out = TD(F32, output, 2);
    tix_dml_gather_operator_desc desc = {&in, &idx, &out, 0, 1};
    const char* fields[] = {"negative_indices", "out_of_range", "reduction", "exclude_self",
                            "fill_value"};
    for (int f = 0; f < 5; f++) {
        probe p;
        probe_init(&p);
        if (f == 0) p.options.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE;
        if (f == 1) p.options.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
        if (f == 2) p.options.reduction = TIX_REDUCTION_ADD;
        if (f == 3) p.options.exclude_self = true;
        if (f == 4) p.options.fill_value = &fill;
        char fragment[64];
        snprintf(fragment, sizeof fragment, "DML_GATHER: options.%s is set", fields[f]);
        EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_INVALID_OPTION, "options",
                     fragment);
        EXPECT_F32(output, -1, -1);
    }
    float updates[] = {5, 6};
    tix_dml_buffer_tensor_desc upd = TD(F32, updates, 2);
    tix_dml_buffer_tensor_desc sout = TD(F32, output, 4);
    float big[4] = {-1, -1, -1, -1};
    sout.data = big;
    tix_dml_scatter_operator_desc sdesc = {&in, &idx, &upd, &sout, 0};
    probe p;
    probe_init(&p);
    p.options.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_ERROR(tix_dml_scatter(&sdesc, &p.options), &p, TIX_STATUS_INVALID_OPTION, "options",
                 "DML_SCATTER: options.out_of_range is set");
    EXPECT_F32(big, -1, -1, -1, -1);

    /* The core checks the executor; its error comes back under the operator's name. */
    tix_executor broken = {NULL, NULL};
    probe_init(&p);
    p.options.executor = &broken;
    EXPECT_ERROR(tix_dml_scatter(&sdesc, &p.options), &p, TIX_STATUS_NULL_POINTER, "options",
                 "DML_SCATTER (tix_scatter_elements): options: executor->parallel_for is NULL");
    EXPECT_F32(big, -1, -1, -1, -1);
}

/* options.accumulation is accepted and reaches the core. No DirectML scatter reduces, so on
 * shapes that would be chunked (32 updates on one element) the last update wins either way. */
static void test_accumulation_passes(void** state) {
    (void)state;
    float input[] = {0};
    uint32_t indices[32] = {0};
    float updates[32] = {16777216.0f}; /* 2^24, fifteen 0, then 16 to 31 */
    for (int i = 16; i < 32; i++) updates[i] = (float)i;
    float output[1];
    tix_dml_buffer_tensor_desc in = TD(F32, input, 1), idx = TD(U32, indices, 32),
                               upd = TD(F32, updates, 32), out = TD(F32, output, 1);
    tix_dml_scatter_operator_desc desc = {&in, &idx, &upd, &out, 0};
    probe p;
    probe_init(&p);
    p.options.accumulation = TIX_ACCUMULATE_CHUNKED;
    output[0] = -1;
    EXPECT_OK(tix_dml_scatter(&desc, &p.options));
    EXPECT_F32(output, 31);
    assert_int_equal(p.diag.status, TIX_STATUS_OK);
    output[0] = -1;
    EXPECT_OK(tix_dml_scatter(&desc, NULL));
    EXPECT_F32(output, 31);

    /* Gathers take it too, and ignore it. */
    float gathered[2] = {-1, -1};
    uint32_t rows[] = {0, 0};
    tix_dml_buffer_tensor_desc gidx = TD(U32, rows, 2), gout = TD(F32, gathered, 2);
    tix_dml_gather_operator_desc gdesc = {&in, &gidx, &gout, 0, 1};
    EXPECT_OK(tix_dml_gather(&gdesc, &p.options));
    EXPECT_F32(gathered, 0, 0);

    /* The value reaches the core, which checks its range; nothing is written. */
    probe_init(&p);
    p.options.accumulation = (tix_accumulation)2;
    output[0] = -1;
    EXPECT_ERROR(tix_dml_scatter(&desc, &p.options), &p, TIX_STATUS_INVALID_OPTION, "options",
                 "DML_SCATTER (tix_scatter_elements): options: accumulation");
    EXPECT_F32(output, -1);
}

/* A serial executor: tiles in order on the calling thread. */
static void serial_parallel_for(void* pool, tix_task_fn task, void* context, size_t range,
                                size_t tile) {
    int* calls = pool;
    ++*calls;
    for (size_t begin = 0; begin < range; begin += tile) {
        task(context, begin, range - begin < tile ? range - begin : tile);
    }
}

static void test_executor(void** state) {
    (void)state;
    enum { ROWS = 512, COLS = 64 };
    static float input[ROWS * COLS], output[ROWS * COLS];
    static uint32_t indices[ROWS];
    for (int i = 0; i < ROWS * COLS; i++) input[i] = (float)i;
    for (int r = 0; r < ROWS; r++) indices[r] = (uint32_t)(ROWS - 1 - r);
    int calls = 0;
    tix_executor executor = {serial_parallel_for, &calls};
    tix_options options;
    memset(&options, 0, sizeof options);
    options.executor = &executor;
    tix_dml_buffer_tensor_desc in = TD(F32, input, ROWS, COLS), idx = TD(U32, indices, 1, ROWS),
                               out = TD(F32, output, ROWS, COLS);
    tix_dml_gather_operator_desc desc = {&in, &idx, &out, 0, 1};
    EXPECT_OK(tix_dml_gather(&desc, &options));
    for (int r = 0; r < ROWS; r++) {
        for (int c = 0; c < COLS; c++) {
            if (output[r * COLS + c] != (float)((ROWS - 1 - r) * COLS + c)) {
                print_error("output[%d][%d] = %g\n", r, c, (double)output[r * COLS + c]);
                fail();
            }
        }
    }
    assert_int_equal(calls, 1); /* 32768 elements: one pass through the executor */
}

/* Errors found by the core come back in DML terms: the desc field and the operator's name. */
static void test_aliasing_retold(void** state) {
    (void)state;
    float buffer[] = {11, 12, 13, 14};
    uint32_t indices[] = {3, 1, 3, 0};
    probe p;
    probe_init(&p);
    tix_dml_buffer_tensor_desc in = TD(F32, buffer, 4), idx = TD(U32, indices, 4),
                               out = TD(F32, buffer, 4);
    tix_dml_gather_operator_desc desc = {&in, &idx, &out, 0, 1};
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_ALIASING, "OutputTensor",
                 "DML_GATHER (tix_gather): output: its memory overlaps data");

    /* Broadcast output: two elements in one place. */
    float output[1] = {0};
    out = TDS(F32, output, SIZES(0), 4);
    EXPECT_ERROR(tix_dml_gather(&desc, &p.options), &p, TIX_STATUS_ALIASING, "OutputTensor",
                 "its strides make two of its elements overlap");

    /* A gather_nd output (its leading 1 dropped) over its own indices: refused, untouched. */
    uint32_t input[] = {10, 11, 12, 13};
    uint32_t shared[2] = {1, 7};
    tix_dml_buffer_tensor_desc nin = TD(U32, input, 2, 2), nidx = TD(U32, shared, 1, 1),
                               nout = TD(U32, shared, 1, 2);
    tix_dml_gather_nd_operator_desc nd = {&nin, &nidx, &nout, 2, 1};
    EXPECT_ERROR(tix_dml_gather_nd(&nd, &p.options), &p, TIX_STATUS_ALIASING, "OutputTensor",
                 "DML_GATHER_ND (tix_gather_nd): output: its memory overlaps indices");
    EXPECT_VALUES(uint32_t, shared, 1, 7);

    /* The same with the output elsewhere runs: row 1. */
    uint32_t row[2] = {0};
    nout = TD(U32, row, 1, 2);
    EXPECT_OK(tix_dml_gather_nd(&nd, &p.options));
    EXPECT_VALUES(uint32_t, row, 12, 13);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gather_example1_index_types),
        cmocka_unit_test(test_gather_example2_rows),
        cmocka_unit_test(test_gather_example3_swap_columns),
        cmocka_unit_test(test_gather_example4_nested_axis2),
        cmocka_unit_test(test_gather_example5_nested_axis1),
        cmocka_unit_test(test_gather_4d_right_aligned),
        cmocka_unit_test(test_gather_scalar_index),
        cmocka_unit_test(test_gather_negative_and_clamped),
        cmocka_unit_test(test_gather_strides),
        cmocka_unit_test(test_gather_rules),
        cmocka_unit_test(test_gather_eight_dimensions),
        cmocka_unit_test(test_gather_elements_example),
        cmocka_unit_test(test_gather_elements_negative_clamped_strided),
        cmocka_unit_test(test_gather_elements_rules),
        cmocka_unit_test(test_gather_nd_example1),
        cmocka_unit_test(test_gather_nd_example2),
        cmocka_unit_test(test_gather_nd_sizes_example),
        cmocka_unit_test(test_gather_nd_single_tuple_and_clamped),
        cmocka_unit_test(test_gather_nd1_example2),
        cmocka_unit_test(test_gather_nd_rules),
        cmocka_unit_test(test_scatter_example1_index_types),
        cmocka_unit_test(test_scatter_example2),
        cmocka_unit_test(test_scatter_invalid_indices_dropped),
        cmocka_unit_test(test_scatter_in_place_and_strides),
        cmocka_unit_test(test_scatter_rules),
        cmocka_unit_test(test_scatter_nd_example),
        cmocka_unit_test(test_scatter_nd_slices),
        cmocka_unit_test(test_scatter_nd_rules),
        cmocka_unit_test(test_data_types),
        cmocka_unit_test(test_tensor_desc_rules),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_accumulation_passes),
        cmocka_unit_test(test_executor),
        cmocka_unit_test(test_aliasing_retold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
