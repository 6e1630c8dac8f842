/* Shared helpers for the tix unit tests: dense and strided tensor views built by hand (so that
 * the tests of the operations do not depend on tix_tensor_init), exact array comparisons that
 * name the first differing element, and checks of statuses and diagnostics.
 *
 * Everything here is static inline, so each test program includes it without warnings for the
 * helpers it does not use. Only the public API (<tix.h>) is used. */
#ifndef TIX_UNIT_H
#define TIX_UNIT_H

/* cmocka needs these before its own header. */
// clang-format off
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
// clang-format on

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tix.h>

/* ---------------------------------------------------------------------------------------------
 * Short names for the element types used all over the tests.
 */
#define DT_F32 TIX_DTYPE_FLOAT32
#define DT_F64 TIX_DTYPE_FLOAT64
#define DT_F16 TIX_DTYPE_FLOAT16
#define DT_BF16 TIX_DTYPE_BFLOAT16
#define DT_I8 TIX_DTYPE_INT8
#define DT_I16 TIX_DTYPE_INT16
#define DT_I32 TIX_DTYPE_INT32
#define DT_I64 TIX_DTYPE_INT64
#define DT_U8 TIX_DTYPE_UINT8
#define DT_U16 TIX_DTYPE_UINT16
#define DT_U32 TIX_DTYPE_UINT32
#define DT_U64 TIX_DTYPE_UINT64
#define DT_BOOL TIX_DTYPE_BOOL
#define DT_STR TIX_DTYPE_STRING
#define DT_C64 TIX_DTYPE_COMPLEX64
#define DT_C128 TIX_DTYPE_COMPLEX128

/* ---------------------------------------------------------------------------------------------
 * Tensor views.
 */

/* Number of elements of a brace list: UT_COUNT(int64_t, 2, 3) == 2. */
#define UT_COUNT(type, ...) (sizeof((type[]){__VA_ARGS__}) / sizeof(type))
/* A shape or stride list as a pointer: UT_DIMS(2, 3). */
#define UT_DIMS(...) ((const int64_t[]){__VA_ARGS__})
#define UT_RANK(...) ((int32_t)UT_COUNT(int64_t, __VA_ARGS__))

/* A view with the given strides, or dense row-major strides when strides is NULL. */
static inline tix_tensor ut_tensor(void* data, tix_dtype dtype, int32_t rank, const int64_t* shape,
                                   const int64_t* strides) {
    tix_tensor t;
    memset(&t, 0, sizeof t);
    t.data = data;
    t.dtype = dtype;
    t.rank = rank;
    int64_t dense = 1;
    for (int32_t d = rank - 1; d >= 0; --d) {
        t.shape[d] = shape[d];
        t.strides[d] = strides != NULL ? strides[d] : dense;
        /* dense strides of shapes whose count overflows are never used: stop growing */
        if (shape[d] > 1 && dense <= INT64_MAX / shape[d]) {
            dense *= shape[d];
        }
    }
    return t;
}

/* A dense view: UT_T(buffer, DT_F32, 2, 3) is a 2x3 float32 view of buffer. */
#define UT_T(data, dtype, ...) \
    ut_tensor((data), (dtype), UT_RANK(__VA_ARGS__), UT_DIMS(__VA_ARGS__), NULL)

/* A rank-0 view of one element. */
static inline tix_tensor ut_scalar(void* data, tix_dtype dtype) {
    return ut_tensor(data, dtype, 0, NULL, NULL);
}

/* All-zero options: ONNX semantics, serial, no diagnostic. */
static inline tix_options ut_opts(void) {
    tix_options o;
    memset(&o, 0, sizeof o);
    return o;
}

/* Options with a diagnostic record attached. */
static inline tix_options ut_opts_diag(tix_diagnostic* diag) {
    tix_options o = ut_opts();
    o.diagnostic = diag;
    return o;
}

/* A tensor struct full of garbage, for checking that *_shape calls fill every field. */
static inline tix_tensor ut_garbage_tensor(void) {
    tix_tensor t;
    memset(&t, 0xA5, sizeof t);
    return t;
}

/* Fill a diagnostic with stale content that a call must overwrite. */
static inline void ut_dirty_diag(tix_diagnostic* d) {
    memset(d, 0x5A, sizeof *d);
    d->status = TIX_STATUS_OUT_OF_MEMORY;
    d->argument = "stale";
    d->dimension = 123;
    d->position = 456;
    d->value = 789;
    snprintf(d->message, sizeof d->message, "%s", "stale message");
}

/* ---------------------------------------------------------------------------------------------
 * Float16 / bfloat16 bit patterns used in the tests (built by hand).
 */
#define F16_ZERO 0x0000u
#define F16_ONE 0x3C00u
#define F16_ONE_HALF 0x3E00u /* 1.5 */
#define F16_TWO 0x4000u
#define F16_THREE 0x4200u
#define F16_NAN 0x7E00u
#define F16_2048 0x6800u
#define F16_2050 0x6801u
#define F16_2052 0x6802u
#define BF16_ONE 0x3F80u
#define BF16_TWO 0x4000u
#define BF16_THREE 0x4040u
#define BF16_256 0x4380u
#define BF16_258 0x4381u
#define BF16_260 0x4382u

static inline bool ut_f16_is_nan(uint16_t b) {
    return (b & 0x7C00u) == 0x7C00u && (b & 0x03FFu) != 0;
}

/* ---------------------------------------------------------------------------------------------
 * Exact comparisons of arrays. Each names the first differing element.
 */
#define UT_DEFINE_EXPECT(name, type, ptype, fmt)                                                \
    static inline void ut_expect_##name##_(const type* got, const type* want, size_t n,         \
                                           const char* file, int line) {                        \
        for (size_t i = 0; i < n; ++i) {                                                        \
            if (got[i] != want[i]) {                                                            \
                print_error("%s:%d: element %zu is " fmt ", expected " fmt "\n", file, line, i, \
                            (ptype)got[i], (ptype)want[i]);                                     \
                _fail(file, line);                                                              \
            }                                                                                   \
        }                                                                                       \
    }

UT_DEFINE_EXPECT(i8, int8_t, int, "%d")
UT_DEFINE_EXPECT(u8, uint8_t, unsigned, "%u")
UT_DEFINE_EXPECT(i16, int16_t, int, "%d")
UT_DEFINE_EXPECT(u16, uint16_t, unsigned, "0x%04x")
UT_DEFINE_EXPECT(i32, int32_t, long long, "%lld")
UT_DEFINE_EXPECT(u32, uint32_t, unsigned long long, "%llu")
UT_DEFINE_EXPECT(i64, int64_t, long long, "%lld")
UT_DEFINE_EXPECT(u64, uint64_t, unsigned long long, "%llu")
typedef const char* ut_cstr;
UT_DEFINE_EXPECT(ptr, ut_cstr, const void*, "%p")

/* Floats: equal values, or both NaN. */
#define UT_DEFINE_EXPECT_FLOAT(name, type)                                                  \
    static inline void ut_expect_##name##_(const type* got, const type* want, size_t n,     \
                                           const char* file, int line) {                    \
        for (size_t i = 0; i < n; ++i) {                                                    \
            bool same = got[i] == want[i] || (isnan(got[i]) && isnan(want[i]));             \
            if (!same) {                                                                    \
                print_error("%s:%d: element %zu is %.17g, expected %.17g\n", file, line, i, \
                            (double)got[i], (double)want[i]);                               \
                _fail(file, line);                                                          \
            }                                                                               \
        }                                                                                   \
    }

UT_DEFINE_EXPECT_FLOAT(f32, float)
UT_DEFINE_EXPECT_FLOAT(f64, double)

#define EXPECT_I8(got, ...)                                                                      \
    ut_expect_i8_((got), (const int8_t[]){__VA_ARGS__}, UT_COUNT(int8_t, __VA_ARGS__), __FILE__, \
                  __LINE__)
#define EXPECT_U8(got, ...)                                                                        \
    ut_expect_u8_((got), (const uint8_t[]){__VA_ARGS__}, UT_COUNT(uint8_t, __VA_ARGS__), __FILE__, \
                  __LINE__)
#define EXPECT_I16(got, ...)                                                              \
    ut_expect_i16_((got), (const int16_t[]){__VA_ARGS__}, UT_COUNT(int16_t, __VA_ARGS__), \
                   __FILE__, __LINE__)
#define EXPECT_U16(got, ...)                                                                \
    ut_expect_u16_((got), (const uint16_t[]){__VA_ARGS__}, UT_COUNT(uint16_t, __VA_ARGS__), \
                   __FILE__, __LINE__)
#define EXPECT_I32(got, ...)                                                              \
    ut_expect_i32_((got), (const int32_t[]){__VA_ARGS__}, UT_COUNT(int32_t, __VA_ARGS__), \
                   __FILE__, __LINE__)
#define EXPECT_U32(got, ...)                                                                \
    ut_expect_u32_((got), (const uint32_t[]){__VA_ARGS__}, UT_COUNT(uint32_t, __VA_ARGS__), \
                   __FILE__, __LINE__)
#define EXPECT_I64(got, ...)                                                              \
    ut_expect_i64_((got), (const int64_t[]){__VA_ARGS__}, UT_COUNT(int64_t, __VA_ARGS__), \
                   __FILE__, __LINE__)
#define EXPECT_U64(got, ...)                                                                \
    ut_expect_u64_((got), (const uint64_t[]){__VA_ARGS__}, UT_COUNT(uint64_t, __VA_ARGS__), \
                   __FILE__, __LINE__)
#define EXPECT_F32(got, ...)                                                                    \
    ut_expect_f32_((got), (const float[]){__VA_ARGS__}, UT_COUNT(float, __VA_ARGS__), __FILE__, \
                   __LINE__)
#define EXPECT_F64(got, ...)                                                                      \
    ut_expect_f64_((got), (const double[]){__VA_ARGS__}, UT_COUNT(double, __VA_ARGS__), __FILE__, \
                   __LINE__)
#define EXPECT_PTR(got, ...)                                                              \
    ut_expect_ptr_((got), (const ut_cstr[]){__VA_ARGS__}, UT_COUNT(ut_cstr, __VA_ARGS__), \
                   __FILE__, __LINE__)

/* ---------------------------------------------------------------------------------------------
 * Statuses and diagnostics.
 */
static inline void ut_expect_status_(tix_status got, tix_status want, const char* call,
                                     const char* file, int line) {
    if (got != want) {
        const char* got_name = tix_status_name(got);
        const char* want_name = tix_status_name(want);
        print_error("%s:%d: %s returned %d (%s), expected %d (%s)\n", file, line, call, (int)got,
                    got_name != NULL ? got_name : "?", (int)want,
                    want_name != NULL ? want_name : "?");
        _fail(file, line);
    }
}
#define EXPECT_STATUS(call, want) ut_expect_status_((call), (want), #call, __FILE__, __LINE__)
#define EXPECT_OK(call) EXPECT_STATUS(call, TIX_STATUS_OK)

/* Whether a view reaching `below` bytes under `p` stays inside the address space. tix rejects
 * one that does not with TIX_STATUS_INVALID_STRIDES; whether a test's view does depends on
 * where the program was loaded (low under valgrind, high for a native PIE). */
static inline bool ut_reaches_down(const void* p, uint64_t below) {
    return (uintptr_t)p >= below;
}

/* true when `argument` is one of the '|'-separated names in `choices`. */
static inline bool ut_argument_is_one_of(const char* argument, const char* choices) {
    size_t len = strlen(argument);
    const char* p = choices;
    while (*p != '\0') {
        const char* bar = strchr(p, '|');
        size_t n = bar != NULL ? (size_t)(bar - p) : strlen(p);
        if (n == len && strncmp(p, argument, n) == 0) {
            return true;
        }
        p += n;
        if (*p == '|') {
            ++p;
        }
    }
    return false;
}

/* The diagnostic of a failed call: its status, its argument (one of the '|'-separated names in
 * `argument`, or NULL), and a non-empty message that mentions the argument. */
static inline void ut_expect_diag_(const tix_diagnostic* d, tix_status status, const char* argument,
                                   const char* file, int line) {
    if (d->status != status) {
        print_error("%s:%d: diagnostic status %d (%s), expected %s\n", file, line, (int)d->status,
                    tix_status_name(d->status), tix_status_name(status));
        _fail(file, line);
    }
    if (argument == NULL) {
        if (d->argument != NULL) {
            print_error("%s:%d: diagnostic argument \"%s\", expected NULL\n", file, line,
                        d->argument);
            _fail(file, line);
        }
    } else {
        if (d->argument == NULL || !ut_argument_is_one_of(d->argument, argument)) {
            print_error("%s:%d: diagnostic argument \"%s\", expected \"%s\"\n", file, line,
                        d->argument != NULL ? d->argument : "(null)", argument);
            _fail(file, line);
        }
    }
    const char* nul = (const char*)memchr(d->message, '\0', TIX_MESSAGE_CAPACITY);
    if (nul == NULL || nul == d->message) {
        print_error("%s:%d: diagnostic message empty or not terminated\n", file, line);
        _fail(file, line);
    }
    if (d->argument != NULL && strstr(d->message, d->argument) == NULL) {
        print_error("%s:%d: diagnostic message \"%s\" does not mention \"%s\"\n", file, line,
                    d->message, d->argument);
        _fail(file, line);
    }
}
#define EXPECT_DIAG(diag, status, argument) \
    ut_expect_diag_((diag), (status), (argument), __FILE__, __LINE__)

/* The diagnostic of an INDEX_OUT_OF_RANGE failure: argument "indices", position, value, and
 * either the exact message (when `message` is not NULL) or one containing `fragment`. */
static inline void ut_expect_index_diag_(const tix_diagnostic* d, int64_t position, int64_t value,
                                         const char* message, const char* fragment,
                                         const char* file, int line) {
    ut_expect_diag_(d, TIX_STATUS_INDEX_OUT_OF_RANGE, "indices", file, line);
    if (d->position != position) {
        print_error("%s:%d: diagnostic position %lld, expected %lld\n", file, line,
                    (long long)d->position, (long long)position);
        _fail(file, line);
    }
    if (d->value != value) {
        print_error("%s:%d: diagnostic value %lld, expected %lld\n", file, line,
                    (long long)d->value, (long long)value);
        _fail(file, line);
    }
    if (message != NULL && strcmp(d->message, message) != 0) {
        print_error("%s:%d: diagnostic message\n  \"%s\"\nexpected\n  \"%s\"\n", file, line,
                    d->message, message);
        _fail(file, line);
    }
    if (fragment != NULL && strstr(d->message, fragment) == NULL) {
        print_error("%s:%d: diagnostic message \"%s\" does not contain \"%s\"\n", file, line,
                    d->message, fragment);
        _fail(file, line);
    }
}
#define EXPECT_INDEX_DIAG(diag, position, value, message, fragment) \
    ut_expect_index_diag_((diag), (position), (value), (message), (fragment), __FILE__, __LINE__)

/* The diagnostic after a successful call: status OK and an empty message. */
static inline void ut_expect_diag_reset_(const tix_diagnostic* d, const char* file, int line) {
    if (d->status != TIX_STATUS_OK || d->message[0] != '\0') {
        print_error("%s:%d: diagnostic not reset on success: status %d, message \"%.60s\"\n", file,
                    line, (int)d->status, d->message);
        _fail(file, line);
    }
}
#define EXPECT_DIAG_RESET(diag) ut_expect_diag_reset_((diag), __FILE__, __LINE__)

/* A *_shape result: dtype, rank, shape, dense row-major strides, data NULL. */
static inline void ut_expect_shape_(const tix_tensor* t, tix_dtype dtype, int32_t rank,
                                    const int64_t* shape, const char* file, int line) {
    if (t->data != NULL) {
        print_error("%s:%d: output data is %p, expected NULL\n", file, line, t->data);
        _fail(file, line);
    }
    if (t->dtype != dtype) {
        print_error("%s:%d: output dtype %d, expected %d\n", file, line, (int)t->dtype, (int)dtype);
        _fail(file, line);
    }
    if (t->rank != rank) {
        print_error("%s:%d: output rank %d, expected %d\n", file, line, (int)t->rank, (int)rank);
        _fail(file, line);
    }
    bool empty = false;
    for (int32_t d = 0; d < rank; ++d) {
        empty = empty || shape[d] == 0;
    }
    int64_t dense = 1;
    for (int32_t d = rank - 1; d >= 0; --d) {
        if (t->shape[d] != shape[d]) {
            print_error("%s:%d: output shape[%d] = %lld, expected %lld\n", file, line, (int)d,
                        (long long)t->shape[d], (long long)shape[d]);
            _fail(file, line);
        }
        /* The stride of a dimension of size 1, or of any dimension of an empty tensor, never
         * matters; every other one must be the dense row-major stride. */
        if (!empty && shape[d] > 1 && t->strides[d] != dense) {
            print_error("%s:%d: output strides[%d] = %lld, expected %lld\n", file, line, (int)d,
                        (long long)t->strides[d], (long long)dense);
            _fail(file, line);
        }
        if (shape[d] > 1 && dense <= INT64_MAX / shape[d]) {
            dense *= shape[d];
        }
    }
}
#define EXPECT_SHAPE(tensor, dtype, ...)                                                      \
    ut_expect_shape_((tensor), (dtype), UT_RANK(__VA_ARGS__), UT_DIMS(__VA_ARGS__), __FILE__, \
                     __LINE__)
#define EXPECT_SHAPE_SCALAR(tensor, dtype) \
    ut_expect_shape_((tensor), (dtype), 0, NULL, __FILE__, __LINE__)

/* Stores v as element `at` of a buffer of int64, int32 or int16 indices. */
static inline void ut_store_index(void* buffer, tix_dtype dtype, int64_t at, int64_t v) {
    if (dtype == TIX_DTYPE_INT64) ((int64_t*)buffer)[at] = v;
    if (dtype == TIX_DTYPE_INT32) ((int32_t*)buffer)[at] = (int32_t)v;
    if (dtype == TIX_DTYPE_INT16) ((int16_t*)buffer)[at] = (int16_t)v;
}

/* Where index v lands in an axis of `size` under the rules of tix.h ("Indices"): a position,
 * -1 for the fill (ignored), -2 for an error. */
static inline int64_t ut_rule_position(int64_t v, int64_t size, tix_negative_indices negative,
                                       tix_out_of_range rule) {
    int64_t i = v < 0 && negative == TIX_NEGATIVE_WRAP ? v + size : v;
    if (i >= 0 && i < size) return i;
    if (rule == TIX_OUT_OF_RANGE_CLAMP) return i < 0 ? 0 : size - 1;
    if (rule == TIX_OUT_OF_RANGE_WRAP) return (v % size + size) % size;
    return rule == TIX_OUT_OF_RANGE_IGNORE ? -1 : -2;
}

/* Index k of a row of n <= 5000 for the tests of loops that resume after an index they do not
 * take: k * step % size, but at fixed spots an index past the end, a negative one that stays out
 * of range after wrapping, or a negative one that wraps into range, in turn, so that the runs
 * between them have every length the loops tell apart (none, under and over TIX__RESUME_RUN,
 * and the general loop's shares doubling from 1 to 16 after short runs, ending before, on and
 * after one); and from 3040 to 3999 every third index past the end, where the shares double up
 * to their cap. */
static inline int64_t ut_resumed_index(int64_t k, int64_t size, int64_t step) {
    static const int64_t spots[] = {0,    1,    70,   71,   72,   140,  1200, 1263, 1300,
                                    2400, 2401, 2464, 3000, 3004, 3008, 3012, 3020, 3030,
                                    3036, 4000, 4500, 4999};
    if (k >= 3040 && k < 4000 && k % 3 == 0) return size + k % 7;
    for (size_t s = 0; s < sizeof spots / sizeof spots[0]; s++) {
        if (spots[s] != k) continue;
        if (s % 3 == 0) return size + k % 5;
        if (s % 3 == 1) return -size - 1 - k % 3;
        return -(1 + k % (size - 1));
    }
    return k * step % size;
}

/* The outcome of a call under an index rule: INDEX_OUT_OF_RANGE when some index `fails`, else
 * OK with `bytes` bytes of got equal to want. */
static inline void ut_expect_outcome(tix_status status, bool fails, const void* got,
                                     const void* want, size_t bytes) {
    if (fails) {
        assert_int_equal(status, TIX_STATUS_INDEX_OUT_OF_RANGE);
        return;
    }
    EXPECT_OK(status);
    assert_memory_equal(got, want, bytes);
}

/* true when every byte of buf equals b. */
static inline bool ut_all_bytes(const void* buf, size_t n, unsigned char b) {
    const unsigned char* p = (const unsigned char*)buf;
    for (size_t i = 0; i < n; ++i) {
        if (p[i] != b) {
            return false;
        }
    }
    return true;
}

#endif /* TIX_UNIT_H */
