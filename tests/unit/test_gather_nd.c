/* tix_gather_nd and tix_gather_nd_shape: the ONNX GatherND examples (batch_dims 0 and 1),
 * whole-slice tuples (k = 0), element tuples (k = r), rank-1 indices, batch_dims (negative
 * too), every out-of-range mode per tuple component, zero sizes, strided views, shape inference
 * and its errors, and the shortest loop of small slices by pairs. */
#include "unit.h"

/* ONNX GatherND examples 1-5 (int32 data, int64 indices) and the float32 node test. */
static void test_onnx_examples(void** state) {
    (void)state;
    int32_t d22[] = {0, 1, 2, 3};
    int32_t d222[] = {0, 1, 2, 3, 4, 5, 6, 7};
    int32_t out[8];
    tix_tensor s;

    /* Example 1: element tuples */
    {
        int64_t idx[] = {0, 0, 1, 1};
        tix_tensor d = UT_T(d22, DT_I32, 2, 2);
        tix_tensor i = UT_T(idx, DT_I64, 2, 2);
        tix_tensor o = UT_T(out, DT_I32, 2);
        EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, NULL));
        EXPECT_I32(out, 0, 3);
        s = ut_garbage_tensor();
        EXPECT_OK(tix_gather_nd_shape(&d, &i, 0, &s, NULL));
        EXPECT_SHAPE(&s, DT_I32, 2);
    }
    /* Example 2: row tuples */
    {
        int64_t idx[] = {1, 0};
        tix_tensor d = UT_T(d22, DT_I32, 2, 2);
        tix_tensor i = UT_T(idx, DT_I64, 2, 1);
        tix_tensor o = UT_T(out, DT_I32, 2, 2);
        EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, NULL));
        EXPECT_I32(out, 2, 3, 0, 1);
    }
    /* Example 3 */
    {
        int64_t idx[] = {0, 1, 1, 0};
        tix_tensor d = UT_T(d222, DT_I32, 2, 2, 2);
        tix_tensor i = UT_T(idx, DT_I64, 2, 2);
        tix_tensor o = UT_T(out, DT_I32, 2, 2);
        EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, NULL));
        EXPECT_I32(out, 2, 3, 4, 5);
    }
    /* Example 4 */
    {
        int64_t idx[] = {0, 1, 1, 0};
        tix_tensor d = UT_T(d222, DT_I32, 2, 2, 2);
        tix_tensor i = UT_T(idx, DT_I64, 2, 1, 2);
        tix_tensor o = UT_T(out, DT_I32, 2, 1, 2);
        EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, NULL));
        EXPECT_I32(out, 2, 3, 4, 5);
        s = ut_garbage_tensor();
        EXPECT_OK(tix_gather_nd_shape(&d, &i, 0, &s, NULL));
        EXPECT_SHAPE(&s, DT_I32, 2, 1, 2);
    }
    /* Example 5: batch_dims 1 (and -1) */
    {
        int64_t idx[] = {1, 0};
        tix_tensor d = UT_T(d222, DT_I32, 2, 2, 2);
        tix_tensor i = UT_T(idx, DT_I64, 2, 1);
        tix_tensor o = UT_T(out, DT_I32, 2, 2);
        EXPECT_OK(tix_gather_nd(&d, &i, 1, &o, NULL));
        EXPECT_I32(out, 2, 3, 4, 5);
        memset(out, 0, sizeof out);
        EXPECT_OK(tix_gather_nd(&d, &i, -1, &o, NULL));
        EXPECT_I32(out, 2, 3, 4, 5);
        s = ut_garbage_tensor();
        EXPECT_OK(tix_gather_nd_shape(&d, &i, 1, &s, NULL));
        EXPECT_SHAPE(&s, DT_I32, 2, 2);
        /* batch_dims -2 is 0: rows 1 and 0 of the first dimension */
        tix_tensor o0 = UT_T(out, DT_I32, 2, 2, 2);
        EXPECT_OK(tix_gather_nd(&d, &i, -2, &o0, NULL));
        EXPECT_I32(out, 4, 5, 6, 7, 0, 1, 2, 3);
    }
    /* float32 node test */
    {
        float data[] = {0, 1, 2, 3, 4, 5, 6, 7};
        int64_t idx[] = {0, 1, 1, 0};
        float fout[4];
        tix_tensor d = UT_T(data, DT_F32, 2, 2, 2);
        tix_tensor i = UT_T(idx, DT_I64, 2, 1, 2);
        tix_tensor o = UT_T(fout, DT_F32, 2, 1, 2);
        EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, NULL));
        EXPECT_F32(fout, 2, 3, 4, 5);
    }
}

/* k = 0 takes whole slices; rank-1 indices give a single tuple. */
static void test_k0_and_rank1_indices(void** state) {
    (void)state;
    int16_t data[] = {1, 2, 3, 4};
    int16_t out[12];
    tix_tensor d = UT_T(data, DT_I16, 2, 2);

    /* indices [3, 0]: output [3, 2, 2], three copies of data (indices data may be NULL) */
    tix_tensor i = UT_T(NULL, DT_I64, 3, 0);
    tix_tensor o = UT_T(out, DT_I16, 3, 2, 2);
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, NULL));
    EXPECT_I16(out, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4);
    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_nd_shape(&d, &i, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_I16, 3, 2, 2);

    /* k = 0 with batch_dims 1: indices [2, 0] -> output [2, 2], rows of data */
    i = UT_T(NULL, DT_I32, 2, 0);
    o = UT_T(out, DT_I16, 2, 2);
    EXPECT_OK(tix_gather_nd(&d, &i, 1, &o, NULL));
    EXPECT_I16(out, 1, 2, 3, 4);

    /* rank-1 indices {1, 0}: k = 2 = r, output rank 0 */
    int8_t one_tuple[] = {1, 0};
    i = UT_T(one_tuple, DT_I8, 2);
    int16_t scalar = 0;
    o = ut_scalar(&scalar, DT_I16);
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, NULL));
    assert_int_equal(scalar, 3);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_nd_shape(&d, &i, 0, &s, NULL));
    EXPECT_SHAPE_SCALAR(&s, DT_I16);

    /* rank-1 indices {-1}: k = 1, output [2] = the last row */
    int8_t last[] = {-1};
    i = UT_T(last, DT_I8, 1);
    o = UT_T(out, DT_I16, 2);
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, NULL));
    EXPECT_I16(out, 3, 4);
}

/* batch_dims 2 on rank 3 data; batch dims must be equal. */
static void test_batch_dims(void** state) {
    (void)state;
    int32_t data[12];
    for (int k = 0; k < 12; ++k) {
        data[k] = k;
    }
    /* data [2, 2, 3], indices [2, 2, 1], b = 2: out[a, b] = data[a, b, idx[a, b, 0]] */
    uint16_t idx[] = {2, 0, 1, 1};
    int32_t out[4];
    tix_tensor d = UT_T(data, DT_I32, 2, 2, 3);
    tix_tensor i = UT_T(idx, DT_U16, 2, 2, 1);
    tix_tensor o = UT_T(out, DT_I32, 2, 2);
    EXPECT_OK(tix_gather_nd(&d, &i, 2, &o, NULL));
    EXPECT_I32(out, 2, 3, 7, 10);
    memset(out, 0, sizeof out);
    EXPECT_OK(tix_gather_nd(&d, &i, -1, &o, NULL));
    EXPECT_I32(out, 2, 3, 7, 10);

    /* batch_dims 1 with 2-component tuples: indices [2, 2] -> output [2] */
    int64_t idx2[] = {1, 2, 0, 1};
    o = UT_T(out, DT_I32, 2);
    i = UT_T(idx2, DT_I64, 2, 2);
    EXPECT_OK(tix_gather_nd(&d, &i, 1, &o, NULL));
    EXPECT_I32(out, 5, 7);

    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    /* unequal batch dimension */
    int64_t idx3[6] = {0, 0, 0, 0, 0, 0};
    i = UT_T(idx3, DT_I64, 3, 2);
    o = UT_T(out, DT_I32, 3);
    EXPECT_STATUS(tix_gather_nd(&d, &i, 1, &o, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "indices|batch_dims");
    /* batch_dims must be <= q - 1, < r, >= -q */
    i = UT_T(idx2, DT_I64, 2, 2);
    tix_tensor s = ut_garbage_tensor();
    EXPECT_STATUS(tix_gather_nd_shape(&d, &i, 2, &s, &opt), TIX_STATUS_INVALID_BATCH_DIMS);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims");
    EXPECT_STATUS(tix_gather_nd_shape(&d, &i, -3, &s, &opt), TIX_STATUS_INVALID_BATCH_DIMS);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims");
    tix_tensor d1 = UT_T(NULL, DT_I32, 2);
    tix_tensor i1 = UT_T(NULL, DT_I64, 2, 1);
    EXPECT_STATUS(tix_gather_nd_shape(&d1, &i1, 1, &s, &opt), TIX_STATUS_INVALID_BATCH_DIMS);
    /* k > r - b */
    tix_tensor i4 = UT_T(NULL, DT_I64, 2, 3);
    EXPECT_STATUS(tix_gather_nd_shape(&d, &i4, 1, &s, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "indices");
    tix_tensor i5 = UT_T(NULL, DT_I64, 2, 4);
    EXPECT_STATUS(tix_gather_nd_shape(&d, &i5, 0, &s, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "indices");
    /* rank-0 indices */
    tix_tensor i0 = ut_scalar(NULL, DT_I64);
    EXPECT_STATUS(tix_gather_nd_shape(&d, &i0, 0, &s, &opt), TIX_STATUS_INVALID_RANK);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_RANK, "indices");
}

/* Every out-of-range and negative-indices mode: tuples [3], [10], [-2], [-7] into 5 elements. */
static void test_out_of_range_modes(void** state) {
    (void)state;
    int32_t data[] = {1, 2, 3, 4, 5};
    int64_t idx[] = {3, 10, -2, -7};
    int32_t out[4];
    tix_tensor d = UT_T(data, DT_I32, 5);
    tix_tensor i = UT_T(idx, DT_I64, 4, 1);
    tix_tensor o = UT_T(out, DT_I32, 4);
    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);

    EXPECT_STATUS(tix_gather_nd(&d, &i, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 1, 10, NULL, "= 10 is outside [-5, 4]");
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 4, 0, 4, 0);
    int32_t fill = 42;
    opt.fill_value = &fill;
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 4, 42, 4, 42);
    opt.fill_value = NULL;
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 4, 5, 4, 1);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 4, 1, 4, 4);
    opt.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE;
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 4, 0, 0, 0);
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 4, 5, 1, 1);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_I32(out, 4, 1, 4, 4);
    opt.out_of_range = TIX_OUT_OF_RANGE_ERROR;
    idx[1] = 0;
    EXPECT_STATUS(tix_gather_nd(&d, &i, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 2, -2, NULL, "= -2 is outside [0, 4]");

    /* Each component is resolved against its own dimension: data [3, 4], IGNORE fills a whole
     * tuple when any component is out of range. */
    int32_t d34[12];
    for (int k = 0; k < 12; ++k) {
        d34[k] = k;
    }
    int64_t pairs[] = {0, 5, -1, -6, 2, 3};
    int32_t out3[3];
    d = UT_T(d34, DT_I32, 3, 4);
    i = UT_T(pairs, DT_I64, 3, 2);
    o = UT_T(out3, DT_I32, 3);
    opt = ut_opts_diag(&diag);
    EXPECT_STATUS(tix_gather_nd(&d, &i, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 1, 5, NULL, "= 5 is outside [-4, 3]");
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    /* (0, 3) = 3; (2, -6 + 4 = -2 -> 0) = 8; (2, 3) = 11 */
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_I32(out3, 3, 8, 11);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    /* (0, 5 mod 4 = 1) = 1; (2, -6 mod 4 = 2) = 10; 11 */
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_I32(out3, 1, 10, 11);
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_I32(out3, 0, 0, 11);

    /* uint64 above INT64_MAX */
    uint64_t big[] = {2, UINT64_MAX, (uint64_t)1 << 63, 1};
    int32_t out4[2];
    d = UT_T(data, DT_I32, 5);
    i = UT_T(big, DT_U64, 2, 2);
    d = UT_T(d34, DT_I32, 3, 4);
    o = UT_T(out4, DT_I32, 2);
    opt = ut_opts_diag(&diag);
    EXPECT_STATUS(tix_gather_nd(&d, &i, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 1, -1, NULL, NULL);
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    /* (2, 3) = 11; (2, 1) = 9 */
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_I32(out4, 11, 9);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    /* (2, (2^64 - 1) mod 4 = 3) = 11; (2^63 mod 3 = 2, 1) = 9 */
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_I32(out4, 11, 9);
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_I32(out4, 0, 0);
}

/* IGNORE fills a whole slice with the fill value. */
static void test_fill_slices(void** state) {
    (void)state;
    double data[] = {1, 2, 3, 4, 5, 6};
    int32_t idx[] = {1, 7, -3};
    double out[6];
    double fill = -0.5;
    tix_tensor d = UT_T(data, DT_F64, 3, 2);
    tix_tensor i = UT_T(idx, DT_I32, 3, 1);
    tix_tensor o = UT_T(out, DT_F64, 3, 2);
    tix_options opt = ut_opts();
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    opt.fill_value = &fill;
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_F64(out, 3, 4, -0.5, -0.5, 1, 2);
}

/* Zero sizes. */
static void test_zero_size(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4, 5, 6};
    unsigned char sentinel[32];
    memset(sentinel, 0xEE, sizeof sentinel);
    tix_tensor d = UT_T(data, DT_F32, 3, 2);

    /* no tuples: output [0, 2] */
    tix_tensor i = UT_T(NULL, DT_I64, 0, 1);
    tix_tensor o = UT_T(sentinel, DT_F32, 0, 2);
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, NULL));
    assert_true(ut_all_bytes(sentinel, sizeof sentinel, 0xEE));
    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_nd_shape(&d, &i, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 0, 2);

    /* data [3, 0]: slices are empty */
    int64_t idx[] = {2, 0};
    d = UT_T(NULL, DT_F32, 3, 0);
    i = UT_T(idx, DT_I64, 2, 1);
    o = UT_T(sentinel, DT_F32, 2, 0);
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, NULL));
    assert_true(ut_all_bytes(sentinel, sizeof sentinel, 0xEE));

    /* a tuple into an empty dimension */
    int64_t zero[] = {0};
    float one_out = 5;
    d = UT_T(NULL, DT_F32, 0);
    i = UT_T(zero, DT_I64, 1, 1);
    o = UT_T(&one_out, DT_F32, 1);
    EXPECT_STATUS(tix_gather_nd(&d, &i, 0, &o, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
    tix_options opt = ut_opts();
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_STATUS(tix_gather_nd(&d, &i, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_STATUS(tix_gather_nd(&d, &i, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, &opt));
    EXPECT_F32(&one_out, 0);
}

/* Strided views: transposed data, tuples read through a column-major indices view. */
static void test_strided_views(void** state) {
    (void)state;
    /* buf is 3x4 = 0..11; the view is its 4x3 transpose */
    int32_t buf[12];
    for (int k = 0; k < 12; ++k) {
        buf[k] = k;
    }
    tix_tensor d = ut_tensor(buf, DT_I32, 2, UT_DIMS(4, 3), UT_DIMS(1, 4));
    /* tuples (3, 2), (0, 1), (1, 0) stored column-major: components {3, 0, 1} then {2, 1, 0} */
    int64_t cols[] = {3, 0, 1, 2, 1, 0};
    tix_tensor i = ut_tensor(cols, DT_I64, 2, UT_DIMS(3, 2), UT_DIMS(1, 3));
    int32_t out[3];
    tix_tensor o = UT_T(out, DT_I32, 3);
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, NULL));
    /* view[r, c] = buf[c * 4 + r] */
    EXPECT_I32(out, 11, 4, 1);

    /* slices through a negative-stride view, into a padded output */
    tix_tensor rd = ut_tensor(buf + 8, DT_I32, 2, UT_DIMS(3, 4), UT_DIMS(-4, 1));
    int64_t rows[] = {0, 2};
    i = UT_T(rows, DT_I64, 2, 1);
    int32_t pad[10];
    for (int k = 0; k < 10; ++k) {
        pad[k] = -1;
    }
    o = ut_tensor(pad, DT_I32, 2, UT_DIMS(2, 4), UT_DIMS(5, 1));
    EXPECT_OK(tix_gather_nd(&rd, &i, 0, &o, NULL));
    EXPECT_I32(pad, 8, 9, 10, 11, -1, 0, 1, 2, 3, -1);
}

/* Shape inference reads nothing. */
static void test_shape_inference(void** state) {
    (void)state;
    tix_tensor d = UT_T(NULL, DT_C128, 4, 5, 6, 7);
    tix_tensor i = UT_T(NULL, DT_U8, 8, 9, 2);
    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_nd_shape(&d, &i, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_C128, 8, 9, 6, 7);

    i = UT_T(NULL, DT_U8, 4, 9, 3);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_nd_shape(&d, &i, 1, &s, NULL));
    EXPECT_SHAPE(&s, DT_C128, 4, 9);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_nd_shape(&d, &i, -2, &s, NULL));
    EXPECT_SHAPE(&s, DT_C128, 4, 9);

    /* huge dimensions: data [2^20, 2^20, 8], tuples of 2 -> [5, 8] */
    d = UT_T(NULL, DT_F64, (int64_t)1 << 20, (int64_t)1 << 20, 8);
    i = UT_T(NULL, DT_I64, 5, 2);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_nd_shape(&d, &i, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F64, 5, 8);

    /* a reduction is rejected */
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_ADD;
    EXPECT_STATUS(tix_gather_nd_shape(&d, &i, 0, &s, &opt), TIX_STATUS_INVALID_OPTION);
}

/* Slices of 4 to 128 bytes addressed by pairs of int32 or int64 indices go through the shortest
 * loop (each pair resolved inside the copy), a pair that needs the general rules resolved by
 * them in the loop, which goes on after it; an error stops it, and the general path reports it.
 * Every slice length around those sizes, index dtypes with and without that loop, every rule on
 * either component, with and without batch_dims, slices that straddle cache lines (data one
 * element off), pairs whose components lie apart (transposed indices), padded output rows, a
 * pool. */
static void test_fused_pairs(void** state) {
    (void)state;
    enum { P = 40, Q = 30, M = 900, B = 2, K = 32 };
    static const int64_t widths[] = {1, 2, 3, 4, 8, 16, 32};
    static const tix_dtype index_dtypes[] = {DT_I64, DT_I32, DT_I16};
    static const struct {
        tix_negative_indices negative;
        tix_out_of_range rule;
        bool clean; /* every pair in range */
    } rules[] = {
        {TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_IGNORE, false},
        {TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_CLAMP, false},
        {TIX_NEGATIVE_OUT_OF_RANGE, TIX_OUT_OF_RANGE_WRAP, false},
        {TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, false},
        {TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, true},
    };
    float* data = malloc(sizeof(float) * (B * P * Q * K + 1));
    float* out = malloc(sizeof(float) * B * M * (K + 1));
    float* want = malloc(sizeof(float) * B * M * (K + 1));
    int64_t* values = malloc(sizeof(int64_t) * B * M * 2);
    void* idx = malloc(sizeof(int64_t) * B * M * 2);
    assert_true(data && out && want && values && idx);
    for (int64_t e = 0; e < B * P * Q * K + 1; e++) data[e] = (float)e;
    const float fill = -0.5f;
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        int64_t k = widths[w];
        for (int batch = 0; batch < 2; batch++) {
            int64_t bs = batch ? B : 1;
            for (size_t u = 0; u < sizeof rules / sizeof rules[0]; u++) {
                for (int64_t q = 0; q < bs * M; q++) {
                    int64_t r = q % M;
                    values[2 * q] = (r * 7919 + q / M) % P;
                    values[2 * q + 1] = (r * 104729 + 3) % Q;
                    if (rules[u].clean) continue;
                    if (r % 97 == 3) values[2 * q] = -1 - r % P;     /* negative */
                    if (r % 89 == 5) values[2 * q + 1] = -1 - r % Q; /* negative */
                    if (r == 300) values[2 * q] = P + 2;             /* out of range */
                    if (r == 301 || r == 640) values[2 * q + 1] = Q; /* out of range */
                    if (r == 700) values[2 * q + 1] = -Q - 3;        /* too negative */
                }
                for (int layout = 0; layout < 4; layout++) {
                    bool misaligned = layout & 1, apart = layout & 2;
                    const float* d0 = data + misaligned;
                    tix_tensor d =
                        batch ? ut_tensor((void*)d0, DT_F32, 4, UT_DIMS(B, P, Q, k), NULL)
                              : ut_tensor((void*)d0, DT_F32, 3, UT_DIMS(P, Q, k), NULL);
                    int64_t orow = apart ? k + 1 : k; /* padded output rows */
                    tix_tensor o = batch ? ut_tensor(out, DT_F32, 3, UT_DIMS(B, M, k),
                                                     UT_DIMS(M * orow, orow, 1))
                                         : ut_tensor(out, DT_F32, 2, UT_DIMS(M, k),
                                                     UT_DIMS(orow, 1));
                    /* apart: component c of pair q at c * bs * M + q, else at 2 * q + c */
                    int64_t ps = apart ? 1 : 2, cs = apart ? bs * M : 1;
                    for (size_t x = 0; x < sizeof index_dtypes / sizeof index_dtypes[0]; x++) {
                        for (int64_t q = 0; q < bs * M; q++) {
                            for (int64_t c = 0; c < 2; c++) {
                                ut_store_index(idx, index_dtypes[x], q * ps + c * cs,
                                               values[2 * q + c]);
                            }
                        }
                        tix_tensor i = batch ? ut_tensor(idx, index_dtypes[x], 3, UT_DIMS(B, M, 2),
                                                         UT_DIMS(M * ps, ps, cs))
                                             : ut_tensor(idx, index_dtypes[x], 2, UT_DIMS(M, 2),
                                                         UT_DIMS(ps, cs));
                        bool fails = false;
                        for (int64_t q = 0; q < B * M * orow; q++) want[q] = 1234.0f; /* padding */
                        for (int64_t q = 0; q < bs * M; q++) {
                            int64_t a = ut_rule_position(values[2 * q], P, rules[u].negative,
                                                         rules[u].rule);
                            int64_t b = ut_rule_position(values[2 * q + 1], Q, rules[u].negative,
                                                         rules[u].rule);
                            fails = fails || a == -2 || b == -2;
                            for (int64_t e = 0; e < k; e++) {
                                want[q * orow + e] = a < 0 || b < 0
                                                         ? fill
                                                         : d0[((q / M * P + a) * Q + b) * k + e];
                            }
                        }
                        for (int threads = 1; threads <= 2; threads++) {
                            tix_options opt = ut_opts();
                            opt.negative_indices = rules[u].negative;
                            opt.out_of_range = rules[u].rule;
                            opt.fill_value = &fill;
                            opt.executor = threads == 2 ? &executor : NULL;
                            for (int64_t q = 0; q < B * M * orow; q++) out[q] = 1234.0f;
                            ut_expect_outcome(tix_gather_nd(&d, &i, batch, &o, &opt), fails, out, want,
                                              sizeof(float) * bs * M * orow);
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
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_onnx_examples), cmocka_unit_test(test_k0_and_rank1_indices),
        cmocka_unit_test(test_batch_dims),    cmocka_unit_test(test_out_of_range_modes),
        cmocka_unit_test(test_fill_slices),   cmocka_unit_test(test_zero_size),
        cmocka_unit_test(test_strided_views), cmocka_unit_test(test_shape_inference),
        cmocka_unit_test(test_fused_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
