/* The two loop shapes of one reduction of one dtype. Included by the dtype templates once per
 * reduction (no include guard, on purpose) with OP (add, sub, ...) and NAME (f32, ...) defined
 * and a function OP_one_NAME(char* dst, const char* src) that combines one element.
 *   OP_row_NAME:      dst[i * ds] = f(dst[i * ds], src[i * ss])             (a run of one tuple)
 *   OP_scatter_NAME:  the same at dst + offsets[i] + i * ds, skipping TIX__SKIP (a tuple each) */
static void TIX_CAT3(OP, row, NAME)(char* dst, int64_t ds, const char* src, int64_t ss,
                                    int64_t n) {
    for (int64_t i = 0; i < n; i++) TIX_CAT3(OP, one, NAME)(dst + i * ds, src + i * ss);
}

static void TIX_CAT3(OP, scatter, NAME)(char* dst, int64_t ds, const char* src, int64_t ss,
                                        const int64_t* offsets, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        if (offsets[i] != TIX__SKIP) TIX_CAT3(OP, one, NAME)(dst + offsets[i] + i * ds, src + i * ss);
    }
}

#undef OP
