/* What the processor is, asked once per process and cached: which vector instructions it has
 * (AVX2 with F16C, AVX-512F: the kernels of kernels/simd_x86.c, float16's conversions in
 * kernels/reduce.c; AVX512-FP16: float16's arithmetic there), how long copies store best
 * (the plans of execute.c, the row copies of kernels/move.c), whether its hardware gathers pay
 * (kernels/simd_x86.c), the size of a cache-blocked gather's tiles and how far ahead a row
 * gather prefetches its rows (kernels/move.c). These answers are the
 * library's only global state; whichever they are, the results are the same bits, only the
 * time differs.
 *
 * Streaming stores write a line to memory without reading it into the cache first, which on
 * most processors saves a third of the traffic of a large copy. On the AMD family 1Ah (Zen 5)
 * of 2026-11-25, whose streaming stores were 16 bytes wide, they measured slower than ordinary
 * stores (bench/ab.sh, docs/PERFORMANCE-LOG.md: without them gather_rows took 0.66-0.78x the time,
 * scatter_nd_rows 0.83-0.85x, scatter_elements_unique 0.79-0.94x; a plain copy of 256 MiB ran
 * at 34 GB/s with ordinary stores against 29 with 16-byte streaming ones), while on family 19h
 * (Zen 3) they measured faster (0.84-0.89x). On the Zen 5 of 2026-12-02 (family 1Ah, model 2),
 * with the 32-byte streaming stores of since, they are faster again (a copy of 256 MiB at 53
 * GB/s against 37; bench/ab.sh against ordinary stores: gather_rows 0.72x the time at 1
 * thread, 0.81x at 2, scatter_nd_rows 0.74x and 0.83x, gather_elements_first 0.93x and 0.87x,
 * gather_elements_last 0.93x and 0.86x), but for a scatter's staged rows
 * (scatter_elements_unique 1.11-1.18x the time with them) and a gather's rows shorter than 32
 * bytes (gather_rows_small 1.02-1.10x; bench/levels.c): TIX__STORES_STREAMING_STRING.
 * On family 1Ah the rows of a scatter's output copied whole (staged rows, runs) also go
 * fastest by the CPU's string copy (`rep movsb`) rather than memcpy's vector loop:
 * scatter_nd_rows 0.76-0.91x the time at 1 thread, scatter_elements_unique 0.86-0.98x at 1
 * and 2. Elsewhere streaming stores are taken, as the textbook says, and memcpy; but on Intel
 * (Emerald Rapids) a gather's rows shorter than 32 bytes, each stored between the random reads
 * of its source, store as usual (TIX__STORES_STREAMING_WIDE): streamed, rows of 4 to 16 bytes
 * took 1.07-1.19x the time of ordinary stores (bench/row_stores.c; gather_rows_small 1.10-1.15x),
 * rows of 32 bytes 0.93-1.12x and of 64 0.68-0.88x. There the write-combining buffers that
 * streaming stores fill are the fill buffers that the reads wait on, and a line filled 16
 * bytes at a time holds one across four reads. On the Intel host of 2026-12-02 (family 6,
 * 2 MiB of L2, 504 MiB of L3) a scatter's staged rows store as usual too, as on Zen 5:
 * scatter_elements_unique took 0.80-0.83x the time at 1 and 2 threads with them so (under add
 * 0.81-0.83x, max 0.84-0.86x, int32 indices 0.77-0.79x, float64 0.94-0.95x; bench/levels.c),
 * while a reduction's runs, staged and streamed as the gathers' outputs, lost by ordinary
 * stores (scatter_nd_rows under add and max 0.99-1.09x).
 *
 * AMD's hardware gathers before Zen 5 are microcode, slower than loading their lanes one by
 * one: on Zen 3 (family 19h, model 1), gather_elements_last took 1.09-1.25x the time of the
 * portable loop with AVX2's gathers (int32 indices: 0.98-1.05x), and 0.86-1.02x with each
 * vector's indices checked at once and its lanes loaded one by one; on Zen 4 (family 19h,
 * model 11h) AVX-512's too, 1.06-1.27x along gather_last_axis' offsets and 1.02-1.08x from
 * gather_elements_first's tiles, int32 indices 1.12x (kernels/simd_x86.c has the figures, and
 * where they still pay). On Zen 5 (family 1Ah, model 2; bench/levels.c, 2026-12-02) AVX2's
 * gathers of 4-byte elements along dense indices still pay (gather_elements_last 0.95-0.98x
 * the time of the portable loop at 1 thread, 0.93-1.02x at 2; int32 indices 0.79-0.87x), the
 * others no longer do, against the code of then: AVX-512's took 1.05-1.24x the time from
 * gather_elements_first's tiles (float16 1.06-1.11x), 1.22-1.45x along gather_last_axis'
 * offsets at 2 threads or in float16 (float32 at 1 thread 0.95-1.01x), AVX2's of 8-byte
 * elements 1.02-1.11x along a dense axis. (The Zen 5 of 2026-11-25 had found AVX-512's faster
 * than the portable loops of then, which have since lost steps.)
 * Zen 4's streaming stores and its tiles of 256 KiB (1 MiB of L2) measured as this file
 * chooses: without streaming stores scatter_nd_rows took 1.56-1.72x the time, gather_rows
 * 1.43-1.47x; tiles of 512 and 128 KiB 1.13-1.29x and 1.23-1.37x. (bench/levels.c.)
 *
 * The fourth answer, the size of a cache-blocked pass's tiles (execute.c), is a quarter of the
 * second-level cache that one core has, or half of it up to 256 KiB where that is more: 512
 * KiB on Intel's Emerald Rapids (2 MiB), where 256 KiB took 0.98-1.25x the time at 1 thread
 * and 1.06-1.13x at 2 (float64 data 1.25-1.41x; 128 columns of float32 a row, which the tile
 * kernel takes since 2026-12-02, execute.c's TILE_ROW_MAX); 256 KiB on Zen 4 (above) and on
 * Zen 3 (512 KiB), where a quarter, 128 KiB, took 1.09-1.19x the time at 1 thread and
 * 1.02-1.09x at 2. On Zen 5 (AMD family 1Ah, 1 MiB) it is half, 512 KiB: 256 KiB took
 * 1.16-1.20x the time of gather_elements_first (float64 1.36-1.45x), and of scatters along
 * axis 0 of its shape, under add 1.01-1.04x (float64 1.19x), under none 1.11x; int8 under add
 * took 0.88-0.95x, float32 under max 0.96-0.98x (the Zen 5 of 2026-11-25 had found 512 KiB
 * 1.12-1.15x the time of the tiles of then). On the Intel host of 2026-12-02 (2 MiB of L2)
 * 256 KiB took 1.00-1.04x the time of 512 KiB, 1 MiB 1.00x (gather_elements_first).
 *
 * The fifth, the lines of random rows a row gather keeps prefetched ahead, is 128 but on Intel,
 * where it is 32 (kernels/move.c has the figures). */
#include <stdatomic.h>

#include "internal.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>

/* AVX2 counts only with F16C beside it (bit 29 of leaf 1's ecx: every AVX2 processor has it,
 * but a virtual machine may hide it), since float16's kernels of that level convert by it
 * (kernels/reduce.c). */
static int cpu_simd_level(void) {
    __builtin_cpu_init();
    unsigned eax, ebx, ecx, edx;
    if (!__builtin_cpu_supports("avx2") || !__get_cpuid(1, &eax, &ebx, &ecx, &edx) ||
        !(ecx & (1u << 29)))
        return TIX__SIMD_NONE;
    if (!__builtin_cpu_supports("avx512f"))
        return TIX__SIMD_AVX2;
    /* AVX512-FP16: bit 23 of leaf 7's edx, counted with BW and VL beside it (every processor
     * that has it has them) */
    bool fp16 = __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
                __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) && (edx & (1u << 23));
    return fp16 ? TIX__SIMD_AVX512_FP16 : TIX__SIMD_AVX512;
}

enum { VENDOR_OTHER, VENDOR_INTEL, VENDOR_AMD };

/* The vendor, from the name leaf 0 spells in ebx, edx and ecx. */
static int cpu_vendor(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx))
        return VENDOR_OTHER;
    if (ebx == 0x756e6547 && edx == 0x49656e69 && ecx == 0x6c65746e) /* "GenuineIntel" */
        return VENDOR_INTEL;
    if (ebx == 0x68747541 && edx == 0x69746e65 && ecx == 0x444d4163) /* "AuthenticAMD" */
        return VENDOR_AMD;
    return VENDOR_OTHER;
}

/* The family of an AMD processor (0x19 for Zen 3 and 4, 0x1A for Zen 5), or 0 for any other. */
static unsigned cpu_amd_family(void) {
    unsigned eax, ebx, ecx, edx;
    if (cpu_vendor() != VENDOR_AMD || !__get_cpuid(1, &eax, &ebx, &ecx, &edx))
        return 0;
    unsigned family = (eax >> 8) & 0xf;
    if (family == 0xf)
        family += (eax >> 20) & 0xff;
    return family;
}

/* AMD's family 1Ah and later: string copies beat memcpy (and short rows and staged rows store
 * as on Intel). */
static bool cpu_prefers_string_copies(void) {
    return cpu_amd_family() >= 0x1a;
}

/* Intel: a gather's rows shorter than 32 bytes and a scatter's staged rows store faster as
 * usual than streamed. */
static bool cpu_streams_short_rows(void) {
    return cpu_vendor() != VENDOR_INTEL;
}

/* The lines a row gather prefetches ahead: Intel's first level has fewer slots for misses. */
static int cpu_prefetch_lines(void) {
    return cpu_vendor() == VENDOR_INTEL ? 32 : 128;
}

/* Which hardware gathers beat loading their lanes one by one: on AMD before family 1Ah none
 * (microcode), on family 1Ah AVX2's of 4-byte elements along dense indices alone. */
static int cpu_gathers(void) {
    unsigned family = cpu_amd_family();
    if (family == 0)
        return TIX__GATHERS_ALL;
    return family < 0x1a ? TIX__GATHERS_NONE : TIX__GATHERS_DENSE4;
}

/* The bytes of second-level cache a core can count on, from the deterministic cache parameters
 * (leaf 4 on Intel, 0x8000001D on AMD, the same layout), or 0 when not reported. Shared by more
 * than two threads (a module of small cores), it is divided between them; by two, it is taken
 * as one core's, its two hyperthreads' (the leaf does not tell those from two cores, and a
 * virtual machine may not say which it has). */
static size_t cpu_level2_bytes(void) {
    unsigned eax, ebx, ecx, edx, leaf = 4;
    if (cpu_vendor() == VENDOR_AMD) {
        /* (bit 22 of 0x80000001's ecx: the topology extensions, which 0x8000001D belongs to) */
        if ((unsigned)__get_cpuid_max(0x80000000, NULL) < 0x8000001Du ||
            !__get_cpuid(0x80000001, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 22)))
            return 0;
        leaf = 0x8000001D;
    } else if (__get_cpuid_max(0, NULL) < 4) {
        return 0;
    }
    for (unsigned i = 0; i < 16; i++) {
        __cpuid_count(leaf, i, eax, ebx, ecx, edx);
        unsigned type = eax & 0x1f, level = (eax >> 5) & 7; /* type 1: data, 3: unified */
        if (type == 0)
            break;
        if (level == 2 && (type == 1 || type == 3)) {
            size_t ways = (ebx >> 22) + 1, partitions = ((ebx >> 12) & 0x3ff) + 1;
            size_t line = (ebx & 0xfff) + 1, sets = (size_t)ecx + 1;
            size_t sharing = ((eax >> 14) & 0xfff) + 1; /* threads */
            return ways * partitions * line * sets / (sharing > 2 ? sharing : 1);
        }
    }
    return 0;
}
#else
static int cpu_simd_level(void) {
    return TIX__SIMD_NONE;
}

static bool cpu_prefers_string_copies(void) {
    return false;
}

static bool cpu_streams_short_rows(void) {
    return true;
}

static int cpu_prefetch_lines(void) {
    return 128;
}

static int cpu_gathers(void) {
    return TIX__GATHERS_ALL; /* (no hardware gathers) */
}

static size_t cpu_level2_bytes(void) {
    return 0;
}
#endif

/* Each answer: -1 not asked yet, else the answer (a tix__simd, a tix__stores, a tix__gathers,
 * KiB, and lines). */
static atomic_int simd_state = -1;
static atomic_int stores_state = -1;
static atomic_int gathers_state = -1;
static atomic_int block_state = -1;
static atomic_int prefetch_state = -1;

/* The cached answer in *state, asking `probe` the first time. */
static int answer(atomic_int* state, int (*probe)(void)) {
    int value = atomic_load_explicit(state, memory_order_relaxed);
    if (value < 0) {
        value = probe();
        atomic_store_explicit(state, value, memory_order_relaxed);
    }
    return value;
}

static int cpu_stores(void) {
    if (cpu_prefers_string_copies())
        return TIX__STORES_STREAMING_STRING;
    return cpu_streams_short_rows() ? TIX__STORES_STREAMING : TIX__STORES_STREAMING_WIDE;
}

static int cpu_block_kib(void) {
    return (int)(tix__block_bytes_for((int64_t)cpu_level2_bytes(), cpu_amd_family() >= 0x1a) /
                 1024);
}

tix__simd tix__simd_level(void) {
    return (tix__simd)answer(&simd_state, cpu_simd_level);
}

void tix__simd_limit(int most) {
    int level = cpu_simd_level();
    atomic_store_explicit(&simd_state, level < most ? level : most, memory_order_relaxed);
}

tix__stores tix__store_mode(void) {
    return (tix__stores)answer(&stores_state, cpu_stores);
}

bool tix__streaming(void) {
    tix__stores mode = tix__store_mode();
    return mode == TIX__STORES_STREAMING || mode == TIX__STORES_STREAMING_WIDE ||
           mode == TIX__STORES_STREAMING_STRING;
}

bool tix__streaming_rows(size_t bytes) {
    tix__stores mode = tix__store_mode();
    return mode == TIX__STORES_STREAMING || (tix__streaming() && bytes >= 32);
}

bool tix__streaming_stages(void) {
    return tix__store_mode() == TIX__STORES_STREAMING;
}

bool tix__string_copies(void) {
    tix__stores mode = tix__store_mode();
    return mode == TIX__STORES_STRING || mode == TIX__STORES_STREAMING_STRING;
}

void tix__stores_choose(int mode) {
    atomic_store_explicit(&stores_state, mode < 0 ? -1 : mode, memory_order_relaxed);
}

bool tix__hardware_gathers(bool dense4) {
    int paying = answer(&gathers_state, cpu_gathers);
    return paying == TIX__GATHERS_ALL || (paying == TIX__GATHERS_DENSE4 && dense4);
}

void tix__gathers_choose(int paying) {
    atomic_store_explicit(&gathers_state, paying < 0 ? -1 : paying, memory_order_relaxed);
}

int64_t tix__block_bytes(void) {
    return (int64_t)answer(&block_state, cpu_block_kib) * 1024;
}

int64_t tix__block_bytes_for(int64_t level2, bool half) {
    int64_t kib = level2 / 1024, halved = half || kib / 2 < 256 ? kib / 2 : 256;
    kib = kib / 4 > halved ? kib / 4 : halved;
    if (kib == 0)
        return 256 * 1024;
    return (kib < 128 ? 128 : kib > 1024 ? 1024 : kib) * 1024;
}

void tix__block_choose(int64_t bytes) {
    atomic_store_explicit(&block_state, bytes > 0 ? (int)(bytes / 1024) : -1,
                          memory_order_relaxed);
}

int64_t tix__prefetch_lines(void) {
    return answer(&prefetch_state, cpu_prefetch_lines);
}

void tix__prefetch_choose(int lines) {
    atomic_store_explicit(&prefetch_state, lines > 0 ? lines : -1, memory_order_relaxed);
}
