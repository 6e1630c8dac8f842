/* tix_gather_elements and tix_gather_elements_shape: the ONNX GatherElements and OpenVINO
 * GatherElements-6 worked examples, 3-D along every axis, indices smaller than data on non-axis
 * dimensions and larger along the axis, broadcasting by a 0 stride, zero-size dimensions, every
 * out-of-range mode, shape inference, cache-blocked tiles, and long rows gathered in pieces. */
#include "unit.h"

/* ONNX test_gather_elements_0 and _1, and test_gather_elements_negative_indices. */
static void test_onnx_examples(void** state) {
    (void)state;
    {
        float data[] = {1, 2, 3, 4};
        int32_t idx[] = {0, 0, 1, 0};
        float out[4];
        tix_tensor d = UT_T(data, DT_F32, 2, 2);
        tix_tensor i = UT_T(idx, DT_I32, 2, 2);
        tix_tensor o = UT_T(out, DT_F32, 2, 2);
        EXPECT_OK(tix_gather_elements(&d, &i, 1, &o, NULL));
        EXPECT_F32(out, 1, 1, 4, 3);
    }
    {
        float data[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        int32_t idx[] = {1, 2, 0, 2, 0, 0};
        int32_t neg[] = {-1, -2, 0, -2, 0, 0};
        float out[6];
        tix_tensor d = UT_T(data, DT_F32, 3, 3);
        tix_tensor i = UT_T(idx, DT_I32, 2, 3);
        tix_tensor o = UT_T(out, DT_F32, 2, 3);
        EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, NULL));
        EXPECT_F32(out, 4, 8, 3, 7, 2, 3);
        i = UT_T(neg, DT_I32, 2, 3);
        EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, NULL));
        EXPECT_F32(out, 7, 5, 3, 4, 2, 3);
        /* PyTorch-style negative indices are out of range */
        tix_options opt = ut_opts();
        opt.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE;
        EXPECT_STATUS(tix_gather_elements(&d, &i, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    }
}

/* OpenVINO GatherElements-6 examples 1-3. */
static void test_openvino_examples(void** state) {
    (void)state;
    /* Example 1 */
    {
        int32_t data[] = {1, 2, 3, 4};
        int64_t idx[] = {0, 1, 0, 0};
        int32_t out[4];
        tix_tensor d = UT_T(data, DT_I32, 2, 2);
        tix_tensor i = UT_T(idx, DT_I64, 2, 2);
        tix_tensor o = UT_T(out, DT_I32, 2, 2);
        EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, NULL));
        EXPECT_I32(out, 1, 4, 1, 2);
    }
    /* Example 2: axis 1, indices larger than data along the axis */
    {
        int32_t data[] = {1, 7, 4, 3};
        int64_t idx[] = {1, 1, 0, 1, 0, 1};
        int32_t out[6];
        tix_tensor d = UT_T(data, DT_I32, 2, 2);
        tix_tensor i = UT_T(idx, DT_I64, 2, 3);
        tix_tensor o = UT_T(out, DT_I32, 2, 3);
        EXPECT_OK(tix_gather_elements(&d, &i, 1, &o, NULL));
        EXPECT_I32(out, 7, 7, 1, 3, 4, 3);
        tix_tensor s = ut_garbage_tensor();
        EXPECT_OK(tix_gather_elements_shape(&d, &i, 1, &s, NULL));
        EXPECT_SHAPE(&s, DT_I32, 2, 3);
    }
    /* Example 3: indices smaller than data */
    {
        int32_t data[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        int64_t idx[] = {1, 0, 1, 1, 2, 0};
        int32_t out[6];
        tix_tensor d = UT_T(data, DT_I32, 3, 3);
        tix_tensor i = UT_T(idx, DT_I64, 2, 3);
        tix_tensor o = UT_T(out, DT_I32, 2, 3);
        EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, NULL));
        EXPECT_I32(out, 4, 2, 6, 4, 8, 3);
    }
}

/* 3-D data along each axis, with indices smaller on non-axis dimensions and larger along the
 * axis. */
static void test_3d_every_axis(void** state) {
    (void)state;
    int32_t data[24];
    for (int k = 0; k < 24; ++k) {
        data[k] = k;
    }
    tix_tensor d = UT_T(data, DT_I32, 2, 3, 4);
    int32_t out[8];

    /* axis 2 (and -1), indices [2, 3, 1] */
    int8_t i2[] = {3, 2, 1, 0, -1, -4};
    tix_tensor i = UT_T(i2, DT_I8, 2, 3, 1);
    tix_tensor o = UT_T(out, DT_I32, 2, 3, 1);
    EXPECT_OK(tix_gather_elements(&d, &i, 2, &o, NULL));
    EXPECT_I32(out, 3, 6, 9, 12, 19, 20);
    memset(out, 0, sizeof out);
    EXPECT_OK(tix_gather_elements(&d, &i, -1, &o, NULL));
    EXPECT_I32(out, 3, 6, 9, 12, 19, 20);

    /* axis 1 (and -2), indices [1, 2, 4]: smaller on dims 0 and 1 */
    int16_t i1[] = {2, 1, 0, 2, 0, 0, 1, 1};
    i = UT_T(i1, DT_I16, 1, 2, 4);
    o = UT_T(out, DT_I32, 1, 2, 4);
    EXPECT_OK(tix_gather_elements(&d, &i, 1, &o, NULL));
    EXPECT_I32(out, 8, 5, 2, 11, 0, 1, 6, 7);
    memset(out, 0, sizeof out);
    EXPECT_OK(tix_gather_elements(&d, &i, -2, &o, NULL));
    EXPECT_I32(out, 8, 5, 2, 11, 0, 1, 6, 7);

    /* axis 0 (and -3), indices [5, 1, 1]: larger along the axis */
    uint32_t i0[] = {1, 0, 1, 1, 0};
    i = UT_T(i0, DT_U32, 5, 1, 1);
    o = UT_T(out, DT_I32, 5, 1, 1);
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, NULL));
    EXPECT_I32(out, 12, 0, 12, 12, 0);
    memset(out, 0, sizeof out);
    EXPECT_OK(tix_gather_elements(&d, &i, -3, &o, NULL));
    EXPECT_I32(out, 12, 0, 12, 12, 0);

    /* indices larger than data on a non-axis dimension: SHAPE_MISMATCH */
    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    i = UT_T(i0, DT_U32, 1, 4, 1);
    o = UT_T(out, DT_I32, 1, 4, 1);
    EXPECT_STATUS(tix_gather_elements(&d, &i, 0, &o, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "indices");
    tix_tensor s = ut_garbage_tensor();
    EXPECT_STATUS(tix_gather_elements_shape(&d, &i, 0, &s, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "indices");

    /* a rank mismatch is INVALID_RANK */
    i = UT_T(i0, DT_U32, 5);
    o = UT_T(out, DT_I32, 5);
    EXPECT_STATUS(tix_gather_elements(&d, &i, 0, &o, &opt), TIX_STATUS_INVALID_RANK);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_RANK, "indices");
    EXPECT_STATUS(tix_gather_elements_shape(&d, &i, 0, &s, &opt), TIX_STATUS_INVALID_RANK);

    /* axis out of range */
    i = UT_T(i0, DT_U32, 5, 1, 1);
    o = UT_T(out, DT_I32, 5, 1, 1);
    EXPECT_STATUS(tix_gather_elements(&d, &i, 3, &o, &opt), TIX_STATUS_INVALID_AXIS);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_AXIS, "axis");
    EXPECT_STATUS(tix_gather_elements(&d, &i, -4, &o, &opt), TIX_STATUS_INVALID_AXIS);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_AXIS, "axis");
}

/* Broadcasting indices with a 0 stride. */
static void test_broadcast_indices(void** state) {
    (void)state;
    int32_t data[12];
    for (int k = 0; k < 12; ++k) {
        data[k] = 10 * k;
    }
    tix_tensor d = UT_T(data, DT_I32, 3, 4);
    /* every row uses {3, 0} */
    int64_t row[] = {3, 0};
    tix_tensor i = ut_tensor(row, DT_I64, 2, UT_DIMS(3, 2), UT_DIMS(0, 1));
    int32_t out[6];
    tix_tensor o = UT_T(out, DT_I32, 3, 2);
    EXPECT_OK(tix_gather_elements(&d, &i, 1, &o, NULL));
    EXPECT_I32(out, 30, 0, 70, 40, 110, 80);

    /* every column uses row 2: indices [1, 4] broadcast from one value along both dims */
    int64_t two = 2;
    i = ut_tensor(&two, DT_I64, 2, UT_DIMS(1, 4), UT_DIMS(0, 0));
    int32_t out4[4];
    o = UT_T(out4, DT_I32, 1, 4);
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, NULL));
    EXPECT_I32(out4, 80, 90, 100, 110);
}

/* Strided data and output: a transposed data view and a reversed output. */
static void test_strided_views(void** state) {
    (void)state;
    /* buf holds a 3x2 matrix; the view is its 2x3 transpose [[1, 3, 5], [2, 4, 6]] */
    int32_t buf[] = {1, 2, 3, 4, 5, 6};
    tix_tensor d = ut_tensor(buf, DT_I32, 2, UT_DIMS(2, 3), UT_DIMS(1, 2));
    int32_t idx[] = {2, 0, 1, 1, 1, 2};
    tix_tensor i = UT_T(idx, DT_I32, 2, 3);
    int32_t out[6];
    tix_tensor o = ut_tensor(out + 5, DT_I32, 2, UT_DIMS(2, 3), UT_DIMS(-3, -1));
    EXPECT_OK(tix_gather_elements(&d, &i, 1, &o, NULL));
    /* logical [[5, 1, 3], [4, 4, 6]] stored backwards */
    EXPECT_I32(out, 6, 4, 4, 3, 1, 5);
}

/* Zero-size dimensions. */
static void test_zero_size(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4, 5, 6};
    unsigned char sentinel[32];
    memset(sentinel, 0xEE, sizeof sentinel);
    tix_tensor d = UT_T(data, DT_F32, 3, 2);

    /* indices [0, 2] */
    tix_tensor i = UT_T(NULL, DT_I64, 0, 2);
    tix_tensor o = UT_T(NULL, DT_F32, 0, 2);
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, NULL));
    o.data = sentinel;
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, NULL));
    assert_true(ut_all_bytes(sentinel, sizeof sentinel, 0xEE));
    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_elements_shape(&d, &i, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 0, 2);

    /* indices [3, 0] along axis 1 */
    i = UT_T(NULL, DT_I64, 3, 0);
    o = UT_T(sentinel, DT_F32, 3, 0);
    EXPECT_OK(tix_gather_elements(&d, &i, 1, &o, NULL));
    assert_true(ut_all_bytes(sentinel, sizeof sentinel, 0xEE));

    /* empty data and empty indices */
    d = UT_T(NULL, DT_F32, 0, 4);
    i = UT_T(NULL, DT_I32, 0, 2);
    o = UT_T(NULL, DT_F32, 0, 2);
    EXPECT_OK(tix_gather_elements(&d, &i, 1, &o, NULL));

    /* an index into an empty axis */
    int32_t zero[2] = {0, 0};
    float out2[2] = {7, 7};
    d = UT_T(NULL, DT_F32, 2, 0);
    i = UT_T(zero, DT_I32, 2, 1);
    o = UT_T(out2, DT_F32, 2, 1);
    EXPECT_STATUS(tix_gather_elements(&d, &i, 1, &o, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
    tix_options opt = ut_opts();
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_STATUS(tix_gather_elements(&d, &i, 1, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_STATUS(tix_gather_elements(&d, &i, 1, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    float fill = -3.0f;
    opt.fill_value = &fill;
    EXPECT_OK(tix_gather_elements(&d, &i, 1, &o, &opt));
    EXPECT_F32(out2, -3, -3);
}

/* Every out-of-range and negative-indices mode: indices [3, 10, -2, -7] into 5 elements. */
static void test_out_of_range_modes(void** state) {
    (void)state;
    int32_t data[] = {1, 2, 3, 4, 5};
    int32_t idx[] = {3, 10, -2, -7};
    int32_t out[4];
    tix_tensor d = UT_T(data, DT_I32, 5);
    tix_tensor i = UT_T(idx, DT_I32, 4);
    tix_tensor o = UT_T(out, DT_I32, 4);
    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);

    EXPECT_STATUS(tix_gather_elements(&d, &i, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 1, 10,
                      "indices[1] = 10 is outside [-5, 4] for axis 0 of data with shape [5]", NULL);

    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 4, 0, 4, 0);
    int32_t fill = -100;
    opt.fill_value = &fill;
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 4, -100, 4, -100);
    opt.fill_value = NULL;
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 4, 5, 4, 1);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 4, 1, 4, 4);

    opt.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE;
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 4, 0, 0, 0);
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 4, 5, 1, 1);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 4, 1, 4, 4);
    opt.out_of_range = TIX_OUT_OF_RANGE_ERROR;
    idx[1] = 0;
    EXPECT_STATUS(tix_gather_elements(&d, &i, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 2, -2,
                      "indices[2] = -2 is outside [0, 4] for axis 0 of data with shape [5]", NULL);

    /* uint64 above INT64_MAX */
    uint64_t big[] = {UINT64_MAX, (uint64_t)1 << 63, 1, 0};
    i = UT_T(big, DT_U64, 4);
    opt = ut_opts_diag(&diag);
    EXPECT_STATUS(tix_gather_elements(&d, &i, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 0, -1, NULL, "indices[0]");
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 0, 0, 2, 1);
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 5, 5, 2, 1);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 1, 4, 2, 1);
}

/* Element types: strings by pointer, complex128 (16 bytes), bool. */
static void test_dtypes(void** state) {
    (void)state;
    const char* words[] = {"w0", "w1", "w2", "w3"};
    const char* sout[3];
    int64_t idx[] = {3, 3, 1};
    tix_tensor d = UT_T(words, DT_STR, 4);
    tix_tensor i = UT_T(idx, DT_I64, 3);
    tix_tensor o = UT_T(sout, DT_STR, 3);
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, NULL));
    EXPECT_PTR(sout, words[3], words[3], words[1]);

    double c[] = {1, -1, 2, -2, 3, -3, 4, -4};
    double cout[6];
    d = UT_T(c, DT_C128, 4);
    o = UT_T(cout, DT_C128, 3);
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, NULL));
    EXPECT_F64(cout, 4, -4, 4, -4, 2, -2);

    uint8_t b[] = {0, 1, 0, 1};
    uint8_t bout[3];
    d = UT_T(b, DT_BOOL, 4);
    o = UT_T(bout, DT_BOOL, 3);
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, NULL));
    EXPECT_U8(bout, 1, 1, 1);
}

/* Shape inference reads nothing; rank rules. */
static void test_shape_inference(void** state) {
    (void)state;
    tix_tensor d = UT_T(NULL, DT_F16, 4, 5, 6);
    tix_tensor i = UT_T(NULL, DT_I32, 2, 9, 6);
    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_elements_shape(&d, &i, 1, &s, NULL));
    EXPECT_SHAPE(&s, DT_F16, 2, 9, 6);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_elements_shape(&d, &i, -2, &s, NULL));
    EXPECT_SHAPE(&s, DT_F16, 2, 9, 6);
    /* 9 > 5 on axis 0 or 2 is a mismatch */
    EXPECT_STATUS(tix_gather_elements_shape(&d, &i, 0, &s, NULL), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_STATUS(tix_gather_elements_shape(&d, &i, 2, &s, NULL), TIX_STATUS_SHAPE_MISMATCH);

    /* rank 0 data is not allowed */
    tix_tensor d0 = ut_scalar(NULL, DT_F32);
    tix_tensor i0 = ut_scalar(NULL, DT_I32);
    EXPECT_STATUS(tix_gather_elements_shape(&d0, &i0, 0, &s, NULL), TIX_STATUS_INVALID_RANK);

    /* a huge axis: data [3, 2^40], indices [3, 2^20] */
    d = UT_T(NULL, DT_U8, 3, (int64_t)1 << 40);
    i = UT_T(NULL, DT_I64, 3, (int64_t)1 << 20);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_elements_shape(&d, &i, 1, &s, NULL));
    EXPECT_SHAPE(&s, DT_U8, 3, (int64_t)1 << 20);

    /* a reduction is rejected */
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_MAX;
    EXPECT_STATUS(tix_gather_elements_shape(&d, &i, 1, &s, &opt), TIX_STATUS_INVALID_OPTION);
    int32_t data[2] = {1, 2}, idx[1] = {0}, out[1];
    d = UT_T(data, DT_I32, 2);
    i = UT_T(idx, DT_I32, 1);
    tix_tensor o = UT_T(out, DT_I32, 1);
    EXPECT_STATUS(tix_gather_elements(&d, &i, 0, &o, &opt), TIX_STATUS_INVALID_OPTION);
}

/* Offsets are 64-bit: element [1, 1] at (2^32 + 3) - (2^32 - 1) = 4; [0, 1] and [1, 0] are 2^32
 * elements away and never read. */
static int32_t g_large_data[8] = {11, 22, 33, 44, 55, 66, 77, 88};

static void test_large_offsets(void** state) {
    (void)state;
    const int64_t big = (int64_t)1 << 32;
    tix_tensor d = ut_tensor(g_large_data, DT_I32, 2, UT_DIMS(2, 2), UT_DIMS(big + 3, -(big - 1)));
    int32_t idx[] = {0, 1};
    tix_tensor i = UT_T(idx, DT_I32, 2, 1);
    int32_t out[2] = {0, 0};
    tix_tensor o = UT_T(out, DT_I32, 2, 1);
    if (!ut_reaches_down(g_large_data, (uint64_t)(big - 1) * 4)) {
        EXPECT_STATUS(tix_gather_elements(&d, &i, 1, &o, NULL), TIX_STATUS_INVALID_STRIDES);
        return;
    }
    EXPECT_OK(tix_gather_elements(&d, &i, 1, &o, NULL));
    EXPECT_I32(out, 11, 55);
}

/* Long rows through the fused loops (which resolve int32/int64 indices as they copy or add):
 * rows of 1000 int64 and int32 indices along a row of 50 floats, with a negative index
 * (wrapped) at 600 and one out of range (ignored: the fill) at 1900; every element compared
 * with its own rule, and the error rule naming the bad index. Then the scatter-add counterpart
 * against a plain loop. */
static void test_checked_blocks(void** state) {
    (void)state;
    enum { N = 50, M = 1000 };
    float data[2 * N], out[2 * M], fill = -7.0f;
    int64_t idx64[2 * M];
    int32_t idx32[2 * M];
    for (int k = 0; k < 2 * N; k++)
        data[k] = (float)k;
    for (int k = 0; k < 2 * M; k++)
        idx64[k] = (k * 7) % N;
    idx64[600] = -3;    /* row 0: wraps to 47 */
    idx64[M + 900] = N; /* row 1: out of range */
    for (int k = 0; k < 2 * M; k++)
        idx32[k] = (int32_t)idx64[k];
    tix_options ignore = ut_opts();
    ignore.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    ignore.fill_value = &fill;
    for (int width = 0; width < 2; width++) {
        tix_tensor d = UT_T(data, DT_F32, 2, N);
        tix_tensor i = width == 0 ? UT_T(idx64, DT_I64, 2, M) : UT_T(idx32, DT_I32, 2, M);
        tix_tensor o = UT_T(out, DT_F32, 2, M);
        EXPECT_OK(tix_gather_elements(&d, &i, 1, &o, &ignore));
        for (int r = 0; r < 2; r++) {
            for (int k = 0; k < M; k++) {
                int64_t v = idx64[r * M + k];
                float want = v >= N ? fill : data[r * N + (v < 0 ? v + N : v)];
                assert_true(out[r * M + k] == want);
            }
        }
        /* under the error rule the same indices fail, naming the bad one */
        tix_diagnostic diag;
        tix_options error = ut_opts_diag(&diag);
        EXPECT_STATUS(tix_gather_elements(&d, &i, 1, &o, &error), TIX_STATUS_INDEX_OUT_OF_RANGE);
        assert_int_equal(diag.position, M + 900);
    }
    /* scatter-add of the same shape into data [2, 50], out of range dropped */
    float upd[2 * M], sums[2 * N], expected[2 * N];
    for (int k = 0; k < 2 * M; k++)
        upd[k] = (float)(k % 5);
    memcpy(expected, data, sizeof expected);
    for (int r = 0; r < 2; r++) {
        for (int k = 0; k < M; k++) {
            int64_t v = idx64[r * M + k];
            if (v < N) expected[r * N + (v < 0 ? v + N : v)] += upd[r * M + k];
        }
    }
    tix_options add = ignore;
    add.reduction = TIX_REDUCTION_ADD;
    tix_tensor d = UT_T(data, DT_F32, 2, N), i = UT_T(idx64, DT_I64, 2, M);
    tix_tensor u = UT_T(upd, DT_F32, 2, M), o = UT_T(sums, DT_F32, 2, N);
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 1, &o, &add));
    assert_memory_equal(sums, expected, sizeof sums);
}

/* Expected gather_elements along axis 0 of data [R, C] (element `size` bytes, row-major unless
 * `transposed`: element (r, c) at c * R + r), indices [M, C] as int64 values: wrap negatives,
 * the fill where out of range, clamp when `clamp`. */
static void blocked_expected(const unsigned char* data, bool transposed, size_t size, int64_t R,
                             int64_t C, const int64_t* values, int64_t M, bool clamp,
                             const unsigned char* fill, unsigned char* out) {
    for (int64_t r = 0; r < M; r++) {
        for (int64_t c = 0; c < C; c++) {
            int64_t v = values[r * C + c];
            v = v < 0 ? v + R : v;
            if (clamp) v = v < 0 ? 0 : v >= R ? R - 1 : v;
            const unsigned char* from = fill;
            if (v >= 0 && v < R) from = data + (size_t)(transposed ? c * R + v : v * C + c) * size;
            memcpy(out + (size_t)(r * C + c) * size, from, size);
        }
    }
}

int64_t tix__block_bytes(void);
int64_t tix__block_bytes_for(int64_t level2, bool half);
typedef struct tix__tiles {
    int64_t parts, wider;
} tix__tiles;
tix__tiles tix__tiles_of(int64_t n, int64_t rows, int64_t element, int64_t width, bool gather,
                         int64_t budget);
void tix__block_choose(int64_t bytes);
void tix__simd_limit(int most);
void tix__stores_choose(int mode);
void tix__gathers_choose(int paying); /* 1 hardware gathers, 0 loads, -1 the CPU's */
bool tix__hardware_gathers(bool dense4);
enum { SIMD_NONE = 0, SIMD_ALL = 3 }; /* tix__simd_limit: the portable loops, what the CPU has */

/* Large gathers along axis 0 read one element per index from rows they jump between: the
 * library runs them in column tiles and copies each tile's part of the data into a dense block
 * first. Data [640, 1024] of every element size (1 to 16 bytes), dense and transposed, with
 * int64, int32 and int16 indices (the fused loops and the general one), in range and negative
 * under wrap with the fill for out-of-range ones, then clamp; serial and with a pool of 2
 * threads; data [30000, 32], whose tiles are too tall to copy; and data [640, 1021], a prime
 * row, which divides into no tiles of one width: tiles of two, a column apart (float32: 9 of 93
 * columns and 2 of 92 at 256 KiB, 5 of 128 and 3 of 127 at 1 MiB); and data [64, 4096],
 * whose rows a multiple of 4 KiB apart all take one set of L1: where their part fits one tile
 * (int8 and float16 at 256 KiB, float32 too at 1 MiB), tiles of 16 KiB all the same
 * (ALIASED_BLOCK_BYTES). Indices of 96, 3,750 and 24 rows: at least the eighth of the
 * positions that a gather blocks for (GATHER_BLOCK_SHARE). Every byte compared.
 * The tiles' size follows the CPU's cache (tix__block_bytes); the test pins it at both ends of
 * its range that the shapes reach: 256 KiB (every element size blocked, in tiles of 128 columns
 * of float32) and 1 MiB (4 to 16 bytes blocked, in tiles as wide as the tile kernel takes, 128
 * columns of float32 by int64 indices and 256 by int32 or int16; wider before). */
static void cache_blocked_in(int64_t tile_bytes) {
    tix__block_choose(tile_bytes);
    enum { R = 640, C = 1024, M = 96, TALL = 30000, NARROW = 32, TALL_M = 3750, ODD = 1021 };
    enum { FEW = 64, PAGE = 4096, FEW_M = M * C / PAGE }; /* (FEW_M: 24, 3 eighths of FEW) */
    enum { MOST = M * C > TALL_M * NARROW ? M * C : TALL_M * NARROW }; /* index elements */
    static const tix_dtype dtypes[] = {DT_I8, DT_F16, DT_F32, DT_F64, DT_C128};
    static const tix_dtype index_dtypes[] = {DT_I64, DT_I32, DT_I16};
    unsigned char* data = malloc((size_t)TALL * NARROW * 16 + (size_t)R * C * 16);
    unsigned char* out = malloc((size_t)MOST * 16);
    unsigned char* want = malloc((size_t)MOST * 16);
    int64_t* values = malloc(sizeof(int64_t) * MOST);
    void* idx = malloc(sizeof(int64_t) * MOST);
    assert_true(data && out && want && values && idx);
    for (size_t b = 0; b < (size_t)TALL * NARROW * 16 + (size_t)R * C * 16; b++)
        data[b] = (unsigned char)(b * 2654435761u >> 13);
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    unsigned char fill[16];
    memset(fill, 0xEE, sizeof fill);
    for (int shape = 0; shape < 4; shape++) {
        static const int64_t shapes[4][3] = {
            {R, C, M}, {TALL, NARROW, TALL_M}, {R, ODD, M}, {FEW, PAGE, FEW_M}};
        int64_t rows = shapes[shape][0], cols = shapes[shape][1], m = shapes[shape][2];
        for (int64_t k = 0; k < m * cols; k++) {
            values[k] = (int64_t)((uint64_t)k * 2654435761u % (uint64_t)rows);
            if (k % 97 == 5) values[k] = -1 - k % rows;  /* negative: wraps */
            if (k % 389 == 7) values[k] = rows + k % 3;  /* out of range: the fill */
        }
        for (size_t t = 0; t < sizeof dtypes / sizeof dtypes[0]; t++) {
            size_t size = tix_dtype_size(dtypes[t]);
            for (int transposed = 0; transposed < (shape == 0 ? 2 : 1); transposed++) {
                tix_tensor d = transposed ? ut_tensor(data, dtypes[t], 2, UT_DIMS(rows, cols),
                                                      UT_DIMS(1, rows))
                                          : ut_tensor(data, dtypes[t], 2, UT_DIMS(rows, cols), NULL);
                tix_tensor o = ut_tensor(out, dtypes[t], 2, UT_DIMS(m, cols), NULL);
                for (size_t x = 0; x < sizeof index_dtypes / sizeof index_dtypes[0]; x++) {
                    for (int64_t k = 0; k < m * cols; k++) {
                        ut_store_index(idx, index_dtypes[x], k, values[k]);
                    }
                    /* (int16 holds every value: rows <= 30000) */
                    tix_tensor i = ut_tensor(idx, index_dtypes[x], 2, UT_DIMS(m, cols), NULL);
                    for (int rule = 0; rule < 2; rule++) {
                        bool clamp = rule == 1;
                        blocked_expected(data, transposed, size, rows, cols, values, m, clamp,
                                         fill, want);
                        for (int threads = 1; threads <= 2; threads++) {
                            tix_options o2 = ut_opts();
                            o2.negative_indices = TIX_NEGATIVE_WRAP;
                            o2.out_of_range = clamp ? TIX_OUT_OF_RANGE_CLAMP : TIX_OUT_OF_RANGE_IGNORE;
                            o2.fill_value = fill;
                            o2.executor = threads == 2 ? &executor : NULL;
                            memset(out, 0, (size_t)m * cols * size);
                            EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, &o2));
                            assert_memory_equal(out, want, (size_t)m * cols * size);
                        }
                    }
                }
            }
        }
    }
    tix_threadpool_destroy(pool);
    free(data);
    free(out);
    free(want);
    free(values);
    free(idx);
    tix__block_choose(0);
}

static void test_cache_blocked(void** state) {
    (void)state;
    /* the tiles for an L2 of each size: a quarter of it, or half up to 256 KiB, within
     * [128 KiB, 1 MiB], and 256 KiB for an L2 not known; where asked for half (AMD family
     * 1Ah), half, within the same bounds */
    static const int64_t level2[][3] = {
        {0, 256, 256},     {128, 128, 128},   {256, 128, 128},    {512, 256, 256},
        {768, 256, 384},   {1024, 256, 512},  {1280, 320, 640},   {2048, 512, 1024},
        {8192, 1024, 1024}};
    for (size_t k = 0; k < sizeof level2 / sizeof level2[0]; k++) {
        assert_int_equal(tix__block_bytes_for(level2[k][0] * 1024, false), level2[k][1] * 1024);
        assert_int_equal(tix__block_bytes_for(level2[k][0] * 1024, true), level2[k][2] * 1024);
    }
    /* the tiles of a row of n: the fewest within the width the budget allows, at least a
     * cache line, and a gather's no wider than its tile kernel takes (1 KiB of indices and of
     * output a row), a scatter's not so bounded; where n does not divide, of two widths */
    enum { KIB = 1024 };
    static const struct {
        int64_t n, rows, element, width, gather, budget, parts, wider;
    } tiles[] = {
        {4096, 1024, 4, 8, 1, 512 * KIB, 32, 0},  /* float32 by int64: 128 columns */
        {4096, 1024, 4, 8, 1, 256 * KIB, 64, 0},  /* 64 */
        {4096, 1024, 1, 8, 1, 512 * KIB, 32, 0},  /* int8: 128, not the budget's 512 */
        {4096, 1024, 2, 8, 1, 512 * KIB, 32, 0},  /* float16: 128, not 256 */
        {4096, 1024, 1, 4, 1, 512 * KIB, 16, 0},  /* int8 by int32: 256 */
        {4096, 1024, 1, 8, 0, 512 * KIB, 8, 0},   /* a scatter's: 512 */
        {4096, 1024, 8, 8, 1, 512 * KIB, 64, 0},  /* float64: 64, the budget's */
        {4096, 1024, 16, 8, 1, 2048 * KIB, 64, 0}, /* 16 bytes: 64, not 128 */
        {4096, 1024, 16, 8, 0, 2048 * KIB, 32, 0}, /* a scatter's: 128 */
        {4096, 1024, 1, 2, 1, 1024 * KIB, 8, 0},  /* int8 by int16: 512 */
        {4096, 1 << 20, 4, 8, 1, 256 * KIB, 256, 0}, /* a cache line: 16 */
        {4096, 1 << 20, 16, 4, 0, 256 * KIB, 1024, 0}, /* 4 */
        {4000, 1024, 4, 8, 1, 512 * KIB, 32, 0},  /* 125 columns */
        {4000, 1024, 4, 8, 0, 512 * KIB, 32, 0},  /* a scatter's too */
        {4160, 1024, 4, 8, 1, 512 * KIB, 33, 2},  /* 2 of 127, 31 of 126 */
        {1000, 1024, 4, 8, 1, 256 * KIB, 16, 8},  /* 8 of 63, 8 of 62 */
        {8198, 1024, 4, 8, 1, 512 * KIB, 65, 8},  /* 2 x 4099: 8 of 127, 57 of 126 */
        {4099, 1024, 4, 8, 1, 512 * KIB, 33, 7},  /* a prime: 7 of 125, 26 of 124 */
        {17, 8000, 4, 8, 1, 256 * KIB, 1, 0},     /* no two tiles of a line */
        {40, 1 << 20, 4, 8, 1, 256 * KIB, 2, 0},  /* 2 of 20, not 3 narrower than a line */
    };
    for (size_t k = 0; k < sizeof tiles / sizeof tiles[0]; k++) {
        tix__tiles got = tix__tiles_of(tiles[k].n, tiles[k].rows, tiles[k].element,
                                       tiles[k].width, tiles[k].gather != 0, tiles[k].budget);
        assert_int_equal(got.parts, tiles[k].parts);
        assert_int_equal(got.wider, tiles[k].wider);
    }
    int64_t own = tix__block_bytes(); /* the CPU's */
    assert_true(own >= 128 * 1024 && own <= 1024 * 1024 && own % 1024 == 0);
    cache_blocked_in(256 * 1024);
    cache_blocked_in(1024 * 1024);
    assert_int_equal(tix__block_bytes(), own); /* (0: the CPU's again) */
}

/* One gather of test_packed_tile_rows: data [R, C] of `dtype` (bytes at `data`) along axis 0 by
 * `m` rows of `values` as `index_dtype`, tiles of `columns` columns pinned, under ignore (the
 * fill) or clamp, negatives wrapped, on `executor` (or serially), with `stores` (a
 * tix__stores); every byte against blocked_expected. */
static void tile_rows_case(const unsigned char* data, tix_dtype dtype, tix_dtype index_dtype,
                           const int64_t* values, int64_t m, int64_t columns, bool clamp,
                           const tix_executor* executor, int stores, void* idx,
                           unsigned char* out, unsigned char* want) {
    enum { R = 640, C = 1024 };
    static const unsigned char fill[16] = {0xF0, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7,
                                           0xF8, 0xF9, 0xFA, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF};
    size_t size = tix_dtype_size(dtype);
    tix__block_choose(R * columns * (int64_t)size); /* (a multiple of 1 KiB, as it takes) */
    tix__stores_choose(stores);
    for (int64_t k = 0; k < m * C; k++) ut_store_index(idx, index_dtype, k, values[k]);
    blocked_expected(data, false, size, R, C, values, m, clamp, fill, want);
    tix_tensor d = UT_T((void*)data, dtype, R, C), o = UT_T(out, dtype, m, C);
    tix_tensor i = UT_T(idx, index_dtype, m, C);
    tix_options options = ut_opts();
    options.negative_indices = TIX_NEGATIVE_WRAP;
    options.out_of_range = clamp ? TIX_OUT_OF_RANGE_CLAMP : TIX_OUT_OF_RANGE_IGNORE;
    options.fill_value = fill;
    options.executor = executor;
    memset(out, 0, (size_t)(m * C) * size);
    EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, &options));
    assert_memory_equal(out, want, (size_t)(m * C) * size);
}

/* A packed tile whose rows' indices and output are at most 1 KiB each (TILE_ROW_MAX) runs its
 * rows through a kernel of their own (tix__fused_tile_kernel), which stops at a row with an
 * index its short path does not take, for the general rules to take that row. Data [640, 1024]
 * of every element size in tiles pinned to 64 columns (32 of 16-byte elements) and to the
 * widest the kernel takes (128 columns of int64 indices or 8-byte elements, 256 of int32 ones
 * and narrower elements, 64 of 16-byte ones), int64 and int32 indices, one in 1009 negative
 * (from the first in a tile on, the kernel wraps them) and one in 4111 out of range (its row
 * filled or clamped by the general rules), under ignore and clamp, serially and on a pool of 2,
 * at the CPU's SIMD level (where its hardware gathers are slow, with them too: its rows then
 * take none) and with the portable loops alone, into 96 rows of output; at the CPU's level, for
 * 4- and 8-byte elements, into 4.26 MB too, with streaming stores and without them. Under the
 * error rule, the first index out of range is named. */
static void test_packed_tile_rows(void** state) {
    (void)state;
    enum { R = 640, C = 1024, M = 96, LONG = 1040, STREAMING = 0, PLAIN = 1 };
    static const tix_dtype dtypes[] = {DT_I8, DT_F16, DT_F32, DT_F64, DT_C128};
    static const tix_dtype index_dtypes[] = {DT_I64, DT_I32};
    /* (one block: data, out and want, the index values, the indices as stored) */
    size_t data_bytes = (size_t)R * C * 16, out_bytes = (size_t)LONG * C * 4;
    size_t index_bytes = sizeof(int64_t) * LONG * C;
    unsigned char* memory = malloc(data_bytes + 2 * out_bytes + 2 * index_bytes);
    assert_non_null(memory);
    unsigned char *data = memory, *out = data + data_bytes, *want = out + out_bytes;
    int64_t* values = (int64_t*)(void*)(want + out_bytes);
    void* idx = (unsigned char*)values + index_bytes;
    for (size_t b = 0; b < data_bytes; b++) data[b] = (unsigned char)(b * 2654435761u >> 11);
    for (int64_t k = 0; k < LONG * C; k++) {
        values[k] = (int64_t)((uint64_t)k * 40503u % R);
        if (k % 1009 == 17) values[k] = -1 - k % R; /* negative: wraps */
        if (k % 4111 == 29) values[k] = R + k % 3;  /* out of range: the general rules */
    }
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    /* the CPU's SIMD level and its gathers; the same with hardware gathers, where its own
     * are slow (their rows then take none); the portable loops */
    for (int level = 0; level < 3; level++) {
        if (level == 1 && tix__hardware_gathers(false))
            continue;
        tix__simd_limit(level < 2 ? SIMD_ALL : SIMD_NONE);
        tix__gathers_choose(level == 1 ? 1 : -1);
        for (size_t t = 0; t < sizeof dtypes / sizeof dtypes[0]; t++) {
            size_t size = tix_dtype_size(dtypes[t]);
            for (size_t x = 0; x < 2; x++) {
                size_t width = tix_dtype_size(index_dtypes[x]), wider = size > width ? size : width;
                /* (the widest rows the kernel takes: 1 KiB of indices and of output) */
                int64_t widths[] = {size == 16 ? 32 : 64, (int64_t)(1024 / wider)};
                for (int w = 0; w < 2; w++) {
                    for (int rule = 0; rule < 2; rule++) {
                        for (int threads = 1; threads <= 2; threads++) {
                            tile_rows_case(data, dtypes[t], index_dtypes[x], values, M,
                                           widths[w], rule == 1, threads == 2 ? &executor : NULL,
                                           PLAIN, idx, out, want);
                        }
                    }
                    if ((size != 4 && size != 8) || level == 2)
                        continue;
                    for (int stores = STREAMING; stores <= PLAIN; stores++) {
                        tile_rows_case(data, dtypes[t], index_dtypes[x], values,
                                       LONG * 4 / size, widths[w], x == 1,
                                       x == 1 ? &executor : NULL, stores, idx, out, want);
                    }
                }
            }
        }
    }
    tix__simd_limit(SIMD_ALL);
    tix__gathers_choose(-1);
    tix__stores_choose(-1);
    /* the error rule: the first index out of range in row-major order */
    tix__block_choose(R * 64 * 4);
    tix_diagnostic diag;
    tix_options error = ut_opts_diag(&diag);
    error.negative_indices = TIX_NEGATIVE_WRAP;
    tix_tensor d = UT_T(data, DT_F32, R, C), o = UT_T(out, DT_F32, M, C);
    tix_tensor i = UT_T(values, DT_I64, M, C);
    EXPECT_STATUS(tix_gather_elements(&d, &i, 0, &o, &error), TIX_STATUS_INDEX_OUT_OF_RANGE);
    assert_int_equal(diag.position, 29);
    tix__block_choose(0);
    tix_threadpool_destroy(pool);
    free(memory);
}

/* Rows whose shortest loops (after the hardware gathers, where the CPU has them) stop at indices
 * they do not take and resume after them (ut_resumed_index), under ignore (fill 0) and clamp
 * with negatives wrapped or out of range, int64 and int32 indices: 5000 elements of 1-D float32
 * data (gathers along the data), and one row of 5000 from data [20, 5000] along axis 0 (each
 * element from another row), against the rule applied element by element. */
static void test_resumed_loops(void** state) {
    (void)state;
    enum { N = 5000, ROWS = 20 };
    static int64_t idx[N];
    static int32_t idx32[N];
    static float data[ROWS * N], got[N], want[N];
    for (int64_t k = 0; k < ROWS * N; k++) data[k] = (float)k + 0.5f;
    for (int strided = 0; strided < 2; strided++) {
        int64_t size = strided ? ROWS : 100;
        for (int64_t k = 0; k < N; k++) {
            idx[k] = ut_resumed_index(k, size, strided ? 7 : 37);
            idx32[k] = (int32_t)idx[k];
        }
        for (int negative = 0; negative < 2; negative++) {
            for (int clamp = 0; clamp < 2; clamp++) {
                tix_options options = ut_opts();
                options.negative_indices =
                    negative ? TIX_NEGATIVE_OUT_OF_RANGE : TIX_NEGATIVE_WRAP;
                options.out_of_range = clamp ? TIX_OUT_OF_RANGE_CLAMP : TIX_OUT_OF_RANGE_IGNORE;
                for (int64_t k = 0; k < N; k++) {
                    int64_t p = ut_rule_position(idx[k], size, options.negative_indices,
                                                 options.out_of_range);
                    want[k] = p < 0 ? 0 : data[strided ? p * N + k : p];
                }
                for (int x = 0; x < 2; x++) { /* int64, int32 */
                    tix_tensor i = x == 0 ? UT_T(idx, DT_I64, 1, N) : UT_T(idx32, DT_I32, 1, N);
                    tix_tensor d =
                        strided ? UT_T(data, DT_F32, ROWS, N) : UT_T(data, DT_F32, 1, 100);
                    tix_tensor o = UT_T(got, DT_F32, 1, N);
                    EXPECT_OK(tix_gather_elements(&d, &i, strided ? 0 : 1, &o, &options));
                    assert_memory_equal(got, want, sizeof want);
                }
            }
        }
    }
}

/* Rows whose part of data spans more than 512 bytes are gathered in pieces, with a row two on
 * prefetched between them (execute.c, element_panel): each piece must land where its elements
 * go, whether its indices are resolved as it goes (int64, int32) or into offsets first (int16),
 * negative ones wrapped. */
static void test_rows_in_pieces(void** state) {
    (void)state;
    enum { ROWS = 7, N = 333 }; /* 1332 bytes a row: three pieces of 111 elements */
    static float data[ROWS * N], got[ROWS * N], want[ROWS * N];
    static int64_t idx64[ROWS * N];
    static int32_t idx32[ROWS * N];
    static int16_t idx16[ROWS * N];
    for (int64_t k = 0; k < ROWS * N; k++) {
        int64_t v = (k * 97 + k / N * 13) % N - (k % 5 == 0 ? N : 0);
        idx64[k] = v;
        idx32[k] = (int32_t)v;
        idx16[k] = (int16_t)v;
        data[k] = (float)k + 0.25f;
    }
    for (int64_t k = 0; k < ROWS * N; k++)
        want[k] = data[k / N * N + (idx64[k] < 0 ? idx64[k] + N : idx64[k])];
    tix_tensor d = UT_T(data, DT_F32, ROWS, N), o = UT_T(got, DT_F32, ROWS, N);
    tix_tensor indices[] = {UT_T(idx64, DT_I64, ROWS, N), UT_T(idx32, DT_I32, ROWS, N),
                            UT_T(idx16, DT_I16, ROWS, N)};
    for (int x = 0; x < 3; x++) {
        memset(got, 0, sizeof got);
        EXPECT_OK(tix_gather_elements(&d, &indices[x], 1, &o, NULL));
        assert_memory_equal(got, want, sizeof want);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_onnx_examples),      cmocka_unit_test(test_openvino_examples),
        cmocka_unit_test(test_3d_every_axis),      cmocka_unit_test(test_broadcast_indices),
        cmocka_unit_test(test_strided_views),      cmocka_unit_test(test_zero_size),
        cmocka_unit_test(test_out_of_range_modes), cmocka_unit_test(test_dtypes),
        cmocka_unit_test(test_shape_inference),    cmocka_unit_test(test_large_offsets),
        cmocka_unit_test(test_checked_blocks),     cmocka_unit_test(test_cache_blocked),
        cmocka_unit_test(test_resumed_loops),      cmocka_unit_test(test_rows_in_pieces),
        cmocka_unit_test(test_packed_tile_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
