/* The SIMD paths against the portable loops: every case runs with the SIMD paths on (where the
 * CPU has them; elsewhere both runs take the portable loops) and off (tix__simd_enable, an
 * internal hook of the static library), and both must give the same status, diagnostic and
 * output bytes, equal to a plain loop here.
 *
 * The hardware gathers serve element gathers with dense int32/int64 indices and 4- or 8-byte
 * elements, a vector of indices at a time while all are in range, or under the ignore and
 * clamp rules with the fill, or the nearer end, in the lanes out of range: along a dense axis (AVX2), and along axis 0, each
 * element of a row from another row of the data (AVX-512F); and gathers whose rows share their
 * indices, along the offsets resolved once for them, the fill in the lanes that resolved to
 * nothing (AVX-512F: tix_gather along axis 1 here). Rows of lengths that are not multiples of
 * the vector, indices negative (wrapped, or out of range under the other negative rule), out of
 * range (filled, clamped, or an error) at the start, middle and end of a row and in the upper
 * half of a vector, from the middle of a row on every other index negative, or past the end
 * and negative in turn, and a 2-byte dtype (no SIMD path). */
#include "unit.h"

void tix__simd_enable(bool enable);

/* Along axis 1, data [ROWS, WIDTH]; along axis 0, data [WIDTH, COLUMNS]. */
enum { ROWS = 3, WIDTH = 300, COLUMNS = 1100 };

/* The three cases: gather_elements along axis 0 or 1 (indices and output [ROWS, n]), or a gather
 * along axis 1 whose rows share the indices (indices [ROWS * n], output [ROWS, ROWS * n]). */
enum { ALONG_0, ALONG_1, SHARED, CASES };

/* One case of `kind`, indices of `index` dtype from `values`; returns the status, the output in
 * out and the failing position. */
static tix_status run_case(const void* data, tix_dtype dtype, int kind, const int64_t* values,
                           int64_t n, tix_dtype index, tix_negative_indices negative,
                           tix_out_of_range rule, void* out, int64_t* position) {
    static int64_t idx64[ROWS * 1100];
    static int32_t idx32[ROWS * 1100];
    for (int64_t k = 0; k < ROWS * n; k++) {
        idx64[k] = values[k];
        idx32[k] = (int32_t)values[k];
    }
    static const unsigned char fill[16] = {0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8,
                                           0xF9, 0xFA, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF, 0xF0};
    tix_diagnostic diag;
    tix_options options = ut_opts_diag(&diag);
    options.negative_indices = negative;
    options.out_of_range = rule;
    options.fill_value = fill;
    tix_tensor d = kind == ALONG_0 ? UT_T((void*)data, dtype, WIDTH, COLUMNS)
                                   : UT_T((void*)data, dtype, ROWS, WIDTH);
    tix_status status;
    if (kind == SHARED) {
        tix_tensor o = UT_T(out, dtype, ROWS, ROWS * n);
        tix_tensor i = index == DT_I64 ? UT_T(idx64, DT_I64, ROWS * n)
                                       : UT_T(idx32, DT_I32, ROWS * n);
        memset(out, 0, (size_t)(ROWS * ROWS * n) * tix_dtype_size(dtype));
        status = tix_gather(&d, &i, 1, 0, &o, &options);
    } else {
        tix_tensor o = UT_T(out, dtype, ROWS, n);
        tix_tensor i = index == DT_I64 ? UT_T(idx64, DT_I64, ROWS, n)
                                       : UT_T(idx32, DT_I32, ROWS, n);
        memset(out, 0, (size_t)(ROWS * n) * tix_dtype_size(dtype));
        status = tix_gather_elements(&d, &i, kind == ALONG_0 ? 0 : 1, &o, &options);
    }
    *position = status == TIX_STATUS_OK ? -1 : diag.position;
    return status;
}

static void test_gathers_against_portable(void** state) {
    (void)state;
    static const tix_dtype dtypes[] = {DT_F32, DT_I32, DT_F64, DT_I64, DT_C64, DT_F16};
    static const int64_t lengths[] = {5, 37, 1000, 1003};
    static const tix_out_of_range rules[] = {TIX_OUT_OF_RANGE_IGNORE, TIX_OUT_OF_RANGE_CLAMP,
                                             TIX_OUT_OF_RANGE_ERROR};
    static unsigned char data[WIDTH * COLUMNS * 8], simd[ROWS * ROWS * 1100 * 8],
        portable[ROWS * ROWS * 1100 * 8];
    static int64_t values[ROWS * 1100];
    for (size_t b = 0; b < sizeof data; b++)
        data[b] = (unsigned char)(b * 2654435761u >> 9);
    int cases = 0;
    const size_t kinds = sizeof dtypes / sizeof dtypes[0];
    for (size_t c = 0; c < CASES * kinds; c++) { /* each dtype in each case */
        int kind = (int)(c / kinds);
        size_t t = c % kinds;
        size_t size = tix_dtype_size(dtypes[t]);
        for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
            int64_t n = lengths[l], width = kind == SHARED ? ROWS * n : n; /* of the output */
            /* where an index needs more than the shortest loops: nowhere, first, middle, last,
             * in the upper half of the first 16-lane vector (position 11), and from the middle
             * on every other index of row 1 negative (the hardware gathers and the copy of
             * the shortest loop that wrap them) */
            for (int where = 0; where < 6; where++) {
                for (int64_t k = 0; k < ROWS * n; k++)
                    values[k] = (int64_t)((uint64_t)k * 40503u % WIDTH);
                int64_t at = where == 1   ? 0
                             : where == 2 || where == 5 ? n / 2
                             : where == 4 && n > 11 ? 11
                                                    : n - 1;
                if (where > 0) {
                    values[1 * n + at] = -7;        /* row 1: wraps */
                    values[2 * n + at] = WIDTH + 3; /* row 2: out of range */
                }
                for (int64_t k = at + 2; where == 5 && k < n; k += 2) {
                    values[1 * n + k] -= WIDTH;
                    values[2 * n + k] += k % 3 == 0 ? WIDTH : k % 3 == 1 ? -WIDTH : 0;
                }
                for (int x = 0; x < 4; x++) {
                    tix_dtype index = x % 2 == 0 ? DT_I64 : DT_I32;
                    /* (negatives out of range: the hardware gathers fill them from the first) */
                    tix_negative_indices negative =
                        x < 2 ? TIX_NEGATIVE_WRAP : TIX_NEGATIVE_OUT_OF_RANGE;
                    for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++) {
                        int64_t on_at, off_at;
                        tix__simd_enable(true);
                        tix_status on = run_case(data, dtypes[t], kind, values, n, index,
                                                 negative, rules[r], simd, &on_at);
                        tix__simd_enable(false);
                        tix_status off = run_case(data, dtypes[t], kind, values, n, index,
                                                  negative, rules[r], portable, &off_at);
                        tix__simd_enable(true);
                        assert_int_equal(on, off);
                        assert_int_equal(on_at, off_at);
                        assert_memory_equal(simd, portable, (size_t)(ROWS * width) * size);
                        /* and as a plain loop: wrap, then the rule */
                        bool error = where > 0 && rules[r] == TIX_OUT_OF_RANGE_ERROR;
                        assert_int_equal(on, error ? TIX_STATUS_INDEX_OUT_OF_RANGE : TIX_STATUS_OK);
                        if (error) { /* the first index out of range: row 1's -7, or row 2's */
                            int64_t failing = negative == TIX_NEGATIVE_WRAP ? 2 : 1; /* row */
                            assert_int_equal(on_at, failing * n + at);
                            continue;
                        }
                        for (int64_t row = 0; row < ROWS; row++) {
                            for (int64_t k = 0; k < width; k++) {
                                int64_t v = values[kind == SHARED ? k : row * n + k];
                                v = v < 0 && negative == TIX_NEGATIVE_WRAP ? v + WIDTH : v;
                                if (rules[r] == TIX_OUT_OF_RANGE_CLAMP)
                                    v = v < 0 ? 0 : v >= WIDTH ? WIDTH - 1 : v;
                                const unsigned char* got = simd + (size_t)(row * width + k) * size;
                                if (v < 0 || v >= WIDTH) {
                                    assert_int_equal(got[0], 0xF1); /* the fill */
                                } else {
                                    int64_t at_data = kind == ALONG_0 ? v * COLUMNS + k
                                                                      : row * WIDTH + v;
                                    assert_memory_equal(got, data + (size_t)at_data * size, size);
                                }
                            }
                        }
                        cases++;
                    }
                }
            }
        }
    }
    assert_true(cases > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gathers_against_portable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
