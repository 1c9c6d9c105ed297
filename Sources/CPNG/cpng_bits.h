// Writing deflate's bit stream, least significant bit first (private to CPNG).
#ifndef FLIPBOOK_CPNG_BITS_H
#define FLIPBOOK_CPNG_BITS_H

#include <stdint.h>

typedef struct {
    uint8_t *out;       // the next byte to write
    uint64_t buffer;    // bits not yet written, the oldest lowest
    uint32_t count;     // bits in `buffer`, < 32 between calls
} cpng_bit_writer;

/// Appends the low `n` (≤ 32) bits of `bits`, least significant first.
static inline void cpng_put_bits(cpng_bit_writer *w, uint32_t bits, uint32_t n) {
    w->buffer |= (uint64_t)bits << w->count;
    w->count += n;
    if (w->count >= 32) {
        uint32_t word = (uint32_t)w->buffer;
        w->out[0] = (uint8_t)word; w->out[1] = (uint8_t)(word >> 8);
        w->out[2] = (uint8_t)(word >> 16); w->out[3] = (uint8_t)(word >> 24);
        w->out += 4;
        w->buffer >>= 32;
        w->count -= 32;
    }
}

/// Pads with zero bits to a byte boundary and writes out every whole byte.
static inline void cpng_align(cpng_bit_writer *w) {
    while (w->count > 0) {
        *w->out++ = (uint8_t)w->buffer;
        w->buffer >>= 8;
        w->count = w->count > 8 ? w->count - 8 : 0;
    }
    w->buffer = 0;
}

#endif
