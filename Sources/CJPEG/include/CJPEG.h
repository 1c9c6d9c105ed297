// CJPEG: the only place flipbook touches libjpeg(-turbo). Its errors longjmp back here and
// come out as a status, so nothing ever longjmps through Swift or exits the process.
#ifndef FLIPBOOK_CJPEG_H
#define FLIPBOOK_CJPEG_H

#include <stddef.h>
#include <stdint.h>

enum {
    CJPEG_OK = 0,
    /// The file could not be opened or read; `os_errno` says why.
    CJPEG_ERROR_IO = 1,
    /// libjpeg rejected the data (not a JPEG, truncated, corrupt); `message` holds its text.
    CJPEG_ERROR_DECODE = 2,
    CJPEG_ERROR_NO_MEMORY = 3,
    /// The header declares more pixels than the caller's limit; nothing was decoded.
    CJPEG_ERROR_TOO_LARGE = 4,
};

typedef struct {
    int code;
    int os_errno;
    char message[200];
} cjpeg_status;

typedef struct {
    uint32_t width;         // pixels
    uint32_t height;        // pixels
    uint8_t *rgba;          // width * height * 4 bytes (alpha 255), owned; free with cjpeg_decoded_free
} cjpeg_decoded;

/// Decodes the baseline or progressive JPEG at `path` to RGBA (greyscale and CMYK converted to
/// RGB). When `max_pixels` is not 0, a larger image is refused after its header is read, with
/// its size in `out`. A truncated file is an error, not a grey bottom as libjpeg would draw it.
int cjpeg_read_file(const char *path, uint64_t max_pixels, cjpeg_decoded *out, cjpeg_status *status);

void cjpeg_decoded_free(cjpeg_decoded *decoded);

#endif
