#include "CJPEG.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    int warned;     // libjpeg's "premature end of data" is only a warning; we treat it as an error
    char message[JMSG_LENGTH_MAX];
} error_manager;

static void on_error(j_common_ptr info) {
    error_manager *manager = (error_manager *)info->err;
    (*info->err->format_message)(info, manager->message);
    longjmp(manager->jump, 1);
}

static void on_message(j_common_ptr info, int level) {
    error_manager *manager = (error_manager *)info->err;
    if (level < 0 && !manager->warned) {  // a warning: corrupt or truncated data
        manager->warned = 1;
        (*info->err->format_message)(info, manager->message);
    }
}

static int fail(cjpeg_status *status, int code, int os_errno, const char *message) {
    status->code = code;
    status->os_errno = os_errno;
    snprintf(status->message, sizeof status->message, "%s", message ? message : "");
    return code;
}

int cjpeg_read_file(const char *path, uint64_t max_pixels, cjpeg_decoded *out, cjpeg_status *status) {
    fail(status, CJPEG_OK, 0, NULL);
    memset(out, 0, sizeof *out);
    errno = 0;
    FILE *file = fopen(path, "rb");
    if (!file) return fail(status, CJPEG_ERROR_IO, errno ? errno : EIO, "open failed");

    struct jpeg_decompress_struct info;
    error_manager manager;
    memset(&manager, 0, sizeof manager);
    info.err = jpeg_std_error(&manager.base);
    manager.base.error_exit = on_error;
    manager.base.emit_message = on_message;
    // Volatile: changed between setjmp and a longjmp back to it.
    uint8_t *volatile rgb = NULL;
    uint8_t *volatile rgba = NULL;
    if (setjmp(manager.jump)) {
        jpeg_destroy_decompress(&info);
        fclose(file);
        free(rgb);
        free(rgba);
        return fail(status, CJPEG_ERROR_DECODE, 0, manager.message);
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    jpeg_read_header(&info, TRUE);
    if (max_pixels != 0 && (uint64_t)info.image_width * info.image_height > max_pixels) {
        out->width = info.image_width;
        out->height = info.image_height;
        jpeg_destroy_decompress(&info);
        fclose(file);
        return fail(status, CJPEG_ERROR_TOO_LARGE, 0, "image too large");
    }
    info.out_color_space = JCS_RGB;
    jpeg_start_decompress(&info);
    size_t width = info.output_width, height = info.output_height;
    rgb = malloc(width * 3);
    rgba = malloc(width * height * 4);
    if (!rgb || !rgba) {
        jpeg_destroy_decompress(&info);
        fclose(file);
        free(rgb);
        free(rgba);
        return fail(status, CJPEG_ERROR_NO_MEMORY, 0, "out of memory");
    }
    while (info.output_scanline < info.output_height) {
        size_t y = info.output_scanline;
        JSAMPROW row = rgb;
        jpeg_read_scanlines(&info, &row, 1);
        uint8_t *target = rgba + y * width * 4;
        for (size_t x = 0; x < width; x++) {
            target[4 * x] = rgb[3 * x];
            target[4 * x + 1] = rgb[3 * x + 1];
            target[4 * x + 2] = rgb[3 * x + 2];
            target[4 * x + 3] = 255;
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    fclose(file);
    free(rgb);
    if (manager.warned) {
        free(rgba);
        return fail(status, CJPEG_ERROR_DECODE, 0, manager.message);
    }
    out->width = (uint32_t)width;
    out->height = (uint32_t)height;
    out->rgba = rgba;
    return CJPEG_OK;
}

void cjpeg_decoded_free(cjpeg_decoded *decoded) {
    if (!decoded) return;
    free(decoded->rgba);
    decoded->rgba = NULL;
}
