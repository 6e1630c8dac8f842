/* Moving elements by element size: the kernels of every gather, of scatters without a reduction,
 * of the data -> output copy and of fills. Each shape of loop is written once as an inline
 * function and instantiated per element size (row gathers: per row length, and per index width
 * and tuple length where they resolve their indices), so each instance copies with fixed-size
 * loads and stores. */
#include <string.h>

#include "../internal.h"
#include "scatter_fused.h"

/* A row gather prefetches every line of the rows it will read tix__prefetch_lines() lines
 * ahead (cpu.c; a row shorter than a line counted as one): enough lines in flight to cover the
 * memory latency. Rows of FAR_MIN_ROW bytes or more go two ahead, the far prefetch below taking
 * the rest. On Zen 5 (2026-12-02), 128 lines against 2 KiB of rows ahead: 64-byte rows
 * (gather_nd_pairs) 0.63-0.64x the time at 1 thread, 0.72-0.89x at 2; 128-byte rows
 * (gather_mid_axis) 0.53-0.56x and 0.77-0.82x; 16-byte rows (gather_rows_small, 128 ahead
 * either way) as before; 1 KiB rows eight ahead instead of two lost (gather_rows 1.03-1.05x at
 * 2 threads), so they stay. On Intel (2026-12-02, bench/levels.c prefetch=), 128 lines took
 * 1.05-1.08x the time of 32 along gather_nd_pairs (16 to 48 level; 8 1.10-1.12x), 1.02-1.03x
 * along gather_rows_small: its first level has fewer slots for misses in flight to fill. */
/* Rows of at least FAR_MIN_ROW bytes, which go only two ahead, are also
 * prefetched into the outer caches FAR_BYTES ahead (6 KiB against none: gather_rows 0.81-0.93x
 * the time; scatter_nd_rows 0.96x): more rows on their way from memory at once than the first
 * level's slots for misses allow. Shorter rows lost by it (1.17-1.5x: twice the prefetches).
 * 24 KiB against 6 (2026-12-03): on Intel, gather_rows 0.83-0.88x at 1 thread and 0.92-0.96x
 * at 2, scatter_nd_rows 0.97-0.98x and 0.99-1.00x (12 KiB 0.99x, 32 and 48 KiB no better than
 * 24); on Zen 5, 12 and 24 KiB were within the noise. */
enum { FAR_BYTES = 24576, FAR_MIN_ROW = 512 };
/* Rows shorter than this gain nothing from streaming stores (they fill partial lines). */
enum { STREAM_MIN_ROW = 64 };
/* Blocks shorter than this are not worth the start-up of a string copy (measured at 1 and 4 KiB
 * rows, cpu.c). */
enum { STRING_MIN_BYTES = 512 };

/* Copies `bytes` bytes with non-temporal stores where the destination allows (16-byte aligned,
 * a multiple of 16 long): the line goes to memory without being read into the cache first. For
 * outputs far larger than the caches, that saves a third of the traffic. A line a turn, its four
 * stores back to back: on Zen 3 a copy of 256 MiB so ran at 16.6-17.2 GB/s against 15.6 a store
 * a turn (gather_rows, scatter_nd_rows, scatter_elements_unique 0.93-0.98x the time). Blocks of
 * two lines or more go by two 32-byte stores a line where the CPU has AVX2 and dst is aligned
 * to them (tix__stream_lines_simd): on Zen 4, gather_rows 0.90-0.96x the time, scatter_nd_rows
 * 0.89-0.99x, scatter_elements_unique 0.83-0.98x, though a copy of 256 MiB runs at the same
 * rate either way. Callers end with stream_fence(). Plain memcpy elsewhere. */
#if defined(__SSE2__)
#include <emmintrin.h>

TIX__TEMPLATE void stream_copy(char* dst, const char* src, size_t bytes) {
    if ((uintptr_t)dst % 16 != 0 || bytes % 16 != 0) {
        memcpy(dst, src, bytes);
        return;
    }
    size_t b = bytes >= 128 ? tix__stream_lines_simd(dst, src, bytes) : 0;
    for (; b + 64 <= bytes; b += 64) {
        __m128i a0 = _mm_loadu_si128((const __m128i*)(const void*)(src + b));
        __m128i a1 = _mm_loadu_si128((const __m128i*)(const void*)(src + b + 16));
        __m128i a2 = _mm_loadu_si128((const __m128i*)(const void*)(src + b + 32));
        __m128i a3 = _mm_loadu_si128((const __m128i*)(const void*)(src + b + 48));
        _mm_stream_si128((__m128i*)(void*)(dst + b), a0);
        _mm_stream_si128((__m128i*)(void*)(dst + b + 16), a1);
        _mm_stream_si128((__m128i*)(void*)(dst + b + 32), a2);
        _mm_stream_si128((__m128i*)(void*)(dst + b + 48), a3);
    }
    for (; b < bytes; b += 16) {
        __m128i a = _mm_loadu_si128((const __m128i*)(const void*)(src + b));
        _mm_stream_si128((__m128i*)(void*)(dst + b), a);
    }
}

/* Orders the streaming stores before anything that follows (another thread reading the
 * output, once the task has returned). */
static void stream_fence(void) {
    _mm_sfence();
}
#else
TIX__TEMPLATE void stream_copy(char* dst, const char* src, size_t bytes) {
    memcpy(dst, src, bytes);
}

static void stream_fence(void) {
}
#endif

/* `bytes` bytes (4, or a multiple of 8: an element or a row) stored with streaming stores where
 * `streaming` (a constant at every use) and the target has them (x86-64: PUT_STREAMING): by
 * stream_copy where dst is aligned to 16 bytes and they are a multiple of 16, else 8 or 4 at a
 * time (MOVNTI, any alignment); else, and for other lengths, by memcpy. What follows fills the
 * line in the CPU's write-combining buffers, and it goes to memory whole, unread. */
#if defined(__x86_64__)
enum { PUT_STREAMING = 1 };

TIX__TEMPLATE void put_bytes(char* dst, const char* src, size_t bytes, bool streaming) {
    if (streaming && bytes % 16 == 0 && (uintptr_t)dst % 16 == 0) {
        stream_copy(dst, src, bytes);
    } else if (streaming && bytes % 8 == 0) {
        for (size_t b = 0; b < bytes; b += 8) {
            long long e;
            memcpy(&e, src + b, 8);
            _mm_stream_si64((long long*)(void*)(dst + b), e);
        }
    } else if (streaming && bytes == 4) {
        int32_t e;
        memcpy(&e, src, 4);
        _mm_stream_si32((int*)(void*)dst, e);
    } else {
        memcpy(dst, src, bytes);
    }
}
#else
enum { PUT_STREAMING = 0 };

TIX__TEMPLATE void put_bytes(char* dst, const char* src, size_t bytes, bool streaming) {
    (void)streaming;
    memcpy(dst, src, bytes);
}
#endif

/* Four elements of 4 or 8 bytes, from a, b, c and d, to dst (16-byte aligned) with 16-byte
 * streaming stores where the target has them (PUT_STREAMING), else by put_bytes. A streaming
 * store an element (MOVNTI) takes longer than a vector of them: a row of gather_last_axis'
 * shape, read from L1, 1.3x the time in a separate program on Zen 4. */
TIX__TEMPLATE void put_four(char* dst, const char* a, const char* b, const char* c,
                            const char* d, size_t size) {
#if defined(__x86_64__)
    if (size == 4) {
        int32_t e[4];
        memcpy(&e[0], a, 4), memcpy(&e[1], b, 4), memcpy(&e[2], c, 4), memcpy(&e[3], d, 4);
        _mm_stream_si128((__m128i*)(void*)dst, _mm_setr_epi32(e[0], e[1], e[2], e[3]));
    } else {
        long long e[4];
        memcpy(&e[0], a, 8), memcpy(&e[1], b, 8), memcpy(&e[2], c, 8), memcpy(&e[3], d, 8);
        _mm_stream_si128((__m128i*)(void*)dst, _mm_set_epi64x(e[1], e[0]));
        _mm_stream_si128((__m128i*)(void*)(dst + 16), _mm_set_epi64x(e[3], e[2]));
    }
#else
    put_bytes(dst, a, size, true);
    put_bytes(dst + size, b, size, true);
    put_bytes(dst + 2 * size, c, size, true);
    put_bytes(dst + 3 * size, d, size, true);
#endif
}

/* dst[i * ds] = src[i * ss]: a run of one tuple, a copy, or a fill (ss = 0). */
TIX__TEMPLATE void move_row(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n,
                            size_t size) {
    if (ds == (int64_t)size && ss == (int64_t)size) {
        memcpy(dst, src, (size_t)n * size);
        return;
    }
    for (int64_t i = 0; i < n; i++) memcpy(dst + i * ds, src + i * ss, size);
}

/* Elements [i, n) of a dense gather along offsets, four a turn (gather_last_axis, checked: 8.3
 * instructions an element a turn apiece, 6.9 four a turn; unchecked 4.25); where `streaming`
 * (4- and 8-byte elements), each four by put_four once dst is aligned to 16 bytes (up to three
 * elements on), and the others by put_bytes; a line of *ahead a turn. */
TIX__TEMPLATE void gather_dense(char* dst, const char* src, const int64_t* offsets, int64_t i,
                                int64_t n, const char* fill, size_t size, bool checked,
                                bool streaming, tix__ahead* ahead) {
    const int64_t bytes = (int64_t)size;
    for (int k = 0; streaming && k < 3 && i < n && (uintptr_t)(dst + i * bytes) % 16 != 0; k++) {
        put_bytes(dst + i * bytes, tix__offset_source(src, offsets, i, fill, checked), size,
                  true);
        i++;
    }
    bool grouped = streaming && (uintptr_t)(dst + i * bytes) % 16 == 0;
    tix__ahead pending = *ahead;
    for (; i + 4 <= n; i += 4) {
        tix__ahead_line(&pending);
        const char* a = tix__offset_source(src, offsets, i, fill, checked);
        const char* b = tix__offset_source(src, offsets, i + 1, fill, checked);
        const char* c = tix__offset_source(src, offsets, i + 2, fill, checked);
        const char* d = tix__offset_source(src, offsets, i + 3, fill, checked);
        if (grouped) {
            put_four(dst + i * bytes, a, b, c, d, size);
        } else {
            put_bytes(dst + i * bytes, a, size, streaming);
            put_bytes(dst + (i + 1) * bytes, b, size, streaming);
            put_bytes(dst + (i + 2) * bytes, c, size, streaming);
            put_bytes(dst + (i + 3) * bytes, d, size, streaming);
        }
    }
    *ahead = pending;
    for (; i < n; i++)
        put_bytes(dst + i * bytes, tix__offset_source(src, offsets, i, fill, checked), size,
                  streaming);
}

/* dst[i * ds] = src[offsets[i] + i * ss], or fill (NULL: no offset is TIX__SKIP): a tuple per
 * element, the lines of *ahead prefetched as it goes (tix__ahead) and the rest at the end. The
 * common case, a dense output reading along the indexed axis only (ss = 0), gets a loop of its
 * own, started by whole vectors (hardware gathers, or AVX2 loads put together) where `vectors`
 * says the CPU moves them for the size, and stores with streaming stores where `streaming` (the
 * caller fences). */
TIX__TEMPLATE void gather_elements(char* dst, int64_t ds, const char* src, int64_t ss,
                                   const int64_t* offsets, int64_t n, const char* fill,
                                   tix__ahead* ahead, size_t size, bool vectors, bool streaming) {
    if (ss == 0 && ds == (int64_t)size) {
        /* whole vectors first, where a row holds a vector's worth */
        int64_t i = vectors && n >= 8 ? tix__gather_offsets_simd(dst, src, offsets, n, size, fill,
                                                                 streaming, ahead)
                                      : 0;
        if (fill != NULL) {
            gather_dense(dst, src, offsets, i, n, fill, size, true, streaming, ahead);
        } else {
            gather_dense(dst, src, offsets, i, n, NULL, size, false, streaming, ahead);
        }
    } else {
        for (int64_t i = 0; i < n; i++) {
            if (i % 8 == 0) tix__ahead_line(ahead);
            const char* from = offsets[i] != TIX__SKIP ? src + offsets[i] + i * ss : fill;
            memcpy(dst + i * ds, from, size);
        }
    }
    tix__ahead_rest(ahead);
}

/* dst[offsets[i] + i * ds] = src[i * ss], skipping TIX__SKIP: a tuple per element. */
TIX__TEMPLATE void place_elements(char* dst, int64_t ds, const char* src, int64_t ss,
                                  const int64_t* offsets, int64_t n, size_t size) {
    for (int64_t i = 0; i < n; i++) {
        if (offsets[i] != TIX__SKIP) memcpy(dst + offsets[i] + i * ds, src + i * ss, size);
    }
}

/* A gather of one element per tuple that resolves each index as it goes: in-range indices
 * (after wrapping negatives when the rule says so) take the short path; any other goes through
 * the general rules (tix__resolve_tuples), which also decide a fill. The indices are prefetched
 * TIX__STREAM_AHEAD ahead, eight at a time. */
TIX__TEMPLATE bool gather_fused_loop(char* dst, int64_t ds, const char* src, int64_t ss,
                                     const char* indices, int64_t is, int64_t n,
                                     const tix__tuples* t, const char* fill, size_t size,
                                     size_t width) {
    int64_t bound = t->size[0], step = t->step[0];
    int64_t add = t->rule.negative == TIX_NEGATIVE_WRAP ? bound : 0;
    const int64_t span = tix__stream_span(is, 8);
    bool all = true;
    for (int64_t i = 0; i < n; i++) {
        if (i % 8 == 0)
            tix__prefetch_stream(indices, i, is, span);
        int64_t v = tix__load_index(indices + i * is, width);
        v += v < 0 ? add : 0;
        const char* from;
        if ((uint64_t)v < (uint64_t)bound) {
            from = src + tix__add_offset(0, v, step) + i * ss;
        } else {
            int64_t offset = tix__resolve_one(t, indices + i * is);
            all = all && offset != TIX__SKIP;
            from = offset != TIX__SKIP ? src + offset + i * ss : fill;
        }
        memcpy(dst + i * ds, from, size);
    }
    return all;
}

/* gather_plain's elements [k, end) along a dense axis (ss = 0) four at a time by put_four (end
 * - k a multiple of four, dst aligned to 16 bytes), while all four positions of a group are in
 * [0, bound): returns where it stopped. */
TIX__TEMPLATE int64_t gather_fours(char* dst, const char* src, const char* indices, int64_t k,
                                   int64_t end, uint64_t bound, uint64_t add, int64_t step,
                                   size_t size, size_t width) {
    for (; k < end; k += 4) {
        uint64_t v0 = tix__position(indices, k, width, add);
        uint64_t v1 = tix__position(indices, k + 1, width, add);
        uint64_t v2 = tix__position(indices, k + 2, width, add);
        uint64_t v3 = tix__position(indices, k + 3, width, add);
        if (v0 >= bound || v1 >= bound || v2 >= bound || v3 >= bound)
            break;
        put_four(dst + k * (int64_t)size, src + (int64_t)v0 * step, src + (int64_t)v1 * step,
                 src + (int64_t)v2 * step, src + (int64_t)v3 * step, size);
    }
    return k;
}

/* The usual elements cases at their shortest: dense indices and output, while every position
 * (tix__position; negatives wrapped when `wrap`, a constant at every use) is in [0, bound). A line
 * of indices at a time, each prefetched TIX__STREAM_AHEAD elements ahead; streaming stores where
 * `streaming`: along a dense axis, four elements a store where they are 4 or 8 bytes and dst
 * is aligned to 16 bytes (gather_fours; gather_elements_last 0.63-0.71x the time at 1 thread
 * on Zen 4, with the rows read in order), else one an element (put_bytes; from a packed tile's
 * rows, whose loop is bound by its instructions, four a store took 1.06-1.10x the time).
 * Returns how many elements it moved. */
TIX__TEMPLATE int64_t gather_plain(char* dst, const char* src, int64_t ss, const char* indices,
                                   int64_t n, const tix__tuples* t, int64_t step, size_t size,
                                   size_t width, bool wrap, bool streaming) {
    uint64_t bound = (uint64_t)t->size[0], add = wrap ? bound : 0;
    const bool grouped = streaming && PUT_STREAMING && (size == 4 || size == 8) && ss == 0 &&
                         (uintptr_t)dst % 16 == 0;
    int64_t i = 0;
    const int64_t line = TIX__CACHE_LINE / (int64_t)width;
    for (; i + line <= n; i += line) {
        tix__prefetch_stream(indices, i, (int64_t)width, TIX__CACHE_LINE);
        int64_t k = i;
        if (grouped)
            k = gather_fours(dst, src, indices, k, i + line, bound, add, step, size, width);
        for (; k < i + line; k++) {
            uint64_t v = tix__position(indices, k, width, add);
            if (v >= bound)
                return k;
            put_bytes(dst + k * (int64_t)size, src + (int64_t)v * step + k * ss, size, streaming);
        }
    }
    for (; i < n; i++) {
        uint64_t v = tix__position(indices, i, width, add);
        if (v >= bound) break;
        put_bytes(dst + i * (int64_t)size, src + (int64_t)v * step + i * ss, size, streaming);
    }
    return i;
}

/* gather_plain in its copies: wrapping negatives or not, and, where each element comes from
 * another row (ss = size, a packed tile's: gather_elements_first 0.87x the time at 1 thread, two
 * instructions fewer an element) or along a dense axis (ss = 0, step = size), with the steps
 * constants. */
TIX__TEMPLATE int64_t gather_short(char* dst, const char* src, int64_t ss, const char* indices,
                                   int64_t n, const tix__tuples* t, size_t size, size_t width,
                                   bool wrap, bool streaming) {
    int64_t along = (int64_t)size, step = t->step[0];
    if (ss == along && wrap)
        return gather_plain(dst, src, along, indices, n, t, step, size, width, true, streaming);
    if (ss == along)
        return gather_plain(dst, src, along, indices, n, t, step, size, width, false, streaming);
    if (ss == 0 && step == along && wrap)
        return gather_plain(dst, src, 0, indices, n, t, along, size, width, true, streaming);
    if (ss == 0 && step == along)
        return gather_plain(dst, src, 0, indices, n, t, along, size, width, false, streaming);
    if (wrap)
        return gather_plain(dst, src, ss, indices, n, t, step, size, width, true, streaming);
    return gather_plain(dst, src, ss, indices, n, t, step, size, width, false, streaming);
}

/* The hardware gathers of dense indices and output, where the CPU has them and they apply: a
 * dense output reading along the indexed axis only (ss = 0, the axis dense) or each element from
 * another row (ss = size). Returns how many elements they moved (whole vectors of positions,
 * negatives wrapped when `wrap`, from the first): under the ignore rule, the fill where a
 * position is outside [0, bound), once negatives need no more than `wrap` (*all is then
 * cleared); under the clamp rule, likewise, the element at the nearer end; else while all are
 * in [0, bound). Their vector stores stream where `streaming`. */
TIX__TEMPLATE int64_t gather_hardware(char* dst, const char* src, int64_t ss,
                                      const char* indices, int64_t n, const tix__tuples* t,
                                      const char* fill, size_t size, size_t width, bool wrap,
                                      bool streaming, bool* all) {
    /* (while the rule wraps negatives and `wrap` is off, a negative lane must stop them) */
    bool settled = wrap || t->rule.negative != TIX_NEGATIVE_WRAP;
    bool filling = settled && t->rule.out_of_range == TIX_OUT_OF_RANGE_IGNORE;
    bool clamping = settled && t->rule.out_of_range == TIX_OUT_OF_RANGE_CLAMP;
    tix__lanes lanes = {t->size[0], wrap, filling ? fill : NULL, clamping, false, streaming};
    int64_t moved = 0;
    if (ss == 0 && t->step[0] == (int64_t)size)
        moved = tix__gather_dense_simd(dst, src, indices, n, size, width, &lanes);
    else if (ss == (int64_t)size)
        moved = tix__gather_strided_simd(dst, src, indices, n, t->step[0], size, width, &lanes);
    if (filling) *all = *all && !lanes.filled;
    return moved;
}

/* The loop, with copies of its own for the usual elements cases, dense indices and output: the
 * hardware gathers and then the shortest loop up to the first index that needs more; where that
 * is a negative one and the rule wraps it, both go on wrapping negatives (the copy of the
 * shortest loop that does); any other goes to the general loop, with the ones after it that
 * tix__general_share says, and then the hardware gathers and the shortest loops resume. (Under
 * the ignore and clamp rules the hardware gathers take the lanes out of range themselves.)
 * Where `streaming`, the first two store with streaming stores; the general loop, for the rare
 * index, with ordinary ones. */
TIX__TEMPLATE bool gather_fused(char* dst, int64_t ds, const char* src, int64_t ss,
                                const char* indices, int64_t is, int64_t n,
                                const tix__tuples* t, const char* fill, size_t size,
                                size_t width, bool streaming) {
    if (ds != (int64_t)size || is != (int64_t)width)
        return gather_fused_loop(dst, ds, src, ss, indices, is, n, t, fill, size, width);
    tix__resume resume = {0};
    bool all = true;
    for (int64_t done = 0; done < n;) {
        char* d = dst + done * (int64_t)size;
        const char* s = src + done * ss;
        const char* x = indices + done * (int64_t)width;
        int64_t run = gather_hardware(d, s, ss, x, n - done, t, fill, size, width, resume.wrap,
                                      streaming, &all);
        d += run * (int64_t)size;
        s += run * ss;
        x += run * (int64_t)width;
        int64_t rest = n - done - run;
        run += gather_short(d, s, ss, x, rest, t, size, width, resume.wrap, streaming);
        done += run;
        if (done == n) break;
        int64_t general = tix__general_share(t, &resume, run, n - done);
        all = gather_fused_loop(dst + done * (int64_t)size, (int64_t)size, src + done * ss, ss,
                                indices + done * (int64_t)width, (int64_t)width, general, t, fill,
                                size, width) && all;
        done += general;
    }
    return all;
}

/* Prefetches every line of `bytes` bytes at `from`, the last one included when they straddle
 * it; into the outer caches only when `far` (a constant at every use). */
TIX__TEMPLATE void prefetch_lines(const char* from, size_t bytes, bool far) {
    for (size_t b = 0; b < bytes; b += TIX__CACHE_LINE) {
        if (far) {
            TIX__PREFETCH_FAR(from + b);
        } else {
            TIX__PREFETCH(from + b);
        }
    }
    if (bytes % TIX__CACHE_LINE != 0 || (uintptr_t)from % TIX__CACHE_LINE != 0) {
        if (far) {
            TIX__PREFETCH_FAR(from + bytes - 1);
        } else {
            TIX__PREFETCH(from + bytes - 1);
        }
    }
}

/* The rows of a cache-blocked gather's packed tile (tix__fused_tile_fn), each as gather_fused
 * starts one: the hardware gathers where the CPU has them for `size`, then the shortest loop,
 * both wrapping negatives from the first one the rule wraps on; the rows TIX__ROWS_AHEAD on
 * prefetched, their indices and (unless it streams) their output. Returns at the first row
 * that holds an index the two do not take. One call a tile instead of one a row, and no plan of
 * a row's pieces: gather_elements_first, in tiles of 64 columns, took 0.58x the
 * instructions it took through element_panel, and 0.73x the time on Zen 3. */
TIX__TEMPLATE int64_t gather_tile(char* dst, int64_t dst_row, const char* src,
                                  const char* indices, int64_t index_row, int64_t m, int64_t n,
                                  const tix__tuples* t, size_t size, size_t width,
                                  bool streaming) {
    const int64_t along = (int64_t)size;
    /* (no fill: the hardware gathers stop at a lane outside, but under clamp take its nearer
     * end, which where they are slow is what they start for) */
    const bool vectors =
        tix__gathers_strided_move(size, t->rule.out_of_range == TIX_OUT_OF_RANGE_CLAMP);
    const bool wraps = t->rule.negative == TIX_NEGATIVE_WRAP;
    const size_t index_bytes = (size_t)n * width, output_bytes = (size_t)n * size;
    bool wrap = false, all = true;
    for (int64_t r = 0; r < m; r++) {
        if (r + TIX__ROWS_AHEAD < m) {
            prefetch_lines(indices + (r + TIX__ROWS_AHEAD) * index_row, index_bytes, false);
            if (!streaming)
                prefetch_lines(dst + (r + TIX__ROWS_AHEAD) * dst_row, output_bytes, false);
        }
        char* d = dst + r * dst_row;
        const char* x = indices + r * index_row;
        int64_t done = vectors ? gather_hardware(d, src, along, x, n, t, NULL, size, width, wrap,
                                                 streaming, &all)
                               : 0;
        done += gather_short(d + done * along, src + done * along, along,
                             x + done * (int64_t)width, n - done, t, size, width, wrap,
                             streaming);
        if (done < n && wraps && !wrap) { /* a negative index, which the rule wraps */
            wrap = true;
            done += gather_short(d + done * along, src + done * along, along,
                                 x + done * (int64_t)width, n - done, t, size, width, true,
                                 streaming);
        }
        if (done < n)
            return r;
    }
    return m;
}

/* The rows ahead that a row copy prefetches: tix__prefetch_lines() lines of them (at least
 * one row), or two of FAR_MIN_ROW bytes or more. */
static int64_t rows_ahead(size_t bytes) {
    int64_t lines = (int64_t)((bytes + TIX__CACHE_LINE - 1) / TIX__CACHE_LINE);
    int64_t rows = tix__prefetch_lines() / lines;
    return bytes >= FAR_MIN_ROW ? 2 : rows > 1 ? rows : 1;
}

/* The row ahead that a row copy prefetches into the outer caches (FAR_BYTES, and beyond
 * rows_ahead), or 0 for none. */
static int64_t rows_far(size_t bytes) {
    if (bytes < FAR_MIN_ROW) return 0;
    int64_t far = (int64_t)((FAR_BYTES + bytes - 1) / bytes), near = rows_ahead(bytes);
    return far > near ? far : near + 1;
}

/* Prefetches every line that row r of copy_rows reads (none for a fill row), into the outer
 * caches only when `far`. */
TIX__TEMPLATE void prefetch_row(const char* src, int64_t src_row, const int64_t* offsets,
                                int64_t r, size_t bytes, bool far) {
    if (offsets[r] != TIX__SKIP) prefetch_lines(src + offsets[r] + r * src_row, bytes, far);
}

/* m rows of `bytes` (> 0) contiguous bytes, row r from src + offsets[r] + r * src_row (or the
 * fill block) to dst + r * dst_row, prefetching the rows to come; with streaming stores when
 * `streaming` (a constant at every use). */
TIX__TEMPLATE void copy_rows(char* dst, int64_t dst_row, const char* src, int64_t src_row,
                             const int64_t* offsets, int64_t m, const char* fill, size_t bytes,
                             bool streaming) {
    int64_t distance = rows_ahead(bytes), far = rows_far(bytes);
    for (int64_t r = 0; r < m && r < distance; r++)
        prefetch_row(src, src_row, offsets, r, bytes, false);
    for (int64_t r = 0; r < m; r++) {
        if (r + distance < m) prefetch_row(src, src_row, offsets, r + distance, bytes, false);
        if (far > 0 && r + far < m) prefetch_row(src, src_row, offsets, r + far, bytes, true);
        const char* from = offsets[r] != TIX__SKIP ? src + offsets[r] + r * src_row : fill;
        if (streaming) {
            stream_copy(dst + r * dst_row, from, bytes);
        } else {
            memcpy(dst + r * dst_row, from, bytes);
        }
    }
    if (streaming) stream_fence();
}

/* The short rules of gather_rows_fused for the tuple at p (`comps` components, 1 or 2, a
 * constant at every use): the sum of position * step, where each position is its index, a
 * negative one plus `add` (the size when the rule wraps negatives, else 0). Sets *inside to
 * whether every position is in range. */
typedef struct short_tuples {
    int64_t size[2], step[2], add[2];
    int64_t component_stride;
} short_tuples;

TIX__TEMPLATE int64_t short_offset(const char* p, const short_tuples* s, int comps, size_t width,
                                   bool* inside) {
    uint64_t offset = 0;
    bool in = true;
    for (int c = 0; c < comps; c++) {
        int64_t v = tix__load_index(p + c * s->component_stride, width);
        v += v < 0 ? s->add[c] : 0;
        in = in && (uint64_t)v < (uint64_t)s->size[c];
        offset += (uint64_t)v * (uint64_t)s->step[c];
    }
    *inside = in;
    return (int64_t)offset;
}

/* Prefetches row r of gather_rows_fused, its tuple unchecked: a prefetch never faults, and the
 * address is formed in unsigned arithmetic. `aligned`: the rows start at multiples of their
 * length (a power of two), so one of 64 bytes or less lies within a line and needs one prefetch.
 * Not the non-temporal hint for these rows read once: 0.96-0.98x the time on AMD Zen 5, but
 * 1.3-2.8x on Intel Sapphire/Emerald Rapids (docs/PERFORMANCE-LOG.md). Where `ignoring` (the
 * ignore rule, under which tuples out of range are no error and may be many), a tuple out of
 * range prefetches the data's first row, not an address past the data, whose page the
 * processor would look up in vain: gather_rows_small with one index in 8 out of range and
 * ignored took 0.85x the time. (The test costs the other rules' loop 1.07-1.2x.) */
TIX__TEMPLATE void prefetch_indexed_row(const char* src, int64_t src_row, const char* indices,
                                        int64_t is, int64_t r, const short_tuples* s, int comps,
                                        size_t bytes, size_t width, bool aligned, bool ignoring) {
    bool inside;
    int64_t offset = short_offset(indices + r * is, s, comps, width, &inside);
    const char* from = (const char*)((uintptr_t)src + (uint64_t)offset + (uint64_t)(r * src_row));
    from = ignoring && !inside ? src : from;
    if (aligned) {
        for (size_t b = 0; b < bytes; b += TIX__CACHE_LINE) TIX__PREFETCH(from + b);
    } else {
        prefetch_lines(from, bytes, false);
    }
}

/* Row r of gather_rows_fused whose tuple is out of range after the wrap, by the general rules
 * (clamp, wrap, or the fill row under ignore): returns false where it resolves to nothing
 * otherwise (an error). Out of line, so that the loop keeps its registers. */
TIX__RARE bool gather_rule_row(char* dst, int64_t dst_row, const char* src, int64_t src_row,
                               const char* indices, int64_t is, int64_t r, const tix__tuples* t,
                               const char* fill, size_t bytes) {
    int64_t offset = tix__resolve_one(t, indices + r * is);
    const char* from = offset != TIX__SKIP ? src + offset + r * src_row
                       : t->rule.out_of_range == TIX_OUT_OF_RANGE_IGNORE ? fill
                                                                          : NULL;
    if (from == NULL) return false;
    memcpy(dst + r * dst_row, from, bytes);
    return true;
}

/* Row r of gather_rows_fused, when its tuple is in range (after the wrap): returns whether. */
TIX__TEMPLATE bool gather_indexed_row(char* dst, int64_t dst_row, const char* src,
                                      int64_t src_row, const char* indices, int64_t is, int64_t r,
                                      const short_tuples* s, int comps, size_t bytes,
                                      size_t width, bool streaming) {
    bool inside;
    int64_t offset = short_offset(indices + r * is, s, comps, width, &inside);
    if (!inside) return false;
    put_bytes(dst + r * dst_row, src + offset + r * src_row, bytes, streaming);
    return true;
}

/* Rows of up to 128 bytes by a tuple of one or two int32/int64 indices each, resolved inside the
 * copy: the shortest loop while each tuple is in range (a negative index wrapped where the rule
 * says so), prefetching the rows to come; a tuple out of range by the general rules, after which
 * the loop goes on, its prefetches already ahead; it stops at a tuple that is an error. Returns
 * how many rows it moved. (It stopped at every tuple out of range before, and the caller
 * resolved a chunk of rows after it: gather_rows_small with one index in 64 out of range under
 * clamp or ignore took 1.44-1.49x the time of its own call; resolving only the one, the loop
 * restarted with all its prefetches, 1.45x; the general rules inside the loop, 1.10-1.17x the
 * time of gather_nd_pairs, whose loop then kept fewer registers.) Where `streaming`, the rows the
 * loop moves go out with streaming stores (put_bytes; a row by the general rules, rare, with
 * ordinary ones), fenced before it returns. */
TIX__TEMPLATE int64_t gather_rows_fused(char* dst, int64_t dst_row, const char* src,
                                        int64_t src_row, const char* indices, int64_t is,
                                        int64_t m, const short_tuples* s, const tix__tuples* t,
                                        const char* fill, int comps, size_t bytes, size_t width,
                                        bool aligned, bool ignoring, bool streaming) {
    int64_t distance = rows_ahead(bytes), r = 0;
    for (int64_t ahead = 0; ahead < m && ahead < distance; ahead++)
        prefetch_indexed_row(src, src_row, indices, is, ahead, s, comps, bytes, width, aligned,
                             ignoring);
    for (;; r++) {
        for (; r + distance < m; r++) {
            prefetch_indexed_row(src, src_row, indices, is, r + distance, s, comps, bytes, width,
                                 aligned, ignoring);
            if (!gather_indexed_row(dst, dst_row, src, src_row, indices, is, r, s, comps, bytes,
                                    width, streaming)) {
                break;
            }
        }
        if (r + distance >= m) {
            for (; r < m; r++) {
                if (!gather_indexed_row(dst, dst_row, src, src_row, indices, is, r, s, comps,
                                        bytes, width, streaming)) {
                    break;
                }
            }
        }
        if (r == m || !gather_rule_row(dst, dst_row, src, src_row, indices, is, r, t, fill, bytes))
            break;
    }
    if (streaming) stream_fence();
    return r;
}

/* gather_rows_fused with its rules read once, `aligned` decided once, and a copy of its own for
 * the usual case: dense tuples and output, every row from the same data (src_row = 0), one
 * more there for the ignore rule; that case streams where `streaming` (the others, rare in
 * outputs that large, store as usual). */
TIX__TEMPLATE int64_t gather_rows_fused_any(char* dst, int64_t dst_row, const char* src,
                                            int64_t src_row, const char* indices, int64_t is,
                                            int64_t m, const tix__tuples* t, const char* fill,
                                            int comps, size_t bytes, size_t width,
                                            bool streaming) {
    short_tuples s = {.component_stride = t->component_stride};
    uint64_t steps = 0;
    for (int c = 0; c < comps; c++) {
        s.size[c] = t->size[c];
        s.step[c] = t->step[c];
        s.add[c] = t->rule.negative == TIX_NEGATIVE_WRAP ? t->size[c] : 0;
        steps |= (uint64_t)t->step[c];
    }
    bool aligned = ((uintptr_t)src | steps | (uint64_t)src_row) % bytes == 0;
    int64_t tuple = comps * (int64_t)width;
    if (aligned && src_row == 0 && is == tuple && dst_row == (int64_t)bytes &&
        (comps == 1 || s.component_stride == (int64_t)width)) {
        s.component_stride = (int64_t)width;
        if (t->rule.out_of_range == TIX_OUT_OF_RANGE_IGNORE) {
            return gather_rows_fused(dst, (int64_t)bytes, src, 0, indices, tuple, m, &s, t, fill,
                                     comps, bytes, width, true, true, streaming);
        }
        return gather_rows_fused(dst, (int64_t)bytes, src, 0, indices, tuple, m, &s, t, fill,
                                 comps, bytes, width, true, false, streaming);
    }
    if (aligned) {
        return gather_rows_fused(dst, dst_row, src, src_row, indices, is, m, &s, t, fill, comps,
                                 bytes, width, true, false, false);
    }
    return gather_rows_fused(dst, dst_row, src, src_row, indices, is, m, &s, t, fill, comps,
                             bytes, width, false, false, false);
}

/* The gathers along offsets of an element size, with whole vectors first and without;
 * `mode` is `stored` or `streamed` (4 and 8 bytes). */
#define GATHER_INSTANCES(size, mode, streaming)                                                   \
    static void gather_##size##_##mode(char* dst, int64_t ds, const char* src, int64_t ss,       \
                                       const int64_t* offsets, int64_t n, const char* fill,      \
                                       tix__ahead* ahead) {                                      \
        gather_elements(dst, ds, src, ss, offsets, n, fill, ahead, size, true, streaming);        \
    }                                                                                             \
    static void gather_loop_##size##_##mode(char* dst, int64_t ds, const char* src, int64_t ss,  \
                                            const int64_t* offsets, int64_t n,                   \
                                            const char* fill, tix__ahead* ahead) {               \
        gather_elements(dst, ds, src, ss, offsets, n, fill, ahead, size, false, streaming);       \
    }

/* Instances per element size, selected through the tables below. */
#define INSTANCES(size)                                                                           \
    static void move_##size(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {      \
        move_row(dst, ds, src, ss, n, size);                                                      \
    }                                                                                             \
    GATHER_INSTANCES(size, stored, false)                                                         \
    static void place_##size(char* dst, int64_t ds, const char* src, int64_t ss,                  \
                             const int64_t* offsets, int64_t n) {                                 \
        place_elements(dst, ds, src, ss, offsets, n, size);                                       \
    }
INSTANCES(1)
INSTANCES(2)
INSTANCES(4)
INSTANCES(8)
INSTANCES(16)
#undef INSTANCES
GATHER_INSTANCES(4, streamed, true)
GATHER_INSTANCES(8, streamed, true)
#undef GATHER_INSTANCES

/* Per element size and index width, the fused kernel and the packed tiles' one; `mode` is
 * `stored` or `streamed` (4 and 8 bytes). */
#define ELEMENT_INSTANCES(size, mode, streaming)                                                  \
    static bool fused_##size##_i64_##mode(char* dst, int64_t ds, const char* src, int64_t ss,    \
                                          const char* indices, int64_t is, int64_t n,            \
                                          const tix__tuples* t, const char* fill) {              \
        return gather_fused(dst, ds, src, ss, indices, is, n, t, fill, size, 8, streaming);       \
    }                                                                                             \
    static bool fused_##size##_i32_##mode(char* dst, int64_t ds, const char* src, int64_t ss,    \
                                          const char* indices, int64_t is, int64_t n,            \
                                          const tix__tuples* t, const char* fill) {              \
        return gather_fused(dst, ds, src, ss, indices, is, n, t, fill, size, 4, streaming);       \
    }                                                                                             \
    static int64_t tile_##size##_i64_##mode(char* dst, int64_t dst_row, const char* src,        \
                                            const char* indices, int64_t index_row, int64_t m,   \
                                            int64_t n, const tix__tuples* t) {                   \
        return gather_tile(dst, dst_row, src, indices, index_row, m, n, t, size, 8, streaming);   \
    }                                                                                             \
    static int64_t tile_##size##_i32_##mode(char* dst, int64_t dst_row, const char* src,        \
                                            const char* indices, int64_t index_row, int64_t m,   \
                                            int64_t n, const tix__tuples* t) {                   \
        return gather_tile(dst, dst_row, src, indices, index_row, m, n, t, size, 4, streaming);   \
    }
ELEMENT_INSTANCES(1, stored, false)
ELEMENT_INSTANCES(2, stored, false)
ELEMENT_INSTANCES(4, stored, false)
ELEMENT_INSTANCES(8, stored, false)
ELEMENT_INSTANCES(16, stored, false)
ELEMENT_INSTANCES(4, streamed, true)
ELEMENT_INSTANCES(8, streamed, true)
#undef ELEMENT_INSTANCES

#define PLACE_INSTANCES(size)                                                                     \
    static inline void place_one_##size(char* dst, const char* src) {                             \
        memcpy(dst, src, size);                                                                   \
    }                                                                                             \
    static bool fused_place_##size##_i64(char* dst, int64_t ds, const char* src, int64_t ss,     \
                                         const char* indices, int64_t is, int64_t n,             \
                                         const tix__tuples* t) {                                 \
        return tix__scatter_fused(dst, ds, src, ss, indices, is, n, t, 8, place_one_##size);      \
    }                                                                                             \
    static bool fused_place_##size##_i32(char* dst, int64_t ds, const char* src, int64_t ss,     \
                                         const char* indices, int64_t is, int64_t n,             \
                                         const tix__tuples* t) {                                 \
        return tix__scatter_fused(dst, ds, src, ss, indices, is, n, t, 4, place_one_##size);      \
    }
PLACE_INSTANCES(1)
PLACE_INSTANCES(2)
PLACE_INSTANCES(4)
PLACE_INSTANCES(8)
PLACE_INSTANCES(16)
#undef PLACE_INSTANCES

#define ROW_INSTANCE(bytes)                                                                       \
    static void copy_rows_##bytes(char* dst, int64_t dst_row, const char* src, int64_t src_row,   \
                                  const int64_t* offsets, int64_t m, const char* fill,            \
                                  size_t unused) {                                                \
        (void)unused;                                                                             \
        copy_rows(dst, dst_row, src, src_row, offsets, m, fill, bytes, false);                    \
    }
ROW_INSTANCE(4)
ROW_INSTANCE(8)
ROW_INSTANCE(16)
ROW_INSTANCE(32)
ROW_INSTANCE(64)
ROW_INSTANCE(128)
#undef ROW_INSTANCE

/* Per row length, tuple length and index width; `mode` is `stored` or `streamed`. */
#define FUSED_ROW_INSTANCE(bytes, comps, width, mode, streaming)                                 \
    static int64_t fused_rows_##bytes##_##comps##_i##width##_##mode(                              \
        char* dst, int64_t dst_row, const char* src, int64_t src_row, const char* indices,        \
        int64_t is, int64_t m, const tix__tuples* t, const char* fill) {                          \
        return gather_rows_fused_any(dst, dst_row, src, src_row, indices, is, m, t, fill, comps,  \
                                     bytes, width / 8, streaming);                                \
    }
#define FUSED_ROW_INSTANCES(bytes)                                                                \
    FUSED_ROW_INSTANCE(bytes, 1, 64, stored, false)                                               \
    FUSED_ROW_INSTANCE(bytes, 1, 32, stored, false)                                               \
    FUSED_ROW_INSTANCE(bytes, 2, 64, stored, false)                                               \
    FUSED_ROW_INSTANCE(bytes, 2, 32, stored, false)                                               \
    FUSED_ROW_INSTANCE(bytes, 1, 64, streamed, true)                                              \
    FUSED_ROW_INSTANCE(bytes, 1, 32, streamed, true)                                              \
    FUSED_ROW_INSTANCE(bytes, 2, 64, streamed, true)                                              \
    FUSED_ROW_INSTANCE(bytes, 2, 32, streamed, true)
FUSED_ROW_INSTANCES(4)
FUSED_ROW_INSTANCES(8)
FUSED_ROW_INSTANCES(16)
FUSED_ROW_INSTANCES(32)
FUSED_ROW_INSTANCES(64)
FUSED_ROW_INSTANCES(128)
#undef FUSED_ROW_INSTANCE
#undef FUSED_ROW_INSTANCES

static void copy_rows_any(char* dst, int64_t dst_row, const char* src, int64_t src_row,
                          const int64_t* offsets, int64_t m, const char* fill, size_t bytes) {
    copy_rows(dst, dst_row, src, src_row, offsets, m, fill, bytes, false);
}

/* copy_rows with streaming stores, for outputs much larger than the caches. */
static void stream_rows(char* dst, int64_t dst_row, const char* src, int64_t src_row,
                        const int64_t* offsets, int64_t m, const char* fill, size_t bytes) {
    copy_rows(dst, dst_row, src, src_row, offsets, m, fill, bytes, true);
}

/* Copies `bytes` bytes with streaming stores from the first 16-byte boundary of dst on; the
 * caller fences. */
static void stream_span(char* dst, const char* src, size_t bytes) {
    size_t head = (16 - (uintptr_t)dst % 16) % 16;
    if (head > bytes) head = bytes;
    memcpy(dst, src, head); /* up to the first 16-byte boundary */
    size_t body = (bytes - head) / 16 * 16;
    stream_copy(dst + head, src + head, body);
    memcpy(dst + head + body, src + head + body, bytes - head - body);
}

/* A dense copy (n elements both sides contiguous) with streaming stores; otherwise as move. */
static void stream_move(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n,
                        size_t size) {
    if (ds != (int64_t)size || ss != (int64_t)size) {
        move_row(dst, ds, src, ss, n, size);
        return;
    }
    stream_span(dst, src, (size_t)n * size);
    stream_fence();
}

/* memcpy; by the CPU's string copy where that pays (cpu.c) and the block is long enough. */
static void copy_long(char* dst, const char* src, size_t bytes) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (bytes >= STRING_MIN_BYTES && tix__string_copies()) {
        __asm__ volatile("rep movsb" : "+D"(dst), "+S"(src), "+c"(bytes) : : "memory");
        return;
    }
#endif
    memcpy(dst, src, bytes);
}

void tix__copy_block(char* dst, const char* src, size_t bytes, bool streaming) {
    if (streaming) {
        stream_span(dst, src, bytes);
    } else {
        copy_long(dst, src, bytes);
    }
}

void tix__stream_fence(void) {
    stream_fence();
}

void tix__copy_rows_between(char* const* to, const char* const* from, int64_t m, size_t bytes,
                            bool streaming) {
    /* the rows are apart: the hardware prefetcher does not see the next one coming */
    int64_t distance = rows_ahead(bytes), far = rows_far(bytes);
    for (int64_t r = 0; r < m && r < distance; r++) prefetch_lines(from[r], bytes, false);
    for (int64_t r = 0; r < m; r++) {
        if (r + distance < m) prefetch_lines(from[r + distance], bytes, false);
        if (far > 0 && r + far < m) prefetch_lines(from[r + far], bytes, true);
        tix__copy_block(to[r], from[r], bytes, streaming);
    }
    if (streaming) stream_fence(); /* once: a fence drains the stores in flight */
}

/* Index of an element size in the tables: 1, 2, 4, 8, 16 bytes -> 0..4. */
static int size_class(size_t size) {
    return size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : size == 8 ? 3 : 4;
}

static void stream_move_1(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    stream_move(dst, ds, src, ss, n, 1);
}

static void stream_move_2(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    stream_move(dst, ds, src, ss, n, 2);
}

static void stream_move_4(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    stream_move(dst, ds, src, ss, n, 4);
}

static void stream_move_8(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    stream_move(dst, ds, src, ss, n, 8);
}

static void stream_move_16(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    stream_move(dst, ds, src, ss, n, 16);
}

tix__row_fn tix__move_kernel(size_t element_size) {
    static const tix__row_fn kernels[] = {move_1, move_2, move_4, move_8, move_16};
    return kernels[size_class(element_size)];
}

tix__row_fn tix__stream_move_kernel(size_t element_size) {
    static const tix__row_fn kernels[] = {stream_move_1, stream_move_2, stream_move_4,
                                          stream_move_8, stream_move_16};
    return kernels[size_class(element_size)];
}

tix__gather_fn tix__gather_kernel(size_t element_size, bool streaming) {
    static const tix__gather_fn vectors[] = {gather_1_stored, gather_2_stored, gather_4_stored,
                                             gather_8_stored, gather_16_stored};
    static const tix__gather_fn loops[] = {gather_loop_1_stored, gather_loop_2_stored,
                                           gather_loop_4_stored, gather_loop_8_stored,
                                           gather_loop_16_stored};
    static const tix__gather_fn streamed_vectors[] = {gather_4_streamed, gather_8_streamed};
    static const tix__gather_fn streamed_loops[] = {gather_loop_4_streamed,
                                                    gather_loop_8_streamed};
    bool moves = tix__gathers_offsets_move(element_size);
    if (!streaming)
        return (moves ? vectors : loops)[size_class(element_size)];
    if (!PUT_STREAMING || (element_size != 4 && element_size != 8))
        return NULL;
    return (moves ? streamed_vectors : streamed_loops)[element_size == 8];
}

tix__scatter_fn tix__place_kernel(size_t element_size) {
    static const tix__scatter_fn kernels[] = {place_1, place_2, place_4, place_8, place_16};
    return kernels[size_class(element_size)];
}

tix__copy_rows_fn tix__copy_rows_kernel(size_t bytes, bool streaming) {
    if (streaming && bytes >= STREAM_MIN_ROW) return stream_rows;
    switch (bytes) {
        case 4: return copy_rows_4;
        case 8: return copy_rows_8;
        case 16: return copy_rows_16;
        case 32: return copy_rows_32;
        case 64: return copy_rows_64;
        case 128: return copy_rows_128;
        default: return copy_rows_any;
    }
}

tix__fused_rows_fn tix__fused_rows_kernel(size_t bytes, tix_dtype index_dtype, int32_t components,
                                          bool streaming) {
#define FUSED_ROW_TABLE(comps, width, mode)                                                       \
    {fused_rows_4_##comps##_i##width##_##mode,  fused_rows_8_##comps##_i##width##_##mode,         \
     fused_rows_16_##comps##_i##width##_##mode, fused_rows_32_##comps##_i##width##_##mode,        \
     fused_rows_64_##comps##_i##width##_##mode, fused_rows_128_##comps##_i##width##_##mode}
    static const tix__fused_rows_fn kernels[2][2][2][6] = {
        {{FUSED_ROW_TABLE(1, 64, stored), FUSED_ROW_TABLE(1, 32, stored)},
         {FUSED_ROW_TABLE(2, 64, stored), FUSED_ROW_TABLE(2, 32, stored)}},
        {{FUSED_ROW_TABLE(1, 64, streamed), FUSED_ROW_TABLE(1, 32, streamed)},
         {FUSED_ROW_TABLE(2, 64, streamed), FUSED_ROW_TABLE(2, 32, streamed)}},
    };
#undef FUSED_ROW_TABLE
    if (bytes < 4 || bytes > 128 || (bytes & (bytes - 1)) != 0 || components < 1 ||
        components > 2 || (index_dtype != TIX_DTYPE_INT64 && index_dtype != TIX_DTYPE_INT32)) {
        return NULL; /* they take the general rules */
    }
    int k = 0;
    while ((size_t)4 << k < bytes) k++; /* 4, 8, ..., 128 bytes -> 0, 1, ..., 5 */
    bool streamed = streaming && PUT_STREAMING;
    return kernels[streamed][components - 1][index_dtype == TIX_DTYPE_INT64 ? 0 : 1][k];
}

/* The slot of an element gather's instance in the tables of the two selectors below (their
 * instances, as ELEMENT_GATHERS lists them): the ordinary ones by size class for int64 indices,
 * then for int32, then the streaming ones (4 and 8 bytes, int64 then int32); -1 for other index
 * dtypes, and where streaming has no instance. */
static int gather_slot(size_t element_size, tix_dtype index_dtype, bool streaming) {
    if (index_dtype != TIX_DTYPE_INT64 && index_dtype != TIX_DTYPE_INT32)
        return -1;
    int int32 = index_dtype == TIX_DTYPE_INT32;
    if (!streaming)
        return int32 * 5 + size_class(element_size);
    if (!PUT_STREAMING || (element_size != 4 && element_size != 8))
        return -1;
    return 10 + int32 * 2 + (element_size == 4 ? 0 : 1);
}
#define ELEMENT_GATHERS(kind)                                                                     \
    {kind##_1_i64_stored,   kind##_2_i64_stored,   kind##_4_i64_stored,   kind##_8_i64_stored,    \
     kind##_16_i64_stored,  kind##_1_i32_stored,   kind##_2_i32_stored,   kind##_4_i32_stored,    \
     kind##_8_i32_stored,   kind##_16_i32_stored,  kind##_4_i64_streamed, kind##_8_i64_streamed, \
     kind##_4_i32_streamed, kind##_8_i32_streamed}

tix__fused_gather_fn tix__fused_gather_kernel(size_t element_size, tix_dtype index_dtype,
                                              bool streaming) {
    static const tix__fused_gather_fn kernels[] = ELEMENT_GATHERS(fused);
    int slot = gather_slot(element_size, index_dtype, streaming);
    return slot >= 0 ? kernels[slot] : NULL;
}

tix__fused_tile_fn tix__fused_tile_kernel(size_t element_size, tix_dtype index_dtype,
                                          bool streaming) {
    static const tix__fused_tile_fn kernels[] = ELEMENT_GATHERS(tile);
    int slot = gather_slot(element_size, index_dtype, streaming);
    return slot >= 0 ? kernels[slot] : NULL;
}
#undef ELEMENT_GATHERS

tix__fused_scatter_fn tix__fused_place_kernel(size_t element_size, tix_dtype index_dtype) {
    static const tix__fused_scatter_fn i64[] = {fused_place_1_i64, fused_place_2_i64,
                                                fused_place_4_i64, fused_place_8_i64,
                                                fused_place_16_i64};
    static const tix__fused_scatter_fn i32[] = {fused_place_1_i32, fused_place_2_i32,
                                                fused_place_4_i32, fused_place_8_i32,
                                                fused_place_16_i32};
    if (index_dtype == TIX_DTYPE_INT64) return i64[size_class(element_size)];
    if (index_dtype == TIX_DTYPE_INT32) return i32[size_class(element_size)];
    return NULL;
}
