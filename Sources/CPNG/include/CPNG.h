// CPNG: the only place flipbook touches libpng. Every libpng error is caught here with setjmp
// and returned as a status, so nothing ever longjmps through Swift or aborts the process.
#ifndef FLIPBOOK_CPNG_H
#define FLIPBOOK_CPNG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/// How the source pixels are laid out in memory.
typedef enum {
    /// Cairo's CAIRO_FORMAT_ARGB32: one native-endian uint32 per pixel, alpha premultiplied.
    CPNG_SOURCE_ARGB32_PREMULTIPLIED = 0,
    /// Bytes r, g, b, a per pixel, straight alpha.
    CPNG_SOURCE_RGBA8 = 1,
} cpng_source_format;

/// What the PNG stores.
typedef enum {
    /// 8-bit RGB; alpha is dropped (use only when every pixel is opaque).
    CPNG_OUTPUT_RGB = 0,
    /// 8-bit RGBA with straight alpha.
    CPNG_OUTPUT_RGBA = 1,
} cpng_output_format;

/// PNG row filters (the same bits as libpng's PNG_FILTER_*); OR them for adaptive filtering.
enum {
    CPNG_FILTER_NONE = 0x08,
    CPNG_FILTER_SUB = 0x10,
    CPNG_FILTER_UP = 0x20,
    CPNG_FILTER_AVERAGE = 0x40,
    CPNG_FILTER_PAETH = 0x80,
    CPNG_FILTER_ALL = 0xF8,
};

/// Result codes.
enum {
    CPNG_OK = 0,
    /// The OS refused a read or write; `os_errno` says why.
    CPNG_ERROR_IO = 1,
    /// libpng reported an error; `message` holds its text.
    CPNG_ERROR_LIBPNG = 2,
    CPNG_ERROR_NO_MEMORY = 3,
    /// A bad argument (size, stride, buffer too small, unknown format); `message` says which.
    CPNG_ERROR_ARGUMENT = 4,
    /// The image declares more pixels than the caller's limit; nothing was decoded.
    CPNG_ERROR_TOO_LARGE = 5,
};

typedef struct {
    int code;
    int os_errno;
    char message[256];
} cpng_status;

/// A borrowed view of pixels to encode.
typedef struct {
    const uint8_t *pixels;
    size_t stride;          // bytes from one row to the next
    uint32_t width;         // pixels
    uint32_t height;        // pixels
    cpng_source_format format;
} cpng_image_source;

typedef struct {
    int compression_level;  // zlib level 0...9
    int filters;            // CPNG_FILTER_* bits
    cpng_output_format output;
} cpng_write_options;

/// Bytes needed for one converted row of `width` pixels in `output` format.
size_t cpng_row_buffer_size(uint32_t width, cpng_output_format output);

/// Opaque ARGB32 pixels to r, g, b bytes (alpha dropped), as the PNG encoders convert rows:
/// with SSSE3 when the CPU has it and `allow_ssse3` is not 0, else a portable loop; both give
/// the same bytes (tests compare them).
void cpng_argb32_to_rgb(const uint32_t *src, uint32_t width, uint8_t *dst, int allow_ssse3);

/// Whether opaque ARGB32 pixels convert to the r, g, b bytes `rgb` (1) or not (0): the band
/// encoder's check before it reuses a band (with SSSE3 when the CPU has it; tests hold it to
/// the definition).
int cpng_argb32_equals_rgb(const uint32_t *src, uint32_t width, const uint8_t *rgb);

/// Encodes `source` as a PNG into `file`, converting one row at a time into `row_buffer`
/// (at least cpng_row_buffer_size bytes, reused by the caller). Does not close `file`.
/// Returns CPNG_OK or an error code, with details in `status`.
int cpng_write(FILE *file, const cpng_image_source *source, const cpng_write_options *options,
               uint8_t *row_buffer, size_t row_buffer_size, cpng_status *status);

/// A decoded PNG, always expanded to 8-bit RGBA with straight alpha.
typedef struct {
    uint32_t width;
    uint32_t height;
    int has_alpha;          // the file stores an alpha channel (or tRNS)
    int is_color;           // the file stores colour (not greyscale)
    uint8_t *rgba;          // width * height * 4 bytes, owned; free with cpng_decoded_free
} cpng_decoded;

/// Reads the PNG at `path` with libpng. On success fills `out`; free it with cpng_decoded_free.
/// When `max_pixels` is not 0, an image whose header declares more pixels (width × height) is
/// refused with CPNG_ERROR_TOO_LARGE before any pixel is decoded; `out` then holds its size.
int cpng_read_file(const char *path, uint64_t max_pixels, cpng_decoded *out, cpng_status *status);

void cpng_decoded_free(cpng_decoded *decoded);

#include "cpng_memory.h"
#include "cpng_checksum.h"
#include "cpng_yuv.h"

#endif
