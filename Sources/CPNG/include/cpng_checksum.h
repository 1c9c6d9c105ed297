// Adler-32 for the zlib stream's trailer: SSSE3 where the CPU has it, else SSE2 on x86-64
// (always present there), scalar elsewhere. A checksum has one right answer, so no path
// changes any byte.
#ifndef FLIPBOOK_CPNG_CHECKSUM_H
#define FLIPBOOK_CPNG_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/// zlib's adler32(adler, data, length); start from 1.
uint32_t cpng_adler32(uint32_t adler, const uint8_t *data, size_t length);

/// The scalar definition, for tests of the vector paths.
uint32_t cpng_adler32_scalar(uint32_t adler, const uint8_t *data, size_t length);

#if defined(__SSE2__)
/// The SSE2 path alone (what a CPU without SSSE3 runs), for tests.
uint32_t cpng_adler32_sse2(uint32_t adler, const uint8_t *data, size_t length);
#endif

#endif
