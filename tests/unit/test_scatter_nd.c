/* tix_scatter_nd and tix_scatter_nd_shape: the OpenVINO ScatterNDUpdate-3 examples (= ONNX
 * ScatterND examples), the ONNX ScatterND reduction node tests, OpenVINO ScatterNDUpdate-15
 * (negative indices, sum on float16, sub, prod), duplicates under every reduction, rank-0
 * updates, k = 0, batch_dims, every out-of-range mode, zero sizes and shape inference. */
#include "unit.h"

static const int32_t k_data444[64] = {
    1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1,
    8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8};
static const int32_t k_upd244[32] = {5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8,
                                     1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4};

/* OpenVINO ScatterNDUpdate-3 examples 1 and 2 (int32, int32 indices) and the same as the ONNX
 * ScatterND examples (float32, int64 indices). */
static void test_openvino_onnx_examples(void** state) {
    (void)state;
    {
        int32_t data[] = {1, 2, 3, 4, 5, 6, 7, 8};
        int32_t idx[] = {4, 3, 1, 7};
        int32_t upd[] = {9, 10, 11, 12};
        int32_t out[8];
        tix_tensor d = UT_T(data, DT_I32, 8);
        tix_tensor i = UT_T(idx, DT_I32, 4, 1);
        tix_tensor u = UT_T(upd, DT_I32, 4);
        tix_tensor o = UT_T(out, DT_I32, 8);
        EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, NULL));
        EXPECT_I32(out, 1, 11, 3, 10, 9, 6, 7, 12);

        float fdata[] = {1, 2, 3, 4, 5, 6, 7, 8};
        int64_t fidx[] = {4, 3, 1, 7};
        float fupd[] = {9, 10, 11, 12};
        float fout[8];
        d = UT_T(fdata, DT_F32, 8);
        i = UT_T(fidx, DT_I64, 4, 1);
        u = UT_T(fupd, DT_F32, 4);
        o = UT_T(fout, DT_F32, 8);
        EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, NULL));
        EXPECT_F32(fout, 1, 11, 3, 10, 9, 6, 7, 12);
    }
    {
        int32_t idx[] = {0, 2};
        int32_t out[64];
        tix_tensor d = UT_T((void*)k_data444, DT_I32, 4, 4, 4);
        tix_tensor i = UT_T(idx, DT_I32, 2, 1);
        tix_tensor u = UT_T((void*)k_upd244, DT_I32, 2, 4, 4);
        tix_tensor o = UT_T(out, DT_I32, 4, 4, 4);
        EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, NULL));
        for (int k = 0; k < 16; ++k) {
            assert_int_equal(out[k], k_upd244[k]);
            assert_int_equal(out[16 + k], k_data444[16 + k]);
            assert_int_equal(out[32 + k], k_upd244[16 + k]);
            assert_int_equal(out[48 + k], k_data444[48 + k]);
        }
        tix_tensor s = ut_garbage_tensor();
        EXPECT_OK(tix_scatter_nd_shape(&d, &i, &u, 0, &s, NULL));
        EXPECT_SHAPE(&s, DT_I32, 4, 4, 4);
    }
}

/* ONNX test_scatternd_add/multiply/max/min: indices [[0], [0]] on the 4x4x4 data. */
static void test_onnx_reduction_node_tests(void** state) {
    (void)state;
    float data[64], upd[32], out[64];
    for (int k = 0; k < 64; ++k) {
        data[k] = (float)k_data444[k];
    }
    for (int k = 0; k < 32; ++k) {
        upd[k] = (float)k_upd244[k];
    }
    int64_t idx[] = {0, 0};
    tix_tensor d = UT_T(data, DT_F32, 4, 4, 4);
    tix_tensor i = UT_T(idx, DT_I64, 2, 1);
    tix_tensor u = UT_T(upd, DT_F32, 2, 4, 4);
    tix_tensor o = UT_T(out, DT_F32, 4, 4, 4);
    tix_options opt = ut_opts();

    opt.reduction = TIX_REDUCTION_ADD;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    EXPECT_F32(out, 7, 8, 9, 10, 13, 14, 15, 16, 18, 17, 16, 15, 16, 15, 14, 13);
    for (int k = 16; k < 64; ++k) {
        assert_true(out[k] == data[k]);
    }
    opt.reduction = TIX_REDUCTION_MUL;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    EXPECT_F32(out, 5, 10, 15, 20, 60, 72, 84, 96, 168, 147, 126, 105, 128, 96, 64, 32);
    opt.reduction = TIX_REDUCTION_MAX;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    EXPECT_F32(out, 5, 5, 5, 5, 6, 6, 7, 8, 8, 7, 7, 7, 8, 8, 8, 8);
    opt.reduction = TIX_REDUCTION_MIN;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    EXPECT_F32(out, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 3, 2, 1);
    for (int k = 16; k < 64; ++k) {
        assert_true(out[k] == data[k]);
    }

    /* ONNX ScatterND example 2 in float32: indices [[0], [2]], no reduction */
    int64_t idx2[] = {0, 2};
    i = UT_T(idx2, DT_I64, 2, 1);
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, NULL));
    for (int k = 0; k < 16; ++k) {
        assert_true(out[k] == upd[k]);
        assert_true(out[16 + k] == data[16 + k]);
        assert_true(out[32 + k] == upd[16 + k]);
        assert_true(out[48 + k] == data[48 + k]);
    }
}

/* Strings move by pointer through gather_nd and scatter_nd. */
static void test_strings(void** state) {
    (void)state;
    const char* words[] = {"a", "b", "c", "d"};
    const char* news[] = {"x", "y"};
    const char* out[4];
    int64_t idx[] = {1, 1, 0, 0};
    tix_tensor d = UT_T(words, DT_STR, 2, 2);
    tix_tensor i = UT_T(idx, DT_I64, 2, 2);
    tix_tensor u = UT_T(news, DT_STR, 2);
    tix_tensor o = UT_T(out, DT_STR, 2, 2);
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, NULL));
    EXPECT_PTR(out, news[1], words[1], words[2], news[0]);
    const char* g[2];
    o = UT_T(g, DT_STR, 2);
    EXPECT_OK(tix_gather_nd(&d, &i, 0, &o, NULL));
    EXPECT_PTR(g, words[3], words[0]);
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_MIN;
    o = UT_T(out, DT_STR, 2, 2);
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 0, &o, &opt), TIX_STATUS_UNSUPPORTED_REDUCTION);
}

/* OpenVINO ScatterNDUpdate-15. The text example has negative indices (-4 writes position 4
 * again, after 9: 14 wins; the page's "4" there is a doc bug). The XML examples use indices
 * [0, 2, -3, -3, 0] on [1, 2, 3, 4] with updates [10, 20, 30, 40, 50]: none -> [50, 40, 20, 4]
 * (last wins; the page's [50, 20, 20, 4] is a doc bug), sum on float16 -> [61, 72, 23, 4],
 * sub on int32 -> [-59, -68, -17, 4], prod on float32 -> [500, 2400, 60, 4] (the page's
 * [500, 3600, 40, 4] mixes up positions 1 and 2). */
static void test_openvino_scatter_nd_update15(void** state) {
    (void)state;
    {
        int32_t data[] = {1, 2, 3, 4, 5, 6, 7, 8};
        int64_t idx[] = {4, 3, 1, 7, -2, -4};
        int32_t upd[] = {9, 10, 11, 12, 13, 14};
        int32_t out[8];
        tix_tensor d = UT_T(data, DT_I32, 8);
        tix_tensor i = UT_T(idx, DT_I64, 6, 1);
        tix_tensor u = UT_T(upd, DT_I32, 6);
        tix_tensor o = UT_T(out, DT_I32, 8);
        EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, NULL));
        EXPECT_I32(out, 1, 11, 3, 10, 14, 6, 13, 12);
    }
    int32_t idx[] = {0, 2, -3, -3, 0};
    tix_tensor i = UT_T(idx, DT_I32, 5, 1);
    tix_options opt = ut_opts();
    {
        float data[] = {1, 2, 3, 4};
        float upd[] = {10, 20, 30, 40, 50};
        float out[4];
        tix_tensor d = UT_T(data, DT_F32, 4);
        tix_tensor u = UT_T(upd, DT_F32, 5);
        tix_tensor o = UT_T(out, DT_F32, 4);
        EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, 50, 40, 20, 4);
        opt.reduction = TIX_REDUCTION_MUL;
        EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, 500, 2400, 60, 4);
    }
    {
        /* float16: 1, 2, 3, 4 and 10, 20, 30, 40, 50; 61 = 0x53A0, 72 = 0x5480, 23 = 0x4DC0 */
        uint16_t data[] = {0x3C00, 0x4000, 0x4200, 0x4400};
        uint16_t upd[] = {0x4900, 0x4D00, 0x4F80, 0x5100, 0x5240};
        uint16_t out[4];
        tix_tensor d = UT_T(data, DT_F16, 4);
        tix_tensor u = UT_T(upd, DT_F16, 5);
        tix_tensor o = UT_T(out, DT_F16, 4);
        opt.reduction = TIX_REDUCTION_ADD;
        EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
        EXPECT_U16(out, 0x53A0, 0x5480, 0x4DC0, 0x4400);
    }
    {
        int32_t data[] = {1, 2, 3, 4};
        int32_t upd[] = {10, 20, 30, 40, 50};
        int32_t out[4];
        tix_tensor d = UT_T(data, DT_I32, 4);
        tix_tensor u = UT_T(upd, DT_I32, 5);
        tix_tensor o = UT_T(out, DT_I32, 4);
        opt.reduction = TIX_REDUCTION_SUB;
        EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
        EXPECT_I32(out, -59, -68, -17, 4);
        opt.exclude_self = true;
        EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
        EXPECT_I32(out, -60, -70, -20, 4);
    }
}

/* Duplicates under every reduction, with and without exclude_self: row tuples into [3, 2]. */
static void run_reduction(tix_reduction reduction, bool exclude_self, const int32_t want[6]) {
    int32_t data[] = {1, 2, 3, 4, 5, 6};
    uint8_t idx[] = {0, 2, 0};
    int32_t upd[] = {10, -20, 30, 40, -50, 60};
    int32_t out[6];
    memset(out, 0, sizeof out);
    tix_tensor d = UT_T(data, DT_I32, 3, 2);
    tix_tensor i = UT_T(idx, DT_U8, 3, 1);
    tix_tensor u = UT_T(upd, DT_I32, 3, 2);
    tix_tensor o = UT_T(out, DT_I32, 3, 2);
    tix_options opt = ut_opts();
    opt.reduction = reduction;
    opt.exclude_self = exclude_self;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    for (int k = 0; k < 6; ++k) {
        if (out[k] != want[k]) {
            print_error("reduction %d exclude_self %d: element %d is %d, expected %d\n",
                        (int)reduction, (int)exclude_self, k, (int)out[k], (int)want[k]);
            fail();
        }
    }
}

static void test_duplicates_every_reduction(void** state) {
    (void)state;
    run_reduction(TIX_REDUCTION_NONE, false, (const int32_t[]){-50, 60, 3, 4, 30, 40});
    run_reduction(TIX_REDUCTION_NONE, true, (const int32_t[]){-50, 60, 3, 4, 30, 40});
    run_reduction(TIX_REDUCTION_ADD, false, (const int32_t[]){-39, 42, 3, 4, 35, 46});
    run_reduction(TIX_REDUCTION_ADD, true, (const int32_t[]){-40, 40, 3, 4, 30, 40});
    run_reduction(TIX_REDUCTION_SUB, false, (const int32_t[]){41, -38, 3, 4, -25, -34});
    run_reduction(TIX_REDUCTION_SUB, true, (const int32_t[]){40, -40, 3, 4, -30, -40});
    run_reduction(TIX_REDUCTION_MUL, false, (const int32_t[]){-500, -2400, 3, 4, 150, 240});
    run_reduction(TIX_REDUCTION_MUL, true, (const int32_t[]){-500, -1200, 3, 4, 30, 40});
    run_reduction(TIX_REDUCTION_MIN, false, (const int32_t[]){-50, -20, 3, 4, 5, 6});
    run_reduction(TIX_REDUCTION_MIN, true, (const int32_t[]){-50, -20, 3, 4, 30, 40});
    run_reduction(TIX_REDUCTION_MAX, false, (const int32_t[]){10, 60, 3, 4, 30, 40});
    run_reduction(TIX_REDUCTION_MAX, true, (const int32_t[]){10, 60, 3, 4, 30, 40});
    run_reduction(TIX_REDUCTION_MEAN, false, (const int32_t[]){-13, 14, 3, 4, 17, 23});
    run_reduction(TIX_REDUCTION_MEAN, true, (const int32_t[]){-20, 20, 3, 4, 30, 40});
}

/* Element tuples with duplicates (k = r): float mean and bool. */
static void test_element_tuples(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4};
    int64_t idx[] = {1, 1, 0, 0, 1, 1, -1, -1};
    float upd[] = {2, 3, 4, 10};
    float out[4];
    tix_tensor d = UT_T(data, DT_F32, 2, 2);
    tix_tensor i = UT_T(idx, DT_I64, 4, 2);
    tix_tensor u = UT_T(upd, DT_F32, 4);
    tix_tensor o = UT_T(out, DT_F32, 2, 2);
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_MEAN;
    /* (1 + 3) / 2 = 2; (4 + 2 + 4 + 10) / 4 = 5 */
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    EXPECT_F32(out, 2, 2, 3, 5);
    opt.exclude_self = true;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    EXPECT_F32(out, 3, 2, 3, 16.0f / 3.0f);

    uint8_t bdata[] = {0, 1, 1, 0};
    uint8_t bupd[] = {1, 1, 1, 1};
    uint8_t bout[4];
    d = UT_T(bdata, DT_BOOL, 2, 2);
    u = UT_T(bupd, DT_BOOL, 4);
    o = UT_T(bout, DT_BOOL, 2, 2);
    opt = ut_opts();
    opt.reduction = TIX_REDUCTION_SUB;
    /* xor: [0,0] ^= 1 -> 1; [1,1] ^= 1 ^ 1 ^ 1 -> 1 */
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    assert_true(bout[0] != 0 && bout[1] != 0 && bout[2] != 0 && bout[3] != 0);
    opt.reduction = TIX_REDUCTION_MEAN;
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 0, &o, &opt), TIX_STATUS_UNSUPPORTED_REDUCTION);
}

/* Rank-0 updates (q = 1, k = r), k = 0 (whole data per tuple), and batch_dims. */
static void test_rank0_k0_batch(void** state) {
    (void)state;
    int64_t data[] = {10, 20, 30, 40};
    int64_t out[4];
    tix_tensor d = UT_T(data, DT_I64, 4);

    int32_t tuple[] = {-2};
    int64_t one = 99;
    tix_tensor i = UT_T(tuple, DT_I32, 1);
    tix_tensor u = ut_scalar(&one, DT_I64);
    tix_tensor o = UT_T(out, DT_I64, 4);
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, NULL));
    EXPECT_I64(out, 10, 20, 99, 40);
    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_scatter_nd_shape(&d, &i, &u, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_I64, 4);
    /* a one-element rank-1 update is not rank 0 */
    u = UT_T(&one, DT_I64, 1);
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 0, &o, NULL), TIX_STATUS_SHAPE_MISMATCH);

    /* k = 0: indices [2, 0], updates [2, 4]: each tuple addresses all of data */
    int64_t upd[] = {1, 2, 3, 4, 5, 6, 7, 8};
    i = UT_T(NULL, DT_I64, 2, 0);
    u = UT_T(upd, DT_I64, 2, 4);
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, NULL));
    EXPECT_I64(out, 5, 6, 7, 8);
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_ADD;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    EXPECT_I64(out, 16, 28, 40, 52);

    /* batch_dims 1: data [2, 3], indices [2, 1], updates [2] */
    int64_t d23[] = {0, 0, 0, 0, 0, 0};
    int16_t bidx[] = {2, -3};
    int64_t bupd[] = {7, 8};
    int64_t bout[6];
    d = UT_T(d23, DT_I64, 2, 3);
    i = UT_T(bidx, DT_I16, 2, 1);
    u = UT_T(bupd, DT_I64, 2);
    o = UT_T(bout, DT_I64, 2, 3);
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 1, &o, NULL));
    EXPECT_I64(bout, 0, 0, 7, 8, 0, 0);
    memset(bout, 0, sizeof bout);
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, -1, &o, NULL));
    EXPECT_I64(bout, 0, 0, 7, 8, 0, 0);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_scatter_nd_shape(&d, &i, &u, 1, &s, NULL));
    EXPECT_SHAPE(&s, DT_I64, 2, 3);
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 2, &o, NULL), TIX_STATUS_INVALID_BATCH_DIMS);
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, -3, &o, NULL), TIX_STATUS_INVALID_BATCH_DIMS);
}

/* Every out-of-range and negative-indices mode with add: tuples [3], [10], [-2], [-7] into 5. */
static void run_mode(tix_negative_indices neg, tix_out_of_range oor, const int32_t want[5]) {
    int32_t data[5] = {0, 0, 0, 0, 0};
    int64_t idx[] = {3, 10, -2, -7};
    int32_t upd[] = {1, 2, 3, 4};
    int32_t out[5] = {-9, -9, -9, -9, -9};
    tix_tensor d = UT_T(data, DT_I32, 5);
    tix_tensor i = UT_T(idx, DT_I64, 4, 1);
    tix_tensor u = UT_T(upd, DT_I32, 4);
    tix_tensor o = UT_T(out, DT_I32, 5);
    tix_options opt = ut_opts();
    opt.negative_indices = neg;
    opt.out_of_range = oor;
    opt.reduction = TIX_REDUCTION_ADD;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    ut_expect_i32_(out, want, 5, __FILE__, __LINE__);
}

static void test_out_of_range_modes(void** state) {
    (void)state;
    run_mode(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_IGNORE, (const int32_t[]){0, 0, 0, 4, 0});
    run_mode(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_CLAMP, (const int32_t[]){4, 0, 0, 4, 2});
    run_mode(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_WRAP, (const int32_t[]){2, 0, 0, 8, 0});
    run_mode(TIX_NEGATIVE_OUT_OF_RANGE, TIX_OUT_OF_RANGE_IGNORE, (const int32_t[]){0, 0, 0, 1, 0});
    run_mode(TIX_NEGATIVE_OUT_OF_RANGE, TIX_OUT_OF_RANGE_CLAMP, (const int32_t[]){7, 0, 0, 1, 2});
    run_mode(TIX_NEGATIVE_OUT_OF_RANGE, TIX_OUT_OF_RANGE_WRAP, (const int32_t[]){2, 0, 0, 8, 0});

    /* 2-component tuples into [3, 4]: each component against its own dimension; IGNORE drops
     * the tuple when any component is bad. */
    int32_t data[12] = {0};
    int64_t pairs[] = {0, 5, -1, -6, 2, 3};
    int32_t upd[] = {1, 2, 4};
    int32_t out[12];
    tix_tensor d = UT_T(data, DT_I32, 3, 4);
    tix_tensor i = UT_T(pairs, DT_I64, 3, 2);
    tix_tensor u = UT_T(upd, DT_I32, 3);
    tix_tensor o = UT_T(out, DT_I32, 3, 4);
    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    memset(out, 0x33, sizeof out);
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 1, 5, NULL, "= 5 is outside [-4, 3]");
    assert_true(ut_all_bytes(out, sizeof out, 0x33));
    opt.reduction = TIX_REDUCTION_ADD;
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 4);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 4);
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4);

    /* uint64 above INT64_MAX */
    uint64_t big[] = {2, UINT64_MAX, (uint64_t)1 << 63, 1, 0, 0};
    i = UT_T(big, DT_U64, 3, 2);
    opt.out_of_range = TIX_OUT_OF_RANGE_ERROR;
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 1, -1, NULL, NULL);
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 4, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1);
    /* (2, (2^64 - 1) mod 4 = 3), (2^63 mod 3 = 2, 1), (0, 0) */
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 4, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1);
}

/* Zero sizes and strided views. */
static void test_zero_size_and_strides(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4, 5, 6};
    float out[6] = {0};
    tix_tensor d = UT_T(data, DT_F32, 3, 2);
    tix_tensor i = UT_T(NULL, DT_I64, 0, 1);
    tix_tensor u = UT_T(NULL, DT_F32, 0, 2);
    tix_tensor o = UT_T(out, DT_F32, 3, 2);
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, NULL));
    EXPECT_F32(out, 1, 2, 3, 4, 5, 6);

    d = UT_T(NULL, DT_F32, 0, 2);
    o = UT_T(NULL, DT_F32, 0, 2);
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, NULL));

    int64_t zero = 0;
    float one = 1;
    d = UT_T(NULL, DT_F32, 0);
    i = UT_T(&zero, DT_I64, 1, 1);
    u = UT_T(&one, DT_F32, 1);
    o = UT_T(NULL, DT_F32, 0);
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 0, &o, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
    tix_options opt = ut_opts();
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));

    /* transposed data view, column-major indices, broadcast updates, padded output */
    int32_t buf[] = {1, 2, 3, 4, 5, 6};
    tix_tensor td = ut_tensor(buf, DT_I32, 2, UT_DIMS(2, 3), UT_DIMS(1, 2)); /* [[1,3,5],[2,4,6]] */
    int32_t cols[] = {1, 0, 2, 0}; /* tuples (1, 2), (0, 0) */
    tix_tensor ti = ut_tensor(cols, DT_I32, 2, UT_DIMS(2, 2), UT_DIMS(1, 2));
    int32_t minus = -7;
    tix_tensor tu = ut_tensor(&minus, DT_I32, 1, UT_DIMS(2), UT_DIMS(0));
    int32_t pad[8];
    for (int k = 0; k < 8; ++k) {
        pad[k] = 100;
    }
    tix_tensor to = ut_tensor(pad, DT_I32, 2, UT_DIMS(2, 3), UT_DIMS(4, 1));
    EXPECT_OK(tix_scatter_nd(&td, &ti, &tu, 0, &to, NULL));
    EXPECT_I32(pad, -7, 3, 5, 100, 2, 4, -7, 100);
    EXPECT_I32(buf, 1, 2, 3, 4, 5, 6);
}

/* Shape inference and shape checks. */
static void test_shape_inference_and_checks(void** state) {
    (void)state;
    tix_tensor d = UT_T(NULL, DT_BOOL, 4, 5, 6);
    tix_tensor i = UT_T(NULL, DT_I32, 7, 2);
    tix_tensor u = UT_T(NULL, DT_BOOL, 7, 6);
    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_scatter_nd_shape(&d, &i, &u, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_BOOL, 4, 5, 6);

    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    u = UT_T(NULL, DT_BOOL, 7, 5);
    EXPECT_STATUS(tix_scatter_nd_shape(&d, &i, &u, 0, &s, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "updates");
    u = UT_T(NULL, DT_U8, 7, 6);
    EXPECT_STATUS(tix_scatter_nd_shape(&d, &i, &u, 0, &s, &opt), TIX_STATUS_DTYPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_DTYPE_MISMATCH, "updates");
    /* k = 4 > r */
    i = UT_T(NULL, DT_I32, 7, 4);
    u = UT_T(NULL, DT_BOOL, 7);
    EXPECT_STATUS(tix_scatter_nd_shape(&d, &i, &u, 0, &s, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "indices");
    /* float indices */
    i = UT_T(NULL, DT_F64, 7, 3);
    EXPECT_STATUS(tix_scatter_nd_shape(&d, &i, &u, 0, &s, &opt), TIX_STATUS_INVALID_INDEX_DTYPE);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_INDEX_DTYPE, "indices");
    i = UT_T(NULL, DT_I32, 7, 3);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_scatter_nd_shape(&d, &i, &u, 0, &s, &opt));
    EXPECT_DIAG_RESET(&diag);
    EXPECT_SHAPE(&s, DT_BOOL, 4, 5, 6);
}

/* Scatters without reduction whose updates replace whole runs of at least 256 bytes of a dense
 * output run as one pass over the output (each run from the last update row that replaces it,
 * or from data). Data [R, 2, 64] of 1-, 4- and 16-byte elements; updates of k = 1 (a run of
 * 128 elements) and k = 2 (runs of 64), with duplicate tuples (the last in row-major order
 * wins), negative ones under wrap, out-of-range ones ignored and then clamped, every byte
 * compared with a plain loop, serially and on a pool of 2, out of place and in place; strided
 * updates (the passes) give the same; under the error rule a bad tuple fails with the output untouched, also where the
 * output is small enough beside the indices for the scatter to keep a copy of it instead of
 * checking first. */
enum { RUN_R = 300, RUN_N = 600 };

/* The expected output: data, then each update row in order over the run its tuple picks. */
static void runs_expected(const unsigned char* data, const unsigned char* upd, const int64_t* idx,
                          int k, size_t size, bool clamp, unsigned char* out) {
    size_t run = (size_t)(k == 1 ? 128 : 64) * size, runs = k == 1 ? RUN_R : RUN_R * 2;
    memcpy(out, data, (size_t)RUN_R * 128 * size);
    for (int u = 0; u < RUN_N; u++) {
        int64_t position = 0;
        bool skip = false;
        for (int t = 0; t < k; t++) {
            int64_t extent = t == 0 ? RUN_R : 2, v = idx[u * k + t];
            v = v < 0 ? v + extent : v;
            if (clamp) v = v < 0 ? 0 : v >= extent ? extent - 1 : v;
            skip = skip || v < 0 || v >= extent;
            position = position * extent + v;
        }
        if (!skip && (size_t)position < runs)
            memcpy(out + (size_t)position * run, upd + (size_t)u * run, run);
    }
}

static void test_whole_runs(void** state) {
    (void)state;
    static const tix_dtype dtypes[] = {DT_U8, DT_F32, DT_C128};
    size_t most = (size_t)RUN_R * 128 * 16;
    unsigned char* data = malloc(most);
    unsigned char* upd = malloc(2 * (size_t)RUN_N * 128 * 16);
    unsigned char* out = malloc(most);
    unsigned char* want = malloc(most);
    int64_t idx[RUN_N * 2];
    assert_true(data && upd && out && want);
    for (size_t b = 0; b < most; b++)
        data[b] = (unsigned char)(b * 2654435761u >> 11);
    for (size_t b = 0; b < 2 * (size_t)RUN_N * 128 * 16; b++)
        upd[b] = (unsigned char)(b * 40503u >> 5);
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    for (int k = 1; k <= 2; k++) {
        for (int u = 0; u < RUN_N * k; u++) {
            int64_t extent = (u % k == 0) ? RUN_R : 2;
            idx[u] = (int64_t)((uint64_t)u * 2654435761u % (uint64_t)extent); /* duplicates */
            if (u % 37 == 3) idx[u] = -1 - u % extent; /* negative: wraps */
            if (u % 101 == 9) idx[u] = extent + 1;     /* out of range */
        }
        for (size_t t = 0; t < sizeof dtypes / sizeof dtypes[0]; t++) {
            size_t size = tix_dtype_size(dtypes[t]);
            tix_tensor d = ut_tensor(data, dtypes[t], 3, UT_DIMS(RUN_R, 2, 64), NULL);
            tix_tensor o = ut_tensor(out, dtypes[t], 3, UT_DIMS(RUN_R, 2, 64), NULL);
            tix_tensor i = ut_tensor(idx, DT_I64, 2, UT_DIMS(RUN_N, k), NULL);
            tix_tensor u = k == 1 ? ut_tensor(upd, dtypes[t], 3, UT_DIMS(RUN_N, 2, 64), NULL)
                                  : ut_tensor(upd, dtypes[t], 2, UT_DIMS(RUN_N, 64), NULL);
            tix_tensor strided = u; /* the same values, every other element of a wider buffer */
            for (int rule = 0; rule < 2; rule++) {
                runs_expected(data, upd, idx, k, size, rule == 1, want);
                /* serial, pool, strided updates; in place serial, in place on the pool */
                for (int way = 0; way < 5; way++) {
                    tix_options options = ut_opts();
                    options.negative_indices = TIX_NEGATIVE_WRAP;
                    options.out_of_range = rule == 1 ? TIX_OUT_OF_RANGE_CLAMP
                                                     : TIX_OUT_OF_RANGE_IGNORE;
                    options.executor = way == 1 || way == 4 ? &executor : NULL;
                    const tix_tensor* updates = &u;
                    unsigned char* spread = NULL;
                    if (way == 2) { /* strided updates: not dense rows, so the passes */
                        size_t elements = (size_t)tix_tensor_count(&u);
                        spread = malloc(2 * elements * size);
                        assert_non_null(spread);
                        for (size_t e = 0; e < elements; e++)
                            memcpy(spread + 2 * e * size, upd + e * size, size);
                        strided.data = spread;
                        for (int32_t dim = 0; dim < strided.rank; dim++)
                            strided.strides[dim] = 2 * u.strides[dim];
                        updates = &strided;
                    }
                    memset(out, 0, (size_t)RUN_R * 128 * size);
                    if (way >= 3) { /* in place: the output is data (a copy of it) */
                        memcpy(out, data, (size_t)RUN_R * 128 * size);
                        tix_tensor in_place = o;
                        EXPECT_OK(tix_scatter_nd(&in_place, &i, updates, 0, &in_place, &options));
                    } else {
                        EXPECT_OK(tix_scatter_nd(&d, &i, updates, 0, &o, &options));
                    }
                    assert_memory_equal(out, want, (size_t)RUN_R * 128 * size);
                    free(spread);
                }
            }
            /* the error rule: the first bad tuple named, nothing written */
            tix_diagnostic diag;
            tix_options error = ut_opts_diag(&diag);
            memset(out, 0x77, (size_t)RUN_R * 128 * size);
            EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 0, &o, &error),
                          TIX_STATUS_INDEX_OUT_OF_RANGE);
            assert_true(ut_all_bytes(out, (size_t)RUN_R * 128 * size, 0x77));
        }
    }
    /* a small output beside many tuples (the scatter keeps a copy of it instead of checking
     * first): data [4, 64] float32, 2,000 tuples, one bad near the end */
    enum { SMALL = 4, MANY = 2000 };
    int64_t many[MANY];
    for (int u = 0; u < MANY; u++)
        many[u] = u % SMALL;
    float* updates = malloc(sizeof(float) * MANY * 64);
    assert_non_null(updates);
    for (int e = 0; e < MANY * 64; e++)
        updates[e] = (float)e;
    tix_tensor d = UT_T(data, DT_F32, SMALL, 64), o = UT_T(out, DT_F32, SMALL, 64);
    tix_tensor i = UT_T(many, DT_I64, MANY, 1), u = UT_T(updates, DT_F32, MANY, 64);
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, NULL));
    for (int r = 0; r < SMALL; r++) /* row r last replaced by update row MANY - SMALL + r */
        assert_memory_equal(out + r * 256, updates + (MANY - SMALL + r) * 64, 256);
    many[MANY - 3] = SMALL;
    memset(out, 0x66, SMALL * 256);
    tix_diagnostic diag;
    tix_options error = ut_opts_diag(&diag);
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 0, &o, &error), TIX_STATUS_INDEX_OUT_OF_RANGE);
    assert_int_equal(diag.position, MANY - 3);
    assert_true(ut_all_bytes(out, SMALL * 256, 0x66));
    free(updates);
    tix_threadpool_destroy(pool);
    free(data);
    free(upd);
    free(out);
    free(want);
}

/* Whole runs under a reduction (the run plan with its lists of update rows, and the passes):
 * data [REDUCED_R, REDUCED_E] float32 or int32 (320-byte rows, 20,480 elements: past the pool's
 * threshold), REDUCED_N update rows with many duplicates, negative indices wrapped, some out of
 * range and ignored, float values whose sums the order changes, a NaN with a payload and an
 * infinity among the updates; every reduction with and without exclude_self, against a plain
 * loop of the header's rules. */
enum { REDUCED_R = 256, REDUCED_E = 80, REDUCED_N = 700 };

static float reduced_f32(tix_reduction reduction, float a, float b) {
    float v = reduction == TIX_REDUCTION_SUB   ? a - b
              : reduction == TIX_REDUCTION_MUL ? a * b
                                               : a + b;
    if (reduction == TIX_REDUCTION_MIN || reduction == TIX_REDUCTION_MAX) { /* NaN output stays */
        bool wins = reduction == TIX_REDUCTION_MIN ? b < a : b > a;
        return isnan(a) ? a : isnan(b) || wins ? b : a;
    }
    return isnan(v) ? NAN : v; /* the canonical NaN */
}

static int32_t reduced_i32(tix_reduction reduction, int32_t a, int32_t b) {
    uint32_t x = (uint32_t)a, y = (uint32_t)b;
    switch (reduction) {
    case TIX_REDUCTION_SUB: return (int32_t)(x - y);
    case TIX_REDUCTION_MUL: return (int32_t)(x * y);
    case TIX_REDUCTION_MIN: return b < a ? b : a;
    case TIX_REDUCTION_MAX: return b > a ? b : a;
    default: return (int32_t)(x + y); /* add, mean */
    }
}

/* The expected output: elements REDUCED_E at a time, the update rows in order. */
static void reduced_expected(tix_dtype dtype, const void* data, const void* upd,
                             const int64_t* idx, tix_reduction reduction, bool exclude,
                             void* want) {
    size_t row = (size_t)REDUCED_E * 4;
    int counts[REDUCED_R] = {0};
    memcpy(want, data, (size_t)REDUCED_R * row);
    for (int u = 0; u < REDUCED_N; u++) {
        int64_t v = idx[u] < 0 ? idx[u] + REDUCED_R : idx[u];
        if (v < 0 || v >= REDUCED_R) continue; /* ignored */
        for (int e = 0; e < REDUCED_E; e++) {
            int64_t at = v * REDUCED_E + e, from = (int64_t)u * REDUCED_E + e;
            if (dtype == DT_F32) {
                float* w = (float*)want + at;
                float identity = reduction == TIX_REDUCTION_MUL   ? 1.0f
                                 : reduction == TIX_REDUCTION_MIN ? INFINITY
                                 : reduction == TIX_REDUCTION_MAX ? -INFINITY
                                                                  : 0.0f;
                if (exclude && counts[v] == 0) *w = identity;
                *w = reduced_f32(reduction, *w, ((const float*)upd)[from]);
            } else {
                int32_t* w = (int32_t*)want + at;
                int32_t identity = reduction == TIX_REDUCTION_MUL   ? 1
                                   : reduction == TIX_REDUCTION_MIN ? INT32_MAX
                                   : reduction == TIX_REDUCTION_MAX ? INT32_MIN
                                                                    : 0;
                if (exclude && counts[v] == 0) *w = identity;
                *w = reduced_i32(reduction, *w, ((const int32_t*)upd)[from]);
            }
        }
        counts[v]++;
    }
    for (int v = 0; v < REDUCED_R && reduction == TIX_REDUCTION_MEAN; v++) {
        int divisor = counts[v] + (exclude ? 0 : 1);
        for (int e = 0; counts[v] > 0 && e < REDUCED_E; e++) {
            int64_t at = (int64_t)v * REDUCED_E + e;
            if (dtype == DT_F32) {
                float q = ((float*)want)[at] / (float)divisor;
                ((float*)want)[at] = isnan(q) ? NAN : q;
            } else { /* rounded toward negative infinity */
                int32_t sum = ((int32_t*)want)[at];
                int32_t q = sum / divisor;
                ((int32_t*)want)[at] = q - (sum % divisor != 0 && sum < 0);
            }
        }
    }
}

static void test_whole_runs_reduced(void** state) {
    (void)state;
    size_t bytes = (size_t)REDUCED_R * REDUCED_E * 4, upd_bytes = (size_t)REDUCED_N * REDUCED_E * 4;
    unsigned char* data = malloc(bytes);
    unsigned char* upd = malloc(upd_bytes);
    unsigned char* spread = malloc(2 * upd_bytes);
    unsigned char* out = malloc(bytes);
    unsigned char* want = malloc(bytes);
    int64_t idx[REDUCED_N];
    assert_true(data && upd && spread && out && want);
    for (int u = 0; u < REDUCED_N; u++) {
        idx[u] = (int64_t)((uint64_t)u * 2654435761u % 90); /* ~8 rows to each of 90 runs */
        if (u % 13 == 5) idx[u] -= REDUCED_R;              /* negative: wraps */
        if (u % 29 == 7) idx[u] = REDUCED_R + u;           /* out of range: ignored */
    }
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    static const tix_reduction reductions[] = {TIX_REDUCTION_ADD, TIX_REDUCTION_SUB,
                                               TIX_REDUCTION_MUL, TIX_REDUCTION_MIN,
                                               TIX_REDUCTION_MAX, TIX_REDUCTION_MEAN};
    for (int t = 0; t < 2; t++) {
        tix_dtype dtype = t == 0 ? DT_F32 : DT_I32;
        for (int e = 0; e < REDUCED_R * REDUCED_E; e++) {
            float f = (float)(e % 997) * 0.37f - 150.0f;
            int32_t k = (int32_t)(e * 2654435761u >> 7) % 2001 - 1000;
            memcpy(data + (size_t)e * 4, t == 0 ? (const void*)&f : (const void*)&k, 4);
        }
        for (int e = 0; e < REDUCED_N * REDUCED_E; e++) {
            float f = (float)(e % 1013) * -0.61f + 200.0f;
            int32_t k = (int32_t)(e * 40503u >> 3) % 201 - 100;
            if (e % 3 == 0) f = f * 1e-3f + 0.1f; /* mixed magnitudes: the order shows */
            memcpy(upd + (size_t)e * 4, t == 0 ? (const void*)&f : (const void*)&k, 4);
            memcpy(spread + 2 * (size_t)e * 4, upd + (size_t)e * 4, 4);
        }
        if (t == 0) { /* NaNs with payloads and an infinity, in runs reached several times: a
                       * later row into the run of row 3 has a NaN of its own at the same place
                       * (min and max: the output's NaN stays) */
            int later = 4;
            while (idx[later] != idx[3])
                later++;
            uint32_t payloads[2] = {0x7fc00123u, 0x7fc00456u};
            for (int k = 0; k < 2; k++) {
                size_t at = (size_t)((k == 0 ? 3 : later) * REDUCED_E + 5) * 4;
                memcpy(upd + at, &payloads[k], 4);
                memcpy(spread + 2 * at, &payloads[k], 4);
            }
            float inf = INFINITY;
            memcpy(upd + (size_t)(40 * REDUCED_E + 9) * 4, &inf, 4);
            memcpy(spread + 2 * (size_t)(40 * REDUCED_E + 9) * 4, &inf, 4);
        }
        tix_tensor d = UT_T(data, dtype, REDUCED_R, REDUCED_E);
        tix_tensor o = UT_T(out, dtype, REDUCED_R, REDUCED_E);
        tix_tensor i = UT_T(idx, DT_I64, REDUCED_N, 1);
        tix_tensor u = UT_T(upd, dtype, REDUCED_N, REDUCED_E);
        tix_tensor strided = u; /* every other element of a wider buffer: the passes */
        strided.data = spread;
        for (int32_t dim = 0; dim < 2; dim++)
            strided.strides[dim] *= 2;
        for (size_t r = 0; r < sizeof reductions / sizeof reductions[0]; r++) {
            for (int exclude = 0; exclude < 2; exclude++) {
                reduced_expected(dtype, data, upd, idx, reductions[r], exclude, want);
                /* serial, pool, strided updates; in place serial, in place on the pool */
                for (int way = 0; way < 5; way++) {
                    tix_options options = ut_opts();
                    options.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
                    options.reduction = reductions[r];
                    options.exclude_self = exclude;
                    options.executor = way == 1 || way == 4 ? &executor : NULL;
                    memset(out, 0, bytes);
                    if (way >= 3) {
                        memcpy(out, data, bytes);
                        EXPECT_OK(tix_scatter_nd(&o, &i, &u, 0, &o, &options));
                    } else {
                        EXPECT_OK(tix_scatter_nd(&d, &i, way == 2 ? &strided : &u, 0, &o,
                                                 &options));
                    }
                    if (memcmp(out, want, bytes) != 0) {
                        print_error("dtype %d reduction %d exclude_self %d way %d differs\n",
                                    (int)dtype, (int)reductions[r], exclude, way);
                        fail();
                    }
                }
            }
        }
        /* the error rule: nothing written */
        tix_diagnostic diag;
        tix_options error = ut_opts_diag(&diag);
        error.reduction = TIX_REDUCTION_ADD;
        error.executor = &executor;
        memset(out, 0x77, bytes);
        EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 0, &o, &error), TIX_STATUS_INDEX_OUT_OF_RANGE);
        assert_int_equal(diag.position, 7);
        assert_true(ut_all_bytes(out, bytes, 0x77));
    }
    tix_threadpool_destroy(pool);
    free(data);
    free(upd);
    free(spread);
    free(out);
    free(want);
}

void tix__stores_choose(int mode);

/* An in-place scatter of whole rows whose output is past the 32 MiB where copies stream takes
 * the one-pass plan serially too where the CPU gains by streaming stores (its runs are written
 * with them), else the passes: data [33000, 256] float32 (1 KiB rows), 3000 tuples with
 * duplicates, negative ones wrapped and out-of-range ones ignored, in place on the calling
 * thread with streaming stores, with ordinary ones, with string copies and with both (as on
 * Zen 5), whatever the CPU; every byte compared with a plain loop. */
static void test_whole_runs_in_place_large(void** state) {
    (void)state;
    enum { R = 33000, N = 3000, E = 256 };
    float* data = malloc(sizeof(float) * R * E);
    float* out = malloc(sizeof(float) * R * E);
    float* want = malloc(sizeof(float) * R * E);
    float* upd = malloc(sizeof(float) * N * E);
    int64_t* idx = malloc(sizeof(int64_t) * N);
    assert_true(data && out && want && upd && idx);
    for (int64_t e = 0; e < (int64_t)R * E; e++)
        data[e] = (float)(e % 1009) * 0.5f;
    for (int64_t e = 0; e < (int64_t)N * E; e++)
        upd[e] = (float)(e % 769) * -0.25f;
    for (int u = 0; u < N; u++) {
        idx[u] = (int64_t)((uint64_t)u * 2654435761u % 2500) * 13; /* duplicates */
        if (u % 41 == 6) idx[u] = -1 - u;                           /* negative: wraps */
        if (u % 97 == 11) idx[u] = R + u;                           /* out of range: ignored */
    }
    memcpy(want, data, sizeof(float) * R * E);
    for (int u = 0; u < N; u++) {
        int64_t v = idx[u] < 0 ? idx[u] + R : idx[u];
        if (v < R)
            memcpy(want + v * E, upd + (int64_t)u * E, sizeof(float) * E);
    }
    tix_options options = ut_opts();
    options.negative_indices = TIX_NEGATIVE_WRAP;
    options.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    tix_tensor o = UT_T(out, DT_F32, R, E), i = UT_T(idx, DT_I64, N, 1);
    tix_tensor u = UT_T(upd, DT_F32, N, E);
    static const int modes[] = {0, 1, 2, 4}; /* streaming, ordinary, string copies, both */
    for (int k = 0; k < 4; k++) {
        tix__stores_choose(modes[k]);
        memcpy(out, data, sizeof(float) * R * E);
        EXPECT_OK(tix_scatter_nd(&o, &i, &u, 0, &o, &options));
        assert_memory_equal(out, want, sizeof(float) * R * E);
    }
    tix__stores_choose(-1);
    free(data);
    free(out);
    free(want);
    free(upd);
    free(idx);
}

/* Whole runs under a reduction on an output past the 32 MiB where copies stream: each run
 * reached is reduced in a stage of STAGE_BYTES (8 KiB) and streamed out, in pieces where it is
 * longer (here 10,000 bytes: a whole piece and part of one). data [3400, 2500] float32, 600
 * update rows with duplicates, negative indices wrapped; add, mean, and max under exclude_self,
 * out of place on the calling thread and in place on the pool, with streaming and with ordinary
 * stores, whatever the CPU; every byte compared with a plain loop. */
static void test_whole_runs_reduced_large(void** state) {
    (void)state;
    enum { R = 3400, N = 600, E = 2500 };
    size_t bytes = sizeof(float) * R * E;
    float* data = malloc(bytes);
    float* out = malloc(bytes);
    float* want = malloc(bytes);
    float* upd = malloc(sizeof(float) * N * E);
    int64_t idx[N];
    int counts[R];
    assert_true(data && out && want && upd);
    for (int64_t e = 0; e < (int64_t)R * E; e++)
        data[e] = (float)(e % 1009) * 0.37f - 150.0f;
    for (int64_t e = 0; e < (int64_t)N * E; e++)
        upd[e] = (float)(e % 769) * -0.61f + (e % 3 == 0 ? 0.001f : 200.0f);
    for (int u = 0; u < N; u++) {
        idx[u] = (int64_t)((uint64_t)u * 2654435761u % 480) * 7; /* duplicates */
        if (u % 11 == 4) idx[u] -= R;                            /* negative: wraps */
    }
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    static const struct {
        tix_reduction reduction;
        bool exclude;
    } cases[] = {{TIX_REDUCTION_ADD, false}, {TIX_REDUCTION_MEAN, false},
                 {TIX_REDUCTION_MAX, true}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        tix_reduction reduction = cases[c].reduction;
        memcpy(want, data, bytes);
        memset(counts, 0, sizeof counts);
        for (int u = 0; u < N; u++) {
            int64_t v = idx[u] < 0 ? idx[u] + R : idx[u];
            for (int64_t e = 0; e < E; e++) {
                float* w = want + v * E + e;
                if (cases[c].exclude && counts[v] == 0) *w = -INFINITY; /* max's identity */
                *w = reduced_f32(reduction, *w, upd[(int64_t)u * E + e]);
            }
            counts[v]++;
        }
        for (int64_t v = 0; v < R && reduction == TIX_REDUCTION_MEAN; v++) {
            for (int64_t e = 0; counts[v] > 0 && e < E; e++)
                want[v * E + e] /= (float)(counts[v] + 1);
        }
        tix_options options = ut_opts();
        options.negative_indices = TIX_NEGATIVE_WRAP;
        options.reduction = reduction;
        options.exclude_self = cases[c].exclude;
        tix_tensor d = UT_T(data, DT_F32, R, E), o = UT_T(out, DT_F32, R, E);
        tix_tensor i = UT_T(idx, DT_I64, N, 1), u = UT_T(upd, DT_F32, N, E);
        for (int mode = 0; mode < 2; mode++) { /* streaming, ordinary stores */
            tix__stores_choose(mode);
            for (int in_place = 0; in_place < 2; in_place++) {
                options.executor = in_place ? &executor : NULL;
                if (in_place) {
                    memcpy(out, data, bytes);
                    EXPECT_OK(tix_scatter_nd(&o, &i, &u, 0, &o, &options));
                } else {
                    memset(out, 0, bytes);
                    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &options));
                }
                if (memcmp(out, want, bytes) != 0) {
                    print_error("reduction %d mode %d in place %d differs\n", (int)reduction,
                                mode, in_place);
                    fail();
                }
            }
        }
    }
    tix__stores_choose(-1);
    tix_threadpool_destroy(pool);
    free(data);
    free(out);
    free(want);
    free(upd);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_openvino_onnx_examples),
        cmocka_unit_test(test_onnx_reduction_node_tests),
        cmocka_unit_test(test_openvino_scatter_nd_update15),
        cmocka_unit_test(test_duplicates_every_reduction),
        cmocka_unit_test(test_element_tuples),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_rank0_k0_batch),
        cmocka_unit_test(test_out_of_range_modes),
        cmocka_unit_test(test_zero_size_and_strides),
        cmocka_unit_test(test_shape_inference_and_checks),
        cmocka_unit_test(test_whole_runs),
        cmocka_unit_test(test_whole_runs_reduced),
        cmocka_unit_test(test_whole_runs_in_place_large),
        cmocka_unit_test(test_whole_runs_reduced_large),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
