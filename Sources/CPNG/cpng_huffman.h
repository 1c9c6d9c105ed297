// Huffman codes for deflate's dynamic blocks (private to CPNG): length-limited code lengths
// from symbol counts, canonical codes, and the block header that transmits the lengths.
// Every step breaks ties by symbol number, so the codes depend only on the counts.
#ifndef FLIPBOOK_CPNG_HUFFMAN_H
#define FLIPBOOK_CPNG_HUFFMAN_H

#include "cpng_bits.h"

#include <stdint.h>

enum { CPNG_CODE_LENGTH_CODES = 19, CPNG_MAX_HEADER_SYMBOLS = 286 + 30 };

/// A dynamic block's header: the code lengths run-length coded (RFC 1951 §3.2.7).
typedef struct {
    uint32_t hlit, hdist, hclen;                    // literal/length codes, distance codes, code-length codes sent
    uint16_t symbols[CPNG_MAX_HEADER_SYMBOLS];      // code-length symbol | its extra bits' value << 8
    uint32_t symbol_count;
    uint8_t lengths[CPNG_CODE_LENGTH_CODES];        // of the code-length code
    uint16_t codes[CPNG_CODE_LENGTH_CODES];
    uint32_t bits;                                  // the header's size after the 3-bit block type
} cpng_huffman_header;

/// Code lengths (0 for unused symbols, at most `limit`) for `count` symbols with frequencies
/// `freq`, as short as a Huffman code's when the limit allows. At least two symbols get a
/// length, as zlib's inflate and pkzip want, even when fewer are used.
void cpng_huffman_lengths(const uint32_t *freq, int count, int limit, uint8_t *lengths);

/// Canonical codes for `lengths`, bit-reversed for writing least significant bit first.
void cpng_huffman_codes(const uint8_t *lengths, int count, uint16_t *codes);

/// Plans the header sending literal/length lengths `litlen` (286) and distance lengths `dist` (30).
void cpng_huffman_plan_header(const uint8_t *litlen, const uint8_t *dist, cpng_huffman_header *header);

/// Writes a planned header: HLIT, HDIST, HCLEN, the code-length code, the lengths.
void cpng_huffman_put_header(const cpng_huffman_header *header, cpng_bit_writer *w);

#endif
