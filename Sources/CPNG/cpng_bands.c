// Band-wise PNG encoding with zlib (see cpng_memory.h for the format argument).
//
// Splicing raw deflate streams: RFC 1951 lets any number of blocks follow one another, and a
// sync flush ends a band with an empty stored block, so each band stops on a byte boundary and
// none is final; after the last band one empty final block with fixed codes (bits 1, 01, then
// the 7-bit end-of-block code: bytes 03 00) ends the stream (cpng_png_file.c). A decoder's
// window does hold the earlier bands, but a band compressed from a fresh deflateReset never
// refers back to them.
#include "cpng_memory.h"
#include "cpng_checksum.h"
#include "cpng_convert.h"
#include "cpng_deflate.h"
#include "cpng_png_file.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

// Band size: smaller bands are reused more finely but each starts with an empty window. For
// the Skype frames at scale 3 (3,511-byte rows) 64 KiB bands make files as small as libpng's
// one stream (75.7 against 75.4 KB a frame) and encode fastest; 8 KiB bands cost 33% in size.
enum { BAND_TARGET_BYTES = 64 * 1024, PNG_CHUNK_LIMIT = 0x7FFFFFFF };

// Level 1, the export's "fast", uses flipbook's own deflate (cpng_deflate.h): on scale-3 frames
// it is about twice as fast as zlib's level 1 and its files are smaller. Other levels use zlib.
enum { OWN_DEFLATE_LEVEL = 1 };

struct cpng_band_encoder {
    int level;
    z_stream zs;
    cpng_deflater *own;         // flipbook's deflate, for level 1 (NULL at other levels: zlib)
    uint32_t chunk_limit;
    // The cached image's geometry; a different one invalidates every band.
    uint32_t width, height, band_rows, band_count;
    cpng_source_format format;
    cpng_output_format output;
    cpng_deflate_piece *bands;  // each band's rows, deflated
    uint8_t *valid;             // whether a band's piece matches its rows in `previous`
    uint8_t *previous;          // the last image's source rows, width * 4 bytes each, packed
    uint8_t *raw;               // one band's filtered rows
    cpng_file_buffer file;      // the PNG being assembled
};

static int fail(cpng_status *status, int code, const char *message) {
    status->code = code;
    status->os_errno = 0;
    snprintf(status->message, sizeof status->message, "%s", message ? message : "");
    return code;
}

static size_t filtered_row_bytes(uint32_t width, cpng_output_format output) {
    return 1 + cpng_row_buffer_size(width, output);
}

uint32_t cpng_band_rows(uint32_t width, cpng_output_format output) {
    size_t rows = BAND_TARGET_BYTES / filtered_row_bytes(width, output);
    return rows > 0 ? (uint32_t)rows : 1;
}

cpng_band_encoder *cpng_band_encoder_create(int compression_level, cpng_status *status) {
    fail(status, CPNG_OK, NULL);
    if (compression_level < 0 || compression_level > 9) {
        fail(status, CPNG_ERROR_ARGUMENT, "compression level outside 0...9");
        return NULL;
    }
    cpng_band_encoder *encoder = calloc(1, sizeof *encoder);
    if (!encoder) {
        fail(status, CPNG_ERROR_NO_MEMORY, "out of memory");
        return NULL;
    }
    // Raw deflate (negative window bits): the zlib header and checksum are written here.
    if (deflateInit2(&encoder->zs, compression_level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        free(encoder);
        fail(status, CPNG_ERROR_NO_MEMORY, "deflateInit2 failed");
        return NULL;
    }
    if (compression_level == OWN_DEFLATE_LEVEL && !(encoder->own = cpng_deflater_create())) {
        deflateEnd(&encoder->zs);
        free(encoder);
        fail(status, CPNG_ERROR_NO_MEMORY, "out of memory");
        return NULL;
    }
    encoder->level = compression_level;
    encoder->chunk_limit = PNG_CHUNK_LIMIT;
    return encoder;
}

static void free_bands(cpng_band_encoder *encoder) {
    for (uint32_t i = 0; i < encoder->band_count; i++) free(encoder->bands[i].bytes);
    free(encoder->bands);
    free(encoder->valid);
    free(encoder->previous);
    free(encoder->raw);
    encoder->bands = NULL;
    encoder->valid = NULL;
    encoder->previous = NULL;
    encoder->raw = NULL;
    encoder->band_count = 0;
    encoder->width = encoder->height = 0;
}

void cpng_band_encoder_free(cpng_band_encoder *encoder) {
    if (!encoder) return;
    free_bands(encoder);
    free(encoder->file.bytes);
    deflateEnd(&encoder->zs);
    cpng_deflater_free(encoder->own);
    free(encoder);
}

void cpng_band_encoder_set_chunk_limit(cpng_band_encoder *encoder, uint32_t limit) {
    encoder->chunk_limit = limit == 0 ? 1 : (limit > PNG_CHUNK_LIMIT ? PNG_CHUNK_LIMIT : limit);
}

/// Makes the cache fit `source`: a new geometry or format drops every band.
static int prepare(cpng_band_encoder *encoder, const cpng_image_source *source, cpng_output_format output,
                   cpng_status *status) {
    if (encoder->bands && encoder->width == source->width && encoder->height == source->height &&
        encoder->format == source->format && encoder->output == output) return CPNG_OK;
    free_bands(encoder);
    uint32_t rows = cpng_band_rows(source->width, output);
    uint32_t count = (source->height + rows - 1) / rows;
    encoder->bands = calloc(count, sizeof *encoder->bands);
    encoder->valid = calloc(count, 1);
    encoder->previous = malloc((size_t)source->width * 4 * source->height);
    encoder->raw = malloc(filtered_row_bytes(source->width, output) * rows);
    encoder->band_count = encoder->bands ? count : 0;
    if (!encoder->bands || !encoder->valid || !encoder->previous || !encoder->raw) {
        free_bands(encoder);
        return fail(status, CPNG_ERROR_NO_MEMORY, "out of memory for the band cache");
    }
    encoder->band_rows = rows;
    encoder->width = source->width;
    encoder->height = source->height;
    encoder->format = source->format;
    encoder->output = output;
    return CPNG_OK;
}

/// Whether rows [y0, y1) of `source` equal the kept rows; copies them over when they differ.
static int rows_unchanged_else_keep(cpng_band_encoder *encoder, const cpng_image_source *source,
                                    uint32_t y0, uint32_t y1, int compare) {
    size_t row_bytes = (size_t)source->width * 4;
    uint32_t y = y0;
    if (compare) {
        while (y < y1 && memcmp(source->pixels + (size_t)y * source->stride,
                                encoder->previous + (size_t)y * row_bytes, row_bytes) == 0) y++;
        if (y == y1) return 1;
    }
    for (; y < y1; y++) {
        memcpy(encoder->previous + (size_t)y * row_bytes, source->pixels + (size_t)y * source->stride, row_bytes);
    }
    return 0;
}

static int reserve_piece(cpng_deflate_piece *b, size_t needed, cpng_status *status) {
    if (b->capacity >= needed) return CPNG_OK;
    uint8_t *grown = realloc(b->bytes, needed);
    if (!grown) return fail(status, CPNG_ERROR_NO_MEMORY, "out of memory for a band");
    b->bytes = grown;
    b->capacity = needed;
    return CPNG_OK;
}

/// Deflates the band's filtered rows in `encoder->raw` into `b` with flipbook's deflate.
static int compress_band_own(cpng_band_encoder *encoder, cpng_deflate_piece *b, cpng_output_format output,
                             size_t row_bytes, cpng_status *status) {
    if (reserve_piece(b, cpng_deflate_bound(b->raw_length), status) != CPNG_OK) return status->code;
    size_t pixel_bytes = output == CPNG_OUTPUT_RGB ? 3 : 4;
    b->length = cpng_deflate_band(encoder->own, encoder->raw, b->raw_length, row_bytes, pixel_bytes, b->bytes);
    b->crc = crc32(crc32(0, Z_NULL, 0), b->bytes, (uInt)b->length);
    return CPNG_OK;
}

/// Deflates rows [y0, y1) into `b` from a fresh stream.
static int compress_band(cpng_band_encoder *encoder, cpng_deflate_piece *b, const cpng_image_source *source,
                         cpng_output_format output, uint32_t y0, uint32_t y1, cpng_status *status) {
    size_t row_bytes = filtered_row_bytes(source->width, output);
    uint8_t *raw = encoder->raw;
    for (uint32_t y = y0; y < y1; y++, raw += row_bytes) {
        raw[0] = 0;  // filter type None
        cpng_convert_row(source, y, output, raw + 1);
    }
    b->raw_length = row_bytes * (y1 - y0);
    b->adler = cpng_adler32(1, encoder->raw, b->raw_length);
    if (encoder->own) return compress_band_own(encoder, b, output, row_bytes, status);

    z_stream *zs = &encoder->zs;
    if (deflateReset(zs) != Z_OK) return fail(status, CPNG_ERROR_ZLIB, "deflateReset failed");
    // The bound covers the whole band in one call, plus the sync flush's empty stored block.
    if (reserve_piece(b, deflateBound(zs, (uLong)b->raw_length) + 16, status) != CPNG_OK) return status->code;
    zs->next_in = encoder->raw;
    zs->avail_in = (uInt)b->raw_length;
    zs->next_out = b->bytes;
    zs->avail_out = (uInt)b->capacity;
    int result = deflate(zs, Z_SYNC_FLUSH);
    if (result != Z_OK || zs->avail_in != 0 || zs->avail_out == 0) {
        return fail(status, CPNG_ERROR_ZLIB, zs->msg ? zs->msg : "deflate did not finish the band");
    }
    b->length = b->capacity - zs->avail_out;
    b->crc = crc32(crc32(0, Z_NULL, 0), b->bytes, (uInt)b->length);
    return CPNG_OK;
}

// ---- the entry point --------------------------------------------------------------------

static const char *invalid_argument(const cpng_band_encoder *encoder, const cpng_image_source *source,
                                    cpng_output_format output, const cpng_band_output *out) {
    if (!encoder || !source || !out || !source->pixels) return "null argument";
    if (source->width == 0 || source->height == 0) return "empty image";
    if (source->width > 0x7FFFFFFF / 4 || source->height > 0x7FFFFFFF) return "image too large for PNG";
    if (source->format != CPNG_SOURCE_ARGB32_PREMULTIPLIED && source->format != CPNG_SOURCE_RGBA8) return "unknown source format";
    if (output != CPNG_OUTPUT_RGB && output != CPNG_OUTPUT_RGBA) return "unknown output format";
    if (source->stride < (size_t)source->width * 4) return "stride shorter than a row";
    if (source->format == CPNG_SOURCE_ARGB32_PREMULTIPLIED &&
        (((uintptr_t)source->pixels % 4) != 0 || source->stride % 4 != 0)) return "ARGB32 pixels not 4-byte aligned";
    return NULL;
}

int cpng_band_encode(cpng_band_encoder *encoder, const cpng_image_source *source, cpng_output_format output,
                     cpng_band_output *out, cpng_status *status) {
    fail(status, CPNG_OK, NULL);
    const char *problem = invalid_argument(encoder, source, output, out);
    if (problem) return fail(status, CPNG_ERROR_ARGUMENT, problem);
    if (prepare(encoder, source, output, status) != CPNG_OK) return status->code;

    uint32_t reused = 0;
    for (uint32_t i = 0; i < encoder->band_count; i++) {
        uint32_t y0 = i * encoder->band_rows;
        uint32_t y1 = y0 + encoder->band_rows < source->height ? y0 + encoder->band_rows : source->height;
        if (rows_unchanged_else_keep(encoder, source, y0, y1, encoder->valid[i])) {
            reused++;
            continue;
        }
        encoder->valid[i] = 0;
        if (compress_band(encoder, &encoder->bands[i], source, output, y0, y1, status) != CPNG_OK) return status->code;
        encoder->valid[i] = 1;
    }
    if (cpng_assemble_png(&encoder->file, encoder->width, encoder->height, output, encoder->level, encoder->bands,
                          encoder->band_count, encoder->chunk_limit, status) != CPNG_OK) return status->code;
    out->bytes = encoder->file.bytes;
    out->length = encoder->file.length;
    out->bands = encoder->band_count;
    out->bands_reused = reused;
    return CPNG_OK;
}
