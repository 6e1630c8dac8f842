/* The built-in pool: the parallel_for contract, its shares (each thread its own tiles, the others'
 * taken over when it is held back), bitwise-equal results with any thread count, and many
 * callers sharing one pool. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <time.h>
#include <tix.h>

typedef struct coverage {
    size_t range, tile;
    atomic_int* visits;
    atomic_int misaligned;
} coverage;

static void visit(void* context, size_t begin, size_t count) {
    coverage* c = context;
    size_t expected = c->range - begin < c->tile ? c->range - begin : c->tile;
    if (begin % c->tile != 0 || count != expected) atomic_fetch_add(&c->misaligned, 1);
    for (size_t i = begin; i < begin + count; i++) atomic_fetch_add(&c->visits[i], 1);
}

static void test_tiles_cover_the_range_once(void** state) {
    (void)state;
    const size_t threads[] = {1, 2, 3, 7};
    const size_t ranges[] = {1, 5, 100, 1001};
    const size_t tiles[] = {1, 3, 64, 5000};
    for (size_t p = 0; p < 4; p++) {
        tix_threadpool* pool = tix_threadpool_create(threads[p]);
        assert_non_null(pool);
        assert_int_equal(tix_threadpool_threads(pool), threads[p]);
        for (size_t r = 0; r < 4; r++) {
            for (size_t t = 0; t < 4; t++) {
                coverage c = {ranges[r], tiles[t], calloc(ranges[r], sizeof(atomic_int)), 0};
                tix_threadpool_parallel_for(pool, visit, &c, c.range, c.tile);
                for (size_t i = 0; i < c.range; i++) assert_int_equal(atomic_load(&c.visits[i]), 1);
                assert_int_equal(atomic_load(&c.misaligned), 0);
                free(c.visits);
            }
        }
        tix_threadpool_destroy(pool);
    }
}

/* Seconds on `clock`: CLOCK_MONOTONIC for the time, CLOCK_PROCESS_CPUTIME_ID for the CPU time. */
static double seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Yields until *counter reaches `target`; false after 10 s (a failure, not a hang). */
static bool wait_until(atomic_size_t* counter, size_t target) {
    double start = seconds(CLOCK_MONOTONIC);
    while (atomic_load(counter) < target) {
        if (seconds(CLOCK_MONOTONIC) - start > 10) return false;
        sched_yield();
    }
    return true;
}

/* As many tiles as threads, each task waiting until every thread has started one: each
 * thread can only run a tile of its own share. */
enum { PLACED_THREADS = 3 };
typedef struct placement {
    atomic_size_t started;
    atomic_int timed_out;
    pthread_t ran[PLACED_THREADS];
} placement;

static void wait_for_all(void* context, size_t begin, size_t count) {
    placement* p = context;
    (void)count; /* (tiles of 1) */
    p->ran[begin] = pthread_self();
    atomic_fetch_add(&p->started, 1);
    if (!wait_until(&p->started, PLACED_THREADS)) atomic_store(&p->timed_out, 1);
}

/* The same tile on the same thread in every call (each thread's share is its own), tiles on
 * different threads; with one shared counter the two workers would take tiles 1 and 2 in
 * either order. */
static void test_each_thread_keeps_its_share(void** state) {
    (void)state;
    tix_threadpool* pool = tix_threadpool_create(PLACED_THREADS);
    assert_non_null(pool);
    pthread_t first[PLACED_THREADS];
    for (int call = 0; call < 20; call++) {
        placement p = {0};
        tix_threadpool_parallel_for(pool, wait_for_all, &p, PLACED_THREADS, 1);
        assert_int_equal(atomic_load(&p.timed_out), 0);
        for (int t = 0; t < PLACED_THREADS; t++) {
            if (call == 0) {
                first[t] = p.ran[t];
                for (int u = 0; u < t; u++) assert_false(pthread_equal(first[u], first[t]));
            } else if (!pthread_equal(p.ran[t], first[t])) {
                fail_msg("call %d: tile %d ran on another thread than in the first call", call, t);
            }
        }
    }
    /* the caller runs the last share */
    placement p = {0};
    tix_threadpool_parallel_for(pool, wait_for_all, &p, PLACED_THREADS, 1);
    assert_true(pthread_equal(p.ran[PLACED_THREADS - 1], pthread_self()));
    tix_threadpool_destroy(pool);
}

/* A worker held back inside its first tile until the caller has run more tiles than its own
 * share: the caller must take over the worker's share. */
enum { HELD_RANGE = 100 };
typedef struct holdup {
    pthread_t caller;
    atomic_size_t by_caller;
    atomic_int timed_out;
    atomic_int visits[HELD_RANGE];
} holdup;

static void hold_the_worker(void* context, size_t begin, size_t count) {
    holdup* h = context;
    for (size_t i = begin; i < begin + count; i++) atomic_fetch_add(&h->visits[i], 1);
    if (pthread_equal(pthread_self(), h->caller)) {
        atomic_fetch_add(&h->by_caller, count);
    } else if (!wait_until(&h->by_caller, HELD_RANGE / 2 + 1)) {
        atomic_store(&h->timed_out, 1);
    }
}

static void test_a_held_thread_is_taken_over(void** state) {
    (void)state;
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    holdup* h = calloc(1, sizeof *h);
    assert_non_null(h);
    h->caller = pthread_self();
    tix_threadpool_parallel_for(pool, hold_the_worker, h, HELD_RANGE, 1);
    assert_int_equal(atomic_load(&h->timed_out), 0);
    assert_true(atomic_load(&h->by_caller) > HELD_RANGE / 2);
    for (int i = 0; i < HELD_RANGE; i++) assert_int_equal(atomic_load(&h->visits[i]), 1);
    free(h);
    tix_threadpool_destroy(pool);
}

static void pause_for(double s) {
    struct timespec t = {0, (long)(s * 1e9)};
    while (nanosleep(&t, &t) != 0) continue;
}

typedef struct slow_worker {
    pthread_t caller;
    atomic_int visits[2];
} slow_worker;

static void hold_a_worker_5_ms(void* context, size_t begin, size_t count) {
    slow_worker* w = context;
    for (size_t i = begin; i < begin + count; i++) atomic_fetch_add(&w->visits[i], 1);
    if (!pthread_equal(pthread_self(), w->caller)) pause_for(0.005);
}

/* Workers spin a while for the next job, then sleep; the caller likewise for its workers. A job
 * whose worker outlasts the caller's spin (the caller then sleeps and must be woken), jobs back
 * to back (the workers still spinning) and a job after a pause (the workers asleep) all cover
 * their range; and an idle pool takes next to no CPU time. */
static void test_spinning_and_sleeping_threads(void** state) {
    (void)state;
    tix_threadpool* pool = tix_threadpool_create(3);
    assert_non_null(pool);
    for (int call = 0; call < 3; call++) {
        slow_worker w = {.caller = pthread_self()};
        tix_threadpool_parallel_for(pool, hold_a_worker_5_ms, &w, 2, 1);
        assert_int_equal(atomic_load(&w.visits[0]), 1);
        assert_int_equal(atomic_load(&w.visits[1]), 1);
    }
    enum { RANGE = 64 };
    for (int call = 0; call < 200; call++) {
        if (call == 100) pause_for(0.02); /* every worker asleep by now */
        atomic_int visits[RANGE] = {0};
        coverage c = {RANGE, 1, visits, 0};
        tix_threadpool_parallel_for(pool, visit, &c, RANGE, 1);
        for (int i = 0; i < RANGE; i++) assert_int_equal(atomic_load(&visits[i]), 1);
    }
    /* two workers spinning for all of 0.3 s would take 0.6 s of CPU time */
    double before = seconds(CLOCK_PROCESS_CPUTIME_ID);
    pause_for(0.3);
    double idle = seconds(CLOCK_PROCESS_CPUTIME_ID) - before;
    if (idle > 0.1) fail_msg("an idle pool of 3 threads took %.3f s of CPU time in 0.3 s", idle);
    tix_threadpool_destroy(pool);
}

static void test_create_defaults(void** state) {
    (void)state;
    tix_threadpool* pool = tix_threadpool_create(0);
    assert_non_null(pool);
    assert_true(tix_threadpool_threads(pool) >= 1);
    tix_executor executor = tix_threadpool_executor(pool);
    assert_ptr_equal(executor.pool, pool);
    assert_ptr_equal(executor.parallel_for, tix_threadpool_parallel_for);
    tix_threadpool_destroy(pool);
    tix_threadpool_destroy(NULL);
    assert_int_equal(tix_threadpool_threads(NULL), 0);
}

/* A gather and a mean scatter big enough to go through the pool give the serial bytes. */
enum { ROWS = 512, COLS = 96, PICKS = 700 };

/* The shared inputs, filled once by the main thread; the calls only read them. */
static float data[ROWS * COLS];
static int64_t indices[PICKS];

static void make_inputs(void) {
    for (int i = 0; i < ROWS * COLS; i++) data[i] = (float)(i % 977) * 0.37f - 50.0f;
    for (int i = 0; i < PICKS; i++) indices[i] = (i * 7919) % ROWS - (i % 3 == 0 ? ROWS : 0);
}

static void run_ops(const tix_executor* executor, float* gathered, float* scattered) {
    tix_tensor d, idx, out, upd, sout;
    tix_tensor_init(&d, data, TIX_DTYPE_FLOAT32, 2, (int64_t[]){ROWS, COLS});
    tix_tensor_init(&idx, indices, TIX_DTYPE_INT64, 1, (int64_t[]){PICKS});
    tix_tensor_init(&out, gathered, TIX_DTYPE_FLOAT32, 2, (int64_t[]){PICKS, COLS});
    tix_options options = {.executor = executor};
    assert_int_equal(tix_gather(&d, &idx, 0, 0, &out, &options), TIX_STATUS_OK);
    /* Scatter the gathered rows back with mean: duplicates reduce in a fixed order. */
    tix_tensor_init(&upd, gathered, TIX_DTYPE_FLOAT32, 2, (int64_t[]){PICKS, COLS});
    tix_tensor_init(&sout, scattered, TIX_DTYPE_FLOAT32, 2, (int64_t[]){ROWS, COLS});
    options.reduction = TIX_REDUCTION_MEAN;
    assert_int_equal(tix_scatter(&d, &idx, &upd, 0, 0, &sout, &options), TIX_STATUS_OK);
}

static void test_results_do_not_depend_on_threads(void** state) {
    (void)state;
    static float serial_g[PICKS * COLS], serial_s[ROWS * COLS], pooled_g[PICKS * COLS],
        pooled_s[ROWS * COLS];
    make_inputs();
    run_ops(NULL, serial_g, serial_s);
    for (size_t threads = 1; threads <= 7; threads += 3) {
        tix_threadpool* pool = tix_threadpool_create(threads);
        tix_executor executor = tix_threadpool_executor(pool);
        memset(pooled_g, 0, sizeof pooled_g);
        memset(pooled_s, 0, sizeof pooled_s);
        run_ops(&executor, pooled_g, pooled_s);
        assert_memory_equal(serial_g, pooled_g, sizeof serial_g);
        assert_memory_equal(serial_s, pooled_s, sizeof serial_s);
        tix_threadpool_destroy(pool);
    }
}

/* Several threads calling tix at once on shared inputs and one shared pool. */
typedef struct caller {
    const tix_executor* executor;
    float gathered[PICKS * COLS];
    float scattered[ROWS * COLS];
} caller;

static void* call(void* argument) {
    caller* c = argument;
    run_ops(c->executor, c->gathered, c->scattered);
    return NULL;
}

static void test_concurrent_callers_share_a_pool(void** state) {
    (void)state;
    static float serial_g[PICKS * COLS], serial_s[ROWS * COLS];
    make_inputs();
    run_ops(NULL, serial_g, serial_s);
    tix_threadpool* pool = tix_threadpool_create(3);
    tix_executor executor = tix_threadpool_executor(pool);
    enum { CALLERS = 4 };
    caller* callers = calloc(CALLERS, sizeof *callers);
    pthread_t threads[CALLERS];
    for (int i = 0; i < CALLERS; i++) {
        callers[i].executor = &executor;
        assert_int_equal(pthread_create(&threads[i], NULL, call, &callers[i]), 0);
    }
    for (int i = 0; i < CALLERS; i++) {
        pthread_join(threads[i], NULL);
        assert_memory_equal(callers[i].gathered, serial_g, sizeof serial_g);
        assert_memory_equal(callers[i].scattered, serial_s, sizeof serial_s);
    }
    free(callers);
    tix_threadpool_destroy(pool);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tiles_cover_the_range_once),
        cmocka_unit_test(test_each_thread_keeps_its_share),
        cmocka_unit_test(test_a_held_thread_is_taken_over),
        cmocka_unit_test(test_spinning_and_sleeping_threads),
        cmocka_unit_test(test_create_defaults),
        cmocka_unit_test(test_results_do_not_depend_on_threads),
        cmocka_unit_test(test_concurrent_callers_share_a_pool),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
