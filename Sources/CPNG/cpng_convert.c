// Pixel rows from the renderer's layout to PNG's: the one place straight alpha is computed.
#include "cpng_convert.h"

#include <string.h>

// Straight alpha from premultiplied: c = round(c' * 255 / a), in integers so every machine
// gets the same bytes; clamped because a premultiplied value may exceed its alpha by rounding.
static inline uint8_t unpremultiply(uint32_t value, uint32_t alpha) {
    uint32_t c = (value * 255 + alpha / 2) / alpha;
    return (uint8_t)(c > 255 ? 255 : c);
}

static void convert_argb32_row(const uint32_t *src, uint32_t width, cpng_output_format output, uint8_t *dst) {
    if (output == CPNG_OUTPUT_RGB) {
        uint32_t x = 0;
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
