// PNG decoding with libpng's simplified API (png_image), which handles libpng errors itself
// and reports them in image.message: no setjmp needed here.
#include "CPNG.h"

#include <errno.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

static int fail(cpng_status *status, int code, int os_errno, const char *message) {
    status->code = code;
    status->os_errno = os_errno;
    snprintf(status->message, sizeof status->message, "%s", message ? message : "");
    return code;
}

int cpng_read_file(const char *path, uint64_t max_pixels, cpng_decoded *out, cpng_status *status) {
    fail(status, CPNG_OK, 0, NULL);
    if (!path || !out) return fail(status, CPNG_ERROR_ARGUMENT, 0, "null argument");
    memset(out, 0, sizeof *out);

    errno = 0;
    FILE *file = fopen(path, "rb");
    if (!file) return fail(status, CPNG_ERROR_IO, errno ? errno : EIO, "open failed");

    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_stdio(&image, file)) {
        fclose(file);
        return fail(status, CPNG_ERROR_LIBPNG, 0, image.message);
    }
    if (max_pixels != 0 && (uint64_t)image.width * image.height > max_pixels) {
        out->width = image.width;
        out->height = image.height;
        png_image_free(&image);
        fclose(file);
        return fail(status, CPNG_ERROR_TOO_LARGE, 0, "image too large");
    }
    int has_alpha = (image.format & PNG_FORMAT_FLAG_ALPHA) != 0;
    int is_color = (image.format & PNG_FORMAT_FLAG_COLOR) != 0;
    image.format = PNG_FORMAT_RGBA;
    size_t size = PNG_IMAGE_SIZE(image);
    uint8_t *buffer = malloc(size);
    if (!buffer) {
        png_image_free(&image);
        fclose(file);
        return fail(status, CPNG_ERROR_NO_MEMORY, 0, "out of memory");
    }
    if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        free(buffer);
        fclose(file);
        return fail(status, CPNG_ERROR_LIBPNG, 0, image.message);
    }
    fclose(file);
    out->width = image.width;
    out->height = image.height;
    out->has_alpha = has_alpha;
    out->is_color = is_color;
    out->rgba = buffer;
    return CPNG_OK;
}

void cpng_decoded_free(cpng_decoded *decoded) {
    if (!decoded) return;
    free(decoded->rgba);
    decoded->rgba = NULL;
}
