/* Executors: results are bitwise identical for every executor and thread count, and equal to
 * applying the updates one at a time in row-major order (checked against a plain loop here).
 * Executors used: none (serial), a serial executor that runs tiles in reverse order and checks
 * the parallel_for contract (and records the tiles it was last handed), and the built-in pool
 * with 1, 2 and 7 threads. */
#include "unit.h"

/* ---------------------------------------------------------------------------------------------
 * A serial executor that checks the contract and runs the tiles last to first.
 */
typedef struct checking_pool {
    int calls;
    int violations;
    size_t range, tile; /* the last call's */
} checking_pool;

static void reverse_parallel_for(void* pool, tix_task_fn task, void* context, size_t range,
                                 size_t tile) {
    checking_pool* p = (checking_pool*)pool;
    p->calls++;
    p->range = range;
    p->tile = tile;
    if (range == 0 || tile == 0 || task == NULL) {
        p->violations++;
        return;
    }
    size_t tiles = (range + tile - 1) / tile;
    for (size_t t = tiles; t-- > 0;) {
        size_t begin = t * tile;
        size_t count = range - begin < tile ? range - begin : tile;
        task(context, begin, count);
    }
}

/* Deterministic pseudo-random numbers (xorshift64). */
static uint64_t g_rng = 0x9E3779B97F4A7C15u;
static uint64_t next_random(void) {
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return g_rng;
}

/* The executors under test; index 0 is "none". */
enum { EXECUTOR_KINDS = 5 };
static const char* const k_exec_names[EXECUTOR_KINDS] = {"serial", "reverse", "pool(1)", "pool(2)",
                                                         "pool(7)"};

typedef struct executors {
    checking_pool checker;
    tix_executor reverse;
    tix_threadpool* pools[3];
    tix_executor pool_exec[3];
} executors;

static void executors_init(executors* e) {
    memset(e, 0, sizeof *e);
    e->reverse.parallel_for = reverse_parallel_for;
    e->reverse.pool = &e->checker;
    const size_t threads[3] = {1, 2, 7};
    for (int n = 0; n < 3; ++n) {
        e->pools[n] = tix_threadpool_create(threads[n]);
        assert_non_null(e->pools[n]);
        assert_int_equal(tix_threadpool_threads(e->pools[n]), threads[n]);
        e->pool_exec[n] = tix_threadpool_executor(e->pools[n]);
        assert_true(e->pool_exec[n].pool == (void*)e->pools[n]);
    }
}

static void executors_destroy(executors* e) {
    for (int n = 0; n < 3; ++n) {
        tix_threadpool_destroy(e->pools[n]);
    }
    assert_int_equal(e->checker.violations, 0);
}

static const tix_executor* executor_at(const executors* e, int kind) {
    switch (kind) {
        case 0:
            return NULL;
        case 1:
            return &e->reverse;
        default:
            return &e->pool_exec[kind - 2];
    }
}

static void expect_same_bytes(const void* got, const void* want, size_t bytes, int kind,
                              const char* what) {
    if (memcmp(got, want, bytes) != 0) {
        print_error("%s with executor %s differs from the expected result\n", what,
                    k_exec_names[kind]);
        fail();
    }
}

/* gather of rows: data [4096, 64] float32, indices [8192] -> 2 MiB of output. */
static void test_gather_rows(void** state) {
    (void)state;
    enum { ROWS = 4096, COLS = 64, N = 8192 };
    float* data = malloc(sizeof(float) * ROWS * COLS);
    int32_t* idx = malloc(sizeof(int32_t) * N);
    float* want = malloc(sizeof(float) * N * COLS);
    float* out = malloc(sizeof(float) * N * COLS);
    assert_true(data && idx && want && out);
    for (int n = 0; n < ROWS * COLS; ++n) {
        data[n] = (float)n;
    }
    for (int n = 0; n < N; ++n) {
        idx[n] = (int32_t)(next_random() % ROWS) - (n % 2 == 0 ? 0 : ROWS);
    }
    for (int n = 0; n < N; ++n) {
        int32_t r = idx[n] < 0 ? idx[n] + ROWS : idx[n];
        memcpy(want + (size_t)n * COLS, data + (size_t)r * COLS, sizeof(float) * COLS);
    }
    executors e;
    executors_init(&e);
    tix_tensor d = UT_T(data, DT_F32, ROWS, COLS);
    tix_tensor i = UT_T(idx, DT_I32, N);
    tix_tensor o = UT_T(out, DT_F32, N, COLS);
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        tix_options opt = ut_opts();
        opt.executor = executor_at(&e, kind);
        memset(out, 0, sizeof(float) * N * COLS);
        EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
        expect_same_bytes(out, want, sizeof(float) * N * COLS, kind, "gather rows");
    }
    /* 2 MiB of work goes through the executor it is given */
    assert_true(e.checker.calls > 0);
    executors_destroy(&e);
    free(data);
    free(idx);
    free(want);
    free(out);
}

/* A gather along axis 1 of d into o: by indices shared by every row (tix_gather) or by indices
 * of each row's own (tix_gather_elements). */
static tix_status gather_along_rows(bool shared, const tix_tensor* d, const tix_tensor* i,
                                    const tix_tensor* o, const tix_options* opt) {
    return shared ? tix_gather(d, i, 1, 0, o, opt) : tix_gather_elements(d, i, 1, o, opt);
}

/* Rows that share their indices resolve them once per tile of rows, so the executor gets tiles
 * of at least 128 of them (SHARED_TILE_ROWS, execute.c) where rows of their own indices get
 * smaller ones; the results are those of the serial call either way. */
static void test_tiles_of_shared_rows(void** state) {
    (void)state;
    enum { ROWS = 1024, COLS = 600, K = 512 };
    float* data = malloc(sizeof(float) * ROWS * COLS);
    int64_t* idx = malloc(sizeof(int64_t) * ROWS * K);
    float* want = malloc(sizeof(float) * ROWS * K);
    float* out = malloc(sizeof(float) * ROWS * K);
    assert_true(data && idx && want && out);
    for (int n = 0; n < ROWS * COLS; ++n) data[n] = (float)n;
    for (int n = 0; n < ROWS * K; ++n) idx[n] = (int64_t)(next_random() % COLS);
    checking_pool checker = {0};
    tix_executor checking = {reverse_parallel_for, &checker}; /* records the tiles */
    tix_tensor d = UT_T(data, DT_F32, ROWS, COLS), o = UT_T(out, DT_F32, ROWS, K);
    for (int shared = 0; shared < 2; ++shared) {
        tix_tensor i = shared ? UT_T(idx, DT_I64, K) : UT_T(idx, DT_I64, ROWS, K);
        tix_options serial = ut_opts(), opt = ut_opts();
        opt.executor = &checking;
        EXPECT_OK(gather_along_rows(shared, &d, &i, &o, &serial));
        memcpy(want, out, sizeof(float) * ROWS * K);
        memset(out, 0, sizeof(float) * ROWS * K);
        EXPECT_OK(gather_along_rows(shared, &d, &i, &o, &opt));
        assert_memory_equal(out, want, sizeof(float) * ROWS * K);
        assert_int_equal(checker.range, ROWS); /* a unit of work is a row */
        if (shared) {
            assert_true(checker.tile >= 128);
        } else {
            assert_true(checker.tile < 128);
        }
    }
    assert_int_equal(checker.violations, 0);
    free(data);
    free(idx);
    free(want);
    free(out);
}

/* gather_elements along axis 0 of [512, 256] (reads jump between rows). */
static void test_gather_elements_axis0(void** state) {
    (void)state;
    enum { R = 512, C = 256 };
    int64_t* data = malloc(sizeof(int64_t) * R * C);
    uint16_t* idx = malloc(sizeof(uint16_t) * R * C);
    int64_t* want = malloc(sizeof(int64_t) * R * C);
    int64_t* out = malloc(sizeof(int64_t) * R * C);
    assert_true(data && idx && want && out);
    for (int n = 0; n < R * C; ++n) {
        data[n] = (int64_t)n * 3 - 7;
        idx[n] = (uint16_t)(next_random() % R);
    }
    for (int r = 0; r < R; ++r) {
        for (int c = 0; c < C; ++c) {
            want[r * C + c] = data[idx[r * C + c] * C + c];
        }
    }
    executors e;
    executors_init(&e);
    tix_tensor d = UT_T(data, DT_I64, R, C);
    tix_tensor i = UT_T(idx, DT_U16, R, C);
    tix_tensor o = UT_T(out, DT_I64, R, C);
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        tix_options opt = ut_opts();
        opt.executor = executor_at(&e, kind);
        memset(out, 0, sizeof(int64_t) * R * C);
        EXPECT_OK(tix_gather_elements(&d, &i, 0, &o, &opt));
        expect_same_bytes(out, want, sizeof(int64_t) * R * C, kind, "gather_elements");
    }
    executors_destroy(&e);
    free(data);
    free(idx);
    free(want);
    free(out);
}

/* scatter_elements add on float32 with ~200 updates per destination: the result equals the
 * in-order float32 sum, bitwise, for every executor. Also none (last wins) and mean. */
static void test_scatter_elements_add_order(void** state) {
    (void)state;
    enum { SLOTS = 1000, N = 200000 };
    float* data = malloc(sizeof(float) * SLOTS);
    int64_t* idx = malloc(sizeof(int64_t) * N);
    float* upd = malloc(sizeof(float) * N);
    float* want = malloc(sizeof(float) * SLOTS);
    float* out = malloc(sizeof(float) * SLOTS);
    int* count = malloc(sizeof(int) * SLOTS);
    assert_true(data && idx && upd && want && out && count);
    for (int n = 0; n < SLOTS; ++n) {
        data[n] = (float)(next_random() % 1000) / 7.0f;
    }
    for (int n = 0; n < N; ++n) {
        idx[n] = (int64_t)(next_random() % SLOTS);
        /* magnitudes that make float addition order-sensitive */
        upd[n] = (float)((double)(next_random() % 2000001) - 1000000.0) / 3.0f *
                 ((next_random() % 3 == 0) ? 1e-3f : 1.0f);
    }
    executors e;
    executors_init(&e);
    tix_tensor d = UT_T(data, DT_F32, SLOTS);
    tix_tensor i = UT_T(idx, DT_I64, N);
    tix_tensor u = UT_T(upd, DT_F32, N);
    tix_tensor o = UT_T(out, DT_F32, SLOTS);

    /* add */
    memcpy(want, data, sizeof(float) * SLOTS);
    for (int n = 0; n < N; ++n) {
        want[idx[n]] = want[idx[n]] + upd[n];
    }
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        tix_options opt = ut_opts();
        opt.executor = executor_at(&e, kind);
        opt.reduction = TIX_REDUCTION_ADD;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        expect_same_bytes(out, want, sizeof(float) * SLOTS, kind, "scatter_elements add");
    }

    /* none: the last update in row-major order wins */
    memcpy(want, data, sizeof(float) * SLOTS);
    for (int n = 0; n < N; ++n) {
        want[idx[n]] = upd[n];
    }
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        tix_options opt = ut_opts();
        opt.executor = executor_at(&e, kind);
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        expect_same_bytes(out, want, sizeof(float) * SLOTS, kind, "scatter_elements none");
    }

    /* mean without self: in-order sum, one division by the count */
    for (int n = 0; n < SLOTS; ++n) {
        want[n] = 0.0f;
        count[n] = 0;
    }
    for (int n = 0; n < N; ++n) {
        want[idx[n]] = want[idx[n]] + upd[n];
        count[idx[n]]++;
    }
    for (int n = 0; n < SLOTS; ++n) {
        want[n] = count[n] > 0 ? want[n] / (float)count[n] : data[n];
    }
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        tix_options opt = ut_opts();
        opt.executor = executor_at(&e, kind);
        opt.reduction = TIX_REDUCTION_MEAN;
        opt.exclude_self = true;
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        expect_same_bytes(out, want, sizeof(float) * SLOTS, kind, "scatter_elements mean");
    }
    executors_destroy(&e);
    free(data);
    free(idx);
    free(upd);
    free(want);
    free(out);
    free(count);
}

/* scatter_nd and scatter of rows with duplicates: add and none, every executor; in place too. */
static void test_scatter_rows_order(void** state) {
    (void)state;
    enum { ROWS = 500, COLS = 8, N = 20000 };
    double* data = malloc(sizeof(double) * ROWS * COLS);
    int32_t* idx = malloc(sizeof(int32_t) * N);
    double* upd = malloc(sizeof(double) * N * COLS);
    double* want_add = malloc(sizeof(double) * ROWS * COLS);
    double* want_none = malloc(sizeof(double) * ROWS * COLS);
    double* out = malloc(sizeof(double) * ROWS * COLS);
    double* inplace = malloc(sizeof(double) * ROWS * COLS);
    assert_true(data && idx && upd && want_add && want_none && out && inplace);
    for (int n = 0; n < ROWS * COLS; ++n) {
        data[n] = (double)(next_random() % 100000) / 9.0;
    }
    for (int n = 0; n < N; ++n) {
        idx[n] = (int32_t)(next_random() % ROWS);
    }
    for (int n = 0; n < N * COLS; ++n) {
        upd[n] = ((double)(next_random() % 2000001) - 1000000.0) / 7.0;
    }
    memcpy(want_add, data, sizeof(double) * ROWS * COLS);
    memcpy(want_none, data, sizeof(double) * ROWS * COLS);
    for (int n = 0; n < N; ++n) {
        for (int c = 0; c < COLS; ++c) {
            want_add[idx[n] * COLS + c] = want_add[idx[n] * COLS + c] + upd[n * COLS + c];
            want_none[idx[n] * COLS + c] = upd[n * COLS + c];
        }
    }
    executors e;
    executors_init(&e);
    tix_tensor d = UT_T(data, DT_F64, ROWS, COLS);
    tix_tensor u = UT_T(upd, DT_F64, N, COLS);
    tix_tensor o = UT_T(out, DT_F64, ROWS, COLS);
    tix_tensor ip = UT_T(inplace, DT_F64, ROWS, COLS);
    tix_tensor i_nd = UT_T(idx, DT_I32, N, 1);
    tix_tensor i_1d = UT_T(idx, DT_I32, N);
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        for (int r = 0; r < 2; ++r) {
            tix_options opt = ut_opts();
            opt.executor = executor_at(&e, kind);
            opt.reduction = r == 0 ? TIX_REDUCTION_NONE : TIX_REDUCTION_ADD;
            const double* want = r == 0 ? want_none : want_add;
            size_t bytes = sizeof(double) * ROWS * COLS;

            EXPECT_OK(tix_scatter_nd(&d, &i_nd, &u, 0, &o, &opt));
            expect_same_bytes(out, want, bytes, kind, "scatter_nd");
            memset(out, 0, bytes);
            EXPECT_OK(tix_scatter(&d, &i_1d, &u, 0, 0, &o, &opt));
            expect_same_bytes(out, want, bytes, kind, "scatter");

            memcpy(inplace, data, bytes);
            EXPECT_OK(tix_scatter_nd(&ip, &i_nd, &u, 0, &ip, &opt));
            expect_same_bytes(inplace, want, bytes, kind, "scatter_nd in place");
            memcpy(inplace, data, bytes);
            EXPECT_OK(tix_scatter(&ip, &i_1d, &u, 0, 0, &ip, &opt));
            expect_same_bytes(inplace, want, bytes, kind, "scatter in place");
        }
    }
    executors_destroy(&e);
    free(data);
    free(idx);
    free(upd);
    free(want_add);
    free(want_none);
    free(out);
    free(inplace);
}

/* Larger strided views through every executor: gather along axis 1 into a transposed output,
 * gather_nd of rows into a padded output, and scatter_elements along the last axis in place on
 * a padded, reversed view. */
static void test_strided_workloads(void** state) {
    (void)state;
    enum { R = 256, C = 512, N = 300, PAD = 3 };
    float* data = malloc(sizeof(float) * R * C);
    int64_t* idx = malloc(sizeof(int64_t) * N);
    float* want = malloc(sizeof(float) * R * N);
    float* out = malloc(sizeof(float) * R * N);
    float* padded = malloc(sizeof(float) * N * (C + PAD));
    float* want_rows = malloc(sizeof(float) * N * C);
    assert_true(data && idx && want && out && padded && want_rows);
    for (int n = 0; n < R * C; ++n) {
        data[n] = (float)n;
    }
    for (int n = 0; n < N; ++n) {
        idx[n] = (int64_t)(next_random() % C);
    }
    /* gather axis 1: output [R, N] stored column-major (strides [1, R]) */
    for (int r = 0; r < R; ++r) {
        for (int n = 0; n < N; ++n) {
            want[(size_t)n * R + r] = data[(size_t)r * C + idx[n]];
        }
    }
    executors e;
    executors_init(&e);
    tix_tensor d = UT_T(data, DT_F32, R, C);
    tix_tensor i = UT_T(idx, DT_I64, N);
    tix_tensor o = ut_tensor(out, DT_F32, 2, UT_DIMS(R, N), UT_DIMS(1, R));
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        tix_options opt = ut_opts();
        opt.executor = executor_at(&e, kind);
        memset(out, 0, sizeof(float) * R * N);
        EXPECT_OK(tix_gather(&d, &i, 1, 0, &o, &opt));
        expect_same_bytes(out, want, sizeof(float) * R * N, kind, "gather transposed");
    }

    /* gather_nd of rows (indices [N, 1] with values < R) into rows padded by PAD */
    for (int n = 0; n < N; ++n) {
        idx[n] = (int64_t)(next_random() % R) - (n % 3 == 0 ? R : 0);
        int64_t r = idx[n] < 0 ? idx[n] + R : idx[n];
        memcpy(want_rows + (size_t)n * C, data + (size_t)r * C, sizeof(float) * C);
    }
    tix_tensor ind = UT_T(idx, DT_I64, N, 1);
    o = ut_tensor(padded, DT_F32, 2, UT_DIMS(N, C), UT_DIMS(C + PAD, 1));
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        tix_options opt = ut_opts();
        opt.executor = executor_at(&e, kind);
        for (size_t n = 0; n < (size_t)N * (C + PAD); ++n) {
            padded[n] = -1.0f;
        }
        EXPECT_OK(tix_gather_nd(&d, &ind, 0, &o, &opt));
        for (int n = 0; n < N; ++n) {
            if (memcmp(padded + (size_t)n * (C + PAD), want_rows + (size_t)n * C,
                       sizeof(float) * C) != 0 ||
                padded[(size_t)n * (C + PAD) + C] != -1.0f) {
                print_error("gather_nd padded with executor %s: row %d differs\n",
                            k_exec_names[kind], n);
                fail();
            }
        }
    }

    /* scatter_elements along axis 1, add, in place on a view reversed along axis 0 and padded:
     * view [R, C] at data + (R - 1) * (C + PAD) with strides [-(C + PAD), 1] in a buffer of
     * R * (C + PAD) floats; indices [R, 64] into the C columns, with duplicates. */
    enum { K = 64 };
    float* buf = malloc(sizeof(float) * R * (C + PAD));
    float* want_buf = malloc(sizeof(float) * R * (C + PAD));
    int32_t* eidx = malloc(sizeof(int32_t) * R * K);
    float* eupd = malloc(sizeof(float) * R * K);
    assert_true(buf && want_buf && eidx && eupd);
    for (int n = 0; n < R * K; ++n) {
        eidx[n] = (int32_t)(next_random() % 16) * 32;
        eupd[n] = (float)(next_random() % 1000) / 8.0f;
    }
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        for (size_t n = 0; n < (size_t)R * (C + PAD); ++n) {
            buf[n] = (float)(n % 97);
        }
        memcpy(want_buf, buf, sizeof(float) * R * (C + PAD));
        for (int r = 0; r < R; ++r) {
            float* row = want_buf + (size_t)(R - 1 - r) * (C + PAD);
            for (int k = 0; k < K; ++k) {
                row[eidx[r * K + k]] = row[eidx[r * K + k]] + eupd[r * K + k];
            }
        }
        tix_tensor v = ut_tensor(buf + (size_t)(R - 1) * (C + PAD), DT_F32, 2, UT_DIMS(R, C),
                                 UT_DIMS(-(C + PAD), 1));
        tix_tensor ei = UT_T(eidx, DT_I32, R, K);
        tix_tensor eu = UT_T(eupd, DT_F32, R, K);
        tix_options opt = ut_opts();
        opt.executor = executor_at(&e, kind);
        opt.reduction = TIX_REDUCTION_ADD;
        EXPECT_OK(tix_scatter_elements(&v, &ei, &eu, 1, &v, &opt));
        expect_same_bytes(buf, want_buf, sizeof(float) * R * (C + PAD), kind,
                          "scatter_elements in place, padded and reversed");
    }
    executors_destroy(&e);
    free(data);
    free(idx);
    free(want);
    free(out);
    free(padded);
    free(want_rows);
    free(buf);
    free(want_buf);
    free(eidx);
    free(eupd);
}

/* Nothing lost and first-error diagnostics hold with every executor. */
static void test_errors_with_executors(void** state) {
    (void)state;
    enum { N = 100000, SLOTS = 4096 };
    int32_t* data = malloc(sizeof(int32_t) * SLOTS);
    int32_t* out = malloc(sizeof(int32_t) * SLOTS);
    int64_t* idx = malloc(sizeof(int64_t) * N);
    int32_t* upd = malloc(sizeof(int32_t) * N);
    int32_t* gout = malloc(sizeof(int32_t) * N);
    assert_true(data && out && idx && upd && gout);
    for (int n = 0; n < SLOTS; ++n) {
        data[n] = n;
    }
    for (int n = 0; n < N; ++n) {
        idx[n] = (int64_t)(next_random() % SLOTS);
        upd[n] = -n;
    }
    idx[N - 1] = SLOTS;
    idx[N / 2] = -SLOTS - 1; /* the first bad index in row-major order */
    executors e;
    executors_init(&e);
    tix_tensor d = UT_T(data, DT_I32, SLOTS);
    tix_tensor i = UT_T(idx, DT_I64, N);
    tix_tensor u = UT_T(upd, DT_I32, N);
    tix_tensor o = UT_T(out, DT_I32, SLOTS);
    tix_tensor go = UT_T(gout, DT_I32, N);
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        tix_diagnostic diag;
        tix_options opt = ut_opts_diag(&diag);
        opt.executor = executor_at(&e, kind);
        for (int r = 0; r < 2; ++r) {
            opt.reduction = r == 0 ? TIX_REDUCTION_NONE : TIX_REDUCTION_ADD;
            memset(out, 0x6B, sizeof(int32_t) * SLOTS);
            EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 0, &o, &opt),
                          TIX_STATUS_INDEX_OUT_OF_RANGE);
            EXPECT_INDEX_DIAG(&diag, N / 2, -SLOTS - 1, NULL, NULL);
            assert_true(ut_all_bytes(out, sizeof(int32_t) * SLOTS, 0x6B));
            EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 0, &d, &opt),
                          TIX_STATUS_INDEX_OUT_OF_RANGE);
            for (int n = 0; n < SLOTS; ++n) {
                if (data[n] != n) {
                    print_error("executor %s: in-place data changed at %d\n", k_exec_names[kind],
                                n);
                    fail();
                }
            }
        }
        opt.reduction = TIX_REDUCTION_NONE;
        EXPECT_STATUS(tix_gather(&d, &i, 0, 0, &go, &opt), TIX_STATUS_INDEX_OUT_OF_RANGE);
        EXPECT_INDEX_DIAG(&diag, N / 2, -SLOTS - 1, NULL, NULL);
    }
    executors_destroy(&e);
    free(data);
    free(out);
    free(idx);
    free(upd);
    free(gout);
}

/* A scatter checks its indices before its first write; with many of them, on the executor, in
 * parts cut along their first dimension. scatter_elements along axis 1 of data [600, 500]
 * int32 with indices [600, 300] (180,000: several parts), the indices also seen through a view
 * flipped along that dimension: all in range, the result of every executor equals the serial
 * one; one bad index in a late row and another (the first in row-major order) in the middle,
 * every executor names the first and leaves the output untouched; the late one alone, every
 * executor finds it (a part far from the first). */
static void test_checks_on_executors(void** state) {
    (void)state;
    enum { R = 600, C = 500, K = 300 };
    int32_t* data = malloc(sizeof(int32_t) * R * C);
    int32_t* out = malloc(sizeof(int32_t) * R * C);
    int32_t* want = malloc(sizeof(int32_t) * R * C);
    int64_t* idx = malloc(sizeof(int64_t) * R * K);
    int32_t* upd = malloc(sizeof(int32_t) * R * K);
    assert_true(data && out && want && idx && upd);
    for (int n = 0; n < R * C; ++n)
        data[n] = n;
    for (int n = 0; n < R * K; ++n) {
        idx[n] = (int64_t)(next_random() % (2 * C)) - C; /* negatives wrap */
        upd[n] = -n;
    }
    executors e;
    executors_init(&e);
    tix_tensor d = UT_T(data, DT_I32, R, C), o = UT_T(out, DT_I32, R, C);
    tix_tensor u = UT_T(upd, DT_I32, R, K);
    const int64_t shape[2] = {R, K}, flipped_strides[2] = {-K, 1};
    const tix_tensor views[2] = {UT_T(idx, DT_I64, R, K),
                                 ut_tensor(idx + (R - 1) * K, DT_I64, 2, shape, flipped_strides)};
    for (int v = 0; v < 2; ++v) {
        tix_options serial = ut_opts();
        EXPECT_OK(tix_scatter_elements(&d, &views[v], &u, 1, &o, &serial));
        memcpy(want, out, sizeof(int32_t) * R * C);
        for (int kind = 1; kind < EXECUTOR_KINDS; ++kind) {
            tix_options opt = ut_opts();
            opt.executor = executor_at(&e, kind);
            memset(out, 0, sizeof(int32_t) * R * C);
            EXPECT_OK(tix_scatter_elements(&d, &views[v], &u, 1, &o, &opt));
            expect_same_bytes(out, want, sizeof(int32_t) * R * C, kind, "checked scatter");
        }
    }
    int64_t late = (R - 3) * K + 7, first = (R / 2) * K + 100;
    idx[late] = C;
    for (int bad = 0; bad < 2; ++bad) {
        if (bad == 1)
            idx[first] = -C - 1;
        for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
            tix_diagnostic diag;
            tix_options opt = ut_opts_diag(&diag);
            opt.executor = executor_at(&e, kind);
            memset(out, 0x6B, sizeof(int32_t) * R * C);
            EXPECT_STATUS(tix_scatter_elements(&d, &views[0], &u, 1, &o, &opt),
                          TIX_STATUS_INDEX_OUT_OF_RANGE);
            if (bad == 1) {
                EXPECT_INDEX_DIAG(&diag, first, -C - 1, NULL, NULL);
            } else {
                EXPECT_INDEX_DIAG(&diag, late, C, NULL, NULL);
            }
            assert_true(ut_all_bytes(out, sizeof(int32_t) * R * C, 0x6B));
            /* flipped, the late row comes first */
            EXPECT_STATUS(tix_scatter_elements(&d, &views[1], &u, 1, &o, &opt),
                          TIX_STATUS_INDEX_OUT_OF_RANGE);
            EXPECT_INDEX_DIAG(&diag, 2 * K + 7, C, NULL, NULL);
            assert_true(ut_all_bytes(out, sizeof(int32_t) * R * C, 0x6B));
        }
    }
    executors_destroy(&e);
    free(data);
    free(out);
    free(want);
    free(idx);
    free(upd);
}

/* ---------------------------------------------------------------------------------------------
 * Scatters whose updates may all reach one element, with a reduction that comes out the same
 * however the updates are grouped (integers wrap; min and max keep the first winner, a NaN
 * included): the library reduces them in groups, in parallel. Every executor must give the bits
 * of applying the updates one at a time: the serial call, and a plain loop for int32 add and
 * float32 max.
 */
enum { GROUPED_SLOTS = 1000, GROUPED_ROWS = 401, GROUPED_COLS = 496, GROUPED_PITCH = 499 };
enum { GROUPED_N = GROUPED_ROWS * GROUPED_COLS };

typedef struct grouped_case {
    tix_dtype dtype;
    tix_reduction reduction;
    bool exclude_self;
    /* scatter_nd with indices [ROWS, COLS, 1] and rows of updates PITCH apart (the loop keeps
     * its rows, not a multiple of the groups), else scatter_elements along axis 0 (one row,
     * cut up) */
    bool nd;
    tix_out_of_range out_of_range;
} grouped_case;

/* Random bits; for floats, mostly small whole numbers and zeros of either sign, so that min and
 * max meet ties between -0 and +0 as well as NaNs and infinities. */
static void grouped_values(unsigned char* v, int64_t n, tix_dtype dtype) {
    size_t size = tix_dtype_size(dtype);
    for (int64_t k = 0; k < n; ++k) {
        uint64_t bits = next_random();
        uint64_t r = next_random();
        if (dtype == DT_F32 && r % 8 != 0) {
            float f = (float)(int)(r % 41) - 20.0f;
            f = f == 0.0f && (r & 64) ? -0.0f : f;
            memcpy(&bits, &f, sizeof f);
        } else if (dtype == DT_F64 && r % 8 != 0) {
            double f = (double)(int)(r % 41) - 20.0;
            f = f == 0.0 && (r & 64) ? -0.0 : f;
            memcpy(&bits, &f, sizeof f);
        }
        memcpy(v + k * (int64_t)size, &bits, size); /* (little-endian: the low bytes) */
    }
}

static void run_grouped_case(const executors* e, const grouped_case* c, const int64_t* idx,
                             const unsigned char* upd, const unsigned char* data,
                             unsigned char* want, unsigned char* out, const void* expected) {
    size_t bytes = tix_dtype_size(c->dtype) * GROUPED_SLOTS;
    tix_tensor d = UT_T((void*)data, c->dtype, GROUPED_SLOTS);
    tix_tensor ie = UT_T((void*)idx, DT_I64, GROUPED_N);
    tix_tensor in = UT_T((void*)idx, DT_I64, GROUPED_ROWS, GROUPED_COLS, 1);
    tix_tensor ue = UT_T((void*)upd, c->dtype, GROUPED_N);
    tix_tensor un = ut_tensor((void*)upd, c->dtype, 2, UT_DIMS(GROUPED_ROWS, GROUPED_COLS),
                              UT_DIMS(GROUPED_PITCH, 1));
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        unsigned char* result = kind == 0 ? want : out;
        tix_tensor o = UT_T(result, c->dtype, GROUPED_SLOTS);
        tix_options opt = ut_opts();
        opt.executor = executor_at(e, kind);
        opt.reduction = c->reduction;
        opt.exclude_self = c->exclude_self;
        opt.out_of_range = c->out_of_range;
        memset(result, 0x5C, bytes);
        EXPECT_OK(c->nd ? tix_scatter_nd(&d, &in, &un, 0, &o, &opt)
                        : tix_scatter_elements(&d, &ie, &ue, 0, &o, &opt));
        if (kind == 0 && expected != NULL) {
            expect_same_bytes(want, expected, bytes, kind, tix_dtype_name(c->dtype));
        } else if (kind > 0) {
            expect_same_bytes(out, want, bytes, kind, tix_dtype_name(c->dtype));
        }
    }
}

static void test_scatter_groups_exact(void** state) {
    (void)state;
    static const grouped_case cases[] = {
        {DT_I32, TIX_REDUCTION_ADD, false, false, TIX_OUT_OF_RANGE_ERROR},
        {DT_F32, TIX_REDUCTION_MAX, false, false, TIX_OUT_OF_RANGE_ERROR},
        {DT_I8, TIX_REDUCTION_ADD, false, false, TIX_OUT_OF_RANGE_ERROR},
        {DT_U8, TIX_REDUCTION_SUB, false, true, TIX_OUT_OF_RANGE_ERROR},
        {DT_I16, TIX_REDUCTION_MUL, false, false, TIX_OUT_OF_RANGE_ERROR},
        {DT_U16, TIX_REDUCTION_MIN, false, false, TIX_OUT_OF_RANGE_ERROR},
        {DT_I32, TIX_REDUCTION_SUB, false, false, TIX_OUT_OF_RANGE_ERROR},
        {DT_I32, TIX_REDUCTION_MAX, true, false, TIX_OUT_OF_RANGE_ERROR},
        {DT_U32, TIX_REDUCTION_MUL, false, true, TIX_OUT_OF_RANGE_ERROR},
        {DT_I64, TIX_REDUCTION_ADD, false, true, TIX_OUT_OF_RANGE_IGNORE},
        {DT_I64, TIX_REDUCTION_MIN, false, false, TIX_OUT_OF_RANGE_CLAMP},
        {DT_U64, TIX_REDUCTION_MAX, false, false, TIX_OUT_OF_RANGE_ERROR},
        {DT_F32, TIX_REDUCTION_MIN, false, true, TIX_OUT_OF_RANGE_ERROR},
        {DT_F32, TIX_REDUCTION_MIN, true, false, TIX_OUT_OF_RANGE_ERROR},
        {DT_F64, TIX_REDUCTION_MAX, false, false, TIX_OUT_OF_RANGE_IGNORE},
        {DT_F16, TIX_REDUCTION_MIN, false, false, TIX_OUT_OF_RANGE_ERROR},
        {DT_BF16, TIX_REDUCTION_MAX, false, true, TIX_OUT_OF_RANGE_ERROR},
    };
    int64_t* idx = malloc(sizeof(int64_t) * GROUPED_N);
    unsigned char* upd = malloc(8 * GROUPED_ROWS * GROUPED_PITCH);
    unsigned char* data = malloc(8 * GROUPED_SLOTS);
    unsigned char* want = malloc(8 * GROUPED_SLOTS);
    unsigned char* out = malloc(8 * GROUPED_SLOTS);
    unsigned char* plain = malloc(8 * GROUPED_SLOTS); /* the plain loop's result */
    assert_true(idx && upd && data && want && out && plain);
    executors e;
    executors_init(&e);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        const grouped_case* c = &cases[k];
        bool ruled = c->out_of_range != TIX_OUT_OF_RANGE_ERROR;
        for (int64_t n = 0; n < GROUPED_N; ++n) { /* negative ones wrap; out of range: ruled */
            int64_t span = ruled && n % 50 == 0 ? 3 * GROUPED_SLOTS : 2 * GROUPED_SLOTS;
            idx[n] = (int64_t)(next_random() % (uint64_t)span) - GROUPED_SLOTS;
        }
        grouped_values(upd, GROUPED_ROWS * GROUPED_PITCH, c->dtype);
        grouped_values(data, GROUPED_SLOTS, c->dtype);
        if (k == 0) { /* int32 add, wrapping */
            uint32_t* sum = (uint32_t*)plain;
            memcpy(sum, data, sizeof(int32_t) * GROUPED_SLOTS);
            for (int64_t n = 0; n < GROUPED_N; ++n) {
                uint32_t u;
                memcpy(&u, upd + n * 4, sizeof u);
                sum[(idx[n] + GROUPED_SLOTS) % GROUPED_SLOTS] += u;
            }
        } else if (k == 1) { /* float32 max: a NaN stays, a NaN update replaces, ties keep */
            float* top = (float*)plain;
            memcpy(top, data, sizeof(float) * GROUPED_SLOTS);
            for (int64_t n = 0; n < GROUPED_N; ++n) {
                float u;
                memcpy(&u, upd + n * 4, sizeof u);
                float* t = &top[(idx[n] + GROUPED_SLOTS) % GROUPED_SLOTS];
                if (!isnan(*t) && (isnan(u) || u > *t)) *t = u;
            }
        }
        run_grouped_case(&e, c, idx, upd, data, want, out, k < 2 ? plain : NULL);
    }
    executors_destroy(&e);
    free(idx);
    free(upd);
    free(data);
    free(want);
    free(out);
    free(plain);
}

/* ---------------------------------------------------------------------------------------------
 * TIX_ACCUMULATE_CHUNKED (tix.h): float sums in k = min(8, u / (16 n)) chunks of the updates in
 * row-major order, chunk 0 applied to the output, each later chunk summed from -0 (sub: from -0
 * minus each update) and added to the output in chunk order where its sum is not still -0. The
 * bits depend on the shapes alone: every executor gives the plain loop's.
 */
enum { CHUNKED_SLOTS = 1000, CHUNKED_REACHED = 900 }; /* updates reach slots [0, 900) only */

/* The chunked sum as tix.h defines it, one position at a time: dest[p] is the output element of
 * update p (or -1: dropped), value[p] its value, negated for sub. */
static void chunked_plain(double* out, const int64_t* dest, const double* value, int64_t u,
                          int64_t n, bool single) {
    int64_t k = u / 16 / n < 8 ? u / 16 / n : 8;
    double* sum = malloc(sizeof(double) * (size_t)n);
    assert_non_null(sum);
    for (int64_t c = 0, first = 0; c < (k < 2 ? 1 : k); c++) {
        int64_t count = k < 2 ? u : u / k + (c < u % k ? 1 : 0);
        for (int64_t e = 0; e < n; e++)
            sum[e] = c == 0 ? out[e] : -0.0;
        for (int64_t p = first; p < first + count; p++) {
            if (dest[p] < 0) continue;
            if (single) sum[dest[p]] = (float)((float)sum[dest[p]] + (float)value[p]);
            else sum[dest[p]] += value[p];
        }
        for (int64_t e = 0; e < n; e++) {
            bool left = sum[e] == 0.0 && signbit(sum[e]);
            if (c == 0) out[e] = sum[e];
            else if (!left) out[e] = single ? (float)((float)out[e] + (float)sum[e]) : out[e] + sum[e];
        }
        first += count;
    }
    free(sum);
}

/* Update values of many magnitudes, so that the order of the sums shows in their bits. */
static double chunked_value(void) {
    uint64_t r = next_random();
    return ldexp((double)(int32_t)(r >> 40), -(int)(r % 24));
}

static void test_scatter_chunked(void** state) {
    (void)state;
    enum { ROWS = 401, COLS = 496, PITCH = 499, N = ROWS * COLS };
    enum { SLICES = 10007, WIDTH = 20 }; /* scatter_nd of rows of 20: u = 200,140, k = 8 */
    int64_t* idx = malloc(sizeof(int64_t) * N);
    int64_t* dest = malloc(sizeof(int64_t) * SLICES * WIDTH);
    double* value = malloc(sizeof(double) * SLICES * WIDTH);
    float* upd32 = calloc((size_t)ROWS * PITCH, sizeof(float)); /* (its gaps read below) */
    double* upd64 = malloc(sizeof(double) * SLICES * WIDTH);
    float data32[CHUNKED_SLOTS], want32[CHUNKED_SLOTS], in_order[CHUNKED_SLOTS];
    float out32[2 * CHUNKED_SLOTS], padded[2 * CHUNKED_SLOTS];
    double data64[CHUNKED_SLOTS], want64[CHUNKED_SLOTS], out64[CHUNKED_SLOTS];
    double plain[CHUNKED_SLOTS];
    assert_true(idx && dest && value && upd32 && upd64);
    executors e;
    executors_init(&e);

    /* float32 add, scatter_nd of single elements from updates [401, 496] 499 apart: the chunks
     * (24,862 updates) end inside rows of the loop. Slots no update reaches keep their bits:
     * a NaN with a payload, -0. */
    for (int k = 0; k < CHUNKED_SLOTS; k++) {
        data32[k] = k % 7 == 0 ? -0.0f : (float)chunked_value();
        plain[k] = data32[k];
    }
    uint32_t payload = 0x7fa00001u;
    memcpy(&data32[CHUNKED_REACHED + 1], &payload, sizeof payload);
    plain[CHUNKED_REACHED + 1] = 0.0; /* (not compared: checked by bits below) */
    for (int64_t p = 0; p < N; p++) {
        idx[p] = (int64_t)(next_random() % CHUNKED_REACHED);
        float v = (float)chunked_value();
        upd32[p / COLS * PITCH + p % COLS] = v;
        dest[p] = idx[p];
        value[p] = v;
    }
    chunked_plain(plain, dest, value, N, CHUNKED_SLOTS, true);
    tix_tensor d = UT_T(data32, DT_F32, CHUNKED_SLOTS);
    tix_tensor i = UT_T(idx, DT_I64, ROWS, COLS, 1);
    tix_tensor u = ut_tensor(upd32, DT_F32, 2, UT_DIMS(ROWS, COLS), UT_DIMS(PITCH, 1));
    tix_tensor o = UT_T(in_order, DT_F32, CHUNKED_SLOTS);
    tix_options opt = ut_opts();
    opt.reduction = TIX_REDUCTION_ADD;
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
    opt.accumulation = TIX_ACCUMULATE_CHUNKED;
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        float* result = kind == 0 ? want32 : out32;
        o = UT_T(result, DT_F32, CHUNKED_SLOTS);
        opt.executor = executor_at(&e, kind);
        EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
        expect_same_bytes(result, want32, sizeof want32, kind, "float32 add, chunked");
    }
    for (int k = 0; k < CHUNKED_SLOTS; k++) {
        if (k != CHUNKED_REACHED + 1) assert_true((float)plain[k] == want32[k] &&
                                                  !signbit(plain[k]) == !signbit(want32[k]));
    }
    assert_memory_equal(&want32[CHUNKED_REACHED + 1], &payload, sizeof payload);
    assert_true(memcmp(want32, in_order, sizeof want32) != 0); /* the chunks showed */

    /* The same into a strided output (every other element of a buffer, summed in a dense copy
     * and copied back; the gaps untouched) and in place. */
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        memset(padded, 0x5C, sizeof padded);
        o = ut_tensor(padded, DT_F32, 1, UT_DIMS(CHUNKED_SLOTS), UT_DIMS(2));
        opt.executor = executor_at(&e, kind);
        EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
        for (int k = 0; k < CHUNKED_SLOTS; k++) {
            assert_memory_equal(&padded[2 * k], &want32[k], sizeof(float));
            assert_int_equal(((unsigned char*)&padded[2 * k + 1])[0], 0x5C);
        }
        memcpy(out32, data32, sizeof data32);
        tix_tensor self = UT_T(out32, DT_F32, CHUNKED_SLOTS);
        EXPECT_OK(tix_scatter_nd(&self, &i, &u, 0, &self, &opt));
        expect_same_bytes(out32, want32, sizeof want32, kind, "float32 add, chunked, in place");
    }

    /* float64 sub, scatter_nd of rows of 20 (a tuple per row): chunks of 25,017 or 25,018
     * elements end inside slices. */
    for (int k = 0; k < CHUNKED_SLOTS; k++)
        plain[k] = data64[k] = chunked_value();
    for (int64_t r = 0; r < SLICES; r++) {
        idx[r] = (int64_t)(next_random() % (CHUNKED_SLOTS / WIDTH));
        for (int64_t c = 0; c < WIDTH; c++) {
            upd64[r * WIDTH + c] = chunked_value();
            dest[r * WIDTH + c] = idx[r] * WIDTH + c;
            value[r * WIDTH + c] = -upd64[r * WIDTH + c];
        }
    }
    chunked_plain(plain, dest, value, SLICES * WIDTH, CHUNKED_SLOTS, false);
    d = UT_T(data64, DT_F64, CHUNKED_SLOTS / WIDTH, WIDTH);
    i = UT_T(idx, DT_I64, SLICES, 1);
    u = UT_T(upd64, DT_F64, SLICES, WIDTH);
    opt.reduction = TIX_REDUCTION_SUB;
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        double* result = kind == 0 ? want64 : out64;
        o = UT_T(result, DT_F64, CHUNKED_SLOTS / WIDTH, WIDTH);
        opt.executor = executor_at(&e, kind);
        EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, &opt));
        expect_same_bytes(result, kind == 0 ? plain : want64, sizeof want64, kind,
                          "float64 sub, chunked");
    }

    /* Fewer than 32 updates per output element: one chunk, the default order. */
    d = UT_T(data32, DT_F32, CHUNKED_SLOTS);
    tix_tensor few = UT_T(idx, DT_I64, 31 * CHUNKED_SLOTS);
    tix_tensor few_updates = UT_T(upd32, DT_F32, 31 * CHUNKED_SLOTS);
    for (int64_t p = 0; p < 31 * CHUNKED_SLOTS; p++)
        idx[p] = (int64_t)(next_random() % CHUNKED_SLOTS);
    opt.reduction = TIX_REDUCTION_ADD;
    opt.executor = executor_at(&e, 3);
    o = UT_T(out32, DT_F32, CHUNKED_SLOTS);
    EXPECT_OK(tix_scatter_elements(&d, &few, &few_updates, 0, &o, &opt));
    opt.accumulation = TIX_ACCUMULATE_IN_ORDER;
    o = UT_T(in_order, DT_F32, CHUNKED_SLOTS);
    EXPECT_OK(tix_scatter_elements(&d, &few, &few_updates, 0, &o, &opt));
    assert_memory_equal(out32, in_order, sizeof in_order);

    executors_destroy(&e);
    free(idx);
    free(dest);
    free(value);
    free(upd32);
    free(upd64);
}

/* Where the chunks end: 33 updates into one element make 2 chunks, the first of 17. Chunk 0
 * takes 2^24 and then 1, which rounds away; chunk 1 sums to -2^24: 0. Cut after 16 updates,
 * chunk 1 would sum to 1 - 2^24, exactly, and the result would be 1. */
static void test_scatter_chunk_bounds(void** state) {
    (void)state;
    float data[1] = {0.0f}, upd[33] = {[0] = 16777216.0f, [16] = 1.0f, [17] = -16777216.0f};
    int64_t idx[33] = {0};
    executors e;
    executors_init(&e);
    tix_tensor d = UT_T(data, DT_F32, 1), i = UT_T(idx, DT_I64, 33), u = UT_T(upd, DT_F32, 33);
    for (int kind = 0; kind < EXECUTOR_KINDS; ++kind) {
        float out[1] = {-1.0f};
        tix_tensor o = UT_T(out, DT_F32, 1);
        tix_options opt = ut_opts();
        opt.reduction = TIX_REDUCTION_ADD;
        opt.accumulation = TIX_ACCUMULATE_CHUNKED;
        opt.executor = executor_at(&e, kind);
        EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &opt));
        assert_true(out[0] == 0.0f);
    }
    executors_destroy(&e);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gather_rows),
        cmocka_unit_test(test_tiles_of_shared_rows),
        cmocka_unit_test(test_gather_elements_axis0),
        cmocka_unit_test(test_scatter_elements_add_order),
        cmocka_unit_test(test_scatter_rows_order),
        cmocka_unit_test(test_strided_workloads),
        cmocka_unit_test(test_errors_with_executors),
        cmocka_unit_test(test_checks_on_executors),
        cmocka_unit_test(test_scatter_groups_exact),
        cmocka_unit_test(test_scatter_chunked),
        cmocka_unit_test(test_scatter_chunk_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
