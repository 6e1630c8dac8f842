/* Printing tensors as text a person can read. */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kernels/float16.h"

/* The fewest significant digits that read back to x, written as Python's repr does: fixed
 * notation for decimal exponents in [-4, 16), scientific otherwise (20, not 2e+01). */
static void format_double(char* buffer, size_t capacity, double x, int max_digits,
                          bool (*same)(const char* text, double x)) {
    int digits = 1;
    for (; digits < max_digits; digits++) {
        snprintf(buffer, capacity, "%.*e", digits - 1, x);
        if (same(buffer, x)) break;
    }
    snprintf(buffer, capacity, "%.*e", digits - 1, x);
    int exponent = atoi(strchr(buffer, 'e') + 1);
    if (exponent >= -4 && exponent < 16) {
        int decimals = digits - 1 - exponent;
        snprintf(buffer, capacity, "%.*f", decimals > 0 ? decimals : 0, x);
    }
}

static bool same_float(const char* text, double x) {
    return strtof(text, NULL) == (float)x;
}

static bool same_double(const char* text, double x) {
    return strtod(text, NULL) == x;
}

static bool same_half(const char* text, double x) {
    return tix__float_to_half(strtof(text, NULL)) == tix__float_to_half((float)x);
}

static bool same_bfloat(const char* text, double x) {
    return tix__float_to_bfloat16(strtof(text, NULL)) == tix__float_to_bfloat16((float)x);
}

static void format_real(char* buffer, size_t capacity, double x, int max_digits,
                        bool (*same)(const char* text, double x)) {
    if (x != x) {
        snprintf(buffer, capacity, "nan");
    } else if (isinf(x)) {
        snprintf(buffer, capacity, x > 0 ? "inf" : "-inf");
    } else {
        format_double(buffer, capacity, x, max_digits, same);
    }
}

void cli_format_element(char* buffer, size_t capacity, tix_dtype dtype, const void* element) {
    const unsigned char* p = element;
    union {
        int8_t i8;
        int16_t i16;
        int32_t i32;
        int64_t i64;
        uint8_t u8;
        uint16_t u16;
        uint32_t u32;
        uint64_t u64;
        float f32[2];
        double f64[2];
        const char* s;
    } v;
    memcpy(&v, p, tix_dtype_size(dtype));
    char re[40], im[40];
    switch (dtype) {
        case TIX_DTYPE_INT8: snprintf(buffer, capacity, "%d", v.i8); break;
        case TIX_DTYPE_INT16: snprintf(buffer, capacity, "%d", v.i16); break;
        case TIX_DTYPE_INT32: snprintf(buffer, capacity, "%" PRId32, v.i32); break;
        case TIX_DTYPE_INT64: snprintf(buffer, capacity, "%" PRId64, v.i64); break;
        case TIX_DTYPE_UINT8: snprintf(buffer, capacity, "%u", v.u8); break;
        case TIX_DTYPE_UINT16: snprintf(buffer, capacity, "%u", v.u16); break;
        case TIX_DTYPE_UINT32: snprintf(buffer, capacity, "%" PRIu32, v.u32); break;
        case TIX_DTYPE_UINT64: snprintf(buffer, capacity, "%" PRIu64, v.u64); break;
        case TIX_DTYPE_BOOL: snprintf(buffer, capacity, "%s", v.u8 ? "true" : "false"); break;
        case TIX_DTYPE_FLOAT32: format_real(buffer, capacity, v.f32[0], 9, same_float); break;
        case TIX_DTYPE_FLOAT64: format_real(buffer, capacity, v.f64[0], 17, same_double); break;
        case TIX_DTYPE_FLOAT16:
            format_real(buffer, capacity, tix__half_to_float(v.u16), 5, same_half);
            break;
        case TIX_DTYPE_BFLOAT16:
            format_real(buffer, capacity, tix__bfloat16_to_float(v.u16), 4, same_bfloat);
            break;
        case TIX_DTYPE_COMPLEX64:
        case TIX_DTYPE_COMPLEX128: {
            bool wide = dtype == TIX_DTYPE_COMPLEX128;
            double r = wide ? v.f64[0] : v.f32[0], i = wide ? v.f64[1] : v.f32[1];
            format_real(re, sizeof re, r, wide ? 17 : 9, wide ? same_double : same_float);
            format_real(im, sizeof im, i, wide ? 17 : 9, wide ? same_double : same_float);
            snprintf(buffer, capacity, "%s%s%sj", re, im[0] == '-' ? "" : "+", im);
            break;
        }
        case TIX_DTYPE_STRING: snprintf(buffer, capacity, "\"%s\"", v.s ? v.s : ""); break;
        default: snprintf(buffer, capacity, "0x%02x", v.u8); break; /* float8: the bits */
    }
}

/* NumPy's summary: a dimension longer than 2 * EDGE + 1 shows its first and last EDGE items
 * when the tensor has more than THRESHOLD elements. */
enum { EDGE = 3, THRESHOLD = 1000 };

typedef struct printer {
    FILE* out;
    const tix_tensor* t;
    bool summarize;
} printer;

static void print_level(const printer* p, int32_t d, int64_t offset) {
    const tix_tensor* t = p->t;
    if (d == t->rank) {
        char text[96];
        const char* base = t->data;
        cli_format_element(text, sizeof text, t->dtype,
                           base + offset * (int64_t)tix_dtype_size(t->dtype));
        fputs(text, p->out);
        return;
    }
    int64_t n = t->shape[d];
    bool elide = p->summarize && n > 2 * EDGE + 1;
    fputc('[', p->out);
    for (int64_t i = 0; i < n; i++) {
        if (elide && i == EDGE) {
            fputs("...", p->out);
            i = n - EDGE - 1;
        } else {
            print_level(p, d + 1, offset + i * t->strides[d]);
        }
        if (i + 1 < n) {
            fputc(',', p->out);
            if (d + 1 < t->rank) { /* a new line for each sub-array, indented under the '[' */
                fprintf(p->out, "%.*s\n%*s", (int)(t->rank - d - 2), "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n",
                        (int)d + 1, "");
            } else {
                fputc(' ', p->out);
            }
        }
    }
    fputc(']', p->out);
}

void cli_print_tensor(FILE* out, const tix_tensor* t) {
    fputs("shape [", out);
    for (int32_t d = 0; d < t->rank; d++) fprintf(out, "%s%" PRId64, d ? ", " : "", t->shape[d]);
    fprintf(out, "] dtype %s\n", tix_dtype_name(t->dtype));
    printer p = {out, t, tix_tensor_count(t) > THRESHOLD};
    print_level(&p, 0, 0);
    fputc('\n', out);
}
