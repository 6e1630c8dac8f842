/* Tests of the naive reference itself, on hand-worked examples (the ONNX/OpenVINO spec examples
 * and the option and reduction rules of include/tix.h), so that the differential tests compare
 * the library against something trusted. Only the reference is called here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "reference.h"

/* A dense row-major view, written here rather than with tix_tensor_init so the reference tests
 * depend on nothing of the library. */
static tix_tensor view(void* data, tix_dtype dtype, int32_t rank, const int64_t* shape)
{
    tix_tensor t;
    memset(&t, 0, sizeof t);
    t.data = data;
    t.dtype = dtype;
    t.rank = rank;
    int64_t stride = 1;
    for (int32_t d = rank - 1; d >= 0; d--) {
        t.shape[d] = shape[d];
        t.strides[d] = stride;
        stride *= shape[d];
    }
    return t;
}

static tix_options opts(tix_negative_indices neg, tix_out_of_range oor, tix_reduction red,
                        bool exclude_self)
{
    tix_options o;
    memset(&o, 0, sizeof o);
    o.negative_indices = neg;
    o.out_of_range = oor;
    o.reduction = red;
    o.exclude_self = exclude_self;
    return o;
}

static void assert_f32_array(const float* got, const float* want, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t a, b;
        memcpy(&a, &got[i], 4);
        memcpy(&b, &want[i], 4);
        if (a != b)
            fail_msg("element %zu: got %a (0x%08x), want %a (0x%08x)", i, (double)got[i], a,
                     (double)want[i], b);
    }
}

static void assert_i32_array(const int32_t* got, const int32_t* want, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i])
            fail_msg("element %zu: got %d, want %d", i, got[i], want[i]);
}

/* ------------------------------------------------------------------------------------------
 * Gather
 */

static void test_gather_onnx_axis0(void** state)
{
    (void)state;
    float data[] = {1.0f, 1.2f, 2.3f, 3.4f, 4.5f, 5.7f};
    int64_t idx[] = {0, 1, 1, 2};
    float out[8];
    int64_t ds[] = {3, 2}, is[] = {2, 2};
    tix_tensor d = view(data, TIX_DTYPE_FLOAT32, 2, ds), i = view(idx, TIX_DTYPE_INT64, 2, is), o;
    ref_gather_shape(&d, &i, 0, 0, &o);
    assert_int_equal(o.rank, 3);
    assert_int_equal(o.shape[0], 2);
    assert_int_equal(o.shape[1], 2);
    assert_int_equal(o.shape[2], 2);
    assert_int_equal(o.strides[0], 4);
    assert_int_equal(o.strides[2], 1);
    o.data = out;
    assert_int_equal(ref_gather(&d, &i, 0, 0, &o, NULL), TIX_STATUS_OK);
    float want[] = {1.0f, 1.2f, 2.3f, 3.4f, 2.3f, 3.4f, 4.5f, 5.7f};
    assert_f32_array(out, want, 8);
}

static void test_gather_onnx_axis1(void** state)
{
    (void)state;
    float data[] = {1.0f, 1.2f, 1.9f, 2.3f, 3.4f, 3.9f, 4.5f, 5.7f, 5.9f};
    int32_t idx[] = {0, 2};
    float out[6];
    int64_t ds[] = {3, 3}, is[] = {1, 2};
    tix_tensor d = view(data, TIX_DTYPE_FLOAT32, 2, ds), i = view(idx, TIX_DTYPE_INT32, 2, is), o;
    ref_gather_shape(&d, &i, -1, 0, &o);
    assert_int_equal(o.rank, 3);
    assert_int_equal(o.shape[0], 3);
    assert_int_equal(o.shape[1], 1);
    assert_int_equal(o.shape[2], 2);
    o.data = out;
    assert_int_equal(ref_gather(&d, &i, -1, 0, &o, NULL), TIX_STATUS_OK);
    float want[] = {1.0f, 1.9f, 2.3f, 3.9f, 4.5f, 5.9f};
    assert_f32_array(out, want, 6);
}

static void test_gather_negative_and_scalar(void** state)
{
    (void)state;
    int32_t data[10];
    for (int k = 0; k < 10; k++)
        data[k] = k * 10;
    int8_t idx[] = {0, -9, -10};
    int32_t out[3];
    int64_t ds[] = {10}, is[] = {3};
    tix_tensor d = view(data, TIX_DTYPE_INT32, 1, ds), i = view(idx, TIX_DTYPE_INT8, 1, is), o;
    ref_gather_shape(&d, &i, 0, 0, &o);
    o.data = out;
    assert_int_equal(ref_gather(&d, &i, 0, 0, &o, NULL), TIX_STATUS_OK);
    int32_t want[] = {0, 10, 0};
    assert_i32_array(out, want, 3);

    /* rank-0 indices remove the axis */
    int32_t m[] = {1, 2, 3, 4, 5, 6};
    int64_t ms[] = {3, 2};
    uint16_t one = 1;
    tix_tensor md = view(m, TIX_DTYPE_INT32, 2, ms), si = view(&one, TIX_DTYPE_UINT16, 0, NULL);
    ref_gather_shape(&md, &si, 0, 0, &o);
    assert_int_equal(o.rank, 1);
    assert_int_equal(o.shape[0], 2);
    int32_t row[2];
    o.data = row;
    assert_int_equal(ref_gather(&md, &si, 0, 0, &o, NULL), TIX_STATUS_OK);
    assert_int_equal(row[0], 3);
    assert_int_equal(row[1], 4);
}

static void test_gather_batch_dims(void** state)
{
    (void)state;
    /* OpenVINO Gather-8 example: batch_dims = 1, axis = 1 */
    int32_t data[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    int64_t idx[] = {0, 0, 4, 4, 0, 0};
    int64_t ds[] = {2, 5}, is[] = {2, 3};
    tix_tensor d = view(data, TIX_DTYPE_INT32, 2, ds), i = view(idx, TIX_DTYPE_INT64, 2, is), o;
    int32_t want[] = {1, 1, 5, 10, 6, 6};
    for (int64_t b = -1; b <= 1; b += 2) { /* -1 counts from q = 2: also 1 */
        int32_t out[6] = {0};
        ref_gather_shape(&d, &i, 1, b, &o);
        assert_int_equal(o.rank, 2);
        assert_int_equal(o.shape[0], 2);
        assert_int_equal(o.shape[1], 3);
        o.data = out;
        assert_int_equal(ref_gather(&d, &i, 1, b, &o, NULL), TIX_STATUS_OK);
        assert_i32_array(out, want, 6);
    }

    /* batch_dims = 1 < axis = 2: data [2, 2, 3], indices [2, 2] */
    int32_t d3[12];
    for (int k = 0; k < 12; k++)
        d3[k] = k;
    int64_t d3s[] = {2, 2, 3}, i3s[] = {2, 2};
    int64_t i3[] = {2, 0, 1, 1};
    tix_tensor dd = view(d3, TIX_DTYPE_INT32, 3, d3s), ii = view(i3, TIX_DTYPE_INT64, 2, i3s);
    ref_gather_shape(&dd, &ii, 2, 1, &o);
    assert_int_equal(o.rank, 3);
    assert_int_equal(o.shape[0], 2);
    assert_int_equal(o.shape[1], 2);
    assert_int_equal(o.shape[2], 2);
    int32_t out3[8];
    o.data = out3;
    assert_int_equal(ref_gather(&dd, &ii, 2, 1, &o, NULL), TIX_STATUS_OK);
    /* out[b, x, j] = data[b, x, idx[b, j]] */
    int32_t want3[] = {2, 0, 5, 3, 7, 7, 10, 10};
    assert_i32_array(out3, want3, 8);
}

static void test_gather_out_of_range_modes(void** state)
{
    (void)state;
    int32_t data[] = {10, 20, 30, 40, 50};
    int64_t idx[] = {3, 10, -20, -1, 5};
    int32_t out[5];
    int64_t ds[] = {5}, is[] = {5};
    tix_tensor d = view(data, TIX_DTYPE_INT32, 1, ds), i = view(idx, TIX_DTYPE_INT64, 1, is), o;
    ref_gather_shape(&d, &i, 0, 0, &o);
    o.data = out;

    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, TIX_REDUCTION_NONE, false);
    assert_int_equal(ref_gather(&d, &i, 0, 0, &o, &op), TIX_STATUS_INDEX_OUT_OF_RANGE);

    op.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    assert_int_equal(ref_gather(&d, &i, 0, 0, &o, &op), TIX_STATUS_OK);
    int32_t want_zero[] = {40, 0, 0, 50, 0};
    assert_i32_array(out, want_zero, 5);
    int32_t fill = -7;
    op.fill_value = &fill;
    assert_int_equal(ref_gather(&d, &i, 0, 0, &o, &op), TIX_STATUS_OK);
    int32_t want_fill[] = {40, -7, -7, 50, -7};
    assert_i32_array(out, want_fill, 5);
    op.fill_value = NULL;

    /* clamp: -20 wraps once to -15, then clamps to 0 */
    op.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    assert_int_equal(ref_gather(&d, &i, 0, 0, &o, &op), TIX_STATUS_OK);
    int32_t want_clamp[] = {40, 50, 10, 50, 50};
    assert_i32_array(out, want_clamp, 5);

    /* wrap: the original index modulo 5 */
    op.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    assert_int_equal(ref_gather(&d, &i, 0, 0, &o, &op), TIX_STATUS_OK);
    int32_t want_wrap[] = {40, 10, 10, 50, 10};
    assert_i32_array(out, want_wrap, 5);

    /* negative indices out of range */
    op.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE;
    op.out_of_range = TIX_OUT_OF_RANGE_ERROR;
    int16_t idx2[] = {3, -1, 7};
    int64_t is2[] = {3};
    tix_tensor i2 = view(idx2, TIX_DTYPE_INT16, 1, is2);
    ref_gather_shape(&d, &i2, 0, 0, &o);
    o.data = out;
    assert_int_equal(ref_gather(&d, &i2, 0, 0, &o, &op), TIX_STATUS_INDEX_OUT_OF_RANGE);
    op.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    assert_int_equal(ref_gather(&d, &i2, 0, 0, &o, &op), TIX_STATUS_OK);
    int32_t want_nclamp[] = {40, 10, 50};
    assert_i32_array(out, want_nclamp, 3);
    op.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    assert_int_equal(ref_gather(&d, &i2, 0, 0, &o, &op), TIX_STATUS_OK);
    int32_t want_nwrap[] = {40, 50, 30};
    assert_i32_array(out, want_nwrap, 3);
    op.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    assert_int_equal(ref_gather(&d, &i2, 0, 0, &o, &op), TIX_STATUS_OK);
    int32_t want_nignore[] = {40, 0, 0};
    assert_i32_array(out, want_nignore, 3);
}

static void test_gather_extreme_indices(void** state)
{
    (void)state;
    int32_t data[] = {10, 20, 30, 40, 50};
    int64_t ds[] = {5}, is[] = {3};
    tix_tensor d = view(data, TIX_DTYPE_INT32, 1, ds), o;
    int32_t out[3];
    /* uint64: 2^64-1 mod 5 = 0 (it is not -1); 2^63 mod 5 = 3 */
    uint64_t u[] = {UINT64_MAX, (uint64_t)1 << 63, 4};
    tix_tensor iu = view(u, TIX_DTYPE_UINT64, 1, is);
    ref_gather_shape(&d, &iu, 0, 0, &o);
    o.data = out;
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_WRAP, TIX_REDUCTION_NONE, false);
    assert_int_equal(ref_gather(&d, &iu, 0, 0, &o, &op), TIX_STATUS_OK);
    int32_t want_uw[] = {10, 40, 50};
    assert_i32_array(out, want_uw, 3);
    op.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    assert_int_equal(ref_gather(&d, &iu, 0, 0, &o, &op), TIX_STATUS_OK);
    int32_t want_uc[] = {50, 50, 50};
    assert_i32_array(out, want_uc, 3);
    op.out_of_range = TIX_OUT_OF_RANGE_ERROR;
    assert_int_equal(ref_gather(&d, &iu, 0, 0, &o, &op), TIX_STATUS_INDEX_OUT_OF_RANGE);

    /* int64 extremes: INT64_MIN + 5 stays negative; INT64_MIN mod 5 = 2 (Python) */
    int64_t s[] = {INT64_MIN, INT64_MAX, -5};
    tix_tensor is64 = view(s, TIX_DTYPE_INT64, 1, is);
    op.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    assert_int_equal(ref_gather(&d, &is64, 0, 0, &o, &op), TIX_STATUS_OK);
    /* INT64_MAX = 9223372036854775807 = 5 * 1844674407370955161 + 2 */
    int32_t want_sw[] = {30, 30, 10};
    assert_i32_array(out, want_sw, 3);
    op.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    assert_int_equal(ref_gather(&d, &is64, 0, 0, &o, &op), TIX_STATUS_OK);
    int32_t want_sc[] = {10, 50, 10};
    assert_i32_array(out, want_sc, 3);

    /* int8 -128 into an axis of 5: -123, out of range; wrap: -128 mod 5 = 2 */
    int8_t s8[] = {-128, 127, -3};
    tix_tensor is8 = view(s8, TIX_DTYPE_INT8, 1, is);
    op.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    assert_int_equal(ref_gather(&d, &is8, 0, 0, &o, &op), TIX_STATUS_OK);
    int32_t want_8[] = {30, 30, 30};
    assert_i32_array(out, want_8, 3);
}

static void test_gather_empty_axis(void** state)
{
    (void)state;
    int64_t ds[] = {0}, is[] = {2};
    int32_t dummy = 0;
    int32_t idx[] = {0, 0};
    tix_tensor d = view(&dummy, TIX_DTYPE_INT32, 1, ds), i = view(idx, TIX_DTYPE_INT32, 1, is), o;
    int32_t out[2] = {5, 5};
    ref_gather_shape(&d, &i, 0, 0, &o);
    assert_int_equal(o.shape[0], 2);
    o.data = out;
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_CLAMP, TIX_REDUCTION_NONE, false);
    assert_int_equal(ref_gather(&d, &i, 0, 0, &o, &op), TIX_STATUS_INDEX_OUT_OF_RANGE);
    op.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    assert_int_equal(ref_gather(&d, &i, 0, 0, &o, &op), TIX_STATUS_INDEX_OUT_OF_RANGE);
    op.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    assert_int_equal(ref_gather(&d, &i, 0, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(out[0], 0);
    assert_int_equal(out[1], 0);

    /* empty indices: nothing to read, nothing written */
    int64_t es[] = {0};
    tix_tensor ei = view(idx, TIX_DTYPE_INT32, 1, es);
    op.out_of_range = TIX_OUT_OF_RANGE_ERROR;
    ref_gather_shape(&d, &ei, 0, 0, &o);
    assert_int_equal(o.rank, 1);
    assert_int_equal(o.shape[0], 0);
    o.data = out;
    out[0] = 9;
    assert_int_equal(ref_gather(&d, &ei, 0, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(out[0], 9);
}

static void test_gather_string_fill(void** state)
{
    (void)state;
    const char* data[] = {"a", "bb", "ccc"};
    int32_t idx[] = {2, 7, 0};
    const char* out[3] = {NULL, NULL, NULL};
    int64_t ds[] = {3}, is[] = {3};
    tix_tensor d = view((void*)data, TIX_DTYPE_STRING, 1, ds);
    tix_tensor i = view(idx, TIX_DTYPE_INT32, 1, is), o;
    ref_gather_shape(&d, &i, 0, 0, &o);
    o.data = (void*)out;
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_IGNORE, TIX_REDUCTION_NONE, false);
    assert_int_equal(ref_gather(&d, &i, 0, 0, &o, &op), TIX_STATUS_OK);
    assert_ptr_equal(out[0], data[2]);
    assert_ptr_equal(out[2], data[0]);
    assert_non_null(out[1]);
    assert_string_equal(out[1], "");
    assert_ptr_equal(out[1], ref_default_string_fill());
    const char* fill_text = "fill";
    const char* const* fill = &fill_text;
    op.fill_value = fill;
    assert_int_equal(ref_gather(&d, &i, 0, 0, &o, &op), TIX_STATUS_OK);
    assert_ptr_equal(out[1], fill_text);
}

static void test_gather_strided_views(void** state)
{
    (void)state;
    /* data: a [3, 4] view with a reversed first axis and stride 2 on the second, inside a
     * 3 x 8 buffer; output: stride 3 with two padding elements that must stay untouched */
    int32_t buf[24];
    for (int k = 0; k < 24; k++)
        buf[k] = 100 + k;
    tix_tensor d;
    memset(&d, 0, sizeof d);
    d.data = buf + 16; /* element [0, 0] is buf[16] */
    d.dtype = TIX_DTYPE_INT32;
    d.rank = 2;
    d.shape[0] = 3;
    d.shape[1] = 4;
    d.strides[0] = -8;
    d.strides[1] = 2;
    /* indices broadcast: a [2] view with stride 0 repeats element 3 */
    int64_t idx[] = {3};
    tix_tensor i;
    memset(&i, 0, sizeof i);
    i.data = idx;
    i.dtype = TIX_DTYPE_INT64;
    i.rank = 1;
    i.shape[0] = 2;
    i.strides[0] = 0;
    tix_tensor o;
    ref_gather_shape(&d, &i, 1, 0, &o);
    assert_int_equal(o.rank, 2);
    assert_int_equal(o.shape[0], 3);
    assert_int_equal(o.shape[1], 2);
    int32_t out[18];
    for (int k = 0; k < 18; k++)
        out[k] = -1;
    o.data = out;
    o.strides[0] = 6;
    o.strides[1] = 3;
    assert_int_equal(ref_gather(&d, &i, 1, 0, &o, NULL), TIX_STATUS_OK);
    /* data[r][3] = buf[16 - 8r + 6] */
    int32_t want[18] = {122, -1, -1, 122, -1, -1, 114, -1, -1,
                        114, -1, -1, 106, -1, -1, 106, -1, -1};
    assert_i32_array(out, want, 18);
}

/* ------------------------------------------------------------------------------------------
 * GatherElements
 */

static void test_gather_elements_onnx(void** state)
{
    (void)state;
    int32_t d1[] = {1, 2, 3, 4};
    int64_t i1[] = {0, 0, 1, 0};
    int32_t out[6];
    int64_t s22[] = {2, 2};
    tix_tensor d = view(d1, TIX_DTYPE_INT32, 2, s22), i = view(i1, TIX_DTYPE_INT64, 2, s22);
    tix_tensor o = view(out, TIX_DTYPE_INT32, 2, s22);
    assert_int_equal(ref_gather_elements(&d, &i, 1, &o, NULL), TIX_STATUS_OK);
    int32_t w1[] = {1, 1, 4, 3};
    assert_i32_array(out, w1, 4);

    int32_t d2[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    int32_t i2[] = {1, 2, 0, 2, 0, 0};
    int32_t i3[] = {-1, -2, 0, -2, 0, 0};
    int64_t s33[] = {3, 3}, s23[] = {2, 3};
    d = view(d2, TIX_DTYPE_INT32, 2, s33);
    i = view(i2, TIX_DTYPE_INT32, 2, s23);
    o = view(out, TIX_DTYPE_INT32, 2, s23);
    assert_int_equal(ref_gather_elements(&d, &i, 0, &o, NULL), TIX_STATUS_OK);
    int32_t w2[] = {4, 8, 3, 7, 2, 3};
    assert_i32_array(out, w2, 6);
    i = view(i3, TIX_DTYPE_INT32, 2, s23);
    assert_int_equal(ref_gather_elements(&d, &i, -2, &o, NULL), TIX_STATUS_OK);
    int32_t w3[] = {7, 5, 3, 4, 2, 3};
    assert_i32_array(out, w3, 6);

    /* indices smaller than data on a non-axis dimension, larger on the axis */
    uint8_t i4[] = {2, 0, 1, 1, 0, 2, 2, 2};
    int64_t s24[] = {2, 4};
    i = view(i4, TIX_DTYPE_UINT8, 2, s24);
    int32_t out4[8];
    o = view(out4, TIX_DTYPE_INT32, 2, s24);
    assert_int_equal(ref_gather_elements(&d, &i, 1, &o, NULL), TIX_STATUS_OK);
    int32_t w4[] = {3, 1, 2, 2, 4, 6, 6, 6};
    assert_i32_array(out4, w4, 8);

    /* out of range */
    i4[5] = 3;
    assert_int_equal(ref_gather_elements(&d, &i, 1, &o, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
}

/* ------------------------------------------------------------------------------------------
 * GatherND
 */

static void test_gather_nd_onnx(void** state)
{
    (void)state;
    int32_t d2[] = {0, 1, 2, 3};
    int64_t s22[] = {2, 2}, s21[] = {2, 1};
    int64_t i1[] = {0, 0, 1, 1};
    tix_tensor d = view(d2, TIX_DTYPE_INT32, 2, s22), i = view(i1, TIX_DTYPE_INT64, 2, s22), o;
    int32_t out[8];
    ref_gather_nd_shape(&d, &i, 0, &o);
    assert_int_equal(o.rank, 1);
    assert_int_equal(o.shape[0], 2);
    o.data = out;
    assert_int_equal(ref_gather_nd(&d, &i, 0, &o, NULL), TIX_STATUS_OK);
    int32_t w1[] = {0, 3};
    assert_i32_array(out, w1, 2);

    int64_t i2[] = {1, 0};
    i = view(i2, TIX_DTYPE_INT64, 2, s21);
    ref_gather_nd_shape(&d, &i, 0, &o);
    assert_int_equal(o.rank, 2);
    o.data = out;
    assert_int_equal(ref_gather_nd(&d, &i, 0, &o, NULL), TIX_STATUS_OK);
    int32_t w2[] = {2, 3, 0, 1};
    assert_i32_array(out, w2, 4);

    int32_t d3[] = {0, 1, 2, 3, 4, 5, 6, 7};
    int64_t s222[] = {2, 2, 2}, s212[] = {2, 1, 2};
    d = view(d3, TIX_DTYPE_INT32, 3, s222);
    int64_t i3[] = {0, 1, 1, 0};
    i = view(i3, TIX_DTYPE_INT64, 2, s22);
    ref_gather_nd_shape(&d, &i, 0, &o);
    assert_int_equal(o.rank, 2);
    o.data = out;
    assert_int_equal(ref_gather_nd(&d, &i, 0, &o, NULL), TIX_STATUS_OK);
    int32_t w3[] = {2, 3, 4, 5};
    assert_i32_array(out, w3, 4);

    i = view(i3, TIX_DTYPE_INT64, 3, s212);
    ref_gather_nd_shape(&d, &i, 0, &o);
    assert_int_equal(o.rank, 3);
    assert_int_equal(o.shape[1], 1);
    o.data = out;
    assert_int_equal(ref_gather_nd(&d, &i, 0, &o, NULL), TIX_STATUS_OK);
    assert_i32_array(out, w3, 4);

    /* batch_dims = 1 (ONNX example 5); -1 counts from q = 2 */
    int64_t i5[] = {1, 0};
    i = view(i5, TIX_DTYPE_INT64, 2, s21);
    for (int64_t b = -1; b <= 1; b += 2) {
        ref_gather_nd_shape(&d, &i, b, &o);
        assert_int_equal(o.rank, 2);
        assert_int_equal(o.shape[0], 2);
        assert_int_equal(o.shape[1], 2);
        o.data = out;
        assert_int_equal(ref_gather_nd(&d, &i, b, &o, NULL), TIX_STATUS_OK);
        int32_t w5[] = {2, 3, 4, 5};
        assert_i32_array(out, w5, 4);
    }

    /* k = 0 takes whole slices: indices [2, 0] on data [2, 2] gives [2, 2, 2] */
    d = view(d2, TIX_DTYPE_INT32, 2, s22);
    int64_t s20[] = {2, 0};
    i = view(i1, TIX_DTYPE_INT64, 2, s20);
    ref_gather_nd_shape(&d, &i, 0, &o);
    assert_int_equal(o.rank, 3);
    o.data = out;
    assert_int_equal(ref_gather_nd(&d, &i, 0, &o, NULL), TIX_STATUS_OK);
    int32_t w6[] = {0, 1, 2, 3, 0, 1, 2, 3};
    assert_i32_array(out, w6, 8);

    /* one component out of range: ignore fills the whole slice, clamp works per component */
    int64_t i7[] = {1, 5};
    int64_t s12[] = {1, 2};
    d = view(d3, TIX_DTYPE_INT32, 3, s222);
    i = view(i7, TIX_DTYPE_INT64, 2, s12);
    ref_gather_nd_shape(&d, &i, 0, &o);
    assert_int_equal(o.rank, 2);
    assert_int_equal(o.shape[1], 2);
    o.data = out;
    assert_int_equal(ref_gather_nd(&d, &i, 0, &o, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_IGNORE, TIX_REDUCTION_NONE, false);
    int32_t fill = 99;
    op.fill_value = &fill;
    assert_int_equal(ref_gather_nd(&d, &i, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(out[0], 99);
    assert_int_equal(out[1], 99);
    op.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    assert_int_equal(ref_gather_nd(&d, &i, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(out[0], 6);
    assert_int_equal(out[1], 7);
}

/* ------------------------------------------------------------------------------------------
 * Scatters
 */

static void test_scatter_elements_onnx(void** state)
{
    (void)state;
    float data[9] = {0};
    int64_t idx[] = {1, 0, 2, 0, 2, 1};
    float upd[] = {1.0f, 1.1f, 1.2f, 2.0f, 2.1f, 2.2f};
    float out[9];
    int64_t s33[] = {3, 3}, s23[] = {2, 3};
    tix_tensor d = view(data, TIX_DTYPE_FLOAT32, 2, s33), i = view(idx, TIX_DTYPE_INT64, 2, s23);
    tix_tensor u = view(upd, TIX_DTYPE_FLOAT32, 2, s23), o = view(out, TIX_DTYPE_FLOAT32, 2, s33);
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, NULL), TIX_STATUS_OK);
    float w1[] = {2.0f, 1.1f, 0.0f, 1.0f, 0.0f, 2.2f, 0.0f, 2.1f, 1.2f};
    assert_f32_array(out, w1, 9);

    float d2[] = {1, 2, 3, 4, 5};
    int32_t i2[] = {1, -3};
    float u2[] = {1.5f, 2.25f};
    float o2[5];
    int64_t s15[] = {1, 5}, s12[] = {1, 2};
    d = view(d2, TIX_DTYPE_FLOAT32, 2, s15);
    i = view(i2, TIX_DTYPE_INT32, 2, s12);
    u = view(u2, TIX_DTYPE_FLOAT32, 2, s12);
    o = view(o2, TIX_DTYPE_FLOAT32, 2, s15);
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 1, &o, NULL), TIX_STATUS_OK);
    float w2[] = {1, 1.5f, 2.25f, 4, 5};
    assert_f32_array(o2, w2, 5);

    /* duplicates, every reduction */
    i2[1] = 1;
    struct {
        tix_reduction red;
        bool exclude;
        float want;
    } cases[] = {
        {TIX_REDUCTION_NONE, false, 2.25f}, {TIX_REDUCTION_NONE, true, 2.25f},
        {TIX_REDUCTION_ADD, false, 5.75f},  {TIX_REDUCTION_ADD, true, 3.75f},
        {TIX_REDUCTION_SUB, false, -1.75f}, {TIX_REDUCTION_SUB, true, -3.75f},
        {TIX_REDUCTION_MUL, false, 6.75f},  {TIX_REDUCTION_MUL, true, 3.375f},
        {TIX_REDUCTION_MIN, false, 1.5f},   {TIX_REDUCTION_MIN, true, 1.5f},
        {TIX_REDUCTION_MAX, false, 2.25f},  {TIX_REDUCTION_MAX, true, 2.25f},
        {TIX_REDUCTION_MEAN, false, 5.75f / 3.0f}, {TIX_REDUCTION_MEAN, true, 1.875f},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, cases[c].red,
                              cases[c].exclude);
        assert_int_equal(ref_scatter_elements(&d, &i, &u, 1, &o, &op), TIX_STATUS_OK);
        float want[] = {1, cases[c].want, 3, 4, 5};
        assert_f32_array(o2, want, 5);
    }
}

static void test_scatter_nd_onnx(void** state)
{
    (void)state;
    int32_t data[] = {1, 2, 3, 4, 5, 6, 7, 8};
    int64_t idx[] = {4, 3, 1, 7};
    int32_t upd[] = {9, 10, 11, 12};
    int32_t out[8];
    int64_t s8[] = {8}, s41[] = {4, 1}, s4[] = {4};
    tix_tensor d = view(data, TIX_DTYPE_INT32, 1, s8), i = view(idx, TIX_DTYPE_INT64, 2, s41);
    tix_tensor u = view(upd, TIX_DTYPE_INT32, 1, s4), o = view(out, TIX_DTYPE_INT32, 1, s8);
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, NULL), TIX_STATUS_OK);
    int32_t w1[] = {1, 11, 3, 10, 9, 6, 7, 12};
    assert_i32_array(out, w1, 8);

    /* slices: data [2, 2, 2], indices [[1], [0]] updates [2, 2, 2] */
    int32_t d3[] = {0, 1, 2, 3, 4, 5, 6, 7};
    int32_t u3[] = {10, 11, 12, 13, 14, 15, 16, 17};
    int64_t i3[] = {1, 1};
    int64_t s222[] = {2, 2, 2}, s21[] = {2, 1};
    d = view(d3, TIX_DTYPE_INT32, 3, s222);
    i = view(i3, TIX_DTYPE_INT64, 2, s21);
    u = view(u3, TIX_DTYPE_INT32, 3, s222);
    o = view(out, TIX_DTYPE_INT32, 3, s222);
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, TIX_REDUCTION_ADD, false);
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    int32_t w2[] = {0, 1, 2, 3, 4 + 10 + 14, 5 + 11 + 15, 6 + 12 + 16, 7 + 13 + 17};
    assert_i32_array(out, w2, 8);
    op.reduction = TIX_REDUCTION_NONE;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    int32_t w3[] = {0, 1, 2, 3, 14, 15, 16, 17};
    assert_i32_array(out, w3, 8);

    /* batch_dims = 1: indices [2, 1], updates [2, 2] */
    int64_t i4[] = {1, 0};
    int32_t u4[] = {20, 21, 22, 23};
    int64_t s22[] = {2, 2};
    i = view(i4, TIX_DTYPE_INT64, 2, s21);
    u = view(u4, TIX_DTYPE_INT32, 2, s22);
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 1, &o, NULL), TIX_STATUS_OK);
    int32_t w4[] = {0, 1, 20, 21, 22, 23, 6, 7};
    assert_i32_array(out, w4, 8);

    /* ignore drops an update; the output keeps data */
    i4[0] = 2;
    op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_IGNORE, TIX_REDUCTION_NONE, false);
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 1, &o, &op), TIX_STATUS_OK);
    int32_t w5[] = {0, 1, 2, 3, 22, 23, 6, 7};
    assert_i32_array(out, w5, 8);

    /* error: the output is left exactly as it was */
    op.out_of_range = TIX_OUT_OF_RANGE_ERROR;
    for (int k = 0; k < 8; k++)
        out[k] = -5;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 1, &o, &op), TIX_STATUS_INDEX_OUT_OF_RANGE);
    for (int k = 0; k < 8; k++)
        assert_int_equal(out[k], -5);
}

static void test_scatter_axis(void** state)
{
    (void)state;
    /* index_copy_: data [3, 2] zeros, indices [2, 0], updates [[1, 2], [3, 4]] */
    int32_t data[6] = {0};
    uint32_t idx[] = {2, 0};
    int32_t upd[] = {1, 2, 3, 4};
    int32_t out[6];
    int64_t s32[] = {3, 2}, s2[] = {2}, s22[] = {2, 2};
    tix_tensor d = view(data, TIX_DTYPE_INT32, 2, s32), i = view(idx, TIX_DTYPE_UINT32, 1, s2);
    tix_tensor u = view(upd, TIX_DTYPE_INT32, 2, s22), o = view(out, TIX_DTYPE_INT32, 2, s32);
    assert_int_equal(ref_scatter(&d, &i, &u, 0, 0, &o, NULL), TIX_STATUS_OK);
    int32_t w1[] = {3, 4, 0, 0, 1, 2};
    assert_i32_array(out, w1, 6);

    /* axis 1 with scalar indices: updates have data's shape without the axis */
    int64_t s23[] = {2, 3};
    int64_t two = -1;
    int32_t u2[] = {5, 6};
    d = view(data, TIX_DTYPE_INT32, 2, s23);
    i = view(&two, TIX_DTYPE_INT64, 0, NULL);
    u = view(u2, TIX_DTYPE_INT32, 1, s2);
    o = view(out, TIX_DTYPE_INT32, 2, s23);
    assert_int_equal(ref_scatter(&d, &i, &u, 1, 0, &o, NULL), TIX_STATUS_OK);
    int32_t w2[] = {0, 0, 5, 0, 0, 6};
    assert_i32_array(out, w2, 6);

    /* batch_dims = 1, the inverse of the OpenVINO gather example */
    int32_t d3[10] = {0};
    int64_t i3[] = {0, 0, 4, 4, 0, 1};
    int32_t u3[] = {1, 2, 3, 4, 5, 6};
    int64_t s25[] = {2, 5};
    d = view(d3, TIX_DTYPE_INT32, 2, s25);
    i = view(i3, TIX_DTYPE_INT64, 2, s23);
    u = view(u3, TIX_DTYPE_INT32, 2, s23);
    int32_t o3[10];
    o = view(o3, TIX_DTYPE_INT32, 2, s25);
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, TIX_REDUCTION_ADD, false);
    assert_int_equal(ref_scatter(&d, &i, &u, 1, -1, &o, &op), TIX_STATUS_OK);
    int32_t w3[] = {3, 0, 0, 0, 3, 5, 6, 0, 0, 4};
    assert_i32_array(o3, w3, 10);

    /* in place: output is exactly the data view */
    assert_int_equal(ref_scatter(&d, &i, &u, 1, 1, &d, &op), TIX_STATUS_OK);
    assert_i32_array(d3, w3, 10);
    assert_int_equal(ref_scatter(&d, &i, &u, 1, 1, &d, &op), TIX_STATUS_OK);
    int32_t w4[] = {6, 0, 0, 0, 6, 10, 12, 0, 0, 8};
    assert_i32_array(d3, w4, 10);
}

static void test_reductions_integers(void** state)
{
    (void)state;
    int64_t s1[] = {1}, s2[] = {2}, s21[] = {2, 1};
    int64_t idx[] = {0, 0};
    tix_tensor i = view(idx, TIX_DTYPE_INT64, 2, s21);
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, TIX_REDUCTION_ADD, false);

    /* int8 wraps */
    int8_t d8[] = {100}, u8[] = {100, 100}, o8[1];
    tix_tensor d = view(d8, TIX_DTYPE_INT8, 1, s1), u = view(u8, TIX_DTYPE_INT8, 1, s2);
    tix_tensor o = view(o8, TIX_DTYPE_INT8, 1, s1);
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(o8[0], 44); /* 300 - 256 */
    op.reduction = TIX_REDUCTION_MUL;
    u8[0] = 16;
    u8[1] = 16;
    d8[0] = 3;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(o8[0], 0); /* 768 mod 256 */
    op.reduction = TIX_REDUCTION_SUB;
    d8[0] = -128;
    u8[0] = 1;
    u8[1] = -2;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(o8[0], -127); /* -128 - 1 = 127, 127 + 2 = -127 */
    op.reduction = TIX_REDUCTION_MAX;
    op.exclude_self = true;
    d8[0] = 50;
    u8[0] = -100;
    u8[1] = -120;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(o8[0], -100);
    op.reduction = TIX_REDUCTION_MIN;
    u8[0] = 120;
    u8[1] = 110;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(o8[0], 110);
    op.exclude_self = false;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(o8[0], 50);

    /* int8 mean: sum wraps in the element type, then floor division */
    op.reduction = TIX_REDUCTION_MEAN;
    d8[0] = -7;
    u8[0] = 1;
    u8[1] = 0;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(o8[0], -2); /* floor(-6 / 3) */
    u8[1] = 1;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(o8[0], -2); /* floor(-5 / 3) */
    d8[0] = 127;
    u8[0] = 127;
    u8[1] = 2;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(o8[0], 0); /* 256 wraps to 0 */
    d8[0] = 127;
    u8[1] = 3;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(o8[0], 0); /* 257 wraps to 1, floor(1 / 3) */
    op.exclude_self = true;
    u8[0] = -3;
    u8[1] = -4;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(o8[0], -4); /* floor(-7 / 2) */

    /* uint8 mean */
    uint8_t du[] = {250}, uu[] = {10, 0}, ou[1];
    d = view(du, TIX_DTYPE_UINT8, 1, s1);
    u = view(uu, TIX_DTYPE_UINT8, 1, s2);
    o = view(ou, TIX_DTYPE_UINT8, 1, s1);
    op.exclude_self = false;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(ou[0], 1); /* 260 wraps to 4, 4 / 3 */
    op.reduction = TIX_REDUCTION_MIN;
    op.exclude_self = true;
    uu[0] = 255;
    uu[1] = 254;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(ou[0], 254);

    /* uint64 max and min with identities */
    uint64_t d64[] = {7, 7}, u64[] = {UINT64_MAX, 3}, o64[2];
    int64_t i64[] = {1, 1};
    d = view(d64, TIX_DTYPE_UINT64, 1, s2);
    u = view(u64, TIX_DTYPE_UINT64, 1, s2);
    o = view(o64, TIX_DTYPE_UINT64, 1, s2);
    i = view(i64, TIX_DTYPE_INT64, 2, s21);
    op.reduction = TIX_REDUCTION_MAX;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(o64[0] == 7 && o64[1] == UINT64_MAX);
    op.reduction = TIX_REDUCTION_MIN;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(o64[0] == 7 && o64[1] == 3);
    op.reduction = TIX_REDUCTION_MEAN;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(o64[0] == 7 && o64[1] == 1); /* (2^64 - 1 + 3) mod 2^64 = 2, / 2 */

    /* int64 mean floors at the extremes */
    int64_t ds[] = {INT64_MIN, 0}, us[] = {-1, 0}, os[2];
    d = view(ds, TIX_DTYPE_INT64, 1, s2);
    u = view(us, TIX_DTYPE_INT64, 1, s2);
    o = view(os, TIX_DTYPE_INT64, 1, s2);
    op.exclude_self = false;
    int64_t i0[] = {0, 1};
    i = view(i0, TIX_DTYPE_INT64, 2, s21);
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    /* INT64_MIN - 1 wraps to INT64_MAX, / 2 */
    assert_true(os[0] == INT64_MAX / 2 && os[1] == 0);
}

static uint16_t f16(float f)
{
    return ref_f32_to_f16(f);
}

static void test_reductions_floats(void** state)
{
    (void)state;
    int64_t s1[] = {1}, s2[] = {2}, s3[] = {3}, s21[] = {2, 1}, s31[] = {3, 1};
    int64_t idx[] = {0, 0};
    tix_tensor i = view(idx, TIX_DTYPE_INT64, 2, s21);
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, TIX_REDUCTION_ADD, false);

    /* float16 rounds each step to nearest even: 1 + 2^-11 ties back to 1 */
    uint16_t dh[] = {0x3c00}, uh[] = {0x1000, 0x1000}, oh[1];
    tix_tensor d = view(dh, TIX_DTYPE_FLOAT16, 1, s1), u = view(uh, TIX_DTYPE_FLOAT16, 1, s2);
    tix_tensor o = view(oh, TIX_DTYPE_FLOAT16, 1, s1);
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(oh[0], 0x3c00); /* exact sum 1 + 2^-10 would be 0x3c01 */
    dh[0] = 0x3c01;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(oh[0], 0x3c02); /* 0x3c01 + 2^-11 ties up to 0x3c02, + 2^-11 ties back */
    /* mean: (1 + 2 + 2) / 3 in float32, rounded to half */
    op.reduction = TIX_REDUCTION_MEAN;
    dh[0] = 0x3c00;
    uh[0] = uh[1] = 0x4000;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(oh[0], f16(5.0f / 3.0f));
    assert_int_equal(oh[0], 0x3eab);
    /* overflow to inf */
    op.reduction = TIX_REDUCTION_ADD;
    dh[0] = 0x7bff; /* 65504 */
    uh[0] = 0x4800; /* 8: 65512 rounds down */
    uh[1] = 0x0000;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(oh[0], 0x7bff);
    uh[0] = 0x4c00; /* 16: 65520 is exactly halfway; the even neighbour is inf */
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(oh[0], 0x7c00);

    /* bfloat16: 1 + 2^-8 ties to 1 */
    uint16_t db[] = {0x3f80}, ub[] = {0x3b80, 0x0000}, ob[1];
    d = view(db, TIX_DTYPE_BFLOAT16, 1, s1);
    u = view(ub, TIX_DTYPE_BFLOAT16, 1, s2);
    o = view(ob, TIX_DTYPE_BFLOAT16, 1, s1);
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(ob[0], 0x3f80);
    db[0] = 0x3f81;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(ob[0], 0x3f82);
    op.reduction = TIX_REDUCTION_MUL;
    db[0] = 0x4040; /* 3 */
    ub[0] = 0x3fc0; /* 1.5 */
    ub[1] = 0xc000; /* -2 */
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(ob[0], 0xc110); /* -9 */

    /* NaN propagation in min/max: a NaN output stays, a NaN update wins otherwise */
    float nan = NAN;
    float df[] = {nan, 1.0f, 1.0f}, uf[] = {5.0f, nan, -1.0f}, of[3];
    int64_t i3[] = {0, 1, 2};
    d = view(df, TIX_DTYPE_FLOAT32, 1, s3);
    u = view(uf, TIX_DTYPE_FLOAT32, 1, s3);
    o = view(of, TIX_DTYPE_FLOAT32, 1, s3);
    i = view(i3, TIX_DTYPE_INT64, 2, s31);
    op.reduction = TIX_REDUCTION_MAX;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(isnan(of[0]) && isnan(of[1]) && of[2] == 1.0f);
    op.reduction = TIX_REDUCTION_MIN;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(isnan(of[0]) && isnan(of[1]) && of[2] == -1.0f);
    /* the NaN's bits are copied: a NaN with a payload survives min/max */
    uint32_t payload = 0x7fc12345u;
    memcpy(&uf[1], &payload, 4);
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    uint32_t got;
    memcpy(&got, &of[1], 4);
    assert_int_equal(got, payload);
    /* exclude_self max starts from -inf: a single update is the result */
    op.reduction = TIX_REDUCTION_MAX;
    op.exclude_self = true;
    uf[2] = -INFINITY;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(of[2] == -INFINITY && of[0] == 5.0f);

    /* float64 sub, add identity, mean */
    double dd[] = {10.0, 10.0}, ud[] = {-0.0, 2.5}, od[2];
    int64_t i00[] = {0, 1};
    i = view(i00, TIX_DTYPE_INT64, 2, s21);
    d = view(dd, TIX_DTYPE_FLOAT64, 1, s2);
    u = view(ud, TIX_DTYPE_FLOAT64, 1, s2);
    o = view(od, TIX_DTYPE_FLOAT64, 1, s2);
    op.reduction = TIX_REDUCTION_ADD; /* exclude_self: 0 + -0 = +0 */
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(od[0] == 0.0 && !signbit(od[0]) && od[1] == 2.5);
    op.reduction = TIX_REDUCTION_SUB; /* 0 - 2.5 */
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(od[1] == -2.5);
    op.exclude_self = false;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(od[0] == 10.0 && od[1] == 7.5);
    op.reduction = TIX_REDUCTION_MEAN;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(od[0] == 5.0 && od[1] == 6.25);
    op.reduction = TIX_REDUCTION_MUL;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(od[0] == 0.0 && signbit(od[0]) && od[1] == 25.0);
}

static void test_reductions_bool_complex(void** state)
{
    (void)state;
    int64_t s4[] = {4}, s41[] = {4, 1};
    int64_t idx[] = {0, 1, 1, 2};
    tix_tensor i = view(idx, TIX_DTYPE_INT64, 2, s41);
    uint8_t db[] = {0, 1, 2, 7}, ub[] = {3, 1, 1, 0}, ob[4];
    tix_tensor d = view(db, TIX_DTYPE_BOOL, 1, s4), u = view(ub, TIX_DTYPE_BOOL, 1, s4);
    tix_tensor o = view(ob, TIX_DTYPE_BOOL, 1, s4);
    struct {
        tix_reduction red;
        bool exclude;
        uint8_t want[4];
    } cases[] = {
        {TIX_REDUCTION_NONE, false, {3, 1, 0, 7}},
        {TIX_REDUCTION_ADD, false, {1, 1, 1, 7}}, /* or; element 3 is untouched */
        {TIX_REDUCTION_SUB, false, {1, 1, 1, 7}}, /* xor: 1^1^1 = 1, 2->1 ^ 0 */
        {TIX_REDUCTION_MUL, false, {0, 1, 0, 7}}, /* and */
        {TIX_REDUCTION_MAX, false, {1, 1, 1, 7}},
        {TIX_REDUCTION_MIN, false, {0, 1, 0, 7}},
        {TIX_REDUCTION_ADD, true, {1, 1, 0, 7}},
        {TIX_REDUCTION_SUB, true, {1, 0, 0, 7}},
        {TIX_REDUCTION_MUL, true, {1, 1, 0, 7}},
        {TIX_REDUCTION_MIN, true, {1, 1, 0, 7}},
        {TIX_REDUCTION_MAX, true, {1, 1, 0, 7}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, cases[c].red,
                              cases[c].exclude);
        memset(ob, 0xee, sizeof ob);
        assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
        for (int k = 0; k < 4; k++)
            if (ob[k] != cases[c].want[k])
                fail_msg("case %zu element %d: got %d want %d", c, k, ob[k], cases[c].want[k]);
    }
    tix_options mean = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, TIX_REDUCTION_MEAN, false);
    memset(ob, 0xee, sizeof ob);
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &mean), TIX_STATUS_UNSUPPORTED_REDUCTION);
    assert_int_equal(ob[0], 0xee);

    /* complex64: (1+2i)(3+4i) = -5+10i; sub; add */
    float dc[] = {1, 2, 9, 9}, uc[] = {3, 4, 0.5f, -1}, oc[4];
    int64_t s2[] = {2}, s21[] = {2, 1};
    int64_t ic[] = {0, 1};
    i = view(ic, TIX_DTYPE_INT64, 2, s21);
    d = view(dc, TIX_DTYPE_COMPLEX64, 1, s2);
    u = view(uc, TIX_DTYPE_COMPLEX64, 1, s2);
    o = view(oc, TIX_DTYPE_COMPLEX64, 1, s2);
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, TIX_REDUCTION_MUL, false);
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    float w1[] = {-5, 10, 13.5f, -4.5f}; /* (9+9i)(0.5-i) = 4.5+9 + (-9+4.5)i */
    assert_f32_array(oc, w1, 4);
    op.reduction = TIX_REDUCTION_SUB;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    float w2[] = {-2, -2, 8.5f, 10};
    assert_f32_array(oc, w2, 4);
    op.reduction = TIX_REDUCTION_ADD;
    op.exclude_self = true;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_f32_array(oc, uc, 4);

    double dz[] = {1, 2}, uz[] = {3, 4}, oz[2];
    int64_t s1[] = {1}, s11[] = {1, 1};
    d = view(dz, TIX_DTYPE_COMPLEX128, 1, s1);
    u = view(uz, TIX_DTYPE_COMPLEX128, 1, s1);
    o = view(oz, TIX_DTYPE_COMPLEX128, 1, s1);
    i = view(ic, TIX_DTYPE_INT64, 2, s11);
    op.reduction = TIX_REDUCTION_MUL;
    op.exclude_self = false;
    assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(oz[0] == -5.0 && oz[1] == 10.0);
    for (tix_reduction r = TIX_REDUCTION_MIN; r <= TIX_REDUCTION_MEAN; r++) {
        op.reduction = r;
        assert_int_equal(ref_scatter_nd(&d, &i, &u, 0, &o, &op),
                         TIX_STATUS_UNSUPPORTED_REDUCTION);
    }
}

static void test_reduction_support_table(void** state)
{
    (void)state;
    for (int t = 1; t < TIX_DTYPE_COUNT; t++) {
        tix_dtype dt = (tix_dtype)t;
        for (int r = 0; r <= TIX_REDUCTION_MEAN; r++) {
            tix_reduction red = (tix_reduction)r;
            bool want;
            if (red == TIX_REDUCTION_NONE)
                want = true;
            else if (dt == TIX_DTYPE_STRING || dt >= TIX_DTYPE_FLOAT8E4M3FN)
                want = false;
            else if (dt == TIX_DTYPE_BOOL)
                want = red != TIX_REDUCTION_MEAN;
            else if (dt == TIX_DTYPE_COMPLEX64 || dt == TIX_DTYPE_COMPLEX128)
                want = red <= TIX_REDUCTION_MUL;
            else
                want = true;
            assert_int_equal(ref_reduction_supported(dt, red), want);
        }
    }
    assert_int_equal(ref_dtype_size(TIX_DTYPE_COMPLEX128), 16);
    assert_int_equal(ref_dtype_size(TIX_DTYPE_STRING), sizeof(char*));
    assert_int_equal(ref_dtype_size(TIX_DTYPE_FLOAT8E5M2FNUZ), 1);
    assert_int_equal(ref_dtype_size(TIX_DTYPE_UNDEFINED), 0);
}

static void test_scatter_ignore_and_mean_counts(void** state)
{
    (void)state;
    /* dropped updates neither count for mean nor mark an element for exclude_self */
    float data[] = {1, 2, 3};
    int16_t idx[] = {5, 1, -1, 1, -4};
    float upd[] = {100, 4, 6, 8, 100};
    float out[3];
    int64_t s3[] = {3}, s5[] = {5};
    tix_tensor d = view(data, TIX_DTYPE_FLOAT32, 1, s3), i = view(idx, TIX_DTYPE_INT16, 1, s5);
    tix_tensor u = view(upd, TIX_DTYPE_FLOAT32, 1, s5), o = view(out, TIX_DTYPE_FLOAT32, 1, s3);
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_IGNORE, TIX_REDUCTION_MEAN, false);
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    float w1[] = {1, 14.0f / 3.0f, 4.5f};
    assert_f32_array(out, w1, 3);
    op.exclude_self = true;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    float w2[] = {1, 6, 6};
    assert_f32_array(out, w2, 3);
    /* clamp sends 5 to 2 and -4 (-1 after wrapping once) to 0 */
    op.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    op.reduction = TIX_REDUCTION_ADD;
    op.exclude_self = false;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    float w3[] = {101, 14, 109};
    assert_f32_array(out, w3, 3);
    /* wrap: 5 mod 3 = 2, -4 mod 3 = 2 */
    op.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    float w4[] = {1, 14, 209};
    assert_f32_array(out, w4, 3);
}

/* ------------------------------------------------------------------------------------------
 * options.accumulation = TIX_ACCUMULATE_CHUNKED ("Reductions" in tix.h): k = min(8, u / (16 n))
 * chunks of consecutive updates (the first u mod k one longer); chunk 0 applied in order, each
 * later chunk summed on its own from z (-0 for add/sub, 1 for mul), then merged in chunk order
 * as out + s (add, sub) or out * s (mul), except where s is still z bit for bit.
 */

static void test_canonical_nan(void** state)
{
    (void)state;
    /* "A NaN produced by add, sub, mul or mean is stored as the canonical quiet NaN (sign 0,
     * payload 0; per part for complex)": inf + -inf (x86 returns 0xffc00000), a NaN of data with
     * a payload plus 1, and per part for complex; min/max copy the winner's bits instead */
    uint32_t data[] = {0x7f800000u, 0xff812345u, 0x7fc00000u, 0x7fc00000u};
    uint32_t upd[] = {0xff800000u, 0x3f800000u, 0x3f800000u, 0x7f800000u}, out[4];
    int64_t idx[] = {0, 1, 2, 3};
    int64_t s4[] = {4};
    tix_tensor d = view(data, TIX_DTYPE_FLOAT32, 1, s4), i = view(idx, TIX_DTYPE_INT64, 1, s4);
    tix_tensor u = view(upd, TIX_DTYPE_FLOAT32, 1, s4), o = view(out, TIX_DTYPE_FLOAT32, 1, s4);
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, TIX_REDUCTION_ADD, false);
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    for (int k = 0; k < 4; k++)
        assert_int_equal(out[k], 0x7fc00000u);
    op.reduction = TIX_REDUCTION_MEAN;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(out[1], 0x7fc00000u);
    op.reduction = TIX_REDUCTION_MAX; /* the output keeps its own NaN, bits and all */
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(out[1], 0xff812345u);
    /* float16 and complex128 (per part: inf * 0 in the real part only) */
    uint16_t dh[] = {0x7c00}, uh[] = {0xfc00}, oh[1];
    int64_t s1[] = {1}, i0[] = {0};
    d = view(dh, TIX_DTYPE_FLOAT16, 1, s1);
    u = view(uh, TIX_DTYPE_FLOAT16, 1, s1);
    o = view(oh, TIX_DTYPE_FLOAT16, 1, s1);
    i = view(i0, TIX_DTYPE_INT64, 1, s1);
    op.reduction = TIX_REDUCTION_ADD;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(oh[0], 0x7e00);
    double dz[] = {INFINITY, 0.0}, uz[] = {0.0, 1.0}, oz[2];
    d = view(dz, TIX_DTYPE_COMPLEX128, 1, s1);
    u = view(uz, TIX_DTYPE_COMPLEX128, 1, s1);
    o = view(oz, TIX_DTYPE_COMPLEX128, 1, s1);
    op.reduction = TIX_REDUCTION_MUL; /* (inf + 0i)(0 + 1i) = (inf*0 - 0*1) + (inf*1 + 0*0)i */
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    uint64_t re, im;
    memcpy(&re, &oz[0], 8);
    memcpy(&im, &oz[1], 8);
    assert_int_equal(re, 0x7ff8000000000000ull);
    assert_int_equal(im, 0x7ff0000000000000ull);
}

static void test_chunk_count(void** state)
{
    (void)state;
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, TIX_REDUCTION_ADD, false);
    op.accumulation = TIX_ACCUMULATE_CHUNKED;
    assert_int_equal(ref_chunk_count(TIX_DTYPE_FLOAT32, &op, 32, 1), 2);
    assert_int_equal(ref_chunk_count(TIX_DTYPE_FLOAT32, &op, 31, 1), 1); /* k = 1: default */
    assert_int_equal(ref_chunk_count(TIX_DTYPE_FLOAT32, &op, 95, 2), 2);
    assert_int_equal(ref_chunk_count(TIX_DTYPE_FLOAT32, &op, 96, 2), 3);
    assert_int_equal(ref_chunk_count(TIX_DTYPE_FLOAT64, &op, 16 * 8 * 100, 8), 8); /* at most 8 */
    assert_int_equal(ref_chunk_count(TIX_DTYPE_FLOAT16, &op, 66, 1), 4);
    assert_int_equal(ref_chunk_count(TIX_DTYPE_BFLOAT16, &op, 1000, 0), 1); /* nothing to do */
    /* 16 n would overflow: (2^63 - 1) / (16 (2^58 - 1)) = 2.0000... */
    assert_int_equal(ref_chunk_count(TIX_DTYPE_FLOAT32, &op, INT64_MAX, INT64_MAX / 32), 2);
    /* only real floats */
    assert_int_equal(ref_chunk_count(TIX_DTYPE_INT32, &op, 1000, 1), 1);
    assert_int_equal(ref_chunk_count(TIX_DTYPE_COMPLEX64, &op, 1000, 1), 1);
    assert_int_equal(ref_chunk_count(TIX_DTYPE_BOOL, &op, 1000, 1), 1);
    /* only add, sub, mul */
    op.reduction = TIX_REDUCTION_SUB;
    assert_int_equal(ref_chunk_count(TIX_DTYPE_FLOAT32, &op, 1000, 1), 8);
    op.reduction = TIX_REDUCTION_MUL;
    assert_int_equal(ref_chunk_count(TIX_DTYPE_FLOAT32, &op, 1000, 1), 8);
    for (tix_reduction r = TIX_REDUCTION_MIN; r <= TIX_REDUCTION_MEAN; r++) {
        op.reduction = r;
        assert_int_equal(ref_chunk_count(TIX_DTYPE_FLOAT32, &op, 1000, 1), 1);
    }
    op.reduction = TIX_REDUCTION_NONE;
    assert_int_equal(ref_chunk_count(TIX_DTYPE_FLOAT32, &op, 1000, 1), 1);
    /* the default order */
    op.reduction = TIX_REDUCTION_ADD;
    op.accumulation = TIX_ACCUMULATE_IN_ORDER;
    assert_int_equal(ref_chunk_count(TIX_DTYPE_FLOAT32, &op, 1000, 1), 1);
    assert_int_equal(ref_chunk_count(TIX_DTYPE_FLOAT32, NULL, 1000, 1), 1);
}

static void test_accumulation_chunked_add_f32(void** state)
{
    (void)state;
    /* u = 32 updates into n = 1 element: k = min(8, 32 / 16) = 2 chunks of 16. In order,
     * 2^24 + 1 ties back to 2^24 every time. In chunks: chunk 0 gives 2^24 (+0s); chunk 1 sums to
     * -0 + 1 + ... + 1 = 16 on its own; 2^24 + 16 is exact. */
    float data[] = {0.0f}, upd[32], out[1];
    int64_t idx[32];
    for (int p = 0; p < 32; p++) {
        idx[p] = 0;
        upd[p] = p == 0 ? 16777216.0f : p < 16 ? 0.0f : 1.0f;
    }
    int64_t s1[] = {1}, s32[] = {32};
    tix_tensor d = view(data, TIX_DTYPE_FLOAT32, 1, s1), i = view(idx, TIX_DTYPE_INT64, 1, s32);
    tix_tensor u = view(upd, TIX_DTYPE_FLOAT32, 1, s32), o = view(out, TIX_DTYPE_FLOAT32, 1, s1);
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, TIX_REDUCTION_ADD, false);
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    float in_order[] = {16777216.0f};
    assert_f32_array(out, in_order, 1);
    op.accumulation = TIX_ACCUMULATE_CHUNKED;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    float chunked[] = {16777232.0f};
    assert_f32_array(out, chunked, 1);
    /* in place: the same */
    data[0] = 0.0f;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &d, &op), TIX_STATUS_OK);
    assert_f32_array(data, chunked, 1);
    /* one update fewer: 31 / 16 = 1 chunk, the default order (2^24, then + 1 fifteen times) */
    data[0] = 0.0f;
    i.shape[0] = u.shape[0] = 31;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_f32_array(out, in_order, 1);
    /* mean keeps the default order (one division of the in-order sum: 2^24 / 32 = 2^19) */
    i.shape[0] = u.shape[0] = 32;
    op.reduction = TIX_REDUCTION_MEAN;
    op.exclude_self = true;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    float mean[] = {524288.0f};
    assert_f32_array(out, mean, 1);
    /* an output inside a larger buffer, read backwards: the same bits, the rest untouched */
    float wide[3] = {-1.0f, -1.0f, -1.0f};
    tix_tensor ws = o;
    ws.data = &wide[1];
    ws.strides[0] = -1;
    op.reduction = TIX_REDUCTION_ADD;
    op.exclude_self = false;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &ws, &op), TIX_STATUS_OK);
    float want_wide[] = {-1.0f, 16777232.0f, -1.0f};
    assert_f32_array(wide, want_wide, 3);
}

static void test_accumulation_chunked_sub_f32(void** state)
{
    (void)state;
    /* sub into n = 2 elements, u = 96: k = min(8, 96 / 32) = 3 chunks of 32 (positions 0..31,
     * 32..63, 64..95). Even positions subtract 2^-25 from element 0, odd ones 0.25 from
     * element 1; each element gets 16 updates per chunk.
     * Element 0 in order: 1 - 2^-25 lies halfway between 1 - 2^-24 and 1 and ties to 1 (even),
     * every time: 1. In chunks: chunk 0 leaves 1 the same way; chunks 1 and 2 each sum to
     * s = -0 - 2^-25 - ... - 2^-25 = -16 * 2^-25 = -2^-21 exactly; 1 + s + s = 1 - 2^-20.
     * Element 1: every step is exact: 8 - 48 / 4 = -4 either way (chunk 0 gives 8 - 4 = 4,
     * chunks 1 and 2 sum to -4 each: 4 + -4 = +0, +0 + -4 = -4). */
    float data[] = {1.0f, 8.0f}, upd[96], out[2];
    uint8_t idx[96];
    for (int p = 0; p < 96; p++) {
        idx[p] = (uint8_t)(p % 2);
        upd[p] = p % 2 ? 0.25f : 0x1p-25f;
    }
    int64_t s2[] = {2}, s96[] = {96};
    tix_tensor d = view(data, TIX_DTYPE_FLOAT32, 1, s2), i = view(idx, TIX_DTYPE_UINT8, 1, s96);
    tix_tensor u = view(upd, TIX_DTYPE_FLOAT32, 1, s96), o = view(out, TIX_DTYPE_FLOAT32, 1, s2);
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, TIX_REDUCTION_SUB, false);
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    float in_order[] = {1.0f, -4.0f};
    assert_f32_array(out, in_order, 2);
    op.accumulation = TIX_ACCUMULATE_CHUNKED;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    float chunked[] = {1.0f - 0x1p-20f, -4.0f};
    assert_f32_array(out, chunked, 2);
    uint32_t bits;
    memcpy(&bits, &out[0], 4);
    assert_int_equal(bits, 0x3f7ffff0u); /* 1 - 2^-20 = (2^24 - 16) * 2^-24 */
    /* the same as scatter (axis 0) and scatter_nd (tuples of one component) */
    int64_t s961[] = {96, 1};
    assert_int_equal(ref_scatter(&d, &i, &u, 0, 0, &o, &op), TIX_STATUS_OK);
    assert_f32_array(out, chunked, 2);
    tix_tensor i2 = view(idx, TIX_DTYPE_UINT8, 2, s961);
    assert_int_equal(ref_scatter_nd(&d, &i2, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_f32_array(out, chunked, 2);
}

static void test_accumulation_chunked_mul_f64(void** state)
{
    (void)state;
    /* mul with exclude_self and dropped updates, n = 1, u = 32: k = 2 chunks of 16 positions.
     * Positions 3 and 20 hold index 5, dropped under IGNORE: they still count as positions of
     * updates (without them u would be 30 and k = 1). exclude_self starts the element from 1
     * (data's 7 is not used). Chunk 0 = {2^1000 at position 0, 1 elsewhere}; chunk 1 = {2^100 at
     * 16, -2^-200 at 17, 1 elsewhere}.
     * In order: 1 * 2^1000 * 2^100 overflows to inf, and inf * -2^-200 = -inf.
     * In chunks: chunk 0 gives 2^1000; chunk 1 multiplies on its own from 1:
     * s = 1 * 2^100 * -2^-200 = -2^-100; 2^1000 * -2^-100 = -2^900. */
    double data[] = {7.0}, upd[32], out[1];
    int32_t idx[32];
    for (int p = 0; p < 32; p++) {
        idx[p] = p == 3 || p == 20 ? 5 : 0;
        upd[p] = 1.0;
    }
    upd[0] = 0x1p1000;
    upd[16] = 0x1p100;
    upd[17] = -0x1p-200;
    upd[3] = upd[20] = 0.0; /* dropped: would make everything 0 otherwise */
    int64_t s1[] = {1}, s32[] = {32};
    tix_tensor d = view(data, TIX_DTYPE_FLOAT64, 1, s1), i = view(idx, TIX_DTYPE_INT32, 1, s32);
    tix_tensor u = view(upd, TIX_DTYPE_FLOAT64, 1, s32), o = view(out, TIX_DTYPE_FLOAT64, 1, s1);
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_IGNORE, TIX_REDUCTION_MUL, true);
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(isinf(out[0]) && out[0] < 0);
    op.accumulation = TIX_ACCUMULATE_CHUNKED;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(out[0] == -0x1p900);
    /* with data (7) instead of 1: 7 * 2^1000 * -2^-100 = -7 * 2^900, still finite */
    op.exclude_self = false;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_true(out[0] == -7.0 * 0x1p900);
    /* a chunk whose product stays 1 bit for bit leaves the element, NaN bits included: data is
     * a NaN with a payload, chunk 0's updates are all dropped, chunk 1's are all 1 */
    uint64_t payload = 0x7ff8000000012345ull;
    memcpy(&data[0], &payload, 8);
    for (int p = 0; p < 32; p++) {
        idx[p] = p < 16 ? 5 : 0;
        upd[p] = 1.0;
    }
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    uint64_t got;
    memcpy(&got, &out[0], 8);
    assert_int_equal(got, payload);
}

static void test_accumulation_chunked_f16(void** state)
{
    (void)state;
    /* float16 add, n = 1, u = 66: k = min(8, 66 / 16) = 4; 66 = 4 * 16 + 2, so the first two
     * chunks hold 17 updates: positions 0..16, 17..33, 34..49, 50..65. Every step is computed in
     * float32 and rounded back to float16. data = 1 (0x3c00); the ulp of [1, 2) is 2^-10.
     * (a) all 66 updates 2^-11 (0x1000), half an ulp of 1:
     *   in order: 1 + 2^-11 ties to 1 (even) every time: 0x3c00.
     *   chunks: chunk 0 leaves 1 likewise; the chunk sums are exact: 17, 16 and 16 times 2^-11.
     *   1 + 17 * 2^-11 = 1 + 8.5 ulp ties to 1 + 8 ulp (0x3c08, even); + 16 * 2^-11 = 8 ulp:
     *   0x3c10; + 8 ulp: 0x3c18. (Chunks of 16, 16, 16, 18 would give 0x3c19.)
     * (b) position 17 (the first of chunk 1) = 1 instead:
     *   in order: 1 (positions 0..16 tie back), + 1 = 2, then 2^-11 is a quarter ulp of 2
     *   (2^-9): 2, 0x4000.
     *   chunks: chunk 0: 1. Chunk 1: s = -0 + 1 = 1, then 1 + 2^-11 ties back to 1, sixteen
     *   times: s = 1 (summing in float32 without rounding back would give 1 + 2^-7).
     *   Chunks 2 and 3: 2^-7 each. 1 + 1 = 2; 2 + 2^-7 = 2 + 4 ulp = 0x4004; then 0x4008. */
    uint16_t data[] = {0x3c00}, upd[66], out[1];
    int8_t idx[66];
    for (int p = 0; p < 66; p++) {
        idx[p] = (int8_t)(p % 3 == 0 ? -1 : 0); /* -1 wraps to 0 */
        upd[p] = 0x1000;
    }
    int64_t s1[] = {1}, s66[] = {66};
    tix_tensor d = view(data, TIX_DTYPE_FLOAT16, 1, s1), i = view(idx, TIX_DTYPE_INT8, 1, s66);
    tix_tensor u = view(upd, TIX_DTYPE_FLOAT16, 1, s66), o = view(out, TIX_DTYPE_FLOAT16, 1, s1);
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, TIX_REDUCTION_ADD, false);
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(out[0], 0x3c00);
    op.accumulation = TIX_ACCUMULATE_CHUNKED;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(out[0], 0x3c18);

    upd[17] = 0x3c00;
    op.accumulation = TIX_ACCUMULATE_IN_ORDER;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(out[0], 0x4000);
    op.accumulation = TIX_ACCUMULATE_CHUNKED;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(out[0], 0x4008);
}

static void test_accumulation_untouched_cases(void** state)
{
    (void)state;
    /* integers, complex and min/max keep the default order; invalid values are INVALID_OPTION */
    int32_t data[] = {5}, upd[40], out[1] = {0};
    int64_t idx[40] = {0};
    for (int p = 0; p < 40; p++)
        upd[p] = p + 1;
    int64_t s1[] = {1}, s40[] = {40};
    tix_tensor d = view(data, TIX_DTYPE_INT32, 1, s1), i = view(idx, TIX_DTYPE_INT64, 1, s40);
    tix_tensor u = view(upd, TIX_DTYPE_INT32, 1, s40), o = view(out, TIX_DTYPE_INT32, 1, s1);
    tix_options op = opts(TIX_NEGATIVE_WRAP, TIX_OUT_OF_RANGE_ERROR, TIX_REDUCTION_SUB, false);
    op.accumulation = TIX_ACCUMULATE_CHUNKED;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_OK);
    assert_int_equal(out[0], 5 - 820);
    op.accumulation = (tix_accumulation)2;
    out[0] = 99;
    assert_int_equal(ref_scatter_elements(&d, &i, &u, 0, &o, &op), TIX_STATUS_INVALID_OPTION);
    assert_int_equal(out[0], 99);
    op.reduction = TIX_REDUCTION_NONE;
    op.accumulation = (tix_accumulation)7;
    assert_int_equal(ref_gather_elements(&d, &i, 0, &u, &op), TIX_STATUS_INVALID_OPTION);
    op.accumulation = TIX_ACCUMULATE_CHUNKED;
    assert_int_equal(ref_gather_elements(&d, &i, 0, &u, &op), TIX_STATUS_OK);
    assert_int_equal(upd[39], 5);
    op.reduction = TIX_REDUCTION_ADD; /* a reduction on a gather */
    assert_int_equal(ref_gather_elements(&d, &i, 0, &u, &op), TIX_STATUS_INVALID_OPTION);
}

/* ------------------------------------------------------------------------------------------
 * float16 / bfloat16 conversions
 */

static double half_value(uint16_t h)
{
    return (double)ref_f16_to_f32(h);
}

static void test_f16_conversions(void** state)
{
    (void)state;
    assert_int_equal(f16(1.0f), 0x3c00);
    assert_int_equal(f16(-2.0f), 0xc000);
    assert_int_equal(f16(-0.0f), 0x8000);
    assert_int_equal(f16(65504.0f), 0x7bff);
    assert_int_equal(f16(65519.99f), 0x7bff);
    assert_int_equal(f16(65520.0f), 0x7c00);
    assert_int_equal(f16(INFINITY), 0x7c00);
    assert_int_equal(f16(-INFINITY), 0xfc00);
    assert_int_equal(f16(0x1p-24f), 0x0001);
    assert_int_equal(f16(0x1p-25f), 0x0000);             /* tie to even: 0 */
    assert_int_equal(f16(0x1.000002p-25f), 0x0001);      /* just above the tie */
    assert_int_equal(f16(0x1.8p-24f), 0x0002);           /* 1.5 units: tie to even 2 */
    assert_int_equal(f16(0x1.ff8p-15f), 0x03ff);         /* the largest subnormal */
    assert_int_equal(f16(0x1.ffcp-15f), 0x0400);         /* tie: up into the normals */
    assert_int_equal(f16(0x1p-14f), 0x0400);
    assert_int_equal(f16(1.0f + 0x1p-11f), 0x3c00);
    assert_int_equal(f16(1.0f + 0x1.8p-11f), 0x3c01);
    assert_true((f16(NAN) & 0x7c00) == 0x7c00 && (f16(NAN) & 0x3ff) != 0);
    assert_true(isnan(ref_f16_to_f32(0x7e00)));
    assert_true(isnan(ref_f16_to_f32(0xfd01)));
    assert_true(ref_f16_to_f32(0x0001) == 0x1p-24f);
    assert_true(ref_f16_to_f32(0x83ff) == -0x1.ff8p-15f);
    assert_true(ref_f16_to_f32(0x7bff) == 65504.0f);
    assert_true(ref_f16_to_f32(0x7c00) == INFINITY);

    /* every half round-trips; NaN stays NaN */
    for (uint32_t h = 0; h < 0x10000u; h++) {
        uint16_t back = f16(ref_f16_to_f32((uint16_t)h));
        if ((h & 0x7fffu) > 0x7c00u)
            assert_true((back & 0x7fffu) > 0x7c00u);
        else if (back != h)
            fail_msg("half 0x%04x round-trips to 0x%04x", h, back);
    }

    /* round to nearest even, checked against the neighbouring halves for many floats */
    uint32_t x = 12345u;
    for (int n = 0; n < 200000; n++) {
        x = x * 1664525u + 1013904223u;
        uint32_t bits = (x & 0x807fffffu) | ((100u + (x >> 24) % 45u) << 23); /* 2^-27..2^17 */
        float f;
        memcpy(&f, &bits, 4);
        uint16_t h = f16(f);
        double v = f;
        if (fabs(v) >= 65520.0) {
            assert_int_equal(h & 0x7fff, 0x7c00);
            continue;
        }
        double err = fabs(half_value(h) - v);
        uint16_t up = (uint16_t)(h + 1), down = (uint16_t)(h - 1);
        if ((h & 0x7fff) != 0x7bff && (up & 0x7fff) != 0) {
            double e_up = fabs(half_value(up) - v);
            assert_true(err < e_up || (err == e_up && (h & 1) == 0));
        }
        if ((h & 0x7fff) != 0) {
            double e_down = fabs(half_value(down) - v);
            assert_true(err < e_down || (err == e_down && (h & 1) == 0));
        } else {
            assert_true(fabs(v) <= 0x1p-25);
        }
    }
}

static void test_bf16_conversions(void** state)
{
    (void)state;
    assert_int_equal(ref_f32_to_bf16(1.0f), 0x3f80);
    assert_int_equal(ref_f32_to_bf16(1.0f + 0x1p-8f), 0x3f80);
    assert_int_equal(ref_f32_to_bf16(1.0f + 0x1.8p-7f), 0x3f82);
    assert_int_equal(ref_f32_to_bf16(1.0f + 0x1p-8f + 0x1p-23f), 0x3f81); /* above the tie */
    assert_int_equal(ref_f32_to_bf16(0x1.fffffep127f), 0x7f80);
    assert_int_equal(ref_f32_to_bf16(-0.0f), 0x8000);
    assert_int_equal(ref_f32_to_bf16(0x1p-149f), 0x0000);
    assert_true((ref_f32_to_bf16(NAN) & 0x7fff) > 0x7f80);
    uint32_t snan_bits = 0x7f800001u; /* a NaN whose payload is below bfloat16's bits */
    float snan;
    memcpy(&snan, &snan_bits, 4);
    assert_true((ref_f32_to_bf16(snan) & 0x7fff) > 0x7f80);
    assert_true(ref_bf16_to_f32(0x4049) == 3.140625f);
    for (uint32_t h = 0; h < 0x10000u; h++) {
        uint16_t back = ref_f32_to_bf16(ref_bf16_to_f32((uint16_t)h));
        if ((h & 0x7fffu) > 0x7f80u)
            assert_true((back & 0x7fffu) > 0x7f80u);
        else
            assert_int_equal(back, h);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gather_onnx_axis0),
        cmocka_unit_test(test_gather_onnx_axis1),
        cmocka_unit_test(test_gather_negative_and_scalar),
        cmocka_unit_test(test_gather_batch_dims),
        cmocka_unit_test(test_gather_out_of_range_modes),
        cmocka_unit_test(test_gather_extreme_indices),
        cmocka_unit_test(test_gather_empty_axis),
        cmocka_unit_test(test_gather_string_fill),
        cmocka_unit_test(test_gather_strided_views),
        cmocka_unit_test(test_gather_elements_onnx),
        cmocka_unit_test(test_gather_nd_onnx),
        cmocka_unit_test(test_scatter_elements_onnx),
        cmocka_unit_test(test_scatter_nd_onnx),
        cmocka_unit_test(test_scatter_axis),
        cmocka_unit_test(test_reductions_integers),
        cmocka_unit_test(test_reductions_floats),
        cmocka_unit_test(test_reductions_bool_complex),
        cmocka_unit_test(test_reduction_support_table),
        cmocka_unit_test(test_scatter_ignore_and_mean_counts),
        cmocka_unit_test(test_canonical_nan),
        cmocka_unit_test(test_chunk_count),
        cmocka_unit_test(test_accumulation_chunked_add_f32),
        cmocka_unit_test(test_accumulation_chunked_sub_f32),
        cmocka_unit_test(test_accumulation_chunked_mul_f64),
        cmocka_unit_test(test_accumulation_chunked_f16),
        cmocka_unit_test(test_accumulation_untouched_cases),
        cmocka_unit_test(test_f16_conversions),
        cmocka_unit_test(test_bf16_conversions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
