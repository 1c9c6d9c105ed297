// Adler-32 (RFC 1950): a = 1 + the sum of the bytes, b = the sum of the a's, both mod 65521.
// Sums are reduced every NMAX bytes, the most for which b cannot overflow 32 bits.
#include "cpng_checksum.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <tmmintrin.h>
#include "cpng_convert.h"
#define CPNG_HAVE_SSSE3_ADLER 1
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

uint32_t cpng_adler32_sse2(uint32_t adler, const uint8_t *data, size_t length) {
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
#endif

#if defined(CPNG_HAVE_SSSE3_ADLER)
/// 32 bytes a step: psadbw sums them into a; pmaddubsw weighs them 32 … 1 for b (pairs at
/// most 255 · 63, within 16 bits), pmaddwd widens, and earlier steps add 32 × their sums. The
/// 32-bit lanes stay below 2³² within NMAX bytes (the sums of sums: 173 steps of 4,080 each,
/// 173 times); b is reduced in 64 bits.
__attribute__((target("ssse3")))
static uint32_t adler32_ssse3(uint32_t adler, const uint8_t *data, size_t length) {
    uint64_t a = adler & 0xFFFF, b = adler >> 16;
    const __m128i zero = _mm_setzero_si128(), ones = _mm_set1_epi16(1);
    const __m128i first = _mm_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17);
    const __m128i second = _mm_setr_epi8(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    while (length >= 32) {
        size_t block = (length < NMAX ? length : NMAX) & ~(size_t)31;
        length -= block;
        b += a * block;
        __m128i sum = zero, sum_before = zero, weighted = zero;
        for (size_t k = 0; k < block; k += 32, data += 32) {
            __m128i x = _mm_loadu_si128((const __m128i *)(const void *)data);
            __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(data + 16));
            sum_before = _mm_add_epi32(sum_before, sum);
            sum = _mm_add_epi32(sum, _mm_add_epi32(_mm_sad_epu8(x, zero), _mm_sad_epu8(y, zero)));
            __m128i pairs = _mm_add_epi16(_mm_maddubs_epi16(x, first), _mm_maddubs_epi16(y, second));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(pairs, ones));
        }
        b += 32 * lanes(sum_before) + lanes(weighted);
        a += lanes(sum);
        a %= BASE;
        b %= BASE;
    }
    return cpng_adler32_sse2((uint32_t)(a | b << 16), data, length);
}

#endif

uint32_t cpng_adler32(uint32_t adler, const uint8_t *data, size_t length) {
#if defined(CPNG_HAVE_SSSE3_ADLER)
    if (cpng_cpu_has_ssse3()) return adler32_ssse3(adler, data, length);
#endif
#if defined(__SSE2__)
    return cpng_adler32_sse2(adler, data, length);
#else
    return cpng_adler32_scalar(adler, data, length);
#endif
}
