/* tix_scatter_elements and tix_scatter_elements_shape: the ONNX Scatter-9/11 and ScatterElements
 * examples and node tests, the DirectML DML_SCATTER examples, OpenVINO ScatterElementsUpdate-12
 * (reductions, mean, use_init_val), duplicates under every reduction with and without
 * exclude_self, the dtype rules of the reductions, every out-of-range mode, broadcasting, zero
 * sizes, shape inference, staged rows, the shortest loop's lines of indices, and the canonical
 * NaN of sums and products. */
#include "unit.h"

/* How long copies store (tix__stores in src/internal.h): streaming stores (0), ordinary ones by
 * memcpy (1) or by the CPU's string copy (2), or as the CPU says (-1): an internal hook of the
 * static library, for test_staged_rows. */
void tix__stores_choose(int mode);

/* ONNX Scatter-9/11 (= ScatterElements) examples 1 and 2. */
static void test_onnx_scatter_examples(void** state) {
    (void)state;
    {
        float data[9] = {0};
        int64_t idx[] = {1, 0, 2, 0, 2, 1};
        int32_t idx32[] = {1, 0, 2, 0, 2, 1};
        float upd[] = {1.0f, 1.1f, 1.2f, 2.0f, 2.1f, 2.2f};
        float out[9];
        tix_tensor d = UT_T(data, DT_F32, 3, 3);
        tix_tensor i = UT_T(idx, DT_I64, 2, 3);
        tix_tensor u = UT_T(upd, DT_F32, 2, 3);
        tix_tensor o = UT_T(out, DT_F32, 3, 3);
        memset(out, 0xFF, sizeof out);
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, NULL));
        EXPECT_F32(out, 2.0f, 1.1f, 0.0f, 1.0f, 0.0f, 2.2f, 0.0f, 2.1f, 1.2f);
        i = UT_T(idx32, DT_I32, 2, 3);
        memset(out, 0xFF, sizeof out);
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, NULL));
        EXPECT_F32(out, 2.0f, 1.1f, 0.0f, 1.0f, 0.0f, 2.2f, 0.0f, 2.1f, 1.2f);
    }
    {
        float data[] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f};
        int64_t idx[] = {1, 3};
        float upd[] = {1.1f, 2.1f};
        float out[5];
        tix_tensor d = UT_T(data, DT_F32, 1, 5);
        tix_tensor i = UT_T(idx, DT_I64, 1, 2);
        tix_tensor u = UT_T(upd, DT_F32, 1, 2);
        tix_tensor o = UT_T(out, DT_F32, 1, 5);
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 1, &o, NULL));
        EXPECT_F32(out, 1.0f, 1.1f, 3.0f, 2.1f, 5.0f);
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, -1, &o, NULL));
        EXPECT_F32(out, 1.0f, 1.1f, 3.0f, 2.1f, 5.0f);
    }
}

/* ONNX ScatterElements node tests: negative indices, duplicates with add/mul/max/min. */
static void run_onnx_1x5(const int64_t idx_values[2], tix_reduction reduction,
                         const float want[5]) {
    float data[] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f};
    int64_t idx[2] = {idx_values[0], idx_values[1]};
    float upd[] = {1.1f, 2.1f};
    float out[5];
    tix_tensor d = UT_T(data, DT_F32, 1, 5);
    tix_tensor i = UT_T(idx, DT_I64, 1, 2);
    tix_tensor u = UT_T(upd, DT_F32, 1, 2);
    tix_tensor o = UT_T(out, DT_F32, 1, 5);
    tix_options opt = ut_opts();
    opt.reduction = reduction;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 1, &o, &opt));
    ut_expect_f32_(out, want, 5, __FILE__, __LINE__);
}

static void test_onnx_node_tests(void** state) {
    (void)state;
    const int64_t neg[2] = {1, -3};
    const int64_t dup[2] = {1, 1};
    run_onnx_1x5(neg, TIX_REDUCTION_NONE, (const float[]){1.0f, 1.1f, 2.1f, 4.0f, 5.0f});
    run_onnx_1x5(dup, TIX_REDUCTION_ADD,
                 (const float[]){1.0f, (2.0f + 1.1f) + 2.1f, 3.0f, 4.0f, 5.0f});
    run_onnx_1x5(dup, TIX_REDUCTION_MUL,
                 (const float[]){1.0f, (2.0f * 1.1f) * 2.1f, 3.0f, 4.0f, 5.0f});
    run_onnx_1x5(dup, TIX_REDUCTION_MAX, (const float[]){1.0f, 2.1f, 3.0f, 4.0f, 5.0f});
    run_onnx_1x5(dup, TIX_REDUCTION_MIN, (const float[]){1.0f, 1.1f, 3.0f, 4.0f, 5.0f});
    /* and none: the last wins */
    run_onnx_1x5(dup, TIX_REDUCTION_NONE, (const float[]){1.0f, 2.1f, 3.0f, 4.0f, 5.0f});
}

/* DirectML DML_SCATTER_OPERATOR_DESC examples, uint32 indices. Example 1 has a duplicate index
 * 3: the last update (7) wins. Example 2's page says sizes {2, 3} but shows 3x3 data. */
static void test_directml_examples(void** state) {
    (void)state;
    {
        float data[] = {0, 1, 2, 3, 4};
        uint32_t idx[] = {3, 1, 3, 0};
        float upd[] = {5, 6, 7, 8};
        float out[5];
        tix_tensor d = UT_T(data, DT_F32, 5);
        tix_tensor i = UT_T(idx, DT_U32, 4);
        tix_tensor u = UT_T(upd, DT_F32, 4);
        tix_tensor o = UT_T(out, DT_F32, 5);
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, NULL));
        EXPECT_F32(out, 8, 6, 2, 7, 4);
    }
    {
        float data[9] = {0};
        uint32_t idx[] = {1, 0, 2, 0, 2, 1};
        float upd[] = {10, 11, 12, 20, 21, 22};
        float out[9];
        tix_tensor d = UT_T(data, DT_F32, 3, 3);
        tix_tensor i = UT_T(idx, DT_U32, 2, 3);
        tix_tensor u = UT_T(upd, DT_F32, 2, 3);
        tix_tensor o = UT_T(out, DT_F32, 3, 3);
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, NULL));
        EXPECT_F32(out, 20, 11, 0, 10, 0, 22, 0, 21, 12);
    }
}

/* OpenVINO ScatterElementsUpdate-12 examples 1-5 (sum with negative indices, use_init_val false,
 * none, sum and prod on 3x4 with indices smaller than data). */
static void test_openvino_seu12_examples(void** state) {
    (void)state;
    tix_options opt = ut_opts();
    {
        float data[] = {2, 3, 4, 6};
        int64_t idx[] = {1, 0, 0, -2, -1, 2};
        float upd[] = {10, 20, 30, 40, 70, 60};
        float out[4];
        tix_tensor d = UT_T(data, DT_F32, 4);
        tix_tensor i = UT_T(idx, DT_I64, 6);
        tix_tensor u = UT_T(upd, DT_F32, 6);
        tix_tensor o = UT_T(out, DT_F32, 4);
        opt.reduction = TIX_REDUCTION_ADD;
        opt.exclude_self = false;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, 52, 13, 104, 76);

        int64_t idx2[] = {1, 0, 0, 2, 3, 2};
        i = UT_T(idx2, DT_I64, 6);
        opt.exclude_self = true;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, 50, 10, 100, 70);
    }
    {
        int32_t idx[] = {1, 2, 0, 3};
        int32_t upd[] = {11, 12, 13, 14};
        int32_t data[12], out[12];
        tix_tensor d = UT_T(data, DT_I32, 3, 4);
        tix_tensor i = UT_T(idx, DT_I32, 2, 2);
        tix_tensor u = UT_T(upd, DT_I32, 2, 2);
        tix_tensor o = UT_T(out, DT_I32, 3, 4);

        /* Example 3 */
        memset(data, 0, sizeof data);
        opt.reduction = TIX_REDUCTION_NONE;
        opt.exclude_self = false;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 1, &o, &opt));
        EXPECT_I32(out, 0, 11, 12, 0, 13, 0, 0, 14, 0, 0, 0, 0);

        /* Example 4 */
        int32_t idx4[] = {1, 1, 0, 3};
        i = UT_T(idx4, DT_I32, 2, 2);
        for (int k = 0; k < 12; ++k) {
            data[k] = 1;
        }
        opt.reduction = TIX_REDUCTION_ADD;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 1, &o, &opt));
        EXPECT_I32(out, 1, 24, 1, 1, 14, 1, 1, 15, 1, 1, 1, 1);

        /* Example 5 */
        for (int k = 0; k < 12; ++k) {
            data[k] = 2;
        }
        opt.reduction = TIX_REDUCTION_MUL;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 1, &o, &opt));
        EXPECT_I32(out, 2, 264, 2, 2, 26, 2, 2, 28, 2, 2, 2, 2);
    }
}

/* OpenVINO ScatterElementsUpdate-12 mean, with and without use_init_val (exclude_self), integer
 * mean rounding toward negative infinity. */
static void test_openvino_seu12_mean(void** state) {
    (void)state;
    int64_t idx[] = {1, 0, 0, 2, 3, 2};
    tix_tensor i = UT_T(idx, DT_I64, 6);
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_MEAN;
    {
        int32_t data[] = {2, 3, 4, 6};
        int32_t upd[] = {10, 20, 30, 40, 70, 60};
        int32_t out[4];
        tix_tensor d = UT_T(data, DT_I32, 4);
        tix_tensor u = UT_T(upd, DT_I32, 6);
        tix_tensor o = UT_T(out, DT_I32, 4);
        /* (2+20+30)/3 = 17.3, (3+10)/2 = 6.5, (4+40+60)/3 = 34.7, (6+70)/2 = 38 */
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I32(out, 17, 6, 34, 38);
        opt.exclude_self = true;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I32(out, 25, 10, 50, 70);
        opt.exclude_self = false;
    }
    {
        float data[] = {2, 3, 4, 6};
        float upd[] = {10, 20, 30, 40, 70, 60};
        float out[4];
        tix_tensor d = UT_T(data, DT_F32, 4);
        tix_tensor u = UT_T(upd, DT_F32, 6);
        tix_tensor o = UT_T(out, DT_F32, 4);
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, 52.0f / 3.0f, 6.5f, 104.0f / 3.0f, 38.0f);
        opt.exclude_self = true;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, 25.0f, 10.0f, 50.0f, 70.0f);
    }
    {
        /* without self: -7 / 2 = -3.5 -> -4, -6 / 2 = -3, 2 / 1 = 2 */
        int32_t data[] = {0, -1, 1};
        int32_t idx3[] = {0, 0, 1, 1, 2};
        int32_t upd[] = {-3, -4, -2, -4, 2};
        int32_t out[3];
        tix_tensor d = UT_T(data, DT_I32, 3);
        tix_tensor i3 = UT_T(idx3, DT_I32, 5);
        tix_tensor u = UT_T(upd, DT_I32, 5);
        tix_tensor o = UT_T(out, DT_I32, 3);
        opt.exclude_self = true;
        EXPECT_OK(tix_scatter_elements(&d, &i3, &u, 0, &o, &opt));
        EXPECT_I32(out, -4, -3, 2);
        opt.exclude_self = false;
        EXPECT_OK(tix_scatter_elements(&d, &i3, &u, 0, &o, &opt));
        /* with self: (0 - 3 - 4) / 3 -> -3, (-1 - 2 - 4) / 3 -> -3, (1 + 2) / 2 -> 1 */
        EXPECT_I32(out, -3, -3, 1);
    }
}

/* Duplicates under every reduction, float32 and float64, with and without exclude_self.
 * data [1, 2, 3, 4]; indices [0, 2, 0, 2, 0]; updates [2, -1, 4, 8, 0.5]. */
static void run_float_dup(tix_reduction reduction, bool exclude_self, const float fwant[4],
                          const double want[4]) {
    int32_t idx[] = {0, 2, 0, 2, 0};
    tix_tensor i = UT_T(idx, DT_I32, 5);
    tix_options opt = ut_opts();
    opt.reduction = reduction;
    opt.exclude_self = exclude_self;

    float fdata[] = {1, 2, 3, 4};
    float fupd[] = {2, -1, 4, 8, 0.5f};
    float fout[4];
    tix_tensor d = UT_T(fdata, DT_F32, 4);
    tix_tensor u = UT_T(fupd, DT_F32, 5);
    tix_tensor o = UT_T(fout, DT_F32, 4);
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    ut_expect_f32_(fout, fwant, 4, __FILE__, __LINE__);

    double ddata[] = {1, 2, 3, 4};
    double dupd[] = {2, -1, 4, 8, 0.5};
    double dout[4];
    d = UT_T(ddata, DT_F64, 4);
    u = UT_T(dupd, DT_F64, 5);
    o = UT_T(dout, DT_F64, 4);
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    ut_expect_f64_(dout, want, 4, __FILE__, __LINE__);
}

static void test_duplicates_every_reduction(void** state) {
    (void)state;
    run_float_dup(TIX_REDUCTION_NONE, false, (const float[]){0.5f, 2, 8, 4},
                  (const double[]){0.5, 2, 8, 4});
    run_float_dup(TIX_REDUCTION_NONE, true, (const float[]){0.5f, 2, 8, 4},
                  (const double[]){0.5, 2, 8, 4});
    run_float_dup(TIX_REDUCTION_ADD, false, (const float[]){7.5f, 2, 10, 4},
                  (const double[]){7.5, 2, 10, 4});
    run_float_dup(TIX_REDUCTION_ADD, true, (const float[]){6.5f, 2, 7, 4},
                  (const double[]){6.5, 2, 7, 4});
    run_float_dup(TIX_REDUCTION_SUB, false, (const float[]){-5.5f, 2, -4, 4},
                  (const double[]){-5.5, 2, -4, 4});
    run_float_dup(TIX_REDUCTION_SUB, true, (const float[]){-6.5f, 2, -7, 4},
                  (const double[]){-6.5, 2, -7, 4});
    run_float_dup(TIX_REDUCTION_MUL, false, (const float[]){4, 2, -24, 4},
                  (const double[]){4, 2, -24, 4});
    run_float_dup(TIX_REDUCTION_MUL, true, (const float[]){4, 2, -8, 4},
                  (const double[]){4, 2, -8, 4});
    run_float_dup(TIX_REDUCTION_MIN, false, (const float[]){0.5f, 2, -1, 4},
                  (const double[]){0.5, 2, -1, 4});
    run_float_dup(TIX_REDUCTION_MIN, true, (const float[]){0.5f, 2, -1, 4},
                  (const double[]){0.5, 2, -1, 4});
    run_float_dup(TIX_REDUCTION_MAX, false, (const float[]){4, 2, 8, 4},
                  (const double[]){4, 2, 8, 4});
    run_float_dup(TIX_REDUCTION_MAX, true, (const float[]){4, 2, 8, 4},
                  (const double[]){4, 2, 8, 4});
    run_float_dup(TIX_REDUCTION_MEAN, false, (const float[]){1.875f, 2, 10.0f / 3.0f, 4},
                  (const double[]){1.875, 2, 10.0 / 3.0, 4});
    run_float_dup(TIX_REDUCTION_MEAN, true, (const float[]){6.5f / 3.0f, 2, 3.5f, 4},
                  (const double[]){6.5 / 3.0, 2, 3.5, 4});

    /* float32 mean is computed in float32: 10/3 and 6.5/3 rounded to float */
    float fdata[] = {1, 2, 3, 4};
    float fupd[] = {2, -1, 4, 8, 0.5f};
    float fout[4];
    int32_t idx[] = {0, 2, 0, 2, 0};
    tix_tensor d = UT_T(fdata, DT_F32, 4);
    tix_tensor i = UT_T(idx, DT_I32, 5);
    tix_tensor u = UT_T(fupd, DT_F32, 5);
    tix_tensor o = UT_T(fout, DT_F32, 4);
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_MEAN;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_F32(fout, 1.875f, 2, 10.0f / 3.0f, 4);
}

/* mean along the last axis of a [2, 4] output, out of place (rows staged in the cache), with
 * duplicates in a row and a negative index that wraps, with and without exclude_self (a pass of
 * the identity first), by int64, int32 (kernels that resolve each index as they go) and int16
 * indices (offsets resolved first): the counts are a pass of their own. */
static void test_mean_rows(void** state) {
    (void)state;
    const tix_dtype index_dtypes[] = {DT_I64, DT_I32, DT_I16};
    const int64_t idx[] = {0, 3, 0, -1, 1, 3};
    float data[] = {1, 2, 3, 4, 10, 20, 30, 40};
    float upd[] = {2, 8, 6, 5, 7, 9};
    for (int k = 0; k < 3; k++) {
        int64_t i64[6];
        int32_t i32[6];
        int16_t i16[6];
        for (int j = 0; j < 6; j++) {
            i64[j] = idx[j];
            i32[j] = (int32_t)idx[j];
            i16[j] = (int16_t)idx[j];
        }
        void* indices = k == 0 ? (void*)i64 : k == 1 ? (void*)i32 : (void*)i16;
        tix_tensor d = UT_T(data, DT_F32, 2, 4), i = UT_T(indices, index_dtypes[k], 2, 3);
        tix_tensor u = UT_T(upd, DT_F32, 2, 3);
        float out[8];
        tix_tensor o = UT_T(out, DT_F32, 2, 4);
        tix_options opt = ut_opts();
        opt.reduction = TIX_REDUCTION_MEAN;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 1, &o, &opt));
        /* (1 + 2 + 6) / 3, (4 + 8) / 2; (20 + 7) / 2, (40 + 5 + 9) / 3 */
        EXPECT_F32(out, 3, 2, 3, 6, 10, 13.5f, 30, 18);
        opt.exclude_self = true;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 1, &o, &opt));
        EXPECT_F32(out, 4, 2, 3, 8, 10, 7, 30, 7);
    }
}

/* The kernel that divides mean's sums (src/kernels/reduce_real.h), on int32 counts and on the
 * int64 ones a call takes beyond INT32_MAX updates: elements with a count of 0 keep their
 * bytes (a NaN's payload, -0), integers round toward negative infinity. */
typedef void (*mean_kernel_fn)(char* dst, int64_t dst_stride, const char* counts,
                               int64_t count_stride, size_t count_size, int64_t self, int64_t n);
mean_kernel_fn tix__mean_kernel(tix_dtype dtype);

static void test_mean_kernel_counts(void** state) {
    (void)state;
    const int32_t counts32[] = {2, 0, 0, 1};
    const int64_t counts64[] = {2, 0, 0, 1};
    const uint32_t payload = 0x7fc00123u;
    for (int wide = 0; wide < 2; wide++) {
        const char* counts = wide ? (const char*)counts64 : (const char*)counts32;
        int64_t cs = wide ? 8 : 4;
        for (int64_t self = 0; self < 2; self++) {
            float f[4] = {6, 0, -0.0f, 7};
            memcpy(&f[1], &payload, sizeof payload);
            float want[4] = {self ? 2 : 3, 0, -0.0f, self ? 3.5f : 7};
            memcpy(&want[1], &payload, sizeof payload);
            tix__mean_kernel(DT_F32)((char*)f, 4, counts, cs, (size_t)cs, self, 4);
            assert_memory_equal(f, want, sizeof f);

            int32_t i[4] = {-7, 5, 9, -1};
            tix__mean_kernel(DT_I32)((char*)i, 4, counts, cs, (size_t)cs, self, 4);
            /* self 0: -7 / 2, 5 kept, 9 kept, -1 / 1; self 1: -7 / 3, 5, 9, -1 / 2 */
            if (self) {
                EXPECT_I32(i, -3, 5, 9, -1);
            } else {
                EXPECT_I32(i, -4, 5, 9, -1);
            }
        }
    }
    /* a longer dense run of float32 on int32 counts (a vectorised loop and its remainder), with
     * a NaN payload where no update came (kept) and where three did (the canonical NaN) */
    enum { LONG = 37 };
    int32_t many[LONG];
    float v[LONG], expect[LONG];
    const uint32_t canonical = 0x7fc00000u;
    for (int k = 0; k < LONG; k++) {
        many[k] = k % 3 == 0 ? 0 : k % 7;
        v[k] = (float)k - 10.5f;
        expect[k] = many[k] != 0 ? v[k] / (float)(many[k] + 1) : v[k];
    }
    memcpy(&v[9], &payload, sizeof payload);
    memcpy(&expect[9], &payload, sizeof payload);
    memcpy(&v[10], &payload, sizeof payload);
    memcpy(&expect[10], &canonical, sizeof canonical);
    tix__mean_kernel(DT_F32)((char*)v, 4, (const char*)many, 4, 4, 1, LONG);
    assert_memory_equal(v, expect, sizeof v);

    /* an int64 count past INT32_MAX is read whole: 2^32 / 2^32 */
    const int64_t big = INT64_C(1) << 32;
    float g[1] = {4294967296.0f};
    tix__mean_kernel(DT_F32)((char*)g, 4, (const char*)&big, 8, sizeof big, 0, 1);
    EXPECT_F32(g, 1);
}

/* exclude_self starts from the identity: -inf for max, +inf for min (not the finite extremes),
 * and the type's extremes for integers. */
static void test_exclude_self_identities(void** state) {
    (void)state;
    tix_options opt = ut_opts();
    opt.exclude_self = true;
    int32_t idx[] = {0, 1};
    tix_tensor i = UT_T(idx, DT_I32, 2);
    {
        float data[] = {100, -100, 7};
        float upd[] = {3, 3};
        float out[3];
        tix_tensor d = UT_T(data, DT_F32, 3);
        tix_tensor u = UT_T(upd, DT_F32, 2);
        tix_tensor o = UT_T(out, DT_F32, 3);
        opt.reduction = TIX_REDUCTION_MAX;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, 3, 3, 7);
        opt.reduction = TIX_REDUCTION_MIN;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, 3, 3, 7);
        opt.exclude_self = false;
        opt.reduction = TIX_REDUCTION_MAX;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, 100, 3, 7);
        opt.reduction = TIX_REDUCTION_MIN;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, 3, -100, 7);
        opt.exclude_self = true;

        /* the identity of max is -inf: max(identity, -inf) = -inf, not -FLT_MAX */
        float inf_upd[] = {-INFINITY, INFINITY};
        u = UT_T(inf_upd, DT_F32, 2);
        opt.reduction = TIX_REDUCTION_MAX;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, -INFINITY, INFINITY, 7);
        opt.reduction = TIX_REDUCTION_MIN;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, -INFINITY, INFINITY, 7);
    }
    {
        int8_t data[] = {100, -100, 5};
        int8_t upd[] = {-128, 127};
        int8_t out[3];
        tix_tensor d = UT_T(data, DT_I8, 3);
        tix_tensor u = UT_T(upd, DT_I8, 2);
        tix_tensor o = UT_T(out, DT_I8, 3);
        opt.reduction = TIX_REDUCTION_MAX;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I8(out, -128, 127, 5);
        opt.reduction = TIX_REDUCTION_MIN;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I8(out, -128, 127, 5);
        opt.reduction = TIX_REDUCTION_MUL;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I8(out, -128, 127, 5);
        opt.reduction = TIX_REDUCTION_SUB;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        /* 0 - (-128) wraps to -128; 0 - 127 = -127 */
        EXPECT_I8(out, -128, -127, 5);
    }
    {
        uint8_t data[] = {0, 255, 9};
        uint8_t upd[] = {255, 0};
        uint8_t out[3];
        tix_tensor d = UT_T(data, DT_U8, 3);
        tix_tensor u = UT_T(upd, DT_U8, 2);
        tix_tensor o = UT_T(out, DT_U8, 3);
        opt.reduction = TIX_REDUCTION_MIN;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_U8(out, 255, 0, 9);
        opt.reduction = TIX_REDUCTION_MAX;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_U8(out, 255, 0, 9);
    }
    {
        int64_t data[] = {0, 0, 1};
        int64_t upd[] = {INT64_MIN, INT64_MAX};
        int64_t out[3];
        tix_tensor d = UT_T(data, DT_I64, 3);
        tix_tensor u = UT_T(upd, DT_I64, 2);
        tix_tensor o = UT_T(out, DT_I64, 3);
        opt.reduction = TIX_REDUCTION_MAX;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I64(out, INT64_MIN, INT64_MAX, 1);
        opt.reduction = TIX_REDUCTION_MIN;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I64(out, INT64_MIN, INT64_MAX, 1);
    }
}

/* Integer arithmetic wraps modulo 2^bits. */
static void test_integer_wraparound(void** state) {
    (void)state;
    tix_options opt = ut_opts();
    {
        /* int8: 100 + 100 + 100 = 300 = 44 (mod 256); -100 - 100 - 100 = -300 = -44;
         * 16 * 16 = 256 = 0 */
        int8_t data[] = {100, -100, 16};
        int32_t idx[] = {0, 0, 1, 1, 2};
        int8_t upd[] = {100, 100, 100, 100, 16};
        int8_t out[3];
        tix_tensor d = UT_T(data, DT_I8, 3);
        tix_tensor i = UT_T(idx, DT_I32, 5);
        tix_tensor u = UT_T(upd, DT_I8, 5);
        tix_tensor o = UT_T(out, DT_I8, 3);
        opt.reduction = TIX_REDUCTION_ADD;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I8(out, 44, 100, 32);
        opt.reduction = TIX_REDUCTION_SUB;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I8(out, -100, -44, 0);
        opt.reduction = TIX_REDUCTION_MUL;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        /* 100 * 100 * 100 = 1000000 = 64 (mod 256); -100 * 100 * 100 = -64; 16 * 16 = 0 */
        EXPECT_I8(out, 64, -64, 0);
    }
    {
        uint8_t data[] = {0, 255};
        int32_t idx[] = {0, 1};
        uint8_t upd[] = {1, 1};
        uint8_t out[2];
        tix_tensor d = UT_T(data, DT_U8, 2);
        tix_tensor i = UT_T(idx, DT_I32, 2);
        tix_tensor u = UT_T(upd, DT_U8, 2);
        tix_tensor o = UT_T(out, DT_U8, 2);
        opt.reduction = TIX_REDUCTION_SUB;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_U8(out, 255, 254);
        opt.reduction = TIX_REDUCTION_ADD;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_U8(out, 1, 0);
    }
    {
        int32_t data[] = {65536, INT32_MAX};
        int32_t idx[] = {0, 1};
        int32_t upd[] = {65536, 1};
        int32_t out[2];
        tix_tensor d = UT_T(data, DT_I32, 2);
        tix_tensor i = UT_T(idx, DT_I32, 2);
        tix_tensor u = UT_T(upd, DT_I32, 2);
        tix_tensor o = UT_T(out, DT_I32, 2);
        opt.reduction = TIX_REDUCTION_MUL;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I32(out, 0, INT32_MAX);
        opt.reduction = TIX_REDUCTION_ADD;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I32(out, 131072, INT32_MIN);
    }
    {
        int64_t data[] = {INT64_MAX, INT64_MIN};
        int32_t idx[] = {0, 1};
        int64_t upd[] = {1, 1};
        int64_t out[2];
        tix_tensor d = UT_T(data, DT_I64, 2);
        tix_tensor i = UT_T(idx, DT_I32, 2);
        tix_tensor u = UT_T(upd, DT_I64, 2);
        tix_tensor o = UT_T(out, DT_I64, 2);
        opt.reduction = TIX_REDUCTION_ADD;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I64(out, INT64_MIN, INT64_MIN + 1);
        opt.reduction = TIX_REDUCTION_SUB;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I64(out, INT64_MAX - 1, INT64_MAX);
    }
    {
        uint64_t data[] = {(uint64_t)1 << 32, 3};
        int32_t idx[] = {0, 1, 1};
        uint64_t upd[] = {(uint64_t)1 << 32, UINT64_MAX, 5};
        uint64_t out[2];
        tix_tensor d = UT_T(data, DT_U64, 2);
        tix_tensor i = UT_T(idx, DT_I32, 3);
        tix_tensor u = UT_T(upd, DT_U64, 3);
        tix_tensor o = UT_T(out, DT_U64, 2);
        opt.reduction = TIX_REDUCTION_MUL;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        /* 3 * (2^64 - 1) * 5 = -15 (mod 2^64) */
        EXPECT_U64(out, 0, (uint64_t)0 - 15u);
        opt.reduction = TIX_REDUCTION_MAX;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_U64(out, (uint64_t)1 << 32, UINT64_MAX);
        opt.reduction = TIX_REDUCTION_MIN;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_U64(out, (uint64_t)1 << 32, 3);
    }
    {
        int16_t data[] = {-5, 7};
        int32_t idx[] = {0, 0, 1, 1};
        int16_t upd[] = {3, -9, 8, -32768};
        int16_t out[2];
        tix_tensor d = UT_T(data, DT_I16, 2);
        tix_tensor i = UT_T(idx, DT_I32, 4);
        tix_tensor u = UT_T(upd, DT_I16, 4);
        tix_tensor o = UT_T(out, DT_I16, 2);
        opt.reduction = TIX_REDUCTION_MIN;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I16(out, -9, -32768);
        opt.reduction = TIX_REDUCTION_MAX;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_I16(out, 3, 8);
    }
}

/* The integer mean's sum follows add (wrapping), then one division rounded toward -inf. */
static void test_integer_mean_sum_wraps(void** state) {
    (void)state;
    int8_t data[] = {100, -1};
    int32_t idx[] = {0, 0, 1};
    int8_t upd[] = {100, 100, -2};
    int8_t out[2];
    tix_tensor d = UT_T(data, DT_I8, 2);
    tix_tensor i = UT_T(idx, DT_I32, 3);
    tix_tensor u = UT_T(upd, DT_I8, 3);
    tix_tensor o = UT_T(out, DT_I8, 2);
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_MEAN;
    /* (100 + 100 + 100) wraps to 44, 44 / 3 -> 14; (-1 - 2) / 2 = -1.5 -> -2 */
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_I8(out, 14, -2);

    uint32_t udata[] = {7, 0};
    uint32_t uupd[] = {2, 2, 5};
    uint32_t uout[2];
    d = UT_T(udata, DT_U32, 2);
    u = UT_T(uupd, DT_U32, 3);
    o = UT_T(uout, DT_U32, 2);
    /* (7 + 2 + 2) / 3 = 3.67 -> 3; (0 + 5) / 2 -> 2 */
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_U32(uout, 3, 2);
}

/* float min/max propagate NaN: a NaN output stays, a NaN update is taken. */
static void test_nan_propagates(void** state) {
    (void)state;
    int32_t idx[] = {0, 1, 1, 2, 3};
    tix_tensor i = UT_T(idx, DT_I32, 5);
    tix_options opt = ut_opts();
    {
        float data[] = {NAN, 1, 1, 1};
        float upd[] = {5, NAN, 7, 3, -3};
        float out[4];
        tix_tensor d = UT_T(data, DT_F32, 4);
        tix_tensor u = UT_T(upd, DT_F32, 5);
        tix_tensor o = UT_T(out, DT_F32, 4);
        opt.reduction = TIX_REDUCTION_MAX;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        assert_true(isnan(out[0]) && isnan(out[1]));
        EXPECT_F32(out + 2, 3, 1);
        opt.reduction = TIX_REDUCTION_MIN;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        assert_true(isnan(out[0]) && isnan(out[1]));
        EXPECT_F32(out + 2, 1, -3);
    }
    {
        double data[] = {NAN, 1, 1, 1};
        double upd[] = {5, NAN, 7, 3, -3};
        double out[4];
        tix_tensor d = UT_T(data, DT_F64, 4);
        tix_tensor u = UT_T(upd, DT_F64, 5);
        tix_tensor o = UT_T(out, DT_F64, 4);
        opt.reduction = TIX_REDUCTION_MAX;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        assert_true(isnan(out[0]) && isnan(out[1]));
        EXPECT_F64(out + 2, 3, 1);
        opt.reduction = TIX_REDUCTION_MIN;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        assert_true(isnan(out[0]) && isnan(out[1]));
        EXPECT_F64(out + 2, 1, -3);
    }
    {
        uint16_t data[] = {F16_NAN, F16_ONE, F16_ONE, F16_ONE};
        uint16_t upd[] = {F16_TWO, F16_NAN, F16_THREE, F16_TWO, F16_ZERO};
        uint16_t out[4];
        tix_tensor d = UT_T(data, DT_F16, 4);
        tix_tensor u = UT_T(upd, DT_F16, 5);
        tix_tensor o = UT_T(out, DT_F16, 4);
        opt.reduction = TIX_REDUCTION_MAX;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        assert_true(ut_f16_is_nan(out[0]) && ut_f16_is_nan(out[1]));
        EXPECT_U16(out + 2, F16_TWO, F16_ONE);
        opt.reduction = TIX_REDUCTION_MIN;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        assert_true(ut_f16_is_nan(out[0]) && ut_f16_is_nan(out[1]));
        EXPECT_U16(out + 2, F16_ONE, F16_ZERO);
    }
}

/* bool: add = or, sub = xor, mul = and, max = or, min = and; mean is unsupported.
 * data [0, 0, 1, 1]; indices [0, 1, 2, 3, 1]; updates [0, 1, 0, 1, 1]. */
static void run_bool(tix_reduction reduction, bool exclude_self, const uint8_t want[4]) {
    uint8_t data[] = {0, 0, 1, 1};
    int64_t idx[] = {0, 1, 2, 3, 1};
    uint8_t upd[] = {0, 1, 0, 1, 1};
    uint8_t out[4];
    memset(out, 0x55, sizeof out);
    tix_tensor d = UT_T(data, DT_BOOL, 4);
    tix_tensor i = UT_T(idx, DT_I64, 5);
    tix_tensor u = UT_T(upd, DT_BOOL, 5);
    tix_tensor o = UT_T(out, DT_BOOL, 4);
    tix_options opt = ut_opts();
    opt.reduction = reduction;
    opt.exclude_self = exclude_self;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    for (int k = 0; k < 4; ++k) {
        if ((out[k] != 0) != (want[k] != 0)) {
            print_error("bool reduction %d exclude_self %d: element %d is %u, expected %u\n",
                        (int)reduction, (int)exclude_self, k, (unsigned)out[k], (unsigned)want[k]);
            fail();
        }
    }
}

static void test_bool_rules(void** state) {
    (void)state;
    run_bool(TIX_REDUCTION_NONE, false, (const uint8_t[]){0, 1, 0, 1});
    run_bool(TIX_REDUCTION_ADD, false, (const uint8_t[]){0, 1, 1, 1});
    run_bool(TIX_REDUCTION_MAX, false, (const uint8_t[]){0, 1, 1, 1});
    run_bool(TIX_REDUCTION_SUB, false, (const uint8_t[]){0, 0, 1, 0});
    run_bool(TIX_REDUCTION_MUL, false, (const uint8_t[]){0, 0, 0, 1});
    run_bool(TIX_REDUCTION_MIN, false, (const uint8_t[]){0, 0, 0, 1});
    run_bool(TIX_REDUCTION_ADD, true, (const uint8_t[]){0, 1, 0, 1});
    run_bool(TIX_REDUCTION_MAX, true, (const uint8_t[]){0, 1, 0, 1});
    run_bool(TIX_REDUCTION_SUB, true, (const uint8_t[]){0, 0, 0, 1});
    run_bool(TIX_REDUCTION_MUL, true, (const uint8_t[]){0, 1, 0, 1});
    run_bool(TIX_REDUCTION_MIN, true, (const uint8_t[]){0, 1, 0, 1});

    uint8_t data[] = {0, 1};
    int64_t idx[] = {0};
    uint8_t upd[] = {1};
    uint8_t out[2];
    tix_tensor d = UT_T(data, DT_BOOL, 2);
    tix_tensor i = UT_T(idx, DT_I64, 1);
    tix_tensor u = UT_T(upd, DT_BOOL, 1);
    tix_tensor o = UT_T(out, DT_BOOL, 2);
    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    opt.reduction = TIX_REDUCTION_MEAN;
    EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 0, &o, &opt), TIX_STATUS_UNSUPPORTED_REDUCTION);
    EXPECT_DIAG(&diag, TIX_STATUS_UNSUPPORTED_REDUCTION, "options|data");
}

/* complex: add, sub, mul ((a+bi)(c+di) = (ac-bd) + (ad+bc)i); min, max, mean unsupported.
 * data [1+2i, 5+5i, 9+9i]; indices [0, 0, 2]; updates [3+4i, 1+1i, 2+0i]. */
static void test_complex_rules(void** state) {
    (void)state;
    int32_t idx[] = {0, 0, 2};
    tix_tensor i = UT_T(idx, DT_I32, 3);
    tix_options opt = ut_opts();
    {
        float data[] = {1, 2, 5, 5, 9, 9};
        float upd[] = {3, 4, 1, 1, 2, 0};
        float out[6];
        tix_tensor d = UT_T(data, DT_C64, 3);
        tix_tensor u = UT_T(upd, DT_C64, 3);
        tix_tensor o = UT_T(out, DT_C64, 3);
        opt.reduction = TIX_REDUCTION_NONE;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, 1, 1, 5, 5, 2, 0);
        opt.reduction = TIX_REDUCTION_ADD;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, 5, 7, 5, 5, 11, 9);
        opt.reduction = TIX_REDUCTION_SUB;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, -3, -3, 5, 5, 7, 9);
        opt.reduction = TIX_REDUCTION_MUL;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        /* (1+2i)(3+4i) = -5+10i; (-5+10i)(1+i) = -15+5i; (9+9i)*2 = 18+18i */
        EXPECT_F32(out, -15, 5, 5, 5, 18, 18);
        opt.exclude_self = true;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        /* identity 1: (3+4i)(1+i) = -1+7i */
        EXPECT_F32(out, -1, 7, 5, 5, 2, 0);
        opt.reduction = TIX_REDUCTION_ADD;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F32(out, 4, 5, 5, 5, 2, 0);
        opt.exclude_self = false;
    }
    {
        double data[] = {1, 2, 5, 5, 9, 9};
        double upd[] = {3, 4, 1, 1, 2, 0};
        double out[6];
        tix_tensor d = UT_T(data, DT_C128, 3);
        tix_tensor u = UT_T(upd, DT_C128, 3);
        tix_tensor o = UT_T(out, DT_C128, 3);
        opt.reduction = TIX_REDUCTION_ADD;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F64(out, 5, 7, 5, 5, 11, 9);
        opt.reduction = TIX_REDUCTION_SUB;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F64(out, -3, -3, 5, 5, 7, 9);
        opt.reduction = TIX_REDUCTION_MUL;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_F64(out, -15, 5, 5, 5, 18, 18);

        tix_diagnostic diag;
        opt.diagnostic = &diag;
        const tix_reduction bad[] = {TIX_REDUCTION_MIN, TIX_REDUCTION_MAX, TIX_REDUCTION_MEAN};
        for (int k = 0; k < 3; ++k) {
            opt.reduction = bad[k];
            EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 0, &o, &opt),
                          TIX_STATUS_UNSUPPORTED_REDUCTION);
            EXPECT_DIAG(&diag, TIX_STATUS_UNSUPPORTED_REDUCTION, "options|data");
            tix_tensor s = ut_garbage_tensor();
            EXPECT_STATUS(tix_scatter_elements_shape(&d, &i, &u, 0, &s, &opt),
                          TIX_STATUS_UNSUPPORTED_REDUCTION);
        }
    }
}

/* bfloat16's results are rounded without the conversion's test for NaN (kernels/reduce.c): NaN
 * data with any payload and either sign, inf - inf, an overflow, ties to even (down, up, and
 * up into the exponent) and a sum rounded up, each by an element scatter (the fused loop) and as
 * a row of scatter_nd (the dense rows), under add; and the mean of a NaN and of a tie. */
static void test_bfloat16_results(void** state) {
    (void)state;
    enum { N = 8 };
    const uint16_t data[N] = {0x7FFF, 0xFFFF, 0xFF80, 0x7F7F, 0x3F80, 0x3F81, 0x3FFF, 0x3F80};
    const uint16_t upd[N] = {0x3F80, 0x3F80, 0x7F80, 0x7F7F, 0x3B80, 0x3B80, 0x3B80, 0x3BC0};
    const int64_t idx[N] = {0, 1, 2, 3, 4, 5, 6, 7}, row[1] = {0};
    uint16_t out[N];
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_ADD;
    tix_tensor d = UT_T((void*)data, DT_BF16, N), u = UT_T((void*)upd, DT_BF16, N);
    tix_tensor i = UT_T((void*)idx, DT_I64, N), o = UT_T(out, DT_BF16, N);
    /* NaN, NaN, -inf + inf, max + max = inf, 1 + 2^-8 (tie: 1), (1 + 2^-7) + 2^-8 (tie: up to
     * even), (2 - 2^-7) + 2^-8 (tie: 2), 1 + 3 * 2^-9 (up) */
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_U16(out, 0x7FC0, 0x7FC0, 0x7FC0, 0x7F80, 0x3F80, 0x3F82, 0x4000, 0x3F81);
    tix_tensor d_row = UT_T((void*)data, DT_BF16, 1, N), u_row = UT_T((void*)upd, DT_BF16, 1, N);
    tix_tensor i_row = UT_T((void*)row, DT_I64, 1, 1), o_row = UT_T(out, DT_BF16, 1, N);
    memset(out, 0, sizeof out);
    EXPECT_OK(tix_scatter_nd(&d_row, &i_row, &u_row, 0, &o_row, &opt));
    EXPECT_U16(out, 0x7FC0, 0x7FC0, 0x7FC0, 0x7F80, 0x3F80, 0x3F82, 0x4000, 0x3F81);
    /* mean, with self: (NaN + 1) / 2; (1 + 2^-7 + 2^-8) / 2, whose sum is a tie up to even */
    const uint16_t mean_data[2] = {0x7FFF, 0x3F81}, mean_upd[2] = {0x3F80, 0x3B80};
    opt.reduction = TIX_REDUCTION_MEAN;
    d = UT_T((void*)mean_data, DT_BF16, 2);
    u = UT_T((void*)mean_upd, DT_BF16, 2);
    i = UT_T((void*)idx, DT_I64, 2);
    o = UT_T(out, DT_BF16, 2);
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_U16(out, 0x7FC0, 0x3F02);
}

/* float16 and bfloat16: each step in float32, rounded back to nearest-even. */
static void test_float16_bfloat16(void** state) {
    (void)state;
    int32_t idx[] = {0, 1, 1, 2};
    tix_tensor i = UT_T(idx, DT_I32, 4);
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_ADD;
    {
        /* 1 + 2 = 3; (2048 + 1) + 1 = 2048 each step (ties to even); 2048 + 3 = 2051 -> 2052 */
        uint16_t data[] = {F16_ONE, F16_2048, F16_2048};
        uint16_t upd[] = {F16_TWO, F16_ONE, F16_ONE, F16_THREE};
        uint16_t out[3];
        tix_tensor d = UT_T(data, DT_F16, 3);
        tix_tensor u = UT_T(upd, DT_F16, 4);
        tix_tensor o = UT_T(out, DT_F16, 3);
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_U16(out, F16_THREE, F16_2048, F16_2052);
    }
    {
        /* 1 + 2 = 3; (256 + 1) + 1 = 256; 256 + 3 = 259 -> 260 */
        uint16_t data[] = {BF16_ONE, BF16_256, BF16_256};
        uint16_t upd[] = {BF16_TWO, BF16_ONE, BF16_ONE, BF16_THREE};
        uint16_t out[3];
        tix_tensor d = UT_T(data, DT_BF16, 3);
        tix_tensor u = UT_T(upd, DT_BF16, 4);
        tix_tensor o = UT_T(out, DT_BF16, 3);
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_U16(out, BF16_THREE, BF16_256, BF16_260);
    }
    {
        int32_t one_idx[] = {0};
        uint16_t data[] = {F16_ONE_HALF};
        uint16_t upd[] = {F16_TWO};
        uint16_t out[1];
        tix_tensor i1 = UT_T(one_idx, DT_I32, 1);
        tix_tensor d = UT_T(data, DT_F16, 1);
        tix_tensor u = UT_T(upd, DT_F16, 1);
        tix_tensor o = UT_T(out, DT_F16, 1);
        opt.reduction = TIX_REDUCTION_MUL;
        EXPECT_OK(tix_scatter_elements(&d, &i1, &u, 0, &o, &opt));
        EXPECT_U16(out, F16_THREE);
        opt.reduction = TIX_REDUCTION_SUB;
        EXPECT_OK(tix_scatter_elements(&d, &i1, &u, 0, &o, &opt));
        EXPECT_U16(out, 0xB800u); /* 1.5 - 2 = -0.5 */
        opt.reduction = TIX_REDUCTION_MAX;
        EXPECT_OK(tix_scatter_elements(&d, &i1, &u, 0, &o, &opt));
        EXPECT_U16(out, F16_TWO);
        opt.reduction = TIX_REDUCTION_MIN;
        EXPECT_OK(tix_scatter_elements(&d, &i1, &u, 0, &o, &opt));
        EXPECT_U16(out, F16_ONE_HALF);
        opt.reduction = TIX_REDUCTION_MEAN;
        EXPECT_OK(tix_scatter_elements(&d, &i1, &u, 0, &o, &opt));
        EXPECT_U16(out, 0x3F00u); /* (1.5 + 2) / 2 = 1.75 */
        opt.exclude_self = true;
        opt.reduction = TIX_REDUCTION_MAX;
        data[0] = F16_THREE;
        EXPECT_OK(tix_scatter_elements(&d, &i1, &u, 0, &o, &opt));
        EXPECT_U16(out, F16_TWO);
        opt.reduction = TIX_REDUCTION_ADD;
        EXPECT_OK(tix_scatter_elements(&d, &i1, &u, 0, &o, &opt));
        EXPECT_U16(out, F16_TWO);
    }
}

/* strings and float8 only move; reductions on them are unsupported. */
static void test_string_and_float8(void** state) {
    (void)state;
    const char* words[] = {"a", "b", "c"};
    const char* news[] = {"x", "y", "z"};
    const char* out[3] = {NULL, NULL, NULL};
    int64_t idx[] = {2, 0, 2};
    tix_tensor d = UT_T(words, DT_STR, 3);
    tix_tensor i = UT_T(idx, DT_I64, 3);
    tix_tensor u = UT_T(news, DT_STR, 3);
    tix_tensor o = UT_T(out, DT_STR, 3);
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, NULL));
    EXPECT_PTR(out, news[1], words[1], news[2]);

    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    opt.reduction = TIX_REDUCTION_ADD;
    memset(out, 0, sizeof out);
    EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 0, &o, &opt), TIX_STATUS_UNSUPPORTED_REDUCTION);
    EXPECT_DIAG(&diag, TIX_STATUS_UNSUPPORTED_REDUCTION, "options|data");
    assert_null(out[0]);

    for (int t = TIX_DTYPE_FLOAT8E4M3FN; t <= TIX_DTYPE_FLOAT8E5M2FNUZ; ++t) {
        uint8_t f8[] = {0x11, 0x22, 0x33};
        uint8_t f8u[] = {0xA0, 0xB0, 0xC0};
        uint8_t f8o[3];
        d = UT_T(f8, (tix_dtype)t, 3);
        u = UT_T(f8u, (tix_dtype)t, 3);
        o = UT_T(f8o, (tix_dtype)t, 3);
        opt.reduction = TIX_REDUCTION_NONE;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        EXPECT_U8(f8o, 0xB0, 0x22, 0xC0);
        const tix_reduction bad[] = {TIX_REDUCTION_ADD, TIX_REDUCTION_SUB, TIX_REDUCTION_MUL,
                                     TIX_REDUCTION_MIN, TIX_REDUCTION_MAX, TIX_REDUCTION_MEAN};
        for (int k = 0; k < 6; ++k) {
            opt.reduction = bad[k];
            EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 0, &o, &opt),
                          TIX_STATUS_UNSUPPORTED_REDUCTION);
            EXPECT_DIAG(&diag, TIX_STATUS_UNSUPPORTED_REDUCTION, "options|data");
        }
    }
}

/* Every out-of-range and negative-indices mode: indices [3, 10, -2, -7], 5 elements, add. */
static void run_mode(tix_negative_indices neg, tix_out_of_range oor, const int32_t want[5]) {
    int32_t data[5] = {0, 0, 0, 0, 0};
    int8_t idx[] = {3, 10, -2, -7};
    int32_t upd[] = {1, 2, 3, 4};
    int32_t out[5] = {-9, -9, -9, -9, -9};
    tix_tensor d = UT_T(data, DT_I32, 5);
    tix_tensor i = UT_T(idx, DT_I8, 4);
    tix_tensor u = UT_T(upd, DT_I32, 4);
    tix_tensor o = UT_T(out, DT_I32, 5);
    tix_options opt = ut_opts();
    opt.negative_indices = neg;
    opt.out_of_range = oor;
    opt.reduction = TIX_REDUCTION_ADD;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
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

    int32_t data[5] = {0, 0, 0, 0, 0};
    int8_t idx[] = {3, 10, -2, -7};
    int32_t upd[] = {1, 2, 3, 4};
    int32_t out[5] = {-9, -9, -9, -9, -9};
    tix_tensor d = UT_T(data, DT_I32, 5);
    tix_tensor i = UT_T(idx, DT_I8, 4);
    tix_tensor u = UT_T(upd, DT_I32, 4);
    tix_tensor o = UT_T(out, DT_I32, 5);
    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 1, 10,
                      "indices[1] = 10 is outside [-5, 4] for axis 0 of data with shape [5]", NULL);
    EXPECT_I32(out, -9, -9, -9, -9, -9);

    /* uint64 above INT64_MAX */
    uint64_t big[] = {UINT64_MAX, (uint64_t)1 << 63, 2, 2};
    i = UT_T(big, DT_U64, 4);
    EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 0, -1, NULL, "indices[0]");
    opt.reduction = TIX_REDUCTION_ADD;
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 0, 0, 7, 0, 0);
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 0, 0, 7, 0, 3);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 1, 0, 7, 2, 0);
}

/* 0-stride (broadcast) indices and updates; a reversed data view; a padded output. */
static void test_broadcast_and_strides(void** state) {
    (void)state;
    int32_t data[] = {1, 2, 3, 4, 5, 6};
    tix_tensor d = UT_T(data, DT_I32, 2, 3);
    /* every row uses the permutation {2, 0, 1} */
    int64_t perm[] = {2, 0, 1};
    tix_tensor i = ut_tensor(perm, DT_I64, 2, UT_DIMS(2, 3), UT_DIMS(0, 1));
    int32_t upd[] = {10, 20, 30, 40, 50, 60};
    tix_tensor u = UT_T(upd, DT_I32, 2, 3);
    int32_t out[6];
    tix_tensor o = UT_T(out, DT_I32, 2, 3);
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 1, &o, NULL));
    EXPECT_I32(out, 20, 30, 10, 50, 60, 40);

    /* every update is 7, added twice to column 1 of each row: updates [2, 2] of stride 0 */
    int32_t seven = 7;
    int32_t ones[] = {1, 1};
    i = ut_tensor(ones, DT_I32, 2, UT_DIMS(2, 2), UT_DIMS(0, 1));
    u = ut_tensor(&seven, DT_I32, 2, UT_DIMS(2, 2), UT_DIMS(0, 0));
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_ADD;
    /* data reversed along both axes: [[6, 5, 4], [3, 2, 1]]; output padded, row stride 4 */
    tix_tensor rd = ut_tensor(data + 5, DT_I32, 2, UT_DIMS(2, 3), UT_DIMS(-3, -1));
    int32_t pad[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
    o = ut_tensor(pad, DT_I32, 2, UT_DIMS(2, 3), UT_DIMS(4, 1));
    EXPECT_OK(tix_scatter_elements(&rd, &i, &u, 1, &o, &opt));
    EXPECT_I32(pad, 6, 19, 4, -1, 3, 16, 1, -1);
}

/* Updates dropped by IGNORE address nothing: they do not count in a mean and do not reset an
 * element to the identity under exclude_self; CLAMP and WRAP redirect them and they count. */
static void test_dropped_updates_and_mean(void** state) {
    (void)state;
    int32_t data[] = {10, 6, 100};
    int64_t idx[] = {0, 9, 0, -9, 1};
    int32_t upd[] = {20, 99, 30, 77, 8};
    int32_t out[3];
    tix_tensor d = UT_T(data, DT_I32, 3);
    tix_tensor i = UT_T(idx, DT_I64, 5);
    tix_tensor u = UT_T(upd, DT_I32, 5);
    tix_tensor o = UT_T(out, DT_I32, 3);
    tix_options opt = ut_opts();
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;

    /* (10 + 20 + 30) / 3 = 20; (6 + 8) / 2 = 7; 100 untouched */
    opt.reduction = TIX_REDUCTION_MEAN;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 20, 7, 100);
    opt.exclude_self = true;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 25, 8, 100);
    opt.reduction = TIX_REDUCTION_ADD;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 50, 8, 100);
    opt.reduction = TIX_REDUCTION_MIN;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 20, 8, 100);

    /* element 2 is addressed only by a dropped update: it keeps data under exclude_self */
    int64_t idx2[] = {0, 5, 0, 5, 1};
    i = UT_T(idx2, DT_I64, 5);
    opt.reduction = TIX_REDUCTION_MUL;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 600, 8, 100);

    /* CLAMP: 9 -> 2 and -9 -> -6 -> 0; mean without self: (20 + 30 + 77) / 3 = 42.3 -> 42 */
    i = UT_T(idx, DT_I64, 5);
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    opt.reduction = TIX_REDUCTION_MEAN;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 42, 8, 99);
    /* WRAP: 9 mod 3 = 0, -9 mod 3 = 0: (20 + 99 + 30 + 77) / 4 = 56.5 -> 56 */
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    EXPECT_I32(out, 56, 8, 100);
}

/* Zero-size dimensions. */
static void test_zero_size(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4, 5, 6};
    float out[6];
    memset(out, 0, sizeof out);
    tix_tensor d = UT_T(data, DT_F32, 2, 3);
    /* empty indices: the output is a copy of data */
    tix_tensor i = UT_T(NULL, DT_I32, 2, 0);
    tix_tensor u = UT_T(NULL, DT_F32, 2, 0);
    tix_tensor o = UT_T(out, DT_F32, 2, 3);
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 1, &o, NULL));
    EXPECT_F32(out, 1, 2, 3, 4, 5, 6);
    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_scatter_elements_shape(&d, &i, &u, 1, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 2, 3);

    /* empty data */
    d = UT_T(NULL, DT_F32, 0, 3);
    i = UT_T(NULL, DT_I32, 0, 3);
    u = UT_T(NULL, DT_F32, 0, 3);
    o = UT_T(NULL, DT_F32, 0, 3);
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, NULL));

    /* an index into an empty axis */
    int32_t zero = 0;
    float one = 1;
    d = UT_T(NULL, DT_F32, 0);
    i = UT_T(&zero, DT_I32, 1);
    u = UT_T(&one, DT_F32, 1);
    o = UT_T(NULL, DT_F32, 0);
    EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 0, &o, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
    tix_options opt = ut_opts();
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
}

/* Shape inference and the shape rules. */
static void test_shape_inference_and_checks(void** state) {
    (void)state;
    tix_tensor d = UT_T(NULL, DT_U16, 4, 5, 6);
    tix_tensor i = UT_T(NULL, DT_I64, 3, 9, 6);
    tix_tensor u = UT_T(NULL, DT_U16, 3, 9, 6);
    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_scatter_elements_shape(&d, &i, &u, 1, &s, NULL));
    EXPECT_SHAPE(&s, DT_U16, 4, 5, 6);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_scatter_elements_shape(&d, &i, &u, -2, &s, NULL));
    EXPECT_SHAPE(&s, DT_U16, 4, 5, 6);

    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    /* indices larger than data on a non-axis dimension */
    EXPECT_STATUS(tix_scatter_elements_shape(&d, &i, &u, 0, &s, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "indices");
    /* updates not of the indices' shape */
    u = UT_T(NULL, DT_U16, 3, 9, 5);
    EXPECT_STATUS(tix_scatter_elements_shape(&d, &i, &u, 1, &s, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "updates");
    /* updates of another dtype */
    u = UT_T(NULL, DT_I16, 3, 9, 6);
    EXPECT_STATUS(tix_scatter_elements_shape(&d, &i, &u, 1, &s, &opt), TIX_STATUS_DTYPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_DTYPE_MISMATCH, "updates");
    /* indices of another rank */
    i = UT_T(NULL, DT_I64, 3, 9);
    u = UT_T(NULL, DT_U16, 3, 9);
    EXPECT_STATUS(tix_scatter_elements_shape(&d, &i, &u, 1, &s, &opt), TIX_STATUS_INVALID_RANK);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_RANK, "indices");
    /* axis */
    i = UT_T(NULL, DT_I64, 3, 9, 6);
    u = UT_T(NULL, DT_U16, 3, 9, 6);
    EXPECT_STATUS(tix_scatter_elements_shape(&d, &i, &u, 3, &s, &opt), TIX_STATUS_INVALID_AXIS);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_AXIS, "axis");
    s = ut_garbage_tensor();
    EXPECT_OK(tix_scatter_elements_shape(&d, &i, &u, 1, &s, &opt));
    EXPECT_DIAG_RESET(&diag);
    EXPECT_SHAPE(&s, DT_U16, 4, 5, 6);
}

/* Scatters along the last axis of a dense output, a row of updates per output row of at most
 * 8 KiB, stage each output row in the cache: copied from data, its updates applied in order,
 * written out once (4000 bytes a row: copied into the stage in three parts of 1 KiB and one
 * shorter, each after its part of the rows ahead is prefetched). Data [R, 1000] float32 (R = 40;
 * 1100, past the 4 MiB where the rows are written with streaming stores where the CPU gains by
 * them: here under every store mode whatever the CPU, with them, without them by memcpy and by
 * the CPU's string copy, and copied by the string copy but stored as usual, as on Zen 5),
 * updates [R, 300] with duplicates
 * within each row, negative indices wrapped and out-of-range ones ignored, then clamped;
 * reductions none, add (whose float sums show the order), mul, max and mean (each row's counts
 * kept beside its stage), each with and without exclude_self (its identity placed in the stage
 * first); int64 and int32 indices; serially and on a pool of 2; every element compared with a
 * plain loop. Under the error rule a bad index fails with the output untouched. */
void tix__reduction_identity(tix_dtype dtype, tix_reduction reduction, void* out);

static void test_staged_rows(void** state) {
    (void)state;
    enum { C = 1000, K = 300 };
    static const tix_reduction reductions[] = {TIX_REDUCTION_NONE, TIX_REDUCTION_ADD,
                                               TIX_REDUCTION_MUL, TIX_REDUCTION_MAX,
                                               TIX_REDUCTION_MEAN};
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    for (int size = 0; size < 6; size++) { /* small; large: each mode, 0 to 4 (tix__stores) */
        int64_t R = size > 0 ? 1100 : 40;
        tix__stores_choose(size - 1);
        float* data = malloc(sizeof(float) * (size_t)R * C);
        float* out = malloc(sizeof(float) * (size_t)R * C);
        float* want = malloc(sizeof(float) * (size_t)R * C);
        float* upd = malloc(sizeof(float) * (size_t)R * K);
        int64_t* idx = malloc(sizeof(int64_t) * (size_t)R * K);
        int32_t* idx32 = malloc(sizeof(int32_t) * (size_t)R * K);
        int32_t* counts = malloc(sizeof(int32_t) * (size_t)R * C);
        assert_true(data && out && want && upd && idx && idx32 && counts);
        for (int64_t e = 0; e < R * C; e++)
            data[e] = (float)(e % 977) * 0.37f - 50.0f;
        for (int64_t e = 0; e < R * K; e++) {
            upd[e] = (float)(e % 631) * 0.11f - 30.0f;
            idx[e] = (int64_t)((uint64_t)e * 2654435761u % 700); /* duplicates in a row */
            if (e % 53 == 4) idx[e] = -1 - e % C;                 /* negative: wraps */
            if (e % 211 == 9) idx[e] = C + e % 5;                 /* out of range */
            idx32[e] = (int32_t)idx[e];
        }
        for (size_t red = 0; red < sizeof reductions / sizeof reductions[0]; red++) {
            for (int ruled = 0; ruled < 4; ruled++) { /* ignore, clamp; then exclude_self */
                int rule = ruled % 2;
                bool exclude = ruled >= 2;
                if (exclude && reductions[red] == TIX_REDUCTION_NONE) continue;
                memcpy(want, data, sizeof(float) * (size_t)R * C);
                memset(counts, 0, sizeof(int32_t) * (size_t)R * C);
                float identity;
                tix__reduction_identity(DT_F32, reductions[red], &identity);
                for (int64_t e = 0; exclude && e < R * K; e++) { /* first, where updates go */
                    int64_t v = idx[e] < 0 ? idx[e] + C : idx[e];
                    if (rule == 1) v = v >= C ? C - 1 : v;
                    if (v < C) want[e / K * C + v] = identity;
                }
                for (int64_t r = 0; r < R; r++) {
                    for (int64_t k = 0; k < K; k++) {
                        int64_t v = idx[r * K + k];
                        v = v < 0 ? v + C : v;
                        if (rule == 1) v = v >= C ? C - 1 : v;
                        if (v >= C) continue;
                        float* w = &want[r * C + v];
                        float u = upd[r * K + k];
                        counts[r * C + v]++;
                        switch (reductions[red]) {
                        case TIX_REDUCTION_ADD:
                        case TIX_REDUCTION_MEAN: *w = *w + u; break;
                        case TIX_REDUCTION_MUL: *w = *w * u; break;
                        case TIX_REDUCTION_MAX: *w = u > *w ? u : *w; break;
                        default: *w = u; break;
                        }
                    }
                }
                for (int64_t e = 0; reductions[red] == TIX_REDUCTION_MEAN && e < R * C; e++) {
                    if (counts[e] > 0) want[e] = want[e] / (float)(counts[e] + !exclude);
                }
                for (int way = 0; way < 4; way++) { /* int64, int32; serial, pool */
                    tix_options options = ut_opts();
                    options.reduction = reductions[red];
                    options.negative_indices = TIX_NEGATIVE_WRAP;
                    options.out_of_range = rule == 1 ? TIX_OUT_OF_RANGE_CLAMP
                                                     : TIX_OUT_OF_RANGE_IGNORE;
                    options.executor = way % 2 == 1 ? &executor : NULL;
                    options.exclude_self = exclude;
                    tix_tensor d = UT_T(data, DT_F32, R, C), o = UT_T(out, DT_F32, R, C);
                    tix_tensor u = UT_T(upd, DT_F32, R, K);
                    tix_tensor i = way < 2 ? UT_T(idx, DT_I64, R, K) : UT_T(idx32, DT_I32, R, K);
                    memset(out, 0, sizeof(float) * (size_t)R * C);
                    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 1, &o, &options));
                    assert_memory_equal(out, want, sizeof(float) * (size_t)R * C);
                }
            }
        }
        /* the error rule: the first bad index (row-major) named, nothing written */
        tix_diagnostic diag;
        tix_options error = ut_opts_diag(&diag);
        tix_tensor d = UT_T(data, DT_F32, R, C), o = UT_T(out, DT_F32, R, C);
        tix_tensor u = UT_T(upd, DT_F32, R, K), i = UT_T(idx, DT_I64, R, K);
        memset(out, 0x5E, sizeof(float) * (size_t)R * C);
        EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 1, &o, &error),
                      TIX_STATUS_INDEX_OUT_OF_RANGE);
        assert_int_equal(diag.position, 9);
        assert_true(ut_all_bytes(out, sizeof(float) * (size_t)R * C, 0x5E));
        free(data);
        free(out);
        free(want);
        free(upd);
        free(idx);
        free(idx32);
        free(counts);
    }
    tix__stores_choose(-1);
    tix_threadpool_destroy(pool);
}

/* Scatters float32 updates [n] into data [out] under `options`, by the int64 indices and by
 * their int32 copy, and expects `want` bit for bit each time. */
static void expect_f32_scatters(int64_t* idx, int32_t* idx32, int64_t n, float* data,
                                float* upd, int64_t out, const float* want,
                                const tix_options* options) {
    float* got = malloc((size_t)out * sizeof *got);
    assert_non_null(got);
    for (int x = 0; x < 2; x++) { /* int64, int32 */
        tix_tensor i = x == 0 ? UT_T(idx, DT_I64, n) : UT_T(idx32, DT_I32, n);
        tix_tensor d = UT_T(data, DT_F32, out), o = UT_T(got, DT_F32, out);
        tix_tensor u = UT_T(upd, DT_F32, n);
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, options));
        assert_memory_equal(got, want, (size_t)out * sizeof *got);
    }
    free(got);
}

/* The shortest scatter loop goes a line of indices at a time (8 int64, 16 int32), and after a
 * negative index on in a copy that wraps them: updates summed into a short 1-D output, float32
 * and float64, rows of lengths around and between lines, with one index that needs more than
 * the first loop (negative: wraps; past the end: ignored), or every other index negative from
 * there on and one past the end five later, on either side of each line boundary, against a
 * plain loop, bit for bit (one order). */
static void test_plain_loop_lines(void** state) {
    (void)state;
    enum { OUT = 64, MAX = 1003 };
    static const int64_t lengths[] = {5, 8, 16, 37, 300, MAX};
    static int64_t idx[MAX];
    static int32_t idx32[MAX];
    static double upd64[MAX], got64[OUT], want64[OUT], data64[OUT];
    static float upd32[MAX], want32[OUT], data32[OUT];
    for (int64_t e = 0; e < OUT; e++) {
        data64[e] = (double)e * 0.3 - 7.0;
        data32[e] = (float)e * 0.3f - 7.0f;
    }
    for (int64_t k = 0; k < MAX; k++) {
        upd64[k] = (double)(k % 89) * 0.013 + 1.0 / 3.0;
        upd32[k] = (float)(k % 89) * 0.013f + 1.0f / 3.0f;
    }
    int cases = 0;
    for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
        int64_t n = lengths[l];
        /* where the odd index sits: nowhere, then around the boundaries of the lines */
        static const int64_t spots[] = {-1, 0, 7, 8, 15, 16, 17, 31, 32, MAX - 1};
        for (size_t w = 0; w < sizeof spots / sizeof spots[0]; w++) {
            int64_t at = spots[w] == MAX - 1 ? n - 1 : spots[w];
            if (at >= n)
                continue;
            for (int odd = 0; odd < 3; odd++) {
                for (int64_t k = 0; k < n; k++) {
                    idx[k] = (int64_t)((uint64_t)k * 40503u % OUT);
                    if (odd == 2 && at >= 0 && k >= at && (k - at) % 2 == 0)
                        idx[k] -= OUT; /* wraps back to the same element */
                }
                if (at >= 0 && odd < 2)
                    idx[at] = odd == 0 ? -3 : OUT + 5;
                if (at >= 0 && odd == 2 && at + 5 < n)
                    idx[at + 5] = OUT + 1;
                for (int64_t k = 0; k < n; k++)
                    idx32[k] = (int32_t)idx[k];
                memcpy(want64, data64, sizeof want64);
                memcpy(want32, data32, sizeof want32);
                for (int64_t k = 0; k < n; k++) {
                    int64_t v = idx[k] < 0 ? idx[k] + OUT : idx[k];
                    if (v >= OUT)
                        continue;
                    want64[v] = want64[v] + upd64[k];
                    want32[v] = want32[v] + upd32[k];
                }
                tix_options options = ut_opts();
                options.reduction = TIX_REDUCTION_ADD;
                options.negative_indices = TIX_NEGATIVE_WRAP;
                options.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
                for (int x = 0; x < 2; x++) { /* int64, int32 */
                    tix_tensor i = x == 0 ? UT_T(idx, DT_I64, n) : UT_T(idx32, DT_I32, n);
                    tix_tensor d = UT_T(data64, DT_F64, OUT), o = UT_T(got64, DT_F64, OUT);
                    tix_tensor u = UT_T(upd64, DT_F64, n);
                    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &options));
                    assert_memory_equal(got64, want64, sizeof want64);
                    cases++;
                }
                expect_f32_scatters(idx, idx32, n, data32, upd32, OUT, want32, &options);
            }
        }
    }
    assert_int_equal(cases, 43 * 3 * 2); /* spots inside each length, odd kinds, index types */
}

/* Rows whose shortest loop stops at indices it does not take and resumes after them
 * (ut_resumed_index), float32 sums of 5000 updates into 100 elements, under ignore and clamp
 * with negatives wrapped or out of range, int64 and int32 indices, against a plain loop, bit for
 * bit (one order). From 3040 on, one index in three is out of range: the lenient copy of the
 * shortest loop takes the rest of the row there (scatter_fused.h), so that the nearer end
 * clamped to one off, or an ignored update applied to the element at 0, fails this test. */
static void test_resumed_loops(void** state) {
    (void)state;
    enum { N = 5000, OUT = 100 };
    static int64_t idx[N];
    static int32_t idx32[N];
    static float upd[N], data[OUT], want[OUT];
    for (int64_t k = 0; k < N; k++) {
        idx[k] = ut_resumed_index(k, OUT, 37);
        idx32[k] = (int32_t)idx[k];
        upd[k] = (float)(k % 13) * 0.25f + 0.5f;
    }
    for (int64_t e = 0; e < OUT; e++) data[e] = (float)e * 0.75f;
    for (int negative = 0; negative < 2; negative++) {
        for (int clamp = 0; clamp < 2; clamp++) {
            tix_options options = ut_opts();
            options.reduction = TIX_REDUCTION_ADD;
            options.negative_indices = negative ? TIX_NEGATIVE_OUT_OF_RANGE : TIX_NEGATIVE_WRAP;
            options.out_of_range = clamp ? TIX_OUT_OF_RANGE_CLAMP : TIX_OUT_OF_RANGE_IGNORE;
            memcpy(want, data, sizeof want);
            for (int64_t k = 0; k < N; k++) {
                int64_t p = ut_rule_position(idx[k], OUT, options.negative_indices,
                                             options.out_of_range);
                if (p >= 0) want[p] = want[p] + upd[k];
            }
            expect_f32_scatters(idx, idx32, N, data, upd, OUT, want, &options);
        }
    }
}

/* The float32 and float64 of these bits. */
static float f32_of(uint32_t bits) {
    float v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

static double f64_of(uint64_t bits) {
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

/* add, sub and mul store the one canonical NaN wherever their result is a NaN (inf - inf, 0 * inf,
 * a NaN operand with any payload), and elements no update reaches keep theirs: float32 and
 * float64, on the shortest loop (indices in range) and on the general one (a negative index
 * first), against a plain loop, bit for bit. */
static void test_nan_canonical_sums(void** state) {
    (void)state;
    enum { OUT = 8, N = 21 };
    static const tix_reduction reductions[] = {TIX_REDUCTION_ADD, TIX_REDUCTION_SUB,
                                               TIX_REDUCTION_MUL};
    /* element 0 is never addressed: its NaN keeps its payload */
    const float data32[OUT] = {f32_of(0x7fa00001u), f32_of(0xffc00123u), INFINITY, 1, 2, 0,
                               -INFINITY, 3};
    const double data64[OUT] = {f64_of(0x7ff4000000000001ull), f64_of(0xfff8000000000123ull),
                                INFINITY, 1, 2, 0, -INFINITY, 3};
    const int64_t targets[N] = {1, 2, 3, 4, 5, 6, 7, 4, 2, 3, 5, 6, 7, 1, 4, 5, 6, 7, 3, 2, 4};
    float upd32[N];
    double upd64[N];
    for (int k = 0; k < N; k++) {
        upd32[k] = (float)(k % 5) - 1.5f;
        upd64[k] = (double)(k % 5) - 1.5;
    }
    upd32[1] = upd32[8] = -INFINITY; /* to element 2, +inf: NaN by add */
    upd64[1] = upd64[8] = -INFINITY;
    upd32[2] = f32_of(0x7f800001u); /* a signaling NaN with a payload, to element 3 */
    upd64[2] = f64_of(0x7ff0000000000001ull);
    upd32[5] = upd64[5] = 0.0;         /* to element 6, -inf: NaN by mul */
    upd32[11] = upd64[11] = -INFINITY; /* to element 6 too: NaN by sub */
    for (size_t r = 0; r < sizeof reductions / sizeof reductions[0]; r++) {
        for (int general = 0; general < 2; general++) {
            int64_t idx[N];
            for (int k = 0; k < N; k++)
                idx[k] = targets[k] - (general && k == 0 ? OUT : 0); /* -7: wraps to 1 */
            float want32[OUT], got32[OUT];
            double want64[OUT], got64[OUT];
            memcpy(want32, data32, sizeof want32);
            memcpy(want64, data64, sizeof want64);
            for (int k = 0; k < N; k++) {
                float* w = &want32[targets[k]];
                double* v = &want64[targets[k]];
                tix_reduction red = reductions[r];
                *w = red == TIX_REDUCTION_ADD   ? *w + upd32[k]
                     : red == TIX_REDUCTION_SUB ? *w - upd32[k]
                                                : *w * upd32[k];
                *v = red == TIX_REDUCTION_ADD   ? *v + upd64[k]
                     : red == TIX_REDUCTION_SUB ? *v - upd64[k]
                                                : *v * upd64[k];
                if (isnan(*w)) *w = f32_of(0x7fc00000u);
                if (isnan(*v)) *v = f64_of(0x7ff8000000000000ull);
            }
            /* the cases above do occur: NaN data, a NaN update, and inf against inf or 0 */
            assert_true(isnan(want32[1]) && isnan(want32[3]) &&
                        (isnan(want32[2]) || isnan(want32[6])));
            tix_options options = ut_opts();
            options.reduction = reductions[r];
            options.negative_indices = TIX_NEGATIVE_WRAP;
            tix_tensor i = UT_T(idx, DT_I64, N);
            tix_tensor d = UT_T((void*)data32, DT_F32, OUT), o = UT_T(got32, DT_F32, OUT);
            tix_tensor u = UT_T(upd32, DT_F32, N);
            EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &options));
            assert_memory_equal(got32, want32, sizeof want32);
            d = UT_T((void*)data64, DT_F64, OUT), o = UT_T(got64, DT_F64, OUT);
            u = UT_T(upd64, DT_F64, N);
            EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &options));
            assert_memory_equal(got64, want64, sizeof want64);
        }
    }
}

void tix__block_choose(int64_t bytes);

/* One scatter of test_cache_blocked_scatters into `out`: data [rows, columns] of dtype, updates
 * and indices [m, cols] (rows `columns` apart) along axis 0, out of place or in place (data
 * copied into out first), under `options`, with the tiles of cache-blocked passes pinned at
 * tile_bytes. */
static void blocked_scatter(const unsigned char* data, const unsigned char* updates,
                            const void* idx, tix_dtype dtype, tix_dtype index, int64_t rows,
                            int64_t columns, int64_t m, int64_t cols, bool in_place,
                            const tix_options* options, int64_t tile_bytes, unsigned char* out) {
    size_t size = tix_dtype_size(dtype);
    tix__block_choose(tile_bytes);
    if (in_place)
        memcpy(out, data, (size_t)(rows * columns) * size);
    tix_tensor d = ut_tensor(in_place ? (void*)out : (void*)data, dtype, 2,
                             UT_DIMS(rows, columns), NULL);
    tix_tensor o = ut_tensor(out, dtype, 2, UT_DIMS(rows, columns), NULL);
    tix_tensor i = ut_tensor((void*)idx, index, 2, UT_DIMS(m, cols), UT_DIMS(columns, 1));
    tix_tensor u = ut_tensor((void*)updates, dtype, 2, UT_DIMS(m, cols), UT_DIMS(columns, 1));
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, options));
    tix__block_choose(0);
}

/* Elements [0, n) of `dtype` (float32, float64 or int8) at `buffer`: the small integers
 * k * step % modulus - offset, whose sums stay exact. */
static void put_pattern(void* buffer, tix_dtype dtype, int64_t n, int step, int modulus,
                        int offset) {
    for (int64_t k = 0; k < n; k++) {
        int v = (int)(k * step % modulus) - offset;
        if (dtype == DT_F32) ((float*)buffer)[k] = (float)v;
        if (dtype == DT_F64) ((double*)buffer)[k] = v;
        if (dtype == DT_I8) ((int8_t*)buffer)[k] = (int8_t)v;
    }
}

/* n index values spread over [0, rows), a few negative (wrapped) and a few out of range. */
static void put_positions(int64_t* values, int64_t n, int64_t rows) {
    for (int64_t k = 0; k < n; k++) {
        values[k] = (int64_t)((uint64_t)k * 2654435761u % (uint64_t)rows);
        if (k % 97 == 5) values[k] = -1 - k % rows; /* negative: wraps */
        if (k % 389 == 7) values[k] = rows + k % 3; /* out of range: ignored */
    }
}

/* The scatters of blocked_scatter under no reduction, add, max and mean (with and without
 * exclude_self), out of range ignored, in three forms (updates over every column, over all but
 * the last 8, in place), serially and on `executor`: each with the tiles pinned at `first`
 * (into a) against `second` (into b), byte for byte. Returns how many pairs it compared. */
static int tilings_agree(const unsigned char* data, const unsigned char* updates,
                         const void* idx, tix_dtype dtype, tix_dtype index, int64_t rows,
                         int64_t columns, int64_t m, const tix_executor* executor, int64_t first,
                         int64_t second, unsigned char* a, unsigned char* b) {
    static const tix_reduction reductions[] = {TIX_REDUCTION_NONE, TIX_REDUCTION_ADD,
                                               TIX_REDUCTION_MAX, TIX_REDUCTION_MEAN};
    int pairs = 0;
    for (size_t r = 0; r < sizeof reductions / sizeof reductions[0]; r++) {
        for (int exclude = 0; exclude < (r == 0 ? 1 : 2); exclude++) {
            for (int form = 0; form < 3; form++) {
                for (int threads = 1; threads <= 2; threads++) {
                    tix_options o = ut_opts();
                    o.reduction = reductions[r];
                    o.exclude_self = exclude == 1;
                    o.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
                    o.executor = threads == 2 ? executor : NULL;
                    int64_t cols = form == 1 ? columns - 8 : columns;
                    blocked_scatter(data, updates, idx, dtype, index, rows, columns, m, cols,
                                    form == 2, &o, first, a);
                    blocked_scatter(data, updates, idx, dtype, index, rows, columns, m, cols,
                                    form == 2, &o, second, b);
                    assert_memory_equal(a, b, (size_t)(rows * columns) * tix_dtype_size(dtype));
                    pairs++;
                }
            }
        }
    }
    return pairs;
}

/* Large scatters along axis 0 put one element per update into rows they jump between: the
 * library runs them in column tiles, copies each tile's block of the output into a dense scratch
 * block (out of place, from data, where the updates cover the whole output), applies the tile's
 * updates there in row-major order and writes the block back. Data [640, 512] of 1-, 4- and
 * 8-byte elements, updates of 160 rows (a scatter blocks only where its rows are at least a
 * quarter of the positions); int64, int32 and int16 indices (the fused loops and the general
 * one), a few negative (wrapped) and out of range (ignored); no reduction, add, max and mean,
 * with and without exclude_self; out of place with updates over every column or all but the
 * last 8 (the output then copied from data first), and in place; serial and on two threads.
 * Each call with tiles of 64 KiB (of 32 float32 columns) against the same call with tiles
 * pinned larger than the output (so not blocked), byte for byte; and float32 add against a
 * plain loop. */
static void test_cache_blocked_scatters(void** state) {
    (void)state;
    enum { R = 640, C = 512, M = 160 }; /* (M: a quarter of R, SCATTER_BLOCK_SHARE) */
    static const tix_dtype dtypes[] = {DT_F32, DT_F64, DT_I8};
    static const tix_dtype index_dtypes[] = {DT_I64, DT_I32, DT_I16};
    unsigned char* data = malloc((size_t)R * C * 8);
    unsigned char* updates = malloc((size_t)M * C * 8);
    unsigned char* blocked = malloc((size_t)R * C * 8);
    unsigned char* whole = malloc((size_t)R * C * 8);
    int64_t* values = malloc(sizeof(int64_t) * M * C);
    void* idx = malloc(sizeof(int64_t) * M * C);
    assert_true(data && updates && blocked && whole && values && idx);
    put_positions(values, M * C, R);
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    int calls = 0;
    for (size_t t = 0; t < sizeof dtypes / sizeof dtypes[0]; t++) {
        put_pattern(data, dtypes[t], R * C, 7, 23, 11);
        put_pattern(updates, dtypes[t], M * C, 5, 19, 9);
        for (size_t x = 0; x < sizeof index_dtypes / sizeof index_dtypes[0]; x++) {
            for (int64_t k = 0; k < M * C; k++)
                ut_store_index(idx, index_dtypes[x], k, values[k]);
            calls += tilings_agree(data, updates, idx, dtypes[t], index_dtypes[x], R, C, M,
                                   &executor, 64 * 1024, INT64_C(1) << 30, blocked, whole);
        }
    }
    /* float32 add (the int16 indices the loop above left) against a plain loop */
    float* want = (float*)whole;
    for (int64_t k = 0; k < R * C; k++)
        want[k] = (float)((int)(k * 7 % 23) - 11);
    for (int64_t k = 0; k < M * C; k++) {
        int64_t v = values[k] < 0 ? values[k] + R : values[k];
        if (v < R)
            want[v * C + k % C] += (float)((int)(k * 5 % 19) - 9);
    }
    put_pattern(data, DT_F32, R * C, 7, 23, 11);
    put_pattern(updates, DT_F32, M * C, 5, 19, 9);
    tix_options add = ut_opts();
    add.reduction = TIX_REDUCTION_ADD;
    add.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    blocked_scatter(data, updates, idx, DT_F32, DT_I16, R, C, M, C, false, &add, 64 * 1024,
                    blocked);
    assert_memory_equal(blocked, want, (size_t)R * C * sizeof(float));
    assert_int_equal(calls, 3 * 3 * 7 * 3 * 2);
    tix_threadpool_destroy(pool);
    free(data);
    free(updates);
    free(blocked);
    free(whole);
    free(values);
    free(idx);
}

/* Data rows a multiple of 4 KiB apart all take one set of L1: where their part of the output
 * fits one tile, a scatter along axis 0 runs in packed tiles of 16 KiB all the same
 * (ALIASED_BLOCK_BYTES), as where its packed tiles' rows would be so. Data [64, 4096] int8 and
 * [64, 1024] float32 (the part fits), and [64, 16384] int8 (tiles of 4096 columns), updates of
 * 32 rows, int64 and int32 indices (a few negative, a few out of range and ignored), the
 * reductions (with and without exclude_self) and forms of test_cache_blocked_scatters, 1 and 2
 * threads: tiles pinned at 256 KiB (those tiles of 16 KiB) against 64 KiB (tiles of 64 KiB,
 * whose rows are 1 KiB or less), byte for byte. */
static void test_aliased_scatters(void** state) {
    (void)state;
    enum { R = 64, M = 32, LONGEST = 16384 };
    static const tix_dtype dtypes[] = {DT_I8, DT_F32, DT_I8};
    static const int64_t widths[] = {4096, 1024, LONGEST};
    static const tix_dtype index_dtypes[] = {DT_I64, DT_I32};
    unsigned char* data = malloc((size_t)R * LONGEST);
    unsigned char* updates = malloc((size_t)M * LONGEST);
    unsigned char* aliased = malloc((size_t)R * LONGEST);
    unsigned char* tiled = malloc((size_t)R * LONGEST);
    int64_t* values = malloc(sizeof(int64_t) * M * LONGEST);
    void* idx = malloc(sizeof(int64_t) * M * LONGEST);
    assert_true(data && updates && aliased && tiled && values && idx);
    put_positions(values, M * LONGEST, R);
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    int calls = 0;
    for (size_t t = 0; t < sizeof dtypes / sizeof dtypes[0]; t++) {
        int64_t C = widths[t];
        put_pattern(data, dtypes[t], R * C, 7, 23, 11);
        put_pattern(updates, dtypes[t], M * C, 5, 19, 9);
        for (size_t x = 0; x < sizeof index_dtypes / sizeof index_dtypes[0]; x++) {
            for (int64_t k = 0; k < M * C; k++)
                ut_store_index(idx, index_dtypes[x], k, values[k]);
            calls += tilings_agree(data, updates, idx, dtypes[t], index_dtypes[x], R, C, M,
                                   &executor, 256 * 1024, 64 * 1024, aliased, tiled);
        }
    }
    assert_int_equal(calls, 3 * 2 * 7 * 3 * 2);
    tix_threadpool_destroy(pool);
    free(data);
    free(updates);
    free(aliased);
    free(tiled);
    free(values);
    free(idx);
}

/* Element `at` of a numeric dtype, set to a small non-negative integer v (float16 and
 * bfloat16: v below 256, exact in both). */
static void put_small(void* buffer, tix_dtype dtype, int64_t at, int64_t v) {
    float f = (float)v;
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    uint16_t half = 0;
    if (v > 0) { /* exponent and the top 10 bits of the mantissa (exact below 2048) */
        int e = 0;
        while ((v >> (e + 1)) != 0) e++;
        half = (uint16_t)(((e + 15) << 10) | ((v << (10 - e)) & 0x3FF));
    }
    switch (dtype) {
    case DT_F32: ((float*)buffer)[at] = f; break;
    case DT_F64: ((double*)buffer)[at] = (double)v; break;
    case DT_F16: ((uint16_t*)buffer)[at] = half; break;
    case DT_BF16: ((uint16_t*)buffer)[at] = (uint16_t)(bits >> 16); break;
    case DT_I8: ((int8_t*)buffer)[at] = (int8_t)v; break;
    case DT_U8: ((uint8_t*)buffer)[at] = (uint8_t)v; break;
    case DT_I16: ((int16_t*)buffer)[at] = (int16_t)v; break;
    case DT_U16: ((uint16_t*)buffer)[at] = (uint16_t)v; break;
    case DT_I32: ((int32_t*)buffer)[at] = (int32_t)v; break;
    case DT_U32: ((uint32_t*)buffer)[at] = (uint32_t)v; break;
    case DT_I64: ((int64_t*)buffer)[at] = v; break;
    default: ((uint64_t*)buffer)[at] = (uint64_t)v; break;
    }
}

/* A mean of four or more updates an output element, whose counts the library keeps beside the
 * sums (TIX__REDUCTION_TALLY, src/execute.c: elements and counts in pairs of 8 or 16 bytes),
 * for every real dtype: [P] outputs, N updates by int64, int32 (resolved as they go) and int16
 * indices (resolved first), the last three positions unreached (their data kept), with and
 * without exclude_self. Integers and float32/float64 from sums and counts worked here;
 * float16/bfloat16 from updates all equal to their position's data (the mean is that value, if
 * the counts are right). Then rows ([P, 3] by indices broadcast along the row) and [P, 64] by
 * an index each on a pool into a strided output, float32, against plain loops. */
static void test_mean_tallies(void** state) {
    (void)state;
    enum { P = 40, N = 300, F = 64, ROWS = 400 };
    static const tix_dtype dtypes[] = {DT_F32, DT_F64, DT_F16, DT_BF16, DT_I8,  DT_U8,
                                       DT_I16, DT_U16, DT_I32, DT_U32,  DT_I64, DT_U64};
    static const tix_dtype index_dtypes[] = {DT_I64, DT_I32, DT_I16};
    int64_t position[N], sums[P], counts[P] = {0};
    _Alignas(16) unsigned char data[P * 8], upd[N * 8], out[P * 8], want[P * 8], idx[N * 8];
    for (int k = 0; k < N; k++) {
        position[k] = (int64_t)((unsigned)(k * k * 7 + k) % (P - 3));
        counts[position[k]]++;
    }
    for (size_t t = 0; t < sizeof dtypes / sizeof dtypes[0]; t++) {
        tix_dtype dtype = dtypes[t];
        bool half = dtype == DT_F16 || dtype == DT_BF16;
        for (int p = 0; p < P; p++) put_small(data, dtype, p, p % 9);
        for (int k = 0; k < N; k++) put_small(upd, dtype, k, half ? position[k] % 9 : k * 5 % 11);
        for (int exclude = 0; exclude < 2; exclude++) {
            for (int p = 0; p < P; p++) sums[p] = exclude ? 0 : p % 9;
            for (int k = 0; k < N; k++) sums[position[k]] += k * 5 % 11;
            for (int p = 0; p < P; p++) {
                int64_t divisor = counts[p] + !exclude;
                if (half || counts[p] == 0) {
                    put_small(want, dtype, p, p % 9);
                } else if (dtype == DT_F32) {
                    ((float*)want)[p] = (float)sums[p] / (float)divisor;
                } else if (dtype == DT_F64) {
                    ((double*)want)[p] = (double)sums[p] / (double)divisor;
                } else {
                    put_small(want, dtype, p, sums[p] / divisor);
                }
            }
            for (size_t x = 0; x < sizeof index_dtypes / sizeof index_dtypes[0]; x++) {
                for (int k = 0; k < N; k++) ut_store_index(idx, index_dtypes[x], k, position[k]);
                tix_tensor d = UT_T(data, dtype, P), u = UT_T(upd, dtype, N);
                tix_tensor i = UT_T(idx, index_dtypes[x], N), o = UT_T(out, dtype, P);
                tix_options opt = ut_opts();
                opt.reduction = TIX_REDUCTION_MEAN;
                opt.exclude_self = exclude == 1;
                memset(out, 0x5A, sizeof out);
                EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
                assert_memory_equal(out, want, (size_t)P * tix_dtype_size(dtype));
            }
        }
    }

    /* rows: [P, 3] float32 by indices [N, 3] that repeat along the row (stride 0) */
    float rows_data[P * 3], rows_upd[N * 3], rows_out[P * 3], rows_want[P * 3];
    int64_t rows_sum[P * 3];
    for (int e = 0; e < P * 3; e++) rows_data[e] = (float)(e % 13);
    for (int e = 0; e < N * 3; e++) rows_upd[e] = (float)(e % 7);
    for (int e = 0; e < P * 3; e++) rows_sum[e] = e % 13;
    for (int k = 0; k < N; k++) {
        for (int f = 0; f < 3; f++) rows_sum[position[k] * 3 + f] += (k * 3 + f) % 7;
    }
    for (int e = 0; e < P * 3; e++)
        rows_want[e] = (float)rows_sum[e] / (float)(counts[e / 3] + 1);
    tix_tensor d = UT_T(rows_data, DT_F32, P, 3), u = UT_T(rows_upd, DT_F32, N, 3);
    tix_tensor i = ut_tensor(position, DT_I64, 2, UT_DIMS(N, 3), UT_DIMS(1, 0));
    tix_tensor o = UT_T(rows_out, DT_F32, P, 3);
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_MEAN;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    assert_memory_equal(rows_out, rows_want, sizeof rows_want);

    /* [P, F] float32 along axis 0 by [ROWS, F] updates on a pool (elements enough for tasks),
     * into an output whose rows are F + 3 apart */
    float* wide_data = malloc(sizeof(float) * P * F);
    float* wide_upd = malloc(sizeof(float) * ROWS * F);
    int32_t* wide_idx = malloc(sizeof(int32_t) * ROWS * F);
    float* wide_out = malloc(sizeof(float) * P * (F + 3));
    float* wide_want = malloc(sizeof(float) * P * (F + 3));
    int64_t* wide_sum = calloc(P * F, sizeof(int64_t)); /* (exclude_self: from 0) */
    int32_t* wide_count = calloc(P * F, sizeof(int32_t));
    assert_true(wide_data && wide_upd && wide_idx && wide_out && wide_want && wide_sum &&
                wide_count);
    for (int e = 0; e < P * F; e++) wide_data[e] = (float)(e % 17);
    for (int e = 0; e < ROWS * F; e++) {
        wide_idx[e] = (int32_t)((unsigned)e * 2654435761u % (P - 1)); /* row P - 1 unreached */
        wide_upd[e] = (float)(e % 5);
        wide_sum[wide_idx[e] * F + e % F] += e % 5;
        wide_count[wide_idx[e] * F + e % F]++;
    }
    memset(wide_out, 0x5A, sizeof(float) * P * (F + 3));
    memcpy(wide_want, wide_out, sizeof(float) * P * (F + 3));
    for (int e = 0; e < P * F; e++) {
        int32_t c = wide_count[e];
        wide_want[e / F * (F + 3) + e % F] = c > 0 ? (float)wide_sum[e] / (float)c : wide_data[e];
    }
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    d = UT_T(wide_data, DT_F32, P, F);
    u = UT_T(wide_upd, DT_F32, ROWS, F);
    i = UT_T(wide_idx, DT_I32, ROWS, F);
    o = ut_tensor(wide_out, DT_F32, 2, UT_DIMS(P, F), UT_DIMS(F + 3, 1));
    opt.exclude_self = true;
    opt.executor = &executor;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
    assert_memory_equal(wide_out, wide_want, sizeof(float) * P * (F + 3));
    tix_threadpool_destroy(pool);
    free(wide_data);
    free(wide_upd);
    free(wide_idx);
    free(wide_out);
    free(wide_want);
    free(wide_sum);
    free(wide_count);
}

/* exclude_self into a 1-D output with many updates a position (COVER_UPDATES, execute.c): the
 * identity is placed position by position until every one holds it, and the pass stops there.
 * Data [1000] float32, 40,000 updates, int64 and int32 indices: uniform over every position
 * (about 18 left after the 4,000 of the probe, all covered after about 7,000), or over the first
 * 900 alone (101 left at the probe: the pass's own loop does the rest, from position 899, which
 * only the index right after the probe brings; the others keep data, but 999 under clamp); with
 * negative indices that wrap, and indices out of range clamped or ignored, before and after the
 * probe; add and max, serially and on a pool; against a plain loop. */
static void test_exclude_self_until_covered(void** state) {
    (void)state;
    enum { P = 1000, N = 40000 };
    float data[P], out[P], want[P];
    float* upd = malloc(sizeof(float) * N);
    int64_t* values = malloc(sizeof(int64_t) * N);
    void* idx = malloc(sizeof(int64_t) * N);
    assert_true(upd && values && idx);
    for (int k = 0; k < P; k++)
        data[k] = (float)(k % 13) - 6.0f;
    for (int k = 0; k < N; k++)
        upd[k] = (float)(k % 11) - 5.0f;
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    static const tix_dtype index_dtypes[] = {DT_I64, DT_I32};
    static const tix_out_of_range rules[] = {TIX_OUT_OF_RANGE_CLAMP, TIX_OUT_OF_RANGE_IGNORE};
    int calls = 0;
    for (int reach = 0; reach < 2; reach++) { /* every position, the first 900 */
        uint64_t random = 0x9E3779B97F4A7C15u;
        for (int k = 0; k < N; k++) { /* uniform (xorshift), or the first 900 positions */
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            values[k] = (int64_t)(random % (reach == 0 ? P : 899));
            if (reach == 1 && k < 4 * P) /* the probe: every position but 899, met once, next */
                values[k] = (int64_t)((uint64_t)k * 2654435761u % 899);
            if (reach == 1 && k == 4 * P)
                values[k] = 899;
            if (k % 4099 == 17) values[k] = values[k] - P; /* negative: wraps to the same */
            if (k % 5003 == 3) values[k] = P + 7 + k % 5; /* out of range */
        }
        for (size_t r = 0; r < 2; r++) {
            for (int reduce = 0; reduce < 2; reduce++) { /* add, max */
                memcpy(want, data, sizeof want);
                bool placed[P] = {false};
                for (int k = 0; k < N; k++) {
                    int64_t v = values[k] < 0 ? values[k] + P : values[k];
                    if (v >= P) {
                        if (rules[r] == TIX_OUT_OF_RANGE_IGNORE) continue;
                        v = P - 1;
                    }
                    if (!placed[v]) want[v] = reduce == 0 ? 0.0f : -INFINITY;
                    placed[v] = true;
                    want[v] = reduce == 0 ? want[v] + upd[k] : fmaxf(want[v], upd[k]);
                }
                for (size_t x = 0; x < 2; x++) {
                    for (int k = 0; k < N; k++)
                        ut_store_index(idx, index_dtypes[x], k, values[k]);
                    for (int threads = 1; threads <= 2; threads++) {
                        tix_options o = ut_opts();
                        o.reduction = reduce == 0 ? TIX_REDUCTION_ADD : TIX_REDUCTION_MAX;
                        o.exclude_self = true;
                        o.out_of_range = rules[r];
                        o.executor = threads == 2 ? &executor : NULL;
                        tix_tensor d = UT_T(data, DT_F32, P), o_t = UT_T(out, DT_F32, P);
                        tix_tensor i = ut_tensor(idx, index_dtypes[x], 1, UT_DIMS(N), NULL);
                        tix_tensor u = UT_T(upd, DT_F32, N);
                        memset(out, 0, sizeof out);
                        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o_t, &o));
                        assert_memory_equal(out, want, sizeof want);
                        calls++;
                    }
                }
            }
        }
    }
    assert_int_equal(calls, 2 * 2 * 2 * 2 * 2);
    tix_threadpool_destroy(pool);
    free(upd);
    free(values);
    free(idx);
}

/* A blocked scatter that fails: data [64, 1024] float32 (blocked in tiles of 64 KiB) and 256 rows
 * of updates, so many that the call keeps a copy of the output to put back instead of checking
 * the indices first; one index out of range under the error rule, in tile 0 of row 128. The
 * call fails naming it and leaves the output as it was; with the index in range it sums. */
static void test_cache_blocked_scatter_fails(void** state) {
    (void)state;
    enum { R = 64, C = 1024, U = 256 };
    float* data = malloc(sizeof(float) * R * C);
    float* out = malloc(sizeof(float) * R * C);
    float* before = malloc(sizeof(float) * R * C);
    float* upd = malloc(sizeof(float) * U * C);
    int64_t* idx = malloc(sizeof(int64_t) * U * C);
    assert_true(data && out && before && upd && idx);
    for (int k = 0; k < R * C; k++) {
        data[k] = (float)k;
        out[k] = before[k] = -1.0f - (float)(k % 5);
    }
    for (int k = 0; k < U * C; k++) {
        idx[k] = (int64_t)((uint64_t)k * 2654435761u % R);
        upd[k] = (float)(k % 3);
    }
    idx[U / 2 * C + 3] = R + 5;
    tix_diagnostic diag;
    tix_options add = ut_opts_diag(&diag);
    add.reduction = TIX_REDUCTION_ADD;
    tix_tensor d = UT_T(data, DT_F32, R, C), o = UT_T(out, DT_F32, R, C);
    tix_tensor i = UT_T(idx, DT_I64, U, C), u = UT_T(upd, DT_F32, U, C);
    tix__block_choose(64 * 1024);
    assert_int_equal(tix_scatter_elements(&d, &i, &u, 0, &o, &add),
                     TIX_STATUS_INDEX_OUT_OF_RANGE);
    assert_int_equal(diag.position, U / 2 * C + 3);
    assert_memory_equal(out, before, sizeof(float) * R * C);
    idx[U / 2 * C + 3] = 7;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &add));
    tix__block_choose(0);
    for (int k = 0; k < U * C; k++)
        data[idx[k] * C + k % C] += upd[k]; /* (data becomes the expected sums) */
    assert_memory_equal(out, data, sizeof(float) * R * C);
    free(data);
    free(out);
    free(before);
    free(upd);
    free(idx);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_onnx_scatter_examples),
        cmocka_unit_test(test_onnx_node_tests),
        cmocka_unit_test(test_directml_examples),
        cmocka_unit_test(test_openvino_seu12_examples),
        cmocka_unit_test(test_openvino_seu12_mean),
        cmocka_unit_test(test_duplicates_every_reduction),
        cmocka_unit_test(test_mean_rows),
        cmocka_unit_test(test_mean_kernel_counts),
        cmocka_unit_test(test_resumed_loops),
        cmocka_unit_test(test_exclude_self_identities),
        cmocka_unit_test(test_integer_wraparound),
        cmocka_unit_test(test_integer_mean_sum_wraps),
        cmocka_unit_test(test_nan_propagates),
        cmocka_unit_test(test_bool_rules),
        cmocka_unit_test(test_complex_rules),
        cmocka_unit_test(test_float16_bfloat16),
        cmocka_unit_test(test_bfloat16_results),
        cmocka_unit_test(test_string_and_float8),
        cmocka_unit_test(test_out_of_range_modes),
        cmocka_unit_test(test_broadcast_and_strides),
        cmocka_unit_test(test_dropped_updates_and_mean),
        cmocka_unit_test(test_zero_size),
        cmocka_unit_test(test_shape_inference_and_checks),
        cmocka_unit_test(test_staged_rows),
        cmocka_unit_test(test_plain_loop_lines),
        cmocka_unit_test(test_nan_canonical_sums),
        cmocka_unit_test(test_cache_blocked_scatters),
        cmocka_unit_test(test_aliased_scatters),
        cmocka_unit_test(test_cache_blocked_scatter_fails),
        cmocka_unit_test(test_exclude_self_until_covered),
        cmocka_unit_test(test_mean_tallies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
