/* float16 and bfloat16 <-> float32, round to nearest even, NaN kept NaN (and made quiet). */
#ifndef TIX_FLOAT16_H
#define TIX_FLOAT16_H

#include <stdint.h>
#include <string.h>

/* In 32-bit arithmetic throughout: on the 16-bit argument GCC made 16-bit instructions (partial
 * registers), and scatter_elements_add_dup's shape in float16 took 1.6x the time it takes now
 * without F16C (63 ms against 40). */
static inline float tix__half_to_float(uint16_t half) {
    uint32_t h = half, sign = (h & 0x8000u) << 16, magnitude = h & 0x7FFFu, bits;
    if (magnitude >= 0x7C00u) { /* inf or NaN: the widest exponent, the payload shifted up */
        bits = sign | 0x7F800000u | ((magnitude & 0x3FFu) << 13);
    } else if (magnitude >= 0x0400u) { /* normal: the exponent rebased from 15 to 127 */
        bits = sign | ((magnitude << 13) + (112u << 23));
    } else { /* subnormal or zero: the mantissa times 2^-24, exact (a normal float32 or 0) */
        float f = (float)magnitude * 0x1p-24f;
        memcpy(&bits, &f, sizeof bits);
        bits |= sign;
    }
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* Drops the low `shift` bits of m, rounding to nearest with ties to even: the dropped bits carry
 * into the kept ones exactly when they exceed half, or equal it under an odd kept part. In
 * arithmetic, not a test: which way a value rounds is as random as its low bits, and the
 * branch a test made missed often enough that scatter_elements_add_dup's shape took 7x
 * float32's time in bfloat16 (no caller's m is within 2^shift of 2^32: the sum cannot wrap). */
static inline uint32_t tix__round_shift(uint32_t m, uint32_t shift) {
    uint32_t half = 1u << (shift - 1), odd = (m >> shift) & 1u;
    return (m + (half - 1) + odd) >> shift;
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
