/* Many threads calling tix at once (docs/TESTING.md, "hostile" tier; run under ThreadSanitizer by
 * `make tsan`): eight callers share read-only inputs and one pool, and each also runs through a
 * pool of its own (created and destroyed while the others work) and serially. Every call, all
 * six operations with reductions whose result depends on the order of updates, in place and
 * failing calls with diagnostics among them, must give the bytes and statuses of the same calls
 * made one at a time before the threads start. The tensors are large enough for the library to
 * hand the work to the pool. */
#include <pthread.h>

#include "hostile.h"

enum {
    ROWS = 256,
    COLS = 96,
    PICKS = 300, /* gather/scatter indices; outputs of PICKS x COLS elements */
    CALLERS = 8,
    ROUNDS = 4
};

/* Shared inputs, written once before the threads start. */
static float data[ROWS * COLS];
static int64_t picks[PICKS];             /* into ROWS, some negative, many duplicates */
static int32_t element_idx[ROWS * COLS]; /* gather/scatter_elements along axis 0 */
static float updates[PICKS * COLS];
static float element_updates[ROWS * COLS];
static int64_t bad_picks[PICKS]; /* picks with one index out of range at position 257 */

typedef struct results {
    float gather[PICKS * COLS];
    float scatter[ROWS * COLS]; /* add: order-dependent float sums */
    float gather_elements[ROWS * COLS];
    float scatter_elements[ROWS * COLS]; /* mean */
    float gather_nd[PICKS * COLS];
    float scatter_nd[ROWS * COLS]; /* max */
    float in_place[ROWS * COLS];   /* scatter_elements with mul, in place on a copy */
    tix_status statuses[8];
    char message[TIX_MESSAGE_CAPACITY]; /* of the failing call */
} results;

static void make_inputs(void) {
    for (int i = 0; i < ROWS * COLS; i++) {
        data[i] = (float)((i * 37) % 1013) * 0.125f - 60.0f;
        element_idx[i] = (int32_t)((i * 7 + i / COLS) % ROWS);
        element_updates[i] = (float)(i % 89) * 0.3f + 0.1f;
    }
    for (int i = 0; i < PICKS; i++) {
        picks[i] = (i * 131) % 40 - (i % 4 == 0 ? 40 : 0); /* rows 0..39, heavy duplicates */
        bad_picks[i] = picks[i];
    }
    bad_picks[257] = ROWS + 3;
    for (int i = 0; i < PICKS * COLS; i++)
        updates[i] = (float)((i * 13) % 101) * 0.7f - 30.0f;
}

static void run_all(const tix_executor* executor, results* r) {
    tix_options o = ut_opts();
    o.executor = executor;
    tix_tensor d = UT_T(data, DT_F32, ROWS, COLS);
    tix_tensor p = UT_T(picks, DT_I64, PICKS);
    tix_tensor p_nd = UT_T(picks, DT_I64, PICKS, 1);
    tix_tensor e = UT_T(element_idx, DT_I32, ROWS, COLS);
    tix_tensor u = UT_T(updates, DT_F32, PICKS, COLS);
    tix_tensor eu = UT_T(element_updates, DT_F32, ROWS, COLS);
    tix_tensor picked = UT_T(r->gather, DT_F32, PICKS, COLS);
    tix_tensor full = UT_T(r->scatter, DT_F32, ROWS, COLS);
    int n = 0;
    r->statuses[n++] = tix_gather(&d, &p, 0, 0, &picked, &o);
    o.reduction = TIX_REDUCTION_ADD;
    r->statuses[n++] = tix_scatter(&d, &p, &u, 0, 0, &full, &o);
    o.reduction = TIX_REDUCTION_NONE;
    full.data = r->gather_elements;
    r->statuses[n++] = tix_gather_elements(&d, &e, 0, &full, &o);
    o.reduction = TIX_REDUCTION_MEAN;
    full.data = r->scatter_elements;
    r->statuses[n++] = tix_scatter_elements(&d, &e, &eu, 0, &full, &o);
    o.reduction = TIX_REDUCTION_NONE;
    picked.data = r->gather_nd;
    r->statuses[n++] = tix_gather_nd(&d, &p_nd, 0, &picked, &o);
    o.reduction = TIX_REDUCTION_MAX;
    full.data = r->scatter_nd;
    r->statuses[n++] = tix_scatter_nd(&d, &p_nd, &u, 0, &full, &o);
    /* in place on the caller's own copy */
    memcpy(r->in_place, data, sizeof data);
    tix_tensor own = UT_T(r->in_place, DT_F32, ROWS, COLS);
    o.reduction = TIX_REDUCTION_MUL;
    r->statuses[n++] = tix_scatter_elements(&own, &e, &eu, 0, &own, &o);
    /* a failing scatter into the scatter result: nothing written, the diagnostic explains */
    tix_diagnostic diag;
    o.diagnostic = &diag;
    o.reduction = TIX_REDUCTION_ADD;
    tix_tensor bad = UT_T(bad_picks, DT_I64, PICKS);
    full.data = r->scatter;
    r->statuses[n++] = tix_scatter(&d, &bad, &u, 0, 0, &full, &o);
    memcpy(r->message, diag.message, sizeof r->message);
}

static results serial;

typedef struct caller {
    int id;
    const tix_executor* shared;
    results* rounds; /* ROUNDS x 3: shared pool, own pool, serial */
    bool own_pool_failed;
} caller;

static void* call(void* argument) {
    caller* c = argument;
    for (int round = 0; round < ROUNDS; round++) {
        run_all(c->shared, &c->rounds[3 * round]);
        tix_threadpool* own = tix_threadpool_create((size_t)(1 + (c->id + round) % 3));
        if (own == NULL) {
            c->own_pool_failed = true;
        } else {
            tix_executor executor = tix_threadpool_executor(own);
            run_all(&executor, &c->rounds[3 * round + 1]);
            tix_threadpool_destroy(own);
        }
        run_all(NULL, &c->rounds[3 * round + 2]);
    }
    return NULL;
}

static void expect_same(const results* got, const char* what, int id, int round) {
    if (memcmp(got->statuses, serial.statuses, sizeof serial.statuses) != 0 ||
        memcmp(got->gather, serial.gather, sizeof serial.gather) != 0 ||
        memcmp(got->scatter, serial.scatter, sizeof serial.scatter) != 0 ||
        memcmp(got->gather_elements, serial.gather_elements, sizeof serial.gather_elements) != 0 ||
        memcmp(got->scatter_elements, serial.scatter_elements, sizeof serial.scatter_elements) !=
            0 ||
        memcmp(got->gather_nd, serial.gather_nd, sizeof serial.gather_nd) != 0 ||
        memcmp(got->scatter_nd, serial.scatter_nd, sizeof serial.scatter_nd) != 0 ||
        memcmp(got->in_place, serial.in_place, sizeof serial.in_place) != 0 ||
        strcmp(got->message, serial.message) != 0) {
        fail_msg("caller %d, round %d, %s: results differ from the serial calls", id, round, what);
    }
}

static void run_callers(size_t pool_threads) {
    tix_threadpool* pool = tix_threadpool_create(pool_threads);
    assert_non_null(pool);
    tix_executor shared = tix_threadpool_executor(pool);
    caller callers[CALLERS];
    pthread_t threads[CALLERS];
    for (int i = 0; i < CALLERS; i++) {
        callers[i].id = i;
        callers[i].shared = &shared;
        callers[i].own_pool_failed = false;
        callers[i].rounds = calloc(3 * ROUNDS, sizeof(results));
        assert_non_null(callers[i].rounds);
        assert_int_equal(pthread_create(&threads[i], NULL, call, &callers[i]), 0);
    }
    for (int i = 0; i < CALLERS; i++) {
        assert_int_equal(pthread_join(threads[i], NULL), 0);
        assert_false(callers[i].own_pool_failed);
        for (int round = 0; round < ROUNDS; round++) {
            expect_same(&callers[i].rounds[3 * round], "shared pool", i, round);
            expect_same(&callers[i].rounds[3 * round + 1], "own pool", i, round);
            expect_same(&callers[i].rounds[3 * round + 2], "serial", i, round);
        }
        free(callers[i].rounds);
    }
    tix_threadpool_destroy(pool);
}

static int setup(void** state) {
    (void)state;
    make_inputs();
    run_all(NULL, &serial);
    return 0;
}

/* The serial results themselves: every call succeeded but the bad one, whose diagnostic names
 * the index; the failed scatter left the add result intact (checked against a fresh call). */
static void test_serial_results(void** state) {
    (void)state;
    for (int k = 0; k < 7; k++)
        assert_int_equal(serial.statuses[k], TIX_STATUS_OK);
    assert_int_equal(serial.statuses[7], TIX_STATUS_INDEX_OUT_OF_RANGE);
    assert_string_equal(serial.message,
                        "indices[257] = 259 is outside [-256, 255] for axis 0 of data with "
                        "shape [256, 96]");
    static results again;
    run_all(NULL, &again);
    assert_memory_equal(again.scatter, serial.scatter, sizeof serial.scatter);
    static float add_only[ROWS * COLS];
    tix_tensor d = UT_T(data, DT_F32, ROWS, COLS), p = UT_T(picks, DT_I64, PICKS);
    tix_tensor u = UT_T(updates, DT_F32, PICKS, COLS), out = UT_T(add_only, DT_F32, ROWS, COLS);
    tix_options add = ut_opts();
    add.reduction = TIX_REDUCTION_ADD;
    EXPECT_OK(tix_scatter(&d, &p, &u, 0, 0, &out, &add));
    assert_memory_equal(add_only, serial.scatter, sizeof add_only);
    /* spot checks of the values: gather row 0 is data's row picks[0] = -40, that is 216 */
    assert_memory_equal(serial.gather, data + 216 * COLS, COLS * sizeof(float));
    /* picks[1] = 131 % 40 = 11 */
    assert_memory_equal(serial.gather + COLS, data + 11 * COLS, COLS * sizeof(float));
    assert_memory_equal(serial.gather_nd, serial.gather, sizeof serial.gather);
}

static void test_callers_share_a_pool_of_three(void** state) {
    (void)state;
    run_callers(3);
}

static void test_callers_share_a_pool_of_one(void** state) {
    (void)state;
    run_callers(1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_serial_results),
        cmocka_unit_test(test_callers_share_a_pool_of_three),
        cmocka_unit_test(test_callers_share_a_pool_of_one),
    };
    /* TIX_TEST_FILTER=test_name (a pattern with * and ?) runs only the matching tests */
    if (getenv("TIX_TEST_FILTER") != NULL)
        cmocka_set_test_filter(getenv("TIX_TEST_FILTER"));
    return cmocka_run_group_tests(tests, setup, NULL);
}
