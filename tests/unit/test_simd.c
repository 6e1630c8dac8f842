/* The SIMD paths against the portable loops: every case runs at each level of SIMD paths up to
 * what the CPU has (AVX2, AVX-512F, AVX512-FP16; tix__simd_limit, an internal hook of the
 * static library; levels the CPU lacks take the paths it has) and with the portable loops
 * alone, and all must give the same status, diagnostic and output bytes, equal to a plain loop
 * here.
 *
 * The hardware gathers serve element gathers with dense int32/int64 indices and 4- or 8-byte
 * elements, a vector of indices at a time while all are in range, or under the ignore and
 * clamp rules with the fill, or the nearer end, in the lanes out of range: along a dense axis
 * (AVX2; 1- and 2-byte elements with AVX-512F), and along axis 0, each element of a row from
 * another row of the data (AVX-512F); and gathers whose rows share their indices, along the
 * offsets resolved once for them, the fill in the lanes that resolved to nothing (AVX-512F:
 * tix_gather along axis 1 here). Rows of lengths
 * that are not multiples of the vector, indices negative (wrapped, or out of range under the
 * other negative rule), out of range (filled, clamped, or an error) at the start, middle and
 * end of a row and in the upper half of a vector, from the middle of a row on every other index
 * negative, or past the end and negative in turn; float16 and int8 too.
 *
 * 1- and 2-byte elements, along a dense axis, each from another row, or along the offsets
 * resolved once for rows that share their indices, gather the aligned 4 bytes around each
 * element (AVX-512F): test_narrow_gathers_against_portable, on data that ends where an
 * unreadable page begins.
 *
 * The means of float32 and float64 sums by int32 counts divide whole vectors (AVX2, AVX-512F):
 * test_means_against_portable through the calls, test_mean_kernel_nans on the kernel, and
 * test_mean_kernel_powers_of_two on its products by reciprocals.
 *
 * Dense rows under a reduction take a copy of their loops compiled for AVX2:
 * test_row_reductions_against_portable.
 *
 * float16's reductions convert by F16C (AVX2), eight at a time in dense rows under add, sub
 * and mul, and compute in half precision (AVX512-FP16), and their dense means divide whole
 * vectors: test_float16_against_portable and test_row_reductions_against_portable (rows of 37
 * elements: a tail after whole vectors); so do bfloat16's:
 * test_row_reductions_against_portable and test_bfloat16_means. Their min and max in dense rows
 * compare bits, against a written order of values: test_16bit_extremes_in_rows.
 *
 * Where the CPU's hardware gathers are slow (AMD before Zen 5; on Zen 5 all but AVX2's of
 * 4-byte elements along dense indices), the AVX2 gathers check a vector of indices and load
 * its lanes one by one: every case runs both ways (tix__gathers_choose), and
 * test_gathers_as_linux_sees_the_cpu checks which way the library takes; that way the
 * gathers, AVX2's and AVX-512's, start only where a lane would take the fill or the nearer
 * end, and along offsets only for 8-byte elements: test_slow_gathers_leave_plain_rules, with
 * Zen 5's way between. Along offsets, 4-byte elements then go by AVX2 loads put together in
 * vectors: test_offsets_loaded_where_gathers_are_slow. Every gather kernel along offsets
 * prefetches the lines handed to it (the row ahead): test_gather_kernels_prefetch_ahead.
 *
 * Into outputs past 4 MiB the element gathers store with streaming stores (4- and 8-byte
 * elements; each vector where the output is aligned to it, else each element):
 * test_streamed_gathers_against_plain, with them and without them. Streaming copies of whole
 * lines store 32 bytes at a time with AVX2: test_streaming_copies.
 *
 * The level the library finds is the one Linux lists: test_level_as_linux_sees_it. */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS */
#include <sys/mman.h>
#include <unistd.h>

#include "unit.h"

#if defined(__SSE2__)
#include <xmmintrin.h> /* MXCSR */
#endif

/* (internal.h's tix__simd, and its hooks of the static library) */
enum { SIMD_NONE, SIMD_AVX2, SIMD_AVX512, SIMD_AVX512_FP16, SIMD_LEVELS };
void tix__simd_limit(int most);
enum tix__simd { TIX__SIMD_NONE = 0, TIX__SIMD_AVX2, TIX__SIMD_AVX512, TIX__SIMD_AVX512_FP16 };
enum tix__simd tix__simd_level(void);
bool tix__hardware_gathers(bool dense4);
void tix__gathers_choose(int paying);
void tix__stores_choose(int mode); /* 0 streaming stores, 1 ordinary ones, -1 the CPU's */
int64_t tix__block_bytes(void);
int64_t tix__block_bytes_for(int64_t level2, bool half);
int64_t tix__prefetch_lines(void);
void tix__prefetch_choose(int lines);
enum tix__stores {
    TIX__STORES_STREAMING = 0,
    TIX__STORES_PLAIN,
    TIX__STORES_STRING,
    TIX__STORES_STREAMING_WIDE,
    TIX__STORES_STREAMING_STRING
};
enum tix__stores tix__store_mode(void);

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
    static const tix_dtype dtypes[] = {DT_F32, DT_I32, DT_F64, DT_I64, DT_C64, DT_F16, DT_I8};
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
                        tix__simd_limit(SIMD_NONE);
                        tix_status off = run_case(data, dtypes[t], kind, values, n, index,
                                                  negative, rules[r], portable, &off_at);
                        tix_status on = TIX_STATUS_OK;
                        /* each level with the hardware gathers and with loads instead */
                        for (int way = 0; way < 2 * (SIMD_LEVELS - SIMD_AVX2); way++) {
                            tix__simd_limit(SIMD_AVX2 + way / 2);
                            tix__gathers_choose(way % 2);
                            on = run_case(data, dtypes[t], kind, values, n, index, negative,
                                          rules[r], simd, &on_at);
                            assert_int_equal(on, off);
                            assert_int_equal(on_at, off_at);
                            assert_memory_equal(simd, portable, (size_t)(ROWS * width) * size);
                        }
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
    tix__gathers_choose(-1);
    assert_true(cases > 0);
}

/* A mean scatter (tix_scatter_elements, reduction mean) of float32 or float64: along axis 1 of
 * data [ROWS, n] (rows counted beside their stage) or axis 0 of data [n, ROWS] (a count per
 * output element), indices and updates [ROWS, u] or [u, ROWS]; the output in out. */
static void run_mean(const void* data, const void* updates, const int64_t* indices,
                     tix_dtype dtype, int64_t axis, int64_t n, int64_t u, bool exclude_self,
                     void* out) {
    tix_tensor d = axis == 1 ? UT_T((void*)data, dtype, ROWS, n)
                             : UT_T((void*)data, dtype, n, ROWS);
    tix_tensor i = axis == 1 ? UT_T((void*)indices, DT_I64, ROWS, u)
                             : UT_T((void*)indices, DT_I64, u, ROWS);
    tix_tensor up = axis == 1 ? UT_T((void*)updates, dtype, ROWS, u)
                              : UT_T((void*)updates, dtype, u, ROWS);
    tix_tensor o = axis == 1 ? UT_T(out, dtype, ROWS, n) : UT_T(out, dtype, n, ROWS);
    tix_options options = ut_opts();
    options.reduction = TIX_REDUCTION_MEAN;
    options.exclude_self = exclude_self;
    assert_int_equal(tix_scatter_elements(&d, &i, &up, axis, &o, &options), TIX_STATUS_OK);
}

/* The means of the SIMD paths (whole vectors of float32 or float64 sums divided by their
 * counts) against the portable loop and a plain loop here: rows whose lengths are not
 * multiples of the vectors, elements no update reaches (their bytes kept, NaN payloads too),
 * counts of 1 to 5, NaN, infinite and negative-zero sums, with and without self. */
static void test_means_against_portable(void** state) {
    (void)state;
    enum { MAX_N = 1003, MAX_U = 2 * MAX_N };
    static const int64_t lengths[] = {5, 37, 1003};
    static double data[ROWS * MAX_N], updates[ROWS * MAX_U], expected[ROWS * MAX_N];
    static float data32[ROWS * MAX_N], updates32[ROWS * MAX_U];
    static int64_t indices[ROWS * MAX_U], counts[ROWS * MAX_N];
    static unsigned char simd[ROWS * MAX_N * 8], portable[ROWS * MAX_N * 8];
    int cases = 0;
    for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
        int64_t n = lengths[l], u = 2 * n;
        uint32_t random = 12345;
        for (int64_t k = 0; k < ROWS * n; k++) {
            random = random * 1103515245u + 12345u;
            data[k] = k % 7 == 3 ? NAN : k % 11 == 5 ? INFINITY : (double)(random >> 8) / 4096;
        }
        /* NaNs with payloads, kept where no update comes */
        uint32_t payload_bits = 0x7FC01234u;
        uint64_t payload64_bits = 0x7FF8000000001234u;
        float payload;
        double payload64;
        memcpy(&payload, &payload_bits, sizeof payload);
        memcpy(&payload64, &payload64_bits, sizeof payload64);
        for (int64_t k = 0; k < ROWS * u; k++) {
            random = random * 1103515245u + 12345u;
            indices[k] = (int64_t)(random >> 8) % n;
            updates[k] = k % 13 == 4 ? -0.0 : k % 29 == 9 ? NAN : -(double)(random >> 12) / 16;
        }
        for (int64_t k = 0; k < ROWS * n; k++) {
            data32[k] = k % 17 == 8 ? payload : (float)data[k];
            data[k] = k % 17 == 8 ? payload64 : data[k];
        }
        for (int64_t k = 0; k < ROWS * u; k++)
            updates32[k] = (float)updates[k];
        for (int64_t axis = 0; axis < 2; axis++) {
            for (int dt = 0; dt < 2; dt++) {
                tix_dtype dtype = dt == 0 ? DT_F32 : DT_F64;
                size_t size = tix_dtype_size(dtype);
                const void* d = dt == 0 ? (const void*)data32 : (const void*)data;
                const void* up = dt == 0 ? (const void*)updates32 : (const void*)updates;
                for (int exclude = 0; exclude < 2; exclude++) {
                    tix__simd_limit(SIMD_NONE);
                    run_mean(d, up, indices, dtype, axis, n, u, exclude, portable);
                    for (int level = SIMD_AVX2; level < SIMD_LEVELS; level++) {
                        tix__simd_limit(level);
                        run_mean(d, up, indices, dtype, axis, n, u, exclude, simd);
                        assert_memory_equal(simd, portable, (size_t)(ROWS * n) * size);
                    }
                    /* a plain loop: sums in row-major order of the updates, then divided */
                    for (int64_t k = 0; k < ROWS * n; k++) {
                        expected[k] = dt == 0 ? (double)data32[k] : data[k];
                        counts[k] = 0;
                    }
                    for (int64_t k = 0; k < ROWS * u; k++) { /* (row, j) of the updates */
                        int64_t row = axis == 1 ? k / u : k % ROWS;
                        int64_t e = axis == 1 ? row * n + indices[k] : indices[k] * ROWS + row;
                        if (counts[e]++ == 0 && exclude) expected[e] = 0;
                        expected[e] = dt == 0 ? (double)((float)expected[e] + updates32[k])
                                              : expected[e] + updates[k];
                    }
                    for (int64_t e = 0; e < ROWS * n; e++) {
                        const unsigned char* got = simd + (size_t)e * size;
                        if (counts[e] == 0) { /* untouched: data's bytes */
                            const void* from =
                                dt == 0 ? (const void*)&data32[e] : (const void*)&data[e];
                            assert_memory_equal(got, from, size);
                            continue;
                        }
                        double divisor = (double)(counts[e] + (exclude ? 0 : 1));
                        if (dt == 0) {
                            float mean = (float)expected[e] / (float)divisor;
                            float want = isnan(mean) ? NAN : mean;
                            assert_memory_equal(got, &want, size);
                        } else {
                            double mean = expected[e] / divisor, want = isnan(mean) ? NAN : mean;
                            assert_memory_equal(got, &want, size);
                        }
                    }
                    cases++;
                }
            }
        }
    }
    assert_int_equal(cases, 24);
}

/* The mean kernel itself (src/kernels/reduce_real.h) at each level, on dense int32 counts: a
 * NaN sum with a payload where updates came becomes the canonical NaN (no call leaves such a
 * sum, so only here), and keeps its bytes where none did. */
typedef void (*mean_kernel_fn)(char* dst, int64_t dst_stride, const char* counts,
                               int64_t count_stride, size_t count_size, int64_t self, int64_t n);
mean_kernel_fn tix__mean_kernel(tix_dtype dtype);

static void test_mean_kernel_nans(void** state) {
    (void)state;
    enum { LONG = 37 };
    int32_t counts[LONG];
    float f[LONG], want_f[LONG];
    double d[LONG], want_d[LONG];
    const uint32_t payload = 0x7fc00123u, canonical = 0x7fc00000u;
    const uint64_t payload64 = 0x7ff8000000000123u, canonical64 = 0x7ff8000000000000u;
    for (int level = SIMD_NONE; level < SIMD_LEVELS; level++) {
        tix__simd_limit(level);
        for (int k = 0; k < LONG; k++) {
            counts[k] = k % 3 == 0 ? 0 : k % 7;
            f[k] = k % 4 == 1 ? NAN : (float)k - 10.5f;
            d[k] = (double)f[k];
            if (k % 4 == 1) {
                memcpy(&f[k], &payload, sizeof payload);
                memcpy(&d[k], &payload64, sizeof payload64);
            }
            want_f[k] = counts[k] != 0 ? f[k] / (float)(counts[k] + 1) : f[k];
            want_d[k] = counts[k] != 0 ? d[k] / (double)(counts[k] + 1) : d[k];
            if (k % 4 == 1 && counts[k] != 0) {
                memcpy(&want_f[k], &canonical, sizeof canonical);
                memcpy(&want_d[k], &canonical64, sizeof canonical64);
            }
        }
        tix__mean_kernel(DT_F32)((char*)f, 4, (const char*)counts, 4, 4, 1, LONG);
        assert_memory_equal(f, want_f, sizeof f);
        tix__mean_kernel(DT_F64)((char*)d, 8, (const char*)counts, 4, 4, 1, LONG);
        assert_memory_equal(d, want_d, sizeof d);
    }
}

/* Vectors whose divisors are all powers of two are multiplied by the reciprocals instead (the
 * same bits): the kernel at each level against a division here, by divisors 1 to 2^30 (self 0
 * and 1, count 0 between), of sums that are normal, subnormal (odd multiples of the least:
 * ties to even), at the ends of the range, infinite, zeros, NaNs; and vectors where
 * one lane is not a power of two, which must divide (a third is not a reciprocal's product). */
static void test_mean_kernel_powers_of_two(void** state) {
    (void)state;
    enum { LONG = 67 };
    static const double sums[] = {1.0,    -3.0,    1e-30, -0.0,  0.0,    7.0 / 3,
                                  1.5e300, -1e-300, 3e38, 1e-40, 5e-324, 2.2250738585072014e-308};
    int32_t counts[LONG];
    float f[LONG], want_f[LONG];
    double d[LONG], want_d[LONG];
    const float subnormals[] = {1e-45f, 3e-45f, 5e-45f, 7e-45f, -1e-45f};
    int checked = 0;
    for (int self = 0; self < 2; self++) {
        for (int mixed = 0; mixed < 2; mixed++) {
            for (int level = SIMD_NONE; level < SIMD_LEVELS; level++) {
                tix__simd_limit(level);
                for (int k = 0; k < LONG; k++) {
                    int32_t power = (int32_t)1 << (k % 31);
                    counts[k] = k % 5 == 4 ? 0 : power - self;
                    if (counts[k] == 0 && k % 5 != 4) counts[k] = power; /* (1 with self 1: 2) */
                    if (mixed && k % 16 == 7) counts[k] = 3 - self;       /* divisor 3 */
                    d[k] = k % 9 == 8 ? INFINITY : k % 13 == 6 ? NAN : sums[k % 12];
                    f[k] = k % 3 == 1 ? subnormals[k % 5] : (float)d[k];
                    if (k % 11 == 10) f[k] = -INFINITY;
                    int32_t divisor = counts[k] + self;
                    want_f[k] = counts[k] != 0 ? f[k] / (float)divisor : f[k];
                    want_d[k] = counts[k] != 0 ? d[k] / (double)divisor : d[k];
                }
                tix__mean_kernel(DT_F32)((char*)f, 4, (const char*)counts, 4, 4, self, LONG);
                assert_memory_equal(f, want_f, sizeof f);
                tix__mean_kernel(DT_F64)((char*)d, 8, (const char*)counts, 4, 4, self, LONG);
                assert_memory_equal(d, want_d, sizeof d);
                checked++;
            }
        }
    }
    assert_int_equal(checked, 4 * SIMD_LEVELS);
}

/* Dense rows under a reduction (tix_scatter_nd's whole runs) take a copy of their loops compiled
 * for AVX2 at that level and above (kernels/reduce_loops.h). Every real dtype and reduction,
 * with and without self, rows of 37 and 300 elements (not multiples of the vectors), random
 * bytes as data and updates (NaNs with payloads, infinities, subnormals in the float types),
 * some update rows equal to data rows (ties for min and max), several updates per output row:
 * the same output bytes at every level, and float32's sums and maxima as a plain loop here
 * gives them. */
enum { REDUCED_ROWS = 8, REDUCED_UPDATES = 24, REDUCED_WIDTH = 300 };

static void run_rows_reduced(const void* data, const int64_t* indices, const void* updates,
                             tix_dtype dtype, int64_t width, tix_reduction reduction,
                             bool exclude_self, void* out) {
    tix_options options = ut_opts();
    options.reduction = reduction;
    options.exclude_self = exclude_self;
    tix_tensor d = UT_T((void*)data, dtype, REDUCED_ROWS, width);
    tix_tensor i = UT_T((void*)indices, DT_I64, REDUCED_UPDATES, 1);
    tix_tensor u = UT_T((void*)updates, dtype, REDUCED_UPDATES, width);
    tix_tensor o = UT_T(out, dtype, REDUCED_ROWS, width);
    assert_int_equal(tix_scatter_nd(&d, &i, &u, 0, &o, &options), TIX_STATUS_OK);
}

static void test_row_reductions_against_portable(void** state) {
    (void)state;
    static const tix_dtype dtypes[] = {DT_I8,  DT_U8,  DT_I16, DT_U16, DT_I32, DT_U32,
                                       DT_I64, DT_U64, DT_F32, DT_F64, DT_F16, DT_BF16};
    static const int64_t widths[] = {37, REDUCED_WIDTH};
    static unsigned char data[REDUCED_ROWS * REDUCED_WIDTH * 8];
    static unsigned char updates[REDUCED_UPDATES * REDUCED_WIDTH * 8];
    static unsigned char portable[sizeof data], simd[sizeof data];
    int64_t indices[REDUCED_UPDATES];
    uint32_t random = 4242;
    for (size_t k = 0; k < sizeof data; k++) {
        random = random * 1103515245u + 12345u;
        data[k] = (unsigned char)(random >> 16);
    }
    for (size_t k = 0; k < sizeof updates; k++) {
        random = random * 1103515245u + 12345u;
        updates[k] = (unsigned char)(random >> 16);
    }
    for (int64_t k = 0; k < REDUCED_UPDATES; k++) indices[k] = (k * 5) % REDUCED_ROWS;
    int cases = 0;
    for (size_t t = 0; t < sizeof dtypes / sizeof dtypes[0]; t++) {
        size_t size = tix_dtype_size(dtypes[t]);
        for (size_t w = 0; w < 2; w++) {
            int64_t width = widths[w], row = width * (int64_t)size;
            /* update row 3 is data row 7 (indices[3] = 7): ties with self */
            memcpy(updates + 3 * row, data + 7 * row, (size_t)row);
            for (int reduction = TIX_REDUCTION_ADD; reduction <= TIX_REDUCTION_MEAN; reduction++) {
                for (int exclude = 0; exclude < 2; exclude++) {
                    tix__simd_limit(SIMD_NONE);
                    run_rows_reduced(data, indices, updates, dtypes[t], width,
                                     (tix_reduction)reduction, exclude, portable);
                    for (int level = SIMD_AVX2; level < SIMD_LEVELS; level++) {
                        tix__simd_limit(level);
                        memset(simd, 0, sizeof simd);
                        run_rows_reduced(data, indices, updates, dtypes[t], width,
                                         (tix_reduction)reduction, exclude, simd);
                        assert_memory_equal(simd, portable, (size_t)(REDUCED_ROWS * row));
                    }
                    cases++;
                }
            }
        }
    }
    assert_int_equal(cases, 12 * 2 * 6 * 2);
    /* float32 add and max, from small values, against a plain loop in update order */
    float values[REDUCED_ROWS * 37], ups[REDUCED_UPDATES * 37], sums[REDUCED_ROWS * 37],
        maxima[REDUCED_ROWS * 37], got[REDUCED_ROWS * 37];
    for (int64_t k = 0; k < REDUCED_ROWS * 37; k++) values[k] = (float)(k % 13) * 0.75f - 4;
    for (int64_t k = 0; k < REDUCED_UPDATES * 37; k++) ups[k] = (float)(k % 29) * 0.5f - 7;
    memcpy(sums, values, sizeof sums);
    memcpy(maxima, values, sizeof maxima);
    for (int64_t u = 0; u < REDUCED_UPDATES; u++) {
        for (int64_t e = 0; e < 37; e++) {
            float* sum = &sums[indices[u] * 37 + e];
            float* most = &maxima[indices[u] * 37 + e];
            *sum += ups[u * 37 + e];
            *most = ups[u * 37 + e] > *most ? ups[u * 37 + e] : *most;
        }
    }
    for (int level = SIMD_NONE; level < SIMD_LEVELS; level++) {
        tix__simd_limit(level);
        run_rows_reduced(values, indices, ups, DT_F32, 37, TIX_REDUCTION_ADD, false, got);
        assert_memory_equal(got, sums, sizeof got);
        run_rows_reduced(values, indices, ups, DT_F32, 37, TIX_REDUCTION_MAX, false, got);
        assert_memory_equal(got, maxima, sizeof got);
    }
}

/* float16's reductions compute in half precision at the AVX512-FP16 level, convert by F16C at
 * the AVX2 and AVX-512F levels (kernels/reduce.c), and in integers below them. Every float16
 * value as data, each reached once by an update of another value and then by random updates,
 * under every reduction, with and without self, by int64 and int32 indices (the element
 * loops), and the same values as rows of a scatter_nd (the row loops): the same output bytes
 * at every level. Then cases whose result is known, at every level, with MXCSR's FTZ and DAZ
 * clear and set: rounding to even both ways, overflow to inf, subnormal sums and products, a
 * signalling NaN, a mean whose count is past float16's range, and whole vectors of means
 * (their SIMD kernels) beside signalling NaNs no update reaches. */
enum { HALVES = 65536, HALF_UPDATES = 2 * HALVES, HALF_ROWS = 64, HALF_ROW = 1024 };

/* Along rows: data [HALF_ROWS, HALF_ROW], a row of updates per index (HALF_UPDATES / HALF_ROW of
 * them); else data [HALVES], an element per index (HALF_UPDATES). */
static void run_float16(const uint16_t* data, const int64_t* indices, const uint16_t* updates,
                        bool along_rows, tix_dtype index, tix_reduction reduction,
                        bool exclude_self, uint16_t* out) {
    static int32_t narrow[HALF_UPDATES];
    int64_t n = along_rows ? HALF_UPDATES / HALF_ROW : HALF_UPDATES;
    for (int64_t k = 0; k < n; k++) narrow[k] = (int32_t)indices[k];
    const void* idx = index == DT_I64 ? (const void*)indices : (const void*)narrow;
    tix_options options = ut_opts();
    options.reduction = reduction;
    options.exclude_self = exclude_self;
    tix_status status;
    if (along_rows) {
        tix_tensor d = UT_T((void*)data, DT_F16, HALF_ROWS, HALF_ROW);
        tix_tensor i = UT_T((void*)idx, index, n, 1);
        tix_tensor u = UT_T((void*)updates, DT_F16, HALF_UPDATES / HALF_ROW, HALF_ROW);
        tix_tensor o = UT_T(out, DT_F16, HALF_ROWS, HALF_ROW);
        status = tix_scatter_nd(&d, &i, &u, 0, &o, &options);
    } else {
        tix_tensor d = UT_T((void*)data, DT_F16, HALVES);
        tix_tensor i = UT_T((void*)idx, index, HALF_UPDATES);
        tix_tensor u = UT_T((void*)updates, DT_F16, HALF_UPDATES);
        tix_tensor o = UT_T(out, DT_F16, HALVES);
        status = tix_scatter_elements(&d, &i, &u, 0, &o, &options);
    }
    assert_int_equal(status, TIX_STATUS_OK);
}

/* 40 means of a 16-bit float `dtype` at once (whole vectors), at every level: at even positions
 * `value` and an update of 0, by 2, which gives `want`; at odd ones the signalling NaN
 * `untouched`, which no update reaches and which keeps its bytes. */
static void check_halved_means(tix_dtype dtype, uint16_t value, uint16_t want,
                               uint16_t untouched) {
    enum { MEANS = 40 };
    uint16_t data[MEANS], zeroes[MEANS / 2] = {0}, out[MEANS];
    int64_t even[MEANS / 2];
    for (int64_t k = 0; k < MEANS; k++) data[k] = k % 2 == 0 ? value : untouched;
    for (int64_t k = 0; k < MEANS / 2; k++) even[k] = 2 * k;
    for (int level = SIMD_NONE; level < SIMD_LEVELS; level++) {
        tix__simd_limit(level);
        tix_tensor d = UT_T(data, dtype, MEANS), i = UT_T(even, DT_I64, MEANS / 2);
        tix_tensor u = UT_T(zeroes, dtype, MEANS / 2), o = UT_T(out, dtype, MEANS);
        tix_options options = ut_opts();
        options.reduction = TIX_REDUCTION_MEAN;
        assert_int_equal(tix_scatter_elements(&d, &i, &u, 0, &o, &options), TIX_STATUS_OK);
        for (int64_t k = 0; k < MEANS; k++)
            assert_int_equal(out[k], k % 2 == 0 ? want : untouched);
    }
}

/* Cases whose result is known, at every level (test_float16_against_portable). */
static void check_float16_known(void) {
    static const struct {
        tix_reduction reduction;
        uint16_t data, update, want;
    } known[] = {
        {TIX_REDUCTION_ADD, 0x3C00, 0x4000, 0x4200}, /* 1 + 2 = 3 */
        {TIX_REDUCTION_ADD, 0x6800, 0x3C00, 0x6800}, /* 2048 + 1: a tie, to the even 2048 */
        {TIX_REDUCTION_ADD, 0x6801, 0x3C00, 0x6802}, /* 2050 + 1: a tie, to the even 2052 */
        {TIX_REDUCTION_ADD, 0x7BFF, 0x7BFF, 0x7C00}, /* 65504 + 65504 = inf */
        {TIX_REDUCTION_ADD, 0x0001, 0x0001, 0x0002}, /* 2^-24 + 2^-24: subnormal */
        {TIX_REDUCTION_ADD, 0x7C01, 0x3C00, 0x7E00}, /* signalling NaN: the canonical NaN */
        {TIX_REDUCTION_MUL, 0x0400, 0x3800, 0x0200}, /* 2^-14 * 0.5: a subnormal */
        {TIX_REDUCTION_MUL, 0x0001, 0x3800, 0x0000}, /* 2^-24 * 0.5: a tie, to the even 0 */
        {TIX_REDUCTION_MUL, 0x0003, 0x3800, 0x0002}, /* 3 * 2^-25: a tie, to the even 2^-23 */
        {TIX_REDUCTION_MEAN, 0xC000, 0x3C00, 0xB800}, /* (-2 + 1) / 2 = -0.5 */
    };
    enum { KNOWN = sizeof known / sizeof known[0] };
    for (int level = SIMD_NONE; level < SIMD_LEVELS; level++) {
        tix__simd_limit(level);
        for (int k = 0; k < KNOWN; k++) {
            uint16_t in = known[k].data, update = known[k].update, out = 0;
            int64_t zero = 0;
            tix_tensor d = UT_T(&in, DT_F16, 1), i = UT_T(&zero, DT_I64, 1);
            tix_tensor u = UT_T(&update, DT_F16, 1), o = UT_T(&out, DT_F16, 1);
            tix_options options = ut_opts();
            options.reduction = known[k].reduction;
            assert_int_equal(tix_scatter_elements(&d, &i, &u, 0, &o, &options),
                             TIX_STATUS_OK);
            assert_int_equal(out, known[k].want);
        }
    }
    /* 40 means at once (whole vectors): 3 * 2^-24 and 0, by 2: 1.5 * 2^-24, a subnormal tie, to
     * the even 2^-23 */
    check_halved_means(DT_F16, 0x0003, 0x0002, 0x7C01);
    /* the mean of 70,000 updates of 1 into a 0: the sum stops at 2048 (2048 + 1 is a tie, to
     * the even 2048) and the count, 70,001 with self, is past float16's largest value: 2048 /
     * 70001 in float32, rounded once (AVX512-FP16's copy must not divide in float16) */
    enum { MANY = 70000 };
    static uint16_t ones[MANY];
    static int64_t zeros[MANY];
    for (int64_t k = 0; k < MANY; k++) ones[k] = 0x3C00;
    for (int level = SIMD_NONE; level < SIMD_LEVELS; level++) {
        tix__simd_limit(level);
        uint16_t in = 0, out = 0;
        tix_tensor d = UT_T(&in, DT_F16, 1), i = UT_T(zeros, DT_I64, MANY);
        tix_tensor u = UT_T(ones, DT_F16, MANY), o = UT_T(&out, DT_F16, 1);
        tix_options options = ut_opts();
        options.reduction = TIX_REDUCTION_MEAN;
        assert_int_equal(tix_scatter_elements(&d, &i, &u, 0, &o, &options), TIX_STATUS_OK);
        assert_int_equal(out, 0x277D);
    }
}

static void test_float16_against_portable(void** state) {
    (void)state;
    static uint16_t data[HALVES], updates[HALF_UPDATES], portable[HALVES], simd[HALVES];
    static int64_t indices[HALF_UPDATES], row_indices[HALF_UPDATES / HALF_ROW];
    uint32_t random = 777;
    for (int64_t k = 0; k < HALVES; k++) {
        data[k] = (uint16_t)k;
        indices[k] = k;
        updates[k] = (uint16_t)(k * 40503 + 7); /* every value once, each beside another */
    }
    for (int64_t k = HALVES; k < HALF_UPDATES; k++) {
        random = random * 1103515245u + 12345u;
        indices[k] = (int64_t)(random >> 8) % HALVES;
        updates[k] = (uint16_t)(random >> 9);
    }
    for (int64_t k = 0; k < HALF_UPDATES / HALF_ROW; k++) /* each row twice */
        row_indices[k] = k * 7 % HALF_ROWS;
    static const tix_reduction reductions[] = {TIX_REDUCTION_ADD, TIX_REDUCTION_SUB,
                                               TIX_REDUCTION_MUL, TIX_REDUCTION_MIN,
                                               TIX_REDUCTION_MAX, TIX_REDUCTION_MEAN};
    int cases = 0;
    for (int rows = 0; rows < 2; rows++) {
        const int64_t* picked = rows ? row_indices : indices;
        for (int ix = 0; ix < 2; ix++) {
            tix_dtype index = ix == 0 ? DT_I64 : DT_I32;
            for (size_t r = 0; r < sizeof reductions / sizeof reductions[0]; r++) {
                for (int exclude = 0; exclude < 2; exclude++) {
                    tix__simd_limit(SIMD_NONE);
                    run_float16(data, picked, updates, rows, index, reductions[r], exclude,
                                portable);
                    for (int level = SIMD_AVX2; level < SIMD_LEVELS; level++) {
                        tix__simd_limit(level);
                        memset(simd, 0xA5, sizeof simd);
                        run_float16(data, picked, updates, rows, index, reductions[r],
                                    exclude, simd);
                        assert_memory_equal(simd, portable, sizeof simd);
                    }
                    cases++;
                }
            }
        }
    }
    assert_int_equal(cases, 48);

    check_float16_known();
#if defined(__SSE2__)
    /* again with MXCSR's FTZ and DAZ set: float16's results are never flushed, at any level
     * (F16C's conversions and AVX512-FP16's instructions ignore both; float32 arithmetic on
     * float16 values never meets a subnormal float32) */
    unsigned int csr = _mm_getcsr();
    _mm_setcsr(csr | 0x8040u);
    check_float16_known();
    _mm_setcsr(csr);
#endif
}

/* bfloat16's dense means divide whole vectors (AVX2) and round as the portable loop: 3 *
 * 2^-133 and 0, by 2: 1.5 * 2^-133, a subnormal float32 whose low half is a tie, to the even
 * 2^-132 (up); 2^-133 and 0, by 2: a tie to the even 0 (down). (A mean's only ties are such: a
 * bfloat16 divided by an odd number never lies halfway between two.) */
static void test_bfloat16_means(void** state) {
    (void)state;
    check_halved_means(DT_BF16, 0x0003, 0x0002, 0x7F81);
    check_halved_means(DT_BF16, 0x0001, 0x0000, 0x7F81);
}

/* The 16-bit floats' min and max in dense rows, which compare the bits' ranks below the
 * AVX512-FP16 level (kernels/reduce_real.h): every pair of twelve values, output and update,
 * in one row of a scatter_nd (151 elements: the 144 pairs and the first 7 again, whole vectors
 * and a tail at every width), at every level, against the order of the values written here: a
 * NaN output stays, a NaN update replaces, -0 and +0 tie (the output stays), subnormals order
 * as numbers. */
enum { NAMED = 12, PAIRS = NAMED * NAMED, PAIRS_ROW = PAIRS + 7 };

static void check_extremes_in_rows(tix_dtype dtype, const uint16_t bits[NAMED]) {
    /* each value's place in the order, NaNs (the last three) -1 */
    static const int place[NAMED] = {0, 1, 2, 3, 4, 4, 5, 6, 7, -1, -1, -1};
    uint16_t data[PAIRS_ROW], updates[PAIRS_ROW], out[PAIRS_ROW];
    for (int k = 0; k < PAIRS_ROW; k++) {
        data[k] = bits[k % PAIRS / NAMED];
        updates[k] = bits[k % PAIRS % NAMED];
    }
    int64_t zero = 0;
    for (int level = SIMD_NONE; level < SIMD_LEVELS; level++) {
        tix__simd_limit(level);
        for (int lower = 0; lower < 2; lower++) {
            tix_tensor d = UT_T(data, dtype, 1, PAIRS_ROW), i = UT_T(&zero, DT_I64, 1, 1);
            tix_tensor u = UT_T(updates, dtype, 1, PAIRS_ROW);
            tix_tensor o = UT_T(out, dtype, 1, PAIRS_ROW);
            tix_options options = ut_opts();
            options.reduction = lower ? TIX_REDUCTION_MIN : TIX_REDUCTION_MAX;
            assert_int_equal(tix_scatter_nd(&d, &i, &u, 0, &o, &options), TIX_STATUS_OK);
            for (int k = 0; k < PAIRS_ROW; k++) {
                int a = k % PAIRS / NAMED, b = k % PAIRS % NAMED;
                bool update_wins = place[a] >= 0 &&
                                   (place[b] < 0 || (lower ? place[b] < place[a]
                                                           : place[b] > place[a]));
                assert_int_equal(out[k], update_wins ? bits[b] : bits[a]);
            }
        }
    }
}

static void test_16bit_extremes_in_rows(void** state) {
    (void)state;
    /* -inf, -65504, -1, the smallest negative subnormal, -0, +0, the smallest subnormal, 1,
     * +inf; a quiet NaN, a signalling NaN, a negative NaN */
    static const uint16_t halves[NAMED] = {0xFC00, 0xFBFF, 0xBC00, 0x8001, 0x8000, 0x0000,
                                           0x0001, 0x3C00, 0x7C00, 0x7E00, 0x7C01, 0xFE00};
    static const uint16_t brains[NAMED] = {0xFF80, 0xFF7F, 0xBF80, 0x8001, 0x8000, 0x0000,
                                           0x0001, 0x3F80, 0x7F80, 0x7FC0, 0x7F81, 0xFFC0};
    check_extremes_in_rows(DT_F16, halves);
    check_extremes_in_rows(DT_BF16, brains);
}

/* The first line of x86 Linux's /proc/cpuinfo that starts with `key`, into line; false where
 * there is none (another system, or another processor). */
static bool cpuinfo_line(const char* key, char* line, size_t size) {
#if !defined(__x86_64__)
    return false;
#endif
    FILE* cpuinfo = fopen("/proc/cpuinfo", "r");
    if (cpuinfo == NULL)
        return false;
    bool found = false;
    while (!found && fgets(line, (int)size, cpuinfo) != NULL)
        found = strncmp(line, key, strlen(key)) == 0;
    fclose(cpuinfo);
    return found;
}

/* Whether valgrind runs the test: its CPUID describes a processor of its own. */
static bool under_valgrind(void) {
    const char* preload = getenv("LD_PRELOAD");
    return preload != NULL && strstr(preload, "vgpreload") != NULL;
}

/* The level the library finds (src/cpu.c, by CPUID) is the one Linux's list of the CPU's
 * features gives: AVX2 with F16C, AVX-512F, and AVX512-FP16 with BW and VL. Under valgrind,
 * whose CPUID lists fewer (no AVX-512), at most that one. (Where there is no /proc/cpuinfo, or
 * it is not x86's, nothing to compare with.) */
static void test_level_as_linux_sees_it(void** state) {
    (void)state;
    static char line[16384];
    if (!cpuinfo_line("flags", line, sizeof line))
        skip();
    const char* names[] = {"avx2", "f16c", "avx512f", "avx512bw", "avx512vl", "avx512_fp16"};
    bool has[6] = {false};
    for (char* word = strtok(line, " \t\n"); word != NULL; word = strtok(NULL, " \t\n")) {
        for (int k = 0; k < 6; k++) has[k] = has[k] || strcmp(word, names[k]) == 0;
    }
    enum tix__simd want = !(has[0] && has[1]) ? TIX__SIMD_NONE
                          : !has[2]           ? TIX__SIMD_AVX2
                          : has[3] && has[4] && has[5] ? TIX__SIMD_AVX512_FP16
                                                       : TIX__SIMD_AVX512;
    tix__simd_limit(SIMD_LEVELS); /* (what the CPU has) */
    if (under_valgrind())
        assert_true(tix__simd_level() <= want);
    else
        assert_int_equal(tix__simd_level(), want);
}

/* The processor Linux names (not under valgrind, whose CPUID names another one): its vendor in
 * *vendor (VENDOR_AMD, VENDOR_INTEL or VENDOR_OTHER) and its family; false where it cannot
 * tell. */
enum { VENDOR_OTHER, VENDOR_AMD, VENDOR_INTEL };
static bool cpu_as_linux_sees_it(int* vendor, int* family) {
    static char vendor_line[256], family_line[256];
    if (!cpuinfo_line("vendor_id", vendor_line, sizeof vendor_line) ||
        !cpuinfo_line("cpu family", family_line, sizeof family_line) || under_valgrind())
        return false;
    const char* number = strchr(family_line, ':');
    assert_non_null(number);
    *vendor = strstr(vendor_line, "AuthenticAMD") != NULL   ? VENDOR_AMD
              : strstr(vendor_line, "GenuineIntel") != NULL ? VENDOR_INTEL
                                                            : VENDOR_OTHER;
    *family = atoi(number + 1);
    return true;
}

/* The library loads the lanes of its gathers one by one (tix__hardware_gathers false) on the
 * processors Linux names AMD of a family before 26 (1Ah, Zen 5); on AMD of family 26 and later
 * all but those of AVX2's 4-byte gathers along dense indices (`dense4`); elsewhere none. (Not
 * under valgrind, whose CPUID names another processor.) */
static void test_gathers_as_linux_sees_the_cpu(void** state) {
    (void)state;
    int vendor, family;
    if (!cpu_as_linux_sees_it(&vendor, &family))
        skip();
    bool amd = vendor == VENDOR_AMD, zen5 = amd && family >= 26;
    tix__gathers_choose(-1);
    assert_int_equal(tix__hardware_gathers(true), !amd || zen5);
    assert_int_equal(tix__hardware_gathers(false), !amd);
}

/* The store mode the library takes (tix__stores) is the one for the processor Linux names:
 * on AMD of family 26 (Zen 5) and later streaming stores with string copies and staged rows as
 * usual, on Intel streaming stores but for short rows, elsewhere streaming stores. (Not under
 * valgrind.) */
static void test_stores_as_linux_sees_the_cpu(void** state) {
    (void)state;
    int vendor, family;
    if (!cpu_as_linux_sees_it(&vendor, &family))
        skip();
    enum tix__stores want = vendor == VENDOR_AMD && family >= 26 ? TIX__STORES_STREAMING_STRING
                            : vendor == VENDOR_INTEL             ? TIX__STORES_STREAMING_WIDE
                                                                 : TIX__STORES_STREAMING;
    tix__stores_choose(-1);
    assert_int_equal(tix__store_mode(), want);
}

/* The bytes of the second-level cache of CPU 0 as Linux's sysfs gives them, and in *sharing
 * how many CPUs share it; 0 where it does not say. */
static int64_t level2_as_linux_sees_it(int* sharing) {
    for (int k = 0; k < 8; k++) {
        char path[96], level[16] = "", type[32] = "", size[32] = "", shared[256] = "";
        const char* names[] = {"level", "type", "size", "shared_cpu_list"};
        char* into[] = {level, type, size, shared};
        size_t sizes[] = {sizeof level, sizeof type, sizeof size, sizeof shared};
        for (int f = 0; f < 4; f++) {
            snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/%s", k,
                     names[f]);
            FILE* file = fopen(path, "r");
            if (file == NULL)
                return 0;
            bool read = fgets(into[f], (int)sizes[f], file) != NULL;
            fclose(file);
            if (!read)
                return 0;
        }
        if (atoi(level) != 2 || strncmp(type, "Instruction", 11) == 0)
            continue;
        *sharing = 0; /* the CPUs of a list such as "0-1,4" */
        for (char* part = strtok(shared, ",\n"); part != NULL; part = strtok(NULL, ",\n")) {
            const char* dash = strchr(part, '-');
            *sharing += dash != NULL ? atoi(dash + 1) - atoi(part) + 1 : 1;
        }
        return (int64_t)atoll(size) * (strchr(size, 'M') != NULL ? 1024 * 1024 : 1024);
    }
    return 0;
}

/* The tiles of cache-blocked passes are what tix__block_bytes_for makes of the L2 that Linux
 * reports for CPU 0: half of it on AMD of family 26 (1Ah, Zen 5) and later, else a quarter
 * or half up to 256 KiB (on Zen 5's 1 MiB: 512 KiB). (Not under valgrind, nor
 * where the L2 is shared by more than two CPUs, which the library divides.) */
static void test_tiles_as_linux_sees_the_cpu(void** state) {
    (void)state;
    int vendor, family, sharing = 0;
    int64_t level2 = level2_as_linux_sees_it(&sharing);
    if (!cpu_as_linux_sees_it(&vendor, &family) || level2 == 0 || sharing > 2)
        skip();
    bool zen5 = vendor == VENDOR_AMD && family >= 26;
    assert_int_equal(tix__block_bytes(), tix__block_bytes_for(level2, zen5));
}

/* A row gather prefetches 32 lines ahead on Intel, 128 elsewhere; tix__prefetch_choose pins
 * the lines and 0 gives the CPU's back. */
static void test_prefetch_as_linux_sees_the_cpu(void** state) {
    (void)state;
    int vendor, family;
    if (!cpu_as_linux_sees_it(&vendor, &family))
        skip();
    tix__prefetch_choose(0);
    int64_t cpus = tix__prefetch_lines();
    assert_int_equal(cpus, vendor == VENDOR_INTEL ? 32 : 128);
    tix__prefetch_choose(7);
    assert_int_equal(tix__prefetch_lines(), 7);
    tix__prefetch_choose(0);
    assert_int_equal(tix__prefetch_lines(), cpus);
}

/* internal.h's tix__lanes, and the start of the dense gathers that takes it */
typedef struct lanes {
    int64_t bound;
    bool wrap;
    const char* fill;
    bool clamp;
    bool filled;
    bool stream;
} lanes;
int64_t tix__gather_dense_simd(char* dst, const char* src, const char* indices, int64_t n,
                               size_t size, size_t width, lanes* l);
int64_t tix__gather_strided_simd(char* dst, const char* src, const char* indices, int64_t n,
                                 int64_t step, size_t size, size_t width, lanes* l);
bool tix__gathers_strided_move(size_t size, bool lenient);
bool tix__gathers_offsets_move(size_t size);

/* Where the hardware gathers are slow, they start only where a lane out of range would take
 * the fill or the nearer end (the portable loop moves the rest faster): 64 elements by int64
 * indices all in range, moved whichever way the gathers go under the ignore and clamp rules,
 * and under the error rule only where they are hardware gathers: float32 along a dense axis
 * (AVX2: where all pay, or AVX2's 4-byte dense ones alone), float64 along it (AVX2: where all
 * pay), and int8 along it and float32 each from another row of data [64, 64] (AVX-512F: where
 * all pay). Where the gathers are
 * slow, a packed tile's rows take them only under clamp, and the gathers along offsets take
 * 8-byte elements alone (4-byte ones go by loads instead, with AVX2), and on Zen 5's way none. */
static void test_slow_gathers_leave_plain_rules(void** state) {
    (void)state;
    enum { N = 64, DENSE_F32, DENSE_I8, STRIDED_F32 };
    static float src[N * N], dst[N];
    static int8_t src8[N], dst8[N];
    int64_t idx[N];
    for (int k = 0; k < N * N; k++) src[k] = (float)k;
    for (int k = 0; k < N; k++) {
        src8[k] = (int8_t)(k - 30);
        idx[k] = (k * 7) % N;
    }
    static const float fill = -1.0f;
    int cases = 0;
    enum { NONE, ALL, DENSE4 }; /* internal.h's tix__gathers */
    for (int paying = NONE; paying <= DENSE4; paying++) {
        tix__gathers_choose(paying);
        for (int kind = DENSE_F32; kind <= STRIDED_F32; kind++) {
            enum tix__simd needs = kind == DENSE_F32 ? TIX__SIMD_AVX2 : TIX__SIMD_AVX512;
            if (tix__simd_level() < needs) continue;
            for (int rule = 0; rule < 3; rule++) { /* error, ignore, clamp */
                lanes l = {N, false, rule == 1 ? (const char*)&fill : NULL, rule == 2, false,
                           false};
                memset(dst, 0, sizeof dst);
                memset(dst8, 0, sizeof dst8);
                int64_t moved =
                    kind == DENSE_F32 ? tix__gather_dense_simd((char*)dst, (const char*)src,
                                                               (const char*)idx, N, 4, 8, &l)
                    : kind == DENSE_I8
                        ? tix__gather_dense_simd((char*)dst8, (const char*)src8,
                                                 (const char*)idx, N, 1, 8, &l)
                        : tix__gather_strided_simd((char*)dst, (const char*)src,
                                                   (const char*)idx, N, N * 4, 4, 8, &l);
                bool pays = paying == ALL || (paying == DENSE4 && kind == DENSE_F32);
                assert_int_equal(moved, !pays && rule == 0 ? 0 : N);
                for (int64_t k = 0; k < moved; k++) {
                    if (kind == DENSE_I8)
                        assert_int_equal(dst8[k], src8[idx[k]]);
                    else
                        assert_true(dst[k] == src[idx[k] * (kind == STRIDED_F32 ? N : 1) +
                                                  (kind == STRIDED_F32 ? k : 0)]);
                }
                cases++;
            }
        }
        if (tix__simd_level() >= TIX__SIMD_AVX2) { /* float64 along a dense axis: AVX2's 8-byte
                                                      gathers, under error only where all pay */
            static double src64[N], dst64[N];
            for (int k = 0; k < N; k++) src64[k] = k * 0.5;
            memset(dst64, 0, sizeof dst64);
            lanes l = {N, false, NULL, false, false, false};
            int64_t moved = tix__gather_dense_simd((char*)dst64, (const char*)src64,
                                                   (const char*)idx, N, 8, 8, &l);
            assert_int_equal(moved, paying == ALL ? N : 0);
            for (int64_t k = 0; k < moved; k++) assert_true(dst64[k] == src64[idx[k]]);
        }
        bool avx512 = tix__simd_level() >= TIX__SIMD_AVX512;
        assert_int_equal(tix__gathers_strided_move(4, false), avx512 && paying == ALL);
        assert_int_equal(tix__gathers_strided_move(4, true), avx512);
        assert_int_equal(tix__gathers_offsets_move(4), tix__simd_level() >= TIX__SIMD_AVX2);
        assert_int_equal(tix__gathers_offsets_move(1), avx512 && paying == ALL);
        assert_int_equal(tix__gathers_offsets_move(8), avx512 && paying != DENSE4);
        assert_false(tix__gathers_offsets_move(16));
    }
    tix__gathers_choose(-1);
    assert_int_equal(cases, tix__simd_level() >= TIX__SIMD_AVX512 ? 27
                            : tix__simd_level() >= TIX__SIMD_AVX2  ? 9
                                                                   : 0);
}

/* (internal.h's) */
typedef struct tix__ahead {
    const char* next;
    int64_t lines;
} tix__ahead;
int64_t tix__gather_offsets_simd(char* dst, const char* src, const int64_t* offsets, int64_t n,
                                 size_t size, const char* fill, bool stream, tix__ahead* ahead);
void tix__stream_fence(void);

/* Along byte offsets, 4-byte elements go eight at a time by AVX2 loads put together in vectors
 * wherever the hardware gathers are not taken there (each way of tix__gathers_choose, AVX2 and
 * AVX-512F): 37 float32 by offsets forwards and backwards from the middle of the source, one in
 * five TIX__SKIP where a fill is given (none otherwise), into an output aligned to 32 bytes with
 * streaming stores, one element past it with ordinary ones, and one element past it with
 * streaming stores. The call moves the whole vectors, 32 elements, each the source's or the
 * fill, and leaves the last five to the portable loop; where the output streams from one element
 * past the boundary, the seven before the next one first, one by one, and then three vectors:
 * 31 elements (AVX-512's gathers, where all pay, sixteen lanes a vector: 23). Of the ten lines
 * handed to it to prefetch (tix__ahead), it takes one for every eight elements of its vectors. */
static void test_offsets_loaded_where_gathers_are_slow(void** state) {
    (void)state;
    enum { N = 37, MOVED = 32, SOURCE = 101 };
    static float src[SOURCE], block[N + 16] __attribute__((aligned(32)));
    int64_t offsets[N];
    for (int k = 0; k < SOURCE; k++) src[k] = 0.5f + (float)k;
    static const float fill = -7.0f;
    int cases = 0;
    for (int level = SIMD_AVX2; level <= SIMD_AVX512; level++) {
        tix__simd_limit(level);
        if ((int)tix__simd_level() < level) continue;
        for (int paying = 0; paying <= 2; paying++) { /* none, all, AVX2's dense 4-byte ones */
            tix__gathers_choose(paying);
            for (int filled = 0; filled < 2; filled++) {
                for (int k = 0; k < N; k++) { /* positions 50 + (k * 23 % 101 - 50) */
                    int64_t position = k * 23 % SOURCE;
                    offsets[k] = filled && k % 5 == 2 ? INT64_MIN : (position - 50) * 4;
                }
                for (int placement = 0; placement < 3; placement++) {
                    bool shifted = placement > 0, stream = placement != 1;
                    float* dst = block + shifted;
                    for (int k = 0; k < N + 16; k++) block[k] = 99.0f;
                    tix__ahead ahead = {(const char*)src, 10};
                    int64_t moved = tix__gather_offsets_simd(
                        (char*)dst, (const char*)&src[50], offsets, N, 4,
                        filled ? (const char*)&fill : NULL, stream, &ahead);
                    tix__stream_fence();
                    int64_t width = paying == 1 && level == SIMD_AVX512 ? 16 : 8; /* (gathers) */
                    int64_t after = (N - 7) / width * width; /* (the vectors past the seven) */
                    assert_int_equal(moved, shifted && stream ? 7 + after : MOVED);
                    int64_t vectors = shifted && stream ? after : MOVED;
                    assert_int_equal(ahead.lines, 10 - vectors / 8);
                    assert_ptr_equal(ahead.next, (const char*)src + vectors / 8 * 64);
                    for (int k = 0; k < N; k++) {
                        float want = k >= moved                 ? 99.0f
                                     : offsets[k] == INT64_MIN ? fill
                                                                : src[50 + offsets[k] / 4];
                        assert_true(dst[k] == want);
                    }
                    assert_true(block[0] == (shifted ? 99.0f : dst[0]));
                    cases++;
                }
            }
        }
    }
    tix__simd_limit(SIMD_LEVELS);
    tix__gathers_choose(-1);
    assert_int_equal(cases, tix__simd_level() >= TIX__SIMD_AVX512 ? 36
                            : tix__simd_level() >= TIX__SIMD_AVX2  ? 18
                                                                   : 0);
}

typedef void (*gather_kernel)(char* dst, int64_t ds, const char* src, int64_t ss,
                              const int64_t* offsets, int64_t n, const char* fill,
                              tix__ahead* ahead);
gather_kernel tix__gather_kernel(size_t element_size, bool streaming);

/* The gather kernels along offsets prefetch every line handed to them (tix__ahead) by the time
 * they return, some as they go, the rest at the end, and move the same elements as a plain loop:
 * each element size (1 to 16 bytes; 4 and 8 with streaming stores too), into a dense output and
 * one of every other element, 3 and 37 elements, one offset in seven TIX__SKIP where a fill is
 * given, at each SIMD level and each way of tix__gathers_choose. Of nine lines, none is left and
 * the next is the tenth. */
static void test_gather_kernels_prefetch_ahead(void** state) {
    (void)state;
    enum { N = 37, SOURCE = 64, LINES = 9 };
    static unsigned char src[SOURCE * 16], dst[2 * N * 16] __attribute__((aligned(32)));
    static unsigned char want[2 * N * 16];
    static const unsigned char fill[16] = {0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
                                           0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff, 0xf0};
    static const size_t sizes[] = {1, 2, 4, 8, 16};
    for (int b = 0; b < SOURCE * 16; b++) src[b] = (unsigned char)(b * 7 + 3);
    int cases = 0;
    for (int level = SIMD_NONE; level < SIMD_LEVELS; level++) {
        tix__simd_limit(level);
        for (int paying = 0; paying <= 2; paying++) {
            tix__gathers_choose(paying);
            for (int z = 0; z < 5; z++) {
                size_t size = sizes[z];
                for (int streaming = 0; streaming < 2; streaming++) {
                    gather_kernel kernel = tix__gather_kernel(size, streaming);
                    if (streaming && size != 4 && size != 8) continue;
                    assert_non_null(kernel);
                    for (int spread = 1; spread <= 2; spread++) {
                        for (int filled = 0; filled < 2; filled++) {
                            for (int64_t n = 3; n <= N; n += N - 3) {
                                int64_t offsets[N], ds = spread * (int64_t)size;
                                for (int64_t k = 0; k < n; k++) {
                                    bool skip = filled && k % 7 == 4;
                                    offsets[k] = skip ? INT64_MIN : k * 29 % SOURCE * (int64_t)size;
                                }
                                memset(dst, 0x55, sizeof dst);
                                memset(want, 0x55, sizeof want);
                                for (int64_t k = 0; k < n; k++) {
                                    const unsigned char* from =
                                        offsets[k] == INT64_MIN ? fill : src + offsets[k];
                                    memcpy(want + k * ds, from, size);
                                }
                                tix__ahead ahead = {(const char*)src, LINES};
                                kernel((char*)dst, ds, (const char*)src, 0, offsets, n,
                                       filled ? (const char*)fill : NULL, &ahead);
                                tix__stream_fence();
                                assert_int_equal(ahead.lines, 0);
                                assert_ptr_equal(ahead.next, (const char*)src + LINES * 64);
                                assert_memory_equal(dst, want, sizeof dst);
                                cases++;
                            }
                        }
                    }
                }
            }
        }
    }
    tix__simd_limit(SIMD_LEVELS);
    tix__gathers_choose(-1);
    assert_int_equal(cases, SIMD_LEVELS * 3 * 7 * 2 * 2 * 2);
}

/* Data [ROWS, NARROW] of int8 or float16: tix_gather along axis 1 by indices [n] that its rows
 * share, tix_gather_elements along axis 1 by indices [ROWS, n] (row r: the same, rotated by r)
 * and along axis 0 (each element from another row), with the fill where the ignore rule drops
 * an index; the data's last byte the last before a page that cannot be read, its first element
 * at an even or odd address, the view dense or flipped along axis 1 (negative offsets). Every
 * level gives the plain loop's bytes. */
enum { NARROW = 1003 };

static void test_narrow_gathers_against_portable(void** state) {
    (void)state;
    long page = sysconf(_SC_PAGESIZE);
    char* pages = mmap(NULL, (size_t)(3 * page), PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0); /* the data's two, and the guard */
    assert_true(pages != MAP_FAILED);
    char* guard = pages + 2 * page;
    assert_int_equal(mprotect(guard, (size_t)page, PROT_NONE), 0);
    static const int64_t lengths[] = {5, 37, 1003};
    static int64_t shared[NARROW], per_row[ROWS * NARROW], by_column[ROWS * NARROW];
    static unsigned char simd[ROWS * NARROW * 2], portable[ROWS * NARROW * 2];
    static const unsigned char fill[2] = {0xE7, 0x5A};
    int cases = 0;
    for (int wide = 0; wide < 2; wide++) {
        tix_dtype dtype = wide ? DT_F16 : DT_I8;
        int64_t size = wide ? 2 : 1, bytes = ROWS * NARROW * size;
        for (int odd = 0; odd < 2; odd++) {
            char* data = guard - bytes - odd; /* (ends `odd` bytes before the guard) */
            for (int64_t b = 0; b < bytes; b++) data[b] = (char)(b * 2654435761u >> 11);
            for (int flipped = 0; flipped < 2; flipped++) {
                /* flipped: element (r, j) at data[r][NARROW - 1 - j] */
                int64_t shape[2] = {ROWS, NARROW}, strides[2] = {NARROW, flipped ? -1 : 1};
                tix_tensor d = ut_tensor(data + (flipped ? (NARROW - 1) * size : 0), dtype, 2,
                                         shape, strides);
                for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
                    int64_t n = lengths[l];
                    for (int64_t k = 0; k < n; k++) /* both ends, and 1 in 7 dropped */
                        shared[k] = k % 7 == 3 ? NARROW + k : k % 5 == 1 ? NARROW - 1
                                                            : k % 5 == 2 ? 0
                                                                         : k * 40503 % NARROW;
                    for (int64_t r = 0; r < ROWS; r++) {
                        for (int64_t k = 0; k < n; k++) {
                            per_row[r * n + k] = shared[(k + r) % n];
                            by_column[r * n + k] = shared[k] >= NARROW ? ROWS : (k + r) % ROWS;
                        }
                    }
                    tix_options options = ut_opts();
                    options.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
                    options.fill_value = fill;
                    for (int op = 0; op < 3; op++) { /* gather, along 1, along 0 */
                        /* each level with the hardware gathers and with loads instead */
                        for (int way = 0; way < 2 * SIMD_LEVELS - 1; way++) {
                            int level = (way + 1) / 2;
                            tix__simd_limit(level);
                            tix__gathers_choose(way % 2);
                            unsigned char* out = level == SIMD_NONE ? portable : simd;
                            tix_tensor o = UT_T(out, dtype, ROWS, n);
                            tix_tensor i = op == 0   ? UT_T(shared, DT_I64, n)
                                           : op == 1 ? UT_T(per_row, DT_I64, ROWS, n)
                                                     : UT_T(by_column, DT_I64, ROWS, n);
                            assert_int_equal(op == 0 ? tix_gather(&d, &i, 1, 0, &o, &options)
                                                     : tix_gather_elements(&d, &i, 2 - op, &o,
                                                                           &options),
                                             TIX_STATUS_OK);
                            if (level != SIMD_NONE)
                                assert_memory_equal(simd, portable, (size_t)(ROWS * n * size));
                        }
                        for (int64_t r = 0; r < ROWS; r++) { /* the plain loop */
                            for (int64_t k = 0; k < n; k++) {
                                int64_t index = op == 0   ? shared[k]
                                                : op == 1 ? per_row[r * n + k]
                                                          : by_column[r * n + k];
                                int64_t row = op == 2 ? index : r, column = op == 2 ? k : index;
                                int64_t j = flipped ? NARROW - 1 - column : column;
                                bool dropped = op == 2 ? index >= ROWS : index >= NARROW;
                                const void* want = dropped ? (const void*)fill
                                                           : data + (row * NARROW + j) * size;
                                assert_memory_equal(portable + (r * n + k) * size, want,
                                                    (size_t)size);
                            }
                        }
                        cases++;
                    }
                }
            }
        }
    }
    tix__gathers_choose(-1);
    assert_int_equal(cases, 72);
    assert_int_equal(munmap(pages, (size_t)(3 * page)), 0);
}

/* Element gathers into outputs past 4 MiB, where the library writes with streaming stores when
 * the CPU gains by them (tix__stores_choose, an internal hook: here with them and without them,
 * whatever the CPU): the portable loops store four elements with one where the output is
 * aligned to 16 bytes along a dense axis, else each element with one (4- and 8-byte elements),
 * the AVX2 gathers their vectors (whether gathered or loaded lane by lane) and the AVX-512 ones
 * along axis 0 and along offsets theirs, where the output is aligned to them. float32, float64,
 * and float16 (no streaming stores), tix_gather_elements along axis 1 and axis 0
 * (cache-blocked tiles) and tix_gather along axis 1 (rows that share their indices, along the
 * offsets resolved once for them), int64 indices into an aligned output serially under the
 * ignore rule, int32 ones into an output one element past the alignment on a pool of 2 under
 * the clamp rule; negative indices wrapped, one in 13 past the end, one in 17 below -300. Every
 * element against a plain loop, at every level and both ways of the gathers. */
static void test_streamed_gathers_against_plain(void** state) {
    (void)state;
    enum { W = 300, C = 1024, STREAMING = 0, PLAIN = 1 };
    static const tix_dtype dtypes[] = {DT_F32, DT_F64, DT_F16};
    static const unsigned char fill[8] = {0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8};
    tix_threadpool* pool = tix_threadpool_create(2);
    assert_non_null(pool);
    tix_executor executor = tix_threadpool_executor(pool);
    int cases = 0;
    for (size_t t = 0; t < sizeof dtypes / sizeof dtypes[0]; t++) {
        int64_t size = (int64_t)tix_dtype_size(dtypes[t]), rows = 1040 * 4 / size;
        int64_t count = rows * C, bytes = count * size; /* (4.26 MB) */
        int64_t data_bytes = (rows > C ? rows : C) * W * size; /* [rows, W] or [W, C] */
        unsigned char* data = malloc((size_t)data_bytes);
        unsigned char* block = aligned_alloc(64, (size_t)(bytes + 64));
        unsigned char* want = malloc((size_t)bytes);
        int64_t* idx64 = malloc(sizeof(int64_t) * (size_t)count);
        int32_t* idx32 = malloc(sizeof(int32_t) * (size_t)count);
        assert_true(data && block && want && idx64 && idx32);
        for (int64_t b = 0; b < data_bytes; b++) data[b] = (unsigned char)(b * 2654435761u >> 9);
        for (int64_t k = 0; k < count; k++) {
            int64_t v = k * 40503 % (2 * W) - W; /* [-W, W) */
            idx64[k] = k % 13 == 5 ? W + k % 7 : k % 17 == 3 ? -W - 1 - k % 5 : v;
            idx32[k] = (int32_t)idx64[k];
        }
        for (int axis = 2; axis >= 0; axis--) {
            /* along 1, data [rows, W]; along 0, data [W, C]; 2: tix_gather along axis 1 of data
             * [rows, W] by the first C indices */
            bool shared = axis == 2;
            tix_tensor d = axis != 0 ? UT_T(data, dtypes[t], rows, W) : UT_T(data, dtypes[t], W, C);
            for (int variant = 0; variant < 2; variant++) {
                tix_out_of_range rule =
                    variant == 0 ? TIX_OUT_OF_RANGE_IGNORE : TIX_OUT_OF_RANGE_CLAMP;
                for (int64_t k = 0; k < count; k++) { /* the plain loop */
                    int64_t index = idx64[shared ? k % C : k];
                    int64_t v = index < 0 ? index + W : index;
                    bool outside = v < 0 || v >= W;
                    if (rule == TIX_OUT_OF_RANGE_CLAMP) v = v < 0 ? 0 : v >= W ? W - 1 : v;
                    int64_t at = axis != 0 ? k / C * W + v : v * C + k % C;
                    memcpy(want + k * size,
                           outside && rule == TIX_OUT_OF_RANGE_IGNORE ? fill : data + at * size,
                           (size_t)size);
                }
                unsigned char* out = block + (variant == 0 ? 0 : size);
                tix_tensor o = UT_T(out, dtypes[t], rows, C);
                tix_tensor i = variant == 0 ? UT_T(idx64, DT_I64, rows, C)
                                            : UT_T(idx32, DT_I32, rows, C);
                if (shared)
                    i = variant == 0 ? UT_T(idx64, DT_I64, C) : UT_T(idx32, DT_I32, C);
                tix_options options = ut_opts();
                options.negative_indices = TIX_NEGATIVE_WRAP;
                options.out_of_range = rule;
                options.fill_value = fill;
                options.executor = variant == 1 ? &executor : NULL;
                for (int level = SIMD_NONE; level < SIMD_LEVELS - 1; level++) {
                    for (int way = 0; way < (level == SIMD_NONE ? 1 : 2); way++) {
                        for (int stores = STREAMING; stores <= PLAIN; stores++) {
                            tix__simd_limit(level);
                            tix__gathers_choose(way);
                            tix__stores_choose(stores);
                            memset(block, 0, (size_t)(bytes + 64));
                            assert_int_equal(shared ? tix_gather(&d, &i, 1, 0, &o, &options)
                                                    : tix_gather_elements(&d, &i, axis, &o,
                                                                          &options),
                                             TIX_STATUS_OK);
                            assert_memory_equal(out, want, (size_t)bytes);
                            cases++;
                        }
                    }
                }
            }
        }
        free(data);
        free(block);
        free(want);
        free(idx64);
        free(idx32);
    }
    tix__simd_limit(SIMD_LEVELS);
    tix__gathers_choose(-1);
    tix__stores_choose(-1);
    tix_threadpool_destroy(pool);
    assert_int_equal(cases, 3 * 3 * 2 * (2 + 4 + 4));
}

/* internal.h's block copy (its streaming stores fenced by tix__stream_fence, above) */
void tix__copy_block(char* dst, const char* src, size_t bytes, bool streaming);

/* Streaming copies of two lines or more go out by 32-byte stores where the CPU has AVX2 and the
 * destination is aligned to 32 bytes (tix__stream_lines_simd), else by 16-byte ones: blocks of
 * 1 to 1100 bytes to destinations 0, 4, 16, 32 and 48 bytes past a line, at the CPU's level and
 * with the portable loops alone. Each block equals its source, the bytes around it untouched. */
static void test_streaming_copies(void** state) {
    (void)state;
    enum { MOST = 1100, GUARD = 64 };
    static unsigned char src[MOST], block[GUARD + 64 + MOST + GUARD] __attribute__((aligned(64)));
    static const size_t offsets[] = {0, 4, 16, 32, 48};
    for (size_t b = 0; b < MOST; b++) src[b] = (unsigned char)(b * 2654435761u >> 7);
    int cases = 0;
    for (int level = 0; level < 2; level++) {
        tix__simd_limit(level == 0 ? SIMD_LEVELS : SIMD_NONE);
        for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; o++) {
            for (size_t bytes = 1; bytes <= MOST; bytes += bytes < 200 ? 1 : 61) {
                memset(block, 0xA5, sizeof block);
                unsigned char* dst = block + GUARD + offsets[o];
                tix__copy_block((char*)dst, (const char*)src, bytes, true);
                tix__stream_fence();
                assert_memory_equal(dst, src, bytes);
                for (unsigned char* p = block; p < dst; p++) assert_int_equal(*p, 0xA5);
                for (unsigned char* p = dst + bytes; p < block + sizeof block; p++)
                    assert_int_equal(*p, 0xA5);
                cases++;
            }
        }
    }
    tix__simd_limit(SIMD_LEVELS);
    assert_int_equal(cases, 2 * 5 * (199 + 15));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gathers_against_portable),
        cmocka_unit_test(test_means_against_portable),
        cmocka_unit_test(test_mean_kernel_nans),
        cmocka_unit_test(test_mean_kernel_powers_of_two),
        cmocka_unit_test(test_row_reductions_against_portable),
        cmocka_unit_test(test_float16_against_portable),
        cmocka_unit_test(test_bfloat16_means),
        cmocka_unit_test(test_16bit_extremes_in_rows),
        cmocka_unit_test(test_level_as_linux_sees_it),
        cmocka_unit_test(test_gathers_as_linux_sees_the_cpu),
        cmocka_unit_test(test_tiles_as_linux_sees_the_cpu),
        cmocka_unit_test(test_prefetch_as_linux_sees_the_cpu),
        cmocka_unit_test(test_stores_as_linux_sees_the_cpu),
        cmocka_unit_test(test_slow_gathers_leave_plain_rules),
        cmocka_unit_test(test_offsets_loaded_where_gathers_are_slow),
        cmocka_unit_test(test_gather_kernels_prefetch_ahead),
        cmocka_unit_test(test_narrow_gathers_against_portable),
        cmocka_unit_test(test_streamed_gathers_against_plain),
        cmocka_unit_test(test_streaming_copies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
