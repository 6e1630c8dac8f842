/* x86 SIMD paths, chosen at run time: each function here is compiled for AVX2 or AVX-512F alone
 * (with F16C, or AVX-512BW and VL, where it converts or stores 16-bit floats; a target
 * attribute, so the rest of the library keeps the baseline instruction set) and runs
 * only where the CPU reports it (tix__simd_level, cpu.c). Elsewhere, and on other processors,
 * the portable loops do all the work; tests run both and compare them (tests/unit/test_simd.c).
 *
 * Hardware gathers, measured against the portable shortest loops (bench/ab.sh,
 * docs/PERFORMANCE-LOG.md): along a dense axis with AVX2 (gather_elements_last on Intel Emerald
 * Rapids: 0.72-0.75x the time); a row of elements that each come from another row with
 * AVX-512 (gather_elements_first on the Zen 5 of 2026-11-25, from its packed tiles); along
 * offsets resolved once for rows that share their indices with AVX-512 (gather_last_axis
 * there; with AVX2 on Zen 3 it lost, 1.08-1.20x). In each, 1- and 2-byte elements with
 * AVX-512, through aligned 4-byte words (narrow8; Emerald Rapids). On AMD before Zen 5, whose
 * gathers are slow, each starts only where lanes out of range take the fill or the nearer end
 * (gathers_start; AVX2's then check a vector of indices all in range at once and load its
 * lanes one by one), and along offsets for 8-byte elements alone (tix__gathers_offsets_move);
 * elsewhere the portable loop is faster there (Zen 3 and Zen 4). Along offsets, 4-byte
 * elements the hardware gathers do not take go by AVX2 loads put together in vectors
 * (offsets4_loads; gather_last_axis on Zen 5, 2026-12-03). On Zen 5, since 2026-12-02,
 * every gather but AVX2's of 4-byte elements along a dense axis is taken as slow that way
 * (cpu.c has the figures), and along offsets 8-byte elements too (2026-12-03). Into outputs
 * far larger than the caches, the element gathers' vectors of 4- and 8-byte elements go out
 * with streaming stores where aligned to them (tix__lanes' `stream`, and along offsets
 * `stream`).
 * And the division of a mean's float sums by their counts, whole vectors at a time
 * (scatter_elements_unique's shape under mean, on Intel Emerald Rapids with AVX-512F: 0.80x
 * the time), by multiplying where every divisor of a vector is a power of two (0.90x again);
 * float16's and bfloat16's sums too, widened to float32 and rounded back as the portable loops
 * round them (0.16-0.25x). */
#include "../internal.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#include <math.h> /* NAN */

/* Indices as positions where the rule wraps negatives: each negative one plus `bound`, as
 * tix__position does. (Each loop has a copy that does not wrap, below: 1.02-1.08x the time
 * with the add always made.) */
__attribute__((target("avx2"))) static inline __m256i wrapped64(__m256i v, __m256i bound) {
    __m256i negative = _mm256_cmpgt_epi64(_mm256_setzero_si256(), v);
    return _mm256_add_epi64(v, _mm256_and_si256(negative, bound));
}

__attribute__((target("avx2"))) static inline __m256i wrapped32(__m256i v, __m256i bound) {
    __m256i negative = _mm256_cmpgt_epi32(_mm256_setzero_si256(), v);
    return _mm256_add_epi32(v, _mm256_and_si256(negative, bound));
}

/* Lanes whose index is outside [0, bound): all ones. */
__attribute__((target("avx2"))) static inline __m256i outside64(__m256i v, __m256i last) {
    return _mm256_or_si256(_mm256_cmpgt_epi64(v, last),
                           _mm256_cmpgt_epi64(_mm256_setzero_si256(), v));
}

__attribute__((target("avx2"))) static inline __m256i outside32(__m256i v, __m256i last) {
    return _mm256_or_si256(_mm256_cmpgt_epi32(v, last),
                           _mm256_cmpgt_epi32(_mm256_setzero_si256(), v));
}

/* Positions outside [0, bound) to the nearest end (last = bound - 1): the clamp rule. */
__attribute__((target("avx2"))) static inline __m256i clamped64(__m256i v, __m256i last) {
    v = _mm256_andnot_si256(_mm256_cmpgt_epi64(_mm256_setzero_si256(), v), v);
    return _mm256_blendv_epi8(v, last, _mm256_cmpgt_epi64(v, last));
}

__attribute__((target("avx2"))) static inline __m256i clamped32(__m256i v, __m256i last) {
    return _mm256_min_epi32(_mm256_max_epi32(v, _mm256_setzero_si256()), last);
}

/* The loops of the gathers of dense indices, inlined into a copy for each value of their `wrap`
 * (and, along rows, of the index width), constants there: GCC had unswitched the loops on its
 * own until they could also fill, and then no longer (gather_elements_first 1.07-1.10x the
 * time). */
#define AVX2_LOOP static inline __attribute__((target("avx2"), always_inline))
#define AVX512_LOOP static inline __attribute__((target("avx512f"), always_inline))

/* The fill element at `fill` (4 or 8 bytes), or zero where it is NULL (then no lane takes it). */
static inline int32_t fill4(const char* fill) {
    int32_t f = 0;
    if (fill != NULL) memcpy(&f, fill, 4);
    return f;
}

static inline int64_t fill8(const char* fill) {
    int64_t f = 0;
    if (fill != NULL) memcpy(&f, fill, 8);
    return f;
}

/* A vector of 4- or 8-byte elements to dst, with a streaming store where `stream` (dst then
 * aligned to it: the callers check). */
__attribute__((target("avx2"))) static inline void store_vector(char* dst, __m256i v,
                                                                bool stream) {
    if (stream) {
        _mm256_stream_si256((__m256i*)(void*)dst, v);
    } else {
        _mm256_storeu_si256((__m256i*)(void*)dst, v);
    }
}

/* Lane k's position of the int64 or int32 positions at `at` (by `width`). */
static inline int64_t lane_position(const void* at, int k, size_t width) {
    return width == 8 ? ((const int64_t*)at)[k] : ((const int32_t*)at)[k];
}

/* dst[k] = src[at[k] * size] for the k of a vector (8 of 4 bytes, or 4 of 8), the positions by
 * `width`: a vector's lanes, all in range, loaded one by one where the CPU's hardware gathers
 * are slower (`loads`, tix__hardware_gathers); stored one by one, or put together in a vector
 * and stored with a streaming store where `stream`. */
AVX2_LOOP void load_lanes(char* dst, const char* src, const void* at, size_t size, size_t width,
                          bool stream) {
    if (!stream) {
        for (int k = 0; k < 32 / (int)size; k++)
            memcpy(dst + k * (int64_t)size, src + lane_position(at, k, width) * (int64_t)size,
                   size);
    } else if (size == 4) {
        int32_t e[8];
        for (int k = 0; k < 8; k++) memcpy(&e[k], src + lane_position(at, k, width) * 4, 4);
        store_vector(dst, _mm256_setr_epi32(e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]),
                     true);
    } else {
        long long e[4];
        for (int k = 0; k < 4; k++) memcpy(&e[k], src + lane_position(at, k, width) * 8, 8);
        store_vector(dst, _mm256_setr_epi64x(e[0], e[1], e[2], e[3]), true);
    }
}

/* Eight elements at a time while no position is outside [0, bound) (negative indices wrapped
 * when wrap), or, where `fill` is set, with the fill in the lanes outside (masked gathers, which
 * read nothing for them), or, where `clamp` is, from the nearer end; *filled_any set where some
 * lane took the fill; a vector all in range by loads where `loads` (the fills and clamps
 * still by masked gathers: with one index in 8 ignored, 0.54-0.66x the time of the portable
 * loop on Zen 3). (Each loop takes the fields of tix__lanes as values: the stores through dst
 * might alias a struct read through a pointer, and the loop would read it again on every
 * vector.) */
AVX2_LOOP int64_t gather4_i64_loop(char* dst, const char* src, const char* indices, int64_t n,
                                   int64_t bound, const char* fill, bool clamp, bool loads,
                                   bool stream, bool wrap, bool* filled_any) {
    const __m256i last = _mm256_set1_epi64x(bound - 1);
    const __m256i size = _mm256_set1_epi64x(bound);
    /* (64-bit lane masks to 32-bit ones: the low half of each) */
    const __m256i halves = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    const __m128 fills = _mm_castsi128_ps(_mm_set1_epi32(fill4(fill)));
    __m256i filled = _mm256_setzero_si256();
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        tix__prefetch_stream(indices, i, 8, tix__stream_span(8, 8));
        __m256i a = _mm256_loadu_si256((const __m256i*)(const void*)(indices + i * 8));
        __m256i b = _mm256_loadu_si256((const __m256i*)(const void*)(indices + i * 8 + 32));
        if (wrap) {
            a = wrapped64(a, size);
            b = wrapped64(b, size);
        }
        __m256i out_a = outside64(a, last), out_b = outside64(b, last);
        __m256i bad = _mm256_or_si256(out_a, out_b);
        __m128 low, high;
        if (loads && _mm256_testz_si256(bad, bad)) {
            int64_t at[8];
            _mm256_storeu_si256((__m256i*)(void*)at, a);
            _mm256_storeu_si256((__m256i*)(void*)(at + 4), b);
            load_lanes(dst + i * 4, src, at, 4, 8, stream);
            continue;
        }
        if (_mm256_testz_si256(bad, bad)) {
            low = _mm256_i64gather_ps((const float*)(const void*)src, a, 4);
            high = _mm256_i64gather_ps((const float*)(const void*)src, b, 4);
        } else if (fill != NULL) {
            filled = _mm256_or_si256(filled, bad);
            const __m256i ones = _mm256_set1_epi32(-1);
            __m256i in_a = _mm256_xor_si256(out_a, ones), in_b = _mm256_xor_si256(out_b, ones);
            __m128 take_a = _mm_castsi128_ps(
                _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(in_a, halves)));
            __m128 take_b = _mm_castsi128_ps(
                _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(in_b, halves)));
            low = _mm256_mask_i64gather_ps(fills, (const float*)(const void*)src, a, take_a, 4);
            high = _mm256_mask_i64gather_ps(fills, (const float*)(const void*)src, b, take_b, 4);
        } else if (clamp) {
            low = _mm256_i64gather_ps((const float*)(const void*)src, clamped64(a, last), 4);
            high = _mm256_i64gather_ps((const float*)(const void*)src, clamped64(b, last), 4);
        } else {
            break;
        }
        store_vector(dst + i * 4, _mm256_castps_si256(_mm256_set_m128(high, low)), stream);
    }
    if (fill != NULL) *filled_any = *filled_any || !_mm256_testz_si256(filled, filled);
    return i;
}

AVX2_LOOP int64_t gather4_i32_loop(char* dst, const char* src, const char* indices, int64_t n,
                                   int64_t bound, const char* fill, bool clamp, bool loads,
                                   bool stream, bool wrap, bool* filled_any) {
    const __m256i last = _mm256_set1_epi32((int32_t)(bound - 1));
    const __m256i size = _mm256_set1_epi32((int32_t)bound);
    const __m256 fills = _mm256_castsi256_ps(_mm256_set1_epi32(fill4(fill)));
    __m256i filled = _mm256_setzero_si256();
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        tix__prefetch_stream(indices, i, 4, tix__stream_span(4, 8));
        __m256i a = _mm256_loadu_si256((const __m256i*)(const void*)(indices + i * 4));
        if (wrap)
            a = wrapped32(a, size);
        __m256i bad = outside32(a, last);
        __m256 v;
        if (loads && _mm256_testz_si256(bad, bad)) {
            int32_t at[8];
            _mm256_storeu_si256((__m256i*)(void*)at, a);
            load_lanes(dst + i * 4, src, at, 4, 4, stream);
            continue;
        }
        if (_mm256_testz_si256(bad, bad)) {
            v = _mm256_i32gather_ps((const float*)(const void*)src, a, 4);
        } else if (fill != NULL) {
            filled = _mm256_or_si256(filled, bad);
            __m256 in = _mm256_castsi256_ps(_mm256_xor_si256(bad, _mm256_set1_epi32(-1)));
            v = _mm256_mask_i32gather_ps(fills, (const float*)(const void*)src, a, in, 4);
        } else if (clamp) {
            v = _mm256_i32gather_ps((const float*)(const void*)src, clamped32(a, last), 4);
        } else {
            break;
        }
        store_vector(dst + i * 4, _mm256_castps_si256(v), stream);
    }
    if (fill != NULL) *filled_any = *filled_any || !_mm256_testz_si256(filled, filled);
    return i;
}

/* Four elements at a time, as gather4_i64. */
AVX2_LOOP int64_t gather8_i64_loop(char* dst, const char* src, const char* indices, int64_t n,
                                   int64_t bound, const char* fill, bool clamp, bool loads,
                                   bool stream, bool wrap, bool* filled_any) {
    const __m256i last = _mm256_set1_epi64x(bound - 1);
    const __m256i size = _mm256_set1_epi64x(bound);
    const __m256i fills = _mm256_set1_epi64x(fill8(fill));
    __m256i filled = _mm256_setzero_si256();
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        tix__prefetch_stream(indices, i, 8, tix__stream_span(8, 4));
        __m256i a = _mm256_loadu_si256((const __m256i*)(const void*)(indices + i * 8));
        if (wrap)
            a = wrapped64(a, size);
        __m256i bad = outside64(a, last);
        __m256i v;
        if (loads && _mm256_testz_si256(bad, bad)) {
            int64_t at[4];
            _mm256_storeu_si256((__m256i*)(void*)at, a);
            load_lanes(dst + i * 8, src, at, 8, 8, stream);
            continue;
        }
        if (_mm256_testz_si256(bad, bad)) {
            v = _mm256_i64gather_epi64((const long long*)(const void*)src, a, 8);
        } else if (fill != NULL) {
            filled = _mm256_or_si256(filled, bad);
            __m256i in = _mm256_xor_si256(bad, _mm256_set1_epi32(-1));
            v = _mm256_mask_i64gather_epi64(fills, (const long long*)(const void*)src, a, in, 8);
        } else if (clamp) {
            v = _mm256_i64gather_epi64((const long long*)(const void*)src, clamped64(a, last), 8);
        } else {
            break;
        }
        store_vector(dst + i * 8, v, stream);
    }
    if (fill != NULL) *filled_any = *filled_any || !_mm256_testz_si256(filled, filled);
    return i;
}

AVX2_LOOP int64_t gather8_i32_loop(char* dst, const char* src, const char* indices, int64_t n,
                                   int64_t bound, const char* fill, bool clamp, bool loads,
                                   bool stream, bool wrap, bool* filled_any) {
    const __m128i last = _mm_set1_epi32((int32_t)(bound - 1));
    const __m128i size = _mm_set1_epi32((int32_t)bound);
    const __m256i fills = _mm256_set1_epi64x(fill8(fill));
    __m128i filled = _mm_setzero_si128();
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        tix__prefetch_stream(indices, i, 4, tix__stream_span(4, 4));
        __m128i a = _mm_loadu_si128((const __m128i*)(const void*)(indices + i * 4));
        if (wrap)
            a = _mm_add_epi32(a, _mm_and_si128(_mm_cmpgt_epi32(_mm_setzero_si128(), a), size));
        __m128i bad =
            _mm_or_si128(_mm_cmpgt_epi32(a, last), _mm_cmpgt_epi32(_mm_setzero_si128(), a));
        __m256i v;
        if (loads && _mm_testz_si128(bad, bad)) {
            int32_t at[4];
            _mm_storeu_si128((__m128i*)(void*)at, a);
            load_lanes(dst + i * 8, src, at, 8, 4, stream);
            continue;
        }
        if (_mm_testz_si128(bad, bad)) {
            v = _mm256_i32gather_epi64((const long long*)(const void*)src, a, 8);
        } else if (fill != NULL) {
            filled = _mm_or_si128(filled, bad);
            __m256i in = _mm256_cvtepi32_epi64(_mm_xor_si128(bad, _mm_set1_epi32(-1)));
            v = _mm256_mask_i32gather_epi64(fills, (const long long*)(const void*)src, a, in, 8);
        } else if (clamp) {
            a = _mm_min_epi32(_mm_max_epi32(a, _mm_setzero_si128()), last);
            v = _mm256_i32gather_epi64((const long long*)(const void*)src, a, 8);
        } else {
            break;
        }
        store_vector(dst + i * 8, v, stream);
    }
    if (fill != NULL) *filled_any = *filled_any || !_mm_testz_si128(filled, filled);
    return i;
}

/* The fields of *l a loop takes as values. */
#define LANES(l) (l)->bound, (l)->fill, (l)->clamp

/* Whether the gathers of dense indices start for lanes that may take the fill or the nearer
 * end (`lenient`) or not: where the CPU's hardware gathers of their kind are slow
 * (tix__hardware_gathers; `dense4`: AVX2's of 4-byte elements along dense indices), only for
 * lenient ones, whose lanes out of range the portable loops would take by their
 * general rules; a vector all in range moves faster by the portable loop, its steps
 * constants. Measured where the gathers are slow: on Zen 3 with AVX2's, gather_elements_last
 * 0.78-0.81x the time at 1 thread against its lanes loaded one by one, 0.88-0.90x at 2; on
 * Zen 4 with AVX-512's (bench/ab.sh and bench/levels.c), gather_elements_first 0.86x at 1
 * thread, 0.96x at 2 (int8 0.79-0.85x, float16 0.85-0.88x, float64 0.85-0.94x), and
 * gather_elements_last in int8 and float16 against the hardware gathers 0.86-0.97x. With one
 * index in 8 ignored the masked gathers take 0.12x the time of the general rules on Zen 3
 * (gather_elements_last) and 0.20-0.22x on Zen 4 (gather_elements_first), with one in 64
 * clamped 0.34-0.39x there. */
static bool gathers_start(bool lenient, bool dense4) {
    return lenient || tix__hardware_gathers(dense4);
}

/* Whether the lanes of *l may take the fill or the nearer end. */
static bool lanes_lenient(const tix__lanes* l) {
    return l->fill != NULL || l->clamp;
}

/* Each loop above in its two copies; streaming stores only where dst is aligned to the
 * vectors; none where gathers_start says. */
#define WRAP_COPIES(name, size)                                                                   \
    __attribute__((target("avx2"))) static int64_t name(char* dst, const char* src,              \
                                                        const char* indices, int64_t n,          \
                                                        tix__lanes* l) {                         \
        if (!gathers_start(lanes_lenient(l), size == 4))                                          \
            return 0;                                                                             \
        bool loads = !tix__hardware_gathers(size == 4);                                           \
        bool stream = l->stream && (uintptr_t)dst % 32 == 0;                                      \
        if (l->wrap)                                                                              \
            return name##_loop(dst, src, indices, n, LANES(l), loads, stream, true, &l->filled);  \
        return name##_loop(dst, src, indices, n, LANES(l), loads, stream, false, &l->filled);     \
    }
WRAP_COPIES(gather4_i64, 4)
WRAP_COPIES(gather4_i32, 4)
WRAP_COPIES(gather8_i64, 8)
WRAP_COPIES(gather8_i32, 8)
#undef WRAP_COPIES

static int64_t dense_narrow(char* dst, const char* src, const char* indices, int64_t n,
                            size_t size, size_t width, tix__lanes* l); /* (AVX-512F, below) */

int64_t tix__gather_dense_simd(char* dst, const char* src, const char* indices, int64_t n,
                               size_t size, size_t width, tix__lanes* lanes) {
    if (size <= 2 && tix__simd_level() >= TIX__SIMD_AVX512 && lanes->bound > 0)
        return dense_narrow(dst, src, indices, n, size, width, lanes);
    /* (int32 lanes compare against bound - 1: bounds past INT32_MAX take the portable loop) */
    int64_t bound = lanes->bound;
    if (tix__simd_level() < TIX__SIMD_AVX2 || bound <= 0 || (width == 4 && bound > INT32_MAX))
        return 0;
    if (size == 4)
        return width == 8 ? gather4_i64(dst, src, indices, n, lanes)
                          : gather4_i32(dst, src, indices, n, lanes);
    if (size == 8)
        return width == 8 ? gather8_i64(dst, src, indices, n, lanes)
                          : gather8_i32(dst, src, indices, n, lanes);
    return 0;
}

/* Whether the CPU has the AVX-512 gathers of this file for elements of `size` bytes. */
static bool avx512_moves(size_t size) {
    return tix__simd_level() >= TIX__SIMD_AVX512 && (size == 4 || size == 8 || size <= 2);
}

/* Eight int64 or int32 indices at p (by `width`) as positions (negative ones plus bound when
 * `wrap`). */
__attribute__((target("avx512f"))) static inline __m512i positions8(const char* p, size_t width,
                                                                    int64_t bound, bool wrap) {
    __m512i wide = width == 8
                       ? _mm512_loadu_si512((const void*)p)
                       : _mm512_cvtepi32_epi64(_mm256_loadu_si256((const __m256i*)(const void*)p));
    if (wrap) {
        __mmask8 negative = _mm512_cmplt_epi64_mask(wide, _mm512_setzero_si512());
        wide = _mm512_mask_add_epi64(wide, negative, wide, _mm512_set1_epi64(bound));
    }
    return wide;
}

/* positions8 as int32, with a mask of those outside [0, bound) (compared unsigned: a position
 * still negative is past any bound). */
__attribute__((target("avx512f"))) static inline __m256i load8(const char* p, size_t width,
                                                               int64_t bound, bool wrap,
                                                               __mmask8* outside) {
    __m512i wide = positions8(p, width, bound, wrap);
    *outside = _mm512_cmpge_epu64_mask(wide, _mm512_set1_epi64(bound));
    return _mm512_cvtepi64_epi32(wide);
}

/* positions8 as int32, each outside [0, bound) moved to the nearer end (the clamp rule). */
__attribute__((target("avx512f"))) static inline __m256i clamped8(const char* p, size_t width,
                                                                  int64_t bound, bool wrap) {
    __m512i wide = _mm512_max_epi64(positions8(p, width, bound, wrap), _mm512_setzero_si512());
    return _mm512_cvtepi64_epi32(_mm512_min_epi64(wide, _mm512_set1_epi64(bound - 1)));
}

/* dst[i] = src[position[i] * step + i * 4], sixteen at a time, the lanes outside [0, bound) as
 * in gather4_i64_loop; byte offsets in 32 bits (the caller checks they fit). */
AVX512_LOOP int64_t strided4_loop(char* dst, const char* src, const char* indices, int64_t n,
                                  int64_t step, size_t width, int64_t bound, const char* fill,
                                  bool clamp, bool stream, bool wrap, bool* filled_any) {
    const __m512i steps = _mm512_set1_epi32((int32_t)step);
    const __m512 fills = _mm512_castsi512_ps(_mm512_set1_epi32(fill4(fill)));
    __m512i along = _mm512_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60);
    __mmask16 filled = 0;
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __mmask8 low, high;
        const char* p = indices + i * (int64_t)width;
        __m256i first = load8(p, width, bound, wrap, &low);
        __m256i second = load8(p + 8 * width, width, bound, wrap, &high);
        __m512i v = _mm512_inserti64x4(_mm512_castsi256_si512(first), second, 1);
        __m512i offsets = _mm512_add_epi32(_mm512_mullo_epi32(v, steps), along);
        __m512 got;
        if ((low | high) == 0) {
            got = _mm512_i32gather_ps(offsets, src, 1);
        } else if (fill != NULL) {
            __mmask16 outside = (__mmask16)(low | (unsigned)high << 8);
            filled |= outside;
            got = _mm512_mask_i32gather_ps(fills, (__mmask16)~outside, offsets, src, 1);
        } else if (clamp) { /* (loaded again: load8 cut the positions outside to 32 bits) */
            first = clamped8(p, width, bound, wrap);
            second = clamped8(p + 8 * width, width, bound, wrap);
            v = _mm512_inserti64x4(_mm512_castsi256_si512(first), second, 1);
            offsets = _mm512_add_epi32(_mm512_mullo_epi32(v, steps), along);
            got = _mm512_i32gather_ps(offsets, src, 1);
        } else {
            break;
        }
        if (stream) {
            _mm512_stream_ps((float*)(void*)(dst + i * 4), got);
        } else {
            _mm512_storeu_ps((float*)(void*)(dst + i * 4), got);
        }
        along = _mm512_add_epi32(along, _mm512_set1_epi32(64));
    }
    if (fill != NULL) *filled_any = *filled_any || filled != 0;
    return i;
}

/* The same for 8-byte elements, eight at a time. */
AVX512_LOOP int64_t strided8_loop(char* dst, const char* src, const char* indices, int64_t n,
                                  int64_t step, size_t width, int64_t bound, const char* fill,
                                  bool clamp, bool stream, bool wrap, bool* filled_any) {
    const __m256i steps = _mm256_set1_epi32((int32_t)step);
    const __m512d fills = _mm512_castsi512_pd(_mm512_set1_epi64(fill8(fill)));
    __m256i along = _mm256_setr_epi32(0, 8, 16, 24, 32, 40, 48, 56);
    __mmask8 filled = 0;
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __mmask8 outside;
        __m256i v = load8(indices + i * (int64_t)width, width, bound, wrap, &outside);
        __m256i offsets = _mm256_add_epi32(_mm256_mullo_epi32(v, steps), along);
        __m512d got;
        if (outside == 0) {
            got = _mm512_i32gather_pd(offsets, src, 1);
        } else if (fill != NULL) {
            filled |= outside;
            got = _mm512_mask_i32gather_pd(fills, (__mmask8)~outside, offsets, src, 1);
        } else if (clamp) { /* (as in strided4_loop) */
            v = clamped8(indices + i * (int64_t)width, width, bound, wrap);
            offsets = _mm256_add_epi32(_mm256_mullo_epi32(v, steps), along);
            got = _mm512_i32gather_pd(offsets, src, 1);
        } else {
            break;
        }
        if (stream) {
            _mm512_stream_pd((double*)(void*)(dst + i * 8), got);
        } else {
            _mm512_storeu_pd((double*)(void*)(dst + i * 8), got);
        }
        along = _mm256_add_epi32(along, _mm256_set1_epi32(64));
    }
    if (fill != NULL) *filled_any = *filled_any || filled != 0;
    return i;
}

/* strided4 and strided8 in a copy for each index width and value of `wrap`; streaming stores
 * only where dst is aligned to the vectors. */
#define STRIDED_COPIES(name)                                                                      \
    __attribute__((target("avx512f"))) static int64_t name(char* dst, const char* src,           \
                                                           const char* indices, int64_t n,       \
                                                           int64_t step, size_t width,           \
                                                           tix__lanes* l) {                      \
        bool s = l->stream && (uintptr_t)dst % 64 == 0;                                           \
        if (l->wrap && width == 8)                                                                \
            return name##_loop(dst, src, indices, n, step, 8, LANES(l), s, true, &l->filled);     \
        if (l->wrap)                                                                              \
            return name##_loop(dst, src, indices, n, step, 4, LANES(l), s, true, &l->filled);     \
        if (width == 8)                                                                           \
            return name##_loop(dst, src, indices, n, step, 8, LANES(l), s, false, &l->filled);    \
        return name##_loop(dst, src, indices, n, step, 4, LANES(l), s, false, &l->filled);        \
    }
STRIDED_COPIES(strided4)
STRIDED_COPIES(strided8)
#undef STRIDED_COPIES

/* 1- and 2-byte elements: eight at byte offsets `at` from src, each in the low bits of a 32-bit
 * lane (the fill's where `take` is clear). Each lane gathers the aligned 4 bytes that hold its
 * element, which lie in the element's page, so the read cannot fault whatever the tensor's
 * bounds, and shifts the element down. A 2-byte element is whole in them where src is even
 * (every offset of one is: strides are whole elements): the callers ask narrow_whole first. */
__attribute__((target("avx512f"))) static inline __m256i narrow8(const char* src, __m512i at,
                                                                 __mmask8 take, __m256i fills) {
    const __m512i src_low = _mm512_set1_epi64((int64_t)((uintptr_t)src & 3));
    __m512i within = _mm512_maskz_and_epi64(take, _mm512_add_epi64(at, src_low),
                                            _mm512_set1_epi64(3));
    __m256i words = _mm512_mask_i64gather_epi32(fills, take, _mm512_sub_epi64(at, within), src, 1);
    return _mm256_srlv_epi32(words, _mm512_cvtepi64_epi32(_mm512_slli_epi64(within, 3)));
}

/* Whether narrow8 finds every element of `size` bytes from src whole in its aligned word. */
static inline bool narrow_whole(const char* src, size_t size) {
    return size == 1 || (uintptr_t)src % 2 == 0;
}

/* Sixteen of them, narrowed and stored at dst. */
__attribute__((target("avx512f"))) static inline void store16_narrow(char* dst, __m256i low,
                                                                     __m256i high, size_t size) {
    __m512i both = _mm512_inserti64x4(_mm512_castsi256_si512(low), high, 1);
    if (size == 2)
        _mm256_storeu_si256((void*)dst, _mm512_cvtepi32_epi16(both));
    else
        _mm_storeu_si128((void*)dst, _mm512_cvtepi32_epi8(both));
}

/* The fill element of 1 or 2 bytes in each 32-bit lane. */
__attribute__((target("avx512f"))) static inline __m256i fill_narrow(const char* fill,
                                                                     size_t size) {
    uint16_t f = 0;
    if (fill != NULL) memcpy(&f, fill, size);
    return _mm256_set1_epi32(f);
}

/* The dense-axis gather of 1- and 2-byte elements (tix__gather_dense_simd), sixteen at a time, the
 * lanes outside [0, bound) as in gather4_i64_loop. (gather_elements_last's shape on Emerald
 * Rapids, against the portable loop: float16 0.83x the time at 1 thread, 0.76x at 2; int8 0.59x
 * and 0.85x.) */
AVX512_LOOP int64_t dense_narrow_loop(char* dst, const char* src, const char* indices, int64_t n,
                                      size_t size, size_t width, int64_t bound, const char* fill,
                                      bool clamp, bool wrap, bool* filled_any) {
    const __m256i fills = fill_narrow(fill, size);
    const __m512i bounds = _mm512_set1_epi64(bound), last = _mm512_set1_epi64(bound - 1);
    __mmask16 filled = 0;
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        tix__prefetch_stream(indices, i, (int64_t)width, tix__stream_span((int64_t)width, 16));
        __m512i v[2];
        __mmask8 outside[2], take[2] = {0xFF, 0xFF};
        for (int h = 0; h < 2; h++) {
            v[h] = positions8(indices + (i + 8 * h) * (int64_t)width, width, bound, wrap);
            outside[h] = _mm512_cmpge_epu64_mask(v[h], bounds);
        }
        if ((outside[0] | outside[1]) != 0) {
            if (fill != NULL) {
                filled |= (__mmask16)(outside[0] | (unsigned)outside[1] << 8);
                take[0] = (__mmask8)~outside[0];
                take[1] = (__mmask8)~outside[1];
            } else if (clamp) {
                for (int h = 0; h < 2; h++)
                    v[h] = _mm512_min_epi64(_mm512_max_epi64(v[h], _mm512_setzero_si512()), last);
            } else {
                break;
            }
        }
        __m256i low = narrow8(src, _mm512_slli_epi64(v[0], (unsigned)size - 1), take[0], fills);
        __m256i high = narrow8(src, _mm512_slli_epi64(v[1], (unsigned)size - 1), take[1], fills);
        store16_narrow(dst + i * (int64_t)size, low, high, size);
    }
    if (fill != NULL) *filled_any = *filled_any || filled != 0;
    return i;
}

/* dense_narrow_loop in a copy for each index width and value of `wrap`. */
__attribute__((target("avx512f"))) static int64_t dense_narrow(char* dst, const char* src,
                                                               const char* indices, int64_t n,
                                                               size_t size, size_t width,
                                                               tix__lanes* l) {
    if (!narrow_whole(src, size) || !gathers_start(lanes_lenient(l), false))
        return 0;
    if (l->wrap && width == 8)
        return dense_narrow_loop(dst, src, indices, n, size, 8, LANES(l), true, &l->filled);
    if (l->wrap)
        return dense_narrow_loop(dst, src, indices, n, size, 4, LANES(l), true, &l->filled);
    if (width == 8)
        return dense_narrow_loop(dst, src, indices, n, size, 8, LANES(l), false, &l->filled);
    return dense_narrow_loop(dst, src, indices, n, size, 4, LANES(l), false, &l->filled);
}

/* The gather whose elements each come from another row (tix__gather_strided_simd) for 1- and
 * 2-byte elements, sixteen at a time, the lanes outside [0, bound) as in strided4_loop; byte
 * offsets in 32 bits (the caller checks they fit). (gather_elements_first's shape on Emerald
 * Rapids, against the portable loop, from its packed tiles: float16 0.83x the time at 1 thread,
 * 0.86x at 2; int8 0.93x.) */
AVX512_LOOP int64_t strided_narrow_loop(char* dst, const char* src, const char* indices,
                                        int64_t n, int64_t step, size_t size, size_t width,
                                        int64_t bound, const char* fill, bool clamp, bool wrap,
                                        bool* filled_any) {
    const __m256i steps = _mm256_set1_epi32((int32_t)step);
    const __m256i fills = fill_narrow(fill, size);
    const __m256i along = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                                             _mm256_set1_epi32((int32_t)size));
    __mmask16 filled = 0;
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const char* p = indices + i * (int64_t)width;
        __m256i v[2];
        __mmask8 outside[2], take[2] = {0xFF, 0xFF};
        v[0] = load8(p, width, bound, wrap, &outside[0]);
        v[1] = load8(p + 8 * width, width, bound, wrap, &outside[1]);
        if ((outside[0] | outside[1]) != 0) {
            if (fill != NULL) {
                filled |= (__mmask16)(outside[0] | (unsigned)outside[1] << 8);
                take[0] = (__mmask8)~outside[0];
                take[1] = (__mmask8)~outside[1];
            } else if (clamp) { /* (loaded again: load8 cut the positions outside to 32 bits) */
                v[0] = clamped8(p, width, bound, wrap);
                v[1] = clamped8(p + 8 * width, width, bound, wrap);
            } else {
                break;
            }
        }
        __m256i part[2];
        for (int h = 0; h < 2; h++) {
            __m256i first = _mm256_set1_epi32((int32_t)((i + 8 * h) * (int64_t)size));
            __m256i at = _mm256_add_epi32(_mm256_mullo_epi32(v[h], steps),
                                          _mm256_add_epi32(along, first));
            part[h] = narrow8(src, _mm512_cvtepi32_epi64(at), take[h], fills);
        }
        store16_narrow(dst + i * (int64_t)size, part[0], part[1], size);
    }
    if (fill != NULL) *filled_any = *filled_any || filled != 0;
    return i;
}

/* strided_narrow_loop in a copy for each index width and value of `wrap`. */
__attribute__((target("avx512f"))) static int64_t strided_narrow(char* dst, const char* src,
                                                                 const char* indices, int64_t n,
                                                                 int64_t step, size_t size,
                                                                 size_t width, tix__lanes* l) {
    if (!narrow_whole(src, size))
        return 0;
    if (l->wrap && width == 8)
        return strided_narrow_loop(dst, src, indices, n, step, size, 8, LANES(l), true,
                                   &l->filled);
    if (l->wrap)
        return strided_narrow_loop(dst, src, indices, n, step, size, 4, LANES(l), true,
                                   &l->filled);
    if (width == 8)
        return strided_narrow_loop(dst, src, indices, n, step, size, 8, LANES(l), false,
                                   &l->filled);
    return strided_narrow_loop(dst, src, indices, n, step, size, 4, LANES(l), false,
                               &l->filled);
}
#undef LANES

int64_t tix__gather_strided_simd(char* dst, const char* src, const char* indices, int64_t n,
                                 int64_t step, size_t size, size_t width, tix__lanes* lanes) {
    /* every byte offset position * step + i * size below 2^31: int32 lanes */
    int64_t bound = lanes->bound;
    if (!tix__gathers_strided_move(size, lanes_lenient(lanes)) || bound <= 0 || step <= 0 ||
        n > INT32_MAX / 8 || bound > (INT32_MAX - n * (int64_t)size) / step)
        return 0;
    if (size == 4)
        return strided4(dst, src, indices, n, step, width, lanes);
    if (size == 8)
        return strided8(dst, src, indices, n, step, width, lanes);
    return strided_narrow(dst, src, indices, n, step, size, width, lanes); /* (1 or 2 bytes) */
}

/* The lanes of eight byte offsets that are not TIX__SKIP (valid ones may be negative: flipped
 * views). */
__attribute__((target("avx512f"))) static inline __mmask8 taken(__m512i offsets) {
    return _mm512_cmpneq_epi64_mask(offsets, _mm512_set1_epi64(TIX__SKIP));
}

/* dst[i] = src[offsets[i]], byte offsets, or the fill where TIX__SKIP: sixteen 4-byte elements
 * at a time, each skipped lane keeping the fill it starts from (masked gathers); with streaming
 * stores where `stream` (dst then aligned to 32 bytes: the caller checks); two lines of *ahead
 * a turn (tix__ahead). */
__attribute__((target("avx512f"))) static int64_t offsets4(char* dst, const char* src,
                                                           const int64_t* offsets, int64_t n,
                                                           const char* fill, bool stream,
                                                           tix__ahead* ahead) {
    const __m256 fills = _mm256_castsi256_ps(_mm256_set1_epi32(fill4(fill)));
    tix__ahead pending = *ahead;
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        tix__ahead_line(&pending);
        tix__ahead_line(&pending);
        __m512i low = _mm512_loadu_si512((const void*)(offsets + i));
        __m512i high = _mm512_loadu_si512((const void*)(offsets + i + 8));
        __m256 first = _mm512_mask_i64gather_ps(fills, taken(low), low, src, 1);
        __m256 second = _mm512_mask_i64gather_ps(fills, taken(high), high, src, 1);
        store_vector(dst + i * 4, _mm256_castps_si256(first), stream);
        store_vector(dst + i * 4 + 32, _mm256_castps_si256(second), stream);
    }
    *ahead = pending;
    return i;
}

/* The same for 8-byte elements, eight at a time (dst aligned to 64 bytes where `stream`), a
 * line of *ahead a turn. */
__attribute__((target("avx512f"))) static int64_t offsets8(char* dst, const char* src,
                                                           const int64_t* offsets, int64_t n,
                                                           const char* fill, bool stream,
                                                           tix__ahead* ahead) {
    const __m512d fills = _mm512_castsi512_pd(_mm512_set1_epi64(fill8(fill)));
    tix__ahead pending = *ahead;
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        tix__ahead_line(&pending);
        __m512i at = _mm512_loadu_si512((const void*)(offsets + i));
        __m512d got = _mm512_mask_i64gather_pd(fills, taken(at), at, src, 1);
        if (stream) {
            _mm512_stream_pd((double*)(void*)(dst + i * 8), got);
        } else {
            _mm512_storeu_pd((double*)(void*)(dst + i * 8), got);
        }
    }
    *ahead = pending;
    return i;
}

/* The same for 1- and 2-byte elements, sixteen at a time (narrow8), two lines of *ahead a turn.
 * (gather_last_axis's shape in float16 and int8, on Emerald Rapids: 0.88x and 0.67x the time of
 * the portable loop; still as long as float32's, a gather instruction per 8 lanes.) */
__attribute__((target("avx512f"))) static int64_t offsets_narrow(char* dst, const char* src,
                                                                 const int64_t* offsets,
                                                                 int64_t n, const char* fill,
                                                                 size_t size, tix__ahead* ahead) {
    if (!narrow_whole(src, size))
        return 0;
    const __m256i fills = fill_narrow(fill, size);
    tix__ahead pending = *ahead;
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        tix__ahead_line(&pending);
        tix__ahead_line(&pending);
        __m512i low = _mm512_loadu_si512((const void*)(offsets + i));
        __m512i high = _mm512_loadu_si512((const void*)(offsets + i + 8));
        store16_narrow(dst + i * (int64_t)size, narrow8(src, low, taken(low), fills),
                       narrow8(src, high, taken(high), fills), size);
    }
    *ahead = pending;
    return i;
}

bool tix__gathers_strided_move(size_t size, bool lenient) {
    return avx512_moves(size) && gathers_start(lenient, false);
}

/* The element at `from` as the low lane of a vector, and that at `next` beside it. */
__attribute__((target("avx2"))) static inline __m128i load_pair(const char* from,
                                                                const char* next) {
    int32_t a, b;
    memcpy(&a, from, 4);
    memcpy(&b, next, 4);
    return _mm_insert_epi32(_mm_cvtsi32_si128(a), b, 1);
}

/* dst[i] = src[offsets[i]] for 4-byte elements, or the fill where checked and TIX__SKIP: eight
 * at a time, loaded one by one and put together in pairs, then halves, for one store of 32
 * bytes (a streaming one where `stream`: dst then aligned to 32 bytes), a line of *ahead a
 * turn. Where the hardware gathers along offsets are not taken: on Zen 5, gather_last_axis in
 * 0.79-0.84x the time of the portable loop at 1 thread, 0.82x at 2, with 0.65x its
 * instructions (3.2 an element against 4.8; the portable loop puts four together for a store
 * of 16 bytes, in SSE2). */
AVX2_LOOP int64_t offsets4_loads_loop(char* dst, const char* src, const int64_t* offsets,
                                      int64_t n, const char* fill, bool checked, bool stream,
                                      tix__ahead* ahead) {
    tix__ahead pending = *ahead;
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        tix__ahead_line(&pending);
        const char* at[8];
        for (int k = 0; k < 8; k++) at[k] = tix__offset_source(src, offsets, i + k, fill, checked);
        __m128i low = _mm_unpacklo_epi64(load_pair(at[0], at[1]), load_pair(at[2], at[3]));
        __m128i high = _mm_unpacklo_epi64(load_pair(at[4], at[5]), load_pair(at[6], at[7]));
        store_vector(dst + i * 4, _mm256_inserti128_si256(_mm256_castsi128_si256(low), high, 1),
                     stream);
    }
    *ahead = pending;
    return i;
}

/* offsets4_loads_loop in a copy for each of checked (a fill given) and stream. */
__attribute__((target("avx2"))) static int64_t offsets4_loads(char* dst, const char* src,
                                                              const int64_t* offsets, int64_t n,
                                                              const char* fill, bool stream,
                                                              tix__ahead* ahead) {
    if (fill != NULL) {
        return stream ? offsets4_loads_loop(dst, src, offsets, n, fill, true, true, ahead)
                      : offsets4_loads_loop(dst, src, offsets, n, fill, true, false, ahead);
    }
    return stream ? offsets4_loads_loop(dst, src, offsets, n, NULL, false, true, ahead)
                  : offsets4_loads_loop(dst, src, offsets, n, NULL, false, false, ahead);
}

/* The elements along offsets before dst's first boundary of `vector` bytes (at most a vector's
 * worth less one), each by a streaming store of its own, so that the vectors after them stream
 * too into an output aligned to less (malloc's large blocks: 16 bytes): how many. */
static int64_t stream_to_boundary(char* dst, const char* src, const int64_t* offsets, int64_t n,
                                  size_t size, const char* fill, size_t vector) {
    int64_t i = 0;
    /* (size is 4 or 8: the elements of a vector by a shift, not a division) */
    const int64_t bytes = (int64_t)size, most = (int64_t)vector / (size == 4 ? 4 : 8) - 1;
    for (; i < n && i < most && ((uintptr_t)(dst + i * bytes) & (vector - 1)) != 0; i++) {
        const char* from = tix__offset_source(src, offsets, i, fill, fill != NULL);
        if (size == 4) {
            int32_t e;
            memcpy(&e, from, 4);
            _mm_stream_si32((int*)(void*)(dst + i * bytes), e);
        } else {
            long long e;
            memcpy(&e, from, 8);
            _mm_stream_si64((long long*)(void*)(dst + i * bytes), e);
        }
    }
    return i;
}

/* Whether AVX-512's hardware gathers take elements of `size` bytes along offsets. (Where they
 * are slow, 8-byte elements still gain by them on AMD before Zen 5: gather_last_axis' shape in
 * float64 on Zen 4 took 0.83-0.91x the time of the portable loop at 1 thread and 0.77-0.89x at
 * 2, where float32 took 1.06-1.27x, float16 1.46-1.51x and int8 1.6-1.9x. Not on Zen 5, whose
 * answer is DENSE4: there the portable loop took 0.71-0.76x the time of the gathers at 1
 * thread, 0.77-0.82x at 2.) */
static bool offsets_gathered(size_t size) {
    return avx512_moves(size) &&
           (tix__hardware_gathers(false) || (size == 8 && !tix__hardware_gathers(true)));
}

/* Where they are not (`gathered`, offsets_gathered's answer), 4-byte elements go by loads with
 * AVX2 (offsets4_loads). */
static bool offsets_loaded(size_t size, bool gathered) {
    return !gathered && size == 4 && tix__simd_level() >= TIX__SIMD_AVX2;
}

bool tix__gathers_offsets_move(size_t size) {
    bool gathered = offsets_gathered(size);
    return gathered || offsets_loaded(size, gathered);
}

int64_t tix__gather_offsets_simd(char* dst, const char* src, const int64_t* offsets, int64_t n,
                                 size_t size, const char* fill, bool stream, tix__ahead* ahead) {
    bool gathered = offsets_gathered(size), loaded = offsets_loaded(size, gathered);
    if (!gathered && !loaded)
        return 0;
    if (size != 4 && size != 8)
        return offsets_narrow(dst, src, offsets, n, fill, size, ahead); /* (never streamed) */
    size_t vector = size == 4 ? 32 : 64;
    int64_t i = stream ? stream_to_boundary(dst, src, offsets, n, size, fill, vector) : 0;
    char* d = dst + i * (int64_t)size;
    bool aligned = stream && ((uintptr_t)d & (vector - 1)) == 0;
    if (loaded)
        return i + offsets4_loads(d, src, offsets + i, n - i, fill, aligned, ahead);
    if (size == 4)
        return i + offsets4(d, src, offsets + i, n - i, fill, aligned, ahead);
    return i + offsets8(d, src, offsets + i, n - i, fill, aligned, ahead);
}

/* The mean of dense float32 sums by dense int32 counts (tix__mean_simd): sixteen elements at a
 * time, each divided by its count + self and stored where the count is not 0 (a masked store:
 * the others keep their bytes), a NaN quotient as the canonical NaN, as the portable loop
 * stores it (the sums a call leaves are canonical already; a test of the kernel sees it). The
 * divisor of the lanes not stored is 1, so that none divides by 0.
 *
 * Where every divisor of a vector is a power of two (distinct indices: 1 and 2), the sums are
 * multiplied by the divisors' reciprocals instead, which are exact: a product by 2^-k and a
 * quotient by 2^k are the same real number, so both round to the same bits, subnormals, zeros,
 * infinities and NaNs included. A division of whole vectors takes several times as long as a
 * product (scatter_elements_unique's shape under mean: see docs/PERFORMANCE-LOG.md). A power of two
 * is a divisor whose mantissa field is 0 (it is at least 1), its reciprocal the exponent
 * mirrored around the bias: bits 2 * bias << mantissa bits, less the divisor's. */
#define MANTISSA_F32 0x007FFFFF
#define RECIPROCAL_F32 0x7F000000 /* (2 * 127) << 23 */
#define MANTISSA_F64 0x000FFFFFFFFFFFFFLL
#define RECIPROCAL_F64 0x7FE0000000000000LL /* (2 * 1023) << 52 */

/* The sixteen quotients of mean16_f32 and mean16_f16: sum / (count + self), the divisor 1
 * where the count is 0, a NaN as the canonical NaN. */
AVX512_LOOP __m512 means16(__m512 sum, __m512i count, __mmask16 counted, int32_t self) {
    __m512i divisor = _mm512_castps_si512(_mm512_cvtepi32_ps(_mm512_mask_add_epi32(
        _mm512_set1_epi32(1), counted, count, _mm512_set1_epi32(self))));
    __m512 mean;
    if (_mm512_test_epi32_mask(divisor, _mm512_set1_epi32(MANTISSA_F32)) == 0) {
        __m512i reciprocal = _mm512_sub_epi32(_mm512_set1_epi32(RECIPROCAL_F32), divisor);
        mean = _mm512_mul_ps(sum, _mm512_castsi512_ps(reciprocal));
    } else {
        mean = _mm512_div_ps(sum, _mm512_castsi512_ps(divisor));
    }
    return _mm512_mask_mov_ps(mean, _mm512_cmp_ps_mask(mean, mean, _CMP_UNORD_Q),
                              _mm512_set1_ps(NAN));
}

__attribute__((target("avx512f"))) static int64_t mean16_f32(char* dst, const char* counts,
                                                             int32_t self, int64_t n) {
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512i count = _mm512_loadu_si512((const void*)(counts + i * 4));
        __mmask16 counted = _mm512_test_epi32_mask(count, count);
        __m512 sum = _mm512_loadu_ps((const void*)(dst + i * 4));
        _mm512_mask_storeu_ps((void*)(dst + i * 4), counted, means16(sum, count, counted, self));
    }
    return i;
}

/* The same for float16 sums (the AVX512-FP16 copy of kernels/reduce.c, whose quotients are
 * taken in float32 and rounded once), sixteen at a time: widened to float32 (exact), divided
 * or multiplied as float32's, the canonical NaN made in float32 (it narrows to float16's),
 * rounded to nearest even and stored as 16-bit lanes where the count is not 0. */
__attribute__((target("avx512f,avx512bw,avx512vl"))) static int64_t mean16_f16(
    char* dst, const char* counts, int32_t self, int64_t n) {
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512i count = _mm512_loadu_si512((const void*)(counts + i * 4));
        __mmask16 counted = _mm512_test_epi32_mask(count, count);
        __m512 sum = _mm512_cvtph_ps(_mm256_loadu_si256((const void*)(dst + i * 2)));
        __m512 mean = means16(sum, count, counted, self);
        _mm256_mask_storeu_epi16((void*)(dst + i * 2), counted,
                                 _mm512_cvtps_ph(mean, _MM_FROUND_TO_NEAREST_INT));
    }
    return i;
}

/* The same for float64, eight at a time (each count + self is exact as a double). */
__attribute__((target("avx512f"))) static int64_t mean8_f64(char* dst, const char* counts,
                                                            int32_t self, int64_t n) {
    const __m512d ones = _mm512_set1_pd(1), selfs = _mm512_set1_pd(self);
    const __m512i mantissa = _mm512_set1_epi64(MANTISSA_F64),
                  mirror = _mm512_set1_epi64(RECIPROCAL_F64);
    const __m512d nan = _mm512_set1_pd(NAN);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m512d count = _mm512_cvtepi32_pd(_mm256_loadu_si256((const void*)(counts + i * 4)));
        __mmask8 counted = _mm512_cmp_pd_mask(count, _mm512_setzero_pd(), _CMP_NEQ_OQ);
        __m512d sum = _mm512_loadu_pd((const void*)(dst + i * 8));
        __m512d divisor = _mm512_mask_add_pd(ones, counted, count, selfs);
        __m512i bits = _mm512_castpd_si512(divisor);
        __m512d mean;
        if (_mm512_test_epi64_mask(bits, mantissa) == 0)
            mean = _mm512_mul_pd(sum, _mm512_castsi512_pd(_mm512_sub_epi64(mirror, bits)));
        else
            mean = _mm512_div_pd(sum, divisor);
        mean = _mm512_mask_mov_pd(mean, _mm512_cmp_pd_mask(mean, mean, _CMP_UNORD_Q), nan);
        _mm512_mask_storeu_pd((void*)(dst + i * 8), counted, mean);
    }
    return i;
}

/* With AVX2, eight quotients of mean8_f32, mean8_f16 and mean8_bf16 at a time: sum / (count +
 * self), the divisor 1 where the count is 0 (`uncounted`), a NaN as the canonical NaN. */
AVX2_LOOP __m256 means8(__m256 sum, __m256i count, __m256i uncounted, int32_t self) {
    __m256i divisor = _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_blendv_epi8(
        _mm256_add_epi32(count, _mm256_set1_epi32(self)), _mm256_set1_epi32(1), uncounted)));
    __m256 mean;
    if (_mm256_testz_si256(divisor, _mm256_set1_epi32(MANTISSA_F32))) {
        __m256i reciprocal = _mm256_sub_epi32(_mm256_set1_epi32(RECIPROCAL_F32), divisor);
        mean = _mm256_mul_ps(sum, _mm256_castsi256_ps(reciprocal));
    } else {
        mean = _mm256_div_ps(sum, _mm256_castsi256_ps(divisor));
    }
    return _mm256_blendv_ps(mean, _mm256_set1_ps(NAN), _mm256_cmp_ps(mean, mean, _CMP_UNORD_Q));
}

/* The means of float32 sums: the quotient selected where the count is not 0, the old bytes
 * elsewhere, and the vector stored whole. */
__attribute__((target("avx2"))) static int64_t mean8_f32(char* dst, const char* counts,
                                                         int32_t self, int64_t n) {
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i count = _mm256_loadu_si256((const void*)(counts + i * 4));
        __m256i uncounted = _mm256_cmpeq_epi32(count, _mm256_setzero_si256());
        __m256 sum = _mm256_loadu_ps((const float*)(const void*)(dst + i * 4));
        __m256 mean = means8(sum, count, uncounted, self);
        mean = _mm256_blendv_ps(mean, sum, _mm256_castsi256_ps(uncounted));
        _mm256_storeu_ps((float*)(void*)(dst + i * 4), mean);
    }
    return i;
}

/* The means of 16-bit float sums, eight at a time: float16's (kernels/reduce.c's F16C copy, as
 * mean16_f16's) widened and narrowed by F16C, or bfloat16's (float32's high halves) by shifts,
 * rounded as the portable loop rounds them: to nearest even by adding below the kept half
 * (kernels/reduce.c's bfloat16_of_result, with no NaN to test: the quotients' are canonical).
 * The old bytes are kept in the lanes whose count is 0 (the comparison's 32-bit lanes packed
 * into 16). `brain` (bfloat16) is a constant at every use. */
#define AVX2_F16C_LOOP static inline __attribute__((target("avx2,f16c"), always_inline))
AVX2_F16C_LOOP int64_t mean8_halves(char* dst, const char* counts, int32_t self, int64_t n,
                                    bool brain) {
    const __m256i below = _mm256_set1_epi32(0x7FFF), one = _mm256_set1_epi32(1);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i count = _mm256_loadu_si256((const void*)(counts + i * 4));
        __m256i uncounted = _mm256_cmpeq_epi32(count, _mm256_setzero_si256());
        __m128i old = _mm_loadu_si128((const void*)(dst + i * 2));
        __m256 sum = brain ? _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(old), 16))
                           : _mm256_cvtph_ps(old);
        __m256 mean = means8(sum, count, uncounted, self);
        __m128i halves;
        if (brain) {
            __m256i bits = _mm256_castps_si256(mean);
            __m256i odd = _mm256_and_si256(_mm256_srli_epi32(bits, 16), one);
            __m256i rounded =
                _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(bits, below), odd), 16);
            halves = _mm_packus_epi32(_mm256_castsi256_si128(rounded),
                                      _mm256_extracti128_si256(rounded, 1));
        } else {
            halves = _mm256_cvtps_ph(mean, _MM_FROUND_TO_NEAREST_INT);
        }
        __m128i keep = _mm_packs_epi32(_mm256_castsi256_si128(uncounted),
                                       _mm256_extracti128_si256(uncounted, 1));
        _mm_storeu_si128((void*)(dst + i * 2), _mm_blendv_epi8(halves, old, keep));
    }
    return i;
}

__attribute__((target("avx2,f16c"))) static int64_t mean8_f16(char* dst, const char* counts,
                                                              int32_t self, int64_t n) {
    return mean8_halves(dst, counts, self, n, false);
}

/* (every CPU at the AVX2 level has F16C: cpu.c) */
__attribute__((target("avx2,f16c"))) static int64_t mean8_bf16(char* dst, const char* counts,
                                                               int32_t self, int64_t n) {
    return mean8_halves(dst, counts, self, n, true);
}

/* The same for float64, four at a time. */
__attribute__((target("avx2"))) static int64_t mean4_f64(char* dst, const char* counts,
                                                         int32_t self, int64_t n) {
    const __m256d zero = _mm256_setzero_pd(), ones = _mm256_set1_pd(1),
                  selfs = _mm256_set1_pd(self), nan = _mm256_set1_pd(NAN);
    const __m256i mantissa = _mm256_set1_epi64x(MANTISSA_F64),
                  mirror = _mm256_set1_epi64x(RECIPROCAL_F64);
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256d count = _mm256_cvtepi32_pd(_mm_loadu_si128((const void*)(counts + i * 4)));
        __m256d uncounted = _mm256_cmp_pd(count, zero, _CMP_EQ_OQ);
        __m256d sum = _mm256_loadu_pd((const double*)(const void*)(dst + i * 8));
        __m256d divisor = _mm256_blendv_pd(_mm256_add_pd(count, selfs), ones, uncounted);
        __m256i bits = _mm256_castpd_si256(divisor);
        __m256d mean;
        if (_mm256_testz_si256(bits, mantissa))
            mean = _mm256_mul_pd(sum, _mm256_castsi256_pd(_mm256_sub_epi64(mirror, bits)));
        else
            mean = _mm256_div_pd(sum, divisor);
        mean = _mm256_blendv_pd(mean, nan, _mm256_cmp_pd(mean, mean, _CMP_UNORD_Q));
        mean = _mm256_blendv_pd(mean, sum, uncounted);
        _mm256_storeu_pd((double*)(void*)(dst + i * 8), mean);
    }
    return i;
}

int64_t tix__mean_simd(char* dst, const char* counts, int64_t self, int64_t n,
                       tix_dtype dtype) {
    tix__simd level = tix__simd_level();
    int32_t s = (int32_t)self;
    if (level == TIX__SIMD_NONE)
        return 0;
    switch (dtype) {
        case TIX_DTYPE_FLOAT32:
            return level >= TIX__SIMD_AVX512 ? mean16_f32(dst, counts, s, n)
                                             : mean8_f32(dst, counts, s, n);
        case TIX_DTYPE_FLOAT64:
            return level >= TIX__SIMD_AVX512 ? mean8_f64(dst, counts, s, n)
                                             : mean4_f64(dst, counts, s, n);
        case TIX_DTYPE_FLOAT16:
            return level >= TIX__SIMD_AVX512_FP16 ? mean16_f16(dst, counts, s, n)
                                                  : mean8_f16(dst, counts, s, n);
        case TIX_DTYPE_BFLOAT16:
            return mean8_bf16(dst, counts, s, n);
        default:
            return 0;
    }
}

/* Whole lines of a streaming copy, two 32-byte streaming stores a line. */
__attribute__((target("avx2"))) static size_t stream_lines_avx2(char* dst, const char* src,
                                                                size_t bytes) {
    size_t b = 0;
    for (; b + 64 <= bytes; b += 64) {
        __m256i low = _mm256_loadu_si256((const __m256i*)(const void*)(src + b));
        __m256i high = _mm256_loadu_si256((const __m256i*)(const void*)(src + b + 32));
        _mm256_stream_si256((__m256i*)(void*)(dst + b), low);
        _mm256_stream_si256((__m256i*)(void*)(dst + b + 32), high);
    }
    return b;
}

size_t tix__stream_lines_simd(char* dst, const char* src, size_t bytes) {
    if (tix__simd_level() < TIX__SIMD_AVX2 || (uintptr_t)dst % 32 != 0)
        return 0;
    return stream_lines_avx2(dst, src, bytes);
}

#else /* no x86 SIMD paths: the portable loops do all the work */

int64_t tix__gather_dense_simd(char* dst, const char* src, const char* indices, int64_t n,
                               size_t size, size_t width, tix__lanes* lanes) {
    (void)dst, (void)src, (void)indices, (void)n, (void)size, (void)width, (void)lanes;
    return 0;
}

int64_t tix__gather_strided_simd(char* dst, const char* src, const char* indices, int64_t n,
                                 int64_t step, size_t size, size_t width, tix__lanes* lanes) {
    (void)dst, (void)src, (void)indices, (void)n, (void)step, (void)size, (void)width,
        (void)lanes;
    return 0;
}

bool tix__gathers_strided_move(size_t size, bool lenient) {
    (void)size, (void)lenient;
    return false;
}

bool tix__gathers_offsets_move(size_t size) {
    (void)size;
    return false;
}

int64_t tix__gather_offsets_simd(char* dst, const char* src, const int64_t* offsets, int64_t n,
                                 size_t size, const char* fill, bool stream, tix__ahead* ahead) {
    (void)dst, (void)src, (void)offsets, (void)n, (void)size, (void)fill, (void)stream;
    (void)ahead;
    return 0;
}

int64_t tix__mean_simd(char* dst, const char* counts, int64_t self, int64_t n,
                       tix_dtype dtype) {
    (void)dst, (void)counts, (void)self, (void)n, (void)dtype;
    return 0;
}

size_t tix__stream_lines_simd(char* dst, const char* src, size_t bytes) {
    (void)dst, (void)src, (void)bytes;
    return 0;
}

#endif
