/* What gather_elements_first's tile kernel spends its time on, outside the library: the
 * workload's indices [1024, 4096] int64 and output [1024, 4096] float32, walked tile by tile
 * (COLUMNS columns, all 1024 rows of a tile, then the next) as src/execute.c's packed tiles
 * walk them, each part of the work timed alone (median of RUNS passes over every tile):
 *
 *   sweep      the indices read and the output streamed, no gather (COLUMNS = 4096: one
 *              sequential sweep of the same bytes)
 *   gather     with AVX-512 gathers of sixteen lanes from a packed block [1024, COLUMNS] of the
 *              tile's data, as the library's tile kernel (src/kernels/simd_x86.c) takes them
 *   gather-l1  the same with each index masked to the block's first four rows, so that the
 *              gathers find their lines in L1: the difference to `gather` is the lines they
 *              bring from L2
 *   strips     each tile in strips of 8 columns, a strip's 32 KiB of the block in L1: the
 *              indices packed into int32 first, the strips gathered into a scratch block,
 *              which is then streamed out row by row
 *
 *   cc -O2 -std=c11 bench/tile_parts.c -o tile_parts
 *   ./tile_parts [-n RUNS] [COLUMNS...]     # default: -n 15 4096 128 64
 *
 * Needs AVX-512F and DQ; elsewhere it says so and exits 0. Every gathered output is checked
 * against a plain computation. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

enum { ROWS = 1024, WIDTH = 4096, STRIP = 8, MAX_RUNS = 101 };
enum part { SWEEP, GATHER, GATHER_L1, STRIPS, PARTS };
static const char* const part_names[PARTS] = {"sweep", "gather", "gather-l1", "strips"};

#define AVX512 __attribute__((target("avx512f,avx512dq")))

/* The 16 indices at x as int32 lanes, after checking that each is in [0, ROWS). */
AVX512 static __m512i sixteen_indices(const int64_t* x) {
    __m512i a = _mm512_loadu_si512(x), b = _mm512_loadu_si512(x + 8);
    __m512i bound = _mm512_set1_epi64(ROWS);
    if (_mm512_cmpge_epu64_mask(a, bound) | _mm512_cmpge_epu64_mask(b, bound))
        abort();
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi64_epi32(a)),
                              _mm512_cvtepi64_epi32(b), 1);
}

/* The indices of row r of a tile (none past the last row), as the library's tile kernel
 * prefetches them two rows ahead. (Always inlined: GCC drops a call to a function whose only
 * effects are prefetches.) */
__attribute__((always_inline)) static inline void prefetch_indices(const int64_t* x, int64_t r,
                                                                   int64_t columns) {
    if (r >= ROWS)
        return;
    for (int64_t b = 0; b < columns * 8; b += 64)
        __builtin_prefetch((const char*)(x + r * WIDTH) + b);
}

/* One tile's rows, direct: `part` SWEEP, GATHER or GATHER_L1. */
AVX512 static void tile_direct(const int64_t* x, float* out, const float* block, int64_t columns,
                               enum part part) {
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i mask = _mm512_set1_epi32(part == GATHER_L1 ? 3 : ROWS - 1);
    for (int64_t r = 0; r < ROWS; r++) {
        prefetch_indices(x, r + 2, columns);
        for (int64_t c = 0; c < columns; c += 16) {
            __m512i v = sixteen_indices(x + r * WIDTH + c);
            if (part != SWEEP) {
                v = _mm512_and_si512(v, mask);
                v = _mm512_add_epi32(_mm512_mullo_epi32(v, _mm512_set1_epi32((int)columns)),
                                     _mm512_add_epi32(lanes, _mm512_set1_epi32((int)c)));
                v = _mm512_castps_si512(_mm512_i32gather_ps(v, block, 4));
            }
            _mm512_stream_si512((void*)(out + r * WIDTH + c), v);
        }
    }
}

/* One tile's rows in strips: `strips` holds the block strip by strip ([strip][row][8]),
 * `packed` and `scratch` ROWS * columns elements each. */
AVX512 static void tile_strips(const int64_t* x, float* out, const float* strips, int32_t* packed,
                               float* scratch, int64_t columns) {
    for (int64_t r = 0; r < ROWS; r++) {
        prefetch_indices(x, r + 2, columns);
        for (int64_t c = 0; c < columns; c += 16) {
            __m512i v = sixteen_indices(x + r * WIDTH + c);
            _mm256_store_si256((__m256i*)(packed + (c / STRIP) * ROWS * STRIP + r * STRIP),
                               _mm512_castsi512_si256(v));
            _mm256_store_si256((__m256i*)(packed + (c / STRIP + 1) * ROWS * STRIP + r * STRIP),
                               _mm512_extracti64x4_epi64(v, 1));
        }
    }
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);
    for (int64_t s = 0; s < columns / STRIP; s++) { /* two rows of a strip a gather */
        const int64_t at = s * ROWS * STRIP;
        for (int64_t r = 0; r < ROWS; r += 2) {
            __m512i v = _mm512_load_si512(packed + at + r * STRIP);
            v = _mm512_add_epi32(_mm512_slli_epi32(v, 3), lanes); /* (index * STRIP) */
            _mm512_store_ps(scratch + at + r * STRIP, _mm512_i32gather_ps(v, strips + at, 4));
        }
    }
    for (int64_t r = 0; r < ROWS; r++) {
        for (int64_t c = 0; c < columns; c += 16) {
            __m256 low = _mm256_load_ps(scratch + (c / STRIP) * ROWS * STRIP + r * STRIP);
            __m256 high = _mm256_load_ps(scratch + (c / STRIP + 1) * ROWS * STRIP + r * STRIP);
            _mm512_stream_ps(out + r * WIDTH + c,
                             _mm512_insertf32x8(_mm512_castps256_ps512(low), high, 1));
        }
    }
}

typedef struct buffers {
    int64_t* indices;
    float *out, *block, *strips, *scratch;
    int32_t* packed;
} buffers;

/* One pass over every tile; seconds. */
static double pass(const buffers* b, int64_t columns, enum part part) {
    double start = bench_seconds();
    for (int64_t c0 = 0; c0 < WIDTH; c0 += columns) {
        if (part == STRIPS)
            tile_strips(b->indices + c0, b->out + c0, b->strips, b->packed, b->scratch, columns);
        else
            tile_direct(b->indices + c0, b->out + c0, b->block, columns, part);
    }
    _mm_sfence();
    return bench_seconds() - start;
}

/* Whether the output is what `part` computes, at a sample of its elements: the sweep's the
 * indices' bits, the others the block's elements they gather. */
static int output_right(const buffers* b, int64_t columns, enum part part) {
    for (int64_t r = 0; r < ROWS; r += 7) {
        for (int64_t c = 0; c < WIDTH; c += 5) {
            int64_t index = b->indices[r * WIDTH + c];
            const float* got = b->out + r * WIDTH + c;
            if (part == SWEEP) {
                int32_t bits = (int32_t)index;
                if (memcmp(got, &bits, sizeof bits) != 0)
                    return 0;
                continue;
            }
            int64_t row = part == GATHER_L1 ? index & 3 : index;
            if (*got != b->block[row * columns + c % columns])
                return 0;
        }
    }
    return 1;
}

static int run(int64_t columns, int runs) {
    size_t elements = (size_t)ROWS * WIDTH, tile = (size_t)ROWS * (size_t)columns;
    buffers b = {aligned_alloc(64, elements * 8), aligned_alloc(64, elements * 4),
                 aligned_alloc(64, tile * 4),     aligned_alloc(64, tile * 4),
                 aligned_alloc(64, tile * 4),     aligned_alloc(64, tile * 4)};
    if (!b.indices || !b.out || !b.block || !b.strips || !b.scratch || !b.packed) {
        fprintf(stderr, "tile_parts: out of memory\n");
        return 1;
    }
    srand(1);
    for (size_t i = 0; i < elements; i++)
        b.indices[i] = rand() % ROWS;
    memset(b.out, 0, elements * 4);
    for (int64_t r = 0; r < ROWS; r++) {
        for (int64_t c = 0; c < columns; c++) {
            float value = (float)(r * columns + c);
            b.block[r * columns + c] = value;
            b.strips[(c / STRIP) * ROWS * STRIP + r * STRIP + c % STRIP] = value;
        }
    }
    double times[MAX_RUNS];
    for (int part = 0; part < PARTS; part++) {
        for (int k = 0; k < 3; k++)
            pass(&b, columns, part);
        for (int k = 0; k < runs; k++)
            times[k] = pass(&b, columns, part);
        if (!output_right(&b, columns, part)) {
            fprintf(stderr, "tile_parts: %s at %lld columns gave a wrong output\n",
                    part_names[part], (long long)columns);
            return 1;
        }
        bench_sort(times, (size_t)runs);
        printf("%4lld columns  %-9s  median %7.3f ms  min %7.3f\n", (long long)columns,
               part_names[part], times[runs / 2] * 1e3, times[0] * 1e3);
    }
    free(b.indices);
    free(b.out);
    free(b.block);
    free(b.strips);
    free(b.scratch);
    free(b.packed);
    return 0;
}

int main(int argc, char** argv) {
    int runs = 15, first = 1;
    if (argc > 2 && strcmp(argv[1], "-n") == 0) {
        runs = atoi(argv[2]);
        first = 3;
    }
    if (runs < 1 || runs > MAX_RUNS) {
        fprintf(stderr, "tile_parts: -n takes 1 to %d\n", MAX_RUNS);
        return 2;
    }
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512dq")) {
        printf("tile_parts: this CPU has no AVX-512F and DQ; nothing measured\n");
        return 0;
    }
    static const int64_t defaults[] = {4096, 128, 64};
    int count = argc > first ? argc - first : 3;
    for (int i = 0; i < count; i++) {
        int64_t columns = argc > first ? atoll(argv[first + i]) : defaults[i];
        if (columns < 16 || columns > WIDTH || WIDTH % columns != 0 || columns % 16 != 0) {
            fprintf(stderr, "tile_parts: COLUMNS must be a multiple of 16 dividing %d\n", WIDTH);
            return 2;
        }
        if (run(columns, runs) != 0)
            return 1;
    }
    return 0;
}
#else
int main(void) {
    printf("tile_parts: x86-64 with GCC or Clang only; nothing measured\n");
    return 0;
}
#endif
