/* Outputs larger than the caches (docs/TESTING.md, "hostile" tier): past 32 MiB the library
 * writes with streaming stores where the CPU gains by them, and those need 16-byte aligned
 * destinations and whole 16-byte blocks. The fuzz targets never reach that size, so here:
 * gathers and scatters into outputs of about 34 MiB, at an address 16-byte aligned, 4 bytes
 * past it and 1 byte past it (int8), with rows of a multiple of 16 bytes and not, with ignored
 * indices (fill rows), serially and through a pool, with streaming stores whatever the CPU
 * (tix__stores_choose, an internal hook of the static library), and a few without them, by
 * memcpy and by the CPU's string copy (`rep movsb`, for the rows a scatter copies whole). Every
 * element is compared with the expected value, and guard bytes around the output must not
 * change. */
#include "hostile.h"

/* How long copies store: streaming stores (0), ordinary ones by memcpy (1) or by string copies
 * (2), streaming stores with string copies (4), or -1: as the CPU says (tix__stores in
 * src/internal.h). */
void tix__stores_choose(int mode);
enum { STREAMING, PLAIN, STRING, STREAMING_STRING = 4 };

enum {
    COLS = 2056,     /* 8224 bytes of float32 per row: a multiple of 16 */
    ODD_COLS = 2055, /* 8220 bytes: not */
    ROWS = 64,       /* data rows */
    PICKS = 4300,    /* output rows: 4300 x 8224 bytes = 35.4 MB */
    GUARD = 64       /* bytes checked before and after the output */
};

/* An output buffer of `bytes` plus guards, the output starting `shift` bytes past a 16-byte
 * boundary. */
typedef struct guarded {
    unsigned char* block;
    unsigned char* out;
    size_t bytes;
} guarded;

static void guarded_init(guarded* g, size_t bytes, size_t shift) {
    g->bytes = bytes;
    g->block = malloc(bytes + 2 * GUARD + 16);
    assert_non_null(g->block);
    unsigned char* aligned = (unsigned char*)(((uintptr_t)g->block + GUARD + 15) & ~(uintptr_t)15);
    g->out = aligned + shift;
    memset(g->block, 0xEE, bytes + 2 * GUARD + 16);
}

static void guarded_check(const guarded* g) {
    for (unsigned char* p = g->block; p < g->out; p++)
        assert_int_equal(*p, 0xEE);
    for (unsigned char* p = g->out + g->bytes; p < g->block + g->bytes + 2 * GUARD + 16; p++) {
        assert_int_equal(*p, 0xEE);
    }
}

static float value(int64_t row, int64_t col) {
    return (float)(row * 10000 + col);
}

/* Gathers rows of data [ROWS, cols] by PICKS indices (every 97th one out of range, ignored:
 * a zero row) into an output starting `shift` bytes past a 16-byte boundary. */
static void gather_rows(int64_t cols, size_t shift, const tix_executor* executor) {
    float* data = malloc((size_t)(ROWS * cols) * sizeof(float));
    int64_t* idx = malloc(PICKS * sizeof(int64_t));
    assert_non_null(data);
    assert_non_null(idx);
    for (int64_t r = 0; r < ROWS; r++) {
        for (int64_t c = 0; c < cols; c++)
            data[r * cols + c] = value(r, c);
    }
    for (int64_t p = 0; p < PICKS; p++)
        idx[p] = p % 97 == 5 ? ROWS + 1 : (p * 7) % ROWS;
    guarded g;
    guarded_init(&g, (size_t)(PICKS * cols) * sizeof(float), shift);
    tix_tensor d = UT_T(data, DT_F32, ROWS, cols), i = UT_T(idx, DT_I64, PICKS);
    tix_tensor o = UT_T(g.out, DT_F32, PICKS, cols);
    tix_options opt = ut_opts();
    opt.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    opt.executor = executor;
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, &opt));
    for (int64_t p = 0; p < PICKS; p++) {
        for (int64_t c = 0; c < cols; c++) {
            float got;
            memcpy(&got, g.out + (size_t)(p * cols + c) * sizeof(float), sizeof got);
            float want = p % 97 == 5 ? 0.0f : value((p * 7) % ROWS, c);
            if (got != want) {
                fail_msg("gather of %lld columns, output +%zu: [%lld][%lld] is %g, expected %g",
                         (long long)cols, shift, (long long)p, (long long)c, (double)got,
                         (double)want);
            }
        }
    }
    guarded_check(&g);
    free(g.block);
    free(idx);
    free(data);
}

/* A scatter whose copy of data is the large dense move: data [PICKS, cols] (35 MB), three rows
 * replaced (row 0 twice: the last update wins, both written with streaming stores), into an
 * output `shift` bytes past a 16-byte boundary. */
static void scatter_copy(int64_t cols, size_t shift, const tix_executor* executor) {
    size_t bytes = (size_t)(PICKS * cols) * sizeof(float);
    float* data = malloc(bytes);
    assert_non_null(data);
    for (int64_t r = 0; r < PICKS; r++) {
        for (int64_t c = 0; c < cols; c++)
            data[r * cols + c] = value(r, c);
    }
    float* upd = malloc((size_t)(4 * cols) * sizeof(float));
    assert_non_null(upd);
    for (int64_t k = 0; k < 4 * cols; k++)
        upd[k] = -1.0f - (float)k;
    int64_t idx[4] = {0, PICKS - 1, 1234, 0};
    guarded g;
    guarded_init(&g, bytes, shift);
    tix_tensor d = UT_T(data, DT_F32, PICKS, cols), i = UT_T(idx, DT_I64, 4);
    tix_tensor u = UT_T(upd, DT_F32, 4, cols), o = UT_T(g.out, DT_F32, PICKS, cols);
    tix_options opt = ut_opts();
    opt.executor = executor;
    EXPECT_OK(tix_scatter(&d, &i, &u, 0, 0, &o, &opt));
    for (int64_t r = 0; r < PICKS; r++) {
        int64_t k = r == 0 ? 3 : r == PICKS - 1 ? 1 : r == 1234 ? 2 : -1;
        for (int64_t c = 0; c < cols; c++) {
            float got;
            memcpy(&got, g.out + (size_t)(r * cols + c) * sizeof(float), sizeof got);
            float want = k >= 0 ? upd[k * cols + c] : value(r, c);
            if (got != want) {
                fail_msg("scatter of %lld columns, output +%zu: [%lld][%lld] is %g, expected %g",
                         (long long)cols, shift, (long long)r, (long long)c, (double)got,
                         (double)want);
            }
        }
    }
    guarded_check(&g);
    free(g.block);
    free(upd);
    free(data);
}

/* int8 gathers of 36 MB with the output 1 byte past a boundary: rows of 8193 bytes. */
static void gather_bytes(size_t shift) {
    enum { BCOLS = 8193, BPICKS = 4400 };
    int8_t* data = malloc((size_t)ROWS * BCOLS);
    assert_non_null(data);
    for (int64_t k = 0; k < (int64_t)ROWS * BCOLS; k++)
        data[k] = (int8_t)(k * 31 + 7);
    int32_t* idx = malloc(BPICKS * sizeof(int32_t));
    assert_non_null(idx);
    for (int k = 0; k < BPICKS; k++)
        idx[k] = (k * 5) % ROWS - (k % 2 == 0 ? ROWS : 0);
    guarded g;
    guarded_init(&g, (size_t)BPICKS * BCOLS, shift);
    tix_tensor d = UT_T(data, DT_I8, ROWS, BCOLS), i = UT_T(idx, DT_I32, BPICKS);
    tix_tensor o = UT_T(g.out, DT_I8, BPICKS, BCOLS);
    EXPECT_OK(tix_gather(&d, &i, 0, 0, &o, NULL));
    for (int k = 0; k < BPICKS; k++) {
        int64_t row = (k * 5) % ROWS;
        if (memcmp(g.out + (size_t)k * BCOLS, data + row * BCOLS, BCOLS) != 0) {
            fail_msg("int8 gather, output +%zu: row %d differs from data row %lld", shift, k,
                     (long long)row);
        }
    }
    guarded_check(&g);
    free(g.block);
    free(idx);
    free(data);
}

static void test_large_gathers(void** state) {
    (void)state;
    gather_rows(COLS, 0, NULL);
    gather_rows(COLS, 4, NULL);
    gather_rows(ODD_COLS, 0, NULL);
    gather_rows(ODD_COLS, 8, NULL);
    gather_bytes(0);
    gather_bytes(1);
}

static void test_large_scatter_copies(void** state) {
    (void)state;
    scatter_copy(COLS, 0, NULL);
    scatter_copy(COLS, 4, NULL);
    scatter_copy(ODD_COLS, 12, NULL);
}

static void test_large_through_a_pool(void** state) {
    (void)state;
    tix_threadpool* pool = tix_threadpool_create(3);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    gather_rows(COLS, 0, &executor);
    gather_rows(ODD_COLS, 4, &executor);
    scatter_copy(COLS, 4, &executor);
    scatter_copy(ODD_COLS, 0, &executor);
    tix_threadpool_destroy(pool);
}

/* The same outputs with ordinary stores, as on a CPU where streaming ones do not pay. */
static void test_large_without_streaming(void** state) {
    (void)state;
    tix__stores_choose(PLAIN);
    gather_rows(ODD_COLS, 4, NULL);
    gather_bytes(1);
    scatter_copy(COLS, 4, NULL);
    tix__stores_choose(STREAMING);
}

/* The scatters' rows by string copies, with ordinary stores and with streaming ones (as on
 * AMD family 1Ah): at every alignment of the output, rows a multiple of 16 bytes long and
 * not; and the gathers under the second. */
static void test_large_with_string_copies(void** state) {
    (void)state;
    static const int modes[] = {STRING, STREAMING_STRING};
    for (int k = 0; k < 2; k++) {
        tix__stores_choose(modes[k]);
        scatter_copy(COLS, 0, NULL);
        scatter_copy(ODD_COLS, 12, NULL);
        scatter_copy(ODD_COLS, 1, NULL);
    }
    gather_rows(ODD_COLS, 4, NULL);
    gather_bytes(1);
    tix__stores_choose(STREAMING);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_large_gathers),
        cmocka_unit_test(test_large_scatter_copies),
        cmocka_unit_test(test_large_through_a_pool),
        cmocka_unit_test(test_large_without_streaming),
        cmocka_unit_test(test_large_with_string_copies),
    };
    /* TIX_TEST_FILTER=test_name (a pattern with * and ?) runs only the matching tests */
    if (getenv("TIX_TEST_FILTER") != NULL)
        cmocka_set_test_filter(getenv("TIX_TEST_FILTER"));
    tix__stores_choose(STREAMING);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
