// Adler-32 (RFC 1950): a = 1 + the sum of the bytes, b = the sum of the a's, both mod 65521.
// Sums are reduced every NMAX bytes, the most for which b cannot overflow 32 bits.
#include "cpng_checksum.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum { BASE = 65521, NMAX = 5552 };

uint32_t cpng_adler32_scalar(uint32_t adler, const uint8_t *data, size_t length) {
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
    while (length > 0) {
        size_t n = length < NMAX ? length : NMAX;
        length -= n;
        while (n--) {
            a += *data++;
            b += a;
        }
        a %= BASE;
        b %= BASE;
    }
    return a | b << 16;
}

#if defined(__SSE2__)
/// Horizontal sum of four 32-bit lanes.
static inline uint64_t lanes(__m128i v) {
    uint32_t x[4];
    _mm_storeu_si128((__m128i *)(void *)x, v);
    return (uint64_t)x[0] + x[1] + x[2] + x[3];
}

uint32_t cpng_adler32(uint32_t adler, const uint8_t *data, size_t length) {
    uint64_t a = adler & 0xFFFF, b = adler >> 16;
    const __m128i zero = _mm_setzero_si128();
    // Byte i of 16 weighs 16 − i in b: the chunk's own share; earlier chunks add 16 × their sums.
    const __m128i weights_low = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
    const __m128i weights_high = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
    while (length >= 16) {
        size_t block = (length < NMAX ? length : NMAX) & ~(size_t)15;
        length -= block;
        b += a * block;
        __m128i sum = zero, sum_before = zero, weighted = zero;
        for (size_t k = 0; k < block; k += 16, data += 16) {
            __m128i x = _mm_loadu_si128((const __m128i *)(const void *)data);
            sum_before = _mm_add_epi32(sum_before, sum);
            sum = _mm_add_epi32(sum, _mm_sad_epu8(x, zero));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpacklo_epi8(x, zero), weights_low));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpackhi_epi8(x, zero), weights_high));
        }
        b += 16 * lanes(sum_before) + lanes(weighted);
        a += lanes(sum);
        a %= BASE;
        b %= BASE;
    }
    return cpng_adler32_scalar((uint32_t)(a | b << 16), data, length);
}
#else
uint32_t cpng_adler32(uint32_t adler, const uint8_t *data, size_t length) {
    return cpng_adler32_scalar(adler, data, length);
}
#endif
