/* The loop shapes of one reduction of one dtype. Included by the dtype templates once per
 * reduction (no include guard, on purpose) with OP (add, sub, ...) and NAME (f32, ...) defined
 * and a function OP_one_NAME(char* dst, const char* src) that combines one element; with
 * DENSE_ROWS defined too, OP_dense_NAME, the same without a branch, for dense rows (and
 * WIDE_ROWS, where defined, the target attribute of the rows' AVX2 copy; and DENSE_VECTORS,
 * where defined, the elements of OP_vector_NAME, which combines that many at once, first).
 *   OP_row_NAME:      dst[i * ds] = f(dst[i * ds], src[i * ss])             (a run of one tuple)
 *   OP_scatter_NAME:  the same at dst + offsets[i] + i * ds, skipping TIX__SKIP (a tuple each)
 *   OP_fused8_NAME, OP_fused4_NAME: the same resolving int64 / int32 indices as they go */
/* The row, written once: dense rows (scatter_nd's whole runs, with DENSE_ROWS) by a loop the
 * compiler vectorises (the rows of a scatter never overlap), any other one element at a time.
 * OP_row_NAME is it at the baseline's width; where reduce.c defines WIDE_ROWS (an AVX2 target
 * attribute), OP_wide_row_NAME is it once more under that attribute, which tix__reduce_kernel
 * gives where the CPU has AVX2 (the same operations on each element, so the same bits). */
TIX__TEMPLATE void TIX_CAT3(OP, any_row, NAME)(char* dst, int64_t ds, const char* src,
                                              int64_t ss, int64_t n) {
#ifdef DENSE_ROWS
    if (ds == (int64_t)sizeof(STORAGE) && ss == (int64_t)sizeof(STORAGE)) {
        char* restrict to = dst;
        const char* restrict from = src;
        int64_t i = 0;
#ifdef DENSE_VECTORS
        for (; i + DENSE_VECTORS <= n; i += DENSE_VECTORS) {
            int64_t at = i * (int64_t)sizeof(STORAGE);
            TIX_CAT3(OP, vector, NAME)(to + at, from + at);
        }
#endif
        for (; i < n; i++) {
            int64_t at = i * (int64_t)sizeof(STORAGE);
            TIX_CAT3(OP, dense, NAME)(to + at, from + at);
        }
        return;
    }
#endif
    for (int64_t i = 0; i < n; i++) TIX_CAT3(OP, one, NAME)(dst + i * ds, src + i * ss);
}

static void TIX_CAT3(OP, row, NAME)(char* dst, int64_t ds, const char* src, int64_t ss,
                                    int64_t n) {
    TIX_CAT3(OP, any_row, NAME)(dst, ds, src, ss, n);
}

#if defined(WIDE_ROWS) && defined(DENSE_ROWS)
WIDE_ROWS static void TIX_CAT3(OP, wide_row, NAME)(char* dst, int64_t ds, const char* src,
                                                   int64_t ss, int64_t n) {
    TIX_CAT3(OP, any_row, NAME)(dst, ds, src, ss, n);
}
#endif

static void TIX_CAT3(OP, scatter, NAME)(char* dst, int64_t ds, const char* src, int64_t ss,
                                        const int64_t* offsets, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        if (offsets[i] != TIX__SKIP) TIX_CAT3(OP, one, NAME)(dst + offsets[i] + i * ds, src + i * ss);
    }
}

static bool TIX_CAT3(OP, fused8, NAME)(char* dst, int64_t ds, const char* src, int64_t ss,
                                       const char* indices, int64_t is, int64_t n,
                                       const tix__tuples* t) {
    return tix__scatter_fused(dst, ds, src, ss, indices, is, n, t, 8, TIX_CAT3(OP, one, NAME));
}

static bool TIX_CAT3(OP, fused4, NAME)(char* dst, int64_t ds, const char* src, int64_t ss,
                                       const char* indices, int64_t is, int64_t n,
                                       const tix__tuples* t) {
    return tix__scatter_fused(dst, ds, src, ss, indices, is, n, t, 4, TIX_CAT3(OP, one, NAME));
}

#undef OP
#undef DENSE_ROWS
#undef DENSE_VECTORS
