/* Reading one element of a given dtype from text (the --fill value). */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "kernels/float16.h"

static bool parse_signed(const char* text, int64_t low, int64_t high, int64_t* value) {
    char* end;
    errno = 0;
    long long v = strtoll(text, &end, 0);
    if (errno != 0 || end == text || *end != '\0' || v < low || v > high) return false;
    *value = v;
    return true;
}

static bool parse_unsigned(const char* text, uint64_t high, uint64_t* value) {
    char* end;
    errno = 0;
    if (strchr(text, '-') != NULL) return false;
    unsigned long long v = strtoull(text, &end, 0);
    if (errno != 0 || end == text || *end != '\0' || v > high) return false;
    *value = v;
    return true;
}

/* A real number, "nan", "inf" or "-inf"; *end tells where it stopped. */
static bool parse_real(const char* text, double* value, const char** end) {
    char* stop;
    *value = strtod(text, &stop);
    *end = stop;
    return stop != text;
}

bool cli_parse_element(const char* text, tix_dtype dtype, void* element, const char** error) {
    int64_t s;
    uint64_t u;
    double d, imaginary = 0;
    const char* end;
    *error = "not a number of that type or outside its range";
    switch (dtype) {
        case TIX_DTYPE_INT8:
            if (!parse_signed(text, INT8_MIN, INT8_MAX, &s)) return false;
            *(int8_t*)element = (int8_t)s;
            return true;
        case TIX_DTYPE_INT16:
            if (!parse_signed(text, INT16_MIN, INT16_MAX, &s)) return false;
            memcpy(element, &(int16_t){(int16_t)s}, 2);
            return true;
        case TIX_DTYPE_INT32:
            if (!parse_signed(text, INT32_MIN, INT32_MAX, &s)) return false;
            memcpy(element, &(int32_t){(int32_t)s}, 4);
            return true;
        case TIX_DTYPE_INT64:
            if (!parse_signed(text, INT64_MIN, INT64_MAX, &s)) return false;
            memcpy(element, &s, 8);
            return true;
        case TIX_DTYPE_UINT8:
            if (!parse_unsigned(text, UINT8_MAX, &u)) return false;
            *(uint8_t*)element = (uint8_t)u;
            return true;
        case TIX_DTYPE_UINT16:
            if (!parse_unsigned(text, UINT16_MAX, &u)) return false;
            memcpy(element, &(uint16_t){(uint16_t)u}, 2);
            return true;
        case TIX_DTYPE_UINT32:
            if (!parse_unsigned(text, UINT32_MAX, &u)) return false;
            memcpy(element, &(uint32_t){(uint32_t)u}, 4);
            return true;
        case TIX_DTYPE_UINT64:
            if (!parse_unsigned(text, UINT64_MAX, &u)) return false;
            memcpy(element, &u, 8);
            return true;
        case TIX_DTYPE_BOOL: {
            bool yes = strcasecmp(text, "true") == 0 || strcmp(text, "1") == 0;
            bool no = strcasecmp(text, "false") == 0 || strcmp(text, "0") == 0;
            *error = "not true, false, 1 or 0";
            if (!yes && !no) return false;
            *(uint8_t*)element = yes;
            return true;
        }
        case TIX_DTYPE_STRING: /* the text itself; it lives as long as argv */
            memcpy(element, &text, sizeof text);
            return true;
        case TIX_DTYPE_FLOAT32:
        case TIX_DTYPE_FLOAT64:
        case TIX_DTYPE_FLOAT16:
        case TIX_DTYPE_BFLOAT16:
            if (!parse_real(text, &d, &end) || *end != '\0') return false;
            if (dtype == TIX_DTYPE_FLOAT64) {
                memcpy(element, &d, 8);
            } else if (dtype == TIX_DTYPE_FLOAT32) {
                memcpy(element, &(float){(float)d}, 4);
            } else {
                uint16_t bits = dtype == TIX_DTYPE_FLOAT16 ? tix__float_to_half((float)d)
                                                           : tix__float_to_bfloat16((float)d);
                memcpy(element, &bits, 2);
            }
            return true;
        case TIX_DTYPE_COMPLEX64:
        case TIX_DTYPE_COMPLEX128: /* "RE", "IMj" or "RE+IMj" / "RE-IMj" */
            *error = "not a complex number such as 1.5, 2j or 1.5-2j";
            if (!parse_real(text, &d, &end)) return false;
            if (*end == 'j' && end[1] == '\0') {
                imaginary = d;
                d = 0;
            } else if (*end != '\0') {
                const char* rest = end;
                if ((*rest != '+' && *rest != '-') || !parse_real(rest, &imaginary, &end) ||
                    strcmp(end, "j") != 0) {
                    return false;
                }
            }
            if (dtype == TIX_DTYPE_COMPLEX128) {
                memcpy(element, (double[2]){d, imaginary}, 16);
            } else {
                memcpy(element, (float[2]){(float)d, (float)imaginary}, 8);
            }
            return true;
        default:
            *error = "float8 values cannot be given as text";
            return false;
    }
}
