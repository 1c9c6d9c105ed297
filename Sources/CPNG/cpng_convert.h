// Row conversion shared by the libpng writer and the band encoder (private to CPNG).
#ifndef FLIPBOOK_CPNG_CONVERT_H
#define FLIPBOOK_CPNG_CONVERT_H

#include "CPNG.h"

/// Converts row `y` of `source` into `dst` in `output` layout (cpng_row_buffer_size bytes):
/// premultiplied ARGB32 is unpremultiplied, RGB drops alpha.
void cpng_convert_row(const cpng_image_source *source, uint32_t y, cpng_output_format output, uint8_t *dst);

/// Whether an ARGB32 row of `width` pixels converts to the r, g, b bytes `rgb` (as
/// cpng_argb32_to_rgb would write them), without writing them.
int cpng_argb32_equals_rgb(const uint32_t *src, uint32_t width, const uint8_t *rgb);

/// Whether a premultiplied ARGB32 row converts to the straight-alpha r, g, b, a bytes `rgba`
/// (as the RGBA conversion would write them), stopping at the first pixel that differs.
int cpng_argb32_equals_rgba(const uint32_t *src, uint32_t width, const uint8_t *rgba);

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/// Whether the CPU has SSSE3 (pshufb, pmaddubsw), asked once: the row conversion's and
/// Adler-32's dispatch.
int cpng_cpu_has_ssse3(void);
#endif

#endif
