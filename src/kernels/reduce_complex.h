/* Reduction kernels of one complex dtype: add, sub, mul. Included by reduce.c once per dtype
 * with NAME (suffix) and PART (float or double) defined. */
#define CAT_(a, b) a##_##b
#define CAT(a, b) CAT_(a, b)

static void CAT(add, NAME)(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        PART a[2], b[2];
        memcpy(a, dst + i * ds, sizeof a);
        memcpy(b, src + i * ss, sizeof b);
        a[0] += b[0];
        a[1] += b[1];
        memcpy(dst + i * ds, a, sizeof a);
    }
}

static void CAT(sub, NAME)(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        PART a[2], b[2];
        memcpy(a, dst + i * ds, sizeof a);
        memcpy(b, src + i * ss, sizeof b);
        a[0] -= b[0];
        a[1] -= b[1];
        memcpy(dst + i * ds, a, sizeof a);
    }
}

/* (a + bi)(c + di) = (ac - bd) + (ad + bc)i, as written (no fused multiply-add). */
static void CAT(mul, NAME)(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        PART a[2], b[2];
        memcpy(a, dst + i * ds, sizeof a);
        memcpy(b, src + i * ss, sizeof b);
        PART product[2] = {a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]};
        memcpy(dst + i * ds, product, sizeof product);
    }
}

static void CAT(identity, NAME)(tix_reduction reduction, void* out) {
    PART v[2] = {reduction == TIX_REDUCTION_MUL ? 1 : 0, 0};
    memcpy(out, v, sizeof v);
}

static const tix__row_fn CAT(reducers, NAME)[] = {
    [TIX_REDUCTION_ADD] = CAT(add, NAME),
    [TIX_REDUCTION_SUB] = CAT(sub, NAME),
    [TIX_REDUCTION_MUL] = CAT(mul, NAME),
    [TIX_REDUCTION_MEAN] = NULL, /* complex: add, sub and mul only */
};

#undef CAT
#undef CAT_
#undef NAME
#undef PART
