/* The library's own allocations fail (docs/TESTING.md, "hostile" tier). Where a call cannot run
 * without the memory (the plan of a call, the counts of a mean) it returns OUT_OF_MEMORY before
 * writing anything; where the memory only makes it faster (the copy a scatter keeps to put its
 * output back, the scratch block of a cache-blocked gather or scatter, the table of a scatter of
 * whole runs, the private copies of a scatter reduced in groups, the pairs a mean counts in) it
 * gives the same result without. Chunked float sums need one copy of the output, and can do
 * with one instead of many.
 *
 * The program is linked with -Wl,--wrap=malloc,--wrap=calloc: while a test arms the wrappers,
 * every request whose size is in a window fails. They are armed around the library call alone
 * (cmocka allocates too).
 */
#include <stdatomic.h>
#include <stdint.h>

#include "unit.h"

void* __real_malloc(size_t size);
void* __real_calloc(size_t count, size_t size);
void* __wrap_malloc(size_t size);
void* __wrap_calloc(size_t count, size_t size);

/* Requests of [failing_from, failing_to] bytes fail; atomic, since pool threads allocate. */
static _Atomic size_t failing_from = SIZE_MAX, failing_to = 0;
static atomic_int failures;

static bool refuse(size_t size) {
    if (size < atomic_load(&failing_from) || size > atomic_load(&failing_to))
        return false;
    atomic_fetch_add(&failures, 1);
    return true;
}

void* __wrap_malloc(size_t size) {
    return refuse(size) ? NULL : __real_malloc(size);
}

void* __wrap_calloc(size_t count, size_t size) {
    size_t bytes = count != 0 && size > SIZE_MAX / count ? SIZE_MAX : count * size;
    return refuse(bytes) ? NULL : __real_calloc(count, size);
}

static void arm(size_t from, size_t to) {
    atomic_store(&failures, 0);
    atomic_store(&failing_to, to);
    atomic_store(&failing_from, from);
}

/* Disarms; returns how many requests failed meanwhile. */
static int disarm(void) {
    atomic_store(&failing_from, SIZE_MAX);
    atomic_store(&failing_to, 0);
    return atomic_load(&failures);
}

/* A scatter_elements call with requests of exactly `bytes` refused; checks how many were. */
static tix_status scatter_refusing(size_t bytes, int refused, const tix_tensor* d,
                                   const tix_tensor* i, const tix_tensor* u, const tix_tensor* o,
                                   const tix_options* options) {
    arm(bytes, bytes);
    tix_status status = tix_scatter_elements(d, i, u, 0, o, options);
    assert_int_equal(disarm(), refused);
    return status;
}

/* No memory at all: the call fails with OUT_OF_MEMORY and a diagnostic, its output untouched
 * (a scatter's out-of-place copy included), and succeeds once memory is back. */
static void test_no_memory(void** state) {
    (void)state;
    float data[12], upd[6], out[12];
    int64_t idx[6] = {0, 2, 1, 1, 0, 2};
    for (int k = 0; k < 12; k++)
        data[k] = (float)k;
    for (int k = 0; k < 6; k++)
        upd[k] = 100.0f + (float)k;
    tix_tensor d = UT_T(data, DT_F32, 3, 4), i = UT_T(idx, DT_I64, 3, 2);
    tix_tensor u = UT_T(upd, DT_F32, 3, 2), o = UT_T(out, DT_F32, 3, 2);
    tix_tensor whole = UT_T(out, DT_F32, 3, 4);
    /* gather; scatter; scatter with mean */
    for (int call = 0; call < 3; call++) {
        tix_diagnostic diag;
        tix_options options = ut_opts_diag(&diag);
        options.reduction = call == 2 ? TIX_REDUCTION_MEAN : TIX_REDUCTION_NONE;
        memset(out, 0x5C, sizeof out);
        arm(1, SIZE_MAX);
        tix_status status = call > 0 ? tix_scatter_elements(&d, &i, &u, 1, &whole, &options)
                                     : tix_gather_elements(&d, &i, 1, &o, &options);
        assert_true(disarm() > 0);
        EXPECT_STATUS(status, TIX_STATUS_OUT_OF_MEMORY);
        assert_int_equal(diag.status, TIX_STATUS_OUT_OF_MEMORY);
        assert_non_null(strstr(diag.message, "no memory"));
        assert_true(ut_all_bytes(out, sizeof out, 0x5C));
        /* with memory: out[0][2] of the scatters is data's 2 replaced by 101 (mean: their
         * mean), out[0][1] of the gather is data[0][2] */
        EXPECT_OK(call > 0 ? tix_scatter_elements(&d, &i, &u, 1, &whole, &options)
                           : tix_gather_elements(&d, &i, 1, &o, &options));
        assert_true(call == 0 ? out[1] == 2.0f : out[2] == (call == 1 ? 101.0f : 51.5f));
    }
}

/* A scatter-add of many updates into a small output keeps a copy of the output to put back on
 * failure; without memory for that copy it checks the indices first instead: the same sums,
 * and a bad index still leaves the output as it was. */
static void test_no_memory_for_undo(void** state) {
    (void)state;
    enum { SLOTS = 64, N = 4096 };
    float data[SLOTS], upd[N], out[SLOTS], want[SLOTS];
    int32_t idx[N];
    for (int k = 0; k < SLOTS; k++)
        data[k] = (float)k * 0.5f;
    memcpy(want, data, sizeof want);
    for (int k = 0; k < N; k++) {
        idx[k] = (int32_t)((k * 37) % SLOTS);
        upd[k] = (float)(k % 11) * 0.25f;
        want[idx[k]] += upd[k];
    }
    tix_tensor d = UT_T(data, DT_F32, SLOTS), i = UT_T(idx, DT_I32, N), u = UT_T(upd, DT_F32, N);
    tix_tensor o = UT_T(out, DT_F32, SLOTS);
    for (int bad = 0; bad < 2; bad++) {
        if (bad)
            idx[N - 1] = SLOTS;
        memset(out, 0x3D, sizeof out);
        tix_diagnostic diag;
        tix_options add = ut_opts_diag(&diag);
        add.reduction = TIX_REDUCTION_ADD;
        arm(sizeof out, sizeof out); /* the copy of the output, nothing else */
        tix_status status = tix_scatter_elements(&d, &i, &u, 0, &o, &add);
        assert_int_equal(disarm(), 1);
        if (bad) {
            EXPECT_STATUS(status, TIX_STATUS_INDEX_OUT_OF_RANGE);
            assert_int_equal(diag.position, N - 1);
            assert_true(ut_all_bytes(out, sizeof out, 0x3D));
        } else {
            EXPECT_OK(status);
            assert_memory_equal(out, want, sizeof out);
        }
    }
}

/* A large gather along axis 0 copies each column tile of the data into a scratch block; without
 * memory for the blocks it reads the data in place: the same bytes, serially and on a pool. So
 * does a large scatter-add along axis 0 out of place, whose blocks come from data (not copied
 * into the output first): without them it copies each block from data into the output and
 * adds the tile's updates there. Each blocks only where its rows are enough: 80 gathered rows
 * of 640 (an eighth) ask for the blocks, 79 do not; 160 rows of updates (a quarter), 159. */
static void test_no_memory_for_scratch(void** state) {
    (void)state;
    enum { R = 640, C = 1024, M = 160 };
    float* data = malloc(sizeof(float) * R * C);
    float* out = malloc(sizeof(float) * M * C);
    int64_t* idx = malloc(sizeof(int64_t) * M * C);
    float* upd = malloc(sizeof(float) * M * C);
    float* sums = malloc(sizeof(float) * R * C);
    float* expected = malloc(sizeof(float) * R * C);
    assert_true(data && out && idx && upd && sums && expected);
    for (int k = 0; k < R * C; k++)
        data[k] = (float)k;
    for (int k = 0; k < M * C; k++) {
        idx[k] = (int64_t)((uint64_t)k * 2654435761u % R);
        upd[k] = (float)(k % 7);
    }
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    tix_tensor d = UT_T(data, DT_F32, R, C);
    for (int64_t rows = 79; rows <= 80; rows++) { /* the gather: out[k] = data[idx[k]][k % C] */
        tix_tensor i = UT_T(idx, DT_I64, rows, C), o = UT_T(out, DT_F32, rows, C);
        for (int threads = 1; threads <= 2; threads++) {
            tix_options options = ut_opts();
            options.executor = threads == 2 ? &executor : NULL;
            memset(out, 0, sizeof(float) * M * C);
            arm(64 * 1024, SIZE_MAX); /* the scratch blocks (the plan is far smaller) */
            tix_status status = tix_gather_elements(&d, &i, 0, &o, &options);
            int refused = disarm();
            assert_true(rows == 80 ? refused > 0 : refused == 0);
            EXPECT_OK(status);
            for (int64_t k = 0; k < rows * C; k++)
                assert_true(out[k] == data[idx[k] * C + k % C]);
        }
    }
    for (int64_t rows = 159; rows <= 160; rows++) { /* the scatter: += upd[k] there */
        memcpy(expected, data, sizeof(float) * R * C);
        for (int64_t k = 0; k < rows * C; k++)
            expected[idx[k] * C + k % C] += upd[k];
        tix_tensor i = UT_T(idx, DT_I64, rows, C), u = UT_T(upd, DT_F32, rows, C);
        tix_tensor s = UT_T(sums, DT_F32, R, C);
        for (int threads = 1; threads <= 2; threads++) {
            tix_options options = ut_opts();
            options.reduction = TIX_REDUCTION_ADD;
            options.executor = threads == 2 ? &executor : NULL;
            memset(sums, 0, sizeof(float) * R * C);
            arm(64 * 1024, SIZE_MAX);
            tix_status status = tix_scatter_elements(&d, &i, &u, 0, &s, &options);
            int refused = disarm();
            assert_true(rows == 160 ? refused > 0 : refused == 0);
            EXPECT_OK(status);
            assert_memory_equal(sums, expected, sizeof(float) * R * C);
        }
    }
    tix_threadpool_destroy(pool);
    free(data);
    free(out);
    free(idx);
    free(upd);
    free(sums);
    free(expected);
}

void tix__block_choose(int64_t bytes); /* (internal: pins the tiles of cache-blocked passes) */

/* A packed scatter along axis 0 places exclude_self's identity in its scratch block and counts a
 * mean's updates beside it (the request is then twice the block); without the scratch it works
 * in place, a mean counting in the call's counts per output element: the same bytes. Data [640,
 * 1024] float32 in tiles pinned at 64 KiB (40 of 25 columns, a block of 62.5 KiB, and one of
 * 24, the narrower tiles' loop of a row that divides into no tiles of one width); add with
 * exclude_self, and mean with and without it; out of place and in place, serially and on a pool. */
static void test_no_memory_for_packed_extras(void** state) {
    (void)state;
    enum { R = 640, C = 1024, M = 160, TILES = 41, BLOCK = R * 25 * (int)sizeof(float) };
    float* data = malloc(sizeof(float) * R * C);
    float* out = malloc(sizeof(float) * R * C);
    float* expected = malloc(sizeof(float) * R * C);
    int32_t* counts = malloc(sizeof(int32_t) * R * C);
    int64_t* idx = malloc(sizeof(int64_t) * M * C);
    float* upd = malloc(sizeof(float) * M * C);
    assert_true(data && out && expected && counts && idx && upd);
    for (int k = 0; k < R * C; k++)
        data[k] = (float)(k % 1000);
    for (int k = 0; k < M * C; k++) {
        idx[k] = (int64_t)((uint64_t)k * 2654435761u % R);
        upd[k] = (float)(k % 7);
    }
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    tix_tensor i = UT_T(idx, DT_I64, M, C), u = UT_T(upd, DT_F32, M, C);
    tix_tensor o = UT_T(out, DT_F32, R, C);
    for (int variant = 0; variant < 3; variant++) { /* add exclude_self, mean, mean exclude_self */
        bool mean = variant > 0, exclude = variant != 1;
        memcpy(expected, data, sizeof(float) * R * C);
        memset(counts, 0, sizeof(int32_t) * R * C);
        for (int k = 0; k < M * C; k++) {
            int64_t e = idx[k] * C + k % C;
            if (exclude && counts[e] == 0)
                expected[e] = 0;
            expected[e] += upd[k];
            counts[e]++;
        }
        for (int e = 0; mean && e < R * C; e++) {
            if (counts[e] > 0)
                expected[e] /= (float)(counts[e] + (exclude ? 0 : 1));
        }
        for (int form = 0; form < 4; form++) { /* out of place, in place; 1 and 2 threads */
            bool in_place = form >= 2;
            tix_options options = ut_opts();
            options.reduction = mean ? TIX_REDUCTION_MEAN : TIX_REDUCTION_ADD;
            options.exclude_self = exclude;
            options.executor = form % 2 == 1 ? &executor : NULL;
            memcpy(out, data, sizeof(float) * R * C);
            tix_tensor d = UT_T(in_place ? out : data, DT_F32, R, C);
            tix__block_choose(64 * 1024);
            /* the scratch of each tile, nothing else (a mean's counts as wide as its tile) */
            size_t narrower = (size_t)(mean ? BLOCK + R * 24 * (int)sizeof(int32_t) : BLOCK);
            arm(narrower, (size_t)(mean ? 2 * BLOCK : BLOCK));
            tix_status status = tix_scatter_elements(&d, &i, &u, 0, &o, &options);
            int refused = disarm();
            tix__block_choose(0);
            assert_int_equal(refused, TILES);
            EXPECT_OK(status);
            assert_memory_equal(out, expected, sizeof(float) * R * C);
        }
    }
    tix_threadpool_destroy(pool);
    free(data);
    free(out);
    free(expected);
    free(counts);
    free(idx);
    free(upd);
}

/* Data rows a multiple of 4 KiB apart, whose part fits one tile but whose positions all share
 * one set of L1, run in packed tiles of 16 KiB all the same (ALIASED_BLOCK_BYTES, execute.c),
 * each asking for its scratch block: [64, 4096] int8 in 16 tiles of 256 columns for a
 * scatter-add, 32 of 128 (the tile kernel's width by int64 indices) for a gather, on 1 and 2
 * threads; with every such request refused, the same bytes as a plain loop. Rows 4160 bytes
 * apart, and float64 (ALIASED_ELEMENT_MAX), ask for none. [64, 16384] int8, too large for one
 * tile, whose scatter's tiles of 256 KiB would have rows of 4 KiB: 64 tiles of 256 columns
 * (its gather's 128 tiles of 128 columns, their rows 128 bytes, as they were). */
static void test_no_memory_for_aliased_tiles(void** state) {
    (void)state;
    enum { R = 64, C = 4096, WIDE = 4160, M = 32, LONG = 16384 };
    int8_t* data = malloc((size_t)R * WIDE * sizeof(double));
    int8_t* out = malloc((size_t)R * WIDE * sizeof(double));
    int8_t* want = malloc((size_t)R * LONG);
    int8_t* upd = malloc((size_t)M * WIDE * sizeof(double));
    int64_t* idx = malloc(sizeof(int64_t) * M * LONG);
    assert_true(data && out && want && upd && idx);
    for (int k = 0; k < R * WIDE * (int)sizeof(double); k++)
        data[k] = (int8_t)(k * 7 % 23 - 11);
    for (int k = 0; k < M * WIDE * (int)sizeof(double); k++)
        upd[k] = (int8_t)(k * 5 % 19 - 9);
    for (int k = 0; k < M * LONG; k++)
        idx[k] = (int64_t)((uint64_t)k * 2654435761u % R);
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    tix__block_choose(256 * 1024); /* (the whole part, 256 KiB, fits one tile) */
    for (int c = 0; c < 4; c++) { /* int8 4096, 4160 wide; float64 1024; int8 16384 */
        static const int64_t widths[] = {C, WIDE, 1024, LONG};
        static const int scatters[] = {16, 0, 0, 64}, gathers[] = {32, 0, 0, 128};
        int64_t cols = widths[c];
        tix_dtype dtype = c == 2 ? DT_F64 : DT_I8;
        int scatter_tiles = scatters[c], gather_tiles = gathers[c];
        size_t scatter_block = R * 256, gather_block = R * 128;
        tix_tensor i = UT_T(idx, DT_I64, M, cols), u = UT_T(upd, dtype, M, cols);
        tix_tensor d = UT_T(data, dtype, R, cols), o = UT_T(out, dtype, R, cols);
        tix_tensor g = UT_T(out, dtype, M, cols);
        for (int threads = 1; threads <= 2; threads++) {
            tix_options options = ut_opts();
            options.executor = threads == 2 ? &executor : NULL;
            options.reduction = TIX_REDUCTION_ADD;
            bool checked = dtype == DT_I8; /* (float64: the bytes of small integers, unchecked) */
            if (checked) { /* (int8: the sums wrap as the library's do) */
                memcpy(want, data, (size_t)R * (size_t)cols);
                for (int64_t k = 0; k < M * cols; k++) {
                    int8_t* e = &want[idx[k] * cols + k % cols];
                    *e = (int8_t)(uint8_t)((unsigned)(uint8_t)*e + (unsigned)(uint8_t)upd[k]);
                }
            }
            arm(scatter_block, scatter_block);
            tix_status status = tix_scatter_elements(&d, &i, &u, 0, &o, &options);
            assert_int_equal(disarm(), scatter_tiles);
            EXPECT_OK(status);
            if (checked)
                assert_memory_equal(out, want, (size_t)R * (size_t)cols);
            options.reduction = TIX_REDUCTION_NONE;
            for (int64_t k = 0; checked && k < M * cols; k++)
                want[k] = data[idx[k] * cols + k % cols];
            arm(gather_block, gather_block);
            status = tix_gather_elements(&d, &i, 0, &g, &options);
            assert_int_equal(disarm(), gather_tiles);
            EXPECT_OK(status);
            if (checked)
                assert_memory_equal(out, want, (size_t)M * (size_t)cols);
        }
    }
    tix__block_choose(0);
    tix_threadpool_destroy(pool);
    free(data);
    free(out);
    free(want);
    free(upd);
    free(idx);
}

/* A scatter whose updates replace whole runs of its output writes it in one pass, from a table
 * of the last update row of each run; without memory for the table it copies data and then
 * applies the updates: the same bytes. */
static void test_no_memory_for_runs(void** state) {
    (void)state;
    enum { RUNS = 512, N = 64, UPDATES = 700 };
    float* data = malloc(sizeof(float) * RUNS * N);
    float* upd = malloc(sizeof(float) * UPDATES * N);
    float* out = malloc(sizeof(float) * RUNS * N);
    float* want = malloc(sizeof(float) * RUNS * N);
    int64_t idx[UPDATES];
    assert_true(data && upd && out && want);
    for (int k = 0; k < RUNS * N; k++)
        data[k] = (float)k;
    for (int k = 0; k < UPDATES * N; k++)
        upd[k] = -(float)k;
    for (int u = 0; u < UPDATES; u++)
        idx[u] = (int64_t)((uint64_t)u * 2654435761u % RUNS);
    tix_tensor d = UT_T(data, DT_F32, RUNS, N), i = UT_T(idx, DT_I64, UPDATES, 1);
    tix_tensor u = UT_T(upd, DT_F32, UPDATES, N), o = UT_T(want, DT_F32, RUNS, N);
    EXPECT_OK(tix_scatter_nd(&d, &i, &u, 0, &o, NULL));
    o.data = out;
    arm(sizeof(int64_t) * RUNS, sizeof(int64_t) * RUNS); /* the table, nothing else */
    tix_status status = tix_scatter_nd(&d, &i, &u, 0, &o, NULL);
    assert_int_equal(disarm(), 1);
    EXPECT_OK(status);
    assert_memory_equal(out, want, sizeof(float) * RUNS * N);
    free(data);
    free(upd);
    free(out);
    free(want);
}

/* An integer scatter-add of many updates into one small output, on a pool, reduces groups of
 * its updates into private copies of the output; without memory for the copies it runs on one
 * thread: the same sums. */
static void test_no_memory_for_groups(void** state) {
    (void)state;
    enum { SLOTS = 1000, N = 200000, GROUPS = 8 };
    int32_t* upd = malloc(sizeof(int32_t) * N);
    int64_t* idx = malloc(sizeof(int64_t) * N);
    int32_t data[SLOTS], out[SLOTS], want[SLOTS];
    assert_true(upd && idx);
    for (int k = 0; k < SLOTS; k++)
        want[k] = data[k] = k;
    for (int k = 0; k < N; k++) {
        idx[k] = (int64_t)((uint64_t)k * 2654435761u % SLOTS);
        upd[k] = k % 13 - 5;
        want[idx[k]] += upd[k];
    }
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    tix_tensor d = UT_T(data, DT_I32, SLOTS), i = UT_T(idx, DT_I64, N), u = UT_T(upd, DT_I32, N);
    tix_tensor o = UT_T(out, DT_I32, SLOTS);
    tix_options add = ut_opts();
    add.reduction = TIX_REDUCTION_ADD;
    add.executor = &executor;
    /* the copies (group 0 runs on the output itself), nothing else */
    EXPECT_OK(scatter_refusing((GROUPS - 1) * sizeof out, 1, &d, &i, &u, &o, &add));
    assert_memory_equal(out, want, sizeof out);
    tix_threadpool_destroy(pool);
    free(upd);
    free(idx);
}

/* Chunked float sums (TIX_ACCUMULATE_CHUNKED) need one copy of the output: without it the call
 * fails with OUT_OF_MEMORY and leaves the output as it was; on a pool, without memory for a copy
 * per chunk it takes one, and the chunks go one at a time: the same bits. */
static void test_no_memory_for_chunks(void** state) {
    (void)state;
    enum { SLOTS = 1000, N = 200000, CHUNKS = 8 }; /* N / 16 / SLOTS = 12: 8 chunks */
    float* upd = malloc(sizeof(float) * N);
    int64_t* idx = malloc(sizeof(int64_t) * N);
    float data[SLOTS], out[SLOTS], want[SLOTS];
    assert_true(upd && idx);
    for (int k = 0; k < SLOTS; k++)
        data[k] = (float)k / 3.0f;
    for (int k = 0; k < N; k++) {
        idx[k] = (int64_t)((uint64_t)k * 2654435761u % SLOTS);
        upd[k] = (float)(k % 1001) / 7.0f;
    }
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    tix_tensor d = UT_T(data, DT_F32, SLOTS), i = UT_T(idx, DT_I64, N), u = UT_T(upd, DT_F32, N);
    tix_tensor o = UT_T(want, DT_F32, SLOTS);
    tix_diagnostic diag;
    tix_options add = ut_opts_diag(&diag);
    add.reduction = TIX_REDUCTION_ADD;
    add.accumulation = TIX_ACCUMULATE_CHUNKED;
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 0, &o, &add));

    /* serially: the one copy (and the undo copy, of the same size) refused */
    o.data = out;
    memset(out, 0x5C, sizeof out);
    EXPECT_STATUS(scatter_refusing(sizeof out, 2, &d, &i, &u, &o, &add),
                  TIX_STATUS_OUT_OF_MEMORY);
    assert_non_null(strstr(diag.message, "chunk sums"));
    for (size_t k = 0; k < sizeof out; k++)
        assert_int_equal(((unsigned char*)out)[k], 0x5C);

    /* on a pool: a copy for each chunk after the first refused, one copy granted */
    add.executor = &executor;
    EXPECT_OK(scatter_refusing((CHUNKS - 1) * sizeof out, 1, &d, &i, &u, &o, &add));
    assert_memory_equal(out, want, sizeof out);
    tix_threadpool_destroy(pool);
    free(upd);
    free(idx);
}

/* A mean scatter keeps one int32 count per output element, except where it stages its rows
 * (along the last axis of a dense output of rows up to 8 KiB), which it counts beside each
 * row: with the request of those counts refused, the call along axis 0 of data [8, 300] fails
 * with OUT_OF_MEMORY and leaves the output as it was, and the call along axis 1 asks for no
 * such memory and gives the plain loop's means. */
static void test_no_memory_for_counts(void** state) {
    (void)state;
    enum { R = 8, C = 300, K = 50 };
    static float data[R * C], out[R * C], want[R * C], upd[R * C];
    static int64_t idx[R * C];
    int32_t counts[R * C] = {0};
    for (int e = 0; e < R * C; e++) {
        data[e] = (float)(e % 97) * 0.5f;
        upd[e] = (float)(e % 89) * 0.25f;
    }
    size_t count_bytes = sizeof(int32_t) * R * C;
    tix_diagnostic diag;
    tix_options mean = ut_opts_diag(&diag);
    mean.reduction = TIX_REDUCTION_MEAN;
    tix_tensor d = UT_T(data, DT_F32, R, C), o = UT_T(out, DT_F32, R, C);
    /* along axis 0: indices [2, C], each column's two updates into rows 3 and 5 */
    for (int e = 0; e < 2 * C; e++)
        idx[e] = e < C ? 3 : 5;
    tix_tensor i = UT_T(idx, DT_I64, 2, C), u = UT_T(upd, DT_F32, 2, C);
    memset(out, 0x3C, sizeof out);
    arm(count_bytes, count_bytes);
    EXPECT_STATUS(tix_scatter_elements(&d, &i, &u, 0, &o, &mean), TIX_STATUS_OUT_OF_MEMORY);
    assert_int_equal(disarm(), 1);
    assert_non_null(strstr(diag.message, "counts"));
    assert_true(ut_all_bytes(out, sizeof out, 0x3C));
    /* along axis 1: indices [R, K] with duplicates within each row */
    memcpy(want, data, sizeof want);
    for (int r = 0; r < R; r++) {
        for (int k = 0; k < K; k++) {
            int64_t v = (int64_t)((unsigned)(r * K + k) * 2654435761u % 40);
            idx[r * K + k] = v;
            want[r * C + v] += upd[r * K + k];
            counts[r * C + v]++;
        }
    }
    for (int e = 0; e < R * C; e++) {
        if (counts[e] > 0) want[e] /= (float)(counts[e] + 1);
    }
    i = UT_T(idx, DT_I64, R, K);
    u = UT_T(upd, DT_F32, R, K);
    arm(count_bytes, count_bytes);
    EXPECT_OK(tix_scatter_elements(&d, &i, &u, 1, &o, &mean));
    assert_int_equal(disarm(), 0);
    assert_memory_equal(out, want, sizeof want);
}

/* A mean of many updates an element counts them beside their sums, in pairs (src/execute.c,
 * TIX__REDUCTION_TALLY); without memory for the pairs it counts in a pass of its own: the same
 * bytes, with exclude_self and without. [37] float32 outputs (the pairs 296 bytes, the counts
 * and the undo copy 148), 4,096 updates by int32 indices; the last position is reached by no
 * update and keeps data. */
static void test_no_memory_for_tallies(void** state) {
    (void)state;
    enum { P = 37, N = 4096 };
    float data[P], upd[N], out[P], want[P];
    int32_t idx[N], counts[P] = {0};
    double sums[P];
    for (int p = 0; p < P; p++)
        data[p] = (float)p * 0.5f;
    for (int k = 0; k < N; k++) {
        idx[k] = (int32_t)((k * 29) % (P - 1));
        upd[k] = (float)(k % 13) * 0.25f;
        counts[idx[k]]++;
    }
    tix_tensor d = UT_T(data, DT_F32, P), i = UT_T(idx, DT_I32, N), u = UT_T(upd, DT_F32, N);
    tix_tensor o = UT_T(out, DT_F32, P);
    for (int exclude = 0; exclude < 2; exclude++) {
        for (int p = 0; p < P; p++) /* (exact: quarters, far below 2^24) */
            sums[p] = exclude ? 0 : data[p];
        for (int k = 0; k < N; k++)
            sums[idx[k]] += upd[k];
        for (int p = 0; p < P; p++)
            want[p] = counts[p] > 0 ? (float)sums[p] / (float)(counts[p] + !exclude) : data[p];
        tix_options mean = ut_opts();
        mean.reduction = TIX_REDUCTION_MEAN;
        mean.exclude_self = exclude == 1;
        for (int refused = 0; refused < 2; refused++) {
            memset(out, 0x3E, sizeof out);
            size_t pairs = 2 * sizeof(float) * P;
            EXPECT_OK(scatter_refusing(refused ? pairs : 1, refused, &d, &i, &u, &o, &mean));
            assert_memory_equal(out, want, sizeof out);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_memory),
        cmocka_unit_test(test_no_memory_for_undo),
        cmocka_unit_test(test_no_memory_for_scratch),
        cmocka_unit_test(test_no_memory_for_packed_extras),
        cmocka_unit_test(test_no_memory_for_aliased_tiles),
        cmocka_unit_test(test_no_memory_for_runs),
        cmocka_unit_test(test_no_memory_for_groups),
        cmocka_unit_test(test_no_memory_for_chunks),
        cmocka_unit_test(test_no_memory_for_counts),
        cmocka_unit_test(test_no_memory_for_tallies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
