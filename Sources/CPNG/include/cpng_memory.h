// Encoding PNGs into memory: band-wise with zlib (the export's fast path, for frames that share
// most rows with the one before), or with libpng for the row filters the band encoder lacks.
//
// Band-wise, the image is cut into horizontal bands of rows by content (cpng_bands.c): about
// 64 KiB of filtered rows a band, a cut wherever a hash of two differing neighbouring rows
// picks it. Each band's rows (filter byte 0, then the pixels) are deflated as an independent
// raw stream — a fresh window, ended on a byte boundary — and the IDAT data is the zlib
// header, every band's bytes in order, an empty final block and the Adler-32 of all rows
// (combined from the bands'). A band never refers to another, and its cuts depend only on the
// rows around them, so its compressed bytes depend only on its own pixels: the encoder keeps
// the previous image's bands (filtered rows and bytes) and reuses the bytes of any band whose rows
// appear again, at the same place or moved (a scroll), and the file is byte for byte what
// compressing every band afresh gives. Level 1 uses flipbook's own deflate (cpng_deflate.h),
// other levels zlib.
#ifndef FLIPBOOK_CPNG_MEMORY_H
#define FLIPBOOK_CPNG_MEMORY_H

#include "CPNG.h"

/// zlib failed (not memory): `message` holds its text.
enum { CPNG_ERROR_ZLIB = 5 };

typedef struct cpng_band_encoder cpng_band_encoder;

/// The last image an encoder wrote.
typedef struct {
    /// The whole PNG file, owned by the encoder: valid until its next encode or free.
    const uint8_t *bytes;
    size_t length;
    /// Bands in the image, and how many of them were reused rather than compressed.
    uint32_t bands;
    uint32_t bands_reused;
} cpng_band_output;

/// The usual rows per band for an image `width` pixels wide: about 64 KiB of filtered rows, at
/// least one row. Depends only on the width and the output format, so every encoder cuts alike.
uint32_t cpng_band_rows(uint32_t width, cpng_output_format output);

/// The fewest rows a band holds (an eighth of cpng_band_rows, at least one), except the last.
uint32_t cpng_band_min_rows(uint32_t width, cpng_output_format output);

/// The most rows a band holds (twice cpng_band_rows): a run of equal rows is cut there.
uint32_t cpng_band_max_rows(uint32_t width, cpng_output_format output);

/// A new encoder at zlib `compression_level` (0...9), or NULL when out of memory or the
/// level is invalid (`status` says which). Not thread-safe: one per thread.
cpng_band_encoder *cpng_band_encoder_create(int compression_level, cpng_status *status);

void cpng_band_encoder_free(cpng_band_encoder *encoder);

/// The largest IDAT chunk the encoder writes (PNG allows 2^31 − 1 bytes); longer data is split
/// over several chunks. For tests.
void cpng_band_encoder_set_chunk_limit(cpng_band_encoder *encoder, uint32_t limit);

/// Encodes `source` as a PNG with no row filter in `output` format into memory, reusing the
/// compressed bands whose rows equal those of a band of the previous image of the same size
/// and formats, wherever they were, or of an earlier band of this image. Returns CPNG_OK and
/// fills `out`, or an error code with details in `status`.
int cpng_band_encode(cpng_band_encoder *encoder, const cpng_image_source *source, cpng_output_format output,
                     cpng_band_output *out, cpng_status *status);

/// cpng_band_encode with a hint: `changed_ranges` holds `range_count` pairs [y0, y1), sorted and
/// not overlapping, of the rows that may differ from the last image this encoder was given;
/// every other row must be byte-identical to that image's. NULL means unknown (every row may
/// have changed); a count of 0 with a non-NULL array, that none did. The hint only saves work
/// (unchanged rows are not hashed again, and a band at the same rows as one of that image's,
/// with none of its rows changed, is reused without comparing its pixels): the bytes are those
/// cpng_band_encode writes. It is ignored after a change of size or formats and after any
/// failure (the refused image may be the caller's last one). Unsorted or overlapping ranges, or
/// ranges beyond the image, are CPNG_ERROR_ARGUMENT.
int cpng_band_encode_changed(cpng_band_encoder *encoder, const cpng_image_source *source, cpng_output_format output,
                             const uint32_t *changed_ranges, uint32_t range_count, cpng_band_output *out,
                             cpng_status *status);

/// Encodes `source` with libpng exactly as cpng_write does, into a buffer allocated with malloc:
/// on CPNG_OK `*bytes` and `*length` hold the PNG (free `*bytes` with free()).
int cpng_write_memory(const cpng_image_source *source, const cpng_write_options *options,
                      uint8_t *row_buffer, size_t row_buffer_size, uint8_t **bytes, size_t *length,
                      cpng_status *status);

#endif
