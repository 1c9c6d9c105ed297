#ifndef FLIPBOOK_BOX_BLUR_H
#define FLIPBOOK_BOX_BLUR_H

#include <stddef.h>
#include <stdint.h>

// The module's other header, named here too: a module cache built before it existed (the
// module map is the include directory) then sees this header change and rebuilds.
#include "bilinear_shift.h"

/// Blurs a contiguous `width` × `height` plane of bytes in place with one box blur of each of
/// the `count` radii in turn, across then down; `scratch` is another plane of the same size and
/// `sums` room for `width` 32-bit column sums. Bytes beyond the plane's edges count as 0, and
/// each output byte is floor((sum + r) / (2r + 1)) of the 2r + 1 bytes around it (the sum
/// rounded to the nearest integer, halves up): integer results, the same on every machine.
void flipbook_box_blur(uint8_t *plane, uint8_t *scratch, uint32_t *sums, size_t width, size_t height,
                       const int32_t *radii, size_t count);

/// Forces the portable path (no SSE2) when `portable` is non-zero: for tests that hold both
/// paths to the same bytes.
void flipbook_box_blur_force_portable(int portable);

#endif
