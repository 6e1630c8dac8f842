/* The loop of the fused scatter kernels, shared by the placements (move.c) and the reductions
 * (reduce.c). Included, not compiled on its own. */
#ifndef TIX_SCATTER_FUSED_H
#define TIX_SCATTER_FUSED_H

#include "../internal.h"

/* The streams of the loop below, from element i on. */
TIX__TEMPLATE void prefetch_streams(const char* indices, const char* src, int64_t i, int64_t is,
                                    int64_t ss, int64_t index_span, int64_t update_span) {
    tix__prefetch_stream(indices, i, is, index_span);
    tix__prefetch_stream(src, i, ss, update_span);
}

/* The scatter counterpart: `apply` (a constant at every use) combines one element; the indices
 * and updates are prefetched TIX__STREAM_AHEAD ahead, eight at a time. Returns whether every
 * tuple resolved. */
TIX__TEMPLATE bool scatter_fused_loop(char* dst, int64_t ds, const char* src, int64_t ss,
                                      const char* indices, int64_t is, int64_t n,
                                      const tix__tuples* t, size_t width,
                                      void (*apply)(char* dst, const char* src)) {
    int64_t bound = t->size[0], step = t->step[0];
    int64_t add = t->rule.negative == TIX_NEGATIVE_WRAP ? bound : 0;
    const int64_t index_span = tix__stream_span(is, 8), update_span = tix__stream_span(ss, 8);
    bool all = true;
    if (t->rule.out_of_range == TIX_OUT_OF_RANGE_IGNORE) {
        /* an update whose position is out of range goes to an element of its own instead, so
         * that which ones are is not a branch (as often taken as the indices say: one in 8,
         * scatter_elements_add_dup's shape 0.63-0.70x the time; a test in the loop below that
         * chose between the two, 0.91x) */
        _Alignas(16) char dropped[16] = {0};
        for (int64_t i = 0; i < n; i++) {
            if (i % 8 == 0)
                prefetch_streams(indices, src, i, is, ss, index_span, update_span);
            int64_t v = tix__load_index(indices + i * is, width);
            v += v < 0 ? add : 0;
            bool in = (uint64_t)v < (uint64_t)bound;
            all &= in; /* (which a scatter does not act on: nothing fails under ignore) */
            apply(in ? dst + tix__add_offset(0, v, step) + i * ds : dropped, src + i * ss);
        }
        return all;
    }
    for (int64_t i = 0; i < n; i++) {
        if (i % 8 == 0)
            prefetch_streams(indices, src, i, is, ss, index_span, update_span);
        int64_t v = tix__load_index(indices + i * is, width);
        v += v < 0 ? add : 0;
        char* d;
        if ((uint64_t)v < (uint64_t)bound) {
            d = dst + tix__add_offset(0, v, step);
        } else {
            int64_t offset = tix__resolve_one(t, indices + i * is);
            if (offset == TIX__SKIP) {
                all = false;
                continue;
            }
            d = dst + offset;
        }
        apply(d + i * ds, src + i * ss);
    }
    return all;
}

/* Update k of the shortest loop's lenient copy (the ignore and clamp rules), whose position v is
 * outside [0, bound) or not: it goes to the nearer end (clamp) or to an element of its own
 * (ignore) where it is outside, selected rather than branched to, since which positions are is
 * as random as the indices. Returns whether it went to its own position or the nearer end. */
TIX__TEMPLATE bool lenient_update(char* dst, int64_t ds, const char* src, int64_t ss, int64_t k,
                                  uint64_t v, uint64_t bound, int64_t step, bool clamp,
                                  char* dropped, void (*apply)(char* dst, const char* src)) {
    bool in = TIX__LIKELY(v < bound); /* (GCC had laid the in-range path out of line) */
    bool kept = in | clamp;
    uint64_t at = in ? v : (int64_t)v < 0 ? 0 : bound - 1;
    apply(kept ? dst + (int64_t)at * step + k * ds : dropped, src + k * ss);
    return kept;
}

/* The usual elements case at its shortest: indices read at steps of one index, while every
 * position (tix__position; negatives wrapped when `wrap`, a constant at every use but in the
 * lenient copy) is in [0, bound); update k goes to its position's element plus k * ds (0 along
 * the row: the same output line). The lenient copy (`lenient`, a constant at every use) takes
 * every update (lenient_update) and clears *all where it dropped one. A line of indices at a
 * time, prefetching them and the updates read with them TIX__STREAM_AHEAD elements ahead.
 * Returns how many updates it applied. (The body is written twice, for the lines and the tail:
 * one inline function for both, called from each, took scatter_elements_add_dup 1.07-1.10x the
 * time, GCC 12 then keeping the loop's addresses on the stack.) */
TIX__TEMPLATE int64_t scatter_plain(char* dst, int64_t ds, const char* src, int64_t ss,
                                    const char* indices, int64_t n, const tix__tuples* t,
                                    size_t width, bool wrap, bool lenient, bool* all,
                                    void (*apply)(char* dst, const char* src)) {
    uint64_t bound = (uint64_t)t->size[0], add = wrap ? bound : 0;
    int64_t step = t->step[0], i = 0;
    bool clamp = t->rule.out_of_range == TIX_OUT_OF_RANGE_CLAMP;
    bool resolved = true; /* (a local of its own: the stores through dst may alias *all) */
    _Alignas(16) char dropped[16] = {0}; /* (the largest element: complex128) */
    const int64_t line = TIX__CACHE_LINE / (int64_t)width, update_span = tix__stream_span(ss, line);
    for (; i + line <= n; i += line) {
        tix__prefetch_stream(indices, i, (int64_t)width, TIX__CACHE_LINE);
        tix__prefetch_stream(src, i, ss, update_span);
        for (int64_t k = i; k < i + line; k++) {
            uint64_t v = tix__position(indices, k, width, add);
            if (lenient) {
                resolved &= lenient_update(dst, ds, src, ss, k, v, bound, step, clamp, dropped,
                                           apply);
                continue;
            }
            if (v >= bound)
                return k;
            apply(dst + (int64_t)v * step + k * ds, src + k * ss);
        }
    }
    for (; i < n; i++) {
        uint64_t v = tix__position(indices, i, width, add);
        if (lenient) {
            resolved &= lenient_update(dst, ds, src, ss, i, v, bound, step, clamp, dropped,
                                       apply);
            continue;
        }
        if (v >= bound) break;
        apply(dst + (int64_t)v * step + i * ds, src + i * ss);
    }
    *all = *all && resolved;
    return i;
}

/* Dense indices: the shortest loop up to the first index that needs more; where that is a
 * negative one and the rule wraps it, the copy of the shortest loop that wraps negatives
 * (tix__position) goes on, if `wraps` (a constant at every use) gave it one; any other goes to
 * the general loop, with the ones after it that tix__general_share says, and then the shortest
 * loop resumes. Under the ignore and clamp rules, once indices out of range come more often than
 * one in TIX__RESUME_RUN (the general loop's share has grown), the lenient copy of the shortest
 * loop takes the rest, in the copy for one output line: scatter_elements_add_dup with one index
 * in 8 out of range and ignored had taken 1.6x the time of its own call, the general loop
 * taking most of them (0.64x now, scatter_elements_unique 0.81x); with one in 64 or 1024, the
 * lenient copy took 1.0-1.15x the time of the shortest loop and the general one by turns. The
 * library's code is 1.15 times as large for it. */
TIX__TEMPLATE bool scatter_resumed(char* dst, int64_t ds, const char* src, int64_t ss,
                                   const char* indices, int64_t is, int64_t n,
                                   const tix__tuples* t, size_t width, bool wraps,
                                   void (*apply)(char* dst, const char* src)) {
    tix__resume resume = {0};
    bool all = true;
    bool lenient = t->rule.out_of_range == TIX_OUT_OF_RANGE_IGNORE ||
                   t->rule.out_of_range == TIX_OUT_OF_RANGE_CLAMP;
    for (int64_t done = 0; done < n;) {
        char* d = dst + done * ds;
        const char *s = src + done * ss, *x = indices + done * is;
        /* (resume.wrap is set by then where the rule wraps negatives) */
        if (wraps && lenient && resume.share > 1) {
            scatter_plain(d, ds, s, ss, x, n - done, t, width, resume.wrap, true, &all, apply);
            break;
        }
        int64_t run =
            wraps && resume.wrap
                ? scatter_plain(d, ds, s, ss, x, n - done, t, width, true, false, &all, apply)
                : scatter_plain(d, ds, s, ss, x, n - done, t, width, false, false, &all, apply);
        done += run;
        if (done == n) break;
        int64_t general = tix__general_share(t, &resume, run, n - done);
        all = scatter_fused_loop(dst + done * ds, ds, src + done * ss, ss, indices + done * is,
                                 is, general, t, width, apply) &&
              all;
        done += general;
    }
    return all;
}

/* The loop, with copies of their own for dense indices (scatter_resumed): for the usual
 * elements case, whose updates along a row address the same output line (ds = 0, a constant
 * there: with a runtime ds, scatter_elements_add_dup took 1.14x the time), and for updates that
 * each address another (along an outer axis, ds the output's step along the row: half the
 * general loop's instructions, 17 an update of a float32 add), whose negative indices take the
 * general loop (that copy made the library's code 1.4 times as large, a wrapping one too 1.6). */
TIX__TEMPLATE bool tix__scatter_fused(char* dst, int64_t ds, const char* src, int64_t ss,
                                      const char* indices, int64_t is, int64_t n,
                                      const tix__tuples* t, size_t width,
                                      void (*apply)(char* dst, const char* src)) {
    if (is != (int64_t)width)
        return scatter_fused_loop(dst, ds, src, ss, indices, is, n, t, width, apply);
    return ds == 0 ? scatter_resumed(dst, 0, src, ss, indices, is, n, t, width, true, apply)
                   : scatter_resumed(dst, ds, src, ss, indices, is, n, t, width, false, apply);
}

#endif /* TIX_SCATTER_FUSED_H */
