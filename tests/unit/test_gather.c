/* tix_gather and tix_gather_shape: the ONNX Gather-1/11/13 and OpenVINO Gather-8 worked
 * examples, scalar indices, zero-size dimensions, negative axis and indices, batch_dims, every
 * out-of-range mode, every index dtype, strided views, every dtype, shape inference, the
 * shortest loop of small rows, rows read in order within their bounds, and rows prefetched at
 * any distance. */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS */
#include <sys/mman.h>
#include <unistd.h>

#include "unit.h"

/* (internal hooks of the static library: the store mode, 0 streaming stores, 1 ordinary ones,
 * 2 ordinary ones and string copies, 3 streaming ones but for rows under 32 bytes, -1 the
 * CPU's; whether outputs past the thresholds stream, and a gather's rows of so many bytes) */
void tix__stores_choose(int mode);
bool tix__streaming(void);
bool tix__streaming_rows(size_t bytes);
bool tix__streaming_stages(void);
bool tix__string_copies(void);
/* (the lines a row gather prefetches ahead, or 0: the CPU's) */
void tix__prefetch_choose(int lines);

/* ONNX Gather-1/11/13, first example: axis 0, 2-D indices. */
static void test_onnx_gather_example_axis0(void** state) {
    (void)state;
    float data[] = {1.0f, 1.2f, 2.3f, 3.4f, 4.5f, 5.7f};
    int64_t idx64[] = {0, 1, 1, 2};
    int32_t idx32[] = {0, 1, 1, 2};
    float out[8];
    tix_tensor d = UT_T(data, DT_F32, 3, 2);
    tix_tensor o = UT_T(out, DT_F32, 2, 2, 2);

    tix_tensor i = UT_T(idx64, DT_I64, 2, 2);
    memset(out, 0, sizeof out);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
    EXPECT_F32(out, 1.0f, 1.2f, 2.3f, 3.4f, 2.3f, 3.4f, 4.5f, 5.7f);

    i = UT_T(idx32, DT_I32, 2, 2);
    memset(out, 0, sizeof out);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
    EXPECT_F32(out, 1.0f, 1.2f, 2.3f, 3.4f, 2.3f, 3.4f, 4.5f, 5.7f);

    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, 0, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 2, 2, 2);
}

/* ONNX Gather-1/11/13, second example: axis 1 (and the same with axis -1). */
static void test_onnx_gather_example_axis1(void** state) {
    (void)state;
    float data[] = {1.0f, 1.2f, 1.9f, 2.3f, 3.4f, 3.9f, 4.5f, 5.7f, 5.9f};
    int64_t idx[] = {0, 2};
    float out[6];
    tix_tensor d = UT_T(data, DT_F32, 3, 3);
    tix_tensor i = UT_T(idx, DT_I64, 1, 2);
    tix_tensor o = UT_T(out, DT_F32, 3, 1, 2);

    memset(out, 0, sizeof out);
    EXPECT_OK(tix_gather(&d, &i, 1, 0, &o, NULL));
    EXPECT_F32(out, 1.0f, 1.9f, 2.3f, 3.9f, 4.5f, 5.9f);

    memset(out, 0, sizeof out);
    EXPECT_OK(tix_gather(&d, &i, -1, 0, &o, NULL));
    EXPECT_F32(out, 1.0f, 1.9f, 2.3f, 3.9f, 4.5f, 5.9f);

    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, -1, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 3, 1, 2);
}

/* ONNX Gather-13's table of shapes, scalar indices included, checked by shape inference and by
 * running each row. */
static void test_onnx_gather13_shape_table(void** state) {
    (void)state;
    tix_tensor s;
    int64_t scalar_index = 0;

    /* (P, Q), scalar, axis 0 -> (Q) */
    tix_tensor pq = UT_T(NULL, DT_F32, 3, 4);
    tix_tensor scalar = ut_scalar(NULL, DT_I64);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&pq, &scalar, 0, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 4);

    /* (P, Q, R), scalar, axis 1 -> (P, R) */
    tix_tensor pqr = UT_T(NULL, DT_F32, 2, 3, 4);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&pqr, &scalar, 1, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 2, 4);

    /* (P, Q), (R, S), axis 0 -> (R, S, Q) */
    tix_tensor rs = UT_T(NULL, DT_I64, 5, 6);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&pq, &rs, 0, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 5, 6, 4);

    /* (P, Q), (R, S), axis 1 -> (P, R, S) */
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&pq, &rs, 1, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 3, 5, 6);

    /* Running the rows. data (3, 4) = 0..11, (2, 3, 4) = 0..23. */
    int32_t d34[12], d234[24];
    for (int k = 0; k < 12; ++k) {
        d34[k] = k;
    }
    for (int k = 0; k < 24; ++k) {
        d234[k] = k;
    }
    int32_t out[24];
    tix_tensor d = UT_T(d34, DT_I32, 3, 4);
    tix_tensor i = ut_scalar(&scalar_index, DT_I64);

    /* output[q] = data[indices, q] */
    scalar_index = 2;
    tix_tensor o = UT_T(out, DT_I32, 4);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
    EXPECT_I32(out, 8, 9, 10, 11);

    /* output[p, r] = data[p, indices, r] */
    scalar_index = 1;
    d = UT_T(d234, DT_I32, 2, 3, 4);
    o = UT_T(out, DT_I32, 2, 4);
    EXPECT_OK(tix_gather(&d, &i, 1, 0, &o, NULL));
    EXPECT_I32(out, 4, 5, 6, 7, 16, 17, 18, 19);

    /* output[r, s, q] = data[indices[r, s], q] */
    int64_t rs_idx[] = {2, 0, 1, 2};
    tix_tensor ri = UT_T(rs_idx, DT_I64, 2, 2);
    d = UT_T(d34, DT_I32, 3, 4);
    o = UT_T(out, DT_I32, 2, 2, 4);
    EXPECT_OK(tix_gather(&d, &ri, 0, 0, &o, NULL));
    EXPECT_I32(out, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);

    /* output[p, r, s] = data[p, indices[r, s]] */
    o = UT_T(out, DT_I32, 3, 2, 2);
    EXPECT_OK(tix_gather(&d, &ri, 1, 0, &o, NULL));
    EXPECT_I32(out, 2, 0, 1, 2, 6, 4, 5, 6, 10, 8, 9, 10);
}

/* ONNX test_gather_negative_indices: arange(10), indices [0, -9, -10]. */
static void test_onnx_gather_negative_indices(void** state) {
    (void)state;
    float data[10];
    for (int k = 0; k < 10; ++k) {
        data[k] = (float)k;
    }
    int64_t idx[] = {0, -9, -10};
    float out[3] = {-1.0f, -1.0f, -1.0f};
    tix_tensor d = UT_T(data, DT_F32, 10);
    tix_tensor i = UT_T(idx, DT_I64, 3);
    tix_tensor o = UT_T(out, DT_F32, 3);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
    EXPECT_F32(out, 0.0f, 1.0f, 0.0f);

    /* PyTorch-style: negative indices are out of range. */
    tix_options opt = ut_opts();
    opt.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE;
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
}

/* OpenVINO Gather-8 examples 1-6 (batch_dims 0, 1, 2, -1, axis > batch_dims, negative
 * indices). */
static void test_openvino_gather8_examples(void** state) {
    (void)state;
    int32_t out[24];

    /* Example 1 */
    {
        int32_t data[] = {1, 2, 3, 4, 5};
        int32_t idx[] = {0, 0, 4};
        tix_tensor d = UT_T(data, DT_I32, 5);
        tix_tensor i = UT_T(idx, DT_I32, 3);
        tix_tensor o = UT_T(out, DT_I32, 3);
        EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
        EXPECT_I32(out, 1, 1, 5);
    }
    /* Example 2 (batch_dims 1) and example 5 (batch_dims -1) */
    {
        int32_t data[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        int32_t idx[] = {0, 0, 4, 4, 0, 0};
        tix_tensor d = UT_T(data, DT_I32, 2, 5);
        tix_tensor i = UT_T(idx, DT_I32, 2, 3);
        tix_tensor o = UT_T(out, DT_I32, 2, 3);
        memset(out, 0, sizeof out);
        EXPECT_OK(tix_gather(&d, &i, 1, 1, &o, NULL));
        EXPECT_I32(out, 1, 1, 5, 10, 6, 6);
        memset(out, 0, sizeof out);
        EXPECT_OK(tix_gather(&d, &i, 1, -1, &o, NULL));
        EXPECT_I32(out, 1, 1, 5, 10, 6, 6);
        tix_tensor s = ut_garbage_tensor();
        EXPECT_OK(tix_gather_shape(&d, &i, 1, -1, &s, NULL));
        EXPECT_SHAPE(&s, DT_I32, 2, 3);
    }
    /* Example 3 (batch_dims 2) */
    {
        int32_t data[20];
        for (int k = 0; k < 20; ++k) {
            data[k] = k + 1;
        }
        int32_t idx[] = {0, 0, 4, 4, 0, 0, 1, 2, 4, 4, 3, 2};
        tix_tensor d = UT_T(data, DT_I32, 2, 2, 5);
        tix_tensor i = UT_T(idx, DT_I32, 2, 2, 3);
        tix_tensor o = UT_T(out, DT_I32, 2, 2, 3);
        EXPECT_OK(tix_gather(&d, &i, 2, 2, &o, NULL));
        EXPECT_I32(out, 1, 1, 5, 10, 6, 6, 12, 13, 15, 20, 19, 18);
    }
    /* Example 4 (axis 2 > batch_dims 1) */
    {
        int32_t data[40];
        for (int k = 0; k < 40; ++k) {
            data[k] = k + 1;
        }
        int32_t idx[] = {1, 2, 4, 4, 3, 2};
        tix_tensor d = UT_T(data, DT_I32, 2, 1, 5, 4);
        tix_tensor i = UT_T(idx, DT_I32, 2, 3);
        tix_tensor o = UT_T(out, DT_I32, 2, 1, 3, 4);
        EXPECT_OK(tix_gather(&d, &i, 2, 1, &o, NULL));
        EXPECT_I32(out, 5, 6, 7, 8, 9, 10, 11, 12, 17, 18, 19, 20, 37, 38, 39, 40, 33, 34, 35, 36,
                   29, 30, 31, 32);
        tix_tensor s = ut_garbage_tensor();
        EXPECT_OK(tix_gather_shape(&d, &i, 2, 1, &s, NULL));
        EXPECT_SHAPE(&s, DT_I32, 2, 1, 3, 4);
    }
    /* Example 6 (negative indices) */
    {
        int32_t data[] = {1, 2, 3, 4, 5};
        int32_t idx[] = {0, -2, -1};
        tix_tensor d = UT_T(data, DT_I32, 5);
        tix_tensor i = UT_T(idx, DT_I32, 3);
        tix_tensor o = UT_T(out, DT_I32, 3);
        EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
        EXPECT_I32(out, 1, 4, 5);
    }
}

/* OpenVINO Gather-8 example 7: indices [3, 10, -20] on 5 elements, out of range filled with 0
 * (negative indices wrap once: -20 + 5 is still out of range). */
static void test_openvino_gather8_example7(void** state) {
    (void)state;
    int32_t data[] = {1, 2, 3, 4, 5};
    int32_t idx[] = {3, 10, -20};
    int32_t out[3] = {-1, -1, -1};
    tix_tensor d = UT_T(data, DT_I32, 5);
    tix_tensor i = UT_T(idx, DT_I32, 3);
    tix_tensor o = UT_T(out, DT_I32, 3);
    tix_options opt = ut_opts();
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    opt.negative_indices = TIX_NEGATIVE_WRAP;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I32(out, 4, 0, 0);

    /* The default (ONNX) fails on the first bad index. */
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
}

/* Scalar indices into rank-1 data give a rank-0 output. */
static void test_rank0_output(void** state) {
    (void)state;
    int16_t data[] = {10, 20, 30, 40, 50};
    int8_t index = -1;
    int16_t out = 0;
    tix_tensor d = UT_T(data, DT_I16, 5);
    tix_tensor i = ut_scalar(&index, DT_I8);
    tix_tensor o = ut_scalar(&out, DT_I16);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
    assert_int_equal(out, 50);

    index = 1;
    EXPECT_OK(tix_gather(&d, &i, -1, 0, &o, NULL));
    assert_int_equal(out, 20);

    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, 0, 0, &s, NULL));
    EXPECT_SHAPE_SCALAR(&s, DT_I16);

    /* Rank-1 indices into rank-1 data. */
    uint16_t idx[] = {4, 0, 2, 2};
    int16_t out4[4];
    i = UT_T(idx, DT_U16, 4);
    o = UT_T(out4, DT_I16, 4);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
    EXPECT_I16(out4, 50, 10, 30, 30);

    /* A shape mismatch: a rank-1 output of one element is not the rank-0 output. */
    index = 0;
    i = ut_scalar(&index, DT_I8);
    o = UT_T(&out, DT_I16, 1);
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, NULL), TIX_STATUS_SHAPE_MISMATCH);
}

/* Zero-size dimensions: the call succeeds and writes nothing. */
static void test_zero_size(void** state) {
    (void)state;
    float data[6] = {1, 2, 3, 4, 5, 6};
    unsigned char sentinel[64];
    memset(sentinel, 0xEE, sizeof sentinel);
    tix_tensor s;

    /* Empty indices: output [0, 2]; output data NULL, and a sentinel buffer left as it was. */
    tix_tensor d = UT_T(data, DT_F32, 3, 2);
    tix_tensor i = UT_T(NULL, DT_I64, 0);
    tix_tensor o = UT_T(NULL, DT_F32, 0, 2);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
    o.data = sentinel;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
    assert_true(ut_all_bytes(sentinel, sizeof sentinel, 0xEE));
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, 0, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 0, 2);

    /* Indices [2, 0] along axis 1: output [3, 2, 0]. */
    i = UT_T(NULL, DT_I32, 2, 0);
    o = UT_T(sentinel, DT_F32, 3, 2, 0);
    EXPECT_OK(tix_gather(&d, &i, 1, 0, &o, NULL));
    assert_true(ut_all_bytes(sentinel, sizeof sentinel, 0xEE));

    /* Data with an empty non-axis dimension: data [3, 0], indices [2] -> output [2, 0]. */
    int64_t idx[] = {0, 2};
    d = UT_T(NULL, DT_F32, 3, 0);
    i = UT_T(idx, DT_I64, 2);
    o = UT_T(sentinel, DT_F32, 2, 0);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
    assert_true(ut_all_bytes(sentinel, sizeof sentinel, 0xEE));
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, 0, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 2, 0);

    /* Empty axis and empty indices: data [0, 3], indices [0] -> output [0, 3]. */
    d = UT_T(NULL, DT_F32, 0, 3);
    i = UT_T(NULL, DT_I64, 0);
    o = UT_T(NULL, DT_F32, 0, 3);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));

    /* A non-empty index into an empty axis is out of range (and CLAMP and WRAP cannot help). */
    int64_t zero = 0;
    float one_out = 42.0f;
    d = UT_T(NULL, DT_F32, 0);
    i = UT_T(&zero, DT_I64, 1);
    o = UT_T(&one_out, DT_F32, 1);
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
    tix_options opt = ut_opts();
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    /* IGNORE writes the fill value. */
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_F32(&one_out, 0.0f);
}

/* Negative axis on rank 3 data. */
static void test_negative_axis(void** state) {
    (void)state;
    int32_t data[24];
    for (int k = 0; k < 24; ++k) {
        data[k] = k;
    }
    int64_t idx[] = {2, 0};
    int32_t out_pos[24], out_neg[24];
    tix_tensor d = UT_T(data, DT_I32, 2, 3, 4);
    tix_tensor i = UT_T(idx, DT_I64, 2);

    tix_tensor o = UT_T(out_pos, DT_I32, 2, 2, 4);
    EXPECT_OK(tix_gather(&d, &i, 1, 0, &o, NULL));
    o.data = out_neg;
    EXPECT_OK(tix_gather(&d, &i, -2, 0, &o, NULL));
    EXPECT_I32(out_pos, 8, 9, 10, 11, 0, 1, 2, 3, 20, 21, 22, 23, 12, 13, 14, 15);
    EXPECT_I32(out_neg, 8, 9, 10, 11, 0, 1, 2, 3, 20, 21, 22, 23, 12, 13, 14, 15);

    o = UT_T(out_pos, DT_I32, 2, 3, 2);
    EXPECT_OK(tix_gather(&d, &i, -1, 0, &o, NULL));
    EXPECT_I32(out_pos, 2, 0, 6, 4, 10, 8, 14, 12, 18, 16, 22, 20);

    /* axis -3 is 0, of size 2: indices {-1, 0} pick the two blocks in reverse order. */
    int64_t idx0[] = {-1, 0};
    i = UT_T(idx0, DT_I64, 2);
    o = UT_T(out_pos, DT_I32, 2, 3, 4);
    EXPECT_OK(tix_gather(&d, &i, -3, 0, &o, NULL));
    EXPECT_I32(out_pos, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6, 7, 8,
               9, 10, 11);
}

/* batch_dims equal to the indices rank, and negative batch_dims. */
static void test_batch_dims(void** state) {
    (void)state;
    int32_t data[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    int64_t idx[] = {4, 0};
    int32_t out[2] = {0, 0};
    tix_tensor d = UT_T(data, DT_I32, 2, 5);
    tix_tensor i = UT_T(idx, DT_I64, 2);
    tix_tensor o = UT_T(out, DT_I32, 2);

    /* b = q = 1: output[d0] = data[d0, indices[d0]] */
    EXPECT_OK(tix_gather(&d, &i, 1, 1, &o, NULL));
    EXPECT_I32(out, 5, 6);
    memset(out, 0, sizeof out);
    EXPECT_OK(tix_gather(&d, &i, -1, 1, &o, NULL));
    EXPECT_I32(out, 5, 6);

    /* b = -q is 0. */
    int32_t out4[4];
    o = UT_T(out4, DT_I32, 2, 2);
    EXPECT_OK(tix_gather(&d, &i, 1, -1, &o, NULL));
    EXPECT_I32(out4, 5, 1, 10, 6);

    /* batch_dims on 3-D indices, b = -1 means 2: data [2, 2, 3], indices [2, 2, 2]. */
    int32_t d3[12];
    for (int k = 0; k < 12; ++k) {
        d3[k] = 100 + k;
    }
    int32_t i3[] = {2, 0, 1, 1, 0, 0, -1, 1};
    int32_t out8[8];
    d = UT_T(d3, DT_I32, 2, 2, 3);
    i = UT_T(i3, DT_I32, 2, 2, 2);
    o = UT_T(out8, DT_I32, 2, 2, 2);
    EXPECT_OK(tix_gather(&d, &i, 2, -1, &o, NULL));
    EXPECT_I32(out8, 102, 100, 104, 104, 106, 106, 111, 110);
    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, 2, -1, &s, NULL));
    EXPECT_SHAPE(&s, DT_I32, 2, 2, 2);

    /* batch_dims out of range: > q, < -q, or > axis. */
    EXPECT_STATUS(tix_gather(&d, &i, 2, 4, &o, NULL), TIX_STATUS_INVALID_BATCH_DIMS);
    EXPECT_STATUS(tix_gather(&d, &i, 2, -4, &o, NULL), TIX_STATUS_INVALID_BATCH_DIMS);
    EXPECT_STATUS(tix_gather(&d, &i, 1, 2, &o, NULL), TIX_STATUS_INVALID_BATCH_DIMS);
    EXPECT_STATUS(tix_gather(&d, &i, 0, -2, &o, NULL), TIX_STATUS_INVALID_BATCH_DIMS);

    /* Batch dimensions must be equal. */
    int32_t i_bad[6] = {0, 0, 0, 0, 0, 0};
    i = UT_T(i_bad, DT_I32, 3, 2);
    d = UT_T(data, DT_I32, 2, 5);
    o = UT_T(out8, DT_I32, 2, 2);
    EXPECT_STATUS(tix_gather(&d, &i, 1, 1, &o, NULL), TIX_STATUS_SHAPE_MISMATCH);
}

/* Every out-of-range mode and negative-indices mode on indices [3, 10, -2, -7] into 5
 * elements. */
static void test_out_of_range_modes(void** state) {
    (void)state;
    int32_t data[] = {1, 2, 3, 4, 5};
    int64_t idx[] = {3, 10, -2, -7};
    int32_t out[4];
    tix_tensor d = UT_T(data, DT_I32, 5);
    tix_tensor i = UT_T(idx, DT_I64, 4);
    tix_tensor o = UT_T(out, DT_I32, 4);
    tix_options opt = ut_opts();
    tix_diagnostic diag;
    opt.diagnostic = &diag;

    opt.out_of_range = TIX_OUT_OF_RANGE_ERROR;
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 1, 10,
                      "indices[1] = 10 is outside [-5, 4] for axis 0 of data with shape [5]", NULL);

    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    memset(out, 0x77, sizeof out);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I32(out, 4, 0, 4, 0);

    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I32(out, 4, 5, 4, 1);

    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I32(out, 4, 1, 4, 4);

    opt.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE;

    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    memset(out, 0x77, sizeof out);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I32(out, 4, 0, 0, 0);

    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I32(out, 4, 5, 1, 1);

    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I32(out, 4, 1, 4, 4);

    /* NEGATIVE_OUT_OF_RANGE with ERROR: -1 fails, and the range printed is [0, 4]. */
    int64_t idx2[] = {0, -1};
    i = UT_T(idx2, DT_I64, 2);
    o = UT_T(out, DT_I32, 2);
    opt.out_of_range = TIX_OUT_OF_RANGE_ERROR;
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 1, -1,
                      "indices[1] = -1 is outside [0, 4] for axis 0 of data with shape [5]", NULL);
    /* ... and with NEGATIVE_WRAP it is the last element. */
    opt.negative_indices = TIX_NEGATIVE_WRAP;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I32(out, 1, 5);
    EXPECT_DIAG_RESET(&diag);
}

/* IGNORE with a custom fill value fills whole slices; NULL fill is zero bytes. */
static void test_fill_value(void** state) {
    (void)state;
    float data[] = {1, 2, 3, 4, 5, 6};
    int32_t idx[] = {1, 5, -4, 0};
    float out[8];
    float fill = -1.5f;
    tix_tensor d = UT_T(data, DT_F32, 3, 2);
    tix_tensor i = UT_T(idx, DT_I32, 4);
    tix_tensor o = UT_T(out, DT_F32, 4, 2);
    tix_options opt = ut_opts();
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;

    opt.fill_value = &fill;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_F32(out, 3, 4, -1.5f, -1.5f, -1.5f, -1.5f, 1, 2);

    opt.fill_value = NULL;
    memset(out, 0xFF, sizeof out);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_F32(out, 3, 4, 0, 0, 0, 0, 1, 2);

    /* Along axis 1 the fill is one element per bad index. */
    int64_t idx1[] = {-1, 2};
    float out1[6];
    fill = 9.0f;
    opt.fill_value = &fill;
    i = UT_T(idx1, DT_I64, 2);
    o = UT_T(out1, DT_F32, 3, 2);
    EXPECT_OK(tix_gather(&d, &i, 1, 0, &o, &opt));
    EXPECT_F32(out1, 2, 9, 4, 9, 6, 9);

    /* A fill value is ignored in the other modes. */
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_gather(&d, &i, 1, 0, &o, &opt));
    EXPECT_F32(out1, 2, 2, 4, 4, 6, 6);

    /* double fill */
    double dd[] = {0.5, 0.25};
    double dout[3];
    double dfill = -0.0625;
    int8_t i8[] = {1, 2, 0};
    d = UT_T(dd, DT_F64, 2);
    i = UT_T(i8, DT_I8, 3);
    o = UT_T(dout, DT_F64, 3);
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    opt.fill_value = &dfill;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_F64(dout, 0.25, -0.0625, 0.5);

    /* fill values of 16-byte, 2-byte and 1-byte dtypes */
    double c[] = {1, 2, 3, 4};
    double cout[6];
    double cfill[2] = {1.5, -2.5};
    d = UT_T(c, DT_C128, 2);
    o = UT_T(cout, DT_C128, 3);
    opt.fill_value = cfill;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_F64(cout, 3, 4, 1.5, -2.5, 1, 2);
    uint16_t h[] = {F16_ONE, F16_TWO};
    uint16_t hout[3];
    uint16_t hfill = F16_NAN;
    d = UT_T(h, DT_F16, 2);
    o = UT_T(hout, DT_F16, 3);
    opt.fill_value = &hfill;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_U16(hout, F16_TWO, F16_NAN, F16_ONE);
    uint8_t b[] = {0, 1};
    uint8_t bout[3];
    uint8_t bfill = 1;
    d = UT_T(b, DT_BOOL, 2);
    o = UT_T(bout, DT_BOOL, 3);
    opt.fill_value = &bfill;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_U8(bout, 1, 1, 0);
    opt.fill_value = NULL;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_U8(bout, 1, 0, 0);
}

/* uint64 indices above INT64_MAX are huge positive values, never negative. */
static void test_uint64_above_int64_max(void** state) {
    (void)state;
    int32_t data[] = {1, 2, 3, 4, 5};
    uint64_t idx[] = {UINT64_MAX, (uint64_t)1 << 63, 2};
    int32_t out[3];
    tix_tensor d = UT_T(data, DT_I32, 5);
    tix_tensor i = UT_T(idx, DT_U64, 3);
    tix_tensor o = UT_T(out, DT_I32, 3);
    tix_options opt = ut_opts();
    tix_diagnostic diag;
    opt.diagnostic = &diag;

    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 0, -1, NULL, "indices[0]");

    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I32(out, 0, 0, 3);

    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I32(out, 5, 5, 3);

    /* (2^64 - 1) mod 5 = 0, 2^63 mod 5 = 3 */
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I32(out, 1, 4, 3);

    /* The same for the smaller unsigned types: their top values are not -1. */
    uint8_t u8[] = {255, 4};
    uint16_t u16[] = {65535, 4};
    uint32_t u32[] = {4294967295u, 4};
    int32_t out2[2];
    o = UT_T(out2, DT_I32, 2);
    opt.out_of_range = TIX_OUT_OF_RANGE_ERROR;
    i = UT_T(u8, DT_U8, 2);
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 0, 255, NULL, "255");
    i = UT_T(u16, DT_U16, 2);
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 0, 65535, NULL, "65535");
    i = UT_T(u32, DT_U32, 2);
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 0, 4294967295LL, NULL, "4294967295");

    /* WRAP: 255 mod 5 = 0, 65535 mod 5 = 0, (2^32 - 1) mod 5 = 0 */
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    i = UT_T(u8, DT_U8, 2);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I32(out2, 1, 5);
    i = UT_T(u16, DT_U16, 2);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I32(out2, 1, 5);
    i = UT_T(u32, DT_U32, 2);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I32(out2, 1, 5);
}

/* Every index dtype gives the same result; signed ones wrap negatives. */
static void test_index_dtypes(void** state) {
    (void)state;
    int64_t data[] = {10, 20, 30, 40, 50, 60, 70};
    int64_t out[3];
    tix_tensor d = UT_T(data, DT_I64, 7);
    tix_tensor o = UT_T(out, DT_I64, 3);

    int8_t i8[] = {6, 0, 3};
    int16_t i16[] = {6, 0, 3};
    int32_t i32[] = {6, 0, 3};
    int64_t i64[] = {6, 0, 3};
    uint8_t u8[] = {6, 0, 3};
    uint16_t u16[] = {6, 0, 3};
    uint32_t u32[] = {6, 0, 3};
    uint64_t u64[] = {6, 0, 3};
    void* bufs[] = {i8, i16, i32, i64, u8, u16, u32, u64};
    tix_dtype types[] = {DT_I8, DT_I16, DT_I32, DT_I64, DT_U8, DT_U16, DT_U32, DT_U64};
    for (int k = 0; k < 8; ++k) {
        tix_tensor i = UT_T(bufs[k], types[k], 3);
        memset(out, 0, sizeof out);
        EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
        EXPECT_I64(out, 70, 10, 40);
    }

    int8_t n8[] = {-1, -7, INT8_MIN};
    int16_t n16[] = {-1, -7, 3};
    int32_t n32[] = {-1, -7, 3};
    tix_tensor i = UT_T(n16, DT_I16, 3);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
    EXPECT_I64(out, 70, 10, 40);
    i = UT_T(n32, DT_I32, 3);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
    EXPECT_I64(out, 70, 10, 40);
    /* int8 -128 is out of range for 7 elements; WRAP: -128 mod 7 = 5 */
    i = UT_T(n8, DT_I8, 3);
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
    tix_options opt = ut_opts();
    opt.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I64(out, 70, 10, 60);

    /* Extreme int64 values under WRAP and CLAMP. */
    int64_t ext[] = {INT64_MIN, INT64_MAX, -8};
    i = UT_T(ext, DT_I64, 3);
    /* 2^63 mod 7 = 1 (2^3 = 8 = 1 mod 7, 63 = 3*21), so -2^63 mod 7 = 6 and (2^63 - 1) mod 7 = 0;
     * -8 mod 7 = 6. */
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I64(out, 70, 10, 70);
    opt.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_I64(out, 10, 70, 10);

    /* Float indices are rejected. */
    float fi[] = {0, 1, 2};
    i = UT_T(fi, DT_F32, 3);
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, NULL), TIX_STATUS_INVALID_INDEX_DTYPE);
}

/* Strided views: reversed data, broadcast indices (0 stride), padded and transposed output. */
static void test_strided_views(void** state) {
    (void)state;
    /* data 3x4 = 0..11 stored dense; the view reverses the rows. */
    int32_t buf[12];
    for (int k = 0; k < 12; ++k) {
        buf[k] = k;
    }
    tix_tensor d = ut_tensor(buf + 8, DT_I32, 2, UT_DIMS(3, 4), UT_DIMS(-4, 1));
    /* indices [2, 3] broadcast from one row {0, 2, -1} */
    int64_t row[] = {0, 2, -1};
    tix_tensor i = ut_tensor(row, DT_I64, 2, UT_DIMS(2, 3), UT_DIMS(0, 1));
    /* output [2, 3, 4] in a padded buffer: strides [40, 12, 2] */
    int32_t out[80];
    for (int k = 0; k < 80; ++k) {
        out[k] = -1;
    }
    tix_tensor o = ut_tensor(out, DT_I32, 3, UT_DIMS(2, 3, 4), UT_DIMS(40, 12, 2));
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
    /* view row 0 = buf row 2 = 8..11, view row 2 = buf row 0 = 0..3 */
    const int32_t want[3][4] = {{8, 9, 10, 11}, {0, 1, 2, 3}, {0, 1, 2, 3}};
    for (int a = 0; a < 2; ++a) {
        for (int b = 0; b < 3; ++b) {
            for (int c = 0; c < 4; ++c) {
                assert_int_equal(out[a * 40 + b * 12 + c * 2], want[b][c]);
                assert_int_equal(out[a * 40 + b * 12 + c * 2 + 1], -1);
            }
        }
    }

    /* A transposed (column-major) output of gather along axis 1. */
    int64_t cols[] = {3, 1};
    int32_t t_out[6];
    i = UT_T(cols, DT_I64, 2);
    d = UT_T(buf, DT_I32, 3, 4);
    o = ut_tensor(t_out, DT_I32, 2, UT_DIMS(3, 2), UT_DIMS(1, 3));
    EXPECT_OK(tix_gather(&d, &i, 1, 0, &o, NULL));
    /* logical output [[3, 1], [7, 5], [11, 9]] stored column-major */
    EXPECT_I32(t_out, 3, 7, 11, 1, 5, 9);

    /* Negative strides on indices and output together. */
    int32_t r_out[4];
    int16_t ridx[] = {0, 1, 2, 3};
    tix_tensor ri = ut_tensor(ridx + 3, DT_I16, 1, UT_DIMS(4), UT_DIMS(-1));
    tix_tensor rd = UT_T(buf, DT_I32, 12);
    o = ut_tensor(r_out + 3, DT_I32, 1, UT_DIMS(4), UT_DIMS(-1));
    EXPECT_OK(tix_gather(&rd, &ri, 0, 0, &o, NULL));
    EXPECT_I32(r_out, 0, 1, 2, 3);
}

/* Every dtype moves: bytes patterns of every element size, strings by pointer. */
static void test_every_dtype_moves(void** state) {
    (void)state;
    for (int t = 1; t < TIX_DTYPE_COUNT; ++t) {
        tix_dtype dt = (tix_dtype)t;
        if (dt == DT_STR) {
            continue;
        }
        size_t size = tix_dtype_size(dt);
        assert_true(size >= 1 && size <= 16);
        unsigned char data[4 * 16];
        unsigned char out[3 * 16];
        for (size_t k = 0; k < sizeof data; ++k) {
            data[k] = (unsigned char)(k * 7 + 1);
        }
        memset(out, 0, sizeof out);
        int32_t idx[] = {3, 0, 2};
        tix_tensor d = UT_T(data, dt, 4);
        tix_tensor i = UT_T(idx, DT_I32, 3);
        tix_tensor o = UT_T(out, dt, 3);
        EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
        assert_memory_equal(out, data + 3 * size, size);
        assert_memory_equal(out + size, data, size);
        assert_memory_equal(out + 2 * size, data + 2 * size, size);
    }

    /* Strings: pointers move; IGNORE fills with "" or the given string. */
    const char* words[] = {"zero", "one", "two"};
    const char* out[4] = {NULL, NULL, NULL, NULL};
    int64_t idx[] = {2, 7, 0, -1};
    tix_tensor d = UT_T(words, DT_STR, 3);
    tix_tensor i = UT_T(idx, DT_I64, 4);
    tix_tensor o = UT_T(out, DT_STR, 4);
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
    tix_options opt = ut_opts();
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    assert_ptr_equal(out[0], words[2]);
    assert_non_null(out[1]);
    assert_string_equal(out[1], "");
    assert_ptr_equal(out[2], words[0]);
    assert_ptr_equal(out[3], words[2]);
    const char* fill = "missing";
    opt.fill_value = &fill;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_PTR(out, words[2], fill, words[0], words[2]);
}

/* Shape inference reads no element: every data pointer is NULL. */
static void test_shape_inference(void** state) {
    (void)state;
    tix_tensor d = UT_T(NULL, DT_BF16, 4, 5, 6);
    tix_tensor i = UT_T(NULL, DT_U32, 7, 8);
    tix_tensor s;

    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, 0, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_BF16, 7, 8, 5, 6);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, 1, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_BF16, 4, 7, 8, 6);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, -1, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_BF16, 4, 5, 7, 8);

    /* batch_dims 1: data [7, 5, 6], indices [7, 8], axis 2 -> [7, 5, 8] */
    d = UT_T(NULL, DT_STR, 7, 5, 6);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, 2, 1, &s, NULL));
    EXPECT_SHAPE(&s, DT_STR, 7, 5, 8);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, -1, -1, &s, NULL));
    EXPECT_SHAPE(&s, DT_STR, 7, 5, 8);

    /* Non-dense input strides do not change the output strides. */
    d = ut_tensor(NULL, DT_F64, 2, UT_DIMS(3, 4), UT_DIMS(-1, 100));
    i = ut_tensor(NULL, DT_I64, 1, UT_DIMS(5), UT_DIMS(0));
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, 0, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F64, 5, 4);

    /* Rank 16 output: data rank 9, indices rank 8 (the most: 9 - 1 + 8 = 16). */
    int64_t dshape[9] = {1, 2, 1, 2, 1, 2, 1, 2, 1};
    int64_t ishape[8] = {2, 1, 2, 1, 2, 1, 2, 1};
    d = ut_tensor(NULL, DT_U8, 9, dshape, NULL);
    i = ut_tensor(NULL, DT_I8, 8, ishape, NULL);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, 4, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_U8, 1, 2, 1, 2, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1);
    /* ... and one more is past TIX_MAX_RANK. */
    int64_t dshape10[10] = {1, 2, 1, 2, 1, 2, 1, 2, 1, 2};
    d = ut_tensor(NULL, DT_U8, 10, dshape10, NULL);
    s = ut_garbage_tensor();
    EXPECT_STATUS(tix_gather_shape(&d, &i, 4, 0, &s, NULL), TIX_STATUS_INVALID_RANK);
}

/* Offsets are 64-bit: views spanning more than 2^32 elements, without the memory. */
static int32_t g_large_data[8] = {11, 22, 33, 44, 55, 66, 77, 88};

static void test_large_offsets(void** state) {
    (void)state;
    const int64_t big = (int64_t)1 << 32;

    /* Shape inference on data of 2^40 x 4 elements. */
    tix_tensor d = UT_T(NULL, DT_F32, (int64_t)1 << 40, 4);
    tix_tensor i = UT_T(NULL, DT_I64, 3);
    tix_tensor s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, 0, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 3, 4);
    d = UT_T(NULL, DT_F32, 3, (int64_t)1 << 33);
    s = ut_garbage_tensor();
    EXPECT_OK(tix_gather_shape(&d, &i, 0, 0, &s, NULL));
    EXPECT_SHAPE(&s, DT_F32, 3, (int64_t)1 << 33);
    assert_true(s.strides[0] == (int64_t)1 << 33);

    /* A gather with an empty output from a view with huge strides. */
    d = ut_tensor(g_large_data, DT_I32, 2, UT_DIMS(2, 3), UT_DIMS((int64_t)1 << 40, 1));
    i = UT_T(NULL, DT_I64, 0);
    tix_tensor o = UT_T(NULL, DT_I32, 0, 3);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));

    /* A view whose element [1, 1] is at offset (2^32 + 3) - (2^32 - 1) = 4 while [0, 1] and
     * [1, 0] lie 2^32 elements away on either side: only [0, 0] and [1, 1] are read. */
    d = ut_tensor(g_large_data, DT_I32, 2, UT_DIMS(2, 2), UT_DIMS(big + 3, -(big - 1)));
    int64_t diag_idx[] = {0, 1};
    i = UT_T(diag_idx, DT_I64, 2);
    int32_t out[2] = {0, 0};
    o = UT_T(out, DT_I32, 2);
    if (ut_reaches_down(g_large_data, (uint64_t)(big - 1) * 4)) {
        EXPECT_OK(tix_gather(&d, &i, 1, 1, &o, NULL));
        EXPECT_I32(out, 11, 55);
    } else {
        EXPECT_STATUS(tix_gather(&d, &i, 1, 1, &o, NULL), TIX_STATUS_INVALID_STRIDES);
    }

    /* Rows 2^33 elements apart, gathering only row 0. */
    d = ut_tensor(g_large_data, DT_I32, 2, UT_DIMS(2, 4), UT_DIMS(big * 2, 1));
    int64_t zero = 0;
    i = ut_scalar(&zero, DT_I64);
    int32_t row[4] = {0, 0, 0, 0};
    o = UT_T(row, DT_I32, 4);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
    EXPECT_I32(row, 11, 22, 33, 44);
}

/* A reduction on a gather is an invalid option, even in shape inference. */
static void test_reduction_rejected(void** state) {
    (void)state;
    int32_t data[] = {1, 2, 3};
    int32_t idx[] = {0};
    int32_t out[1];
    tix_tensor d = UT_T(data, DT_I32, 3);
    tix_tensor i = UT_T(idx, DT_I32, 1);
    tix_tensor o = UT_T(out, DT_I32, 1);
    tix_options opt = ut_opts();
    tix_diagnostic diag;
    opt.diagnostic = &diag;
    opt.reduction = TIX_REDUCTION_ADD;
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_INVALID_OPTION);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_OPTION, "options");
    tix_tensor s = ut_garbage_tensor();
    EXPECT_STATUS(tix_gather_shape(&d, &i, 0, 0, &s, &opt), TIX_STATUS_INVALID_OPTION);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_OPTION, "options");
}

/* Rows of 4 to 128 bytes by int32 or int64 indices go through the shortest loop (each index
 * resolved inside the copy), an index that needs the general rules resolved by them in the loop,
 * which goes on after it; an error stops it, and the general path reports it. Every row length
 * around those sizes, index dtypes with and without that loop, every rule, with and without
 * batch_dims, rows that straddle cache lines (data one element off), strided indices, padded
 * output rows, a pool. */
static void test_fused_rows(void** state) {
    (void)state;
    enum { T = 300, M = 1100, B = 2, K = 32 };
    static const int64_t widths[] = {1, 2, 3, 4, 8, 16, 32};
    static const tix_dtype index_dtypes[] = {DT_I64, DT_I32, DT_I16};
    static const struct {
        tix_negative_indices negative;
        tix_out_of_range rule;
        bool clean; /* every index in [0, T) */
    } rules[] = {
        {TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_IGNORE, false},
        {TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_CLAMP, false},
        {TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_WRAP, false},
        {TIX_NEGATIVE_OUT_OF_RANGE, TIX_OUT_OF_RANGE_IGNORE, false},
        {TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, false},
        {TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, true},
    };
    float* data = malloc(sizeof(float) * (B * T * K + 1));
    float* out = malloc(sizeof(float) * B * M * (K + 1));
    float* want = malloc(sizeof(float) * B * M * (K + 1));
    int64_t* values = malloc(sizeof(int64_t) * B * M);
    void* idx = malloc(sizeof(int64_t) * 2 * B * M);
    assert_true(data && out && want && values && idx);
    for (int64_t e = 0; e < B * T * K + 1; e++) data[e] = (float)e;
    const float fill = -0.5f;
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        int64_t k = widths[w];
        for (int batch = 0; batch < 2; batch++) {
            int64_t bs = batch ? B : 1; /* batches; without batch_dims one */
            for (size_t u = 0; u < sizeof rules / sizeof rules[0]; u++) {
                for (int64_t q = 0; q < bs * M; q++) {
                    int64_t r = q % M;
                    values[q] = (r * 7919 + q / M * 13) % T;
                    if (rules[u].clean) continue;
                    if (r % 211 == 3) values[q] = -1 - r % T; /* negative */
                    if (r == 350 || r == 351) values[q] = T + 5; /* out of range */
                    if (r == 900) values[q] = -T - 1; /* out of range, wrapped or not */
                }
                for (int layout = 0; layout < 4; layout++) {
                    bool misaligned = layout & 1, strided = layout & 2;
                    const float* d0 = data + misaligned;
                    tix_tensor d = batch ? ut_tensor((void*)d0, DT_F32, 3, UT_DIMS(B, T, k), NULL)
                                         : ut_tensor((void*)d0, DT_F32, 2, UT_DIMS(T, k), NULL);
                    int64_t orow = strided ? k + 1 : k; /* padded output rows */
                    tix_tensor o =
                        batch ? ut_tensor(out, DT_F32, 3, UT_DIMS(B, M, k), UT_DIMS(M * orow, orow, 1))
                              : ut_tensor(out, DT_F32, 2, UT_DIMS(M, k), UT_DIMS(orow, 1));
                    int64_t is = strided ? 2 : 1;
                    for (size_t x = 0; x < sizeof index_dtypes / sizeof index_dtypes[0]; x++) {
                        for (int64_t q = 0; q < bs * M; q++) {
                            ut_store_index(idx, index_dtypes[x], q * is, values[q]);
                        }
                        tix_tensor i = batch ? ut_tensor(idx, index_dtypes[x], 2, UT_DIMS(B, M),
                                                         UT_DIMS(M * is, is))
                                             : ut_tensor(idx, index_dtypes[x], 1, UT_DIMS(M),
                                                         UT_DIMS(is));
                        bool fails = false;
                        for (int64_t q = 0; q < B * M * orow; q++) want[q] = 1234.0f; /* padding */
                        for (int64_t q = 0; q < bs * M; q++) {
                            int64_t at = ut_rule_position(values[q], T, rules[u].negative, rules[u].rule);
                            fails = fails || at == -2;
                            for (int64_t e = 0; e < k; e++) {
                                want[q * orow + e] = at < 0 ? fill : d0[(q / M * T + at) * k + e];
                            }
                        }
                        for (int threads = 1; threads <= 2; threads++) {
                            tix_options opt = ut_opts();
                            opt.negative_indices = rules[u].negative;
                            opt.out_of_range = rules[u].rule;
                            opt.fill_value = &fill;
                            opt.executor = threads == 2 ? &executor : NULL;
                            for (int64_t q = 0; q < B * M * orow; q++) out[q] = 1234.0f;
                            ut_expect_outcome(tix_gather(&d, &i, batch, batch, &o, &opt), fails, out, want,
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

/* Row gathers into outputs past 4 MiB, where the library writes with streaming stores when the
 * CPU gains by them (tix__stores_choose, an internal hook: here with them, without them and
 * with them for rows of 32 bytes or more, whatever the CPU): the rows the shortest loop moves,
 * 4 to 128 bytes (float32 rows of 1 to 32 elements by tix_gather, and 64-byte slices by pairs
 * of tix_gather_nd), 16 bytes at a time into an aligned output and 8 or 4 at a time one
 * element past it, wrapped negative indices and rows by the general rules (ignored and clamped
 * indices) among them, and padded output rows (which store as usual); int64 and int32 indices,
 * serially and on a pool of 2; one index past the end under the error rule. Every row against
 * a plain loop. */
static void test_streamed_rows(void** state) {
    (void)state;
    enum { T = 300, A = 15, B = 20, CASES = 7, MODES = 3 }; /* (pairs: A x B) */
    static const int modes[MODES] = {0, 1, 3}; /* streaming, ordinary, streaming from 32 bytes */
    static const tix_out_of_range rules[] = {TIX_OUT_OF_RANGE_IGNORE, TIX_OUT_OF_RANGE_CLAMP,
                                             TIX_OUT_OF_RANGE_ERROR};
    const float fill = -0.5f;
    float* data = malloc(sizeof(float) * T * 32);
    assert_non_null(data);
    for (int64_t e = 0; e < T * 32; e++) data[e] = (float)e;
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    int calls = 0;
    for (int c = 0; c < CASES; c++) { /* rows of 1, 2, ..., 32 floats; then pairs, 16 floats */
        bool pairs = c == CASES - 1;
        int64_t k = pairs ? 16 : (int64_t)1 << c, m = 4400 * 1024 / (4 * k); /* (4.4 MB) */
        int64_t size = pairs ? A : T; /* of the first index */
        int64_t* idx64 = malloc(sizeof(int64_t) * 2 * (size_t)m);
        int32_t* idx32 = malloc(sizeof(int32_t) * 2 * (size_t)m);
        float* out = aligned_alloc(64, sizeof(float) * (size_t)(m * (k + 1) + 16));
        float* want = malloc(sizeof(float) * (size_t)(m * (k + 1)));
        assert_true(idx64 && idx32 && out && want);
        for (int layout = 0; layout < 3; layout++) { /* aligned, one element past, padded */
            int64_t orow = layout == 2 ? k + 1 : k;
            float* o0 = out + (layout == 1);
            for (size_t u = 0; u < sizeof rules / sizeof rules[0]; u++) {
                tix_out_of_range rule = rules[u];
                for (int64_t r = 0; r < m; r++) {
                    int64_t v = r * 7919 % size;
                    if (r % 211 == 3) v = -1 - r % size; /* negative, wrapped */
                    if (r % 997 == 5 && rule != TIX_OUT_OF_RANGE_ERROR) v = size + r % 3;
                    if (r == m - 3 && rule == TIX_OUT_OF_RANGE_ERROR) v = size;
                    if (pairs) {
                        idx64[2 * r] = v;
                        idx64[2 * r + 1] = r % B;
                    } else {
                        idx64[r] = v;
                    }
                    int64_t at = ut_rule_position(v, size, TIX_NEGATIVE_WRAP, rule);
                    int64_t row = pairs && at >= 0 ? at * B + r % B : at; /* of data */
                    for (int64_t e = 0; e < orow; e++) {
                        want[r * orow + e] = e == k     ? 1234.0f /* the padding */
                                             : row < 0 ? fill
                                                       : data[row * k + e];
                    }
                }
                for (int64_t q = 0; q < 2 * m; q++) idx32[q] = (int32_t)idx64[q];
                for (int stores = 0; stores < MODES; stores++) {
                    bool wide = (c + layout + stores) % 2 == 0;
                    void* idx = wide ? (void*)idx64 : (void*)idx32;
                    tix_dtype index = wide ? DT_I64 : DT_I32;
                    tix_tensor d = pairs ? UT_T(data, DT_F32, A, B, k) : UT_T(data, DT_F32, T, k);
                    tix_tensor i = pairs ? UT_T(idx, index, m, 2) : UT_T(idx, index, m);
                    tix_tensor o = ut_tensor(o0, DT_F32, 2, UT_DIMS(m, k), UT_DIMS(orow, 1));
                    tix_options opt = ut_opts();
                    opt.negative_indices = TIX_NEGATIVE_WRAP;
                    opt.out_of_range = rule;
                    opt.fill_value = &fill;
                    opt.executor = (u + stores) % 2 == 1 ? &executor : NULL;
                    tix__stores_choose(modes[stores]);
                    for (int64_t q = 0; q < m * orow; q++) o0[q] = 1234.0f;
                    tix_status status = pairs ? tix_gather_nd(&d, &i, 0, &o, &opt)
                                              : tix_gather(&d, &i, 0, 0, &o, &opt);
                    ut_expect_outcome(status, rule == TIX_OUT_OF_RANGE_ERROR, o0, want,
                                      sizeof(float) * (size_t)(m * orow));
                    calls++;
                }
            }
        }
        free(idx64);
        free(idx32);
        free(out);
        free(want);
    }
    tix__stores_choose(-1);
    tix_threadpool_destroy(pool);
    free(data);
    assert_int_equal(calls, CASES * 3 * 3 * MODES);
}

/* Which rows of a gather stream under each store mode (the fused loop of rows of 4 to 128
 * bytes streams them where tix__streaming_rows says, past 4 MiB): every row under streaming,
 * none under ordinary stores or string copies, rows of 32 bytes or more under the modes Intel
 * and AMD's Zen 5 take, whose outputs stream otherwise; and which modes stream a scatter's
 * staged rows (streaming alone, not those two) and copy rows by the CPU's string copy (string
 * copies and Zen 5's). */
static void test_rows_stream_by_mode(void** state) {
    (void)state;
    static const struct {
        int mode;
        bool streaming, rows_4, rows_16, rows_32, rows_128, stages, strings;
    } modes[] = {{0, true, true, true, true, true, true, false},
                 {1, false, false, false, false, false, false, false},
                 {2, false, false, false, false, false, false, true},
                 {3, true, false, false, true, true, false, false},
                 {4, true, false, false, true, true, false, true}};
    for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
        tix__stores_choose(modes[k].mode);
        assert_int_equal(tix__streaming(), modes[k].streaming);
        assert_int_equal(tix__streaming_rows(4), modes[k].rows_4);
        assert_int_equal(tix__streaming_rows(16), modes[k].rows_16);
        assert_int_equal(tix__streaming_rows(32), modes[k].rows_32);
        assert_int_equal(tix__streaming_rows(128), modes[k].rows_128);
        assert_int_equal(tix__streaming_stages(), modes[k].stages);
        assert_int_equal(tix__string_copies(), modes[k].strings);
    }
    tix__stores_choose(-1);
}

/* Gathers along axis 1 whose rows share one list of indices resolve it once for many rows
 * (execute.c): more rows than one block of them, lists of one chunk and of two (past 1024
 * indices), with an index that wraps and one that is filled, clamped or fails (in every row,
 * so in every block), on the calling thread and on a pool. Every row of the output must be its
 * own row of data taken by the same list. */
static void test_rows_sharing_indices(void** state) {
    (void)state;
    enum { ROWS = 70, WIDTH = 1100 };
    static const int64_t lengths[] = {300, 1100};
    static const tix_out_of_range rules[] = {TIX_OUT_OF_RANGE_IGNORE, TIX_OUT_OF_RANGE_CLAMP,
                                             TIX_OUT_OF_RANGE_ERROR};
    double* data = malloc(sizeof(double) * ROWS * WIDTH);
    double* out = malloc(sizeof(double) * ROWS * WIDTH);
    double* want = malloc(sizeof(double) * ROWS * WIDTH);
    int64_t* idx = malloc(sizeof(int64_t) * WIDTH);
    assert_true(data && out && want && idx);
    for (int64_t e = 0; e < ROWS * WIDTH; e++) data[e] = (double)e;
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    for (int wide = 0; wide < 2; wide++) { /* float32 (the first half of data), float64 */
        tix_dtype dtype = wide ? DT_F64 : DT_F32;
        size_t size = wide ? sizeof(double) : sizeof(float);
        const float* narrow = (const float*)(const void*)data;
        for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
            int64_t n = lengths[l];
            for (int64_t k = 0; k < n; k++) idx[k] = (k * 7919 + 5) % WIDTH;
            idx[3] = -2;            /* wraps */
            idx[n - 1] = WIDTH + 9; /* out of range */
            tix_tensor d = ut_tensor(data, dtype, 2, UT_DIMS(ROWS, WIDTH), NULL);
            tix_tensor i = ut_tensor(idx, DT_I64, 1, UT_DIMS(n), NULL);
            tix_tensor o = ut_tensor(out, dtype, 2, UT_DIMS(ROWS, n), NULL);
            for (size_t u = 0; u < sizeof rules / sizeof rules[0]; u++) {
                const double fill = -0.5;
                const float fill32 = -0.5f;
                bool fails = false;
                for (int64_t r = 0; r < ROWS; r++) {
                    for (int64_t k = 0; k < n; k++) {
                        int64_t at = ut_rule_position(idx[k], WIDTH, TIX_NEGATIVE_WRAP, rules[u]);
                        fails = fails || at == -2;
                        if (wide) {
                            want[r * n + k] = at < 0 ? fill : data[r * WIDTH + at];
                        } else {
                            float* w = (float*)(void*)want;
                            w[r * n + k] = at < 0 ? fill32 : narrow[r * WIDTH + at];
                        }
                    }
                }
                for (int threads = 1; threads <= 2; threads++) {
                    tix_options opt = ut_opts();
                    opt.negative_indices = TIX_NEGATIVE_WRAP;
                    opt.out_of_range = rules[u];
                    opt.fill_value = wide ? (const void*)&fill : (const void*)&fill32;
                    opt.executor = threads == 2 ? &executor : NULL;
                    memset(out, 0x5A, sizeof(double) * ROWS * WIDTH);
                    ut_expect_outcome(tix_gather(&d, &i, 1, 0, &o, &opt), fails, out, want,
                                      size * ROWS * (size_t)n);
                }
            }
        }
    }
    tix_threadpool_destroy(pool);
    free(data);
    free(out);
    free(want);
    free(idx);
}

/* Gathers whose rows each take elements at random from a dense span of the data, no longer than
 * 16 KiB and of no more lines than the row takes elements, first read the span in order, a line
 * at a time, where each row resolves its own indices (execute.c, touches_rows): that read must
 * stay within the row. Rows that share their indices have their kernel prefetch the row two on
 * as it goes instead (tix__ahead). Data of float32 and float64, each row one page long with an
 * unreadable page after it (rows two pages apart); tix_gather along axis 1 by 512 indices its
 * rows share, and tix_gather_elements along axis 1 by [ROWS, 512], the indices both ends of a
 * row and between, one in 37 negative (wrapped); serially and on a pool of 2. Every element
 * against a plain loop. */
static void test_rows_read_in_order(void** state) {
    (void)state;
    enum { ROWS = 24, N = 512 };
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    char* pages = mmap(NULL, 2 * ROWS * page, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(pages != MAP_FAILED);
    for (int64_t r = 0; r < ROWS; r++)
        assert_int_equal(mprotect(pages + (2 * r + 1) * page, page, PROT_NONE), 0);
    static int64_t shared[N], per_row[ROWS * N];
    static unsigned char out[ROWS * N * 8], want[ROWS * N * 8];
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    int calls = 0;
    for (int wide = 0; wide < 2; wide++) {
        tix_dtype dtype = wide ? DT_F64 : DT_F32;
        int64_t size = wide ? 8 : 4, width = (int64_t)page / size; /* a row: one page */
        for (int64_t b = 0; b < 2 * ROWS * (int64_t)page; b++) {
            if (b / (int64_t)page % 2 == 0) pages[b] = (char)(b * 2654435761u >> 13);
        }
        for (int64_t k = 0; k < ROWS * N; k++) {
            int64_t v = k % 5 == 0 ? width - 1 : k % 5 == 1 ? 0 : k * 40503 % width;
            per_row[k] = k % 37 == 3 ? v - width : v;
            if (k < N) shared[k] = per_row[k];
        }
        tix_tensor d = ut_tensor(pages, dtype, 2, UT_DIMS(ROWS, width), UT_DIMS(2 * width, 1));
        tix_tensor o = UT_T(out, dtype, ROWS, N);
        for (int elements = 0; elements < 2; elements++) {
            for (int64_t r = 0; r < ROWS; r++) { /* the plain loop */
                for (int64_t k = 0; k < N; k++) {
                    int64_t v = elements ? per_row[r * N + k] : shared[k];
                    v = v < 0 ? v + width : v;
                    memcpy(want + (r * N + k) * size, pages + (2 * r * width + v) * size,
                           (size_t)size);
                }
            }
            tix_tensor i = elements ? UT_T(per_row, DT_I64, ROWS, N) : UT_T(shared, DT_I64, N);
            for (int threads = 1; threads <= 2; threads++) {
                tix_options options = ut_opts();
                options.executor = threads == 2 ? &executor : NULL;
                memset(out, 0, sizeof out);
                EXPECT_OK(elements ? tix_gather_elements(&d, &i, 1, &o, &options)
                                   : tix_gather(&d, &i, 1, 0, &o, &options));
                assert_memory_equal(out, want, (size_t)(ROWS * N * size));
                calls++;
            }
        }
    }
    tix_threadpool_destroy(pool);
    assert_int_equal(munmap(pages, 2 * ROWS * page), 0);
    assert_int_equal(calls, 8);
}

/* Row gathers prefetch their rows tix__prefetch_choose's lines ahead (the CPU's: 32 or 128),
 * which changes no result: rows of 4 bytes to 1 KiB (the shortest loop's, the row copies' and
 * those prefetched far too), int64 indices with negatives among them, at 1, 3, 32, 128 and
 * 5000 lines (more rows than the call has), serially and on a pool of 2, against a plain loop. */
static void test_rows_prefetched_any_distance(void** state) {
    (void)state;
    enum { T = 700, M = 1500, KMAX = 256 };
    static const int64_t widths[] = {1, 4, 16, 100, 128, 256};
    static const int lines[] = {1, 3, 32, 128, 5000};
    float* data = malloc(sizeof(float) * T * KMAX);
    float* out = malloc(sizeof(float) * M * KMAX);
    float* want = malloc(sizeof(float) * M * KMAX);
    static int64_t idx[M];
    assert_true(data && out && want);
    for (int64_t e = 0; e < T * KMAX; e++) data[e] = (float)e;
    for (int64_t r = 0; r < M; r++) idx[r] = r % 9 == 4 ? -1 - r * 31 % T : r * 7919 % T;
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    int calls = 0;
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        int64_t k = widths[w];
        tix_tensor d = UT_T(data, DT_F32, T, k);
        tix_tensor i = UT_T(idx, DT_I64, M);
        tix_tensor o = UT_T(out, DT_F32, M, k);
        for (int64_t r = 0; r < M; r++) {
            int64_t at = idx[r] < 0 ? idx[r] + T : idx[r];
            memcpy(want + r * k, data + at * k, sizeof(float) * (size_t)k);
        }
        for (size_t l = 0; l < sizeof lines / sizeof lines[0]; l++) {
            tix__prefetch_choose(lines[l]);
            for (int threads = 1; threads <= 2; threads++) {
                tix_options opt = ut_opts();
                opt.executor = threads == 2 ? &executor : NULL;
                memset(out, 0, sizeof(float) * M * (size_t)k);
                EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
                assert_memory_equal(out, want, sizeof(float) * M * (size_t)k);
                calls++;
            }
        }
    }
    tix__prefetch_choose(0);
    tix_threadpool_destroy(pool);
    free(data);
    free(out);
    free(want);
    assert_int_equal(calls, 6 * 5 * 2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_onnx_gather_example_axis0),
        cmocka_unit_test(test_onnx_gather_example_axis1),
        cmocka_unit_test(test_onnx_gather13_shape_table),
        cmocka_unit_test(test_onnx_gather_negative_indices),
        cmocka_unit_test(test_openvino_gather8_examples),
        cmocka_unit_test(test_openvino_gather8_example7),
        cmocka_unit_test(test_rank0_output),
        cmocka_unit_test(test_zero_size),
        cmocka_unit_test(test_negative_axis),
        cmocka_unit_test(test_batch_dims),
        cmocka_unit_test(test_out_of_range_modes),
        cmocka_unit_test(test_fill_value),
        cmocka_unit_test(test_uint64_above_int64_max),
        cmocka_unit_test(test_index_dtypes),
        cmocka_unit_test(test_strided_views),
        cmocka_unit_test(test_every_dtype_moves),
        cmocka_unit_test(test_shape_inference),
        cmocka_unit_test(test_large_offsets),
        cmocka_unit_test(test_reduction_rejected),
        cmocka_unit_test(test_fused_rows),
        cmocka_unit_test(test_streamed_rows),
        cmocka_unit_test(test_rows_stream_by_mode),
        cmocka_unit_test(test_rows_sharing_indices),
        cmocka_unit_test(test_rows_read_in_order),
        cmocka_unit_test(test_rows_prefetched_any_distance),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
