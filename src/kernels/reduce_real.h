/* Reduction kernels of one real dtype. Included by reduce.c once per dtype (no include guard, on
 * purpose) with these defined:
 *   NAME      suffix of the generated functions (f32, i8, ...)
 *   STORAGE   the element as stored;  VALUE  the type computed in
 *   LOAD(s)   STORAGE -> VALUE;       STORE(v)  VALUE -> STORAGE (rounding for float16/bfloat16)
 *   IS_FLOAT  1 for floating types;   IS_SIGNED  1 for signed integers
 *   LOWEST, HIGHEST  the identities of max and min
 * Integer add/sub/mul run in uint64_t so that they wrap instead of overflowing. */
#define CAT_(a, b) a##_##b
#define CAT(a, b) CAT_(a, b)

static VALUE CAT(load, NAME)(const char* p) {
    STORAGE s;
    memcpy(&s, p, sizeof s);
    return LOAD(s);
}

static void CAT(store, NAME)(char* p, VALUE v) {
    STORAGE s = STORE(v);
    memcpy(p, &s, sizeof s);
}

#if IS_FLOAT
#define ARITH(a, op, b) ((a)op(b))
#else
#define ARITH(a, op, b) ((VALUE)((uint64_t)(a)op(uint64_t)(b)))
#endif

static void CAT(add, NAME)(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        char* d = dst + i * ds;
        CAT(store, NAME)(d, ARITH(CAT(load, NAME)(d), +, CAT(load, NAME)(src + i * ss)));
    }
}

static void CAT(sub, NAME)(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        char* d = dst + i * ds;
        CAT(store, NAME)(d, ARITH(CAT(load, NAME)(d), -, CAT(load, NAME)(src + i * ss)));
    }
}

static void CAT(mul, NAME)(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        char* d = dst + i * ds;
        CAT(store, NAME)(d, ARITH(CAT(load, NAME)(d), *, CAT(load, NAME)(src + i * ss)));
    }
}

/* min and max copy the winning element's bytes, so float16/bfloat16 are never re-rounded. A NaN
 * in the output stays; a NaN update replaces; ties keep the output. */
static void CAT(min, NAME)(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        VALUE a = CAT(load, NAME)(dst + i * ds), b = CAT(load, NAME)(src + i * ss);
#if IS_FLOAT
        if (isnan(a)) continue;
        if (isnan(b) || b < a) memcpy(dst + i * ds, src + i * ss, sizeof(STORAGE));
#else
        if (b < a) memcpy(dst + i * ds, src + i * ss, sizeof(STORAGE));
#endif
    }
}

static void CAT(max, NAME)(char* dst, int64_t ds, const char* src, int64_t ss, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        VALUE a = CAT(load, NAME)(dst + i * ds), b = CAT(load, NAME)(src + i * ss);
#if IS_FLOAT
        if (isnan(a)) continue;
        if (isnan(b) || b > a) memcpy(dst + i * ds, src + i * ss, sizeof(STORAGE));
#else
        if (b > a) memcpy(dst + i * ds, src + i * ss, sizeof(STORAGE));
#endif
    }
}

/* The sum becomes the mean; integers round toward negative infinity. */
static void CAT(mean, NAME)(char* dst, int64_t ds, const char* counts, int64_t cs, int64_t self,
                            int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        int64_t count;
        memcpy(&count, counts + i * cs, sizeof count);
        if (count == 0) continue;
        count += self;
        char* d = dst + i * ds;
        VALUE sum = CAT(load, NAME)(d);
#if IS_FLOAT
        CAT(store, NAME)(d, sum / (VALUE)count);
#elif IS_SIGNED
        int64_t quotient = (int64_t)sum / count;
        if ((int64_t)sum % count != 0 && sum < 0) quotient--;
        CAT(store, NAME)(d, (VALUE)quotient);
#else
        CAT(store, NAME)(d, (VALUE)((uint64_t)sum / (uint64_t)count));
#endif
    }
}

static void CAT(identity, NAME)(tix_reduction reduction, void* out) {
    VALUE v = 0;
    if (reduction == TIX_REDUCTION_MUL) v = 1;
    if (reduction == TIX_REDUCTION_MIN) v = HIGHEST;
    if (reduction == TIX_REDUCTION_MAX) v = LOWEST;
    CAT(store, NAME)(out, v);
}

static const tix__row_fn CAT(reducers, NAME)[] = {
    [TIX_REDUCTION_ADD] = CAT(add, NAME),  [TIX_REDUCTION_SUB] = CAT(sub, NAME),
    [TIX_REDUCTION_MUL] = CAT(mul, NAME),  [TIX_REDUCTION_MIN] = CAT(min, NAME),
    [TIX_REDUCTION_MAX] = CAT(max, NAME),  [TIX_REDUCTION_MEAN] = CAT(add, NAME),
};

#undef ARITH
#undef CAT
#undef CAT_
#undef NAME
#undef STORAGE
#undef VALUE
#undef LOAD
#undef STORE
#undef IS_FLOAT
#undef IS_SIGNED
#undef LOWEST
#undef HIGHEST
