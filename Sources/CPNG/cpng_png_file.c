// PNG files assembled from pieces of deflate data. The IDAT chunk's CRC is joined from the
// pieces' CRCs with crc32_combine and the zlib stream's Adler-32 from theirs with
// adler32_combine, so a reused piece is never read again; data longer than a chunk may hold
// is split over several IDAT chunks (their data concatenated is the one zlib stream).
#include "cpng_png_file.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static int reserve(cpng_file_buffer *file, size_t length, cpng_status *status) {
    if (file->capacity >= length) return CPNG_OK;
    size_t capacity = file->capacity ? file->capacity : 1 << 16;
    while (capacity < length) capacity *= 2;
    uint8_t *grown = realloc(file->bytes, capacity);
    if (!grown) {
        status->code = CPNG_ERROR_NO_MEMORY;
        status->os_errno = 0;
        snprintf(status->message, sizeof status->message, "out of memory for the PNG");
        return status->code;
    }
    file->bytes = grown;
    file->capacity = capacity;
    return CPNG_OK;
}

static void append(cpng_file_buffer *file, const void *bytes, size_t length) {
    memcpy(file->bytes + file->length, bytes, length);
    file->length += length;
}

/// A whole chunk whose data is in hand.
static void append_chunk(cpng_file_buffer *file, const char *type, const uint8_t *data, uint32_t length) {
    uint8_t header[8];
    put32(header, length);
    memcpy(header + 4, type, 4);
    append(file, header, 8);
    if (length) append(file, data, length);
    uLong crc = crc32(crc32(0, Z_NULL, 0), header + 4, 4);
    if (length) crc = crc32(crc, data, length);
    uint8_t trailer[4];
    put32(trailer, (uint32_t)crc);
    append(file, trailer, 4);
}

/// IDAT data arrives in pieces; chunks are opened and closed as the limit requires.
typedef struct {
    cpng_file_buffer *file;
    uint32_t limit;         // the most data bytes a chunk holds
    size_t start;           // offset of the open chunk's length field
    uint32_t length;        // data bytes in the open chunk
    uLong crc;              // CRC of "IDAT" and the data so far
} idat_writer;

static void idat_open(idat_writer *w) {
    static const uint8_t header[8] = { 0, 0, 0, 0, 'I', 'D', 'A', 'T' };
    w->start = w->file->length;
    w->length = 0;
    w->crc = crc32(crc32(0, Z_NULL, 0), header + 4, 4);
    append(w->file, header, 8);
}

static void idat_close(idat_writer *w) {
    put32(w->file->bytes + w->start, w->length);
    uint8_t crc[4];
    put32(crc, (uint32_t)w->crc);
    append(w->file, crc, 4);
}

/// Appends `length` bytes whose CRC-32 is `crc` (known, so it is combined, not recomputed,
/// unless the piece straddles a chunk boundary).
static void idat_append(idat_writer *w, const uint8_t *bytes, size_t length, uLong crc) {
    if (length <= (size_t)(w->limit - w->length)) {
        append(w->file, bytes, length);
        w->crc = crc32_combine(w->crc, crc, (z_off_t)length);
        w->length += (uint32_t)length;
        return;
    }
    while (length > 0) {
        if (w->length == w->limit) {
            idat_close(w);
            idat_open(w);
        }
        size_t n = w->limit - w->length;
        if (n > length) n = length;
        append(w->file, bytes, n);
        w->crc = crc32(w->crc, bytes, (uInt)n);
        w->length += (uint32_t)n;
        bytes += n;
        length -= n;
    }
}

static void idat_append_small(idat_writer *w, const uint8_t *bytes, size_t length) {
    idat_append(w, bytes, length, crc32(crc32(0, Z_NULL, 0), bytes, (uInt)length));
}

/// The zlib header (RFC 1950): CM 8, a 32 KiB window, FLEVEL as zlib's own deflate sets it,
/// FCHECK making the pair a multiple of 31.
static void zlib_header(int level, uint8_t header[2]) {
    unsigned flevel = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
    unsigned value = (0x78u << 8) | (flevel << 6);
    value += (31 - value % 31) % 31;
    header[0] = (uint8_t)(value >> 8);
    header[1] = (uint8_t)value;
}

int cpng_assemble_png(cpng_file_buffer *file, uint32_t width, uint32_t height, cpng_output_format output,
                      int level, const cpng_deflate_piece *pieces, uint32_t count, uint32_t chunk_limit,
                      cpng_status *status) {
    size_t data = 2 + 2 + 4;
    for (uint32_t i = 0; i < count; i++) data += pieces[i].length;
    size_t chunks = data / chunk_limit + 1;
    if (reserve(file, 8 + 25 + data + 12 * chunks + 12, status) != CPNG_OK) return status->code;
    file->length = 0;

    static const uint8_t signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    append(file, signature, 8);
    uint8_t ihdr[13];
    put32(ihdr, width);
    put32(ihdr + 4, height);
    ihdr[8] = 8;                                    // bit depth
    ihdr[9] = output == CPNG_OUTPUT_RGB ? 2 : 6;    // colour type RGB / RGBA
    ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;       // deflate, adaptive filtering, no interlace
    append_chunk(file, "IHDR", ihdr, 13);

    idat_writer w = { .file = file, .limit = chunk_limit };
    idat_open(&w);
    uint8_t header[2];
    zlib_header(level, header);
    idat_append_small(&w, header, 2);
    uLong adler = adler32(0, Z_NULL, 0);
    for (uint32_t i = 0; i < count; i++) {
        idat_append(&w, pieces[i].bytes, pieces[i].length, pieces[i].crc);
        adler = adler32_combine(adler, pieces[i].adler, (z_off_t)pieces[i].raw_length);
    }
    uint8_t trailer[6] = { 0x03, 0x00 };  // an empty final block with fixed codes
    put32(trailer + 2, (uint32_t)adler);
    idat_append_small(&w, trailer, 6);
    idat_close(&w);
    append_chunk(file, "IEND", NULL, 0);
    return CPNG_OK;
}
