// A PNG file assembled in memory from pieces of its zlib stream (private to CPNG).
#ifndef FLIPBOOK_CPNG_PNG_FILE_H
#define FLIPBOOK_CPNG_PNG_FILE_H

#include "CPNG.h"

/// A growable buffer the file is written into; reused from one file to the next.
typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
} cpng_file_buffer;

/// Raw deflate blocks that end on a byte boundary, none final (a sync flush ends them), with
/// what the file needs to know of them without reading them again.
typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
    unsigned long crc;          // CRC-32 of `bytes`
    unsigned long adler;        // Adler-32 of the data they inflate to
    size_t raw_length;          // bytes they inflate to
} cpng_deflate_piece;

/// Replaces `file`'s contents with an 8-bit, non-interlaced PNG in `output` format: the
/// signature, IHDR, IDAT chunks of at most `chunk_limit` bytes holding one zlib stream (the
/// header for `level`, the pieces in order, an empty final block, the combined Adler-32), IEND.
int cpng_assemble_png(cpng_file_buffer *file, uint32_t width, uint32_t height, cpng_output_format output,
                      int level, const cpng_deflate_piece *pieces, uint32_t count, uint32_t chunk_limit,
                      cpng_status *status);

#endif
