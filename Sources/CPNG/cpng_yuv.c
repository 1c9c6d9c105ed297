// BT.709 YUV 4:2:0 (see cpng_yuv.h; the coefficients are derived in YUV420Converter.swift).
#include "cpng_yuv.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#define CPNG_HAVE_AVX2_PATH 1
#endif

enum {
    Y_R = 11966, Y_G = 40254, Y_B = 4064,
    U_R = -6596, U_G = -22189, U_B = 28785,
    V_R = 28784, V_G = -26145, V_B = -2639,
};

static inline uint8_t clamp_byte(int32_t v) { return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v); }

static inline uint8_t luma(uint32_t p, int32_t *r, int32_t *g, int32_t *b) {
    int32_t pr = (int32_t)((p >> 16) & 0xFF), pg = (int32_t)((p >> 8) & 0xFF), pb = (int32_t)(p & 0xFF);
    *r += pr; *g += pg; *b += pb;
    return (uint8_t)(16 + ((Y_R * pr + Y_G * pg + Y_B * pb + (1 << 15)) >> 16));
}

/// Blocks [from, to) of one block row, one at a time (the definition).
static void blocks_scalar(const uint32_t *top, const uint32_t *bottom, uint32_t last_x, uint32_t from, uint32_t to,
                          uint8_t *luma_top, uint8_t *luma_bottom, uint8_t *u_row, uint8_t *v_row) {
    for (uint32_t bx = from; bx < to; bx++) {
        uint32_t left = 2 * bx, right = 2 * bx + 1 < last_x ? 2 * bx + 1 : last_x;
        int32_t r = 0, g = 0, b = 0;
        luma_top[left] = luma(top[left], &r, &g, &b);
        luma_top[left + 1] = luma(top[right], &r, &g, &b);
        luma_bottom[left] = luma(bottom[left], &r, &g, &b);
        luma_bottom[left + 1] = luma(bottom[right], &r, &g, &b);
        u_row[bx] = clamp_byte(128 + ((U_R * r + U_G * g + U_B * b + (1 << 17)) >> 18));
        v_row[bx] = clamp_byte(128 + ((V_R * r + V_G * g + V_B * b + (1 << 17)) >> 18));
    }
}

#if defined(__SSE2__)
/// Eight pixels' channels as 16-bit lanes.
static inline void channels(const uint32_t *p, __m128i *r, __m128i *g, __m128i *b) {
    const __m128i byte = _mm_set1_epi32(0xFF);
    __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)p);
    __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(p + 4));
    *r = _mm_packs_epi32(_mm_and_si128(_mm_srli_epi32(lo, 16), byte), _mm_and_si128(_mm_srli_epi32(hi, 16), byte));
    *g = _mm_packs_epi32(_mm_and_si128(_mm_srli_epi32(lo, 8), byte), _mm_and_si128(_mm_srli_epi32(hi, 8), byte));
    *b = _mm_packs_epi32(_mm_and_si128(lo, byte), _mm_and_si128(hi, byte));
}

/// 16 + (Y_R r + Y_G g + Y_B b + 2^15) >> 16 for eight pixels, as bytes in the low 8 lanes.
/// Y_G does not fit a signed 16-bit lane: it is multiplied as Y_G − 65536 and g << 16 added.
static inline __m128i luma8(__m128i r, __m128i g, __m128i b) {
    const __m128i rg = _mm_setr_epi16(Y_R, Y_G - 65536, Y_R, Y_G - 65536, Y_R, Y_G - 65536, Y_R, Y_G - 65536);
    const __m128i b0 = _mm_setr_epi16(Y_B, 0, Y_B, 0, Y_B, 0, Y_B, 0);
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi32(1 << 15), sixteen = _mm_set1_epi32(16);
    __m128i out[2];
    for (int k = 0; k < 2; k++) {
        __m128i pairs = k ? _mm_unpackhi_epi16(r, g) : _mm_unpacklo_epi16(r, g);
        __m128i blue = k ? _mm_unpackhi_epi16(b, zero) : _mm_unpacklo_epi16(b, zero);
        __m128i green = k ? _mm_unpackhi_epi16(g, zero) : _mm_unpacklo_epi16(g, zero);
        __m128i sum = _mm_add_epi32(_mm_madd_epi16(pairs, rg), _mm_madd_epi16(blue, b0));
        sum = _mm_add_epi32(_mm_add_epi32(sum, _mm_slli_epi32(green, 16)), half);
        out[k] = _mm_add_epi32(_mm_srai_epi32(sum, 16), sixteen);
    }
    return _mm_packus_epi16(_mm_packs_epi32(out[0], out[1]), zero);
}

/// 128 + (c_R ΣR + c_G ΣG + c_B ΣB + 2^17) >> 18, clamped, for four blocks' sums (32-bit lanes).
static inline __m128i chroma4(__m128i sr, __m128i sg, __m128i sb, int16_t cr, int16_t cg, int16_t cb) {
    const __m128i zero = _mm_setzero_si128();
    __m128i r16 = _mm_packs_epi32(sr, zero), g16 = _mm_packs_epi32(sg, zero), b16 = _mm_packs_epi32(sb, zero);
    __m128i rg = _mm_madd_epi16(_mm_unpacklo_epi16(r16, g16), _mm_setr_epi16(cr, cg, cr, cg, cr, cg, cr, cg));
    __m128i bb = _mm_madd_epi16(_mm_unpacklo_epi16(b16, zero), _mm_setr_epi16(cb, 0, cb, 0, cb, 0, cb, 0));
    __m128i sum = _mm_add_epi32(_mm_add_epi32(rg, bb), _mm_set1_epi32(1 << 17));
    __m128i value = _mm_add_epi32(_mm_srai_epi32(sum, 18), _mm_set1_epi32(128));
    return _mm_packus_epi16(_mm_packs_epi32(value, zero), zero);
}

/// Sums of horizontal pairs of 16-bit lanes, as four 32-bit lanes.
static inline __m128i pair_sums(__m128i v) { return _mm_madd_epi16(v, _mm_set1_epi16(1)); }

/// Four whole blocks (eight columns from 2 × bx) of one block row.
static inline void blocks4(const uint32_t *top, const uint32_t *bottom, uint8_t *luma_top, uint8_t *luma_bottom,
                           uint8_t *u, uint8_t *v) {
    __m128i tr, tg, tb, br, bg, bb;
    channels(top, &tr, &tg, &tb);
    channels(bottom, &br, &bg, &bb);
    _mm_storel_epi64((__m128i *)(void *)luma_top, luma8(tr, tg, tb));
    _mm_storel_epi64((__m128i *)(void *)luma_bottom, luma8(br, bg, bb));
    __m128i sr = pair_sums(_mm_add_epi16(tr, br)), sg = pair_sums(_mm_add_epi16(tg, bg)), sb = pair_sums(_mm_add_epi16(tb, bb));
    int32_t us = _mm_cvtsi128_si32(chroma4(sr, sg, sb, U_R, U_G, U_B));
    int32_t vs = _mm_cvtsi128_si32(chroma4(sr, sg, sb, V_R, V_G, V_B));
    for (int k = 0; k < 4; k++) {
        u[k] = (uint8_t)(us >> (8 * k));
        v[k] = (uint8_t)(vs >> (8 * k));
    }
}
#endif

#if defined(CPNG_HAVE_AVX2_PATH)
/// Whether the CPU and the OS support AVX2 (cpuid leaf 7, and YMM state enabled in XCR0),
/// asked once.
static int cpu_has_avx2(void) {
    static int known = -1;  // −1: not asked yet
    int value = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (value < 0) {
        unsigned a, b, c, d;
        value = 0;
        if (__get_cpuid(1, &a, &b, &c, &d) && (c & bit_OSXSAVE) && (c & bit_AVX)) {
            unsigned lo, hi;
            __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
            if ((lo & 6) == 6 && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_AVX2)) value = 1;
        }
        __atomic_store_n(&known, value, __ATOMIC_RELAXED);
    }
    return value;
}

/// Sixteen pixels' channels as 16-bit lanes in pixel order: pixels 0–7 in the low 128 bits,
/// 8–15 in the high (packs works within 128-bit lanes; the permute puts them back in order).
__attribute__((target("avx2")))
static inline void channels16(const uint32_t *p, __m256i *r, __m256i *g, __m256i *b) {
    const __m256i byte = _mm256_set1_epi32(0xFF);
    __m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)p);
    __m256i hi = _mm256_loadu_si256((const __m256i *)(const void *)(p + 8));
    *r = _mm256_permute4x64_epi64(_mm256_packs_epi32(_mm256_and_si256(_mm256_srli_epi32(lo, 16), byte),
                                                     _mm256_and_si256(_mm256_srli_epi32(hi, 16), byte)), 0xD8);
    *g = _mm256_permute4x64_epi64(_mm256_packs_epi32(_mm256_and_si256(_mm256_srli_epi32(lo, 8), byte),
                                                     _mm256_and_si256(_mm256_srli_epi32(hi, 8), byte)), 0xD8);
    *b = _mm256_permute4x64_epi64(_mm256_packs_epi32(_mm256_and_si256(lo, byte), _mm256_and_si256(hi, byte)), 0xD8);
}

/// `luma8` on each 128-bit lane: sixteen Y bytes, in order.
__attribute__((target("avx2")))
static inline __m128i luma16(__m256i r, __m256i g, __m256i b) {
    const __m256i rg = _mm256_setr_epi16(Y_R, Y_G - 65536, Y_R, Y_G - 65536, Y_R, Y_G - 65536, Y_R, Y_G - 65536,
                                         Y_R, Y_G - 65536, Y_R, Y_G - 65536, Y_R, Y_G - 65536, Y_R, Y_G - 65536);
    const __m256i b0 = _mm256_setr_epi16(Y_B, 0, Y_B, 0, Y_B, 0, Y_B, 0, Y_B, 0, Y_B, 0, Y_B, 0, Y_B, 0);
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi32(1 << 15), sixteen = _mm256_set1_epi32(16);
    __m256i out[2];
    for (int k = 0; k < 2; k++) {
        __m256i pairs = k ? _mm256_unpackhi_epi16(r, g) : _mm256_unpacklo_epi16(r, g);
        __m256i blue = k ? _mm256_unpackhi_epi16(b, zero) : _mm256_unpacklo_epi16(b, zero);
        __m256i green = k ? _mm256_unpackhi_epi16(g, zero) : _mm256_unpacklo_epi16(g, zero);
        __m256i sum = _mm256_add_epi32(_mm256_madd_epi16(pairs, rg), _mm256_madd_epi16(blue, b0));
        sum = _mm256_add_epi32(_mm256_add_epi32(sum, _mm256_slli_epi32(green, 16)), half);
        out[k] = _mm256_add_epi32(_mm256_srai_epi32(sum, 16), sixteen);
    }
    // Each lane: its eight Y bytes in the low half; gather the two low halves.
    __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(out[0], out[1]), zero);
    return _mm256_castsi256_si128(_mm256_permute4x64_epi64(bytes, 0x08));
}

/// `chroma4` on each 128-bit lane: eight blocks' values (four per lane), in order.
__attribute__((target("avx2")))
static inline uint64_t chroma8(__m256i sr, __m256i sg, __m256i sb, int16_t cr, int16_t cg, int16_t cb) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i r16 = _mm256_packs_epi32(sr, zero), g16 = _mm256_packs_epi32(sg, zero), b16 = _mm256_packs_epi32(sb, zero);
    __m256i rg = _mm256_madd_epi16(_mm256_unpacklo_epi16(r16, g16),
                                   _mm256_setr_epi16(cr, cg, cr, cg, cr, cg, cr, cg, cr, cg, cr, cg, cr, cg, cr, cg));
    __m256i bb = _mm256_madd_epi16(_mm256_unpacklo_epi16(b16, zero),
                                   _mm256_setr_epi16(cb, 0, cb, 0, cb, 0, cb, 0, cb, 0, cb, 0, cb, 0, cb, 0));
    __m256i sum = _mm256_add_epi32(_mm256_add_epi32(rg, bb), _mm256_set1_epi32(1 << 17));
    __m256i value = _mm256_add_epi32(_mm256_srai_epi32(sum, 18), _mm256_set1_epi32(128));
    __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(value, zero), zero);
    uint32_t low = (uint32_t)_mm256_cvtsi256_si32(bytes);
    uint32_t high = (uint32_t)_mm_cvtsi128_si32(_mm256_extracti128_si256(bytes, 1));
    return (uint64_t)low | (uint64_t)high << 32;
}

/// Eight whole blocks (sixteen columns) of one block row.
__attribute__((target("avx2")))
static inline void blocks8(const uint32_t *top, const uint32_t *bottom, uint8_t *luma_top, uint8_t *luma_bottom,
                           uint8_t *u, uint8_t *v) {
    __m256i tr, tg, tb, br, bg, bb;
    channels16(top, &tr, &tg, &tb);
    channels16(bottom, &br, &bg, &bb);
    _mm_storeu_si128((__m128i *)(void *)luma_top, luma16(tr, tg, tb));
    _mm_storeu_si128((__m128i *)(void *)luma_bottom, luma16(br, bg, bb));
    const __m256i ones = _mm256_set1_epi16(1);
    __m256i sr = _mm256_madd_epi16(_mm256_add_epi16(tr, br), ones);
    __m256i sg = _mm256_madd_epi16(_mm256_add_epi16(tg, bg), ones);
    __m256i sb = _mm256_madd_epi16(_mm256_add_epi16(tb, bb), ones);
    uint64_t us = chroma8(sr, sg, sb, U_R, U_G, U_B), vs = chroma8(sr, sg, sb, V_R, V_G, V_B);
    memcpy(u, &us, 8);
    memcpy(v, &vs, 8);
}

/// Whole blocks [0, returned) of one block row, eight at a time. Ends with `vzeroupper`, so
/// that the SSE code that runs next (Cairo's, pixman's, the rest of this row) pays no
/// AVX–SSE transition penalty.
__attribute__((target("avx2")))
static uint32_t blocks_avx2(const uint32_t *top, const uint32_t *bottom, uint32_t whole,
                            uint8_t *luma_top, uint8_t *luma_bottom, uint8_t *u_row, uint8_t *v_row) {
    uint32_t bx = 0;
    for (; bx + 8 <= whole; bx += 8) {
        blocks8(top + 2 * bx, bottom + 2 * bx, luma_top + 2 * bx, luma_bottom + 2 * bx, u_row + bx, v_row + bx);
    }
    _mm256_zeroupper();
    return bx;
}
#endif

void cpng_yuv420_path(const uint8_t *pixels, size_t stride, uint32_t image_width, uint32_t image_height,
                      uint32_t width, uint32_t height, uint8_t *planes, int path) {
    uint32_t chroma_width = width / 2, last_x = image_width - 1, last_y = image_height - 1;
    uint8_t *u_plane = planes + (size_t)width * height, *v_plane = u_plane + (size_t)chroma_width * (height / 2);
    // Blocks whose two columns are both inside the image; the rest repeat the last column.
    uint32_t whole = image_width / 2 < chroma_width ? image_width / 2 : chroma_width;
#if defined(CPNG_HAVE_AVX2_PATH)
    int avx2 = path >= CPNG_YUV_AVX2 && cpu_has_avx2();
#endif
    for (uint32_t by = 0; by < height / 2; by++) {
        uint32_t y0 = 2 * by < last_y ? 2 * by : last_y, y1 = 2 * by + 1 < last_y ? 2 * by + 1 : last_y;
        const uint32_t *top = (const uint32_t *)(const void *)(pixels + (size_t)y0 * stride);
        const uint32_t *bottom = (const uint32_t *)(const void *)(pixels + (size_t)y1 * stride);
        uint8_t *luma_top = planes + (size_t)2 * by * width, *luma_bottom = luma_top + width;
        uint8_t *u_row = u_plane + (size_t)by * chroma_width, *v_row = v_plane + (size_t)by * chroma_width;
        uint32_t bx = 0;
#if defined(CPNG_HAVE_AVX2_PATH)
        if (avx2) bx = blocks_avx2(top, bottom, whole, luma_top, luma_bottom, u_row, v_row);
#endif
#if defined(__SSE2__)
        if (path >= CPNG_YUV_SSE2) {
            for (; bx + 4 <= whole; bx += 4) {
                blocks4(top + 2 * bx, bottom + 2 * bx, luma_top + 2 * bx, luma_bottom + 2 * bx, u_row + bx, v_row + bx);
            }
        }
#endif
        blocks_scalar(top, bottom, last_x, bx, chroma_width, luma_top, luma_bottom, u_row, v_row);
    }
}

void cpng_yuv420(const uint8_t *pixels, size_t stride, uint32_t image_width, uint32_t image_height,
                 uint32_t width, uint32_t height, uint8_t *planes) {
    cpng_yuv420_path(pixels, stride, image_width, image_height, width, height, planes, CPNG_YUV_AVX2);
}
