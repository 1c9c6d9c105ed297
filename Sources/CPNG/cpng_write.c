// PNG encoding with libpng's classic API. libpng reports errors by calling an error function
// that must not return; ours records the message and longjmps back to the setjmp in
// write_png, which tears libpng down and returns a status. Swift never sees a longjmp.
#include "CPNG.h"
#include "cpng_convert.h"

#include <errno.h>
#include <png.h>
#include <string.h>

typedef struct {
    FILE *file;
    cpng_status *status;
} write_context;

static void set_status(cpng_status *status, int code, int os_errno, const char *message) {
    status->code = code;
    status->os_errno = os_errno;
    snprintf(status->message, sizeof status->message, "%s", message ? message : "");
}

static void on_error(png_structp png, png_const_charp message) {
    write_context *context = png_get_error_ptr(png);
    if (context->status->code == CPNG_OK) {
        set_status(context->status, CPNG_ERROR_LIBPNG, 0, message);
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void on_write(png_structp png, png_bytep data, size_t length) {
    write_context *context = png_get_io_ptr(png);
    errno = 0;
    if (fwrite(data, 1, length, context->file) != length) {
        set_status(context->status, CPNG_ERROR_IO, errno ? errno : EIO, "write failed");
        png_error(png, "write failed");
    }
}

static void on_flush(png_structp png) {
    write_context *context = png_get_io_ptr(png);
    errno = 0;
    if (fflush(context->file) != 0) {
        set_status(context->status, CPNG_ERROR_IO, errno ? errno : EIO, "flush failed");
        png_error(png, "flush failed");
    }
}

size_t cpng_row_buffer_size(uint32_t width, cpng_output_format output) {
    return (size_t)width * (output == CPNG_OUTPUT_RGB ? 3 : 4);
}

static int write_png(FILE *file, const cpng_image_source *source, const cpng_write_options *options,
                     uint8_t *row_buffer, cpng_status *status) {
    write_context context = { file, status };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
    if (!png) {
        set_status(status, CPNG_ERROR_NO_MEMORY, 0, "png_create_write_struct failed");
        return status->code;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        set_status(status, CPNG_ERROR_NO_MEMORY, 0, "png_create_info_struct failed");
        return status->code;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return status->code != CPNG_OK ? status->code : CPNG_ERROR_LIBPNG;
    }
    png_set_write_fn(png, &context, on_write, on_flush);
    png_set_compression_level(png, options->compression_level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, options->filters);
    int color_type = options->output == CPNG_OUTPUT_RGB ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA;
    png_set_IHDR(png, info, source->width, source->height, 8, color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    for (uint32_t y = 0; y < source->height; y++) {
        cpng_convert_row(source, y, options->output, row_buffer);
        png_write_row(png, row_buffer);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return CPNG_OK;
}

static const char *invalid_argument(FILE *file, const cpng_image_source *source, const cpng_write_options *options,
                                    const uint8_t *row_buffer, size_t row_buffer_size) {
    if (!file || !source || !options || !row_buffer || !source->pixels) return "null argument";
    if (source->width == 0 || source->height == 0) return "empty image";
    if (source->width > PNG_USER_WIDTH_MAX || source->height > PNG_USER_HEIGHT_MAX) return "image too large for PNG";
    if (source->format != CPNG_SOURCE_ARGB32_PREMULTIPLIED && source->format != CPNG_SOURCE_RGBA8) return "unknown source format";
    if (options->output != CPNG_OUTPUT_RGB && options->output != CPNG_OUTPUT_RGBA) return "unknown output format";
    if (source->stride < (size_t)source->width * 4) return "stride shorter than a row";
    if (source->format == CPNG_SOURCE_ARGB32_PREMULTIPLIED &&
        (((uintptr_t)source->pixels % 4) != 0 || source->stride % 4 != 0)) return "ARGB32 pixels not 4-byte aligned";
    if (row_buffer_size < cpng_row_buffer_size(source->width, options->output)) return "row buffer too small";
    if (options->compression_level < 0 || options->compression_level > 9) return "compression level outside 0...9";
    if (options->filters == 0 || (options->filters & ~CPNG_FILTER_ALL) != 0) return "invalid filter bits";
    return NULL;
}

int cpng_write(FILE *file, const cpng_image_source *source, const cpng_write_options *options,
               uint8_t *row_buffer, size_t row_buffer_size, cpng_status *status) {
    set_status(status, CPNG_OK, 0, NULL);
    const char *problem = invalid_argument(file, source, options, row_buffer, row_buffer_size);
    if (problem) {
        set_status(status, CPNG_ERROR_ARGUMENT, 0, problem);
        return status->code;
    }
    return write_png(file, source, options, row_buffer, status);
}
