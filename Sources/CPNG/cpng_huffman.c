// Length-limited Huffman codes (see cpng_huffman.h). The lengths come from the two-queue
// Huffman construction over symbols sorted by frequency; a code deeper than the limit is
// flattened as miniz does (counts per length moved up until the Kraft sum is exactly 1),
// then the lengths are dealt out again, the longest to the rarest symbols.
#include "cpng_huffman.h"

#include <string.h>

enum { MAX_SYMBOLS = 286, DEEPEST = 32 };

typedef struct {
    uint32_t freq;
    uint16_t symbol;
} leaf;

/// Sorts by frequency, keeping symbol order among equals (the leaves arrive in symbol
/// order): a stable least significant digit radix sort, 8 bits a pass, as many passes as the
/// largest frequency needs.
static void sort_leaves(leaf *leaves, int count) {
    leaf other[MAX_SYMBOLS];
    uint32_t largest = 0;
    for (int k = 0; k < count; k++) largest |= leaves[k].freq;
    leaf *from = leaves, *to = other;
    for (int shift = 0; shift < 32 && (largest >> shift) != 0; shift += 8) {
        uint32_t start[257] = { 0 };
        for (int k = 0; k < count; k++) start[((from[k].freq >> shift) & 0xFF) + 1]++;
        for (int b = 0; b < 256; b++) start[b + 1] += start[b];
        for (int k = 0; k < count; k++) to[start[(from[k].freq >> shift) & 0xFF]++] = from[k];
        leaf *swap = from; from = to; to = swap;
    }
    if (from != leaves) memcpy(leaves, from, (size_t)count * sizeof *leaves);
}

void cpng_huffman_lengths(const uint32_t *freq, int count, int limit, uint8_t *lengths) {
    leaf leaves[MAX_SYMBOLS];
    int used = 0;
    for (int s = 0; s < count; s++) {
        lengths[s] = 0;
        if (freq[s]) leaves[used++] = (leaf){ freq[s], (uint16_t)s };
    }
    if (used < 2) {
        // One or no symbol: two codes of one bit, the used one and the lowest other.
        int first = used ? leaves[0].symbol : 0;
        int second = first == 0 ? 1 : 0;
        lengths[first] = 1;
        lengths[second] = 1;
        return;
    }
    sort_leaves(leaves, used);

    // Two queues: the sorted leaves, and the internal nodes in the order they are made (their
    // weights never decrease). Node k < used is leaf k.
    uint64_t weight[2 * MAX_SYMBOLS];
    uint16_t parent[2 * MAX_SYMBOLS];
    for (int k = 0; k < used; k++) weight[k] = leaves[k].freq;
    int next_leaf = 0, next_inner = used, made = used;
    while (made < 2 * used - 1) {
        int pick[2];
        for (int j = 0; j < 2; j++) {
            if (next_leaf < used && (next_inner >= made || weight[next_leaf] <= weight[next_inner])) {
                pick[j] = next_leaf++;
            } else {
                pick[j] = next_inner++;
            }
        }
        weight[made] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = (uint16_t)made;
        made++;
    }
    uint16_t depth[2 * MAX_SYMBOLS];
    depth[made - 1] = 0;
    uint32_t per_length[DEEPEST + 1] = { 0 };
    for (int k = made - 2; k >= 0; k--) {
        depth[k] = (uint16_t)(depth[parent[k]] + 1);
        if (k < used) per_length[depth[k] > DEEPEST ? DEEPEST : depth[k]]++;
    }

    // Flatten to the limit: fold deeper codes into it, then while the code is over-full take
    // one code off the limit and split the deepest shorter one.
    for (int l = limit + 1; l <= DEEPEST; l++) {
        per_length[limit] += per_length[l];
        per_length[l] = 0;
    }
    uint64_t kraft = 0;
    for (int l = 1; l <= limit; l++) kraft += (uint64_t)per_length[l] << (limit - l);
    while (kraft > (1ull << limit)) {
        per_length[limit]--;
        for (int l = limit - 1; l > 0; l--) {
            if (per_length[l]) {
                per_length[l]--;
                per_length[l + 1] += 2;
                break;
            }
        }
        kraft--;
    }
    int k = 0;
    for (int l = limit; l >= 1; l--) {
        for (uint32_t n = 0; n < per_length[l]; n++) lengths[leaves[k++].symbol] = (uint8_t)l;
    }
}

void cpng_huffman_codes(const uint8_t *lengths, int count, uint16_t *codes) {
    uint32_t per_length[16] = { 0 };
    for (int s = 0; s < count; s++) per_length[lengths[s]]++;
    per_length[0] = 0;
    uint32_t next[16];
    uint32_t code = 0;
    for (int l = 1; l < 16; l++) {
        code = (code + per_length[l - 1]) << 1;
        next[l] = code;
    }
    for (int s = 0; s < count; s++) {
        uint32_t l = lengths[s];
        if (!l) {
            codes[s] = 0;
            continue;
        }
        uint32_t c = next[l]++;
        c = (c & 0x5555) << 1 | (c >> 1 & 0x5555);
        c = (c & 0x3333) << 2 | (c >> 2 & 0x3333);
        c = (c & 0x0F0F) << 4 | (c >> 4 & 0x0F0F);
        c = (c & 0x00FF) << 8 | (c >> 8 & 0x00FF);
        codes[s] = (uint16_t)(c >> (16 - l));   // the low l bits, reversed
    }
}

static const uint8_t CODE_LENGTH_ORDER[CPNG_CODE_LENGTH_CODES] = {
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
};
static const uint8_t EXTRA_BITS[CPNG_CODE_LENGTH_CODES] = { [16] = 2, [17] = 3, [18] = 7 };

static void add(cpng_huffman_header *h, uint32_t symbol, uint32_t extra) {
    h->symbols[h->symbol_count++] = (uint16_t)(symbol | extra << 8);
}

/// Run-length codes `n` lengths: 16 repeats the previous length 3-6 times, 17 and 18 send
/// runs of 3-10 and 11-138 zeros.
static void run_length_code(const uint8_t *seq, uint32_t n, cpng_huffman_header *h) {
    uint32_t i = 0;
    while (i < n) {
        uint8_t v = seq[i];
        uint32_t run = 1;
        while (i + run < n && seq[i + run] == v) run++;
        i += run;
        if (v == 0) {
            while (run >= 11) {
                uint32_t r = run > 138 ? 138 : run;
                add(h, 18, r - 11);
                run -= r;
            }
            if (run >= 3) {
                add(h, 17, run - 3);
                run = 0;
            }
        } else {
            add(h, v, 0);
            run--;
            while (run >= 3) {
                uint32_t r = run > 6 ? 6 : run;
                add(h, 16, r - 3);
                run -= r;
            }
        }
        while (run-- > 0) add(h, v, 0);
    }
}

void cpng_huffman_plan_header(const uint8_t *litlen, const uint8_t *dist, cpng_huffman_header *h) {
    h->hlit = 286;
    while (h->hlit > 257 && litlen[h->hlit - 1] == 0) h->hlit--;
    h->hdist = 30;
    while (h->hdist > 1 && dist[h->hdist - 1] == 0) h->hdist--;
    uint8_t seq[CPNG_MAX_HEADER_SYMBOLS];
    memcpy(seq, litlen, h->hlit);
    memcpy(seq + h->hlit, dist, h->hdist);
    h->symbol_count = 0;
    run_length_code(seq, h->hlit + h->hdist, h);

    uint32_t freq[CPNG_CODE_LENGTH_CODES] = { 0 };
    for (uint32_t k = 0; k < h->symbol_count; k++) freq[h->symbols[k] & 0xFF]++;
    cpng_huffman_lengths(freq, CPNG_CODE_LENGTH_CODES, 7, h->lengths);
    cpng_huffman_codes(h->lengths, CPNG_CODE_LENGTH_CODES, h->codes);
    h->hclen = CPNG_CODE_LENGTH_CODES;
    while (h->hclen > 4 && h->lengths[CODE_LENGTH_ORDER[h->hclen - 1]] == 0) h->hclen--;
    h->bits = 5 + 5 + 4 + 3 * h->hclen;
    for (uint32_t k = 0; k < h->symbol_count; k++) {
        uint32_t s = h->symbols[k] & 0xFF;
        h->bits += h->lengths[s] + EXTRA_BITS[s];
    }
}

void cpng_huffman_put_header(const cpng_huffman_header *h, cpng_bit_writer *w) {
    cpng_put_bits(w, h->hlit - 257, 5);
    cpng_put_bits(w, h->hdist - 1, 5);
    cpng_put_bits(w, h->hclen - 4, 4);
    for (uint32_t k = 0; k < h->hclen; k++) cpng_put_bits(w, h->lengths[CODE_LENGTH_ORDER[k]], 3);
    for (uint32_t k = 0; k < h->symbol_count; k++) {
        uint32_t s = h->symbols[k] & 0xFF, extra = h->symbols[k] >> 8;
        cpng_put_bits(w, h->codes[s] | extra << h->lengths[s], h->lengths[s] + EXTRA_BITS[s]);
    }
}
