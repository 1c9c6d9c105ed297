// Sub-pixel shifts of an 8-bit plane with pixman's bilinear arithmetic (see
// include/bilinear_shift.h). The four-tap sum factors exactly into a horizontal blend of each
// row, h = left·(256 − x) + right·x (at most 255·256, 16 bits), and a vertical blend of two
// blended rows, above·(256 − y) + below·y (at most 255·2¹⁶, 32 bits): integer arithmetic
// whose result does not depend on how the loops are vectorised.
#include "bilinear_shift.h"

#include <stdlib.h>
#include <string.h>

/// Row `row` of the source blended horizontally into `out` (width + 1 values), or zeros for a
/// row outside the plane.
static void blend_row(const uint8_t *source, size_t width, size_t height, size_t stride, size_t row_plus_one,
                      uint32_t x, uint16_t *out) {
    if (row_plus_one == 0 || row_plus_one > height) {
        memset(out, 0, (width + 1) * sizeof *out);
        return;
    }
    const uint8_t *p = source + (row_plus_one - 1) * stride;
    const uint32_t ix = 256 - x;
    out[0] = (uint16_t)(p[0] * x);
    for (size_t i = 1; i < width; i++) out[i] = (uint16_t)(p[i - 1] * ix + p[i] * x);
    out[width] = (uint16_t)(p[width - 1] * ix);
}

int flipbook_bilinear_shift_a8(const uint8_t *source, size_t width, size_t height, size_t source_stride,
                               uint8_t *target, size_t target_stride, uint32_t wx, uint32_t wy) {
    if (width == 0 || height == 0) return 0;
    const uint32_t x = (wx & 127) << 1, y = (wy & 127) << 1, iy = 256 - y;
    uint16_t *rows = malloc(2 * (width + 1) * sizeof *rows);
    if (!rows) return -1;
    uint16_t *above = rows, *below = rows + width + 1;
    memset(above, 0, (width + 1) * sizeof *above);     // the row before the plane
    for (size_t j = 0; j <= height; j++) {
        blend_row(source, width, height, source_stride, j + 1, x, below);
        uint8_t *out = target + j * target_stride;
        for (size_t i = 0; i <= width; i++) out[i] = (uint8_t)(((uint32_t)above[i] * iy + (uint32_t)below[i] * y) >> 16);
        uint16_t *t = above; above = below; below = t;
    }
    free(rows);
    return 0;
}
