/* What gather_last_axis' loop spends its time on, outside the library: the workload's data
 * [4096, 1024] float32 sampled by the same 512 indices in every row (output [4096, 512]), each
 * way of moving the elements timed alone (median of RUNS passes over every row), each row's
 * source prefetched two rows ahead, a line for every eight elements of the row before (as the
 * library's kernels do, handed the row ahead by src/execute.c's element panels: tix__ahead),
 * the output streamed:
 *
 *   stream      every line of each row read in order, no element picked: what the memory
 *               costs the loop
 *   gathers8    AVX-512 hardware gathers of eight lanes on the 64-bit byte offsets (the
 *               library's way where the CPU's gathers pay)
 *   gathers16   sixteen lanes on 32-bit offsets
 *   loads       eight elements loaded one by one and put together for one 32-byte store (the
 *               library's way where they do not: src/kernels/simd_x86.c, offsets4_loads)
 *   transposes  sixteen rows at a time through 16x16 transposes of AVX-512 registers: each
 *               column of the rows a vector, the output's vectors loaded by index and
 *               transposed back
 *
 * each with the rows
 *
 *   l1      all the first row (the work alone: every load finds its line in L1)
 *   cache   as the pass before left them (24 MB: in the last level where it is that large)
 *   memory  after a sweep of 96 MiB of other memory
 *
 *   cc -O3 -std=c11 bench/row_samples.c -o row_samples   # (-O3, as the library builds)
 *   ./row_samples [-n RUNS]     # default: -n 15
 *
 * Needs AVX-512F and DQ; elsewhere it says so and exits 0. Every output is checked against a
 * plain computation. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

enum { ROWS = 4096, WIDTH = 1024, TAKEN = 512, MAX_RUNS = 101 };
enum { EVICT_BYTES = 96 << 20 };
enum way { STREAM, GATHERS8, GATHERS16, LOADS, TRANSPOSES, WAYS };
enum rows { L1, CACHE, MEMORY, ROW_MODES };
static const char* const way_names[WAYS] = {"stream", "gathers8", "gathers16", "loads",
                                            "transposes"};
static const char* const row_names[ROW_MODES] = {"l1", "cache", "memory"};

#define AVX512 __attribute__((target("avx512f,avx512dq")))
/* Loops over a few registers, unrolled at -O2 too (else their arrays live in memory). */
#define UNROLLED _Pragma("GCC unroll 16")

typedef struct buffers {
    float *data, *out;
    int64_t offsets[TAKEN]; /* bytes */
    int32_t narrow[TAKEN];  /* the same as int32 */
    int32_t index[TAKEN];
    __m512* columns; /* transposes: the columns of sixteen rows, WIDTH vectors */
    char* other;     /* EVICT_BYTES, swept before a pass on rows from memory */
} buffers;

/* Row r's source: the first row where every row is (`same`). */
static const char* row_at(const buffers* b, int64_t r, int same) {
    return (const char*)(b->data + (same ? 0 : r * WIDTH));
}

/* One row by `way` (not TRANSPOSES), its source at `row`, the row two on at `ahead`. */
AVX512 static void row_by(const buffers* b, enum way way, const char* row, const char* ahead,
                          float* out) {
    __m512 sum = _mm512_setzero_ps();
    for (int64_t i = 0; i < TAKEN; i += 16) {
        /* two lines of the row ahead a turn: its 64 over the row's 32 turns */
        __builtin_prefetch(ahead + i * 8);
        __builtin_prefetch(ahead + i * 8 + 64);
        __m512 v;
        if (way == STREAM) { /* (two lines of the row a turn, summed) */
            const float* line = (const float*)(const void*)row + i * 2;
            sum = _mm512_add_ps(sum, _mm512_load_ps(line));
            v = sum = _mm512_add_ps(sum, _mm512_load_ps(line + 16));
        } else if (way == GATHERS8) {
            __m512i low = _mm512_loadu_si512(b->offsets + i);
            __m512i high = _mm512_loadu_si512(b->offsets + i + 8);
            v = _mm512_insertf32x8(_mm512_castps256_ps512(_mm512_i64gather_ps(low, row, 1)),
                                   _mm512_i64gather_ps(high, row, 1), 1);
        } else if (way == GATHERS16) {
            v = _mm512_i32gather_ps(_mm512_loadu_si512(b->narrow + i), row, 1);
        } else {
            __m128i part[4];
            UNROLLED for (int k = 0; k < 4; k++) {
                int32_t e[4];
                UNROLLED for (int j = 0; j < 4; j++)
                    memcpy(&e[j], row + b->offsets[i + 4 * k + j], 4);
                part[k] =
                    _mm_unpacklo_epi64(_mm_insert_epi32(_mm_cvtsi32_si128(e[0]), e[1], 1),
                                       _mm_insert_epi32(_mm_cvtsi32_si128(e[2]), e[3], 1));
            }
            _mm256_stream_si256(
                (__m256i*)(void*)(out + i),
                _mm256_inserti128_si256(_mm256_castsi128_si256(part[0]), part[1], 1));
            _mm256_stream_si256(
                (__m256i*)(void*)(out + i + 8),
                _mm256_inserti128_si256(_mm256_castsi128_si256(part[2]), part[3], 1));
            continue;
        }
        _mm512_stream_ps(out + i, v);
    }
}

/* in[r] lane c to out[c] lane r, for 16 vectors of 16 floats. */
AVX512 static inline void transpose16(const __m512* in, __m512* out) {
    __m512 pairs[16], quads[16];
    UNROLLED for (int i = 0; i < 8; i++) { /* lanes of two rows interleaved */
        pairs[2 * i] = _mm512_unpacklo_ps(in[2 * i], in[2 * i + 1]);
        pairs[2 * i + 1] = _mm512_unpackhi_ps(in[2 * i], in[2 * i + 1]);
    }
    UNROLLED for (int g = 0; g < 4; g++) { /* then of four: quads[4g + m] lane L = column 4L + m */
        __m512d a = _mm512_castps_pd(pairs[4 * g]), b = _mm512_castps_pd(pairs[4 * g + 1]);
        __m512d c = _mm512_castps_pd(pairs[4 * g + 2]), d = _mm512_castps_pd(pairs[4 * g + 3]);
        quads[4 * g] = _mm512_castpd_ps(_mm512_unpacklo_pd(a, c));
        quads[4 * g + 1] = _mm512_castpd_ps(_mm512_unpackhi_pd(a, c));
        quads[4 * g + 2] = _mm512_castpd_ps(_mm512_unpacklo_pd(b, d));
        quads[4 * g + 3] = _mm512_castpd_ps(_mm512_unpackhi_pd(b, d));
    }
    UNROLLED for (int m = 0; m < 4; m++) { /* the 128-bit lanes of four quads, transposed */
        __m512 a = _mm512_shuffle_f32x4(quads[m], quads[4 + m], 0x44);
        __m512 b = _mm512_shuffle_f32x4(quads[m], quads[4 + m], 0xEE);
        __m512 c = _mm512_shuffle_f32x4(quads[8 + m], quads[12 + m], 0x44);
        __m512 d = _mm512_shuffle_f32x4(quads[8 + m], quads[12 + m], 0xEE);
        out[m] = _mm512_shuffle_f32x4(a, c, 0x88);
        out[4 + m] = _mm512_shuffle_f32x4(a, c, 0xDD);
        out[8 + m] = _mm512_shuffle_f32x4(b, d, 0x88);
        out[12 + m] = _mm512_shuffle_f32x4(b, d, 0xDD);
    }
}

/* Sixteen rows from `rows` by transposes, the next sixteen prefetched at `ahead`. */
AVX512 static void rows_transposed(const buffers* b, const char* rows, const char* ahead, int same,
                                   float* out) {
    for (int64_t c = 0; c < WIDTH; c += 16) {
        __m512 in[16];
        UNROLLED for (int r = 0; r < 16; r++) in[r] =
            _mm512_load_ps((const float*)(const void*)rows + (same ? 0 : r * WIDTH) + c);
        for (int k = 0; k < 16; k++) /* the lines of the next 64 KiB, a sixteenth at a time */
            __builtin_prefetch(ahead + (c + k) * 64);
        transpose16(in, b->columns + c);
    }
    for (int64_t i = 0; i < TAKEN; i += 16) {
        __m512 in[16], rows_out[16];
        UNROLLED for (int k = 0; k < 16; k++) in[k] = b->columns[b->index[i + k]];
        transpose16(in, rows_out);
        UNROLLED for (int r = 0; r < 16; r++) _mm512_stream_ps(out + r * TAKEN + i, rows_out[r]);
    }
}

/* One pass over every row; seconds. */
static double pass(const buffers* b, enum way way, enum rows rows) {
    if (rows == MEMORY) {
        for (size_t i = 0; i < EVICT_BYTES; i += 64)
            b->other[i]++;
    }
    int same = rows == L1;
    double start = bench_seconds();
    if (way == TRANSPOSES) {
        for (int64_t r = 0; r < ROWS; r += 16) {
            int64_t next = r + 16 < ROWS ? r + 16 : r;
            rows_transposed(b, row_at(b, r, same), row_at(b, next, same), same, b->out + r * TAKEN);
        }
    } else {
        for (int64_t r = 0; r < ROWS; r++) {
            const char* ahead = row_at(b, r + 2 < ROWS ? r + 2 : r, same);
            row_by(b, way, row_at(b, r, same), ahead, b->out + r * TAKEN);
        }
    }
    _mm_sfence();
    return bench_seconds() - start;
}

/* Whether the output is what `way` computes (not STREAM, whose sums are not checked), at every
 * element: each row's sampled elements, of the first row where every row is. */
static int output_right(const buffers* b, enum rows rows) {
    for (int64_t r = 0; r < ROWS; r++) {
        const float* row = b->data + (rows == L1 ? 0 : r * WIDTH);
        for (int64_t i = 0; i < TAKEN; i++) {
            if (b->out[r * TAKEN + i] != row[b->index[i]])
                return 0;
        }
    }
    return 1;
}

static int run(int runs) {
    buffers b = {aligned_alloc(64, (size_t)ROWS * WIDTH * 4),
                 aligned_alloc(64, (size_t)ROWS * TAKEN * 4),
                 {0},
                 {0},
                 {0},
                 aligned_alloc(64, WIDTH * sizeof(__m512)),
                 calloc(1, EVICT_BYTES)};
    if (!b.data || !b.out || !b.columns || !b.other) {
        fprintf(stderr, "row_samples: out of memory\n");
        return 1;
    }
    for (size_t i = 0; i < (size_t)ROWS * WIDTH; i++)
        b.data[i] = (float)(i % 1000003);
    srand(7);
    for (int64_t i = 0; i < TAKEN; i++) {
        b.index[i] = rand() % WIDTH;
        b.narrow[i] = b.index[i] * 4;
        b.offsets[i] = b.narrow[i];
    }
    memset(b.out, 0, (size_t)ROWS * TAKEN * 4);
    double times[MAX_RUNS];
    printf("%-11s", "");
    for (int rows = 0; rows < ROW_MODES; rows++)
        printf("  %-6s median      min", row_names[rows]);
    printf("   (ms)\n");
    for (int way = 0; way < WAYS; way++) {
        printf("%-11s", way_names[way]);
        for (int rows = 0; rows < ROW_MODES; rows++) {
            pass(&b, way, rows);
            if (way != STREAM && !output_right(&b, rows)) {
                fprintf(stderr, "\nrow_samples: %s with rows in %s gave a wrong output\n",
                        way_names[way], row_names[rows]);
                return 1;
            }
            for (int k = 0; k < runs; k++)
                times[k] = pass(&b, way, rows);
            bench_sort(times, (size_t)runs);
            printf("  %13.3f %8.3f", times[runs / 2] * 1e3, times[0] * 1e3);
        }
        printf("\n");
    }
    free(b.data);
    free(b.out);
    free(b.columns);
    free(b.other);
    return 0;
}

int main(int argc, char** argv) {
    int runs = 15;
    if (argc > 2 && strcmp(argv[1], "-n") == 0)
        runs = atoi(argv[2]);
    if (runs < 1 || runs > MAX_RUNS || (argc > 1 && argc != 3)) {
        fprintf(stderr, "usage: row_samples [-n RUNS]   (RUNS: 1 to %d)\n", MAX_RUNS);
        return 2;
    }
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512dq")) {
        printf("row_samples: this CPU has no AVX-512F and DQ; nothing measured\n");
        return 0;
    }
    return run(runs);
}
#else
int main(void) {
    printf("row_samples: x86-64 with GCC or Clang only; nothing measured\n");
    return 0;
}
#endif
