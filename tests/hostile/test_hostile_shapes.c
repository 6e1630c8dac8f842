/* Hostile shapes, strides, ranks and pointers (docs/TESTING.md, "hostile" tier). Each class gets
 * its own clear error, and a failed scatter writes nothing:
 *   - element counts at and just past the int64 limit, in inputs and in the shape a call derives
 *     (a gathered shape whose count overflows even though every input's fits);
 *   - byte offsets at and just past the limit (stride x (size - 1) x element size), on every
 *     operand and every element size, INT64_MIN strides, and strides that are never used;
 *   - index values x strides far apart in real memory (8 GiB between two elements), with the
 *     index extremes of every index dtype under every index rule;
 *   - the size_t overflow of the per-element counts of a mean scatter;
 *   - ranks out of range (INT32_MIN, -1, 17, INT32_MAX) on every argument, and derived ranks above
 *     16; negative dimensions, also next to a zero one;
 *   - NULL data pointers with and without elements;
 *   - views whose address range wraps around the address space (the contract: INVALID_STRIDES),
 *     each run in a child process so that a crash is reported as a failure of its own.
 */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS and MAP_NORESERVE, fork */

#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hostile.h"

/* ---------------------------------------------------------------------------------------------
 * A valid call of each operation on float32 data [3, 4] = 0..11 (as tests/unit/test_errors.c):
 *   gather / scatter           indices int64 [2] {2, 0}, updates [2, 4]
 *   gather_elements / scatter_elements  indices [2, 4], updates [2, 4]
 *   gather_nd / scatter_nd     indices [2, 1] {2, 0}, updates [2, 4]
 * The output is [2, 4] (gathers) or [3, 4] (scatters). */
typedef struct base {
    float data[12];
    int64_t idx[8];
    float upd[8];
    float out[12];
    op_args a;
} base;

static void base_init(base* b, op_id op) {
    for (int n = 0; n < 12; n++) {
        b->data[n] = (float)n;
        b->out[n] = -1.0f;
    }
    for (int n = 0; n < 8; n++)
        b->upd[n] = 100.0f + (float)n;
    memset(&b->a, 0, sizeof b->a);
    b->a.d = UT_T(b->data, DT_F32, 3, 4);
    b->a.u = UT_T(b->upd, DT_F32, 2, 4);
    if (op == OP_GATHER_ELEMENTS || op == OP_SCATTER_ELEMENTS) {
        const int64_t v[8] = {2, 0, 1, 2, 0, 1, 2, 1};
        memcpy(b->idx, v, sizeof v);
        b->a.i = UT_T(b->idx, DT_I64, 2, 4);
    } else {
        b->idx[0] = 2;
        b->idx[1] = 0;
        b->a.i = op == OP_GATHER || op == OP_SCATTER ? UT_T(b->idx, DT_I64, 2)
                                                     : UT_T(b->idx, DT_I64, 2, 1);
    }
    b->a.o = op_is_scatter(op) ? UT_T(b->out, DT_F32, 3, 4) : UT_T(b->out, DT_F32, 2, 4);
}

/* The call fails with `status` naming `argument` (and so does its shape call when `shape_too`),
 * and a scatter leaves its output as it was. */
static void expect_rejected_(op_id op, base* b, bool shape_too, tix_status status,
                             const char* argument, const char* file, int line) {
    float before[12];
    memcpy(before, b->out, sizeof before);
    expect_op_status_(op, &b->a, shape_too, status, argument, file, line);
    if (op_is_scatter(op) && memcmp(before, b->out, sizeof before) != 0) {
        print_error("%s:%d: the failed %s wrote its output\n", file, line, op_name(op));
        _fail(file, line);
    }
}
#define EXPECT_REJECTED(op, b, shape_too, status, argument) \
    expect_rejected_((op), (b), (shape_too), (status), (argument), __FILE__, __LINE__)

/* The views of the base call, by name, for the loops below. */
static tix_tensor* view_of(base* b, int which) {
    switch (which) {
        case 0:
            return &b->a.d;
        case 1:
            return &b->a.i;
        case 2:
            return &b->a.u;
        default:
            return &b->a.o;
    }
}
static const char* const view_names[4] = {"data", "indices", "updates", "output"};

static bool view_used(op_id op, int which) {
    return which != 2 || op_is_scatter(op);
}

/* ---------------------------------------------------------------------------------------------
 * Element counts.
 */

/* 3037000499^2 fits int64, 3037000500^2 does not. A 0-stride (broadcast) view of that many
 * elements is a valid input. */
static void test_count_limit_in_inputs(void** state) {
    (void)state;
    const int64_t fits = 3037000499, over = 3037000500;
    float value = 7.5f;
    int64_t idx[2] = {fits - 1, -1};
    float out[2] = {0, 0};
    op_args a;
    memset(&a, 0, sizeof a);
    a.d = ut_tensor(&value, DT_F32, 2, UT_DIMS(fits, fits), UT_DIMS(0, 0));
    a.i = UT_T(idx, DT_I64, 1, 2);
    a.o = UT_T(out, DT_F32, 1, 2);
    EXPECT_OP(OP_GATHER_ELEMENTS, &a, TIX_STATUS_OK, NULL);
    EXPECT_F32(out, 7.5f, 7.5f);

    a.d.shape[0] = a.d.shape[1] = over;
    EXPECT_OP_AND_SHAPE(OP_GATHER_ELEMENTS, &a, TIX_STATUS_INVALID_SHAPE, "data");
    /* INT64_MAX elements in one dimension: fine as a broadcast input */
    a.d = ut_tensor(&value, DT_F32, 1, UT_DIMS(INT64_MAX), UT_DIMS(0));
    int64_t far[3] = {INT64_MAX - 1, -INT64_MAX, 0};
    float out3[3];
    a.i = UT_T(far, DT_I64, 3);
    a.o = UT_T(out3, DT_F32, 3);
    EXPECT_OP(OP_GATHER, &a, TIX_STATUS_OK, NULL);
    EXPECT_F32(out3, 7.5f, 7.5f, 7.5f);
    /* one more element in a second dimension: the count overflows */
    a.d = ut_tensor(&value, DT_F32, 2, UT_DIMS(INT64_MAX, 2), UT_DIMS(0, 0));
    a.o = UT_T(out3, DT_F32, 3, 2);
    EXPECT_OP_AND_SHAPE(OP_GATHER, &a, TIX_STATUS_INVALID_SHAPE, "data");
    /* the same in indices and updates (a scatter into a small output) */
    float small[4] = {1, 2, 3, 4};
    int64_t zero = 0;
    float out4[4];
    a.d = UT_T(small, DT_F32, 4);
    a.i = ut_tensor(&zero, DT_I64, 2, UT_DIMS(over, over), UT_DIMS(0, 0));
    a.u = ut_tensor(small, DT_F32, 2, UT_DIMS(over, over), UT_DIMS(0, 0));
    a.o = UT_T(out4, DT_F32, 4);
    EXPECT_OP_AND_SHAPE(OP_SCATTER, &a, TIX_STATUS_INVALID_SHAPE, "indices");
    a.i = ut_tensor(&zero, DT_I64, 1, UT_DIMS(2), UT_DIMS(0));
    EXPECT_OP_AND_SHAPE(OP_SCATTER, &a, TIX_STATUS_INVALID_SHAPE, "updates");
}

/* Every input's count fits, but the shape the call derives does not: data [1, 2^40] and indices
 * [2^30] (both broadcast) gather into [2^30, 2^40] = 2^70 elements. The shape call cannot
 * describe such a result: it must fail (INVALID_SHAPE), not return a view whose element count
 * tix_tensor_count cannot give. An output view of that shape is rejected as it is. */
static void test_count_overflow_in_derived_shapes(void** state) {
    (void)state;
    float value = 1.0f;
    int64_t zero = 0;
    op_args a;
    memset(&a, 0, sizeof a);
    a.d = ut_tensor(&value, DT_F32, 2, UT_DIMS(1, (int64_t)1 << 40), UT_DIMS(0, 0));
    a.i = ut_tensor(&zero, DT_I64, 1, UT_DIMS((int64_t)1 << 30), UT_DIMS(0));
    tix_diagnostic diag;
    tix_options options = ut_opts_diag(&diag);
    tix_tensor result = ut_garbage_tensor();
    EXPECT_STATUS(tix_gather_shape(&a.d, &a.i, 0, 0, &result, &options), TIX_STATUS_INVALID_SHAPE);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_SHAPE, "indices|data|output");
    /* the same through gather_nd: data [2^40], indices [2^30, 0] (k = 0: whole slices) */
    a.d = ut_tensor(&value, DT_F32, 1, UT_DIMS((int64_t)1 << 40), UT_DIMS(0));
    a.i = ut_tensor(NULL, DT_I64, 2, UT_DIMS((int64_t)1 << 30, 0), UT_DIMS(0, 0));
    result = ut_garbage_tensor();
    EXPECT_STATUS(tix_gather_nd_shape(&a.d, &a.i, 0, &result, &options), TIX_STATUS_INVALID_SHAPE);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_SHAPE, "indices|data|output");

    /* execution with an output of the overflowing shape: the output view is invalid */
    float out[4];
    a.d = ut_tensor(&value, DT_F32, 2, UT_DIMS(1, (int64_t)1 << 40), UT_DIMS(0, 0));
    a.i = ut_tensor(&zero, DT_I64, 1, UT_DIMS((int64_t)1 << 30), UT_DIMS(0));
    a.o = ut_tensor(out, DT_F32, 2, UT_DIMS((int64_t)1 << 30, (int64_t)1 << 40), UT_DIMS(1, 1));
    EXPECT_OP(OP_GATHER, &a, TIX_STATUS_INVALID_SHAPE, "output");
}

/* ---------------------------------------------------------------------------------------------
 * Byte offsets: with element size s, a view is valid while the farthest element is at most
 * INT64_MAX / s elements away. Checked through shape calls, which read no element.
 */
static void test_byte_offset_limit(void** state) {
    (void)state;
    static const tix_dtype dtypes[5] = {DT_I8, DT_F16, DT_F32, DT_F64, DT_C128};
    for (int k = 0; k < 5; k++) {
        for (int which = 0; which < 3; which++) { /* shape calls do not look at the output */
            for (int opk = 0; opk < OP_COUNT; opk++) {
                op_id op = (op_id)opk;
                if (!view_used(op, which))
                    continue;
                base b;
                base_init(&b, op);
                b.a.d.dtype = b.a.u.dtype = b.a.o.dtype = dtypes[k];
                tix_tensor* v = view_of(&b, which);
                tix_tensor saved = *v;
                int64_t limit = INT64_MAX / (int64_t)tix_dtype_size(v->dtype);
                /* offsets reach s0 * steps0 + s1 * steps1: at most the limit, and less than one
                 * step of the last dimension short of it */
                int64_t steps0 = v->shape[0] - 1, steps1 = v->rank > 1 ? v->shape[1] - 1 : 0;
                int64_t s0, s1 = 0;
                if (steps1 > 0) {
                    s0 = limit / (2 * steps0);
                    s1 = (limit - s0 * steps0) / steps1;
                } else {
                    s0 = limit / steps0;
                }
                v->strides[0] = s0;
                if (steps1 > 0)
                    v->strides[1] = s1;
                tix_tensor result = ut_garbage_tensor();
                tix_diagnostic diag;
                tix_options options = ut_opts_diag(&diag);
                tix_status got = op_shape(op, &b.a, &result, &options);
                if (got != TIX_STATUS_OK) {
                    fail_msg("%s: %s (%s) with offsets at the limit: %s", op_name(op),
                             view_names[which], tix_dtype_name(v->dtype), tix_status_name(got));
                }
                /* one step further */
                if (steps1 > 0) {
                    v->strides[1] = s1 + 1;
                } else {
                    v->strides[0] = s0 + 1;
                }
                got = op_shape(op, &b.a, &result, &options);
                if (got != TIX_STATUS_INVALID_STRIDES) {
                    fail_msg("%s: %s (%s) with offsets past the limit: %s", op_name(op),
                             view_names[which], tix_dtype_name(v->dtype), tix_status_name(got));
                }
                EXPECT_DIAG(&diag, TIX_STATUS_INVALID_STRIDES, view_names[which]);
                /* the same going down */
                v->strides[0] = -v->strides[0];
                v->strides[1] = -v->strides[1];
                EXPECT_STATUS(op_shape(op, &b.a, &result, &options), TIX_STATUS_INVALID_STRIDES);
                /* INT64_MIN, whose magnitude has no int64 */
                *v = saved;
                v->strides[0] = INT64_MIN;
                EXPECT_STATUS(op_shape(op, &b.a, &result, &options), TIX_STATUS_INVALID_STRIDES);
                EXPECT_DIAG(&diag, TIX_STATUS_INVALID_STRIDES, view_names[which]);
            }
        }
    }
}

/* Strides that address no element are never used: along a dimension of size 1, or in an empty
 * view. */
static void test_unused_strides(void** state) {
    (void)state;
    for (int opk = 0; opk < OP_COUNT; opk++) {
        op_id op = (op_id)opk;
        base b;
        base_init(&b, op);
        /* a size-1 leading dimension with an absurd stride on every view */
        for (int which = 0; which < 4; which++) {
            if (!view_used(op, which))
                continue;
            tix_tensor* v = view_of(&b, which);
            for (int32_t d = v->rank; d > 0; d--) {
                v->shape[d] = v->shape[d - 1];
                v->strides[d] = v->strides[d - 1];
            }
            v->shape[0] = 1;
            v->strides[0] = which % 2 == 0 ? INT64_MIN : INT64_MAX;
            v->rank++;
        }
        if (op == OP_GATHER || op == OP_SCATTER) {
            b.a.axis = 1; /* the same axis of data */
            b.a.batch = 1;
        } else if (op == OP_GATHER_ELEMENTS || op == OP_SCATTER_ELEMENTS) {
            b.a.axis = 1;
        } else {
            b.a.batch = 1;
        }
        /* gather's output: data[:1] + indices[1:] + data[2:] = [1, 2, 4], as inserted */
        EXPECT_OP_AND_SHAPE(op, &b.a, TIX_STATUS_OK, NULL);
        if (op == OP_SCATTER_ELEMENTS) {
            EXPECT_F32(b.out, 104, 101, 2, 3, 4, 105, 102, 107, 100, 9, 106, 103);
        } else if (op_is_scatter(op)) {
            EXPECT_F32(b.out, 104, 105, 106, 107, 4, 5, 6, 7, 100, 101, 102, 103);
        } else if (op == OP_GATHER_ELEMENTS) {
            EXPECT_F32(b.out, 8, 1, 6, 11, 0, 5, 10, 7);
        } else {
            EXPECT_F32(b.out, 8, 9, 10, 11, 0, 1, 2, 3);
        }
    }
    /* empty views: any strides, any pointer */
    op_args a;
    memset(&a, 0, sizeof a);
    float data[4] = {1, 2, 3, 4};
    a.d = ut_tensor(data, DT_F32, 2, UT_DIMS(0, 5), UT_DIMS(INT64_MIN, INT64_MAX));
    a.i = ut_tensor(NULL, DT_I64, 1, UT_DIMS(0), UT_DIMS(INT64_MIN));
    a.o = ut_tensor(NULL, DT_F32, 2, UT_DIMS(0, 0), UT_DIMS(INT64_MAX, INT64_MAX));
    a.axis = 1;
    EXPECT_OP_AND_SHAPE(OP_GATHER, &a, TIX_STATUS_OK, NULL);
}

/* The findings of the fuzz targets (docs/TESTING.md, "Findings"), one call each, written by
 * hand: strides that are never used multiplied all the same, NULL pointers of empty views in
 * pointer arithmetic, offsets of empty views, a view at the very limit of byte offsets. The
 * overflows are undefined behaviour that only UBSan sees (`make sanitize`). Each call is valid,
 * with a result worked out by hand. */

/* scatter: indices int64 [1, 2], the size-1 dimension's stride -2^61 */
static void test_size1_stride_never_multiplied(void** state) {
    (void)state;
    float data[2] = {1, 2}, out[2], upd[2] = {10, 20};
    int64_t idx[2] = {1, 0};
    op_args a;
    memset(&a, 0, sizeof a);
    a.d = UT_T(data, DT_F32, 2);
    a.i = ut_tensor(idx, DT_I64, 2, UT_DIMS(1, 2), UT_DIMS(-((int64_t)1 << 61), 1));
    a.u = UT_T(upd, DT_F32, 1, 2);
    a.o = UT_T(out, DT_F32, 2);
    EXPECT_OP(OP_SCATTER, &a, TIX_STATUS_OK, NULL);
    EXPECT_F32(out, 20, 10);
}

/* Empty views with a stride of 2^62: scatter_elements with indices and updates [0, 2]; gather_nd
 * with indices [2, 0] (tuples of no component: whole slices), walked along their first
 * dimension. */
static void test_empty_view_strides_never_multiplied(void** state) {
    (void)state;
    float data[3] = {1, 2, 3}, out[6], upd[2] = {0, 0};
    int64_t idx[2] = {0, 0};
    op_args a;
    memset(&a, 0, sizeof a);
    a.d = UT_T(data, DT_F32, 1, 3);
    a.i = ut_tensor(idx, DT_I64, 2, UT_DIMS(0, 2), UT_DIMS(1, (int64_t)1 << 62));
    a.u = ut_tensor(upd, DT_F32, 2, UT_DIMS(0, 2), UT_DIMS(1, (int64_t)1 << 62));
    a.o = UT_T(out, DT_F32, 1, 3);
    EXPECT_OP(OP_SCATTER_ELEMENTS, &a, TIX_STATUS_OK, NULL);
    EXPECT_F32(out, 1, 2, 3);
    a.d = UT_T(data, DT_F32, 3);
    a.i = ut_tensor(idx, DT_I64, 2, UT_DIMS(2, 0), UT_DIMS((int64_t)1 << 62, 1));
    a.o = UT_T(out, DT_F32, 2, 3);
    EXPECT_OP(OP_GATHER_ND, &a, TIX_STATUS_OK, NULL);
    EXPECT_F32(out, 1, 2, 3, 1, 2, 3);
}

/* Empty data with a NULL pointer: a gather whose one index is ignored (the output is the fill);
 * a gather along axis 1 of [2, 0] with strides [-1, 1], every index ignored (no row of data may
 * be stepped to); gather_elements whose indices address the empty axis. */
static void test_null_empty_data_never_offset(void** state) {
    (void)state;
    float out[6] = {-1, -1, -1, -1, -1, -1};
    int8_t any = 0;
    op_args a;
    memset(&a, 0, sizeof a);
    a.d = UT_T(NULL, DT_F32, 0);
    a.i = ut_scalar(&any, DT_I8);
    a.o = ut_scalar(out, DT_F32);
    tix_options ignore = ut_opts();
    ignore.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    EXPECT_STATUS(op_run(OP_GATHER, &a, &ignore), TIX_STATUS_OK);
    assert_true(out[0] == 0.0f);
    int8_t bytes_out[6] = {9, 9, 9, 9, 9, 9};
    int64_t three[3] = {0, 1, 2};
    a.d = ut_tensor(NULL, DT_I8, 2, UT_DIMS(2, 0), UT_DIMS(-1, 1));
    a.i = UT_T(three, DT_I64, 3);
    a.o = UT_T(bytes_out, DT_I8, 2, 3);
    a.axis = 1;
    EXPECT_STATUS(op_run(OP_GATHER, &a, &ignore), TIX_STATUS_OK);
    EXPECT_I8(bytes_out, 0, 0, 0, 0, 0, 0);
    int64_t six[6] = {0, 0, 0, 0, 0, 0};
    a.axis = 0;
    a.d = UT_T(NULL, DT_F32, 0, 3);
    a.i = UT_T(six, DT_I64, 2, 3);
    a.o = UT_T(out, DT_F32, 2, 3);
    EXPECT_OP(OP_GATHER_ELEMENTS, &a, TIX_STATUS_INDEX_OUT_OF_RANGE, "indices");
}

/* A mean scatter on empty data [2, 0, 2^62]: nothing to count, but dense counts shaped as the
 * output would have a stride of 2^62 elements of 8 bytes along dimension 0. */
static void test_mean_counts_of_an_empty_output(void** state) {
    (void)state;
    float data[1] = {0}, upd[1] = {0}, out[1] = {-1};
    int64_t first = 0;
    op_args a;
    memset(&a, 0, sizeof a);
    tix_options mean = ut_opts();
    mean.reduction = TIX_REDUCTION_MEAN;
    a.d = ut_tensor(data, DT_F32, 3, UT_DIMS(2, 0, (int64_t)1 << 62), UT_DIMS(1, 1, 1));
    a.i = UT_T(&first, DT_I64, 1);
    a.u = ut_tensor(upd, DT_F32, 3, UT_DIMS(1, 0, (int64_t)1 << 62), UT_DIMS(1, 1, 1));
    a.o = ut_tensor(out, DT_F32, 3, UT_DIMS(2, 0, (int64_t)1 << 62), UT_DIMS(1, 1, 1));
    EXPECT_STATUS(op_run(OP_SCATTER, &a, &mean), TIX_STATUS_OK);
    assert_true(out[0] == -1.0f);
}

/* Empty indices and updates [2, 2^62, 0] into data [3]: an empty view's strides are never used,
 * so every loop dimension merges, and 2 x 2^62 overflowed before the 0 was reached (a fuzzer
 * finding). Each reduction, and scatter_nd with indices [2, 2^62, 0, 1]; the output is the data. */
static void test_empty_updates_whose_extents_overflow(void** state) {
    (void)state;
    float data[3] = {1, 2, 3}, upd[1] = {9}, out[3];
    int64_t idx[1] = {0};
    const int64_t big = (int64_t)1 << 62;
    op_args a;
    memset(&a, 0, sizeof a);
    a.d = UT_T(data, DT_F32, 3);
    a.i = ut_tensor(idx, DT_I64, 3, UT_DIMS(2, big, 0), UT_DIMS(1, 1, 1));
    a.u = ut_tensor(upd, DT_F32, 3, UT_DIMS(2, big, 0), UT_DIMS(1, 1, 1));
    a.o = UT_T(out, DT_F32, 3);
    for (tix_reduction r = TIX_REDUCTION_NONE; r <= TIX_REDUCTION_MEAN; r++) {
        tix_options o = ut_opts();
        o.reduction = r;
        memset(out, 0, sizeof out);
        EXPECT_STATUS(op_run(OP_SCATTER, &a, &o), TIX_STATUS_OK);
        EXPECT_F32(out, 1, 2, 3);
    }
    a.i = ut_tensor(idx, DT_I64, 4, UT_DIMS(2, big, 0, 1), UT_DIMS(1, 1, 1, 1));
    memset(out, 0, sizeof out);
    EXPECT_OP(OP_SCATTER_ND, &a, TIX_STATUS_OK, NULL);
    EXPECT_F32(out, 1, 2, 3);
}

/* gather_nd from empty data [2^62, 0] (strides never checked): the tuple's first component,
 * 2^62 - 1, is in range, and times the stride in bytes it overflows int64; the second addresses
 * the empty axis, so the call fails. */
static void test_index_times_stride_of_empty_data(void** state) {
    (void)state;
    float data[1] = {0}, out[1] = {-1};
    int64_t tuple[2] = {((int64_t)1 << 62) - 1, 0};
    op_args a;
    memset(&a, 0, sizeof a);
    a.d = ut_tensor(data, DT_F32, 2, UT_DIMS((int64_t)1 << 62, 0), UT_DIMS(1, 1));
    a.i = UT_T(tuple, DT_I64, 2);
    a.o = ut_scalar(out, DT_F32);
    EXPECT_OP(OP_GATHER_ND, &a, TIX_STATUS_INDEX_OUT_OF_RANGE, "indices");
}

/* A view at the limit: int8 data [2] with stride INT64_MAX, its last byte at offset INT64_MAX
 * (valid; one byte further would not be). The output lies below it; only element 0 is read. */
static void test_view_at_the_offset_limit(void** state) {
    (void)state;
    int8_t buf[16] = {0, 0, 0, 0, 0, 0, 0, 0, 42};
    int8_t zero = 0;
    op_args a;
    memset(&a, 0, sizeof a);
    a.d = ut_tensor(buf + 8, DT_I8, 1, UT_DIMS(2), UT_DIMS(INT64_MAX));
    a.i = UT_T(&zero, DT_I8, 1);
    a.o = UT_T(buf, DT_I8, 1);
    EXPECT_OP(OP_GATHER, &a, TIX_STATUS_OK, NULL);
    assert_int_equal(buf[0], 42);
}

/* ---------------------------------------------------------------------------------------------
 * Index values x strides in real memory: an int8 view of two elements 8 GiB apart (a reserved,
 * mostly inaccessible range with its first and last page usable), read and written through index
 * values that only 64-bit arithmetic resolves.
 */
#define FAR ((int64_t)1 << 33)

static void test_far_apart_elements(void** state) {
    (void)state;
    long page = sysconf(_SC_PAGESIZE);
    size_t bytes = (size_t)FAR + (size_t)page;
    unsigned char* first =
        mmap(NULL, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (first == MAP_FAILED) {
        print_message("cannot reserve %zu bytes of address space: skipped\n", bytes);
        skip();
    }
    unsigned char* last = first + FAR;
    unsigned char* last_page = first + ((size_t)FAR / (size_t)page) * (size_t)page;
    assert_int_equal(mprotect(first, (size_t)page, PROT_READ | PROT_WRITE), 0);
    assert_int_equal(
        mprotect(last_page, bytes - (size_t)(last_page - first), PROT_READ | PROT_WRITE), 0);
    first[0] = 11;
    last[0] = 22;
    tix_tensor d = ut_tensor(first, DT_I8, 1, UT_DIMS(2), UT_DIMS(FAR));

    /* uint64 indices under WRAP: 1, 2^64 - 1 (odd: 1), 2^63 (even: 0) */
    uint64_t u[3] = {1, UINT64_MAX, (uint64_t)1 << 63};
    int8_t out[3] = {0, 0, 0};
    tix_tensor iu = UT_T(u, DT_U64, 3), o = UT_T(out, DT_I8, 3);
    tix_options wrap = ut_opts();
    wrap.out_of_range = TIX_OUT_OF_RANGE_WRAP;
    EXPECT_OK(tix_gather(&d, &iu, 0, 0, &o, &wrap));
    EXPECT_I8(out, 22, 22, 11);
    tix_options clamp = ut_opts();
    clamp.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
    EXPECT_OK(tix_gather(&d, &iu, 0, 0, &o, &clamp));
    EXPECT_I8(out, 22, 22, 22);
    /* int64: INT64_MIN (wrap: 0; clamp: 0), INT64_MAX (wrap: 1), -1 (negative wrap: 1) */
    int64_t s[3] = {INT64_MIN, INT64_MAX, -1};
    tix_tensor is = UT_T(s, DT_I64, 3);
    EXPECT_OK(tix_gather(&d, &is, 0, 0, &o, &wrap));
    EXPECT_I8(out, 11, 22, 22);
    EXPECT_OK(tix_gather(&d, &is, 0, 0, &o, &clamp));
    EXPECT_I8(out, 11, 22, 22);
    /* the same elements through gather_elements and gather_nd */
    EXPECT_OK(tix_gather_elements(&d, &is, 0, &o, &wrap));
    EXPECT_I8(out, 11, 22, 22);
    tix_tensor tuples = UT_T(s, DT_I64, 3, 1);
    EXPECT_OK(tix_gather_nd(&d, &tuples, 0, &o, &clamp));
    EXPECT_I8(out, 11, 22, 22);

    /* scatters in place write the far element; a bad index writes nothing */
    int8_t upd[1] = {33};
    int64_t minus_one = -1, two = 2;
    tix_tensor i1 = UT_T(&minus_one, DT_I64, 1), u1 = UT_T(upd, DT_I8, 1);
    EXPECT_OK(tix_scatter_elements(&d, &i1, &u1, 0, &d, NULL));
    assert_int_equal(last[0], 33);
    assert_int_equal(first[0], 11);
    tix_tensor bad = UT_T(&two, DT_I64, 1);
    upd[0] = 44;
    tix_diagnostic diag;
    tix_options with_diag = ut_opts_diag(&diag);
    EXPECT_STATUS(tix_scatter(&d, &bad, &u1, 0, 0, &d, &with_diag), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 0, 2,
                      "indices[0] = 2 is outside [-2, 1] for axis 0 of data with "
                      "shape [2]",
                      NULL);
    tix_tensor nd_i = UT_T(&two, DT_I64, 1, 1);
    EXPECT_STATUS(tix_scatter_nd(&d, &nd_i, &u1, 0, &d, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
    assert_int_equal(last[0], 33);
    assert_int_equal(first[0], 11);
    /* reduction add at the far element, through uint64 wrap: 2^64 - 1 is odd */
    uint64_t huge = UINT64_MAX;
    tix_tensor ih = UT_T(&huge, DT_U64, 1);
    tix_options add = wrap;
    add.reduction = TIX_REDUCTION_ADD;
    upd[0] = 1;
    EXPECT_OK(tix_scatter(&d, &ih, &u1, 0, 0, &d, &add));
    assert_int_equal(last[0], 34);
    assert_int_equal(first[0], 11);
    assert_int_equal(munmap(first, bytes), 0);
}

/* The extremes of every index dtype under every rule, through all six operations, on data
 * {10, 20, 30} (axis size 3). The expected element is worked out by hand from tix.h:
 * wrap takes the index modulo 3 into [0, 3), clamp goes to 0 or 2, ignore fills 0 (gathers) or
 * drops the update (scatters), error fails and names the index. */
typedef struct extreme {
    tix_dtype dtype;
    uint64_t bits;                         /* the index's bit pattern, in its dtype's width */
    int64_t shown;                         /* the diagnostic's value */
    int negative_wrap, error, wrap, clamp; /* the element, or -1: out of range */
} extreme;

static const extreme extremes[] = {
    /* dtype     bits                  shown       neg  error wrap clamp */
    {DT_I64, (uint64_t)INT64_MIN, INT64_MIN, -1, -1, 1, 0},
    {DT_I64, (uint64_t)INT64_MAX, INT64_MAX, -1, -1, 1, 2},
    {DT_I64, (uint64_t)-3, -3, 0, -1, 0, 0},
    {DT_I64, (uint64_t)-4, -4, -1, -1, 2, 0},
    {DT_U64, UINT64_MAX, -1, -1, -1, 0, 2},
    {DT_U64, (uint64_t)1 << 63, INT64_MIN, -1, -1, 2, 2},
    {DT_I32, (uint32_t)INT32_MIN, INT32_MIN, -1, -1, 1, 0},
    {DT_I32, (uint32_t)INT32_MAX, INT32_MAX, -1, -1, 1, 2},
    {DT_U32, UINT32_MAX, UINT32_MAX, -1, -1, 0, 2},
    {DT_I16, (uint16_t)INT16_MIN, INT16_MIN, -1, -1, 1, 0},
    {DT_U16, UINT16_MAX, UINT16_MAX, -1, -1, 0, 2},
    {DT_I8, (uint8_t)INT8_MIN, INT8_MIN, -1, -1, 1, 0},
    {DT_I8, (uint8_t)-1, -1, 2, -1, 2, 2},
    {DT_U8, UINT8_MAX, UINT8_MAX, -1, -1, 0, 2},
};

static void store_bits(void* p, size_t size, uint64_t bits) {
    uint8_t b1 = (uint8_t)bits;
    uint16_t b2 = (uint16_t)bits;
    uint32_t b4 = (uint32_t)bits;
    if (size == 1)
        memcpy(p, &b1, 1);
    if (size == 2)
        memcpy(p, &b2, 2);
    if (size == 4)
        memcpy(p, &b4, 4);
    if (size == 8)
        memcpy(p, &bits, 8);
}

static void test_index_extremes(void** state) {
    (void)state;
    for (size_t k = 0; k < sizeof extremes / sizeof extremes[0]; k++) {
        const extreme* e = &extremes[k];
        unsigned char idx[8];
        store_bits(idx, tix_dtype_size(e->dtype), e->bits);
        for (int rule = 0; rule < 5; rule++) {
            /* 0: wrap/error, 1: out_of_range/error, 2: wrap/wrap, 3: wrap/clamp, 4: wrap/ignore */
            tix_diagnostic diag;
            tix_options o = ut_opts_diag(&diag);
            int want = rule == 0   ? e->negative_wrap
                       : rule == 1 ? e->error
                       : rule == 2 ? e->wrap
                       : rule == 3 ? e->clamp
                                   : e->negative_wrap;
            if (rule == 1)
                o.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE;
            if (rule == 2)
                o.out_of_range = TIX_OUT_OF_RANGE_WRAP;
            if (rule == 3)
                o.out_of_range = TIX_OUT_OF_RANGE_CLAMP;
            if (rule == 4)
                o.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
            for (int opk = 0; opk < OP_COUNT; opk++) {
                op_id op = (op_id)opk;
                float data[3] = {10, 20, 30}, out[3] = {-1, -1, -1}, upd[1] = {99};
                op_args a;
                memset(&a, 0, sizeof a);
                a.d = UT_T(data, DT_F32, 3);
                a.i = op == OP_GATHER_ND || op == OP_SCATTER_ND ? UT_T(idx, e->dtype, 1, 1)
                                                                : UT_T(idx, e->dtype, 1);
                a.u = UT_T(upd, DT_F32, 1);
                a.o = op_is_scatter(op) ? UT_T(out, DT_F32, 3) : UT_T(out, DT_F32, 1);
                ut_dirty_diag(&diag);
                tix_status got = op_run(op, &a, &o);
                if (want < 0 && rule != 4) {
                    if (got != TIX_STATUS_INDEX_OUT_OF_RANGE) {
                        fail_msg("%s, index %s %lld, rule %d: %s, expected an index error",
                                 op_name(op), tix_dtype_name(e->dtype), (long long)e->shown, rule,
                                 tix_status_name(got));
                    }
                    EXPECT_INDEX_DIAG(&diag, 0, e->shown, NULL, NULL);
                    if (op_is_scatter(op))
                        EXPECT_F32(out, -1, -1, -1);
                    continue;
                }
                if (got != TIX_STATUS_OK) {
                    fail_msg("%s, index %s %lld, rule %d: %s", op_name(op),
                             tix_dtype_name(e->dtype), (long long)e->shown, rule,
                             tix_status_name(got));
                }
                if (!op_is_scatter(op)) {
                    float want_value = want < 0 ? 0.0f : data[want];
                    if (out[0] != want_value) {
                        fail_msg("%s, index %s %lld, rule %d: got %g, expected %g", op_name(op),
                                 tix_dtype_name(e->dtype), (long long)e->shown, rule,
                                 (double)out[0], (double)want_value);
                    }
                } else {
                    for (int n = 0; n < 3; n++) {
                        float want_value = n == want ? 99.0f : data[n];
                        if (out[n] != want_value) {
                            fail_msg("%s, index %s %lld, rule %d: element %d is %g, expected %g",
                                     op_name(op), tix_dtype_name(e->dtype), (long long)e->shown,
                                     rule, n, (double)out[n], (double)want_value);
                        }
                    }
                }
            }
        }
    }
}

/* ---------------------------------------------------------------------------------------------
 * size_t: a mean scatter keeps one count per output element, int32 where every count stays
 * below INT32_MAX. For 2^62 + 1 int8 elements those counts need more than SIZE_MAX bytes:
 * OUT_OF_MEMORY, before anything is written (no allocation of that size is tried). The
 * output is a view of 2^62 + 1 bytes starting at a small real buffer; data broadcasts one value.
 * The output sits above the inputs so that its (claimed) address range overlaps none of them.
 */
static void test_mean_counts_overflow_size_t(void** state) {
    (void)state;
    int8_t* inputs = malloc(32); /* data at 0, the update at 8, the int64 index at 16 */
    assert_non_null(inputs);
    memset(inputs, 0, 32);
    long page = sysconf(_SC_PAGESIZE);
    int8_t* output =
        mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(output != MAP_FAILED);
    if ((uintptr_t)output < (uintptr_t)inputs + 32) {
        munmap(output, (size_t)page);
        free(inputs);
        print_message("mapped pages lie below the heap here: skipped\n");
        skip();
    }
    memset(output, 0x5a, (size_t)page);
    const int64_t n = ((int64_t)1 << 62) + 1;
    tix_tensor d = ut_tensor(inputs, DT_I8, 1, UT_DIMS(n), UT_DIMS(0));
    tix_tensor i = UT_T(inputs + 16, DT_I64, 1);
    tix_tensor u = UT_T(inputs + 8, DT_I8, 1);
    tix_tensor o = ut_tensor(output, DT_I8, 1, UT_DIMS(n), UT_DIMS(1));
    tix_diagnostic diag;
    tix_options options = ut_opts_diag(&diag);
    options.reduction = TIX_REDUCTION_MEAN;
    EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 0, &o, &options), TIX_STATUS_OUT_OF_MEMORY);
    EXPECT_DIAG(&diag, TIX_STATUS_OUT_OF_MEMORY, "output");
    for (long k = 0; k < page; k++)
        assert_int_equal(output[k], 0x5a);
    munmap(output, (size_t)page);
    free(inputs);
}

/* ---------------------------------------------------------------------------------------------
 * Ranks.
 */
static void test_ranks_out_of_range(void** state) {
    (void)state;
    static const int32_t bad[4] = {INT32_MIN, -1, TIX_MAX_RANK + 1, INT32_MAX};
    for (int opk = 0; opk < OP_COUNT; opk++) {
        op_id op = (op_id)opk;
        for (int which = 0; which < 4; which++) {
            if (!view_used(op, which))
                continue;
            for (int k = 0; k < 4; k++) {
                base b;
                base_init(&b, op);
                view_of(&b, which)->rank = bad[k];
                /* shape calls do not look at the output */
                EXPECT_REJECTED(op, &b, which != 3, TIX_STATUS_INVALID_RANK, view_names[which]);
            }
        }
    }
}

/* Ranks the shape rules derive: gather's r - 1 + q - b and gather_nd's q - 1 + r - b - k above
 * 16 are INVALID_RANK (the output could not be described); exactly 16 works. */
static void test_derived_ranks(void** state) {
    (void)state;
    int64_t ones[TIX_MAX_RANK];
    for (int d = 0; d < TIX_MAX_RANK; d++)
        ones[d] = 1;
    float value[2] = {5, 6}, out[2] = {0, 0};
    int64_t idx[2] = {0, 0};
    op_args a;
    memset(&a, 0, sizeof a);
    a.d = ut_tensor(value, DT_F32, TIX_MAX_RANK, ones, NULL);
    a.i = UT_T(idx, DT_I64, 1, 1); /* q = 2: rank 16 - 1 + 2 = 17 */
    a.o = ut_tensor(out, DT_F32, TIX_MAX_RANK, ones, NULL);
    EXPECT_OP_AND_SHAPE(OP_GATHER, &a, TIX_STATUS_INVALID_RANK, "indices");
    a.u = a.o;
    a.o = a.d;
    a.o.data = out;
    EXPECT_OP_AND_SHAPE(OP_SCATTER, &a, TIX_STATUS_INVALID_RANK, "indices");
    /* q = 1: rank 16 */
    a.i = UT_T(idx, DT_I64, 1);
    a.o = ut_tensor(out, DT_F32, TIX_MAX_RANK, ones, NULL);
    EXPECT_OP_AND_SHAPE(OP_GATHER, &a, TIX_STATUS_OK, NULL);
    assert_true(out[0] == 5.0f);
    /* gather_nd: indices [1, 1, 0] (q = 3, k = 0): rank 2 + 16 = 18 */
    a.i = ut_tensor(idx, DT_I64, 3, UT_DIMS(1, 1, 0), NULL);
    EXPECT_OP_AND_SHAPE(OP_GATHER_ND, &a, TIX_STATUS_INVALID_RANK, "indices");
    a.u = a.o;
    a.o = a.d;
    a.o.data = out;
    EXPECT_OP_AND_SHAPE(OP_SCATTER_ND, &a, TIX_STATUS_INVALID_RANK, "indices");
}

/* ---------------------------------------------------------------------------------------------
 * Negative dimensions: -1, INT64_MIN, and a negative one next to a zero (which must not make the
 * view count as empty).
 */
static void test_negative_dimensions(void** state) {
    (void)state;
    static const int64_t bad[3] = {-1, INT64_MIN, -((int64_t)1 << 62)};
    for (int opk = 0; opk < OP_COUNT; opk++) {
        op_id op = (op_id)opk;
        for (int which = 0; which < 4; which++) {
            if (!view_used(op, which))
                continue;
            for (int k = 0; k < 4; k++) {
                base b;
                base_init(&b, op);
                tix_tensor* v = view_of(&b, which);
                int32_t last = v->rank - 1;
                if (k < 3) {
                    v->shape[last] = bad[k];
                } else if (last == 0) { /* rank 1: [0, -5] */
                    v->rank = 2;
                    v->shape[0] = 0;
                    v->shape[1] = -5;
                    v->strides[1] = 1;
                } else {
                    v->shape[0] = 0;
                    v->shape[last] = -5;
                }
                tix_diagnostic diag;
                tix_options options = ut_opts_diag(&diag);
                float before[12];
                memcpy(before, b.out, sizeof before);
                EXPECT_STATUS(op_run(op, &b.a, &options), TIX_STATUS_INVALID_SHAPE);
                EXPECT_DIAG(&diag, TIX_STATUS_INVALID_SHAPE, view_names[which]);
                assert_true(diag.value < 0);
                if (op_is_scatter(op))
                    assert_memory_equal(before, b.out, sizeof before);
                if (which != 3) {
                    tix_tensor result = ut_garbage_tensor();
                    EXPECT_STATUS(op_shape(op, &b.a, &result, &options), TIX_STATUS_INVALID_SHAPE);
                }
            }
        }
    }
}

/* ---------------------------------------------------------------------------------------------
 * NULL data pointers: an error for a view with elements (a broadcast one, a scalar), fine for an
 * empty one.
 */
static void test_null_data(void** state) {
    (void)state;
    for (int opk = 0; opk < OP_COUNT; opk++) {
        op_id op = (op_id)opk;
        for (int which = 0; which < 4; which++) {
            if (!view_used(op, which))
                continue;
            base b;
            base_init(&b, op);
            tix_tensor* v = view_of(&b, which);
            v->data = NULL;
            if (which != 3) { /* an input of one element, repeated (an output may not) */
                for (int32_t d = 0; d < v->rank; d++)
                    v->strides[d] = 0;
            }
            EXPECT_REJECTED(op, &b, false, TIX_STATUS_NULL_POINTER, view_names[which]);
        }
        /* a NULL scalar index */
        if (op == OP_GATHER || op == OP_SCATTER) {
            base b;
            base_init(&b, op);
            b.a.i = ut_scalar(NULL, DT_I64);
            b.a.u = UT_T(b.upd, DT_F32, 4);
            b.a.o = op == OP_GATHER ? UT_T(b.out, DT_F32, 4) : b.a.o;
            EXPECT_REJECTED(op, &b, false, TIX_STATUS_NULL_POINTER, "indices");
        }
    }
    /* empty views may be NULL, whatever their other dimensions */
    float data[12];
    for (int n = 0; n < 12; n++)
        data[n] = (float)n;
    float out[12];
    memset(out, 0, sizeof out);
    op_args a;
    memset(&a, 0, sizeof a);
    a.d = UT_T(data, DT_F32, 3, 4);
    a.i = ut_tensor(NULL, DT_I64, 2, UT_DIMS((int64_t)1 << 62, 0), NULL);
    a.u = ut_tensor(NULL, DT_F32, 3, UT_DIMS((int64_t)1 << 62, 0, 4), NULL);
    a.o = UT_T(out, DT_F32, 3, 4);
    EXPECT_OP(OP_SCATTER, &a, TIX_STATUS_OK, NULL);
    assert_memory_equal(out, data, sizeof data);
    a.o = ut_tensor(NULL, DT_F32, 3, UT_DIMS((int64_t)1 << 62, 0, 4), NULL);
    EXPECT_OP(OP_GATHER, &a, TIX_STATUS_OK, NULL);
    /* a scatter with no updates still copies data: its output must exist */
    a.o = UT_T(NULL, DT_F32, 3, 4);
    EXPECT_OP(OP_SCATTER, &a, TIX_STATUS_NULL_POINTER, "output");
}

/* ---------------------------------------------------------------------------------------------
 * Address ranges that wrap around the address space. No caller can have allocated such a view,
 * and the library can tell without touching it: the expected contract is INVALID_STRIDES naming
 * the view (docs/TESTING.md). Each call runs in a child process: a crash there is reported as
 * "crashed" instead of taking the test program down.
 */
typedef enum wrap_case {
    WRAP_DATA_TOP,      /* data near the top of the address space, strides going up */
    WRAP_DATA_BOTTOM,   /* data near 0, a negative stride going below */
    WRAP_INDICES_TOP,   /* indices near the top */
    WRAP_OUTPUT_TOP,    /* a gather's output near the top */
    WRAP_UPDATES_BOTTOM /* a scatter's updates near 0, negative stride */
} wrap_case;

static tix_status wrap_call(wrap_case w) {
    float data[4] = {1, 2, 3, 4}, out[4] = {0, 0, 0, 0}, upd[4] = {5, 6, 7, 8};
    int64_t idx[4] = {0, 1, 2, 3};
    uintptr_t top = UINTPTR_MAX - 15; /* 16 bytes below the end: 4 floats wrap past it */
    void* near_top = (void*)(top & ~(uintptr_t)15);
    void* near_zero = (void*)(uintptr_t)64;
    tix_tensor d = UT_T(data, DT_F32, 4), i = UT_T(idx, DT_I64, 4), o = UT_T(out, DT_F32, 4);
    tix_tensor u = UT_T(upd, DT_F32, 4);
    tix_diagnostic diag;
    tix_options options = ut_opts_diag(&diag);
    switch (w) {
        case WRAP_DATA_TOP:
            d = ut_tensor(near_top, DT_F32, 1, UT_DIMS(4), UT_DIMS(2));
            return tix_gather(&d, &i, 0, 0, &o, &options);
        case WRAP_DATA_BOTTOM:
            d = ut_tensor(near_zero, DT_F32, 1, UT_DIMS(4), UT_DIMS(-32));
            return tix_gather_elements(&d, &i, 0, &o, &options);
        case WRAP_INDICES_TOP:
            i = ut_tensor(near_top, DT_I64, 1, UT_DIMS(4), UT_DIMS(1));
            return tix_gather(&d, &i, 0, 0, &o, &options);
        case WRAP_OUTPUT_TOP:
            o = ut_tensor(near_top, DT_F32, 1, UT_DIMS(4), UT_DIMS(2));
            return tix_gather_nd(
                &d,
                &(tix_tensor){
                    .data = idx, .dtype = DT_I64, .rank = 2, .shape = {4, 1}, .strides = {1, 1}},
                0, &o, &options);
        default:
            u = ut_tensor(near_zero, DT_F32, 1, UT_DIMS(4), UT_DIMS(-64));
            return tix_scatter(&d, &i, &u, 0, 0, &o, &options);
    }
}

/* Runs wrap_call(w) in a child: its status, or -1 (and *how: the signal, or 1000 + the exit
 * status of a child a sanitizer stopped) when the child died. */
static int wrap_in_child(wrap_case w, int* how) {
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        /* the test framework's handlers would carry on with the next test in the child */
        const int fatal[5] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
        for (int k = 0; k < 5; k++)
            signal(fatal[k], SIG_DFL);
        close(fds[0]);
        int status = (int)wrap_call(w);
        ssize_t written = write(fds[1], &status, sizeof status);
        _exit(written == (ssize_t)sizeof status ? 0 : 3);
    }
    close(fds[1]);
    int status = -1;
    ssize_t got = read(fds[0], &status, sizeof status);
    close(fds[0]);
    int wstatus = 0;
    assert_int_equal(waitpid(pid, &wstatus, 0), pid);
    *how = WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : 1000 + WEXITSTATUS(wstatus);
    if (got != (ssize_t)sizeof status)
        return -1;
    return status;
}

static void test_address_ranges_that_wrap(void** state) {
    (void)state;
    static const char* const names[] = {"data at the top", "data below 0", "indices at the top",
                                        "output at the top", "updates below 0"};
    int failures = 0;
    for (int w = WRAP_DATA_TOP; w <= WRAP_UPDATES_BOTTOM; w++) {
        int how = 0;
        int status = wrap_in_child((wrap_case)w, &how);
        if (status < 0) {
            print_error("%s: the call crashed (%s %d) instead of returning INVALID_STRIDES\n",
                        names[w], how >= 1000 ? "exit status" : "signal",
                        how >= 1000 ? how - 1000 : how);
            failures++;
        } else if (status != TIX_STATUS_INVALID_STRIDES) {
            print_error("%s: the call returned %s instead of INVALID_STRIDES\n", names[w],
                        tix_status_name((tix_status)status));
            failures++;
        }
    }
    assert_int_equal(failures, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_count_limit_in_inputs),
        cmocka_unit_test(test_count_overflow_in_derived_shapes),
        cmocka_unit_test(test_byte_offset_limit),
        cmocka_unit_test(test_unused_strides),
        cmocka_unit_test(test_size1_stride_never_multiplied),
        cmocka_unit_test(test_empty_view_strides_never_multiplied),
        cmocka_unit_test(test_null_empty_data_never_offset),
        cmocka_unit_test(test_mean_counts_of_an_empty_output),
        cmocka_unit_test(test_empty_updates_whose_extents_overflow),
        cmocka_unit_test(test_index_times_stride_of_empty_data),
        cmocka_unit_test(test_view_at_the_offset_limit),
        cmocka_unit_test(test_far_apart_elements),
        cmocka_unit_test(test_index_extremes),
        cmocka_unit_test(test_mean_counts_overflow_size_t),
        cmocka_unit_test(test_ranks_out_of_range),
        cmocka_unit_test(test_derived_ranks),
        cmocka_unit_test(test_negative_dimensions),
        cmocka_unit_test(test_null_data),
        cmocka_unit_test(test_address_ranges_that_wrap),
    };
    /* TIX_TEST_FILTER=test_name (a pattern with * and ?) runs only the matching tests */
    if (getenv("TIX_TEST_FILTER") != NULL)
        cmocka_set_test_filter(getenv("TIX_TEST_FILTER"));
    return cmocka_run_group_tests(tests, NULL, NULL);
}
