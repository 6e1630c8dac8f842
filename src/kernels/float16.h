/* float16 and bfloat16 <-> float32, round to nearest even, NaN kept NaN (and made quiet). */
#ifndef TIX_FLOAT16_H
#define TIX_FLOAT16_H

#include <stdint.h>
#include <string.h>

static inline float tix__half_to_float(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exponent = (h >> 10) & 0x1Fu, mantissa = h & 0x3FFu, bits;
    if (exponent == 0x1F) {
        bits = sign | 0x7F800000u | (mantissa << 13);
    } else if (exponent != 0) {
        bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
        bits = sign;
    } else { /* subnormal: shift the leading 1 into the implicit position */
        uint32_t shifts = 0;
        while (!(mantissa & 0x400u)) {
            mantissa <<= 1;
            shifts++;
        }
        bits = sign | ((113 - shifts) << 23) | ((mantissa & 0x3FFu) << 13);
    }
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* Drops the low `shift` bits of m, rounding to nearest with ties to even. */
static inline uint32_t tix__round_shift(uint32_t m, uint32_t shift) {
    uint32_t kept = m >> shift, rest = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    return kept + (rest > half || (rest == half && (kept & 1u)));
}

static inline uint16_t tix__float_to_half(float f) {
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    uint32_t sign = (x >> 16) & 0x8000u, mantissa = x & 0x7FFFFFu;
    int32_t exponent = (int32_t)((x >> 23) & 0xFFu);
    if (exponent == 0xFF) { /* inf, or NaN with its top payload bits and the quiet bit */
        return (uint16_t)(sign | 0x7C00u | (mantissa ? 0x200u | (mantissa >> 13) : 0));
    }
    int32_t e = exponent - 127 + 15;
    if (e >= 31) return (uint16_t)(sign | 0x7C00u); /* beyond the largest finite: inf */
    if (e <= 0) {                                     /* a float16 subnormal, or zero */
        if (e < -10) return (uint16_t)sign;
        return (uint16_t)(sign | tix__round_shift(mantissa | 0x800000u, (uint32_t)(14 - e)));
    }
    /* A carry out of the rounded mantissa moves into the exponent, up to inf: as it should. */
    return (uint16_t)(sign | (((uint32_t)e << 10) + tix__round_shift(mantissa, 13)));
}

static inline float tix__bfloat16_to_float(uint16_t b) {
    uint32_t bits = (uint32_t)b << 16;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static inline uint16_t tix__float_to_bfloat16(float f) {
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    if ((x & 0x7FFFFFFFu) > 0x7F800000u) return (uint16_t)((x >> 16) | 0x40u); /* quiet NaN */
    return (uint16_t)(tix__round_shift(x, 16));
}

#endif /* TIX_FLOAT16_H */
