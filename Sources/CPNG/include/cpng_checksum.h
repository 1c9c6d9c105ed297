// Adler-32 for the zlib stream's trailer: SSE2 on x86-64 (always present
// there), scalar elsewhere. A checksum has one right answer, so no path changes any byte.
#ifndef FLIPBOOK_CPNG_CHECKSUM_H
#define FLIPBOOK_CPNG_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/// zlib's adler32(adler, data, length); start from 1.
uint32_t cpng_adler32(uint32_t adler, const uint8_t *data, size_t length);

/// The scalar definition, for tests of the vector path.
uint32_t cpng_adler32_scalar(uint32_t adler, const uint8_t *data, size_t length);

#endif
