// Band-wise PNG encoding (see cpng_memory.h for the format argument).
//
// Splicing raw deflate streams: RFC 1951 lets any number of blocks follow one another, and
// each band ends with an empty stored block, so it stops on a byte boundary and none is final;
// after the last band one empty final block with fixed codes (bits 1, 01, then the 7-bit
// end-of-block code: bytes 03 00) ends the stream (cpng_png_file.c). A decoder's window does
// hold the earlier bands, but a band compressed from a fresh window never refers back to them.
//
// Bands are cut by content: a band ends after row y when rows y and y + 1 hash differently and
// a hash of the two says so (about one such edge in `target − min` rows), or when it reaches the most
// rows a band may hold. A cut depends on the rows beside it, not on where they are, so when
// content moves up or down (a scroll) its bands move with it, and a band of the previous image
// (or an earlier one of this image) with the same rows is found by its key (a hash of its rows'
// hashes), checked row by row against the filtered rows it keeps (those it was compressed from:
// equal filtered rows make equal bytes, so no copy of the source pixels is needed), and its
// compressed bytes are reused. Bands with the same rows share one kept copy and one piece.
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

/// The kept rows of a band: their filtered rows and their compressed bytes, shared by
/// every band of the previous and the current image with those rows (found by `key`), so a
/// band matched many times (say every all-background band) costs no copy. A slot no band
/// refers to is spare and recycled, buffers and all.
typedef struct {
    uint64_t key;
    uint32_t rows;
    uint32_t users;             // bands of the previous and the current image that hold it
    uint8_t *raw;               // the rows as the PNG has them: filter byte 0, then the pixels
    size_t raw_capacity;
    cpng_deflate_piece piece;
} kept_rows;

/// A band of the previous or the current image: rows [y0, y0 + rows), kept in slot `kept`.
typedef struct {
    uint32_t y0, rows;
    uint32_t kept;
} band;

typedef struct {
    band *items;
    uint32_t count, capacity;
} band_list;

struct cpng_band_encoder {
    int level;
    z_stream zs;
    cpng_deflater *own;         // flipbook's deflate, for level 1 (NULL at other levels: zlib)
    uint32_t chunk_limit;
    // The previous image's geometry; a different one drops its bands.
    uint32_t width, height;
    cpng_source_format format;
    cpng_output_format output;
    // Whether `previous` and `row_hashes` describe the last image encoded (what a hint of
    // changed rows is relative to): not before the first, after a change of geometry or a failure.
    int have_previous;
    band_list previous, current;
    kept_rows *kept;            // every slot made; those with users 0 are listed in `spare`
    uint32_t kept_count, kept_capacity;
    uint32_t *spare;
    uint32_t spare_count;
    uint64_t *row_hashes;       // the image's, one per row
    int32_t *table;             // kept slots by key (open addressing, −1 empty)
    uint32_t table_size, rows_capacity;
    uint8_t *row;               // one row of the image converted, for comparing with kept rows
    size_t row_capacity;
    cpng_deflate_piece *pieces; // the current bands' pieces, in order, for the file
    uint32_t pieces_capacity;
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

uint32_t cpng_band_min_rows(uint32_t width, cpng_output_format output) {
    uint32_t target = cpng_band_rows(width, output);
    return target / 8 > 0 ? target / 8 : 1;
}

uint32_t cpng_band_max_rows(uint32_t width, cpng_output_format output) {
    return 2 * cpng_band_rows(width, output);
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

void cpng_band_encoder_free(cpng_band_encoder *encoder) {
    if (!encoder) return;
    for (uint32_t i = 0; i < encoder->kept_count; i++) {
        free(encoder->kept[i].raw);
        free(encoder->kept[i].piece.bytes);
    }
    free(encoder->kept);
    free(encoder->spare);
    free(encoder->previous.items);
    free(encoder->current.items);
    free(encoder->row_hashes);
    free(encoder->table);
    free(encoder->row);
    free(encoder->pieces);
    free(encoder->file.bytes);
    deflateEnd(&encoder->zs);
    cpng_deflater_free(encoder->own);
    free(encoder);
}

void cpng_band_encoder_set_chunk_limit(cpng_band_encoder *encoder, uint32_t limit) {
    encoder->chunk_limit = limit == 0 ? 1 : (limit > PNG_CHUNK_LIMIT ? PNG_CHUNK_LIMIT : limit);
}

// ---- growing buffers ----------------------------------------------------------------------

static int grow(void **buffer, size_t *capacity, size_t needed, size_t size, cpng_status *status) {
    if (*capacity >= needed) return CPNG_OK;
    void *grown = realloc(*buffer, needed * size);
    if (!grown) return fail(status, CPNG_ERROR_NO_MEMORY, "out of memory for the band cache");
    *buffer = grown;
    *capacity = needed;
    return CPNG_OK;
}

static int grow_list(band_list *list, uint32_t needed, cpng_status *status) {
    if (list->capacity >= needed) return CPNG_OK;
    band *grown = realloc(list->items, (size_t)needed * sizeof *grown);
    if (!grown) return fail(status, CPNG_ERROR_NO_MEMORY, "out of memory for the band cache");
    memset(grown + list->capacity, 0, (size_t)(needed - list->capacity) * sizeof *grown);
    list->items = grown;
    list->capacity = needed;
    return CPNG_OK;
}

static int reserve_piece(cpng_deflate_piece *b, size_t needed, cpng_status *status) {
    return grow((void **)&b->bytes, &b->capacity, needed, 1, status);
}

/// Per-row arrays for an image `height` rows tall.
static int reserve_rows(cpng_band_encoder *encoder, uint32_t height, cpng_status *status) {
    if (encoder->rows_capacity >= height) return CPNG_OK;
    uint64_t *hashes = realloc(encoder->row_hashes, (size_t)height * sizeof *hashes);
    if (hashes) encoder->row_hashes = hashes;
    if (!hashes) return fail(status, CPNG_ERROR_NO_MEMORY, "out of memory for row hashes");
    encoder->rows_capacity = height;
    return CPNG_OK;
}

// ---- hashing and cutting -----------------------------------------------------------------

static inline uint64_t load64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/// MurmurHash3's finaliser: every input bit reaches every output bit.
static inline uint64_t mix(uint64_t h) {
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ull;
    h ^= h >> 33;
    return h;
}

/// A 64-bit hash of a row of `length` bytes that reads a quarter of it: in each 128 bytes the
/// 8-byte words at offsets 0, 40, 80 and 120 (staggered, so narrow vertical details still
/// land in some rows' samples), in four independent multiply chains, mixed at the end; a
/// shorter tail is read whole. Rows that differ only where it does not look hash alike: a
/// hash only places cuts and finds candidates, and every reuse is checked byte by byte.
static uint64_t hash_row(const uint8_t *p, size_t length) {
    const uint64_t m = 0x9E3779B97F4A7C15ull;
    uint64_t h0 = 1, h1 = 2, h2 = 3, h3 = 4;
    size_t k = 0;
    for (; k + 128 <= length; k += 128) {
        h0 = (h0 ^ load64(p + k)) * m;
        h1 = (h1 ^ load64(p + k + 40)) * m;
        h2 = (h2 ^ load64(p + k + 80)) * m;
        h3 = (h3 ^ load64(p + k + 120)) * m;
    }
    for (; k + 8 <= length; k += 8) h0 = (h0 ^ load64(p + k)) * m;
    uint64_t tail = 0;
    memcpy(&tail, p + k, length - k);
    h1 = (h1 ^ tail) * m;
    return mix(h0) ^ mix(h1 + 1) * 3 ^ mix(h2 + 2) * 5 ^ mix(h3 + 3) * 7 ^ length;
}

/// Cuts an image into bands (see the top of the file) as it hashes its rows, so that a band's
/// rows are still in the cache when they are compared and compressed (hashing the whole image
/// first would read every row from memory twice).
typedef struct {
    const cpng_image_source *source;
    uint64_t *hashes;
    // The hint, or NULL: rows outside its ranges keep the previous image's hashes.
    const uint32_t *ranges;
    uint32_t range_count, range;
    uint32_t hashed;            // rows [0, hashed) have this image's hashes
    uint32_t min_rows, max_rows, period;
} cutter;

static void hash_until(cutter *c, uint32_t y1) {
    const cpng_image_source *source = c->source;
    size_t length = (size_t)source->width * 4;
    for (uint32_t y = c->hashed; y < y1; y++) {
        if (c->ranges) {
            while (c->range < c->range_count && c->ranges[2 * c->range + 1] <= y) c->range++;
            if (c->range == c->range_count || c->ranges[2 * c->range] > y) continue;
        }
        c->hashes[y] = hash_row(source->pixels + (size_t)y * source->stride, length);
    }
    if (y1 > c->hashed) c->hashed = y1;
}

/// The end of the band that starts at row `start`, its rows hashed: after row y when rows y
/// and y + 1 differ and a hash of the two picks the edge (one in `period` rows), or at the
/// most rows a band holds, but never before the fewest.
static uint32_t next_cut(cutter *c, uint32_t start) {
    uint32_t height = c->source->height, end = height;
    for (uint32_t y = start; y + 1 < height; y++) {
        uint32_t rows = y + 1 - start;
        if (rows >= c->max_rows) {
            end = y + 1;
            break;
        }
        if (rows < c->min_rows) continue;
        hash_until(c, y + 2);
        uint64_t a = c->hashes[y], b = c->hashes[y + 1];
        if (a != b && mix(a * 3 + b) % c->period == 0) {
            end = y + 1;
            break;
        }
    }
    hash_until(c, end);
    return end;
}

static uint64_t band_key(const uint64_t *hashes, uint32_t rows) {
    uint64_t key = rows;
    for (uint32_t k = 0; k < rows; k++) key = mix(key ^ hashes[k]);
    return key;
}

// ---- kept rows --------------------------------------------------------------------------

/// A spare slot for a new band's rows (recycled, or new), or −1 when out of memory.
static int32_t take_spare(cpng_band_encoder *encoder, cpng_status *status) {
    if (encoder->spare_count > 0) return (int32_t)encoder->spare[--encoder->spare_count];
    if (encoder->kept_count == encoder->kept_capacity) {
        uint32_t capacity = encoder->kept_capacity ? 2 * encoder->kept_capacity : 64;
        kept_rows *kept = realloc(encoder->kept, (size_t)capacity * sizeof *kept);
        if (kept) encoder->kept = kept;
        uint32_t *spare = kept ? realloc(encoder->spare, (size_t)capacity * sizeof *spare) : NULL;
        if (spare) encoder->spare = spare;
        if (!kept || !spare) {
            fail(status, CPNG_ERROR_NO_MEMORY, "out of memory for the band cache");
            return -1;
        }
        memset(kept + encoder->kept_capacity, 0, (size_t)(capacity - encoder->kept_capacity) * sizeof *kept);
        encoder->kept_capacity = capacity;
    }
    return (int32_t)encoder->kept_count++;
}

/// Drops `list`'s hold on its slots: a slot no band holds any more becomes spare.
static void release(cpng_band_encoder *encoder, band_list *list) {
    for (uint32_t i = 0; i < list->count; i++) {
        uint32_t slot = list->items[i].kept;
        if (--encoder->kept[slot].users == 0) encoder->spare[encoder->spare_count++] = slot;
    }
    list->count = 0;
}

/// After a failure or a change of geometry: nothing kept is reused, and no hint trusted.
static void forget(cpng_band_encoder *encoder) {
    release(encoder, &encoder->previous);
    release(encoder, &encoder->current);
    encoder->have_previous = 0;
}

static void insert(cpng_band_encoder *encoder, uint32_t slot) {
    uint32_t mask = encoder->table_size - 1;
    uint32_t at = (uint32_t)encoder->kept[slot].key & mask;
    while (encoder->table[at] >= 0) at = (at + 1) & mask;
    encoder->table[at] = (int32_t)slot;
}

/// Indexes the slots in use by key, with room for `adding` more (the new bands of this image).
static int index_kept(cpng_band_encoder *encoder, uint32_t adding, cpng_status *status) {
    uint64_t needed = 2 * ((uint64_t)encoder->kept_count - encoder->spare_count + adding);
    if (needed > 1u << 30) return fail(status, CPNG_ERROR_NO_MEMORY, "too many bands for the band table");
    uint32_t size = 16;
    while (size < needed) size *= 2;
    if (encoder->table_size < size) {
        int32_t *table = realloc(encoder->table, (size_t)size * sizeof *table);
        if (!table) return fail(status, CPNG_ERROR_NO_MEMORY, "out of memory for the band table");
        encoder->table = table;
    }
    encoder->table_size = size;
    memset(encoder->table, 0xFF, (size_t)size * sizeof *encoder->table);
    for (uint32_t i = 0; i < encoder->kept_count; i++) {
        if (encoder->kept[i].users > 0) insert(encoder, i);
    }
    return CPNG_OK;
}

/// Whether the kept filtered rows equal rows [y0, y0 + rows) of `source` once converted.
static int same_rows(cpng_band_encoder *encoder, const uint8_t *kept, const cpng_image_source *source,
                     cpng_output_format output, uint32_t y0, uint32_t rows) {
    size_t row_bytes = filtered_row_bytes(source->width, output);
    if (source->format == CPNG_SOURCE_ARGB32_PREMULTIPLIED) {
        for (uint32_t y = 0; y < rows; y++) {
            const uint32_t *row = (const uint32_t *)(const void *)(source->pixels + (size_t)(y0 + y) * source->stride);
            const uint8_t *to = kept + y * row_bytes + 1;
            if (!(output == CPNG_OUTPUT_RGB ? cpng_argb32_equals_rgb(row, source->width, to)
                                            : cpng_argb32_equals_rgba(row, source->width, to))) return 0;
        }
        return 1;
    }
    for (uint32_t y = 0; y < rows; y++) {
        cpng_convert_row(source, y0 + y, output, encoder->row);
        if (memcmp(kept + y * row_bytes + 1, encoder->row, row_bytes - 1) != 0) return 0;
    }
    return 1;
}

/// The slot holding exactly these rows (kept from the previous image, or made for an earlier
/// band of this one), or −1.
static int32_t find_kept(cpng_band_encoder *encoder, uint64_t key, const cpng_image_source *source,
                         cpng_output_format output, uint32_t y0, uint32_t rows) {
    uint32_t mask = encoder->table_size - 1;
    for (uint32_t at = (uint32_t)key & mask; encoder->table[at] >= 0; at = (at + 1) & mask) {
        const kept_rows *k = &encoder->kept[encoder->table[at]];
        if (k->key == key && k->rows == rows && same_rows(encoder, k->raw, source, output, y0, rows)) return encoder->table[at];
    }
    return -1;
}

// ---- compressing ---------------------------------------------------------------------------

/// Deflates the filtered rows `raw` into `b` with flipbook's deflate.
static int compress_band_own(cpng_band_encoder *encoder, const kept_rows *k, cpng_deflate_piece *b,
                             cpng_output_format output, size_t row_bytes, cpng_status *status) {
    // Room for the largest band the slot's rows can hold, for the reason fill() gives.
    if (b->capacity < cpng_deflate_bound(b->raw_length) &&
        reserve_piece(b, cpng_deflate_bound(k->raw_capacity), status) != CPNG_OK) return status->code;
    const uint8_t *raw = k->raw;
    size_t pixel_bytes = output == CPNG_OUTPUT_RGB ? 3 : 4;
    b->length = cpng_deflate_band(encoder->own, raw, b->raw_length, row_bytes, pixel_bytes, b->bytes);
    b->crc = crc32(crc32(0, Z_NULL, 0), b->bytes, (uInt)b->length);
    return CPNG_OK;
}

/// Converts rows [y0, y0 + k->rows) into slot `k`'s filtered rows and deflates them into its
/// piece from a fresh window.
static int fill(cpng_band_encoder *encoder, kept_rows *k, const cpng_image_source *source, cpng_output_format output,
                uint32_t y0, cpng_status *status) {
    size_t row_bytes = filtered_row_bytes(source->width, output);
    // A slot is made for the largest band at once: bands differ in rows from image to image,
    // and growing a recycled slot band by band would move its buffer to fresh pages each time.
    size_t most = row_bytes * (k->rows > cpng_band_max_rows(source->width, output) ? k->rows : cpng_band_max_rows(source->width, output));
    if (k->raw_capacity < row_bytes * k->rows &&
        grow((void **)&k->raw, &k->raw_capacity, most, 1, status) != CPNG_OK) return status->code;
    uint8_t *raw = k->raw;
    for (uint32_t y = y0; y < y0 + k->rows; y++, raw += row_bytes) {
        raw[0] = 0;  // filter type None
        cpng_convert_row(source, y, output, raw + 1);
    }
    cpng_deflate_piece *b = &k->piece;
    b->raw_length = row_bytes * k->rows;
    b->adler = cpng_adler32(1, k->raw, b->raw_length);
    if (encoder->own) return compress_band_own(encoder, k, b, output, row_bytes, status);

    z_stream *zs = &encoder->zs;
    if (deflateReset(zs) != Z_OK) return fail(status, CPNG_ERROR_ZLIB, "deflateReset failed");
    // The bound covers the whole band in one call, plus the sync flush's empty stored block.
    if (reserve_piece(b, deflateBound(zs, (uLong)b->raw_length) + 16, status) != CPNG_OK) return status->code;
    zs->next_in = k->raw;
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

/// Drops the previous image's bands when `source` differs from it in size or formats.
static void match_geometry(cpng_band_encoder *encoder, const cpng_image_source *source, cpng_output_format output) {
    if (encoder->width == source->width && encoder->height == source->height && encoder->format == source->format &&
        encoder->output == output) return;
    forget(encoder);
    encoder->width = source->width;
    encoder->height = source->height;
    encoder->format = source->format;
    encoder->output = output;
}

/// Why `ranges` is not a valid hint for an image `height` rows tall, or NULL.
static const char *invalid_ranges(const uint32_t *ranges, uint32_t count, uint32_t height) {
    uint32_t end = 0;
    for (uint32_t r = 0; r < count; r++) {
        if (ranges[2 * r] < end || ranges[2 * r + 1] < ranges[2 * r]) return "changed rows not sorted ranges";
        end = ranges[2 * r + 1];
        if (end > height) return "changed rows beyond the image";
    }
    return NULL;
}

/// With a hint, the slot of the previous band at exactly rows [y0, y1) when none of them
/// changed: its pixels are these, so no comparison is needed. Else −1. `range` and `at` are
/// cursors into the ranges and the previous bands, moved forward as the bands go down.
static int32_t unchanged_band(const cpng_band_encoder *encoder, const uint32_t *ranges, uint32_t count, uint32_t y0,
                              uint32_t y1, uint32_t *range, uint32_t *at) {
    while (*range < count && ranges[2 * *range + 1] <= y0) (*range)++;
    if (*range < count && ranges[2 * *range] < y1) return -1;
    const band_list *previous = &encoder->previous;
    while (*at < previous->count && previous->items[*at].y0 < y0) (*at)++;
    if (*at == previous->count) return -1;
    const band *b = &previous->items[*at];
    return b->y0 == y0 && b->rows == y1 - y0 ? (int32_t)b->kept : -1;
}

int cpng_band_encode(cpng_band_encoder *encoder, const cpng_image_source *source, cpng_output_format output,
                     cpng_band_output *out, cpng_status *status) {
    return cpng_band_encode_changed(encoder, source, output, NULL, 0, out, status);
}

int cpng_band_encode_changed(cpng_band_encoder *encoder, const cpng_image_source *source, cpng_output_format output,
                             const uint32_t *changed_ranges, uint32_t range_count, cpng_band_output *out,
                             cpng_status *status) {
    fail(status, CPNG_OK, NULL);
    const char *problem = invalid_argument(encoder, source, output, out);
    if (!problem && changed_ranges) problem = invalid_ranges(changed_ranges, range_count, source->height);
    if (problem) {
        // The caller may count the refused image as the last one: hints after it are not trusted.
        if (encoder) forget(encoder);
        return fail(status, CPNG_ERROR_ARGUMENT, problem);
    }
    size_t row_capacity = encoder->row_capacity;
    if (reserve_rows(encoder, source->height, status) != CPNG_OK ||
        grow((void **)&encoder->row, &row_capacity, cpng_row_buffer_size(source->width, output), 1, status) != CPNG_OK) {
        forget(encoder);
        return status->code;
    }
    encoder->row_capacity = row_capacity;
    match_geometry(encoder, source, output);
    // A hint is relative to the last image encoded; without one every row may have changed.
    const uint32_t *ranges = encoder->have_previous ? changed_ranges : NULL;

    uint64_t *hashes = encoder->row_hashes;
    uint32_t target = cpng_band_rows(source->width, output), min_rows = cpng_band_min_rows(source->width, output);
    cutter c = { .source = source, .hashes = hashes, .ranges = ranges, .range_count = range_count,
                 .min_rows = min_rows, .max_rows = cpng_band_max_rows(source->width, output),
                 .period = target > min_rows ? target - min_rows : 1 };
    // Every band but the last holds at least min_rows rows.
    uint32_t most = source->height / min_rows + 1;
    size_t pieces_capacity = encoder->pieces_capacity;
    if (grow_list(&encoder->current, most, status) != CPNG_OK ||
        grow((void **)&encoder->pieces, &pieces_capacity, most, sizeof *encoder->pieces, status) != CPNG_OK ||
        index_kept(encoder, most, status) != CPNG_OK) {
        forget(encoder);
        return status->code;
    }
    encoder->pieces_capacity = (uint32_t)pieces_capacity;

    uint32_t reused = 0, count = 0, range = 0, at = 0;
    for (uint32_t y0 = 0, y1; y0 < source->height; y0 = y1) {
        uint32_t i = count++;
        y1 = next_cut(&c, y0);
        uint32_t rows = y1 - y0;
        int32_t slot = ranges ? unchanged_band(encoder, ranges, range_count, y0, y1, &range, &at) : -1;
        uint64_t key = band_key(hashes + y0, rows);
        if (slot < 0) slot = find_kept(encoder, key, source, output, y0, rows);
        if (slot >= 0) {
            reused++;
        } else {
            slot = take_spare(encoder, status);
            if (slot < 0) {
                forget(encoder);
                return status->code;
            }
            kept_rows *k = &encoder->kept[slot];
            k->key = key;
            k->rows = rows;
            if (fill(encoder, k, source, output, y0, status) != CPNG_OK) {
                // The slot's bytes are incomplete: it goes back, and every band is forgotten.
                encoder->spare[encoder->spare_count++] = (uint32_t)slot;
                forget(encoder);
                return status->code;
            }
            insert(encoder, (uint32_t)slot);
        }
        encoder->kept[slot].users++;
        encoder->current.items[i] = (band){ .y0 = y0, .rows = rows, .kept = (uint32_t)slot };
        encoder->current.count = i + 1;
        encoder->pieces[i] = encoder->kept[slot].piece;
    }
    release(encoder, &encoder->previous);
    band_list done = encoder->current;
    encoder->current = encoder->previous;
    encoder->previous = done;
    encoder->have_previous = 1;
    if (cpng_assemble_png(&encoder->file, source->width, source->height, output, encoder->level, encoder->pieces,
                          count, encoder->chunk_limit, status) != CPNG_OK) return status->code;
    out->bytes = encoder->file.bytes;
    out->length = encoder->file.length;
    out->bands = count;
    out->bands_reused = reused;
    return CPNG_OK;
}
