/* Statuses, diagnostics, names and messages, version, dtype helpers, tix_tensor_init and
 * tix_tensor_count, and every error status reached through each of the six operations (and
 * their *_shape calls), with the diagnostic's status, argument and message checked. */
#include "ops.h"
#include "unit.h"

/* ---------------------------------------------------------------------------------------------
 * Names, messages, version, dtype helpers.
 */
static void test_status_names_and_messages(void** state) {
    (void)state;
#define CHECK_STATUS_(name, value, message)                                       \
    assert_int_equal(TIX_STATUS_##name, value);                                   \
    assert_string_equal(tix_status_name(TIX_STATUS_##name), "TIX_STATUS_" #name); \
    assert_string_equal(tix_status_message(TIX_STATUS_##name), message);
    TIX_STATUS_LIST(CHECK_STATUS_)
#undef CHECK_STATUS_
    assert_string_equal(tix_status_name(TIX_STATUS_SHAPE_MISMATCH), "TIX_STATUS_SHAPE_MISMATCH");
    assert_string_equal(tix_status_name(TIX_STATUS_OK), "TIX_STATUS_OK");
    /* one past the last listed status (the values are 0, 1, 2, ... in list order) */
#define COUNT_STATUS_(name, value, message) +1
    enum { status_count = 0 TIX_STATUS_LIST(COUNT_STATUS_) };
#undef COUNT_STATUS_
    const int unknown[] = {status_count, status_count + 1, 1000, -1, INT32_MIN};
    for (size_t k = 0; k < sizeof unknown / sizeof unknown[0]; ++k) {
        tix_status s = (tix_status)unknown[k];
        assert_string_equal(tix_status_name(s), "TIX_STATUS_UNKNOWN");
        const char* m = tix_status_message(s);
        assert_non_null(m);
    }
    for (int s = 0; s < status_count; ++s) {
        const char* m = tix_status_message((tix_status)s);
        assert_non_null(m);
        assert_true(m[0] != '\0');
    }
}

static void test_version(void** state) {
    (void)state;
    assert_int_equal(tix_version_number(), TIX_VERSION_NUMBER);
    assert_int_equal(TIX_VERSION_NUMBER, 100);
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", TIX_VERSION_MAJOR, TIX_VERSION_MINOR,
             TIX_VERSION_PATCH);
    assert_non_null(tix_version_string());
    assert_string_equal(tix_version_string(), want);
    assert_string_equal(tix_version_string(), "0.1.0");
}

static void test_dtype_helpers(void** state) {
    (void)state;
    static const struct {
        tix_dtype dtype;
        size_t size;
        const char* name;
        bool is_index;
    } table[] = {
        {TIX_DTYPE_FLOAT32, 4, "float32", false},
        {TIX_DTYPE_UINT8, 1, "uint8", true},
        {TIX_DTYPE_INT8, 1, "int8", true},
        {TIX_DTYPE_UINT16, 2, "uint16", true},
        {TIX_DTYPE_INT16, 2, "int16", true},
        {TIX_DTYPE_INT32, 4, "int32", true},
        {TIX_DTYPE_INT64, 8, "int64", true},
        {TIX_DTYPE_STRING, sizeof(const char*), "string", false},
        {TIX_DTYPE_BOOL, 1, "bool", false},
        {TIX_DTYPE_FLOAT16, 2, "float16", false},
        {TIX_DTYPE_FLOAT64, 8, "float64", false},
        {TIX_DTYPE_UINT32, 4, "uint32", true},
        {TIX_DTYPE_UINT64, 8, "uint64", true},
        {TIX_DTYPE_COMPLEX64, 8, "complex64", false},
        {TIX_DTYPE_COMPLEX128, 16, "complex128", false},
        {TIX_DTYPE_BFLOAT16, 2, "bfloat16", false},
        {TIX_DTYPE_FLOAT8E4M3FN, 1, "float8e4m3fn", false},
        {TIX_DTYPE_FLOAT8E4M3FNUZ, 1, "float8e4m3fnuz", false},
        {TIX_DTYPE_FLOAT8E5M2, 1, "float8e5m2", false},
        {TIX_DTYPE_FLOAT8E5M2FNUZ, 1, "float8e5m2fnuz", false},
    };
    assert_int_equal(sizeof table / sizeof table[0], TIX_DTYPE_COUNT - 1);
    for (size_t k = 0; k < sizeof table / sizeof table[0]; ++k) {
        assert_int_equal(table[k].dtype, (int)k + 1);
        assert_int_equal(tix_dtype_size(table[k].dtype), table[k].size);
        assert_non_null(tix_dtype_name(table[k].dtype));
        assert_string_equal(tix_dtype_name(table[k].dtype), table[k].name);
        assert_int_equal(tix_dtype_is_index(table[k].dtype), table[k].is_index);
    }
    const int bad[] = {0, TIX_DTYPE_COUNT, 99, -1};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        tix_dtype dt = (tix_dtype)bad[k];
        assert_int_equal(tix_dtype_size(dt), 0);
        assert_string_equal(tix_dtype_name(dt), "undefined");
        assert_false(tix_dtype_is_index(dt));
    }
}

/* ---------------------------------------------------------------------------------------------
 * tix_tensor_init and tix_tensor_count.
 */
static void test_tensor_init(void** state) {
    (void)state;
    float buf[24];
    tix_tensor t = ut_garbage_tensor();
    EXPECT_OK(tix_tensor_init(&t, buf, DT_F32, 3, UT_DIMS(2, 3, 4)));
    assert_ptr_equal(t.data, buf);
    assert_int_equal(t.dtype, DT_F32);
    assert_int_equal(t.rank, 3);
    assert_true(t.shape[0] == 2 && t.shape[1] == 3 && t.shape[2] == 4);
    assert_true(t.strides[0] == 12 && t.strides[1] == 4 && t.strides[2] == 1);
    assert_true(tix_tensor_count(&t) == 24);

    /* rank 0 with a NULL shape: one element */
    t = ut_garbage_tensor();
    EXPECT_OK(tix_tensor_init(&t, buf, DT_I8, 0, NULL));
    assert_int_equal(t.rank, 0);
    assert_int_equal(t.dtype, DT_I8);
    assert_true(tix_tensor_count(&t) == 1);

    /* a NULL data pointer is fine for a view (shape calls, empty tensors) */
    t = ut_garbage_tensor();
    EXPECT_OK(tix_tensor_init(&t, NULL, DT_STR, 2, UT_DIMS(0, 5)));
    assert_null(t.data);
    assert_true(tix_tensor_count(&t) == 0);

    /* rank 16 */
    int64_t shape16[16];
    for (int k = 0; k < 16; ++k) {
        shape16[k] = k % 2 == 0 ? 2 : 1;
    }
    t = ut_garbage_tensor();
    EXPECT_OK(tix_tensor_init(&t, NULL, DT_U8, 16, shape16));
    assert_true(tix_tensor_count(&t) == 256);
    assert_true(t.strides[15] == 1 && t.strides[14] == 1 && t.strides[0] == 128);

    /* errors */
    EXPECT_STATUS(tix_tensor_init(NULL, buf, DT_F32, 1, UT_DIMS(3)), TIX_STATUS_NULL_POINTER);
    EXPECT_STATUS(tix_tensor_init(&t, buf, DT_F32, 2, NULL), TIX_STATUS_NULL_POINTER);
    EXPECT_STATUS(tix_tensor_init(&t, buf, DT_F32, -1, UT_DIMS(3)), TIX_STATUS_INVALID_RANK);
    EXPECT_STATUS(tix_tensor_init(&t, NULL, DT_F32, 17, shape16), TIX_STATUS_INVALID_RANK);
    EXPECT_STATUS(tix_tensor_init(&t, buf, DT_F32, 2, UT_DIMS(3, -1)), TIX_STATUS_INVALID_SHAPE);
    EXPECT_STATUS(tix_tensor_init(&t, NULL, DT_F32, 2, UT_DIMS((int64_t)1 << 40, (int64_t)1 << 40)),
                  TIX_STATUS_INVALID_SHAPE);
    EXPECT_STATUS(tix_tensor_init(&t, buf, TIX_DTYPE_UNDEFINED, 1, UT_DIMS(3)),
                  TIX_STATUS_INVALID_DTYPE);
    EXPECT_STATUS(tix_tensor_init(&t, buf, (tix_dtype)99, 1, UT_DIMS(3)), TIX_STATUS_INVALID_DTYPE);
}

static void test_tensor_count(void** state) {
    (void)state;
    tix_tensor t = UT_T(NULL, DT_F32, 2, 3, 4);
    assert_true(tix_tensor_count(&t) == 24);
    t = ut_scalar(NULL, DT_F32);
    assert_true(tix_tensor_count(&t) == 1);
    t = UT_T(NULL, DT_F32, 5, 0, 7);
    assert_true(tix_tensor_count(&t) == 0);
    t = UT_T(NULL, DT_F32, (int64_t)1 << 31, (int64_t)1 << 31);
    assert_true(tix_tensor_count(&t) == (int64_t)1 << 62);
    t = UT_T(NULL, DT_F32, (int64_t)1 << 32, (int64_t)1 << 32);
    assert_true(tix_tensor_count(&t) == -1);
    t = UT_T(NULL, DT_F32, INT64_MAX, 2);
    assert_true(tix_tensor_count(&t) == -1);
    /* the product is 0 even though a prefix of it overflows */
    t = UT_T(NULL, DT_F32, (int64_t)1 << 40, (int64_t)1 << 40, 0);
    assert_true(tix_tensor_count(&t) == 0);
    t = UT_T(NULL, DT_F32, 3, -2);
    assert_true(tix_tensor_count(&t) == -1);
    t = UT_T(NULL, DT_F32, 3);
    t.rank = -1;
    assert_true(tix_tensor_count(&t) == -1);
    t.rank = 17;
    assert_true(tix_tensor_count(&t) == -1);
}

/* ---------------------------------------------------------------------------------------------
 * A valid call of each operation on float32 data [3, 4], axis 0, batch_dims 0:
 *   gather           indices [2]     {2, 0}         -> output [2, 4]
 *   scatter          indices [2]     {2, 0}         updates [2, 4], output [3, 4]
 *   gather_elements  indices [2, 4]  (0..2)         -> output [2, 4]
 *   scatter_elements indices [2, 4]  (distinct)     updates [2, 4], output [3, 4]
 *   gather_nd        indices [2, 1]  {2, 0}         -> output [2, 4]
 *   scatter_nd       indices [2, 1]  {2, 0}         updates [2, 4], output [3, 4]
 */
typedef struct fixture {
    float data[12];
    int64_t idx[8];
    float upd[8];
    float out[12];
    tix_tensor d, i, u, o;
} fixture;

static void fixture_init(fixture* f, op_id k) {
    for (int n = 0; n < 12; ++n) {
        f->data[n] = (float)n;
        f->out[n] = -1.0f;
    }
    for (int n = 0; n < 8; ++n) {
        f->upd[n] = 100.0f + (float)n;
    }
    f->d = UT_T(f->data, DT_F32, 3, 4);
    f->u = UT_T(f->upd, DT_F32, 2, 4);
    switch (k) {
        case OP_GATHER:
        case OP_SCATTER:
            f->idx[0] = 2;
            f->idx[1] = 0;
            f->i = UT_T(f->idx, DT_I64, 2);
            break;
        case OP_GATHER_ELEMENTS:
        case OP_SCATTER_ELEMENTS: {
            const int64_t v[8] = {2, 0, 1, 2, 0, 1, 2, 1};
            memcpy(f->idx, v, sizeof v);
            f->i = UT_T(f->idx, DT_I64, 2, 4);
            break;
        }
        default:
            f->idx[0] = 2;
            f->idx[1] = 0;
            f->i = UT_T(f->idx, DT_I64, 2, 1);
            break;
    }
    if (op_is_scatter(k)) {
        f->o = UT_T(f->out, DT_F32, 3, 4);
    } else {
        f->o = UT_T(f->out, DT_F32, 2, 4);
    }
}

/* The fixture's calls: axis 0, batch_dims 0. */
static tix_status call_op(op_id k, const tix_tensor* d, const tix_tensor* i, const tix_tensor* u,
                          const tix_tensor* o, const tix_options* opt) {
    return op_call(k, d, i, u, 0, 0, o, opt);
}

static tix_status call_shape(op_id k, const tix_tensor* d, const tix_tensor* i,
                             const tix_tensor* u, tix_tensor* o, const tix_options* opt) {
    return op_call_shape(k, d, i, u, 0, 0, o, opt);
}

/* Calls op k with the fixture and expects `status` with the diagnostic naming `argument`; a
 * scatter must also leave its output untouched. */
static void expect_failure_(op_id k, const fixture* f, const tix_options* base, tix_status status,
                            const char* argument, const char* file, int line) {
    tix_diagnostic diag;
    ut_dirty_diag(&diag);
    tix_options opt = base != NULL ? *base : ut_opts();
    opt.diagnostic = &diag;
    float before[12];
    memcpy(before, f->out, sizeof before);
    tix_status got = call_op(k, &f->d, &f->i, &f->u, &f->o, &opt);
    if (got != status) {
        print_error("%s:%d: %s returned %s, expected %s\n", file, line, op_name(k),
                    tix_status_name(got), tix_status_name(status));
        _fail(file, line);
    }
    ut_expect_diag_(&diag, status, argument, file, line);
    /* without a diagnostic the status is the same */
    opt.diagnostic = NULL;
    got = call_op(k, &f->d, &f->i, &f->u, &f->o, &opt);
    if (got != status) {
        print_error("%s:%d: %s without diagnostic returned %s, expected %s\n", file, line,
                    op_name(k), tix_status_name(got), tix_status_name(status));
        _fail(file, line);
    }
    if (op_is_scatter(k) && memcmp(before, f->out, sizeof before) != 0) {
        print_error("%s:%d: failed %s wrote its output\n", file, line, op_name(k));
        _fail(file, line);
    }
}
#define EXPECT_FAILURE(k, f, opt, status, argument) \
    expect_failure_((k), (f), (opt), (status), (argument), __FILE__, __LINE__)

/* The same through the *_shape call. */
static void expect_shape_failure_(op_id k, const fixture* f, const tix_options* base,
                                  tix_status status, const char* argument, const char* file,
                                  int line) {
    tix_diagnostic diag;
    ut_dirty_diag(&diag);
    tix_options opt = base != NULL ? *base : ut_opts();
    opt.diagnostic = &diag;
    tix_tensor s = ut_garbage_tensor();
    tix_status got = call_shape(k, &f->d, &f->i, &f->u, &s, &opt);
    if (got != status) {
        print_error("%s:%d: %s_shape returned %s, expected %s\n", file, line, op_name(k),
                    tix_status_name(got), tix_status_name(status));
        _fail(file, line);
    }
    ut_expect_diag_(&diag, status, argument, file, line);
}
#define EXPECT_SHAPE_FAILURE(k, f, opt, status, argument) \
    expect_shape_failure_((k), (f), (opt), (status), (argument), __FILE__, __LINE__)

/* The fixture is valid: OK, the diagnostic reset, NULL and all-zero options alike. */
static void test_valid_calls_reset_diagnostic(void** state) {
    (void)state;
    for (int k = 0; k < OP_COUNT; ++k) {
        fixture f;
        fixture_init(&f, (op_id)k);
        tix_diagnostic diag;
        ut_dirty_diag(&diag);
        tix_options opt = ut_opts_diag(&diag);
        EXPECT_OK(call_op((op_id)k, &f.d, &f.i, &f.u, &f.o, &opt));
        EXPECT_DIAG_RESET(&diag);
        float with_opts[12];
        size_t bytes = (size_t)tix_tensor_count(&f.o) * sizeof(float);
        memcpy(with_opts, f.out, sizeof with_opts);
        memset(f.out, 0, sizeof f.out);
        EXPECT_OK(call_op((op_id)k, &f.d, &f.i, &f.u, &f.o, NULL));
        assert_memory_equal(with_opts, f.out, bytes);

        ut_dirty_diag(&diag);
        tix_tensor s = ut_garbage_tensor();
        /* shape calls read nothing: no data pointers at all */
        fixture g = f;
        g.d.data = NULL;
        g.i.data = NULL;
        g.u.data = NULL;
        EXPECT_OK(call_shape((op_id)k, &g.d, &g.i, &g.u, &s, &opt));
        EXPECT_DIAG_RESET(&diag);
        ut_expect_shape_(&s, DT_F32, f.o.rank, f.o.shape, __FILE__, __LINE__);
    }
    /* the values */
    fixture f;
    fixture_init(&f, OP_GATHER);
    EXPECT_OK(call_op(OP_GATHER, &f.d, &f.i, &f.u, &f.o, NULL));
    EXPECT_F32(f.out, 8, 9, 10, 11, 0, 1, 2, 3);
    fixture_init(&f, OP_SCATTER);
    EXPECT_OK(call_op(OP_SCATTER, &f.d, &f.i, &f.u, &f.o, NULL));
    EXPECT_F32(f.out, 104, 105, 106, 107, 4, 5, 6, 7, 100, 101, 102, 103);
    fixture_init(&f, OP_GATHER_ELEMENTS);
    EXPECT_OK(call_op(OP_GATHER_ELEMENTS, &f.d, &f.i, &f.u, &f.o, NULL));
    EXPECT_F32(f.out, 8, 1, 6, 11, 0, 5, 10, 7);
    fixture_init(&f, OP_SCATTER_ELEMENTS);
    EXPECT_OK(call_op(OP_SCATTER_ELEMENTS, &f.d, &f.i, &f.u, &f.o, NULL));
    EXPECT_F32(f.out, 104, 101, 2, 3, 4, 105, 102, 107, 100, 9, 106, 103);
    fixture_init(&f, OP_GATHER_ND);
    EXPECT_OK(call_op(OP_GATHER_ND, &f.d, &f.i, &f.u, &f.o, NULL));
    EXPECT_F32(f.out, 8, 9, 10, 11, 0, 1, 2, 3);
    fixture_init(&f, OP_SCATTER_ND);
    EXPECT_OK(call_op(OP_SCATTER_ND, &f.d, &f.i, &f.u, &f.o, NULL));
    EXPECT_F32(f.out, 104, 105, 106, 107, 4, 5, 6, 7, 100, 101, 102, 103);
}

/* NULL_POINTER: a NULL tensor pointer, or a NULL data pointer of a non-empty tensor. */
static void test_null_pointer(void** state) {
    (void)state;
    for (int kk = 0; kk < OP_COUNT; ++kk) {
        op_id k = (op_id)kk;
        fixture f;
        fixture_init(&f, k);
        tix_diagnostic diag;
        tix_options opt = ut_opts_diag(&diag);

        ut_dirty_diag(&diag);
        EXPECT_STATUS(call_op(k, NULL, &f.i, &f.u, &f.o, &opt), TIX_STATUS_NULL_POINTER);
        EXPECT_DIAG(&diag, TIX_STATUS_NULL_POINTER, "data");
        ut_dirty_diag(&diag);
        EXPECT_STATUS(call_op(k, &f.d, NULL, &f.u, &f.o, &opt), TIX_STATUS_NULL_POINTER);
        EXPECT_DIAG(&diag, TIX_STATUS_NULL_POINTER, "indices");
        ut_dirty_diag(&diag);
        EXPECT_STATUS(call_op(k, &f.d, &f.i, &f.u, NULL, &opt), TIX_STATUS_NULL_POINTER);
        EXPECT_DIAG(&diag, TIX_STATUS_NULL_POINTER, "output");
        if (op_is_scatter(k)) {
            ut_dirty_diag(&diag);
            EXPECT_STATUS(call_op(k, &f.d, &f.i, NULL, &f.o, &opt), TIX_STATUS_NULL_POINTER);
            EXPECT_DIAG(&diag, TIX_STATUS_NULL_POINTER, "updates");
        }
        /* shape calls: NULL tensor pointers, the output included */
        tix_tensor s = ut_garbage_tensor();
        EXPECT_STATUS(call_shape(k, NULL, &f.i, &f.u, &s, &opt), TIX_STATUS_NULL_POINTER);
        EXPECT_DIAG(&diag, TIX_STATUS_NULL_POINTER, "data");
        EXPECT_STATUS(call_shape(k, &f.d, NULL, &f.u, &s, &opt), TIX_STATUS_NULL_POINTER);
        EXPECT_DIAG(&diag, TIX_STATUS_NULL_POINTER, "indices");
        EXPECT_STATUS(call_shape(k, &f.d, &f.i, &f.u, NULL, &opt), TIX_STATUS_NULL_POINTER);
        EXPECT_DIAG(&diag, TIX_STATUS_NULL_POINTER, "output");

        /* NULL data pointers of non-empty tensors at execution */
        fixture g = f;
        g.d.data = NULL;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_NULL_POINTER, "data");
        g = f;
        g.i.data = NULL;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_NULL_POINTER, "indices");
        g = f;
        g.o.data = NULL;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_NULL_POINTER, "output");
        if (op_is_scatter(k)) {
            g = f;
            g.u.data = NULL;
            EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_NULL_POINTER, "updates");
        }
    }
}

/* INVALID_RANK: below 0, above TIX_MAX_RANK, rank-0 data. */
static void test_invalid_rank(void** state) {
    (void)state;
    for (int kk = 0; kk < OP_COUNT; ++kk) {
        op_id k = (op_id)kk;
        fixture f, g;
        fixture_init(&f, k);

        g = f;
        g.d.rank = -1;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_RANK, "data");
        EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_RANK, "data");
        g = f;
        g.d.rank = TIX_MAX_RANK + 1;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_RANK, "data");
        g = f;
        g.d.rank = 0;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_RANK, "data");
        EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_RANK, "data");
        g = f;
        g.i.rank = TIX_MAX_RANK + 1;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_RANK, "indices");
        EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_RANK, "indices");
        g = f;
        g.i.rank = -1;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_RANK, "indices");
        g = f;
        g.o.rank = TIX_MAX_RANK + 1;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_RANK, "output");
        g = f;
        g.o.rank = -1;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_RANK, "output");
        if (op_is_scatter(k)) {
            g = f;
            g.u.rank = -1;
            EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_RANK, "updates");
            g.u.rank = TIX_MAX_RANK + 1;
            EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_RANK, "updates");
        }
        if (k == OP_GATHER_ELEMENTS || k == OP_SCATTER_ELEMENTS) {
            /* indices of another rank than data */
            g = f;
            g.i = UT_T(f.idx, DT_I64, 8);
            EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_RANK, "indices");
        }
        if (k == OP_GATHER_ND || k == OP_SCATTER_ND) {
            /* rank-0 indices */
            g = f;
            g.i = ut_scalar(f.idx, DT_I64);
            EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_RANK, "indices");
        }
    }
}

/* INVALID_SHAPE: a negative dimension, an element count that overflows int64. */
static void test_invalid_shape(void** state) {
    (void)state;
    for (int kk = 0; kk < OP_COUNT; ++kk) {
        op_id k = (op_id)kk;
        fixture f, g;
        fixture_init(&f, k);
        tix_diagnostic diag;
        tix_options opt = ut_opts_diag(&diag);

        g = f;
        g.d.shape[1] = -4;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_SHAPE, "data");
        EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_SHAPE, "data");
        EXPECT_STATUS(call_op(k, &g.d, &g.i, &g.u, &g.o, &opt), TIX_STATUS_INVALID_SHAPE);
        assert_int_equal(diag.dimension, 1);
        assert_true(diag.value == -4);

        g = f;
        g.d.shape[0] = (int64_t)1 << 40;
        g.d.shape[1] = (int64_t)1 << 40;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_SHAPE, "data");
        EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_SHAPE, "data");

        g = f;
        g.i.shape[0] = -2;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_SHAPE, "indices");
        EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_SHAPE, "indices");

        g = f;
        g.o.shape[0] = -3;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_SHAPE, "output");

        if (op_is_scatter(k)) {
            g = f;
            g.u.shape[1] = -1;
            EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_SHAPE, "updates");
            EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_SHAPE, "updates");
        }
    }
}

/* INVALID_STRIDES: strides whose byte offsets overflow int64. */
static void test_invalid_strides(void** state) {
    (void)state;
    for (int kk = 0; kk < OP_COUNT; ++kk) {
        op_id k = (op_id)kk;
        fixture f, g;
        fixture_init(&f, k);

        g = f;
        g.d.strides[0] = INT64_MAX;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_STRIDES, "data");
        EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_STRIDES, "data");
        /* element offset 2 * 2^61 = 2^62 fits, bytes 2^64 do not */
        g = f;
        g.d.strides[0] = (int64_t)1 << 61;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_STRIDES, "data");
        g = f;
        g.d.strides[1] = INT64_MIN / 2;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_STRIDES, "data");

        g = f;
        g.i.strides[0] = (int64_t)1 << 62;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_STRIDES, "indices");
        EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_STRIDES, "indices");

        g = f;
        g.o.strides[0] = -((int64_t)1 << 62);
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_STRIDES, "output");

        if (op_is_scatter(k)) {
            g = f;
            g.u.strides[1] = INT64_MAX / 2;
            EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_STRIDES, "updates");
        }
    }
}

/* INVALID_DTYPE, INVALID_INDEX_DTYPE, DTYPE_MISMATCH. */
static void test_dtype_errors(void** state) {
    (void)state;
    for (int kk = 0; kk < OP_COUNT; ++kk) {
        op_id k = (op_id)kk;
        fixture f, g;
        fixture_init(&f, k);

        g = f;
        g.d.dtype = TIX_DTYPE_UNDEFINED;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_DTYPE, "data");
        EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_DTYPE, "data");
        g.d.dtype = (tix_dtype)99;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_DTYPE, "data");
        EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_DTYPE, "data");

        const tix_dtype not_index[] = {DT_F32, DT_F64, DT_F16, DT_BOOL, DT_STR, DT_C64};
        for (size_t n = 0; n < sizeof not_index / sizeof not_index[0]; ++n) {
            g = f;
            g.i.dtype = not_index[n];
            EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_INDEX_DTYPE, "indices");
            EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_INVALID_INDEX_DTYPE, "indices");
        }

        g = f;
        g.o.dtype = DT_F64;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_DTYPE_MISMATCH, "output");
        g.o.dtype = DT_I32;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_DTYPE_MISMATCH, "output");
        if (op_is_scatter(k)) {
            g = f;
            g.u.dtype = DT_I32;
            EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_DTYPE_MISMATCH, "updates");
            EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_DTYPE_MISMATCH, "updates");
        }
    }
}

/* SHAPE_MISMATCH: output and updates shapes. */
static void test_shape_mismatch(void** state) {
    (void)state;
    for (int kk = 0; kk < OP_COUNT; ++kk) {
        op_id k = (op_id)kk;
        fixture f, g;
        fixture_init(&f, k);

        g = f;
        g.o.shape[1] = 3;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_SHAPE_MISMATCH, "output");
        g = f;
        g.o.shape[0] = 1;
        EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_SHAPE_MISMATCH, "output");
        if (op_is_scatter(k)) {
            g = f;
            g.u.shape[1] = 3;
            EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_SHAPE_MISMATCH, "updates");
            EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_SHAPE_MISMATCH, "updates");
        }
        if (k == OP_GATHER_ELEMENTS || k == OP_SCATTER_ELEMENTS) {
            /* indices larger than data on the non-axis dimension 1 */
            g = f;
            g.i = UT_T(f.idx, DT_I64, 1, 5);
            g.o = op_is_scatter(k) ? f.o : UT_T(f.out, DT_F32, 1, 5);
            g.u = UT_T(f.upd, DT_F32, 1, 5);
            EXPECT_FAILURE(k, &g, NULL, TIX_STATUS_SHAPE_MISMATCH, "indices");
            EXPECT_SHAPE_FAILURE(k, &g, NULL, TIX_STATUS_SHAPE_MISMATCH, "indices");
        }
    }

    /* batch dimensions that differ: gather/scatter and gather_nd/scatter_nd */
    float data[12] = {0}, out[12], upd[12] = {0};
    int64_t idx[6] = {0, 0, 0, 0, 0, 0};
    tix_tensor d = UT_T(data, DT_F32, 3, 4);
    tix_tensor i = UT_T(idx, DT_I64, 2, 2);
    tix_tensor o = UT_T(out, DT_F32, 3, 2);
    tix_tensor u = UT_T(upd, DT_F32, 2, 2);
    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    EXPECT_STATUS(tix_gather(&d, &i, 1, 1, &o, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "indices|batch_dims");
    o = UT_T(out, DT_F32, 3, 4);
    EXPECT_STATUS(tix_scatter(&d, &i, &u, 1, 1, &o, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "indices|batch_dims");
    i = UT_T(idx, DT_I64, 2, 1);
    u = UT_T(upd, DT_F32, 2);
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 1, &o, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "indices|batch_dims");
    o = UT_T(out, DT_F32, 2);
    EXPECT_STATUS(tix_gather_nd(&d, &i, 1, &o, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "indices|batch_dims");
}

/* INVALID_AXIS and INVALID_BATCH_DIMS, with the offending value in the diagnostic. */
static void test_axis_and_batch_dims(void** state) {
    (void)state;
    fixture f;
    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    tix_tensor s;
    const int64_t bad_axes[] = {2, -3, 100, INT64_MIN};
    for (size_t n = 0; n < sizeof bad_axes / sizeof bad_axes[0]; ++n) {
        int64_t axis = bad_axes[n];
        fixture_init(&f, OP_GATHER);
        ut_dirty_diag(&diag);
        EXPECT_STATUS(tix_gather(&f.d, &f.i, axis, 0, &f.o, &opt), TIX_STATUS_INVALID_AXIS);
        EXPECT_DIAG(&diag, TIX_STATUS_INVALID_AXIS, "axis");
        assert_true(diag.value == axis);
        assert_true(diag.position == -1);
        EXPECT_STATUS(tix_gather_shape(&f.d, &f.i, axis, 0, &s, &opt), TIX_STATUS_INVALID_AXIS);
        EXPECT_DIAG(&diag, TIX_STATUS_INVALID_AXIS, "axis");
        fixture_init(&f, OP_SCATTER);
        EXPECT_STATUS(tix_scatter(&f.d, &f.i, &f.u, axis, 0, &f.o, &opt), TIX_STATUS_INVALID_AXIS);
        EXPECT_DIAG(&diag, TIX_STATUS_INVALID_AXIS, "axis");
        assert_true(diag.value == axis);
        EXPECT_F32(f.out, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
        fixture_init(&f, OP_GATHER_ELEMENTS);
        EXPECT_STATUS(tix_gather_elements(&f.d, &f.i, axis, &f.o, &opt), TIX_STATUS_INVALID_AXIS);
        EXPECT_DIAG(&diag, TIX_STATUS_INVALID_AXIS, "axis");
        EXPECT_STATUS(tix_gather_elements_shape(&f.d, &f.i, axis, &s, &opt),
                      TIX_STATUS_INVALID_AXIS);
        fixture_init(&f, OP_SCATTER_ELEMENTS);
        EXPECT_STATUS(tix_scatter_elements(&f.d, &f.i, &f.u, axis, &f.o, &opt),
                      TIX_STATUS_INVALID_AXIS);
        EXPECT_DIAG(&diag, TIX_STATUS_INVALID_AXIS, "axis");
        EXPECT_STATUS(tix_scatter_elements_shape(&f.d, &f.i, &f.u, axis, &s, &opt),
                      TIX_STATUS_INVALID_AXIS);
    }

    /* gather/scatter: batch_dims in [-q, q] and <= axis; q = 1 here */
    const int64_t bad_b[] = {2, -2, 1, INT64_MAX};
    for (size_t n = 0; n < sizeof bad_b / sizeof bad_b[0]; ++n) {
        int64_t b = bad_b[n];
        fixture_init(&f, OP_GATHER);
        ut_dirty_diag(&diag);
        EXPECT_STATUS(tix_gather(&f.d, &f.i, 0, b, &f.o, &opt), TIX_STATUS_INVALID_BATCH_DIMS);
        EXPECT_DIAG(&diag, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims");
        assert_true(diag.value == b);
        EXPECT_STATUS(tix_gather_shape(&f.d, &f.i, 0, b, &s, &opt), TIX_STATUS_INVALID_BATCH_DIMS);
        fixture_init(&f, OP_SCATTER);
        EXPECT_STATUS(tix_scatter(&f.d, &f.i, &f.u, 0, b, &f.o, &opt),
                      TIX_STATUS_INVALID_BATCH_DIMS);
        EXPECT_DIAG(&diag, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims");
        EXPECT_STATUS(tix_scatter_shape(&f.d, &f.i, &f.u, 0, b, &s, &opt),
                      TIX_STATUS_INVALID_BATCH_DIMS);
    }
    /* gather_nd/scatter_nd: batch_dims in [-q, q-1] and < r; q = 2 here */
    const int64_t bad_nd[] = {2, -3, 5, INT64_MIN};
    for (size_t n = 0; n < sizeof bad_nd / sizeof bad_nd[0]; ++n) {
        int64_t b = bad_nd[n];
        fixture_init(&f, OP_GATHER_ND);
        ut_dirty_diag(&diag);
        EXPECT_STATUS(tix_gather_nd(&f.d, &f.i, b, &f.o, &opt), TIX_STATUS_INVALID_BATCH_DIMS);
        EXPECT_DIAG(&diag, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims");
        assert_true(diag.value == b);
        EXPECT_STATUS(tix_gather_nd_shape(&f.d, &f.i, b, &s, &opt), TIX_STATUS_INVALID_BATCH_DIMS);
        fixture_init(&f, OP_SCATTER_ND);
        EXPECT_STATUS(tix_scatter_nd(&f.d, &f.i, &f.u, b, &f.o, &opt),
                      TIX_STATUS_INVALID_BATCH_DIMS);
        EXPECT_DIAG(&diag, TIX_STATUS_INVALID_BATCH_DIMS, "batch_dims");
        EXPECT_STATUS(tix_scatter_nd_shape(&f.d, &f.i, &f.u, b, &s, &opt),
                      TIX_STATUS_INVALID_BATCH_DIMS);
    }
}

/* INVALID_OPTION: enum values out of range, and a reduction on a gather. */
static void test_invalid_option(void** state) {
    (void)state;
    for (int kk = 0; kk < OP_COUNT; ++kk) {
        op_id k = (op_id)kk;
        fixture f;
        fixture_init(&f, k);
        tix_options opt = ut_opts();

        opt.negative_indices = (tix_negative_indices)2;
        EXPECT_FAILURE(k, &f, &opt, TIX_STATUS_INVALID_OPTION, "options");
        EXPECT_SHAPE_FAILURE(k, &f, &opt, TIX_STATUS_INVALID_OPTION, "options");
        opt = ut_opts();
        opt.negative_indices = (tix_negative_indices)-1;
        EXPECT_FAILURE(k, &f, &opt, TIX_STATUS_INVALID_OPTION, "options");
        opt = ut_opts();
        opt.out_of_range = (tix_out_of_range)4;
        EXPECT_FAILURE(k, &f, &opt, TIX_STATUS_INVALID_OPTION, "options");
        EXPECT_SHAPE_FAILURE(k, &f, &opt, TIX_STATUS_INVALID_OPTION, "options");
        opt = ut_opts();
        opt.reduction = (tix_reduction)7;
        EXPECT_FAILURE(k, &f, &opt, TIX_STATUS_INVALID_OPTION, "options");
        EXPECT_SHAPE_FAILURE(k, &f, &opt, TIX_STATUS_INVALID_OPTION, "options");
        opt.reduction = (tix_reduction)-1;
        EXPECT_FAILURE(k, &f, &opt, TIX_STATUS_INVALID_OPTION, "options");
        if (!op_is_scatter(k)) {
            for (int r = TIX_REDUCTION_ADD; r <= TIX_REDUCTION_MEAN; ++r) {
                opt.reduction = (tix_reduction)r;
                EXPECT_FAILURE(k, &f, &opt, TIX_STATUS_INVALID_OPTION, "options");
                EXPECT_SHAPE_FAILURE(k, &f, &opt, TIX_STATUS_INVALID_OPTION, "options");
            }
        }
    }
}

/* UNSUPPORTED_REDUCTION: mean on bool, max on complex, add on string, add on float8. */
static void test_unsupported_reduction(void** state) {
    (void)state;
    static const struct {
        tix_dtype dtype;
        tix_reduction reduction;
    } cases[] = {
        {DT_BOOL, TIX_REDUCTION_MEAN},
        {DT_C64, TIX_REDUCTION_MAX},
        {DT_C128, TIX_REDUCTION_MIN},
        {DT_C64, TIX_REDUCTION_MEAN},
        {DT_STR, TIX_REDUCTION_ADD},
        {DT_STR, TIX_REDUCTION_MAX},
        {TIX_DTYPE_FLOAT8E4M3FN, TIX_REDUCTION_ADD},
        {TIX_DTYPE_FLOAT8E5M2FNUZ, TIX_REDUCTION_MUL},
    };
    for (int kk = 0; kk < OP_COUNT; ++kk) {
        op_id k = (op_id)kk;
        if (!op_is_scatter(k)) {
            continue;
        }
        for (size_t n = 0; n < sizeof cases / sizeof cases[0]; ++n) {
            fixture f;
            fixture_init(&f, k);
            /* 16 bytes per element at most: reuse 4-byte buffers large enough */
            double big_data[24] = {0}, big_upd[16] = {0}, big_out[24] = {0};
            f.d.data = big_data;
            f.u.data = big_upd;
            f.o.data = big_out;
            f.d.dtype = f.u.dtype = f.o.dtype = cases[n].dtype;
            tix_options opt = ut_opts();
            opt.reduction = cases[n].reduction;
            /* expect_failure_ compares f.out: it is not the output here, so compare by hand */
            tix_diagnostic diag;
            ut_dirty_diag(&diag);
            opt.diagnostic = &diag;
            EXPECT_STATUS(call_op(k, &f.d, &f.i, &f.u, &f.o, &opt),
                          TIX_STATUS_UNSUPPORTED_REDUCTION);
            EXPECT_DIAG(&diag, TIX_STATUS_UNSUPPORTED_REDUCTION, "options|data");
            assert_true(ut_all_bytes(big_out, sizeof big_out, 0));
            EXPECT_SHAPE_FAILURE(k, &f, &opt, TIX_STATUS_UNSUPPORTED_REDUCTION, "options|data");
            /* without the reduction the same call is fine */
            opt.reduction = TIX_REDUCTION_NONE;
            EXPECT_OK(call_op(k, &f.d, &f.i, &f.u, &f.o, &opt));
        }
    }
}

/* INDEX_OUT_OF_RANGE: data [3, 4], axis 0, indices [[0, 1], [7, 2]]. */
static void test_index_out_of_range_diagnostic(void** state) {
    (void)state;
    const char* msg = "indices[1][0] = 7 is outside [-3, 2] for axis 0 of data with shape [3, 4]";
    const char* msg_neg =
        "indices[1][0] = -1 is outside [0, 2] for axis 0 of data with shape [3, 4]";
    float data[12], upd[16], out[48];
    for (int n = 0; n < 12; ++n) {
        data[n] = (float)n;
    }
    memset(upd, 0, sizeof upd);
    int64_t idx[] = {0, 1, 7, 2};
    int64_t neg[] = {0, 1, -1, 2};
    tix_tensor d = UT_T(data, DT_F32, 3, 4);
    tix_tensor i = UT_T(idx, DT_I64, 2, 2);
    tix_tensor in = UT_T(neg, DT_I64, 2, 2);
    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    tix_options opt_neg = opt;
    opt_neg.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE;

    /* gather: output [2, 2, 4] */
    tix_tensor o = UT_T(out, DT_F32, 2, 2, 4);
    ut_dirty_diag(&diag);
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 2, 7, msg, NULL);
    EXPECT_STATUS(tix_gather(&d, &in, 0, 0, &o, &opt_neg), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 2, -1, msg_neg, NULL);
    EXPECT_OK(tix_gather(&d, &in, 0, 0, &o, &opt));
    EXPECT_DIAG_RESET(&diag);

    /* scatter: updates [2, 2, 4], output [3, 4] */
    tix_tensor u = UT_T(upd, DT_F32, 2, 2, 4);
    o = UT_T(out, DT_F32, 3, 4);
    ut_dirty_diag(&diag);
    EXPECT_STATUS(tix_scatter(&d, &i, &u, 0, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 2, 7, msg, NULL);
    EXPECT_STATUS(tix_scatter(&d, &in, &u, 0, 0, &o, &opt_neg), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 2, -1, msg_neg, NULL);

    /* gather_elements / scatter_elements: indices, updates, output [2, 2] */
    o = UT_T(out, DT_F32, 2, 2);
    ut_dirty_diag(&diag);
    EXPECT_STATUS(tix_gather_elements(&d, &i, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 2, 7, msg, NULL);
    EXPECT_STATUS(tix_gather_elements(&d, &in, 0, &o, &opt_neg), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 2, -1, msg_neg, NULL);
    u = UT_T(upd, DT_F32, 2, 2);
    o = UT_T(out, DT_F32, 3, 4);
    ut_dirty_diag(&diag);
    EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 2, 7, msg, NULL);
    EXPECT_STATUS(tix_scatter_elements(&d, &in, &u, 0, &o, &opt_neg),
                  TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 2, -1, msg_neg, NULL);

    /* gather_nd / scatter_nd: tuples (0, 1), (7, 2); output/updates [2] */
    o = UT_T(out, DT_F32, 2);
    ut_dirty_diag(&diag);
    EXPECT_STATUS(tix_gather_nd(&d, &i, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 2, 7, NULL, "indices[1][0] = 7 is outside [-3, 2]");
    EXPECT_STATUS(tix_gather_nd(&d, &in, 0, &o, &opt_neg), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 2, -1, NULL, "indices[1][0] = -1 is outside [0, 2]");
    u = UT_T(upd, DT_F32, 2);
    o = UT_T(out, DT_F32, 3, 4);
    ut_dirty_diag(&diag);
    EXPECT_STATUS(tix_scatter_nd(&d, &i, &u, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 2, 7, NULL, "indices[1][0] = 7 is outside [-3, 2]");
    /* the second component (dimension 1, size 4) */
    int64_t idx2[] = {0, 1, 2, 4};
    tix_tensor i2 = UT_T(idx2, DT_I64, 2, 2);
    EXPECT_STATUS(tix_scatter_nd(&d, &i2, &u, 0, &o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 3, 4, NULL, "indices[1][1] = 4 is outside [-4, 3]");
    EXPECT_OK(tix_scatter_nd(&d, &in, &u, 0, &o, &opt));
    EXPECT_DIAG_RESET(&diag);
}

/* A zero-size call "checks its arguments and moves nothing": errors are still reported. */
static void test_empty_calls_still_check(void** state) {
    (void)state;
    tix_diagnostic diag;
    tix_options opt = ut_opts_diag(&diag);
    tix_tensor d = UT_T(NULL, DT_F32, 3, 2);
    tix_tensor i = UT_T(NULL, DT_I64, 0);
    tix_tensor o = UT_T(NULL, DT_F32, 0, 2);
    float data[6] = {0};
    d.data = data;

    opt.reduction = TIX_REDUCTION_ADD;
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_INVALID_OPTION);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_OPTION, "options");
    opt.reduction = TIX_REDUCTION_NONE;
    o = UT_T(NULL, DT_F32, 0, 3);
    EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &o, &opt), TIX_STATUS_SHAPE_MISMATCH);
    EXPECT_DIAG(&diag, TIX_STATUS_SHAPE_MISMATCH, "output");
    EXPECT_STATUS(tix_gather(&d, &i, 2, 0, &o, &opt), TIX_STATUS_INVALID_AXIS);

    /* a bool scatter with mean and no updates */
    uint8_t b[6] = {0};
    tix_tensor bd = UT_T(b, DT_BOOL, 3, 2);
    tix_tensor bu = UT_T(NULL, DT_BOOL, 0, 2);
    uint8_t bo[6];
    tix_tensor bout = UT_T(bo, DT_BOOL, 3, 2);
    opt.reduction = TIX_REDUCTION_MEAN;
    EXPECT_STATUS(tix_scatter(&bd, &i, &bu, 0, 0, &bout, &opt), TIX_STATUS_UNSUPPORTED_REDUCTION);
    opt.reduction = TIX_REDUCTION_NONE;

    /* an unknown dtype on empty data */
    tix_tensor ed = UT_T(NULL, (tix_dtype)42, 0, 2);
    tix_tensor eo = UT_T(NULL, (tix_dtype)42, 0, 2);
    EXPECT_STATUS(tix_gather(&ed, &i, 0, 0, &eo, &opt), TIX_STATUS_INVALID_DTYPE);
    EXPECT_DIAG(&diag, TIX_STATUS_INVALID_DTYPE, "data");

    /* the index values are checked even when the output is empty: data [2, 0], indices {5} */
    int64_t five = 5;
    tix_tensor zd = UT_T(NULL, DT_F32, 2, 0);
    tix_tensor zi = UT_T(&five, DT_I64, 1);
    tix_tensor zo = UT_T(NULL, DT_F32, 1, 0);
    EXPECT_STATUS(tix_gather(&zd, &zi, 0, 0, &zo, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 0, 5, NULL, "= 5 is outside [-2, 1]");
    tix_tensor zu = UT_T(NULL, DT_F32, 1, 0);
    tix_tensor zso = UT_T(NULL, DT_F32, 2, 0);
    EXPECT_STATUS(tix_scatter(&zd, &zi, &zu, 0, 0, &zso, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    EXPECT_INDEX_DIAG(&diag, 0, 5, NULL, "= 5 is outside [-2, 1]");
}

/* A diagnostic is written for the first error only, and only when asked for. */
static void test_diagnostic_optional(void** state) {
    (void)state;
    fixture f;
    fixture_init(&f, OP_GATHER);
    /* no diagnostic: statuses still come back */
    f.idx[1] = 9;
    EXPECT_STATUS(tix_gather(&f.d, &f.i, 0, 0, &f.o, NULL), TIX_STATUS_INDEX_OUT_OF_RANGE);
    tix_options opt = ut_opts();
    EXPECT_STATUS(tix_gather(&f.d, &f.i, 0, 0, &f.o, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
    /* the message always fits and is terminated */
    tix_diagnostic diag;
    opt.diagnostic = &diag;
    tix_tensor big = UT_T(NULL, DT_F32, 1);
    big.rank = TIX_MAX_RANK;
    for (int n = 0; n < TIX_MAX_RANK; ++n) {
        big.shape[n] = INT64_MAX / 2 + n;
        big.strides[n] = 1;
    }
    tix_tensor s = ut_garbage_tensor();
    EXPECT_STATUS(tix_gather_shape(&big, &f.i, 0, 0, &s, &opt), TIX_STATUS_INVALID_SHAPE);
    assert_non_null(memchr(diag.message, '\0', TIX_MESSAGE_CAPACITY));
    assert_true(diag.message[0] != '\0');
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_status_names_and_messages),
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_dtype_helpers),
        cmocka_unit_test(test_tensor_init),
        cmocka_unit_test(test_tensor_count),
        cmocka_unit_test(test_valid_calls_reset_diagnostic),
        cmocka_unit_test(test_null_pointer),
        cmocka_unit_test(test_invalid_rank),
        cmocka_unit_test(test_invalid_shape),
        cmocka_unit_test(test_invalid_strides),
        cmocka_unit_test(test_dtype_errors),
        cmocka_unit_test(test_shape_mismatch),
        cmocka_unit_test(test_axis_and_batch_dims),
        cmocka_unit_test(test_invalid_option),
        cmocka_unit_test(test_unsupported_reduction),
        cmocka_unit_test(test_index_out_of_range_diagnostic),
        cmocka_unit_test(test_empty_calls_still_check),
        cmocka_unit_test(test_diagnostic_optional),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
