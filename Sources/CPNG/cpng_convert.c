// Pixel rows from the renderer's layout to PNG's: the one place straight alpha is computed.
#include "cpng_convert.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <tmmintrin.h>
#define CPNG_HAVE_SSSE3_PATH 1

int cpng_cpu_has_ssse3(void) {
    static int known = -1;  // −1: not asked yet
    int value = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (value < 0) {
        unsigned a, b, c, d;
        value = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSSE3) ? 1 : 0;
        __atomic_store_n(&known, value, __ATOMIC_RELAXED);
    }
    return value;
}

/// Pixels [0, returned) of an opaque ARGB32 row as r, g, b with pshufb: four pixels a step,
/// stored as 16 bytes of which 12 count (the next step overwrites the other 4), so it stops
/// while two more pixels' room remains. The same bytes as the scalar loop: only moves.
__attribute__((target("ssse3")))
static uint32_t argb32_to_rgb_ssse3(const uint32_t *src, uint32_t width, uint8_t *dst) {
    const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    uint32_t x = 0;
    for (; x + 6 <= width; x += 4, dst += 12) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(src + x));
        _mm_storeu_si128((__m128i *)(void *)dst, _mm_shuffle_epi8(v, order));
    }
    return x;
}

/// Whether pixels [0, returned) of an opaque ARGB32 row convert to `rgb`, four at a time as
/// above (16 bytes of `rgb` read, 12 compared), stopping at the first step that differs.
__attribute__((target("ssse3")))
static uint32_t argb32_equals_rgb_ssse3(const uint32_t *src, uint32_t width, const uint8_t *rgb, int *equal) {
    const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    uint32_t x = 0;
    // Sixteen pixels a step while there is room (one branch for four compares), then four.
    for (; x + 18 <= width; x += 16, rgb += 48) {
        __m128i same = _mm_set1_epi8(-1);
        for (int k = 0; k < 4; k++) {
            __m128i v = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(src + x + 4 * k)), order);
            same = _mm_and_si128(same, _mm_cmpeq_epi8(v, _mm_loadu_si128((const __m128i *)(const void *)(rgb + 12 * k))));
        }
        if ((_mm_movemask_epi8(same) & 0x0FFF) != 0x0FFF) {
            *equal = 0;
            return x;
        }
    }
    for (; x + 6 <= width; x += 4, rgb += 12) {
        __m128i v = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(src + x)), order);
        __m128i same = _mm_cmpeq_epi8(v, _mm_loadu_si128((const __m128i *)(const void *)rgb));
        if ((_mm_movemask_epi8(same) & 0x0FFF) != 0x0FFF) {
            *equal = 0;
            return x;
        }
    }
    return x;
}
#endif

// Straight alpha from premultiplied: c = round(c' * 255 / a), in integers so every machine
// gets the same bytes; clamped because a premultiplied value may exceed its alpha by rounding.
static inline uint8_t unpremultiply(uint32_t value, uint32_t alpha) {
    uint32_t c = (value * 255 + alpha / 2) / alpha;
    return (uint8_t)(c > 255 ? 255 : c);
}

void cpng_argb32_to_rgb(const uint32_t *src, uint32_t width, uint8_t *dst, int allow_ssse3) {
    uint32_t x = 0;
#if defined(CPNG_HAVE_SSSE3_PATH)
    if (allow_ssse3 && cpng_cpu_has_ssse3()) {
        x = argb32_to_rgb_ssse3(src, width, dst);
        dst += 3 * (size_t)x;
    }
#else
    (void)allow_ssse3;
#endif
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    // Four pixels at a time: byte-swapped, 0xAARRGGBB is 0x00BBGGRR, whose three low bytes
    // in memory order are r, g, b; twelve bytes go out in one 8- and one 4-byte store.
    for (; x + 4 <= width; x += 4, dst += 12) {
        uint64_t p0 = __builtin_bswap32(src[x]) >> 8, p1 = __builtin_bswap32(src[x + 1]) >> 8;
        uint64_t p2 = __builtin_bswap32(src[x + 2]) >> 8;
        uint32_t p3 = __builtin_bswap32(src[x + 3]) >> 8;
        uint64_t low = p0 | p1 << 24 | p2 << 48;
        uint32_t high = (uint32_t)(p2 >> 16) | p3 << 8;
        memcpy(dst, &low, 8);
        memcpy(dst + 8, &high, 4);
    }
#endif
    for (; x < width; x++, dst += 3) {
        uint32_t v = src[x];
        dst[0] = (uint8_t)(v >> 16);
        dst[1] = (uint8_t)(v >> 8);
        dst[2] = (uint8_t)v;
    }
}

static void convert_argb32_row(const uint32_t *src, uint32_t width, cpng_output_format output, uint8_t *dst) {
    if (output == CPNG_OUTPUT_RGB) {
        cpng_argb32_to_rgb(src, width, dst, 1);
        return;
    }
    for (uint32_t x = 0; x < width; x++, dst += 4) {
        uint32_t v = src[x];
        uint32_t a = v >> 24;
        if (a == 255) {
            dst[0] = (uint8_t)(v >> 16); dst[1] = (uint8_t)(v >> 8); dst[2] = (uint8_t)v; dst[3] = 255;
        } else if (a == 0) {
            dst[0] = 0; dst[1] = 0; dst[2] = 0; dst[3] = 0;
        } else {
            dst[0] = unpremultiply((v >> 16) & 0xFF, a);
            dst[1] = unpremultiply((v >> 8) & 0xFF, a);
            dst[2] = unpremultiply(v & 0xFF, a);
            dst[3] = (uint8_t)a;
        }
    }
}

int cpng_argb32_equals_rgba(const uint32_t *src, uint32_t width, const uint8_t *rgba) {
    for (uint32_t x = 0; x < width; x++, rgba += 4) {
        uint32_t v = src[x], a = v >> 24;
        if (rgba[3] != a) return 0;
        if (a == 255) {
            if (rgba[0] != (uint8_t)(v >> 16) || rgba[1] != (uint8_t)(v >> 8) || rgba[2] != (uint8_t)v) return 0;
        } else if (a == 0) {
            if (rgba[0] | rgba[1] | rgba[2]) return 0;
        } else if (rgba[0] != unpremultiply((v >> 16) & 0xFF, a) || rgba[1] != unpremultiply((v >> 8) & 0xFF, a) ||
                   rgba[2] != unpremultiply(v & 0xFF, a)) {
            return 0;
        }
    }
    return 1;
}

static void convert_rgba8_row(const uint8_t *src, uint32_t width, cpng_output_format output, uint8_t *dst) {
    if (output == CPNG_OUTPUT_RGBA) {
        memcpy(dst, src, (size_t)width * 4);
        return;
    }
    for (uint32_t x = 0; x < width; x++, src += 4, dst += 3) {
        dst[0] = src[0]; dst[1] = src[1]; dst[2] = src[2];
    }
}

void cpng_convert_row(const cpng_image_source *source, uint32_t y, cpng_output_format output, uint8_t *dst) {
    const uint8_t *row = source->pixels + (size_t)y * source->stride;
    if (source->format == CPNG_SOURCE_ARGB32_PREMULTIPLIED) {
        convert_argb32_row((const uint32_t *)(const void *)row, source->width, output, dst);
    } else {
        convert_rgba8_row(row, source->width, output, dst);
    }
}

int cpng_argb32_equals_rgb(const uint32_t *src, uint32_t width, const uint8_t *rgb) {
    uint32_t x = 0;
    int equal = 1;
#if defined(CPNG_HAVE_SSSE3_PATH)
    if (cpng_cpu_has_ssse3()) {
        x = argb32_equals_rgb_ssse3(src, width, rgb, &equal);
        if (!equal) return 0;
        rgb += 3 * (size_t)x;
    }
#endif
    for (; x < width; x++, rgb += 3) {
        uint32_t v = src[x];
        if (rgb[0] != (uint8_t)(v >> 16) || rgb[1] != (uint8_t)(v >> 8) || rgb[2] != (uint8_t)v) return 0;
    }
    return 1;
}
