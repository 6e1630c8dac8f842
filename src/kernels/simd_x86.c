/* x86 SIMD paths, chosen at run time: each function here is compiled for AVX2 alone (a target
 * attribute, so the rest of the library keeps the baseline instruction set) and runs only
 * where the CPU reports AVX2 (tix__avx2, cpu.c). Elsewhere, and on other processors, the
 * portable loops do all the work; tests run both and compare them (tests/unit/test_simd.c).
 *
 * Hardware gathers: measured against the portable shortest loop on gather_elements_last
 * (bench/ab.sh), 0.86 to 0.88x the time at 1 thread, 0.95 to 0.98x at 2
 * (docs/PERFORMANCE.md). */
#include "../internal.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

/* Lanes whose index is outside [0, bound): all ones. */
__attribute__((target("avx2"))) static inline __m256i outside64(__m256i v, __m256i last) {
    return _mm256_or_si256(_mm256_cmpgt_epi64(v, last),
                           _mm256_cmpgt_epi64(_mm256_setzero_si256(), v));
}

__attribute__((target("avx2"))) static inline __m256i outside32(__m256i v, __m256i last) {
    return _mm256_or_si256(_mm256_cmpgt_epi32(v, last),
                           _mm256_cmpgt_epi32(_mm256_setzero_si256(), v));
}

/* Eight elements at a time while all eight indices are in range. */
__attribute__((target("avx2"))) static int64_t gather4_i64(char* dst, const char* src,
                                                           const char* indices, int64_t n,
                                                           int64_t bound) {
    const __m256i last = _mm256_set1_epi64x(bound - 1);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i a = _mm256_loadu_si256((const __m256i*)(const void*)(indices + i * 8));
        __m256i b = _mm256_loadu_si256((const __m256i*)(const void*)(indices + i * 8 + 32));
        __m256i bad = _mm256_or_si256(outside64(a, last), outside64(b, last));
        if (!_mm256_testz_si256(bad, bad))
            break;
        __m128 low = _mm256_i64gather_ps((const float*)(const void*)src, a, 4);
        __m128 high = _mm256_i64gather_ps((const float*)(const void*)src, b, 4);
        _mm256_storeu_ps((float*)(void*)(dst + i * 4), _mm256_set_m128(high, low));
    }
    return i;
}

__attribute__((target("avx2"))) static int64_t gather4_i32(char* dst, const char* src,
                                                           const char* indices, int64_t n,
                                                           int64_t bound) {
    const __m256i last = _mm256_set1_epi32((int32_t)(bound - 1));
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i a = _mm256_loadu_si256((const __m256i*)(const void*)(indices + i * 4));
        __m256i bad = outside32(a, last);
        if (!_mm256_testz_si256(bad, bad))
            break;
        __m256 v = _mm256_i32gather_ps((const float*)(const void*)src, a, 4);
        _mm256_storeu_ps((float*)(void*)(dst + i * 4), v);
    }
    return i;
}

/* Four elements at a time while all four indices are in range. */
__attribute__((target("avx2"))) static int64_t gather8_i64(char* dst, const char* src,
                                                           const char* indices, int64_t n,
                                                           int64_t bound) {
    const __m256i last = _mm256_set1_epi64x(bound - 1);
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256i a = _mm256_loadu_si256((const __m256i*)(const void*)(indices + i * 8));
        __m256i bad = outside64(a, last);
        if (!_mm256_testz_si256(bad, bad))
            break;
        __m256i v = _mm256_i64gather_epi64((const long long*)(const void*)src, a, 8);
        _mm256_storeu_si256((__m256i*)(void*)(dst + i * 8), v);
    }
    return i;
}

__attribute__((target("avx2"))) static int64_t gather8_i32(char* dst, const char* src,
                                                           const char* indices, int64_t n,
                                                           int64_t bound) {
    const __m128i last = _mm_set1_epi32((int32_t)(bound - 1));
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i a = _mm_loadu_si128((const __m128i*)(const void*)(indices + i * 4));
        __m128i bad =
            _mm_or_si128(_mm_cmpgt_epi32(a, last), _mm_cmpgt_epi32(_mm_setzero_si128(), a));
        if (!_mm_testz_si128(bad, bad))
            break;
        __m256i v = _mm256_i32gather_epi64((const long long*)(const void*)src, a, 8);
        _mm256_storeu_si256((__m256i*)(void*)(dst + i * 8), v);
    }
    return i;
}

int64_t tix__gather_avx2(char* dst, const char* src, const char* indices, int64_t n, int64_t bound,
                         size_t size, size_t width) {
    /* (int32 lanes compare against bound - 1: bounds past INT32_MAX take the portable loop) */
    if (!tix__avx2() || bound <= 0 || (width == 4 && bound > INT32_MAX))
        return 0;
    if (size == 4)
        return width == 8 ? gather4_i64(dst, src, indices, n, bound)
                          : gather4_i32(dst, src, indices, n, bound);
    if (size == 8)
        return width == 8 ? gather8_i64(dst, src, indices, n, bound)
                          : gather8_i32(dst, src, indices, n, bound);
    return 0;
}

#else /* no x86 SIMD paths: the portable loops do all the work */

int64_t tix__gather_avx2(char* dst, const char* src, const char* indices, int64_t n, int64_t bound,
                         size_t size, size_t width) {
    (void)dst, (void)src, (void)indices, (void)n, (void)bound, (void)size, (void)width;
    return 0;
}

#endif
