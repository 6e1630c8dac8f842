/* tix_scatter and tix_scatter_shape (slices along an axis: OpenVINO ScatterUpdate-3, PyTorch
 * index_copy_/index_add_/index_reduce_): the OpenVINO example, scalar indices, duplicates under
 * every reduction with and without exclude_self, batch_dims, every out-of-range mode, zero-size
 * dimensions, strided views and shape inference. */
#include "unit.h"

/* OpenVINO ScatterUpdate-3, example 2: data 3x5, indices [0, 2], updates 3x2, axis 1. */
static void test_openvino_scatter_update_example(void** state) {
    (void)state;
    float data[] = {-1, 1, -1, 3, 4, -1, 6, -1, 8, 9, -1, 11, 1, 13, 14};
    int64_t idx[] = {0, 2};
    float upd[] = {1, 1, 1, 1, 1, 2};
    float out[15];
    memset(out, 0, sizeof out);
    tix_tensor d = UT_T(data, DT_F32, 3, 5);
    tix_tensor i = UT_T(idx, DT_I64, 2);
    tix_tensor u = UT_T(upd, DT_F32, 3, 2);
    tix_tensor o = UT_T(out, DT_F32, 3, 5);
    EXPECT_OK(tix_scatter(&d, &i, &u, 1, 0, &o, NULL));
    EXPECT_F32(out, 1, 1, 1, 3, 4, 1, 6, 1, 8, 9, 1, 11, 2, 13, 14);
    /* data is an input: unchanged */
    EXPECT_F32(data, -1, 1, -1, 3, 4, -1, 6, -1, 8, 9, -1, 11, 1, 13, 14);

    /* the same with axis -1 and int32 indices */
    int32_t idx32[] = {0, 2};
    i = UT_T(idx32, DT_I32, 2);
    memset(out, 0, sizeof out);
    EXPECT_OK(tix_scatter(&d, &i, &u, -1, 0, &o, NULL));
    EXPECT_F32(out, 1, 1, 1, 3, 4, 1, 6, 1, 8, 9, 1, 11, 2, 13, 14);

    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_scatter_shape(&d, &i, &u, -1, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 3, 5);
}

/* The inverse of the ONNX Gather example (axis 0, 2-D indices) with a duplicate row: the last
 * update in row-major order wins. */
static void test_inverse_of_gather_last_wins(void** state) {
    (void)state;
    float data[6] = {0, 0, 0, 0, 0, 0};
    int64_t idx[] = {0, 1, 1, 2};
    float upd[] = {1, 2, 3, 4, 5, 6, 7, 8};
    float out[6];
    tix_tensor d = UT_T(data, DT_F32, 3, 2);
    tix_tensor i = UT_T(idx, DT_I64, 2, 2);
    tix_tensor u = UT_T(upd, DT_F32, 2, 2, 2);
    tix_tensor o = UT_T(out, DT_F32, 3, 2);
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, NULL));
    EXPECT_F32(out, 1, 2, 5, 6, 7, 8);
}

/* Scalar indices: updates lose the axis; rank-1 data gives rank-0 updates. */
static void test_scalar_indices(void** state) {
    (void)state;
    int32_t data[12];
    for (int k = 0; k < 12; ++k) {
        data[k] = k;
    }
    int64_t index = 1;
    int32_t upd[] = {-1, -2, -3, -4};
    int32_t out[12];
    tix_tensor d = UT_T(data, DT_I32, 3, 4);
    tix_tensor i = ut_scalar(&index, DT_I64);
    tix_tensor u = UT_T(upd, DT_I32, 4);
    tix_tensor o = UT_T(out, DT_I32, 3, 4);
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, NULL));
    EXPECT_I32(out, 0, 1, 2, 3, -1, -2, -3, -4, 8, 9, 10, 11);

    /* axis 1, scalar -1: the last column; updates [3] */
    index = -1;
    int32_t col[] = {100, 200, 300};
    u = UT_T(col, DT_I32, 3);
    EXPECT_OK(tix_scatter(&d, &i, &u, 1, 0, &o, NULL));
    EXPECT_I32(out, 0, 1, 2, 100, 4, 5, 6, 200, 8, 9, 10, 300);

    /* rank-1 data, scalar index, rank-0 update */
    int32_t one = 77;
    d = UT_T(data, DT_I32, 5);
    u = ut_scalar(&one, DT_I32);
    o = UT_T(out, DT_I32, 5);
    index = 3;
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, NULL));
    EXPECT_I32(out, 0, 1, 2, 77, 4);

    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_scatter_shape(&d, &i, &u, 0, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_I32, 5);

    /* A rank-1 update of one element is not the rank-0 update. */
    u = UT_T(&one, DT_I32, 1);
    EXPECT_STATUS(tix_scatter(&d, &i, &u, 0, 0, &o, NULL), TIX_STATUS_SHAPE_MISMATCH);
}

/* Duplicate rows under every reduction, with and without exclude_self.
 * data [[1, 2], [3, 4], [5, 6]], indices [0, 2, 0], updates [[10, -20], [30, 40], [-50, 60]]. */
static void run_reduction(tix_reduction reduction, bool exclude_self, const int32_t want[6]) {
    int32_t data[] = {1, 2, 3, 4, 5, 6};
    int16_t idx[] = {0, 2, 0};
    int32_t upd[] = {10, -20, 30, 40, -50, 60};
    int32_t out[6];
    memset(out, 0, sizeof out);
    tix_tensor d = UT_T(data, DT_I32, 3, 2);
    tix_tensor i = UT_T(idx, DT_I16, 3);
    tix_tensor u = UT_T(upd, DT_I32, 3, 2);
    tix_tensor o = UT_T(out, DT_I32, 3, 2);
    tix_options opt = ut_opts();
    opt.reduction = reduction;
    opt.exclude_self = exclude_self;
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, &opt));
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
    /* mean: (1 + 10 - 50) / 3 = -13, (2 - 20 + 60) / 3 = 14, (5 + 30) / 2 = 17.5 -> 17,
     * (6 + 40) / 2 = 23; without self (10 - 50) / 2 = -20, (-20 + 60) / 2 = 20. */
    run_reduction(TIX_REDUCTION_MEAN, false, (const int32_t[]){-13, 14, 3, 4, 17, 23});
    run_reduction(TIX_REDUCTION_MEAN, true, (const int32_t[]){-20, 20, 3, 4, 30, 40});
}

/* float reductions on slices along axis 1 (index_add_ style). */
static void test_float_reductions_axis1(void** state) {
    (void)state;
    double data[] = {1, 2, 3, 4, 5, 6};
    uint8_t idx[] = {2, 2, 0};
    double upd[] = {0.5, 0.25, 8, 1, 2, 3};
    double out[6];
    tix_tensor d = UT_T(data, DT_F64, 2, 3);
    tix_tensor i = UT_T(idx, DT_U8, 3);
    tix_tensor u = UT_T(upd, DT_F64, 2, 3);
    tix_tensor o = UT_T(out, DT_F64, 2, 3);
    tix_options opt = ut_opts();

    opt.reduction = TIX_REDUCTION_ADD;
    EXPECT_OK(tix_scatter(&d, &i, &u, 1, 0, &o, &opt));
    EXPECT_F64(out, 9, 2, 3.75, 7, 5, 9);

    opt.reduction = TIX_REDUCTION_MEAN;
    EXPECT_OK(tix_scatter(&d, &i, &u, 1, 0, &o, &opt));
    EXPECT_F64(out, 4.5, 2, 3.75 / 3, 3.5, 5, 9.0 / 3);

    opt.reduction = TIX_REDUCTION_MUL;
    opt.exclude_self = true;
    EXPECT_OK(tix_scatter(&d, &i, &u, 1, 0, &o, &opt));
    EXPECT_F64(out, 8, 2, 0.125, 3, 5, 2);
}

/* Rows that share one list of indices resolve it once for many rows (execute.c): 70 rows of
 * float64 along axis 1, lists of 300 and 1100 indices (one chunk and two) with duplicates and
 * one index out of range (ignored), summed and averaged, on the calling thread and on a pool,
 * against a plain loop over each row in index order. */
static void test_rows_sharing_indices(void** state) {
    (void)state;
    enum { ROWS = 70, WIDTH = 1100 };
    static const int64_t lengths[] = {300, 1100};
    double* data = malloc(sizeof(double) * ROWS * WIDTH);
    double* upd = malloc(sizeof(double) * ROWS * WIDTH);
    double* out = malloc(sizeof(double) * ROWS * WIDTH);
    double* want = malloc(sizeof(double) * ROWS * WIDTH);
    int64_t* idx = malloc(sizeof(int64_t) * WIDTH);
    int64_t* counts = malloc(sizeof(int64_t) * WIDTH);
    assert_true(data && upd && out && want && idx && counts);
    for (int64_t e = 0; e < ROWS * WIDTH; e++) {
        data[e] = (double)(e % 1000) / 8;
        upd[e] = (double)(e % 77) / 3; /* not exact in binary: the order of the sums shows */
    }
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
        int64_t n = lengths[l];
        for (int64_t k = 0; k < n; k++) idx[k] = (k * 37) % 97 + k / 100 * 90; /* duplicates */
        idx[n / 2] = WIDTH + 1;                                                 /* ignored */
        tix_tensor d = UT_T(data, DT_F64, ROWS, WIDTH), o = UT_T(out, DT_F64, ROWS, WIDTH);
        tix_tensor i = UT_T(idx, DT_I64, n), u = ut_tensor(upd, DT_F64, 2, UT_DIMS(ROWS, n), NULL);
        for (int mean = 0; mean < 2; mean++) {
            memcpy(want, data, sizeof(double) * ROWS * WIDTH);
            for (int64_t r = 0; r < ROWS; r++) {
                memset(counts, 0, sizeof(int64_t) * WIDTH);
                for (int64_t k = 0; k < n; k++) {
                    if (idx[k] >= WIDTH) continue;
                    want[r * WIDTH + idx[k]] += upd[r * n + k];
                    counts[idx[k]]++;
                }
                for (int64_t c = 0; mean && c < WIDTH; c++) {
                    if (counts[c] > 0) want[r * WIDTH + c] /= (double)(counts[c] + 1);
                }
            }
            for (int threads = 1; threads <= 2; threads++) {
                tix_options opt = ut_opts();
                opt.reduction = mean ? TIX_REDUCTION_MEAN : TIX_REDUCTION_ADD;
                opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
                opt.executor = threads == 2 ? &executor : NULL;
                memset(out, 0, sizeof(double) * ROWS * WIDTH);
                EXPECT_OK(tix_scatter(&d, &i, &u, 1, 0, &o, &opt));
                assert_memory_equal(out, want, sizeof(double) * ROWS * WIDTH);
            }
        }
    }
    tix_threadpool_destroy(pool);
    free(data);
    free(upd);
    free(out);
    free(want);
    free(idx);
    free(counts);
}

/* batch_dims 1 (and -1): data [2, 5], indices [2, 3], axis 1. */
static void test_batch_dims(void** state) {
    (void)state;
    int64_t data[10] = {0};
    int32_t idx[] = {0, 0, 4, 4, 0, 0};
    int64_t upd[] = {1, 2, 3, 4, 5, 6};
    int64_t out[10];
    tix_tensor d = UT_T(data, DT_I64, 2, 5);
    tix_tensor i = UT_T(idx, DT_I32, 2, 3);
    tix_tensor u = UT_T(upd, DT_I64, 2, 3);
    tix_tensor o = UT_T(out, DT_I64, 2, 5);
    tix_options opt = ut_opts();

    EXPECT_OK(tix_scatter(&d, &i, &u, 1, 1, &o, &opt));
    EXPECT_I64(out, 2, 0, 0, 0, 3, 6, 0, 0, 0, 4);
    opt.reduction = TIX_REDUCTION_ADD;
    EXPECT_OK(tix_scatter(&d, &i, &u, 1, -1, &o, &opt));
    EXPECT_I64(out, 3, 0, 0, 0, 3, 11, 0, 0, 0, 4);

    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_scatter_shape(&d, &i, &u, 1, -1, &s, NULL));
    EXPECT_SHAPE(&s, DT_I64, 2, 5);

    /* Without batch_dims the same indices need updates [2, 2, 3]. */
    EXPECT_STATUS(tix_scatter(&d, &i, &u, 1, 0, &o, NULL), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_STATUS(tix_scatter(&d, &i, &u, 1, 2, &o, NULL), TIX_STATUS_INVALID_BATCH_DIMS);
    EXPECT_STATUS(tix_scatter(&d, &i, &u, 0, 1, &o, NULL), TIX_STATUS_INVALID_BATCH_DIMS);
    EXPECT_STATUS(tix_scatter(&d, &i, &u, 1, -3, &o, NULL), TIX_STATUS_INVALID_BATCH_DIMS);
}

/* Every out-of-range and negative-indices mode: indices [3, 10, -2, -7] into 5 elements, with
 * add so that every update that lands is visible. */
static void run_mode(tix_negative_indices neg, tix_out_of_range oor, tix_reduction red,
                     const int32_t want[5]) {
    int32_t data[5] = {0, 0, 0, 0, 0};
    int64_t idx[] = {3, 10, -2, -7};
    int32_t upd[] = {1, 2, 3, 4};
    int32_t out[5] = {-9, -9, -9, -9, -9};
    tix_tensor d = UT_T(data, DT_I32, 5);
    tix_tensor i = UT_T(idx, DT_I64, 4);
    tix_tensor u = UT_T(upd, DT_I32, 4);
    tix_tensor o = UT_T(out, DT_I32, 5);
    tix_options opt = ut_opts();
    opt.negative_indices = neg;
    opt.out_of_range = oor;
    opt.reduction = red;
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, &opt));
    for (int k = 0; k < 5; ++k) {
        if (out[k] != want[k]) {
            print_error("negative %d out_of_range %d reduction %d: element %d is %d, expected %d\n",
                        (int)neg, (int)oor, (int)red, k, (int)out[k], (int)want[k]);
            fail();
        }
    }
}

static void test_out_of_range_modes(void** state) {
    (void)state;
    const tix_reduction add = TIX_REDUCTION_ADD;
    run_mode(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_IGNORE, add, (const int32_t[]){0, 0, 0, 4, 0});
    run_mode(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_CLAMP, add, (const int32_t[]){4, 0, 0, 4, 2});
    run_mode(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_WRAP, add, (const int32_t[]){2, 0, 0, 8, 0});
    run_mode(TIX_NEGATIVE_OUT_OF_RANGE, TIX_OUT_OF_RANGE_IGNORE, add,
             (const int32_t[]){0, 0, 0, 1, 0});
    run_mode(TIX_NEGATIVE_OUT_OF_RANGE, TIX_OUT_OF_RANGE_CLAMP, add,
             (const int32_t[]){7, 0, 0, 1, 2});
    run_mode(TIX_NEGATIVE_OUT_OF_RANGE, TIX_OUT_OF_RANGE_WRAP, add,
             (const int32_t[]){2, 0, 0, 8, 0});
    /* without a reduction the last update that lands wins */
    run_mode(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_IGNORE, TIX_REDUCTION_NONE,
             (const int32_t[]){0, 0, 0, 3, 0});
    run_mode(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_CLAMP, TIX_REDUCTION_NONE,
             (const int32_t[]){4, 0, 0, 3, 2});
    run_mode(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_WRAP, TIX_REDUCTION_NONE,
             (const int32_t[]){2, 0, 0, 4, 0});

    /* ERROR fails, on the first bad index, leaving the output as it was. */
    int32_t data[5] = {0, 0, 0, 0, 0};
    int64_t idx[] = {3, 10, -2, -7};
    int32_t upd[] = {1, 2, 3, 4};
    int32_t out[5] = {-9, -9, -9, -9, -9};
    tix_tensor d = UT_T(data, DT_I32, 5);
    tix_tensor i = UT_T(idx, DT_I64, 4);
    tix_tensor u = UT_T(upd, DT_I32, 4);
    tix_tensor o = UT_T(out, DT_I32, 5);
    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    EXPECT_STATUS(tix_scatter(&d, &i, &u, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 1, 10,
                      "indices[1] = 10 is outside [-5, 4] for axis 0 of data with shape [5]", NULL);
    EXPECT_I32(out, -9, -9, -9, -9, -9);
    opt.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE;
    idx[1] = 0;
    EXPECT_STATUS(tix_scatter(&d, &i, &u, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 2, -2,
                      "indices[2] = -2 is outside [0, 4] for axis 0 of data with shape [5]", NULL);
    EXPECT_I32(out, -9, -9, -9, -9, -9);
}

/* uint64 indices above INT64_MAX are out of range, never -1. */
static void test_uint64_above_int64_max(void** state) {
    (void)state;
    int32_t data[5] = {0, 0, 0, 0, 0};
    uint64_t idx[] = {UINT64_MAX, (uint64_t)1 << 63, 2};
    int32_t upd[] = {1, 2, 3};
    int32_t out[5];
    tix_tensor d = UT_T(data, DT_I32, 5);
    tix_tensor i = UT_T(idx, DT_U64, 3);
    tix_tensor u = UT_T(upd, DT_I32, 3);
    tix_tensor o = UT_T(out, DT_I32, 5);
    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    opt.reduction = TIX_REDUCTION_ADD;

    EXPECT_STATUS(tix_scatter(&d, &i, &u, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 0, -1, NULL, "indices[0]");
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, &opt));
    EXPECT_I32(out, 0, 0, 3, 0, 0);
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, &opt));
    EXPECT_I32(out, 0, 0, 3, 0, 3);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, &opt));
    EXPECT_I32(out, 1, 0, 3, 2, 0);
}

/* Zero-size dimensions. */
static void test_zero_size(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4, 5, 6};
    float out[6] = {0, 0, 0, 0, 0, 0};

    /* No updates: the output is a copy of data. */
    tix_tensor d = UT_T(data, DT_F32, 3, 2);
    tix_tensor i = UT_T(NULL, DT_I64, 0);
    tix_tensor u = UT_T(NULL, DT_F32, 0, 2);
    tix_tensor o = UT_T(out, DT_F32, 3, 2);
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_MUL;
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, &opt));
    EXPECT_F32(out, 1, 2, 3, 4, 5, 6);

    /* Empty data: nothing to do, NULL pointers everywhere. */
    d = UT_T(NULL, DT_F32, 0, 3);
    i = UT_T(NULL, DT_I64, 0);
    u = UT_T(NULL, DT_F32, 0, 3);
    o = UT_T(NULL, DT_F32, 0, 3);
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, NULL));
    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_scatter_shape(&d, &i, &u, 0, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 0, 3);

    /* Data [2, 0]: updates [3, 0] are empty although the indices are not. */
    int64_t idx[] = {1, 0, 1};
    d = UT_T(NULL, DT_F32, 2, 0);
    i = UT_T(idx, DT_I64, 3);
    u = UT_T(NULL, DT_F32, 3, 0);
    o = UT_T(NULL, DT_F32, 2, 0);
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, NULL));

    /* A non-empty index into an empty axis: out of range unless IGNORE. */
    int64_t zero = 0;
    float one = 1.0f;
    d = UT_T(NULL, DT_F32, 0);
    i = UT_T(&zero, DT_I64, 1);
    u = UT_T(&one, DT_F32, 1);
    o = UT_T(NULL, DT_F32, 0);
    EXPECT_STATUS(tix_scatter(&d, &i, &u, 0, 0, &o, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
    opt = ut_opts();
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_STATUS(tix_scatter(&d, &i, &u, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_STATUS(tix_scatter(&d, &i, &u, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, &opt));
}

/* Strided views: reversed data, broadcast updates (0 stride), padded output. */
static void test_strided_views(void** state) {
    (void)state;
    int32_t buf[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    /* data [4, 2] reversed along axis 0: [[7, 8], [5, 6], [3, 4], [1, 2]] */
    tix_tensor d = ut_tensor(buf + 6, DT_I32, 2, UT_DIMS(4, 2), UT_DIMS(-2, 1));
    int32_t idx[] = {3, 0};
    /* updates [2, 2]: every row is {-1, -2} */
    int32_t row[] = {-1, -2};
    tix_tensor u = ut_tensor(row, DT_I32, 2, UT_DIMS(2, 2), UT_DIMS(0, 1));
    tix_tensor i = UT_T(idx, DT_I32, 2);
    /* output [4, 2] with row stride 3 */
    int32_t out[12];
    for (int k = 0; k < 12; ++k) {
        out[k] = 99;
    }
    tix_tensor o = ut_tensor(out, DT_I32, 2, UT_DIMS(4, 2), UT_DIMS(3, 1));
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, NULL));
    EXPECT_I32(out, -1, -2, 99, 5, 6, 99, 3, 4, 99, -1, -2, 99);
    EXPECT_I32(buf, 1, 2, 3, 4, 5, 6, 7, 8);
}

/* Every dtype moves (reduction none). */
static void test_every_dtype_moves(void** state) {
    (void)state;
    for (int t = 1; t < TIX_DTYPE_COUNT; ++t) {
        tix_dtype dt = (tix_dtype)t;
        if (dt == DT_STR) {
            continue;
        }
        size_t size = tix_dtype_size(dt);
        unsigned char data[4 * 16];
        unsigned char upd[2 * 16];
        unsigned char out[4 * 16];
        for (size_t k = 0; k < sizeof data; ++k) {
            data[k] = (unsigned char)(k + 1);
        }
        for (size_t k = 0; k < sizeof upd; ++k) {
            upd[k] = (unsigned char)(200 + k);
        }
        memset(out, 0, sizeof out);
        int32_t idx[] = {2, 0};
        tix_tensor d = UT_T(data, dt, 4);
        tix_tensor i = UT_T(idx, DT_I32, 2);
        tix_tensor u = UT_T(upd, dt, 2);
        tix_tensor o = UT_T(out, dt, 4);
        EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, NULL));
        assert_memory_equal(out, upd + size, size);
        assert_memory_equal(out + size, data + size, size);
        assert_memory_equal(out + 2 * size, upd, size);
        assert_memory_equal(out + 3 * size, data + 3 * size, size);
    }

    const char* words[] = {"a", "b", "c"};
    const char* news[] = {"x", "y"};
    const char* out[3] = {NULL, NULL, NULL};
    int64_t idx[] = {2, 2};
    tix_tensor d = UT_T(words, DT_STR, 3);
    tix_tensor i = UT_T(idx, DT_I64, 2);
    tix_tensor u = UT_T(news, DT_STR, 2);
    tix_tensor o = UT_T(out, DT_STR, 3);
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, NULL));
    EXPECT_PTR(out, words[0], words[1], news[1]);
}

/* Shape inference and the shape checks of execution. */
static void test_shape_inference_and_checks(void** state) {
    (void)state;
    tix_tensor d = UT_T(NULL, DT_C64, 4, 5, 6);
    tix_tensor i = UT_T(NULL, DT_I16, 2, 3);
    tix_tensor u = UT_T(NULL, DT_C64, 4, 2, 3, 6);
    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_scatter_shape(&d, &i, &u, 1, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_C64, 4, 5, 6);

    /* updates of the wrong shape or dtype */
    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    u = UT_T(NULL, DT_C64, 4, 2, 3, 5);
    EXPECT_STATUS(tix_scatter_shape(&d, &i, &u, 1, 0, &s, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "updates");
    u = UT_T(NULL, DT_C128, 4, 2, 3, 6);
    EXPECT_STATUS(tix_scatter_shape(&d, &i, &u, 1, 0, &s, &opt), TIX_STATUS_DTYPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_DTYPE_MISMATCH, "updates");

    /* execution: output of the wrong shape or dtype */
    float data[6] = {0}, upd[2] = {1, 2}, out[6];
    int32_t idx[] = {0, 1};
    d = UT_T(data, DT_F32, 2, 3);
    i = UT_T(idx, DT_I32, 2);
    u = UT_T(upd, DT_F32, 2);
    tix_tensor o = UT_T(out, DT_F32, 3, 2);
    EXPECT_STATUS(tix_scatter(&d, &i, &u, 1, 1, &o, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "output");
    o = UT_T(out, DT_F64, 2, 3);
    EXPECT_STATUS(tix_scatter(&d, &i, &u, 1, 1, &o, &opt), TIX_STATUS_DTYPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_DTYPE_MISMATCH, "output");
    o = UT_T(out, DT_F32, 2, 3);
    EXPECT_OK(tix_scatter(&d, &i, &u, 1, 1, &o, &opt));
    EXPECT_DIAG_RESET(&diag);
    EXPECT_F32(out, 1, 0, 0, 0, 2, 0);
}

/* Indices broadcast over an outer dimension of updates whose rows all address the same elements:
 * updates apply in row-major order across those rows too. Data [2] float32, indices [2, 300]
 * with strides [0, 1] (one row of indices for both rows of updates), element 0 addressed at
 * positions 5 and 300 of each row (on either side of the 256 indices the kernels resolve at a
 * time), every other index 1. Row-major: 1e8 + -1e8 + 1 + 0 = 1; taking the first 256 positions
 * of both rows before the rest would give 1e8 + 1 (rounds to 1e8) + -1e8 + 0 = 0. A fuzzer
 * finding (complex64 mul, whose NaNs showed the order). */
static void test_broadcast_indices_row_major_order(void** state) {
    (void)state;
    enum { K = 300 };
    float data[2] = {0, 0}, out[2], upd[2 * K] = {0};
    int64_t idx[K];
    for (int k = 0; k < K; k++)
        idx[k] = 1;
    idx[5] = 0;
    idx[K - 1] = 0;
    upd[5] = 1e8f;         /* (0, 5) */
    upd[K - 1] = -1e8f;    /* (0, 299) */
    upd[K + 5] = 1.0f;     /* (1, 5) */
    upd[2 * K - 1] = 0.0f; /* (1, 299) */
    tix_tensor d = UT_T(data, DT_F32, 2), o = UT_T(out, DT_F32, 2);
    tix_tensor i = ut_tensor(idx, DT_I64, 2, UT_DIMS(2, K), UT_DIMS(0, 1));
    tix_tensor u = UT_T(upd, DT_F32, 2, K);
    tix_options add = ut_opts();
    add.reduction = TIX_REDUCTION_ADD;
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, &add));
    assert_true(out[0] == 1.0f);
    /* through a pool as well (the rows cannot be split: they share their destinations) */
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    add.executor = &executor;
    out[0] = -1.0f;
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, &add));
    assert_true(out[0] == 1.0f);
    tix_threadpool_destroy(pool);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_openvino_scatter_update_example),
        cmocka_unit_test(test_inverse_of_gather_last_wins),
        cmocka_unit_test(test_scalar_indices),
        cmocka_unit_test(test_duplicates_every_reduction),
        cmocka_unit_test(test_float_reductions_axis1),
        cmocka_unit_test(test_rows_sharing_indices),
        cmocka_unit_test(test_batch_dims),
        cmocka_unit_test(test_out_of_range_modes),
        cmocka_unit_test(test_uint64_above_int64_max),
        cmocka_unit_test(test_zero_size),
        cmocka_unit_test(test_strided_views),
        cmocka_unit_test(test_every_dtype_moves),
        cmocka_unit_test(test_shape_inference_and_checks),
        cmocka_unit_test(test_broadcast_indices_row_major_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
