/* In place and aliasing, and "nothing lost":
 * - a scatter whose output is exactly its data view (same pointer, shape and strides) runs in
 *   place and gives the out-of-place result;
 * - any other overlap of the output with an input, or of the output with itself (a 0 stride on a
 *   dimension > 1, crossing strides), is TIX_STATUS_ALIASING, and a scatter then writes nothing;
 * - a scatter with one bad index at the very end fails with INDEX_OUT_OF_RANGE and leaves its
 *   output (in place: the caller's data) byte-identical. */
#include "unit.h"

typedef enum scatter_kind { SK_SCATTER, SK_ELEMENTS, SK_ND, SK_COUNT } scatter_kind;
static const char* const k_names[SK_COUNT] = {"scatter", "scatter_elements", "scatter_nd"};

static tix_status run_scatter(scatter_kind k, const tix_tensor* d, const tix_tensor* i,
                              const tix_tensor* u, const tix_tensor* o, const tix_options* opt) {
    switch (k) {
        case SK_SCATTER:
            return tix_scatter(d, i, u, 0, 0, o, opt);
        case SK_ELEMENTS:
            return tix_scatter_elements(d, i, u, 0, o, opt);
        default:
            return tix_scatter_nd(d, i, u, 0, o, opt);
    }
}

/* int32 data [4, 3] = 0..11 with duplicate targets, for each kind:
 *   scatter           indices [3]     {3, 0, 3}     updates [3, 3]
 *   scatter_elements  indices [3, 3]  (rows)        updates [3, 3]
 *   scatter_nd        indices [3, 1]  {3, 0, 3}     updates [3, 3] */
typedef struct case3 {
    int32_t data[12];
    int64_t idx[9];
    int32_t upd[9];
    tix_tensor d, i, u;
} case3;

static void case_init(case3* c, scatter_kind k) {
    memset(c, 0, sizeof *c); /* the index slots a kind leaves unused are compared too */
    for (int n = 0; n < 12; ++n) {
        c->data[n] = n;
    }
    for (int n = 0; n < 9; ++n) {
        c->upd[n] = 100 + 10 * n;
    }
    c->d = UT_T(c->data, DT_I32, 4, 3);
    c->u = UT_T(c->upd, DT_I32, 3, 3);
    if (k == SK_ELEMENTS) {
        const int64_t v[9] = {3, 0, 1, 0, 0, 3, 3, 2, 1};
        memcpy(c->idx, v, sizeof v);
        c->i = UT_T(c->idx, DT_I64, 3, 3);
    } else {
        c->idx[0] = 3;
        c->idx[1] = 0;
        c->idx[2] = 3;
        c->i = k == SK_SCATTER ? UT_T(c->idx, DT_I64, 3) : UT_T(c->idx, DT_I64, 3, 1);
    }
}

/* In place equals out of place, for every scatter and every reduction. */
static void test_in_place_matches_out_of_place(void** state) {
    (void)state;
    for (int kk = 0; kk < SK_COUNT; ++kk) {
        scatter_kind k = (scatter_kind)kk;
        for (int r = TIX_REDUCTION_NONE; r <= TIX_REDUCTION_MEAN; ++r) {
            for (int excl = 0; excl < 2; ++excl) {
                case3 c;
                case_init(&c, k);
                tix_options opt = ut_opts();
                opt.reduction = (tix_reduction)r;
                opt.exclude_self = excl != 0;
                int32_t expected[12];
                tix_tensor o = UT_T(expected, DT_I32, 4, 3);
                EXPECT_OK(run_scatter(k, &c.d, &c.i, &c.u, &o, &opt));

                /* output is the same struct as data */
                EXPECT_OK(run_scatter(k, &c.d, &c.i, &c.u, &c.d, &opt));
                if (memcmp(c.data, expected, sizeof expected) != 0) {
                    print_error("%s reduction %d exclude_self %d: in place differs\n", k_names[k],
                                r, excl);
                    fail();
                }
                /* output is another struct describing the same view */
                case_init(&c, k);
                tix_tensor same = c.d;
                EXPECT_OK(run_scatter(k, &c.d, &c.i, &c.u, &same, &opt));
                assert_memory_equal(c.data, expected, sizeof expected);
            }
        }
    }

    /* spot-check values: scatter with none, rows 3 and 0 (row 3 twice: the last wins) */
    case3 c;
    case_init(&c, SK_SCATTER);
    EXPECT_OK(tix_scatter(&c.d, &c.i, &c.u, 0, 0, &c.d, NULL));
    EXPECT_I32(c.data, 130, 140, 150, 3, 4, 5, 6, 7, 8, 160, 170, 180);
    case_init(&c, SK_ND);
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_ADD;
    EXPECT_OK(tix_scatter_nd(&c.d, &c.i, &c.u, 0, &c.d, &opt));
    EXPECT_I32(c.data, 130, 141, 152, 3, 4, 5, 6, 7, 8, 269, 290, 311);
}

/* In place on a strided (reversed, padded) view. */
static void test_in_place_strided(void** state) {
    (void)state;
    /* buf holds a 3x2 view with row stride -3 starting at buf + 6: rows are buf[6..7],
     * buf[3..4], buf[0..1]; buf[2], buf[5], buf[8] are padding. */
    int32_t buf[9] = {1, 2, -1, 3, 4, -1, 5, 6, -1};
    tix_tensor d = ut_tensor(buf + 6, DT_I32, 2, UT_DIMS(3, 2), UT_DIMS(-3, 1));
    int64_t idx[] = {0, 2};
    int32_t upd[] = {10, 20, 30, 40};
    tix_tensor i = UT_T(idx, DT_I64, 2);
    tix_tensor u = UT_T(upd, DT_I32, 2, 2);
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_ADD;
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &d, &opt));
    /* view row 0 (buf[6..7]) += {10, 20}; view row 2 (buf[0..1]) += {30, 40} */
    EXPECT_I32(buf, 31, 42, -1, 3, 4, -1, 15, 26, -1);

    /* scatter_nd, the same rows */
    int32_t buf2[9] = {1, 2, -1, 3, 4, -1, 5, 6, -1};
    d.data = buf2 + 6;
    tix_tensor ind = UT_T(idx, DT_I64, 2, 1);
    EXPECT_OK(tix_scatter_nd(&d, &ind, &u, 0, &d, &opt));
    EXPECT_I32(buf2, 31, 42, -1, 3, 4, -1, 15, 26, -1);

    /* scatter_elements along axis 1 of the same view: [[0, 1], [1, 1], [0, 0]] */
    int32_t buf3[9] = {1, 2, -1, 3, 4, -1, 5, 6, -1};
    d.data = buf3 + 6;
    int64_t eidx[] = {0, 1, 1, 1, 0, 0};
    int32_t eupd[] = {10, 20, 30, 40, 50, 60};
    tix_tensor ei = UT_T(eidx, DT_I64, 3, 2);
    tix_tensor eu = UT_T(eupd, DT_I32, 3, 2);
    opt.reduction = TIX_REDUCTION_MAX;
    EXPECT_OK(tix_scatter_elements(&d, &ei, &eu, 1, &d, &opt));
    /* view row 0 {5, 6} -> {10, 20}; row 1 {3, 4} -> {3, 40}; row 2 {1, 2} -> {60, 2} */
    EXPECT_I32(buf3, 60, 2, -1, 3, 40, -1, 10, 20, -1);
}

/* Overlaps other than the exact data view are ALIASING; the scatter writes nothing. */
static void expect_aliasing_(scatter_kind k, const tix_tensor* d, const tix_tensor* i,
                             const tix_tensor* u, const tix_tensor* o, const void* watch,
                             size_t watch_bytes, const char* file, int line) {
    unsigned char before[256];
    assert_true(watch_bytes <= sizeof before);
    memcpy(before, watch, watch_bytes);
    tix_diagnostic diag;
    ut_dirty_diag(&diag);
    tix_options opt = ut_opts_diag(&diag);
    tix_status got = run_scatter(k, d, i, u, o, &opt);
    if (got != TIX_STATUS_ALIASING) {
        print_error("%s:%d: %s returned %s, expected TIX_STATUS_ALIASING\n", file, line, k_names[k],
                    tix_status_name(got));
        _fail(file, line);
    }
    ut_expect_diag_(&diag, TIX_STATUS_ALIASING, "output", file, line);
    if (memcmp(before, watch, watch_bytes) != 0) {
        print_error("%s:%d: %s wrote memory although it failed\n", file, line, k_names[k]);
        _fail(file, line);
    }
}
#define EXPECT_ALIASING(k, d, i, u, o, watch, bytes) \
    expect_aliasing_((k), (d), (i), (u), (o), (watch), (bytes), __FILE__, __LINE__)

static void test_scatter_aliasing(void** state) {
    (void)state;
    for (int kk = 0; kk < SK_COUNT; ++kk) {
        scatter_kind k = (scatter_kind)kk;
        /* one buffer: data [4, 3] at offset 0; room for a shifted output */
        int32_t buf[16];
        case3 c;
        case_init(&c, k);
        memcpy(buf, c.data, sizeof c.data);
        buf[12] = buf[13] = buf[14] = buf[15] = -5;
        tix_tensor d = UT_T(buf, DT_I32, 4, 3);

        /* output shifted by one element: partial overlap */
        tix_tensor o = UT_T(buf + 1, DT_I32, 4, 3);
        EXPECT_ALIASING(k, &d, &c.i, &c.u, &o, buf, sizeof buf);
        /* output shifted by a whole row */
        o = UT_T(buf + 3, DT_I32, 4, 3);
        EXPECT_ALIASING(k, &d, &c.i, &c.u, &o, buf, sizeof buf);
        /* same pointer, other strides (column-major [4, 3]) */
        o = ut_tensor(buf, DT_I32, 2, UT_DIMS(4, 3), UT_DIMS(1, 4));
        EXPECT_ALIASING(k, &d, &c.i, &c.u, &o, buf, sizeof buf);
        /* same pointer and strides, reversed start: covers the same bytes differently */
        o = ut_tensor(buf + 11, DT_I32, 2, UT_DIMS(4, 3), UT_DIMS(-3, -1));
        EXPECT_ALIASING(k, &d, &c.i, &c.u, &o, buf, sizeof buf);

        /* output == updates view, or overlapping it */
        int32_t out[12];
        memset(out, 0, sizeof out);
        tix_tensor big_u = c.u;
        int32_t ubuf[24];
        memset(ubuf, 0, sizeof ubuf);
        memcpy(ubuf, c.upd, sizeof c.upd);
        big_u.data = ubuf;
        o = UT_T(ubuf, DT_I32, 4, 3);
        EXPECT_ALIASING(k, &c.d, &c.i, &big_u, &o, ubuf, sizeof ubuf);
        o = UT_T(ubuf + 5, DT_I32, 4, 3);
        EXPECT_ALIASING(k, &c.d, &c.i, &big_u, &o, ubuf, sizeof ubuf);

        /* output overlapping the indices' bytes */
        int64_t ibuf[12];
        memset(ibuf, 0, sizeof ibuf);
        memcpy(ibuf, c.idx, sizeof c.idx);
        tix_tensor ii = c.i;
        ii.data = ibuf;
        o = UT_T(ibuf, DT_I32, 4, 3);
        EXPECT_ALIASING(k, &c.d, &ii, &c.u, &o, ibuf, sizeof ibuf);
        o = UT_T((int32_t*)ibuf + 4, DT_I32, 4, 3);
        EXPECT_ALIASING(k, &c.d, &ii, &c.u, &o, ibuf, sizeof ibuf);

        /* in place, but the updates also overlap data: ALIASING (only data may be the output) */
        tix_tensor u_in_data = UT_T(buf + 3, DT_I32, 3, 3);
        EXPECT_ALIASING(k, &d, &c.i, &u_in_data, &d, buf, sizeof buf);

        /* the output overlapping itself: a 0 stride on a dimension of size 4, crossing strides */
        o = ut_tensor(out, DT_I32, 2, UT_DIMS(4, 3), UT_DIMS(0, 1));
        EXPECT_ALIASING(k, &c.d, &c.i, &c.u, &o, out, sizeof out);
        o = ut_tensor(out, DT_I32, 2, UT_DIMS(4, 3), UT_DIMS(1, 1));
        EXPECT_ALIASING(k, &c.d, &c.i, &c.u, &o, out, sizeof out);
        /* ... and in place on such a data view */
        tix_tensor bd = ut_tensor(buf, DT_I32, 2, UT_DIMS(4, 3), UT_DIMS(0, 1));
        EXPECT_ALIASING(k, &bd, &c.i, &c.u, &bd, buf, sizeof buf);

        /* a disjoint output right after data is fine */
        int32_t two[24];
        memcpy(two, c.data, sizeof c.data);
        d = UT_T(two, DT_I32, 4, 3);
        o = UT_T(two + 12, DT_I32, 4, 3);
        EXPECT_OK(run_scatter(k, &d, &c.i, &c.u, &o, NULL));
        assert_memory_equal(two, c.data, sizeof c.data);
    }
}

/* Gathers are never in place: an output overlapping data or indices, or itself, is ALIASING. */
static void test_gather_aliasing(void** state) {
    (void)state;
    float buf[16];
    for (int n = 0; n < 16; ++n) {
        buf[n] = (float)n;
    }
    int64_t idx[] = {1, 0, 2, 3};
    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);

    /* gather: data [4] -> output [4]; output == data, or shifted into it */
    tix_tensor d = UT_T(buf, DT_F32, 4);
    tix_tensor i = UT_T(idx, DT_I64, 4);
    tix_tensor o = UT_T(buf, DT_F32, 4);
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_ALIASING);
    EXPECT_DIAG(&diag, TIX_STATUS_ALIASING, "output");
    o = UT_T(buf + 2, DT_F32, 4);
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_ALIASING);
    EXPECT_DIAG(&diag, TIX_STATUS_ALIASING, "output");
    o = UT_T(buf + 4, DT_F32, 4);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    EXPECT_F32(buf + 4, 1, 0, 2, 3);

    /* gather_elements */
    o = UT_T(buf + 3, DT_F32, 4);
    EXPECT_STATUS(tix_gather_elements(&d, &i, 0, &o, &opt), TIX_STATUS_ALIASING);
    EXPECT_DIAG(&diag, TIX_STATUS_ALIASING, "output");
    o = UT_T(buf, DT_F32, 4);
    EXPECT_STATUS(tix_gather_elements(&d, &i, 0, &o, &opt), TIX_STATUS_ALIASING);

    /* gather_nd: tuples [4, 1] */
    tix_tensor ind = UT_T(idx, DT_I64, 4, 1);
    o = UT_T(buf + 1, DT_F32, 4);
    EXPECT_STATUS(tix_gather_nd(&d, &ind, 0, &o, &opt), TIX_STATUS_ALIASING);
    EXPECT_DIAG(&diag, TIX_STATUS_ALIASING, "output");

    /* output over the indices */
    int64_t ibuf[8] = {1, 0, 2, 3, 0, 0, 0, 0};
    i = UT_T(ibuf, DT_I64, 4);
    o = UT_T((float*)ibuf + 3, DT_F32, 4);
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_ALIASING);
    EXPECT_DIAG(&diag, TIX_STATUS_ALIASING, "output");
    EXPECT_STATUS(tix_gather_elements(&d, &i, 0, &o, &opt), TIX_STATUS_ALIASING);
    ind = UT_T(ibuf, DT_I64, 4, 1);
    EXPECT_STATUS(tix_gather_nd(&d, &ind, 0, &o, &opt), TIX_STATUS_ALIASING);

    /* output with a 0 stride on a dimension > 1 */
    float out[8];
    i = UT_T(idx, DT_I64, 4);
    o = ut_tensor(out, DT_F32, 1, UT_DIMS(4), UT_DIMS(0));
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_ALIASING);
    EXPECT_DIAG(&diag, TIX_STATUS_ALIASING, "output");
    EXPECT_STATUS(tix_gather_elements(&d, &i, 0, &o, &opt), TIX_STATUS_ALIASING);
    ind = UT_T(idx, DT_I64, 4, 1);
    EXPECT_STATUS(tix_gather_nd(&d, &ind, 0, &o, &opt), TIX_STATUS_ALIASING);
    /* 2-D: [2, 4] with strides [0, 1]: rows overlap */
    tix_tensor d2 = UT_T(buf, DT_F32, 2, 4);
    tix_tensor i2 = UT_T(idx, DT_I64, 2, 4);
    o = ut_tensor(out, DT_F32, 2, UT_DIMS(2, 4), UT_DIMS(0, 1));
    EXPECT_STATUS(tix_gather_elements(&d2, &i2, 1, &o, &opt), TIX_STATUS_ALIASING);
    /* ... but a 0 stride on a dimension of size 1 is fine */
    int64_t one_row[] = {3, 2, 1, 0};
    tix_tensor i1 = UT_T(one_row, DT_I64, 1, 4);
    o = ut_tensor(out, DT_F32, 2, UT_DIMS(1, 4), UT_DIMS(0, 1));
    EXPECT_OK(tix_gather_elements(&d2, &i1, 1, &o, &opt));
    EXPECT_F32(out, 3, 2, 1, 0);
    /* crossing strides: [2, 2] with strides [1, 1] */
    int64_t sq[] = {0, 1, 1, 0};
    tix_tensor isq = UT_T(sq, DT_I64, 2, 2);
    o = ut_tensor(out, DT_F32, 2, UT_DIMS(2, 2), UT_DIMS(1, 1));
    EXPECT_STATUS(tix_gather_elements(&d2, &isq, 0, &o, &opt), TIX_STATUS_ALIASING);

    /* an empty output overlaps nothing */
    i = UT_T(NULL, DT_I64, 0);
    o = UT_T(buf, DT_F32, 0);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
}

/* Inputs may overlap each other (only the output is constrained): data used as its own indices,
 * updates that are the data view. */
static void test_inputs_may_overlap(void** state) {
    (void)state;
    int64_t data[] = {3, 0, 2, 1};
    int64_t out[4];
    tix_tensor d = UT_T(data, DT_I64, 4);
    tix_tensor o = UT_T(out, DT_I64, 4);
    EXPECT_OK(tix_gather(&d, &d, 0, 0, &o, NULL));
    EXPECT_I64(out, 1, 3, 2, 0);
    EXPECT_OK(tix_gather_elements(&d, &d, 0, &o, NULL));
    EXPECT_I64(out, 1, 3, 2, 0);

    int32_t v[] = {1, 2, 3, 4};
    int32_t vout[4];
    int8_t rev[] = {3, 2, 1, 0};
    tix_tensor dv = UT_T(v, DT_I32, 4);
    tix_tensor i = UT_T(rev, DT_I8, 4);
    tix_tensor ov = UT_T(vout, DT_I32, 4);
    EXPECT_OK(tix_scatter_elements(&dv, &i, &dv, 0, &ov, NULL));
    EXPECT_I32(vout, 4, 3, 2, 1);
    EXPECT_OK(tix_scatter(&dv, &i, &dv, 0, 0, &ov, NULL));
    EXPECT_I32(vout, 4, 3, 2, 1);
}

/* tix.h: views overlap when the address ranges they span intersect. The odd elements of a
 * buffer span the even ones, so such an output is rejected although no element is shared, and
 * the buffer is left as it was. */
static void test_interleaved_views_overlap(void** state) {
    (void)state;
    float buf[8] = {0, -1, 1, -1, 2, -1, 3, -1};
    const float before[8] = {0, -1, 1, -1, 2, -1, 3, -1};
    tix_tensor d = ut_tensor(buf, DT_F32, 1, UT_DIMS(4), UT_DIMS(2));
    tix_tensor o = ut_tensor(buf + 1, DT_F32, 1, UT_DIMS(4), UT_DIMS(2));
    int32_t idx[] = {3, 1, 0, 2};
    tix_tensor i = UT_T(idx, DT_I32, 4);
    assert_int_equal(tix_gather(&d, &i, 0, 0, &o, NULL), TIX_STATUS_ALIASING);
    float upd[] = {10, 20, 30, 40};
    tix_tensor u = UT_T(upd, DT_F32, 4);
    assert_int_equal(tix_scatter_elements(&d, &i, &u, 0, &o, NULL), TIX_STATUS_ALIASING);
    assert_memory_equal(buf, before, sizeof before);
}

/* tix.h's output rule: sorted by |stride|, each stride must exceed the span of the smaller ones.
 * [2, 3] with strides [3, 2] (offsets {0, 2, 4, 3, 5, 7}) breaks it and is rejected; the same
 * elements through nesting strides [1, 2] with the dimensions swapped are accepted. */
static void test_crossing_output_strides_rejected(void** state) {
    (void)state;
    int32_t data6[] = {10, 11, 12, 13, 14, 15};
    int32_t idx6[] = {5, 4, 3, 2, 1, 0};
    int32_t out8[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
    tix_tensor d6 = UT_T(data6, DT_I32, 6);
    tix_tensor i6 = UT_T(idx6, DT_I32, 2, 3);
    tix_tensor o6 = ut_tensor(out8, DT_I32, 2, UT_DIMS(2, 3), UT_DIMS(3, 2));
    assert_int_equal(tix_gather(&d6, &i6, 0, 0, &o6, NULL), TIX_STATUS_ALIASING);
    EXPECT_I32(out8, -1, -1, -1, -1, -1, -1, -1, -1);
    o6 = ut_tensor(out8, DT_I32, 2, UT_DIMS(2, 3), UT_DIMS(1, 2));
    EXPECT_OK(tix_gather(&d6, &i6, 0, 0, &o6, NULL));
    EXPECT_I32(out8, 15, 12, 14, 11, 13, 10, -1, -1);
}

/* Strides of size-1 dimensions are never used, so they do not stop a scatter from running in
 * place. */
static void test_in_place_ignores_size_one_strides(void** state) {
    (void)state;
    float buf[3] = {1, 2, 3};
    tix_tensor d = ut_tensor(buf, DT_F32, 2, UT_DIMS(1, 3), UT_DIMS(3, 1));
    tix_tensor o = ut_tensor(buf, DT_F32, 2, UT_DIMS(1, 3), UT_DIMS(99, 1));
    int64_t idx[] = {2};
    float upd[] = {7};
    tix_tensor i = UT_T(idx, DT_I64, 1, 1);
    tix_tensor u = UT_T(upd, DT_F32, 1, 1);
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 1, &o, NULL));
    EXPECT_F32(buf, 1, 2, 7);
}

/* Nothing lost: one bad index at the very end of many good ones. The output (1 KiB) is small
 * beside the indices (8000 bytes), so the library runs the updates and puts the output back
 * (execute.c, undo_bytes) rather than checking every index first: the diagnostic must still
 * name the bad index. Serially, and through a pool (`executor`, when not NULL). */
enum { NL_ROWS = 64, NL_COLS = 4, NL_UPDATES = 1000 };

static void run_nothing_lost(scatter_kind k, tix_reduction reduction, bool in_place,
                             tix_negative_indices neg, int64_t bad, const tix_executor* executor) {
    static float data[NL_ROWS * NL_COLS];
    static float out[NL_ROWS * NL_COLS];
    static float upd[NL_UPDATES * NL_COLS];
    static int64_t idx[NL_UPDATES];
    for (int n = 0; n < NL_ROWS * NL_COLS; ++n) {
        data[n] = (float)n * 0.5f;
    }
    memset(out, 0xA5, sizeof out);
    for (int n = 0; n < NL_UPDATES * NL_COLS; ++n) {
        upd[n] = (float)(n % 17) - 8.0f;
    }
    for (int n = 0; n < NL_UPDATES; ++n) {
        idx[n] = (n * 37) % NL_ROWS;
    }
    idx[NL_UPDATES - 1] = bad;

    tix_tensor d, i, u;
    if (k == SK_ELEMENTS) {
        /* 1-D: data [256], indices and updates [1000] along the axis */
        d = UT_T(data, DT_F32, NL_ROWS * NL_COLS);
        i = UT_T(idx, DT_I64, NL_UPDATES);
        u = UT_T(upd, DT_F32, NL_UPDATES);
        if (bad >= 0) {
            idx[NL_UPDATES - 1] = bad * NL_COLS; /* past 256 */
        }
    } else {
        d = UT_T(data, DT_F32, NL_ROWS, NL_COLS);
        i = k == SK_SCATTER ? UT_T(idx, DT_I64, NL_UPDATES) : UT_T(idx, DT_I64, NL_UPDATES, 1);
        u = UT_T(upd, DT_F32, NL_UPDATES, NL_COLS);
    }
    tix_tensor o = d;
    o.data = out;
    float data_before[NL_ROWS * NL_COLS];
    unsigned char out_before[sizeof out];
    memcpy(data_before, data, sizeof data);
    memcpy(out_before, out, sizeof out);

    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    opt.reduction = reduction;
    opt.negative_indices = neg;
    opt.executor = executor;
    tix_status got = run_scatter(k, &d, &i, &u, in_place ? &d : &o, &opt);
    if (got != TIX_STATUS_INDEX_OUT_OF_RANGE) {
        print_error("%s reduction %d in_place %d: returned %s\n", k_names[k], (int)reduction,
                    (int)in_place, tix_status_name(got));
        fail();
    }
    assert_string_equal(diag.argument, "indices");
    assert_int_equal(diag.position, NL_UPDATES - 1);
    assert_int_equal(diag.value, idx[NL_UPDATES - 1]);
    if (memcmp(data, data_before, sizeof data) != 0) {
        print_error("%s reduction %d in_place %d: data changed\n", k_names[k], (int)reduction,
                    (int)in_place);
        fail();
    }
    if (memcmp(out, out_before, sizeof out) != 0) {
        print_error("%s reduction %d in_place %d: output changed\n", k_names[k], (int)reduction,
                    (int)in_place);
        fail();
    }
    /* the same call without the bad index succeeds (so the failure was that index) */
    idx[NL_UPDATES - 1] = 1;
    opt.diagnostic = NULL;
    EXPECT_OK(run_scatter(k, &d, &i, &u, in_place ? &d : &o, &opt));
}

static void test_nothing_lost(void** state) {
    (void)state;
    tix_threadpool* pool = tix_threadpool_create(3);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    for (int kk = 0; kk < SK_COUNT; ++kk) {
        for (int r = TIX_REDUCTION_NONE; r <= TIX_REDUCTION_MEAN; ++r) {
            for (int in_place = 0; in_place < 2; ++in_place) {
                run_nothing_lost((scatter_kind)kk, (tix_reduction)r, in_place != 0,
                                 TIX_NEGATIVE_WRAP, NL_ROWS, NULL);
                run_nothing_lost((scatter_kind)kk, (tix_reduction)r, in_place != 0,
                                 TIX_NEGATIVE_WRAP, NL_ROWS, &executor);
            }
        }
        /* a negative index that is out of range only under NEGATIVE_OUT_OF_RANGE */
        run_nothing_lost((scatter_kind)kk, TIX_REDUCTION_NONE, false, TIX_NEGATIVE_OUT_OF_RANGE,
                         -1, NULL);
        run_nothing_lost((scatter_kind)kk, TIX_REDUCTION_ADD, true, TIX_NEGATIVE_OUT_OF_RANGE, -1,
                         NULL);
        /* and one beyond -size under NEGATIVE_WRAP */
        run_nothing_lost((scatter_kind)kk, TIX_REDUCTION_MUL, true, TIX_NEGATIVE_WRAP, -100000,
                         NULL);
    }
    tix_threadpool_destroy(pool);

    /* scatter_nd: the bad value is the last component of the last tuple */
    int32_t data[12], out[12];
    for (int n = 0; n < 12; ++n) {
        data[n] = n;
    }
    memset(out, 0x5C, sizeof out);
    int64_t idx[] = {0, 0, 1, 1, 2, 2, 2, 3};
    int32_t upd[] = {-1, -2, -3, -4};
    tix_tensor d = UT_T(data, DT_I32, 3, 4);
    tix_tensor i = UT_T(idx, DT_I64, 4, 2);
    tix_tensor u = UT_T(upd, DT_I32, 4);
    tix_tensor o = UT_T(out, DT_I32, 3, 4);
    idx[7] = 4;
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 0, &o, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
    assert_true(ut_all_bytes(out, sizeof out, 0x5C));
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 0, &d, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_I32(data, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
    idx[7] = 3;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &d, NULL));
    EXPECT_I32(data, -1, 1, 2, 3, 4, -2, 6, 7, 8, 9, -3, -4);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_in_place_matches_out_of_place),
        cmocka_unit_test(test_in_place_strided),
        cmocka_unit_test(test_scatter_aliasing),
        cmocka_unit_test(test_gather_aliasing),
        cmocka_unit_test(test_inputs_may_overlap),
        cmocka_unit_test(test_interleaved_views_overlap),
        cmocka_unit_test(test_crossing_output_strides_rejected),
        cmocka_unit_test(test_in_place_ignores_size_one_strides),
        cmocka_unit_test(test_nothing_lost),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
