// flipbook's deflate encoder (RFC 1951); see cpng_deflate.h. Only integer arithmetic and
// fixed iteration orders: the output is a function of the input bytes alone.
#include "cpng_deflate.h"
#include "cpng_bits.h"
#include "cpng_huffman.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
    HASH_BITS = 14,             // 16,384 entries (64 KiB): a 64 KiB band's positions fit well
    GOOD_ENOUGH = 32,           // a match this long from the left or above skips the hash
    WINDOW = 32768,             // deflate's largest distance
    MIN_MATCH = 4,              // matches are found by comparing 4 bytes
    MAX_MATCH = 258,
    SEGMENT = 1 << 17,          // input bytes per block (a whole band): one symbol each at most
    LITLEN_CODES = 286,
    DIST_CODES = 30,
    END_OF_BLOCK = 256,
    // A symbol is a literal byte, or MATCH_FLAG | length code − 257 | the length's extra bits'
    // value << 5 | distance code << 10 | the distance's extra bits' value << 15.
    MATCH_FLAG = 1u << 31,
};

static const uint8_t LENGTH_EXTRA[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const uint8_t DISTANCE_EXTRA[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };

struct cpng_deflater {
    // base + position of the last 4-byte sequence with each hash; entries below `base` belong
    // to earlier bands and are ignored, so the table is cleared only when `base` wraps.
    uint32_t head[1 << HASH_BITS];
    uint32_t base;
    uint32_t symbols[SEGMENT];
    uint32_t symbol_count;
    // The symbols' counts, and the extra bits their matches carry.
    uint32_t litlen_freq[LITLEN_CODES], dist_freq[DIST_CODES];
    uint64_t extra_bits;
};

cpng_deflater *cpng_deflater_create(void) {
    cpng_deflater *d = malloc(sizeof(cpng_deflater));
    if (d) {
        memset(d->head, 0, sizeof d->head);
        d->base = 1;
    }
    return d;
}

void cpng_deflater_free(cpng_deflater *deflater) { free(deflater); }

size_t cpng_deflate_bound(size_t length) {
    // Worst case stored blocks: 5 bytes per SEGMENT (a block holds at most 65,535 bytes, so
    // two per segment), the closing empty stored block (3 bits, padding, 4 bytes), slack.
    return length + 10 * (length / SEGMENT + 1) + 16;
}

// ---- reading input ----------------------------------------------------------------------

static inline uint32_t load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline uint64_t load64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static inline uint32_t hash4(uint32_t v) { return (v * 2654435761u) >> (32 - HASH_BITS); }

/// Bytes equal at `a` and `b`, at most `limit`. (A length has one right answer: the SSE2
/// loop, 32 bytes a step, only finds it sooner.)
static inline uint32_t match_length(const uint8_t *a, const uint8_t *b, uint32_t limit) {
    uint32_t n = 0;
#if defined(__SSE2__)
    while (n + 32 <= limit) {
        __m128i x0 = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(a + n)),
                                    _mm_loadu_si128((const __m128i *)(const void *)(b + n)));
        __m128i x1 = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(a + n + 16)),
                                    _mm_loadu_si128((const __m128i *)(const void *)(b + n + 16)));
        uint32_t equal = (uint32_t)_mm_movemask_epi8(x0) | (uint32_t)_mm_movemask_epi8(x1) << 16;
        if (equal != 0xFFFFFFFFu) return n + (uint32_t)__builtin_ctz(~equal);
        n += 32;
    }
#endif
    while (n + 8 <= limit) {
        uint64_t diff = load64(a + n) ^ load64(b + n);
        if (diff) return n + (uint32_t)(__builtin_ctzll(diff) >> 3);
        n += 8;
    }
    while (n < limit && a[n] == b[n]) n++;
    return n;
}

// ---- symbols to codes -------------------------------------------------------------------

/// Length 3...258 as length − 3: its code (257...285), extra bits and their value.
static inline void length_code(uint32_t l, uint32_t *code, uint32_t *bits, uint32_t *extra) {
    if (l < 8) {
        *code = 257 + l; *bits = 0; *extra = 0;
    } else if (l == 255) {
        *code = 285; *bits = 0; *extra = 0;
    } else {
        uint32_t nb = 31 - (uint32_t)__builtin_clz(l);   // 3...7
        uint32_t top = (l >> (nb - 2)) & 3;
        *code = 257 + 4 * (nb - 1) + top;
        *bits = nb - 2;
        *extra = l - ((4 + top) << (nb - 2));
    }
}

/// Distance 1...32768 as distance − 1: its code (0...29), extra bits and their value.
static inline void distance_code(uint32_t d, uint32_t *code, uint32_t *bits, uint32_t *extra) {
    if (d < 4) {
        *code = d; *bits = 0; *extra = 0;
    } else {
        uint32_t nb = 31 - (uint32_t)__builtin_clz(d);   // 2...14
        uint32_t top = (d >> (nb - 1)) & 1;
        *code = 2 * nb + top;
        *bits = nb - 1;
        *extra = d - ((2 + top) << (nb - 1));
    }
}

static void put_stored(cpng_bit_writer *w, const uint8_t *data, size_t length) {
    do {
        uint32_t n = length > 65535 ? 65535 : (uint32_t)length;
        cpng_put_bits(w, 0, 3);      // not final, stored
        cpng_align(w);
        w->out[0] = (uint8_t)n; w->out[1] = (uint8_t)(n >> 8);
        w->out[2] = (uint8_t)~n; w->out[3] = (uint8_t)(~n >> 8);
        memcpy(w->out + 4, data, n);
        w->out += 4 + n;
        data += n;
        length -= n;
    } while (length > 0);
}

// ---- LZ77 -------------------------------------------------------------------------------

/// Greedy parse of data[start, end) (earlier bytes of `data` form the window) into symbols.
static void parse(cpng_deflater *d, const uint8_t *data, size_t start, size_t end, size_t row_bytes,
                  size_t pixel_bytes) {
    uint32_t *symbols = d->symbols;
    uint32_t count = 0;
    const uint32_t base = d->base;
    uint32_t *litlen_freq = d->litlen_freq, *dist_freq = d->dist_freq;
    memset(litlen_freq, 0, sizeof d->litlen_freq);
    memset(dist_freq, 0, sizeof d->dist_freq);
    uint64_t extra_bits = 0;
    uint32_t misses = 0;
    size_t i = start;
    // Positions with 4 bytes to read; the last 3 bytes are literals.
    size_t last = end >= MIN_MATCH ? end - MIN_MATCH + 1 : 0;
    while (i < last) {
        const uint8_t *p = data + i;
        uint32_t here = load32(p);
        uint32_t limit = end - i < MAX_MATCH ? (uint32_t)(end - i) : MAX_MATCH;
        uint32_t best = 0, best_distance = 0;
        if (i >= pixel_bytes && load32(p - pixel_bytes) == here) {
            best = match_length(p - pixel_bytes, p, limit);
            best_distance = (uint32_t)pixel_bytes;
        }
        if (best < limit && row_bytes <= WINDOW && i >= row_bytes && load32(p - row_bytes) == here) {
            uint32_t n = match_length(p - row_bytes, p, limit);
            if (n > best) { best = n; best_distance = (uint32_t)row_bytes; }
        }
        if (best < GOOD_ENOUGH) {
            uint32_t h = hash4(here);
            uint32_t candidate = d->head[h];
            d->head[h] = base + (uint32_t)i;
            if (candidate >= base && base + i - candidate <= WINDOW && load32(data + (candidate - base)) == here) {
                uint32_t distance = (uint32_t)(base + i - candidate);
                if (distance != best_distance) {
                    uint32_t n = match_length(data + (candidate - base), p, limit);
                    if (n > best) { best = n; best_distance = distance; }
                }
            }
        }
        if (best >= MIN_MATCH) {
            uint32_t lc, lb, lv, dc, db, dv;
            length_code(best - 3, &lc, &lb, &lv);
            distance_code(best_distance - 1, &dc, &db, &dv);
            symbols[count++] = MATCH_FLAG | (lc - 257) | lv << 5 | dc << 10 | dv << 15;
            litlen_freq[lc]++;
            dist_freq[dc]++;
            extra_bits += lb + db;
            i += best;
            // Keep the table current at the match's end, where the next search starts.
            if (i - 1 < last) d->head[hash4(load32(data + i - 1))] = base + (uint32_t)(i - 1);
            misses = 0;
        } else {
            // In incompressible runs (photos) step over bytes faster, as LZ4 does: after every
            // 32 positions in a row without a match, one more byte a step goes out as a literal.
            size_t step = 1 + (misses++ >> 5);
            if (step > last - i) step = last - i;
            for (size_t k = 0; k < step; k++) {
                litlen_freq[p[k]]++;
                symbols[count++] = p[k];
            }
            i += step;
        }
    }
    for (; i < end; i++) {
        litlen_freq[data[i]]++;
        symbols[count++] = data[i];
    }
    litlen_freq[END_OF_BLOCK] = 1;
    d->symbol_count = count;
    d->extra_bits = extra_bits;
}

// ---- one block --------------------------------------------------------------------------

typedef struct {
    uint8_t litlen_len[LITLEN_CODES], dist_len[DIST_CODES];
    uint16_t litlen_code[LITLEN_CODES], dist_code[DIST_CODES];
} block_codes;

static void put_symbols(cpng_bit_writer *w, const uint32_t *symbols, uint32_t count, const block_codes *c) {
    for (uint32_t k = 0; k < count; k++) {
        uint32_t s = symbols[k];
        if (!(s & MATCH_FLAG)) {
            cpng_put_bits(w, c->litlen_code[s], c->litlen_len[s]);
            continue;
        }
        uint32_t lc = 257 + (s & 31), lv = (s >> 5) & 31, dc = (s >> 10) & 31, dv = (s >> 15) & 0x1FFF;
        cpng_put_bits(w, c->litlen_code[lc] | lv << c->litlen_len[lc], c->litlen_len[lc] + LENGTH_EXTRA[lc - 257]);
        cpng_put_bits(w, c->dist_code[dc] | dv << c->dist_len[dc], c->dist_len[dc] + DISTANCE_EXTRA[dc]);
    }
    cpng_put_bits(w, c->litlen_code[END_OF_BLOCK], c->litlen_len[END_OF_BLOCK]);
}

/// Writes data[start, end), parsed into d->symbols, as one dynamic Huffman block, or as stored
/// blocks when those are smaller.
static void put_block(cpng_bit_writer *w, cpng_deflater *d, const uint8_t *data, size_t start, size_t end) {
    block_codes c;
    cpng_huffman_lengths(d->litlen_freq, LITLEN_CODES, 15, c.litlen_len);
    cpng_huffman_lengths(d->dist_freq, DIST_CODES, 15, c.dist_len);
    cpng_huffman_header header;
    cpng_huffman_plan_header(c.litlen_len, c.dist_len, &header);
    uint64_t bits = 3 + header.bits + d->extra_bits;
    for (int k = 0; k < LITLEN_CODES; k++) bits += (uint64_t)d->litlen_freq[k] * c.litlen_len[k];
    for (int k = 0; k < DIST_CODES; k++) bits += (uint64_t)d->dist_freq[k] * c.dist_len[k];
    size_t length = end - start;
    uint64_t stored_bits = 8 * ((uint64_t)length + 5 * (length / 65535 + 1)) + 7;
    if (bits >= stored_bits) {
        put_stored(w, data + start, length);
        return;
    }
    cpng_huffman_codes(c.litlen_len, LITLEN_CODES, c.litlen_code);
    cpng_huffman_codes(c.dist_len, DIST_CODES, c.dist_code);
    cpng_put_bits(w, 2 << 1, 3);     // not final, dynamic Huffman
    cpng_huffman_put_header(&header, w);
    put_symbols(w, d->symbols, d->symbol_count, &c);
}

size_t cpng_deflate_band(cpng_deflater *d, const uint8_t *data, size_t length, size_t row_bytes,
                         size_t pixel_bytes, uint8_t *out) {
    // A fresh window: positions of this call count from a new base above every stored entry.
    if (length > UINT32_MAX / 2 || d->base > UINT32_MAX / 2 - length) {
        memset(d->head, 0, sizeof d->head);
        d->base = 1;
    }
    if (row_bytes == 0) row_bytes = WINDOW + 1;     // no row above to try
    if (pixel_bytes == 0 || pixel_bytes > 8) pixel_bytes = 1;
    cpng_bit_writer w = { out, 0, 0 };
    for (size_t start = 0; start < length; start += SEGMENT) {
        size_t end = length - start > SEGMENT ? start + SEGMENT : length;
        parse(d, data, start, end, row_bytes, pixel_bytes);
        put_block(&w, d, data, start, end);
    }
    d->base += (uint32_t)length + 1;
    cpng_put_bits(&w, 0, 3);         // an empty stored block ends the band on a byte boundary
    cpng_align(&w);
    w.out[0] = 0; w.out[1] = 0; w.out[2] = 0xFF; w.out[3] = 0xFF;
    return (size_t)(w.out + 4 - out);
}
