// flipbook's own deflate encoder for PNG rows (private to CPNG): greedy LZ77 plus one dynamic
// Huffman block per segment: smaller than zlib level 1 and about twice as fast on frames.
//
// PNG-specific: besides a one-entry hash table of 4-byte sequences, every position tries the
// pixel to its left (distance = bytes per pixel) and the pixel above (distance = one row), the
// two matches that make unfiltered image rows compress. Plain C with no CPU dispatch, so the
// bytes are the same on every machine, compiler flag and thread.
#ifndef FLIPBOOK_CPNG_DEFLATE_H
#define FLIPBOOK_CPNG_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

typedef struct cpng_deflater cpng_deflater;

/// A new deflater (its hash table and symbol buffer), or NULL when out of memory.
cpng_deflater *cpng_deflater_create(void);

void cpng_deflater_free(cpng_deflater *deflater);

/// The most bytes cpng_deflate_band writes for `length` input bytes.
size_t cpng_deflate_bound(size_t length);

/// Compresses `length` bytes of `data` (rows of `row_bytes` bytes, pixels of `pixel_bytes`)
/// as raw deflate blocks into `out` (cpng_deflate_bound(length) bytes): none is final, and
/// the last is an empty stored block, so the data ends on a byte boundary as after zlib's
/// Z_SYNC_FLUSH. Starts from an empty window: the bytes depend only on the arguments.
/// Returns the bytes written.
size_t cpng_deflate_band(cpng_deflater *deflater, const uint8_t *data, size_t length, size_t row_bytes,
                         size_t pixel_bytes, uint8_t *out);

#endif
