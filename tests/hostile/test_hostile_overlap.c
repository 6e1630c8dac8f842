/* An output overlapping an input in every partial way (docs/TESTING.md, "hostile" tier).
 *
 * For each operation and each of its inputs X (data, indices, updates), X is put in an arena and
 * the output is slid across it 4 bytes at a time, from wholly before X to wholly after it. X's
 * indices are int8 at an address that is not a multiple of 4, so the edges overlap by 1, 2 or
 * 3 bytes. The output is
 * dense, reversed (negative stride) or gapped (stride 4: 12-byte gaps that X can sit in); X is
 * dense or reversed. tix.h: two
 * views overlap when the address ranges they span intersect, even if no element is shared; the
 * only exception is a scatter whose output is exactly its data view. So at each position:
 *   - ranges intersect (output before and into X, from inside X past its end, inside X, around
 *     X, over the same bytes, or with X sitting in the output's gaps): TIX_STATUS_ALIASING, the
 *     diagnostic names the output, and no byte anywhere changes;
 *   - exactly the data view of a scatter: in place, with the result of an out-of-place call;
 *   - disjoint (touching included): the result of the same call into a separate buffer, and no
 *     byte outside the output's elements changes.
 * Every class is counted, and each must have occurred where the geometry allows it.
 */
#include "hostile.h"

enum { ARENA = 512, X_AT = 192 };

typedef enum klass {
    K_DISJOINT,    /* no common byte range */
    K_TOUCHING,    /* adjacent ranges */
    K_PREFIX,      /* the output starts before X and ends inside it */
    K_SUFFIX,      /* starts inside X and ends after it */
    K_INSIDE,      /* within X, not the same range */
    K_AROUND,      /* contains X, not the same range */
    K_SAME,        /* the same range */
    K_INTERLEAVED, /* ranges intersect but no byte of an output element is X's */
    K_IN_PLACE,    /* exactly the data view of a scatter */
    K_COUNT
} klass;

static const char* const klass_names[K_COUNT] = {"disjoint",   "touching",    "prefix",
                                                 "suffix",     "inside",      "around",
                                                 "same range", "interleaved", "in place"};

typedef struct range {
    uintptr_t low, high; /* [low, high) */
} range;

static range range_of(const tix_tensor* t) {
    int64_t size = (int64_t)tix_dtype_size(t->dtype), lo = 0, hi = 0;
    for (int32_t d = 0; d < t->rank; d++) {
        int64_t reach = t->strides[d] * (t->shape[d] - 1);
        if (reach < 0) {
            lo += reach;
        } else {
            hi += reach;
        }
    }
    range r = {(uintptr_t)t->data + (uintptr_t)(lo * size),
               (uintptr_t)t->data + (uintptr_t)((hi + 1) * size)};
    return r;
}

/* Whether any byte of an element of t lies in [low, high). */
static bool elements_touch(const tix_tensor* t, range x) {
    int64_t size = (int64_t)tix_dtype_size(t->dtype);
    for (int64_t k = 0; k < t->shape[0]; k++) {
        uintptr_t at = (uintptr_t)t->data + (uintptr_t)(k * t->strides[0] * size);
        if (at < x.high && x.low < at + (uintptr_t)size)
            return true;
    }
    return false;
}

static bool same_view(const tix_tensor* a, const tix_tensor* b) {
    return a->data == b->data && a->rank == b->rank && a->shape[0] == b->shape[0] &&
           a->strides[0] == b->strides[0] && a->dtype == b->dtype;
}

static klass classify(const tix_tensor* o, const tix_tensor* x, bool scatter_data) {
    range r = range_of(o), xr = range_of(x);
    if (scatter_data && same_view(o, x))
        return K_IN_PLACE;
    if (r.high < xr.low || xr.high < r.low)
        return K_DISJOINT;
    if (r.high == xr.low || xr.high == r.low)
        return K_TOUCHING;
    if (!elements_touch(o, xr))
        return K_INTERLEAVED;
    if (r.low == xr.low && r.high == xr.high)
        return K_SAME;
    if (r.low < xr.low && r.high < xr.high)
        return K_PREFIX;
    if (r.low > xr.low && r.high > xr.high)
        return K_SUFFIX;
    if (r.low >= xr.low && r.high <= xr.high)
        return K_INSIDE;
    return K_AROUND;
}

/* One operation's call, with one input X placed in the arena. */
typedef struct sweep {
    op_id op;
    int x; /* 0 data, 1 indices, 2 updates */
    bool x_reversed;
    int out_kind; /* 0 dense, 1 reversed, 2 gapped (stride 4) */
    _Alignas(16) unsigned char arena[ARENA];
    float data[6];
    int8_t idx[4];
    float upd[3];
    op_args a;
    int64_t n_out;
} sweep;

static const float data_values[6] = {10, 20, 30, 40, 50, 60};
static const int8_t gather_idx[4] = {5, 0, 3, 1};
static const int8_t scatter_idx[3] = {4, 0, 2};
static const float upd_values[3] = {100, 200, 300};

/* Puts the values of X into the arena (reversed: the last value first, a stride of -1). */
static void place_x(sweep* s) {
    memset(s->arena, 0x77, sizeof s->arena);
    tix_tensor* v = s->x == 0 ? &s->a.d : s->x == 1 ? &s->a.i : &s->a.u;
    size_t size = tix_dtype_size(v->dtype);
    int64_t n = v->shape[0];
    const unsigned char* values =
        s->x == 0   ? (const void*)data_values
        : s->x == 1 ? (op_is_scatter(s->op) ? (const void*)scatter_idx : (const void*)gather_idx)
                    : (const void*)upd_values;
    /* int8 indices at an address that is not a multiple of 4 (4 of them: +1, 3: +2), so that the
     * output's edges overlap them by 1 to 3 bytes */
    unsigned char* at = s->arena + X_AT + (s->x == 1 ? (op_is_scatter(s->op) ? 2 : 1) : 0);
    for (int64_t k = 0; k < n; k++) {
        int64_t slot = s->x_reversed ? n - 1 - k : k;
        memcpy(at + slot * (int64_t)size, values + k * (int64_t)size, size);
    }
    v->data = s->x_reversed ? at + (n - 1) * (int64_t)size : at;
    v->strides[0] = s->x_reversed ? -1 : 1;
    if (v->rank == 2)
        v->strides[1] = 1; /* gather_nd's tuples of one component */
}

static void sweep_init(sweep* s, op_id op, int x, bool x_reversed, int out_kind) {
    memset(s, 0, sizeof *s);
    s->op = op;
    s->x = x;
    s->x_reversed = x_reversed;
    s->out_kind = out_kind;
    memcpy(s->data, data_values, sizeof s->data);
    memcpy(s->upd, upd_values, sizeof s->upd);
    bool scatter = op_is_scatter(op);
    memcpy(s->idx, scatter ? scatter_idx : gather_idx, scatter ? 3 : 4);
    s->a.d = UT_T(s->data, DT_F32, 6);
    int64_t n_idx = scatter ? 3 : 4;
    s->a.i = op == OP_GATHER_ND || op == OP_SCATTER_ND ? UT_T(s->idx, DT_I8, n_idx, 1)
                                                       : UT_T(s->idx, DT_I8, n_idx);
    s->a.u = UT_T(s->upd, DT_F32, 3);
    s->n_out = scatter ? 6 : 4;
    place_x(s);
}

/* The output view at byte `at` of the arena. */
static tix_tensor output_at(sweep* s, int64_t at) {
    int64_t stride = s->out_kind == 2 ? 4 : 1;
    int64_t span = (s->n_out - 1) * stride;
    unsigned char* p = s->arena + at;
    if (s->out_kind == 1)
        return ut_tensor(p + span * 4, DT_F32, 1, UT_DIMS(s->n_out), UT_DIMS(-1));
    return ut_tensor(p, DT_F32, 1, UT_DIMS(s->n_out), UT_DIMS(stride));
}

static void run_sweep(op_id op, int x, bool x_reversed, int out_kind, unsigned* seen) {
    sweep* s = malloc(sizeof *s);
    assert_non_null(s);
    sweep_init(s, op, x, x_reversed, out_kind);
    /* the result into a buffer of its own */
    float separate[6];
    memset(separate, 0, sizeof separate);
    op_args a = s->a;
    a.o = UT_T(separate, DT_F32, s->n_out);
    EXPECT_OK(op_run(op, &a, NULL));

    const tix_tensor* xv = x == 0 ? &s->a.d : x == 1 ? &s->a.i : &s->a.u;
    range xr = range_of(xv);
    int64_t x_low = (int64_t)(xr.low - (uintptr_t)s->arena);
    int64_t x_high = (int64_t)(xr.high - (uintptr_t)s->arena);
    int64_t o_span = (s->n_out - 1) * (out_kind == 2 ? 4 : 1) * 4 + 4;
    for (int64_t at = (x_low - o_span - 8) & ~(int64_t)3; at <= x_high + 8; at += 4) {
        place_x(s);
        a = s->a;
        a.o = output_at(s, at);
        klass k = classify(&a.o, xv, x == 0 && op_is_scatter(op));
        seen[k]++;
        unsigned char arena_before[ARENA], data_before[sizeof s->data], idx_before[4],
            upd_before[sizeof s->upd];
        memcpy(arena_before, s->arena, ARENA);
        memcpy(data_before, s->data, sizeof s->data);
        memcpy(idx_before, s->idx, 4);
        memcpy(upd_before, s->upd, sizeof s->upd);
        tix_diagnostic diag;
        ut_dirty_diag(&diag);
        tix_options options = ut_opts_diag(&diag);
        tix_status got = op_run(op, &a, &options);
        bool aliasing = k != K_DISJOINT && k != K_TOUCHING && k != K_IN_PLACE;
        if (aliasing) {
            if (got != TIX_STATUS_ALIASING) {
                fail_msg("%s, %s%s, output %s at %+lld bytes (%s): %s, expected ALIASING",
                         op_name(op),
                         x == 0   ? "data"
                         : x == 1 ? "indices"
                                  : "updates",
                         x_reversed ? " reversed" : "",
                         out_kind == 0   ? "dense"
                         : out_kind == 1 ? "reversed"
                                         : "gapped",
                         (long long)(at - x_low), klass_names[k], tix_status_name(got));
            }
            EXPECT_DIAG(&diag, TIX_STATUS_ALIASING, "output");
            assert_memory_equal(arena_before, s->arena, ARENA);
        } else {
            if (got != TIX_STATUS_OK) {
                fail_msg("%s, %s%s, output %s at %+lld bytes (%s): %s, expected OK", op_name(op),
                         x == 0   ? "data"
                         : x == 1 ? "indices"
                                  : "updates",
                         x_reversed ? " reversed" : "",
                         out_kind == 0   ? "dense"
                         : out_kind == 1 ? "reversed"
                                         : "gapped",
                         (long long)(at - x_low), klass_names[k], tix_status_name(got));
            }
            /* the output's elements hold the result; every other arena byte is unchanged */
            unsigned char is_output[ARENA];
            memset(is_output, 0, sizeof is_output);
            for (int64_t e = 0; e < s->n_out; e++) {
                unsigned char* p = (unsigned char*)a.o.data + e * a.o.strides[0] * 4;
                float v;
                memcpy(&v, p, 4);
                if (v != separate[e]) {
                    fail_msg("%s (%s at %+lld): element %lld is %g, expected %g", op_name(op),
                             klass_names[k], (long long)(at - x_low), (long long)e, (double)v,
                             (double)separate[e]);
                }
                memset(is_output + (p - s->arena), 1, 4);
            }
            for (int b = 0; b < ARENA; b++) {
                if (!is_output[b] && s->arena[b] != arena_before[b]) {
                    fail_msg("%s (%s at %+lld): arena byte %d outside the output changed",
                             op_name(op), klass_names[k], (long long)(at - x_low), b);
                }
            }
        }
        assert_memory_equal(idx_before, s->idx, 4);
        assert_memory_equal(upd_before, s->upd, sizeof s->upd);
        assert_memory_equal(data_before, s->data, sizeof s->data);
    }
    free(s);
}

static void sweep_op(op_id op) {
    unsigned seen[3][K_COUNT];
    memset(seen, 0, sizeof seen);
    int inputs = op_is_scatter(op) ? 3 : 2;
    for (int x = 0; x < inputs; x++) {
        for (int rev = 0; rev < 2; rev++) {
            for (int out_kind = 0; out_kind < 3; out_kind++) {
                run_sweep(op, x, rev != 0, out_kind, seen[x]);
            }
        }
    }
    /* every partial overlap occurred, where the sizes allow it: the output is 16 (gathers) or
     * 24 bytes (dense), data 24, indices 3 or 4 (not 4-aligned: the output never just touches
     * them), updates 12 (data never fits in a gap) */
    for (int x = 0; x < inputs; x++) {
        klass wanted[] = {K_DISJOINT, K_TOUCHING, K_PREFIX, K_SUFFIX, K_INTERLEAVED};
        for (size_t k = 0; k < sizeof wanted / sizeof wanted[0]; k++) {
            if (wanted[k] == K_INTERLEAVED && x == 0)
                continue;
            if (wanted[k] == K_TOUCHING && x == 1)
                continue;
            if (seen[x][wanted[k]] == 0) {
                fail_msg("%s: no %s output for input %d", op_name(op), klass_names[wanted[k]], x);
            }
        }
        if (x != 0 || !op_is_scatter(op)) {
            klass shape_class = x == 0 ? K_INSIDE : K_AROUND; /* gathers: 16 < 24 bytes */
            assert_true(seen[x][shape_class] > 0);
        }
    }
    if (op_is_scatter(op)) {
        assert_true(seen[0][K_IN_PLACE] > 0);
        assert_true(seen[0][K_SAME] > 0);
    }
}

static void test_gather_output_overlaps(void** state) {
    (void)state;
    sweep_op(OP_GATHER);
}

static void test_scatter_output_overlaps(void** state) {
    (void)state;
    sweep_op(OP_SCATTER);
}

static void test_gather_elements_output_overlaps(void** state) {
    (void)state;
    sweep_op(OP_GATHER_ELEMENTS);
}

static void test_scatter_elements_output_overlaps(void** state) {
    (void)state;
    sweep_op(OP_SCATTER_ELEMENTS);
}

static void test_gather_nd_output_overlaps(void** state) {
    (void)state;
    sweep_op(OP_GATHER_ND);
}

static void test_scatter_nd_output_overlaps(void** state) {
    (void)state;
    sweep_op(OP_SCATTER_ND);
}

/* In place is allowed for data only: an in-place scatter whose indices or updates lie inside
 * data is ALIASING, and data stays as it was; the same inputs overlapping each other without
 * the output are fine. */
static void test_in_place_with_inputs_inside_data(void** state) {
    (void)state;
    for (int opk = OP_SCATTER; opk <= OP_SCATTER_ND; opk += 2) {
        op_id op = (op_id)opk;
        _Alignas(16) float buf[8] = {10, 20, 30, 40, 50, 60, 0, 0};
        int8_t idx[3] = {4, 0, 2};
        float upd[3] = {100, 200, 300};
        op_args a;
        memset(&a, 0, sizeof a);
        a.d = UT_T(buf, DT_F32, 6);
        a.o = a.d;
        a.i = op == OP_SCATTER_ND ? UT_T(idx, DT_I8, 3, 1) : UT_T(idx, DT_I8, 3);
        a.u = UT_T(upd, DT_F32, 3);
        /* the indices' bytes inside data (element 5 holds them) */
        memcpy((unsigned char*)&buf[5], idx, 3);
        op_args with_i = a;
        with_i.i.data = &buf[5];
        float before[8];
        memcpy(before, buf, sizeof buf);
        EXPECT_OP(op, &with_i, TIX_STATUS_ALIASING, "output");
        assert_memory_equal(before, buf, sizeof buf);
        /* the updates are data's elements 1..3 */
        op_args with_u = a;
        with_u.u.data = &buf[1];
        EXPECT_OP(op, &with_u, TIX_STATUS_ALIASING, "output");
        assert_memory_equal(before, buf, sizeof buf);
        /* out of place, the updates may be data's elements: output gets data[1..3] at 4, 0, 2 */
        float out[6];
        with_u.o = UT_T(out, DT_F32, 6);
        EXPECT_OP(op, &with_u, TIX_STATUS_OK, NULL);
        /* buf[5] holds the index bytes now; compare with the values it was given */
        float five;
        memcpy(&five, &buf[5], 4);
        EXPECT_F32(out, 30, 20, 40, 40, 20, five);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gather_output_overlaps),
        cmocka_unit_test(test_scatter_output_overlaps),
        cmocka_unit_test(test_gather_elements_output_overlaps),
        cmocka_unit_test(test_scatter_elements_output_overlaps),
        cmocka_unit_test(test_gather_nd_output_overlaps),
        cmocka_unit_test(test_scatter_nd_output_overlaps),
        cmocka_unit_test(test_in_place_with_inputs_inside_data),
    };
    /* TIX_TEST_FILTER=test_name (a pattern with * and ?) runs only the matching tests */
    if (getenv("TIX_TEST_FILTER") != NULL)
        cmocka_set_test_filter(getenv("TIX_TEST_FILTER"));
    return cmocka_run_group_tests(tests, NULL, NULL);
}
