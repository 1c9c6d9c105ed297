#ifndef FLIPBOOK_BILINEAR_SHIFT_H
#define FLIPBOOK_BILINEAR_SHIFT_H

#include <stddef.h>
#include <stdint.h>

/// Resamples a `width` × `height` plane of 8-bit alpha (rows `source_stride` bytes apart) as
/// pixman's bilinear filter samples it at a sub-pixel translation, into `target`: (width + 1) ×
/// (height + 1) bytes, rows `target_stride` apart. Target pixel (i, j) blends source pixels
/// (i − 1, j − 1), (i, j − 1), (i − 1, j) and (i, j), those outside the plane counting as 0, with
/// pixman's 7-bit weights `wx`, `wy` (0...127) of the right and lower pixels:
///
///     a = Σ pixel · (x-weight · y-weight), the weights 2·w and 256 − 2·w;  target = a >> 16
///
/// which is `bilinear_interpolation` in pixman-inlines.h for the alpha channel (truncated, no
/// rounding). Masking with the result at a whole-pixel offset gives the bytes that masking with
/// the source at the fractional offset does, at the cost of a fast path instead of pixman's
/// general bilinear fetch (CairoCommandRunner+Shadow.swift derives the weights). Returns 0, or
/// −1 (target untouched) when out of memory.
int flipbook_bilinear_shift_a8(const uint8_t *source, size_t width, size_t height, size_t source_stride,
                               uint8_t *target, size_t target_stride, uint32_t wx, uint32_t wy);

#endif
