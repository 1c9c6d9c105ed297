// libpng into memory through a stdio memory stream, so cpng_write's error handling is reused.
#define _GNU_SOURCE
#include "cpng_memory.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int cpng_write_memory(const cpng_image_source *source, const cpng_write_options *options,
                      uint8_t *row_buffer, size_t row_buffer_size, uint8_t **bytes, size_t *length,
                      cpng_status *status) {
    char *buffer = NULL;
    size_t size = 0;
    *bytes = NULL;
    *length = 0;
    errno = 0;
    FILE *stream = open_memstream(&buffer, &size);
    if (!stream) {
        status->code = CPNG_ERROR_NO_MEMORY;
        status->os_errno = errno;
        snprintf(status->message, sizeof status->message, "open_memstream failed");
        return status->code;
    }
    int code = cpng_write(stream, source, options, row_buffer, row_buffer_size, status);
    if (fclose(stream) != 0 && code == CPNG_OK) {
        status->code = code = CPNG_ERROR_NO_MEMORY;
        status->os_errno = errno;
        snprintf(status->message, sizeof status->message, "memory stream failed");
    }
    if (code != CPNG_OK) {
        free(buffer);
        return code;
    }
    *bytes = (uint8_t *)buffer;
    *length = size;
    return CPNG_OK;
}
